/* SPDX-License-Identifier: MIT */
/*
 * Checked arithmetic for the sizes, offsets and counts that arrive at the GL
 * API boundary. GLintptr, GLsizeiptr, GLsizei and GLint come from the
 * application and may hold any value, so a range check written as
 * `offset + size <= total` overflows (signed: undefined) and can pass. Every
 * entry point that takes such a value checks it with these instead.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

/* Whether [offset, offset + size) lies inside [0, total), without overflow. */
static inline bool vgl_range_ok(GLintptr offset, GLsizeiptr size, GLsizeiptr total)
{
	return offset >= 0 && size >= 0 && size <= total && offset <= total - size;
}

/* *out = a * b + c in 64 bits; false on overflow. */
static inline bool vgl_mul_add(uint64_t a, uint64_t b, uint64_t c, uint64_t *out)
{
	return !__builtin_mul_overflow(a, b, out) && !__builtin_add_overflow(*out, c, out);
}

/* *out = a + b + c in 64 bits; false on overflow. */
static inline bool vgl_add3(uint64_t a, uint64_t b, uint64_t c, uint64_t *out)
{
	return !__builtin_add_overflow(a, b, out) && !__builtin_add_overflow(*out, c, out);
}

/* Whether a GL offset and extent (x and width of a sub-image, first and count
 * of a draw) stay within [0, limit]: offset + extent computed without int's
 * wrap. */
static inline bool vgl_extent_ok(GLint offset, GLsizei extent, int64_t limit)
{
	return offset >= 0 && extent >= 0 && (int64_t)offset + extent <= limit;
}

/* A client array of n elements: NULL with n > 0 has nothing to read (Mesa
 * returns without an error for glGen and glDelete, as virtgl does). */
static inline bool vgl_array_absent(GLsizei n, const void *array)
{
	return n > 0 && !array;
}
