/* SPDX-License-Identifier: MIT */
/*
 * GLSL ES 3.20: `#version 320 es` in every stage, with what the 3.10
 * extensions brought (geometry and tessellation stages, io blocks,
 * gpu_shader5, sample variables, image atomics, buffer, cube map array and
 * multisample array samplers, point size, the bounding box, advanced blend
 * layouts) there by version, without
 * #extension: each case compiles with glsl_compile(), passes spirv-val and
 * gives TGSI with the lines the construct needs. The same sources under
 * `#version 310 es` fail (the extensions are not core there), and the
 * version directive's own errors are line-numbered.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "compiler_test_util.h"
#include "glsl_compile.h"

#define CS GLSL_STAGE_COMPUTE
#define FS GLSL_STAGE_FRAGMENT
#define VS GLSL_STAGE_VERTEX
#define GS GLSL_STAGE_GEOMETRY
#define TCS GLSL_STAGE_TESS_CTRL
#define TES GLSL_STAGE_TESS_EVAL

/* every case's source follows this line; the 3.10 variant swaps it */
#define HEAD "#version 320 es\n"
#define FS_HEAD HEAD "precision highp float;\nout vec4 o;\n"

struct good_case {
	const char *name;
	enum glsl_stage stage;
	const char *src;       /* after HEAD */
	const char *tgsi[6];   /* lines the TGSI must contain */
	const char *log310;    /* what the same body says under 310 es; NULL: it compiles */
};

