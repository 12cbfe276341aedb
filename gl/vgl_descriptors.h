/* SPDX-License-Identifier: MIT */
/*
 * Technique 1: a program's descriptor sets. Each program has ONE set layout
 * (default block, its uniform blocks as UNIFORM_BUFFER_DYNAMIC - technique
 * 4: glBindBufferRange offsets are dynamic offsets, never new descriptors -
 * and its samplers) and pools sized exactly from it, VGL_SETS_PER_POOL sets
 * each. A set is keyed by its contents (the buffers and ranges behind the
 * blocks, the views and samplers behind the samplers): a draw whose binding
 * state matches a set's key reuses it, in flight or not, because it is never
 * modified while in use. A set no batch is recording with and whose last
 * batch completed (checked against the timeline) is recycled for a new key
 * before a new one is allocated. A program with no descriptors has no
 * layout and does none of this.
 */
#pragma once

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include "vvk.h"

#define VGL_SETS_PER_POOL 16
/* descriptor types a set holds: default block, blocks, samplers, buffer blocks, images */
#define VGL_DCACHE_MAX_SIZES 7

struct vgl_context;
struct vgl_dcache;

struct vgl_dset {
	VkDescriptorSet set;
	struct vgl_dcache *cache;
	uint64_t *key;           /* cache->key_words words */
	uint32_t recording;      /* batches being recorded that bind it */
	uint64_t last_value;     /* timeline value of the last submitted batch using it */
};

struct vgl_dcache {
	pthread_mutex_t *lock;   /* the program's */
	VkDescriptorSetLayout layout;
	VkDescriptorPoolSize sizes[VGL_DCACHE_MAX_SIZES];
	uint32_t nr_sizes;
	uint32_t key_words;
	VkDescriptorPool *pools;
	uint32_t nr_pools;
	uint32_t left_in_pool;   /* sets the newest pool can still give */
	struct vgl_dset **sets;
	uint32_t nr_sets, cap_sets;
};

void vgl_dcache_init(struct vgl_dcache *c, pthread_mutex_t *lock, VkDescriptorSetLayout layout,
		     const VkDescriptorPoolSize *sizes, uint32_t nr_sizes, uint32_t key_words);
void vgl_dcache_finish(VkDevice dev, struct vgl_dcache *c);
/* A set for `key` (cache->key_words words), with the cache's lock held.
 * *fresh: its descriptors must be written by the caller. NULL when out of
 * memory. Counts into ctx's stats. */
struct vgl_dset *vgl_dcache_get(struct vgl_context *ctx, struct vgl_dcache *c,
				const uint64_t *key, bool *fresh);
/* A batch being recorded binds the set / that batch was submitted as `value`. */
void vgl_dset_mark_recording(struct vgl_dset *s);
void vgl_dset_mark_submitted(struct vgl_dset *s, uint64_t value);
