/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 separable programs and program pipelines:
 * programs of one stage from glCreateShaderProgramv and
 * GL_PROGRAM_SEPARABLE, pipelines drawing with their stages when no
 * program is current (pixels read back), uniforms through
 * glProgramUniform* and the active program, stages swapped between draws,
 * a compute stage dispatched, the pipeline's state and validation, and the
 * spec's errors.
 */
#include <GLES3/gl31.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define SSO_FUNCS(X) \
	X(CreateShaderProgramv, CREATESHADERPROGRAMV) X(ProgramParameteri, PROGRAMPARAMETERI) \
	X(GenProgramPipelines, GENPROGRAMPIPELINES) X(BindProgramPipeline, BINDPROGRAMPIPELINE) \
	X(DeleteProgramPipelines, DELETEPROGRAMPIPELINES) X(IsProgramPipeline, ISPROGRAMPIPELINE) \
	X(UseProgramStages, USEPROGRAMSTAGES) X(ActiveShaderProgram, ACTIVESHADERPROGRAM) \
	X(ValidateProgramPipeline, VALIDATEPROGRAMPIPELINE) \
	X(GetProgramPipelineiv, GETPROGRAMPIPELINEIV) \
	X(GetProgramPipelineInfoLog, GETPROGRAMPIPELINEINFOLOG) \
	X(ProgramUniform4f, PROGRAMUNIFORM4F) X(ProgramUniform1ui, PROGRAMUNIFORM1UI) \
	X(ProgramUniformMatrix2fv, PROGRAMUNIFORMMATRIX2FV) \
	X(GetProgramInterfaceiv, GETPROGRAMINTERFACEIV) \
	X(GetProgramResourceIndex, GETPROGRAMRESOURCEINDEX) \
	X(GetProgramResourceLocation, GETPROGRAMRESOURCELOCATION) \
	X(GetProgramResourceiv, GETPROGRAMRESOURCEIV) \
	X(DispatchCompute, DISPATCHCOMPUTE) X(MemoryBarrier, MEMORYBARRIER) \
	X(IsProgram, ISPROGRAM)

#define SSO_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	SSO_FUNCS(SSO_MEMBER)
} so;
#undef SSO_MEMBER

static void setup(void)
{
	glt_setup_version(3, 1);
#define SSO_LOAD(n, N) so.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	SSO_FUNCS(SSO_LOAD)
#undef SSO_LOAD
}

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

static const char vs[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"uniform vec4 u_color;\n"
	"out mediump vec4 v_color;   /* the fragment programs' precision (ES 3.1 7.4.1) */\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); v_color = u_color; }\n";
static const char fs_scale[] = "#version 310 es\n"
	"precision mediump float;\n"
	"in vec4 v_color;\n"
	"uniform vec4 u_scale;\n"
	"out vec4 c;\n"
	"void main() { c = v_color * u_scale; }\n";
/* It reads v_color (times 0): every output of the vertex program needs
 * its input (ES 3.1 7.4.1's exact match). */
static const char fs_const[] = "#version 310 es\n"
	"precision mediump float;\n"
	"in vec4 v_color;\n"
	"uniform vec4 u_const;\n"
	"out vec4 c;\n"
	"void main() { c = u_const + 0.0 * v_color; }\n";

/* A separable program of one shader; asserts that it linked. */
static GLuint one_stage(GLenum type, const char *src)
{
	GLuint p = so.CreateShaderProgramv(type, 1, &src);
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

	so.GenProgramPipelines(1, &pipe);
	so.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vsp);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fsp);
	so.BindProgramPipeline(pipe);
	return pipe;
}

