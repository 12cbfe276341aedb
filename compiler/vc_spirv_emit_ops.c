/* SPDX-License-Identifier: MIT */
/*
 * IR instructions -> SPIR-V instructions, one function per family.
 *
 * The IR is looser than SPIR-V in two ways the writer makes up for: a
 * scalar operand of a component-wise op is broadcast (SPIR-V wants every
 * operand as wide as the result, so it is splatted), and int/uint mixes
 * where SPIR-V wants one exact type are bitcast.
 */
#include <spirv/unified1/GLSL.std.450.h>
#include <string.h>

#include "vc_spirv_emit_private.h"

/* how operands are fitted to the result */
enum se_fit {
	FIT_NONE,   /* as they are */
	FIT_WIDTH,  /* scalars splatted to the result's width */
	FIT_TYPE,   /* also bitcast to the result's component type (int <-> uint) */
	FIT_FIRST,  /* width only, and only the first operand(s) flagged below */
};

struct se_alu {
	uint8_t ir;
	uint16_t spv;   /* core opcode, or 0 */
	uint8_t ext;    /* GLSL.std.450 instruction, when spv is 0 */
	uint8_t fit;
	uint8_t mask;   /* FIT_FIRST: which operands to fit */
};

#define CORE(ir, op, fit) { VC_OP_##ir, SpvOp##op, 0, fit, 0xff }
#define EXT(ir, inst, fit) { VC_OP_##ir, 0, GLSLstd450##inst, fit, 0xff }
#define EXTM(ir, inst, mask) { VC_OP_##ir, 0, GLSLstd450##inst, FIT_FIRST, mask }
#define COREM(ir, op, mask) { VC_OP_##ir, SpvOp##op, 0, FIT_FIRST, mask }

