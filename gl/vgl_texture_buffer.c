/* SPDX-License-Identifier: MIT */
/*
 * Buffer textures (EXT_texture_buffer / OES_texture_buffer in
 * ES 3.1+ contexts on hosts with texture buffers): glTexBuffer(Range),
 * the GL_TEXTURE_BUFFER state queries, and the texel-buffer views draws and
 * dispatches read.
 *
 * A buffer texture holds no texels of its own: it names a buffer object, a
 * format and a range. What the host reads is a view (vk/'s VkBufferView, a
 * virgl sampler view on the buffer's resource) of the buffer's storage
 * *now*: glBufferData makes new storage, so the next draw makes a view of
 * that. Views are kept with the storage they read and go with it, once
 * every batch that used it is done; a draw references the storage
 * (vgl_batch_use), so later writes are ordered after it (technique 2) and
 * a map of a range an image unit wrote waits for that batch.
 */
#include <GLES3/gl31.h>
#include <stdlib.h>

#include "vgl_batch.h"
#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_texture.h"

/* EXT_texture_buffer's table of internal formats: the texel each is read as. */
struct tb_format {
	GLenum gl;
	VkFormat vk;
	uint8_t bytes;
};

static const struct tb_format formats[] = {
	{ GL_R8, VK_FORMAT_R8_UNORM, 1 }, { GL_R16F, VK_FORMAT_R16_SFLOAT, 2 },
	{ GL_R32F, VK_FORMAT_R32_SFLOAT, 4 }, { GL_R8I, VK_FORMAT_R8_SINT, 1 },
	{ GL_R16I, VK_FORMAT_R16_SINT, 2 }, { GL_R32I, VK_FORMAT_R32_SINT, 4 },
	{ GL_R8UI, VK_FORMAT_R8_UINT, 1 }, { GL_R16UI, VK_FORMAT_R16_UINT, 2 },
	{ GL_R32UI, VK_FORMAT_R32_UINT, 4 }, { GL_RG8, VK_FORMAT_R8G8_UNORM, 2 },
	{ GL_RG16F, VK_FORMAT_R16G16_SFLOAT, 4 }, { GL_RG32F, VK_FORMAT_R32G32_SFLOAT, 8 },
	{ GL_RG8I, VK_FORMAT_R8G8_SINT, 2 }, { GL_RG16I, VK_FORMAT_R16G16_SINT, 4 },
	{ GL_RG32I, VK_FORMAT_R32G32_SINT, 8 }, { GL_RG8UI, VK_FORMAT_R8G8_UINT, 2 },
	{ GL_RG16UI, VK_FORMAT_R16G16_UINT, 4 }, { GL_RG32UI, VK_FORMAT_R32G32_UINT, 8 },
	{ GL_RGB32F, VK_FORMAT_R32G32B32_SFLOAT, 12 }, { GL_RGB32I, VK_FORMAT_R32G32B32_SINT, 12 },
	{ GL_RGB32UI, VK_FORMAT_R32G32B32_UINT, 12 }, { GL_RGBA8, VK_FORMAT_R8G8B8A8_UNORM, 4 },
	{ GL_RGBA16F, VK_FORMAT_R16G16B16A16_SFLOAT, 8 },
	{ GL_RGBA32F, VK_FORMAT_R32G32B32A32_SFLOAT, 16 },
	{ GL_RGBA8I, VK_FORMAT_R8G8B8A8_SINT, 4 }, { GL_RGBA16I, VK_FORMAT_R16G16B16A16_SINT, 8 },
	{ GL_RGBA32I, VK_FORMAT_R32G32B32A32_SINT, 16 },
	{ GL_RGBA8UI, VK_FORMAT_R8G8B8A8_UINT, 4 }, { GL_RGBA16UI, VK_FORMAT_R16G16B16A16_UINT, 8 },
	{ GL_RGBA32UI, VK_FORMAT_R32G32B32A32_UINT, 16 },
};

/* The image unit format that is none of them (glTexBuffer refuses it). */
static const struct tb_format image_only = { GL_RGBA8_SNORM, VK_FORMAT_R8G8B8A8_SNORM, 4 };

/* A buffer texture with no format given yet reads R8 (ES 3.2 table 21.10). */
#define DEFAULT_FORMAT GL_R8