static void set4(GLuint p, const char *name, float x, float y, float z, float w)
{
	GLint loc = gl.GetUniformLocation(p, name);

	ck_assert_int_ge(loc, 0);
	so.ProgramUniform4f(p, loc, x, y, z, w);
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

START_TEST(pipeline_draws_its_stages)
{
	GLuint vsp = one_stage(GL_VERTEX_SHADER, vs), fsp = one_stage(GL_FRAGMENT_SHADER, fs_scale);
	GLuint pipe = pipeline(vsp, fsp);

	set4(vsp, "u_color", 1.0f, 0.5f, 0.0f, 1.0f);
	set4(fsp, "u_scale", 0.0f, 1.0f, 1.0f, 1.0f);
	gl.UseProgram(0);
	assert_window(0, 128, 0);
	/* a value changed in one program reaches the next draw */
	set4(vsp, "u_color", 1.0f, 1.0f, 1.0f, 1.0f);
	set4(fsp, "u_scale", 1.0f, 0.0f, 0.0f, 1.0f);
	assert_window(255, 0, 0);
	so.DeleteProgramPipelines(1, &pipe);
	gl.DeleteProgram(vsp);
	gl.DeleteProgram(fsp);
}
END_TEST

START_TEST(stages_swap_between_draws)
{
	GLuint vsp = one_stage(GL_VERTEX_SHADER, vs), fsp = one_stage(GL_FRAGMENT_SHADER, fs_scale);
	GLuint fsc = one_stage(GL_FRAGMENT_SHADER, fs_const), pipe = pipeline(vsp, fsp);

	set4(vsp, "u_color", 0.0f, 0.0f, 1.0f, 1.0f);
	set4(fsp, "u_scale", 1.0f, 1.0f, 1.0f, 1.0f);
	assert_window(0, 0, 255);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fsc);
	/* glUniform* without a current program: the active program */
	so.ActiveShaderProgram(pipe, fsc);
	gl.Uniform4f(gl.GetUniformLocation(fsc, "u_const"), 1.0f, 1.0f, 0.0f, 1.0f);
	expect(GL_NO_ERROR);
	assert_window(255, 255, 0);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fsp);
	assert_window(0, 0, 255);
	so.DeleteProgramPipelines(1, &pipe);
	gl.DeleteProgram(vsp);
	gl.DeleteProgram(fsp);
	gl.DeleteProgram(fsc);
}
END_TEST

/* A current program wins over the bound pipeline. */
START_TEST(current_program_wins)
{
	GLuint vsp = one_stage(GL_VERTEX_SHADER, vs), fsc = one_stage(GL_FRAGMENT_SHADER, fs_const);
	GLuint pipe = pipeline(vsp, fsc);
	GLuint p = glt_program("#version 300 es\nlayout(location = 0) in vec2 pos;\n"
			       "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
			       "#version 300 es\nprecision mediump float;\nout vec4 c;\n"
			       "void main() { c = vec4(1.0, 0.0, 1.0, 1.0); }\n");

	set4(fsc, "u_const", 0.0f, 1.0f, 0.0f, 1.0f);
	gl.UseProgram(p);
	assert_window(255, 0, 255);
	gl.UseProgram(0);
	assert_window(0, 255, 0);
	so.DeleteProgramPipelines(1, &pipe);
	gl.DeleteProgram(p);
	gl.DeleteProgram(vsp);
	gl.DeleteProgram(fsc);
}
END_TEST

/* GL_PROGRAM_SEPARABLE and a link of one stage: a fragment input nothing
 * in this program writes links. */
