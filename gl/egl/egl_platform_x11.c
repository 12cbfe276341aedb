/* SPDX-License-Identifier: MIT */
/*
 * EGL_KHR_platform_x11 / EGL_EXT_platform_x11 and EGL_EXT_platform_xcb
 * without DRI3 (Xvfb, or any X server that shares no buffers with us):
 * windows are shown by copy; pixmaps are updated by copy (egl_x11_pixmap.c).
 *
 * A window surface renders into a private colour image like a pbuffer's
 * (GL-style rows, the surface's own). eglSwapBuffers reads it back through
 * the GPU (vgl_surface_read: one copy, one wait) top row first, straight
 * into a MIT-SHM segment the server reads (xcb_shm_put_image), or into
 * memory sent with plain PutImage requests where the server has no MIT-SHM
 * or cannot attach our segment. The image is B8G8R8A8, which is the byte
 * order of the depth 24/32 TrueColor visuals at 32 bits per pixel, or
 * R5G6B5, that of depth-16 ones (a 565 config; only where the screen has
 * such a visual): the copy converts nothing. PutImage has no vsync: swap
 * intervals 0 and 1 are accepted and both present at once.
 *
 * The image outlives the swap unchanged (the read back leaves it): after
 * a swap it holds the frame just shown, so EGL_BUFFER_AGE_EXT is 1 whatever
 * EGL_SWAP_BEHAVIOR says, and 0 for a new surface or a resized one.
 *
 * Every swap asks the server for the window's geometry (one round trip,
 * before the new pixels go into the segment the server may still be
 * reading from): a window gone is EGL_BAD_NATIVE_WINDOW, a new size makes
 * the surface's images anew for the next frame (EGL_WIDTH/HEIGHT follow).
 * The pixels are put with checked requests whose errors are discarded: an
 * X error sent to Xlib's default handler would exit the application.
 *
 * xcb runs on the application's Xlib connection (XGetXCBConnection), or
 * on its xcb connection (EGL_PLATFORM_XCB_EXT); EGL_DEFAULT_DISPLAY opens a
 * connection of our own to $DISPLAY.
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/shm.h>

#include <X11/Xlib-xcb.h>
#include <xcb/shm.h>
#include <xcb/xcb.h>

#include "egl_config.h"
#include "egl_context.h"
#include "egl_current.h"
#include "egl_display.h"
#include "egl_error.h"
#include "egl_platform.h"
#include "egl_surface.h"
#include "egl_x11.h"
#include "egl_x11_dri3.h"
#include "vgl.h"

struct x11_display {
	struct egl_display base;
	xcb_connection_t *conn;
	int screen_nr;
	xcb_screen_t *screen;
	/* TrueColor visuals of the pixel layouts below (0: none) */
	xcb_visualid_t visual16, visual24, visual32;
	bool shm;                 /* MIT-SHM usable (cleared when attach fails) */
	uint32_t max_request;     /* bytes */
	struct x11_dri3 *dri3;    /* DRI3 + Present on our device: no copies */
	struct x11_window *windows; /* live window surfaces (under egl_lock()) */
	struct x11_display *next;
};

/* The frame's pixels as the server reads them. */
struct x11_pixels {
	uint8_t *data;
	uint32_t width, height;   /* what data holds */
	int shmid;                /* -1: malloc'd, sent with PutImage */
	xcb_shm_seg_t seg;
};

struct x11_window {
	struct x11_display *display;
	xcb_window_t window;
	xcb_gcontext_t gc;
	uint8_t depth, cpp;       /* cpp: bytes per pixel */
	struct x11_pixels pixels;
	int age;                  /* EGL_BUFFER_AGE_EXT (windows) */
	/* its X resources were given back at eglTerminate: the application may
	 * close its Display then, before the surface (still current) goes */
	bool released;
	struct x11_dri3_window *dri3; /* the window's pixmaps, where the display has DRI3 */
	struct x11_window *next;
};

