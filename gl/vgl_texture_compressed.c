/* SPDX-License-Identifier: MIT */
/*
 * Compressed texture images: glCompressedTex(Sub)Image2D/3D. The formats
 * are ETC1 (OES_compressed_ETC1_RGB8_texture) and ES 3.0's ETC2/EAC; the
 * host samples none of them, so blocks are decoded on the CPU into the
 * uncompressed format vgl_etc1.h / vgl_etc2.h name and uploaded as such.
 * KHR_texture_compression_astc_ldr's ASTC formats are handled the same way
 * (vgl_astc.h). ETC1 images cannot be updated in part (its extension);
 * ETC2/EAC and ASTC ones can, in whole blocks (ES 3.0 §3.8.5).
 */
#include <stdlib.h>

#include "vgl_astc.h"
#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_etc1.h"
#include "vgl_etc2.h"
#include "vgl_extensions.h"
#include "vgl_pbo.h"
#include "vgl_procs.h"
#include "vgl_texture.h"
#include "vgl_texture_blocks.h"
#include "vgl_texture_image.h"

bool vgl_tex_compressed(GLenum internal)
{
	return internal == GL_ETC1_RGB8_OES || vgl_etc2_format(internal) || vgl_astc_format(internal);
}

bool vgl_tex_compressed_3d(const struct vgl_context *ctx, GLenum internal)
{
	return vgl_astc_format(internal) &&
	       vgl_ext_on(ctx, VGL_EXT_KHR_texture_compression_astc_sliced_3d);
}

/* The stored format of a compressed format the context takes; NULL: none. */
static const struct vgl_pixel_format *compressed_format(const struct vgl_context *ctx,
							GLenum internal)
{
	if (internal == GL_ETC1_RGB8_OES)
		return vgl_ext_on(ctx, VGL_EXT_OES_compressed_ETC1_RGB8_texture) ? vgl_etc1_format()
										 : NULL;
	if (vgl_astc_format(internal))
		return vgl_ext_on(ctx, VGL_EXT_KHR_texture_compression_astc_ldr)
			       ? vgl_astc_format(internal) : NULL;
	return ctx->major >= 3 ? vgl_etc2_format(internal) : NULL;
}

/* Bytes of w x h x d texels (d layers of whole blocks). */
static size_t image_size(GLenum internal, uint32_t w, uint32_t h, uint32_t d)
{
	size_t layer = internal == GL_ETC1_RGB8_OES ? vgl_etc1_size(w, h)
		       : vgl_astc_format(internal) ? vgl_astc_size(internal, w, h)
						   : vgl_etc2_size(internal, w, h);

	return layer * d;
}

static void decode(GLenum internal, const uint8_t *src, uint32_t w, uint32_t h, uint8_t *dst)
{
	if (internal == GL_ETC1_RGB8_OES)
		vgl_etc1_decode(src, w, h, dst);
	else if (vgl_astc_format(internal))
		vgl_astc_decode(internal, src, w, h, dst);
	else
		vgl_etc2_decode(internal, src, w, h, dst);
}

/* ES 3.0 §3.8.5's errors of compressed data in a bound unpack buffer:
 * the buffer mapped, or the data past its end. */
static bool unpack_ok(struct vgl_context *ctx, const void *data, GLsizei size)
{
	if (!ctx->pixel_unpack_buffer)
		return true;
	return vgl_pbo_access_ok(ctx, ctx->pixel_unpack_buffer, (uintptr_t)data, true,
				 &(struct vgl_pixel_layout){ .span = (uint64_t)size }, 1);
}

/* The compressed bytes: client memory, or the unpack buffer's CPU copy at
 * the offset `data`, made current. */
static const void *source(struct vgl_context *ctx, const void *data, size_t size)
{
	struct vgl_buffer *b = ctx->pixel_unpack_buffer;

	if (!b)
		return data;
	return vgl_buffer_cpu_access(ctx, b, (GLintptr)(uintptr_t)data, (GLsizeiptr)size,
				     GL_MAP_READ_BIT);
}

