/* SPDX-License-Identifier: MIT */
/*
 * Where draws, clears and reads go: the hook between the draw path and
 * framebuffer objects. Today only framebuffer 0 (the bound pbuffer) exists;
 * the framebuffer-object module will answer these for user framebuffers.
 *
 * Orientation. GL's window space has y up with (0,0) the bottom-left pixel.
 * gl/ stores every image GL-style: memory row r holds window y = r. vk/ maps
 * NDC y = -1 to memory row 0 (Vulkan's convention), and GL maps NDC y = -1
 * to window y = 0; with rows equal to window y the two agree, so viewports
 * and scissors pass through unchanged (y = GL's y), gl_FragCoord.y counts
 * rows from the bottom as GL says, and glReadPixels copies rows in memory
 * order, which is GL's bottom-up order, with no flip anywhere. The one cost:
 * vk/ measures winding with y pointing down the rows, i.e. mirrored against
 * GL's y-up window, so GL's CCW front face is vk/'s CLOCKWISE (vgl_pipeline.c).
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>

#include "vgl_state.h"
#include "vvk.h"

struct vgl_codec;
struct vgl_context;
struct vgl_storage;

/* One colour image of a framebuffer: a draw buffer or the read buffer. */
struct vgl_fb_color {
	VkImage image;
	uint32_t level, layer;       /* the attached subresource (FBOs) */
	VkImageView view;
	VkFormat format;
	bool *written;               /* set when a batch writes the image */
};

struct vgl_fb {
	/* the colour buffer reads come from (a read description) or draw
	 * buffer 0 (a draw description) */
	VkImage color_image;
	uint32_t color_level, color_layer;  /* the attached subresource (FBOs) */
	VkImageView color_view;
	VkFormat color_format;
	VkImageView ds_view;
	VkFormat ds_format;          /* VK_FORMAT_UNDEFINED: none */
	VkImageAspectFlags ds_aspects;
	VkImage ds_image;            /* blits */
	uint32_t ds_level, ds_layer;
	uint32_t width, height;
	uint32_t samples;            /* 1, or every attachment's sample count */
	/* a layered framebuffer's layers (the fewest of its attachments', or
	 * the default layers without attachments); 0: not layered */
	uint32_t layers;
	bool *color_written;         /* set when a batch writes the colour image */
	bool y_down;                 /* a window buffer: row 0 is the top (above) */
	/* framebuffer 0 of an alpha-less config (vgl_surface_info.no_alpha):
	 * its colour image keeps alpha 1, draws leave alpha alone */
	bool no_alpha;
	/* a draw description's buffers by fragment output location (GL's
	 * draw buffer i); no view where the draw buffer is GL_NONE */
	uint32_t nr_draw;
	struct vgl_fb_color draw[VGL_MAX_DRAW_BUFFERS];
	/* nonzero: a description kept unchanged since it got this number
	 * (vgl_fbo_status.c); a draw that saw it need not compare targets */
	uint64_t kept;
};

/* A viewport's GL y as the target's row, and its height (negative on a
 * y-down target, as Vulkan allows: the rows then run the other way). */
static inline float vgl_fb_row(const struct vgl_fb *fb, float y)
{
	return fb->y_down ? (float)fb->height - y : y;
}

static inline float vgl_fb_rows(const struct vgl_fb *fb, float h)
{
	return fb->y_down ? -h : h;
}

/* A rectangle in GL's window coordinates as the target's rows. */
static inline VkRect2D vgl_fb_rect(const struct vgl_fb *fb, VkRect2D r)
{
	if (fb->y_down)
		r.offset.y = (int32_t)fb->height - r.offset.y - (int32_t)r.extent.height;
	return r;
}

/* A batch writes the draw buffers. */
static inline void vgl_fb_mark_written(const struct vgl_fb *fb)
{
	for (uint32_t i = 0; i < fb->nr_draw; i++)
		if (fb->draw[i].view)
			*fb->draw[i].written = true;
}

/* The draw / read framebuffer; false when incomplete (no surface). */
bool vgl_framebuffer_draw(struct vgl_context *ctx, struct vgl_fb *fb);
/* The same in place (draws): a kept description or *scratch; NULL: incomplete. */
const struct vgl_fb *vgl_framebuffer_for_draw(struct vgl_context *ctx, struct vgl_fb *scratch);
/* The kept description while it is fresh, else NULL; describes nothing (a draw
 * that finds everything as the last one left it, vgl_draw.c). */
const struct vgl_fb *vgl_framebuffer_kept_for_draw(const struct vgl_context *ctx);
bool vgl_framebuffer_read(struct vgl_context *ctx, struct vgl_fb *fb);
/* Why colour cannot be read from a read description (glReadPixels,
 * glCopyTex*): GL_INVALID_OPERATION for a read buffer of GL_NONE or a
 * multisample framebuffer; GL_NO_ERROR when it can. */
GLenum vgl_framebuffer_read_error(const struct vgl_fb *fb);
/* The part inside fb of the w x h colour rectangle at GL's src (x, y), in
 * `to`'s layout, w texels a row with no padding, bottom row first (the rest
 * of `pixels` is left alone); flushes and waits as glReadPixels does
 * (vgl_read.c). For glCopyTex* into formats a blit cannot fill. */
/* Submits ctx's batch, which copies into the host storage s, waits for it
 * and makes s's CPU copy current (vgl_read.c). VGL_OK or an error. */
int vgl_read_finish(struct vgl_context *ctx, struct vgl_storage *s);
void vgl_read_texels(struct vgl_context *ctx, const struct vgl_fb *fb, const GLint src[2],
		     GLsizei w, GLsizei h, const struct vgl_codec *to, void *pixels);
/* glGetFramebufferAttachmentParameteriv with framebuffer 0 bound to the
 * read (read) or draw target, ES 3.0 §6.1.13: attachment GL_BACK, GL_DEPTH
 * or GL_STENCIL; the GL error, *out set when GL_NO_ERROR. */
GLenum vgl_framebuffer_default_param(struct vgl_context *ctx, bool read, GLenum attachment,
				     GLenum pname, GLint *out);
/* GL_MAX_DRAW_BUFFERS (= GL_MAX_COLOR_ATTACHMENTS) of the device. */
uint32_t vgl_framebuffer_max_draw_buffers(const struct vgl_context *ctx);
/* glGet* of GL_DRAW_BUFFERi, GL_READ_BUFFER, GL_SAMPLES, GL_SAMPLE_BUFFERS
 * (vgl_draw_buffers.c); false: not one of them. */
bool vgl_framebuffer_get(struct vgl_context *ctx, GLenum pname, GLint64 *out);
/* Bits per channel of the draw framebuffer, for glGet(GL_RED_BITS...). */
GLint vgl_framebuffer_bits(struct vgl_context *ctx, GLenum pname);
