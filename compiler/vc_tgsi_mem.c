/* SPDX-License-Identifier: MIT */
/*
 * Variables through pointers: access chains are resolved at compile time
 * into (variable, constant offset, dynamic terms); loads and stores then
 * pick the register file the variable lives in:
 *   TEMP (locals, output shadows)  - offsets in leaves, ADDR for dynamic ones
 *   IN / SV                        - aliases, no instruction
 *   CONST (UBOs, push constants)   - byte offsets -> vec4 index + swizzle
 *   BUFFER / MEMORY (SSBO, shared) - byte addresses for LOAD / STORE / ATOM*
 */
#include <stdlib.h>
#include <string.h>

#include "vc_tgsi_private.h"

struct lay {
	uint32_t mstride;
	bool row_major;
	bool explicit_layout;
};

/* ---- layout ------------------------------------------------------------------------ */

static uint32_t size_of(struct tg *t, vc_type_id ty, struct lay l);

static uint32_t implicit_align(struct tg *t, vc_type_id ty)
{
	return vc_type_get(t->m, ty)->kind == VC_TYPE_SCALAR ? 4 : 16;
}

static uint32_t array_stride(struct tg *t, const struct vc_type *a, struct lay l)
{
	uint32_t s;

	if (l.explicit_layout && a->stride)
		return a->stride;
	s = size_of(t, a->elem, l);
	return implicit_align(t, a->elem) == 4 ? 4 : (s + 15) & ~15u;
}

static uint32_t member_offset(struct tg *t, const struct vc_type *st, uint32_t idx, struct lay l)
{
	uint32_t off = 0;

	if (l.explicit_layout)
		return st->members[idx].offset;
	for (uint32_t i = 0; i < idx; i++) {
		vc_type_id mt = st->members[i].type;
		off = (off + implicit_align(t, mt) - 1) & ~(implicit_align(t, mt) - 1);
		off += size_of(t, mt, l);
	}
	vc_type_id mt = st->members[idx].type;
	return (off + implicit_align(t, mt) - 1) & ~(implicit_align(t, mt) - 1);
}

static struct lay member_lay(const struct vc_type *st, uint32_t idx, struct lay l)
{
	if (l.explicit_layout) {
		l.mstride = st->members[idx].matrix_stride;
		l.row_major = st->members[idx].row_major;
	}
	return l;
}

static uint32_t size_of(struct tg *t, vc_type_id ty, struct lay l)
{
	const struct vc_type *tp = vc_type_get(t->m, ty);
	uint32_t end = 0;

	switch (tp->kind) {
	case VC_TYPE_SCALAR:
	case VC_TYPE_VECTOR:
		return tp->comps * 4u;
	case VC_TYPE_MATRIX:
		if (!l.explicit_layout || !l.mstride)
			return tp->cols * 16u;
		return (l.row_major ? tp->comps : tp->cols) * l.mstride;
	case VC_TYPE_ARRAY:
		return tp->length * array_stride(t, tp, l);
	case VC_TYPE_STRUCT:
		for (uint32_t i = 0; i < tp->nr_members; i++) {
			uint32_t e = member_offset(t, tp, i, l) +
				     size_of(t, tp->members[i].type, member_lay(tp, i, l));
			end = e > end ? e : end;
		}
		return end;
	default:
		return 4;
	}
}

uint32_t tg_type_size(struct tg *t, vc_type_id ty, bool explicit_layout)
{
	struct lay l = { .explicit_layout = explicit_layout };

	return size_of(t, ty, l);
}

/* ---- pointers ------------------------------------------------------------------------ */

static bool memory_file(uint8_t f)
{
	return f == TG_CONST || f == TG_BUFFER || f == TG_MEMORY;
}

static void add_dyn(struct tg *t, struct tg_ptr *p, vc_value_id idx, uint32_t mul)
{
	if (p->nr_dyn == 8) {
		tg_fail(t, "TGSI: too many dynamic indices in one access");
		return;
	}
	p->dyn[p->nr_dyn] = idx;
	p->mul[p->nr_dyn++] = mul;
}

/* One access-chain step into a composite (bytes for memory, leaves otherwise). */
static void step(struct tg *t, struct tg_ptr *p, bool mem, vc_value_id idx)
{
	const struct vc_type *tp = vc_type_get(t->m, p->type);
	struct lay l = { p->mstride, p->row_major, p->var && vc_var_get(t->m, p->var)->storage !=
			 VC_STORAGE_SHARED };
	uint32_t k = 0;
	bool is_const = tg_value_is_const(t, idx, &k);
	uint32_t unit;

	if (tp->kind == VC_TYPE_VECTOR) {
		if (is_const)
			p->comp = (int32_t)k;
		else
			p->dyn_comp = idx;
		p->type = vc_type_child(t->m, p->type, 0);
		return;
	}
	if (tp->kind == VC_TYPE_STRUCT) {
		p->offset += mem ? member_offset(t, tp, k, l) : vc_type_child_leaf(t->m, p->type, k);
		l = member_lay(tp, k, l);
		p->mstride = l.mstride;
		p->row_major = l.row_major;
		p->type = tp->members[k].type;
		return;
	}
	if (tp->kind == VC_TYPE_MATRIX) {
		unit = !mem ? 1 : !l.explicit_layout ? 16 : l.row_major ? 4 : l.mstride;
		p->cstride = mem && l.explicit_layout && l.row_major ? l.mstride : 4;
	} else {
		unit = mem ? array_stride(t, tp, l) : vc_type_leaves(t->m, tp->elem);
	}
	if (is_const)
		p->offset += k * unit;
	else
		add_dyn(t, p, idx, unit);
	p->type = tp->elem;
}

