/* SPDX-License-Identifier: MIT */
/* IR types, constants and variables -> SPIR-V, with their decorations. */
#include <string.h>

#include "vc_spirv_emit_private.h"

/* se->buffer_block flags per IR type */
enum {
	SE_LAYOUT = 1 << 0,  /* reachable from a block variable: explicit offsets/strides */
	SE_BUFFER = 1 << 1,  /* the struct of a storage block: BufferBlock in SPIR-V 1.0 */
};

void se_relaxed(struct se *e, uint32_t id, enum vc_precision p)
{
	if (p != VC_PREC_HIGH)
		se_decorate(e, id, SpvDecorationRelaxedPrecision, NULL, 0);
}

uint32_t se_type_void(struct se *e)
{
	uint32_t ops[1] = { 0 };

	return se_intern(e, SpvOpTypeVoid, ops, 1, 0);
}

uint32_t se_type_scalar(struct se *e, enum vc_base base, unsigned comps)
{
	uint32_t ops[3] = { 0, 32, base == VC_BASE_INT };
	uint32_t t;

	if (base == VC_BASE_BOOL)
		t = se_intern(e, SpvOpTypeBool, ops, 1, 0);
	else if (base == VC_BASE_FLOAT)
		t = se_intern(e, SpvOpTypeFloat, ops, 2, 0);
	else
		t = se_intern(e, SpvOpTypeInt, ops, 3, 0);
	if (comps > 1) {
		uint32_t v[3] = { 0, t, comps };
		t = se_intern(e, SpvOpTypeVector, v, 3, 0);
	}
	return t;
}

uint32_t se_type_pointer(struct se *e, SpvStorageClass sc, uint32_t pointee)
{
	uint32_t ops[3] = { 0, sc, pointee };

	return se_intern(e, SpvOpTypePointer, ops, 3, 0);
}

SpvStorageClass se_storage_class(enum vc_storage s)
{
	static const SpvStorageClass map[] = {
		[VC_STORAGE_FUNCTION] = SpvStorageClassFunction,
		[VC_STORAGE_PRIVATE] = SpvStorageClassPrivate,
		[VC_STORAGE_INPUT] = SpvStorageClassInput,
		[VC_STORAGE_OUTPUT] = SpvStorageClassOutput,
		[VC_STORAGE_UNIFORM] = SpvStorageClassUniform,
		/* SPIR-V 1.0 has no StorageBuffer class: Uniform + BufferBlock */
		[VC_STORAGE_STORAGE] = SpvStorageClassUniform,
		[VC_STORAGE_PUSH_CONSTANT] = SpvStorageClassPushConstant,
		[VC_STORAGE_HANDLE] = SpvStorageClassUniformConstant,
		[VC_STORAGE_SHARED] = SpvStorageClassWorkgroup,
	};

	return (unsigned)s < sizeof(map) / sizeof(map[0]) ? map[s] : SpvStorageClassMax;
}

uint32_t se_const_u32(struct se *e, enum vc_base base, uint32_t v)
{
	uint32_t ops[3] = { se_type_scalar(e, base, 1), 0, v };

	if (base == VC_BASE_BOOL)
		return se_intern(e, v ? SpvOpConstantTrue : SpvOpConstantFalse, ops, 2, 1);
	return se_intern(e, SpvOpConstant, ops, 3, 1);
}

uint32_t se_const_splat(struct se *e, enum vc_base base, unsigned comps, uint32_t v)
{
	uint32_t ops[6] = { se_type_scalar(e, base, comps), 0 };
	uint32_t c = se_const_u32(e, base, v);

	if (comps < 2)
		return c;
	for (unsigned i = 0; i < comps && i < 4; i++)
		ops[2 + i] = c;
	return se_intern(e, SpvOpConstantComposite, ops, 2 + comps, 1);
}

/* ---- types ------------------------------------------------------------------------- */

static void name(struct se *e, uint32_t id, const char *s)
{
	if (s && s[0])
		se_ins_str(e, SE_NAMES, SpvOpName, &id, 1, s);
}

