/* SPDX-License-Identifier: MIT */
/*
 * Expressions: references to storage (one access chain per use), loads and
 * stores with swizzles, operators on scalars, vectors and matrices,
 * equality of composites, short-circuit logic and ?: as control flow where
 * the skipped side must not run.
 */
#include <stdlib.h>
#include <string.h>

#include "glsl_lower_private.h"

static vc_value_id expr(struct lw *w, const struct glsl_ast_node *n);

static const struct glsl_type *gt(const struct glsl_ast_node *n)
{
	return n->sema->type.type;
}

static enum vc_base ir_base(enum glsl_base b)
{
	return b == GLSL_BASE_BOOL ? VC_BASE_BOOL : b == GLSL_BASE_INT ? VC_BASE_INT :
	       b == GLSL_BASE_UINT ? VC_BASE_UINT : VC_BASE_FLOAT;
}

/* ---- side effects ---------------------------------------------------------------------- */

static bool call_has_side_effects(const struct glsl_ast_node *n)
{
	const struct glsl_sema_expr *x = n->sema;

	if (x->what == GLSL_SX_CALL)
		return true;
	if (x->what == GLSL_SX_BUILTIN && x->u.bi->out_mask)
		return true;
	for (const struct glsl_ast_node *a = n->u.call.args; a; a = a->next)
		if (lw_has_side_effects(a))
			return true;
	return false;
}

/* Whether evaluating n may change state (so it must not run speculatively). */
bool lw_has_side_effects(const struct glsl_ast_node *n)
{
	if (!n || (n->sema && n->sema->value))
		return false;
	switch (n->kind) {
	case GLSL_AST_ASSIGN: case GLSL_AST_POSTFIX: return true;
	case GLSL_AST_UNARY:
		if (n->op == GLSL_TOK_INC || n->op == GLSL_TOK_DEC)
			return true;
		return lw_has_side_effects(n->u.kid[0]);
	case GLSL_AST_BINARY: case GLSL_AST_INDEX:
		return lw_has_side_effects(n->u.kid[0]) || lw_has_side_effects(n->u.kid[1]);
	case GLSL_AST_TERNARY:
		return lw_has_side_effects(n->u.kid[0]) || lw_has_side_effects(n->u.kid[1]) ||
		       lw_has_side_effects(n->u.kid[2]);
	case GLSL_AST_FIELD: return lw_has_side_effects(n->u.field.base);
	case GLSL_AST_CALL: return call_has_side_effects(n);
	case GLSL_AST_METHOD: return lw_has_side_effects(n->u.call.obj);
	default: return false;
	}
}

/* ---- references ------------------------------------------------------------------------ */

static bool is_swizzle(const struct glsl_ast_node *n)
{
	return n->kind == GLSL_AST_FIELD && n->sema->what == GLSL_SX_SWIZZLE;
}

/* Whether n names storage (so that a reference can be made without
 * evaluating anything twice); checked before anything is emitted. */
static bool addressable(const struct glsl_ast_node *n)
{
	switch (n->kind) {
	case GLSL_AST_IDENT: {
		const struct glsl_symbol *s = n->sema->u.var;
		return s && (s->kind == GLSL_SYM_VAR || s->kind == GLSL_SYM_BLOCK_FIELD);
	}
	case GLSL_AST_INDEX:
		return !is_swizzle(n->u.kid[0]) && addressable(n->u.kid[0]);
	case GLSL_AST_FIELD:
		return !is_swizzle(n->u.field.base) && addressable(n->u.field.base);
	default:
		return false;
	}
}

static enum vc_storage ptr_storage(struct lw *w, vc_value_id ptr)
{
	return vc_type_get(w->m, lw_value_type(w, ptr))->storage;
}

static vc_type_id ptr_pointee(struct lw *w, vc_value_id ptr)
{
	return vc_type_get(w->m, lw_value_type(w, ptr))->elem;
}

static void ref_push(struct lw *w, struct lw_ref *r, vc_value_id idx, uint32_t child,
		     const struct glsl_type *gtype, const struct glsl_ast_node *at)
{
	if (r->n == LW_MAX_CHAIN) {
		lw_fail(w, at->loc, "access path too deep");
		return;
	}
	r->idx[r->n++] = idx;
	r->type = vc_type_child(w->m, r->type, child);
	r->gtype = gtype;
}

/* A const variable indexed with a non-constant: a private copy of its value. */
static vc_value_id const_storage(struct lw *w, const struct glsl_symbol *s)
{
	vc_var_id v = lw_var(w, lw_type(w, s->type.type), VC_STORAGE_PRIVATE, s->cname);
	struct lw_sym *e;

	if (!v)
		return 0;
	vc_var_get(w->m, v)->init = lw_const_of(w, s->type.type, s->value);
	e = lw_sym_add(w, s, vc_var_get(w->m, v)->ptr, -1);
	return e ? e->ptr : 0;
}

