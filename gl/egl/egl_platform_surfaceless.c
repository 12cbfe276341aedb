/* SPDX-License-Identifier: MIT */
/*
 * EGL_MESA_platform_surfaceless: one display, no native windows; rendering
 * goes to pbuffers and framebuffer objects. It is also what
 * eglGetDisplay(EGL_DEFAULT_DISPLAY) gives.
 */
#include "egl_display.h"
#include "egl_platform.h"

static struct egl_display the_display = { .platform = &egl_platform_surfaceless };

static struct egl_display *surfaceless_get_display(void *native, const EGLAttrib *attribs,
						   EGLint *error)
{
	if (native != EGL_DEFAULT_DISPLAY) {
		*error = EGL_BAD_PARAMETER;
		return NULL;
	}
	if (!egl_display_attribs_empty(attribs, error))
		return NULL;
	return egl_display_register(&the_display);
}

const struct egl_platform egl_platform_surfaceless = {
	.platform = EGL_PLATFORM_SURFACELESS_MESA,
	.name = "surfaceless",
	.get_display = surfaceless_get_display,
};
