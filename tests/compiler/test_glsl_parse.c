/* SPDX-License-Identifier: MIT */
/*
 * The GLSL ES parser: source -> printed syntax tree for representative
 * constructs, source -> the first error with its line(col), the
 * real-shader corpus (all must parse), dEQP's shader library (syntax-level
 * agreement, with a checked-in list of known failures so that regressions
 * fail) and hostile input (deep nesting, token soup) that must end in
 * clean errors.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "corpus.h"
#include "deqp_cases.h"
#include "glsl_parser.h"

#define VS GLSL_STAGE_VERTEX
#define FS GLSL_STAGE_FRAGMENT

struct parse_result {
	struct glsl_token_stream s;
	struct glsl_log log;
	struct glsl_arena arena;
	struct glsl_ast *ast;
	int pp_ret, ret;
};

static void parse_src(struct parse_result *r, const char *src, enum glsl_stage stage)
{
	struct glsl_pp_info in = { .strings = &src, .count = 1, .stage = stage };

	glsl_log_init(&r->log, 0, 0);
	glsl_arena_init(&r->arena, 0, 0);
	r->ast = NULL;
	r->pp_ret = glsl_pp_run(&in, &r->s, &r->log);
	r->ret = r->pp_ret ? -1 : glsl_parse(&r->s, &r->arena, &r->ast, &r->log);
}

static void done(struct parse_result *r)
{
	glsl_arena_finish(&r->arena);
	glsl_token_stream_finish(&r->s);
	glsl_log_finish(&r->log);
}

/* The printed tree; the caller frees it. */
static char *print_ast(const struct parse_result *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	ck_assert_ptr_nonnull(f);
	glsl_ast_print(f, r->ast);
	fclose(f);
	return text;
}

/* ---- source -> tree ------------------------------------------------------ */

struct ast_case {
	const char *name;
	const char *src;
	const char *want;
};

#define V3 "#version 300 es\n"
#define V31 "#version 310 es\n"

