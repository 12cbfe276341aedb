/* SPDX-License-Identifier: MIT */
#include "vvk_buffer.h"

#include "vdrm_cmds.h"
#include "vvk_device.h"

VkResult vvk_CreateBuffer(VkDevice device, const VkBufferCreateInfo *pCreateInfo,
			  const VkAllocationCallbacks *pAllocator, VkBuffer *pBuffer)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_buffer *b;

	if (pCreateInfo->size == 0 || pCreateInfo->size > (UINT64_C(1) << 30))
		return VK_ERROR_OUT_OF_DEVICE_MEMORY;
	b = vvk_zalloc(vvk_device_alloc(dev, pAllocator), sizeof(*b));
	if (!b)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	b->size = pCreateInfo->size;
	b->usage = pCreateInfo->usage;
	*pBuffer = vvk_buffer_to_handle(b);
	return VK_SUCCESS;
}

void vvk_DestroyBuffer(VkDevice device, VkBuffer buffer, const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_buffer *b = vvk_buffer_from_handle(buffer);

	if (b)
		vvk_device_destroy_object(dev, VDRM_OBJ_STREAMOUT_TARGET, b->xfb.target);
	vvk_free(vvk_device_alloc(dev, pAllocator), b);
}

void vvk_GetBufferMemoryRequirements(VkDevice device, VkBuffer buffer,
				     VkMemoryRequirements *pRequirements)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	const VkPhysicalDeviceLimits *l = &dev->pdev->props.limits;
	struct vvk_buffer *b = vvk_buffer_from_handle(buffer);

	/* any buffer may be bound as UBO, SSBO or texel buffer at offset 0 */
	pRequirements->alignment = VVK_MAX(VVK_MAX(l->minUniformBufferOffsetAlignment,
						   l->minStorageBufferOffsetAlignment),
					   VVK_MAX(l->minTexelBufferOffsetAlignment, 16));
	pRequirements->size = VVK_ALIGN(b->size, 4);
	pRequirements->memoryTypeBits = (1u << VVK_MEMORY_TYPE_DEVICE) | (1u << VVK_MEMORY_TYPE_HOST);
}

VkResult vvk_BindBufferMemory(VkDevice device, VkBuffer buffer, VkDeviceMemory memory,
			      VkDeviceSize offset)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_buffer *b = vvk_buffer_from_handle(buffer);
	struct vvk_memory *mem = vvk_memory_from_handle(memory);

	if (offset > mem->size || b->size > mem->size - offset)
		return VK_ERROR_OUT_OF_DEVICE_MEMORY;
	b->mem = mem;
	b->offset = offset;
	return vvk_memory_ensure_resource(dev, mem);
}
