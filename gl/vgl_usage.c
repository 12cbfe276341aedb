/* SPDX-License-Identifier: MIT */
#include "vgl_usage.h"

#include "vvk_device.h"
#include "vvk_memory.h"
#include "vvk_queue.h"
#include "vvk_usage.h"

uint64_t vgl_usage_queue_last_point(VkQueue queue)
{
	struct vvk_queue *q = vvk_queue_from_handle(queue);
	uint64_t p;

	pthread_mutex_lock(&q->lock);
	p = q->last_point;
	pthread_mutex_unlock(&q->lock);
	return p;
}

bool vgl_usage_memory_busy(VkDevice dev, VkDeviceMemory mem)
{
	return vvk_usage_is_busy(vvk_device_from_handle(dev), &vvk_memory_from_handle(mem)->usage);
}

bool vgl_usage_memory_write_busy(VkDevice dev, VkDeviceMemory mem)
{
	const struct vvk_usage *u = &vvk_memory_from_handle(mem)->usage;
	uint64_t w = atomic_load(&u->write);

	if (w == VVK_POINT_PENDING)
		return true;
	return w && !vdrm_device_is_signaled(vvk_device_from_handle(dev)->vdrm, w);
}

VkResult vgl_usage_memory_wait_write(VkDevice dev, VkDeviceMemory mem)
{
	return vvk_usage_wait_for_write(vvk_device_from_handle(dev),
					&vvk_memory_from_handle(mem)->usage);
}

VkResult vgl_usage_memory_wait_any(VkDevice dev, VkDeviceMemory mem)
{
	return vvk_usage_wait_for_any(vvk_device_from_handle(dev),
				      &vvk_memory_from_handle(mem)->usage);
}
