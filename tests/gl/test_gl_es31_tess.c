/* SPDX-License-Identifier: MIT */
/*
 * EXT_tessellation_shader / OES_tessellation_shader on ES 3.1 contexts:
 * programs of a vertex, a tessellation
 * control, a tessellation evaluation and a fragment shader drawn on the
 * host with pixels read back (a quad patch whose colour only tessellated
 * vertices give, per-vertex and per-patch varyings, a uniform in the
 * control shader, isolines), glPatchParameteri and GL_PATCH_VERTICES, the
 * program queries, the limits, and the errors: the shader types without
 * the extension, GL_PATCHES with and without tessellation, other modes
 * with it, glPatchParameteri's values, link failures. Each test passes
 * trivially where the host has no tessellation (the extension is then not
 * advertised) after checking GL_TESS_CONTROL_SHADER is refused.
 */
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#include <stdint.h>
#include <stdio.h>
#include <math.h>
#include <stdlib.h>

#include "gl_test_util.h"

static PFNGLPATCHPARAMETERIEXTPROC patch_parameteri;

#define XFB_FUNCS(X) \
	X(TransformFeedbackVaryings, TRANSFORMFEEDBACKVARYINGS) \
	X(BeginTransformFeedback, BEGINTRANSFORMFEEDBACK) \
	X(EndTransformFeedback, ENDTRANSFORMFEEDBACK) X(GenQueries, GENQUERIES) \
	X(BeginQuery, BEGINQUERY) X(EndQuery, ENDQUERY) X(GetQueryObjectuiv, GETQUERYOBJECTUIV) \
	X(DeleteQueries, DELETEQUERIES) X(GetProgramResourceIndex, GETPROGRAMRESOURCEINDEX) \
	X(GetProgramResourceiv, GETPROGRAMRESOURCEIV)

#define XFB_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	XFB_FUNCS(XFB_MEMBER)
} xf;
#undef XFB_MEMBER

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

static void setup(void)
{
	glt_setup_version(3, 1);
	patch_parameteri = (PFNGLPATCHPARAMETERIEXTPROC)glt_proc("glPatchParameteriEXT");
#define XFB_LOAD(n, N) xf.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	XFB_FUNCS(XFB_LOAD)
#undef XFB_LOAD
}

/* Whether the context has the extension (both names or neither); without
 * it the two shader types are unknown. */
static bool has_tess(void)
{
	static const GLenum types[] = { GL_TESS_CONTROL_SHADER_EXT, GL_TESS_EVALUATION_SHADER_EXT };

	return glt_has_shader_ext("GL_EXT_tessellation_shader", "GL_OES_tessellation_shader",
				  types, 2);
}

#define TS_HEAD "#version 310 es\n#extension GL_EXT_tessellation_shader : require\n"

static const char vs[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"out vec4 v_color;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0);\n"
	"  v_color = vec4(0.0, 1.0, 0.0, 1.0); }\n";
static const char fs[] = "#version 310 es\n"
	"precision mediump float;\n"
	"in vec4 e_color;\n"
	"out vec4 c;\n"
	"void main() { c = e_color; }\n";

/* Four control points through; the levels a uniform, the patch's blue
 * written by invocation 0 only. */
static const char tcs_quad[] = TS_HEAD
	"layout(vertices = 4) out;\n"
	"uniform float u_level;\n"
	"in vec4 v_color[];\n"
	"out vec4 t_color[];\n"
	"patch out float p_blue;\n"
	"void main() {\n"
	"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
	"  t_color[gl_InvocationID] = v_color[gl_InvocationID];\n"
	"  if (gl_InvocationID == 0) {\n"
	"    for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = u_level;\n"
	"    gl_TessLevelInner[0] = u_level; gl_TessLevelInner[1] = u_level;\n"
	"    p_blue = float(gl_PrimitiveID + 1) * 0.5;\n"
	"  }\n"
	"}\n";
/* red: gl_TessCoord.x squared, which only tessellated vertices sample */
static const char tes_quad[] = TS_HEAD
	"layout(quads, equal_spacing, ccw) in;\n"
	"in vec4 t_color[];\n"
	"patch in float p_blue;\n"
	"out vec4 e_color;\n"
	"void main() {\n"
	"  vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);\n"
	"  vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);\n"
	"  gl_Position = mix(a, b, gl_TessCoord.y);\n"
	"  e_color = vec4(gl_TessCoord.x * gl_TessCoord.x, t_color[1].g, p_blue, 1.0);\n"
	"}\n";

static GLuint compiled(GLenum type, const char *src)
{
	GLint ok = 0;
	GLuint sh = glt_compile(type, src, &ok);

	ck_assert_msg(ok, "shader does not compile:\n%s", src);
	return sh;
}

static GLuint attach4(const char *tcs, const char *tes)
{
	GLuint p = gl.CreateProgram();

	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, vs));
	if (tcs)
		gl.AttachShader(p, compiled(GL_TESS_CONTROL_SHADER_EXT, tcs));
	if (tes)
		gl.AttachShader(p, compiled(GL_TESS_EVALUATION_SHADER_EXT, tes));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, fs));
	return p;
}

/* vs + tcs + tes + fs, linked (the log in the failure) and current. */
static GLuint program4(const char *tcs, const char *tes)
{
	GLuint p = attach4(tcs, tes);

	glt_link_and_use(p);
	return p;
}

/* The window's quad as one patch of 4 (x, y) at attribute 0; cleared black. */
static const float quad[] = { -1, -1, 1, -1, 1, 1, -1, 1 };

static void vertices(const float *v)
{
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
	gl.EnableVertexAttribArray(0);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
}

/* x squared at pixel column x of 32, as `cols` tessellated columns draw it:
 * linear between the columns' edges, where the evaluation shader ran. */
static uint8_t x_squared(int x, int cols)
{
	float t = ((float)x + 0.5f) / 32.0f, w = 1.0f / (float)cols;
	float a = (float)(int)(t * (float)cols) * w;
	float v = a * a + (t - a) / w * ((a + w) * (a + w) - a * a);

	return (uint8_t)(v * 255.0f + 0.5f);
}

