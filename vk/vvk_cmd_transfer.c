/* SPDX-License-Identifier: MIT */
/*
 * Copies, blits, buffer updates and buffer<->image transfers.
 *
 * Buffer -> image: the buffer's bytes may be in its guest backing (the CPU
 * wrote them and flushed) or only on the host (a GPU command wrote them).
 * Flushing makes the host copy the truth in both cases, so the stream first
 * brings the host copy into the backing (TRANSFER3D FROM_HOST of the range),
 * then copies backing -> texture (COPY_TRANSFER3D). Image -> buffer runs the
 * other way: COPY_TRANSFER3D with the read-from-host flag fills the
 * buffer's backing from the texture, then TRANSFER3D TO_HOST makes the host
 * copy match (what invalidate reads back and later GPU commands see).
 */
#include "vdrm_cmds.h"
#include "vvk_buffer.h"
#include "vvk_cmd_buffer.h"
#include "vvk_device.h"
#include "vvk_format.h"
#include "vvk_image.h"

#define TRANSFER_TO_HOST 1
#define TRANSFER_FROM_HOST 2
#define COPY_TRANSFER_READ_FROM_HOST (1u << 1)
#define CAP2_COPY_TRANSFER_BOTH_DIRECTIONS (1u << 7)
#define INLINE_CHUNK 65536u

static bool buffer_range_ok(struct vvk_cmd_buffer *cmd, const struct vvk_buffer *b,
			    VkDeviceSize offset, VkDeviceSize size)
{
	if (b->mem && b->mem->res && offset <= b->size && size <= b->size - offset && size)
		return true;
	vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
	return false;
}

/* Everything sent is checked first: the host drops a client on a bad box. */
static bool image_box_ok(struct vvk_cmd_buffer *cmd, const struct vvk_image *img, uint32_t level,
			 const struct vdrm_box *box)
{
	if (level < img->levels && !vdrm_resource_box_validate(&img->res->info, level, box, NULL))
		return true;
	vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
	return false;
}

void vvk_CmdCopyBuffer(VkCommandBuffer commandBuffer, VkBuffer srcBuffer, VkBuffer dstBuffer,
		       uint32_t count, const VkBufferCopy *pRegions)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_buffer *src = vvk_buffer_from_handle(srcBuffer);
	struct vvk_buffer *dst = vvk_buffer_from_handle(dstBuffer);

	for (uint32_t i = 0; i < count; i++) {
		const VkBufferCopy *r = &pRegions[i];

		if (!buffer_range_ok(cmd, src, r->srcOffset, r->size) ||
		    !buffer_range_ok(cmd, dst, r->dstOffset, r->size))
			return;
		vdrm_encode_resource_copy_region(&cmd->cs, &(struct vdrm_cmd_resource_copy_region){
			.dst_res = dst->mem->res->res_handle,
			.dst_x = vvk_buffer_res_offset(dst, r->dstOffset),
			.src_res = src->mem->res->res_handle,
			.src_x = vvk_buffer_res_offset(src, r->srcOffset),
			.src_w = (uint32_t)r->size, .src_h = 1, .src_d = 1 });
	}
	vvk_cmd_use_memory(cmd, src->mem, false);
	vvk_cmd_use_memory(cmd, dst->mem, true);
}

static void inline_write(struct vvk_cmd_buffer *cmd, struct vvk_buffer *dst, VkDeviceSize offset,
			 const void *data, uint32_t size)
{
	vdrm_encode_resource_inline_write(&cmd->cs, &(struct vdrm_cmd_resource_inline_write){
		.res = dst->mem->res->res_handle, .x = vvk_buffer_res_offset(dst, offset),
		.w = size, .h = 1, .d = 1, .data = data, .size_bytes = size });
}

/*
 * Weaker than Vulkan's vkCmdUpdateBuffer: the host applies an inline write
 * when it decodes it, through an unsynchronized map of its GL buffer
 * (virglrenderer), not in GPU order. On a GPU host, commands recorded before
 * it that read the range may see the new bytes. Callers write only ranges no
 * queued command reads (gl/ stages other updates in a fresh range and copies
 * them with vvk_CmdCopyBuffer, which the host GPU orders: vgl_stream_update).
 * TODO: do that here, with a staging range per command buffer.
 */
