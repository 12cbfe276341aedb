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

#include "vvk.h"

struct vgl_context;

struct vgl_fb {
	VkImage color_image;
	uint32_t color_level, color_layer;  /* the attached subresource (FBOs) */
	VkImageView color_view;
	VkFormat color_format;
	VkImageView ds_view;
	VkFormat ds_format;          /* VK_FORMAT_UNDEFINED: none */
	VkImageAspectFlags ds_aspects;
	uint32_t width, height;
	bool *color_written;         /* set when a batch writes the colour image */
	bool y_down;                 /* a window buffer: row 0 is the top (above) */
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

/* The draw / read framebuffer; false when incomplete (no surface). */
bool vgl_framebuffer_draw(struct vgl_context *ctx, struct vgl_fb *fb);
bool vgl_framebuffer_read(struct vgl_context *ctx, struct vgl_fb *fb);
/* Bits per channel of the draw framebuffer, for glGet(GL_RED_BITS...). */
GLint vgl_framebuffer_bits(struct vgl_context *ctx, GLenum pname);
