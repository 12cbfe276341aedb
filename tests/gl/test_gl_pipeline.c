/* SPDX-License-Identifier: MIT */
/*
 * Pipelining (issue #15): a batch is submitted unasked at its size, draw or
 * time limit (gl/vgl_autoflush.h), so the host renders while the program
 * records. A long draw loop without glFinish becomes several submissions and
 * still draws the right pixels; a buffer written by a draw in an early
 * auto-flushed batch reads back right when mapped batches later; and the
 * stream bytes per draw stay exactly what they were (the figure bench/gles
 * compares with Mesa's).
 */
#include <string.h>

#include "gl_test_util.h"

/* One point per draw at a pixel's centre, of a uniform colour. */
static const char *vs_point =
	"#version 300 es\n"
	"uniform vec2 at;\n"
	"void main() { gl_Position = vec4(at, 0.0, 1.0); gl_PointSize = 1.0; }\n";
static const char *fs_colour =
	"#version 300 es\n"
	"precision mediump float;\n"
	"uniform vec4 colour;\n"
	"out vec4 o;\n"
	"void main() { o = colour; }\n";

struct point_prog {
	GLint at, colour;
};

static PFNGLUNIFORM2FPROC uniform2f;

static struct point_prog point_program(void)
{
	GLuint p = glt_program(vs_point, fs_colour);

	uniform2f = glt_proc("glUniform2f");
	gl.UseProgram(p);
	return (struct point_prog){ gl.GetUniformLocation(p, "at"),
				    gl.GetUniformLocation(p, "colour") };
}

static void point_at(const struct point_prog *pp, int x, int y)
{
	uniform2f(pp->at, ((float)x + 0.5f) * 2.0f / GLT_W - 1.0f,
		  ((float)y + 0.5f) * 2.0f / GLT_H - 1.0f);
}

/* Pixel i's colour in pass `pass`: differs per pixel and per pass. */
static void colour_of(int i, int pass, uint8_t c[4])
{
	c[0] = (uint8_t)(i * 7 + pass * 50);
	c[1] = (uint8_t)(i / 3 + pass * 30);
	c[2] = (uint8_t)(255 - i);
	c[3] = 255;
}

/* Draws every pixel of the surface once with its colour of `pass`. */
static void draw_pass(const struct point_prog *pp, int pass)
{
	for (int i = 0; i < GLT_W * GLT_H; i++) {
		uint8_t c[4];

		colour_of(i, pass, c);
		point_at(pp, i % GLT_W, i / GLT_W);
		gl.Uniform4f(pp->colour, c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, 1.0f);
		gl.DrawArrays(GL_POINTS, 0, 1);
	}
}