static const struct good_case good[] = {
	{ "geometry shader", GS, "layout(triangles) in;\n"
	  "layout(triangle_strip, max_vertices = 3) out;\nin vec4 v[];\nout vec4 g;\n"
	  "void main() { for (int i = 0; i < gl_in.length(); i++) {\n"
	  "  gl_Position = gl_in[i].gl_Position; g = v[i]; EmitVertex(); }\n"
	  "  EndPrimitive(); }\n",
	  { "GEOM\nPROPERTY GS_INPUT_PRIMITIVE TRIANGLES", "GS_MAX_OUTPUT_VERTICES 3",
	    "EMIT IMM[", "ENDPRIM IMM[" },
	  "GL_EXT_geometry_shader" },
	{ "geometry constants, invocations, point size", GS,
	  "layout(points, invocations = 2) in;\nlayout(points, max_vertices = 1) out;\n"
	  "void main() { gl_Position = gl_in[0].gl_Position + float(gl_InvocationID +\n"
	  "  gl_MaxGeometryOutputVertices);\n"
	  "  gl_PointSize = gl_in[0].gl_PointSize; EmitVertex(); }\n",
	  { "GS_INVOCATIONS 2", "INVOCATIONID", "DCL IN[][1], PSIZE", ", PSIZE" },
	  "GL_EXT_geometry_shader" },
	{ "tessellation control shader", TCS,
	  "layout(vertices = 3) out;\nin vec4 v[];\nout vec4 t[];\npatch out vec4 p;\n"
	  "void main() {\n"
	  "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
	  "  t[gl_InvocationID] = v[gl_InvocationID] * float(gl_MaxTessGenLevel);\n"
	  "  gl_TessLevelOuter[0] = 1.0; gl_TessLevelInner[0] = 2.0; p = vec4(1.0);\n"
	  "  gl_out[gl_InvocationID].gl_PointSize = 1.0; barrier(); }\n",
	  { "TESS_CTRL\nPROPERTY TCS_VERTICES_OUT 3\n", ", TESSOUTER", ", PATCH[", ", PSIZE",
	    "\n  BARRIER\n" },
	  "GL_EXT_tessellation_shader" },
	{ "tessellation evaluation shader", TES,
	  "layout(triangles, equal_spacing, ccw) in;\nin vec4 t[];\nout vec4 c;\n"
	  "void main() { c = t[0] * gl_TessCoord.x + t[1] * gl_TessCoord.y;\n"
	  "  gl_Position = gl_in[0].gl_Position; gl_PointSize = 2.0; }\n",
	  { "TESS_EVAL", "TES_PRIM_MODE", "TESSCOORD", ", PSIZE" },
	  "GL_EXT_tessellation_shader" },
	{ "out block of a vertex shader", VS,
	  "in vec4 a;\nout V { vec4 c; flat int k; } v;\n"
	  "void main() { v.c = a; v.k = 1; gl_Position = a; }\n",
	  { "DCL OUT[1], GENERIC[0]", "DCL OUT[2], GENERIC[1]" },
	  "GL_EXT_shader_io_blocks" },
	{ "gpu_shader5: uniform-indexed sampler array, fma, precise", FS,
	  "precision highp float;\nout vec4 o;\nuniform sampler2D s[3];\nuniform int i;\n"
	  "uniform vec4 a;\n"
	  "void main() { precise vec4 x = fma(a, a, a); o = texture(s[i], vec2(0.5)) + x; }\n",
	  { "DCL ADDR[0]", "SAMP[ADDR[0].x+1], 2D", "MAD " },
	  "error:" },
	/* no implicit conversions by version: only under their own extension */
	{ "implicit int to float under the extension", FS,
	  "#extension GL_EXT_shader_implicit_conversions : require\n"
	  "precision highp float;\nout vec4 o;\nuniform int i;\n"
	  "void main() { float f = i; o = vec4(f); }\n", { "I2F" }, NULL },
	{ "sample variables", FS, "precision highp float;\nout vec4 o;\n"
	  "void main() { o = vec4(float(gl_SampleID), gl_SamplePosition, 1.0); }\n",
	  { "DCL SV[0], SAMPLEID", "SAMPLEPOS" }, "gl_SampleID" },
	{ "image atomics", CS, "layout(local_size_x = 1) in;\n"
	  "layout(r32ui, binding = 0) uniform highp uimage2D u;\n"
	  "void main() { imageAtomicAdd(u, ivec2(0), 1u); }\n", { "ATOMUADD" },
	  "imageAtomicAdd" },
	{ "buffer sampler", FS, "precision highp float;\nout vec4 o;\n"
	  "uniform highp samplerBuffer s;\n"
	  "void main() { o = texelFetch(s, 1) + float(textureSize(s)); }\n",
	  { "BUFFER, FLOAT" }, "samplerBuffer" },
	{ "cube map array sampler", FS, "precision highp float;\nout vec4 o;\n"
	  "uniform highp samplerCubeArray s;\nin vec4 c;\n"
	  "void main() { o = texture(s, c); }\n", { "CUBEARRAY, FLOAT" }, "error:" },
	{ "multisample array sampler", FS, "precision highp float;\nout vec4 o;\n"
	  "uniform highp sampler2DMSArray s;\n"
	  "void main() { o = texelFetch(s, ivec3(0), 1); }\n", { "2D_ARRAY_MSAA" },
	  "sampler2DMSArray" },
	{ "__VERSION__ is 320", FS, "#if __VERSION__ != 320\n#error wrong version\n#endif\n"
	  "precision highp float;\nout vec4 o;\nvoid main() { o = vec4(1.0); }\n",
	  { "MOV OUT[0]" }, "wrong version" },
	/* KHR_blend_equation_advanced is core: its layouts need no #extension */
	{ "blend_support layouts", FS, "layout(blend_support_screen) out;\n"
	  "layout(blend_support_multiply, blend_support_hsl_luminosity) out;\n"
	  "precision highp float;\nlayout(location = 0) out vec4 o;\n"
	  "void main() { o = vec4(1.0); }\n", { "MOV OUT[0]" },
	  "'blend_support' layouts need #extension GL_KHR_blend_equation_advanced" },
	/* primitive_bounding_box is core under the unsuffixed name (a hint the
	 * host has no state for: the writes go to a private variable) */
	{ "gl_BoundingBox", TCS, "layout(vertices = 3) out;\nuniform highp vec4 lo, hi;\n"
	  "void main() {\n"
	  "  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
	  "  gl_TessLevelOuter[0] = 1.0; gl_BoundingBox[0] = lo; gl_BoundingBox[1] = hi; }\n",
	  { "TESS_CTRL", ", TESSOUTER" }, "GL_EXT_tessellation_shader" },
	/* the extension directive is still allowed, and changes nothing */
	{ "#extension of a core extension", GS, "#extension GL_EXT_geometry_shader : require\n"
	  "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
	  "void main() { gl_Position = gl_in[0].gl_Position; EmitVertex(); }\n",
	  { "GS_INPUT_PRIMITIVE POINTS" }, NULL },
};

