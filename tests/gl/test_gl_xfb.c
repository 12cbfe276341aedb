/* SPDX-License-Identifier: MIT */
/*
 * Transform feedback (ES 3.0 section 2.15): the values captured, read back
 * through glMapBufferRange, in INTERLEAVED and SEPARATE mode, of array
 * elements, whole arrays, struct members and gl_Position; pause/resume
 * (also across a flush) appends; RASTERIZER_DISCARD draws nothing yet
 * captures; TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN counts; instanced draws
 * capture every instance; the queries of programs, bindings and state.
 * The errors are in test_gl_errors.c.
 */
#include <string.h>

#include "gl_test_util.h"

struct xfb_gl {
	PFNGLGENTRANSFORMFEEDBACKSPROC GenTransformFeedbacks;
	PFNGLDELETETRANSFORMFEEDBACKSPROC DeleteTransformFeedbacks;
	PFNGLISTRANSFORMFEEDBACKPROC IsTransformFeedback;
	PFNGLBINDTRANSFORMFEEDBACKPROC BindTransformFeedback;
	PFNGLBEGINTRANSFORMFEEDBACKPROC BeginTransformFeedback;
	PFNGLENDTRANSFORMFEEDBACKPROC EndTransformFeedback;
	PFNGLPAUSETRANSFORMFEEDBACKPROC PauseTransformFeedback;
	PFNGLRESUMETRANSFORMFEEDBACKPROC ResumeTransformFeedback;
	PFNGLTRANSFORMFEEDBACKVARYINGSPROC TransformFeedbackVaryings;
	PFNGLGETTRANSFORMFEEDBACKVARYINGPROC GetTransformFeedbackVarying;
	PFNGLGETINTEGERI_VPROC GetIntegeri_v;
	PFNGLGENQUERIESPROC GenQueries;
	PFNGLBEGINQUERYPROC BeginQuery;
	PFNGLENDQUERYPROC EndQuery;
	PFNGLGETQUERYOBJECTUIVPROC GetQueryObjectuiv;
};

static struct xfb_gl x;

#define LOAD(n) x.n = glt_proc("gl" #n)

static void setup(void)
{
	glt_setup();
	LOAD(GenTransformFeedbacks);
	LOAD(DeleteTransformFeedbacks);
	LOAD(IsTransformFeedback);
	LOAD(BindTransformFeedback);
	LOAD(BeginTransformFeedback);
	LOAD(EndTransformFeedback);
	LOAD(PauseTransformFeedback);
	LOAD(ResumeTransformFeedback);
	LOAD(TransformFeedbackVaryings);
	LOAD(GetTransformFeedbackVarying);
	LOAD(GetIntegeri_v);
	LOAD(GenQueries);
	LOAD(BeginQuery);
	LOAD(EndQuery);
	LOAD(GetQueryObjectuiv);
}

/* Vertex i (attribute `id` = i) writes values made of i and the instance. */
static const char *vs =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"layout(location = 1) in float id;\n"
	"struct S { float a; vec2 b; };\n"
	"out vec4 v_a;\n"
	"out float v_b[3];\n"
	"flat out ivec2 v_i;\n"
	"out S s;\n"
	"void main() {\n"
	"  v_a = vec4(id, id + 0.5, -id, 2.0);\n"
	"  v_b[0] = 10.0 + id; v_b[1] = 20.0 + id; v_b[2] = 30.0 + id;\n"
	"  v_i = ivec2(int(id) * 3, gl_InstanceID);\n"
	"  s.a = 40.0 + id; s.b = vec2(50.0 + id, 60.0 + id);\n"
	"  gl_Position = vec4(pos, 0.25, 1.0);\n"
	"}\n";
static const char *fs =
	"#version 300 es\n"
	"precision mediump float;\n"
	"in vec4 v_a;\n"
	"out vec4 o;\n"
	"void main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";

/* A triangle list of `n` vertices over the window: pos and id. */
static void vertices(int n)
{
	static const float xy[6][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 },
					{ -1, -1 }, { 1, 1 }, { -1, 1 } };
	float v[6 * 3];

	for (int i = 0; i < n; i++) {
		v[3 * i] = xy[i % 6][0];
		v[3 * i + 1] = xy[i % 6][1];
		v[3 * i + 2] = (float)i;
	}
	glt_buffer(GL_ARRAY_BUFFER, v, (GLsizeiptr)(n * 3 * sizeof(float)));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 12, NULL);
	gl.VertexAttribPointer(1, 1, GL_FLOAT, GL_FALSE, 12, (const void *)8);
	gl.EnableVertexAttribArray(0);
	gl.EnableVertexAttribArray(1);
}

