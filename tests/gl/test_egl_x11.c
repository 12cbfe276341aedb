/* SPDX-License-Identifier: MIT */
/*
 * EGL on X11 (EGL_KHR_platform_x11) as es2gears_x11 and glmark2-es2 use it,
 * through Debian's libEGL on a private Xvfb (no DRI3: virtgl reads the frame
 * back and puts it with MIT-SHM): eglGetDisplay(Display *) reaches virtgl by
 * libglvnd's X11 sniffing, configs name real visuals, a window shows the
 * rendered picture upright with the right colours, blits into and out of
 * a window upright (ES 3.0), resize between frames,
 * swap intervals, and the errors for a destroyed window and a non-window.
 */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include <GLES3/gl3.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>

#include "egl_test_util.h"

static pid_t xvfb_pid;
static char xvfb_display[32];

/* -displayfd answers once Xvfb listens, but with other engineers' X
 * servers coming and going a first connection has been seen to fail: try
 * for a while, then fail the suite with the reason. */
static void xvfb_wait_ready(void)
{
	for (int i = 0; i < 50; i++) {
		Display *x = XOpenDisplay(xvfb_display);

		if (x) {
			XCloseDisplay(x);
			return;
		}
		usleep(100 * 1000);
	}
	fprintf(stderr, "test_egl_x11: cannot connect to Xvfb on %s\n", xvfb_display);
	exit(1);
}

/* Whether display n is taken: a lock file here, or an abstract socket of
 * an X server whose /tmp we cannot see (another mount namespace: clients
 * would reach that server, since xcb tries the abstract socket first). */
static bool display_taken(int n)
{
	char path[64], name[64], line[512];
	bool taken = false;
	FILE *f;

	snprintf(path, sizeof(path), "/tmp/.X%d-lock", n);
	if (access(path, F_OK) == 0)
		return true;
	snprintf(name, sizeof(name), "@/tmp/.X11-unix/X%d\n", n);
	f = fopen("/proc/net/unix", "r");
	while (f && !taken && fgets(line, sizeof(line), f)) {
		size_t len = strlen(line), nl = strlen(name);

		taken = len >= nl && strcmp(line + len - nl, name) == 0;
	}
	if (f)
		fclose(f);
	return taken;
}

static int free_display(void)
{
	int n = 100 + (int)(getpid() % 400);

	while (display_taken(n))
		n++;
	return n;
}

/* Xvfb on a free display (-displayfd tells when it listens);
 * without_shm: with MIT-SHM turned off, so windows are put with PutImage. */
static void xvfb_start_with(bool without_shm)
{
	char fdarg[16], disp[16], buf[16] = "";
	int fds[2];
	ssize_t n;

	ck_assert_int_eq(pipe(fds), 0);
	xvfb_pid = fork();
	ck_assert_int_ge(xvfb_pid, 0);
	if (xvfb_pid == 0) {
		close(fds[0]);
		snprintf(fdarg, sizeof(fdarg), "%d", fds[1]);
		snprintf(disp, sizeof(disp), ":%d", free_display());
		execlp("Xvfb", "Xvfb", disp, "-displayfd", fdarg, "-screen", "0", "640x480x24",
		       "-nolisten", "tcp", without_shm ? "-extension" : (char *)NULL, "MIT-SHM",
		       (char *)NULL);
		_exit(127);
	}
	close(fds[1]);
	/* Xvfb writes the number, then "\n" in a second write: read both, or
	 * closing the pipe early kills it with EPIPE */
	for (size_t len = 0; len < sizeof(buf) - 1 && !strchr(buf, '\n'); len += (size_t)n) {
		n = read(fds[0], buf + len, sizeof(buf) - 1 - len);
		if (n <= 0)
			break;
	}
	close(fds[0]);
	if (!strchr(buf, '\n')) {
		fprintf(stderr, "test_egl_x11: Xvfb did not start (apt-get install xvfb)\n");
		exit(1); /* must fail, not skip */
	}
	buf[strcspn(buf, "\n")] = 0;
	snprintf(xvfb_display, sizeof(xvfb_display), ":%s", buf);
	setenv("DISPLAY", xvfb_display, 1);
	xvfb_wait_ready();
}

static void xvfb_start(void)
{
	xvfb_start_with(false);
}

static void xvfb_start_without_shm(void)
{
	xvfb_start_with(true);
}

static void xvfb_stop(void)
{
	if (xvfb_pid > 0) {
		kill(xvfb_pid, SIGTERM);
		waitpid(xvfb_pid, NULL, 0);
		xvfb_pid = 0;
	}
}

