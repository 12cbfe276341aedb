/* SPDX-License-Identifier: MIT */
/*
 * EXT_shader_io_blocks / OES_shader_io_blocks (GLSL ES 3.10): in and out
 * blocks. Each construct compiles through glsl_compile() into TGSI with one
 * input or output per member at the locations the block and its members ask
 * for; the rules give line-numbered errors; programs of two or three stages
 * link where the blocks agree by block name and fail where they differ
 * (members, order, types, array sizes, a missing block); the program's
 * interface lists members as "Block.member" (a block with instance name) or
 * "member" (one without), an array of blocks its members once.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "compiler_test_util.h"
#include "glsl_compile.h"
#include "glsl_shader.h"

#define VS GLSL_STAGE_VERTEX
#define FS GLSL_STAGE_FRAGMENT
#define GS GLSL_STAGE_GEOMETRY
#define TCS GLSL_STAGE_TESS_CTRL
#define TES GLSL_STAGE_TESS_EVAL

#define HEAD "#version 310 es\n#extension GL_EXT_shader_io_blocks : require\n"
#define GS_HEAD "#version 310 es\n#extension GL_EXT_geometry_shader : require\n" \
	"layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
#define PF "precision mediump float;\n"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- single shaders ------------------------------------------------------------------- */

/* A shader that compiles (log NULL: its TGSI has the lines tgsi[]) or
 * fails with log in its info log. */
struct sh_case {
	const char *name;
	enum glsl_stage stage;
	const char *src;
	const char *log;
	const char *tgsi[6];
};

static const struct sh_case good[] = {
	{ "named output block", VS, HEAD
	  "out Data { vec4 c; flat int id; } d;\n"
	  "void main() { d.c = vec4(0.5); d.id = gl_VertexID; gl_Position = vec4(0.0); }\n",
	  NULL, { "DCL OUT[1], GENERIC[0]", "DCL OUT[2], GENERIC[1]", "MOV OUT[2].x, SV[0]" } },
	{ "unnamed input block", FS, HEAD PF
	  "in Data { vec4 c; flat int id; };\nout vec4 o;\n"
	  "void main() { o = c * float(id); }\n",
	  NULL, { "DCL IN[0], GENERIC[0], PERSPECTIVE", "DCL IN[1], GENERIC[1], CONSTANT" } },
	/* the block's location, then the next member's; a member's own resets it */
	{ "block and member locations", VS, HEAD
	  "layout(location = 3) out Data { vec4 a; mat2 m; layout(location = 9) vec4 b; vec4 c; } d;\n"
	  "void main() { d.a = vec4(1.0); d.m = mat2(2.0); d.b = vec4(3.0); d.c = vec4(4.0);\n"
	  "  gl_Position = vec4(0.0); }\n",
	  NULL, { "GENERIC[3]", "GENERIC[4]", "GENERIC[5]", "GENERIC[9]", "GENERIC[10]" } },
	/* an array of blocks: each member an array over the blocks, indexed */
	{ "array of blocks, dynamic index", VS, HEAD
	  "uniform int k;\nout Data { vec4 a; float f[2]; } d[2];\n"
	  "void main() { d[k].a = vec4(1.0); d[1].f[1] = 2.0; gl_Position = vec4(0.0); }\n",
	  NULL, { "MOV TEMP[ADDR[0].x+0](1), IMM", "MOV OUT[1], TEMP[0]", "MOV OUT[2], TEMP[1]",
	    "DCL OUT[6], GENERIC[5]", "MOV OUT[6].x" } },
	/* arrays of patch blocks: their elements at constant indices are
	 * plain per-patch inputs (no dynamic indexing of inputs) */
	{ "array of patch blocks read at constant indices", TES,
	  "#version 320 es\nlayout(triangles, point_mode) in;\n"
	  "patch in Data { vec4 c; } d[2];\nvoid main() { gl_Position = d[0].c + d[1].c; }\n",
	  NULL, { "DCL IN[0], PATCH[0]", "DCL IN[1], PATCH[1]", "ADD OUT[0], IN[0], IN[1]" } },
	{ "array of patch blocks written", TCS,
	  "#version 320 es\nlayout(vertices = 3) out;\nuniform int k;\n"
	  "patch out Data { vec4 c; } d[2];\nvoid main() { d[k].c = vec4(1.0); }\n",
	  NULL, { "DCL OUT[0], PATCH[0]", "DCL OUT[1], PATCH[1]", "TEMP[ADDR[0].x+0](1)" } },
	{ "OES name", FS, "#version 310 es\n#extension GL_OES_shader_io_blocks : require\n" PF
	  "in Data { vec4 c; } d;\nout vec4 o;\nvoid main() { o = d.c; }\n",
	  NULL, { "DCL IN[0], GENERIC[0]" } },
	/* a geometry shader's input block array, unsized: the primitive's size;
	 * EXT_geometry_shader enables the blocks itself */
	{ "geometry input and output blocks", GS, GS_HEAD
	  "in Data { vec4 c; } din[];\nout Data { vec4 c; } dout;\n"
	  "void main() { for (int i = 0; i < din.length(); i++) {\n"
	  "  dout.c = din[i].c; gl_Position = gl_in[i].gl_Position; EmitVertex(); } }\n",
	  NULL, { "DCL IN[][0], GENERIC[0]", "DCL OUT[1], GENERIC[0]", "IN[2][0]" } },
	/* redeclarations of the built-ins' block change nothing */
	{ "gl_PerVertex redeclared", VS, HEAD
	  "out gl_PerVertex { vec4 gl_Position; float gl_PointSize; };\n"
	  "void main() { gl_Position = vec4(1.0); gl_PointSize = 2.0; }\n",
	  NULL, { "DCL OUT[0], POSITION", "PSIZE" } },
	{ "gl_in redeclared", GS, GS_HEAD "in gl_PerVertex { vec4 gl_Position; } gl_in[];\n"
	  "void main() { gl_Position = gl_in[1].gl_Position; EmitVertex(); }\n",
	  NULL, { "DCL IN[][0], POSITION", "MOV OUT[0], IN[1][0]" } },
};

