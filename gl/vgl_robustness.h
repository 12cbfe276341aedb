/* SPDX-License-Identifier: MIT */
/*
 * KHR_robustness / EXT_robustness: what a context does once its host is lost.
 *
 * A context's reset notification strategy is fixed at creation (EGL). With
 * GL_NO_RESET_NOTIFICATION (the default) nothing changes after a loss:
 * glGetGraphicsResetStatus says GL_NO_ERROR and failed work reads as
 * GL_OUT_OF_MEMORY, as before. With GL_LOSE_CONTEXT_ON_RESET, once the device
 * is lost (the vtest server died or stalled past the host timeout; the kernel
 * returned an error), glGetGraphicsResetStatus says GL_UNKNOWN_CONTEXT_RESET
 * (virtgl cannot tell whose work brought the host down), and every other GL
 * command raises GL_CONTEXT_LOST and does nothing (KHR_robustness §2.6.4):
 * vgl_current_context returns NULL for such a context, and every entry point
 * already returns at once without one. The spec's exceptions (glGetError,
 * glGetGraphicsResetStatus, and the polling queries that must answer
 * "complete") use vgl_context_bound instead.
 */
#pragma once

#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <stdbool.h>
#include <stdint.h>

struct vgl_context;

/* Whether ctx asked to lose its context on reset and its device is lost. */
bool vgl_context_reset(const struct vgl_context *ctx);
/* After a reset, the answer to a query of sync pname (SYNC_STATUS: SIGNALED,
 * written as glGetSynciv would); false for any other pname or no reset. */
bool vgl_reset_sync_status(GLenum pname, GLsizei bufsize, GLsizei *length, GLint *values);
/* After a reset, QUERY_RESULT_AVAILABLE answers 1 in *out; false otherwise. */
bool vgl_reset_query_available(GLenum pname, uint64_t *out);
