/* SPDX-License-Identifier: MIT */
/*
 * glsl_pp: the GLSL ES 1.00 / 3.00 preprocessor, token in, token out.
 *
 * glsl_pp_run() lexes the source strings, runs the directives (macros,
 * conditional compilation, #version, #extension, #pragma, #line) with the
 * ES rules and hands back the final tokens for the parser, with keywords
 * already classified for the version, plus what the directives recorded.
 * Errors and warnings go to the log ("0:LINE(COL): error: ..."). Every
 * input ends cleanly: nesting, expansion depth, expansion size, token count
 * and source size are bounded by glsl_pp_limits, and the expansion and
 * #if evaluation never recurse deeper than those limits allow.
 */
#pragma once

#include "glsl_stage.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "glsl_arena.h"
#include "glsl_lexer.h"
#include "glsl_log.h"
#include "glsl_token.h"

/* Zero fields take the defaults below. */
struct glsl_pp_limits {
	size_t max_source_bytes;     /* all strings together */
	uint32_t max_tokens;         /* tokens handed to the parser */
	uint32_t max_if_depth;       /* nested #if groups */
	uint32_t max_expand_depth;   /* nested macro expansions / argument levels */
	uint32_t max_expanded_tokens; /* tokens produced by all expansions together */
	uint32_t max_expr_depth;     /* nesting in #if expressions */
};

#define GLSL_PP_DEFAULT_MAX_SOURCE (4u << 20)
#define GLSL_PP_DEFAULT_MAX_TOKENS (1u << 20)
#define GLSL_PP_DEFAULT_MAX_IF_DEPTH 64u
#define GLSL_PP_DEFAULT_MAX_EXPAND_DEPTH 128u
#define GLSL_PP_DEFAULT_MAX_EXPANDED (1u << 21)
#define GLSL_PP_DEFAULT_MAX_EXPR_DEPTH 128u

struct glsl_pp_info {
	const char *const *strings;   /* glShaderSource's strings */
	const size_t *lengths;        /* NULL or per string; SIZE_MAX = NUL-terminated */
	unsigned count;
	enum glsl_stage stage;
	/* Supported extensions (each gets a macro and may be enabled); NULL
	 * selects glsl_pp_default_extensions. */
	const char *const *extensions;
	unsigned num_extensions;
	/* ES 1.00 fragment shaders have no highp (ES 1.00 §4.5.4 makes it
	 * optional): GL_FRAGMENT_PRECISION_HIGH stays undefined and `highp` is
	 * an error. Off by default: virgl hosts (desktop GL) all have highp. */
	bool no_fragment_highp;
	struct glsl_pp_limits limits;
};

extern const char *const glsl_pp_default_extensions[];
extern const unsigned glsl_pp_num_default_extensions;

enum glsl_ext_behavior {
	GLSL_EXT_DISABLE = 0,
	GLSL_EXT_WARN,
	GLSL_EXT_ENABLE,
	GLSL_EXT_REQUIRE,
};

struct glsl_token_stream {
	struct glsl_token *tokens;   /* count tokens, then one GLSL_TOK_EOF */
	uint32_t count;
	unsigned version;            /* 100, 300, 310 or 320 */
	bool version_explicit;       /* a #version directive was present */
	/* Per supported extension (same order as glsl_pp_info's list). */
	const char *const *ext_names;
	enum glsl_ext_behavior *ext_behavior;
	unsigned num_ext;
	/* #pragma STDGL invariant(all); the parser checks it came before
	 * all declarations (invariant_all_at = tokens before it). */
	bool invariant_all;
	uint32_t invariant_all_at;
	bool optimize_off, debug_on;
	/* Owned storage. */
	struct glsl_idents idents;
	struct glsl_arena arena;
};

/* 0 when the source preprocessed without errors, -1 otherwise (the log
 * says why). out is always initialised and must be finished. */
int glsl_pp_run(const struct glsl_pp_info *in, struct glsl_token_stream *out, struct glsl_log *log);
void glsl_token_stream_finish(struct glsl_token_stream *s);

/* The name of identifier id (GLSL_TOK_IDENT and GLSL_TOK_RESERVED values). */
const char *glsl_token_stream_ident(const struct glsl_token_stream *s, uint32_t id);
/* One token as text ("x", "3", "2u", "1.5", "<<="), into buf; returns buf. */
const char *glsl_token_text(const struct glsl_token_stream *s, const struct glsl_token *t,
			    char *buf, size_t size);
