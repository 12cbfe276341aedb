/* SPDX-License-Identifier: MIT */
#include "glsl_arena.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

struct glsl_arena_chunk {
	struct glsl_arena_chunk *prev;
	size_t size;
	size_t used;
	max_align_t data[];
};

void glsl_arena_init(struct glsl_arena *a, size_t chunk_size, size_t limit)
{
	a->head = NULL;
	a->chunk_size = chunk_size ? chunk_size : 16384;
	a->total = 0;
	a->limit = limit;
}

static void free_chunks_after(struct glsl_arena *a, struct glsl_arena_chunk *keep)
{
	while (a->head && a->head != keep) {
		struct glsl_arena_chunk *c = a->head;

		a->head = c->prev;
		a->total -= c->size;
		free(c);
	}
}

void glsl_arena_finish(struct glsl_arena *a)
{
	free_chunks_after(a, NULL);
}

static struct glsl_arena_chunk *new_chunk(struct glsl_arena *a, size_t size)
{
	size_t want = size > a->chunk_size ? size : a->chunk_size;
	struct glsl_arena_chunk *c;

	if (a->limit && a->total + want > a->limit)
		return NULL;
	c = malloc(sizeof(*c) + want);
	if (!c)
		return NULL;
	c->prev = a->head;
	c->size = want;
	c->used = 0;
	a->head = c;
	a->total += want;
	return c;
}

void *glsl_arena_alloc(struct glsl_arena *a, size_t size)
{
	struct glsl_arena_chunk *c = a->head;
	void *p;

	if (size > SIZE_MAX / 2)
		return NULL;
	size = (size + 7) & ~(size_t)7;
	if (!c || c->size - c->used < size) {
		c = new_chunk(a, size);
		if (!c)
			return NULL;
	}
	p = (char *)c->data + c->used;
	c->used += size;
	return p;
}

char *glsl_arena_strndup(struct glsl_arena *a, const char *s, size_t len)
{
	char *d = glsl_arena_alloc(a, len + 1);

	if (d) {
		memcpy(d, s, len);
		d[len] = '\0';
	}
	return d;
}

struct glsl_arena_mark glsl_arena_mark(const struct glsl_arena *a)
{
	struct glsl_arena_mark m = { a->head, a->head ? a->head->used : 0 };

	return m;
}

void glsl_arena_release(struct glsl_arena *a, struct glsl_arena_mark m)
{
	free_chunks_after(a, m.chunk);
	if (a->head)
		a->head->used = m.used;
}
