/* SPDX-License-Identifier: MIT */
/*
 * Fixed-function state entry points. Each setter validates per spec, stores,
 * and marks only what it changes: dynamic state (viewport, scissor, blend
 * colour, stencil reference) or the pipeline key.
 */
#include "vgl_state.h"

#include <string.h>

#include "vgl_blend.h"
#include "vgl_context.h"
#include "vgl_debug.h"
#include "vgl_extensions.h"
#include "vgl_procs.h"
#include "vgl_viewport.h"

#define PIPE VGL_DIRTY_BIT(VGL_DIRTY_PIPELINE)
/* depth and stencil state: only that part of the pipeline key is rebuilt */
#define PIPE_DS VGL_DIRTY_BIT(VGL_DIRTY_PIPELINE_DS)

void vgl_state_init(struct vgl_state *st)
{
	memset(st, 0, sizeof(*st));
	for (int i = 0; i < VGL_MAX_VIEWPORTS; i++)
		st->depth_range[i][1] = 1.0f;
	st->depth_func = GL_LESS;
	st->depth_mask = true;
	for (int f = 0; f < 2; f++)
		st->stencil[f] = (struct vgl_stencil_face){ GL_ALWAYS, GL_KEEP, GL_KEEP, GL_KEEP, 0,
							    ~0u, ~0u };
	st->cull_mode = GL_BACK;
	st->front_face = GL_CCW;
	st->dither = true;
	st->blend_advanced_coherent = true;
	for (int i = 0; i < VGL_MAX_DRAW_BUFFERS; i++)
		st->db[i] = (struct vgl_draw_buffer_state){
			.fn = { GL_ONE, GL_ZERO, GL_ONE, GL_ZERO, GL_FUNC_ADD, GL_FUNC_ADD },
			.color_mask = { true, true, true, true } };
	st->clear_depth = 1.0f;
	st->line_width = 1.0f;
	st->sample_coverage_value = 1.0f;
	st->sample_mask_value = ~0u;
	st->patch_vertices = 3;
	/* EXT_primitive_bounding_box §13.x: (-1,-1,-1,1) to (1,1,1,1) at first */
	memcpy(st->primitive_bbox, (const GLfloat[8]){ -1, -1, -1, 1, 1, 1, 1, 1 },
	       sizeof(st->primitive_bbox));
	st->pack_alignment = st->unpack_alignment = 4;
	st->hint_mipmap = st->hint_derivative = GL_DONT_CARE;
}

