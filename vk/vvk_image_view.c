/* SPDX-License-Identifier: MIT */
#include "vvk_image_view.h"

#include "vdrm_cmds.h"
#include "vdrm_format.h"
#include "vvk_device.h"
#include "vvk_format.h"

#define ATTACHMENT_USAGE \
	(VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT)
#define SAMPLE_USAGE (VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_STORAGE_BIT)

static uint32_t view_target(VkImageViewType t)
{
	static const uint32_t target[] = {
		[VK_IMAGE_VIEW_TYPE_1D] = VDRM_TARGET_1D,
		[VK_IMAGE_VIEW_TYPE_2D] = VDRM_TARGET_2D,
		[VK_IMAGE_VIEW_TYPE_3D] = VDRM_TARGET_3D,
		[VK_IMAGE_VIEW_TYPE_CUBE] = VDRM_TARGET_CUBE,
		[VK_IMAGE_VIEW_TYPE_1D_ARRAY] = VDRM_TARGET_1D_ARRAY,
		[VK_IMAGE_VIEW_TYPE_2D_ARRAY] = VDRM_TARGET_2D_ARRAY,
		[VK_IMAGE_VIEW_TYPE_CUBE_ARRAY] = VDRM_TARGET_CUBE_ARRAY,
	};

	return (unsigned)t < VVK_ARRAY_SIZE(target) ? target[t] : VDRM_TARGET_2D;
}

/* VkComponentSwizzle -> PIPE_SWIZZLE_* (R 0 .. A 3, ZERO 4, ONE 5). */
static uint32_t swizzle(VkComponentSwizzle s, uint32_t identity)
{
	switch (s) {
	case VK_COMPONENT_SWIZZLE_ZERO:
		return 4;
	case VK_COMPONENT_SWIZZLE_ONE:
		return 5;
	case VK_COMPONENT_SWIZZLE_R:
	case VK_COMPONENT_SWIZZLE_G:
	case VK_COMPONENT_SWIZZLE_B:
	case VK_COMPONENT_SWIZZLE_A:
		return (uint32_t)(s - VK_COMPONENT_SWIZZLE_R);
	default:
		return identity;
	}
}

static uint32_t swizzle_word(const VkComponentMapping *m)
{
	return swizzle(m->r, 0) | swizzle(m->g, 1) << 3 | swizzle(m->b, 2) << 6 |
	       swizzle(m->a, 3) << 9;
}

/* A 2D view of a 3D image (what VK_IMAGE_CREATE_2D_ARRAY_COMPATIBLE_BIT
 * allows): the slice base_layer, to render to; the host samples no such view. */
static bool is_slice_view(const struct vvk_image_view *v)
{
	return v->image->type == VK_IMAGE_TYPE_3D && v->type != VK_IMAGE_VIEW_TYPE_3D;
}

/* A surface of a depth/stencil image is in the image's packed format,
 * whichever aspect the view names (the host renders no stencil-only format). */
static uint32_t surface_format(const struct vvk_image_view *v)
{
	return v->image->aspects & VK_IMAGE_ASPECT_STENCIL_BIT ? v->image->virgl_format
							       : v->virgl_format;
}

static void create_surface(struct vvk_device *dev, struct vvk_image_view *v)
{
	/* a 3D view attaches its level by the first slice, a slice view its
	 * slices (a 2D array view of several: the host attaches them layered) */
	bool whole_3d = v->image->type == VK_IMAGE_TYPE_3D && !is_slice_view(v);
	uint32_t first = whole_3d ? 0 : v->base_layer;
	uint32_t last = whole_3d ? first : v->base_layer + v->layers - 1;

	v->surface = vvk_device_new_handle(dev);
	vdrm_encode_create_surface(vvk_device_setup_lock(dev), &(struct vdrm_cmd_create_surface){
		.handle = v->surface, .res = v->image->res->res_handle,
		.format = surface_format(v), .level_or_first_elem = v->base_level,
		.layers_or_last_elem = first | last << 16 });
	vvk_device_setup_unlock(dev);
}

static void create_sampler_view(struct vvk_device *dev, struct vvk_image_view *v,
				const VkComponentMapping *m)
{
	uint32_t format = v->virgl_format;
	uint32_t last_layer = v->image->type == VK_IMAGE_TYPE_3D ? 0 : v->base_layer + v->layers - 1;

	if (vvk_physical_device_has_cap(dev->pdev, VDRM_CAP_TEXTURE_VIEW))
		format |= view_target(v->type) << 24;
	v->sampler_view = vvk_device_new_handle(dev);
	vdrm_encode_create_sampler_view(vvk_device_setup_lock(dev),
		&(struct vdrm_cmd_create_sampler_view){
			.handle = v->sampler_view, .res = v->image->res->res_handle,
			.format = format,
			.layers_or_first_elem = v->base_layer | last_layer << 16,
			.levels_or_last_elem = v->base_level | (v->base_level + v->levels - 1) << 8,
			.swizzle = swizzle_word(m) });
	vvk_device_setup_unlock(dev);
}

