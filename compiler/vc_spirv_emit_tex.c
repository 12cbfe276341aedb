/* SPDX-License-Identifier: MIT */
/* IR texture and image instructions -> SPIR-V image instructions. */
#include "vc_spirv_emit_private.h"

static const struct vc_type *type_of(struct se *e, vc_value_id v)
{
	return &e->m->types[e->m->values[v].type];
}

static bool src_ok(struct se *e, vc_value_id v)
{
	if (v < e->m->nr_values)
		return true;
	se_fail(e, "SPIR-V writer: texture operand %u out of range", v);
	return false;
}

/* The image of a handle that may be a sampled image (fetch, size queries). */
static uint32_t image_of(struct se *e, vc_value_id h)
{
	const struct vc_type *t = type_of(e, h);
	uint32_t ops[3];

	if (t->kind == VC_TYPE_IMAGE)
		return se_operand(e, h);
	if (t->kind != VC_TYPE_SAMPLED_IMAGE) {
		se_fail(e, "SPIR-V writer: texture handle is not an image");
		return 0;
	}
	ops[0] = se_type(e, t->elem);
	ops[1] = se_id(e);
	ops[2] = se_operand(e, h);
	se_ins(e, SE_CODE, SpvOpImage, ops, 3);
	return ops[1];
}

static bool is_const(struct se *e, vc_value_id v)
{
	return e->m->values[v].kind == VC_VALUE_CONST;
}

/* Appends the image-operand mask and its operands, in bit order. */
static void image_operands(struct se *e, const struct vc_instr *in, uint32_t *ops, unsigned *n)
{
	const vc_value_id *s = in->srcs;
	enum vc_tex_op op = (enum vc_tex_op)in->lits[0];
	unsigned at = (*n)++;
	uint32_t mask = 0;

	if (s[VC_TEX_SRC_LOD] && op == VC_TEX_SAMPLE_BIAS) {
		mask |= SpvImageOperandsBiasMask;
		ops[(*n)++] = se_operand(e, s[VC_TEX_SRC_LOD]);
	} else if (s[VC_TEX_SRC_LOD] && (op == VC_TEX_SAMPLE_LOD || op == VC_TEX_FETCH)) {
		mask |= SpvImageOperandsLodMask;
		ops[(*n)++] = se_operand(e, s[VC_TEX_SRC_LOD]);
	}
	if (op == VC_TEX_SAMPLE_GRAD) {
		mask |= SpvImageOperandsGradMask;
		ops[(*n)++] = se_operand(e, s[VC_TEX_SRC_DDX]);
		ops[(*n)++] = se_operand(e, s[VC_TEX_SRC_DDY]);
	}
	if (s[VC_TEX_SRC_OFFSET]) {
		bool c = is_const(e, s[VC_TEX_SRC_OFFSET]);
		mask |= c ? SpvImageOperandsConstOffsetMask : SpvImageOperandsOffsetMask;
		if (!c)
			se_cap(e, SpvCapabilityImageGatherExtended);
		ops[(*n)++] = se_operand(e, s[VC_TEX_SRC_OFFSET]);
	}
	if (mask)
		ops[at] = mask;
	else
		(*n)--;
}

static SpvOp sample_op(const struct vc_instr *in, bool *explicit_lod)
{
	static const SpvOp ops[2][2][2] = { /* [proj][dref][explicit] */
		{ { SpvOpImageSampleImplicitLod, SpvOpImageSampleExplicitLod },
		  { SpvOpImageSampleDrefImplicitLod, SpvOpImageSampleDrefExplicitLod } },
		{ { SpvOpImageSampleProjImplicitLod, SpvOpImageSampleProjExplicitLod },
		  { SpvOpImageSampleProjDrefImplicitLod, SpvOpImageSampleProjDrefExplicitLod } },
	};
	bool proj = in->lits[1] & VC_TEX_PROJ, dref = in->srcs[VC_TEX_SRC_DREF] != 0;

	*explicit_lod = in->lits[0] == VC_TEX_SAMPLE_LOD || in->lits[0] == VC_TEX_SAMPLE_GRAD;
	return ops[proj][dref][*explicit_lod];
}

