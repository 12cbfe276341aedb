/* SPDX-License-Identifier: MIT */
/*
 * GL_KHR_blend_equation_advanced: each of the 15 equations drawn over a
 * cleared RGBA8 window and read back against the extension's formulas
 * computed here on the CPU; glBlendEquation(i) taking the equations and
 * the separate calls refusing them; the draw-time errors (an equation the
 * fragment shader does not declare, more than one draw buffer); the
 * layout(blend_support_...) qualifiers' compile errors; glBlendBarrierKHR.
 *
 * The host here has framebuffer fetch, so the fragment shader blends
 * (vc_tgsi_blend.c). Not covered: a host without it, where the extension is
 * not advertised.
 */
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h> /* after the GLES 3 header */
#include <math.h>
#include <string.h>

#include "gl_test_util.h"

#define F(n) ((__typeof__(&gl##n))glt_proc("gl" #n))

static const GLenum equations[15] = {
	GL_MULTIPLY_KHR, GL_SCREEN_KHR, GL_OVERLAY_KHR, GL_DARKEN_KHR, GL_LIGHTEN_KHR,
	GL_COLORDODGE_KHR, GL_COLORBURN_KHR, GL_HARDLIGHT_KHR, GL_SOFTLIGHT_KHR,
	GL_DIFFERENCE_KHR, GL_EXCLUSION_KHR, GL_HSL_HUE_KHR, GL_HSL_SATURATION_KHR,
	GL_HSL_COLOR_KHR, GL_HSL_LUMINOSITY_KHR,
};

static const char *vs =
	"#version 300 es\n"
	"in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_all =
	"#version 300 es\n"
	"#extension GL_KHR_blend_equation_advanced : require\n"
	"precision mediump float;\n"
	"layout(blend_support_all_equations) out;\n"
	"uniform vec4 c;\n"
	"layout(location = 0) out vec4 o;\n"
	"void main() { o = c; }\n";
static const char *fs_multiply =
	"#version 300 es\n"
	"#extension GL_KHR_blend_equation_advanced : enable\n"
	"precision mediump float;\n"
	"layout(blend_support_multiply) out;\n"
	"layout(location = 0) out vec4 o;\n"
	"void main() { o = vec4(1.0); }\n";
static const char *fs_none =
	"#version 300 es\n"
	"precision mediump float;\n"
	"layout(location = 0) out vec4 o;\n"
	"void main() { o = vec4(1.0); }\n";

static void expect(GLenum err)
{
	ck_assert_int_eq(gl.GetError(), err);
}

static void draw(void)
{
	static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };

	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
}

static GLuint program(const char *fs)
{
	GLuint p = glt_program(vs, fs);

	gl.UseProgram(p);
	return p;
}

/* ---- the extension's equations, on the CPU ---------------------------------------------- */

static double minv(const double c[3]) { return fmin(c[0], fmin(c[1], c[2])); }
static double maxv(const double c[3]) { return fmax(c[0], fmax(c[1], c[2])); }
static double lumv(const double c[3]) { return 0.30 * c[0] + 0.59 * c[1] + 0.11 * c[2]; }

static void set_lum(double c[3], double lum)
{
	double d = lum - lumv(c), l, mn, mx;

	for (int i = 0; i < 3; i++)
		c[i] += d;
	l = lumv(c);
	mn = minv(c);
	mx = maxv(c);
	for (int i = 0; mn < 0.0 && i < 3; i++)
		c[i] = l + (c[i] - l) * l / (l - mn);
	for (int i = 0; mx > 1.0 && i < 3; i++)
		c[i] = l + (c[i] - l) * (1.0 - l) / (mx - l);
}

static void set_sat(double out[3], const double base[3], const double sat[3])
{
	double mn = minv(base), sb = maxv(base) - mn, ss = maxv(sat) - minv(sat);

	for (int i = 0; i < 3; i++)
		out[i] = sb > 0.0 ? (base[i] - mn) * ss / sb : 0.0;
}

static double soft_light(double s, double d)
{
	if (s <= 0.5)
		return d - (1.0 - 2.0 * s) * d * (1.0 - d);
	if (d <= 0.25)
		return d + (2.0 * s - 1.0) * d * ((16.0 * d - 12.0) * d + 3.0);
	return d + (2.0 * s - 1.0) * (sqrt(d) - d);
}

