/* SPDX-License-Identifier: MIT */
#include "vvk_semaphore.h"

#include "vvk_device.h"

/* Point that brings the semaphore to `value` (or past it). */
#define POINT_NONE UINT64_MAX

uint64_t vvk_semaphore_submitted_value(const struct vvk_semaphore *sem)
{
	if (sem->count)
		return VVK_MAX(sem->reached, sem->signals[sem->count - 1].value);
	return sem->reached;
}

VkResult vvk_semaphore_add_signal(struct vvk_semaphore *sem, uint64_t value, uint64_t point)
{
	uint32_t i;

	if (!sem->timeline) {
		sem->binary_point = point;
		return VK_SUCCESS;
	}
	if (value <= sem->reached)
		return VK_SUCCESS;
	if (sem->count == sem->cap) {
		uint32_t cap = sem->cap ? sem->cap * 2 : 8;
		void *p = realloc(sem->signals, cap * sizeof(*sem->signals));

		if (!p)
			return VK_ERROR_OUT_OF_HOST_MEMORY;
		sem->signals = p;
		sem->cap = cap;
	}
	/* values only grow in a valid program; keep the order anyway */
	for (i = sem->count; i > 0 && sem->signals[i - 1].value > value; i--)
		sem->signals[i] = sem->signals[i - 1];
	sem->signals[i] = (struct vvk_semaphore_signal){ value, point };
	sem->count++;
	return VK_SUCCESS;
}

/* Folds completed signals into `reached`. sync_lock held. */
static void prune(struct vvk_device *dev, struct vvk_semaphore *sem)
{
	uint64_t done;
	uint32_t n = 0;

	if (!sem->count)
		return;
	done = vdrm_device_last_completed(dev->vdrm);
	while (n < sem->count && sem->signals[n].point <= done) {
		sem->reached = VVK_MAX(sem->reached, sem->signals[n].value);
		n++;
	}
	memmove(sem->signals, sem->signals + n, (sem->count - n) * sizeof(*sem->signals));
	sem->count -= n;
}

static uint64_t point_for(const struct vvk_semaphore *sem, uint64_t value)
{
	for (uint32_t i = 0; i < sem->count; i++)
		if (sem->signals[i].value >= value)
			return sem->signals[i].point;
	return POINT_NONE;
}

VkResult vvk_CreateSemaphore(VkDevice device, const VkSemaphoreCreateInfo *pCreateInfo,
			     const VkAllocationCallbacks *pAllocator, VkSemaphore *pSemaphore)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	const VkSemaphoreTypeCreateInfo *type = vvk_find_struct(
		pCreateInfo->pNext, VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO);
	struct vvk_semaphore *sem = vvk_zalloc(vvk_device_alloc(dev, pAllocator), sizeof(*sem));

	if (!sem)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	if (type && type->semaphoreType == VK_SEMAPHORE_TYPE_TIMELINE) {
		sem->timeline = true;
		sem->reached = type->initialValue;
	}
	*pSemaphore = vvk_semaphore_to_handle(sem);
	return VK_SUCCESS;
}

void vvk_DestroySemaphore(VkDevice device, VkSemaphore semaphore,
			  const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_semaphore *sem = vvk_semaphore_from_handle(semaphore);

	if (!sem)
		return;
	free(sem->signals);
	vvk_free(vvk_device_alloc(dev, pAllocator), sem);
}

VkResult vvk_GetSemaphoreCounterValue(VkDevice device, VkSemaphore semaphore, uint64_t *pValue)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_semaphore *sem = vvk_semaphore_from_handle(semaphore);

	pthread_mutex_lock(&dev->sync_lock);
	prune(dev, sem);
	*pValue = sem->reached;
	pthread_mutex_unlock(&dev->sync_lock);
	return vdrm_device_is_lost(dev->vdrm) ? VK_ERROR_DEVICE_LOST : VK_SUCCESS;
}

/*
 * One step of waiting for a value: done, waited for the point that signals
 * it, or slept until some submission or CPU signal changed the state.
 */
static VkResult wait_step(struct vvk_device *dev, struct vvk_semaphore *sem, uint64_t value,
			  uint64_t deadline, bool *done)
{
	uint64_t point, now;
	VkResult r;

	pthread_mutex_lock(&dev->sync_lock);
	prune(dev, sem);
	*done = sem->reached >= value;
	point = *done ? 0 : point_for(sem, value);
	if (!*done && point == POINT_NONE) {
		r = vvk_device_sync_wait(dev, deadline);
		pthread_mutex_unlock(&dev->sync_lock);
		return r;
	}
	pthread_mutex_unlock(&dev->sync_lock);
	if (*done)
		return VK_SUCCESS;
	now = vvk_now_ns();
	if (now >= deadline)
		return VK_TIMEOUT;
	return vvk_result_from_vdrm(vdrm_device_wait(
		dev->vdrm, point, deadline == UINT64_MAX ? -1 : (int64_t)(deadline - now)));
}

