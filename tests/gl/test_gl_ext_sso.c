/* SPDX-License-Identifier: MIT */
/*
 * GL_EXT_separate_shader_objects: ES 3.1's program pipelines in ES 2.0 and
 * 3.0 contexts under EXT names. The extension is listed; two
 * glCreateShaderProgramvEXT programs draw through a pipeline (pixels read
 * back), glProgramUniform4fEXT and the active program change the colour,
 * GLSL ES 3.00 varyings match by location under the #extension, and the
 * spec's errors (the ES 3.1 stages and pnames stay out of ES 2.0/3.0).
 */
#include <GLES3/gl3.h>
#define GL_GLEXT_PROTOTYPES
#include <GLES2/gl2ext.h>
#include <string.h>

#include "gl_test_util.h"

/* ES 3.1's tokens, which ES 2.0/3.0 refuse (<GLES3/gl31.h>'s values) */
#define ES31_COMPUTE_SHADER_BIT 0x00000020
#define ES31_COMPUTE_SHADER 0x91B9

/* An EXT entry point by name with its prototype's type (<GLES2/gl2ext.h>). */
#define X(n) ((__typeof__(&gl##n##EXT))glt_proc("gl" #n "EXT"))

static void setup_es2(void)
{
	glt_setup_version(2, 0);
}

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

/* GLSL ES 1.00: the window quad's position, a colour from a uniform */
static const char vs100[] = "attribute vec2 pos;\n"
	"uniform vec4 u_color;\n"
	"varying mediump vec4 v_color;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); v_color = u_color; }\n";
static const char fs100[] = "precision mediump float;\n"
	"varying vec4 v_color;\n"
	"uniform vec4 u_scale;\n"
	"void main() { gl_FragColor = v_color * u_scale; }\n";

/* A separable program of one shader (glCreateShaderProgramvEXT); asserts
 * that it linked. */
static GLuint one_stage(GLenum type, const char *src)
{
	GLuint p = X(CreateShaderProgramv)(type, 1, &src);
	GLint ok = 0;
	char log[512] = "";

	ck_assert_uint_ne(p, 0);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
	ck_assert_msg(ok, "link failed: %s", log);
	return p;
}

static GLuint pipeline(GLuint vsp, GLuint fsp)
{
	GLuint pipe = 0;

	X(GenProgramPipelines)(1, &pipe);
	X(UseProgramStages)(pipe, GL_VERTEX_SHADER_BIT_EXT, vsp);
	X(UseProgramStages)(pipe, GL_FRAGMENT_SHADER_BIT_EXT, fsp);
	X(BindProgramPipeline)(pipe);
	expect(GL_NO_ERROR);
	return pipe;
}

static void set4(GLuint p, const char *name, float x, float y, float z, float w)
{
	GLint loc = gl.GetUniformLocation(p, name);

	ck_assert_int_ge(loc, 0);
	X(ProgramUniform4f)(p, loc, x, y, z, w);
	expect(GL_NO_ERROR);
}

static void assert_window(uint8_t r, uint8_t g, uint8_t b)
{
	const uint8_t want[4] = { r, g, b, 255 };

	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_draw_window();
	expect(GL_NO_ERROR);
	glt_assert_pixel_near(GLT_W / 2, GLT_H / 2, want, 2);
	glt_assert_pixel_near(1, 1, want, 2);
}

static GLint pipeline_iv(GLuint pipe, GLenum pname)
{
	GLint v = -1;

	X(GetProgramPipelineiv)(pipe, pname, &v);
	expect(GL_NO_ERROR);
	return v;
}

START_TEST(listed)
{
	ck_assert(glt_has_extension("GL_EXT_separate_shader_objects"));
}
END_TEST

