/* SPDX-License-Identifier: MIT */
/*
 * Defining texture images: glTex(Sub)Image2D/3D and glTexStorage2D/3D
 * (compressed images: vgl_texture_compressed.c).
 * Where a level's data lives is vgl_texture_level_storage's call (vgl_texture.h).
 */
#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_buffer.h"
#include "vgl_astc.h"
#include "vgl_etc2.h"
#include "vgl_extensions.h"
#include "vgl_pbo.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_texture.h"
#include "vgl_texture_image.h"
#include "vdrm_resource.h"

static uint32_t chain_levels(uint32_t w, uint32_t h)
{
	uint32_t m = w > h ? w : h, l = 1;

	while (m >>= 1)
		l++;
	return l;
}

static bool fits(const struct vgl_tex_storage *s, const struct vgl_tex_level *lv, uint32_t level)
{
	return s && level < s->levels && lv->fmt->vk == s->format &&
	       (uint32_t)lv->width == vgl_tex_level_size(s->width, level) &&
	       (uint32_t)lv->height == vgl_tex_level_size(s->height, level) &&
	       (uint32_t)lv->depth == vgl_tex_storage_level_depth(s, level);
}


/* Copies one level (all its slices, one layer at a time) between storages. */
static void copy_level(VkCommandBuffer cmd, struct vgl_tex_storage *old, struct vgl_tex_storage *s,
		       const struct vgl_tex_level *lv, uint32_t level, uint32_t face)
{
	uint32_t layers = s->array ? s->layers : 1;
	VkImageAspectFlags a = s->aspects & ~VK_IMAGE_ASPECT_STENCIL_BIT;

	for (uint32_t k = 0; k < layers; k++)
		vvk_CmdCopyImage(cmd, old->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, s->image,
				 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &(VkImageCopy){
			.srcSubresource = { a, vgl_tex_storage_vk_level(old, level), face + k, 1 },
			.dstSubresource = { a, level, face + k, 1 },
			.extent = { (uint32_t)lv->width, (uint32_t)lv->height,
				    s->is_3d ? (uint32_t)lv->depth : 1 } });
}

/* Copies the levels of the old storage that the new one also holds. */
static void keep_levels(struct vgl_context *ctx, struct vgl_texture *t,
			struct vgl_tex_storage *old, struct vgl_tex_storage *s)
{
	uint32_t faces = t->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
	VkCommandBuffer cmd;

	if (!old || !old->written || !(cmd = vgl_batch_cmd(ctx)))
		return;
	vgl_batch_end_rendering(ctx);
	for (uint32_t f = 0; f < faces; f++)
		for (uint32_t l = 0; l < VGL_MAX_LEVELS; l++) {
			const struct vgl_tex_level *lv = &t->level[f][l];

			if (!lv->width || !fits(old, lv, l) || !fits(s, lv, l))
				continue;
			copy_level(cmd, old, s, lv, l, f);
			s->written = true;
		}
	vgl_batch_use(ctx, &old->obj);
	vgl_batch_use(ctx, &s->obj);
}

/* The storage a level implies: the full chain of the level-0 size it has. */
static struct vgl_tex_storage_info implied_storage(const struct vgl_texture *t,
						  const struct vgl_tex_level *lv, uint32_t level)
{
	struct vgl_tex_storage_info i = {
		.format = lv->fmt->vk, .width = (uint32_t)lv->width << level,
		.height = (uint32_t)lv->height << level,
		.cube = t->target == GL_TEXTURE_CUBE_MAP || t->target == GL_TEXTURE_CUBE_MAP_ARRAY_EXT };

	if (t->target == GL_TEXTURE_3D)
		i.depth = (uint32_t)lv->depth << level;
	if (t->target == GL_TEXTURE_2D_ARRAY || t->target == GL_TEXTURE_CUBE_MAP_ARRAY_EXT)
		i.layers = (uint32_t)lv->depth;
	i.levels = chain_levels(i.width, i.height > i.depth ? i.height : i.depth);
	/* a deep 3D texture: the host counts levels by width and height */
	if (i.levels > vdrm_resource_host_last_level(i.width, i.height) + 1)
		i.levels = vdrm_resource_host_last_level(i.width, i.height) + 1;
	return i;
}

