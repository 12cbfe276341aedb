/* SPDX-License-Identifier: MIT */
/* Texel layouts and their conversions (vgl_pixel_codec.h). */
#include "vgl_pixel_codec.h"

#include <math.h>
#include <string.h>

#include "vgl_extensions.h"

/* element types of array layouts */
enum { EL_U8, EL_S8, EL_U16, EL_S16, EL_U32, EL_S32, EL_F16, EL_F32 };

/* packed layouts: PK_NONE is an array of elements */
enum {
	PK_NONE,
	PK_4444, PK_5551, PK_1555, PK_565, PK_2101010,  /* fields of one word: `fields` */
	PK_11_11_10F, PK_999E5,                          /* unsigned floats */
	PK_D24X8, PK_S8D24, PK_D32FS8,                   /* depth (and stencil) */
};

/* bytes of an element; a macro, not a table, because the format table's
 * static initializers need it as a constant expression (ISO C; GCC folds a
 * const array there as an extension, clang does not) */
#define EL_BYTES(el) ((el) <= EL_S8 ? 1 : (el) <= EL_S16 || (el) == EL_F16 ? 2 : 4)

/* RGBA's fields of the fixed-point packed words: shift and width (0: absent). */
static const struct packed {
	uint8_t bytes;
	uint8_t shift[4], bits[4];
} fields[] = {
	[PK_4444] = { 2, { 12, 8, 4, 0 }, { 4, 4, 4, 4 } },
	[PK_5551] = { 2, { 11, 6, 1, 0 }, { 5, 5, 5, 1 } },
	[PK_1555] = { 2, { 10, 5, 0, 15 }, { 5, 5, 5, 1 } },
	[PK_565] = { 2, { 11, 5, 0, 0 }, { 5, 6, 5, 0 } },
	[PK_2101010] = { 4, { 0, 10, 20, 30 }, { 10, 10, 10, 2 } },
};

/* ---- half and small unsigned floats --------------------------------------------------------- */

/* IEEE half from float, round to nearest even (ties up in the normal range). */
uint16_t vgl_half_from_float(float v)
{
	uint32_t x, sign, exp, mant;

	memcpy(&x, &v, 4);
	sign = (x >> 16) & 0x8000;
	exp = (x >> 23) & 0xff;
	mant = x & 0x7fffff;
	if (exp == 0xff)
		return (uint16_t)(sign | 0x7c00 | (mant ? 0x200 : 0));
	if (exp > 142)
		return (uint16_t)(sign | 0x7c00);
	if (exp < 113) {
		if (exp < 103)
			return (uint16_t)sign;
		mant |= 0x800000;
		return (uint16_t)(sign | ((mant >> (126 - exp)) + ((mant >> (125 - exp)) & 1)));
	}
	x = sign | (exp - 112) << 10 | mant >> 13;
	return (uint16_t)(x + ((mant >> 12) & 1));
}

/* A float of `mbits` mantissa bits and a 5-bit exponent biased by 15
 * (half, and the 11/10-bit unsigned floats). */
static float small_float(uint32_t e, uint32_t m, int mbits)
{
	if (e == 31)
		return m ? NAN : INFINITY;
	if (e == 0)
		return ldexpf((float)m, -14 - mbits);
	return ldexpf((float)(m | 1u << mbits), (int)e - 15 - mbits);
}

float vgl_half_to_float(uint16_t h)
{
	float v = small_float((h >> 10) & 31, h & 1023, 10);

	return h & 0x8000 ? -v : v;
}

/* An unsigned float of `mbits` mantissa bits: a positive half, rounded;
 * negatives are 0, finite values too large the largest finite one. */
static uint32_t ufloat_from_float(float v, int mbits)
{
	uint32_t shift = (uint32_t)(10 - mbits), max = (31u << mbits) - 1;
	uint32_t h, r;

	if (isnan(v))
		return (31u << mbits) | 1;
	if (!(v > 0))
		return 0;
	h = vgl_half_from_float(v);
	r = (h + (1u << (shift - 1))) >> shift;
	return isinf(v) || r <= max ? r : max;
}

