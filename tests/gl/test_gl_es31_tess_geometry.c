/* SPDX-License-Identifier: MIT */
/*
 * A geometry shader after the tessellation stages in one program (VS ->
 * TCS -> TES -> GS -> FS) on ES 3.1 contexts:
 * drawn on the host with pixels read back (the
 * geometry shader reads the evaluation outputs and gl_in[].gl_Position and
 * changes both), the draw's primitive check (the tessellation output against
 * the geometry input: INVALID_OPERATION when they differ), the program
 * queries of both stages, and the link errors (a geometry input no
 * evaluation output writes). Separable programs of a geometry or an
 * evaluation shader alone (interface queries, the stages' queries, a
 * pipeline that holds them alone and does not validate), of all five stages
 * (drawn with glUseProgram), and `patch` interface blocks drawn. Each test
 * passes trivially where the host lacks either stage (the extensions are
 * then not advertised).
 */
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#include <stdint.h>
#include <stdlib.h>

#include "gl_test_util.h"

static PFNGLPATCHPARAMETERIEXTPROC patch_parameteri;

#define SO_FUNCS(X) \
	X(CreateShaderProgramv, CREATESHADERPROGRAMV) X(ProgramParameteri, PROGRAMPARAMETERI) \
	X(GetProgramResourceIndex, GETPROGRAMRESOURCEINDEX) \
	X(GetProgramResourceiv, GETPROGRAMRESOURCEIV) \
	X(GenProgramPipelines, GENPROGRAMPIPELINES) X(BindProgramPipeline, BINDPROGRAMPIPELINE) \
	X(UseProgramStages, USEPROGRAMSTAGES) X(DeleteProgramPipelines, DELETEPROGRAMPIPELINES) \
	X(GetProgramPipelineiv, GETPROGRAMPIPELINEIV) X(ValidateProgramPipeline, VALIDATEPROGRAMPIPELINE)

#define SO_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	SO_FUNCS(SO_MEMBER)
} so;
#undef SO_MEMBER

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

static void setup(void)
{
	glt_setup_version(3, 1);
	patch_parameteri = (PFNGLPATCHPARAMETERIEXTPROC)glt_proc("glPatchParameteriEXT");
#define SO_LOAD(n, N) so.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	SO_FUNCS(SO_LOAD)
#undef SO_LOAD
}

/* Whether both stages are there (each extension by either name). */
static bool has_both(void)
{
	static const GLenum ts[] = { GL_TESS_CONTROL_SHADER_EXT, GL_TESS_EVALUATION_SHADER_EXT };
	static const GLenum gs[] = { GL_GEOMETRY_SHADER_EXT };

	return glt_has_shader_ext("GL_EXT_tessellation_shader", "GL_OES_tessellation_shader",
				  ts, 2) &&
	       glt_has_shader_ext("GL_EXT_geometry_shader", "GL_OES_geometry_shader", gs, 1);
}

#define TS_HEAD "#version 310 es\n#extension GL_EXT_tessellation_shader : require\n"
#define GS_HEAD "#version 310 es\n#extension GL_EXT_geometry_shader : require\n"