static float clampf(float v, float lo, float hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* ---- enables ---------------------------------------------------------------------- */

/* The flag of a capability and the dirty bit it affects; NULL if unknown. */
static bool *cap_flag(struct vgl_context *ctx, GLenum cap, uint32_t *dirty)
{
	struct vgl_state *st = &ctx->st;

	*dirty = PIPE;
	switch (cap) {
	/* read back slot 0's; set through vgl_viewport.c */
	case GL_SCISSOR_TEST: *dirty = VGL_DIRTY_BIT(VGL_DIRTY_SCISSOR); return &st->scissor_test[0];
	case GL_DEPTH_TEST: *dirty = PIPE_DS; return &st->depth_test;
	case GL_STENCIL_TEST: *dirty = PIPE_DS; return &st->stencil_test;
	case GL_CULL_FACE: return &st->cull_face;
	case GL_BLEND: return &st->db[0].blend; /* read back; set through vgl_blend.c */
	case GL_DITHER: *dirty = 0; return &st->dither;
	case GL_POLYGON_OFFSET_FILL: return &st->polygon_offset_fill;
	case GL_SAMPLE_ALPHA_TO_COVERAGE: return &st->sample_alpha_to_coverage;
	case GL_SAMPLE_COVERAGE: return &st->sample_coverage;
	case GL_DEBUG_OUTPUT_KHR: *dirty = 0; return &ctx->debug_output;
	case GL_DEBUG_OUTPUT_SYNCHRONOUS_KHR: *dirty = 0; return &ctx->debug_sync;
	}
	if (ctx->major < 3)
		return NULL;
	switch (cap) {
	case GL_PRIMITIVE_RESTART_FIXED_INDEX: return &st->primitive_restart_fixed;
	case GL_RASTERIZER_DISCARD: return &st->rasterizer_discard;
	}
	if (cap >= GL_CLIP_DISTANCE0_EXT && cap < GL_CLIP_DISTANCE0_EXT + VGL_MAX_CLIP_DISTANCES &&
	    vgl_ext_on(ctx, VGL_EXT_EXT_clip_cull_distance))
		return &st->clip_distance[cap - GL_CLIP_DISTANCE0_EXT];
	if (cap == GL_SAMPLE_MASK && vgl_context_es31(ctx))
		return &st->sample_mask;
	if (cap == GL_SAMPLE_SHADING_OES && vgl_ext_on(ctx, VGL_EXT_OES_sample_shading))
		return &st->sample_shading;
	if (cap == GL_BLEND_ADVANCED_COHERENT_KHR &&
	    vgl_ext_on(ctx, VGL_EXT_KHR_blend_equation_advanced_coherent)) {
		*dirty = 0;
		return &st->blend_advanced_coherent;
	}
	return NULL;
}

/* Whether a state call goes ahead: not without a current context, nor with an
 * invalid enum (recorded as GL_INVALID_ENUM). */
static bool enum_ok(struct vgl_context *ctx, bool valid)
{
	if (ctx && !valid)
		vgl_error(ctx, GL_INVALID_ENUM);
	return ctx && valid;
}

static void set_cap(GLenum cap, bool on)
{
	struct vgl_context *ctx = vgl_current_context();
	uint32_t dirty;
	bool *flag;

	flag = ctx ? cap_flag(ctx, cap, &dirty) : NULL;
	if (!enum_ok(ctx, flag))
		return;
	if (cap == GL_BLEND) {  /* every draw buffer's (EXT_draw_buffers_indexed) */
		vgl_blend_enable_all(ctx, on);
		return;
	}
	if (cap == GL_SCISSOR_TEST) {  /* every viewport's (OES_viewport_array) */
		vgl_viewport_scissor_test_all(ctx, on);
		return;
	}
	if (*flag != on)
		ctx->dirty |= dirty;
	*flag = on;
}

static void GL_APIENTRY vgl_Enable(GLenum cap)
{
	set_cap(cap, true);
}

static void GL_APIENTRY vgl_Disable(GLenum cap)
{
	set_cap(cap, false);
}

bool vgl_cap_enabled(struct vgl_context *ctx, GLenum cap, bool *on)
{
	uint32_t dirty;
	bool *flag = cap_flag(ctx, cap, &dirty);

	if (flag)
		*on = *flag;
	return flag != NULL;
}

static GLboolean GL_APIENTRY vgl_IsEnabled(GLenum cap)
{
	struct vgl_context *ctx = vgl_current_context();
	uint32_t dirty;
	bool *flag;

	if (!ctx)
		return GL_FALSE;
	flag = cap_flag(ctx, cap, &dirty);
	if (!flag) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return GL_FALSE;
	}
	return *flag ? GL_TRUE : GL_FALSE;
}

/* ---- depth and stencil ---------------------------------------------------------------- */

static bool valid_func(GLenum f)
{
	return f >= GL_NEVER && f <= GL_ALWAYS;
}

static bool valid_stencil_op(GLenum op)
{
	switch (op) {
	case GL_KEEP: case GL_ZERO: case GL_REPLACE: case GL_INCR: case GL_DECR:
	case GL_INVERT: case GL_INCR_WRAP: case GL_DECR_WRAP:
		return true;
	}
	return false;
}

/* Faces named by a GL face enum: bit 0 front, bit 1 back; 0 if invalid. */
static unsigned faces(GLenum face)
{
	return face == GL_FRONT ? 1 : face == GL_BACK ? 2 : face == GL_FRONT_AND_BACK ? 3 : 0;
}

static void GL_APIENTRY vgl_DepthFunc(GLenum func)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!enum_ok(ctx, valid_func(func)))
		return;
	ctx->st.depth_func = func;
	ctx->dirty |= PIPE_DS;
}

static void GL_APIENTRY vgl_DepthMask(GLboolean flag)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return;
	ctx->st.depth_mask = flag != GL_FALSE;
	ctx->dirty |= PIPE_DS;
}

