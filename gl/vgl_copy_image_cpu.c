/* SPDX-License-Identifier: MIT */
/*
 * glCopyImageSubData through the CPU (vgl_copy_image.h): the copies whose
 * bits exist on one side only in the CPU's copy of compressed blocks
 * (vgl_texture_blocks.h), and copies into a colour-renderable RGB image
 * whose hidden alpha must stay 1 (vgl_pixel_hidden_alpha). An uncompressed
 * source is read back (the batch flushed and waited for, as glReadPixels
 * does); the destination's texels are uploaded in the batch.
 */
#include <stdlib.h>
#include <string.h>

#include "vgl_astc.h"
#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_copy_image.h"
#include "vgl_device.h"
#include "vgl_framebuffer.h"
#include "vgl_pixel.h"
#include "vgl_texture_blocks.h"
#include "vgl_texture_image.h"

static bool blocks(const struct vgl_copy_side *s)
{
	return vgl_tex_block_bytes(s->lv.internal_format) != 0;
}

static size_t layer_bytes(const struct vgl_copy_units *u)
{
	return (size_t)u->w * u->h * u->bytes;
}

/* The side's i-th layer of the copy: a cube face, array layer or 3D slice. */
static uint32_t layer_of(const struct vgl_copy_side *s, uint32_t i)
{
	return (uint32_t)s->off[2] + i;
}

/* ---- blocks ------------------------------------------------------------------- */

/* The side's blocks of the copy into buf (or from it: write); layer by
 * layer, as a cube's faces keep theirs apart. */
static bool blocks_io(const struct vgl_copy_side *s, const struct vgl_copy_units *u, uint8_t *buf,
		      bool write)
{
	bool cube = s->target == GL_TEXTURE_CUBE_MAP;
	uint32_t bw, bh;

	vgl_astc_block_size(s->lv.internal_format, &bw, &bh);
	for (uint32_t i = 0; i < u->d; i++) {
		struct vgl_block_box box = { (uint32_t)s->off[0] / bw, (uint32_t)s->off[1] / bh,
					     cube ? 0 : layer_of(s, i), u->w, u->h, 1 };
		uint32_t face = cube ? layer_of(s, i) : 0;
		uint8_t *at = buf + i * layer_bytes(u);
		bool ok = write ? vgl_tex_blocks_write(s->t, face, (uint32_t)s->level, &box, at)
				: vgl_tex_blocks_read(s->t, face, (uint32_t)s->level, &box, at);

		if (!ok)
			return false;
	}
	return true;
}

/* ---- texels -------------------------------------------------------------------- */

/* Reads layer i (at its origin) of the staging image into dst at layer
 * i's place in the buffer. */
static void record_read(VkCommandBuffer cmd, struct vgl_tex_storage *staging,
			const struct vgl_copy_units *u, VkBuffer dst)
{
	for (uint32_t i = 0; i < u->d; i++)
		vvk_CmdCopyImageToBuffer(cmd, staging->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst,
					 1, &(VkBufferImageCopy){
			.bufferOffset = i * layer_bytes(u),
			.imageSubresource = { staging->aspects, 0, i, 1 },
			.imageExtent = { u->w, u->h, 1 } });
}

/* Copies the side's region, layer by layer (a 3D image's slices), into
 * the layers of the staging image on the host's GPU. */
static void record_stage(VkCommandBuffer cmd, const struct vgl_copy_side *s,
			 struct vgl_tex_storage *st, const struct vgl_copy_units *u,
			 struct vgl_tex_storage *staging)
{
	for (uint32_t i = 0; i < u->d; i++)
		vvk_CmdCopyImage(cmd, st->image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, staging->image,
				 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &(VkImageCopy){
			.srcSubresource = { st->aspects, vgl_tex_storage_vk_level(st, (uint32_t)s->level),
					    st->is_3d ? 0 : vgl_tex_storage_vk_layer(st, layer_of(s, i)), 1 },
			.srcOffset = { s->off[0], s->off[1], st->is_3d ? (int32_t)layer_of(s, i) : 0 },
			.dstSubresource = { staging->aspects, 0, i, 1 },
			.extent = { u->w, u->h, 1 } });
}

/*
 * The side's texels land in a single-level staging image first, which is
 * read back: a read of the texture's own level leaves it unsampleable on
 * NVIDIA's GL under virglrenderer 0.10 once a draw sampled it through a
 * narrower level range (BASE/MAX_LEVEL as the last sampler view left them
 * on the host): the read returns zeros and the texture samples zeros at
 * every level but that range's after it. A host copy out of the level
 * keeps both right; done for every host, as the host's state is unknown.
 */
static bool record_staged_read(struct vgl_context *ctx, const struct vgl_copy_side *s,
			       struct vgl_tex_storage *st, const struct vgl_copy_units *u,
			       VkBuffer dst)
{
	struct vgl_tex_storage *staging = vgl_tex_storage_create(ctx->dev,
		&(struct vgl_tex_storage_info){ .format = st->format, .width = u->w,
						.height = u->h, .levels = 1, .layers = u->d });
	VkCommandBuffer cmd = vgl_batch_cmd(ctx);

	if (!staging || !cmd) {
		vgl_tex_storage_unref(staging);
		return false;
	}
	vgl_batch_end_rendering(ctx);
	record_stage(cmd, s, st, u, staging);
	record_read(cmd, staging, u, dst);
	vgl_batch_use(ctx, &st->obj);
	vgl_batch_use(ctx, &staging->obj);
	vgl_tex_storage_unref(staging);
	return true;
}

