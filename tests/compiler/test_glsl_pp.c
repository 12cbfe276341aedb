/* SPDX-License-Identifier: MIT */
/*
 * The GLSL ES preprocessor and lexer: table-driven cases (source -> tokens
 * or -> the error with its line(col)), the real-shader corpus, dEQP's
 * preprocessor cases, and hostile input (random bytes, deep nesting,
 * recursive and exploding macros) that must end in clean errors.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "corpus.h"
#include "glsl_pp.h"

bool glsl_lexer_words_sorted(void);

#define VS GLSL_STAGE_VERTEX
#define FS GLSL_STAGE_FRAGMENT

struct pp_result {
	struct glsl_token_stream s;
	struct glsl_log log;
	int ret;
	char text[4096];
};

static void render(struct pp_result *r)
{
	size_t n = 0;

	r->text[0] = '\0';
	for (uint32_t i = 0; i < r->s.count && n + 64 < sizeof(r->text); i++) {
		char buf[64];

		n += (size_t)snprintf(r->text + n, sizeof(r->text) - n, "%s%s", i ? " " : "",
				      glsl_token_text(&r->s, &r->s.tokens[i], buf, sizeof(buf)));
	}
}

static void run_pp(struct pp_result *r, const char *src, enum glsl_stage stage,
		   const struct glsl_pp_limits *lim)
{
	struct glsl_pp_info in = { .strings = &src, .count = 1, .stage = stage };

	if (lim)
		in.limits = *lim;
	glsl_log_init(&r->log, 0, 0);
	r->ret = glsl_pp_run(&in, &r->s, &r->log);
	render(r);
}

static void done(struct pp_result *r)
{
	glsl_token_stream_finish(&r->s);
	glsl_log_finish(&r->log);
}

/* ---- the table ----------------------------------------------------------- */

struct pp_case {
	const char *name;
	const char *src;
	enum glsl_stage stage;
	const char *want;  /* tokens, when it must succeed */
	const char *msg;   /* a line the log must contain (error or warning) */
};

