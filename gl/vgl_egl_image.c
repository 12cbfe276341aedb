/* SPDX-License-Identifier: MIT */
/*
 * EGL images from textures and renderbuffers (EGL_KHR_gl_texture_2D_image,
 * EGL_KHR_gl_renderbuffer_image) and the GL_OES_EGL_image entry points
 * that make a texture or renderbuffer use one. See vgl_egl_image.h.
 */
#include "vgl_egl_image.h"

#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_extensions.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_renderbuffer.h"
#include "vgl_texture.h"

/* Set once by EGL's __egl_Main, read by every glEGLImageTarget* call. */
static _Atomic vgl_egl_image_lookup_fn image_lookup;

void vgl_set_egl_image_lookup(vgl_egl_image_lookup_fn fn)
{
	image_lookup = fn;
}

struct vgl_egl_image *vgl_egl_image_lookup(void *handle)
{
	vgl_egl_image_lookup_fn fn = image_lookup;

	return fn && handle ? fn(handle) : NULL;
}

static void image_destroy(struct vgl_object *o)
{
	struct vgl_egl_image *img = (struct vgl_egl_image *)o;

	atomic_fetch_sub(&img->storage->images, 1);
	vgl_tex_storage_unref(img->storage);
	free(img);
}

struct vgl_egl_image *vgl_egl_image_create(struct vgl_tex_storage *storage, uint32_t level,
				   GLenum internal_format, const struct vgl_pixel_format *fmt)
{
	struct vgl_egl_image *img = calloc(1, sizeof(*img));

	if (!img)
		return NULL;
	vgl_object_init(&img->obj, image_destroy);
	vgl_object_ref(&storage->obj);
	atomic_fetch_add(&storage->images, 1);
	/* siblings in other contexts see what this one wrote only on the GPU */
	storage->written = true;
	img->storage = storage;
	img->level = level;
	img->width = vgl_tex_level_size(storage->width, level);
	img->height = vgl_tex_level_size(storage->height, level);
	img->internal_format = internal_format;
	img->fmt = fmt;
	return img;
}

struct vgl_egl_image *vgl_egl_image_ref(struct vgl_egl_image *img)
{
	vgl_object_ref(&img->obj);
	return img;
}

void vgl_egl_image_put(struct vgl_egl_image *img)
{
	if (img)
		vgl_object_unref(&img->obj);
}

/* Whether a storage's users are siblings of a live image already. */
static bool is_sibling(struct vgl_tex_storage *s)
{
	for (; s; s = s->parent)
		if (atomic_load(&s->images))
			return true;
	return false;
}

/* ---- images of GL objects ------------------------------------------------------------ */

/* EGL_KHR_gl_texture_2D_image's checks, in the order Mesa makes them. */
static int texture_source(struct vgl_context *ctx, uint32_t name, int64_t level,
			  struct vgl_texture **out)
{
	struct vgl_texture *t = name ? vgl_texture_lookup(ctx, name) : NULL;

	if (!t || t->target != GL_TEXTURE_2D)
		return VGL_ERROR_BAD_PARAMETER;
	if (level < 0 || level >= VGL_MAX_LEVELS)
		return VGL_ERROR_BAD_MATCH;
	/* level 0 may be taken from an incomplete texture, others not */
	if (level == 0 ? !vgl_texture_level_stored(t, 0, 0) : !vgl_texture_complete(ctx, t))
		return VGL_ERROR_BAD_PARAMETER;
	if (!vgl_texture_level_stored(t, 0, (uint32_t)level))
		return VGL_ERROR_BAD_MATCH;
	if (is_sibling(t->storage))
		return VGL_ERROR_BAD_ACCESS;
	*out = t;
	return VGL_OK;
}

static int texture_image(struct vgl_context *ctx, uint32_t name, int64_t level,
			 struct vgl_egl_image **out)
{
	struct vgl_texture *t;
	const struct vgl_tex_level *lv;
	int ret = texture_source(ctx, name, level, &t);

	if (ret != VGL_OK)
		return ret;
	lv = &t->level[0][level];
	*out = vgl_egl_image_create(t->storage, (uint32_t)level, lv->internal_format, lv->fmt);
	return *out ? VGL_OK : VGL_ERROR_OUT_OF_MEMORY;
}

static int renderbuffer_image(struct vgl_context *ctx, uint32_t name, struct vgl_egl_image **out)
{
	struct vgl_renderbuffer *rb = name ? vgl_renderbuffer_lookup(ctx, name) : NULL;

	/* a renderbuffer without storage has no image to share */
	if (!rb || !rb->storage)
		return VGL_ERROR_BAD_PARAMETER;
	if (is_sibling(rb->storage))
		return VGL_ERROR_BAD_ACCESS;
	*out = vgl_egl_image_create(rb->storage, 0, rb->internal_format, rb->fmt);
	return *out ? VGL_OK : VGL_ERROR_OUT_OF_MEMORY;
}