static void assert_pass(int pass)
{
	uint8_t px[GLT_W * GLT_H * 4];

	gl.ReadPixels(0, 0, GLT_W, GLT_H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	for (int i = 0; i < GLT_W * GLT_H; i++) {
		uint8_t c[4];

		colour_of(i, pass, c);
		for (int k = 0; k < 4; k++)
			ck_assert_msg(px[4 * i + k] >= c[k] - 1 && px[4 * i + k] <= c[k] + 1,
				      "pixel %d channel %d: %u, want %u", i, k, px[4 * i + k], c[k]);
	}
}

/* 4 passes over every pixel, no glFinish: the size limit (4 KiB here) cuts
 * the loop into many submissions; the last pass's colours are read back. */
START_TEST(t_size_limit_splits_loop)
{
	struct point_prog pp = point_program();
	const struct vgl_stats *s = vgl_context_stats(G.ctx);

	vgl_context_set_flush_limits(G.ctx, &(struct vgl_flush_limits){ .dwords = 1024 });
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	vgl_context_reset_stats(G.ctx);
	for (int pass = 0; pass < 4; pass++)
		draw_pass(&pp, pass);
	ck_assert_uint_ge(s->auto_flushes, 16);
	ck_assert_uint_eq(s->submits, s->auto_flushes);
	ck_assert_uint_eq(s->access_waits, 0);
	ck_assert_uint_eq(s->points_non_monotonic, 0);
	assert_pass(3);
}
END_TEST

/* The default limits (environment, README "Pipelining") split 20000 draws of
 * at least 52 bytes each (1 MB) into several submissions before any wait. */
START_TEST(t_default_limits_split_loop)
{
	struct point_prog pp = point_program();
	const struct vgl_stats *s = vgl_context_stats(G.ctx);

	point_at(&pp, GLT_W / 2, GLT_H / 2);
	gl.Uniform4f(pp.colour, 0.0f, 1.0f, 0.0f, 1.0f);
	vgl_context_reset_stats(G.ctx);
	for (int i = 0; i < 20000; i++)
		gl.DrawArrays(GL_POINTS, 0, 1);
	ck_assert_uint_ge(s->auto_flushes, 3);
	ck_assert_uint_eq(s->submits, s->auto_flushes);
	glt_assert_pixel(GLT_W / 2, GLT_H / 2, 0, 255, 0, 255);
}
END_TEST

/* Submissions made unasked by `draws` draws under limits `l`, from idle. */
static uint64_t auto_flushes_of(const struct vgl_flush_limits *l, int draws)
{
	struct point_prog pp = point_program();
	const struct vgl_stats *s = vgl_context_stats(G.ctx);

	point_at(&pp, 1, 1);
	gl.Finish();
	vgl_context_set_flush_limits(G.ctx, l);
	vgl_context_reset_stats(G.ctx);
	for (int i = 0; i < draws; i++)
		gl.DrawArrays(GL_POINTS, 0, 1);
	ck_assert_uint_eq(s->submits, s->auto_flushes);
	return s->auto_flushes;
}

/* The draw limit: exactly one submission per 100 draws. */
START_TEST(t_draw_limit)
{
	ck_assert_uint_eq(auto_flushes_of(&(struct vgl_flush_limits){ .draws = 100 }, 1000), 10);
}
END_TEST

/* The time limit is looked at every 16 draws: with 1 ns, every 16th draw
 * submits. */
START_TEST(t_time_limit)
{
	ck_assert_uint_eq(auto_flushes_of(&(struct vgl_flush_limits){ .ns = 1 }, 160), 10);
}
END_TEST

/* No limit at all: one submission, when asked. */
START_TEST(t_no_limits)
{
	const struct vgl_stats *s = vgl_context_stats(G.ctx);

	ck_assert_uint_eq(auto_flushes_of(&(struct vgl_flush_limits){ 0 }, 20000), 0);
	gl.Flush();
	ck_assert_uint_eq(s->submits, 1);
}
END_TEST
/* ---- a buffer written by a draw, mapped batches later ---------------------- */

static const char *vs_xfb =
	"#version 300 es\n"
	"layout(location = 0) in float id;\n"
	"out float v;\n"
	"void main() { v = id * 3.0 + 1.0; gl_Position = vec4(0.0, 0.0, 0.0, 1.0);"
	" gl_PointSize = 1.0; }\n";
static const char *fs_green =
	"#version 300 es\n"
	"precision mediump float;\n"
	"out vec4 o;\n"
	"void main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";

static GLuint xfb_program(void)
{
	PFNGLTRANSFORMFEEDBACKVARYINGSPROC varyings = glt_proc("glTransformFeedbackVaryings");
	const char *names[] = { "v" };
	GLuint p = glt_program(vs_xfb, fs_green);
	GLint ok = 0;

	varyings(p, 1, names, GL_INTERLEAVED_ATTRIBS);
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_int_eq(ok, GL_TRUE);
	return p;
}

/* Captures 8 values into a fresh buffer with one draw. */
static GLuint capture_8(GLuint prog)
{
	PFNGLBEGINTRANSFORMFEEDBACKPROC begin = glt_proc("glBeginTransformFeedback");
	PFNGLENDTRANSFORMFEEDBACKPROC end = glt_proc("glEndTransformFeedback");
	float ids[8], fill[8];
	GLuint out;

	for (int i = 0; i < 8; i++) {
		ids[i] = (float)i;
		fill[i] = -1.0f;
	}
	glt_buffer(GL_ARRAY_BUFFER, ids, sizeof(ids));
	gl.VertexAttribPointer(0, 1, GL_FLOAT, GL_FALSE, 0, NULL);
	gl.EnableVertexAttribArray(0);
	out = glt_buffer(GL_TRANSFORM_FEEDBACK_BUFFER, fill, sizeof(fill));
	gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, out);
	gl.UseProgram(prog);
	begin(GL_POINTS);
	gl.DrawArrays(GL_POINTS, 0, 8);
	end();
	return out;
}

/* The capture's batch is submitted by the draw limit (1), then 50 more
 * batches of other draws go out; the map must still see the captured values,
 * so it waited for the capture's own submission (or a later one). */
