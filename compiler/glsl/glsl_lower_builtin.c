/* SPDX-License-Identifier: MIT */
/*
 * Built-in function calls, by the lowering their row in builtins.def
 * names: an IR op on the arguments, a TEX instruction, or a recipe written
 * here (modf, mix with a bool selector, matrixCompMult).
 */
#include "glsl_builtins_table.h"
#include "glsl_lower_private.h"

#define MAX_ARGS 6

struct bi_args {
	vc_value_id v[MAX_ARGS];
	const struct glsl_type *t[MAX_ARGS];
	struct lw_ref out[MAX_ARGS];  /* `out` parameters */
	unsigned n;
};

/* interpolateAt*: the input itself, by reference (sema made sure it is one) */
static bool by_reference(const struct glsl_bi_fn *bi, unsigned arg)
{
	return arg == 0 && bi->lower == GLSL_BI_LOWER_RECIPE &&
	       (bi->op == GLSL_BI_RECIPE_INTERP_CENTROID || bi->op == GLSL_BI_RECIPE_INTERP_SAMPLE ||
		bi->op == GLSL_BI_RECIPE_INTERP_OFFSET);
}

static bool eval_args(struct lw *w, const struct glsl_ast_node *n, struct bi_args *a)
{
	const struct glsl_bi_fn *bi = n->sema->u.bi;

	a->n = 0;
	for (const struct glsl_ast_node *e = n->u.call.args; e && a->n < MAX_ARGS; e = e->next) {
		a->t[a->n] = e->sema->type.type;
		/* a counter is storage, as an atomic's memory is (glsl_lower_atomic.c) */
		if ((bi->out_mask & (1u << a->n)) || a->t[a->n]->kind == GLSL_KIND_ATOMIC ||
		    by_reference(bi, a->n)) {
			if (!lw_ref_of(w, e, &a->out[a->n]))
				return false;
			a->v[a->n++] = 0;
			continue;
		}
		a->v[a->n++] = lw_expr(w, e);
	}
	return !w->failed;
}

/* Ops whose scalar arguments stay scalar next to a vector result. */
static bool keeps_scalars(enum vc_op op)
{
	return op == VC_OP_FREFRACT || op == VC_OP_UNPACK_SNORM_2X16 || op == VC_OP_IBFE ||
	       op == VC_OP_UBFE || op == VC_OP_BFI ||
	       op == VC_OP_UNPACK_UNORM_2X16 || op == VC_OP_UNPACK_HALF_2X16;
}

static vc_value_id lower_op(struct lw *w, enum vc_op op, const struct glsl_type *rt,
			    struct bi_args *a)
{
	/* mix(vec, vec, float), clamp(vec, float, float), step(float, vec)...:
	 * the IR's component-wise ops get operands of the result's width */
	if (rt->kind == GLSL_KIND_VECTOR && !keeps_scalars(op))
		for (unsigned i = 0; i < a->n; i++)
			if (a->t[i]->kind == GLSL_KIND_SCALAR)
				a->v[i] = lw_splat(w, a->v[i], rt->rows);
	return lw_op(w, op, lw_type(w, rt), a->v, a->n);
}

/* ---- textures ----------------------------------------------------------------------------- */

static vc_value_id image_of(struct lw *w, vc_value_id sampled)
{
	const struct vc_type *t = vc_type_get(w->m, lw_value_type(w, sampled));

	return lw_op1(w, VC_OP_IMAGE_OF, t->elem, sampled);
}

/* textureGather(Offset): coordinate, refZ (shadow) or the component
 * (optional, 0), offset before the component (ES 3.10 §8.9.4). */
static void gather_srcs(struct lw *w, const struct glsl_bi_fn *bi, const struct bi_args *a,
			vc_value_id *src)
{
	unsigned i = 2;

	src[VC_TEX_SRC_COORD] = a->v[1];
	if (a->t[0]->shadow)
		src[VC_TEX_SRC_DREF] = a->v[i++];
	if (bi->tex_flags & GLSL_BI_TEX_OFFSET)
		src[VC_TEX_SRC_OFFSET] = a->v[i++];
	if (!a->t[0]->shadow)
		src[VC_TEX_SRC_COMP] = i < a->n ? a->v[i] : lw_const_u32(w, VC_BASE_INT, 0);
}