static float ufloat_to_float(uint32_t v, int mbits)
{
	return small_float(v >> mbits, v & ((1u << mbits) - 1), mbits);
}

/* ---- RGB9_E5 (EXT_texture_shared_exponent's rules) ---------------------------------------- */

static float clamp_999e5(float v)
{
	const float max = 65408.0f;   /* (2^9 - 1) / 2^9 * 2^(31 - 15) */

	return v > 0 ? (v < max ? v : max) : 0;   /* NaN too: 0 */
}

static uint32_t encode_999e5(const float rgb[3])
{
	float c[3] = { clamp_999e5(rgb[0]), clamp_999e5(rgb[1]), clamp_999e5(rgb[2]) };
	float m = fmaxf(c[0], fmaxf(c[1], c[2]));
	int e2 = -16;
	uint32_t out;

	if (m >= ldexpf(1, -16)) {
		frexpf(m, &e2);
		e2 -= 1;                       /* floor(log2(m)) */
	}
	e2 += 16;                              /* + 1 + bias */
	if ((uint32_t)floorf(m / ldexpf(1, e2 - 24) + 0.5f) == 512)
		e2++;
	out = (uint32_t)e2 << 27;
	for (int k = 0; k < 3; k++)
		out |= ((uint32_t)floorf(c[k] / ldexpf(1, e2 - 24) + 0.5f) & 511) << (9 * k);
	return out;
}

static void decode_999e5(uint32_t v, float rgb[3])
{
	int e = (int)(v >> 27);

	for (int k = 0; k < 3; k++)
		rgb[k] = ldexpf((float)((v >> (9 * k)) & 511), e - 24);
}

/* ---- layouts -------------------------------------------------------------------------------- */

static bool is_int(uint8_t kind)
{
	return kind == VGL_TEXEL_UINT || kind == VGL_TEXEL_SINT;
}

/* The kind of an element of normalized or integer data. */
static uint8_t el_kind(uint8_t el, bool integer)
{
	bool s = el == EL_S8 || el == EL_S16 || el == EL_S32;

	if (el == EL_F16 || el == EL_F32)
		return VGL_TEXEL_FLOAT;
	if (integer)
		return s ? VGL_TEXEL_SINT : VGL_TEXEL_UINT;
	return s ? VGL_TEXEL_SNORM : VGL_TEXEL_UNORM;
}

/* Components of a GL format: count, the channel of each, integer data. */
static bool gl_components(GLenum format, struct vgl_codec *c, bool *integer)
{
	static const struct { GLenum f; uint8_t n, map[4]; bool integer; } t[] = {
		{ GL_RED, 1, { 0 }, false }, { GL_RG, 2, { 0, 1 }, false },
		{ GL_RGB, 3, { 0, 1, 2 }, false }, { GL_RGBA, 4, { 0, 1, 2, 3 }, false },
		{ GL_RED_INTEGER, 1, { 0 }, true }, { GL_RG_INTEGER, 2, { 0, 1 }, true },
		{ GL_RGB_INTEGER, 3, { 0, 1, 2 }, true }, { GL_RGBA_INTEGER, 4, { 0, 1, 2, 3 }, true },
		{ GL_BGRA_EXT, 4, { 2, 1, 0, 3 }, false }, { GL_LUMINANCE, 1, { 0 }, false },
		{ GL_ALPHA, 1, { 3 }, false }, { GL_LUMINANCE_ALPHA, 2, { 0, 3 }, false },
		{ GL_DEPTH_COMPONENT, 1, { 0 }, false }, { GL_DEPTH_STENCIL, 2, { 0, 1 }, false },
	};

	for (size_t k = 0; k < sizeof(t) / sizeof(t[0]); k++)
		if (t[k].f == format) {
			c->n = t[k].n;
			memcpy(c->map, t[k].map, 4);
			*integer = t[k].integer;
			return true;
		}
	return false;
}

