/* SPDX-License-Identifier: MIT */
/* SPIR-V image, sampler and atomic instructions -> IR. */
#include <stdlib.h>

#include "vc_spirv_private.h"

struct tex_args {
	vc_value_id src[VC_MAX_SRCS];
	enum vc_tex_op op;
	uint32_t flags;
};

static vc_value_id typed(struct spv *s, const struct sp_ins *in, uint32_t i, enum vc_type_kind kind)
{
	vc_value_id v = sp_value(s, in, i);

	if (vc_type_get(s->m, vc_value_get(s->m, v)->type)->kind != kind)
		sp_fail(s, in->at, "SPIR-V: %s operand %u has the wrong type",
			vc_spirv_op_name(in->op), i);
	return v;
}

static vc_value_id const_offset(struct spv *s, const struct sp_ins *in, uint32_t i)
{
	vc_value_id v = sp_value(s, in, i);

	if (vc_value_get(s->m, v)->kind != VC_VALUE_CONST)
		sp_fail(s, in->at, "SPIR-V: non-constant texel offsets are not supported");
	return v;
}

/* The Offset operand: computed offsets are ImageGatherExtended's, for
 * gathers only (TGSI's TG4 takes its offset from a register). */
static vc_value_id gather_offset(struct spv *s, const struct sp_ins *in, uint32_t i)
{
	if (in->op == SpvOpImageGather || in->op == SpvOpImageDrefGather)
		return sp_value(s, in, i);
	return const_offset(s, in, i);
}

/* Image operands: a mask, then one or two ids per bit, in bit order. */
static void image_operands(struct spv *s, const struct sp_ins *in, uint32_t i,
			   struct tex_args *a)
{
	uint32_t mask;

	if (i >= in->n)
		return;
	mask = sp_word(s, in, i++);
	if (mask & ~(uint32_t)(SpvImageOperandsBiasMask | SpvImageOperandsLodMask |
			       SpvImageOperandsGradMask | SpvImageOperandsConstOffsetMask |
			       SpvImageOperandsOffsetMask | SpvImageOperandsSampleMask |
			       SpvImageOperandsMinLodMask))
		sp_fail(s, in->at, "SPIR-V: unsupported image operands 0x%x", mask);
	if (mask & SpvImageOperandsBiasMask) {
		a->src[VC_TEX_SRC_LOD] = sp_value(s, in, i++);
		a->op = VC_TEX_SAMPLE_BIAS;
	}
	if (mask & SpvImageOperandsLodMask) {
		a->src[VC_TEX_SRC_LOD] = sp_value(s, in, i++);
		a->op = a->op == VC_TEX_SAMPLE ? VC_TEX_SAMPLE_LOD : a->op;
	}
	if (mask & SpvImageOperandsGradMask) {
		a->src[VC_TEX_SRC_DDX] = sp_value(s, in, i++);
		a->src[VC_TEX_SRC_DDY] = sp_value(s, in, i++);
		a->op = VC_TEX_SAMPLE_GRAD;
	}
	if (mask & SpvImageOperandsConstOffsetMask)
		a->src[VC_TEX_SRC_OFFSET] = const_offset(s, in, i++);
	if (mask & SpvImageOperandsOffsetMask)
		a->src[VC_TEX_SRC_OFFSET] = gather_offset(s, in, i++);
	/* a multisample fetch's sample: TXF takes it where others take the level */
	if (mask & SpvImageOperandsSampleMask)
		a->src[VC_TEX_SRC_LOD] = sp_value(s, in, i++);
}

static void build_tex(struct spv *s, struct vc_block *b, const struct sp_ins *in,
		      const struct tex_args *a)
{
	uint32_t lits[2] = { a->op, a->flags };
	vc_type_id rt = sp_type(s, in, 1);

	if (!vc_type_is_leaf(s->m, rt))
		sp_fail(s, in->at, "SPIR-V: %s result is not a vector", vc_spirv_op_name(in->op));
	if (a->src[VC_TEX_SRC_COORD] &&
	    !vc_type_is_leaf(s->m, vc_value_get(s->m, a->src[VC_TEX_SRC_COORD])->type))
		sp_fail(s, in->at, "SPIR-V: texture coordinate is not a vector");
	sp_set_result(s, in, sp_build_lit(s, b, VC_OP_TEX, rt, a->src, VC_MAX_SRCS, lits, 2));
}

