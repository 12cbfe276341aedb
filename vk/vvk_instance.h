/* SPDX-License-Identifier: MIT */
/*
 * The instance and its one physical device: the drm/ device (vtest or the
 * virtio_gpu DRM node, as VIRTGL_TRANSPORT says), opened when the
 * application first enumerates. The physical device owns the host context,
 * so it also owns the allocator of the context's object handles.
 */
#pragma once

#include <pthread.h>
#include <stdatomic.h>

#include "vdrm_device.h"
#include "vvk_private.h"

/* Who applies KHR_blend_equation_advanced's equations (VK_EXT_blend_operation_advanced):
 * the one place that decides, from the host's caps (vvk_instance.c). */
enum vvk_advanced_blend {
	VVK_ADVANCED_BLEND_NONE,   /* neither: the ops are refused */
	VVK_ADVANCED_BLEND_SHADER, /* the fragment shader through framebuffer fetch (coherent) */
	VVK_ADVANCED_BLEND_HOST,   /* the host's own KHR_blend_equation_advanced (not coherent) */
};

struct vvk_physical_device {
	struct vvk_instance *instance;
	struct vdrm_device *vdrm;
	const struct vdrm_caps *caps;
	/* handles of CREATE_OBJECT: one space per host context, never 0 */
	_Atomic uint32_t next_handle;
	VkPhysicalDeviceProperties props;
	enum vvk_advanced_blend advanced_blend;
};

struct vvk_instance {
	VkAllocationCallbacks alloc;
	bool has_alloc;
	pthread_mutex_t lock;
	bool enumerated;
	struct vvk_physical_device *pdev; /* NULL when no device answered */
};

VVK_HANDLE_CASTS(vvk_instance, VkInstance)
VVK_HANDLE_CASTS(vvk_physical_device, VkPhysicalDevice)

/* Fills pdev->props from the caps (vvk_physical_device.c). */
void vvk_physical_device_init_properties(struct vvk_physical_device *pdev);
uint32_t vvk_physical_device_new_handle(struct vvk_physical_device *pdev);
/* The caps' format usage bits (enum vdrm_format_usage) of a VkFormat. */
uint32_t vvk_physical_device_format_usage(const struct vvk_physical_device *pdev,
					  VkFormat format);
/* Sample counts the host renders (1 up to caps max_samples). */
VkSampleCountFlags vvk_physical_device_sample_counts(const struct vvk_physical_device *pdev);
bool vvk_physical_device_has_cap(const struct vvk_physical_device *pdev, uint32_t cap_bit);
uint32_t vvk_physical_device_max_viewports(const struct vvk_physical_device *pdev);
bool vvk_physical_device_has_cap2(const struct vvk_physical_device *pdev, uint32_t cap2_bit);
bool vvk_physical_device_has_geometry(const struct vvk_physical_device *pdev);
bool vvk_physical_device_has_gpu_shader5(const struct vvk_physical_device *pdev);
bool vvk_physical_device_has_tessellation(const struct vvk_physical_device *pdev);
