/* SPDX-License-Identifier: MIT */
#include "vvk_image.h"

#include "vdrm_format.h"
#include "vvk_device.h"
#include "vvk_format.h"
#include "vvk_memory.h"

static enum vdrm_target image_target(const VkImageCreateInfo *ci)
{
	bool cube = (ci->flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) != 0;

	switch (ci->imageType) {
	case VK_IMAGE_TYPE_1D:
		return ci->arrayLayers > 1 ? VDRM_TARGET_1D_ARRAY : VDRM_TARGET_1D;
	case VK_IMAGE_TYPE_3D:
		return VDRM_TARGET_3D;
	default:
		if (cube && ci->arrayLayers == 6)
			return VDRM_TARGET_CUBE;
		if (cube && ci->arrayLayers % 6 == 0)
			return VDRM_TARGET_CUBE_ARRAY;
		return ci->arrayLayers > 1 ? VDRM_TARGET_2D_ARRAY : VDRM_TARGET_2D;
	}
}

/* Binds from the usage, limited to what the host grants the format. */
static uint32_t image_bind(struct vvk_device *dev, const VkImageCreateInfo *ci)
{
	uint32_t fmt_usage = vvk_physical_device_format_usage(dev->pdev, ci->format);
	uint32_t bind = VDRM_BIND_SAMPLER_VIEW;

	if (vvk_format_aspects(ci->format) & ~VK_IMAGE_ASPECT_COLOR_BIT)
		return bind | VDRM_BIND_DEPTH_STENCIL;
	/* clears and transfers into colour images go through render surfaces */
	if (fmt_usage & VDRM_FORMAT_RENDER)
		bind |= VDRM_BIND_RENDER_TARGET;
	return bind;
}

static VkResult check_create_info(struct vvk_device *dev, const VkImageCreateInfo *ci)
{
	VkImageFormatProperties p;
	VkResult r = vvk_GetPhysicalDeviceImageFormatProperties(
		vvk_physical_device_to_handle(dev->pdev), ci->format, ci->imageType, ci->tiling,
		ci->usage, ci->flags, &p);

	if (r != VK_SUCCESS)
		return r;
	/* multisample images have one level (the host allows no mips on them) */
	if (!(ci->samples & p.sampleCounts) || (ci->samples > 1 && ci->mipLevels != 1) ||
	    ci->extent.width > p.maxExtent.width ||
	    ci->extent.height > p.maxExtent.height || ci->extent.depth > p.maxExtent.depth ||
	    ci->arrayLayers > p.maxArrayLayers || ci->mipLevels > p.maxMipLevels)
		return VK_ERROR_FORMAT_NOT_SUPPORTED;
	return VK_SUCCESS;
}

static void init_image(struct vvk_image *img, const VkImageCreateInfo *ci)
{
	img->type = ci->imageType;
	img->flags = ci->flags;
	img->format = ci->format;
	img->virgl_format = vvk_format_to_virgl(ci->format);
	img->aspects = vvk_format_aspects(ci->format);
	img->extent = ci->extent;
	img->levels = ci->mipLevels;
	img->layers = ci->arrayLayers;
	img->usage = ci->usage;
	img->samples = ci->samples;
	vvk_usage_init(&img->use);
}

static VkResult result_of_create(int ret)
{
	if (ret == VDRM_ERROR_DEVICE_LOST)
		return VK_ERROR_DEVICE_LOST;
	if (ret == VDRM_ERROR_UNSUPPORTED)
		return VK_ERROR_FEATURE_NOT_PRESENT;
	return VK_ERROR_OUT_OF_DEVICE_MEMORY;
}

/* The resource of a shared image: the buffer's own format, a 2D texture
 * that can be rendered to, sampled and exported (and scanned out). */
static VkResult shared_resource_info(const VkImageCreateInfo *ci,
				     const struct vvk_image_dma_buf_info *dmabuf,
				     struct vdrm_resource_create_info *info)
{
	info->format = vdrm_format_from_fourcc(dmabuf->drm_format);
	if (!info->format || ci->imageType != VK_IMAGE_TYPE_2D || ci->mipLevels != 1 ||
	    ci->arrayLayers != 1 || ci->samples != VK_SAMPLE_COUNT_1_BIT ||
	    ci->extent.depth != 1)
		return VK_ERROR_FORMAT_NOT_SUPPORTED;
	info->bind = VDRM_BIND_RENDER_TARGET | VDRM_BIND_SAMPLER_VIEW | VDRM_BIND_SHARED;
	if (dmabuf->flags & VVK_IMAGE_DMA_BUF_SCANOUT)
		info->bind |= VDRM_BIND_SCANOUT;
	return VK_SUCCESS;
}

