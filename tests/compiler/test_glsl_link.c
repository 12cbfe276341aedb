/* SPDX-License-Identifier: MIT */
/*
 * The linker: VS+FS pairs that link, pairs that must fail with a given
 * message, the program layout both stages agree on (default block,
 * varying and attribute locations, bindings) and the resource lists; the
 * real-shader corpus pairs (all must link, and both modules must be
 * written as SPIR-V); dEQP's shader library through compile + link, scored
 * by expectation class against a checked-in list of known disagreements
 * (so regressions fail); fuzzer findings as regression cases.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "corpus.h"
#include "deqp_cases.h"
#include "glsl_link.h"
#include "glsl_parser.h"
#include "glsl_sema.h"
#include "vc_spirv_emit.h"

#define VS GLSL_STAGE_VERTEX
#define FS GLSL_STAGE_FRAGMENT
#define V3 "#version 300 es\n"
#define V31 "#version 310 es\n"
#define PF "precision mediump float;\n"

struct shader {
	struct glsl_token_stream s;
	struct glsl_log log;
	struct glsl_arena arena;
	struct glsl_ast *ast;
	struct glsl_sema_result *sema;
	bool ok;
};

struct prog {
	struct shader sh[2];
	struct glsl_program p;
	struct glsl_log log;
	int compiled;   /* both shaders compiled */
	int linked;
};

static void compile(struct shader *r, const char *src, enum glsl_stage stage)
{
	struct glsl_pp_info in = { .strings = &src, .count = 1, .stage = stage };

	glsl_log_init(&r->log, 0, 0);
	glsl_arena_init(&r->arena, 0, 0);
	r->ast = NULL;
	r->sema = NULL;
	r->ok = glsl_pp_run(&in, &r->s, &r->log) == 0 &&
		glsl_parse(&r->s, &r->arena, &r->ast, &r->log) == 0 &&
		glsl_sema(r->ast, stage, NULL, &r->arena, &r->log, &r->sema) == 0;
}

static void shader_done(struct shader *r)
{
	glsl_arena_finish(&r->arena);
	glsl_token_stream_finish(&r->s);
	glsl_log_finish(&r->log);
}

static void link_opts(struct prog *p, const char *vs, const char *fs,
		      const struct glsl_link_options *opts)
{
	memset(p, 0, sizeof(*p));
	glsl_log_init(&p->log, 0, 0);
	compile(&p->sh[0], vs, VS);
	compile(&p->sh[1], fs, FS);
	p->compiled = p->sh[0].ok && p->sh[1].ok;
	if (p->compiled) {
		struct glsl_link_shader s[2] = { { p->sh[0].ast, p->sh[0].sema },
						 { p->sh[1].ast, p->sh[1].sema } };
		p->linked = glsl_link(s, opts, &p->log, &p->p) == 0;
	}
}

static void link2(struct prog *p, const char *vs, const char *fs)
{
	link_opts(p, vs, fs, NULL);
}

static void prog_done(struct prog *p)
{
	glsl_program_finish(&p->p);
	glsl_log_finish(&p->log);
	shader_done(&p->sh[0]);
	shader_done(&p->sh[1]);
}

static const char *logs(const struct prog *p)
{
	static char buf[8192];

	snprintf(buf, sizeof(buf), "vs: %s\nfs: %s\nlink: %s", glsl_log_text(&p->sh[0].log),
		 glsl_log_text(&p->sh[1].log), glsl_log_text(&p->log));
	return buf;
}

/* Both modules must be written as SPIR-V. */
static bool emits(const struct prog *p)
{
	for (unsigned st = 0; st < 2; st++) {
		uint32_t *words = NULL;
		size_t nr = 0;
		char *log = NULL;
		int rc = vc_spirv_emit(p->p.stages[st].module, &words, &nr, &log);

		if (rc)
			fprintf(stderr, "emit %s: %s\n", st ? "fs" : "vs", log ? log : "?");
		free(words);
		free(log);
		if (rc)
			return false;
	}
	return true;
}

/* ---- programs that link ----------------------------------------------------------------- */

struct pair {
	const char *name;
	const char *vs, *fs;
	const char *msg;   /* err cases: text the link log must contain */
};

#define VMAIN "void main() { gl_Position = vec4(0.0); }"