/* At the top of an array of uniform or storage blocks: each element has its own slot. */
static bool at_block_array(struct tg *t, const struct tg_ptr *p)
{
	const struct vc_var *var = vc_var_get(t->m, p->var);

	const struct vc_type *ty = vc_type_get(t->m, p->type);

	if ((var->storage != VC_STORAGE_UNIFORM && var->storage != VC_STORAGE_STORAGE) ||
	    ty->kind != VC_TYPE_ARRAY)
		return false;
	while (ty->kind == VC_TYPE_ARRAY)   /* arrays of arrays of blocks (ES 3.10) */
		ty = vc_type_get(t->m, ty->elem);
	return ty->kind == VC_TYPE_STRUCT && ty->block;
}

/* One level of an array of blocks: a constant index, or one dynamic index
 * (GL_EXT_gpu_shader5: dynamically uniform) the access adds to the slot. */
static void step_block_array(struct tg *t, struct tg_ptr *p, vc_value_id idx)
{
	uint32_t k = 0, len = vc_type_get(t->m, p->type)->length;

	if (tg_value_is_const(t, idx, &k)) {
		if (k >= len)
			tg_fail(t, "TGSI: block array index %u out of range", k);
		p->dyn_block_mul *= len;
	} else if (p->dyn_block) {
		tg_fail(t, "TGSI: two dynamic indices into an array of arrays of blocks");
	} else {
		p->dyn_block = idx;
		p->dyn_block_mul = 1;
		if (t->vars[p->var].file == TG_CONST)
			t->ubo_dyn = true;
		else
			t->ssbo_dyn = true;
	}
	/* the blocks of an array of arrays have their slots in row order */
	p->block = p->block * len + k;
	p->type = vc_type_get(t->m, p->type)->elem;
}

/* The dynamic part of the block's slot plus `base`, in a register. */
static struct tg_reg block_slot(struct tg *t, const struct tg_ptr *p, uint32_t base)
{
	struct tg_reg r = tg_temp(t);

	tg_op3(t, "UMAD", r, ".x", tg_comp(tg_src(t, p->dyn_block), 0),
	       tg_imm_u32(t, p->dyn_block_mul), tg_imm_u32(t, base));
	return tg_comp(r, 0);
}

/* A tessellation control shader's per-vertex output: its shadow is the
 * invocation's own vertex, whatever the index says (vc_tgsi_tess.c). */
static bool skip_vertex_index(struct tg *t, struct tg_ptr *p, vc_value_id index)
{
	const struct vc_var *v = vc_var_get(t->m, p->var);

	if (p->type != v->type || !tg_tess_per_vertex_output(t, p->var))
		return false;
	p->type = vc_type_get(t->m, v->type)->elem;
	p->vertex = index;
	return true;
}

static const struct tg_ptr *resolve(struct tg *t, vc_value_id v)
{
	const struct vc_value *val = vc_value_get(t->m, v);
	struct tg_ptr *p;

	if (t->ptrs[v])
		return t->ptrs[v];
	p = calloc(1, sizeof(*p));
	if (!p) {
		t->failed = true;
		static const struct tg_ptr none;
		return &none;
	}
	t->ptrs[v] = p;
	p->comp = -1;
	p->cstride = 4;
	if (val->kind == VC_VALUE_VAR) {
		p->var = val->var;
		p->type = vc_var_get(t->m, val->var)->type;
		return p;
	}
	if (val->kind != VC_VALUE_INSTR || val->def->op != VC_OP_ACCESS_CHAIN) {
		tg_fail(t, "TGSI: pointer of an unsupported kind");
		return p;
	}
	*p = *resolve(t, val->def->srcs[0]);
	for (unsigned i = 1; i < vc_instr_nr_srcs(val->def) && !t->failed; i++) {
		if (skip_vertex_index(t, p, vc_instr_src(val->def, i)))
			continue;
		if (p->comp >= 0 || p->dyn_comp) {
			tg_fail(t, "TGSI: access chain indexes into a scalar");
			break;
		}
		if (at_block_array(t, p))
			step_block_array(t, p, vc_instr_src(val->def, i));
		else
			step(t, p, memory_file(t->vars[p->var].file), vc_instr_src(val->def, i));
	}
	return p;
}

