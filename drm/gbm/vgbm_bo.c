/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include <drm_fourcc.h>

#include "vgbm_bo.h"
#include "vgbm_surface.h"

/* virtio_gpu's cursor plane (and QEMU's cursor) is 64x64 */
#define VGBM_CURSOR_MAX 64

/* ---- creation -------------------------------------------------------------- */

/*
 * Every buffer can be drawn into and sampled (EGL renders into surface
 * buffers, compositors texture from imports) and exported (SHARED: EGL and
 * other processes take it as a dma-buf); scanout and cursor as asked.
 */
static uint32_t binds_for(uint32_t usage)
{
	uint32_t bind = VDRM_BIND_RENDER_TARGET | VDRM_BIND_SAMPLER_VIEW | VDRM_BIND_SHARED;

	if (usage & GBM_BO_USE_SCANOUT)
		bind |= VDRM_BIND_SCANOUT;
	if (usage & GBM_BO_USE_CURSOR)
		bind |= VDRM_BIND_CURSOR;
	return bind;
}

static struct vdrm_resource_create_info texture_info(const struct vgbm_format *format,
						      uint32_t width, uint32_t height,
						      uint32_t usage)
{
	return (struct vdrm_resource_create_info){
		.target = VDRM_TARGET_2D, .format = format->virgl, .bind = binds_for(usage),
		.width = width, .height = height, .depth = 1, .array_size = 1,
	};
}

uint32_t vgbm_bo_stride(struct vgbm_device *dev, uint32_t width, uint32_t height,
			       const struct vgbm_format *format)
{
	uint32_t max = vdrm_device_caps(dev->vdrm)->max_texture_2d_size;
	uint64_t stride, size;

	if (!width || !height) {
		vgbm_fail(dev, EINVAL, "%" PRIu32 "x%" PRIu32 ": a buffer needs a size", width,
			  height);
		return 0;
	}
	if (max && (width > max || height > max)) {
		vgbm_fail(dev, EINVAL, "%" PRIu32 "x%" PRIu32 " exceeds the host's %" PRIu32
			  " texture limit", width, height, max);
		return 0;
	}
	if (__builtin_mul_overflow((uint64_t)width, format->cpp, &stride) ||
	    __builtin_mul_overflow(stride, height, &size) || stride > UINT32_MAX ||
	    size > VDRM_RESOURCE_MAX_BACKING) {
		vgbm_fail(dev, EINVAL, "%" PRIu32 "x%" PRIu32 " %s needs more than the 1 GiB "
			  "a buffer may have", width, height, format->name);
		return 0;
	}
	return (uint32_t)stride;
}

static struct vgbm_bo *wrap(struct vgbm_device *dev, struct vdrm_resource *res,
			    const struct vgbm_format *format, uint32_t usage, uint32_t stride)
{
	struct vgbm_bo *bo = calloc(1, sizeof(*bo));

	if (!bo) {
		vdrm_resource_destroy(dev->vdrm, res);
		vgbm_fail(dev, ENOMEM, "out of memory for a bo");
		return NULL;
	}
	bo->base.gbm = &dev->head.base;
	bo->base.v0.width = res->info.width;
	bo->base.v0.height = res->info.height;
	bo->base.v0.stride = stride;
	bo->base.v0.format = format->fourcc;
	/* the GEM handle on the caller's fd too: ours is a duplicate of it */
	bo->base.v0.handle.u32 = res->bo_handle;
	bo->res = res;
	bo->format = format;
	bo->usage = usage;
	return bo;
}

struct vgbm_bo *vgbm_bo_new(struct vgbm_device *dev, uint32_t width, uint32_t height,
			    const struct vgbm_format *format, uint32_t usage)
{
	struct vdrm_resource_create_info info = texture_info(format, width, height, usage);
	uint32_t stride = vgbm_bo_stride(dev, width, height, format);
	struct vdrm_resource *res;
	int ret;

	if (!stride)
		return NULL;
	ret = vdrm_resource_create(dev->vdrm, &info, &res);
	if (ret) {
		vgbm_fail(dev, vgbm_errno(ret), "%" PRIu32 "x%" PRIu32 " %s: %s", width, height,
			  format->name, vdrm_device_error(dev->vdrm));
		return NULL;
	}
	return wrap(dev, res, format, usage, stride);
}

void vgbm_bo_free(struct vgbm_bo *bo)
{
	vdrm_resource_destroy(vgbm_bo_device(bo)->vdrm, bo->res);
	free(bo);
}