static vc_value_id lower_tex(struct lw *w, const struct glsl_bi_fn *bi, const struct glsl_type *rt,
			     const struct bi_args *a)
{
	vc_value_id src[VC_MAX_SRCS] = { 0 };
	enum vc_tex_op op = (enum vc_tex_op)bi->op;
	uint32_t flags = bi->tex_flags & GLSL_BI_TEX_PROJ ? VC_TEX_PROJ : 0;
	unsigned i = 2;
	struct vc_instr *in;

	src[VC_TEX_SRC_HANDLE] = op == VC_TEX_FETCH || op == VC_TEX_SIZE ? image_of(w, a->v[0]) : a->v[0];
	if (op == VC_TEX_GATHER) {
		gather_srcs(w, bi, a, src);
		i = a->n;
	} else if (op == VC_TEX_SIZE) {
		/* textureSize(gsampler2DMS / gsamplerBuffer) has no lod: the size
		 * query without one */
		src[VC_TEX_SRC_LOD] = a->n > 1 ? a->v[1] : 0;
		i = a->n;
	} else {
		src[VC_TEX_SRC_COORD] = a->v[1];
	}
	/* texelFetch(gsamplerBuffer, int) has no level */
	if (op == VC_TEX_SAMPLE_LOD || (op == VC_TEX_FETCH && a->t[0]->dim != GLSL_DIM_BUFFER))
		src[VC_TEX_SRC_LOD] = a->v[i++];
	if (op == VC_TEX_SAMPLE_GRAD) {
		src[VC_TEX_SRC_DDX] = a->v[i++];
		src[VC_TEX_SRC_DDY] = a->v[i++];
	}
	if ((bi->tex_flags & GLSL_BI_TEX_OFFSET) && i < a->n)
		src[VC_TEX_SRC_OFFSET] = a->v[i++];
	if (op == VC_TEX_SAMPLE_BIAS && i < a->n)
		src[VC_TEX_SRC_LOD] = a->v[i++];
	if (a->t[0]->shadow && op != VC_TEX_SIZE && op != VC_TEX_GATHER) {
		/* the reference is the coordinate's last component (before q), or
		 * for a cube map array (whose vec4 is full) an argument of its own */
		unsigned c = a->t[1]->rows - 1 - (flags & VC_TEX_PROJ ? 1 : 0);
		bool own = a->t[0]->dim == GLSL_DIM_CUBE && a->t[0]->arrayed;

		src[VC_TEX_SRC_DREF] = own ? a->v[i++] : lw_extract(w, a->v[1], c);
	}
	/* Only fragment shaders have implicit derivatives: elsewhere GLSL ES
	 * samples with lod 0, and SPIR-V allows ImplicitLod only in Fragment. */
	if (op == VC_TEX_SAMPLE && w->sema->stage != GLSL_STAGE_FRAGMENT) {
		op = VC_TEX_SAMPLE_LOD;
		src[VC_TEX_SRC_LOD] = lw_const_f(w, 0.0f);
	}
	in = vc_build(w->m, w->b, VC_OP_TEX, lw_type(w, rt), src, VC_MAX_SRCS);
	if (!in)
		return 0;
	in->nr_lits = 2;
	in->lits[0] = op;
	in->lits[1] = flags;
	return in->dest;
}

/* ---- recipes ------------------------------------------------------------------------------ */

/* modf(x, out i): i = trunc(x), x - i (the fraction keeps x's sign). */
static vc_value_id recipe_modf(struct lw *w, const struct glsl_type *rt, struct bi_args *a)
{
	vc_type_id ty = lw_type(w, rt);
	vc_value_id ip = lw_op1(w, VC_OP_FTRUNC, ty, a->v[0]);

	lw_ref_store(w, &a->out[1], ip);
	return lw_op2(w, VC_OP_FSUB, ty, a->v[0], ip);
}

static vc_value_id recipe_comp_mult(struct lw *w, const struct glsl_type *rt,
				    const struct bi_args *a)
{
	vc_type_id ct = vc_type_vector(w->m, VC_BASE_FLOAT, rt->rows);
	vc_value_id cols[4];

	for (unsigned c = 0; c < rt->cols; c++) {
		vc_value_id x = lw_extract(w, a->v[0], c);
		vc_value_id y = lw_extract(w, a->v[1], c);
		cols[c] = lw_op2(w, VC_OP_FMUL, ct, x, y);
	}
	return lw_op(w, VC_OP_CONSTRUCT, lw_type(w, rt), cols, rt->cols);
}

/* ---- ES 3.10 memory: atomics and barriers --------------------------------------------------- */

/* atomicOp(mem, data) / atomicCompSwap(mem, compare, data): the IR takes the
 * value before the comparator. */
