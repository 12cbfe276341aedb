/* SPDX-License-Identifier: MIT */
/*
 * The process's one device: vk/ instance, device and queue. All contexts
 * submit through vgl_device_submit, which takes the device lock, assigns the
 * next value of the device's timeline semaphore and calls vvk_QueueSubmit2;
 * vk/ gives the batch its drm/ timeline point at that moment (technique 5),
 * so points are monotonic in submission order whatever order contexts
 * recorded in. gl/ tracks completion with the semaphore's values (one per
 * submission); the drm/ point is kept for tests and fences.
 */
#pragma once

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "vgl.h"
#include "vgl_autoflush.h"
#include "vgl_limits.h"
#include "vvk.h"

struct vgl_deferred;

struct vgl_device {
	int refs;                       /* under the process-wide device lock */
	VkInstance instance;
	VkPhysicalDevice pdev;
	VkDevice dev;
	VkQueue queue;
	VkPhysicalDeviceProperties props;
	uint32_t max_xfb_buffers;       /* transform feedback buffers the host offers */
	struct vgl_limits limits;       /* from props.limits (vgl_limits.h) */
	pthread_mutex_t lock;           /* submissions and the deferred list */
	VkSemaphore timeline;           /* value n: the n-th submission completed */
	uint64_t last_value;            /* value of the last submission */
	uint64_t last_point;            /* its drm/ timeline point */
	/* the highest value seen completed (a wait or a query said so): asking
	 * about values up to it costs no round trip to the host */
	_Atomic uint64_t known_done;
	struct vgl_deferred *deferred, *deferred_tail;
	uint32_t nr_deferred;           /* on the list, under lock */
	char renderer[300];
	/* the DRM transport's nodes (vgl_image_dma_buf.c); "" on vtest */
	bool has_dma_buf;
	char card_node[64], render_node[64];
	/* VIRTGL_DEBUG=syncreads (read at creation): every CPU read flushes and
	 * waits for all submitted work, as a driver without usage tracking
	 * would (the baseline technique 2 is measured against) */
	bool sync_reads;
	struct vgl_flush_limits flush;  /* batches submitted unasked (vgl_autoflush.h) */
};

/* Deferred items past which even an unasked submission collects: a wait
 * per this many destroyed objects, against memory without bound. */
#define VGL_DEFERRED_BACKLOG 256u

struct vgl_submit_info {
	VkCommandBuffer cmd;            /* VK_NULL_HANDLE: an empty submission */
	const uint64_t *wait_values;    /* timeline values to wait for */
	uint32_t nr_waits;
	/* submitted unasked (vgl_autoflush.h): deferred work is not collected,
	 * since asking whether it may run would wait behind this submission;
	 * unless VGL_DEFERRED_BACKLOG items wait (an application creating and
	 * deleting objects without ever flushing would hold them all) */
	bool unasked;
};

/* Submits; *value (and *point if not NULL) name the submission. */
int vgl_device_submit(struct vgl_device *dev, const struct vgl_submit_info *info,
		      uint64_t *value, uint64_t *point);
bool vgl_device_is_done(struct vgl_device *dev, uint64_t value);
/* Whether the value is known to have completed, without asking the host: on
 * vtest a query waits behind everything sent before it, so the paths that run
 * while the host works (a batch submitted unasked) must not ask. */
bool vgl_device_known_done(struct vgl_device *dev, uint64_t value);
int vgl_device_wait(struct vgl_device *dev, uint64_t value, uint64_t timeout_ns);
/* Runs fn(arg) once everything submitted so far has completed. */
int vgl_device_defer(struct vgl_device *dev, void (*fn)(struct vgl_device *, void *), void *arg);
/* Runs the deferred work whose submissions completed. */
void vgl_device_collect(struct vgl_device *dev);
int vgl_result_from_vk(VkResult r);
/* Fills has_dma_buf and the node paths from vk/'s DRM properties. */
void vgl_device_init_drm(struct vgl_device *dev);
