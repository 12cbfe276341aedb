/* SPDX-License-Identifier: MIT */
/*
 * Statements and function bodies: scopes (loop bodies share the scope of
 * the loop's init and condition; a function body shares its parameters'
 * scope in ES 3.00 but nests inside it in ES 1.00, as dEQP's scoping tests
 * require), conditions, switch labels, return types, discard, and the
 * recursion check on the call graph. Recursion follows the statement
 * nesting, which the parser bounds.
 */
#include <string.h>

#include "glsl_sema_private.h"

static bool stmt(struct glsl_sema *s, struct glsl_ast_node *n);

static bool fail(struct glsl_sema *s, struct glsl_loc loc, const char *msg)
{
	glsl_sema_error(s, loc, "%s", msg);
	return false;
}

/* A failed statement is abandoned; the list goes on with the next one
 * (glsl_sema_recover), so one compile reports several errors. */
static bool stmt_list(struct glsl_sema *s, struct glsl_ast_node *n)
{
	for (; n; n = n->next) {
		if (stmt(s, n))
			continue;
		glsl_sema_poison(s, n);
		if (!glsl_sema_recover(s))
			return false;
	}
	return true;
}

static bool scoped(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_scope_mark m;
	bool ok;

	if (!n)
		return true;
	m = glsl_sema_push(s);
	ok = n->kind == GLSL_AST_COMPOUND ? stmt_list(s, n->u.kid[0]) : stmt(s, n);
	glsl_sema_pop(s, m);
	return ok;
}

/* A loop body: a compound's statements join the loop's own scope. */
static bool no_new_scope(struct glsl_sema *s, struct glsl_ast_node *n)
{
	bool ok;

	s->loop_depth++;
	ok = n->kind == GLSL_AST_COMPOUND ? stmt_list(s, n->u.kid[0]) : stmt(s, n);
	s->loop_depth--;
	return ok;
}

static bool bool_cond(struct glsl_sema *s, struct glsl_ast_node *n)
{
	if (n->kind == GLSL_AST_DECL) {
		struct glsl_ast_declarator *d = n->u.decl->vars;

		if (!glsl_sema_local_decl(s, n))
			return false;
		if (d->sym->type.type != glsl_type_bool)
			return fail(s, d->loc, "a condition must be a bool");
		return true;
	}
	if (!glsl_sema_expr(s, n))
		return false;
	if (!glsl_sema_is_bool_scalar(n))
		return fail(s, n->loc, "a condition must be a bool");
	return true;
}

static bool if_stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
	bool ok;

	if (!bool_cond(s, n->u.kid[0]))
		return false;
	s->branch_depth++;
	ok = scoped(s, n->u.kid[1]) && scoped(s, n->u.kid[2]);
	s->branch_depth--;
	return ok;
}

/* ---- ES 1.00 Appendix A §4: the loops every implementation must run --------- */

static bool appendix_a(const struct glsl_sema *s)
{
	return s->opts.appendix_a && s->version < GLSL_ES_300;
}

/* `int|float i = constant-expression` and nothing else. */
static struct glsl_symbol *loop_index_init(struct glsl_sema *s, struct glsl_ast_node *init)
{
	struct glsl_ast_declarator *d = init && init->kind == GLSL_AST_DECL ? init->u.decl->vars : NULL;
	const struct glsl_type *t = d ? d->sym->type.type : NULL;

	if (!d || d->next || (t != glsl_type_int && t != glsl_type_float)) {
		fail(s, init ? init->loc : (struct glsl_loc){ 0 }, "a for loop must declare one int or "
		     "float loop index (GLSL ES 1.00 Appendix A)");
		return NULL;
	}
	if (!d->init || !d->init->sema->value) {
		fail(s, d->loc, "the loop index must be initialised with a constant expression "
		     "(GLSL ES 1.00 Appendix A)");
		return NULL;
	}
	return d->sym;
}

static bool is_var(const struct glsl_ast_node *n, const struct glsl_symbol *sym)
{
	return n->kind == GLSL_AST_IDENT && n->sema->what == GLSL_SX_VAR && n->sema->u.var == sym;
}

static bool is_relop(unsigned op)
{
	return op == GLSL_TOK_LT || op == GLSL_TOK_GT || op == GLSL_TOK_LE || op == GLSL_TOK_GE ||
	       op == GLSL_TOK_EQ || op == GLSL_TOK_NE;
}

/* `index relop constant-expression` */
static bool loop_index_cond(struct glsl_sema *s, struct glsl_ast_node *n, struct glsl_loc at,
			    const struct glsl_symbol *i)
{
	if (n && n->kind == GLSL_AST_BINARY && is_relop(n->op) && is_var(n->u.kid[0], i) &&
	    n->u.kid[1]->sema->value)
		return true;
	return fail(s, n ? n->loc : at, "the for loop condition must be 'loop-index relop "
		    "constant-expression' (GLSL ES 1.00 Appendix A)");
}

