/* SPDX-License-Identifier: MIT */
/* SPIR-V instructions inside blocks -> IR instructions, by family. */
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/GLSL.std.450.h>

#include "vc_spirv_private.h"

vc_value_id sp_build_lit(struct spv *s, struct vc_block *b, enum vc_op op, vc_type_id type,
			 const vc_value_id *srcs, unsigned n, const uint32_t *lits, unsigned nr_lits)
{
	struct vc_instr *in = vc_build(s->m, b, op, type, srcs, n);

	sp_check_oom(s, 0);
	for (unsigned i = 0; i < nr_lits && i < 4; i++)
		in->lits[i] = lits[i];
	in->nr_lits = (uint8_t)(nr_lits < 4 ? nr_lits : 4);
	return in->dest;
}

vc_value_id sp_build(struct spv *s, struct vc_block *b, enum vc_op op, vc_type_id type,
		     const vc_value_id *srcs, unsigned n)
{
	return sp_build_lit(s, b, op, type, srcs, n, NULL, 0);
}

/* ---- plain operators: result type, result, then value operands ---------------- */

struct op_map {
	uint16_t spv;
	uint8_t ir;
};

static const struct op_map alu_ops[] = {
	{ SpvOpFNegate, VC_OP_FNEG }, { SpvOpFAdd, VC_OP_FADD }, { SpvOpFSub, VC_OP_FSUB },
	{ SpvOpFMul, VC_OP_FMUL }, { SpvOpFDiv, VC_OP_FDIV }, { SpvOpFMod, VC_OP_FMOD },
	{ SpvOpFRem, VC_OP_FMOD }, { SpvOpVectorTimesScalar, VC_OP_FMUL },
	{ SpvOpSNegate, VC_OP_INEG }, { SpvOpIAdd, VC_OP_IADD }, { SpvOpISub, VC_OP_ISUB },
	{ SpvOpIMul, VC_OP_IMUL }, { SpvOpSDiv, VC_OP_IDIV }, { SpvOpUDiv, VC_OP_UDIV },
	{ SpvOpSRem, VC_OP_IMOD }, { SpvOpSMod, VC_OP_IMOD }, { SpvOpUMod, VC_OP_UMOD },
	{ SpvOpShiftLeftLogical, VC_OP_ISHL }, { SpvOpShiftRightArithmetic, VC_OP_ISHR },
	{ SpvOpShiftRightLogical, VC_OP_USHR }, { SpvOpBitwiseAnd, VC_OP_IAND },
	{ SpvOpBitwiseOr, VC_OP_IOR }, { SpvOpBitwiseXor, VC_OP_IXOR }, { SpvOpNot, VC_OP_INOT },
	{ SpvOpBitFieldInsert, VC_OP_BFI }, { SpvOpBitFieldSExtract, VC_OP_IBFE },
	{ SpvOpBitFieldUExtract, VC_OP_UBFE }, { SpvOpBitReverse, VC_OP_BITREV },
	{ SpvOpBitCount, VC_OP_BITCOUNT },
	{ SpvOpFOrdEqual, VC_OP_FEQ }, { SpvOpFUnordEqual, VC_OP_FEQ },
	{ SpvOpFOrdNotEqual, VC_OP_FNE }, { SpvOpFUnordNotEqual, VC_OP_FNE },
	{ SpvOpFOrdLessThan, VC_OP_FLT }, { SpvOpFUnordLessThan, VC_OP_FLT },
	{ SpvOpFOrdLessThanEqual, VC_OP_FLE }, { SpvOpFUnordLessThanEqual, VC_OP_FLE },
	{ SpvOpFOrdGreaterThan, VC_OP_FGT }, { SpvOpFUnordGreaterThan, VC_OP_FGT },
	{ SpvOpFOrdGreaterThanEqual, VC_OP_FGE }, { SpvOpFUnordGreaterThanEqual, VC_OP_FGE },
	{ SpvOpIEqual, VC_OP_IEQ }, { SpvOpINotEqual, VC_OP_INE },
	{ SpvOpSLessThan, VC_OP_ILT }, { SpvOpSLessThanEqual, VC_OP_ILE },
	{ SpvOpSGreaterThan, VC_OP_IGT }, { SpvOpSGreaterThanEqual, VC_OP_IGE },
	{ SpvOpULessThan, VC_OP_ULT }, { SpvOpULessThanEqual, VC_OP_ULE },
	{ SpvOpUGreaterThan, VC_OP_UGT }, { SpvOpUGreaterThanEqual, VC_OP_UGE },
	{ SpvOpLogicalAnd, VC_OP_LAND }, { SpvOpLogicalOr, VC_OP_LOR },
	{ SpvOpLogicalNot, VC_OP_LNOT }, { SpvOpLogicalEqual, VC_OP_LEQ },
	{ SpvOpLogicalNotEqual, VC_OP_LNE }, { SpvOpAny, VC_OP_ANY }, { SpvOpAll, VC_OP_ALL },
	{ SpvOpSelect, VC_OP_SELECT }, { SpvOpIsNan, VC_OP_FISNAN }, { SpvOpIsInf, VC_OP_FISINF },
	{ SpvOpConvertFToS, VC_OP_F2I }, { SpvOpConvertFToU, VC_OP_F2U },
	{ SpvOpConvertSToF, VC_OP_I2F }, { SpvOpConvertUToF, VC_OP_U2F },
	{ SpvOpBitcast, VC_OP_BITCAST }, { SpvOpSConvert, VC_OP_COPY },
	{ SpvOpUConvert, VC_OP_COPY }, { SpvOpFConvert, VC_OP_COPY },
	{ SpvOpDot, VC_OP_FDOT }, { SpvOpMatrixTimesVector, VC_OP_MAT_TIMES_VEC },
	{ SpvOpVectorTimesMatrix, VC_OP_VEC_TIMES_MAT }, { SpvOpMatrixTimesMatrix, VC_OP_MAT_TIMES_MAT },
	{ SpvOpMatrixTimesScalar, VC_OP_MAT_TIMES_SCALAR }, { SpvOpTranspose, VC_OP_TRANSPOSE },
	{ SpvOpOuterProduct, VC_OP_OUTER_PRODUCT },
	{ SpvOpDPdx, VC_OP_FDDX }, { SpvOpDPdxFine, VC_OP_FDDX }, { SpvOpDPdxCoarse, VC_OP_FDDX },
	{ SpvOpDPdy, VC_OP_FDDY }, { SpvOpDPdyFine, VC_OP_FDDY }, { SpvOpDPdyCoarse, VC_OP_FDDY },
	{ SpvOpFwidth, VC_OP_FWIDTH }, { SpvOpFwidthFine, VC_OP_FWIDTH },
	{ SpvOpFwidthCoarse, VC_OP_FWIDTH },
};

