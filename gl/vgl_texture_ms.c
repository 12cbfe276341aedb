/* SPDX-License-Identifier: MIT */
/*
 * Multisample textures (ES 3.1 §8.8): glTexStorage2DMultisample and the
 * sample limits. A GL_TEXTURE_2D_MULTISAMPLE texture is one immutable level
 * in a multisample image (vgl_tex_storage with samples > 1), made with the
 * sample counts vk/ reads from the host's caps for the format (the same
 * counts renderbuffers take, glGetInternalformativ): the host is never asked
 * for a multisample resource its caps do not list. It is rendered to as an
 * attachment, resolved by glBlitFramebuffer and read by texelFetch in
 * shaders (sampler2DMS); it has no sampler state. A
 * GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES texture (OES_texture_storage_
 * multisample_2d_array) is the same with layers: an array image of samples
 * > 1, attached a layer at a time, read as sampler2DMSArray.
 */
#include <GLES3/gl31.h>

#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_renderbuffer.h"
#include "vgl_texture.h"

/* The fewest counts first is the last of the list (largest first). */
static uint32_t min_count(const struct vgl_context *ctx, GLenum f)
{
	GLint counts[8];
	bool renderable;
	uint32_t n = vgl_renderbuffer_sample_counts(ctx, f, counts, 8, &renderable);

	return n ? (uint32_t)counts[(n < 8 ? n : 8) - 1] : 0;
}

static uint32_t max_count(const struct vgl_context *ctx, GLenum f)
{
	GLint best = 0;
	bool renderable;

	return vgl_renderbuffer_sample_counts(ctx, f, &best, 1, &renderable) ? (uint32_t)best : 0;
}

uint32_t vgl_texture_ms_min_samples(const struct vgl_context *ctx)
{
	return min_count(ctx, GL_RGBA8);
}

/* The least of the formats' maxima: every format of the kind takes that many
 * (ES 3.1 table 20.46's "maximum number of samples in a ... texture"). */
static uint32_t kind_max(const struct vgl_context *ctx, const GLenum *formats, size_t n)
{
	uint32_t m = UINT32_MAX;

	for (size_t i = 0; i < n; i++) {
		uint32_t c = max_count(ctx, formats[i]);

		m = c < m ? c : m;
	}
	return m == UINT32_MAX || !m ? 1 : m;
}

bool vgl_texture_ms_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	static const GLenum color[] = { GL_RGBA8, GL_RGB565, GL_R8, GL_RG8, GL_RGB10_A2 };
	static const GLenum depth[] = { GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT24,
					GL_DEPTH24_STENCIL8 };
	static const GLenum integer[] = { GL_RGBA8I, GL_RGBA8UI, GL_R32I, GL_R32UI };

	if (!vgl_context_es31(ctx))
		return false;
	switch (pname) {
	case GL_MAX_COLOR_TEXTURE_SAMPLES: *out = kind_max(ctx, color, 5); return true;
	case GL_MAX_DEPTH_TEXTURE_SAMPLES: *out = kind_max(ctx, depth, 3); return true;
	case GL_MAX_INTEGER_SAMPLES: *out = kind_max(ctx, integer, 4); return true;
	}
	return false;
}

/* The count stored for `samples`: the fewest the format takes that are at
 * least as many (the GL may give more); 0: none (INVALID_OPERATION). */
static uint32_t stored_samples(const struct vgl_context *ctx, GLenum f, GLsizei samples)
{
	GLint counts[8];
	bool renderable;
	uint32_t n = vgl_renderbuffer_sample_counts(ctx, f, counts, 8, &renderable);

	for (uint32_t i = n < 8 ? n : 8; i-- > 0;)
		if (counts[i] >= samples)
			return (uint32_t)counts[i];
	return 0;
}

/* A glTexStorage*Multisample call's arguments; depth 1 for the 2D one. */
struct ms_args {
	GLenum target, internalformat;
	GLsizei samples, width, height, depth;
	GLboolean fixed;
};

/* The bound texture of the call's target, if the context has the target. */
static bool target_ok(struct vgl_context *ctx, const struct ms_args *a, bool array)
{
	if (array)
		return a->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES &&
		       vgl_ext_on(ctx, VGL_EXT_OES_texture_storage_multisample_2d_array);
	return a->target == GL_TEXTURE_2D_MULTISAMPLE;
}

