/* SPDX-License-Identifier: MIT */
/*
 * EGL images on the GL side (gl/vgl.h declares what EGL calls). An image is
 * a reference on one level of a texture storage (vgl_texture.h): the
 * storage of a texture or renderbuffer it was made from, or a storage made
 * on an imported dma-buf. It never copies: a texture or renderbuffer that
 * glEGLImageTarget* points at the image gets an alias of that level
 * (vgl_tex_storage_alias), so every sibling samples and renders the same
 * VkImage, from any context of the process (there is one device).
 *
 * While an image lives, its storage counts it (vgl_tex_storage.images):
 * textures and renderbuffers on that storage are EGL image siblings, and
 * making another image of them is EGL_BAD_ACCESS (EGL_KHR_image_base).
 * Re-specifying a sibling (glTexImage2D, glRenderbufferStorage) gives it
 * storage of its own: the spec's orphaning.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdint.h>

#include "vgl.h"
#include "vgl_object.h"

struct vgl_pixel_format;
struct vgl_tex_storage;

struct vgl_egl_image {
	struct vgl_object obj;         /* references: EGL's image, lookups in flight */
	struct vgl_tex_storage *storage;  /* referenced; counts this image */
	uint32_t level;                /* of the storage */
	uint32_t width, height;
	GLenum internal_format;        /* what siblings report */
	const struct vgl_pixel_format *fmt;
	uint32_t fourcc;               /* an imported dma-buf's; 0: made by GL */
};

/* An image around storage's level (takes a reference on the storage). */
struct vgl_egl_image *vgl_egl_image_create(struct vgl_tex_storage *storage, uint32_t level,
				   GLenum internal_format, const struct vgl_pixel_format *fmt);
/* The image behind a GLeglImageOES, referenced; NULL when it is none. */
struct vgl_egl_image *vgl_egl_image_lookup(void *handle);