static const struct ast_case ast_cases[] = {
	{ "precedence", "void main() { x = a + b * c - d / e; }",
	  "(function void main () (block (expr (= x (- (+ a (* b c)) (/ d e))))))\n" },
	{ "logic", "bool g(void) { return a < b == c && d || !e ^^ f; }",
	  "(function bool g () (block (return (|| (&& (== (< a b) c) d) (^^ (! e) f)))))\n" },
	{ "unary_postfix", V3 "void main() { int i = -~+!++a--; }",
	  "(function void main () (block (decl int (i = (- (~ (+ (! (++ (-- post a))))))))))\n" },
	{ "ternary_assign_comma", "void main() { x = c ? d : e = g; y = (a, b); z += 1.0; }",
	  "(function void main () (block (expr (= x (?: c d (= e g)))) (expr (= y (, a b))) "
	  "(expr (+= z 1.0))))\n" },
	{ "swizzle_index", "void main() { z = v.xyz[1].x; w = m[0][1]; }",
	  "(function void main () (block (expr (= z (field (index (field v xyz) 1) x))) "
	  "(expr (= w (index (index m 0) 1)))))\n" },
	{ "constructors", V3 "void main() { S t = S(1.0, float[2](2.0, 3.0)); S[2] u = S[2](t, t); "
	  "float k[] = float[](1.0); n = k.length(); vec4 v = vec4(1); }",
	  "(function void main () (block (decl S (t = (call S 1.0 (call float[2] 2.0 3.0)))) "
	  "(decl S[2] (u = (call S[2] t t))) (decl float (k [] = (call float[] 1.0))) "
	  "(expr (= n (method k length))) (decl vec4 (v = (call vec4 1)))))\n" },
	{ "declarations_300", V3 "layout(std140, row_major) uniform;\n"
	  "layout(location = 2) in highp vec4 pos;\n"
	  "invariant smooth centroid out lowp float x0;\n"
	  "flat out mediump ivec2 x1;\n"
	  "const float c = 1.0, d[2] = float[2](c, c);\n",
	  "(default-layout layout(std140,row_major) uniform )\n"
	  "(decl layout(location=2) in highp vec4 (pos))\n"
	  "(decl invariant smooth centroid out lowp float (x0))\n"
	  "(decl flat out mediump ivec2 (x1))\n"
	  "(decl const float (c = 1.0) (d [2] = (call float[2] c c)))\n" },
	/* ES 3.10 §4.10: any order before the type; layout(...) may repeat,
	 * the later word overriding the earlier */
	{ "qualifier_order_310", V31 "highp uniform vec4 u;\n"
	  "highp out invariant centroid flat vec4 x0;\n"
	  "out centroid float x1;\n"
	  "in layout(location = 1) layout(location = 2) vec4 a;\n"
	  "layout(shared) layout(std140) layout(row_major) uniform B { vec4 c; };\n",
	  "(decl uniform highp vec4 (u))\n"
	  "(decl invariant flat centroid out highp vec4 (x0))\n"
	  "(decl centroid out float (x1))\n"
	  "(decl layout(location=2) in vec4 (a))\n"
	  "(interface-block layout(std140,row_major) uniform B (vec4 (c)))\n" },
	{ "block", V3 "uniform Light { layout(column_major) mat4 m; vec4 c[2]; } lights[3];\n"
	  "layout(packed) uniform B2 { highp float f; };\n",
	  "(interface-block uniform Light (layout(column_major) mat4 (m)) (vec4 (c [2])) (lights [3]))\n"
	  "(interface-block layout(packed) uniform B2 (highp float (f)))\n" },
	{ "struct_precision_invariant", "precision mediump float;\n"
	  "struct S { float a, b[2]; lowp int i; } s1, s2;\nstruct T { S s; };\n"
	  "invariant varying vec2 v; varying vec3 w; invariant gl_Position, w;\n",
	  "(precision mediump float)\n"
	  "(decl (struct S (float (a) (b [2])) (lowp int (i))) (s1) (s2))\n"
	  "(decl (struct T (S (s))))\n"
	  "(decl invariant varying vec2 (v))\n(decl varying vec3 (w))\n(invariant gl_Position w)\n" },
	{ "functions", V3 "float[2] f(in S s, const in float x[2], out int);\nvoid g(void) {}\n"
	  "void h() { return; };\n",
	  "(function float[2] f ((in S (s)) (const in float (x [2])) (out int)))\n"
	  "(function void g () (block))\n(function void h () (block (return -)))\n" },
	{ "loops", "void f() { for (int i = 0; i < 3; i++) { if (a) break; else continue; } "
	  "for (;;) ; while (bool b = x) discard; do x++; while (false); }",
	  "(function void f () (block (for (decl int (i = 0)) (< i 3) (++ post i) (block (if a (break) "
	  "(continue)))) (for (empty) - - (empty)) (while (decl bool (b = x)) (discard)) "
	  "(do (expr (++ post x)) false)))\n" },
	{ "switch", V3 "void main() { switch (x) { case 1: case 2: y = 1u; break; default: "
	  "{ y = 2u; } } uint w = 0x10u << 2; }",
	  "(function void main () (block (switch x (block (case 1) (case 2) (expr (= y 1u)) (break) "
	  "(default) (block (expr (= y 2u))))) (decl uint (w = (<< 16u 2)))))\n" },
	{ "array_type_100", "void f(inout float[2] a) { }\nvoid main() { float[2] x; f(x); }",
	  "(function void f ((inout float[2] (a))) (block))\n"
	  "(function void main () (block (decl float[2] (x)) (expr (call f x))))\n" },
	{ "decl_vs_expr", "struct S { float a; };\nvoid main() { S s; S(1.0); s.a = 1.0; "
	  "float; vec4(1.0).x; }",
	  "(decl (struct S (float (a))))\n(function void main () (block (decl S (s)) "
	  "(expr (call S 1.0)) (expr (= (field s a) 1.0)) (decl float) "
	  "(expr (field (call vec4 1.0) x))))\n" },
};

START_TEST(ast_print)
{
	const struct ast_case *c = &ast_cases[_i];
	struct parse_result r;
	char *text;

	parse_src(&r, c->src, VS);
	ck_assert_msg(r.ret == 0, "%s: %s", c->name, glsl_log_text(&r.log));
	text = print_ast(&r);
	ck_assert_msg(!strcmp(text, c->want), "%s:\n got: %s\nwant: %s", c->name, text, c->want);
	free(text);
	done(&r);
}
END_TEST

/* ---- source -> error ----------------------------------------------------- */

struct err_case {
	const char *name;
	const char *src;
	const char *msg;  /* a line the log must contain */
};

#define E "error: "