static vc_value_id lower_atomic(struct lw *w, const struct glsl_bi_fn *bi,
				const struct glsl_type *rt, struct bi_args *a)
{
	vc_value_id srcs[3] = { lw_ref_ptr(w, &a->out[0]), a->v[a->n - 1], a->v[1] };
	struct vc_instr *in;

	if (!srcs[0])
		return 0;
	in = vc_build(w->m, w->b, VC_OP_ATOMIC, lw_type(w, rt), srcs, a->n);
	if (!in)
		return 0;
	in->nr_lits = 1;
	in->lits[0] = bi->op;
	return in->dest;
}

/* imageAtomicOp(image, P, data) / imageAtomicCompSwap(image, P, compare,
 * data): the IR takes the value before the comparator; min and max of
 * unsigned images compare unsigned. */
static vc_value_id lower_image_atomic(struct lw *w, const struct glsl_bi_fn *bi,
				      const struct glsl_type *rt, const struct bi_args *a)
{
	vc_value_id srcs[4] = { a->v[0], a->v[1], a->v[a->n - 1], a->v[2] };
	uint32_t op = bi->op;
	struct vc_instr *in;

	if (rt->base == GLSL_BASE_UINT && (op == VC_ATOMIC_IMIN || op == VC_ATOMIC_IMAX))
		op = op == VC_ATOMIC_IMIN ? VC_ATOMIC_UMIN : VC_ATOMIC_UMAX;
	in = vc_build(w->m, w->b, VC_OP_IMAGE_ATOMIC, lw_type(w, rt), srcs, a->n);
	if (!in)
		return 0;
	in->nr_lits = 1;
	in->lits[0] = op;
	return in->dest;
}

/* The void built-ins that are one instruction: barrier() orders shared
 * memory too (ES 3.10 §8.15); groupMemoryBarrier() is memoryBarrier() at
 * work group scope, which the IR does not tell apart; a geometry shader's
 * EmitVertex() and EndPrimitive() take no literal. */
static const struct {
	uint8_t recipe;
	enum vc_op op;
	uint32_t bits;
} barriers[] = {
	{ GLSL_BI_RECIPE_BARRIER, VC_OP_BARRIER, VC_BARRIER_SHARED },
	{ GLSL_BI_RECIPE_MEMORY_BARRIER, VC_OP_MEMORY_BARRIER,
	  VC_BARRIER_BUFFER | VC_BARRIER_SHARED | VC_BARRIER_IMAGE },
	{ GLSL_BI_RECIPE_GROUP_MEMORY_BARRIER, VC_OP_MEMORY_BARRIER,
	  VC_BARRIER_BUFFER | VC_BARRIER_SHARED | VC_BARRIER_IMAGE },
	{ GLSL_BI_RECIPE_MEMORY_BARRIER_ATOMIC, VC_OP_MEMORY_BARRIER, VC_BARRIER_BUFFER },
	{ GLSL_BI_RECIPE_MEMORY_BARRIER_BUFFER, VC_OP_MEMORY_BARRIER, VC_BARRIER_BUFFER },
	{ GLSL_BI_RECIPE_MEMORY_BARRIER_IMAGE, VC_OP_MEMORY_BARRIER, VC_BARRIER_IMAGE },
	{ GLSL_BI_RECIPE_MEMORY_BARRIER_SHARED, VC_OP_MEMORY_BARRIER, VC_BARRIER_SHARED },
	{ GLSL_BI_RECIPE_EMIT_VERTEX, VC_OP_EMIT_VERTEX, 0 },
	{ GLSL_BI_RECIPE_END_PRIMITIVE, VC_OP_END_PRIMITIVE, 0 },
};

/* 1: a barrier was emitted; 0: the recipe is not a barrier; -1: failed. */
static int lower_barrier(struct lw *w, unsigned recipe)
{
	for (unsigned i = 0; i < sizeof(barriers) / sizeof(barriers[0]); i++) {
		struct vc_instr *in;

		if (barriers[i].recipe != recipe)
			continue;
		in = vc_build(w->m, w->b, barriers[i].op, 0, NULL, 0);
		if (!in)
			return -1;
		in->nr_lits = barriers[i].bits ? 1 : 0;
		in->lits[0] = barriers[i].bits;
		return 1;
	}
	return 0;
}

/* interpolateAtCentroid(v), interpolateAtSample(v, i), interpolateAtOffset(v,
 * o): the whole vector the interpolant reaches is interpolated (SPIR-V's
 * interpolant is a pointer to it), then any component selection applied
 * (the extension refuses one in sema; GLSL ES 3.20 allows it). */
