/* SPDX-License-Identifier: MIT */
/* ES 3.1 vertex attribute formats and bindings (vgl_vertex_binding.c): queries. */
#pragma once

#include <GLES3/gl31.h>
#include <stdbool.h>

struct vgl_context;

/* glGet* of GL_MAX_VERTEX_ATTRIB_BINDINGS/RELATIVE_OFFSET/STRIDE; false:
 * another pname (or not an ES 3.1 context). */
bool vgl_vertex_binding_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out);
/* glGetIntegeri_v of GL_VERTEX_BINDING_OFFSET/STRIDE/DIVISOR/BUFFER:
 * 1 answered, 0 GL error recorded, -1 not one of them. */
int vgl_vertex_binding_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index,
				   GLint64 *out);
