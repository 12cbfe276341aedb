/* SPDX-License-Identifier: MIT */
/*
 * Semantic analysis: source -> accepted, or -> the first error with its
 * line(col); the real-shader corpus (all must be accepted); dEQP's shader
 * library through preprocessor + parser + sema, scored by expectation class
 * against a checked-in list of known disagreements (so regressions fail);
 * hostile input (deep nesting, token soup) that must end cleanly.
 */
#include <check.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "check_run.h"
#include "corpus.h"
#include "deqp_cases.h"
#include "glsl_builtins_table.h"
#include "glsl_parser.h"
#include "glsl_sema.h"

#define VS GLSL_STAGE_VERTEX
#define FS GLSL_STAGE_FRAGMENT

struct sema_result {
	struct glsl_token_stream s;
	struct glsl_log log;
	struct glsl_arena arena;
	struct glsl_ast *ast;
	struct glsl_sema_result *sema;
	int stage_failed;  /* 0 ok, 1 preprocessor, 2 parser, 3 sema */
};

static void compile_opts(struct sema_result *r, const char *src, enum glsl_stage stage,
			 const struct glsl_sema_options *opts)
{
	struct glsl_pp_info in = { .strings = &src, .count = 1, .stage = stage };

	glsl_log_init(&r->log, 0, 0);
	glsl_arena_init(&r->arena, 0, 0);
	r->ast = NULL;
	r->sema = NULL;
	r->stage_failed = 0;
	if (glsl_pp_run(&in, &r->s, &r->log))
		r->stage_failed = 1;
	else if (glsl_parse(&r->s, &r->arena, &r->ast, &r->log))
		r->stage_failed = 2;
	else if (glsl_sema(r->ast, stage, opts, &r->arena, &r->log, &r->sema))
		r->stage_failed = 3;
}

static void compile(struct sema_result *r, const char *src, enum glsl_stage stage)
{
	compile_opts(r, src, stage, NULL);
}

static void done(struct sema_result *r)
{
	glsl_arena_finish(&r->arena);
	glsl_token_stream_finish(&r->s);
	glsl_log_finish(&r->log);
}

#define V3 "#version 300 es\n"
#define PF "precision mediump float;\n"

/* ---- accepted ------------------------------------------------------------- */

struct ok_case {
	const char *name;
	enum glsl_stage stage;
	const char *src;
};

static const struct ok_case ok_cases[] = {
	{ "minimal_vs", VS, "void main() { gl_Position = vec4(0.0); }" },
	{ "minimal_fs", FS, PF "void main() { gl_FragColor = vec4(1.0); }" },
	{ "attrib_varying", VS, "attribute vec4 p; varying vec2 uv; uniform mat4 m;\n"
	  "void main() { uv = p.xy; gl_Position = m * p; }" },
	{ "linear_algebra", VS, V3 "uniform mat3x2 a; uniform mat2x3 b; in vec3 v;\n"
	  "void main() { mat2 c = a * b; vec2 w = a * v; vec3 u = w * a; mat3 d = b * a;\n"
	  "gl_Position = vec4(c[0], w) + vec4(u, d[2][2]); }" },
	{ "ctor_forms", VS, V3 "struct S { float f; vec2 v[2]; };\n"
	  "void main() { mat2 m = mat2(mat4(1.0)); mat3 n = mat3(1.0); vec4 v = vec4(m);\n"
	  "ivec3 i = ivec3(vec2(1.5), true); S s = S(1.0, vec2[2](vec2(0.0), vec2(1.0)));\n"
	  "float a[] = float[](1.0, 2.0, 3.0); gl_Position = vec4(a.length()) + v + vec4(n[0], s.f); }" },
	{ "const_fold", VS, V3 "const int n = 3 * 4 - 2; const vec3 c = vec3(1.0, 2.0, 3.0);\n"
	  "const float f = c.y + max(c.x, 0.5) + float(n); float arr[int(f)];\n"
	  "const mat2 m = mat2(1.0) * 2.0; float b[int(m[1][1])];\n"
	  "void main() { gl_Position = vec4(arr.length() + b.length()); }" },
	{ "swizzle_lvalue", VS, "void main() { vec4 v; v.xz = vec2(1.0); v.w = v.r; gl_Position = v.abgr; }" },
	{ "overloads", VS, "float f(float x) { return x; } vec2 f(vec2 x) { return x; }\n"
	  "void g(out float a, inout vec2 b) { a = f(1.0); b = f(b); }\n"
	  "void main() { float a; vec2 b; g(a, b); gl_Position = vec4(a, b, 1.0); }" },
	{ "prototype", VS, "float f(float);\nvoid main() { gl_Position = vec4(f(1.0)); }\n"
	  "float f(float x) { return x * 2.0; }" },
	{ "switch", FS, V3 PF "out vec4 o; uniform int k;\n"
	  "void main() { switch (k) { case 0: o = vec4(0.0); break; case 1: case 2: o = vec4(1.0); "
	  "break; default: o = vec4(2.0); } }" },
	{ "block", VS, V3 "layout(std140) uniform B { mat4 m; vec4 c[2]; } b[2];\n"
	  "uniform U { layout(row_major) mat3 r; float s; };\n"
	  "void main() { gl_Position = b[1].m * b[0].c[1] + vec4(r[0], s); }" },
	{ "scoping_100", VS, "float f(float x) { float x = 2.0; return x; }\n"
	  "void main() { gl_Position = vec4(f(1.0)); }" },
	{ "hide_builtin", VS, "void main() { float sin = 1.0; gl_Position = vec4(sin); }" },
	{ "fs_outputs", FS, V3 PF "layout(location = 0) out vec4 a; layout(location = 1) out vec4 b;\n"
	  "void main() { a = vec4(0.0); b = a; }" },
	{ "flat_int", VS, V3 "flat out int i; void main() { i = 1; gl_Position = vec4(0.0); }" },
	{ "invariant", VS, "invariant gl_Position; varying vec4 v; invariant v;\n"
	  "void main() { v = vec4(1.0); gl_Position = v; }" },
	{ "invariant_fs_inputs", FS, "invariant gl_FragCoord; invariant gl_PointCoord;\n"
	  "void main() { gl_FragColor = gl_FragCoord + vec4(gl_PointCoord, 0, 0); }" },
	{ "local_precision", FS, "void main() { precision mediump float; float x = 1.0; "
	  "gl_FragColor = vec4(x); }" },
	{ "texture", FS, V3 PF "uniform sampler2D s; uniform lowp sampler3D t; out vec4 o; in vec2 uv;\n"
	  "void main() { o = texture(s, uv) + texture(t, uv.xyx) + vec4(textureSize(s, 0), 0, 0); }" },
	{ "sampler_array", FS, PF "uniform sampler2D s[2];\n"
	  "void main() { gl_FragColor = texture2D(s[1], vec2(0.0)); }" },
	{ "shift_bitops", VS, V3 "void main() { uvec2 u = uvec2(1u) << 2; int i = ~3 ^ (5 & 6) | 1 % 2;\n"
	  "ivec3 v = ivec3(1) >> ivec3(1); gl_Position = vec4(float(u.x + uint(i + v.y))); }" },
	{ "loop_scope", VS, "void main() { float s = 0.0; for (int i = 0; i < 4; i++) { s += 1.0; }\n"
	  "int i = 2; while (i > 0) i--; do { s *= 2.0; } while (s < 10.0); gl_Position = vec4(s); }" },
	{ "struct_compare", VS, "struct S { float a; vec2 b; };\n"
	  "void main() { S x = S(1.0, vec2(2.0)); S y = x; gl_Position = vec4(x == y ? 1.0 : 0.0); }" },
	{ "array_assign_300", VS, V3 "void main() { float a[2]; float b[2] = float[2](1.0, 2.0); a = b;\n"
	  "gl_Position = vec4(a == b ? a[0] : a[1]); }" },
	{ "uniform_redeclared", VS, "uniform float u; uniform float u; void main() { gl_Position = vec4(u); }" },
	{ "array_out_arg_100", VS, "void f(out float a[2]) { a[0] = 1.0; a[1] = 0.0; }\n"
	  "void main() { float a[2]; f(a); gl_Position = vec4(a[0]); }" },
	{ "discard", FS, PF "void main() { if (gl_FragCoord.x > 1.0) discard; gl_FragColor = vec4(1.0); }" },
	/* ES 1.00 §5.10 keeps the sequence operator in constant expressions */
	{ "sequence_const_100", VS, "const float f = (1.0, 2.0); uniform float a[(1, 2)];\n"
	  "float g = (f, 3.0); void main() { gl_Position = vec4(f + a[1] + g); }" },
	{ "array_type_100", FS, PF "void f(inout float x[2]) { x[0] = 1.0; }\n"
	  "void main() { float[2] x; f(x); gl_FragColor = vec4(x[0]); }" },
	{ "highp_fs_100", FS, "highp float x; void main() { gl_FragColor = vec4(x); }" },
	{ "return_precision_default", FS, PF "float f() { return 3.0; } void main() { gl_FragColor = vec4(f()); }" },
	{ "return_precision_qualified", FS, "mediump float f() { return 3.0; }\n"
	  "void main() { gl_FragColor = vec4(f()); }" },
	/* ES 1.00 extensions' built-ins, where the shader enables them */
	{ "derivatives_ext", FS, "#extension GL_OES_standard_derivatives : enable\n" PF
	  "varying vec2 v; void main() { gl_FragColor = vec4(dFdx(v), dFdy(v.x), fwidth(v.y)); }" },
	{ "derivatives_ext_warn", FS, "#extension GL_OES_standard_derivatives : warn\n" PF
	  "varying vec4 v; void main() { gl_FragColor = fwidth(v); }" },
	{ "texture_lod_ext", FS, "#extension GL_EXT_shader_texture_lod : require\n" PF
	  "uniform sampler2D s; uniform samplerCube c; varying vec2 v;\n"
	  "void main() { gl_FragColor = texture2DLodEXT(s, v, 1.0) + texture2DProjLodEXT(s, v.xyy, 0.0)\n"
	  "+ texture2DProjLodEXT(s, v.xyyy, 0.0) + textureCubeLodEXT(c, v.xyx, 2.0)\n"
	  "+ texture2DGradEXT(s, v, v, v) + texture2DProjGradEXT(s, v.xyx, v, v)\n"
	  "+ texture2DProjGradEXT(s, v.xyxy, v, v) + textureCubeGradEXT(c, v.xyx, v.xxx, v.yyy); }" },
	{ "frag_depth_ext", FS, "#extension GL_EXT_frag_depth : enable\n" PF
	  "void main() { gl_FragDepthEXT = 0.5; gl_FragColor = vec4(1.0); }" },
	/* samplerExternalOES: a lowp 2D sampler by default, 2D lookups */
	{ "external_ext", FS, "#extension GL_OES_EGL_image_external : require\n" PF
	  "uniform samplerExternalOES s; varying vec2 v;\n"
	  "void main() { gl_FragColor = texture2D(s, v) + texture2DProj(s, v.xyy)\n"
	  "+ texture2DProj(s, v.xyyy); }" },
	{ "external_ext_vs", VS, "#extension GL_OES_EGL_image_external : enable\n"
	  "uniform samplerExternalOES s; void main() { gl_Position = texture2D(s, vec2(0.5)); }" },
	{ "external_essl3", FS, V3 "#extension GL_OES_EGL_image_external_essl3 : require\n" PF
	  "uniform samplerExternalOES s; in vec2 v; out vec4 o;\n"
	  "void main() { o = texture(s, v) + textureProj(s, v.xyy) + textureProj(s, v.xyyy)\n"
	  "+ vec4(textureSize(s, 0), 0.0, 0.0); }" },
	/* EXT_separate_shader_objects: locations on 3.00 varyings; 1.00 takes
	 * the #extension (and its macro) */
	{ "sso_vs_out_location", VS, V3 "#extension GL_EXT_separate_shader_objects : enable\n"
	  "in vec4 p; layout(location = 3) out vec4 c; flat out int k;\n"
	  "void main() { c = p; k = 1; gl_Position = p; }" },
	{ "sso_fs_in_location", FS, V3 "#extension GL_EXT_separate_shader_objects : require\n" PF
	  "layout(location = 3) in vec4 c; out vec4 o; void main() { o = c; }" },
	{ "sso_100", FS, "#extension GL_EXT_separate_shader_objects : require\n"
	  "#ifndef GL_EXT_separate_shader_objects\n#error no macro\n#endif\n" PF
	  "varying vec4 c; void main() { gl_FragColor = c; }" },
	{ "all_extensions_warn", FS, "#extension all : warn\n" PF
	  "void main() { gl_FragDepthEXT = dFdx(gl_FragCoord.x); gl_FragColor = vec4(1.0); }" },
};

