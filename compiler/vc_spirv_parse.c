/* SPDX-License-Identifier: MIT */
/*
 * SPIR-V reader, module level: framing and id table, capabilities, entry
 * point and execution modes, decorations, types, constants and global
 * variables. Function bodies are in vc_spirv_cfg.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <spirv/unified1/GLSL.std.450.h>

#include "vc_spirv_parse.h"
#include "vc_spirv_private.h"

/* ---- errors and operand access -------------------------------------------- */

void sp_fail(struct spv *s, uint32_t at, const char *fmt, ...)
{
	va_list ap;
	size_t len;

	if (!s->failed) {
		va_start(ap, fmt);
		vsnprintf(s->err, s->err_size, fmt, ap);
		va_end(ap);
		len = strlen(s->err);
		snprintf(s->err + len, s->err_size - len, " at word %u", at);
		s->failed = true;
	}
	longjmp(s->bail, 1);
}

void sp_unsupported_op(struct spv *s, const struct sp_ins *in)
{
	const char *name = vc_spirv_op_name(in->op);

	if (name)
		sp_fail(s, in->at, "SPIR-V: unsupported instruction %s", name);
	sp_fail(s, in->at, "SPIR-V: unknown opcode %u", in->op);
}

void sp_check_oom(struct spv *s, uint32_t at)
{
	if (s->m->oom)
		sp_fail(s, at, "SPIR-V: out of memory");
}

uint32_t sp_word(struct spv *s, const struct sp_ins *in, uint32_t i)
{
	if (i >= in->n)
		sp_fail(s, in->at, "SPIR-V: %s has %u words, operand %u is missing",
			vc_spirv_op_name(in->op) ? vc_spirv_op_name(in->op) : "instruction", in->n, i);
	return in->w[i];
}

uint32_t sp_id(struct spv *s, const struct sp_ins *in, uint32_t i)
{
	uint32_t id = sp_word(s, in, i);

	if (id == 0 || id >= s->bound)
		sp_fail(s, in->at, "SPIR-V: id %u out of range (bound %u)", id, s->bound);
	return id;
}

vc_type_id sp_type_of(struct spv *s, uint32_t id, uint32_t at)
{
	if (id == 0 || id >= s->bound || s->ids[id].kind != SP_TYPE || !s->ids[id].ir_type)
		sp_fail(s, at, "SPIR-V: id %u is not a usable type", id);
	return s->ids[id].ir_type;
}

vc_type_id sp_type(struct spv *s, const struct sp_ins *in, uint32_t i)
{
	return sp_type_of(s, sp_id(s, in, i), in->at);
}

vc_value_id sp_value(struct spv *s, const struct sp_ins *in, uint32_t i)
{
	uint32_t id = sp_id(s, in, i);
	vc_value_id v = 0;

	if (s->frame && s->frame->vals[id])
		v = s->frame->vals[id];
	else if (s->ids[id].kind == SP_CONST || s->ids[id].kind == SP_GLOBAL)
		v = s->ids[id].value;
	if (!v)
		sp_fail(s, in->at, "SPIR-V: id %u is not a value defined before its use", id);
	return v;
}

struct sp_ins sp_ins_at(struct spv *s, uint32_t at)
{
	/* framing was validated by scan(): at and its word count lie inside */
	struct sp_ins in = { .w = s->w + at, .at = at, .op = (uint16_t)(s->w[at] & 0xffff),
			     .n = (uint16_t)(s->w[at] >> 16) };
	return in;
}

const char *sp_string(struct spv *s, const struct sp_ins *in, uint32_t i, uint32_t *words)
{
	const char *str = (const char *)&in->w[i];
	size_t max;

	if (i >= in->n)
		sp_fail(s, in->at, "SPIR-V: missing string operand");
	max = (size_t)(in->n - i) * 4;
	for (size_t k = 0; k < max; k++) {
		if (str[k] == 0) {
			if (words)
				*words = (uint32_t)(k / 4 + 1);
			return str;
		}
	}
	sp_fail(s, in->at, "SPIR-V: string operand is not NUL-terminated");
}

/* ---- pass 1: framing, ids, function and block index --------------------------- */

struct scan_state {
	uint32_t fn, label;
};

static void scan_result(struct spv *s, const struct sp_ins *in)
{
	bool has_result, has_type;
	uint32_t id;

	if (!vc_spirv_op_info(in->op, &has_result, &has_type))
		sp_fail(s, in->at, "SPIR-V: unknown opcode %u", in->op);
	if (!has_result)
		return;
	id = sp_id(s, in, has_type ? 2 : 1);
	if (s->ids[id].at)
		sp_fail(s, in->at, "SPIR-V: id %u defined twice", id);
	s->ids[id].at = in->at;
	if (has_type)
		s->ids[id].type = sp_id(s, in, 1);
}

static bool is_terminator(uint32_t op)
{
	switch (op) {
	case SpvOpBranch: case SpvOpBranchConditional: case SpvOpSwitch: case SpvOpReturn:
	case SpvOpReturnValue: case SpvOpKill: case SpvOpUnreachable:
	case SpvOpTerminateInvocation:
		return true;
	default:
		return false;
	}
}

/* Records which function and block each instruction belongs to. */
static void scan_body(struct spv *s, struct scan_state *st, const struct sp_ins *in)
{
	if (in->op == SpvOpFunction) {
		if (st->fn)
			sp_fail(s, in->at, "SPIR-V: OpFunction inside a function");
		st->fn = sp_id(s, in, 2);
		s->ids[st->fn].kind = SP_FUNC;
	} else if (in->op == SpvOpFunctionEnd) {
		if (!st->fn || st->label)
			sp_fail(s, in->at, "SPIR-V: misplaced OpFunctionEnd");
		s->ids[st->fn].fn_end = in->at;
		st->fn = 0;
	} else if (in->op == SpvOpLabel) {
		if (!st->fn || st->label)
			sp_fail(s, in->at, "SPIR-V: OpLabel outside a function or inside a block");
		st->label = sp_id(s, in, 1);
		s->ids[st->label].kind = SP_LABEL;
		if (!s->ids[st->fn].fn_first_label)
			s->ids[st->fn].fn_first_label = st->label;
	} else if (in->op == SpvOpSelectionMerge || in->op == SpvOpLoopMerge) {
		if (!st->label)
			sp_fail(s, in->at, "SPIR-V: merge instruction outside a block");
		s->ids[st->label].merge_at = in->at;
	} else if (is_terminator(in->op)) {
		if (!st->label)
			sp_fail(s, in->at, "SPIR-V: terminator outside a block");
		s->ids[st->label].term_at = in->at;
		st->label = 0;
	} else if (st->fn && !st->label && in->op != SpvOpFunctionParameter &&
		   in->op != SpvOpLine && in->op != SpvOpNoLine) {
		sp_fail(s, in->at, "SPIR-V: instruction outside a block");
	}
}

