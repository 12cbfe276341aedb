/* SPDX-License-Identifier: MIT */
/* Renderbuffer objects (vgl_renderbuffer.h). */
#include "vgl_renderbuffer.h"

#include <stdlib.h>

#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_fbo.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_texture.h"

/* ES 3.0's renderbuffer formats: the sized colour-, depth- and stencil-renderable
 * ones of table 3.13 (float colour with EXT_color_buffer_float). */
static const struct vgl_pixel_format *es3_format(const struct vgl_context *ctx, GLenum f)
{
	const struct vgl_pixel_format *p = vgl_pixel_sized(f);

	if (!p)
		p = vgl_pixel_sized_ext(vgl_ext_mask(ctx), f);
	if (!p || ctx->major < 3)
		return NULL;
	return vgl_pixel_color_renderable(vgl_ext_mask(ctx), p) || p->bits[4] || p->bits[5]
		       ? p : NULL;
}

/* What is stored for a renderbuffer internal format (see the header). */
const struct vgl_pixel_format *vgl_renderbuffer_format(const struct vgl_context *ctx, GLenum f)
{
	static const struct vgl_pixel_format stencil8 = {
		GL_STENCIL_INDEX8, GL_NONE, GL_NONE, GL_STENCIL_INDEX8, VK_FORMAT_D24_UNORM_S8_UINT,
		.conv = VGL_CONV_NONE, .renderable = true, .bits = { 0, 0, 0, 0, 0, 8 } };

	switch (f) {
	case GL_RGBA4: case GL_RGB5_A1: return vgl_pixel_sized(GL_RGBA8);
	case GL_RGB565: return vgl_pixel_sized(GL_RGB565);
	case GL_DEPTH_COMPONENT16: return vgl_pixel_sized(GL_DEPTH_COMPONENT16);
	case GL_STENCIL_INDEX8: return &stencil8;
	/* ES 2.0 through OES_rgb8_rgba8, OES_depth24, OES_packed_depth_stencil
	 * and EXT_texture_rg */
	case GL_RGBA8: case GL_RGB8: case GL_DEPTH_COMPONENT24: case GL_DEPTH24_STENCIL8:
	case GL_R8: case GL_RG8:
		return vgl_pixel_sized(f);
	/* EXT_texture_format_BGRA8888 (as renderbuffers: Mesa's reading of it,
	 * the unsized GL_BGRA_EXT included, which dEQP-GLES2 uses): nothing is
	 * uploaded into a renderbuffer, so RGBA8 stores it */
	case GL_BGRA8_EXT: case GL_BGRA_EXT:
		return vgl_ext_on(ctx, VGL_EXT_EXT_texture_format_BGRA8888)
			       ? vgl_pixel_sized(GL_RGBA8) : NULL;
	}
	return es3_format(ctx, f);
}

static void rb_destroy(struct vgl_object *o)
{
	struct vgl_renderbuffer *rb = (struct vgl_renderbuffer *)o;

	vgl_tex_storage_unref(rb->storage);
	free(rb);
}

struct vgl_renderbuffer *vgl_renderbuffer_lookup(struct vgl_context *ctx, GLuint name)
{
	return vgl_names_lookup(&ctx->share->renderbuffers, &ctx->share->lock, name);
}

static struct vgl_names *renderbuffer_space(struct vgl_context *ctx, pthread_mutex_t **lock)
{
	*lock = &ctx->share->lock;
	return &ctx->share->renderbuffers;
}

/* GL: deleting it unbinds it and detaches it from the bound FBOs */
static void renderbuffer_gone(struct vgl_context *ctx, void *obj)
{
	struct vgl_renderbuffer *rb = obj;

	if (ctx->tex->renderbuffer == rb) {
		ctx->tex->renderbuffer = NULL;
		vgl_renderbuffer_unref(rb);
	}
	vgl_fbo_detach(ctx, NULL, rb);
	vgl_renderbuffer_unref(rb);
}

