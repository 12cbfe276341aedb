/* SPDX-License-Identifier: MIT */
#include "vvk_instance.h"

#include <stdio.h>

#include "vdrm_format.h"
#include "vvk_format.h"

VkResult vvk_result_from_vdrm(int r)
{
	switch (r) {
	case VDRM_OK:
		return VK_SUCCESS;
	case VDRM_ERROR_DEVICE_LOST:
		return VK_ERROR_DEVICE_LOST;
	case VDRM_ERROR_TIMEOUT:
		return VK_TIMEOUT;
	case VDRM_ERROR_OUT_OF_MEMORY:
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	case VDRM_ERROR_UNSUPPORTED:
		return VK_ERROR_FEATURE_NOT_PRESENT;
	case VDRM_ERROR_NO_DEVICE:
		return VK_ERROR_INITIALIZATION_FAILED;
	default:
		return VK_ERROR_OUT_OF_DEVICE_MEMORY;
	}
}

const void *vvk_find_struct(const void *chain, VkStructureType type)
{
	for (const VkBaseInStructure *s = chain; s; s = s->pNext)
		if (s->sType == type)
			return s;
	return NULL;
}

uint32_t vvk_physical_device_new_handle(struct vvk_physical_device *pdev)
{
	uint32_t h;

	do
		h = atomic_fetch_add(&pdev->next_handle, 1);
	while (h == 0);
	return h;
}

bool vvk_physical_device_has_cap(const struct vvk_physical_device *pdev, uint32_t cap_bit)
{
	return (pdev->caps->capability_bits & cap_bit) != 0;
}

bool vvk_physical_device_has_cap2(const struct vvk_physical_device *pdev, uint32_t cap2_bit)
{
	return (pdev->caps->capability_bits_v2 & cap2_bit) != 0;
}

/* Geometry shaders with instancing (invocations): GLSL 4.00 on a desktop
 * host, ES 3.20 on a GLES one, and at least the output bounds GL's
 * EXT_geometry_shader promises (256 vertices, 1024 components). */
bool vvk_physical_device_has_geometry(const struct vvk_physical_device *pdev)
{
	const struct vdrm_caps *c = pdev->caps;
	bool gles = c->capability_bits & VDRM_CAP_HOST_IS_GLES;

	return c->glsl_level >= (gles ? 320u : 400u) && c->max_geom_output_vertices >= 256 &&
	       c->max_geom_total_output_components >= 1024;
}

/* The host's viewports, as many as SET_VIEWPORT_STATE takes at most; 1
 * without geometry shaders, the only stage that can choose another. */
uint32_t vvk_physical_device_max_viewports(const struct vvk_physical_device *pdev)
{
	uint32_t n = pdev->caps->max_viewports;

	if (!vvk_physical_device_has_geometry(pdev) || n < 1)
		return 1;
	return n < VVK_MAX_VIEWPORTS ? n : VVK_MAX_VIEWPORTS;
}

/* GLSL 4.00's gpu_shader5 features (ES 3.20 on a GLES host): what
 * virglrenderer needs to translate TGSI's indirect sampler indices, texel
 * offsets in registers and four-offset gathers (it asks for
 * ARB_gpu_shader5 where they occur). */
bool vvk_physical_device_has_gpu_shader5(const struct vvk_physical_device *pdev)
{
	const struct vdrm_caps *c = pdev->caps;
	bool gles = c->capability_bits & VDRM_CAP_HOST_IS_GLES;

	return c->glsl_level >= (gles ? 320u : 400u);
}

/* Tessellation: the host's has_tessellation_shaders (bset bit 24) with
 * GLSL 4.00 on a desktop host, ES 3.20 on a GLES one. */
bool vvk_physical_device_has_tessellation(const struct vvk_physical_device *pdev)
{
	return vvk_physical_device_has_gpu_shader5(pdev) && (pdev->caps->bset & (1u << 24));
}

uint32_t vvk_physical_device_format_usage(const struct vvk_physical_device *pdev,
					  VkFormat format)
{
	uint32_t virgl = vvk_format_to_virgl(format);

	return virgl ? vdrm_caps_format_usage(pdev->caps, virgl) : 0;
}