struct vgl_tex_storage *vgl_texture_level_storage(struct vgl_context *ctx, struct vgl_texture *t,
						  uint32_t face, uint32_t level)
{
	const struct vgl_tex_level *lv = &t->level[face][level];
	/* GL lets the base level be any number; past the last there is none */
	const struct vgl_tex_level *base = t->params.base_level < VGL_MAX_LEVELS ?
					   &t->level[0][t->params.base_level] : NULL;
	struct vgl_tex_storage_info info;
	struct vgl_tex_storage *s;

	if (fits(t->storage, lv, level))
		return t->storage;
	/* a level that disagrees with a stored base only makes the texture incomplete */
	if (t->immutable || (t->storage && base && level != (uint32_t)t->params.base_level &&
			     base->width && fits(t->storage, base, (uint32_t)t->params.base_level)))
		return NULL;
	info = implied_storage(t, lv, level);
	s = vgl_tex_storage_create(ctx->dev, &info);
	if (!s) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return NULL;
	}
	vgl_tex_storage_fill_alpha(ctx, s, lv->fmt);
	keep_levels(ctx, t, t->storage, s);
	vgl_tex_storage_unref(t->storage);
	t->storage = s;
	vgl_texture_changed(t);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
	return s;
}

bool vgl_texture_level_stored(const struct vgl_texture *t, uint32_t face, uint32_t level)
{
	return level < VGL_MAX_LEVELS && t->level[face][level].width &&
	       fits(t->storage, &t->level[face][level], level);
}

struct vgl_tex_storage *vgl_texture_define(struct vgl_context *ctx, struct vgl_texture *t,
					   uint32_t face, uint32_t level,
					   const struct vgl_tex_level *spec)
{
	t->level[face][level] = *spec;
	vgl_texture_changed(t);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
	if (!spec->width || !spec->height || !spec->depth)
		return NULL;
	return vgl_texture_level_storage(ctx, t, face, level);
}

/* ---- argument checks (ES 3.0 §3.8.3, ES 2.0 §3.7.1) -------------------------------------- */

/* A cube map's faces are square; a cube map array's layers are whole cubes
 * (EXT_texture_cube_map_array: INVALID_VALUE otherwise). */
static bool cube_shape_ok(GLenum tt, const struct image_args *a)
{
	bool cube = tt == GL_TEXTURE_CUBE_MAP || tt == GL_TEXTURE_CUBE_MAP_ARRAY_EXT;

	if (!cube || a->sub)
		return true;
	return a->width == a->height && (tt == GL_TEXTURE_CUBE_MAP || a->depth % 6 == 0);
}

static bool dims_ok(const struct vgl_context *ctx, GLenum tt, const struct image_args *a)
{
	const VkPhysicalDeviceLimits *l = &ctx->dev->props.limits;
	bool cube = tt == GL_TEXTURE_CUBE_MAP || tt == GL_TEXTURE_CUBE_MAP_ARRAY_EXT;
	uint32_t max = cube ? l->maxImageDimensionCube
		       : tt == GL_TEXTURE_3D ? l->maxImageDimension3D : l->maxImageDimension2D;
	uint32_t max_d;

	if (a->level < 0 || a->level >= VGL_MAX_LEVELS)
		return false;
	max_d = tt == GL_TEXTURE_3D ? max >> a->level
		: tt == GL_TEXTURE_2D_ARRAY || tt == GL_TEXTURE_CUBE_MAP_ARRAY_EXT ? l->maxImageArrayLayers
									  : 1;
	return (1u << a->level) <= max && a->width >= 0 && a->height >= 0 && a->depth >= 0 &&
	       (uint32_t)a->width <= (max >> a->level) && (uint32_t)a->height <= (max >> a->level) &&
	       (uint32_t)a->depth <= max_d && cube_shape_ok(tt, a);
}

