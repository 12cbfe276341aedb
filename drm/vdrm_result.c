/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>

#include "vdrm_result.h"

const char *vdrm_result_name(int result)
{
	switch (result) {
	case VDRM_OK: return "VDRM_OK";
	case VDRM_ERROR_OUT_OF_MEMORY: return "VDRM_ERROR_OUT_OF_MEMORY";
	case VDRM_ERROR_INVALID_ARGUMENT: return "VDRM_ERROR_INVALID_ARGUMENT";
	case VDRM_ERROR_DEVICE_LOST: return "VDRM_ERROR_DEVICE_LOST";
	case VDRM_ERROR_TIMEOUT: return "VDRM_ERROR_TIMEOUT";
	case VDRM_ERROR_NO_DEVICE: return "VDRM_ERROR_NO_DEVICE";
	case VDRM_ERROR_UNSUPPORTED: return "VDRM_ERROR_UNSUPPORTED";
	case VDRM_ERROR_IO: return "VDRM_ERROR_IO";
	}
	return "VDRM_ERROR_UNKNOWN";
}

int vdrm_error_set(struct vdrm_error *err, int code, const char *fmt, ...)
{
	va_list ap;

	if (!err)
		return code;
	err->code = code;
	va_start(ap, fmt);
	vsnprintf(err->message, sizeof(err->message), fmt, ap);
	va_end(ap);
	return code;
}
