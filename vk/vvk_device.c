/* SPDX-License-Identifier: MIT */
#include "vvk_device.h"

#include <errno.h>
#include <time.h>

uint32_t vvk_device_new_handle(struct vvk_device *dev)
{
	return vvk_physical_device_new_handle(dev->pdev);
}

struct vdrm_cs *vvk_device_setup_lock(struct vvk_device *dev)
{
	pthread_mutex_lock(&dev->setup_lock);
	return &dev->setup;
}

void vvk_device_setup_unlock(struct vvk_device *dev)
{
	pthread_mutex_unlock(&dev->setup_lock);
}

void vvk_device_destroy_object(struct vvk_device *dev, uint32_t obj_type, uint32_t handle)
{
	if (!handle)
		return;
	vdrm_encode_destroy_object(vvk_device_setup_lock(dev), &(struct vdrm_cmd_destroy_object){
		.obj_type = obj_type, .handle = handle });
	vvk_device_setup_unlock(dev);
}

uint64_t vvk_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t vvk_deadline(uint64_t timeout_ns)
{
	uint64_t now = vvk_now_ns();

	return timeout_ns > UINT64_MAX - now ? UINT64_MAX : now + timeout_ns;
}

VkResult vvk_device_sync_wait(struct vvk_device *dev, uint64_t deadline)
{
	struct timespec ts;

	if (deadline == UINT64_MAX) {
		pthread_cond_wait(&dev->sync_cond, &dev->sync_lock);
		return VK_SUCCESS;
	}
	if (vvk_now_ns() >= deadline)
		return VK_TIMEOUT;
	ts.tv_sec = (time_t)(deadline / 1000000000u);
	ts.tv_nsec = (long)(deadline % 1000000000u);
	if (pthread_cond_timedwait(&dev->sync_cond, &dev->sync_lock, &ts) == ETIMEDOUT)
		return VK_TIMEOUT;
	return VK_SUCCESS;
}

static void init_locks(struct vvk_device *dev)
{
	pthread_condattr_t attr;

	pthread_mutex_init(&dev->setup_lock, NULL);
	pthread_mutex_init(&dev->sync_lock, NULL);
	pthread_condattr_init(&attr);
	pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
	pthread_cond_init(&dev->sync_cond, &attr);
	pthread_condattr_destroy(&attr);
}

static void finish_locks(struct vvk_device *dev)
{
	pthread_cond_destroy(&dev->sync_cond);
	pthread_mutex_destroy(&dev->sync_lock);
	pthread_mutex_destroy(&dev->setup_lock);
}

VkResult vvk_CreateDevice(VkPhysicalDevice physicalDevice, const VkDeviceCreateInfo *pCreateInfo,
			  const VkAllocationCallbacks *pAllocator, VkDevice *pDevice)
{
	struct vvk_physical_device *pdev = vvk_physical_device_from_handle(physicalDevice);
	struct vvk_device *dev = vvk_zalloc(pAllocator, sizeof(*dev));
	VkResult r;

	(void)pCreateInfo;
	if (!dev)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	dev->pdev = pdev;
	dev->vdrm = pdev->vdrm;
	dev->caps = pdev->caps;
	if (pAllocator) {
		dev->alloc = *pAllocator;
		dev->has_alloc = true;
	}
	init_locks(dev);
	vdrm_cs_init(&dev->setup);
	vvk_queue_init(&dev->queue, dev);
	r = vvk_meta_init(dev, &dev->meta);
	if (r != VK_SUCCESS) {
		vvk_DestroyDevice(vvk_device_to_handle(dev), pAllocator);
		return r;
	}
	*pDevice = vvk_device_to_handle(dev);
	return VK_SUCCESS;
}

void vvk_DestroyDevice(VkDevice device, const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);

	if (!dev)
		return;
	vvk_meta_finish(dev, &dev->meta);
	/* hand the host the last destroys, then let it finish everything */
	vvk_queue_flush_setup(&dev->queue);
	vvk_QueueWaitIdle(vvk_queue_to_handle(&dev->queue));
	vvk_queue_finish(&dev->queue);
	vdrm_cs_finish(&dev->setup);
	vvk_object_cache_finish(&dev->objects);
	finish_locks(dev);
	vvk_free(pAllocator, dev);
}

void vvk_GetDeviceQueue(VkDevice device, uint32_t family, uint32_t index, VkQueue *pQueue)
{
	struct vvk_device *dev = vvk_device_from_handle(device);

	*pQueue = (family == 0 && index == 0) ? vvk_queue_to_handle(&dev->queue) : VK_NULL_HANDLE;
}

VkResult vvk_DeviceWaitIdle(VkDevice device)
{
	return vvk_QueueWaitIdle(vvk_queue_to_handle(&vvk_device_from_handle(device)->queue));
}

VkResult vvk_GetDeviceStatus(VkDevice device, VkBool32 probe)
{
	struct vdrm_device *vdrm = vvk_device_from_handle(device)->vdrm;
	bool lost = probe ? vdrm_device_probe_lost(vdrm) : vdrm_device_is_lost(vdrm);

	return lost ? VK_ERROR_DEVICE_LOST : VK_SUCCESS;
}

VkResult vvk_WaitForeignFd(VkDevice device, int fd, uint64_t timeout_ns)
{
	struct vdrm_device *vdrm = vvk_device_from_handle(device)->vdrm;
	int64_t t = timeout_ns > (uint64_t)INT64_MAX ? -1 : (int64_t)timeout_ns;

	switch (vdrm_device_wait_fd(vdrm, fd, t)) {
	case VDRM_OK: return VK_SUCCESS;
	case VDRM_ERROR_TIMEOUT: return VK_TIMEOUT;
	case VDRM_ERROR_DEVICE_LOST: return VK_ERROR_DEVICE_LOST;
	default: return VK_ERROR_UNKNOWN;
	}
}
