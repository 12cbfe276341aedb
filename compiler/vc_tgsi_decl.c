/* SPDX-License-Identifier: MIT */
/*
 * Interface declarations: where each IR variable lives in TGSI, and the
 * DCL lines for it. The slot of every descriptor comes from the caller's
 * map (vc_spirv_to_tgsi.h).
 */
#include <stdio.h>
#include <string.h>

#include "vc_tgsi_private.h"

struct tg_reg tg_sv(struct tg *t, const char *semantic, unsigned comps)
{
	struct tg_reg r = { .file = TG_SV, .dim = -1, .swz = { 0, 1, 2, 3 } };
	uint32_t i;

	for (i = 0; i < t->nr_sv; i++)
		if (!strcmp(t->sv_names[i], semantic))
			break;
	if (i == t->nr_sv) {
		if (t->nr_sv == 32) {
			tg_fail(t, "TGSI: too many system values");
			return r;
		}
		t->sv_names[t->nr_sv++] = semantic;
		tg_decl(t, "DCL SV[%u], %s", i, semantic);
	}
	r.index = (int32_t)i;
	for (unsigned k = comps; k < 4 && comps; k++)
		r.swz[k] = (uint8_t)(comps - 1);
	return r;
}

/* ---- descriptors -------------------------------------------------------------------- */

int tg_resource_slot(struct tg *t, vc_var_id var, uint32_t index, enum vc_descriptor_kind kind)
{
	const struct vc_var *v = vc_var_get(t->m, var);
	int slot;

	if (!t->map.slot) {
		tg_fail(t, "TGSI: no slot map for descriptor set %u binding %u", v->set, v->binding);
		return -1;
	}
	slot = t->map.slot(t->map.ctx, v->set, v->binding, kind);
	if (slot < 0) {
		tg_fail(t, "TGSI: the pipeline layout has no descriptor for set %u binding %u%s%s",
			v->set, v->binding, v->name ? " used by " : "", v->name ? v->name : "");
		return -1;
	}
	if ((uint32_t)slot + index >= 32) {
		tg_fail(t, "TGSI: descriptor slot %u out of range", slot + index);
		return -1;
	}
	return slot + (int)index;
}

const char *tg_target(const struct vc_image_desc *d, bool shadow)
{
	shadow = shadow && d->shadow;
	switch (d->dim) {
	case VC_DIM_1D:
		return d->arrayed ? (shadow ? "SHADOW1D_ARRAY" : "1D_ARRAY") : (shadow ? "SHADOW1D" : "1D");
	case VC_DIM_2D:
		if (d->ms)
			return d->arrayed ? "2D_ARRAY_MSAA" : "2D_MSAA";
		return d->arrayed ? (shadow ? "SHADOW2D_ARRAY" : "2D_ARRAY") : (shadow ? "SHADOW2D" : "2D");
	case VC_DIM_3D: return "3D";
	case VC_DIM_CUBE:
		/* gallium spells these two without the underscore its 2D arrays have */
		return d->arrayed ? (shadow ? "SHADOWCUBEARRAY" : "CUBEARRAY") : (shadow ? "SHADOWCUBE" : "CUBE");
	case VC_DIM_RECT: return shadow ? "SHADOWRECT" : "RECT";
	default: return "BUFFER";
	}
}

