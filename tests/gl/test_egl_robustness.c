/* SPDX-License-Identifier: MIT */
/*
 * KHR_robustness / EXT_robustness and EGL_EXT_create_context_robustness
 * through libglvnd, and what happens when the host goes away: a
 * virgl_test_server killed (seen at once through the socket) or stopped
 * (seen within heartbeat + VIRTGL_HOST_TIMEOUT_MS). The host-loss cases start
 * their own server, which they kill; the VM (transport drm) cannot lose its
 * host on purpose and runs the rest.
 */
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "egl_test_util.h"
#include "vtest_fixture.h"

/* the stalled-host bound the host-loss cases run with */
#define HOST_TIMEOUT_MS 1000
/* what a stall may take: a heartbeat (1 s), the timeout, and slack */
#define STALL_BOUND_S (1.0 + HOST_TIMEOUT_MS / 1000.0 + 2.0)

static EGLDisplay dpy;
static struct vtest_fixture own;
static PFNGLGETGRAPHICSRESETSTATUSKHRPROC reset_status;
static PFNGLREADNPIXELSKHRPROC readn_pixels;
static PFNGLREADNPIXELSEXTPROC readn_pixels_ext;
static PFNGLGETNUNIFORMFVKHRPROC getn_uniformfv;
static PFNGLGETNUNIFORMIVEXTPROC getn_uniformiv_ext;
static PFNGLGETNUNIFORMUIVKHRPROC getn_uniformuiv;
static PFNEGLCREATESYNCKHRPROC create_sync;
static PFNEGLCLIENTWAITSYNCKHRPROC client_wait;
static PFNEGLWAITSYNCKHRPROC wait_sync;
static PFNEGLDUPNATIVEFENCEFDANDROIDPROC dup_fence_fd;

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void load_procs(void)
{
	EGL_TEST_GET_PROC(reset_status, "glGetGraphicsResetStatusKHR");
	EGL_TEST_GET_PROC(readn_pixels, "glReadnPixelsKHR");
	EGL_TEST_GET_PROC(readn_pixels_ext, "glReadnPixelsEXT");
	EGL_TEST_GET_PROC(getn_uniformfv, "glGetnUniformfvKHR");
	EGL_TEST_GET_PROC(getn_uniformiv_ext, "glGetnUniformivEXT");
	EGL_TEST_GET_PROC(getn_uniformuiv, "glGetnUniformuivKHR");
	EGL_TEST_GET_PROC(create_sync, "eglCreateSyncKHR");
	EGL_TEST_GET_PROC(client_wait, "eglClientWaitSyncKHR");
	EGL_TEST_GET_PROC(wait_sync, "eglWaitSyncKHR");
	EGL_TEST_GET_PROC(dup_fence_fd, "eglDupNativeFenceFDANDROID");
}

static void setup(void)
{
	dpy = egl_test_display();
	load_procs();
}

/* A server of this test's own, which it may kill or stop. */
static void setup_own_host(void)
{
	char ms[16];

	/* the server renders with the host's EGL: not with ours */
	unsetenv("__EGL_VENDOR_LIBRARY_FILENAMES");
	ck_assert_int_eq(vtest_fixture_start(&own), 0);
	setenv("__EGL_VENDOR_LIBRARY_FILENAMES", egl_test_json(), 1);
	setenv("VIRTGL_VTEST_SOCKET", own.socket, 1);
	snprintf(ms, sizeof(ms), "%d", HOST_TIMEOUT_MS);
	setenv("VIRTGL_HOST_TIMEOUT_MS", ms, 1);
	setup();
}

static void teardown_own_host(void)
{
	egl_test_teardown();
	vtest_fixture_stop(&own);
}

/* A context (ES 3.0) on a w x h pbuffer, made current; lose: its reset
 * notification strategy is LOSE_CONTEXT_ON_RESET. */
