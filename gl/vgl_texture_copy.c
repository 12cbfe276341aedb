/* SPDX-License-Identifier: MIT */
/*
 * GPU-side texture image work: glGenerateMipmap (each level a linear blit
 * of the one above, vvk_CmdBlitImage: the host runs glBlitFramebuffer) and
 * glCopyTex(Sub)Image2D (a blit from the read framebuffer's colour image;
 * both are stored bottom-up, so window (x, y) lands at texel (0, 0) with no
 * flip). All of it is recorded in the context's batch, after the work that
 * produced the source. ALPHA and LUMINANCE_ALPHA textures are R and RG
 * images that a blit would fill with the source's red and green: their
 * copies read the source back and upload it (as glReadPixels and
 * glTexSubImage2D with that format would).
 */
#include <stdlib.h>

#include "vgl_context.h"
#include "vgl_extensions.h"
#include "vgl_fbo.h"
#include "vgl_framebuffer.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_texture.h"
#include "vgl_texture_image.h"

/* The far corner of a level: (width, height, depth of a 3D level or 1). */
static VkOffset3D level_end(const struct vgl_tex_storage *s, uint32_t level)
{
	return (VkOffset3D){ (int32_t)vgl_tex_level_size(s->width, level),
			     (int32_t)vgl_tex_level_size(s->height, level),
			     s->is_3d ? (int32_t)vgl_tex_level_size(s->depth, level) : 1 };
}

static VkImageBlit level_blit(const struct vgl_tex_storage *s, uint32_t layer, uint32_t level)
{
	return (VkImageBlit){
		.srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, vgl_tex_storage_vk_level(s, level - 1),
				    vgl_tex_storage_vk_layer(s, layer), 1 },
		.srcOffsets = { { 0, 0, 0 }, level_end(s, level - 1) },
		.dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, vgl_tex_storage_vk_level(s, level),
				    vgl_tex_storage_vk_layer(s, layer), 1 },
		.dstOffsets = { { 0, 0, 0 }, level_end(s, level) } };
}

/* Level l's specs after generation: the base's format, the storage's sizes. */
static void define_generated(struct vgl_texture *t, const struct vgl_tex_storage *s, uint32_t l)
{
	const struct vgl_tex_level *b = &t->level[0][t->params.base_level];
	uint32_t faces = t->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
	struct vgl_tex_level spec = {
		.width = (GLsizei)vgl_tex_level_size(s->width, l),
		.height = (GLsizei)vgl_tex_level_size(s->height, l),
		.depth = (GLsizei)vgl_tex_storage_level_depth(s, l),
		.internal_format = b->internal_format, .fmt = b->fmt };

	for (uint32_t f = 0; f < faces; f++)
		t->level[f][l] = spec;
}

/* Base level and format checks of ES 3.0 §3.8.9; the GL error or GL_NO_ERROR. */
static GLenum mipmap_error(const struct vgl_context *ctx, const struct vgl_texture *t)
{
	GLint base = t->params.base_level;
	const struct vgl_tex_level *b;
	uint32_t faces = t->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;

	if (base >= VGL_MAX_LEVELS || !t->level[0][base].width)
		return GL_INVALID_OPERATION;
	b = &t->level[0][base];
	for (uint32_t f = 1; f < faces; f++)
		if (t->level[f][base].width != b->width || t->level[f][base].fmt != b->fmt ||
		    b->width != b->height)
			return GL_INVALID_OPERATION;
	/* OES_texture_(half_)float's unsized formats mipmap where their _linear
	 * extension makes them filterable; ES 3.0's sized float ones also need to
	 * be colour-renderable, which they are not */
	if ((!b->fmt->filterable && !(b->fmt->ext && b->fmt->linear_ext &&
				      vgl_ext_on(ctx, (enum vgl_ext)(b->fmt->linear_ext - 1)))) ||
	    b->fmt->bits[4])
		return GL_INVALID_OPERATION;
	/* compressed levels (stored decoded) neither: ES 2.0 §3.7.11, ES 3.0 §3.8.10 */
	if (vgl_tex_compressed(b->internal_format))
		return GL_INVALID_OPERATION;
	if (ctx->major < 3 && !vgl_ext_on(ctx, VGL_EXT_OES_texture_npot) &&
	    ((b->width & (b->width - 1)) || (b->height & (b->height - 1))))
		return GL_INVALID_OPERATION;
	return GL_NO_ERROR;
}

