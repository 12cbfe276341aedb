/* SPDX-License-Identifier: MIT */
/*
 * EGL_KHR_platform_wayland: what the display part (egl_platform_wayland.c:
 * the wl_display, its globals, the formats the compositor imports) and the
 * window part (egl_wayland_window.c: wl_egl_window surfaces and their
 * buffers) share.
 *
 * Every proxy virtgl makes lives on the display's private event queue
 * (through proxy wrappers of the application's wl_display and wl_surface),
 * so the application's own dispatching never sees, and never steals, the
 * events virtgl waits for (buffer releases, frame callbacks).
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "egl_display.h"

struct wl_compositor;
struct wl_display;
struct wl_event_queue;
struct zwp_linux_dmabuf_v1;

/* A format's modifiers the compositor listed (the ones virtgl can make). */
enum wayland_modifiers {
	WAYLAND_MOD_LINEAR = 1u << 0,
	WAYLAND_MOD_INVALID = 1u << 1, /* "implicit": v3's format event */
};

/* The compositor's globals virtgl uses, on the private queue. */
struct wayland_globals {
	struct wl_event_queue *queue;
	struct wl_display *wrapper;     /* the application's wl_display, on queue */
	struct wl_registry *registry;
	struct wl_compositor *compositor;
	uint32_t compositor_version;
	struct zwp_linux_dmabuf_v1 *dmabuf;
	uint32_t dmabuf_version;
	uint32_t argb_mods, xrgb_mods;  /* enum wayland_modifiers */
};

struct wayland_display {
	struct egl_display base;
	struct wl_display *native;
	struct wayland_globals g;       /* from eglInitialize to eglTerminate */
	struct wayland_display *next;
};

static inline struct wayland_display *to_wayland(struct egl_display *d)
{
	return (struct wayland_display *)d;
}

/* With VIRTGL_DEBUG=egl: why a display or a window failed, on stderr. */
void wayland_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

/* Window surfaces (egl_wayland_window.c), egl_platform's window ops. */
EGLint wayland_create_window(struct egl_display *d, struct egl_surface *s, void *native);
void wayland_destroy_window(struct egl_surface *s);
EGLint wayland_swap_buffers(struct egl_display *d, struct egl_surface *s);
EGLint wayland_swap_with_damage(struct egl_display *d, struct egl_surface *s,
				const EGLint *rects, EGLint n_rects);