static SpvImageFormat image_format(enum vc_format f)
{
	static const SpvImageFormat map[VC_FMT_COUNT] = {
		[VC_FMT_UNKNOWN] = SpvImageFormatUnknown, [VC_FMT_RGBA32F] = SpvImageFormatRgba32f,
		[VC_FMT_RGBA16F] = SpvImageFormatRgba16f, [VC_FMT_R32F] = SpvImageFormatR32f,
		[VC_FMT_RGBA8] = SpvImageFormatRgba8, [VC_FMT_RGBA8_SNORM] = SpvImageFormatRgba8Snorm,
		[VC_FMT_RGBA32I] = SpvImageFormatRgba32i, [VC_FMT_RGBA16I] = SpvImageFormatRgba16i,
		[VC_FMT_RGBA8I] = SpvImageFormatRgba8i, [VC_FMT_R32I] = SpvImageFormatR32i,
		[VC_FMT_RGBA32UI] = SpvImageFormatRgba32ui, [VC_FMT_RGBA16UI] = SpvImageFormatRgba16ui,
		[VC_FMT_RGBA8UI] = SpvImageFormatRgba8ui, [VC_FMT_R32UI] = SpvImageFormatR32ui,
		[VC_FMT_RG32F] = SpvImageFormatRg32f, [VC_FMT_RG16F] = SpvImageFormatRg16f,
		[VC_FMT_R16F] = SpvImageFormatR16f, [VC_FMT_RG32I] = SpvImageFormatRg32i,
		[VC_FMT_RG32UI] = SpvImageFormatRg32ui,
		[VC_FMT_R11F_G11F_B10F] = SpvImageFormatR11fG11fB10f,
		[VC_FMT_RGBA16] = SpvImageFormatRgba16, [VC_FMT_RGB10_A2] = SpvImageFormatRgb10A2,
		[VC_FMT_RG16] = SpvImageFormatRg16, [VC_FMT_RG8] = SpvImageFormatRg8,
		[VC_FMT_R16] = SpvImageFormatR16, [VC_FMT_R8] = SpvImageFormatR8,
		[VC_FMT_RGBA16_SNORM] = SpvImageFormatRgba16Snorm,
		[VC_FMT_RG16_SNORM] = SpvImageFormatRg16Snorm,
		[VC_FMT_RG8_SNORM] = SpvImageFormatRg8Snorm,
		[VC_FMT_R16_SNORM] = SpvImageFormatR16Snorm, [VC_FMT_R8_SNORM] = SpvImageFormatR8Snorm,
		[VC_FMT_RG16I] = SpvImageFormatRg16i, [VC_FMT_RG8I] = SpvImageFormatRg8i,
		[VC_FMT_R16I] = SpvImageFormatR16i, [VC_FMT_R8I] = SpvImageFormatR8i,
		[VC_FMT_RGB10_A2UI] = SpvImageFormatRgb10a2ui, [VC_FMT_RG16UI] = SpvImageFormatRg16ui,
		[VC_FMT_RG8UI] = SpvImageFormatRg8ui, [VC_FMT_R16UI] = SpvImageFormatR16ui,
		[VC_FMT_R8UI] = SpvImageFormatR8ui,
	};

	return (unsigned)f < VC_FMT_COUNT ? map[f] : SpvImageFormatUnknown;
}

/* Capabilities an image type needs just by existing (core Shader has 2D/3D/Cube). */
static void image_caps(struct se *e, const struct vc_image_desc *d)
{
	bool st = d->storage;

	if (d->dim == VC_DIM_1D)
		se_cap(e, st ? SpvCapabilityImage1D : SpvCapabilitySampled1D);
	if (d->dim == VC_DIM_RECT)
		se_cap(e, st ? SpvCapabilityImageRect : SpvCapabilitySampledRect);
	if (d->dim == VC_DIM_BUFFER)
		se_cap(e, st ? SpvCapabilityImageBuffer : SpvCapabilitySampledBuffer);
	if (d->dim == VC_DIM_CUBE && d->arrayed)
		se_cap(e, st ? SpvCapabilityImageCubeArray : SpvCapabilitySampledCubeArray);
	if (st && d->ms)
		se_cap(e, SpvCapabilityStorageImageMultisample);
	if (st && d->format >= VC_FMT_RG32F)
		se_cap(e, SpvCapabilityStorageImageExtendedFormats);
}