static const struct pair ok_pairs[] = {
	{ "minimal_100", VMAIN, PF "void main() { gl_FragColor = vec4(1.0); }", NULL },
	{ "minimal_300", V3 VMAIN, V3 PF "out vec4 o; void main() { o = vec4(1.0); }", NULL },
	{ "varying_100", "attribute vec4 p; varying vec2 uv; void main() { uv = p.xy; gl_Position = p; }",
	  PF "varying vec2 uv; void main() { gl_FragColor = vec4(uv, 0.0, 1.0); }", NULL },
	{ "varying_precision_differs", "varying highp vec2 uv; " VMAIN,
	  PF "varying lowp vec2 uv; void main() { gl_FragColor = vec4(uv, 0.0, 1.0); }", NULL },
	{ "varying_fs_declared_unused", VMAIN, PF "varying vec2 uv; void main() { gl_FragColor = vec4(1.0); }",
	  NULL },
	{ "varying_vs_only", "varying vec2 uv; void main() { uv = vec2(1.0); gl_Position = vec4(0.0); }",
	  PF "void main() { gl_FragColor = vec4(1.0); }", NULL },
	/* ES 3.10: varyings with locations match by location, whatever their names */
	{ "varying_location_310", V31 "layout(location = 2) out vec4 a; out vec4 c; " VMAIN,
	  V31 PF "layout(location = 2) in vec4 b; in vec4 c; out vec4 o; void main() { o = b + c; }",
	  NULL },
	{ "centroid_differs_300", V3 "centroid out vec4 v; " VMAIN,
	  V3 PF "in vec4 v; out vec4 o; void main() { o = v; }", NULL },
	{ "flat_both_300", V3 "flat out int i; " VMAIN,
	  V3 PF "flat in int i; out vec4 o; void main() { o = vec4(i); }", NULL },
	{ "invariant_out_only_300", V3 "invariant out vec4 v; " VMAIN,
	  V3 PF "in vec4 v; out vec4 o; void main() { o = v; }", NULL },
	{ "invariant_both_100", "invariant varying vec4 v; " VMAIN,
	  PF "invariant varying vec4 v; void main() { gl_FragColor = v; }", NULL },
	{ "fragcoord_invariant_100", "invariant gl_Position; " VMAIN,
	  PF "invariant gl_FragCoord; void main() { gl_FragColor = gl_FragCoord; }", NULL },
	{ "invariant_all_position", "#pragma STDGL invariant(all)\n" VMAIN,
	  PF "invariant gl_FragCoord; void main() { gl_FragColor = gl_FragCoord; }", NULL },
	{ "uniform_shared", "uniform mat4 m; uniform vec4 a; void main() { gl_Position = m * a; }",
	  "precision highp float; uniform vec4 a; uniform float b; void main() { gl_FragColor = a * b; }",
	  NULL },
	{ "uniform_struct_shared", "struct S { float f; vec3 v; }; uniform S s; "
	  "void main() { gl_Position = vec4(s.v, s.f); }",
	  "precision highp float; struct S { float f; vec3 v; }; uniform S s; "
	  "void main() { gl_FragColor = vec4(s.v, s.f); }", NULL },
	{ "uniform_int_default_precision", "uniform mediump int i; " VMAIN,
	  PF "uniform int i; void main() { gl_FragColor = vec4(i); }", NULL },
	{ "block_shared", V3 "uniform B { mat4 m; vec4 c; }; void main() { gl_Position = m * c; }",
	  V3 PF "uniform B { highp mat4 m; highp vec4 c; }; out vec4 o; void main() { o = c; }", NULL },
	{ "block_instance_names_differ", V3 "uniform B { vec4 c; } x; void main() { gl_Position = x.c; }",
	  V3 PF "uniform B { highp vec4 c; } y; out vec4 o; void main() { o = y.c; }", NULL },
	{ "block_column_major_explicit", V3 "layout(column_major) uniform B { mat4 m; }; "
	  "void main() { gl_Position = m[0]; }",
	  V3 PF "uniform B { highp mat4 m; }; out vec4 o; void main() { o = m[1]; }", NULL },
	{ "attribute_locations", V3 "layout(location = 3) in vec4 a; in mat2 b; in vec4 c;\n"
	  "void main() { gl_Position = a + vec4(b[0], c.xy); }",
	  V3 PF "out vec4 o; void main() { o = vec4(1.0); }", NULL },
	{ "fs_outputs", V3 VMAIN, V3 PF "layout(location = 0) out vec4 a; layout(location = 2) out vec4 b[2];\n"
	  "void main() { a = vec4(0.0); b[0] = a; b[1] = a; }", NULL },
	{ "samplers_both", "uniform sampler2D t; void main() { gl_Position = texture2DLod(t, vec2(0.0), 0.0); }",
	  PF "uniform sampler2D t; uniform sampler2D u; void main() { gl_FragColor = texture2D(t, vec2(0.0)) "
	  "+ texture2D(u, vec2(0.0)); }", NULL },
	{ "depth_range_both", "void main() { gl_Position = vec4(gl_DepthRange.near); }",
	  PF "uniform float u; void main() { gl_FragColor = vec4(gl_DepthRange.far + u); }", NULL },
	{ "precision_conflict_unused_100", "uniform float f; " VMAIN,
	  PF "uniform float f; void main() { gl_FragColor = vec4(f); }", NULL },
	{ "anonymous_block_member_index", V3 "uniform B { vec4 m[2]; mat3 n; }; "
	  "void main() { gl_Position = m[1] + vec4(n[2], 1.0); }",
	  V3 PF "out vec4 o; void main() { o = vec4(1.0); }", NULL },
	{ "struct_varying_300", V3 "struct S { vec2 a; float b; }; out S s; " VMAIN,
	  V3 PF "struct S { vec2 a; float b; }; in S s; out vec4 o; void main() { o = vec4(s.a, s.b, 1.0); }",
	  NULL },
};

START_TEST(links)
{
	const struct pair *c = &ok_pairs[_i];
	struct prog p;

	link2(&p, c->vs, c->fs);
	ck_assert_msg(p.compiled && p.linked, "%s:\n%s", c->name, logs(&p));
	ck_assert_msg(emits(&p), "%s: SPIR-V", c->name);
	prog_done(&p);
}
END_TEST

/* ---- programs that must not link -------------------------------------------------------------- */

#define E "error: "

