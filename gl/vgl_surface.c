/* SPDX-License-Identifier: MIT */
#include <pthread.h>

#include "vgl_surface.h"

#include <stdlib.h>
#include <string.h>

#include "vgl_batch.h"
#include "vgl_buffer.h"
#include "vgl_device.h"

pthread_mutex_t vgl_bind_lock = PTHREAD_MUTEX_INITIALIZER;

VkImageAspectFlags vgl_format_aspects(VkFormat f)
{
	switch (f) {
	case VK_FORMAT_D16_UNORM:
	case VK_FORMAT_D32_SFLOAT:
	case VK_FORMAT_X8_D24_UNORM_PACK32:
		return VK_IMAGE_ASPECT_DEPTH_BIT;
	case VK_FORMAT_D24_UNORM_S8_UINT:
	case VK_FORMAT_D32_SFLOAT_S8_UINT:
		return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
	case VK_FORMAT_S8_UINT:
		return VK_IMAGE_ASPECT_STENCIL_BIT;
	default:
		return VK_IMAGE_ASPECT_COLOR_BIT;
	}
}

static VkResult image_memory(struct vgl_device *dev, struct vgl_image *img)
{
	VkMemoryRequirements req;
	VkMemoryAllocateInfo ai = { .sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO };
	VkResult r;

	vvk_GetImageMemoryRequirements(dev->dev, img->image, &req);
	ai.allocationSize = req.size;
	ai.memoryTypeIndex = 0; /* images accept device-local memory only */
	r = vvk_AllocateMemory(dev->dev, &ai, NULL, &img->mem);
	if (r == VK_SUCCESS)
		r = vvk_BindImageMemory(dev->dev, img->image, img->mem, 0);
	return r;
}

static VkResult image_view(struct vgl_device *dev, struct vgl_image *img)
{
	VkImageViewCreateInfo vi = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = img->image,
		.viewType = VK_IMAGE_VIEW_TYPE_2D, .format = img->format,
		.subresourceRange = { img->aspects, 0, 1, 0, 1 } };

	return vvk_CreateImageView(dev->dev, &vi, NULL, &img->view);
}

static void image_free(struct vgl_device *dev, struct vgl_image *img)
{
	vvk_DestroyImageView(dev->dev, img->view, NULL);
	vvk_DestroyImage(dev->dev, img->image, NULL);
	vvk_FreeMemory(dev->dev, img->mem, NULL);
	memset(img, 0, sizeof(*img));
}

static int image_create(struct vgl_device *dev, VkFormat format, uint32_t w, uint32_t h,
			uint32_t samples, const struct vvk_image_dma_buf_info *dmabuf,
			struct vgl_image *out);

int vgl_image_create(struct vgl_device *dev, VkFormat format, uint32_t w, uint32_t h,
		     struct vgl_image *out)
{
	return image_create(dev, format, w, h, 1, NULL, out);
}

int vgl_image_create_shared(struct vgl_device *dev, VkFormat format, uint32_t w, uint32_t h,
			    const struct vvk_image_dma_buf_info *dmabuf, struct vgl_image *out)
{
	return image_create(dev, format, w, h, 1, dmabuf, out);
}

static int image_create(struct vgl_device *dev, VkFormat format, uint32_t w, uint32_t h,
			uint32_t samples, const struct vvk_image_dma_buf_info *dmabuf,
			struct vgl_image *out)
{
	VkImageAspectFlags aspects = vgl_format_aspects(format);
	bool color = aspects == VK_IMAGE_ASPECT_COLOR_BIT;
	VkImageCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .pNext = dmabuf,
		.imageType = VK_IMAGE_TYPE_2D, .format = format, .extent = { w, h, 1 }, .mipLevels = 1, .arrayLayers = 1,
		.samples = (VkSampleCountFlagBits)samples, .tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
			 VK_IMAGE_USAGE_SAMPLED_BIT |
			 (color ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
				: VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT) };
	VkResult r;

	memset(out, 0, sizeof(*out));
	out->format = format;
	out->aspects = aspects;
	r = vvk_CreateImage(dev->dev, &ci, NULL, &out->image);
	if (r == VK_SUCCESS)
		r = image_memory(dev, out);
	if (r == VK_SUCCESS)
		r = image_view(dev, out);
	if (r != VK_SUCCESS) {
		image_free(dev, out);
		return r == VK_ERROR_FORMAT_NOT_SUPPORTED || r == VK_ERROR_INVALID_EXTERNAL_HANDLE
			       ? VGL_ERROR_BAD_ATTRIBUTE : vgl_result_from_vk(r);
	}
	return VGL_OK;
}