static const char vs[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"out vec4 v_color;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0);\n"
	"  v_color = vec4(0.0, 1.0, 0.0, 1.0); }\n";
static const char fs[] = "#version 310 es\n"
	"precision mediump float;\n"
	"in vec4 g_color;\n"
	"out vec4 c;\n"
	"void main() { c = g_color; }\n";

/* A triangle patch through at level 1, its colour per vertex and its blue
 * per patch. */
static const char tcs[] = TS_HEAD
	"layout(vertices = 3) out;\n"
	"in vec4 v_color[];\n"
	"out vec4 t_color[];\n"
	"patch out float p_blue;\n"
	"void main() {\n"
	"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
	"  t_color[gl_InvocationID] = v_color[gl_InvocationID];\n"
	"  gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0;\n"
	"  gl_TessLevelOuter[2] = 1.0; gl_TessLevelInner[0] = 1.0;\n"
	"  p_blue = 0.5;\n"
	"}\n";
#define TES_BODY \
	"in vec4 t_color[];\n" \
	"patch in float p_blue;\n" \
	"out vec4 e_color;\n" \
	"void main() {\n" \
	"  gl_Position = gl_TessCoord.x * gl_in[0].gl_Position +\n" \
	"                gl_TessCoord.y * gl_in[1].gl_Position +\n" \
	"                gl_TessCoord.z * gl_in[2].gl_Position;\n" \
	"  e_color = vec4(0.0, t_color[0].g, p_blue, 1.0);\n" \
	"}\n"
static const char tes_triangles[] = TS_HEAD "layout(triangles) in;\n" TES_BODY;
static const char tes_points[] = TS_HEAD "layout(triangles, point_mode) in;\n" TES_BODY;

/* The evaluation colour with red added, and each triangle moved right by
 * half the window: only a geometry shader that ran draws the right half. */
static const char gs_triangles[] = GS_HEAD
	"layout(triangles) in;\n"
	"layout(triangle_strip, max_vertices = 3) out;\n"
	"in vec4 e_color[];\n"
	"out vec4 g_color;\n"
	"void main() {\n"
	"  for (int i = 0; i < 3; i++) {\n"
	"    gl_Position = gl_in[i].gl_Position + vec4(1.0, 0.0, 0.0, 0.0);\n"
	"    g_color = e_color[i] + vec4(1.0, 0.0, 0.0, 0.0);\n"
	"    EmitVertex();\n"
	"  }\n"
	"}\n";

static GLuint compiled(GLenum type, const char *src)
{
	GLint ok = 0;
	GLuint sh = glt_compile(type, src, &ok);

	ck_assert_msg(ok, "shader does not compile:\n%s", src);
	return sh;
}

static GLuint attach_tcs(const char *tcs_src, const char *tes, const char *gs)
{
	GLuint p = gl.CreateProgram();

	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, vs));
	gl.AttachShader(p, compiled(GL_TESS_CONTROL_SHADER_EXT, tcs_src));
	gl.AttachShader(p, compiled(GL_TESS_EVALUATION_SHADER_EXT, tes));
	gl.AttachShader(p, compiled(GL_GEOMETRY_SHADER_EXT, gs));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, fs));
	return p;
}

static GLuint attach5(const char *tes, const char *gs)
{
	return attach_tcs(tcs, tes, gs);
}

/* The left half of the window as one triangle patch (0,0 is the bottom
 * left corner): the lower-left triangle of x in [-1, 0]. */
static const float tri[] = { -1, -1, 0, -1, -1, 1 };

static void draw_patch(void)
{
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
	gl.EnableVertexAttribArray(0);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	patch_parameteri(GL_PATCH_VERTICES_EXT, 3);
	gl.DrawArrays(GL_PATCHES_EXT, 0, 3);
}

/* The patch drawn through all five stages: red from the geometry shader,
 * green per vertex through the control and evaluation shaders, blue per
 * patch; the triangle lands in the right half, the left stays black. */
START_TEST(five_stages_drawn)
{
	static const uint8_t want[4] = { 255, 255, 128, 255 };
	static const uint8_t black[4] = { 0, 0, 0, 255 };
	GLuint p;

	if (!has_both())
		return;
	p = attach5(tes_triangles, gs_triangles);
	glt_link_and_use(p);
	draw_patch();
	expect(GL_NO_ERROR);
	glt_assert_pixel_near(18, 4, want, 3);
	glt_assert_pixel_near(20, 8, want, 3);
	glt_assert_pixel_near(4, 4, black, 0);
	glt_assert_pixel_near(30, 30, black, 0);
	gl.DeleteProgram(p);
}
END_TEST

/* Point mode makes points, which a geometry shader of triangles does not
 * take: INVALID_OPERATION at the draw (EXT_geometry_shader §11.3.1), and
 * nothing drawn; GL_POINTS with the same program is still not a patch. */
START_TEST(primitive_mismatch_at_draw)
{
	static const uint8_t black[4] = { 0, 0, 0, 255 };
	GLuint p;

	if (!has_both())
		return;
	p = attach5(tes_points, gs_triangles);
	glt_link_and_use(p);
	draw_patch();
	expect(GL_INVALID_OPERATION);
	glt_assert_pixel_near(18, 4, black, 0);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	expect(GL_INVALID_OPERATION);
	gl.DeleteProgram(p);
}
END_TEST

