/* SPDX-License-Identifier: MIT */
/*
 * glBlitFramebuffer (ES 3.0 §4.3.3): 1:1, scaled, mirrored by swapped
 * coordinates, NEAREST against LINEAR on a pixel where they differ, depth
 * and stencil images (checked by drawing with the depth / stencil test),
 * the scissor box, a multisample renderbuffer rendered and resolved (an edge
 * pixel is a blend), GL_SAMPLE_COVERAGE's share of its samples, and blits
 * from and to framebuffer 0.
 */
#include <stdlib.h>

#include "gl_test_util.h"

#define F(n) ((__typeof__(&gl##n))glt_proc("gl" #n))

static const char *vs =
	"#version 300 es\n"
	"in vec2 pos;\n"
	"uniform float u_z;\n"
	"void main() { gl_Position = vec4(pos, u_z, 1.0); }\n";
static const char *fs =
	"#version 300 es\n"
	"precision mediump float;\n"
	"uniform vec4 u_color;\n"
	"out vec4 o;\n"
	"void main() { o = u_color; }\n";

static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };
/* the lower-left half below the diagonal x + y = 0 */
static const float half[6] = { -1, -1, 1, -1, -1, 1 };

static void draw(const float *v, int n, float z, float r, float g, float b)
{
	GLuint p = glt_program(vs, fs);

	gl.UseProgram(p);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), r, g, b, 1);
	gl.Uniform1f(gl.GetUniformLocation(p, "u_z"), z);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, n);
	gl.DeleteProgram(p);
}

static GLuint renderbuffer(GLsizei samples, GLenum format, GLsizei w, GLsizei h)
{
	GLuint r;

	F(GenRenderbuffers)(1, &r);
	F(BindRenderbuffer)(GL_RENDERBUFFER, r);
	F(RenderbufferStorageMultisample)(GL_RENDERBUFFER, samples, format, w, h);
	return r;
}

/* An FBO of w x h: an RGBA8 colour renderbuffer, a D24S8 one if ds, bound to `target`. */
static GLuint fbo(GLenum target, GLsizei samples, GLsizei w, GLsizei h, bool ds)
{
	GLuint f;

	F(GenFramebuffers)(1, &f);
	F(BindFramebuffer)(target, f);
	F(FramebufferRenderbuffer)(target, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
				   renderbuffer(samples, GL_RGBA8, w, h));
	if (ds)
		F(FramebufferRenderbuffer)(target, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER,
					   renderbuffer(samples, GL_DEPTH24_STENCIL8, w, h));
	ck_assert_uint_eq(F(CheckFramebufferStatus)(target), GL_FRAMEBUFFER_COMPLETE);
	return f;
}

