/* SPDX-License-Identifier: MIT */
/*
 * Program pipelines with geometry and tessellation stages (ES 3.1 with
 * EXT_geometry_shader and EXT_tessellation_shader): stages from several
 * separable programs drawn together (pixels read back), each stage's
 * uniforms set in its own program through glProgramUniform* (two programs
 * with a uniform of one name keep their values apart), a program of several
 * stages bound with all of them, stages re-bound between draws, and the
 * draws' validation errors (INVALID_OPERATION, GL_VALIDATE_STATUS 0 and a
 * log): one tessellation stage without the other, a program bound to some
 * of its stages, a program's stages with another's between them, a
 * geometry input no vertex output writes, a vertex output the geometry
 * program does not read or reads at another precision; interface blocks
 * through a geometry program. Each test passes trivially where
 * the host lacks either stage (the extensions are then not advertised).
 */
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#include <stdint.h>
#include <stdlib.h>

#include "gl_test_util.h"

static PFNGLPATCHPARAMETERIEXTPROC patch_parameteri;

#define SO_FUNCS(X) \
	X(CreateShaderProgramv, CREATESHADERPROGRAMV) X(ProgramParameteri, PROGRAMPARAMETERI) \
	X(GenProgramPipelines, GENPROGRAMPIPELINES) X(BindProgramPipeline, BINDPROGRAMPIPELINE) \
	X(UseProgramStages, USEPROGRAMSTAGES) X(DeleteProgramPipelines, DELETEPROGRAMPIPELINES) \
	X(GetProgramPipelineiv, GETPROGRAMPIPELINEIV) \
	X(ValidateProgramPipeline, VALIDATEPROGRAMPIPELINE) \
	X(ProgramUniform4f, PROGRAMUNIFORM4F) X(ActiveShaderProgram, ACTIVESHADERPROGRAM)

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

/* Every stage adds its program's u_color to the colour it passes on. */
static const char vs[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"uniform highp vec4 u_color;\n"
	"out highp vec4 v_color;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); v_color = u_color; }\n";
static const char gs[] = GS_HEAD
	"layout(triangles) in;\n"
	"layout(triangle_strip, max_vertices = 3) out;\n"
	"uniform highp vec4 u_color;\n"
	"in highp vec4 v_color[];\n"
	"out highp vec4 g_color;\n"
	"void main() {\n"
	"  for (int i = 0; i < 3; i++) {\n"
	"    gl_Position = gl_in[i].gl_Position; g_color = v_color[i] + u_color;\n"
	"    EmitVertex();\n"
	"  }\n"
	"}\n";
static const char tcs[] = TS_HEAD
	"layout(vertices = 3) out;\n"
	"in highp vec4 v_color[];\n"
	"out highp vec4 t_color[];\n"
	"void main() {\n"
	"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
	"  t_color[gl_InvocationID] = v_color[gl_InvocationID];\n"
	"  gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0;\n"
	"  gl_TessLevelOuter[2] = 1.0; gl_TessLevelInner[0] = 1.0;\n"
	"}\n";
static const char tes[] = TS_HEAD
	"layout(triangles) in;\n"
	"uniform highp vec4 u_color;\n"
	"in highp vec4 t_color[];\n"
	"out highp vec4 e_color;\n"
	"void main() {\n"
	"  gl_Position = gl_TessCoord.x * gl_in[0].gl_Position +\n"
	"                gl_TessCoord.y * gl_in[1].gl_Position +\n"
	"                gl_TessCoord.z * gl_in[2].gl_Position;\n"
	"  e_color = t_color[0] + u_color;\n"
	"}\n";
/* The fragment programs of each last stage's output. */
#define FS_OF(in) "#version 310 es\nprecision highp float;\n" \
	"uniform vec4 u_color;\nin vec4 " in ";\nout vec4 c;\n" \
	"void main() { c = " in " + u_color; }\n"
static const char fs_v[] = FS_OF("v_color");
static const char fs_g[] = FS_OF("g_color");
static const char fs_e[] = FS_OF("e_color");

static GLuint one_stage(GLenum type, const char *src)
{
	GLuint p = so.CreateShaderProgramv(type, 1, &src);
	GLint ok = 0;

	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_msg(ok, "separable program does not link:\n%s", src);
	return p;
}

/* A separable program of n stages linked together. */
static GLuint program_of(int n, const GLenum *types, const char *const *srcs)
{
	GLuint p = gl.CreateProgram();
	GLint ok = 0;

	for (int i = 0; i < n; i++) {
		GLuint sh = glt_compile(types[i], srcs[i], &ok);

		ck_assert_msg(ok, "shader does not compile:\n%s", srcs[i]);
		gl.AttachShader(p, sh);
		gl.DeleteShader(sh);
	}
	so.ProgramParameteri(p, GL_PROGRAM_SEPARABLE, GL_TRUE);
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_msg(ok, "separable program of %d stages does not link", n);
	return p;
}

static void color(GLuint p, float r, float g, float b, float a)
{
	GLint loc = gl.GetUniformLocation(p, "u_color");

	ck_assert_int_ge(loc, 0);
	so.ProgramUniform4f(p, loc, r, g, b, a);
	expect(GL_NO_ERROR);
}

static GLuint new_pipeline(void)
{
	GLuint pipe = 0;

	so.GenProgramPipelines(1, &pipe);
	so.BindProgramPipeline(pipe);
	gl.UseProgram(0);
	return pipe;
}

/* The window's two triangles drawn as `mode` (patches of 3 vertices). */
static void draw(GLenum mode)
{
	static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };

	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.EnableVertexAttribArray(0);
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	if (mode == GL_PATCHES_EXT)
		patch_parameteri(GL_PATCH_VERTICES_EXT, 3);
	gl.DrawArrays(mode, 0, 6);
}