/* The texture target of an image target (and the cube face); false: invalid. */
bool vgl_tex_image_target(const struct vgl_context *ctx, struct image_args *a, GLenum *tt)
{
	if (!a->three_d)
		return vgl_texture_face(a->target, tt, &a->face);
	a->face = 0;
	*tt = a->target;
	if (a->target == GL_TEXTURE_CUBE_MAP_ARRAY_EXT)
		return vgl_ext_on(ctx, VGL_EXT_EXT_texture_cube_map_array);
	return ctx->major >= 3 && (a->target == GL_TEXTURE_3D || a->target == GL_TEXTURE_2D_ARRAY);
}

/* Target, level and size; a->tex set on success. */
bool vgl_tex_image_check(struct vgl_context *ctx, struct image_args *a)
{
	GLenum tt;

	if (!vgl_tex_image_target(ctx, a, &tt)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return false;
	}
	if (!dims_ok(ctx, tt, a)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return false;
	}
	a->tex = vgl_texture_bound(ctx, tt);
	return a->tex != NULL;
}

/* The client's rows and images as the unpack state lays them out (ES 3.0
 * §3.7.2; image height and skipped images only for the 3D calls). With an
 * unpack buffer bound, `pixels` is an offset into it (vgl_pbo.h). */
static struct vgl_upload unpack(const struct vgl_context *ctx, const struct vgl_pixel_format *f,
				const struct image_args *a, const void *pixels)
{
	struct vgl_pixel_store ps = vgl_unpack_store(&ctx->st, a->three_d);
	struct vgl_pixel_layout l;
	struct vgl_upload up;

	/* with a buffer, unpack_ok checked it; client memory is the caller's word */
	vgl_pixel_layout(&ps, f->src_bpp, (uint32_t)a->width, (uint32_t)a->height,
			 (uint32_t)a->depth, &l);
	up = (struct vgl_upload){
		.level = (uint32_t)a->level, .layer = a->face, .width = (uint32_t)a->width,
		.height = (uint32_t)a->height, .depth = (uint32_t)a->depth, .fmt = f,
		.stride = (size_t)l.stride, .image_stride = (size_t)l.image_stride,
		.pbo = ctx->pixel_unpack_buffer, .span = l.span };
	if (up.pbo)
		up.offset = (uintptr_t)pixels + l.skip;
	else if (pixels)
		up.pixels = (const uint8_t *)pixels + l.skip;
	return up;
}

/* ES 3.0 §3.7.1's errors of data in a bound unpack buffer (none without). */
static bool unpack_ok(struct vgl_context *ctx, const struct vgl_pixel_format *f, GLenum type,
		      const struct image_args *a, const void *pixels)
{
	struct vgl_pixel_store ps = vgl_unpack_store(&ctx->st, a->three_d);
	struct vgl_pixel_layout l;
	bool ok;

	if (!ctx->pixel_unpack_buffer)
		return true;
	ok = vgl_pixel_layout(&ps, f->src_bpp, (uint32_t)a->width, (uint32_t)a->height,
			      (uint32_t)a->depth, &l);
	return vgl_pbo_access_ok(ctx, ctx->pixel_unpack_buffer, (uintptr_t)pixels, ok, &l,
				 vgl_pixel_type_size(type));
}

/* Whether a call brings data: a client pointer, or any offset into a buffer. */
bool vgl_tex_image_has_data(const struct vgl_context *ctx, const void *pixels)
{
	return pixels || ctx->pixel_unpack_buffer;
}

/* ---- glTexImage2D / glTexImage3D ------------------------------------------------------------------ */

