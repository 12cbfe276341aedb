/* SPDX-License-Identifier: MIT */
#include "vvk_descriptor_pool.h"

#include "vvk_device.h"

static void list_add(struct vvk_descriptor_set **head, struct vvk_descriptor_set *s)
{
	s->prev = NULL;
	s->next = *head;
	if (*head)
		(*head)->prev = s;
	*head = s;
}

static void list_del(struct vvk_descriptor_set **head, struct vvk_descriptor_set *s)
{
	if (s->prev)
		s->prev->next = s->next;
	else
		*head = s->next;
	if (s->next)
		s->next->prev = s->prev;
}

static void give_back(struct vvk_descriptor_pool *pool, const struct vvk_descriptor_set_layout *l)
{
	pool->free_sets++;
	for (int t = 0; t < VVK_DESCRIPTOR_TYPES; t++)
		pool->free_desc[t] += l->type_counts[t];
}

/* Retired sets whose last batch completed return their counts. Pool locked. */
static void reclaim(struct vvk_device *dev, struct vvk_descriptor_pool *pool)
{
	struct vvk_descriptor_set *s = pool->retired, *next;

	for (; s; s = next) {
		next = s->next;
		if (vvk_usage_is_busy(dev, &s->use))
			continue;
		list_del(&pool->retired, s);
		pool->nr_retired--;
		give_back(pool, s->layout);
		vvk_descriptor_set_destroy(s);
	}
}

static bool fits(const struct vvk_descriptor_pool *pool, const struct vvk_descriptor_set_layout *l)
{
	if (!pool->free_sets)
		return false;
	for (int t = 0; t < VVK_DESCRIPTOR_TYPES; t++)
		if (l->type_counts[t] > pool->free_desc[t])
			return false;
	return true;
}

VkResult vvk_descriptor_pool_take(struct vvk_device *dev, struct vvk_descriptor_pool *pool,
				  const struct vvk_descriptor_set_layout *layout)
{
	VkResult r = VK_SUCCESS;

	pthread_mutex_lock(&pool->lock);
	if (!fits(pool, layout))
		reclaim(dev, pool);
	if (fits(pool, layout)) {
		pool->free_sets--;
		for (int t = 0; t < VVK_DESCRIPTOR_TYPES; t++)
			pool->free_desc[t] -= layout->type_counts[t];
	} else {
		r = VK_ERROR_OUT_OF_POOL_MEMORY;
	}
	pthread_mutex_unlock(&pool->lock);
	return r;
}

void vvk_descriptor_pool_add_live(struct vvk_descriptor_pool *pool, struct vvk_descriptor_set *set)
{
	pthread_mutex_lock(&pool->lock);
	list_add(&pool->live, set);
	pool->nr_live++;
	pthread_mutex_unlock(&pool->lock);
}

void vvk_descriptor_pool_retire(struct vvk_descriptor_pool *pool, struct vvk_descriptor_set *set)
{
	pthread_mutex_lock(&pool->lock);
	list_del(&pool->live, set);
	pool->nr_live--;
	list_add(&pool->retired, set);
	pool->nr_retired++;
	pthread_mutex_unlock(&pool->lock);
}

VkResult vvk_CreateDescriptorPool(VkDevice device, const VkDescriptorPoolCreateInfo *pCreateInfo,
				  const VkAllocationCallbacks *pAllocator,
				  VkDescriptorPool *pPool)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_descriptor_pool *pool = vvk_zalloc(vvk_device_alloc(dev, pAllocator),
						      sizeof(*pool));

	if (!pool)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	pthread_mutex_init(&pool->lock, NULL);
	pool->max_sets = pool->free_sets = pCreateInfo->maxSets;
	/* exactly what was asked for: no per-type padding */
	for (uint32_t i = 0; i < pCreateInfo->poolSizeCount; i++) {
		const VkDescriptorPoolSize *s = &pCreateInfo->pPoolSizes[i];

		if ((unsigned)s->type < VVK_DESCRIPTOR_TYPES)
			pool->free_desc[s->type] += s->descriptorCount;
	}
	*pPool = vvk_descriptor_pool_to_handle(pool);
	return VK_SUCCESS;
}

static void destroy_list(struct vvk_descriptor_set *s)
{
	while (s) {
		struct vvk_descriptor_set *next = s->next;

		vvk_descriptor_set_destroy(s);
		s = next;
	}
}

/* Every set goes back at once: the application guarantees none is in use. */
static void reset(struct vvk_descriptor_pool *pool)
{
	for (struct vvk_descriptor_set *s = pool->live; s; s = s->next)
		give_back(pool, s->layout);
	for (struct vvk_descriptor_set *s = pool->retired; s; s = s->next)
		give_back(pool, s->layout);
	destroy_list(pool->live);
	destroy_list(pool->retired);
	pool->live = pool->retired = NULL;
	pool->nr_live = pool->nr_retired = 0;
}

void vvk_DestroyDescriptorPool(VkDevice device, VkDescriptorPool descriptorPool,
			       const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_descriptor_pool *pool = vvk_descriptor_pool_from_handle(descriptorPool);

	if (!pool)
		return;
	reset(pool);
	pthread_mutex_destroy(&pool->lock);
	vvk_free(vvk_device_alloc(dev, pAllocator), pool);
}

VkResult vvk_ResetDescriptorPool(VkDevice device, VkDescriptorPool descriptorPool,
				 VkDescriptorPoolResetFlags flags)
{
	struct vvk_descriptor_pool *pool = vvk_descriptor_pool_from_handle(descriptorPool);

	(void)device;
	(void)flags;
	pthread_mutex_lock(&pool->lock);
	reset(pool);
	pthread_mutex_unlock(&pool->lock);
	return VK_SUCCESS;
}

void vvk_GetDescriptorPoolStats(VkDevice device, VkDescriptorPool descriptorPool,
				struct vvk_descriptor_pool_stats *stats)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_descriptor_pool *pool = vvk_descriptor_pool_from_handle(descriptorPool);

	pthread_mutex_lock(&pool->lock);
	reclaim(dev, pool);
	stats->max_sets = pool->max_sets;
	stats->sets_allocated = pool->nr_live;
	stats->sets_retired = pool->nr_retired;
	memcpy(stats->free_descriptors, pool->free_desc, sizeof(stats->free_descriptors));
	pthread_mutex_unlock(&pool->lock);
}