static void assert_row(int y, int cols, uint8_t blue)
{
	for (int x = 0; x < 32; x++)
		glt_assert_pixel_near(x, y, (const uint8_t[4]){ x_squared(x, cols), 255, blue, 255 },
				      3);
}

/* Levels 4 then 2 from the uniform: the red ramp follows the tessellated
 * columns; green comes per vertex through the control shader, blue per
 * patch from gl_PrimitiveID (0: half). */
START_TEST(quad_tessellated)
{
	GLuint p;

	if (!has_tess())
		return;
	p = program4(tcs_quad, tes_quad);
	patch_parameteri(GL_PATCH_VERTICES_EXT, 4);
	gl.Uniform1f(gl.GetUniformLocation(p, "u_level"), 4.0f);
	vertices(quad);
	gl.DrawArrays(GL_PATCHES_EXT, 0, 4);
	expect(GL_NO_ERROR);
	assert_row(16, 4, 128);
	gl.Uniform1f(gl.GetUniformLocation(p, "u_level"), 2.0f);
	vertices(quad);
	gl.DrawArrays(GL_PATCHES_EXT, 0, 4);
	expect(GL_NO_ERROR);
	assert_row(5, 2, 128);
	gl.DeleteProgram(p);
}
END_TEST

/* Inputs at dynamic indices: the control shader sums v_color[i].g over
 * gl_PatchVerticesIn vertices (p_g: 1) and writes three colours to a patch
 * array, which the evaluation shader reads at a uniform's index; the
 * quad is filled with that colour. */
static const char tcs_dynamic[] = TS_HEAD
	"layout(vertices = 4) out;\n"
	"in vec4 v_color[];\n"
	"patch out vec4 pv[3];\npatch out float p_g;\n"
	"void main() {\n"
	"  float s = 0.0;\n"
	"  for (int i = 0; i < gl_PatchVerticesIn; i++) s += v_color[i].g;\n"
	"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
	"  pv[0] = vec4(1.0, 0.0, 0.0, 1.0); pv[1] = vec4(0.0, 1.0, 0.0, 1.0);\n"
	"  pv[2] = vec4(0.0, 0.0, 1.0, 1.0); p_g = s / float(gl_PatchVerticesIn);\n"
	"  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = 1.0;\n"
	"  gl_TessLevelInner[0] = 1.0; gl_TessLevelInner[1] = 1.0;\n"
	"}\n";
static const char tes_dynamic[] = TS_HEAD
	"layout(quads) in;\n"
	"patch in vec4 pv[3];\npatch in float p_g;\nuniform int u_k;\n"
	"out vec4 e_color;\n"
	"void main() {\n"
	"  vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);\n"
	"  vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);\n"
	"  gl_Position = mix(a, b, gl_TessCoord.y);\n"
	"  e_color = vec4(pv[u_k].rgb * p_g, 1.0);\n"
	"}\n";

START_TEST(dynamic_indices)
{
	static const uint8_t want[3][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 } };
	GLuint p;

	if (!has_tess())
		return;
	p = program4(tcs_dynamic, tes_dynamic);
	patch_parameteri(GL_PATCH_VERTICES_EXT, 4);
	for (int k = 0; k < 3; k++) {
		gl.Uniform1i(gl.GetUniformLocation(p, "u_k"), k);
		vertices(quad);
		gl.DrawArrays(GL_PATCHES_EXT, 0, 4);
		expect(GL_NO_ERROR);
		glt_assert_pixel_near(5, 5, want[k], 2);
		glt_assert_pixel_near(26, 20, want[k], 2);
	}
	gl.DeleteProgram(p);
}
END_TEST

/* A control shader reads the other invocations' outputs after barrier():
 * invocation i writes t_val[i] = (i + 1) / 10 and the patch's p_one = 0.25,
 * then invocation 1 p_one = 0.5; invocation 0 sums the four t_val (1.0: red), reads t_val[u_k]
 * (u_k 2: 0.3, green 77) and p_one (blue 128). Its own values would give
 * 0.4, 0.1 and 0.25. */
static const char tcs_barrier[] = TS_HEAD
	"layout(vertices = 4) out;\n"
	"uniform int u_k;\n"
	"out float t_val[];\n"
	"patch out vec3 p_got;\npatch out float p_one;\n"
	"void main() {\n"
	"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
	"  t_val[gl_InvocationID] = float(gl_InvocationID + 1) * 0.1;\n"
	"  p_one = 0.25;\n"
	"  barrier();\n"
	"  if (gl_InvocationID == 1) p_one = 0.5;\n"
	"  barrier();\n"
	"  if (gl_InvocationID == 0) {\n"
	"    float s = 0.0;\n"
	"    for (int i = 0; i < 4; i++) s += t_val[i];\n"
	"    p_got = vec3(s, t_val[u_k], p_one);\n"
	"    for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = 1.0;\n"
	"    gl_TessLevelInner[0] = 1.0; gl_TessLevelInner[1] = 1.0;\n"
	"  }\n"
	"}\n";
static const char tes_barrier[] = TS_HEAD
	"layout(quads) in;\n"
	"patch in vec3 p_got;\n"
	"out vec4 e_color;\n"
	"void main() {\n"
	"  vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);\n"
	"  vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);\n"
	"  gl_Position = mix(a, b, gl_TessCoord.y);\n"
	"  e_color = vec4(p_got, 1.0);\n"
	"}\n";

START_TEST(control_reads_other_invocations)
{
	GLuint p;

	if (!has_tess())
		return;
	p = program4(tcs_barrier, tes_barrier);
	patch_parameteri(GL_PATCH_VERTICES_EXT, 4);
	gl.Uniform1i(gl.GetUniformLocation(p, "u_k"), 2);
	vertices(quad);
	gl.DrawArrays(GL_PATCHES_EXT, 0, 4);
	expect(GL_NO_ERROR);
	glt_assert_pixel_near(5, 5, (const uint8_t[4]){ 255, 77, 128, 255 }, 2);
	glt_assert_pixel_near(26, 20, (const uint8_t[4]){ 255, 77, 128, 255 }, 2);
	gl.DeleteProgram(p);
}
END_TEST

