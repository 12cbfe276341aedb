/* SPDX-License-Identifier: MIT */
/*
 * Per-sample shading on ES 3.1 development contexts (VIRTGL_DEV_ES31=1):
 * OES_sample_shading's state, errors and effect. A 4-sample texture is
 * drawn with the window x in a varying and fract(x) as red: shaded once
 * per pixel, every sample holds the pixel centre's 0.5; shaded per sample,
 * each sample holds its own position within the pixel. Each sample is read
 * back by texelFetch into the single-sample window.
 */
#include <GLES3/gl31.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define GL_SAMPLE_SHADING_OES 0x8C36
#define GL_MIN_SAMPLE_SHADING_VALUE_OES 0x8C37

/* functions by name, as libglvnd reaches them */
#define es(n) ((__typeof__(&gl##n))glt_proc("gl" #n))
typedef void(GL_APIENTRY *min_sample_shading_fn)(GLfloat);

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

static void min_sample_shading(GLfloat v)
{
	((min_sample_shading_fn)glt_proc("glMinSampleShadingOES"))(v);
}

static GLfloat getf(GLenum pname)
{
	GLfloat v = -1.0f;

	gl.GetFloatv(pname, &v);
	return v;
}

/* ---- OES_sample_shading: state and errors ----------------------------------------------------- */

START_TEST(shading_state)
{
	ck_assert(glt_has_extension("GL_OES_sample_shading"));
	ck_assert(!gl.IsEnabled(GL_SAMPLE_SHADING_OES));
	ck_assert(getf(GL_MIN_SAMPLE_SHADING_VALUE_OES) == 0.0f);
	gl.Enable(GL_SAMPLE_SHADING_OES);
	ck_assert(gl.IsEnabled(GL_SAMPLE_SHADING_OES));
	min_sample_shading(0.5f);
	ck_assert(getf(GL_MIN_SAMPLE_SHADING_VALUE_OES) == 0.5f);
	/* clamped to [0, 1] */
	min_sample_shading(2.0f);
	ck_assert(getf(GL_MIN_SAMPLE_SHADING_VALUE_OES) == 1.0f);
	min_sample_shading(-1.0f);
	ck_assert(getf(GL_MIN_SAMPLE_SHADING_VALUE_OES) == 0.0f);
	gl.Disable(GL_SAMPLE_SHADING_OES);
	ck_assert(!gl.IsEnabled(GL_SAMPLE_SHADING_OES));
	expect(GL_NO_ERROR);
}
END_TEST

/* An ES 3.0 context has no OES_sample_shading: its enum and its call are errors. */
START_TEST(shading_not_in_es30)
{
	GLfloat v = -1.0f;

	ck_assert(!glt_has_extension("GL_OES_sample_shading"));
	gl.Enable(GL_SAMPLE_SHADING_OES);
	expect(GL_INVALID_ENUM);
	gl.IsEnabled(GL_SAMPLE_SHADING_OES);
	expect(GL_INVALID_ENUM);
	gl.GetFloatv(GL_MIN_SAMPLE_SHADING_VALUE_OES, &v);
	expect(GL_INVALID_ENUM);
	min_sample_shading(1.0f);
	expect(GL_INVALID_OPERATION);
}
END_TEST

/* ---- rendering ---------------------------------------------------------------------------------- */

static const char vs_x[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"out highp float x;\n"
	"void main() { x = (pos.x * 0.5 + 0.5) * 32.0; gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* red: where the fragment was shaded within its pixel, in x */
static const char fs_fract_x[] = "#version 310 es\n"
	"precision highp float;\n"
	"in highp float x;\n"
	"out vec4 c;\n"
	"void main() { c = vec4(fract(x), 0.0, 0.0, 1.0); }\n";

static const char vs_window[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static const char fs_fetch[] = "#version 310 es\n"
	"precision mediump float;\n"
	"uniform highp sampler2DMS tex;\n"
	"uniform int u_sample;\n"
	"out vec4 c;\n"
	"void main() { c = texelFetch(tex, ivec2(gl_FragCoord.xy), u_sample); }\n";

/* A 4-sample RGBA8 texture, bound, and a framebuffer on it (bound). */
static GLuint ms_target(GLuint *tex)
{
	GLuint fb;

	gl.GenTextures(1, tex);
	gl.BindTexture(GL_TEXTURE_2D_MULTISAMPLE, *tex);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, GLT_W, GLT_H, GL_TRUE);
	es(GenFramebuffers)(1, &fb);
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
				 *tex, 0);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	return fb;
}