START_TEST(accepted)
{
	const struct ok_case *c = &ok_cases[_i];
	struct sema_result r;

	compile(&r, c->src, c->stage);
	ck_assert_msg(r.stage_failed == 0, "%s:\n%s", c->name, glsl_log_text(&r.log));
	ck_assert_ptr_nonnull(r.sema);
	done(&r);
}
END_TEST

/* ---- rejected with a message ------------------------------------------------ */

struct err_case {
	const char *name;
	enum glsl_stage stage;
	const char *src;
	const char *msg;  /* text the log must contain, with line(col) */
};

#define E "error: "

static const struct err_case err_cases[] = {
	/* KHR_blend_equation_advanced's layouts: under the #extension, in fragment shaders */
	{ "blend_support_no_ext", FS, V3 "layout(blend_support_screen) out;\nvoid main() {}",
	  "0:2(1): " E "'blend_support' layouts need #extension GL_KHR_blend_equation_advanced" },
	{ "blend_support_vs", VS,
	  V3 "#extension GL_KHR_blend_equation_advanced : enable\n"
	  "layout(blend_support_all_equations) out;\nvoid main() {}",
	  "0:3(1): " E "'blend_support' layouts apply only to fragment shaders" },
	{ "undeclared", VS, "void main() {\n  x = 1.0;\n}", "0:2(3): " E "'x' undeclared" },
	{ "implicit_conversion", VS, "void main() { float f = 1; }",
	  "0:1(25): " E "cannot initialize 'f' of type float with int" },
	{ "mixed_add", VS, "void main() { float f = 1.0 + 1; }",
	  "0:1(29): " E "operator '+' does not take float and int" },
	{ "vec_size", VS, "void main() { vec3 v = vec2(1.0) + vec3(1.0); }",
	  "0:1(34): " E "operator '+' does not take vec2 and vec3" },
	{ "mat_mismatch", VS, V3 "uniform mat2x3 a; void main() { mat2x3 b = a * a; }",
	  "0:2(46): " E "operator '*' does not take mat2x3 and mat2x3" },
	{ "fs_no_precision", FS, "void main() { float x = 1.0; gl_FragColor = vec4(x); }",
	  "0:1(21): " E "'x' has no precision qualifier and float has no default precision" },
	{ "sampler3d_no_precision", FS, V3 PF "uniform sampler3D s; out vec4 o; void main() { o = vec4(0.0); }",
	  "0:3(19): " E "'s' has no precision qualifier and sampler3D has no default precision" },
	{ "bool_precision", VS, "void main() { lowp bool b = true; }",
	  "0:1(15): " E "precision qualifiers apply only to float, int and sampler types" },
	{ "assign_const", VS, "const float c = 1.0; void main() { c = 2.0; }",
	  "0:1(36): " E "cannot assign to read-only variable 'c'" },
	{ "assign_uniform", VS, "uniform float u; void main() { u = 2.0; }",
	  "0:1(32): " E "cannot assign to read-only variable 'u'" },
	{ "assign_attribute", VS, "attribute float a; void main() { a = 2.0; }",
	  "0:1(34): " E "cannot assign to read-only variable 'a'" },
	{ "swizzle_dup_lvalue", VS, "void main() { vec4 v; v.xx = vec2(1.0); }",
	  "0:1(24): " E "cannot assign to an expression that is not an l-value" },
	{ "swizzle_range", VS, "void main() { vec2 v; float f = v.z; }",
	  "0:1(34): " E "invalid swizzle 'z' for vec2" },
	{ "swizzle_mix", VS, "void main() { vec4 v; vec2 f = v.xg; }",
	  "0:1(33): " E "swizzle 'xg' mixes component sets" },
	{ "scalar_swizzle", VS, "void main() { float f; float g = f.x; }",
	  "0:1(35): " E "float has no fields ('.x')" },
	{ "out_arg_const", VS, "void f(out float x) { x = 1.0; } void main() { f(1.0); }",
	  "0:1(50): " E "cannot pass as an out argument an expression that is not an l-value" },
	{ "no_overload", VS, "float f(float x) { return x; } void main() { f(1); }",
	  "0:1(46): " E "no matching function for call to 'f(int)'" },
	{ "recursion", VS, "float f(float x);\nfloat g(float x) { return f(x); }\n"
	  "float f(float x) { return g(x); }\nvoid main() { f(1.0); }",
	  E "recursion is not allowed" },
	{ "self_recursion", VS, "float f(float x) { return f(x); } void main() { }",
	  "0:1(7): " E "recursion is not allowed ('f' calls itself)" },
	{ "redefined", VS, "void f() {} void f() {} void main() {}", "0:1(18): " E "function redefined" },
	{ "return_type_only", VS, "float f(); int f(); void main() {}",
	  "0:1(16): " E "function redeclared with a different return type" },
	{ "redeclare_var", VS, "void main() { float x; int x; }", "0:1(28): " E "redeclaration of 'x'" },
	{ "gl_prefix", VS, "float gl_x;", "0:1(7): " E "identifier 'gl_x': names beginning with 'gl_' are reserved" },
	{ "attribute_fs", FS, PF "attribute vec4 a;", "0:2(1): " E "'attribute' is only allowed in vertex shaders" },
	{ "attribute_int", VS, "attribute int a;", "0:1(15): " E "'a': type int is not allowed for this storage" },
	{ "discard_vs", VS, "void main() { discard; }", "0:1(15): " E "'discard' is only allowed in fragment shaders" },
	{ "frag_color_and_data", FS, PF "void main() { gl_FragColor = vec4(1.0); gl_FragData[0] = vec4(0.0); }",
	  "0:2(41): " E "a shader cannot use both gl_FragColor and gl_FragData" },
	{ "frag_color_300", FS, V3 PF "void main() { gl_FragColor = vec4(1.0); }",
	  "0:3(15): " E "'gl_FragColor' undeclared" },
	{ "outputs_no_location", FS, V3 PF "out vec4 a; out vec4 b; void main() { a = b; }",
	  "0:3(10): " E "with more than one fragment output, all need layout(location)" },
	{ "int_varying_flat", VS, V3 "out int i; void main() { }",
	  "0:2(9): " E "integer vertex outputs and fragment inputs must be 'flat'" },
	{ "location_uniform", VS, V3 "layout(location = 0) uniform vec4 u;",
	  "0:2(1): " E "'location' applies only to vertex inputs and fragment outputs" },
	{ "case_type", VS, V3 "void main() { int x = 1; switch (x) { case 1u: break; } }",
	  "0:2(44): " E "a case label must have the type of the switch expression" },
	{ "case_dup", VS, V3 "void main() { int x = 1; switch (x) { case 1: break; case 0+1: break; } }",
	  "0:2(60): " E "duplicate case label" },
	{ "case_nonconst", VS, V3 "void main() { int x = 1; switch (x) { case x: break; } }",
	  "0:2(44): " E "a case label must be a constant expression" },
	{ "if_int", VS, "void main() { if (1) { } }", "0:1(19): " E "a condition must be a bool" },
	{ "array_size_nonconst", VS, "void main() { int n = 2; float a[n]; }",
	  "0:1(34): " E "array size must be a constant expression" },
	{ "array_size_zero", VS, "float a[0];", "0:1(9): " E "array size must be greater than zero" },
	{ "index_range", VS, "void main() { float a[2]; a[2] = 1.0; }", "0:1(29): " E "index 2 out of range [0, 2)" },
	{ "const_uninit", VS, "const float c;", "0:1(13): " E "const variables must be initialized" },
	{ "const_nonconst_init", VS, "uniform float u; void main() { const float c = u; }",
	  "0:1(48): " E "initializer of const 'c' must be a constant expression" },
	{ "uniform_init", VS, "uniform float u = 1.0;", "0:1(15): " E "only const, global and local variables can be initialized" },
	{ "builtin_unavailable", VS, "void main() { vec4 v = texture(s, vec2(0.0)); }", "0:1(32): " E "'s' undeclared" },
	{ "builtin_stage", VS, "uniform sampler2D s; void main() { gl_Position = texture2D(s, vec2(0.0), 1.0); }",
	  "0:1(50): " E "'texture2D(sampler2D, vec2, float)' is only available in fragment shaders" },
	{ "builtin_redefine_300", VS, V3 "float sin(float x) { return x; }",
	  "0:2(7): " E "cannot redeclare or overload built-in function 'sin'" },
	{ "builtin_redefine_100", VS, "float sin(float x) { return x; }",
	  "0:1(7): " E "cannot redefine built-in function 'sin'" },
	{ "main_signature", VS, "int main() { return 0; }", "0:1(5): " E "'main' must be 'void main()'" },
	{ "return_missing_value", VS, "float f() { return; } void main() {}",
	  "0:1(13): " E "a non-void function must return a value" },
	{ "return_wrong_type", VS, "float f() { return 1; } void main() {}",
	  "0:1(13): " E "returning int from a function returning float" },
	{ "ctor_too_many", VS, "void main() { vec2 v = vec2(1.0, 2.0, 3.0); }",
	  "0:1(24): " E "constructor of vec2: too many arguments" },
	{ "ctor_too_few", VS, "void main() { vec3 v = vec3(1.0, 2.0); }",
	  "0:1(24): " E "constructor of vec3: not enough components" },
	{ "ctor_mat_mixed", VS, "void main() { mat2 m = mat2(mat2(1.0), 1.0); }",
	  "0:1(24): " E "constructor of mat2: too many arguments" },
	{ "struct_ctor", VS, "struct S { float a; int b; }; void main() { S s = S(1.0, 2.0); }",
	  "0:1(58): " E "constructor of struct S: argument type does not match" },
	{ "struct_member", VS, "struct S { float a; }; void main() { S s; float f = s.b; }",
	  "0:1(54): " E "'S' has no member 'b'" },
	{ "sampler_local", FS, PF "void main() { sampler2D s; }",
	  "0:2(25): " E "samplers can only be uniforms or function parameters" },
	{ "block_sampler", VS, V3 "uniform B { sampler2D s; };",
	  "0:2(13): " E "samplers are not allowed in uniform blocks" },
	{ "block_index_nonconst", VS, V3 "uniform B { vec4 v; } b[2]; uniform int i;\n"
	  "void main() { gl_Position = b[i].v; }",
	  "0:3(31): " E "this array can only be indexed with a constant expression" },
	{ "block_member_clash", VS, V3 "uniform B { vec4 v; }; uniform C { vec4 v; };",
	  "0:2(41): " E "redeclaration of 'v'" },
	/* piglit glsl-es-1.00-fface-invariant (ES 1.00 §4.6.4) */
	{ "invariant_front_facing", FS, "invariant gl_FrontFacing;\n"
	  "void main() { gl_FragColor = vec4(0); }",
	  "0:1(11): " E "'gl_FrontFacing' cannot be declared invariant" },
	{ "invariant_after_use", VS, "varying vec4 v; void main() { v = vec4(1.0); }\ninvariant v;",
	  "0:2(11): " E "'v' is declared invariant after its use" },
	{ "global_nonconst_init", VS, "uniform float u; float g = u; void main() {}",
	  "0:1(28): " E "initializer of global 'g' must be a constant expression" },
	{ "length_100_array_assign", VS, "void main() { float a[2]; float b[2]; a = b; }",
	  "0:1(41): " E "cannot assign to a whole array (GLSL ES 1.00)" },
	{ "uniform_redeclared_type", VS, "uniform float u; uniform vec2 u;", "0:1(31): " E "redeclaration of 'u'" },
	{ "block_name_clash", VS, V3 "uniform B { vec4 v; } x; float B;", "0:2(32): " E "redeclaration of 'B'" },
	{ "prototype_twice_100", VS, "void f(); void f(); void main() {}",
	  "0:1(16): " E "function prototype redeclared (GLSL ES 1.00)" },
	{ "call_variable", VS, "float f; void main() { f(); }", "0:1(24): " E "'f' is not a function" },
	{ "function_before_decl", VS, "void main() { f(); } void f() {}",
	  "0:1(15): " E "no function 'f' declared" },
	{ "local_hides_param_300", VS, V3 "float f(float x) { float x = 1.0; return x; }",
	  "0:2(26): " E "redeclaration of 'x'" },
	{ "loop_body_scope", VS, "void main() { for (int i = 0; i < 2; i++) { int i = 1; } }",
	  "0:1(49): " E "redeclaration of 'i'" },
	/* ES 3.00 §4.3.3: the sequence operator makes no constant expression */
	{ "sequence_const_300", VS, V3 "const float f = 3.0 + (1.0, 2.0);",
	  "0:2(21): " E "initializer of const 'f' must be a constant expression" },
	{ "sequence_array_size_300", VS, V3 "uniform float u[(1, 2)];",
	  "0:2(19): " E "array size must be a constant expression" },
	{ "sequence_global_init_300", FS, V3 PF "const float c = 2.0; float g = (c, 3.0);",
	  "0:3(34): " E "initializer of global 'g' must be a constant expression" },
	{ "return_no_precision", FS, "float\nthree() { return 3.0; }",
	  "0:1(1): " E "the return type of 'three' has no precision qualifier and no default precision" },
	{ "precision_struct", FS, "lowp struct s {\n\tlowp float a;\n};",
	  "0:1(1): " E "precision qualifiers apply only to float, int and sampler types" },
	{ "precision_struct_300", VS, V3 "highp struct s { float a; } x;",
	  "0:2(1): " E "precision qualifiers apply only to float, int and sampler types" },
	{ "derivatives_no_ext", FS, PF "varying vec2 v;\nvoid main() { gl_FragColor = vec4(dFdx(v), v); }",
	  "0:3(35): " E "'dFdx(vec2)' requires #extension GL_OES_standard_derivatives" },
	{ "derivatives_disabled", FS, "#extension GL_OES_standard_derivatives : enable\n"
	  "#extension GL_OES_standard_derivatives : disable\n" PF
	  "void main() { gl_FragColor = vec4(fwidth(1.0)); }",
	  "0:4(35): " E "'fwidth(float)' requires #extension GL_OES_standard_derivatives" },
	{ "derivatives_ext_vs", VS, "#extension GL_OES_standard_derivatives : enable\n"
	  "attribute vec4 a; void main() { gl_Position = dFdy(a); }",
	  "0:2(47): " E "'dFdy(vec4)' is only available in fragment shaders" },
	{ "texture_lod_ext_300", FS, V3 "#extension GL_EXT_shader_texture_lod : enable\n" PF
	  "uniform sampler2D s; out vec4 o; void main() { o = texture2DLodEXT(s, vec2(0.0), 0.0); }",
	  "0:4(52): " E "'texture2DLodEXT(sampler2D, vec2, float)' is not available in GLSL ES 3.00" },
	{ "texture_lod_ext_other_ext", FS, "#extension GL_OES_standard_derivatives : enable\n" PF
	  "uniform samplerCube c; void main() { gl_FragColor = textureCubeGradEXT(c, vec3(0.0), vec3(0.0), vec3(0.0)); }",
	  "0:3(53): " E "'textureCubeGradEXT(samplerCube, vec3, vec3, vec3)' requires #extension "
	  "GL_EXT_shader_texture_lod" },
	{ "external_no_ext", FS, PF "varying vec2 v;\nuniform samplerExternalOES s;\n"
	  "void main() { gl_FragColor = texture2D(s, v); }",
	  "0:3(9): " E "'samplerExternalOES' is not a type" },
	{ "external_100_ext_in_300", FS, V3 "#extension GL_OES_EGL_image_external : enable\n" PF
	  "uniform samplerExternalOES s;", "0:4(9): " E "'samplerExternalOES' is not a type" },
	{ "external_no_lod", FS, "#extension GL_OES_EGL_image_external : enable\n" PF
	  "uniform samplerExternalOES s;\n"
	  "void main() { gl_FragColor = texture2D(s, vec2(0.0), 1.0); }",
	  "0:4(30): " E "no matching overload for 'texture2D(samplerExternalOES, vec2, float)'" },
	/* locations on 3.00 varyings only under EXT_separate_shader_objects */
	{ "sso_no_ext_vs_out_location", VS, V3 "layout(location = 1) out vec4 c;",
	  "0:2(1): " E "'location' applies only to vertex inputs and fragment outputs" },
	{ "sso_disabled_fs_in_location", FS, V3 "#extension GL_EXT_separate_shader_objects : disable\n"
	  PF "layout(location = 1) in vec4 c;",
	  "0:4(1): " E "'location' applies only to vertex inputs and fragment outputs" },
	{ "sso_uniform_location_300", VS, V3 "#extension GL_EXT_separate_shader_objects : enable\n"
	  "layout(location = 1) uniform vec4 u;",
	  "0:3(1): " E "'location' applies only to vertex inputs and fragment outputs" },
	{ "frag_depth_no_ext", FS, PF "void main() { gl_FragDepthEXT = 0.5; }",
	  "0:2(15): " E "'gl_FragDepthEXT' undeclared" },
};