static struct x11_display *all_x11_displays; /* under egl_lock() */

static struct x11_display *to_x11(struct egl_display *d)
{
	return (struct x11_display *)d;
}

/* ---- displays ------------------------------------------------------------------ */

static struct x11_display *find_or_add(const struct egl_platform *p, xcb_connection_t *conn,
				       void *native, int screen)
{
	struct x11_display *x;

	egl_lock();
	for (x = all_x11_displays; x && (x->base.native != native || x->screen_nr != screen ||
					 x->base.platform != p);
	     x = x->next)
		;
	/* a Display closed and another opened at its address: its connection now */
	if (x)
		x->conn = conn;
	if (!x && (x = calloc(1, sizeof(*x)))) {
		*x = (struct x11_display){ .base = { .platform = p, .native = native },
					   .conn = conn, .screen_nr = screen,
					   .next = all_x11_displays };
		all_x11_displays = x;
	}
	egl_unlock();
	return x;
}

/* The screen attribute (EGL_PLATFORM_X11_SCREEN_KHR, _XCB_SCREEN_EXT) is
 * the one attribute; -1: the default screen. */
static EGLint parse_attribs(const EGLAttrib *attribs, EGLAttrib name, int *screen)
{
	*screen = -1;
	for (int i = 0; attribs && attribs[i] != EGL_NONE; i += 2) {
		if (attribs[i] != name || attribs[i + 1] < 0 || attribs[i + 1] > 255)
			return EGL_BAD_ATTRIBUTE;
		*screen = (int)attribs[i + 1];
	}
	return EGL_SUCCESS;
}

/* The default display: our own connection to $DISPLAY, made once. */
static xcb_connection_t *default_connection(int *screen)
{
	static xcb_connection_t *conn;
	static int default_screen;

	egl_lock();
	if (!conn) {
		conn = xcb_connect(NULL, &default_screen);
		if (xcb_connection_has_error(conn)) {
			xcb_disconnect(conn);
			conn = NULL;
		}
	}
	if (*screen < 0)
		*screen = default_screen;
	egl_unlock();
	return conn;
}

static xcb_connection_t *native_connection(const struct egl_platform *p, void *native,
					    int *screen)
{
	if (!native)
		return default_connection(screen);
	/* a bare xcb connection does not know $DISPLAY's screen: screen 0 */
	if (p == &egl_platform_xcb) {
		*screen = *screen < 0 ? 0 : *screen;
		return native;
	}
	if (*screen < 0)
		*screen = DefaultScreen((Display *)native);
	return XGetXCBConnection(native);
}

static bool screen_exists(xcb_connection_t *conn, int screen)
{
	return screen < xcb_setup_roots_length(xcb_get_setup(conn));
}

static struct egl_display *get_display(const struct egl_platform *p, void *native,
				       const EGLAttrib *attribs, EGLint *error)
{
	xcb_connection_t *conn;
	struct x11_display *x;
	int screen;

	*error = parse_attribs(attribs, p == &egl_platform_xcb ? EGL_PLATFORM_XCB_SCREEN_EXT
							   : EGL_PLATFORM_X11_SCREEN_KHR,
			       &screen);
	if (*error != EGL_SUCCESS)
		return NULL;
	conn = native_connection(p, native, &screen);
	if (!conn || xcb_connection_has_error(conn)) {
		egl_debug("X11 display %p declined: %s", native,
			  conn ? "its X connection has failed" : "cannot connect to $DISPLAY");
		*error = EGL_SUCCESS;
		return NULL;
	}
	if (!screen_exists(conn, screen)) {
		egl_debug("X11 display %p declined: no screen %d", native, screen);
		*error = EGL_BAD_ATTRIBUTE;
		return NULL;
	}
	x = find_or_add(p, conn, native, screen);
	if (!x) {
		*error = EGL_BAD_ALLOC;
		return NULL;
	}
	return egl_display_register(&x->base);
}

