/* SPDX-License-Identifier: MIT */
#include "vvk_usage.h"

#include "vvk_device.h"
#include "vvk_queue.h"

bool vvk_usage_is_busy(struct vvk_device *dev, const struct vvk_usage *u)
{
	uint64_t p = atomic_load(&u->read);

	if (p == VVK_POINT_PENDING)
		return true;
	return p && !vdrm_device_is_signaled(dev->vdrm, p);
}

static VkResult wait_point(struct vvk_device *dev, _Atomic uint64_t *which)
{
	uint64_t p = atomic_load(which);

	/* queued behind a wait: it gets its point once the queue flushes it */
	if (p == VVK_POINT_PENDING) {
		VkResult r = vvk_queue_wait_flushed(&dev->queue);

		if (r != VK_SUCCESS)
			return r;
		p = atomic_load(which);
	}
	if (!p)
		return VK_SUCCESS;
	return vvk_result_from_vdrm(vdrm_device_wait(dev->vdrm, p, -1));
}

VkResult vvk_usage_wait_for_write(struct vvk_device *dev, const struct vvk_usage *u)
{
	return wait_point(dev, (_Atomic uint64_t *)&u->write);
}

VkResult vvk_usage_wait_for_any(struct vvk_device *dev, const struct vvk_usage *u)
{
	return wait_point(dev, (_Atomic uint64_t *)&u->read);
}
