/* SPDX-License-Identifier: MIT */
/*
 * Multiple render targets (ES 3.0): four colour attachments written by one
 * draw through layout(location = N) outputs, each read back through
 * glReadBuffer; glDrawBuffers with GL_NONE gaps; glClearBuffer per draw
 * buffer and glClear of all; the colour mask and blending on every buffer;
 * glCopyTexImage2D from the selected read buffer; framebuffer 0's GL_BACK /
 * GL_NONE; the queries and limits; multisample renderbuffers' completeness
 * rule and glGetInternalformativ's sample counts.
 */
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define F(n) ((__typeof__(&gl##n))glt_proc("gl" #n))
#define N 4   /* the draw buffers used: ES 3.0's minimum */
#define geti glt_geti

static const char *vs =
	"#version 300 es\n"
	"in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
/* each location its own colour; outputs declared out of order on purpose */
static const char *fs_four =
	"#version 300 es\n"
	"precision mediump float;\n"
	"layout(location = 2) out vec4 c2;\n"
	"layout(location = 0) out vec4 c0;\n"
	"layout(location = 3) out vec4 c3;\n"
	"layout(location = 1) out vec4 c1;\n"
	"void main() {\n"
	"  c0 = vec4(1.0, 0.0, 0.0, 1.0); c1 = vec4(0.0, 1.0, 0.0, 1.0);\n"
	"  c2 = vec4(0.0, 0.0, 1.0, 1.0); c3 = vec4(1.0, 1.0, 0.0, 1.0);\n"
	"}\n";
static const char *fs_white =
	"#version 300 es\n"
	"precision mediump float;\n"
	"layout(location = 0) out vec4 o[4];\n"
	"void main() { o[0] = vec4(1.0); o[1] = vec4(1.0); o[2] = vec4(1.0); o[3] = vec4(1.0); }\n";

static const uint8_t colors[N][4] = {
	{ 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 0, 255 } };
static const GLenum all_buffers[N] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1,
				       GL_COLOR_ATTACHMENT2, GL_COLOR_ATTACHMENT3 };

static void draw_full_with(const char *v, const char *fs)
{
	static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };
	GLuint p = glt_program(v, fs);

	gl.UseProgram(p);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.DeleteProgram(p);
}

static void draw_full(const char *fs)
{
	draw_full_with(vs, fs);
}

/* An FBO with N RGBA8 textures on COLOR_ATTACHMENT0..N-1, all draw buffers. */
static GLuint mrt_fbo(GLuint tex[N])
{
	GLuint f;

	F(GenFramebuffers)(1, &f);
	F(BindFramebuffer)(GL_FRAMEBUFFER, f);
	F(GenTextures)(N, tex);
	for (int i = 0; i < N; i++) {
		F(BindTexture)(GL_TEXTURE_2D, tex[i]);
		F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA8, GLT_W, GLT_H, 0, GL_RGBA,
			      GL_UNSIGNED_BYTE, NULL);
		F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D,
					tex[i], 0);
	}
	F(DrawBuffers)(N, all_buffers);
	ck_assert_uint_eq(F(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	return f;
}

/* Within 1: a clear to 0.5 may store 127 or 128 (NVIDIA hosts round down). */
static void assert_buffer(int i, int x, int y, const uint8_t want[4])
{
	F(ReadBuffer)(GL_COLOR_ATTACHMENT0 + i);
	ck_assert_int_eq(geti(GL_READ_BUFFER), GL_COLOR_ATTACHMENT0 + i);
	glt_assert_pixel_near(x, y, want, 1);
}

static void clear_all_black(void)
{
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
}

START_TEST(t_four_targets)
{
	GLuint tex[N];
	GLint name = 0;

	mrt_fbo(tex);
	clear_all_black();
	draw_full(fs_four);
	for (int i = 0; i < N; i++) {
		ck_assert_int_eq(geti(GL_DRAW_BUFFER0 + i), GL_COLOR_ATTACHMENT0 + i);
		assert_buffer(i, 5, 7, colors[i]);
		assert_buffer(i, GLT_W - 1, GLT_H - 1, colors[i]);
	}
	F(GetFramebufferAttachmentParameteriv)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT3,
					       GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &name);
	ck_assert_uint_eq((GLuint)name, tex[3]);
}
END_TEST

/* GL_NONE in slots 0 and 2: those attachments keep their contents. */
START_TEST(t_none_gaps)
{
	static const uint8_t black[4] = { 0, 0, 0, 0 };
	const GLenum gaps[N] = { GL_NONE, GL_COLOR_ATTACHMENT1, GL_NONE, GL_COLOR_ATTACHMENT3 };
	GLuint tex[N];

	mrt_fbo(tex);
	clear_all_black();
	F(DrawBuffers)(N, gaps);
	ck_assert_int_eq(geti(GL_DRAW_BUFFER0), GL_NONE);
	ck_assert_int_eq(geti(GL_DRAW_BUFFER1), GL_COLOR_ATTACHMENT1);
	draw_full(fs_four);
	assert_buffer(0, 3, 3, black);
	assert_buffer(1, 3, 3, colors[1]);
	assert_buffer(2, 3, 3, black);
	assert_buffer(3, 3, 3, colors[3]);
	/* fewer than all: the rest are GL_NONE */
	F(DrawBuffers)(1, all_buffers);
	ck_assert_int_eq(geti(GL_DRAW_BUFFER3), GL_NONE);
}
END_TEST