static void GL_APIENTRY vgl_StencilFuncSeparate(GLenum face, GLenum func, GLint ref, GLuint mask)
{
	struct vgl_context *ctx = vgl_current_context();
	unsigned f = faces(face);

	if (!enum_ok(ctx, f && valid_func(func)))
		return;
	for (int i = 0; i < 2; i++) {
		if (!(f & (1u << i)))
			continue;
		ctx->st.stencil[i].func = func;
		ctx->st.stencil[i].ref = ref;
		ctx->st.stencil[i].value_mask = mask;
	}
	ctx->dirty |= PIPE_DS | VGL_DIRTY_BIT(VGL_DIRTY_STENCIL_REF);
}

static void GL_APIENTRY vgl_StencilFunc(GLenum func, GLint ref, GLuint mask)
{
	vgl_StencilFuncSeparate(GL_FRONT_AND_BACK, func, ref, mask);
}

static void GL_APIENTRY vgl_StencilOpSeparate(GLenum face, GLenum fail, GLenum zfail, GLenum zpass)
{
	struct vgl_context *ctx = vgl_current_context();
	unsigned f = faces(face);

	if (!enum_ok(ctx, f && valid_stencil_op(fail) && valid_stencil_op(zfail) &&
		     valid_stencil_op(zpass)))
		return;
	for (int i = 0; i < 2; i++) {
		if (!(f & (1u << i)))
			continue;
		ctx->st.stencil[i].fail = fail;
		ctx->st.stencil[i].zfail = zfail;
		ctx->st.stencil[i].zpass = zpass;
	}
	ctx->dirty |= PIPE_DS;
}

static void GL_APIENTRY vgl_StencilOp(GLenum fail, GLenum zfail, GLenum zpass)
{
	vgl_StencilOpSeparate(GL_FRONT_AND_BACK, fail, zfail, zpass);
}

static void GL_APIENTRY vgl_StencilMaskSeparate(GLenum face, GLuint mask)
{
	struct vgl_context *ctx = vgl_current_context();
	unsigned f = faces(face);

	if (!enum_ok(ctx, f))
		return;
	for (int i = 0; i < 2; i++)
		if (f & (1u << i))
			ctx->st.stencil[i].write_mask = mask;
	ctx->dirty |= PIPE_DS;
}

static void GL_APIENTRY vgl_StencilMask(GLuint mask)
{
	vgl_StencilMaskSeparate(GL_FRONT_AND_BACK, mask);
}

/* ---- rasterisation ----------------------------------------------------------------------- */

static void GL_APIENTRY vgl_CullFace(GLenum mode)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!enum_ok(ctx, faces(mode)))
		return;
	ctx->st.cull_mode = mode;
	ctx->dirty |= PIPE;
}

static void GL_APIENTRY vgl_FrontFace(GLenum mode)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!enum_ok(ctx, mode == GL_CW || mode == GL_CCW))
		return;
	ctx->st.front_face = mode;
	ctx->dirty |= PIPE;
}

static void GL_APIENTRY vgl_LineWidth(GLfloat w)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return;
	if (!(w > 0)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	ctx->st.line_width = w;
	ctx->dirty |= PIPE;
}

static void GL_APIENTRY vgl_PolygonOffset(GLfloat factor, GLfloat units)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return;
	ctx->st.polygon_offset_factor = factor;
	ctx->st.polygon_offset_units = units;
	ctx->dirty |= PIPE;
}

static void GL_APIENTRY vgl_SampleCoverage(GLfloat value, GLboolean invert)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return;
	ctx->st.sample_coverage_value = clampf(value, 0, 1);
	ctx->st.sample_coverage_invert = invert != GL_FALSE;
	ctx->dirty |= PIPE;
}

/* ---- blending and masks --------------------------------------------------------------------- */

static void GL_APIENTRY vgl_BlendColor(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return;
	ctx->st.blend_color[0] = clampf(r, 0, 1);
	ctx->st.blend_color[1] = clampf(g, 0, 1);
	ctx->st.blend_color[2] = clampf(b, 0, 1);
	ctx->st.blend_color[3] = clampf(a, 0, 1);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_BLEND_COLOR);
}

