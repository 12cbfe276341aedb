/* SPDX-License-Identifier: MIT */
/*
 * glGetString(i) and the state queries (glGetIntegerv, glGetFloatv,
 * glGetBooleanv, glGetInteger64v, glGetIntegeri_v). Every pname resolves to
 * one typed value (get_value); the four entry points convert it with GL's
 * rules (ES 3.0 §6.1.2: colours, depth range and depth clear value map to
 * integers by table 4.7's INT row, 32-bit, for glGetInteger64v as well).
 */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgl_bbox.h"
#include "vgl_blend.h"
#include "vgl_buffer.h"
#include "vgl_atomic_counter.h"
#include "vgl_compute.h"
#include "vgl_draw_indirect.h"
#include "vgl_vertex_binding.h"
#include "vgl_multisample.h"
#include "vgl_context.h"
#include "vgl_debug.h"
#include "vgl_device.h"
#include "vgl_astc.h"
#include "vgl_etc1.h"
#include "vgl_fbo.h"
#include "vgl_extensions.h"
#include "vgl_framebuffer.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_program.h"
#include "vgl_program_pipeline.h"
#include "vgl_query.h"
#include "vgl_renderbuffer.h"
#include "vgl_robustness.h"
#include "vgl_texture.h"
#include "vgl_viewport.h"
#include "vgl_xfb.h"

/* GL_MAX_CLIP_PLANES's value; <GLES2/gl2ext.h> is not included */
#ifndef GL_MAX_CULL_DISTANCES_EXT
#define GL_MAX_CULL_DISTANCES_EXT 0x82F9
#define GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT 0x82FA
#endif
#ifndef GL_MAX_CLIP_DISTANCES_EXT
#define GL_MAX_CLIP_DISTANCES_EXT 0x0D32
#endif
/* ES 3.2's (<GLES3/gl32.h> is not included) */
#ifndef GL_MULTISAMPLE_LINE_WIDTH_RANGE
#define GL_MULTISAMPLE_LINE_WIDTH_RANGE 0x9381
#define GL_MULTISAMPLE_LINE_WIDTH_GRANULARITY 0x9382
#endif

enum value_kind { V_INT, V_FLOAT, V_NORM, V_BOOL };

struct value {
	enum value_kind kind;
	int n;
	GLint64 i[40];             /* the longest: GL_COMPRESSED_TEXTURE_FORMATS (39) */
	GLfloat f[8];              /* the longest: GL_PRIMITIVE_BOUNDING_BOX_EXT (8) */
};

static bool ints(struct value *v, int n, GLint64 a, GLint64 b, GLint64 c, GLint64 d)
{
	v->kind = V_INT;
	v->n = n;
	v->i[0] = a;
	v->i[1] = b;
	v->i[2] = c;
	v->i[3] = d;
	return true;
}

static bool one(struct value *v, GLint64 a)
{
	return ints(v, 1, a, 0, 0, 0);
}

static bool floats(struct value *v, enum value_kind kind, int n, const GLfloat *f)
{
	v->kind = kind;
	v->n = n;
	memcpy(v->f, f, (size_t)n * sizeof(*f));
	return true;
}

static bool bools(struct value *v, int n, const bool *b)
{
	v->kind = V_BOOL;
	v->n = n;
	for (int i = 0; i < n; i++)
		v->i[i] = b[i];
	return true;
}

static GLint64 buffer_name(const struct vgl_buffer *b)
{
	return b ? b->name : 0;
}

/* The compressed formats glCompressedTexImage2D takes: ETC1 with its
 * extension, ES 3.0's ten ETC2/EAC ones, the 28 ASTC LDR ones with theirs
 * (vgl_texture_compressed.c). */
static bool compressed_formats(const struct vgl_context *ctx, struct value *v)
{
	static const GLenum etc2[] = {
		GL_COMPRESSED_R11_EAC, GL_COMPRESSED_SIGNED_R11_EAC, GL_COMPRESSED_RG11_EAC,
		GL_COMPRESSED_SIGNED_RG11_EAC, GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_SRGB8_ETC2,
		GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2,
		GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_COMPRESSED_RGBA8_ETC2_EAC,
		GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC };

	v->kind = V_INT;
	v->n = 0;
	if (vgl_ext_on(ctx, VGL_EXT_OES_compressed_ETC1_RGB8_texture))
		v->i[v->n++] = GL_ETC1_RGB8_OES;
	for (size_t k = 0; ctx->major >= 3 && k < sizeof(etc2) / sizeof(etc2[0]); k++)
		v->i[v->n++] = etc2[k];
	for (uint32_t k = 0; vgl_ext_on(ctx, VGL_EXT_KHR_texture_compression_astc_ldr) &&
			     k < VGL_ASTC_FORMATS; k++)
		v->i[v->n++] = vgl_astc_format_at(k)->internal_format;
	return true;
}

