/* SPDX-License-Identifier: MIT */
#include "vgl_names.h"

#include <stdlib.h>
#include <string.h>

static bool grow(struct vgl_names *n, uint32_t want)
{
	uint32_t cap = n->cap ? n->cap : 16;
	void **s;

	if (want <= n->cap)
		return true;
	while (cap < want)
		cap *= 2;
	s = realloc(n->slots, cap * sizeof(*s));
	if (!s)
		return false;
	memset(s + n->cap, 0, (cap - n->cap) * sizeof(*s));
	n->slots = s;
	n->cap = cap;
	return true;
}

uint32_t vgl_names_gen(struct vgl_names *n, void *obj)
{
	uint32_t i;

	for (i = 0; i < n->nr && n->slots[i]; i++)
		;
	if (!grow(n, i + 1))
		return 0;
	n->slots[i] = obj ? obj : VGL_NAME_RESERVED;
	if (i == n->nr)
		n->nr++;
	return i + 1;
}

void *vgl_names_get(const struct vgl_names *n, uint32_t name)
{
	void *o;

	if (name == 0 || name > n->nr)
		return NULL;
	o = n->slots[name - 1];
	return o == VGL_NAME_RESERVED ? NULL : o;
}

bool vgl_names_is_gen(const struct vgl_names *n, uint32_t name)
{
	return name && name <= n->nr && n->slots[name - 1];
}

bool vgl_names_set(struct vgl_names *n, uint32_t name, void *obj)
{
	if (name == 0 || !grow(n, name))
		return false;
	n->slots[name - 1] = obj ? obj : VGL_NAME_RESERVED;
	if (name > n->nr)
		n->nr = name;
	return true;
}

void vgl_names_remove(struct vgl_names *n, uint32_t name)
{
	if (name && name <= n->nr)
		n->slots[name - 1] = NULL;
}

void vgl_names_finish(struct vgl_names *n)
{
	free(n->slots);
	memset(n, 0, sizeof(*n));
}
