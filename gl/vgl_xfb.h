/* SPDX-License-Identifier: MIT */
/*
 * Transform feedback objects (ES 3.0 section 2.15) on vk/'s transform
 * feedback commands. Objects belong to their context (names are not
 * shared); object 0 is the default. An object holds its indexed buffer
 * bindings and, while active, the ranges it captures into, the program it
 * captures from and how many vertices still fit (ES 3.0 makes a draw that
 * would overflow an INVALID_OPERATION).
 *
 * A capture is begun in vk/ lazily, at the first draw of a batch that
 * captures; pausing, or flushing the batch, ends the vk capture naming the
 * object's counter buffers, and the next begin names them again: vk/ then
 * continues appending where the host stopped. glEndTransformFeedback ends
 * it without counters, which finishes the host's capture.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>

#include "vvk.h"

struct vgl_context;
struct vgl_draw;
struct vgl_buffer;
struct vgl_program;

#define VGL_MAX_XFB_BUFFERS 4

/* Draws while a capture is active and not paused (ES 3.0 section 2.15.2):
 * only DrawArrays(Instanced) of the capture's primitive mode, and only
 * what the buffers still hold; false with GL_INVALID_OPERATION otherwise.
 * A draw that passes is counted against the space left. */
bool vgl_xfb_draw_ok(struct vgl_context *ctx, GLenum mode, bool indexed, GLsizei count,
		     GLsizei instances);
/* Just before a draw is recorded into cmd: begins the capture in this batch. */
void vgl_xfb_before_draw(struct vgl_context *ctx, VkCommandBuffer cmd);
/* vgl_batch.c: before a flush ends the vk capture (to be resumed). */
void vgl_xfb_suspend(struct vgl_context *ctx);
/* glUseProgram is refused while a capture is active and not paused;
 * glLinkProgram while an active capture uses the program. */
bool vgl_xfb_blocks_use_program(const struct vgl_context *ctx);
bool vgl_xfb_uses_program(const struct vgl_context *ctx, const struct vgl_program *p);
/* glBindBufferBase/Range(GL_TRANSFORM_FEEDBACK_BUFFER) with GL's errors
 * (b: the buffer named, or NULL for 0). */
void vgl_xfb_bind_buffer(struct vgl_context *ctx, GLuint index, struct vgl_buffer *b,
			 GLintptr offset, GLsizeiptr size, bool whole);
/* glDeleteBuffers: b leaves the bound object's indexed bindings (a capture
 * into it goes on: its ranges hold the storage). */
void vgl_xfb_unbind_buffer(struct vgl_context *ctx, struct vgl_buffer *b);
/* glGet*: TRANSFORM_FEEDBACK_BINDING, _ACTIVE, _PAUSED and the limits;
 * false for other pnames. */
bool vgl_xfb_get_integer(struct vgl_context *ctx, GLenum pname, GLint64 *out);
/* glGetIntegeri_v of TRANSFORM_FEEDBACK_BUFFER_BINDING/START/SIZE; false
 * (with GL_INVALID_VALUE) for an index past the limit. */
bool vgl_xfb_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index, GLint64 *out);
/* vgl_context.c: drops every object (the batch is flushed). */
void vgl_xfb_state_destroy(struct vgl_context *ctx);