static void generate(struct vgl_context *ctx, struct vgl_texture *t, struct vgl_tex_storage *s)
{
	uint32_t base = (uint32_t)t->params.base_level;
	VkCommandBuffer cmd = vgl_batch_cmd(ctx);

	if (!cmd)
		return;
	vgl_batch_end_rendering(ctx);
	/* each layer (cube face, array layer) on its own; a 3D level as one box */
	for (uint32_t l = base + 1; l < s->levels && l <= (uint32_t)t->params.max_level; l++) {
		for (uint32_t k = 0; k < s->layers; k++) {
			VkImageBlit r = level_blit(s, k, l);

			vvk_CmdBlitImage(cmd, s->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, s->image,
					 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r, VK_FILTER_LINEAR);
		}
		define_generated(t, s, l);
	}
	vgl_batch_use(ctx, &s->obj);
	vgl_texture_changed(t);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

static void GL_APIENTRY vgl_GenerateMipmap(GLenum target)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture *t;
	struct vgl_tex_storage *s;
	GLenum err;

	if (!ctx)
		return;
	/* external textures have one level (OES_EGL_image_external), so do
	 * multisample ones */
	if (!vgl_texture_target_valid(ctx, target) || target == GL_TEXTURE_EXTERNAL_OES ||
	    vgl_texture_target_ms(target)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	t = vgl_texture_bound(ctx, target);
	if (!t)
		return;
	err = mipmap_error(ctx, t);
	if (err != GL_NO_ERROR) {
		vgl_error(ctx, err);
		return;
	}
	s = vgl_texture_level_storage(ctx, t, 0, (uint32_t)t->params.base_level);
	if (s)
		generate(ctx, t, s);
}

/* ---- glCopyTexImage2D / glCopyTexSubImage2D ----------------------------------------------------- */

/* GL's row boundary y as the framebuffer's (mirrored on a y-down one). */
static int32_t fb_row(const struct vgl_fb *fb, int64_t y)
{
	return (int32_t)(fb->y_down ? (int64_t)fb->height - y : y);
}

/* Blits the part of (x, y, w, h) inside the read framebuffer to (dx, dy) of the level. */
static void blit_from_fb(struct vgl_context *ctx, const struct vgl_fb *fb,
			 struct vgl_tex_storage *s, uint32_t level, uint32_t layer,
			 const GLint src[2], const GLint dst[2], GLsizei w, GLsizei h)
{
	int64_t x0 = src[0] < 0 ? 0 : src[0], y0 = src[1] < 0 ? 0 : src[1];
	int64_t x1 = (int64_t)src[0] + w, y1 = (int64_t)src[1] + h;
	int32_t dx = dst[0] + (int32_t)(x0 - src[0]), dy = dst[1] + (int32_t)(y0 - src[1]);
	VkCommandBuffer cmd;

	x1 = x1 > fb->width ? fb->width : x1;
	y1 = y1 > fb->height ? fb->height : y1;
	if (x1 <= x0 || y1 <= y0 || !(cmd = vgl_batch_cmd(ctx)))
		return; /* outside the framebuffer: undefined texels, nothing to do */
	vgl_batch_end_rendering(ctx);
	/* a 3D destination takes the slice as z, the others as a layer; from
	 * a window buffer (y-down) the source box is mirrored: GL's row y0
	 * is the buffer's row height - 1 - y0 */
	vvk_CmdBlitImage(cmd, fb->color_image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, s->image,
			 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &(VkImageBlit){
		.srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, fb->color_level, fb->color_layer, 1 },
		.srcOffsets = { { (int32_t)x0, fb_row(fb, y0), 0 }, { (int32_t)x1, fb_row(fb, y1), 1 } },
		.dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, vgl_tex_storage_vk_level(s, level),
				    s->is_3d ? 0 : vgl_tex_storage_vk_layer(s, layer), 1 },
		.dstOffsets = { { dx, dy, s->is_3d ? (int32_t)layer : 0 },
				{ dx + (int32_t)(x1 - x0), dy + (int32_t)(y1 - y0),
				  s->is_3d ? (int32_t)layer + 1 : 1 } } },
			 VK_FILTER_NEAREST);
	vgl_batch_use(ctx, &s->obj);
	s->written = true;
}

/* Whether the level's image channels are not the source's first ones. */
static bool needs_readback(const struct vgl_pixel_format *f)
{
	/* and formats the host cannot render to: its blit into RGB9_E5 killed
	 * Debian 12's renderer (fuzz_gl) */
	return f->base_format == GL_ALPHA || f->base_format == GL_LUMINANCE_ALPHA || !f->renderable;
}