static void scan(struct spv *s)
{
	struct scan_state st = { 0 };
	uint32_t at = 5;

	while (at < s->n) {
		uint32_t n = s->w[at] >> 16;
		struct sp_ins in;

		if (n == 0 || n > s->n - at)
			sp_fail(s, at, "SPIR-V: bad word count %u", n);
		in = sp_ins_at(s, at);
		scan_result(s, &in);
		scan_body(s, &st, &in);
		at += n;
	}
	if (st.fn)
		sp_fail(s, at, "SPIR-V: function without OpFunctionEnd");
}

/* ---- capabilities, entry point, modes, names, decorations --------------------- */

static void capability(struct spv *s, const struct sp_ins *in)
{
	uint32_t cap = sp_word(s, in, 1);
	const char *name;

	switch (cap) {
	case SpvCapabilityMatrix: case SpvCapabilityShader: case SpvCapabilityImageQuery:
	case SpvCapabilityDerivativeControl: case SpvCapabilityStorageImageExtendedFormats:
	case SpvCapabilitySampled1D: case SpvCapabilityImage1D: case SpvCapabilitySampledBuffer:
	case SpvCapabilityImageBuffer: case SpvCapabilitySampledCubeArray:
	case SpvCapabilityImageCubeArray: case SpvCapabilityMinLod:
	case SpvCapabilityStorageImageWriteWithoutFormat:
	case SpvCapabilityStorageImageReadWithoutFormat:
	case SpvCapabilityClipDistance: case SpvCapabilityCullDistance:
	case SpvCapabilitySampleRateShading: case SpvCapabilityImageGatherExtended:
	case SpvCapabilityDemoteToHelperInvocation: case SpvCapabilityGeometry:
	case SpvCapabilityTessellation: case SpvCapabilityInterpolationFunction:
	case SpvCapabilityMultiViewport:
		return;
	default:
		name = vc_spirv_capability_name(cap);
		if (name)
			sp_fail(s, in->at, "SPIR-V: unsupported capability %s", name);
		sp_fail(s, in->at, "SPIR-V: unknown capability %u", cap);
	}
}

static void ext_import(struct spv *s, const struct sp_ins *in)
{
	uint32_t id = sp_id(s, in, 1);
	const char *name = sp_string(s, in, 2, NULL);

	s->ids[id].kind = SP_EXTINST;
	if (!strcmp(name, "GLSL.std.450"))
		s->glsl_ext = id;
	else if (strncmp(name, "NonSemantic.", 12))
		sp_fail(s, in->at, "SPIR-V: unsupported extended instruction set %s", name);
}

static void extension(struct spv *s, const struct sp_ins *in)
{
	static const char *const ok[] = {
		"SPV_KHR_storage_buffer_storage_class", "SPV_KHR_non_semantic_info",
		"SPV_KHR_terminate_invocation", "SPV_EXT_demote_to_helper_invocation",
		"SPV_GOOGLE_decorate_string", "SPV_GOOGLE_hlsl_functionality1",
		"SPV_KHR_shader_draw_parameters",
	};
	const char *name = sp_string(s, in, 1, NULL);

	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++)
		if (!strcmp(name, ok[i]))
			return;
	sp_fail(s, in->at, "SPIR-V: unsupported extension %s", name);
}

static uint32_t model_of(enum vc_ir_stage stage)
{
	switch (stage) {
	case VC_IR_VERTEX: return SpvExecutionModelVertex;
	case VC_IR_FRAGMENT: return SpvExecutionModelFragment;
	case VC_IR_GEOMETRY: return SpvExecutionModelGeometry;
	case VC_IR_TESS_CTRL: return SpvExecutionModelTessellationControl;
	case VC_IR_TESS_EVAL: return SpvExecutionModelTessellationEvaluation;
	default: return SpvExecutionModelGLCompute;
	}
}

static void entry_point(struct spv *s, const struct sp_ins *in, const char *want)
{
	uint32_t model = sp_word(s, in, 1);
	uint32_t fn = sp_id(s, in, 2);
	const char *name = sp_string(s, in, 3, NULL);

	if (strcmp(name, want) || model != model_of(s->m->stage) || s->entry)
		return;
	if (s->ids[fn].kind != SP_FUNC)
		sp_fail(s, in->at, "SPIR-V: entry point %s is not a function", name);
	s->entry = fn;
	s->entry_model = model;
}

/* A geometry shader's modes: false if mode is none of them. */
static bool geometry_mode(struct spv *s, const struct sp_ins *in, uint32_t mode)
{
	static const struct { SpvExecutionMode mode; enum vc_prim prim; bool out; } prims[] = {
		{ SpvExecutionModeInputPoints, VC_PRIM_POINTS, false },
		{ SpvExecutionModeInputLines, VC_PRIM_LINES, false },
		{ SpvExecutionModeInputLinesAdjacency, VC_PRIM_LINES_ADJACENCY, false },
		{ SpvExecutionModeTriangles, VC_PRIM_TRIANGLES, false },
		{ SpvExecutionModeInputTrianglesAdjacency, VC_PRIM_TRIANGLES_ADJACENCY, false },
		{ SpvExecutionModeOutputPoints, VC_PRIM_POINTS, true },
		{ SpvExecutionModeOutputLineStrip, VC_PRIM_LINE_STRIP, true },
		{ SpvExecutionModeOutputTriangleStrip, VC_PRIM_TRIANGLE_STRIP, true },
	};
	struct vc_geometry *g = &s->m->gs;

	if (mode == SpvExecutionModeOutputVertices)
		g->max_vertices = sp_word(s, in, 3);
	else if (mode == SpvExecutionModeInvocations)
		g->invocations = sp_word(s, in, 3);
	else {
		for (size_t i = 0; i < sizeof(prims) / sizeof(prims[0]); i++) {
			if (prims[i].mode != mode)
				continue;
			*(prims[i].out ? &g->output : &g->input) = prims[i].prim;
			return true;
		}
		return false;
	}
	return true;
}