/* The integer sum of the dynamic terms (in units of `div`), or none. */
static bool dyn_index(struct tg *t, const struct tg_ptr *p, uint32_t div, struct tg_reg *out)
{
	struct tg_reg acc = { 0 };

	for (uint32_t i = 0; i < p->nr_dyn; i++) {
		struct tg_reg idx = tg_comp(tg_src(t, p->dyn[i]), 0), r = tg_temp(t);

		if (p->mul[i] % div)
			tg_fail(t, "TGSI: dynamic index with a stride of %u bytes is not supported",
				p->mul[i]);
		if (i == 0)
			tg_op2(t, "UMUL", r, ".x", idx, tg_imm_u32(t, p->mul[i] / div));
		else
			tg_op3(t, "UMAD", r, ".x", idx, tg_imm_u32(t, p->mul[i] / div), acc);
		acc = tg_comp(r, 0);
	}
	*out = acc;
	return p->nr_dyn > 0;
}

/* ---- leaves of a loaded/stored type ----------------------------------------------- */

struct leaf {
	uint32_t offset;   /* bytes or leaves */
	uint32_t cstride;
	uint8_t comps;
	uint8_t base;
};

static uint32_t collect_leaves(struct tg *t, vc_type_id ty, struct lay l, bool mem,
			       uint32_t offset, uint32_t cstride, struct leaf *out, uint32_t n)
{
	const struct vc_type *tp = vc_type_get(t->m, ty);

	if (vc_type_is_leaf(t->m, ty)) {
		out[n].offset = offset;
		out[n].cstride = cstride;
		out[n].comps = tp->comps;
		out[n].base = (uint8_t)tp->base;
		return n + 1;
	}
	for (uint32_t i = 0; i < vc_type_nr_children(t->m, ty); i++) {
		struct lay cl = tp->kind == VC_TYPE_STRUCT ? member_lay(tp, i, l) : l;
		uint32_t off = offset, cs = 4;

		if (!mem)
			off += vc_type_child_leaf(t->m, ty, i);
		else if (tp->kind == VC_TYPE_STRUCT)
			off += member_offset(t, tp, i, l);
		else if (tp->kind == VC_TYPE_ARRAY)
			off += i * array_stride(t, tp, l);
		else if (l.explicit_layout && l.row_major)
			off += i * 4, cs = l.mstride;
		else
			off += i * (l.explicit_layout && l.mstride ? l.mstride : 16);
		n = collect_leaves(t, vc_type_child(t->m, ty, i), cl, mem, off, cs, out, n);
	}
	return n;
}

static struct leaf *leaves_of(struct tg *t, const struct tg_ptr *p, bool mem, uint32_t *n)
{
	uint32_t count = vc_type_leaves(t->m, p->type);
	struct leaf *ls = calloc(count ? count : 1, sizeof(*ls));
	struct lay l = { p->mstride, p->row_major,
			 vc_var_get(t->m, p->var)->storage != VC_STORAGE_SHARED };

	if (!ls) {
		t->failed = true;
		*n = 0;
		return NULL;
	}
	*n = collect_leaves(t, p->type, l, mem, p->offset, p->cstride, ls, 0);
	return ls;
}

/* ---- TEMP-backed variables -------------------------------------------------------- */

static struct tg_reg temp_slot(struct tg *t, const struct tg_ptr *p, uint32_t leaf)
{
	const struct tg_var *tv = &t->vars[p->var];
	struct tg_reg r = { .file = TG_TEMP, .dim = -1, .swz = { 0, 1, 2, 3 } };
	struct tg_reg idx;

	r.index = tv->base + (int32_t)leaf;
	if (dyn_index(t, p, 1, &idx)) {
		if (!tv->array_id) {
			tg_fail(t, "TGSI: dynamic indexing of this variable is not supported");
			return r;
		}
		tg_load_addr(t, idx);
		r.indirect = true;
		r.array_id = tv->array_id;
	}
	return r;
}

/* A dynamic vector component: select it with compares (no indirect swizzle). */
static struct tg_reg select_comp(struct tg *t, struct tg_reg vec, vc_value_id idx, unsigned n)
{
	struct tg_reg res = tg_temp(t), c = tg_temp(t);
	struct tg_reg i = tg_comp(tg_src(t, idx), 0);

	tg_op1(t, "MOV", res, ".x", tg_comp(vec, 0));
	for (unsigned k = 1; k < n; k++) {
		tg_op2(t, "USEQ", c, ".x", i, tg_imm_u32(t, k));
		tg_op3(t, "UCMP", res, ".x", tg_comp(c, 0), tg_comp(vec, k), tg_comp(res, 0));
	}
	return tg_comp(res, 0);
}