static uint32_t image_type(struct se *e, const struct vc_image_desc *d)
{
	static const SpvDim dims[] = {
		[VC_DIM_1D] = SpvDim1D, [VC_DIM_2D] = SpvDim2D, [VC_DIM_3D] = SpvDim3D,
		[VC_DIM_CUBE] = SpvDimCube, [VC_DIM_RECT] = SpvDimRect, [VC_DIM_BUFFER] = SpvDimBuffer,
	};
	uint32_t ops[8];

	if ((unsigned)d->dim > VC_DIM_BUFFER || d->sampled == VC_BASE_BOOL) {
		se_fail(e, "SPIR-V writer: bad image type (dim %d, component base %d)",
			d->dim, d->sampled);
		return 0;
	}
	image_caps(e, d);
	ops[0] = 0;
	ops[1] = se_type_scalar(e, d->sampled, 1);
	ops[2] = dims[d->dim];
	ops[3] = d->shadow;
	ops[4] = d->arrayed;
	ops[5] = d->ms;
	ops[6] = d->storage ? 2 : 1;
	ops[7] = image_format(d->format);
	return se_intern(e, SpvOpTypeImage, ops, 8, 0);
}

static uint32_t array_type(struct se *e, vc_type_id id, const struct vc_type *t)
{
	uint32_t ops[3] = { 0, se_type(e, t->elem), 0 };
	uint32_t a;

	if (t->length) {
		ops[2] = se_const_u32(e, VC_BASE_UINT, t->length);
		/* arrays with a stride are distinct types: not shared */
		if (t->stride) {
			ops[0] = a = se_id(e);
			se_ins(e, SE_GLOBALS, SpvOpTypeArray, ops, 3);
		} else {
			a = se_intern(e, SpvOpTypeArray, ops, 3, 0);
		}
	} else {
		ops[0] = a = se_id(e);
		se_ins(e, SE_GLOBALS, SpvOpTypeRuntimeArray, ops, 2);
	}
	if (t->stride)
		se_decorate(e, a, SpvDecorationArrayStride, &t->stride, 1);
	else if (e->buffer_block[id] & SE_LAYOUT)
		se_fail(e, "SPIR-V writer: array in a block without an array stride");
	return a;
}

/* The matrix behind a member: itself, or the element of (nested) arrays. */
static const struct vc_type *member_matrix(struct se *e, vc_type_id t)
{
	while (e->m->types[t].kind == VC_TYPE_ARRAY)
		t = e->m->types[t].elem;
	return e->m->types[t].kind == VC_TYPE_MATRIX ? &e->m->types[t] : NULL;
}

static SpvBuiltIn builtin_of(struct se *e, enum vc_builtin b);

static void member_decorations(struct se *e, uint32_t st, uint32_t i, const struct vc_member *mb,
			       bool layout)
{
	uint32_t w[4] = { st, i, 0, 0 };

	if (layout) {
		w[2] = SpvDecorationOffset;
		w[3] = mb->offset;
		se_ins(e, SE_DECOS, SpvOpMemberDecorate, w, 4);
		if (member_matrix(e, mb->type)) {
			w[2] = mb->row_major ? SpvDecorationRowMajor : SpvDecorationColMajor;
			se_ins(e, SE_DECOS, SpvOpMemberDecorate, w, 3);
			w[2] = SpvDecorationMatrixStride;
			w[3] = mb->matrix_stride ? mb->matrix_stride : 16;
			se_ins(e, SE_DECOS, SpvOpMemberDecorate, w, 4);
		}
	}
	if (mb->builtin != VC_BUILTIN_NONE) {
		w[2] = SpvDecorationBuiltIn;
		w[3] = builtin_of(e, mb->builtin);
		se_ins(e, SE_DECOS, SpvOpMemberDecorate, w, 4);
	}
	if (mb->precision != VC_PREC_HIGH) {
		w[2] = SpvDecorationRelaxedPrecision;
		se_ins(e, SE_DECOS, SpvOpMemberDecorate, w, 3);
	}
	if (mb->name && mb->name[0])
		se_ins_str(e, SE_NAMES, SpvOpMemberName, w, 2, mb->name);
}

