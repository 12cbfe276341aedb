/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 §13.8.3 (GL_SAMPLE_MASK, glSampleMaski) and §14.3.1
 * (glGetMultisamplefv). The mask is one word (GL_MAX_SAMPLE_MASK_WORDS 1:
 * vk/ carries 32 samples at most); the pipeline ANDs it into the samples
 * a draw keeps (vgl_pipeline.c), which vk/ sends as SET_SAMPLE_MASK.
 * Sample positions are Vulkan's standard locations for the count: what
 * vk/ asks of the host. The host's caps carry its own (virgl caps v2
 * sample_locations), which drm/ does not read yet.
 */
#include "vgl_multisample.h"

#include "vgl_context.h"
#include "vgl_extensions.h"
#include "vgl_framebuffer.h"
#include "vgl_procs.h"

#define MAX_SAMPLE_MASK_WORDS 1

bool vgl_multisample_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	if (!vgl_context_es31(ctx) || pname != GL_MAX_SAMPLE_MASK_WORDS)
		return false;
	*out = MAX_SAMPLE_MASK_WORDS;
	return true;
}

int vgl_multisample_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index,
				GLint64 *out)
{
	if (!vgl_context_es31(ctx) || target != GL_SAMPLE_MASK_VALUE)
		return -1;
	if (index >= MAX_SAMPLE_MASK_WORDS) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return 0;
	}
	/* the mask word as a GLint: glGetInteger64i_v sign-extends it (dEQP
	 * state_query.indexed.sample_mask_value_getinteger64i_v) */
	*out = (GLint)ctx->st.sample_mask_value;
	return 1;
}

static void GL_APIENTRY vgl_SampleMaski(GLuint maskNumber, GLbitfield mask)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!vgl_es31_call(ctx))
		return;
	if (maskNumber >= MAX_SAMPLE_MASK_WORDS) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	ctx->st.sample_mask_value = mask;
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_PIPELINE);
}

/* OES_sample_shading: the value is clamped to [0, 1]; the pipeline takes
 * it while GL_SAMPLE_SHADING_OES is enabled on a multisample target. */
static void GL_APIENTRY vgl_MinSampleShadingOES(GLfloat value)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return;
	if (!vgl_ext_on(ctx, VGL_EXT_OES_sample_shading)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	/* written so that NaN becomes 0 */
	ctx->st.min_sample_shading = value > 1.0f ? 1.0f : value >= 0.0f ? value : 0.0f;
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_PIPELINE);
}

/* Vulkan's standard sample locations (x, y in 1/16 of a pixel), for 1, 2,
 * 4, 8 and 16 samples. Images are stored y-up (vgl_framebuffer.h): vk/'s
 * y within a pixel is GL's. */
static const uint8_t pos1[][2] = { { 8, 8 } };
static const uint8_t pos2[][2] = { { 12, 12 }, { 4, 4 } };
static const uint8_t pos4[][2] = { { 6, 2 }, { 14, 6 }, { 2, 10 }, { 10, 14 } };
static const uint8_t pos8[][2] = { { 9, 5 }, { 7, 11 }, { 13, 9 }, { 5, 3 },
				   { 3, 13 }, { 1, 7 }, { 11, 15 }, { 15, 1 } };
static const uint8_t pos16[][2] = { { 9, 9 }, { 7, 5 }, { 5, 10 }, { 12, 7 },
				    { 3, 6 }, { 10, 13 }, { 13, 11 }, { 11, 3 },
				    { 6, 14 }, { 8, 1 }, { 4, 2 }, { 2, 12 },
				    { 0, 8 }, { 15, 4 }, { 14, 15 }, { 1, 0 } };

/* The standard location of sample `index` of `samples` (index < samples); false: no pattern. */
static bool sample_position(GLint64 samples, GLuint index, GLfloat *val)
{
	const uint8_t(*p)[2] = samples == 2 ? pos2 : samples == 4 ? pos4 : samples == 8 ? pos8
			       : samples == 16 ? pos16 : samples <= 1 ? pos1 : NULL;

	if (!p)
		return false;
	val[0] = (GLfloat)p[index][0] / 16.0f;
	val[1] = (GLfloat)p[index][1] / 16.0f;
	return true;
}

static void GL_APIENTRY vgl_GetMultisamplefv(GLenum pname, GLuint index, GLfloat *val)
{
	struct vgl_context *ctx = vgl_current_context();
	GLint64 samples;

	if (!vgl_es31_call(ctx))
		return;
	if (pname != GL_SAMPLE_POSITION) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	/* GL_SAMPLES of the draw framebuffer: 0 single-sample (no index is valid) */
	vgl_framebuffer_get(ctx, GL_SAMPLES, &samples);
	if ((GLint64)index >= samples) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	/* counts vk/ allows are powers of two up to 16 (renderbuffer samples) */
	if (!sample_position(samples, index, val))
		vgl_error(ctx, GL_INVALID_OPERATION);
}

const struct vgl_proc vgl_multisample_procs[] = {
	VGL_PROC(SampleMaski), VGL_PROC(GetMultisamplefv), VGL_PROC(MinSampleShadingOES),
	{ NULL, NULL },
};
