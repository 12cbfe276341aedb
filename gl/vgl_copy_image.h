/* SPDX-License-Identifier: MIT */
/*
 * glCopyImageSubData's sides and its CPU path (vgl_copy_image.c,
 * vgl_copy_image_cpu.c).
 */
#pragma once

#include <GLES3/gl31.h>
#include <stdint.h>

#include "vgl_texture.h"

struct vgl_context;
struct vgl_renderbuffer;

/* One side of a copy, as resolved from (name, target, level, x, y, z). */
struct vgl_copy_side {
	GLenum target;
	GLint level;
	GLint off[3];
	struct vgl_texture *t;          /* NULL: a renderbuffer */
	struct vgl_renderbuffer *rb;
	struct vgl_tex_level lv;        /* the level's spec (face 0 of a cube) */
	uint32_t samples;               /* 0: single-sample */
};

/* The storage that holds the side's level (NULL: none). */
struct vgl_tex_storage *vgl_copy_side_storage(struct vgl_context *ctx,
					      const struct vgl_copy_side *s);

/* A copy through the CPU: w x h units (texels of an uncompressed side,
 * blocks of a compressed one, 4x4 to 12x12) of `bytes` each, on d layers. The
 * source's units are its kept blocks (vgl_texture_blocks.h) or its texels
 * read back (a wait); they become the destination's blocks, decoded into
 * its image, or its texels, with a hidden alpha (vgl_pixel_hidden_alpha)
 * of a colour-renderable format set to 1. GL_NO_ERROR or GL_OUT_OF_MEMORY. */
struct vgl_copy_units {
	uint32_t w, h, d, bytes;
	int64_t dst_w, dst_h;       /* the destination region in texels */
};
GLenum vgl_copy_image_cpu(struct vgl_context *ctx, const struct vgl_copy_side *src,
			  const struct vgl_copy_side *dst, const struct vgl_copy_units *u);