/* `i++`, `++i`, `i--`, `--i`, `i += constant`, `i -= constant` */
static bool loop_index_step(struct glsl_sema *s, struct glsl_ast_node *n, struct glsl_loc at,
			    const struct glsl_symbol *i)
{
	bool ok = false;

	if (n && (n->kind == GLSL_AST_UNARY || n->kind == GLSL_AST_POSTFIX))
		ok = (n->op == GLSL_TOK_INC || n->op == GLSL_TOK_DEC) && is_var(n->u.kid[0], i);
	else if (n && n->kind == GLSL_AST_ASSIGN)
		ok = (n->op == GLSL_TOK_ADD_ASSIGN || n->op == GLSL_TOK_SUB_ASSIGN) &&
		     is_var(n->u.kid[0], i) && n->u.kid[1]->sema->value;
	return ok || fail(s, n ? n->loc : at, "the for loop expression must be ++, --, += or -= "
			  "of the loop index (GLSL ES 1.00 Appendix A)");
}

static bool appendix_a_for(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_symbol *i = loop_index_init(s, n->u.kid[0]);

	if (!i || !loop_index_cond(s, n->u.kid[1], n->loc, i) ||
	    !loop_index_step(s, n->u.kid[2], n->loc, i))
		return false;
	i->loop_index = true;   /* read-only in the body; a constant-index-expression */
	return true;
}

static bool appendix_a_loop(struct glsl_sema *s, struct glsl_ast_node *n)
{
	if (!appendix_a(s))
		return true;
	return fail(s, n->loc, "only for loops are supported (GLSL ES 1.00 Appendix A)");
}

/* ---- loops ---------------------------------------------------------------------- */

static bool while_stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_scope_mark m;
	bool ok;

	if (!appendix_a_loop(s, n))
		return false;
	m = glsl_sema_push(s);
	ok = bool_cond(s, n->u.kid[0]) && no_new_scope(s, n->u.kid[1]);
	glsl_sema_pop(s, m);
	return ok;
}

static bool do_stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
	bool ok;

	if (!appendix_a_loop(s, n))
		return false;
	s->loop_depth++;
	ok = scoped(s, n->u.kid[0]);
	s->loop_depth--;
	return ok && bool_cond(s, n->u.kid[1]);
}

static bool for_stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_scope_mark m = glsl_sema_push(s);
	bool ok = stmt(s, n->u.kid[0]) && (!n->u.kid[1] || bool_cond(s, n->u.kid[1])) &&
		  (!n->u.kid[2] || glsl_sema_expr(s, n->u.kid[2])) &&
		  (!appendix_a(s) || appendix_a_for(s, n)) && no_new_scope(s, n->u.kid[3]);

	glsl_sema_pop(s, m);
	return ok;
}

/* ---- switch ----------------------------------------------------------------- */

struct case_value {
	struct case_value *next;
	uint32_t v;
};

static bool case_label(struct glsl_sema *s, struct glsl_ast_node *n, const struct glsl_type *sel,
		       struct case_value **seen)
{
	struct glsl_ast_node *e = n->u.kid[0];
	struct case_value *c;

	if (!glsl_sema_expr(s, e))
		return false;
	if (e->sema->type.type != sel)
		return fail(s, e->loc, "a case label must have the type of the switch expression");
	if (!e->sema->value)
		return fail(s, e->loc, "a case label must be a constant expression");
	for (c = *seen; c; c = c->next)
		if (c->v == e->sema->value->u)
			return fail(s, e->loc, "duplicate case label");
	c = glsl_sema_alloc(s, sizeof(*c));
	if (!c)
		return false;
	c->v = e->sema->value->u;
	c->next = *seen;
	*seen = c;
	return true;
}

static bool switch_body(struct glsl_sema *s, struct glsl_ast_node *n, const struct glsl_type *sel)
{
	struct case_value *seen = NULL;
	bool has_default = false;

	for (; n; n = n->next) {
		if (n->kind == GLSL_AST_CASE) {
			if (!case_label(s, n, sel, &seen))
				return false;
		} else if (n->kind == GLSL_AST_DEFAULT) {
			if (has_default)
				return fail(s, n->loc, "duplicate default label");
			has_default = true;
		} else if (!stmt(s, n)) {
			glsl_sema_poison(s, n);
			if (!glsl_sema_recover(s))
				return false;
		}
	}
	return true;
}

static bool switch_stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_ast_node *e = n->u.kid[0];
	const struct glsl_type *t;
	struct glsl_scope_mark m;
	bool ok;

	if (!glsl_sema_expr(s, e))
		return false;
	t = e->sema->type.type;
	if (t != glsl_type_int && t != glsl_type_uint)
		return fail(s, e->loc, "a switch expression must be an int or uint scalar");
	m = glsl_sema_push(s);
	s->branch_depth++;
	ok = switch_body(s, n->u.kid[1]->u.kid[0], t);
	s->branch_depth--;
	glsl_sema_pop(s, m);
	return ok;
}

/* ---- jumps ------------------------------------------------------------------ */

