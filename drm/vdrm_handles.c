/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "vdrm_handles.h"
#include "vdrm_result.h"

struct vdrm_handle_slot {
	uint32_t handle;
	uint16_t value; /* 0: the handle was destroyed; the slot keeps probe chains whole */
};

struct vdrm_handle_change {
	uint32_t handle;
	uint16_t old_value;
};

#define MIN_SLOTS 64u

void vdrm_handles_init(struct vdrm_handles *h)
{
	memset(h, 0, sizeof(*h));
}

void vdrm_handles_finish(struct vdrm_handles *h)
{
	free(h->slots);
	free(h->journal);
	vdrm_handles_init(h);
}

/* Fibonacci hashing: guest handles are usually consecutive numbers. */
static uint32_t first_slot(const struct vdrm_handles *h, uint32_t handle)
{
	return (uint32_t)(handle * 2654435769u) & (h->cap - 1);
}

static struct vdrm_handle_slot *find(const struct vdrm_handles *h, uint32_t handle)
{
	if (!h->cap || !handle)
		return NULL;
	for (uint32_t i = first_slot(h, handle);; i = (i + 1) & (h->cap - 1)) {
		if (h->slots[i].handle == handle)
			return &h->slots[i];
		if (!h->slots[i].handle)
			return NULL;
	}
}

uint16_t vdrm_handles_get(const struct vdrm_handles *h, uint32_t handle)
{
	const struct vdrm_handle_slot *s = find(h, handle);

	return s ? s->value : 0;
}

static void place(struct vdrm_handles *h, uint32_t handle, uint16_t value)
{
	uint32_t i = first_slot(h, handle);

	while (h->slots[i].handle)
		i = (i + 1) & (h->cap - 1);
	h->slots[i] = (struct vdrm_handle_slot){ handle, value };
	h->used++;
}

/* A slot survives a rehash if live, or while a journal may still restore it. */
static bool keep_slot(const struct vdrm_handles *h, const struct vdrm_handle_slot *s)
{
	return s->value || (s->handle && h->nr_changes);
}

/* Rebuilds with the kept slots only, in a table at most a quarter full after. */
static int rehash(struct vdrm_handles *h)
{
	struct vdrm_handle_slot *old = h->slots;
	uint32_t old_cap = h->cap, kept = 0, cap = MIN_SLOTS;

	for (uint32_t i = 0; i < old_cap; i++)
		kept += keep_slot(h, &old[i]);
	while (cap < 4 * (uint64_t)(kept + 1) && cap < (1u << 30))
		cap *= 2;
	h->slots = calloc(cap, sizeof(*h->slots));
	if (!h->slots) {
		h->slots = old;
		return VDRM_ERROR_OUT_OF_MEMORY;
	}
	h->cap = cap;
	h->used = 0;
	for (uint32_t i = 0; i < old_cap; i++)
		if (keep_slot(h, &old[i]))
			place(h, old[i].handle, old[i].value);
	free(old);
	return VDRM_OK;
}

static int store(struct vdrm_handles *h, uint32_t handle, uint16_t value)
{
	struct vdrm_handle_slot *s = find(h, handle);

	if (s) {
		s->value = value;
		return VDRM_OK;
	}
	if (!value)
		return VDRM_OK;
	if (4 * (uint64_t)(h->used + 1) > 3 * (uint64_t)h->cap && rehash(h))
		return VDRM_ERROR_OUT_OF_MEMORY;
	place(h, handle, value);
	return VDRM_OK;
}

static bool journal_room(struct vdrm_handles *h)
{
	uint32_t cap;
	void *p;

	if (h->nr_changes < h->cap_changes)
		return true;
	cap = h->cap_changes ? h->cap_changes * 2 : 64;
	p = realloc(h->journal, cap * sizeof(*h->journal));
	if (!p)
		return false;
	h->journal = p;
	h->cap_changes = cap;
	return true;
}

int vdrm_handles_set(struct vdrm_handles *h, uint32_t handle, uint16_t value)
{
	uint16_t old = vdrm_handles_get(h, handle);

	if (!journal_room(h))
		return VDRM_ERROR_OUT_OF_MEMORY;
	if (store(h, handle, value))
		return VDRM_ERROR_OUT_OF_MEMORY;
	h->journal[h->nr_changes++] = (struct vdrm_handle_change){ handle, old };
	return VDRM_OK;
}

/* Destroyed handles are purged here, once they fill half the slots. */
void vdrm_handles_commit(struct vdrm_handles *h)
{
	uint32_t live = 0;

	h->nr_changes = 0;
	if (h->used < h->cap / 2)
		return;
	for (uint32_t i = 0; i < h->cap; i++)
		live += h->slots[i].value != 0;
	if (2 * live < h->used)
		rehash(h); /* on failure the table just stays fuller */
}

/* Restoring never needs memory: the handle's slot exists since its change. */
void vdrm_handles_rollback(struct vdrm_handles *h)
{
	while (h->nr_changes) {
		const struct vdrm_handle_change *c = &h->journal[--h->nr_changes];

		find(h, c->handle)->value = c->old_value;
	}
}