/* ES 2.0 §3.7.1 (without OES_texture_npot): a level above 0 must be a power of two. */
bool vgl_tex_image_npot_ok(const struct vgl_context *ctx, const struct image_args *a)
{
	return ctx->major >= 3 || a->level == 0 || vgl_ext_on(ctx, VGL_EXT_OES_texture_npot) ||
	       (!(a->width & (a->width - 1)) && !(a->height & (a->height - 1)));
}

static void tex_image(struct image_args *a, GLint internalformat, GLint border, GLenum format,
		      GLenum type, const void *pixels)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_pixel_format *f;
	struct vgl_tex_storage *s;
	GLenum err;

	if (!ctx || !vgl_tex_image_check(ctx, a))
		return;
	err = vgl_pixel_lookup(ctx->major >= 3, vgl_ext_mask(ctx), internalformat, format, type, &f);
	if (err == GL_NO_ERROR && (border != 0 || !vgl_tex_image_npot_ok(ctx, a)))
		err = GL_INVALID_VALUE;
	if (err == GL_NO_ERROR && (a->tex->immutable || (a->three_d && (f->bits[4] || f->bits[5]) &&
							  a->target == GL_TEXTURE_3D)))
		err = GL_INVALID_OPERATION;   /* no 3D depth or stencil textures in ES 3.0 */
	if (err != GL_NO_ERROR) {
		vgl_error(ctx, err);
		return;
	}
	if (!unpack_ok(ctx, f, type, a, pixels))
		return;
	s = vgl_texture_define(ctx, a->tex, a->face, (uint32_t)a->level, &(struct vgl_tex_level){
		.width = a->width, .height = a->height, .depth = a->depth,
		.internal_format = (GLenum)internalformat, .fmt = f });
	if (s && vgl_tex_image_has_data(ctx, pixels)) {
		struct vgl_upload up = unpack(ctx, f, a, pixels);

		vgl_tex_storage_upload(ctx, s, &up);
	}
}

static void GL_APIENTRY vgl_TexImage2D(GLenum target, GLint level, GLint internalformat,
				       GLsizei width, GLsizei height, GLint border, GLenum format,
				       GLenum type, const void *pixels)
{
	struct image_args a = { target, level, width, height, 1, false, NULL, 0, false };

	tex_image(&a, internalformat, border, format, type, pixels);
}

static void GL_APIENTRY vgl_TexImage3D(GLenum target, GLint level, GLint internalformat,
				       GLsizei width, GLsizei height, GLsizei depth, GLint border,
				       GLenum format, GLenum type, const void *pixels)
{
	struct image_args a = { target, level, width, height, depth, true, NULL, 0, false };

	tex_image(&a, internalformat, border, format, type, pixels);
}

/* ---- glTexSubImage2D / glTexSubImage3D --------------------------------------------------------------- */

static GLenum sub_error(const struct vgl_context *ctx, const struct vgl_tex_level *lv,
			const GLint off[3], const struct image_args *a, GLenum format, GLenum type,
			const struct vgl_pixel_format **f)
{
	/* the data must match the level's format (ES 3.0 table 3.2); compressed
	 * levels take no uncompressed updates (ES 3.0 §3.8.5) */
	GLenum err = vgl_tex_compressed(lv->internal_format)
			     ? GL_INVALID_OPERATION
			     : vgl_pixel_lookup(ctx->major >= 3, vgl_ext_mask(ctx),
						(GLint)lv->internal_format, format, type, f);
	const struct vgl_pixel_format *direct =
		vgl_pixel_sub_row(vgl_ext_mask(ctx), lv->fmt->vk, format, type);

	if (direct) {
		*f = direct;
		err = GL_NO_ERROR;
	}
	if (err == GL_NO_ERROR && (*f)->vk != lv->fmt->vk)
		err = GL_INVALID_OPERATION;
	if (err == GL_NO_ERROR && !vgl_tex_region_ok(lv, off, a->width, a->height, a->depth))
		err = GL_INVALID_VALUE;
	return err;
}