START_TEST(t_clear_buffer)
{
	static const float values[N][4] = {
		{ 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 1 }, { 1, 1, 0, 1 } };
	static const float white[4] = { 1, 1, 1, 1 };
	static const uint8_t magenta[4] = { 255, 0, 255, 255 };
	GLuint tex[N];

	mrt_fbo(tex);
	for (int i = 0; i < N; i++)
		F(ClearBufferfv)(GL_COLOR, i, values[i]);
	for (int i = 0; i < N; i++)
		assert_buffer(i, 10, 20, colors[i]);
	/* a masked clear of one buffer (drawn, vgl_clear_draw.c) leaves the others */
	gl.ColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
	F(ClearBufferfv)(GL_COLOR, 2, white);
	gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	assert_buffer(2, 10, 20, (const uint8_t[]){ 255, 0, 255, 255 });
	assert_buffer(1, 10, 20, colors[1]);
	assert_buffer(3, 10, 20, colors[3]);
	/* glClear: every draw buffer */
	gl.ClearColor(1, 0, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	for (int i = 0; i < N; i++)
		assert_buffer(i, 0, 0, magenta);
}
END_TEST

/* glColorMask and blending apply to every draw buffer. */
START_TEST(t_mask_and_blend_all)
{
	GLuint tex[N];

	mrt_fbo(tex);
	gl.ClearColor(0, 0, 0.5f, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.ColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
	gl.Enable(GL_BLEND);
	gl.BlendFunc(GL_ZERO, GL_ONE);  /* keeps the destination */
	draw_full(fs_white);
	gl.Disable(GL_BLEND);
	for (int i = 0; i < N; i++)
		assert_buffer(i, 1, 1, (const uint8_t[]){ 0, 0, 128, 0 });
	draw_full(fs_white);
	gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	for (int i = 0; i < N; i++)
		assert_buffer(i, 1, 1, (const uint8_t[]){ 255, 0, 255, 255 });
}
END_TEST

START_TEST(t_invalidate_all)
{
	const GLenum atts[N + 1] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1,
				     GL_COLOR_ATTACHMENT2, GL_COLOR_ATTACHMENT3,
				     GL_DEPTH_ATTACHMENT };
	GLuint tex[N];

	mrt_fbo(tex);
	F(InvalidateFramebuffer)(GL_FRAMEBUFFER, N + 1, atts);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}
END_TEST

/* glCopyTexImage2D reads the selected read buffer. */
START_TEST(t_copy_from_read_buffer)
{
	GLuint tex[N], dst, f2;

	mrt_fbo(tex);
	draw_full(fs_four);
	F(ReadBuffer)(GL_COLOR_ATTACHMENT2);
	F(GenTextures)(1, &dst);
	F(BindTexture)(GL_TEXTURE_2D, dst);
	F(CopyTexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA8, 0, 0, 8, 8, 0);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	F(GenFramebuffers)(1, &f2);
	F(BindFramebuffer)(GL_FRAMEBUFFER, f2);
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dst, 0);
	glt_assert_pixel(4, 4, 0, 0, 255, 255);
}
END_TEST