struct x11_fixture {
	Display *x;
	EGLDisplay dpy;
};

/* A connection to the suite's Xvfb. On this shared, loaded machine a
 * connection to a running Xvfb was seen to fail now and then (cause not
 * found): a few tries, then the test fails. */
static Display *connect_x(void)
{
	Display *x = NULL;

	for (int i = 0; i < 20 && !x; i++) {
		x = XOpenDisplay(xvfb_display);
		if (!x)
			usleep(100 * 1000);
	}
	ck_assert_msg(x != NULL, "cannot connect to Xvfb %s", xvfb_display);
	return x;
}

static struct x11_fixture open_display(void)
{
	struct x11_fixture f = { .x = connect_x() };

	f.dpy = eglGetDisplay((EGLNativeDisplayType)f.x);
	ck_assert_msg(f.dpy != EGL_NO_DISPLAY, "eglGetDisplay(Display *): 0x%x", eglGetError());
	ck_assert_int_eq(eglInitialize(f.dpy, NULL, NULL), EGL_TRUE);
	return f;
}

/* A mapped window of the config's visual, shown (Expose seen). */
static Window make_window(Display *x, EGLDisplay dpy, EGLConfig config, int w, int h)
{
	XVisualInfo tmpl = { .visualid = (VisualID)egl_test_config_attrib(dpy, config,
									   EGL_NATIVE_VISUAL_ID) };
	XSetWindowAttributes attr = { 0 };
	XVisualInfo *vi;
	XEvent ev;
	Window win;
	int n = 0;

	vi = XGetVisualInfo(x, VisualIDMask, &tmpl, &n);
	ck_assert_msg(vi && n == 1, "visual 0x%lx is not the server's", tmpl.visualid);
	attr.colormap = XCreateColormap(x, DefaultRootWindow(x), vi->visual, AllocNone);
	attr.event_mask = ExposureMask | StructureNotifyMask;
	win = XCreateWindow(x, DefaultRootWindow(x), 0, 0, (unsigned)w, (unsigned)h, 0, vi->depth,
			    InputOutput, vi->visual, CWColormap | CWBorderPixel | CWEventMask, &attr);
	XFree(vi);
	XMapWindow(x, win);
	XWindowEvent(x, win, ExposureMask, &ev);
	return win;
}

static EGLConfig window_config(EGLDisplay dpy)
{
	const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RED_SIZE, 8,
				   EGL_DEPTH_SIZE, 1, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
				   EGL_NONE };
	EGLConfig config = NULL;
	EGLint n = 0;

	ck_assert_int_eq(eglChooseConfig(dpy, attribs, &config, 1, &n), EGL_TRUE);
	ck_assert_int_eq(n, 1);
	return config;
}

/* Bottom half red, top half green (GL's y up: rows h/2.. are the top). */
static void draw_halves(int w, int h)
{
	glViewport(0, 0, w, h);
	glDisable(GL_SCISSOR_TEST);
	glClearColor(1, 0, 0, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glEnable(GL_SCISSOR_TEST);
	glScissor(0, h / 2, w, h - h / 2);
	glClearColor(0, 1, 0, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
}

/* The window's pixel (X's y down) as 0xRRGGBB. */
static unsigned long window_pixel(Display *x, Window win, int px, int py)
{
	XImage *img = XGetImage(x, win, px, py, 1, 1, AllPlanes, ZPixmap);
	unsigned long v;

	ck_assert_ptr_nonnull(img);
	v = XGetPixel(img, 0, 0) & 0xffffff;
	XDestroyImage(img);
	return v;
}

static void assert_halves(Display *x, Window win, int w, int h)
{
	ck_assert_uint_eq(window_pixel(x, win, 1, 1), 0x00ff00);          /* top: green */
	ck_assert_uint_eq(window_pixel(x, win, w - 2, h / 2 - 2), 0x00ff00);
	ck_assert_uint_eq(window_pixel(x, win, 1, h - 2), 0xff0000);      /* bottom: red */
	ck_assert_uint_eq(window_pixel(x, win, w - 2, h / 2 + 2), 0xff0000);
}

struct x11_window_fixture {
	struct x11_fixture f;
	EGLConfig config;
	Window win;
	EGLSurface surf;
	EGLContext ctx;
};

static struct x11_window_fixture window_surface(int w, int h)
{
	struct x11_window_fixture t = { .f = open_display() };

	t.config = window_config(t.f.dpy);
	t.win = make_window(t.f.x, t.f.dpy, t.config, w, h);
	t.surf = eglCreateWindowSurface(t.f.dpy, t.config, (EGLNativeWindowType)t.win, NULL);
	ck_assert_msg(t.surf != EGL_NO_SURFACE, "eglCreateWindowSurface: 0x%x", eglGetError());
	t.ctx = egl_test_context(t.f.dpy, t.config, 2);
	ck_assert_int_eq(eglMakeCurrent(t.f.dpy, t.surf, t.surf, t.ctx), EGL_TRUE);
	return t;
}

static EGLint surface_attrib(EGLDisplay dpy, EGLSurface s, EGLint attribute)
{
	EGLint v = -1;

	ck_assert_int_eq(eglQuerySurface(dpy, s, attribute, &v), EGL_TRUE);
	return v;
}

/* ---- displays and configs ------------------------------------------------------------ */

START_TEST(x11_display_is_virtgl)
{
	struct x11_fixture f = open_display();
	const EGLAttrib screen0[] = { EGL_PLATFORM_X11_SCREEN_KHR, 0, EGL_NONE };
	const EGLAttrib screen9[] = { EGL_PLATFORM_X11_SCREEN_KHR, 9, EGL_NONE };
	const char *client = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);

	ck_assert(egl_test_has_extension(client, "EGL_KHR_platform_x11"));
	ck_assert(egl_test_has_extension(client, "EGL_EXT_platform_x11"));
	ck_assert_str_eq(eglQueryString(f.dpy, EGL_VENDOR), "virtgl");
	/* the same display for the same screen, asked either way */
	ck_assert_ptr_eq(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, f.x, screen0), f.dpy);
	ck_assert_ptr_eq(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, f.x, NULL), f.dpy);
	ck_assert_ptr_eq(eglGetPlatformDisplay(EGL_PLATFORM_X11_KHR, f.x, screen9), EGL_NO_DISPLAY);
	ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
	eglTerminate(f.dpy);
	XCloseDisplay(f.x);
}
END_TEST

