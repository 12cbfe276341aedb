/* SPDX-License-Identifier: MIT */
/*
 * EGL on Wayland (EGL_KHR_platform_wayland), as weston-simple-egl and
 * glmark2-es2-wayland use it, against a real compositor: weston 10's
 * headless backend with its GL renderer, itself on virtgl (surfaceless
 * EGL, pbuffer outputs), so that it offers zwp_linux_dmabuf_v1 and imports
 * the client's buffers as dma-bufs. Each test starts its own weston
 * (desktop shell: the suite's toplevels ask for fullscreen and so cover
 * the 256x192 output; --debug lets the suite take screenshots with
 * weston-screenshooter). weston's kiosk shell would be lighter, but in
 * weston 10 on the headless backend it never repaints a client's surface.
 *
 * Runs in the VM (VIRTGL_TRANSPORT=drm). On the host (vtest: no dma-bufs)
 * only the declining checks run, against a pixman weston.
 */
#include <check.h>
#include <dirent.h>
#include <drm_fourcc.h>
#include <errno.h>
#include <png.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <GLES2/gl2.h>
#include <wayland-client.h>
#include <wayland-egl.h>

#include "egl_test_util.h"
#include "xdg-shell-client.h"

extern char **environ;

static pid_t weston_pid = -1;
static char runtime_dir[64], socket_name[32];
static struct wl_display *wl;
static struct wl_registry *registry;
static struct wl_compositor *compositor;
static struct xdg_wm_base *wm_base;
static EGLDisplay wl_egl_display = EGL_NO_DISPLAY; /* the test's, to terminate */

/* ---- weston ---------------------------------------------------------------------- */