static void load_temp(struct tg *t, const struct tg_ptr *p, vc_value_id dest)
{
	uint32_t n = vc_type_leaves(t->m, p->type);
	struct tg_reg *slots = calloc(n ? n : 1, sizeof(*slots));

	if (!slots) {
		t->failed = true;
		return;
	}
	for (uint32_t i = 0; i < n; i++) {
		struct tg_reg src = temp_slot(t, p, p->offset + i);
		unsigned comps = vc_type_is_leaf(t->m, p->type) ? vc_type_comps(t->m, p->type) : 4;

		slots[i] = tg_temp(t);
		if (p->comp >= 0)
			tg_op1(t, "MOV", slots[i], ".x", tg_comp(src, (unsigned)p->comp));
		else if (p->dyn_comp) {
			struct tg_reg whole = tg_temp(t);
			tg_op1(t, "MOV", whole, "", src);
			slots[i] = select_comp(t, whole, p->dyn_comp, 4);
			continue;
		} else
			tg_op1(t, "MOV", slots[i], n == 1 ? tg_mask(comps) : "", src);
		if (p->comp >= 0)
			slots[i] = tg_comp(slots[i], 0);
	}
	tg_set_slots(t, dest, slots, n);
	free(slots);
}

static void store_temp(struct tg *t, const struct tg_ptr *p, vc_value_id val)
{
	static const char *const chans[] = { ".x", ".y", ".z", ".w" };
	uint32_t n = tg_nr_slots(t, val);

	for (uint32_t i = 0; i < n; i++) {
		struct tg_reg dst = temp_slot(t, p, p->offset + i), src = tg_src_slot(t, val, i);

		if (p->comp >= 0 && p->comp < 4) {
			tg_op1(t, "MOV", dst, chans[p->comp], tg_comp(src, 0));
		} else if (p->dyn_comp) {
			struct tg_reg i_reg = tg_comp(tg_src(t, p->dyn_comp), 0), c = tg_temp(t);
			for (unsigned k = 0; k < 4; k++) {
				tg_op2(t, "USEQ", c, ".x", i_reg, tg_imm_u32(t, k));
				tg_op3(t, "UCMP", dst, chans[k], tg_comp(c, 0), tg_comp(src, 0),
				       tg_comp(dst, k));
			}
		} else {
			unsigned comps = vc_type_is_leaf(t->m, p->type) ? vc_type_comps(t->m, p->type) : 0;
			tg_op1(t, "MOV", dst, n == 1 && comps ? tg_mask(comps) : "", src);
		}
	}
}

/* ---- inputs and system values --------------------------------------------------- */

static struct tg_reg computed_sv(struct tg *t, enum vc_builtin b)
{
	const uint32_t *ls = t->m->local_size;
	struct tg_reg r = tg_temp(t);

	if (b == VC_BUILTIN_WORKGROUP_SIZE)
		return tg_imm_vec(t, VC_BASE_UINT, ls, 3);
	if (b == VC_BUILTIN_INSTANCE_ID) {
		uint32_t dw = t->info->base_instance_dword;
		struct tg_reg base = { .file = TG_CONST, .index = (int32_t)(dw / 4), .dim = -1,
				       .swz = { 0, 1, 2, 3 } };
		tg_op2(t, "UADD", r, ".x", tg_sv(t, "INSTANCEID", 1), tg_comp(base, dw % 4));
		return tg_comp(r, 0);
	}
	if (b == VC_BUILTIN_GLOBAL_INVOCATION_ID) {
		/* declared in the order GCC used to pick (vc_tgsi_alu.c says why) */
		struct tg_reg thread = tg_sv(t, "THREAD_ID", 3);
		struct tg_reg size = tg_imm_vec(t, VC_BASE_UINT, ls, 3);

		tg_op3(t, "UMAD", r, ".xyz", tg_sv(t, "BLOCK_ID", 3), size, thread);
		return tg_swizzle(r, 0, 1, 2, 2);
	}
	/* LocalInvocationIndex = z * w * h + y * w + x */
	struct tg_reg tid = tg_sv(t, "THREAD_ID", 3);
	tg_op3(t, "UMAD", r, ".x", tg_comp(tid, 2), tg_imm_u32(t, ls[1]), tg_comp(tid, 1));
	tg_op3(t, "UMAD", r, ".x", tg_comp(r, 0), tg_imm_u32(t, ls[0]), tg_comp(tid, 0));
	return tg_comp(r, 0);
}

/* The IR wants a ~0/0 boolean: FACE is > 0 for front faces; the host reads
 * HELPER_INVOCATION as uvec4(gl_HelperInvocation), 1 or 0. */
static struct tg_reg bool_input(struct tg *t, enum vc_builtin b, struct tg_reg r)
{
	struct tg_reg d = tg_temp(t);

	if (b == VC_BUILTIN_FRONT_FACING)
		tg_op2(t, "FSLT", d, ".x", tg_imm_f32(t, 0.0f), tg_comp(r, 0));
	else
		tg_op2(t, "USNE", d, ".x", tg_comp(r, 0), tg_imm_u32(t, 0));
	return tg_comp(d, 0);
}

