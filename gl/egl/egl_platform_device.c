/* SPDX-License-Identifier: MIT */
/*
 * EGL_EXT_platform_device: the display of virtgl's one EGLDeviceEXT; no
 * native windows, like the surfaceless platform.
 */
#include "egl_device.h"
#include "egl_display.h"
#include "egl_platform.h"

static struct egl_display the_display = { .platform = &egl_platform_device };

static struct egl_display *device_get_display(void *native, const EGLAttrib *attribs,
					      EGLint *error)
{
	if (native != egl_device_handle()) {
		*error = EGL_BAD_PARAMETER;
		return NULL;
	}
	if (!egl_display_attribs_empty(attribs, error))
		return NULL;
	return egl_display_register(&the_display);
}

const struct egl_platform egl_platform_device = {
	.platform = EGL_PLATFORM_DEVICE_EXT,
	.name = "device",
	.get_display = device_get_display,
};