const char *tg_pipe_format(enum vc_format f)
{
	static const char *const names[VC_FMT_COUNT] = {
		[VC_FMT_UNKNOWN] = "PIPE_FORMAT_R32G32B32A32_FLOAT",
		[VC_FMT_RGBA32F] = "PIPE_FORMAT_R32G32B32A32_FLOAT",
		[VC_FMT_RGBA16F] = "PIPE_FORMAT_R16G16B16A16_FLOAT",
		[VC_FMT_R32F] = "PIPE_FORMAT_R32_FLOAT",
		[VC_FMT_RGBA8] = "PIPE_FORMAT_R8G8B8A8_UNORM",
		[VC_FMT_RGBA8_SNORM] = "PIPE_FORMAT_R8G8B8A8_SNORM",
		[VC_FMT_RGBA32I] = "PIPE_FORMAT_R32G32B32A32_SINT",
		[VC_FMT_RGBA16I] = "PIPE_FORMAT_R16G16B16A16_SINT",
		[VC_FMT_RGBA8I] = "PIPE_FORMAT_R8G8B8A8_SINT",
		[VC_FMT_R32I] = "PIPE_FORMAT_R32_SINT",
		[VC_FMT_RGBA32UI] = "PIPE_FORMAT_R32G32B32A32_UINT",
		[VC_FMT_RGBA16UI] = "PIPE_FORMAT_R16G16B16A16_UINT",
		[VC_FMT_RGBA8UI] = "PIPE_FORMAT_R8G8B8A8_UINT",
		[VC_FMT_R32UI] = "PIPE_FORMAT_R32_UINT",
		[VC_FMT_RG32F] = "PIPE_FORMAT_R32G32_FLOAT",
		[VC_FMT_RG16F] = "PIPE_FORMAT_R16G16_FLOAT",
		[VC_FMT_R16F] = "PIPE_FORMAT_R16_FLOAT",
		[VC_FMT_RG32I] = "PIPE_FORMAT_R32G32_SINT",
		[VC_FMT_RG32UI] = "PIPE_FORMAT_R32G32_UINT",
		[VC_FMT_R11F_G11F_B10F] = "PIPE_FORMAT_R11G11B10_FLOAT",
		[VC_FMT_RGBA16] = "PIPE_FORMAT_R16G16B16A16_UNORM",
		[VC_FMT_RGB10_A2] = "PIPE_FORMAT_R10G10B10A2_UNORM",
		[VC_FMT_RG16] = "PIPE_FORMAT_R16G16_UNORM",
		[VC_FMT_RG8] = "PIPE_FORMAT_R8G8_UNORM",
		[VC_FMT_R16] = "PIPE_FORMAT_R16_UNORM",
		[VC_FMT_R8] = "PIPE_FORMAT_R8_UNORM",
		[VC_FMT_RGBA16_SNORM] = "PIPE_FORMAT_R16G16B16A16_SNORM",
		[VC_FMT_RG16_SNORM] = "PIPE_FORMAT_R16G16_SNORM",
		[VC_FMT_RG8_SNORM] = "PIPE_FORMAT_R8G8_SNORM",
		[VC_FMT_R16_SNORM] = "PIPE_FORMAT_R16_SNORM",
		[VC_FMT_R8_SNORM] = "PIPE_FORMAT_R8_SNORM",
		[VC_FMT_RG16I] = "PIPE_FORMAT_R16G16_SINT",
		[VC_FMT_RG8I] = "PIPE_FORMAT_R8G8_SINT",
		[VC_FMT_R16I] = "PIPE_FORMAT_R16_SINT",
		[VC_FMT_R8I] = "PIPE_FORMAT_R8_SINT",
		[VC_FMT_RGB10_A2UI] = "PIPE_FORMAT_R10G10B10A2_UINT",
		[VC_FMT_RG16UI] = "PIPE_FORMAT_R16G16_UINT",
		[VC_FMT_RG8UI] = "PIPE_FORMAT_R8G8_UINT",
		[VC_FMT_R16UI] = "PIPE_FORMAT_R16_UINT",
		[VC_FMT_R8UI] = "PIPE_FORMAT_R8_UINT",
	};
	return f < VC_FMT_COUNT ? names[f] : names[0];
}

static const char *return_type(enum vc_base b)
{
	return b == VC_BASE_INT ? "SINT" : b == VC_BASE_UINT ? "UINT" : "FLOAT";
}

static const struct vc_type *handle_type(struct tg *t, vc_type_id ty, uint32_t *count)
{
	const struct vc_type *h = vc_type_get(t->m, ty);

	*count = 1;
	if (h->kind == VC_TYPE_ARRAY) {
		*count = h->length;
		h = vc_type_get(t->m, h->elem);
	}
	if (h->kind == VC_TYPE_SAMPLED_IMAGE)
		h = vc_type_get(t->m, h->elem);
	return h;
}

static void declare_image(struct tg *t, const struct vc_var *v, const struct vc_type *img,
			  int slot)
{
	t->info->image_slots |= 1u << slot;
	if (t->image_decl[0] & (1u << slot))
		return;
	t->image_decl[0] |= 1u << slot;
	tg_decl(t, "DCL IMAGE[%d], %s, %s%s", slot, tg_target(&img->image, false),
		tg_pipe_format(img->image.format),
		(v->flags & VC_VAR_NONWRITABLE) ? "" : ", WR");
}

static void declare_sampler_view(struct tg *t, const struct vc_type *img, int slot)
{
	t->info->sampler_slots |= 1u << slot;
	if (t->samp_decl[0] & (1u << slot))
		return;
	t->samp_decl[0] |= 1u << slot;
	tg_decl(t, "DCL SAMP[%d]", slot);
	tg_decl(t, "DCL SVIEW[%d], %s, %s", slot, tg_target(&img->image, true),
		return_type(img->image.sampled));
}

