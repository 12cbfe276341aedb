/* SPDX-License-Identifier: MIT */
/*
 * libgbm's backend interface, version 1, as Debian 12's libgbm1 (Mesa 22.3.6)
 * reads it: the structures a backend module and libgbm share, declared here
 * because no Debian package installs Mesa's own header for them. libgbm reads
 * some fields of these objects directly (a bo's width, height, format and
 * handle; a device's name and backend_version), so the layout must match
 * Mesa's field for field; the static asserts below pin it for LP64.
 *
 * Version 1 changed no layout: it only promised that usage/flags reach
 * bo_create and surface_create together with modifiers (version 0 sent 0).
 * Later versions may only append structures (a v1 after each v0), never
 * change these.
 *
 * What libgbm's public header already defines is taken from it: union
 * gbm_bo_handle, the GBM_FORMAT_*, GBM_BO_USE_*, GBM_BO_TRANSFER_* and
 * GBM_BO_IMPORT_* constants and the import descriptions.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include <gbm.h>

#define VGBM_ABI_VERSION 1

/* Owned by libgbm and opaque to backends (it fills gbm_device_v0.backend_desc). */
struct gbm_backend_desc;

/* The device: every hook libgbm calls, in libgbm's order. */
struct gbm_device_v0 {
	const struct gbm_backend_desc *backend_desc; /* set by libgbm after create */
	/* MIN(libgbm's, the backend's version): create_device receives it and
	 * must store it here, or libgbm destroys the device */
	uint32_t backend_version;
	int fd;           /* the fd the device was created on */
	const char *name; /* gbm_device_get_backend_name() */

	void (*destroy)(struct gbm_device *gbm);
	int (*is_format_supported)(struct gbm_device *gbm, uint32_t format, uint32_t usage);
	int (*get_format_modifier_plane_count)(struct gbm_device *gbm, uint32_t format,
					       uint64_t modifier);
	struct gbm_bo *(*bo_create)(struct gbm_device *gbm, uint32_t width, uint32_t height,
				    uint32_t format, uint32_t usage, const uint64_t *modifiers,
				    const unsigned int count);
	struct gbm_bo *(*bo_import)(struct gbm_device *gbm, uint32_t type, void *buffer,
				    uint32_t usage);
	void *(*bo_map)(struct gbm_bo *bo, uint32_t x, uint32_t y, uint32_t width,
			uint32_t height, uint32_t flags, uint32_t *stride, void **map_data);
	void (*bo_unmap)(struct gbm_bo *bo, void *map_data);
	int (*bo_write)(struct gbm_bo *bo, const void *buf, size_t count);
	int (*bo_get_fd)(struct gbm_bo *bo);
	int (*bo_get_planes)(struct gbm_bo *bo);
	union gbm_bo_handle (*bo_get_handle)(struct gbm_bo *bo, int plane);
	int (*bo_get_plane_fd)(struct gbm_bo *bo, int plane);
	uint32_t (*bo_get_stride)(struct gbm_bo *bo, int plane);
	uint32_t (*bo_get_offset)(struct gbm_bo *bo, int plane);
	uint64_t (*bo_get_modifier)(struct gbm_bo *bo);
	/* libgbm calls the bo's destroy_user_data itself before this */
	void (*bo_destroy)(struct gbm_bo *bo);

	struct gbm_surface *(*surface_create)(struct gbm_device *gbm, uint32_t width,
					      uint32_t height, uint32_t format, uint32_t flags,
					      const uint64_t *modifiers, const unsigned count);
	struct gbm_bo *(*surface_lock_front_buffer)(struct gbm_surface *surface);
	void (*surface_release_buffer)(struct gbm_surface *surface, struct gbm_bo *bo);
	int (*surface_has_free_buffers)(struct gbm_surface *surface);
	void (*surface_destroy)(struct gbm_surface *surface);
};

struct gbm_device {
	/* gbm_create_device itself, stored by libgbm: EGL loaders recognise a
	 * gbm_device by this first pointer */
	struct gbm_device *(*dummy)(int);
	struct gbm_device_v0 v0;
};

/* A buffer: libgbm's getters read these fields directly. */
struct gbm_bo_v0 {
	uint32_t width;
	uint32_t height;
	uint32_t stride;
	uint32_t format;
	union gbm_bo_handle handle;
	void *user_data;
	void (*destroy_user_data)(struct gbm_bo *bo, void *data);
};

struct gbm_bo {
	struct gbm_device *gbm;
	struct gbm_bo_v0 v0;
};

struct gbm_surface_v0 {
	uint32_t width;
	uint32_t height;
	uint32_t format;
	uint32_t flags;
	struct {
		uint64_t *modifiers;
		unsigned count;
	};
};

struct gbm_surface {
	struct gbm_device *gbm;
	struct gbm_surface_v0 v0;
};

/* What a backend module gives libgbm. */
struct gbm_backend_v0 {
	uint32_t backend_version; /* the highest version the backend speaks */
	const char *backend_name;
	struct gbm_device *(*create_device)(int fd, uint32_t gbm_backend_version);
};

struct gbm_backend {
	struct gbm_backend_v0 v0;
};

/* What libgbm gives a backend module. */
struct gbm_core_v0 {
	uint32_t core_version; /* libgbm's version of this interface */
	/* GBM_BO_FORMAT_[XA]RGB8888 -> GBM_FORMAT_[XA]RGB8888, others unchanged */
	uint32_t (*format_canonicalize)(uint32_t gbm_format);
};

struct gbm_core {
	struct gbm_core_v0 v0;
};

/* The one symbol a backend module exports; libgbm looks it up by this name. */
#define VGBM_GET_BACKEND_SYMBOL "gbmint_get_backend"
typedef const struct gbm_backend *(*vgbm_get_backend_fn)(const struct gbm_core *core);

/* ---- layout pins (x86_64 / LP64), checked against Mesa 22.3.6 ---------- */
#if defined(__LP64__)
_Static_assert(offsetof(struct gbm_device, v0) == 8, "gbm_device.v0");
_Static_assert(offsetof(struct gbm_device_v0, backend_version) == 8, "backend_version");
_Static_assert(offsetof(struct gbm_device_v0, fd) == 12, "fd");
_Static_assert(offsetof(struct gbm_device_v0, name) == 16, "name");
_Static_assert(offsetof(struct gbm_device_v0, destroy) == 24, "destroy");
_Static_assert(offsetof(struct gbm_device_v0, bo_destroy) == 24 + 15 * 8, "bo_destroy");
_Static_assert(offsetof(struct gbm_device_v0, surface_destroy) == 24 + 20 * 8,
	       "surface_destroy");
_Static_assert(sizeof(struct gbm_device) == 200, "gbm_device size");
_Static_assert(offsetof(struct gbm_bo, v0) == 8, "gbm_bo.v0");
_Static_assert(offsetof(struct gbm_bo_v0, handle) == 16, "gbm_bo_v0.handle");
_Static_assert(offsetof(struct gbm_bo_v0, destroy_user_data) == 32, "destroy_user_data");
_Static_assert(sizeof(struct gbm_bo) == 48, "gbm_bo size");
_Static_assert(offsetof(struct gbm_surface_v0, modifiers) == 16, "surface modifiers");
_Static_assert(sizeof(struct gbm_surface) == 40, "gbm_surface size");
_Static_assert(sizeof(struct gbm_backend) == 24, "gbm_backend size");
_Static_assert(sizeof(struct gbm_core) == 16, "gbm_core size");
#endif
