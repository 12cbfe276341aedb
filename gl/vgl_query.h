/* SPDX-License-Identifier: MIT */
/*
 * Query objects (ES 3.0 §2.13 and §4.1.7, EXT_occlusion_query_boolean,
 * EXT_disjoint_timer_query) on vk/'s query pools. Query objects belong to
 * their context (ES 3.0 does not share them). A GL query may stay active
 * across flushes, a Vulkan query may not outlive its command buffer: so an
 * active query is a run of segments, each a one-query pool begun in one
 * batch and ended when that batch is flushed (vgl_query_suspend) and the
 * next one begins (vgl_query_resume); its result combines the segments'.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>

struct vgl_context;

/* vgl_batch.c: a new command buffer begins a segment of every active query;
 * before a flush ends them. */
void vgl_query_resume(struct vgl_context *ctx);
void vgl_query_suspend(struct vgl_context *ctx);
/* vgl_context.c: drops every query object of ctx (its batch is flushed). */
void vgl_query_state_destroy(struct vgl_context *ctx);
/* vgl_get.c: GL_TIMESTAMP_EXT and GL_GPU_DISJOINT_EXT where timer queries
 * are offered; false for any other pname. */
bool vgl_query_get_integer(struct vgl_context *ctx, GLenum pname, GLint64 *out);