START_TEST(separable_parameter_links_one_stage)
{
	GLuint p = gl.CreateProgram(), sh = gl.CreateShader(GL_FRAGMENT_SHADER);
	const char *src = fs_scale;
	GLint v = -1;

	gl.ShaderSource(sh, 1, &src, NULL);
	gl.CompileShader(sh);
	gl.AttachShader(p, sh);
	gl.GetProgramiv(p, GL_PROGRAM_SEPARABLE, &v);
	ck_assert_int_eq(v, 0);
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &v);
	ck_assert_int_eq(v, 0);
	so.ProgramParameteri(p, GL_PROGRAM_SEPARABLE, GL_TRUE);
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &v);
	ck_assert_int_eq(v, 1);
	gl.GetProgramiv(p, GL_PROGRAM_SEPARABLE, &v);
	ck_assert_int_eq(v, 1);
	ck_assert_int_ge(gl.GetUniformLocation(p, "u_scale"), 0);
	/* one stage alone draws nothing */
	gl.UseProgram(p);
	glt_draw_window();
	expect(GL_INVALID_OPERATION);
	gl.DeleteShader(sh);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(pipeline_state)
{
	GLuint vsp = one_stage(GL_VERTEX_SHADER, vs), fsp = one_stage(GL_FRAGMENT_SHADER, fs_scale);
	GLuint pipe = 0;
	GLint v = -1;

	so.GenProgramPipelines(1, &pipe);
	ck_assert(!so.IsProgramPipeline(pipe)); /* a name only until first used */
	so.UseProgramStages(pipe, GL_ALL_SHADER_BITS, vsp);
	ck_assert(so.IsProgramPipeline(pipe));
	so.GetProgramPipelineiv(pipe, GL_VERTEX_SHADER, &v);
	ck_assert_int_eq(v, (GLint)vsp);
	so.GetProgramPipelineiv(pipe, GL_FRAGMENT_SHADER, &v);
	ck_assert_int_eq(v, 0); /* vsp has no fragment stage */
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fsp);
	so.GetProgramPipelineiv(pipe, GL_FRAGMENT_SHADER, &v);
	ck_assert_int_eq(v, (GLint)fsp);
	so.ActiveShaderProgram(pipe, fsp);
	so.GetProgramPipelineiv(pipe, GL_ACTIVE_PROGRAM, &v);
	ck_assert_int_eq(v, (GLint)fsp);
	so.BindProgramPipeline(pipe);
	ck_assert_int_eq(glt_geti(GL_PROGRAM_PIPELINE_BINDING), (GLint)pipe);
	so.ValidateProgramPipeline(pipe);
	so.GetProgramPipelineiv(pipe, GL_VALIDATE_STATUS, &v);
	ck_assert_int_eq(v, 1);
	gl.GetProgramiv(vsp, GL_PROGRAM_SEPARABLE, &v);
	ck_assert_int_eq(v, 1);
	/* a vertex program's resources: its input */
	so.GetProgramInterfaceiv(vsp, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES, &v);
	ck_assert_int_eq(v, 1);
	so.DeleteProgramPipelines(1, &pipe);
	ck_assert_int_eq(glt_geti(GL_PROGRAM_PIPELINE_BINDING), 0);
	ck_assert(!so.IsProgramPipeline(pipe));
	expect(GL_NO_ERROR);
	gl.DeleteProgram(vsp);
	gl.DeleteProgram(fsp);
}
END_TEST

static GLint interface_count(GLuint p, GLenum iface)
{
	GLint v = -1;

	so.GetProgramInterfaceiv(p, iface, GL_ACTIVE_RESOURCES, &v);
	return v;
}

/* The resource's stage referencing it: vertex (0) or fragment (1). */
static GLint referenced_by_fragment(GLuint p, GLenum iface, const char *name)
{
	const GLenum props[2] = { GL_REFERENCED_BY_VERTEX_SHADER, GL_REFERENCED_BY_FRAGMENT_SHADER };
	GLuint i = so.GetProgramResourceIndex(p, iface, name);
	GLint v[2] = { -1, -1 };

	ck_assert_uint_ne(i, GL_INVALID_INDEX);
	so.GetProgramResourceiv(p, iface, i, 2, props, 2, NULL, v);
	ck_assert_int_eq(v[0] + v[1], 1);
	return v[1];
}

/* A program of one stage: its inputs are that stage's inputs, its outputs
 * that stage's outputs, whatever stands in for the other stage. */
