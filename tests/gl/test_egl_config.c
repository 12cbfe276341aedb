/* SPDX-License-Identifier: MIT */
/* Configs through libglvnd: the list, each config's attributes, selection
 * and sort order (EGL 1.5 §3.4), the errors, and every config rendering as
 * it says (GL's bits, colour, depth, stencil; alpha 1 without alpha). */
#include <GLES3/gl3.h>
#include <stdlib.h>
#include <string.h>

#include "egl_test_util.h"

#define PBUFFER_ES2 EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT

struct sizes {
	EGLint red, green, blue, alpha, depth, stencil, samples;
};

#define RGB565(d, s) { 5, 6, 5, 0, d, s, 0 }
#define RGB888(d, s) { 8, 8, 8, 0, d, s, 0 }
#define RGBA8888(d, s) { 8, 8, 8, 8, d, s, 0 }
#define RGB565_MS(d, s) { 5, 6, 5, 0, d, s, 4 }
#define RGB888_MS(d, s) { 8, 8, 8, 0, d, s, 4 }
#define RGBA8888_MS(d, s) { 8, 8, 8, 8, d, s, 4 }
/* every depth/stencil buffer, in the sort order (smaller depth, then stencil) */
#define EACH_DS(C) C(0, 0), C(16, 0), C(24, 0), C(24, 8)
/* a colour's configs in the sort order: single-sampled first (rule 5) */
#define EACH(C) EACH_DS(C), EACH_DS(C##_MS)

/* The configs virtgl promises, each exactly once: the single-sampled ones
 * (a virgl host renders all of them), and the 4-sample ones where the host
 * renders 4 samples (all or none of them). */
static const struct sizes expected[] = { EACH(RGBA8888), EACH(RGB888), EACH(RGB565) };
#define EXPECTED_COUNT ((EGLint)(sizeof(expected) / sizeof(expected[0])))
#define MAX_CONFIGS 64

static EGLDisplay dpy;
static bool have_msaa;

static void setup(void)
{
	const EGLint ms[] = { EGL_SAMPLE_BUFFERS, 1, EGL_SURFACE_TYPE, EGL_DONT_CARE,
			     EGL_RENDERABLE_TYPE, EGL_DONT_CARE, EGL_NONE };
	EGLint n = -1;

	dpy = egl_test_display();
	ck_assert_int_eq(eglChooseConfig(dpy, ms, NULL, 0, &n), EGL_TRUE);
	ck_assert_msg(n == 0 || n == EXPECTED_COUNT / 2, "%d multisample configs", n);
	have_msaa = n > 0;
}

static EGLint expected_count(void)
{
	return have_msaa ? EXPECTED_COUNT : EXPECTED_COUNT / 2;
}

static struct sizes sizes_of(EGLConfig c)
{
	return (struct sizes){
		egl_test_config_attrib(dpy, c, EGL_RED_SIZE),
		egl_test_config_attrib(dpy, c, EGL_GREEN_SIZE),
		egl_test_config_attrib(dpy, c, EGL_BLUE_SIZE),
		egl_test_config_attrib(dpy, c, EGL_ALPHA_SIZE),
		egl_test_config_attrib(dpy, c, EGL_DEPTH_SIZE),
		egl_test_config_attrib(dpy, c, EGL_STENCIL_SIZE),
		egl_test_config_attrib(dpy, c, EGL_SAMPLES),
	};
}

/* Chooses with attribs; asserts the result is exactly `want`, in order
 * (less its multisample configs on a host without them). */