/* ---- instance --------------------------------------------------------------- */

VkResult vvk_CreateInstance(const VkInstanceCreateInfo *pCreateInfo,
			    const VkAllocationCallbacks *pAllocator, VkInstance *pInstance)
{
	struct vvk_instance *inst = vvk_zalloc(pAllocator, sizeof(*inst));

	(void)pCreateInfo;
	if (!inst)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	if (pAllocator) {
		inst->alloc = *pAllocator;
		inst->has_alloc = true;
	}
	pthread_mutex_init(&inst->lock, NULL);
	*pInstance = vvk_instance_to_handle(inst);
	return VK_SUCCESS;
}

void vvk_DestroyInstance(VkInstance instance, const VkAllocationCallbacks *pAllocator)
{
	struct vvk_instance *inst = vvk_instance_from_handle(instance);

	if (!inst)
		return;
	if (inst->pdev) {
		vdrm_device_destroy(inst->pdev->vdrm);
		vvk_free(pAllocator, inst->pdev);
	}
	pthread_mutex_destroy(&inst->lock);
	vvk_free(pAllocator, inst);
}

/* virglrenderer applies a blend object's advanced equation itself only on a
 * host without framebuffer fetch (vrend_draw_vbo), so the shader blends
 * where the host has fbfetch, the host where it has the equations and a
 * TEXTURE_BARRIER (glBlendBarrierKHR) but no fbfetch. VIRTGL_DEBUG=hostblend
 * takes the host's way on any host, for tests of the stream (the pixels
 * are then right only on a host without fbfetch). */
static enum vvk_advanced_blend advanced_blend(const struct vdrm_caps *c)
{
	bool fbfetch = (c->capability_bits & VDRM_CAP_TGSI_FBFETCH) != 0;
	bool host = (c->capability_bits_v2 & VDRM_CAP2_BLEND_EQUATION) &&
		    (c->capability_bits & VDRM_CAP_TEXTURE_BARRIER);

	if (vdrm_debug_word("hostblend") || (host && !fbfetch))
		return VVK_ADVANCED_BLEND_HOST;
	return fbfetch ? VVK_ADVANCED_BLEND_SHADER : VVK_ADVANCED_BLEND_NONE;
}

static void open_physical_device(struct vvk_instance *inst)
{
	const VkAllocationCallbacks *a = inst->has_alloc ? &inst->alloc : NULL;
	struct vdrm_device_create_info info = { 0 };
	struct vdrm_error err = { 0 };
	struct vvk_physical_device *pdev;
	struct vdrm_device *vdrm;

	if (vdrm_device_create_info_from_env(&info, &err))
		return;
	info.may_spawn_server = true;
	/* no device is not an error: the application sees zero devices */
	if (vdrm_device_create(&info, &vdrm, &err))
		return;
	pdev = vvk_zalloc(a, sizeof(*pdev));
	if (!pdev) {
		vdrm_device_destroy(vdrm);
		return;
	}
	pdev->instance = inst;
	pdev->vdrm = vdrm;
	pdev->caps = vdrm_device_caps(vdrm);
	atomic_init(&pdev->next_handle, 1);
	pdev->advanced_blend = advanced_blend(pdev->caps);
	vvk_physical_device_init_properties(pdev);
	inst->pdev = pdev;
}

VkResult vvk_EnumeratePhysicalDevices(VkInstance instance, uint32_t *pCount,
				      VkPhysicalDevice *pDevices)
{
	struct vvk_instance *inst = vvk_instance_from_handle(instance);
	uint32_t n;

	pthread_mutex_lock(&inst->lock);
	if (!inst->enumerated) {
		open_physical_device(inst);
		inst->enumerated = true;
	}
	pthread_mutex_unlock(&inst->lock);
	n = inst->pdev ? 1 : 0;
	if (!pDevices) {
		*pCount = n;
		return VK_SUCCESS;
	}
	if (*pCount < n) {
		*pCount = 0;
		return VK_INCOMPLETE;
	}
	*pCount = n;
	if (n)
		pDevices[0] = vvk_physical_device_to_handle(inst->pdev);
	return VK_SUCCESS;
}