/* The tessellation stages' modes: false if mode is none of them. */
static bool tess_mode(struct spv *s, const struct sp_ins *in, uint32_t mode)
{
	static const struct { SpvExecutionMode mode; uint8_t what; uint32_t value; } modes[] = {
		{ SpvExecutionModeTriangles, 0, VC_PRIM_TRIANGLES },
		{ SpvExecutionModeQuads, 0, VC_TESS_QUADS },
		{ SpvExecutionModeIsolines, 0, VC_PRIM_LINES },
		{ SpvExecutionModeSpacingEqual, 1, VC_TESS_EQUAL },
		{ SpvExecutionModeSpacingFractionalEven, 1, VC_TESS_FRACTIONAL_EVEN },
		{ SpvExecutionModeSpacingFractionalOdd, 1, VC_TESS_FRACTIONAL_ODD },
		{ SpvExecutionModeVertexOrderCw, 2, 1 }, { SpvExecutionModeVertexOrderCcw, 2, 0 },
		{ SpvExecutionModePointMode, 3, 1 },
	};
	struct vc_tess *ts = &s->m->tess;

	if (mode == SpvExecutionModeOutputVertices) {
		ts->vertices = sp_word(s, in, 3);
		return true;
	}
	for (size_t i = 0; i < sizeof(modes) / sizeof(modes[0]); i++) {
		if (modes[i].mode != mode)
			continue;
		if (modes[i].what == 0)
			ts->domain = modes[i].value;
		else if (modes[i].what == 1)
			ts->spacing = (enum vc_tess_spacing)modes[i].value;
		else if (modes[i].what == 2)
			ts->cw = modes[i].value;
		else
			ts->point_mode = true;
		return true;
	}
	return false;
}

static bool stage_mode(struct spv *s, const struct sp_ins *in, uint32_t mode)
{
	if (s->m->stage == VC_IR_GEOMETRY)
		return geometry_mode(s, in, mode);
	if (s->m->stage == VC_IR_TESS_CTRL || s->m->stage == VC_IR_TESS_EVAL)
		return tess_mode(s, in, mode);
	return false;
}

static void execution_mode(struct spv *s, const struct sp_ins *in)
{
	uint32_t mode = sp_word(s, in, 2);

	if (sp_id(s, in, 1) != s->entry)
		return;
	switch (mode) {
	case SpvExecutionModeLocalSize:
		for (int i = 0; i < 3; i++)
			s->m->local_size[i] = sp_word(s, in, 3 + i);
		break;
	case SpvExecutionModeOriginUpperLeft: s->m->origin_upper_left = true; break;
	case SpvExecutionModeOriginLowerLeft: s->m->origin_upper_left = false; break;
	case SpvExecutionModeEarlyFragmentTests: s->m->early_fragment_tests = true; break;
	case SpvExecutionModeDepthReplacing: s->m->depth_replacing = true; break;
	case SpvExecutionModeDepthGreater: case SpvExecutionModeDepthLess:
	case SpvExecutionModeDepthUnchanged:
		break;
	default:
		if (!stage_mode(s, in, mode))
			sp_fail(s, in->at, "SPIR-V: unsupported execution mode %u", mode);
	}
}

static int32_t builtin_deco(uint32_t b)
{
	return (int32_t)b;
}

static void decorate_id(struct spv *s, struct sp_id *d, const struct sp_ins *in, uint32_t i)
{
	uint32_t deco = sp_word(s, in, i);

	switch (deco) {
	case SpvDecorationLocation: d->location = (int32_t)sp_word(s, in, i + 1); break;
	case SpvDecorationComponent: d->component = sp_word(s, in, i + 1); break;
	case SpvDecorationBuiltIn: d->builtin = builtin_deco(sp_word(s, in, i + 1)); break;
	case SpvDecorationDescriptorSet: d->set = sp_word(s, in, i + 1); break;
	case SpvDecorationBinding: d->binding = sp_word(s, in, i + 1); d->has_binding = true; break;
	case SpvDecorationArrayStride: d->array_stride = sp_word(s, in, i + 1); break;
	case SpvDecorationBlock: d->block = true; break;
	case SpvDecorationBufferBlock: d->buffer_block = true; break;
	case SpvDecorationFlat: d->flags |= VC_VAR_FLAT; break;
	case SpvDecorationNoPerspective: d->flags |= VC_VAR_NOPERSPECTIVE; break;
	case SpvDecorationCentroid: d->flags |= VC_VAR_CENTROID; break;
	case SpvDecorationSample: d->flags |= VC_VAR_SAMPLE; break;
	case SpvDecorationNonWritable: d->flags |= VC_VAR_NONWRITABLE; break;
	case SpvDecorationNonReadable: d->flags |= VC_VAR_NONREADABLE; break;
	case SpvDecorationInvariant: d->flags |= VC_VAR_INVARIANT; break;
	case SpvDecorationCoherent: d->flags |= VC_VAR_COHERENT; break;
	case SpvDecorationVolatile: d->flags |= VC_VAR_VOLATILE; break;
	case SpvDecorationPatch: d->flags |= VC_VAR_PATCH; break;
	default: break; /* precision, Restrict, SpecId...: no effect on the output */
	}
}

static struct sp_member_deco *member_deco(struct spv *s, uint32_t type, uint32_t member, uint32_t at)
{
	struct sp_member_deco *d;