static bool ref_ident(struct lw *w, const struct glsl_ast_node *n, struct lw_ref *r)
{
	const struct glsl_symbol *s = n->sema->u.var;
	const struct glsl_symbol *key = s->kind == GLSL_SYM_BLOCK_FIELD ? s->block_sym : s;
	struct lw_sym *e = lw_sym_find(w, key);
	/* sema annotates a member of an anonymous block as MEMBER of the
	 * block's symbol (glsl_sema_expr.c ident_field) */
	int32_t member = n->sema->what == GLSL_SX_MEMBER ? (int32_t)n->sema->field :
			 s->kind == GLSL_SYM_BLOCK_FIELD ? (int32_t)s->field : e ? e->member : -1;

	memset(r, 0, sizeof(*r));
	if (!e && s->value)
		r->base = const_storage(w, s);
	else if (e)
		r->base = e->ptr;
	if (!r->base) {
		lw_fail(w, n->loc, "'%s' has no storage", s->cname ? s->cname : "?");
		return false;
	}
	r->type = ptr_pointee(w, r->base);
	r->storage = ptr_storage(w, r->base);
	r->gtype = s->type.type;
	if (member >= 0)
		ref_push(w, r, lw_const_u32(w, VC_BASE_INT, (uint32_t)member), (uint32_t)member,
			 n->sema->type.type, n);
	/* a counter: its first element of its buffer's array (glsl_lower_atomic.c) */
	if (glsl_type_is_atomic(s->type.type) && s->storage == GLSL_STORAGE_UNIFORM)
		ref_push(w, r, lw_counter_index(w, s), 0, s->type.type, n);
	return !w->failed;
}

static vc_value_id index_value(struct lw *w, const struct glsl_ast_node *ix, uint32_t *k,
			       bool *is_const)
{
	*is_const = ix->sema->value != NULL;
	if (*is_const) {
		*k = ix->sema->value[0].u;
		return lw_const_u32(w, VC_BASE_INT, *k);
	}
	*k = 0;
	return lw_expr(w, ix);
}

static bool const_index(struct lw *w, vc_value_id v, uint32_t *k)
{
	const struct vc_value *x = vc_value_get(w->m, v);

	if (x->kind != VC_VALUE_CONST || x->nr_words != 1)
		return false;
	*k = w->m->words[x->first_word];
	return true;
}

/* a * b + c, folded when all are constants (block indices must be) */
static vc_value_id mul_add(struct lw *w, vc_value_id a, uint32_t b, vc_value_id c)
{
	uint32_t ka, kc;

	if (const_index(w, a, &ka) && const_index(w, c, &kc))
		return lw_const_u32(w, VC_BASE_INT, ka * b + kc);
	return lw_op2(w, VC_OP_IADD, w->t_int,
		      lw_op2(w, VC_OP_IMUL, w->t_int, a, lw_const_u32(w, VC_BASE_INT, b)), c);
}

/* An array of arrays of blocks (3.10) is a flat array of blocks
 * (glsl_lower_io.c): the first index starts the one chain index, the
 * others add their rows to it. */
static bool ref_block_row(struct lw *w, const struct glsl_ast_node *n, struct lw_ref *r,
			  const struct glsl_type *bt, vc_value_id idx)
{
	uint32_t row = glsl_type_array_elements(bt->elem);
	vc_value_id zero = lw_const_u32(w, VC_BASE_INT, 0);

	if (!r->n) {
		ref_push(w, r, mul_add(w, idx, row, zero), 0, bt->elem, n);
		return !w->failed;
	}
	r->idx[r->n - 1] = mul_add(w, idx, row, r->idx[r->n - 1]);
	r->gtype = bt->elem;
	return !w->failed;
}

static bool in_block_aoa(const struct glsl_type *bt, const struct lw_ref *r)
{
	return bt->kind == GLSL_KIND_ARRAY && glsl_type_innermost(bt)->kind == GLSL_KIND_BLOCK &&
	       (glsl_type_is_aoa(bt) || r->n);
}

