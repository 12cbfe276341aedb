/* SPDX-License-Identifier: MIT */
/*
 * Renderbuffers: a single-level texture storage (vgl_texture.h) and the
 * format GL reports. The GL may choose the resolution (ES 3.0 §4.4.2.1):
 * RGBA4 and RGB5_A1 are stored as RGBA8 (renderable and read back by
 * glReadPixels everywhere), STENCIL_INDEX8 as D24S8 (the host has no
 * stencil-only format); the size queries report what is stored.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

#include "vgl_object.h"

struct vgl_context;
struct vgl_pixel_format;
struct vgl_tex_storage;

struct vgl_renderbuffer {
	struct vgl_object obj;     /* references: the name, the binding, attachments */
	GLuint name;
	GLenum internal_format;    /* as asked */
	GLsizei width, height;
	uint32_t samples;          /* 0: single-sample; else the count stored (GL_RENDERBUFFER_SAMPLES) */
	const struct vgl_pixel_format *fmt;  /* what is stored; NULL before storage */
	struct vgl_tex_storage *storage;
	uint64_t change_id;        /* vgl_unique_id, new with every storage (vgl_fbo_status.c) */
};

static inline void vgl_renderbuffer_unref(struct vgl_renderbuffer *rb)
{
	if (rb)
		vgl_object_unref(&rb->obj);
}
static inline struct vgl_renderbuffer *vgl_renderbuffer_ref(struct vgl_renderbuffer *rb)
{
	if (rb)
		vgl_object_ref(&rb->obj);
	return rb;
}
/* The sample counts a renderbuffer of internal format f can have, largest
 * first, into counts[max] (counts past 1 only); how many there are. 0 with
 * *renderable false: not a renderbuffer format here. */
uint32_t vgl_renderbuffer_sample_counts(const struct vgl_context *ctx, GLenum f,
					GLint *counts, uint32_t max, bool *renderable);
/* The format a renderbuffer (or multisample texture) of internal format f
 * is stored in; NULL: not renderable here. */
const struct vgl_pixel_format *vgl_renderbuffer_format(const struct vgl_context *ctx, GLenum f);
/* GL_MAX_SAMPLES: the most samples every renderbuffer format takes. */
uint32_t vgl_renderbuffer_max_samples(const struct vgl_context *ctx);
/* The renderbuffer of a name (shared namespace); NULL if none. */
struct vgl_renderbuffer *vgl_renderbuffer_lookup(struct vgl_context *ctx, GLuint name);