static void load_input(struct tg *t, const struct tg_ptr *p, vc_value_id dest)
{
	const struct vc_var *v = vc_var_get(t->m, p->var);
	const struct tg_var *tv = &t->vars[p->var];
	uint32_t n = vc_type_leaves(t->m, p->type);
	struct tg_reg slots[16];

	if (p->nr_dyn || n > 16) {
		tg_fail(t, "TGSI: dynamic indexing of inputs is not supported");
		return;
	}
	if (tv->per_vertex && (p->offset % tv->per_vertex) + n > tv->in_leaves) {
		tg_fail(t, "TGSI: %s: this geometry shader input is not supported",
			v->name ? v->name : "");
		return;
	}
	for (uint32_t i = 0; i < n; i++) {
		struct tg_reg r = tg_input_reg(tv, tv->base, p->offset + i);

		r.file = tv->file;
		if (tv->file == TG_SV && tv->base < 0)
			r = computed_sv(t, v->builtin);
		else if (tv->packed)
			r = tg_comp((struct tg_reg){ .file = tv->file, .index = tv->base, .dim = -1,
						     .swz = { 0, 1, 2, 3 } }, (p->offset + i) & 3);
		else if (tv->file == TG_SV && vc_type_get(t->m, v->type)->comps == 3)
			/* the host's uvec3 (gl_NumWorkGroups...) has no .w to read */
			r.swz[3] = 2;
		if (v->builtin == VC_BUILTIN_FRONT_FACING || v->builtin == VC_BUILTIN_HELPER_INVOCATION)
			r = bool_input(t, v->builtin, r);
		slots[i] = p->comp >= 0 ? tg_comp(r, (unsigned)p->comp) : r;
		if (p->dyn_comp)
			slots[i] = select_comp(t, r, p->dyn_comp, 4);
	}
	tg_set_slots(t, dest, slots, n);
}

/* ---- constant buffers --------------------------------------------------------------- */

/* A dynamically indexed block is CONST[ADDR[1].x+1]: ADDR[1] holds the
 * slot less one, which is the element of virglrenderer's uboarr (which
 * ignores the +1; a reader that adds it finds the same slot). */
static struct tg_reg const_reg(const struct tg_var *tv, const struct tg_ptr *p, uint32_t byte)
{
	struct tg_reg r = { .file = TG_CONST, .dim = tv->dim, .swz = { 0, 1, 2, 3 } };

	if (tv->dim >= 0)
		r.dim += (int32_t)p->block;
	if (tv->dim >= 0 && p->dyn_block) {
		r.dim = 1;
		r.dim_indirect = true;
	}

	r.index = (int32_t)(byte / 16);
	return tg_comp(r, (byte % 16) / 4);
}

static struct tg_reg load_const_leaf(struct tg *t, const struct tg_ptr *p, const struct leaf *l,
				     bool dyn, struct tg_reg idx)
{
	const struct tg_var *tv = &t->vars[p->var];
	struct tg_reg r = const_reg(tv, p, l->offset), dst;
	bool packed = l->cstride == 4 && (l->offset % 16) + 4u * l->comps <= 16;

	/* ADDR[1] is loaded right before each read: no operand outlives it */
	if (packed && !dyn && !p->dyn_block) {
		for (unsigned c = 0; c < 4; c++)
			r.swz[c] = (uint8_t)((l->offset % 16) / 4 + (c < l->comps ? c : (unsigned)l->comps - 1u));
		return r;
	}
	dst = tg_temp(t);
	/* nothing below loads ADDR[1] again */
	if (r.dim_indirect)
		tg_load_addr_n(t, 1, block_slot(t, p, (uint32_t)(tv->dim + (int32_t)p->block) - 1));
	for (unsigned c = 0; c < l->comps; c++) {
		static const char *const chans[] = { ".x", ".y", ".z", ".w" };
		struct tg_reg s = const_reg(tv, p, l->offset + c * l->cstride);

		if (dyn) {
			tg_load_addr(t, idx);
			s.indirect = true;
		}
		tg_op1(t, "MOV", dst, chans[c], s);
	}
	return dst;
}

static struct tg_reg bool_from_memory(struct tg *t, struct tg_reg r, unsigned comps)
{
	struct tg_reg b = tg_temp(t);

	tg_op2(t, "USNE", b, tg_mask(comps), r, tg_imm_u32(t, 0));
	return b;
}