START_TEST(one_stage_interfaces)
{
	GLuint vsp = one_stage(GL_VERTEX_SHADER, vs), fsp = one_stage(GL_FRAGMENT_SHADER, fs_scale);

	ck_assert_int_eq(interface_count(vsp, GL_PROGRAM_INPUT), 1);
	/* v_color, and gl_Position: the written built-in of a last stage */
	ck_assert_int_eq(interface_count(vsp, GL_PROGRAM_OUTPUT), 2);
	ck_assert_uint_ne(so.GetProgramResourceIndex(vsp, GL_PROGRAM_OUTPUT, "gl_Position"),
			  GL_INVALID_INDEX);
	ck_assert_int_eq(so.GetProgramResourceLocation(vsp, GL_PROGRAM_OUTPUT, "gl_Position"), -1);
	ck_assert_int_eq(referenced_by_fragment(vsp, GL_PROGRAM_INPUT, "pos"), 0);
	ck_assert_int_eq(referenced_by_fragment(vsp, GL_PROGRAM_OUTPUT, "v_color"), 0);
	ck_assert_int_eq(interface_count(fsp, GL_PROGRAM_INPUT), 1);
	ck_assert_int_eq(interface_count(fsp, GL_PROGRAM_OUTPUT), 1);
	ck_assert_int_eq(referenced_by_fragment(fsp, GL_PROGRAM_INPUT, "v_color"), 1);
	/* a varying without layout(location) has none to show (ES 3.1 7.3.1.1) */
	ck_assert_int_eq(so.GetProgramResourceLocation(fsp, GL_PROGRAM_INPUT, "v_color"), -1);
	ck_assert_int_eq(so.GetProgramResourceLocation(vsp, GL_PROGRAM_OUTPUT, "v_color"), -1);
	ck_assert_int_eq(referenced_by_fragment(fsp, GL_PROGRAM_OUTPUT, "c"), 1);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(vsp);
	gl.DeleteProgram(fsp);
}
END_TEST

START_TEST(invalid_pipelines)
{
	GLuint vsp = one_stage(GL_VERTEX_SHADER, vs), pipe = 0;
	GLuint whole = glt_program(vs, fs_scale);
	GLint v = -1;
	char log[256] = "";

	so.GenProgramPipelines(1, &pipe);
	so.UseProgramStages(pipe, GL_VERTEX_SHADER_BIT, vsp);
	so.BindProgramPipeline(pipe);
	gl.UseProgram(0);
	glt_draw_window(); /* no fragment stage */
	expect(GL_INVALID_OPERATION);
	so.ValidateProgramPipeline(pipe);
	so.GetProgramPipelineiv(pipe, GL_VALIDATE_STATUS, &v);
	ck_assert_int_eq(v, 0);
	so.GetProgramPipelineiv(pipe, GL_INFO_LOG_LENGTH, &v);
	ck_assert_int_gt(v, 1);
	so.GetProgramPipelineInfoLog(pipe, sizeof(log), NULL, log);
	ck_assert_uint_eq(strlen(log) + 1, (size_t)v);
	/* a program that is not separable goes into no pipeline */
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, whole);
	expect(GL_INVALID_OPERATION);
	so.UseProgramStages(pipe, 0x80, vsp);
	expect(GL_INVALID_VALUE);
	so.UseProgramStages(pipe + 7, GL_VERTEX_SHADER_BIT, vsp);
	expect(GL_INVALID_OPERATION);
	so.BindProgramPipeline(pipe + 7);
	expect(GL_INVALID_OPERATION);
	so.GetProgramPipelineiv(pipe, GL_LINK_STATUS, &v);
	expect(GL_INVALID_ENUM);
	ck_assert_uint_eq(so.CreateShaderProgramv(GL_TEXTURE_2D, 1, (const char *[]){ vs }), 0);
	expect(GL_INVALID_ENUM);
	so.DeleteProgramPipelines(1, &pipe);
	gl.DeleteProgram(vsp);
	gl.DeleteProgram(whole);
}
END_TEST

static GLint validate_status(GLuint pipe)
{
	GLint v = -1;

	so.ValidateProgramPipeline(pipe);
	so.GetProgramPipelineiv(pipe, GL_VALIDATE_STATUS, &v);
	return v;
}

/* ES 3.1 7.4.1: between two programs every fragment input needs its vertex
 * output, with the same precision, and every vertex output its fragment
 * input; otherwise validation (and draws) fail. */
