/* SPDX-License-Identifier: MIT */
/*
 * glCopyImageSubDataEXT / glCopyImageSubDataOES (EXT_copy_image and
 * OES_copy_image, ES 3.0): a raw copy of texels between the images of
 * textures and renderbuffers, recorded in the context's batch as a
 * vvk_CmdCopyImage that reads one storage and writes the other (technique 2:
 * the batch references both, nothing waits). Images of different formats
 * are copied by the host's glCopyImageSubData, so the extensions exist only
 * where the host has it (VDRM_CAP_COPY_IMAGE, vgl_extensions.c).
 *
 * Formats (ES 3.2 §18.3.2): the same format, two sized formats of one
 * texture-view class, two compressed formats of one compressed view class,
 * or a compressed format and an uncompressed one whose texel is as large
 * as its block. Same-size texels copy on the GPU as they are stored,
 * a hidden fourth channel of RGB formats (RGB8 as RGBA8) included: their
 * samplers never read it. Through the CPU (vgl_copy_image_cpu.c) go copies
 * with an ETC2/EAC or ASTC side, whose blocks exist only in the CPU's copy
 * (vgl_texture_blocks.h: the images are stored decoded, vgl_etc2.h,
 * vgl_astc.h; a copy into one decodes the blocks it wrote), and copies into
 * a colour-renderable RGB image from another format (its hidden alpha must
 * read and blend as 1). ETC1 images (stored decoded too; no block copy is
 * kept of them) copy only to their own format, as decoded texels (a block
 * decodes on its own).
 */
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>   /* the ASTC tokens, after the GLES 3 header */

#include "vgl_astc.h"
#include "vgl_context.h"
#include "vgl_copy_image.h"
#include "vgl_extensions.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_range.h"
#include "vgl_renderbuffer.h"
#include "vgl_texture.h"
#include "vgl_texture_blocks.h"
#include "vgl_texture_image.h"


/* ES 3.0 texture-view classes (EXT_texture_view table): texel bits of the
 * sized colour formats that copy to each other. */
static const struct { GLenum format; uint8_t bits; } view_class[] = {
	{ GL_RGBA32F, 128 }, { GL_RGBA32UI, 128 }, { GL_RGBA32I, 128 },
	{ GL_RGB32F, 96 }, { GL_RGB32UI, 96 }, { GL_RGB32I, 96 },
	{ GL_RGBA16F, 64 }, { GL_RG32F, 64 }, { GL_RGBA16UI, 64 }, { GL_RG32UI, 64 },
	{ GL_RGBA16I, 64 }, { GL_RG32I, 64 },
	{ GL_RGB16F, 48 }, { GL_RGB16UI, 48 }, { GL_RGB16I, 48 },
	{ GL_RG16F, 32 }, { GL_R11F_G11F_B10F, 32 }, { GL_R32F, 32 }, { GL_RGB10_A2UI, 32 },
	{ GL_RGBA8UI, 32 }, { GL_RG16UI, 32 }, { GL_R32UI, 32 }, { GL_RGBA8I, 32 },
	{ GL_RG16I, 32 }, { GL_R32I, 32 }, { GL_RGB10_A2, 32 }, { GL_RGBA8, 32 },
	{ GL_RGBA8_SNORM, 32 }, { GL_SRGB8_ALPHA8, 32 }, { GL_RGB9_E5, 32 },
	{ GL_RGB8, 24 }, { GL_RGB8_SNORM, 24 }, { GL_SRGB8, 24 }, { GL_RGB8UI, 24 },
	{ GL_RGB8I, 24 },
	{ GL_R16F, 16 }, { GL_RG8UI, 16 }, { GL_R16UI, 16 }, { GL_RG8I, 16 }, { GL_R16I, 16 },
	{ GL_RG8, 16 }, { GL_RG8_SNORM, 16 },
	{ GL_R8UI, 8 }, { GL_R8I, 8 }, { GL_R8, 8 }, { GL_R8_SNORM, 8 },
};

