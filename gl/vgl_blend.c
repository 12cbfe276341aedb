/* SPDX-License-Identifier: MIT */
/*
 * glBlendFunc*, glBlendEquation*, glColorMask and GL_BLEND per draw buffer
 * (vgl_blend.h). A setter stores into the draw buffers of its range and
 * marks the pipeline key dirty only where a value changed.
 */
#include "vgl_blend.h"

#include <string.h>

#include <GLES2/gl2ext.h>

#include "vgl_batch.h"
#include "vgl_context.h"
#include "vgl_extensions.h"
#include "vgl_fbo.h"
#include "vgl_framebuffer.h"
#include "vgl_procs.h"
#include "vgl_texture.h"
#include "vgl_viewport.h"

/* The draw buffers a call sets, [first, end): one, or all of them. */
struct range {
	uint32_t first, end;
};

static const struct range all_buffers = { 0, VGL_MAX_DRAW_BUFFERS };

static void store(struct vgl_context *ctx, void *dst, const void *src, size_t n)
{
	if (memcmp(dst, src, n) == 0)
		return;
	memcpy(dst, src, n);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_PIPELINE_BLEND);
}

/* An indexed call goes ahead with the extension and a draw buffer below
 * GL_MAX_DRAW_BUFFERS (INVALID_VALUE past it). */
static bool indexed_call(struct vgl_context *ctx, GLuint buf, struct range *r)
{
	if (!ctx)
		return false;
	if (!vgl_ext_on(ctx, VGL_EXT_EXT_draw_buffers_indexed)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	if (buf >= vgl_framebuffer_max_draw_buffers(ctx)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return false;
	}
	*r = (struct range){ buf, buf + 1 };
	return true;
}

/* ---- enables ----------------------------------------------------------------------------- */

static void set_enable(struct vgl_context *ctx, struct range r, bool on)
{
	for (uint32_t i = r.first; i < r.end; i++)
		store(ctx, &ctx->st.db[i].blend, &on, sizeof(on));
}

void vgl_blend_enable_all(struct vgl_context *ctx, bool on)
{
	set_enable(ctx, all_buffers, on);
}

/* Enablei, Disablei and IsEnabledi take GL_BLEND here; GL_SCISSOR_TEST
 * with OES_viewport_array (vgl_viewport.c answers it first). */
static bool indexed_cap(struct vgl_context *ctx, GLenum target, GLuint buf, struct range *r)
{
	if (!indexed_call(ctx, buf, r))
		return false;
	if (target != GL_BLEND) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return false;
	}
	return true;
}

static void GL_APIENTRY vgl_Enablei(GLenum target, GLuint buf)
{
	struct vgl_context *ctx = vgl_current_context();
	struct range r;

	if (ctx && vgl_viewport_enablei(ctx, target, buf, true))
		return;
	if (indexed_cap(ctx, target, buf, &r))
		set_enable(ctx, r, true);
}

static void GL_APIENTRY vgl_Disablei(GLenum target, GLuint buf)
{
	struct vgl_context *ctx = vgl_current_context();
	struct range r;

	if (ctx && vgl_viewport_enablei(ctx, target, buf, false))
		return;
	if (indexed_cap(ctx, target, buf, &r))
		set_enable(ctx, r, false);
}

static GLboolean GL_APIENTRY vgl_IsEnabledi(GLenum target, GLuint buf)
{
	struct vgl_context *ctx = vgl_current_context();
	GLboolean scissor;
	struct range r;

	if (ctx && vgl_viewport_is_enabledi(ctx, target, buf, &scissor))
		return scissor;
	if (!indexed_cap(ctx, target, buf, &r))
		return GL_FALSE;
	return ctx->st.db[buf].blend ? GL_TRUE : GL_FALSE;
}

/* ---- functions and equations ---------------------------------------------------------------- */

static bool valid_factor(GLenum f)
{
	switch (f) {
	case GL_ZERO: case GL_ONE: case GL_SRC_COLOR: case GL_ONE_MINUS_SRC_COLOR:
	case GL_DST_COLOR: case GL_ONE_MINUS_DST_COLOR: case GL_SRC_ALPHA:
	case GL_ONE_MINUS_SRC_ALPHA: case GL_DST_ALPHA: case GL_ONE_MINUS_DST_ALPHA:
	case GL_CONSTANT_COLOR: case GL_ONE_MINUS_CONSTANT_COLOR: case GL_CONSTANT_ALPHA:
	case GL_ONE_MINUS_CONSTANT_ALPHA: case GL_SRC_ALPHA_SATURATE:
		return true;
	}
	return false;
}