void vgl_tex_compressed_upload(struct vgl_context *ctx, struct vgl_tex_storage *s, GLenum internal,
			       const struct vgl_pixel_format *f, const struct vgl_upload *at,
			       const void *blocks)
{
	size_t layer_in = image_size(internal, at->width, at->height, 1);
	size_t layer_out = (size_t)at->width * at->height * f->dst_bpp;
	struct vgl_upload up = *at;
	uint8_t *texels = malloc(layer_out * at->depth);

	if (!texels) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	for (uint32_t z = 0; z < at->depth; z++)
		decode(internal, (const uint8_t *)blocks + z * layer_in, at->width, at->height,
		       texels + z * layer_out);
	up.fmt = f;
	up.pixels = texels;
	up.stride = (size_t)at->width * f->dst_bpp;
	up.image_stride = layer_out;
	vgl_tex_storage_upload(ctx, s, &up);
	free(texels);
}

/* Where an upload's blocks go in the texture: its face, the region's
 * first layer z (array layers) and the region at (x, y). */
struct block_dst {
	struct vgl_texture *t;
	uint32_t face;
	GLint z;
};

/* Keeps the blocks (vgl_texture_blocks.h), decodes and uploads them at
 * (x, y, layer). */
static void decode_upload(struct vgl_context *ctx, struct vgl_tex_storage *s, GLenum internal,
			  const struct vgl_pixel_format *f, const struct vgl_upload *at,
			  const struct block_dst *bd, const void *data)
{
	struct vgl_block_box box = vgl_tex_block_box(internal, at->x, at->y, bd->z, at->width,
						     at->height, at->depth);

	data = source(ctx, data, image_size(internal, at->width, at->height, at->depth));
	if (!data)
		return;
	if (vgl_tex_block_bytes(internal) &&
	    !vgl_tex_blocks_write(bd->t, bd->face, at->level, &box, data)) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	vgl_tex_compressed_upload(ctx, s, internal, f, at, data);
}

/* ---- glCompressedTexImage2D / 3D ----------------------------------------------------------- */

static GLenum image_error(struct vgl_context *ctx, const struct image_args *a, GLenum internal,
			  GLint border, GLsizei size)
{
	if (!compressed_format(ctx, internal))
		return GL_INVALID_ENUM;
	/* ES 3.0: ETC2/EAC make 2D, cube and 2D array textures, no 3D ones;
	 * cube map arrays too (EXT_texture_cube_map_array). ASTC the same, and
	 * 3D ones with the sliced-3D extension (KHR_texture_compression_astc_ldr) */
	if (a->three_d && a->target != GL_TEXTURE_2D_ARRAY &&
	    a->target != GL_TEXTURE_CUBE_MAP_ARRAY_EXT &&
	    !(a->target == GL_TEXTURE_3D && vgl_tex_compressed_3d(ctx, internal)))
		return GL_INVALID_OPERATION;
	if (border != 0 || !vgl_tex_image_npot_ok(ctx, a) || size < 0 ||
	    (size_t)size != image_size(internal, (uint32_t)a->width, (uint32_t)a->height,
				       (uint32_t)a->depth))
		return GL_INVALID_VALUE;
	return a->tex->immutable ? GL_INVALID_OPERATION : GL_NO_ERROR;
}

static void compressed_image(struct image_args *a, GLenum internal, GLint border, GLsizei size,
			     const void *data)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_pixel_format *f;
	struct vgl_tex_storage *s;
	GLenum err;

	if (!ctx || !vgl_tex_image_check(ctx, a))
		return;
	err = image_error(ctx, a, internal, border, size);
	if (err != GL_NO_ERROR) {
		vgl_error(ctx, err);
		return;
	}
	if (!unpack_ok(ctx, data, size))
		return;
	f = compressed_format(ctx, internal);
	s = vgl_texture_define(ctx, a->tex, a->face, (uint32_t)a->level, &(struct vgl_tex_level){
		.width = a->width, .height = a->height, .depth = a->depth,
		.internal_format = internal, .fmt = f });
	if (s && vgl_tex_image_has_data(ctx, data))
		decode_upload(ctx, s, internal, f, &(struct vgl_upload){
			.level = (uint32_t)a->level, .layer = a->face, .width = (uint32_t)a->width,
			.height = (uint32_t)a->height, .depth = (uint32_t)a->depth },
			&(struct block_dst){ a->tex, a->face, 0 }, data);
}

static void GL_APIENTRY vgl_CompressedTexImage2D(GLenum target, GLint level, GLenum internalformat,
						 GLsizei width, GLsizei height, GLint border,
						 GLsizei size, const void *data)
{
	struct image_args a = { target, level, width, height, 1, false, NULL, 0, false };

	compressed_image(&a, internalformat, border, size, data);
}

