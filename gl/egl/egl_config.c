/* SPDX-License-Identifier: MIT */
#include "egl_config.h"

#include <stddef.h>
#include <string.h>

#include "egl_attrib.h"
#include "egl_display.h"
#include "egl_error.h"
#include "egl_platform.h"
#include "vgl.h"

#define ES_BITS (EGL_OPENGL_ES2_BIT | EGL_OPENGL_ES3_BIT)

/* The colour buffers: RGBA8888, RGB888 (the same storage, its alpha kept
 * at 1: vgl_surface_info.no_alpha) and RGB565. */
static const struct color_kind {
	EGLint red, green, blue, alpha;
	VkFormat format;
} colors[] = {
	{ 8, 8, 8, 8, VK_FORMAT_R8G8B8A8_UNORM },
	{ 8, 8, 8, 0, VK_FORMAT_R8G8B8A8_UNORM },
	{ 5, 6, 5, 0, VK_FORMAT_R5G6B5_UNORM_PACK16 },
};

/* Depth/stencil buffers. Stencil alone has no format vk/ renders (it has
 * no S8_UINT), so no config offers it. */
static const struct ds_kind {
	EGLint depth, stencil;
	VkFormat format;
} ds_kinds[] = {
	{ 0, 0, VK_FORMAT_UNDEFINED },
	{ 16, 0, VK_FORMAT_D16_UNORM },
	{ 24, 0, VK_FORMAT_X8_D24_UNORM_PACK32 },
	{ 24, 8, VK_FORMAT_D24_UNORM_S8_UINT },
};

/* Single-sampled, and 4 samples (resolved for reads: vgl_surface_resolve;
 * pbuffers only, see config_set_platform). */
static const EGLint sample_counts[] = { 0, 4 };

#define NR_COLORS ((int)(sizeof(colors) / sizeof(colors[0])))
#define NR_DS ((int)(sizeof(ds_kinds) / sizeof(ds_kinds[0])))
#define NR_SAMPLES ((int)(sizeof(sample_counts) / sizeof(sample_counts[0])))
_Static_assert(NR_COLORS * NR_DS * NR_SAMPLES <= EGL_CONFIG_COUNT,
	       "EGL_CONFIG_COUNT holds every config");

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
	{ EGL_TRANSPARENT_TYPE, EGL_NONE },
	{ EGL_TRANSPARENT_RED_VALUE, 0 },
	{ EGL_TRANSPARENT_GREEN_VALUE, 0 },
	{ EGL_TRANSPARENT_BLUE_VALUE, 0 },
};

/* A platform with windows gives each single-sampled config its visual; a
 * config it has none for (visual 0: X11's 565 configs on a server without a depth-16
 * visual) cannot make windows. Pixmaps need a pixmap depth, not a visual. */
static void config_set_platform(struct egl_display *d, struct egl_config *c)
{
	const struct egl_platform *p = d->platform;
	/* multisample surfaces are pbuffers (vgl_surface.c: a window would
	 * resolve into the window system's buffer each frame; not yet) */
	bool windows = p->create_window != NULL && !c->samples;

	c->native_visual_id = windows && p->visual ? p->visual(d, c) : 0;
	if (p->visual && !c->native_visual_id)
		windows = false;
	c->native_visual_type = c->native_visual_id && p->native_visual_type ? p->native_visual_type
									   : EGL_NONE;
	c->surface_type = EGL_PBUFFER_BIT | EGL_SWAP_BEHAVIOR_PRESERVED_BIT |
			  (windows ? EGL_WINDOW_BIT : 0);
	/* pixmaps are single-sampled like windows (pixmap_update reads the image) */
	if (p->pixmap_config && !c->samples && p->pixmap_config(d, c))
		c->surface_type |= EGL_PIXMAP_BIT;
}

static bool renderable(struct egl_display *d, VkFormat f, EGLint samples)
{
	return f == VK_FORMAT_UNDEFINED ||
	       vgl_surface_format_renderable(d->dev, f, samples ? (uint32_t)samples : 1);
}

/* Colour kind i with depth/stencil kind j and sample count m, if the host
 * renders both so. Its EGL_CONFIG_ID follows from (m, i, j) alone: the same
 * config has the same id on every host, whatever others a host lacks. */
static bool config_make(struct egl_display *d, int m, int i, int j, struct egl_config *c)
{
	const struct color_kind *k = &colors[i];
	const struct ds_kind *z = &ds_kinds[j];

	if (!renderable(d, k->format, sample_counts[m]) ||
	    !renderable(d, z->format, sample_counts[m]))
		return false;
	*c = (struct egl_config){ .id = 1 + (m * NR_COLORS + i) * NR_DS + j, .red = k->red,
				  .green = k->green, .blue = k->blue, .alpha = k->alpha,
				  .depth = z->depth, .stencil = z->stencil,
				  .samples = sample_counts[m], .color = k->format,
				  .depth_stencil = z->format };
	config_set_platform(d, c);
	return true;
}

void egl_configs_init(struct egl_display *d)
{
	d->nr_configs = 0;
	for (int m = 0; m < NR_SAMPLES; m++)
		for (int i = 0; i < NR_COLORS; i++)
			for (int j = 0; j < NR_DS; j++)
				if (config_make(d, m, i, j, &d->configs[d->nr_configs]))
					d->nr_configs++;
}

struct egl_config *egl_config_lookup(struct egl_display *d, EGLConfig handle)
{
	for (int i = 0; i < d->nr_configs; i++)
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
	case EGL_SAMPLES: *value = c->samples; return true;
	case EGL_SAMPLE_BUFFERS: *value = c->samples > 0; return true;
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
	return a->color == b->color && a->alpha == b->alpha && a->depth_stencil == b->depth_stencil &&
	       a->samples == b->samples;
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
		n = d->nr_configs;
	for (; configs && n < size && n < d->nr_configs; n++)
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
	n = egl_configs_choose(d->configs, d->nr_configs, attribs, found);
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
