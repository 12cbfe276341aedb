/* SPDX-License-Identifier: MIT */
/* ASTC bit access, integer sequence decoding and unquantization (vgl_astc_ise.h). */
#include "vgl_astc_ise.h"

#include <stddef.h>

/* The ISE ranges, in the spec's order: each a count of plain bits and at
 * most one trit or quint per value. The unquantization rows (spec tables
 * "Color Unquantization Parameters" / "Weight Unquantization Parameters")
 * give the bit pattern of B, most significant bit first, letters naming the
 * bits of the value's plain part ('a' bit 0), and the multiplier C. */
static const struct range {
	uint8_t bits, trit, quint;
	const char *color_b;   /* 9 bits */
	uint8_t color_c;
	const char *weight_b;  /* 7 bits */
	uint8_t weight_c;
} ranges[VGL_ASTC_RANGES] = {
	{ 1, 0, 0, NULL, 0, NULL, 0 },                          /* 2 */
	{ 0, 1, 0, NULL, 0, NULL, 0 },                          /* 3 */
	{ 2, 0, 0, NULL, 0, NULL, 0 },                          /* 4 */
	{ 0, 0, 1, NULL, 0, NULL, 0 },                          /* 5 */
	{ 1, 1, 0, "000000000", 204, "0000000", 50 },           /* 6 */
	{ 3, 0, 0, NULL, 0, NULL, 0 },                          /* 8 */
	{ 1, 0, 1, "000000000", 113, "0000000", 28 },           /* 10 */
	{ 2, 1, 0, "b000b0bb0", 93, "b000b0b", 23 },            /* 12 */
	{ 4, 0, 0, NULL, 0, NULL, 0 },                          /* 16 */
	{ 2, 0, 1, "b0000bb00", 54, "b0000b0", 13 },            /* 20 */
	{ 3, 1, 0, "cb000cbcb", 44, "cb000cb", 11 },            /* 24 */
	{ 5, 0, 0, NULL, 0, NULL, 0 },                          /* 32 */
	{ 3, 0, 1, "cb0000cbc", 26, NULL, 0 },                  /* 40 */
	{ 4, 1, 0, "dcb000dcb", 22, NULL, 0 },                  /* 48 */
	{ 6, 0, 0, NULL, 0, NULL, 0 },                          /* 64 */
	{ 4, 0, 1, "dcb0000dc", 13, NULL, 0 },                  /* 80 */
	{ 5, 1, 0, "edcb000ed", 11, NULL, 0 },                  /* 96 */
	{ 7, 0, 0, NULL, 0, NULL, 0 },                          /* 128 */
	{ 5, 0, 1, "edcb0000e", 6, NULL, 0 },                   /* 160 */
	{ 6, 1, 0, "fedcb000f", 5, NULL, 0 },                   /* 192 */
	{ 8, 0, 0, NULL, 0, NULL, 0 },                          /* 256 */
};

/* ---- the block's bits ----------------------------------------------------------------------- */

struct vgl_astc_bits vgl_astc_bits_load(const uint8_t block[16])
{
	struct vgl_astc_bits b = { 0, 0 };

	for (int i = 7; i >= 0; i--) {
		b.lo = b.lo << 8 | block[i];
		b.hi = b.hi << 8 | block[8 + i];
	}
	return b;
}

/* b shifted down by s bits (128-bit). */
static struct vgl_astc_bits shift_down(const struct vgl_astc_bits *b, unsigned s)
{
	if (s >= 128)
		return (struct vgl_astc_bits){ 0, 0 };
	if (s >= 64)
		return (struct vgl_astc_bits){ b->hi >> (s - 64), 0 };
	if (s == 0)
		return *b;
	return (struct vgl_astc_bits){ b->lo >> s | b->hi << (64 - s), b->hi >> s };
}

uint32_t vgl_astc_bits_get(const struct vgl_astc_bits *b, unsigned pos, unsigned n)
{
	return (uint32_t)(shift_down(b, pos).lo & ((UINT64_C(1) << n) - 1));
}