struct bad_case {
	const char *name;
	enum glsl_stage stage;
	const char *src;   /* whole */
	const char *log;
};

static const struct bad_case bad[] = {
	{ "320 without es", FS, "#version 320\nvoid main() {}\n",
	  "0:1(10): error: invalid version: use '#version 100', '#version 300 es', "
	  "'#version 310 es' or '#version 320 es'" },
	{ "330 es", FS, "#version 330 es\nvoid main() {}\n",
	  "error: GLSL ES 330 is not supported (only ES 1.00, 3.00, 3.10 and 3.20)" },
	/* the version's keywords: buffer samplers in a 3.20 vertex shader
	 * without a precision are an error as in 3.10 (no default precision) */
	{ "buffer sampler without precision", VS, HEAD "uniform samplerBuffer s;\n"
	  "void main() { gl_Position = texelFetch(s, 0); }\n", "error:" },
	/* gpu_shader5 is core, but GLSL ES 3.20 has no implicit conversions */
	{ "implicit int to float", FS, HEAD "precision highp float;\nout vec4 o;\nuniform int i;\n"
	  "void main() { float f = i; o = vec4(f); }\n",
	  "0:5(25): error: cannot initialize 'f' of type float with int" },
	{ "fma of ints", FS, HEAD "precision highp float;\nout vec4 o;\nuniform int i;\n"
	  "void main() { o = vec4(fma(i, i, i)); }\n", "error: no matching overload" },
	/* the unsuffixed bounding box is the control stage's alone */
	{ "gl_BoundingBox in a vertex shader", VS, HEAD
	  "void main() { gl_BoundingBox[0] = vec4(0.0); gl_Position = vec4(0.0); }\n",
	  "'gl_BoundingBox' undeclared" },
	/* 3.10's extension gives only the suffixed names */
	{ "gl_BoundingBox under 3.10", TCS, "#version 310 es\n"
	  "#extension GL_EXT_tessellation_shader : require\n"
	  "#extension GL_EXT_primitive_bounding_box : require\n"
	  "layout(vertices = 3) out;\n"
	  "void main() { gl_BoundingBoxEXT[0] = vec4(0.0); gl_BoundingBox[1] = vec4(1.0); }\n",
	  "0:5(49): error: 'gl_BoundingBox' undeclared" },
	/* a geometry-only built-in stays in its stage */
	{ "EmitVertex in a vertex shader", VS, HEAD "void main() { EmitVertex(); }\n",
	  "error:" },
};

/* spirv-val --target-env vulkan1.0 on the module; its output on failure. */
static void check_spirv_val(const struct glsl_compiled *c, const char *name)
{
	char dir[] = "/tmp/test_glsl_es32.XXXXXX", spv[64], cmd[512];
	FILE *f;
	int ret;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(spv, sizeof(spv), "%s/m.spv", dir);
	f = fopen(spv, "wb");
	ck_assert_ptr_nonnull(f);
	ck_assert_uint_eq(fwrite(c->words, 4, c->nr_words, f), c->nr_words);
	ck_assert_int_eq(fclose(f), 0);
	snprintf(cmd, sizeof(cmd), "'%s' --target-env vulkan1.0 '%s' 1>&2", SPIRV_VAL, spv);
	ret = system(cmd);
	unlink(spv);
	rmdir(dir);
	ck_assert_msg(ret == 0, "%s: spirv-val rejects the module", name);
}

