/* SPDX-License-Identifier: MIT */
#include "vvk_shader_module.h"

#include "vvk_device.h"

static VkResult copy_tgsi(struct vvk_shader_module *m, const struct vvk_shader_module_tgsi_info *t)
{
	m->tgsi = strdup(t->text ? t->text : "");
	if (!m->tgsi)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	m->tgsi_info = *t;
	m->tgsi_info.text = m->tgsi;
	m->tgsi_info.pNext = NULL;
	return VK_SUCCESS;
}

static VkResult copy_spirv(struct vvk_shader_module *m, const VkShaderModuleCreateInfo *ci)
{
	if (ci->codeSize % 4 || !ci->codeSize)
		return VK_ERROR_INVALID_SHADER_NV;
	m->words = malloc(ci->codeSize);
	if (!m->words)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	memcpy(m->words, ci->pCode, ci->codeSize);
	m->nr_words = ci->codeSize / 4;
	return VK_SUCCESS;
}

VkResult vvk_CreateShaderModule(VkDevice device, const VkShaderModuleCreateInfo *pCreateInfo,
				const VkAllocationCallbacks *pAllocator, VkShaderModule *pModule)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	const struct vvk_shader_module_tgsi_info *tgsi = vvk_find_struct(
		pCreateInfo->pNext, VVK_STRUCTURE_TYPE_SHADER_MODULE_TGSI_INFO);
	struct vvk_shader_module *m = vvk_zalloc(vvk_device_alloc(dev, pAllocator), sizeof(*m));
	VkResult r;

	if (!m)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	r = tgsi ? copy_tgsi(m, tgsi) : copy_spirv(m, pCreateInfo);
	if (r != VK_SUCCESS) {
		vvk_DestroyShaderModule(device, vvk_shader_module_to_handle(m), pAllocator);
		return r;
	}
	*pModule = vvk_shader_module_to_handle(m);
	return VK_SUCCESS;
}

void vvk_DestroyShaderModule(VkDevice device, VkShaderModule module,
			     const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_shader_module *m = vvk_shader_module_from_handle(module);

	if (!m)
		return;
	free(m->words);
	free(m->tgsi);
	vvk_free(vvk_device_alloc(dev, pAllocator), m);
}
