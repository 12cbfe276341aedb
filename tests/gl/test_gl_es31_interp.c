/* SPDX-License-Identifier: MIT */
/*
 * OES_shader_multisample_interpolation on ES 3.1 contexts:
 * the offset limits, and the interpolation functions
 * and the sample qualifier drawn on the host. The vertex shader writes the
 * window x (0 at the left edge, 32 at the right) to a varying; the fragment
 * shader writes its fraction as red, so red says where within the pixel
 * the varying was interpolated: 0.5 at the centre (128), 0.75 a quarter
 * pixel right (191), a sample's own x at that sample. Drawn into a 4-sample
 * renderbuffer resolved into the window, or a 4-sample texture whose
 * samples are fetched one by one. Every test passes trivially where the
 * host lacks the extension, after checking it is not listed.
 */
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#include <stdint.h>
#include <stdlib.h>

#include "gl_test_util.h"

#define es(n) ((__typeof__(&gl##n))glt_proc("gl" #n))

static void setup(void)
{
	glt_setup_version(3, 1);
}

static void setup30(void)
{
	glt_setup_version(3, 0);
}

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

static bool has_interp(void)
{
	return glt_has_extension("GL_OES_shader_multisample_interpolation");
}

static GLfloat getf(GLenum pname)
{
	GLfloat v = 99.0f;

	gl.GetFloatv(pname, &v);
	return v;
}

/* Where the host has the extension: Mesa's virgl range, -0.5 to 0.5 less a
 * 1/16 step, 4 bits. */
START_TEST(limits)
{
	/* listed exactly where per-sample shading and gpu_shader5 are */
	ck_assert_int_eq(has_interp(), glt_has_extension("GL_OES_sample_shading") &&
				       glt_has_extension("GL_EXT_gpu_shader5"));
	if (!has_interp())
		return;
	ck_assert(getf(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_OES) == -0.5f);
	ck_assert(getf(GL_MAX_FRAGMENT_INTERPOLATION_OFFSET_OES) == 0.4375f);
	ck_assert_int_eq(glt_geti(GL_FRAGMENT_INTERPOLATION_OFFSET_BITS_OES), 4);
	expect(GL_NO_ERROR);
}
END_TEST

/* ES 3.0: not listed, the limits unknown enums, the qualifier a reserved word. */
START_TEST(not_in_es30)
{
	GLint ok = 1;

	ck_assert(!has_interp());
	getf(GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_OES);
	expect(GL_INVALID_ENUM);
	gl.DeleteShader(glt_compile(GL_FRAGMENT_SHADER, "#version 300 es\n"
		"precision highp float;\nsample in float x;\nout vec4 c;\n"
		"void main() { c = vec4(x); }\n", &ok));
	ck_assert_int_eq(ok, 0);
}
END_TEST

static const char vs_x[] = "#version 310 es\n"
	"#extension GL_OES_shader_multisample_interpolation : require\n"
	"layout(location = 0) in vec2 pos;\n"
	"out highp float x;\n"
	"void main() { x = (pos.x * 0.5 + 0.5) * 32.0; gl_Position = vec4(pos, 0.0, 1.0); }\n";

#define FS_HEAD "#version 310 es\n" \
	"#extension GL_OES_shader_multisample_interpolation : require\n" \
	"precision highp float;\nout vec4 c;\n"

/* The renderbuffer's sample positions (glGetMultisamplefv while bound). */
static GLfloat positions[4][2];

/* Draws with program p over a 4-sample renderbuffer, resolves it into the
 * window and returns the red of pixel (7, 9). */
