/* SPDX-License-Identifier: MIT */
/* ETC2 and EAC decoding (vgl_etc2.h), after ES 3.0 appendix C. */
#include "vgl_etc2.h"

#include <string.h>

#include "vgl_etc1.h"

enum layout { RGB, PUNCH, RGBA_EAC, R11, RG11 };

#define ID { VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY, \
	     VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY }
#define RGB1 { VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_G, VK_COMPONENT_SWIZZLE_B, \
	       VK_COMPONENT_SWIZZLE_ONE }
#define FMT(i, base, vk, swz, bpp, r, g, b, a) \
	{ i, GL_RGBA, GL_UNSIGNED_BYTE, base, VK_FORMAT_##vk, swz, VGL_CONV_COPY, bpp, bpp, \
	  false, true, { r, g, b, a, 0, 0 }, 0, 0 }

static const struct etc2 {
	enum layout layout;
	bool is_signed;
	struct vgl_pixel_format fmt;
} formats[] = {
	{ RGB, false, FMT(GL_COMPRESSED_RGB8_ETC2, GL_RGB, R8G8B8A8_UNORM, RGB1, 4, 8, 8, 8, 0) },
	{ RGB, false, FMT(GL_COMPRESSED_SRGB8_ETC2, GL_RGB, R8G8B8A8_SRGB, RGB1, 4, 8, 8, 8, 0) },
	{ PUNCH, false, FMT(GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_RGBA, R8G8B8A8_UNORM, ID,
			    4, 8, 8, 8, 1) },
	{ PUNCH, false, FMT(GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, GL_RGBA, R8G8B8A8_SRGB, ID,
			    4, 8, 8, 8, 1) },
	{ RGBA_EAC, false, FMT(GL_COMPRESSED_RGBA8_ETC2_EAC, GL_RGBA, R8G8B8A8_UNORM, ID, 4,
			       8, 8, 8, 8) },
	{ RGBA_EAC, false, FMT(GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, GL_RGBA, R8G8B8A8_SRGB, ID, 4,
			       8, 8, 8, 8) },
	{ R11, false, FMT(GL_COMPRESSED_R11_EAC, GL_RED, R16_UNORM, ID, 2, 11, 0, 0, 0) },
	{ R11, true, FMT(GL_COMPRESSED_SIGNED_R11_EAC, GL_RED, R16_SNORM, ID, 2, 11, 0, 0, 0) },
	{ RG11, false, FMT(GL_COMPRESSED_RG11_EAC, GL_RG, R16G16_UNORM, ID, 4, 11, 11, 0, 0) },
	{ RG11, true, FMT(GL_COMPRESSED_SIGNED_RG11_EAC, GL_RG, R16G16_SNORM, ID, 4, 11, 11, 0, 0) },
};

static const struct etc2 *lookup(GLenum internal)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++)
		if (formats[i].fmt.internal_format == internal)
			return &formats[i];
	return NULL;
}

const struct vgl_pixel_format *vgl_etc2_format(GLenum internal)
{
	const struct etc2 *e = lookup(internal);

	return e ? &e->fmt : NULL;
}

static uint32_t block_bytes(const struct etc2 *e)
{
	return e->layout == RGBA_EAC || e->layout == RG11 ? 16 : 8;
}

size_t vgl_etc2_size(GLenum internal, uint32_t w, uint32_t h)
{
	const struct etc2 *e = lookup(internal);

	return e ? (size_t)((w + 3) / 4) * ((h + 3) / 4) * block_bytes(e) : 0;
}

/* ---- ETC2 RGB: the T, H and planar modes beside ETC1's two ------------------------------- */

static const int distances[8] = { 3, 6, 11, 16, 23, 32, 41, 64 };

