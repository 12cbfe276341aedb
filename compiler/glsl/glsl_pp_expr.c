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

#include <stdint.h>

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

/* Reports the first error of the expression; returns the value to use. */
static int32_t fail(struct expr *e, const char *fmt, const char *arg)
{
	if (!e->failed && !e->pp->fatal)
		pp_error(e->pp, &e->tok, fmt, arg);
	e->failed = true;
	return 0;
}

/* defined NAME or defined ( NAME ), read without expansion. */
static int32_t defined_op(struct expr *e)
{
	struct glsl_token t;
	bool paren;
	int32_t v;

	if (!pp_raw(e->pp, e->floor, &t))
		return fail(e, "'defined' needs a macro name%s", "");
	paren = t.kind == GLSL_TOK_LPAREN;
	if (paren && !pp_raw(e->pp, e->floor, &t))
		return fail(e, "'defined' needs a macro name%s", "");
	if (t.kind != GLSL_TOK_IDENT) {
		e->tok = t;
		return fail(e, "'defined' needs a macro name, not %s", glsl_tok_name(t.kind));
	}
	v = pp_macro_of(e->pp, pp_ident(e->pp, &t)) != NULL;
	if (paren && (!pp_raw(e->pp, e->floor, &t) || t.kind != GLSL_TOK_RPAREN)) {
		e->tok = t;
		return fail(e, "missing ')' after 'defined'%s", "");
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

	if (++e->depth > e->pp->lim.max_expr_depth)
		return fail(e, "preprocessor expression nested too deeply%s", "");
	advance(e);
	v = binary(e, 1);
	e->depth--;
	if (e->tok.kind != GLSL_TOK_RPAREN)
		return fail(e, "missing ')' in expression%s", "");
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
		return fail(e, "expression ends too early%s", "");
	default:
		return fail(e, "%s is not allowed in a preprocessor expression",
			    glsl_tok_name(e->tok.kind));
	}
}

static int32_t unary(struct expr *e)
{
	enum glsl_tok op = e->tok.kind;
	uint32_t v;

	if (op != GLSL_TOK_PLUS && op != GLSL_TOK_MINUS && op != GLSL_TOK_TILDE && op != GLSL_TOK_BANG)
		return primary(e);
	if (++e->depth > e->pp->lim.max_expr_depth)
		return fail(e, "preprocessor expression nested too deeply%s", "");
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

static int precedence(enum glsl_tok op)
{
	switch (op) {
	case GLSL_TOK_OR_OR: return 1;
	case GLSL_TOK_AND_AND: return 2;
	case GLSL_TOK_BAR: return 3;
	case GLSL_TOK_CARET: return 4;
	case GLSL_TOK_AMP: return 5;
	case GLSL_TOK_EQ: case GLSL_TOK_NE: return 6;
	case GLSL_TOK_LT: case GLSL_TOK_GT: case GLSL_TOK_LE: case GLSL_TOK_GE: return 7;
	case GLSL_TOK_LEFT: case GLSL_TOK_RIGHT: return 8;
	case GLSL_TOK_PLUS: case GLSL_TOK_MINUS: return 9;
	case GLSL_TOK_STAR: case GLSL_TOK_SLASH: case GLSL_TOK_PERCENT: return 10;
	default: return 0;
	}
}

static int32_t divide(struct expr *e, enum glsl_tok op, int32_t a, int32_t b)
{
	if (b == 0) {
		if (!e->unevaluated)
			fail(e, "division by zero in preprocessor expression%s", "");
		return 0;
	}
	if (a == INT32_MIN && b == -1)
		return op == GLSL_TOK_SLASH ? INT32_MIN : 0;
	return op == GLSL_TOK_SLASH ? a / b : a % b;
}

static int32_t shift(enum glsl_tok op, int32_t a, int32_t b)
{
	if (b < 0 || b > 31)
		return op == GLSL_TOK_LEFT || a >= 0 ? 0 : -1;
	if (op == GLSL_TOK_LEFT)
		return (int32_t)((uint32_t)a << b);
	return a >= 0 ? a >> b : (int32_t)~(~(uint32_t)a >> b);
}

static int32_t apply(struct expr *e, enum glsl_tok op, int32_t a, int32_t b)
{
	uint32_t ua = (uint32_t)a, ub = (uint32_t)b;

	switch (op) {
	case GLSL_TOK_STAR: return (int32_t)(ua * ub);
	case GLSL_TOK_SLASH: case GLSL_TOK_PERCENT: return divide(e, op, a, b);
	case GLSL_TOK_PLUS: return (int32_t)(ua + ub);
	case GLSL_TOK_MINUS: return (int32_t)(ua - ub);
	case GLSL_TOK_LEFT: case GLSL_TOK_RIGHT: return shift(op, a, b);
	case GLSL_TOK_LT: return a < b;
	case GLSL_TOK_GT: return a > b;
	case GLSL_TOK_LE: return a <= b;
	case GLSL_TOK_GE: return a >= b;
	case GLSL_TOK_EQ: return a == b;
	case GLSL_TOK_NE: return a != b;
	case GLSL_TOK_AMP: return (int32_t)(ua & ub);
	case GLSL_TOK_CARET: return (int32_t)(ua ^ ub);
	case GLSL_TOK_BAR: return (int32_t)(ua | ub);
	case GLSL_TOK_AND_AND: return a && b;
	default: return a || b;
	}
}

/* Precedence climbing: recursion only per precedence level and per
 * parenthesis / unary operator, which e->depth bounds. */
static int32_t binary(struct expr *e, int min_prec)
{
	int32_t lhs = unary(e);
	int prec;

	while (!e->failed && (prec = precedence(e->tok.kind)) >= min_prec) {
		enum glsl_tok op = e->tok.kind;
		bool skip = (op == GLSL_TOK_OR_OR && lhs) || (op == GLSL_TOK_AND_AND && !lhs);
		int32_t rhs;

		advance(e);
		e->unevaluated += skip;
		rhs = binary(e, prec + 1);
		e->unevaluated -= skip;
		lhs = apply(e, op, lhs, rhs);
	}
	return lhs;
}

bool pp_eval_if(struct pp *pp, const struct glsl_token *at, int32_t *value)
{
	uint32_t base = pp->nctx;
	struct expr e = { .pp = pp };

	e.floor = pp_push_list(pp, pp->line.t, pp->line.n);
	if (!e.floor)
		return false;
	pp->in_if = true;
	advance(&e);
	*value = binary(&e, 1);
	if (!e.failed && e.have)
		fail(&e, "unexpected %s after the expression", glsl_tok_name(e.tok.kind));
	pp->in_if = false;
	pp_pop_to(pp, base);
	return !e.failed && !pp->fatal;
}