/* Implementation limits, the same in every context of a version. */
static bool get_limit(const struct vgl_context *ctx, GLenum p, struct value *v)
{
	const struct vgl_limits *l = &ctx->dev->limits;
	uint32_t max2d = ctx->dev->props.limits.maxImageDimension2D;

	switch (p) {
	case GL_MAX_VERTEX_ATTRIBS: return one(v, VGL_MAX_ATTRIBS);
	case GL_MAX_VERTEX_UNIFORM_VECTORS: return one(v, l->vertex_uniform_vectors);
	case GL_MAX_FRAGMENT_UNIFORM_VECTORS: return one(v, l->fragment_uniform_vectors);
	case GL_MAX_VARYING_VECTORS: return one(v, 15);
	case GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS: return one(v, l->combined_texture_units);
	case GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS: return one(v, l->vertex_texture_units);
	case GL_MAX_TEXTURE_IMAGE_UNITS: return one(v, l->fragment_texture_units);
	case GL_MAX_TEXTURE_SIZE: return one(v, max2d);
	case GL_MAX_CUBE_MAP_TEXTURE_SIZE: return one(v, ctx->dev->props.limits.maxImageDimensionCube);
	case GL_MAX_RENDERBUFFER_SIZE: return one(v, max2d);
	case GL_MAX_VIEWPORT_DIMS: return ints(v, 2, 16384, 16384, 0, 0);
	case GL_SUBPIXEL_BITS: return one(v, 4);
	case GL_NUM_COMPRESSED_TEXTURE_FORMATS: return compressed_formats(ctx, v) && one(v, v->n);
	case GL_COMPRESSED_TEXTURE_FORMATS: return compressed_formats(ctx, v);
	case GL_NUM_SHADER_BINARY_FORMATS: return one(v, 0);
	case GL_SHADER_COMPILER: return bools(v, 1, (const bool[]){ true });
	case GL_ALIASED_LINE_WIDTH_RANGE: return floats(v, V_FLOAT, 2, l->line_width);
	case GL_ALIASED_POINT_SIZE_RANGE: return floats(v, V_FLOAT, 2, l->point_size);
	/* EXT_clip_cull_distance's limits. Without it GL_MAX_CLIP_DISTANCES_EXT
	 * is no ES enum, but Mesa answers it in every API and piglit's ES
	 * shader_runner queries it unconditionally at start-up: 0 then. */
	case GL_MAX_CLIP_DISTANCES_EXT:
		return one(v, vgl_ext_on(ctx, VGL_EXT_EXT_clip_cull_distance) ? VGL_MAX_CLIP_DISTANCES : 0);
	case GL_MAX_CULL_DISTANCES_EXT: case GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT:
		return vgl_ext_on(ctx, VGL_EXT_EXT_clip_cull_distance) &&
		       one(v, VGL_MAX_CLIP_DISTANCES);
	/* KHR_robustness / EXT_robustness; robust buffer access is never
	 * granted (egl_context.c says why) */
	case GL_RESET_NOTIFICATION_STRATEGY_KHR: return one(v, ctx->reset_strategy);
	case GL_CONTEXT_ROBUST_ACCESS_KHR: return bools(v, 1, (const bool[]){ false });
	/* GL_MAX_COLOR_ATTACHMENTS_NV: ES 3.0's enum (get_limit3 answers there) */
	case GL_MAX_COLOR_ATTACHMENTS:
		if (ctx->major >= 3 || !vgl_ext_on(ctx, VGL_EXT_NV_fbo_color_attachments))
			return false;
		return one(v, vgl_framebuffer_max_draw_buffers(ctx));
	/* GL_MAX_DRAW_BUFFERS_EXT: ES 3.0's enum (get_limit3 answers there) */
	case GL_MAX_DRAW_BUFFERS:
		if (ctx->major >= 3 || !vgl_ext_on(ctx, VGL_EXT_EXT_draw_buffers))
			return false;
		return one(v, vgl_framebuffer_max_draw_buffers(ctx));
	case GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT:
		if (!vgl_ext_on(ctx, VGL_EXT_EXT_texture_filter_anisotropic))
			return false;
		return floats(v, V_FLOAT, 1, (const GLfloat[]){
			fminf(ctx->dev->props.limits.maxSamplerAnisotropy, VGL_MAX_ANISOTROPY) });
	}
	return false;
}

