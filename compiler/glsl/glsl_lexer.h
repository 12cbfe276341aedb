/* SPDX-License-Identifier: MIT */
/*
 * glsl_lexer: GLSL ES source text -> raw tokens, for the preprocessor.
 *
 * Identifiers are interned (struct glsl_idents) so that macro lookup and
 * keyword classification are an array index, not a string compare. Comments
 * become white space; line continuations (backslash-newline) are removed
 * before lexing, and the lexer remembers where the first one was because
 * they are an error in ES 1.00, which is only known after #version.
 * Numbers are lexed as C pp-numbers ("1e" is one bad token, not "1" "e")
 * and classified; what depends on the version (the 'u' and 'f' suffixes)
 * is left to the caller.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "glsl_arena.h"
#include "glsl_log.h"
#include "glsl_token.h"

/* Words the preprocessor acts on (directive names, predefined macros, ...). */
enum glsl_ppword {
	PPW_NONE = 0,
	PPW_DEFINE, PPW_UNDEF, PPW_IF, PPW_IFDEF, PPW_IFNDEF, PPW_ELSE, PPW_ELIF,
	PPW_ENDIF, PPW_ERROR, PPW_PRAGMA, PPW_EXTENSION, PPW_VERSION, PPW_LINE,
	PPW_DEFINED, PPW_LINE_MACRO, PPW_FILE_MACRO, PPW_VERSION_MACRO, PPW_GL_ES,
	PPW_FRAG_HIGHP, PPW_ALL, PPW_REQUIRE, PPW_ENABLE, PPW_WARN, PPW_DISABLE,
	PPW_STDGL, PPW_INVARIANT, PPW_OPTIMIZE, PPW_DEBUG, PPW_ON, PPW_OFF, PPW_ES,
	PPW_SAMPLER_EXTERNAL,  /* a type only under GL_OES_EGL_image_external(_essl3) */
	PPW_CUBE_ARRAY,        /* a type only under GL_EXT_texture_cube_map_array (3.10) */
	PPW_TEX_BUFFER,        /* a type only under GL_EXT/OES_texture_buffer (3.10), else reserved */
	PPW_PRECISE,           /* a qualifier only under GL_EXT_gpu_shader5 (3.10) */
	PPW_MS_ARRAY,          /* a type only under GL_OES_texture_storage_multisample_2d_array */
	PPW_SAMPLE,            /* a qualifier only under GL_OES_shader_multisample_interpolation */
};

struct glsl_pp_macro;

struct glsl_ident {
	const char *name;  /* NUL-terminated, arena-owned */
	uint32_t len;
	uint32_t hash;
	uint16_t kind[3];  /* token kind in ES 1.00, 3.00 and 3.10 */
	uint8_t ppword;    /* enum glsl_ppword */
	bool ext_checked;  /* looked up in the extension list (GL_ names) */
	struct glsl_pp_macro *macro; /* current #define, NULL if none */
};

/* The interned identifiers of one run; an id indexes ids[]. */
struct glsl_idents {
	struct glsl_ident *ids;
	uint32_t count, cap;
	uint32_t *slots;   /* open addressing: id + 1, 0 = empty */
	uint32_t mask;
	struct glsl_arena *arena;
};

bool glsl_idents_init(struct glsl_idents *t, struct glsl_arena *arena);
void glsl_idents_finish(struct glsl_idents *t);
/* The id of name[0..len); UINT32_MAX when out of memory. */
uint32_t glsl_idents_intern(struct glsl_idents *t, const char *name, uint32_t len);

struct glsl_lexer {
	const char *p, *end;
	const char *line_start;  /* for columns */
	uint32_t line;
	uint16_t file;
	uint16_t pending;        /* GLSL_TF_BOL/SPACE seen since the last token */
	struct glsl_idents *idents;
	struct glsl_arena *arena;
	struct glsl_log *log;
	char *spliced;           /* copy without line continuations, if any */
	uint32_t splice_line, splice_col; /* the first continuation, 0 = none */
	bool oom;
};

/* src must stay valid while lexing; it need not be NUL-terminated. */
bool glsl_lexer_init(struct glsl_lexer *lx, const char *src, size_t len,
		     struct glsl_idents *idents, struct glsl_arena *arena, struct glsl_log *log);
void glsl_lexer_finish(struct glsl_lexer *lx);

/* The next token, across lines; GLSL_TOK_EOF at the end (repeatable). */
void glsl_lex(struct glsl_lexer *lx, struct glsl_token *tok);
/* Skips blanks and comments up to the end of the current line; true if
 * nothing but them is left on it (the newline itself is not consumed). */
bool glsl_lex_at_eol(struct glsl_lexer *lx);
/* Drops the rest of the current line (comments that start on it included). */
void glsl_lex_skip_line(struct glsl_lexer *lx);
/* The rest of the current line as text, without leading blanks (#error). */
const char *glsl_lex_rest_of_line(struct glsl_lexer *lx, size_t *len);
