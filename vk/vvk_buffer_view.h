/* SPDX-License-Identifier: MIT */
/*
 * A buffer view: a texel range of a buffer in a format. Uniform texel
 * buffers are a SAMPLER_VIEW object on the memory's buffer resource
 * (first/last element, docs/virgl-protocol-and-tgsi.md 2.6), made through the
 * setup stream; storage texel buffers need no object: SET_SHADER_IMAGES
 * takes the resource, format, byte offset and byte size directly.
 */
#pragma once

#include "vvk_buffer.h"
#include "vvk_private.h"

struct vvk_buffer_view {
	struct vvk_buffer *buffer;
	VkFormat format;
	uint32_t virgl_format;
	uint32_t offset; /* bytes, in the memory's resource */
	uint32_t size;   /* bytes, whole elements */
	uint32_t sampler_view; /* 0 = none (no UNIFORM_TEXEL_BUFFER usage) */
};

VVK_HANDLE_CASTS(vvk_buffer_view, VkBufferView)
