/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 draws: indirect draws from
 * a buffer written by the CPU or by a compute shader, those read on the CPU
 * (primitive restart, line loops), and separate vertex attribute format and
 * binding, with pixels read back.
 */
#include <GLES3/gl31.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"
#include "vgl_device.h"

#define ES31_FUNCS(X) \
	X(DrawArraysIndirect, DRAWARRAYSINDIRECT) X(DrawElementsIndirect, DRAWELEMENTSINDIRECT) \
	X(DispatchCompute, DISPATCHCOMPUTE) X(MemoryBarrier, MEMORYBARRIER) \
	X(BindVertexBuffer, BINDVERTEXBUFFER) X(VertexAttribFormat, VERTEXATTRIBFORMAT) \
	X(VertexAttribIFormat, VERTEXATTRIBIFORMAT) X(VertexAttribBinding, VERTEXATTRIBBINDING) \
	X(VertexBindingDivisor, VERTEXBINDINGDIVISOR) X(GetIntegeri_v, GETINTEGERI_V) \
	X(GetVertexAttribiv, GETVERTEXATTRIBIV) X(GetBooleani_v, GETBOOLEANI_V)

#define ES31_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	ES31_FUNCS(ES31_MEMBER)
} es;
#undef ES31_MEMBER

static void setup(void)
{
	glt_setup_version(3, 1);
#define ES31_LOAD(n, N) es.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	ES31_FUNCS(ES31_LOAD)
#undef ES31_LOAD
}

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

static const char vs[] = "#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs[] = "#version 300 es\n"
	"precision mediump float;\n"
	"out vec4 c;\n"
	"void main() { c = vec4(0.0, 1.0, 0.0, 1.0); }\n";

/* Two triangles over the window: lower-left (0, 1, 2) and upper-right
 * (3, 4, 5), as vertices 0..5 of a buffer behind a VAO's array 0. */
static const float quad[] = { -1, -1, 1, -1, -1, 1, 1, -1, 1, 1, -1, 1 };

static void draw_state(void)
{
	GLuint vao;

	gl.UseProgram(glt_program(vs, fs));
	gl.GenVertexArrays(1, &vao);
	gl.BindVertexArray(vao);
	glt_buffer(GL_ARRAY_BUFFER, quad, sizeof(quad));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	gl.EnableVertexAttribArray(0);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
}

/* Lower-left and upper-right corners: green or black as drawn. */
static void assert_halves(bool lower_left, bool upper_right)
{
	glt_assert_pixel(2, 2, 0, lower_left ? 255 : 0, 0, 255);
	glt_assert_pixel(GLT_W - 3, GLT_H - 3, 0, upper_right ? 255 : 0, 0, 255);
}

/* ES 3.10 gl_HelperInvocation: false in the fragments a draw covers, as a
 * boolean the shader can negate and compare (the host reads it as 1/0). */
START_TEST(helper_invocation_false_where_drawn)
{
	static const char fsh[] = "#version 310 es\nprecision mediump float;\nout vec4 c;\n"
		"void main() { bool h = gl_HelperInvocation;\n"
		"  c = !h && h == false ? vec4(0.0, 1.0, 0.0, 1.0) : vec4(1.0, 0.0, 0.0, 1.0); }\n";

	static const char vsh[] = "#version 310 es\nlayout(location = 0) in vec2 pos;\n"
		"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

	draw_state();
	gl.UseProgram(glt_program(vsh, fsh));
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	expect(GL_NO_ERROR);
	assert_halves(true, true);
}
END_TEST

/* ES 3.10 varyings with locations match by location: the fragment shader's
 * `first` is the vertex shader's `second` (green), not its `first` (red);
 * `a`, without one, takes a location neither of them has (blue). */
START_TEST(varyings_match_by_location)
{
	static const char vsl[] = "#version 310 es\nlayout(location = 0) in vec2 pos;\n"
		"layout(location = 0) out vec4 first;\nlayout(location = 1) out vec4 second;\n"
		"out vec4 a;\n"
		"void main() { first = vec4(1.0, 0.0, 0.0, 1.0); second = vec4(0.0, 1.0, 0.0, 1.0);\n"
		"  a = vec4(0.0, 0.0, 1.0, 1.0); gl_Position = vec4(pos, 0.0, 1.0); }\n";
	static const char fsl[] = "#version 310 es\nprecision mediump float;\n"
		"layout(location = 1) in vec4 first;\nlayout(location = 0) in vec4 second;\n"
		"in vec4 a;\n"
		"out vec4 c;\nvoid main() { c = vec4(first.rgb + a.rgb, 1.0) + 0.0 * second; }\n";

	draw_state();
	gl.UseProgram(glt_program(vsl, fsl));
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	expect(GL_NO_ERROR);
	glt_assert_pixel(2, 2, 0, 255, 255, 255);
	glt_assert_pixel(GLT_W - 3, GLT_H - 3, 0, 255, 255, 255);
}
END_TEST