	for (uint32_t i = 0; i < s->nr_mdecos; i++)
		if (s->mdecos[i].type == type && s->mdecos[i].member == member)
			return &s->mdecos[i];
	if (s->nr_mdecos == s->cap_mdecos) {
		uint32_t cap = s->cap_mdecos ? s->cap_mdecos * 2 : 32;
		void *p = realloc(s->mdecos, cap * sizeof(*s->mdecos));
		if (!p)
			sp_fail(s, at, "SPIR-V: out of memory");
		s->mdecos = p;
		s->cap_mdecos = cap;
	}
	d = &s->mdecos[s->nr_mdecos++];
	memset(d, 0, sizeof(*d));
	d->type = type;
	d->member = member;
	d->builtin = -1;
	return d;
}

static void member_decorate(struct spv *s, const struct sp_ins *in)
{
	struct sp_member_deco *d = member_deco(s, sp_id(s, in, 1), sp_word(s, in, 2), in->at);
	uint32_t deco = sp_word(s, in, 3);

	switch (deco) {
	case SpvDecorationOffset: d->offset = sp_word(s, in, 4); d->has_offset = true; break;
	case SpvDecorationMatrixStride: d->matrix_stride = sp_word(s, in, 4); break;
	case SpvDecorationRowMajor: d->row_major = true; break;
	case SpvDecorationColMajor: d->row_major = false; break;
	case SpvDecorationBuiltIn: d->builtin = builtin_deco(sp_word(s, in, 4)); break;
	case SpvDecorationFlat: d->flags |= VC_VAR_FLAT; break;
	case SpvDecorationNoPerspective: d->flags |= VC_VAR_NOPERSPECTIVE; break;
	case SpvDecorationCentroid: d->flags |= VC_VAR_CENTROID; break;
	case SpvDecorationNonWritable: d->flags |= VC_VAR_NONWRITABLE; break;
	case SpvDecorationNonReadable: d->flags |= VC_VAR_NONREADABLE; break;
	default: break;
	}
}

static void debug_or_annotation(struct spv *s, const struct sp_ins *in)
{
	switch (in->op) {
	case SpvOpName:
		s->ids[sp_id(s, in, 1)].name = sp_string(s, in, 2, NULL);
		break;
	case SpvOpMemberName:
		member_deco(s, sp_id(s, in, 1), sp_word(s, in, 2), in->at)->name =
			sp_string(s, in, 3, NULL);
		break;
	case SpvOpDecorate:
		decorate_id(s, &s->ids[sp_id(s, in, 1)], in, 2);
		break;
	case SpvOpMemberDecorate:
		member_decorate(s, in);
		break;
	case SpvOpDecorationGroup: case SpvOpGroupDecorate: case SpvOpGroupMemberDecorate:
		sp_unsupported_op(s, in);
	default:
		break;
	}
}

/* ---- types ---------------------------------------------------------------------- */

static vc_type_id add_type(struct spv *s, const struct sp_ins *in, const struct vc_type *t)
{
	uint32_t id = sp_id(s, in, 1);
	vc_type_id ty = vc_type_add(s->m, t);

	sp_check_oom(s, in->at);
	s->ids[id].kind = SP_TYPE;
	s->ids[id].ir_type = ty;
	return ty;
}

static uint32_t const_u32(struct spv *s, uint32_t id, uint32_t at)
{
	const struct vc_value *v;

	if (id >= s->bound || s->ids[id].kind != SP_CONST)
		sp_fail(s, at, "SPIR-V: id %u is not a constant", id);
	v = vc_value_get(s->m, s->ids[id].value);
	if (v->nr_words != 1 || vc_type_get(s->m, v->type)->kind != VC_TYPE_SCALAR)
		sp_fail(s, at, "SPIR-V: id %u is not a scalar constant", id);
	return vc_value_words(s->m, s->ids[id].value)[0];
}

static void type_numeric(struct spv *s, const struct sp_ins *in)
{
	struct vc_type t = { .kind = VC_TYPE_SCALAR, .comps = 1 };
	uint32_t width = in->op == SpvOpTypeBool ? 32 : sp_word(s, in, 2);

	if (width != 32)
		sp_fail(s, in->at, "SPIR-V: unsupported %u-bit %s", width,
			in->op == SpvOpTypeInt ? "integer" : "float");
	if (in->op == SpvOpTypeBool)
		t.base = VC_BASE_BOOL;
	else if (in->op == SpvOpTypeFloat)
		t.base = VC_BASE_FLOAT;
	else
		t.base = sp_word(s, in, 3) ? VC_BASE_INT : VC_BASE_UINT;
	add_type(s, in, &t);
}

static void type_vector(struct spv *s, const struct sp_ins *in)
{
	const struct vc_type *c = vc_type_get(s->m, sp_type(s, in, 2));
	uint32_t n = sp_word(s, in, 3);
	struct vc_type t = { .kind = VC_TYPE_VECTOR, .base = c->base, .comps = (uint8_t)n };

	if (c->kind != (in->op == SpvOpTypeVector ? VC_TYPE_SCALAR : VC_TYPE_VECTOR) ||
	    n < 2 || n > 4)
		sp_fail(s, in->at, "SPIR-V: bad vector or matrix type");
	if (in->op == SpvOpTypeMatrix) {
		if (c->base != VC_BASE_FLOAT)
			sp_fail(s, in->at, "SPIR-V: matrix of non-float columns");
		t.kind = VC_TYPE_MATRIX;
		t.comps = c->comps;
		t.cols = (uint8_t)n;
		t.elem = sp_type(s, in, 2);
	}
	add_type(s, in, &t);
}

static void type_array(struct spv *s, const struct sp_ins *in)
{
	uint32_t id = sp_id(s, in, 1);
	struct vc_type t = { .kind = VC_TYPE_ARRAY, .elem = sp_type(s, in, 2),
			     .stride = s->ids[id].array_stride };

	if (in->op == SpvOpTypeArray) {
		t.length = const_u32(s, sp_id(s, in, 3), in->at);
		if (t.length == 0 || t.length > (1u << 20))
			sp_fail(s, in->at, "SPIR-V: array length %u out of range", t.length);
	}
	add_type(s, in, &t);
}

static enum vc_builtin map_builtin(struct spv *s, uint32_t at, int32_t b);

