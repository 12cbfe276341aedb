/* SPDX-License-Identifier: MIT */
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "vgl_spirv.h"

#define SPIRV_MAGIC 0x07230203u
#define SPIRV_HEADER_WORDS 5
#define OP_DECORATE 71u
#define DECORATION_BINDING 33u

int vgl_spirv_remap_bindings(uint32_t *words, size_t nr_words, const int32_t *map,
			     uint32_t map_len)
{
	size_t i = SPIRV_HEADER_WORDS;

	if (nr_words < SPIRV_HEADER_WORDS || words[0] != SPIRV_MAGIC)
		return -1;
	while (i < nr_words) {
		uint32_t op = words[i] & 0xffffu, count = words[i] >> 16;

		if (count == 0 || i + count > nr_words)
			return -1;
		if (op == OP_DECORATE && count >= 4 && words[i + 2] == DECORATION_BINDING &&
		    words[i + 3] < map_len && map[words[i + 3]] >= 0)
			words[i + 3] = (uint32_t)map[words[i + 3]];
		i += count;
	}
	return 0;
}

/* ---- the default block as push constants --------------------------------------------------- */

#define OP_TYPE_POINTER 32u
#define OP_VARIABLE 59u
#define OP_ACCESS_CHAIN 65u
#define OP_IN_BOUNDS_ACCESS_CHAIN 66u
#define OP_COPY_OBJECT 83u
#define DECORATION_DESCRIPTOR_SET 34u
#define DECORATION_NON_WRITABLE 24u
#define STORAGE_UNIFORM 2u
#define STORAGE_PUSH_CONSTANT 9u

/* What the rewrite needs to know about the module, from one pass. */
struct push_scan {
	uint32_t bound;
	uint32_t var;           /* the binding-0 uniform variable; 0: none */
	uint8_t *derived;       /* per id: a pointer into the default block */
	uint32_t *twin;         /* per Uniform pointer type id: its PushConstant twin, or 0 */
	uint32_t nr_twins;
};

static bool is_chain(uint32_t op)
{
	return op == OP_ACCESS_CHAIN || op == OP_IN_BOUNDS_ACCESS_CHAIN || op == OP_COPY_OBJECT;
}

/* Instructions other than chains and loads that can take a pointer operand
 * (operands and literals are not told apart: a literal equal to a derived
 * id only costs the fallback). */
static bool takes_pointer(uint32_t op)
{
	switch (op) {
	case 57:  /* OpFunctionCall */
	case 62:  /* OpStore */
	case 63:  /* OpCopyMemory */
	case 64:  /* OpCopyMemorySized */
	case 67:  /* OpPtrAccessChain */
	case 68:  /* OpArrayLength */
	case 80:  /* OpCompositeConstruct */
	case 169: /* OpSelect */
	case 245: /* OpPhi */
	case 254: /* OpReturnValue */
	case 401: case 402: case 403: /* OpPtrEqual, OpPtrNotEqual, OpPtrDiff */
		return true;
	}
	return false;
}

/* The binding-0 variable: decorated Binding 0 (and set 0, the only set gl/ uses). */
static uint32_t find_block(const uint32_t *w, size_t n)
{
	for (size_t i = SPIRV_HEADER_WORDS; i < n; i += w[i] >> 16)
		if ((w[i] & 0xffffu) == OP_DECORATE && (w[i] >> 16) >= 4 &&
		    w[i + 2] == DECORATION_BINDING && w[i + 3] == 0)
			return w[i + 1];
	return 0;
}

/* Marks the variable, every access chain off it, and the pointer types they
 * have; false if a pointer into the block is used other than by a chain or
 * a load's pointer operand (a call argument, a store of the pointer, ...). */