static const struct pair err_pairs[] = {
	{ "version_mismatch", V3 VMAIN, PF "void main() { gl_FragColor = vec4(1.0); }",
	  E "vertex shader (GLSL ES 300) and fragment shader (GLSL ES 100) differ in version" },
	{ "no_main_vs", "float f() { return 1.0; }", PF "void main() { gl_FragColor = vec4(1.0); }",
	  E "vertex shader lacks 'main'" },
	{ "no_main_fs", VMAIN, PF "float f() { return 1.0; }", E "fragment shader lacks 'main'" },
	{ "varying_missing", VMAIN, PF "varying vec4 v; void main() { gl_FragColor = v; }",
	  E "fragment shader input 'v' is used but not written by the vertex shader" },
	{ "varying_location_missing", V31 "layout(location = 1) out vec4 v; " VMAIN,
	  V31 PF "layout(location = 2) in vec4 v; out vec4 o; void main() { o = v; }",
	  E "fragment shader input 'v' is used but not written by the vertex shader (no output "
	  "of that location)" },
	{ "varying_location_overlap", V31 "layout(location = 1) out mat3 m; layout(location = 3) out vec4 v;\n"
	  VMAIN, V31 PF "out vec4 o; void main() { o = vec4(1.0); }",
	  E "varying 'v' overlaps another at location 3" },
	{ "varying_location_type", V31 "layout(location = 1) out vec3 a; " VMAIN,
	  V31 PF "layout(location = 1) in vec4 b; out vec4 o; void main() { o = b; }", E "'b' is" },
	{ "varying_type", "varying vec3 v; " VMAIN, PF "varying vec4 v; void main() { gl_FragColor = v; }",
	  E "'v' is highp vec3 in the vertex shader but mediump vec4 in the fragment shader" },
	{ "varying_array_size", "varying vec4 v[2]; " VMAIN,
	  PF "varying vec4 v[3]; void main() { gl_FragColor = v[0]; }", E "'v' is highp vec4[2]" },
	{ "varying_struct_300", V3 "struct S { vec2 a; }; out S s; " VMAIN,
	  V3 PF "struct S { vec3 a; }; in S s; out vec4 o; void main() { o = vec4(s.a, 1.0); }",
	  E "'s' is" },
	{ "interp_300", V3 "flat out vec4 v; " VMAIN, V3 PF "in vec4 v; out vec4 o; void main() { o = v; }",
	  E "interpolation qualifiers of 'v' differ between the shaders" },
	{ "invariance_100", "invariant varying vec4 v; " VMAIN,
	  PF "varying vec4 v; void main() { gl_FragColor = v; }",
	  E "'v' is invariant in one shader but not in the other" },
	{ "fragcoord_invariant", VMAIN, PF "invariant gl_FragCoord; void main() { gl_FragColor = gl_FragCoord; }",
	  E "gl_FragCoord is invariant in the fragment shader but gl_Position is not invariant" },
	{ "pointcoord_invariant", VMAIN, PF "invariant gl_PointCoord; void main() { gl_FragColor = vec4(gl_PointCoord, 0.0, 1.0); }",
	  E "gl_PointCoord is invariant in the fragment shader but gl_PointSize is not invariant" },
	{ "uniform_type", "uniform vec4 u; void main() { gl_Position = u; }",
	  PF "uniform vec3 u; void main() { gl_FragColor = vec4(u, 1.0); }",
	  E "uniform 'u' is highp vec4 in the vertex shader but mediump vec3 in the fragment shader" },
	{ "uniform_precision", "uniform vec4 u; void main() { gl_Position = u; }",
	  PF "uniform vec4 u; void main() { gl_FragColor = u; }",
	  E "uniform 'u' differs in precision between the shaders (highp vec4 in the vertex shader, "
	  "mediump vec4 in the fragment shader)" },
	{ "uniform_struct_member", "struct S { float a; float b; }; uniform S s; " VMAIN,
	  "precision highp float; struct S { float a; }; uniform S s; void main() { gl_FragColor = vec4(s.a); }",
	  E "uniform 's' is" },
	{ "uniform_struct_precision", "struct S { highp float a; }; uniform S s; "
	  "void main() { gl_Position = vec4(s.a); }",
	  PF "struct S { mediump float a; }; uniform S s; void main() { gl_FragColor = vec4(s.a); }",
	  E "uniform 's' differs in precision" },
	{ "uniform_struct_name", "struct S { float a; }; uniform S s; " VMAIN,
	  "precision highp float; struct T { float a; }; uniform T s; void main() { gl_FragColor = vec4(s.a); }",
	  E "uniform 's' is" },
	{ "sampler_type", V3 "uniform sampler2D t; " VMAIN,
	  V3 PF "uniform lowp samplerCube t; out vec4 o; void main() { o = vec4(1.0); }", E "uniform 't' is" },
	{ "block_members", V3 "uniform B { vec4 v; }; " VMAIN,
	  V3 PF "uniform B { highp vec3 v; }; out vec4 o; void main() { o = vec4(v, 1.0); }",
	  E "uniform block 'B' differs in its members between the shaders" },
	{ "block_precision", V3 "uniform B { vec4 v; }; " VMAIN,
	  V3 PF "uniform B { vec4 v; }; out vec4 o; void main() { o = v; }",
	  E "uniform block 'B' differs in its members" },
	{ "block_packing", V3 "layout(std140) uniform B { vec4 v; }; " VMAIN,
	  V3 PF "uniform B { highp vec4 v; }; out vec4 o; void main() { o = v; }",
	  E "uniform block 'B' differs in layout qualifiers between the shaders" },
	{ "block_matrix_layout", V3 "layout(row_major) uniform B { vec4 v; }; " VMAIN,
	  V3 PF "uniform B { highp vec4 v; }; out vec4 o; void main() { o = v; }",
	  E "uniform block 'B' differs in layout qualifiers" },
	{ "block_member_layout", V3 "uniform B { layout(row_major) mat3 m; }; " VMAIN,
	  V3 PF "uniform B { layout(column_major) highp mat3 m; }; out vec4 o; void main() { o = vec4(m[0], 1.0); }",
	  E "uniform block 'B' differs in its members" },
	{ "block_array_size", V3 "uniform B { vec4 v; } b[2]; " VMAIN,
	  V3 PF "uniform B { highp vec4 v; } b[3]; out vec4 o; void main() { o = b[0].v; }",
	  E "uniform block 'B' differs in array size between the shaders" },
	{ "block_member_vs_uniform", V3 "uniform B { vec4 v; }; " VMAIN,
	  V3 PF "uniform highp vec4 v; out vec4 o; void main() { o = v; }",
	  E "'v' is a member of uniform block 'B' in the vertex shader but a uniform of its own" },
	{ "attrib_alias_300", V3 "layout(location = 1) in vec4 a; layout(location = 1) in vec4 b;\n"
	  "void main() { gl_Position = a + b; }", V3 PF "out vec4 o; void main() { o = vec4(1.0); }",
	  E "vertex attribute 'b' aliases another attribute at location 1" },
	{ "attrib_range", V3 "layout(location = 15) in mat2 m; void main() { gl_Position = vec4(m[0], m[1]); }",
	  V3 PF "out vec4 o; void main() { o = vec4(1.0); }",
	  E "vertex attribute 'm' at location 15 does not fit the 16 attributes" },
	{ "attrib_count", "attribute mat4 a, b, c, d, e; void main() { gl_Position = a[0] + b[0] + c[0] + d[0] + e[0]; }",
	  PF "void main() { gl_FragColor = vec4(1.0); }", E "too many vertex attributes: no room for 'e'" },
	{ "fs_output_range", V3 VMAIN, V3 PF "layout(location = 3) out vec4 o[2]; void main() { o[0] = vec4(1.0); }",
	  E "fragment output 'o' at location 3 does not fit the 4 draw buffers" },
	{ "fs_output_overlap", V3 VMAIN, V3 PF "layout(location = 0) out vec4 a[2]; layout(location = 1) out vec4 b;\n"
	  "void main() { a[0] = vec4(1.0); b = a[0]; }", E "fragment output 'b' overlaps another output at location 1" },
	{ "varying_count", "varying vec4 a[8]; varying vec4 b[8]; " VMAIN,
	  PF "varying vec4 a[8]; varying vec4 b[8]; void main() { gl_FragColor = a[0] + b[0]; }",
	  E "too many varyings: 16 vectors, at most 15" },
	{ "uniform_vectors_fs", VMAIN, PF "uniform vec4 u[225]; void main() { gl_FragColor = u[0]; }",
	  E "too many uniforms in the fragment shader: 225 vectors, at most 224" },
	{ "samplers_fs", VMAIN, PF "uniform sampler2D s[17]; void main() { gl_FragColor = texture2D(s[0], vec2(0.0)); }",
	  E "too many samplers in the fragment shader: 17, at most 16" },
	/* ES 3.10 explicit uniform locations (GLSL ES 3.10 §4.4.3) */
	{ "uniform_location_shared", V31 "layout(location = 3) uniform vec4 a; " VMAIN,
	  V31 PF "layout(location = 3) uniform vec4 b; out vec4 o; void main() { o = b; }",
	  E "uniforms 'a' and 'b' overlap at location 3" },
	{ "uniform_location_array_overlap", V31 "layout(location = 2) uniform vec4 a[3]; " VMAIN,
	  V31 PF "layout(location = 4) uniform vec4 b; out vec4 o; void main() { o = b; }",
	  E "uniforms 'a' and 'b' overlap at location 4" },
	{ "uniform_location_stages", V31 "layout(location = 1) uniform highp vec4 a; " VMAIN,
	  V31 PF "layout(location = 2) uniform highp vec4 a; out vec4 o; void main() { o = a; }",
	  E "uniform 'a' has location 1 in one shader and 2 in the other" },
	{ "uniform_location_range", V31 VMAIN,
	  V31 PF "layout(location = 1023) uniform vec4 a[2]; out vec4 o; void main() { o = a[0]; }",
	  E "uniform 'a' at location 1023 does not fit the 1024 uniform locations" },
	{ "uniform_location_struct", V31 VMAIN, V31 PF "struct S { vec4 x; float y[2]; };\n"
	  "layout(location = 0) uniform S s; layout(location = 2) uniform float f;\n"
	  "out vec4 o; void main() { o = s.x + f; }",
	  E "uniforms 's.y' and 'f' overlap at location 2" },
	{ "blocks_vs", V3 "uniform B { vec4 v; } b[13]; " VMAIN, V3 PF "out vec4 o; void main() { o = vec4(1.0); }",
	  E "too many uniform blocks in the vertex shader: 13, at most 12" },
	/* ES 3.10 §4.4.5: one uniform or block bound to two points */
	{ "sampler_bindings_differ", V31 "layout(binding = 1) uniform highp sampler2D t;\n"
	  "void main() { gl_Position = texture(t, vec2(0.0)); }",
	  V31 PF "layout(binding = 2) uniform highp sampler2D t; out vec4 o;\n"
	  "void main() { o = texture(t, vec2(0.0)); }",
	  E "'t' has binding 1 in the vertex shader but 2 in the fragment shader" },
	{ "block_bindings_differ", V31 "layout(binding = 3) uniform B { vec4 v; };\n"
	  "void main() { gl_Position = v; }",
	  V31 PF "layout(binding = 4) uniform B { vec4 v; }; out vec4 o; void main() { o = v; }",
	  E "'B' has binding 3 in the vertex shader but 4 in the fragment shader" },
};

