/* SPDX-License-Identifier: MIT */
#include "egl_error.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgl.h"

static __thread EGLint thread_error = EGL_SUCCESS;

EGLBoolean egl_error(EGLint code)
{
	thread_error = code;
	return EGL_FALSE;
}

EGLBoolean egl_success(void)
{
	thread_error = EGL_SUCCESS;
	return EGL_TRUE;
}

EGLint egl_error_from_vgl(int vgl_result)
{
	switch (vgl_result) {
	case VGL_OK:
		return EGL_SUCCESS;
	case VGL_ERROR_NO_DEVICE:
		return EGL_NOT_INITIALIZED;
	case VGL_ERROR_BAD_ATTRIBUTE:
		return EGL_BAD_MATCH;
	case VGL_ERROR_DEVICE_LOST:
		return EGL_CONTEXT_LOST;
	case VGL_ERROR_BAD_ACCESS:
		return EGL_BAD_ACCESS;
	case VGL_ERROR_BAD_PARAMETER:
		return EGL_BAD_PARAMETER;
	case VGL_ERROR_BAD_MATCH:
		return EGL_BAD_MATCH;
	case VGL_ERROR_OUT_OF_MEMORY:
	default:
		/* an unknown failure is reported as the resource error EGL has */
		return EGL_BAD_ALLOC;
	}
}

EGLBoolean egl_vgl_result(int vgl_result)
{
	if (vgl_result == VGL_OK)
		return egl_success();
	return egl_error(egl_error_from_vgl(vgl_result));
}

EGLint EGLAPIENTRY vegl_GetError(void)
{
	EGLint e = thread_error;

	thread_error = EGL_SUCCESS;
	return e;
}

static bool debug_egl(void)
{
	const char *d = getenv("VIRTGL_DEBUG");

	for (const char *p = d ? strstr(d, "egl") : NULL; p; p = strstr(p + 3, "egl"))
		if ((p == d || p[-1] == ',') && (p[3] == ',' || p[3] == 0))
			return true;
	return false;
}

void egl_vdebug(const char *scope, const char *fmt, va_list ap)
{
	if (!debug_egl())
		return;
	fprintf(stderr, "virtgl: %s: ", scope);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
}

void egl_debug(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	egl_vdebug("egl", fmt, ap);
	va_end(ap);
}