static const struct tb_format *format_row(GLenum gl)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (formats[i].gl == gl)
			return &formats[i];
	return NULL;
}

bool vgl_texture_buffer_type(GLenum type)
{
	switch (type) {
	case GL_SAMPLER_BUFFER_EXT: case GL_INT_SAMPLER_BUFFER_EXT:
	case GL_UNSIGNED_INT_SAMPLER_BUFFER_EXT: case GL_IMAGE_BUFFER_EXT:
	case GL_INT_IMAGE_BUFFER_EXT: case GL_UNSIGNED_INT_IMAGE_BUFFER_EXT:
		return true;
	default:
		return false;
	}
}

/* ---- views, kept with the storage they read ------------------------------------------- */

struct vgl_storage_view {
	VkFormat format;
	VkDeviceSize offset, size;
	VkBufferView view;
};

static VkBufferView make_view(struct vgl_storage *s, VkFormat format, VkDeviceSize offset,
			      VkDeviceSize size)
{
	struct vgl_storage_view *grown = realloc(s->views, (s->nr_views + 1) * sizeof(*grown));
	VkBufferView v = VK_NULL_HANDLE;

	if (!grown)
		return VK_NULL_HANDLE;
	s->views = grown;
	if (vvk_CreateBufferView(s->dev->dev, &(VkBufferViewCreateInfo){
		    .sType = VK_STRUCTURE_TYPE_BUFFER_VIEW_CREATE_INFO, .buffer = s->buf,
		    .format = format, .offset = offset, .range = size }, NULL, &v) != VK_SUCCESS)
		return VK_NULL_HANDLE;
	s->views[s->nr_views++] = (struct vgl_storage_view){ format, offset, size, v };
	return v;
}

VkBufferView vgl_storage_view(struct vgl_storage *s, VkFormat format, VkDeviceSize offset,
			      VkDeviceSize size)
{
	VkBufferView v = VK_NULL_HANDLE;

	pthread_mutex_lock(&s->views_lock);
	for (uint32_t i = 0; i < s->nr_views && !v; i++) {
		const struct vgl_storage_view *w = &s->views[i];

		if (w->format == format && w->offset == offset && w->size == size)
			v = w->view;
	}
	if (!v)
		v = make_view(s, format, offset, size);
	pthread_mutex_unlock(&s->views_lock);
	return v;
}

void vgl_storage_views_destroy(struct vgl_storage *s)
{
	for (uint32_t i = 0; i < s->nr_views; i++)
		vvk_DestroyBufferView(s->dev->dev, s->views[i].view, NULL);
	free(s->views);
	s->views = NULL;
	s->nr_views = 0;
}

/* ---- what a draw reads ---------------------------------------------------------------- */

/* The bytes the texture reads now: its range cut to the buffer's current
 * size (glBufferData may have shrunk it), to whole texels and to the
 * host's texel limit; false: none. */
static bool texture_range(const struct vgl_context *ctx, const struct vgl_texture *t,
			  uint32_t texel, VkDeviceSize *offset, VkDeviceSize *size)
{
	const struct vgl_buffer *b = t->buffer;
	VkDeviceSize max = (VkDeviceSize)ctx->dev->props.limits.maxTexelBufferElements * texel;

	if (!b || !b->storage || t->buffer_offset >= b->size)
		return false;
	*offset = (VkDeviceSize)t->buffer_offset;
	*size = (VkDeviceSize)(b->size - t->buffer_offset);
	if (t->buffer_size && (VkDeviceSize)t->buffer_size < *size)
		*size = (VkDeviceSize)t->buffer_size;
	*size -= *size % texel;
	if (*size > max)
		*size = max;
	return *size > 0;
}

/* An image unit's format: the table's, or the image-only one. */
static const struct tb_format *unit_format_row(GLenum format)
{
	return format == image_only.gl ? &image_only : format_row(format);
}

