/* SPDX-License-Identifier: MIT */
/*
 * The parser's entry point, token cursor, errors and node allocation; the
 * grammar is in glsl_parse_expr.c, glsl_parse_stmt.c and glsl_parse_decl.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "glsl_parse_private.h"

struct glsl_loc glsl_parse_loc(const struct glsl_token *t)
{
	return (struct glsl_loc){ .line = t->line, .col = t->col, .file = t->file };
}

const char *glsl_parse_name(const struct glsl_parser *p, uint32_t id)
{
	return glsl_token_stream_ident(p->toks, id);
}

/* One error per failed statement: after it the cursor jumps to EOF and
 * every production unwinds without looking at tokens again, up to the
 * statement list that recovers (glsl_parse_recover). */
void glsl_parse_error(struct glsl_parser *p, const struct glsl_token *t, const char *fmt, ...)
{
	va_list ap;

	if (p->failed)
		return;
	va_start(ap, fmt);
	glsl_log_vmessage(p->log, true, t->file, t->line, t->col, fmt, ap);
	va_end(ap);
	p->failed = true;
	p->errors++;
	p->err_tok = t > p->tok ? t : p->tok;
	p->tok = p->end;
}

/* The end of the failed statement that began at start: the first ';' at
 * its own nesting after the error, the '}' that closes a brace it opened,
 * or the '}' of the enclosing block (left for the block to take). One
 * depth counts (), [] and {} alike, so `for (a; @; b)` skips its header. */
static const struct glsl_token *statement_end(const struct glsl_parser *p,
					      const struct glsl_token *start)
{
	unsigned depth = 0;

	for (const struct glsl_token *t = start; t < p->end; t++) {
		bool past = t >= p->err_tok;

		switch (t->kind) {
		case GLSL_TOK_LPAREN: case GLSL_TOK_LBRACKET: case GLSL_TOK_LBRACE:
			depth++;
			break;
		case GLSL_TOK_RPAREN: case GLSL_TOK_RBRACKET:
			depth -= depth > 0;
			break;
		case GLSL_TOK_RBRACE:
			if (depth == 0) {
				if (past)
					return t;
				break;
			}
			if (--depth == 0 && past)
				return t + 1;
			break;
		case GLSL_TOK_SEMICOLON:
			if (past && depth == 0)
				return t + 1;
			break;
		default:
			break;
		}
	}
	return p->end;
}

bool glsl_parse_recover(struct glsl_parser *p, const struct glsl_token *start)
{
	const struct glsl_token *t;

	if (!p->failed || p->errors >= GLSL_PARSE_MAX_ERRORS)
		return false;
	t = statement_end(p, start);
	if (t <= start)
		t = start + 1;
	if (t >= p->end)
		return false;   /* only "unexpected end of input" could follow */
	p->tok = t;
	p->failed = false;
	return true;
}

void glsl_parse_unexpected(struct glsl_parser *p, const char *wanted)
{
	const struct glsl_token *t = p->tok;
	char text[96];

	if (p->failed)
		return;
	if (t->kind == GLSL_TOK_EOF)
		snprintf(text, sizeof(text), "end of input");
	else if (t->kind == GLSL_TOK_IDENT || t->kind == GLSL_TOK_RESERVED)
		snprintf(text, sizeof(text), "%s '%s'", glsl_tok_name(t->kind),
			 glsl_parse_name(p, t->value));
	else {
		char buf[64];

		snprintf(text, sizeof(text), "'%s'", glsl_token_text(p->toks, t, buf, sizeof(buf)));
	}
	glsl_parse_error(p, t, "syntax error: unexpected %s, expected %s", text, wanted);
}

const struct glsl_token *glsl_parse_next(struct glsl_parser *p)
{
	const struct glsl_token *t = p->tok;

	if (p->tok < p->end)
		p->tok++;
	return t;
}

bool glsl_parse_accept(struct glsl_parser *p, enum glsl_tok k)
{
	if (p->tok->kind != k)
		return false;
	glsl_parse_next(p);
	return true;
}

bool glsl_parse_expect(struct glsl_parser *p, enum glsl_tok k)
{
	char want[32];

	if (glsl_parse_accept(p, k))
		return true;
	snprintf(want, sizeof(want), "'%s'", glsl_tok_spelling(k));
	glsl_parse_unexpected(p, want);
	return false;
}