static void assert_choice(const EGLint *attribs, const struct sizes *want, EGLint count)
{
	EGLConfig configs[MAX_CONFIGS];
	EGLint n = -1, k = 0;

	ck_assert_int_eq(eglChooseConfig(dpy, attribs, configs, MAX_CONFIGS, &n), EGL_TRUE);
	for (EGLint i = 0; i < count; i++) {
		struct sizes s;

		if (want[i].samples && !have_msaa)
			continue;
		ck_assert_int_lt(k, n);
		s = sizes_of(configs[k++]);
		ck_assert_msg(memcmp(&s, &want[i], sizeof(s)) == 0,
			      "config %d: %d%d%d%d d%d s%d ms%d", k - 1, s.red, s.green, s.blue,
			      s.alpha, s.depth, s.stencil, s.samples);
	}
	ck_assert_int_eq(n, k);
}

START_TEST(get_configs)
{
	EGLConfig configs[MAX_CONFIGS];
	EGLint n = -1;

	ck_assert_int_eq(eglGetConfigs(dpy, NULL, 0, &n), EGL_TRUE);
	ck_assert_int_eq(n, expected_count());
	ck_assert_int_eq(eglGetConfigs(dpy, configs, 2, &n), EGL_TRUE);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(eglGetConfigs(dpy, configs, 0, &n), EGL_TRUE);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(eglGetConfigs(dpy, configs, MAX_CONFIGS, NULL), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
}
END_TEST

START_TEST(config_attributes)
{
	EGLConfig configs[MAX_CONFIGS];
	bool seen[EXPECTED_COUNT] = { false };
	EGLint n = 0;

	ck_assert_int_eq(eglGetConfigs(dpy, configs, MAX_CONFIGS, &n), EGL_TRUE);
	for (EGLint i = 0; i < n; i++) {
		struct sizes s = sizes_of(configs[i]);
		EGLint k = 0;

		while (k < EXPECTED_COUNT && memcmp(&s, &expected[k], sizeof(s)))
			k++;
		ck_assert_int_lt(k, EXPECTED_COUNT);
		ck_assert(!seen[k]);
		seen[k] = true;
		ck_assert_int_eq(egl_test_config_attrib(dpy, configs[i], EGL_BUFFER_SIZE),
				 s.red + s.green + s.blue + s.alpha);
		ck_assert(egl_test_config_attrib(dpy, configs[i], EGL_SURFACE_TYPE) & EGL_PBUFFER_BIT);
		/* no multisample windows */
		ck_assert(!(s.samples && (egl_test_config_attrib(dpy, configs[i], EGL_SURFACE_TYPE) &
					  EGL_WINDOW_BIT)));
		ck_assert_int_eq(egl_test_config_attrib(dpy, configs[i], EGL_RENDERABLE_TYPE),
				 EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT);
		ck_assert_int_eq(egl_test_config_attrib(dpy, configs[i], EGL_CONFORMANT),
				 EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT);
		ck_assert_int_eq(egl_test_config_attrib(dpy, configs[i], EGL_COLOR_BUFFER_TYPE),
				 EGL_RGB_BUFFER);
		ck_assert_int_eq(egl_test_config_attrib(dpy, configs[i], EGL_CONFIG_CAVEAT), EGL_NONE);
		ck_assert_int_eq(egl_test_config_attrib(dpy, configs[i], EGL_SAMPLE_BUFFERS),
				 s.samples > 0);
		ck_assert_int_gt(egl_test_config_attrib(dpy, configs[i], EGL_CONFIG_ID), 0);
		ck_assert_int_ge(egl_test_config_attrib(dpy, configs[i], EGL_MAX_PBUFFER_WIDTH), 4096);
		egl_test_config_attrib(dpy, configs[i], EGL_NATIVE_VISUAL_ID); /* waffle asks */
	}
	ck_assert_int_eq(n, expected_count());
}
END_TEST

START_TEST(config_attribute_errors)
{
	EGLConfig c = egl_test_config(dpy, 8, 8, 0);
	EGLDeviceEXT dev = egl_test_device();
	EGLDisplay other = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, NULL);
	EGLint v;

	ck_assert_int_eq(eglGetConfigAttrib(dpy, c, EGL_WIDTH, &v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
	ck_assert_int_eq(eglGetConfigAttrib(dpy, (EGLConfig)&v, EGL_RED_SIZE, &v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_CONFIG);
	/* a config belongs to its display */
	ck_assert_int_eq(eglInitialize(other, NULL, NULL), EGL_TRUE);
	ck_assert_int_eq(eglGetConfigAttrib(other, c, EGL_RED_SIZE, &v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_CONFIG);
}
END_TEST

START_TEST(choose_defaults_match_nothing)
{
	const EGLint none[] = { EGL_NONE };
	EGLint n = -1;

	/* defaults: EGL_SURFACE_TYPE = WINDOW_BIT, EGL_RENDERABLE_TYPE = ES_BIT */
	ck_assert_int_eq(eglChooseConfig(dpy, none, NULL, 0, &n), EGL_TRUE);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(eglChooseConfig(dpy, NULL, NULL, 0, &n), EGL_TRUE);
	ck_assert_int_eq(n, 0);
}
END_TEST

START_TEST(config_ids_unique)
{
	EGLConfig configs[MAX_CONFIGS];
	EGLint n = 0, ids[MAX_CONFIGS];

	ck_assert_int_eq(eglGetConfigs(dpy, configs, MAX_CONFIGS, &n), EGL_TRUE);
	for (EGLint i = 0; i < n; i++) {
		EGLConfig again;
		EGLint one = 0;
		EGLint by_id[] = { EGL_CONFIG_ID, 0, EGL_NONE };

		ids[i] = egl_test_config_attrib(dpy, configs[i], EGL_CONFIG_ID);
		for (EGLint k = 0; k < i; k++)
			ck_assert_int_ne(ids[k], ids[i]);
		/* the id names this config and no other */
		by_id[1] = ids[i];
		ck_assert_int_eq(eglChooseConfig(dpy, by_id, &again, 1, &one), EGL_TRUE);
		ck_assert_int_eq(one, 1);
		ck_assert_ptr_eq(again, configs[i]);
	}
}
END_TEST

START_TEST(choose_sorts_smaller_buffers_first)
{
	const EGLint attribs[] = { PBUFFER_ES2, EGL_NONE };
	const struct sizes want[] = { EACH(RGB565), EACH(RGB888), EACH(RGBA8888) };

	/* no colour size asked for: rule 3 ties, EGL_BUFFER_SIZE decides */
	assert_choice(attribs, want, 24);
}
END_TEST

START_TEST(choose_more_colour_bits_first)
{
	const EGLint attribs[] = { PBUFFER_ES2, EGL_RED_SIZE, 1, EGL_GREEN_SIZE, 1,
				   EGL_BLUE_SIZE, 1, EGL_NONE };
	const struct sizes want[] = { EACH(RGB888), EACH(RGBA8888), EACH(RGB565) };

	/* 24 colour bits asked for in RGB888 and RGBA8888 alike (alpha was not
	 * asked for), so the smaller buffer first */
	assert_choice(attribs, want, 24);
}
END_TEST

START_TEST(choose_rgb888_alpha_zero)
{
	const EGLint attribs[] = { PBUFFER_ES2, EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8,
				   EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 0, EGL_NONE };
	const EGLint alpha[] = { PBUFFER_ES2, EGL_ALPHA_SIZE, 1, EGL_NONE };
	const EGLint buffer24[] = { PBUFFER_ES2, EGL_BUFFER_SIZE, 24, EGL_DEPTH_SIZE, 24,
				    EGL_NONE };
	const struct sizes want[] = { EACH(RGB888), EACH(RGBA8888) };
	const struct sizes want_alpha[] = { EACH(RGBA8888) };
	const struct sizes want_24[] = { RGB888(24, 0), RGB888(24, 8), RGB888_MS(24, 0),
					 RGB888_MS(24, 8), RGBA8888(24, 0), RGBA8888(24, 8),
					 RGBA8888_MS(24, 0), RGBA8888_MS(24, 8) };

	/* ALPHA_SIZE 0 is "at least 0": RGBA8888 matches, after RGB888 */
	assert_choice(attribs, want, 16);
	assert_choice(alpha, want_alpha, 8);
	assert_choice(buffer24, want_24, 8);
}
END_TEST

START_TEST(choose_rgba8)
{
	const EGLint attribs[] = { PBUFFER_ES2, EGL_RED_SIZE, 8, EGL_ALPHA_SIZE, 8,
				   EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE };
	const struct sizes want[] = { EACH(RGBA8888) };

	assert_choice(attribs, want, 8);
}
END_TEST

START_TEST(choose_depth_stencil)
{
	const EGLint depth[] = { PBUFFER_ES2, EGL_DEPTH_SIZE, 1, EGL_NONE };
	const EGLint depth24[] = { PBUFFER_ES2, EGL_DEPTH_SIZE, 24, EGL_RED_SIZE, 5, EGL_NONE };
	const EGLint stencil[] = { PBUFFER_ES2, EGL_DEPTH_SIZE, 24, EGL_STENCIL_SIZE, 8, EGL_NONE };
	const EGLint stencil_only[] = { PBUFFER_ES2, EGL_STENCIL_SIZE, 1, EGL_BUFFER_SIZE, 32,
					EGL_NONE };
	const struct sizes want_depth[] = {
		RGB565(16, 0), RGB565(24, 0), RGB565(24, 8), RGB565_MS(16, 0), RGB565_MS(24, 0),
		RGB565_MS(24, 8), RGB888(16, 0), RGB888(24, 0), RGB888(24, 8), RGB888_MS(16, 0),
		RGB888_MS(24, 0), RGB888_MS(24, 8), RGBA8888(16, 0), RGBA8888(24, 0),
		RGBA8888(24, 8), RGBA8888_MS(16, 0), RGBA8888_MS(24, 0), RGBA8888_MS(24, 8),
	};
	/* more colour bits first (rule 3 over rule 4), then smaller depth/stencil */
	const struct sizes want_24[] = {
		RGB888(24, 0), RGB888(24, 8), RGB888_MS(24, 0), RGB888_MS(24, 8),
		RGBA8888(24, 0), RGBA8888(24, 8), RGBA8888_MS(24, 0), RGBA8888_MS(24, 8),
		RGB565(24, 0), RGB565(24, 8), RGB565_MS(24, 0), RGB565_MS(24, 8),
	};
	const struct sizes want_stencil[] = { RGB565(24, 8), RGB565_MS(24, 8), RGB888(24, 8),
					      RGB888_MS(24, 8), RGBA8888(24, 8),
					      RGBA8888_MS(24, 8) };
	const struct sizes want_stencil_only[] = { RGBA8888(24, 8), RGBA8888_MS(24, 8) };

	assert_choice(depth, want_depth, 18);
	assert_choice(depth24, want_24, 12);
	assert_choice(stencil, want_stencil, 6);
	assert_choice(stencil_only, want_stencil_only, 2);
}
END_TEST

START_TEST(choose_multisample)
{
	const EGLint four[] = { PBUFFER_ES2, EGL_SAMPLES, 4, EGL_NONE };
	const EGLint buffers[] = { PBUFFER_ES2, EGL_SAMPLE_BUFFERS, 1, EGL_RED_SIZE, 8,
				   EGL_DEPTH_SIZE, 1, EGL_NONE };
	const EGLint eight[] = { PBUFFER_ES2, EGL_SAMPLES, 8, EGL_NONE };
	const EGLint window[] = { EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_SAMPLES, 4, EGL_NONE };
	const struct sizes want[] = { EACH_DS(RGB565_MS), EACH_DS(RGB888_MS),
				      EACH_DS(RGBA8888_MS) };
	const struct sizes want_buffers[] = {
		RGB888_MS(16, 0), RGB888_MS(24, 0), RGB888_MS(24, 8),
		RGBA8888_MS(16, 0), RGBA8888_MS(24, 0), RGBA8888_MS(24, 8),
	};

	assert_choice(four, want, 12);
	assert_choice(buffers, want_buffers, 6);
	assert_choice(eight, NULL, 0);
	assert_choice(window, NULL, 0);
}
END_TEST

START_TEST(choose_exact_and_mask_rules)
{
	const EGLint window[] = { EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_NONE };
	const EGLint luminance[] = { PBUFFER_ES2, EGL_COLOR_BUFFER_TYPE, EGL_LUMINANCE_BUFFER,
				     EGL_NONE };
	const EGLint dont_care[] = { EGL_SURFACE_TYPE, EGL_DONT_CARE, EGL_RENDERABLE_TYPE,
				     EGL_DONT_CARE, EGL_NONE };
	const EGLint level[] = { PBUFFER_ES2, EGL_LEVEL, 1, EGL_NONE };
	EGLint n = -1;

	assert_choice(window, NULL, 0);
	assert_choice(luminance, NULL, 0);
	assert_choice(level, NULL, 0);
	ck_assert_int_eq(eglChooseConfig(dpy, dont_care, NULL, 0, &n), EGL_TRUE);
	ck_assert_int_eq(n, expected_count());
}
END_TEST

START_TEST(choose_config_id_overrides)
{
	EGLConfig c = egl_test_config(dpy, 5, 0, 16);
	const EGLint attribs[] = { EGL_CONFIG_ID, egl_test_config_attrib(dpy, c, EGL_CONFIG_ID),
				   EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RED_SIZE, 8, EGL_NONE };
	const struct sizes want[] = { RGB565(16, 0) };

	assert_choice(attribs, want, 1);
}
END_TEST

START_TEST(choose_truncates)
{
	const EGLint attribs[] = { PBUFFER_ES2, EGL_NONE };
	EGLConfig configs[2];
	EGLint n = -1;

	ck_assert_int_eq(eglChooseConfig(dpy, attribs, configs, 2, &n), EGL_TRUE);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(eglChooseConfig(dpy, attribs, NULL, 2, &n), EGL_TRUE);
	ck_assert_int_eq(n, expected_count()); /* no array: the count of matches */
}
END_TEST

START_TEST(choose_errors)
{
	const EGLint unknown[] = { 0x7777, 1, EGL_NONE };
	const EGLint bad_enum[] = { EGL_COLOR_BUFFER_TYPE, 0x1234, EGL_NONE };
	const EGLint negative[] = { EGL_RED_SIZE, -5, EGL_NONE };
	const EGLint bad_bool[] = { EGL_NATIVE_RENDERABLE, 7, EGL_NONE };
	const EGLint *bad[] = { unknown, bad_enum, negative, bad_bool };
	EGLConfig c;
	EGLint n;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(eglChooseConfig(dpy, bad[i], &c, 1, &n), EGL_FALSE);
		ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
	}
	ck_assert_int_eq(eglChooseConfig(dpy, unknown, &c, 1, NULL), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
}
END_TEST

/* ---- every config renders as it says ------------------------------------------------ */

static const char vs_src[] = "attribute vec2 pos;\n"
			     "uniform float z;\n"
			     "void main() { gl_Position = vec4(pos, z, 1.0); }\n";
static const char fs_src[] = "precision mediump float;\n"
			     "uniform vec4 color;\n"
			     "void main() { gl_FragColor = color; }\n";

/* A program drawing `color` at depth z over the window; current. */
static GLuint solid_program(void)
{
	return egl_test_program(vs_src, fs_src, "pos");
}

static void draw_solid(GLuint p, float r, float g, float b, float a, float z)
{
	static const float quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };

	glUniform4f(glGetUniformLocation(p, "color"), r, g, b, a);
	glUniform1f(glGetUniformLocation(p, "z"), z);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* A context of config c current on a new 8x8 pbuffer of it. */
static void current_on(EGLConfig c, EGLint major)
{
	EGLContext ctx = egl_test_context(dpy, c, major);
	EGLSurface s = egl_test_pbuffer(dpy, c, 8, 8);

	ck_assert_int_eq(eglMakeCurrent(dpy, s, s, ctx), EGL_TRUE);
}

/* The pixel at (x, y) is `want` within tol in each channel. */
static void assert_pixel(int x, int y, const GLubyte want[4], int tol)
{
	GLubyte px[4] = { 0 };

	glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	for (int i = 0; i < 4; i++)
		ck_assert_msg(abs(px[i] - want[i]) <= tol, "(%d,%d): %u %u %u %u, want %u %u %u %u",
			      x, y, px[0], px[1], px[2], px[3], want[0], want[1], want[2], want[3]);
}

static void assert_bits(const struct sizes *s)
{
	static const GLenum names[] = { GL_RED_BITS, GL_GREEN_BITS, GL_BLUE_BITS,
					GL_ALPHA_BITS, GL_DEPTH_BITS, GL_STENCIL_BITS,
					GL_SAMPLES };
	const EGLint *want = &s->red;

	_Static_assert(sizeof(names) / sizeof(names[0]) == sizeof(*s) / sizeof(EGLint),
		       "a GL query for each size");
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		GLint v = -1;

		glGetIntegerv(names[i], &v);
		ck_assert_int_eq(v, want[i]);
	}
}

/* A clear to alpha 0 reads back as the config's alpha: 0, or 1 without alpha. */
static void assert_clear(const struct sizes *s)
{
	const GLubyte want[4] = { 51, 102, 153, s->alpha ? 0 : 255 };

	glClearColor(0.2f, 0.4f, 0.6f, 0.0f);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
	assert_pixel(3, 3, want, s->red == 5 ? 5 : 1);
}

/* Depth LESS keeps a nearer red against a farther green only with a depth
 * buffer; stencil EQUAL 0 after writing 1 keeps out blue only with a
 * stencil buffer. */
static void assert_depth_stencil(const struct sizes *s, GLuint p)
{
	const GLubyte red[4] = { 255, 0, 0, 255 }, green[4] = { 0, 255, 0, 255 };
	const GLubyte blue[4] = { 0, 0, 255, 255 };

	glEnable(GL_DEPTH_TEST);
	glDepthFunc(GL_LESS);
	draw_solid(p, 1, 0, 0, 1, 0.0f);
	draw_solid(p, 0, 1, 0, 1, 0.5f);
	assert_pixel(4, 4, s->depth ? red : green, 0);
	glDisable(GL_DEPTH_TEST);
	glEnable(GL_STENCIL_TEST);
	glStencilFunc(GL_ALWAYS, 1, 0xff);
	glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
	glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
	draw_solid(p, 0, 0, 0, 0, 0.0f);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	glStencilFunc(GL_EQUAL, 0, 0xff);
	draw_solid(p, 0, 0, 1, 1, 0.0f);
	assert_pixel(4, 4, s->stencil ? (s->depth ? red : green) : blue, 0);
	glDisable(GL_STENCIL_TEST);
}

/* A white triangle whose edge runs through the centres of the pixels with
 * x + y = 7: a multisample config resolves them to grey (some samples
 * covered), a single-sampled one has them black or white. */
static void assert_edge(const struct sizes *s, GLuint p)
{
	static const float tri[] = { -1, -1, 1, -1, -1, 1 };
	GLubyte px[4] = { 0 };

	glClearColor(0, 0, 0, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glUniform4f(glGetUniformLocation(p, "color"), 1, 1, 1, 1);
	glUniform1f(glGetUniformLocation(p, "z"), 0);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
	glDrawArrays(GL_TRIANGLES, 0, 3);
	glReadPixels(3, 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	if (s->samples)
		ck_assert_msg(px[0] > 16 && px[0] < 240, "edge pixel %u", px[0]);
	else
		ck_assert_msg(px[0] == 0 || px[0] == 255, "edge pixel %u", px[0]);
	glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(px[0], 255);
}

START_TEST(every_config_renders)
{
	EGLConfig configs[MAX_CONFIGS];
	EGLint n = 0;

	ck_assert_int_eq(eglGetConfigs(dpy, configs, MAX_CONFIGS, &n), EGL_TRUE);
	for (EGLint i = 0; i < n; i++) {
		struct sizes s = sizes_of(configs[i]);
		GLuint p;

		current_on(configs[i], i % 2 ? 3 : 2);
		assert_bits(&s);
		assert_clear(&s);
		p = solid_program();
		assert_depth_stencil(&s, p);
		assert_edge(&s, p);
		glDeleteProgram(p);
		ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	}
}
END_TEST

/* Blending with destination alpha reads 1 without alpha: white * DST_ALPHA
 * is white, * ONE_MINUS_DST_ALPHA black, whatever the clear said. */
static void assert_dst_alpha(GLuint p, EGLint alpha)
{
	const GLubyte white[4] = { 255, 255, 255, 255 }, black[4] = { 0, 0, 0, 255 };
	const GLubyte no_alpha[4] = { 0, 0, 0, 0 };

	glEnable(GL_BLEND);
	glBlendFunc(GL_DST_ALPHA, GL_ZERO);
	draw_solid(p, 1, 1, 1, 1, 0);
	assert_pixel(1, 1, alpha ? no_alpha : white, 0);
	glBlendFunc(GL_ONE_MINUS_DST_ALPHA, GL_ZERO);
	draw_solid(p, 1, 1, 1, 1, 0);
	assert_pixel(1, 1, alpha ? white : black, 0);
	glDisable(GL_BLEND);
}

static void clear_black(GLfloat alpha)
{
	glClearColor(0, 0, 0, alpha);
	glClear(GL_COLOR_BUFFER_BIT);
}

/* Draws, masked clears, blits and copies leave an alpha-less buffer's
 * alpha at 1; with alpha 8 they write it (the contrast). */
static void assert_alpha_kept(EGLint alpha)
{
	const GLubyte grey_a0[4] = { 128, 128, 128, alpha ? 0 : 255 };
	const GLubyte blue_a0[4] = { 0, 0, 255, alpha ? 0 : 255 };
	GLuint p = solid_program(), rb, fbo, tex;

	clear_black(0);
	assert_dst_alpha(p, alpha);
	/* a draw of alpha 0, and a clear of alpha alone */
	clear_black(1);
	draw_solid(p, 0.5f, 0.5f, 0.5f, 0, 0);
	assert_pixel(2, 2, grey_a0, 1);
	glColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_TRUE);
	clear_black(alpha ? 0 : 0.5f);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	assert_pixel(2, 2, grey_a0, 1);
	/* a blit from an FBO of alpha 0 */
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	glClearColor(0, 0, 1, 0);
	glClear(GL_COLOR_BUFFER_BIT);
	glBindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
	glBlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	assert_pixel(5, 5, blue_a0, 0);
	/* a copy into an RGBA texture, read through an FBO */
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 8, 8, 0);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	assert_pixel(5, 5, blue_a0, 0);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	assert_dst_alpha(p, alpha);
	glDeleteProgram(p);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
}

START_TEST(rgb888_alpha_reads_one)
{
	current_on(egl_test_config(dpy, 8, 0, 0), 3);
	assert_alpha_kept(0);
}
END_TEST

START_TEST(rgba8888_alpha_written)
{
	current_on(egl_test_config(dpy, 8, 8, 0), 3);
	assert_alpha_kept(8);
}
END_TEST

/* Drawn before any clear: a new alpha-less pbuffer already has alpha 1. */
START_TEST(rgb888_new_surface_alpha_one)
{
	const GLubyte white[4] = { 255, 255, 255, 255 };
	GLuint p;

	current_on(egl_test_config(dpy, 8, 0, 24), 2);
	p = solid_program();
	glEnable(GL_BLEND);
	glBlendFunc(GL_DST_ALPHA, GL_ZERO);
	draw_solid(p, 1, 1, 1, 1, 0);
	assert_pixel(0, 0, white, 0);
	assert_pixel(7, 7, white, 0);
}
END_TEST

/* Clears of a part (the scissor box) of a multisample surface, drawn: depth
 * (vk/'s meta clear) reaches every sample inside the box and none outside,
 * colour under a mask every sample inside. */
START_TEST(multisample_scissored_clears)
{
	const GLubyte red[4] = { 255, 0, 0, 255 }, black[4] = { 0, 0, 0, 255 };
	const GLubyte blue[4] = { 0, 0, 255, 255 };
	const EGLint attribs[] = { PBUFFER_ES2, EGL_SAMPLES, 4, EGL_DEPTH_SIZE, 24, EGL_NONE };
	EGLConfig c;
	EGLint n = 0;
	GLuint p;

	ck_assert_int_eq(eglChooseConfig(dpy, attribs, &c, 1, &n), EGL_TRUE);
	if (!n)
		return; /* a host without 4 samples */
	current_on(c, 2);
	p = solid_program();
	glClearColor(0, 0, 0, 1);
	glClearDepthf(1);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	glEnable(GL_SCISSOR_TEST);
	glScissor(2, 2, 4, 4);
	glClearDepthf(0);
	glClear(GL_DEPTH_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
	glEnable(GL_DEPTH_TEST);
	draw_solid(p, 1, 0, 0, 1, 0.5f);
	assert_pixel(3, 3, black, 0);
	assert_pixel(0, 0, red, 0);
	assert_pixel(7, 7, red, 0);
	glDisable(GL_DEPTH_TEST);
	glEnable(GL_SCISSOR_TEST);
	glColorMask(GL_FALSE, GL_FALSE, GL_TRUE, GL_TRUE);
	glClearColor(0, 0, 1, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	glDisable(GL_SCISSOR_TEST);
	assert_pixel(3, 3, blue, 0);
	assert_pixel(0, 0, red, 0);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("egl_config");
	TCase *tc = tcase_create("config");

	tcase_add_checked_fixture(tc, setup, egl_test_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, get_configs);
	tcase_add_test(tc, config_attributes);
	tcase_add_test(tc, config_attribute_errors);
	tcase_add_test(tc, choose_defaults_match_nothing);
	tcase_add_test(tc, choose_sorts_smaller_buffers_first);
	tcase_add_test(tc, choose_more_colour_bits_first);
	tcase_add_test(tc, choose_rgb888_alpha_zero);
	tcase_add_test(tc, config_ids_unique);
	tcase_add_test(tc, choose_rgba8);
	tcase_add_test(tc, choose_depth_stencil);
	tcase_add_test(tc, choose_multisample);
	tcase_add_test(tc, choose_exact_and_mask_rules);
	tcase_add_test(tc, choose_config_id_overrides);
	tcase_add_test(tc, choose_truncates);
	tcase_add_test(tc, choose_errors);
	suite_add_tcase(s, tc);
	tc = tcase_create("render");
	tcase_add_checked_fixture(tc, setup, egl_test_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, every_config_renders);
	tcase_add_test(tc, rgb888_alpha_reads_one);
	tcase_add_test(tc, rgba8888_alpha_written);
	tcase_add_test(tc, rgb888_new_surface_alpha_one);
	tcase_add_test(tc, multisample_scissored_clears);
	suite_add_tcase(s, tc);
	return s;
}

const struct egl_test_child egl_test_children[] = { { NULL, NULL } };

int main(int argc, char **argv)
{
	return egl_test_main(argc, argv, make_suite);
}