START_TEST(rejected)
{
	const struct err_case *c = &err_cases[_i];
	struct sema_result r;

	compile(&r, c->src, c->stage);
	ck_assert_msg(r.stage_failed == 3, "%s: stage %d\n%s", c->name, r.stage_failed,
		      glsl_log_text(&r.log));
	ck_assert_msg(strstr(glsl_log_text(&r.log), c->msg), "%s: log is\n%s\nwant: %s", c->name,
		      glsl_log_text(&r.log), c->msg);
	ck_assert_uint_eq(r.log.errors, 1);
	done(&r);
}
END_TEST

static bool language_extension(const char *name)
{
	for (unsigned i = 0; i < glsl_sema_num_language_extensions; i++)
		if (!strcmp(glsl_sema_language_extensions[i], name))
			return true;
	return false;
}

/* The offered extensions (what the GL layer advertises) are exactly those
 * with built-ins in builtins.def and those the analysis implements: none
 * offered without an implementation, none implemented but hidden. */
START_TEST(offered_extensions_implemented)
{
	for (unsigned i = 0; i < glsl_pp_num_default_extensions; i++)
		ck_assert_msg(glsl_builtin_ext_bit(glsl_pp_default_extensions[i]) ||
			      language_extension(glsl_pp_default_extensions[i]),
			      "%s is offered but has no built-ins", glsl_pp_default_extensions[i]);
	for (unsigned i = 0; i < glsl_sema_num_language_extensions; i++) {
		bool offered = false;

		for (unsigned j = 0; j < glsl_pp_num_default_extensions; j++)
			offered |= !strcmp(glsl_pp_default_extensions[j],
					   glsl_sema_language_extensions[i]);
		ck_assert_msg(offered, "%s is implemented but not offered",
			      glsl_sema_language_extensions[i]);
	}
	for (unsigned i = 1; i < GLSL_BI_NR_EXTS; i++) {
		bool offered = false;

		for (unsigned j = 0; j < glsl_pp_num_default_extensions; j++)
			offered |= !strcmp(glsl_pp_default_extensions[j], glsl_bi_ext_names[i]);
		ck_assert_msg(offered, "%s has built-ins but is not offered", glsl_bi_ext_names[i]);
	}
}
END_TEST

