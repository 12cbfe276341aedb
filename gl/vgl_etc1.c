/* SPDX-License-Identifier: MIT */
/* ETC1 decoding (the block format of the OES_compressed_ETC1_RGB8_texture spec). */
#include "vgl_etc1.h"

#include <GLES3/gl3.h>
#include <string.h>

const struct vgl_pixel_format *vgl_etc1_format(void)
{
	static const struct vgl_pixel_format etc1 = {
		GL_ETC1_RGB8_OES, GL_RGBA, GL_UNSIGNED_BYTE, GL_RGB, VK_FORMAT_R8G8B8A8_UNORM,
		{ VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_G, VK_COMPONENT_SWIZZLE_B,
		  VK_COMPONENT_SWIZZLE_ONE },
		VGL_CONV_COPY, 4, 4, false, true, { 8, 8, 8, 0, 0, 0 }, 0, 0 };

	return &etc1;
}

size_t vgl_etc1_size(uint32_t w, uint32_t h)
{
	return (size_t)((w + 3) / 4) * ((h + 3) / 4) * 8;
}

/* The intensity modifiers of the eight codeword tables (the larger
 * magnitude second); a pixel index picks +small, +large, -small, -large. */
static const int modifiers[8][2] = {
	{ 2, 8 }, { 5, 17 }, { 9, 29 }, { 13, 42 }, { 18, 60 }, { 24, 80 }, { 33, 106 }, { 47, 183 },
};

static uint32_t bits(uint64_t b, int lo, int n)
{
	return (uint32_t)(b >> lo) & ((1u << n) - 1);
}

/* The two sub-block base colours: 4-bit pairs, or a 5-bit base and a 3-bit
 * signed difference ("differential" mode, bit 33). */
static void base_colours(uint64_t b, int base[2][3])
{
	for (int c = 0; c < 3; c++) {
		int hi = 63 - 8 * c;   /* R at bits 63..56, G 55..48, B 47..40 */

		if (bits(b, 33, 1)) {
			int v = (int)bits(b, hi - 4, 5);
			int d = (int)bits(b, hi - 7, 3);
			int v2 = (v + (d >= 4 ? d - 8 : d)) & 31;

			base[0][c] = v << 3 | v >> 2;
			base[1][c] = v2 << 3 | v2 >> 2;
		} else {
			int v = (int)bits(b, hi - 3, 4), v2 = (int)bits(b, hi - 7, 4);

			base[0][c] = v << 4 | v;
			base[1][c] = v2 << 4 | v2;
		}
	}
}

static uint8_t clamp255(int v)
{
	return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

/* A pixel's modifier: index bit 1 the sign, bit 0 the larger magnitude;
 * a punch-through block without its opaque bit has no small modifier. */
static int modifier(int table, uint32_t idx, bool non_opaque)
{
	int m = modifiers[table][idx & 1];

	if (non_opaque && !(idx & 1))
		return 0;
	return idx & 2 ? -m : m;
}

void vgl_etc1_block(uint64_t b, bool punchthrough, uint8_t texels[16][4])
{
	int base[2][3];
	bool flip = bits(b, 32, 1), non_opaque = punchthrough && !bits(b, 33, 1);

	/* punch-through blocks are always differential: bit 33 is their opaque bit */
	base_colours(punchthrough ? b | 1ull << 33 : b, base);
	for (uint32_t x = 0; x < 4; x++)
		for (uint32_t y = 0; y < 4; y++) {
			uint32_t i = x * 4 + y;   /* pixels are numbered down the columns */
			uint32_t sub = flip ? y >= 2 : x >= 2;
			uint32_t idx = bits(b, 16 + (int)i, 1) << 1 | bits(b, (int)i, 1);
			int m = modifier((int)bits(b, sub ? 34 : 37, 3), idx, non_opaque);
			uint8_t *t = texels[y * 4 + x];

			for (int c = 0; c < 3; c++)
				t[c] = clamp255(base[sub][c] + m);
			t[3] = 255;
			if (non_opaque && idx == 2)
				memset(t, 0, 4);
		}
}

uint64_t vgl_etc1_word(const uint8_t *src)
{
	uint64_t b = 0;

	for (int k = 0; k < 8; k++)
		b = b << 8 | src[k];   /* blocks are big-endian 64-bit words */
	return b;
}

void vgl_etc1_decode(const uint8_t *src, uint32_t w, uint32_t h, uint8_t *rgba)
{
	uint8_t t[16][4];

	for (uint32_t by = 0; by < h; by += 4)
		for (uint32_t bx = 0; bx < w; bx += 4, src += 8) {
			vgl_etc1_block(vgl_etc1_word(src), false, t);
			vgl_etc_store(t, 4, rgba, w, h, bx, by);
		}
}

void vgl_etc_store(const void *texels, uint32_t bpp, uint8_t *image, uint32_t w, uint32_t h,
		   uint32_t x0, uint32_t y0)
{
	for (uint32_t y = 0; y < 4 && y0 + y < h; y++)
		for (uint32_t x = 0; x < 4 && x0 + x < w; x++)
			memcpy(image + ((size_t)(y0 + y) * w + x0 + x) * bpp,
			       (const uint8_t *)texels + (y * 4 + x) * bpp, bpp);
}