START_TEST(interface_mismatch_fails_validation)
{
	static const char fs_highp[] = "#version 310 es\nprecision mediump float;\n"
		"in highp vec4 v_color;\nout vec4 c;\nvoid main() { c = v_color; }\n";
	static const char fs_missing[] = "#version 310 es\nprecision mediump float;\n"
		"in vec4 v_other;\nout vec4 c;\nvoid main() { c = v_other; }\n";
	GLuint vsp = one_stage(GL_VERTEX_SHADER, vs), fsp = one_stage(GL_FRAGMENT_SHADER, fs_scale);
	GLuint highp_p = one_stage(GL_FRAGMENT_SHADER, fs_highp);
	static const char fs_none[] = "#version 310 es\nprecision mediump float;\n"
		"out vec4 c;\nvoid main() { c = vec4(1.0); }\n";
	GLuint missing_p = one_stage(GL_FRAGMENT_SHADER, fs_missing);
	GLuint none_p = one_stage(GL_FRAGMENT_SHADER, fs_none);
	GLuint pipe = pipeline(vsp, fsp);

	gl.UseProgram(0);
	ck_assert_int_eq(validate_status(pipe), 1);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, highp_p);
	ck_assert_int_eq(validate_status(pipe), 0);
	glt_draw_window();
	expect(GL_INVALID_OPERATION);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, missing_p);
	ck_assert_int_eq(validate_status(pipe), 0);
	/* a vertex output no fragment input takes */
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, none_p);
	ck_assert_int_eq(validate_status(pipe), 0);
	gl.DeleteProgram(none_p);
	so.DeleteProgramPipelines(1, &pipe);
	gl.DeleteProgram(vsp);
	gl.DeleteProgram(fsp);
	gl.DeleteProgram(highp_p);
	gl.DeleteProgram(missing_p);
	expect(GL_NO_ERROR);
}
END_TEST

/* A separable program of both stages must serve both in a pipeline. */
START_TEST(program_of_two_stages_serves_both)
{
	GLuint both = gl.CreateProgram(), fsc = one_stage(GL_FRAGMENT_SHADER, fs_const), pipe;
	const char *srcs[2] = { vs, fs_scale };
	const GLenum types[2] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };

	for (int i = 0; i < 2; i++) {
		GLuint sh = gl.CreateShader(types[i]);

		gl.ShaderSource(sh, 1, &srcs[i], NULL);
		gl.CompileShader(sh);
		gl.AttachShader(both, sh);
		gl.DeleteShader(sh);
	}
	so.ProgramParameteri(both, GL_PROGRAM_SEPARABLE, GL_TRUE);
	gl.LinkProgram(both);
	set4(both, "u_color", 0.0f, 1.0f, 0.0f, 1.0f);
	set4(both, "u_scale", 1.0f, 1.0f, 1.0f, 1.0f);
	pipe = pipeline(both, both);
	assert_window(0, 255, 0);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, fsc);
	glt_draw_window();
	expect(GL_INVALID_OPERATION);
	so.DeleteProgramPipelines(1, &pipe);
	gl.DeleteProgram(both);
	gl.DeleteProgram(fsc);
}
END_TEST

START_TEST(compute_stage_dispatches)
{
	const char *cs = "#version 310 es\nlayout(local_size_x = 4) in;\n"
			 "layout(std430, binding = 0) buffer Out { uint data[]; };\n"
			 "uniform uint u_add;\n"
			 "void main() { data[gl_GlobalInvocationID.x] = gl_GlobalInvocationID.x + u_add; }\n";
	GLuint csp = one_stage(GL_COMPUTE_SHADER, cs), pipe = 0;
	GLuint b = glt_buffer(GL_SHADER_STORAGE_BUFFER, NULL, 16);
	const uint32_t *w;

	gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
	so.ProgramUniform1ui(csp, gl.GetUniformLocation(csp, "u_add"), 10);
	so.GenProgramPipelines(1, &pipe);
	so.UseProgramStages(pipe, GL_COMPUTE_SHADER_BIT, csp);
	so.BindProgramPipeline(pipe);
	so.DispatchCompute(1, 1, 1);
	expect(GL_NO_ERROR);
	so.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
	w = gl.MapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, 16, GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(w);
	for (uint32_t i = 0; i < 4; i++)
		ck_assert_uint_eq(w[i], 10 + i);
	gl.UnmapBuffer(GL_SHADER_STORAGE_BUFFER);
	so.DeleteProgramPipelines(1, &pipe);
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(csp);
}
END_TEST