static vc_value_id recipe_interp(struct lw *w, unsigned recipe, const struct bi_args *a)
{
	enum vc_op op = recipe == GLSL_BI_RECIPE_INTERP_CENTROID ? VC_OP_INTERP_CENTROID :
			recipe == GLSL_BI_RECIPE_INTERP_SAMPLE ? VC_OP_INTERP_SAMPLE :
								 VC_OP_INTERP_OFFSET;
	vc_value_id srcs[2] = { lw_ref_ptr(w, &a->out[0]), a->n > 1 ? a->v[1] : 0 };

	if (!srcs[0])
		return 0;
	return lw_ref_select(w, lw_op(w, op, a->out[0].type, srcs, op == VC_OP_INTERP_CENTROID ? 1 : 2),
			     &a->out[0]);
}

static vc_value_id lower_recipe(struct lw *w, const struct glsl_ast_node *n, struct bi_args *a)
{
	const struct glsl_type *rt = n->sema->type.type;
	int barrier = lower_barrier(w, n->sema->u.bi->op);
	vc_value_id r;

	if (barrier)
		return 0;
	if (lw_bits_recipe(w, n->sema->u.bi->op, rt, a->v, a->out, &r))
		return r;
	switch (n->sema->u.bi->op) {
	case GLSL_BI_RECIPE_MODF: return recipe_modf(w, rt, a);
	case GLSL_BI_RECIPE_MIX_BOOL:
		/* mix(x, y, b): y where b is true */
		return lw_op3(w, VC_OP_SELECT, lw_type(w, rt), a->v[2], a->v[1], a->v[0]);
	case GLSL_BI_RECIPE_MATRIX_COMP_MULT: return recipe_comp_mult(w, rt, a);
	case GLSL_BI_RECIPE_INTERP_CENTROID:
	case GLSL_BI_RECIPE_INTERP_SAMPLE:
	case GLSL_BI_RECIPE_INTERP_OFFSET:
		return recipe_interp(w, n->sema->u.bi->op, a);
	case GLSL_BI_RECIPE_ATOMIC_COUNTER_INCREMENT:
	case GLSL_BI_RECIPE_ATOMIC_COUNTER_DECREMENT:
	case GLSL_BI_RECIPE_ATOMIC_COUNTER:
		return lw_counter_op(w, n->sema->u.bi->op, &a->out[0]);
	default:
		lw_fail(w, n->loc, "built-in recipe '%s' is not implemented",
			glsl_bi_recipe_names[n->sema->u.bi->op]);
		return 0;
	}
}

/* textureGatherOffsets (GL_EXT_gpu_shader5): component k of the result is
 * texel i0j0 (w) of the gather at offsets[k] (the extension's §8.9.4). */
static vc_value_id lower_gather_offsets(struct lw *w, const struct glsl_bi_fn *bi,
					const struct glsl_type *rt, struct bi_args *a)
{
	unsigned at = a->t[0]->shadow ? 3 : 2;
	vc_value_id offsets = a->v[at], comps[4];

	for (uint32_t k = 0; k < 4; k++) {
		a->v[at] = lw_extract(w, offsets, k);
		comps[k] = lw_extract(w, lower_tex(w, bi, rt, a), 3);
	}
	return lw_op(w, VC_OP_CONSTRUCT, lw_type(w, rt), comps, 4);
}

vc_value_id lw_builtin_call(struct lw *w, const struct glsl_ast_node *n)
{
	const struct glsl_bi_fn *bi = n->sema->u.bi;
	struct bi_args a;

	if (!eval_args(w, n, &a))
		return 0;
	if (n->sema->count == 4 && bi->lower == GLSL_BI_LOWER_TEX)
		return lower_gather_offsets(w, bi, n->sema->type.type, &a);
	switch (bi->lower) {
	case GLSL_BI_LOWER_OP: return lower_op(w, (enum vc_op)bi->op, n->sema->type.type, &a);
	case GLSL_BI_LOWER_TEX: return lower_tex(w, bi, n->sema->type.type, &a);
	case GLSL_BI_LOWER_ATOMIC: return lower_atomic(w, bi, n->sema->type.type, &a);
	case GLSL_BI_LOWER_IMAGE_ATOMIC: return lower_image_atomic(w, bi, n->sema->type.type, &a);
	default: return lower_recipe(w, n, &a);
	}
}
