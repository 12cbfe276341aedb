/* SPDX-License-Identifier: MIT */
/*
 * EGL_KHR_platform_gbm / EGL_MESA_platform_gbm on virtgl's own GBM backend
 * (drm/gbm/, virtio_gpu_gbm.so): one display per gbm_device, window surfaces
 * on gbm_surfaces.
 *
 * Only gbm devices of virtgl's backend are taken (vgbm_egl_ops); any other
 * is declined quietly so that libglvnd asks the next vendor, which owns it.
 * The backend and this library are two DSOs with a drm/ device each: a
 * surface's buffers are the backend's gbm_bos, imported here once each as
 * dma-bufs (the same host resources). GL renders straight into them
 * (y-down, gl/vgl_framebuffer.h); a swap queues the buffer for
 * gbm_surface_lock_front_buffer and the next frame acquires another. No
 * CPU wait anywhere: KMS reads a buffer after the submission that drew
 * it (the host runs the virtio queue in order), and a buffer comes back
 * for drawing only once the application released it.
 *
 * Visual ids. The virtio_gpu primary plane scans out XRGB8888 only (Linux
 * 6.1 virtgpu_plane.c), so every 8888 config, with alpha or not, names
 * GBM_FORMAT_XRGB8888: programs that prefer an alpha config (glmark2) then
 * make buffers KMS takes, and alpha is what a scanout ignores anyway. A
 * window accepts a gbm_surface of any 8888 format for an 8888 config (the
 * present blit converts), RGB565 for the 565 ones.
 */
#include <dlfcn.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "egl_config.h"
#include "egl_context.h"
#include "egl_current.h"
#include "egl_display.h"
#include "egl_platform.h"
#include "egl_surface.h"
#include "vgbm_egl.h"
#include "vgl.h"

struct gbm_display {
	struct egl_display base;
	struct gbm_device *gbm;
	const struct vgbm_egl_ops *ops;
	struct gbm_display *next;
};

/* A surface buffer and its import here, made on its first present. */
struct gbm_window_buffer {
	struct gbm_bo *bo;
	struct vgl_window_buffer *vgl;
};

struct gbm_window {
	struct gbm_display *display;
	struct gbm_surface *native;
	struct gbm_window_buffer buffers[VGBM_SURFACE_MAX_BUFFERS];
};

static struct gbm_display *all_gbm_displays; /* under egl_lock() */

static struct gbm_display *to_gbm(struct egl_display *d)
{
	return (struct gbm_display *)d;
}

/* ---- displays -------------------------------------------------------------------- */

static struct gbm_display *find_or_add(struct gbm_device *gbm, const struct vgbm_egl_ops *ops)
{
	struct gbm_display *g;

	egl_lock();
	for (g = all_gbm_displays; g && g->gbm != gbm; g = g->next)
		;
	/* a device made again at a freed one's address may come from a new
	 * load of the backend: its ops are the ones to use from now on */
	if (g && !g->base.initialized)
		g->ops = ops;
	if (!g && (g = calloc(1, sizeof(*g)))) {
		*g = (struct gbm_display){ .base = { .platform = &egl_platform_gbm,
						     .native = gbm },
					   .gbm = gbm, .ops = ops, .next = all_gbm_displays };
		all_gbm_displays = g;
	}
	egl_unlock();
	return g;
}

/* A buffer can be shared only with a device that has dma-bufs: not vtest. */
static bool may_share_buffers(void)
{
	const char *t = getenv("VIRTGL_TRANSPORT");

	return !t || strcmp(t, "vtest") != 0;
}

/* libgbm stores gbm_create_device in every device's first field; glvnd
 * tells GBM displays by it the same way. dladdr names the function even
 * where libgbm is not in the global scope (weston loads it with its
 * DRM backend module, RTLD_LOCAL), which dlsym(RTLD_DEFAULT) would miss. */
static bool is_gbm_device(void *native)
{
	Dl_info info;

	return native && dladdr(*(void **)native, &info) && info.dli_sname &&
	       strcmp(info.dli_sname, "gbm_create_device") == 0;
}

static struct egl_display *gbm_get_display(void *native, const EGLAttrib *attribs,
					   EGLint *error)
{
	const struct vgbm_egl_ops *ops;
	struct gbm_display *g;

	if (!is_gbm_device(native)) {
		*error = EGL_BAD_PARAMETER;
		return NULL;
	}
	/* another backend's device (Mesa's "drm"): its own EGL serves it */
	ops = vgbm_egl_ops(native);
	if (!ops || !may_share_buffers()) {
		*error = EGL_SUCCESS;
		return NULL;
	}
	if (!egl_display_attribs_empty(attribs, error))
		return NULL;
	g = find_or_add(native, ops);
	if (!g) {
		*error = EGL_BAD_ALLOC;
		return NULL;
	}
	return egl_display_register(&g->base);
}

static EGLint gbm_initialize(struct egl_display *d)
{
	return vgl_device_has_dma_buf(d->dev) ? EGL_SUCCESS : EGL_NOT_INITIALIZED;
}

static EGLint gbm_visual(struct egl_display *d, const struct egl_config *c)
{
	(void)d;
	return c->red == 5 ? GBM_FORMAT_RGB565 : GBM_FORMAT_XRGB8888;
}