static const struct se_alu alu_table[] = {
	CORE(FNEG, FNegate, FIT_NONE), CORE(FADD, FAdd, FIT_WIDTH), CORE(FSUB, FSub, FIT_WIDTH),
	CORE(FDIV, FDiv, FIT_WIDTH), CORE(FMOD, FMod, FIT_WIDTH),
	EXT(FABS, FAbs, FIT_NONE), EXT(FSIGN, FSign, FIT_NONE), EXT(FLOOR, Floor, FIT_NONE),
	EXT(FCEIL, Ceil, FIT_NONE), EXT(FTRUNC, Trunc, FIT_NONE), EXT(FROUND, Round, FIT_NONE),
	EXT(FROUND_EVEN, RoundEven, FIT_NONE), EXT(FFRACT, Fract, FIT_NONE),
	EXT(FMIN, FMin, FIT_WIDTH), EXT(FMAX, FMax, FIT_WIDTH), EXT(FCLAMP, FClamp, FIT_WIDTH),
	EXT(FMIX, FMix, FIT_WIDTH), EXT(FSTEP, Step, FIT_WIDTH),
	EXT(FSMOOTHSTEP, SmoothStep, FIT_WIDTH), EXT(FFMA, Fma, FIT_WIDTH),
	EXT(FSQRT, Sqrt, FIT_NONE), EXT(FRSQ, InverseSqrt, FIT_NONE), EXT(FEXP, Exp, FIT_NONE),
	EXT(FLOG, Log, FIT_NONE), EXT(FEXP2, Exp2, FIT_NONE), EXT(FLOG2, Log2, FIT_NONE),
	EXT(FPOW, Pow, FIT_WIDTH), EXT(FSIN, Sin, FIT_NONE), EXT(FCOS, Cos, FIT_NONE),
	EXT(FTAN, Tan, FIT_NONE), EXT(FASIN, Asin, FIT_NONE), EXT(FACOS, Acos, FIT_NONE),
	EXT(FATAN, Atan, FIT_NONE), EXT(FATAN2, Atan2, FIT_WIDTH), EXT(FSINH, Sinh, FIT_NONE),
	EXT(FCOSH, Cosh, FIT_NONE), EXT(FTANH, Tanh, FIT_NONE), EXT(FASINH, Asinh, FIT_NONE),
	EXT(FACOSH, Acosh, FIT_NONE), EXT(FATANH, Atanh, FIT_NONE),
	EXT(FRADIANS, Radians, FIT_NONE), EXT(FDEGREES, Degrees, FIT_NONE),
	EXT(FLDEXP, Ldexp, FIT_WIDTH),
	CORE(FISNAN, IsNan, FIT_NONE), CORE(FISINF, IsInf, FIT_NONE),
	CORE(FDDX, DPdx, FIT_NONE), CORE(FDDY, DPdy, FIT_NONE), CORE(FWIDTH, Fwidth, FIT_NONE),
	CORE(FDOT, Dot, FIT_NONE), EXT(FLENGTH, Length, FIT_NONE),
	EXT(FDISTANCE, Distance, FIT_NONE), EXT(FNORMALIZE, Normalize, FIT_NONE),
	EXT(FCROSS, Cross, FIT_NONE), EXT(FREFLECT, Reflect, FIT_NONE),
	EXTM(FREFRACT, Refract, 0x3), EXT(FFACEFORWARD, FaceForward, FIT_NONE),
	CORE(INEG, SNegate, FIT_NONE), CORE(IADD, IAdd, FIT_WIDTH), CORE(ISUB, ISub, FIT_WIDTH),
	CORE(IMUL, IMul, FIT_WIDTH), CORE(IDIV, SDiv, FIT_TYPE), CORE(UDIV, UDiv, FIT_TYPE),
	CORE(IMOD, SRem, FIT_TYPE), CORE(UMOD, UMod, FIT_TYPE),
	EXT(IABS, SAbs, FIT_TYPE), EXT(ISIGN, SSign, FIT_TYPE), EXT(IMIN, SMin, FIT_TYPE),
	EXT(IMAX, SMax, FIT_TYPE), EXT(UMIN, UMin, FIT_TYPE), EXT(UMAX, UMax, FIT_TYPE),
	EXT(ICLAMP, SClamp, FIT_TYPE), EXT(UCLAMP, UClamp, FIT_TYPE),
	CORE(ISHL, ShiftLeftLogical, FIT_WIDTH), CORE(ISHR, ShiftRightArithmetic, FIT_WIDTH),
	CORE(USHR, ShiftRightLogical, FIT_WIDTH), CORE(IAND, BitwiseAnd, FIT_WIDTH),
	CORE(IOR, BitwiseOr, FIT_WIDTH), CORE(IXOR, BitwiseXor, FIT_WIDTH), CORE(INOT, Not, FIT_NONE),
	COREM(IBFE, BitFieldSExtract, 0x1), COREM(UBFE, BitFieldUExtract, 0x1),
	COREM(BFI, BitFieldInsert, 0x3), CORE(BITREV, BitReverse, FIT_NONE),
	CORE(BITCOUNT, BitCount, FIT_NONE), EXT(FIND_LSB, FindILsb, FIT_NONE),
	EXT(IFIND_MSB, FindSMsb, FIT_NONE), EXT(UFIND_MSB, FindUMsb, FIT_NONE),
	CORE(FEQ, FOrdEqual, FIT_WIDTH), CORE(FNE, FUnordNotEqual, FIT_WIDTH),
	CORE(FLT, FOrdLessThan, FIT_WIDTH), CORE(FLE, FOrdLessThanEqual, FIT_WIDTH),
	CORE(FGT, FOrdGreaterThan, FIT_WIDTH), CORE(FGE, FOrdGreaterThanEqual, FIT_WIDTH),
	CORE(IEQ, IEqual, FIT_WIDTH), CORE(INE, INotEqual, FIT_WIDTH),
	CORE(ILT, SLessThan, FIT_WIDTH), CORE(ILE, SLessThanEqual, FIT_WIDTH),
	CORE(IGT, SGreaterThan, FIT_WIDTH), CORE(IGE, SGreaterThanEqual, FIT_WIDTH),
	CORE(ULT, ULessThan, FIT_WIDTH), CORE(ULE, ULessThanEqual, FIT_WIDTH),
	CORE(UGT, UGreaterThan, FIT_WIDTH), CORE(UGE, UGreaterThanEqual, FIT_WIDTH),
	CORE(LAND, LogicalAnd, FIT_WIDTH), CORE(LOR, LogicalOr, FIT_WIDTH),
	CORE(LNOT, LogicalNot, FIT_NONE), CORE(LEQ, LogicalEqual, FIT_WIDTH),
	CORE(LNE, LogicalNotEqual, FIT_WIDTH),
	CORE(F2I, ConvertFToS, FIT_NONE), CORE(F2U, ConvertFToU, FIT_NONE),
	CORE(I2F, ConvertSToF, FIT_NONE), CORE(U2F, ConvertUToF, FIT_NONE),
	CORE(BITCAST, Bitcast, FIT_NONE),
	EXT(PACK_SNORM_2X16, PackSnorm2x16, FIT_NONE), EXT(UNPACK_SNORM_2X16, UnpackSnorm2x16, FIT_NONE),
	EXT(PACK_UNORM_2X16, PackUnorm2x16, FIT_NONE), EXT(UNPACK_UNORM_2X16, UnpackUnorm2x16, FIT_NONE),
	EXT(PACK_HALF_2X16, PackHalf2x16, FIT_NONE), EXT(UNPACK_HALF_2X16, UnpackHalf2x16, FIT_NONE),
	CORE(MAT_TIMES_VEC, MatrixTimesVector, FIT_NONE),
	CORE(VEC_TIMES_MAT, VectorTimesMatrix, FIT_NONE),
	CORE(MAT_TIMES_MAT, MatrixTimesMatrix, FIT_NONE), CORE(TRANSPOSE, Transpose, FIT_NONE),
	CORE(OUTER_PRODUCT, OuterProduct, FIT_NONE), EXT(DETERMINANT, Determinant, FIT_NONE),
	EXT(INVERSE, MatrixInverse, FIT_NONE),
	EXT(INTERP_CENTROID, InterpolateAtCentroid, FIT_NONE),
	EXT(INTERP_SAMPLE, InterpolateAtSample, FIT_NONE),
	EXT(INTERP_OFFSET, InterpolateAtOffset, FIT_NONE),
};