/* The typed tree: what the lowering reads. */
START_TEST(annotations)
{
	struct sema_result r;
	const struct glsl_ast_node *fn, *st, *e;

	compile(&r, "const float k = 2.0;\nvoid main() { vec4 v = vec4(k) * 3.0; v.yx = v.zw; }", VS);
	ck_assert_int_eq(r.stage_failed, 0);
	fn = r.ast->decls->next;
	st = fn->u.func->body->u.kid[0];
	ck_assert_ptr_eq(st->u.decl->vars->sym->type.type, glsl_type_vec4);
	ck_assert_int_eq(st->u.decl->vars->sym->type.precision, GLSL_PREC_HIGH);
	e = st->u.decl->vars->init;
	ck_assert_ptr_nonnull(e->sema->value);
	ck_assert(e->sema->value[3].f == 6.0f);
	e = st->next->u.kid[0]->u.kid[0];
	ck_assert_int_eq(e->sema->what, GLSL_SX_SWIZZLE);
	ck_assert_int_eq(e->sema->count, 2);
	ck_assert_int_eq(e->sema->swizzle[0], 1);
	ck_assert(e->sema->lvalue);
	ck_assert_ptr_eq(r.sema->main, fn->u.func->fn);
	done(&r);
}
END_TEST

/* ---- several errors per compile -------------------------------------------------- */

