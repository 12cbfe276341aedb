/* SPDX-License-Identifier: MIT */
/*
 * Per-sample shading on ES 3.1 contexts:
 * OES_sample_shading's state, errors and effect. A 4-sample texture is
 * drawn with the window x in a varying and fract(x) as red: shaded once
 * per pixel, every sample holds the pixel centre's 0.5; shaded per sample,
 * each sample holds its own position within the pixel. Each sample is read
 * back by texelFetch into the single-sample window. OES_sample_variables'
 * built-ins written as colours show each sample's own values.
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

/* A multisample RGBA8 texture of `samples`, bound, and a framebuffer on it (bound). */
static GLuint ms_target_of(GLuint *tex, GLsizei samples)
{
	GLuint fb;

	gl.GenTextures(1, tex);
	gl.BindTexture(GL_TEXTURE_2D_MULTISAMPLE, *tex);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, samples, GL_RGBA8, GLT_W, GLT_H,
				    GL_TRUE);
	es(GenFramebuffers)(1, &fb);
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
				 *tex, 0);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	return fb;
}

static GLuint ms_target(GLuint *tex)
{
	return ms_target_of(tex, 4);
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

/* ---- OES_sample_variables ------------------------------------------------------------------------ */

#define SV_HEAD "#version 310 es\n#extension GL_OES_sample_variables : require\n" \
	"precision highp float;\nout vec4 c;\n"

/* Reading gl_SampleID shades each sample on its own (no GL_SAMPLE_SHADING_OES needed). */
START_TEST(variables_sample_id)
{
	uint8_t s[4][4];

	ck_assert(glt_has_extension("GL_OES_sample_variables"));
	draw_and_fetch(vs_window, SV_HEAD "void main() { c = vec4(float(gl_SampleID) / 4.0, 0, 0, 1); }\n",
		       4, 4, s);
	for (int i = 0; i < 4; i++)
		ck_assert_int_le(abs(s[i][0] - i * 64), 1);
}
END_TEST

/* gl_SampleMask clears the samples whose bit it clears; the others keep the colour. */
START_TEST(variables_sample_mask)
{
	uint8_t s[4][4];

	draw_and_fetch(vs_window, SV_HEAD "void main() { gl_SampleMask[0] = 5; c = vec4(1.0); }\n",
		       6, 2, s);
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(s[i][1], (5 >> i) & 1 ? 255 : 0);
}
END_TEST

/* Shaded per sample, each invocation covers its own sample only. */
START_TEST(variables_sample_mask_in)
{
	uint8_t s[4][4];

	draw_and_fetch(vs_window, SV_HEAD "void main() {\n"
		       "  bool own = gl_SampleMaskIn[0] == (1 << gl_SampleID);\n"
		       "  c = vec4(0.0, own ? 1.0 : 0.0, 0.0, 1.0); }\n", 9, 9, s);
	for (int i = 0; i < 4; i++)
		ck_assert_int_eq(s[i][1], 255);
}
END_TEST

/* Shaded once per pixel on a 2-sample target, the mask holds both samples
 * (the host must not keep more samples than the target has). */
START_TEST(variables_mask_in_two_samples)
{
	GLuint tex, fb = ms_target_of(&tex, 2), fetch;
	uint8_t px[4];

	gl.UseProgram(glt_program(vs_window, SV_HEAD "void main() {\n"
		"  c = vec4(float(bitCount(gl_SampleMaskIn[0])) / 8.0, 0, 0, 1); }\n"));
	glt_draw_window();
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	fetch = glt_program(vs_window, fs_fetch);
	gl.UseProgram(fetch);
	gl.Uniform1i(gl.GetUniformLocation(fetch, "u_sample"), 1);
	glt_draw_window();
	glt_pixel(5, 5, px);
	ck_assert_int_le(abs(px[0] - 64), 1);
	es(DeleteFramebuffers)(1, &fb);
	gl.DeleteTextures(1, &tex);
}
END_TEST

/* gl_SamplePosition is where glGetMultisamplefv says each sample lies. */
START_TEST(variables_sample_position)
{
	uint8_t s[4][4];
	GLuint tex, fb = ms_target(&tex);
	GLfloat pos[4][2];

	for (GLuint i = 0; i < 4; i++)
		es(GetMultisamplefv)(GL_SAMPLE_POSITION, i, pos[i]);
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	draw_and_fetch(vs_window, SV_HEAD "void main() { c = vec4(gl_SamplePosition, 0, 1); }\n",
		       3, 8, s);
	for (int i = 0; i < 4; i++) {
		ck_assert_int_le(abs(s[i][0] - (int)(pos[i][0] * 255.0f + 0.5f)), 2);
		ck_assert_int_le(abs(s[i][1] - (int)(pos[i][1] * 255.0f + 0.5f)), 2);
	}
	es(DeleteFramebuffers)(1, &fb);
	gl.DeleteTextures(1, &tex);
}
END_TEST

static const char fs_num_samples[] = SV_HEAD
	"void main() { c = vec4(float(gl_NumSamples) / 16.0, 0, 0, 1); }\n";

/* gl_NumSamples follows the target: 4 on the 4-sample texture, 1 on the window. */
START_TEST(variables_num_samples)
{
	uint8_t s[4][4];
	const uint8_t one[4] = { 16, 0, 0, 255 };

	draw_and_fetch(vs_window, fs_num_samples, 5, 5, s);
	for (int i = 0; i < 4; i++)
		ck_assert_int_le(abs(s[i][0] - 64), 1);
	gl.UseProgram(glt_program(vs_window, fs_num_samples));
	glt_draw_window();
	glt_assert_pixel_near(5, 5, one, 1);
}
END_TEST

/* gl_MaxSamples is GL_MAX_SAMPLES. */
START_TEST(variables_max_samples)
{
	const uint8_t want[4] = { (uint8_t)(glt_geti(GL_MAX_SAMPLES) * 4), 0, 0, 255 };

	gl.UseProgram(glt_program(vs_window, SV_HEAD
		"void main() { c = vec4(float(gl_MaxSamples * 4) / 255.0, 0, 0, 1); }\n"));
	glt_draw_window();
	expect(GL_NO_ERROR);
	glt_assert_pixel_near(5, 5, want, 1);
	ck_assert_int_ge(glt_geti(GL_MAX_SAMPLES), 4);
}
END_TEST

/* The variables exist under the #extension only, and in fragment shaders only. */
START_TEST(variables_need_extension)
{
	GLint ok = 1;

	gl.DeleteShader(glt_compile(GL_FRAGMENT_SHADER, "#version 310 es\n"
		"precision highp float;\nout vec4 c;\n"
		"void main() { c = vec4(float(gl_SampleID)); }\n", &ok));
	ck_assert_int_eq(ok, 0);
	gl.DeleteShader(glt_compile(GL_VERTEX_SHADER, "#version 310 es\n"
		"#extension GL_OES_sample_variables : require\n"
		"void main() { gl_Position = vec4(float(gl_SampleID)); }\n", &ok));
	ck_assert_int_eq(ok, 0);
	gl.DeleteShader(glt_compile(GL_FRAGMENT_SHADER, SV_HEAD
		"void main() { gl_NumSamples = 2; c = vec4(1.0); }\n", &ok));
	ck_assert_int_eq(ok, 0);
	gl.DeleteShader(glt_compile(GL_FRAGMENT_SHADER, "#version 310 es\n"
		"precision highp float;\nout vec4 c;\n"
		"void main() { c = vec4(float(gl_MaxSamples)); }\n", &ok));
	ck_assert_int_eq(ok, 0);
}
END_TEST

static Suite *es31_sample_suite(void)
{
	Suite *s = suite_create("gl es31 sample");
	TCase *ts = tcase_create("sample shading");
	TCase *tv = tcase_create("sample variables");
	TCase *t30 = tcase_create("es 3.0");

	tcase_add_checked_fixture(ts, setup, glt_teardown);
	tcase_add_test(ts, shading_state);
	tcase_add_test(ts, shading_off_once_per_pixel);
	tcase_add_test(ts, shading_value_zero);
	tcase_add_test(ts, shading_full_per_sample);
	suite_add_tcase(s, ts);
	tcase_add_checked_fixture(tv, setup, glt_teardown);
	tcase_add_test(tv, variables_sample_id);
	tcase_add_test(tv, variables_sample_mask);
	tcase_add_test(tv, variables_sample_mask_in);
	tcase_add_test(tv, variables_sample_position);
	tcase_add_test(tv, variables_mask_in_two_samples);
	tcase_add_test(tv, variables_num_samples);
	tcase_add_test(tv, variables_max_samples);
	tcase_add_test(tv, variables_need_extension);
	suite_add_tcase(s, tv);
	tcase_add_checked_fixture(t30, setup30, glt_teardown);
	tcase_add_test(t30, shading_not_in_es30);
	suite_add_tcase(s, t30);
	return s;
}

int main(void)
{
	return glt_main(es31_sample_suite);
}
