/* SPDX-License-Identifier: MIT */
/*
 * The format extensions of issue #16 on an ES 3.1 context.
 * EXT_texture_norm16: each 16-bit normalized format uploaded with its
 * UNSIGNED_SHORT / SHORT data and fetched back as floats; R16, RG16 and
 * RGBA16 rendered into (a clear, a blended draw) and read with RGBA /
 * UNSIGNED_SHORT, the implementation's read pair; renderbuffers and
 * glGetInternalformativ take the renderable ones only; an ES 3.0 context
 * has none of it.
 */
#include <GLES3/gl32.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define GL_R16_EXT 0x822A
#define GL_RG16_EXT 0x822C
#define GL_RGB16_EXT 0x8054
#define GL_RGBA16_EXT 0x805B
#define GL_R16_SNORM_EXT 0x8F98
#define GL_RG16_SNORM_EXT 0x8F99
#define GL_RGB16_SNORM_EXT 0x8F9A
#define GL_RGBA16_SNORM_EXT 0x8F9B

#define XF_FUNCS(X) \
	X(TexStorage2D, TEXSTORAGE2D) X(GenFramebuffers, GENFRAMEBUFFERS) \
	X(BindFramebuffer, BINDFRAMEBUFFER) X(DeleteFramebuffers, DELETEFRAMEBUFFERS) \
	X(FramebufferTexture2D, FRAMEBUFFERTEXTURE2D) \
	X(CheckFramebufferStatus, CHECKFRAMEBUFFERSTATUS) X(GenRenderbuffers, GENRENDERBUFFERS) \
	X(BindRenderbuffer, BINDRENDERBUFFER) X(RenderbufferStorage, RENDERBUFFERSTORAGE) \
	X(DeleteRenderbuffers, DELETERENDERBUFFERS) X(GetInternalformativ, GETINTERNALFORMATIV)

#define XF_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	XF_FUNCS(XF_MEMBER)
} xf;
#undef XF_MEMBER

static void load(void)
{
#define XF_LOAD(n, N) xf.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	XF_FUNCS(XF_LOAD)
#undef XF_LOAD
}

static void setup(void)
{
	glt_setup_version(3, 1);
	load();
}

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

/* ---- EXT_texture_norm16 ------------------------------------------------------------------- */

static const char *vs =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_fetch =
	"#version 300 es\nprecision highp float;\nuniform highp sampler2D tex;\n"
	"out vec4 o;\nvoid main() { o = texelFetch(tex, ivec2(0), 0); }\n";
static const char *fs_const =
	"#version 300 es\nprecision highp float;\nuniform vec4 c;\n"
	"out vec4 o;\nvoid main() { o = c; }\n";

