/* SPDX-License-Identifier: MIT */
/*
 * Algebraic identities. A result is replaced by one of its sources (or a
 * constant) only when the types agree, so a scalar broadcast against a
 * vector is never substituted for the vector. Float identities follow GLSL
 * ES, which does not require NaN, Inf or the sign of zero to be kept (Mesa
 * applies the same ones): x*1, x/1, x+0, x-0 are x. x*0 is left alone: it
 * would turn an Inf or NaN input into 0, a visible change in shaders that
 * test for them.
 */
#include <string.h>

#include "vc_opt_private.h"

#define F_ONE 0x3f800000u
#define F_ZERO 0u

static vc_type_id type_of(const struct vc_module *m, vc_value_id v)
{
	return vc_value_get(m, v)->type;
}

/* Replace the result by source `keep` when `other` is the constant w. */
static bool identity(struct opt *o, const struct vc_instr *in, unsigned keep, unsigned other,
		     uint32_t w)
{
	if (!opt_const_is(o->m, in->srcs[other], w) ||
	    !opt_same_type(o->m, type_of(o->m, in->srcs[keep]), in->type))
		return false;
	opt_replace(o, in->dest, in->srcs[keep]);
	return true;
}

/* Either operand order: x op c, c op x. */
static bool identity2(struct opt *o, const struct vc_instr *in, uint32_t w)
{
	return identity(o, in, 0, 1, w) || identity(o, in, 1, 0, w);
}

/* An op applied twice that undoes itself: -(-x), !!x, ~~x. */
static bool involution(struct opt *o, const struct vc_instr *in)
{
	const struct vc_value *v = vc_value_get(o->m, in->srcs[0]);

	if (v->kind != VC_VALUE_INSTR || !v->def || v->def->op != in->op ||
	    !opt_same_type(o->m, type_of(o->m, v->def->srcs[0]), in->type))
		return false;
	opt_replace(o, in->dest, v->def->srcs[0]);
	return true;
}

/* A constant result with the given word in every component. */
static bool to_const(struct opt *o, const struct vc_instr *in, uint32_t w)
{
	vc_value_id c = opt_const_splat(o->m, in->type, w);

	if (c)
		opt_replace(o, in->dest, c);
	return c != 0;
}

static bool select_const(struct opt *o, const struct vc_instr *in)
{
	vc_value_id pick;

	if (in->srcs[1] == in->srcs[2])
		pick = in->srcs[1];
	else if (opt_is_const(o->m, in->srcs[0]) && vc_type_comps(o->m, type_of(o->m, in->srcs[0])) == 1)
		pick = opt_const_word(o->m, in->srcs[0], 0) ? in->srcs[1] : in->srcs[2];
	else
		return false;
	if (!opt_same_type(o->m, type_of(o->m, pick), in->type))
		return false;
	opt_replace(o, in->dest, pick);
	return true;
}

static bool simplify_float(struct opt *o, const struct vc_instr *in)
{
	switch (in->op) {
	case VC_OP_FMUL: return identity2(o, in, F_ONE);
	case VC_OP_FDIV: return identity(o, in, 0, 1, F_ONE);
	case VC_OP_FADD: return identity2(o, in, F_ZERO);
	case VC_OP_FSUB: return identity(o, in, 0, 1, F_ZERO);
	case VC_OP_FNEG: return involution(o, in);
	default: return false;
	}
}

static bool simplify_int(struct opt *o, const struct vc_instr *in)
{
	switch (in->op) {
	case VC_OP_IMUL: return identity2(o, in, 1) || (opt_const_is(o->m, in->srcs[0], 0) ||
		opt_const_is(o->m, in->srcs[1], 0) ? to_const(o, in, 0) : false);
	case VC_OP_IADD: case VC_OP_IOR: case VC_OP_IXOR: return identity2(o, in, 0);
	case VC_OP_ISUB: case VC_OP_ISHL: case VC_OP_ISHR: case VC_OP_USHR:
		return identity(o, in, 0, 1, 0);
	case VC_OP_IAND: return identity2(o, in, 0xffffffffu);
	case VC_OP_UDIV: case VC_OP_IDIV: return identity(o, in, 0, 1, 1);
	case VC_OP_INEG: case VC_OP_INOT: return involution(o, in);
	default: return false;
	}
}