static const struct se_alu *alu_of(enum vc_op op)
{
	static const struct se_alu *index[VC_OP_COUNT];
	static bool ready;

	/* built once; the table is constant so a race writes the same values */
	if (!ready) {
		for (size_t i = 0; i < sizeof(alu_table) / sizeof(alu_table[0]); i++)
			index[alu_table[i].ir] = &alu_table[i];
		ready = true;
	}
	return (unsigned)op < VC_OP_COUNT ? index[op] : NULL;
}

/* ---- operands ------------------------------------------------------------------- */

static const struct vc_type *type_of(struct se *e, vc_value_id v)
{
	return &e->m->types[e->m->values[v].type];
}

static bool valid_value(struct se *e, vc_value_id v)
{
	if (v == 0 || v >= e->m->nr_values) {
		se_fail(e, "SPIR-V writer: operand value %u out of range", v);
		return false;
	}
	return true;
}

static unsigned comps_of(struct se *e, vc_value_id v)
{
	return vc_type_comps(e->m, e->m->values[v].type);
}

/* A scalar made `comps` wide: a constant composite, or OpCompositeConstruct. */
static uint32_t splat(struct se *e, vc_value_id v, uint32_t id, unsigned comps)
{
	enum vc_base base = type_of(e, v)->base;
	uint32_t ops[6] = { se_type_scalar(e, base, comps), 0, id, id, id, id };

	if (e->m->values[v].kind == VC_VALUE_CONST)
		return se_intern(e, SpvOpConstantComposite, ops, 2 + comps, 1);
	ops[1] = se_id(e);
	se_ins(e, SE_CODE, SpvOpCompositeConstruct, ops, 2 + comps);
	return ops[1];
}

/* Operand `v` fitted to `comps` components (and to `base` when fit_base). */
static uint32_t operand(struct se *e, vc_value_id v, unsigned comps, enum vc_base base,
			bool fit_base)
{
	const struct vc_type *t;
	uint32_t id;

	if (!valid_value(e, v))
		return 0;
	id = se_value(e, v);
	t = type_of(e, v);
	if (t->kind != VC_TYPE_SCALAR && t->kind != VC_TYPE_VECTOR)
		return id;
	if (fit_base && t->base != base && t->base != VC_BASE_BOOL && base != VC_BASE_BOOL) {
		uint32_t ops[3] = { se_type_scalar(e, base, t->comps), se_id(e), id };
		se_ins(e, SE_CODE, SpvOpBitcast, ops, 3);
		id = ops[1];
	}
	if (t->comps == 1 && comps > 1)
		id = splat(e, v, id, comps);
	return id;
}

static uint32_t plain(struct se *e, vc_value_id v)
{
	return valid_value(e, v) ? se_value(e, v) : 0;
}

/* The result id of `in`, remembered for its users and marked for precision. */
static uint32_t result(struct se *e, const struct vc_instr *in)
{
	uint32_t id;

	if (in->dest == 0 || in->dest >= e->m->nr_values) {
		se_fail(e, "SPIR-V writer: %s without a result value", vc_op_name(in->op));
		return 0;
	}
	id = e->value_ids[in->dest] = se_id(e);
	se_relaxed(e, id, e->m->values[in->dest].precision);
	return id;
}

/* Emits `op` (core) with result type and id, then `n` operand words. */
static void emit_op(struct se *e, const struct vc_instr *in, SpvOp op, const uint32_t *ops,
		    uint32_t n)
{
	uint32_t w[2 + 16];

	if (n > 16 || se_failed(e)) {
		se_fail(e, "SPIR-V writer: %s with %u operands", vc_op_name(in->op), n);
		return;
	}
	w[0] = se_type(e, in->type);
	w[1] = result(e, in);
	memcpy(&w[2], ops, n * sizeof(*ops));
	se_ins(e, SE_CODE, op, w, 2 + n);
}

static void emit_ext(struct se *e, const struct vc_instr *in, uint32_t inst, const uint32_t *ops,
		     uint32_t n)
{
	uint32_t w[2 + 4] = { e->glsl_ext, inst };

	memcpy(&w[2], ops, n * sizeof(*ops));
	emit_op(e, in, SpvOpExtInst, w, 2 + n);
}

/* ---- ALU --------------------------------------------------------------------------- */

