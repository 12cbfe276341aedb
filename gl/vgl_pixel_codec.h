/* SPDX-License-Identifier: MIT */
/*
 * Texels between layouts: GL's client layouts (a format and type pair of
 * glTexImage*'s data or glReadPixels' result) and the image formats gl/
 * stores textures in. A texel passes through four RGBA channels (union
 * vgl_texel): floats for normalized and floating-point data, 32-bit
 * integers for integer data. One decoder and one encoder per layout give
 * every conversion the spec asks for (ES 3.0 §3.7.2 for unpacking, §4.3.1
 * for packing) without a function per pair.
 *
 * Depth/stencil layouts put depth in channel 0 (a float) and stencil in
 * channel 1 (an integer).
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

#include "vvk.h"

union vgl_texel {
	float f[4];
	uint32_t u[4];
	int32_t i[4];
};

/* What a layout's channels hold (GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE's
 * classes): normalized fixed point, floating point, or integers. */
enum vgl_texel_kind {
	VGL_TEXEL_UNORM,
	VGL_TEXEL_SNORM,
	VGL_TEXEL_FLOAT,
	VGL_TEXEL_UINT,
	VGL_TEXEL_SINT,
};

/* A layout: `n` components of element type `el` (or one packed word of
 * kind `pack`), component k holding RGBA channel map[k]. */
struct vgl_codec {
	uint8_t pack, el, n, bpp;
	uint8_t map[4];
	uint8_t kind;            /* enum vgl_texel_kind */
};

/* The layout of GL client data; false for a pair the codec has no layout for. */
bool vgl_codec_gl(GLenum format, GLenum type, struct vgl_codec *out);
/* The layout of an image format; false for one it does not know. */
bool vgl_codec_vk(VkFormat format, struct vgl_codec *out);
/* n texels to RGBA channels (absent ones 0, 0, 0, 1). */
void vgl_codec_decode(const struct vgl_codec *c, const void *src, union vgl_texel *dst,
		      uint32_t n);
/* n texels from RGBA channels (normalized ones clamped and rounded). */
void vgl_codec_encode(const struct vgl_codec *c, const union vgl_texel *src, void *dst,
		      uint32_t n);
/* IEEE half-precision conversions (round to nearest). */
uint16_t vgl_half_from_float(float v);
float vgl_half_to_float(uint16_t h);
