/* SPDX-License-Identifier: MIT */
/*
 * x11_dri3: an X11 EGL window client, checked by itself, for an X server
 * with DRI3 + Present (Xwayland in the VM, tests/vm/kms-guest.sh's
 * xwayland-check row). Through libglvnd, naming no driver:
 *
 *   1. eglGetDisplay(Display *), a window of 160x120, a config of its
 *      visual; frames cleared to a colour each, swap interval 0, then 1
 *      (each swap waits for the last one's CompleteNotify: a Present event
 *      that never came would hang here, the harness's limit fails it);
 *   2. EGL_BUFFER_AGE_EXT: 0 for the first buffer, never more than the
 *      frames drawn nor the 4 buffers; a buffer of age k > 0 still holds the
 *      frame drawn k frames ago (each frame has its own colour, read back
 *      before the clear);
 *   3. the window's own pixels (GetImage) show the last frame's colour;
 *   4. the window (override-redirect: no window manager between) resized
 *      by the client (ConfigureWindow to 240x180): after
 *      a swap or two the surface is 240x180 (Present's ConfigureNotify) and
 *      GetImage at the new corner shows the new colour;
 *   5. the window destroyed under the surface: eglSwapBuffers returns
 *      EGL_FALSE with EGL_BAD_NATIVE_WINDOW, and does not hang.
 *
 * Exit 0 with "PASS" when every check passed, 1 otherwise.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <X11/Xlib-xcb.h>
#include <X11/Xlib.h>
#include <X11/Xutil.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <xcb/xcb.h>

static int failures;

static void check(bool ok, const char *what)
{
	printf("%s: %s\n", ok ? "ok" : "FAIL", what);
	failures += !ok;
}

struct client {
	Display *dpy;
	xcb_connection_t *conn;
	Window win;
	EGLDisplay egl;
	EGLSurface surf;
	EGLContext ctx;
};

static EGLConfig pick_config(EGLDisplay egl)
{
	static const EGLint attribs[] = { EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8,
					  EGL_ALPHA_SIZE, 0, EGL_SURFACE_TYPE, EGL_WINDOW_BIT,
					  EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT, EGL_NONE };
	EGLConfig c = NULL;
	EGLint n = 0;

	eglChooseConfig(egl, attribs, &c, 1, &n);
	return n ? c : NULL;
}

static Window make_window(Display *dpy, VisualID id, int w, int h)
{
	XVisualInfo tmpl = { .visualid = id }, *vi;
	XSetWindowAttributes a = { 0 };
	Window win;
	int n = 0;

	vi = XGetVisualInfo(dpy, VisualIDMask, &tmpl, &n);
	if (!vi)
		return 0;
	a.colormap = XCreateColormap(dpy, DefaultRootWindow(dpy), vi->visual, AllocNone);
	a.override_redirect = True; /* resized by us, not by weston's window manager */
	win = XCreateWindow(dpy, DefaultRootWindow(dpy), 0, 0, (unsigned)w, (unsigned)h, 0,
			    vi->depth, InputOutput, vi->visual,
			    CWColormap | CWBorderPixel | CWOverrideRedirect, &a);
	XFree(vi);
	XMapWindow(dpy, win);
	XSync(dpy, False);
	return win;
}