/* Framebuffer 0: GL_BACK or GL_NONE for drawing and reading. */
START_TEST(t_default_framebuffer)
{
	const GLenum none = GL_NONE, back = GL_BACK;
	uint8_t px[4];

	ck_assert_int_eq(geti(GL_DRAW_BUFFER0), GL_BACK);
	ck_assert_int_eq(geti(GL_READ_BUFFER), GL_BACK);
	gl.ClearColor(0, 1, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	F(DrawBuffers)(1, &none);
	ck_assert_int_eq(geti(GL_DRAW_BUFFER0), GL_NONE);
	gl.ClearColor(1, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_assert_pixel(2, 2, 0, 255, 0, 255);
	F(DrawBuffers)(1, &back);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_assert_pixel(2, 2, 255, 0, 0, 255);
	F(ReadBuffer)(GL_NONE);
	ck_assert_int_eq(geti(GL_READ_BUFFER), GL_NONE);
	gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	F(ReadBuffer)(GL_BACK);
	glt_assert_pixel(2, 2, 255, 0, 0, 255);
}
END_TEST

START_TEST(t_limits)
{
	ck_assert_int_ge(geti(GL_MAX_DRAW_BUFFERS), 4);
	ck_assert_int_eq(geti(GL_MAX_COLOR_ATTACHMENTS), geti(GL_MAX_DRAW_BUFFERS));
	ck_assert_int_ge(geti(GL_MAX_SAMPLES), 4);
	ck_assert_int_eq(geti(GL_SAMPLES), 0);
	ck_assert_int_eq(geti(GL_SAMPLE_BUFFERS), 0);
}
END_TEST

static GLuint renderbuffer(GLsizei samples, GLenum format)
{
	GLuint r;

	F(GenRenderbuffers)(1, &r);
	F(BindRenderbuffer)(GL_RENDERBUFFER, r);
	F(RenderbufferStorageMultisample)(GL_RENDERBUFFER, samples, format, GLT_W, GLT_H);
	return r;
}

/* ES 3.0 §4.4.4.2: every attachment the same sample count. */
START_TEST(t_incomplete_multisample)
{
	GLuint ms = renderbuffer(4, GL_RGBA8), ss = renderbuffer(0, GL_RGBA8), f;

	F(GenFramebuffers)(1, &f);
	F(BindFramebuffer)(GL_FRAMEBUFFER, f);
	F(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, ms);
	ck_assert_uint_eq(F(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	ck_assert_int_ge(geti(GL_SAMPLES), 4);
	ck_assert_int_eq(geti(GL_SAMPLE_BUFFERS), 1);
	F(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, ss);
	ck_assert_uint_eq(F(CheckFramebufferStatus)(GL_FRAMEBUFFER),
			  GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
	ck_assert_int_eq(geti(GL_SAMPLES), 0);
}
END_TEST

/* The counts GL_SAMPLES lists, largest first, are the ones storage takes. */
START_TEST(t_internalformat_samples)
{
	GLint n = 0, counts[16] = { 0 }, got = 0;

	F(GetInternalformativ)(GL_RENDERBUFFER, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &n);
	ck_assert_int_gt(n, 0);
	ck_assert_int_le(n, 16);
	F(GetInternalformativ)(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, n, counts);
	ck_assert_int_ge(counts[0], geti(GL_MAX_SAMPLES));
	for (int i = 1; i < n; i++)
		ck_assert_int_lt(counts[i], counts[i - 1]);
	/* 3 is no count here: the next larger is stored */
	renderbuffer(3, GL_RGBA8);
	F(GetRenderbufferParameteriv)(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &got);
	ck_assert_int_ge(got, 3);
	for (n = n - 1; n >= 0 && counts[n] != got; n--)
		;
	ck_assert_int_ge(n, 0);
	F(GetInternalformativ)(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, GL_NUM_SAMPLE_COUNTS, 1, &n);
	ck_assert_int_gt(n, 0);
}
END_TEST

/* GL_EXT_draw_buffers: glDrawBuffersEXT, and GLSL ES 1.00's gl_FragData[]
 * of gl_MaxDrawBuffers (4) under #extension, each element its buffer. */
START_TEST(t_ext_draw_buffers)
{
	static const char *vs100 =
		"attribute vec2 pos;\nvoid main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
	static const char *fs100 =
		"#extension GL_EXT_draw_buffers : require\n"
		"precision mediump float;\n"
		"void main() {\n"
		"  gl_FragData[0] = vec4(1.0, 0.0, 0.0, 1.0); gl_FragData[1] = vec4(0.0, 1.0, 0.0, 1.0);\n"
		"  gl_FragData[2] = vec4(0.0, 0.0, 1.0, 1.0);\n"
		"  gl_FragData[gl_MaxDrawBuffers - 1] = vec4(1.0, 1.0, 0.0, 1.0);\n"
		"}\n";
	PFNGLDRAWBUFFERSPROC draw_buffers_ext =
		(PFNGLDRAWBUFFERSPROC)vgl_get_proc_address("glDrawBuffersEXT");
	const char *ext = (const char *)gl.GetString(GL_EXTENSIONS);
	GLuint tex[N];

	ck_assert_ptr_nonnull(strstr(ext, "GL_EXT_draw_buffers"));
	ck_assert_ptr_nonnull(draw_buffers_ext);
	mrt_fbo(tex);
	F(DrawBuffers)(1, all_buffers);
	draw_buffers_ext(N, all_buffers);
	ck_assert_int_eq(geti(GL_DRAW_BUFFER3), GL_COLOR_ATTACHMENT3);
	draw_full_with(vs100, fs100);
	for (int i = 0; i < N; i++)
		assert_buffer(i, 1, 1, colors[i]);
	/* framebuffer 0 takes one buffer: n = 2 is INVALID_OPERATION, not a read of bufs[1] */
	F(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	draw_buffers_ext(2, (const GLenum[]){ GL_BACK, 0xdead });
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_mrt");
	TCase *tc = tcase_create("mrt");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_add_test(tc, t_four_targets);
	tcase_add_test(tc, t_ext_draw_buffers);
	tcase_add_test(tc, t_none_gaps);
	tcase_add_test(tc, t_clear_buffer);
	tcase_add_test(tc, t_mask_and_blend_all);
	tcase_add_test(tc, t_invalidate_all);
	tcase_add_test(tc, t_copy_from_read_buffer);
	tcase_add_test(tc, t_default_framebuffer);
	tcase_add_test(tc, t_limits);
	tcase_add_test(tc, t_incomplete_multisample);
	tcase_add_test(tc, t_internalformat_samples);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
