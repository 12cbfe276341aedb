/* SPDX-License-Identifier: MIT */
/*
 * The DRM transport's record of submitted points: (point, sync_file) pairs in
 * submission order. virtio_gpu signals fences of one context in order (the
 * kernel signals every earlier seqno when the host reports one), so
 * retiring walks from the oldest and stops at the first busy fd; everything
 * before it is complete and its fd is closed. The newest signalled fd is kept
 * to hand out for points that are already complete.
 */
#pragma once

#include <stdint.h>

struct vdrm_fence_entry {
	uint64_t point;
	int fd;
};

struct vdrm_fence_ring {
	struct vdrm_fence_entry *entries;
	uint32_t head, count, capacity; /* circular */
	uint64_t completed;   /* highest point known signalled */
	int signaled_fd;      /* sync_file of `completed`, or -1 */
};

void vdrm_fence_ring_init(struct vdrm_fence_ring *r);
void vdrm_fence_ring_finish(struct vdrm_fence_ring *r);
/* Takes ownership of fd. Returns VDRM_ERROR_OUT_OF_MEMORY if it cannot grow
 * (fd is then closed after a blocking wait, so the point is still correct). */
int vdrm_fence_ring_push(struct vdrm_fence_ring *r, uint64_t point, int fd);
/* Closes signalled entries; returns r->completed. Non-blocking. */
uint64_t vdrm_fence_ring_retire(struct vdrm_fence_ring *r);
/* Closes the oldest entries, signalled or not, until `keep` remain. Their
 * points are not marked complete: a wait for one finds a later entry, which
 * signals after it (one context's fences signal in order), so it waits
 * longer but never too little. Bounds the fds a slow host makes us hold. */
void vdrm_fence_ring_trim(struct vdrm_fence_ring *r, uint32_t keep);
/* The fd that signals with `point` (the first entry >= point), -1 if none. */
int vdrm_fence_ring_find(const struct vdrm_fence_ring *r, uint64_t point);

/* Polls one fd for POLLIN: 0 signalled, VDRM_ERROR_TIMEOUT, VDRM_ERROR_IO. */
int vdrm_sync_fd_wait(int fd, int64_t timeout_ns);