static bool setup(struct client *c)
{
	static const EGLint ctx_attribs[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
	EGLConfig cfg;
	EGLint visual = 0;

	c->dpy = XOpenDisplay(NULL);
	if (!c->dpy)
		return false;
	c->conn = XGetXCBConnection(c->dpy);
	c->egl = eglGetDisplay((EGLNativeDisplayType)c->dpy);
	if (!eglInitialize(c->egl, NULL, NULL) || !eglBindAPI(EGL_OPENGL_ES_API))
		return false;
	printf("EGL vendor: %s\n", eglQueryString(c->egl, EGL_VENDOR));
	cfg = pick_config(c->egl);
	if (!cfg || !eglGetConfigAttrib(c->egl, cfg, EGL_NATIVE_VISUAL_ID, &visual))
		return false;
	c->win = make_window(c->dpy, (VisualID)visual, 160, 120);
	c->surf = eglCreateWindowSurface(c->egl, cfg, (EGLNativeWindowType)c->win, NULL);
	c->ctx = eglCreateContext(c->egl, cfg, EGL_NO_CONTEXT, ctx_attribs);
	return c->win && c->surf != EGL_NO_SURFACE && c->ctx != EGL_NO_CONTEXT &&
	       eglMakeCurrent(c->egl, c->surf, c->surf, c->ctx);
}

static EGLint query(struct client *c, EGLint attrib)
{
	EGLint v = -1;

	eglQuerySurface(c->egl, c->surf, attrib, &v);
	return v;
}

/* The back buffer's pixel at x, y (0x00RRGGBB). */
static uint32_t back_pixel(int x, int y)
{
	uint8_t p[4] = { 0 };

	glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
	return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

/* One frame of colour rgb; returns the buffer age it started with (*old:
 * the buffer's centre pixel then). */
static EGLint frame_from(struct client *c, uint32_t rgb, uint32_t *old)
{
	EGLint age = query(c, EGL_BUFFER_AGE_EXT);

	if (old)
		*old = back_pixel(80, 60);
	glClearColor((rgb >> 16 & 255) / 255.f, (rgb >> 8 & 255) / 255.f, (rgb & 255) / 255.f, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	if (!eglSwapBuffers(c->egl, c->surf))
		return -1;
	return age;
}

static EGLint frame(struct client *c, uint32_t rgb)
{
	return frame_from(c, rgb, NULL);
}

/* The window's pixel at x, y (0x00RRGGBB), as the server has it; ~0: none. */
static uint32_t window_pixel(struct client *c, int x, int y)
{
	xcb_get_image_reply_t *r = xcb_get_image_reply(
		c->conn, xcb_get_image(c->conn, XCB_IMAGE_FORMAT_Z_PIXMAP, (xcb_drawable_t)c->win,
				       (int16_t)x, (int16_t)y, 1, 1, ~0u), NULL);
	uint32_t px = ~0u;

	if (r && xcb_get_image_data_length(r) >= 4)
		px = *(uint32_t *)xcb_get_image_data(r) & 0xffffff;
	free(r);
	return px;
}

/* Frame i's colour: each frame its own. */
static uint32_t colour(int i)
{
	return (uint32_t)(0x20 + 8 * i) << 8 | 0x40;
}

/* Frames at interval 0: the ages, and what a buffer of age k holds. */
static void check_ages(struct client *c)
{
	EGLint ages[12];
	uint32_t old;
	bool bounded = true, errors = false, contents = true, reused = false;

	eglSwapInterval(c->egl, 0);
	for (int i = 0; i < 12; i++) {
		ages[i] = frame_from(c, colour(i), &old);
		errors |= ages[i] < 0;
		/* not bounded by the 4 buffers: one the server holds while the
		 * others turn over comes back older than that (age 5 seen) */
		bounded &= ages[i] <= i;
		reused |= ages[i] > 0;
		if (ages[i] > 0 && ages[i] <= i)
			contents &= old == colour(i - ages[i]);
		printf("frame %d: buffer age %d, holding 0x%06x\n", i, ages[i], old);
	}
	check(!errors, "12 swaps at interval 0 succeed");
	check(ages[0] == 0, "the first buffer's age is 0");
	check(bounded, "ages never exceed the frames drawn");
	check(reused, "buffers come back (an age > 0)");
	check(contents, "a buffer of age k holds the frame drawn k frames ago");
}

static void check_interval1(struct client *c)
{
	bool ok = true;

	eglSwapInterval(c->egl, 1);
	for (int i = 0; i < 6; i++)
		ok &= frame(c, 0x0000ff) >= 0;
	check(ok, "6 swaps at interval 1 (each waits for a CompleteNotify)");
	XSync(c->dpy, False);
	check(window_pixel(c, 80, 60) == 0x0000ff, "the window shows the last frame (blue)");
}

static void check_resize(struct client *c)
{
	uint32_t px = 0;

	XResizeWindow(c->dpy, c->win, 240, 180);
	XSync(c->dpy, False);
	for (int i = 0; i < 4; i++)
		frame(c, 0xff0000);
	printf("after the resize: %dx%d\n", query(c, EGL_WIDTH), query(c, EGL_HEIGHT));
	check(query(c, EGL_WIDTH) == 240 && query(c, EGL_HEIGHT) == 180,
	      "the surface follows the window to 240x180");
	XSync(c->dpy, False);
	px = window_pixel(c, 230, 170);
	printf("pixel at 230,170: 0x%06x\n", px);
	check(px == 0xff0000, "the new corner shows the new frame (red)");
}

static void check_window_gone(struct client *c)
{
	EGLBoolean ok;

	XDestroyWindow(c->dpy, c->win);
	XSync(c->dpy, False);
	frame(c, 0x00ffff); /* may still succeed: the server may not have told us yet */
	ok = eglSwapBuffers(c->egl, c->surf);
	if (ok)
		ok = frame(c, 0x00ffff) >= 0;
	check(!ok && eglGetError() == EGL_BAD_NATIVE_WINDOW,
	      "swaps after the window was destroyed fail with EGL_BAD_NATIVE_WINDOW");
}

int main(void)
{
	struct client c = { 0 };

	if (!setup(&c)) {
		printf("FAIL: no EGL window on $DISPLAY (EGL error 0x%x)\n", eglGetError());
		return 1;
	}
	check_ages(&c);
	check_interval1(&c);
	check_resize(&c);
	check_window_gone(&c);
	eglMakeCurrent(c.egl, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroySurface(c.egl, c.surf);
	eglTerminate(c.egl);
	XCloseDisplay(c.dpy);
	printf("%s\n", failures ? "FAIL" : "PASS");
	return failures ? 1 : 0;
}
