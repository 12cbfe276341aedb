/* SPDX-License-Identifier: MIT */
/*
 * gl/'s window onto vk/'s usage handles (vk/vvk_usage.h): the only file of
 * gl/ that looks inside vk/ objects. Buffers and images carry the handle
 * vk/'s queue marks at submission (last read point, last write point); these
 * helpers answer gl/'s questions about a GL resource's storage so that
 * glMapBufferRange and friends wait only for conflicting work (technique 2).
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "vvk.h"

/* The drm/ point of the queue's last submission (tests, fences). */
uint64_t vgl_usage_queue_last_point(VkQueue queue);
/* Some submitted batch that uses the memory has not completed. */
bool vgl_usage_memory_busy(VkDevice dev, VkDeviceMemory mem);
/* Some submitted batch that writes the memory has not completed. */
bool vgl_usage_memory_write_busy(VkDevice dev, VkDeviceMemory mem);
/* Waits for the last batch that wrote the memory (a CPU read follows). */
VkResult vgl_usage_memory_wait_write(VkDevice dev, VkDeviceMemory mem);
/* Waits for every batch that used the memory (a CPU write follows). */
VkResult vgl_usage_memory_wait_any(VkDevice dev, VkDeviceMemory mem);
