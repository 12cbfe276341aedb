/* SPDX-License-Identifier: MIT */
/*
 * Expressions: names, operators (ES has no implicit conversions, so every
 * operator states exactly which type pairs it takes; with
 * GL_EXT_shader_implicit_conversions the operands are brought to one type
 * first, glsl_sema_convert.c), indexing, fields and swizzles, l-values.
 * Calls and constructors are in glsl_sema_call.c.
 * Recursion follows the tree, whose height the parser bounds.
 */
#include <string.h>

#include "glsl_builtins_table.h"
#include "glsl_sema_private.h"

struct glsl_sema_expr *glsl_sema_annot(struct glsl_sema *s, struct glsl_ast_node *n,
				       const struct glsl_type *t, enum glsl_precision p)
{
	struct glsl_sema_expr *x = glsl_sema_alloc(s, sizeof(*x));

	if (!x)
		return NULL;
	x->type.type = t;
	x->type.precision = glsl_type_takes_precision(t) ? p : GLSL_PREC_NONE;
	n->sema = x;
	return x;
}

bool glsl_sema_is_bool_scalar(const struct glsl_ast_node *n)
{
	return n->sema && n->sema->type.type == glsl_type_bool;
}

static enum glsl_precision max_prec(enum glsl_precision a, enum glsl_precision b)
{
	return a > b ? a : b;
}

static const char *op_name(unsigned op)
{
	return glsl_tok_spelling((enum glsl_tok)op);
}

/* ---- literals and names ---------------------------------------------------- */

static bool literal(struct glsl_sema *s, struct glsl_ast_node *n)
{
	static const struct glsl_type *const types[] = {
		[GLSL_AST_INT] = glsl_type_int, [GLSL_AST_UINT] = glsl_type_uint,
		[GLSL_AST_FLOAT] = glsl_type_float, [GLSL_AST_BOOL] = glsl_type_bool,
	};
	struct glsl_sema_expr *x = glsl_sema_annot(s, n, types[n->kind], GLSL_PREC_NONE);
	union glsl_cval *v = glsl_const_alloc(s, types[n->kind]);

	if (!x || !v)
		return false;
	v->u = n->u.ival;
	x->value = v;
	return true;
}

static void note_builtin_use(struct glsl_sema *s, const struct glsl_bi_var *bi, struct glsl_loc loc)
{
	if (bi->recipe == GLSL_BI_RECIPE_FRAG_COLOR && !s->res->uses_frag_color) {
		s->res->uses_frag_color = true;
		s->frag_color_loc = loc;
	} else if (bi->recipe == GLSL_BI_RECIPE_FRAG_DATA && !s->res->uses_frag_data) {
		s->res->uses_frag_data = true;
		s->frag_data_loc = loc;
	}
}

/* gl_WorkGroupSize is a constant: the local size declared before its use
 * (ES 3.10 §7.1.3). */
static bool workgroup_size(struct glsl_sema *s, struct glsl_symbol *sym)
{
	union glsl_cval *v;

	if (!s->res->has_local_size)
		return true;   /* a plain input: constant expressions reject it */
	v = glsl_const_alloc(s, sym->type.type);
	if (!v)
		return false;
	for (unsigned i = 0; i < 3; i++)
		v[i].u = s->res->local_size[i];
	sym->kind = GLSL_SYM_CONST_BI;
	sym->storage = GLSL_STORAGE_CONST;
	sym->value = v;
	return true;
}

/* gl_in and gl_out take their lengths from the shader's layouts. */
static const struct glsl_type *builtin_type(struct glsl_sema *s, const struct glsl_bi_var *bi)
{
	if (bi->recipe == GLSL_BI_RECIPE_GL_OUT)
		return glsl_sema_tess_block_type(s, bi->type, true);
	if (bi->recipe != GLSL_BI_RECIPE_GL_IN)
		return bi->type;
	return s->stage == GLSL_STAGE_GEOMETRY ? glsl_sema_gl_in_type(s, bi->type)
					       : glsl_sema_tess_block_type(s, bi->type, false);
}

static struct glsl_symbol *builtin_symbol(struct glsl_sema *s, uint32_t name)
{
	const char *text = glsl_sema_name(s, name);
	const struct glsl_bi_var *bi = glsl_builtin_var(text, strlen(text), s->version, s->stage,
								s->bi_exts);
	unsigned row;
	struct glsl_symbol *sym;

