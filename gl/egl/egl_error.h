/* SPDX-License-Identifier: MIT */
/*
 * EGL's per-thread error. libglvnd calls setLastVendor before it dispatches a
 * display or context function to us, and then answers eglGetError from our
 * eglGetError: so every entry point records its outcome here, success
 * included (EGL: "the error is reset to EGL_SUCCESS by each call").
 */
#pragma once

#include <stdarg.h>

#include <EGL/egl.h>

/* Records code for this thread; returns EGL_FALSE so failures read
 * `return egl_error(EGL_BAD_MATCH);`. */
EGLBoolean egl_error(EGLint code);
/* Records EGL_SUCCESS; returns EGL_TRUE. */
EGLBoolean egl_success(void);
/* A vgl_result (gl/vgl.h) as the EGL error that best describes it. */
EGLint egl_error_from_vgl(int vgl_result);
/* Records the EGL error for a vgl_result; EGL_TRUE only for VGL_OK. */
EGLBoolean egl_vgl_result(int vgl_result);

EGLint EGLAPIENTRY vegl_GetError(void);

/* With VIRTGL_DEBUG=egl (one word of the comma-separated list): a line on
 * stderr saying why virtgl declines a display or fails a platform call,
 * which EGL's error codes alone cannot say. */
void egl_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* The same under another scope word ("virtgl: SCOPE: ..."). */
void egl_vdebug(const char *scope, const char *fmt, va_list ap);