static const struct op_map glsl_ops[] = {
	{ GLSLstd450Round, VC_OP_FROUND }, { GLSLstd450RoundEven, VC_OP_FROUND_EVEN },
	{ GLSLstd450Trunc, VC_OP_FTRUNC }, { GLSLstd450FAbs, VC_OP_FABS },
	{ GLSLstd450SAbs, VC_OP_IABS }, { GLSLstd450FSign, VC_OP_FSIGN },
	{ GLSLstd450SSign, VC_OP_ISIGN }, { GLSLstd450Floor, VC_OP_FLOOR },
	{ GLSLstd450Ceil, VC_OP_FCEIL }, { GLSLstd450Fract, VC_OP_FFRACT },
	{ GLSLstd450Radians, VC_OP_FRADIANS }, { GLSLstd450Degrees, VC_OP_FDEGREES },
	{ GLSLstd450Sin, VC_OP_FSIN }, { GLSLstd450Cos, VC_OP_FCOS }, { GLSLstd450Tan, VC_OP_FTAN },
	{ GLSLstd450Asin, VC_OP_FASIN }, { GLSLstd450Acos, VC_OP_FACOS },
	{ GLSLstd450Atan, VC_OP_FATAN }, { GLSLstd450Sinh, VC_OP_FSINH },
	{ GLSLstd450Cosh, VC_OP_FCOSH }, { GLSLstd450Tanh, VC_OP_FTANH },
	{ GLSLstd450Asinh, VC_OP_FASINH }, { GLSLstd450Acosh, VC_OP_FACOSH },
	{ GLSLstd450Atanh, VC_OP_FATANH }, { GLSLstd450Atan2, VC_OP_FATAN2 },
	{ GLSLstd450Pow, VC_OP_FPOW }, { GLSLstd450Exp, VC_OP_FEXP }, { GLSLstd450Log, VC_OP_FLOG },
	{ GLSLstd450Exp2, VC_OP_FEXP2 }, { GLSLstd450Log2, VC_OP_FLOG2 },
	{ GLSLstd450Sqrt, VC_OP_FSQRT }, { GLSLstd450InverseSqrt, VC_OP_FRSQ },
	{ GLSLstd450Determinant, VC_OP_DETERMINANT }, { GLSLstd450MatrixInverse, VC_OP_INVERSE },
	{ GLSLstd450FMin, VC_OP_FMIN }, { GLSLstd450NMin, VC_OP_FMIN },
	{ GLSLstd450UMin, VC_OP_UMIN }, { GLSLstd450SMin, VC_OP_IMIN },
	{ GLSLstd450FMax, VC_OP_FMAX }, { GLSLstd450NMax, VC_OP_FMAX },
	{ GLSLstd450UMax, VC_OP_UMAX }, { GLSLstd450SMax, VC_OP_IMAX },
	{ GLSLstd450FClamp, VC_OP_FCLAMP }, { GLSLstd450NClamp, VC_OP_FCLAMP },
	{ GLSLstd450UClamp, VC_OP_UCLAMP }, { GLSLstd450SClamp, VC_OP_ICLAMP },
	{ GLSLstd450FMix, VC_OP_FMIX }, { GLSLstd450Step, VC_OP_FSTEP },
	{ GLSLstd450SmoothStep, VC_OP_FSMOOTHSTEP }, { GLSLstd450Fma, VC_OP_FFMA },
	{ GLSLstd450Ldexp, VC_OP_FLDEXP }, { GLSLstd450Length, VC_OP_FLENGTH },
	{ GLSLstd450Distance, VC_OP_FDISTANCE }, { GLSLstd450Cross, VC_OP_FCROSS },
	{ GLSLstd450Normalize, VC_OP_FNORMALIZE }, { GLSLstd450FaceForward, VC_OP_FFACEFORWARD },
	{ GLSLstd450Reflect, VC_OP_FREFLECT }, { GLSLstd450Refract, VC_OP_FREFRACT },
	{ GLSLstd450FindILsb, VC_OP_FIND_LSB }, { GLSLstd450FindSMsb, VC_OP_IFIND_MSB },
	{ GLSLstd450FindUMsb, VC_OP_UFIND_MSB },
	{ GLSLstd450PackSnorm2x16, VC_OP_PACK_SNORM_2X16 },
	{ GLSLstd450UnpackSnorm2x16, VC_OP_UNPACK_SNORM_2X16 },
	{ GLSLstd450PackUnorm2x16, VC_OP_PACK_UNORM_2X16 },
	{ GLSLstd450UnpackUnorm2x16, VC_OP_UNPACK_UNORM_2X16 },
	{ GLSLstd450PackHalf2x16, VC_OP_PACK_HALF_2X16 },
	{ GLSLstd450UnpackHalf2x16, VC_OP_UNPACK_HALF_2X16 },
	{ GLSLstd450InterpolateAtCentroid, VC_OP_INTERP_CENTROID },
	{ GLSLstd450InterpolateAtSample, VC_OP_INTERP_SAMPLE },
	{ GLSLstd450InterpolateAtOffset, VC_OP_INTERP_OFFSET },
};

