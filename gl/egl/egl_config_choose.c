/* SPDX-License-Identifier: MIT */
/*
 * eglChooseConfig: EGL 1.5 §3.4.1, Table 3.4 (selection criteria and
 * defaults) and §3.4.1.2 (sort order).
 */
#include "egl_config.h"

#include <stddef.h>

#include "egl_error.h"

enum rule { AT_LEAST, EXACT, MASK, IGNORED, PIXMAP };

static const struct criterion {
	EGLint attribute;
	enum rule rule;
	EGLint fallback;
} criteria[] = {
	{ EGL_BUFFER_SIZE, AT_LEAST, 0 },
	{ EGL_RED_SIZE, AT_LEAST, 0 },
	{ EGL_GREEN_SIZE, AT_LEAST, 0 },
	{ EGL_BLUE_SIZE, AT_LEAST, 0 },
	{ EGL_LUMINANCE_SIZE, AT_LEAST, 0 },
	{ EGL_ALPHA_SIZE, AT_LEAST, 0 },
	{ EGL_ALPHA_MASK_SIZE, AT_LEAST, 0 },
	{ EGL_BIND_TO_TEXTURE_RGB, EXACT, EGL_DONT_CARE },
	{ EGL_BIND_TO_TEXTURE_RGBA, EXACT, EGL_DONT_CARE },
	{ EGL_COLOR_BUFFER_TYPE, EXACT, EGL_RGB_BUFFER },
	{ EGL_CONFIG_CAVEAT, EXACT, EGL_DONT_CARE },
	{ EGL_CONFIG_ID, EXACT, EGL_DONT_CARE },
	{ EGL_CONFORMANT, MASK, 0 },
	{ EGL_DEPTH_SIZE, AT_LEAST, 0 },
	{ EGL_LEVEL, EXACT, 0 },
	{ EGL_MATCH_NATIVE_PIXMAP, PIXMAP, EGL_NONE },
	{ EGL_MAX_PBUFFER_WIDTH, IGNORED, 0 },
	{ EGL_MAX_PBUFFER_HEIGHT, IGNORED, 0 },
	{ EGL_MAX_PBUFFER_PIXELS, IGNORED, 0 },
	{ EGL_MAX_SWAP_INTERVAL, EXACT, EGL_DONT_CARE },
	{ EGL_MIN_SWAP_INTERVAL, EXACT, EGL_DONT_CARE },
	{ EGL_NATIVE_RENDERABLE, EXACT, EGL_DONT_CARE },
	{ EGL_NATIVE_VISUAL_ID, IGNORED, 0 },
	{ EGL_NATIVE_VISUAL_TYPE, EXACT, EGL_DONT_CARE },
	{ EGL_RENDERABLE_TYPE, MASK, EGL_OPENGL_ES_BIT },
	{ EGL_SAMPLE_BUFFERS, AT_LEAST, 0 },
	{ EGL_SAMPLES, AT_LEAST, 0 },
	{ EGL_STENCIL_SIZE, AT_LEAST, 0 },
	{ EGL_SURFACE_TYPE, MASK, EGL_WINDOW_BIT },
	{ EGL_TRANSPARENT_TYPE, EXACT, EGL_NONE },
	{ EGL_TRANSPARENT_RED_VALUE, EXACT, EGL_DONT_CARE },
	{ EGL_TRANSPARENT_GREEN_VALUE, EXACT, EGL_DONT_CARE },
	{ EGL_TRANSPARENT_BLUE_VALUE, EXACT, EGL_DONT_CARE },
};

#define CRITERIA_COUNT ((int)(sizeof(criteria) / sizeof(criteria[0])))

static int criterion_index(EGLint attribute)
{
	for (int i = 0; i < CRITERIA_COUNT; i++)
		if (criteria[i].attribute == attribute)
			return i;
	return -1;
}

static EGLint wanted(const EGLint *want, EGLint attribute)
{
	return want[criterion_index(attribute)];
}

/* Values outside an attribute's domain are EGL_BAD_ATTRIBUTE. */
static bool value_valid(EGLint attribute, enum rule rule, EGLint v)
{
	if (v == EGL_DONT_CARE)
		return true;
	switch (attribute) {
	case EGL_BIND_TO_TEXTURE_RGB:
	case EGL_BIND_TO_TEXTURE_RGBA:
	case EGL_NATIVE_RENDERABLE:
		return v == EGL_TRUE || v == EGL_FALSE;
	case EGL_COLOR_BUFFER_TYPE:
		return v == EGL_RGB_BUFFER || v == EGL_LUMINANCE_BUFFER;
	case EGL_CONFIG_CAVEAT:
		return v == EGL_NONE || v == EGL_SLOW_CONFIG || v == EGL_NON_CONFORMANT_CONFIG;
	case EGL_TRANSPARENT_TYPE:
		return v == EGL_NONE || v == EGL_TRANSPARENT_RGB;
	default:
		return rule != AT_LEAST || v >= 0;
	}
}

