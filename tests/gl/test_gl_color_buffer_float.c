/* SPDX-License-Identifier: MIT */
/*
 * EXT_color_buffer_float (ES 3.0): the float formats are colour-renderable
 * (textures and renderbuffers), hold values outside [0, 1] exactly as their
 * precision allows (a draw, glClearBufferfv, a blend: EXT_float_blend for
 * the 32-bit ones), read back through glReadPixels(GL_RGBA, GL_FLOAT), take
 * multisample renderbuffer storage at the counts glGetInternalformativ gives; RGB16F/RGB32F stay non-renderable,
 * and an ES 2.0 context neither lists the extension nor renders half floats.
 */
#include <stdbool.h>
#include <string.h>

#include "gl_test_util.h"

#ifndef GL_HALF_FLOAT_OES
#define GL_HALF_FLOAT_OES 0x8D61
#endif

#define CBF_FUNCS(X) \
	X(GenFramebuffers, GENFRAMEBUFFERS) X(DeleteFramebuffers, DELETEFRAMEBUFFERS) \
	X(BindFramebuffer, BINDFRAMEBUFFER) X(FramebufferTexture2D, FRAMEBUFFERTEXTURE2D) \
	X(FramebufferRenderbuffer, FRAMEBUFFERRENDERBUFFER) \
	X(CheckFramebufferStatus, CHECKFRAMEBUFFERSTATUS) \
	X(GenRenderbuffers, GENRENDERBUFFERS) X(DeleteRenderbuffers, DELETERENDERBUFFERS) \
	X(BindRenderbuffer, BINDRENDERBUFFER) X(RenderbufferStorage, RENDERBUFFERSTORAGE) \
	X(RenderbufferStorageMultisample, RENDERBUFFERSTORAGEMULTISAMPLE) \
	X(GetRenderbufferParameteriv, GETRENDERBUFFERPARAMETERIV) \
	X(GetInternalformativ, GETINTERNALFORMATIV) X(ClearBufferfv, CLEARBUFFERFV) \
	X(BlendFunc, BLENDFUNC) X(BlitFramebuffer, BLITFRAMEBUFFER)

#define CBF_MEMBER(n, N) PFNGL##N##PROC n;
static struct { CBF_FUNCS(CBF_MEMBER) } fx;
#undef CBF_MEMBER

static void load(void)
{
#define CBF_LOAD(n, N) fx.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	CBF_FUNCS(CBF_LOAD)
#undef CBF_LOAD
}

static void setup(void)
{
	glt_setup();
	load();
}

static void setup_es2(void)
{
	glt_setup_version(2, 0);
	load();
}

static const char *fs_write =
	"#version 300 es\nprecision highp float;\nuniform vec4 u;\nout vec4 o;\n"
	"void main() { o = u; }\n";

/* a format, the value written and what reads back (unstored channels read
 * as 0, alpha as 1); every value is exact in the format's precision */
struct float_case {
	GLenum internal;
	float put[4];
	float get[4];
};

static const struct float_case cases[] = {
	{ GL_RGBA32F, { -2.5f, 1e5f, 0.125f, 3 }, { -2.5f, 1e5f, 0.125f, 3 } },
	{ GL_RG32F, { -2.5f, 1e5f, 0.125f, 3 }, { -2.5f, 1e5f, 0, 1 } },
	{ GL_R32F, { 1e5f, -2.5f, 0.125f, 3 }, { 1e5f, 0, 0, 1 } },
	{ GL_RGBA16F, { -2.5f, 1000, 0.125f, 3 }, { -2.5f, 1000, 0.125f, 3 } },
	{ GL_RG16F, { -2.5f, 1000, 0.125f, 3 }, { -2.5f, 1000, 0, 1 } },
	{ GL_R16F, { 1000, -2.5f, 0.125f, 3 }, { 1000, 0, 0, 1 } },
	/* unsigned, 6/6/5-bit mantissas */
	{ GL_R11F_G11F_B10F, { 2.5f, 1024, 0.125f, 3 }, { 2.5f, 1024, 0.125f, 1 } },
};

#define NCASES (sizeof(cases) / sizeof(cases[0]))

/* The status of a new bound framebuffer with tex (2D) as colour 0. */
static GLenum attached_status(GLuint tex, GLuint *fb)
{
	fx.GenFramebuffers(1, fb);
	fx.BindFramebuffer(GL_FRAMEBUFFER, *fb);
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	return fx.CheckFramebufferStatus(GL_FRAMEBUFFER);
}

/* A 4x4 texture of the format attached to a new bound framebuffer. */
static GLuint texture_fbo(GLenum internal, GLuint *tex)
{
	GLuint fb;

	*tex = glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, (GLint)internal, 4, 4, 0,
		      internal == GL_R11F_G11F_B10F ? GL_RGB
		      : internal == GL_RG32F || internal == GL_RG16F ? GL_RG
		      : internal == GL_R32F || internal == GL_R16F ? GL_RED : GL_RGBA,
		      GL_FLOAT, NULL);
	attached_status(*tex, &fb);
	gl.Viewport(0, 0, 4, 4);
	return fb;
}