static int resolved_red(GLuint p)
{
	GLuint rb, fb;
	uint8_t px[4];

	es(GenRenderbuffers)(1, &rb);
	es(BindRenderbuffer)(GL_RENDERBUFFER, rb);
	es(RenderbufferStorageMultisample)(GL_RENDERBUFFER, 4, GL_RGBA8, GLT_W, GLT_H);
	es(GenFramebuffers)(1, &fb);
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	es(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	for (GLuint i = 0; i < 4; i++)
		es(GetMultisamplefv)(GL_SAMPLE_POSITION, i, positions[i]);
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.UseProgram(p);
	glt_draw_window();
	es(BindFramebuffer)(GL_DRAW_FRAMEBUFFER, 0);
	es(BlitFramebuffer)(0, 0, GLT_W, GLT_H, 0, 0, GLT_W, GLT_H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	expect(GL_NO_ERROR);
	glt_pixel(7, 9, px);
	es(DeleteFramebuffers)(1, &fb);
	es(DeleteRenderbuffers)(1, &rb);
	return px[0];
}

static void assert_red(const char *fs, int want)
{
	int r = resolved_red(glt_program(vs_x, fs));

	ck_assert_msg(abs(r - want) <= 2, "red %d, want %d, for\n%s", r, want, fs);
}

/* A quarter pixel right of the centre, three eighths left of it, and a
 * quarter left from a uniform. */
START_TEST(at_offset)
{
	GLuint p;

	if (!has_interp())
		return;
	assert_red(FS_HEAD "in highp float x;\n"
		   "void main() { c = vec4(fract(interpolateAtOffset(x, vec2(0.25, 0.0))), 0, 0, 1); }\n",
		   191);
	assert_red(FS_HEAD "in highp float x;\n"
		   "void main() { c = vec4(fract(interpolateAtOffset(x, vec2(-0.375, 0.25))), 0, 0, 1); }\n",
		   32);
	p = glt_program(vs_x, FS_HEAD "in highp float x;\nuniform vec2 off;\n"
			"void main() { c = vec4(fract(interpolateAtOffset(x, off)), 0, 0, 1); }\n");
	gl.UseProgram(p);
	es(Uniform2f)(gl.GetUniformLocation(p, "off"), -0.25f, 0.0f);
	ck_assert_int_le(abs(resolved_red(p) - 64), 2);
}
END_TEST

/* Each sample of the standard 4-sample pattern: its x as
 * glGetMultisamplefv gives it (the whole pixel is covered, so every
 * sample holds the value and the resolve keeps it). */
START_TEST(at_sample)
{
	GLuint p;

	if (!has_interp())
		return;
	p = glt_program(vs_x, FS_HEAD "in highp float x;\nuniform int s;\n"
			"void main() { c = vec4(fract(interpolateAtSample(x, s)), 0, 0, 1); }\n");
	for (int i = 0; i < 4; i++) {
		int r;

		gl.UseProgram(p);
		gl.Uniform1i(gl.GetUniformLocation(p, "s"), i);
		r = resolved_red(p);
		ck_assert_msg(abs(r - (int)(positions[i][0] * 255.0f + 0.5f)) <= 2,
			      "sample %d: red %d, position x %g", i, r, positions[i][0]);
	}
}
END_TEST

/* Fully covered, the centroid is the centre: as the plain varying (128),
 * where the first sample's x is elsewhere. */
START_TEST(at_centroid)
{
	if (!has_interp())
		return;
	assert_red(FS_HEAD "in highp float x;\n"
		   "void main() { c = vec4(fract(interpolateAtCentroid(x)), 0, 0, 1); }\n", 128);
	assert_red(FS_HEAD "in highp float x;\n"
		   "void main() { c = vec4(fract(interpolateAtSample(x, 0)), 0, 0, 1); }\n", 96);
}
END_TEST

static const char fs_fetch[] = "#version 310 es\n"
	"precision mediump float;\n"
	"uniform highp sampler2DMS tex;\n"
	"uniform int u_sample;\n"
	"out vec4 c;\n"
	"void main() { c = texelFetch(tex, ivec2(gl_FragCoord.xy), u_sample); }\n";
static const char vs_window[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* A sample-qualified input shades per sample: each of the four samples
 * holds its own x (read back one by one through a 4-sample texture). */
START_TEST(sample_qualifier)
{
	static const char vs[] = "#version 310 es\n"
		"#extension GL_OES_shader_multisample_interpolation : require\n"
		"layout(location = 0) in vec2 pos;\n"
		"sample out highp float x;\n"
		"void main() { x = (pos.x * 0.5 + 0.5) * 32.0; gl_Position = vec4(pos, 0.0, 1.0); }\n";
	GLuint tex, fb, fetch;
	uint8_t px[4];

	if (!has_interp())
		return;
	gl.GenTextures(1, &tex);
	gl.BindTexture(GL_TEXTURE_2D_MULTISAMPLE, tex);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, GLT_W, GLT_H, GL_TRUE);
	es(GenFramebuffers)(1, &fb);
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
				 tex, 0);
	for (GLuint i = 0; i < 4; i++)
		es(GetMultisamplefv)(GL_SAMPLE_POSITION, i, positions[i]);
	gl.UseProgram(glt_program(vs, FS_HEAD "sample in highp float x;\n"
				  "void main() { c = vec4(fract(x), 0, 0, 1); }\n"));
	glt_draw_window();
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	fetch = glt_program(vs_window, fs_fetch);
	gl.UseProgram(fetch);
	for (int i = 0; i < 4; i++) {
		gl.Uniform1i(gl.GetUniformLocation(fetch, "u_sample"), i);
		glt_draw_window();
		glt_pixel(7, 9, px);
		ck_assert_msg(abs(px[0] - (int)(positions[i][0] * 255.0f + 0.5f)) <= 2,
			      "sample %d: red %d, position x %g", i, px[0], positions[i][0]);
	}
	expect(GL_NO_ERROR);
	es(DeleteFramebuffers)(1, &fb);
	gl.DeleteTextures(1, &tex);
}
END_TEST

/* The functions need the #extension, a fragment shader and an input. */
START_TEST(compile_errors)
{
	GLint ok = 1;

	if (!has_interp())
		return;
	gl.DeleteShader(glt_compile(GL_FRAGMENT_SHADER, "#version 310 es\n"
		"precision highp float;\nin float x;\nout vec4 c;\n"
		"void main() { c = vec4(interpolateAtCentroid(x)); }\n", &ok));
	ck_assert_int_eq(ok, 0);
	gl.DeleteShader(glt_compile(GL_FRAGMENT_SHADER, FS_HEAD
		"void main() { float t = 1.0; c = vec4(interpolateAtCentroid(t)); }\n", &ok));
	ck_assert_int_eq(ok, 0);
	gl.DeleteShader(glt_compile(GL_FRAGMENT_SHADER, FS_HEAD "in float x;\n"
		"void main() { c = vec4(gl_MaxFragmentInterpolationOffset + x); }\n", &ok));
	ck_assert_int_eq(ok, 1);
}
END_TEST

static Suite *interp_suite(void)
{
	Suite *s = suite_create("gl es31 multisample interpolation");
	TCase *tc = tcase_create("interpolation");
	TCase *t30 = tcase_create("es 3.0");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_test(tc, limits);
	tcase_add_test(tc, at_offset);
	tcase_add_test(tc, at_sample);
	tcase_add_test(tc, at_centroid);
	tcase_add_test(tc, sample_qualifier);
	tcase_add_test(tc, compile_errors);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(t30, setup30, glt_teardown);
	tcase_add_test(t30, not_in_es30);
	suite_add_tcase(s, t30);
	return s;
}

int main(void)
{
	return glt_main(interp_suite);
}