/* Both stages' program queries answer for the one program. */
START_TEST(program_queries)
{
	GLuint p;
	GLint v = 0;

	if (!has_both())
		return;
	p = attach5(tes_triangles, gs_triangles);
	glt_link_and_use(p);
	gl.GetProgramiv(p, GL_ATTACHED_SHADERS, &v);
	ck_assert_int_eq(v, 5);
	gl.GetProgramiv(p, GL_TESS_CONTROL_OUTPUT_VERTICES_EXT, &v);
	ck_assert_int_eq(v, 3);
	gl.GetProgramiv(p, GL_TESS_GEN_MODE_EXT, &v);
	ck_assert_int_eq(v, GL_TRIANGLES);
	gl.GetProgramiv(p, GL_GEOMETRY_LINKED_INPUT_TYPE_EXT, &v);
	ck_assert_int_eq(v, GL_TRIANGLES);
	gl.GetProgramiv(p, GL_GEOMETRY_LINKED_VERTICES_OUT_EXT, &v);
	ck_assert_int_eq(v, 3);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* A geometry input that only the vertex shader writes (v_color) has no
 * evaluation output of its name: the link fails and says which. */
START_TEST(link_errors)
{
	static const char gs_reads_vs[] = GS_HEAD
		"layout(triangles) in;\n"
		"layout(triangle_strip, max_vertices = 3) out;\n"
		"in vec4 v_color[];\n"
		"out vec4 g_color;\n"
		"void main() { g_color = v_color[0]; gl_Position = gl_in[0].gl_Position;\n"
		"  EmitVertex(); }\n";
	static const char gs_wrong_type[] = GS_HEAD
		"layout(triangles) in;\n"
		"layout(triangle_strip, max_vertices = 3) out;\n"
		"in vec3 e_color[];\n"
		"out vec4 g_color;\n"
		"void main() { g_color = vec4(e_color[0], 1.0); gl_Position = gl_in[0].gl_Position;\n"
		"  EmitVertex(); }\n";

	if (!has_both())
		return;
	glt_assert_link_fails(attach5(tes_triangles, gs_reads_vs), "v_color");
	glt_assert_link_fails(attach5(tes_triangles, gs_wrong_type), "e_color");
}
END_TEST

/* A property of a resource of p (-1 if nothing was written or no such
 * resource). */
static GLint resource_prop(GLuint p, GLenum iface, const char *name, GLenum prop)
{
	GLuint i = so.GetProgramResourceIndex(p, iface, name);
	GLint v = -1;

	if (i == GL_INVALID_INDEX)
		return -1;
	so.GetProgramResourceiv(p, iface, i, 1, &prop, 1, NULL, &v);
	return v;
}

/* The stages referencing a resource as bits: vertex 1, control 2,
 * evaluation 4, geometry 8, fragment 16. */
static int referencing(GLuint p, GLenum iface, const char *name)
{
	static const GLenum props[5] = {
		GL_REFERENCED_BY_VERTEX_SHADER, GL_REFERENCED_BY_TESS_CONTROL_SHADER_EXT,
		GL_REFERENCED_BY_TESS_EVALUATION_SHADER_EXT, GL_REFERENCED_BY_GEOMETRY_SHADER_EXT,
		GL_REFERENCED_BY_FRAGMENT_SHADER };
	int bits = 0;

	for (int i = 0; i < 5; i++)
		bits |= (resource_prop(p, iface, name, props[i]) == 1) << i;
	return bits;
}

static GLuint one_stage(GLenum type, const char *src)
{
	GLuint p = so.CreateShaderProgramv(type, 1, &src);
	GLint ok = 0;

	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_msg(ok, "separable program does not link:\n%s", src);
	return p;
}

/* A pipeline takes the program for the stage bit and names it for the
 * stage; without vertex and fragment programs it does not validate. */
static void pipeline_holds(GLuint p, GLbitfield bit, GLenum stage)
{
	GLuint pipe;
	GLint v = 0;

	so.GenProgramPipelines(1, &pipe);
	so.UseProgramStages(pipe, bit, p);
	expect(GL_NO_ERROR);
	so.GetProgramPipelineiv(pipe, stage, &v);
	ck_assert_int_eq(v, (GLint)p);
	so.ValidateProgramPipeline(pipe);
	so.GetProgramPipelineiv(pipe, GL_VALIDATE_STATUS, &v);
	ck_assert_int_eq(v, 0);
	expect(GL_NO_ERROR);
	so.DeleteProgramPipelines(1, &pipe);
}

/* A separable program of an evaluation shader alone links (its inputs
 * written by another program's stages), lists the evaluation inputs and
 * outputs as the program's and answers the evaluation queries, not the
 * control shader's; drawn with glUseProgram it is INVALID_OPERATION. */
START_TEST(separable_evaluation_alone)
{
	static const char tes_u[] = TS_HEAD "layout(triangles) in;\n"
		"uniform highp float u_scale;\n" TES_BODY;
	GLuint p;
	GLint v = 0;

	if (!has_both())
		return;
	p = one_stage(GL_TESS_EVALUATION_SHADER_EXT, tes_u);
	ck_assert_int_eq(referencing(p, GL_PROGRAM_INPUT, "t_color"), 4);
	ck_assert_int_eq(resource_prop(p, GL_PROGRAM_INPUT, "t_color", GL_TYPE), GL_FLOAT_VEC4);
	ck_assert_int_eq(referencing(p, GL_PROGRAM_OUTPUT, "e_color"), 4);
	ck_assert_int_eq(resource_prop(p, GL_PROGRAM_INPUT, "v_color", GL_TYPE), -1);
	ck_assert_int_eq(resource_prop(p, GL_PROGRAM_INPUT, "p_blue", GL_IS_PER_PATCH_EXT), 1);
	ck_assert_int_eq(resource_prop(p, GL_PROGRAM_INPUT, "t_color[0]", GL_IS_PER_PATCH_EXT), 0);
	/* the linker keeps a declared uniform: referenced by its one stage */
	ck_assert_int_eq(referencing(p, GL_UNIFORM, "u_scale"), 4);
	gl.GetProgramiv(p, GL_TESS_GEN_MODE_EXT, &v);
	ck_assert_int_eq(v, GL_TRIANGLES);
	expect(GL_NO_ERROR);
	gl.GetProgramiv(p, GL_TESS_CONTROL_OUTPUT_VERTICES_EXT, &v);
	expect(GL_INVALID_OPERATION);
	pipeline_holds(p, GL_TESS_EVALUATION_SHADER_BIT_EXT, GL_TESS_EVALUATION_SHADER_EXT);
	gl.UseProgram(p);
	draw_patch();
	expect(GL_INVALID_OPERATION);
	gl.UseProgram(0);
	gl.DeleteProgram(p);
}
END_TEST

/* A separable geometry program alone: its inputs, outputs and uniform are
 * the geometry shader's; its queries answer. */
START_TEST(separable_geometry_alone)
{
	static const char gs_u[] = GS_HEAD
		"layout(triangles) in;\n"
		"layout(triangle_strip, max_vertices = 3) out;\n"
		"uniform highp vec4 u_shift;\n"
		"in vec4 e_color[];\n"
		"out vec4 g_color;\n"
		"void main() {\n"
		"  for (int i = 0; i < 3; i++) {\n"
		"    gl_Position = gl_in[i].gl_Position + u_shift; g_color = e_color[i];\n"
		"    EmitVertex();\n"
		"  }\n"
		"}\n";
	GLuint p;
	GLint v = 0;

	if (!has_both())
		return;
	p = one_stage(GL_GEOMETRY_SHADER_EXT, gs_u);
	ck_assert_int_eq(referencing(p, GL_UNIFORM, "u_shift"), 8);
	ck_assert_int_eq(referencing(p, GL_PROGRAM_INPUT, "e_color"), 8);
	/* a per-vertex input is listed as the array it is: one per vertex */
	ck_assert_int_eq(resource_prop(p, GL_PROGRAM_INPUT, "e_color[0]", GL_ARRAY_SIZE), 3);
	ck_assert_int_eq(referencing(p, GL_PROGRAM_OUTPUT, "g_color"), 8);
	gl.GetProgramiv(p, GL_GEOMETRY_LINKED_VERTICES_OUT_EXT, &v);
	ck_assert_int_eq(v, 3);
	expect(GL_NO_ERROR);
	pipeline_holds(p, GL_GEOMETRY_SHADER_BIT_EXT, GL_GEOMETRY_SHADER_EXT);
	gl.DeleteProgram(p);
}
END_TEST

/* A separable program of all five stages is a whole program: drawn with
 * glUseProgram like the non-separable one; its input is the vertex
 * shader's, its output the fragment shader's. In a program pipeline bound
 * for its vertex and fragment stages only, the draw is INVALID_OPERATION
 * (test_gl_es31_pipeline_stages draws it bound for all of them). */
START_TEST(separable_five_stages)
{
	static const uint8_t want[4] = { 255, 255, 128, 255 };
	GLuint p, pipe;

	if (!has_both())
		return;
	p = attach5(tes_triangles, gs_triangles);
	so.ProgramParameteri(p, GL_PROGRAM_SEPARABLE, GL_TRUE);
	glt_link_and_use(p);
	draw_patch();
	expect(GL_NO_ERROR);
	glt_assert_pixel_near(18, 4, want, 3);
	ck_assert_int_eq(referencing(p, GL_PROGRAM_INPUT, "pos"), 1);
	ck_assert_int_eq(referencing(p, GL_PROGRAM_OUTPUT, "c"), 16);
	gl.UseProgram(0);
	so.GenProgramPipelines(1, &pipe);
	so.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT | GL_FRAGMENT_SHADER_BIT, p);
	so.BindProgramPipeline(pipe);
	draw_patch();
	expect(GL_INVALID_OPERATION);
	so.BindProgramPipeline(0);
	so.DeleteProgramPipelines(1, &pipe);
	gl.DeleteProgram(p);
}
END_TEST