START_TEST(link_errors)
{
	const struct pair *c = &err_pairs[_i];
	struct prog p;

	link2(&p, c->vs, c->fs);
	ck_assert_msg(p.compiled, "%s: does not compile:\n%s", c->name, logs(&p));
	ck_assert_msg(!p.linked, "%s: links", c->name);
	ck_assert_msg(strstr(glsl_log_text(&p.log), c->msg), "%s: log is\n%s\nwant: %s", c->name,
		      glsl_log_text(&p.log), c->msg);
	ck_assert_uint_eq(p.log.errors, 1);
	prog_done(&p);
}
END_TEST

/* ES 3.10 layout(location) of uniforms: element 0 of each leaf, struct
 * members and elements of arrays of structs in order; the others none. */
#define ULOC_S "struct S { highp vec2 a; lowp sampler2D t; highp float b[3]; };\n"

START_TEST(uniform_locations)
{
	struct prog p;

	link2(&p, V31 ULOC_S
	      "layout(location = 7) uniform S s[2]; uniform vec4 free_u;\n"
	      "void main() { gl_Position = vec4(s[1].a, s[0].b[2], 1.0) + free_u; }",
	      V31 PF ULOC_S
	      "layout(location = 2) uniform mat3 m[2]; layout(location = 7) uniform S s[2];\n"
	      "out vec4 o; void main() { o = vec4(m[1][0], texture(s[1].t, vec2(0.0)).x); }");
	ck_assert_msg(p.linked, "%s", logs(&p));
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "m")->gl_location, 2);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "s[0].a")->gl_location, 7);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "s[0].t")->gl_location, 8);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "s[0].b")->gl_location, 9);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "s[1].a")->gl_location, 12);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "s[1].t")->gl_location, 13);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "s[1].b")->gl_location, 14);
	ck_assert(glsl_program_uniform(&p.p, "s[1].b")->explicit_location);
	ck_assert(!glsl_program_uniform(&p.p, "free_u")->explicit_location);
	prog_done(&p);
}
END_TEST

