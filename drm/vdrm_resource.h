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
	VDRM_BIND_LINEAR = 1u << 22,
};

/* vdrm_resource_create_info.flags: the only value besides 0 the host accepts. */
enum vdrm_resource_flag {
	VDRM_RESOURCE_FLAG_Y_0_TOP = 1u << 0, /* 2D and RECT only */
};

/* Largest backing vdrm_resource_info_validate accepts (1 GiB): the least a
 * host renderer allocates for one resource. Mesa's llvmpipe refuses textures
 * past 1 GiB (LP_MAX_TEXTURE_SIZE), and virglrenderer answers a refused
 * creation by dropping the client (fuzz_gl: a 2 GiB cube map lost the host). */
#define VDRM_RESOURCE_MAX_BACKING (UINT64_C(1) << 30)

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
 * answer on vtest): target, format, bind, flags, sizes, levels, layers,
 * samples, and a backing of at most VDRM_RESOURCE_MAX_BACKING. Any
 * nr_samples > 0 (even 1) makes a multisample resource to the host: 2D or
 * 2D_ARRAY, no mips. Host limits from the caps (max_texture_2d_size...) are
 * the caller's to check. Fills err (optional) with a message naming the field.
 */
struct vdrm_error;
/* The last mip level the host allows a texture of width x height, whatever
 * its depth (virglrenderer does not count depth): a 3D texture deeper than
 * wide gets fewer levels than GL's chain. */
uint32_t vdrm_resource_host_last_level(uint32_t width, uint32_t height);
int vdrm_resource_info_validate(const struct vdrm_resource_create_info *info,
				struct vdrm_error *err);

/* Backing layout; info must have passed validation. */
void vdrm_resource_level_layout(const struct vdrm_resource_create_info *info,
				uint32_t level, struct vdrm_level_layout *out);
size_t vdrm_resource_backing_size(const struct vdrm_resource_create_info *info);

/* Byte offset of the box's first block in the backing. */
size_t vdrm_resource_box_offset(const struct vdrm_resource_create_info *info,
				uint32_t level, const struct vdrm_box *box);

/*
 * Checks a box against the level's extent: non-empty, inside the level (z is
 * the layer for arrays and cubes, the slice for 3D), and on block boundaries
 * for compressed formats except where the box ends at the level's edge.
 */
int vdrm_resource_box_validate(const struct vdrm_resource_create_info *info,
			       uint32_t level, const struct vdrm_box *box,
			       struct vdrm_error *err);