	if (!bi)
		return NULL;
	row = (unsigned)(bi - glsl_bi_vars);
	if (s->bi_syms[row])
		return s->bi_syms[row];
	sym = glsl_sema_new_symbol(s, bi->storage == GLSL_BI_STORAGE_CONST ? GLSL_SYM_CONST_BI :
				   GLSL_SYM_VAR, name, (struct glsl_loc){ 0 });
	if (!sym)
		return NULL;
	sym->builtin = bi;
	sym->type.type = builtin_type(s, bi);
	if (!sym->type.type)
		return NULL;
	sym->type.precision = bi->precision;
	sym->read_only = bi->storage != GLSL_BI_STORAGE_OUT;
	sym->storage = bi->storage == GLSL_BI_STORAGE_IN ? GLSL_STORAGE_IN :
		       bi->storage == GLSL_BI_STORAGE_OUT ? GLSL_STORAGE_OUT :
		       bi->storage == GLSL_BI_STORAGE_UNIFORM ? GLSL_STORAGE_UNIFORM :
		       GLSL_STORAGE_CONST;
	if (bi->storage == GLSL_BI_STORAGE_CONST) {
		union glsl_cval *v = glsl_const_alloc(s, bi->type);
		int32_t xyz[3];

		if (!v)
			return NULL;
		glsl_builtin_const_values(bi, &s->opts.limits, xyz);
		for (uint32_t i = 0; i < glsl_type_components(bi->type) && i < 3; i++)
			v[i].i = xyz[i];
		sym->value = v;
	}
	if (bi->builtin == VC_BUILTIN_WORKGROUP_SIZE && !workgroup_size(s, sym))
		return NULL;
	s->bi_syms[row] = sym;
	return sym;
}

/* Built-in variables (gl_...) are found on first use; user names cannot
 * start with gl_, so they never hide one another. */
struct glsl_symbol *glsl_sema_lookup_var(struct glsl_sema *s, uint32_t name)
{
	struct glsl_symbol *sym = glsl_symtab_find(&s->syms, name);

	return sym ? sym : builtin_symbol(s, name);
}

/* GLSL ES 3.10 §4.10: a writeonly buffer block or member is never read
 * (dEQP negative_coverage shader.compile_compute_shader). */
static bool readable(struct glsl_sema *s, struct glsl_loc loc, const char *name, uint32_t memory)
{
	if (!(memory & GLSL_Q_WRITEONLY) || s->no_read)
		return true;
	glsl_sema_error(s, loc, "'%s' is writeonly and cannot be read", name);
	return false;
}

bool glsl_sema_expr_unread(struct glsl_sema *s, struct glsl_ast_node *n, bool unread)
{
	bool saved = s->no_read, ok;

	s->no_read = unread;
	ok = glsl_sema_expr(s, n);
	s->no_read = saved;
	return ok;
}

static bool ident_field(struct glsl_sema *s, struct glsl_ast_node *n, struct glsl_symbol *sym)
{
	const struct glsl_field *f = &sym->block->fields[sym->field];
	struct glsl_sema_expr *x;

	if (!readable(s, n->loc, f->name, sym->block_sym->memory | f->memory))
		return false;
	x = glsl_sema_annot(s, n, f->type, f->precision);
	if (!x)
		return false;
	x->what = GLSL_SX_MEMBER;
	x->field = sym->field;
	x->lvalue = !sym->read_only;
	x->u.var = sym->block_sym;
	sym->block_sym->used = true;
	return true;
}

static bool ident(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_symbol *sym;

	if (n->flags & GLSL_AST_F_BOUND)
		return true;
	sym = glsl_sema_lookup_var(s, n->u.ident);
	if (!sym) {
		if (!glsl_sema_poisoned(s, n->u.ident) &&
		    !glsl_sema_gl_in_early(s, glsl_sema_name(s, n->u.ident), n->loc) &&
		    !glsl_sema_gl_out_early(s, glsl_sema_name(s, n->u.ident), n->loc))
			glsl_sema_error(s, n->loc, "'%s' undeclared", glsl_sema_name(s, n->u.ident));
		return false;
	}
	if (sym->kind == GLSL_SYM_BLOCK_FIELD)
		return ident_field(s, n, sym);
	if (sym->kind != GLSL_SYM_VAR && sym->kind != GLSL_SYM_CONST_BI) {
		glsl_sema_error(s, n->loc, "'%s' is a %s, not a variable", sym->cname,
				sym->kind == GLSL_SYM_TYPE ? "type" : sym->kind == GLSL_SYM_FUNC ?
				"function" : "uniform block name");
		return false;
	}
	if (sym->storage == GLSL_STORAGE_BUFFER && !readable(s, n->loc, sym->cname, sym->memory))
		return false;
	if (!glsl_sema_bind_var(s, n, sym))
		return false;
	if (sym->builtin)
		note_builtin_use(s, sym->builtin, n->loc);
	return true;
}