static void tex_sub_image(struct image_args *a, const GLint off[3], GLenum format, GLenum type,
			  const void *pixels)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_tex_level *lv;
	const struct vgl_pixel_format *f;
	struct vgl_tex_storage *s;
	struct vgl_upload up;
	GLenum err;

	if (!ctx || !vgl_tex_image_check(ctx, a))
		return;
	lv = &a->tex->level[a->face][a->level];
	err = lv->width ? sub_error(ctx, lv, off, a, format, type, &f) : GL_INVALID_OPERATION;
	if (err != GL_NO_ERROR) {
		vgl_error(ctx, err);
		return;
	}
	if (!unpack_ok(ctx, f, type, a, pixels))
		return;
	s = vgl_texture_level_storage(ctx, a->tex, a->face, (uint32_t)a->level);
	if (!s || !vgl_tex_image_has_data(ctx, pixels))
		return;
	up = unpack(ctx, f, a, pixels);
	up.x = off[0];
	up.y = off[1];
	up.layer += (uint32_t)off[2];
	vgl_tex_storage_upload(ctx, s, &up);
}

static void GL_APIENTRY vgl_TexSubImage2D(GLenum target, GLint level, GLint x, GLint y,
					  GLsizei width, GLsizei height, GLenum format,
					  GLenum type, const void *pixels)
{
	struct image_args a = { target, level, width, height, 1, false, NULL, 0, true };

	tex_sub_image(&a, (const GLint[]){ x, y, 0 }, format, type, pixels);
}

static void GL_APIENTRY vgl_TexSubImage3D(GLenum target, GLint level, GLint x, GLint y, GLint z,
					  GLsizei width, GLsizei height, GLsizei depth,
					  GLenum format, GLenum type, const void *pixels)
{
	struct image_args a = { target, level, width, height, depth, true, NULL, 0, true };

	tex_sub_image(&a, (const GLint[]){ x, y, z }, format, type, pixels);
}

/* ---- glTexStorage2D / glTexStorage3D (ES 3.0) -------------------------------------------------------- */

static GLenum storage_error(struct vgl_context *ctx, const struct image_args *a, GLsizei levels,
			    const struct vgl_pixel_format *f)
{
	GLenum tt;
	struct image_args dims = *a;

	/* image_target() knows faces, not the cube: check the sizes on one */
	if (!a->three_d && a->target == GL_TEXTURE_CUBE_MAP)
		dims.target = GL_TEXTURE_CUBE_MAP_POSITIVE_X;
	if (!vgl_tex_image_target(ctx, &dims, &tt) || (!a->three_d && a->target != GL_TEXTURE_2D &&
					       a->target != GL_TEXTURE_CUBE_MAP) || !f)
		return GL_INVALID_ENUM;
	dims.level = 0;
	if (levels < 1 || a->width < 1 || a->height < 1 || a->depth < 1 || !dims_ok(ctx, tt, &dims))
		return GL_INVALID_VALUE;
	if ((uint32_t)levels > chain_levels((uint32_t)a->width,
					    (uint32_t)(a->target == GL_TEXTURE_3D &&
						       a->depth > a->height ? a->depth : a->height)) ||
	    (a->target == GL_TEXTURE_3D &&
	     (f->bits[4] || f->bits[5] || (vgl_tex_compressed(f->internal_format) &&
			     !vgl_tex_compressed_3d(ctx, f->internal_format)))))
		return GL_INVALID_OPERATION;   /* no 3D depth or ETC2 textures; ASTC: sliced 3D */
	return GL_NO_ERROR;
}