/* Samplers, sampled images and storage images: one slot per array element. */
static void declare_handle(struct tg *t, vc_var_id id)
{
	struct tg_var *tv = &t->vars[id];
	uint32_t count;
	const struct vc_type *h = handle_type(t, vc_var_get(t->m, id)->type, &count);
	enum vc_descriptor_kind kind = VC_DESC_SAMPLED_IMAGE;

	if (h->kind == VC_TYPE_SAMPLER)
		return; /* shares the slot of the image it is combined with */
	if (h->kind != VC_TYPE_IMAGE) {
		tg_fail(t, "TGSI: unsupported uniform of this type");
		return;
	}
	if (h->image.storage)
		kind = h->image.dim == VC_DIM_BUFFER ? VC_DESC_STORAGE_TEXEL_BUFFER : VC_DESC_STORAGE_IMAGE;
	else if (h->image.dim == VC_DIM_BUFFER)
		kind = VC_DESC_UNIFORM_TEXEL_BUFFER;
	for (uint32_t i = 0; i < count && !t->failed; i++) {
		int slot = tg_resource_slot(t, id, i, kind);

		if (slot < 0)
			return;
		if (i == 0)
			tv->dim = slot;
		if (h->image.storage)
			declare_image(t, vc_var_get(t->m, id), h, slot);
		else
			declare_sampler_view(t, h, slot);
	}
}

/* One element of a (possibly arrayed) uniform block: CONST[slot][0..vec4s-1]. */
static bool declare_ubo(struct tg *t, vc_var_id id, uint32_t index, uint32_t vec4s)
{
	int slot = tg_resource_slot(t, id, index, VC_DESC_UNIFORM_BUFFER);

	if (slot < 1) {
		if (slot == 0)
			tg_fail(t, "TGSI: uniform buffer mapped to slot 0 (push constants)");
		return false;
	}
	if (t->info->ubo_slots & (1u << slot)) {
		/* the host rejects a CONST dimension declared twice */
		tg_fail(t, "TGSI: two uniform blocks mapped to slot %d", slot);
		return false;
	}
	t->info->ubo_slots |= 1u << slot;
	t->const_size[slot] = vec4s ? vec4s : 1;
	tg_decl(t, "DCL CONST[%d][0..%u]", slot, vec4s ? vec4s - 1 : 0);
	if (index == 0)
		t->vars[id].dim = slot;
	return true;
}

static bool declare_ssbo(struct tg *t, vc_var_id id, uint32_t index)
{
	int slot = tg_resource_slot(t, id, index, VC_DESC_STORAGE_BUFFER);

	if (slot < 0)
		return false;
	t->info->ssbo_slots |= 1u << slot;
	tg_decl(t, "DCL BUFFER[%d]", slot);
	if (index == 0)
		t->vars[id].dim = slot;
	return true;
}

/*
 * Uniform and storage blocks. An array of blocks takes one slot per element,
 * consecutive from its binding's slot (vc_spirv_to_tgsi.h); accesses pick
 * the element's slot (vc_tgsi_mem.c).
 */
/* The block under every array level of ty, and how many there are (an
 * array of arrays of blocks, ES 3.10, counts them all; 0: runtime-sized). */
static vc_type_id block_elements(struct tg *t, vc_type_id ty, uint32_t *count)
{
	uint64_t n = 1;

	for (const struct vc_type *a = vc_type_get(t->m, ty); a->kind == VC_TYPE_ARRAY;
	     a = vc_type_get(t->m, ty)) {
		n = n * a->length > UINT32_MAX ? UINT32_MAX : n * a->length;
		ty = a->elem;
	}
	*count = (uint32_t)n;
	return ty;
}

static void declare_block(struct tg *t, vc_var_id id)
{
	const struct vc_var *v = vc_var_get(t->m, id);
	struct tg_var *tv = &t->vars[id];
	uint32_t count;
	uint32_t size = tg_type_size(t, block_elements(t, v->type, &count), true);

	if (v->storage == VC_STORAGE_PUSH_CONSTANT) {
		/* declared by declare_const0(), which may append the base instance */
		tv->file = TG_CONST;
		tv->dim = -1;
		t->info->uses_push_constants = true;
		t->info->push_constant_size = size;
		return;
	}
	if (count == 0) {
		tg_fail(t, "TGSI: runtime-sized arrays of blocks are not supported");
		return;
	}
	tv->file = v->storage == VC_STORAGE_UNIFORM ? TG_CONST : TG_BUFFER;
	for (uint32_t i = 0; i < count; i++) {
		bool ok = v->storage == VC_STORAGE_UNIFORM ? declare_ubo(t, id, i, (size + 15) / 16) :
							     declare_ssbo(t, id, i);
		if (!ok)
			return;
	}
}

/* ---- inputs and outputs ------------------------------------------------------------- */

static const char *interp(uint32_t flags)
{
	if (flags & VC_VAR_FLAT)
		return "CONSTANT";
	return (flags & VC_VAR_NOPERSPECTIVE) ? "LINEAR" : "PERSPECTIVE";
}