static const struct sh_case bad[] = {
	{ "without the extension", VS, "#version 310 es\nout Data { vec4 c; } d;\nvoid main() {}\n",
	  "0:2(1): error: in and out blocks need GLSL ES 3.10 and #extension "
	  "GL_EXT_shader_io_blocks", { NULL } },
	{ "in 3.00", VS, "#version 300 es\nout Data { vec4 c; } d;\nvoid main() {}\n",
	  "error: only uniform interface blocks exist in GLSL ES 3.00", { NULL } },
	{ "vertex input block", VS, HEAD "in Data { vec4 c; } d;\nvoid main() {}\n",
	  "0:3(1): error: a vertex shader cannot have an input block", { NULL } },
	{ "fragment output block", FS, HEAD PF "out Data { vec4 c; } d;\nvoid main() {}\n",
	  "0:4(1): error: a fragment shader cannot have an output block", { NULL } },
	{ "two blocks of one name", VS, HEAD
	  "out Data { vec4 c; } d;\nout Data { vec4 e; } f;\nvoid main() {}\n",
	  "0:4(1): error: an interface has two blocks of the same name", { NULL } },
	{ "unnamed member against a global", VS, HEAD
	  "float v;\nout Data { float v; };\nvoid main() {}\n",
	  "0:4(18): error: redeclaration of 'v'", { NULL } },
	{ "no such member", VS, HEAD "out Data { vec4 c; } d;\nvoid main() { d.e = vec4(1.0); }\n",
	  "0:4(16): error: 'Data' has no member 'e'", { NULL } },
	{ "array of blocks without index", VS, HEAD
	  "out Data { vec4 c; } d[2];\nvoid main() { d.c = vec4(1.0); }\n",
	  "0:4(16): error: an array of blocks needs an index", { NULL } },
	{ "integer member not flat", VS, HEAD "out Data { int i; } d;\nvoid main() {}\n",
	  "0:3(16): error: integer vertex outputs and fragment inputs must be 'flat'", { NULL } },
	{ "writing an input member", FS, HEAD PF
	  "in Data { vec4 c; } d;\nvoid main() { d.c = vec4(1.0); }\n",
	  "error: cannot assign to read-only variable", { NULL } },
	{ "member layout other than location", VS, HEAD
	  "out Data { layout(std140) vec4 c; } d;\nvoid main() {}\n",
	  "0:3(12): error: members of in and out blocks take only layout(location)", { NULL } },
	{ "block layout other than location", VS, HEAD
	  "layout(std140) out Data { vec4 c; } d;\nvoid main() {}\n",
	  "0:3(1): error: an in or out block takes only layout(location)", { NULL } },
	{ "member storage against the block's", VS, HEAD
	  "out Data { in vec4 c; } d;\nvoid main() {}\n",
	  "0:3(12): error: a block member's storage must be its block's", { NULL } },
	{ "unsized array of blocks in a vertex shader", VS, HEAD
	  "out Data { vec4 c; } d[];\nvoid main() {}\n",
	  "error: a uniform block array must have a size", { NULL } },
	{ "geometry input block not an array", GS, GS_HEAD
	  "in Data { vec4 c; } d;\nvoid main() {}\n",
	  "0:5(16): error: geometry shader inputs must be arrays", { NULL } },
	{ "patch block in a vertex shader", VS, HEAD
	  "patch out Data { vec4 c; } d;\nvoid main() {}\n",
	  "error: 'patch' needs a tessellation shader", { NULL } },
	{ "patch input block of a control shader", GLSL_STAGE_TESS_CTRL,
	  "#version 310 es\n#extension GL_EXT_tessellation_shader : require\n"
	  "layout(vertices = 3) out;\npatch in Data { vec4 c; } d;\nvoid main() {}\n",
	  "error: 'patch' applies only to tessellation control shader outputs", { NULL } },
	{ "gl_PerVertex with another member", VS, HEAD
	  "out gl_PerVertex { vec4 gl_Color; };\nvoid main() {}\n",
	  "0:3(25): error: gl_PerVertex has only gl_Position and gl_PointSize", { NULL } },
	{ "gl_PerVertex with an instance name", VS, HEAD
	  "out gl_PerVertex { vec4 gl_Position; } pv;\nvoid main() {}\n",
	  "0:3(1): error: gl_PerVertex is redeclared only as gl_in", { NULL } },
};

