/* SPDX-License-Identifier: MIT */
/*
 * EGL_KHR_platform_wayland / EGL_EXT_platform_wayland: one display per
 * wl_display, window surfaces on wl_egl_windows (egl_wayland_window.c).
 *
 * Buffers reach the compositor as dma-bufs through zwp_linux_dmabuf_v1
 * (version 3: formats and modifiers as events), so only the DRM transport
 * serves Wayland; under vtest the display is declined quietly and libglvnd
 * asks the next vendor. A compositor without linux-dmabuf >= 3, or that
 * imports neither ARGB8888 nor XRGB8888 (what virtgl makes), is declined
 * too, the reason printed under VIRTGL_DEBUG=egl: declining at
 * eglGetDisplay, not failing eglInitialize, is what lets another vendor
 * (Mesa, with wl_drm or wl_shm) serve such a compositor.
 */
#include <dlfcn.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <drm_fourcc.h>
#include <wayland-client.h>

#include "egl_config.h"
#include "egl_error.h"
#include "egl_platform.h"
#include "egl_wayland.h"
#include "linux-dmabuf-v1-client.h"
#include "vgl.h"

static struct wayland_display *all_wayland_displays; /* under egl_lock() */

void wayland_debug(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	egl_vdebug("wayland", fmt, ap);
	va_end(ap);
}

/* ---- the compositor's globals ------------------------------------------------ */

static void dmabuf_format(void *data, struct zwp_linux_dmabuf_v1 *dmabuf, uint32_t format)
{
	/* v3 lists every format again with its modifiers (below) */
	(void)data, (void)dmabuf, (void)format;
}

static void dmabuf_modifier(void *data, struct zwp_linux_dmabuf_v1 *dmabuf, uint32_t format,
			    uint32_t hi, uint32_t lo)
{
	struct wayland_globals *g = data;
	uint64_t mod = (uint64_t)hi << 32 | lo;
	uint32_t bit = mod == DRM_FORMAT_MOD_LINEAR    ? WAYLAND_MOD_LINEAR
		       : mod == DRM_FORMAT_MOD_INVALID ? WAYLAND_MOD_INVALID
						       : 0;

	(void)dmabuf;
	if (format == DRM_FORMAT_ARGB8888)
		g->argb_mods |= bit;
	else if (format == DRM_FORMAT_XRGB8888)
		g->xrgb_mods |= bit;
}

static const struct zwp_linux_dmabuf_v1_listener dmabuf_listener = {
	.format = dmabuf_format,
	.modifier = dmabuf_modifier,
};

static void registry_global(void *data, struct wl_registry *registry, uint32_t name,
			    const char *interface, uint32_t version)
{
	struct wayland_globals *g = data;

	if (strcmp(interface, wl_compositor_interface.name) == 0 && !g->compositor) {
		g->compositor_version = version < 4 ? version : 4;
		g->compositor = wl_registry_bind(registry, name, &wl_compositor_interface,
						 g->compositor_version);
	} else if (strcmp(interface, zwp_linux_dmabuf_v1_interface.name) == 0 && version >= 3 &&
		   !g->dmabuf) {
		/* v3 exactly: formats and modifiers come as events (v4 has
		 * feedback objects instead) */
		g->dmabuf_version = 3;
		g->dmabuf = wl_registry_bind(registry, name, &zwp_linux_dmabuf_v1_interface, 3);
		zwp_linux_dmabuf_v1_add_listener(g->dmabuf, &dmabuf_listener, g);
	}
}

