/* SPDX-License-Identifier: MIT */
/*
 * A geometry shader after the tessellation stages in one program (VS ->
 * TCS -> TES -> GS -> FS) on ES 3.1 development contexts
 * (VIRTGL_DEV_ES31=1): drawn on the host with pixels read back (the
 * geometry shader reads the evaluation outputs and gl_in[].gl_Position and
 * changes both), the draw's primitive check (the tessellation output against
 * the geometry input: INVALID_OPERATION when they differ), the program
 * queries of both stages, and the link errors (a geometry input no
 * evaluation output writes). Each test passes trivially where the host
 * lacks either stage (the extensions are then not advertised).
 */
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#include <stdint.h>
#include <stdlib.h>

#include "gl_test_util.h"

static PFNGLPATCHPARAMETERIEXTPROC patch_parameteri;

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

static void setup(void)
{
	glt_setup_version(3, 1);
	patch_parameteri = (PFNGLPATCHPARAMETERIEXTPROC)glt_proc("glPatchParameteriEXT");
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

static GLuint attach5(const char *tes, const char *gs)
{
	GLuint p = gl.CreateProgram();

	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, vs));
	gl.AttachShader(p, compiled(GL_TESS_CONTROL_SHADER_EXT, tcs));
	gl.AttachShader(p, compiled(GL_TESS_EVALUATION_SHADER_EXT, tes));
	gl.AttachShader(p, compiled(GL_GEOMETRY_SHADER_EXT, gs));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, fs));
	return p;
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
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	/* development only: ES 3.1 is incomplete and not advertised */
	setenv("VIRTGL_DEV_ES31", "1", 1);
	return glt_main(tess_geometry_suite);
}