static void assert_drawn(GLenum mode, uint8_t r, uint8_t g, uint8_t b)
{
	const uint8_t want[4] = { r, g, b, 255 };

	draw(mode);
	expect(GL_NO_ERROR);
	glt_assert_pixel_near(GLT_W / 2 + 3, GLT_H / 2 - 5, want, 2);
	glt_assert_pixel_near(1, 1, want, 2);
	glt_assert_pixel_near(GLT_W - 2, GLT_H - 2, want, 2);
}

/* The draw fails, and so does validation, with a log. */
static void assert_invalid(GLuint pipe, GLenum mode)
{
	GLint v = -1;

	draw(mode);
	expect(GL_INVALID_OPERATION);
	so.ValidateProgramPipeline(pipe);
	so.GetProgramPipelineiv(pipe, GL_VALIDATE_STATUS, &v);
	ck_assert_int_eq(v, 0);
	so.GetProgramPipelineiv(pipe, GL_INFO_LOG_LENGTH, &v);
	ck_assert_int_gt(v, 1);
	expect(GL_NO_ERROR);
}

static void delete_all(GLuint pipe, int n, const GLuint *progs)
{
	so.BindProgramPipeline(0);
	so.DeleteProgramPipelines(1, &pipe);
	for (int i = 0; i < n; i++)
		gl.DeleteProgram(progs[i]);
	expect(GL_NO_ERROR);
}

/* VS | GS | FS from three programs, each with its own u_color: merged,
 * one value would come three times. */
START_TEST(geometry_from_a_third_program)
{
	GLuint p[3], pipe;

	if (!has_both())
		return;
	p[0] = one_stage(GL_VERTEX_SHADER, vs);
	p[1] = one_stage(GL_GEOMETRY_SHADER_EXT, gs);
	p[2] = one_stage(GL_FRAGMENT_SHADER, fs_g);
	color(p[0], 1.0f, 0.0f, 0.0f, 0.0f);
	color(p[1], 0.0f, 0.0f, 1.0f, 0.0f);
	color(p[2], 0.0f, 0.0f, 0.0f, 1.0f);
	pipe = new_pipeline();
	so.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, p[0]);
	so.UseProgramStages(pipe, GL_GEOMETRY_SHADER_BIT_EXT, p[1]);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, p[2]);
	assert_drawn(GL_TRIANGLES, 255, 0, 255);
	/* a value set after the first draw reaches the next */
	color(p[1], 0.0f, 1.0f, 0.0f, 0.0f);
	assert_drawn(GL_TRIANGLES, 255, 255, 0);
	/* glUniform* without a current program: the active program's */
	so.ActiveShaderProgram(pipe, p[1]);
	gl.Uniform4f(gl.GetUniformLocation(p[1], "u_color"), 0.0f, 0.0f, 0.0f, 0.0f);
	expect(GL_NO_ERROR);
	assert_drawn(GL_TRIANGLES, 255, 0, 0);
	delete_all(pipe, 3, p);
}
END_TEST

/* VS + TCS + TES of one program (bound with its three stages), the
 * fragment stage of another. */