static void emit_alu(struct se *e, const struct vc_instr *in, const struct se_alu *a)
{
	const struct vc_type *rt = &e->m->types[in->type];
	unsigned comps = vc_type_comps(e->m, in->type);
	uint32_t ops[4];
	int arity = vc_op_arity((enum vc_op)in->op);

	if (arity < 0 || in->nr_srcs != arity || arity > 4) {
		se_fail(e, "SPIR-V writer: %s with %u operands", vc_op_name(in->op), in->nr_srcs);
		return;
	}
	for (int i = 0; i < arity; i++) {
		bool fit = a->fit != FIT_NONE && (a->mask >> i & 1) && comps;
		ops[i] = fit ? operand(e, in->srcs[i], comps, rt->base, a->fit == FIT_TYPE)
			     : plain(e, in->srcs[i]);
	}
	if (in->op >= VC_OP_INTERP_CENTROID && in->op <= VC_OP_INTERP_OFFSET)
		se_cap(e, SpvCapabilityInterpolationFunction);
	if (a->spv)
		emit_op(e, in, a->spv, ops, arity);
	else
		emit_ext(e, in, a->ext, ops, arity);
}

/* vec * scalar is OpVectorTimesScalar, as the reader read it; else component-wise. */
static void emit_fmul(struct se *e, const struct vc_instr *in)
{
	unsigned comps = vc_type_comps(e->m, in->type);
	uint32_t ops[2];

	if (!valid_value(e, in->srcs[0]) || !valid_value(e, in->srcs[1]))
		return;
	if (comps > 1 && comps_of(e, in->srcs[0]) == comps && comps_of(e, in->srcs[1]) == 1 &&
	    e->m->types[in->type].base == VC_BASE_FLOAT) {
		ops[0] = plain(e, in->srcs[0]);
		ops[1] = plain(e, in->srcs[1]);
		emit_op(e, in, SpvOpVectorTimesScalar, ops, 2);
		return;
	}
	ops[0] = operand(e, in->srcs[0], comps, VC_BASE_FLOAT, false);
	ops[1] = operand(e, in->srcs[1], comps, VC_BASE_FLOAT, false);
	emit_op(e, in, SpvOpFMul, ops, 2);
}

static void emit_select(struct se *e, const struct vc_instr *in)
{
	unsigned comps = vc_type_comps(e->m, in->type);
	enum vc_base base = e->m->types[in->type].base;
	uint32_t ops[3];

	/* SPIR-V 1.0 selects composites only component-wise, with a bool per component */
	if (!comps) {
		se_fail(e, "SPIR-V writer: SELECT of a non-vector");
		return;
	}
	ops[0] = operand(e, in->srcs[0], comps, VC_BASE_BOOL, false);
	ops[1] = operand(e, in->srcs[1], comps, base, true);
	ops[2] = operand(e, in->srcs[2], comps, base, true);
	emit_op(e, in, SpvOpSelect, ops, 3);
}

/* any/all of a scalar bool is the bool itself */
static void emit_any_all(struct se *e, const struct vc_instr *in)
{
	uint32_t op = plain(e, in->srcs[0]);

	if (!se_failed(e) && comps_of(e, in->srcs[0]) == 1)
		emit_op(e, in, SpvOpCopyObject, &op, 1);
	else
		emit_op(e, in, in->op == VC_OP_ANY ? SpvOpAny : SpvOpAll, &op, 1);
}

/* rcp(x) = 1.0 / x: SPIR-V has no reciprocal */
static void emit_rcp(struct se *e, const struct vc_instr *in)
{
	unsigned comps = vc_type_comps(e->m, in->type);
	uint32_t ops[2] = { se_const_splat(e, VC_BASE_FLOAT, comps, 0x3f800000u),
			    operand(e, in->srcs[0], comps, VC_BASE_FLOAT, false) };

	emit_op(e, in, SpvOpFDiv, ops, 2);
}

/*
 * The high word of a 32 x 32-bit product: member 1 of OpUMulExtended's or
 * OpSMulExtended's {lsb, msb} struct (whose members must have the result's
 * type; OpUMulExtended's an unsigned one, as UMUL_HI's result is).
 */
static void emit_mul_hi(struct se *e, const struct vc_instr *in)
{
	unsigned comps = vc_type_comps(e->m, in->type);
	enum vc_base base = e->m->types[in->type].base;
	uint32_t member = se_type(e, in->type), st[3] = { 0, member, member };
	uint32_t w[4] = { se_intern(e, SpvOpTypeStruct, st, 3, 0), 0,
			  operand(e, in->srcs[0], comps, base, true),
			  operand(e, in->srcs[1], comps, base, true) };
	uint32_t hi[2] = { 0, 1 };

	if (se_failed(e))
		return;
	w[1] = hi[0] = se_id(e);
	se_ins(e, SE_CODE, in->op == VC_OP_UMUL_HI ? SpvOpUMulExtended : SpvOpSMulExtended, w, 4);
	emit_op(e, in, SpvOpCompositeExtract, hi, 2);
}