/* ---- indirect draws ------------------------------------------------------------------ */

/* The host reads the command (where it draws indirectly: llvmpipe's
 * virgl_test_server does), without a wait; the CPU after one otherwise. */
static void assert_read_by(bool host_if_it_can)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	bool host = host_if_it_can && G.dev->props.limits.maxDrawIndirectCount > 0;

	ck_assert_uint_eq(st->indirect_draws, host ? 1 : 0);
	ck_assert_uint_eq(st->indirect_cpu_draws, host ? 0 : 1);
}

START_TEST(draw_arrays_indirect)
{
	const GLuint cmd[] = { 99, 99, 99, 99, /* at 16: */ 3, 1, 3, 0 };

	draw_state();
	glt_buffer(GL_DRAW_INDIRECT_BUFFER, cmd, sizeof(cmd));
	vgl_context_reset_stats(G.ctx);
	es.DrawArraysIndirect(GL_TRIANGLES, (const void *)16);
	expect(GL_NO_ERROR);
	assert_read_by(true);
	ck_assert_uint_eq(vgl_context_stats(G.ctx)->access_waits, 0);
	assert_halves(false, true);
}
END_TEST

/* The command changes after the first draw: each draw reads its own. */
START_TEST(draw_arrays_indirect_updated)
{
	const GLuint one[] = { 3, 1, 0, 0 }, none[] = { 3, 0, 3, 0 };

	draw_state();
	glt_buffer(GL_DRAW_INDIRECT_BUFFER, one, sizeof(one));
	es.DrawArraysIndirect(GL_TRIANGLES, NULL);
	gl.BufferSubData(GL_DRAW_INDIRECT_BUFFER, 0, sizeof(none), none);
	es.DrawArraysIndirect(GL_TRIANGLES, NULL);
	expect(GL_NO_ERROR);
	assert_halves(true, false);
}
END_TEST

static const GLushort indices[] = { 7, 7, 0, 1, 2, 3, 4, 5, 0xffff, 3, 4, 5 };

/* Draws the command of indices[] (restart: with primitive restart); the
 * host reads it, or the CPU does (by_host false). */
static void elements_indirect(const GLuint cmd[5], bool restart, bool by_host)
{
	draw_state();
	if (restart)
		gl.Enable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
	glt_buffer(GL_ELEMENT_ARRAY_BUFFER, indices, sizeof(indices));
	glt_buffer(GL_DRAW_INDIRECT_BUFFER, cmd, 5 * sizeof(GLuint));
	vgl_context_reset_stats(G.ctx);
	es.DrawElementsIndirect(GL_TRIANGLES, GL_UNSIGNED_SHORT, NULL);
	expect(GL_NO_ERROR);
	assert_read_by(by_host);
}

/* count 3 from index 5 (3, 4, 5), base vertex 0 */
START_TEST(draw_elements_indirect)
{
	elements_indirect((const GLuint[5]){ 3, 1, 5, 0, 0 }, false, true);
	assert_halves(false, true);
}
END_TEST

/* Primitive restart reads the command on the CPU: indices 3,4,5, restart,
 * 3,4,5 draw the upper-right triangle twice and nothing else. */
START_TEST(draw_elements_indirect_restart)
{
	elements_indirect((const GLuint[5]){ 7, 1, 5, 0, 0 }, true, false);
	assert_halves(false, true);
}
END_TEST

/* base vertex -3 moves indices 3, 4, 5 onto vertices 0, 1, 2 */
START_TEST(draw_elements_indirect_base_vertex)
{
	elements_indirect((const GLuint[5]){ 3, 1, 5, (GLuint)-3, 0 }, false, true);
	assert_halves(true, false);
}
END_TEST

/* A compute shader writes the command; GL_COMMAND_BARRIER_BIT orders it
 * before the draw, which reads it on the GPU. */