static bool return_stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
	const struct glsl_type *rt = s->fn->ret.type;
	char b1[64], b2[64];

	s->returned = true;
	if (!n->u.kid[0]) {
		if (rt != glsl_type_void)
			return fail(s, n->loc, "a non-void function must return a value");
		return true;
	}
	if (!glsl_sema_expr(s, n->u.kid[0]))
		return false;
	if (rt == glsl_type_void)
		return fail(s, n->loc, "a void function cannot return a value");
	glsl_sema_convert(s, &n->u.kid[0], rt);
	if (!glsl_type_equal(rt, n->u.kid[0]->sema->type.type)) {
		glsl_sema_error(s, n->loc, "returning %s from a function returning %s",
				glsl_sema_tname(n->u.kid[0]->sema->type.type, b1, sizeof(b1)),
				glsl_sema_tname(rt, b2, sizeof(b2)));
		return false;
	}
	return true;
}

static bool discard_stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
	if (s->stage != GLSL_STAGE_FRAGMENT)
		return fail(s, n->loc, "'discard' is only allowed in fragment shaders");
	s->res->uses_discard = true;
	return true;
}

static bool stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
	if (s->failed)
		return false;
	switch (n->kind) {
	case GLSL_AST_COMPOUND: return scoped(s, n);
	case GLSL_AST_DECL: case GLSL_AST_PRECISION: return glsl_sema_local_decl(s, n);
	case GLSL_AST_EXPR_STMT: return glsl_sema_expr(s, n->u.kid[0]);
	case GLSL_AST_IF: return if_stmt(s, n);
	case GLSL_AST_FOR: return for_stmt(s, n);
	case GLSL_AST_WHILE: return while_stmt(s, n);
	case GLSL_AST_DO: return do_stmt(s, n);
	case GLSL_AST_SWITCH: return switch_stmt(s, n);
	case GLSL_AST_RETURN: return return_stmt(s, n);
	case GLSL_AST_DISCARD: return discard_stmt(s, n);
	case GLSL_AST_BREAK: case GLSL_AST_CONTINUE: case GLSL_AST_EMPTY: return true;
	case GLSL_AST_CASE: case GLSL_AST_DEFAULT:
		return fail(s, n->loc, "case label outside a switch");
	default:
		return fail(s, n->loc, "unexpected statement");
	}
}

/* ---- functions ------------------------------------------------------------- */

static bool declare_params(struct glsl_sema *s, struct glsl_function *fn)
{
	for (uint32_t i = 0; i < fn->nr_params; i++) {
		struct glsl_symbol *p = fn->params[i];

		if (p->name == GLSL_AST_NO_NAME)
			continue;
		if (!glsl_sema_check_new_name(s, p->name, p->loc))
			return false;
		glsl_symtab_add(&s->syms, p);
	}
	return true;
}

bool glsl_sema_function_body(struct glsl_sema *s, struct glsl_function *fn,
			     struct glsl_ast_function *f)
{
	struct glsl_scope_mark m = glsl_sema_push(s);
	bool ok;

	s->fn = fn;
	s->returned = false;
	ok = declare_params(s, fn);
	if (ok && s->version < GLSL_ES_300)
		ok = scoped(s, f->body);
	else if (ok)
		ok = stmt_list(s, f->body->u.kid[0]);
	glsl_sema_pop(s, m);
	s->fn = NULL;
	return ok;
}

/* ---- recursion --------------------------------------------------------------- */

struct dfs_frame {
	struct glsl_function *fn;
	uint32_t next;
};

/* Iterative depth-first search: a callee found on the stack closes a cycle. */
static bool dfs(struct glsl_sema *s, struct glsl_function *root, struct dfs_frame *stack)
{
	uint32_t sp = 0;

	stack[sp++] = (struct dfs_frame){ root, 0 };
	root->visit = 1;
	while (sp) {
		struct dfs_frame *f = &stack[sp - 1];
		struct glsl_function *c;

		if (f->next == f->fn->nr_callees) {
			f->fn->visit = 2;
			sp--;
			continue;
		}
		c = f->fn->callees[f->next++];
		if (c->visit == 1) {
			struct glsl_loc loc = c->def ? c->def->name_loc : c->decl->name_loc;

			glsl_sema_error(s, loc, "recursion is not allowed ('%s' calls itself)", c->cname);
			return false;
		}
		if (!c->visit) {
			c->visit = 1;
			stack[sp++] = (struct dfs_frame){ c, 0 };
		}
	}
	return true;
}

bool glsl_sema_check_recursion(struct glsl_sema *s)
{
	uint32_t n = s->last_fn ? s->last_fn->index + 1 : 0;
	struct dfs_frame *stack;

	if (!n)
		return true;
	stack = glsl_sema_alloc(s, n * sizeof(*stack));
	if (!stack)
		return false;
	for (struct glsl_function *fn = s->res->functions; fn; fn = fn->next)
		if (!fn->visit && !dfs(s, fn, stack))
			return false;
	return true;
}