static const struct pp_case cases[] = {
	/* tokens, literals */
	{ "plain", "int x = 3;", VS, "int x = 3 ;", NULL },
	{ "operators", "a<<=b>>=c&&d||e^^f!=g++--", VS, "a <<= b >>= c && d || e ^^ f != g ++ --",
	  "0:1(2): error: operator '<<=' is reserved in GLSL ES 1.00" },
	{ "hex_octal", "int a = 0x1F + 017 + 0;", VS, "int a = 31 + 15 + 0 ;", NULL },
	{ "floats", "float f = 1.5e1 + .5 + 2. + 1e-2;", VS, "float f = 15 + 0.5 + 2 + 0.01 ;", NULL },
	{ "float_09", "float f = 09.5;", VS, "float f = 9.5 ;", NULL },
	{ "uint_300", "#version 300 es\nuint u = 7u + 0x10U;", VS, "uint u = 7u + 16u ;", NULL },
	{ "uint_100", "int u = 7u;", VS, NULL,
	  "0:1(9): error: unsigned integer literals ('u' suffix) require GLSL ES 3.00" },
	{ "f_suffix_300", "#version 300 es\nfloat f = 1.0f;", VS, "float f = 1 ;", NULL },
	{ "f_suffix_100", "float f = 1.0f;", VS, NULL,
	  "0:1(11): error: the 'f' suffix on floating-point literals requires GLSL ES 3.00" },
	{ "bad_exponent", "#define e +1\nint n = 1e;", VS, NULL,
	  "0:2(9): error: invalid characters in number" },
	{ "bad_octal", "int n = 09;", VS, NULL, "0:1(9): error: invalid digit in octal number" },
	{ "bad_hex", "int n = 0x;", VS, NULL, "0:1(9): error: hexadecimal number without digits" },
	{ "too_large", "int n = 4294967296;", VS, NULL,
	  "0:1(9): error: integer literal does not fit in 32 bits" },
	{ "max_uint_bits", "int n = 4294967295;", VS, "int n = -1 ;", NULL },
	{ "invalid_char", "int x = 3;\n  int y = $;", VS, NULL, "0:2(11): error: invalid character 0x24" },
	{ "comments", "int /* a\n b */ x; // c\nint y;", VS, "int x ; int y ;", NULL },
	{ "unterminated_comment", "int x; /* ...", VS, NULL, "0:1(8): error: unterminated comment" },
	{ "reserved_300", "#version 300 es\nint attribute;", VS, NULL,
	  "0:2(5): error: 'attribute' is a reserved word in GLSL ES 3.00" },
	{ "reserved_100", "int switch;", VS, NULL, "0:1(5): error: 'switch' is a reserved word in GLSL ES 1.00" },
	{ "reserved_both", "#version 300 es\nint goto;", VS, NULL, "'goto' is a reserved word" },
	{ "keyword_in_300_ident_in_100", "int uint; int layout;", VS, "int uint ; int layout ;", NULL },
	{ "reserved_op_100", "int a = 5 % 2;", VS, NULL,
	  "0:1(11): error: operator '%' is reserved in GLSL ES 1.00" },
	{ "reserved_op_300", "#version 300 es\nint a = 5 % 2;", VS, "int a = 5 % 2 ;", NULL },
	/* #version */
	{ "version_default", "int v = __VERSION__;", VS, "int v = 100 ;", NULL },
	{ "version_300", "#version 300 es\nint v = __VERSION__;", VS, "int v = 300 ;", NULL },
	{ "version_100", "#version 100\nint v = __VERSION__;", VS, "int v = 100 ;", NULL },
	{ "version_after_comments", "// header\n\n/* block\n */\n   #version 300 es\nuint x;", VS,
	  "uint x ;", NULL },
	{ "version_after_code", "int x;\n#version 300 es\n", VS, NULL,
	  "0:2(2): error: #version must come before anything else in the shader" },
	{ "version_after_directive", "#define A\n#version 300 es\n", VS, NULL,
	  "#version must come before anything else" },
	{ "version_300_no_es", "#version 300\n", VS, NULL,
	  "0:1(10): error: invalid version: use '#version 100', '#version 300 es', "
	  "'#version 310 es' or '#version 320 es'" },
	{ "version_100_es", "#version 100 es\n", VS, NULL, "invalid version" },
	{ "version_320", "#version 320 es\nint v = __VERSION__;", VS, "int v = 320 ;", NULL },
	{ "version_330", "#version 330 es\n", VS, NULL,
	  "0:1(10): error: GLSL ES 330 is not supported (only ES 1.00, 3.00, 3.10 and 3.20)" },
	{ "version_extra", "#version 300 es foo\n", VS, NULL, "0:1(17): error: extra tokens after #version" },
	/* line continuation */
	{ "continuation_300", "#version 300 es\n#define A 1 \\\n + 2\nint x = A;\nint y = __LINE__;", VS,
	  "int x = 1 + 2 ; int y = 5 ;", NULL },
	{ "continuation_100", "#define A 1 \\\n + 2\nint x = A;", VS, NULL,
	  "0:1(13): error: line continuation is not allowed in GLSL ES 1.00" },
	{ "backslash", "#version 300 es\nint x = \\ 1;", VS, NULL,
	  "0:2(9): error: '\\' is only allowed before a newline (line continuation)" },
	/* macros */
	{ "object", "#define N 4\nint a[N];", VS, "int a [ 4 ] ;", NULL },
	{ "empty_object", "#define E\nE int E x;", VS, "int x ;", NULL },
	{ "function", "#define MUL(a, b) ((a) * (b))\nfloat y = MUL(2.0, x + 1.0);", VS,
	  "float y = ( ( 2 ) * ( x + 1 ) ) ;", NULL },
	{ "function_no_paren", "#define f(x) x\nint f;", VS, "int f ;", NULL },
	{ "function_space", "#define f (x) x\nf", VS, "( x ) x", NULL },
	{ "function_multiline", "#define f(a, b) a + b\nf(1,\n2)", VS, "1 + 2", NULL },
	{ "function_empty_args", "#define E() 1\n#define F(a) [a]\nE() F()", VS, "1 [ ]", NULL },
	{ "nested_calls", "#define f(x) (x)\nf(f(1))", VS, "( ( 1 ) )", NULL },
	{ "parens_in_args", "#define f(x, y) x|y\nf((1, 2), 3)", VS, "( 1 , 2 ) | 3",
	  "operator '|' is reserved" },
	{ "self_reference", "#define A A B\nA", VS, "A B", NULL },
	{ "mutual_recursion", "#define A B\n#define B A\nA B", VS, "A B", NULL },
	{ "recursive_function", "#define f(x) f(x + 1)\nf(0)", VS, "f ( 0 + 1 )", NULL },
	{ "rescan_call", "#define g f\n#define f(x) <x>\ng(1)", VS, "< 1 >", NULL },
	{ "args_expanded_first", "#define ONE 1\n#define f(x) x\nf(ONE)", VS, "1", NULL },
	{ "line_as_param", "#define F(__LINE__, b) __LINE__ + b\nF(1, 2)", VS, "1 + 2", NULL },
	{ "arg_count", "#define f(a, b) a\nf(1)", VS, NULL,
	  "0:2(1): error: macro 'f' takes 2 arguments, not 1" },
	{ "unterminated_call", "#define f(a) a\nf(1", VS, NULL,
	  "0:2(1): error: unterminated call of macro 'f'" },
	{ "paste_rejected", "#define C(a, b) a ## b\n", VS, NULL,
	  "0:1(19): error: token pasting (##) is not allowed in GLSL ES" },
	{ "redefine_same", "#define A 1 + 2\n#define A 1 + 2\nA", VS, "1 + 2", NULL },
	{ "redefine_space", "#define A 1+2\n#define A 1 + 2\n", VS, NULL,
	  "0:2(9): error: macro 'A' redefined differently" },
	{ "redefine_params", "#define F(a) a\n#define F(b) b\n", VS, NULL, "redefined differently" },
	{ "redefine_spelling", "#define V (A - 1)\n#define V (A - 0x1)\n", VS, NULL, "redefined differently" },
	{ "redefine_comment", "#define V  (A /* x */ - 1)\n#define V (A - 1) // y\n", VS, "", NULL },
	{ "undef_redefine", "#define A 1\n#undef A\n#define A 2\nA", VS, "2", NULL },
	{ "undef_extra", "#define A\n#undef A B\n", VS, NULL, "0:2(10): error: extra tokens after #undef" },
	{ "dup_param", "#define F(a, a) a\n", VS, NULL, "duplicate macro parameter 'a'" },
	{ "gl_prefix", "#define GL_FOO 1\n", VS, NULL,
	  "0:1(9): error: macro names beginning with 'GL_' are reserved ('GL_FOO')" },
	{ "undef_gl_es", "#undef GL_ES\n", VS, NULL, "macro names beginning with 'GL_' are reserved" },
	{ "define_line", "#define __LINE__ 1\n", VS, NULL,
	  "0:1(9): error: cannot define the predefined macro '__LINE__'" },
	{ "double_underscore", "#define __X 1\n__X", VS, "1",
	  "0:1(9): warning: macro names containing '__' are reserved ('__X')" },
	/* predefined macros */
	{ "gl_es", "#if GL_ES == 1 && defined(GL_ES)\nyes\n#endif", VS, "yes", NULL },
	{ "ext_macro", "#ifdef GL_OES_standard_derivatives\nyes\n#endif", VS, "yes", NULL },
	{ "frag_highp_300", "#version 300 es\n#ifdef GL_FRAGMENT_PRECISION_HIGH\nyes\n#endif", FS, "yes", NULL },
	{ "frag_highp_vs", "#ifdef GL_FRAGMENT_PRECISION_HIGH\nyes\n#endif", VS, "", NULL },
	/* 1.00 FS: highp there unless glsl_pp_info.no_fragment_highp (see below) */
	{ "frag_highp_100", "#ifdef GL_FRAGMENT_PRECISION_HIGH\nyes\n#endif\nhighp float x;", FS,
	  "yes highp float x ;", NULL },
	/* offered extensions only: those with an implementation */
	{ "ext_not_offered", "#if defined(GL_OES_texture_3D)\nyes\n#endif\n"
	  "#ifdef GL_EXT_shader_texture_lod\nlod\n#endif\n"
	  "#ifdef GL_EXT_draw_buffers\ndraw\n#endif\n"
	  "#ifdef GL_EXT_frag_depth\ndepth\n#endif", FS, "lod draw depth", NULL },
	{ "ext_external_offered", "#if defined(GL_OES_EGL_image_external) && "
	  "defined(GL_OES_EGL_image_external_essl3)\nyes\n#endif", FS, "yes", NULL },
	{ "ext_not_offered_require", "#extension GL_OES_texture_3D : require", FS, NULL,
	  "0:1(12): error: extension 'GL_OES_texture_3D' is not supported" },
	{ "line_file", "int a = __LINE__;\n\nint b = __LINE__ + __FILE__;", VS,
	  "int a = 1 ; int b = 3 + 0 ;", NULL },
	{ "line_directive", "int a;\n#line 10\nint b = __LINE__;", VS, "int a ; int b = 10 ;", NULL },
	{ "line_file_directive", "#line 20 3\n__FILE__ __LINE__", VS, "3 20", NULL },
	{ "line_macro", "#define L 7\n#line L\n__LINE__", VS, "7", NULL },
	{ "line_in_log", "#line 5 2\n#error boom", VS, NULL, "2:5(2): error: #error boom" },
	{ "line_bad", "#line 1.5\n", VS, NULL, "0:1(2): error: #line must be followed by one or two integers" },
	{ "line_in_macro", "#define L __LINE__\n#define F(a) L a\n\nF(__LINE__\n\n)", VS, "6 4", NULL },
	/* conditionals */
	{ "if_else", "#if 0\na\n#elif 1\nb\n#else\nc\n#endif", VS, "b", NULL },
	{ "if_nested_skip", "#if 0\n#if X / 0\n#else\n#endif\nno\n#endif\nyes", VS, "yes", NULL },
	{ "ifdef_ifndef", "#define A\n#ifdef A\na\n#endif\n#ifndef A\nb\n#endif", VS, "a", NULL },
	{ "defined_forms", "#define A\n#if defined A && defined(A) && !defined B && !defined ( B )\nyes\n#endif",
	  VS, "yes", NULL },
	{ "defined_from_macro", "#define D defined\n#if D D\nyes\n#endif", VS, "yes", NULL },
	{ "defined_defined", "#define CCC 1\n#define defined BBB\n#define AAA defined\n#if AAA CCC\nyes\n#endif",
	  VS, "yes", NULL },
	{ "defined_split", "#define FOO 1\n#define OPEN defined(\n#define CLOSE FOO)\n#if OPEN CLOSE\n#endif",
	  VS, NULL, "missing ')' after 'defined'" },
	{ "defined_no_name", "#if defined\n#endif", VS, NULL, "'defined' needs a macro name" },
	{ "arith", "#if (2 + 3 * 4 == 14) && (-1 < 0) && (1 << 4 == 16) && (7 % 4 == 3) && (~0 == -1) && !0 "
	  "&& (0x10 == 16) && (010 == 8) && (6 / 4 == 1) && (5 & 3) == 1 && (5 | 3) == 7 && (5 ^ 3) == 6"
	  " && (-8 >> 1) == -4\nyes\n#endif", VS, "yes", NULL },
	{ "undefined_in_if", "#if X\n#endif", VS, NULL,
	  "0:1(5): error: undefined identifier 'X' in preprocessor expression" },
	{ "undefined_or", "#if 1 || X\nyes\n#endif", VS, "yes", NULL },
	{ "undefined_and", "#if 0 && X\n#else\nyes\n#endif", VS, "yes", NULL },
	{ "div_zero", "#if 1 / 0\n#endif", VS, NULL,
	  "0:1(9): error: division by zero in preprocessor expression" },
	{ "mod_zero", "#if 1 % (1 - 1)\n#endif", VS, NULL, "division by zero" },
	{ "div_zero_skipped", "#if 0 && 1 / 0\n#endif\nok", VS, "ok", NULL },
	{ "float_in_if", "#if 1.0\n#endif", VS, NULL, "floating-point literal is not allowed" },
	{ "if_empty", "#if\n#endif", VS, NULL, "0:1(2): error: #if without an expression" },
	{ "if_junk", "#if 1 2\n#endif", VS, NULL, "unexpected integer literal after the expression" },
	{ "elif_after_else", "#if 0\n#else\n#elif 1\n#endif", VS, NULL, "0:3(2): error: #elif after #else" },
	{ "else_after_else", "#if 0\n#else\n#else\n#endif", VS, NULL, "#else after #else" },
	{ "endif_alone", "#endif", VS, NULL, "0:1(2): error: #endif without #if" },
	{ "unterminated_if", "#if 1\nint x;", VS, NULL, "0:1(2): error: unterminated #if" },
	{ "endif_junk", "#if 1\n#endif foo", VS, NULL, "0:2(8): error: extra tokens after #endif" },
	{ "ifdef_junk", "#ifdef A B\n#endif", VS, NULL, "extra tokens after #ifdef" },
	{ "elif_undefined", "#if 0\n#elif foobar\n#endif", VS, NULL, "undefined identifier 'foobar'" },
	{ "elif_not_evaluated", "#if 1\na\n#elif 1/0\n#endif", VS, "a", NULL },
	{ "skipped_garbage", "#if 0\n$ @ 0x 1e #foo ##\n#endif\nok", VS, "ok", NULL },
	/* directives */
	{ "empty_directive", "#\nok", VS, "ok", NULL },
	{ "unknown_directive", "#foo\n", VS, NULL, "0:1(2): error: unknown directive #foo" },
	{ "hash_in_code", "int # x;", VS, NULL, "'#' is only allowed at the start of a directive line" },
	{ "error_directive", "#error this is bad\n", VS, NULL, "0:1(2): error: #error this is bad" },
	{ "ext_all_require", "#extension all : require\n", VS, NULL,
	  "0:1(12): error: 'all' cannot be used with 'require'" },
	{ "ext_all_enable", "#extension all : enable\n", VS, NULL, "'all' cannot be used with 'enable'" },
	{ "ext_all_warn", "#extension all : warn\nok", VS, "ok", NULL },
	{ "ext_unknown_require", "#extension GL_foo : require\n", VS, NULL,
	  "0:1(12): error: extension 'GL_foo' is not supported" },
	{ "ext_unknown_enable", "#extension GL_foo : enable\nok", VS, "ok",
	  "0:1(12): warning: extension 'GL_foo' is not supported" },
	{ "ext_syntax", "#extension GL_foo\n", VS, NULL, "#extension must be 'name : require|enable|warn|disable'" },
	{ "ext_not_expanded", "#define warn enable\n#extension all : warn\nok", VS, "ok", NULL },
	{ "ext_after_code", "int x;\n#extension all : warn\n", VS, NULL,
	  "0:2(2): error: #extension must come before any non-preprocessor token" },
	{ "pragma_unknown", "#pragma foo bar $\nok", VS, "ok", NULL },
	{ "pragma_not_expanded", "#define off INVALID\n#pragma debug(off)\nok", VS, "ok", NULL },
	{ "invariant_all_fs_300", "#version 300 es\n#pragma STDGL invariant(all)\n", FS, NULL,
	  "0:2(2): error: #pragma STDGL invariant(all) is not allowed in a GLSL ES 3.00 fragment shader" },
	{ "invariant_all_fs_100", "#pragma STDGL invariant(all)\nok", FS, "ok", NULL },
	{ "invariant_all_vs_300", "#version 300 es\n#pragma STDGL invariant(all)\nok", VS, "ok", NULL },
};