/* Structs are never shared: each IR struct keeps its own decorations and names. */
static uint32_t struct_type(struct se *e, vc_type_id id, const struct vc_type *t)
{
	uint32_t nr = t->nr_members, ops[1 + 256];
	bool layout = e->buffer_block[id] & SE_LAYOUT;

	if (nr > 256 || (nr && !t->members)) {
		se_fail(e, "SPIR-V writer: struct with %u members", nr);
		return 0;
	}
	for (uint32_t i = 0; i < nr; i++)
		ops[1 + i] = se_type(e, t->members[i].type);
	ops[0] = se_id(e);
	se_ins(e, SE_GLOBALS, SpvOpTypeStruct, ops, 1 + nr);
	for (uint32_t i = 0; i < nr; i++)
		member_decorations(e, ops[0], i, &t->members[i], layout);
	if (t->block)
		se_decorate(e, ops[0], (e->buffer_block[id] & SE_BUFFER) ?
			    SpvDecorationBufferBlock : SpvDecorationBlock, NULL, 0);
	name(e, ops[0], t->name);
	return ops[0];
}

static uint32_t make_type(struct se *e, vc_type_id id, const struct vc_type *t)
{
	uint32_t ops[3] = { 0 };

	switch (t->kind) {
	case VC_TYPE_VOID:
		return se_type_void(e);
	case VC_TYPE_SCALAR: case VC_TYPE_VECTOR:
		if ((unsigned)t->base > VC_BASE_FLOAT || t->comps < 1 || t->comps > 4 ||
		    (t->kind == VC_TYPE_VECTOR) != (t->comps > 1))
			break;
		return se_type_scalar(e, t->base, t->comps);
	case VC_TYPE_MATRIX:
		if (t->base != VC_BASE_FLOAT || t->comps < 2 || t->comps > 4 || t->cols < 2 || t->cols > 4)
			break;
		ops[1] = se_type_scalar(e, VC_BASE_FLOAT, t->comps);
		ops[2] = t->cols;
		return se_intern(e, SpvOpTypeMatrix, ops, 3, 0);
	case VC_TYPE_ARRAY:
		return array_type(e, id, t);
	case VC_TYPE_STRUCT:
		return struct_type(e, id, t);
	case VC_TYPE_IMAGE:
		return image_type(e, &t->image);
	case VC_TYPE_SAMPLER:
		return se_intern(e, SpvOpTypeSampler, ops, 1, 0);
	case VC_TYPE_SAMPLED_IMAGE:
		ops[1] = se_type(e, t->elem);
		return se_intern(e, SpvOpTypeSampledImage, ops, 2, 0);
	case VC_TYPE_POINTER:
		if (se_storage_class(t->storage) == SpvStorageClassMax)
			break;
		return se_type_pointer(e, se_storage_class(t->storage), se_type(e, t->elem));
	}
	se_fail(e, "SPIR-V writer: type %u is malformed (kind %d)", id, t->kind);
	return 0;
}

uint32_t se_type(struct se *e, vc_type_id id)
{
	uint32_t r;

	if (id == 0 || id >= e->m->nr_types) {
		se_fail(e, "SPIR-V writer: type id %u out of range", id);
		return 0;
	}
	if (e->type_ids[id] || se_failed(e))
		return e->type_ids[id];
	/* a cyclic type (a struct containing itself) would recurse forever */
	if (e->type_depth >= 64) {
		se_fail(e, "SPIR-V writer: type %u nests too deeply (cyclic?)", id);
		return 0;
	}
	e->type_depth++;
	r = make_type(e, id, &e->m->types[id]);
	e->type_depth--;
	e->type_ids[id] = r;
	return r;
}

/* ---- constants ------------------------------------------------------------------- */

