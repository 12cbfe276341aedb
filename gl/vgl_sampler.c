/* SPDX-License-Identifier: MIT */
#include "vgl_sampler.h"

#include <stdlib.h>
#include <string.h>

#include "vgl_device.h"

struct entry {
	struct vgl_sampler_key key;
	VkSampler sampler;
};

struct vgl_sampler_cache {
	struct entry *e;
	uint32_t nr, cap;
};

struct vgl_sampler_cache *vgl_sampler_cache_create(void)
{
	return calloc(1, sizeof(struct vgl_sampler_cache));
}

static void cache_free(struct vgl_device *dev, void *arg)
{
	struct vgl_sampler_cache *c = arg;

	for (uint32_t i = 0; i < c->nr; i++)
		vvk_DestroySampler(dev->dev, c->e[i].sampler, NULL);
	free(c->e);
	free(c);
}

void vgl_sampler_cache_destroy(struct vgl_device *dev, struct vgl_sampler_cache *c)
{
	if (c)
		vgl_device_defer(dev, cache_free, c);
}

/* GL's border colour is four raw dwords read as the sampled texture's type:
 * a custom colour without a format, whose VkClearColorValue carries the bits
 * (FLOAT_CUSTOM: vk/ sends the dwords as they are whichever the type). */
static VkSampler create(struct vgl_device *dev, const struct vgl_sampler_key *k)
{
	VkSampler s = VK_NULL_HANDLE;
	VkSamplerCustomBorderColorCreateInfoEXT border = {
		.sType = VK_STRUCTURE_TYPE_SAMPLER_CUSTOM_BORDER_COLOR_CREATE_INFO_EXT,
		.format = VK_FORMAT_UNDEFINED };
	VkSamplerCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .pNext = &border, .magFilter = k->mag,
		.minFilter = k->min, .mipmapMode = k->mip, .addressModeU = k->wrap[0],
		.addressModeV = k->wrap[1], .addressModeW = k->wrap[2], .minLod = k->min_lod,
		.maxLod = k->max_lod, .compareEnable = k->compare, .compareOp = k->compare_op,
		.anisotropyEnable = k->max_anisotropy > 1, .maxAnisotropy = k->max_anisotropy,
		.borderColor = VK_BORDER_COLOR_FLOAT_CUSTOM_EXT };

	memcpy(border.customBorderColor.uint32, k->border, sizeof(k->border));

	if (vvk_CreateSampler(dev->dev, &ci, NULL, &s) != VK_SUCCESS)
		return VK_NULL_HANDLE;
	return s;
}

VkSampler vgl_sampler_get(struct vgl_device *dev, struct vgl_sampler_cache *c,
			  const struct vgl_sampler_key *key)
{
	struct entry *e;

	for (uint32_t i = 0; i < c->nr; i++)
		if (memcmp(&c->e[i].key, key, sizeof(*key)) == 0)
			return c->e[i].sampler;
	if (c->nr == c->cap) {
		uint32_t cap = c->cap ? c->cap * 2 : 8;

		e = realloc(c->e, cap * sizeof(*e));
		if (!e)
			return VK_NULL_HANDLE;
		c->e = e;
		c->cap = cap;
	}
	e = &c->e[c->nr];
	e->key = *key;
	e->sampler = create(dev, key);
	if (!e->sampler)
		return VK_NULL_HANDLE;
	c->nr++;
	return e->sampler;
}
