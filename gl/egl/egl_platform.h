/* SPDX-License-Identifier: MIT */
/*
 * An EGL platform (EGL_EXT_platform_base): how a native display becomes an
 * egl_display, and how a native window becomes a chain of colour buffers
 * virtgl renders into and presents. One file per platform implements this
 * table, the way drm/'s transports implement vdrm_transport_ops:
 *
 *   egl_platform_surfaceless.c  EGL_MESA_platform_surfaceless (and EGL_DEFAULT_DISPLAY)
 *   egl_platform_device.c       EGL_EXT_platform_device
 *   egl_platform_gbm.c          EGL_KHR_platform_gbm (virtgl's own GBM backend's devices)
 *   egl_platform_wayland.c      EGL_KHR_platform_wayland (wl_egl_windows; egl_wayland_window.c)
 *   egl_platform_x11.c          EGL_KHR_platform_x11 / EXT, EGL_EXT_platform_xcb (read
 *                               back, PutImage; pixmaps: egl_x11_pixmap.c)
 *
 * The entry points in egl_display.c / egl_surface.c do the EGL bookkeeping
 * (handles, locking, errors of the generic arguments); a platform does only
 * what differs between window systems.
 */
#pragma once

#include <stdbool.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

struct egl_config;
struct egl_display;
struct egl_surface;

struct egl_platform {
	EGLenum platform;   /* EGL_PLATFORM_*; what the application passes */
	const char *name;   /* for messages */
	/*
	 * The display for `native` (the same one for the same arguments), or
	 * NULL with *error set: EGL_SUCCESS when the native display is simply
	 * not virtgl's (libglvnd then asks the next vendor, quietly), else the
	 * EGL error to report.
	 */
	struct egl_display *(*get_display)(void *native, const EGLAttrib *attribs, EGLint *error);
	/* eglInitialize's platform part, once the device is open (NULL: none);
	 * anything but EGL_SUCCESS fails it with EGL_NOT_INITIALIZED. */
	EGLint (*initialize)(struct egl_display *d);
	/* eglTerminate's platform part (NULL: none). */
	void (*terminate)(struct egl_display *d);
	/*
	 * Window surfaces. NULL create_window: the platform has no native
	 * windows (EGL_BAD_NATIVE_WINDOW for any handle). create_window fills
	 * what the platform keeps in s->platform_data and returns an EGL error.
	 */
	EGLint (*create_window)(struct egl_display *d, struct egl_surface *s, void *native_window);
	void (*destroy_window)(struct egl_surface *s);
	/* eglCreatePlatformWindowSurface passes a pointer to the native window
	 * (X11: a Window *), eglCreateWindowSurface the window itself: the
	 * platform entry points dereference it before create_window. */
	bool window_by_pointer;
	/* ... to a 32-bit id (EGL_EXT_platform_xcb: xcb_window_t, xcb_pixmap_t)
	 * rather than an unsigned long (Xlib's Window, Pixmap). */
	bool native_id_32;
	/* Presents the back buffer of s, bound to the calling thread's context. */
	EGLint (*swap_buffers)(struct egl_display *d, struct egl_surface *s);
	/* The same with EGL_KHR_swap_buffers_with_damage's rectangles (x, y, w,
	 * h from the bottom left; n_rects 0: all). NULL: swap_buffers, the
	 * damage being only a hint. */
	EGLint (*swap_with_damage)(struct egl_display *d, struct egl_surface *s,
				   const EGLint *rects, EGLint n_rects);
	/* The EGL_BUFFER_AGE_EXT of a window surface the platform shows by
	 * copy (no window_ops; NULL: 0). */
	EGLint (*buffer_age)(struct egl_surface *s);
	/*
	 * Pixmap surfaces. NULL create_pixmap: the platform has no native
	 * pixmaps (EGL_BAD_NATIVE_PIXMAP for any handle). create_pixmap fills
	 * s->platform_data, s->width/height and may set s->pixmap_update (run
	 * at glFinish / eglWaitClient); returns an EGL error. pixmap_config:
	 * whether c renders to some pixmap of the display (EGL_PIXMAP_BIT).
	 * eglCreatePlatformPixmapSurface passes a pointer as for windows.
	 */
	EGLint (*create_pixmap)(struct egl_display *d, struct egl_surface *s, void *native_pixmap);
	void (*destroy_pixmap)(struct egl_surface *s);
	bool (*pixmap_config)(struct egl_display *d, const struct egl_config *c);
	/* A config's EGL_NATIVE_VISUAL_ID on this display (NULL: 0 for all);
	 * 0 from it: no window can show the config (no EGL_WINDOW_BIT). */
	EGLint (*visual)(struct egl_display *d, const struct egl_config *c);
	/* EGL_NATIVE_VISUAL_TYPE of the configs with a visual (0: EGL_NONE). */
	EGLint native_visual_type;
	/* Display extensions beyond the common ones ("" or NULL: none). */
	const char *extensions;
};

extern const struct egl_platform egl_platform_surfaceless;
extern const struct egl_platform egl_platform_device;
extern const struct egl_platform egl_platform_gbm;
extern const struct egl_platform egl_platform_wayland;
extern const struct egl_platform egl_platform_x11;
extern const struct egl_platform egl_platform_xcb;

/* The platform for an EGL_PLATFORM_* value, or NULL. */
const struct egl_platform *egl_platform_find(EGLenum platform);
