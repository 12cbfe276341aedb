/* SPDX-License-Identifier: MIT */
/*
 * Wayland window surfaces: a wl_egl_window (wayland-egl-backend.h, v3) and
 * up to four buffers, each a virtgl resource exported once as a dma-buf and
 * wrapped once as a wl_buffer (zwp_linux_buffer_params_v1.create_immed).
 *
 * GL renders straight into a buffer (y-down, gl/vgl_framebuffer.h) that
 * vgl_window_ops.acquire hands out, as on GBM. A swap flushes, then attaches
 * it, damages, commits: the compositor reads it after that submission (the
 * host runs the virtio queue in order), and it comes back for drawing only
 * on wl_buffer.release. With a swap interval of 1 each swap first waits for
 * the previous one's frame callback. All waiting dispatches the display's
 * private queue only, and a dead connection ends it with an error.
 *
 * A resize (wl_egl_window_resize) takes effect at the next acquisition: new
 * buffers of the new size; the old ones go once the compositor released
 * them. The application may destroy the wl_egl_window before the surface:
 * swaps then fail with EGL_BAD_NATIVE_WINDOW.
 */
#include <errno.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <drm_fourcc.h>
#include <wayland-client.h>
#include <wayland-egl-backend.h>

#include "egl_config.h"
#include "egl_buffer_slot.h"
#include "egl_context.h"
#include "egl_current.h"
#include "egl_surface.h"
#include "egl_wayland.h"
#include "linux-dmabuf-v1-client.h"
#include "vgl.h"

#define WAYLAND_BUFFERS 4

struct wayland_window;

/* slot.held: attached, the compositor's until release */
struct wayland_buffer {
	struct egl_buffer_slot slot;    /* first: egl_buffer_slot_pick walks them */
	struct wayland_window *window;
	struct wl_buffer *wl;
};

struct wayland_window {
	struct wayland_display *display;
	struct egl_surface *surface;
	struct wl_egl_window *native;   /* NULL once the application destroyed it */
	struct wl_surface *wrapper;     /* native->surface on the private queue */
	struct wl_callback *frame;      /* the last swap's, until done */
	uint32_t fourcc, mods;
	uint32_t width, height;         /* for new buffers (the last resize) */
	int dx, dy;                     /* wl_egl_window_resize's, for the next attach */
	uint64_t swaps;
	struct wayland_buffer *front;   /* the last one attached */
	struct wayland_buffer buffers[WAYLAND_BUFFERS];
};

static struct wl_display *native_display(const struct wayland_window *w)
{
	return w->display->native;
}

static struct wl_event_queue *queue(const struct wayland_window *w)
{
	return w->display->g.queue;
}

/* ---- buffers ------------------------------------------------------------------- */

static void buffer_release(void *data, struct wl_buffer *wl)
{
	struct wayland_buffer *b = data;

	(void)wl;
	b->slot.held = false;
}

static const struct wl_buffer_listener buffer_listener = { .release = buffer_release };

/* The dma-buf as a wl_buffer: one plane, the shared layout, the modifier
 * the compositor listed (LINEAR, else INVALID: "implicit", linear here). */
static struct wl_buffer *wrap_dma_buf(struct wayland_window *w, int fd, uint32_t width,
				      uint32_t height)
{
	uint64_t mod = w->mods & WAYLAND_MOD_LINEAR ? DRM_FORMAT_MOD_LINEAR : DRM_FORMAT_MOD_INVALID;
	struct zwp_linux_buffer_params_v1 *params;
	struct wl_buffer *buf;

	params = zwp_linux_dmabuf_v1_create_params(w->display->g.dmabuf);
	if (!params)
		return NULL;
	zwp_linux_buffer_params_v1_add(params, fd, 0, 0, width * 4, (uint32_t)(mod >> 32),
				       (uint32_t)mod);
	buf = zwp_linux_buffer_params_v1_create_immed(params, (int32_t)width, (int32_t)height,
						      w->fourcc, 0);
	zwp_linux_buffer_params_v1_destroy(params);
	return buf;
}