static void image_free_cb(struct vgl_device *dev, void *arg)
{
	image_free(dev, arg);
	free(arg);
}

void vgl_image_destroy_deferred(struct vgl_device *dev, struct vgl_image *img)
{
	struct vgl_image *copy;

	if (!img->image)
		return;
	copy = malloc(sizeof(*copy));
	if (!copy) {
		vvk_DeviceWaitIdle(dev->dev);
		image_free(dev, img);
		return;
	}
	*copy = *img;
	memset(img, 0, sizeof(*img));
	vgl_device_defer(dev, image_free_cb, copy);
}

static int surface_images(struct vgl_surface *s);

bool vgl_surface_format_renderable(struct vgl_device *dev, VkFormat format, uint32_t samples)
{
	bool color = vgl_format_aspects(format) == VK_IMAGE_ASPECT_COLOR_BIT;
	VkImageFormatProperties p;

	if (vvk_GetPhysicalDeviceImageFormatProperties(
		    dev->pdev, format, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
		    (color ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
			   : VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT) |
			    VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
		    0, &p) != VK_SUCCESS)
		return false;
	return (p.sampleCounts & samples) != 0;
}

void vgl_surface_fill_alpha(struct vgl_context *ctx, const struct vgl_image *img)
{
	static const VkImageSubresourceRange all = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 };
	VkCommandBuffer cmd = vgl_batch_cmd(ctx);

	if (!cmd)
		return;
	vgl_batch_end_rendering(ctx);
	vvk_CmdClearColorImage(cmd, img->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
			       &(VkClearColorValue){ .float32 = { 0, 0, 0, 1 } }, 1, &all);
}

static bool valid_info(const struct vgl_device *dev, const struct vgl_surface_info *info)
{
	uint32_t max = dev->props.limits.maxImageDimension2D;

	if (!info->width || !info->height || info->width > max || info->height > max)
		return false;
	/* multisample windows: not yet (each frame would resolve into the
	 * window system's buffer) */
	if (info->samples > 1 && (info->window || (info->samples & (info->samples - 1))))
		return false;
	switch (info->window ? VK_FORMAT_R8G8B8A8_UNORM : info->color) {
	case VK_FORMAT_R8G8B8A8_UNORM:
	case VK_FORMAT_B8G8R8A8_UNORM:
	case VK_FORMAT_R5G6B5_UNORM_PACK16:
		break;
	default:
		return false;
	}
	return info->depth_stencil == VK_FORMAT_UNDEFINED ||
	       info->depth_stencil == VK_FORMAT_D16_UNORM ||
	       info->depth_stencil == VK_FORMAT_X8_D24_UNORM_PACK32 ||
	       info->depth_stencil == VK_FORMAT_D24_UNORM_S8_UINT ||
	       info->depth_stencil == VK_FORMAT_D32_SFLOAT;
}

int vgl_surface_create(struct vgl_device *dev, const struct vgl_surface_info *info,
		       struct vgl_surface **out)
{
	struct vgl_surface *s;
	int ret;

	if (!valid_info(dev, info))
		return VGL_ERROR_BAD_ATTRIBUTE;
	s = calloc(1, sizeof(*s));
	if (!s)
		return VGL_ERROR_OUT_OF_MEMORY;
	s->dev = dev;
	s->info = *info;
	/* a window's buffers come back with their last frame: never read them
	 * as never written */
	s->color_written = info->window != NULL;
	s->alpha_unfilled = info->no_alpha && !info->window;
	/* a window's colour buffers are the window system's */
	if (info->window && info->depth_stencil != VK_FORMAT_UNDEFINED)
		ret = vgl_image_create(dev, info->depth_stencil, info->width, info->height, &s->ds);
	else
		ret = info->window ? VGL_OK : surface_images(s);
	if (ret) {
		image_free(dev, &s->color);
		image_free(dev, &s->msaa);
		image_free(dev, &s->ds);
		free(s);
		return ret;
	}
	vgl_surface_changed(s);
	*out = s;
	return VGL_OK;
}

void vgl_surface_changed(struct vgl_surface *s)
{
	static uint64_t stamps;

	s->stamp = __atomic_add_fetch(&stamps, 1, __ATOMIC_RELAXED);
}

