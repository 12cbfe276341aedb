/* SPDX-License-Identifier: MIT */
/*
 * The contract between virtgl's GBM backend (virtio_gpu_gbm.so) and virtgl's
 * EGL (libEGL_virtgl.so): two DSOs, each with its own drm/ device, that share
 * a gbm_surface's buffers.
 *
 * A window surface on a virtgl gbm_surface works like this:
 *   EGL:  bo = ops->surface_acquire(surf, &age)   a buffer nobody holds
 *         fd = gbm->v0.bo_get_fd(bo)              dma-buf; EGL imports it into
 *                                                 its own device (same host
 *                                                 resource) and closes fd;
 *                                                 bo->v0.width/height/format/
 *                                                 stride describe it
 *         ... renders, flushes ...
 *         ops->surface_queue(surf, bo)            at eglSwapBuffers
 *   app:  gbm_surface_lock_front_buffer(surf)     the queued buffer, now KMS's
 *         gbm_surface_release_buffer(surf, bo)    KMS is done with it
 *         gbm_surface_has_free_buffers(surf)
 * Each buffer is in one state: free, drawing (acquired by EGL), queued, or
 * locked (by the app). The backend keeps that state under a per-surface mutex:
 * EGL and the app's KMS code may run on different threads.
 *
 * Layout changes (struct vgbm_device_head, struct vgbm_egl_ops, semantics)
 * bump VGBM_MAGIC, so that a mismatched pair of DSOs refuses, not crashes.
 */
#pragma once

#include <stdint.h>
#include <string.h>

#include "vgbm_abi.h"

#define VGBM_BACKEND_NAME "virtgl"     /* gbm_device.v0.name and the backend's name */
#define VGBM_MAGIC 0x7667626du         /* 'vgbm' + layout version; bump on any change */
#define VGBM_SURFACE_MAX_BUFFERS 4

struct vgbm_egl_ops {
	/*
	 * The next buffer to draw into: a buffer of the surface that neither
	 * KMS (locked) nor the queue holds, created on first use with the
	 * surface's format and GBM_BO_USE_SCANOUT | GBM_BO_USE_RENDERING.
	 * *age: EGL_EXT_buffer_age's value (0 = new or undefined contents,
	 * n = it was the front buffer n swaps ago). Of the free buffers, the
	 * one with the most recent contents is returned. NULL (errno set:
	 * EBUSY when every buffer is held) on failure.
	 */
	struct gbm_bo *(*surface_acquire)(struct gbm_surface *s, int *age);
	/*
	 * The drawn buffer becomes the one lock_front_buffer returns next (a
	 * buffer queued earlier and never locked goes back to free, its
	 * contents kept for buffer age).
	 */
	void (*surface_queue)(struct gbm_surface *s, struct gbm_bo *bo);
	/* Give an acquired buffer back unpresented (its age becomes 0). */
	void (*surface_cancel)(struct gbm_surface *s, struct gbm_bo *bo);
};

/* The head every virtgl gbm_device starts with. */
struct vgbm_device_head {
	struct gbm_device base;
	uint32_t magic; /* VGBM_MAGIC */
	const struct vgbm_egl_ops *egl;
};

/*
 * NULL unless gbm is a device of virtgl's backend with this layout: the name
 * is checked first, so nothing past struct gbm_device is read from another
 * backend's device.
 */
static inline const struct vgbm_egl_ops *vgbm_egl_ops(struct gbm_device *gbm)
{
	const struct vgbm_device_head *head = (const struct vgbm_device_head *)gbm;

	if (!gbm || !gbm->v0.name || strcmp(gbm->v0.name, VGBM_BACKEND_NAME) != 0)
		return NULL;
	return head->magic == VGBM_MAGIC ? head->egl : NULL;
}