static void expect_sema_errors(const char *src, enum glsl_stage stage, const char *const *want,
			       unsigned n)
{
	struct sema_result r;
	const char *at;

	compile(&r, src, stage);
	ck_assert_msg(r.stage_failed == 3, "stage %d\n%s", r.stage_failed, glsl_log_text(&r.log));
	ck_assert_ptr_null(r.sema);
	at = glsl_log_text(&r.log);
	for (unsigned i = 0; i < n; i++) {
		const char *hit = strstr(at, want[i]);

		ck_assert_msg(hit, "want %s after\n%s\nin\n%s", want[i], at, glsl_log_text(&r.log));
		at = hit + strlen(want[i]);
	}
	ck_assert_msg(r.log.errors == n, "%u errors:\n%s", r.log.errors, glsl_log_text(&r.log));
	done(&r);
}

/* A failed statement or external declaration is abandoned and analysis
 * goes on; names whose declaration failed are not reported again. */
START_TEST(several_errors)
{
	static const char *const locals[] = {
		"0:2(13): " E "cannot initialize 'a' of type float with int",
		"0:4(12): " E "cannot initialize 'v' of type vec2 with vec3",
		"0:5(3): " E "'w' undeclared",
		"0:6(29): " E "operator '+' does not take float and int",
	};
	static const char *const globals[] = {
		"0:1(12): " E "'T' is not a type",
		"0:3(12): " E "a void function cannot return a value",
		"0:5(3): " E "'q' undeclared",
	};
	char src[4096];
	size_t n = 0;
	struct sema_result r;

	expect_sema_errors("void main() {\n  float a = 1;\n  float b = a * 2.0;\n"
			   "  vec2 v = vec3(1.0);\n  w = 1.0;\n  if (true) { float c = 1.0 + 1; }\n"
			   "  gl_Position = vec4(a, v, 1.0);\n}", VS, locals, 4);
	expect_sema_errors("struct S { T t; } s;\nfloat f() { return s.t; }\nvoid g() { return 1.0; }\n"
			   "void main() {\n  q = f();\n  g();\n  gl_Position = vec4(s.t);\n}", VS, globals, 3);
	/* at most GLSL_SEMA_MAX_ERRORS */
	n += (size_t)snprintf(src + n, sizeof(src) - n, "void main() {\n");
	for (unsigned i = 0; i < 40; i++)
		n += (size_t)snprintf(src + n, sizeof(src) - n, "  float x%u = %u;\n", i, i);
	snprintf(src + n, sizeof(src) - n, "}\n");
	compile(&r, src, VS);
	ck_assert_int_eq(r.stage_failed, 3);
	ck_assert_uint_eq(r.log.errors, GLSL_SEMA_MAX_ERRORS);
	ck_assert(strstr(glsl_log_text(&r.log), "0:21("));
	ck_assert(!strstr(glsl_log_text(&r.log), "0:22("));
	done(&r);
}
END_TEST

/* ---- constant folding of built-ins ----------------------------------------------- */

/* `const T k = EXPR;` must fold to want[]: bit-exact where exact is set
 * (integers, packing), else within a relative 1e-6 (float math). */
struct fold_case {
	const char *decl;   /* "T k = EXPR" */
	bool exact;
	unsigned n;
	union glsl_cval want[16];
};

#define F(x) { .f = (x) }
#define U(x) { .u = (x) }

static const struct fold_case fold_cases[] = {
	{ "float k = determinant(mat2(1.0, 2.0, 3.0, 4.0))", true, 1, { F(-2.0f) } },
	{ "float k = determinant(mat3(2.0, 0.0, 0.0, 0.0, 3.0, 0.0, 1.0, 0.0, 4.0))", true, 1, { F(24.0f) } },
	{ "float k = determinant(mat4(2.0, 1.0, 0.0, 0.0, 1.0, 2.0, 1.0, 0.0, 0.0, 1.0, 2.0, 1.0,"
	  " 0.0, 0.0, 1.0, 2.0))", true, 1, { F(5.0f) } },
	{ "mat2 k = inverse(mat2(1.0, 2.0, 3.0, 4.0))", true, 4, { F(-2.0f), F(1.0f), F(1.5f), F(-0.5f) } },
	{ "mat3 k = inverse(mat3(2.0, 0.0, 0.0, 0.0, 3.0, 0.0, 1.0, 0.0, 4.0))", false, 9,
	  { F(0.5f), F(0.0f), F(0.0f), F(0.0f), F(1.0f / 3.0f), F(0.0f), F(-0.125f), F(0.0f), F(0.25f) } },
	{ "mat4 k = inverse(mat4(2.0, 1.0, 0.0, 0.0, 1.0, 2.0, 1.0, 0.0, 0.0, 1.0, 2.0, 1.0,"
	  " 0.0, 0.0, 1.0, 2.0)) * mat4(2.0, 1.0, 0.0, 0.0, 1.0, 2.0, 1.0, 0.0, 0.0, 1.0, 2.0, 1.0,"
	  " 0.0, 0.0, 1.0, 2.0)", false, 16,
	  { F(1), F(0), F(0), F(0), F(0), F(1), F(0), F(0), F(0), F(0), F(1), F(0), F(0), F(0), F(0), F(1) } },
	{ "mat3x2 k = transpose(mat2x3(1.0, 2.0, 3.0, 4.0, 5.0, 6.0))", true, 6,
	  { F(1), F(4), F(2), F(5), F(3), F(6) } },
	{ "mat2x3 k = outerProduct(vec3(1.0, 2.0, 3.0), vec2(4.0, 5.0))", true, 6,
	  { F(4), F(8), F(12), F(5), F(10), F(15) } },
	{ "mat2 k = matrixCompMult(mat2(1.0, 2.0, 3.0, 4.0), mat2(2.0))", true, 4,
	  { F(2), F(0), F(0), F(8) } },
	{ "uint k = packSnorm2x16(vec2(1.0, -1.0))", true, 1, { U(0x80017fffu) } },
	{ "uint k = packSnorm2x16(vec2(0.5, -2.0))", true, 1, { U(0x80014000u) } },
	{ "vec2 k = unpackSnorm2x16(0x80017fffu)", true, 2, { F(1.0f), F(-1.0f) } },
	{ "vec2 k = unpackSnorm2x16(0x00008000u)", true, 2, { F(-1.0f), F(0.0f) } },
	{ "uint k = packUnorm2x16(vec2(0.5, 2.0))", true, 1, { U(0xffff8000u) } },
	{ "vec2 k = unpackUnorm2x16(0xffff0000u)", true, 2, { F(0.0f), F(1.0f) } },
	{ "uint k = packHalf2x16(vec2(1.0, -2.0))", true, 1, { U(0xc0003c00u) } },
	/* ties between two halves round to even */
	{ "uint k = packHalf2x16(vec2(1.00048828125, 1.00146484375))", true, 1, { U(0x3c023c00u) } },
	/* 65520 is the first value that rounds past the largest half */
	{ "uint k = packHalf2x16(vec2(65519.0, 65520.0))", true, 1, { U(0x7c007bffu) } },
	/* subnormals: 2^-24 is the smallest; 2^-25 ties to zero */
	{ "uint k = packHalf2x16(vec2(5.9604644775390625e-8, 2.98023223876953125e-8))", true, 1,
	  { U(0x00000001u) } },
	{ "uint k = packHalf2x16(vec2(-0.0, 1e-10))", true, 1, { U(0x00008000u) } },
	{ "vec2 k = unpackHalf2x16(0x7bff3c00u)", true, 2, { F(1.0f), F(65504.0f) } },
	{ "vec2 k = unpackHalf2x16(0x80010400u)", true, 2, { F(6.103515625e-05f), F(-5.9604644775390625e-8f) } },
	{ "vec2 k = faceforward(vec2(1.0, 0.0), vec2(1.0, 0.0), vec2(1.0, 0.0))", true, 2, { F(-1), F(-0.0f) } },
	{ "vec2 k = refract(vec2(0.0, -1.0), vec2(0.0, 1.0), 1.0)", true, 2, { F(0), F(-1) } },
	{ "vec2 k = refract(vec2(0.6, -0.8), vec2(0.0, 1.0), 2.0)", true, 2, { F(0), F(0) } },
	{ "float k = dot(2.0, 3.0)", true, 1, { F(6.0f) } },
	{ "vec2 k = mix(vec2(1.0, 2.0), vec2(3.0, 4.0), bvec2(true, false))", true, 2, { F(3), F(2) } },
};