/* The 64 bits of v in reverse order. */
static uint64_t reverse64(uint64_t v)
{
	static const uint64_t masks[6] = { 0x5555555555555555, 0x3333333333333333,
					   0x0f0f0f0f0f0f0f0f, 0x00ff00ff00ff00ff,
					   0x0000ffff0000ffff, 0x00000000ffffffff };

	for (unsigned i = 0; i < 6; i++)   /* swap ever larger neighbours: 1, 2, 4 .. 32 bits */
		v = (v >> (1u << i) & masks[i]) | (v & masks[i]) << (1u << i);
	return v;
}

struct vgl_astc_bits vgl_astc_bits_reverse(const struct vgl_astc_bits *b)
{
	return (struct vgl_astc_bits){ reverse64(b->hi), reverse64(b->lo) };
}

struct vgl_astc_bits vgl_astc_bits_slice(const struct vgl_astc_bits *b, unsigned pos, unsigned n)
{
	struct vgl_astc_bits r = shift_down(b, pos);

	if (n < 64) {
		r.lo &= (UINT64_C(1) << n) - 1;
		r.hi = 0;
	} else if (n < 128) {
		r.hi &= (UINT64_C(1) << (n - 64)) - 1;
	}
	return r;
}

/* ---- integer sequence encoding -------------------------------------------------------------- */

unsigned vgl_astc_range_levels(unsigned r)
{
	const struct range *q = &ranges[r];

	return (q->trit ? 3u : q->quint ? 5u : 1u) << q->bits;
}

unsigned vgl_astc_ise_size(unsigned r, unsigned count)
{
	const struct range *q = &ranges[r];
	unsigned size = q->bits * count;

	if (q->trit)
		size += (8 * count + 4) / 5;
	if (q->quint)
		size += (7 * count + 2) / 3;
	return size;
}

static unsigned field(unsigned v, unsigned lo, unsigned n)
{
	return (v >> lo) & ((1u << n) - 1);
}

/* The five trits packed into 8 bits (the spec's trit decoding). */
static void unpack_trits(unsigned t, uint8_t out[5])
{
	unsigned c;

	if (field(t, 2, 3) == 7) {
		c = field(t, 5, 3) << 2 | field(t, 0, 2);
		out[4] = out[3] = 2;
	} else {
		c = field(t, 0, 5);
		out[4] = (uint8_t)(field(t, 5, 2) == 3 ? 2 : field(t, 7, 1));
		out[3] = (uint8_t)(field(t, 5, 2) == 3 ? field(t, 7, 1) : field(t, 5, 2));
	}
	if (field(c, 0, 2) == 3) {
		out[2] = 2;
		out[1] = (uint8_t)field(c, 4, 1);
		out[0] = (uint8_t)(field(c, 3, 1) << 1 | (field(c, 2, 1) & ~field(c, 3, 1) & 1));
	} else if (field(c, 2, 2) == 3) {
		out[2] = out[1] = 2;
		out[0] = (uint8_t)field(c, 0, 2);
	} else {
		out[2] = (uint8_t)field(c, 4, 1);
		out[1] = (uint8_t)field(c, 2, 2);
		out[0] = (uint8_t)(field(c, 1, 1) << 1 | (field(c, 0, 1) & ~field(c, 1, 1) & 1));
	}
}

/* The three quints packed into 7 bits (the spec's quint decoding). */
static void unpack_quints(unsigned q, uint8_t out[3])
{
	unsigned c;

	if (field(q, 1, 2) == 3 && field(q, 5, 2) == 0) {
		out[2] = (uint8_t)(field(q, 0, 1) << 2 | (field(q, 4, 1) & ~q & 1) << 1 |
				   (field(q, 3, 1) & ~q & 1));
		out[1] = out[0] = 4;
		return;
	}
	if (field(q, 1, 2) == 3) {
		out[2] = 4;
		c = field(q, 3, 2) << 3 | (~field(q, 5, 2) & 3) << 1 | field(q, 0, 1);
	} else {
		out[2] = (uint8_t)field(q, 5, 2);
		c = field(q, 0, 5);
	}
	out[1] = (uint8_t)(field(c, 0, 3) == 5 ? 4 : field(c, 3, 2));
	out[0] = (uint8_t)(field(c, 0, 3) == 5 ? field(c, 3, 2) : field(c, 0, 3));
}