START_TEST(table_case)
{
	const struct pp_case *c = &cases[_i];
	struct pp_result r;
	const char *log;

	run_pp(&r, c->src, c->stage, NULL);
	log = glsl_log_text(&r.log);
	if (c->want) {
		ck_assert_msg(!strcmp(r.text, c->want), "%s: got '%s', want '%s' (log: %s)", c->name,
			      r.text, c->want, log);
	}
	if (c->msg) {
		ck_assert_msg(strstr(log, c->msg), "%s: log lacks '%s':\n%s", c->name, c->msg, log);
	}
	if (c->want && (!c->msg || strstr(c->msg, "warning")))
		ck_assert_msg(r.ret == 0, "%s: failed:\n%s", c->name, log);
	if (!c->want || (c->msg && strstr(c->msg, "error")))
		ck_assert_msg(r.ret != 0, "%s: should fail", c->name);
	done(&r);
}
END_TEST

/* An implementation without highp in the fragment language (ES 1.00 §4.5.4):
 * no GL_FRAGMENT_PRECISION_HIGH, and highp is an error where it is used,
 * not where it is skipped or only named in a macro. 3.00 always has it. */
START_TEST(no_fragment_highp)
{
	const char *src = "#ifndef GL_FRAGMENT_PRECISION_HIGH\n#define P mediump\n#else\nhighp\n#endif\n"
			  "#define H highp\nP float x;\nH float y;\n";
	const char *src300 = "#version 300 es\n#ifdef GL_FRAGMENT_PRECISION_HIGH\nhighp float y;\n#endif\n";
	struct glsl_pp_info in = { .strings = &src, .count = 1, .stage = FS, .no_fragment_highp = true };
	struct pp_result r;

	glsl_log_init(&r.log, 0, 0);
	ck_assert_int_ne(glsl_pp_run(&in, &r.s, &r.log), 0);
	ck_assert_str_eq(glsl_log_text(&r.log), "0:8(1): error: 'highp' is not supported in fragment "
			 "shaders here (GL_FRAGMENT_PRECISION_HIGH is not defined)\n");
	done(&r);
	in.stage = VS;   /* the vertex language always has highp */
	glsl_log_init(&r.log, 0, 0);
	ck_assert_int_eq(glsl_pp_run(&in, &r.s, &r.log), 0);
	done(&r);
	in.stage = FS;
	in.strings = &src300;
	glsl_log_init(&r.log, 0, 0);
	ck_assert_int_eq(glsl_pp_run(&in, &r.s, &r.log), 0);
	render(&r);
	ck_assert_str_eq(r.text, "highp float y ;");
	done(&r);
}
END_TEST