static struct egl_display *x11_get_display(void *native, const EGLAttrib *attribs, EGLint *error)
{
	return get_display(&egl_platform_x11, native, attribs, error);
}

static struct egl_display *xcb_get_display(void *native, const EGLAttrib *attribs, EGLint *error)
{
	return get_display(&egl_platform_xcb, native, attribs, error);
}

static xcb_screen_t *nth_screen(xcb_connection_t *conn, int n)
{
	xcb_screen_iterator_t it = xcb_setup_roots_iterator(xcb_get_setup(conn));

	for (; n > 0; n--)
		xcb_screen_next(&it);
	return it.data;
}

/* The pixel layouts virtgl's images have as they are, in the server's
 * ZPixmap images (little-endian ones): the depths it draws into. */
static const struct x11_layout {
	uint8_t depth, bits_per_pixel;
	uint32_t red_mask, green_mask, blue_mask;
	EGLint red_size;          /* the configs that render it */
	VkFormat format;
} layouts[] = {
	{ 16, 16, 0xf800, 0x07e0, 0x001f, 5, VK_FORMAT_R5G6B5_UNORM_PACK16 },
	{ 24, 32, 0xff0000, 0xff00, 0xff, 8, VK_FORMAT_B8G8R8A8_UNORM },
	{ 32, 32, 0xff0000, 0xff00, 0xff, 8, VK_FORMAT_B8G8R8A8_UNORM },
};

/* The layout of drawables of `depth` on this server, or NULL. */
static const struct x11_layout *layout_of_depth(xcb_connection_t *conn, uint8_t depth)
{
	const xcb_setup_t *setup = xcb_get_setup(conn);
	xcb_format_iterator_t it = xcb_setup_pixmap_formats_iterator(setup);
	const struct x11_layout *l = NULL;

	for (size_t i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++)
		l = layouts[i].depth == depth ? &layouts[i] : l;
	if (!l || setup->image_byte_order != XCB_IMAGE_ORDER_LSB_FIRST)
		return NULL;
	for (; it.rem; xcb_format_next(&it))
		if (it.data->depth == depth)
			return it.data->bits_per_pixel == l->bits_per_pixel ? l : NULL;
	return NULL;
}

static bool is_layout_visual(const struct x11_layout *l, const xcb_visualtype_t *v)
{
	return v->_class == XCB_VISUAL_CLASS_TRUE_COLOR && v->red_mask == l->red_mask &&
	       v->green_mask == l->green_mask && v->blue_mask == l->blue_mask;
}

/* A TrueColor visual of `depth` in its layout; the root visual if it is one. */
static xcb_visualid_t find_visual(struct x11_display *x, uint8_t depth)
{
	const struct x11_layout *l = layout_of_depth(x->conn, depth);
	xcb_depth_iterator_t it = xcb_screen_allowed_depths_iterator(x->screen);
	xcb_visualid_t found = 0;

	if (!l)
		return 0;
	for (; it.rem; xcb_depth_next(&it)) {
		xcb_visualtype_iterator_t v = xcb_depth_visuals_iterator(it.data);

		for (; it.data->depth == depth && v.rem; xcb_visualtype_next(&v)) {
			if (!is_layout_visual(l, v.data))
				continue;
			if (v.data->visual_id == x->screen->root_visual)
				return v.data->visual_id;
			found = found ? found : v.data->visual_id;
		}
	}
	return found;
}

static bool has_shm(xcb_connection_t *conn)
{
	const xcb_query_extension_reply_t *ext = xcb_get_extension_data(conn, &xcb_shm_id);
	xcb_shm_query_version_reply_t *ver;

	if (!ext || !ext->present)
		return false;
	ver = xcb_shm_query_version_reply(conn, xcb_shm_query_version(conn), NULL);
	free(ver);
	return ver != NULL;
}