static void make_current(bool lose, EGLint w, EGLint h)
{
	const EGLint attribs[] = { EGL_CONTEXT_MAJOR_VERSION, 3,
				   EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT,
				   lose ? EGL_LOSE_CONTEXT_ON_RESET_EXT
					: EGL_NO_RESET_NOTIFICATION_EXT, EGL_NONE };
	EGLConfig config = egl_test_config(dpy, 8, 8, 24);
	EGLContext ctx;
	EGLSurface s = egl_test_pbuffer(dpy, config, w, h);

	ck_assert_int_eq(eglBindAPI(EGL_OPENGL_ES_API), EGL_TRUE);
	ctx = eglCreateContext(dpy, config, EGL_NO_CONTEXT, attribs);
	ck_assert_msg(ctx != EGL_NO_CONTEXT, "eglCreateContext: 0x%x", eglGetError());
	ck_assert(eglMakeCurrent(dpy, s, s, ctx));
}

static GLint get_int(GLenum pname)
{
	GLint v = -1;

	glGetIntegerv(pname, &v);
	return v;
}

static void clear_to(float r, float g, float b)
{
	glClearColor(r, g, b, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
}

/* ---- the API on a live host ---------------------------------------------------------------- */

START_TEST(strategy_and_status_before_any_loss)
{
	const char *ext;

	make_current(true, 16, 16);
	ext = (const char *)glGetString(GL_EXTENSIONS);
	ck_assert(egl_test_has_extension(ext, "GL_KHR_robustness"));
	ck_assert(egl_test_has_extension(ext, "GL_EXT_robustness"));
	ck_assert_int_eq(get_int(GL_RESET_NOTIFICATION_STRATEGY_KHR), GL_LOSE_CONTEXT_ON_RESET_KHR);
	ck_assert_int_eq(get_int(GL_CONTEXT_ROBUST_ACCESS_KHR), GL_FALSE);
	ck_assert_int_eq(reset_status(), GL_NO_ERROR);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	make_current(false, 16, 16);
	ck_assert_int_eq(get_int(GL_RESET_NOTIFICATION_STRATEGY_KHR), GL_NO_RESET_NOTIFICATION_KHR);
	ck_assert_int_eq(reset_status(), GL_NO_ERROR);
}
END_TEST

START_TEST(readn_pixels_checks_buf_size)
{
	uint8_t px[2 * 8 * 4];

	make_current(true, 16, 16);
	clear_to(0.0f, 1.0f, 0.0f);
	memset(px, 0x55, sizeof(px));
	readn_pixels(0, 0, 4, 2, GL_RGBA, GL_UNSIGNED_BYTE, 4 * 2 * 4 - 1, px);
	ck_assert_int_eq(glGetError(), GL_INVALID_OPERATION);
	ck_assert_int_eq(px[0], 0x55); /* nothing written */
	readn_pixels_ext(0, 0, 4, 2, GL_RGBA, GL_UNSIGNED_BYTE, 4 * 2 * 4, px);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	ck_assert_int_eq(px[1], 255);
	ck_assert_int_eq(px[4 * 2 * 4 - 3], 255);
	/* the pack state counts: rows of 8 pixels, the last one 4 */
	glPixelStorei(GL_PACK_ROW_LENGTH, 8);
	readn_pixels(0, 0, 4, 2, GL_RGBA, GL_UNSIGNED_BYTE, (8 + 4) * 4 - 1, px);
	ck_assert_int_eq(glGetError(), GL_INVALID_OPERATION);
	readn_pixels(0, 0, 4, 2, GL_RGBA, GL_UNSIGNED_BYTE, (8 + 4) * 4, px);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	/* nothing to write needs no room */
	readn_pixels(0, 0, 0, 2, GL_RGBA, GL_UNSIGNED_BYTE, 0, NULL);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

static const char *const uniform_vs =
	"#version 300 es\n"
	"uniform vec4 f4; uniform ivec2 i2; uniform uvec3 u3;\n"
	"void main() { gl_Position = f4 + vec4(i2, 0, 0) + vec4(u3, 0); }\n";
static const char *const uniform_fs =
	"#version 300 es\nprecision mediump float; out vec4 c;\n"
	"void main() { c = vec4(1); }\n";

static GLuint uniform_program(void)
{
	GLuint p = egl_test_program(uniform_vs, uniform_fs, NULL);

	glUniform4f(glGetUniformLocation(p, "f4"), 1, 2, 3, 4);
	glUniform2i(glGetUniformLocation(p, "i2"), -5, 6);
	glUniform3ui(glGetUniformLocation(p, "u3"), 7, 8, 9);
	return p;
}

START_TEST(getn_uniform_checks_buf_size)
{
	GLuint p;
	GLfloat f[4] = { -1, -1, -1, -1 };
	GLint i[2] = { -1, -1 };
	GLuint u[3] = { 0, 0, 0 };

	make_current(true, 16, 16);
	p = uniform_program();
	getn_uniformfv(p, glGetUniformLocation(p, "f4"), 15, f);
	ck_assert_int_eq(glGetError(), GL_INVALID_OPERATION);
	ck_assert(f[0] == -1.0f);
	getn_uniformfv(p, glGetUniformLocation(p, "f4"), 16, f);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	ck_assert(f[0] == 1.0f && f[3] == 4.0f);
	getn_uniformiv_ext(p, glGetUniformLocation(p, "i2"), 7, i);
	ck_assert_int_eq(glGetError(), GL_INVALID_OPERATION);
	getn_uniformiv_ext(p, glGetUniformLocation(p, "i2"), 8, i);
	ck_assert_int_eq(i[0], -5);
	ck_assert_int_eq(i[1], 6);
	getn_uniformuiv(p, glGetUniformLocation(p, "u3"), 11, u);
	ck_assert_int_eq(glGetError(), GL_INVALID_OPERATION);
	getn_uniformuiv(p, glGetUniformLocation(p, "u3"), 12, u);
	ck_assert_int_eq(u[2], 9);
	getn_uniformfv(p, 99, 16, f); /* the ordinary errors stay */
	ck_assert_int_eq(glGetError(), GL_INVALID_OPERATION);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

/* ---- host loss ----------------------------------------------------------------------------- */

/* glGetGraphicsResetStatus polled until it reports; seconds it took. */
static double seconds_until_reset(double bound_s)
{
	double t0 = now_s();
	GLenum status;

	while ((status = reset_status()) == GL_NO_ERROR && now_s() - t0 < bound_s)
		usleep(1000);
	ck_assert_int_eq(status, GL_UNKNOWN_CONTEXT_RESET_KHR);
	return now_s() - t0;
}

/* After a reset every command raises CONTEXT_LOST, writes nothing, returns
 * 0; the polling queries answer "done". */
static void assert_context_lost_behaviour(void)
{
	GLint v = 12345;
	uint8_t px[4] = { 7, 7, 7, 7 };
	GLsync sync;

	glGetIntegerv(GL_VIEWPORT, &v);
	ck_assert_int_eq(v, 12345);
	ck_assert_int_eq(glGetError(), GL_CONTEXT_LOST_KHR);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR); /* reported, then cleared */
	glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(px[0], 7);
	ck_assert_int_eq(glCreateShader(GL_VERTEX_SHADER), 0);
	ck_assert_int_eq(glIsEnabled(GL_BLEND), GL_FALSE);
	ck_assert_ptr_eq(glGetString(GL_VENDOR), NULL);
	ck_assert_int_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), 0);
	sync = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
	ck_assert_ptr_eq(sync, NULL);
	glGetSynciv((GLsync)(uintptr_t)1, GL_SYNC_STATUS, 1, NULL, &v);
	ck_assert_int_eq(v, GL_SIGNALED);
	clear_to(1.0f, 0.0f, 0.0f);
	glFinish();
	ck_assert_int_eq(glGetError(), GL_CONTEXT_LOST_KHR);
	ck_assert_int_eq(reset_status(), GL_UNKNOWN_CONTEXT_RESET_KHR); /* for good */
}

