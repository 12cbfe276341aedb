/* SPDX-License-Identifier: MIT */
/*
 * What glTex*Image* and glCompressedTex*Image* calls share
 * (vgl_texture_image.c, vgl_texture_compressed.c): their arguments and the
 * checks of target, level and size (ES 3.0 §3.8.3, ES 2.0 §3.7.1).
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

struct vgl_context;
struct vgl_texture;
struct vgl_tex_storage;
struct vgl_pixel_format;
struct vgl_upload;

/* What a glTex*Image* call names: the image and the texture it belongs to. */
struct image_args {
	GLenum target;
	GLint level;
	GLsizei width, height, depth;
	bool three_d;              /* a glTex*Image3D call */
	struct vgl_texture *tex;
	uint32_t face;
	bool sub;                  /* a glTexSubImage* call: any rectangle of a face */
};

/* Target, level and size; a->tex set on success (the GL error raised otherwise). */
bool vgl_tex_image_check(struct vgl_context *ctx, struct image_args *a);
/* The texture target of an image target (and the cube face); false: invalid. */
bool vgl_tex_image_target(const struct vgl_context *ctx, struct image_args *a, GLenum *tt);
/* The pixel format glTexStorage* gives a sized internal format (ES 3.0's
 * and the context's extensions'); NULL: none. */
const struct vgl_pixel_format *vgl_tex_storage_format(const struct vgl_context *ctx,
						     GLenum internalformat);
/* Whether a call brings data: a client pointer, or any offset into a buffer. */
bool vgl_tex_image_has_data(const struct vgl_context *ctx, const void *pixels);
/* ES 2.0 §3.7.1 (without OES_texture_npot): a level above 0 must be a power of two. */
bool vgl_tex_image_npot_ok(const struct vgl_context *ctx, const struct image_args *a);
/* Whether an internal format is a compressed one (ETC1, ETC2/EAC) (vgl_texture_compressed.c). */
bool vgl_tex_compressed(GLenum internal);
/* Whether the context makes 3D textures of the compressed format: ASTC
 * with KHR_texture_compression_astc_sliced_3d (ES 3.0's ETC2/EAC: none). */
bool vgl_tex_compressed_3d(const struct vgl_context *ctx, GLenum internal);
/* Decodes at->width x height x depth texels of `blocks` (internal's blocks,
 * layer after layer) into the storage's format f and records their upload
 * at (x, y, layer) (vgl_texture_compressed.c). */
void vgl_tex_compressed_upload(struct vgl_context *ctx, struct vgl_tex_storage *s, GLenum internal,
			       const struct vgl_pixel_format *f, const struct vgl_upload *at,
			       const void *blocks);