static int map_op(const struct op_map *map, size_t n, uint32_t op)
{
	for (size_t i = 0; i < n; i++)
		if (map[i].spv == op)
			return map[i].ir;
	return -1;
}

static bool is_matrix_op(enum vc_op op)
{
	return op >= VC_OP_MAT_TIMES_VEC && op <= VC_OP_INVERSE;
}

static bool is_reduction(enum vc_op op)
{
	return op == VC_OP_FDOT || op == VC_OP_FLENGTH || op == VC_OP_FDISTANCE ||
	       op == VC_OP_ANY || op == VC_OP_ALL;
}

static bool is_pack(enum vc_op op)
{
	return op >= VC_OP_PACK_SNORM_2X16 && op <= VC_OP_UNPACK_HALF_2X16;
}

/* pack*2x16: vec2 -> scalar; unpack*2x16: scalar -> vec2 */
static void check_pack_types(struct spv *s, const struct sp_ins *in, enum vc_op op,
			     vc_type_id type, vc_value_id src)
{
	bool pack = op == VC_OP_PACK_SNORM_2X16 || op == VC_OP_PACK_UNORM_2X16 ||
		    op == VC_OP_PACK_HALF_2X16;
	unsigned n = vc_type_comps(s->m, type);
	unsigned k = vc_type_comps(s->m, vc_value_get(s->m, src)->type);

	if (n != (pack ? 1u : 2u) || k != (pack ? 2u : 1u))
		sp_fail(s, in->at, "SPIR-V: 2x16 packing with the wrong operand or result shape");
}

