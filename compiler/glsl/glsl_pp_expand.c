/* SPDX-License-Identifier: MIT */
/*
 * Macro expansion without recursion on the C stack for rescanning.
 *
 * Expansions are contexts on an explicit stack (pp->ctx); a macro is
 * disabled while its context is live, and a name met while its macro is
 * disabled is marked GLSL_TF_NOEXPAND for good (C's "painted blue" rule).
 * Only argument pre-expansion nests a call (pp_expand_list), one level per
 * argument nesting, bounded by max_expand_depth like the context stack.
 *
 * "floor": a reader only sees contexts at index >= floor. floor 0 reads the
 * source when the stack is empty; floor f > 0 reads the list context at
 * f - 1 (the list being expanded) and ends with it.
 */
#include "glsl_pp_private.h"

#include <stdlib.h>
#include <string.h>

/* ---- the context stack --------------------------------------------------- */

static bool push_ctx(struct pp *pp, const struct glsl_token *tok, uint32_t n,
		     struct glsl_pp_macro *m, const struct glsl_token *at)
{
	struct pp_ctx *c;

	if (pp->nctx >= pp->lim.max_expand_depth) {
		pp_fatal(pp, at, "macro expansion nested too deeply (limit %u)", pp->lim.max_expand_depth);
		return false;
	}
	if (pp->nctx == pp->cap_ctx) {
		uint32_t cap = pp->cap_ctx ? pp->cap_ctx * 2 : 16;
		struct pp_ctx *nc = realloc(pp->ctx, (size_t)cap * sizeof(*nc));

		if (!nc) {
			pp_fatal(pp, at, "out of memory");
			return false;
		}
		pp->ctx = nc;
		pp->cap_ctx = cap;
	}
	c = &pp->ctx[pp->nctx++];
	memset(c, 0, sizeof(*c));
	c->tok = tok;
	c->n = n;
	c->macro = m;
	if (m)
		m->disabled = true;
	if (at) {
		c->line = at->line;
		c->col = at->col;
		c->file = at->file;
	}
	return true;
}

static void pop_ctx(struct pp *pp)
{
	struct pp_ctx *c = &pp->ctx[--pp->nctx];

	if (c->macro)
		c->macro->disabled = false;
	if (c->owns_scratch)
		glsl_arena_release(&pp->scratch, c->mark);
}

void pp_pop_to(struct pp *pp, uint32_t nctx)
{
	while (pp->nctx > nctx)
		pop_ctx(pp);
}

uint32_t pp_push_list(struct pp *pp, const struct glsl_token *tok, uint32_t n)
{
	if (!push_ctx(pp, tok, n, NULL, NULL))
		return 0;
	return pp->nctx;
}

static void take(struct pp_ctx *c, struct glsl_token *t)
{
	*t = c->tok[c->pos++];
	if (c->relocate) {
		t->line = c->line;
		t->col = c->col;
		t->file = c->file;
		t->flags |= GLSL_TF_FROM_MACRO;
	}
}

/* The next token without expanding it; 0 at the end of what floor allows. */
int pp_raw(struct pp *pp, uint32_t floor, struct glsl_token *t)
{
	while (pp->nctx > floor) {
		struct pp_ctx *c = &pp->ctx[pp->nctx - 1];

		if (c->pos < c->n) {
			take(c, t);
			return 1;
		}
		pop_ctx(pp);
	}
	if (floor == 0)
		return pp_source_token(pp, t);
	if (pp->ctx[floor - 1].pos < pp->ctx[floor - 1].n) {
		take(&pp->ctx[floor - 1], t);
		return 1;
	}
	t->kind = GLSL_TOK_EOF;
	return 0;
}

/* Whether the next token is '(' (for function-like macros), consuming
 * nothing; contexts that are used up are popped on the way. */
static bool next_is_lparen(struct pp *pp, uint32_t floor)
{
	while (pp->nctx > floor) {
		struct pp_ctx *c = &pp->ctx[pp->nctx - 1];

		if (c->pos < c->n)
			return c->tok[c->pos].kind == GLSL_TOK_LPAREN;
		pop_ctx(pp);
	}
	if (floor > 0) {
		const struct pp_ctx *c = &pp->ctx[floor - 1];

		return c->pos < c->n && c->tok[c->pos].kind == GLSL_TOK_LPAREN;
	}
	if (!pp->has_pushback) {
		uint32_t line = pp->cur_line;

		pp_source_token(pp, &pp->pushback);
		pp->has_pushback = true;
		pp->cur_line = line;
	}
	return pp->pushback.kind == GLSL_TOK_LPAREN;
}

/* ---- arguments ----------------------------------------------------------- */

/* Level d's buffers. The array is made once at its full size because
 * callers keep pointers into it across nested levels. */
static struct pp_level *level(struct pp *pp, uint32_t d, uint32_t nargs)
{
	struct pp_level *l;