int vgl_surface_window_resize(struct vgl_surface *s, uint32_t w, uint32_t h)
{
	struct vgl_image ds = { 0 };
	int ret;

	if (w == s->info.width && h == s->info.height)
		return VGL_OK;
	/* no batch can name the old depth image: the window's framebuffer
	 * needs the back buffer, whose acquisition this is */
	if (s->ds.image) {
		ret = vgl_image_create(s->dev, s->ds.format, w, h, &ds);
		if (ret)
			return ret;
		/* the old one may still be read by work in flight */
		vgl_image_destroy_deferred(s->dev, &s->ds);
		s->ds = ds;
	}
	s->info.width = w;
	s->info.height = h;
	vgl_surface_changed(s);
	return VGL_OK;
}

/* Every context that rendered to it flushed when it was released, so its
 * last use is submitted: the images go once that completes. */
static void surface_free(struct vgl_surface *s)
{
	vgl_image_destroy_deferred(s->dev, &s->color);
	vgl_image_destroy_deferred(s->dev, &s->msaa);
	vgl_image_destroy_deferred(s->dev, &s->ds);
	if (s->readback)
		vgl_storage_unref(s->readback);
	free(s);
}

static uint32_t surface_samples(const struct vgl_surface *s)
{
	return s->info.samples > 1 ? s->info.samples : 1;
}

/* New images of the surface's formats at its current size (info): a
 * multisample surface draws into `msaa` and `ds` of its sample count,
 * resolved into `color` for reads (vgl_surface_resolve). */
static int surface_images(struct vgl_surface *s)
{
	uint32_t w = s->info.width, h = s->info.height, n = surface_samples(s);
	int ret = vgl_image_create(s->dev, s->info.color, w, h, &s->color);

	if (!ret && n > 1)
		ret = image_create(s->dev, s->info.color, w, h, n, NULL, &s->msaa);
	if (!ret && s->info.depth_stencil != VK_FORMAT_UNDEFINED)
		ret = image_create(s->dev, s->info.depth_stencil, w, h, n, NULL, &s->ds);
	return ret;
}

/* Destroys the images once work submitted so far completed. */
static void surface_images_drop(struct vgl_surface *s)
{
	vgl_image_destroy_deferred(s->dev, &s->color);
	vgl_image_destroy_deferred(s->dev, &s->msaa);
	vgl_image_destroy_deferred(s->dev, &s->ds);
}

void vgl_surface_resolve(struct vgl_context *ctx, struct vgl_surface *s)
{
	VkCommandBuffer cmd;

	if (!s->msaa_drawn || !(cmd = vgl_batch_cmd(ctx)))
		return;
	vgl_batch_end_rendering(ctx);
	vvk_CmdResolveImage(cmd, s->msaa.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, s->color.image,
			    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &(VkImageResolve){
		.srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
		.dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
		.extent = { s->info.width, s->info.height, 1 } });
	s->msaa_drawn = false;
	s->color_written = true;
}

int vgl_surface_resize(struct vgl_context *ctx, struct vgl_surface *surf, uint32_t w, uint32_t h)
{
	uint32_t max = surf->dev->props.limits.maxImageDimension2D;
	int ret;

	if (surf->info.window || !w || !h || w > max || h > max)
		return VGL_ERROR_BAD_ATTRIBUTE;
	/* recorded commands may name the old images: submit them first, so
	 * that the deferred destruction waits for them */
	ret = vgl_batch_flush(ctx);
	if (ret)
		return ret;
	surface_images_drop(surf);
	vgl_surface_changed(surf);
	surf->info.width = w;
	surf->info.height = h;
	surf->color_written = surf->msaa_drawn = false;
	surf->alpha_unfilled = surf->info.no_alpha;
	ret = surface_images(surf);
	if (ret) /* neither half-made: the surface keeps no image and draws nothing */
		surface_images_drop(surf);
	return ret;
}

void vgl_surface_destroy(struct vgl_surface *surf)
{
	bool now;

	if (!surf)
		return;
	pthread_mutex_lock(&vgl_bind_lock);
	now = surf->bound == 0;
	surf->destroy_pending = !now;
	pthread_mutex_unlock(&vgl_bind_lock);
	if (now)
		surface_free(surf);
}

void vgl_surface_bind(struct vgl_surface *s)
{
	if (s)
		s->bound++;
}

void vgl_surface_unbind(struct vgl_surface *s)
{
	if (s && --s->bound == 0 && s->destroy_pending)
		surface_free(s);
}
