/* SPDX-License-Identifier: MIT */
/*
 * Semaphores. A timeline semaphore is a value reached by the CPU
 * (initial value, vvk_SignalSemaphore) plus a short list, sorted by value,
 * of the submits that signal it: value -> timeline point. Entries whose
 * point completed fold into the reached value. A binary semaphore is the
 * point of the submit that last signalled it. All fields are guarded by
 * the device's sync_lock.
 */
#pragma once

#include "vvk_private.h"

struct vvk_device;

struct vvk_semaphore_signal {
	uint64_t value;
	uint64_t point;
};

struct vvk_semaphore {
	bool timeline;
	uint64_t reached;  /* timeline: value known reached */
	struct vvk_semaphore_signal *signals;
	uint32_t count, cap;
	uint64_t binary_point;
};

VVK_HANDLE_CASTS(vvk_semaphore, VkSemaphore)

/* sync_lock held. Highest value some submission (or the CPU) signals. */
uint64_t vvk_semaphore_submitted_value(const struct vvk_semaphore *sem);
/* sync_lock held. Records that `point` signals `value`. */
VkResult vvk_semaphore_add_signal(struct vvk_semaphore *sem, uint64_t value, uint64_t point);