/* A modifier list is fine when it allows linear (INVALID: "any layout"). */
static bool modifiers_allow_linear(const uint64_t *modifiers, unsigned int count)
{
	if (!count)
		return true;
	for (unsigned int i = 0; i < count; i++) {
		if (modifiers[i] == DRM_FORMAT_MOD_LINEAR || modifiers[i] == DRM_FORMAT_MOD_INVALID)
			return true;
	}
	return false;
}

struct gbm_bo *vgbm_bo_create(struct gbm_device *gbm, uint32_t width, uint32_t height,
			      uint32_t format, uint32_t usage, const uint64_t *modifiers,
			      const unsigned int count)
{
	struct vgbm_device *dev = vgbm_device(gbm);
	const struct vgbm_format *f;
	const char *why;
	struct vgbm_bo *bo;

	f = vgbm_device_usable_format(dev, format, usage, &why);
	if (!f) {
		vgbm_fail(dev, EINVAL, "bo of format 0x%08" PRIx32 ", usage 0x%" PRIx32 ": %s",
			  format, usage, why);
		return NULL;
	}
	if (!modifiers_allow_linear(modifiers, count)) {
		vgbm_fail(dev, EINVAL, "none of the %u modifiers is LINEAR, the only layout",
			  count);
		return NULL;
	}
	if ((usage & GBM_BO_USE_CURSOR) && (width > VGBM_CURSOR_MAX || height > VGBM_CURSOR_MAX)) {
		vgbm_fail(dev, EINVAL, "cursor %" PRIu32 "x%" PRIu32 ": at most %dx%d", width,
			  height, VGBM_CURSOR_MAX, VGBM_CURSOR_MAX);
		return NULL;
	}
	bo = vgbm_bo_new(dev, width, height, f, usage);
	return bo ? &bo->base : NULL;
}

/* ---- import ---------------------------------------------------------------- */

struct import_desc {
	int fd;
	uint32_t width, height, format;
	uint32_t stride; /* 0 = packed */
};

static struct gbm_bo *import_fd(struct vgbm_device *dev, const struct import_desc *d,
				uint32_t usage)
{
	const struct vgbm_format *f;
	struct vdrm_resource_create_info info;
	struct vdrm_resource *res;
	struct vgbm_bo *bo;
	const char *why;
	uint32_t stride;
	int ret;

	if (d->fd < 0 || fcntl(d->fd, F_GETFD) < 0) {
		vgbm_fail(dev, EBADF, "import: fd %d is not open", d->fd);
		return NULL;
	}
	f = vgbm_device_usable_format(dev, d->format, usage, &why);
	if (!f) {
		vgbm_fail(dev, EINVAL, "import of format 0x%08" PRIx32 ": %s", d->format, why);
		return NULL;
	}
	stride = vgbm_bo_stride(dev, d->width, d->height, f);
	if (!stride)
		return NULL;
	/* the host texture has no guest layout: only the packed one maps */
	if (d->stride && d->stride != stride) {
		vgbm_fail(dev, EINVAL, "import: stride %" PRIu32 " is not the packed %" PRIu32,
			  d->stride, stride);
		return NULL;
	}
	info = texture_info(f, d->width, d->height, usage);
	ret = vdrm_resource_import_fd(dev->vdrm, d->fd, &info, &res);
	if (ret) {
		vgbm_fail(dev, vgbm_errno(ret), "import of fd %d: %s", d->fd,
			  vdrm_device_error(dev->vdrm));
		return NULL;
	}
	bo = wrap(dev, res, f, usage, stride);
	return bo ? &bo->base : NULL;
}

static struct gbm_bo *import_fd_modifier(struct vgbm_device *dev,
					 const struct gbm_import_fd_modifier_data *m,
					 uint32_t usage)
{
	struct import_desc d = { .fd = m->fds[0], .width = m->width, .height = m->height,
				 .format = m->format };

	if (m->num_fds != 1 || m->offsets[0] != 0 || m->strides[0] < 0) {
		vgbm_fail(dev, EINVAL, "import: %u planes, offset %d, stride %d: only one "
			  "plane at offset 0 is supported", m->num_fds, m->offsets[0],
			  m->strides[0]);
		return NULL;
	}
	if (m->modifier != DRM_FORMAT_MOD_LINEAR && m->modifier != DRM_FORMAT_MOD_INVALID) {
		vgbm_fail(dev, EINVAL, "import: modifier 0x%016" PRIx64 " is not LINEAR",
			  m->modifier);
		return NULL;
	}
	d.stride = (uint32_t)m->strides[0];
	return import_fd(dev, &d, usage);
}