static void emit_mat_scalar(struct se *e, const struct vc_instr *in)
{
	uint32_t ops[2] = { plain(e, in->srcs[0]), plain(e, in->srcs[1]) };

	if (!se_failed(e) && type_of(e, in->srcs[0])->kind != VC_TYPE_MATRIX) {
		uint32_t t = ops[0];
		ops[0] = ops[1];
		ops[1] = t;
	}
	emit_op(e, in, SpvOpMatrixTimesScalar, ops, 2);
}

/* COPY of another type (a producer's int <-> uint move) is a bitcast */
static void emit_copy(struct se *e, const struct vc_instr *in)
{
	uint32_t op = plain(e, in->srcs[0]);

	if (!se_failed(e) && se_type(e, e->m->values[in->srcs[0]].type) != se_type(e, in->type))
		emit_op(e, in, SpvOpBitcast, &op, 1);
	else
		emit_op(e, in, SpvOpCopyObject, &op, 1);
}

/* ---- composites ------------------------------------------------------------------ */

static void emit_construct(struct se *e, const struct vc_instr *in)
{
	unsigned n = vc_instr_nr_srcs(in), comps = vc_type_comps(e->m, in->type);
	uint32_t ops[256];

	if (n == 0 || n > 256) {
		se_fail(e, "SPIR-V writer: CONSTRUCT with %u operands", n);
		return;
	}
	if (in->nr_extra && !in->extra) {
		se_fail(e, "SPIR-V writer: CONSTRUCT without its extra operands");
		return;
	}
	if (n == 1 && comps > 1 && valid_value(e, in->srcs[0]) && comps_of(e, in->srcs[0]) == 1) {
		uint32_t id = operand(e, in->srcs[0], comps, e->m->types[in->type].base, false);
		emit_op(e, in, SpvOpCopyObject, &id, 1);
		return;
	}
	for (unsigned i = 0; i < n; i++)
		ops[i] = plain(e, vc_instr_src(in, i));
	if (n <= 16)
		emit_op(e, in, SpvOpCompositeConstruct, ops, n);
	else if (!se_failed(e)) {
		uint32_t w[2 + 256] = { se_type(e, in->type), result(e, in) };
		memcpy(&w[2], ops, n * sizeof(*ops));
		se_ins(e, SE_CODE, SpvOpCompositeConstruct, w, 2 + n);
	}
}

static void emit_extract_insert(struct se *e, const struct vc_instr *in)
{
	bool insert = in->op == VC_OP_INSERT;
	uint32_t ops[2 + 4], n = 0;

	if (in->nr_lits == 0 || in->nr_lits > 4 || in->nr_srcs != (insert ? 2 : 1)) {
		se_fail(e, "SPIR-V writer: %s with a bad index path", vc_op_name(in->op));
		return;
	}
	if (insert)
		ops[n++] = plain(e, in->srcs[1]);
	ops[n++] = plain(e, in->srcs[0]);
	/* a scalar's only component is itself */
	if (!insert && !se_failed(e) && type_of(e, in->srcs[0])->kind == VC_TYPE_SCALAR) {
		emit_op(e, in, SpvOpCopyObject, ops, 1);
		return;
	}
	for (unsigned i = 0; i < in->nr_lits; i++)
		ops[n++] = in->lits[i];
	emit_op(e, in, insert ? SpvOpCompositeInsert : SpvOpCompositeExtract, ops, n);
}

/* Component `k` of a leaf value: itself for a scalar. */
static uint32_t component(struct se *e, vc_value_id v, uint32_t k)
{
	uint32_t ops[4] = { se_type_scalar(e, type_of(e, v)->base, 1), 0, plain(e, v), 0 };

	if (comps_of(e, v) == 1)
		return ops[2];
	ops[1] = se_id(e);
	ops[3] = k;
	se_ins(e, SE_CODE, SpvOpCompositeExtract, ops, 4);
	return ops[1];
}

static void emit_shuffle(struct se *e, const struct vc_instr *in)
{
	unsigned na, nb;
	uint32_t ops[2 + 4];

	if (!valid_value(e, in->srcs[0]) || !valid_value(e, in->srcs[1]) || in->nr_lits == 0 ||
	    in->nr_lits > 4)
		{
			se_fail(e, "SPIR-V writer: SHUFFLE with bad operands");
			return;
		}
	na = comps_of(e, in->srcs[0]);
	nb = comps_of(e, in->srcs[1]);
	for (unsigned i = 0; i < in->nr_lits; i++)
		if (in->lits[i] >= na + nb)
			{
				se_fail(e, "SPIR-V writer: SHUFFLE component %u out of range", in->lits[i]);
				return;
			}
	if (na > 1 && nb > 1 && in->nr_lits > 1) {
		ops[0] = plain(e, in->srcs[0]);
		ops[1] = plain(e, in->srcs[1]);
		memcpy(&ops[2], in->lits, in->nr_lits * sizeof(uint32_t));
		emit_op(e, in, SpvOpVectorShuffle, ops, 2 + in->nr_lits);
		return;
	}
	/* a scalar side (or a one-component result): gather the components */
	for (unsigned i = 0; i < in->nr_lits; i++)
		ops[i] = in->lits[i] < na ? component(e, in->srcs[0], in->lits[i])
					  : component(e, in->srcs[1], in->lits[i] - na);
	emit_op(e, in, in->nr_lits > 1 ? SpvOpCompositeConstruct : SpvOpCopyObject, ops,
		in->nr_lits);
}

