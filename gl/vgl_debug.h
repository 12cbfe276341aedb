/* SPDX-License-Identifier: MIT */
/*
 * KHR_debug: debug messages, their filters, debug groups and object labels.
 *
 * Messages are what virtgl really knows: every GL error (vgl_error), a
 * failed shader compile or program link (the info log), and CPU waits for
 * the GPU that an access forced (vgl_debug_access_wait, counted in
 * vgl_stats.access_waits as well). The callback runs synchronously, on the
 * thread whose GL call raised the message and before that call returns:
 * virtgl has no driver threads that call GL, so GL_DEBUG_OUTPUT_SYNCHRONOUS
 * changes nothing (it is kept as state). Without a callback, messages go
 * into the context's log (GL_MAX_DEBUG_LOGGED_MESSAGES; new ones are dropped
 * once it is full) for glGetDebugMessageLog. The spec leaves GL calls from
 * the callback undefined, and so does virtgl: the errors of name lookups
 * and glGen* are raised outside the share group's lock, but not every
 * message comes from a place that holds no lock.
 *
 * GL_DEBUG_OUTPUT is on from the start only in debug contexts
 * (EGL_CONTEXT_OPENGL_DEBUG); while it is off, a message costs one branch
 * (ctx->debug_output) and nothing is allocated.
 *
 * Message ids: an error's is the error's enum (GL_INVALID_ENUM, ...); the
 * others are VGL_DEBUG_ID_*. Labels live with the objects' names
 * (vgl_names.h), so a deleted object's label goes with its name.
 */
#pragma once

#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <stdbool.h>
#include <stdint.h>

struct vgl_context;

/* ES 3.2's, which KHR_debug names for its CONTEXT_FLAG_DEBUG_BIT */
#ifndef GL_CONTEXT_FLAGS
#define GL_CONTEXT_FLAGS 0x821E
#endif

#define VGL_MAX_DEBUG_MESSAGE_LENGTH 1024  /* with the terminating NUL */
#define VGL_MAX_DEBUG_LOGGED_MESSAGES 64
#define VGL_MAX_DEBUG_GROUP_STACK_DEPTH 64
#define VGL_MAX_LABEL_LENGTH 256

enum {
	VGL_DEBUG_ID_COMPILE = 1,      /* SHADER_COMPILER, ERROR: a shader did not compile */
	VGL_DEBUG_ID_LINK = 2,         /* SHADER_COMPILER, ERROR: a program did not link */
	VGL_DEBUG_ID_ACCESS_WAIT = 3,  /* API, PERFORMANCE, MEDIUM: the CPU waited for the GPU */
	VGL_DEBUG_ID_CPU_INDIRECT = 4, /* API, PERFORMANCE, LOW: an indirect draw's command
					* was read on the CPU (the host cannot draw it as given) */
};

/* A context's KHR_debug state at creation: output on in debug contexts. */
void vgl_debug_init(struct vgl_context *ctx, bool debug_context);
void vgl_debug_finish(struct vgl_context *ctx);

/* Sends a message (text: NUL-terminated, cut to the longest message) to
 * the callback or the log, if output is on and the filters let it through. */
void vgl_debug_message(struct vgl_context *ctx, GLenum source, GLenum type, GLuint id,
		       GLenum severity, const char *text);
/* The message of a GL error (vgl_error calls it when output is on). */
void vgl_debug_error(struct vgl_context *ctx, GLenum error);
/* A CPU wait for the GPU that `what` forced: counted, and said as a
 * performance message. */
void vgl_debug_access_wait(struct vgl_context *ctx, const char *what);
/* A slower path taken: a LOW performance message (output on only). */
void vgl_debug_slow_path(struct vgl_context *ctx, GLuint id, const char *text);
/* A failed compile or link's message with its info log (output on only). */
void vgl_debug_shader_log(struct vgl_context *ctx, GLuint id, const char *log);

/* The debug group's values of glGet* (DEBUG_LOGGED_MESSAGES, the limits,
 * ...); false for other pnames. */
bool vgl_debug_get(const struct vgl_context *ctx, GLenum pname, int64_t *out);