static EGLint x11_initialize(struct egl_display *d)
{
	struct x11_display *x = to_x11(d);

	if (xcb_connection_has_error(x->conn)) {
		egl_debug("X11 display: the X connection has failed");
		return EGL_NOT_INITIALIZED;
	}
	x->screen = nth_screen(x->conn, x->screen_nr);
	x->visual16 = find_visual(x, 16);
	x->visual24 = find_visual(x, 24);
	x->visual32 = find_visual(x, 32);
	if (!x->visual24 && !x->visual32) {
		egl_debug("X11 screen %d has no 32-bit TrueColor visual of depth 24 or 32",
			  x->screen_nr);
		return EGL_NOT_INITIALIZED;
	}
	x->shm = has_shm(x->conn);
	x->max_request = xcb_get_maximum_request_length(x->conn) * 4;
	x->dri3 = x11_dri3_open(x->conn, x->screen->root, d->dev);
	egl_debug("X11 screen %d: visuals 0x%x (depth 24), 0x%x (depth 32), 0x%x (depth 16), %s",
		  x->screen_nr, x->visual24, x->visual32, x->visual16,
		  x->shm ? "MIT-SHM" : "no MIT-SHM: PutImage");
	return EGL_SUCCESS;
}

/* 8888 configs: alpha ones on a depth-32 visual where the server has one,
 * else depth 24; 565 ones on a depth-16 visual, where there is one (Xvfb
 * has none unless started at depth 16: those configs are then pbuffers). */
static EGLint x11_visual(struct egl_display *d, const struct egl_config *c)
{
	struct x11_display *x = to_x11(d);

	if (c->red == 5)
		return (EGLint)x->visual16;
	if (c->red != 8)
		return 0;
	if (c->alpha && x->visual32)
		return (EGLint)x->visual32;
	return (EGLint)(x->visual24 ? x->visual24 : x->visual32);
}

/* ---- the frame's pixels ------------------------------------------------------------ */

static void pixels_free(struct x11_display *x, struct x11_pixels *p)
{
	if (p->shmid >= 0) {
		if (!xcb_connection_has_error(x->conn))
			xcb_shm_detach(x->conn, p->seg);
		shmdt(p->data);
	} else {
		free(p->data);
	}
	*p = (struct x11_pixels){ .shmid = -1 };
}

/* A segment the server attached (read-only); false if it cannot. The id
 * is removed at once: the segment goes when both sides detached. */
static bool shm_attach(struct x11_display *x, struct x11_pixels *p, size_t size)
{
	xcb_generic_error_t *err;

	p->shmid = shmget(IPC_PRIVATE, size, IPC_CREAT | 0600);
	if (p->shmid < 0)
		return false;
	p->data = shmat(p->shmid, NULL, 0);
	if (p->data == (void *)-1) {
		shmctl(p->shmid, IPC_RMID, NULL);
		*p = (struct x11_pixels){ .shmid = -1 };
		return false;
	}
	p->seg = xcb_generate_id(x->conn);
	err = xcb_request_check(x->conn, xcb_shm_attach_checked(x->conn, p->seg, (uint32_t)p->shmid, 1));
	shmctl(p->shmid, IPC_RMID, NULL);
	free(err);
	if (err) {
		shmdt(p->data);
		*p = (struct x11_pixels){ .shmid = -1 };
	}
	return !err;
}

/* Pixels for a w x h frame, made when the size changed. */
static bool pixels_ensure(struct x11_display *x, struct x11_pixels *p, uint32_t w, uint32_t h,
			  uint8_t cpp)
{
	size_t size = (size_t)w * h * cpp; /* w, h < 2^16 */

	if (p->data && p->width == w && p->height == h)
		return true;
	pixels_free(x, p);
	if (x->shm && !shm_attach(x, p, size)) {
		/* e.g. a server in another IPC namespace: PutImage from now on */
		egl_debug("X11: MIT-SHM attach failed, presenting with PutImage");
		x->shm = false;
	}
	if (!p->data)
		p->data = malloc(size);
	p->width = w;
	p->height = h;
	return p->data != NULL;
}

