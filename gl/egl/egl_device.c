/* SPDX-License-Identifier: MIT */
#include "egl_device.h"

#include <errno.h>
#include <string.h>

#include "egl_error.h"
#include "vgl.h"

/* The handle only has to be unique in the process; its contents are unused. */
static const char the_device[] = "virtgl";

EGLDeviceEXT egl_device_handle(void)
{
	return (EGLDeviceEXT)the_device;
}

/* virgl_test_server renders with the host's EGL through libglvnd, and a
 * server virtgl spawned inherits the application's environment, vendor list
 * included. Were virtgl to answer there, it would be its own host and spawn
 * servers without end; so it never serves that process. */
static bool inside_vtest_server(void)
{
	return strcmp(program_invocation_short_name, "virgl_test_server") == 0;
}

bool egl_device_present(void)
{
	return vgl_device_available() && !inside_vtest_server();
}

EGLBoolean EGLAPIENTRY vegl_QueryDevicesEXT(EGLint max, EGLDeviceEXT *devices, EGLint *num)
{
	if (!num || (devices && max <= 0))
		return egl_error(EGL_BAD_PARAMETER);
	*num = 0;
	if (!egl_device_present())
		return egl_success();
	if (devices)
		devices[0] = egl_device_handle();
	*num = 1;
	return egl_success();
}

const char *EGLAPIENTRY vegl_QueryDeviceStringEXT(EGLDeviceEXT dev, EGLint name)
{
	if (dev != egl_device_handle()) {
		egl_error(EGL_BAD_DEVICE_EXT);
		return NULL;
	}
	if (name != EGL_EXTENSIONS) {
		egl_error(EGL_BAD_PARAMETER);
		return NULL;
	}
	egl_success();
	return "";
}

EGLBoolean EGLAPIENTRY vegl_QueryDeviceAttribEXT(EGLDeviceEXT dev, EGLint attribute,
						 EGLAttrib *value)
{
	if (dev != egl_device_handle())
		return egl_error(EGL_BAD_DEVICE_EXT);
	/* no device extension defines an attribute we have */
	return egl_error(EGL_BAD_ATTRIBUTE);
}
