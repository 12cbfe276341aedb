/* SPDX-License-Identifier: MIT */
/*
 * Products rewritten into fewer TGSI instructions, after common
 * subexpressions are shared (a product used twice stays one): (A * B) * v
 * of matrices as A * (B * v), and a single-use a * b feeding an add (or a
 * subtraction, where a constant can take the minus) as one MAD. Both need
 * use counts, taken fresh at the start.
 */
#include <stdlib.h>

#include "vc_opt_private.h"

static vc_type_id type_of(const struct vc_module *m, vc_value_id v)
{
	return vc_value_get(m, v)->type;
}

/*
 * (A * B) * v, A and B matrices, as A * (B * v): two matrix-vector products
 * (a MUL and MADs per column each) for a matrix product and one. Only where
 * A * B has no other use; the rounding differs, as GLSL ES allows (Mesa
 * reassociates the same way). B * v goes in just before.
 */
static bool mat_mat_vec(struct opt *o, struct vc_block *b, uint32_t i, struct vc_instr *in)
{
	const struct vc_value *ab = vc_value_get(o->m, in->srcs[0]);
	struct vc_block tmp = { 0 };
	vc_value_id srcs[2];
	vc_type_id col;
	struct vc_instr *bv;

	if (in->op != VC_OP_MAT_TIMES_VEC || ab->kind != VC_VALUE_INSTR || !ab->def ||
	    ab->def->op != VC_OP_MAT_TIMES_MAT || in->srcs[0] >= o->nr_uses ||
	    o->uses[in->srcs[0]] != 1)
		return false;
	srcs[0] = ab->def->srcs[1];
	srcs[1] = in->srcs[1];
	in->srcs[0] = ab->def->srcs[0];
	col = vc_type_child(o->m, vc_value_get(o->m, srcs[0])->type, 0);
	bv = vc_build(o->m, &tmp, VC_OP_MAT_TIMES_VEC, col, srcs, 2);  /* values may move */
	if (!bv || !opt_insert_node(o, b, i, tmp.nodes[0])) {
		free(tmp.nodes);
		o->m->oom = true;
		return false;
	}
	free(tmp.nodes);
	in->srcs[1] = bv->dest;
	return true;
}

/* The instruction defining v among b's first `before` nodes, else NULL. */
static const struct vc_instr *defined_before(const struct opt *o, const struct vc_block *b,
					     uint32_t before, vc_value_id v)
{
	const struct vc_value *val = vc_value_get(o->m, v);

	if (val->kind != VC_VALUE_INSTR || !val->def)
		return NULL;
	for (uint32_t i = before; i-- > 0;)
		if (b->nodes[i]->kind == VC_NODE_INSTR && &b->nodes[i]->instr == val->def)
			return val->def;
	return NULL;
}

/* A single-use a * b of the result's own type, earlier in the same block
 * (so no multiply moves into a loop or a branch). */
static const struct vc_instr *fusable_mul(const struct opt *o, const struct vc_block *b,
					  uint32_t i, vc_value_id v, vc_type_id type)
{
	const struct vc_instr *mul = defined_before(o, b, i, v);

	if (!mul || mul->op != VC_OP_FMUL || v >= o->nr_uses || o->uses[v] != 1)
		return NULL;
	for (unsigned k = 0; k < 2; k++)
		if (!opt_same_type(o->m, type_of(o->m, mul->srcs[k]), type))
			return NULL;
	return mul;
}

/* -k of a float constant k (0: not a constant of at most 4 words). */
static vc_value_id negated(struct opt *o, vc_value_id k)
{
	uint32_t w[4];
	uint32_t n = vc_type_words(o->m, type_of(o->m, k));

	if (!opt_is_const(o->m, k) || n > 4)
		return 0;
	for (uint32_t i = 0; i < n; i++)
		w[i] = opt_const_word(o->m, k, i) ^ 0x80000000u;
	return vc_value_const(o->m, type_of(o->m, k), w, n);
}

static void to_mad(struct opt *o, struct vc_instr *in, vc_value_id a, vc_value_id b, vc_value_id c)
{
	in->op = VC_OP_FFMA;
	in->srcs[0] = a;
	in->srcs[1] = b;
	in->srcs[2] = c;
	in->nr_srcs = 3;
	o->progress = true;
}

/* a * b - k as a * b + (-k); x - k * b as (-k) * b + x: constants negate
 * for free. */
static bool mul_sub(struct opt *o, struct vc_block *b, uint32_t i, struct vc_instr *in)
{
	const struct vc_instr *mul = fusable_mul(o, b, i, in->srcs[0], in->type);
	vc_value_id nk;

	if (mul && (nk = negated(o, in->srcs[1]))) {
		to_mad(o, in, mul->srcs[0], mul->srcs[1], nk);
		return true;
	}
	mul = fusable_mul(o, b, i, in->srcs[1], in->type);
	for (unsigned k = 0; mul && k < 2; k++)
		if ((nk = negated(o, mul->srcs[k]))) {
			to_mad(o, in, nk, mul->srcs[1 - k], in->srcs[0]);
			return true;
		}
	return false;
}

/*
 * a * b + c as one MAD (TGSI's MAD is a * b + c, unfused, on the host, so
 * results stay those of the two instructions) where a * b has no other use.
 */
static bool mul_add(struct opt *o, struct vc_block *b, uint32_t i, struct vc_instr *in)
{
	const struct vc_instr *mul = NULL;
	unsigned k;

	if ((in->op != VC_OP_FADD && in->op != VC_OP_FSUB) ||
	    !opt_same_type(o->m, type_of(o->m, in->srcs[1]), in->type) ||
	    !opt_same_type(o->m, type_of(o->m, in->srcs[0]), in->type))
		return false;
	if (in->op == VC_OP_FSUB)
		return mul_sub(o, b, i, in);
	for (k = 0; k < 2 && !mul; k++)
		mul = fusable_mul(o, b, i, in->srcs[k], in->type);
	if (!mul)
		return false;
	to_mad(o, in, mul->srcs[0], mul->srcs[1], in->srcs[k == 1 ? 1 : 0]);
	return true;
}

static void rewrite_products(struct opt *o, struct vc_block *b)
{
	for (uint32_t i = 0; i < b->nr && !o->m->oom; i++) {
		struct vc_node *n = b->nodes[i];

		if (n->kind == VC_NODE_INSTR && mat_mat_vec(o, b, i, &n->instr))
			i++;  /* past B * v, back at n */
		if (n->kind == VC_NODE_INSTR)
			mul_add(o, b, i, &n->instr);
		rewrite_products(o, &n->then_block);
		rewrite_products(o, &n->else_block);
		rewrite_products(o, &n->body);
		rewrite_products(o, &n->cont);
	}
}

bool opt_products(struct opt *o)
{
	if (!opt_count_uses(o))
		return false;
	rewrite_products(o, &o->m->body);
	return !o->m->oom;
}