static unsigned class_bits(GLenum format)
{
	for (size_t i = 0; i < sizeof(view_class) / sizeof(view_class[0]); i++)
		if (view_class[i].format == format)
			return view_class[i].bits;
	return 0;
}

static bool compressed(const struct vgl_copy_side *s)
{
	return vgl_tex_compressed(s->lv.internal_format);
}

/* ---- resolving a side ------------------------------------------------------ */

static bool texture_target(const struct vgl_context *ctx, GLenum target)
{
	return target != GL_TEXTURE_EXTERNAL_OES && vgl_texture_target_valid(ctx, target);
}

static GLenum resolve_renderbuffer(struct vgl_context *ctx, GLuint name, struct vgl_copy_side *s)
{
	s->rb = vgl_renderbuffer_lookup(ctx, name);
	if (!s->rb || s->level != 0)
		return GL_INVALID_VALUE;
	s->lv = (struct vgl_tex_level){ .width = s->rb->storage ? s->rb->width : 0,
					.height = s->rb->storage ? s->rb->height : 0, .depth = 1,
					.internal_format = s->rb->internal_format, .fmt = s->rb->fmt };
	s->samples = s->rb->samples;
	return GL_NO_ERROR;
}

/* Whether the level of every face lives in the storage. */
static bool level_stored(const struct vgl_texture *t, uint32_t level)
{
	uint32_t faces = t->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;

	for (uint32_t f = 0; f < faces; f++)
		if (!vgl_texture_level_stored(t, f, level))
			return false;
	return true;
}

/* The errors in this order: target, name, the name's target,
 * completeness, level (as Mesa reports them, as far as known). */
static GLenum resolve_texture(struct vgl_context *ctx, GLuint name, struct vgl_copy_side *s)
{
	if (!texture_target(ctx, s->target))
		return GL_INVALID_ENUM;
	s->t = vgl_texture_lookup(ctx, name);
	if (!s->t)
		return GL_INVALID_VALUE;
	if (s->t->target != s->target)
		return GL_INVALID_ENUM;
	if (!vgl_texture_complete(ctx, s->t))
		return GL_INVALID_OPERATION;
	if (s->level < 0 || s->level >= VGL_MAX_LEVELS || !s->t->level[0][s->level].width)
		return GL_INVALID_VALUE;
	/* a level outside the complete chain that does not fit it (its data
	 * dropped, vgl_texture.h): incomplete, as Mesa treats such levels */
	if (!level_stored(s->t, (uint32_t)s->level))
		return GL_INVALID_OPERATION;
	s->lv = s->t->level[0][s->level];
	s->samples = s->t->samples;
	return GL_NO_ERROR;
}

static GLenum resolve(struct vgl_context *ctx, GLuint name, struct vgl_copy_side *s)
{
	return s->target == GL_RENDERBUFFER ? resolve_renderbuffer(ctx, name, s)
					    : resolve_texture(ctx, name, s);
}

/* ---- the region -------------------------------------------------------------- */

/* The slices or layers z counts: cube faces, 3D slices, array layers, else 1. */
static int64_t z_limit(const struct vgl_copy_side *s)
{
	if (s->target == GL_TEXTURE_CUBE_MAP)
		return 6;
	return s->target == GL_TEXTURE_3D || s->target == GL_TEXTURE_2D_ARRAY ||
	       s->target == GL_TEXTURE_CUBE_MAP_ARRAY_EXT ? s->lv.depth : 1;
}

static bool span_ok(GLint off, int64_t extent, int64_t limit)
{
	return off >= 0 && extent >= 0 && (int64_t)off + extent <= limit;
}

static bool region_ok(const struct vgl_copy_side *s, const int64_t size[3])
{
	return span_ok(s->off[0], size[0], s->lv.width) &&
	       span_ok(s->off[1], size[1], s->lv.height) && span_ok(s->off[2], size[2], z_limit(s));
}

/* A compressed region starts on a block and ends on one or at the image's edge. */
static bool block_aligned(GLint off, int64_t extent, GLsizei size, uint32_t block)
{
	return off % (GLint)block == 0 && (extent % block == 0 || off + extent == size);
}