static bool ref_index(struct lw *w, const struct glsl_ast_node *n, struct lw_ref *r)
{
	const struct glsl_type *bt = gt(n->u.kid[0]);
	uint32_t k;
	bool is_const;
	vc_value_id idx;

	if (!lw_ref_of(w, n->u.kid[0], r))
		return false;
	idx = index_value(w, n->u.kid[1], &k, &is_const);
	/* an element of a counter array: further along its buffer's array (a
	 * parameter's array is one pointer, which logical SPIR-V cannot index) */
	if (glsl_type_is_atomic(bt) && !r->n) {
		lw_fail(w, n->loc, "arrays of atomic counters as parameters are not supported");
		return false;
	}
	if (in_block_aoa(bt, r))
		return ref_block_row(w, n, r, bt, idx);
	if (glsl_type_is_atomic(bt)) {
		r->idx[r->n - 1] = lw_op2(w, VC_OP_IADD, w->t_int, r->idx[r->n - 1], idx);
		r->gtype = bt->elem;
		return !w->failed;
	}
	if (bt->kind == GLSL_KIND_VECTOR || bt->kind == GLSL_KIND_SCALAR) {
		if (is_const) {
			r->nswz = 1;
			r->swz[0] = (uint8_t)k;
		} else {
			r->dyn_comp = idx;
		}
		return true;
	}
	ref_push(w, r, idx, k, bt->kind == GLSL_KIND_ARRAY ? bt->elem : glsl_type_column(bt), n);
	return !w->failed;
}

/* Uniform and buffer blocks: types with offsets and strides, bool as uint. */
static bool explicit_storage(enum vc_storage st)
{
	return st == VC_STORAGE_UNIFORM || st == VC_STORAGE_STORAGE;
}

static bool ref_field(struct lw *w, const struct glsl_ast_node *n, struct lw_ref *r)
{
	const struct glsl_sema_expr *x = n->sema;
	const struct glsl_type *bt = gt(n->u.field.base);
	uint32_t f;

	if (!lw_ref_of(w, n->u.field.base, r))
		return false;
	if (x->what == GLSL_SX_SWIZZLE) {
		r->nswz = x->count;
		memcpy(r->swz, x->swizzle, x->count);
		return true;
	}
	/* blocks leave the opaque members out (glsl_type_data_field) */
	f = explicit_storage(r->storage) ? glsl_type_data_field(bt, x->field) : x->field;
	ref_push(w, r, lw_const_u32(w, VC_BASE_INT, f), f, bt->fields[x->field].type, n);
	return !w->failed;
}

bool lw_ref_of(struct lw *w, const struct glsl_ast_node *n, struct lw_ref *r)
{
	int held = lw_ref_struct_sampler(w, n, r);

	if (held)
		return held > 0;
	if (!addressable(n)) {
		lw_fail(w, n->loc, "unsupported assignment target");
		return false;
	}
	switch (n->kind) {
	case GLSL_AST_IDENT: return ref_ident(w, n, r);
	case GLSL_AST_INDEX: return ref_index(w, n, r);
	default: return ref_field(w, n, r);
	}
}

vc_value_id lw_ref_ptr(struct lw *w, const struct lw_ref *r)
{
	vc_value_id srcs[LW_MAX_CHAIN + 1];

	if (!r->n)
		return r->base;
	srcs[0] = r->base;
	memcpy(srcs + 1, r->idx, r->n * sizeof(r->idx[0]));
	return lw_op(w, VC_OP_ACCESS_CHAIN, lw_ptr_type(w, r->type, r->storage), srcs, r->n + 1);
}

/* Values read from explicitly laid-out storage take the plain types (bool
 * instead of uint, arrays and structs without strides and offsets). */
vc_value_id lw_to_plain(struct lw *w, vc_value_id v, const struct glsl_type *t)
{
	vc_type_id from = lw_value_type(w, v), to = lw_type(w, t);
	const struct vc_type *ft = vc_type_get(w->m, from);
	uint32_t n;
	vc_value_id parts[64], *p;

	if (from == to || !to)
		return v;
	if (vc_type_is_leaf(w->m, from)) {
		vc_value_id zero = lw_splat(w, lw_const_u32(w, ft->base, 0), ft->comps);
		return lw_op2(w, VC_OP_INE, to, v, zero);
	}
	n = vc_type_nr_children(w->m, from);
	p = n <= 64 ? parts : calloc(n, sizeof(*p));
	if (!p) {
		w->m->oom = true;
		return 0;
	}
	for (uint32_t i = 0; i < n; i++)
		p[i] = lw_to_plain(w, lw_extract(w, v, i), t->kind == GLSL_KIND_ARRAY ? t->elem :
				   t->kind == GLSL_KIND_MATRIX ? glsl_type_column(t) :
				   t->fields[i].type);
	v = lw_op(w, VC_OP_CONSTRUCT, to, p, n);
	if (p != parts)
		free(p);
	return v;
}

vc_value_id lw_ref_select(struct lw *w, vc_value_id v, const struct lw_ref *r)
{
	if (r->dyn_comp) {
		const struct vc_type *t = vc_type_get(w->m, lw_value_type(w, v));
		return lw_op2(w, VC_OP_EXTRACT_DYN, vc_type_scalar(w->m, t->base), v, r->dyn_comp);
	}
	if (r->nswz)
		return lw_shuffle(w, v, v, r->swz, r->nswz);
	return v;
}