/* KHR_blend_equation_advanced's equations, numbered from 1 as the
 * compiler's enum vc_advanced_blend (the bits of a fragment shader's
 * layout(blend_support_...) set). */
static const GLenum advanced_equations[] = {
	GL_MULTIPLY_KHR, GL_SCREEN_KHR, GL_OVERLAY_KHR, GL_DARKEN_KHR, GL_LIGHTEN_KHR,
	GL_COLORDODGE_KHR, GL_COLORBURN_KHR, GL_HARDLIGHT_KHR, GL_SOFTLIGHT_KHR,
	GL_DIFFERENCE_KHR, GL_EXCLUSION_KHR, GL_HSL_HUE_KHR, GL_HSL_SATURATION_KHR,
	GL_HSL_COLOR_KHR, GL_HSL_LUMINOSITY_KHR,
};

unsigned vgl_blend_advanced(GLenum e)
{
	/* they lie in one range of enums, far from the common equations: most
	 * calls (every blending draw's key) end here */
	if (e < GL_MULTIPLY_KHR || e > GL_HSL_LUMINOSITY_KHR)
		return 0;
	for (unsigned i = 0; i < sizeof(advanced_equations) / sizeof(advanced_equations[0]); i++)
		if (advanced_equations[i] == e)
			return i + 1;
	return 0;
}

/* The advanced equations are glBlendEquation(i)'s only, not the separate
 * calls' (INVALID_ENUM there). */
static bool valid_equation(const struct vgl_context *ctx, GLenum e, bool advanced)
{
	if (e == GL_FUNC_ADD || e == GL_FUNC_SUBTRACT || e == GL_FUNC_REVERSE_SUBTRACT)
		return true;
	if (advanced && vgl_blend_advanced(e))
		return vgl_ext_on(ctx, VGL_EXT_KHR_blend_equation_advanced);
	return ctx->major >= 3 && (e == GL_MIN || e == GL_MAX);
}

/* INVALID_ENUM unless valid. */
static bool enums_ok(struct vgl_context *ctx, bool valid)
{
	if (!valid)
		vgl_error(ctx, GL_INVALID_ENUM);
	return valid;
}

static void set_factors(struct vgl_context *ctx, struct range r, GLenum src_rgb, GLenum dst_rgb,
			GLenum src_a, GLenum dst_a)
{
	if (!enums_ok(ctx, valid_factor(src_rgb) && valid_factor(dst_rgb) &&
			   valid_factor(src_a) && valid_factor(dst_a)))
		return;
	for (uint32_t i = r.first; i < r.end; i++) {
		struct vgl_blend b = ctx->st.db[i].fn;

		b.src_rgb = src_rgb;
		b.dst_rgb = dst_rgb;
		b.src_alpha = src_a;
		b.dst_alpha = dst_a;
		store(ctx, &ctx->st.db[i].fn, &b, sizeof(b));
	}
}

static void set_equations(struct vgl_context *ctx, struct range r, GLenum rgb, GLenum alpha)
{
	bool one = rgb == alpha; /* glBlendEquation(i): one equation for both */

	if (!enums_ok(ctx, valid_equation(ctx, rgb, one) && valid_equation(ctx, alpha, one)))
		return;
	for (uint32_t i = r.first; i < r.end; i++) {
		struct vgl_blend b = ctx->st.db[i].fn;

		b.eq_rgb = rgb;
		b.eq_alpha = alpha;
		store(ctx, &ctx->st.db[i].fn, &b, sizeof(b));
	}
}

static void GL_APIENTRY vgl_BlendFuncSeparate(GLenum src_rgb, GLenum dst_rgb, GLenum src_a,
					      GLenum dst_a)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx)
		set_factors(ctx, all_buffers, src_rgb, dst_rgb, src_a, dst_a);
}