/* ---- window surfaces ------------------------------------------------------------------ */

/* EGL_BAD_NATIVE_WINDOW for anything that is not a window of the server
 * (a pixmap has a geometry but no window attributes), EGL_BAD_MATCH for a
 * window whose pixels the config's image is not laid out as. */
static EGLint query_window(struct x11_display *x, const struct egl_config *c, xcb_window_t win,
			   uint8_t *depth, EGLint *width, EGLint *height)
{
	xcb_get_window_attributes_cookie_t ac = xcb_get_window_attributes(x->conn, win);
	xcb_get_geometry_cookie_t gc = xcb_get_geometry(x->conn, win);
	xcb_get_window_attributes_reply_t *attrs = xcb_get_window_attributes_reply(x->conn, ac, NULL);
	xcb_get_geometry_reply_t *geom = xcb_get_geometry_reply(x->conn, gc, NULL);
	EGLint err = EGL_SUCCESS;

	if (!attrs || !geom)
		err = EGL_BAD_NATIVE_WINDOW;
	else if (x11_depth_matches(&x->base, c, geom->depth) != EGL_SUCCESS)
		err = EGL_BAD_MATCH;
	else {
		*depth = geom->depth;
		*width = geom->width;
		*height = geom->height;
	}
	free(attrs);
	free(geom);
	return err;
}

/* ---- drawables (windows, and pixmaps: egl_x11_pixmap.c) ------------------------------- */

xcb_connection_t *x11_connection(struct egl_display *d)
{
	return to_x11(d)->conn;
}

/* Configs render the layout of the same red size (8888 and 888: depths 24
 * and 32, alpha kept or dropped; 565: depth 16). */
EGLint x11_depth_matches(struct egl_display *d, const struct egl_config *c, uint8_t depth)
{
	const struct x11_layout *l = layout_of_depth(to_x11(d)->conn, depth);

	return l && l->red_size == c->red ? EGL_SUCCESS : EGL_BAD_MATCH;
}

bool x11_config_has_depth(struct egl_display *d, const struct egl_config *c)
{
	for (size_t i = 0; i < sizeof(layouts) / sizeof(layouts[0]); i++)
		if (x11_depth_matches(d, c, layouts[i].depth) == EGL_SUCCESS)
			return true;
	return false;
}

/* The image format of a drawable of `depth` (one x11_depth_matches took):
 * the server's byte order, so that the read back is a plain copy. */
VkFormat x11_depth_format(struct egl_display *d, uint8_t depth)
{
	return layout_of_depth(to_x11(d)->conn, depth)->format;
}

struct x11_window *x11_drawable_new(struct egl_display *d, xcb_drawable_t id, uint8_t depth)
{
	struct x11_display *x = to_x11(d);
	struct x11_window *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	*w = (struct x11_window){ .display = x, .window = id, .depth = depth,
				  .cpp = layout_of_depth(x->conn, depth)->bits_per_pixel / 8,
				  .gc = xcb_generate_id(x->conn), .pixels = { .shmid = -1 } };
	xcb_create_gc(x->conn, w->gc, id, 0, NULL);
	w->next = x->windows;
	x->windows = w;
	return w;
}

static EGLint x11_create_window(struct egl_display *d, struct egl_surface *s, void *native)
{
	struct x11_display *x = to_x11(d);
	xcb_window_t win = (xcb_window_t)(uintptr_t)native;
	struct x11_window *w;
	uint8_t depth = 0;
	EGLint err;

	if (!win || xcb_connection_has_error(x->conn))
		return EGL_BAD_NATIVE_WINDOW;
	err = query_window(x, s->config, win, &depth, &s->width, &s->height);
	if (err != EGL_SUCCESS)
		return err;
	s->platform_data = x11_drawable_new(d, win, depth);
	if (!s->platform_data)
		return EGL_BAD_ALLOC;
	s->color = x11_depth_format(d, depth);
	/* DRI3 buffers are 8888 (XRGB / ARGB); a depth-16 window is copied */
	w = s->platform_data;
	err = x->dri3 && depth >= 24 ? x11_dri3_create_window(x->dri3, s, win, depth, &w->dri3)
				    : EGL_SUCCESS;
	if (err != EGL_SUCCESS) {
		x11_drawable_destroy(w);
		s->platform_data = NULL;
	}
	return err;
}

