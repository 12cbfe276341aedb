/* SPDX-License-Identifier: MIT */
/*
 * Query objects: ANY_SAMPLES_PASSED (and its conservative form) answer for
 * what a draw really wrote, availability comes true without the
 * application flushing, queries stay right across flushes and frames in
 * flight, ids are reused and deleted while active; the errors of ES 3.0
 * §2.13 / §6.1.7; TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN counts nothing
 * without transform feedback; EXT_disjoint_timer_query where advertised.
 */
#include <string.h>
#include <time.h>

#include "gl_test_util.h"

/* EXT_disjoint_timer_query (<GLES2/gl2ext.h> is not included) */
#define GL_TIME_ELAPSED_EXT 0x88BF
#define GL_TIMESTAMP_EXT 0x8E28
#define GL_GPU_DISJOINT_EXT 0x8FBB
#define GL_QUERY_COUNTER_BITS_EXT 0x8864
typedef void(GL_APIENTRYP PFNGLQUERYCOUNTEREXTPROC)(GLuint id, GLenum target);
typedef void(GL_APIENTRYP PFNGLGETQUERYOBJECTUI64VEXTPROC)(GLuint id, GLenum pname,
							    GLuint64 *params);

struct query_gl {
	PFNGLGENQUERIESPROC GenQueries;
	PFNGLDELETEQUERIESPROC DeleteQueries;
	PFNGLISQUERYPROC IsQuery;
	PFNGLBEGINQUERYPROC BeginQuery;
	PFNGLENDQUERYPROC EndQuery;
	PFNGLGETQUERYIVPROC GetQueryiv;
	PFNGLGETQUERYOBJECTUIVPROC GetQueryObjectuiv;
	PFNGLQUERYCOUNTEREXTPROC QueryCounterEXT;
	PFNGLGETQUERYOBJECTUI64VEXTPROC GetQueryObjectui64vEXT;
	PFNGLGETINTEGER64VPROC GetInteger64v;
};

static struct query_gl q;

static void setup(void)
{
	glt_setup();
	q.GenQueries = glt_proc("glGenQueries");
	q.DeleteQueries = glt_proc("glDeleteQueries");
	q.IsQuery = glt_proc("glIsQuery");
	q.BeginQuery = glt_proc("glBeginQuery");
	q.EndQuery = glt_proc("glEndQuery");
	q.GetQueryiv = glt_proc("glGetQueryiv");
	q.GetQueryObjectuiv = glt_proc("glGetQueryObjectuiv");
	q.QueryCounterEXT = glt_proc("glQueryCounterEXT");
	q.GetQueryObjectui64vEXT = glt_proc("glGetQueryObjectui64vEXT");
	q.GetInteger64v = glt_proc("glGetInteger64v");
}

static const char *vs =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.5, 1.0); }\n";
static const char *fs =
	"#version 300 es\n"
	"precision mediump float;\n"
	"out vec4 o;\n"
	"void main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";

static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };

/* A green full-screen quad program, its vertices bound at location 0. */
static void use_quad(void)
{
	gl.UseProgram(glt_program(vs, fs));
	glt_buffer(GL_ARRAY_BUFFER, full, sizeof(full));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	gl.EnableVertexAttribArray(0);
}

static GLuint gen(void)
{
	GLuint id = 0;

	q.GenQueries(1, &id);
	ck_assert_uint_ne(id, 0);
	return id;
}

static GLuint result(GLuint id)
{
	GLuint r = 0xdead;

	q.GetQueryObjectuiv(id, GL_QUERY_RESULT, &r);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	return r;
}

static void draw_in_query(GLenum target, GLuint id)
{
	q.BeginQuery(target, id);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	q.EndQuery(target);
}

/* How the quad is hidden (or not) in a case. */
enum hide { SHOWN, DEPTH_FAILS, SCISSORED };

static void hide(enum hide how)
{
	gl.ClearDepthf(1);
	gl.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	gl.Disable(GL_DEPTH_TEST);
	gl.Disable(GL_SCISSOR_TEST);
	if (how == DEPTH_FAILS) {
		gl.Enable(GL_DEPTH_TEST);
		gl.DepthFunc(GL_NEVER);
	} else if (how == SCISSORED) {
		gl.Enable(GL_SCISSOR_TEST);
		gl.Scissor(0, 0, 0, 0);
	}
}