bool glsl_sema_bind_var(struct glsl_sema *s, struct glsl_ast_node *n, struct glsl_symbol *v)
{
	struct glsl_sema_expr *x = glsl_sema_annot(s, n, v->type.type, v->type.precision);

	if (!x)
		return false;
	x->what = GLSL_SX_VAR;
	x->u.var = v;
	x->value = v->value;
	x->lvalue = !v->read_only;
	v->used = true;
	return true;
}

/* ---- l-values -------------------------------------------------------------- */

static const struct glsl_symbol *root_var(const struct glsl_ast_node *n)
{
	while (n->kind == GLSL_AST_INDEX || n->kind == GLSL_AST_FIELD)
		n = n->kind == GLSL_AST_INDEX ? n->u.kid[0] : n->u.field.base;
	if (n->sema && (n->sema->what == GLSL_SX_VAR || n->sema->what == GLSL_SX_MEMBER))
		return n->sema->u.var;
	return NULL;
}

static void mark_written(struct glsl_ast_node *n)
{
	const struct glsl_symbol *v = root_var(n);

	if (v)
		((struct glsl_symbol *)v)->written = true;
}

bool glsl_sema_lvalue(struct glsl_sema *s, struct glsl_ast_node *n, const char *what)
{
	const struct glsl_symbol *v = root_var(n);
	const struct glsl_type *t = n->sema->type.type;

	if (!n->sema->lvalue) {
		if (v && v->read_only)
			glsl_sema_error(s, n->loc, "%s read-only variable '%s'", what, v->cname);
		else
			glsl_sema_error(s, n->loc, "%s an expression that is not an l-value", what);
		return false;
	}
	if (glsl_type_is_opaque(t)) {
		glsl_sema_error(s, n->loc, "%s a sampler", what);
		return false;
	}
	if (v && v->loop_index && s->opts.appendix_a) {
		glsl_sema_error(s, n->loc, "loop index '%s' cannot be modified in the loop body "
				"(GLSL ES 1.00 Appendix A)", v->cname);
		return false;
	}
	if (!glsl_sema_tess_lvalue(s, n, v))
		return false;
	mark_written(n);
	return true;
}

/* ---- operator typing --------------------------------------------------------- */

static bool is_arith(const struct glsl_type *t)
{
	return glsl_type_is_numeric(t) && t->base != GLSL_BASE_BOOL;
}

static bool mismatch(struct glsl_sema *s, struct glsl_loc loc, unsigned op,
		     const struct glsl_type *a, const struct glsl_type *b)
{
	char ba[64], bb[64];

	if (b)
		glsl_sema_error(s, loc, "operator '%s' does not take %s and %s", op_name(op),
				glsl_sema_tname(a, ba, sizeof(ba)), glsl_sema_tname(b, bb, sizeof(bb)));
	else
		glsl_sema_error(s, loc, "operator '%s' does not take %s", op_name(op),
				glsl_sema_tname(a, ba, sizeof(ba)));
	return false;
}

static const struct glsl_type *mul_type(const struct glsl_type *a, const struct glsl_type *b)
{
	if (a->kind == GLSL_KIND_VECTOR && b->kind == GLSL_KIND_MATRIX)
		return a->rows == b->rows ? glsl_type_vector(GLSL_BASE_FLOAT, b->cols) : NULL;
	if (a->kind == GLSL_KIND_MATRIX && b->kind == GLSL_KIND_VECTOR)
		return a->cols == b->rows ? glsl_type_vector(GLSL_BASE_FLOAT, a->rows) : NULL;
	if (a->kind == GLSL_KIND_MATRIX && b->kind == GLSL_KIND_MATRIX)
		return a->cols == b->rows ? glsl_type_matrix(b->cols, a->rows) : NULL;
	return NULL;
}

/* + - * / and, for integers, % & | ^: same base type, and the shapes
 * the operator allows (scalar with anything, equal vectors, the linear
 * algebra products). */
