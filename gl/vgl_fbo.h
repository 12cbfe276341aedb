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

#include "vgl_framebuffer.h"

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
	/* glFramebufferTextureEXT of a 3D, 2D array, cube map or cube map
	 * array texture: every layer of the level (EXT_geometry_shader) */
	bool layered;
};

/* COLOR1..: ES 3.0's further colour attachment points, up to
 * VGL_MAX_DRAW_BUFFERS (vgl_framebuffer.h) in all. */
enum { VGL_ATT_COLOR, VGL_ATT_DEPTH, VGL_ATT_STENCIL, VGL_ATT_COLOR1,
       VGL_ATT_COUNT = VGL_ATT_COLOR1 + VGL_MAX_DRAW_BUFFERS - 1 };

/* The slot of GL_COLOR_ATTACHMENTi. */
static inline int vgl_fbo_color_slot(uint32_t i)
{
	return i ? VGL_ATT_COLOR1 + (int)i - 1 : VGL_ATT_COLOR;
}

struct vgl_fbo {
	GLuint name;
	struct vgl_fbo_attachment att[VGL_ATT_COUNT];
	GLenum draw_buffers[VGL_MAX_DRAW_BUFFERS];    /* glDrawBuffers: COLOR_ATTACHMENTi in slot i, or GL_NONE */
	GLenum read_buffer;        /* glReadBuffer: a COLOR_ATTACHMENTi or GL_NONE */
	/* ES 3.1 glFramebufferParameteri: the size of a framebuffer without attachments */
	GLint default_width, default_height, default_samples;
	bool default_fixed_locations;
	GLint default_layers;      /* EXT_geometry_shader: a layered one's layers */
	/* stamped anew (vgl_fbo_changed) whenever anything above changes: the
	 * draw description kept in vgl_fbo_status.c is fresh while it holds */
	uint64_t stamp;
};

/* Every change of an FBO's state goes through here. Stamps come from one
 * per-context counter, so a new FBO at a freed one's address never
 * matches a description kept for the old one. */
void vgl_fbo_changed(struct vgl_context *ctx, struct vgl_fbo *f);

/* The FBO bound to a valid target (GL_READ_FRAMEBUFFER: the read one, else
 * the draw one); NULL with GL_INVALID_OPERATION for framebuffer 0. */
struct vgl_fbo *vgl_fbo_target(struct vgl_context *ctx, GLenum target);
/* Whether a user framebuffer is bound for drawing / reading. */
bool vgl_fbo_bound(struct vgl_context *ctx, bool draw);
/* The bound FBO as a vgl_fb; false when incomplete. A draw description
 * makes the recording batch reference the attached storage. */
bool vgl_fbo_describe(struct vgl_context *ctx, bool draw, struct vgl_fb *fb);
/* The draw description in place: the one kept while nothing changed, else
 * *scratch filled; NULL when incomplete. Valid until the next GL call. */
const struct vgl_fb *vgl_fbo_describe_draw(struct vgl_context *ctx, struct vgl_fb *scratch);
/* The draw FBO's kept description while it is fresh, else NULL (nothing described). */
const struct vgl_fb *vgl_fbo_kept_draw(const struct vgl_context *ctx);
/* The bound draw FBO as a draw description with each layered attachment
 * as its one layer `layer` (a layered clear drawn layer by layer); false
 * when incomplete. The recording batch references the storage. */
bool vgl_fbo_describe_layer(struct vgl_context *ctx, uint32_t layer, struct vgl_fb *fb);
/* GL_RED_BITS ... GL_STENCIL_BITS of the bound draw FBO. */
GLint vgl_fbo_bits(struct vgl_context *ctx, GLenum pname);
/* glCheckFramebufferStatus of an FBO. */
GLenum vgl_fbo_status(struct vgl_context *ctx, const struct vgl_fbo *fbo);
/* Deleting a texture / renderbuffer detaches it from the bound FBOs. */
void vgl_fbo_detach(struct vgl_context *ctx, const struct vgl_texture *t,
		    const struct vgl_renderbuffer *rb);
/* The sample count of an FBO's attachments (1: single-sample); without
 * attachments, what it rasterizes with (ES 3.1: its default samples). */
uint32_t vgl_fbo_samples(const struct vgl_context *ctx, const struct vgl_fbo *fbo);
/* glGet* of ES 3.1's GL_MAX_FRAMEBUFFER_WIDTH/HEIGHT/SAMPLES (vgl_fbo_param.c); false:
 * another pname (or not an ES 3.1 context). */
bool vgl_fbo_param_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out);
/* Destroys the context's FBOs (context destruction). */
void vgl_fbo_destroy_all(struct vgl_context *ctx);
