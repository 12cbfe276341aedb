/* SPDX-License-Identifier: MIT */
/*
 * The usage handle a resource (memory, image, descriptor set) carries: the
 * timeline points of the last batch that read it and the last that wrote it.
 * Only the helpers below interpret it, named after the questions callers
 * ask, so the mechanism can change behind them (ranges, per-queue points).
 *
 * Marks are stored by the queue, in submission order, under its lock; a
 * batch queued behind an unsignalled wait marks VVK_POINT_PENDING until it is
 * handed to the host and gets its point. Readers only load.
 */
#pragma once

#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include <vulkan/vulkan_core.h>

#define VVK_POINT_PENDING UINT64_MAX

struct vvk_device;

struct vvk_usage {
	_Atomic uint64_t read;  /* last batch that used it at all */
	_Atomic uint64_t write; /* last batch that wrote it */
};

static inline void vvk_usage_init(struct vvk_usage *u)
{
	atomic_init(&u->read, 0);
	atomic_init(&u->write, 0);
}

/* The queue's mark for one batch (point, or VVK_POINT_PENDING). */
static inline void vvk_usage_mark(struct vvk_usage *u, bool write, uint64_t point)
{
	atomic_store(&u->read, point);
	if (write)
		atomic_store(&u->write, point);
}

/* A batch that uses it is queued but not yet handed to the host. */
static inline bool vvk_usage_is_unflushed(const struct vvk_usage *u)
{
	return atomic_load(&u->read) == VVK_POINT_PENDING;
}

/* Some batch that uses it has not completed. */
bool vvk_usage_is_busy(struct vvk_device *dev, const struct vvk_usage *u);
/* Waits for the last batch that wrote it (a CPU read may follow). */
VkResult vvk_usage_wait_for_write(struct vvk_device *dev, const struct vvk_usage *u);
/* Waits for every batch that used it (a CPU write may follow). */
VkResult vvk_usage_wait_for_any(struct vvk_device *dev, const struct vvk_usage *u);