vc_value_id lw_ref_load(struct lw *w, const struct lw_ref *r)
{
	vc_value_id v = lw_load_ptr(w, lw_ref_ptr(w, r));

	if (explicit_storage(r->storage))
		v = lw_to_plain(w, v, r->gtype);
	return lw_ref_select(w, v, r);
}

/* A plain value as the laid-out type `to` of a buffer block: bool as uint,
 * composites rebuilt member by member (their IR types differ in strides
 * and offsets only). */
static vc_value_id to_explicit(struct lw *w, vc_value_id v, vc_type_id to)
{
	vc_type_id from = lw_value_type(w, v);
	const struct vc_type *tt = vc_type_get(w->m, to);
	uint32_t n;
	vc_value_id parts[64];

	if (from == to || !to)
		return v;
	if (vc_type_is_leaf(w->m, to)) {
		vc_value_id one = lw_splat(w, lw_const_u32(w, tt->base, 1), tt->comps);
		vc_value_id zero = lw_splat(w, lw_const_u32(w, tt->base, 0), tt->comps);
		return lw_op3(w, VC_OP_SELECT, to, v, one, zero);
	}
	n = vc_type_nr_children(w->m, to);
	if (n > 64) {
		lw_fail(w, (struct glsl_loc){ 0 }, "a store of more than 64 members to a buffer");
		return 0;
	}
	for (uint32_t i = 0; i < n; i++)
		parts[i] = to_explicit(w, lw_extract(w, v, i), vc_type_child(w->m, to, i));
	return lw_op(w, VC_OP_CONSTRUCT, to, parts, n);
}

/* old with v written over the components r selects */
static vc_value_id merge_comps(struct lw *w, vc_value_id old, vc_value_id v,
			       const struct lw_ref *r)
{
	vc_type_id ty = lw_value_type(w, old);
	unsigned n = vc_type_comps(w->m, ty);
	uint8_t sel[4] = { 0, 1, 2, 3 };
	struct vc_instr *in;

	if (r->dyn_comp)
		return lw_op3(w, VC_OP_INSERT_DYN, ty, old, v, r->dyn_comp);
	if (r->nswz == 1 || n == 1) {
		if (n == 1)
			return v;
		in = vc_build(w->m, w->b, VC_OP_INSERT, ty, (vc_value_id[2]){ old, v }, 2);
		if (!in)
			return 0;
		in->nr_lits = 1;
		in->lits[0] = r->swz[0];
		return in->dest;
	}
	for (unsigned i = 0; i < r->nswz; i++)
		sel[r->swz[i] & 3] = (uint8_t)(n + i);
	return lw_shuffle(w, old, v, sel, n);
}

void lw_ref_store(struct lw *w, const struct lw_ref *r, vc_value_id v)
{
	vc_value_id ptr = lw_ref_ptr(w, r);

	if (r->storage == VC_STORAGE_STORAGE && !r->nswz && !r->dyn_comp)
		v = to_explicit(w, v, r->type);
	else if (r->storage == VC_STORAGE_STORAGE)
		v = to_explicit(w, v, vc_type_vector(w->m, vc_type_get(w->m, r->type)->base,
						     vc_type_comps(w->m, lw_value_type(w, v))));
	if (r->nswz || r->dyn_comp)
		v = merge_comps(w, lw_load_ptr(w, ptr), v, r);
	lw_store(w, ptr, v);
}

/* ---- operators --------------------------------------------------------------------------- */

static vc_value_id one_of(struct lw *w, const struct glsl_type *t)
{
	vc_value_id one = t->base == GLSL_BASE_FLOAT ? lw_const_f(w, 1.0f) :
			  lw_const_u32(w, ir_base(t->base), 1);

	return lw_splat(w, one, t->rows);
}

static enum vc_op arith_op(enum glsl_tok op, enum glsl_base b)
{
	bool f = b == GLSL_BASE_FLOAT, u = b == GLSL_BASE_UINT;

