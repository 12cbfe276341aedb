/* SPDX-License-Identifier: MIT */
/*
 * Surface kinds virtgl does not have: pbuffers from client buffers (OpenVG
 * images), surfaces bound as textures, eglCopyBuffers. Only the display is
 * checked first.
 */
#include "egl_surface.h"

#include "egl_display.h"
#include "egl_error.h"

EGLSurface EGLAPIENTRY vegl_CreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype,
							  EGLClientBuffer buffer, EGLConfig config,
							  const EGLint *attribs)
{
	struct egl_display *d = egl_display_acquire(dpy, true);

	if (!d)
		return EGL_NO_SURFACE;
	egl_display_release(d);
	/* the only core client buffer type is an OpenVG image */
	egl_error(EGL_BAD_PARAMETER);
	return EGL_NO_SURFACE;
}

/* No surface can be bound as a texture (EGL_TEXTURE_FORMAT is always
 * EGL_NO_TEXTURE): EGL_BAD_MATCH once the arguments are valid. */
static EGLBoolean no_tex_image(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	bool known;

	if (!d)
		return EGL_FALSE;
	known = egl_surface_lookup(d, surface) != NULL;
	egl_display_release(d);
	if (!known)
		return egl_error(EGL_BAD_SURFACE);
	return egl_error(buffer == EGL_BACK_BUFFER ? EGL_BAD_MATCH : EGL_BAD_PARAMETER);
}

EGLBoolean EGLAPIENTRY vegl_BindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
	return no_tex_image(dpy, surface, buffer);
}

EGLBoolean EGLAPIENTRY vegl_ReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer)
{
	return no_tex_image(dpy, surface, buffer);
}

EGLBoolean EGLAPIENTRY vegl_CopyBuffers(EGLDisplay dpy, EGLSurface surface,
					EGLNativePixmapType target)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	bool known;

	if (!d)
		return EGL_FALSE;
	known = egl_surface_lookup(d, surface) != NULL;
	egl_display_release(d);
	/* not implemented: even X11's pixmaps are refused (EGL 1.5 allows
	 * EGL_BAD_NATIVE_PIXMAP for a pixmap the implementation cannot copy to) */
	return egl_error(known ? EGL_BAD_NATIVE_PIXMAP : EGL_BAD_SURFACE);
}
