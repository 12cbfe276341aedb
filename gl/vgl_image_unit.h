/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 image units (§8.22, development contexts only): glBindImageTexture,
 * the GL_IMAGE_BINDING_* queries, and the storage-image descriptor a
 * program's image reads through its unit at dispatch.
 *
 * A unit holds a reference to its texture (an immutable one: ES 3.1 binds
 * no other). What reaches the host is checked at dispatch: a unit whose
 * texture, level, layer or format does not fit what the shader declared
 * (ES 3.1 §8.22: an invalid unit) binds a 1x1 zeroed image of the shader's
 * format and dimension instead, so loads read zeros and stores land
 * nowhere that matters (the host would otherwise keep the unit's previous
 * image), and never a view the host would refuse: a format the host cannot
 * store to binds nothing. A unit's format other than the texture's but of
 * the same texel size reads the texels' bits (a storage-only view).
 */
#pragma once

#include <GLES3/gl31.h>
#include <stdbool.h>
#include <stdint.h>

#include "vvk.h"

struct vgl_context;
struct vgl_texture;
struct vgl_tex_storage;

#define VGL_MAX_IMAGE_UNITS 8
#define VGL_IMAGE_FORMATS 40   /* table 8.27's 13, NV_image_formats' 26, and none */
#define VGL_IMAGE_VIEW_TYPES 4 /* 2D, 3D, cube, 2D array */

struct vgl_image_unit {
	struct vgl_texture *texture;   /* referenced; NULL: none */
	GLint level, layer;
	GLboolean layered;
	GLenum access;                 /* 0: the initial GL_READ_ONLY */
	GLenum format;                 /* 0: the initial GL_R32UI */
};

/* A context's image units and the zeroed images invalid units bind. */
struct vgl_image_units {
	struct vgl_image_unit unit[VGL_MAX_IMAGE_UNITS];
	struct vgl_tex_storage *null[VGL_IMAGE_FORMATS][VGL_IMAGE_VIEW_TYPES]; /* made on use */
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
/* The texel-buffer view a buffer image (GL_IMAGE_BUFFER...) of `decl`
 * reads at the unit; VK_NULL_HANDLE when the unit is invalid for it. */
VkBufferView vgl_image_unit_buffer_descriptor(struct vgl_context *ctx, uint32_t unit,
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
/* Whether the host stores to every format NV_image_formats adds (but the
 * 16-bit normalized ones). */
bool vgl_image_nv_formats_stored(const struct vgl_context *ctx);
