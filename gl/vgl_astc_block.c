/* SPDX-License-Identifier: MIT */
/* ASTC block decoding, LDR profile (vgl_astc_block.h). */
#include "vgl_astc_block.h"

#include "vgl_astc_endpoints.h"
#include "vgl_astc_ise.h"

#define MAX_WEIGHTS 64

/* What bits 0..10 (the block mode) say of the weights. */
struct mode {
	unsigned gw, gh;  /* weight grid */
	bool dual;        /* two planes: weights interleaved, plane 1 for component ccs */
	unsigned range;   /* weight ISE range, 0..11 */
};

/* A decoded block's configuration. */
struct block {
	struct vgl_astc_bits bits;
	struct mode mode;
	unsigned weight_bits;   /* at the top of the block, reversed */
	unsigned partitions, seed;
	unsigned cem[4];
	unsigned extra_cem;     /* mode bits below the weights */
	int ccs;                /* the plane-1 component; -1: one plane */
	unsigned color_start, color_bits;
};

static unsigned field(uint32_t v, unsigned lo, unsigned n)
{
	return (v >> lo) & ((1u << n) - 1);
}

static void error_block(unsigned n, uint8_t texels[][4])
{
	for (unsigned i = 0; i < n; i++) {
		texels[i][0] = texels[i][2] = texels[i][3] = 255;
		texels[i][1] = 0;
	}
}

/* A 16-bit UNORM value as 8 bits: the top byte for sRGB (the spec's
 * decode to 8 bits), else the nearest UNORM8 of v / 65536. */
static uint8_t to8(unsigned v, bool srgb)
{
	return (uint8_t)(srgb ? v >> 8 : (v * 255 + 32768) >> 16);
}

/* ---- void extent ---------------------------------------------------------------------------- */

/* A constant-colour block; the extent coordinates only need to be sane. */
static void void_extent(const struct vgl_astc_bits *b, unsigned n, bool srgb, uint8_t texels[][4])
{
	unsigned s0 = vgl_astc_bits_get(b, 12, 13), s1 = vgl_astc_bits_get(b, 25, 13);
	unsigned t0 = vgl_astc_bits_get(b, 38, 13), t1 = vgl_astc_bits_get(b, 51, 13);
	bool all_ones = s0 == 0x1fff && s1 == 0x1fff && t0 == 0x1fff && t1 == 0x1fff;

	/* bit 9: an HDR (FP16) colour, an error in the LDR profile */
	if (vgl_astc_bits_get(b, 9, 1) || (!all_ones && (s0 >= s1 || t0 >= t1))) {
		error_block(n, texels);
		return;
	}
	for (unsigned i = 0; i < n; i++)
		for (unsigned c = 0; c < 4; c++)
			texels[i][c] = to8(vgl_astc_bits_get(b, 64 + 16 * c, 16), srgb);
}

/* ---- block mode ----------------------------------------------------------------------------- */

/* Grids of modes whose bits 0..1 are not 0 (the spec's first five rows). */
static void grid_low(uint32_t m, struct mode *o)
{
	unsigned a = field(m, 5, 2), b = field(m, 7, 2);

	switch (field(m, 2, 2)) {
	case 0: o->gw = b + 4; o->gh = a + 2; break;
	case 1: o->gw = b + 8; o->gh = a + 2; break;
	case 2: o->gw = a + 2; o->gh = b + 8; break;
	default:
		if (m & 0x100) {
			o->gw = (b & 1) + 2;
			o->gh = a + 2;
		} else {
			o->gw = a + 2;
			o->gh = (b & 1) + 6;
		}
		break;
	}
}

/* Grids of modes whose bits 0..1 are 0; false: a reserved mode. */
static bool grid_high(uint32_t m, struct mode *o)
{
	unsigned a = field(m, 5, 2), b = field(m, 9, 2);

	switch (field(m, 7, 2)) {
	case 0: o->gw = 12; o->gh = a + 2; return true;
	case 1: o->gw = a + 2; o->gh = 12; return true;
	case 2:
		/* bits 9..10 size the grid here: no dual plane, no high precision */
		o->gw = a + 6;
		o->gh = b + 6;
		o->dual = false;
		return true;
	default:
		if (m & 0x40)
			return false;
		o->gw = (m & 0x20) ? 10 : 6;
		o->gh = (m & 0x20) ? 6 : 10;
		return true;
	}
}