/* A 1x1 texture of `internal` bound to a new framebuffer (asserted complete). */
static GLuint fbo_of(GLenum internal, GLuint *tex)
{
	GLuint f;

	*tex = glt_texture(GL_TEXTURE_2D);
	xf.TexStorage2D(GL_TEXTURE_2D, 1, internal, 1, 1);
	expect(GL_NO_ERROR);
	xf.GenFramebuffers(1, &f);
	xf.BindFramebuffer(GL_FRAMEBUFFER, f);
	xf.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
	ck_assert_int_eq(xf.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.Viewport(0, 0, 1, 1);
	return f;
}

static void drop_fbo(GLuint f, GLuint tex)
{
	xf.BindFramebuffer(GL_FRAMEBUFFER, 0);
	xf.DeleteFramebuffers(1, &f);
	gl.DeleteTextures(1, &tex);
	gl.Viewport(0, 0, GLT_W, GLT_H);
}

static const struct norm16_case {
	GLenum internal, format, type;
	int comps;
	uint16_t data[4];
	float want[4];              /* what texelFetch returns */
} norm16_cases[] = {
	{ GL_R16_EXT, GL_RED, GL_UNSIGNED_SHORT, 1, { 0x8000 }, { 32768 / 65535.0f, 0, 0, 1 } },
	{ GL_RG16_EXT, GL_RG, GL_UNSIGNED_SHORT, 2, { 65535, 1 }, { 1, 1 / 65535.0f, 0, 1 } },
	{ GL_RGB16_EXT, GL_RGB, GL_UNSIGNED_SHORT, 3, { 0, 16384, 65535 },
	  { 0, 16384 / 65535.0f, 1, 1 } },
	{ GL_RGBA16_EXT, GL_RGBA, GL_UNSIGNED_SHORT, 4, { 1000, 2000, 3000, 60000 },
	  { 1000 / 65535.0f, 2000 / 65535.0f, 3000 / 65535.0f, 60000 / 65535.0f } },
	{ GL_R16_SNORM_EXT, GL_RED, GL_SHORT, 1, { (uint16_t)-32767 }, { -1, 0, 0, 1 } },
	{ GL_RG16_SNORM_EXT, GL_RG, GL_SHORT, 2, { 16384, (uint16_t)-32768 },
	  { 16384 / 32767.0f, -1, 0, 1 } },
	{ GL_RGB16_SNORM_EXT, GL_RGB, GL_SHORT, 3, { 32767, 0, (uint16_t)-100 },
	  { 1, 0, -100 / 32767.0f, 1 } },
	{ GL_RGBA16_SNORM_EXT, GL_RGBA, GL_SHORT, 4, { 1, 2, 3, 32767 },
	  { 1 / 32767.0f, 2 / 32767.0f, 3 / 32767.0f, 1 } },
};

/* Every format: uploaded, fetched into an RGBA32F target and read back. */
START_TEST(t_norm16_sample)
{
	const struct norm16_case *c = &norm16_cases[_i];
	GLuint tex, dst, f;
	float got[4];

	ck_assert(glt_has_extension("GL_EXT_texture_norm16"));
	tex = glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, (GLint)c->internal, 1, 1, 0, c->format, c->type, c->data);
	expect(GL_NO_ERROR);
	f = fbo_of(GL_RGBA32F, &dst);
	glt_texture_program(vs, fs_fetch);
	gl.BindTexture(GL_TEXTURE_2D, tex);
	glt_draw_window();
	gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, got);
	expect(GL_NO_ERROR);
	for (int k = 0; k < 4; k++)
		ck_assert_msg(fabsf(got[k] - c->want[k]) < 1e-5f, "0x%x channel %d: %f, want %f",
			      c->internal, k, (double)got[k], (double)c->want[k]);
	drop_fbo(f, dst);
	gl.DeleteTextures(1, &tex);
}
END_TEST

/* A draw of colour `c` into the bound framebuffer. */
static void draw_const(const float c[4])
{
	GLuint p = glt_program(vs, fs_const);

	gl.UseProgram(p);
	gl.Uniform4fv(gl.GetUniformLocation(p, "c"), 1, c);
	glt_draw_window();
	gl.DeleteProgram(p);
}

/* R16, RG16, RGBA16: cleared, blended into (ONE, ONE) and read as RGBA /
 * UNSIGNED_SHORT, which is also the implementation's pair. */
START_TEST(t_norm16_render_blend_read)
{
	static const GLenum fmts[] = { GL_R16_EXT, GL_RG16_EXT, GL_RGBA16_EXT };
	static const float add[4] = { 0.5f, 0.25f, 0.125f, 0.5f };
	static const uint16_t want[3][4] = {
		{ 49151, 0, 0, 65535 }, { 49151, 32767, 0, 65535 }, { 49151, 32767, 16383, 49151 },
	};
	GLenum n = sizeof(fmts) / sizeof(fmts[0]);

	for (GLenum i = 0; i < n; i++) {
		uint16_t got[4] = { 0 };
		GLuint tex, f = fbo_of(fmts[i], &tex);

		ck_assert_int_eq(glt_geti(GL_IMPLEMENTATION_COLOR_READ_FORMAT), GL_RGBA);
		ck_assert_int_eq(glt_geti(GL_IMPLEMENTATION_COLOR_READ_TYPE), GL_UNSIGNED_SHORT);
		gl.ClearColor(0.25f, 0.25f, 0.125f, 0.25f);
		gl.Clear(GL_COLOR_BUFFER_BIT);
		gl.Enable(GL_BLEND);
		gl.BlendFunc(GL_ONE, GL_ONE);
		draw_const(add);
		gl.Disable(GL_BLEND);
		gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT, got);
		expect(GL_NO_ERROR);
		for (int k = 0; k < 4; k++)
			ck_assert_msg(abs((int)got[k] - (int)want[i][k]) <= 2,
				      "0x%x channel %d: %u, want %u", fmts[i], k, got[k],
				      want[i][k]);
		drop_fbo(f, tex);
	}
	gl.ClearColor(0, 0, 0, 0);
}
END_TEST