static uint32_t const_tree(struct se *e, vc_type_id t, const uint32_t *w, uint32_t *pos,
			   unsigned depth)
{
	const struct vc_type *ty = &e->m->types[t];
	uint32_t n = vc_type_nr_children(e->m, t), ops[2 + 256];

	if (se_failed(e) || depth > 16)
		return 0;
	if (ty->kind == VC_TYPE_SCALAR) {
		uint32_t v = w[(*pos)++];
		if (ty->base == VC_BASE_BOOL)
			return se_const_u32(e, VC_BASE_BOOL, v);
		ops[0] = se_type(e, t);
		ops[2] = v;
		return se_intern(e, SpvOpConstant, ops, 3, 1);
	}
	if (n == 0 || n > 256 || ty->kind == VC_TYPE_POINTER || ty->kind >= VC_TYPE_IMAGE) {
		se_fail(e, "SPIR-V writer: constant of a type with no constant form (kind %d)", ty->kind);
		return 0;
	}
	for (uint32_t i = 0; i < n; i++)
		ops[2 + i] = const_tree(e, vc_type_child(e->m, t, i), w, pos, depth + 1);
	ops[0] = se_type(e, t);
	return se_intern(e, SpvOpConstantComposite, ops, 2 + n, 1);
}

static uint32_t make_const(struct se *e, const struct vc_value *v)
{
	uint32_t pos = 0;

	if (v->type == 0 || v->type >= e->m->nr_types ||
	    v->nr_words != vc_type_words(e->m, v->type) ||
	    (uint64_t)v->first_word + v->nr_words > e->m->nr_words) {
		se_fail(e, "SPIR-V writer: constant whose words do not match its type");
		return 0;
	}
	return const_tree(e, v->type, &e->m->words[v->first_word], &pos, 0);
}

uint32_t se_value(struct se *e, vc_value_id id)
{
	const struct vc_value *v;
	uint32_t ops[2];

	if (id == 0 || id >= e->m->nr_values) {
		se_fail(e, "SPIR-V writer: value id %u out of range", id);
		return 0;
	}
	if (e->value_ids[id] || se_failed(e))
		return e->value_ids[id];
	v = &e->m->values[id];
	if (v->kind == VC_VALUE_CONST) {
		e->value_ids[id] = make_const(e, v);
	} else if (v->kind == VC_VALUE_UNDEF) {
		ops[0] = se_type(e, v->type);
		ops[1] = e->value_ids[id] = se_id(e);
		se_ins(e, SE_GLOBALS, SpvOpUndef, ops, 2);
	} else {
		/* instruction results are defined before use in a valid tree */
		se_fail(e, "SPIR-V writer: value %u used before its definition", id);
	}
	return e->value_ids[id];
}

/* ---- variables ----------------------------------------------------------------- */

