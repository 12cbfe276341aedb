/* SPDX-License-Identifier: MIT */
/*
 * A virtgl gbm_bo: one host 2D texture (a drm/ resource, always shareable)
 * whose guest backing is mapped for the resource's life, packed with
 * stride = width * cpp. libgbm reads bo->base.v0 directly, so width,
 * height, stride, format and handle are filled at creation and never change.
 */
#pragma once

#include <stdint.h>

#include "vgbm_device.h"

struct vgbm_surface;

struct vgbm_bo {
	struct gbm_bo base; /* first: libgbm's view */
	struct vdrm_resource *res;
	const struct vgbm_format *format;
	uint32_t usage; /* GBM_BO_USE_* it was created or imported with */
	/* the surface whose buffer this is (it owns it), or NULL */
	struct vgbm_surface *surface;
};

static inline struct vgbm_bo *vgbm_bo(struct gbm_bo *bo)
{
	return (struct vgbm_bo *)bo;
}

static inline struct vgbm_device *vgbm_bo_device(struct vgbm_bo *bo)
{
	return vgbm_device(bo->base.gbm);
}

/* The packed stride of a width x height buffer, checked against overflow,
 * the host's largest texture and drm/'s largest backing. 0 (errno EINVAL)
 * when the size is unusable. */
uint32_t vgbm_bo_stride(struct vgbm_device *dev, uint32_t width, uint32_t height,
			const struct vgbm_format *format);
/* A new buffer of a known usable format (the surface's way in). */
struct vgbm_bo *vgbm_bo_new(struct vgbm_device *dev, uint32_t width, uint32_t height,
			    const struct vgbm_format *format, uint32_t usage);
/* Frees the resource and the bo; user data is the caller's business. */
void vgbm_bo_free(struct vgbm_bo *bo);

/* libgbm's hooks */
struct gbm_bo *vgbm_bo_create(struct gbm_device *gbm, uint32_t width, uint32_t height,
			      uint32_t format, uint32_t usage, const uint64_t *modifiers,
			      const unsigned int count);
struct gbm_bo *vgbm_bo_import(struct gbm_device *gbm, uint32_t type, void *buffer,
			      uint32_t usage);
void *vgbm_bo_map(struct gbm_bo *bo, uint32_t x, uint32_t y, uint32_t width, uint32_t height,
		  uint32_t flags, uint32_t *stride, void **map_data);
void vgbm_bo_unmap(struct gbm_bo *bo, void *map_data);
int vgbm_bo_write(struct gbm_bo *bo, const void *buf, size_t count);
int vgbm_bo_get_fd(struct gbm_bo *bo);
int vgbm_bo_get_planes(struct gbm_bo *bo);
union gbm_bo_handle vgbm_bo_get_handle(struct gbm_bo *bo, int plane);
int vgbm_bo_get_plane_fd(struct gbm_bo *bo, int plane);
uint32_t vgbm_bo_get_stride(struct gbm_bo *bo, int plane);
uint32_t vgbm_bo_get_offset(struct gbm_bo *bo, int plane);
uint64_t vgbm_bo_get_modifier(struct gbm_bo *bo);
void vgbm_bo_destroy(struct gbm_bo *bo);