/* ---- what the directives record ----------------------------------------- */

START_TEST(records_state)
{
	struct pp_result r;

	run_pp(&r, "#version 300 es\n#extension GL_EXT_frag_depth : enable\n"
		   "#extension GL_OES_standard_derivatives : warn\n#pragma optimize(off)\n"
		   "#pragma debug(on)\nint x;\n#pragma STDGL invariant(all)\n", VS, NULL);
	ck_assert_int_eq(r.ret, 0);
	ck_assert_uint_eq(r.s.version, 300);
	ck_assert(r.s.version_explicit);
	for (unsigned i = 0; i < r.s.num_ext; i++) {
		enum glsl_ext_behavior want = GLSL_EXT_DISABLE;

		if (!strcmp(r.s.ext_names[i], "GL_EXT_frag_depth"))
			want = GLSL_EXT_ENABLE;
		if (!strcmp(r.s.ext_names[i], "GL_OES_standard_derivatives"))
			want = GLSL_EXT_WARN;
		ck_assert_int_eq(r.s.ext_behavior[i], want);
	}
	ck_assert(r.s.optimize_off && r.s.debug_on);
	ck_assert(r.s.invariant_all);
	ck_assert_uint_eq(r.s.invariant_all_at, 3); /* after "int x ;": the parser rejects that */
	done(&r);
}
END_TEST