START_TEST(t_map_after_auto_flush)
{
	GLuint prog = xfb_program(), out;
	struct point_prog pp;
	const struct vgl_stats *s = vgl_context_stats(G.ctx);
	const float *v;

	gl.Finish();
	vgl_context_set_flush_limits(G.ctx, &(struct vgl_flush_limits){ .draws = 1 });
	vgl_context_reset_stats(G.ctx);
	out = capture_8(prog);
	ck_assert_uint_ge(s->auto_flushes, 1);
	pp = point_program();
	gl.DisableVertexAttribArray(0);
	for (int i = 0; i < 50; i++)
		gl.DrawArrays(GL_POINTS, 0, 1);
	ck_assert_uint_ge(s->auto_flushes, 51);
	gl.BindBuffer(GL_COPY_READ_BUFFER, out);
	v = gl.MapBufferRange(GL_COPY_READ_BUFFER, 0, 8 * sizeof(float), GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(v);
	for (int i = 0; i < 8; i++)
		ck_assert_msg(v[i] == (float)i * 3.0f + 1.0f, "value %d: %f", i, v[i]);
	gl.UnmapBuffer(GL_COPY_READ_BUFFER);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	(void)pp;
}
END_TEST

/* Blending on for every draw, its factors alternating per pixel: two
 * pipeline keys that differ only in their blending, switched each draw
 * without a whole key rebuild (gl/vgl_draw.c compares just that part). A
 * compare that saw only "blending on" would keep one pipeline: every pixel
 * would be written, or none. Even pixels take the colour (ONE, ZERO), odd
 * ones keep the cleared black (ZERO, ONE). */
START_TEST(t_blend_keys_alternate)
{
	struct point_prog pp = point_program();
	uint8_t px[GLT_W * GLT_H * 4];

	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Enable(GL_BLEND);
	for (int i = 0; i < GLT_W * GLT_H; i++) {
		gl.BlendFunc(i & 1 ? GL_ZERO : GL_ONE, i & 1 ? GL_ONE : GL_ZERO);
		point_at(&pp, i % GLT_W, i / GLT_W);
		gl.Uniform4f(pp.colour, 0.0f, 1.0f, 0.0f, 1.0f);
		gl.DrawArrays(GL_POINTS, 0, 1);
	}
	gl.Disable(GL_BLEND);
	gl.ReadPixels(0, 0, GLT_W, GLT_H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	for (int i = 0; i < GLT_W * GLT_H; i++)
		ck_assert_msg(px[4 * i + 1] == (i & 1 ? 0 : 255) && px[4 * i] == 0,
			      "pixel %d: green %u", i, px[4 * i + 1]);
}
END_TEST

/* ---- bytes per draw ---------------------------------------------------------- */

/* The dwords one more draw adds to the stream after `warm` draws of the
 * same kind (state already bound); `change` runs before each draw. */
static uint32_t dwords_of_draw(void (*change)(const struct point_prog *, int),
			       const struct point_prog *pp)
{
	const uint32_t *dw;
	uint32_t before;

	for (int i = 0; i < 4; i++) {
		change(pp, i);
		gl.DrawArrays(GL_POINTS, 0, 1);
	}
	before = vgl_context_recorded(G.ctx, &dw);
	change(pp, 4);
	gl.DrawArrays(GL_POINTS, 0, 1);
	return vgl_context_recorded(G.ctx, &dw) - before;
}

static void no_change(const struct point_prog *pp, int i)
{
	(void)pp;
	(void)i;
}

static void new_colour(const struct point_prog *pp, int i)
{
	gl.Uniform4f(pp->colour, (float)(i & 1), 0.5f, 0.25f, 1.0f);
}

/* Exact counts, so that pipelining (or anything else) adding bytes to every
 * draw fails here and not only in a benchmark: a draw with nothing changed is
 * DRAW_VBO alone (header + 12 dwords, 52 bytes: bench/gles's "none" row); a
 * new vec4 uniform adds its default-block upload (22 dwords). */
START_TEST(t_bytes_per_draw)
{
	struct point_prog pp = point_program();

	gl.Finish();
	vgl_context_set_flush_limits(G.ctx, &(struct vgl_flush_limits){ 0 });
	point_at(&pp, 0, 0);
	ck_assert_uint_eq(dwords_of_draw(no_change, &pp), 13);
	ck_assert_uint_eq(dwords_of_draw(new_colour, &pp), 35);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("gl_pipeline");
	TCase *tc = tcase_create("pipeline");

	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, t_size_limit_splits_loop);
	tcase_add_test(tc, t_default_limits_split_loop);
	tcase_add_test(tc, t_draw_limit);
	tcase_add_test(tc, t_time_limit);
	tcase_add_test(tc, t_no_limits);
	tcase_add_test(tc, t_map_after_auto_flush);
	tcase_add_test(tc, t_bytes_per_draw);
	tcase_add_test(tc, t_blend_keys_alternate);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(make_suite);
}