static SpvBuiltIn builtin_of(struct se *e, enum vc_builtin b)
{
	static const SpvBuiltIn map[VC_BUILTIN_COUNT] = {
		[VC_BUILTIN_POSITION] = SpvBuiltInPosition, [VC_BUILTIN_POINT_SIZE] = SpvBuiltInPointSize,
		[VC_BUILTIN_VERTEX_ID] = SpvBuiltInVertexIndex,
		[VC_BUILTIN_INSTANCE_ID] = SpvBuiltInInstanceIndex,
		[VC_BUILTIN_FRAG_COORD] = SpvBuiltInFragCoord,
		[VC_BUILTIN_FRONT_FACING] = SpvBuiltInFrontFacing,
		[VC_BUILTIN_FRAG_DEPTH] = SpvBuiltInFragDepth,
		[VC_BUILTIN_POINT_COORD] = SpvBuiltInPointCoord,
		[VC_BUILTIN_LOCAL_INVOCATION_ID] = SpvBuiltInLocalInvocationId,
		[VC_BUILTIN_GLOBAL_INVOCATION_ID] = SpvBuiltInGlobalInvocationId,
		[VC_BUILTIN_WORKGROUP_ID] = SpvBuiltInWorkgroupId,
		[VC_BUILTIN_NUM_WORKGROUPS] = SpvBuiltInNumWorkgroups,
		[VC_BUILTIN_LOCAL_INVOCATION_INDEX] = SpvBuiltInLocalInvocationIndex,
		[VC_BUILTIN_WORKGROUP_SIZE] = SpvBuiltInWorkgroupSize,
		[VC_BUILTIN_CLIP_DISTANCE] = SpvBuiltInClipDistance,
		[VC_BUILTIN_CULL_DISTANCE] = SpvBuiltInCullDistance,
		[VC_BUILTIN_SAMPLE_ID] = SpvBuiltInSampleId,
		[VC_BUILTIN_SAMPLE_POSITION] = SpvBuiltInSamplePosition,
		[VC_BUILTIN_SAMPLE_MASK] = SpvBuiltInSampleMask,
		[VC_BUILTIN_HELPER_INVOCATION] = SpvBuiltInHelperInvocation,
		[VC_BUILTIN_PRIMITIVE_ID] = SpvBuiltInPrimitiveId,
		[VC_BUILTIN_INVOCATION_ID] = SpvBuiltInInvocationId,
		[VC_BUILTIN_LAYER] = SpvBuiltInLayer,
		[VC_BUILTIN_VIEWPORT_INDEX] = SpvBuiltInViewportIndex,
		[VC_BUILTIN_TESS_LEVEL_OUTER] = SpvBuiltInTessLevelOuter,
		[VC_BUILTIN_TESS_LEVEL_INNER] = SpvBuiltInTessLevelInner,
		[VC_BUILTIN_TESS_COORD] = SpvBuiltInTessCoord,
		[VC_BUILTIN_PATCH_VERTICES] = SpvBuiltInPatchVertices,
	};

	if ((unsigned)b >= VC_BUILTIN_COUNT || b == VC_BUILTIN_NONE) {
		se_fail(e, "SPIR-V writer: unknown built-in %d", b);
		return SpvBuiltInMax;
	}
	if (b == VC_BUILTIN_CLIP_DISTANCE)
		se_cap(e, SpvCapabilityClipDistance);
	if (b == VC_BUILTIN_CULL_DISTANCE)
		se_cap(e, SpvCapabilityCullDistance);
	if (b == VC_BUILTIN_VIEWPORT_INDEX)
		se_cap(e, SpvCapabilityMultiViewport);
	if (b == VC_BUILTIN_SAMPLE_ID || b == VC_BUILTIN_SAMPLE_POSITION)
		se_cap(e, SpvCapabilitySampleRateShading);
	return map[b];
}

static void flag_decorations(struct se *e, uint32_t id, uint32_t flags)
{
	static const struct { uint32_t flag; SpvDecoration d; } map[] = {
		{ VC_VAR_FLAT, SpvDecorationFlat }, { VC_VAR_NOPERSPECTIVE, SpvDecorationNoPerspective },
		{ VC_VAR_CENTROID, SpvDecorationCentroid }, { VC_VAR_SAMPLE, SpvDecorationSample },
		{ VC_VAR_NONWRITABLE, SpvDecorationNonWritable },
		{ VC_VAR_NONREADABLE, SpvDecorationNonReadable },
		{ VC_VAR_INVARIANT, SpvDecorationInvariant }, { VC_VAR_COHERENT, SpvDecorationCoherent },
		{ VC_VAR_VOLATILE, SpvDecorationVolatile }, { VC_VAR_PATCH, SpvDecorationPatch },
	};

	for (size_t i = 0; i < sizeof(map) / sizeof(map[0]); i++)
		if (flags & map[i].flag)
			se_decorate(e, id, map[i].d, NULL, 0);
	if (flags & VC_VAR_SAMPLE)
		se_cap(e, SpvCapabilitySampleRateShading);
}