#undef F
#undef U

static bool fold_close(float got, float want)
{
	float tol = 1e-6f * (fabsf(want) > 1.0f ? fabsf(want) : 1.0f);

	return fabsf(got - want) <= tol;
}

START_TEST(const_fold_builtins)
{
	const struct fold_case *c = &fold_cases[_i];
	const struct glsl_symbol *k;
	struct sema_result r;
	char src[512];

	snprintf(src, sizeof(src), V3 "const %s;\nvoid main() { gl_Position = vec4(0.0); }", c->decl);
	compile(&r, src, VS);
	ck_assert_msg(r.stage_failed == 0, "%s:\n%s", c->decl, glsl_log_text(&r.log));
	k = r.ast->decls->u.decl->vars->sym;
	ck_assert_ptr_nonnull(k->value);
	for (unsigned i = 0; i < c->n; i++)
		ck_assert_msg(c->exact ? k->value[i].u == c->want[i].u :
			      fold_close(k->value[i].f, c->want[i].f),
			      "%s: [%u] is %a (0x%08x), want %a (0x%08x)", c->decl, i, k->value[i].f,
			      k->value[i].u, c->want[i].f, c->want[i].u);
	done(&r);
}
END_TEST

/* A constant argument of type t, for the sweep below: values in every
 * function's domain (and matrices invertible). */
static const char *const_arg(const struct glsl_type *t, char *buf, size_t size)
{
	char name[32];
	const char *v = t->base == GLSL_BASE_FLOAT ? "0.5" : t->base == GLSL_BASE_INT ? "1" :
			t->base == GLSL_BASE_UINT ? "1u" : "true";

	snprintf(buf, size, "%s(%s)", glsl_type_name(t, name, sizeof(name)), v);
	return buf;
}

/* Every built-in but the texture functions folds on constant arguments
 * (ES 3.00 §4.3.3, ES 1.00 §4.3.3 for the 1.00 set), in both versions; modf,
 * whose out argument cannot be constant, is the one not tried. */
START_TEST(const_fold_every_builtin)
{
	unsigned tried = 0;

	for (unsigned i = 0; i < GLSL_BI_NR_FNS; i++) {
		const struct glsl_bi_fn *fn = &glsl_bi_fns[i];
		bool v3 = fn->versions & GLSL_BI_V300;
		char src[512], name[32], arg[64];
		struct sema_result r;
		size_t n;

		/* the ES 3.10-only rows are not folded yet */
		if (fn->lower == GLSL_BI_LOWER_TEX || fn->out_mask || fn->ext ||
		    glsl_bi_fn_return(fn)->kind == GLSL_KIND_VOID ||
		    !(fn->versions & (GLSL_BI_V100 | GLSL_BI_V300)))
			continue;
		n = (size_t)snprintf(src, sizeof(src), "%s" PF "const %s k = %s(", v3 ? V3 : "",
				     glsl_type_name(glsl_bi_fn_return(fn), name, sizeof(name)),
				     glsl_bi_fn_name(fn));
		for (unsigned a = 0; a < fn->nr_params; a++)
			n += (size_t)snprintf(src + n, sizeof(src) - n, "%s%s", a ? ", " : "",
					      const_arg(glsl_bi_fn_param(fn, a), arg, sizeof(arg)));
		snprintf(src + n, sizeof(src) - n, ");\n%s", v3 ? "out vec4 o; void main() { o = vec4(0.0); }" :
			 "void main() { gl_FragColor = vec4(0.0); }");
		compile(&r, src, FS);
		ck_assert_msg(r.stage_failed == 0, "%s\n%s", src, glsl_log_text(&r.log));
		ck_assert_msg(r.ast->decls->next->u.decl->vars->sym->value, "not folded:\n%s", src);
		tried++;
		done(&r);
	}
	ck_assert_uint_gt(tried, 300);
}
END_TEST

/* piglit's generated const-(un)pack*2x16 tests list the exact results GL
 * implementations must fold to (half-float rounding included): each
 * `actual = EXPR;` followed by `&& actual != WANT` lines (any WANT goes).
 * Every one must fold to a WANT here. Needs the piglit package, as
 * test_glsl_piglit does; PIGLIT_GENERATED_DIR overrides where it is. */
#define PIGLIT_BUILTINS "/spec/glsl-es-3.00/execution/built-in-functions/"

static unsigned piglit_fold_file(const char *path)
{
	char *text = corpus_read_file(path, NULL), *p, expr[256], cond[1024];
	unsigned checked = 0;

	ck_assert_msg(text, "cannot read %s", path);
	for (p = strstr(text, "actual = "); p; p = strstr(p, "actual = ")) {
		char *end = strchr(p, ';'), *stop, *w;
		size_t n = 0;
		struct sema_result r;

		ck_assert(end && end - p - 9 < (long)sizeof(expr));
		snprintf(expr, sizeof(expr), "%.*s", (int)(end - p - 9), p + 9);
		stop = strstr(end, ") {");
		ck_assert(stop);
		n += (size_t)snprintf(cond, sizeof(cond), V3 "const bool k = false");
		for (w = strstr(end, "actual != "); w && w < stop; w = strstr(w + 1, "actual != ")) {
			int len = (int)strcspn(w + 10, "\n");

			n += (size_t)snprintf(cond + n, sizeof(cond) - n, " || %s == %.*s", expr, len,
					      w + 10);
		}
		snprintf(cond + n, sizeof(cond) - n, ";\nvoid main() { gl_Position = vec4(0.0); }");
		compile(&r, cond, VS);
		ck_assert_msg(r.stage_failed == 0, "%s\n%s", cond, glsl_log_text(&r.log));
		ck_assert_msg(r.ast->decls->u.decl->vars->sym->value->u == 1, "folds wrong:\n%s", cond);
		done(&r);
		checked++;
		p = stop;
	}
	free(text);
	return checked;
}

START_TEST(const_fold_piglit_packing)
{
	static const char *const tests[] = {
		"packHalf2x16", "unpackHalf2x16", "packSnorm2x16", "unpackSnorm2x16",
		"packUnorm2x16", "unpackUnorm2x16",
	};
	const char *dir = getenv("PIGLIT_GENERATED_DIR");
	char path[1024];
	unsigned checked = 0;

	if (!dir)
		dir = "/usr/lib/x86_64-linux-gnu/piglit/generated_tests";
	for (unsigned i = 0; i < sizeof(tests) / sizeof(tests[0]); i++) {
		snprintf(path, sizeof(path), "%s" PIGLIT_BUILTINS "const-%s.shader_test", dir, tests[i]);
		checked += piglit_fold_file(path);
	}
	printf("piglit const packing: %u folds checked\n", checked);
	ck_assert_uint_gt(checked, 1000);
}
END_TEST

/* Folded built-ins size arrays. */
START_TEST(const_fold_array_sizes)
{
	static const struct { const char *decl; uint32_t len; } cases[] = {
		{ "float a[int(determinant(mat2(2.0, 0.0, 0.0, 3.0)))]", 6 },
		{ "float a[int(packHalf2x16(vec2(1.0, 0.0)) >> 10u)]", 15 },
		{ "float a[int(unpackUnorm2x16(0x00ffffffu).y * 65535.0)]", 255 },
		{ "float a[int(inverse(mat2(0.25))[1][1])]", 4 },
		{ "float a[int(transpose(mat2(1.0, 7.0, 2.0, 3.0))[0][1])]", 2 },
		{ "float a[int(outerProduct(vec2(2.0), vec3(1.0, 2.0, 3.0))[2].x)]", 6 },
	};
	struct sema_result r;
	char src[512];

	for (unsigned i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		const struct glsl_type *t;

		snprintf(src, sizeof(src), V3 "uniform %s;\nvoid main() { gl_Position = vec4(a[0]); }",
			 cases[i].decl);
		compile(&r, src, VS);
		ck_assert_msg(r.stage_failed == 0, "%s:\n%s", cases[i].decl, glsl_log_text(&r.log));
		t = r.ast->decls->u.decl->vars->sym->type.type;
		ck_assert_int_eq(t->kind, GLSL_KIND_ARRAY);
		ck_assert_msg(t->length == cases[i].len, "%s: length %u", cases[i].decl, t->length);
		done(&r);
	}
}
END_TEST