/* EXT_tessellation_point_size (OES: the same): the vertex shader's size 2
 * doubled by the control shader through gl_in[] and gl_out[], doubled again
 * by the evaluation shader; point_mode with levels 1 draws the quad's four
 * corners as 8x8 points. Without the #extension, gl_PointSize is no name of
 * the stages. */
static const char vs_size2[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); gl_PointSize = 2.0; }\n";
#define TCS_POINT_BODY "layout(vertices = 4) out;\n" \
	"void main() {\n" \
	"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n" \
	"  gl_out[gl_InvocationID].gl_PointSize = gl_in[gl_InvocationID].gl_PointSize * 2.0;\n" \
	"  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = 1.0;\n" \
	"  gl_TessLevelInner[0] = 1.0; gl_TessLevelInner[1] = 1.0;\n" \
	"}\n"
#define TES_POINT_BODY "layout(quads, point_mode) in;\nout vec4 e_color;\n" \
	"void main() {\n" \
	"  vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);\n" \
	"  vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);\n" \
	"  gl_Position = mix(a, b, gl_TessCoord.y);\n" \
	"  gl_PointSize = gl_in[0].gl_PointSize * 2.0; e_color = vec4(0.0, 1.0, 0.0, 1.0);\n" \
	"}\n"

static void point_size_program(const char *ext)
{
	char tcs[1024], tes[1024];
	GLuint p = gl.CreateProgram();

	snprintf(tcs, sizeof(tcs), TS_HEAD "#extension %s : require\n" TCS_POINT_BODY, ext);
	snprintf(tes, sizeof(tes), TS_HEAD "#extension %s : require\n" TES_POINT_BODY, ext);
	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, vs_size2));
	gl.AttachShader(p, compiled(GL_TESS_CONTROL_SHADER_EXT, tcs));
	gl.AttachShader(p, compiled(GL_TESS_EVALUATION_SHADER_EXT, tes));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, fs));
	glt_link_and_use(p);
	gl.DeleteProgram(p);
}

START_TEST(point_size_written)
{
	static const char *const names[] = { "GL_EXT_tessellation_point_size",
					     "GL_OES_tessellation_point_size" };
	static const float corners[] = { -0.5f, -0.5f, 0.5f, -0.5f, 0.5f, 0.5f, -0.5f, 0.5f };

	if (!has_tess())
		return;
	ck_assert(glt_has_extension(names[0]) && glt_has_extension(names[1]));
	glt_assert_compile_fails(GL_TESS_CONTROL_SHADER_EXT, TS_HEAD TCS_POINT_BODY, "tcs",
				 "gl_PointSize");
	glt_assert_compile_fails(GL_TESS_EVALUATION_SHADER_EXT, TS_HEAD TES_POINT_BODY, "tes",
				 "gl_PointSize");
	for (unsigned i = 0; i < 2; i++) {
		point_size_program(names[i]);
		patch_parameteri(GL_PATCH_VERTICES_EXT, 4);
		vertices(corners);
		gl.DrawArrays(GL_PATCHES_EXT, 0, 4);
		expect(GL_NO_ERROR);
		/* the corners at NDC -0.5 and 0.5: window 8 and 24 */
		glt_assert_square(4, 4, 8, 0, 255, 0);
		glt_assert_square(20, 20, 8, 0, 255, 0);
		glt_assert_square(20, 4, 8, 0, 255, 0);
	}
}
END_TEST

/* Two patches of 3 in one draw (a triangle domain, gl_PrimitiveID 0 and 1
 * in blue), index-drawn from one buffer of 4 vertices. */
START_TEST(two_triangle_patches)
{
	static const char tcs[] = TS_HEAD
		"layout(vertices = 3) out;\n"
		"in vec4 v_color[];\nout vec4 t_color[];\npatch out float p_blue;\n"
		"void main() {\n"
		"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
		"  t_color[gl_InvocationID] = v_color[gl_InvocationID];\n"
		"  gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0;\n"
		"  gl_TessLevelOuter[2] = 1.0; gl_TessLevelInner[0] = 1.0;\n"
		"  p_blue = float(gl_PrimitiveID);\n"
		"}\n";
	static const char tes[] = TS_HEAD
		"layout(triangles) in;\n"
		"in vec4 t_color[];\npatch in float p_blue;\nout vec4 e_color;\n"
		"void main() {\n"
		"  gl_Position = gl_TessCoord.x * gl_in[0].gl_Position +\n"
		"    gl_TessCoord.y * gl_in[1].gl_Position + gl_TessCoord.z * gl_in[2].gl_Position;\n"
		"  e_color = vec4(0.0, t_color[0].g, p_blue, 1.0);\n"
		"}\n";
	static const GLushort idx[] = { 0, 1, 3, 1, 2, 3 };
	GLuint p;

	if (!has_tess())
		return;
	p = program4(tcs, tes);
	patch_parameteri(GL_PATCH_VERTICES_EXT, 3);
	vertices(quad);
	gl.DrawElements(GL_PATCHES_EXT, 6, GL_UNSIGNED_SHORT, idx);
	expect(GL_NO_ERROR);
	glt_assert_pixel(4, 4, 0, 255, 0, 255);      /* lower left: patch 0 */
	glt_assert_pixel(27, 27, 0, 255, 255, 255);  /* upper right: patch 1 */
	gl.DeleteProgram(p);
}
END_TEST

/* Isolines: outer[0] = 4 lines at v = 0, 1/4, 2/4, 3/4 (never v = 1: the
 * top row stays clear), each of outer[1] segments; the rows between stay
 * clear. */
