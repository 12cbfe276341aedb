/* SPDX-License-Identifier: MIT */
/*
 * EGL_EXT_device_base / device_enumeration / device_query: virtgl has one
 * device, the virtio-gpu (or the vtest server standing in for it), listed
 * only when it is available so other vendors' devices are not shadowed.
 */
#pragma once

#include <stdbool.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

EGLDeviceEXT egl_device_handle(void);
/* Whether virtgl serves this process: a device is available, and the process
 * is not a virgl_test_server (see egl_device.c). */
bool egl_device_present(void);

EGLBoolean EGLAPIENTRY vegl_QueryDevicesEXT(EGLint max, EGLDeviceEXT *devices, EGLint *num);
const char *EGLAPIENTRY vegl_QueryDeviceStringEXT(EGLDeviceEXT dev, EGLint name);
EGLBoolean EGLAPIENTRY vegl_QueryDeviceAttribEXT(EGLDeviceEXT dev, EGLint attribute,
						 EGLAttrib *value);