/* Every level of every face, as glTexStorage defines them. */
static void define_all(struct vgl_texture *t, const struct image_args *a, GLsizei levels,
		       GLenum internal, const struct vgl_pixel_format *f)
{
	uint32_t faces = t->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;

	memset(t->level, 0, sizeof(t->level));
	for (uint32_t l = 0; l < (uint32_t)levels; l++)
		for (uint32_t fc = 0; fc < faces; fc++)
			t->level[fc][l] = (struct vgl_tex_level){
				.width = (GLsizei)vgl_tex_level_size((uint32_t)a->width, l),
				.height = (GLsizei)vgl_tex_level_size((uint32_t)a->height, l),
				.depth = t->target == GL_TEXTURE_3D
						 ? (GLsizei)vgl_tex_level_size((uint32_t)a->depth, l)
						 : a->depth,
				.internal_format = internal, .fmt = f };
}

/* A 3D texture deeper than wide may ask for more levels than the host makes
 * (vdrm_resource_host_last_level): valid GL that virtgl cannot allocate. */
static bool host_levels_ok(const struct image_args *a, GLsizei levels)
{
	return a->target != GL_TEXTURE_3D ||
	       (uint32_t)levels <= vdrm_resource_host_last_level((uint32_t)a->width,
								 (uint32_t)a->height) + 1;
}

const struct vgl_pixel_format *vgl_tex_storage_format(const struct vgl_context *ctx,
						     GLenum internalformat)
{
	const struct vgl_pixel_format *f = vgl_pixel_sized(internalformat);

	if (!f)
		f = vgl_pixel_sized_ext(vgl_ext_mask(ctx), internalformat);
	if (!f && ctx->major >= 3)
		f = vgl_etc2_format(internalformat);   /* ES 3.0's compressed formats */
	if (!f && vgl_ext_on(ctx, VGL_EXT_KHR_texture_compression_astc_ldr))
		f = vgl_astc_format(internalformat);
	if (!f && internalformat == GL_STENCIL_INDEX8)   /* OES_texture_stencil8's row */
		vgl_pixel_lookup(true, vgl_ext_mask(ctx), GL_STENCIL_INDEX8, GL_STENCIL_INDEX,
				 GL_UNSIGNED_BYTE, &f);
	return f;
}

static void tex_storage(const struct image_args *a, GLsizei levels, GLenum internalformat)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_pixel_format *f;
	struct vgl_texture *t;
	GLenum err;

	if (!ctx)
		return;
	f = vgl_tex_storage_format(ctx, internalformat);
	err = storage_error(ctx, a, levels, f);
	t = err == GL_NO_ERROR ? vgl_texture_bound(ctx, a->target) : NULL;
	if (err == GL_NO_ERROR && t && (t->name == 0 || t->immutable))
		err = GL_INVALID_OPERATION;
	if (err == GL_NO_ERROR && !host_levels_ok(a, levels))
		err = GL_OUT_OF_MEMORY;
	if (err != GL_NO_ERROR || !t) {
		vgl_error(ctx, err);
		return;
	}
	define_all(t, a, levels, internalformat, f);
	vgl_texture_changed(t);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);  /* completeness may change */
	vgl_texture_level_storage(ctx, t, 0, 0);
	t->immutable = true;
	t->immutable_levels = levels;
}

static void GL_APIENTRY vgl_TexStorage2D(GLenum target, GLsizei levels, GLenum internalformat,
					 GLsizei width, GLsizei height)
{
	struct image_args a = { target, 0, width, height, 1, false, NULL, 0, false };

	tex_storage(&a, levels, internalformat);
}

static void GL_APIENTRY vgl_TexStorage3D(GLenum target, GLsizei levels, GLenum internalformat,
					 GLsizei width, GLsizei height, GLsizei depth)
{
	struct image_args a = { target, 0, width, height, depth, true, NULL, 0, false };

	tex_storage(&a, levels, internalformat);
}

const struct vgl_proc vgl_texture_image_procs[] = {
	VGL_PROC(TexImage2D), VGL_PROC(TexSubImage2D), VGL_PROC(TexStorage2D),
	VGL_PROC(TexImage3D), VGL_PROC(TexSubImage3D), VGL_PROC(TexStorage3D),
	{ NULL, NULL },
};
