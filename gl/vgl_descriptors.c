/* SPDX-License-Identifier: MIT */
#include "vgl_descriptors.h"

#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_device.h"

void vgl_dcache_init(struct vgl_dcache *c, pthread_mutex_t *lock, VkDescriptorSetLayout layout,
		     const VkDescriptorPoolSize *sizes, uint32_t nr_sizes, uint32_t key_words)
{
	memset(c, 0, sizeof(*c));
	c->lock = lock;
	c->layout = layout;
	memcpy(c->sizes, sizes, nr_sizes * sizeof(*sizes));
	c->nr_sizes = nr_sizes;
	c->key_words = key_words;
}

void vgl_dcache_finish(VkDevice dev, struct vgl_dcache *c)
{
	for (uint32_t i = 0; i < c->nr_pools; i++)
		vvk_DestroyDescriptorPool(dev, c->pools[i], NULL);
	for (uint32_t i = 0; i < c->nr_sets; i++) {
		free(c->sets[i]->key);
		free(c->sets[i]);
	}
	free(c->pools);
	free(c->sets);
	memset(c, 0, sizeof(*c));
}

/* A pool for VGL_SETS_PER_POOL sets of this layout, nothing more. */
static bool add_pool(VkDevice dev, struct vgl_dcache *c)
{
	VkDescriptorPoolSize sizes[VGL_DCACHE_MAX_SIZES];
	VkDescriptorPool pool, *pools;

	for (uint32_t i = 0; i < c->nr_sizes; i++)
		sizes[i] = (VkDescriptorPoolSize){ c->sizes[i].type,
						   c->sizes[i].descriptorCount * VGL_SETS_PER_POOL };
	if (vvk_CreateDescriptorPool(dev, &(VkDescriptorPoolCreateInfo){
		    .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		    .maxSets = VGL_SETS_PER_POOL, .poolSizeCount = c->nr_sizes,
		    .pPoolSizes = sizes }, NULL, &pool) != VK_SUCCESS)
		return false;
	pools = realloc(c->pools, (c->nr_pools + 1) * sizeof(*pools));
	if (!pools) {
		vvk_DestroyDescriptorPool(dev, pool, NULL);
		return false;
	}
	c->pools = pools;
	c->pools[c->nr_pools++] = pool;
	c->left_in_pool = VGL_SETS_PER_POOL;
	return true;
}

static bool grow_sets(struct vgl_dcache *c)
{
	uint32_t cap = c->cap_sets ? c->cap_sets * 2 : 8;
	struct vgl_dset **sets;

	if (c->nr_sets < c->cap_sets)
		return true;
	sets = realloc(c->sets, cap * sizeof(*sets));
	if (!sets)
		return false;
	c->sets = sets;
	c->cap_sets = cap;
	return true;
}

static struct vgl_dset *allocate(struct vgl_context *ctx, struct vgl_dcache *c)
{
	VkDevice dev = ctx->dev->dev;
	struct vgl_dset *s;

	if (!grow_sets(c) || (!c->left_in_pool && !add_pool(dev, c)))
		return NULL;
	s = calloc(1, sizeof(*s));
	if (s)
		s->key = calloc(c->key_words ? c->key_words : 1, sizeof(uint64_t));
	if (!s || !s->key || vvk_AllocateDescriptorSets(dev, &(VkDescriptorSetAllocateInfo){
		    .sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO,
		    .descriptorPool = c->pools[c->nr_pools - 1], .descriptorSetCount = 1,
		    .pSetLayouts = &c->layout }, &s->set) != VK_SUCCESS) {
		if (s)
			free(s->key);
		free(s);
		return NULL;
	}
	c->left_in_pool--;
	s->cache = c;
	c->sets[c->nr_sets++] = s;
	ctx->stats.sets_allocated++;
	return s;
}

static bool is_free(struct vgl_context *ctx, const struct vgl_dset *s)
{
	return s->recording == 0 && vgl_device_is_done(ctx->dev, s->last_value);
}

struct vgl_dset *vgl_dcache_get(struct vgl_context *ctx, struct vgl_dcache *c,
				const uint64_t *key, bool *fresh)
{
	size_t bytes = c->key_words * sizeof(uint64_t);
	struct vgl_dset *spare = NULL, *s;

	*fresh = false;
	for (uint32_t i = 0; i < c->nr_sets; i++) {
		s = c->sets[i];
		if (memcmp(s->key, key, bytes) == 0) {
			ctx->stats.sets_reused++;
			return s;
		}
		if (!spare && is_free(ctx, s))
			spare = s;
	}
	if (spare)
		ctx->stats.sets_recycled++;
	s = spare ? spare : allocate(ctx, c);
	if (!s)
		return NULL;
	memcpy(s->key, key, bytes);
	*fresh = true;
	return s;
}

void vgl_dset_mark_recording(struct vgl_dset *s)
{
	s->recording++;
}

void vgl_dset_mark_submitted(struct vgl_dset *s, uint64_t value)
{
	pthread_mutex_lock(s->cache->lock);
	s->recording--;
	if (value > s->last_value)
		s->last_value = value;
	pthread_mutex_unlock(s->cache->lock);
}