/* Draws the window-filling quad with fs into a fresh 4-sample target, then
 * reads each sample of pixel (x, y) back through the window: out[i] is
 * sample i's colour. */
static void draw_and_fetch(const char *vs, const char *fs, int x, int y, uint8_t out[4][4])
{
	GLuint tex, fb = ms_target(&tex), fetch;

	gl.UseProgram(glt_program(vs, fs));
	glt_draw_window();
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	gl.Disable(GL_SAMPLE_SHADING_OES);
	fetch = glt_program(vs_window, fs_fetch);
	gl.UseProgram(fetch);
	for (int i = 0; i < 4; i++) {
		gl.Uniform1i(gl.GetUniformLocation(fetch, "u_sample"), i);
		glt_draw_window();
		glt_pixel(x, y, out[i]);
	}
	expect(GL_NO_ERROR);
	es(DeleteFramebuffers)(1, &fb);
	gl.DeleteTextures(1, &tex);
}

/* How many different red values the four samples hold (2 apart at least). */
static int distinct_reds(uint8_t s[4][4])
{
	int n = 0;

	for (int i = 0; i < 4; i++) {
		bool seen = false;

		for (int k = 0; k < i; k++)
			seen |= abs(s[i][0] - s[k][0]) <= 2;
		n += !seen;
	}
	return n;
}

START_TEST(shading_off_once_per_pixel)
{
	uint8_t s[4][4];

	draw_and_fetch(vs_x, fs_fract_x, 7, 9, s);
	ck_assert_int_eq(distinct_reds(s), 1);
	ck_assert_int_le(abs(s[0][0] - 128), 2);
}
END_TEST

/* Enabled with the value 0 it asks for one sample: as if off. */
START_TEST(shading_value_zero)
{
	uint8_t s[4][4];

	gl.Enable(GL_SAMPLE_SHADING_OES);
	min_sample_shading(0.0f);
	draw_and_fetch(vs_x, fs_fract_x, 7, 9, s);
	ck_assert_int_eq(distinct_reds(s), 1);
}
END_TEST

START_TEST(shading_full_per_sample)
{
	uint8_t s[4][4];

	gl.Enable(GL_SAMPLE_SHADING_OES);
	min_sample_shading(1.0f);
	draw_and_fetch(vs_x, fs_fract_x, 7, 9, s);
	/* the four samples of the standard pattern lie at four different x */
	ck_assert_int_eq(distinct_reds(s), 4);
	/* and the state is what the pipeline took: the same draw without it */
	gl.Disable(GL_SAMPLE_SHADING_OES);
	draw_and_fetch(vs_x, fs_fract_x, 7, 9, s);
	ck_assert_int_eq(distinct_reds(s), 1);
}
END_TEST

static Suite *es31_sample_suite(void)
{
	Suite *s = suite_create("gl es31 sample");
	TCase *ts = tcase_create("sample shading");
	TCase *t30 = tcase_create("es 3.0");

	tcase_add_checked_fixture(ts, setup, glt_teardown);
	tcase_add_test(ts, shading_state);
	tcase_add_test(ts, shading_off_once_per_pixel);
	tcase_add_test(ts, shading_value_zero);
	tcase_add_test(ts, shading_full_per_sample);
	suite_add_tcase(s, ts);
	tcase_add_checked_fixture(t30, setup30, glt_teardown);
	tcase_add_test(t30, shading_not_in_es30);
	suite_add_tcase(s, t30);
	return s;
}

int main(void)
{
	/* development only: ES 3.1 is incomplete and not advertised */
	setenv("VIRTGL_DEV_ES31", "1", 1);
	return glt_main(es31_sample_suite);
}