static uint8_t clamp255(int v)
{
	return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

/* Whether a differential base (5 bits) plus its 3-bit signed difference leaves 0..31. */
static bool overflows(uint8_t v)
{
	int d = v & 7, s = (v >> 3) + (d >= 4 ? d - 8 : d);

	return s < 0 || s > 31;
}

static int ext4(int v)
{
	return v << 4 | v;
}

/* T mode's two colours (4 bits a channel, R1 split around the overflow). */
static void t_colours(const uint8_t *p, int c[2][3], int *dist)
{
	int r1 = ((p[0] >> 3) & 3) << 2 | (p[0] & 3);
	int one[3] = { r1, p[1] >> 4, p[1] & 15 }, two[3] = { p[2] >> 4, p[2] & 15, p[3] >> 4 };

	for (int k = 0; k < 3; k++) {
		c[0][k] = ext4(one[k]);
		c[1][k] = ext4(two[k]);
	}
	*dist = distances[((p[3] >> 2) & 3) << 1 | (p[3] & 1)];
}

/* H mode's two colours; the distance's lowest bit is their order. */
static void h_colours(const uint8_t *p, int c[2][3], int *dist)
{
	int one[3] = { (p[0] >> 3) & 15, (p[0] & 7) << 1 | ((p[1] >> 4) & 1),
		       (p[1] & 8) | (p[1] & 3) << 1 | p[2] >> 7 };
	int two[3] = { (p[2] >> 3) & 15, (p[2] & 7) << 1 | p[3] >> 7, (p[3] >> 3) & 15 };

	for (int k = 0; k < 3; k++) {
		c[0][k] = ext4(one[k]);
		c[1][k] = ext4(two[k]);
	}
	*dist = distances[(p[3] & 4) | (p[3] & 1) << 1 |
			  ((c[0][0] << 16 | c[0][1] << 8 | c[0][2]) >=
			   (c[1][0] << 16 | c[1][1] << 8 | c[1][2]))];
}

/* The four paint colours a pixel index picks in T or H mode. */
static void paint_colours(bool t_mode, const int c[2][3], int d, uint8_t paint[4][3])
{
	for (int k = 0; k < 3; k++) {
		paint[0][k] = clamp255(t_mode ? c[0][k] : c[0][k] + d);
		paint[1][k] = clamp255(t_mode ? c[1][k] + d : c[0][k] - d);
		paint[2][k] = clamp255(t_mode ? c[1][k] : c[1][k] + d);
		paint[3][k] = clamp255(c[1][k] - d);
	}
}

static void paint_block(const uint8_t *p, bool t_mode, bool non_opaque, uint8_t t[16][4])
{
	uint64_t b = vgl_etc1_word(p);
	uint8_t paint[4][3];
	int c[2][3], d;

	if (t_mode)
		t_colours(p, c, &d);
	else
		h_colours(p, c, &d);
	paint_colours(t_mode, c, d, paint);
	for (uint32_t x = 0; x < 4; x++)
		for (uint32_t y = 0; y < 4; y++) {
			uint32_t i = x * 4 + y;   /* numbered down the columns, as in ETC1 */
			uint32_t idx = (uint32_t)(b >> (16 + i) & 1) << 1 | (uint32_t)(b >> i & 1);
			uint8_t *o = t[y * 4 + x];

			memcpy(o, paint[idx], 3);
			o[3] = 255;
			if (non_opaque && idx == 2)
				memset(o, 0, 4);
		}
}

/* Planar mode: colours at the origin, at x = 4 (H) and at y = 4 (V),
 * 6/7/6 bits, interpolated. */
static void planar_block(const uint8_t *p, uint8_t t[16][4])
{
	int v[3][3] = {
		{ (p[0] >> 1) & 63, (p[0] & 1) << 6 | ((p[1] >> 1) & 63),
		  (p[1] & 1) << 5 | (p[2] & 0x18) | (p[2] & 3) << 1 | p[3] >> 7 },
		{ ((p[3] & 0x7c) >> 1) | (p[3] & 1), (p[4] >> 1) & 127,
		  (p[4] & 1) << 5 | ((p[5] >> 3) & 31) },
		{ (p[5] & 7) << 3 | ((p[6] >> 5) & 7), (p[6] & 31) << 2 | ((p[7] >> 6) & 3),
		  p[7] & 63 },
	};

	for (int k = 0; k < 3; k++)
		for (int c = 0; c < 3; c++)
			v[k][c] = c == 1 ? (v[k][c] << 1 | v[k][c] >> 6) : (v[k][c] << 2 | v[k][c] >> 4);
	for (int y = 0; y < 4; y++)
		for (int x = 0; x < 4; x++) {
			for (int c = 0; c < 3; c++)
				t[y * 4 + x][c] = clamp255((x * (v[1][c] - v[0][c]) +
							    y * (v[2][c] - v[0][c]) + 4 * v[0][c] + 2) >> 2);
			t[y * 4 + x][3] = 255;
		}
}

/* One ETC2 RGB block; in differential mode an overflowing red, green or
 * blue base selects T, H or planar mode. */
static void rgb_block(const uint8_t *p, bool punch, uint8_t t[16][4])
{
	bool non_opaque = punch && !(p[3] & 2);

	if (punch || (p[3] & 2)) {
		if (overflows(p[0]) || overflows(p[1])) {
			paint_block(p, overflows(p[0]), non_opaque, t);
			return;
		}
		if (overflows(p[2])) {
			planar_block(p, t);
			return;
		}
	}
	vgl_etc1_block(vgl_etc1_word(p), punch, t);
}

/* ---- EAC ------------------------------------------------------------------------------------ */

static const int eac_modifiers[16][8] = {
	{ -3, -6, -9, -15, 2, 5, 8, 14 }, { -3, -7, -10, -13, 2, 6, 9, 12 },
	{ -2, -5, -8, -13, 1, 4, 7, 12 }, { -2, -4, -6, -13, 1, 3, 5, 12 },
	{ -3, -6, -8, -12, 2, 5, 7, 11 }, { -3, -7, -9, -11, 2, 6, 8, 10 },
	{ -4, -7, -8, -11, 3, 6, 7, 10 }, { -3, -5, -8, -11, 2, 4, 7, 10 },
	{ -2, -6, -8, -10, 1, 5, 7, 9 }, { -2, -5, -8, -10, 1, 4, 7, 9 },
	{ -2, -4, -8, -10, 1, 3, 7, 9 }, { -2, -5, -7, -10, 1, 4, 6, 9 },
	{ -3, -4, -7, -10, 2, 3, 6, 9 }, { -1, -2, -3, -10, 0, 1, 2, 9 },
	{ -4, -6, -8, -9, 3, 5, 7, 8 }, { -3, -5, -7, -9, 2, 4, 6, 8 },
};

/* The modifier of pixel (x, y): 3-bit indices, big-endian, down the columns. */
static int eac_modifier(const uint8_t *p, int x, int y)
{
	uint64_t bits = 0;

	for (int k = 2; k < 8; k++)
		bits = bits << 8 | p[k];
	return eac_modifiers[p[1] & 15][(bits >> (45 - 3 * (x * 4 + y))) & 7];
}

/* EAC alpha: 8 bits. */
static void eac8_block(const uint8_t *p, uint8_t t[16][4])
{
	int mul = p[1] >> 4;

	for (int y = 0; y < 4; y++)
		for (int x = 0; x < 4; x++)
			t[y * 4 + x][3] = clamp255(p[0] + eac_modifier(p, x, y) * mul);
}

/* 11 bits widened to 16 by repeating the top bits (ES 3.0 §C.1.4 allows any
 * widening that keeps the 11); signed values as magnitude and sign. */
static uint16_t widen11(int v, bool is_signed)
{
	int m = v < 0 ? -v : v;

	if (!is_signed)
		return (uint16_t)(v << 5 | v >> 6);
	m = m << 5 | m >> 5;
	return (uint16_t)(v < 0 ? -m : m);
}

/* EAC R11: one channel of 16 texels, every `stride` uint16s of out. */
static void eac11_block(const uint8_t *p, bool is_signed, uint16_t *out, int stride)
{
	int base = is_signed ? ((int8_t)p[0] == -128 ? -127 : (int8_t)p[0]) * 8 : p[0] * 8 + 4;
	int mul = p[1] >> 4, lo = is_signed ? -1023 : 0, hi = is_signed ? 1023 : 2047;

	for (int y = 0; y < 4; y++)
		for (int x = 0; x < 4; x++) {
			int m = eac_modifier(p, x, y), v = base + (mul ? m * mul * 8 : m);

			v = v < lo ? lo : v > hi ? hi : v;
			out[(y * 4 + x) * stride] = widen11(v, is_signed);
		}
}

/* ---- images --------------------------------------------------------------------------------- */

/* One block into 16 texels of the stored format. */
static void decode_block(const struct etc2 *e, const uint8_t *p, uint8_t *texels)
{
	uint8_t (*t)[4] = (uint8_t (*)[4])texels;
	uint16_t *u = (uint16_t *)texels;

	switch (e->layout) {
	case RGB: rgb_block(p, false, t); break;
	case PUNCH: rgb_block(p, true, t); break;
	case RGBA_EAC:
		rgb_block(p + 8, false, t);
		eac8_block(p, t);
		break;
	case R11: eac11_block(p, e->is_signed, u, 1); break;
	case RG11:
		eac11_block(p, e->is_signed, u, 2);
		eac11_block(p + 8, e->is_signed, u + 1, 2);
		break;
	}
}

void vgl_etc2_decode(GLenum internal, const uint8_t *src, uint32_t w, uint32_t h, void *dst)
{
	const struct etc2 *e = lookup(internal);
	uint16_t texels[16 * 2];   /* the largest block: 16 texels of 4 bytes */

	if (!e)
		return;
	for (uint32_t by = 0; by < h; by += 4)
		for (uint32_t bx = 0; bx < w; bx += 4, src += block_bytes(e)) {
			decode_block(e, src, (uint8_t *)texels);
			vgl_etc_store(texels, e->fmt.dst_bpp, dst, w, h, bx, by);
		}
}