static void emit_dynamic(struct se *e, const struct vc_instr *in)
{
	uint32_t ops[3];
	unsigned n = in->op == VC_OP_EXTRACT_DYN ? 2 : 3;

	if (in->nr_srcs != n || !valid_value(e, in->srcs[0]))
		{
			se_fail(e, "SPIR-V writer: %s with bad operands", vc_op_name(in->op));
			return;
		}
	if (type_of(e, in->srcs[0])->kind != VC_TYPE_VECTOR)
		{
			se_fail(e, "SPIR-V writer: %s of a non-vector is not supported",
			       vc_op_name(in->op));
			return;
		}
	for (unsigned i = 0; i < n; i++)
		ops[i] = plain(e, in->srcs[i]);
	emit_op(e, in, n == 2 ? SpvOpVectorExtractDynamic : SpvOpVectorInsertDynamic, ops, n);
}

/* ---- memory ----------------------------------------------------------------------- */

static bool is_pointer(struct se *e, vc_value_id v)
{
	if (!valid_value(e, v))
		return false;
	if (type_of(e, v)->kind != VC_TYPE_POINTER) {
		se_fail(e, "SPIR-V writer: pointer operand is not a pointer");
		return false;
	}
	return true;
}

static void emit_access_chain(struct se *e, const struct vc_instr *in)
{
	unsigned n = vc_instr_nr_srcs(in);
	uint32_t ops[16], w[2 + 16];
	SpvStorageClass sc;

	if (n < 2 || n > 16 || !is_pointer(e, in->srcs[0]) ||
	    e->m->types[in->type].kind != VC_TYPE_POINTER)
		{
			se_fail(e, "SPIR-V writer: ACCESS_CHAIN with bad operands");
			return;
		}
	if (in->nr_extra && !in->extra)
		{
			se_fail(e, "SPIR-V writer: ACCESS_CHAIN without its extra operands");
			return;
		}
	for (unsigned i = 0; i < n; i++)
		ops[i] = plain(e, vc_instr_src(in, i));
	if (se_failed(e))
		return;
	/* the IR's result pointer type may not carry the storage class: the
	 * variable under the chain decides it */
	sc = e->value_sc[in->srcs[0]];
	w[0] = se_type_pointer(e, sc, se_type(e, e->m->types[in->type].elem));
	w[1] = result(e, in);
	e->value_sc[in->dest] = (uint8_t)sc;
	memcpy(&w[2], ops, n * sizeof(*ops));
	se_ins(e, SE_CODE, SpvOpAccessChain, w, 2 + n);
}

static void emit_load(struct se *e, const struct vc_instr *in)
{
	uint32_t ptr;

	if (in->nr_srcs != 1 || !is_pointer(e, in->srcs[0]))
		{
			se_fail(e, "SPIR-V writer: LOAD without a pointer");
			return;
		}
	ptr = plain(e, in->srcs[0]);
	emit_op(e, in, SpvOpLoad, &ptr, 1);
}

static void emit_store(struct se *e, const struct vc_instr *in)
{
	if (in->nr_srcs != 2 || !is_pointer(e, in->srcs[0]) || !valid_value(e, in->srcs[1]))
		{
			se_fail(e, "SPIR-V writer: STORE without a pointer and a value");
			return;
		}
	se_ins2(e, SE_CODE, SpvOpStore, plain(e, in->srcs[0]), plain(e, in->srcs[1]));
}

static void emit_array_length(struct se *e, const struct vc_instr *in)
{
	uint32_t ops[2];

	if (in->nr_srcs != 1 || in->nr_lits != 1 || !is_pointer(e, in->srcs[0]))
		{
			se_fail(e, "SPIR-V writer: ARRAY_LENGTH with bad operands");
			return;
		}
	ops[0] = plain(e, in->srcs[0]);
	ops[1] = in->lits[0];
	emit_op(e, in, SpvOpArrayLength, ops, 2);
}

/* ---- atomics and barriers ---------------------------------------------------------- */