static enum vc_stage tgsi_stage(enum glsl_stage st)
{
	return st == FS ? VC_STAGE_FRAGMENT : st == GS ? VC_STAGE_GEOMETRY :
	       st == TCS ? VC_STAGE_TESS_CTRL : st == TES ? VC_STAGE_TESS_EVAL : VC_STAGE_VERTEX;
}

static void has_tgsi(const struct sh_case *g, const struct glsl_compiled *c)
{
	struct vc_compile_info ci = { .words = c->words, .nr_words = c->nr_words,
				      .entry_point = "main", .stage = tgsi_stage(g->stage),
				      .map = ctu_slot_map() };
	struct vc_tgsi t = { 0 };

	ck_assert_msg(vc_spirv_to_tgsi(&ci, &t) == 0, "%s: back end: %s", g->name,
		      t.log ? t.log : "?");
	for (unsigned i = 0; i < 6 && g->tgsi[i]; i++)
		ck_assert_msg(strstr(t.text, g->tgsi[i]), "%s: no '%s' in\n%s", g->name, g->tgsi[i],
			      t.text);
	vc_tgsi_finish(&t);
}

static void check_case(const struct sh_case *g)
{
	struct glsl_compiled c;
	int ret = glsl_compile(&(struct glsl_compile_info){ .strings = &g->src, .count = 1,
							    .stage = g->stage }, &c);

	if (g->log) {
		ck_assert_msg(ret == GLSL_COMPILE_ERROR, "%s: compiles", g->name);
		ck_assert_msg(strstr(c.info_log, g->log), "%s: log\n%s\nlacks '%s'", g->name,
			      c.info_log, g->log);
	} else {
		ck_assert_msg(ret == GLSL_COMPILE_OK, "%s: %s", g->name, c.info_log);
		has_tgsi(g, &c);
	}
	glsl_compiled_finish(&c);
}

START_TEST(test_good)
{
	check_case(&good[_i]);
}
END_TEST

START_TEST(test_bad)
{
	check_case(&bad[_i]);
}
END_TEST

/* ---- programs --------------------------------------------------------------------------- */

static struct glsl_shader *shader(const char *src, enum glsl_stage stage)
{
	struct glsl_shader *sh = glsl_shader_compile(&(struct glsl_compile_info){
		.strings = &src, .count = 1, .stage = stage });