static void emit_sample(struct se *e, const struct vc_instr *in)
{
	uint32_t ops[12];
	unsigned n = 0;
	bool explicit_lod;
	SpvOp op = sample_op(in, &explicit_lod);

	if (type_of(e, in->srcs[VC_TEX_SRC_HANDLE])->kind != VC_TYPE_SAMPLED_IMAGE) {
		se_fail(e, "SPIR-V writer: sampling a handle that is not a sampled image");
		return;
	}
	if (explicit_lod && in->lits[0] == VC_TEX_SAMPLE_LOD && !in->srcs[VC_TEX_SRC_LOD]) {
		se_fail(e, "SPIR-V writer: explicit-LOD sample without a LOD");
		return;
	}
	ops[n++] = se_operand(e, in->srcs[VC_TEX_SRC_HANDLE]);
	ops[n++] = se_operand(e, in->srcs[VC_TEX_SRC_COORD]);
	if (in->srcs[VC_TEX_SRC_DREF])
		ops[n++] = se_operand(e, in->srcs[VC_TEX_SRC_DREF]);
	image_operands(e, in, ops, &n);
	se_emit_op(e, in, op, ops, n);
}

static void emit_gather(struct se *e, const struct vc_instr *in)
{
	uint32_t ops[8];
	unsigned n = 0;
	bool dref = in->srcs[VC_TEX_SRC_DREF] != 0;

	if (!dref && !in->srcs[VC_TEX_SRC_COMP]) {
		se_fail(e, "SPIR-V writer: gather without a component");
		return;
	}
	ops[n++] = se_operand(e, in->srcs[VC_TEX_SRC_HANDLE]);
	ops[n++] = se_operand(e, in->srcs[VC_TEX_SRC_COORD]);
	ops[n++] = se_operand(e, in->srcs[dref ? VC_TEX_SRC_DREF : VC_TEX_SRC_COMP]);
	image_operands(e, in, ops, &n);
	se_emit_op(e, in, dref ? SpvOpImageDrefGather : SpvOpImageGather, ops, n);
}

/* The image type of a texture handle (an image or a sampled image). */
static const struct vc_image_desc *image_desc(struct se *e, vc_value_id h)
{
	const struct vc_type *t = type_of(e, h);

	return t->kind == VC_TYPE_SAMPLED_IMAGE ? &e->m->types[t->elem].image : &t->image;
}

static void emit_fetch(struct se *e, const struct vc_instr *in)
{
	uint32_t ops[8];
	unsigned n = 0;

	ops[n++] = image_of(e, in->srcs[VC_TEX_SRC_HANDLE]);
	ops[n++] = se_operand(e, in->srcs[VC_TEX_SRC_COORD]);
	if (image_desc(e, in->srcs[VC_TEX_SRC_HANDLE])->ms) {
		/* a multisample fetch names a sample where others name a level */
		ops[n++] = SpvImageOperandsSampleMask;
		ops[n++] = se_operand(e, in->srcs[VC_TEX_SRC_LOD]);
	} else {
		image_operands(e, in, ops, &n);
	}
	se_emit_op(e, in, SpvOpImageFetch, ops, n);
}

static void emit_query(struct se *e, const struct vc_instr *in)
{
	uint32_t ops[2];

	se_cap(e, SpvCapabilityImageQuery);
	if (in->lits[0] == VC_TEX_QUERY_LOD) {
		ops[0] = se_operand(e, in->srcs[VC_TEX_SRC_HANDLE]);
		ops[1] = se_operand(e, in->srcs[VC_TEX_SRC_COORD]);
		se_emit_op(e, in, SpvOpImageQueryLod, ops, 2);
		return;
	}
	ops[0] = image_of(e, in->srcs[VC_TEX_SRC_HANDLE]);
	if (in->lits[0] == VC_TEX_LEVELS) {
		se_emit_op(e, in, SpvOpImageQueryLevels, ops, 1);
	} else if (in->srcs[VC_TEX_SRC_LOD]) {
		ops[1] = se_operand(e, in->srcs[VC_TEX_SRC_LOD]);
		se_emit_op(e, in, SpvOpImageQuerySizeLod, ops, 2);
	} else {
		se_emit_op(e, in, SpvOpImageQuerySize, ops, 1);
	}
}