/* The window's X resources (segment, GC), while the connection is the
 * application's still. */
static void release_x_resources(struct x11_window *w)
{
	struct x11_display *x = w->display;

	if (w->released)
		return;
	if (w->dri3)
		x11_dri3_release_window(w->dri3);
	pixels_free(x, &w->pixels);
	if (!xcb_connection_has_error(x->conn)) {
		xcb_free_gc(x->conn, w->gc);
		xcb_flush(x->conn);
	}
	w->released = true;
}

static void unlist_window(struct x11_window *w)
{
	struct x11_window **p = &w->display->windows;

	while (*p && *p != w)
		p = &(*p)->next;
	if (*p)
		*p = w->next;
}

void x11_drawable_destroy(struct x11_window *w)
{
	release_x_resources(w);
	if (w->dri3)
		x11_dri3_destroy_window(w->dri3);
	unlist_window(w);
	free(w);
}

static void x11_destroy_window(struct egl_surface *s)
{
	x11_drawable_destroy(s->platform_data);
	s->platform_data = NULL;
}

/* eglTerminate: surfaces still current live on, but the application may
 * close its Display right after; nothing of theirs may touch it later. */
static void x11_terminate(struct egl_display *d)
{
	for (struct x11_window *w = to_x11(d)->windows; w; w = w->next)
		release_x_resources(w);
	x11_dri3_close(to_x11(d)->dri3);
	to_x11(d)->dri3 = NULL;
}

/* PutImage requests of as many rows as the server takes in one. */
static void put_rows(struct x11_display *x, struct x11_window *w)
{
	const struct x11_pixels *p = &w->pixels;
	size_t stride = (size_t)p->width * w->cpp;
	uint32_t rows = (uint32_t)((x->max_request - 32) / stride);

	rows = rows ? rows : 1;
	for (uint32_t y = 0; y < p->height; y += rows) {
		uint32_t n = p->height - y < rows ? p->height - y : rows;
		xcb_void_cookie_t c = xcb_put_image_checked(
			x->conn, XCB_IMAGE_FORMAT_Z_PIXMAP, w->window, w->gc, (uint16_t)p->width,
			(uint16_t)n, 0, (int16_t)y, 0, w->depth, (uint32_t)(n * stride),
			p->data + y * stride);

		xcb_discard_reply(x->conn, c.sequence);
	}
}

static void put_frame(struct x11_display *x, struct x11_window *w)
{
	const struct x11_pixels *p = &w->pixels;
	xcb_void_cookie_t c;

	if (p->shmid < 0) {
		put_rows(x, w);
	} else {
		c = xcb_shm_put_image_checked(x->conn, w->window, w->gc, (uint16_t)p->width,
					      (uint16_t)p->height, 0, 0, (uint16_t)p->width,
					      (uint16_t)p->height, 0, 0, w->depth,
					      XCB_IMAGE_FORMAT_Z_PIXMAP, 0, p->seg, 0);
		xcb_discard_reply(x->conn, c.sequence);
	}
	xcb_flush(x->conn);
}

/* The window's size now; false when it is gone or the server is. */
static bool window_size(struct x11_display *x, xcb_window_t win, uint32_t *w, uint32_t *h)
{
	xcb_get_geometry_reply_t *g;

	if (xcb_connection_has_error(x->conn))
		return false;
	g = xcb_get_geometry_reply(x->conn, xcb_get_geometry(x->conn, win), NULL);
	if (g) {
		*w = g->width;
		*h = g->height;
	}
	free(g);
	return g != NULL;
}