static bool block_mode(uint32_t m, struct mode *o)
{
	bool low = field(m, 0, 2) != 0;
	unsigned r = field(m, 4, 1) | (low ? field(m, 0, 2) : field(m, 2, 2)) << 1;
	bool high = field(m, 9, 1);

	if (r < 2)   /* bits 0..3 all 0: reserved */
		return false;
	o->dual = field(m, 10, 1);
	if (low)
		grid_low(m, o);
	else if (!grid_high(m, o))
		return false;
	else if (field(m, 7, 2) == 2)
		high = false;
	o->range = r - 2 + (high ? 6 : 0);
	return true;
}

/* ---- configuration -------------------------------------------------------------------------- */

static unsigned weight_count(const struct mode *m)
{
	return m->gw * m->gh * (m->dual ? 2 : 1);
}

/* Colour endpoint modes of a multi-partition block: one shared, or a class
 * and per-partition bits split between bits 25..28 and the extra bits
 * below the weights. */
static void partition_modes(struct block *k)
{
	const struct vgl_astc_bits *b = &k->bits;
	unsigned sel = vgl_astc_bits_get(b, 23, 2), n = k->partitions, v;

	k->color_start = 29;
	if (sel == 0) {
		for (unsigned i = 0; i < n; i++)
			k->cem[i] = vgl_astc_bits_get(b, 25, 4);
		return;
	}
	k->extra_cem = 3 * n - 4;
	v = vgl_astc_bits_get(b, 25, 4) |
	    vgl_astc_bits_get(b, 128 - k->weight_bits - k->extra_cem, k->extra_cem) << 4;
	for (unsigned i = 0; i < n; i++)
		k->cem[i] = (sel - 1 + field(v, i, 1)) << 2 | field(v, n + 2 * i, 2);
}

static unsigned endpoint_value_count(const struct block *k)
{
	unsigned n = 0;

	for (unsigned i = 0; i < k->partitions; i++)
		n += vgl_astc_endpoint_values(k->cem[i]);
	return n;
}

/* Reads the block's configuration; false: an illegal block. */
static bool configure(struct block *k, unsigned bw, unsigned bh)
{
	const struct mode *m = &k->mode;
	unsigned below;

	if (!block_mode(vgl_astc_bits_get(&k->bits, 0, 11), &k->mode))
		return false;
	k->partitions = vgl_astc_bits_get(&k->bits, 11, 2) + 1;
	if (weight_count(m) > MAX_WEIGHTS || m->gw > bw || m->gh > bh ||
	    (m->dual && k->partitions == 4))
		return false;
	k->weight_bits = vgl_astc_ise_size(m->range, weight_count(m));
	if (k->weight_bits < 24 || k->weight_bits > 96)
		return false;
	k->extra_cem = 0;
	if (k->partitions == 1) {
		k->cem[0] = vgl_astc_bits_get(&k->bits, 13, 4);
		k->color_start = 17;
	} else {
		k->seed = vgl_astc_bits_get(&k->bits, 13, 10);
		partition_modes(k);
	}
	below = k->weight_bits + k->extra_cem + (m->dual ? 2 : 0);
	k->ccs = m->dual ? (int)vgl_astc_bits_get(&k->bits, 128 - below, 2) : -1;
	k->color_bits = 128 - below - k->color_start;
	/* at most 18 values, and room for them at the smallest range the spec allows (6 levels) */
	return endpoint_value_count(k) <= 18 && k->color_bits >= (13 * endpoint_value_count(k) + 4) / 5;
}

/* ---- endpoints and weights ------------------------------------------------------------------ */

/* Endpoints of every partition; hdr[p]: partition p's mode is an HDR one. */
static void endpoints(const struct block *k, uint8_t e[4][2][4], bool hdr[4])
{
	unsigned n = endpoint_value_count(k), r = VGL_ASTC_RANGES - 1, at = 0;
	struct vgl_astc_bits data;
	uint8_t v[18];

	/* the largest range whose values fit in the bits left */
	while (vgl_astc_ise_size(r, n) > k->color_bits)
		r--;
	data = vgl_astc_bits_slice(&k->bits, k->color_start, vgl_astc_ise_size(r, n));
	vgl_astc_ise_decode(&data, r, n, v);
	for (unsigned i = 0; i < n; i++)
		v[i] = vgl_astc_unquantize_color(r, v[i]);
	for (unsigned p = 0; p < k->partitions; p++) {
		hdr[p] = !vgl_astc_endpoints(k->cem[p], v + at, e[p]);
		at += vgl_astc_endpoint_values(k->cem[p]);
	}
}