static void load_const(struct tg *t, const struct tg_ptr *p, vc_value_id dest)
{
	uint32_t n;
	struct leaf *ls = leaves_of(t, p, true, &n);
	struct tg_reg *slots = calloc(n ? n : 1, sizeof(*slots)), idx;
	bool dyn = dyn_index(t, p, 16, &idx);

	if (!ls || !slots) {
		t->failed = true;
		free(ls);
		free(slots);
		return;
	}
	if (p->dyn_comp)
		tg_fail(t, "TGSI: dynamic component index into a uniform vector is not supported");
	for (uint32_t i = 0; i < n; i++) {
		if (p->comp >= 0) {
			ls[i].offset += (uint32_t)p->comp * ls[i].cstride;
			ls[i].comps = 1;
		}
		slots[i] = load_const_leaf(t, p, &ls[i], dyn, idx);
		if (ls[i].base == VC_BASE_BOOL)
			slots[i] = bool_from_memory(t, slots[i], ls[i].comps);
	}
	tg_set_slots(t, dest, slots, n);
	free(slots);
	free(ls);
}

/* ---- buffers and shared memory ------------------------------------------------------- */

/* BUFFER[n], or BUFFER[ADDR[0].x+n] for a dynamically indexed block
 * (ADDR[0] loaded here: the caller uses the register in its next line). */
static struct tg_reg mem_resource(struct tg *t, const struct tg_ptr *p)
{
	const struct tg_var *tv = &t->vars[p->var];
	struct tg_reg r = { .file = tv->file, .dim = -1, .swz = { 0, 1, 2, 3 } };

	r.index = tv->file == TG_BUFFER ? tv->dim + (int32_t)p->block : 0;
	if (tv->file == TG_BUFFER && p->dyn_block) {
		tg_load_addr(t, block_slot(t, p, 0));
		r.indirect = true;
	}
	return r;
}

/* The byte address of `extra` bytes past the pointer, as a register. */
static struct tg_reg mem_address(struct tg *t, const struct tg_ptr *p, uint32_t extra)
{
	const struct tg_var *tv = &t->vars[p->var];
	uint32_t base = p->offset + extra + (tv->file == TG_MEMORY ? (uint32_t)tv->base : 0);
	struct tg_reg idx, a;

	if (!dyn_index(t, p, 1, &idx))
		return tg_imm_u32(t, base);
	a = tg_temp(t);
	tg_op2(t, "UADD", a, ".x", idx, tg_imm_u32(t, base));
	return tg_comp(a, 0);
}

static void load_mem(struct tg *t, const struct tg_ptr *p, vc_value_id dest)
{
	uint32_t n;
	struct leaf *ls = leaves_of(t, p, true, &n);
	struct tg_reg *slots = calloc(n ? n : 1, sizeof(*slots));

	if (!ls || !slots || p->dyn_comp) {
		if (p->dyn_comp)
			tg_fail(t, "TGSI: dynamic component index into a buffer vector is not supported");
		t->failed = true;
		free(ls);
		free(slots);
		return;
	}
	for (uint32_t i = 0; i < n; i++) {
		uint32_t comps = p->comp >= 0 ? 1 : ls[i].comps;
		uint32_t off = ls[i].offset - p->offset + (p->comp >= 0 ? (uint32_t)p->comp * ls[i].cstride : 0);

		slots[i] = tg_temp(t);
		for (uint32_t c = 0; c < comps; c++) {
			static const char *const chans[] = { ".x", ".y", ".z", ".w" };
			bool whole = ls[i].cstride == 4;
			/* the host loads channel c from the address + 4c: a
			 * strided vector (a row-major matrix's column) takes
			 * its channel c from 4c before where it lies
			 * (cstride >= 4, so this never goes below the base) */
			struct tg_reg addr = mem_address(t, p, off + c * (ls[i].cstride - 4));

			tg_op2(t, "LOAD", slots[i], whole ? tg_mask(comps) : chans[c],
			       mem_resource(t, p), addr);
			if (whole)
				break;
		}
		if (ls[i].base == VC_BASE_BOOL)
			slots[i] = bool_from_memory(t, slots[i], comps);
	}
	tg_set_slots(t, dest, slots, n);
	free(slots);
	free(ls);
}

static void store_mem(struct tg *t, const struct tg_ptr *p, vc_value_id val)
{
	static const char *const chans[] = { ".x", ".y", ".z", ".w" };
	uint32_t n;
	struct leaf *ls = leaves_of(t, p, true, &n);

	if (!ls || p->dyn_comp) {
		if (p->dyn_comp)
			tg_fail(t, "TGSI: dynamic component index into a buffer vector is not supported");
		free(ls);
		return;
	}
	for (uint32_t i = 0; i < n && i < tg_nr_slots(t, val); i++) {
		struct tg_reg src = tg_src_slot(t, val, i), res = mem_resource(t, p);
		uint32_t comps = p->comp >= 0 ? 1 : ls[i].comps;
		uint32_t off = ls[i].offset - p->offset + (p->comp >= 0 ? (uint32_t)p->comp * ls[i].cstride : 0);

		if (ls[i].base == VC_BASE_BOOL) {
			struct tg_reg b = tg_temp(t);
			tg_op2(t, "AND", b, tg_mask(comps), src, tg_imm_u32(t, 1));
			src = b;
		}
		if (ls[i].cstride == 4) {
			tg_op2(t, "STORE", res, tg_mask(comps), mem_address(t, p, off), src);
			continue;
		}
		for (uint32_t c = 0; c < comps; c++)
			tg_op2(t, "STORE", res, ".x", mem_address(t, p, off + c * ls[i].cstride),
			       tg_comp(src, c));
		(void)chans;
	}
	free(ls);
}

