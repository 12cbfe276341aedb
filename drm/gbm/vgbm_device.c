/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <drm_fourcc.h>

#include "vgbm_bo.h"
#include "vgbm_device.h"
#include "vgbm_surface.h"

/* libgbm hands every backend the same core; it lives as long as libgbm. */
static const struct gbm_core *gbm_core;

void vgbm_set_core(const struct gbm_core *core)
{
	gbm_core = core;
}

uint32_t vgbm_canonical_format(uint32_t format)
{
	if (gbm_core && gbm_core->v0.format_canonicalize)
		return gbm_core->v0.format_canonicalize(format);
	return vgbm_format_canonicalize(format);
}

static bool debug_enabled(void)
{
	const char *d = getenv("VIRTGL_DEBUG");

	return d && *d && strcmp(d, "0") != 0;
}

void vgbm_fail(const struct vgbm_device *dev, int err, const char *fmt, ...)
{
	va_list ap;

	if (dev ? dev->debug : debug_enabled()) {
		va_start(ap, fmt);
		fputs("virtgl gbm: ", stderr);
		vfprintf(stderr, fmt, ap);
		fputc('\n', stderr);
		va_end(ap);
	}
	errno = err;
}

int vgbm_errno(int vdrm_result)
{
	switch (vdrm_result) {
	case VDRM_OK: return 0;
	case VDRM_ERROR_OUT_OF_MEMORY: return ENOMEM;
	case VDRM_ERROR_INVALID_ARGUMENT: return EINVAL;
	case VDRM_ERROR_TIMEOUT: return ETIMEDOUT;
	case VDRM_ERROR_NO_DEVICE: return ENODEV;
	case VDRM_ERROR_UNSUPPORTED: return ENOTSUP;
	default: return EIO; /* DEVICE_LOST, IO */
	}
}

/* ---- formats --------------------------------------------------------------- */

/* The cursor plane of virtio_gpu takes ARGB8888 only, and no GPU rendering
 * into a cursor is promised (as Mesa's backend refuses CURSOR|RENDERING). */
static const char *cursor_rule(const struct vgbm_format *f, uint32_t usage)
{
	if (!(usage & GBM_BO_USE_CURSOR))
		return NULL;
	if (usage & GBM_BO_USE_RENDERING)
		return "CURSOR and RENDERING together";
	return f->fourcc == GBM_FORMAT_ARGB8888 ? NULL : "a cursor must be ARGB8888";
}

const struct vgbm_format *vgbm_device_usable_format(struct vgbm_device *dev, uint32_t format,
						    uint32_t usage, const char **why)
{
	const struct vgbm_format *f = vgbm_format_lookup(vgbm_canonical_format(format));

	*why = NULL;
	if (!f)
		*why = "not a format the backend allocates";
	else if (usage & GBM_BO_USE_PROTECTED)
		*why = "virtio-gpu has no protected memory";
	else if (!(*why = cursor_rule(f, usage)) &&
		 !vdrm_caps_format_supports(vdrm_device_caps(dev->vdrm), f->virgl,
					    VDRM_FORMAT_RENDER | VDRM_FORMAT_SAMPLE))
		*why = "the host cannot render to and sample from it";
	return *why ? NULL : f;
}

static int is_format_supported(struct gbm_device *gbm, uint32_t format, uint32_t usage)
{
	const char *why;

	return vgbm_device_usable_format(vgbm_device(gbm), format, usage, &why) != NULL;
}

/* Linear is the only layout: the host texture has no guest tiling. */
static int get_format_modifier_plane_count(struct gbm_device *gbm, uint32_t format,
					   uint64_t modifier)
{
	const char *why;

	if (modifier != DRM_FORMAT_MOD_LINEAR && modifier != DRM_FORMAT_MOD_INVALID)
		return -1;
	return vgbm_device_usable_format(vgbm_device(gbm), format, 0, &why) ? 1 : -1;
}

/* ---- the device ------------------------------------------------------------ */

static void device_destroy(struct gbm_device *gbm)
{
	struct vgbm_device *dev = vgbm_device(gbm);

	vdrm_device_destroy(dev->vdrm);
	free(dev);
}

static const struct vgbm_egl_ops egl_ops = {
	.surface_acquire = vgbm_surface_acquire,
	.surface_queue = vgbm_surface_queue,
	.surface_cancel = vgbm_surface_cancel,
};

