/* SPDX-License-Identifier: MIT */
/*
 * Vulkan names packed formats from the most significant bit, gallium (whose
 * order the virgl enum is) from the least: VK A2B10G10R10 = R10G10B10A2,
 * VK R5G6B5 = B5G6R5, VK B10G11R11 = R11G11B10. Depth/stencil: D24S8 is
 * S8_UINT_Z24_UNORM (depth in the high 24 bits, what GL's UNSIGNED_INT_24_8
 * is and what the host samples; Z24_UNORM_S8_UINT is not sampleable there).
 */
#include "vvk_format.h"

#include "vdrm_format.h"

#define TABLE_SIZE (VK_FORMAT_ASTC_12x12_SRGB_BLOCK + 1)

static const uint16_t to_virgl[TABLE_SIZE] = {
	[VK_FORMAT_R4G4B4A4_UNORM_PACK16] = 311, /* A4B4G4R4 in gallium order */
	[VK_FORMAT_R5G6B5_UNORM_PACK16] = 7,
	[VK_FORMAT_B5G6R5_UNORM_PACK16] = 321,
	[VK_FORMAT_A1R5G5B5_UNORM_PACK16] = 5,
	[VK_FORMAT_R8_UNORM] = 64,
	[VK_FORMAT_R8_SNORM] = 74,
	[VK_FORMAT_R8_UINT] = 177,
	[VK_FORMAT_R8_SINT] = 181,
	[VK_FORMAT_R8_SRGB] = 312,
	[VK_FORMAT_R8G8_UNORM] = 65,
	[VK_FORMAT_R8G8_SNORM] = 75,
	[VK_FORMAT_R8G8_UINT] = 178,
	[VK_FORMAT_R8G8_SINT] = 182,
	[VK_FORMAT_R8G8_SRGB] = 313,
	[VK_FORMAT_R8G8B8_UNORM] = 66,
	[VK_FORMAT_R8G8B8_SNORM] = 76,
	[VK_FORMAT_R8G8B8_UINT] = 179,
	[VK_FORMAT_R8G8B8_SINT] = 183,
	[VK_FORMAT_R8G8B8_SRGB] = 97,
	[VK_FORMAT_R8_USCALED] = 69,
	[VK_FORMAT_R8G8_USCALED] = 70,
	[VK_FORMAT_R8G8B8_USCALED] = 71,
	[VK_FORMAT_R8_SSCALED] = 82,
	[VK_FORMAT_R8G8_SSCALED] = 83,
	[VK_FORMAT_R8G8B8_SSCALED] = 84,
	[VK_FORMAT_R8G8B8A8_UNORM] = 67,
	[VK_FORMAT_R8G8B8A8_SNORM] = 77,
	[VK_FORMAT_R8G8B8A8_USCALED] = 72,
	[VK_FORMAT_R8G8B8A8_SSCALED] = 85,
	[VK_FORMAT_R8G8B8A8_UINT] = 180,
	[VK_FORMAT_R8G8B8A8_SINT] = 184,
	[VK_FORMAT_R8G8B8A8_SRGB] = 104,
	[VK_FORMAT_B8G8R8A8_UNORM] = 1,
	[VK_FORMAT_B8G8R8A8_SRGB] = 100,
	[VK_FORMAT_A2B10G10R10_UNORM_PACK32] = 8,
	[VK_FORMAT_A2B10G10R10_UINT_PACK32] = 253,
	[VK_FORMAT_A2B10G10R10_SNORM_PACK32] = 173,
	[VK_FORMAT_A2B10G10R10_USCALED_PACK32] = 123,
	[VK_FORMAT_A2B10G10R10_SSCALED_PACK32] = 172,
	[VK_FORMAT_A2R10G10B10_UNORM_PACK32] = 131,
	[VK_FORMAT_R16_UNORM] = 48,
	[VK_FORMAT_R16_SNORM] = 56,
	[VK_FORMAT_R16_UINT] = 185,
	[VK_FORMAT_R16_SINT] = 189,
	[VK_FORMAT_R16_SFLOAT] = 91,
	[VK_FORMAT_R16G16_UNORM] = 49,
	[VK_FORMAT_R16G16_SNORM] = 57,
	[VK_FORMAT_R16G16_UINT] = 186,
	[VK_FORMAT_R16G16_SINT] = 190,
	[VK_FORMAT_R16G16_SFLOAT] = 92,
	[VK_FORMAT_R16G16B16_UNORM] = 50,
	[VK_FORMAT_R16G16B16_SNORM] = 58,
	[VK_FORMAT_R16G16B16_UINT] = 187,
	[VK_FORMAT_R16G16B16_SINT] = 191,
	[VK_FORMAT_R16_USCALED] = 52,
	[VK_FORMAT_R16G16_USCALED] = 53,
	[VK_FORMAT_R16G16B16_USCALED] = 54,
	[VK_FORMAT_R16G16B16A16_USCALED] = 55,
	[VK_FORMAT_R16_SSCALED] = 60,
	[VK_FORMAT_R16G16_SSCALED] = 61,
	[VK_FORMAT_R16G16B16_SSCALED] = 62,
	[VK_FORMAT_R16G16B16A16_SSCALED] = 63,
	[VK_FORMAT_R16G16B16_SFLOAT] = 93,
	[VK_FORMAT_R16G16B16A16_UNORM] = 51,
	[VK_FORMAT_R16G16B16A16_SNORM] = 59,
	[VK_FORMAT_R16G16B16A16_UINT] = 188,
	[VK_FORMAT_R16G16B16A16_SINT] = 192,
	[VK_FORMAT_R16G16B16A16_SFLOAT] = 94,
	[VK_FORMAT_R32_UINT] = 193,
	[VK_FORMAT_R32_SINT] = 197,
	[VK_FORMAT_R32_SFLOAT] = 28,
	[VK_FORMAT_R32G32_UINT] = 194,
	[VK_FORMAT_R32G32_SINT] = 198,
	[VK_FORMAT_R32G32_SFLOAT] = 29,
	[VK_FORMAT_R32G32B32_UINT] = 195,
	[VK_FORMAT_R32G32B32_SINT] = 199,
	[VK_FORMAT_R32G32B32_SFLOAT] = 30,
	[VK_FORMAT_R32G32B32A32_UINT] = 196,
	[VK_FORMAT_R32G32B32A32_SINT] = 200,
	[VK_FORMAT_R32G32B32A32_SFLOAT] = 31,
	[VK_FORMAT_B10G11R11_UFLOAT_PACK32] = 124,
	[VK_FORMAT_E5B9G9R9_UFLOAT_PACK32] = 125,
	[VK_FORMAT_D16_UNORM] = 16,
	[VK_FORMAT_X8_D24_UNORM_PACK32] = 21,
	[VK_FORMAT_D32_SFLOAT] = 18,
	[VK_FORMAT_D24_UNORM_S8_UINT] = 20,
	[VK_FORMAT_D32_SFLOAT_S8_UINT] = 126,
	[VK_FORMAT_BC1_RGB_UNORM_BLOCK] = 105,
	[VK_FORMAT_BC1_RGBA_UNORM_BLOCK] = 106,
	[VK_FORMAT_BC2_UNORM_BLOCK] = 107,
	[VK_FORMAT_BC3_UNORM_BLOCK] = 108,
	[VK_FORMAT_BC4_UNORM_BLOCK] = 113,
	[VK_FORMAT_BC5_UNORM_BLOCK] = 115,
	[VK_FORMAT_ETC2_R8G8B8_UNORM_BLOCK] = 269,
	[VK_FORMAT_ETC2_R8G8B8A8_UNORM_BLOCK] = 273,
};