START_TEST(keyword_kinds)
{
	struct pp_result r;

	run_pp(&r, "uint flat in", VS, NULL);
	ck_assert_int_eq(r.s.tokens[0].kind, GLSL_TOK_IDENT);
	ck_assert_int_eq(r.s.tokens[1].kind, GLSL_TOK_RESERVED);
	ck_assert_int_eq(r.s.tokens[2].kind, GLSL_TOK_KW_IN);
	done(&r);
	run_pp(&r, "#version 300 es\nuint flat in varying", VS, NULL);
	ck_assert_int_eq(r.s.tokens[0].kind, GLSL_TOK_KW_UINT);
	ck_assert_int_eq(r.s.tokens[1].kind, GLSL_TOK_KW_FLAT);
	ck_assert_int_eq(r.s.tokens[3].kind, GLSL_TOK_RESERVED);
	ck_assert_uint_eq(r.s.tokens[3].line, 2);
	ck_assert_uint_eq(r.s.tokens[3].col, 14);
	done(&r);
	ck_assert(glsl_lexer_words_sorted());
}
END_TEST

START_TEST(several_strings)
{
	const char *src[] = { "#version 300 es\n#define A(x) x", "\nint a = A(", "1);" };
	size_t len[] = { SIZE_MAX, SIZE_MAX, 2 };
	struct glsl_pp_info in = { .strings = src, .lengths = len, .count = 3, .stage = VS };
	struct pp_result r;

	glsl_log_init(&r.log, 0, 0);
	r.ret = glsl_pp_run(&in, &r.s, &r.log);
	render(&r);
	ck_assert_int_eq(r.ret, 0);
	ck_assert_str_eq(r.text, "int a = 1");
	done(&r);
}
END_TEST