static bool get_limit3(const struct vgl_context *ctx, GLenum p, struct value *v)
{
	const struct vgl_limits *l = &ctx->dev->limits;

	if (ctx->major < 3)
		return false;
	switch (p) {
	case GL_MAJOR_VERSION: return one(v, ctx->major);
	case GL_MINOR_VERSION: return one(v, ctx->minor);
	case GL_NUM_EXTENSIONS: return one(v, vgl_ext_count(ctx));
	case GL_MAX_UNIFORM_BUFFER_BINDINGS: return one(v, VGL_MAX_UBO_BINDINGS);
	case GL_MAX_UNIFORM_BLOCK_SIZE: return one(v, l->uniform_block_size);
	case GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT:
		return one(v, (GLint64)ctx->dev->props.limits.minUniformBufferOffsetAlignment);
	case GL_MAX_VERTEX_UNIFORM_BLOCKS: return one(v, l->stage_uniform_blocks);
	case GL_MAX_FRAGMENT_UNIFORM_BLOCKS: return one(v, l->stage_uniform_blocks);
	case GL_MAX_COMBINED_UNIFORM_BLOCKS: return one(v, l->combined_uniform_blocks);
	case GL_MAX_VERTEX_UNIFORM_COMPONENTS: return one(v, 4 * (GLint64)l->vertex_uniform_vectors);
	case GL_MAX_FRAGMENT_UNIFORM_COMPONENTS: return one(v, 4 * (GLint64)l->fragment_uniform_vectors);
	case GL_MAX_VARYING_COMPONENTS: return one(v, 60);
	case GL_MAX_ELEMENT_INDEX: return one(v, UINT32_MAX);
	/* glWaitSync orders in the host's stream; it never times out */
	case GL_MAX_SERVER_WAIT_TIMEOUT: return one(v, INT64_MAX);
	case GL_MAX_ELEMENTS_INDICES: return one(v, 1 << 24);
	case GL_MAX_ELEMENTS_VERTICES: return one(v, 1 << 24);
	case GL_NUM_PROGRAM_BINARY_FORMATS: return one(v, 1);
	case GL_PROGRAM_BINARY_FORMATS: return one(v, VGL_PROGRAM_BINARY_FORMAT);
	case GL_MAX_DRAW_BUFFERS: return one(v, vgl_framebuffer_max_draw_buffers(ctx));
	case GL_MAX_COLOR_ATTACHMENTS: return one(v, vgl_framebuffer_max_draw_buffers(ctx));
	case GL_MAX_SAMPLES: return one(v, vgl_renderbuffer_max_samples(ctx));
	case GL_MAX_3D_TEXTURE_SIZE: return one(v, ctx->dev->props.limits.maxImageDimension3D);
	case GL_MAX_ARRAY_TEXTURE_LAYERS: return one(v, ctx->dev->props.limits.maxImageArrayLayers);
	case GL_MAX_TEXTURE_LOD_BIAS: return floats(v, V_FLOAT, 1, &l->max_lod_bias);
	case GL_MAX_VERTEX_OUTPUT_COMPONENTS: return one(v, 64);
	case GL_MAX_FRAGMENT_INPUT_COMPONENTS: return one(v, 60);
	case GL_MIN_PROGRAM_TEXEL_OFFSET: return one(v, l->min_texel_offset);
	case GL_MAX_PROGRAM_TEXEL_OFFSET: return one(v, l->max_texel_offset);
	case GL_MAX_COMBINED_VERTEX_UNIFORM_COMPONENTS:
		return one(v, 4 * (GLint64)l->vertex_uniform_vectors +
			      (GLint64)l->stage_uniform_blocks * l->uniform_block_size / 4);
	case GL_MAX_COMBINED_FRAGMENT_UNIFORM_COMPONENTS:
		return one(v, 4 * (GLint64)l->fragment_uniform_vectors +
			      (GLint64)l->stage_uniform_blocks * l->uniform_block_size / 4);
	}
	return false;
}

/* ES 3.2's own limits. virgl's rasterizer state carries one line width for
 * every line, multisampled or not: the host's aliased range, whole pixels
 * (vk/'s lineWidthGranularity). */
