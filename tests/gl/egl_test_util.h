/* SPDX-License-Identifier: MIT */
/*
 * The EGL suites are ordinary applications: they link Debian's libEGL and
 * libGLESv2 (libglvnd) and reach virtgl only through the vendor JSON. Before
 * any EGL call, egl_test_main points libglvnd at the build tree's JSON and,
 * unless VIRTGL_TRANSPORT=drm (the VM), starts a private virgl_test_server.
 */
#pragma once

#include <check.h>
#include <stdbool.h>
#include <sys/types.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

/* Runs the suite (CK_VERBOSE); argv[1] == "--child NAME" runs a registered
 * child instead (see egl_test_run_child). */
int egl_test_main(int argc, char **argv, Suite *(*make_suite)(void));

/* Runs `name` in a fresh process (this program re-executed) with only the
 * environment given (NULL-terminated "K=V" strings; PATH is kept); returns
 * its exit status, or -1 if it did not exit normally. */
int egl_test_run_child(const char *name, const char *const *env);
/* Children register here: a child returns its exit status. */
struct egl_test_child {
	const char *name;
	int (*fn)(void);
};
extern const struct egl_test_child egl_test_children[];

/* The vendor JSON the suites use. */
const char *egl_test_json(void);
bool egl_test_on_drm(void);
/* The private virgl_test_server's main process (0 on DRM): the process
 * serving a client is its child (the server forks one per connection). */
pid_t egl_test_server_pid(void);

/* The surfaceless display, initialised (asserted). */
EGLDisplay egl_test_display(void);
/* The single-sampled config with these sizes (asserted to exist); of
 * several, the one with the most stencil bits (depth 24: stencil 8). */
EGLConfig egl_test_config(EGLDisplay dpy, EGLint red, EGLint alpha, EGLint depth);
EGLContext egl_test_context(EGLDisplay dpy, EGLConfig config, EGLint major);
EGLSurface egl_test_pbuffer(EGLDisplay dpy, EGLConfig config, EGLint w, EGLint h);
/* A context + w x h pbuffer made current (RGBA8888, depth 24/stencil 8). */
void egl_test_make_current(EGLDisplay dpy, EGLint major, EGLint w, EGLint h);
/* Checked-fixture teardown: release, terminate both displays, release the
 * thread, so suites also run in one process (CK_FORK=no, valgrind). */
void egl_test_teardown(void);
/* virtgl's device (eglQueryDevicesEXT; only our JSON is loaded), or
 * EGL_NO_DEVICE_EXT. */
EGLDeviceEXT egl_test_device(void);
EGLint egl_test_config_attrib(EGLDisplay dpy, EGLConfig config, EGLint attribute);
bool egl_test_has_extension(const char *list, const char *name);

/* var = eglGetProcAddress(name), asserted. */
#define EGL_TEST_GET_PROC(var, name) \
	do { \
		var = (__typeof__(var))eglGetProcAddress(name); \
		ck_assert_msg(var != NULL, name); \
	} while (0)

/* A shader of that type, compiled (asserted). */
unsigned egl_test_shader(unsigned type, const char *src);
/* A program of two GLSL sources with attribute 0 bound to attrib (may be
 * NULL), compiled and linked (asserted), made current. */
unsigned egl_test_program(const char *vs, const char *fs, const char *attrib);

#define ck_assert_egl_error(expected) ck_assert_int_eq(eglGetError(), (expected))
