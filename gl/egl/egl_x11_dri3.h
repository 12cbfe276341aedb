/* SPDX-License-Identifier: MIT */
/*
 * The X11 platform's zero-copy path (egl_x11_dri3.c): where the X server
 * offers DRI3 and Present on the same virtio_gpu device as virtgl's
 * (Xwayland, or Xorg's modesetting driver, in the VM), window surfaces
 * render straight into buffers the server shares as pixmaps, and a swap
 * is a PresentPixmap. Elsewhere egl_platform_x11.c reads back and puts the
 * pixels (MIT-SHM or PutImage).
 */
#pragma once

#include <stdint.h>

#include <EGL/egl.h>
#include <xcb/xcb.h>

struct egl_surface;
struct vgl_device;
struct x11_dri3;
struct x11_dri3_window;

/* DRI3 (1.0) and Present (1.0) on the device dev, for windows of screen
 * root; NULL, with the reason under VIRTGL_DEBUG=egl, where the server has
 * neither, its DRI3 device is another one, or dev has no dma-bufs. */
struct x11_dri3 *x11_dri3_open(xcb_connection_t *conn, xcb_window_t root, struct vgl_device *dev);
void x11_dri3_close(struct x11_dri3 *dri3);

/* Window surface s on X window win of depth 24 or 32 (already checked):
 * sets s->window_ops (the buffers are the window's pixmaps). */
EGLint x11_dri3_create_window(struct x11_dri3 *dri3, struct egl_surface *s, xcb_window_t win,
			      uint8_t depth, struct x11_dri3_window **out);
void x11_dri3_destroy_window(struct x11_dri3_window *w);
/* eglTerminate: the window's X resources go while the connection is still
 * the application's; the surface (if still current) can present no more. */
void x11_dri3_release_window(struct x11_dri3_window *w);
/* eglSwapBuffers of s (current on the calling thread). */
EGLint x11_dri3_swap(struct x11_dri3_window *w, struct egl_surface *s);