static const struct glsl_type *arith_type(unsigned op, const struct glsl_type *a,
					  const struct glsl_type *b)
{
	bool int_only = op != GLSL_TOK_PLUS && op != GLSL_TOK_MINUS && op != GLSL_TOK_STAR &&
			op != GLSL_TOK_SLASH;

	if (!is_arith(a) || !is_arith(b) || a->base != b->base)
		return NULL;
	if (int_only && (!glsl_type_is_integer(a) || !glsl_type_is_integer(b)))
		return NULL;
	if (op == GLSL_TOK_STAR && (a->kind == GLSL_KIND_MATRIX || b->kind == GLSL_KIND_MATRIX) &&
	    a->kind != GLSL_KIND_SCALAR && b->kind != GLSL_KIND_SCALAR)
		return mul_type(a, b);
	if (a == b)
		return a;
	if (a->kind == GLSL_KIND_SCALAR)
		return b;
	if (b->kind == GLSL_KIND_SCALAR)
		return a;
	return NULL;
}

static const struct glsl_type *shift_type(const struct glsl_type *a, const struct glsl_type *b)
{
	if (!glsl_type_is_integer(a) || !glsl_type_is_integer(b))
		return NULL;
	if (b->kind == GLSL_KIND_SCALAR || (a->kind == GLSL_KIND_VECTOR && a->rows == b->rows))
		return a;
	return NULL;
}

static bool comparable(const struct glsl_sema *s, const struct glsl_type *t)
{
	if (glsl_type_is_opaque(t) || t->kind == GLSL_KIND_VOID)
		return false;
	if (s->version >= GLSL_ES_300)
		return true;
	if (t->kind == GLSL_KIND_ARRAY)
		return false;
	if (t->kind == GLSL_KIND_STRUCT)
		for (uint32_t i = 0; i < t->nr_fields; i++)
			if (!comparable(s, t->fields[i].type))
				return false;
	return true;
}

/* The operators whose operands implicit conversions bring to one type
 * (GLSL 4.00 §5.9: arithmetic, bitwise, relational, equality; shifts take
 * mixed operands anyway). */
static bool unifies(unsigned op)
{
	switch (op) {
	case GLSL_TOK_PLUS: case GLSL_TOK_MINUS: case GLSL_TOK_STAR: case GLSL_TOK_SLASH:
	case GLSL_TOK_PERCENT: case GLSL_TOK_AMP: case GLSL_TOK_BAR: case GLSL_TOK_CARET:
	case GLSL_TOK_LT: case GLSL_TOK_GT: case GLSL_TOK_LE: case GLSL_TOK_GE:
	case GLSL_TOK_EQ: case GLSL_TOK_NE:
		return true;
	}
	return false;
}

/* The result of a binary operator, NULL when it does not take the types. */
static const struct glsl_type *binary_type(const struct glsl_sema *s, unsigned op,
					   const struct glsl_type *a, const struct glsl_type *b)
{
	switch (op) {
	case GLSL_TOK_PLUS: case GLSL_TOK_MINUS: case GLSL_TOK_STAR: case GLSL_TOK_SLASH:
	case GLSL_TOK_PERCENT: case GLSL_TOK_AMP: case GLSL_TOK_BAR: case GLSL_TOK_CARET:
		return arith_type(op, a, b);
	case GLSL_TOK_LEFT: case GLSL_TOK_RIGHT:
		return shift_type(a, b);
	case GLSL_TOK_LT: case GLSL_TOK_GT: case GLSL_TOK_LE: case GLSL_TOK_GE:
		return a == b && a->kind == GLSL_KIND_SCALAR && is_arith(a) ? glsl_type_bool : NULL;
	case GLSL_TOK_EQ: case GLSL_TOK_NE:
		return glsl_type_equal(a, b) && comparable(s, a) ? glsl_type_bool : NULL;
	case GLSL_TOK_AND_AND: case GLSL_TOK_OR_OR: case GLSL_TOK_XOR_XOR:
		return a == glsl_type_bool && b == glsl_type_bool ? glsl_type_bool : NULL;
	case GLSL_TOK_COMMA:
		return b;
	default:
		return NULL;
	}
}

/* Arrays, samplers and void are no operands of anything but the comma,
 * ==, != (3.00), = (3.00) and ?:. */
static bool plain_operand(const struct glsl_type *t)
{
	return t->kind != GLSL_KIND_ARRAY && t->kind != GLSL_KIND_SAMPLER &&
	       t->kind != GLSL_KIND_VOID;
}

