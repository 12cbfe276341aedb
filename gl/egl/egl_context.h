/* SPDX-License-Identifier: MIT */
/*
 * EGL contexts: OpenGL ES 2.0 and 3.0 (EGL_KHR_create_context), with or
 * without a config (EGL_KHR_no_config_context). Each wraps a vgl_context.
 *
 * Versions: the GL core implements 2.0, 3.0, 3.1 and 3.2 (3.1 and 3.2 where
 * the host has what they need: vgl_context.c). KHR_create_context lets an
 * implementation return a *later* compatible version than asked for, never
 * an earlier one, so a version the host lacks (and 1.x, 2.1+, 3.3+, 4+) is
 * EGL_BAD_MATCH rather than silently given a lower one. A 2.0
 * request is given 3.0 (the later compatible version, as Mesa does) when the
 * config renders ES 3, and EGL_CONTEXT_CLIENT_VERSION then reports 3. The
 * default (no version attribute) is 1.0, which is EGL_BAD_MATCH as well. Debug
 * contexts are accepted; robust access is EGL_BAD_MATCH (not implemented).
 */
#pragma once

#include <stdbool.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "egl_object.h"

struct egl_config;
struct egl_display;
struct egl_surface;
struct vgl_context;

struct egl_context {
	struct egl_object obj;          /* first: the handle; list, display, refs */
	const struct egl_config *config; /* NULL: EGL_NO_CONFIG_KHR */
	struct vgl_context *vgl;
	EGLint major, minor;
	bool lose_on_reset;            /* EGL_LOSE_CONTEXT_ON_RESET (vgl_robustness.h) */
	bool current;                  /* bound to some thread */
	struct egl_surface *draw, *read; /* while current; referenced */
};

/* All under egl_lock(). lookup records no error. */
struct egl_context *egl_context_lookup(struct egl_display *d, EGLContext handle);

EGLContext EGLAPIENTRY vegl_CreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share,
					  const EGLint *attribs);
EGLBoolean EGLAPIENTRY vegl_DestroyContext(EGLDisplay dpy, EGLContext ctx);
EGLBoolean EGLAPIENTRY vegl_QueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attribute,
					 EGLint *value);
