/* SPDX-License-Identifier: MIT */
#include "egl_display.h"

#include <pthread.h>
#include <stdio.h>

#include "egl_context.h"
#include "egl_device.h"
#include "egl_error.h"
#include "egl_image.h"
#include "egl_platform.h"
#include "egl_surface.h"
#include "egl_sync.h"
#include "egl_wayland_drm.h"
#include "vgl.h"

/* The platforms, in the order getPlatformDisplay tries them. */
static const struct egl_platform *const platforms[] = {
	&egl_platform_surfaceless,
	&egl_platform_device,
	&egl_platform_gbm,
	&egl_platform_wayland,
	&egl_platform_x11,
	&egl_platform_xcb,
};

const struct egl_platform *egl_platform_find(EGLenum platform)
{
	for (size_t i = 0; i < sizeof(platforms) / sizeof(platforms[0]); i++)
		if (platforms[i]->platform == platform)
			return platforms[i];
	return NULL;
}

/* Every display handed out, newest first; entries are never removed. */
static struct egl_display *all_displays;

static pthread_mutex_t egl_mutex = PTHREAD_MUTEX_INITIALIZER;

void egl_lock(void)
{
	pthread_mutex_lock(&egl_mutex);
}

void egl_unlock(void)
{
	pthread_mutex_unlock(&egl_mutex);
}

static struct egl_display *display_from_handle(EGLDisplay dpy)
{
	struct egl_display *d;

	egl_lock();
	for (d = all_displays; d && (EGLDisplay)d != dpy; d = d->next)
		;
	egl_unlock();
	return d;
}

static bool display_registered(const struct egl_display *d)
{
	for (const struct egl_display *e = all_displays; e; e = e->next)
		if (e == d)
			return true;
	return false;
}

struct egl_display *egl_display_register(struct egl_display *d)
{
	egl_lock();
	if (!display_registered(d)) {
		d->next = all_displays;
		all_displays = d;
	}
	egl_unlock();
	return d;
}

struct egl_display *egl_display_first(void)
{
	return all_displays;
}

EGLDisplay egl_display_handle(const struct egl_display *d)
{
	return (EGLDisplay)d;
}

struct egl_display *egl_display_acquire(EGLDisplay dpy, bool need_init)
{
	struct egl_display *d = display_from_handle(dpy);

	if (!d) {
		egl_error(EGL_BAD_DISPLAY);
		return NULL;
	}
	egl_lock();
	if (need_init && !d->initialized) {
		egl_unlock();
		egl_error(EGL_NOT_INITIALIZED);
		return NULL;
	}
	return d;
}

void egl_display_release(struct egl_display *d)
{
	(void)d;
	egl_unlock();
}

static void put_device_if_unused(struct egl_display *d)
{
	if (!d->initialized && d->objects == 0 && d->dev) {
		vgl_device_put(d->dev);
		d->dev = NULL;
	}
}

void egl_display_object_added(struct egl_display *d)
{
	d->objects++;
}

void egl_display_object_gone(struct egl_display *d)
{
	d->objects--;
	put_device_if_unused(d);
}

/* ---- getPlatformDisplay ------------------------------------------------------ */

bool egl_display_attribs_empty(const EGLAttrib *attribs, EGLint *error)
{
	if (attribs && attribs[0] != EGL_NONE) {
		*error = EGL_BAD_ATTRIBUTE;
		return false;
	}
	return true;
}

static EGLDisplay decline(EGLint error)
{
	egl_error(error);
	return EGL_NO_DISPLAY;
}

EGLDisplay egl_get_platform_display(EGLenum platform, void *native, const EGLAttrib *attribs)
{
	const struct egl_platform *p;
	struct egl_display *d;
	EGLint error = EGL_SUCCESS;

	/* Without a device we answer for no platform at all, at once, with no
	 * error: libglvnd then asks the next vendor and the application keeps
	 * whatever EGL it had before virtgl was installed. */
	if (!egl_device_present())
		return decline(EGL_SUCCESS);
	/* eglGetDisplay(EGL_DEFAULT_DISPLAY) reaches vendors as EGL_NONE: the
	 * surfaceless display; any other native display there is not ours */
	if (platform == EGL_NONE) {
		if (native != EGL_DEFAULT_DISPLAY)
			return decline(EGL_SUCCESS);
		platform = EGL_PLATFORM_SURFACELESS_MESA;
	}
	p = egl_platform_find(platform);
	if (!p)
		return decline(EGL_BAD_PARAMETER);
	d = p->get_display(native, attribs, &error);
	if (!d)
		return decline(error);
	egl_success();
	return egl_display_handle(d);
}

const char *egl_client_extensions(void)
{
	return "EGL_EXT_client_extensions EGL_EXT_platform_base EGL_EXT_device_base "
	       "EGL_EXT_device_enumeration EGL_EXT_device_query EGL_EXT_platform_device "
	       "EGL_MESA_platform_surfaceless EGL_KHR_platform_gbm EGL_MESA_platform_gbm "
	       "EGL_KHR_platform_wayland EGL_EXT_platform_wayland EGL_KHR_platform_x11 "
	       "EGL_EXT_platform_x11 EGL_KHR_client_get_all_proc_addresses";
}

