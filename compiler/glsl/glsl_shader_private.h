/* SPDX-License-Identifier: MIT */
/* What glsl_compile.c shares with glsl_shader.c: the kept front-end state. */
#pragma once

#include "glsl_arena.h"
#include "glsl_log.h"
#include "glsl_parser.h"
#include "glsl_shader.h"

struct glsl_shader {
	struct glsl_arena arena;       /* the parse tree and sema annotations */
	struct glsl_log log;
	struct glsl_token_stream toks; /* identifiers the tree names */
	struct glsl_ast *ast;
	struct glsl_sema_result *sema;
	enum glsl_stage stage;
	unsigned version;
	int status;
};

/* The log must explain every failed compile, also one that failed without
 * a message (out of memory). Returns GLSL_COMPILE_INTERNAL. */
int glsl_shader_fail_internal(struct glsl_shader *sh, const char *what);