/* The rectangle read back as the level's client format, uploaded to (dx, dy);
 * texels outside the framebuffer are undefined in GL: zeros here. */
static void upload_from_fb(struct vgl_context *ctx, const struct vgl_fb *fb,
			   struct vgl_tex_storage *s, const struct vgl_upload *at,
			   const GLint src[2])
{
	struct vgl_upload up = *at;
	struct vgl_codec to;
	uint8_t *texels;

	if (!vgl_codec_gl(up.fmt->format, up.fmt->type, &to))
		return;
	texels = calloc((size_t)up.width * up.height, to.bpp);
	if (!texels) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	vgl_read_texels(ctx, fb, src, (GLsizei)up.width, (GLsizei)up.height, &to, texels);
	up.pixels = texels;
	up.stride = (size_t)up.width * to.bpp;
	vgl_tex_storage_upload(ctx, s, &up);
	free(texels);
}

static void copy_from_fb(struct vgl_context *ctx, const struct vgl_fb *fb,
			 struct vgl_tex_storage *s, uint32_t level, uint32_t layer,
			 const struct vgl_pixel_format *f, const GLint src[2],
			 const GLint dst[2], GLsizei w, GLsizei h)
{
	if (w == 0 || h == 0)
		return;
	if (!needs_readback(f)) {
		blit_from_fb(ctx, fb, s, level, layer, src, dst, w, h);
		return;
	}
	upload_from_fb(ctx, fb, s, &(struct vgl_upload){
		.level = level, .layer = layer, .x = dst[0], .y = dst[1], .width = (uint32_t)w,
		.height = (uint32_t)h, .depth = 1, .fmt = f }, src);
}

/* The read framebuffer, with GL_INVALID_FRAMEBUFFER_OPERATION when
 * incomplete, GL_INVALID_OPERATION without a colour buffer to read. */
static bool read_fb(struct vgl_context *ctx, struct vgl_fb *fb)
{
	if (!vgl_framebuffer_read(ctx, fb)) {
		vgl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
		return false;
	}
	if (vgl_framebuffer_read_error(fb) != GL_NO_ERROR) {
		vgl_error(ctx, vgl_framebuffer_read_error(fb));
		return false;
	}
	return true;
}

static bool fixed_point(VkFormat f)
{
	struct vgl_codec c;

	return !vgl_codec_vk(f, &c) || c.kind == VGL_TEXEL_UNORM;
}

/* ES 3.0 §3.8.5: a copy keeps the colour buffer's kind of values (integer,
 * signed or not, only from the same; fixed-point only from fixed-point) and
 * its encoding (sRGB only from sRGB). GL_INVALID_OPERATION otherwise: the
 * host's blit between them is undefined, and Debian 12's virglrenderer dies
 * of a normalized-to-integer one. */
static bool copy_compatible(struct vgl_context *ctx, const struct vgl_fb *fb,
			    const struct vgl_pixel_format *f)
{
	if (vgl_pixel_vk_int_class(fb->color_format) != vgl_pixel_vk_int_class(f->vk) ||
	    fixed_point(fb->color_format) != fixed_point(f->vk) ||
	    (ctx->major >= 3 && vgl_pixel_vk_srgb(fb->color_format) != vgl_pixel_srgb(f))) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	return true;
}

static const struct vgl_pixel_format *copy_format(const struct vgl_context *ctx, GLenum internal)
{
	const struct vgl_pixel_format *f = vgl_pixel_unsized(internal);

	if (!f && ctx->major >= 3)
		f = vgl_pixel_sized(internal);
	return f && f->bits[4] == 0 ? f : NULL;
}

