/* SPDX-License-Identifier: MIT */
/*
 * X11 windows through DRI3 + Present: zero copies on virtgl's side.
 *
 * The display: DRI3Open names the server's DRM device; only when it is the
 * device virtgl renders on (the same render node) can the server use our
 * dma-bufs, else the platform keeps the PutImage path.
 *
 * A window surface has up to four buffers, each a virtgl resource exported
 * once as a dma-buf and made a pixmap once (DRI3PixmapFromBuffer), with an
 * xshmfence shared as a SYNC fence (DRI3FenceFromFD). GL renders straight
 * into one (y-down, as X's pixmaps are); a swap flushes, then
 * PresentPixmap's it with its fence as the idle fence: the server reads it
 * after that submission (the host runs the virtio queue in order) by flip
 * or copy. A buffer comes back for drawing on its IdleNotify, once its
 * fence is triggered. With a swap interval of 1 each swap first waits for
 * the previous one's CompleteNotify (the server presents at a vblank); with
 * 0 it presents with PresentOptionAsync, and the buffers' release is the
 * only throttle.
 *
 * Present events come on a queue of their own (xcb_register_for_special_xge):
 * the application's event loop never sees them. ConfigureNotify gives the
 * window's new size, used from the next acquisition (new buffers; the old
 * ones go once idle). Waits poll the connection with a timeout and check
 * that the window still exists, so a window destroyed under the surface, or
 * a server that went away, ends a wait with EGL_BAD_NATIVE_WINDOW, never a
 * hang.
 */
#include "egl_x11_dri3.h"

#include <poll.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <X11/xshmfence.h>
#include <drm_fourcc.h>
#include <xcb/dri3.h>
#include <xcb/present.h>
#include <xcb/sync.h>
#include <xf86drm.h>

#include "egl_buffer_slot.h"
#include "egl_context.h"
#include "egl_current.h"
#include "egl_error.h"
#include "egl_surface.h"
#include "vgl.h"

#define DRI3_BUFFERS 4
/* how long a wait sleeps before it checks that the window still exists */
#define DRI3_POLL_MS 100

struct x11_dri3 {
	xcb_connection_t *conn;
	struct vgl_device *dev;
};

/* slot.held: presented, no IdleNotify yet */
struct dri3_buffer {
	struct egl_buffer_slot slot;    /* first: egl_buffer_slot_pick walks them */
	xcb_pixmap_t pixmap;
	xcb_sync_fence_t fence;         /* the shm fence, as the server knows it */
	struct xshmfence *shm;
};

struct x11_dri3_window {
	struct x11_dri3 *dri3;
	struct egl_surface *surface;
	xcb_window_t window;
	uint8_t depth;
	uint32_t fourcc;
	xcb_present_event_t eid;
	xcb_special_event_t *events;
	uint32_t width, height;         /* for new buffers (the last ConfigureNotify) */
	uint64_t swaps;
	uint32_t completed;             /* the serial of the last CompleteNotify */
	uint32_t flips, copies;         /* CompleteNotify modes, for the debug line */
	bool gone;                      /* the window or the server went away */
	bool released;                  /* eglTerminate gave back its X resources */
	struct dri3_buffer buffers[DRI3_BUFFERS];
};

static void dri3_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void dri3_debug(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	egl_vdebug("x11", fmt, ap);
	va_end(ap);
}

/* ---- the display ------------------------------------------------------------------ */

static bool has_extension(xcb_connection_t *conn, xcb_extension_t *ext)
{
	const xcb_query_extension_reply_t *r = xcb_get_extension_data(conn, ext);

	return r && r->present;
}

/* DRI3 >= 1.0 and Present >= 1.0; NULL, or what is missing. */
static const char *versions_missing(xcb_connection_t *conn)
{
	xcb_dri3_query_version_reply_t *dri3;
	xcb_present_query_version_reply_t *present;
	const char *why = NULL;

	if (!has_extension(conn, &xcb_dri3_id))
		return "the server has no DRI3";
	if (!has_extension(conn, &xcb_present_id))
		return "the server has no Present";
	dri3 = xcb_dri3_query_version_reply(conn, xcb_dri3_query_version(conn, 1, 0), NULL);
	present = xcb_present_query_version_reply(conn, xcb_present_query_version(conn, 1, 0), NULL);
	if (!dri3 || !present)
		why = "DRI3 or Present QueryVersion failed";
	free(dri3);
	free(present);
	return why;
}

