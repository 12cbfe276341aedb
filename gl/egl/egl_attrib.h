/* SPDX-License-Identifier: MIT */
/*
 * Attribute lists come in two widths: EGLint (EGL 1.0-1.4 and the KHR
 * extensions) and EGLAttrib (EGL 1.5). Parsers read both through this one
 * iterator so each rule is written once.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>

#include <EGL/egl.h>

struct egl_attribs {
	const EGLint *ints;
	const EGLAttrib *wide;
	size_t pos;
};

static inline struct egl_attribs egl_attribs_int(const EGLint *list)
{
	return (struct egl_attribs){ .ints = list };
}

static inline struct egl_attribs egl_attribs_wide(const EGLAttrib *list)
{
	return (struct egl_attribs){ .wide = list };
}

/* The next (name, value) pair; false at EGL_NONE or for a NULL list. */
bool egl_attribs_next(struct egl_attribs *it, EGLint *name, EGLAttrib *value);

struct egl_display;

/* The end of eglQueryContext/eglQuerySurface/eglGetConfigAttrib: with err
 * EGL_SUCCESS stores v in *value (EGL_BAD_PARAMETER if value is NULL), then
 * releases d and records the outcome. */
EGLBoolean egl_query_finish(struct egl_display *d, EGLint err, EGLint v, EGLint *value);
