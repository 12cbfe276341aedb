/* SPDX-License-Identifier: MIT */
/*
 * The one queue. A VkSubmitInfo2 becomes a batch; a batch is handed to the
 * host as ONE drm/ submission (setup stream, then its command buffers'
 * dwords) and gets ONE timeline point there. Batches whose waits name a
 * timeline value nobody has signalled yet stay queued, in order, with every
 * batch after them; vvk_SignalSemaphore and later submits flush them.
 */
#pragma once

#include <pthread.h>

#include "vdrm_device.h"
#include "vvk_private.h"

struct vvk_device;
struct vvk_semaphore;
struct vvk_fence;
struct vvk_cmd_buffer;

struct vvk_sem_value {
	struct vvk_semaphore *sem;
	uint64_t value;
};

struct vvk_batch {
	struct vvk_batch *next;
	struct vvk_sem_value *waits, *signals;
	uint32_t nr_waits, nr_signals;
	struct vvk_cmd_buffer **cmds;
	uint32_t nr_cmds;
	struct vvk_fence *fence;
	bool marked_pending; /* its usages carry VVK_POINT_PENDING */
};

struct vvk_queue {
	struct vvk_device *dev;
	pthread_mutex_t lock;
	pthread_cond_t drained; /* broadcast whenever batches leave the FIFO */
	struct vvk_batch *head, *tail;
	struct vdrm_cs cs; /* the submission being assembled */
	struct vdrm_resource **res;
	uint32_t nr_res, cap_res;
	uint64_t last_point;
};

VVK_HANDLE_CASTS(vvk_queue, VkQueue)

void vvk_queue_init(struct vvk_queue *q, struct vvk_device *dev);
void vvk_queue_finish(struct vvk_queue *q);
/* Hands the host every queued batch whose waits are met now. */
VkResult vvk_queue_flush_pending(struct vvk_queue *q);
/* Blocks until no batch is queued (all have points). */
VkResult vvk_queue_wait_flushed(struct vvk_queue *q);
/* Submits the setup stream on its own, if it holds anything. */
VkResult vvk_queue_flush_setup(struct vvk_queue *q);
/* A submission with nothing but the setup stream: a fresh point. */
VkResult vvk_queue_submit_empty(struct vvk_queue *q, uint64_t *point);