START_TEST(tessellation_program_and_fragment_program)
{
	static const GLenum types[3] = { GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER_EXT,
					 GL_TESS_EVALUATION_SHADER_EXT };
	static const char *const srcs[3] = { vs, tcs, tes };
	GLuint p[2], pipe;

	if (!has_both())
		return;
	p[0] = program_of(3, types, srcs);
	p[1] = one_stage(GL_FRAGMENT_SHADER, fs_e);
	color(p[0], 0.0f, 1.0f, 0.0f, 0.0f);  /* added by the VS and the TES */
	color(p[1], 0.0f, 0.0f, 1.0f, 1.0f);
	pipe = new_pipeline();
	so.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT | GL_TESS_CONTROL_SHADER_BIT_EXT |
			    GL_TESS_EVALUATION_SHADER_BIT_EXT, p[0]);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, p[1]);
	/* green twice from one value: (0, 2, 0) + (0, 0, 1) */
	assert_drawn(GL_PATCHES_EXT, 0, 255, 255);
	color(p[0], 0.25f, 0.0f, 0.0f, 0.0f);
	assert_drawn(GL_PATCHES_EXT, 128, 0, 255);
	/* tessellation needs patches (the link's own draw check) */
	draw(GL_TRIANGLES);
	expect(GL_INVALID_OPERATION);
	/* bound with some of its stages only */
	so.UseProgramStages(pipe, GL_TESS_EVALUATION_SHADER_BIT_EXT, 0);
	assert_invalid(pipe, GL_PATCHES_EXT);
	delete_all(pipe, 2, p);
}
END_TEST

/* A program of all five stages bound with GL_ALL_SHADER_BITS draws as it
 * does with glUseProgram; with the fragment stage another program's, not. */
START_TEST(program_of_five_stages)
{
	static const GLenum types[5] = { GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER_EXT,
					 GL_TESS_EVALUATION_SHADER_EXT, GL_GEOMETRY_SHADER_EXT,
					 GL_FRAGMENT_SHADER };
	static const char gs_e[] = GS_HEAD
		"layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
		"in highp vec4 e_color[];\nout highp vec4 g_color;\n"
		"void main() { for (int i = 0; i < 3; i++) {\n"
		"  gl_Position = gl_in[i].gl_Position; g_color = e_color[i]; EmitVertex(); } }\n";
	static const char *const srcs[5] = { vs, tcs, tes, gs_e, fs_g };
	GLuint p[2], pipe;

	if (!has_both())
		return;
	p[0] = program_of(5, types, srcs);
	p[1] = one_stage(GL_FRAGMENT_SHADER, fs_g);
	/* the VS, the TES and the FS each add it */
	color(p[0], 0.25f, 0.0f, 0.0f, 0.5f);
	color(p[1], 0.0f, 0.0f, 1.0f, 1.0f);
	pipe = new_pipeline();
	so.UseProgramStages(pipe, GL_ALL_SHADER_BITS, p[0]);
	assert_drawn(GL_PATCHES_EXT, 191, 0, 0);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, p[1]);
	assert_invalid(pipe, GL_PATCHES_EXT);
	delete_all(pipe, 2, p);
}
END_TEST

/* Stages added and taken away between draws: each draw runs the stages
 * bound then. */
START_TEST(stages_rebound_between_draws)
{
	GLuint p[4], pipe;

	if (!has_both())
		return;
	p[0] = one_stage(GL_VERTEX_SHADER, vs);
	p[1] = one_stage(GL_GEOMETRY_SHADER_EXT, gs);
	p[2] = one_stage(GL_FRAGMENT_SHADER, fs_v);
	p[3] = one_stage(GL_FRAGMENT_SHADER, fs_g);
	color(p[0], 1.0f, 0.0f, 0.0f, 1.0f);
	color(p[1], 0.0f, 1.0f, 0.0f, 0.0f);
	color(p[2], 0.0f, 0.0f, 0.0f, 0.0f);
	color(p[3], 0.0f, 0.0f, 1.0f, 0.0f);
	pipe = new_pipeline();
	so.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, p[0]);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, p[2]);
	assert_drawn(GL_TRIANGLES, 255, 0, 0);
	so.UseProgramStages(pipe, GL_GEOMETRY_SHADER_BIT_EXT, p[1]);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, p[3]);
	assert_drawn(GL_TRIANGLES, 255, 255, 255);
	so.UseProgramStages(pipe, GL_GEOMETRY_SHADER_BIT_EXT, 0);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, p[2]);
	assert_drawn(GL_TRIANGLES, 255, 0, 0);
	/* the fragment program of g_color without the geometry stage */
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, p[3]);
	assert_invalid(pipe, GL_TRIANGLES);
	delete_all(pipe, 4, p);
}
END_TEST