const struct vgl_name_ops vgl_renderbuffer_names = {
	.space = renderbuffer_space, .gone = renderbuffer_gone };

static void GL_APIENTRY vgl_GenRenderbuffers(GLsizei n, GLuint *names)
{
	vgl_names_gen_gl(&vgl_renderbuffer_names, n, names);
}

static void GL_APIENTRY vgl_DeleteRenderbuffers(GLsizei n, const GLuint *names)
{
	struct vgl_context *ctx = vgl_current_context();

	/* renderbuffer_gone needs the texture state; none, none are deleted */
	if (!ctx || (n >= 0 && !vgl_texture_state(ctx)))
		return;
	vgl_names_delete_gl(&vgl_renderbuffer_names, n, names);
}

static GLboolean GL_APIENTRY vgl_IsRenderbuffer(GLuint name)
{
	return vgl_names_is_gl(&vgl_renderbuffer_names, name);
}

static struct vgl_renderbuffer *lookup_or_create(struct vgl_context *ctx, GLuint name)
{
	struct vgl_renderbuffer *rb;

	pthread_mutex_lock(&ctx->share->lock);
	rb = vgl_names_get(&ctx->share->renderbuffers, name);
	if (!rb) {
		rb = calloc(1, sizeof(*rb));
		if (rb) {
			vgl_object_init(&rb->obj, rb_destroy);
			rb->name = name;
			rb->internal_format = GL_RGBA4;
		}
		if (rb && !vgl_names_set(&ctx->share->renderbuffers, name, rb)) {
			free(rb);
			rb = NULL;
		}
	}
	pthread_mutex_unlock(&ctx->share->lock);
	if (!rb)
		vgl_error(ctx, GL_OUT_OF_MEMORY);
	return rb;
}

static void GL_APIENTRY vgl_BindRenderbuffer(GLenum target, GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture_state *ts;
	struct vgl_renderbuffer *rb = NULL;

	if (!ctx)
		return;
	if (target != GL_RENDERBUFFER) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	ts = vgl_texture_state(ctx);
	if (!ts || (name && !(rb = lookup_or_create(ctx, name))))
		return;
	vgl_renderbuffer_ref(rb);
	vgl_renderbuffer_unref(ts->renderbuffer);
	ts->renderbuffer = rb;
}

/* The bound renderbuffer, or NULL with the GL error of target / nothing bound. */
static struct vgl_renderbuffer *bound(struct vgl_context *ctx, GLenum target)
{
	struct vgl_texture_state *ts;

	if (target != GL_RENDERBUFFER) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return NULL;
	}
	ts = vgl_texture_state(ctx);
	if (ts && !ts->renderbuffer)
		vgl_error(ctx, GL_INVALID_OPERATION);
	return ts ? ts->renderbuffer : NULL;
}

/* ---- sample counts (ES 3.0 §4.4.2.1, §6.1.15) ---------------------------------------------- */

/* Every internal format vgl_renderbuffer_format takes. */
static const GLenum rb_formats[] = {
	GL_RGBA4, GL_RGB5_A1, GL_RGB565, GL_DEPTH_COMPONENT16, GL_STENCIL_INDEX8, GL_RGBA8,
	GL_RGB8, GL_DEPTH_COMPONENT24, GL_DEPTH24_STENCIL8, GL_R8, GL_RG8,
};

/* What the device can make of the stored format (vk/ asks the host's caps). */
static VkSampleCountFlags device_counts(const struct vgl_context *ctx,
					const struct vgl_pixel_format *f)
{
	bool color = !f->bits[4] && !f->bits[5];
	VkImageFormatProperties p;

	if (vvk_GetPhysicalDeviceImageFormatProperties(
		    ctx->dev->pdev, f->vk, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
		    (color ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
			   : VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT) |
			    VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
		    0, &p) != VK_SUCCESS)
		return 0;
	return p.sampleCounts;
}