/* ES 3.00 §4.3.3 leaves the sequence operator out of the operators that make
 * constant expressions (so `(1, 2)` cannot size an array or initialise a
 * const); ES 1.00 §5.10 has no such exclusion and Mesa folds it there. */
static bool folds(const struct glsl_sema *s, unsigned op)
{
	return op != GLSL_TOK_COMMA || s->version < GLSL_ES_300;
}

static bool binary(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_ast_node *l = n->u.kid[0], *r = n->u.kid[1];
	const struct glsl_type *a, *b, *t;
	struct glsl_sema_expr *x;

	if (!glsl_sema_expr(s, l) || !glsl_sema_expr(s, r))
		return false;
	if (unifies(n->op)) {
		glsl_sema_unify_operands(s, &n->u.kid[0], &n->u.kid[1]);
		l = n->u.kid[0];
		r = n->u.kid[1];
	}
	a = l->sema->type.type;
	b = r->sema->type.type;
	if (n->op != GLSL_TOK_COMMA && n->op != GLSL_TOK_EQ && n->op != GLSL_TOK_NE &&
	    (!plain_operand(a) || !plain_operand(b)))
		return mismatch(s, n->loc, n->op, a, b);
	t = binary_type(s, n->op, a, b);
	if (!t)
		return mismatch(s, n->loc, n->op, a, b);
	x = glsl_sema_annot(s, n, t, n->op == GLSL_TOK_COMMA ? r->sema->type.precision :
			    max_prec(l->sema->type.precision, r->sema->type.precision));
	if (!x)
		return false;
	if (l->sema->value && r->sema->value && folds(s, n->op))
		x->value = glsl_fold_binary(s, (enum glsl_tok)n->op, t, a, l->sema->value, b,
					    r->sema->value);
	return !s->failed;
}

static bool unary(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_ast_node *o = n->u.kid[0];
	const struct glsl_type *t;
	bool ok;
	struct glsl_sema_expr *x;

	if (!glsl_sema_expr(s, o))
		return false;
	t = o->sema->type.type;
	switch (n->op) {
	case GLSL_TOK_BANG: ok = t == glsl_type_bool; break;
	case GLSL_TOK_TILDE: ok = glsl_type_is_integer(t); break;
	default: ok = is_arith(t); break;
	}
	if (!ok)
		return mismatch(s, n->loc, n->op, t, NULL);
	if ((n->op == GLSL_TOK_INC || n->op == GLSL_TOK_DEC || n->kind == GLSL_AST_POSTFIX) &&
	    !glsl_sema_lvalue(s, o, n->op == GLSL_TOK_INC ? "cannot increment" : "cannot decrement"))
		return false;
	x = glsl_sema_annot(s, n, t, o->sema->type.precision);
	if (!x)
		return false;
	if (o->sema->value && n->kind == GLSL_AST_UNARY && n->op != GLSL_TOK_INC &&
	    n->op != GLSL_TOK_DEC)
		x->value = glsl_fold_unary(s, (enum glsl_tok)n->op, t, o->sema->value);
	return !s->failed;
}

/* `f = i`, `f += i`: the right side converts to the left's type, or for an
 * operator to the left's base in its own shape (`v *= i`). */
static void convert_assigned(struct glsl_sema *s, struct glsl_ast_node *n,
			     const struct glsl_type *a, unsigned bop)
{
	const struct glsl_type *b = n->u.kid[1]->sema->type.type, *to = a;

	if (bop) {
		if (!is_arith(a) || b->kind == GLSL_KIND_MATRIX)
			return;
		to = glsl_type_vector(a->base, b->rows);
	}
	if (to)
		glsl_sema_convert(s, &n->u.kid[1], to);
}

static bool assign(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_ast_node *l = n->u.kid[0], *r = n->u.kid[1];
	const struct glsl_type *a, *b;
	unsigned bop = glsl_tok_assign_op((enum glsl_tok)n->op);

	if (!glsl_sema_expr_unread(s, l, !bop) || !glsl_sema_expr_unread(s, r, false))
		return false;
	a = l->sema->type.type;
	convert_assigned(s, n, a, bop);
	r = n->u.kid[1];
	b = r->sema->type.type;
	if (bop ? !plain_operand(a) || !plain_operand(b) || binary_type(s, bop, a, b) != a :
	    !glsl_type_equal(a, b))
		return mismatch(s, n->loc, n->op, a, b);
	if (a->kind == GLSL_KIND_ARRAY && s->version < GLSL_ES_300) {
		glsl_sema_error(s, n->loc, "cannot assign to a whole array (GLSL ES 1.00)");
		return false;
	}
	if (!glsl_sema_lvalue(s, l, "cannot assign to"))
		return false;
	return glsl_sema_annot(s, n, a, l->sema->type.precision) != NULL;
}