/* ES has no default tessellation levels: one tessellation stage without
 * the other is invalid; the two from separate programs are valid. */
START_TEST(tessellation_stages_go_together)
{
	GLuint p[4], pipe;

	if (!has_both())
		return;
	p[0] = one_stage(GL_VERTEX_SHADER, vs);
	p[1] = one_stage(GL_TESS_CONTROL_SHADER_EXT, tcs);
	p[2] = one_stage(GL_FRAGMENT_SHADER, fs_e);
	p[3] = one_stage(GL_TESS_EVALUATION_SHADER_EXT, tes);
	pipe = new_pipeline();
	so.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, p[0]);
	so.UseProgramStages(pipe, GL_TESS_CONTROL_SHADER_BIT_EXT, p[1]);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, p[2]);
	assert_invalid(pipe, GL_PATCHES_EXT);
	so.UseProgramStages(pipe, GL_TESS_CONTROL_SHADER_BIT_EXT, 0);
	so.UseProgramStages(pipe, GL_TESS_EVALUATION_SHADER_BIT_EXT, p[3]);
	assert_invalid(pipe, GL_PATCHES_EXT);
	so.UseProgramStages(pipe, GL_TESS_CONTROL_SHADER_BIT_EXT, p[1]);
	color(p[0], 0.0f, 1.0f, 0.0f, 1.0f);
	color(p[3], 0.0f, 0.0f, 0.0f, 0.0f);
	color(p[2], 1.0f, 0.0f, 0.0f, 0.0f);
	assert_drawn(GL_PATCHES_EXT, 255, 255, 0);
	delete_all(pipe, 4, p);
}
END_TEST

/* ES 3.2 11.1.3.11: a program's stages with another program's between
 * them; a geometry input no vertex output writes (7.4.1). */
START_TEST(interleaved_and_mismatched)
{
	static const GLenum vg[2] = { GL_VERTEX_SHADER, GL_GEOMETRY_SHADER_EXT };
	static const char *const vg_src[2] = { vs, gs };
	static const char gs_other[] = GS_HEAD
		"layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
		"in highp vec4 x_color[];\nout highp vec4 g_color;\n"
		"void main() { for (int i = 0; i < 3; i++) {\n"
		"  gl_Position = gl_in[i].gl_Position; g_color = x_color[i]; EmitVertex(); } }\n";
	GLuint p[6], pipe;

	if (!has_both())
		return;
	p[0] = program_of(2, vg, vg_src);
	p[1] = one_stage(GL_TESS_CONTROL_SHADER_EXT, tcs);
	p[2] = one_stage(GL_TESS_EVALUATION_SHADER_EXT, tes);
	p[3] = one_stage(GL_FRAGMENT_SHADER, fs_g);
	p[4] = one_stage(GL_VERTEX_SHADER, vs);
	p[5] = one_stage(GL_GEOMETRY_SHADER_EXT, gs_other);
	pipe = new_pipeline();
	so.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT | GL_GEOMETRY_SHADER_BIT_EXT, p[0]);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, p[3]);
	color(p[0], 0.5f, 0.0f, 0.0f, 0.5f);
	color(p[3], 0.0f, 0.0f, 1.0f, 0.0f);
	assert_drawn(GL_TRIANGLES, 255, 0, 255);
	so.UseProgramStages(pipe, GL_TESS_CONTROL_SHADER_BIT_EXT, p[1]);
	so.UseProgramStages(pipe, GL_TESS_EVALUATION_SHADER_BIT_EXT, p[2]);
	assert_invalid(pipe, GL_PATCHES_EXT);
	so.UseProgramStages(pipe, GL_ALL_SHADER_BITS, 0);
	so.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, p[4]);
	so.UseProgramStages(pipe, GL_GEOMETRY_SHADER_BIT_EXT, p[5]);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, p[3]);
	assert_invalid(pipe, GL_TRIANGLES);
	delete_all(pipe, 6, p);
}
END_TEST

/* Interface blocks between three programs: the vertex program's output
 * block is read by the geometry program, not by the fragment program. */