/* ---- interpolation at a centroid, sample or offset ---------------------------------------- */

/* INTERP_* reads an IN register straight (the host interpolates it anew:
 * virglrenderer writes interpolateAt*); src1 is the int sample index
 * (.x) or the float offset (.xy). */
static void emit_interp(struct tg *t, const struct vc_instr *in)
{
	static const char *const ops[] = { "INTERP_CENTROID", "INTERP_SAMPLE", "INTERP_OFFSET" };
	const struct tg_ptr *p = resolve(t, in->srcs[0]);
	const struct tg_var *tv = &t->vars[p->var];
	struct tg_reg r = tg_input_reg(tv, tv->base, p->offset), dst = tg_temp(t);

	if (t->failed)
		return;
	if (t->stage != VC_STAGE_FRAGMENT || tv->file != TG_IN || tv->packed || p->nr_dyn ||
	    p->dyn_comp || vc_type_leaves(t->m, p->type) != 1) {
		tg_fail(t, "TGSI: interpolation of an input this back end cannot address");
		return;
	}
	r.file = TG_IN;
	if (in->op == VC_OP_INTERP_CENTROID)
		tg_op1(t, ops[0], dst, "", r);
	else
		tg_op2(t, ops[in->op - VC_OP_INTERP_CENTROID], dst, "", r, tg_src(t, in->srcs[1]));
	/* one component of the input (v.y): broadcast it, as a load would */
	tg_set(t, in->dest, p->comp >= 0 ? tg_comp(dst, (unsigned)p->comp) : dst);
}

/* ---- dispatch -------------------------------------------------------------------------- */

static void emit_load(struct tg *t, const struct vc_instr *in)
{
	const struct tg_ptr *p = resolve(t, in->srcs[0]);
	uint8_t f = t->vars[p->var].file;

	if (t->failed || vc_var_get(t->m, p->var)->storage == VC_STORAGE_HANDLE)
		return; /* descriptors: texture instructions trace back to the variable */
	if (f == TG_OUT && tg_tess_other_vertex(t, p))
		tg_tess_load_other_vertex(t, p, in->dest);
	else if (f == TG_OUT && tg_tess_patch_out_read(t, p))
		tg_tess_load_patch_out(t, p, in->dest);
	else if (f == TG_TEMP || f == TG_OUT)
		load_temp(t, p, in->dest);
	else if (f == TG_IN || f == TG_SV)
		load_input(t, p, in->dest);
	else if (f == TG_CONST)
		load_const(t, p, in->dest);
	else if (f == TG_BUFFER || f == TG_MEMORY)
		load_mem(t, p, in->dest);
	else
		tg_fail(t, "TGSI: load from an unsupported variable");
}

static void emit_store(struct tg *t, const struct vc_instr *in)
{
	const struct tg_ptr *p = resolve(t, in->srcs[0]);
	uint8_t f = t->vars[p->var].file;

	if (t->failed)
		return;
	if (f == TG_OUT && tg_tess_other_vertex(t, p)) {
		/* GLSL ES 3.20 section 4.3.6 (EXT_tessellation_shader) */
		tg_fail(t, "a tessellation control shader writes its per-vertex outputs "
			"at [gl_InvocationID] only");
		return;
	}
	if (f == TG_TEMP || f == TG_OUT) {
		store_temp(t, p, in->srcs[1]);
		tg_tess_store_done(t, p, tg_nr_slots(t, in->srcs[1]));
	} else if (f == TG_BUFFER || f == TG_MEMORY)
		store_mem(t, p, in->srcs[1]);
	else
		tg_fail(t, "TGSI: store to a read-only variable");
}

static const char *atomic_opcode(uint32_t kind)
{
	static const char *const names[] = {
		[VC_ATOMIC_ADD] = "ATOMUADD", [VC_ATOMIC_IMIN] = "ATOMIMIN",
		[VC_ATOMIC_UMIN] = "ATOMUMIN", [VC_ATOMIC_IMAX] = "ATOMIMAX",
		[VC_ATOMIC_UMAX] = "ATOMUMAX", [VC_ATOMIC_AND] = "ATOMAND",
		[VC_ATOMIC_OR] = "ATOMOR", [VC_ATOMIC_XOR] = "ATOMXOR",
		[VC_ATOMIC_XCHG] = "ATOMXCHG", [VC_ATOMIC_CMPXCHG] = "ATOMCAS",
	};
	return kind <= VC_ATOMIC_CMPXCHG ? names[kind] : NULL;
}