static void var_decorations(struct se *e, uint32_t id, const struct vc_var *v)
{
	bool io = v->storage == VC_STORAGE_INPUT || v->storage == VC_STORAGE_OUTPUT;
	bool desc = v->storage == VC_STORAGE_UNIFORM || v->storage == VC_STORAGE_STORAGE ||
		    v->storage == VC_STORAGE_HANDLE;
	uint32_t bi;

	if (io && v->builtin != VC_BUILTIN_NONE) {
		bi = builtin_of(e, v->builtin);
		se_decorate(e, id, SpvDecorationBuiltIn, &bi, 1);
	} else if (io && v->location >= 0) {
		se_decorate(e, id, SpvDecorationLocation, (const uint32_t *)&v->location, 1);
		if (v->component)
			se_decorate(e, id, SpvDecorationComponent, &v->component, 1);
	}
	if (desc && v->has_binding) {
		se_decorate(e, id, SpvDecorationDescriptorSet, &v->set, 1);
		se_decorate(e, id, SpvDecorationBinding, &v->binding, 1);
	}
	flag_decorations(e, id, v->flags);
	se_relaxed(e, id, v->precision);
	name(e, id, v->name);
}

static void emit_var(struct se *e, vc_var_id i)
{
	const struct vc_var *v = &e->m->vars[i];
	SpvStorageClass sc = se_storage_class(v->storage);
	uint32_t ops[4], n = 3;

	if (sc == SpvStorageClassMax || v->ptr == 0 || v->ptr >= e->m->nr_values) {
		se_fail(e, "SPIR-V writer: variable %u is malformed", i);
		return;
	}
	if (v->builtin == VC_BUILTIN_WORKGROUP_SIZE) {
		se_fail(e, "SPIR-V writer: gl_WorkGroupSize as a variable is not supported");
		return;
	}
	ops[0] = se_type_pointer(e, sc, se_type(e, v->type));
	ops[1] = e->value_ids[v->ptr] = se_id(e);
	ops[2] = sc;
	e->value_sc[v->ptr] = (uint8_t)sc;
	if (v->init)
		ops[n++] = se_value(e, v->init);
	se_ins(e, sc == SpvStorageClassFunction ? SE_LOCALS : SE_GLOBALS, SpvOpVariable, ops, n);
	if (sc == SpvStorageClassInput || sc == SpvStorageClassOutput)
		se_interface(e, ops[1]);
	var_decorations(e, ops[1], v);
}

/* Marks every struct and array reachable from a block variable as laid out. */
static void mark_layout(struct se *e, vc_type_id t, unsigned depth)
{
	const struct vc_type *ty;

	if (t == 0 || t >= e->m->nr_types || depth > 32)
		return;
	ty = &e->m->types[t];
	if (ty->kind != VC_TYPE_ARRAY && ty->kind != VC_TYPE_STRUCT)
		return;
	e->buffer_block[t] |= SE_LAYOUT;
	if (ty->kind == VC_TYPE_ARRAY)
		mark_layout(e, ty->elem, depth + 1);
	for (uint32_t i = 0; i < ty->nr_members && ty->members; i++)
		mark_layout(e, ty->members[i].type, depth + 1);
}

static void mark_blocks(struct se *e)
{
	for (vc_var_id i = 1; i < e->m->nr_vars; i++) {
		const struct vc_var *v = &e->m->vars[i];
		vc_type_id t = v->type;

		if (v->storage != VC_STORAGE_UNIFORM && v->storage != VC_STORAGE_STORAGE &&
		    v->storage != VC_STORAGE_PUSH_CONSTANT)
			continue;
		/* an array of blocks is not itself laid out: only its struct is */
		while (t && t < e->m->nr_types && e->m->types[t].kind == VC_TYPE_ARRAY)
			t = e->m->types[t].elem;
		if (t == 0 || t >= e->m->nr_types)
			continue;
		mark_layout(e, t, 0);
		if (v->storage == VC_STORAGE_STORAGE)
			e->buffer_block[t] |= SE_BUFFER;
	}
}

void se_emit_globals(struct se *e)
{
	mark_blocks(e);
	/* constants in the IR's order, so that a reader numbering them in
	 * module order sees them as the producer made them */
	for (vc_value_id i = 1; i < e->m->nr_values && !se_failed(e); i++)
		if (e->m->values[i].kind == VC_VALUE_CONST)
			se_value(e, i);
	for (vc_var_id i = 1; i < e->m->nr_vars && !se_failed(e); i++)
		emit_var(e, i);
}