static double separable(unsigned e, double s, double d)
{
	switch (e) {
	case 1: return s * d;
	case 2: return s + d - s * d;
	case 3: return d <= 0.5 ? 2.0 * s * d : 1.0 - 2.0 * (1.0 - s) * (1.0 - d);
	case 4: return fmin(s, d);
	case 5: return fmax(s, d);
	case 6: return d <= 0.0 ? 0.0 : s >= 1.0 ? 1.0 : fmin(1.0, d / (1.0 - s));
	case 7: return d >= 1.0 ? 1.0 : s <= 0.0 ? 0.0 : 1.0 - fmin(1.0, (1.0 - d) / s);
	case 8: return s <= 0.5 ? 2.0 * s * d : 1.0 - 2.0 * (1.0 - s) * (1.0 - d);
	case 9: return soft_light(s, d);
	case 10: return fabs(d - s);
	default: return s + d - 2.0 * s * d;
	}
}

/* f(Cs', Cd') of equation e (1..15) */
static void blend_f(unsigned e, const double s[3], const double d[3], double f[3])
{
	if (e <= 11) {
		for (int i = 0; i < 3; i++)
			f[i] = separable(e, s[i], d[i]);
		return;
	}
	if (e == 12)
		set_sat(f, s, d);
	else if (e == 13)
		set_sat(f, d, s);
	else
		memcpy(f, e == 14 ? s : d, sizeof(double) * 3);
	set_lum(f, lumv(e == 15 ? s : d));
}

/* The premultiplied result of src over dst by equation e, as bytes. */
static void expected(unsigned e, const double src[4], const double dst[4], uint8_t out[4])
{
	double cs[3], cd[3], f[3], as = src[3], ad = dst[3], r[4];

	for (int i = 0; i < 3; i++) {
		cs[i] = as > 0.0 ? src[i] / as : 0.0;
		cd[i] = ad > 0.0 ? dst[i] / ad : 0.0;
	}
	blend_f(e, cs, cd, f);
	for (int i = 0; i < 3; i++)
		r[i] = f[i] * as * ad + cs[i] * as * (1.0 - ad) + cd[i] * ad * (1.0 - as);
	r[3] = as + ad - as * ad;
	for (int i = 0; i < 4; i++)
		out[i] = (uint8_t)lround(fmin(fmax(r[i], 0.0), 1.0) * 255.0);
}

/* ---- tests ---------------------------------------------------------------------------------- */

START_TEST(t_extension_listed)
{
	ck_assert(glt_has_extension("GL_KHR_blend_equation_advanced"));
	ck_assert(glt_has_extension("GL_KHR_blend_equation_advanced_coherent"));
}
END_TEST

/* GL_BLEND_ADVANCED_COHERENT_KHR: on at first, a capability like the others. */
START_TEST(t_coherent_state)
{
	GLboolean b = GL_FALSE;

	ck_assert(gl.IsEnabled(GL_BLEND_ADVANCED_COHERENT_KHR));
	gl.Disable(GL_BLEND_ADVANCED_COHERENT_KHR);
	expect(GL_NO_ERROR);
	ck_assert(!gl.IsEnabled(GL_BLEND_ADVANCED_COHERENT_KHR));
	gl.Enable(GL_BLEND_ADVANCED_COHERENT_KHR);
	gl.GetBooleanv(GL_BLEND_ADVANCED_COHERENT_KHR, &b);
	ck_assert_int_eq(b, GL_TRUE);
	expect(GL_NO_ERROR);
}
END_TEST

/* Coherent blending: overlapping draws without barriers each see the last. */
START_TEST(t_coherent_overdraw)
{
	GLuint p = program(fs_all);

	gl.ClearColor(1.0f, 1.0f, 1.0f, 1.0f);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Uniform4f(gl.GetUniformLocation(p, "c"), 0.5f, 0.5f, 0.5f, 1.0f);
	gl.Enable(GL_BLEND);
	F(BlendEquation)(GL_MULTIPLY_KHR);
	for (int i = 0; i < 3; i++)
		draw();
	expect(GL_NO_ERROR);
	glt_assert_pixel_near(9, 9, (const uint8_t[4]){ 32, 32, 32, 255 }, 2);
	gl.DeleteProgram(p);
}
END_TEST