/* Two programs may each have a uniform, a sampler and a block of one name
 * (even of different precisions): each stage sees its own program's. */
START_TEST(programs_sharing_names_keep_their_values)
{
	const char *v = "#version 310 es\nlayout(location = 0) in vec2 pos;\n"
			"uniform highp vec4 u_k;\n"
			"layout(std140, binding = 1) uniform B { vec4 b; };\n"
			"out mediump vec4 v_color;\n"
			"void main() { gl_Position = vec4(pos, 0.0, 1.0); v_color = u_k + b; }\n";
	const char *f = "#version 310 es\nprecision mediump float;\nin vec4 v_color;\n"
			"uniform mediump vec4 u_k;\n"
			"layout(std140, binding = 2) uniform B { vec4 b; };\n"
			"out vec4 c;\n"
			"void main() { c = v_color + u_k + b; }\n";
	const float vb[4] = { 0.0f, 0.0f, 0.0f, 0.0f }, fb[4] = { 0.0f, 0.0f, 0.0f, 1.0f };
	GLuint vsp = one_stage(GL_VERTEX_SHADER, v), fsp = one_stage(GL_FRAGMENT_SHADER, f);
	GLuint pipe = pipeline(vsp, fsp);
	GLuint b1 = glt_buffer(GL_UNIFORM_BUFFER, vb, 16), b2 = glt_buffer(GL_UNIFORM_BUFFER, fb, 16);

	gl.BindBufferBase(GL_UNIFORM_BUFFER, 1, b1);
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 2, b2);
	set4(vsp, "u_k", 1.0f, 0.0f, 0.0f, 0.0f);
	set4(fsp, "u_k", 0.0f, 0.0f, 1.0f, 0.0f);
	/* merged, red would come twice and blue never */
	assert_window(255, 0, 255);
	gl.DeleteBuffers(1, &b1);
	gl.DeleteBuffers(1, &b2);
	so.DeleteProgramPipelines(1, &pipe);
	gl.DeleteProgram(vsp);
	gl.DeleteProgram(fsp);
}
END_TEST

/* ES 3.1 7.3: a program deleted while a pipeline uses it keeps its name,
 * flagged, and still draws; it goes with the pipeline's last use. */
START_TEST(deleted_program_lives_while_used)
{
	GLuint vsp = one_stage(GL_VERTEX_SHADER, vs), fsc = one_stage(GL_FRAGMENT_SHADER, fs_const);
	GLuint pipe = pipeline(vsp, fsc);
	GLint v = 0;

	set4(fsc, "u_const", 0.0f, 0.0f, 1.0f, 1.0f);
	gl.DeleteProgram(fsc);
	ck_assert(so.IsProgram(fsc));
	gl.GetProgramiv(fsc, GL_DELETE_STATUS, &v);
	ck_assert_int_eq(v, 1);
	assert_window(0, 0, 255);
	so.UseProgramStages(pipe, GL_FRAGMENT_SHADER_BIT, 0);
	ck_assert(!so.IsProgram(fsc));
	gl.DeleteProgram(vsp);
	ck_assert(so.IsProgram(vsp));
	so.DeleteProgramPipelines(1, &pipe);
	ck_assert(!so.IsProgram(vsp));
	expect(GL_NO_ERROR);
}
END_TEST

static Suite *separable_suite(void)
{
	Suite *s = suite_create("gl es31 separable");
	TCase *tc = tcase_create("pipelines");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, pipeline_draws_its_stages);
	tcase_add_test(tc, stages_swap_between_draws);
	tcase_add_test(tc, current_program_wins);
	tcase_add_test(tc, separable_parameter_links_one_stage);
	tcase_add_test(tc, pipeline_state);
	tcase_add_test(tc, one_stage_interfaces);
	tcase_add_test(tc, invalid_pipelines);
	tcase_add_test(tc, interface_mismatch_fails_validation);
	tcase_add_test(tc, program_of_two_stages_serves_both);
	tcase_add_test(tc, compute_stage_dispatches);
	tcase_add_test(tc, programs_sharing_names_keep_their_values);
	tcase_add_test(tc, deleted_program_lives_while_used);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(separable_suite);
}
