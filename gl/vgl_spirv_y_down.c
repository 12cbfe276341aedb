/* SPDX-License-Identifier: MIT */
/*
 * The fragment shader variant for y-down targets (window buffers: row 0 is
 * the top, vgl_framebuffer.h). GL's window y there runs against the rows,
 * so what a fragment shader can see of it turns around:
 *   - gl_FragCoord: OriginUpperLeft becomes OriginLowerLeft (TGSI's
 *     FS_COORD_ORIGIN LOWER_LEFT: y = height - row), which the host
 *     computes from the target's height;
 *   - dFdy: the host differentiates along the rows, so d/dy = -d/drow:
 *     each OpDPdy* result is negated (the derivative gets a new id, an
 *     OpFNegate takes the old one, so no use changes);
 *   - gl_PointCoord: t comes out growing up GL's window there, where ES
 *     has it grow down: each load of the (whole) vec2 becomes
 *     (s, t) * (1, -1) + (0, 1), with constants added before the first
 *     function. (The host's sprite-origin state does not change it.)
 * All three are measured by tests/gl/test_egl_gbm.c. Shaders that use none
 * need no variant.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "vgl_spirv.h"

#define SPIRV_MAGIC 0x07230203u
#define SPIRV_HEADER_WORDS 5
#define OP_EXECUTION_MODE 16u
#define OP_TYPE_VECTOR 23u
#define OP_CONSTANT 43u
#define OP_CONSTANT_COMPOSITE 44u
#define OP_FUNCTION 54u
#define OP_LOAD 61u
#define OP_DECORATE 71u
#define OP_FNEGATE 127u
#define OP_FADD 129u
#define OP_FMUL 133u
#define OP_DPDY 208u
#define OP_DPDY_FINE 211u
#define OP_DPDY_COARSE 214u
#define MODE_ORIGIN_UPPER_LEFT 7u
#define MODE_ORIGIN_LOWER_LEFT 8u
#define DECORATION_BUILTIN 11u
#define BUILTIN_FRAG_COORD 15u
#define BUILTIN_POINT_COORD 16u
#define F32_ONE 0x3f800000u
#define F32_MINUS_ONE 0xbf800000u

/* What the rewrite needs to know of the module, from one pass. */
struct y_scan {
	uint32_t dpdy;         /* derivatives to negate */
	bool frag_coord;
	uint32_t point_coord;  /* the gl_PointCoord variable; 0: none */
	uint32_t pc_loads;     /* whole loads of it */
	uint32_t vec2, f32;    /* their type and its component type */
	uint32_t k[5];         /* ids of the constants: 1, -1, 0, (1,-1), (0,1) */
};

/* %result = OpDPdy %type %p: four words */
static bool is_dpdy(const uint32_t *ins, uint32_t count)
{
	uint32_t op = ins[0] & 0xffffu;

	return (op == OP_DPDY || op == OP_DPDY_FINE || op == OP_DPDY_COARSE) && count == 4;
}

static bool is_builtin(const uint32_t *ins, uint32_t count, uint32_t builtin)
{
	return (ins[0] & 0xffffu) == OP_DECORATE && count >= 4 &&
	       ins[2] == DECORATION_BUILTIN && ins[3] == builtin;
}

static bool is_pc_load(const uint32_t *ins, uint32_t count, const struct y_scan *y)
{
	return y->point_coord && (ins[0] & 0xffffu) == OP_LOAD && count == 4 &&
	       ins[3] == y->point_coord;
}

static void note(const uint32_t *ins, uint32_t count, struct y_scan *y)
{
	y->dpdy += is_dpdy(ins, count);
	y->frag_coord |= is_builtin(ins, count, BUILTIN_FRAG_COORD);
	if (is_builtin(ins, count, BUILTIN_POINT_COORD))
		y->point_coord = ins[1];
	if (is_pc_load(ins, count, y)) {
		y->pc_loads++;
		y->vec2 = ins[1];
	}
}

/* One pass over the module (decorations come before the code that uses
 * them); false if it is malformed. */
static bool scan(const uint32_t *w, size_t n, struct y_scan *y)
{
	memset(y, 0, sizeof(*y));
	for (size_t i = SPIRV_HEADER_WORDS; i < n;) {
		uint32_t count = w[i] >> 16;

		if (count == 0 || i + count > n)
			return false;
		note(&w[i], count, y);
		i += count;
	}
	for (size_t i = SPIRV_HEADER_WORDS; y->pc_loads && i < n; i += w[i] >> 16)
		if ((w[i] & 0xffffu) == OP_TYPE_VECTOR && w[i + 1] == y->vec2)
			y->f32 = w[i + 2];
	return !y->pc_loads || y->f32;
}