	ck_assert_ptr_nonnull(sh);
	ck_assert_msg(glsl_shader_status(sh) == GLSL_COMPILE_OK, "%s", glsl_shader_info_log(sh));
	return sh;
}

/* The program's declared types live in its shaders: they stay until done. */
struct prog {
	struct glsl_shader *sh[GLSL_STAGE_COUNT], *gs;
	struct glsl_linked_program out;
	bool linked;
};

/* vs + fs, with gs between them when it is not NULL. */
static void link3(struct prog *p, const char *vs, const char *gs, const char *fs,
		  const struct glsl_link_options *opts)
{
	p->sh[VS] = shader(vs, VS);
	p->sh[FS] = shader(fs, FS);
	p->gs = gs ? shader(gs, GS) : NULL;
	p->linked = glsl_shader_link_geometry(p->sh, p->gs, opts, &p->out) == 0;
}

static void prog_done(struct prog *p)
{
	glsl_linked_program_finish(&p->out);
	glsl_shader_destroy(p->sh[VS]);
	glsl_shader_destroy(p->sh[FS]);
	if (p->gs)
		glsl_shader_destroy(p->gs);
}

#define VS_MAIN "void main() { gl_Position = vec4(0.0); }\n"
#define FS_OUT PF "out vec4 o;\n"

struct link_case {
	const char *name;
	const char *vs, *gs, *fs;
	const char *msg;   /* NULL: links; else text of the link log */
};

#define GS_PASS "void main() { for (int i = 0; i < 3; i++) { gl_Position = vec4(0.0); " \
	"EmitVertex(); } }\n"

/* Blocks of one name the two shaders declare differently. */
#define DIFFERS(name, vs_decl, fs_decl, use) \
	{ name, HEAD vs_decl VS_MAIN, NULL, \
	  HEAD FS_OUT fs_decl "void main() { o = vec4(" use "); }\n", \
	  "block 'Data' is declared differently in two stages" }

static const struct link_case links[] = {
	{ "with and without instance name",
	  HEAD "out Data { float v; } inst;\nvoid main() { inst.v = 1.0; gl_Position = vec4(0.0); }\n",
	  NULL, HEAD FS_OUT "in Data { float v; };\nvoid main() { o = vec4(v); }\n", NULL },
	{ "different instance names",
	  HEAD "out Data { vec4 c; } a;\nvoid main() { a.c = vec4(1.0); gl_Position = a.c; }\n",
	  NULL, HEAD FS_OUT "in Data { vec4 c; } b;\nvoid main() { o = b.c; }\n", NULL },
	DIFFERS("member order", "out Data { float a; float b; };\n",
		"in Data { float b; float a; };\n", "a + b"),
	DIFFERS("member type", "out Data { vec2 a; };\n", "in Data { float a; };\n", "a"),
	DIFFERS("number of members", "out Data { float a; };\n",
		"in Data { float a; float b; };\n", "a + b"),
	DIFFERS("member array size", "out Data { float a[1]; };\n", "in Data { float a[2]; };\n",
		"a[1]"),
	DIFFERS("block array size", "out Data { float a; } d[1];\n",
		"in Data { float a; } d[2];\n", "d[1].a"),
	{ "missing output block", HEAD VS_MAIN, NULL,
	  HEAD FS_OUT "in Data { float a; };\nvoid main() { o = vec4(a); }\n",
	  "input block 'Data' has no output block of its name in the previous stage" },
	{ "block member against a variable", HEAD "out float a;\n" VS_MAIN, NULL,
	  HEAD FS_OUT "in Data { float a; };\nvoid main() { o = vec4(a); }\n",
	  "input block 'Data' has no output block" },
	{ "through a geometry shader",
	  HEAD "out Data { vec4 c; } v;\nvoid main() { v.c = vec4(1.0); gl_Position = v.c; }\n",
	  GS_HEAD "in Data { vec4 c; } gin[];\nout Data { vec4 c; } gout;\n"
	  "void main() { for (int i = 0; i < 3; i++) { gout.c = gin[i].c; gl_Position = "
	  "gl_in[i].gl_Position; EmitVertex(); } }\n",
	  HEAD FS_OUT "in Data { vec4 c; };\nvoid main() { o = c; }\n", NULL },
	{ "geometry input block of another type",
	  HEAD "out Data { vec4 c; } v;\n" VS_MAIN,
	  GS_HEAD "in Data { vec3 c; } gin[];\n" GS_PASS,
	  HEAD FS_OUT "void main() { o = vec4(1.0); }\n",
	  "geometry shader input 'Data.c' has no vertex shader output of its name and type" },
	{ "geometry output block unmatched",
	  HEAD VS_MAIN, GS_HEAD GS_PASS,
	  HEAD FS_OUT "in Data { vec4 c; };\nvoid main() { o = c; }\n",
	  "input block 'Data' has no output block" },
};