/* The variable a pointer value reaches through access chains (0: none). */
static const struct vc_var *pointer_root(struct spv *s, vc_value_id ptr)
{
	const struct vc_value *v = vc_value_get(s->m, ptr);

	while (v->kind == VC_VALUE_INSTR && v->def && v->def->op == VC_OP_ACCESS_CHAIN)
		v = vc_value_get(s->m, v->def->srcs[0]);
	return v->kind == VC_VALUE_VAR ? vc_var_get(s->m, v->var) : NULL;
}

/* InterpolateAt*: a pointer into an Input, to the result's float type; an
 * int sample index, a vec2 offset. */
static void check_interp_types(struct spv *s, const struct sp_ins *in, enum vc_op op,
			       vc_type_id type, const vc_value_id *srcs, uint32_t nr)
{
	const struct vc_type *p = vc_type_get(s->m, vc_value_get(s->m, srcs[0])->type);
	const struct vc_type *rt = vc_type_get(s->m, type);
	const struct vc_var *root = pointer_root(s, srcs[0]);
	unsigned k = nr > 1 ? vc_type_comps(s->m, vc_value_get(s->m, srcs[1])->type) : 0;

	if (p->kind != VC_TYPE_POINTER || !root || root->storage != VC_STORAGE_INPUT ||
	    p->elem != type || !vc_type_is_leaf(s->m, type) || rt->base != VC_BASE_FLOAT)
		sp_fail(s, in->at, "SPIR-V: interpolation of something not a float input");
	if ((op == VC_OP_INTERP_SAMPLE && k != 1) || (op == VC_OP_INTERP_OFFSET && k != 2))
		sp_fail(s, in->at, "SPIR-V: interpolation sample or offset of the wrong shape");
}

/* The back end trusts the IR: shapes are checked here, once. */
static void check_alu_types(struct spv *s, const struct sp_ins *in, enum vc_op op,
			    vc_type_id type, const vc_value_id *srcs, uint32_t nr)
{
	unsigned n = vc_type_comps(s->m, type);

	if (op >= VC_OP_INTERP_CENTROID && op <= VC_OP_INTERP_OFFSET) {
		check_interp_types(s, in, op, type, srcs, nr);
		return;
	}
	if (is_pack(op)) {
		check_pack_types(s, in, op, type, srcs[0]);
		return;
	}
	if (is_matrix_op(op)) {
		for (uint32_t i = 0; i < nr; i++) {
			vc_type_id t = vc_value_get(s->m, srcs[i])->type;
			if (!vc_type_is_leaf(s->m, t) && vc_type_get(s->m, t)->kind != VC_TYPE_MATRIX)
				sp_fail(s, in->at, "SPIR-V: matrix operation on a non-matrix");
		}
		return;
	}
	if (!n)
		sp_fail(s, in->at, "SPIR-V: %s result is not a scalar or vector",
			vc_spirv_op_name(in->op));
	for (uint32_t i = 0; i < nr; i++) {
		unsigned k = vc_type_comps(s->m, vc_value_get(s->m, srcs[i])->type);
		if (!k || (k != 1 && k != n && !is_reduction(op) && op != VC_OP_BITCAST))
			sp_fail(s, in->at, "SPIR-V: %s operand %u has the wrong shape",
				vc_spirv_op_name(in->op), i);
	}
}