uint32_t vgl_renderbuffer_sample_counts(const struct vgl_context *ctx, GLenum f, GLint *counts,
					uint32_t max, bool *renderable)
{
	const struct vgl_pixel_format *pf = vgl_renderbuffer_format(ctx, f);
	VkSampleCountFlags c = pf ? device_counts(ctx, pf) : 0;
	uint32_t n = 0;

	*renderable = pf != NULL;
	/* the flag bits are the counts; largest first, as GL_SAMPLES lists them */
	for (uint32_t bit = VK_SAMPLE_COUNT_64_BIT; bit > 1; bit >>= 1)
		if (c & bit) {
			if (n < max)
				counts[n] = (GLint)bit;
			n++;
		}
	return n;
}

static uint32_t format_max_samples(const struct vgl_context *ctx, GLenum f)
{
	GLint best = 0;
	bool r;

	return vgl_renderbuffer_sample_counts(ctx, f, &best, 1, &r) ? (uint32_t)best : 0;
}

uint32_t vgl_renderbuffer_max_samples(const struct vgl_context *ctx)
{
	uint32_t m = UINT32_MAX;

	for (size_t i = 0; i < sizeof(rb_formats) / sizeof(rb_formats[0]); i++) {
		uint32_t n = format_max_samples(ctx, rb_formats[i]);

		m = n < m ? n : m;
	}
	return m;
}

/* The count stored for `samples` asked: the smallest the device has that is
 * at least as many (the GL may give more, §4.4.2.1); 0 for 0; -1 when the
 * format takes no such count. */
static int64_t stored_samples(const struct vgl_context *ctx, GLenum f, GLsizei samples)
{
	GLint counts[8];
	bool r;
	uint32_t n = vgl_renderbuffer_sample_counts(ctx, f, counts, 8, &r);

	if (!samples)
		return 0;
	for (uint32_t i = n < 8 ? n : 8; i-- > 0;)
		if (counts[i] >= samples)
			return counts[i];
	return -1;
}

/* ---- storage --------------------------------------------------------------------------------- */

/* The GL error of a storage request, GL_NO_ERROR when it can be made. */
static GLenum storage_error(const struct vgl_context *ctx, GLsizei samples, GLenum internalformat,
			    GLsizei width, GLsizei height, int64_t *stored)
{
	uint32_t max = ctx->dev->props.limits.maxImageDimension2D;

	if (!vgl_renderbuffer_format(ctx, internalformat))
		return GL_INVALID_ENUM;
	if (samples < 0 || width < 0 || height < 0 || (uint32_t)width > max ||
	    (uint32_t)height > max)
		return GL_INVALID_VALUE;
	*stored = stored_samples(ctx, internalformat, samples);
	return *stored < 0 ? GL_INVALID_OPERATION : GL_NO_ERROR;
}

static void storage(GLenum target, GLsizei samples, GLenum internalformat, GLsizei width,
		    GLsizei height)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_renderbuffer *rb;
	struct vgl_tex_storage *s = NULL;
	int64_t stored = 0;
	GLenum err;

	if (!ctx || !(rb = bound(ctx, target)))
		return;
	err = storage_error(ctx, samples, internalformat, width, height, &stored);
	if (err != GL_NO_ERROR) {
		vgl_error(ctx, err);
		return;
	}
	/* the old storage lives on in the batches that render to it */
	if (width && height && !(s = vgl_tex_storage_create(ctx->dev, &(struct vgl_tex_storage_info){
		    .format = vgl_renderbuffer_format(ctx, internalformat)->vk, .width = (uint32_t)width,
		    .height = (uint32_t)height, .levels = 1, .samples = (uint32_t)stored }))) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	if (s)
		vgl_tex_storage_fill_alpha(ctx, s, vgl_renderbuffer_format(ctx, internalformat));
	vgl_tex_storage_unref(rb->storage);
	rb->storage = s;
	rb->change_id = vgl_unique_id();
	rb->fmt = vgl_renderbuffer_format(ctx, internalformat);
	rb->internal_format = internalformat;
	rb->width = width;
	rb->height = height;
	rb->samples = (uint32_t)stored;
}