static const struct {
	GLenum target;
	enum hide how;
	GLuint want;  /* 2: conservative, either answer */
} sample_cases[] = {
	{ GL_ANY_SAMPLES_PASSED, SHOWN, GL_TRUE },
	{ GL_ANY_SAMPLES_PASSED, DEPTH_FAILS, GL_FALSE },
	{ GL_ANY_SAMPLES_PASSED, SCISSORED, GL_FALSE },
	{ GL_ANY_SAMPLES_PASSED_CONSERVATIVE, SHOWN, GL_TRUE },
	/* a conservative query may say TRUE when nothing passed */
	{ GL_ANY_SAMPLES_PASSED_CONSERVATIVE, DEPTH_FAILS, 2 },
	{ GL_ANY_SAMPLES_PASSED_CONSERVATIVE, SCISSORED, 2 },
};

START_TEST(any_samples_passed)
{
	GLuint id = gen(), r;

	use_quad();
	hide(sample_cases[_i].how);
	draw_in_query(sample_cases[_i].target, id);
	r = result(id);
	if (sample_cases[_i].want != 2)
		ck_assert_uint_eq(r, sample_cases[_i].want);
	else
		ck_assert(r == GL_TRUE || r == GL_FALSE);
	ck_assert(q.IsQuery(id));
}
END_TEST

static bool available(GLuint id)
{
	GLuint a = 0xdead;

	q.GetQueryObjectuiv(id, GL_QUERY_RESULT_AVAILABLE, &a);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert(a == GL_TRUE || a == GL_FALSE);
	return a == GL_TRUE;
}

/* Polling availability comes true with no glFlush from the application. */
START_TEST(availability_comes_without_flush)
{
	GLuint id = gen();
	struct timespec t0, t;

	use_quad();
	hide(SHOWN);
	draw_in_query(GL_ANY_SAMPLES_PASSED, id);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	while (!available(id)) {
		clock_gettime(CLOCK_MONOTONIC, &t);
		ck_assert_msg(t.tv_sec - t0.tv_sec < 20, "never available");
	}
	ck_assert_uint_eq(result(id), GL_TRUE);
}
END_TEST

/* Frames in flight: one query per frame, ended and flushed, read only at the
 * end; odd frames draw nothing that passes. */
START_TEST(queries_across_frames)
{
	enum { FRAMES = 6 };
	GLuint ids[FRAMES];

	use_quad();
	q.GenQueries(FRAMES, ids);
	for (int f = 0; f < FRAMES; f++) {
		hide(f % 2 ? SCISSORED : SHOWN);
		draw_in_query(GL_ANY_SAMPLES_PASSED, ids[f]);
		gl.Flush();
	}
	for (int f = FRAMES - 1; f >= 0; f--)
		ck_assert_uint_eq(result(ids[f]), f % 2 ? GL_FALSE : GL_TRUE);
	q.DeleteQueries(FRAMES, ids);
}
END_TEST

/* A query active across flushes counts the draws of every batch it spans. */
START_TEST(query_spans_flushes)
{
	GLuint id = gen();

	use_quad();
	hide(SCISSORED);
	q.BeginQuery(GL_ANY_SAMPLES_PASSED, id);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.Flush();
	gl.Finish();
	gl.Disable(GL_SCISSOR_TEST);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.Flush();
	q.EndQuery(GL_ANY_SAMPLES_PASSED);
	ck_assert_uint_eq(result(id), GL_TRUE);
	/* ended right after a flush: nothing recorded, still FALSE when hidden */
	hide(SCISSORED);
	q.BeginQuery(GL_ANY_SAMPLES_PASSED, id);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.Flush();
	q.EndQuery(GL_ANY_SAMPLES_PASSED);
	ck_assert_uint_eq(result(id), GL_FALSE);
}
END_TEST

/* One id, used again: the result is always the last run's. */
START_TEST(id_reused)
{
	GLuint id = gen();

	use_quad();
	for (int i = 0; i < 4; i++) {
		hide(i % 2 ? DEPTH_FAILS : SHOWN);
		draw_in_query(GL_ANY_SAMPLES_PASSED, id);
		ck_assert_uint_eq(result(id), i % 2 ? GL_FALSE : GL_TRUE);
	}
}
END_TEST

/* Deleting an active query ends it: the target is free again. */
START_TEST(delete_active_query)
{
	GLuint id = gen(), other = gen();
	GLint cur = -1;

	use_quad();
	q.BeginQuery(GL_ANY_SAMPLES_PASSED, id);
	q.GetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &cur);
	ck_assert_int_eq(cur, (GLint)id);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	q.DeleteQueries(1, &id);
	ck_assert(!q.IsQuery(id));
	q.GetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &cur);
	ck_assert_int_eq(cur, 0);
	draw_in_query(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, other);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_uint_eq(result(other), GL_TRUE);
}
END_TEST