/* Operands first..n-1 are values; their count must match the IR op's arity. */
static void emit_alu(struct spv *s, struct vc_block *b, const struct sp_ins *in,
		     enum vc_op op, uint32_t first, const char *what)
{
	vc_value_id srcs[4];
	uint32_t nr = in->n > first ? in->n - first : 0;

	if ((int)nr != vc_op_arity(op))
		sp_fail(s, in->at, "SPIR-V: %s takes %d operands, has %u", what,
			vc_op_arity(op), nr);
	for (uint32_t i = 0; i < nr; i++)
		srcs[i] = sp_value(s, in, first + i);
	check_alu_types(s, in, op, sp_type(s, in, 1), srcs, nr);
	sp_set_result(s, in, sp_build(s, b, op, sp_type(s, in, 1), srcs, nr));
}

static void emit_ext(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	uint32_t set = sp_id(s, in, 3), inst = sp_word(s, in, 4);
	int op;

	if (set != s->glsl_ext) {
		if (s->ids[set].kind == SP_EXTINST)
			return; /* NonSemantic.*: debug info, no effect */
		sp_fail(s, in->at, "SPIR-V: OpExtInst of an unknown set");
	}
	if (sp_emit_glsl_lowered(s, b, in, inst))
		return;
	op = map_op(glsl_ops, sizeof(glsl_ops) / sizeof(glsl_ops[0]), inst);
	if (op < 0)
		sp_fail(s, in->at, "SPIR-V: unsupported GLSL.std.450 instruction %u", inst);
	emit_alu(s, b, in, (enum vc_op)op, 5, "GLSL.std.450 instruction");
}

/* ---- composites ----------------------------------------------------------------- */

static void emit_construct(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	uint32_t nr = in->n - 3;
	vc_value_id srcs[256];

	if (in->n < 4 || nr > 256)
		sp_fail(s, in->at, "SPIR-V: OpCompositeConstruct with %u constituents", nr);
	for (uint32_t i = 0; i < nr; i++)
		srcs[i] = sp_value(s, in, 3 + i);
	sp_set_result(s, in, sp_build(s, b, VC_OP_CONSTRUCT, sp_type(s, in, 1), srcs, nr));
}

/* Checks an index path into `type`; returns the type it reaches. */
static vc_type_id walk_type(struct spv *s, const struct sp_ins *in, vc_type_id type,
			    const uint32_t *idx, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		const struct vc_type *t = vc_type_get(s->m, type);
		uint32_t children = vc_type_nr_children(s->m, type);

		if (t->kind == VC_TYPE_SCALAR || (idx[i] >= children &&
						  !(t->kind == VC_TYPE_ARRAY && !t->length)))
			sp_fail(s, in->at, "SPIR-V: composite index %u out of range", idx[i]);
		type = vc_type_child(s->m, type, idx[i]);
	}
	return type;
}

static bool same_shape(struct spv *s, vc_type_id a, vc_type_id b)
{
	const struct vc_type *x = vc_type_get(s->m, a), *y = vc_type_get(s->m, b);

	return x->kind == y->kind && x->comps == y->comps && x->cols == y->cols &&
	       x->length == y->length && vc_type_leaves(s->m, a) == vc_type_leaves(s->m, b);
}

