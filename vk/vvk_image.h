/* SPDX-License-Identifier: MIT */
/*
 * An image owns a virgl texture from creation (OPTIMAL tiling only: the
 * host owns the layout). Its backing layout size is its memory size; binding
 * memory only records it.
 */
#pragma once

#include "vdrm_resource.h"
#include "vvk_private.h"
#include "vvk_usage.h"

struct vvk_memory;

struct vvk_image {
	VkImageType type;
	VkImageCreateFlags flags;
	VkFormat format;
	uint32_t virgl_format;
	VkImageAspectFlags aspects;
	VkExtent3D extent;
	uint32_t levels, layers;
	VkSampleCountFlagBits samples;
	VkImageUsageFlags usage;
	struct vdrm_resource *res;
	struct vvk_usage use;
	struct vvk_memory *mem;
};

VVK_HANDLE_CASTS(vvk_image, VkImage)

static inline uint32_t vvk_minify(uint32_t v, uint32_t level)
{
	return VVK_MAX(v >> level, 1u);
}

/* Layers of a subresource range, resolving VK_REMAINING_ARRAY_LAYERS. */
static inline uint32_t vvk_image_range_layers(const struct vvk_image *img,
					      const VkImageSubresourceRange *r)
{
	return r->layerCount == VK_REMAINING_ARRAY_LAYERS ? img->layers - r->baseArrayLayer
							  : r->layerCount;
}

static inline uint32_t vvk_image_range_levels(const struct vvk_image *img,
					      const VkImageSubresourceRange *r)
{
	return r->levelCount == VK_REMAINING_MIP_LEVELS ? img->levels - r->baseMipLevel
							: r->levelCount;
}
