/* SPDX-License-Identifier: MIT */
#include "vvk_fence.h"

#include "vvk_device.h"

VkResult vvk_CreateFence(VkDevice device, const VkFenceCreateInfo *pCreateInfo,
			 const VkAllocationCallbacks *pAllocator, VkFence *pFence)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_fence *f = vvk_zalloc(vvk_device_alloc(dev, pAllocator), sizeof(*f));

	if (!f)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	f->signaled = (pCreateInfo->flags & VK_FENCE_CREATE_SIGNALED_BIT) != 0;
	*pFence = vvk_fence_to_handle(f);
	return VK_SUCCESS;
}

void vvk_DestroyFence(VkDevice device, VkFence fence, const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);

	vvk_free(vvk_device_alloc(dev, pAllocator), vvk_fence_from_handle(fence));
}

VkResult vvk_ResetFences(VkDevice device, uint32_t count, const VkFence *pFences)
{
	struct vvk_device *dev = vvk_device_from_handle(device);

	pthread_mutex_lock(&dev->sync_lock);
	for (uint32_t i = 0; i < count; i++) {
		struct vvk_fence *f = vvk_fence_from_handle(pFences[i]);

		f->signaled = false;
		f->point = 0;
	}
	pthread_mutex_unlock(&dev->sync_lock);
	return VK_SUCCESS;
}

static uint64_t fence_point(struct vvk_device *dev, struct vvk_fence *f, bool *signaled)
{
	uint64_t p;

	pthread_mutex_lock(&dev->sync_lock);
	*signaled = f->signaled;
	p = f->point;
	pthread_mutex_unlock(&dev->sync_lock);
	return p;
}

VkResult vvk_GetFenceStatus(VkDevice device, VkFence fence)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	bool signaled;
	uint64_t p = fence_point(dev, vvk_fence_from_handle(fence), &signaled);

	if (vdrm_device_is_lost(dev->vdrm))
		return VK_ERROR_DEVICE_LOST;
	if (signaled || (p && vdrm_device_is_signaled(dev->vdrm, p)))
		return VK_SUCCESS;
	return VK_NOT_READY;
}

/* Waits for one fence; a fence not yet given to the host waits for the submit. */
static VkResult wait_one(struct vvk_device *dev, struct vvk_fence *f, uint64_t deadline)
{
	bool signaled;
	uint64_t p, now;
	VkResult r;

	pthread_mutex_lock(&dev->sync_lock);
	while (!f->signaled && !f->point) {
		r = vvk_device_sync_wait(dev, deadline);
		if (r != VK_SUCCESS) {
			pthread_mutex_unlock(&dev->sync_lock);
			return r;
		}
	}
	pthread_mutex_unlock(&dev->sync_lock);
	p = fence_point(dev, f, &signaled);
	if (signaled)
		return VK_SUCCESS;
	now = vvk_now_ns();
	if (now >= deadline && !vdrm_device_is_signaled(dev->vdrm, p))
		return VK_TIMEOUT;
	return vvk_result_from_vdrm(vdrm_device_wait(
		dev->vdrm, p, deadline == UINT64_MAX ? -1 : (int64_t)(deadline - now)));
}

static VkResult wait_any(struct vvk_device *dev, uint32_t count, const VkFence *pFences,
			 uint64_t deadline)
{
	for (;;) {
		for (uint32_t i = 0; i < count; i++) {
			VkResult r = vvk_GetFenceStatus(vvk_device_to_handle(dev), pFences[i]);

			if (r != VK_NOT_READY)
				return r;
		}
		if (vvk_now_ns() >= deadline)
			return VK_TIMEOUT;
		pthread_mutex_lock(&dev->sync_lock);
		vvk_device_sync_wait(dev, VVK_MIN(deadline, vvk_deadline(1000000)));
		pthread_mutex_unlock(&dev->sync_lock);
	}
}

VkResult vvk_WaitForFences(VkDevice device, uint32_t count, const VkFence *pFences,
			   VkBool32 waitAll, uint64_t timeout)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	uint64_t deadline = vvk_deadline(timeout);
	VkResult r = VK_SUCCESS;

	if (!waitAll && count > 1)
		return wait_any(dev, count, pFences, deadline);
	for (uint32_t i = 0; i < count && r == VK_SUCCESS; i++)
		r = wait_one(dev, vvk_fence_from_handle(pFences[i]), deadline);
	return r;
}
