/* SPDX-License-Identifier: MIT */
/*
 * #if / #elif expressions: 32-bit integers, C's operators and precedence
 * without ?: and the comma. 'defined' may also come out of a macro
 * (dEQP's defined_macro_defined_test); its operand is never expanded.
 * Undefined identifiers and division by zero are errors, except in an
 * operand that && or || does not evaluate. Arithmetic wraps (it is done in
 * uint32_t), so no input reaches undefined behaviour in C.
 */
#include "glsl_pp_private.h"

struct expr {
	struct pp *pp;
	uint32_t floor;
	struct glsl_token tok;  /* the current token */
	bool have;              /* tok is valid (false at the end) */
	unsigned unevaluated;   /* > 0 inside an operand that is not evaluated */
	uint32_t depth;
	bool failed;
};

static void advance(struct expr *e)
{
	e->have = pp_next(e->pp, e->floor, &e->tok) > 0;
	if (!e->have)
		e->tok.kind = GLSL_TOK_EOF;
}

static void fail(struct expr *e, const char *fmt, const char *arg)
{
	if (!e->failed && !e->pp->fatal)
		pp_error(e->pp, &e->tok, fmt, arg);
	e->failed = true;
}

/* defined NAME or defined ( NAME ), read without expansion. */
static int32_t defined_op(struct expr *e)
{
	struct glsl_token t;
	bool paren;
	int32_t v;

	if (!pp_raw(e->pp, e->floor, &t))
		return fail(e, "'defined' needs a macro name%s", ""), 0;
	paren = t.kind == GLSL_TOK_LPAREN;
	if (paren && !pp_raw(e->pp, e->floor, &t))
		return fail(e, "'defined' needs a macro name%s", ""), 0;
	if (t.kind != GLSL_TOK_IDENT) {
		e->tok = t;
		return fail(e, "'defined' needs a macro name, not %s", glsl_tok_name(t.kind)), 0;
	}
	v = pp_macro_of(e->pp, pp_ident(e->pp, &t)) != NULL;
	if (paren && (!pp_raw(e->pp, e->floor, &t) || t.kind != GLSL_TOK_RPAREN)) {
		e->tok = t;
		return fail(e, "missing ')' after 'defined'%s", ""), 0;
	}
	advance(e);
	return v;
}

static int32_t number(struct expr *e)
{
	int32_t v = (int32_t)e->tok.value;

	if (e->tok.kind == GLSL_TOK_BAD_NUMBER || (e->tok.flags & GLSL_TF_U_SUFFIX)) {
		pp_check_number(e->pp, &e->tok);
		e->failed = true;
	}
	advance(e);
	return v;
}

static int32_t unary(struct expr *e);
static int32_t binary(struct expr *e, int min_prec);

static int32_t paren(struct expr *e)
{
	int32_t v;

	advance(e);
	v = binary(e, 1);
	if (e->tok.kind != GLSL_TOK_RPAREN)
		return fail(e, "missing ')' in expression%s", ""), 0;
	advance(e);
	return v;
}

static int32_t primary(struct expr *e)
{
	switch (e->tok.kind) {
	case GLSL_TOK_INTCONST:
	case GLSL_TOK_UINTCONST:
	case GLSL_TOK_BAD_NUMBER:
		return number(e);
	case GLSL_TOK_LPAREN:
		return paren(e);
	case GLSL_TOK_IDENT:
		if (pp_ident(e->pp, &e->tok)->ppword == PPW_DEFINED)
			return defined_op(e);
		if (!e->unevaluated)
			fail(e, "undefined identifier '%s' in preprocessor expression",
			     pp_name(e->pp, e->tok.value));
		advance(e);
		return 0;
	case GLSL_TOK_EOF:
		return fail(e, "expression ends too early%s", ""), 0;
	default:
		return fail(e, "%s is not allowed in a preprocessor expression",
			    glsl_tok_name(e->tok.kind)), 0;
	}
}

static int32_t unary(struct expr *e)
{
	enum glsl_tok op = e->tok.kind;
	uint32_t v;

	if (op != GLSL_TOK_PLUS && op != GLSL_TOK_MINUS && op != GLSL_TOK_TILDE && op != GLSL_TOK_BANG)
		return primary(e);
	if (++e->depth > e->pp->lim.max_expr_depth)
		return fail(e, "preprocessor expression nested too deeply%s", ""), 0;
	advance(e);
	v = (uint32_t)unary(e);
	e->depth--;
	switch (op) {
	case GLSL_TOK_MINUS: return (int32_t)(0u - v);
	case GLSL_TOK_TILDE: return (int32_t)~v;
	case GLSL_TOK_BANG: return !v;
	default: return (int32_t)v;
	}
}