static const char *location_suffix(uint32_t flags)
{
	return (flags & VC_VAR_CENTROID) ? ", CENTROID" : (flags & VC_VAR_SAMPLE) ? ", SAMPLE" : "";
}

static void declare_fs_builtin_input(struct tg *t, struct tg_var *tv, const struct vc_var *v)
{
	tv->file = TG_IN;
	tv->base = (int32_t)t->nr_in++;
	switch (v->builtin) {
	case VC_BUILTIN_FRAG_COORD:
		tg_decl(t, "DCL IN[%d], POSITION, LINEAR", tv->base);
		break;
	case VC_BUILTIN_FRONT_FACING:
		tg_decl(t, "DCL IN[%d].x, FACE, CONSTANT", tv->base);
		break;
	case VC_BUILTIN_POINT_COORD:
		tg_decl(t, "DCL IN[%d].xy, PCOORD, PERSPECTIVE", tv->base);
		break;
	case VC_BUILTIN_LAYER:
		tg_decl(t, "DCL IN[%d].x, LAYER, CONSTANT", tv->base);
		break;
	case VC_BUILTIN_VIEWPORT_INDEX:
		tg_decl(t, "DCL IN[%d].x, VIEWPORT_INDEX, CONSTANT", tv->base);
		break;
	default:
		t->nr_in--;
		tg_fail(t, "TGSI: unsupported fragment shader built-in input %d", v->builtin);
	}
}

/* Built-ins read through SV registers (or computed when loaded: tg_file SV + base -1). */
static bool declare_sv_input(struct tg *t, struct tg_var *tv, const struct vc_var *v)
{
	static const struct { enum vc_builtin b; const char *name; } svs[] = {
		{ VC_BUILTIN_VERTEX_ID, "VERTEXID" },
		{ VC_BUILTIN_LOCAL_INVOCATION_ID, "THREAD_ID" }, { VC_BUILTIN_WORKGROUP_ID, "BLOCK_ID" },
		{ VC_BUILTIN_NUM_WORKGROUPS, "GRID_SIZE" }, { VC_BUILTIN_SAMPLE_ID, "SAMPLEID" },
		{ VC_BUILTIN_SAMPLE_POSITION, "SAMPLEPOS" },
		/* an input SampleMask is gl_SampleMaskIn (an output: gl_SampleMask) */
		{ VC_BUILTIN_SAMPLE_MASK, "SAMPLEMASK" },
		{ VC_BUILTIN_HELPER_INVOCATION, "HELPER_INVOCATION" },
		{ VC_BUILTIN_INVOCATION_ID, "INVOCATIONID" },
	};

	for (size_t i = 0; i < sizeof(svs) / sizeof(svs[0]); i++)
		if (svs[i].b == v->builtin) {
			tv->file = TG_SV;
			tv->base = tg_sv(t, svs[i].name, 4).index;
			return true;
		}
	if (v->builtin == VC_BUILTIN_INSTANCE_ID) {
		/* INSTANCEID + the base instance (see vc_shader_info) */
		t->info->uses_base_instance = true;
		tg_sv(t, "INSTANCEID", 1);
		tv->file = TG_SV;
		tv->base = -1;
		return true;
	}
	if (v->builtin == VC_BUILTIN_GLOBAL_INVOCATION_ID ||
	    v->builtin == VC_BUILTIN_LOCAL_INVOCATION_INDEX ||
	    v->builtin == VC_BUILTIN_WORKGROUP_SIZE) {
		tv->file = TG_SV;
		tv->base = -1; /* computed by the load */
		return true;
	}
	return false;
}

struct tg_reg tg_input_reg(const struct tg_var *tv, int32_t base, uint32_t leaf)
{
	struct tg_reg r = { .file = TG_IN, .index = base + (int32_t)leaf, .dim = -1,
			    .swz = { 0, 1, 2, 3 } };

	if (tv->per_vertex) {
		r.dim = (int32_t)(leaf / tv->per_vertex);
		r.index = base + (int32_t)(leaf % tv->per_vertex);
	}
	return r;
}

/* An input read at IN[first..]; one indexed dynamically is copied to its
 * TEMP array at the start (declare_io_array), since virgl matches IN
 * declarations across stages and has no indirect IN addressing everywhere. */
static void input_at(struct tg *t, struct tg_var *tv, int32_t first, uint32_t leaves)
{
	if (!tv->array_id) {
		tv->file = TG_IN;
		tv->base = first;
		return;
	}
	for (uint32_t i = 0; i < leaves; i++) {
		struct tg_reg dst = { .file = TG_TEMP, .index = tv->base + (int32_t)i, .dim = -1,
				      .swz = { 0, 1, 2, 3 } };

		if (!tv->per_vertex || i % tv->per_vertex < tv->in_leaves)
			tg_op1(t, "MOV", dst, "", tg_input_reg(tv, first, i));
	}
	tv->file = TG_TEMP;
}