/* The constants gl_PointCoord's flip needs, before the first function. */
static size_t emit_constants(struct y_scan *y, uint32_t *o, uint32_t *bound)
{
	static const uint32_t bits[3] = { F32_ONE, F32_MINUS_ONE, 0 };
	size_t k = 0;

	for (int i = 0; i < 5; i++)
		y->k[i] = (*bound)++;
	for (int i = 0; i < 3; i++) {
		uint32_t c[4] = { OP_CONSTANT | 4u << 16, y->f32, y->k[i], bits[i] };

		memcpy(&o[k], c, sizeof(c));
		k += 4;
	}
	{
		/* (1, -1) and (0, 1) */
		uint32_t c[10] = { OP_CONSTANT_COMPOSITE | 5u << 16, y->vec2, y->k[3], y->k[0], y->k[1],
				   OP_CONSTANT_COMPOSITE | 5u << 16, y->vec2, y->k[4], y->k[2], y->k[0] };

		memcpy(&o[k], c, sizeof(c));
		k += 10;
	}
	return k;
}

/* %v = OpLoad %vec2 %PointCoord becomes a load into %t, then
 * %u = OpFMul %t (1, -1); %v = OpFAdd %u (0, 1). */
static size_t flip_point_coord(const uint32_t *ins, uint32_t *o, const struct y_scan *y,
			       uint32_t *bound)
{
	uint32_t t = (*bound)++, u = (*bound)++;
	uint32_t c[14] = { ins[0], ins[1], t, ins[3],
			   OP_FMUL | 5u << 16, ins[1], u, t, y->k[3],
			   OP_FADD | 5u << 16, ins[1], ins[2], u, y->k[4] };

	memcpy(o, c, sizeof(c));
	return 14;
}

/* Copies one instruction to o, rewritten; returns the words written. */
static size_t rewrite(const uint32_t *ins, uint32_t count, uint32_t *o, struct y_scan *y,
		      uint32_t *bound)
{
	size_t k = 0;

	if ((ins[0] & 0xffffu) == OP_FUNCTION && y->pc_loads && !y->k[0])
		k = emit_constants(y, o, bound);
	if (is_pc_load(ins, count, y))
		return k + flip_point_coord(ins, o + k, y, bound);
	o += k;
	memcpy(o, ins, count * sizeof(*o));
	if ((ins[0] & 0xffffu) == OP_EXECUTION_MODE && count >= 3 &&
	    ins[2] == MODE_ORIGIN_UPPER_LEFT) {
		o[2] = MODE_ORIGIN_LOWER_LEFT;
	} else if (is_dpdy(ins, count)) {
		uint32_t tmp = (*bound)++;

		/* %tmp = OpDPdy %type %p; %result = OpFNegate %type %tmp */
		o[2] = tmp;
		o[4] = OP_FNEGATE | 4u << 16;
		o[5] = ins[1];
		o[6] = ins[2];
		o[7] = tmp;
		return k + 8;
	}
	return k + count;
}

int vgl_spirv_y_down(const uint32_t *words, size_t nr_words, uint32_t **out, size_t *out_words)
{
	struct y_scan y;
	uint32_t bound, *o;
	size_t k = SPIRV_HEADER_WORDS;

	*out = NULL;
	if (nr_words < SPIRV_HEADER_WORDS || words[0] != SPIRV_MAGIC ||
	    !scan(words, nr_words, &y))
		return -1;
	if (!y.dpdy && !y.frag_coord && !y.pc_loads)
		return 1;
	o = malloc((nr_words + 4 * (size_t)y.dpdy + 10 * (size_t)y.pc_loads + 22) * sizeof(*o));
	if (!o)
		return -1;
	memcpy(o, words, SPIRV_HEADER_WORDS * sizeof(*o));
	bound = words[3];
	for (size_t i = SPIRV_HEADER_WORDS; i < nr_words; i += words[i] >> 16)
		k += rewrite(&words[i], words[i] >> 16, &o[k], &y, &bound);
	o[3] = bound;
	*out = o;
	*out_words = k;
	return 0;
}
