/* SPDX-License-Identifier: MIT */
/*
 * glsl_token: the tokens of GLSL ES 1.00 / 3.00, as the preprocessor hands
 * them to the parser.
 *
 * A token is 16 bytes: kind, flags, position and one 32-bit value (an
 * identifier id, an integer literal's bits or a float literal). Keywords
 * depend on the version: an identifier becomes a keyword kind, or
 * GLSL_TOK_RESERVED (a reserved word, always an error), only when the
 * version is known, so the lexer itself only produces GLSL_TOK_IDENT.
 */
#pragma once

#include <stdint.h>

/* Operators and punctuation: X(NAME, spelling, reserved in ES 1.00) */
#define GLSL_PUNCTUATORS(X) \
	X(LPAREN, "(", 0) X(RPAREN, ")", 0) X(LBRACKET, "[", 0) X(RBRACKET, "]", 0) \
	X(LBRACE, "{", 0) X(RBRACE, "}", 0) X(DOT, ".", 0) X(COMMA, ",", 0) \
	X(SEMICOLON, ";", 0) X(QUESTION, "?", 0) X(COLON, ":", 0) \
	X(PLUS, "+", 0) X(MINUS, "-", 0) X(STAR, "*", 0) X(SLASH, "/", 0) \
	X(PERCENT, "%", 1) X(ASSIGN, "=", 0) X(ADD_ASSIGN, "+=", 0) \
	X(SUB_ASSIGN, "-=", 0) X(MUL_ASSIGN, "*=", 0) X(DIV_ASSIGN, "/=", 0) \
	X(MOD_ASSIGN, "%=", 1) X(LEFT_ASSIGN, "<<=", 1) X(RIGHT_ASSIGN, ">>=", 1) \
	X(AND_ASSIGN, "&=", 1) X(XOR_ASSIGN, "^=", 1) X(OR_ASSIGN, "|=", 1) \
	X(INC, "++", 0) X(DEC, "--", 0) X(LEFT, "<<", 1) X(RIGHT, ">>", 1) \
	X(LT, "<", 0) X(GT, ">", 0) X(LE, "<=", 0) X(GE, ">=", 0) X(EQ, "==", 0) \
	X(NE, "!=", 0) X(AMP, "&", 1) X(CARET, "^", 1) X(BAR, "|", 1) \
	X(TILDE, "~", 1) X(BANG, "!", 0) X(AND_AND, "&&", 0) X(XOR_XOR, "^^", 0) \
	X(OR_OR, "||", 0) X(HASH, "#", 0) X(HASH_HASH, "##", 0)

/*
 * Keywords: X(NAME, spelling, class in ES 1.00, class in ES 3.00), class
 * K = keyword, R = reserved (an error), I = a plain identifier. ES 3.10
 * keeps 3.00's classes except for the words glsl_lexer.c's es310_words
 * lists (its new keywords, I or R in the columns here).
 */