static void GL_APIENTRY vgl_BlendFunc(GLenum src, GLenum dst)
{
	vgl_BlendFuncSeparate(src, dst, src, dst);
}

static void GL_APIENTRY vgl_BlendFuncSeparatei(GLuint buf, GLenum src_rgb, GLenum dst_rgb,
					       GLenum src_a, GLenum dst_a)
{
	struct vgl_context *ctx = vgl_current_context();
	struct range r;

	if (indexed_call(ctx, buf, &r))
		set_factors(ctx, r, src_rgb, dst_rgb, src_a, dst_a);
}

static void GL_APIENTRY vgl_BlendFunci(GLuint buf, GLenum src, GLenum dst)
{
	vgl_BlendFuncSeparatei(buf, src, dst, src, dst);
}

/* The separate calls refuse an advanced equation even given twice. */
static bool separate_ok(struct vgl_context *ctx, GLenum rgb, GLenum alpha)
{
	return enums_ok(ctx, !vgl_blend_advanced(rgb) && !vgl_blend_advanced(alpha));
}

static void GL_APIENTRY vgl_BlendEquationSeparate(GLenum rgb, GLenum alpha)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx && separate_ok(ctx, rgb, alpha))
		set_equations(ctx, all_buffers, rgb, alpha);
}

static void GL_APIENTRY vgl_BlendEquation(GLenum mode)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx)
		set_equations(ctx, all_buffers, mode, mode);
}

static void GL_APIENTRY vgl_BlendEquationSeparatei(GLuint buf, GLenum rgb, GLenum alpha)
{
	struct vgl_context *ctx = vgl_current_context();
	struct range r;

	if (indexed_call(ctx, buf, &r) && separate_ok(ctx, rgb, alpha))
		set_equations(ctx, r, rgb, alpha);
}

static void GL_APIENTRY vgl_BlendEquationi(GLuint buf, GLenum mode)
{
	struct vgl_context *ctx = vgl_current_context();
	struct range r;

	if (indexed_call(ctx, buf, &r))
		set_equations(ctx, r, mode, mode);
}

/* glBlendBarrierKHR: a barrier before the advanced equations' reads of the
 * colour attachments. Where the fragment shader blends, through the host's
 * coherent framebuffer fetch, vk/ has nothing to send; where the host
 * blends, it becomes the host's glBlendBarrierKHR (vk/vvk_cmd_transfer.c).
 * Inside the rendering: the barrier orders draws, it does not end them. */
static void GL_APIENTRY vgl_BlendBarrier(void)
{
	struct vgl_context *ctx = vgl_current_context();
	VkCommandBuffer cmd;

	if (!ctx)
		return;
	if (!vgl_ext_on(ctx, VGL_EXT_KHR_blend_equation_advanced)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	cmd = vgl_batch_cmd(ctx);
	if (cmd)
		vvk_CmdPipelineBarrier2(cmd, &(VkDependencyInfo){
			.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .memoryBarrierCount = 1,
			.pMemoryBarriers = &(VkMemoryBarrier2){
				.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
				.srcStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
				.srcAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_WRITE_BIT,
				.dstStageMask = VK_PIPELINE_STAGE_2_COLOR_ATTACHMENT_OUTPUT_BIT,
				.dstAccessMask = VK_ACCESS_2_COLOR_ATTACHMENT_READ_NONCOHERENT_BIT_EXT } });
}

/* ---- draw-time rules of the advanced equations ------------------------------------------ */

/* Draw buffers that are not GL_NONE. */
static uint32_t active_draw_buffers(const struct vgl_fb *fb)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < fb->nr_draw; i++)
		n += fb->draw[i].view != VK_NULL_HANDLE;
	return n;
}

/* KHR_blend_equation_advanced: "the draw buffer for any other color
 * output is not NONE" counts the glDrawBuffers list, attached or not. */
static bool other_draw_buffer(struct vgl_context *ctx)
{
	const struct vgl_texture_state *ts = vgl_texture_state(ctx);

	for (uint32_t i = 1; ts && ts->draw_fbo && i < VGL_MAX_DRAW_BUFFERS; i++)
		if (ts->draw_fbo->draw_buffers[i] != GL_NONE)
			return true;
	return false;
}