static const struct err_case err_cases[] = {
	{ "missing_semicolon", "void main() {\n  int x = 1\n}", "0:3(1): " E "syntax error: unexpected '}', expected ';'" },
	{ "unclosed_paren", "void main() { x = (1; }", "0:1(21): " E "syntax error: unexpected ';', expected ')'" },
	{ "missing_operand", "void f(float x) { float y = x +; }", "0:1(32): " E "syntax error: unexpected ';', expected an expression" },
	{ "two_interp", V3 "flat smooth in vec4 a;", "0:2(6): " E "duplicate interpolation qualifier 'smooth'" },
	{ "order_invariant", V3 "out invariant vec4 a;", "0:2(5): " E "qualifier 'invariant' must come before 'out'" },
	{ "order_precision", V3 "in lowp flat vec4 a;", "0:2(9): " E "qualifier 'flat' must come before 'lowp'" },
	{ "order_310_twice", V31 "highp in flat lowp vec4 a;", "0:2(15): " E "duplicate precision qualifier 'lowp'" },
	{ "order_310_storage", V31 "in highp out vec4 a;", "0:2(10): " E "conflicting storage qualifiers 'in' and 'out'" },
	{ "order_310_invariant", V31 "invariant out invariant vec4 a;", "0:2(15): " E "duplicate qualifier 'invariant'" },
	{ "centroid_alone_310", V31 "centroid uniform vec4 a;", "0:2(1): " E "'centroid' qualifies only 'in' or 'out'" },
	{ "centroid_alone", V3 "centroid vec4 a;", "0:2(10): " E "syntax error: unexpected 'vec4', expected 'in' or 'out' after 'centroid'" },
	{ "in_global_100", "in vec4 a;", "0:1(1): " E "'in' qualifies only function parameters in GLSL ES 1.00" },
	{ "uniform_local", "void main() { uniform float x; }", "0:1(15): " E "qualifier 'uniform' is not allowed on local variables" },
	{ "array_of_arrays_100", "float a[2][3];", "0:1(11): " E "arrays of arrays are not allowed in GLSL ES 1.00" },
	{ "array_of_arrays_300", V3 "float[2] a[3];", "0:2(11): " E "arrays of arrays are not allowed in GLSL ES 3.00" },
	/* ES 1.00's grammar has `T[N]` types (type_specifier_no_prec), not `T[]`,
	 * array returns, array constructors or embedded struct definitions */
	{ "array_type_unsized_100", "float[] a;", "0:1(6): " E "unsized array types ('T[] name') require GLSL ES 3.00" },
	{ "array_return_100", "float[2] f();", "0:1(1): " E "functions cannot return arrays in GLSL ES 1.00" },
	{ "array_type_ctor_100", "void main() { x = float[2](1.0, 2.0); }", "0:1(19): " E "array constructors require GLSL ES 3.00" },
	{ "embedded_struct_100", "struct S {\n  struct T { int a; } t;\n};", "0:2(3): " E "embedded struct definitions are not allowed" },
	{ "embedded_struct_300", V3 "struct S { float b; struct { int a; } t; };", "0:2(21): " E "embedded struct definitions are not allowed" },
	{ "array_init_100", "float a[2] = float[2](1.0, 2.0);", "0:1(12): " E "arrays cannot be initialized in GLSL ES 1.00" },
	{ "unsized_no_init", V3 "float a[];", "0:2(7): " E "unsized array 'a' needs an initializer" },
	{ "layout_unknown", V3 "layout(locaton = 1) in vec4 a;", "0:2(8): " E "unknown layout qualifier 'locaton'" },
	{ "layout_location_value", V3 "layout(location) in vec4 a;", "0:2(16): " E "syntax error: unexpected ')', expected '='" },
	{ "layout_case", V3 "layout(STD140) uniform B { vec4 x; };", "0:2(8): " E "unknown layout qualifier 'STD140'" },
	{ "block_100", "uniform B { vec4 x; };", "0:1(9): " E "interface blocks require GLSL ES 3.00" },
	{ "in_block", V3 "in B { vec4 x; };", "0:2(1): " E "only uniform interface blocks exist in GLSL ES 3.00" },
	{ "empty_block", V3 "uniform B { };", "0:2(13): " E "an interface block must have at least one member" },
	{ "empty_struct", "struct S { };", "0:1(12): " E "a struct must have at least one member" },
	{ "precision_vec4", "precision highp vec4;", "0:1(17): " E "default precision applies only to float, int and sampler types" },
	{ "break_outside", "void main() { break; }", "0:1(15): " E "'break' outside a loop or switch" },
	{ "continue_outside", "void main() { continue; }", "0:1(15): " E "'continue' outside a loop" },
	{ "switch_stmt_first", V3 "void main() { switch (x) { y = 1; case 1: break; } }", "0:2(28): " E "statement before the first label in a switch" },
	{ "switch_label_last", V3 "void main() { switch (x) { case 1: break; case 2: } }", "0:2(43): " E "a switch cannot end with a label" },
	{ "case_in_if", V3 "void main() { if (a) { case 1: ; } }", "0:2(24): " E "'case' label outside the body of a switch" },
	{ "switch_100", "void main() { switch (x) { case 1: break; } }", "error: 'switch' is a reserved word" },
	{ "local_function", "void main() { void f(); }", "0:1(20): " E "functions can only be declared at global scope" },
	{ "method_100", "void main() { x = v.length(); }", "0:1(27): " E "method calls ('.length()') require GLSL ES 3.00" },
	{ "return_qualifier", "const float f() { return 1.0; }", "0:1(1): " E "a function's return type takes no qualifiers but precision" },
	{ "const_out", "void f(const out float x);", "0:1(8): " E "'const' cannot be combined with 'out' or 'inout'" },
	{ "extra_brace", "void main() { x = 1; } }", "0:1(24): " E "syntax error: unexpected '}', expected a declaration" },
	{ "member_init", "struct S { float a = 1.0; };", "0:1(20): " E "initializers are not allowed here" },
	{ "member_const", "struct S { const float a; };", "0:1(12): " E "qualifier 'const' is not allowed on struct members" },
	{ "invariant_uniform_100", "invariant uniform float x;", "0:1(1): " E "'invariant' qualifies only varyings in GLSL ES 1.00" },
	{ "default_layout_in", V3 "layout(std140) in;", "0:2(1): " E "a default layout is only 'layout(...) uniform;'" },
	{ "call_missing_comma", "void main() { f(x y); }", "0:1(19): " E "syntax error: unexpected identifier 'y', expected ')'" },
	{ "param_unsized", "float f(float a[]);", "0:1(9): " E "parameter arrays must have a size" },
	{ "eof_in_body", "void main() { x = 1;", "0:1(0): " E "syntax error: unexpected end of input, expected '}'" },
	{ "struct_in_expr", "void main() { x = struct S { float a; }(1.0); }", "0:1(19): " E "a struct cannot be defined in an expression" },
	{ "empty_index", V3 "void main() { x = a[]; }", "0:2(22): " E "syntax error: unexpected ';', expected '(' after a type name" },
	{ "empty_index_expr", "void main() { x = a[0][]; }", "0:1(24): " E "syntax error: unexpected ']', expected an index expression" },
	{ "if_empty_cond", "void main() { if () x = 1; }", "0:1(19): " E "syntax error: unexpected ')', expected a condition" },
};