#define GLSL_KEYWORDS(X) \
	X(ATTRIBUTE, "attribute", K, R) X(CONST, "const", K, K) \
	X(UNIFORM, "uniform", K, K) X(VARYING, "varying", K, R) \
	X(LAYOUT, "layout", I, K) X(CENTROID, "centroid", I, K) X(FLAT, "flat", R, K) \
	X(SMOOTH, "smooth", I, K) X(BREAK, "break", K, K) X(CONTINUE, "continue", K, K) \
	X(DO, "do", K, K) X(FOR, "for", K, K) X(WHILE, "while", K, K) \
	X(SWITCH, "switch", R, K) X(CASE, "case", I, K) X(DEFAULT, "default", R, K) \
	X(IF, "if", K, K) X(ELSE, "else", K, K) X(IN, "in", K, K) X(OUT, "out", K, K) \
	X(INOUT, "inout", K, K) X(FLOAT, "float", K, K) X(INT, "int", K, K) \
	X(VOID, "void", K, K) X(BOOL, "bool", K, K) X(TRUE, "true", K, K) \
	X(FALSE, "false", K, K) X(INVARIANT, "invariant", K, K) \
	X(DISCARD, "discard", K, K) X(RETURN, "return", K, K) \
	X(MAT2, "mat2", K, K) X(MAT3, "mat3", K, K) X(MAT4, "mat4", K, K) \
	X(MAT2X2, "mat2x2", I, K) X(MAT2X3, "mat2x3", I, K) X(MAT2X4, "mat2x4", I, K) \
	X(MAT3X2, "mat3x2", I, K) X(MAT3X3, "mat3x3", I, K) X(MAT3X4, "mat3x4", I, K) \
	X(MAT4X2, "mat4x2", I, K) X(MAT4X3, "mat4x3", I, K) X(MAT4X4, "mat4x4", I, K) \
	X(VEC2, "vec2", K, K) X(VEC3, "vec3", K, K) X(VEC4, "vec4", K, K) \
	X(IVEC2, "ivec2", K, K) X(IVEC3, "ivec3", K, K) X(IVEC4, "ivec4", K, K) \
	X(BVEC2, "bvec2", K, K) X(BVEC3, "bvec3", K, K) X(BVEC4, "bvec4", K, K) \
	X(UINT, "uint", I, K) X(UVEC2, "uvec2", I, K) X(UVEC3, "uvec3", I, K) \
	X(UVEC4, "uvec4", I, K) X(LOWP, "lowp", K, K) X(MEDIUMP, "mediump", K, K) \
	X(HIGHP, "highp", K, K) X(PRECISION, "precision", K, K) X(PRECISE, "precise", I, I) \
	X(SAMPLER2D, "sampler2D", K, K) X(SAMPLERCUBE, "samplerCube", K, K) \
	X(SAMPLER3D, "sampler3D", R, K) X(SAMPLER2DSHADOW, "sampler2DShadow", R, K) \
	X(SAMPLERCUBESHADOW, "samplerCubeShadow", I, K) \
	X(SAMPLER2DARRAY, "sampler2DArray", I, K) \
	X(SAMPLER2DARRAYSHADOW, "sampler2DArrayShadow", I, K) \
	X(ISAMPLER2D, "isampler2D", I, K) X(ISAMPLER3D, "isampler3D", I, K) \
	X(ISAMPLERCUBE, "isamplerCube", I, K) X(ISAMPLER2DARRAY, "isampler2DArray", I, K) \
	X(USAMPLER2D, "usampler2D", I, K) X(USAMPLER3D, "usampler3D", I, K) \
	X(USAMPLERCUBE, "usamplerCube", I, K) X(USAMPLER2DARRAY, "usampler2DArray", I, K) \
	/* ES 3.10 (multisample samplers; reserved in 3.00) */ \
	X(SAMPLER2DMS, "sampler2DMS", I, R) X(ISAMPLER2DMS, "isampler2DMS", I, R) \
	X(USAMPLER2DMS, "usampler2DMS", I, R) \
	X(SAMPLEREXTERNALOES, "samplerExternalOES", I, I) \
	/* ES 3.10 under GL_EXT_texture_cube_map_array (identifiers without it) */ \
	X(SAMPLERCUBEARRAY, "samplerCubeArray", I, I) \
	X(SAMPLERCUBEARRAYSHADOW, "samplerCubeArrayShadow", I, I) \
	X(ISAMPLERCUBEARRAY, "isamplerCubeArray", I, I) \
	X(USAMPLERCUBEARRAY, "usamplerCubeArray", I, I) \
	X(IMAGECUBEARRAY, "imageCubeArray", I, I) X(IIMAGECUBEARRAY, "iimageCubeArray", I, I) \
	X(UIMAGECUBEARRAY, "uimageCubeArray", I, I) \
	/* ES 3.10 under GL_EXT/OES_texture_buffer (reserved words without it) */ \
	X(SAMPLERBUFFER, "samplerBuffer", I, R) X(ISAMPLERBUFFER, "isamplerBuffer", I, R) \
	X(USAMPLERBUFFER, "usamplerBuffer", I, R) X(IMAGEBUFFER, "imageBuffer", I, R) \
	X(IIMAGEBUFFER, "iimageBuffer", I, R) X(UIMAGEBUFFER, "uimageBuffer", I, R) \
	/* ES 3.10 under GL_OES_texture_storage_multisample_2d_array (reserved without it) */ \
	X(SAMPLER2DMSARRAY, "sampler2DMSArray", I, R) \
	X(ISAMPLER2DMSARRAY, "isampler2DMSArray", I, R) \
	X(USAMPLER2DMSARRAY, "usampler2DMSArray", I, R) \
	/* ES 3.10 images (reserved words in 3.00) */ \
	X(IMAGE2D, "image2D", I, R) X(IIMAGE2D, "iimage2D", I, R) \
	X(UIMAGE2D, "uimage2D", I, R) X(IMAGE3D, "image3D", I, R) \
	X(IIMAGE3D, "iimage3D", I, R) X(UIMAGE3D, "uimage3D", I, R) \
	X(IMAGECUBE, "imageCube", I, R) X(IIMAGECUBE, "iimageCube", I, R) \
	X(UIMAGECUBE, "uimageCube", I, R) X(IMAGE2DARRAY, "image2DArray", I, R) \
	X(IIMAGE2DARRAY, "iimage2DArray", I, R) X(UIMAGE2DARRAY, "uimage2DArray", I, R) \
	X(ATOMIC_UINT, "atomic_uint", I, R) \
	X(STRUCT, "struct", K, K) \
	/* ES 3.10 */ \
	X(BUFFER, "buffer", I, I) X(SHARED, "shared", I, I) \
	X(COHERENT, "coherent", I, R) X(VOLATILE, "volatile", R, R) \
	X(RESTRICT, "restrict", I, R) X(READONLY, "readonly", I, R) \
	X(WRITEONLY, "writeonly", I, R) \
	/* ES 3.10 under GL_EXT/OES_tessellation_shader (sema checks it) */ \
	X(PATCH, "patch", I, R) \
	/* ES 3.10 under GL_OES_shader_multisample_interpolation (glsl_pp.c) */ \
	X(SAMPLE, "sample", I, R)