/* The server's DRM device (DRI3Open), as a file descriptor; -1: none. */
static int server_device(xcb_connection_t *conn, xcb_window_t root)
{
	xcb_dri3_open_reply_t *r = xcb_dri3_open_reply(conn, xcb_dri3_open(conn, root, 0), NULL);
	int fd = -1;

	if (r && r->nfd == 1)
		fd = xcb_dri3_open_reply_fds(conn, r)[0];
	free(r);
	return fd;
}

/* Whether fd is a node of the device virtgl renders on: both name the same
 * render node (a card node's fd names its device's too). */
static bool same_device(int fd, struct vgl_device *dev, char *server_node, size_t size)
{
	char card[64], render[64];
	char *node = drmGetRenderDeviceNameFromFd(fd);
	bool same;

	snprintf(server_node, size, "%s", node ? node : "no render node");
	same = node && vgl_device_drm_nodes(dev, card, render) && strcmp(node, render) == 0;
	free(node);
	return same;
}

struct x11_dri3 *x11_dri3_open(xcb_connection_t *conn, xcb_window_t root, struct vgl_device *dev)
{
	const char *why = versions_missing(conn);
	struct x11_dri3 *dri3;
	char node[64];
	int fd;

	if (!why && !vgl_device_has_dma_buf(dev))
		why = "virtgl's device has no dma-bufs (vtest)";
	if (why) {
		dri3_debug("no DRI3: %s; presenting by copy", why);
		return NULL;
	}
	fd = server_device(conn, root);
	if (fd < 0 || !same_device(fd, dev, node, sizeof(node))) {
		dri3_debug("no DRI3: the server's device (%s) is not virtgl's; presenting by copy",
			   fd < 0 ? "DRI3Open failed" : node);
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	close(fd);
	dri3 = calloc(1, sizeof(*dri3));
	if (dri3)
		*dri3 = (struct x11_dri3){ .conn = conn, .dev = dev };
	/* the tests tell the DRI3 path by this line */
	dri3_debug("DRI3 + Present on %s: windows are presented as shared pixmaps", node);
	return dri3;
}

void x11_dri3_close(struct x11_dri3 *dri3)
{
	free(dri3);
}

/* ---- buffers ----------------------------------------------------------------------- */

static xcb_connection_t *conn_of(const struct x11_dri3_window *w)
{
	return w->dri3->conn;
}

/* A request whose error, if any, is dropped (an X error reaching Xlib's
 * default handler would exit the application). */
static void discard(xcb_connection_t *conn, xcb_void_cookie_t c)
{
	xcb_discard_reply(conn, c.sequence);
}

static void buffer_destroy(struct x11_dri3_window *w, struct dri3_buffer *b)
{
	xcb_connection_t *conn = conn_of(w);

	if (b->pixmap && !w->released && !xcb_connection_has_error(conn)) {
		discard(conn, xcb_free_pixmap_checked(conn, b->pixmap));
		discard(conn, xcb_sync_destroy_fence_checked(conn, b->fence));
	}
	if (b->shm)
		xshmfence_unmap_shm(b->shm);
	vgl_window_buffer_destroy(b->slot.vgl);
	*b = (struct dri3_buffer){ 0 };
}

/* The buffer's idle fence: an xshmfence, triggered (the buffer is free). */
static int share_fence(struct x11_dri3_window *w, struct dri3_buffer *b)
{
	xcb_connection_t *conn = conn_of(w);
	int fd = xshmfence_alloc_shm();

	if (fd < 0)
		return VGL_ERROR_OUT_OF_MEMORY;
	b->shm = xshmfence_map_shm(fd);
	if (!b->shm) {
		close(fd);
		return VGL_ERROR_OUT_OF_MEMORY;
	}
	xshmfence_trigger(b->shm);
	b->fence = xcb_generate_id(conn);
	/* xcb sends the fd and closes it */
	discard(conn, xcb_dri3_fence_from_fd_checked(conn, b->pixmap, b->fence, 1, fd));
	return VGL_OK;
}

/* The buffer as a pixmap: one plane, the shared layout (stride = width x 4,
 * which DRI3 1.0 carries in 16 bits). */
static int share_pixmap(struct x11_dri3_window *w, struct dri3_buffer *b)
{
	xcb_connection_t *conn = conn_of(w);
	uint32_t stride = w->width * 4;
	int fd = -1, ret;

	if (stride > UINT16_MAX || (uint64_t)stride * w->height > UINT32_MAX)
		return VGL_ERROR_OUT_OF_MEMORY;
	ret = vgl_window_buffer_export_fd(b->slot.vgl, &fd);
	if (ret)
		return ret;
	b->pixmap = xcb_generate_id(conn);
	discard(conn, xcb_dri3_pixmap_from_buffer_checked(conn, b->pixmap, w->window,
							  stride * w->height, (uint16_t)w->width,
							  (uint16_t)w->height, (uint16_t)stride, w->depth,
							  32, fd));
	return VGL_OK;
}

/* A new buffer of the window's size in the empty slot b. */
static int buffer_create(struct x11_dri3_window *w, struct dri3_buffer *b)
{
	int ret = vgl_window_buffer_create(w->dri3->dev, w->width, w->height, w->fourcc, &b->slot.vgl);

	if (!ret)
		ret = share_pixmap(w, b);
	if (!ret)
		ret = share_fence(w, b);
	if (ret) {
		dri3_debug("a %ux%u buffer failed (%d)", w->width, w->height, ret);
		buffer_destroy(w, b);
		return ret;
	}
	b->slot.width = w->width;
	b->slot.height = w->height;
	return VGL_OK;
}

/* ---- Present events ------------------------------------------------------------------ */

static void idle(struct x11_dri3_window *w, xcb_pixmap_t pixmap)
{
	for (int i = 0; i < DRI3_BUFFERS; i++)
		if (w->buffers[i].slot.vgl && w->buffers[i].pixmap == pixmap)
			w->buffers[i].slot.held = false;
}

static void completed(struct x11_dri3_window *w, const xcb_present_complete_notify_event_t *e)
{
	if (e->kind != XCB_PRESENT_COMPLETE_KIND_PIXMAP)
		return;
	w->completed = e->serial;
	if (e->mode == XCB_PRESENT_COMPLETE_MODE_FLIP)
		w->flips++;
	else if (e->mode == XCB_PRESENT_COMPLETE_MODE_COPY)
		w->copies++;
}

static void handle_event(struct x11_dri3_window *w, xcb_present_generic_event_t *ge)
{
	const xcb_present_configure_notify_event_t *c = (void *)ge;

	switch (ge->evtype) {
	case XCB_PRESENT_CONFIGURE_NOTIFY:
		w->width = c->width ? c->width : 1;
		w->height = c->height ? c->height : 1;
		break;
	case XCB_PRESENT_COMPLETE_NOTIFY:
		completed(w, (void *)ge);
		break;
	case XCB_PRESENT_IDLE_NOTIFY:
		idle(w, ((xcb_present_idle_notify_event_t *)ge)->pixmap);
		break;
	}
	free(ge);
}

/* The events already received (reading what the socket holds). */
static void handle_pending(struct x11_dri3_window *w)
{
	xcb_generic_event_t *e;

	while ((e = xcb_poll_for_special_event(conn_of(w), w->events)))
		handle_event(w, (xcb_present_generic_event_t *)e);
}

static bool window_exists(struct x11_dri3_window *w)
{
	xcb_connection_t *conn = conn_of(w);
	xcb_get_geometry_reply_t *g = xcb_get_geometry_reply(conn, xcb_get_geometry(conn, w->window),
							     NULL);

	free(g);
	return g != NULL;
}

/* Handles at least one more event; false when the window or the server
 * went away (nothing more will come). */
static bool wait_event(struct x11_dri3_window *w)
{
	xcb_connection_t *conn = conn_of(w);
	xcb_generic_event_t *e;
	struct pollfd p = { .fd = xcb_get_file_descriptor(conn), .events = POLLIN };

	while (!(e = xcb_poll_for_special_event(conn, w->events))) {
		if (xcb_connection_has_error(conn))
			break;
		if (poll(&p, 1, DRI3_POLL_MS) == 0 && !window_exists(w))
			break;
	}
	if (!e) {
		w->gone = true;
		dri3_debug("window 0x%x %s", w->window,
			   xcb_connection_has_error(conn) ? "lost its server" : "is gone");
		return false;
	}
	handle_event(w, (xcb_present_generic_event_t *)e);
	return true;
}

/* ---- acquiring a back buffer ------------------------------------------------------------ */

/* Idle buffers of an old size go (a resize). */
static void drop_stale(struct x11_dri3_window *w)
{
	for (int i = 0; i < DRI3_BUFFERS; i++) {
		struct dri3_buffer *b = &w->buffers[i];

		if (egl_buffer_slot_stale(&b->slot, w->width, w->height))
			buffer_destroy(w, b);
	}
}

/* The idle buffer of the current size presented last, else an empty slot,
 * else NULL (all busy). */
static struct dri3_buffer *pick(struct x11_dri3_window *w)
{
	int i = egl_buffer_slot_pick(&w->buffers[0].slot, sizeof(w->buffers[0]), DRI3_BUFFERS,
				     w->width, w->height);