void vvk_CmdUpdateBuffer(VkCommandBuffer commandBuffer, VkBuffer dstBuffer, VkDeviceSize offset,
			 VkDeviceSize size, const void *pData)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_buffer *dst = vvk_buffer_from_handle(dstBuffer);

	if (!buffer_range_ok(cmd, dst, offset, size))
		return;
	for (VkDeviceSize done = 0; done < size; done += INLINE_CHUNK)
		inline_write(cmd, dst, offset + done, (const uint8_t *)pData + done,
			     (uint32_t)VVK_MIN(size - done, (VkDeviceSize)INLINE_CHUNK));
	vvk_cmd_use_memory(cmd, dst->mem, true);
}

void vvk_CmdFillBuffer(VkCommandBuffer commandBuffer, VkBuffer dstBuffer, VkDeviceSize offset,
		       VkDeviceSize size, uint32_t data)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_buffer *dst = vvk_buffer_from_handle(dstBuffer);
	uint32_t *pattern;

	if (size == VK_WHOLE_SIZE)
		size = (dst->size - offset) & ~(VkDeviceSize)3;
	if (!buffer_range_ok(cmd, dst, offset, size))
		return;
	pattern = malloc(VVK_MIN(size, (VkDeviceSize)INLINE_CHUNK));
	if (!pattern) {
		vvk_cmd_set_error(cmd, VK_ERROR_OUT_OF_HOST_MEMORY);
		return;
	}
	for (uint32_t i = 0; i < VVK_MIN(size, (VkDeviceSize)INLINE_CHUNK) / 4; i++)
		pattern[i] = data;
	for (VkDeviceSize done = 0; done < size; done += INLINE_CHUNK)
		inline_write(cmd, dst, offset + done, pattern,
			     (uint32_t)VVK_MIN(size - done, (VkDeviceSize)INLINE_CHUNK));
	free(pattern);
	vvk_cmd_use_memory(cmd, dst->mem, true);
}

/* The layers (arrays) or slices (3D) a subresource + offset/extent covers. */
static void z_range(const struct vvk_image *img, const VkImageSubresourceLayers *sub,
		    int32_t z, uint32_t depth, uint32_t *first, uint32_t *count)
{
	if (img->type == VK_IMAGE_TYPE_3D) {
		*first = (uint32_t)z;
		*count = depth;
	} else {
		*first = sub->baseArrayLayer;
		*count = sub->layerCount == VK_REMAINING_ARRAY_LAYERS
				 ? img->layers - sub->baseArrayLayer : sub->layerCount;
	}
}

static struct vdrm_box region_box(const struct vvk_image *img, const VkImageSubresourceLayers *sub,
				  VkOffset3D o, VkExtent3D e)
{
	struct vdrm_box box = { (uint32_t)o.x, (uint32_t)o.y, 0, e.width, e.height, 0 };

	z_range(img, sub, o.z, e.depth, &box.z, &box.d);
	return box;
}

/* The source and destination boxes of a copy or resolve region, both checked. */
static bool region_boxes(struct vvk_cmd_buffer *cmd, const struct vvk_image *src,
			 const struct vvk_image *dst, const VkImageCopy *r, struct vdrm_box *s,
			 struct vdrm_box *d)
{
	*s = region_box(src, &r->srcSubresource, r->srcOffset, r->extent);
	*d = region_box(dst, &r->dstSubresource, r->dstOffset, r->extent);
	return image_box_ok(cmd, src, r->srcSubresource.mipLevel, s) &&
	       image_box_ok(cmd, dst, r->dstSubresource.mipLevel, d);
}

/* A transfer reads src and writes dst. */
static void use_images(struct vvk_cmd_buffer *cmd, struct vvk_image *src, struct vvk_image *dst)
{
	vvk_cmd_use_image(cmd, src, false);
	vvk_cmd_use_image(cmd, dst, true);
}

/*
 * Images of different formats copy bits only through the host's
 * glCopyImageSubData (VDRM_CAP_COPY_IMAGE): its RESOURCE_COPY_REGION takes
 * that path for nearly identical formats alone and blits (converting, one
 * layer) otherwise, but a BLIT that names one format for both sides, with
 * equal boxes, all channels, NEAREST and no scissor, blending or render
 * condition, is a glCopyImageSubData of the two textures (virglrenderer's
 * vrend_renderer_blit). Vulkan's rule: uncompressed formats of one texel size.
 */
VkBool32 vvk_physical_device_copies_between_formats(VkPhysicalDevice pdev)
{
	return vvk_physical_device_has_cap(vvk_physical_device_from_handle(pdev),
					   VDRM_CAP_COPY_IMAGE);
}