/* The element type of an array type, or the packing of a packed one. */
static bool gl_type(GLenum type, struct vgl_codec *c)
{
	static const struct { GLenum t; uint8_t el, pack; } t[] = {
		{ GL_UNSIGNED_BYTE, EL_U8, PK_NONE }, { GL_BYTE, EL_S8, PK_NONE },
		{ GL_UNSIGNED_SHORT, EL_U16, PK_NONE }, { GL_SHORT, EL_S16, PK_NONE },
		{ GL_UNSIGNED_INT, EL_U32, PK_NONE }, { GL_INT, EL_S32, PK_NONE },
		{ GL_HALF_FLOAT, EL_F16, PK_NONE }, { GL_HALF_FLOAT_OES, EL_F16, PK_NONE },
		{ GL_FLOAT, EL_F32, PK_NONE },
		{ GL_UNSIGNED_SHORT_4_4_4_4, 0, PK_4444 }, { GL_UNSIGNED_SHORT_5_5_5_1, 0, PK_5551 },
		{ GL_UNSIGNED_SHORT_5_6_5, 0, PK_565 },
		{ GL_UNSIGNED_INT_2_10_10_10_REV, 0, PK_2101010 },
		{ GL_UNSIGNED_INT_10F_11F_11F_REV, 0, PK_11_11_10F },
		{ GL_UNSIGNED_INT_5_9_9_9_REV, 0, PK_999E5 },
		{ GL_UNSIGNED_INT_24_8, 0, PK_S8D24 },
		{ GL_FLOAT_32_UNSIGNED_INT_24_8_REV, 0, PK_D32FS8 },
	};

	for (size_t k = 0; k < sizeof(t) / sizeof(t[0]); k++)
		if (t[k].t == type) {
			c->el = t[k].el;
			c->pack = t[k].pack;
			return true;
		}
	return false;
}

static uint8_t pack_bytes(uint8_t pack)
{
	if (pack <= PK_2101010)
		return fields[pack].bytes;
	return pack == PK_D32FS8 ? 8 : 4;
}

static uint8_t pack_kind(uint8_t pack, bool integer)
{
	if (pack == PK_11_11_10F || pack == PK_999E5 || pack == PK_D32FS8)
		return VGL_TEXEL_FLOAT;
	return integer ? VGL_TEXEL_UINT : VGL_TEXEL_UNORM;
}

bool vgl_codec_gl(GLenum format, GLenum type, struct vgl_codec *out)
{
	struct vgl_codec c = { 0 };
	bool integer;

	if (!gl_components(format, &c, &integer) || !gl_type(type, &c))
		return false;
	if (c.pack) {
		c.n = 4;
		memcpy(c.map, (const uint8_t[]){ 0, 1, 2, 3 }, 4);
		c.bpp = pack_bytes(c.pack);
		c.kind = pack_kind(c.pack, integer);
	} else {
		c.bpp = (uint8_t)(c.n * EL_BYTES(c.el));
		c.kind = el_kind(c.el, integer);
	}
	*out = c;
	return true;
}

#define ARR(vk, el, n, kind) { vk, { PK_NONE, el, n, (n) * EL_BYTES(el), { 0, 1, 2, 3 }, kind } }
#define PKD(vk, pack, bytes, kind) { vk, { pack, 0, 4, bytes, { 0, 1, 2, 3 }, kind } }
#define U VGL_TEXEL_UNORM
#define S VGL_TEXEL_SNORM
#define FL VGL_TEXEL_FLOAT
#define UI VGL_TEXEL_UINT
#define SI VGL_TEXEL_SINT

