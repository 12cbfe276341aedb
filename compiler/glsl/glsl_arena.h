/* SPDX-License-Identifier: MIT */
/*
 * glsl_arena: a chunked bump allocator for one compile.
 *
 * Everything a front-end run allocates lives as long as the run (names,
 * macro bodies) or is strictly nested (macro expansion buffers), so a bump
 * allocator with mark/release replaces thousands of malloc/free pairs.
 * Chunks never move: pointers stay valid until release or finish.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

struct glsl_arena_chunk;

struct glsl_arena {
	struct glsl_arena_chunk *head; /* current chunk (newest) */
	size_t chunk_size;             /* default size of new chunks */
	size_t total;                  /* bytes in all chunks, for limits */
	size_t limit;                  /* 0 = none; allocation fails beyond it */
};

/* A position to return to with glsl_arena_release(). */
struct glsl_arena_mark {
	struct glsl_arena_chunk *chunk;
	size_t used;
};

void glsl_arena_init(struct glsl_arena *a, size_t chunk_size, size_t limit);
void glsl_arena_finish(struct glsl_arena *a);

/* 8-byte aligned; NULL when out of memory or over the limit. */
void *glsl_arena_alloc(struct glsl_arena *a, size_t size);
/* A NUL-terminated copy of s[0..len). */
char *glsl_arena_strndup(struct glsl_arena *a, const char *s, size_t len);

struct glsl_arena_mark glsl_arena_mark(const struct glsl_arena *a);
/* Frees everything allocated since the mark (chunks after it go away). */
void glsl_arena_release(struct glsl_arena *a, struct glsl_arena_mark m);
