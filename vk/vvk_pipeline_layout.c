/* SPDX-License-Identifier: MIT */
#include "vvk_pipeline_layout.h"

#include "vvk_device.h"

struct vvk_pipeline_layout *vvk_pipeline_layout_ref(struct vvk_pipeline_layout *l)
{
	atomic_fetch_add(&l->refs, 1);
	return l;
}

void vvk_pipeline_layout_unref(struct vvk_pipeline_layout *l)
{
	if (!l || atomic_fetch_sub(&l->refs, 1) != 1)
		return;
	for (uint32_t i = 0; i < l->nr_sets; i++)
		vvk_dsl_unref(l->sets[i]);
	free(l);
}

int vvk_pipeline_layout_slot(const struct vvk_pipeline_layout *l, uint32_t set, uint32_t binding)
{
	const struct vvk_dsl_binding *b;

	if (set >= l->nr_sets || !l->sets[set])
		return -1;
	b = vvk_dsl_find(l->sets[set], binding);
	return b ? (int)(l->base[set][b->kind] + b->slot) : -1;
}

static bool kind_matches(enum vvk_slot_kind k, enum vc_descriptor_kind want)
{
	switch (want) {
	case VC_DESC_UNIFORM_BUFFER:
		return k == VVK_SLOT_UBO;
	case VC_DESC_STORAGE_BUFFER:
		return k == VVK_SLOT_SSBO;
	case VC_DESC_STORAGE_IMAGE:
	case VC_DESC_STORAGE_TEXEL_BUFFER:
		return k == VVK_SLOT_IMAGE;
	case VC_DESC_SAMPLED_IMAGE:
	case VC_DESC_SAMPLER:
	case VC_DESC_UNIFORM_TEXEL_BUFFER:
		return k == VVK_SLOT_SAMPLER;
	default:
		return false;
	}
}

static int map_slot(void *ctx, uint32_t set, uint32_t binding, enum vc_descriptor_kind kind)
{
	const struct vvk_pipeline_layout *l = ctx;
	const struct vvk_dsl_binding *b;

	if (set >= l->nr_sets || !l->sets[set])
		return -1;
	b = vvk_dsl_find(l->sets[set], binding);
	if (!b || !kind_matches(b->kind, kind))
		return -1;
	return (int)(l->base[set][b->kind] + b->slot);
}

struct vc_slot_map vvk_pipeline_layout_slot_map(struct vvk_pipeline_layout *l)
{
	return (struct vc_slot_map){ .slot = map_slot, .ctx = l };
}

static void place_sets(struct vvk_pipeline_layout *l)
{
	uint32_t dyn = 0;

	l->slots[VVK_SLOT_UBO] = 1; /* CONST[0] is the push constants */
	for (uint32_t s = 0; s < l->nr_sets; s++) {
		for (int k = 0; k < VVK_SLOT_KIND_COUNT; k++) {
			l->base[s][k] = l->slots[k];
			if (l->sets[s])
				l->slots[k] += l->sets[s]->slots[k];
		}
		l->dyn_base[s] = dyn;
		dyn += l->sets[s] ? l->sets[s]->nr_dynamic : 0;
	}
}

VkResult vvk_CreatePipelineLayout(VkDevice device, const VkPipelineLayoutCreateInfo *pCreateInfo,
				  const VkAllocationCallbacks *pAllocator,
				  VkPipelineLayout *pLayout)
{
	struct vvk_pipeline_layout *l;

	(void)device;
	(void)pAllocator; /* refcounted past its destroy: plain malloc */
	if (pCreateInfo->setLayoutCount > VVK_MAX_SETS)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	l = calloc(1, sizeof(*l));
	if (!l)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	atomic_init(&l->refs, 1);
	l->nr_sets = pCreateInfo->setLayoutCount;
	for (uint32_t i = 0; i < l->nr_sets; i++) {
		l->sets[i] = vvk_descriptor_set_layout_from_handle(pCreateInfo->pSetLayouts[i]);
		if (l->sets[i])
			vvk_dsl_ref(l->sets[i]);
	}
	for (uint32_t i = 0; i < pCreateInfo->pushConstantRangeCount; i++) {
		const VkPushConstantRange *r = &pCreateInfo->pPushConstantRanges[i];

		l->push_size = VVK_MAX(l->push_size, r->offset + r->size);
	}
	place_sets(l);
	*pLayout = vvk_pipeline_layout_to_handle(l);
	return VK_SUCCESS;
}

void vvk_DestroyPipelineLayout(VkDevice device, VkPipelineLayout layout,
			       const VkAllocationCallbacks *pAllocator)
{
	(void)device;
	(void)pAllocator;
	vvk_pipeline_layout_unref(vvk_pipeline_layout_from_handle(layout));
}