static void set_hooks(struct gbm_device_v0 *v0)
{
	v0->destroy = device_destroy;
	v0->is_format_supported = is_format_supported;
	v0->get_format_modifier_plane_count = get_format_modifier_plane_count;
	v0->bo_create = vgbm_bo_create;
	v0->bo_import = vgbm_bo_import;
	v0->bo_map = vgbm_bo_map;
	v0->bo_unmap = vgbm_bo_unmap;
	v0->bo_write = vgbm_bo_write;
	v0->bo_get_fd = vgbm_bo_get_fd;
	v0->bo_get_planes = vgbm_bo_get_planes;
	v0->bo_get_handle = vgbm_bo_get_handle;
	v0->bo_get_plane_fd = vgbm_bo_get_plane_fd;
	v0->bo_get_stride = vgbm_bo_get_stride;
	v0->bo_get_offset = vgbm_bo_get_offset;
	v0->bo_get_modifier = vgbm_bo_get_modifier;
	v0->bo_destroy = vgbm_bo_destroy;
	v0->surface_create = vgbm_surface_create;
	v0->surface_lock_front_buffer = vgbm_surface_lock_front_buffer;
	v0->surface_release_buffer = vgbm_surface_release_buffer;
	v0->surface_has_free_buffers = vgbm_surface_has_free_buffers;
	v0->surface_destroy = vgbm_surface_destroy;
}

/* VIRTGL_GBM: 0 leaves every fd to the next backend (Mesa's), 1 serves
 * even the programs below; unset, the table decides. */
static const char *gbm_switch(void)
{
	const char *v = getenv("VIRTGL_GBM");

	return v ? v : "";
}

/* Programs left to Mesa unless VIRTGL_GBM=1: Debian 12's X servers run
 * glamor on desktop GL where the driver has it and on GLES otherwise, and
 * their GLES path (xserver 21.1, Xwayland 22.1) stores depth 24/32 pixmaps
 * as x8b8g8r8: red and blue come out swapped in what is shared as XRGB8888
 * dma-bufs and read back, and Render composites of windows fall back to the
 * CPU. virtgl has GLES only; Mesa's virgl has desktop GL, so glamor is
 * right there. Matched against the executable's name. */
static const struct {
	const char *program;
	const char *why;
} declined_programs[] = {
	{ "Xwayland", "an X server: its glamor needs desktop GL (VIRTGL_GBM=1 serves it)" },
	{ "Xorg", "an X server: its glamor needs desktop GL (VIRTGL_GBM=1 serves it)" },
};

/* Why this process is left to the next backend, or NULL. */
static const char *decline_reason(void)
{
	const char *sw = gbm_switch();

	if (strcmp(sw, "0") == 0)
		return "VIRTGL_GBM=0";
	if (strcmp(sw, "1") == 0)
		return NULL;
	for (size_t i = 0; i < sizeof(declined_programs) / sizeof(declined_programs[0]); i++)
		if (strcmp(program_invocation_short_name, declined_programs[i].program) == 0)
			return declined_programs[i].why;
	return NULL;
}

struct gbm_device *vgbm_device_create(int fd, uint32_t abi_version)
{
	struct vdrm_device_create_info info = { .kind = VDRM_TRANSPORT_DRM, .use_drm_fd = true,
						.drm_fd = fd };
	struct vdrm_error err = { 0 };
	const char *why = decline_reason();
	struct vgbm_device *dev;
	int ret;

	if (why) {
		vgbm_fail(NULL, ENODEV, "declining fd %d: %s", fd, why);
		return NULL;
	}
	dev = calloc(1, sizeof(*dev));
	if (!dev) {
		vgbm_fail(NULL, ENOMEM, "declining fd %d: out of memory", fd);
		return NULL;
	}
	/* checks that fd is virtio_gpu with 3D, on a duplicate of it */
	ret = vdrm_device_create(&info, &dev->vdrm, &err);
	if (ret) {
		vgbm_fail(NULL, vgbm_errno(ret), "declining fd %d: %s", fd, err.message);
		free(dev);
		return NULL;
	}
	dev->debug = debug_enabled();
	dev->head.magic = VGBM_MAGIC;
	dev->head.egl = &egl_ops;
	dev->head.base.v0.backend_version = abi_version; /* libgbm checks it */
	dev->head.base.v0.fd = fd;
	dev->head.base.v0.name = VGBM_BACKEND_NAME;
	set_hooks(&dev->head.base.v0);
	return &dev->head.base;
}