/* The format a view samples in: a stencil-aspect view of a depth/stencil
 * image is the packed format's stencil-only twin, which makes the host
 * sample the stencil (DEPTH_STENCIL_TEXTURE_MODE = STENCIL_INDEX there).
 * A view in the image's own format uses the resource's virgl format: a
 * shared XRGB8888 buffer is B8G8R8X8 to the host, B8G8R8A8 here. */
static uint32_t view_virgl_format(const struct vvk_image *img, const VkImageViewCreateInfo *ci)
{
	bool stencil_only = ci->subresourceRange.aspectMask == VK_IMAGE_ASPECT_STENCIL_BIT;

	if (stencil_only && img->format == VK_FORMAT_D24_UNORM_S8_UINT)
		return VDRM_FORMAT_S8X24_UINT;
	if (stencil_only && img->format == VK_FORMAT_D32_SFLOAT_S8_UINT)
		return VDRM_FORMAT_X32_S8X24_UINT;
	return ci->format == img->format ? img->virgl_format : vvk_format_to_virgl(ci->format);
}

static void init_view(struct vvk_image_view *v, const VkImageViewCreateInfo *ci)
{
	struct vvk_image *img = vvk_image_from_handle(ci->image);
	const VkImageSubresourceRange *r = &ci->subresourceRange;

	v->image = img;
	v->type = ci->viewType;
	v->format = ci->format;
	v->virgl_format = view_virgl_format(img, ci);
	v->aspects = r->aspectMask;
	v->base_level = r->baseMipLevel;
	v->levels = vvk_image_range_levels(img, r);
	v->base_layer = r->baseArrayLayer;
	v->layers = vvk_image_range_layers(img, r);
	v->extent = (VkExtent3D){ vvk_minify(img->extent.width, v->base_level),
				  vvk_minify(img->extent.height, v->base_level),
				  vvk_minify(img->extent.depth, v->base_level) };
}

/* The usage a view has: its image's, narrowed by a VkImageViewUsageCreateInfo.
 * A storage-only view makes no host object at all: SET_SHADER_IMAGES names
 * the resource and the format (a view in another format of the same size,
 * GL's image reinterpretation, needs no sampler view the host might refuse). */
static VkImageUsageFlags view_usage(const VkImageViewCreateInfo *ci,
				    const struct vvk_image_view *v)
{
	const VkImageViewUsageCreateInfo *u =
		vvk_find_struct(ci->pNext, VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO);

	if (!u)
		return v->image->usage;
	return u->usage == VK_IMAGE_USAGE_STORAGE_BIT ? 0 : v->image->usage & u->usage;
}

VkBool32 vvk_physical_device_views_other_formats(VkPhysicalDevice pdev)
{
	return vvk_physical_device_has_cap(vvk_physical_device_from_handle(pdev),
					   VDRM_CAP_TEXTURE_VIEW);
}

VkResult vvk_CreateImageView(VkDevice device, const VkImageViewCreateInfo *pCreateInfo,
			     const VkAllocationCallbacks *pAllocator, VkImageView *pView)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_image_view *v = vvk_zalloc(vvk_device_alloc(dev, pAllocator), sizeof(*v));

	if (!v)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	init_view(v, pCreateInfo);
	if (!v->virgl_format) {
		vvk_free(vvk_device_alloc(dev, pAllocator), v);
		return VK_ERROR_FORMAT_NOT_SUPPORTED;
	}
	if ((view_usage(pCreateInfo, v) & ATTACHMENT_USAGE) && v->levels == 1)
		create_surface(dev, v);
	if ((view_usage(pCreateInfo, v) & SAMPLE_USAGE) && !is_slice_view(v))
		create_sampler_view(dev, v, &pCreateInfo->components);
	*pView = vvk_image_view_to_handle(v);
	return VK_SUCCESS;
}

void vvk_DestroyImageView(VkDevice device, VkImageView view,
			  const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_image_view *v = vvk_image_view_from_handle(view);

	if (!v)
		return;
	vvk_device_destroy_object(dev, VDRM_OBJ_SURFACE, v->surface);
	vvk_device_destroy_object(dev, VDRM_OBJ_SAMPLER_VIEW, v->sampler_view);
	vvk_free(vvk_device_alloc(dev, pAllocator), v);
}