static void type_struct(struct spv *s, const struct sp_ins *in)
{
	uint32_t id = sp_id(s, in, 1);
	uint32_t nr = in->n - 2;
	struct vc_type t = { .kind = VC_TYPE_STRUCT, .nr_members = nr,
			     .block = s->ids[id].block || s->ids[id].buffer_block };

	/* validate everything before allocating: a failure unwinds (a member's
	 * built-in too: map_builtin fails on one it does not know) */
	for (uint32_t i = 0; i < nr; i++) {
		struct sp_member_deco *d;

		sp_type_of(s, sp_id(s, in, 2 + i), in->at);
		d = member_deco(s, id, i, in->at);
		if (d->builtin >= 0)
			map_builtin(s, in->at, d->builtin);
	}
	t.members = calloc(nr ? nr : 1, sizeof(*t.members));
	if (!t.members)
		sp_fail(s, in->at, "SPIR-V: out of memory");
	if (s->ids[id].name)
		t.name = strdup(s->ids[id].name);
	for (uint32_t i = 0; i < nr; i++) {
		struct sp_member_deco *d = member_deco(s, id, i, in->at);
		struct vc_member *mb = &t.members[i];

		mb->type = s->ids[in->w[2 + i]].ir_type;
		mb->offset = d->offset;
		mb->matrix_stride = d->matrix_stride;
		mb->row_major = d->row_major;
		/* kept for arrays of such blocks (a geometry shader's gl_in[]);
		 * a block variable itself is split into its members below */
		mb->builtin = d->builtin >= 0 ? map_builtin(s, in->at, d->builtin) : VC_BUILTIN_NONE;
		if (d->name)
			mb->name = strdup(d->name);
	}
	add_type(s, in, &t);
}

static void type_pointer(struct spv *s, const struct sp_ins *in)
{
	struct vc_type t = { .kind = VC_TYPE_POINTER, .elem = sp_type(s, in, 3) };

	/* storage is resolved per variable; the pointee is what matters here */
	t.storage = VC_STORAGE_FUNCTION;
	add_type(s, in, &t);
}

static enum vc_dim image_dim(struct spv *s, const struct sp_ins *in, uint32_t dim)
{
	switch (dim) {
	case SpvDim1D: return VC_DIM_1D;
	case SpvDim2D: return VC_DIM_2D;
	case SpvDim3D: return VC_DIM_3D;
	case SpvDimCube: return VC_DIM_CUBE;
	case SpvDimRect: return VC_DIM_RECT;
	case SpvDimBuffer: return VC_DIM_BUFFER;
	default: sp_fail(s, in->at, "SPIR-V: unsupported image dimension %u", dim);
	}
}

static enum vc_format image_format(struct spv *s, const struct sp_ins *in, uint32_t f)
{
	switch (f) {
	case SpvImageFormatUnknown: return VC_FMT_UNKNOWN;
	case SpvImageFormatRgba32f: return VC_FMT_RGBA32F;
	case SpvImageFormatRgba16f: return VC_FMT_RGBA16F;
	case SpvImageFormatR32f: return VC_FMT_R32F;
	case SpvImageFormatRgba8: return VC_FMT_RGBA8;
	case SpvImageFormatRgba8Snorm: return VC_FMT_RGBA8_SNORM;
	case SpvImageFormatRgba32i: return VC_FMT_RGBA32I;
	case SpvImageFormatRgba16i: return VC_FMT_RGBA16I;
	case SpvImageFormatRgba8i: return VC_FMT_RGBA8I;
	case SpvImageFormatR32i: return VC_FMT_R32I;
	case SpvImageFormatRgba32ui: return VC_FMT_RGBA32UI;
	case SpvImageFormatRgba16ui: return VC_FMT_RGBA16UI;
	case SpvImageFormatRgba8ui: return VC_FMT_RGBA8UI;
	case SpvImageFormatR32ui: return VC_FMT_R32UI;
	case SpvImageFormatRg32f: return VC_FMT_RG32F;
	case SpvImageFormatRg16f: return VC_FMT_RG16F;
	case SpvImageFormatR16f: return VC_FMT_R16F;
	case SpvImageFormatRg32i: return VC_FMT_RG32I;
	case SpvImageFormatRg32ui: return VC_FMT_RG32UI;
	case SpvImageFormatR11fG11fB10f: return VC_FMT_R11F_G11F_B10F;
	case SpvImageFormatRgba16: return VC_FMT_RGBA16;
	case SpvImageFormatRgb10A2: return VC_FMT_RGB10_A2;
	case SpvImageFormatRg16: return VC_FMT_RG16;
	case SpvImageFormatRg8: return VC_FMT_RG8;
	case SpvImageFormatR16: return VC_FMT_R16;
	case SpvImageFormatR8: return VC_FMT_R8;
	case SpvImageFormatRgba16Snorm: return VC_FMT_RGBA16_SNORM;
	case SpvImageFormatRg16Snorm: return VC_FMT_RG16_SNORM;
	case SpvImageFormatRg8Snorm: return VC_FMT_RG8_SNORM;
	case SpvImageFormatR16Snorm: return VC_FMT_R16_SNORM;
	case SpvImageFormatR8Snorm: return VC_FMT_R8_SNORM;
	case SpvImageFormatRg16i: return VC_FMT_RG16I;
	case SpvImageFormatRg8i: return VC_FMT_RG8I;
	case SpvImageFormatR16i: return VC_FMT_R16I;
	case SpvImageFormatR8i: return VC_FMT_R8I;
	case SpvImageFormatRgb10a2ui: return VC_FMT_RGB10_A2UI;
	case SpvImageFormatRg16ui: return VC_FMT_RG16UI;
	case SpvImageFormatRg8ui: return VC_FMT_RG8UI;
	case SpvImageFormatR16ui: return VC_FMT_R16UI;
	case SpvImageFormatR8ui: return VC_FMT_R8UI;
	default: sp_fail(s, in->at, "SPIR-V: unsupported image format %u", f);
	}
}