/* The semantic of leaf `leaf` of a geometry shader input's vertex: a
 * gl_PerVertex member's built-in, else GENERIC at the location; false for
 * the built-ins there is none for (gl_ClipDistance, gl_CullDistance: the
 * last members of glslang's gl_PerVertex). */
static bool vertex_semantic(struct tg *t, const struct vc_var *v, vc_type_id elem,
			    uint32_t leaf, char *buf, size_t size)
{
	const struct vc_type *e = vc_type_get(t->m, elem);

	for (uint32_t i = 0, first = 0; e->kind == VC_TYPE_STRUCT && i < e->nr_members; i++) {
		uint32_t n = vc_type_leaves(t->m, e->members[i].type);
		enum vc_builtin b = e->members[i].builtin;

		if (leaf >= first + n) {
			first += n;
			continue;
		}
		if (b != VC_BUILTIN_POSITION && b != VC_BUILTIN_POINT_SIZE)
			break;
		snprintf(buf, size, "%s", b == VC_BUILTIN_POSITION ? "POSITION" : "PSIZE");
		return true;
	}
	if (v->location < 0 || v->location + leaf >= 32)
		return false;
	snprintf(buf, size, "GENERIC[%u]", v->location + leaf);
	if (v->storage == VC_STORAGE_INPUT)
		t->info->varyings_read |= 1u << (v->location + leaf);
	return true;
}

/* gl_PrimitiveIDIn: an input of the primitive (PRIM_ID, as virglrenderer spells it), not a system value, in
 * virglrenderer's geometry shaders; read as vertex 0's. */
static void declare_gs_primitive_id(struct tg *t, struct tg_var *tv)
{
	tv->file = TG_IN;
	tv->base = (int32_t)t->nr_in;
	tv->per_vertex = tv->in_leaves = 1;
	tg_decl(t, "DCL IN[][%u], PRIM_ID", t->nr_in++);
}

/* A geometry shader's input: an array over the primitive's vertices, each
 * element's leaves at IN[vertex][first..] (declared once, with no vertex);
 * the leaves from the first without a semantic on are not declared, and
 * reading them fails (load_input). */
static void declare_gs_input(struct tg *t, vc_var_id id)
{
	const struct vc_var *v = vc_var_get(t->m, id);
	struct tg_var *tv = &t->vars[id];
	const struct vc_type *a = vc_type_get(t->m, v->type);
	uint32_t leaves;
	int32_t first;
	char sem[32];

	if (a->kind != VC_TYPE_ARRAY || !a->length) {
		tg_fail(t, "TGSI: geometry shader input %s is not per vertex", v->name ? v->name : "");
		return;
	}
	leaves = vc_type_leaves(t->m, a->elem);
	tv->per_vertex = leaves;
	first = (int32_t)t->nr_in;
	for (tv->in_leaves = 0; tv->in_leaves < leaves; tv->in_leaves++) {
		if (!vertex_semantic(t, v, a->elem, tv->in_leaves, sem, sizeof(sem)))
			break;
		tg_decl(t, "DCL IN[][%u], %s", t->nr_in++, sem);
	}
	if (!tv->in_leaves)
		tg_fail(t, "TGSI: input %s without a usable location", v->name ? v->name : "");
	input_at(t, tv, first, leaves * a->length);
}

static void declare_input(struct tg *t, vc_var_id id)
{
	const struct vc_var *v = vc_var_get(t->m, id);
	struct tg_var *tv = &t->vars[id];
	uint32_t leaves = vc_type_leaves(t->m, v->type);
	int32_t first;

	if (t->stage == VC_STAGE_GEOMETRY && v->builtin == VC_BUILTIN_PRIMITIVE_ID) {
		declare_gs_primitive_id(t, tv);
		return;
	}
	if (t->stage == VC_STAGE_FRAGMENT && tg_clip_builtin(v->builtin)) {
		tg_clip_declare_input(t, tv, v);
		return;
	}
	if (v->builtin && (tg_tess_declare_sv(t, tv, v) || declare_sv_input(t, tv, v)))
		return;
	if (tg_tess_declare_patch_input(t, v, leaves, &first)) {
		input_at(t, tv, first, leaves);
		return;
	}
	if (t->stage == VC_STAGE_GEOMETRY || tg_tess_per_vertex_input(t, v)) {
		declare_gs_input(t, id);
		return;
	}
	if (v->builtin) {
		declare_fs_builtin_input(t, tv, v);
		return;
	}
	if (v->location < 0 || v->location + leaves > 32) {
		tg_fail(t, "TGSI: input %s without a usable location", v->name ? v->name : "");
		return;
	}
	if (t->stage == VC_STAGE_VERTEX) {
		for (uint32_t i = 0; i < leaves; i++) {
			tg_decl(t, "DCL IN[%u]", v->location + i);
			t->info->inputs_read |= 1u << (v->location + i);
		}
		input_at(t, tv, v->location, leaves);
		return;
	}
	input_at(t, tv, (int32_t)t->nr_in, leaves);
	for (uint32_t i = 0; i < leaves; i++) {
		tg_decl(t, "DCL IN[%u], GENERIC[%u], %s%s", t->nr_in++, v->location + i,
			interp(v->flags), location_suffix(v->flags));
		t->info->varyings_read |= 1u << (v->location + i);
	}
}

