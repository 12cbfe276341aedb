/* SPDX-License-Identifier: MIT */
/*
 * Device memory. Memory of any type owns at most ONE virgl buffer resource,
 * created when a buffer is bound or the memory is mapped: buffers are
 * ranges of it. Images own their textures and only record their memory.
 */
#pragma once

#include <pthread.h>

#include "vdrm_resource.h"
#include "vvk_private.h"
#include "vvk_usage.h"

#define VVK_MEMORY_TYPE_DEVICE 0
#define VVK_MEMORY_TYPE_HOST 1

struct vvk_device;

struct vvk_memory {
	VkDeviceSize size;
	uint32_t type;
	pthread_mutex_t lock; /* creation of res */
	struct vdrm_resource *res;
	struct vvk_usage usage; /* of res, by every buffer in it */
};

VVK_HANDLE_CASTS(vvk_memory, VkDeviceMemory)

/* Creates the buffer resource on first need. */
VkResult vvk_memory_ensure_resource(struct vvk_device *dev, struct vvk_memory *mem);