static void type_image(struct spv *s, const struct sp_ins *in)
{
	const struct vc_type *st = vc_type_get(s->m, sp_type(s, in, 2));
	struct vc_type t = { .kind = VC_TYPE_IMAGE };

	if (st->kind != VC_TYPE_SCALAR || st->base == VC_BASE_BOOL)
		sp_fail(s, in->at, "SPIR-V: bad image sampled type");
	t.image.sampled = st->base;
	t.image.dim = image_dim(s, in, sp_word(s, in, 3));
	t.image.shadow = sp_word(s, in, 4) == 1;
	t.image.arrayed = sp_word(s, in, 5) != 0;
	t.image.ms = sp_word(s, in, 6) != 0;
	t.image.storage = sp_word(s, in, 7) == 2;
	t.image.format = image_format(s, in, sp_word(s, in, 8));
	add_type(s, in, &t);
}

static bool declare_type(struct spv *s, const struct sp_ins *in)
{
	struct vc_type t = { 0 };

	switch (in->op) {
	case SpvOpTypeVoid: t.kind = VC_TYPE_VOID; add_type(s, in, &t); return true;
	case SpvOpTypeBool: case SpvOpTypeInt: case SpvOpTypeFloat: type_numeric(s, in); return true;
	case SpvOpTypeVector: case SpvOpTypeMatrix: type_vector(s, in); return true;
	case SpvOpTypeArray: case SpvOpTypeRuntimeArray: type_array(s, in); return true;
	case SpvOpTypeStruct: type_struct(s, in); return true;
	case SpvOpTypePointer: type_pointer(s, in); return true;
	case SpvOpTypeImage: type_image(s, in); return true;
	case SpvOpTypeSampler: t.kind = VC_TYPE_SAMPLER; add_type(s, in, &t); return true;
	case SpvOpTypeSampledImage:
		t.kind = VC_TYPE_SAMPLED_IMAGE;
		t.elem = sp_type(s, in, 2);
		if (vc_type_get(s->m, t.elem)->kind != VC_TYPE_IMAGE)
			sp_fail(s, in->at, "SPIR-V: sampled image of a non-image");
		add_type(s, in, &t);
		return true;
	case SpvOpTypeFunction:
		s->ids[sp_id(s, in, 1)].kind = SP_TYPE; /* ir_type 0: not a value type */
		return true;
	default:
		return false;
	}
}

/* ---- constants ------------------------------------------------------------------ */

static void add_const(struct spv *s, const struct sp_ins *in, vc_type_id ty,
		      const uint32_t *words, uint32_t n)
{
	uint32_t id = sp_id(s, in, 2);

	s->ids[id].kind = SP_CONST;
	s->ids[id].value = vc_value_const(s->m, ty, words, n);
	sp_check_oom(s, in->at);
	if (s->ids[id].builtin == SpvBuiltInWorkgroupSize && n == 3)
		memcpy(s->m->local_size, words, sizeof(s->m->local_size));
}

static void const_composite(struct spv *s, const struct sp_ins *in, vc_type_id ty)
{
	uint32_t want = vc_type_words(s->m, ty), got = 0;
	uint32_t *words = calloc(want ? want : 1, sizeof(*words));

	if (!words)
		sp_fail(s, in->at, "SPIR-V: out of memory");
	for (uint32_t i = 3; i < in->n; i++) {
		uint32_t c = in->w[i];
		const struct vc_value *v;

		if (c == 0 || c >= s->bound || s->ids[c].kind != SP_CONST || got >= want) {
			free(words);
			sp_fail(s, in->at, "SPIR-V: bad constituent %u of a constant composite", c);
		}
		v = vc_value_get(s->m, s->ids[c].value);
		if (v->nr_words > want - got) {
			free(words);
			sp_fail(s, in->at, "SPIR-V: constant composite too large for its type");
		}
		memcpy(words + got, vc_value_words(s->m, s->ids[c].value), v->nr_words * 4);
		got += v->nr_words;
	}
	if (got != want) {
		free(words);
		sp_fail(s, in->at, "SPIR-V: constant composite has %u words, its type %u", got, want);
	}
	add_const(s, in, ty, words, want);
	free(words);
}

static void const_null(struct spv *s, const struct sp_ins *in, vc_type_id ty)
{
	uint32_t n = vc_type_words(s->m, ty);
	uint32_t *words = calloc(n ? n : 1, sizeof(*words));

	if (!words)
		sp_fail(s, in->at, "SPIR-V: out of memory");
	add_const(s, in, ty, words, n);
	free(words);
}

static bool declare_const(struct spv *s, const struct sp_ins *in)
{
	uint32_t one = 1, zero = 0;
	vc_type_id ty;

	switch (in->op) {
	case SpvOpConstantTrue: case SpvOpSpecConstantTrue:
	case SpvOpConstantFalse: case SpvOpSpecConstantFalse:
		ty = sp_type(s, in, 1);
		if (vc_type_get(s->m, ty)->kind != VC_TYPE_SCALAR ||
		    vc_type_get(s->m, ty)->base != VC_BASE_BOOL)
			sp_fail(s, in->at, "SPIR-V: boolean constant of a non-bool type");
		add_const(s, in, ty, (in->op == SpvOpConstantTrue ||
				      in->op == SpvOpSpecConstantTrue) ? &one : &zero, 1);
		return true;
	case SpvOpConstant: case SpvOpSpecConstant:
		ty = sp_type(s, in, 1);
		if (vc_type_get(s->m, ty)->kind != VC_TYPE_SCALAR || in->n != 4)
			sp_fail(s, in->at, "SPIR-V: bad scalar constant");
		add_const(s, in, ty, &in->w[3], 1);
		return true;
	case SpvOpConstantComposite: case SpvOpSpecConstantComposite:
		const_composite(s, in, sp_type(s, in, 1));
		return true;
	case SpvOpConstantNull:
		const_null(s, in, sp_type(s, in, 1));
		return true;
	case SpvOpUndef:
		ty = sp_type(s, in, 1);
		s->ids[sp_id(s, in, 2)].kind = SP_CONST;
		s->ids[sp_id(s, in, 2)].value = vc_value_undef(s->m, ty);
		sp_check_oom(s, in->at);
		return true;
	default:
		return false;
	}
}

/* ---- global variables ----------------------------------------------------------- */

vc_var_id sp_new_var(struct spv *s, vc_type_id type, enum vc_storage storage)
{
	struct vc_var v = { .type = type, .storage = storage, .location = -1 };
	vc_var_id id = vc_var_add(s->m, &v);

	sp_check_oom(s, 0);
	return id;
}