static bool get_limit32(const struct vgl_context *ctx, GLenum p, struct value *v)
{
	const GLfloat granularity = ctx->dev->props.limits.lineWidthGranularity;

	if (!vgl_context_es32(ctx))
		return false;
	switch (p) {
	case GL_MULTISAMPLE_LINE_WIDTH_RANGE: return floats(v, V_FLOAT, 2, ctx->dev->limits.line_width);
	case GL_MULTISAMPLE_LINE_WIDTH_GRANULARITY: return floats(v, V_FLOAT, 1, &granularity);
	}
	return false;
}

/* OES_viewport_array's limits. A viewport is a whole-pixel rectangle to the
 * host (no subpixel bits promised); which vertex's gl_ViewportIndex counts
 * is the host's. */
static bool get_viewport_limit(const struct vgl_context *ctx, GLenum p, struct value *v)
{
	if (!vgl_ext_on(ctx, VGL_EXT_OES_viewport_array))
		return false;
	switch (p) {
	case GL_MAX_VIEWPORTS_OES: return one(v, VGL_MAX_VIEWPORTS);
	case GL_VIEWPORT_SUBPIXEL_BITS_OES: return one(v, 0);
	case GL_VIEWPORT_BOUNDS_RANGE_OES:
		return floats(v, V_FLOAT, 2, (const GLfloat[]){ VGL_VIEWPORT_BOUND_LO,
								VGL_VIEWPORT_BOUND_HI });
	case GL_VIEWPORT_INDEX_PROVOKING_VERTEX_OES: return one(v, GL_UNDEFINED_VERTEX_OES);
	}
	return false;
}

static bool get_stencil(const struct vgl_context *ctx, GLenum p, struct value *v)
{
	const struct vgl_stencil_face *f = &ctx->st.stencil[0], *b = &ctx->st.stencil[1];

	switch (p) {
	case GL_STENCIL_FUNC: return one(v, f->func);
	case GL_STENCIL_REF: return one(v, f->ref);
	case GL_STENCIL_VALUE_MASK: return one(v, f->value_mask);
	case GL_STENCIL_WRITEMASK: return one(v, f->write_mask);
	case GL_STENCIL_FAIL: return one(v, f->fail);
	case GL_STENCIL_PASS_DEPTH_FAIL: return one(v, f->zfail);
	case GL_STENCIL_PASS_DEPTH_PASS: return one(v, f->zpass);
	case GL_STENCIL_BACK_FUNC: return one(v, b->func);
	case GL_STENCIL_BACK_REF: return one(v, b->ref);
	case GL_STENCIL_BACK_VALUE_MASK: return one(v, b->value_mask);
	case GL_STENCIL_BACK_WRITEMASK: return one(v, b->write_mask);
	case GL_STENCIL_BACK_FAIL: return one(v, b->fail);
	case GL_STENCIL_BACK_PASS_DEPTH_FAIL: return one(v, b->zfail);
	case GL_STENCIL_BACK_PASS_DEPTH_PASS: return one(v, b->zpass);
	case GL_STENCIL_CLEAR_VALUE: return one(v, ctx->st.clear_stencil);
	}
	return false;
}