static const struct { VkFormat vk; struct vgl_codec c; } images[] = {
	ARR(VK_FORMAT_R8_UNORM, EL_U8, 1, U), ARR(VK_FORMAT_R8_SNORM, EL_S8, 1, S),
	ARR(VK_FORMAT_R8_UINT, EL_U8, 1, UI), ARR(VK_FORMAT_R8_SINT, EL_S8, 1, SI),
	ARR(VK_FORMAT_R8_SRGB, EL_U8, 1, U),
	ARR(VK_FORMAT_R8G8_UNORM, EL_U8, 2, U), ARR(VK_FORMAT_R8G8_SNORM, EL_S8, 2, S),
	ARR(VK_FORMAT_R8G8_UINT, EL_U8, 2, UI), ARR(VK_FORMAT_R8G8_SINT, EL_S8, 2, SI),
	ARR(VK_FORMAT_R8G8B8A8_UNORM, EL_U8, 4, U), ARR(VK_FORMAT_R8G8B8A8_SNORM, EL_S8, 4, S),
	ARR(VK_FORMAT_R8G8B8A8_UINT, EL_U8, 4, UI), ARR(VK_FORMAT_R8G8B8A8_SINT, EL_S8, 4, SI),
	ARR(VK_FORMAT_R8G8B8A8_SRGB, EL_U8, 4, U),
	{ VK_FORMAT_B8G8R8A8_UNORM, { PK_NONE, EL_U8, 4, 4, { 2, 1, 0, 3 }, U } },
	{ VK_FORMAT_B8G8R8A8_SRGB, { PK_NONE, EL_U8, 4, 4, { 2, 1, 0, 3 }, U } },
	ARR(VK_FORMAT_R16_UNORM, EL_U16, 1, U), ARR(VK_FORMAT_R16_SNORM, EL_S16, 1, S),
	ARR(VK_FORMAT_R16_UINT, EL_U16, 1, UI), ARR(VK_FORMAT_R16_SINT, EL_S16, 1, SI),
	ARR(VK_FORMAT_R16_SFLOAT, EL_F16, 1, FL),
	ARR(VK_FORMAT_R16G16_UNORM, EL_U16, 2, U), ARR(VK_FORMAT_R16G16_SNORM, EL_S16, 2, S),
	ARR(VK_FORMAT_R16G16_UINT, EL_U16, 2, UI), ARR(VK_FORMAT_R16G16_SINT, EL_S16, 2, SI),
	ARR(VK_FORMAT_R16G16_SFLOAT, EL_F16, 2, FL),
	ARR(VK_FORMAT_R16G16B16A16_UNORM, EL_U16, 4, U),
	ARR(VK_FORMAT_R16G16B16A16_SNORM, EL_S16, 4, S),
	ARR(VK_FORMAT_R16G16B16A16_UINT, EL_U16, 4, UI),
	ARR(VK_FORMAT_R16G16B16A16_SINT, EL_S16, 4, SI),
	ARR(VK_FORMAT_R16G16B16A16_SFLOAT, EL_F16, 4, FL),
	ARR(VK_FORMAT_R32_UINT, EL_U32, 1, UI), ARR(VK_FORMAT_R32_SINT, EL_S32, 1, SI),
	ARR(VK_FORMAT_R32_SFLOAT, EL_F32, 1, FL),
	ARR(VK_FORMAT_R32G32_UINT, EL_U32, 2, UI), ARR(VK_FORMAT_R32G32_SINT, EL_S32, 2, SI),
	ARR(VK_FORMAT_R32G32_SFLOAT, EL_F32, 2, FL),
	ARR(VK_FORMAT_R32G32B32A32_UINT, EL_U32, 4, UI),
	ARR(VK_FORMAT_R32G32B32A32_SINT, EL_S32, 4, SI),
	ARR(VK_FORMAT_R32G32B32A32_SFLOAT, EL_F32, 4, FL),
	PKD(VK_FORMAT_R4G4B4A4_UNORM_PACK16, PK_4444, 2, U),
	PKD(VK_FORMAT_A1R5G5B5_UNORM_PACK16, PK_1555, 2, U),
	PKD(VK_FORMAT_R5G6B5_UNORM_PACK16, PK_565, 2, U),
	PKD(VK_FORMAT_A2B10G10R10_UNORM_PACK32, PK_2101010, 4, U),
	PKD(VK_FORMAT_A2B10G10R10_UINT_PACK32, PK_2101010, 4, UI),
	PKD(VK_FORMAT_B10G11R11_UFLOAT_PACK32, PK_11_11_10F, 4, FL),
	PKD(VK_FORMAT_E5B9G9R9_UFLOAT_PACK32, PK_999E5, 4, FL),
	ARR(VK_FORMAT_D16_UNORM, EL_U16, 1, U),
	PKD(VK_FORMAT_X8_D24_UNORM_PACK32, PK_D24X8, 4, U),
	ARR(VK_FORMAT_D32_SFLOAT, EL_F32, 1, FL),
	PKD(VK_FORMAT_D24_UNORM_S8_UINT, PK_S8D24, 4, U),
	PKD(VK_FORMAT_D32_SFLOAT_S8_UINT, PK_D32FS8, 8, FL),
};