static enum vc_builtin map_builtin(struct spv *s, uint32_t at, int32_t b)
{
	switch (b) {
	case -1: return VC_BUILTIN_NONE;
	case SpvBuiltInPosition: return VC_BUILTIN_POSITION;
	case SpvBuiltInPointSize: return VC_BUILTIN_POINT_SIZE;
	case SpvBuiltInVertexIndex: case SpvBuiltInVertexId: return VC_BUILTIN_VERTEX_ID;
	case SpvBuiltInInstanceIndex: case SpvBuiltInInstanceId: return VC_BUILTIN_INSTANCE_ID;
	case SpvBuiltInFragCoord: return VC_BUILTIN_FRAG_COORD;
	case SpvBuiltInFrontFacing: return VC_BUILTIN_FRONT_FACING;
	case SpvBuiltInFragDepth: return VC_BUILTIN_FRAG_DEPTH;
	case SpvBuiltInPointCoord: return VC_BUILTIN_POINT_COORD;
	case SpvBuiltInLocalInvocationId: return VC_BUILTIN_LOCAL_INVOCATION_ID;
	case SpvBuiltInGlobalInvocationId: return VC_BUILTIN_GLOBAL_INVOCATION_ID;
	case SpvBuiltInWorkgroupId: return VC_BUILTIN_WORKGROUP_ID;
	case SpvBuiltInNumWorkgroups: return VC_BUILTIN_NUM_WORKGROUPS;
	case SpvBuiltInLocalInvocationIndex: return VC_BUILTIN_LOCAL_INVOCATION_INDEX;
	case SpvBuiltInWorkgroupSize: return VC_BUILTIN_WORKGROUP_SIZE;
	case SpvBuiltInClipDistance: return VC_BUILTIN_CLIP_DISTANCE;
	case SpvBuiltInCullDistance: return VC_BUILTIN_CULL_DISTANCE;
	case SpvBuiltInSampleId: return VC_BUILTIN_SAMPLE_ID;
	case SpvBuiltInSamplePosition: return VC_BUILTIN_SAMPLE_POSITION;
	case SpvBuiltInSampleMask: return VC_BUILTIN_SAMPLE_MASK;
	case SpvBuiltInHelperInvocation: return VC_BUILTIN_HELPER_INVOCATION;
	case SpvBuiltInPrimitiveId: return VC_BUILTIN_PRIMITIVE_ID;
	case SpvBuiltInInvocationId: return VC_BUILTIN_INVOCATION_ID;
	case SpvBuiltInLayer: return VC_BUILTIN_LAYER;
	case SpvBuiltInViewportIndex: return VC_BUILTIN_VIEWPORT_INDEX;
	case SpvBuiltInTessLevelOuter: return VC_BUILTIN_TESS_LEVEL_OUTER;
	case SpvBuiltInTessLevelInner: return VC_BUILTIN_TESS_LEVEL_INNER;
	case SpvBuiltInTessCoord: return VC_BUILTIN_TESS_COORD;
	case SpvBuiltInPatchVertices: return VC_BUILTIN_PATCH_VERTICES;
	default: sp_fail(s, at, "SPIR-V: unsupported built-in %d", b);
	}
}

static enum vc_storage map_storage(struct spv *s, const struct sp_ins *in, uint32_t sc,
				   vc_type_id pointee)
{
	const struct vc_type *t = vc_type_get(s->m, pointee);

	switch (sc) {
	case SpvStorageClassInput: return VC_STORAGE_INPUT;
	case SpvStorageClassOutput: return VC_STORAGE_OUTPUT;
	case SpvStorageClassUniformConstant: return VC_STORAGE_HANDLE;
	case SpvStorageClassStorageBuffer: return VC_STORAGE_STORAGE;
	case SpvStorageClassPushConstant: return VC_STORAGE_PUSH_CONSTANT;
	case SpvStorageClassWorkgroup: return VC_STORAGE_SHARED;
	case SpvStorageClassPrivate: return VC_STORAGE_PRIVATE;
	case SpvStorageClassFunction: return VC_STORAGE_FUNCTION;
	case SpvStorageClassUniform:
		/* old-style SSBOs: Uniform storage with a BufferBlock struct */
		while (t->kind == VC_TYPE_ARRAY)
			t = vc_type_get(s->m, t->elem);
		for (uint32_t i = 1; i < s->bound; i++)
			if (s->ids[i].kind == SP_TYPE && s->ids[i].ir_type &&
			    vc_type_get(s->m, s->ids[i].ir_type) == t && s->ids[i].buffer_block)
				return VC_STORAGE_STORAGE;
		return VC_STORAGE_UNIFORM;
	default:
		sp_fail(s, in->at, "SPIR-V: unsupported storage class %u", sc);
	}
}

/* gl_PerVertex-style blocks: one IR variable per built-in member. */
static void split_builtin_block(struct spv *s, uint32_t id, uint32_t type_id,
				enum vc_storage storage, uint32_t at)
{
	const struct vc_type *t = vc_type_get(s->m, sp_type_of(s, type_id, at));
	uint32_t nr = t->nr_members;
	struct sp_id *d = &s->ids[id];

	d->members = calloc(nr ? nr : 1, sizeof(*d->members));
	if (!d->members)
		sp_fail(s, at, "SPIR-V: out of memory");
	d->nr_members = nr;
	for (uint32_t i = 0; i < nr; i++) {
		struct sp_member_deco *md = member_deco(s, type_id, i, at);
		vc_type_id mt = vc_type_get(s->m, sp_type_of(s, type_id, at))->members[i].type;
		vc_var_id v = sp_new_var(s, mt, storage);
		struct vc_var *var = vc_var_get(s->m, v);

		var->builtin = map_builtin(s, at, md->builtin);
		var->flags = md->flags;
		if (md->name)
			var->name = strdup(md->name);
		d->members[i] = v;
	}
}

static bool has_builtin_members(struct spv *s, uint32_t type_id)
{
	for (uint32_t i = 0; i < s->nr_mdecos; i++)
		if (s->mdecos[i].type == type_id && s->mdecos[i].builtin >= 0)
			return true;
	return false;
}

