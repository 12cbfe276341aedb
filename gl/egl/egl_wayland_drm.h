/* SPDX-License-Identifier: MIT */
/*
 * EGL_WL_bind_wayland_display: the compositor side of Mesa's wl_drm protocol
 * (gl/egl/protocol/wayland-drm.xml). A compositor binds its wl_display to an
 * EGL display; virtgl then offers the `wl_drm` global, through which clients
 * (Xwayland's glamor, Mesa's EGL) learn the device to render on and post
 * their buffers as dma-bufs (create_prime_buffer). The compositor asks
 * eglQueryWaylandBufferWL what such a buffer is and makes it an EGL image
 * (eglCreateImage with EGL_WAYLAND_BUFFER_WL), as weston's GL renderer does.
 *
 * Only where the display's device has dma-bufs (the DRM transport): the
 * display lists the extension only there, and a wl_drm buffer is an
 * imported dma-buf from the moment it is created.
 */
#pragma once

#include <EGL/egl.h>
#include <EGL/eglext.h>

struct egl_display;
struct vgl_egl_image;
struct wl_display;
struct wl_resource;

/* The binding of one wl_display (egl_display.wl_drm). */
struct egl_wl_drm;

/* eglTerminate: the display's binding goes (its global with it). Under the lock. */
void egl_wl_drm_unbind(struct egl_display *d);

/* EGL_WAYLAND_BUFFER_WL: the image of a wl_drm buffer (plane 0 of a
 * single-plane format), referenced; EGL_BAD_PARAMETER for a resource that is
 * no wl_drm buffer of virtgl's, or another plane. */
EGLint egl_wl_drm_buffer_image(struct wl_resource *buffer, EGLAttrib plane,
			       struct vgl_egl_image **out);

EGLBoolean EGLAPIENTRY vegl_BindWaylandDisplayWL(EGLDisplay dpy, struct wl_display *display);
EGLBoolean EGLAPIENTRY vegl_UnbindWaylandDisplayWL(EGLDisplay dpy, struct wl_display *display);
EGLBoolean EGLAPIENTRY vegl_QueryWaylandBufferWL(EGLDisplay dpy, struct wl_resource *buffer,
						 EGLint attribute, EGLint *value);
