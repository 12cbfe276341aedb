/* SPDX-License-Identifier: MIT */
/*
 * The host's capabilities, parsed from a virgl (v1, 308 bytes) or virgl2 (v2)
 * capset blob into a typed struct. The parser never trusts host-given sizes:
 * it reads at most the bytes it was given, zero-fills what is missing, ignores
 * what is beyond the struct it knows, and gates v2 fields on the blob's size
 * and max_version.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define VDRM_FORMAT_MASK_DWORDS 16 /* 512 format bits */
#define VDRM_SHADER_STAGES 6       /* VS FS GS TCS TES CS (wire order) */
#define VDRM_CAPS_V1_SIZE 308      /* sizeof(struct virgl_caps_v1) */
#define VDRM_CAPS_V2_SIZE 1376     /* struct virgl_caps_v2 as virglrenderer 0.10.4 sends it */

struct vdrm_format_mask {
	uint32_t bits[VDRM_FORMAT_MASK_DWORDS];
};

struct vdrm_caps {
	uint32_t capset_id;   /* 1 or 2, what the transport fetched */
	uint32_t max_version; /* dword 0 of the blob: 1 or 2 */
	bool has_v2;          /* the v2 part was present */

	/* v1 */
	struct vdrm_format_mask sampler;
	struct vdrm_format_mask render;
	struct vdrm_format_mask depthstencil; /* never filled by virglrenderer 0.10.4 */
	struct vdrm_format_mask vertexbuffer;
	uint32_t bset;
	uint32_t glsl_level;
	uint32_t max_texture_array_layers;
	uint32_t max_streamout_buffers;
	uint32_t max_dual_source_render_targets;
	uint32_t max_render_targets;
	uint32_t max_samples;
	uint32_t prim_mask;
	uint32_t max_tbo_size;
	uint32_t max_uniform_blocks; /* including CONST[0] */
	uint32_t max_viewports;
	uint32_t max_texture_gather_components;

	/* v2 (zero when !has_v2) */
	float min_aliased_point_size, max_aliased_point_size;
	float min_smooth_point_size, max_smooth_point_size;
	float min_aliased_line_width, max_aliased_line_width;
	float min_smooth_line_width, max_smooth_line_width;
	float max_texture_lod_bias;
	uint32_t max_geom_output_vertices;
	uint32_t max_geom_total_output_components;
	uint32_t max_vertex_outputs;
	uint32_t max_vertex_attribs;
	uint32_t max_shader_patch_varyings;
	int32_t min_texel_offset, max_texel_offset;
	int32_t min_texture_gather_offset, max_texture_gather_offset;
	uint32_t texture_buffer_offset_alignment;
	uint32_t uniform_buffer_offset_alignment;
	uint32_t shader_buffer_offset_alignment;
	uint32_t capability_bits;
	uint32_t max_vertex_attrib_stride;
	uint32_t max_shader_buffer_frag_compute;
	uint32_t max_shader_buffer_other_stages;
	uint32_t max_shader_image_frag_compute;
	uint32_t max_shader_image_other_stages;
	uint32_t max_image_samples;
	uint32_t max_compute_work_group_invocations;
	uint32_t max_compute_shared_memory_size;
	uint32_t max_compute_grid_size[3];
	uint32_t max_compute_block_size[3];
	uint32_t max_texture_2d_size;
	uint32_t max_texture_3d_size;
	uint32_t max_texture_cube_size;
	uint32_t max_combined_shader_buffers;
	uint32_t host_feature_check_version;
	struct vdrm_format_mask readback;
	struct vdrm_format_mask scanout;
	uint32_t capability_bits_v2;
	uint32_t max_video_memory;
	char renderer[65]; /* NUL-terminated even if the host's is not */
	float max_anisotropy;
	uint32_t max_texture_image_units;
	struct vdrm_format_mask multisample;
	uint32_t max_const_buffer_size[VDRM_SHADER_STAGES];
	uint32_t max_uniform_block_size;
};