/* The window changed size: the next frame renders at the new one. */
static EGLint follow_size(struct egl_surface *s, uint32_t width, uint32_t height)
{
	int ret;

	if ((EGLint)width == s->width && (EGLint)height == s->height)
		return EGL_SUCCESS;
	((struct x11_window *)s->platform_data)->age = 0; /* new images */
	ret = vgl_surface_resize(egl_current_context()->vgl, s->vgl, width, height);
	if (ret)
		return ret == VGL_ERROR_DEVICE_LOST ? EGL_CONTEXT_LOST : EGL_BAD_ALLOC;
	s->width = (EGLint)width;
	s->height = (EGLint)height;
	return EGL_SUCCESS;
}

int x11_drawable_put(struct x11_window *w, struct vgl_context *ctx, struct vgl_surface *surf,
		     uint32_t width, uint32_t height)
{
	int ret;

	if (w->released)
		return VGL_OK; /* eglTerminate gave the drawable's resources back */
	if (!pixels_ensure(w->display, &w->pixels, width, height, w->cpp))
		return VGL_ERROR_OUT_OF_MEMORY;
	ret = vgl_surface_read(ctx, surf, w->pixels.data, (size_t)width * w->cpp, true);
	if (ret == VGL_OK)
		put_frame(w->display, w);
	return ret;
}

static EGLint present(struct x11_window *w, struct egl_surface *s)
{
	int ret = x11_drawable_put(w, egl_current_context()->vgl, s->vgl, (uint32_t)s->width,
				   (uint32_t)s->height);

	if (ret)
		return ret == VGL_ERROR_DEVICE_LOST ? EGL_CONTEXT_LOST : EGL_BAD_ALLOC;
	w->age = 1; /* the image holds what the window shows now */
	return EGL_SUCCESS;
}

static EGLint x11_swap_buffers(struct egl_display *d, struct egl_surface *s)
{
	struct x11_display *x = to_x11(d);
	struct x11_window *w = s->platform_data;
	uint32_t width, height;
	EGLint err;

	if (w->dri3)
		return x11_dri3_swap(w->dri3, s);
	/* the reply also tells that the server has read the last frame's
	 * segment, which the new frame overwrites */
	if (!window_size(x, w->window, &width, &height)) {
		egl_debug("X11 swap: window 0x%x %s", w->window,
			  xcb_connection_has_error(x->conn) ? "lost its server" : "is gone");
		return EGL_BAD_NATIVE_WINDOW;
	}
	err = present(w, s);
	if (err == EGL_SUCCESS)
		err = follow_size(s, width, height);
	return err;
}

static EGLint x11_buffer_age(struct egl_surface *s)
{
	return ((struct x11_window *)s->platform_data)->age;
}

/* The two tables differ in the native display and the size of the ids
 * the platform entry points point at. */
#define X11_PLATFORM_COMMON                                                                  \
	.initialize = x11_initialize, .terminate = x11_terminate,                            \
	.create_window = x11_create_window, .destroy_window = x11_destroy_window,            \
	.window_by_pointer = true, .swap_buffers = x11_swap_buffers,                         \
	.buffer_age = x11_buffer_age, .create_pixmap = x11_create_pixmap,                    \
	.destroy_pixmap = x11_destroy_pixmap, .pixmap_config = x11_config_has_depth,         \
	.visual = x11_visual, .native_visual_type = XCB_VISUAL_CLASS_TRUE_COLOR,             \
	.extensions = "EGL_EXT_buffer_age"

const struct egl_platform egl_platform_x11 = {
	.platform = EGL_PLATFORM_X11_KHR,
	.name = "x11",
	.get_display = x11_get_display,
	X11_PLATFORM_COMMON,
};

const struct egl_platform egl_platform_xcb = {
	.platform = EGL_PLATFORM_XCB_EXT,
	.name = "xcb",
	.get_display = xcb_get_display,
	.native_id_32 = true,
	X11_PLATFORM_COMMON,
};