/* ---- ES 1.00 Appendix A limits (an option, off by default) ------------------------ */

struct limit_case {
	const char *name;
	enum glsl_stage stage;
	const char *src;
	const char *msg;   /* with the option on: the error, or NULL when accepted */
};

#define AA "(GLSL ES 1.00 Appendix A)"
#define U8 "uniform sampler2D t[4]; uniform vec4 u[4]; uniform int n;\n"

static const struct limit_case limit_cases[] = {
	{ "for_ok", FS, PF U8 "void main() { vec4 c = vec4(0.0);\n"
	  "for (int i = 0; i < 4; i++) c += texture2D(t[i], vec2(0.0)) * u[3 - i];\n"
	  "for (float f = 1.0; f >= 0.0; f -= 0.5) c.x += f;\n"
	  "for (int j = 8; j != 0; --j) c += u[j / 2 - 1];\n"
	  "gl_FragColor = c; }", NULL },
	{ "const_index_expr_builtin", FS, PF U8 "void main() { vec4 c = vec4(0.0);\n"
	  "for (int i = 0; i < 2; i += 1) c += u[int(max(float(i), 1.0)) + 1];\n"
	  "gl_FragColor = c; }", NULL },
	{ "vs_uniform_any_index", VS, U8 "void main() { gl_Position = u[n]; }", NULL },
	{ "fs_local_any_index", FS, PF "uniform int n; void main() { vec4 a[2]; a[n] = vec4(1.0);"
	  " gl_FragColor = a[n]; }", NULL },
	{ "fs_uniform_index", FS, PF U8 "void main() { gl_FragColor = u[n]; }",
	  "0:3(32): " E "this array can only be indexed with a constant-index-expression " AA },
	{ "sampler_index", VS, U8 "void main() { gl_Position = texture2DLod(t[n], vec2(0.0), 0.0); }",
	  "0:2(44): " E "this array can only be indexed with a constant-index-expression " AA },
	{ "sampler_index_user_fn", FS, PF U8 "int f(int x) { return x; }\nvoid main() {\n"
	  "for (int i = 0; i < 4; i++) gl_FragColor = texture2D(t[f(i)], vec2(0.0)); }",
	  "0:5(56): " E "this array can only be indexed with a constant-index-expression " AA },
	{ "while", VS, "void main() { int i = 0; while (i < 2) i++; }",
	  "0:1(26): " E "only for loops are supported " AA },
	{ "do_while", VS, "void main() { int i = 0; do i++; while (i < 2); }",
	  "0:1(26): " E "only for loops are supported " AA },
	{ "for_no_decl", VS, "void main() { int i; for (i = 0; i < 2; i++) {} }",
	  "0:1(27): " E "a for loop must declare one int or float loop index " AA },
	{ "for_two_decls", VS, "void main() { for (int i = 0, j = 1; i < 2; i++) {} }",
	  "0:1(20): " E "a for loop must declare one int or float loop index " AA },
	{ "for_bool_index", VS, "void main() { for (bool b = true; b == true; b = false) {} }",
	  "0:1(20): " E "a for loop must declare one int or float loop index " AA },
	{ "for_nonconst_init", VS, "uniform int n; void main() { for (int i = n; i < 2; i++) {} }",
	  "0:1(39): " E "the loop index must be initialised with a constant expression " AA },
	{ "for_nonconst_bound", VS, "uniform int n; void main() { for (int i = 0; i < n; i++) {} }",
	  "0:1(48): " E "the for loop condition must be 'loop-index relop constant-expression' " AA },
	{ "for_swapped_cond", VS, "void main() { for (int i = 0; 2 > i; i++) {} }",
	  "0:1(33): " E "the for loop condition must be 'loop-index relop constant-expression' " AA },
	{ "for_no_cond", VS, "void main() { for (int i = 0; ; i++) { break; } }",
	  "0:1(15): " E "the for loop condition must be 'loop-index relop constant-expression' " AA },
	{ "for_mul_step", VS, "void main() { for (int i = 1; i < 8; i *= 2) {} }",
	  "0:1(40): " E "the for loop expression must be ++, --, += or -= of the loop index " AA },
	{ "for_nonconst_step", VS, "uniform int n; void main() { for (int i = 0; i < 8; i += n) {} }",
	  "0:1(55): " E "the for loop expression must be ++, --, += or -= of the loop index " AA },
	{ "for_no_step", VS, "void main() { for (int i = 0; i < 8;) { i++; } }",
	  "0:1(15): " E "the for loop expression must be ++, --, += or -= of the loop index " AA },
	{ "index_assigned", VS, "void main() { for (int i = 0; i < 8; i++) { i = 3; } }",
	  "0:1(45): " E "loop index 'i' cannot be modified in the loop body " AA },
	{ "index_incremented", VS, "void main() { for (int i = 0; i < 8; i++) i++; }",
	  "0:1(43): " E "loop index 'i' cannot be modified in the loop body " AA },
	{ "index_out_arg", VS, "void f(out int x) { x = 1; }\n"
	  "void main() { for (int i = 0; i < 8; i++) f(i); }",
	  "0:2(45): " E "loop index 'i' cannot be modified in the loop body " AA },
	{ "index_inout_arg", VS, "void f(inout float x) { x += 1.0; }\n"
	  "void main() { for (float x = 0.0; x < 8.0; x++) f(x); }",
	  "0:2(51): " E "loop index 'x' cannot be modified in the loop body " AA },
};

START_TEST(appendix_a_limits)
{
	const struct limit_case *c = &limit_cases[_i];
	struct glsl_sema_options on = { .appendix_a = true };
	struct sema_result r;

	/* off (the default): every case compiles */
	compile(&r, c->src, c->stage);
	ck_assert_msg(r.stage_failed == 0, "%s (option off):\n%s", c->name, glsl_log_text(&r.log));
	done(&r);
	compile_opts(&r, c->src, c->stage, &on);
	if (!c->msg) {
		ck_assert_msg(r.stage_failed == 0, "%s:\n%s", c->name, glsl_log_text(&r.log));
	} else {
		ck_assert_msg(r.stage_failed == 3, "%s: stage %d", c->name, r.stage_failed);
		ck_assert_msg(strstr(glsl_log_text(&r.log), c->msg), "%s: log is\n%s\nwant: %s",
			      c->name, glsl_log_text(&r.log), c->msg);
	}
	done(&r);
}
END_TEST

/* The limits are ES 1.00's: ES 3.00 shaders are not held to them. */
START_TEST(appendix_a_not_in_300)
{
	struct glsl_sema_options on = { .appendix_a = true };
	struct sema_result r;

	compile_opts(&r, V3 "uniform vec4 u[4]; uniform int n; void main() { int i = 0;\n"
		     "while (i < n) i++; for (int j = n; j < 4; j *= 2) gl_Position += u[j]; }", VS, &on);
	ck_assert_msg(r.stage_failed == 0, "%s", glsl_log_text(&r.log));
	done(&r);
}
END_TEST

/* A main() the caller renamed (the GL layer's vertex wrapper) is held to
 * main's rules; the wrapper's own main is the entry point. */
