/* SPDX-License-Identifier: MIT */
/* The ASTC LDR formats and image decoding (vgl_astc.h). */
#include "vgl_astc.h"

#include <GLES2/gl2ext.h>
#include <string.h>

#include "vgl_astc_block.h"

#define ID { VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY, \
	     VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY }
#define FMT(i, vk) \
	{ i, GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA, VK_FORMAT_##vk, ID, VGL_CONV_COPY, 4, 4, \
	  false, true, { 8, 8, 8, 8, 0, 0 }, 0, 0 }
#define ASTC(w, h) \
	{ w, h, FMT(GL_COMPRESSED_RGBA_ASTC_##w##x##h##_KHR, R8G8B8A8_UNORM) }, \
	{ w, h, FMT(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_##w##x##h##_KHR, R8G8B8A8_SRGB) }

static const struct astc {
	uint8_t bw, bh;
	struct vgl_pixel_format fmt;
} formats[] = {
	ASTC(4, 4), ASTC(5, 4), ASTC(5, 5), ASTC(6, 5), ASTC(6, 6), ASTC(8, 5), ASTC(8, 6),
	ASTC(8, 8), ASTC(10, 5), ASTC(10, 6), ASTC(10, 8), ASTC(10, 10), ASTC(12, 10),
	ASTC(12, 12),
};

static const struct astc *lookup(GLenum internal)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (formats[i].fmt.internal_format == internal)
			return &formats[i];
	return NULL;
}

const struct vgl_pixel_format *vgl_astc_format(GLenum internal)
{
	const struct astc *a = lookup(internal);

	return a ? &a->fmt : NULL;
}

const struct vgl_pixel_format *vgl_astc_format_at(uint32_t i)
{
	_Static_assert(sizeof(formats) / sizeof(formats[0]) == VGL_ASTC_FORMATS, "28 formats");
	return i < VGL_ASTC_FORMATS ? &formats[i].fmt : NULL;
}

void vgl_astc_block_size(GLenum internal, uint32_t *bw, uint32_t *bh)
{
	const struct astc *a = lookup(internal);

	*bw = a ? a->bw : 4;
	*bh = a ? a->bh : 4;
}

size_t vgl_astc_size(GLenum internal, uint32_t w, uint32_t h)
{
	const struct astc *a = lookup(internal);

	if (!a)
		return 0;
	return (size_t)((w + a->bw - 1) / a->bw) * ((h + a->bh - 1) / a->bh) * 16;
}

/* A block's texels that lie inside the w x h image, at (x0, y0). */
static void store(const uint8_t (*texels)[4], const struct astc *a, uint8_t *image, uint32_t w,
		  uint32_t h, uint32_t x0, uint32_t y0)
{
	for (uint32_t y = 0; y < a->bh && y0 + y < h; y++) {
		uint32_t n = w - x0 < a->bw ? w - x0 : a->bw;

		memcpy(image + ((size_t)(y0 + y) * w + x0) * 4, texels[y * a->bw], (size_t)n * 4);
	}
}

void vgl_astc_decode(GLenum internal, const uint8_t *src, uint32_t w, uint32_t h, uint8_t *dst)
{
	const struct astc *a = lookup(internal);
	bool srgb = a && a->fmt.vk == VK_FORMAT_R8G8B8A8_SRGB;
	uint8_t texels[VGL_ASTC_MAX_TEXELS][4];

	for (uint32_t by = 0; a && by < h; by += a->bh)
		for (uint32_t bx = 0; bx < w; bx += a->bw, src += 16) {
			vgl_astc_decode_block(src, a->bw, a->bh, srgb, texels);
			store((const uint8_t (*)[4])texels, a, dst, w, h, bx, by);
		}
}