/* Within one separable program the stages' interfaces still match: a
 * geometry input of another type than the evaluation output fails. */
START_TEST(separable_link_errors)
{
	static const char gs_wrong_type[] = GS_HEAD
		"layout(triangles) in;\n"
		"layout(triangle_strip, max_vertices = 3) out;\n"
		"in vec3 e_color[];\n"
		"out vec4 g_color;\n"
		"void main() { g_color = vec4(e_color[0], 1.0); gl_Position = gl_in[0].gl_Position;\n"
		"  EmitVertex(); }\n";
	GLuint p;

	if (!has_both())
		return;
	p = attach5(tes_triangles, gs_wrong_type);
	so.ProgramParameteri(p, GL_PROGRAM_SEPARABLE, GL_TRUE);
	glt_assert_link_fails(p, "e_color");
}
END_TEST

/* A `patch out` block of the control shader (its members a struct with an
 * array and a float) read by the evaluation shader's `patch in` block:
 * the colour the geometry shader draws comes through it. An array of
 * patch blocks compiles. */
START_TEST(patch_block)
{
	static const char tcs_pb[] = TS_HEAD
		"layout(vertices = 3) out;\n"
		"struct S { highp float g[2]; };\n"
		"in vec4 v_color[];\n"
		"out vec4 t_color[];\n"
		"patch out PB { S s; highp float blue; } pb;\n"
		"void main() {\n"
		"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
		"  t_color[gl_InvocationID] = v_color[gl_InvocationID];\n"
		"  gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0;\n"
		"  gl_TessLevelOuter[2] = 1.0; gl_TessLevelInner[0] = 1.0;\n"
		"  pb.s.g[0] = 0.0; pb.s.g[1] = 1.0; pb.blue = 0.25;\n"
		"}\n";
	static const char tes_pb[] = TS_HEAD "layout(triangles) in;\n"
		"struct S { highp float g[2]; };\n"
		"in vec4 t_color[];\n"
		"patch in PB { S s; highp float blue; } pb;\n"
		"out vec4 e_color;\n"
		"void main() {\n"
		"  gl_Position = gl_TessCoord.x * gl_in[0].gl_Position +\n"
		"                gl_TessCoord.y * gl_in[1].gl_Position +\n"
		"                gl_TessCoord.z * gl_in[2].gl_Position;\n"
		"  e_color = vec4(0.0, pb.s.g[1], pb.blue, 1.0);\n"
		"}\n";
	static const char tcs_array[] = TS_HEAD
		"layout(vertices = 3) out;\n"
		"patch out PB { highp float blue; } pb[2];\n"
		"void main() { pb[0].blue = 1.0; gl_TessLevelOuter[0] = 1.0; }\n";
	static const uint8_t want[4] = { 255, 255, 64, 255 };
	GLint ok = 1;
	GLuint p;

	if (!has_both())
		return;
	p = attach_tcs(tcs_pb, tes_pb, gs_triangles);
	glt_link_and_use(p);
	draw_patch();
	expect(GL_NO_ERROR);
	glt_assert_pixel_near(18, 4, want, 3);
	gl.DeleteProgram(p);
	/* an array of patch blocks compiles (test_gl_es31_tess draws one) */
	gl.DeleteShader(glt_compile(GL_TESS_CONTROL_SHADER_EXT, tcs_array, &ok));
	ck_assert_int_eq(ok, 1);
}
END_TEST