START_TEST(es2_pipeline_draws)
{
	GLuint vsp = one_stage(GL_VERTEX_SHADER, vs100), fsp = one_stage(GL_FRAGMENT_SHADER, fs100);
	GLuint pipe = pipeline(vsp, fsp);
	GLint sep = 0;

	gl.GetProgramiv(vsp, GL_PROGRAM_SEPARABLE_EXT, &sep);
	ck_assert_int_eq(sep, GL_TRUE);
	ck_assert_int_eq(glt_geti(GL_PROGRAM_PIPELINE_BINDING_EXT), (GLint)pipe);
	ck_assert(X(IsProgramPipeline)(pipe));
	set4(vsp, "u_color", 1.0f, 0.5f, 0.0f, 1.0f);
	set4(fsp, "u_scale", 0.0f, 1.0f, 1.0f, 1.0f);
	assert_window(0, 128, 0);
	/* glProgramUniform4fEXT changes the colour of the next draw */
	set4(fsp, "u_scale", 1.0f, 0.0f, 0.0f, 1.0f);
	assert_window(255, 0, 0);
	X(ValidateProgramPipeline)(pipe);
	ck_assert_int_eq(pipeline_iv(pipe, GL_VALIDATE_STATUS), GL_TRUE);
	ck_assert_int_eq(pipeline_iv(pipe, GL_VERTEX_SHADER), (GLint)vsp);
	ck_assert_int_eq(pipeline_iv(pipe, GL_FRAGMENT_SHADER), (GLint)fsp);
	X(DeleteProgramPipelines)(1, &pipe);
	ck_assert(!X(IsProgramPipeline)(pipe));
	ck_assert_int_eq(glt_geti(GL_PROGRAM_PIPELINE_BINDING_EXT), 0);
}
END_TEST

/* glUniform* without a current program writes the active program's */
START_TEST(es2_active_program_uniforms)
{
	GLuint vsp = one_stage(GL_VERTEX_SHADER, vs100), fsp = one_stage(GL_FRAGMENT_SHADER, fs100);
	GLuint pipe = pipeline(vsp, fsp);

	set4(fsp, "u_scale", 1.0f, 1.0f, 1.0f, 1.0f);
	X(ActiveShaderProgram)(pipe, vsp);
	ck_assert_int_eq(pipeline_iv(pipe, GL_ACTIVE_PROGRAM_EXT), (GLint)vsp);
	gl.Uniform4f(gl.GetUniformLocation(vsp, "u_color"), 0.0f, 0.0f, 1.0f, 1.0f);
	expect(GL_NO_ERROR);
	assert_window(0, 0, 255);
}
END_TEST

/* glProgramParameteriEXT(PROGRAM_SEPARABLE): a program linked from one
 * shader joins a pipeline as glCreateShaderProgramvEXT's do */
START_TEST(es2_separable_parameter)
{
	GLuint vsp = one_stage(GL_VERTEX_SHADER, vs100), fsp = gl.CreateProgram();
	GLint compiled = 0;
	GLuint fs = glt_compile(GL_FRAGMENT_SHADER, fs100, &compiled);

	ck_assert(compiled);
	X(ProgramParameteri)(fsp, GL_PROGRAM_SEPARABLE_EXT, GL_TRUE);
	gl.AttachShader(fsp, fs);
	gl.LinkProgram(fsp);
	expect(GL_NO_ERROR);
	pipeline(vsp, fsp);
	set4(vsp, "u_color", 1.0f, 1.0f, 0.0f, 1.0f);
	set4(fsp, "u_scale", 1.0f, 1.0f, 1.0f, 1.0f);
	assert_window(255, 255, 0);
}
END_TEST

/* GLSL ES 3.00: the vertex program's outputs reach the fragment program's
 * inputs of their locations, whatever their names and order */
static const char vs300_located[] = "#version 300 es\n"
	"#extension GL_EXT_separate_shader_objects : enable\n"
	"in vec2 pos;\n"
	"layout(location = 1) out mediump vec4 v_green;\n"
	"layout(location = 0) out mediump vec4 v_red;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0);\n"
	"  v_red = vec4(1.0, 0.0, 0.0, 1.0); v_green = vec4(0.0, 1.0, 0.0, 1.0); }\n";
static const char fs300_located[] = "#version 300 es\n"
	"#extension GL_EXT_separate_shader_objects : require\n"
	"precision mediump float;\n"
	"layout(location = 0) in vec4 a;\n"
	"layout(location = 1) in vec4 b;\n"
	"uniform vec4 u_pick;\n"
	"out vec4 c;\n"
	"void main() { c = a * u_pick.x + b * u_pick.y; }\n";

