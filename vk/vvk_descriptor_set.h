/* SPDX-License-Identifier: MIT */
/*
 * A descriptor set: one descriptor per array element of every binding of
 * its layout, and the usage handle of the batches that bound it.
 */
#pragma once

#include <pthread.h>

#include "vvk_descriptor_set_layout.h"
#include "vvk_usage.h"

struct vvk_buffer;
struct vvk_buffer_view;
struct vvk_image_view;
struct vvk_sampler;

struct vvk_descriptor {
	VkDescriptorType type;
	struct vvk_buffer *buffer;
	VkDeviceSize offset, range;
	struct vvk_image_view *view;
	struct vvk_sampler *sampler;
	struct vvk_buffer_view *buffer_view; /* texel buffers */
};

struct vvk_descriptor_set {
	struct vvk_descriptor_pool *pool;
	struct vvk_descriptor_set_layout *layout;
	struct vvk_descriptor *desc;
	struct vvk_usage use;
	struct vvk_descriptor_set *prev, *next; /* the pool's live or retired list */
};

VVK_HANDLE_CASTS(vvk_descriptor_set, VkDescriptorSet)