static bool tex_ok(struct se *e, const struct vc_instr *in)
{
	for (unsigned i = 0; i < VC_MAX_SRCS; i++)
		if (!src_ok(e, in->srcs[i]))
			return false;
	if (in->nr_lits < 1 || in->lits[0] > VC_TEX_QUERY_LOD || !in->srcs[VC_TEX_SRC_HANDLE] ||
	    (!in->srcs[VC_TEX_SRC_COORD] && in->lits[0] != VC_TEX_SIZE &&
	     in->lits[0] != VC_TEX_LEVELS)) {
		se_fail(e, "SPIR-V writer: TEX without its operation, handle or coordinate");
		return false;
	}
	if (in->nr_lits < 2 && (in->lits[0] <= VC_TEX_SAMPLE_GRAD)) {
		se_fail(e, "SPIR-V writer: TEX without its flags");
		return false;
	}
	return true;
}

void se_emit_tex(struct se *e, const struct vc_instr *in)
{
	if (!tex_ok(e, in))
		return;
	switch ((enum vc_tex_op)in->lits[0]) {
	case VC_TEX_SAMPLE: case VC_TEX_SAMPLE_BIAS: case VC_TEX_SAMPLE_LOD: case VC_TEX_SAMPLE_GRAD:
		emit_sample(e, in);
		return;
	case VC_TEX_FETCH:
		emit_fetch(e, in);
		return;
	case VC_TEX_GATHER:
		emit_gather(e, in);
		return;
	case VC_TEX_SIZE: case VC_TEX_LEVELS: case VC_TEX_QUERY_LOD:
		emit_query(e, in);
		return;
	}
}

/* Storage images without a format need the *WithoutFormat capabilities. */
static void format_caps(struct se *e, vc_value_id img, SpvCapability cap)
{
	if (type_of(e, img)->image.format == VC_FMT_UNKNOWN)
		se_cap(e, cap);
}

static bool image_srcs_ok(struct se *e, const struct vc_instr *in, unsigned n,
			  enum vc_type_kind first)
{
	if (in->nr_srcs != n) {
		se_fail(e, "SPIR-V writer: %s with %u operands", vc_op_name(in->op), in->nr_srcs);
		return false;
	}
	for (unsigned i = 0; i < n; i++)
		if (!src_ok(e, in->srcs[i]) || !in->srcs[i]) {
			se_fail(e, "SPIR-V writer: %s operand missing", vc_op_name(in->op));
			return false;
		}
	if (type_of(e, in->srcs[0])->kind != first) {
		se_fail(e, "SPIR-V writer: %s of the wrong kind of handle", vc_op_name(in->op));
		return false;
	}
	return true;
}

void se_emit_image(struct se *e, const struct vc_instr *in)
{
	/* indexed from SAMPLED_IMAGE: IMAGE_OF, IMAGE_LOAD, IMAGE_STORE, (ATOMIC), IMAGE_SIZE */
	static const unsigned nr[] = { 2, 1, 2, 3, 0, 1 };
	static const enum vc_type_kind kinds[] = { VC_TYPE_IMAGE, VC_TYPE_SAMPLED_IMAGE,
						   VC_TYPE_IMAGE, VC_TYPE_IMAGE, VC_TYPE_IMAGE,
						   VC_TYPE_IMAGE };
	static const SpvOp ops[] = { SpvOpSampledImage, SpvOpImage, SpvOpImageRead, SpvOpNop,
				     SpvOpNop, SpvOpImageQuerySize };
	unsigned k = in->op - VC_OP_SAMPLED_IMAGE;
	uint32_t w[3];

	if (!image_srcs_ok(e, in, nr[k], kinds[k]))
		return;
	for (unsigned i = 0; i < nr[k]; i++)
		w[i] = se_operand(e, in->srcs[i]);
	if (in->op == VC_OP_IMAGE_LOAD)
		format_caps(e, in->srcs[0], SpvCapabilityStorageImageReadWithoutFormat);
	if (in->op == VC_OP_IMAGE_SIZE)
		se_cap(e, SpvCapabilityImageQuery);
	if (in->op == VC_OP_IMAGE_STORE) {
		format_caps(e, in->srcs[0], SpvCapabilityStorageImageWriteWithoutFormat);
		se_ins(e, SE_CODE, SpvOpImageWrite, w, 3);
		return;
	}
	se_emit_op(e, in, ops[k], w, nr[k]);
}