	switch (op) {
	case GLSL_TOK_PLUS: case GLSL_TOK_ADD_ASSIGN: case GLSL_TOK_INC:
		return f ? VC_OP_FADD : VC_OP_IADD;
	case GLSL_TOK_MINUS: case GLSL_TOK_SUB_ASSIGN: case GLSL_TOK_DEC:
		return f ? VC_OP_FSUB : VC_OP_ISUB;
	case GLSL_TOK_STAR: case GLSL_TOK_MUL_ASSIGN: return f ? VC_OP_FMUL : VC_OP_IMUL;
	case GLSL_TOK_SLASH: case GLSL_TOK_DIV_ASSIGN:
		return f ? VC_OP_FDIV : u ? VC_OP_UDIV : VC_OP_IDIV;
	case GLSL_TOK_PERCENT: case GLSL_TOK_MOD_ASSIGN: return u ? VC_OP_UMOD : VC_OP_IMOD;
	case GLSL_TOK_AMP: case GLSL_TOK_AND_ASSIGN: return VC_OP_IAND;
	case GLSL_TOK_BAR: case GLSL_TOK_OR_ASSIGN: return VC_OP_IOR;
	case GLSL_TOK_CARET: case GLSL_TOK_XOR_ASSIGN: return VC_OP_IXOR;
	case GLSL_TOK_LEFT: case GLSL_TOK_LEFT_ASSIGN: return VC_OP_ISHL;
	case GLSL_TOK_RIGHT: case GLSL_TOK_RIGHT_ASSIGN: return u ? VC_OP_USHR : VC_OP_ISHR;
	case GLSL_TOK_LT: return f ? VC_OP_FLT : u ? VC_OP_ULT : VC_OP_ILT;
	case GLSL_TOK_GT: return f ? VC_OP_FGT : u ? VC_OP_UGT : VC_OP_IGT;
	case GLSL_TOK_LE: return f ? VC_OP_FLE : u ? VC_OP_ULE : VC_OP_ILE;
	case GLSL_TOK_GE: return f ? VC_OP_FGE : u ? VC_OP_UGE : VC_OP_IGE;
	default: return VC_OP_COUNT;
	}
}

/* Matrix op matrix / scalar, column by column (+, -, /, and * with a matrix
 * on both sides only through matrixCompMult). */
static vc_value_id per_column(struct lw *w, enum vc_op op, vc_value_id a, const struct glsl_type *ta,
			      vc_value_id b, const struct glsl_type *tb, const struct glsl_type *tr)
{
	vc_value_id cols[4];

	for (unsigned c = 0; c < tr->cols; c++) {
		vc_value_id x = ta->kind == GLSL_KIND_MATRIX ? lw_extract(w, a, c) : lw_splat(w, a, tr->rows);
		vc_value_id y = !b ? 0 : tb->kind == GLSL_KIND_MATRIX ? lw_extract(w, b, c) :
				lw_splat(w, b, tr->rows);
		vc_type_id ct = vc_type_vector(w->m, VC_BASE_FLOAT, tr->rows);
		cols[c] = b ? lw_op2(w, op, ct, x, y) : lw_op1(w, op, ct, x);
	}
	return lw_op(w, VC_OP_CONSTRUCT, lw_type(w, tr), cols, tr->cols);
}

static vc_value_id matrix_arith(struct lw *w, enum vc_op op, vc_value_id a,
				const struct glsl_type *ta, vc_value_id b,
				const struct glsl_type *tb, const struct glsl_type *tr)
{
	bool ma = ta->kind == GLSL_KIND_MATRIX, mb = tb->kind == GLSL_KIND_MATRIX;
	vc_type_id rt = lw_type(w, tr);

	if (op == VC_OP_FMUL) {
		if (ma && mb)
			return lw_op2(w, VC_OP_MAT_TIMES_MAT, rt, a, b);
		if (ma && tb->kind == GLSL_KIND_VECTOR)
			return lw_op2(w, VC_OP_MAT_TIMES_VEC, rt, a, b);
		if (mb && ta->kind == GLSL_KIND_VECTOR)
			return lw_op2(w, VC_OP_VEC_TIMES_MAT, rt, a, b);
		return ma ? lw_op2(w, VC_OP_MAT_TIMES_SCALAR, rt, a, b) :
			    lw_op2(w, VC_OP_MAT_TIMES_SCALAR, rt, b, a);
	}
	return per_column(w, op, a, ta, b, tb, tr);
}

/* a op b with the ES typing rules: scalars broadcast to the other side. */
static vc_value_id arith(struct lw *w, enum glsl_tok tok, vc_value_id a, const struct glsl_type *ta,
			 vc_value_id b, const struct glsl_type *tb, const struct glsl_type *tr)
{
	enum vc_op op = arith_op(tok, ta->base);
	unsigned n = tr->kind == GLSL_KIND_MATRIX ? 0 : tr->rows;
	bool shift = op == VC_OP_ISHL || op == VC_OP_ISHR || op == VC_OP_USHR;

	if (ta->kind == GLSL_KIND_MATRIX || tb->kind == GLSL_KIND_MATRIX)
		return matrix_arith(w, op, a, ta, b, tb, tr);
	if (shift)
		n = ta->rows;
	if (ta->rows < n)
		a = lw_splat(w, a, n);
	if (tb->rows < n || (shift && tb->rows < ta->rows))
		b = lw_splat(w, b, ta->rows);
	return lw_op2(w, op, lw_type(w, tr), a, b);
}

static vc_value_id all_or_any(struct lw *w, vc_value_id v, bool equal)
{
	unsigned n = vc_type_comps(w->m, lw_value_type(w, v));

	if (n <= 1)
		return v;
	return lw_op1(w, equal ? VC_OP_ALL : VC_OP_ANY, w->t_bool, v);
}