static const SpvOp atomic_ops[] = {
	[VC_ATOMIC_ADD] = SpvOpAtomicIAdd, [VC_ATOMIC_IMIN] = SpvOpAtomicSMin,
	[VC_ATOMIC_UMIN] = SpvOpAtomicUMin, [VC_ATOMIC_IMAX] = SpvOpAtomicSMax,
	[VC_ATOMIC_UMAX] = SpvOpAtomicUMax, [VC_ATOMIC_AND] = SpvOpAtomicAnd,
	[VC_ATOMIC_OR] = SpvOpAtomicOr, [VC_ATOMIC_XOR] = SpvOpAtomicXor,
	[VC_ATOMIC_XCHG] = SpvOpAtomicExchange, [VC_ATOMIC_CMPXCHG] = SpvOpAtomicCompareExchange,
	[VC_ATOMIC_LOAD] = SpvOpAtomicLoad, [VC_ATOMIC_STORE] = SpvOpAtomicStore,
};

/* Operands after the pointer: scope, semantics (twice for cmpxchg), values. */
static void atomic_tail(struct se *e, const struct vc_instr *in, uint32_t kind, unsigned first,
			SpvScope scope, uint32_t *ops, unsigned *n)
{
	enum vc_base base = e->m->types[in->type].base;

	ops[(*n)++] = se_const_u32(e, VC_BASE_UINT, scope);
	ops[(*n)++] = se_const_u32(e, VC_BASE_UINT, 0);
	if (kind == VC_ATOMIC_CMPXCHG)
		ops[(*n)++] = se_const_u32(e, VC_BASE_UINT, 0);
	for (unsigned i = first; i < in->nr_srcs; i++)
		ops[(*n)++] = operand(e, in->srcs[i], 1, base, true);
}

static bool atomic_ok(struct se *e, const struct vc_instr *in, unsigned ptr_srcs)
{
	uint32_t kind = in->nr_lits ? in->lits[0] : ~0u;
	unsigned values = kind == VC_ATOMIC_CMPXCHG ? 2 : kind == VC_ATOMIC_LOAD ? 0 : 1;

	if (kind > VC_ATOMIC_STORE || in->nr_srcs != ptr_srcs + values ||
	    (kind != VC_ATOMIC_STORE && e->m->types[in->type].kind != VC_TYPE_SCALAR)) {
		se_fail(e, "SPIR-V writer: %s with bad operands", vc_op_name(in->op));
		return false;
	}
	return true;
}

static void emit_atomic_op(struct se *e, const struct vc_instr *in, uint32_t ptr, unsigned first,
			   SpvScope scope)
{
	uint32_t ops[6] = { ptr }, n = 1, kind = in->lits[0];

	atomic_tail(e, in, kind, first, scope, ops, &n);
	if (kind == VC_ATOMIC_STORE)
		se_ins(e, SE_CODE, SpvOpAtomicStore, ops, n);
	else
		emit_op(e, in, atomic_ops[kind], ops, n);
}

static void emit_atomic(struct se *e, const struct vc_instr *in)
{
	SpvScope scope;
	uint32_t ptr;

	if (!atomic_ok(e, in, 1) || !is_pointer(e, in->srcs[0]))
		return;
	ptr = plain(e, in->srcs[0]);
	scope = e->value_sc[in->srcs[0]] == SpvStorageClassWorkgroup ? SpvScopeWorkgroup
								     : SpvScopeDevice;
	emit_atomic_op(e, in, ptr, 1, scope);
}

/* The image variable behind an image value: atomics need a texel pointer into it. */
static uint32_t image_pointer(struct se *e, vc_value_id img)
{
	const struct vc_value *v = &e->m->values[img];

	if (v->kind == VC_VALUE_INSTR && v->def && v->def->op == VC_OP_LOAD && v->def->nr_srcs == 1)
		return plain(e, v->def->srcs[0]);
	se_fail(e, "SPIR-V writer: IMAGE_ATOMIC on an image that is not loaded from a variable");
	return 0;
}

static void emit_image_atomic(struct se *e, const struct vc_instr *in)
{
	uint32_t ops[5], ptr;

	if (!atomic_ok(e, in, 2) || !valid_value(e, in->srcs[0]) || !valid_value(e, in->srcs[1]))
		return;
	ptr = image_pointer(e, in->srcs[0]);
	ops[0] = se_type_pointer(e, SpvStorageClassImage, se_type(e, in->type));
	ops[1] = se_id(e);
	ops[2] = ptr;
	ops[3] = plain(e, in->srcs[1]);
	/* the sample: no multisampled storage images in GLSL ES 3.10 */
	ops[4] = se_const_u32(e, VC_BASE_UINT, 0);
	se_ins(e, SE_CODE, SpvOpImageTexelPointer, ops, 5);
	emit_atomic_op(e, in, ops[1], 2, SpvScopeDevice);
}

static uint32_t semantics(uint32_t bits)
{
	uint32_t s = 0;

	if (bits & VC_BARRIER_BUFFER)
		s |= SpvMemorySemanticsUniformMemoryMask;
	if (bits & VC_BARRIER_SHARED)
		s |= SpvMemorySemanticsWorkgroupMemoryMask;
	if (bits & VC_BARRIER_IMAGE)
		s |= SpvMemorySemanticsImageMemoryMask;
	return s ? s | SpvMemorySemanticsAcquireReleaseMask : 0;
}