VkBufferView vgl_texture_buffer_view(struct vgl_context *ctx, struct vgl_texture *t,
				     GLenum format, bool write)
{
	const struct tb_format *own = t ? format_row(t->buffer_format) : NULL;
	const struct tb_format *f = format ? unit_format_row(format) : own;
	struct vgl_storage *s;
	VkDeviceSize offset, size;
	VkBufferView v;

	/* an image unit's format reads the texels' bits: same size only */
	if (!own || !f || f->bytes != own->bytes || t->target != GL_TEXTURE_BUFFER_EXT ||
	    !texture_range(ctx, t, f->bytes, &offset, &size))
		return VK_NULL_HANDLE;
	s = t->buffer->storage;
	v = vgl_storage_view(s, f->vk, offset, size);
	if (!v)
		return VK_NULL_HANDLE;
	vgl_batch_use(ctx, &s->obj);
	if (write)
		vgl_storage_gpu_writes(s, offset, size);
	return v;
}

VkBufferView vgl_texture_buffer_descriptor(struct vgl_context *ctx, GLint unit)
{
	struct vgl_texture_state *ts = vgl_texture_state(ctx);

	if (!ts || unit < 0 || unit >= VGL_MAX_TEXTURE_UNITS)
		return VK_NULL_HANDLE;
	return vgl_texture_buffer_view(ctx, ts->units[unit][VGL_TEX_BUFFER], 0, false);
}

/* ---- glTexBuffer(Range) ----------------------------------------------------------------- */

/* EXT_texture_buffer's errors of both calls but the range's; the buffer
 * object (NULL for 0) in *out. */
static GLenum attach_error(struct vgl_context *ctx, GLenum target, GLenum format, GLuint buffer,
			   struct vgl_buffer **out)
{
	*out = NULL;
	if (target != GL_TEXTURE_BUFFER_EXT || !vgl_ext_on(ctx, VGL_EXT_EXT_texture_buffer))
		return GL_INVALID_ENUM;
	if (!format_row(format))
		return GL_INVALID_ENUM;
	/* a name glGenBuffers reserved but no bind made is no object yet */
	if (buffer && !(*out = vgl_names_lookup(&ctx->share->buffers, &ctx->share->lock, buffer)))
		return GL_INVALID_OPERATION;
	return GL_NO_ERROR;
}

/* glTexBufferRange's range errors: checked arithmetic, the host's alignment. */
static GLenum range_error(const struct vgl_context *ctx, const struct vgl_buffer *b,
			  GLintptr offset, GLsizeiptr size)
{
	VkDeviceSize align = ctx->dev->props.limits.minTexelBufferOffsetAlignment;

	if (offset < 0 || size <= 0 || offset > b->size || size > b->size - offset)
		return GL_INVALID_VALUE;
	return align && (VkDeviceSize)offset % align ? GL_INVALID_VALUE : GL_NO_ERROR;
}

static void attach(struct vgl_context *ctx, GLenum format, struct vgl_buffer *b,
		   GLintptr offset, GLsizeiptr size)
{
	struct vgl_texture *t = vgl_texture_bound(ctx, GL_TEXTURE_BUFFER_EXT);

	if (!t)
		return;
	vgl_buffer_ref(b);
	vgl_buffer_unref(t->buffer);
	t->buffer = b;
	t->buffer_format = format;
	t->buffer_offset = b ? offset : 0;
	t->buffer_size = b ? size : 0;
	vgl_texture_changed(t);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

/* Both calls: range false for glTexBuffer (all of the buffer, no range checks). */
static void tex_buffer(GLenum target, GLenum format, GLuint buffer, GLintptr offset,
		       GLsizeiptr size, bool range)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_buffer *b;
	GLenum err;

	if (!vgl_es31_call(ctx))
		return;
	err = attach_error(ctx, target, format, buffer, &b);
	if (err == GL_NO_ERROR && b && range)
		err = range_error(ctx, b, offset, size);
	if (err != GL_NO_ERROR) {
		vgl_error(ctx, err);
		return;
	}
	attach(ctx, format, b, offset, size);
}

static void GL_APIENTRY vgl_TexBufferEXT(GLenum target, GLenum internalformat, GLuint buffer)
{
	tex_buffer(target, internalformat, buffer, 0, 0, false);
}

static void GL_APIENTRY vgl_TexBufferRangeEXT(GLenum target, GLenum internalformat,
					      GLuint buffer, GLintptr offset, GLsizeiptr size)
{
	tex_buffer(target, internalformat, buffer, offset, size, true);
}

/* ---- queries ---------------------------------------------------------------------------- */

/* The range's size as GL reports it: glTexBuffer's is the buffer's size now. */
static GLsizeiptr reported_size(const struct vgl_texture *t)
{
	if (!t->buffer)
		return 0;
	return t->buffer_size ? t->buffer_size : t->buffer->size;
}