static bool is_proj(uint32_t op)
{
	return op >= SpvOpImageSampleProjImplicitLod && op <= SpvOpImageSampleProjDrefExplicitLod;
}

static bool is_dref(uint32_t op)
{
	return op == SpvOpImageSampleDrefImplicitLod || op == SpvOpImageSampleDrefExplicitLod ||
	       op == SpvOpImageSampleProjDrefImplicitLod || op == SpvOpImageSampleProjDrefExplicitLod;
}

static void emit_sample(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	struct tex_args a = { .op = VC_TEX_SAMPLE };
	uint32_t next = 5;

	a.src[VC_TEX_SRC_HANDLE] = typed(s, in, 3, VC_TYPE_SAMPLED_IMAGE);
	a.src[VC_TEX_SRC_COORD] = sp_value(s, in, 4);
	if (is_dref(in->op))
		a.src[VC_TEX_SRC_DREF] = sp_value(s, in, next++);
	if (is_proj(in->op))
		a.flags |= VC_TEX_PROJ;
	image_operands(s, in, next, &a);
	build_tex(s, b, in, &a);
}

static void emit_fetch_gather(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	struct tex_args a = { .op = VC_TEX_FETCH };
	uint32_t next = 5;

	if (in->op == SpvOpImageFetch) {
		a.src[VC_TEX_SRC_HANDLE] = typed(s, in, 3, VC_TYPE_IMAGE);
	} else {
		a.op = VC_TEX_GATHER;
		a.src[VC_TEX_SRC_HANDLE] = typed(s, in, 3, VC_TYPE_SAMPLED_IMAGE);
		if (in->op == SpvOpImageGather)
			a.src[VC_TEX_SRC_COMP] = sp_value(s, in, next++);
		else
			a.src[VC_TEX_SRC_DREF] = sp_value(s, in, next++);
	}
	a.src[VC_TEX_SRC_COORD] = sp_value(s, in, 4);
	image_operands(s, in, next, &a);
	if (in->op == SpvOpImageFetch)
		a.op = VC_TEX_FETCH; /* a Lod operand does not make it a sample */
	build_tex(s, b, in, &a);
}

static void emit_query(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	struct tex_args a = { .op = VC_TEX_SIZE };
	vc_value_id img;

	if (in->op == SpvOpImageQueryLod) {
		a.op = VC_TEX_QUERY_LOD;
		a.src[VC_TEX_SRC_HANDLE] = typed(s, in, 3, VC_TYPE_SAMPLED_IMAGE);
		a.src[VC_TEX_SRC_COORD] = sp_value(s, in, 4);
		build_tex(s, b, in, &a);
		return;
	}
	img = typed(s, in, 3, VC_TYPE_IMAGE);
	if (in->op == SpvOpImageQuerySize &&
	    vc_type_get(s->m, vc_value_get(s->m, img)->type)->image.storage) {
		sp_set_result(s, in, sp_build(s, b, VC_OP_IMAGE_SIZE, sp_type(s, in, 1), &img, 1));
		return;
	}
	a.src[VC_TEX_SRC_HANDLE] = img;
	if (in->op == SpvOpImageQuerySizeLod)
		a.src[VC_TEX_SRC_LOD] = sp_value(s, in, 4);
	if (in->op == SpvOpImageQueryLevels)
		a.op = VC_TEX_LEVELS;
	build_tex(s, b, in, &a);
}

