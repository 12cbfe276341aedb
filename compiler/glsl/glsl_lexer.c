/* SPDX-License-Identifier: MIT */
#include "glsl_lexer.h"

#include <float.h>
#include <locale.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

/* ---- the fixed words: keywords, reserved words, preprocessor words ------ */

struct glsl_word {
	const char *name;
	uint8_t len;
	uint16_t kind100, kind300;
	uint8_t ppword;
};

/* Sorted by bytes (tests check it), searched with bsearch on first intern. */
static const struct glsl_word words[] = {
	{ "GL_ES", 5, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_GL_ES },
	{ "GL_FRAGMENT_PRECISION_HIGH", 26, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_FRAG_HIGHP },
	{ "STDGL", 5, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_STDGL },
	{ "__FILE__", 8, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_FILE_MACRO },
	{ "__LINE__", 8, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_LINE_MACRO },
	{ "__VERSION__", 11, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_VERSION_MACRO },
	{ "active", 6, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "all", 3, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_ALL },
	{ "asm", 3, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "atomic_uint", 11, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "attribute", 9, GLSL_TOK_KW_ATTRIBUTE, GLSL_TOK_RESERVED, PPW_NONE },
	{ "bool", 4, GLSL_TOK_KW_BOOL, GLSL_TOK_KW_BOOL, PPW_NONE },
	{ "break", 5, GLSL_TOK_KW_BREAK, GLSL_TOK_KW_BREAK, PPW_NONE },
	{ "buffer", 6, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_NONE },
	{ "bvec2", 5, GLSL_TOK_KW_BVEC2, GLSL_TOK_KW_BVEC2, PPW_NONE },
	{ "bvec3", 5, GLSL_TOK_KW_BVEC3, GLSL_TOK_KW_BVEC3, PPW_NONE },
	{ "bvec4", 5, GLSL_TOK_KW_BVEC4, GLSL_TOK_KW_BVEC4, PPW_NONE },
	{ "case", 4, GLSL_TOK_IDENT, GLSL_TOK_KW_CASE, PPW_NONE },
	{ "cast", 4, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "centroid", 8, GLSL_TOK_IDENT, GLSL_TOK_KW_CENTROID, PPW_NONE },
	{ "class", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "coherent", 8, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "common", 6, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "const", 5, GLSL_TOK_KW_CONST, GLSL_TOK_KW_CONST, PPW_NONE },
	{ "continue", 8, GLSL_TOK_KW_CONTINUE, GLSL_TOK_KW_CONTINUE, PPW_NONE },
	{ "debug", 5, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_DEBUG },
	{ "default", 7, GLSL_TOK_RESERVED, GLSL_TOK_KW_DEFAULT, PPW_NONE },
	{ "define", 6, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_DEFINE },
	{ "defined", 7, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_DEFINED },
	{ "disable", 7, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_DISABLE },
	{ "discard", 7, GLSL_TOK_KW_DISCARD, GLSL_TOK_KW_DISCARD, PPW_NONE },
	{ "do", 2, GLSL_TOK_KW_DO, GLSL_TOK_KW_DO, PPW_NONE },
	{ "double", 6, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "dvec2", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "dvec3", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "dvec4", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "elif", 4, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_ELIF },
	{ "else", 4, GLSL_TOK_KW_ELSE, GLSL_TOK_KW_ELSE, PPW_ELSE },
	{ "enable", 6, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_ENABLE },
	{ "endif", 5, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_ENDIF },
	{ "enum", 4, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "error", 5, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_ERROR },
	{ "es", 2, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_ES },
	{ "extension", 9, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_EXTENSION },
	{ "extern", 6, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "external", 8, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "false", 5, GLSL_TOK_KW_FALSE, GLSL_TOK_KW_FALSE, PPW_NONE },
	{ "filter", 6, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "fixed", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "flat", 4, GLSL_TOK_RESERVED, GLSL_TOK_KW_FLAT, PPW_NONE },
	{ "float", 5, GLSL_TOK_KW_FLOAT, GLSL_TOK_KW_FLOAT, PPW_NONE },
	{ "for", 3, GLSL_TOK_KW_FOR, GLSL_TOK_KW_FOR, PPW_NONE },
	{ "fvec2", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "fvec3", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "fvec4", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "goto", 4, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "half", 4, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "highp", 5, GLSL_TOK_KW_HIGHP, GLSL_TOK_KW_HIGHP, PPW_NONE },
	{ "hvec2", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "hvec3", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "hvec4", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "if", 2, GLSL_TOK_KW_IF, GLSL_TOK_KW_IF, PPW_IF },
	{ "ifdef", 5, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_IFDEF },
	{ "ifndef", 6, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_IFNDEF },
	{ "iimage1D", 8, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "iimage1DArray", 13, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "iimage2D", 8, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "iimage2DArray", 13, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "iimage3D", 8, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "iimageBuffer", 12, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_TEX_BUFFER },
	{ "iimageCube", 10, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "iimageCubeArray", 15, GLSL_TOK_IDENT, GLSL_TOK_KW_IIMAGECUBEARRAY, PPW_CUBE_ARRAY },
	{ "image1D", 7, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "image1DArray", 12, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "image2D", 7, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "image2DArray", 12, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "image3D", 7, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "imageBuffer", 11, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_TEX_BUFFER },
	{ "imageCube", 9, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "imageCubeArray", 14, GLSL_TOK_IDENT, GLSL_TOK_KW_IMAGECUBEARRAY, PPW_CUBE_ARRAY },
	{ "in", 2, GLSL_TOK_KW_IN, GLSL_TOK_KW_IN, PPW_NONE },
	{ "inline", 6, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "inout", 5, GLSL_TOK_KW_INOUT, GLSL_TOK_KW_INOUT, PPW_NONE },
	{ "input", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "int", 3, GLSL_TOK_KW_INT, GLSL_TOK_KW_INT, PPW_NONE },
	{ "interface", 9, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "invariant", 9, GLSL_TOK_KW_INVARIANT, GLSL_TOK_KW_INVARIANT, PPW_INVARIANT },
	{ "isampler1D", 10, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "isampler1DArray", 15, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "isampler2D", 10, GLSL_TOK_IDENT, GLSL_TOK_KW_ISAMPLER2D, PPW_NONE },
	{ "isampler2DArray", 15, GLSL_TOK_IDENT, GLSL_TOK_KW_ISAMPLER2DARRAY, PPW_NONE },
	{ "isampler2DMS", 12, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "isampler2DMSArray", 17, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_MS_ARRAY },
	{ "isampler2DRect", 14, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "isampler3D", 10, GLSL_TOK_IDENT, GLSL_TOK_KW_ISAMPLER3D, PPW_NONE },
	{ "isamplerBuffer", 14, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_TEX_BUFFER },
	{ "isamplerCube", 12, GLSL_TOK_IDENT, GLSL_TOK_KW_ISAMPLERCUBE, PPW_NONE },
	{ "isamplerCubeArray", 17, GLSL_TOK_IDENT, GLSL_TOK_KW_ISAMPLERCUBEARRAY, PPW_CUBE_ARRAY },
	{ "ivec2", 5, GLSL_TOK_KW_IVEC2, GLSL_TOK_KW_IVEC2, PPW_NONE },
	{ "ivec3", 5, GLSL_TOK_KW_IVEC3, GLSL_TOK_KW_IVEC3, PPW_NONE },
	{ "ivec4", 5, GLSL_TOK_KW_IVEC4, GLSL_TOK_KW_IVEC4, PPW_NONE },
	{ "layout", 6, GLSL_TOK_IDENT, GLSL_TOK_KW_LAYOUT, PPW_NONE },
	{ "line", 4, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_LINE },
	{ "long", 4, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "lowp", 4, GLSL_TOK_KW_LOWP, GLSL_TOK_KW_LOWP, PPW_NONE },
	{ "mat2", 4, GLSL_TOK_KW_MAT2, GLSL_TOK_KW_MAT2, PPW_NONE },
	{ "mat2x2", 6, GLSL_TOK_IDENT, GLSL_TOK_KW_MAT2X2, PPW_NONE },
	{ "mat2x3", 6, GLSL_TOK_IDENT, GLSL_TOK_KW_MAT2X3, PPW_NONE },
	{ "mat2x4", 6, GLSL_TOK_IDENT, GLSL_TOK_KW_MAT2X4, PPW_NONE },
	{ "mat3", 4, GLSL_TOK_KW_MAT3, GLSL_TOK_KW_MAT3, PPW_NONE },
	{ "mat3x2", 6, GLSL_TOK_IDENT, GLSL_TOK_KW_MAT3X2, PPW_NONE },
	{ "mat3x3", 6, GLSL_TOK_IDENT, GLSL_TOK_KW_MAT3X3, PPW_NONE },
	{ "mat3x4", 6, GLSL_TOK_IDENT, GLSL_TOK_KW_MAT3X4, PPW_NONE },
	{ "mat4", 4, GLSL_TOK_KW_MAT4, GLSL_TOK_KW_MAT4, PPW_NONE },
	{ "mat4x2", 6, GLSL_TOK_IDENT, GLSL_TOK_KW_MAT4X2, PPW_NONE },
	{ "mat4x3", 6, GLSL_TOK_IDENT, GLSL_TOK_KW_MAT4X3, PPW_NONE },
	{ "mat4x4", 6, GLSL_TOK_IDENT, GLSL_TOK_KW_MAT4X4, PPW_NONE },
	{ "mediump", 7, GLSL_TOK_KW_MEDIUMP, GLSL_TOK_KW_MEDIUMP, PPW_NONE },
	{ "namespace", 9, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "noinline", 8, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "noperspective", 13, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "off", 3, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_OFF },
	{ "on", 2, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_ON },
	{ "optimize", 8, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_OPTIMIZE },
	{ "out", 3, GLSL_TOK_KW_OUT, GLSL_TOK_KW_OUT, PPW_NONE },
	{ "output", 6, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "packed", 6, GLSL_TOK_RESERVED, GLSL_TOK_IDENT, PPW_NONE },
	{ "partition", 9, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "patch", 5, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "pragma", 6, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_PRAGMA },
	{ "precise", 7, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_PRECISE },
	{ "precision", 9, GLSL_TOK_KW_PRECISION, GLSL_TOK_KW_PRECISION, PPW_NONE },
	{ "public", 6, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "readonly", 8, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "require", 7, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_REQUIRE },
	{ "resource", 8, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "restrict", 8, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "return", 6, GLSL_TOK_KW_RETURN, GLSL_TOK_KW_RETURN, PPW_NONE },
	{ "sample", 6, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_SAMPLE },
	{ "sampler1D", 9, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "sampler1DArray", 14, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "sampler1DArrayShadow", 20, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "sampler1DShadow", 15, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "sampler2D", 9, GLSL_TOK_KW_SAMPLER2D, GLSL_TOK_KW_SAMPLER2D, PPW_NONE },
	{ "sampler2DArray", 14, GLSL_TOK_IDENT, GLSL_TOK_KW_SAMPLER2DARRAY, PPW_NONE },
	{ "sampler2DArrayShadow", 20, GLSL_TOK_IDENT, GLSL_TOK_KW_SAMPLER2DARRAYSHADOW, PPW_NONE },
	{ "sampler2DMS", 11, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "sampler2DMSArray", 16, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_MS_ARRAY },
	{ "sampler2DRect", 13, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "sampler2DRectShadow", 19, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "sampler2DShadow", 15, GLSL_TOK_RESERVED, GLSL_TOK_KW_SAMPLER2DSHADOW, PPW_NONE },
	{ "sampler3D", 9, GLSL_TOK_RESERVED, GLSL_TOK_KW_SAMPLER3D, PPW_NONE },
	{ "sampler3DRect", 13, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "samplerBuffer", 13, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_TEX_BUFFER },
	{ "samplerCube", 11, GLSL_TOK_KW_SAMPLERCUBE, GLSL_TOK_KW_SAMPLERCUBE, PPW_NONE },
	{ "samplerCubeArray", 16, GLSL_TOK_IDENT, GLSL_TOK_KW_SAMPLERCUBEARRAY, PPW_CUBE_ARRAY },
	{ "samplerCubeArrayShadow", 22, GLSL_TOK_IDENT, GLSL_TOK_KW_SAMPLERCUBEARRAYSHADOW, PPW_CUBE_ARRAY },
	{ "samplerCubeShadow", 17, GLSL_TOK_IDENT, GLSL_TOK_KW_SAMPLERCUBESHADOW, PPW_NONE },
	{ "samplerExternalOES", 18, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_SAMPLER_EXTERNAL },
	{ "shared", 6, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_NONE },
	{ "short", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "sizeof", 6, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "smooth", 6, GLSL_TOK_IDENT, GLSL_TOK_KW_SMOOTH, PPW_NONE },
	{ "static", 6, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "struct", 6, GLSL_TOK_KW_STRUCT, GLSL_TOK_KW_STRUCT, PPW_NONE },
	{ "subroutine", 10, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "superp", 6, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "switch", 6, GLSL_TOK_RESERVED, GLSL_TOK_KW_SWITCH, PPW_NONE },
	{ "template", 8, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "this", 4, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "true", 4, GLSL_TOK_KW_TRUE, GLSL_TOK_KW_TRUE, PPW_NONE },
	{ "typedef", 7, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "uimage1D", 8, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "uimage1DArray", 13, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "uimage2D", 8, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "uimage2DArray", 13, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "uimage3D", 8, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "uimageBuffer", 12, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_TEX_BUFFER },
	{ "uimageCube", 10, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "uimageCubeArray", 15, GLSL_TOK_IDENT, GLSL_TOK_KW_UIMAGECUBEARRAY, PPW_CUBE_ARRAY },
	{ "uint", 4, GLSL_TOK_IDENT, GLSL_TOK_KW_UINT, PPW_NONE },
	{ "undef", 5, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_UNDEF },
	{ "uniform", 7, GLSL_TOK_KW_UNIFORM, GLSL_TOK_KW_UNIFORM, PPW_NONE },
	{ "union", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "unsigned", 8, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "usampler1D", 10, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "usampler1DArray", 15, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "usampler2D", 10, GLSL_TOK_IDENT, GLSL_TOK_KW_USAMPLER2D, PPW_NONE },
	{ "usampler2DArray", 15, GLSL_TOK_IDENT, GLSL_TOK_KW_USAMPLER2DARRAY, PPW_NONE },
	{ "usampler2DMS", 12, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "usampler2DMSArray", 17, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_MS_ARRAY },
	{ "usampler2DRect", 14, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
	{ "usampler3D", 10, GLSL_TOK_IDENT, GLSL_TOK_KW_USAMPLER3D, PPW_NONE },
	{ "usamplerBuffer", 14, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_TEX_BUFFER },
	{ "usamplerCube", 12, GLSL_TOK_IDENT, GLSL_TOK_KW_USAMPLERCUBE, PPW_NONE },
	{ "usamplerCubeArray", 17, GLSL_TOK_IDENT, GLSL_TOK_KW_USAMPLERCUBEARRAY, PPW_CUBE_ARRAY },
	{ "using", 5, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "uvec2", 5, GLSL_TOK_IDENT, GLSL_TOK_KW_UVEC2, PPW_NONE },
	{ "uvec3", 5, GLSL_TOK_IDENT, GLSL_TOK_KW_UVEC3, PPW_NONE },
	{ "uvec4", 5, GLSL_TOK_IDENT, GLSL_TOK_KW_UVEC4, PPW_NONE },
	{ "varying", 7, GLSL_TOK_KW_VARYING, GLSL_TOK_RESERVED, PPW_NONE },
	{ "vec2", 4, GLSL_TOK_KW_VEC2, GLSL_TOK_KW_VEC2, PPW_NONE },
	{ "vec3", 4, GLSL_TOK_KW_VEC3, GLSL_TOK_KW_VEC3, PPW_NONE },
	{ "vec4", 4, GLSL_TOK_KW_VEC4, GLSL_TOK_KW_VEC4, PPW_NONE },
	{ "version", 7, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_VERSION },
	{ "void", 4, GLSL_TOK_KW_VOID, GLSL_TOK_KW_VOID, PPW_NONE },
	{ "volatile", 8, GLSL_TOK_RESERVED, GLSL_TOK_RESERVED, PPW_NONE },
	{ "warn", 4, GLSL_TOK_IDENT, GLSL_TOK_IDENT, PPW_WARN },
	{ "while", 5, GLSL_TOK_KW_WHILE, GLSL_TOK_KW_WHILE, PPW_NONE },
	{ "writeonly", 9, GLSL_TOK_IDENT, GLSL_TOK_RESERVED, PPW_NONE },
};

#define NWORDS (sizeof(words) / sizeof(words[0]))

/* ES 3.10 keeps 3.00's words but for these, its new keywords (GLSL ES 3.10
 * §3.7): buffer and shared blocks and variables, the memory qualifiers,
 * the image types, the multisample samplers, atomic_uint; and the buffer
 * samplers and images of GL_EXT_texture_buffer. */
static const struct {
	const char *name;
	uint16_t kind;
} es310_words[] = {
	{ "buffer", GLSL_TOK_KW_BUFFER }, { "shared", GLSL_TOK_KW_SHARED },
	{ "coherent", GLSL_TOK_KW_COHERENT }, { "volatile", GLSL_TOK_KW_VOLATILE },
	{ "restrict", GLSL_TOK_KW_RESTRICT }, { "readonly", GLSL_TOK_KW_READONLY },
	{ "writeonly", GLSL_TOK_KW_WRITEONLY },
	{ "image2D", GLSL_TOK_KW_IMAGE2D }, { "iimage2D", GLSL_TOK_KW_IIMAGE2D },
	{ "uimage2D", GLSL_TOK_KW_UIMAGE2D }, { "image3D", GLSL_TOK_KW_IMAGE3D },
	{ "iimage3D", GLSL_TOK_KW_IIMAGE3D }, { "uimage3D", GLSL_TOK_KW_UIMAGE3D },
	{ "imageCube", GLSL_TOK_KW_IMAGECUBE }, { "iimageCube", GLSL_TOK_KW_IIMAGECUBE },
	{ "uimageCube", GLSL_TOK_KW_UIMAGECUBE }, { "image2DArray", GLSL_TOK_KW_IMAGE2DARRAY },
	{ "iimage2DArray", GLSL_TOK_KW_IIMAGE2DARRAY },
	{ "uimage2DArray", GLSL_TOK_KW_UIMAGE2DARRAY },
	{ "sampler2DMS", GLSL_TOK_KW_SAMPLER2DMS }, { "isampler2DMS", GLSL_TOK_KW_ISAMPLER2DMS },
	{ "usampler2DMS", GLSL_TOK_KW_USAMPLER2DMS },
	{ "atomic_uint", GLSL_TOK_KW_ATOMIC_UINT },
	/* a tessellation shader's per-patch varyings (sema wants the extension) */
	{ "patch", GLSL_TOK_KW_PATCH },
	/* keywords only where GL_EXT/OES_texture_buffer is on (glsl_pp.c) */
	{ "samplerBuffer", GLSL_TOK_KW_SAMPLERBUFFER }, { "isamplerBuffer", GLSL_TOK_KW_ISAMPLERBUFFER },
	{ "usamplerBuffer", GLSL_TOK_KW_USAMPLERBUFFER }, { "imageBuffer", GLSL_TOK_KW_IMAGEBUFFER },
	{ "iimageBuffer", GLSL_TOK_KW_IIMAGEBUFFER }, { "uimageBuffer", GLSL_TOK_KW_UIMAGEBUFFER },
	/* keywords only where GL_OES_texture_storage_multisample_2d_array is on */
	{ "sampler2DMSArray", GLSL_TOK_KW_SAMPLER2DMSARRAY },
	{ "isampler2DMSArray", GLSL_TOK_KW_ISAMPLER2DMSARRAY },
	{ "usampler2DMSArray", GLSL_TOK_KW_USAMPLER2DMSARRAY },
};

static uint16_t kind310(const struct glsl_word *w)
{
	for (size_t i = 0; w && i < sizeof(es310_words) / sizeof(es310_words[0]); i++)
		if (!strcmp(w->name, es310_words[i].name))
			return es310_words[i].kind;
	return w ? w->kind300 : GLSL_TOK_IDENT;
}

static int word_cmp(const char *a, uint32_t alen, const struct glsl_word *w)
{
	uint32_t n = alen < w->len ? alen : w->len;
	int c = memcmp(a, w->name, n);

	return c ? c : (int)alen - (int)w->len;
}

static const struct glsl_word *word_lookup(const char *s, uint32_t len)
{
	size_t lo = 0, hi = NWORDS;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = word_cmp(s, len, &words[mid]);

		if (!c)
			return &words[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* For the tests: the binary search above relies on this. */
bool glsl_lexer_words_sorted(void);
bool glsl_lexer_words_sorted(void)
{
	for (size_t i = 1; i < NWORDS; i++)
		if (word_cmp(words[i].name, words[i].len, &words[i - 1]) <= 0)
			return false;
	return true;
}

/* ---- identifier interning ------------------------------------------------ */

static uint32_t hash_bytes(const char *s, uint32_t len)
{
	uint32_t h = 2166136261u;

	for (uint32_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
}

bool glsl_idents_init(struct glsl_idents *t, struct glsl_arena *arena)
{
	memset(t, 0, sizeof(*t));
	t->arena = arena;
	t->mask = 255;
	t->cap = 128;
	t->slots = calloc(t->mask + 1, sizeof(*t->slots));
	t->ids = malloc(t->cap * sizeof(*t->ids));
	return t->slots && t->ids;
}

void glsl_idents_finish(struct glsl_idents *t)
{
	free(t->slots);
	free(t->ids);
	t->slots = NULL;
	t->ids = NULL;
}

static bool rehash(struct glsl_idents *t)
{
	uint32_t mask = t->mask * 2 + 1;
	uint32_t *slots = calloc((size_t)mask + 1, sizeof(*slots));

	if (!slots)
		return false;
	for (uint32_t id = 0; id < t->count; id++) {
		uint32_t i = t->ids[id].hash & mask;

		while (slots[i])
			i = (i + 1) & mask;
		slots[i] = id + 1;
	}
	free(t->slots);
	t->slots = slots;
	t->mask = mask;
	return true;
}

static bool add_ident(struct glsl_idents *t, const char *name, uint32_t len, uint32_t h)
{
	const struct glsl_word *w = word_lookup(name, len);
	struct glsl_ident *id;

	if (t->count == t->cap) {
		struct glsl_ident *ids = realloc(t->ids, (size_t)t->cap * 2 * sizeof(*ids));

		if (!ids)
			return false;
		t->ids = ids;
		t->cap *= 2;
	}
	id = &t->ids[t->count];
	id->name = glsl_arena_strndup(t->arena, name, len);
	if (!id->name)
		return false;
	id->len = len;
	id->hash = h;
	id->kind[0] = w ? w->kind100 : GLSL_TOK_IDENT;
	id->kind[1] = w ? w->kind300 : GLSL_TOK_IDENT;
	id->kind[2] = kind310(w);
	id->ppword = w ? w->ppword : PPW_NONE;
	id->ext_checked = false;
	id->macro = NULL;
	t->count++;
	return true;
}

uint32_t glsl_idents_intern(struct glsl_idents *t, const char *name, uint32_t len)
{
	uint32_t h = hash_bytes(name, len);
	uint32_t i = h & t->mask;

	for (; t->slots[i]; i = (i + 1) & t->mask) {
		const struct glsl_ident *id = &t->ids[t->slots[i] - 1];

		if (id->hash == h && id->len == len && !memcmp(id->name, name, len))
			return t->slots[i] - 1;
	}
	if ((t->count + 1) * 2 > t->mask + 1) {
		if (!rehash(t))
			return UINT32_MAX;
		for (i = h & t->mask; t->slots[i]; i = (i + 1) & t->mask)
			;
	}
	if (!add_ident(t, name, len, h))
		return UINT32_MAX;
	t->slots[i] = t->count;
	return t->count - 1;
}

/* ---- characters ---------------------------------------------------------- */

enum { C_ID = 1, C_DIGIT = 2, C_BLANK = 4, C_NL = 8, C_HEX = 16 };

static const uint8_t cclass[256] = {
	['a' ... 'f'] = C_ID | C_HEX, ['g' ... 'z'] = C_ID,
	['A' ... 'F'] = C_ID | C_HEX, ['G' ... 'Z'] = C_ID, ['_'] = C_ID,
	['0' ... '9'] = C_ID | C_DIGIT | C_HEX,
	[' '] = C_BLANK, ['\t'] = C_BLANK, ['\v'] = C_BLANK, ['\f'] = C_BLANK,
	['\n'] = C_NL, ['\r'] = C_NL,
};

static inline unsigned cls(char c)
{
	return cclass[(unsigned char)c];
}

/* ---- line continuations ------------------------------------------------- */

/* Length of a newline at p ("\n", "\r\n" or "\r"), 0 if none. */
static size_t newline_len(const char *p, const char *end)
{
	if (p >= end || !(cls(*p) & C_NL))
		return 0;
	return (*p == '\r' && p + 1 < end && p[1] == '\n') ? 2 : 1;
}

static const char *find_splice(const char *p, const char *end)
{
	while ((p = memchr(p, '\\', (size_t)(end - p))) != NULL) {
		if (newline_len(p + 1, end))
			return p;
		p++;
	}
	return NULL;
}

/*
 * Removes every backslash-newline. The removed newlines are put back at the
 * end of the logical line, so later lines keep their numbers (tokens of a
 * continued line report its first line).
 */
static bool splice_lines(struct glsl_lexer *lx, const char *src, size_t len)
{
	const char *p = src, *end = src + len;
	char *out = malloc(len + 1);
	size_t n = 0, owed = 0;

	if (!out)
		return false;
	while (p < end) {
		size_t nl;

		if (*p == '\\' && (nl = newline_len(p + 1, end))) {
			p += 1 + nl;
			owed++;
			continue;
		}
		if (cls(*p) & C_NL) {
			memset(out + n, '\n', owed);
			n += owed;
			owed = 0;
		}
		out[n++] = *p++;
	}
	memset(out + n, '\n', owed);
	lx->spliced = out;
	lx->p = out;
	lx->end = out + n + owed;
	return true;
}

static void note_first_splice(struct glsl_lexer *lx, const char *src, const char *at)
{
	uint32_t line = 1;
	const char *ls = src;

	for (const char *p = src; p < at; p++) {
		size_t nl = newline_len(p, at + 1);

		if (nl) {
			line++;
			p += nl - 1;
			ls = p + 1;
		}
	}
	lx->splice_line = line;
	lx->splice_col = (uint32_t)(at - ls) + 1;
}

bool glsl_lexer_init(struct glsl_lexer *lx, const char *src, size_t len,
		     struct glsl_idents *idents, struct glsl_arena *arena, struct glsl_log *log)
{
	const char *splice = find_splice(src, src + len);

	memset(lx, 0, sizeof(*lx));
	lx->idents = idents;
	lx->arena = arena;
	lx->log = log;
	lx->line = 1;
	lx->pending = GLSL_TF_BOL;
	lx->p = src;
	lx->end = src + len;
	if (splice) {
		note_first_splice(lx, src, splice);
		if (!splice_lines(lx, src, len))
			return false;
	}
	lx->line_start = lx->p;
	return true;
}

void glsl_lexer_finish(struct glsl_lexer *lx)
{
	free(lx->spliced);
	lx->spliced = NULL;
}

/* ---- blanks and comments ------------------------------------------------- */

static void newline(struct glsl_lexer *lx)
{
	lx->p += newline_len(lx->p, lx->end);
	lx->line++;
	lx->line_start = lx->p;
}

static uint16_t column(const struct glsl_lexer *lx, const char *at)
{
	size_t c = (size_t)(at - lx->line_start) + 1;

	return c > UINT16_MAX ? UINT16_MAX : (uint16_t)c;
}

/* Skips a block comment starting at p ("/" "*"); newlines inside it count
 * for line numbers but do not end a directive line, as in C. */
static void skip_block_comment(struct glsl_lexer *lx)
{
	const char *start = lx->p;
	uint32_t line = lx->line;
	uint16_t col = column(lx, start);

	lx->p += 2;
	while (lx->p < lx->end) {
		if (*lx->p == '*' && lx->p + 1 < lx->end && lx->p[1] == '/') {
			lx->p += 2;
			return;
		}
		if (cls(*lx->p) & C_NL)
			newline(lx);
		else
			lx->p++;
	}
	glsl_log_error(lx->log, lx->file, line, col, "unterminated comment");
}

static void skip_line_comment(struct glsl_lexer *lx)
{
	while (lx->p < lx->end && !(cls(*lx->p) & C_NL))
		lx->p++;
}

/* Skips blanks and comments, noting them in lx->pending; with stop_at_nl
 * it stops before a newline that is not inside a comment. */
static void skip_blanks(struct glsl_lexer *lx, bool stop_at_nl)
{
	while (lx->p < lx->end) {
		unsigned c = cls(*lx->p);

		if (c & C_BLANK) {
			lx->p++;
			lx->pending |= GLSL_TF_SPACE;
		} else if (c & C_NL) {
			if (stop_at_nl)
				return;
			newline(lx);
			lx->pending |= GLSL_TF_BOL | GLSL_TF_SPACE;
		} else if (*lx->p == '/' && lx->p + 1 < lx->end && (lx->p[1] == '*' || lx->p[1] == '/')) {
			if (lx->p[1] == '*')
				skip_block_comment(lx);
			else
				skip_line_comment(lx);
			lx->pending |= GLSL_TF_SPACE;
		} else {
			return;
		}
	}
}

bool glsl_lex_at_eol(struct glsl_lexer *lx)
{
	skip_blanks(lx, true);
	return lx->p >= lx->end || (cls(*lx->p) & C_NL);
}

void glsl_lex_skip_line(struct glsl_lexer *lx)
{
	while (lx->p < lx->end && !(cls(*lx->p) & C_NL)) {
		if (*lx->p == '/' && lx->p + 1 < lx->end && lx->p[1] == '*')
			skip_block_comment(lx);
		else if (*lx->p == '/' && lx->p + 1 < lx->end && lx->p[1] == '/')
			skip_line_comment(lx);
		else
			lx->p++;
	}
}

const char *glsl_lex_rest_of_line(struct glsl_lexer *lx, size_t *len)
{
	const char *s;

	while (lx->p < lx->end && (cls(*lx->p) & C_BLANK))
		lx->p++;
	s = lx->p;
	while (lx->p < lx->end && !(cls(*lx->p) & C_NL))
		lx->p++;
	*len = (size_t)(lx->p - s);
	return s;
}

/* ---- numbers ------------------------------------------------------------- */

static locale_t c_locale;
static pthread_once_t c_locale_once = PTHREAD_ONCE_INIT;

static void make_c_locale(void)
{
	c_locale = newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

/* Exact powers of ten as floats (10^10 < 2^24 * 2^10 is still exact). */
static const float exact_pow10[] = { 1e0f, 1e1f, 1e2f, 1e3f, 1e4f, 1e5f, 1e6f, 1e7f, 1e8f, 1e9f, 1e10f };

/*
 * Decimal text -> float. Short literals take the exact fast path (an integer
 * mantissa below 2^24 times or divided by an exact power of ten rounds once);
 * the rest go to strtof_l in the "C" locale, since the application's locale
 * may use a decimal comma.
 */
static float parse_float(struct glsl_lexer *lx, const char *s, size_t len)
{
	uint32_t mant = 0, digits = 0;
	int exp10 = 0, esign = 1, e = 0;
	size_t i = 0;
	char buf[64], *copy = buf;

	for (; i < len && (cls(s[i]) & C_DIGIT); i++, digits++)
		mant = mant * 10 + (uint32_t)(s[i] - '0');
	if (i < len && s[i] == '.')
		for (i++; i < len && (cls(s[i]) & C_DIGIT); i++, digits++, exp10--)
			mant = mant * 10 + (uint32_t)(s[i] - '0');
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		i++;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			esign = s[i++] == '-' ? -1 : 1;
		for (; i < len && (cls(s[i]) & C_DIGIT) && e < 100000; i++)
			e = e * 10 + (s[i] - '0');
	}
	exp10 += esign * e;
	if (digits <= 7 && exp10 >= -10 && exp10 <= 10)
		return exp10 < 0 ? (float)mant / exact_pow10[-exp10] : (float)mant * exact_pow10[exp10];
	if (len >= sizeof(buf) && !(copy = glsl_arena_alloc(lx->arena, len + 1)))
		return 0.0f;
	memcpy(copy, s, len);
	copy[len] = '\0';
	pthread_once(&c_locale_once, make_c_locale);
	return c_locale ? strtof_l(copy, NULL, c_locale) : strtof(copy, NULL);
}

/* Scans digits in base (8, 10, 16) into *v; returns where they end. */
static const char *scan_int(const char *s, const char *end, unsigned base, uint64_t *v,
			    bool *bad_digit)
{
	uint64_t n = 0;

	for (; s < end && (cls(*s) & C_HEX); s++) {
		unsigned d = (cls(*s) & C_DIGIT) ? (unsigned)(*s - '0') : (unsigned)((*s | 0x20) - 'a' + 10);

		if (d >= base) {
			if (base == 8 && d < 10) {
				*bad_digit = true;
				continue;
			}
			break;
		}
		if (n <= UINT32_MAX)
			n = n * base + d;
	}
	*v = n;
	return s;
}

static void classify_int(struct glsl_token *t, const char *s, const char *end)
{
	unsigned base = 10;
	bool bad_digit = false;
	uint64_t v;

	if (s[0] == '0' && s + 1 < end && (s[1] | 0x20) == 'x') {
		base = 16;
		s += 2;
		if (s >= end || !(cls(*s) & C_HEX)) {
			t->kind = GLSL_TOK_BAD_NUMBER;
			t->value = GLSL_NUM_NO_HEX_DIGITS;
			return;
		}
	} else if (s[0] == '0') {
		base = 8;
	}
	s = scan_int(s, end, base, &v, &bad_digit);
	t->kind = GLSL_TOK_INTCONST;
	t->value = (uint32_t)v;
	if (s < end && (*s == 'u' || *s == 'U')) {
		t->kind = GLSL_TOK_UINTCONST;
		t->flags |= GLSL_TF_U_SUFFIX;
		s++;
	}
	if (s != end || bad_digit || v > UINT32_MAX) {
		t->value = s != end ? GLSL_NUM_BAD_SUFFIX : bad_digit ? GLSL_NUM_BAD_OCTAL : GLSL_NUM_TOO_LARGE;
		t->kind = GLSL_TOK_BAD_NUMBER;
	}
}

/* True when s[0..len) is a float literal by the grammar (suffix f/F allowed,
 * flagged); *mlen is its length without the suffix. */
static bool float_syntax(const char *s, size_t len, size_t *mlen)
{
	size_t i = 0, digits = 0;

	while (i < len && (cls(s[i]) & C_DIGIT))
		i++, digits++;
	if (i < len && s[i] == '.')
		for (i++; i < len && (cls(s[i]) & C_DIGIT); i++)
			digits++;
	if (!digits)
		return false;
	if (i < len && (s[i] == 'e' || s[i] == 'E')) {
		size_t ed = 0;

		i++;
		if (i < len && (s[i] == '+' || s[i] == '-'))
			i++;
		for (; i < len && (cls(s[i]) & C_DIGIT); i++)
			ed++;
		if (!ed)
			return false;
	}
	*mlen = i;
	return i == len || (i + 1 == len && (s[i] | 0x20) == 'f');
}

static bool looks_float(const char *s, size_t len)
{
	if (len > 1 && s[0] == '0' && (s[1] | 0x20) == 'x')
		return false;
	for (size_t i = 0; i < len; i++)
		if (s[i] == '.' || (s[i] | 0x20) == 'e')
			return true;
	return false;
}

/* A pp-number: a digit (or '.' digit), then letters, digits, '_', '.', and
 * signs right after an exponent 'e' (not in hex, where 'e' is a digit). */
static void lex_number(struct glsl_lexer *lx, struct glsl_token *t)
{
	const char *s = lx->p, *p = s + 1;
	bool hex = s[0] == '0' && p < lx->end && (*p | 0x20) == 'x';
	size_t len, mlen;

	while (p < lx->end) {
		if ((cls(*p) & C_ID) || *p == '.') {
			p++;
		} else if ((*p == '+' || *p == '-') && !hex && (p[-1] | 0x20) == 'e') {
			p++;
		} else {
			break;
		}
	}
	lx->p = p;
	len = (size_t)(p - s);
	if (!looks_float(s, len)) {
		classify_int(t, s, p);
	} else if (float_syntax(s, len, &mlen)) {
		t->kind = GLSL_TOK_FLOATCONST;
		if (mlen != len)
			t->flags |= GLSL_TF_F_SUFFIX;
		t->fval = parse_float(lx, s, mlen);
	} else {
		t->kind = GLSL_TOK_BAD_NUMBER;
		t->value = GLSL_NUM_BAD_SUFFIX;
	}
}

/* ---- tokens -------------------------------------------------------------- */

static void lex_ident(struct glsl_lexer *lx, struct glsl_token *t)
{
	const char *s = lx->p;
	uint32_t id;

	while (lx->p < lx->end && (cls(*lx->p) & C_ID))
		lx->p++;
	id = glsl_idents_intern(lx->idents, s, (uint32_t)(lx->p - s));
	if (id == UINT32_MAX) {
		lx->oom = true;
		t->kind = GLSL_TOK_EOF;
		return;
	}
	t->kind = GLSL_TOK_IDENT;
	t->value = id;
}

/* c followed by '=' gives with_eq, c doubled gives twice (and twice_eq
 * when then followed by '='), else single; 0 means "not possible". */
static enum glsl_tok punct(struct glsl_lexer *lx, enum glsl_tok single, enum glsl_tok with_eq,
			   enum glsl_tok twice, enum glsl_tok twice_eq)
{
	const char *p = lx->p;
	char c = p[0];
	char n1 = p + 1 < lx->end ? p[1] : 0;
	char n2 = p + 2 < lx->end ? p[2] : 0;

	if (twice && n1 == c) {
		if (twice_eq && n2 == '=') {
			lx->p += 3;
			return twice_eq;
		}
		lx->p += 2;
		return twice;
	}
	if (with_eq && n1 == '=') {
		lx->p += 2;
		return with_eq;
	}
	lx->p++;
	return single;
}

static enum glsl_tok lex_punct(struct glsl_lexer *lx)
{
	switch (*lx->p) {
	case '(': lx->p++; return GLSL_TOK_LPAREN;
	case ')': lx->p++; return GLSL_TOK_RPAREN;
	case '[': lx->p++; return GLSL_TOK_LBRACKET;
	case ']': lx->p++; return GLSL_TOK_RBRACKET;
	case '{': lx->p++; return GLSL_TOK_LBRACE;
	case '}': lx->p++; return GLSL_TOK_RBRACE;
	case '.': lx->p++; return GLSL_TOK_DOT;
	case ',': lx->p++; return GLSL_TOK_COMMA;
	case ';': lx->p++; return GLSL_TOK_SEMICOLON;
	case '?': lx->p++; return GLSL_TOK_QUESTION;
	case ':': lx->p++; return GLSL_TOK_COLON;
	case '~': lx->p++; return GLSL_TOK_TILDE;
	case '+': return punct(lx, GLSL_TOK_PLUS, GLSL_TOK_ADD_ASSIGN, GLSL_TOK_INC, 0);
	case '-': return punct(lx, GLSL_TOK_MINUS, GLSL_TOK_SUB_ASSIGN, GLSL_TOK_DEC, 0);
	case '*': return punct(lx, GLSL_TOK_STAR, GLSL_TOK_MUL_ASSIGN, 0, 0);
	case '/': return punct(lx, GLSL_TOK_SLASH, GLSL_TOK_DIV_ASSIGN, 0, 0);
	case '%': return punct(lx, GLSL_TOK_PERCENT, GLSL_TOK_MOD_ASSIGN, 0, 0);
	case '=': return punct(lx, GLSL_TOK_ASSIGN, GLSL_TOK_EQ, 0, 0);
	case '!': return punct(lx, GLSL_TOK_BANG, GLSL_TOK_NE, 0, 0);
	case '<': return punct(lx, GLSL_TOK_LT, GLSL_TOK_LE, GLSL_TOK_LEFT, GLSL_TOK_LEFT_ASSIGN);
	case '>': return punct(lx, GLSL_TOK_GT, GLSL_TOK_GE, GLSL_TOK_RIGHT, GLSL_TOK_RIGHT_ASSIGN);
	case '&': return punct(lx, GLSL_TOK_AMP, GLSL_TOK_AND_ASSIGN, GLSL_TOK_AND_AND, 0);
	case '|': return punct(lx, GLSL_TOK_BAR, GLSL_TOK_OR_ASSIGN, GLSL_TOK_OR_OR, 0);
	case '^': return punct(lx, GLSL_TOK_CARET, GLSL_TOK_XOR_ASSIGN, GLSL_TOK_XOR_XOR, 0);
	case '#': return punct(lx, GLSL_TOK_HASH, 0, GLSL_TOK_HASH_HASH, 0);
	default: return GLSL_TOK_INVALID;
	}
}

void glsl_lex(struct glsl_lexer *lx, struct glsl_token *t)
{
	skip_blanks(lx, false);
	t->flags = lx->pending;
	lx->pending = 0;
	t->line = lx->line;
	t->col = column(lx, lx->p);
	t->file = lx->file;
	t->value = 0;
	if (lx->p >= lx->end || lx->oom) {
		t->kind = GLSL_TOK_EOF;
		return;
	}
	if ((cls(*lx->p) & (C_ID | C_DIGIT)) == C_ID) {
		lex_ident(lx, t);
	} else if ((cls(*lx->p) & C_DIGIT) ||
		   (*lx->p == '.' && lx->p + 1 < lx->end && (cls(lx->p[1]) & C_DIGIT))) {
		lex_number(lx, t);
	} else {
		t->kind = lex_punct(lx);
		if (t->kind == GLSL_TOK_INVALID)
			t->value = (unsigned char)*lx->p++;
	}
}
