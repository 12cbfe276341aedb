/* SPDX-License-Identifier: MIT */
/*
 * EGL displays. Each belongs to a platform (egl_platform.h), which makes it
 * from the native display; every display ever handed out is registered here
 * and lives as long as the process: EGL hands out the same handle for the
 * same arguments, and a handle stays valid after eglTerminate.
 *
 * Locking: one lock for all of EGL's state (lists, bindings, refcounts). It is
 * never held while waiting for the GPU (eglClientWaitSync drops it).
 */
#pragma once

#include <stdbool.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "egl_config.h"
#include "egl_object.h"

struct vgl_device;
struct egl_surface;
struct egl_context;
struct egl_sync;

struct egl_platform;

struct egl_display {
	const struct egl_platform *platform;
	void *native;                   /* the platform's native display */
	struct egl_display *next;       /* the registry's list */
	bool initialized;
	/* Held from eglInitialize until the display is terminated and the last
	 * object (one still current somewhere) is gone. */
	struct vgl_device *dev;
	unsigned objects;
	struct egl_config configs[EGL_CONFIG_COUNT];
	int nr_configs;
	char extensions[640];           /* the common ones + the platform's */
	/* Objects whose handles are valid; each list holds one reference. */
	struct egl_object *surfaces;
	struct egl_object *contexts;
	struct egl_object *syncs;
	struct egl_object *images;
	/* eglBindWaylandDisplayWL's wl_drm global (egl_wayland_drm.h), or NULL */
	struct egl_wl_drm *wl_drm;
};

void egl_lock(void);
void egl_unlock(void);

/* Locks and returns the display behind dpy; else records EGL_BAD_DISPLAY (or
 * EGL_NOT_INITIALIZED when need_init) and returns NULL, unlocked. */
struct egl_display *egl_display_acquire(EGLDisplay dpy, bool need_init);
void egl_display_release(struct egl_display *d);
EGLDisplay egl_display_handle(const struct egl_display *d);
/* The newest registered display (the list goes on through ->next); under the lock. */
struct egl_display *egl_display_first(void);

/* Object accounting, under the lock: the device is released when the display
 * is terminated and its last object is gone. */
void egl_display_object_added(struct egl_display *d);
void egl_display_object_gone(struct egl_display *d);

/* Adds d to the displays handles are looked up in (once); returns d. */
struct egl_display *egl_display_register(struct egl_display *d);
/* No display attributes given; else false with *error = EGL_BAD_ATTRIBUTE. */
bool egl_display_attribs_empty(const EGLAttrib *attribs, EGLint *error);

/* __EGLapiImports::getPlatformDisplay. */
EGLDisplay egl_get_platform_display(EGLenum platform, void *native, const EGLAttrib *attribs);
/* The client extensions (eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS)). */
const char *egl_client_extensions(void);
/* The platform extensions libglvnd only lists if a vendor names them. */
const char *egl_platform_extensions(void);

EGLBoolean EGLAPIENTRY vegl_Initialize(EGLDisplay dpy, EGLint *major, EGLint *minor);
EGLBoolean EGLAPIENTRY vegl_Terminate(EGLDisplay dpy);
const char *EGLAPIENTRY vegl_QueryString(EGLDisplay dpy, EGLint name);
EGLBoolean EGLAPIENTRY vegl_QueryDisplayAttribEXT(EGLDisplay dpy, EGLint attribute,
						  EGLAttrib *value);