/* The format's part of the level answer (sizes and types of its channels). */
static bool format_value(const struct vgl_texture *t, GLenum pname, GLint *v)
{
	static const GLenum sizes[] = { GL_TEXTURE_RED_SIZE, GL_TEXTURE_GREEN_SIZE,
		GL_TEXTURE_BLUE_SIZE, GL_TEXTURE_ALPHA_SIZE, GL_TEXTURE_DEPTH_SIZE,
		GL_TEXTURE_STENCIL_SIZE };
	static const GLenum types[] = { GL_TEXTURE_RED_TYPE, GL_TEXTURE_GREEN_TYPE,
		GL_TEXTURE_BLUE_TYPE, GL_TEXTURE_ALPHA_TYPE, GL_TEXTURE_DEPTH_TYPE };
	const struct vgl_pixel_format *f = t->buffer ? vgl_pixel_sized(t->buffer_format) : NULL;

	for (unsigned c = 0; c < 6; c++) {
		if (pname == sizes[c]) {
			*v = f ? f->bits[c] : 0;
			return true;
		}
		if (c < 5 && pname == types[c]) {
			*v = f && f->bits[c] ? (GLint)vgl_pixel_component_type(f) : GL_NONE;
			return true;
		}
	}
	return false;
}

bool vgl_texture_buffer_level_value(const struct vgl_texture *t, GLenum pname, GLint *v)
{
	GLenum format = t->buffer_format ? t->buffer_format : DEFAULT_FORMAT;
	const struct tb_format *f = format_row(format);
	GLsizeiptr texels = f ? reported_size(t) / f->bytes : 0;

	switch (pname) {
	case GL_TEXTURE_BUFFER_DATA_STORE_BINDING_EXT:
		*v = t->buffer ? (GLint)t->buffer->name : 0;
		return true;
	case GL_TEXTURE_BUFFER_OFFSET_EXT: *v = (GLint)t->buffer_offset; return true;
	case GL_TEXTURE_BUFFER_SIZE_EXT: *v = (GLint)reported_size(t); return true;
	case GL_TEXTURE_WIDTH: *v = (GLint)texels; return true;
	case GL_TEXTURE_HEIGHT: case GL_TEXTURE_DEPTH: *v = t->buffer ? 1 : 0; return true;
	case GL_TEXTURE_INTERNAL_FORMAT: *v = (GLint)(f ? f->gl : DEFAULT_FORMAT); return true;
	case GL_TEXTURE_SAMPLES: case GL_TEXTURE_SHARED_SIZE: case GL_TEXTURE_COMPRESSED:
		*v = 0;
		return true;
	case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS: *v = GL_TRUE; return true;
	default: return format_value(t, pname, v);
	}
}

bool vgl_texture_buffer_get(struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	const struct vgl_texture_state *ts = ctx->tex;
	const struct vgl_texture *t = ts ? ts->units[ts->active][VGL_TEX_BUFFER] : NULL;

	if (!vgl_ext_on(ctx, VGL_EXT_EXT_texture_buffer))
		return false;
	switch (pname) {
	/* GL_TEXTURE_BUFFER_BINDING is GL_TEXTURE_BUFFER: the buffer target's binding */
	case GL_TEXTURE_BUFFER_BINDING_EXT:
		*out = ctx->texture_buffer ? ctx->texture_buffer->name : 0;
		return true;
	case GL_TEXTURE_BINDING_BUFFER_EXT: *out = t ? t->name : 0; return true;
	case GL_MAX_TEXTURE_BUFFER_SIZE_EXT:
		*out = ctx->dev->props.limits.maxTexelBufferElements;
		return true;
	case GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT_EXT:
		*out = (GLint64)ctx->dev->props.limits.minTexelBufferOffsetAlignment;
		return true;
	}
	return false;
}

const struct vgl_proc vgl_texture_buffer_procs[] = {
	VGL_PROC(TexBufferEXT), VGL_PROC(TexBufferRangeEXT),
	{ "glTexBufferOES", (void *)vgl_TexBufferEXT },
	{ "glTexBufferRangeOES", (void *)vgl_TexBufferRangeEXT },
	{ NULL, NULL },
};