static bool get_raster(const struct vgl_context *ctx, GLenum p, struct value *v)
{
	const struct vgl_state *st = &ctx->st;

	switch (p) {
	/* slot 0's (OES_viewport_array: the indexed gets read the others) */
	case GL_VIEWPORT: return floats(v, V_FLOAT, 4, st->viewport[0]);
	case GL_SCISSOR_BOX: return ints(v, 4, st->scissor[0][0], st->scissor[0][1],
					 st->scissor[0][2], st->scissor[0][3]);
	case GL_DEPTH_RANGE: return floats(v, V_NORM, 2, st->depth_range[0]);
	case GL_DEPTH_FUNC: return one(v, st->depth_func);
	case GL_DEPTH_WRITEMASK: return bools(v, 1, &st->depth_mask);
	case GL_DEPTH_CLEAR_VALUE: return floats(v, V_NORM, 1, &st->clear_depth);
	case GL_CULL_FACE_MODE: return one(v, st->cull_mode);
	case GL_FRONT_FACE: return one(v, st->front_face);
	case GL_LINE_WIDTH: return floats(v, V_FLOAT, 1, &st->line_width);
	case GL_POLYGON_OFFSET_FACTOR: return floats(v, V_FLOAT, 1, &st->polygon_offset_factor);
	case GL_POLYGON_OFFSET_UNITS: return floats(v, V_FLOAT, 1, &st->polygon_offset_units);
	case GL_SAMPLE_COVERAGE_VALUE: return floats(v, V_FLOAT, 1, &st->sample_coverage_value);
	case GL_SAMPLE_COVERAGE_INVERT: return bools(v, 1, &st->sample_coverage_invert);
	case GL_MIN_SAMPLE_SHADING_VALUE_OES:
		return vgl_ext_on(ctx, VGL_EXT_OES_sample_shading) &&
		       floats(v, V_FLOAT, 1, &st->min_sample_shading);
	/* the non-indexed gets of per-draw-buffer state read draw buffer 0's */
	case GL_COLOR_WRITEMASK: return bools(v, 4, st->db[0].color_mask);
	case GL_COLOR_CLEAR_VALUE: return floats(v, V_NORM, 4, st->clear_color);
	case GL_BLEND_COLOR: return floats(v, V_NORM, 4, st->blend_color);
	case GL_BLEND_SRC_RGB: return one(v, st->db[0].fn.src_rgb);
	case GL_BLEND_DST_RGB: return one(v, st->db[0].fn.dst_rgb);
	case GL_BLEND_SRC_ALPHA: return one(v, st->db[0].fn.src_alpha);
	case GL_BLEND_DST_ALPHA: return one(v, st->db[0].fn.dst_alpha);
	case GL_BLEND_EQUATION_RGB: return one(v, st->db[0].fn.eq_rgb);
	case GL_BLEND_EQUATION_ALPHA: return one(v, st->db[0].fn.eq_alpha);
	case GL_PACK_ALIGNMENT: return one(v, st->pack_alignment);
	case GL_UNPACK_ALIGNMENT: return one(v, st->unpack_alignment);
	case GL_UNPACK_ROW_LENGTH: return one(v, st->unpack_row_length);
	case GL_UNPACK_SKIP_PIXELS: return one(v, st->unpack_skip_pixels);
	case GL_UNPACK_SKIP_ROWS: return one(v, st->unpack_skip_rows);
	case GL_GENERATE_MIPMAP_HINT: return one(v, st->hint_mipmap);
	}
	return get_stencil(ctx, p, v);
}

/* ES 3.1's texture limits: gather offsets, multisample texture samples. */
static bool get_es31_texture(const struct vgl_context *ctx, GLenum p, struct value *v)
{
	GLint64 t;

	if (!vgl_context_es31(ctx))
		return false;
	if (p == GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET)
		return one(v, ctx->dev->limits.min_gather_offset);
	if (p == GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET)
		return one(v, ctx->dev->limits.max_gather_offset);
	return vgl_texture_ms_get(ctx, p, &t) && one(v, t);
}

static bool get_binding(const struct vgl_context *ctx, GLenum p, struct value *v)
{
	GLint64 t;

	/* textures, renderbuffers, framebuffers: vgl_texture.h */
	if (vgl_texture_get((struct vgl_context *)ctx, p, &t))
		return one(v, t);
	if (get_es31_texture(ctx, p, v))
		return true;
	/* draw / read buffers, sample counts: vgl_framebuffer.h */
	if (vgl_framebuffer_get((struct vgl_context *)ctx, p, &t))
		return one(v, t);
	switch (p) {
	case GL_ARRAY_BUFFER_BINDING: return one(v, buffer_name(ctx->array_buffer));
	case GL_ELEMENT_ARRAY_BUFFER_BINDING: return one(v, buffer_name(ctx->vao->elements));
	case GL_CURRENT_PROGRAM: return one(v, ctx->program ? vgl_program_name(ctx->program) : 0);
	/* ES 3.0's; ES 2.0's through OES_vertex_array_object, OES_standard_derivatives */
	case GL_VERTEX_ARRAY_BINDING: return one(v, ctx->vao->name);
	case GL_FRAGMENT_SHADER_DERIVATIVE_HINT: return one(v, ctx->st.hint_derivative);
	case GL_RED_BITS: case GL_GREEN_BITS: case GL_BLUE_BITS: case GL_ALPHA_BITS:
	case GL_DEPTH_BITS: case GL_STENCIL_BITS:
		return one(v, vgl_framebuffer_bits((struct vgl_context *)ctx, p));
	}
	if (ctx->major < 3)
		return false;
	switch (p) {
	case GL_UNIFORM_BUFFER_BINDING: return one(v, buffer_name(ctx->uniform_buffer));
	case GL_COPY_READ_BUFFER_BINDING: return one(v, buffer_name(ctx->copy_read_buffer));
	case GL_COPY_WRITE_BUFFER_BINDING: return one(v, buffer_name(ctx->copy_write_buffer));
	case GL_PIXEL_PACK_BUFFER_BINDING: return one(v, buffer_name(ctx->pixel_pack_buffer));
	case GL_PIXEL_UNPACK_BUFFER_BINDING: return one(v, buffer_name(ctx->pixel_unpack_buffer));
	case GL_PACK_ROW_LENGTH: return one(v, ctx->st.pack_row_length);
	case GL_PACK_SKIP_PIXELS: return one(v, ctx->st.pack_skip_pixels);
	case GL_PACK_SKIP_ROWS: return one(v, ctx->st.pack_skip_rows);
	case GL_UNPACK_IMAGE_HEIGHT: return one(v, ctx->st.unpack_image_height);
	case GL_UNPACK_SKIP_IMAGES: return one(v, ctx->st.unpack_skip_images);
	}
	return false;
}