static void buffer_destroy(struct wayland_buffer *b)
{
	if (b->wl)
		wl_buffer_destroy(b->wl);
	vgl_window_buffer_destroy(b->slot.vgl);
	if (b->window->front == b)
		b->window->front = NULL;
	*b = (struct wayland_buffer){ .window = b->window };
}

/* A new buffer of the window's size in the empty slot b. */
static int buffer_create(struct wayland_window *w, struct wayland_buffer *b)
{
	struct vgl_device *dev = w->display->base.dev;
	int fd = -1, ret;

	if (!w->display->g.dmabuf)
		return VGL_ERROR_NO_DEVICE; /* the display was terminated */
	ret = vgl_window_buffer_create(dev, w->width, w->height, w->fourcc, &b->slot.vgl);
	if (!ret)
		ret = vgl_window_buffer_export_fd(b->slot.vgl, &fd);
	if (!ret) {
		b->wl = wrap_dma_buf(w, fd, w->width, w->height);
		close(fd);
	}
	if (!ret && !b->wl)
		ret = VGL_ERROR_OUT_OF_MEMORY;
	if (ret) {
		wayland_debug("a %ux%u buffer failed (%d)", w->width, w->height, ret);
		buffer_destroy(b);
		return ret;
	}
	b->slot.width = w->width;
	b->slot.height = w->height;
	wl_buffer_add_listener(b->wl, &buffer_listener, b);
	return VGL_OK;
}

/* Free buffers of an old size go (a resize); the last frame stays while it
 * may still be copied into a preserved back buffer. */
static void drop_stale(struct wayland_window *w)
{
	for (int i = 0; i < WAYLAND_BUFFERS; i++) {
		struct wayland_buffer *b = &w->buffers[i];

		if (b != w->front && egl_buffer_slot_stale(&b->slot, w->width, w->height))
			buffer_destroy(b);
	}
}

/* The free buffer of the current size last presented, else an empty slot,
 * else NULL (all held by the compositor). */
static struct wayland_buffer *pick(struct wayland_window *w)
{
	int i = egl_buffer_slot_pick(&w->buffers[0].slot, sizeof(w->buffers[0]), WAYLAND_BUFFERS,
				     w->width, w->height);

	return i < 0 ? NULL : &w->buffers[i];
}

/* A buffer to draw into, waiting for a release when all are held; NULL
 * when the connection died or no buffer could be made. */
static struct wayland_buffer *next_buffer(struct wayland_window *w)
{
	struct wayland_buffer *b;

	if (wl_display_dispatch_queue_pending(native_display(w), queue(w)) < 0)
		return NULL;
	drop_stale(w);
	while (!(b = pick(w)))
		if (wl_display_dispatch_queue(native_display(w), queue(w)) < 0)
			return NULL;
	if (!b->slot.vgl && buffer_create(w, b) != VGL_OK)
		return NULL;
	return b;
}

/* vgl_window_ops.acquire: runs in GL calls of the thread the surface is
 * current on. */
static struct vgl_window_buffer *wayland_acquire(void *data, int *age)
{
	struct wayland_window *w = data;
	struct wayland_buffer *b;

	if (!w->native)
		return NULL; /* the application destroyed the window */
	b = next_buffer(w);
	if (!b)
		return NULL;
	*age = egl_buffer_slot_take(&b->slot, w->swaps);
	w->surface->width = (EGLint)w->width;
	w->surface->height = (EGLint)w->height;
	return b->slot.vgl;
}

static const struct vgl_window_ops wayland_window_ops = { .acquire = wayland_acquire };

/* ---- the wl_egl_window ------------------------------------------------------------ */

/* wl_egl_window_resize: the new size is used from the next acquisition. */
static void window_resized(struct wl_egl_window *native, void *data)
{
	struct wayland_window *w = data;

	w->width = native->width > 0 ? (uint32_t)native->width : 1;
	w->height = native->height > 0 ? (uint32_t)native->height : 1;
	w->dx = native->dx;
	w->dy = native->dy;
}

