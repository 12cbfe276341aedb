/* SPDX-License-Identifier: MIT */
/*
 * EGL sync objects: EGL_KHR_fence_sync, EGL_KHR_wait_sync,
 * EGL_ANDROID_native_fence_sync and their EGL 1.5 core forms. Each holds a
 * vgl_fence, a point on the device's one timeline.
 */
#pragma once

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "egl_object.h"

struct egl_display;
struct vgl_fence;

struct egl_sync {
	struct egl_object obj;          /* first: the handle; list, display, refs */
	EGLenum type;                  /* EGL_SYNC_FENCE or EGL_SYNC_NATIVE_FENCE_ANDROID */
	EGLenum condition;
	struct vgl_fence *fence;
};


EGLSync EGLAPIENTRY vegl_CreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attribs);
EGLSyncKHR EGLAPIENTRY vegl_CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attribs);
EGLBoolean EGLAPIENTRY vegl_DestroySync(EGLDisplay dpy, EGLSync sync);
EGLint EGLAPIENTRY vegl_ClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags,
				       EGLTime timeout);
EGLBoolean EGLAPIENTRY vegl_GetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attribute,
					  EGLAttrib *value);
EGLBoolean EGLAPIENTRY vegl_GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute,
					     EGLint *value);
EGLBoolean EGLAPIENTRY vegl_WaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags);
EGLint EGLAPIENTRY vegl_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags);
EGLint EGLAPIENTRY vegl_DupNativeFenceFDANDROID(EGLDisplay dpy, EGLSyncKHR sync);
