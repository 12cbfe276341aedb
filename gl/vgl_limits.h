/* SPDX-License-Identifier: MIT */
/*
 * The implementation limits that depend on the host, computed once per device
 * from vk/'s physical device limits (which vk/ reads from the host's caps):
 * what glGetIntegerv answers, what the GLSL built-in constants say, and what
 * glLinkProgram enforces, so that the three always agree. Each value is the
 * host's, bounded by what the layers here handle (array sizes, the default
 * uniform block as push constants or one buffer) and never below ES 3.0's
 * minimum where the spec requires one.
 */
#pragma once

#include <stdint.h>

#include "glsl_builtins.h"
#include "glsl_link.h"
#include "vvk.h"

/* ES 3.1 GL_MAX_UNIFORM_LOCATIONS (explicit uniform locations, ES 3.1
 * §7.6: at least 1024), what the linker bounds layout(location) by; the
 * location table is host-independent. */
#define VGL_MAX_UNIFORM_LOCATIONS 1024

struct vgl_limits {
	uint32_t vertex_uniform_vectors, fragment_uniform_vectors;
	uint32_t vertex_texture_units, fragment_texture_units, combined_texture_units;
	uint32_t stage_uniform_blocks, combined_uniform_blocks;
	uint32_t uniform_block_size;
	uint32_t varying_locations;     /* the host's vertex outputs */
	int32_t min_texel_offset, max_texel_offset;
	int32_t min_gather_offset, max_gather_offset;   /* textureGatherOffset (ES 3.1) */
	float line_width[2], point_size[2];
	float max_lod_bias;
	/* ES 3.1 compute and shader storage (vgl_compute.c); all 0 when the
	 * host has no compute shaders, and then no 3.1 context is made */
	uint32_t compute_invocations, compute_shared_size;
	uint32_t compute_count[3], compute_size[3];
	uint32_t ssbo_bindings, stage_ssbos, ssbo_block_size, ssbo_alignment;
	uint32_t image_units, stage_images;   /* vgl_image_unit.c */
	/* atomic counters (vgl_atomic_counter.c): each binding a program uses
	 * becomes a storage buffer of the host's, so they come out of the same
	 * per-stage slots as buffer blocks */
	uint32_t atomic_bindings, atomic_counters, atomic_buffer_size;
	/* the host's images per fragment shader; 0 when it takes none there */
	uint32_t fragment_images;
	/* graphics stages (vgl_linked_storage.c): the fragment shader's storage
	 * buffers are the compute shader's (stage_ssbos); a vertex shader's,
	 * images and counter bindings are the host's other-stage slots (often
	 * fewer); a program's buffers and counter bindings in all stages */
	uint32_t vertex_ssbos, vertex_images;
	uint32_t vertex_atomic_bindings, vertex_atomic_counters;
	uint32_t combined_ssbos;
	/* storage blocks, images and colour outputs a program may write in all */
	uint32_t output_resources;
	/* GL_MAX_SAMPLES as gl_MaxSamples says it (OES_sample_variables): the
	 * most samples every framebuffer attachment takes */
	uint32_t max_samples;
};

void vgl_limits_init(struct vgl_limits *l, const VkPhysicalDeviceLimits *p,
		     const struct vvk_physical_device_stage_storage_properties *st);

/* A geometry or tessellation stage's storage limit (GL_MAX_GEOMETRY_
 * SHADER_STORAGE_BLOCKS...): the vertex stage's, the host's other-stage
 * slots; false: not one of them. */
bool vgl_limits_other_stage(const struct vgl_limits *l, uint32_t pname, int64_t *out);

/* The values GLSL's gl_Max... constants take, and those a link checks. */
struct glsl_builtin_limits vgl_limits_builtins(const struct vgl_limits *l);
void vgl_limits_link(const struct vgl_limits *l, struct glsl_link_limits *out);
