/* SPDX-License-Identifier: MIT */
#include "egl_config.h"

#include <stddef.h>
#include <string.h>

#include "egl_attrib.h"
#include "egl_display.h"
#include "egl_error.h"
#include "egl_platform.h"

#define ES_BITS (EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT)

static const struct egl_config config_templates[EGL_CONFIG_COUNT] = {
	{ 1, 8, 8, 8, 8, 0, 0, VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_UNDEFINED, 0, 0, 0 },
	{ 2, 8, 8, 8, 8, 16, 0, VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_D16_UNORM, 0, 0, 0 },
	{ 3, 8, 8, 8, 8, 24, 8, VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_D24_UNORM_S8_UINT, 0, 0, 0 },
	{ 4, 5, 6, 5, 0, 0, 0, VK_FORMAT_R5G6B5_UNORM_PACK16, VK_FORMAT_UNDEFINED, 0, 0, 0 },
	{ 5, 5, 6, 5, 0, 16, 0, VK_FORMAT_R5G6B5_UNORM_PACK16, VK_FORMAT_D16_UNORM, 0, 0, 0 },
	{ 6, 5, 6, 5, 0, 24, 8, VK_FORMAT_R5G6B5_UNORM_PACK16, VK_FORMAT_D24_UNORM_S8_UINT, 0, 0, 0 },
};

/* What every config has in common. Surfaces keep their contents across
 * eglSwapBuffers (pbuffers only flush; windows present a copy), hence
 * SWAP_BEHAVIOR_PRESERVED in every surface type. */
static const struct {
	EGLint attribute, value;
} fixed_values[] = {
	{ EGL_ALPHA_MASK_SIZE, 0 },
	{ EGL_BIND_TO_TEXTURE_RGB, EGL_FALSE },
	{ EGL_BIND_TO_TEXTURE_RGBA, EGL_FALSE },
	{ EGL_COLOR_BUFFER_TYPE, EGL_RGB_BUFFER },
	{ EGL_CONFIG_CAVEAT, EGL_NONE },
	{ EGL_CONFORMANT, ES_BITS },
	{ EGL_LEVEL, 0 },
	{ EGL_LUMINANCE_SIZE, 0 },
	{ EGL_MAX_PBUFFER_WIDTH, EGL_MAX_PBUFFER_SIZE },
	{ EGL_MAX_PBUFFER_HEIGHT, EGL_MAX_PBUFFER_SIZE },
	{ EGL_MAX_PBUFFER_PIXELS, EGL_MAX_PBUFFER_SIZE * EGL_MAX_PBUFFER_SIZE },
	{ EGL_MAX_SWAP_INTERVAL, 1 },
	{ EGL_MIN_SWAP_INTERVAL, 0 },
	{ EGL_NATIVE_RENDERABLE, EGL_FALSE },
	{ EGL_RENDERABLE_TYPE, ES_BITS },
	{ EGL_SAMPLE_BUFFERS, 0 },
	{ EGL_SAMPLES, 0 },
	{ EGL_TRANSPARENT_TYPE, EGL_NONE },
	{ EGL_TRANSPARENT_RED_VALUE, 0 },
	{ EGL_TRANSPARENT_GREEN_VALUE, 0 },
	{ EGL_TRANSPARENT_BLUE_VALUE, 0 },
};

/* A platform with windows gives each config its visual; a config it has
 * none for (visual 0: X11's 565 configs on a server without a depth-16
 * visual) cannot make windows. */
static void config_set_platform(struct egl_display *d, struct egl_config *c)
{
	const struct egl_platform *p = d->platform;
	bool windows = p->create_window != NULL;

	c->native_visual_id = windows && p->visual ? p->visual(d, c) : 0;
	if (p->visual && !c->native_visual_id)
		windows = false;
	c->native_visual_type = c->native_visual_id && p->native_visual_type ? p->native_visual_type
									   : EGL_NONE;
	c->surface_type = EGL_PBUFFER_BIT | EGL_SWAP_BEHAVIOR_PRESERVED_BIT |
			  (windows ? EGL_WINDOW_BIT : 0);
}

