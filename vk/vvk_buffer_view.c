/* SPDX-License-Identifier: MIT */
#include "vvk_buffer_view.h"

#include "vdrm_cmds.h"
#include "vvk_device.h"
#include "vvk_format.h"

#define IDENTITY_SWIZZLE 0x688u

/* Offset and whole-element size in the memory's resource, or false if outside. */
static bool view_range(struct vvk_buffer_view *v, const VkBufferViewCreateInfo *ci,
		       uint32_t elem)
{
	const struct vvk_buffer *b = v->buffer;
	VkDeviceSize range = ci->range == VK_WHOLE_SIZE ? b->size - VVK_MIN(ci->offset, b->size)
							: ci->range;

	if (!b->mem || !b->mem->res || ci->offset >= b->size || range > b->size - ci->offset)
		return false;
	range -= range % elem;
	v->offset = vvk_buffer_res_offset(b, ci->offset);
	/* the host counts the start in elements (RGB32's 12 bytes divide no alignment) */
	if (!range || v->offset % elem)
		return false;
	v->size = (uint32_t)range;
	return true;
}

/* The host wants elements, and an offset the host's TBO alignment allows. */
static void create_sampler_view(struct vvk_device *dev, struct vvk_buffer_view *v, uint32_t elem)
{
	v->sampler_view = vvk_device_new_handle(dev);
	vdrm_encode_create_sampler_view(vvk_device_setup_lock(dev),
		&(struct vdrm_cmd_create_sampler_view){
			.handle = v->sampler_view, .res = v->buffer->mem->res->res_handle,
			/* target bits 24-31: PIPE_BUFFER is 0 */
			.format = v->virgl_format, .layers_or_first_elem = v->offset / elem,
			.levels_or_last_elem = (v->offset + v->size) / elem - 1,
			.swizzle = IDENTITY_SWIZZLE });
	vvk_device_setup_unlock(dev);
}

/*
 * The texel-buffer features of the view's format the buffer's usage asks
 * for. Looser than Vulkan, which wants all of them: a buffer made for both
 * kinds (GL's buffer objects, which may become either) takes a view of a
 * format that serves one, and is then used only as that one (a sampler
 * view is made only where the format samples).
 */
static VkFormatFeatureFlags view_features(struct vvk_device *dev, VkFormat format,
					  VkBufferUsageFlags usage)
{
	VkFormatProperties p;
	VkFormatFeatureFlags want = 0;

	if (usage & VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT)
		want |= VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT;
	if (usage & VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT)
		want |= VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT;
	vvk_GetPhysicalDeviceFormatProperties(vvk_physical_device_to_handle(dev->pdev), format, &p);
	return p.bufferFeatures & want;
}

VkResult vvk_CreateBufferView(VkDevice device, const VkBufferViewCreateInfo *pCreateInfo,
			      const VkAllocationCallbacks *pAllocator, VkBufferView *pView)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_buffer *b = vvk_buffer_from_handle(pCreateInfo->buffer);
	uint32_t elem = vvk_format_block_bytes(pCreateInfo->format);
	VkFormatFeatureFlags features = view_features(dev, pCreateInfo->format, b->usage);
	struct vvk_buffer_view *v;

	if (!features)
		return VK_ERROR_FORMAT_NOT_SUPPORTED;
	v = vvk_zalloc(vvk_device_alloc(dev, pAllocator), sizeof(*v));
	if (!v)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	v->buffer = b;
	v->format = pCreateInfo->format;
	v->virgl_format = vvk_format_to_virgl(pCreateInfo->format);
	if (!view_range(v, pCreateInfo, elem)) {
		vvk_free(vvk_device_alloc(dev, pAllocator), v);
		return VK_ERROR_VALIDATION_FAILED_EXT;
	}
	if (features & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT)
		create_sampler_view(dev, v, elem);
	*pView = vvk_buffer_view_to_handle(v);
	return VK_SUCCESS;
}

void vvk_DestroyBufferView(VkDevice device, VkBufferView bufferView,
			   const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_buffer_view *v = vvk_buffer_view_from_handle(bufferView);

	if (!v)
		return;
	vvk_device_destroy_object(dev, VDRM_OBJ_SAMPLER_VIEW, v->sampler_view);
	vvk_free(vvk_device_alloc(dev, pAllocator), v);
}