static GLuint program(const char *const *names, GLsizei n, GLenum mode)
{
	GLuint p = glt_program(vs, fs);
	GLint ok = 0;

	x.TransformFeedbackVaryings(p, n, names, mode);
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_int_eq(ok, GL_TRUE);
	gl.UseProgram(p);
	return p;
}

/* A buffer of `bytes` filled with -1.0f, bound at TF binding `index`. */
static GLuint out_buffer(GLuint index, GLsizeiptr bytes)
{
	float fill[256];
	GLuint b;

	ck_assert_int_le(bytes, (GLsizeiptr)sizeof(fill));
	for (size_t i = 0; i < 256; i++)
		fill[i] = -1.0f;
	gl.GenBuffers(1, &b);
	gl.BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
	gl.BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, bytes, fill, GL_STREAM_READ);
	gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, index, b);
	return b;
}

/* Maps buffer b and compares its first n floats with want. */
static void expect_floats(GLuint b, const float *want, int n)
{
	const float *got;

	gl.BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
	got = gl.MapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, n * 4, GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(got);
	for (int i = 0; i < n; i++)
		ck_assert_msg(got[i] == want[i], "float %d: %f, want %f", i, (double)got[i],
			      (double)want[i]);
	gl.UnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
}

/* gl_Position, an array element, a struct member and a vec4, interleaved. */
START_TEST(interleaved_captures_each_vertex)
{
	static const char *const names[] = { "gl_Position", "v_b[1]", "s.b", "v_a" };
	float want[3 * 11 + 1];
	GLuint b;

	program(names, 4, GL_INTERLEAVED_ATTRIBS);
	vertices(3);
	b = out_buffer(0, 4 * 11 * 4);
	x.BeginTransformFeedback(GL_TRIANGLES);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	x.EndTransformFeedback();
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	for (int i = 0; i < 3; i++) {
		static const float xy[3][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 } };
		float f = (float)i, *w = want + 11 * i;
		const float row[11] = { xy[i][0], xy[i][1], 0.25f, 1, 20 + f, 50 + f, 60 + f,
					f, f + 0.5f, -f, 2 };

		memcpy(w, row, sizeof(row));
	}
	want[3 * 11] = -1; /* the fourth vertex's place is left alone */
	expect_floats(b, want, 3 * 11 + 1);
	glt_assert_pixel(16, 16, 0, 0xff, 0, 0xff);
}
END_TEST

/* A whole array and a struct member in buffers of their own. */
START_TEST(separate_captures_whole_array)
{
	static const char *const names[] = { "v_b", "s.a" };
	const float want_b[9] = { 10, 20, 30, 11, 21, 31, 12, 22, 32 }, want_a[3] = { 40, 41, 42 };
	GLuint b0, b1;

	program(names, 2, GL_SEPARATE_ATTRIBS);
	vertices(3);
	b0 = out_buffer(0, 9 * 4);
	b1 = out_buffer(1, 3 * 4);
	x.BeginTransformFeedback(GL_TRIANGLES);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	x.EndTransformFeedback();
	expect_floats(b0, want_b, 9);
	expect_floats(b1, want_a, 3);
}
END_TEST

/* Paused, a draw captures nothing; resumed (after a flush too), it appends. */
START_TEST(pause_resume_appends)
{
	static const char *const names[] = { "v_b[0]" };
	const float want[8] = { 10, 11, 12, 13, 14, 15, -1, -1 };
	GLuint b;

	program(names, 1, GL_INTERLEAVED_ATTRIBS);
	vertices(6);
	b = out_buffer(0, 8 * 4);
	x.BeginTransformFeedback(GL_TRIANGLES);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	x.PauseTransformFeedback();
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	gl.Flush();
	x.ResumeTransformFeedback();
	gl.DrawArrays(GL_TRIANGLES, 3, 3);
	x.EndTransformFeedback();
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	expect_floats(b, want, 8);
}
END_TEST

/* RASTERIZER_DISCARD: the window stays cleared, the capture happens, and the
 * query counts the primitives written. */