static void assert_visual(Display *x, EGLDisplay dpy, EGLConfig c)
{
	XVisualInfo tmpl = { .visualid = (VisualID)egl_test_config_attrib(dpy, c,
									   EGL_NATIVE_VISUAL_ID) };
	EGLint alpha = egl_test_config_attrib(dpy, c, EGL_ALPHA_SIZE);
	XVisualInfo *vi;
	int n = 0;

	vi = XGetVisualInfo(x, VisualIDMask, &tmpl, &n);
	ck_assert_msg(vi && n == 1, "visual 0x%lx does not exist", tmpl.visualid);
	ck_assert_int_eq(vi->class, TrueColor);
	/* Xvfb has depth-32 visuals: alpha configs get one (glmark2 wants alpha) */
	ck_assert_int_eq(vi->depth, alpha ? 32 : 24);
	ck_assert_uint_eq(vi->red_mask, 0xff0000);
	ck_assert_uint_eq(vi->blue_mask, 0xff);
	ck_assert_int_eq(egl_test_config_attrib(dpy, c, EGL_NATIVE_VISUAL_TYPE), TrueColor);
	XFree(vi);
}

START_TEST(configs_name_real_visuals)
{
	struct x11_fixture f = open_display();
	EGLConfig configs[64];
	EGLint n = 0, windows = 0;

	ck_assert_int_eq(eglGetConfigs(f.dpy, configs, 64, &n), EGL_TRUE);
	for (EGLint i = 0; i < n; i++) {
		bool window = egl_test_config_attrib(f.dpy, configs[i], EGL_SURFACE_TYPE) &
			      EGL_WINDOW_BIT;

		/* 565 would need a depth-16 visual, which this Xvfb has not;
		 * multisample configs are pbuffers only */
		ck_assert_int_eq(window, egl_test_config_attrib(f.dpy, configs[i], EGL_RED_SIZE) == 8 &&
					 !egl_test_config_attrib(f.dpy, configs[i], EGL_SAMPLES));
		if (!window) {
			ck_assert_int_eq(egl_test_config_attrib(f.dpy, configs[i], EGL_NATIVE_VISUAL_ID), 0);
			continue;
		}
		assert_visual(f.x, f.dpy, configs[i]);
		windows++;
	}
	ck_assert_int_gt(windows, 0);
	eglTerminate(f.dpy);
	XCloseDisplay(f.x);
}
END_TEST

/* ---- window surfaces ------------------------------------------------------------------ */