START_TEST(killed_host_resets_the_context)
{
	double s;

	make_current(true, 16, 16);
	clear_to(0.0f, 1.0f, 0.0f);
	glFinish();
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	ck_assert_int_eq(reset_status(), GL_NO_ERROR);
	vtest_fixture_kill(&own);
	/* no GL call in between: the status call itself notices */
	s = seconds_until_reset(5.0);
	fprintf(stderr, "killed host: reset status after %.1f ms\n", s * 1000.0);
	ck_assert(s < 1.0);
	assert_context_lost_behaviour();
}
END_TEST

/* A NO_RESET_NOTIFICATION context hears nothing, but nothing hangs either. */
START_TEST(killed_host_without_notification)
{
	make_current(false, 16, 16);
	clear_to(0.0f, 1.0f, 0.0f);
	glFinish();
	vtest_fixture_kill(&own);
	clear_to(1.0f, 0.0f, 0.0f);
	glFinish();
	ck_assert_int_eq(glGetError(), GL_OUT_OF_MEMORY);
	ck_assert_int_eq(reset_status(), GL_NO_ERROR);
	ck_assert_int_eq(get_int(GL_RESET_NOTIFICATION_STRATEGY_KHR), GL_NO_RESET_NOTIFICATION_KHR);
}
END_TEST

