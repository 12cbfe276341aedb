/* SPDX-License-Identifier: MIT */
/*
 * Framebuffer objects (per context, as ES says) and the FBO side of the
 * vgl_framebuffer.h hook: what a bound FBO's attachments are as a vgl_fb.
 * Attachments reference their texture or renderbuffer object, not its
 * storage: re-specifying an attached texture is seen at the next draw.
 * A draw to an FBO makes its batch reference the attached storage, so it
 * stays alive until that batch completes.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

struct vgl_context;
struct vgl_fb;
struct vgl_texture;
struct vgl_renderbuffer;

struct vgl_fbo_attachment {
	GLenum type;               /* GL_NONE, GL_TEXTURE, GL_RENDERBUFFER */
	struct vgl_texture *tex;   /* referenced */
	struct vgl_renderbuffer *rb;  /* referenced */
	uint32_t level, face;
	uint32_t layer;            /* glFramebufferTextureLayer: array layer or 3D slice */
};

/* COLOR1..3: ES 3.0 attachment points; the draw path renders one colour
 * target (vgl_fb), so an FBO using them is GL_FRAMEBUFFER_UNSUPPORTED. */
enum { VGL_ATT_COLOR, VGL_ATT_DEPTH, VGL_ATT_STENCIL, VGL_ATT_COLOR1, VGL_ATT_COLOR3 = VGL_ATT_COLOR1 + 2,
       VGL_ATT_COUNT };

struct vgl_fbo {
	GLuint name;
	struct vgl_fbo_attachment att[VGL_ATT_COUNT];
};

/* Whether a user framebuffer is bound for drawing / reading. */
bool vgl_fbo_bound(struct vgl_context *ctx, bool draw);
/* The bound FBO as a vgl_fb; false when incomplete. A draw description
 * makes the recording batch reference the attached storage. */
bool vgl_fbo_describe(struct vgl_context *ctx, bool draw, struct vgl_fb *fb);
/* GL_RED_BITS ... GL_STENCIL_BITS of the bound draw FBO. */
GLint vgl_fbo_bits(struct vgl_context *ctx, GLenum pname);
/* glCheckFramebufferStatus of an FBO. */
GLenum vgl_fbo_status(struct vgl_context *ctx, const struct vgl_fbo *fbo);
/* Deleting a texture / renderbuffer detaches it from the bound FBOs. */
void vgl_fbo_detach(struct vgl_context *ctx, const struct vgl_texture *t,
		    const struct vgl_renderbuffer *rb);
/* Destroys the context's FBOs (context destruction). */
void vgl_fbo_destroy_all(struct vgl_context *ctx);
