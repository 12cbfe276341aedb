/* SPDX-License-Identifier: MIT */
/*
 * The fragment shader variant for y-down targets (window buffers: row 0 is
 * the top, vgl_framebuffer.h). GL's window y there runs against the rows,
 * so the two things a fragment shader can see of it turn around:
 *   - gl_FragCoord: OriginUpperLeft becomes OriginLowerLeft (TGSI's
 *     FS_COORD_ORIGIN LOWER_LEFT: y = height - row), which the host
 *     computes from the target's height;
 *   - dFdy: the host differentiates along the rows, so d/dy = -d/drow:
 *     each OpDPdy* result is negated (the derivative gets a new id, an
 *     OpFNegate takes the old one, so no use changes).
 * Both are measured by tests/gl/test_egl_gbm.c. Shaders that use neither
 * need no variant.
 */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "vgl_spirv.h"

#define SPIRV_MAGIC 0x07230203u
#define SPIRV_HEADER_WORDS 5
#define OP_EXECUTION_MODE 16u
#define OP_DECORATE 71u
#define OP_FNEGATE 127u
#define OP_DPDY 208u
#define OP_DPDY_FINE 211u
#define OP_DPDY_COARSE 214u
#define MODE_ORIGIN_UPPER_LEFT 7u
#define MODE_ORIGIN_LOWER_LEFT 8u
#define DECORATION_BUILTIN 11u
#define BUILTIN_FRAG_COORD 15u

/* %result = OpDPdy %type %p: four words */
static bool is_dpdy(const uint32_t *ins, uint32_t count)
{
	uint32_t op = ins[0] & 0xffffu;

	return (op == OP_DPDY || op == OP_DPDY_FINE || op == OP_DPDY_COARSE) && count == 4;
}

static bool is_frag_coord(const uint32_t *ins, uint32_t count)
{
	return (ins[0] & 0xffffu) == OP_DECORATE && count >= 4 &&
	       ins[2] == DECORATION_BUILTIN && ins[3] == BUILTIN_FRAG_COORD;
}

/* Counts the derivatives to negate; false if the module is malformed. */
static bool scan(const uint32_t *w, size_t n, uint32_t *dpdy, bool *frag_coord)
{
	*dpdy = 0;
	*frag_coord = false;
	for (size_t i = SPIRV_HEADER_WORDS; i < n;) {
		uint32_t count = w[i] >> 16;

		if (count == 0 || i + count > n)
			return false;
		*dpdy += is_dpdy(&w[i], count);
		*frag_coord |= is_frag_coord(&w[i], count);
		i += count;
	}
	return true;
}

/* Copies one instruction to o, rewritten; returns the words written. */
static size_t rewrite(const uint32_t *ins, uint32_t count, uint32_t *o, uint32_t *bound)
{
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
		return 8;
	}
	return count;
}

int vgl_spirv_y_down(const uint32_t *words, size_t nr_words, uint32_t **out, size_t *out_words)
{
	uint32_t dpdy, bound, *o;
	bool frag_coord;
	size_t k = SPIRV_HEADER_WORDS;

	*out = NULL;
	if (nr_words < SPIRV_HEADER_WORDS || words[0] != SPIRV_MAGIC ||
	    !scan(words, nr_words, &dpdy, &frag_coord))
		return -1;
	if (!dpdy && !frag_coord)
		return 1;
	o = malloc((nr_words + 4 * (size_t)dpdy) * sizeof(*o));
	if (!o)
		return -1;
	memcpy(o, words, SPIRV_HEADER_WORDS * sizeof(*o));
	bound = words[3];
	for (size_t i = SPIRV_HEADER_WORDS; i < nr_words; i += words[i] >> 16)
		k += rewrite(&words[i], words[i] >> 16, &o[k], &bound);
	o[3] = bound;
	*out = o;
	*out_words = k;
	return 0;
}
