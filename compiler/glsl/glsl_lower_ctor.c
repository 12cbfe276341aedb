/* SPDX-License-Identifier: MIT */
/*
 * Constructors and conversions: scalars from anything, vectors and
 * matrices from lists of components, diagonal and resized matrices,
 * structs and arrays from their parts.
 */
#include <stdlib.h>

#include "glsl_lower_private.h"

#define MAX_COMPS 16

static enum vc_base ir_base(enum glsl_base b)
{
	return b == GLSL_BASE_BOOL ? VC_BASE_BOOL : b == GLSL_BASE_INT ? VC_BASE_INT :
	       b == GLSL_BASE_UINT ? VC_BASE_UINT : VC_BASE_FLOAT;
}

static vc_value_id zero_or_one(struct lw *w, enum glsl_base b, bool one, unsigned comps)
{
	vc_value_id s = b == GLSL_BASE_FLOAT ? lw_const_f(w, one ? 1.0f : 0.0f) :
			lw_const_u32(w, ir_base(b), one);

	return lw_splat(w, s, comps);
}

/* v (comps components of base `from`) as base `to`, as constructors convert. */
vc_value_id lw_convert(struct lw *w, vc_value_id v, enum glsl_base from, enum glsl_base to,
		       unsigned comps)
{
	vc_type_id rt = vc_type_vector(w->m, ir_base(to), comps);

	if (from == to)
		return v;
	if (to == GLSL_BASE_BOOL)
		return lw_op2(w, from == GLSL_BASE_FLOAT ? VC_OP_FNE : VC_OP_INE, rt, v,
			      zero_or_one(w, from, false, comps));
	if (from == GLSL_BASE_BOOL)
		return lw_op3(w, VC_OP_SELECT, rt, v, zero_or_one(w, to, true, comps),
			      zero_or_one(w, to, false, comps));
	if (to == GLSL_BASE_FLOAT)
		return lw_op1(w, from == GLSL_BASE_INT ? VC_OP_I2F : VC_OP_U2F, rt, v);
	if (from == GLSL_BASE_FLOAT)
		return lw_op1(w, to == GLSL_BASE_INT ? VC_OP_F2I : VC_OP_F2U, rt, v);
	return lw_op1(w, VC_OP_BITCAST, rt, v);
}

/* Appends the scalar components of v (of type t) to out, converted. */
static void push_comps(struct lw *w, vc_value_id v, const struct glsl_type *t, enum glsl_base to,
		       vc_value_id *out, unsigned *n)
{
	if (t->kind == GLSL_KIND_MATRIX) {
		for (unsigned c = 0; c < t->cols && *n < MAX_COMPS; c++)
			push_comps(w, lw_extract(w, v, c), glsl_type_column(t), to, out, n);
		return;
	}
	if (t->kind == GLSL_KIND_SCALAR) {
		out[(*n)++] = lw_convert(w, v, t->base, to, 1);
		return;
	}
	for (unsigned i = 0; i < t->rows && *n < MAX_COMPS; i++)
		out[(*n)++] = lw_convert(w, lw_extract(w, v, i), t->base, to, 1);
}

static unsigned eval_args(struct lw *w, const struct glsl_ast_node *n, vc_value_id *vals,
			  const struct glsl_type **types, unsigned max)
{
	unsigned k = 0;

	for (const struct glsl_ast_node *a = n->u.call.args; a && k < max; a = a->next, k++) {
		vals[k] = lw_expr(w, a);
		types[k] = a->sema->type.type;
	}
	return k;
}

/* vecN(a, b, ...) whose parts already have the base and add up to N. */
static bool whole_parts(const struct glsl_type *t, const struct glsl_type **types, unsigned nr)
{
	unsigned total = 0;

	for (unsigned i = 0; i < nr; i++) {
		if (types[i]->base != t->base || types[i]->kind == GLSL_KIND_MATRIX)
			return false;
		total += types[i]->rows;
	}
	return total == t->rows;
}

static vc_value_id ctor_vector(struct lw *w, const struct glsl_type *t, vc_value_id *vals,
			       const struct glsl_type **types, unsigned nr)
{
	vc_value_id comps[MAX_COMPS];
	unsigned n = 0;

	if (nr == 1 && types[0]->kind == GLSL_KIND_SCALAR)
		return lw_splat(w, lw_convert(w, vals[0], types[0]->base, t->base, 1), t->rows);
	if (nr == 1 && types[0]->kind == GLSL_KIND_VECTOR && types[0]->rows == t->rows)
		return lw_convert(w, vals[0], types[0]->base, t->base, t->rows);
	if (whole_parts(t, types, nr))
		return lw_op(w, VC_OP_CONSTRUCT, lw_type(w, t), vals, nr);
	for (unsigned i = 0; i < nr && n < t->rows; i++)
		push_comps(w, vals[i], types[i], t->base, comps, &n);
	if (t->kind == GLSL_KIND_SCALAR)
		return comps[0];
	return lw_op(w, VC_OP_CONSTRUCT, lw_type(w, t), comps, t->rows);
}

