/* SPDX-License-Identifier: MIT */
#include "vvk_descriptor_set.h"

#include "vvk_buffer.h"
#include "vvk_buffer_view.h"
#include "vvk_descriptor_pool.h"
#include "vvk_device.h"
#include "vvk_image_view.h"
#include "vvk_sampler.h"

void vvk_descriptor_set_destroy(struct vvk_descriptor_set *set)
{
	vvk_dsl_unref(set->layout);
	free(set->desc);
	free(set);
}

/* Immutable samplers are part of the layout: the set starts with them. */
static void init_descriptors(struct vvk_descriptor_set *set)
{
	const struct vvk_descriptor_set_layout *l = set->layout;

	for (uint32_t b = 0; b < l->nr_bindings; b++) {
		const struct vvk_dsl_binding *lb = &l->bindings[b];

		for (uint32_t i = 0; i < lb->count; i++) {
			struct vvk_descriptor *d = &set->desc[lb->desc_index + i];

			d->type = lb->type;
			if (lb->immutable)
				d->sampler = lb->immutable[i];
		}
	}
}

static VkResult allocate_one(struct vvk_device *dev, struct vvk_descriptor_pool *pool,
			     struct vvk_descriptor_set_layout *layout, VkDescriptorSet *out)
{
	struct vvk_descriptor_set *set;
	VkResult r = vvk_descriptor_pool_take(dev, pool, layout);

	if (r != VK_SUCCESS)
		return r;
	set = calloc(1, sizeof(*set));
	if (set)
		set->desc = calloc(VVK_MAX(layout->nr_descriptors, 1), sizeof(*set->desc));
	if (!set || !set->desc) {
		free(set);
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	}
	set->pool = pool;
	set->layout = vvk_dsl_ref(layout);
	vvk_usage_init(&set->use);
	init_descriptors(set);
	vvk_descriptor_pool_add_live(pool, set);
	*out = vvk_descriptor_set_to_handle(set);
	return VK_SUCCESS;
}

VkResult vvk_AllocateDescriptorSets(VkDevice device, const VkDescriptorSetAllocateInfo *pInfo,
				    VkDescriptorSet *pSets)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_descriptor_pool *pool = vvk_descriptor_pool_from_handle(pInfo->descriptorPool);
	VkResult r = VK_SUCCESS;
	uint32_t i;

	for (i = 0; i < pInfo->descriptorSetCount && r == VK_SUCCESS; i++)
		r = allocate_one(dev, pool, vvk_descriptor_set_layout_from_handle(pInfo->pSetLayouts[i]),
				 &pSets[i]);
	if (r != VK_SUCCESS) {
		/* all or nothing */
		vvk_FreeDescriptorSets(device, pInfo->descriptorPool, i - 1, pSets);
		for (uint32_t j = 0; j < pInfo->descriptorSetCount; j++)
			pSets[j] = VK_NULL_HANDLE;
	}
	return r;
}

VkResult vvk_FreeDescriptorSets(VkDevice device, VkDescriptorPool descriptorPool, uint32_t count,
				const VkDescriptorSet *pSets)
{
	struct vvk_descriptor_pool *pool = vvk_descriptor_pool_from_handle(descriptorPool);

	(void)device;
	/* retired, not freed: its counts come back once its last batch is done */
	for (uint32_t i = 0; i < count; i++)
		if (pSets[i])
			vvk_descriptor_pool_retire(pool, vvk_descriptor_set_from_handle(pSets[i]));
	return VK_SUCCESS;
}

/* The descriptor written by element `i` of a write, or NULL past the set. */
static struct vvk_descriptor *target(struct vvk_descriptor_set *set, uint32_t binding,
				     uint32_t element)
{
	const struct vvk_descriptor_set_layout *l = set->layout;
	const struct vvk_dsl_binding *b = vvk_dsl_find(l, binding);

	/* writes past a binding's end roll over into the next binding */
	while (b && element >= b->count) {
		element -= b->count;
		b = (size_t)(b - l->bindings) + 1 < l->nr_bindings ? b + 1 : NULL;
	}
	return b ? &set->desc[b->desc_index + element] : NULL;
}

static void write_one(struct vvk_descriptor *d, const VkWriteDescriptorSet *w, uint32_t i)
{
	if (w->descriptorType == VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER ||
	    w->descriptorType == VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER) {
		d->buffer_view = vvk_buffer_view_from_handle(w->pTexelBufferView[i]);
		return;
	}
	if (w->pBufferInfo) {
		const VkDescriptorBufferInfo *bi = &w->pBufferInfo[i];

		d->buffer = vvk_buffer_from_handle(bi->buffer);
		d->offset = bi->offset;
		d->range = bi->range == VK_WHOLE_SIZE && d->buffer ? d->buffer->size - bi->offset
								   : bi->range;
	}
	if (w->pImageInfo) {
		d->view = vvk_image_view_from_handle(w->pImageInfo[i].imageView);
		if (w->descriptorType == VK_DESCRIPTOR_TYPE_SAMPLER ||
		    w->descriptorType == VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER)
			if (w->pImageInfo[i].sampler)
				d->sampler = vvk_sampler_from_handle(w->pImageInfo[i].sampler);
	}
}

void vvk_UpdateDescriptorSets(VkDevice device, uint32_t writeCount,
			      const VkWriteDescriptorSet *pWrites, uint32_t copyCount,
			      const VkCopyDescriptorSet *pCopies)
{
	(void)device;
	for (uint32_t w = 0; w < writeCount; w++) {
		struct vvk_descriptor_set *set = vvk_descriptor_set_from_handle(pWrites[w].dstSet);

		for (uint32_t i = 0; i < pWrites[w].descriptorCount; i++) {
			struct vvk_descriptor *d = target(set, pWrites[w].dstBinding,
							  pWrites[w].dstArrayElement + i);
			if (d)
				write_one(d, &pWrites[w], i);
		}
	}
	for (uint32_t c = 0; c < copyCount; c++) {
		const VkCopyDescriptorSet *cp = &pCopies[c];
		struct vvk_descriptor_set *src = vvk_descriptor_set_from_handle(cp->srcSet);
		struct vvk_descriptor_set *dst = vvk_descriptor_set_from_handle(cp->dstSet);

		for (uint32_t i = 0; i < cp->descriptorCount; i++) {
			struct vvk_descriptor *s = target(src, cp->srcBinding, cp->srcArrayElement + i);
			struct vvk_descriptor *d = target(dst, cp->dstBinding, cp->dstArrayElement + i);

			if (s && d)
				*d = *s;
		}
	}
}