START_TEST(draw_indirect_written_by_compute)
{
	const char *cs = "#version 310 es\nlayout(local_size_x = 1) in;\n"
		"layout(std430, binding = 0) buffer Cmd { uint c[4]; };\n"
		"void main() { c[0] = 6u; c[1] = 1u; c[2] = 0u; c[3] = 0u; }\n";
	const GLuint zero[4] = { 0 };
	GLuint p = gl.CreateProgram(), sh = gl.CreateShader(GL_COMPUTE_SHADER), b;

	gl.ShaderSource(sh, 1, &cs, NULL);
	gl.CompileShader(sh);
	gl.AttachShader(p, sh);
	gl.LinkProgram(p);
	gl.UseProgram(p);
	b = glt_buffer(GL_SHADER_STORAGE_BUFFER, zero, sizeof(zero));
	gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
	es.DispatchCompute(1, 1, 1);
	es.MemoryBarrier(GL_COMMAND_BARRIER_BIT);
	draw_state();
	gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, b);
	es.DrawArraysIndirect(GL_TRIANGLES, NULL);
	expect(GL_NO_ERROR);
	assert_halves(true, true);
}
END_TEST

START_TEST(indirect_binding_query)
{
	GLuint b = glt_buffer(GL_DRAW_INDIRECT_BUFFER, NULL, 16);

	ck_assert_int_eq(glt_geti(GL_DRAW_INDIRECT_BUFFER_BINDING), (GLint)b);
	gl.DeleteBuffers(1, &b);
	ck_assert_int_eq(glt_geti(GL_DRAW_INDIRECT_BUFFER_BINDING), 0);
}
END_TEST

/* ---- vertex attribute formats and bindings ------------------------------------------- */

static GLint binding_value(GLenum pname, GLuint index)
{
	GLint v = -1;

	es.GetIntegeri_v(pname, index, &v);
	return v;
}

static GLint attrib_value(GLuint index, GLenum pname)
{
	GLint v = -1;

	es.GetVertexAttribiv(index, pname, &v);
	return v;
}

/* One buffer interleaving a position (2 floats) and a colour (4 unsigned
 * bytes at relative offset 8) in 16-byte vertices, after one unused vertex:
 * attributes 0 and 1 read binding 3 at offset 16. The lower-left triangle's
 * vertices are red, the upper-right one's magenta. */
static const char vs_color[] = "#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"layout(location = 1) in vec4 col;\n"
	"out vec4 v;\n"
	"void main() { v = col; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_color[] = "#version 300 es\n"
	"precision mediump float;\n"
	"in vec4 v;\nout vec4 c;\n"
	"void main() { c = v; }\n";

struct vertex {
	float pos[2];
	uint8_t color[4];
	uint32_t pad;
};

static GLuint interleaved_state(void)
{
	struct vertex v[7];
	GLuint vao, b;

	memset(v, 0, sizeof(v));
	for (int i = 0; i < 6; i++) {
		memcpy(v[i + 1].pos, &quad[2 * i], sizeof(v[i + 1].pos));
		memcpy(v[i + 1].color, (const uint8_t[4]){ 255, 0, i < 3 ? 0 : 255, 255 }, 4);
	}
	gl.UseProgram(glt_program(vs_color, fs_color));
	gl.GenVertexArrays(1, &vao);
	gl.BindVertexArray(vao);
	b = glt_buffer(GL_ARRAY_BUFFER, v, sizeof(v));
	es.VertexAttribFormat(0, 2, GL_FLOAT, GL_FALSE, 0);
	es.VertexAttribFormat(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, 8);
	es.VertexAttribBinding(0, 3);
	es.VertexAttribBinding(1, 3);
	es.BindVertexBuffer(3, b, sizeof(struct vertex), sizeof(struct vertex));
	gl.EnableVertexAttribArray(0);
	gl.EnableVertexAttribArray(1);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	return b;
}

