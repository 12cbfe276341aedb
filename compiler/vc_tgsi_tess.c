/* SPDX-License-Identifier: MIT */
/*
 * The tessellation stages in TGSI (TESS_CTRL, TESS_EVAL), as virglrenderer
 * reads them (vrend_shader.c):
 *  - per-vertex inputs are 2D like a geometry shader's (IN[vertex][n]);
 *  - a control shader's per-vertex output is written by its own invocation
 *    only (the host writes every OUT of a TESS_CTRL shader at
 *    [gl_InvocationID], whatever vertex the instruction names), so its
 *    shadow holds one vertex: the access chain's vertex index is dropped;
 *    barrier() writes the shadows to OUT first, so that a read at another
 *    vertex than gl_InvocationID reads OUT[vertex][n] (virglrenderer's
 *    name[vertex]; not gl_out[], whose built-ins it reads only as its own);
 *  - per-patch outputs (PATCH[n], TESSOUTER, TESSINNER) are shared by the
 *    patch's invocations: each store goes to OUT at once, so that an
 *    invocation that never wrote one does not overwrite it at its end;
 *  - TESSOUTER / TESSINNER are one register whose channels are the array's
 *    elements (the host maps a one-channel write to gl_TessLevelOuter[c]);
 *    in an evaluation shader they are system values, as are TESSCOORD,
 *    VERTICESIN and PRIMID.
 */
#include <stdio.h>

#include "vc_tgsi_private.h"

static const char *const chans[] = { ".x", ".y", ".z", ".w" };

static bool is_tess(const struct tg *t)
{
	return t->stage == VC_STAGE_TESS_CTRL || t->stage == VC_STAGE_TESS_EVAL;
}

static bool is_tess_level(enum vc_builtin b)
{
	return b == VC_BUILTIN_TESS_LEVEL_OUTER || b == VC_BUILTIN_TESS_LEVEL_INNER;
}

bool tg_tess_per_vertex_output(const struct tg *t, vc_var_id id)
{
	const struct vc_var *v = vc_var_get(t->m, id);

	return t->stage == VC_STAGE_TESS_CTRL && v->storage == VC_STORAGE_OUTPUT &&
	       !v->builtin && !(v->flags & VC_VAR_PATCH) &&
	       vc_type_get(t->m, v->type)->kind == VC_TYPE_ARRAY;
}

bool tg_tess_position_output(const struct tg *t, vc_var_id id)
{
	const struct vc_type *a, *e;

	if (!tg_tess_per_vertex_output(t, id))
		return false;
	a = vc_type_get(t->m, vc_var_get(t->m, id)->type);
	e = vc_type_get(t->m, a->elem);
	return e->kind == VC_TYPE_STRUCT && e->nr_members &&
	       e->members[0].builtin == VC_BUILTIN_POSITION;
}

bool tg_tess_per_vertex_input(const struct tg *t, const struct vc_var *v)
{
	return is_tess(t) && !v->builtin && !(v->flags & VC_VAR_PATCH);
}

void tg_tess_properties(struct tg *t, struct tg_buf *b)
{
	/* gallium's PIPE_PRIM_* and PIPE_TESS_SPACING_* numbers */
	static const unsigned spacing[] = {
		[VC_TESS_EQUAL] = 2, [VC_TESS_FRACTIONAL_EVEN] = 1, [VC_TESS_FRACTIONAL_ODD] = 0,
	};
	const struct vc_tess *ts = &t->m->tess;

	if (t->stage == VC_STAGE_TESS_CTRL) {
		tg_printf(b, &t->failed, "PROPERTY TCS_VERTICES_OUT %u\n", ts->vertices);
		return;
	}
	tg_printf(b, &t->failed, "PROPERTY TES_PRIM_MODE %u\n",
		  ts->domain == VC_TESS_QUADS ? 7u : ts->domain == VC_PRIM_LINES ? 1u : 4u);
	tg_printf(b, &t->failed, "PROPERTY TES_SPACING %u\n", spacing[ts->spacing]);
	tg_printf(b, &t->failed, "PROPERTY TES_VERTEX_ORDER_CW %u\n", ts->cw ? 1u : 0u);
	tg_printf(b, &t->failed, "PROPERTY TES_POINT_MODE %u\n", ts->point_mode ? 1u : 0u);
}

/* The evaluation shader's built-in inputs, and the system values of both
 * stages; false for the others. */