/* Capabilities read through glGet* as booleans. */
static bool get_enable(struct vgl_context *ctx, GLenum p, struct value *v)
{
	bool on;

	return vgl_cap_enabled(ctx, p, &on) && bools(v, 1, &on);
}

/* GL_TIMESTAMP_EXT, GL_GPU_DISJOINT_EXT (vgl_query.c) */
static bool get_query(struct vgl_context *ctx, GLenum p, struct value *v)
{
	GLint64 x;

	return vgl_query_get_integer(ctx, p, &x) && one(v, x);
}

/* transform feedback state and limits (vgl_xfb.c), ES 3.0 */
static bool get_xfb(struct vgl_context *ctx, GLenum p, struct value *v)
{
	GLint64 x;

	return ctx->major >= 3 && vgl_xfb_get_integer(ctx, p, &x) && one(v, x);
}

/* GL_IMPLEMENTATION_COLOR_READ_FORMAT/TYPE: the read buffer's own pair
 * (vgl_pixel_impl_read_pair); without a complete one, GL_INVALID_OPERATION. */
static bool get_read_pair(struct vgl_context *ctx, GLenum p, struct value *v)
{
	struct vgl_fb fb;
	GLenum format, type;

	if (p != GL_IMPLEMENTATION_COLOR_READ_FORMAT && p != GL_IMPLEMENTATION_COLOR_READ_TYPE)
		return false;
	if (!vgl_framebuffer_read(ctx, &fb) || !fb.color_image) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return one(v, 0);
	}
	vgl_pixel_impl_read_pair(fb.color_format, ctx->major >= 3, &format, &type);
	return one(v, p == GL_IMPLEMENTATION_COLOR_READ_FORMAT ? format : type);
}

static bool get_compute(const struct vgl_context *ctx, GLenum p, struct value *v)
{
	GLint64 x;

	return (vgl_compute_get(ctx, p, &x) || vgl_debug_get(ctx, p, &x) || vgl_draw_indirect_get(ctx, p, &x) ||
		vgl_vertex_binding_get(ctx, p, &x) || vgl_multisample_get(ctx, p, &x) ||
		vgl_fbo_param_get(ctx, p, &x) || vgl_image_unit_get(ctx, p, &x) ||
		vgl_ppo_get(ctx, p, &x) || vgl_atomic_counter_get(ctx, p, &x) ||
		vgl_uniform_get(ctx, p, &x) || vgl_geometry_get(ctx, p, &x) ||
		vgl_tess_get(ctx, p, &x)) &&
	       one(v, x);
}

/* OES_shader_multisample_interpolation's offset range: Mesa's virgl values,
 * what a GLSL 4.00 host takes (at least -0.5 to 0.5 - 2^-bits); the box of
 * EXT/OES_primitive_bounding_box (vgl_bbox.c). */
static bool get_es32_state(const struct vgl_context *ctx, GLenum p, struct value *v)
{
	GLfloat box[8];

	if (vgl_bbox_get(ctx, p, box))
		return floats(v, V_FLOAT, 8, box);
	if (!vgl_ext_on(ctx, VGL_EXT_OES_shader_multisample_interpolation))
		return false;
	switch (p) {
	case GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_OES:
		return floats(v, V_FLOAT, 1, (const GLfloat[]){ -0.5f });
	case GL_MAX_FRAGMENT_INTERPOLATION_OFFSET_OES:
		return floats(v, V_FLOAT, 1, (const GLfloat[]){ 0.4375f });
	case GL_FRAGMENT_INTERPOLATION_OFFSET_BITS_OES: return one(v, 4);
	}
	return false;
}