START_TEST(isolines)
{
	static const char tcs[] = TS_HEAD
		"layout(vertices = 4) out;\n"
		"in vec4 v_color[];\nout vec4 t_color[];\n"
		"void main() {\n"
		"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
		"  t_color[gl_InvocationID] = v_color[gl_InvocationID];\n"
		"  gl_TessLevelOuter[0] = 4.0; gl_TessLevelOuter[1] = 3.0;\n"
		"}\n";
	static const char tes[] = TS_HEAD
		"layout(isolines, equal_spacing) in;\n"
		"in vec4 t_color[];\nout vec4 e_color;\n"
		"void main() {\n"
		"  gl_Position = vec4(gl_TessCoord.x * 2.0 - 1.0,\n"
		"                     -0.75 + gl_TessCoord.y * 2.0 + 1.0 / 32.0, 0.0, 1.0);\n"
		"  e_color = t_color[2];\n"
		"}\n";
	GLuint p;

	if (!has_tess())
		return;
	p = program4(tcs, tes);
	patch_parameteri(GL_PATCH_VERTICES_EXT, 4);
	vertices(quad);
	gl.DrawArrays(GL_PATCHES_EXT, 0, 4);
	expect(GL_NO_ERROR);
	for (int row = 4; row < 32; row += 8) {
		glt_assert_pixel(16, row, 0, 255, 0, 255);
		glt_assert_pixel(16, row - 4, 0, 0, 0, 255);
	}
	gl.DeleteProgram(p);
}
END_TEST

/* GL_REFERENCED_BY_* of a resource (-1 if nothing was written). */
static GLint referenced(GLuint p, GLenum iface, const char *name, GLenum prop)
{
	GLuint i = xf.GetProgramResourceIndex(p, iface, name);
	GLint v = -1;

	xf.GetProgramResourceiv(p, iface, i, 1, &prop, 1, NULL, &v);
	return v;
}

/* An array of patch blocks with a struct member (dEQP's
 * program_interface_query patch_in.block_array cases): the control shader
 * writes the elements (one through a uniform index), the evaluation shader
 * reads them at constant indices; every fragment is yellow only where each
 * element reached its own place. */
