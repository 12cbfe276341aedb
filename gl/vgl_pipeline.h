/* SPDX-License-Identifier: MIT */
/*
 * VkPipelines per (program, vertex input layout, raster / depth-stencil /
 * blend state, render target formats), cached per program under a hash.
 * Viewport, scissor, blend constants and stencil reference are dynamic
 * state, so changing them never makes a pipeline. The key is built from
 * zeroed memory so that it compares with memcmp.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "vgl_framebuffer.h"
#include "vgl_vertex.h"
#include "vvk.h"

struct vgl_context;
struct vgl_linked;

struct vgl_vertex_layout {
	uint32_t mask;                     /* attribute locations fed */
	struct {
		VkFormat format;
		uint32_t stride;
		uint32_t divisor;
	} a[VGL_MAX_ATTRIBS];
};

struct vgl_pkey {
	VkPrimitiveTopology topology;
	/* the draw buffers' formats (VK_FORMAT_UNDEFINED: GL_NONE) */
	VkFormat color_formats[VGL_MAX_DRAW_BUFFERS];
	uint32_t nr_colors;
	VkFormat ds_format;
	/* what GL attached of it: a stencil-only renderbuffer is a depth/stencil
	 * image, and its depth must not be tested */
	VkImageAspectFlags ds_aspects;
	uint32_t samples;                  /* rasterization samples: the targets' */
	uint32_t keep_alpha;               /* 1: an alpha-less framebuffer 0, draws write no alpha */
	/* the fixed-function state, from cull up to the vertex layout */
	VkCullModeFlags cull;
	VkFrontFace front;
	uint32_t flags;                    /* VGL_PKEY_* */
	float line_width, depth_bias, depth_slope;
	VkCompareOp depth_op;
	VkStencilOpState stencil[2];       /* reference 0: dynamic */
	uint32_t color_masks;              /* the write mask of draw buffer i in bits 4i..4i+3 */
	uint32_t samples_off;              /* samples GL_SAMPLE_COVERAGE masks off (0: none) */
	float min_sample_shading;          /* OES_sample_shading's value; 0: off */
	uint32_t patch_vertices;           /* a patch list's size; 0 for other topologies */
	uint32_t clip_enables;             /* bit i: GL_CLIP_DISTANCEi_EXT */
	/* last but the layout: only the first nr_colors entries are ever set */
	VkPipelineColorBlendAttachmentState blend[VGL_MAX_DRAW_BUFFERS];
	/* last: only the attributes up to the highest fed one are ever set */
	struct vgl_vertex_layout vertex;
};

#define VGL_PKEY_DEPTH_TEST (1u << 0)
#define VGL_PKEY_DEPTH_WRITE (1u << 1)
#define VGL_PKEY_STENCIL (1u << 2)
#define VGL_PKEY_DEPTH_BIAS (1u << 3)
#define VGL_PKEY_DISCARD (1u << 4)
/* the vertex shader's z is the window depth, Vulkan's clip volume (the
 * drawn clear); else GL's -w <= z <= w (depth clip control) */
#define VGL_PKEY_WINDOW_Z (1u << 5)
#define VGL_PKEY_ALPHA_TO_COVERAGE (1u << 6)
/* the target is y-down (a window buffer, vgl_framebuffer.h): the fragment
 * shader's y-down variant, and the winding turned around */
#define VGL_PKEY_Y_DOWN (1u << 7)

struct vgl_pcache_entry {
	uint32_t hash;
	struct vgl_pkey key;
	VkPipeline pipeline;
};

struct vgl_pcache {
	struct vgl_pcache_entry *entries;
	uint32_t nr, cap;
	uint32_t recent[2];                /* entries of the last two lookups, newest first */
};

/* Key equality over the bytes a key can use (the tails of the blend and
 * attribute arrays are zero in every key). */
bool vgl_pkey_equal(const struct vgl_pkey *a, const struct vgl_pkey *b);
/* Whether two keys known equal but for what vgl_pkey_depth_stencil() and
 * vgl_pkey_blend() set agree there too. */
bool vgl_pkey_equal_ds_blend(const struct vgl_pkey *a, const struct vgl_pkey *b);
/* The target part of the key: the draw buffers' formats and the samples. */
void vgl_pkey_targets(struct vgl_pkey *key, const struct vgl_fb *fb);
/* The fixed-function part of the key from the context's state. */
void vgl_pkey_from_state(const struct vgl_context *ctx, struct vgl_pkey *key);
/* Only its depth and stencil tests (VGL_DIRTY_PIPELINE_DS), or only its
 * blending and colour masks (VGL_DIRTY_PIPELINE_BLEND), in a built key. */
void vgl_pkey_depth_stencil(const struct vgl_context *ctx, struct vgl_pkey *key);
void vgl_pkey_blend(const struct vgl_context *ctx, struct vgl_pkey *key);
/* The pipeline for key (created on a miss); the program's lock is held. */
VkPipeline vgl_pipeline_get(struct vgl_context *ctx, struct vgl_linked *l,
			    const struct vgl_pkey *key);
void vgl_pcache_finish(VkDevice dev, struct vgl_pcache *c);