static vc_value_id column_of(struct lw *w, const struct glsl_type *t, const vc_value_id *comps)
{
	return lw_op(w, VC_OP_CONSTRUCT, vc_type_vector(w->m, VC_BASE_FLOAT, t->rows), comps, t->rows);
}

/* matCxR(s): s on the diagonal, 0 elsewhere. */
static vc_value_id ctor_diagonal(struct lw *w, const struct glsl_type *t, vc_value_id s)
{
	vc_value_id cols[4], comps[4], zero = lw_const_f(w, 0.0f);

	for (unsigned c = 0; c < t->cols; c++) {
		for (unsigned r = 0; r < t->rows; r++)
			comps[r] = r == c ? s : zero;
		cols[c] = column_of(w, t, comps);
	}
	return lw_op(w, VC_OP_CONSTRUCT, lw_type(w, t), cols, t->cols);
}

/* matCxR(m): m's overlap, the identity's elsewhere. */
static vc_value_id ctor_resize(struct lw *w, const struct glsl_type *t, vc_value_id m,
			       const struct glsl_type *mt)
{
	vc_value_id cols[4], comps[4], zero = lw_const_f(w, 0.0f), one = lw_const_f(w, 1.0f);

	for (unsigned c = 0; c < t->cols; c++) {
		vc_value_id col = c < mt->cols ? lw_extract(w, m, c) : 0;

		if (col && t->rows == mt->rows) {
			cols[c] = col;
			continue;
		}
		for (unsigned r = 0; r < t->rows; r++)
			comps[r] = col && r < mt->rows ? lw_extract(w, col, r) : r == c ? one : zero;
		cols[c] = column_of(w, t, comps);
	}
	return lw_op(w, VC_OP_CONSTRUCT, lw_type(w, t), cols, t->cols);
}

static vc_value_id ctor_matrix(struct lw *w, const struct glsl_type *t, vc_value_id *vals,
			       const struct glsl_type **types, unsigned nr)
{
	vc_value_id comps[MAX_COMPS], cols[4];
	unsigned n = 0;

	if (nr == 1 && types[0]->kind == GLSL_KIND_SCALAR)
		return ctor_diagonal(w, t, lw_convert(w, vals[0], types[0]->base, GLSL_BASE_FLOAT, 1));
	if (nr == 1 && types[0]->kind == GLSL_KIND_MATRIX)
		return ctor_resize(w, t, vals[0], types[0]);
	if (nr == t->cols) {
		bool cols_only = true;
		for (unsigned i = 0; i < nr; i++)
			cols_only &= types[i] == glsl_type_column(t);
		if (cols_only)
			return lw_op(w, VC_OP_CONSTRUCT, lw_type(w, t), vals, nr);
	}
	for (unsigned i = 0; i < nr && n < (unsigned)t->cols * t->rows; i++)
		push_comps(w, vals[i], types[i], GLSL_BASE_FLOAT, comps, &n);
	for (unsigned c = 0; c < t->cols; c++)
		cols[c] = column_of(w, t, comps + c * t->rows);
	return lw_op(w, VC_OP_CONSTRUCT, lw_type(w, t), cols, t->cols);
}

vc_value_id lw_ctor(struct lw *w, const struct glsl_ast_node *n)
{
	const struct glsl_type *t = n->sema->type.type;
	const struct glsl_type *types[MAX_COMPS];
	vc_value_id vals[MAX_COMPS];
	unsigned nr;

	if (n->u.call.nargs > MAX_COMPS && t->kind != GLSL_KIND_ARRAY && t->kind != GLSL_KIND_STRUCT) {
		lw_fail(w, n->loc, "too many constructor arguments");
		return 0;
	}
	if (t->kind == GLSL_KIND_ARRAY || t->kind == GLSL_KIND_STRUCT) {
		uint32_t cnt = n->u.call.nargs;
		vc_value_id stack[64], *parts = cnt <= 64 ? stack : calloc(cnt, sizeof(*parts));
		const struct glsl_ast_node *a = n->u.call.args;
		vc_value_id v;

		if (!parts) {
			w->m->oom = true;
			return 0;
		}
		for (uint32_t i = 0; a && i < cnt; a = a->next, i++)
			parts[i] = lw_expr(w, a);
		v = lw_op(w, VC_OP_CONSTRUCT, lw_type(w, t), parts, cnt);
		if (parts != stack)
			free(parts);
		return v;
	}
	nr = eval_args(w, n, vals, types, MAX_COMPS);
	if (!nr || w->failed)
		return 0;
	if (t->kind == GLSL_KIND_MATRIX)
		return ctor_matrix(w, t, vals, types, nr);
	return ctor_vector(w, t, vals, types, nr);
}