const char *egl_platform_extensions(void)
{
	/* the Wayland ones also make libglvnd hand eglGetDisplay(wl_display)
	 * to getPlatformDisplay(EGL_PLATFORM_WAYLAND_KHR); xcb is outside
	 * libglvnd's list of client extensions, so only this string names it */
	return "EGL_MESA_platform_surfaceless EGL_EXT_platform_device "
	       "EGL_KHR_platform_wayland EGL_EXT_platform_wayland EGL_EXT_platform_xcb";
}

/* ---- initialisation ------------------------------------------------------------ */

static const char display_extensions[] =
	"EGL_ANDROID_native_fence_sync EGL_EXT_create_context_robustness "
	"EGL_KHR_create_context EGL_KHR_fence_sync "
	"EGL_KHR_get_all_proc_addresses EGL_KHR_gl_renderbuffer_image "
	"EGL_KHR_gl_texture_2D_image EGL_KHR_image_base EGL_KHR_no_config_context "
	"EGL_KHR_surfaceless_context EGL_KHR_wait_sync";

/* dma-bufs exist on the DRM transport only: vtest displays do not list these */
static const char dma_buf_extensions[] =
	" EGL_EXT_image_dma_buf_import EGL_EXT_image_dma_buf_import_modifiers "
	"EGL_MESA_image_dma_buf_export EGL_WL_bind_wayland_display";

/* The common extensions, the dma-buf ones where they work, the platform's. */
static void display_set_extensions(struct egl_display *d)
{
	const char *more = d->platform->extensions;

	snprintf(d->extensions, sizeof(d->extensions), "%s%s%s%s", display_extensions,
		 egl_image_has_dma_buf(d->dev) ? dma_buf_extensions : "",
		 more && *more ? " " : "", more ? more : "");
}

static EGLBoolean display_open(struct egl_display *d)
{
	int ret;

	/* a terminated display whose objects are still current keeps the device */
	if (!d->dev) {
		ret = vgl_device_get(&d->dev);
		if (ret) {
			d->dev = NULL;
			return egl_error(EGL_NOT_INITIALIZED);
		}
	}
	if (d->platform->initialize && d->platform->initialize(d) != EGL_SUCCESS) {
		put_device_if_unused(d);
		return egl_error(EGL_NOT_INITIALIZED);
	}
	egl_configs_init(d);
	display_set_extensions(d);
	d->initialized = true;
	return egl_success();
}

EGLBoolean EGLAPIENTRY vegl_Initialize(EGLDisplay dpy, EGLint *major, EGLint *minor)
{
	struct egl_display *d = egl_display_acquire(dpy, false);
	EGLBoolean ok;

	if (!d)
		return EGL_FALSE;
	ok = d->initialized ? egl_success() : display_open(d);
	egl_display_release(d);
	if (ok && major)
		*major = 1;
	if (ok && minor)
		*minor = 5;
	return ok;
}

EGLBoolean EGLAPIENTRY vegl_Terminate(EGLDisplay dpy)
{
	struct egl_display *d = egl_display_acquire(dpy, false);

	if (!d)
		return EGL_FALSE;
	if (d->initialized) {
		/* Handles die now; objects current in some thread live on until
		 * released (EGL 1.5 §3.2). */
		d->initialized = false;
		egl_objects_unlink_all(&d->images);
		egl_objects_unlink_all(&d->syncs);
		egl_objects_unlink_all(&d->contexts);
		egl_objects_unlink_all(&d->surfaces);
		egl_wl_drm_unbind(d);
		if (d->platform->terminate)
			d->platform->terminate(d);
		put_device_if_unused(d);
	}
	egl_display_release(d);
	return egl_success();
}

/* ---- queries --------------------------------------------------------------------- */

static const char *display_string(const struct egl_display *d, EGLint name)
{
	switch (name) {
	case EGL_CLIENT_APIS: return "OpenGL_ES";
	case EGL_EXTENSIONS: return d->extensions;
	case EGL_VENDOR: return "virtgl";
	case EGL_VERSION: return "1.5 virtgl " PACKAGE_VERSION;
	default: return NULL;
	}
}

const char *EGLAPIENTRY vegl_QueryString(EGLDisplay dpy, EGLint name)
{
	struct egl_display *d;
	const char *s;

	if (dpy == EGL_NO_DISPLAY && name == EGL_EXTENSIONS) {
		egl_success();
		return egl_client_extensions();
	}
	d = egl_display_acquire(dpy, true);
	if (!d)
		return NULL;
	s = display_string(d, name);
	egl_display_release(d);
	if (s)
		egl_success();
	else
		egl_error(EGL_BAD_PARAMETER);
	return s;
}

EGLBoolean EGLAPIENTRY vegl_QueryDisplayAttribEXT(EGLDisplay dpy, EGLint attribute,
						  EGLAttrib *value)
{
	struct egl_display *d = egl_display_acquire(dpy, true);

	if (!d)
		return EGL_FALSE;
	egl_display_release(d);
	if (!value)
		return egl_error(EGL_BAD_PARAMETER);
	if (attribute != EGL_DEVICE_EXT)
		return egl_error(EGL_BAD_ATTRIBUTE);
	*value = (EGLAttrib)egl_device_handle();
	return egl_success();
}