START_TEST(stopped_host_ends_glfinish)
{
	double t0, s;

	make_current(true, 16, 16);
	clear_to(0.0f, 1.0f, 0.0f);
	glFinish();
	vtest_fixture_signal(&own, SIGSTOP);
	t0 = now_s();
	clear_to(1.0f, 0.0f, 0.0f);
	glFinish();
	s = now_s() - t0;
	fprintf(stderr, "stopped host: glFinish returned after %.2f s (host timeout %d ms)\n", s,
		HOST_TIMEOUT_MS);
	ck_assert(s < STALL_BOUND_S);
	ck_assert_int_eq(reset_status(), GL_UNKNOWN_CONTEXT_RESET_KHR);
	assert_context_lost_behaviour();
	vtest_fixture_signal(&own, SIGCONT);
}
END_TEST

START_TEST(stopped_host_ends_a_forever_client_wait)
{
	EGLSyncKHR sync;
	double t0, s;

	make_current(true, 16, 16);
	clear_to(0.0f, 1.0f, 0.0f);
	glFinish();
	vtest_fixture_signal(&own, SIGSTOP);
	clear_to(1.0f, 0.0f, 0.0f);
	sync = create_sync(dpy, EGL_SYNC_FENCE_KHR, NULL);
	ck_assert_ptr_ne(sync, EGL_NO_SYNC_KHR);
	t0 = now_s();
	ck_assert_int_eq(client_wait(dpy, sync, 0, EGL_FOREVER_KHR), EGL_FALSE);
	ck_assert_egl_error(EGL_CONTEXT_LOST);
	s = now_s() - t0;
	fprintf(stderr, "stopped host: eglClientWaitSyncKHR(FOREVER) returned after %.2f s\n", s);
	ck_assert(s < STALL_BOUND_S);
	ck_assert_int_eq(reset_status(), GL_UNKNOWN_CONTEXT_RESET_KHR);
	vtest_fixture_signal(&own, SIGCONT);
}
END_TEST

/* A fence fd from elsewhere (an eventfd nobody writes: its producer died)
 * waited for with eglWaitSyncKHR: the wait ends with our own host. */
START_TEST(foreign_fence_wait_ends_with_a_stopped_host)
{
	const EGLint attribs[] = { EGL_SYNC_NATIVE_FENCE_FD_ANDROID,
				   eventfd(0, EFD_CLOEXEC), EGL_NONE };
	EGLSyncKHR sync;
	double t0, s;

	make_current(true, 16, 16);
	sync = create_sync(dpy, EGL_SYNC_NATIVE_FENCE_ANDROID, attribs);
	ck_assert_ptr_ne(sync, EGL_NO_SYNC_KHR);
	vtest_fixture_signal(&own, SIGSTOP);
	t0 = now_s();
	ck_assert_int_eq(wait_sync(dpy, sync, 0), EGL_FALSE);
	ck_assert_egl_error(EGL_CONTEXT_LOST);
	s = now_s() - t0;
	ck_assert(s < STALL_BOUND_S);
	ck_assert_int_eq(reset_status(), GL_UNKNOWN_CONTEXT_RESET_KHR);
	vtest_fixture_signal(&own, SIGCONT);
}
END_TEST