static void declare_output_builtin(struct tg *t, struct tg_var *tv, const struct vc_var *v)
{
	switch (v->builtin) {
	case VC_BUILTIN_POSITION:
		tg_decl(t, "DCL OUT[%d], POSITION", tv->out_index);
		break;
	case VC_BUILTIN_POINT_SIZE:
		tg_decl(t, "DCL OUT[%d].x, PSIZE", tv->out_index);
		break;
	case VC_BUILTIN_FRAG_DEPTH:
		t->info->writes_depth = true;
		tg_decl(t, "DCL OUT[%d], POSITION", tv->out_index);
		break;
	case VC_BUILTIN_SAMPLE_MASK:
		tg_decl(t, "DCL OUT[%d], SAMPLEMASK", tv->out_index);
		break;
	case VC_BUILTIN_PRIMITIVE_ID:
		tg_decl(t, "DCL OUT[%d].x, PRIM_ID", tv->out_index);
		break;
	case VC_BUILTIN_LAYER:
		tg_decl(t, "DCL OUT[%d].x, LAYER", tv->out_index);
		break;
	case VC_BUILTIN_VIEWPORT_INDEX:
		tg_decl(t, "DCL OUT[%d].x, VIEWPORT_INDEX", tv->out_index);
		break;
	default:
		tg_fail(t, "TGSI: unsupported built-in output %d", v->builtin);
	}
}

/* A vertex (tessellation evaluation, geometry) shader's OUT[n] and what
 * it carries, for stream output (vc_tgsi_xfb.c). */
static void note_out_reg(struct tg *t, uint32_t reg, uint32_t what)
{
	if ((t->stage != VC_STAGE_VERTEX && t->stage != VC_STAGE_TESS_EVAL &&
	     t->stage != VC_STAGE_GEOMETRY) ||
	    reg >= VC_MAX_OUT_REGS)
		return;
	t->info->out_regs[reg] = what;
	if (t->info->nr_out_regs <= reg)
		t->info->nr_out_regs = reg + 1;
}

static uint32_t builtin_out_tag(enum vc_builtin b)
{
	return b == VC_BUILTIN_POSITION ? VC_XFB_POSITION
	     : b == VC_BUILTIN_POINT_SIZE ? VC_XFB_POINT_SIZE : UINT32_MAX;
}

/* A tessellation control shader's per-vertex output: its shadow holds the
 * invocation's own vertex (vc_tgsi_tess.c), OUT[n] one leaf of it each. */
static void declare_vertex_output(struct tg *t, vc_var_id id)
{
	const struct vc_var *v = vc_var_get(t->m, id);
	struct tg_var *tv = &t->vars[id];
	vc_type_id elem = vc_type_get(t->m, v->type)->elem;
	uint32_t leaves = vc_type_leaves(t->m, elem);
	char sem[32];

	tv->per_vertex = leaves;
	if (!tv->array_id)
		tv->base = tg_temps(t, leaves).index;
	for (tv->in_leaves = 0; tv->in_leaves < leaves; tv->in_leaves++) {
		if (!vertex_semantic(t, v, elem, tv->in_leaves, sem, sizeof(sem)))
			break;
		tg_decl(t, "DCL OUT[%u], %s", t->nr_out++, sem);
	}
	if (!tv->in_leaves)
		tg_fail(t, "TGSI: output %s without a usable location", v->name ? v->name : "");
}