static void GL_APIENTRY vgl_ClearColor(GLfloat r, GLfloat g, GLfloat b, GLfloat a)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return;
	ctx->st.clear_color[0] = clampf(r, 0, 1);
	ctx->st.clear_color[1] = clampf(g, 0, 1);
	ctx->st.clear_color[2] = clampf(b, 0, 1);
	ctx->st.clear_color[3] = clampf(a, 0, 1);
}

static void GL_APIENTRY vgl_ClearDepthf(GLfloat d)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx)
		ctx->st.clear_depth = clampf(d, 0, 1);
}

static void GL_APIENTRY vgl_ClearStencil(GLint s)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx)
		ctx->st.clear_stencil = s;
}

/* ---- hints and pixel storage ----------------------------------------------------------------- */

static void GL_APIENTRY vgl_Hint(GLenum target, GLenum mode)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!enum_ok(ctx, mode == GL_FASTEST || mode == GL_NICEST || mode == GL_DONT_CARE))
		return;
	if (target == GL_GENERATE_MIPMAP_HINT)
		ctx->st.hint_mipmap = mode;
	else if (target == GL_FRAGMENT_SHADER_DERIVATIVE_HINT)   /* ES 3.0, OES_standard_derivatives */
		ctx->st.hint_derivative = mode;
	else
		vgl_error(ctx, GL_INVALID_ENUM);
}

/* ES 2.0 with EXT_unpack_subimage has the three unpack sub-image ones. */
static GLint *pixel_store(struct vgl_context *ctx, GLenum pname)
{
	struct vgl_state *st = &ctx->st;

	switch (pname) {
	case GL_PACK_ALIGNMENT: return &st->pack_alignment;
	case GL_UNPACK_ALIGNMENT: return &st->unpack_alignment;
	case GL_UNPACK_ROW_LENGTH: return &st->unpack_row_length;
	case GL_UNPACK_SKIP_PIXELS: return &st->unpack_skip_pixels;
	case GL_UNPACK_SKIP_ROWS: return &st->unpack_skip_rows;
	}
	if (ctx->major < 3)
		return NULL;
	switch (pname) {
	case GL_PACK_ROW_LENGTH: return &st->pack_row_length;
	case GL_PACK_SKIP_PIXELS: return &st->pack_skip_pixels;
	case GL_PACK_SKIP_ROWS: return &st->pack_skip_rows;
	case GL_UNPACK_IMAGE_HEIGHT: return &st->unpack_image_height;
	case GL_UNPACK_SKIP_IMAGES: return &st->unpack_skip_images;
	}
	return NULL;
}

static void GL_APIENTRY vgl_PixelStorei(GLenum pname, GLint param)
{
	struct vgl_context *ctx = vgl_current_context();
	GLint *p;

	p = ctx ? pixel_store(ctx, pname) : NULL;
	if (!enum_ok(ctx, p))
		return;
	if ((pname == GL_PACK_ALIGNMENT || pname == GL_UNPACK_ALIGNMENT) ?
	    (param != 1 && param != 2 && param != 4 && param != 8) : param < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	*p = param;
}

const struct vgl_proc vgl_state_procs[] = {
	VGL_PROC(Enable), VGL_PROC(Disable), VGL_PROC(IsEnabled),
	VGL_PROC(DepthFunc), VGL_PROC(DepthMask),
	VGL_PROC(StencilFunc), VGL_PROC(StencilFuncSeparate), VGL_PROC(StencilOp),
	VGL_PROC(StencilOpSeparate), VGL_PROC(StencilMask), VGL_PROC(StencilMaskSeparate),
	VGL_PROC(CullFace), VGL_PROC(FrontFace), VGL_PROC(LineWidth), VGL_PROC(PolygonOffset),
	VGL_PROC(SampleCoverage),
	VGL_PROC(BlendColor),
	VGL_PROC(ClearColor), VGL_PROC(ClearDepthf), VGL_PROC(ClearStencil),
	VGL_PROC(Hint), VGL_PROC(PixelStorei),
	{ NULL, NULL },
};