START_TEST(window_shows_picture_upright)
{
	struct x11_window_fixture t = window_surface(64, 48);

	ck_assert_int_eq(surface_attrib(t.f.dpy, t.surf, EGL_WIDTH), 64);
	ck_assert_int_eq(surface_attrib(t.f.dpy, t.surf, EGL_HEIGHT), 48);
	draw_halves(64, 48);
	ck_assert_int_eq(eglSwapBuffers(t.f.dpy, t.surf), EGL_TRUE);
	assert_halves(t.f.x, t.win, 64, 48);
	/* a second frame of other colours replaces it */
	glClearColor(0, 0, 1, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	ck_assert_int_eq(eglSwapBuffers(t.f.dpy, t.surf), EGL_TRUE);
	ck_assert_uint_eq(window_pixel(t.f.x, t.win, 10, 10), 0x0000ff);
	eglTerminate(t.f.dpy);
	XCloseDisplay(t.f.x);
}
END_TEST

/* An FBO of w x h with an RGBA8 renderbuffer of `samples`, bound. */
static GLuint fbo_of(GLsizei samples, int w, int h)
{
	GLuint f, r;

	glGenRenderbuffers(1, &r);
	glBindRenderbuffer(GL_RENDERBUFFER, r);
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, GL_RGBA8, w, h);
	glGenFramebuffers(1, &f);
	glBindFramebuffer(GL_FRAMEBUFFER, f);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, r);
	ck_assert_uint_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	return f;
}

/* Blits into and out of a window buffer (y-down in virtgl) keep GL's y up:
 * an FBO's halves land upright, a multisample one's too (resolved through
 * an image of its own), and the window read back into an FBO is upright. */