/* Outputs are written to TEMP shadows and copied to OUT at the end. */
static void declare_output(struct tg *t, vc_var_id id)
{
	const struct vc_var *v = vc_var_get(t->m, id);
	struct tg_var *tv = &t->vars[id];
	uint32_t leaves = vc_type_leaves(t->m, v->type);

	tv->file = TG_OUT;
	tv->out_index = (int32_t)t->nr_out;
	if (tg_tess_per_vertex_output(t, id)) {
		declare_vertex_output(t, id);
		return;
	}
	if (!tv->array_id)   /* else its shadow is a TEMP array (declare_io_array) */
		tv->base = tg_temps(t, leaves).index;
	if (tg_tess_declare_patch_output(t, tv, v, leaves))
		return;
	if (tg_clip_builtin(v->builtin)) {
		tg_clip_declare_output(t, tv, v);
		return;
	}
	if (v->builtin) {
		note_out_reg(t, t->nr_out++, builtin_out_tag(v->builtin));
		declare_output_builtin(t, tv, v);
		return;
	}
	if (v->location < 0 || v->location + leaves > 32) {
		tg_fail(t, "TGSI: output %s without a usable location", v->name ? v->name : "");
		return;
	}
	for (uint32_t i = 0; i < leaves; i++) {
		if (t->stage == VC_STAGE_FRAGMENT) {
			tg_decl(t, "DCL OUT[%u], COLOR[%u]", t->nr_out++, v->location + i);
			t->info->outputs_written |= 1u << (v->location + i);
		} else {
			note_out_reg(t, t->nr_out, (uint32_t)v->location + i);
			tg_decl(t, "DCL OUT[%u], GENERIC[%u]", t->nr_out++, v->location + i);
		}
	}
}

void tg_emit_output_copies(struct tg *t)
{
	for (vc_var_id id = 1; id < t->m->nr_vars; id++) {
		const struct vc_var *v = vc_var_get(t->m, id);
		const struct tg_var *tv = &t->vars[id];
		uint32_t leaves = vc_type_leaves(t->m, v->type);

		if (v->storage != VC_STORAGE_OUTPUT || tv->file != TG_OUT || !t->written[id] ||
		    tv->patch)
			continue;
		if (tv->per_vertex) {
			for (uint32_t i = 0; i < tv->in_leaves; i++)
				tg_tess_copy_leaf(t, tv, i);
			continue;
		}
		if (tg_clip_builtin(v->builtin)) {
			tg_clip_copy_output(t, tv, v);
			continue;
		}
		for (uint32_t i = 0; i < leaves; i++) {
			struct tg_reg dst = { .file = TG_OUT, .index = tv->out_index + (int32_t)i,
					      .dim = -1, .swz = { 0, 1, 2, 3 } };
			struct tg_reg src = { .file = TG_TEMP, .index = tv->base + (int32_t)i,
					      .dim = -1, .swz = { 0, 1, 2, 3 } };
			const char *mask = "";

			if (v->builtin == VC_BUILTIN_FRAG_DEPTH)
				mask = ".z";
			else if (v->builtin == VC_BUILTIN_POINT_SIZE || v->builtin == VC_BUILTIN_SAMPLE_MASK ||
				 v->builtin == VC_BUILTIN_PRIMITIVE_ID || v->builtin == VC_BUILTIN_LAYER ||
				 v->builtin == VC_BUILTIN_VIEWPORT_INDEX)
				mask = ".x";
			if (t->advanced_blend && t->stage == VC_STAGE_FRAGMENT && !v->builtin &&
			    v->location + (int32_t)i == 0)
				tg_emit_advanced_blend(t, src, dst);
			else
				tg_op1(t, "MOV", dst, mask, *mask ? tg_comp(src, 0) : src);
		}
	}
}

/* ---- memory variables --------------------------------------------------------------- */

static void declare_temp_array(struct tg *t, struct tg_var *tv, uint32_t leaves)
{
	tv->base = tg_temps(t, leaves ? leaves : 1).index;
	tv->array_id = (uint8_t)++t->nr_arrays;
	tg_decl(t, "DCL TEMP[%d..%u], ARRAY(%u), LOCAL", tv->base, tv->base + (leaves ? leaves : 1) - 1,
		tv->array_id);
	if (t->nr_arrays > 250)
		tg_fail(t, "TGSI: too many indexed arrays");
}

static void declare_private(struct tg *t, vc_var_id id, bool arrays)
{
	const struct vc_var *v = vc_var_get(t->m, id);
	struct tg_var *tv = &t->vars[id];
	uint32_t leaves = vc_type_leaves(t->m, v->type);

	if (!!t->dynamic[id] != arrays)
		return;
	tv->file = TG_TEMP;
	if (arrays)
		declare_temp_array(t, tv, leaves);
	else
		tv->base = tg_temps(t, leaves ? leaves : 1).index;
}

/* Inputs and outputs indexed dynamically (`out float v[4]; v[i] = ...`) live
 * in TEMP arrays: inputs copied there at the start, outputs copied from
 * there at the end like every output shadow. */
static void declare_io_array(struct tg *t, vc_var_id id)
{
	const struct vc_var *v = vc_var_get(t->m, id);

	if (!t->dynamic[id] || (v->builtin && !tg_clip_builtin(v->builtin)))
		return;
	if (v->storage == VC_STORAGE_INPUT ||
	    (v->storage == VC_STORAGE_OUTPUT && t->written[id]))
		declare_temp_array(t, &t->vars[id], vc_type_leaves(t->m, v->type));
}

