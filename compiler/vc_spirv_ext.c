/* SPDX-License-Identifier: MIT */
/*
 * Instructions that return two results are expanded here into plain IR ops,
 * so the back ends need no multi-result instruction: GLSL.std.450's modf and
 * frexp (one result through a pointer or a struct), and the integer pairs
 * of OpIAddCarry, OpISubBorrow, OpUMulExtended and OpSMulExtended (a struct).
 */
#include <spirv/unified1/GLSL.std.450.h>

#include "vc_spirv_private.h"

/* Operand 5 must be a float scalar or vector; returns it. */
static vc_value_id float_operand(struct spv *s, const struct sp_ins *in, unsigned *comps)
{
	vc_value_id x = sp_value(s, in, 5);
	const struct vc_type *t = vc_type_get(s->m, vc_value_get(s->m, x)->type);

	if (!vc_type_is_leaf(s->m, vc_value_get(s->m, x)->type) || t->base != VC_BASE_FLOAT)
		sp_fail(s, in->at, "SPIR-V: modf/frexp of a non-float");
	*comps = t->comps;
	return x;
}

/* The result is either `want` or, for the *Struct forms, a struct {want, second}. */
static void check_result(struct spv *s, const struct sp_ins *in, bool is_struct, vc_type_id want,
			 vc_type_id second)
{
	vc_type_id rt = sp_type(s, in, 1);
	const struct vc_type *t = vc_type_get(s->m, rt);

	if (!is_struct ? rt != want :
	    t->kind != VC_TYPE_STRUCT || t->nr_members != 2 || t->members[0].type != want ||
	    t->members[1].type != second)
		sp_fail(s, in->at, "SPIR-V: modf/frexp result type does not match its operand");
}

/* Stores `v` through the pointer operand 6, which must point at `type`. */
static void store_out(struct spv *s, struct vc_block *b, const struct sp_ins *in, vc_type_id type,
		      vc_value_id v)
{
	vc_value_id srcs[2] = { sp_value(s, in, 6), v };
	const struct vc_type *pt = vc_type_get(s->m, vc_value_get(s->m, srcs[0])->type);

	if (pt->kind != VC_TYPE_POINTER || pt->elem != type)
		sp_fail(s, in->at, "SPIR-V: modf/frexp output pointer of the wrong type");
	sp_build(s, b, VC_OP_STORE, 0, srcs, 2);
}

/* Either stores `second` through operand 6 and returns `first`, or returns both as a struct. */
static void finish(struct spv *s, struct vc_block *b, const struct sp_ins *in, bool is_struct,
		   vc_value_id first, vc_value_id second)
{
	vc_value_id parts[2] = { first, second };

	if (is_struct) {
		sp_set_result(s, in, sp_build(s, b, VC_OP_CONSTRUCT, sp_type(s, in, 1), parts, 2));
		return;
	}
	store_out(s, b, in, vc_value_get(s->m, second)->type, second);
	sp_set_result(s, in, first);
}

/* modf(x) = (x - trunc(x), trunc(x)) */
static void emit_modf(struct spv *s, struct vc_block *b, const struct sp_ins *in, bool is_struct)
{
	unsigned n;
	vc_value_id x = float_operand(s, in, &n);
	vc_type_id ty = vc_value_get(s->m, x)->type;
	vc_value_id whole, parts[2];

	check_result(s, in, is_struct, ty, ty);
	whole = sp_build(s, b, VC_OP_FTRUNC, ty, &x, 1);
	parts[0] = x;
	parts[1] = whole;
	finish(s, b, in, is_struct, sp_build(s, b, VC_OP_FSUB, ty, parts, 2), whole);
}

static vc_value_id op2(struct spv *s, struct vc_block *b, enum vc_op op, vc_type_id ty,
		       vc_value_id x, vc_value_id y)
{
	vc_value_id srcs[2] = { x, y };

	return sp_build(s, b, op, ty, srcs, 2);
}

static vc_value_id op3(struct spv *s, struct vc_block *b, enum vc_op op, vc_type_id ty,
		       vc_value_id x, vc_value_id y, vc_value_id z)
{
	vc_value_id srcs[3] = { x, y, z };

	return sp_build(s, b, op, ty, srcs, 3);
}

/*
 * frexp(x) from the bits: the biased exponent e gives x = m * 2^(e - 126)
 * with m = x's mantissa under the exponent of 0.5. Zero is (0, 0); the
 * host flushes denormals, so they are not special-cased.
 */
