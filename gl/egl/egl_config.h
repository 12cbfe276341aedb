/* SPDX-License-Identifier: MIT */
/*
 * Framebuffer configurations: OpenGL ES 2 and 3, colour RGBA8888, RGB888 or
 * RGB565, each without depth, with depth 16, depth 24 and depth 24 /
 * stencil 8, single-sampled or with 4 samples, those the host renders
 * (windows where the platform has a visual, single-sampled ones). Every display has its own copies, so a config of one display is
 * not a config of another (EGL_BAD_CONFIG).
 */
#pragma once

#include <stdbool.h>

#include <EGL/egl.h>
#include <vulkan/vulkan_core.h>

/* the most configs a display has */
#define EGL_CONFIG_COUNT 24
/* The largest pbuffer: what every virgl host we target renders to. */
#define EGL_MAX_PBUFFER_SIZE 16384

struct egl_display;

struct egl_config {
	EGLint id;
	EGLint red, green, blue, alpha, depth, stencil;
	EGLint samples;           /* EGL_SAMPLES: 0, or 4 (a multisample pbuffer) */
	VkFormat color, depth_stencil;
	/* set by the display's platform (egl_configs_init) */
	EGLint surface_type;      /* EGL_PBUFFER_BIT ... (| EGL_WINDOW_BIT) */
	EGLint native_visual_id;  /* e.g. a GBM format, an X visual; 0: none */
	EGLint native_visual_type; /* e.g. TrueColor; EGL_NONE */
};

/*
 * The display's configs. Every platform has pbuffers; one with windows adds
 * EGL_WINDOW_BIT where its visual() gives the config a visual (or has no
 * visual() at all), with its EGL_NATIVE_VISUAL_ID / _TYPE.
 */
void egl_configs_init(struct egl_display *d);
/* d's config behind the handle, or NULL (no error recorded). */
struct egl_config *egl_config_lookup(struct egl_display *d, EGLConfig handle);
/* false for an attribute that is not a config attribute. */
bool egl_config_value(const struct egl_config *c, EGLint attribute, EGLint *value);
/* Same colour and depth/stencil buffers: a context of one renders to a
 * surface of the other. */
bool egl_configs_compatible(const struct egl_config *a, const struct egl_config *b);

/* Selection and sorting (egl_config_choose.c): fills out[] (room for n)
 * with the configs of configs[n] matching the list, in EGL's order; returns
 * the count, or -1 after recording EGL_BAD_ATTRIBUTE. */
int egl_configs_choose(struct egl_config *configs, int n, const EGLint *attribs,
		       struct egl_config **out);

EGLBoolean EGLAPIENTRY vegl_GetConfigs(EGLDisplay dpy, EGLConfig *configs, EGLint size,
				       EGLint *num);
EGLBoolean EGLAPIENTRY vegl_ChooseConfig(EGLDisplay dpy, const EGLint *attribs,
					 EGLConfig *configs, EGLint size, EGLint *num);
EGLBoolean EGLAPIENTRY vegl_GetConfigAttrib(EGLDisplay dpy, EGLConfig config, EGLint attribute,
					    EGLint *value);
