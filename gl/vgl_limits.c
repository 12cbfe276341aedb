/* SPDX-License-Identifier: MIT */
/*
 * Implementation limits from the host's caps (through vk/'s physical device
 * limits); see vgl_limits.h.
 */
#include <stddef.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_limits.h"
#include "vgl_texture.h"

/* The largest default uniform block: beyond the push constants it is one
 * uniform buffer (vgl_linked.c), which the host's range bounds; 4096 vectors
 * is what Mesa's virgl offers and what dEQP's limit cases were run against. */
#define MAX_UNIFORM_VECTORS 4096u

static uint32_t clamp_u32(uint32_t v, uint32_t lo, uint32_t hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

static void uniform_limits(struct vgl_limits *l, const VkPhysicalDeviceLimits *p)
{
	uint32_t vectors = clamp_u32(p->maxUniformBufferRange / 16, 256, MAX_UNIFORM_VECTORS);
	/* one buffer slot per stage stays free for a default block too big for
	 * the push constants */
	uint32_t blocks = p->maxPerStageDescriptorUniformBuffers > 0
				  ? p->maxPerStageDescriptorUniformBuffers - 1 : 0;

	l->vertex_uniform_vectors = vectors;
	l->fragment_uniform_vectors = vectors;
	l->stage_uniform_blocks = clamp_u32(blocks, 12, VGL_MAX_STAGE_UNIFORM_BLOCKS);
	l->combined_uniform_blocks = VGL_MAX_UBO_BINDINGS;
	l->uniform_block_size = clamp_u32(p->maxUniformBufferRange, 16384, 65536);
}

static void texture_limits(struct vgl_limits *l, const VkPhysicalDeviceLimits *p)
{
	uint32_t stage = clamp_u32(p->maxPerStageDescriptorSamplers, 16, VGL_MAX_STAGE_TEXTURE_UNITS);

	l->vertex_texture_units = stage;
	l->fragment_texture_units = stage;
	l->combined_texture_units = VGL_MAX_TEXTURE_UNITS;
	/* ES 3.0 asks for at least [-8, 7]; a host without the caps says 0 */
	l->min_texel_offset = p->minTexelOffset < -8 ? p->minTexelOffset : -8;
	l->max_texel_offset = p->maxTexelOffset > 7 ? (int32_t)p->maxTexelOffset : 7;
	l->max_lod_bias = p->maxSamplerLodBias >= 2.0f ? p->maxSamplerLodBias : 2.0f;
	/* ES 3.1 asks for [-8, 7] too; TG4 passes its offset to the host as is */
	l->min_gather_offset = p->minTexelGatherOffset < -8 ? p->minTexelGatherOffset : -8;
	l->max_gather_offset = p->maxTexelGatherOffset > 7 ? (int32_t)p->maxTexelGatherOffset : 7;
}

/* Atomic counters are lowered to storage-buffer atomics (compiler/glsl):
 * a binding is one of the host's storage buffer slots, a counter one uint
 * of it. ES 3.1's minimums are 1 binding, 8 counters, 32 bytes; 1024
 * counters (4 KiB a binding) is what the lowering's buffer arrays take. */
static void atomic_limits(struct vgl_limits *l)
{
	l->atomic_bindings = clamp_u32(l->stage_ssbos, 0, VGL_MAX_ATOMIC_BINDINGS);
	l->atomic_buffer_size = clamp_u32(l->ssbo_block_size, 0, 4096);
	l->atomic_counters = l->atomic_bindings ? l->atomic_buffer_size / 4 : 0;
}

/* The work group size is also bounded by what the compiler accepts
 * (128, 128, 64; 128 invocations: glsl_sema_decl.c's local_size). */
static void compute_limits(struct vgl_limits *l, const VkPhysicalDeviceLimits *p)
{
	static const uint32_t compiler_size[3] = { 128, 128, 64 };

	if (!p->maxComputeWorkGroupInvocations)
		return;
	l->compute_invocations = clamp_u32(p->maxComputeWorkGroupInvocations, 0, 128);
	l->compute_shared_size = p->maxComputeSharedMemorySize;
	for (int i = 0; i < 3; i++) {
		l->compute_count[i] = clamp_u32(p->maxComputeWorkGroupCount[i], 0, INT32_MAX);
		l->compute_size[i] = clamp_u32(p->maxComputeWorkGroupSize[i], 0, compiler_size[i]);
	}
	l->stage_ssbos = clamp_u32(p->maxPerStageDescriptorStorageBuffers, 0, VGL_MAX_SSBO_BINDINGS);
	l->ssbo_bindings = l->stage_ssbos;
	l->ssbo_block_size = clamp_u32(p->maxStorageBufferRange, 0, INT32_MAX);
	l->stage_images = clamp_u32(p->maxPerStageDescriptorStorageImages, 0, VGL_MAX_IMAGE_UNITS);
	l->image_units = l->stage_images;
	/* vk/'s per-stage limit is the host's for fragment and compute shaders
	 * alike (max_shader_image_frag_compute) */
	l->fragment_images = l->stage_images;
	l->output_resources = l->stage_ssbos + l->stage_images + VGL_MAX_DRAW_BUFFERS;
	atomic_limits(l);
	l->ssbo_alignment = p->minStorageBufferOffsetAlignment ? 
				    (uint32_t)p->minStorageBufferOffsetAlignment : 256;
}

/* The vertex stage's storage (ES 3.1 allows 0 there): the host's
 * other-stage slots, as many as the fragment stage's at most (the
 * combined limits below are the per-stage ones). A counter binding takes a
 * storage buffer there too. */
static void vertex_storage_limits(struct vgl_limits *l,
				  const struct vvk_physical_device_stage_storage_properties *st)
{
	l->vertex_ssbos = clamp_u32(st->maxVertexPipelineStorageBuffers, 0, l->stage_ssbos);
	l->vertex_images = clamp_u32(st->maxVertexPipelineStorageImages, 0, l->stage_images);
	l->vertex_atomic_bindings = clamp_u32(l->vertex_ssbos, 0, l->atomic_bindings);
	l->vertex_atomic_counters = l->vertex_atomic_bindings ? l->atomic_counters : 0;
	/* a program's buffers in all its stages: what the host allows together,
	 * never fewer than one stage's (ES 3.1's minimum is the per-stage one) */
	l->combined_ssbos = clamp_u32(st->maxCombinedStorageBuffers, l->stage_ssbos,
				      VGL_MAX_SSBO_BINDINGS);
}

/* The pnames of the other stages' storage, the field answering each. */
static const struct {
	uint32_t pname;
	size_t field;
} other_stage[] = {
	{ GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS_EXT, offsetof(struct vgl_limits, vertex_ssbos) },
	{ GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS_EXT, offsetof(struct vgl_limits, vertex_ssbos) },
	{ GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS_EXT,
	  offsetof(struct vgl_limits, vertex_ssbos) },
	{ GL_MAX_GEOMETRY_IMAGE_UNIFORMS_EXT, offsetof(struct vgl_limits, vertex_images) },
	{ GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS_EXT, offsetof(struct vgl_limits, vertex_images) },
	{ GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS_EXT, offsetof(struct vgl_limits, vertex_images) },
	{ GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS_EXT,
	  offsetof(struct vgl_limits, vertex_atomic_bindings) },
	{ GL_MAX_TESS_CONTROL_ATOMIC_COUNTER_BUFFERS_EXT,
	  offsetof(struct vgl_limits, vertex_atomic_bindings) },
	{ GL_MAX_TESS_EVALUATION_ATOMIC_COUNTER_BUFFERS_EXT,
	  offsetof(struct vgl_limits, vertex_atomic_bindings) },
	{ GL_MAX_GEOMETRY_ATOMIC_COUNTERS_EXT, offsetof(struct vgl_limits, vertex_atomic_counters) },
	{ GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS_EXT,
	  offsetof(struct vgl_limits, vertex_atomic_counters) },
	{ GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS_EXT,
	  offsetof(struct vgl_limits, vertex_atomic_counters) },
};

bool vgl_limits_other_stage(const struct vgl_limits *l, uint32_t pname, int64_t *out)
{
	for (size_t i = 0; i < sizeof(other_stage) / sizeof(other_stage[0]); i++) {
		uint32_t v;

		if (other_stage[i].pname != pname)
			continue;
		memcpy(&v, (const char *)l + other_stage[i].field, sizeof(v));
		*out = v;
		return true;
	}
	return false;
}

/* The highest count all of color, depth and stencil attachments take
 * (the flag bits are the counts). */
static uint32_t max_samples(const VkPhysicalDeviceLimits *p)
{
	VkSampleCountFlags c = p->framebufferColorSampleCounts & p->framebufferDepthSampleCounts &
			       p->framebufferStencilSampleCounts;
	uint32_t n = 1;

	while (n < VK_SAMPLE_COUNT_64_BIT && (c & (n << 1)))
		n <<= 1;
	return n;
}

void vgl_limits_init(struct vgl_limits *l, const VkPhysicalDeviceLimits *p,
		     const struct vvk_physical_device_stage_storage_properties *st)
{
	uniform_limits(l, p);
	compute_limits(l, p);
	vertex_storage_limits(l, st);
	texture_limits(l, p);
	l->varying_locations = p->maxVertexOutputComponents / 4;
	l->line_width[0] = p->lineWidthRange[0];
	l->line_width[1] = p->lineWidthRange[1];
	l->point_size[0] = p->pointSizeRange[0];
	l->point_size[1] = p->pointSizeRange[1];
	l->max_samples = max_samples(p);
}

struct glsl_builtin_limits vgl_limits_builtins(const struct vgl_limits *l)
{
	return (struct glsl_builtin_limits){
		.max_vertex_uniform_vectors = (int32_t)l->vertex_uniform_vectors,
		.max_fragment_uniform_vectors = (int32_t)l->fragment_uniform_vectors,
		.max_vertex_texture_image_units = (int32_t)l->vertex_texture_units,
		.max_texture_image_units = (int32_t)l->fragment_texture_units,
		.max_combined_texture_image_units = (int32_t)l->combined_texture_units,
		.min_program_texel_offset = l->min_texel_offset,
		.max_program_texel_offset = l->max_texel_offset,
		.max_image_units = (int32_t)l->image_units,
		.max_compute_image_uniforms = (int32_t)l->stage_images,
		.max_fragment_image_uniforms = (int32_t)l->fragment_images,
		.max_combined_image_uniforms = (int32_t)l->stage_images,
		.max_combined_shader_output_resources = (int32_t)l->output_resources,
		.max_atomic_counter_bindings = (int32_t)l->atomic_bindings,
		.max_compute_atomic_counters = (int32_t)l->atomic_counters,
		.max_compute_atomic_counter_buffers = (int32_t)l->atomic_bindings,
		.max_vertex_image_uniforms = (int32_t)l->vertex_images,
		.max_vertex_atomic_counters = (int32_t)l->vertex_atomic_counters,
		.max_vertex_atomic_counter_buffers = (int32_t)l->vertex_atomic_bindings,
		.max_fragment_atomic_counters = (int32_t)l->atomic_counters,
		.max_fragment_atomic_counter_buffers = (int32_t)l->atomic_bindings,
		.max_combined_atomic_counters = (int32_t)l->atomic_counters,
		.max_combined_atomic_counter_buffers = (int32_t)l->atomic_bindings,
		.max_atomic_counter_buffer_size = (int32_t)l->atomic_buffer_size,
		.max_samples = (int32_t)l->max_samples,
		/* what glGet answers for the compute stage (vgl_compute.c) */
		.max_compute_uniform_components = 4 * (int32_t)l->fragment_uniform_vectors,
		.max_compute_texture_image_units = (int32_t)l->fragment_texture_units,
		.max_uniform_buffer_bindings = VGL_MAX_UBO_BINDINGS,
		.max_shader_storage_buffer_bindings = (int32_t)l->ssbo_bindings,
		.max_compute_work_group_count = { (int32_t)l->compute_count[0],
						  (int32_t)l->compute_count[1],
						  (int32_t)l->compute_count[2] },
		.max_compute_work_group_size = { (int32_t)l->compute_size[0],
						 (int32_t)l->compute_size[1],
						 (int32_t)l->compute_size[2] },
	};
}

void vgl_limits_link(const struct vgl_limits *l, struct glsl_link_limits *out)
{
	out->max_vertex_uniform_vectors = l->vertex_uniform_vectors;
	out->max_fragment_uniform_vectors = l->fragment_uniform_vectors;
	out->max_vertex_texture_units = l->vertex_texture_units;
	out->max_fragment_texture_units = l->fragment_texture_units;
	out->max_combined_texture_units = l->combined_texture_units;
	out->max_vertex_uniform_blocks = l->stage_uniform_blocks;
	out->max_fragment_uniform_blocks = l->stage_uniform_blocks;
	out->max_combined_uniform_blocks = l->combined_uniform_blocks;
	out->max_uniform_block_size = l->uniform_block_size;
	out->max_varying_locations = l->varying_locations;
	out->max_uniform_locations = VGL_MAX_UNIFORM_LOCATIONS;
}
