/* SPDX-License-Identifier: MIT */
/* A buffer is a range of a memory's one virgl buffer resource. */
#pragma once

#include "vvk_memory.h"
#include "vvk_private.h"

/* A paused capture a counter buffer names (vvk_cmd_xfb.c): the host's
 * target object and the range it captures into. */
struct vvk_xfb_paused {
	uint32_t target; /* 0: none */
	uint32_t res, offset, size;
};

struct vvk_buffer {
	VkDeviceSize size;
	VkBufferUsageFlags usage;
	struct vvk_memory *mem;
	VkDeviceSize offset; /* in mem */
	struct vvk_xfb_paused xfb; /* as a transform feedback counter buffer */
};

VVK_HANDLE_CASTS(vvk_buffer, VkBuffer)

/* Byte offset of `offset` within the buffer, in the memory's resource. */
static inline uint32_t vvk_buffer_res_offset(const struct vvk_buffer *b, VkDeviceSize offset)
{
	return (uint32_t)(b->offset + offset);
}
