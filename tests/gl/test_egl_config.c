/* SPDX-License-Identifier: MIT */
/* Configs through libglvnd: the list, each config's attributes, selection
 * and sort order (EGL 1.5 §3.4), and the errors. */
#include <string.h>

#include "egl_test_util.h"

#define PBUFFER_ES2 EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT

struct sizes {
	EGLint red, green, blue, alpha, depth, stencil;
};

/* The configs virtgl promises, each exactly once. */
static const struct sizes expected[] = {
	{ 8, 8, 8, 8, 0, 0 }, { 8, 8, 8, 8, 16, 0 }, { 8, 8, 8, 8, 24, 8 },
	{ 5, 6, 5, 0, 0, 0 }, { 5, 6, 5, 0, 16, 0 }, { 5, 6, 5, 0, 24, 8 },
};
#define EXPECTED_COUNT ((EGLint)(sizeof(expected) / sizeof(expected[0])))

static EGLDisplay dpy;

static void setup(void)
{
	dpy = egl_test_display();
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
	};
}

/* Chooses with attribs; asserts the result is exactly `want`, in order. */
static void assert_choice(const EGLint *attribs, const struct sizes *want, EGLint count)
{
	EGLConfig configs[16];
	EGLint n = -1;

	ck_assert_int_eq(eglChooseConfig(dpy, attribs, configs, 16, &n), EGL_TRUE);
	ck_assert_int_eq(n, count);
	for (EGLint i = 0; i < n; i++) {
		struct sizes s = sizes_of(configs[i]);

		ck_assert_msg(memcmp(&s, &want[i], sizeof(s)) == 0,
			      "config %d: %d%d%d%d d%d s%d", i, s.red, s.green, s.blue, s.alpha,
			      s.depth, s.stencil);
	}
}

