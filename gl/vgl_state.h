/* SPDX-License-Identifier: MIT */
/*
 * Fixed-function GL state of a context (what glEnable, glBlendFunc, ... set)
 * and the dirty bits of what the draw path turns into commands. The bits
 * come from an enum with a _COUNT sentinel, so "all" is derived, never
 * hand-kept.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

enum vgl_dirty {
	VGL_DIRTY_VIEWPORT,     /* viewport and depth range: dynamic state */
	VGL_DIRTY_SCISSOR,      /* dynamic state */
	VGL_DIRTY_BLEND_COLOR,  /* dynamic state */
	VGL_DIRTY_STENCIL_REF,  /* dynamic state */
	VGL_DIRTY_PIPELINE,     /* anything in the pipeline key: all of it is rebuilt */
	VGL_DIRTY_PIPELINE_DS,  /* only the key's depth and stencil tests changed */
	VGL_DIRTY_PIPELINE_BLEND, /* only the key's blending and colour masks changed */
	VGL_DIRTY_VERTEX,       /* vertex buffers or their layout */
	VGL_DIRTY_DESCRIPTORS,  /* program, UBO bindings */
	VGL_DIRTY_UBO_OFFSETS,  /* UBO ranges moved (same buffers and sizes) */
	VGL_DIRTY_UNIFORMS,     /* push constants may not hold the program's default block */
	VGL_DIRTY_COUNT,
};

#define VGL_DIRTY_BIT(d) (1u << (d))
#define VGL_DIRTY_ALL ((1u << VGL_DIRTY_COUNT) - 1)

/* EXT_clip_cull_distance's GL_MAX_CLIP_DISTANCES_EXT, GL_MAX_CULL_DISTANCES_EXT
 * and GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT: a virgl host's (gallium's
 * 8 clip planes, which cull distances share), the extension's minimums */
#define VGL_MAX_CLIP_DISTANCES 8
#ifndef GL_CLIP_DISTANCE0_EXT
#define GL_CLIP_DISTANCE0_EXT 0x3000
#endif

struct vgl_stencil_face {
	GLenum func, fail, zfail, zpass;
	GLint ref;
	GLuint value_mask, write_mask;
};

struct vgl_blend {
	GLenum src_rgb, dst_rgb, src_alpha, dst_alpha;
	GLenum eq_rgb, eq_alpha;
};

/* GL_MAX_DRAW_BUFFERS and GL_MAX_COLOR_ATTACHMENTS at most: GLSL ES 3.00's
 * gl_MaxDrawBuffers is the compiler's constant 4 (vgl_draw_buffers.c). */
#define VGL_MAX_DRAW_BUFFERS 4

/* What EXT_draw_buffers_indexed keeps per draw buffer; the non-indexed
 * calls set every draw buffer's, and the non-indexed gets read buffer 0's. */
struct vgl_draw_buffer_state {
	bool blend;
	struct vgl_blend fn;
	bool color_mask[4];
};

/* OES_viewport_array's GL_MAX_VIEWPORTS_OES (its minimum, and SET_VIEWPORT_STATE's
 * most): the state has every slot in any context; glViewport, glScissor,
 * glDepthRangef and glEnable(GL_SCISSOR_TEST) set them all, the non-indexed
 * gets read slot 0 (vgl_viewport.c) */
#define VGL_MAX_VIEWPORTS 16

struct vgl_state {
	GLfloat viewport[VGL_MAX_VIEWPORTS][4];  /* x, y, width, height */
	GLint scissor[VGL_MAX_VIEWPORTS][4];
	GLfloat depth_range[VGL_MAX_VIEWPORTS][2];
	bool scissor_test[VGL_MAX_VIEWPORTS];
	bool depth_test, stencil_test, cull_face, dither;
	bool polygon_offset_fill, sample_alpha_to_coverage, sample_coverage;
	/* GL_CLIP_DISTANCEi_EXT (EXT_clip_cull_distance) */
	bool clip_distance[VGL_MAX_CLIP_DISTANCES];
	bool primitive_restart_fixed, rasterizer_discard;
	bool sample_mask;          /* ES 3.1 GL_SAMPLE_MASK */
	GLbitfield sample_mask_value;  /* glSampleMaski word 0: the samples a draw may keep */
	bool sample_shading;       /* OES_sample_shading's GL_SAMPLE_SHADING_OES */
	/* KHR_blend_equation_advanced_coherent's GL_BLEND_ADVANCED_COHERENT_KHR:
	 * on or off, the blending is coherent (vc_tgsi_blend.c's framebuffer
	 * fetch is), so it is state only */
	bool blend_advanced_coherent;
	GLfloat min_sample_shading;    /* glMinSampleShadingOES, clamped to [0, 1] */
	GLfloat primitive_bbox[8];     /* glPrimitiveBoundingBoxEXT: min xyzw, max xyzw */
	GLint patch_vertices;          /* glPatchParameteriEXT(GL_PATCH_VERTICES_EXT): 3 at first */
	GLenum depth_func, cull_mode, front_face;
	bool depth_mask;
	struct vgl_stencil_face stencil[2]; /* front, back */
	struct vgl_draw_buffer_state db[VGL_MAX_DRAW_BUFFERS];
	GLfloat blend_color[4];
	GLfloat clear_color[4];
	GLfloat clear_depth;
	GLint clear_stencil;
	GLfloat line_width;
	GLfloat polygon_offset_factor, polygon_offset_units;
	GLfloat sample_coverage_value;
	bool sample_coverage_invert;
	GLint pack_alignment, unpack_alignment;
	GLint pack_row_length, unpack_row_length;
	GLint pack_skip_pixels, pack_skip_rows;
	GLint unpack_skip_pixels, unpack_skip_rows, unpack_image_height, unpack_skip_images;
	GLenum hint_mipmap, hint_derivative;
};

void vgl_state_init(struct vgl_state *st);

struct vgl_context;
/* glIsEnabled without its error: false for a cap the context does not have
 * (glGet* tries it last, so it must not raise or report anything). */
bool vgl_cap_enabled(struct vgl_context *ctx, GLenum cap, bool *on);
