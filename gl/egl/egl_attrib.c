/* SPDX-License-Identifier: MIT */
#include "egl_attrib.h"

#include "egl_display.h"
#include "egl_error.h"

bool egl_attribs_next(struct egl_attribs *it, EGLint *name, EGLAttrib *value)
{
	if (it->ints) {
		if (it->ints[it->pos] == EGL_NONE)
			return false;
		*name = it->ints[it->pos];
		*value = it->ints[it->pos + 1];
	} else if (it->wide) {
		if (it->wide[it->pos] == EGL_NONE)
			return false;
		*name = (EGLint)it->wide[it->pos];
		*value = it->wide[it->pos + 1];
	} else {
		return false;
	}
	it->pos += 2;
	return true;
}

EGLBoolean egl_query_finish(struct egl_display *d, EGLint err, EGLint v, EGLint *value)
{
	if (err == EGL_SUCCESS && !value)
		err = EGL_BAD_PARAMETER;
	else if (err == EGL_SUCCESS)
		*value = v;
	egl_display_release(d);
	return err == EGL_SUCCESS ? egl_success() : egl_error(err);
}