static enum vc_stage tgsi_stage(enum glsl_stage st)
{
	return st == CS ? VC_STAGE_COMPUTE : st == FS ? VC_STAGE_FRAGMENT :
	       st == GS ? VC_STAGE_GEOMETRY : st == TCS ? VC_STAGE_TESS_CTRL :
	       st == TES ? VC_STAGE_TESS_EVAL : VC_STAGE_VERTEX;
}

static void check_tgsi(const struct glsl_compiled *c, const struct good_case *g)
{
	struct vc_compile_info ci = { .words = c->words, .nr_words = c->nr_words,
				      .entry_point = "main", .stage = tgsi_stage(g->stage),
				      .map = ctu_slot_map() };
	struct vc_tgsi t = { 0 };
	int ret = vc_spirv_to_tgsi(&ci, &t);

	ck_assert_msg(ret == 0, "%s: back end: %s", g->name, t.log ? t.log : "?");
	for (unsigned i = 0; i < 6 && g->tgsi[i]; i++)
		ck_assert_msg(strstr(t.text, g->tgsi[i]), "%s: no '%s' in\n%s", g->name, g->tgsi[i],
			      t.text);
	vc_tgsi_finish(&t);
}

static int compile(const char *head, const char *body, enum glsl_stage stage,
		   struct glsl_compiled *c)
{
	const char *s[2] = { head, body };

	return glsl_compile(&(struct glsl_compile_info){ .strings = s, .count = 2,
							 .stage = stage }, c);
}

START_TEST(test_good)
{
	const struct good_case *g = &good[_i];
	struct glsl_compiled c;
	int ret = compile(HEAD, g->src, g->stage, &c);

	ck_assert_msg(ret == GLSL_COMPILE_OK, "%s: %s", g->name, c.info_log);
	ck_assert_uint_eq(c.version, 320);
	ck_assert_ptr_nonnull(c.words);
	check_spirv_val(&c, g->name);
	check_tgsi(&c, g);
	glsl_compiled_finish(&c);
}
END_TEST

/* The same body under 3.10 without #extension: refused, saying why. */
START_TEST(test_not_in_310)
{
	const struct good_case *g = &good[_i];
	struct glsl_compiled c;
	int ret = compile("#version 310 es\n", g->src, g->stage, &c);

	if (!g->log310) {
		ck_assert_msg(ret == GLSL_COMPILE_OK, "%s: %s", g->name, c.info_log);
	} else {
		ck_assert_msg(ret == GLSL_COMPILE_ERROR, "%s: compiles under 3.10", g->name);
		ck_assert_msg(strstr(c.info_log, g->log310), "%s: log\n%s\nlacks '%s'", g->name,
			      c.info_log, g->log310);
	}
	glsl_compiled_finish(&c);
}
END_TEST

START_TEST(test_bad)
{
	const struct bad_case *b = &bad[_i];
	struct glsl_compiled c;
	int ret = compile("", b->src, b->stage, &c);

	ck_assert_msg(ret == GLSL_COMPILE_ERROR, "%s: compiles (%d)", b->name, ret);
	ck_assert_msg(strstr(c.info_log, b->log), "%s: log\n%s\nlacks '%s'", b->name, c.info_log,
		      b->log);
	glsl_compiled_finish(&c);
}
END_TEST

#define N(a) (sizeof(a) / sizeof((a)[0]))

static Suite *es32_suite(void)
{
	Suite *s = suite_create("glsl_es32");
	TCase *tc = tcase_create("core");

	tcase_add_loop_test(tc, test_good, 0, N(good));
	tcase_add_loop_test(tc, test_not_in_310, 0, N(good));
	tcase_add_loop_test(tc, test_bad, 0, N(bad));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(es32_suite(), CK_NORMAL);
}