static void emit_atomic(struct tg *t, const struct vc_instr *in)
{
	const struct tg_ptr *p = resolve(t, in->srcs[0]);
	const char *op = atomic_opcode(in->lits[0]);
	struct tg_reg dst = tg_temp(t), srcs[4];
	unsigned n = 0;

	if (!op || !(t->vars[p->var].file == TG_BUFFER || t->vars[p->var].file == TG_MEMORY)) {
		tg_fail(t, "TGSI: atomic on an unsupported variable");
		return;
	}
	srcs[n++] = mem_resource(t, p);
	srcs[n++] = mem_address(t, p, p->comp >= 0 ? (uint32_t)p->comp * 4 : 0);
	if (in->lits[0] == VC_ATOMIC_CMPXCHG)
		srcs[n++] = tg_comp(tg_src(t, in->srcs[2]), 0);
	srcs[n++] = tg_comp(tg_src(t, in->srcs[1]), 0);
	tg_op(t, op, dst, ".x", srcs, n);
	tg_set(t, in->dest, tg_comp(dst, 0));
}

/* length = (buffer size - offset of the array) / stride */
static void emit_array_length(struct tg *t, const struct vc_instr *in)
{
	const struct tg_ptr *p = resolve(t, in->srcs[0]);
	const struct vc_type *st = vc_type_get(t->m, p->type);
	struct tg_reg size = tg_temp(t), r = tg_temp(t);
	uint32_t member = in->lits[0], stride;

	if (t->vars[p->var].file != TG_BUFFER || st->kind != VC_TYPE_STRUCT ||
	    member >= st->nr_members) {
		tg_fail(t, "TGSI: array length of a non-buffer");
		return;
	}
	stride = vc_type_get(t->m, st->members[member].type)->stride;
	tg_op1(t, "RESQ", size, ".x", mem_resource(t, p));
	tg_op2(t, "UADD", r, ".x", tg_comp(size, 0),
	       tg_imm_u32(t, 0u - (st->members[member].offset + p->offset)));
	tg_op2(t, "UDIV", r, ".x", tg_comp(r, 0), tg_imm_u32(t, stride ? stride : 4));
	tg_set(t, in->dest, tg_comp(r, 0));
}

static void emit_barrier(struct tg *t, const struct vc_instr *in)
{
	/* TGSI_MEMBAR_*: shader buffer 1 (with atomics 2), image 4, shared 8 */
	uint32_t bits = 0;

	if (in->lits[0] & VC_BARRIER_BUFFER)
		bits |= 1 | 2;
	if (in->lits[0] & VC_BARRIER_IMAGE)
		bits |= 4;
	if (in->lits[0] & VC_BARRIER_SHARED)
		bits |= 8;
	/* a tessellation control shader's barrier() is the host's barrier()
	 * alone: its memoryBarrierShared() exists in compute shaders only */
	if (in->op == VC_OP_BARRIER && t->stage == VC_STAGE_TESS_CTRL)
		bits = 0;
	if (bits) {
		char r[96];
		tg_fmt_reg(t, r, sizeof(r), tg_imm_u32(t, bits), false);
		tg_line(t, "MEMBAR %s", r);
	}
	if (in->op == VC_OP_BARRIER && t->stage == VC_STAGE_TESS_CTRL)
		tg_tess_barrier(t);
	if (in->op == VC_OP_BARRIER)
		tg_line(t, "BARRIER");
}

/* EmitVertex: the outputs' shadows go to OUT first (TGSI emits what OUT
 * holds); both name vertex stream 0. */
static void emit_gs_op(struct tg *t, enum vc_op op)
{
	char r[48];

	if (t->stage != VC_STAGE_GEOMETRY) {
		tg_fail(t, "TGSI: EmitVertex/EndPrimitive outside a geometry shader");
		return;
	}
	if (op == VC_OP_EMIT_VERTEX)
		tg_emit_output_copies(t);
	tg_fmt_reg(t, r, sizeof(r), tg_imm_u32(t, 0), false);
	tg_line(t, "%s %s", op == VC_OP_EMIT_VERTEX ? "EMIT" : "ENDPRIM", r);
}

bool tg_emit_mem(struct tg *t, const struct vc_instr *in)
{
	switch (in->op) {
	case VC_OP_ACCESS_CHAIN: resolve(t, in->dest); return true;
	case VC_OP_LOAD: emit_load(t, in); return true;
	case VC_OP_STORE: emit_store(t, in); return true;
	case VC_OP_ATOMIC: emit_atomic(t, in); return true;
	case VC_OP_ARRAY_LENGTH: emit_array_length(t, in); return true;
	case VC_OP_BARRIER: case VC_OP_MEMORY_BARRIER: emit_barrier(t, in); return true;
	case VC_OP_EMIT_VERTEX: case VC_OP_END_PRIMITIVE: emit_gs_op(t, in->op); return true;
	case VC_OP_INTERP_CENTROID: case VC_OP_INTERP_SAMPLE: case VC_OP_INTERP_OFFSET:
		emit_interp(t, in);
		return true;
	default: return false;
	}
}