static void emit_frexp(struct spv *s, struct vc_block *b, const struct sp_ins *in, bool is_struct)
{
	struct vc_module *m = s->m;
	unsigned n;
	vc_value_id x = float_operand(s, in, &n), bits, e, mant, zero;
	vc_type_id ft = vc_value_get(m, x)->type, ut = vc_type_vector(m, VC_BASE_UINT, n);
	vc_type_id it = vc_type_vector(m, VC_BASE_INT, n), bt = vc_type_vector(m, VC_BASE_BOOL, n);

	check_result(s, in, is_struct, ft, it);
	bits = sp_build(s, b, VC_OP_BITCAST, ut, &x, 1);
	e = op3(s, b, VC_OP_UBFE, ut, bits, vc_value_const_u32(m, VC_BASE_UINT, 23),
		vc_value_const_u32(m, VC_BASE_UINT, 8));
	e = sp_build(s, b, VC_OP_BITCAST, it, &e, 1);
	e = op2(s, b, VC_OP_IADD, it, e, vc_value_const_u32(m, VC_BASE_INT, (uint32_t)-126));
	mant = op2(s, b, VC_OP_IAND, ut, bits, vc_value_const_u32(m, VC_BASE_UINT, 0x807fffffu));
	mant = op2(s, b, VC_OP_IOR, ut, mant, vc_value_const_u32(m, VC_BASE_UINT, 0x3f000000u));
	mant = sp_build(s, b, VC_OP_BITCAST, ft, &mant, 1);
	zero = op2(s, b, VC_OP_FEQ, bt, x, vc_value_const_u32(m, VC_BASE_FLOAT, 0));
	mant = op3(s, b, VC_OP_SELECT, ft, zero, x, mant);
	e = op3(s, b, VC_OP_SELECT, it, zero, vc_value_const_u32(m, VC_BASE_INT, 0), e);
	sp_check_oom(s, in->at);
	finish(s, b, in, is_struct, mant, e);
}

/* The struct {T, T} of an integer T, with x and y as wide as T; returns T. */
static vc_type_id int_pair_type(struct spv *s, const struct sp_ins *in, vc_value_id x, vc_value_id y)
{
	const struct vc_type *t = vc_type_get(s->m, sp_type(s, in, 1)), *mt;

	if (in->n != 5 || t->kind != VC_TYPE_STRUCT || t->nr_members != 2 ||
	    t->members[0].type != t->members[1].type)
		sp_fail(s, in->at, "SPIR-V: %s needs a struct of two equal members and two operands",
			vc_spirv_op_name(in->op));
	mt = vc_type_get(s->m, t->members[0].type);
	if (!vc_type_is_leaf(s->m, t->members[0].type) || mt->base == VC_BASE_FLOAT ||
	    mt->base == VC_BASE_BOOL ||
	    vc_type_comps(s->m, vc_value_get(s->m, x)->type) != mt->comps ||
	    vc_type_comps(s->m, vc_value_get(s->m, y)->type) != mt->comps)
		sp_fail(s, in->at, "SPIR-V: %s of the wrong types", vc_spirv_op_name(in->op));
	return t->members[0].type;
}

/* 1 where a < c (unsigned), else 0, of type `ty`. */
static vc_value_id below(struct spv *s, struct vc_block *b, vc_type_id ty, vc_value_id a,
			 vc_value_id c)
{
	vc_type_id bt = vc_type_vector(s->m, VC_BASE_BOOL, vc_type_comps(s->m, ty));
	vc_value_id lt = op2(s, b, VC_OP_ULT, bt, a, c);

	return op3(s, b, VC_OP_SELECT, ty, lt, vc_value_const_u32(s->m, VC_BASE_UINT, 1),
		   vc_value_const_u32(s->m, VC_BASE_UINT, 0));
}

/*
 * The struct results of OpIAddCarry {x + y, carry}, OpISubBorrow {x - y,
 * borrow}, OpUMulExtended / OpSMulExtended {x * y, the high word}: the
 * carry is sum < x, the borrow x < y, the high word UMUL_HI/IMUL_HI (TGSI's
 * UMUL_HI/IMUL_HI next to UMUL); users keep what they extract.
 */
void sp_emit_int_pair(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	vc_value_id x = sp_value(s, in, 3), y = sp_value(s, in, 4), parts[2];
	vc_type_id mt = int_pair_type(s, in, x, y);

	switch (in->op) {
	case SpvOpIAddCarry:
		parts[0] = op2(s, b, VC_OP_IADD, mt, x, y);
		parts[1] = below(s, b, mt, parts[0], x);
		break;
	case SpvOpISubBorrow:
		parts[0] = op2(s, b, VC_OP_ISUB, mt, x, y);
		parts[1] = below(s, b, mt, x, y);
		break;
	default:
		parts[0] = op2(s, b, VC_OP_IMUL, mt, x, y);
		parts[1] = op2(s, b, in->op == SpvOpUMulExtended ? VC_OP_UMUL_HI : VC_OP_IMUL_HI,
			       mt, x, y);
		break;
	}
	sp_check_oom(s, in->at);
	sp_set_result(s, in, sp_build(s, b, VC_OP_CONSTRUCT, sp_type(s, in, 1), parts, 2));
}

bool sp_emit_glsl_lowered(struct spv *s, struct vc_block *b, const struct sp_ins *in,
			  uint32_t inst)
{
	switch (inst) {
	case GLSLstd450Modf: case GLSLstd450ModfStruct:
		if (in->n != (inst == GLSLstd450Modf ? 7 : 6))
			sp_fail(s, in->at, "SPIR-V: modf with %u words", in->n);
		emit_modf(s, b, in, inst == GLSLstd450ModfStruct);
		return true;
	case GLSLstd450Frexp: case GLSLstd450FrexpStruct:
		if (in->n != (inst == GLSLstd450Frexp ? 7 : 6))
			sp_fail(s, in->at, "SPIR-V: frexp with %u words", in->n);
		emit_frexp(s, b, in, inst == GLSLstd450FrexpStruct);
		return true;
	default:
		return false;
	}
}