	if (!pp->levels) {
		pp->levels = calloc(pp->lim.max_expand_depth + 1, sizeof(*pp->levels));
		if (!pp->levels)
			return NULL;
		pp->nlevels = pp->lim.max_expand_depth + 1;
	}
	if (d >= pp->nlevels)
		return NULL;
	l = &pp->levels[d];
	if (nargs + 1 > l->cap_args) {
		uint32_t cap = nargs + 1 < 16 ? 16 : nargs + 1;
		uint32_t *s = realloc(l->start, cap * sizeof(*s));
		uint32_t *x = s ? realloc(l->xstart, cap * sizeof(*x)) : NULL;

		if (s)
			l->start = s;
		if (!x)
			return NULL;
		l->xstart = x;
		l->cap_args = cap;
	}
	return l;
}

/* Collects the arguments after '(' up to the matching ')'; returns the
 * argument count, -1 on an unterminated call. A call with one empty
 * argument to a macro without parameters has no arguments. */
static int collect_args(struct pp *pp, uint32_t floor, struct pp_level *l,
			const struct glsl_pp_macro *m, const struct glsl_token *name)
{
	uint32_t nargs = 0, nesting = 0;
	struct glsl_token t;

	l->raw.n = 0;
	l->start[0] = 0;
	for (;;) {
		if (!pp_raw(pp, floor, &t)) {
			if (!pp->fatal)
				pp_error(pp, name, "unterminated call of macro '%s'", pp_name(pp, name->value));
			return -1;
		}
		if (nesting == 0 && (t.kind == GLSL_TOK_RPAREN || t.kind == GLSL_TOK_COMMA)) {
			/* past the macro's parameter count only the count matters */
			if (++nargs < l->cap_args)
				l->start[nargs] = l->raw.n;
			if (t.kind == GLSL_TOK_RPAREN)
				break;
			continue;
		}
		nesting += t.kind == GLSL_TOK_LPAREN;
		nesting -= t.kind == GLSL_TOK_RPAREN;
		if (!vec_push(pp, &l->raw, &t))
			return -1;
	}
	if (m->nparams == 0 && nargs == 1 && l->raw.n == 0)
		nargs = 0;
	return (int)nargs;
}

/* Expands tok[0..n) on its own (an argument), appending to out. */
static bool expand_list(struct pp *pp, const struct glsl_token *tok, uint32_t n,
			struct tok_vec *out)
{
	uint32_t base = pp->nctx, floor;
	struct glsl_token t;
	int r;

	if (pp->depth + 1 >= pp->lim.max_expand_depth) {
		pp_fatal(pp, tok, "macro arguments nested too deeply (limit %u)", pp->lim.max_expand_depth);
		return false;
	}
	floor = pp_push_list(pp, tok, n);
	if (!floor)
		return false;
	pp->depth++;
	while ((r = pp_next(pp, floor, &t)) > 0)
		if (!vec_push(pp, out, &t))
			break;
	pp->depth--;
	pp_pop_to(pp, base);
	return !pp->fatal;
}

static bool expand_args(struct pp *pp, struct pp_level *l, uint32_t nargs)
{
	l->exp.n = 0;
	for (uint32_t i = 0; i < nargs; i++) {
		/* calls whose arguments are all empty leave raw without an array:
		 * NULL + 0 is undefined in C */
		const struct glsl_token *arg = l->raw.t ? l->raw.t + l->start[i] : NULL;

		l->xstart[i] = l->exp.n;
		if (!expand_list(pp, arg, l->start[i + 1] - l->start[i], &l->exp))
			return false;
	}
	l->xstart[nargs] = l->exp.n;
	return true;
}

/* ---- substitution -------------------------------------------------------- */

static uint32_t substituted_size(const struct glsl_pp_macro *m, const struct pp_level *l)
{
	uint64_t n = 0;

	for (uint32_t i = 0; i < m->nbody; i++) {
		const struct glsl_token *b = &m->body[i];

		n += b->kind == GLSL_TOK_PP_PARAM ? l->xstart[b->value + 1] - l->xstart[b->value] : 1;
	}
	return n > UINT32_MAX ? UINT32_MAX : (uint32_t)n;
}

static void substitute(struct glsl_token *dst, const struct glsl_pp_macro *m,
		       const struct pp_level *l, const struct glsl_token *at)
{
	for (uint32_t i = 0; i < m->nbody; i++) {
		const struct glsl_token *b = &m->body[i];

		if (b->kind != GLSL_TOK_PP_PARAM) {
			*dst = *b;
			dst->line = at->line;
			dst->col = at->col;
			dst->file = at->file;
			dst->flags |= GLSL_TF_FROM_MACRO;
			dst++;
			continue;
		}
		for (uint32_t j = l->xstart[b->value]; j < l->xstart[b->value + 1]; j++)
			*dst++ = l->exp.t[j];
	}
}

