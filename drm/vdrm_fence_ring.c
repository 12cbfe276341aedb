/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <poll.h>
#include <stdlib.h>
#include <unistd.h>

#include "vdrm_fence_ring.h"
#include "vdrm_result.h"

void vdrm_fence_ring_init(struct vdrm_fence_ring *r)
{
	*r = (struct vdrm_fence_ring){ .signaled_fd = -1 };
}

void vdrm_fence_ring_finish(struct vdrm_fence_ring *r)
{
	for (uint32_t i = 0; i < r->count; i++)
		close(r->entries[(r->head + i) % r->capacity].fd);
	if (r->signaled_fd >= 0)
		close(r->signaled_fd);
	free(r->entries);
	vdrm_fence_ring_init(r);
}

static struct vdrm_fence_entry *entry(const struct vdrm_fence_ring *r, uint32_t i)
{
	return &r->entries[(r->head + i) % r->capacity];
}

/* Doubles the ring and unwraps it so that the oldest entry sits at 0. */
static int ring_grow(struct vdrm_fence_ring *r)
{
	uint32_t cap = r->capacity ? r->capacity * 2 : 64;
	struct vdrm_fence_entry *e = malloc(cap * sizeof(*e));

	if (!e)
		return VDRM_ERROR_OUT_OF_MEMORY;
	for (uint32_t i = 0; i < r->count; i++)
		e[i] = *entry(r, i);
	free(r->entries);
	r->entries = e;
	r->capacity = cap;
	r->head = 0;
	return VDRM_OK;
}

static void set_signaled(struct vdrm_fence_ring *r, uint64_t point, int fd)
{
	if (r->signaled_fd >= 0)
		close(r->signaled_fd);
	r->signaled_fd = fd;
	r->completed = point;
}

int vdrm_fence_ring_push(struct vdrm_fence_ring *r, uint64_t point, int fd)
{
	if (r->count == r->capacity && ring_grow(r)) {
		vdrm_sync_fd_wait(fd, -1);
		set_signaled(r, point, fd);
		return VDRM_ERROR_OUT_OF_MEMORY;
	}
	*entry(r, r->count++) = (struct vdrm_fence_entry){ point, fd };
	return VDRM_OK;
}

uint64_t vdrm_fence_ring_retire(struct vdrm_fence_ring *r)
{
	while (r->count && vdrm_sync_fd_wait(entry(r, 0)->fd, 0) == VDRM_OK) {
		struct vdrm_fence_entry e = *entry(r, 0);

		r->head = (r->head + 1) % r->capacity;
		r->count--;
		set_signaled(r, e.point, e.fd);
	}
	return r->completed;
}

void vdrm_fence_ring_trim(struct vdrm_fence_ring *r, uint32_t keep)
{
	while (r->count > keep) {
		close(entry(r, 0)->fd);
		r->head = (r->head + 1) % r->capacity;
		r->count--;
	}
}

int vdrm_fence_ring_find(const struct vdrm_fence_ring *r, uint64_t point)
{
	/* Entries are sorted: a binary search would do, but the ring stays
	 * short because retire runs on every query. */
	for (uint32_t i = 0; i < r->count; i++)
		if (entry(r, i)->point >= point)
			return entry(r, i)->fd;
	return -1;
}

int vdrm_sync_fd_wait(int fd, int64_t timeout_ns)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };
	int ms = timeout_ns < 0 ? -1 : (int)((timeout_ns + 999999) / 1000000);
	int r;

	if (timeout_ns > (int64_t)INT32_MAX * 1000000)
		ms = INT32_MAX;
	do {
		r = poll(&p, 1, ms);
	} while (r < 0 && errno == EINTR);
	if (r < 0 || (p.revents & (POLLERR | POLLNVAL)))
		return VDRM_ERROR_IO;
	return r == 0 ? VDRM_ERROR_TIMEOUT : VDRM_OK;
}
