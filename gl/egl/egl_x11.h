/* SPDX-License-Identifier: MIT */
/*
 * What the X11 platform's files share (egl_platform_x11.c: displays,
 * windows and the drawables both kinds of surface put their pixels to;
 * egl_x11_pixmap.c: pixmap surfaces). All on the display's connection.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include <EGL/egl.h>
#include <vulkan/vulkan_core.h>
#include <xcb/xcb.h>

struct egl_config;
struct egl_display;
struct egl_surface;
struct vgl_context;
struct vgl_surface;
struct x11_window;

xcb_connection_t *x11_connection(struct egl_display *d);
/* EGL_SUCCESS where c's image can be put as it is into a drawable of
 * `depth`, else EGL_BAD_MATCH. */
EGLint x11_depth_matches(struct egl_display *d, const struct egl_config *c, uint8_t depth);
/* Whether some depth of the server matches c (EGL_PIXMAP_BIT). */
bool x11_config_has_depth(struct egl_display *d, const struct egl_config *c);
/* The image format of a drawable of a depth x11_depth_matches took. */
VkFormat x11_depth_format(struct egl_display *d, uint8_t depth);

/* A drawable pixels are put to (a GC on it; listed for eglTerminate). */
struct x11_window *x11_drawable_new(struct egl_display *d, xcb_drawable_t id, uint8_t depth);
/* Reads surf's width x height image back through ctx and puts it at the
 * drawable's top left; returns a VGL_ error (X errors are discarded: a
 * drawable or server gone puts nothing). */
int x11_drawable_put(struct x11_window *w, struct vgl_context *ctx, struct vgl_surface *surf,
		     uint32_t width, uint32_t height);
void x11_drawable_destroy(struct x11_window *w);

/* Pixmap surfaces (egl_x11_pixmap.c). */
EGLint x11_create_pixmap(struct egl_display *d, struct egl_surface *s, void *native);
void x11_destroy_pixmap(struct egl_surface *s);