/* Interleaving of one group: bits of the packed trits (quints) that follow
 * each value's plain bits. */
static const uint8_t trit_split[5] = { 2, 2, 1, 2, 1 };
static const uint8_t quint_split[3] = { 3, 2, 2 };

/* One group of 5 trits or 3 quints with their plain bits, from *pos on. */
static void decode_group(const struct vgl_astc_bits *b, const struct range *q, unsigned *pos,
			 unsigned n, uint8_t *values)
{
	const uint8_t *split = q->trit ? trit_split : quint_split;
	unsigned size = q->trit ? 5 : 3, packed = 0, shift = 0;
	uint8_t m[5], tq[5];

	for (unsigned i = 0; i < size; i++) {
		m[i] = (uint8_t)vgl_astc_bits_get(b, *pos, q->bits);
		packed |= vgl_astc_bits_get(b, *pos + q->bits, split[i]) << shift;
		shift += split[i];
		*pos += q->bits + split[i];
	}
	if (q->trit)
		unpack_trits(packed, tq);
	else
		unpack_quints(packed, tq);
	for (unsigned i = 0; i < size && i < n; i++)
		values[i] = (uint8_t)(tq[i] << q->bits | m[i]);
}

void vgl_astc_ise_decode(const struct vgl_astc_bits *b, unsigned r, unsigned count,
			 uint8_t *values)
{
	const struct range *q = &ranges[r];
	unsigned pos = 0, group = q->trit ? 5 : q->quint ? 3 : 1;

	for (unsigned i = 0; i < count; i += group) {
		if (group == 1) {
			values[i] = (uint8_t)vgl_astc_bits_get(b, pos, q->bits);
			pos += q->bits;
		} else {
			decode_group(b, q, &pos, count - i, values + i);
		}
	}
}

/* ---- unquantization ------------------------------------------------------------------------- */

/* v's n bits repeated from the top of an m-bit number down. */
static unsigned replicate(unsigned v, unsigned n, unsigned m)
{
	unsigned r = 0;
	int shift = (int)m;

	while (shift > 0) {
		shift -= (int)n;
		r |= shift >= 0 ? v << shift : v >> -shift;
	}
	return r & ((1u << m) - 1);
}

/* B of the unquantization tables: pattern letters are the plain part's bits. */
static unsigned pattern(const char *p, unsigned m)
{
	unsigned b = 0;

	for (; *p; p++)
		b = b << 1 | (*p == '0' ? 0 : (m >> (*p - 'a')) & 1);
	return b;
}

/* The spec's unscrambling of a trit/quint value: bits bits wide, top the A mask's top bit. */
static unsigned unscramble(unsigned v, const struct range *q, const char *b_pattern, unsigned c,
			   unsigned bits)
{
	unsigned m = v & ((1u << q->bits) - 1), d = v >> q->bits;
	unsigned a = (m & 1) ? (1u << bits) - 1 : 0;
	unsigned t = (d * c + pattern(b_pattern, m)) ^ a;

	return (a & (1u << (bits - 2))) | t >> 2;
}

uint8_t vgl_astc_unquantize_color(unsigned r, unsigned v)
{
	const struct range *q = &ranges[r];

	if (!q->trit && !q->quint)
		return (uint8_t)replicate(v, q->bits, 8);
	return (uint8_t)unscramble(v, q, q->color_b, q->color_c, 9);
}

uint8_t vgl_astc_unquantize_weight(unsigned r, unsigned v)
{
	static const uint8_t three[3] = { 0, 32, 63 }, five[5] = { 0, 16, 32, 47, 63 };
	const struct range *q = &ranges[r];
	unsigned w;

	if (!q->trit && !q->quint)
		w = replicate(v, q->bits, 6);
	else if (q->bits == 0)
		w = q->trit ? three[v] : five[v];
	else
		w = unscramble(v, q, q->weight_b, q->weight_c, 7);
	return (uint8_t)(w > 32 ? w + 1 : w);
}
