/* SPDX-License-Identifier: MIT */
#include "egl_device.h"

#include <errno.h>
#include <pthread.h>
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

/* The device's DRM nodes ("" on vtest, which has none), asked of the
 * process's device once: an EGLDeviceEXT needs no display. */
static char card_node[64], render_node[64];
static pthread_once_t nodes_once = PTHREAD_ONCE_INIT;

static void read_nodes(void)
{
	struct vgl_device *dev;

	if (vgl_device_get(&dev) != VGL_OK)
		return;
	vgl_device_drm_nodes(dev, card_node, render_node);
	vgl_device_put(dev);
}

/* EGL_EXT_device_drm(_render_node): the strings of a DRM device, NULL for
 * names the device has no value for. */
static const char *device_string(EGLint name)
{
	pthread_once(&nodes_once, read_nodes);
	switch (name) {
	case EGL_EXTENSIONS:
		return card_node[0] ? "EGL_EXT_device_drm EGL_EXT_device_drm_render_node" : "";
	case EGL_DRM_DEVICE_FILE_EXT:
		return card_node[0] ? card_node : NULL;
	case EGL_DRM_RENDER_NODE_FILE_EXT:
		return card_node[0] && render_node[0] ? render_node : NULL;
	}
	return NULL;
}

const char *EGLAPIENTRY vegl_QueryDeviceStringEXT(EGLDeviceEXT dev, EGLint name)
{
	const char *s;

	if (dev != egl_device_handle()) {
		egl_error(EGL_BAD_DEVICE_EXT);
		return NULL;
	}
	s = device_string(name);
	if (!s)
		egl_error(EGL_BAD_PARAMETER);
	else
		egl_success();
	return s;
}

EGLBoolean EGLAPIENTRY vegl_QueryDeviceAttribEXT(EGLDeviceEXT dev, EGLint attribute,
						 EGLAttrib *value)
{
	if (dev != egl_device_handle())
		return egl_error(EGL_BAD_DEVICE_EXT);
	/* no device extension defines an attribute we have */
	return egl_error(EGL_BAD_ATTRIBUTE);
}