static bool reinterpret_ok(struct vvk_cmd_buffer *cmd, const struct vvk_image *src,
			   const struct vvk_image *dst)
{
	if (vvk_physical_device_has_cap(cmd->dev->pdev, VDRM_CAP_COPY_IMAGE) &&
	    src->samples == dst->samples &&
	    vvk_format_block_bytes(src->format) == vvk_format_block_bytes(dst->format) &&
	    vvk_format_block_width(src->format) == 1 && vvk_format_block_height(src->format) == 1 &&
	    vvk_format_block_width(dst->format) == 1 && vvk_format_block_height(dst->format) == 1)
		return true;
	vvk_cmd_set_error(cmd, VK_ERROR_FORMAT_NOT_SUPPORTED);
	return false;
}

static void copy_region(struct vvk_cmd_buffer *cmd, const struct vvk_image *src,
			const struct vvk_image *dst, const VkImageCopy *r,
			const struct vdrm_box *s, const struct vdrm_box *d)
{
	vdrm_encode_resource_copy_region(&cmd->cs, &(struct vdrm_cmd_resource_copy_region){
		.dst_res = dst->res->res_handle, .dst_level = r->dstSubresource.mipLevel,
		.dst_x = d->x, .dst_y = d->y, .dst_z = d->z,
		.src_res = src->res->res_handle, .src_level = r->srcSubresource.mipLevel,
		.src_x = s->x, .src_y = s->y, .src_z = s->z, .src_w = s->w, .src_h = s->h,
		.src_d = s->d });
}

static void copy_reinterpreted(struct vvk_cmd_buffer *cmd, const struct vvk_image *src,
			       const struct vvk_image *dst, const VkImageCopy *r,
			       const struct vdrm_box *s, const struct vdrm_box *d)
{
	vdrm_encode_blit(&cmd->cs, &(struct vdrm_cmd_blit){
		.s0 = 0xf, /* RGBA, NEAREST */
		.dst_res = dst->res->res_handle, .dst_level = r->dstSubresource.mipLevel,
		.dst_format = src->virgl_format, .dst_x = d->x, .dst_y = d->y, .dst_z = d->z,
		.dst_w = s->w, .dst_h = s->h, .dst_d = s->d,
		.src_res = src->res->res_handle, .src_level = r->srcSubresource.mipLevel,
		.src_format = src->virgl_format, .src_x = s->x, .src_y = s->y, .src_z = s->z,
		.src_w = s->w, .src_h = s->h, .src_d = s->d });
}

void vvk_CmdCopyImage(VkCommandBuffer commandBuffer, VkImage srcImage, VkImageLayout srcLayout,
		      VkImage dstImage, VkImageLayout dstLayout, uint32_t count,
		      const VkImageCopy *pRegions)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_image *src = vvk_image_from_handle(srcImage);
	struct vvk_image *dst = vvk_image_from_handle(dstImage);
	bool same = src->virgl_format == dst->virgl_format;

	(void)srcLayout;
	(void)dstLayout;
	if (!same && !reinterpret_ok(cmd, src, dst))
		return;
	for (uint32_t i = 0; i < count; i++) {
		const VkImageCopy *r = &pRegions[i];
		struct vdrm_box s, d;

		if (!region_boxes(cmd, src, dst, r, &s, &d))
			return;
		(same ? copy_region : copy_reinterpreted)(cmd, src, dst, r, &s, &d);
	}
	use_images(cmd, src, dst);
}

/* A buffer<->image region as the host's transfer sees it. */
struct copy_layout {
	struct vdrm_box box;
	uint32_t level;
	uint32_t stride, layer_stride;
	uint32_t buf_offset; /* in the memory's resource */
	uint32_t bytes;      /* from buf_offset to the last byte touched */
};

static uint32_t div_up(uint32_t a, uint32_t b)
{
	return (a + b - 1) / b;
}

static bool copy_layout(struct vvk_cmd_buffer *cmd, const struct vvk_image *img,
			const struct vvk_buffer *buf, const VkBufferImageCopy *r,
			struct copy_layout *out)
{
	uint32_t bw = vvk_format_block_width(img->format), bh = vvk_format_block_height(img->format);
	uint32_t bpb = vvk_format_block_bytes(img->format);
	uint32_t row = r->bufferRowLength ? r->bufferRowLength : r->imageExtent.width;
	uint32_t rows = r->bufferImageHeight ? r->bufferImageHeight : r->imageExtent.height;