static void emit_image_rw(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	vc_value_id srcs[3];

	if (in->op == SpvOpImageRead) {
		srcs[0] = typed(s, in, 3, VC_TYPE_IMAGE);
		srcs[1] = sp_value(s, in, 4);
		if (in->n > 5)
			sp_fail(s, in->at, "SPIR-V: image operands on OpImageRead are not supported");
		sp_set_result(s, in, sp_build(s, b, VC_OP_IMAGE_LOAD, sp_type(s, in, 1), srcs, 2));
		return;
	}
	srcs[0] = typed(s, in, 1, VC_TYPE_IMAGE);
	srcs[1] = sp_value(s, in, 2);
	srcs[2] = sp_value(s, in, 3);
	if (in->n > 4)
		sp_fail(s, in->at, "SPIR-V: image operands on OpImageWrite are not supported");
	sp_build(s, b, VC_OP_IMAGE_STORE, 0, srcs, 3);
}

static void emit_texel_pointer(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	vc_value_id ptr = sp_value(s, in, 3);
	vc_type_id pt = vc_value_get(s->m, ptr)->type;
	struct sp_texel_ptr *t = calloc(1, sizeof(*t));

	if (!t)
		sp_fail(s, in->at, "SPIR-V: out of memory");
	/* linked at once: a later failure frees it with the frame */
	t->next = s->frame->texel_ptrs;
	s->frame->texel_ptrs = t;
	t->id = sp_id(s, in, 2);
	if (vc_type_get(s->m, pt)->kind != VC_TYPE_POINTER ||
	    vc_type_get(s->m, vc_type_get(s->m, pt)->elem)->kind != VC_TYPE_IMAGE)
		sp_fail(s, in->at, "SPIR-V: OpImageTexelPointer of a non-image");
	t->image = sp_build(s, b, VC_OP_LOAD, vc_type_get(s->m, pt)->elem, &ptr, 1);
	t->coord = sp_value(s, in, 4);
	s->ids[t->id].kind = SP_LOCAL;
}

bool sp_emit_tex_instr(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	vc_value_id srcs[2];

	switch (in->op) {
	case SpvOpImageSampleImplicitLod: case SpvOpImageSampleExplicitLod:
	case SpvOpImageSampleDrefImplicitLod: case SpvOpImageSampleDrefExplicitLod:
	case SpvOpImageSampleProjImplicitLod: case SpvOpImageSampleProjExplicitLod:
	case SpvOpImageSampleProjDrefImplicitLod: case SpvOpImageSampleProjDrefExplicitLod:
		emit_sample(s, b, in);
		return true;
	case SpvOpImageFetch: case SpvOpImageGather: case SpvOpImageDrefGather:
		emit_fetch_gather(s, b, in);
		return true;
	case SpvOpImageQuerySizeLod: case SpvOpImageQuerySize: case SpvOpImageQueryLevels:
	case SpvOpImageQueryLod:
		emit_query(s, b, in);
		return true;
	case SpvOpImageRead: case SpvOpImageWrite:
		emit_image_rw(s, b, in);
		return true;
	case SpvOpImageTexelPointer:
		emit_texel_pointer(s, b, in);
		return true;
	case SpvOpSampledImage:
		srcs[0] = typed(s, in, 3, VC_TYPE_IMAGE);
		srcs[1] = typed(s, in, 4, VC_TYPE_SAMPLER);
		sp_set_result(s, in, sp_build(s, b, VC_OP_SAMPLED_IMAGE, sp_type(s, in, 1), srcs, 2));
		return true;
	case SpvOpImage:
		srcs[0] = typed(s, in, 3, VC_TYPE_SAMPLED_IMAGE);
		sp_set_result(s, in, sp_build(s, b, VC_OP_IMAGE_OF, sp_type(s, in, 1), srcs, 1));
		return true;
	default:
		return false;
	}
}

/* ---- atomics -------------------------------------------------------------------- */