/* ---- the layout both stages agree on ------------------------------------------------------------ */

static const struct glsl_lower_res *res(const struct prog *p, unsigned st,
					enum glsl_lower_res_kind k, const char *name)
{
	const struct glsl_lower_res *r = glsl_lower_find(&p->p.stages[st], k, name);

	ck_assert_msg(r != NULL, "stage %u has no resource '%s'", st, name);
	return r;
}

/* The VS and FS declare different uniforms: one default block, the same in both. */
START_TEST(default_block_agrees)
{
	struct prog p;

	link2(&p, "uniform float a; uniform mat4 m; uniform vec2 b; void main() { gl_Position = m * vec4(a, b, 1.0); }",
	      "precision highp float; uniform vec3 c; uniform vec2 b; uniform float d[2];\n"
	      "void main() { gl_FragColor = vec4(c, b.x + d[1]); }");
	ck_assert_msg(p.linked, "%s", logs(&p));
	ck_assert_uint_eq(p.p.stages[0].default_block_size, p.p.stages[1].default_block_size);
	ck_assert_uint_eq(p.p.default_block_size, p.p.stages[0].default_block_size);
	/* a 0, m 16, b 80, c 96, d 112 (stride 16, two elements): end 144 */
	ck_assert_uint_eq(p.p.default_block_size, 144);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "a")->offset, 0);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "m")->offset, 16);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "m")->matrix_stride, 16);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "b")->offset, 80);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "c")->offset, 96);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "d")->offset, 112);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "d")->array_size, 2);
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "d")->array_stride, 16);
	for (unsigned st = 0; st < 2; st++)
		ck_assert_uint_eq(res(&p, st, GLSL_RES_UNIFORM, "c")->offset, 96);
	ck_assert(emits(&p));
	prog_done(&p);
}
END_TEST

/* Varyings: the FS reads a subset, in another order; locations agree. */
START_TEST(varying_locations_agree)
{
	struct prog p;
	static const char *const names[] = { "b", "m", "z" };

	link2(&p, V3 "out vec4 a; out vec4 z; out mat2 m; out vec2 b; " VMAIN,
	      V3 PF "in vec2 b; in vec4 z; in mat2 m; in float q; out vec4 o;\n"
	      "void main() { o = z + vec4(b, m[1]); }");
	ck_assert_msg(p.linked, "%s", logs(&p));
	for (unsigned i = 0; i < 3; i++)
		ck_assert_int_eq(res(&p, 0, GLSL_RES_OUTPUT, names[i])->location,
				 res(&p, 1, GLSL_RES_INPUT, names[i])->location);
	/* read ones first, by name: b 0, m 1-2, z 3; then a, q; the program's
	 * varyings show only a layout(location) (GL_LOCATION), none here */
	ck_assert_int_eq(res(&p, 0, GLSL_RES_OUTPUT, "m")->location, 1);
	ck_assert_int_eq(res(&p, 0, GLSL_RES_OUTPUT, "z")->location, 3);
	ck_assert_int_eq(glsl_program_varying(&p.p, "m")->location, -1);
	ck_assert_int_eq(res(&p, 0, GLSL_RES_OUTPUT, "a")->location, 4);
	ck_assert_int_eq(res(&p, 1, GLSL_RES_INPUT, "q")->location, 5);
	ck_assert_ptr_null(glsl_program_varying(&p.p, "a"));
	ck_assert_uint_eq(p.p.nr_varyings, 3);
	ck_assert(emits(&p));
	prog_done(&p);
}
END_TEST