	/* packed depth/stencil differs from Vulkan's per-aspect buffer layout:
	 * only both aspects at once are copied, as whole packed texels (the
	 * host's layout, which is GL's UNSIGNED_INT_24_8 and
	 * FLOAT_32_UNSIGNED_INT_24_8_REV: beyond Vulkan, for gl/'s uploads) */
	if (r->imageSubresource.aspectMask != VK_IMAGE_ASPECT_COLOR_BIT &&
	    img->aspects != VK_IMAGE_ASPECT_DEPTH_BIT &&
	    r->imageSubresource.aspectMask != img->aspects) {
		vvk_cmd_set_error(cmd, VK_ERROR_FORMAT_NOT_SUPPORTED);
		return false;
	}
	out->box = region_box(img, &r->imageSubresource, r->imageOffset, r->imageExtent);
	out->level = r->imageSubresource.mipLevel;
	out->stride = div_up(row, bw) * bpb;
	out->layer_stride = div_up(rows, bh) * out->stride;
	out->buf_offset = vvk_buffer_res_offset(buf, r->bufferOffset);
	out->bytes = out->layer_stride * (out->box.d - 1) +
		     out->stride * (div_up(out->box.h, bh) - 1) + div_up(out->box.w, bw) * bpb;
	return image_box_ok(cmd, img, out->level, &out->box) &&
	       buffer_range_ok(cmd, buf, r->bufferOffset, out->bytes);
}

static void buffer_transfer(struct vvk_cmd_buffer *cmd, const struct vvk_buffer *buf,
			    const struct copy_layout *l, uint32_t direction)
{
	/* offset = x: the range lands at its own place in the backing */
	vdrm_encode_transfer3d(&cmd->cs, &(struct vdrm_cmd_transfer3d){
		.res = buf->mem->res->res_handle, .x = l->buf_offset, .w = l->bytes, .h = 1,
		.d = 1, .offset = l->buf_offset, .direction = direction });
}

static void copy_transfer(struct vvk_cmd_buffer *cmd, const struct vvk_image *img,
			  const struct vvk_buffer *buf, const struct copy_layout *l, uint32_t flags)
{
	vdrm_encode_copy_transfer3d(&cmd->cs, &(struct vdrm_cmd_copy_transfer3d){
		.res = img->res->res_handle, .level = l->level, .stride = l->stride,
		.layer_stride = l->layer_stride, .x = l->box.x, .y = l->box.y, .z = l->box.z,
		.w = l->box.w, .h = l->box.h, .d = l->box.d,
		.src_res = buf->mem->res->res_handle, .src_offset = l->buf_offset,
		.flags = flags });
}

static bool has_copy_transfer(struct vvk_cmd_buffer *cmd, bool both_directions)
{
	struct vvk_physical_device *pdev = cmd->dev->pdev;

	if (vvk_physical_device_has_cap(pdev, VDRM_CAP_COPY_TRANSFER) &&
	    (!both_directions ||
	     vvk_physical_device_has_cap2(pdev, CAP2_COPY_TRANSFER_BOTH_DIRECTIONS)))
		return true;
	vvk_cmd_set_error(cmd, VK_ERROR_FEATURE_NOT_PRESENT);
	return false;
}

void vvk_CmdCopyBufferToImage(VkCommandBuffer commandBuffer, VkBuffer srcBuffer, VkImage dstImage,
			      VkImageLayout dstLayout, uint32_t count,
			      const VkBufferImageCopy *pRegions)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_buffer *buf = vvk_buffer_from_handle(srcBuffer);
	struct vvk_image *img = vvk_image_from_handle(dstImage);
	struct copy_layout l;

	(void)dstLayout;
	if (!has_copy_transfer(cmd, false))
		return;
	for (uint32_t i = 0; i < count; i++) {
		if (!copy_layout(cmd, img, buf, &pRegions[i], &l))
			return;
		buffer_transfer(cmd, buf, &l, TRANSFER_FROM_HOST);
		copy_transfer(cmd, img, buf, &l, 0);
	}
	/* the backing is rewritten from the host copy: same bytes, still a write */
	vvk_cmd_use_memory(cmd, buf->mem, true);
	vvk_cmd_use_image(cmd, img, true);
}

