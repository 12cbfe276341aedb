/* SPDX-License-Identifier: MIT */
/* Clears of the draw framebuffer (vgl_clear.c) and the drawn ones (vgl_clear_draw.c). */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "vvk.h"

struct vgl_context;
struct vgl_fb;
struct vgl_linked;

struct vgl_clear_req {
	bool color, depth, stencil;
	uint32_t color_buffers; /* the draw buffers color clears (bit i); 0: all */
	VkClearColorValue color_value;
	float depth_value;
	uint32_t stencil_value;
	uint32_t color_masks;   /* draw buffer i's glColorMask(i): RGBA in bits 4i..4i+3 */
	uint32_t stencil_mask;  /* glStencilMask (front) */
};

/* Clears the scissor box of the draw framebuffer as req asks, honouring
 * the colour, depth and stencil write masks. */
void vgl_clear(struct vgl_context *ctx, struct vgl_clear_req *req);
/* Draws the clear of `rect` (open rendering): for masked clears. */
void vgl_clear_draw(struct vgl_context *ctx, const struct vgl_fb *fb,
		    const struct vgl_clear_req *req, const VkRect2D *rect);
/* Alpha 1 again over an alpha-less framebuffer 0 (vgl_fb.no_alpha) that a
 * copy (glBlitFramebuffer) wrote alpha into: draw buffer 0's alpha only. */
void vgl_clear_alpha_one(struct vgl_context *ctx, const struct vgl_fb *fb);
/* The context's clear program, dropped at context destruction. */
void vgl_clear_finish(struct vgl_context *ctx);
