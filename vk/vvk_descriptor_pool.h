/* SPDX-License-Identifier: MIT */
/*
 * A descriptor pool holds exactly what its create info counts (sets and
 * descriptors per type); a freed set gives its counts back only when the
 * last batch that used it completed (its usage handle), so a set is never
 * reused while the host may still read it.
 */
#pragma once

#include <pthread.h>

#include "vvk_descriptor_set.h"

struct vvk_device;

struct vvk_descriptor_pool {
	pthread_mutex_t lock;
	uint32_t max_sets, free_sets;
	uint32_t free_desc[VVK_DESCRIPTOR_TYPES];
	struct vvk_descriptor_set *live, *retired;
	uint32_t nr_live, nr_retired;
};

VVK_HANDLE_CASTS(vvk_descriptor_pool, VkDescriptorPool)

/* Takes a set's counts from the pool, reclaiming completed retired sets
 * first if needed. VK_ERROR_OUT_OF_POOL_MEMORY when they do not fit. */
VkResult vvk_descriptor_pool_take(struct vvk_device *dev, struct vvk_descriptor_pool *pool,
				  const struct vvk_descriptor_set_layout *layout);
void vvk_descriptor_pool_add_live(struct vvk_descriptor_pool *pool, struct vvk_descriptor_set *set);
/* Moves a live set to the retired list (pool lock taken inside). */
void vvk_descriptor_pool_retire(struct vvk_descriptor_pool *pool, struct vvk_descriptor_set *set);
/* Frees a set's memory (not its counts). */
void vvk_descriptor_set_destroy(struct vvk_descriptor_set *set);