bool vgl_codec_vk(VkFormat format, struct vgl_codec *out)
{
	for (size_t k = 0; k < sizeof(images) / sizeof(images[0]); k++)
		if (images[k].vk == format) {
			*out = images[k].c;
			return true;
		}
	return false;
}

/* ---- decoding ------------------------------------------------------------------------------- */

static float norm_of(int64_t v, double max)
{
	double f = (double)v / max;

	return (float)(f < -1.0 ? -1.0 : f);
}

/* One element into channel ch of t. */
static void get_el(uint8_t el, uint8_t kind, const uint8_t *p, union vgl_texel *t, int ch)
{
	static const double max[] = { 255.0, 127.0, 65535.0, 32767.0, 4294967295.0, 2147483647.0 };
	int64_t v = 0;

	switch (el) {
	case EL_U8: v = p[0]; break;
	case EL_S8: v = (int8_t)p[0]; break;
	case EL_U16: { uint16_t x; memcpy(&x, p, 2); v = x; break; }
	case EL_S16: { int16_t x; memcpy(&x, p, 2); v = x; break; }
	case EL_U32: { uint32_t x; memcpy(&x, p, 4); v = x; break; }
	case EL_S32: { int32_t x; memcpy(&x, p, 4); v = x; break; }
	case EL_F16: { uint16_t x; memcpy(&x, p, 2); t->f[ch] = vgl_half_to_float(x); return; }
	default: memcpy(&t->f[ch], p, 4); return;
	}
	if (is_int(kind))
		t->i[ch] = (int32_t)v;
	else
		t->f[ch] = norm_of(v, max[el]);
}

static void get_fields(const struct vgl_codec *c, uint32_t w, union vgl_texel *t)
{
	const struct packed *pk = &fields[c->pack];

	for (int ch = 0; ch < 4; ch++) {
		uint32_t max = (1u << pk->bits[ch]) - 1, v = (w >> pk->shift[ch]) & max;

		if (!pk->bits[ch])
			continue;
		if (c->kind == VGL_TEXEL_UINT)
			t->u[ch] = v;
		else
			t->f[ch] = (float)v / (float)max;
	}
}

/* A packed texel (the word read little-endian, as the host and GL store it). */
static void get_packed(const struct vgl_codec *c, const uint8_t *p, union vgl_texel *t)
{
	uint32_t w = 0;

	memcpy(&w, p, c->pack == PK_D32FS8 ? 4 : c->bpp);
	if (c->bpp == 2)
		w &= 0xffff;
	switch (c->pack) {
	case PK_11_11_10F:
		t->f[0] = ufloat_to_float(w & 0x7ff, 6);
		t->f[1] = ufloat_to_float((w >> 11) & 0x7ff, 6);
		t->f[2] = ufloat_to_float(w >> 22, 5);
		return;
	case PK_999E5: decode_999e5(w, t->f); return;
	case PK_D24X8: t->f[0] = (float)((double)(w & 0xffffff) / 16777215.0); return;
	case PK_S8D24:
		t->f[0] = (float)((double)(w >> 8) / 16777215.0);
		t->u[1] = w & 0xff;
		return;
	case PK_D32FS8:
		memcpy(&t->f[0], p, 4);
		t->u[1] = p[4];
		return;
	}
	get_fields(c, w, t);
}

static void defaults(const struct vgl_codec *c, union vgl_texel *t)
{
	memset(t, 0, sizeof(*t));
	if (is_int(c->kind))
		t->u[3] = 1;
	else
		t->f[3] = 1.0f;
}