static void declare_shared(struct tg *t, vc_var_id id)
{
	const struct vc_var *v = vc_var_get(t->m, id);
	struct tg_var *tv = &t->vars[id];

	if (!t->memory_declared) {
		tg_decl(t, "DCL MEMORY[0], SHARED");
		t->memory_declared = true;
	}
	tv->file = TG_MEMORY;
	t->shared_size = (t->shared_size + 15) & ~15u;
	tv->base = (int32_t)t->shared_size;
	t->shared_size += tg_type_size(t, v->type, false);
	t->info->shared_size = t->shared_size;
}

static void declare_var(struct tg *t, vc_var_id id)
{
	switch (vc_var_get(t->m, id)->storage) {
	case VC_STORAGE_FUNCTION: case VC_STORAGE_PRIVATE: declare_private(t, id, false); break;
	case VC_STORAGE_INPUT:
		/* varyings never read are left out (the vertex shader may then drop them) */
		if (t->read[id] || t->stage != VC_STAGE_FRAGMENT || vc_var_get(t->m, id)->builtin)
			declare_input(t, id);
		break;
	case VC_STORAGE_OUTPUT:
		/* outputs never written are left out (gl_PerVertex's unused members) */
		if (t->written[id])
			declare_output(t, id);
		break;
	case VC_STORAGE_UNIFORM: case VC_STORAGE_STORAGE: case VC_STORAGE_PUSH_CONSTANT:
		declare_block(t, id);
		break;
	case VC_STORAGE_HANDLE:
		/* a program's samplers reach every stage's module; a stage that
		 * never samples one leaves it out (virglrenderer declares it in
		 * GLSL, and a cube map array type there needs an extension it
		 * asks for only where the stage samples it) */
		if (t->read[id])
			declare_handle(t, id);
		break;
	case VC_STORAGE_SHARED: declare_shared(t, id); break;
	}
}

/* Private variables with initialisers get them at the start. */
static void init_private(struct tg *t, vc_var_id id)
{
	const struct vc_var *v = vc_var_get(t->m, id);
	const struct tg_var *tv = &t->vars[id];

	if (!v->init || tv->file != TG_TEMP)
		return;
	for (uint32_t i = 0; i < tg_nr_slots(t, v->init); i++) {
		struct tg_reg dst = { .file = TG_TEMP, .index = tv->base + (int32_t)i, .dim = -1,
				      .swz = { 0, 1, 2, 3 } };
		tg_op1(t, "MOV", dst, "", tg_src_slot(t, v->init, i));
	}
}

/* CONST[0]: the push constants, then the base instance's vec4 if used. */
static void declare_const0(struct tg *t)
{
	uint32_t vec4s = (t->info->push_constant_size + 15) / 16;

	if (t->info->uses_base_instance) {
		t->info->base_instance_dword = vec4s * 4;
		vec4s++;
	}
	if (vec4s)
		tg_decl(t, "DCL CONST[0..%u]", vec4s - 1);
}

/* The written output with the POSITION semantic (gl_Position, gl_FragDepth), or 0. */
static vc_var_id position_output(struct tg *t)
{
	for (vc_var_id id = 1; id < t->m->nr_vars; id++) {
		const struct vc_var *v = vc_var_get(t->m, id);

		if (v->storage == VC_STORAGE_OUTPUT && t->written[id] &&
		    (v->builtin == VC_BUILTIN_POSITION || v->builtin == VC_BUILTIN_FRAG_DEPTH ||
		     tg_tess_position_output(t, id)))
			return id;
	}
	return 0;
}

void tg_declare_vars(struct tg *t)
{
	vc_var_id pos = position_output(t);

	/* indexed arrays first: they take the lowest TEMP numbers */
	for (vc_var_id id = 1; id < t->m->nr_vars; id++) {
		enum vc_storage s = vc_var_get(t->m, id)->storage;
		if (s == VC_STORAGE_FUNCTION || s == VC_STORAGE_PRIVATE)
			declare_private(t, id, true);
		else if (s == VC_STORAGE_INPUT || s == VC_STORAGE_OUTPUT)
			declare_io_array(t, id);
	}
	t->array_temps = t->nr_temps;
	/* the host's GLSL back end logs "Illegal position input" for a
	 * POSITION output other than OUT[0] (vrend_shader.c), so it goes first */
	if (pos)
		declare_var(t, pos);
	for (vc_var_id id = 1; id < t->m->nr_vars && !t->failed; id++)
		if (id != pos)
			declare_var(t, id);
	declare_const0(t);
	for (vc_var_id id = 1; id < t->m->nr_vars && !t->failed; id++)
		init_private(t, id);
}
