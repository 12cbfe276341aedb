/* SPDX-License-Identifier: MIT */
/*
 * Pipelines create their virgl objects once, at creation, through the setup
 * stream: shaders (compiled from SPIR-V for this pipeline's layout), and for
 * graphics the blend, depth/stencil/alpha, rasterizer and vertex-elements
 * objects. Binding a pipeline binds handles.
 */
#pragma once

#include "vvk_pipeline_layout.h"
#include "vvk_private.h"

/* Dynamic state this layer honours (others are baked in). */
enum vvk_dynamic {
	VVK_DYNAMIC_VIEWPORT = 1u << 0,
	VVK_DYNAMIC_SCISSOR = 1u << 1,
	VVK_DYNAMIC_BLEND_CONSTANTS = 1u << 2,
	VVK_DYNAMIC_STENCIL_REFERENCE = 1u << 3,
};

/*
 * A separate sampler that a stage combines with a sampled image
 * (vc_sampler_pair): at descriptor emission the state of descriptor `desc`
 * of bound set `set` goes into sampler slot `slot`, the image's (virgl pairs
 * sampler state i with view i).
 */
struct vvk_sampler_pair {
	uint32_t slot;
	uint32_t set;
	uint32_t desc; /* index into the set's descriptors */
};

#define VVK_PRIM_PATCHES 14u

struct vvk_pipeline {
	uint64_t serial;     /* unique over the process: names it in caches that outlive it */
	VkPipelineBindPoint bind_point;
	struct vvk_pipeline_layout *layout;
	uint32_t shaders[VVK_STAGE_COUNT];
	uint32_t stage_mask; /* 1 << s of each shaders[s]: draws walk it by bit */
	bool uses_push[VVK_STAGE_COUNT];
	struct vvk_sampler_pair pairs[VVK_STAGE_COUNT][VC_MAX_SAMPLER_PAIRS];
	uint32_t nr_pairs[VVK_STAGE_COUNT];
	/* The VS reads gl_InstanceIndex: firstInstance goes into CONST[0] at
	 * this dword, after the push constants (vc_shader_info). */
	bool uses_base_instance;
	uint32_t base_instance_dword;
	uint32_t clip_distances[VVK_STAGE_COUNT]; /* gl_ClipDistance's length per stage */
	/* the last stage before rasterization, whose gl_ClipDistance[i] is
	 * written as 0 for bit i of clip_disabled (vvk_pipeline_clip_distance_info) */
	enum vvk_stage raster_stage;
	uint32_t clip_disabled;
	/* graphics */
	uint32_t blend, dsa, rasterizer, vertex_elements;
	uint32_t vb_strides[VVK_MAX_VERTEX_BUFFERS];
	uint32_t nr_vbs;
	uint32_t prim;             /* gallium's PIPE_PRIM_*: VVK_PRIM_PATCHES for patch lists */
	uint32_t patch_vertices;   /* prim PATCHES: the tessellation state's control points */
	bool restart;
	uint32_t dynamic;
	/* the viewport state's count (1 .. VVK_MAX_VIEWPORTS): the host gets
	 * that many viewports and scissors, from the pipeline or dynamic state */
	uint32_t nr_viewports;
	VkViewport viewports[VVK_MAX_VIEWPORTS];
	bool gl_z; /* VK_EXT_depth_clip_control's negativeOneToOne: clip_halfz off */
	VkRect2D scissors[VVK_MAX_VIEWPORTS];
	float blend_constants[4];
	uint32_t stencil_ref; /* front | back << 8 */
	uint32_t sample_mask; /* SET_SAMPLE_MASK: ~0 unless pSampleMask says otherwise */
	uint32_t min_samples; /* SET_MIN_SAMPLES: 1 unless sample shading */
	/* VK_EXT_blend_operation_advanced's op of attachment 0, done by the
	 * fragment shader (vc_tgsi_blend.c), or by the host where
	 * host_blend_equations (the shader's FS_BLEND_EQUATION_ADVANCED) is
	 * not 0; VC_BLEND_NONE (0) if none */
	uint32_t advanced_blend;
	uint32_t host_blend_equations;
	/* compute */
	uint32_t local_size[3];
};

VVK_HANDLE_CASTS(vvk_pipeline, VkPipeline)

struct vvk_device;
struct vvk_shader_module;

/* The compiler's equation (enum vc_advanced_blend) of a VkBlendOp: 0 for
 * the basic ones, -1 for advanced ones it has not (beyond KHR's 15). */
int vvk_advanced_blend_op(VkBlendOp op);

/* The varyings a graphics pipeline's stages exchange, as far as known. */
struct vvk_varyings {
	bool known;          /* the fragment shader came from SPIR-V */
	uint32_t fs_reads;   /* bit L: it reads location L */
	bool vs_known;       /* the vertex shader comes from SPIR-V */
	uint32_t vs_writes;  /* bit L: it declares an output at location L */
};

/* A shader object from a module (SPIR-V compiled for `layout`, or TGSI);
 * a vertex shader from SPIR-V captures xfb's outputs (may be NULL).
 * `varyings` (may be NULL): a fragment shader treats inputs the vertex
 * shader does not write as undefined and records what it reads there; a
 * vertex shader compiled after it drops the outputs nobody reads. */
VkResult vvk_pipeline_create_shader(struct vvk_device *dev, struct vvk_pipeline *p,
				    const VkPipelineShaderStageCreateInfo *stage,
				    enum vvk_stage s, const struct vc_xfb *xfb,
				    struct vvk_varyings *varyings);
/* vvk_pipeline_state.c: the graphics CSOs. */
void vvk_pipeline_create_states(struct vvk_device *dev, struct vvk_pipeline *p,
				const VkGraphicsPipelineCreateInfo *ci);