void vvk_CmdCopyImageToBuffer(VkCommandBuffer commandBuffer, VkImage srcImage,
			      VkImageLayout srcLayout, VkBuffer dstBuffer, uint32_t count,
			      const VkBufferImageCopy *pRegions)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_image *img = vvk_image_from_handle(srcImage);
	struct vvk_buffer *buf = vvk_buffer_from_handle(dstBuffer);
	struct copy_layout l;

	(void)srcLayout;
	if (!has_copy_transfer(cmd, true))
		return;
	for (uint32_t i = 0; i < count; i++) {
		if (!copy_layout(cmd, img, buf, &pRegions[i], &l))
			return;
		copy_transfer(cmd, img, buf, &l, COPY_TRANSFER_READ_FROM_HOST);
		buffer_transfer(cmd, buf, &l, TRANSFER_TO_HOST);
	}
	vvk_cmd_use_image(cmd, img, false);
	vvk_cmd_use_memory(cmd, buf->mem, true);
}

static uint32_t blit_mask(VkImageAspectFlags a)
{
	return ((a & VK_IMAGE_ASPECT_COLOR_BIT) ? 0xfu : 0) |
	       ((a & VK_IMAGE_ASPECT_DEPTH_BIT) ? 0x10u : 0) |
	       ((a & VK_IMAGE_ASPECT_STENCIL_BIT) ? 0x20u : 0);
}

/* Blit boxes may be mirrored: the host takes negative extents. */
static struct vdrm_box blit_box(const struct vvk_image *img, const VkImageSubresourceLayers *sub,
				const VkOffset3D o[2])
{
	struct vdrm_box b = { (uint32_t)o[0].x, (uint32_t)o[0].y, 0,
			      (uint32_t)(o[1].x - o[0].x), (uint32_t)(o[1].y - o[0].y), 0 };

	z_range(img, sub, o[0].z, (uint32_t)(o[1].z - o[0].z), &b.z, &b.d);
	return b;
}

static bool blit_box_ok(struct vvk_cmd_buffer *cmd, const struct vvk_image *img, uint32_t level,
			const VkOffset3D o[2], const struct vdrm_box *b)
{
	struct vdrm_box check = { (uint32_t)VVK_MIN(o[0].x, o[1].x), (uint32_t)VVK_MIN(o[0].y, o[1].y),
				  b->z, (uint32_t)abs(o[1].x - o[0].x),
				  (uint32_t)abs(o[1].y - o[0].y), b->d };

	return image_box_ok(cmd, img, level, &check);
}

void vvk_CmdBlitImage(VkCommandBuffer commandBuffer, VkImage srcImage, VkImageLayout srcLayout,
		      VkImage dstImage, VkImageLayout dstLayout, uint32_t count,
		      const VkImageBlit *pRegions, VkFilter filter)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_image *src = vvk_image_from_handle(srcImage);
	struct vvk_image *dst = vvk_image_from_handle(dstImage);

	(void)srcLayout;
	(void)dstLayout;
	for (uint32_t i = 0; i < count; i++) {
		const VkImageBlit *r = &pRegions[i];
		struct vdrm_box s = blit_box(src, &r->srcSubresource, r->srcOffsets);
		struct vdrm_box d = blit_box(dst, &r->dstSubresource, r->dstOffsets);

		if (!blit_box_ok(cmd, src, r->srcSubresource.mipLevel, r->srcOffsets, &s) ||
		    !blit_box_ok(cmd, dst, r->dstSubresource.mipLevel, r->dstOffsets, &d))
			return;
		vdrm_encode_blit(&cmd->cs, &(struct vdrm_cmd_blit){
			.s0 = blit_mask(r->dstSubresource.aspectMask) |
			      (filter == VK_FILTER_LINEAR ? 1u << 8 : 0),
			.dst_res = dst->res->res_handle, .dst_level = r->dstSubresource.mipLevel,
			.dst_format = dst->virgl_format, .dst_x = d.x, .dst_y = d.y, .dst_z = d.z,
			.dst_w = d.w, .dst_h = d.h, .dst_d = d.d,
			.src_res = src->res->res_handle, .src_level = r->srcSubresource.mipLevel,
			.src_format = src->virgl_format, .src_x = s.x, .src_y = s.y, .src_z = s.z,
			.src_w = s.w, .src_h = s.h, .src_d = s.d });
	}
	use_images(cmd, src, dst);
}

/*
 * A resolve is a BLIT of equal boxes out of a multisample texture: the host
 * runs it as glBlitFramebuffer, which averages the samples (and takes
 * sample 0 of integer formats, as Vulkan's SAMPLE_ZERO).
 */