static bool get_value(struct vgl_context *ctx, GLenum p, struct value *v)
{
	if (get_es32_state(ctx, p, v))
		return true;
	return get_limit(ctx, p, v) || get_compute(ctx, p, v) || get_limit3(ctx, p, v) ||
	       get_limit32(ctx, p, v) || get_viewport_limit(ctx, p, v) || get_raster(ctx, p, v) ||
	       get_binding(ctx, p, v) || get_query(ctx, p, v) || get_xfb(ctx, p, v) ||
	       get_enable(ctx, p, v) || get_read_pair(ctx, p, v);
}

/* ---- conversions (ES 3.0 §2.3.1, §6.1.2) ------------------------------------------ */

static GLint64 as_int(const struct value *v, int i, GLint64 max)
{
	double d;

	if (v->kind == V_INT || v->kind == V_BOOL)
		return v->i[i];
	if (v->kind == V_NORM) {
		d = floor((double)v->f[i] * (double)max + 0.5);
		return (GLint64)fmin(fmax(d, -(double)max - 1), (double)max);
	}
	return (GLint64)llround(v->f[i]);
}

static GLfloat as_float(const struct value *v, int i)
{
	return v->kind == V_INT || v->kind == V_BOOL ? (GLfloat)v->i[i] : v->f[i];
}

static bool lookup(GLenum pname, struct vgl_context **ctx, struct value *v)
{
	*ctx = vgl_current_context();
	if (!*ctx)
		return false;
	if (!get_value(*ctx, pname, v)) {
		vgl_error(*ctx, GL_INVALID_ENUM);
		return false;
	}
	return true;
}

static void GL_APIENTRY vgl_GetIntegerv(GLenum pname, GLint *data)
{
	struct vgl_context *ctx;
	struct value v;

	if (!lookup(pname, &ctx, &v) || !data)
		return;
	for (int i = 0; i < v.n; i++) {
		GLint64 x = as_int(&v, i, INT32_MAX);

		data[i] = x > INT32_MAX ? INT32_MAX : (GLint)x;
	}
}

static void GL_APIENTRY vgl_GetInteger64v(GLenum pname, GLint64 *data)
{
	struct vgl_context *ctx;
	struct value v;

	if (!lookup(pname, &ctx, &v) || !data)
		return;
	for (int i = 0; i < v.n; i++)
		data[i] = as_int(&v, i, INT32_MAX);
}

static void GL_APIENTRY vgl_GetFloatv(GLenum pname, GLfloat *data)
{
	struct vgl_context *ctx;
	struct value v;

	if (!lookup(pname, &ctx, &v) || !data)
		return;
	for (int i = 0; i < v.n; i++)
		data[i] = as_float(&v, i);
}

static void GL_APIENTRY vgl_GetBooleanv(GLenum pname, GLboolean *data)
{
	struct vgl_context *ctx;
	struct value v;

	if (!lookup(pname, &ctx, &v) || !data)
		return;
	for (int i = 0; i < v.n; i++)
		data[i] = as_float(&v, i) != 0.0f ? GL_TRUE : GL_FALSE;
}

/* ---- strings ----------------------------------------------------------------------- */

static const GLubyte *GL_APIENTRY vgl_GetString(GLenum name)
{
	struct vgl_context *ctx = vgl_current_context();
	bool es3;

	if (!ctx)
		return NULL;
	es3 = ctx->major >= 3;
	switch (name) {
	case GL_VENDOR: return (const GLubyte *)"virtgl";
	case GL_RENDERER: return (const GLubyte *)vgl_device_renderer(ctx->dev);
	case GL_VERSION:
		if (vgl_context_es32(ctx))
			return (const GLubyte *)"OpenGL ES 3.2 virtgl";
		if (vgl_context_es31(ctx))
			return (const GLubyte *)"OpenGL ES 3.1 virtgl";
		return (const GLubyte *)(es3 ? "OpenGL ES 3.0 virtgl" : "OpenGL ES 2.0 virtgl");
	case GL_SHADING_LANGUAGE_VERSION:
		if (vgl_context_es32(ctx))
			return (const GLubyte *)"OpenGL ES GLSL ES 3.20";
		if (vgl_context_es31(ctx))
			return (const GLubyte *)"OpenGL ES GLSL ES 3.10";
		return (const GLubyte *)(es3 ? "OpenGL ES GLSL ES 3.00" : "OpenGL ES GLSL ES 1.00");
	case GL_EXTENSIONS: return (const GLubyte *)vgl_ext_string(ctx);
	}
	vgl_error(ctx, GL_INVALID_ENUM);
	return NULL;
}