static vc_value_id combine(struct lw *w, vc_value_id acc, vc_value_id v, bool equal)
{
	return acc ? lw_op2(w, equal ? VC_OP_LAND : VC_OP_LOR, w->t_bool, acc, v) : v;
}

static vc_value_id compare_child(struct lw *w, vc_value_id a, vc_value_id b, uint32_t i,
				 const struct glsl_type *t, bool equal)
{
	vc_value_id x = lw_extract(w, a, i);
	vc_value_id y = lw_extract(w, b, i);

	return lw_compare_eq(w, x, y, t, equal);
}

/* a == b (or !=) on any type: every component, every element and member. */
vc_value_id lw_compare_eq(struct lw *w, vc_value_id a, vc_value_id b, const struct glsl_type *t,
			  bool equal)
{
	vc_value_id acc = 0;

	if (t->kind == GLSL_KIND_SCALAR || t->kind == GLSL_KIND_VECTOR) {
		enum vc_op op = t->base == GLSL_BASE_FLOAT ? (equal ? VC_OP_FEQ : VC_OP_FNE) :
				t->base == GLSL_BASE_BOOL ? (equal ? VC_OP_LEQ : VC_OP_LNE) :
				(equal ? VC_OP_IEQ : VC_OP_INE);
		return all_or_any(w, lw_op2(w, op, vc_type_vector(w->m, VC_BASE_BOOL, t->rows), a, b),
				  equal);
	}
	if (t->kind == GLSL_KIND_MATRIX) {
		for (unsigned c = 0; c < t->cols; c++)
			acc = combine(w, acc, compare_child(w, a, b, c, glsl_type_column(t), equal), equal);
		return acc;
	}
	if (t->kind == GLSL_KIND_ARRAY) {
		for (uint32_t i = 0; i < t->length; i++)
			acc = combine(w, acc, compare_child(w, a, b, i, t->elem, equal), equal);
	} else {
		for (uint32_t i = 0; i < t->nr_fields; i++)
			acc = combine(w, acc, compare_child(w, a, b, i, t->fields[i].type, equal), equal);
	}
	return acc ? acc : lw_const_u32(w, VC_BASE_BOOL, equal);
}

/* a && b, a || b: b runs only when it decides, if it has side effects. */
static vc_value_id logical(struct lw *w, const struct glsl_ast_node *n)
{
	bool is_and = n->op == GLSL_TOK_AND_AND;
	vc_value_id a = lw_expr(w, n->u.kid[0]), b;
	struct vc_block *saved = w->b;
	struct vc_node *br;
	vc_var_id tmp;

	if (!lw_has_side_effects(n->u.kid[1]))
		return lw_op2(w, is_and ? VC_OP_LAND : VC_OP_LOR, w->t_bool, a, lw_expr(w, n->u.kid[1]));
	tmp = lw_var(w, w->t_bool, VC_STORAGE_FUNCTION, NULL);
	lw_store_var(w, tmp, a);
	br = lw_if(w, a);
	if (!br)
		return 0;
	w->b = is_and ? &br->then_block : &br->else_block;
	b = lw_expr(w, n->u.kid[1]);
	lw_store_var(w, tmp, b);
	w->b = saved;
	return lw_load_var(w, tmp);
}

static vc_value_id binary(struct lw *w, const struct glsl_ast_node *n)
{
	const struct glsl_ast_node *l = n->u.kid[0], *r = n->u.kid[1];
	vc_value_id a, b;

	switch (n->op) {
	case GLSL_TOK_AND_AND: case GLSL_TOK_OR_OR: return logical(w, n);
	case GLSL_TOK_COMMA:
		lw_expr(w, l);
		return lw_expr(w, r);
	default: break;
	}
	a = lw_expr(w, l);
	b = lw_expr(w, r);
	switch (n->op) {
	case GLSL_TOK_EQ: case GLSL_TOK_NE:
		return lw_compare_eq(w, a, b, gt(l), n->op == GLSL_TOK_EQ);
	case GLSL_TOK_XOR_XOR: return lw_op2(w, VC_OP_LNE, w->t_bool, a, b);
	default: return arith(w, (enum glsl_tok)n->op, a, gt(l), b, gt(r), gt(n));
	}
}

static vc_value_id negate(struct lw *w, vc_value_id v, const struct glsl_type *t)
{
	if (t->kind == GLSL_KIND_MATRIX)
		return per_column(w, VC_OP_FNEG, v, t, 0, NULL, t);
	return lw_op1(w, t->base == GLSL_BASE_FLOAT ? VC_OP_FNEG : VC_OP_INEG, lw_type(w, t), v);
}

