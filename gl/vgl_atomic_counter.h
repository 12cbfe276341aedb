/* SPDX-License-Identifier: MIT */
/* ES 3.1 atomic counter buffers' state queries (vgl_atomic_counter.c). */
#pragma once

#include <GLES3/gl31.h>
#include <stdbool.h>

#include "vvk.h"

struct vgl_context;
struct vgl_linked;
struct vgl_ssbo;
struct vgl_storage;
struct vgl_ubo_binding;

/* glGetInteger* of the atomic counter limits and GL_ATOMIC_COUNTER_BUFFER's
 * generic binding; false: not one of them (or not an ES 3.1 context). */
bool vgl_atomic_counter_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out);
/* glGetIntegeri_v of GL_ATOMIC_COUNTER_BUFFER_BINDING/START/SIZE: 1
 * answered, 0 GL error recorded, -1 not one of them. */
int vgl_atomic_counter_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index,
				   GLint64 *out);

/* A program's counter buffer bound at an offset the host's storage buffers
 * cannot start at is staged: copied to a storage of its own before the
 * dispatch (stage_in, false with no GL error when the range cannot hold the
 * counters), bound there at 0 (staged: that storage, else NULL), and copied
 * back after it (stage_out). misaligned: whether any of the program's
 * bindings needs it (a draw then records the copies outside rendering). */
bool vgl_atomic_counter_misaligned(struct vgl_context *ctx, const struct vgl_linked *l);
bool vgl_atomic_counter_stage_in(struct vgl_context *ctx, const struct vgl_linked *l,
				 VkCommandBuffer cmd);
struct vgl_storage *vgl_atomic_counter_staged(struct vgl_context *ctx, const struct vgl_ssbo *b);
void vgl_atomic_counter_stage_out(struct vgl_context *ctx, const struct vgl_linked *l,
				  VkCommandBuffer cmd);