static bool simplify_bool(struct opt *o, const struct vc_instr *in)
{
	switch (in->op) {
	case VC_OP_LAND:
		return identity2(o, in, 1) || (opt_const_is(o->m, in->srcs[0], 0) ||
			opt_const_is(o->m, in->srcs[1], 0) ? to_const(o, in, 0) : false);
	case VC_OP_LOR:
		return identity2(o, in, 0) || (opt_const_is(o->m, in->srcs[0], 1) ||
			opt_const_is(o->m, in->srcs[1], 1) ? to_const(o, in, 1) : false);
	case VC_OP_LEQ: return identity2(o, in, 1);
	case VC_OP_LNE: return identity2(o, in, 0);
	case VC_OP_LNOT: return involution(o, in);
	case VC_OP_SELECT: return select_const(o, in);
	default: return false;
	}
}

/*
 * EXTRACT[p] of INSERT[q](composite, part): where q is p or leads to it, the
 * part (or, deeper, an EXTRACT of it); where the paths part ways, an EXTRACT
 * of the composite; of an undefined value, undefined. This is what reads of
 * a local array or struct that forwarding tracks element by element (as
 * unrolled loops write them) come down to.
 */
static bool extract_insert(struct opt *o, struct vc_instr *in)
{
	const struct vc_value *src = vc_value_get(o->m, in->srcs[0]);
	const struct vc_instr *ins = src->def;
	unsigned common;

	if (src->kind == VC_VALUE_UNDEF) {
		opt_replace(o, in->dest, vc_value_undef(o->m, in->type));
		return true;
	}
	if (src->kind != VC_VALUE_INSTR || !ins || ins->op != VC_OP_INSERT)
		return false;
	common = in->nr_lits < ins->nr_lits ? in->nr_lits : ins->nr_lits;
	if (memcmp(in->lits, ins->lits, common * sizeof(*in->lits))) {
		in->srcs[0] = ins->srcs[0];
	} else if (in->nr_lits == ins->nr_lits && opt_same_type(o->m, type_of(o->m, ins->srcs[1]), in->type)) {
		opt_replace(o, in->dest, ins->srcs[1]);
		return true;
	} else if (in->nr_lits > ins->nr_lits) {
		memmove(in->lits, in->lits + common, (in->nr_lits - common) * sizeof(*in->lits));
		in->nr_lits = (uint8_t)(in->nr_lits - common);
		in->srcs[0] = ins->srcs[1];
	} else {
		return false;
	}
	o->progress = true;
	return true;
}

/* A composite of undefined parts only is undefined (and a store of it goes). */
static bool construct_undef(struct opt *o, const struct vc_instr *in)
{
	for (unsigned i = 0; i < vc_instr_nr_srcs(in); i++)
		if (vc_value_get(o->m, vc_instr_src(in, i))->kind != VC_VALUE_UNDEF)
			return false;
	opt_replace(o, in->dest, vc_value_undef(o->m, in->type));
	return true;
}

static void simplify(struct opt *o, struct vc_instr *in, void *ctx)
{
	(void)ctx;
	if (!in->dest || opt_replaced(o, in->dest))
		return;
	if (in->op == VC_OP_COPY && opt_same_type(o->m, type_of(o->m, in->srcs[0]), in->type)) {
		opt_replace(o, in->dest, in->srcs[0]);
		return;
	}
	if (in->op == VC_OP_EXTRACT) {
		while (!opt_replaced(o, in->dest) && extract_insert(o, in))
			;
		return;
	}
	if (in->op == VC_OP_CONSTRUCT && construct_undef(o, in))
		return;
	if (!simplify_float(o, in) && !simplify_int(o, in))
		simplify_bool(o, in);
}

bool opt_algebra(struct opt *o)
{
	opt_walk(o, &o->m->body, simplify, NULL);
	return !o->m->oom;
}