/* Renderbuffers and glGetInternalformativ: the unsigned formats but RGB16. */
START_TEST(t_norm16_renderbuffers)
{
	static const GLenum ok[] = { GL_R16_EXT, GL_RG16_EXT, GL_RGBA16_EXT };
	static const GLenum bad[] = { GL_RGB16_EXT, GL_R16_SNORM_EXT, GL_RGBA16_SNORM_EXT };
	GLint n = -1;
	GLuint rb;

	xf.GenRenderbuffers(1, &rb);
	xf.BindRenderbuffer(GL_RENDERBUFFER, rb);
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		xf.RenderbufferStorage(GL_RENDERBUFFER, ok[i], 4, 4);
		expect(GL_NO_ERROR);
		xf.GetInternalformativ(GL_RENDERBUFFER, ok[i], GL_NUM_SAMPLE_COUNTS, 1, &n);
		expect(GL_NO_ERROR);
		ck_assert_int_ge(n, 0);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		xf.RenderbufferStorage(GL_RENDERBUFFER, bad[i], 4, 4);
		expect(GL_INVALID_ENUM);
		xf.GetInternalformativ(GL_RENDERBUFFER, bad[i], GL_NUM_SAMPLE_COUNTS, 1, &n);
		expect(GL_INVALID_ENUM);
	}
	xf.DeleteRenderbuffers(1, &rb);
}
END_TEST

/* The wrong data type is the spec's INVALID_OPERATION; signed formats are
 * not colour-renderable (the framebuffer is incomplete). */
START_TEST(t_norm16_errors)
{
	GLuint tex = glt_texture(GL_TEXTURE_2D), f;
	uint16_t d[4] = { 0 };

	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_R16_EXT, 1, 1, 0, GL_RED, GL_UNSIGNED_BYTE, d);
	expect(GL_INVALID_OPERATION);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_R16_SNORM_EXT, 1, 1, 0, GL_RED, GL_UNSIGNED_SHORT, d);
	expect(GL_INVALID_OPERATION);
	xf.TexStorage2D(GL_TEXTURE_2D, 1, GL_RG16_SNORM_EXT, 1, 1);
	expect(GL_NO_ERROR);
	xf.GenFramebuffers(1, &f);
	xf.BindFramebuffer(GL_FRAMEBUFFER, f);
	xf.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	ck_assert_int_eq(xf.CheckFramebufferStatus(GL_FRAMEBUFFER),
			 GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
	drop_fbo(f, tex);
}
END_TEST

/* ES 3.0 contexts: no extension, no format. */
START_TEST(t_norm16_not_in_es30)
{
	GLuint tex;
	uint16_t d[4] = { 0 };

	glt_teardown();
	glt_setup_version(3, 0);
	load();
	ck_assert(!glt_has_extension("GL_EXT_texture_norm16"));
	tex = glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_R16_EXT, 1, 1, 0, GL_RED, GL_UNSIGNED_SHORT, d);
	expect(GL_INVALID_VALUE);
	xf.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA16_EXT, 1, 1);
	expect(GL_INVALID_ENUM);
	gl.DeleteTextures(1, &tex);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_ext_formats");
	TCase *tc = tcase_create("norm16");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_loop_test(tc, t_norm16_sample, 0,
			    sizeof(norm16_cases) / sizeof(norm16_cases[0]));
	tcase_add_test(tc, t_norm16_render_blend_read);
	tcase_add_test(tc, t_norm16_renderbuffers);
	tcase_add_test(tc, t_norm16_errors);
	tcase_add_test(tc, t_norm16_not_in_es30);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
