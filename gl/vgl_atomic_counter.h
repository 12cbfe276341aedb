/* SPDX-License-Identifier: MIT */
/* ES 3.1 atomic counter buffers' state queries (vgl_atomic_counter.c). */
#pragma once

#include <GLES3/gl31.h>
#include <stdbool.h>

struct vgl_context;

/* glGetInteger* of the atomic counter limits and GL_ATOMIC_COUNTER_BUFFER's
 * generic binding; false: not one of them (or not an ES 3.1 context). */
bool vgl_atomic_counter_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out);
/* glGetIntegeri_v of GL_ATOMIC_COUNTER_BUFFER_BINDING/START/SIZE: 1
 * answered, 0 GL error recorded, -1 not one of them. */
int vgl_atomic_counter_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index,
				   GLint64 *out);
