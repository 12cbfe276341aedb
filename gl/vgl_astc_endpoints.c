/* SPDX-License-Identifier: MIT */
/* ASTC LDR colour endpoint decoding and the partition hash (vgl_astc_endpoints.h). */
#include "vgl_astc_endpoints.h"

#include <string.h>

unsigned vgl_astc_endpoint_values(unsigned cem)
{
	return (cem >> 2) * 2 + 2;
}

static uint8_t clamp255(int v)
{
	return (uint8_t)(v < 0 ? 0 : v > 255 ? 255 : v);
}

static void set(uint8_t e[4], int r, int g, int b, int a)
{
	e[0] = clamp255(r);
	e[1] = clamp255(g);
	e[2] = clamp255(b);
	e[3] = clamp255(a);
}

/* The spec's blue contraction: red and green pulled halfway to blue. */
static void set_contracted(uint8_t e[4], int r, int g, int b, int a)
{
	set(e, (r + b) >> 1, (g + b) >> 1, b, a);
}

/* bit_transfer_signed: the offset *a gives its top bit to the base *b and
 * becomes a signed 6-bit value. */
static void transfer(int *a, int *b)
{
	*b = (*b >> 1) | (*a & 0x80);
	*a = (*a >> 1) & 0x3f;
	if (*a & 0x20)
		*a -= 0x40;
}

/* Modes 8 and 12: two direct colours, swapped and blue-contracted when the
 * second is the darker. */
static void rgba_direct(const int *v, int a0, int a1, uint8_t e[2][4])
{
	if (v[1] + v[3] + v[5] >= v[0] + v[2] + v[4]) {
		set(e[0], v[0], v[2], v[4], a0);
		set(e[1], v[1], v[3], v[5], a1);
	} else {
		set_contracted(e[0], v[1], v[3], v[5], a1);
		set_contracted(e[1], v[0], v[2], v[4], a0);
	}
}

/* Modes 9 and 13: a base and a signed offset; a negative offset sum swaps
 * them and blue-contracts. v[6], v[7] are the alphas (255, 0 for mode 9). */
static void rgba_offset(int *v, bool alpha, uint8_t e[2][4])
{
	for (int i = 0; i < (alpha ? 8 : 6); i += 2)
		transfer(&v[i + 1], &v[i]);
	if (!alpha) {
		v[6] = 255;
		v[7] = 0;
	}
	if (v[1] + v[3] + v[5] >= 0) {
		set(e[0], v[0], v[2], v[4], v[6]);
		set(e[1], v[0] + v[1], v[2] + v[3], v[4] + v[5], v[6] + v[7]);
	} else {
		set_contracted(e[0], v[0] + v[1], v[2] + v[3], v[4] + v[5], v[6] + v[7]);
		set_contracted(e[1], v[0], v[2], v[4], v[6]);
	}
}

/* Modes 6 and 10: a colour and the same colour scaled by v[3] / 256. */
static void rgb_scale(const int *v, int a0, int a1, uint8_t e[2][4])
{
	set(e[0], (v[0] * v[3]) >> 8, (v[1] * v[3]) >> 8, (v[2] * v[3]) >> 8, a0);
	set(e[1], v[0], v[1], v[2], a1);
}

/* Modes 0, 1, 4 and 5: luminance, with alpha in 4 and 5. */
static void luminance(unsigned cem, int *v, uint8_t e[2][4])
{
	int l0, l1;

	switch (cem) {
	case 0:
		set(e[0], v[0], v[0], v[0], 255);
		set(e[1], v[1], v[1], v[1], 255);
		break;
	case 1:
		l0 = (v[0] >> 2) | (v[1] & 0xc0);
		l1 = l0 + (v[1] & 0x3f);
		set(e[0], l0, l0, l0, 255);
		set(e[1], l1, l1, l1, 255);
		break;
	case 4:
		set(e[0], v[0], v[0], v[0], v[2]);
		set(e[1], v[1], v[1], v[1], v[3]);
		break;
	default:   /* 5 */
		transfer(&v[1], &v[0]);
		transfer(&v[3], &v[2]);
		set(e[0], v[0], v[0], v[0], v[2]);
		set(e[1], v[0] + v[1], v[0] + v[1], v[0] + v[1], v[2] + v[3]);
		break;
	}
}

