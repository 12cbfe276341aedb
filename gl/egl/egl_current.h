/* SPDX-License-Identifier: MIT */
/*
 * What is current on each thread (libglvnd keeps its own copy for
 * eglGetCurrent*; this one is ours, for EGL_BAD_ACCESS and for the functions
 * that act on the current context), and the entry points that act on it.
 */
#pragma once

#include <EGL/egl.h>

struct egl_context;

/* This thread's current context, or NULL. Under egl_lock() when the result is
 * dereferenced. */
struct egl_context *egl_current_context(void);

EGLBoolean EGLAPIENTRY vegl_MakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read,
					EGLContext ctx);
EGLBoolean EGLAPIENTRY vegl_ReleaseThread(void);
EGLBoolean EGLAPIENTRY vegl_BindAPI(EGLenum api);
EGLBoolean EGLAPIENTRY vegl_WaitClient(void);
EGLBoolean EGLAPIENTRY vegl_WaitGL(void);
EGLBoolean EGLAPIENTRY vegl_WaitNative(EGLint engine);
EGLBoolean EGLAPIENTRY vegl_SwapBuffers(EGLDisplay dpy, EGLSurface surface);
EGLBoolean EGLAPIENTRY vegl_SwapInterval(EGLDisplay dpy, EGLint interval);
EGLBoolean EGLAPIENTRY vegl_SwapBuffersWithDamageKHR(EGLDisplay dpy, EGLSurface surface,
						     const EGLint *rects, EGLint n_rects);