/* Long enough on llvmpipe that the fence is still pending when we look. */
static const char *const slow_fs =
	"#version 300 es\nprecision highp float; out vec4 c;\n"
	"void main() { float a = gl_FragCoord.x;\n"
	"  for (int i = 0; i < 4000; i++) a = sin(a * 1.0001 + 0.1);\n"
	"  c = vec4(a); }\n";
static const char *const quad_vs =
	"#version 300 es\nin vec2 p;\nvoid main() { gl_Position = vec4(p, 0, 1); }\n";

static void slow_draw(void)
{
	static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };

	egl_test_program(quad_vs, slow_fs, "p");
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* A child process polls the fd, as a compositor would: exits 0 once it
 * is readable within 5 s. */
static pid_t poll_in_child(int fd)
{
	pid_t pid = fork();
	struct pollfd p = { .fd = fd, .events = POLLIN };

	if (pid == 0)
		_exit(poll(&p, 1, 5000) == 1 && (p.revents & POLLIN) ? 0 : 1);
	ck_assert_int_gt(pid, 0);
	return pid;
}

START_TEST(exported_fence_wakes_its_pollers_when_the_host_dies)
{
	struct pollfd p = { .events = POLLIN };
	EGLSyncKHR sync;
	int status = -1;
	pid_t child;

	make_current(true, 512, 512);
	slow_draw();
	sync = create_sync(dpy, EGL_SYNC_NATIVE_FENCE_ANDROID, NULL);
	ck_assert_ptr_ne(sync, EGL_NO_SYNC_KHR);
	p.fd = dup_fence_fd(dpy, sync);
	ck_assert_int_ge(p.fd, 0);
	ck_assert_msg(poll(&p, 1, 0) == 0, "the slow draw finished already: no test");
	child = poll_in_child(p.fd);
	vtest_fixture_kill(&own);
	ck_assert_int_eq(waitpid(child, &status, 0), child);
	ck_assert(WIFEXITED(status) && WEXITSTATUS(status) == 0);
	ck_assert_int_eq(poll(&p, 1, 0), 1);
	ck_assert_int_eq(reset_status(), GL_UNKNOWN_CONTEXT_RESET_KHR);
	close(p.fd);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("egl_robustness");
	TCase *tc = tcase_create("api");
	TCase *loss = tcase_create("host_loss");

	tcase_add_checked_fixture(tc, setup, egl_test_teardown);
	tcase_add_test(tc, strategy_and_status_before_any_loss);
	tcase_add_test(tc, readn_pixels_checks_buf_size);
	tcase_add_test(tc, getn_uniform_checks_buf_size);
	suite_add_tcase(s, tc);
	/* the VM's host cannot be killed from inside it */
	if (egl_test_on_drm())
		return s;
	tcase_add_checked_fixture(loss, setup_own_host, teardown_own_host);
	tcase_set_timeout(loss, 30);
	tcase_add_test(loss, killed_host_resets_the_context);
	tcase_add_test(loss, killed_host_without_notification);
	tcase_add_test(loss, stopped_host_ends_glfinish);
	tcase_add_test(loss, stopped_host_ends_a_forever_client_wait);
	tcase_add_test(loss, foreign_fence_wait_ends_with_a_stopped_host);
	tcase_add_test(loss, exported_fence_wakes_its_pollers_when_the_host_dies);
	suite_add_tcase(s, loss);
	return s;
}

const struct egl_test_child egl_test_children[] = { { NULL, NULL } };

int main(int argc, char **argv)
{
	return egl_test_main(argc, argv, make_suite);
}