/* Two source colours (premultiplied; the second with Cs' at 0 and 1 and a
 * wide hue, for the branches and the HSL clipping) over one destination. */
static const double sources[2][4] = { { 0.6, 0.15, 0.45, 0.75 }, { 0.0, 0.5, 0.5, 0.5 } };
static const uint8_t dst_bytes[4] = { 51, 153, 102, 204 };

START_TEST(t_equation)
{
	unsigned e = (unsigned)_i / 2 + 1;
	const double *src = sources[_i % 2];
	double dst[4];
	uint8_t want[4];
	GLuint p = program(fs_all);

	for (int i = 0; i < 4; i++)
		dst[i] = dst_bytes[i] / 255.0;
	gl.ClearColor((float)dst[0], (float)dst[1], (float)dst[2], (float)dst[3]);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Uniform4f(gl.GetUniformLocation(p, "c"), (float)src[0], (float)src[1], (float)src[2],
		     (float)src[3]);
	gl.Enable(GL_BLEND);
	F(BlendEquation)(equations[e - 1]);
	draw();
	expect(GL_NO_ERROR);
	expected(e, src, dst, want);
	glt_assert_pixel_near(5, 7, want, 2);
	glt_assert_pixel_near(GLT_W - 3, GLT_H - 2, want, 2);
	gl.DeleteProgram(p);
}
END_TEST

/* Blending off: the advanced equation does nothing (the source is written). */
START_TEST(t_blend_off)
{
	GLuint p = program(fs_all);

	gl.ClearColor(0.2f, 0.6f, 0.4f, 0.8f);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Uniform4f(gl.GetUniformLocation(p, "c"), 1.0f, 0.0f, 0.0f, 1.0f);
	F(BlendEquation)(GL_MULTIPLY_KHR);
	draw();
	expect(GL_NO_ERROR);
	glt_assert_pixel(3, 3, 255, 0, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* Two draws of MULTIPLY with a barrier between: the second reads the first's result. */
START_TEST(t_barrier_and_reuse)
{
	GLuint p = program(fs_all);
	PFNGLBLENDBARRIERKHRPROC barrier = (PFNGLBLENDBARRIERKHRPROC)glt_proc("glBlendBarrierKHR");

	gl.ClearColor(1.0f, 1.0f, 1.0f, 1.0f);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Uniform4f(gl.GetUniformLocation(p, "c"), 0.5f, 0.5f, 0.5f, 1.0f);
	gl.Enable(GL_BLEND);
	F(BlendEquation)(GL_MULTIPLY_KHR);
	draw();
	barrier();
	draw();
	expect(GL_NO_ERROR);
	glt_assert_pixel_near(4, 4, (const uint8_t[4]){ 64, 64, 64, 255 }, 2);
	gl.DeleteProgram(p);
}
END_TEST

/* A program loaded from its binary keeps the equations its shader declared. */
START_TEST(t_program_binary)
{
	GLuint p = glt_program(vs, fs_multiply), q;
	GLint size = 0, len = 0;
	GLenum format = 0;
	static uint8_t bin[1 << 20];

	gl.GetProgramiv(p, GL_PROGRAM_BINARY_LENGTH, &size);
	ck_assert_int_gt(size, 0);
	ck_assert_int_le(size, (GLint)sizeof(bin));
	F(GetProgramBinary)(p, (GLsizei)sizeof(bin), &len, &format, bin);
	q = gl.CreateProgram();
	F(ProgramBinary)(q, format, bin, len);
	expect(GL_NO_ERROR);
	gl.UseProgram(q);
	gl.Enable(GL_BLEND);
	F(BlendEquation)(GL_MULTIPLY_KHR);
	draw();
	expect(GL_NO_ERROR);
	F(BlendEquation)(GL_SCREEN_KHR);
	draw();
	expect(GL_INVALID_OPERATION);
	gl.DeleteProgram(p);
	gl.DeleteProgram(q);
}
END_TEST

START_TEST(t_equation_calls)
{
	PFNGLBLENDEQUATIONSEPARATEPROC sep =
		(PFNGLBLENDEQUATIONSEPARATEPROC)glt_proc("glBlendEquationSeparate");

	F(BlendEquation)(GL_HSL_COLOR_KHR);
	expect(GL_NO_ERROR);
	ck_assert_int_eq(glt_geti(GL_BLEND_EQUATION_RGB), GL_HSL_COLOR_KHR);
	ck_assert_int_eq(glt_geti(GL_BLEND_EQUATION_ALPHA), GL_HSL_COLOR_KHR);
	sep(GL_MULTIPLY_KHR, GL_MULTIPLY_KHR);
	expect(GL_INVALID_ENUM);
	sep(GL_FUNC_ADD, GL_SCREEN_KHR);
	expect(GL_INVALID_ENUM);
	ck_assert_int_eq(glt_geti(GL_BLEND_EQUATION_RGB), GL_HSL_COLOR_KHR);
	F(BlendEquation)(0x929D); /* between DIFFERENCE and EXCLUSION: NV's, not KHR's */
	expect(GL_INVALID_ENUM);
}
END_TEST

/* The draw errors: an equation the shader does not declare (or none
 * declared), and two draw buffers (attached or not); no error with
 * blending off. */
START_TEST(t_draw_errors)
{
	static const GLenum two[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };
	GLuint p = program(fs_multiply), q, fbo, tex[2];

	gl.Enable(GL_BLEND);
	F(BlendEquation)(GL_SCREEN_KHR);
	draw();
	expect(GL_INVALID_OPERATION);
	F(BlendEquation)(GL_MULTIPLY_KHR);
	draw();
	expect(GL_NO_ERROR);
	q = program(fs_none);
	draw();
	expect(GL_INVALID_OPERATION);
	gl.Disable(GL_BLEND);
	draw();
	expect(GL_NO_ERROR);
	gl.Enable(GL_BLEND);
	gl.UseProgram(p);
	F(GenFramebuffers)(1, &fbo);
	F(BindFramebuffer)(GL_FRAMEBUFFER, fbo);
	gl.GenTextures(2, tex);
	for (int i = 0; i < 2; i++) {
		gl.BindTexture(GL_TEXTURE_2D, tex[i]);
		gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
		F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D,
					tex[i], 0);
	}
	F(DrawBuffers)(2, two);
	draw();
	expect(GL_INVALID_OPERATION);
	F(DrawBuffers)(1, two);
	draw();
	expect(GL_NO_ERROR);
	/* the second draw buffer counts though nothing is attached to it (the
	 * extension names the draw buffer, not the image; dEQP's
	 * attachment_advanced_equation), an empty draw too */
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, 0, 0);
	F(DrawBuffers)(2, two);
	draw();
	expect(GL_INVALID_OPERATION);
	gl.DrawArrays(GL_TRIANGLES, 0, 0);
	expect(GL_INVALID_OPERATION);
	gl.DeleteProgram(p);
	gl.DeleteProgram(q);
}
END_TEST