bool tg_tess_declare_sv(struct tg *t, struct tg_var *tv, const struct vc_var *v)
{
	static const struct { enum vc_builtin b; const char *name; unsigned comps; } svs[] = {
		{ VC_BUILTIN_TESS_LEVEL_OUTER, "TESSOUTER", 4 },
		{ VC_BUILTIN_TESS_LEVEL_INNER, "TESSINNER", 4 },
		{ VC_BUILTIN_TESS_COORD, "TESSCOORD", 3 },
		{ VC_BUILTIN_PATCH_VERTICES, "VERTICESIN", 1 },
		{ VC_BUILTIN_PRIMITIVE_ID, "PRIM_ID", 1 },
	};

	if (!is_tess(t))
		return false;
	for (size_t i = 0; i < sizeof(svs) / sizeof(svs[0]); i++) {
		if (svs[i].b != v->builtin)
			continue;
		tv->file = TG_SV;
		tv->base = tg_sv(t, svs[i].name, svs[i].comps).index;
		tv->packed = is_tess_level(v->builtin);
		return true;
	}
	return false;
}

/* An evaluation shader's `patch in`: IN[n], PATCH[location + leaf], the
 * first n in *first (the caller reads them there, or copies them to the
 * variable's TEMP array when it is indexed dynamically). */
bool tg_tess_declare_patch_input(struct tg *t, const struct vc_var *v, uint32_t leaves,
				 int32_t *first)
{
	if (t->stage != VC_STAGE_TESS_EVAL || !(v->flags & VC_VAR_PATCH))
		return false;
	*first = (int32_t)t->nr_in;
	if (v->location < 0 || v->location + leaves > 32) {
		tg_fail(t, "TGSI: patch input %s without a usable location", v->name ? v->name : "");
		return true;
	}
	for (uint32_t i = 0; i < leaves; i++)
		tg_decl(t, "DCL IN[%u], PATCH[%u]", t->nr_in++, v->location + i);
	return true;
}

/* A control shader's per-patch output: OUT[n], PATCH[location + leaf], or
 * the tessellation levels' one register. */
bool tg_tess_declare_patch_output(struct tg *t, struct tg_var *tv, const struct vc_var *v,
				  uint32_t leaves)
{
	if (t->stage != VC_STAGE_TESS_CTRL ||
	    !(is_tess_level(v->builtin) || (v->flags & VC_VAR_PATCH)))
		return false;
	tv->patch = true;
	if (is_tess_level(v->builtin)) {
		tv->packed = true;
		tg_decl(t, "DCL OUT[%u], %s", t->nr_out++,
			v->builtin == VC_BUILTIN_TESS_LEVEL_OUTER ? "TESSOUTER" : "TESSINNER");
		return true;
	}
	if (v->location < 0 || v->location + leaves > 32) {
		tg_fail(t, "TGSI: patch output %s without a usable location", v->name ? v->name : "");
		return true;
	}
	for (uint32_t i = 0; i < leaves; i++)
		tg_decl(t, "DCL OUT[%u], PATCH[%u]", t->nr_out++, v->location + i);
	return true;
}

/* Leaf `leaf` of an output from its shadow to OUT. */
void tg_tess_copy_leaf(struct tg *t, const struct tg_var *tv, uint32_t leaf)
{
	struct tg_reg src = { .file = TG_TEMP, .index = tv->base + (int32_t)leaf, .dim = -1,
			      .swz = { 0, 1, 2, 3 } };
	struct tg_reg dst = { .file = TG_OUT, .index = tv->out_index + (int32_t)leaf, .dim = -1,
			      .swz = { 0, 1, 2, 3 } };

	if (!tv->packed) {
		tg_op1(t, "MOV", dst, "", src);
		return;
	}
	dst.index = tv->out_index;
	tg_op1(t, "MOV", dst, chans[leaf & 3], tg_comp(src, 0));
}

/* After a store to a per-patch output's shadow: the leaves it wrote (all
 * of them when the index is dynamic) go to OUT now. */
void tg_tess_store_done(struct tg *t, const struct tg_ptr *p, uint32_t n)
{
	const struct tg_var *tv = &t->vars[p->var];
	uint32_t all = vc_type_leaves(t->m, vc_var_get(t->m, p->var)->type);
	uint32_t first = p->nr_dyn ? 0 : p->offset, end = p->nr_dyn ? all : p->offset + n;

	if (!tv->patch)
		return;
	for (uint32_t i = first; i < end && i < all; i++)
		tg_tess_copy_leaf(t, tv, i);
}