START_TEST(expansion_positions)
{
	struct pp_result r;

	/* tokens from a macro body report the call's position */
	run_pp(&r, "#define X a b\n  X", VS, NULL);
	ck_assert_uint_eq(r.s.tokens[1].line, 2);
	ck_assert_uint_eq(r.s.tokens[1].col, 3);
	done(&r);
}
END_TEST

/* ---- corpora ------------------------------------------------------------- */

/* All 217 real shaders are meant to compile (piglit pass tests, glmark2,
 * Minetest), so each must preprocess without an error. */
struct corpus_count {
	unsigned files, tokens;
};

static void corpus_one(const char *name, const char *src, bool fs, void *data)
{
	struct corpus_count *n = data;
	struct pp_result r;

	ck_assert_ptr_nonnull(src);
	run_pp(&r, src, fs ? FS : VS, NULL);
	ck_assert_msg(r.ret == 0 && r.log.warnings == 0, "%s:\n%s", name, glsl_log_text(&r.log));
	n->tokens += r.s.count;
	n->files++;
	done(&r);
}

START_TEST(real_shader_corpus)
{
	struct corpus_count n = { 0 };
	char dir[512];

	snprintf(dir, sizeof(dir), "%s/real-shaders", CORPUS_DIR);
	ck_assert_msg(corpus_for_each_shader(dir, corpus_one, &n) == 0, "no corpus at %s", dir);
	printf("real-shaders: %u files, %u tokens, all preprocessed\n", n.files, n.tokens);
	ck_assert_uint_eq(n.files, 217);
}
END_TEST

/* ---- dEQP's preprocessor cases ------------------------------------------ */

struct deqp_tally {
	unsigned pass_ok, pass_n, fail_ok, fail_n;
};

/* dEQP's template fill-ins (only their line structure matters here); like
 * dEQP's parser, leading blanks of each line go and escapes are undone. */
static void fill_template(char *dst, size_t size, const char *src, size_t len, bool fs)
{
	size_t n = 0;

	for (size_t i = 0; i < len && n + 32 < size; i++) {
		const char *end;

		if (n == 0 || dst[n - 1] == '\n')
			while (i < len && (src[i] == ' ' || src[i] == '\t'))
				i++;
		if (i >= len)
			break;

		if (src[i] == '\\' && i + 1 < len && (src[i + 1] == '\\' || src[i + 1] == '"')) {
			dst[n++] = src[++i]; /* the .test format escapes these */
			continue;
		}
		if (src[i] != '$' || src[i + 1] != '{' || !(end = memchr(src + i, '}', len - i))) {
			dst[n++] = src[i];
			continue;
		}
		if (!strncmp(src + i, "${POSITION_FRAG_COLOR}", 22))
			n += (size_t)snprintf(dst + n, size - n, "%s", fs ? "gl_FragColor" : "gl_Position");
		i = (size_t)(end - src);
	}
	dst[n] = '\0';
}