START_TEST(parse_error)
{
	const struct err_case *c = &err_cases[_i];
	struct parse_result r;

	parse_src(&r, c->src, VS);
	ck_assert_msg(r.ret != 0, "%s: accepted", c->name);
	ck_assert_msg(strstr(glsl_log_text(&r.log), c->msg), "%s: log is\n%s\nwant: %s", c->name,
		      glsl_log_text(&r.log), c->msg);
	done(&r);
}
END_TEST

/* ---- corpora ------------------------------------------------------------- */

struct corpus_count {
	unsigned files, nodes;
};

static void corpus_one(const char *name, const char *src, bool fs, void *data)
{
	struct corpus_count *n = data;
	struct parse_result r;

	ck_assert_ptr_nonnull(src);
	parse_src(&r, src, fs ? FS : VS);
	ck_assert_msg(r.ret == 0, "%s:\n%s", name, glsl_log_text(&r.log));
	n->nodes += r.ast->nodes;
	n->files++;
	done(&r);
}

START_TEST(real_shader_corpus)
{
	struct corpus_count n = { 0 };

	ck_assert_msg(corpus_for_each_shader(CORPUS_DIR, corpus_one, &n) == 0,
		      "no corpus at %s", CORPUS_DIR);
	printf("real-shaders: %u files, %u nodes, all parsed\n", n.files, n.nodes);
	ck_assert_uint_eq(n.files, 217);
}
END_TEST

