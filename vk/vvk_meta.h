/* SPDX-License-Identifier: MIT */
/*
 * Internal pipeline for clears the host cannot do with CLEAR (which clears
 * whole attachments, ignoring scissor and masks): a hand-written TGSI
 * vertex/fragment pair draws a rectangle of one colour, depth and stencil.
 */
#pragma once

#include "vdrm_resource.h"
#include "vvk_private.h"
#include "vvk_usage.h"

struct vvk_device;
struct vvk_cmd_buffer;

struct vvk_meta {
	uint32_t vs, fs, rasterizer, vertex_elements;
	uint32_t blend[VVK_MAX_COLOR_ATTACHMENTS + 1]; /* [i]: writes RT i only; [8]: none */
	uint32_t dsa[4]; /* bit 0: write depth, bit 1: write stencil */
	struct vdrm_resource *quad; /* the unit square's four corners */
	struct vvk_usage use;
};

struct vvk_meta_clear {
	VkRect2D rect;
	int color_index; /* -1: no colour */
	VkClearColorValue color;
	VkImageAspectFlags ds_aspects;
	VkClearDepthStencilValue ds;
};

VkResult vvk_meta_init(struct vvk_device *dev, struct vvk_meta *meta);
void vvk_meta_finish(struct vvk_device *dev, struct vvk_meta *meta);
/* Draws one clear inside the current rendering; clobbers the host state. */
void vvk_meta_clear(struct vvk_cmd_buffer *cmd, const struct vvk_meta_clear *c);