START_TEST(patch_block_array)
{
	static const char tcs[] = TS_HEAD
		"#extension GL_EXT_shader_io_blocks : require\n"
		"layout(vertices = 4) out;\nuniform int u_one;\n"
		"struct S { vec4 v; };\npatch out P { S s; float f; } pb[2];\n"
		"void main() {\n"
		"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
		"  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = 1.0;\n"
		"  gl_TessLevelInner[0] = 1.0; gl_TessLevelInner[1] = 1.0;\n"
		"  pb[0].s.v = vec4(0.0, 0.0, 0.5, 0.0); pb[0].f = 1.0;\n"
		"  pb[u_one].s.v = vec4(0.0, 1.0, 0.0, 0.0); pb[1].f = -0.5;\n"
		"}\n";
	static const char tes[] = TS_HEAD
		"#extension GL_EXT_shader_io_blocks : require\n"
		"layout(quads) in;\n"
		"struct S { vec4 v; };\npatch in P { S s; float f; } pb[2];\nout vec4 e_color;\n"
		"void main() {\n"
		"  vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);\n"
		"  vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);\n"
		"  gl_Position = mix(a, b, gl_TessCoord.y);\n"
		"  e_color = vec4(pb[0].f, pb[1].s.v.g, pb[1].f + pb[0].s.v.b, 1.0);\n"
		"}\n";
	GLuint p;

	if (!has_tess())
		return;
	p = program4(tcs, tes);
	gl.Uniform1i(gl.GetUniformLocation(p, "u_one"), 1);
	patch_parameteri(GL_PATCH_VERTICES_EXT, 4);
	vertices(quad);
	gl.DrawArrays(GL_PATCHES_EXT, 0, 4);
	expect(GL_NO_ERROR);
	for (int y = 2; y < 32; y += 7)
		for (int x = 1; x < 32; x += 6)
			glt_assert_pixel(x, y, 255, 255, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* A uniform block read by the control shader (the levels) and a sampler by
 * the evaluation shader (the colour): their bindings reach both stages,
 * and the program interface says which stage references which. */
START_TEST(block_and_sampler_in_tessellation)
{
	static const char tcs[] = TS_HEAD
		"layout(vertices = 4) out;\n"
		"layout(std140) uniform L { vec4 levels; };\n"
		"in vec4 v_color[];\nout vec4 t_color[];\n"
		"void main() {\n"
		"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
		"  t_color[gl_InvocationID] = v_color[gl_InvocationID];\n"
		"  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = levels.x;\n"
		"  gl_TessLevelInner[0] = levels.x; gl_TessLevelInner[1] = levels.x;\n"
		"}\n";
	static const char tes[] = TS_HEAD
		"layout(quads) in;\n"
		"uniform highp sampler2D tex;\n"
		"in vec4 t_color[];\nout vec4 e_color;\n"
		"void main() {\n"
		"  vec4 a = mix(gl_in[0].gl_Position, gl_in[1].gl_Position, gl_TessCoord.x);\n"
		"  vec4 b = mix(gl_in[3].gl_Position, gl_in[2].gl_Position, gl_TessCoord.x);\n"
		"  gl_Position = mix(a, b, gl_TessCoord.y);\n"
		"  e_color = vec4(gl_TessCoord.x * gl_TessCoord.x, 0.0,\n"
		"                 textureLod(tex, vec2(0.5), 0.0).b, 1.0);\n"
		"}\n";
	static const uint8_t blue[4] = { 0, 0, 255, 255 };
	static const float levels[4] = { 4, 0, 0, 0 };
	GLuint p, t, b;

	if (!has_tess())
		return;
	p = program4(tcs, tes);
	t = glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, blue);
	gl.Uniform1i(gl.GetUniformLocation(p, "tex"), 0);
	b = glt_buffer(GL_UNIFORM_BUFFER, levels, sizeof(levels));
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 0, b);
	patch_parameteri(GL_PATCH_VERTICES_EXT, 4);
	vertices(quad);
	gl.DrawArrays(GL_PATCHES_EXT, 0, 4);
	expect(GL_NO_ERROR);
	for (int x = 0; x < 32; x++)
		glt_assert_pixel_near(x, 16, (const uint8_t[4]){ x_squared(x, 4), 0, 255, 255 }, 3);
	ck_assert_int_eq(referenced(p, GL_UNIFORM, "tex", GL_REFERENCED_BY_TESS_EVALUATION_SHADER_EXT), 1);
	ck_assert_int_eq(referenced(p, GL_UNIFORM, "tex", GL_REFERENCED_BY_TESS_CONTROL_SHADER_EXT), 0);
	ck_assert_int_eq(referenced(p, GL_UNIFORM_BLOCK, "L", GL_REFERENCED_BY_TESS_CONTROL_SHADER_EXT), 1);
	ck_assert_int_eq(referenced(p, GL_UNIFORM_BLOCK, "L", GL_REFERENCED_BY_TESS_EVALUATION_SHADER_EXT), 0);
	ck_assert_int_eq(referenced(p, GL_UNIFORM_BLOCK, "L", GL_REFERENCED_BY_VERTEX_SHADER), 0);
	ck_assert_int_eq(referenced(p, GL_PROGRAM_INPUT, "pos", GL_IS_PER_PATCH_EXT), 0);
	expect(GL_NO_ERROR);
	gl.DeleteBuffers(1, &b);
	gl.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* Transform feedback captures the evaluation shader's outputs, gl_Position
 * among them: a triangle patch at level 1 in point mode records its three
 * corners as points (gl_TessCoord in e_color: one coordinate 1, the others
 * 0; in gl_Position as (x, -y, 0.25, 1), recorded before the host's y fix). */
START_TEST(transform_feedback_of_evaluation_outputs)
{
	static const char tcs[] = TS_HEAD
		"layout(vertices = 3) out;\n"
		"in vec4 v_color[];\nout vec4 t_color[];\n"
		"void main() {\n"
		"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
		"  t_color[gl_InvocationID] = v_color[gl_InvocationID];\n"
		"  gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0;\n"
		"  gl_TessLevelOuter[2] = 1.0; gl_TessLevelInner[0] = 1.0;\n"
		"}\n";
	static const char tes[] = TS_HEAD
		"layout(triangles, point_mode) in;\n"
		"in vec4 t_color[];\nout vec4 e_color;\n"
		"void main() { gl_Position = vec4(gl_TessCoord.x, -gl_TessCoord.y, 0.25, 1.0);\n"
		"  e_color = vec4(gl_TessCoord, 1.0); }\n";
	const char *names[] = { "e_color", "gl_Position" };
	GLuint p, b, q, n = 0;
	const float *out;
	float sum[3] = { 0, 0, 0 };

	if (!has_tess())
		return;
	p = attach4(tcs, tes);
	xf.TransformFeedbackVaryings(p, 2, names, GL_INTERLEAVED_ATTRIBS);
	glt_link_and_use(p);
	patch_parameteri(GL_PATCH_VERTICES_EXT, 3);
	vertices(quad);
	b = glt_buffer(GL_TRANSFORM_FEEDBACK_BUFFER, NULL, 8 * 32);
	gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
	xf.GenQueries(1, &q);
	xf.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
	xf.BeginTransformFeedback(GL_POINTS);
	gl.DrawArrays(GL_PATCHES_EXT, 0, 3);
	xf.EndTransformFeedback();
	xf.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
	xf.GetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
	expect(GL_NO_ERROR);
	ck_assert_uint_eq(n, 3);
	out = gl.MapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 3 * 32, GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(out);
	for (int i = 0; i < 3; i++) {
		const float *c = out + 8 * i, *pos = c + 4;

		ck_assert(c[0] + c[1] + c[2] > 0.99f);
		ck_assert(c[3] == 1.0f);
		ck_assert_msg(pos[0] == c[0] && pos[1] == -c[1] && pos[2] == 0.25f && pos[3] == 1.0f,
			      "gl_Position (%g %g %g %g) for (%g %g)", pos[0], pos[1], pos[2], pos[3],
			      c[0], c[1]);
		for (int k = 0; k < 3; k++)
			sum[k] += c[k];
	}
	gl.UnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
	for (int c = 0; c < 3; c++)   /* each corner once */
		ck_assert(sum[c] > 0.99f && sum[c] < 1.01f);
	xf.DeleteQueries(1, &q);
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(p);
}
END_TEST

/* EXT_tessellation_shader §10.1.15: PATCH_VERTICES only, 1..MAX_PATCH_VERTICES. */
START_TEST(patch_parameter)
{
	GLint max;

	if (!has_tess())
		return;
	ck_assert_int_eq(glt_geti(GL_PATCH_VERTICES_EXT), 3);
	max = glt_geti(GL_MAX_PATCH_VERTICES_EXT);
	ck_assert_int_ge(max, 32);
	patch_parameteri(GL_PATCH_VERTICES_EXT, 0);
	expect(GL_INVALID_VALUE);
	patch_parameteri(GL_PATCH_VERTICES_EXT, -1);
	expect(GL_INVALID_VALUE);
	patch_parameteri(GL_PATCH_VERTICES_EXT, max + 1);
	expect(GL_INVALID_VALUE);
	patch_parameteri(GL_TESS_GEN_MODE_EXT, 4);
	expect(GL_INVALID_ENUM);
	ck_assert_int_eq(glt_geti(GL_PATCH_VERTICES_EXT), 3);
	patch_parameteri(GL_PATCH_VERTICES_EXT, max);
	expect(GL_NO_ERROR);
	ck_assert_int_eq(glt_geti(GL_PATCH_VERTICES_EXT), max);
}
END_TEST

/* §10.1.15 / 11.1.3.11: patches need a program that tessellates, and one
 * that tessellates takes patches only. */
START_TEST(draw_modes)
{
	GLuint p, plain;

	if (!has_tess())
		return;
	p = program4(tcs_quad, tes_quad);
	patch_parameteri(GL_PATCH_VERTICES_EXT, 4);
	vertices(quad);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	expect(GL_INVALID_OPERATION);
	gl.DrawArrays(GL_POINTS, 0, 4);
	expect(GL_INVALID_OPERATION);
	glt_assert_pixel(16, 16, 0, 0, 0, 255);
	plain = glt_program(vs, "#version 310 es\nprecision mediump float;\nin vec4 v_color;\n"
			    "out vec4 c;\nvoid main() { c = v_color; }\n");
	gl.UseProgram(plain);
	gl.DrawArrays(GL_PATCHES_EXT, 0, 4);
	expect(GL_INVALID_OPERATION);
	gl.DrawArrays(GL_PATCHES_EXT + 1, 0, 4);
	expect(GL_INVALID_ENUM);
	glt_assert_pixel(16, 16, 0, 0, 0, 255);
	gl.DeleteProgram(plain);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(program_queries)
{
	static const char tes[] = TS_HEAD
		"layout(isolines, fractional_odd_spacing, cw, point_mode) in;\n"
		"in vec4 t_color[];\nout vec4 e_color;\n"
		"void main() { gl_Position = gl_in[0].gl_Position; e_color = t_color[0]; }\n";
	GLuint p, plain;
	GLint v = -1;

	if (!has_tess())
		return;
	p = program4(tcs_quad, tes_quad);
	gl.GetProgramiv(p, GL_TESS_CONTROL_OUTPUT_VERTICES_EXT, &v);
	ck_assert_int_eq(v, 4);
	gl.GetProgramiv(p, GL_TESS_GEN_MODE_EXT, &v);
	ck_assert_int_eq(v, GL_QUADS_EXT);
	gl.GetProgramiv(p, GL_TESS_GEN_SPACING_EXT, &v);
	ck_assert_int_eq(v, GL_EQUAL);
	gl.GetProgramiv(p, GL_TESS_GEN_VERTEX_ORDER_EXT, &v);
	ck_assert_int_eq(v, GL_CCW);
	gl.GetProgramiv(p, GL_TESS_GEN_POINT_MODE_EXT, &v);
	ck_assert_int_eq(v, GL_FALSE);
	gl.GetProgramiv(p, GL_ATTACHED_SHADERS, &v);
	ck_assert_int_eq(v, 4);
	gl.DeleteProgram(p);
	p = program4(tcs_quad, tes);
	gl.GetProgramiv(p, GL_TESS_GEN_MODE_EXT, &v);
	ck_assert_int_eq(v, GL_ISOLINES_EXT);
	gl.GetProgramiv(p, GL_TESS_GEN_SPACING_EXT, &v);
	ck_assert_int_eq(v, GL_FRACTIONAL_ODD_EXT);
	gl.GetProgramiv(p, GL_TESS_GEN_VERTEX_ORDER_EXT, &v);
	ck_assert_int_eq(v, GL_CW);
	gl.GetProgramiv(p, GL_TESS_GEN_POINT_MODE_EXT, &v);
	ck_assert_int_eq(v, GL_TRUE);
	expect(GL_NO_ERROR);
	/* a program without tessellation: INVALID_OPERATION, nothing written */
	plain = glt_program(vs, "#version 310 es\nprecision mediump float;\nout vec4 c;\n"
			    "void main() { c = vec4(1.0); }\n");
	v = -7;
	gl.GetProgramiv(plain, GL_TESS_GEN_MODE_EXT, &v);
	expect(GL_INVALID_OPERATION);
	ck_assert_int_eq(v, -7);
	gl.DeleteProgram(plain);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(limits)
{
	if (!has_tess())
		return;
	ck_assert_int_ge(glt_geti(GL_MAX_TESS_GEN_LEVEL_EXT), 64);
	ck_assert_int_ge(glt_geti(GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS_EXT), 64);
	ck_assert_int_ge(glt_geti(GL_MAX_TESS_PATCH_COMPONENTS_EXT), 120);
	ck_assert_int_ge(glt_geti(GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS_EXT), 2048);
	ck_assert_int_ge(glt_geti(GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS_EXT), 64);
	ck_assert_int_ge(glt_geti(GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS_EXT), 1024);
	/* ES 3.2 table 21.45: blocks x block size / 4 + the default block's */
	ck_assert_int_eq(glt_geti(GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS_EXT),
			 glt_geti(GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS_EXT) *
			 (glt_geti(GL_MAX_UNIFORM_BLOCK_SIZE) / 4) +
			 glt_geti(GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS_EXT));
	expect(GL_NO_ERROR);
}
END_TEST

/* Link failures: one tessellation stage without the other, an evaluation
 * input no control output writes, a control shader without vertices. */
START_TEST(link_errors)
{
	static const char tes_unwritten[] = TS_HEAD
		"layout(triangles) in;\nin vec4 nowhere[];\nout vec4 e_color;\n"
		"void main() { e_color = nowhere[0]; gl_Position = vec4(0.0); }\n";
	static const char tcs_no_vertices[] = TS_HEAD
		"void main() { gl_TessLevelOuter[0] = 1.0; }\n";
	/* per-vertex outputs are written at [gl_InvocationID] only */
	static const char tcs_writes_other[] = TS_HEAD
		"layout(vertices = 4) out;\nout vec4 t_color[];\n"
		"void main() { t_color[1] = vec4(1.0); gl_TessLevelOuter[0] = 1.0; }\n";

	if (!has_tess())
		return;
	glt_assert_link_fails(attach4(tcs_quad, NULL), "evaluation");
	glt_assert_link_fails(attach4(NULL, tes_quad), "control");
	glt_assert_link_fails(attach4(tcs_quad, tes_unwritten), "nowhere");
	glt_assert_link_fails(attach4(tcs_no_vertices, tes_quad), "vertices");
	glt_assert_compile_fails(GL_TESS_CONTROL_SHADER_EXT, tcs_writes_other, "t_color[1] =",
				 "[gl_InvocationID] only");
}
END_TEST

/* A geometry shader after the evaluation shader: it reads the evaluation
 * outputs of its inputs' names and passes the triangles on with blue 1,
 * which only it writes (the red ramp still shows the tessellation). */
static const char gs_after_tes[] = "#version 310 es\n"
	"#extension GL_EXT_geometry_shader : require\n"
	"layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
	"in vec4 e_color[];\nout vec4 g_color;\n"
	"void main() {\n"
	"  for (int i = 0; i < 3; i++) {\n"
	"    gl_Position = gl_in[i].gl_Position;\n"
	"    g_color = vec4(e_color[i].rg, 1.0, 1.0); EmitVertex();\n"
	"  }\n"
	"}\n";

/* Transform feedback captures a geometry shader's outputs where one follows
 * tessellation (a whole array, as dEQP's program_interface_query
 * vertex_tess_geo_fragment cases name): a level-1 triangle patch in point
 * mode makes three points, each of which the geometry shader emits twice
 * with g_arr = { the sum of gl_TessCoord, 7 }; the capture records points,
 * so a capture in triangles is INVALID_OPERATION although the draw's
 * patches are not points. */
static const char tcs_level1[] = TS_HEAD
	"layout(vertices = 3) out;\n"
	"in vec4 v_color[];\nout vec4 t_color[];\n"
	"void main() {\n"
	"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
	"  t_color[gl_InvocationID] = v_color[gl_InvocationID];\n"
	"  gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0;\n"
	"  gl_TessLevelOuter[2] = 1.0; gl_TessLevelInner[0] = 1.0;\n"
	"}\n";
static const char tes_corners[] = TS_HEAD
	"layout(triangles, point_mode) in;\n"
	"in vec4 t_color[];\nout vec4 e_color;\n"
	"void main() { gl_Position = gl_in[0].gl_Position; e_color = vec4(gl_TessCoord, 1.0); }\n";

static GLuint xfb_geometry_program(void)
{
	static const char gs[] = "#version 310 es\n#extension GL_EXT_geometry_shader : require\n"
		"layout(points) in;\nlayout(points, max_vertices = 2) out;\n"
		"in vec4 e_color[];\nout float g_arr[2];\n"
		"void main() { for (int i = 0; i < 2; i++) {\n"
		"  gl_Position = gl_in[0].gl_Position;\n"
		"  g_arr[0] = e_color[0].x + e_color[0].y + e_color[0].z; g_arr[1] = 7.0;\n"
		"  EmitVertex(); } }\n";
	static const char gfs[] = "#version 310 es\nprecision mediump float;\nout vec4 c;\n"
		"void main() { c = vec4(1.0); }\n";
	const char *names[] = { "g_arr" };
	GLuint p = gl.CreateProgram();

	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, vs));
	gl.AttachShader(p, compiled(GL_TESS_CONTROL_SHADER_EXT, tcs_level1));
	gl.AttachShader(p, compiled(GL_TESS_EVALUATION_SHADER_EXT, tes_corners));
	gl.AttachShader(p, compiled(GL_GEOMETRY_SHADER_EXT, gs));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, gfs));
	xf.TransformFeedbackVaryings(p, 1, names, GL_INTERLEAVED_ATTRIBS);
	glt_link_and_use(p);
	return p;
}