START_TEST(test_link)
{
	const struct link_case *l = &links[_i];
	struct prog p;

	link3(&p, l->vs, l->gs, l->fs, NULL);
	if (!l->msg)
		ck_assert_msg(p.linked, "%s: %s", l->name, p.out.info_log);
	else
		ck_assert_msg(!p.linked && strstr(p.out.info_log, l->msg),
			      "%s: linked %d, log %s", l->name, p.linked, p.out.info_log);
	prog_done(&p);
}
END_TEST

/* In a pipeline of separable programs an output block needs its input. */
START_TEST(test_pipeline_unread_block)
{
	struct glsl_link_options opts = { .separable = true, .pipeline = true };
	struct prog p;

	link3(&p, HEAD "out Data { float v; };\n" VS_MAIN, NULL,
	      HEAD FS_OUT "void main() { o = vec4(1.0); }\n", &opts);
	ck_assert(!p.linked);
	ck_assert_msg(strstr(p.out.info_log, "error: output block 'Data' has no input block of its "
			     "name in the next stage"), "%s", p.out.info_log);
	prog_done(&p);
}
END_TEST

/* ---- a geometry shader after tessellation ------------------------------------------------- */

#define TS_HEAD "#version 310 es\n#extension GL_EXT_tessellation_shader : require\n" \
	"#extension GL_EXT_shader_io_blocks : require\n"
#define GS_IO_HEAD "#version 310 es\n#extension GL_EXT_geometry_shader : require\n" \
	"#extension GL_EXT_shader_io_blocks : require\n"

static const char five_vs[] = HEAD "out vec4 v_only;\n" VS_MAIN;
static const char five_tcs[] = TS_HEAD "layout(vertices = 3) out;\n"
	"void main() { gl_TessLevelOuter[0] = 1.0; }\n";
static const char five_tes[] = TS_HEAD "layout(triangles) in;\n"
	"out Data { vec4 c; } d;\nout vec4 e_color;\nuniform highp float u_level;\n"
	"void main() { d.c = vec4(1.0); e_color = vec4(u_level); gl_Position = vec4(0.0); }\n";
static const char five_fs[] = HEAD FS_OUT "in vec4 g;\nvoid main() { o = g; }\n";

struct five_case {
	const char *name, *gs_decl, *gs_use;
	bool separable;
	const char *msg;   /* NULL: links; else text of the link log */
};

/* The geometry inputs (and input blocks) against the evaluation outputs. */
static const struct five_case fives[] = {
	{ "reads the evaluation outputs", "in Data { vec4 c; } d[];\nin vec4 e_color[];\n",
	  "d[0].c + e_color[0]", false, NULL },
	{ "block differs from the evaluation's", "in Data { vec3 c; } d[];\n",
	  "vec4(d[0].c, 1.0)", false, "input 'Data.c' has no evaluation shader output" },
	{ "input type differs", "in vec3 e_color[];\n", "vec4(e_color[0], 1.0)", false,
	  "geometry shader input 'e_color' has no evaluation shader output" },
	{ "reads a vertex output past tessellation", "in vec4 v_only[];\n", "v_only[0]", false,
	  "geometry shader input 'v_only' has no evaluation shader output" },
	{ "a uniform's precision differs from the evaluation shader's",
	  "uniform mediump float u_level;\nin vec4 e_color[];\n", "e_color[0] * u_level", false,
	  "uniform 'u_level' differs in type or precision between the geometry shader" },
	/* separable: another program may write an input, not mistype it */
	{ "separable: unwritten input", "in vec4 other[];\n", "other[0]", true, NULL },
	{ "separable: input type differs", "in vec3 e_color[];\n", "vec4(e_color[0], 1.0)", true,
	  "geometry shader input 'e_color' has no evaluation shader output" },
};