static bool ternary(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_ast_node *c = n->u.kid[0], *a = n->u.kid[1], *b = n->u.kid[2];
	const struct glsl_type *t;
	struct glsl_sema_expr *x;

	if (!glsl_sema_expr(s, c) || !glsl_sema_expr(s, a) || !glsl_sema_expr(s, b))
		return false;
	if (!glsl_sema_is_bool_scalar(c)) {
		glsl_sema_error(s, c->loc, "the condition of '?:' must be a bool");
		return false;
	}
	glsl_sema_unify_operands(s, &n->u.kid[1], &n->u.kid[2]);
	a = n->u.kid[1];
	b = n->u.kid[2];
	t = a->sema->type.type;
	if (!glsl_type_equal(t, b->sema->type.type) || t->kind == GLSL_KIND_SAMPLER ||
	    (t->kind == GLSL_KIND_ARRAY && s->version < GLSL_ES_300))
		return mismatch(s, n->loc, GLSL_TOK_QUESTION, t, b->sema->type.type);
	x = glsl_sema_annot(s, n, t, max_prec(a->sema->type.precision, b->sema->type.precision));
	if (!x)
		return false;
	if (c->sema->value && a->sema->value && b->sema->value)
		x->value = c->sema->value[0].u ? a->sema->value : b->sema->value;
	return true;
}

/* ---- indexing ------------------------------------------------------------------ */

static uint32_t index_limit(const struct glsl_type *t)
{
	switch (t->kind) {
	case GLSL_KIND_ARRAY: return t->length;
	case GLSL_KIND_VECTOR: return t->rows;
	case GLSL_KIND_MATRIX: return t->cols;
	default: return 0;
	}
}

static const struct glsl_type *index_result(const struct glsl_type *t)
{
	return t->kind == GLSL_KIND_ARRAY ? t->elem : glsl_type_column(t);
}

/* Samplers and uniform block instances (3.00) take constant indices only;
 * GL_EXT_gpu_shader5 lets arrays of samplers and of uniform and buffer
 * blocks take dynamically uniform ones; images stay constant-indexed.
 * Arrays of atomic counters (offsets into their buffer) take dynamically
 * uniform indices from ES 3.10 on, without the extension, as Mesa and
 * glslang accept (piglit's glsl-es-3.10 fs-atomic-counter-layout indexes
 * one with a uniform). Uniformity is the application's promise. */
static bool needs_const_index(const struct glsl_sema *s, const struct glsl_ast_node *base)
{
	const struct glsl_type *t = base->sema->type.type;

	if (t->kind != GLSL_KIND_ARRAY || t->elem->kind == GLSL_KIND_ATOMIC)
		return false;
	if (s->gpu_shader5 && (t->elem->kind == GLSL_KIND_BLOCK ||
			       (t->elem->kind == GLSL_KIND_SAMPLER && !t->elem->image)))
		return false;
	if (t->elem->kind == GLSL_KIND_BLOCK)
		return true;
	return glsl_type_is_opaque(t->elem) && s->version >= GLSL_ES_300;
}

/* ES 1.00 Appendix A §5, when enforced: arrays of samplers (or of structs
 * holding them), and uniforms in a fragment shader, are indexed only by
 * constant-index-expressions. Everything else must work with any index. */
static bool needs_const_index_expr(const struct glsl_sema *s, const struct glsl_ast_node *base)
{
	const struct glsl_type *t = base->sema->type.type;
	const struct glsl_symbol *v = root_var(base);

	if (!s->opts.appendix_a || s->version >= GLSL_ES_300 || t->kind != GLSL_KIND_ARRAY)
		return false;
	if (glsl_type_is_opaque(t->elem))
		return true;
	return s->stage == GLSL_STAGE_FRAGMENT && v && v->storage == GLSL_STORAGE_UNIFORM;
}

/* Appendix A's constant-index-expression: constant expressions, loop
 * indices, and expressions built from both with operators, constructors
 * and built-in functions (not user functions, which could have effects).
 * Recursion is bounded by the parser's expression depth. */