/* wl_egl_window_destroy before eglDestroySurface: forget the window (its
 * wl_surface may go next); the buffers stay until the surface goes. */
static void window_destroyed(void *data)
{
	struct wayland_window *w = data;

	w->native = NULL;
	if (w->frame)
		wl_callback_destroy(w->frame);
	w->frame = NULL;
	wl_proxy_wrapper_destroy(w->wrapper);
	w->wrapper = NULL;
}

/* Before v3 the first field was the wl_surface pointer: such windows, or
 * anything else, have no small version number. */
static bool valid_native(const struct wl_egl_window *native)
{
	return native && native->version >= WL_EGL_WINDOW_VERSION && native->version < 4096 &&
	       native->surface && native->width > 0 && native->height > 0;
}

/* The buffers' fourcc for config c, as the compositor imports it; 0: none. */
static uint32_t window_format(const struct wayland_display *wd, const struct egl_config *c,
			      uint32_t *mods)
{
	bool alpha = c->alpha > 0;

	if (c->red != 8)
		return 0; /* 565: virtgl makes 8888 buffers only */
	*mods = alpha ? wd->g.argb_mods : wd->g.xrgb_mods;
	return *mods ? (alpha ? DRM_FORMAT_ARGB8888 : DRM_FORMAT_XRGB8888) : 0;
}

static void attach_native(struct wayland_window *w, struct wl_egl_window *native)
{
	w->native = native;
	w->width = (uint32_t)native->width;
	w->height = (uint32_t)native->height;
	native->driver_private = w;
	native->resize_callback = window_resized;
	native->destroy_window_callback = window_destroyed;
}

EGLint wayland_create_window(struct egl_display *d, struct egl_surface *s, void *native)
{
	struct wl_egl_window *win = native;
	struct wayland_window *w;
	uint32_t fourcc, mods = 0;

	if (!valid_native(win))
		return EGL_BAD_NATIVE_WINDOW;
	if (win->driver_private)
		return EGL_BAD_ALLOC; /* EGL 1.5 §3.5.1: already a surface's */
	fourcc = window_format(to_wayland(d), s->config, &mods);
	if (!fourcc)
		return EGL_BAD_MATCH;
	w = calloc(1, sizeof(*w));
	if (!w)
		return EGL_BAD_ALLOC;
	*w = (struct wayland_window){ .display = to_wayland(d), .surface = s, .fourcc = fourcc,
				      .mods = mods, .wrapper = wl_proxy_create_wrapper(win->surface) };
	if (!w->wrapper) {
		free(w);
		return EGL_BAD_ALLOC;
	}
	wl_proxy_set_queue((struct wl_proxy *)w->wrapper, queue(w));
	for (int i = 0; i < WAYLAND_BUFFERS; i++)
		w->buffers[i].window = w;
	attach_native(w, win);
	s->platform_data = w;
	s->window_ops = &wayland_window_ops;
	s->width = win->width;
	s->height = win->height;
	return EGL_SUCCESS;
}

void wayland_destroy_window(struct egl_surface *s)
{
	struct wayland_window *w = s->platform_data;
	struct wl_egl_window *native = w->native;

	if (native) {
		window_destroyed(w);
		native->driver_private = NULL;
		native->resize_callback = NULL;
		native->destroy_window_callback = NULL;
	}
	for (int i = 0; i < WAYLAND_BUFFERS; i++)
		if (w->buffers[i].slot.vgl)
			buffer_destroy(&w->buffers[i]);
	free(w);
	s->platform_data = NULL;
}

/* ---- presenting ------------------------------------------------------------------- */

static void frame_done(void *data, struct wl_callback *cb, uint32_t time)
{
	struct wayland_window *w = data;

	(void)time;
	wl_callback_destroy(cb);
	w->frame = NULL;
}

static const struct wl_callback_listener frame_listener = { .done = frame_done };

/* Swap interval 1: the previous frame's callback first. -1: the
 * connection died. */