/* layout(location), then glBindAttribLocation, then the free slots by name. */
START_TEST(attribute_locations)
{
	static const struct glsl_attrib_binding bind[] = { { "c", 0 }, { "a", 9 } };
	struct glsl_link_options o = { .attrib_bindings = bind, .nr_attrib_bindings = 2 };
	struct prog p;

	link_opts(&p, V3 "layout(location = 1) in vec4 a; in mat2 b; in vec4 c; in vec4 d;\n"
		  "void main() { gl_Position = a + vec4(b[0], c.xy) + d; }",
		  V3 PF "out vec4 o; void main() { o = vec4(1.0); }", &o);
	ck_assert_msg(p.linked, "%s", logs(&p));
	ck_assert_int_eq(glsl_program_attrib(&p.p, "a")->location, 1);
	ck_assert_int_eq(glsl_program_attrib(&p.p, "c")->location, 0);
	ck_assert_int_eq(glsl_program_attrib(&p.p, "b")->location, 2);
	ck_assert_uint_eq(glsl_program_attrib(&p.p, "b")->slots, 2);
	ck_assert_int_eq(glsl_program_attrib(&p.p, "d")->location, 4);
	ck_assert_int_eq(res(&p, 0, GLSL_RES_INPUT, "d")->location, 4);
	ck_assert_int_eq(res(&p, 0, GLSL_RES_INPUT, "c")->location, 0);
	prog_done(&p);
}
END_TEST

/* Blocks, block members and samplers in the resource lists. */
START_TEST(resources)
{
	struct prog p;
	const struct glsl_prog_block *b;
	const struct glsl_prog_uniform *u;

	link2(&p, V3 "uniform B { float f; mat3 m; } x; uniform C { vec4 c; }; uniform sampler2D t;\n"
	      "void main() { gl_Position = vec4(x.f) + c + texture(t, vec2(0.0)); }",
	      V3 PF "uniform B { highp float f; highp mat3 m; } y; uniform D { vec4 d; } e[2];\n"
	      "uniform sampler2D s; uniform sampler2D t; out vec4 o;\n"
	      "void main() { o = vec4(y.f) + e[1].d + texture(s, vec2(0.0)) + texture(t, vec2(0.0)); }");
	ck_assert_msg(p.linked, "%s", logs(&p));
	ck_assert_uint_eq(p.p.nr_blocks, 4);
	b = glsl_program_block(&p.p, "B");
	ck_assert_ptr_nonnull(b);
	ck_assert_uint_eq(b->size, 64);
	ck_assert_int_ge(b->stage.binding[0], 1);
	ck_assert_int_ge(b->stage.binding[1], 1);
	ck_assert_uint_eq(b->nr_uniforms, 2);
	u = &p.p.uniforms[b->first_uniform + 1];
	ck_assert_str_eq(u->name, "B.m");
	ck_assert_uint_eq(u->offset, 16);
	ck_assert_uint_eq(u->matrix_stride, 16);
	ck_assert_str_eq(glsl_program_uniform(&p.p, "c")->name, "c");
	ck_assert_int_eq(glsl_program_block(&p.p, "C")->stage.binding[1], -1);
	ck_assert_int_eq(glsl_program_block(&p.p, "D[1]")->stage.binding[1],
			 glsl_program_block(&p.p, "D[0]")->stage.binding[1] + 1);
	u = glsl_program_uniform(&p.p, "t");
	ck_assert_int_ge(u->stage.binding[0], 0);
	ck_assert_int_ge(u->stage.binding[1], 0);
	ck_assert_int_eq(glsl_program_uniform(&p.p, "s")->stage.binding[0], -1);
	ck_assert_uint_eq(p.p.default_block_size, 0);
	ck_assert_int_eq(glsl_program_output(&p.p, "o")->location, 0);
	ck_assert(emits(&p));
	prog_done(&p);
}
END_TEST

/* Images (ES 3.10) are opaque like samplers but take no texture unit and no
 * block: a fragment shader with one sampler, one block and two images links
 * under limits of one of each, and the program's uniforms (samplers and
 * the default block) leave the images to the stage's resources. */
START_TEST(images_are_no_samplers)
{
	struct glsl_link_options o = { .limits = { .max_fragment_texture_units = 1,
		.max_combined_texture_units = 1, .max_fragment_uniform_blocks = 1,
		.max_combined_uniform_blocks = 1 } };
	struct prog p;

	link_opts(&p, "#version 310 es\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n",
		  "#version 310 es\nprecision highp float;\nuniform sampler2D s;\n"
		  "uniform B { vec4 b; };\n"
		  "layout(rgba8, binding = 1) uniform highp readonly image2D src;\n"
		  "layout(rgba8, binding = 0) uniform highp writeonly image2D dst;\nout vec4 o;\n"
		  "void main() { imageStore(dst, ivec2(0), imageLoad(src, ivec2(1)) + b);\n"
		  "  o = texture(s, vec2(0.0)); }\n", &o);
	ck_assert_msg(p.linked, "%s", logs(&p));
	ck_assert_ptr_nonnull(glsl_program_uniform(&p.p, "s"));
	ck_assert_ptr_null(glsl_program_uniform(&p.p, "src"));
	ck_assert_ptr_null(glsl_program_uniform(&p.p, "dst"));
	ck_assert_uint_eq(res(&p, FS, GLSL_RES_IMAGE, "src")->gl_binding, 1);
	ck_assert_uint_eq(res(&p, FS, GLSL_RES_IMAGE, "dst")->gl_binding, 0);
	ck_assert(emits(&p));
	prog_done(&p);
}
END_TEST

