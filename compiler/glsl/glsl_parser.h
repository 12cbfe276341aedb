/* SPDX-License-Identifier: MIT */
/*
 * glsl_parser: GLSL ES 1.00 / 3.00 tokens -> syntax tree.
 *
 * A hand-written recursive-descent parser over the preprocessor's token
 * stream (keywords already classified for the version). It checks what the
 * grammar of the version says (which declarations, qualifiers and their
 * order, array forms, interface blocks, switch, layout identifiers exist)
 * and leaves meaning (types, scopes, constant values, stage rules) to
 * semantic analysis. Errors are reported as "0:LINE(COL): error: ...";
 * after one, the parser skips the rest of the statement or declaration and
 * goes on, so the log lists up to GLSL_PARSE_MAX_ERRORS of them. Nesting of expressions and statements is
 * bounded (GLSL_PARSE_MAX_DEPTH), so hostile input ends in an error rather
 * than exhausting the stack.
 */
#pragma once

#include "glsl_arena.h"
#include "glsl_ast.h"
#include "glsl_log.h"
#include "glsl_pp.h"

/* Nesting levels of parentheses, operators, calls and statements together.
 * Real shaders stay far below; each level costs a few hundred bytes of stack. */
#define GLSL_PARSE_MAX_DEPTH 256u

/* Syntax errors reported per compile; past it the parser stops. */
#define GLSL_PARSE_MAX_ERRORS 20u

/* 0 and *out set on success; -1 on a syntax error (the log says which) or
 * when the arena runs out (*out is NULL then). The tree lives in arena and
 * refers to toks for identifier names. */
int glsl_parse(const struct glsl_token_stream *toks, struct glsl_arena *arena,
	       struct glsl_ast **out, struct glsl_log *log);