START_TEST(format_and_binding_draw)
{
	GLuint b = interleaved_state();

	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	expect(GL_NO_ERROR);
	glt_assert_pixel(2, 2, 255, 0, 0, 255);
	glt_assert_pixel(GLT_W - 3, GLT_H - 3, 255, 0, 255, 255);
	ck_assert_int_eq(binding_value(GL_VERTEX_BINDING_BUFFER, 3), (GLint)b);
	ck_assert_int_eq(binding_value(GL_VERTEX_BINDING_OFFSET, 3), 16);
	ck_assert_int_eq(binding_value(GL_VERTEX_BINDING_STRIDE, 3), 16);
	ck_assert_int_eq(attrib_value(1, GL_VERTEX_ATTRIB_BINDING), 3);
	ck_assert_int_eq(attrib_value(1, GL_VERTEX_ATTRIB_RELATIVE_OFFSET), 8);
	ck_assert_int_eq(attrib_value(1, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING), (GLint)b);
}
END_TEST

/* The colour attribute moves to binding 4 (the same buffer from vertex 4,
 * an upper-right one: magenta), whose divisor 1 gives every vertex of
 * instance 0 that one colour. */
START_TEST(binding_divisor)
{
	GLuint b = interleaved_state();
	GLboolean bool_value;

	es.VertexAttribBinding(1, 4);
	es.BindVertexBuffer(4, b, 4 * sizeof(struct vertex), sizeof(struct vertex));
	es.VertexBindingDivisor(4, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	expect(GL_NO_ERROR);
	glt_assert_pixel(2, 2, 255, 0, 255, 255);
	glt_assert_pixel(GLT_W - 3, GLT_H - 3, 255, 0, 255, 255);
	ck_assert_int_eq(binding_value(GL_VERTEX_BINDING_DIVISOR, 4), 1);
	bool_value = GL_FALSE;
	es.GetBooleani_v(GL_VERTEX_BINDING_DIVISOR, 4, &bool_value);
	ck_assert_int_eq(bool_value, GL_TRUE);
	es.GetBooleani_v(GL_VERTEX_BINDING_DIVISOR, 3, &bool_value);
	ck_assert_int_eq(bool_value, GL_FALSE);
	ck_assert_int_eq(attrib_value(1, GL_VERTEX_ATTRIB_ARRAY_DIVISOR), 1);
}
END_TEST

/* glVertexAttribPointer is format + binding i (ES 3.1 section 10.3.2). */
START_TEST(pointer_is_format_and_binding)
{
	GLuint b;

	draw_state();
	b = (GLuint)glt_geti(GL_ARRAY_BUFFER_BINDING);
	es.VertexAttribBinding(0, 5);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (const void *)8);
	ck_assert_int_eq(attrib_value(0, GL_VERTEX_ATTRIB_BINDING), 0);
	ck_assert_int_eq(binding_value(GL_VERTEX_BINDING_BUFFER, 0), (GLint)b);
	ck_assert_int_eq(binding_value(GL_VERTEX_BINDING_OFFSET, 0), 8);
	ck_assert_int_eq(binding_value(GL_VERTEX_BINDING_STRIDE, 0), 8);
	ck_assert_int_eq(attrib_value(0, GL_VERTEX_ATTRIB_ARRAY_STRIDE), 0);
	ck_assert_int_ge(glt_geti(GL_MAX_VERTEX_ATTRIB_BINDINGS), 16);
	ck_assert_int_ge(glt_geti(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET), 2047);
	ck_assert_int_ge(glt_geti(GL_MAX_VERTEX_ATTRIB_STRIDE), 2048);
	expect(GL_NO_ERROR);
}
END_TEST

/* ---- arrays of arrays (GLSL ES 3.10 §4.1.9) -------------------------------------------- */