static GLuint capture_patch(GLenum capture_mode)
{
	GLuint q, n = 0;

	xf.GenQueries(1, &q);
	xf.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
	xf.BeginTransformFeedback(capture_mode);
	gl.DrawArrays(GL_PATCHES_EXT, 0, 3);
	xf.EndTransformFeedback();
	xf.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
	xf.GetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
	xf.DeleteQueries(1, &q);
	return n;
}

START_TEST(transform_feedback_of_geometry_after_tessellation)
{
	GLuint p, b;
	const float *out;

	if (!has_tess() || !glt_has_extension("GL_EXT_geometry_shader"))
		return;
	p = xfb_geometry_program();
	patch_parameteri(GL_PATCH_VERTICES_EXT, 3);
	vertices(quad);
	b = glt_buffer(GL_TRANSFORM_FEEDBACK_BUFFER, NULL, 8 * 8);
	gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
	ck_assert_uint_eq(capture_patch(GL_TRIANGLES), 0);
	expect(GL_INVALID_OPERATION);
	ck_assert_uint_eq(capture_patch(GL_POINTS), 6);
	expect(GL_NO_ERROR);
	out = gl.MapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 6 * 8, GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(out);
	for (int i = 0; i < 6; i++) {
		ck_assert_msg(out[2 * i] > 0.99f && out[2 * i] < 1.01f, "g_arr[0] %g", out[2 * i]);
		ck_assert_msg(out[2 * i + 1] == 7.0f, "g_arr[1] %g", out[2 * i + 1]);
	}
	gl.UnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(geometry_after_tessellation)
{
	GLuint p;

	if (!has_tess() || !glt_has_extension("GL_EXT_geometry_shader"))
		return;
	p = gl.CreateProgram();
	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, vs));
	gl.AttachShader(p, compiled(GL_TESS_CONTROL_SHADER_EXT, tcs_quad));
	gl.AttachShader(p, compiled(GL_TESS_EVALUATION_SHADER_EXT, tes_quad));
	gl.AttachShader(p, compiled(GL_GEOMETRY_SHADER_EXT, gs_after_tes));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, "#version 310 es\n"
				    "precision mediump float;\nin vec4 g_color;\nout vec4 c;\n"
				    "void main() { c = g_color; }\n"));
	glt_link_and_use(p);
	patch_parameteri(GL_PATCH_VERTICES_EXT, 4);
	gl.Uniform1f(gl.GetUniformLocation(p, "u_level"), 4.0f);
	vertices(quad);
	gl.DrawArrays(GL_PATCHES_EXT, 0, 4);
	expect(GL_NO_ERROR);
	assert_row(16, 4, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- EXT/OES_primitive_bounding_box --------------------------------------------------- */

static const GLfloat bbox_initial[8] = { -1, -1, -1, 1, 1, 1, 1, 1 };

static void set_bbox(const char *name, const GLfloat *b)
{
	PFNGLPRIMITIVEBOUNDINGBOXOESPROC f = (PFNGLPRIMITIVEBOUNDINGBOXOESPROC)glt_proc(name);

	ck_assert_ptr_nonnull(f);
	f(b[0], b[1], b[2], b[3], b[4], b[5], b[6], b[7]);
}

/* The box through the three queries: exactly eight values, floats as set,
 * integers rounded, booleans non-zero. */
static void assert_bbox(const GLfloat *want)
{
	GLfloat f[9] = { [8] = 99.0f };
	GLint i[9] = { [8] = 99 };
	GLboolean b[9] = { [8] = 7 };

	gl.GetFloatv(GL_PRIMITIVE_BOUNDING_BOX_OES, f);
	gl.GetIntegerv(GL_PRIMITIVE_BOUNDING_BOX_OES, i);
	gl.GetBooleanv(GL_PRIMITIVE_BOUNDING_BOX_OES, b);
	expect(GL_NO_ERROR);
	for (int k = 0; k < 8; k++) {
		ck_assert_msg(f[k] == want[k], "box[%d] %g, want %g", k, f[k], want[k]);
		ck_assert_int_eq(i[k], (GLint)lroundf(want[k]));
		ck_assert_int_eq(b[k], want[k] != 0.0f);
	}
	ck_assert(f[8] == 99.0f && i[8] == 99 && b[8] == 7);
}

/* Listed where tessellation is, both names; the initial box, then boxes
 * set under either name (min above max is no error: the box is a hint). */
START_TEST(bounding_box_state)
{
	static const GLfloat a[8] = { -2, -3, -4, 0.5f, 2.5f, 3, 4, 1 };
	static const GLfloat b[8] = { 1, 1, 1, 1, -1, -1, -1, -1 };

	if (!has_tess()) {
		ck_assert(!glt_has_extension("GL_EXT_primitive_bounding_box"));
		return;
	}
	ck_assert(glt_has_extension("GL_EXT_primitive_bounding_box"));
	ck_assert(glt_has_extension("GL_OES_primitive_bounding_box"));
	assert_bbox(bbox_initial);
	set_bbox("glPrimitiveBoundingBoxEXT", a);
	assert_bbox(a);
	set_bbox("glPrimitiveBoundingBoxOES", b);
	assert_bbox(b);
}
END_TEST

/* The control shader's box (EXT and OES names): written, ignored, the quad
 * drawn as without it, even where the box is smaller than the patch. */
#define TCS_BOX(ext, name) TS_HEAD "#extension " ext " : require\n" \
	"layout(vertices = 4) out;\nuniform float u_level;\n" \
	"in vec4 v_color[];\nout vec4 t_color[];\npatch out float p_blue;\n" \
	"void main() {\n" \
	"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n" \
	"  t_color[gl_InvocationID] = v_color[gl_InvocationID];\n" \
	"  " name "[0] = vec4(-0.25, -0.25, 0.0, 1.0); " name "[1] = vec4(0.25, 0.25, 0.0, 1.0);\n" \
	"  for (int i = 0; i < 4; i++) gl_TessLevelOuter[i] = u_level;\n" \
	"  gl_TessLevelInner[0] = u_level; gl_TessLevelInner[1] = u_level;\n" \
	"  p_blue = 0.5;\n" \
	"}\n"

START_TEST(bounding_box_in_control_shader)
{
	static const char *const tcs[] = {
		TCS_BOX("GL_EXT_primitive_bounding_box", "gl_BoundingBoxEXT"),
		TCS_BOX("GL_OES_primitive_bounding_box", "gl_BoundingBoxOES"),
	};

	if (!has_tess())
		return;
	for (int k = 0; k < 2; k++) {
		GLuint p = program4(tcs[k], tes_quad);

		patch_parameteri(GL_PATCH_VERTICES_EXT, 4);
		gl.Uniform1f(gl.GetUniformLocation(p, "u_level"), 4.0f);
		vertices(quad);
		gl.DrawArrays(GL_PATCHES_EXT, 0, 4);
		expect(GL_NO_ERROR);
		assert_row(3, 4, 128);
		assert_row(28, 4, 128);
		gl.DeleteProgram(p);
	}
}
END_TEST

/* ES 3.0 lists neither name: the query is an unknown enum, the call refused. */
START_TEST(bounding_box_not_in_es30)
{
	GLfloat f[8];

	ck_assert(!glt_has_extension("GL_EXT_primitive_bounding_box"));
	ck_assert(!glt_has_extension("GL_OES_primitive_bounding_box"));
	gl.GetFloatv(GL_PRIMITIVE_BOUNDING_BOX_OES, f);
	expect(GL_INVALID_ENUM);
	set_bbox("glPrimitiveBoundingBoxEXT", bbox_initial);
	expect(GL_INVALID_OPERATION);
}
END_TEST

static void setup30(void)
{
	glt_setup_version(3, 0);
}

static Suite *tess_suite(void)
{
	Suite *s = suite_create("gl es31 tessellation");
	TCase *tc = tcase_create("tess");
	TCase *t30 = tcase_create("es 3.0");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, quad_tessellated);
	tcase_add_test(tc, two_triangle_patches);
	tcase_add_test(tc, isolines);
	tcase_add_test(tc, point_size_written);
	tcase_add_test(tc, block_and_sampler_in_tessellation);
	tcase_add_test(tc, patch_block_array);
	tcase_add_test(tc, transform_feedback_of_evaluation_outputs);
	tcase_add_test(tc, patch_parameter);
	tcase_add_test(tc, draw_modes);
	tcase_add_test(tc, program_queries);
	tcase_add_test(tc, limits);
	tcase_add_test(tc, link_errors);
	tcase_add_test(tc, geometry_after_tessellation);
	tcase_add_test(tc, transform_feedback_of_geometry_after_tessellation);
	tcase_add_test(tc, dynamic_indices);
	tcase_add_test(tc, control_reads_other_invocations);
	tcase_add_test(tc, bounding_box_state);
	tcase_add_test(tc, bounding_box_in_control_shader);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(t30, setup30, glt_teardown);
	tcase_add_test(t30, bounding_box_not_in_es30);
	suite_add_tcase(s, t30);
	return s;
}

int main(void)
{
	return glt_main(tess_suite);
}