bool vgl_blend_advanced_draw_ok(struct vgl_context *ctx, const struct vgl_fb *fb,
				uint32_t fs_support)
{
	const struct vgl_draw_buffer_state *db = &ctx->st.db[0];
	unsigned e = db->blend ? vgl_blend_advanced(db->fn.eq_rgb) : 0;

	if (!e)
		return true;
	if (!(fs_support & (1u << e)) || active_draw_buffers(fb) > 1 ||
	    other_draw_buffer(ctx)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	return true;
}

/* ---- colour masks ------------------------------------------------------------------------- */

static void set_mask(struct vgl_context *ctx, struct range r, GLboolean red, GLboolean green,
		     GLboolean blue, GLboolean alpha)
{
	const bool m[4] = { red != GL_FALSE, green != GL_FALSE, blue != GL_FALSE,
			    alpha != GL_FALSE };

	for (uint32_t i = r.first; i < r.end; i++)
		store(ctx, ctx->st.db[i].color_mask, m, sizeof(m));
}

static void GL_APIENTRY vgl_ColorMask(GLboolean r, GLboolean g, GLboolean b, GLboolean a)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx)
		set_mask(ctx, all_buffers, r, g, b, a);
}

static void GL_APIENTRY vgl_ColorMaski(GLuint buf, GLboolean r, GLboolean g, GLboolean b,
				       GLboolean a)
{
	struct vgl_context *ctx = vgl_current_context();
	struct range br;

	if (indexed_call(ctx, buf, &br))
		set_mask(ctx, br, r, g, b, a);
}

/* ---- indexed queries ---------------------------------------------------------------------- */

/* A draw buffer's value of target into out: how many, -1 if not its state. */
static int values(const struct vgl_draw_buffer_state *db, GLenum target, GLint64 out[4])
{
	switch (target) {
	case GL_BLEND: out[0] = db->blend; return 1;
	case GL_BLEND_SRC_RGB: out[0] = db->fn.src_rgb; return 1;
	case GL_BLEND_DST_RGB: out[0] = db->fn.dst_rgb; return 1;
	case GL_BLEND_SRC_ALPHA: out[0] = db->fn.src_alpha; return 1;
	case GL_BLEND_DST_ALPHA: out[0] = db->fn.dst_alpha; return 1;
	case GL_BLEND_EQUATION_RGB: out[0] = db->fn.eq_rgb; return 1;
	case GL_BLEND_EQUATION_ALPHA: out[0] = db->fn.eq_alpha; return 1;
	case GL_COLOR_WRITEMASK:
		for (int k = 0; k < 4; k++)
			out[k] = db->color_mask[k];
		return 4;
	}
	return -1;
}

bool vgl_blend_indexed_target(struct vgl_context *ctx, GLenum target)
{
	GLint64 v[4];

	return vgl_ext_on(ctx, VGL_EXT_EXT_draw_buffers_indexed) &&
	       values(&ctx->st.db[0], target, v) >= 0;
}

int vgl_blend_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index, GLint64 out[4])
{
	if (!vgl_blend_indexed_target(ctx, target))
		return -1;
	if (index >= vgl_framebuffer_max_draw_buffers(ctx)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return 0;
	}
	return values(&ctx->st.db[index], target, out);
}

/* The indexed calls under both extensions' names: the same functions. */
#define INDEXED_PROC(n) { "gl" #n "EXT", (void *)vgl_##n }, { "gl" #n "OES", (void *)vgl_##n }

const struct vgl_proc vgl_blend_procs[] = {
	VGL_PROC(BlendFunc), VGL_PROC(BlendFuncSeparate), VGL_PROC(BlendEquation),
	VGL_PROC(BlendEquationSeparate), VGL_PROC(ColorMask),
	INDEXED_PROC(Enablei), INDEXED_PROC(Disablei), INDEXED_PROC(IsEnabledi),
	INDEXED_PROC(BlendFunci), INDEXED_PROC(BlendFuncSeparatei), INDEXED_PROC(BlendEquationi),
	INDEXED_PROC(BlendEquationSeparatei), INDEXED_PROC(ColorMaski),
	{ "glBlendBarrierKHR", (void *)vgl_BlendBarrier },
	{ NULL, NULL },
};
