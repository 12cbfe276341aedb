/* SPDX-License-Identifier: MIT */
/*
 * Statements: blocks, if, the loops, switch (3.00; labels only directly in
 * the switch body, none last, none missing first), jumps, declarations and
 * expression statements. Every statement counts one nesting level.
 */
#include "glsl_parse_private.h"

static struct glsl_ast_node *stmt_node(struct glsl_parser *p, enum glsl_ast_kind kind)
{
	return glsl_parse_node(p, kind, glsl_parse_next(p));
}

/* `(` expression `)` */
static struct glsl_ast_node *paren_expr(struct glsl_parser *p)
{
	struct glsl_ast_node *e;

	if (!glsl_parse_expect(p, GLSL_TOK_LPAREN))
		return NULL;
	if (at(p, GLSL_TOK_RPAREN)) {
		glsl_parse_unexpected(p, "a condition");
		return NULL;
	}
	e = glsl_parse_expression(p);
	return e && glsl_parse_expect(p, GLSL_TOK_RPAREN) ? e : NULL;
}

static struct glsl_ast_node *expr_stmt(struct glsl_parser *p)
{
	struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_EXPR_STMT, p->tok);

	if (!n)
		return NULL;
	n->u.kid[0] = glsl_parse_expression(p);
	if (!n->u.kid[0] || !glsl_parse_expect(p, GLSL_TOK_SEMICOLON))
		return NULL;
	return n;
}

/* A loop condition: an expression or `T name = init` (while and for). */
static struct glsl_ast_node *condition(struct glsl_parser *p)
{
	if (glsl_parse_starts_decl(p))
		return glsl_parse_condition_decl(p);
	return glsl_parse_expression(p);
}

static struct glsl_ast_node *if_stmt(struct glsl_parser *p)
{
	struct glsl_ast_node *n = stmt_node(p, GLSL_AST_IF);

	if (!n || !(n->u.kid[0] = paren_expr(p)) || !(n->u.kid[1] = glsl_parse_statement(p)))
		return NULL;
	if (glsl_parse_accept(p, GLSL_TOK_KW_ELSE) && !(n->u.kid[2] = glsl_parse_statement(p)))
		return NULL;
	return n;
}

static struct glsl_ast_node *loop_body(struct glsl_parser *p)
{
	struct glsl_ast_node *body;

	p->loop_depth++;
	body = glsl_parse_statement(p);
	p->loop_depth--;
	return body;
}

static struct glsl_ast_node *while_stmt(struct glsl_parser *p)
{
	struct glsl_ast_node *n = stmt_node(p, GLSL_AST_WHILE);

	if (!n || !glsl_parse_expect(p, GLSL_TOK_LPAREN) || !(n->u.kid[0] = condition(p)) ||
	    !glsl_parse_expect(p, GLSL_TOK_RPAREN))
		return NULL;
	n->u.kid[1] = loop_body(p);
	return n->u.kid[1] ? n : NULL;
}

static struct glsl_ast_node *do_stmt(struct glsl_parser *p)
{
	struct glsl_ast_node *n = stmt_node(p, GLSL_AST_DO);

	if (!n || !(n->u.kid[0] = loop_body(p)) || !glsl_parse_expect(p, GLSL_TOK_KW_WHILE) ||
	    !(n->u.kid[1] = paren_expr(p)))
		return NULL;
	return glsl_parse_expect(p, GLSL_TOK_SEMICOLON) ? n : NULL;
}

static struct glsl_ast_node *for_init(struct glsl_parser *p)
{
	if (at(p, GLSL_TOK_SEMICOLON))
		return stmt_node(p, GLSL_AST_EMPTY);
	if (glsl_parse_starts_decl(p))
		return glsl_parse_local_decl(p);
	return expr_stmt(p);
}

static struct glsl_ast_node *for_stmt(struct glsl_parser *p)
{
	struct glsl_ast_node *n = stmt_node(p, GLSL_AST_FOR);

	if (!n || !glsl_parse_expect(p, GLSL_TOK_LPAREN) || !(n->u.kid[0] = for_init(p)))
		return NULL;
	if (!at(p, GLSL_TOK_SEMICOLON) && !(n->u.kid[1] = condition(p)))
		return NULL;
	if (!glsl_parse_expect(p, GLSL_TOK_SEMICOLON))
		return NULL;
	if (!at(p, GLSL_TOK_RPAREN) && !(n->u.kid[2] = glsl_parse_expression(p)))
		return NULL;
	if (!glsl_parse_expect(p, GLSL_TOK_RPAREN))
		return NULL;
	n->u.kid[3] = loop_body(p);
	return n->u.kid[3] ? n : NULL;
}

static struct glsl_ast_node *jump(struct glsl_parser *p, enum glsl_ast_kind kind)
{
	const struct glsl_token *t = p->tok;
	struct glsl_ast_node *n = stmt_node(p, kind);

