/* SPDX-License-Identifier: MIT */
/*
 * Window buffers: dma-bufs of a window system (GBM today) imported as vk/
 * images over the same host resource, and the present step that copies a
 * surface's colour image into one.
 *
 * Why a copy at present rather than rendering into the buffer: gl/ keeps
 * every image GL-style, bottom row first (vgl_framebuffer.h), while every
 * window system, KMS and the host's display take row 0 as the top row. The
 * present blit reverses the rows on the host (glBlitFramebuffer with a
 * mirrored box), and the surface's own image stays what GL renders to, with
 * its contents kept across swaps (EGL_BUFFER_PRESERVED, buffer age 1).
 */
#include <drm_fourcc.h>
#include <stdlib.h>

#include "vgl_context.h"
#include "vgl_batch.h"
#include "vgl_device.h"
#include "vgl_surface.h"

struct vgl_window_buffer {
	struct vgl_device *dev;
	struct vgl_image img;
	uint32_t width, height;
};

/* How views read the buffer (X8 reads as one: the host's format says so). */
static VkFormat view_format(uint32_t fourcc)
{
	switch (fourcc) {
	case DRM_FORMAT_XRGB8888:
	case DRM_FORMAT_ARGB8888:
		return VK_FORMAT_B8G8R8A8_UNORM;
	case DRM_FORMAT_XBGR8888:
	case DRM_FORMAT_ABGR8888:
		return VK_FORMAT_R8G8B8A8_UNORM;
	case DRM_FORMAT_RGB565:
		return VK_FORMAT_R5G6B5_UNORM_PACK16;
	default:
		return VK_FORMAT_UNDEFINED;
	}
}

static bool shared_layout(const struct vgl_dma_buf *buf)
{
	uint32_t cpp = buf->fourcc == DRM_FORMAT_RGB565 ? 2 : 4;

	/* the host's texture has no guest layout: only the tight one is ours */
	return buf->offset == 0 && (uint64_t)buf->width * cpp == buf->stride;
}

int vgl_window_buffer_import(struct vgl_device *dev, const struct vgl_dma_buf *buf,
			     struct vgl_window_buffer **out)
{
	struct vgl_window_buffer *b;
	VkFormat format = view_format(buf->fourcc);
	int ret;

	if (!vgl_device_has_dma_buf(dev))
		return VGL_ERROR_NO_DEVICE;
	if (format == VK_FORMAT_UNDEFINED || !shared_layout(buf))
		return VGL_ERROR_BAD_ATTRIBUTE;
	b = calloc(1, sizeof(*b));
	if (!b)
		return VGL_ERROR_OUT_OF_MEMORY;
	*b = (struct vgl_window_buffer){ .dev = dev, .width = buf->width, .height = buf->height };
	ret = vgl_image_create_shared(dev, format, buf->width, buf->height,
				      &(struct vvk_image_dma_buf_info){
					      .sType = VVK_STRUCTURE_TYPE_IMAGE_DMA_BUF_INFO,
					      .fd = buf->fd, .drm_format = buf->fourcc,
					      .flags = VVK_IMAGE_DMA_BUF_SCANOUT },
				      &b->img);
	if (ret) {
		free(b);
		return ret;
	}
	*out = b;
	return VGL_OK;
}

void vgl_window_buffer_destroy(struct vgl_window_buffer *b)
{
	if (!b)
		return;
	vgl_image_destroy_deferred(b->dev, &b->img);
	free(b);
}

int vgl_surface_present(struct vgl_context *ctx, struct vgl_surface *surf,
			struct vgl_window_buffer *b)
{
	int32_t w = (int32_t)(surf->info.width < b->width ? surf->info.width : b->width);
	int32_t h = (int32_t)(surf->info.height < b->height ? surf->info.height : b->height);
	VkCommandBuffer cmd = vgl_batch_cmd(ctx);

	if (!cmd)
		return VGL_ERROR_OUT_OF_MEMORY;
	vgl_batch_end_rendering(ctx);
	/* GL's bottom row (surface row 0) lands in the buffer's last row */
	vvk_CmdBlitImage(cmd, surf->color.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
			 b->img.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &(VkImageBlit){
		.srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
		.srcOffsets = { { 0, 0, 0 }, { w, h, 1 } },
		.dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
		.dstOffsets = { { 0, (int32_t)b->height, 0 },
				{ w, (int32_t)b->height - h, 1 } } },
			 VK_FILTER_NEAREST);
	return vgl_batch_flush(ctx);
}