static bool count_work(struct pp *pp, uint32_t n, const struct glsl_token *at)
{
	if (n > pp->lim.max_expanded_tokens - pp->work) {
		pp_fatal(pp, at, "macro expansion too large (limit %u tokens)",
			 pp->lim.max_expanded_tokens);
		return false;
	}
	pp->work += n;
	return true;
}

static bool push_call(struct pp *pp, struct glsl_pp_macro *m, const struct pp_level *l,
		      const struct glsl_token *at)
{
	struct glsl_arena_mark mark = glsl_arena_mark(&pp->scratch);
	uint32_t n = substituted_size(m, l);
	struct glsl_token *buf;

	if (!count_work(pp, n, at))
		return false;
	buf = glsl_arena_alloc(&pp->scratch, (size_t)n * sizeof(*buf) + 1);
	if (!buf) {
		pp_fatal(pp, at, "out of memory");
		return false;
	}
	substitute(buf, m, l, at);
	if (!push_ctx(pp, buf, n, m, at)) {
		glsl_arena_release(&pp->scratch, mark);
		return false;
	}
	pp->ctx[pp->nctx - 1].mark = mark;
	pp->ctx[pp->nctx - 1].owns_scratch = true;
	return true;
}

/* A function-like macro name: 0 when no '(' follows (not a call), 1 when
 * the call was replaced (possibly by nothing, after an error). */
static int expand_call(struct pp *pp, uint32_t floor, struct glsl_pp_macro *m,
		       const struct glsl_token *name)
{
	struct glsl_token lp;
	struct pp_level *l;
	int nargs;

	if (!next_is_lparen(pp, floor))
		return 0;
	pp_raw(pp, floor, &lp);
	l = level(pp, pp->depth, m->nparams);
	if (!l) {
		pp_fatal(pp, name, "out of memory");
		return 1;
	}
	nargs = collect_args(pp, floor, l, m, name);
	if (nargs < 0)
		return 1;
	if ((uint32_t)nargs != m->nparams) {
		pp_error(pp, name, "macro '%s' takes %u arguments, not %d", pp_name(pp, name->value),
			 m->nparams, nargs);
		return 1;
	}
	if (expand_args(pp, l, (uint32_t)nargs))
		push_call(pp, m, l, name);
	return 1;
}

/* ---- the expanding reader ------------------------------------------------ */

/* __LINE__, __FILE__, __VERSION__ become an integer at the name's place.
 * __LINE__ from a macro body is the line of the source being read (where
 * the call ends), as dEQP expects; from the source it is its own line. */
static void dynamic_macro(struct pp *pp, const struct glsl_pp_macro *m, struct glsl_token *t)
{
	uint32_t v;

	if (m->kind == PP_MACRO_LINE)
		v = (t->flags & GLSL_TF_FROM_MACRO) ? pp->cur_line : t->line;
	else if (m->kind == PP_MACRO_FILE)
		v = t->file;
	else
		v = pp->version ? pp->version : 100;
	t->kind = GLSL_TOK_INTCONST;
	t->value = v;
}

/* Expands the macro named by t: 1 when t was replaced by a context (read
 * on), 0 when t stays as it is (possibly rewritten to a literal). */
static int expand(struct pp *pp, uint32_t floor, struct glsl_pp_macro *m, struct glsl_token *t)
{
	switch (m->kind) {
	case PP_MACRO_OBJECT:
		if (!count_work(pp, m->nbody, t) || !push_ctx(pp, m->body, m->nbody, m, t))
			return 1;
		pp->ctx[pp->nctx - 1].relocate = true;
		return 1;
	case PP_MACRO_FUNCTION:
		return expand_call(pp, floor, m, t);
	default:
		dynamic_macro(pp, m, t);
		return 0;
	}
}

/* The next token after macro expansion: 1, or 0 at the end / after a
 * fatal error. In #if lines 'defined' is handed over unexpanded. */
int pp_next(struct pp *pp, uint32_t floor, struct glsl_token *t)
{
	for (;;) {
		struct glsl_ident *id;
		struct glsl_pp_macro *m;

		if (!pp_raw(pp, floor, t) || pp->fatal)
			return 0;
		if (t->kind != GLSL_TOK_IDENT || (t->flags & GLSL_TF_NOEXPAND))
			return 1;
		id = pp_ident(pp, t);
		if (pp->in_if && id->ppword == PPW_DEFINED)
			return 1;
		m = pp_macro_of(pp, id);
		if (!m)
			return 1;
		if (m->disabled) {
			t->flags |= GLSL_TF_NOEXPAND;
			return 1;
		}
		if (!expand(pp, floor, m, t))
			return 1;
		if (pp->fatal)
			return 0;
	}
}
