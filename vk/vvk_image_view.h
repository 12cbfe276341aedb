/* SPDX-License-Identifier: MIT */
/*
 * An image view: a SURFACE object when the image can be an attachment (one
 * level), a SAMPLER_VIEW object when it can be sampled or stored to. Both are
 * created through the setup stream.
 */
#pragma once

#include "vvk_image.h"
#include "vvk_private.h"

struct vvk_image_view {
	struct vvk_image *image;
	VkImageViewType type;
	VkFormat format;
	uint32_t virgl_format;
	VkImageAspectFlags aspects;
	uint32_t base_level, levels;
	uint32_t base_layer, layers;
	VkExtent3D extent; /* of the base level */
	uint32_t surface;      /* 0 = none */
	uint32_t sampler_view; /* 0 = none */
};

VVK_HANDLE_CASTS(vvk_image_view, VkImageView)