void vgl_codec_decode(const struct vgl_codec *c, const void *src, union vgl_texel *dst,
		      uint32_t n)
{
	const uint8_t *p = src;

	for (uint32_t i = 0; i < n; i++, p += c->bpp) {
		defaults(c, &dst[i]);
		if (c->pack) {
			get_packed(c, p, &dst[i]);
			continue;
		}
		for (int k = 0; k < c->n; k++)
			get_el(c->el, c->kind, p + k * EL_BYTES(c->el), &dst[i], c->map[k]);
	}
}

/* ---- encoding ------------------------------------------------------------------------------- */

/* A normalized channel as the integer of `max`, rounded (snorm: signed). */
static int64_t norm_to(float f, double max, bool is_signed)
{
	double lo = is_signed ? -1.0 : 0.0, v = f;

	if (isnan(f))
		return 0;
	v = v < lo ? lo : v > 1.0 ? 1.0 : v;
	return (int64_t)floor(v * max + 0.5);
}

static void put_el(uint8_t el, uint8_t kind, const union vgl_texel *t, int ch, uint8_t *p)
{
	static const double max[] = { 255.0, 127.0, 65535.0, 32767.0, 4294967295.0, 2147483647.0 };
	int64_t v;

	if (el == EL_F16) {
		uint16_t h = vgl_half_from_float(t->f[ch]);

		memcpy(p, &h, 2);
		return;
	}
	if (el == EL_F32) {
		memcpy(p, &t->f[ch], 4);
		return;
	}
	v = is_int(kind) ? (kind == VGL_TEXEL_SINT ? t->i[ch] : (int64_t)t->u[ch])
			 : norm_to(t->f[ch], max[el], kind == VGL_TEXEL_SNORM);
	switch (EL_BYTES(el)) {
	case 1: p[0] = (uint8_t)v; break;
	case 2: { uint16_t x = (uint16_t)v; memcpy(p, &x, 2); break; }
	default: { uint32_t x = (uint32_t)v; memcpy(p, &x, 4); break; }
	}
}

static uint32_t put_fields(const struct vgl_codec *c, const union vgl_texel *t)
{
	const struct packed *pk = &fields[c->pack];
	uint32_t w = 0;

	for (int ch = 0; ch < 4; ch++) {
		uint32_t max = (1u << pk->bits[ch]) - 1, v;

		if (!pk->bits[ch])
			continue;
		v = c->kind == VGL_TEXEL_UINT ? t->u[ch] : (uint32_t)norm_to(t->f[ch], max, false);
		w |= (v & max) << pk->shift[ch];
	}
	return w;
}

static void put_packed(const struct vgl_codec *c, const union vgl_texel *t, uint8_t *p)
{
	uint32_t w;

	switch (c->pack) {
	case PK_11_11_10F:
		w = ufloat_from_float(t->f[0], 6) | ufloat_from_float(t->f[1], 6) << 11 |
		    ufloat_from_float(t->f[2], 5) << 22;
		break;
	case PK_999E5: w = encode_999e5(t->f); break;
	case PK_D24X8: w = (uint32_t)norm_to(t->f[0], 16777215.0, false); break;
	case PK_S8D24:
		w = (uint32_t)norm_to(t->f[0], 16777215.0, false) << 8 | (t->u[1] & 0xff);
		break;
	case PK_D32FS8:
		memcpy(p, &t->f[0], 4);
		w = t->u[1] & 0xff;
		memcpy(p + 4, &w, 4);
		return;
	default: w = put_fields(c, t);
	}
	memcpy(p, &w, c->bpp);
}

void vgl_codec_encode(const struct vgl_codec *c, const union vgl_texel *src, void *dst,
		      uint32_t n)
{
	uint8_t *p = dst;

	for (uint32_t i = 0; i < n; i++, p += c->bpp) {
		if (c->pack) {
			put_packed(c, &src[i], p);
			continue;
		}
		for (int k = 0; k < c->n; k++)
			put_el(c->el, c->kind, &src[i], c->map[k], p + k * EL_BYTES(c->el));
	}
}