/* The side's texels of the copy, read back into buf. An image no batch
 * wrote holds nothing defined: zeros, without a wait. */
static bool read_texels(struct vgl_context *ctx, const struct vgl_copy_side *s,
			struct vgl_tex_storage *st, const struct vgl_copy_units *u, uint8_t *buf)
{
	size_t size = layer_bytes(u) * u->d;
	struct vgl_storage *b;
	bool ok;

	if (!st->written) {
		memset(buf, 0, size);
		return true;
	}
	b = vgl_storage_create(ctx->dev, size, true);
	if (!b || !record_staged_read(ctx, s, st, u, b->buf)) {
		vgl_storage_unref(b);
		return false;
	}
	ok = vgl_read_finish(ctx, b) == VGL_OK;
	if (ok)
		memcpy(buf, b->map, size);
	vgl_storage_unref(b);
	return ok;
}

/* The bits of 1 in the last channel of an RGBA storage format holding an
 * RGB one; false: not one with a hidden alpha. */
static bool alpha_one(VkFormat f, uint32_t *one, uint32_t *bytes)
{
	switch (f) {
	case VK_FORMAT_R8G8B8A8_UNORM: case VK_FORMAT_R8G8B8A8_SRGB:
		*one = 0xff, *bytes = 1; return true;
	case VK_FORMAT_R16G16B16A16_SFLOAT:
		*one = 0x3c00, *bytes = 2; return true;
	case VK_FORMAT_R32G32B32A32_SFLOAT:
		*one = 0x3f800000, *bytes = 4; return true;
	default:
		return false;
	}
}

/* A colour buffer's hidden alpha reads and blends as 1: set it in every
 * texel coming in (the source's fourth channel is another format's). */
static void keep_alpha_one(const struct vgl_copy_side *dst, const struct vgl_copy_units *u,
			   uint8_t *buf)
{
	uint32_t one, bytes;
	size_t n = (size_t)u->w * u->h * u->d;

	if (!vgl_pixel_hidden_alpha(dst->lv.fmt) || !dst->lv.fmt->renderable ||
	    !alpha_one(dst->lv.fmt->vk, &one, &bytes))
		return;
	for (size_t i = 0; i < n; i++)
		memcpy(buf + (i + 1) * u->bytes - bytes, &one, bytes); /* little-endian, as the host */
}

static void upload_texels(struct vgl_context *ctx, const struct vgl_copy_side *dst,
			  struct vgl_tex_storage *st, const struct vgl_copy_units *u,
			  const uint8_t *buf)
{
	struct vgl_pixel_format raw = *dst->lv.fmt;

	raw.conv = VGL_CONV_COPY;
	raw.src_bpp = raw.dst_bpp;
	vgl_tex_storage_upload(ctx, st, &(struct vgl_upload){
		.level = (uint32_t)dst->level, .layer = (uint32_t)dst->off[2], .x = dst->off[0],
		.y = dst->off[1], .width = u->w, .height = u->h, .depth = u->d,
		.image_stride = layer_bytes(u), .fmt = &raw, .pixels = buf,
		.stride = (size_t)u->w * u->bytes });
}

/* ---- the copy -------------------------------------------------------------------- */

static bool fetch(struct vgl_context *ctx, const struct vgl_copy_side *src,
		  const struct vgl_copy_units *u, uint8_t *buf)
{
	struct vgl_tex_storage *st;

	if (blocks(src))
		return blocks_io(src, u, buf, false);
	st = vgl_copy_side_storage(ctx, src);
	return st && read_texels(ctx, src, st, u, buf);
}

static bool store(struct vgl_context *ctx, const struct vgl_copy_side *dst,
		  const struct vgl_copy_units *u, uint8_t *buf)
{
	struct vgl_tex_storage *st = vgl_copy_side_storage(ctx, dst);

	if (!st)
		return false;
	if (!blocks(dst)) {
		keep_alpha_one(dst, u, buf);
		upload_texels(ctx, dst, st, u, buf);
		return true;
	}
	if (!blocks_io(dst, u, buf, true))
		return false;
	vgl_tex_compressed_upload(ctx, st, dst->lv.internal_format, dst->lv.fmt, &(struct vgl_upload){
		.level = (uint32_t)dst->level, .layer = (uint32_t)dst->off[2], .x = dst->off[0],
		.y = dst->off[1], .width = (uint32_t)u->dst_w, .height = (uint32_t)u->dst_h,
		.depth = u->d }, buf);
	return true;
}

GLenum vgl_copy_image_cpu(struct vgl_context *ctx, const struct vgl_copy_side *src,
			  const struct vgl_copy_side *dst, const struct vgl_copy_units *u)
{
	uint64_t size;
	uint8_t *buf;
	bool ok;

	if (__builtin_mul_overflow((uint64_t)layer_bytes(u), u->d, &size) || size > SIZE_MAX ||
	    !(buf = malloc((size_t)size ? (size_t)size : 1)))
		return GL_OUT_OF_MEMORY;
	ok = fetch(ctx, src, u, buf) && store(ctx, dst, u, buf);
	free(buf);
	return ok ? GL_NO_ERROR : GL_OUT_OF_MEMORY;
}
