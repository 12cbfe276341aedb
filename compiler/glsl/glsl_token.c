/* SPDX-License-Identifier: MIT */
#include "glsl_token.h"

#include <stddef.h>

static const char *const spellings[GLSL_TOK_COUNT] = {
#define SPELL_P(name, str, r) [GLSL_TOK_##name] = str,
	GLSL_PUNCTUATORS(SPELL_P)
#undef SPELL_P
#define SPELL_K(name, str, a, b) [GLSL_TOK_KW_##name] = str,
	GLSL_KEYWORDS(SPELL_K)
#undef SPELL_K
};

static const unsigned char reserved100[GLSL_TOK_COUNT] = {
#define RES_P(name, str, r) [GLSL_TOK_##name] = r,
	GLSL_PUNCTUATORS(RES_P)
#undef RES_P
};

const char *glsl_tok_spelling(enum glsl_tok kind)
{
	return (unsigned)kind < GLSL_TOK_COUNT ? spellings[kind] : NULL;
}

const char *glsl_tok_name(enum glsl_tok kind)
{
	static const char *const names[] = {
		[GLSL_TOK_EOF] = "end of file",
		[GLSL_TOK_IDENT] = "identifier",
		[GLSL_TOK_INTCONST] = "integer literal",
		[GLSL_TOK_UINTCONST] = "unsigned integer literal",
		[GLSL_TOK_FLOATCONST] = "floating-point literal",
		[GLSL_TOK_RESERVED] = "reserved word",
		[GLSL_TOK_INVALID] = "invalid character",
		[GLSL_TOK_BAD_NUMBER] = "malformed number",
		[GLSL_TOK_PP_PARAM] = "macro parameter",
	};

	if ((unsigned)kind < sizeof(names) / sizeof(names[0]) && names[kind])
		return names[kind];
	return glsl_tok_spelling(kind) ? glsl_tok_spelling(kind) : "token";
}

int glsl_tok_reserved_in_es100(enum glsl_tok kind)
{
	return (unsigned)kind < GLSL_TOK_COUNT && reserved100[kind];
}

enum glsl_tok glsl_tok_assign_op(enum glsl_tok op)
{
	switch (op) {
	case GLSL_TOK_ADD_ASSIGN: return GLSL_TOK_PLUS;
	case GLSL_TOK_SUB_ASSIGN: return GLSL_TOK_MINUS;
	case GLSL_TOK_MUL_ASSIGN: return GLSL_TOK_STAR;
	case GLSL_TOK_DIV_ASSIGN: return GLSL_TOK_SLASH;
	case GLSL_TOK_MOD_ASSIGN: return GLSL_TOK_PERCENT;
	case GLSL_TOK_LEFT_ASSIGN: return GLSL_TOK_LEFT;
	case GLSL_TOK_RIGHT_ASSIGN: return GLSL_TOK_RIGHT;
	case GLSL_TOK_AND_ASSIGN: return GLSL_TOK_AMP;
	case GLSL_TOK_XOR_ASSIGN: return GLSL_TOK_CARET;
	case GLSL_TOK_OR_ASSIGN: return GLSL_TOK_BAR;
	default: return (enum glsl_tok)0;
	}
}
