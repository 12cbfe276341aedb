/* SPDX-License-Identifier: MIT */
/* The parser's shared state and helpers (glsl_parse_*.c only). */
#pragma once

#include <stdbool.h>

#include "glsl_parser.h"

struct glsl_parser {
	const struct glsl_token_stream *toks;
	const struct glsl_token *tok;   /* the current token */
	const struct glsl_token *end;   /* the EOF token */
	struct glsl_arena *arena;
	struct glsl_log *log;
	struct glsl_ast *ast;
	unsigned version;
	unsigned depth;                 /* current nesting, <= GLSL_PARSE_MAX_DEPTH */
	unsigned loop_depth, switch_depth;
	bool failed;                    /* an error is reported; the statement unwinds */
	unsigned errors;                /* reported so far (at most GLSL_PARSE_MAX_ERRORS) */
	const struct glsl_token *err_tok; /* where the last error left the cursor */
};

/* Token cursor. After an error the cursor sits on EOF, so every loop ends;
 * the statement list or translation unit around the failed statement then
 * puts it back after the statement (glsl_parse_recover). */
static inline enum glsl_tok pk(const struct glsl_parser *p)
{
	return (enum glsl_tok)p->tok->kind;
}

static inline enum glsl_tok pk_at(const struct glsl_parser *p, unsigned ahead)
{
	const struct glsl_token *t = p->tok + ahead;

	return t < p->end ? (enum glsl_tok)t->kind : GLSL_TOK_EOF;
}

static inline bool at(const struct glsl_parser *p, enum glsl_tok k)
{
	return p->tok->kind == k;
}

const struct glsl_token *glsl_parse_next(struct glsl_parser *p);
bool glsl_parse_accept(struct glsl_parser *p, enum glsl_tok k);
/* Consumes k or reports "expected 'k'"; false on error. */
bool glsl_parse_expect(struct glsl_parser *p, enum glsl_tok k);
void glsl_parse_error(struct glsl_parser *p, const struct glsl_token *t, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* After the statement or external declaration that began at start failed:
 * skip to its end (the next ';' or '}' at its own nesting, after the error)
 * and stop unwinding, so later errors get reported too. False when parsing
 * should end instead: the error cap, an out-of-memory error, or nothing
 * left to parse. Always moves past start, so callers' loops progress. */
bool glsl_parse_recover(struct glsl_parser *p, const struct glsl_token *start);
/* "syntax error: unexpected X" at the current token, plus what was wanted. */
void glsl_parse_unexpected(struct glsl_parser *p, const char *wanted);
struct glsl_loc glsl_parse_loc(const struct glsl_token *t);
const char *glsl_parse_name(const struct glsl_parser *p, uint32_t id);
/* Depth accounting for recursion; enter fails (with an error) at the limit. */
bool glsl_parse_enter(struct glsl_parser *p);
static inline void glsl_parse_leave(struct glsl_parser *p)
{
	p->depth--;
}

void *glsl_parse_alloc(struct glsl_parser *p, size_t size);
struct glsl_ast_node *glsl_parse_node(struct glsl_parser *p, enum glsl_ast_kind kind,
				      const struct glsl_token *at_tok);

/* Token classes. */
bool glsl_parse_is_type_kw(enum glsl_tok k);
bool glsl_parse_is_qualifier(enum glsl_tok k);
bool glsl_parse_is_precision(enum glsl_tok k);

/* glsl_parse_expr.c */
struct glsl_ast_node *glsl_parse_expression(struct glsl_parser *p);
struct glsl_ast_node *glsl_parse_assignment(struct glsl_parser *p);
struct glsl_ast_node *glsl_parse_conditional(struct glsl_parser *p);

/* glsl_parse_decl.c */
/* True when the tokens at the cursor start a declaration, not an expression. */
bool glsl_parse_starts_decl(const struct glsl_parser *p);
struct glsl_ast_node *glsl_parse_external(struct glsl_parser *p);
/* A declaration statement inside a function (DECL or PRECISION node). */
struct glsl_ast_node *glsl_parse_local_decl(struct glsl_parser *p);
/* `T name = init` as a loop or if condition (no ';'). */
struct glsl_ast_node *glsl_parse_condition_decl(struct glsl_parser *p);
bool glsl_parse_type_spec(struct glsl_parser *p, struct glsl_ast_type *t);

/* glsl_parse_stmt.c */
struct glsl_ast_node *glsl_parse_compound(struct glsl_parser *p);
struct glsl_ast_node *glsl_parse_statement(struct glsl_parser *p);