/* ASTC blocks are up to 12x12 (vgl_astc_block_size), the others 4x4. */
static bool blocks_ok(const struct vgl_copy_side *s, const int64_t size[3])
{
	uint32_t bw, bh;

	vgl_astc_block_size(s->lv.internal_format, &bw, &bh);
	return !compressed(s) || (block_aligned(s->off[0], size[0], s->lv.width, bw) &&
				  block_aligned(s->off[1], size[1], s->lv.height, bh));
}

/* The destination's extent: texels of a compressed side are blocks of an
 * uncompressed one (EXT_copy_image §18.3.2). */
static void dst_size(const struct vgl_copy_side *src, const struct vgl_copy_side *dst, const int64_t in[3],
		     int64_t out[3])
{
	uint32_t bw, bh;

	out[0] = in[0];
	out[1] = in[1];
	out[2] = in[2];
	if (compressed(src) && !compressed(dst)) {
		vgl_astc_block_size(src->lv.internal_format, &bw, &bh);
		out[0] = (in[0] + bw - 1) / bw;
		out[1] = (in[1] + bh - 1) / bh;
	} else if (!compressed(src) && compressed(dst)) {
		vgl_astc_block_size(dst->lv.internal_format, &bw, &bh);
		out[0] = in[0] * bw;
		out[1] = in[1] * bh;
	}
}

/* ---- formats ------------------------------------------------------------------- */

/* ES 3.2 table 8.27's view classes of the compressed formats here: an
 * ASTC footprint's RGBA and sRGB formats make one. */