static void GL_APIENTRY vgl_RenderbufferStorage(GLenum target, GLenum internalformat,
						GLsizei width, GLsizei height)
{
	storage(target, 0, internalformat, width, height);
}

static void GL_APIENTRY vgl_RenderbufferStorageMultisample(GLenum target, GLsizei samples,
							   GLenum internalformat, GLsizei width,
							   GLsizei height)
{
	storage(target, samples, internalformat, width, height);
}

static bool rb_param(const struct vgl_context *ctx, const struct vgl_renderbuffer *rb,
		     GLenum pname, GLint *out)
{
	switch (pname) {
	case GL_RENDERBUFFER_WIDTH: *out = rb->width; return true;
	case GL_RENDERBUFFER_HEIGHT: *out = rb->height; return true;
	case GL_RENDERBUFFER_INTERNAL_FORMAT: *out = (GLint)rb->internal_format; return true;
	case GL_RENDERBUFFER_RED_SIZE: case GL_RENDERBUFFER_GREEN_SIZE:
	case GL_RENDERBUFFER_BLUE_SIZE: case GL_RENDERBUFFER_ALPHA_SIZE:
	case GL_RENDERBUFFER_DEPTH_SIZE: case GL_RENDERBUFFER_STENCIL_SIZE:
		*out = rb->fmt ? vgl_pixel_bits(rb->fmt, pname) : 0;
		return true;
	}
	if (ctx->major >= 3 && pname == GL_RENDERBUFFER_SAMPLES) {
		*out = (GLint)rb->samples;
		return true;
	}
	return false;
}

static void GL_APIENTRY vgl_GetRenderbufferParameteriv(GLenum target, GLenum pname,
						       GLint *params)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_renderbuffer *rb;
	GLint v;

	if (!ctx || !(rb = bound(ctx, target)))
		return;
	if (!rb_param(ctx, rb, pname, &v)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (params)
		*params = v;
}

/* The multisample texture targets of the context (ES 3.1; the array's
 * with OES_texture_storage_multisample_2d_array). */
static bool ms_texture_target(const struct vgl_context *ctx, GLenum target)
{
	if (target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES)
		return vgl_ext_on(ctx, VGL_EXT_OES_texture_storage_multisample_2d_array);
	return target == GL_TEXTURE_2D_MULTISAMPLE && vgl_context_es31(ctx);
}

/* ES 3.0 §6.1.15: the sample counts of a renderbuffer format, largest first. */
static void GL_APIENTRY vgl_GetInternalformativ(GLenum target, GLenum internalformat,
						GLenum pname, GLsizei bufSize, GLint *params)
{
	struct vgl_context *ctx = vgl_current_context();
	GLint counts[8];
	uint32_t n;
	bool renderable;

	if (!ctx)
		return;
	n = vgl_renderbuffer_sample_counts(ctx, internalformat, counts, 8, &renderable);
	/* ES 3.1: multisample textures take the renderbuffer counts */
	if ((target != GL_RENDERBUFFER && !ms_texture_target(ctx, target)) || !renderable ||
	    (pname != GL_NUM_SAMPLE_COUNTS && pname != GL_SAMPLES)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (bufSize < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	n = n < 8 ? n : 8;
	if (pname == GL_NUM_SAMPLE_COUNTS && bufSize > 0 && params)
		params[0] = (GLint)n;
	for (uint32_t i = 0; pname == GL_SAMPLES && params && i < n && i < (uint32_t)bufSize; i++)
		params[i] = counts[i];
}

const struct vgl_proc vgl_renderbuffer_procs[] = {
	VGL_PROC(GenRenderbuffers), VGL_PROC(DeleteRenderbuffers), VGL_PROC(IsRenderbuffer),
	VGL_PROC(BindRenderbuffer), VGL_PROC(RenderbufferStorage),
	VGL_PROC(RenderbufferStorageMultisample), VGL_PROC(GetInternalformativ),
	VGL_PROC(GetRenderbufferParameteriv),
	{ NULL, NULL },
};