void egl_configs_init(struct egl_display *d)
{
	memcpy(d->configs, config_templates, sizeof(config_templates));
	for (int i = 0; i < EGL_CONFIG_COUNT; i++)
		config_set_platform(d, &d->configs[i]);
}

struct egl_config *egl_config_lookup(struct egl_display *d, EGLConfig handle)
{
	for (int i = 0; i < EGL_CONFIG_COUNT; i++)
		if ((EGLConfig)&d->configs[i] == handle)
			return &d->configs[i];
	return NULL;
}

static bool buffer_value(const struct egl_config *c, EGLint attribute, EGLint *value)
{
	switch (attribute) {
	case EGL_CONFIG_ID: *value = c->id; return true;
	case EGL_RED_SIZE: *value = c->red; return true;
	case EGL_GREEN_SIZE: *value = c->green; return true;
	case EGL_BLUE_SIZE: *value = c->blue; return true;
	case EGL_ALPHA_SIZE: *value = c->alpha; return true;
	case EGL_DEPTH_SIZE: *value = c->depth; return true;
	case EGL_STENCIL_SIZE: *value = c->stencil; return true;
	case EGL_BUFFER_SIZE: *value = c->red + c->green + c->blue + c->alpha; return true;
	case EGL_SURFACE_TYPE: *value = c->surface_type; return true;
	case EGL_NATIVE_VISUAL_ID: *value = c->native_visual_id; return true;
	case EGL_NATIVE_VISUAL_TYPE: *value = c->native_visual_type; return true;
	default: return false;
	}
}

bool egl_config_value(const struct egl_config *c, EGLint attribute, EGLint *value)
{
	if (buffer_value(c, attribute, value))
		return true;
	for (size_t i = 0; i < sizeof(fixed_values) / sizeof(fixed_values[0]); i++) {
		if (fixed_values[i].attribute == attribute) {
			*value = fixed_values[i].value;
			return true;
		}
	}
	return false;
}

bool egl_configs_compatible(const struct egl_config *a, const struct egl_config *b)
{
	return a->color == b->color && a->depth_stencil == b->depth_stencil;
}

/* ---- entry points ---------------------------------------------------------- */

EGLBoolean EGLAPIENTRY vegl_GetConfigs(EGLDisplay dpy, EGLConfig *configs, EGLint size,
				       EGLint *num)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	EGLint n = 0;

	if (!d)
		return EGL_FALSE;
	if (!num) {
		egl_display_release(d);
		return egl_error(EGL_BAD_PARAMETER);
	}
	if (!configs)
		n = EGL_CONFIG_COUNT;
	for (; configs && n < size && n < EGL_CONFIG_COUNT; n++)
		configs[n] = (EGLConfig)&d->configs[n];
	*num = n;
	egl_display_release(d);
	return egl_success();
}

EGLBoolean EGLAPIENTRY vegl_ChooseConfig(EGLDisplay dpy, const EGLint *attribs,
					 EGLConfig *configs, EGLint size, EGLint *num)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct egl_config *found[EGL_CONFIG_COUNT];
	int n;

	if (!d)
		return EGL_FALSE;
	if (!num) {
		egl_display_release(d);
		return egl_error(EGL_BAD_PARAMETER);
	}
	n = egl_configs_choose(d->configs, attribs, found, EGL_CONFIG_COUNT);
	egl_display_release(d);
	if (n < 0)
		return EGL_FALSE;
	if (configs) {
		n = n < size ? n : (size > 0 ? size : 0);
		for (int i = 0; i < n; i++)
			configs[i] = (EGLConfig)found[i];
	}
	*num = n;
	return egl_success();
}

EGLBoolean EGLAPIENTRY vegl_GetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attribute,
					    EGLint *value)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct egl_config *c;
	EGLint v = 0, err = EGL_SUCCESS;

	if (!d)
		return EGL_FALSE;
	c = egl_config_lookup(d, config);
	if (!c)
		err = EGL_BAD_CONFIG;
	else if (!egl_config_value(c, attribute, &v))
		err = EGL_BAD_ATTRIBUTE;
	return egl_query_finish(d, err, v, value);
}