#define ASTC_CLASS(f) \
	{ GL_COMPRESSED_RGBA_ASTC_##f##_KHR, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_##f##_KHR }
static const GLenum compressed_class[][2] = {
	{ GL_COMPRESSED_R11_EAC, GL_COMPRESSED_SIGNED_R11_EAC },
	{ GL_COMPRESSED_RG11_EAC, GL_COMPRESSED_SIGNED_RG11_EAC },
	{ GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_SRGB8_ETC2 },
	{ GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2,
	  GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2 },
	{ GL_COMPRESSED_RGBA8_ETC2_EAC, GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC },
	ASTC_CLASS(4x4), ASTC_CLASS(5x4), ASTC_CLASS(5x5), ASTC_CLASS(6x5), ASTC_CLASS(6x6),
	ASTC_CLASS(8x5), ASTC_CLASS(8x6), ASTC_CLASS(8x8), ASTC_CLASS(10x5), ASTC_CLASS(10x6),
	ASTC_CLASS(10x8), ASTC_CLASS(10x10), ASTC_CLASS(12x10), ASTC_CLASS(12x12),
};

/* 1 + the compressed view class of a format; 0: none. */
static unsigned compressed_class_of(GLenum format)
{
	for (size_t i = 0; i < sizeof(compressed_class) / sizeof(compressed_class[0]); i++)
		if (compressed_class[i][0] == format || compressed_class[i][1] == format)
			return (unsigned)i + 1;
	return 0;
}

static bool same_format(const struct vgl_copy_side *a, const struct vgl_copy_side *b)
{
	return a->lv.internal_format == b->lv.internal_format ||
	       (!compressed(a) && !compressed(b) && a->lv.fmt->vk == b->lv.fmt->vk &&
		a->lv.fmt->base_format == b->lv.fmt->base_format);
}

/* How a copy goes: refused (GL_INVALID_OPERATION), on the GPU, or through the CPU. */
enum path { PATH_NONE, PATH_GPU, PATH_CPU };

/* Bytes of an uncompressed side's texel as stored, when they are exactly
 * its view class's texel (no hidden channel); else 0. */
static unsigned exact_bytes(const struct vgl_copy_side *s)
{
	unsigned bits = class_bits(s->lv.internal_format);

	return bits && s->lv.fmt->dst_bpp * 8u == bits ? bits / 8 : 0;
}

/* A compressed side with another: its own format (ETC1's decoded texels
 * on the GPU), one of its view class, or an uncompressed one whose texel
 * is its block. */
static enum path compressed_path(const struct vgl_copy_side *a, const struct vgl_copy_side *b)
{
	GLenum fa = a->lv.internal_format, fb = b->lv.internal_format;
	unsigned bytes;

	if (fa == fb)
		return vgl_tex_block_bytes(fa) ? PATH_CPU : PATH_GPU;
	if (compressed(a) && compressed(b))
		return compressed_class_of(fa) && compressed_class_of(fa) == compressed_class_of(fb)
			       ? PATH_CPU : PATH_NONE;
	bytes = compressed(a) ? vgl_tex_block_bytes(fa) : vgl_tex_block_bytes(fb);
	return bytes && bytes == exact_bytes(compressed(a) ? b : a) ? PATH_CPU : PATH_NONE;
}

/* A colour-renderable RGB format stored with an alpha kept at 1. */
static bool alpha_visible(const struct vgl_copy_side *s)
{
	return vgl_pixel_hidden_alpha(s->lv.fmt) && s->lv.fmt->renderable;
}

static enum path copy_path(const struct vgl_copy_side *src, const struct vgl_copy_side *dst)
{
	unsigned bits;

	if (!src->lv.fmt || !dst->lv.fmt) /* a renderbuffer without storage: no format */
		return PATH_NONE;
	if (compressed(src) || compressed(dst))
		return compressed_path(src, dst);
	if (same_format(src, dst))
		return PATH_GPU;
	/* one view class, stored alike (the RGB ones with the same hidden channel) */
	bits = class_bits(src->lv.internal_format);
	if (!bits || bits != class_bits(dst->lv.internal_format) ||
	    src->lv.fmt->dst_bpp != dst->lv.fmt->dst_bpp)
		return PATH_NONE;
	return alpha_visible(dst) ? PATH_CPU : PATH_GPU;
}

/* ---- the copy --------------------------------------------------------------------- */

struct vgl_tex_storage *vgl_copy_side_storage(struct vgl_context *ctx,
					      const struct vgl_copy_side *s)
{
	if (!s->t)
		return s->rb->storage;
	return vgl_texture_level_storage(ctx, s->t,
					 s->target == GL_TEXTURE_CUBE_MAP ? (uint32_t)s->off[2] : 0,
					 (uint32_t)s->level);
}

/* The image subresource and offset of a side: z is a 3D image's slice, or
 * the first of `depth` layers (cube faces, array layers). */
static void side_region(const struct vgl_copy_side *s, const struct vgl_tex_storage *st, uint32_t depth,
			VkImageSubresourceLayers *sub, VkOffset3D *o)
{
	bool slices = st->is_3d;

	*sub = (VkImageSubresourceLayers){ st->aspects, vgl_tex_storage_vk_level(st, (uint32_t)s->level),
					   slices ? 0 : vgl_tex_storage_vk_layer(st, (uint32_t)s->off[2]),
					   slices ? 1 : depth };
	*o = (VkOffset3D){ s->off[0], s->off[1], slices ? s->off[2] : 0 };
}

static void record_copy(struct vgl_context *ctx, const struct vgl_copy_side *src, const struct vgl_copy_side *dst,
			const int64_t size[3])
{
	struct vgl_tex_storage *a = vgl_copy_side_storage(ctx, src);
	struct vgl_tex_storage *b = vgl_copy_side_storage(ctx, dst);
	VkImageCopy r = { .extent = { (uint32_t)size[0], (uint32_t)size[1], (uint32_t)size[2] } };
	VkCommandBuffer cmd;

	if (!a || !b || !(cmd = vgl_batch_cmd(ctx))) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	vgl_batch_end_rendering(ctx);
	side_region(src, a, r.extent.depth, &r.srcSubresource, &r.srcOffset);
	side_region(dst, b, r.extent.depth, &r.dstSubresource, &r.dstOffset);
	vvk_CmdCopyImage(cmd, a->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, b->image,
			 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r);
	vgl_batch_use(ctx, &a->obj);
	vgl_batch_use(ctx, &b->obj);
	b->written = true;
}

/* The spec's errors after both sides resolved (bounds, blocks, formats,
 * samples); *path set when none. */
static GLenum check_copy(const struct vgl_copy_side *src, const struct vgl_copy_side *dst,
			 const int64_t size[3], enum path *path)
{
	int64_t out[3];

	dst_size(src, dst, size, out);
	if (!region_ok(src, size) || !region_ok(dst, out) || !blocks_ok(src, size) ||
	    !blocks_ok(dst, out))
		return GL_INVALID_VALUE;
	*path = copy_path(src, dst);
	/* the CPU path reads single-sample images only (no format it takes has more) */
	if (*path == PATH_NONE || src->samples != dst->samples ||
	    (*path == PATH_CPU && src->samples))
		return GL_INVALID_OPERATION;
	return GL_NO_ERROR;
}

/* The copy in units of the CPU path (vgl_copy_image.h): the source's
 * texels or blocks, each as large as the other side's. */
static GLenum copy_cpu(struct vgl_context *ctx, const struct vgl_copy_side *src,
		       const struct vgl_copy_side *dst, const int64_t size[3])
{
	struct vgl_copy_units u = { (uint32_t)size[0], (uint32_t)size[1], (uint32_t)size[2],
				    src->lv.fmt->dst_bpp, 0, 0 };
	int64_t out[3];
	uint32_t bw, bh;

	dst_size(src, dst, size, out);
	if (compressed(src)) {
		vgl_astc_block_size(src->lv.internal_format, &bw, &bh);
		u.w = (uint32_t)((size[0] + bw - 1) / bw);
		u.h = (uint32_t)((size[1] + bh - 1) / bh);
		u.bytes = vgl_tex_block_bytes(src->lv.internal_format);
	}
	u.dst_w = out[0];
	u.dst_h = out[1];
	return vgl_copy_image_cpu(ctx, src, dst, &u);
}

static GLenum copy_image(struct vgl_context *ctx, const GLuint names[2], struct vgl_copy_side *src,
			 struct vgl_copy_side *dst, const int64_t size[3])
{
	enum path path = PATH_NONE;
	GLenum e;

	if (!vgl_ext_on(ctx, VGL_EXT_EXT_copy_image))
		return GL_INVALID_OPERATION;
	if ((e = resolve(ctx, names[0], src)) != GL_NO_ERROR ||
	    (e = resolve(ctx, names[1], dst)) != GL_NO_ERROR ||
	    (e = check_copy(src, dst, size, &path)) != GL_NO_ERROR)
		return e;
	if (!size[0] || !size[1] || !size[2])
		return GL_NO_ERROR;
	if (path == PATH_CPU)
		return copy_cpu(ctx, src, dst, size);
	record_copy(ctx, src, dst, size);
	return GL_NO_ERROR;
}

static void GL_APIENTRY vgl_CopyImageSubDataOES(GLuint srcName, GLenum srcTarget, GLint srcLevel,
						GLint srcX, GLint srcY, GLint srcZ, GLuint dstName,
						GLenum dstTarget, GLint dstLevel, GLint dstX,
						GLint dstY, GLint dstZ, GLsizei srcWidth,
						GLsizei srcHeight, GLsizei srcDepth)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_copy_side src = { .target = srcTarget, .level = srcLevel, .off = { srcX, srcY, srcZ } };
	struct vgl_copy_side dst = { .target = dstTarget, .level = dstLevel, .off = { dstX, dstY, dstZ } };
	GLenum e;

	if (!ctx)
		return;
	e = copy_image(ctx, (const GLuint[]){ srcName, dstName }, &src, &dst,
		       (const int64_t[]){ srcWidth, srcHeight, srcDepth });
	if (e != GL_NO_ERROR)
		vgl_error(ctx, e);
}

const struct vgl_proc vgl_copy_image_procs[] = {
	VGL_PROC(CopyImageSubDataOES), VGL_PROC_EXT(CopyImageSubData),
	{ NULL, NULL },
};