/* ---- dEQP's shader library ------------------------------------------------ */

/* agree counts the cases whose every shader parsed. */
struct parse_tally {
	struct deqp_tally t;
	unsigned pp_rejected[2][DEQP_EXPECT_COUNT]; /* the preprocessor said no */
};

/* 1 if every shader parses, 0 if the parser rejects one, -1 if the
 * preprocessor does. */
static int deqp_parses(const struct deqp_case *c)
{
	int result = 1;

	for (unsigned i = 0; i < c->nr_shaders && result == 1; i++) {
		struct parse_result r;

		parse_src(&r, c->shaders[i].source, c->shaders[i].fragment ? FS : VS);
		result = r.pp_ret ? -1 : r.ret ? 0 : 1;
		if (result != 1 && getenv("DEQP_VERBOSE"))
			printf("%s (%s):\n%s", c->name, c->shaders[i].fragment ? "fs" : "vs",
			       glsl_log_text(&r.log));
		done(&r);
	}
	return result;
}

static void deqp_one(const struct deqp_case *c, void *data)
{
	struct parse_tally *pt = data;
	struct deqp_tally *t = &pt->t;
	unsigned v = c->version == 300;
	bool must_parse = c->expect == DEQP_PASS || c->expect == DEQP_LINK_FAIL ||
			  c->expect == DEQP_BUILD_SUCCESSFUL;
	int res;

	if (deqp_tally_skip(t, c))
		return;
	res = deqp_parses(c);
	t->n[v][c->expect]++;
	t->agree[v][c->expect] += res == 1;
	pt->pp_rejected[v][c->expect] += res == -1;
	if (!must_parse)
		return;
	if (res != 1 && !deqp_is_known(t, c->name)) {
		printf("  REGRESSION: %s (expected to parse) no longer parses\n", c->name);
		t->regressions++;
	} else if (res == 1 && deqp_is_known(t, c->name)) {
		printf("  fixed: %s parses now (remove it from the known-failure list)\n", c->name);
		t->fixed++;
	}
}

static void deqp_report(const struct parse_tally *pt)
{
	for (unsigned v = 0; v < 2; v++) {
		for (unsigned x = 0; x < DEQP_EXPECT_COUNT; x++) {
			unsigned n = pt->t.n[v][x], ok = pt->t.agree[v][x], pp = pt->pp_rejected[v][x];

			if (!n)
				continue;
			if (x == DEQP_COMPILE_FAIL || x == DEQP_COMPILE_OR_LINK_FAIL)
				printf("dEQP ES %s %-20s %5u cases: rejected by the preprocessor %u, by the "
				       "parser %u; %u parse (left to semantic analysis)\n",
				       v ? "3.00" : "1.00", deqp_expect_names[x], n, pp, n - ok - pp, ok);
			else
				printf("dEQP ES %s %-20s %5u cases: %u parse (%.2f%%)\n", v ? "3.00" : "1.00",
				       deqp_expect_names[x], n, ok, 100.0 * ok / n);
		}
	}
	printf("dEQP: %u skipped (require full/only_glsl_es_100_support)\n", pt->t.skipped);
}

START_TEST(deqp_shader_library)
{
	struct parse_tally pt = { 0 };

	deqp_tally_start(&pt.t, KNOWN_FAILURES, false);
	deqp_run_library(DEQP_DIR, deqp_one, &pt);
	deqp_report(&pt);
	deqp_tally_finish(&pt.t);
	ck_assert_msg(!pt.t.regressions, "%u dEQP cases expected to parse fail to", pt.t.regressions);
}
END_TEST

/* ---- several errors per compile ---------------------------------------------- */

/* The log must list want[] in order, and nothing else. */
static void expect_errors(const char *src, const char *const *want, unsigned n)
{
	struct parse_result r;
	const char *at;

	parse_src(&r, src, VS);
	ck_assert_int_eq(r.pp_ret, 0);
	ck_assert_int_ne(r.ret, 0);
	ck_assert_ptr_null(r.ast);
	at = glsl_log_text(&r.log);
	for (unsigned i = 0; i < n; i++) {
		const char *hit = strstr(at, want[i]);

		ck_assert_msg(hit, "want %s after\n%s\nin\n%s", want[i], at, glsl_log_text(&r.log));
		at = hit + strlen(want[i]);
	}
	ck_assert_msg(r.log.errors == n, "%u errors:\n%s", r.log.errors, glsl_log_text(&r.log));
	done(&r);
}