struct gbm_bo *vgbm_bo_import(struct gbm_device *gbm, uint32_t type, void *buffer,
			      uint32_t usage)
{
	struct vgbm_device *dev = vgbm_device(gbm);
	const struct gbm_import_fd_data *fd_data = buffer;

	if (!buffer) {
		vgbm_fail(dev, EINVAL, "import: no description");
		return NULL;
	}
	switch (type) {
	case GBM_BO_IMPORT_FD: {
		struct import_desc d = { fd_data->fd, fd_data->width, fd_data->height,
					 fd_data->format, fd_data->stride };
		return import_fd(dev, &d, usage);
	}
	case GBM_BO_IMPORT_FD_MODIFIER:
		return import_fd_modifier(dev, buffer, usage);
	case GBM_BO_IMPORT_WL_BUFFER:
	case GBM_BO_IMPORT_EGL_IMAGE:
		/* no wl_drm and no EGLImage sharing here: callers fall back
		 * (weston composites instead of scanning out) */
		vgbm_fail(dev, ENOSYS, "import type 0x%" PRIx32 " (wl_buffer / EGLImage) is not "
			  "supported; import dma-bufs", type);
		return NULL;
	default:
		vgbm_fail(dev, EINVAL, "unknown import type 0x%" PRIx32, type);
		return NULL;
	}
}

/* ---- CPU access ------------------------------------------------------------ */

struct vgbm_map {
	struct vdrm_box box;
	uint32_t flags; /* GBM_BO_TRANSFER_* */
};

/* The box is inside the buffer and inside the backing that is mapped (an
 * imported buffer's backing may be smaller than its size says). */
static bool box_fits(struct vgbm_bo *bo, const struct vdrm_box *b)
{
	uint32_t stride = bo->base.v0.stride;
	size_t end;

	if (b->x >= bo->base.v0.width || b->w > bo->base.v0.width - b->x ||
	    b->y >= bo->base.v0.height || b->h > bo->base.v0.height - b->y)
		return false;
	end = (size_t)(b->y + b->h - 1) * stride + (size_t)(b->x + b->w) * bo->format->cpp;
	return end <= bo->res->size;
}

void *vgbm_bo_map(struct gbm_bo *gbo, uint32_t x, uint32_t y, uint32_t width, uint32_t height,
		  uint32_t flags, uint32_t *stride, void **map_data)
{
	struct vgbm_bo *bo = vgbm_bo(gbo);
	struct vgbm_device *dev = vgbm_bo_device(bo);
	struct vdrm_box box = { x, y, 0, width, height, 1 };
	struct vgbm_map *m;
	int ret;

	if (!(flags & GBM_BO_TRANSFER_READ_WRITE) || !box_fits(bo, &box)) {
		vgbm_fail(dev, EINVAL, "map of %" PRIu32 "x%" PRIu32 "+%" PRIu32 "+%" PRIu32
			  " (flags 0x%" PRIx32 ") of a %" PRIu32 "x%" PRIu32 " bo", width, height,
			  x, y, flags, gbo->v0.width, gbo->v0.height);
		return NULL;
	}
	m = malloc(sizeof(*m));
	if (!m) {
		vgbm_fail(dev, ENOMEM, "out of memory for a map");
		return NULL;
	}
	/* Write-only maps read back too: unmap uploads whole rows of the box,
	 * and bytes the caller leaves alone must not go back stale. The
	 * download also waits out earlier uploads of the backing. */
	ret = vdrm_resource_download(dev->vdrm, bo->res, 0, &box);
	if (ret) {
		free(m);
		vgbm_fail(dev, vgbm_errno(ret), "map: %s", vdrm_device_error(dev->vdrm));
		return NULL;
	}
	*m = (struct vgbm_map){ box, flags };
	*stride = gbo->v0.stride;
	*map_data = m;
	return (char *)bo->res->map + (size_t)y * gbo->v0.stride + (size_t)x * bo->format->cpp;
}

void vgbm_bo_unmap(struct gbm_bo *gbo, void *map_data)
{
	struct vgbm_bo *bo = vgbm_bo(gbo);
	struct vgbm_device *dev = vgbm_bo_device(bo);
	struct vgbm_map *m = map_data;
	int ret;

	if (!m) {
		vgbm_fail(dev, EINVAL, "unmap without map data");
		return;
	}
	if (m->flags & GBM_BO_TRANSFER_WRITE) {
		ret = vdrm_resource_upload(dev->vdrm, bo->res, 0, &m->box);
		if (ret)
			vgbm_fail(dev, vgbm_errno(ret), "unmap: the upload failed: %s",
				  vdrm_device_error(dev->vdrm));
	}
	free(m);
}