uint32_t vvk_format_to_virgl(VkFormat format)
{
	if ((unsigned)format >= TABLE_SIZE)
		return 0;
	return to_virgl[format];
}

VkImageAspectFlags vvk_format_aspects(VkFormat format)
{
	switch (format) {
	case VK_FORMAT_D16_UNORM:
	case VK_FORMAT_X8_D24_UNORM_PACK32:
	case VK_FORMAT_D32_SFLOAT:
		return VK_IMAGE_ASPECT_DEPTH_BIT;
	case VK_FORMAT_D24_UNORM_S8_UINT:
	case VK_FORMAT_D32_SFLOAT_S8_UINT:
		return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
	default:
		return vvk_format_to_virgl(format) ? VK_IMAGE_ASPECT_COLOR_BIT : 0;
	}
}

static const struct vdrm_format_desc *desc(VkFormat format)
{
	return vdrm_format_describe(vvk_format_to_virgl(format));
}

uint32_t vvk_format_block_bytes(VkFormat format)
{
	const struct vdrm_format_desc *d = desc(format);

	return d ? d->block_bytes : 0;
}

uint32_t vvk_format_block_width(VkFormat format)
{
	const struct vdrm_format_desc *d = desc(format);

	return d ? d->block_w : 0;
}

uint32_t vvk_format_block_height(VkFormat format)
{
	const struct vdrm_format_desc *d = desc(format);

	return d ? d->block_h : 0;
}