static int wait_frame(struct wayland_window *w)
{
	int ret = 0;

	while (w->frame && ret >= 0)
		ret = wl_display_dispatch_queue(native_display(w), queue(w));
	return ret < 0 ? -1 : 0;
}

/* EGL's rectangles have their origin at the bottom left, the buffer's at
 * the top left. No rectangle: all of it. */
static void damage(struct wayland_window *w, const struct wayland_buffer *b,
		   const EGLint *rects, EGLint n)
{
	bool buffer_coords = w->display->g.compositor_version >= 4;

	if (n == 0) {
		if (buffer_coords)
			wl_surface_damage_buffer(w->wrapper, 0, 0, INT32_MAX, INT32_MAX);
		else
			wl_surface_damage(w->wrapper, 0, 0, INT32_MAX, INT32_MAX);
		return;
	}
	for (const EGLint *r = rects; r < rects + 4 * n; r += 4) {
		int32_t y = (int32_t)b->slot.height - r[1] - r[3];

		if (buffer_coords)
			wl_surface_damage_buffer(w->wrapper, r[0], y, r[2], r[3]);
		else /* buffer scale 1: the same coordinates */
			wl_surface_damage(w->wrapper, r[0], y, r[2], r[3]);
	}
}

/* Attaches, damages and commits b; with interval 1 asks for a frame callback. */
static void present(struct wayland_window *w, struct wayland_buffer *b, EGLint interval,
		    const EGLint *rects, EGLint n)
{
	if (interval > 0) {
		w->frame = wl_surface_frame(w->wrapper);
		if (w->frame)
			wl_callback_add_listener(w->frame, &frame_listener, w);
	}
	if ((w->dx || w->dy) && wl_proxy_get_version((struct wl_proxy *)w->wrapper) >= 5) {
		wl_surface_offset(w->wrapper, w->dx, w->dy);
		wl_surface_attach(w->wrapper, b->wl, 0, 0);
	} else {
		wl_surface_attach(w->wrapper, b->wl, w->dx, w->dy);
	}
	w->dx = w->dy = 0;
	w->native->attached_width = (int)b->slot.width;
	w->native->attached_height = (int)b->slot.height;
	damage(w, b, rects, n);
	wl_surface_commit(w->wrapper);
	egl_buffer_slot_present(&b->slot, &w->swaps);
	w->front = b;
}

static struct wayland_buffer *buffer_of(struct wayland_window *w,
					const struct vgl_window_buffer *vgl)
{
	for (int i = 0; i < WAYLAND_BUFFERS; i++)
		if (w->buffers[i].slot.vgl == vgl)
			return &w->buffers[i];
	return NULL;
}

EGLint wayland_swap_with_damage(struct egl_display *d, struct egl_surface *s,
				const EGLint *rects, EGLint n_rects)
{
	struct wayland_window *w = s->platform_data;
	struct vgl_window_buffer *vgl = NULL;
	int ret;

	(void)d;
	if (!w->native)
		return EGL_BAD_NATIVE_WINDOW;
	if (wait_frame(w) < 0)
		return EGL_BAD_NATIVE_WINDOW; /* the compositor is gone */
	ret = vgl_surface_swap(egl_current_context()->vgl, s->vgl, &vgl);
	if (ret == VGL_ERROR_DEVICE_LOST)
		return EGL_CONTEXT_LOST;
	if (ret)
		return wl_display_get_error(native_display(w)) ? EGL_BAD_NATIVE_WINDOW
							       : EGL_BAD_ALLOC;
	present(w, buffer_of(w, vgl), s->swap_interval, rects, n_rects);
	if (wl_display_flush(native_display(w)) < 0 && errno != EAGAIN)
		return EGL_BAD_NATIVE_WINDOW;
	return EGL_SUCCESS;
}

EGLint wayland_swap_buffers(struct egl_display *d, struct egl_surface *s)
{
	return wayland_swap_with_damage(d, s, NULL, 0);
}