bool glsl_parse_enter(struct glsl_parser *p)
{
	if (p->depth >= GLSL_PARSE_MAX_DEPTH) {
		glsl_parse_error(p, p->tok, "nesting too deep (more than %u levels)",
				 GLSL_PARSE_MAX_DEPTH);
		return false;
	}
	p->depth++;
	return true;
}

void *glsl_parse_alloc(struct glsl_parser *p, size_t size)
{
	void *m = glsl_arena_alloc(p->arena, size);

	if (!m) {
		glsl_parse_error(p, p->tok, "out of memory");
		p->errors = GLSL_PARSE_MAX_ERRORS;   /* nothing more can be parsed */
		return NULL;
	}
	memset(m, 0, size);
	return m;
}

struct glsl_ast_node *glsl_parse_node(struct glsl_parser *p, enum glsl_ast_kind kind,
				      const struct glsl_token *at_tok)
{
	struct glsl_ast_node *n = glsl_parse_alloc(p, sizeof(*n));

	if (!n)
		return NULL;
	n->kind = (uint8_t)kind;
	n->loc = glsl_parse_loc(at_tok);
	p->ast->nodes++;
	return n;
}

bool glsl_parse_is_type_kw(enum glsl_tok k)
{
	switch (k) {
	case GLSL_TOK_KW_FLOAT: case GLSL_TOK_KW_INT: case GLSL_TOK_KW_VOID: case GLSL_TOK_KW_BOOL:
	case GLSL_TOK_KW_UINT:
		return true;
	default:
		break;
	}
	if (k >= GLSL_TOK_KW_MAT2 && k <= GLSL_TOK_KW_UVEC4)
		return true;
	return k >= GLSL_TOK_FIRST_OPAQUE && k <= GLSL_TOK_LAST_OPAQUE;
}

bool glsl_parse_is_precision(enum glsl_tok k)
{
	return k == GLSL_TOK_KW_LOWP || k == GLSL_TOK_KW_MEDIUMP || k == GLSL_TOK_KW_HIGHP;
}

bool glsl_parse_is_qualifier(enum glsl_tok k)
{
	switch (k) {
	case GLSL_TOK_KW_CONST: case GLSL_TOK_KW_IN: case GLSL_TOK_KW_OUT: case GLSL_TOK_KW_INOUT:
	case GLSL_TOK_KW_UNIFORM: case GLSL_TOK_KW_ATTRIBUTE: case GLSL_TOK_KW_VARYING:
	case GLSL_TOK_KW_CENTROID: case GLSL_TOK_KW_FLAT: case GLSL_TOK_KW_SMOOTH:
	case GLSL_TOK_KW_INVARIANT: case GLSL_TOK_KW_LAYOUT:
	case GLSL_TOK_KW_BUFFER: case GLSL_TOK_KW_SHARED: case GLSL_TOK_KW_COHERENT:
	case GLSL_TOK_KW_VOLATILE: case GLSL_TOK_KW_RESTRICT: case GLSL_TOK_KW_READONLY:
	case GLSL_TOK_KW_WRITEONLY: case GLSL_TOK_KW_PRECISE: case GLSL_TOK_KW_PATCH:
	case GLSL_TOK_KW_SAMPLE:
		return true;
	default:
		return glsl_parse_is_precision(k);
	}
}

static void parse_unit(struct glsl_parser *p)
{
	struct glsl_ast_node **tail = &p->ast->decls;

	while (!at(p, GLSL_TOK_EOF)) {
		const struct glsl_token *start = p->tok;
		struct glsl_ast_node *n = glsl_parse_external(p);

		if (p->failed) {
			if (!glsl_parse_recover(p, start))
				break;
			continue;
		}
		/* A declaration statement may produce several nodes. */
		for (*tail = n; *tail; tail = &(*tail)->next)
			;
	}
}

int glsl_parse(const struct glsl_token_stream *toks, struct glsl_arena *arena,
	       struct glsl_ast **out, struct glsl_log *log)
{
	struct glsl_parser p = {
		.toks = toks, .tok = toks->tokens, .end = toks->tokens + toks->count,
		.arena = arena, .log = log, .version = toks->version,
	};

	*out = NULL;
	p.ast = glsl_parse_alloc(&p, sizeof(*p.ast));
	if (!p.ast)
		return -1;
	p.ast->version = toks->version;
	p.ast->toks = toks;
	parse_unit(&p);
	if (p.errors)
		return -1;
	*out = p.ast;
	return 0;
}