static double now_s(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

/* weston on a private socket; renderer "gl" (on virtgl) or "pixman". */
static void weston_start(bool gl)
{
	char sock[48], log[96];
	char *argv[] = { "weston", "--backend=headless-backend.so", gl ? "--use-gl" : "--use-pixman",
			 "--shell=desktop-shell.so", "--no-config", "--idle-time=0", "--debug",
			 "--width=256", "--height=192", sock, log, NULL };

	snprintf(runtime_dir, sizeof(runtime_dir), "/tmp/virtgl-wl-%d", (int)getpid());
	mkdir(runtime_dir, 0700);
	setenv("XDG_RUNTIME_DIR", runtime_dir, 1);
	snprintf(socket_name, sizeof(socket_name), "wl-%d-%d", (int)getpid(), rand() % 100000);
	snprintf(sock, sizeof(sock), "--socket=%s", socket_name);
	snprintf(log, sizeof(log), "--log=%s/weston.log", runtime_dir);
	ck_assert_int_eq(posix_spawnp(&weston_pid, "weston", NULL, NULL, argv, environ), 0);
}

static void weston_kill(void)
{
	if (weston_pid > 0) {
		kill(weston_pid, SIGKILL);
		waitpid(weston_pid, NULL, 0);
	}
	weston_pid = -1;
}

static void registry_global(void *data, struct wl_registry *r, uint32_t name, const char *iface,
			    uint32_t version)
{
	(void)data, (void)version;
	if (strcmp(iface, wl_compositor_interface.name) == 0)
		compositor = wl_registry_bind(r, name, &wl_compositor_interface, 4);
	else if (strcmp(iface, xdg_wm_base_interface.name) == 0)
		wm_base = wl_registry_bind(r, name, &xdg_wm_base_interface, 1);
}

static void registry_remove(void *data, struct wl_registry *r, uint32_t name)
{
	(void)data, (void)r, (void)name;
}

static const struct wl_registry_listener registry_listener = { .global = registry_global,
							       .global_remove = registry_remove };

static void wm_ping(void *data, struct xdg_wm_base *base, uint32_t serial)
{
	(void)data;
	xdg_wm_base_pong(base, serial);
}

static const struct xdg_wm_base_listener wm_listener = { .ping = wm_ping };

/* Connects once weston listens (it starts in seconds under TCG). */
static void connect_weston(void)
{
	double until = now_s() + 60;

	while (!(wl = wl_display_connect(socket_name)) && now_s() < until) {
		ck_assert_msg(waitpid(weston_pid, NULL, WNOHANG) == 0, "weston exited (see %s/weston.log)",
			      runtime_dir);
		usleep(100 * 1000);
	}
	ck_assert_msg(wl, "weston did not listen in 60 s");
	registry = wl_display_get_registry(wl);
	wl_registry_add_listener(registry, &registry_listener, NULL);
	ck_assert_int_ge(wl_display_roundtrip(wl), 0);
	ck_assert_ptr_nonnull(compositor);
	ck_assert_ptr_nonnull(wm_base);
	xdg_wm_base_add_listener(wm_base, &wm_listener, NULL);
}

static void setup_gl(void)
{
	weston_start(true);
	connect_weston();
}

/* The Wayland display is terminated before its wl_display goes: a later
 * wl_display may come at the same address (CK_FORK=no). */
static void teardown(void)
{
	if (wl_egl_display != EGL_NO_DISPLAY) {
		eglMakeCurrent(wl_egl_display, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
		eglTerminate(wl_egl_display);
	}
	wl_egl_display = EGL_NO_DISPLAY;
	egl_test_teardown();
	/* proxies are the client's memory: destroyed before the disconnect */
	if (wm_base)
		xdg_wm_base_destroy(wm_base);
	if (compositor)
		wl_compositor_destroy(compositor);
	if (registry)
		wl_registry_destroy(registry);
	if (wl)
		wl_display_disconnect(wl);
	wl = NULL;
	registry = NULL;
	compositor = NULL;
	wm_base = NULL;
	weston_kill();
}

/* ---- a toplevel ------------------------------------------------------------------ */

struct toplevel {
	struct wl_surface *surface;
	struct xdg_surface *xdg;
	struct xdg_toplevel *top;
	int32_t width, height;     /* the last configure's (0: the client's choice) */
	bool configured;
};

static void xdg_configure(void *data, struct xdg_surface *xdg, uint32_t serial)
{
	struct toplevel *t = data;

	xdg_surface_ack_configure(xdg, serial);
	t->configured = true;
}

static const struct xdg_surface_listener xdg_listener = { .configure = xdg_configure };

static void top_configure(void *data, struct xdg_toplevel *top, int32_t w, int32_t h,
			  struct wl_array *states)
{
	struct toplevel *t = data;

	(void)top, (void)states;
	t->width = w;
	t->height = h;
}

static void top_close(void *data, struct xdg_toplevel *top)
{
	(void)data, (void)top;
}

static const struct xdg_toplevel_listener top_listener = { .configure = top_configure,
							   .close = top_close };

static void toplevel_create(struct toplevel *t)
{
	memset(t, 0, sizeof(*t));
	t->surface = wl_compositor_create_surface(compositor);
	t->xdg = xdg_wm_base_get_xdg_surface(wm_base, t->surface);
	xdg_surface_add_listener(t->xdg, &xdg_listener, t);
	t->top = xdg_surface_get_toplevel(t->xdg);
	xdg_toplevel_add_listener(t->top, &top_listener, t);
	xdg_toplevel_set_fullscreen(t->top, NULL);
	wl_surface_commit(t->surface);
	while (!t->configured)
		ck_assert_int_ge(wl_display_dispatch(wl), 0);
}

/* ---- EGL on it --------------------------------------------------------------------- */

struct window {
	struct toplevel t;
	struct wl_egl_window *native;
	EGLDisplay dpy;
	EGLSurface surf;
	EGLContext ctx;
	EGLConfig config;
};

static EGLDisplay wayland_display(void)
{
	EGLDisplay dpy = eglGetDisplay((EGLNativeDisplayType)wl);

	ck_assert_ptr_ne(dpy, EGL_NO_DISPLAY);
	ck_assert(eglInitialize(dpy, NULL, NULL));
	wl_egl_display = dpy;
	return dpy;
}

/* A window of the configured size (kiosk: the output's), current, RGB888. */
static void window_create(struct window *w, EGLint alpha)
{
	EGLint n = 0;
	const EGLint attribs[] = { EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
				   EGL_ALPHA_SIZE, alpha, EGL_SURFACE_TYPE, EGL_WINDOW_BIT,
				   EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE };

	toplevel_create(&w->t);
	w->native = wl_egl_window_create(w->t.surface, w->t.width ? w->t.width : 64,
					 w->t.height ? w->t.height : 48);
	ck_assert_ptr_nonnull(w->native);
	w->dpy = wayland_display();
	ck_assert(eglChooseConfig(w->dpy, attribs, &w->config, 1, &n) && n == 1);
	w->surf = eglCreateWindowSurface(w->dpy, w->config, (EGLNativeWindowType)w->native, NULL);
	ck_assert_ptr_ne(w->surf, EGL_NO_SURFACE);
	w->ctx = egl_test_context(w->dpy, w->config, 2);
	ck_assert(eglMakeCurrent(w->dpy, w->surf, w->surf, w->ctx));
}

static void clear_swap(struct window *w, float r, float g, float b)
{
	glClearColor(r, g, b, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	ck_assert_msg(eglSwapBuffers(w->dpy, w->surf), "eglSwapBuffers: 0x%x", eglGetError());
}

static EGLint query(struct window *w, EGLint attribute)
{
	EGLint v = -2;

	ck_assert(eglQuerySurface(w->dpy, w->surf, attribute, &v));
	return v;
}

/* ---- screenshots ------------------------------------------------------------------ */

/* weston-screenshooter's PNG of the output (--debug lets it bind), as RGBA. */
static uint8_t *screenshot(unsigned *width, unsigned *height)
{
	char dir[96], path[400] = "";
	char *argv[] = { "weston-screenshooter", NULL };
	png_image img = { .version = PNG_IMAGE_VERSION };
	struct dirent *e;
	uint8_t *px;
	pid_t pid;
	int status;
	DIR *d;

	snprintf(dir, sizeof(dir), "%s/shot", runtime_dir);
	mkdir(dir, 0700);
	setenv("WAYLAND_DISPLAY", socket_name, 1);
	/* it writes into its working directory */
	ck_assert_int_eq(chdir(dir), 0);
	ck_assert_int_eq(posix_spawnp(&pid, "weston-screenshooter", NULL, NULL, argv, environ), 0);
	ck_assert_int_eq(waitpid(pid, &status, 0), pid);
	ck_assert_msg(WIFEXITED(status) && WEXITSTATUS(status) == 0, "weston-screenshooter failed");
	d = opendir(dir);
	while ((e = readdir(d)))
		if (strstr(e->d_name, ".png"))
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
	closedir(d);
	ck_assert_msg(path[0], "no screenshot in %s", dir);
	ck_assert(png_image_begin_read_from_file(&img, path));
	img.format = PNG_FORMAT_RGBA;
	px = malloc(PNG_IMAGE_SIZE(img));
	ck_assert(png_image_finish_read(&img, NULL, px, 0, NULL));
	unlink(path);
	*width = img.width;
	*height = img.height;
	return px;
}

static void assert_pixel(const uint8_t *px, unsigned width, unsigned x, unsigned y, uint32_t rgb)
{
	const uint8_t *p = px + 4 * ((size_t)y * width + x);
	uint32_t got = (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];

	ck_assert_msg(got == rgb, "pixel %u,%u: #%06x, want #%06x", x, y, got, rgb);
}

static bool pixel_is(const uint8_t *px, unsigned width, unsigned x, unsigned y, uint32_t rgb)
{
	const uint8_t *p = px + 4 * ((size_t)y * width + x);

	return ((uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2]) == rgb;
}

struct probe {
	unsigned x, y;
	uint32_t rgb;
};

/* Draws and swaps until weston's screenshots show the probes (its
 * start-up fade-in and the desktop shell's first frames take seconds under
 * TCG), at most 30 s; then asserts them. */
static void await_picture(struct window *w, void (*draw)(void), const struct probe *p, int n)
{
	double until = now_s() + 30;
	bool shown = false;
	unsigned sw = 0, sh = 0;
	uint8_t *px = NULL;

	while (!shown && now_s() < until) {
		draw();
		ck_assert_msg(eglSwapBuffers(w->dpy, w->surf), "eglSwapBuffers: 0x%x", eglGetError());
		/* the next swap waits for this frame's callback: composited */
		draw();
		ck_assert(eglSwapBuffers(w->dpy, w->surf));
		free(px);
		px = screenshot(&sw, &sh);
		shown = true;
		for (int i = 0; i < n; i++)
			shown &= pixel_is(px, sw, p[i].x, p[i].y, p[i].rgb);
	}
	ck_assert_uint_eq(sw, 256);
	ck_assert_uint_eq(sh, 192);
	for (int i = 0; i < n; i++)
		assert_pixel(px, sw, p[i].x, p[i].y, p[i].rgb);
	free(px);
}

static void draw_blue(void)
{
	glClearColor(0, 0, 1, 1);
	glClear(GL_COLOR_BUFFER_BIT);
}

/* Green, with red in the top 10 rows (GL's y is up: the rows at 182..191). */
static void draw_red_top(void)
{
	glClearColor(0, 1, 0, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glEnable(GL_SCISSOR_TEST);
	glScissor(0, 192 - 10, 256, 10);
	glClearColor(1, 0, 0, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
}

/* ---- the tests -------------------------------------------------------------------- */

START_TEST(get_display_of_a_wl_display_is_virtgl)
{
	const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
	EGLDisplay dpy = wayland_display();
	const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);

	ck_assert(egl_test_has_extension(client, "EGL_KHR_platform_wayland"));
	ck_assert(egl_test_has_extension(client, "EGL_EXT_platform_wayland"));
	ck_assert_str_eq(eglQueryString(dpy, EGL_VENDOR), "virtgl");
	ck_assert_ptr_eq(eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR, wl, NULL), dpy);
	ck_assert(egl_test_has_extension(ext, "EGL_EXT_buffer_age"));
	ck_assert(egl_test_has_extension(ext, "EGL_KHR_swap_buffers_with_damage"));
	ck_assert(egl_test_has_extension(ext, "EGL_EXT_swap_buffers_with_damage"));
}
END_TEST

/* The window's frames in weston's screenshots, upright. */
START_TEST(frames_reach_the_compositor)
{
	const struct probe blue[] = { { 5, 5, 0x0000ff }, { 250, 186, 0x0000ff } };
	const struct probe red_top[] = { { 5, 2, 0xff0000 }, { 250, 100, 0x00ff00 } };
	struct window w;

	window_create(&w, 0);
	ck_assert_int_eq(query(&w, EGL_WIDTH), 256);
	ck_assert_int_eq(query(&w, EGL_HEIGHT), 192);
	await_picture(&w, draw_blue, blue, 2);
	await_picture(&w, draw_red_top, red_top, 2);
}
END_TEST

START_TEST(swap_buffers_with_damage)
{
	PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC swap_with_damage =
		(PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC)eglGetProcAddress("eglSwapBuffersWithDamageKHR");
	const EGLint damage[] = { 0, 182, 256, 10, 0, 0, 10, 10 };
	struct window w;

	ck_assert_ptr_nonnull(swap_with_damage);
	window_create(&w, 0);
	draw_red_top();
	ck_assert(swap_with_damage(w.dpy, w.surf, damage, 2));
	draw_red_top();
	ck_assert(swap_with_damage(w.dpy, w.surf, NULL, 0));
	ck_assert(!swap_with_damage(w.dpy, w.surf, damage, -1));
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert(!swap_with_damage(w.dpy, w.surf, NULL, 1));
	ck_assert_egl_error(EGL_BAD_PARAMETER);
}
END_TEST

START_TEST(resize_while_rendering)
{
	struct window w;
	int aw = 0, ah = 0;

	window_create(&w, 0);
	clear_swap(&w, 1, 0, 0);
	wl_egl_window_get_attached_size(w.native, &aw, &ah);
	ck_assert_int_eq(aw, 256);
	ck_assert_int_eq(ah, 192);
	wl_egl_window_resize(w.native, 100, 60, 0, 0);
	/* the new size is the next back buffer's */
	glClear(GL_COLOR_BUFFER_BIT);
	ck_assert_int_eq(query(&w, EGL_WIDTH), 100);
	ck_assert_int_eq(query(&w, EGL_HEIGHT), 60);
	ck_assert_int_eq(query(&w, EGL_BUFFER_AGE_EXT), 0);
	ck_assert(eglSwapBuffers(w.dpy, w.surf));
	wl_egl_window_get_attached_size(w.native, &aw, &ah);
	ck_assert_int_eq(aw, 100);
	ck_assert_int_eq(ah, 60);
	for (int i = 0; i < 6; i++) {
		wl_egl_window_resize(w.native, 40 + 10 * i, 30 + i, 0, 0);
		clear_swap(&w, 0, 1, 0);
		ck_assert_int_eq(query(&w, EGL_WIDTH), 40 + 10 * i);
	}
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
}
END_TEST

static double swaps_take(struct window *w, int n)
{
	double t0 = now_s();

	for (int i = 0; i < n; i++)
		clear_swap(w, (float)i / (float)n, 0, 0);
	return now_s() - t0;
}

/* Interval 1 waits for each previous frame's callback (weston's headless
 * output repaints at 60 Hz); interval 0 never waits for one. */
START_TEST(swap_interval_0_and_1)
{
	struct window w;
	double t1;

	window_create(&w, 0);
	ck_assert(eglSwapInterval(w.dpy, 0));
	swaps_take(&w, 20);
	ck_assert(eglSwapInterval(w.dpy, 1));
	swaps_take(&w, 2);
	t1 = swaps_take(&w, 12);
	ck_assert_msg(t1 >= 10 / 60.0 * 0.9, "12 swaps at interval 1 took %.3f s", t1);
}
END_TEST

START_TEST(buffer_age)
{
	struct window w;
	bool aged = false;

	window_create(&w, 0);
	ck_assert_int_eq(query(&w, EGL_BUFFER_AGE_EXT), 0);
	for (int i = 0; i < 12; i++) {
		EGLint age;

		clear_swap(&w, 0, 0, 1);
		age = query(&w, EGL_BUFFER_AGE_EXT);
		/* four buffers at most: 0 (new) or how many frames back */
		ck_assert_msg(age >= 0 && age <= 4, "age %d", age);
		aged |= age >= 2;
	}
	/* weston holds the last frame; an older one comes back */
	ck_assert(aged);
}
END_TEST

/* Alpha configs get ARGB8888 buffers, the others XRGB8888 (their visuals). */
START_TEST(alpha_config_windows)
{
	struct window w;

	window_create(&w, 8);
	ck_assert_int_eq(egl_test_config_attrib(w.dpy, w.config, EGL_NATIVE_VISUAL_ID),
			 DRM_FORMAT_ARGB8888);
	clear_swap(&w, 0, 1, 0);
	clear_swap(&w, 0, 1, 0);
}
END_TEST

START_TEST(native_window_destroyed_before_the_surface)
{
	struct window w;

	window_create(&w, 0);
	clear_swap(&w, 1, 0, 0);
	wl_egl_window_destroy(w.native);
	glClear(GL_COLOR_BUFFER_BIT);
	ck_assert(!eglSwapBuffers(w.dpy, w.surf));
	ck_assert_egl_error(EGL_BAD_NATIVE_WINDOW);
	ck_assert(eglMakeCurrent(w.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
	ck_assert(eglDestroySurface(w.dpy, w.surf));
}
END_TEST

/* The compositor killed: a swap fails (no hang waiting for a frame
 * callback or a release). */
START_TEST(compositor_goes_away)
{
	struct window w;
	bool failed = false;

	window_create(&w, 0);
	clear_swap(&w, 1, 0, 0);
	weston_kill();
	for (int i = 0; i < 8 && !failed; i++) {
		glClear(GL_COLOR_BUFFER_BIT);
		failed = !eglSwapBuffers(w.dpy, w.surf);
	}
	ck_assert(failed);
	ck_assert_egl_error(EGL_BAD_NATIVE_WINDOW);
}
END_TEST

/* A pixman weston has no linux-dmabuf; under vtest nothing is shared: no
 * display either way (libglvnd then asks the next vendor). */
START_TEST(declined_without_dma_bufs)
{
	weston_start(false);
	connect_weston();
	ck_assert_ptr_eq(eglGetDisplay((EGLNativeDisplayType)wl), EGL_NO_DISPLAY);
	ck_assert_ptr_eq(eglGetPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR, wl, NULL), EGL_NO_DISPLAY);
}
END_TEST

static Suite *wayland_suite(void)
{
	Suite *s = suite_create("egl wayland");
	TCase *any = tcase_create("declining"), *tc;

	tcase_add_checked_fixture(any, NULL, teardown);
	tcase_set_timeout(any, 120);
	tcase_add_test(any, declined_without_dma_bufs);
	suite_add_tcase(s, any);
	/* dma-bufs exist only on the DRM transport: the VM */
	if (!egl_test_on_drm())
		return s;
	tc = tcase_create("weston");
	tcase_add_checked_fixture(tc, setup_gl, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, get_display_of_a_wl_display_is_virtgl);
	tcase_add_test(tc, frames_reach_the_compositor);
	tcase_add_test(tc, swap_buffers_with_damage);
	tcase_add_test(tc, resize_while_rendering);
	tcase_add_test(tc, swap_interval_0_and_1);
	tcase_add_test(tc, buffer_age);
	tcase_add_test(tc, alpha_config_windows);
	tcase_add_test(tc, native_window_destroyed_before_the_surface);
	tcase_add_test(tc, compositor_goes_away);
	suite_add_tcase(s, tc);
	return s;
}

const struct egl_test_child egl_test_children[] = { { NULL, NULL } };

int main(int argc, char **argv)
{
	return egl_test_main(argc, argv, wayland_suite);
}