	return i < 0 ? NULL : &w->buffers[i];
}

static struct dri3_buffer *next_buffer(struct x11_dri3_window *w)
{
	struct dri3_buffer *b;

	handle_pending(w);
	drop_stale(w);
	while (!(b = pick(w))) {
		if (!wait_event(w))
			return NULL;
		drop_stale(w);
	}
	if (!b->slot.vgl && buffer_create(w, b) != VGL_OK)
		return NULL;
	/* IdleNotify comes with the fence triggered: this returns at once */
	xshmfence_await(b->shm);
	return b;
}

/* vgl_window_ops.acquire: runs in GL calls of the thread the surface is
 * current on. */
static struct vgl_window_buffer *dri3_acquire(void *data, int *age)
{
	struct x11_dri3_window *w = data;
	struct dri3_buffer *b;

	if (w->gone || w->released)
		return NULL;
	b = next_buffer(w);
	if (!b)
		return NULL;
	*age = egl_buffer_slot_take(&b->slot, w->swaps);
	w->surface->width = (EGLint)w->width;
	w->surface->height = (EGLint)w->height;
	return b->slot.vgl;
}

static const struct vgl_window_ops dri3_window_ops = { .acquire = dri3_acquire };

/* ---- window surfaces ------------------------------------------------------------------ */

/* Present's events for the window, on a queue of our own. */
static bool select_events(struct x11_dri3_window *w)
{
	xcb_connection_t *conn = conn_of(w);
	xcb_generic_error_t *err;

	w->eid = xcb_generate_id(conn);
	err = xcb_request_check(conn, xcb_present_select_input_checked(
					      conn, w->eid, w->window,
					      XCB_PRESENT_EVENT_MASK_CONFIGURE_NOTIFY |
						      XCB_PRESENT_EVENT_MASK_COMPLETE_NOTIFY |
						      XCB_PRESENT_EVENT_MASK_IDLE_NOTIFY));
	free(err);
	if (err)
		return false;
	w->events = xcb_register_for_special_xge(conn, &xcb_present_id, w->eid, NULL);
	return w->events != NULL;
}

static void window_size(struct x11_dri3_window *w, struct egl_surface *s)
{
	w->width = (uint32_t)s->width;
	w->height = (uint32_t)s->height;
}

EGLint x11_dri3_create_window(struct x11_dri3 *dri3, struct egl_surface *s, xcb_window_t win,
			      uint8_t depth, struct x11_dri3_window **out)
{
	struct x11_dri3_window *w = calloc(1, sizeof(*w));

	if (!w)
		return EGL_BAD_ALLOC;
	*w = (struct x11_dri3_window){ .dri3 = dri3, .surface = s, .window = win, .depth = depth,
				       .fourcc = depth == 32 ? DRM_FORMAT_ARGB8888
							     : DRM_FORMAT_XRGB8888 };
	window_size(w, s);
	if (!select_events(w)) {
		free(w);
		return EGL_BAD_NATIVE_WINDOW;
	}
	s->window_ops = &dri3_window_ops;
	s->window_data = w;
	*out = w;
	return EGL_SUCCESS;
}

void x11_dri3_release_window(struct x11_dri3_window *w)
{
	xcb_connection_t *conn = conn_of(w);

	if (w->released)
		return;
	for (int i = 0; i < DRI3_BUFFERS; i++)
		if (w->buffers[i].slot.vgl)
			buffer_destroy(w, &w->buffers[i]);
	if (!xcb_connection_has_error(conn)) {
		discard(conn, xcb_present_select_input_checked(conn, w->eid, w->window, 0));
		xcb_flush(conn);
	}
	xcb_unregister_for_special_event(conn, w->events);
	w->events = NULL;
	w->released = true;
}

void x11_dri3_destroy_window(struct x11_dri3_window *w)
{
	x11_dri3_release_window(w);
	dri3_debug("window 0x%x: %llu swaps, %u completed as flips, %u as copies", w->window,
		   (unsigned long long)w->swaps, w->flips, w->copies);
	free(w);
}

/* ---- presenting ----------------------------------------------------------------------- */

/* Swap interval 1: the previous swap completed first. */
static bool wait_completed(struct x11_dri3_window *w)
{
	handle_pending(w);
	while (w->completed != (uint32_t)w->swaps)
		if (!wait_event(w))
			return false;
	return true;
}

static struct dri3_buffer *buffer_of(struct x11_dri3_window *w, const struct vgl_window_buffer *vgl)
{
	for (int i = 0; i < DRI3_BUFFERS; i++)
		if (w->buffers[i].slot.vgl == vgl)
			return &w->buffers[i];
	return NULL;
}

/* PresentPixmap b, its fence the idle fence; false when the server refused
 * it (the window is gone). */
static bool present(struct x11_dri3_window *w, struct dri3_buffer *b, EGLint interval)
{
	xcb_connection_t *conn = conn_of(w);
	uint32_t options = interval == 0 ? XCB_PRESENT_OPTION_ASYNC : XCB_PRESENT_OPTION_NONE;
	xcb_generic_error_t *err;

	xshmfence_reset(b->shm);
	egl_buffer_slot_present(&b->slot, &w->swaps);
	err = xcb_request_check(conn, xcb_present_pixmap_checked(
					      conn, w->window, b->pixmap, (uint32_t)w->swaps, 0, 0, 0,
					      0, 0, 0, b->fence, options, 0, 0, 0, 0, NULL));
	free(err);
	return !err && !xcb_connection_has_error(conn);
}

EGLint x11_dri3_swap(struct x11_dri3_window *w, struct egl_surface *s)
{
	struct vgl_window_buffer *vgl = NULL;
	int ret;

	if (w->gone || w->released)
		return EGL_BAD_NATIVE_WINDOW;
	if (s->swap_interval > 0 && !wait_completed(w))
		return EGL_BAD_NATIVE_WINDOW;
	ret = vgl_surface_swap(egl_current_context()->vgl, s->vgl, &vgl);
	if (ret == VGL_ERROR_DEVICE_LOST)
		return EGL_CONTEXT_LOST;
	if (ret)
		return w->gone ? EGL_BAD_NATIVE_WINDOW : EGL_BAD_ALLOC;
	if (!present(w, buffer_of(w, vgl), s->swap_interval)) {
		w->gone = true;
		dri3_debug("swap: PresentPixmap on window 0x%x failed", w->window);
		return EGL_BAD_NATIVE_WINDOW;
	}
	return EGL_SUCCESS;
}