/* A generated name is no query object until its first begin. */
START_TEST(is_query_after_begin)
{
	GLuint id = gen();
	GLint cur = -1;

	ck_assert(!q.IsQuery(id));
	ck_assert(!q.IsQuery(0));
	q.BeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, id);
	ck_assert(q.IsQuery(id));
	q.GetQueryiv(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, GL_CURRENT_QUERY, &cur);
	ck_assert_int_eq(cur, (GLint)id);
	q.GetQueryiv(GL_ANY_SAMPLES_PASSED, GL_CURRENT_QUERY, &cur);
	ck_assert_int_eq(cur, 0);
	q.EndQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}
END_TEST

/* Without transform feedback nothing is written; the query runs alongside
 * an occlusion query (another target). */
START_TEST(tf_primitives_written_without_tf)
{
	GLuint tf = gen(), any = gen();

	use_quad();
	hide(SHOWN);
	q.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, tf);
	draw_in_query(GL_ANY_SAMPLES_PASSED, any);
	q.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
	ck_assert_uint_eq(result(tf), 0);
	ck_assert_uint_eq(result(any), GL_TRUE);
}
END_TEST

/* ---- errors (ES 3.0 §2.13, §6.1.7); a and b are generated, unused names ---------------- */

#define ERR(name) static void name(GLuint a, GLuint b)

ERR(begin_active_target)
{
	q.BeginQuery(GL_ANY_SAMPLES_PASSED, a);
	q.BeginQuery(GL_ANY_SAMPLES_PASSED, b);
}
ERR(begin_conservative_while_any)
{
	q.BeginQuery(GL_ANY_SAMPLES_PASSED, a);
	q.BeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, b);
}
ERR(begin_id_of_other_target)
{
	(void)b;
	q.BeginQuery(GL_ANY_SAMPLES_PASSED, a);
	q.EndQuery(GL_ANY_SAMPLES_PASSED);
	q.BeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, a);
}
ERR(begin_id_active_elsewhere)
{
	(void)b;
	q.BeginQuery(GL_ANY_SAMPLES_PASSED, a);
	q.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, a);
}
ERR(begin_zero) { (void)a; (void)b; q.BeginQuery(GL_ANY_SAMPLES_PASSED, 0); }
ERR(begin_never_generated) { q.BeginQuery(GL_ANY_SAMPLES_PASSED, a + b + 100); }
ERR(begin_bad_target) { (void)b; q.BeginQuery(GL_TEXTURE_2D, a); }
ERR(end_without_begin) { (void)a; (void)b; q.EndQuery(GL_ANY_SAMPLES_PASSED); }
ERR(end_other_sample_target)
{
	(void)b;
	q.BeginQuery(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, a);
	q.EndQuery(GL_ANY_SAMPLES_PASSED);
}
ERR(end_bad_target) { (void)a; (void)b; q.EndQuery(GL_TEXTURE_2D); }
ERR(result_of_active)
{
	GLuint r;

	(void)b;
	q.BeginQuery(GL_ANY_SAMPLES_PASSED, a);
	q.GetQueryObjectuiv(a, GL_QUERY_RESULT, &r);
}
ERR(result_never_begun)
{
	GLuint r;

	(void)b;
	q.GetQueryObjectuiv(a, GL_QUERY_RESULT_AVAILABLE, &r);
}
ERR(object_pname)
{
	GLuint r;

	(void)b;
	draw_in_query(GL_ANY_SAMPLES_PASSED, a);
	q.GetQueryObjectuiv(a, GL_CURRENT_QUERY, &r);
}
ERR(query_pname)
{
	GLint r;

	(void)a;
	(void)b;
	q.GetQueryiv(GL_ANY_SAMPLES_PASSED, GL_QUERY_RESULT, &r);
}
ERR(query_target) { GLint r; (void)a; (void)b; q.GetQueryiv(GL_TEXTURE_2D, GL_CURRENT_QUERY, &r); }
ERR(gen_negative) { GLuint r; (void)a; (void)b; q.GenQueries(-1, &r); }
ERR(delete_negative) { (void)b; q.DeleteQueries(-1, &a); }