/* GL_UNIFORM_IS_ROW_MAJOR is true for row-major matrices only, not for the
 * other members of a row_major block (dEQP-GLES3 ubo.*row_major*). */
START_TEST(row_major_flags)
{
	struct prog p;

	link2(&p, V3 "struct S { ivec3 a; mat3 b[2]; };\n"
	      "layout(std140, row_major) uniform Block { S s; vec2 v; layout(column_major) mat2 c; };\n"
	      "void main() { gl_Position = vec4(s.b[1][0], v.x + c[0].x + float(s.a.x)); }",
	      V3 PF "out vec4 o; void main() { o = vec4(1.0); }");
	ck_assert_msg(p.linked, "%s", logs(&p));
	ck_assert(!glsl_program_uniform(&p.p, "s.a")->row_major);
	ck_assert(glsl_program_uniform(&p.p, "s.b[0]") == NULL);
	ck_assert(glsl_program_uniform(&p.p, "s.b")->row_major);
	ck_assert(!glsl_program_uniform(&p.p, "v")->row_major);
	ck_assert(!glsl_program_uniform(&p.p, "c")->row_major);
	prog_done(&p);
}
END_TEST

/* Samplers held by structs are uniforms of their own under GL's names, with
 * a binding per stage that declares them; the default block holds the rest. */
START_TEST(struct_held_samplers)
{
	struct prog p;
	const struct glsl_prog_uniform *u0, *u1;

	link2(&p, "struct S { float a; sampler2D t; samplerCube c; };\n"
	      "uniform S arr[2]; attribute vec4 v;\n"
	      "void main() { gl_Position = v * arr[1].a + texture2DLod(arr[0].t, v.xy, 0.0); }",
	      PF "struct S { float a; sampler2D t; samplerCube c; };\n"
	      "struct N { S s; sampler2D m[2]; };\n"
	      "uniform S arr[2]; uniform N n;\n"
	      "void main() { gl_FragColor = textureCube(arr[1].c, vec3(1.0)) * n.s.a +\n"
	      "  texture2D(n.m[1], vec2(0.0)) + texture2D(n.s.t, vec2(0.0)); }");
	ck_assert_msg(p.linked, "%s", logs(&p));
	ck_assert_ptr_null(glsl_program_uniform(&p.p, "arr[0]"));
	u0 = glsl_program_uniform(&p.p, "arr[0].t");
	u1 = glsl_program_uniform(&p.p, "arr[1].t");
	ck_assert_ptr_nonnull(u0);
	ck_assert_ptr_nonnull(u1);
	ck_assert_int_eq(u0->type->kind, GLSL_KIND_SAMPLER);
	ck_assert_int_eq(u0->block, -1);
	for (unsigned st = 0; st < 2; st++) {
		ck_assert_int_ge(u0->stage.binding[st], 1);
		ck_assert_int_eq(u1->stage.binding[st], u0->stage.binding[st] + 1);
	}
	/* n is the FS's only */
	u0 = glsl_program_uniform(&p.p, "n.m");
	ck_assert_ptr_nonnull(u0);
	ck_assert_uint_eq(u0->array_size, 2);
	ck_assert_int_eq(u0->stage.binding[0], -1);
	ck_assert_int_ge(u0->stage.binding[1], 1);
	ck_assert_ptr_nonnull(glsl_program_uniform(&p.p, "n.s.t"));
	ck_assert_ptr_nonnull(glsl_program_uniform(&p.p, "arr[1].c"));
	/* arr[0].a, arr[1].a, n.s.a: a struct of 16 bytes each */
	ck_assert_uint_eq(glsl_program_uniform(&p.p, "n.s.a")->offset, 32);
	ck_assert_uint_eq(p.p.default_block_size, 48);
	ck_assert(emits(&p));
	prog_done(&p);
}
END_TEST

/* ---- corpora ------------------------------------------------------------------------------------- */

/* Pairs the corpus put together that GLSL ES forbids linking: glmark2's
 * jellyfish declares uCurrentTime highp in the VS and (through the FS
 * precision header the corpus adds) mediump in the FS, and uses it in both;
 * Mesa refuses it too. */
static bool pair_may_fail(const char *vs_name)
{
	return !strcmp(vs_name, "glmark2__jellyfish.vert");
}

struct pair_count {
	unsigned pairs, linked;
};

static void pair_one(const char *dir, const char *name, void *data)
{
	struct pair_count *n = data;
	char path[1024], *vs, *fs;
	struct prog p;

	snprintf(path, sizeof(path), "%s/%.*s.frag", dir, (int)(strlen(name) - 5), name);
	fs = corpus_read_file(path, NULL);
	if (!fs)
		return;
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	vs = corpus_read_file(path, NULL);
	ck_assert_ptr_nonnull(vs);
	link2(&p, vs, fs);
	if (!p.linked)
		printf("  does not link: %s\n%s", name, glsl_log_text(&p.log));
	ck_assert_msg(p.linked || pair_may_fail(name), "%s:\n%s", name, logs(&p));
	ck_assert_msg(!p.linked || emits(&p), "%s: SPIR-V", name);
	n->pairs++;
	n->linked += p.linked;
	prog_done(&p);
	free(vs);
	free(fs);
}

