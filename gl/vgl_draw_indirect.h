/* SPDX-License-Identifier: MIT */
/* ES 3.1 indirect draws (vgl_draw_indirect.c): the binding point's query. */
#pragma once

#include <GLES3/gl31.h>
#include <stdbool.h>

struct vgl_context;

/* glGet* of GL_DRAW_INDIRECT_BUFFER_BINDING; false: another pname (or not 3.1). */
bool vgl_draw_indirect_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out);