static int create_resource(struct vvk_device *dev, const struct vvk_image_dma_buf_info *dmabuf,
			   const struct vdrm_resource_create_info *info, struct vvk_image *img)
{
	if (dmabuf && dmabuf->fd >= 0)
		return vdrm_resource_import_fd(dev->vdrm, dmabuf->fd, info, &img->res);
	return vdrm_resource_create(dev->vdrm, info, &img->res);
}

VkResult vvk_CreateImage(VkDevice device, const VkImageCreateInfo *pCreateInfo,
			 const VkAllocationCallbacks *pAllocator, VkImage *pImage)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	const VkImageCreateInfo *ci = pCreateInfo;
	const struct vvk_image_dma_buf_info *dmabuf =
		vvk_find_struct(ci->pNext, VVK_STRUCTURE_TYPE_IMAGE_DMA_BUF_INFO);
	struct vdrm_resource_create_info info = {
		.target = image_target(ci), .format = vvk_format_to_virgl(ci->format),
		.bind = image_bind(dev, ci), .width = ci->extent.width,
		.height = ci->extent.height, .depth = ci->extent.depth,
		.array_size = ci->imageType == VK_IMAGE_TYPE_3D ? 1 : ci->arrayLayers,
		.last_level = ci->mipLevels - 1,
		/* any nr_samples > 0, even 1, makes the host's texture multisample */
		.nr_samples = ci->samples > 1 ? ci->samples : 0,
	};
	struct vvk_image *img;
	VkResult r = check_create_info(dev, ci);
	int ret;

	if (r == VK_SUCCESS && dmabuf)
		r = shared_resource_info(ci, dmabuf, &info);
	if (r != VK_SUCCESS)
		return r;
	img = vvk_zalloc(vvk_device_alloc(dev, pAllocator), sizeof(*img));
	if (!img)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	init_image(img, ci);
	img->virgl_format = info.format;
	ret = create_resource(dev, dmabuf, &info, img);
	if (ret) {
		vvk_free(vvk_device_alloc(dev, pAllocator), img);
		if (ret == VDRM_ERROR_INVALID_ARGUMENT && dmabuf && dmabuf->fd >= 0)
			return VK_ERROR_INVALID_EXTERNAL_HANDLE;
		return result_of_create(ret);
	}
	*pImage = vvk_image_to_handle(img);
	return VK_SUCCESS;
}

VkResult vvk_GetImageDmaBufFd(VkDevice device, VkImage image, int *pFd)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_image *img = vvk_image_from_handle(image);

	/* the host must have created every view and surface of it first */
	vvk_queue_flush_setup(&dev->queue);
	return vvk_result_from_vdrm(vdrm_resource_export_fd(dev->vdrm, img->res, pFd));
}

void vvk_DestroyImage(VkDevice device, VkImage image, const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_image *img = vvk_image_from_handle(image);

	if (!img)
		return;
	/* views of it may still be waiting in the setup stream: they must
	 * reach the host while the resource exists */
	vvk_queue_flush_setup(&dev->queue);
	vdrm_resource_destroy(dev->vdrm, img->res);
	vvk_free(vvk_device_alloc(dev, pAllocator), img);
}

void vvk_GetImageMemoryRequirements(VkDevice device, VkImage image,
				    VkMemoryRequirements *pRequirements)
{
	struct vvk_image *img = vvk_image_from_handle(image);

	(void)device;
	pRequirements->size = img->res->size;
	pRequirements->alignment = 256;
	pRequirements->memoryTypeBits = 1u << VVK_MEMORY_TYPE_DEVICE;
}

VkResult vvk_BindImageMemory(VkDevice device, VkImage image, VkDeviceMemory memory,
			     VkDeviceSize offset)
{
	struct vvk_image *img = vvk_image_from_handle(image);

	(void)device;
	(void)offset;
	img->mem = vvk_memory_from_handle(memory);
	return VK_SUCCESS;
}
