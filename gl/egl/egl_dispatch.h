/* SPDX-License-Identifier: MIT */
/*
 * Dispatch stubs for the EGL extension functions we implement that libglvnd
 * does not dispatch itself (EGL_KHR_fence_sync, EGL_KHR_wait_sync,
 * EGL_ANDROID_native_fence_sync, EGL_EXT_device_query). eglGetProcAddress
 * hands the application our stub; the stub finds the vendor that owns the
 * display (or device) through libglvnd and calls that vendor's function, so
 * it is correct even when the display is another vendor's.
 */
#pragma once

/* __EGLapiImports::getDispatchAddress / setDispatchIndex. */
void *egl_dispatch_address(const char *name);
void egl_dispatch_set_index(const char *name, int index);