static const char vs_aoa[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"uniform float u[2][2];\n"
	"out float blue;\n"
	"void main() { blue = u[1][1]; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_aoa[] = "#version 310 es\n"
	"precision mediump float;\n"
	"uniform B { vec4 c; } b[2][2];\n"
	"in float blue;\n"
	"out vec4 o;\n"
	"void main() { o = b[1][0].c + vec4(0.0, 0.0, blue, 0.0); }\n";

/* Clears to black, draws over the window and reads its centre. */
static void draw_window_expect(const uint8_t want[4])
{
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_draw_window();
	glt_assert_pixel_near(GLT_W / 2, GLT_H / 2, want, 2);
}

/* A draw with an array of arrays of uniform blocks (one block per element,
 * "B[1][0]" the third) and a uniform array of arrays set per innermost
 * array: only B[1][0]'s buffer is green. */
START_TEST(arrays_of_arrays_draw)
{
	static const char *const names[4] = { "B[0][0]", "B[0][1]", "B[1][0]", "B[1][1]" };
	static const float red[4] = { 1, 0, 0, 1 }, green[4] = { 0, 1, 0, 1 }, row1[2] = { 0, 0.5f };
	static const uint8_t want[4] = { 0, 255, 128, 255 };
	GLuint p = glt_program(vs_aoa, fs_aoa), bufs[4];

	gl.UseProgram(p);
	for (GLuint i = 0; i < 4; i++) {
		GLuint index = gl.GetUniformBlockIndex(p, names[i]);

		ck_assert_uint_ne(index, GL_INVALID_INDEX);
		gl.UniformBlockBinding(p, index, i);
		bufs[i] = glt_buffer(GL_UNIFORM_BUFFER, i == 2 ? green : red, sizeof(red));
		gl.BindBufferBase(GL_UNIFORM_BUFFER, i, bufs[i]);
	}
	ck_assert_uint_eq(gl.GetUniformBlockIndex(p, "B[2][0]"), GL_INVALID_INDEX);
	((PFNGLUNIFORM1FVPROC)glt_proc("glUniform1fv"))(gl.GetUniformLocation(p, "u[1][0]"), 2, row1);
	draw_window_expect(want);
	gl.DeleteBuffers(4, bufs);
	gl.DeleteProgram(p);
	expect(GL_NO_ERROR);
}
END_TEST

static const char vs_plain31[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_tex_aoa[] = "#version 310 es\n"
	"precision mediump float;\n"
	"uniform sampler2D t[2][2];\n"
	"out vec4 o;\n"
	"vec4 second(sampler2D row[2]) { return texture(row[1], vec2(0.5)); }\n"
	"void main() { o = texture(t[1][0], vec2(0.5)) + second(t[0]); }\n";

/* An array of arrays of samplers: its units set per innermost array
 * ("t[0]", "t[1][0]"); t[1][0] on unit 2 is green, t[0][1] on unit 1 blue
 * (reached through a parameter), the others red. */
START_TEST(sampler_arrays_of_arrays_draw)
{
	static const uint8_t texel[4][4] = { { 255, 0, 0, 255 }, { 0, 0, 255, 255 },
					     { 0, 255, 0, 255 }, { 255, 0, 0, 255 } };
	static const GLint row0[2] = { 0, 1 }, row1[2] = { 2, 3 };
	static const uint8_t want[4] = { 0, 255, 255, 255 };
	PFNGLUNIFORM1IVPROC set = (PFNGLUNIFORM1IVPROC)glt_proc("glUniform1iv");
	GLuint p = glt_program(vs_plain31, fs_tex_aoa), tex[4];

	gl.UseProgram(p);
	for (GLuint i = 0; i < 4; i++) {
		((PFNGLACTIVETEXTUREPROC)glt_proc("glActiveTexture"))(GL_TEXTURE0 + i);
		tex[i] = glt_texture(GL_TEXTURE_2D);
		gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel[i]);
	}
	set(gl.GetUniformLocation(p, "t[0]"), 2, row0);
	set(gl.GetUniformLocation(p, "t[1][0]"), 2, row1);
	draw_window_expect(want);
	gl.DeleteTextures(4, tex);
	gl.DeleteProgram(p);
	expect(GL_NO_ERROR);
}
END_TEST

static Suite *es31_draw_suite(void)
{
	Suite *s = suite_create("gl es31 draw");
	TCase *tc = tcase_create("indirect");
	TCase *tb = tcase_create("binding");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, draw_arrays_indirect);
	tcase_add_test(tc, helper_invocation_false_where_drawn);
	tcase_add_test(tc, varyings_match_by_location);
	tcase_add_test(tc, draw_arrays_indirect_updated);
	tcase_add_test(tc, draw_elements_indirect);
	tcase_add_test(tc, draw_elements_indirect_restart);
	tcase_add_test(tc, draw_elements_indirect_base_vertex);
	tcase_add_test(tc, draw_indirect_written_by_compute);
	tcase_add_test(tc, indirect_binding_query);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(tb, setup, glt_teardown);
	tcase_add_test(tb, format_and_binding_draw);
	tcase_add_test(tb, binding_divisor);
	tcase_add_test(tb, pointer_is_format_and_binding);
	tcase_add_test(tb, arrays_of_arrays_draw);
	tcase_add_test(tb, sampler_arrays_of_arrays_draw);
	suite_add_tcase(s, tb);
	return s;
}

int main(void)
{
	return glt_main(es31_draw_suite);
}