/* ES 3.1 §8.8's errors (ES 3.2 §8.8 for the array), in their order; the
 * count to store in *stored. */
static GLenum storage_error(struct vgl_context *ctx, const struct ms_args *a, bool array,
			    uint32_t *stored)
{
	const VkPhysicalDeviceLimits *l = &ctx->dev->props.limits;
	struct vgl_texture *t;

	if (!target_ok(ctx, a, array) || !vgl_renderbuffer_format(ctx, a->internalformat))
		return GL_INVALID_ENUM;
	if (a->samples < 1 || a->width < 1 || a->height < 1 || a->depth < 1 ||
	    (uint32_t)a->width > l->maxImageDimension2D ||
	    (uint32_t)a->height > l->maxImageDimension2D ||
	    (uint32_t)a->depth > (array ? l->maxImageArrayLayers : 1))
		return GL_INVALID_VALUE;
	*stored = stored_samples(ctx, a->internalformat, a->samples);
	if (!*stored)
		return GL_INVALID_OPERATION;   /* more than the format's GL_SAMPLES */
	t = vgl_texture_bound(ctx, a->target);
	return !t || t->name == 0 || t->immutable ? GL_INVALID_OPERATION : GL_NO_ERROR;
}

/* The image: one level of `samples`; an array's layers are its depth. */
static struct vgl_tex_storage *ms_storage(struct vgl_context *ctx, const struct vgl_pixel_format *f,
					  const struct ms_args *a, bool array, uint32_t samples)
{
	struct vgl_tex_storage *s = vgl_tex_storage_create(ctx->dev, &(struct vgl_tex_storage_info){
		.format = f->vk, .width = (uint32_t)a->width, .height = (uint32_t)a->height,
		.levels = 1, .layers = array ? (uint32_t)a->depth : 0, .samples = samples });

	if (!s)
		vgl_error(ctx, GL_OUT_OF_MEMORY);
	return s;
}

static void storage_multisample(const struct ms_args *a, bool array)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_pixel_format *f;
	struct vgl_tex_storage *s;
	struct vgl_texture *t;
	uint32_t stored = 0;
	GLenum err;

	if (!vgl_es31_call(ctx))
		return;
	err = storage_error(ctx, a, array, &stored);
	if (err != GL_NO_ERROR) {
		vgl_error(ctx, err);
		return;
	}
	f = vgl_renderbuffer_format(ctx, a->internalformat);
	if (!(s = ms_storage(ctx, f, a, array, stored)))
		return;
	vgl_tex_storage_fill_alpha(ctx, s, f);
	t = vgl_texture_bound(ctx, a->target);
	vgl_tex_storage_unref(t->storage);
	t->storage = s;
	t->level[0][0] = (struct vgl_tex_level){ .width = a->width, .height = a->height,
						 .depth = a->depth,
						 .internal_format = a->internalformat, .fmt = f };
	t->samples = stored;
	t->fixed_locations = a->fixed != GL_FALSE;
	t->immutable = true;
	t->immutable_levels = 1;
	vgl_texture_changed(t);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

static void GL_APIENTRY vgl_TexStorage2DMultisample(GLenum target, GLsizei samples,
						    GLenum internalformat, GLsizei width,
						    GLsizei height, GLboolean fixedsamplelocations)
{
	storage_multisample(&(struct ms_args){ target, internalformat, samples, width, height, 1,
					       fixedsamplelocations }, false);
}

/* OES_texture_storage_multisample_2d_array (ES 3.2's glTexStorage3DMultisample) */
static void GL_APIENTRY vgl_TexStorage3DMultisampleOES(GLenum target, GLsizei samples,
						       GLenum internalformat, GLsizei width,
						       GLsizei height, GLsizei depth,
						       GLboolean fixedsamplelocations)
{
	storage_multisample(&(struct ms_args){ target, internalformat, samples, width, height,
					       depth, fixedsamplelocations }, true);
}

const struct vgl_proc vgl_texture_ms_procs[] = {
	VGL_PROC(TexStorage2DMultisample),
	VGL_PROC(TexStorage3DMultisampleOES),
	{ NULL, NULL },
};