enum glsl_tok {
	GLSL_TOK_EOF = 0,
	GLSL_TOK_IDENT,      /* value: identifier id (glsl_token_stream_ident) */
	GLSL_TOK_INTCONST,   /* value: the literal's 32 bits */
	GLSL_TOK_UINTCONST,  /* value: the literal's 32 bits ('u' suffix, ES 3.00) */
	GLSL_TOK_FLOATCONST, /* fval */
	GLSL_TOK_RESERVED,   /* a reserved word; value: identifier id */
	GLSL_TOK_INVALID,    /* a byte outside the character set; value: the byte */
	GLSL_TOK_BAD_NUMBER, /* malformed literal; value: enum glsl_number_error */
	GLSL_TOK_PP_PARAM,   /* preprocessor only: macro parameter value */
#define GLSL_TOK_P(name, str, r) GLSL_TOK_##name,
	GLSL_PUNCTUATORS(GLSL_TOK_P)
#undef GLSL_TOK_P
#define GLSL_TOK_K(name, str, a, b) GLSL_TOK_KW_##name,
	GLSL_KEYWORDS(GLSL_TOK_K)
#undef GLSL_TOK_K
	GLSL_TOK_COUNT
};

#define GLSL_TOK_FIRST_KEYWORD GLSL_TOK_KW_ATTRIBUTE
/* The opaque type keywords, samplers, images then atomic_uint, in one range. */
#define GLSL_TOK_FIRST_OPAQUE GLSL_TOK_KW_SAMPLER2D
#define GLSL_TOK_LAST_OPAQUE GLSL_TOK_KW_ATOMIC_UINT

enum glsl_number_error {
	GLSL_NUM_OK = 0,
	GLSL_NUM_BAD_SUFFIX,    /* letters after the digits ("1e", "3x", "1.0u") */
	GLSL_NUM_BAD_OCTAL,     /* 8 or 9 in an octal literal */
	GLSL_NUM_NO_HEX_DIGITS, /* "0x" */
	GLSL_NUM_TOO_LARGE,     /* an integer that does not fit in 32 bits */
};

/* Token flags. */
enum {
	GLSL_TF_BOL = 1 << 0,        /* first token on its line */
	GLSL_TF_SPACE = 1 << 1,      /* white space or a comment before it */
	GLSL_TF_NOEXPAND = 1 << 2,   /* a macro name that must never expand again */
	GLSL_TF_FROM_MACRO = 1 << 3, /* came from a macro's replacement list */
	GLSL_TF_F_SUFFIX = 1 << 4,   /* float literal with 'f'/'F' (ES 3.00 only) */
	GLSL_TF_U_SUFFIX = 1 << 5,   /* integer literal with 'u'/'U' (ES 3.00 only) */
};

struct glsl_token {
	uint16_t kind;  /* enum glsl_tok */
	uint16_t flags; /* GLSL_TF_* */
	uint32_t line;  /* after #line */
	uint16_t col;   /* 1-based byte column; saturates at 65535 */
	uint16_t file;  /* source string number (#line's second operand) */
	union {
		uint32_t value;
		float fval;
	};
};

/* "(", "<<=", "attribute", ... for punctuators and keywords; NULL otherwise. */
const char *glsl_tok_spelling(enum glsl_tok kind);
/* A short name for any kind, for messages ("identifier", "integer literal"). */
const char *glsl_tok_name(enum glsl_tok kind);
/* True for operators that ES 1.00 reserves (%, &, <<, ... and their =). */
int glsl_tok_reserved_in_es100(enum glsl_tok kind);
/* The binary operator of a compound assignment (+= -> +), 0 for any other token. */
enum glsl_tok glsl_tok_assign_op(enum glsl_tok kind);