bool vgl_astc_endpoints(unsigned cem, const uint8_t *values, uint8_t e[2][4])
{
	int v[8] = { 0 };

	for (unsigned i = 0; i < vgl_astc_endpoint_values(cem); i++)
		v[i] = values[i];
	switch (cem) {
	case 0: case 1: case 4: case 5:
		luminance(cem, v, e);
		return true;
	case 6: rgb_scale(v, 255, 255, e); return true;
	case 8: rgba_direct(v, 255, 255, e); return true;
	case 9: rgba_offset(v, false, e); return true;
	case 10: rgb_scale(v, v[4], v[5], e); return true;
	case 12: rgba_direct(v, v[6], v[7], e); return true;
	case 13: rgba_offset(v, true, e); return true;
	default: return false;   /* HDR */
	}
}

/* ---- partitions ----------------------------------------------------------------------------- */

/* The spec's 32-bit hash of the partition seed. */
static uint32_t hash52(uint32_t p)
{
	p ^= p >> 15;
	p -= p << 17;
	p += p << 7;
	p += p << 4;
	p ^= p >> 5;
	p += p << 16;
	p ^= p >> 7;
	p ^= p >> 3;
	p ^= p << 6;
	p ^= p >> 17;
	return p;
}

/* The twelve squared 4-bit seeds of rnum, shifted per the seed's low bits
 * (the spec's select_partition). */
static void seeds(uint32_t seed, uint32_t rnum, unsigned count, unsigned s[12])
{
	static const uint8_t at[12] = { 0, 4, 8, 12, 16, 20, 24, 28, 18, 22, 26, 30 };
	unsigned sh_a = (seed & 2) ? 4 : 5, sh_b = count == 3 ? 6 : 5;
	unsigned sh1 = (seed & 1) ? sh_a : sh_b, sh2 = (seed & 1) ? sh_b : sh_a;
	unsigned sh3 = (seed & 0x10) ? sh1 : sh2;

	for (int i = 0; i < 12; i++) {
		/* seed 12 wraps around: bits 30, 31, 0, 1 */
		unsigned n = i == 11 ? ((rnum >> 30) | (rnum << 2)) & 0xf : (rnum >> at[i]) & 0xf;

		n *= n;
		s[i] = n >> (i >= 8 ? sh3 : (i & 1) ? sh2 : sh1);
	}
}

unsigned vgl_astc_partition(unsigned seed, unsigned x, unsigned y, unsigned count, bool small)
{
	uint32_t rnum;
	unsigned s[12], p[4];

	if (small) {
		x <<= 1;
		y <<= 1;
	}
	seed += (count - 1) * 1024;
	rnum = hash52(seed);
	seeds(seed, rnum, count, s);
	/* 2D blocks: z is 0, so seeds 9..12 do not count */
	p[0] = (s[0] * x + s[1] * y + (rnum >> 14)) & 0x3f;
	p[1] = (s[2] * x + s[3] * y + (rnum >> 10)) & 0x3f;
	p[2] = count >= 3 ? (s[4] * x + s[5] * y + (rnum >> 6)) & 0x3f : 0;
	p[3] = count >= 4 ? (s[6] * x + s[7] * y + (rnum >> 2)) & 0x3f : 0;
	if (p[0] >= p[1] && p[0] >= p[2] && p[0] >= p[3])
		return 0;
	if (p[1] >= p[2] && p[1] >= p[3])
		return 1;
	return p[2] >= p[3] ? 2 : 3;
}