/* After a syntax error the parser skips to the end of the statement (the
 * next ';' or '}' at its nesting) or external declaration and goes on. */
START_TEST(several_errors)
{
	static const char *const stmts[] = {
		"0:2(7): error: syntax error: unexpected ';', expected an expression",
		"0:3(10): error: syntax error: unexpected ';', expected an expression",
		"0:4(31): error: syntax error: unexpected ')', expected an expression",
		"0:7(16): error: syntax error: unexpected '='",
		"0:8(30): error: syntax error: unexpected ')', expected ';'",
	};
	static const char *const blocks[] = {
		"0:1(16): error: syntax error: unexpected ')', expected an expression",
		"0:2(31): error: syntax error: unexpected '3'",
	};
	static const char *const at_end[] = { "error: syntax error: unexpected end of input" };
	char *many;
	size_t n = 0;

	expect_errors("void main() {\n  x = ;\n  y = 1 +;\n  for (int i = 0; i < 2; i += ) { z = 1; }\n"
		      "  if (a) { b = 1; } else { c = 2; }\n}\nvoid f() { int = 3; }\n"
		      "float g(float x) { return (x)); }\nvoid h() {}", stmts, 5);
	/* a failed external declaration is skipped up to its own end */
	expect_errors("uniform vec4 u[);\nvoid main() { if (true) { int 3; } gl_Position = u[0]; }",
		      blocks, 2);
	/* an error that runs into the end of the input is the only one */
	expect_errors("void main() { x = f(1, 2", at_end, 1);
	/* at most GLSL_PARSE_MAX_ERRORS */
	many = malloc(64 * 40 + 64);
	ck_assert_ptr_nonnull(many);
	n += (size_t)sprintf(many + n, "void main() {\n");
	for (unsigned i = 0; i < 40; i++)
		n += (size_t)sprintf(many + n, "  x = %u +;\n", i);
	sprintf(many + n, "}\n");
	{
		struct parse_result r;

		parse_src(&r, many, VS);
		ck_assert_int_ne(r.ret, 0);
		ck_assert_uint_eq(r.log.errors, GLSL_PARSE_MAX_ERRORS);
		ck_assert(strstr(glsl_log_text(&r.log), "0:21(11): error: syntax error"));
		ck_assert(!strstr(glsl_log_text(&r.log), "0:22("));
		done(&r);
	}
	free(many);
}
END_TEST

/* ---- hostile input -------------------------------------------------------- */

static char *repeat(const char *head, const char *unit, unsigned count, const char *tail)
{
	size_t hl = strlen(head), ul = strlen(unit), tl = strlen(tail);
	char *s = malloc(hl + ul * count + tl + 1), *p = s;

	ck_assert_ptr_nonnull(s);
	memcpy(p, head, hl);
	p += hl;
	for (unsigned i = 0; i < count; i++, p += ul)
		memcpy(p, unit, ul);
	memcpy(p, tail, tl + 1);
	return s;
}

static void expect_rejected(char *src, const char *msg)
{
	struct parse_result r;

	parse_src(&r, src, VS);
	ck_assert_msg(r.pp_ret == 0, "%s", glsl_log_text(&r.log));
	ck_assert_int_ne(r.ret, 0);
	ck_assert_msg(strstr(glsl_log_text(&r.log), msg), "log: %s", glsl_log_text(&r.log));
	ck_assert_uint_eq(r.log.errors, 1);
	done(&r);
	free(src);
}

static void expect_parsed(char *src)
{
	struct parse_result r;

	parse_src(&r, src, VS);
	ck_assert_msg(r.ret == 0, "%s", glsl_log_text(&r.log));
	done(&r);
	free(src);
}