/* Whether `v` is a load of gl_InvocationID. */
static bool is_invocation_id(struct tg *t, vc_value_id v)
{
	const struct vc_value *val = vc_value_get(t->m, v);
	const struct vc_value *src;

	if (val->kind != VC_VALUE_INSTR || val->def->op != VC_OP_LOAD)
		return false;
	src = vc_value_get(t->m, val->def->srcs[0]);
	return src->kind == VC_VALUE_VAR &&
	       vc_var_get(t->m, src->var)->builtin == VC_BUILTIN_INVOCATION_ID;
}

bool tg_tess_other_vertex(struct tg *t, const struct tg_ptr *p)
{
	return t->stage == VC_STAGE_TESS_CTRL && p->vertex && !is_invocation_id(t, p->vertex);
}

/* OUT[vertex][n]: a constant vertex, or ADDR[1] (the host takes the
 * dimension's address register alone). */
static struct tg_reg vertex_out(struct tg *t, const struct tg_var *tv, vc_value_id vertex,
				uint32_t leaf)
{
	struct tg_reg r = { .file = TG_OUT, .index = tv->out_index + (int32_t)leaf, .dim = 0,
			    .swz = { 0, 1, 2, 3 } };
	uint32_t c;

	if (tg_value_is_const(t, vertex, &c)) {
		r.dim = (int32_t)c;
		return r;
	}
	tg_load_addr_n(t, 1, tg_comp(tg_src(t, vertex), 0));
	r.dim_indirect = true;
	return r;
}

void tg_tess_load_other_vertex(struct tg *t, const struct tg_ptr *p, vc_value_id dest)
{
	const struct tg_var *tv = &t->vars[p->var];
	uint32_t n = vc_type_leaves(t->m, p->type);
	struct tg_reg slots[16];

	if (tg_tess_position_output(t, p->var) || p->nr_dyn || p->dyn_comp || n > 16 ||
	    p->offset + n > tv->in_leaves) {
		tg_fail(t, "TGSI: this read of another invocation's output is not supported");
		return;
	}
	/* the index may still name the invocation's own vertex (gl_InvocationID
	 * computed): its stores since the last barrier() go to OUT first */
	for (uint32_t i = 0; t->written[p->var] && i < tv->in_leaves; i++)
		tg_tess_copy_leaf(t, tv, i);
	for (uint32_t i = 0; i < n; i++) {
		struct tg_reg r = vertex_out(t, tv, p->vertex, p->offset + i);

		slots[i] = tg_temp(t);
		tg_op1(t, "MOV", slots[i], "", p->comp >= 0 ? tg_comp(r, (unsigned)p->comp) : r);
		if (p->comp >= 0)
			slots[i] = tg_comp(slots[i], 0);
	}
	tg_set_slots(t, dest, slots, n);
}

/* Other invocations may read the per-vertex outputs after barrier(). */
void tg_tess_barrier(struct tg *t)
{
	for (vc_var_id id = 1; id < t->m->nr_vars; id++) {
		const struct tg_var *tv = &t->vars[id];

		if (!tg_tess_per_vertex_output(t, id) || tv->file != TG_OUT || !t->written[id])
			continue;
		for (uint32_t i = 0; i < tv->in_leaves; i++)
			tg_tess_copy_leaf(t, tv, i);
	}
}

/* A per-patch output read at a constant index: OUT, which every store
 * reaches at once, so that a value another invocation wrote before a
 * barrier() is seen (the shadow holds the invocation's own stores). */
bool tg_tess_patch_out_read(const struct tg *t, const struct tg_ptr *p)
{
	const struct tg_var *tv = &t->vars[p->var];

	return t->stage == VC_STAGE_TESS_CTRL && tv->patch && !tv->packed && !p->nr_dyn &&
	       !p->dyn_comp;
}

void tg_tess_load_patch_out(struct tg *t, const struct tg_ptr *p, vc_value_id dest)
{
	const struct tg_var *tv = &t->vars[p->var];
	uint32_t n = vc_type_leaves(t->m, p->type);
	struct tg_reg slots[16];

	if (n > 16) {
		tg_fail(t, "TGSI: a per-patch output read of more than 16 locations");
		return;
	}
	for (uint32_t i = 0; i < n; i++) {
		struct tg_reg r = { .file = TG_OUT, .index = tv->out_index + (int32_t)(p->offset + i),
				    .dim = -1, .swz = { 0, 1, 2, 3 } };

		slots[i] = tg_temp(t);
		tg_op1(t, "MOV", slots[i], "", p->comp >= 0 ? tg_comp(r, (unsigned)p->comp) : r);
		if (p->comp >= 0)
			slots[i] = tg_comp(slots[i], 0);
	}
	tg_set_slots(t, dest, slots, n);
}