static void global_var(struct spv *s, const struct sp_ins *in)
{
	uint32_t ptr_type = sp_id(s, in, 1), id = sp_id(s, in, 2);
	struct sp_id *d = &s->ids[id];
	const struct sp_ins pt = sp_ins_at(s, s->ids[ptr_type].at);
	vc_type_id pointee;
	enum vc_storage storage;
	struct vc_var *var;
	vc_var_id v;

	sp_type_of(s, ptr_type, in->at);
	if (pt.op != SpvOpTypePointer)
		sp_fail(s, in->at, "SPIR-V: variable of a non-pointer type");
	pointee = sp_type(s, &pt, 3);
	storage = map_storage(s, in, sp_word(s, in, 3), pointee);
	if (storage == VC_STORAGE_FUNCTION)
		sp_fail(s, in->at, "SPIR-V: Function variable at module scope");
	d->kind = SP_GLOBAL;
	if ((storage == VC_STORAGE_INPUT || storage == VC_STORAGE_OUTPUT) &&
	    has_builtin_members(s, sp_word(s, &pt, 3))) {
		split_builtin_block(s, id, sp_word(s, &pt, 3), storage, in->at);
		d->value = 0;
		return;
	}
	v = sp_new_var(s, pointee, storage);
	var = vc_var_get(s->m, v);
	var->location = d->location;
	var->component = d->component;
	var->builtin = map_builtin(s, in->at, d->builtin);
	var->set = d->set;
	var->binding = d->binding;
	var->has_binding = d->has_binding;
	var->flags = d->flags;
	if (d->name)
		var->name = strdup(d->name);
	if (in->n > 4)
		var->init = sp_value(s, in, 4);
	d->value = var->ptr;
}

/* ---- pass 2: the module-level instructions, in order ---------------------------- */

static void global_instr(struct spv *s, const struct sp_ins *in, const char *entry)
{
	switch (in->op) {
	case SpvOpCapability: capability(s, in); return;
	case SpvOpExtension: extension(s, in); return;
	case SpvOpExtInstImport: ext_import(s, in); return;
	case SpvOpMemoryModel: return;
	case SpvOpEntryPoint: entry_point(s, in, entry); return;
	case SpvOpExecutionMode: execution_mode(s, in); return;
	case SpvOpVariable: global_var(s, in); return;
	case SpvOpString: case SpvOpSource: case SpvOpSourceContinued: case SpvOpSourceExtension:
	case SpvOpModuleProcessed: case SpvOpLine: case SpvOpNoLine: case SpvOpNop:
	case SpvOpDecorateString: case SpvOpMemberDecorateString: case SpvOpExtInst:
		return;
	case SpvOpSpecConstantOp:
		sp_unsupported_op(s, in);
	default:
		break;
	}
	if (declare_type(s, in) || declare_const(s, in))
		return;
	debug_or_annotation(s, in);
	if (in->op != SpvOpName && in->op != SpvOpMemberName && in->op != SpvOpDecorate &&
	    in->op != SpvOpMemberDecorate)
		sp_unsupported_op(s, in);
}

static void declare_all(struct spv *s, const char *entry)
{
	uint32_t at = 5;

	while (at < s->n) {
		struct sp_ins in = sp_ins_at(s, at);

		if (in.op == SpvOpFunction)
			at = s->ids[sp_id(s, &in, 2)].fn_end;
		else
			global_instr(s, &in, entry);
		at += s->w[at] >> 16;
	}
	if (!s->entry)
		sp_fail(s, at, "SPIR-V: no %s entry point named \"%s\"",
			s->m->stage == VC_IR_VERTEX ? "vertex" :
			s->m->stage == VC_IR_FRAGMENT ? "fragment" :
			s->m->stage == VC_IR_GEOMETRY ? "geometry" :
			s->m->stage == VC_IR_TESS_CTRL ? "tessellation control" :
			s->m->stage == VC_IR_TESS_EVAL ? "tessellation evaluation" : "compute", entry);
}

static void header(struct spv *s)
{
	if (s->n < 5)
		sp_fail(s, 0, "SPIR-V: module too short (%u words)", s->n);
	if (s->w[0] != SpvMagicNumber)
		sp_fail(s, 0, "SPIR-V: bad magic number 0x%08x", s->w[0]);
	if (s->w[1] > 0x00010600 || s->w[1] < 0x00010000)
		sp_fail(s, 1, "SPIR-V: unsupported version 0x%08x", s->w[1]);
	s->bound = s->w[3];
	if (s->bound == 0 || s->bound > (1u << 22))
		sp_fail(s, 3, "SPIR-V: id bound %u out of range", s->bound);
	s->ids = calloc(s->bound, sizeof(*s->ids));
	if (!s->ids)
		sp_fail(s, 3, "SPIR-V: out of memory");
	for (uint32_t i = 0; i < s->bound; i++) {
		s->ids[i].location = -1;
		s->ids[i].builtin = -1;
	}
}

static void cleanup(struct spv *s)
{
	while (s->frame)
		sp_frame_pop(s);
	if (s->ids)
		for (uint32_t i = 0; i < s->bound; i++)
			free(s->ids[i].members);
	free(s->ids);
	free(s->mdecos);
}

int vc_spirv_parse(const uint32_t *words, size_t nr_words, const char *entry,
		   enum vc_ir_stage stage, struct vc_module **out, char *err, size_t err_size)
{
	struct spv *s = calloc(1, sizeof(*s));
	volatile int ret = 0; /* survives the longjmp of a failure */

	*out = NULL;
	if (!s || !(s->m = vc_module_create(stage))) {
		snprintf(err, err_size, "out of memory");
		free(s);
		return -1;
	}
	s->w = words;
	s->n = nr_words > UINT32_MAX ? UINT32_MAX : (uint32_t)nr_words;
	s->err = err;
	s->err_size = err_size;
	err[0] = 0;
	if (setjmp(s->bail) == 0) {
		header(s);
		scan(s);
		declare_all(s, entry ? entry : "main");
		sp_emit_entry(s);
		sp_check_oom(s, 0);
		*out = s->m;
	} else {
		vc_module_destroy(s->m);
		ret = -1;
	}
	cleanup(s);
	free(s);
	return ret;
}