static void emit_extract_insert(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	bool insert = in->op == SpvOpCompositeInsert;
	uint32_t first = insert ? 5 : 4, nr = in->n > first ? in->n - first : 0;
	vc_value_id srcs[2];
	vc_value_id comp = sp_value(s, in, insert ? 4 : 3);
	vc_type_id ct = vc_value_get(s->m, comp)->type;

	if (nr == 0 || nr > 4)
		sp_fail(s, in->at, "SPIR-V: composite index path of %u levels", nr);
	srcs[0] = comp;
	if (insert)
		srcs[1] = sp_value(s, in, 3);
	if (!same_shape(s, walk_type(s, in, ct, &in->w[first], nr),
			insert ? vc_value_get(s->m, srcs[1])->type : sp_type(s, in, 1)) ||
	    (insert && !same_shape(s, ct, sp_type(s, in, 1))))
		sp_fail(s, in->at, "SPIR-V: %s types do not match the composite",
			vc_spirv_op_name(in->op));
	sp_set_result(s, in, sp_build_lit(s, b, insert ? VC_OP_INSERT : VC_OP_EXTRACT,
					  sp_type(s, in, 1), srcs, insert ? 2 : 1,
					  &in->w[first], nr));
}

static void emit_shuffle(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	vc_value_id srcs[2] = { sp_value(s, in, 3), sp_value(s, in, 4) };
	unsigned na = vc_type_comps(s->m, vc_value_get(s->m, srcs[0])->type);
	unsigned nb = vc_type_comps(s->m, vc_value_get(s->m, srcs[1])->type);
	uint32_t lits[4], nr = in->n - 5;

	if (in->n < 6 || nr > 4 || !na || !nb)
		sp_fail(s, in->at, "SPIR-V: bad OpVectorShuffle");
	for (uint32_t i = 0; i < nr; i++) {
		lits[i] = in->w[5 + i] == 0xffffffff ? 0 : in->w[5 + i];
		if (lits[i] >= na + nb)
			sp_fail(s, in->at, "SPIR-V: shuffle component %u out of range", lits[i]);
	}
	sp_set_result(s, in, sp_build_lit(s, b, VC_OP_SHUFFLE, sp_type(s, in, 1), srcs, 2,
					  lits, nr));
}

static void emit_dynamic(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	if (in->op == SpvOpVectorExtractDynamic) {
		vc_value_id srcs[2] = { sp_value(s, in, 3), sp_value(s, in, 4) };
		sp_set_result(s, in, sp_build(s, b, VC_OP_EXTRACT_DYN, sp_type(s, in, 1), srcs, 2));
	} else {
		vc_value_id srcs[3] = { sp_value(s, in, 3), sp_value(s, in, 4), sp_value(s, in, 5) };
		sp_set_result(s, in, sp_build(s, b, VC_OP_INSERT_DYN, sp_type(s, in, 1), srcs, 3));
	}
}

/* ---- memory ---------------------------------------------------------------------- */

static vc_type_id pointee_of(struct spv *s, vc_value_id ptr, uint32_t at)
{
	const struct vc_type *t = vc_type_get(s->m, vc_value_get(s->m, ptr)->type);

	if (t->kind != VC_TYPE_POINTER)
		sp_fail(s, at, "SPIR-V: pointer operand is not a pointer");
	return t->elem;
}

static void emit_local_var(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	vc_type_id ptr_type = sp_type(s, in, 1);
	vc_var_id v;

	if (sp_word(s, in, 3) != SpvStorageClassFunction)
		sp_fail(s, in->at, "SPIR-V: OpVariable in a function must be Function storage");
	v = sp_new_var(s, vc_type_get(s->m, ptr_type)->elem, VC_STORAGE_FUNCTION);
	if (s->ids[sp_id(s, in, 2)].name)
		vc_var_get(s->m, v)->name = strdup(s->ids[in->w[2]].name);
	sp_set_result(s, in, vc_var_get(s->m, v)->ptr);
	if (in->n > 4) {
		vc_value_id srcs[2] = { vc_var_get(s->m, v)->ptr, sp_value(s, in, 4) };
		sp_build(s, b, VC_OP_STORE, 0, srcs, 2);
	}
}

/* A gl_PerVertex block was split into one variable per member. */
static vc_value_id split_base(struct spv *s, const struct sp_ins *in, uint32_t *first)
{
	uint32_t base = sp_id(s, in, 3);
	const struct sp_id *d = &s->ids[base];
	uint32_t member;

	if (d->kind != SP_GLOBAL || !d->members)
		return sp_value(s, in, 3);
	member = vc_value_words(s->m, sp_value(s, in, 4))[0];
	if (vc_value_get(s->m, sp_value(s, in, 4))->kind != VC_VALUE_CONST || member >= d->nr_members)
		sp_fail(s, in->at, "SPIR-V: bad member index into a built-in block");
	*first = 5;
	return vc_var_get(s->m, d->members[member])->ptr;
}