/* Explicit locations on the varyings between the five stages (ES 3.1
 * 4.4.2; per-vertex, per-patch, geometry in and out), each pair of one
 * name: the colour still comes through. */
START_TEST(explicit_locations)
{
	static const char vs_l[] = "#version 310 es\n"
		"layout(location = 0) in vec2 pos;\n"
		"layout(location = 3) out vec4 v_color;\n"
		"void main() { gl_Position = vec4(pos, 0.0, 1.0);\n"
		"  v_color = vec4(0.0, 1.0, 0.0, 1.0); }\n";
	static const char tcs_l[] = TS_HEAD
		"layout(vertices = 3) out;\n"
		"layout(location = 3) in vec4 v_color[];\n"
		"layout(location = 1) out vec4 t_color[];\n"
		"layout(location = 5) patch out float p_blue;\n"
		"void main() {\n"
		"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
		"  t_color[gl_InvocationID] = v_color[gl_InvocationID];\n"
		"  gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0;\n"
		"  gl_TessLevelOuter[2] = 1.0; gl_TessLevelInner[0] = 1.0;\n"
		"  p_blue = 0.5;\n"
		"}\n";
	static const char tes_l[] = TS_HEAD "layout(triangles) in;\n"
		"layout(location = 1) in vec4 t_color[];\n"
		"layout(location = 5) patch in float p_blue;\n"
		"layout(location = 2) out vec4 e_color;\n"
		"void main() {\n"
		"  gl_Position = gl_TessCoord.x * gl_in[0].gl_Position +\n"
		"                gl_TessCoord.y * gl_in[1].gl_Position +\n"
		"                gl_TessCoord.z * gl_in[2].gl_Position;\n"
		"  e_color = vec4(0.0, t_color[0].g, p_blue, 1.0);\n"
		"}\n";
	static const char gs_l[] = GS_HEAD
		"layout(triangles) in;\n"
		"layout(triangle_strip, max_vertices = 3) out;\n"
		"layout(location = 2) in vec4 e_color[];\n"
		"layout(location = 4) out vec4 g_color;\n"
		"void main() {\n"
		"  for (int i = 0; i < 3; i++) {\n"
		"    gl_Position = gl_in[i].gl_Position + vec4(1.0, 0.0, 0.0, 0.0);\n"
		"    g_color = e_color[i] + vec4(1.0, 0.0, 0.0, 0.0);\n"
		"    EmitVertex();\n"
		"  }\n"
		"}\n";
	static const char fs_l[] = "#version 310 es\n"
		"precision mediump float;\n"
		"layout(location = 4) in vec4 g_color;\n"
		"out vec4 c;\n"
		"void main() { c = g_color; }\n";
	static const uint8_t want[4] = { 255, 255, 128, 255 };
	GLuint p;

	if (!has_both())
		return;
	p = gl.CreateProgram();
	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, vs_l));
	gl.AttachShader(p, compiled(GL_TESS_CONTROL_SHADER_EXT, tcs_l));
	gl.AttachShader(p, compiled(GL_TESS_EVALUATION_SHADER_EXT, tes_l));
	gl.AttachShader(p, compiled(GL_GEOMETRY_SHADER_EXT, gs_l));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, fs_l));
	glt_link_and_use(p);
	draw_patch();
	expect(GL_NO_ERROR);
	glt_assert_pixel_near(18, 4, want, 3);
	gl.DeleteProgram(p);
}
END_TEST

static Suite *tess_geometry_suite(void)
{
	Suite *s = suite_create("gl es31 tessellation with geometry");
	TCase *tc = tcase_create("tess_geometry");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, five_stages_drawn);
	tcase_add_test(tc, primitive_mismatch_at_draw);
	tcase_add_test(tc, program_queries);
	tcase_add_test(tc, link_errors);
	tcase_add_test(tc, separable_evaluation_alone);
	tcase_add_test(tc, separable_geometry_alone);
	tcase_add_test(tc, separable_five_stages);
	tcase_add_test(tc, separable_link_errors);
	tcase_add_test(tc, patch_block);
	tcase_add_test(tc, explicit_locations);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(tess_geometry_suite);
}