START_TEST(test_tess_geometry_link)
{
	const struct five_case *c = &fives[_i];
	struct glsl_link_options opts = { .separable = c->separable };
	struct glsl_shader *sh[GLSL_STAGE_COUNT], *tess[2], *gs;
	struct glsl_linked_program out;
	char gs_src[1024];
	bool linked;

	snprintf(gs_src, sizeof(gs_src), GS_IO_HEAD "layout(triangles) in;\n"
		 "layout(triangle_strip, max_vertices = 3) out;\n%sout vec4 g;\n"
		 "void main() { g = %s; gl_Position = vec4(0.0); EmitVertex(); }\n",
		 c->gs_decl, c->gs_use);
	sh[VS] = shader(five_vs, VS);
	sh[FS] = shader(five_fs, FS);
	tess[0] = shader(five_tcs, GLSL_STAGE_TESS_CTRL);
	tess[1] = shader(five_tes, GLSL_STAGE_TESS_EVAL);
	gs = shader(gs_src, GS);
	linked = glsl_shader_link_tess(sh, gs, tess, &opts, &out) == 0;
	if (!c->msg)
		ck_assert_msg(linked, "%s: %s", c->name, out.info_log);
	else
		ck_assert_msg(!linked && strstr(out.info_log, c->msg), "%s: linked %d, log %s",
			      c->name, linked, out.info_log);
	glsl_linked_program_finish(&out);
	for (int i = 0; i < 2; i++) {
		glsl_shader_destroy(sh[i]);
		glsl_shader_destroy(tess[i]);
	}
	glsl_shader_destroy(gs);
}
END_TEST

static const struct glsl_prog_var *varying(const struct glsl_program *p, const char *name)
{
	for (uint32_t i = 0; i < p->nr_varyings; i++)
		if (!strcmp(p->varyings[i].name, name))
			return &p->varyings[i];
	return NULL;
}

/* A separable vertex program lists its outputs: "Block.member" of a named
 * block, "member" of an unnamed one, an array of blocks' members once (by
 * the member's own type), each at its location. */
START_TEST(test_interface_names)
{
	struct glsl_link_options opts = { .separable = true, .vs_alone = true };
	const struct glsl_prog_var *v;
	struct prog p;

	link3(&p, HEAD "layout(location = 2) out Named { vec4 a; float b[2]; } n;\n"
	      "out Unnamed { vec2 u; };\nout Arr { vec3 e; } arr[3];\n"
	      "void main() { n.a = vec4(1.0); n.b[1] = 1.0; u = vec2(0.0); arr[2].e = vec3(1.0);\n"
	      "  gl_Position = vec4(0.0); }\n", NULL,
	      HEAD FS_OUT "void main() { o = vec4(1.0); }\n", &opts);
	ck_assert_msg(p.linked, "%s", p.out.info_log);
	ck_assert((v = varying(&p.out.prog, "Named.a")) && v->location == 2);
	ck_assert((v = varying(&p.out.prog, "Named.b")) && v->location == 3 &&
		  v->type->kind == GLSL_KIND_ARRAY && v->type->length == 2);
	ck_assert((v = varying(&p.out.prog, "u")) && v->location == -1);
	ck_assert((v = varying(&p.out.prog, "Arr.e")) && v->type->kind == GLSL_KIND_VECTOR);
	ck_assert_ptr_null(varying(&p.out.prog, "Unnamed.u"));
	ck_assert_ptr_null(varying(&p.out.prog, "n.a"));
	prog_done(&p);
}
END_TEST

static Suite *ioblocks_suite(void)
{
	Suite *s = suite_create("glsl_ioblocks");
	TCase *tc = tcase_create("ioblocks");

	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, test_good, 0, N(good));
	tcase_add_loop_test(tc, test_bad, 0, N(bad));
	tcase_add_loop_test(tc, test_link, 0, N(links));
	tcase_add_test(tc, test_pipeline_unread_block);
	tcase_add_test(tc, test_interface_names);
	tcase_add_loop_test(tc, test_tess_geometry_link, 0, sizeof(fives) / sizeof(fives[0]));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(ioblocks_suite(), CK_NORMAL);
}