void vvk_cmd_resolve(struct vvk_cmd_buffer *cmd, struct vvk_image *src, struct vvk_image *dst,
		     struct vdrm_cmd_blit *blit)
{
	if (src->samples <= 1 || dst->samples > 1) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	blit->s0 = 0xf; /* RGBA, NEAREST */
	blit->src_res = src->res->res_handle;
	blit->dst_res = dst->res->res_handle;
	blit->src_format = blit->src_format ? blit->src_format : src->virgl_format;
	blit->dst_format = blit->dst_format ? blit->dst_format : dst->virgl_format;
	vdrm_encode_blit(&cmd->cs, blit);
	use_images(cmd, src, dst);
}

void vvk_CmdResolveImage(VkCommandBuffer commandBuffer, VkImage srcImage, VkImageLayout srcLayout,
			 VkImage dstImage, VkImageLayout dstLayout, uint32_t count,
			 const VkImageResolve *pRegions)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_image *src = vvk_image_from_handle(srcImage);
	struct vvk_image *dst = vvk_image_from_handle(dstImage);

	(void)srcLayout;
	(void)dstLayout;
	for (uint32_t i = 0; i < count; i++) {
		const VkImageResolve *r = &pRegions[i];
		const VkImageCopy c = { r->srcSubresource, r->srcOffset, r->dstSubresource,
					r->dstOffset, r->extent };
		struct vdrm_box s, d;

		if (!region_boxes(cmd, src, dst, &c, &s, &d))
			return;
		vvk_cmd_resolve(cmd, src, dst, &(struct vdrm_cmd_blit){
			.dst_level = r->dstSubresource.mipLevel, .dst_x = d.x, .dst_y = d.y,
			.dst_z = d.z, .dst_w = d.w, .dst_h = d.h, .dst_d = d.d,
			.src_x = s.x, .src_y = s.y, .src_z = s.z, .src_w = s.w, .src_h = s.h,
			.src_d = s.d });
	}
}

/* Where the host blends by the advanced equations (vvk_instance.c), a
 * barrier before their non-coherent reads of the attachments is the host's
 * glBlendBarrierKHR: TEXTURE_BARRIER with PIPE_TEXTURE_BARRIER_FRAMEBUFFER. */
static void blend_barrier(struct vvk_cmd_buffer *cmd, VkAccessFlags2 dst)
{
	if ((dst & VK_ACCESS_2_COLOR_ATTACHMENT_READ_NONCOHERENT_BIT_EXT) &&
	    cmd->dev->pdev->advanced_blend == VVK_ADVANCED_BLEND_HOST &&
	    vvk_physical_device_has_cap(cmd->dev->pdev, VDRM_CAP_TEXTURE_BARRIER))
		vdrm_encode_texture_barrier(&cmd->cs, &(struct vdrm_cmd_texture_barrier){
			.flags = 1u << 1 });
}

void vvk_CmdPipelineBarrier2(VkCommandBuffer commandBuffer, const VkDependencyInfo *pInfo)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	VkAccessFlags2 src = 0, dst = 0;

	for (uint32_t i = 0; i < pInfo->memoryBarrierCount; i++)
		dst |= pInfo->pMemoryBarriers[i].dstAccessMask;
	blend_barrier(cmd, dst);
	for (uint32_t i = 0; i < pInfo->memoryBarrierCount; i++)
		src |= pInfo->pMemoryBarriers[i].srcAccessMask;
	for (uint32_t i = 0; i < pInfo->bufferMemoryBarrierCount; i++)
		src |= pInfo->pBufferMemoryBarriers[i].srcAccessMask;
	for (uint32_t i = 0; i < pInfo->imageMemoryBarrierCount; i++)
		src |= pInfo->pImageMemoryBarriers[i].srcAccessMask;
	/* The host runs commands in order; only shader stores need GL's
	 * glMemoryBarrier before later reads see them. */
	if (!(src & (VK_ACCESS_2_SHADER_WRITE_BIT | VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT |
		     VK_ACCESS_2_MEMORY_WRITE_BIT)))
		return;
	if (vvk_physical_device_has_cap(cmd->dev->pdev, VDRM_CAP_MEMORY_BARRIER))
		vdrm_encode_memory_barrier(&cmd->cs, &(struct vdrm_cmd_memory_barrier){
			.flags = 0xfff });
}
