/* SPDX-License-Identifier: MIT */
/* EXT/OES_primitive_bounding_box (vgl_bbox.c): the box's state query. */
#pragma once

#include <GLES3/gl31.h>
#include <stdbool.h>

struct vgl_context;

/* glGet* of GL_PRIMITIVE_BOUNDING_BOX_EXT: the eight floats; false: another
 * pname, or neither extension listed. */
bool vgl_bbox_get(const struct vgl_context *ctx, GLenum pname, GLfloat out[8]);