	if (!n)
		return NULL;
	if (kind == GLSL_AST_CONTINUE && !p->loop_depth) {
		glsl_parse_error(p, t, "'continue' outside a loop");
		return NULL;
	}
	if (kind == GLSL_AST_BREAK && !p->loop_depth && !p->switch_depth) {
		glsl_parse_error(p, t, "'break' outside a loop or switch");
		return NULL;
	}
	if (kind == GLSL_AST_RETURN && !at(p, GLSL_TOK_SEMICOLON) &&
	    !(n->u.kid[0] = glsl_parse_expression(p)))
		return NULL;
	return glsl_parse_expect(p, GLSL_TOK_SEMICOLON) ? n : NULL;
}

static struct glsl_ast_node *label(struct glsl_parser *p)
{
	bool is_case = at(p, GLSL_TOK_KW_CASE);
	struct glsl_ast_node *n = stmt_node(p, is_case ? GLSL_AST_CASE : GLSL_AST_DEFAULT);

	if (!n || (is_case && !(n->u.kid[0] = glsl_parse_expression(p))))
		return NULL;
	return glsl_parse_expect(p, GLSL_TOK_COLON) ? n : NULL;
}

static bool is_label(const struct glsl_parser *p)
{
	return at(p, GLSL_TOK_KW_CASE) || at(p, GLSL_TOK_KW_DEFAULT);
}

/* `{ case X: ... default: ... }`: labels live only at this level. */
static struct glsl_ast_node *switch_body(struct glsl_parser *p)
{
	struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_COMPOUND, p->tok), **tail;
	const struct glsl_token *last = NULL;

	if (!n || !glsl_parse_expect(p, GLSL_TOK_LBRACE))
		return NULL;
	if (!at(p, GLSL_TOK_RBRACE) && !is_label(p)) {
		glsl_parse_error(p, p->tok, "statement before the first label in a switch");
		return NULL;
	}
	for (tail = &n->u.kid[0]; !at(p, GLSL_TOK_RBRACE) && !at(p, GLSL_TOK_EOF);) {
		const struct glsl_token *start = p->tok;

		*tail = is_label(p) ? label(p) : glsl_parse_statement(p);
		if (!*tail) {
			if (!glsl_parse_recover(p, start))
				return NULL;
			continue;
		}
		last = (*tail)->kind == GLSL_AST_CASE || (*tail)->kind == GLSL_AST_DEFAULT ? start : NULL;
		tail = &(*tail)->next;
	}
	if (last) {
		glsl_parse_error(p, last, "a switch cannot end with a label (a statement must follow)");
		return NULL;
	}
	return glsl_parse_expect(p, GLSL_TOK_RBRACE) ? n : NULL;
}

static struct glsl_ast_node *switch_stmt(struct glsl_parser *p)
{
	struct glsl_ast_node *n = stmt_node(p, GLSL_AST_SWITCH);

	if (!n || !(n->u.kid[0] = paren_expr(p)))
		return NULL;
	p->switch_depth++;
	n->u.kid[1] = switch_body(p);
	p->switch_depth--;
	return n->u.kid[1] ? n : NULL;
}

struct glsl_ast_node *glsl_parse_compound(struct glsl_parser *p)
{
	struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_COMPOUND, p->tok), **tail;

	if (!n || !glsl_parse_expect(p, GLSL_TOK_LBRACE))
		return NULL;
	for (tail = &n->u.kid[0]; !at(p, GLSL_TOK_RBRACE) && !at(p, GLSL_TOK_EOF);) {
		const struct glsl_token *start = p->tok;

		*tail = glsl_parse_statement(p);
		if (*tail)
			tail = &(*tail)->next;
		else if (!glsl_parse_recover(p, start))
			return NULL;
	}
	return glsl_parse_expect(p, GLSL_TOK_RBRACE) ? n : NULL;
}

static struct glsl_ast_node *statement(struct glsl_parser *p)
{
	switch (pk(p)) {
	case GLSL_TOK_LBRACE: return glsl_parse_compound(p);
	case GLSL_TOK_SEMICOLON: return stmt_node(p, GLSL_AST_EMPTY);
	case GLSL_TOK_KW_IF: return if_stmt(p);
	case GLSL_TOK_KW_FOR: return for_stmt(p);
	case GLSL_TOK_KW_WHILE: return while_stmt(p);
	case GLSL_TOK_KW_DO: return do_stmt(p);
	case GLSL_TOK_KW_SWITCH: return switch_stmt(p);
	case GLSL_TOK_KW_BREAK: return jump(p, GLSL_AST_BREAK);
	case GLSL_TOK_KW_CONTINUE: return jump(p, GLSL_AST_CONTINUE);
	case GLSL_TOK_KW_RETURN: return jump(p, GLSL_AST_RETURN);
	case GLSL_TOK_KW_DISCARD: return jump(p, GLSL_AST_DISCARD);
	case GLSL_TOK_KW_CASE: case GLSL_TOK_KW_DEFAULT:
		glsl_parse_error(p, p->tok, "'%s' label outside the body of a switch",
				 glsl_tok_spelling(pk(p)));
		return NULL;
	default:
		if (glsl_parse_starts_decl(p))
			return glsl_parse_local_decl(p);
		return expr_stmt(p);
	}
}

struct glsl_ast_node *glsl_parse_statement(struct glsl_parser *p)
{
	struct glsl_ast_node *n;

	if (!glsl_parse_enter(p))
		return NULL;
	n = statement(p);
	glsl_parse_leave(p);
	return p->failed ? NULL : n;
}