static bool scan_uses(const uint32_t *w, size_t n, struct push_scan *s)
{
	for (size_t i = SPIRV_HEADER_WORDS; i < n; i += w[i] >> 16) {
		uint32_t op = w[i] & 0xffffu, count = w[i] >> 16;

		if (op == OP_VARIABLE && count >= 4 && w[i + 2] == s->var) {
			if (w[i + 3] != STORAGE_UNIFORM || w[i + 1] >= s->bound)
				return false;
			s->derived[s->var] = 1;
			s->twin[w[i + 1]] = 1;
			continue;
		}
		if (is_chain(op) && count >= 4 && w[i + 3] < s->bound && s->derived[w[i + 3]]) {
			if (w[i + 1] >= s->bound || w[i + 2] >= s->bound)
				return false;
			s->derived[w[i + 2]] = 1;
			s->twin[w[i + 1]] = 1;
			continue;
		}
		if (!takes_pointer(op))
			continue;
		for (uint32_t k = 1; k < count; k++)
			if (w[i + k] < s->bound && s->derived[w[i + k]])
				return false;
	}
	return true;
}

/* Numbers the twins: each Uniform pointer type a derived id has gets a new id. */
static void number_twins(struct push_scan *s)
{
	for (uint32_t id = 0; id < s->bound; id++)
		if (s->twin[id])
			s->twin[id] = s->bound + s->nr_twins++;
}

static bool skip_in_push(const uint32_t *ins, const struct push_scan *s)
{
	uint32_t op = ins[0] & 0xffffu;

	/* a push constant block has no set and binding, and is read-only
	 * without NonWritable (which Vulkan allows on buffers and images only) */
	return op == OP_DECORATE && (ins[0] >> 16) >= 3 && ins[1] == s->var &&
	       (ins[2] == DECORATION_BINDING || ins[2] == DECORATION_DESCRIPTOR_SET ||
		ins[2] == DECORATION_NON_WRITABLE);
}

/* Copies one instruction to out, retyped; a twinned pointer type is followed by its twin. */
static size_t emit_push(const uint32_t *ins, const struct push_scan *s, uint32_t *out)
{
	uint32_t op = ins[0] & 0xffffu, count = ins[0] >> 16;

	if (skip_in_push(ins, s))
		return 0;
	memcpy(out, ins, count * 4);
	if (op == OP_TYPE_POINTER && count == 4 && ins[1] < s->bound && s->twin[ins[1]]) {
		out[4] = ins[0];
		out[5] = s->twin[ins[1]];
		out[6] = STORAGE_PUSH_CONSTANT;
		out[7] = ins[3];
		return 8;
	}
	if (op == OP_VARIABLE && ins[2] == s->var) {
		out[1] = s->twin[ins[1]];
		out[3] = STORAGE_PUSH_CONSTANT;
	} else if (is_chain(op) && count >= 4 && ins[2] < s->bound && s->derived[ins[2]]) {
		out[1] = s->twin[ins[1]];
	}
	return count;
}

static int scan_module(const uint32_t *w, size_t n, struct push_scan *s)
{
	for (size_t i = SPIRV_HEADER_WORDS; i < n;) {
		uint32_t count = w[i] >> 16;

		if (count == 0 || i + count > n)
			return -1;
		i += count;
	}
	s->bound = w[3];
	s->var = find_block(w, n);
	if (!s->var || s->var >= s->bound)
		return 1;
	s->derived = calloc(s->bound, 1);
	s->twin = calloc(s->bound, sizeof(*s->twin));
	if (!s->derived || !s->twin)
		return -1;
	if (!scan_uses(w, n, s))
		return 2;
	number_twins(s);
	return 0;
}

int vgl_spirv_block_to_push(const uint32_t *words, size_t nr_words, uint32_t **out,
			    size_t *out_words)
{
	struct push_scan s = { 0 };
	size_t o = SPIRV_HEADER_WORDS;
	uint32_t *w;
	int ret;

	*out = NULL;
	if (nr_words < SPIRV_HEADER_WORDS || words[0] != SPIRV_MAGIC)
		return -1;
	ret = scan_module(words, nr_words, &s);
	w = ret == 0 ? malloc((nr_words + 4 * s.nr_twins) * 4) : NULL;
	if (ret == 0 && !w)
		ret = -1;
	for (size_t i = SPIRV_HEADER_WORDS; w && i < nr_words; i += words[i] >> 16)
		o += emit_push(words + i, &s, w + o);
	if (w) {
		memcpy(w, words, SPIRV_HEADER_WORDS * 4);
		w[3] = s.bound + s.nr_twins;
		*out = w;
		*out_words = o;
	}
	free(s.derived);
	free(s.twin);
	return ret;
}