/* capability_bits (v2 offset 392) */
enum vdrm_cap_bit {
	VDRM_CAP_TGSI_INVARIANT = 1u << 0,
	VDRM_CAP_TEXTURE_VIEW = 1u << 1,
	VDRM_CAP_SET_MIN_SAMPLES = 1u << 2,
	VDRM_CAP_COPY_IMAGE = 1u << 3,
	VDRM_CAP_TGSI_PRECISE = 1u << 4,
	VDRM_CAP_TXQS = 1u << 5,
	VDRM_CAP_MEMORY_BARRIER = 1u << 6,
	VDRM_CAP_COMPUTE_SHADER = 1u << 7,
	VDRM_CAP_FB_NO_ATTACH = 1u << 8,
	VDRM_CAP_ROBUST_BUFFER_ACCESS = 1u << 9,
	VDRM_CAP_TGSI_FBFETCH = 1u << 10,
	VDRM_CAP_SHADER_CLOCK = 1u << 11,
	VDRM_CAP_TEXTURE_BARRIER = 1u << 12,
	VDRM_CAP_TGSI_COMPONENTS = 1u << 13,
	VDRM_CAP_GUEST_MAY_INIT_LOG = 1u << 14,
	VDRM_CAP_SRGB_WRITE_CONTROL = 1u << 15,
	VDRM_CAP_QBO = 1u << 16,
	VDRM_CAP_TRANSFER = 1u << 17,
	VDRM_CAP_FBO_MIXED_COLOR_FORMATS = 1u << 18,
	VDRM_CAP_HOST_IS_GLES = 1u << 19,
	VDRM_CAP_BIND_COMMAND_ARGS = 1u << 20,
	VDRM_CAP_MULTI_DRAW_INDIRECT = 1u << 21,
	VDRM_CAP_INDIRECT_PARAMS = 1u << 22,
	VDRM_CAP_TRANSFORM_FEEDBACK3 = 1u << 23,
	VDRM_CAP_3D_ASTC = 1u << 24,
	VDRM_CAP_INDIRECT_INPUT_ADDR = 1u << 25,
	VDRM_CAP_COPY_TRANSFER = 1u << 26,
	VDRM_CAP_CLIP_HALFZ = 1u << 27,
	VDRM_CAP_APP_TWEAK_SUPPORT = 1u << 28,
	VDRM_CAP_BGRA_SRGB_IS_EMULATED = 1u << 29,
	VDRM_CAP_CLEAR_TEXTURE = 1u << 30,
	VDRM_CAP_ARB_BUFFER_STORAGE = 1u << 31,
};

/* capability_bits_v2 (v2 offset 688): virglrenderer's VIRGL_CAP_V2_* */
enum vdrm_cap2_bit {
	/* the host has KHR_blend_equation_advanced: without TGSI_FBFETCH it
	 * blends by the equation a blend object passes in render target 0's
	 * alpha_src_factor, for a fragment shader with
	 * PROPERTY FS_BLEND_EQUATION_ADVANCED, and a TEXTURE_BARRIER with
	 * the framebuffer flag is its glBlendBarrierKHR */
	VDRM_CAP2_BLEND_EQUATION = 1u << 0,
};

enum vdrm_format_usage {
	VDRM_FORMAT_SAMPLE = 1u << 0,
	VDRM_FORMAT_RENDER = 1u << 1,       /* colour-renderable (and sampleable) */
	VDRM_FORMAT_DEPTH_STENCIL = 1u << 2, /* a depth/stencil format that samples */
	VDRM_FORMAT_VERTEX = 1u << 3,
	VDRM_FORMAT_READBACK = 1u << 4,
	VDRM_FORMAT_SCANOUT = 1u << 5,
	VDRM_FORMAT_MULTISAMPLE = 1u << 6,
};

/*
 * Parses `size` bytes of a capset blob. Returns 0, or VDRM_ERROR_INVALID_ARGUMENT
 * when the blob is too short to hold even max_version or claims a version the
 * parser does not know how to read (max_version 0), when capset_id is neither
 * 1 nor 2, or when blob or out is NULL. *out is zeroed first in every case.
 */
int vdrm_caps_parse(const void *blob, size_t size, uint32_t capset_id, struct vdrm_caps *out);

/* The set of enum vdrm_format_usage bits the host grants `format`. */
uint32_t vdrm_caps_format_usage(const struct vdrm_caps *caps, uint32_t format);
bool vdrm_caps_format_supports(const struct vdrm_caps *caps, uint32_t format, uint32_t usage);
