/* SPDX-License-Identifier: MIT */
/* The preprocessor's state, shared by glsl_pp*.c. */
#pragma once

#include "glsl_pp.h"

enum pp_macro_kind {
	PP_MACRO_OBJECT,
	PP_MACRO_FUNCTION,
	PP_MACRO_LINE,     /* __LINE__ */
	PP_MACRO_FILE,     /* __FILE__ */
	PP_MACRO_VERSION,  /* __VERSION__ */
};

struct glsl_pp_macro {
	uint8_t kind;          /* enum pp_macro_kind */
	bool disabled;         /* being expanded: its name does not expand */
	bool predefined;       /* cannot be #defined or #undef'd */
	uint16_t nparams;
	uint32_t nbody;
	uint32_t *params;      /* identifier ids */
	struct glsl_token *body; /* parameters are GLSL_TOK_PP_PARAM, value = index */
	const char *text;      /* the definition as written (for redefinitions) */
	uint32_t text_len;
};

/* A token list being read: a macro's expansion or a list being expanded. */
struct pp_ctx {
	const struct glsl_token *tok;
	uint32_t pos, n;
	struct glsl_pp_macro *macro;   /* re-enabled when the context is popped */
	struct glsl_arena_mark mark;   /* scratch released when popped */
	bool owns_scratch;
	bool relocate;                 /* object-like: tokens take the call's position */
	uint32_t line;
	uint16_t col, file;
};

struct tok_vec {
	struct glsl_token *t;
	uint32_t n, cap;
};

/* Buffers of one level of argument collection (level = pp->depth). */
struct pp_level {
	struct tok_vec raw;            /* collected argument tokens */
	struct tok_vec exp;            /* their expansions, one after another */
	uint32_t *start;               /* raw/exp start of each argument, + end */
	uint32_t *xstart;
	uint32_t cap_args;
};

enum pp_cond_state {
	COND_ACTIVE,   /* this group is being compiled */
	COND_SEEKING,  /* skipping, a later #elif/#else may be taken */
	COND_DONE,     /* skipping, a group was already taken */
	COND_DEAD,     /* skipping, the enclosing group is skipped */
};

struct pp_cond {
	uint8_t state;
	bool seen_else;
	uint32_t line;
	uint16_t col, file;
};

struct pp {
	const struct glsl_pp_info *in;
	struct glsl_pp_limits lim;
	struct glsl_log *log;
	struct glsl_token_stream *out;
	struct glsl_lexer lx;
	struct glsl_arena scratch;     /* expansion buffers, LIFO */
	char *joined;                  /* the strings concatenated, if several */

	struct tok_vec tokens;         /* output */
	struct tok_vec line;           /* tokens of the directive being run */

	struct pp_ctx *ctx;
	uint32_t nctx, cap_ctx;
	struct pp_level *levels;
	uint32_t nlevels;
	uint32_t depth;                /* argument expansion level */
	uint32_t work;                 /* tokens produced by expansions */

	struct pp_cond *cond;
	uint32_t ncond;
	bool skipping;

	struct glsl_token pushback;    /* one token peeked from the source */
	bool has_pushback;
	uint32_t cur_line;             /* line of the last source token consumed */

	unsigned version;              /* 0 until known */
	int kwset;                     /* 0: ES 1.00 words, 1: ES 3.00, 2: ES 3.10 */
	bool seen_token;               /* anything but blanks/comments so far */
	bool seen_code;                /* a non-directive token so far */
	bool in_if;                    /* evaluating #if: 'defined' is an operator */
	bool fatal;                    /* a limit was hit: stop */

	const char *define_text;       /* where the #define being run starts */
	struct glsl_pp_macro *one_macro; /* shared body "1" for predefined macros */
};

/* glsl_pp.c */
void pp_error(struct pp *pp, const struct glsl_token *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void pp_warning(struct pp *pp, const struct glsl_token *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void pp_fatal(struct pp *pp, const struct glsl_token *at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
bool vec_push(struct pp *pp, struct tok_vec *v, const struct glsl_token *t);
const char *pp_name(const struct pp *pp, uint32_t id);
struct glsl_ident *pp_ident(struct pp *pp, const struct glsl_token *t);
void pp_set_version(struct pp *pp, unsigned version, const struct glsl_token *at);
bool pp_source_token(struct pp *pp, struct glsl_token *t);
void pp_check_number(struct pp *pp, const struct glsl_token *t);
struct glsl_pp_macro *pp_macro_of(struct pp *pp, struct glsl_ident *id);

/* glsl_pp_directive.c */
void pp_directive(struct pp *pp, const struct glsl_token *hash);

/* glsl_pp_expand.c */
int pp_next(struct pp *pp, uint32_t floor, struct glsl_token *t);
int pp_raw(struct pp *pp, uint32_t floor, struct glsl_token *t);
uint32_t pp_push_list(struct pp *pp, const struct glsl_token *tok, uint32_t n);
void pp_pop_to(struct pp *pp, uint32_t nctx);

/* glsl_pp_expr.c */
bool pp_eval_if(struct pp *pp, const struct glsl_token *at, int32_t *value);