static const struct {
	const char *what;
	void (*call)(GLuint a, GLuint b);
	GLenum want;
} error_cases[] = {
	{ "begin on an active target", begin_active_target, GL_INVALID_OPERATION },
	{ "conservative while any-samples is active", begin_conservative_while_any,
	  GL_INVALID_OPERATION },
	{ "id of another target", begin_id_of_other_target, GL_INVALID_OPERATION },
	{ "id active on another target", begin_id_active_elsewhere, GL_INVALID_OPERATION },
	{ "begin id 0", begin_zero, GL_INVALID_OPERATION },
	{ "begin a name never generated", begin_never_generated, GL_INVALID_OPERATION },
	{ "begin a bad target", begin_bad_target, GL_INVALID_ENUM },
	{ "end without begin", end_without_begin, GL_INVALID_OPERATION },
	{ "end the other sample target", end_other_sample_target, GL_INVALID_OPERATION },
	{ "end a bad target", end_bad_target, GL_INVALID_ENUM },
	{ "QUERY_RESULT of an active query", result_of_active, GL_INVALID_OPERATION },
	{ "result of a name never begun", result_never_begun, GL_INVALID_OPERATION },
	{ "object pname", object_pname, GL_INVALID_ENUM },
	{ "query pname", query_pname, GL_INVALID_ENUM },
	{ "query target", query_target, GL_INVALID_ENUM },
	{ "gen a negative count", gen_negative, GL_INVALID_VALUE },
	{ "delete a negative count", delete_negative, GL_INVALID_VALUE },
};

START_TEST(errors)
{
	GLuint a = gen(), b = gen();

	use_quad();
	while (gl.GetError() != GL_NO_ERROR)
		;
	error_cases[_i].call(a, b);
	ck_assert_msg(gl.GetError() == error_cases[_i].want, "%s", error_cases[_i].what);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}
END_TEST

/* ---- EXT_disjoint_timer_query --------------------------------------------------------- */

static bool has_timer(void)
{
	return strstr((const char *)gl.GetString(GL_EXTENSIONS), "GL_EXT_disjoint_timer_query");
}

static GLuint64 result64(GLuint id)
{
	GLuint64 r = 0;

	q.GetQueryObjectui64vEXT(id, GL_QUERY_RESULT, &r);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	return r;
}

/* Elapsed time of real work is > 0; counters and the GPU clock move forward. */
START_TEST(timer_queries)
{
	GLuint el = gen(), t0 = gen(), t1 = gen();
	GLint bits = 0, disjoint = -1;
	GLint64 now0 = 0, now1 = 0;

	/* advertised only where the host times (vk/'s queue has timestamps) */
	if (!has_timer())
		return;
	use_quad();
	hide(SHOWN);
	q.GetInteger64v(GL_TIMESTAMP_EXT, &now0);
	q.QueryCounterEXT(t0, GL_TIMESTAMP_EXT);
	q.BeginQuery(GL_TIME_ELAPSED_EXT, el);
	for (int i = 0; i < 50; i++)
		gl.DrawArrays(GL_TRIANGLES, 0, 6);
	q.EndQuery(GL_TIME_ELAPSED_EXT);
	q.QueryCounterEXT(t1, GL_TIMESTAMP_EXT);
	ck_assert_uint_gt(result64(el), 0);
	ck_assert_uint_gt(result64(t0), 0);
	ck_assert_uint_ge(result64(t1), result64(t0));
	q.GetInteger64v(GL_TIMESTAMP_EXT, &now1);
	ck_assert_int_gt(now0, 0);
	ck_assert_int_ge(now1, (GLint64)result64(t1));
	q.GetQueryiv(GL_TIME_ELAPSED_EXT, GL_QUERY_COUNTER_BITS_EXT, &bits);
	ck_assert_int_eq(bits, 64);
	q.GetQueryiv(GL_TIMESTAMP_EXT, GL_QUERY_COUNTER_BITS_EXT, &bits);
	ck_assert_int_eq(bits, 64);
	gl.GetIntegerv(GL_GPU_DISJOINT_EXT, &disjoint);
	ck_assert_int_eq(disjoint, 0);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	/* a timestamp query is never begun, nor counted into by a begun id */
	q.BeginQuery(GL_TIMESTAMP_EXT, t0);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	q.QueryCounterEXT(el, GL_TIMESTAMP_EXT);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_query");
	TCase *tc = tcase_create("query");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_loop_test(tc, any_samples_passed, 0,
			    sizeof(sample_cases) / sizeof(sample_cases[0]));
	tcase_add_test(tc, availability_comes_without_flush);
	tcase_add_test(tc, queries_across_frames);
	tcase_add_test(tc, query_spans_flushes);
	tcase_add_test(tc, id_reused);
	tcase_add_test(tc, delete_active_query);
	tcase_add_test(tc, is_query_after_begin);
	tcase_add_test(tc, tf_primitives_written_without_tf);
	tcase_add_loop_test(tc, errors, 0, sizeof(error_cases) / sizeof(error_cases[0]));
	tcase_add_test(tc, timer_queries);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