/* ++x, --x, x++, x-- */
static vc_value_id step(struct lw *w, const struct glsl_ast_node *n, bool post)
{
	const struct glsl_type *t = gt(n);
	struct lw_ref r;
	vc_value_id old, v;

	if (!lw_ref_of(w, n->u.kid[0], &r))
		return 0;
	old = lw_ref_load(w, &r);
	if (t->kind == GLSL_KIND_MATRIX)
		v = per_column(w, n->op == GLSL_TOK_INC ? VC_OP_FADD : VC_OP_FSUB, old, t,
			       lw_const_f(w, 1.0f), glsl_type_float, t);
	else
		v = lw_op2(w, arith_op((enum glsl_tok)n->op, t->base), lw_type(w, t), old, one_of(w, t));
	lw_ref_store(w, &r, v);
	return post ? old : v;
}

static vc_value_id unary(struct lw *w, const struct glsl_ast_node *n)
{
	const struct glsl_type *t = gt(n);
	vc_value_id v;

	if (n->op == GLSL_TOK_INC || n->op == GLSL_TOK_DEC)
		return step(w, n, false);
	v = lw_expr(w, n->u.kid[0]);
	switch (n->op) {
	case GLSL_TOK_MINUS: return negate(w, v, t);
	case GLSL_TOK_BANG: return lw_op1(w, VC_OP_LNOT, lw_type(w, t), v);
	case GLSL_TOK_TILDE: return lw_op1(w, VC_OP_INOT, lw_type(w, t), v);
	default: return v;
	}
}

static vc_value_id assign(struct lw *w, const struct glsl_ast_node *n)
{
	const struct glsl_ast_node *l = n->u.kid[0], *r = n->u.kid[1];
	struct lw_ref ref;
	vc_value_id v;

	if (!lw_ref_of(w, l, &ref))
		return 0;
	v = lw_expr(w, r);
	if (n->op != GLSL_TOK_ASSIGN)
		v = arith(w, glsl_tok_assign_op((enum glsl_tok)n->op), lw_ref_load(w, &ref), gt(l), v, gt(r),
			  gt(l));
	lw_ref_store(w, &ref, v);
	return v;
}

/* c ? a : b - a select when neither side has effects and the type is a
 * scalar or vector, otherwise an if and a temporary. */
static vc_value_id ternary(struct lw *w, const struct glsl_ast_node *n)
{
	const struct glsl_type *t = gt(n);
	vc_value_id c = lw_expr(w, n->u.kid[0]);
	struct vc_block *saved = w->b;
	struct vc_node *br;
	vc_var_id tmp;

	if ((t->kind == GLSL_KIND_SCALAR || t->kind == GLSL_KIND_VECTOR) &&
	    !lw_has_side_effects(n->u.kid[1]) && !lw_has_side_effects(n->u.kid[2])) {
		vc_value_id a = lw_expr(w, n->u.kid[1]), b = lw_expr(w, n->u.kid[2]);
		return lw_op3(w, VC_OP_SELECT, lw_type(w, t), lw_splat(w, c, t->rows), a, b);
	}
	if (t->kind == GLSL_KIND_VOID) {
		tmp = 0;
	} else if (!(tmp = lw_var(w, lw_type(w, t), VC_STORAGE_FUNCTION, NULL))) {
		return 0;
	}
	if (!(br = lw_if(w, c)))
		return 0;
	w->b = &br->then_block;
	c = lw_expr(w, n->u.kid[1]);
	if (tmp)
		lw_store_var(w, tmp, c);
	w->b = &br->else_block;
	c = lw_expr(w, n->u.kid[2]);
	if (tmp)
		lw_store_var(w, tmp, c);
	w->b = saved;
	return tmp ? lw_load_var(w, tmp) : 0;
}

/* ---- selections on values (not storage) ---------------------------------------------------- */

static vc_value_id spill_index(struct lw *w, vc_value_id v, vc_value_id idx)
{
	vc_type_id ty = lw_value_type(w, v);
	vc_var_id tmp = lw_var(w, ty, VC_STORAGE_FUNCTION, NULL);
	vc_value_id ptr;

	if (!tmp)
		return 0;
	lw_store_var(w, tmp, v);
	ptr = lw_op2(w, VC_OP_ACCESS_CHAIN,
		     lw_ptr_type(w, vc_type_child(w->m, ty, 0), VC_STORAGE_FUNCTION),
		     vc_var_get(w->m, tmp)->ptr, idx);
	return lw_load_ptr(w, ptr);
}

static vc_value_id index_rvalue(struct lw *w, const struct glsl_ast_node *n)
{
	const struct glsl_type *bt = gt(n->u.kid[0]);
	vc_value_id base = lw_expr(w, n->u.kid[0]), idx;
	uint32_t k;
	bool is_const;

	idx = index_value(w, n->u.kid[1], &k, &is_const);
	if (is_const)
		return lw_extract(w, base, k);
	if (bt->kind == GLSL_KIND_VECTOR)
		return lw_op2(w, VC_OP_EXTRACT_DYN, lw_type(w, gt(n)), base, idx);
	return spill_index(w, base, idx);
}