START_TEST(window_blits_upright)
{
	struct x11_window_fixture t = window_surface(64, 48);
	GLuint fbo;
	uint8_t px[4];

	eglMakeCurrent(t.f.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	t.ctx = egl_test_context(t.f.dpy, t.config, 3);
	ck_assert_int_eq(eglMakeCurrent(t.f.dpy, t.surf, t.surf, t.ctx), EGL_TRUE);
	for (GLsizei samples = 0; samples <= 4; samples += 4) {
		fbo_of(samples, 64, 48);
		draw_halves(64, 48);
		glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
		glBlitFramebuffer(0, 0, 64, 48, 0, 0, 64, 48, GL_COLOR_BUFFER_BIT, GL_NEAREST);
		ck_assert_int_eq(glGetError(), GL_NO_ERROR);
		ck_assert_int_eq(eglSwapBuffers(t.f.dpy, t.surf), EGL_TRUE);
		assert_halves(t.f.x, t.win, 64, 48);
	}
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	draw_halves(64, 48);
	fbo = fbo_of(0, 64, 48);
	glBindFramebuffer(GL_READ_FRAMEBUFFER, 0);
	glBlitFramebuffer(0, 0, 64, 48, 0, 0, 64, 48, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glReadPixels(2, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_msg(px[0] == 255 && px[1] == 0, "bottom: %u,%u", px[0], px[1]);
	glReadPixels(2, 45, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_msg(px[0] == 0 && px[1] == 255, "top: %u,%u", px[0], px[1]);
	eglTerminate(t.f.dpy);
	XCloseDisplay(t.f.x);
}
END_TEST

START_TEST(platform_window_takes_a_pointer)
{
	struct x11_fixture f = open_display();
	EGLConfig config = window_config(f.dpy);
	Window win = make_window(f.x, f.dpy, config, 32, 32);
	EGLSurface s = eglCreatePlatformWindowSurface(f.dpy, config, &win, NULL);

	ck_assert_msg(s != EGL_NO_SURFACE, "eglCreatePlatformWindowSurface: 0x%x", eglGetError());
	ck_assert_int_eq(surface_attrib(f.dpy, s, EGL_WIDTH), 32);
	ck_assert_int_eq(eglDestroySurface(f.dpy, s), EGL_TRUE);
	eglTerminate(f.dpy);
	XCloseDisplay(f.x);
}
END_TEST

START_TEST(resize_between_frames)
{
	struct x11_window_fixture t = window_surface(64, 48);

	draw_halves(64, 48);
	ck_assert_int_eq(eglSwapBuffers(t.f.dpy, t.surf), EGL_TRUE);
	XResizeWindow(t.f.x, t.win, 120, 90);
	XSync(t.f.x, False);
	/* the swap that sees the new size: the next frame has it */
	draw_halves(64, 48);
	ck_assert_int_eq(eglSwapBuffers(t.f.dpy, t.surf), EGL_TRUE);
	ck_assert_int_eq(surface_attrib(t.f.dpy, t.surf, EGL_WIDTH), 120);
	ck_assert_int_eq(surface_attrib(t.f.dpy, t.surf, EGL_HEIGHT), 90);
	draw_halves(120, 90);
	ck_assert_int_eq(eglSwapBuffers(t.f.dpy, t.surf), EGL_TRUE);
	assert_halves(t.f.x, t.win, 120, 90);
	eglTerminate(t.f.dpy);
	XCloseDisplay(t.f.x);
}
END_TEST

START_TEST(swap_intervals)
{
	struct x11_window_fixture t = window_surface(32, 32);

	for (EGLint interval = 0; interval <= 1; interval++) {
		ck_assert_int_eq(eglSwapInterval(t.f.dpy, interval), EGL_TRUE);
		draw_halves(32, 32);
		ck_assert_int_eq(eglSwapBuffers(t.f.dpy, t.surf), EGL_TRUE);
	}
	ck_assert_int_eq(egl_test_config_attrib(t.f.dpy, t.config, EGL_MIN_SWAP_INTERVAL), 0);
	ck_assert_int_eq(egl_test_config_attrib(t.f.dpy, t.config, EGL_MAX_SWAP_INTERVAL), 1);
	assert_halves(t.f.x, t.win, 32, 32);
	eglTerminate(t.f.dpy);
	XCloseDisplay(t.f.x);
}
END_TEST

START_TEST(window_destroyed_before_surface)
{
	struct x11_window_fixture t = window_surface(32, 32);

	draw_halves(32, 32);
	ck_assert_int_eq(eglSwapBuffers(t.f.dpy, t.surf), EGL_TRUE);
	XDestroyWindow(t.f.x, t.win);
	XSync(t.f.x, False);
	draw_halves(32, 32);
	ck_assert_int_eq(eglSwapBuffers(t.f.dpy, t.surf), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_NATIVE_WINDOW);
	ck_assert_int_eq(eglMakeCurrent(t.f.dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT),
			 EGL_TRUE);
	ck_assert_int_eq(eglDestroySurface(t.f.dpy, t.surf), EGL_TRUE);
	/* the connection is still good: no X error reached Xlib */
	XSync(t.f.x, False);
	eglTerminate(t.f.dpy);
	XCloseDisplay(t.f.x);
}
END_TEST

START_TEST(non_window_is_bad_native_window)
{
	struct x11_fixture f = open_display();
	EGLConfig config = window_config(f.dpy);
	Pixmap pix = XCreatePixmap(f.x, DefaultRootWindow(f.x), 16, 16, 24);

	ck_assert_ptr_eq(eglCreateWindowSurface(f.dpy, config, (EGLNativeWindowType)pix, NULL),
			 EGL_NO_SURFACE);
	ck_assert_egl_error(EGL_BAD_NATIVE_WINDOW);
	ck_assert_ptr_eq(eglCreateWindowSurface(f.dpy, config, (EGLNativeWindowType)0x7ffffff, NULL),
			 EGL_NO_SURFACE);
	ck_assert_egl_error(EGL_BAD_NATIVE_WINDOW);
	XFreePixmap(f.x, pix);
	XSync(f.x, False);
	eglTerminate(f.dpy);
	XCloseDisplay(f.x);
}
END_TEST

static void teardown(void)
{
	EGLDisplay dpy = eglGetCurrentDisplay();

	if (dpy != EGL_NO_DISPLAY)
		eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglReleaseThread();
}

static Suite *make_suite(void)
{
	Suite *s = suite_create("egl_x11");
	TCase *tc = tcase_create("x11");

	tcase_add_unchecked_fixture(tc, xvfb_start, xvfb_stop);
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, x11_display_is_virtgl);
	tcase_add_test(tc, configs_name_real_visuals);
	tcase_add_test(tc, window_shows_picture_upright);
	tcase_add_test(tc, window_blits_upright);
	tcase_add_test(tc, platform_window_takes_a_pointer);
	tcase_add_test(tc, resize_between_frames);
	tcase_add_test(tc, swap_intervals);
	tcase_add_test(tc, window_destroyed_before_surface);
	tcase_add_test(tc, non_window_is_bad_native_window);
	suite_add_tcase(s, tc);
	/* the same pictures through plain PutImage requests */
	tc = tcase_create("x11-putimage");
	tcase_add_unchecked_fixture(tc, xvfb_start_without_shm, xvfb_stop);
	tcase_add_checked_fixture(tc, NULL, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, window_shows_picture_upright);
	tcase_add_test(tc, window_blits_upright);
	tcase_add_test(tc, resize_between_frames);
	suite_add_tcase(s, tc);
	return s;
}

const struct egl_test_child egl_test_children[] = { { NULL, NULL } };

int main(int argc, char **argv)
{
	return egl_test_main(argc, argv, make_suite);
}