static bool const_index_expr(const struct glsl_ast_node *n)
{
	if (n->sema && n->sema->value)
		return true;
	switch (n->kind) {
	case GLSL_AST_IDENT:
		return n->sema->what == GLSL_SX_VAR && n->sema->u.var->loop_index;
	case GLSL_AST_UNARY: case GLSL_AST_BINARY: case GLSL_AST_TERNARY: case GLSL_AST_INDEX:
		if (n->kind == GLSL_AST_UNARY && (n->op == GLSL_TOK_INC || n->op == GLSL_TOK_DEC))
			return false;
		for (unsigned i = 0; i < 3 && n->u.kid[i]; i++)
			if (!const_index_expr(n->u.kid[i]))
				return false;
		return true;
	case GLSL_AST_FIELD:
		return const_index_expr(n->u.field.base);
	case GLSL_AST_CALL:
		if (n->sema->what != GLSL_SX_BUILTIN && n->sema->what != GLSL_SX_CTOR)
			return false;
		for (const struct glsl_ast_node *a = n->u.call.args; a; a = a->next)
			if (!const_index_expr(a))
				return false;
		return true;
	default:
		return false;
	}
}

static bool check_index(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_ast_node *base = n->u.kid[0], *ix = n->u.kid[1];
	const struct glsl_type *it = ix->sema->type.type;
	uint32_t limit = index_limit(base->sema->type.type);

	if (it != glsl_type_int && it != glsl_type_uint) {
		glsl_sema_error(s, ix->loc, "an index must be an int or uint scalar");
		return false;
	}
	if (!ix->sema->value) {
		if (needs_const_index(s, base)) {
			glsl_sema_error(s, ix->loc, "this array can only be indexed with a constant expression");
			return false;
		}
		if (needs_const_index_expr(s, base) && !const_index_expr(ix)) {
			glsl_sema_error(s, ix->loc, "this array can only be indexed with a "
					"constant-index-expression (GLSL ES 1.00 Appendix A)");
			return false;
		}
		return true;
	}
	if ((it == glsl_type_int && ix->sema->value->i < 0) ||
	    (limit && ix->sema->value->u >= limit)) {
		glsl_sema_error(s, ix->loc, "index %d out of range [0, %u)", ix->sema->value->i,
				limit);
		return false;
	}
	return true;
}

static const union glsl_cval *fold_index(struct glsl_sema *s, const struct glsl_type *base,
					 const union glsl_cval *v, uint32_t i)
{
	const struct glsl_type *et = index_result(base);

	(void)s;
	return v + (size_t)i * glsl_type_components(et);
}

static bool index_expr(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_ast_node *base = n->u.kid[0], *ix = n->u.kid[1];
	const struct glsl_type *t;
	struct glsl_sema_expr *x;

	if (!glsl_sema_expr(s, base) || !glsl_sema_expr_unread(s, ix, false))
		return false;
	t = base->sema->type.type;
	if (!index_limit(t) && t->kind != GLSL_KIND_ARRAY) {
		char b[64];

		glsl_sema_error(s, n->loc, "%s cannot be indexed", glsl_sema_tname(t, b, sizeof(b)));
		return false;
	}
	if (!check_index(s, n) || !glsl_sema_tess_gl_out_index(s, n))
		return false;
	glsl_sema_clip_index(s, n);
	x = glsl_sema_annot(s, n, index_result(t), base->sema->type.precision);
	if (!x)
		return false;
	x->lvalue = base->sema->lvalue;
	if (base->sema->value && ix->sema->value)
		x->value = fold_index(s, t, base->sema->value, ix->sema->value->u);
	return true;
}

/* ---- fields and swizzles ---------------------------------------------------------- */

static int swizzle_comp(char c, int *set)
{
	static const char *const sets[3] = { "xyzw", "rgba", "stpq" };

	for (int k = 0; k < 3; k++) {
		const char *p = strchr(sets[k], c);

		if (c && p) {
			if (*set >= 0 && *set != k)
				return -2;
			*set = k;
			return (int)(p - sets[k]);
		}
	}
	return -1;
}

