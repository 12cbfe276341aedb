/* SPDX-License-Identifier: MIT */
/*
 * Window surfaces: the EGL side common to every platform with native windows
 * (arguments, config, attributes, the surface's vgl_surface); the platform
 * turns the native window into buffers and presents (egl_platform.h). The
 * creation steps pixmaps share (egl_pixmap.c) are here too.
 */
#include "egl_surface.h"

#include <stdint.h>
#include <stdlib.h>

#include "egl_attrib.h"
#include "egl_config.h"
#include "egl_context.h"
#include "egl_current.h"
#include "egl_display.h"
#include "egl_error.h"
#include "egl_platform.h"
#include "vgl.h"

/* EGL 1.5 §3.5.1: one window attribute; returns the EGL error. */
static EGLint check_window_attrib(EGLint name, EGLAttrib value)
{
	switch (name) {
	case EGL_RENDER_BUFFER:
		/* a hint: windows are always back buffered here */
		return value == EGL_BACK_BUFFER || value == EGL_SINGLE_BUFFER ? EGL_SUCCESS
									: EGL_BAD_PARAMETER;
	default:
		return egl_surface_common_attrib(name, value);
	}
}

static EGLint check_window_attribs(struct egl_attribs it)
{
	EGLint name, err = EGL_SUCCESS;
	EGLAttrib value;

	while (err == EGL_SUCCESS && egl_attribs_next(&it, &name, &value))
		err = check_window_attrib(name, value);
	return err;
}

EGLint egl_native_surface_new(struct egl_display *d, const struct egl_config *c, void *native,
			      bool pixmap, struct egl_surface **out)
{
	const struct egl_platform *p = d->platform;
	struct egl_surface *s = egl_surface_new(c, 0, 0);
	EGLint err;

	if (!s)
		return EGL_BAD_ALLOC;
	s->window = !pixmap;
	s->pixmap = pixmap;
	if (!pixmap)
		s->swap_behavior = EGL_BUFFER_DESTROYED; /* new buffers each frame (see README) */
	err = pixmap ? p->create_pixmap(d, s, native) : p->create_window(d, s, native);
	if (err == EGL_SUCCESS) {
		err = egl_surface_create_vgl(d, s);
		if (err != EGL_SUCCESS)
			(pixmap ? p->destroy_pixmap : p->destroy_window)(s);
	}
	if (err != EGL_SUCCESS) {
		free(s);
		return err;
	}
	*out = s;
	return EGL_SUCCESS;
}

EGLSurface egl_surface_created(struct egl_display *d, struct egl_surface *s, EGLint err)
{
	if (err == EGL_SUCCESS)
		egl_surface_add(d, s);
	egl_display_release(d);
	if (err != EGL_SUCCESS) {
		egl_error(err);
		return EGL_NO_SURFACE;
	}
	egl_success();
	return (EGLSurface)s;
}

/* The native window of a platform entry point: the window itself, or what
 * the pointer points at (EGL_KHR_platform_x11: a Window *; xcb: an
 * xcb_window_t *). */
void *egl_platform_native_handle(const struct egl_display *d, void *native)
{
	if (!d->platform->window_by_pointer || !native)
		return native;
	if (d->platform->native_id_32)
		return (void *)(uintptr_t)*(uint32_t *)native;
	return (void *)(uintptr_t)*(unsigned long *)native;
}

static EGLSurface create_window(EGLDisplay dpy, EGLConfig config, void *native,
				struct egl_attribs attribs, bool by_platform)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct egl_surface *s = NULL;
	struct egl_config *c;
	EGLint err;

	if (!d)
		return EGL_NO_SURFACE;
	c = egl_config_lookup(d, config);
	if (by_platform)
		native = egl_platform_native_handle(d, native);
	/* a platform without windows: whatever the config (surfaceless says so) */
	if (!d->platform->create_window)
		err = EGL_BAD_NATIVE_WINDOW;
	else if (!c)
		err = EGL_BAD_CONFIG;
	else if (!(c->surface_type & EGL_WINDOW_BIT))
		err = EGL_BAD_MATCH;
	else
		err = check_window_attribs(attribs);
	if (err == EGL_SUCCESS)
		err = egl_native_surface_new(d, c, native, false, &s);
	return egl_surface_created(d, s, err);
}

EGLSurface EGLAPIENTRY vegl_CreateWindowSurface(EGLDisplay dpy, EGLConfig config,
						EGLNativeWindowType win, const EGLint *attribs)
{
	return create_window(dpy, config, (void *)win, egl_attribs_int(attribs), false);
}

EGLSurface EGLAPIENTRY vegl_CreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config,
							void *win, const EGLAttrib *attribs)
{
	return create_window(dpy, config, win, egl_attribs_wide(attribs), true);
}

EGLSurface EGLAPIENTRY vegl_CreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config,
							   void *win, const EGLint *attribs)
{
	return create_window(dpy, config, win, egl_attribs_int(attribs), true);
}

EGLint egl_window_swap(struct egl_display *d, struct egl_surface *s, const EGLint *rects,
		       EGLint n_rects)
{
	if (n_rects > 0 && d->platform->swap_with_damage)
		return d->platform->swap_with_damage(d, s, rects, n_rects);
	return d->platform->swap_buffers(d, s);
}
