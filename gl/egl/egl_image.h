/* SPDX-License-Identifier: MIT */
/*
 * EGL images: EGL_KHR_image_base and EGL 1.5's eglCreateImage, from GL
 * textures and renderbuffers (EGL_KHR_gl_texture_2D_image,
 * EGL_KHR_gl_renderbuffer_image) and from dma-bufs
 * (EGL_EXT_image_dma_buf_import(_modifiers), exported with
 * EGL_MESA_image_dma_buf_export). Each holds a vgl_egl_image (gl/vgl.h); the
 * dma-buf extensions exist only where the device has dma-bufs (DRM).
 */
#pragma once

#include <stdbool.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "egl_object.h"

struct egl_display;
struct vgl_device;
struct vgl_egl_image;

struct egl_image {
	struct egl_object obj;          /* first: the handle; list, display, refs */
	struct vgl_egl_image *img;
};

/* The vgl_egl_image_lookup_fn EGL gives gl/: the image of a handle on any
 * display, referenced; NULL if the handle is no live image. */
struct vgl_egl_image *egl_image_lookup(void *handle);
/* Whether the display's device shares images as dma-bufs. */
bool egl_image_has_dma_buf(struct vgl_device *dev);
/* The display, locked, if it has dma-bufs (and so the extensions that need
 * them); else NULL with the error (EGL_BAD_DISPLAY: no such extension there). */
struct egl_display *egl_image_dma_buf_display(EGLDisplay dpy);

EGLImage EGLAPIENTRY vegl_CreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target,
				      EGLClientBuffer buffer, const EGLAttrib *attribs);
EGLImageKHR EGLAPIENTRY vegl_CreateImageKHR(EGLDisplay dpy, EGLContext ctx, EGLenum target,
					    EGLClientBuffer buffer, const EGLint *attribs);
EGLBoolean EGLAPIENTRY vegl_DestroyImage(EGLDisplay dpy, EGLImage image);
EGLBoolean EGLAPIENTRY vegl_QueryDmaBufFormatsEXT(EGLDisplay dpy, EGLint max_formats,
						  EGLint *formats, EGLint *num_formats);
EGLBoolean EGLAPIENTRY vegl_QueryDmaBufModifiersEXT(EGLDisplay dpy, EGLint format,
						    EGLint max_modifiers, EGLuint64KHR *modifiers,
						    EGLBoolean *external_only,
						    EGLint *num_modifiers);
EGLBoolean EGLAPIENTRY vegl_ExportDMABUFImageQueryMESA(EGLDisplay dpy, EGLImageKHR image,
						       int *fourcc, int *num_planes,
						       EGLuint64KHR *modifiers);
EGLBoolean EGLAPIENTRY vegl_ExportDMABUFImageMESA(EGLDisplay dpy, EGLImageKHR image, int *fds,
						  EGLint *strides, EGLint *offsets);