/*
 * What GL's texture buffers take (glTexBuffer's internal formats): 1, 2 and 4
 * channels of 8/16/32 bits, and RGB32; no sRGB, packed or normalised signed
 * formats. Image units (storage texel buffers) take the same minus RGB32,
 * plus RGBA8_SNORM: GL's image units read a buffer texture's texels in any
 * image format of their size (the host binds the texture buffer as an image
 * of that format), which sampling cannot.
 */
static bool tbo_format(VkFormat f, bool *storage)
{
	switch (f) {
	case VK_FORMAT_R8G8B8A8_SNORM:
		*storage = true;
		return false;
	case VK_FORMAT_R32G32B32_SFLOAT:
	case VK_FORMAT_R32G32B32_UINT:
	case VK_FORMAT_R32G32B32_SINT:
		*storage = false;
		return true;
	case VK_FORMAT_R8_UNORM: case VK_FORMAT_R8_UINT: case VK_FORMAT_R8_SINT:
	case VK_FORMAT_R8G8_UNORM: case VK_FORMAT_R8G8_UINT: case VK_FORMAT_R8G8_SINT:
	case VK_FORMAT_R8G8B8A8_UNORM: case VK_FORMAT_R8G8B8A8_UINT: case VK_FORMAT_R8G8B8A8_SINT:
	case VK_FORMAT_R16_UNORM: case VK_FORMAT_R16_UINT: case VK_FORMAT_R16_SINT:
	case VK_FORMAT_R16_SFLOAT: case VK_FORMAT_R16G16_UNORM: case VK_FORMAT_R16G16_UINT:
	case VK_FORMAT_R16G16_SINT: case VK_FORMAT_R16G16_SFLOAT:
	case VK_FORMAT_R16G16B16A16_UNORM: case VK_FORMAT_R16G16B16A16_UINT:
	case VK_FORMAT_R16G16B16A16_SINT: case VK_FORMAT_R16G16B16A16_SFLOAT:
	case VK_FORMAT_R32_UINT: case VK_FORMAT_R32_SINT: case VK_FORMAT_R32_SFLOAT:
	case VK_FORMAT_R32G32_UINT: case VK_FORMAT_R32G32_SINT: case VK_FORMAT_R32G32_SFLOAT:
	case VK_FORMAT_R32G32B32A32_UINT: case VK_FORMAT_R32G32B32A32_SINT:
	case VK_FORMAT_R32G32B32A32_SFLOAT:
		*storage = true;
		return true;
	default:
		return false;
	}
}

bool vvk_format_is_texel_buffer(VkFormat format, bool storage)
{
	bool can_store = false, can_sample = tbo_format(format, &can_store);

	return storage ? can_store : can_sample;
}