static bool parse(const EGLint *attribs, EGLint want[CRITERIA_COUNT])
{
	for (int i = 0; i < CRITERIA_COUNT; i++)
		want[i] = criteria[i].fallback;
	for (int i = 0; attribs && attribs[i] != EGL_NONE; i += 2) {
		int k = criterion_index(attribs[i]);

		if (k < 0 || !value_valid(attribs[i], criteria[k].rule, attribs[i + 1]))
			return false;
		want[k] = attribs[i + 1];
	}
	return true;
}

static bool criterion_met(const struct egl_config *c, int k, const EGLint *want)
{
	EGLint have = 0;
	EGLint w = want[k];

	if (criteria[k].rule == PIXMAP)
		return w == EGL_NONE; /* no config renders to native pixmaps */
	if (w == EGL_DONT_CARE || criteria[k].rule == IGNORED)
		return true;
	egl_config_value(c, criteria[k].attribute, &have);
	switch (criteria[k].rule) {
	case AT_LEAST: return have >= w;
	case MASK: return (have & w) == w;
	default: return have == w;
	}
}

static bool matches(const struct egl_config *c, const EGLint *want)
{
	EGLint id = wanted(want, EGL_CONFIG_ID);
	bool transparent = wanted(want, EGL_TRANSPARENT_TYPE) == EGL_TRANSPARENT_RGB;

	/* EGL_CONFIG_ID overrides every other criterion. */
	if (id != EGL_DONT_CARE)
		return c->id == id;
	for (int k = 0; k < CRITERIA_COUNT; k++) {
		EGLint a = criteria[k].attribute;
		bool value_of_transparency = a == EGL_TRANSPARENT_RED_VALUE ||
					     a == EGL_TRANSPARENT_GREEN_VALUE ||
					     a == EGL_TRANSPARENT_BLUE_VALUE;

		/* the transparent colour only counts for EGL_TRANSPARENT_RGB */
		if (value_of_transparency && !transparent)
			continue;
		if (!criterion_met(c, k, want))
			return false;
	}
	return true;
}

/* Sort rule 3: the colour bits of the components the application asked for
 * with a non-zero, non-DONT_CARE size; more sorts first. */
static EGLint requested_color_bits(const struct egl_config *c, const EGLint *want)
{
	static const EGLint comps[] = { EGL_RED_SIZE, EGL_GREEN_SIZE, EGL_BLUE_SIZE, EGL_ALPHA_SIZE };
	EGLint bits = 0;

	for (size_t i = 0; i < sizeof(comps) / sizeof(comps[0]); i++) {
		EGLint w = wanted(want, comps[i]);
		EGLint have = 0;

		if (w != 0 && w != EGL_DONT_CARE) {
			egl_config_value(c, comps[i], &have);
			bits += have;
		}
	}
	return bits;
}

/* <0 when a sorts before b. Caveat, buffer type, alpha mask and native
 * visual type (rules 1, 2, 9, 10) are the same for every config here. */
static int compare(const struct egl_config *a, const struct egl_config *b, const EGLint *want)
{
	static const EGLint smaller_first[] = { EGL_BUFFER_SIZE, EGL_SAMPLE_BUFFERS, EGL_SAMPLES,
						EGL_DEPTH_SIZE, EGL_STENCIL_SIZE, EGL_CONFIG_ID };
	EGLint ca = requested_color_bits(a, want), cb = requested_color_bits(b, want);

	if (ca != cb)
		return cb - ca;
	for (size_t i = 0; i < sizeof(smaller_first) / sizeof(smaller_first[0]); i++) {
		EGLint va = 0, vb = 0;

		egl_config_value(a, smaller_first[i], &va);
		egl_config_value(b, smaller_first[i], &vb);
		if (va != vb)
			return va - vb;
	}
	return 0;
}

static void sort(struct egl_config **list, int n, const EGLint *want)
{
	/* a handful of configs: insertion sort, stable and re-entrant */
	for (int i = 1; i < n; i++) {
		struct egl_config *c = list[i];
		int j = i;

		for (; j > 0 && compare(list[j - 1], c, want) > 0; j--)
			list[j] = list[j - 1];
		list[j] = c;
	}
}

int egl_configs_choose(struct egl_config *configs, int n, const EGLint *attribs,
		       struct egl_config **out)
{
	EGLint want[CRITERIA_COUNT];
	int found = 0;

	if (!parse(attribs, want)) {
		egl_error(EGL_BAD_ATTRIBUTE);
		return -1;
	}
	for (int i = 0; i < n; i++)
		if (matches(&configs[i], want))
			out[found++] = &configs[i];
	sort(out, found, want);
	return found;
}