static void emit_access_chain(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	uint32_t first = 4;
	vc_value_id srcs[16];
	vc_value_id base = split_base(s, in, &first);
	vc_type_id type = pointee_of(s, base, in->at);
	uint32_t nr = in->n > first ? in->n - first : 0;

	if (nr >= 16)
		sp_fail(s, in->at, "SPIR-V: access chain too long");
	srcs[0] = base;
	for (uint32_t i = 0; i < nr; i++) {
		const struct vc_type *t = vc_type_get(s->m, type);
		vc_value_id idx = sp_value(s, in, first + i);
		const struct vc_value *iv = vc_value_get(s->m, idx);
		const struct vc_type *it = vc_type_get(s->m, iv->type);
		uint32_t k = iv->kind == VC_VALUE_CONST ? vc_value_words(s->m, idx)[0] : 0;

		if (it->kind != VC_TYPE_SCALAR || it->base == VC_BASE_BOOL || it->base == VC_BASE_FLOAT)
			sp_fail(s, in->at, "SPIR-V: access chain index is not an integer");
		if (t->kind == VC_TYPE_STRUCT && (iv->kind != VC_VALUE_CONST || k >= t->nr_members))
			sp_fail(s, in->at, "SPIR-V: bad struct member index in an access chain");
		if (iv->kind == VC_VALUE_CONST && t->kind != VC_TYPE_STRUCT &&
		    !(t->kind == VC_TYPE_ARRAY && !t->length) && k >= vc_type_nr_children(s->m, type))
			sp_fail(s, in->at, "SPIR-V: access chain index %u out of range", k);
		if (t->kind == VC_TYPE_SCALAR || vc_type_nr_children(s->m, type) == 0) {
			if (!(t->kind == VC_TYPE_ARRAY && t->length == 0))
				sp_fail(s, in->at, "SPIR-V: access chain indexes a non-composite");
		}
		srcs[1 + i] = idx;
		type = vc_type_child(s->m, type, k);
	}
	if (nr == 0) {
		sp_set_result(s, in, base);
		return;
	}
	sp_set_result(s, in, sp_build(s, b, VC_OP_ACCESS_CHAIN, sp_type(s, in, 1), srcs, nr + 1));
}

static void emit_load_store(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	if (in->op == SpvOpLoad) {
		vc_value_id ptr = sp_value(s, in, 3);

		pointee_of(s, ptr, in->at);
		sp_set_result(s, in, sp_build(s, b, VC_OP_LOAD, sp_type(s, in, 1), &ptr, 1));
	} else if (in->op == SpvOpStore) {
		vc_value_id srcs[2] = { sp_value(s, in, 1), sp_value(s, in, 2) };

		pointee_of(s, srcs[0], in->at);
		sp_build(s, b, VC_OP_STORE, 0, srcs, 2);
	} else { /* OpCopyMemory */
		vc_value_id srcs[2] = { sp_value(s, in, 1), sp_value(s, in, 2) };
		vc_type_id t = pointee_of(s, srcs[1], in->at);

		pointee_of(s, srcs[0], in->at);
		srcs[1] = sp_build(s, b, VC_OP_LOAD, t, &srcs[1], 1);
		sp_build(s, b, VC_OP_STORE, 0, srcs, 2);
	}
}

static void emit_array_length(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	vc_value_id ptr = sp_value(s, in, 3);
	uint32_t member = sp_word(s, in, 4);
	const struct vc_type *t = vc_type_get(s->m, pointee_of(s, ptr, in->at));

	if (t->kind != VC_TYPE_STRUCT || member >= t->nr_members)
		sp_fail(s, in->at, "SPIR-V: OpArrayLength of a non-member");
	sp_set_result(s, in, sp_build_lit(s, b, VC_OP_ARRAY_LENGTH, sp_type(s, in, 1), &ptr, 1,
					  &member, 1));
}

/* ---- synchronisation ----------------------------------------------------------- */