START_TEST(deep_nesting)
{
	char *tail = repeat("", ")", 100000, "; }");

	expect_rejected(repeat("void main() { x = ", "(", 100000, tail), "nesting too deep");
	free(tail);
	expect_rejected(repeat("void main() ", "{", 100000, ""), "nesting too deep");
	expect_rejected(repeat("void main() { ", "if (a) ", 100000, "x = 1; }"), "nesting too deep");
	expect_rejected(repeat("void main() { ", "while (a) ", 100000, "x = 1; }"), "nesting too deep");
	expect_rejected(repeat("void main() { x = ", "-", 100000, "a; }"), "nested too deeply");
	expect_rejected(repeat("void main() { x = a", " + a", 100000, "; }"), "nested too deeply");
	expect_rejected(repeat("void main() { x = a", "[0]", 100000, "; }"), "nested too deeply");
	expect_rejected(repeat("void main() { x = a", ".x", 100000, "; }"), "nested too deeply");
	expect_rejected(repeat("void main() { x = a", " = a", 100000, "; }"), "nesting too deep");
	expect_rejected(repeat("void main() { x = a", " ? a : a", 100000, "; }"), "nesting too deep");
	expect_rejected(repeat("void main() { x = ", "f(", 100000, ""), "nesting too deep");
	/* Just inside the limits is fine. */
	expect_parsed(repeat("void main() { x = a", " + a", GLSL_PARSE_MAX_DEPTH - 1, "; }"));
	tail = repeat("a", ")", 200, "; }");
	expect_parsed(repeat("void main() { x = ", "(", 200, tail));
	free(tail);
	expect_parsed(repeat("void main() { ", "if (a) ", 200, "x = 1; }"));
}
END_TEST

static uint32_t rng_next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* Random sequences of real tokens: the parser must end every one with
 * success or between one and GLSL_PARSE_MAX_ERRORS errors (it recovers
 * after each), never crash or loop. */
START_TEST(token_soup)
{
	static const char *const words[] = {
		"(", ")", "[", "]", "{", "}", ".", ",", ";", "?", ":", "+", "-", "*", "/", "=",
		"+=", "++", "--", "<", "==", "&&", "||", "^^", "!", "x", "y", "S", "main", "1", "2.0",
		"true", "float", "vec4", "mat2", "void", "int", "struct", "uniform", "const", "in",
		"out", "inout", "attribute", "varying", "invariant", "precision", "highp", "lowp",
		"if", "else", "for", "while", "do", "return", "break", "continue", "discard",
		"sampler2D", "length",
	};
	static const char *const words3[] = {
		"switch", "case", "default", "layout", "location", "std140", "flat", "smooth",
		"centroid", "uint", "3u", "%", "<<", "&", "|", "~", "float[2]",
	};
	const unsigned nw = sizeof(words) / sizeof(words[0]), nw3 = sizeof(words3) / sizeof(words3[0]);
	uint32_t seed = 0x9e3779b9u;
	unsigned ok = 0, several = 0;
	char src[4096];

	for (unsigned iter = 0; iter < 4000; iter++) {
		bool es3 = iter & 1;
		size_t n = (size_t)snprintf(src, sizeof(src), "%s", es3 ? "#version 300 es\n" : "");
		unsigned len = 1 + rng_next(&seed) % 60;
		struct parse_result r;

		for (unsigned i = 0; i < len; i++) {
			uint32_t k = rng_next(&seed) % (nw + (es3 ? nw3 : 0));

			n += (size_t)snprintf(src + n, sizeof(src) - n, "%s ", k < nw ? words[k] : words3[k - nw]);
		}
		parse_src(&r, src, VS);
		if (r.pp_ret == 0)
			ck_assert_msg(r.ret == 0 ? r.log.errors == 0 :
				      r.log.errors >= 1 && r.log.errors <= GLSL_PARSE_MAX_ERRORS,
				      "%s\n%s", src, glsl_log_text(&r.log));
		ok += r.ret == 0;
		several += r.log.errors > 1;
		done(&r);
	}
	printf("token soup: %u of 4000 parsed, %u with several errors\n", ok, several);
}
END_TEST

static Suite *parse_suite(void)
{
	Suite *s = suite_create("glsl_parse");
	TCase *tc = tcase_create("parse");

	tcase_add_loop_test(tc, ast_print, 0, sizeof(ast_cases) / sizeof(ast_cases[0]));
	tcase_add_loop_test(tc, parse_error, 0, sizeof(err_cases) / sizeof(err_cases[0]));
	tcase_add_test(tc, real_shader_corpus);
	tcase_add_test(tc, deqp_shader_library);
	tcase_add_test(tc, several_errors);
	tcase_add_test(tc, deep_nesting);
	tcase_add_test(tc, token_soup);
	tcase_set_timeout(tc, 120);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(parse_suite(), CK_NORMAL);
}
