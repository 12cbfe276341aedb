/* SPDX-License-Identifier: MIT */
/*
 * A virtgl gbm_device: libgbm's device on the fd the application gave it,
 * driving a drm/ device on the same open file (a duplicate of the fd), so
 * that every GEM handle the backend hands out is valid on the caller's fd
 * (drmModeAddFB2 takes gbm_bo_get_handle() as it is).
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "vdrm_device.h"
#include "vgbm_abi.h"
#include "vgbm_egl.h"
#include "vgbm_format.h"

struct vgbm_device {
	struct vgbm_device_head head; /* first: what vgbm_egl_ops() reads */
	struct vdrm_device *vdrm;
	bool debug; /* VIRTGL_DEBUG is set: failures are explained on stderr */
};

static inline struct vgbm_device *vgbm_device(struct gbm_device *gbm)
{
	return (struct vgbm_device *)gbm;
}

/* libgbm's create_device hook: NULL (declined) unless fd is a virtio_gpu
 * node with 3D and VIRTGL_GBM is not 0. */
struct gbm_device *vgbm_device_create(int fd, uint32_t abi_version);

/* The gbm_core libgbm gave gbmint_get_backend (NULL before). */
void vgbm_set_core(const struct gbm_core *core);
uint32_t vgbm_canonical_format(uint32_t format);

/*
 * A format the backend allocates and the host can render to and sample
 * from (every buffer is bound as both), for these GBM_BO_USE_* flags.
 * NULL otherwise, with *why saying which rule refused it.
 */
const struct vgbm_format *vgbm_device_usable_format(struct vgbm_device *dev, uint32_t format,
						    uint32_t usage, const char **why);

/* Sets errno to err and, with VIRTGL_DEBUG, prints the reason. */
void vgbm_fail(const struct vgbm_device *dev, int err, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* The errno that stands for a drm/ result (VDRM_ERROR_*). */
int vgbm_errno(int vdrm_result);
