/* SPDX-License-Identifier: MIT */
#include "vvk_descriptor_set_layout.h"

#include "vvk_device.h"
#include "vvk_sampler.h"

bool vvk_descriptor_type_is_dynamic(VkDescriptorType t)
{
	return t == VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC ||
	       t == VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC;
}

enum vvk_slot_kind vvk_descriptor_type_kind(VkDescriptorType t)
{
	switch (t) {
	case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER:
	case VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC:
		return VVK_SLOT_UBO;
	case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER:
	case VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC:
		return VVK_SLOT_SSBO;
	case VK_DESCRIPTOR_TYPE_STORAGE_IMAGE:
	case VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER:
		return VVK_SLOT_IMAGE;
	default:
		return VVK_SLOT_SAMPLER;
	}
}

const struct vvk_dsl_binding *vvk_dsl_find(const struct vvk_descriptor_set_layout *l,
					   uint32_t binding)
{
	for (uint32_t i = 0; i < l->nr_bindings; i++)
		if (l->bindings[i].binding == binding)
			return &l->bindings[i];
	return NULL;
}

struct vvk_descriptor_set_layout *vvk_dsl_ref(struct vvk_descriptor_set_layout *l)
{
	atomic_fetch_add(&l->refs, 1);
	return l;
}

void vvk_dsl_unref(struct vvk_descriptor_set_layout *l)
{
	if (!l || atomic_fetch_sub(&l->refs, 1) != 1)
		return;
	for (uint32_t i = 0; i < l->nr_bindings; i++)
		free(l->bindings[i].immutable);
	free(l->bindings);
	free(l);
}

static int cmp_binding(const void *a, const void *b)
{
	const VkDescriptorSetLayoutBinding *x = a, *y = b;

	return (x->binding > y->binding) - (x->binding < y->binding);
}

static bool copy_immutable(struct vvk_dsl_binding *b, const VkDescriptorSetLayoutBinding *src)
{
	if (!src->pImmutableSamplers || b->kind != VVK_SLOT_SAMPLER)
		return true;
	b->immutable = calloc(b->count, sizeof(*b->immutable));
	if (!b->immutable)
		return false;
	for (uint32_t i = 0; i < b->count; i++)
		b->immutable[i] = vvk_sampler_from_handle(src->pImmutableSamplers[i]);
	return true;
}

/* Places one binding after those before it (bindings arrive sorted). */
static bool place(struct vvk_descriptor_set_layout *l, struct vvk_dsl_binding *b,
		  const VkDescriptorSetLayoutBinding *src)
{
	b->binding = src->binding;
	b->type = src->descriptorType;
	b->count = src->descriptorCount;
	b->stages = src->stageFlags;
	b->kind = vvk_descriptor_type_kind(b->type);
	b->slot = l->slots[b->kind];
	b->desc_index = l->nr_descriptors;
	b->dyn_index = l->nr_dynamic;
	/* a separate sampler has no slot: its state goes into the slot of each
	 * image a shader combines it with (vvk_sampler_pair) */
	if (b->type != VK_DESCRIPTOR_TYPE_SAMPLER)
		l->slots[b->kind] += b->count;
	l->nr_descriptors += b->count;
	if (vvk_descriptor_type_is_dynamic(b->type))
		l->nr_dynamic += b->count;
	if ((unsigned)b->type < VVK_DESCRIPTOR_TYPES)
		l->type_counts[b->type] += b->count;
	return copy_immutable(b, src);
}

VkResult vvk_CreateDescriptorSetLayout(VkDevice device,
				       const VkDescriptorSetLayoutCreateInfo *pCreateInfo,
				       const VkAllocationCallbacks *pAllocator,
				       VkDescriptorSetLayout *pLayout)
{
	uint32_t n = pCreateInfo->bindingCount;
	struct vvk_descriptor_set_layout *l = calloc(1, sizeof(*l));
	VkDescriptorSetLayoutBinding *sorted = calloc(n ? n : 1, sizeof(*sorted));
	bool ok = l && sorted;

	(void)device;
	(void)pAllocator; /* refcounted past its destroy: plain malloc */
	if (ok && n) {
		memcpy(sorted, pCreateInfo->pBindings, n * sizeof(*sorted));
		qsort(sorted, n, sizeof(*sorted), cmp_binding);
		l->bindings = calloc(n, sizeof(*l->bindings));
		ok = l->bindings != NULL;
	}
	for (uint32_t i = 0; ok && i < n; i++, l->nr_bindings++)
		ok = place(l, &l->bindings[i], &sorted[i]);
	free(sorted);
	if (!ok) {
		if (l)
			atomic_init(&l->refs, 1);
		vvk_dsl_unref(l);
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	}
	atomic_init(&l->refs, 1);
	*pLayout = vvk_descriptor_set_layout_to_handle(l);
	return VK_SUCCESS;
}

void vvk_DestroyDescriptorSetLayout(VkDevice device, VkDescriptorSetLayout layout,
				    const VkAllocationCallbacks *pAllocator)
{
	(void)device;
	(void)pAllocator;
	vvk_dsl_unref(vvk_descriptor_set_layout_from_handle(layout));
}