static void clear_rect(int x, int y, int w, int h, float r, float g, float b)
{
	gl.Enable(GL_SCISSOR_TEST);
	gl.Scissor(x, y, w, h);
	gl.ClearColor(r, g, b, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Disable(GL_SCISSOR_TEST);
}

/* A 16x16 source: red left half, green right half, blue top-right quadrant. */
static GLuint quadrant_source(void)
{
	GLuint f = fbo(GL_FRAMEBUFFER, 0, 16, 16, false);

	clear_rect(0, 0, 8, 16, 1, 0, 0);
	clear_rect(8, 0, 8, 16, 0, 1, 0);
	clear_rect(8, 8, 8, 8, 0, 0, 1);
	return f;
}

static void blit(GLint s0, GLint s1, GLint s2, GLint s3, GLint d0, GLint d1, GLint d2, GLint d3,
		 GLbitfield mask, GLenum filter)
{
	F(BlitFramebuffer)(s0, s1, s2, s3, d0, d1, d2, d3, mask, filter);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}

/* Makes `f` the read framebuffer too, for glReadPixels. */
static void read_from(GLuint f)
{
	F(BindFramebuffer)(GL_FRAMEBUFFER, f);
}

START_TEST(t_blit_one_to_one)
{
	GLuint src = quadrant_source(), dst = fbo(GL_DRAW_FRAMEBUFFER, 0, 16, 16, false);

	F(BindFramebuffer)(GL_READ_FRAMEBUFFER, src);
	blit(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	read_from(dst);
	glt_assert_pixel(2, 2, 255, 0, 0, 255);
	glt_assert_pixel(12, 2, 0, 255, 0, 255);
	glt_assert_pixel(12, 12, 0, 0, 255, 255);
}
END_TEST

/* 16x16 -> 32x32 into framebuffer 0: each source pixel covers 2x2. */
START_TEST(t_blit_scaled_to_default)
{
	quadrant_source();
	F(BindFramebuffer)(GL_DRAW_FRAMEBUFFER, 0);
	blit(0, 0, 16, 16, 0, 0, GLT_W, GLT_H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	read_from(0);
	glt_assert_pixel(15, 2, 255, 0, 0, 255);
	glt_assert_pixel(16, 2, 0, 255, 0, 255);
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	glt_assert_pixel(16, 15, 0, 255, 0, 255);
}
END_TEST

/* Swapped y then x: the picture mirrored. */
START_TEST(t_blit_flipped)
{
	GLuint src = quadrant_source(), dst = fbo(GL_DRAW_FRAMEBUFFER, 0, 16, 16, false);

	F(BindFramebuffer)(GL_READ_FRAMEBUFFER, src);
	blit(0, 16, 16, 0, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	read_from(dst);
	glt_assert_pixel(12, 2, 0, 0, 255, 255);   /* blue now at the bottom right */
	glt_assert_pixel(12, 12, 0, 255, 0, 255);
	F(BindFramebuffer)(GL_READ_FRAMEBUFFER, src);
	blit(16, 0, 0, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	read_from(dst);
	glt_assert_pixel(2, 2, 0, 255, 0, 255);    /* green now on the left */
	glt_assert_pixel(2, 12, 0, 0, 255, 255);
	glt_assert_pixel(12, 12, 255, 0, 0, 255);
}
END_TEST

/* A black | white 2x1 source stretched to 8: NEAREST gives black at x = 3,
 * LINEAR a grey between. */
START_TEST(t_blit_nearest_linear)
{
	GLuint src = fbo(GL_FRAMEBUFFER, 0, 2, 1, false), dst;
	uint8_t px[4];

	clear_rect(0, 0, 1, 1, 0, 0, 0);
	clear_rect(1, 0, 1, 1, 1, 1, 1);
	dst = fbo(GL_DRAW_FRAMEBUFFER, 0, 8, 1, false);
	F(BindFramebuffer)(GL_READ_FRAMEBUFFER, src);
	blit(0, 0, 2, 1, 0, 0, 8, 1, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	read_from(dst);
	glt_assert_pixel(3, 0, 0, 0, 0, 255);
	glt_assert_pixel(4, 0, 255, 255, 255, 255);
	F(BindFramebuffer)(GL_READ_FRAMEBUFFER, src);
	blit(0, 0, 2, 1, 0, 0, 8, 1, GL_COLOR_BUFFER_BIT, GL_LINEAR);
	read_from(dst);
	glt_pixel(3, 0, px);
	ck_assert_msg(px[0] > 30 && px[0] < 225, "LINEAR x=3: %u", px[0]);
}
END_TEST

/* The scissor box clips the destination. */
START_TEST(t_blit_scissored)
{
	GLuint src = quadrant_source(), dst = fbo(GL_DRAW_FRAMEBUFFER, 0, 16, 16, false);

	clear_rect(0, 0, 16, 16, 1, 1, 1);
	F(BindFramebuffer)(GL_READ_FRAMEBUFFER, src);
	gl.Enable(GL_SCISSOR_TEST);
	gl.Scissor(0, 0, 4, 16);
	blit(0, 0, 16, 16, 0, 0, 16, 16, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	gl.Disable(GL_SCISSOR_TEST);
	read_from(dst);
	glt_assert_pixel(2, 2, 255, 0, 0, 255);
	glt_assert_pixel(6, 2, 255, 255, 255, 255);
}
END_TEST

/* A source with depth 0.25 and stencil 7 everywhere, a destination with
 * depth 1, stencil 0 and black; `mask` of rect (x0, y0, x1, y1) blitted
 * across, the destination bound. */
static void blit_ds_to_cleared(GLbitfield mask, const GLint r[4])
{
	GLuint src = fbo(GL_FRAMEBUFFER, 0, GLT_W, GLT_H, true), dst;

	gl.ClearDepthf(0.25f);
	gl.ClearStencil(7);
	gl.Clear(GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
	dst = fbo(GL_FRAMEBUFFER, 0, GLT_W, GLT_H, true);
	gl.ClearDepthf(1.0f);
	gl.ClearStencil(0);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
	F(BindFramebuffer)(GL_READ_FRAMEBUFFER, src);
	blit(r[0], r[1], r[2], r[3], r[0], r[1], r[2], r[3], mask, GL_NEAREST);
	F(BindFramebuffer)(GL_FRAMEBUFFER, dst);
}

/* Depth 0.25 blitted into the left half: a draw at depth 0.5 with LESS
 * passes only on the right. */
START_TEST(t_blit_depth)
{
	blit_ds_to_cleared(GL_DEPTH_BUFFER_BIT, (const GLint[]){ 0, 0, GLT_W / 2, GLT_H });
	gl.Enable(GL_DEPTH_TEST);
	gl.DepthFunc(GL_LESS);
	draw(full, 6, 0.0f, 1, 1, 1);
	gl.Disable(GL_DEPTH_TEST);
	glt_assert_pixel(4, 4, 0, 0, 0, 255);
	glt_assert_pixel(GLT_W - 4, 4, 255, 255, 255, 255);
}
END_TEST

/* Stencil 7 blitted into the top half: a draw with EQUAL 7 lands there only. */
START_TEST(t_blit_stencil)
{
	blit_ds_to_cleared(GL_STENCIL_BUFFER_BIT, (const GLint[]){ 0, GLT_H / 2, GLT_W, GLT_H });
	gl.Enable(GL_STENCIL_TEST);
	gl.StencilFunc(GL_EQUAL, 7, 0xff);
	draw(full, 6, 0.0f, 0, 1, 0);
	gl.Disable(GL_STENCIL_TEST);
	glt_assert_pixel(4, 4, 0, 0, 0, 255);
	glt_assert_pixel(4, GLT_H - 4, 0, 255, 0, 255);
}
END_TEST

/* Some pixel on the diagonal is neither the background nor the triangle. */
static void assert_blended_edge(void)
{
	bool blended = false;
	uint8_t px[4];

	for (int i = 0; i < GLT_W; i++) {
		glt_pixel(i, GLT_H - 1 - i, px);
		blended |= px[0] > 0 && px[0] < 255;
	}
	ck_assert_msg(blended, "no blended pixel on the edge");
	glt_assert_pixel(2, 2, 255, 0, 0, 255);
	glt_assert_pixel(GLT_W - 3, GLT_H - 3, 0, 0, 0, 255);
}

/* Rendered into a 4x multisample renderbuffer, resolved into an FBO. */
START_TEST(t_msaa_resolve)
{
	GLuint ms = fbo(GL_FRAMEBUFFER, 4, GLT_W, GLT_H, true), dst;
	GLint samples = 0;

	F(GetRenderbufferParameteriv)(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
	ck_assert_int_ge(samples, 4);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	draw(half, 3, 0.0f, 1, 0, 0);
	dst = fbo(GL_DRAW_FRAMEBUFFER, 0, GLT_W, GLT_H, false);
	F(BindFramebuffer)(GL_READ_FRAMEBUFFER, ms);
	blit(0, 0, GLT_W, GLT_H, 0, 0, GLT_W, GLT_H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	read_from(dst);
	assert_blended_edge();
}
END_TEST

/* Resolved straight into framebuffer 0. */
START_TEST(t_msaa_resolve_to_default)
{
	GLuint ms = fbo(GL_FRAMEBUFFER, 4, GLT_W, GLT_H, false);

	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	draw(half, 3, 0.0f, 1, 0, 0);
	F(BindFramebuffer)(GL_DRAW_FRAMEBUFFER, 0);
	F(BindFramebuffer)(GL_READ_FRAMEBUFFER, ms);
	blit(0, 0, GLT_W, GLT_H, 0, 0, GLT_W, GLT_H, GL_COLOR_BUFFER_BIT, GL_LINEAR);
	read_from(0);
	assert_blended_edge();
}
END_TEST

/* GL_SAMPLE_COVERAGE on a 4-sample target: the value (or, inverted, the
 * rest) is the share of samples a draw writes, seen in the resolved blend
 * of red over black. */
static const struct { float value; GLboolean invert; uint8_t red; } coverages[] = {
	{ 1.0f, GL_FALSE, 255 }, { 0.5f, GL_FALSE, 128 }, { 0.25f, GL_FALSE, 64 },
	{ 0.25f, GL_TRUE, 191 }, { 0.0f, GL_FALSE, 0 }, { 1.0f, GL_TRUE, 0 },
};

START_TEST(t_sample_coverage)
{
	GLuint ms = fbo(GL_FRAMEBUFFER, 4, GLT_W, GLT_H, false), dst;
	const uint8_t want[4] = { coverages[_i].red, 0, 0, 255 };

	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Enable(GL_SAMPLE_COVERAGE);
	F(SampleCoverage)(coverages[_i].value, coverages[_i].invert);
	draw(full, 6, 0.0f, 1, 0, 0);
	gl.Disable(GL_SAMPLE_COVERAGE);
	dst = fbo(GL_DRAW_FRAMEBUFFER, 0, GLT_W, GLT_H, false);
	F(BindFramebuffer)(GL_READ_FRAMEBUFFER, ms);
	blit(0, 0, GLT_W, GLT_H, 0, 0, GLT_W, GLT_H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	read_from(dst);
	glt_assert_pixel_near(GLT_W / 2, GLT_H / 2, want, 2);
}
END_TEST

/* Framebuffer 0 as the source, into a smaller FBO. */
START_TEST(t_blit_from_default)
{
	GLuint dst;

	clear_rect(0, 0, GLT_W, GLT_H, 0, 0, 1);
	clear_rect(0, 0, GLT_W / 2, GLT_H / 2, 1, 1, 0);
	dst = fbo(GL_DRAW_FRAMEBUFFER, 0, 8, 8, false);
	F(BindFramebuffer)(GL_READ_FRAMEBUFFER, 0);
	blit(0, 0, GLT_W, GLT_H, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	read_from(dst);
	glt_assert_pixel(1, 1, 255, 255, 0, 255);
	glt_assert_pixel(6, 6, 0, 0, 255, 255);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_blit");
	TCase *tc = tcase_create("blit");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_add_test(tc, t_blit_one_to_one);
	tcase_add_test(tc, t_blit_scaled_to_default);
	tcase_add_test(tc, t_blit_flipped);
	tcase_add_test(tc, t_blit_nearest_linear);
	tcase_add_test(tc, t_blit_scissored);
	tcase_add_test(tc, t_blit_depth);
	tcase_add_test(tc, t_blit_stencil);
	tcase_add_test(tc, t_msaa_resolve);
	tcase_add_test(tc, t_msaa_resolve_to_default);
	tcase_add_loop_test(tc, t_sample_coverage, 0, sizeof(coverages) / sizeof(coverages[0]));
	tcase_add_test(tc, t_blit_from_default);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
