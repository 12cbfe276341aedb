/* SPDX-License-Identifier: MIT */
/*
 * Host resources (buffers and textures) with a guest-visible backing store.
 *
 * The backing is laid out the way the host assumes when a transfer carries
 * stride 0 (the only stride a non-blob resource may use on Linux 6.1): level
 * after level, each level packed with row pitch = width of that level in
 * blocks x block size, layer pitch = row pitch x block rows of that level.
 * A transfer of a sub-box therefore lands at the box's own place inside its
 * level, so the mapping always looks like the whole resource.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* enum pipe_texture_target values, as the protocol uses them. */
enum vdrm_target {
	VDRM_TARGET_BUFFER = 0,
	VDRM_TARGET_1D = 1,
	VDRM_TARGET_2D = 2,
	VDRM_TARGET_3D = 3,
	VDRM_TARGET_CUBE = 4,
	VDRM_TARGET_RECT = 5,
	VDRM_TARGET_1D_ARRAY = 6,
	VDRM_TARGET_2D_ARRAY = 7,
	VDRM_TARGET_CUBE_ARRAY = 8,
	VDRM_TARGET_COUNT
};

/* VIRGL_BIND_* */
enum vdrm_bind {
	VDRM_BIND_DEPTH_STENCIL = 1u << 0,
	VDRM_BIND_RENDER_TARGET = 1u << 1,
	VDRM_BIND_SAMPLER_VIEW = 1u << 3,
	VDRM_BIND_VERTEX_BUFFER = 1u << 4,
	VDRM_BIND_INDEX_BUFFER = 1u << 5,
	VDRM_BIND_CONSTANT_BUFFER = 1u << 6,
	VDRM_BIND_DISPLAY_TARGET = 1u << 7,
	VDRM_BIND_COMMAND_ARGS = 1u << 8,
	VDRM_BIND_STREAM_OUTPUT = 1u << 11,
	VDRM_BIND_SHADER_BUFFER = 1u << 14,
	VDRM_BIND_QUERY_BUFFER = 1u << 15,
	VDRM_BIND_CURSOR = 1u << 16,
	VDRM_BIND_CUSTOM = 1u << 17,
	VDRM_BIND_SCANOUT = 1u << 18,
	VDRM_BIND_STAGING = 1u << 19,
	VDRM_BIND_SHARED = 1u << 20,
};

struct vdrm_resource_create_info {
	enum vdrm_target target;
	uint32_t format; /* enum virgl_formats (vdrm_format.h) */
	uint32_t bind;   /* enum vdrm_bind */
	uint32_t width;  /* bytes for buffers */
	uint32_t height;
	uint32_t depth;
	uint32_t array_size; /* 6 for cubes */
	uint32_t last_level;
	uint32_t nr_samples;
	uint32_t flags;
};

struct vdrm_box {
	uint32_t x, y, z;
	uint32_t w, h, d;
};

struct vdrm_level_layout {
	size_t offset;       /* of the level in the backing */
	uint32_t stride;     /* bytes per block row */
	uint32_t layer_stride; /* bytes per layer (or 3D slice) */
	uint32_t layers;     /* depth of a 3D level, else array_size */
	size_t size;         /* layer_stride * layers */
};

struct vdrm_resource {
	struct vdrm_resource_create_info info;
	uint32_t res_handle; /* host resource id: goes inside command streams */
	uint32_t bo_handle;  /* DRM GEM handle (0 on vtest) */
	void *map;           /* guest-visible backing, mapped for the resource's life */
	size_t size;         /* bytes of backing */
};

/*
 * Checks the parameters the host would otherwise drop silently (and then never
 * answer on vtest): target, format, sizes, levels, layers. Fills err.
 */
struct vdrm_error;
int vdrm_resource_info_validate(const struct vdrm_resource_create_info *info,
				struct vdrm_error *err);

/* Backing layout; info must have passed validation. */
void vdrm_resource_level_layout(const struct vdrm_resource_create_info *info,
				uint32_t level, struct vdrm_level_layout *out);
size_t vdrm_resource_backing_size(const struct vdrm_resource_create_info *info);

/* Byte offset of the box's first block in the backing. */
size_t vdrm_resource_box_offset(const struct vdrm_resource_create_info *info,
				uint32_t level, const struct vdrm_box *box);

/* Checks a box against the level's extent. */
int vdrm_resource_box_validate(const struct vdrm_resource_create_info *info,
			       uint32_t level, const struct vdrm_box *box,
			       struct vdrm_error *err);