static int atomic_kind(uint32_t op)
{
	switch (op) {
	case SpvOpAtomicExchange: return VC_ATOMIC_XCHG;
	case SpvOpAtomicCompareExchange: return VC_ATOMIC_CMPXCHG;
	case SpvOpAtomicIIncrement: case SpvOpAtomicIDecrement:
	case SpvOpAtomicIAdd: case SpvOpAtomicISub: return VC_ATOMIC_ADD;
	case SpvOpAtomicSMin: return VC_ATOMIC_IMIN;
	case SpvOpAtomicUMin: return VC_ATOMIC_UMIN;
	case SpvOpAtomicSMax: return VC_ATOMIC_IMAX;
	case SpvOpAtomicUMax: return VC_ATOMIC_UMAX;
	case SpvOpAtomicAnd: return VC_ATOMIC_AND;
	case SpvOpAtomicOr: return VC_ATOMIC_OR;
	case SpvOpAtomicXor: return VC_ATOMIC_XOR;
	default: return -1;
	}
}

static const struct sp_texel_ptr *texel_ptr(struct spv *s, uint32_t id)
{
	for (const struct sp_texel_ptr *t = s->frame->texel_ptrs; t; t = t->next)
		if (t->id == id)
			return t;
	return NULL;
}

/* The value operand: IIncrement/IDecrement/ISub are additions. */
static vc_value_id atomic_value(struct spv *s, struct vc_block *b, const struct sp_ins *in,
				vc_type_id rt)
{
	uint32_t one = 1, minus_one = 0xffffffff;
	vc_value_id v;

	if (in->op == SpvOpAtomicIIncrement || in->op == SpvOpAtomicIDecrement) {
		v = vc_value_const(s->m, rt, in->op == SpvOpAtomicIIncrement ? &one : &minus_one, 1);
		sp_check_oom(s, in->at);
		return v;
	}
	v = sp_value(s, in, in->op == SpvOpAtomicCompareExchange ? 7 : 6);
	if (in->op == SpvOpAtomicISub)
		v = sp_build(s, b, VC_OP_INEG, rt, &v, 1);
	return v;
}

static void emit_atomic_rmw(struct spv *s, struct vc_block *b, const struct sp_ins *in, int kind)
{
	vc_type_id rt = sp_type(s, in, 1);
	uint32_t ptr_id = sp_id(s, in, 3), lit = (uint32_t)kind;
	const struct sp_texel_ptr *tp = texel_ptr(s, ptr_id);
	vc_value_id srcs[4];
	unsigned n = 0;

	if (vc_type_get(s->m, rt)->kind != VC_TYPE_SCALAR)
		sp_fail(s, in->at, "SPIR-V: atomic on a non-scalar");
	if (tp) {
		srcs[n++] = tp->image;
		srcs[n++] = tp->coord;
	} else {
		srcs[n++] = sp_value(s, in, 3);
	}
	srcs[n++] = atomic_value(s, b, in, rt);
	if (kind == VC_ATOMIC_CMPXCHG)
		srcs[n++] = sp_value(s, in, 8);
	sp_set_result(s, in, sp_build_lit(s, b, tp ? VC_OP_IMAGE_ATOMIC : VC_OP_ATOMIC, rt,
					  srcs, n, &lit, 1));
}

bool sp_emit_atomic(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	int kind = atomic_kind(in->op);
	vc_value_id srcs[2];

	if (in->op == SpvOpAtomicLoad || in->op == SpvOpAtomicStore) {
		uint32_t ptr = sp_id(s, in, in->op == SpvOpAtomicLoad ? 3 : 1);
		if (texel_ptr(s, ptr))
			sp_fail(s, in->at, "SPIR-V: atomic load/store of an image texel is not supported");
		srcs[0] = sp_value(s, in, in->op == SpvOpAtomicLoad ? 3 : 1);
		if (in->op == SpvOpAtomicLoad) {
			sp_set_result(s, in, sp_build(s, b, VC_OP_LOAD, sp_type(s, in, 1), srcs, 1));
		} else {
			srcs[1] = sp_value(s, in, 4);
			sp_build(s, b, VC_OP_STORE, 0, srcs, 2);
		}
		return true;
	}
	if (kind < 0)
		return false;
	emit_atomic_rmw(s, b, in, kind);
	return true;
}
