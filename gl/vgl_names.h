/* SPDX-License-Identifier: MIT */
/*
 * A GL object namespace: names (GLuint, 0 reserved) -> objects. Names are
 * slot indices + 1 into one growing array; glGen* hands out the lowest free
 * slots. The namespace does not own the objects: callers destroy them.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

struct vgl_names {
	void **slots;        /* NULL: free; VGL_NAME_RESERVED: generated, no object yet */
	uint32_t nr, cap;
};

#define VGL_NAME_RESERVED ((void *)1)

/* A new name reserved for `obj` (may be VGL_NAME_RESERVED); 0 when out of memory. */
uint32_t vgl_names_gen(struct vgl_names *n, void *obj);
/* The object of a name; NULL for 0, unknown, free, or reserved names. */
void *vgl_names_get(const struct vgl_names *n, uint32_t name);
/* Whether the name was generated (with or without an object). */
bool vgl_names_is_gen(const struct vgl_names *n, uint32_t name);
/* Binds obj to an existing or caller-chosen name (glBindBuffer of a never
 * generated name is allowed in ES 2.0). false when out of memory. */
bool vgl_names_set(struct vgl_names *n, uint32_t name, void *obj);
void vgl_names_remove(struct vgl_names *n, uint32_t name);
void vgl_names_finish(struct vgl_names *n);
