/* SPDX-License-Identifier: MIT */
#include "vvk_reflist.h"

#include <stdlib.h>
#include <string.h>

void vvk_reflist_init(struct vvk_reflist *l)
{
	memset(l, 0, sizeof(*l));
}

void vvk_reflist_finish(struct vvk_reflist *l)
{
	free(l->refs);
	free(l->index);
	memset(l, 0, sizeof(*l));
}

void vvk_reflist_reset(struct vvk_reflist *l)
{
	l->count = 0;
	memset(l->recent, 0, sizeof(l->recent));
	if (l->index)
		memset(l->index, 0, l->index_size * sizeof(*l->index));
}

static uint32_t hash(const void *p, uint32_t size)
{
	uint64_t v = (uint64_t)(uintptr_t)p * UINT64_C(0x9e3779b97f4a7c15);

	return (uint32_t)(v >> 32) & (size - 1);
}

static uint32_t *slot_of(struct vvk_reflist *l, const struct vvk_usage *usage)
{
	uint32_t i = hash(usage, l->index_size);

	while (l->index[i] && l->refs[l->index[i] - 1].usage != usage)
		i = (i + 1) & (l->index_size - 1);
	return &l->index[i];
}

/* Keeps the index at most half full. */
static bool grow(struct vvk_reflist *l)
{
	uint32_t size = l->index_size ? l->index_size * 2 : 64;
	uint32_t *index = calloc(size, sizeof(*index));
	struct vvk_ref *refs = realloc(l->refs, size / 2 * sizeof(*refs));

	if (!index || !refs) {
		free(index);
		if (refs)
			l->refs = refs;
		return false;
	}
	free(l->index);
	l->refs = refs;
	l->cap = size / 2;
	l->index = index;
	l->index_size = size;
	for (uint32_t i = 0; i < l->count; i++)
		*slot_of(l, l->refs[i].usage) = i + 1;
	return true;
}

bool vvk_reflist_add(struct vvk_reflist *l, struct vvk_usage *usage, struct vdrm_resource *res,
		     bool write)
{
	uint32_t *recent = &l->recent[((uintptr_t)usage >> 6) % VVK_REFLIST_RECENT];
	uint32_t *slot, i = *recent;

	/* what a draw references again and again (its VBO, its sets) skips the hash */
	if (!i || l->refs[i - 1].usage != usage) {
		if (l->count == l->cap && !grow(l))
			return false;
		slot = slot_of(l, usage);
		if (!*slot) {
			l->refs[l->count] = (struct vvk_ref){ .usage = usage };
			*slot = ++l->count;
		}
		i = *recent = *slot;
	}
	l->refs[i - 1].write |= write;
	if (res)
		l->refs[i - 1].res = res;
	return true;
}