static VkResult wait_value(struct vvk_device *dev, struct vvk_semaphore *sem, uint64_t value,
			   uint64_t deadline)
{
	bool done = false;
	VkResult r = VK_SUCCESS;

	while (!done && r == VK_SUCCESS)
		r = wait_step(dev, sem, value, deadline, &done);
	return r;
}

static bool reached(struct vvk_device *dev, struct vvk_semaphore *sem, uint64_t value)
{
	bool done;

	pthread_mutex_lock(&dev->sync_lock);
	prune(dev, sem);
	done = sem->reached >= value;
	pthread_mutex_unlock(&dev->sync_lock);
	return done;
}

/* WAIT_ANY: poll all, sleep a millisecond at a time on the sync condition. */
static VkResult wait_any(struct vvk_device *dev, const VkSemaphoreWaitInfo *info,
			 uint64_t deadline)
{
	for (;;) {
		for (uint32_t i = 0; i < info->semaphoreCount; i++)
			if (reached(dev, vvk_semaphore_from_handle(info->pSemaphores[i]),
				    info->pValues[i]))
				return VK_SUCCESS;
		if (vvk_now_ns() >= deadline)
			return VK_TIMEOUT;
		pthread_mutex_lock(&dev->sync_lock);
		vvk_device_sync_wait(dev, VVK_MIN(deadline, vvk_deadline(1000000)));
		pthread_mutex_unlock(&dev->sync_lock);
	}
}

VkResult vvk_WaitSemaphores(VkDevice device, const VkSemaphoreWaitInfo *pWaitInfo,
			    uint64_t timeout)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	uint64_t deadline = vvk_deadline(timeout);
	VkResult r = VK_SUCCESS;

	if (pWaitInfo->flags & VK_SEMAPHORE_WAIT_ANY_BIT)
		return wait_any(dev, pWaitInfo, deadline);
	for (uint32_t i = 0; i < pWaitInfo->semaphoreCount && r == VK_SUCCESS; i++)
		r = wait_value(dev, vvk_semaphore_from_handle(pWaitInfo->pSemaphores[i]),
			       pWaitInfo->pValues[i], deadline);
	return r;
}

VkResult vvk_SignalSemaphore(VkDevice device, const VkSemaphoreSignalInfo *pSignalInfo)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_semaphore *sem = vvk_semaphore_from_handle(pSignalInfo->semaphore);

	pthread_mutex_lock(&dev->sync_lock);
	sem->reached = VVK_MAX(sem->reached, pSignalInfo->value);
	pthread_cond_broadcast(&dev->sync_cond);
	pthread_mutex_unlock(&dev->sync_lock);
	/* submissions queued behind this value may go now */
	return vvk_queue_flush_pending(&dev->queue);
}

/* An empty submission completes at once unless the host is stuck. */
#define EMPTY_SUBMIT_WAIT_NS (10 * 1000000000ll)

VkResult vvk_GetSemaphoreFdForValue(VkDevice device, VkSemaphore semaphore, uint64_t value,
				    int *pFd)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_semaphore *sem = vvk_semaphore_from_handle(semaphore);
	uint64_t point;

	pthread_mutex_lock(&dev->sync_lock);
	prune(dev, sem);
	point = sem->reached >= value ? 0 : point_for(sem, value);
	pthread_mutex_unlock(&dev->sync_lock);
	if (point == POINT_NONE)
		return VK_NOT_READY;
	/* already reached: any completed point makes a readable fd (not the
	 * last submitted one, which may still be running) */
	if (!point)
		point = vdrm_device_last_completed(dev->vdrm);
	if (!point) {
		/* nothing submitted yet: an empty submission's point, waited for
		 * so that the fd of a reached value is readable at once */
		VkResult r = vvk_queue_submit_empty(&dev->queue, &point);

		if (r == VK_SUCCESS)
			r = vvk_result_from_vdrm(vdrm_device_wait(dev->vdrm, point, EMPTY_SUBMIT_WAIT_NS));
		if (r != VK_SUCCESS)
			return r;
	}
	return vvk_result_from_vdrm(vdrm_device_export_fd(dev->vdrm, point, pFd));
}