static bool deqp_compiles(const char *src, size_t len, enum glsl_stage stage)
{
	static char buf[65536];
	struct pp_result r;
	bool ok;

	fill_template(buf, sizeof(buf), src, len, stage == FS);
	run_pp(&r, buf, stage, NULL);
	ok = r.ret == 0;
	done(&r);
	return ok;
}

/* One case: each of its shaders ("both" counts as a VS and an FS). */
static void deqp_case(const char *name, const char *body, bool expect_fail, struct deqp_tally *t,
		      FILE *misses)
{
	const char *p = body;

	while ((p = strstr(p, "\"\""))) {
		const char *kw = p;
		const char *end = strstr(p + 2, "\"\"");
		bool both, fs, ok;

		if (!end)
			return;
		while (kw > body && kw[-1] != '\n')
			kw--;
		both = strstr(kw, "both") && strstr(kw, "both") < p;
		fs = strstr(kw, "fragment") && strstr(kw, "fragment") < p;
		for (int pass = 0; pass < (both ? 2 : 1); pass++) {
			enum glsl_stage st = both ? (pass ? FS : VS) : fs ? FS : VS;

			ok = deqp_compiles(p + 2, (size_t)(end - p - 2), st);
			if (expect_fail) {
				t->fail_n++;
				t->fail_ok += !ok;
			} else {
				t->pass_n++;
				t->pass_ok += ok;
			}
			if (ok == expect_fail && misses)
				fprintf(misses, "  %s %s (%s)\n", expect_fail ? "accepted" : "REJECTED", name,
					st == FS ? "fs" : "vs");
		}
		p = end + 2;
	}
}

static void deqp_file(const char *path, struct deqp_tally *t, FILE *misses)
{
	size_t len;
	char *src = corpus_read_file(path, &len), *p;

	ck_assert_msg(src, "cannot read %s", path);
	for (p = strstr(src, "\n    case "); p; ) {
		char *next = strstr(p + 1, "\n    case "), name[128];
		char *end = strstr(p, "\n    end");

		if (next && end && end > next)
			end = next;
		if (end)
			*end = '\0';
		sscanf(p, "\n    case %127s", name);
		deqp_case(name, p, strstr(p, "expect compile_fail") != NULL, t, misses);
		p = next;
	}
	free(src);
}

START_TEST(deqp_preprocessor)
{
	static const char *const files[] = { "gles2/shaders/preprocessor.test", "gles3/shaders/preprocessor.test" };
	struct deqp_tally t = { 0 };
	char path[512];

	for (unsigned i = 0; i < 2; i++) {
		snprintf(path, sizeof(path), "%s/deqp-shaders/%s", CORPUS_DIR, files[i]);
		deqp_file(path, &t, stdout);
	}
	printf("dEQP preprocessor: expected to compile %u/%u accepted; compile_fail %u/%u rejected "
	       "by the preprocessor alone\n", t.pass_ok, t.pass_n, t.fail_ok, t.fail_n);
	fflush(stdout);
	ck_assert_uint_eq(t.pass_ok, t.pass_n);
}
END_TEST

/* ---- hostile input ------------------------------------------------------- */

static uint32_t rng_next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

START_TEST(random_bytes)
{
	uint32_t seed = 0x9e3779b9u + (uint32_t)_i;
	char buf[4096];
	struct pp_result r;

	for (size_t i = 0; i < sizeof(buf) - 1; i++)
		buf[i] = (char)(rng_next(&seed) % 255 + 1);
	buf[sizeof(buf) - 1] = '\0';
	run_pp(&r, buf, _i & 1 ? FS : VS, NULL);
	done(&r);
}
END_TEST

/* Random sequences of preprocessor-heavy fragments reach the deep paths. */
START_TEST(random_directives)
{
	static const char *const parts[] = {
		"#define ", "#undef ", "#if ", "#ifdef ", "#elif ", "#else", "#endif", "#line ", "#version 300 es",
		"#extension ", "#pragma ", "defined", "(", ")", ",", "A", "B", "F", "F(", "1", "0x1", "u",
		"||", "&&", "/", "\n", "\n", " ", "\\\n", "/*", "*/", "//", "__LINE__", "#", "##", "1e", ".",
	};
	uint32_t seed = 12345u + (uint32_t)_i * 7919u;
	char buf[8192];
	size_t n = 0;
	struct pp_result r;

	while (n + 20 < sizeof(buf)) {
		const char *s = parts[rng_next(&seed) % (sizeof(parts) / sizeof(parts[0]))];

		memcpy(buf + n, s, strlen(s));
		n += strlen(s);
	}
	buf[n] = '\0';
	run_pp(&r, buf, VS, NULL);
	done(&r);
}
END_TEST

