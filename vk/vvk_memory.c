/* SPDX-License-Identifier: MIT */
#include "vvk_memory.h"

#include "vdrm_format.h"
#include "vvk_device.h"

#define VVK_MAX_ALLOCATION (UINT64_C(1) << 30)

VkResult vvk_memory_ensure_resource(struct vvk_device *dev, struct vvk_memory *mem)
{
	/* one buffer bind: the host refuses a buffer with several */
	struct vdrm_resource_create_info info = {
		.target = VDRM_TARGET_BUFFER, .format = VDRM_FORMAT_R8_UNORM,
		.bind = VDRM_BIND_VERTEX_BUFFER, .width = (uint32_t)mem->size, .height = 1,
		.depth = 1, .array_size = 1,
	};
	int ret = 0;

	pthread_mutex_lock(&mem->lock);
	if (!mem->res)
		ret = vdrm_resource_create(dev->vdrm, &info, &mem->res);
	pthread_mutex_unlock(&mem->lock);
	if (ret == VDRM_ERROR_DEVICE_LOST)
		return VK_ERROR_DEVICE_LOST;
	return ret ? VK_ERROR_OUT_OF_DEVICE_MEMORY : VK_SUCCESS;
}

VkResult vvk_AllocateMemory(VkDevice device, const VkMemoryAllocateInfo *pAllocateInfo,
			    const VkAllocationCallbacks *pAllocator, VkDeviceMemory *pMemory)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_memory *mem;

	if (pAllocateInfo->memoryTypeIndex > VVK_MEMORY_TYPE_HOST ||
	    pAllocateInfo->allocationSize == 0)
		return VK_ERROR_OUT_OF_DEVICE_MEMORY;
	if (pAllocateInfo->allocationSize > VVK_MAX_ALLOCATION)
		return VK_ERROR_OUT_OF_DEVICE_MEMORY;
	mem = vvk_zalloc(vvk_device_alloc(dev, pAllocator), sizeof(*mem));
	if (!mem)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	/* buffer resources are sized in whole dwords (transfers move dwords) */
	mem->size = VVK_ALIGN(pAllocateInfo->allocationSize, 4);
	mem->type = pAllocateInfo->memoryTypeIndex;
	pthread_mutex_init(&mem->lock, NULL);
	vvk_usage_init(&mem->usage);
	*pMemory = vvk_memory_to_handle(mem);
	return VK_SUCCESS;
}

void vvk_FreeMemory(VkDevice device, VkDeviceMemory memory, const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_memory *mem = vvk_memory_from_handle(memory);

	if (!mem)
		return;
	/* buffer views on it may still be waiting in the setup stream: they
	 * must reach the host while the resource exists */
	if (mem->res)
		vvk_queue_flush_setup(&dev->queue);
	vdrm_resource_destroy(dev->vdrm, mem->res);
	pthread_mutex_destroy(&mem->lock);
	vvk_free(vvk_device_alloc(dev, pAllocator), mem);
}

VkResult vvk_MapMemory(VkDevice device, VkDeviceMemory memory, VkDeviceSize offset,
		       VkDeviceSize size, VkMemoryMapFlags flags, void **ppData)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_memory *mem = vvk_memory_from_handle(memory);
	VkResult r;

	(void)size;
	(void)flags;
	if (mem->type != VVK_MEMORY_TYPE_HOST || offset >= mem->size)
		return VK_ERROR_MEMORY_MAP_FAILED;
	r = vvk_memory_ensure_resource(dev, mem);
	if (r != VK_SUCCESS)
		return r == VK_ERROR_DEVICE_LOST ? r : VK_ERROR_MEMORY_MAP_FAILED;
	*ppData = (uint8_t *)mem->res->map + offset;
	return VK_SUCCESS;
}

void vvk_UnmapMemory(VkDevice device, VkDeviceMemory memory)
{
	/* the backing stays mapped for the resource's life */
	(void)device;
	(void)memory;
}

/* The range as a buffer box, or false when it is outside the memory. */
static bool range_box(const struct vvk_memory *mem, const VkMappedMemoryRange *r,
		      struct vdrm_box *box)
{
	VkDeviceSize size = r->size == VK_WHOLE_SIZE ? mem->size - r->offset : r->size;

	if (!mem->res || r->offset >= mem->size || size > mem->size - r->offset || !size)
		return false;
	*box = (struct vdrm_box){ (uint32_t)r->offset, 0, 0, (uint32_t)size, 1, 1 };
	return true;
}

/* Runs `sync` on each range that lies inside its memory; the first failure stops it. */
static VkResult each_range(VkDevice device, uint32_t count, const VkMappedMemoryRange *ranges,
			   VkResult (*sync)(struct vvk_device *, struct vvk_memory *,
					    const struct vdrm_box *))
{
	struct vvk_device *dev = vvk_device_from_handle(device);

	for (uint32_t i = 0; i < count; i++) {
		struct vvk_memory *mem = vvk_memory_from_handle(ranges[i].memory);
		struct vdrm_box box;
		VkResult r;

		if (!range_box(mem, &ranges[i], &box))
			continue;
		r = sync(dev, mem, &box);
		if (r != VK_SUCCESS)
			return r;
	}
	return VK_SUCCESS;
}

static VkResult flush_range(struct vvk_device *dev, struct vvk_memory *mem,
			    const struct vdrm_box *box)
{
	int ret = vdrm_resource_upload(dev->vdrm, mem->res, 0, box);

	/* the application may write the range again once this returns */
	if (!ret)
		ret = vdrm_resource_wait_idle(dev->vdrm, mem->res);
	return vvk_result_from_vdrm(ret);
}

static VkResult invalidate_range(struct vvk_device *dev, struct vvk_memory *mem,
				 const struct vdrm_box *box)
{
	/* only a writer matters: reads leave the host copy as it is */
	VkResult r = vvk_usage_wait_for_write(dev, &mem->usage);

	if (r != VK_SUCCESS)
		return r;
	return vvk_result_from_vdrm(vdrm_resource_download(dev->vdrm, mem->res, 0, box));
}

VkResult vvk_FlushMappedMemoryRanges(VkDevice device, uint32_t count,
				     const VkMappedMemoryRange *pRanges)
{
	return each_range(device, count, pRanges, flush_range);
}

VkResult vvk_InvalidateMappedMemoryRanges(VkDevice device, uint32_t count,
					  const VkMappedMemoryRange *pRanges)
{
	return each_range(device, count, pRanges, invalidate_range);
}
