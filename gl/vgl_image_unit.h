/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 image units (§8.22, development contexts only): glBindImageTexture,
 * the GL_IMAGE_BINDING_* queries, and the storage-image descriptor a
 * program's image reads through its unit at dispatch.
 *
 * A unit holds a reference to its texture (an immutable one: ES 3.1 binds
 * no other). What reaches the host is checked at dispatch: a unit whose
 * texture, level, layer or format does not fit what the shader declared,
 * or whose format the host cannot store to, binds no image (the host reads
 * zeros and drops stores, as GL says of an invalid unit), never a view the
 * host would refuse. Image units keep their format only where it is the
 * texture's own internal format; other formats of the same size (GL's
 * reinterpretation) make the unit invalid for now.
 */
#pragma once

#include <GLES3/gl31.h>
#include <stdbool.h>
#include <stdint.h>

#include "vvk.h"

struct vgl_context;
struct vgl_texture;

#define VGL_MAX_IMAGE_UNITS 8

struct vgl_image_unit {
	struct vgl_texture *texture;   /* referenced; NULL: none */
	GLint level, layer;
	GLboolean layered;
	GLenum access;                 /* 0: the initial GL_READ_ONLY */
	GLenum format;                 /* 0: the initial GL_R32UI */
};

/* What a program's image declares: its GL type (GL_IMAGE_2D...) and the
 * GL format of its layout qualifier. */
struct vgl_image_decl {
	GLenum type;
	GLenum format;
};

/* The storage image the unit gives an image of `decl`, or a null view when
 * the unit is invalid for it; the batch keeps the texture alive. */
VkDescriptorImageInfo vgl_image_unit_descriptor(struct vgl_context *ctx, uint32_t unit,
						const struct vgl_image_decl *decl);
/* The GL format enum of an enum vc_format (the shader's format qualifier). */
GLenum vgl_image_gl_format(unsigned vc_format);
/* The GL type of a GLSL image type (glsl_types.h), GL_IMAGE_2D... */
GLenum vgl_image_gl_type(const void *glsl_type);

/* glGetIntegeri_v of GL_IMAGE_BINDING_*: 1 answered, 0 GL error recorded,
 * -1 not one of them. */
int vgl_image_unit_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index,
			       GLint64 *out);
/* glGetIntegerv of the image limits; false: not one of them. */
bool vgl_image_unit_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out);
/* A deleted texture leaves the context's units; context destruction drops all. */
void vgl_image_units_forget(struct vgl_context *ctx, const struct vgl_texture *t);
void vgl_image_units_release(struct vgl_context *ctx);