static bool swizzle(struct glsl_sema *s, struct glsl_ast_node *n, const struct glsl_type *t,
		    const char *name)
{
	size_t len = strlen(name);
	uint8_t comp[4];
	unsigned seen = 0;
	bool dup = false;
	int set = -1;
	struct glsl_sema_expr *x;

	if (len > 4) {
		glsl_sema_error(s, n->loc, "swizzle '%s' has more than four components", name);
		return false;
	}
	for (size_t i = 0; i < len; i++) {
		int c = swizzle_comp(name[i], &set);

		if (c < 0 || (unsigned)c >= t->rows) {
			glsl_sema_error(s, n->loc, c == -2 ? "swizzle '%s' mixes component sets" :
					"invalid swizzle '%s' for %s", name, t->name);
			return false;
		}
		comp[i] = (uint8_t)c;
		dup |= (seen >> c) & 1;
		seen |= 1u << c;
	}
	x = glsl_sema_annot(s, n, glsl_type_vector(t->base, (unsigned)len),
			    n->u.field.base->sema->type.precision);
	if (!x)
		return false;
	x->what = GLSL_SX_SWIZZLE;
	x->count = (uint8_t)len;
	memcpy(x->swizzle, comp, len);
	x->lvalue = n->u.field.base->sema->lvalue && !dup;
	if (n->u.field.base->sema->value) {
		union glsl_cval *v = glsl_const_alloc(s, x->type.type);

		if (!v)
			return false;
		for (size_t i = 0; i < len; i++)
			v[i] = n->u.field.base->sema->value[comp[i]];
		x->value = v;
	}
	return true;
}

static const union glsl_cval *member_value(const struct glsl_type *t, const union glsl_cval *v,
					   uint32_t field)
{
	for (uint32_t i = 0; i < field; i++)
		v += glsl_type_components(t->fields[i].type);
	return v;
}

static bool member(struct glsl_sema *s, struct glsl_ast_node *n, const struct glsl_type *t,
		   const char *name)
{
	const struct glsl_ast_node *base = n->u.field.base;
	struct glsl_sema_expr *x;
	uint32_t i;

	for (i = 0; i < t->nr_fields && strcmp(t->fields[i].name, name); i++)
		;
	if (i < t->nr_fields && !readable(s, n->loc, name, t->fields[i].memory))
		return false;
	if (i == t->nr_fields) {
		glsl_sema_error(s, n->loc, "'%s' has no member '%s'", t->name, name);
		return false;
	}
	x = glsl_sema_annot(s, n, t->fields[i].type, t->fields[i].precision ?
			    t->fields[i].precision : base->sema->type.precision);
	if (!x)
		return false;
	x->what = GLSL_SX_MEMBER;
	x->field = i;
	x->lvalue = base->sema->lvalue && !(t->fields[i].memory & GLSL_Q_READONLY);
	if (base->sema->value)
		x->value = member_value(t, base->sema->value, i);
	return true;
}

static bool field(struct glsl_sema *s, struct glsl_ast_node *n)
{
	const struct glsl_type *t;
	const char *name = glsl_sema_name(s, n->u.field.name);
	char b[64];
	int io = glsl_sema_io_field(s, n);

	if (io >= 0)
		return io;
	if (!glsl_sema_expr(s, n->u.field.base))
		return false;
	t = n->u.field.base->sema->type.type;
	if (t->kind == GLSL_KIND_VECTOR)
		return swizzle(s, n, t, name);
	if (t->kind == GLSL_KIND_STRUCT || t->kind == GLSL_KIND_BLOCK)
		return member(s, n, t, name);
	glsl_sema_error(s, n->loc, "%s has no fields ('.%s')", glsl_sema_tname(t, b, sizeof(b)),
			name);
	return false;
}

/* ---- dispatch ------------------------------------------------------------------ */

static bool expr(struct glsl_sema *s, struct glsl_ast_node *n)
{
	switch (n->kind) {
	case GLSL_AST_INT: case GLSL_AST_UINT: case GLSL_AST_FLOAT: case GLSL_AST_BOOL:
		return literal(s, n);
	case GLSL_AST_IDENT: return ident(s, n);
	case GLSL_AST_UNARY: case GLSL_AST_POSTFIX: return unary(s, n);
	case GLSL_AST_BINARY: return binary(s, n);
	case GLSL_AST_ASSIGN: return assign(s, n);
	case GLSL_AST_TERNARY: return ternary(s, n);
	case GLSL_AST_INDEX: return index_expr(s, n);
	case GLSL_AST_FIELD: return field(s, n);
	case GLSL_AST_CALL: return glsl_sema_call(s, n);
	case GLSL_AST_METHOD: return glsl_sema_method(s, n);
	default:
		glsl_sema_error(s, n->loc, "expected an expression");
		return false;
	}
}

bool glsl_sema_expr(struct glsl_sema *s, struct glsl_ast_node *n)
{
	if (s->failed)
		return false;
	return expr(s, n) && !s->failed;
}
