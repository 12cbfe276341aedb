/* SPDX-License-Identifier: MIT */
/*
 * EGL surfaces: pbuffers and, on platforms with native windows, window
 * surfaces. Either renders into a vgl_surface; a window's platform
 * (egl_platform.h) presents it into the window system's buffers at
 * eglSwapBuffers. Pixmap surfaces (egl_pixmap.c; X11 only) render into a
 * private image the platform copies into the pixmap at glFinish and
 * eglWaitClient.
 */
#pragma once

#include <stdbool.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <vulkan/vulkan_core.h>

#include "egl_object.h"

struct egl_config;
struct egl_context;
struct egl_display;
struct vgl_context;
struct vgl_surface;

struct egl_surface {
	struct egl_object obj;          /* first: the handle; list, display, refs */
	const struct egl_config *config;
	struct vgl_surface *vgl;
	/* its vgl_surface's colour format: the config's, unless the platform
	 * picks another of the same channels (X11: BGRA, the visuals' order) */
	VkFormat color;
	EGLint width, height;
	bool largest;
	EGLint mipmap_level, swap_behavior, multisample_resolve, swap_interval;
	struct egl_context *bound;     /* the context it is current to, if any */
	bool window, pixmap;
	void *platform_data;           /* the window or pixmap platform's state */
	/* a pixmap's: vgl_surface_info.finished, with platform_data */
	int (*pixmap_update)(struct vgl_context *ctx, struct vgl_surface *surf, void *data);
	const struct vgl_window_ops *window_ops; /* its colour buffers (create_window) */
	void *window_data;             /* window_ops' argument; NULL: platform_data */
};

/* All under egl_lock(). lookup records no error. */
struct egl_surface *egl_surface_lookup(struct egl_display *d, EGLSurface handle);

EGLSurface EGLAPIENTRY vegl_CreatePbufferSurface(EGLDisplay dpy, EGLConfig config,
						 const EGLint *attribs);
EGLBoolean EGLAPIENTRY vegl_DestroySurface(EGLDisplay dpy, EGLSurface surface);
EGLBoolean EGLAPIENTRY vegl_QuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attribute,
					 EGLint *value);
EGLBoolean EGLAPIENTRY vegl_SurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attribute,
					  EGLint value);

/* Window surfaces (egl_window.c). */
EGLSurface EGLAPIENTRY vegl_CreateWindowSurface(EGLDisplay dpy, EGLConfig config,
						EGLNativeWindowType win, const EGLint *attribs);
EGLSurface EGLAPIENTRY vegl_CreatePlatformWindowSurface(EGLDisplay dpy, EGLConfig config,
							void *win, const EGLAttrib *attribs);
EGLSurface EGLAPIENTRY vegl_CreatePlatformWindowSurfaceEXT(EGLDisplay dpy, EGLConfig config,
							   void *win, const EGLint *attribs);
/* Presents a window surface (eglSwapBuffers, and WithDamage's rectangles:
 * n_rects 0 for all); s is bound to the caller's context. */
EGLint egl_window_swap(struct egl_display *d, struct egl_surface *s, const EGLint *rects,
		       EGLint n_rects);
/* Shared with egl_window.c. The attributes every surface kind takes alike
 * (colour space, OpenVG's); EGL_BAD_ATTRIBUTE for any other. */
EGLint egl_surface_common_attrib(EGLint name, EGLAttrib value);
struct egl_surface *egl_surface_new(const struct egl_config *c, EGLint width, EGLint height);
EGLint egl_surface_create_vgl(struct egl_display *d, struct egl_surface *s);
void egl_surface_add(struct egl_display *d, struct egl_surface *s);

/* Pixmap surfaces (egl_pixmap.c). */
EGLSurface EGLAPIENTRY vegl_CreatePixmapSurface(EGLDisplay dpy, EGLConfig config,
						EGLNativePixmapType pixmap, const EGLint *attribs);
EGLSurface EGLAPIENTRY vegl_CreatePlatformPixmapSurface(EGLDisplay dpy, EGLConfig config,
							void *pixmap, const EGLAttrib *attribs);
EGLSurface EGLAPIENTRY vegl_CreatePlatformPixmapSurfaceEXT(EGLDisplay dpy, EGLConfig config,
							   void *pixmap, const EGLint *attribs);
/* The native window or pixmap a platform entry point points at (the
 * platform's window_by_pointer, native_id_32). */
void *egl_platform_native_handle(const struct egl_display *d, void *native);
/* Shared by window and pixmap creation (egl_window.c): a surface of the
 * platform's native window or pixmap and its vgl_surface; the end of a
 * create call (s listed, or err raised; releases d). */
EGLint egl_native_surface_new(struct egl_display *d, const struct egl_config *c, void *native,
			      bool pixmap, struct egl_surface **out);
EGLSurface egl_surface_created(struct egl_display *d, struct egl_surface *s, EGLint err);

/* Unsupported surface kinds (egl_surface_unsupported.c). */
EGLSurface EGLAPIENTRY vegl_CreatePbufferFromClientBuffer(EGLDisplay dpy, EGLenum buftype,
							  EGLClientBuffer buffer, EGLConfig config,
							  const EGLint *attribs);
EGLBoolean EGLAPIENTRY vegl_BindTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer);
EGLBoolean EGLAPIENTRY vegl_ReleaseTexImage(EGLDisplay dpy, EGLSurface surface, EGLint buffer);
EGLBoolean EGLAPIENTRY vegl_CopyBuffers(EGLDisplay dpy, EGLSurface surface,
					EGLNativePixmapType target);