START_TEST(blocks_through_a_geometry_program)
{
#define IOB "#extension GL_EXT_shader_io_blocks : require\n"
	static const char v[] = "#version 310 es\n" IOB
		"layout(location = 0) in vec2 pos;\nout V { highp vec4 c; } vb;\n"
		"void main() { gl_Position = vec4(pos, 0.0, 1.0); vb.c = vec4(0.0, 1.0, 0.0, 1.0); }\n";
	static const char g[] = GS_HEAD IOB
		"layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
		"in V { highp vec4 c; } vb[];\nout G { highp vec4 c; } gb;\n"
		"void main() { for (int i = 0; i < 3; i++) {\n"
		"  gl_Position = gl_in[i].gl_Position; gb.c = vb[i].c + vec4(1.0, 0.0, 0.0, 0.0);\n"
		"  EmitVertex(); } }\n";
	static const char f[] = "#version 310 es\n" IOB "precision highp float;\n"
		"in G { highp vec4 c; } gb;\nout vec4 o;\nvoid main() { o = gb.c; }\n";
#undef IOB
	GLuint p[3], pipe;

	if (!has_both())
		return;
	p[0] = one_stage(GL_VERTEX_SHADER, v);
	p[1] = one_stage(GL_GEOMETRY_SHADER_EXT, g);
	p[2] = one_stage(GL_FRAGMENT_SHADER, f);
	pipe = new_pipeline();
	so.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, p[0]);
	so.UseProgramStages(pipe, GL_GEOMETRY_SHADER_BIT_EXT, p[1]);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, p[2]);
	assert_drawn(GL_TRIANGLES, 255, 255, 0);
	delete_all(pipe, 3, p);
}
END_TEST

/* ES 3.1 7.4.1: between the vertex and geometry programs the interface
 * matches exactly: a vertex output the geometry program does not read, or
 * one of another precision, fails validation. */
START_TEST(geometry_interface_exact)
{
	static const char vs_extra[] = "#version 310 es\n"
		"layout(location = 0) in vec2 pos;\n"
		"out highp vec4 v_color;\nout highp vec4 v_unread;\n"
		"void main() { gl_Position = vec4(pos, 0.0, 1.0); v_color = vec4(1.0);\n"
		"  v_unread = vec4(0.0); }\n";
	static const char gs_mediump[] = GS_HEAD
		"layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
		"in mediump vec4 v_color[];\nout highp vec4 g_color;\n"
		"void main() { for (int i = 0; i < 3; i++) {\n"
		"  gl_Position = gl_in[i].gl_Position; g_color = v_color[i]; EmitVertex(); } }\n";
	GLuint p[5], pipe;

	if (!has_both())
		return;
	p[0] = one_stage(GL_VERTEX_SHADER, vs);
	p[1] = one_stage(GL_GEOMETRY_SHADER_EXT, gs);
	p[2] = one_stage(GL_FRAGMENT_SHADER, fs_g);
	p[3] = one_stage(GL_VERTEX_SHADER, vs_extra);
	p[4] = one_stage(GL_GEOMETRY_SHADER_EXT, gs_mediump);
	color(p[0], 1.0f, 0.0f, 0.0f, 1.0f);
	color(p[1], 0.0f, 0.0f, 0.0f, 0.0f);
	color(p[2], 0.0f, 0.0f, 0.0f, 0.0f);
	pipe = new_pipeline();
	so.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, p[0]);
	so.UseProgramStages(pipe, GL_GEOMETRY_SHADER_BIT_EXT, p[1]);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, p[2]);
	assert_drawn(GL_TRIANGLES, 255, 0, 0);
	so.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, p[3]);
	assert_invalid(pipe, GL_TRIANGLES);
	so.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, p[0]);
	so.UseProgramStages(pipe, GL_GEOMETRY_SHADER_BIT_EXT, p[4]);
	assert_invalid(pipe, GL_TRIANGLES);
	delete_all(pipe, 5, p);
}
END_TEST

static Suite *pipeline_stages_suite(void)
{
	Suite *s = suite_create("gl es31 pipeline stages");
	TCase *tc = tcase_create("pipelines");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, geometry_from_a_third_program);
	tcase_add_test(tc, tessellation_program_and_fragment_program);
	tcase_add_test(tc, program_of_five_stages);
	tcase_add_test(tc, stages_rebound_between_draws);
	tcase_add_test(tc, tessellation_stages_go_together);
	tcase_add_test(tc, interleaved_and_mismatched);
	tcase_add_test(tc, blocks_through_a_geometry_program);
	tcase_add_test(tc, geometry_interface_exact);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(pipeline_stages_suite);
}