static char *repeat(const char *head, const char *unit, unsigned count, const char *tail)
{
	size_t hu = strlen(head), uu = strlen(unit), tu = strlen(tail);
	char *s = malloc(hu + uu * count + tu + 1), *p = s;

	memcpy(p, head, hu);
	p += hu;
	for (unsigned i = 0; i < count; i++, p += uu)
		memcpy(p, unit, uu);
	memcpy(p, tail, tu + 1);
	return s;
}

/* f(f(f(...1...))) */
static char *nested_calls(unsigned n)
{
	char *head = repeat("#define f(x) x\n", "f(", n, "1");
	char *s = repeat(head, ")", n, "");

	free(head);
	return s;
}

static void expect_error(char *src, const char *msg, const struct glsl_pp_limits *lim)
{
	struct pp_result r;

	run_pp(&r, src, VS, lim);
	ck_assert_msg(r.ret != 0 && strstr(glsl_log_text(&r.log), msg), "want '%s', log:\n%s", msg,
		      glsl_log_text(&r.log));
	done(&r);
	free(src);
}

START_TEST(hostile_limits)
{
	struct glsl_pp_limits small = { .max_tokens = 100, .max_source_bytes = 1000 };

	expect_error(repeat("", "#if 1\n", 100000, ""), "#if nested too deeply (limit 64)", NULL);
	expect_error(repeat("#if ", "(", 200000, "1\n#endif"), "preprocessor expression nested too deeply", NULL);
	expect_error(repeat("#if ", "!", 200000, "1\n#endif"), "preprocessor expression nested too deeply", NULL);
	expect_error(nested_calls(100000), "macro arguments nested too deeply", NULL);
	expect_error(repeat("", "x ", 400, ""), "shader too large (more than 100 tokens)", &small);
	expect_error(repeat("", "x ", 600, ""), "shader source too large (limit 1000 bytes)", &small);
	expect_error(repeat("", "$ ", 1000, ""), "too many messages; the rest are not shown", NULL);
}
END_TEST

/* #define M0 M1 M1, M1 M2 M2, ...: 2^40 tokens, stopped by the work limit. */
START_TEST(hostile_exponential)
{
	char *src = malloc(64 * 40 + 8), *p = src;

	for (int i = 0; i < 40; i++)
		p += sprintf(p, "#define M%d M%d M%d\n", i, i + 1, i + 1);
	strcpy(p, "M0");
	expect_error(src, "macro expansion too large", NULL);
}
END_TEST

/* A chain M0 -> M1 -> ... -> M999 nests 1000 contexts: over the limit. */
START_TEST(hostile_chain)
{
	char *src = malloc(32 * 1000 + 8), *p = src;

	for (int i = 0; i < 1000; i++)
		p += sprintf(p, "#define M%d M%d\n", i, i + 1);
	strcpy(p, "M0");
	expect_error(src, "macro expansion nested too deeply (limit 128)", NULL);
}
END_TEST

START_TEST(hostile_recursion_terminates)
{
	struct pp_result r;

	run_pp(&r, "#define f(x) f(f(x)) g(x)\n#define g(x) f(x)\nf(f(1))", VS, NULL);
	ck_assert_int_eq(r.ret, 0);
	ck_assert_uint_gt(r.s.count, 0);
	done(&r);
}
END_TEST

static Suite *pp_suite(void)
{
	Suite *s = suite_create("glsl preprocessor");
	TCase *table = tcase_create("rules");
	TCase *corpus = tcase_create("corpora");
	TCase *hostile = tcase_create("hostile");

	tcase_add_loop_test(table, table_case, 0, (int)(sizeof(cases) / sizeof(cases[0])));
	tcase_add_test(table, no_fragment_highp);
	tcase_add_test(table, records_state);
	tcase_add_test(table, keyword_kinds);
	tcase_add_test(table, several_strings);
	tcase_add_test(table, expansion_positions);
	suite_add_tcase(s, table);
	tcase_set_timeout(corpus, 120);
	tcase_add_test(corpus, real_shader_corpus);
	tcase_add_test(corpus, deqp_preprocessor);
	suite_add_tcase(s, corpus);
	tcase_set_timeout(hostile, 300);
	tcase_add_loop_test(hostile, random_bytes, 0, 64);
	tcase_add_loop_test(hostile, random_directives, 0, 64);
	tcase_add_test(hostile, hostile_limits);
	tcase_add_test(hostile, hostile_exponential);
	tcase_add_test(hostile, hostile_chain);
	tcase_add_test(hostile, hostile_recursion_terminates);
	suite_add_tcase(s, hostile);
	return s;
}

int main(void)
{
	return check_run(pp_suite(), CK_NORMAL);
}