START_TEST(t_compile_errors)
{
	glt_assert_compile_fails(GL_FRAGMENT_SHADER,
				 "#version 300 es\n"
				 "layout(blend_support_multiply) out;\n"
				 "void main() {}\n",
				 "no #extension", "GL_KHR_blend_equation_advanced");
	glt_assert_compile_fails(GL_VERTEX_SHADER,
				 "#version 300 es\n"
				 "#extension GL_KHR_blend_equation_advanced : require\n"
				 "layout(blend_support_multiply) out;\n"
				 "void main() {}\n",
				 "vertex shader", "fragment shaders");
	glt_assert_compile_fails(GL_FRAGMENT_SHADER,
				 "#version 300 es\n"
				 "#extension GL_KHR_blend_equation_advanced : require\n"
				 "layout(blend_support_plus) out;\n"
				 "void main() {}\n",
				 "unknown equation", "blend_support_plus");
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_blend_advanced");
	TCase *tc = tcase_create("blend_advanced");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_add_test(tc, t_extension_listed);
	tcase_add_test(tc, t_coherent_state);
	tcase_add_test(tc, t_coherent_overdraw);
	tcase_add_loop_test(tc, t_equation, 0, 30);
	tcase_add_test(tc, t_blend_off);
	tcase_add_test(tc, t_barrier_and_reuse);
	tcase_add_test(tc, t_equation_calls);
	tcase_add_test(tc, t_program_binary);
	tcase_add_test(tc, t_draw_errors);
	tcase_add_test(tc, t_compile_errors);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