START_TEST(renamed_main)
{
	struct glsl_sema_options opts = { .renamed_main = "user_main" };
	struct sema_result r;

	compile_opts(&r, "float user_main() { return 1.0; }\n"
		     "void main() { user_main(); }", VS, &opts);
	ck_assert_int_eq(r.stage_failed, 3);
	ck_assert_msg(strstr(glsl_log_text(&r.log), "'main' must be 'void main()'"), "%s",
		      glsl_log_text(&r.log));
	done(&r);
	compile_opts(&r, "void user_main() { gl_Position = vec4(0.0); }\n"
		     "void main() { user_main(); }", VS, &opts);
	ck_assert_msg(r.stage_failed == 0, "%s", glsl_log_text(&r.log));
	done(&r);
	/* without the option it is any function */
	compile(&r, "float user_main() { return 1.0; }\nvoid main() { user_main(); }", VS);
	ck_assert_msg(r.stage_failed == 0, "%s", glsl_log_text(&r.log));
	done(&r);
}
END_TEST

/* ---- corpora ------------------------------------------------------------------ */

static void corpus_one(const char *name, const char *src, bool fs, void *data)
{
	unsigned *files = data;
	struct sema_result r;

	ck_assert_ptr_nonnull(src);
	compile(&r, src, fs ? FS : VS);
	ck_assert_msg(r.stage_failed == 0, "%s:\n%s", name, glsl_log_text(&r.log));
	(*files)++;
	done(&r);
}

START_TEST(real_shader_corpus)
{
	unsigned files = 0;

	ck_assert_msg(corpus_for_each_shader(CORPUS_DIR, corpus_one, &files) == 0,
		      "no corpus at %s", CORPUS_DIR);
	printf("real-shaders: %u files, all accepted\n", files);
	ck_assert_uint_eq(files, 217);
}
END_TEST

/* ---- dEQP's shader library ------------------------------------------------------ */

/* True when every shader of the case compiles. */
static bool deqp_compiles(const struct deqp_case *c)
{
	bool ok = true;

	for (unsigned i = 0; i < c->nr_shaders && ok; i++) {
		struct sema_result r;

		compile(&r, c->shaders[i].source, c->shaders[i].fragment ? FS : VS);
		ok = r.stage_failed == 0;
		if (getenv("DEQP_VERBOSE"))
			printf("%s (%s): %s\n%s", c->name, c->shaders[i].fragment ? "fs" : "vs",
			       ok ? "compiles" : "rejected", glsl_log_text(&r.log));
		done(&r);
	}
	return ok;
}

/* Compile-only agreement: link_fail cases must compile (the linker rejects
 * them), compile_or_link_fail cases may do either. */
static bool deqp_agrees(enum deqp_expect x, bool compiles)
{
	switch (x) {
	case DEQP_COMPILE_FAIL: return !compiles;
	case DEQP_COMPILE_OR_LINK_FAIL: return true;
	default: return compiles;
	}
}

static void deqp_one(const struct deqp_case *c, void *data)
{
	struct deqp_tally *t = data;

	if (!deqp_tally_skip(t, c))
		deqp_tally_judge(t, c, deqp_agrees(c->expect, deqp_compiles(c)));
}

START_TEST(deqp_shader_library)
{
	struct deqp_tally t;

	deqp_tally_start(&t, KNOWN_FAILURES, true);
	deqp_run_library(DEQP_DIR, deqp_one, &t);
	deqp_tally_report(&t, "dEQP", "dEQP", " (require full/only_glsl_es_100_support)");
	deqp_tally_finish(&t);
	ck_assert_msg(!t.regressions, "%u dEQP cases disagree that are not on the known list",
		      t.regressions);
}
END_TEST

/* ---- hostile input ------------------------------------------------------------- */

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

static void expect_stage(char *src, int stage)
{
	struct sema_result r;

	compile(&r, src, VS);
	ck_assert_msg(r.stage_failed == stage, "stage %d: %s", r.stage_failed, glsl_log_text(&r.log));
	done(&r);
	free(src);
}

/* Trees as deep as the parser allows go through sema without trouble. */
START_TEST(deep_nesting)
{
	char *tail = repeat("1.0", ")", 200, "; gl_Position = vec4(x); }");

	expect_stage(repeat("void main() { float x = ", "(", 200, tail), 0);
	free(tail);
	expect_stage(repeat("void main() { float x = 1.0", " + x", 250, "; }"), 3);
	expect_stage(repeat("void main() { float x = 1.0; x = x", " + x", 250, "; }"), 0);
	expect_stage(repeat("void main() { vec4 v; float x = v", ".x", 250, "; }"), 3);
	expect_stage(repeat("void main() { vec4 v; float x = v", ".xxxx", 250, ".x; }"), 0);
	expect_stage(repeat("void main() { bool b = true; float x; ", "if (b) ", 200, "x = 1.0; }"), 0);
	expect_stage(repeat("void main() { ", "{", 200, "") , 2);
	expect_stage(repeat("const int k = 1", " + 1", 250, "; void main() {}"), 0);
	expect_stage(repeat("float x = ", "- ", 250, "1.0; void main() {}"), 0);
}
END_TEST

static uint32_t rng_next(uint32_t *s)
{
	*s ^= *s << 13;
	*s ^= *s >> 17;
	*s ^= *s << 5;
	return *s;
}

/* Random statements from a small grammar over mixed types: each must end
 * in acceptance or exactly one error. */
START_TEST(expression_soup)
{
	static const char *const atoms[] = {
		"f", "v", "m", "i", "b", "u", "a", "a[0]", "v.xy", "v.zyx", "m[1]", "1.0", "2", "3u",
		"true", "vec2(1.0)", "ivec3(1)", "float(i)", "s.x", "g(f)", "g(v.x)", "sin(f)",
		"max(v, f)", "a.length()", "dot(v, v)", "mat3(m)",
	};
	static const char *const ops[] = {
		" + ", " - ", " * ", " / ", " % ", " == ", " < ", " && ", " = ", " += ", " *= ", ", ",
		" << ", " & ", " ^^ ",
	};
	const unsigned na = sizeof(atoms) / sizeof(atoms[0]), no = sizeof(ops) / sizeof(ops[0]);
	uint32_t seed = 0x12345678u;
	unsigned ok = 0;
	char src[4096];

	for (unsigned iter = 0; iter < 3000; iter++) {
		size_t n = (size_t)snprintf(src, sizeof(src), V3 "struct S { float x; };\n"
					    "float g(float y) { return y; }\n"
					    "void main() { float f; vec4 v; mat4 m; int i; bool b; uint u;\n"
					    "float a[3]; S s; ");
		unsigned len = 1 + rng_next(&seed) % 6;
		struct sema_result r;

		for (unsigned k = 0; k < len; k++)
			n += (size_t)snprintf(src + n, sizeof(src) - n, "%s%s", atoms[rng_next(&seed) % na],
					      k + 1 < len ? ops[rng_next(&seed) % no] : "");
		snprintf(src + n, sizeof(src) - n, "; }");
		compile(&r, src, VS);
		ck_assert_msg(r.stage_failed == 0 ? r.log.errors == 0 : r.log.errors == 1, "%s\n%s", src,
			      glsl_log_text(&r.log));
		ok += r.stage_failed == 0;
		done(&r);
	}
	printf("expression soup: %u of 3000 accepted\n", ok);
}
END_TEST

static Suite *sema_suite(void)
{
	Suite *s = suite_create("glsl_sema");
	TCase *tc = tcase_create("sema");

	tcase_add_loop_test(tc, accepted, 0, sizeof(ok_cases) / sizeof(ok_cases[0]));
	tcase_add_loop_test(tc, rejected, 0, sizeof(err_cases) / sizeof(err_cases[0]));
	tcase_add_test(tc, offered_extensions_implemented);
	tcase_add_test(tc, annotations);
	tcase_add_test(tc, several_errors);
	tcase_add_loop_test(tc, const_fold_builtins, 0, sizeof(fold_cases) / sizeof(fold_cases[0]));
	tcase_add_test(tc, const_fold_array_sizes);
	tcase_add_test(tc, const_fold_every_builtin);
	tcase_add_test(tc, const_fold_piglit_packing);
	tcase_add_loop_test(tc, appendix_a_limits, 0, sizeof(limit_cases) / sizeof(limit_cases[0]));
	tcase_add_test(tc, renamed_main);
	tcase_add_test(tc, appendix_a_not_in_300);
	tcase_add_test(tc, real_shader_corpus);
	tcase_add_test(tc, deqp_shader_library);
	tcase_add_test(tc, deep_nesting);
	tcase_add_test(tc, expression_soup);
	tcase_set_timeout(tc, 300);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(sema_suite(), CK_NORMAL);
}
