/* SPDX-License-Identifier: MIT */
/*
 * The libglvnd vendor interface: __egl_Main (the library's one export) fills
 * libglvnd's import table; libglvnd's export table is kept for the dispatch
 * stubs and for the current client API.
 */
#pragma once

#include <glvnd/libeglabi.h>

/* libglvnd's table, or NULL before __egl_Main. */
const __EGLapiExports *egl_exports(void);
/* The API eglBindAPI selected on this thread (EGL_OPENGL_ES_API by default). */
EGLenum egl_current_api(void);
/* An EGL function of ours by name (core and extension), or NULL. */
void *egl_proc_address(const char *name);