static void emit_barrier(struct se *e, const struct vc_instr *in)
{
	/* a tessellation control shader's barrier() orders its patch's
	 * invocations only (no Workgroup memory scope under GLSL450's model) */
	bool tcs = in->op == VC_OP_BARRIER && e->m->stage == VC_IR_TESS_CTRL;
	uint32_t bits = in->nr_lits && !tcs ? in->lits[0] : 0;
	SpvScope mem = tcs ? SpvScopeInvocation :
		       (bits & (VC_BARRIER_BUFFER | VC_BARRIER_IMAGE)) ? SpvScopeDevice : SpvScopeWorkgroup;
	uint32_t sem = se_const_u32(e, VC_BASE_UINT, tcs ? 0 : semantics(bits));

	if (in->op == VC_OP_BARRIER)
		se_ins3(e, SE_CODE, SpvOpControlBarrier, se_const_u32(e, VC_BASE_UINT, SpvScopeWorkgroup),
			se_const_u32(e, VC_BASE_UINT, mem), sem);
	else
		se_ins2(e, SE_CODE, SpvOpMemoryBarrier, se_const_u32(e, VC_BASE_UINT, mem), sem);
}

/* ---- dispatch ------------------------------------------------------------------- */

static bool emit_special(struct se *e, const struct vc_instr *in)
{
	switch (in->op) {
	case VC_OP_COPY: emit_copy(e, in); return true;
	case VC_OP_FMUL: emit_fmul(e, in); return true;
	case VC_OP_FRCP: emit_rcp(e, in); return true;
	case VC_OP_UMUL_HI: case VC_OP_IMUL_HI: emit_mul_hi(e, in); return true;
	case VC_OP_SELECT: emit_select(e, in); return true;
	case VC_OP_ANY: case VC_OP_ALL: emit_any_all(e, in); return true;
	case VC_OP_MAT_TIMES_SCALAR: emit_mat_scalar(e, in); return true;
	case VC_OP_CONSTRUCT: emit_construct(e, in); return true;
	case VC_OP_EXTRACT: case VC_OP_INSERT: emit_extract_insert(e, in); return true;
	case VC_OP_SHUFFLE: emit_shuffle(e, in); return true;
	case VC_OP_EXTRACT_DYN: case VC_OP_INSERT_DYN: emit_dynamic(e, in); return true;
	case VC_OP_ACCESS_CHAIN: emit_access_chain(e, in); return true;
	case VC_OP_LOAD: emit_load(e, in); return true;
	case VC_OP_STORE: emit_store(e, in); return true;
	case VC_OP_ATOMIC: emit_atomic(e, in); return true;
	case VC_OP_ARRAY_LENGTH: emit_array_length(e, in); return true;
	case VC_OP_IMAGE_ATOMIC: emit_image_atomic(e, in); return true;
	case VC_OP_BARRIER: case VC_OP_MEMORY_BARRIER: emit_barrier(e, in); return true;
	case VC_OP_EMIT_VERTEX: se_ins(e, SE_CODE, SpvOpEmitVertex, NULL, 0); return true;
	case VC_OP_END_PRIMITIVE: se_ins(e, SE_CODE, SpvOpEndPrimitive, NULL, 0); return true;
	case VC_OP_TEX: se_emit_tex(e, in); return true;
	case VC_OP_SAMPLED_IMAGE: case VC_OP_IMAGE_OF: case VC_OP_IMAGE_LOAD:
	case VC_OP_IMAGE_STORE: case VC_OP_IMAGE_SIZE:
		se_emit_image(e, in);
		return true;
	default:
		return false;
	}
}

void se_emit_instr(struct se *e, const struct vc_instr *in)
{
	const struct se_alu *a;

	if (in->type >= e->m->nr_types) {
		se_fail(e, "SPIR-V writer: %s result type %u out of range", vc_op_name(in->op),
			in->type);
		return;
	}
	if ((unsigned)in->op >= VC_OP_COUNT || in->nr_srcs > VC_MAX_SRCS || in->nr_lits > 4) {
		se_fail(e, "SPIR-V writer: malformed instruction (opcode %d)", (int)in->op);
		return;
	}
	if (emit_special(e, in))
		return;
	a = alu_of(in->op);
	if (!a) {
		se_fail(e, "SPIR-V writer: unsupported IR instruction %s", vc_op_name(in->op));
		return;
	}
	emit_alu(e, in, a);
}

uint32_t se_result(struct se *e, const struct vc_instr *in)
{
	return result(e, in);
}

void se_emit_op(struct se *e, const struct vc_instr *in, SpvOp op, const uint32_t *ops, uint32_t n)
{
	emit_op(e, in, op, ops, n);
}

uint32_t se_operand(struct se *e, vc_value_id v)
{
	return plain(e, v);
}
