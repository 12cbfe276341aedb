/* SPDX-License-Identifier: MIT */
/*
 * The logical device: its queue, the setup stream that carries object
 * creation and destruction to the host in front of the next submission, and
 * the lock + condition that semaphores and fences wait on.
 */
#pragma once

#include <stdatomic.h>
#include <pthread.h>

#include "vdrm_cmds.h"
#include "vdrm_device.h"
#include "vvk_instance.h"
#include "vvk_meta.h"
#include "vvk_object_cache.h"
#include "vvk_private.h"
#include "vvk_queue.h"

struct vvk_device {
	struct vvk_physical_device *pdev;
	struct vdrm_device *vdrm;
	const struct vdrm_caps *caps;
	VkAllocationCallbacks alloc;
	bool has_alloc;

	/* CREATE_OBJECT / DESTROY_OBJECT waiting for the next submission */
	pthread_mutex_t setup_lock;
	struct vdrm_cs setup;
	/* pipeline state objects and shaders, shared by content (setup_lock) */
	struct vvk_object_cache objects;

	/* semaphore and fence state; signalled on every submit and CPU signal */
	pthread_mutex_t sync_lock;
	pthread_cond_t sync_cond;

	struct vvk_queue queue;
	struct vvk_meta meta;
	/* the most shader-buffer and image slots any command buffer bound in
	 * one stage (vvk_cmd_descriptors.c): where a command buffer knows
	 * nothing of the host's slots, those past its own may still hold some */
	_Atomic uint32_t slots_high[2];
};

VVK_HANDLE_CASTS(vvk_device, VkDevice)

static inline const VkAllocationCallbacks *vvk_device_alloc(const struct vvk_device *dev,
							     const VkAllocationCallbacks *a)
{
	if (a)
		return a;
	return dev->has_alloc ? &dev->alloc : NULL;
}

uint32_t vvk_device_new_handle(struct vvk_device *dev);

/*
 * The setup stream: lock, encode into the returned stream, unlock. Nothing
 * else may be done between the two (other threads wait).
 */
struct vdrm_cs *vvk_device_setup_lock(struct vvk_device *dev);
void vvk_device_setup_unlock(struct vvk_device *dev);
/* DESTROY_OBJECT of a handle (0 is ignored). */
void vvk_device_destroy_object(struct vvk_device *dev, uint32_t obj_type, uint32_t handle);

/* CLOCK_MONOTONIC nanoseconds; deadline of a Vulkan relative timeout. */
uint64_t vvk_now_ns(void);
uint64_t vvk_deadline(uint64_t timeout_ns);
/* Waits on sync_cond (sync_lock held) until signalled or the deadline. */
VkResult vvk_device_sync_wait(struct vvk_device *dev, uint64_t deadline);