/* ---- window surfaces -------------------------------------------------------------- */

static bool format_fits(const struct egl_config *c, uint32_t format)
{
	if (c->red == 5)
		return format == GBM_FORMAT_RGB565;
	return format == GBM_FORMAT_XRGB8888 || format == GBM_FORMAT_ARGB8888 ||
	       format == GBM_FORMAT_XBGR8888 || format == GBM_FORMAT_ABGR8888;
}

static struct vgl_window_buffer *gbm_acquire(void *data, int *age);

static const struct vgl_window_ops gbm_window_ops = { .acquire = gbm_acquire };

static EGLint gbm_create_window(struct egl_display *d, struct egl_surface *s, void *native)
{
	struct gbm_surface *surf = native;
	struct gbm_window *w;

	if (!surf || surf->gbm != to_gbm(d)->gbm)
		return EGL_BAD_NATIVE_WINDOW;
	if (!format_fits(s->config, surf->v0.format))
		return EGL_BAD_MATCH;
	w = calloc(1, sizeof(*w));
	if (!w)
		return EGL_BAD_ALLOC;
	w->display = to_gbm(d);
	w->native = surf;
	s->platform_data = w;
	s->window_ops = &gbm_window_ops;
	s->width = (EGLint)surf->v0.width;
	s->height = (EGLint)surf->v0.height;
	return EGL_SUCCESS;
}

static void gbm_destroy_window(struct egl_surface *s)
{
	struct gbm_window *w = s->platform_data;

	for (int i = 0; i < VGBM_SURFACE_MAX_BUFFERS; i++)
		vgl_window_buffer_destroy(w->buffers[i].vgl);
	free(w);
	s->platform_data = NULL;
}

static int import_bo(struct gbm_display *g, struct gbm_bo *bo, struct vgl_window_buffer **out)
{
	struct vgl_dma_buf buf = { .fd = g->gbm->v0.bo_get_fd(bo), .width = bo->v0.width,
				   .height = bo->v0.height, .fourcc = bo->v0.format,
				   .stride = bo->v0.stride };
	int ret;

	if (buf.fd < 0)
		return VGL_ERROR_OUT_OF_MEMORY;
	ret = vgl_window_buffer_import(g->base.dev, &buf, out);
	close(buf.fd);
	return ret;
}

/* bo's import, made on first use; NULL after an error (*ret says which). */
static struct vgl_window_buffer *window_buffer(struct gbm_display *g, struct gbm_window *w,
					       struct gbm_bo *bo, int *ret)
{
	struct gbm_window_buffer *free_slot = NULL;

	for (int i = 0; i < VGBM_SURFACE_MAX_BUFFERS; i++) {
		if (w->buffers[i].bo == bo)
			return w->buffers[i].vgl;
		if (!w->buffers[i].bo && !free_slot)
			free_slot = &w->buffers[i];
	}
	*ret = free_slot ? import_bo(g, bo, &free_slot->vgl) : VGL_ERROR_OUT_OF_MEMORY;
	if (*ret)
		return NULL;
	free_slot->bo = bo;
	return free_slot->vgl;
}

/* vgl_window_ops.acquire: a free buffer of the gbm_surface, imported on
 * first use. Runs in GL calls of the thread the surface is current on. */
static struct vgl_window_buffer *gbm_acquire(void *data, int *age)
{
	struct gbm_window *w = data;
	struct gbm_display *g = w->display;
	struct gbm_bo *bo = g->ops->surface_acquire(w->native, age);
	struct vgl_window_buffer *buf;
	int ret = VGL_OK;

	/* every buffer held by KMS or queued: the application must release one */
	if (!bo)
		return NULL;
	buf = window_buffer(g, w, bo, &ret);
	if (!buf)
		g->ops->surface_cancel(w->native, bo);
	return buf;
}

static struct gbm_bo *bo_of(const struct gbm_window *w, const struct vgl_window_buffer *buf)
{
	for (int i = 0; i < VGBM_SURFACE_MAX_BUFFERS; i++)
		if (w->buffers[i].vgl == buf)
			return w->buffers[i].bo;
	return NULL;
}

static EGLint gbm_swap_buffers(struct egl_display *d, struct egl_surface *s)
{
	struct gbm_window *w = s->platform_data;
	struct vgl_window_buffer *buf = NULL;
	int ret = vgl_surface_swap(egl_current_context()->vgl, s->vgl, &buf);

	if (ret == VGL_ERROR_DEVICE_LOST)
		return EGL_CONTEXT_LOST;
	if (ret)
		return EGL_BAD_ALLOC; /* no buffer free to present */
	to_gbm(d)->ops->surface_queue(w->native, bo_of(w, buf));
	return EGL_SUCCESS;
}

const struct egl_platform egl_platform_gbm = {
	.platform = EGL_PLATFORM_GBM_KHR,
	.name = "gbm",
	.get_display = gbm_get_display,
	.initialize = gbm_initialize,
	.create_window = gbm_create_window,
	.destroy_window = gbm_destroy_window,
	.swap_buffers = gbm_swap_buffers,
	.visual = gbm_visual,
	.extensions = "EGL_EXT_buffer_age",
};
