/* SPDX-License-Identifier: MIT */
/*
 * What every vk/ file needs and nothing more: handle casts, host-memory
 * allocation through VkAllocationCallbacks, drm/ results as VkResult, limits.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vvk.h"

#define VVK_ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define VVK_MIN(a, b) ((a) < (b) ? (a) : (b))
#define VVK_MAX(a, b) ((a) > (b) ? (a) : (b))
#define VVK_ALIGN(v, a) (((v) + (a) - 1) / (a) * (a))

/* Slots per stage and kind the layer manages (TGSI's own limits are 32). */
#define VVK_MAX_UBO_SLOTS 32
#define VVK_MAX_SAMPLER_SLOTS 32
#define VVK_MAX_SSBO_SLOTS 32
#define VVK_MAX_IMAGE_SLOTS 32
#define VVK_MAX_SETS 4
/* Push constants are CONST[0], sent whole with SET_CONSTANT_BUFFER: 4096
 * bytes (256 vec4, ES 3.0's vertex uniform vectors) lets gl/ keep a
 * program's default uniform block there (the host takes 64 KiB). */
#define VVK_MAX_PUSH_CONSTANTS 4096
#define VVK_MAX_VERTEX_BUFFERS 16
#define VVK_MAX_VERTEX_ATTRIBS 16
#define VVK_MAX_COLOR_ATTACHMENTS 8

/* The shader stages this layer binds state for: the graphics stages from
 * VS to FS, then compute. */
enum vvk_stage {
	VVK_STAGE_VS,
	VVK_STAGE_FS,
	VVK_STAGE_GS,
	VVK_STAGE_TCS,
	VVK_STAGE_TES,
	VVK_STAGE_CS,
	VVK_STAGE_COUNT
};

static inline uint32_t vvk_stage_wire(enum vvk_stage s)
{
	static const uint32_t wire[VVK_STAGE_COUNT] = { 0, 1, 2, 3, 4, 5 };

	return wire[s];
}

static inline VkShaderStageFlags vvk_stage_flag(enum vvk_stage s)
{
	static const VkShaderStageFlags f[VVK_STAGE_COUNT] = {
		VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_FRAGMENT_BIT,
		VK_SHADER_STAGE_GEOMETRY_BIT, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT,
		VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, VK_SHADER_STAGE_COMPUTE_BIT,
	};

	return f[s];
}

/*
 * Handles are pointers to our structs: dispatchable ones are pointers in
 * the headers, non-dispatchable ones pointers (64-bit) or uint64_t (32-bit);
 * a uintptr_t round trip serves both.
 */
#define VVK_HANDLE_CASTS(type, vk_type)                                     \
	static inline struct type *type##_from_handle(vk_type h)            \
	{                                                                   \
		return (struct type *)(uintptr_t)h;                         \
	}                                                                   \
	static inline vk_type type##_to_handle(struct type *o)              \
	{                                                                   \
		return (vk_type)(uintptr_t)o;                               \
	}

/* Zeroed host memory, from the application's callbacks when it gave some. */
static inline void *vvk_zalloc(const VkAllocationCallbacks *a, size_t size)
{
	void *p;

	if (!a || !a->pfnAllocation)
		return calloc(1, size);
	p = a->pfnAllocation(a->pUserData, size, 16, VK_SYSTEM_ALLOCATION_SCOPE_OBJECT);
	if (p)
		memset(p, 0, size);
	return p;
}

static inline void vvk_free(const VkAllocationCallbacks *a, void *p)
{
	if (!a || !a->pfnFree)
		free(p);
	else if (p)
		a->pfnFree(a->pUserData, p);
}

/* drm/'s results as VkResult: loss is loss, everything else is memory. */
VkResult vvk_result_from_vdrm(int vdrm_result);

/* Finds a struct of sType in a pNext chain (NULL if absent). */
const void *vvk_find_struct(const void *chain, VkStructureType type);
