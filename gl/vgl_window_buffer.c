/* SPDX-License-Identifier: MIT */
/*
 * Window buffers: dma-bufs of a window system (GBM today) imported as vk/
 * images over the same host resource, and a window surface's cycle over
 * them: acquire a back buffer when GL first draws or reads after a swap,
 * render straight into it (y-down, vgl_framebuffer.h: the window system's
 * row 0 is the top row), hand it over at the swap. No copy of a frame is
 * ever made, except to honour EGL_BUFFER_PRESERVED.
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

int vgl_window_buffer_create(struct vgl_device *dev, uint32_t width, uint32_t height,
			     uint32_t fourcc, struct vgl_window_buffer **out)
{
	struct vgl_window_buffer *b;
	VkFormat format = view_format(fourcc);
	int ret;

	if (!vgl_device_has_dma_buf(dev))
		return VGL_ERROR_NO_DEVICE;
	if (format == VK_FORMAT_UNDEFINED || !width || !height)
		return VGL_ERROR_BAD_ATTRIBUTE;
	b = calloc(1, sizeof(*b));
	if (!b)
		return VGL_ERROR_OUT_OF_MEMORY;
	*b = (struct vgl_window_buffer){ .dev = dev, .width = width, .height = height };
	/* fd -1: a new resource the host shares (exportable as a dma-buf) */
	ret = vgl_image_create_shared(dev, format, width, height,
				      &(struct vvk_image_dma_buf_info){
					      .sType = VVK_STRUCTURE_TYPE_IMAGE_DMA_BUF_INFO,
					      .fd = -1, .drm_format = fourcc },
				      &b->img);
	if (ret) {
		free(b);
		return ret;
	}
	*out = b;
	return VGL_OK;
}

int vgl_window_buffer_export_fd(const struct vgl_window_buffer *b, int *fd)
{
	return vgl_result_from_vk(vvk_GetImageDmaBufFd(b->dev->dev, b->img.image, fd));
}

void vgl_window_buffer_destroy(struct vgl_window_buffer *b)
{
	if (!b)
		return;
	vgl_image_destroy_deferred(b->dev, &b->img);
	free(b);
}

const struct vgl_image *vgl_window_buffer_image(const struct vgl_window_buffer *b)
{
	return &b->img;
}

/* EGL_BUFFER_PRESERVED: the last frame into the new back buffer, in ctx. */
static void preserve(struct vgl_context *ctx, struct vgl_surface *s)
{
	const struct vgl_window_buffer *from = s->front, *to = s->back;
	VkCommandBuffer cmd = vgl_batch_cmd(ctx);
	int32_t w = (int32_t)(from->width < to->width ? from->width : to->width);
	int32_t h = (int32_t)(from->height < to->height ? from->height : to->height);

	if (!cmd)
		return;
	vgl_batch_end_rendering(ctx);
	vvk_CmdBlitImage(cmd, from->img.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
			 to->img.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &(VkImageBlit){
		.srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
		.srcOffsets = { { 0, 0, 0 }, { w, h, 1 } },
		.dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
		.dstOffsets = { { 0, 0, 0 }, { w, h, 1 } } },
			 VK_FILTER_NEAREST);
	s->back_age = 1;
}

/* A buffer of another size (a resized window) resizes the surface. */
static struct vgl_window_buffer *acquire(struct vgl_surface *s)
{
	struct vgl_window_buffer *b;

	if (s->back)
		return s->back;
	b = s->info.window->acquire(s->info.window_data, &s->back_age);
	if (b && vgl_surface_window_resize(s, b->width, b->height) != VGL_OK)
		return NULL; /* no depth buffer of the new size: nothing to draw into */
	s->back = b;
	vgl_surface_changed(s);
	return b;
}

struct vgl_window_buffer *vgl_surface_back(struct vgl_context *ctx, struct vgl_surface *s)
{
	bool fresh = !s->back;

	if (!acquire(s))
		return NULL;
	if (fresh && s->preserved && s->front && s->back != s->front && s->back_age != 1)
		preserve(ctx, s);
	/* a new buffer of an alpha-less config: alpha 1 (earlier ones kept it) */
	if (fresh && s->info.no_alpha && s->back_age == 0)
		vgl_surface_fill_alpha(ctx, &s->back->img);
	return s->back;
}

int vgl_surface_swap(struct vgl_context *ctx, struct vgl_surface *surf,
		     struct vgl_window_buffer **presented)
{
	int ret;

	if (!vgl_surface_back(ctx, surf))
		return VGL_ERROR_OUT_OF_MEMORY;
	ret = vgl_batch_flush(ctx);
	if (ret)
		return ret;
	*presented = surf->back;
	surf->front = surf->back;
	surf->back = NULL;
	vgl_surface_changed(surf);
	return VGL_OK;
}

int vgl_surface_buffer_age(struct vgl_surface *surf)
{
	return acquire(surf) ? surf->back_age : -1;
}

void vgl_surface_set_preserved(struct vgl_surface *surf, bool preserved)
{
	surf->preserved = preserved;
}