START_TEST(get_configs)
{
	EGLConfig configs[16];
	EGLint n = -1;

	ck_assert_int_eq(eglGetConfigs(dpy, NULL, 0, &n), EGL_TRUE);
	ck_assert_int_eq(n, EXPECTED_COUNT);
	ck_assert_int_eq(eglGetConfigs(dpy, configs, 2, &n), EGL_TRUE);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(eglGetConfigs(dpy, configs, 0, &n), EGL_TRUE);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(eglGetConfigs(dpy, configs, 16, NULL), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
}
END_TEST

START_TEST(config_attributes)
{
	EGLConfig configs[16];
	bool seen[EXPECTED_COUNT] = { false };
	EGLint n = 0;

	ck_assert_int_eq(eglGetConfigs(dpy, configs, 16, &n), EGL_TRUE);
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
		ck_assert_int_eq(egl_test_config_attrib(dpy, configs[i], EGL_RENDERABLE_TYPE),
				 EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT);
		ck_assert_int_eq(egl_test_config_attrib(dpy, configs[i], EGL_CONFORMANT),
				 EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT);
		ck_assert_int_eq(egl_test_config_attrib(dpy, configs[i], EGL_COLOR_BUFFER_TYPE),
				 EGL_RGB_BUFFER);
		ck_assert_int_eq(egl_test_config_attrib(dpy, configs[i], EGL_CONFIG_CAVEAT), EGL_NONE);
		ck_assert_int_eq(egl_test_config_attrib(dpy, configs[i], EGL_SAMPLES), 0);
		ck_assert_int_gt(egl_test_config_attrib(dpy, configs[i], EGL_CONFIG_ID), 0);
		ck_assert_int_ge(egl_test_config_attrib(dpy, configs[i], EGL_MAX_PBUFFER_WIDTH), 4096);
		egl_test_config_attrib(dpy, configs[i], EGL_NATIVE_VISUAL_ID); /* waffle asks */
	}
	ck_assert_int_eq(n, EXPECTED_COUNT);
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

START_TEST(choose_sorts_smaller_buffers_first)
{
	const EGLint attribs[] = { PBUFFER_ES2, EGL_NONE };
	const struct sizes want[] = {
		{ 5, 6, 5, 0, 0, 0 }, { 5, 6, 5, 0, 16, 0 }, { 5, 6, 5, 0, 24, 8 },
		{ 8, 8, 8, 8, 0, 0 }, { 8, 8, 8, 8, 16, 0 }, { 8, 8, 8, 8, 24, 8 },
	};

	/* no colour size asked for: rule 3 ties, EGL_BUFFER_SIZE decides */
	assert_choice(attribs, want, 6);
}
END_TEST

START_TEST(choose_more_colour_bits_first)
{
	const EGLint attribs[] = { PBUFFER_ES2, EGL_RED_SIZE, 1, EGL_GREEN_SIZE, 1,
				   EGL_BLUE_SIZE, 1, EGL_NONE };
	const struct sizes want[] = {
		{ 8, 8, 8, 8, 0, 0 }, { 8, 8, 8, 8, 16, 0 }, { 8, 8, 8, 8, 24, 8 },
		{ 5, 6, 5, 0, 0, 0 }, { 5, 6, 5, 0, 16, 0 }, { 5, 6, 5, 0, 24, 8 },
	};

	assert_choice(attribs, want, 6);
}
END_TEST

START_TEST(choose_rgba8)
{
	const EGLint attribs[] = { PBUFFER_ES2, EGL_RED_SIZE, 8, EGL_ALPHA_SIZE, 8,
				   EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT, EGL_NONE };
	const struct sizes want[] = {
		{ 8, 8, 8, 8, 0, 0 }, { 8, 8, 8, 8, 16, 0 }, { 8, 8, 8, 8, 24, 8 },
	};

	assert_choice(attribs, want, 3);
}
END_TEST

START_TEST(choose_depth_stencil)
{
	const EGLint depth[] = { PBUFFER_ES2, EGL_DEPTH_SIZE, 1, EGL_NONE };
	const EGLint stencil[] = { PBUFFER_ES2, EGL_DEPTH_SIZE, 24, EGL_STENCIL_SIZE, 8, EGL_NONE };
	const struct sizes want_depth[] = {
		{ 5, 6, 5, 0, 16, 0 }, { 5, 6, 5, 0, 24, 8 },
		{ 8, 8, 8, 8, 16, 0 }, { 8, 8, 8, 8, 24, 8 },
	};
	const struct sizes want_stencil[] = { { 5, 6, 5, 0, 24, 8 }, { 8, 8, 8, 8, 24, 8 } };

	assert_choice(depth, want_depth, 4);
	assert_choice(stencil, want_stencil, 2);
}
END_TEST

START_TEST(choose_exact_and_mask_rules)
{
	const EGLint samples[] = { PBUFFER_ES2, EGL_SAMPLES, 4, EGL_NONE };
	const EGLint window[] = { EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_NONE };
	const EGLint luminance[] = { PBUFFER_ES2, EGL_COLOR_BUFFER_TYPE, EGL_LUMINANCE_BUFFER,
				     EGL_NONE };
	const EGLint dont_care[] = { EGL_SURFACE_TYPE, EGL_DONT_CARE, EGL_RENDERABLE_TYPE,
				     EGL_DONT_CARE, EGL_NONE };
	const EGLint level[] = { PBUFFER_ES2, EGL_LEVEL, 1, EGL_NONE };
	EGLint n = -1;

	assert_choice(samples, NULL, 0);
	assert_choice(window, NULL, 0);
	assert_choice(luminance, NULL, 0);
	assert_choice(level, NULL, 0);
	ck_assert_int_eq(eglChooseConfig(dpy, dont_care, NULL, 0, &n), EGL_TRUE);
	ck_assert_int_eq(n, EXPECTED_COUNT);
}
END_TEST

START_TEST(choose_config_id_overrides)
{
	EGLConfig c = egl_test_config(dpy, 5, 0, 16);
	const EGLint attribs[] = { EGL_CONFIG_ID, egl_test_config_attrib(dpy, c, EGL_CONFIG_ID),
				   EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RED_SIZE, 8, EGL_NONE };
	const struct sizes want[] = { { 5, 6, 5, 0, 16, 0 } };

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
	ck_assert_int_eq(n, EXPECTED_COUNT); /* no array: the count of matches */
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
	tcase_add_test(tc, choose_rgba8);
	tcase_add_test(tc, choose_depth_stencil);
	tcase_add_test(tc, choose_exact_and_mask_rules);
	tcase_add_test(tc, choose_config_id_overrides);
	tcase_add_test(tc, choose_truncates);
	tcase_add_test(tc, choose_errors);
	suite_add_tcase(s, tc);
	return s;
}

const struct egl_test_child egl_test_children[] = { { NULL, NULL } };

int main(int argc, char **argv)
{
	return egl_test_main(argc, argv, make_suite);
}