static void GL_APIENTRY vgl_CompressedTexImage3D(GLenum target, GLint level, GLenum internalformat,
						 GLsizei width, GLsizei height, GLsizei depth,
						 GLint border, GLsizei size, const void *data)
{
	struct image_args a = { target, level, width, height, depth, true, NULL, 0, false };

	compressed_image(&a, internalformat, border, size, data);
}

/* ---- glCompressedTexSubImage2D / 3D -------------------------------------------------------- */

/* Whole blocks (4x4, or the ASTC format's footprint): offsets on block
 * edges, sizes whole blocks unless they end at the edge. */
static bool block_aligned(const struct vgl_tex_level *lv, const GLint off[3],
			  const struct image_args *a)
{
	uint32_t bw, bh;

	vgl_astc_block_size(lv->internal_format, &bw, &bh);
	return off[0] % (GLint)bw == 0 && off[1] % (GLint)bh == 0 &&
	       (a->width % (GLint)bw == 0 || off[0] + a->width == lv->width) &&
	       (a->height % (GLint)bh == 0 || off[1] + a->height == lv->height);
}

static GLenum sub_error(struct vgl_context *ctx, const struct vgl_tex_level *lv,
			const GLint off[3], const struct image_args *a, GLenum format,
			GLsizei size)
{
	if (!compressed_format(ctx, format))
		return GL_INVALID_ENUM;
	/* ETC1 takes no partial updates; the data must be the level's format */
	if (format == GL_ETC1_RGB8_OES || !lv->width || lv->internal_format != format)
		return GL_INVALID_OPERATION;
	if (!vgl_tex_region_ok(lv, off, a->width, a->height, a->depth))
		return GL_INVALID_VALUE;
	if (!block_aligned(lv, off, a))
		return GL_INVALID_OPERATION;
	if (size < 0 || (size_t)size != image_size(format, (uint32_t)a->width, (uint32_t)a->height,
						   (uint32_t)a->depth))
		return GL_INVALID_VALUE;
	return GL_NO_ERROR;
}

static void compressed_sub_image(struct image_args *a, const GLint off[3], GLenum format,
				 GLsizei size, const void *data)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_tex_level *lv;
	struct vgl_tex_storage *s;
	GLenum err;

	if (!ctx || !vgl_tex_image_check(ctx, a))
		return;
	lv = &a->tex->level[a->face][a->level];
	err = sub_error(ctx, lv, off, a, format, size);
	if (err != GL_NO_ERROR) {
		vgl_error(ctx, err);
		return;
	}
	if (!unpack_ok(ctx, data, size))
		return;
	s = vgl_texture_level_storage(ctx, a->tex, a->face, (uint32_t)a->level);
	if (s && vgl_tex_image_has_data(ctx, data) && a->width && a->height && a->depth)
		decode_upload(ctx, s, format, lv->fmt, &(struct vgl_upload){
			.level = (uint32_t)a->level, .layer = a->face + (uint32_t)off[2], .x = off[0],
			.y = off[1], .width = (uint32_t)a->width, .height = (uint32_t)a->height,
			.depth = (uint32_t)a->depth }, &(struct block_dst){ a->tex, a->face, off[2] },
			data);
}

static void GL_APIENTRY vgl_CompressedTexSubImage2D(GLenum target, GLint level, GLint x, GLint y,
						    GLsizei width, GLsizei height, GLenum format,
						    GLsizei size, const void *data)
{
	struct image_args a = { target, level, width, height, 1, false, NULL, 0, true };

	compressed_sub_image(&a, (const GLint[]){ x, y, 0 }, format, size, data);
}

static void GL_APIENTRY vgl_CompressedTexSubImage3D(GLenum target, GLint level, GLint x, GLint y,
						    GLint z, GLsizei width, GLsizei height,
						    GLsizei depth, GLenum format, GLsizei size,
						    const void *data)
{
	struct image_args a = { target, level, width, height, depth, true, NULL, 0, true };

	compressed_sub_image(&a, (const GLint[]){ x, y, z }, format, size, data);
}

const struct vgl_proc vgl_texture_compressed_procs[] = {
	VGL_PROC(CompressedTexImage2D), VGL_PROC(CompressedTexSubImage2D),
	VGL_PROC(CompressedTexImage3D), VGL_PROC(CompressedTexSubImage3D),
	{ NULL, NULL },
};