/* A renderbuffer of the format (samples, 0 for none) on a new bound framebuffer. */
static GLuint renderbuffer_fbo(GLenum internal, GLsizei samples, GLuint *rb)
{
	GLuint fb;

	fx.GenRenderbuffers(1, rb);
	fx.BindRenderbuffer(GL_RENDERBUFFER, *rb);
	fx.RenderbufferStorageMultisample(GL_RENDERBUFFER, samples, internal, 4, 4);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fx.GenFramebuffers(1, &fb);
	fx.BindFramebuffer(GL_FRAMEBUFFER, fb);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb);
	gl.Viewport(0, 0, 4, 4);
	return fb;
}

static void draw_value(const float v[4])
{
	GLuint p = glt_program(glt_vs3_window, fs_write);

	gl.UseProgram(p);
	gl.Uniform4fv(gl.GetUniformLocation(p, "u"), 1, v);
	glt_draw_window();
	gl.DeleteProgram(p);
}

/* Every texel of the bound 4x4 framebuffer reads back as want, bit for bit. */
static void assert_texels(GLenum internal, const float want[4])
{
	float got[16][4];

	memset(got, 0x7f, sizeof(got));
	gl.ReadPixels(0, 0, 4, 4, GL_RGBA, GL_FLOAT, got);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	for (int t = 0; t < 16; t++)
		for (int c = 0; c < 4; c++)
			ck_assert_msg(got[t][c] == want[c], "0x%x texel %d channel %d: %g, not %g",
				      internal, t, c, (double)got[t][c], (double)want[c]);
}

/* A texture of the case's format filled by a draw or by glClearBufferfv
 * reads back as the case's value. */
static void fill_and_check(const struct float_case *k, bool clear)
{
	GLuint tex, fb = texture_fbo(k->internal, &tex);

	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	if (clear)
		fx.ClearBufferfv(GL_COLOR, 0, k->put);
	else
		draw_value(k->put);
	assert_texels(k->internal, k->get);
	fx.DeleteFramebuffers(1, &fb);
	gl.DeleteTextures(1, &tex);
}

/* A shader's output of values outside [0, 1] lands in each format exactly. */
START_TEST(t_draw_every_format)
{
	fill_and_check(&cases[_i], false);
}
END_TEST

/* glClearBufferfv stores its unclamped value in each format. */
START_TEST(t_clear_every_format)
{
	fill_and_check(&cases[_i], true);
}
END_TEST

/* Renderbuffers of each format render and clear like the textures. */
START_TEST(t_renderbuffer_every_format)
{
	const struct float_case *k = &cases[_i];
	static const float zero[4] = { 0, 0, 0, 0 };
	GLuint rb, fb = renderbuffer_fbo(k->internal, 0, &rb);

	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	fx.ClearBufferfv(GL_COLOR, 0, zero);
	draw_value(k->put);
	assert_texels(k->internal, k->get);
	fx.DeleteFramebuffers(1, &fb);
	fx.DeleteRenderbuffers(1, &rb);
}
END_TEST

/* The case's value v where its format stores a channel, else what the
 * unstored channel reads as. */
static void stored(const struct float_case *k, const float v[4], float out[4])
{
	for (int c = 0; c < 4; c++)
		out[c] = k->get[c] == k->put[c] ? v[c] : k->get[c];
}

/* ONE + ONE blending adds unclamped values in every format (32-bit ones
 * through EXT_float_blend): sums exact even in 10-bit floats. */
START_TEST(t_blend_every_format)
{
	static const float dst[4] = { 1.5f, 2.5f, 96, 0.5f };
	static const float src[4] = { 2, 0.125f, 24, 0.25f };
	static const float sum[4] = { 3.5f, 2.625f, 120, 0.75f };
	const struct float_case *k = &cases[_i];
	GLuint tex, fb = texture_fbo(k->internal, &tex);
	float want[4];

	fx.ClearBufferfv(GL_COLOR, 0, dst);
	gl.Enable(GL_BLEND);
	fx.BlendFunc(GL_ONE, GL_ONE);
	draw_value(src);
	gl.Disable(GL_BLEND);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	stored(k, sum, want);
	assert_texels(k->internal, want);
	fx.DeleteFramebuffers(1, &fb);
	gl.DeleteTextures(1, &tex);
}
END_TEST

/* The bound multisample framebuffer ms resolved into a texture of the
 * same format reads back as the case's value. */