START_TEST(discard_still_captures_and_counts)
{
	static const char *const names[] = { "v_b[2]" };
	const float want[6] = { 30, 31, 32, 33, 34, 35 };
	GLuint b, q, n = 0;

	program(names, 1, GL_INTERLEAVED_ATTRIBS);
	vertices(6);
	b = out_buffer(0, 6 * 4);
	gl.ClearColor(0, 0, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Enable(GL_RASTERIZER_DISCARD);
	x.GenQueries(1, &q);
	x.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
	x.BeginTransformFeedback(GL_TRIANGLES);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	x.EndTransformFeedback();
	x.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
	gl.Disable(GL_RASTERIZER_DISCARD);
	x.GetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
	ck_assert_uint_eq(n, 2);
	expect_floats(b, want, 6);
	glt_assert_pixel(16, 16, 0, 0, 0xff, 0xff);
}
END_TEST

/* Every instance is captured, instance after instance. */
START_TEST(instanced_captures_every_instance)
{
	static const char *const names[] = { "v_i" };
	GLint want[12] = { 0, 0, 3, 0, 6, 0, 0, 1, 3, 1, 6, 1 };
	GLuint b;

	program(names, 1, GL_INTERLEAVED_ATTRIBS);
	vertices(3);
	b = out_buffer(0, 12 * 4);
	x.BeginTransformFeedback(GL_TRIANGLES);
	gl.DrawArraysInstanced(GL_TRIANGLES, 0, 3, 2);
	x.EndTransformFeedback();
	expect_floats(b, (const float *)want, 12); /* compared bit for bit */
}
END_TEST

/* What the program and the bindings report. */
START_TEST(queries_report_link_and_bindings)
{
	static const char *const names[] = { "v_a", "v_b" };
	GLuint p = program(names, 2, GL_SEPARATE_ATTRIBS), b, tf;
	GLint v = 0;
	GLsizei len = 0, size = 0;
	GLenum type = 0;
	char name[16];

	gl.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYINGS, &v);
	ck_assert_int_eq(v, 2);
	gl.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH, &v);
	ck_assert_int_eq(v, 4);
	gl.GetProgramiv(p, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &v);
	ck_assert_int_eq(v, GL_SEPARATE_ATTRIBS);
	x.GetTransformFeedbackVarying(p, 1, sizeof(name), &len, &size, &type, name);
	ck_assert_str_eq(name, "v_b");
	ck_assert_int_eq(len, 3);
	ck_assert_int_eq(size, 3);
	ck_assert_int_eq(type, GL_FLOAT);
	x.GetTransformFeedbackVarying(p, 0, sizeof(name), &len, &size, &type, name);
	ck_assert_int_eq(type, GL_FLOAT_VEC4);
	ck_assert_int_eq(size, 1);
	x.GenTransformFeedbacks(1, &tf);
	ck_assert(!x.IsTransformFeedback(tf));
	x.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf);
	ck_assert(x.IsTransformFeedback(tf));
	gl.GetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &v);
	ck_assert_int_eq(v, (GLint)tf);
	b = out_buffer(1, 64);
	gl.BindBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 2, b, 8, 16);
	x.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &v);
	ck_assert_int_eq(v, (GLint)b);
	x.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_START, 2, &v);
	ck_assert_int_eq(v, 8);
	x.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_SIZE, 2, &v);
	ck_assert_int_eq(v, 16);
	out_buffer(0, 64);
	x.BeginTransformFeedback(GL_POINTS);
	x.PauseTransformFeedback();
	gl.GetIntegerv(GL_TRANSFORM_FEEDBACK_ACTIVE, &v);
	ck_assert_int_eq(v, 1);
	gl.GetIntegerv(GL_TRANSFORM_FEEDBACK_PAUSED, &v);
	ck_assert_int_eq(v, 1);
	/* the object holds its bindings: object 0 has none at 1 */
	x.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
	x.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &v);
	ck_assert_int_eq(v, 0);
	x.BindTransformFeedback(GL_TRANSFORM_FEEDBACK, tf);
	x.ResumeTransformFeedback();
	x.EndTransformFeedback();
	gl.GetIntegerv(GL_TRANSFORM_FEEDBACK_ACTIVE, &v);
	ck_assert_int_eq(v, 0);
	gl.GetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS, &v);
	ck_assert_int_eq(v, 4);
	gl.GetIntegerv(GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS, &v);
	ck_assert_int_ge(v, 64);
	/* deleting a buffer unbinds it from the generic and the object's points */
	gl.BindBuffer(GL_TRANSFORM_FEEDBACK_BUFFER, b);
	gl.DeleteBuffers(1, &b);
	x.GetIntegeri_v(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 1, &v);
	ck_assert_int_eq(v, 0);
	gl.GetIntegerv(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, &v);
	ck_assert_int_eq(v, 0);
	x.DeleteTransformFeedbacks(1, &tf);
	gl.GetIntegerv(GL_TRANSFORM_FEEDBACK_BINDING, &v);
	ck_assert_int_eq(v, 0);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}
END_TEST

static Suite *xfb_suite(void)
{
	Suite *s = suite_create("gl transform feedback");
	TCase *tc = tcase_create("xfb");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, interleaved_captures_each_vertex);
	tcase_add_test(tc, separate_captures_whole_array);
	tcase_add_test(tc, pause_resume_appends);
	tcase_add_test(tc, discard_still_captures_and_counts);
	tcase_add_test(tc, instanced_captures_every_instance);
	tcase_add_test(tc, queries_report_link_and_bindings);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(xfb_suite);
}