static void registry_global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
	(void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = {
	.global = registry_global,
	.global_remove = registry_global_remove,
};

/* The globals' proxies (not the queue: a proxy still on it must not point
 * at freed memory). */
static void globals_release(struct wayland_globals *g)
{
	if (g->dmabuf)
		zwp_linux_dmabuf_v1_destroy(g->dmabuf);
	if (g->compositor)
		wl_compositor_destroy(g->compositor);
	if (g->registry)
		wl_registry_destroy(g->registry);
	g->dmabuf = NULL;
	g->compositor = NULL;
	g->registry = NULL;
}

static void globals_destroy(struct wayland_globals *g)
{
	globals_release(g);
	if (g->wrapper)
		wl_proxy_wrapper_destroy(g->wrapper);
	if (g->queue)
		wl_event_queue_destroy(g->queue);
	memset(g, 0, sizeof(*g));
}

/* NULL when the compositor has what virtgl needs, else why not. */
static const char *globals_missing(const struct wayland_globals *g)
{
	if (!g->compositor)
		return "no wl_compositor";
	if (!g->dmabuf)
		return "the compositor offers no zwp_linux_dmabuf_v1 of version 3 or later";
	if (!g->argb_mods && !g->xrgb_mods)
		return "the compositor imports neither ARGB8888 nor XRGB8888 linear dma-bufs";
	return NULL;
}

/* Binds the globals on a new private queue: two round trips (the globals,
 * then the dmabuf's format events). NULL, or why it failed (g cleared). */
static const char *globals_bind(struct wl_display *native, struct wayland_globals *g)
{
	const char *why = "the connection to the compositor failed";

	memset(g, 0, sizeof(*g));
	g->queue = wl_display_create_queue(native);
	g->wrapper = g->queue ? wl_proxy_create_wrapper(native) : NULL;
	if (!g->wrapper) {
		globals_destroy(g);
		return "out of memory";
	}
	wl_proxy_set_queue((struct wl_proxy *)g->wrapper, g->queue);
	g->registry = wl_display_get_registry(g->wrapper);
	if (g->registry && wl_registry_add_listener(g->registry, &registry_listener, g) == 0 &&
	    wl_display_roundtrip_queue(native, g->queue) >= 0 &&
	    wl_display_roundtrip_queue(native, g->queue) >= 0)
		why = globals_missing(g);
	if (why)
		globals_destroy(g);
	return why;
}

/* ---- displays -------------------------------------------------------------------- */

static struct wayland_display *find_or_add(struct wl_display *native)
{
	struct wayland_display *w;

	egl_lock();
	for (w = all_wayland_displays; w && w->native != native; w = w->next)
		;
	if (!w && (w = calloc(1, sizeof(*w)))) {
		w->base = (struct egl_display){ .platform = &egl_platform_wayland, .native = native };
		w->native = native;
		w->next = all_wayland_displays;
		all_wayland_displays = w;
	}
	egl_unlock();
	return w;
}

/* wl_display's first field is its proxy's interface: libglvnd tells
 * Wayland displays the same way. */
static bool is_wl_display(void *native)
{
	Dl_info info;

	return native && dladdr(*(void **)native, &info) && info.dli_sname &&
	       strcmp(info.dli_sname, "wl_display_interface") == 0;
}

/* dma-bufs exist on the DRM transport only: not vtest. */
static bool may_share_buffers(void)
{
	const char *t = getenv("VIRTGL_TRANSPORT");

	return !t || strcmp(t, "vtest") != 0;
}

/* Whether this compositor can take virtgl's buffers (a throw-away probe:
 * the display's own globals are bound at eglInitialize). */
static bool compositor_fits(struct wl_display *native)
{
	struct wayland_globals g;
	const char *why = globals_bind(native, &g);

	if (why) {
		wayland_debug("display %p declined: %s", (void *)native, why);
		return false;
	}
	globals_destroy(&g);
	return true;
}

static struct egl_display *wayland_get_display(void *native, const EGLAttrib *attribs,
					       EGLint *error)
{
	struct wayland_display *w;

	/* EGL_DEFAULT_DISPLAY (connect to $WAYLAND_DISPLAY ourselves): not
	 * done here; another vendor may */
	if (!native || !may_share_buffers()) {
		*error = EGL_SUCCESS;
		return NULL;
	}
	if (!is_wl_display(native)) {
		*error = EGL_BAD_PARAMETER;
		return NULL;
	}
	if (!egl_display_attribs_empty(attribs, error))
		return NULL;
	if (!compositor_fits(native)) {
		*error = EGL_SUCCESS;
		return NULL;
	}
	w = find_or_add(native);
	if (!w) {
		*error = EGL_BAD_ALLOC;
		return NULL;
	}
	return egl_display_register(&w->base);
}

static const char *mods_name(uint32_t mods)
{
	return mods & WAYLAND_MOD_LINEAR ? "linear" : mods ? "implicit modifier" : "not imported";
}

static EGLint wayland_initialize(struct egl_display *d)
{
	struct wayland_display *w = to_wayland(d);
	const char *why;

	if (!vgl_device_has_dma_buf(d->dev)) {
		wayland_debug("display %p: the device has no dma-bufs", (void *)w->native);
		return EGL_NOT_INITIALIZED;
	}
	why = globals_bind(w->native, &w->g);
	if (why) {
		wayland_debug("display %p: eglInitialize failed: %s", (void *)w->native, why);
		return EGL_NOT_INITIALIZED;
	}
	/* the tests tell a client served by virtgl by this line */
	wayland_debug("display %p initialized: zwp_linux_dmabuf_v1 v%u, ARGB8888 %s, XRGB8888 %s",
		      (void *)w->native, w->g.dmabuf_version, mods_name(w->g.argb_mods),
		      mods_name(w->g.xrgb_mods));
	return EGL_SUCCESS;
}

/* The surfaces' proxies are gone with the surfaces (eglTerminate destroys
 * the handles; one still current keeps only its own wl_buffers, which
 * it destroys itself). The queue stays: a proxy still on it must not point
 * at freed memory. */
static void wayland_terminate(struct egl_display *d)
{
	globals_release(&to_wayland(d)->g);
}

/* Wayland has no visuals: the fourcc of the buffers a config's windows
 * get, 0 (no windows) where the compositor does not import it or for 565
 * (virtgl makes 8888 buffers only). */
static EGLint wayland_visual(struct egl_display *d, const struct egl_config *c)
{
	const struct wayland_globals *g = &to_wayland(d)->g;

	if (c->red != 8)
		return 0;
	if (c->alpha)
		return g->argb_mods ? DRM_FORMAT_ARGB8888 : 0;
	return g->xrgb_mods ? DRM_FORMAT_XRGB8888 : 0;
}

const struct egl_platform egl_platform_wayland = {
	.platform = EGL_PLATFORM_WAYLAND_KHR,
	.name = "wayland",
	.get_display = wayland_get_display,
	.initialize = wayland_initialize,
	.terminate = wayland_terminate,
	.create_window = wayland_create_window,
	.destroy_window = wayland_destroy_window,
	.swap_buffers = wayland_swap_buffers,
	.swap_with_damage = wayland_swap_with_damage,
	.visual = wayland_visual,
	.extensions = "EGL_EXT_buffer_age EGL_EXT_swap_buffers_with_damage "
		      "EGL_KHR_swap_buffers_with_damage",
};