static uint32_t barrier_bits(uint32_t semantics)
{
	uint32_t bits = 0;

	if (semantics & (SpvMemorySemanticsUniformMemoryMask))
		bits |= VC_BARRIER_BUFFER;
	if (semantics & SpvMemorySemanticsWorkgroupMemoryMask)
		bits |= VC_BARRIER_SHARED;
	if (semantics & SpvMemorySemanticsImageMemoryMask)
		bits |= VC_BARRIER_IMAGE;
	return bits;
}

static uint32_t const_operand(struct spv *s, const struct sp_ins *in, uint32_t i)
{
	vc_value_id v = sp_value(s, in, i);

	if (vc_value_get(s->m, v)->kind != VC_VALUE_CONST || vc_value_get(s->m, v)->nr_words != 1)
		sp_fail(s, in->at, "SPIR-V: scope or semantics operand is not a constant");
	return vc_value_words(s->m, v)[0];
}

static void emit_barrier(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	uint32_t bits;

	if (in->op == SpvOpControlBarrier) {
		bits = barrier_bits(const_operand(s, in, 3));
		sp_build_lit(s, b, VC_OP_BARRIER, 0, NULL, 0, &bits, 1);
	} else {
		bits = barrier_bits(const_operand(s, in, 2));
		sp_build_lit(s, b, VC_OP_MEMORY_BARRIER, 0, NULL, 0, &bits, 1);
	}
}

/* ---- dispatch -------------------------------------------------------------------- */

static bool emit_family(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	switch (in->op) {
	case SpvOpExtInst: emit_ext(s, b, in); return true;
	case SpvOpCompositeConstruct: emit_construct(s, b, in); return true;
	case SpvOpIAddCarry: case SpvOpISubBorrow: case SpvOpUMulExtended: case SpvOpSMulExtended:
		sp_emit_int_pair(s, b, in);
		return true;
	case SpvOpCompositeExtract: case SpvOpCompositeInsert: emit_extract_insert(s, b, in); return true;
	case SpvOpVectorShuffle: emit_shuffle(s, b, in); return true;
	case SpvOpVectorExtractDynamic: case SpvOpVectorInsertDynamic: emit_dynamic(s, b, in); return true;
	case SpvOpCopyObject: sp_set_result(s, in, sp_value(s, in, 3)); return true;
	case SpvOpVariable: emit_local_var(s, b, in); return true;
	case SpvOpAccessChain: case SpvOpInBoundsAccessChain: emit_access_chain(s, b, in); return true;
	case SpvOpLoad: case SpvOpStore: case SpvOpCopyMemory: emit_load_store(s, b, in); return true;
	case SpvOpArrayLength: emit_array_length(s, b, in); return true;
	case SpvOpControlBarrier: case SpvOpMemoryBarrier: emit_barrier(s, b, in); return true;
	case SpvOpEmitVertex: sp_build_lit(s, b, VC_OP_EMIT_VERTEX, 0, NULL, 0, NULL, 0); return true;
	case SpvOpEndPrimitive:
		sp_build_lit(s, b, VC_OP_END_PRIMITIVE, 0, NULL, 0, NULL, 0);
		return true;
	case SpvOpFunctionCall: sp_emit_call(s, b, in); return true;
	case SpvOpUndef:
		sp_set_result(s, in, vc_value_undef(s->m, sp_type(s, in, 1)));
		return true;
	case SpvOpDemoteToHelperInvocation:
		vc_block_append(s->m, b, VC_NODE_DISCARD);
		sp_check_oom(s, in->at);
		return true;
	case SpvOpNop: case SpvOpLine: case SpvOpNoLine:
		return true;
	default:
		return false;
	}
}

void sp_emit_instr(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	int op = map_op(alu_ops, sizeof(alu_ops) / sizeof(alu_ops[0]), in->op);

	if (op >= 0) {
		emit_alu(s, b, in, (enum vc_op)op, 3, vc_spirv_op_name(in->op));
		return;
	}
	if (emit_family(s, b, in) || sp_emit_tex_instr(s, b, in) || sp_emit_atomic(s, b, in))
		return;
	sp_unsupported_op(s, in);
}