static vc_value_id field_rvalue(struct lw *w, const struct glsl_ast_node *n)
{
	const struct glsl_sema_expr *x = n->sema;
	vc_value_id base = lw_expr(w, n->u.field.base);

	if (x->what == GLSL_SX_SWIZZLE) {
		if (gt(n->u.field.base)->kind == GLSL_KIND_SCALAR)
			return lw_splat(w, base, x->count);
		return lw_shuffle(w, base, base, x->swizzle, x->count);
	}
	return lw_extract(w, base, x->field);
}

static vc_value_id load_named(struct lw *w, const struct glsl_ast_node *n)
{
	struct lw_ref r;

	if (addressable(n))
		return lw_ref_of(w, n, &r) ? lw_ref_load(w, &r) : 0;
	return n->kind == GLSL_AST_INDEX ? index_rvalue(w, n) : field_rvalue(w, n);
}

static vc_value_id call(struct lw *w, const struct glsl_ast_node *n)
{
	switch (n->sema->what) {
	case GLSL_SX_CTOR: return lw_ctor(w, n);
	case GLSL_SX_BUILTIN: return lw_builtin_call(w, n);
	case GLSL_SX_CALL: return lw_user_call(w, n);
	default:
		lw_fail(w, n->loc, "unsupported call");
		return 0;
	}
}

/* mediump/lowp results: the SPIR-V writer marks them RelaxedPrecision. */
static vc_value_id with_precision(struct lw *w, vc_value_id v, const struct glsl_ast_node *n)
{
	if (v && w->m->values[v].kind == VC_VALUE_INSTR)
		w->m->values[v].precision = lw_precision(n->sema->type.precision);
	return v;
}

vc_value_id lw_expr(struct lw *w, const struct glsl_ast_node *n)
{
	return with_precision(w, expr(w, n), n);
}

/* `a.length()` of a buffer block's unsized last member (the others are
 * constants): the length of the member the reference ends with. */
static vc_value_id array_length(struct lw *w, const struct glsl_ast_node *n)
{
	struct lw_ref r;
	const struct vc_value *member;
	struct vc_instr *in;

	if (!lw_ref_of(w, n->u.call.obj, &r))
		return 0;
	member = r.n ? vc_value_get(w->m, r.idx[r.n - 1]) : NULL;
	if (!member || member->kind != VC_VALUE_CONST || r.storage != VC_STORAGE_STORAGE) {
		lw_fail(w, n->loc, "length() of an unsized array outside a buffer block");
		return 0;
	}
	r.n--;
	r.type = ptr_pointee(w, r.base);
	for (uint32_t i = 0; i < r.n; i++) {
		const struct vc_value *ix = vc_value_get(w->m, r.idx[i]);
		r.type = vc_type_child(w->m, r.type, ix->kind == VC_VALUE_CONST ?
				       vc_value_words(w->m, r.idx[i])[0] : 0);
	}
	in = vc_build(w->m, w->b, VC_OP_ARRAY_LENGTH, w->t_uint,
		      (vc_value_id[1]){ lw_ref_ptr(w, &r) }, 1);
	if (!in)
		return 0;
	in->nr_lits = 1;
	in->lits[0] = vc_value_words(w->m, r.idx[r.n])[0];
	return lw_op1(w, VC_OP_BITCAST, w->t_int, in->dest);
}

static vc_value_id expr(struct lw *w, const struct glsl_ast_node *n)
{
	if (w->failed || w->m->oom)
		return 0;
	if (w->m->nr_instrs > LW_MAX_INSTRS) {
		lw_fail(w, n->loc, "the shader is too large once its functions are inlined");
		return 0;
	}
	if (n->sema->value && gt(n)->kind != GLSL_KIND_VOID && !lw_has_side_effects(n))
		return lw_const_of(w, gt(n), n->sema->value);
	switch (n->kind) {
	case GLSL_AST_IDENT: case GLSL_AST_INDEX: case GLSL_AST_FIELD: return load_named(w, n);
	case GLSL_AST_UNARY: return unary(w, n);
	case GLSL_AST_POSTFIX: return step(w, n, true);
	case GLSL_AST_BINARY: return binary(w, n);
	case GLSL_AST_ASSIGN: return assign(w, n);
	case GLSL_AST_TERNARY: return ternary(w, n);
	case GLSL_AST_CALL: return call(w, n);
	case GLSL_AST_METHOD: return array_length(w, n);
	default:
		lw_fail(w, n->loc, "unsupported expression (%s)",
			glsl_ast_kind_name((enum glsl_ast_kind)n->kind));
		return 0;
	}
}