/* Rows [y, y + h) of the whole width. */
static struct vdrm_box rows(struct vgbm_bo *bo, uint32_t y, uint32_t h)
{
	return (struct vdrm_box){ 0, y, 0, bo->base.v0.width, h, 1 };
}

/*
 * count bytes from the start of the buffer (what gbm_bo_write means: a
 * cursor image, packed). A partial last row is read back first, so its
 * untouched tail goes back to the host as the host had it.
 */
int vgbm_bo_write(struct gbm_bo *gbo, const void *buf, size_t count)
{
	struct vgbm_bo *bo = vgbm_bo(gbo);
	struct vgbm_device *dev = vgbm_bo_device(bo);
	uint32_t stride = gbo->v0.stride;
	size_t size = (size_t)stride * gbo->v0.height;
	uint32_t full = (uint32_t)(count / stride), nrows = full + (count % stride != 0);
	struct vdrm_box tail = rows(bo, full, 1), all = rows(bo, 0, nrows);
	int ret;

	if (!buf || !count || count > size || count > bo->res->size) {
		vgbm_fail(dev, EINVAL, "write of %zu bytes into a %zu-byte bo", count, size);
		return -1;
	}
	/* the backing may be rewritten only once earlier uploads are done */
	ret = count % stride ? vdrm_resource_download(dev->vdrm, bo->res, 0, &tail)
			     : vdrm_resource_wait_idle(dev->vdrm, bo->res);
	if (!ret) {
		memcpy(bo->res->map, buf, count);
		ret = vdrm_resource_upload(dev->vdrm, bo->res, 0, &all);
	}
	if (ret) {
		vgbm_fail(dev, vgbm_errno(ret), "write: %s", vdrm_device_error(dev->vdrm));
		return -1;
	}
	return 0;
}

/* ---- queries --------------------------------------------------------------- */

/* One plane, number 0: anything else is the caller's mistake. */
static bool plane_ok(struct vgbm_bo *bo, int plane)
{
	if (plane == 0)
		return true;
	vgbm_fail(vgbm_bo_device(bo), EINVAL, "plane %d: a virtgl bo has only plane 0", plane);
	return false;
}

int vgbm_bo_get_fd(struct gbm_bo *gbo)
{
	struct vgbm_bo *bo = vgbm_bo(gbo);
	struct vgbm_device *dev = vgbm_bo_device(bo);
	int fd = -1, ret = vdrm_resource_export_fd(dev->vdrm, bo->res, &fd);

	if (ret) {
		vgbm_fail(dev, vgbm_errno(ret), "export: %s", vdrm_device_error(dev->vdrm));
		return -1;
	}
	return fd;
}

int vgbm_bo_get_plane_fd(struct gbm_bo *gbo, int plane)
{
	return plane_ok(vgbm_bo(gbo), plane) ? vgbm_bo_get_fd(gbo) : -1;
}

int vgbm_bo_get_planes(struct gbm_bo *gbo)
{
	return 1;
}

union gbm_bo_handle vgbm_bo_get_handle(struct gbm_bo *gbo, int plane)
{
	union gbm_bo_handle none = { .s64 = -1 };

	return plane_ok(vgbm_bo(gbo), plane) ? gbo->v0.handle : none;
}

uint32_t vgbm_bo_get_stride(struct gbm_bo *gbo, int plane)
{
	return plane_ok(vgbm_bo(gbo), plane) ? gbo->v0.stride : 0;
}

uint32_t vgbm_bo_get_offset(struct gbm_bo *gbo, int plane)
{
	plane_ok(vgbm_bo(gbo), plane);
	return 0;
}

uint64_t vgbm_bo_get_modifier(struct gbm_bo *gbo)
{
	return DRM_FORMAT_MOD_LINEAR;
}

/*
 * libgbm has already called the user-data destructor (gbm_bo_destroy does,
 * before this hook). A surface's buffer destroyed this way leaves its
 * surface first, so that the surface neither hands it out nor frees it again.
 */
void vgbm_bo_destroy(struct gbm_bo *gbo)
{
	struct vgbm_bo *bo = vgbm_bo(gbo);

	if (bo->surface)
		vgbm_surface_forget(bo->surface, bo);
	vgbm_bo_free(bo);
}
