/* SPDX-License-Identifier: MIT */
/*
 * Pixmap surfaces: the EGL side common to platforms with native pixmaps
 * (arguments, config, attributes). The platform checks the pixmap and keeps
 * it up to date (egl_platform.h: create_pixmap). A pixmap surface is
 * single-buffered: eglSwapBuffers has no effect on it (a flush, as for
 * pbuffers), and rendering reaches the pixmap at glFinish / eglWaitClient.
 */
#include "egl_surface.h"

#include "egl_attrib.h"
#include "egl_config.h"
#include "egl_display.h"
#include "egl_error.h"
#include "egl_platform.h"

/* EGL 1.5 §3.5.4: pixmaps take the attributes every surface takes. */
static EGLint check_pixmap_attribs(struct egl_attribs it)
{
	EGLint name, err = EGL_SUCCESS;
	EGLAttrib value;

	while (err == EGL_SUCCESS && egl_attribs_next(&it, &name, &value))
		err = egl_surface_common_attrib(name, value);
	return err;
}

/* The errors in the order EGL 1.5 lists them; a platform without pixmaps
 * refuses any handle whatever the config (as surfaceless requires). */
static EGLint check_pixmap_request(struct egl_display *d, const struct egl_config *c,
				   struct egl_attribs attribs)
{
	if (!d->platform->create_pixmap)
		return EGL_BAD_NATIVE_PIXMAP;
	if (!c)
		return EGL_BAD_CONFIG;
	if (!(c->surface_type & EGL_PIXMAP_BIT))
		return EGL_BAD_MATCH;
	return check_pixmap_attribs(attribs);
}

static EGLSurface create_pixmap(EGLDisplay dpy, EGLConfig config, void *native,
				struct egl_attribs attribs, bool by_platform)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct egl_surface *s = NULL;
	EGLint err;

	if (!d)
		return EGL_NO_SURFACE;
	if (by_platform)
		native = egl_platform_native_handle(d, native);
	err = check_pixmap_request(d, egl_config_lookup(d, config), attribs);
	if (err == EGL_SUCCESS)
		err = egl_native_surface_new(d, egl_config_lookup(d, config), native, true, &s);
	return egl_surface_created(d, s, err);
}

EGLSurface EGLAPIENTRY vegl_CreatePixmapSurface(EGLDisplay dpy, EGLConfig config,
						EGLNativePixmapType pixmap, const EGLint *attribs)
{
	return create_pixmap(dpy, config, (void *)pixmap, egl_attribs_int(attribs), false);
}

EGLSurface EGLAPIENTRY vegl_CreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config,
							void *pixmap, const EGLAttrib *attribs)
{
	return create_pixmap(dpy, config, pixmap, egl_attribs_wide(attribs), true);
}

EGLSurface EGLAPIENTRY vegl_CreatePlatformPixmapSurfaceEXT(EGLDisplay dpy, EGLConfig config,
							   void *pixmap, const EGLint *attribs)
{
	return create_pixmap(dpy, config, pixmap, egl_attribs_int(attribs), true);
}
