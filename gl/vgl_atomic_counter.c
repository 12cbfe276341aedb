/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 atomic counter buffers (development contexts only, vgl_context.c):
 * the limits and the GL_ATOMIC_COUNTER_BUFFER binding points' queries.
 * glBindBufferBase/Range fill the points (vgl_ubo.c, offsets 4-byte aligned).
 *
 * Counters are lowered to storage-buffer atomics, not to the host's hardware
 * atomic counters (TGSI_FILE_HW_ATOMIC, SET_ATOMIC_BUFFERS): each binding a
 * program uses becomes one storage buffer of uints, a counter at byte offset
 * M is element M / 4 and its operations are OpAtomicIAdd/ISub/Load on it. That
 * reuses the buffer-block path end to end (descriptors, dynamic offsets,
 * usage tracking, the SPIR-V -> TGSI BUFFER path) where HW_ATOMIC would need a
 * file, declarations and a host command of their own; it is also what Mesa's
 * state tracker does for drivers without hardware counters. Vertex and fragment shaders get none
 * while buffer blocks reach compute programs only (vgl_linked.c).
 */
#include "vgl_atomic_counter.h"

#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_device.h"

/* The counters and buffers a compute shader (and a program) may use. */
static bool compute_limit(const struct vgl_limits *l, GLenum pname, GLint64 *out)
{
	switch (pname) {
	case GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS:
	case GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS: *out = l->atomic_bindings; return true;
	case GL_MAX_COMPUTE_ATOMIC_COUNTERS:
	case GL_MAX_COMBINED_ATOMIC_COUNTERS: *out = l->atomic_counters; return true;
	}
	return false;
}

bool vgl_atomic_counter_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	const struct vgl_limits *l = &ctx->dev->limits;

	if (!vgl_context_es31(ctx))
		return false;
	switch (pname) {
	case GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS:
	case GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS:
	case GL_MAX_VERTEX_ATOMIC_COUNTERS:
	case GL_MAX_FRAGMENT_ATOMIC_COUNTERS: *out = 0; return true;
	case GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS: *out = l->atomic_bindings; return true;
	case GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE: *out = l->atomic_buffer_size; return true;
	case GL_ATOMIC_COUNTER_BUFFER_BINDING:
		*out = ctx->atomic_buffer ? ctx->atomic_buffer->name : 0;
		return true;
	}
	return compute_limit(l, pname, out);
}

int vgl_atomic_counter_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index,
				   GLint64 *out)
{
	const struct vgl_ubo_binding *b;

	if (!vgl_context_es31(ctx) || (target != GL_ATOMIC_COUNTER_BUFFER_BINDING &&
				       target != GL_ATOMIC_COUNTER_BUFFER_START &&
				       target != GL_ATOMIC_COUNTER_BUFFER_SIZE))
		return -1;
	if (index >= ctx->dev->limits.atomic_bindings) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return 0;
	}
	b = &ctx->atomic[index];
	*out = target == GL_ATOMIC_COUNTER_BUFFER_BINDING ? (b->buffer ? b->buffer->name : 0)
	     : target == GL_ATOMIC_COUNTER_BUFFER_START ? b->offset : b->size;
	return 1;
}
