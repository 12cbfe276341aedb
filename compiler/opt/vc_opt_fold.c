/* SPDX-License-Identifier: MIT */
/*
 * Constant folding: an instruction whose sources are all constants becomes
 * a constant (component-wise ALU ops through vc_opt_eval.c, reductions,
 * dot products, and the composite ops that only move words around). The
 * instruction itself is left for dead-code elimination.
 */
#include <string.h>

#include "vc_opt_private.h"

static bool all_const(const struct vc_module *m, const struct vc_instr *in)
{
	for (unsigned i = 0; i < vc_instr_nr_srcs(in); i++)
		if (!opt_is_const(m, vc_instr_src(in, i)))
			return false;
	return vc_instr_nr_srcs(in) > 0;
}

static enum vc_base base_of(const struct vc_module *m, vc_value_id v)
{
	return vc_type_get(m, vc_value_get(m, v)->type)->base;
}

/* Component-wise ops on leaves: the result has `comps` words. */
static bool fold_componentwise(struct vc_module *m, const struct vc_instr *in, uint32_t *out)
{
	unsigned comps = vc_type_comps(m, in->type);
	enum vc_base base = base_of(m, in->srcs[0]);

	if (!comps || in->nr_srcs > 3 || in->nr_extra)
		return false;
	for (unsigned i = 0; i < in->nr_srcs; i++)
		if (!vc_type_is_leaf(m, vc_value_get(m, in->srcs[i])->type))
			return false;
	for (unsigned k = 0; k < comps; k++) {
		uint32_t w[3] = { 0 };

		for (unsigned i = 0; i < in->nr_srcs; i++)
			w[i] = opt_const_word(m, in->srcs[i], k);
		if (!opt_eval_op(in->op, base, &w[0], in->nr_srcs > 1 ? &w[1] : NULL,
				 in->nr_srcs > 2 ? &w[2] : NULL, &out[k]))
			return false;
	}
	return true;
}

static float f32(uint32_t w)
{
	float f;

	memcpy(&f, &w, 4);
	return f;
}

/* ANY, ALL and DOT: a vector to one word. */
static bool fold_reduce(struct vc_module *m, const struct vc_instr *in, uint32_t *out)
{
	unsigned n = vc_type_comps(m, vc_value_get(m, in->srcs[0])->type);
	float dot = 0.0f;

	if (!n)
		return false;
	*out = in->op == VC_OP_ALL;
	for (unsigned k = 0; k < n; k++) {
		uint32_t a = opt_const_word(m, in->srcs[0], k);

		if (in->op == VC_OP_ANY)
			*out |= a != 0;
		else if (in->op == VC_OP_ALL)
			*out &= a != 0;
		else
			dot += f32(a) * f32(opt_const_word(m, in->srcs[1], k));
	}
	if (in->op == VC_OP_FDOT)
		memcpy(out, &dot, 4);
	return true;
}

/* Word offset of the element that EXTRACT/INSERT's index path names, or -1. */
static int64_t path_offset(const struct vc_module *m, vc_type_id ty, const uint32_t *lits,
			   unsigned n, vc_type_id *leaf)
{
	int64_t off = 0;

	for (unsigned i = 0; i < n; i++) {
		if (lits[i] >= vc_type_nr_children(m, ty))
			return -1;
		for (uint32_t k = 0; k < lits[i]; k++)
			off += vc_type_words(m, vc_type_child(m, ty, k));
		ty = vc_type_child(m, ty, lits[i]);
	}
	*leaf = ty;
	return off;
}

static vc_value_id fold_extract(struct vc_module *m, const struct vc_instr *in)
{
	vc_type_id ty = vc_value_get(m, in->srcs[0])->type, leaf = 0;
	int64_t off = path_offset(m, ty, in->lits, in->nr_lits, &leaf);
	uint32_t n = vc_type_words(m, in->type);

	if (off < 0 || !opt_same_type(m, leaf, in->type) ||
	    off + n > vc_value_get(m, in->srcs[0])->nr_words)
		return 0;
	return vc_value_const(m, in->type, vc_value_words(m, in->srcs[0]) + off, n);
}

static vc_value_id fold_construct(struct vc_module *m, const struct vc_instr *in)
{
	uint32_t total = vc_type_words(m, in->type), n = 0;
	uint32_t words[64];

	if (total > 64)
		return 0;
	for (unsigned i = 0; i < vc_instr_nr_srcs(in); i++) {
		const struct vc_value *v = vc_value_get(m, vc_instr_src(in, i));

		if (n + v->nr_words > total)
			return 0;
		memcpy(words + n, vc_value_words(m, vc_instr_src(in, i)), v->nr_words * 4);
		n += v->nr_words;
	}
	return n == total ? vc_value_const(m, in->type, words, n) : 0;
}

static vc_value_id fold_shuffle(struct vc_module *m, const struct vc_instr *in)
{
	unsigned na = vc_type_comps(m, vc_value_get(m, in->srcs[0])->type);
	uint32_t words[4];

	if (!na || in->nr_lits != vc_type_comps(m, in->type))
		return 0;
	for (unsigned i = 0; i < in->nr_lits; i++)
		words[i] = in->lits[i] < na ? opt_const_word(m, in->srcs[0], in->lits[i])
					    : opt_const_word(m, in->srcs[1], in->lits[i] - na);
	return vc_value_const(m, in->type, words, in->nr_lits);
}

/* INSERT: srcs[0] the composite, srcs[1] the part at the index path. */
static vc_value_id fold_insert(struct vc_module *m, const struct vc_instr *in)
{
	vc_type_id leaf = 0;
	int64_t off = path_offset(m, in->type, in->lits, in->nr_lits, &leaf);
	uint32_t total = vc_type_words(m, in->type), part = vc_type_words(m, leaf), words[64];

	if (off < 0 || total > 64 || vc_value_get(m, in->srcs[0])->nr_words != total ||
	    vc_value_get(m, in->srcs[1])->nr_words != part || off + part > total)
		return 0;
	memcpy(words, vc_value_words(m, in->srcs[0]), total * 4);
	memcpy(words + off, vc_value_words(m, in->srcs[1]), part * 4);
	return vc_value_const(m, in->type, words, total);
}

static vc_value_id fold_words(struct vc_module *m, const struct vc_instr *in)
{
	uint32_t out[4];
	bool ok;

	if (in->op == VC_OP_ANY || in->op == VC_OP_ALL || in->op == VC_OP_FDOT)
		ok = fold_reduce(m, in, out);
	else
		ok = fold_componentwise(m, in, out);
	return ok ? vc_value_const(m, in->type, out, vc_type_comps(m, in->type)) : 0;
}

static vc_value_id fold(struct vc_module *m, const struct vc_instr *in)
{
	switch (in->op) {
	case VC_OP_EXTRACT: return fold_extract(m, in);
	case VC_OP_CONSTRUCT: return fold_construct(m, in);
	case VC_OP_SHUFFLE: return fold_shuffle(m, in);
	case VC_OP_INSERT: return fold_insert(m, in);
	default: return vc_type_is_leaf(m, in->type) ? fold_words(m, in) : 0;
	}
}

static void fold_instr(struct opt *o, struct vc_instr *in, void *ctx)
{
	vc_value_id c;

	(void)ctx;
	if (!in->dest || opt_replaced(o, in->dest) || !opt_op_is_pure(in->op) ||
	    !all_const(o->m, in))
		return;
	c = fold(o->m, in);
	if (c)
		opt_replace(o, in->dest, c);
}

bool opt_fold(struct opt *o)
{
	opt_walk(o, &o->m->body, fold_instr, NULL);
	return !o->m->oom;
}