START_TEST(es3_locations_match)
{
	GLuint vsp = one_stage(GL_VERTEX_SHADER, vs300_located);
	GLuint fsp = one_stage(GL_FRAGMENT_SHADER, fs300_located);

	ck_assert(glt_has_extension("GL_EXT_separate_shader_objects"));
	pipeline(vsp, fsp);
	set4(fsp, "u_pick", 1.0f, 0.0f, 0.0f, 0.0f);
	assert_window(255, 0, 0);
	set4(fsp, "u_pick", 0.0f, 1.0f, 0.0f, 0.0f);
	assert_window(0, 255, 0);
}
END_TEST

/* Without the #extension a 3.00 varying takes no location. */
START_TEST(es3_location_needs_extension)
{
	glt_assert_compile_fails(GL_VERTEX_SHADER,
				 "#version 300 es\nlayout(location = 0) out vec4 v;\n"
				 "void main() { gl_Position = v = vec4(0.0); }\n",
				 "varying location", "'location'");
}
END_TEST

START_TEST(es3_errors)
{
	GLuint vsp = one_stage(GL_VERTEX_SHADER, vs100), plain = glt_program(vs100, fs100);
	GLuint pipe = 0;
	GLint v;

	X(GenProgramPipelines)(1, &pipe);
	/* a program linked without PROGRAM_SEPARABLE */
	X(UseProgramStages)(pipe, GL_VERTEX_SHADER_BIT_EXT, plain);
	expect(GL_INVALID_OPERATION);
	/* ES 3.1's compute bit and pname are not the extension's */
	X(UseProgramStages)(pipe, ES31_COMPUTE_SHADER_BIT, vsp);
	expect(GL_INVALID_VALUE);
	X(GetProgramPipelineiv)(pipe, ES31_COMPUTE_SHADER, &v);
	expect(GL_INVALID_ENUM);
	/* a name glGenProgramPipelinesEXT did not give */
	X(BindProgramPipeline)(pipe + 7);
	expect(GL_INVALID_OPERATION);
	X(ProgramParameteri)(vsp, GL_PROGRAM_SEPARABLE_EXT, 2);
	expect(GL_INVALID_VALUE);
	X(ProgramUniform4f)(vsp, gl.GetUniformLocation(vsp, "u_color") + 100, 0, 0, 0, 0);
	expect(GL_INVALID_OPERATION);
	/* a pipeline without a fragment program does not draw */
	X(UseProgramStages)(pipe, GL_VERTEX_SHADER_BIT_EXT, vsp);
	X(BindProgramPipeline)(pipe);
	gl.UseProgram(0);
	glt_draw_window();
	expect(GL_INVALID_OPERATION);
	X(ValidateProgramPipeline)(pipe);
	ck_assert_int_eq(pipeline_iv(pipe, GL_VALIDATE_STATUS), GL_FALSE);
	ck_assert_int_gt(pipeline_iv(pipe, GL_INFO_LOG_LENGTH), 1);
}
END_TEST

static Suite *sso_suite(void)
{
	Suite *s = suite_create("gl EXT_separate_shader_objects");
	TCase *es2 = tcase_create("es2"), *es3 = tcase_create("es3");

	tcase_add_checked_fixture(es2, setup_es2, glt_teardown);
	tcase_set_timeout(es2, 120);
	tcase_add_test(es2, listed);
	tcase_add_test(es2, es2_pipeline_draws);
	tcase_add_test(es2, es2_active_program_uniforms);
	tcase_add_test(es2, es2_separable_parameter);
	suite_add_tcase(s, es2);
	tcase_add_checked_fixture(es3, glt_setup, glt_teardown);
	tcase_set_timeout(es3, 120);
	tcase_add_test(es3, es3_locations_match);
	tcase_add_test(es3, es3_location_needs_extension);
	tcase_add_test(es3, es3_errors);
	suite_add_tcase(s, es3);
	return s;
}

int main(void)
{
	return glt_main(sso_suite);
}
