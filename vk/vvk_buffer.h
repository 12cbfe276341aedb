/* SPDX-License-Identifier: MIT */
/* A buffer is a range of a memory's one virgl buffer resource. */
#pragma once

#include "vvk_memory.h"
#include "vvk_private.h"

struct vvk_buffer {
	VkDeviceSize size;
	VkBufferUsageFlags usage;
	struct vvk_memory *mem;
	VkDeviceSize offset; /* in mem */
};

VVK_HANDLE_CASTS(vvk_buffer, VkBuffer)

/* Byte offset of `offset` within the buffer, in the memory's resource. */
static inline uint32_t vvk_buffer_res_offset(const struct vvk_buffer *b, VkDeviceSize offset)
{
	return (uint32_t)(b->offset + offset);
}
