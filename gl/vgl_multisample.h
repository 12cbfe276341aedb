/* SPDX-License-Identifier: MIT */
/* ES 3.1 sample mask and sample positions (vgl_multisample.c): queries. */
#pragma once

#include <GLES3/gl31.h>
#include <stdbool.h>

struct vgl_context;

/* glGet* of GL_MAX_SAMPLE_MASK_WORDS; false: another pname (or not an ES 3.1 context). */
bool vgl_multisample_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out);
/* glGetIntegeri_v of GL_SAMPLE_MASK_VALUE: 1 answered, 0 GL error
 * recorded, -1 not it (or not an ES 3.1 context). */
int vgl_multisample_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index,
				GLint64 *out);