static const GLubyte *GL_APIENTRY vgl_GetStringi(GLenum name, GLuint index)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return NULL;
	if (name != GL_EXTENSIONS) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return NULL;
	}
	if (index >= vgl_ext_count(ctx)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return NULL;
	}
	return (const GLubyte *)vgl_ext_name(ctx, index);
}

/* ---- indexed state ------------------------------------------------------------------ */

/* One value of target's index-th binding; false after an error. */
static bool indexed_one(struct vgl_context *ctx, GLenum target, GLuint index, GLint64 *out)
{
	const struct vgl_ubo_binding *b;
	int r = vgl_compute_get_indexed(ctx, target, index, out);

	if (r < 0)
		r = vgl_vertex_binding_get_indexed(ctx, target, index, out);
	if (r < 0)
		r = vgl_multisample_get_indexed(ctx, target, index, out);
	if (r < 0)
		r = vgl_image_unit_get_indexed(ctx, target, index, out);
	if (r < 0)
		r = vgl_atomic_counter_get_indexed(ctx, target, index, out);
	if (r >= 0)
		return r == 1;
	if (target == GL_TRANSFORM_FEEDBACK_BUFFER_BINDING ||
	    target == GL_TRANSFORM_FEEDBACK_BUFFER_START || target == GL_TRANSFORM_FEEDBACK_BUFFER_SIZE)
		return vgl_xfb_get_indexed(ctx, target, index, out);
	if (target != GL_UNIFORM_BUFFER_BINDING && target != GL_UNIFORM_BUFFER_START &&
	    target != GL_UNIFORM_BUFFER_SIZE) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return false;
	}
	if (index >= VGL_MAX_UBO_BINDINGS) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return false;
	}
	b = &ctx->ubo[index];
	*out = target == GL_UNIFORM_BUFFER_BINDING ? buffer_name(b->buffer)
	     : target == GL_UNIFORM_BUFFER_START ? b->offset : b->size;
	return true;
}

/* The values of target's index-th binding (a draw buffer's colour mask has
 * four): how many, 0 after an error. */
static int indexed(struct vgl_context *ctx, GLenum target, GLuint index, GLint64 out[4])
{
	int n = vgl_viewport_get_indexed(ctx, target, index, out);

	if (n >= 0)
		return n;
	n = vgl_blend_get_indexed(ctx, target, index, out);

	if (n >= 0)
		return n;
	return indexed_one(ctx, target, index, out) ? 1 : 0;
}

static void GL_APIENTRY vgl_GetIntegeri_v(GLenum target, GLuint index, GLint *data)
{
	struct vgl_context *ctx = vgl_current_context();
	GLint64 v[4];
	int n = ctx ? indexed(ctx, target, index, v) : 0;

	for (int k = 0; data && k < n; k++)
		data[k] = (GLint)v[k];
}

static void GL_APIENTRY vgl_GetInteger64i_v(GLenum target, GLuint index, GLint64 *data)
{
	struct vgl_context *ctx = vgl_current_context();
	GLint64 v[4];
	int n = ctx ? indexed(ctx, target, index, v) : 0;

	for (int k = 0; data && k < n; k++)
		data[k] = v[k];
}

/* ES 3.1: the indexed state as booleans (non-zero is GL_TRUE); in ES 3.0
 * only EXT_draw_buffers_indexed's draw-buffer state (its COLOR_WRITEMASK). */
static void GL_APIENTRY vgl_GetBooleani_v(GLenum target, GLuint index, GLboolean *data)
{
	struct vgl_context *ctx = vgl_current_context();
	GLint64 v[4];
	int n;

	if (!(ctx && vgl_blend_indexed_target(ctx, target)) && !vgl_es31_call(ctx))
		return;
	n = indexed(ctx, target, index, v);
	for (int k = 0; data && k < n; k++)
		data[k] = v[k] ? GL_TRUE : GL_FALSE;
}

const struct vgl_proc vgl_get_procs[] = {
	VGL_PROC(GetString), VGL_PROC(GetStringi), VGL_PROC(GetIntegerv), VGL_PROC(GetInteger64v),
	VGL_PROC(GetFloatv), VGL_PROC(GetBooleanv), VGL_PROC(GetIntegeri_v),
	VGL_PROC(GetInteger64i_v), VGL_PROC(GetBooleani_v),
	/* EXT_disjoint_timer_query's, for ES 2.0 contexts */
	{ "glGetInteger64vEXT", (void *)vgl_GetInteger64v },
	{ NULL, NULL },
};