static void resolve_and_check(const struct float_case *k, GLuint ms)
{
	GLuint tex, fb = texture_fbo(k->internal, &tex);

	fx.BindFramebuffer(GL_READ_FRAMEBUFFER, ms);
	fx.BlitFramebuffer(0, 0, 4, 4, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fx.BindFramebuffer(GL_FRAMEBUFFER, fb);
	assert_texels(k->internal, k->get);
	fx.DeleteFramebuffers(1, &fb);
	gl.DeleteTextures(1, &tex);
}

/* glGetInternalformativ gives each format's sample counts; a multisample
 * renderbuffer at the largest is complete, reports its count, and a clear
 * of it resolves (glBlitFramebuffer) to the exact value. */
START_TEST(t_multisample_counts)
{
	const struct float_case *k = &cases[_i];
	GLint n = -1, counts[8] = { 0 }, samples = -1;
	GLuint rb, fb;

	fx.GetInternalformativ(GL_RENDERBUFFER, k->internal, GL_NUM_SAMPLE_COUNTS, 1, &n);
	ck_assert_int_ge(n, 0);
	if (n == 0)
		return;
	fx.GetInternalformativ(GL_RENDERBUFFER, k->internal, GL_SAMPLES, 8, counts);
	ck_assert_int_le(counts[0], glt_geti(GL_MAX_SAMPLES));
	fb = renderbuffer_fbo(k->internal, counts[0], &rb);
	fx.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_SAMPLES, &samples);
	ck_assert_int_ge(samples, counts[0]);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	fx.ClearBufferfv(GL_COLOR, 0, k->put);
	resolve_and_check(k, fb);
	fx.DeleteFramebuffers(1, &fb);
	fx.DeleteRenderbuffers(1, &rb);
}
END_TEST

/* RGB16F/RGB32F are not colour-renderable even with the extension: the
 * texture attachment is incomplete, the renderbuffer storage refused. */
START_TEST(t_rgb_float_not_renderable)
{
	static const GLenum rgb[] = { GL_RGB16F, GL_RGB32F };
	GLuint tex, rb, fb;

	for (size_t i = 0; i < 2; i++) {
		tex = glt_texture(GL_TEXTURE_2D);
		gl.TexImage2D(GL_TEXTURE_2D, 0, (GLint)rgb[i], 4, 4, 0, GL_RGB, GL_FLOAT, NULL);
		ck_assert_int_eq(attached_status(tex, &fb), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
		fx.GenRenderbuffers(1, &rb);
		fx.BindRenderbuffer(GL_RENDERBUFFER, rb);
		fx.RenderbufferStorage(GL_RENDERBUFFER, rgb[i], 4, 4);
		ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
		fx.DeleteRenderbuffers(1, &rb);
		fx.DeleteFramebuffers(1, &fb);
		gl.DeleteTextures(1, &tex);
	}
}
END_TEST

static bool has_extension(const char *name)
{
	const char *all = (const char *)gl.GetString(GL_EXTENSIONS);
	size_t len = strlen(name);

	for (const char *p = all ? strstr(all, name) : NULL; p; p = strstr(p + len, name))
		if ((p == all || p[-1] == ' ') && (p[len] == ' ' || p[len] == '\0'))
			return true;
	return false;
}

START_TEST(t_extension_listed)
{
	static const char *const names[] = { "GL_EXT_color_buffer_float", "GL_EXT_float_blend" };
	GLint n = glt_geti(GL_NUM_EXTENSIONS);

	for (size_t e = 0; e < 2; e++) {
		bool found = false;

		ck_assert_msg(has_extension(names[e]), "%s", names[e]);
		for (GLint i = 0; i < n; i++)
			found |= strcmp((const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)i),
					names[e]) == 0;
		ck_assert_msg(found, "%s", names[e]);
	}
}
END_TEST

/* ES 2.0: no extension, an OES_texture_half_float texture is not a colour
 * attachment and RGBA16F no renderbuffer format. */
START_TEST(t_es2_not_renderable)
{
	GLuint tex, fb, rb;

	ck_assert(!has_extension("GL_EXT_color_buffer_float"));
	ck_assert(!has_extension("GL_EXT_color_buffer_half_float"));
	ck_assert(!has_extension("GL_EXT_float_blend"));
	tex = glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_HALF_FLOAT_OES, NULL);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_int_eq(attached_status(tex, &fb), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
	fx.GenRenderbuffers(1, &rb);
	fx.BindRenderbuffer(GL_RENDERBUFFER, rb);
	fx.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA16F, 4, 4);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	fx.DeleteRenderbuffers(1, &rb);
	fx.DeleteFramebuffers(1, &fb);
	gl.DeleteTextures(1, &tex);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_color_buffer_float");
	TCase *tc = tcase_create("es3");
	TCase *es2 = tcase_create("es2");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_test(tc, t_extension_listed);
	tcase_add_loop_test(tc, t_draw_every_format, 0, NCASES);
	tcase_add_loop_test(tc, t_clear_every_format, 0, NCASES);
	tcase_add_loop_test(tc, t_renderbuffer_every_format, 0, NCASES);
	tcase_add_loop_test(tc, t_multisample_counts, 0, NCASES);
	tcase_add_loop_test(tc, t_blend_every_format, 0, NCASES);
	tcase_add_test(tc, t_rgb_float_not_renderable);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(es2, setup_es2, glt_teardown);
	tcase_add_test(es2, t_es2_not_renderable);
	suite_add_tcase(s, es2);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
