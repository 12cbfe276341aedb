/* SPDX-License-Identifier: MIT */
#include "vvk_sampler.h"

#include <string.h>

#include "vdrm_cmds.h"
#include "vvk_device.h"

/* VkSamplerAddressMode -> PIPE_TEX_WRAP_* */
static uint32_t wrap(VkSamplerAddressMode m)
{
	switch (m) {
	case VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT:
		return 4;
	case VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE:
		return 2;
	case VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER:
		return 3;
	case VK_SAMPLER_ADDRESS_MODE_MIRROR_CLAMP_TO_EDGE:
		return 6;
	default:
		return 0;
	}
}

static uint32_t sampler_s0(const VkSamplerCreateInfo *ci)
{
	uint32_t s0 = wrap(ci->addressModeU) | wrap(ci->addressModeV) << 3 |
		      wrap(ci->addressModeW) << 6;

	s0 |= (ci->minFilter == VK_FILTER_LINEAR) << 9;
	s0 |= (ci->mipmapMode == VK_SAMPLER_MIPMAP_MODE_LINEAR) << 11;
	s0 |= (ci->magFilter == VK_FILTER_LINEAR) << 13;
	if (ci->compareEnable)
		s0 |= 1u << 15 | ((uint32_t)ci->compareOp & 7) << 16;
	s0 |= 1u << 19; /* cube maps are seamless in Vulkan */
	if (ci->anisotropyEnable)
		s0 |= (VVK_MIN((uint32_t)ci->maxAnisotropy, 16u) & 0x3f) << 20;
	return s0;
}

/* The four dwords virgl's sampler state gives the host: the sampled
 * texture's type reads them, so a custom colour goes as its raw bits
 * (VK_EXT_custom_border_color: float and int custom colours alike). */
static void border(const VkSamplerCreateInfo *ci, uint32_t out[4])
{
	VkBorderColor c = ci->borderColor;
	const VkSamplerCustomBorderColorCreateInfoEXT *custom = vvk_find_struct(
		ci->pNext, VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT);
	bool opaque = c == VK_BORDER_COLOR_FLOAT_OPAQUE_BLACK || c == VK_BORDER_COLOR_INT_OPAQUE_BLACK ||
		      c == VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE || c == VK_BORDER_COLOR_INT_OPAQUE_WHITE;
	bool white = c == VK_BORDER_COLOR_FLOAT_OPAQUE_WHITE || c == VK_BORDER_COLOR_INT_OPAQUE_WHITE;
	bool is_int = c == VK_BORDER_COLOR_INT_TRANSPARENT_BLACK ||
		      c == VK_BORDER_COLOR_INT_OPAQUE_BLACK || c == VK_BORDER_COLOR_INT_OPAQUE_WHITE;
	uint32_t one = is_int ? 1u : 0x3f800000u;

	if ((c == VK_BORDER_COLOR_FLOAT_CUSTOM_EXT || c == VK_BORDER_COLOR_INT_CUSTOM_EXT) && custom) {
		memcpy(out, custom->customBorderColor.uint32, 4 * sizeof(uint32_t));
		return;
	}
	out[0] = out[1] = out[2] = white ? one : 0;
	out[3] = opaque ? one : 0;
}

VkResult vvk_CreateSampler(VkDevice device, const VkSamplerCreateInfo *pCreateInfo,
			   const VkAllocationCallbacks *pAllocator, VkSampler *pSampler)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_sampler *s = vvk_zalloc(vvk_device_alloc(dev, pAllocator), sizeof(*s));
	struct vdrm_cmd_create_sampler_state cmd = {
		.s0 = sampler_s0(pCreateInfo), .lod_bias = pCreateInfo->mipLodBias,
		.min_lod = pCreateInfo->minLod, .max_lod = pCreateInfo->maxLod,
	};

	if (!s)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	border(pCreateInfo, cmd.border_color);
	cmd.handle = s->handle = vvk_device_new_handle(dev);
	vdrm_encode_create_sampler_state(vvk_device_setup_lock(dev), &cmd);
	vvk_device_setup_unlock(dev);
	*pSampler = vvk_sampler_to_handle(s);
	return VK_SUCCESS;
}

void vvk_DestroySampler(VkDevice device, VkSampler sampler,
			const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_sampler *s = vvk_sampler_from_handle(sampler);

	if (!s)
		return;
	vvk_device_destroy_object(dev, VDRM_OBJ_SAMPLER_STATE, s->handle);
	vvk_free(vvk_device_alloc(dev, pAllocator), s);
}
