/* SPDX-License-Identifier: MIT */
/* What egl_image.c and egl_image_dma_buf.c share. */
#pragma once

#include <stdint.h>

#include "egl_attrib.h"
#include "egl_image.h"

struct egl_display;
struct vgl_dma_buf;

/* The dma-buf attributes of EGL_EXT_image_dma_buf_import(_modifiers), plane 0. */
enum dma_attr { A_WIDTH, A_HEIGHT, A_FOURCC, A_FD, A_OFFSET, A_PITCH, A_MOD_LO, A_MOD_HI,
		A_COUNT };

/* An eglCreateImage attribute list, parsed. */
struct image_request {
	EGLAttrib level;               /* EGL_GL_TEXTURE_LEVEL_KHR, default 0 */
	EGLAttrib plane;               /* EGL_WAYLAND_PLANE_WL, default 0 */
	EGLAttrib dma[A_COUNT];
	unsigned have;                 /* 1 << dma_attr of those given */
	bool other_plane;              /* a plane 1-3 attribute was given */
};

/* Records one attribute of the dma-buf extensions; EGL_BAD_PARAMETER for a
 * name that is none of theirs, EGL_BAD_ATTRIBUTE for a bad hint value. */
EGLint egl_image_dma_attrib(struct image_request *r, EGLint name, EGLAttrib value);
/* The description a complete request gives, or its error. */
EGLint egl_image_dma_buf_desc(const struct image_request *r, struct vgl_dma_buf *buf);
/* The display's image of a handle (under the lock); records no error. */
struct egl_image *egl_image_find(struct egl_display *d, EGLImage handle);
