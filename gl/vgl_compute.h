/* SPDX-License-Identifier: MIT */
/* ES 3.1 compute's state queries (vgl_compute.c). */
#pragma once

#include <GLES3/gl31.h>
#include <stdbool.h>

struct vgl_context;
struct vgl_program;

/* glGetInteger* of the compute and shader storage limits and bindings;
 * false: not one of them (or not an ES 3.1 context). */
bool vgl_compute_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out);
/* glGetIntegeri_v of GL_SHADER_STORAGE_BUFFER_BINDING/START/SIZE and
 * GL_MAX_COMPUTE_WORK_GROUP_COUNT/SIZE: 1 answered, 0 GL error recorded,
 * -1 not one of them. */
int vgl_compute_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index, GLint64 *out);
/* glGetProgramiv(GL_COMPUTE_WORK_GROUP_SIZE): three values, or
 * INVALID_OPERATION without a linked compute shader. */
void vgl_compute_work_group_size(struct vgl_context *ctx, const struct vgl_program *p,
				 GLint *out);