int vgl_egl_image_from_gl(struct vgl_context *ctx, enum vgl_egl_image_source source, uint32_t name,
		      int64_t level, struct vgl_egl_image **out)
{
	int ret;

	*out = NULL;
	if (!vgl_texture_state(ctx))
		return VGL_ERROR_OUT_OF_MEMORY;
	ret = source == VGL_EGL_IMAGE_TEXTURE_2D ? texture_image(ctx, name, level, out)
					     : renderbuffer_image(ctx, name, out);
	/* the image's other users run after what this context recorded so far */
	if (ret == VGL_OK && ctx == vgl_context_bound())
		ret = vgl_context_flush(ctx);
	if (ret != VGL_OK && *out) {
		vgl_egl_image_put(*out);
		*out = NULL;
	}
	return ret;
}

/* ---- GL_OES_EGL_image ------------------------------------------------------------------ */

/* The image of a void *, or NULL with GL_INVALID_VALUE. */
static struct vgl_egl_image *gl_image(struct vgl_context *ctx, void * handle)
{
	struct vgl_egl_image *img = vgl_egl_image_lookup(handle);

	if (!img)
		vgl_error(ctx, GL_INVALID_VALUE);
	return img;
}

/* Makes t a single-level texture on an alias of the image's level. */
static void texture_use_image(struct vgl_context *ctx, struct vgl_texture *t,
			      struct vgl_egl_image *img)
{
	struct vgl_tex_storage *s = vgl_tex_storage_alias(img->storage, img->level);

	if (!s) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	memset(t->level, 0, sizeof(t->level));
	t->level[0][0] = (struct vgl_tex_level){
		.width = (GLsizei)img->width, .height = (GLsizei)img->height, .depth = 1,
		.internal_format = img->internal_format, .fmt = img->fmt };
	vgl_tex_storage_unref(t->storage);
	t->storage = s;
	vgl_texture_changed(t);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

static bool image_target_ok(struct vgl_context *ctx, GLenum target)
{
	return target == GL_TEXTURE_2D ||
	       (target == GL_TEXTURE_EXTERNAL_OES &&
		vgl_ext_on(ctx, VGL_EXT_OES_EGL_image_external));
}

static void GL_APIENTRY vgl_EGLImageTargetTexture2DOES(GLenum target, void * image)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture *t;
	struct vgl_egl_image *img;

	if (!ctx)
		return;
	if (!image_target_ok(ctx, target)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	t = vgl_texture_bound(ctx, target);
	if (!t || !(img = gl_image(ctx, image)))
		return;
	/* immutable storage cannot be re-specified (as Mesa does) */
	if (t->immutable)
		vgl_error(ctx, GL_INVALID_OPERATION);
	else
		texture_use_image(ctx, t, img);
	vgl_egl_image_put(img);
}

/* Whether a renderbuffer can be made of the image (OES_EGL_image: "unable
 * to create a renderbuffer" is INVALID_OPERATION). */
static bool renderable(const struct vgl_egl_image *img)
{
	const struct vgl_pixel_format *f = img->fmt;

	return f->renderable || f->bits[4] || f->bits[5];
}

static void GL_APIENTRY vgl_EGLImageTargetRenderbufferStorageOES(GLenum target,
								  void * image)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture_state *ts;
	struct vgl_renderbuffer *rb;
	struct vgl_tex_storage *s;
	struct vgl_egl_image *img;

	if (!ctx)
		return;
	if (target != GL_RENDERBUFFER) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	ts = vgl_texture_state(ctx);
	if (!ts || !(img = gl_image(ctx, image)))
		return;
	rb = ts->renderbuffer;
	s = rb && renderable(img) ? vgl_tex_storage_alias(img->storage, img->level) : NULL;
	if (!s) {
		vgl_error(ctx, rb && renderable(img) ? GL_OUT_OF_MEMORY : GL_INVALID_OPERATION);
	} else {
		vgl_tex_storage_unref(rb->storage);
		rb->storage = s;
		rb->change_id = vgl_unique_id();
		rb->fmt = img->fmt;
		rb->internal_format = img->internal_format;
		rb->width = (GLsizei)img->width;
		rb->height = (GLsizei)img->height;
	}
	vgl_egl_image_put(img);
}

const struct vgl_proc vgl_egl_image_procs[] = {
	VGL_PROC(EGLImageTargetTexture2DOES), VGL_PROC(EGLImageTargetRenderbufferStorageOES),
	{ NULL, NULL },
};