/* The weight grid, unquantized to 0..64, planes interleaved. */
static void grid_weights(const struct block *k, uint8_t w[MAX_WEIGHTS])
{
	struct vgl_astc_bits rev = vgl_astc_bits_reverse(&k->bits);
	struct vgl_astc_bits data = vgl_astc_bits_slice(&rev, 0, k->weight_bits);
	unsigned n = weight_count(&k->mode);

	vgl_astc_ise_decode(&data, k->mode.range, n, w);
	for (unsigned i = 0; i < n; i++)
		w[i] = vgl_astc_unquantize_weight(k->mode.range, w[i]);
}

/* A grid weight, 0 outside the grid (where the infill's factor is 0 too). */
static unsigned grid_at(const struct block *k, const uint8_t *w, unsigned x, unsigned y,
			unsigned plane)
{
	unsigned planes = k->mode.dual ? 2 : 1;

	if (x >= k->mode.gw || y >= k->mode.gh)
		return 0;
	return w[(y * k->mode.gw + x) * planes + plane];
}

/* The spec's bilinear infill of texel (s, t) of a bw x bh block. */
static unsigned infill(const struct block *k, const uint8_t *w, unsigned s, unsigned t,
		       unsigned bw, unsigned bh, unsigned plane)
{
	unsigned ds = (1024 + bw / 2) / (bw - 1), dt = (1024 + bh / 2) / (bh - 1);
	unsigned gs = (ds * s * (k->mode.gw - 1) + 32) >> 6;
	unsigned gt = (dt * t * (k->mode.gh - 1) + 32) >> 6;
	unsigned js = gs >> 4, fs = gs & 0xf, jt = gt >> 4, ft = gt & 0xf;
	unsigned w11 = (fs * ft + 8) >> 4, w10 = ft - w11, w01 = fs - w11;
	unsigned w00 = 16 - fs - ft + w11;

	return (grid_at(k, w, js, jt, plane) * w00 + grid_at(k, w, js + 1, jt, plane) * w01 +
		grid_at(k, w, js, jt + 1, plane) * w10 + grid_at(k, w, js + 1, jt + 1, plane) * w11 +
		8) >> 4;
}

/* ---- texels --------------------------------------------------------------------------------- */

/* One channel between two 8-bit endpoints expanded to 16 bits; weight 0..64. */
static uint8_t interpolate(unsigned e0, unsigned e1, unsigned weight, bool srgb)
{
	unsigned c0 = e0 << 8 | (srgb ? 0x80 : e0), c1 = e1 << 8 | (srgb ? 0x80 : e1);

	return to8((c0 * (64 - weight) + c1 * weight + 32) / 64, srgb);
}

static void texel(const struct block *k, const uint8_t e[2][4], const unsigned w[2], bool srgb,
		  uint8_t out[4])
{
	for (int c = 0; c < 4; c++)
		out[c] = interpolate(e[0][c], e[1][c], w[c == k->ccs ? 1 : 0], srgb);
}

static void texels_of(const struct block *k, unsigned bw, unsigned bh, bool srgb,
		      uint8_t texels[][4])
{
	uint8_t e[4][2][4], grid[MAX_WEIGHTS];
	bool hdr[4];

	endpoints(k, e, hdr);
	grid_weights(k, grid);
	for (unsigned y = 0; y < bh; y++)
		for (unsigned x = 0; x < bw; x++) {
			unsigned p = k->partitions == 1 ? 0
				   : vgl_astc_partition(k->seed, x, y, k->partitions, bw * bh < 31);
			unsigned w[2] = { infill(k, grid, x, y, bw, bh, 0),
					  k->mode.dual ? infill(k, grid, x, y, bw, bh, 1) : 0 };

			if (hdr[p])
				error_block(1, &texels[y * bw + x]);
			else
				texel(k, e[p], w, srgb, texels[y * bw + x]);
		}
}

void vgl_astc_decode_block(const uint8_t block[16], unsigned bw, unsigned bh, bool srgb,
			   uint8_t texels[][4])
{
	struct block k = { .bits = vgl_astc_bits_load(block) };

	if (vgl_astc_bits_get(&k.bits, 0, 9) == 0x1fc)
		void_extent(&k.bits, bw * bh, srgb, texels);
	else if (!configure(&k, bw, bh))
		error_block(bw * bh, texels);
	else
		texels_of(&k, bw, bh, srgb, texels);
}