static void GL_APIENTRY vgl_CopyTexImage2D(GLenum target, GLint level, GLenum internalformat,
					   GLint x, GLint y, GLsizei width, GLsizei height,
					   GLint border)
{
	struct vgl_context *ctx = vgl_current_context();
	struct image_args a = { target, level, width, height, 1, false, NULL, 0, false };
	const struct vgl_pixel_format *f;
	struct vgl_texture *t;
	struct vgl_tex_storage *s;
	struct vgl_fb fb;
	GLenum tt;

	if (!ctx)
		return;
	f = copy_format(ctx, internalformat);
	if (!vgl_tex_image_target(ctx, &a, &tt) || !f) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	/* the sizes as glTexImage2D's (ES 3.0 §3.8.5): GL_MAX_TEXTURE_SIZE >> level */
	if (!vgl_tex_image_check(ctx, &a))
		return;
	if (border != 0 || !vgl_tex_image_npot_ok(ctx, &a)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	t = a.tex;
	if (!read_fb(ctx, &fb) || !copy_compatible(ctx, &fb, f))
		return;
	if (t->immutable) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	s = vgl_texture_define(ctx, t, a.face, (uint32_t)level, &(struct vgl_tex_level){
		.width = width, .height = height, .depth = 1, .internal_format = internalformat,
		.fmt = f });
	if (s)
		copy_from_fb(ctx, &fb, s, (uint32_t)level, a.face, f, (const GLint[]){ x, y },
			     (const GLint[]){ 0, 0 }, width, height);
}

/* Target, level and destination box of a glCopyTexSubImage*; the level or NULL. */
static const struct vgl_tex_level *sub_copy_level(struct vgl_context *ctx, GLenum tt,
						  uint32_t face, GLint level, const GLint off[3],
						  GLsizei w, GLsizei h, struct vgl_texture **t)
{
	const struct vgl_tex_level *lv;

	/* a level past log2 of the largest size is INVALID_VALUE before all
	 * else (dEQP negative_coverage texture.copytexsubimage3d_max_level) */
	if (level < 0 || level > vgl_texture_max_level(ctx, tt) || level >= VGL_MAX_LEVELS) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return NULL;
	}
	*t = vgl_texture_bound(ctx, tt);
	lv = *t ? &(*t)->level[face][level] : NULL;
	if (lv && !lv->fmt) { /* never specified: even a 0x0 copy has no format */
		vgl_error(ctx, GL_INVALID_OPERATION);
		return NULL;
	}
	if (!lv || !vgl_extent_ok(off[0], w, lv->width) || !vgl_extent_ok(off[1], h, lv->height) ||
	    off[2] < 0 || off[2] >= (lv->depth ? lv->depth : 1)) {
		vgl_error(ctx, lv && !lv->width ? GL_INVALID_OPERATION : GL_INVALID_VALUE);
		return NULL;
	}
	return lv;
}

static void copy_sub(GLenum tt, uint32_t face, GLint level, const GLint off[3], GLint x, GLint y,
		     GLsizei w, GLsizei h)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_tex_level *lv;
	struct vgl_texture *t;
	struct vgl_tex_storage *s;
	struct vgl_fb fb;

	if (!ctx || !(lv = sub_copy_level(ctx, tt, face, level, off, w, h, &t)) ||
	    !read_fb(ctx, &fb))
		return;
	/* no online compression (ES 3.0 §3.8.5); its decoded image would also
	 * part from the blocks kept for glCopyImageSubData (vgl_texture_blocks.h) */
	if (vgl_tex_compressed(lv->internal_format)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	if (!copy_compatible(ctx, &fb, lv->fmt))
		return;
	s = vgl_texture_level_storage(ctx, t, face, (uint32_t)level);
	if (s)
		copy_from_fb(ctx, &fb, s, (uint32_t)level, face + (uint32_t)off[2], lv->fmt,
			     (const GLint[]){ x, y }, off, w, h);
}

static void GL_APIENTRY vgl_CopyTexSubImage2D(GLenum target, GLint level, GLint xoffset,
					      GLint yoffset, GLint x, GLint y, GLsizei width,
					      GLsizei height)
{
	struct vgl_context *ctx = vgl_current_context();
	GLenum tt;
	uint32_t face;

	if (!ctx)
		return;
	if (!vgl_texture_face(target, &tt, &face)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	copy_sub(tt, face, level, (const GLint[]){ xoffset, yoffset, 0 }, x, y, width, height);
}

static void GL_APIENTRY vgl_CopyTexSubImage3D(GLenum target, GLint level, GLint xoffset,
					      GLint yoffset, GLint zoffset, GLint x, GLint y,
					      GLsizei width, GLsizei height)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx && target != GL_TEXTURE_3D && target != GL_TEXTURE_2D_ARRAY &&
	    (target != GL_TEXTURE_CUBE_MAP_ARRAY_EXT ||
	     !vgl_ext_on(ctx, VGL_EXT_EXT_texture_cube_map_array))) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	copy_sub(target, 0, level, (const GLint[]){ xoffset, yoffset, zoffset }, x, y, width,
		 height);
}

const struct vgl_proc vgl_texture_copy_procs[] = {
	VGL_PROC(GenerateMipmap), VGL_PROC(CopyTexImage2D), VGL_PROC(CopyTexSubImage2D),
	VGL_PROC(CopyTexSubImage3D),
	{ NULL, NULL },
};