/* Every .vert with a .frag of the same name is a program; all must link. */
START_TEST(real_shader_pairs)
{
	struct pair_count n = { 0 };

	ck_assert_msg(corpus_for_each(CORPUS_DIR, ".vert", pair_one, &n) >= 0,
		      "no corpus at %s", CORPUS_DIR);
	printf("real-shader pairs: %u programs, %u link\n", n.pairs, n.linked);
	ck_assert_uint_eq(n.pairs, 67);
}
END_TEST

/* ---- dEQP's shader library through compile + link ------------------------------------------------ */

static bool deqp_agrees(enum deqp_expect x, bool compiles, bool linked)
{
	switch (x) {
	case DEQP_COMPILE_FAIL: return !compiles;
	case DEQP_LINK_FAIL: return compiles && !linked;
	case DEQP_COMPILE_OR_LINK_FAIL: return !compiles || !linked;
	default: return compiles && linked;
	}
}

static const char *deqp_source(const struct deqp_case *c, bool fragment)
{
	for (unsigned i = 0; i < c->nr_shaders; i++)
		if (c->shaders[i].fragment == fragment)
			return c->shaders[i].source;
	return NULL;
}

static void deqp_one(const struct deqp_case *c, void *data)
{
	struct deqp_tally *t = data;
	const char *vs = deqp_source(c, false), *fs = deqp_source(c, true);
	struct prog p;
	bool agree;

	if (deqp_tally_skip(t, c))
		return;
	if (vs && fs) {
		link2(&p, vs, fs);
	} else {
		/* one stage alone: nothing to link, so it "links" when it compiles */
		memset(&p, 0, sizeof(p));
		glsl_log_init(&p.log, 0, 0);
		compile(&p.sh[0], vs ? vs : fs, vs ? VS : FS);
		compile(&p.sh[1], "", FS);
		p.compiled = p.linked = p.sh[0].ok;
	}
	agree = deqp_agrees(c->expect, p.compiled, p.linked);
	if (getenv("DEQP_VERBOSE") && !agree)
		printf("%s: %s\n", c->name, logs(&p));
	if (p.linked && vs && fs)
		ck_assert_msg(emits(&p), "%s: linked but SPIR-V failed", c->name);
	prog_done(&p);
	deqp_tally_judge(t, c, agree);
}

START_TEST(deqp_compile_link)
{
	struct deqp_tally t;

	deqp_tally_start(&t, KNOWN_FAILURES, true);
	deqp_run_library(DEQP_DIR, deqp_one, &t);
	deqp_tally_report(&t, "dEQP link", "dEQP compile + link", "");
	deqp_tally_finish(&t);
	ck_assert_msg(!t.regressions, "%u dEQP cases disagree that are not on the known list",
		      t.regressions);
}
END_TEST

/* ---- fuzzer findings (tests/fuzz/fuzz_glsl.c): each must end cleanly ---------------------------- */

struct fuzz_case {
	const char *name;
	enum glsl_stage stage;
	const char *src;
};

static const struct fuzz_case fuzz_cases[] = {
	{ "empty", VS, "" },
	/* found by the linker tests (UBSan, then SIGSEGV): indexing a member of
	 * an anonymous uniform block loaded the whole block (glsl_lower_expr.c
	 * ref_ident missed sema's MEMBER annotation) */
	{ "anonymous_block_index", VS, V3 "uniform B { vec4 m[2]; };\n"
	  "void main() { gl_Position = m[0]; }" },
	{ "anonymous_block_matrix", FS, V3 PF "uniform B { mat4 m; }; out vec4 o;\n"
	  "void main() { o = m[1] + vec4(m[0].x); }" },
};

START_TEST(fuzz_regressions)
{
	const struct fuzz_case *c = &fuzz_cases[_i];
	struct prog p;

	bool v3 = !strncmp(c->src, V3, strlen(V3));

	/* the finding linked against a minimal partner of its version */
	if (c->stage == VS)
		link2(&p, c->src, v3 ? V3 PF "out vec4 o; void main() { o = vec4(1.0); }" :
				  PF "void main() { gl_FragColor = vec4(1.0); }");
	else
		link2(&p, v3 ? V3 VMAIN : VMAIN, c->src);
	if (p.linked)
		emits(&p);
	prog_done(&p);
}
END_TEST

static Suite *link_suite(void)
{
	Suite *s = suite_create("glsl_link");
	TCase *tc = tcase_create("link");

	tcase_set_timeout(tc, 300);
	tcase_add_loop_test(tc, links, 0, sizeof(ok_pairs) / sizeof(ok_pairs[0]));
	tcase_add_loop_test(tc, link_errors, 0, sizeof(err_pairs) / sizeof(err_pairs[0]));
	tcase_add_test(tc, default_block_agrees);
	tcase_add_test(tc, uniform_locations);
	tcase_add_test(tc, varying_locations_agree);
	tcase_add_test(tc, attribute_locations);
	tcase_add_test(tc, resources);
	tcase_add_test(tc, struct_held_samplers);
	tcase_add_test(tc, row_major_flags);
	tcase_add_test(tc, images_are_no_samplers);
	tcase_add_loop_test(tc, fuzz_regressions, 0, sizeof(fuzz_cases) / sizeof(fuzz_cases[0]));
	tcase_add_test(tc, real_shader_pairs);
	tcase_add_test(tc, deqp_compile_link);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(link_suite(), CK_NORMAL);
}
