/* SPDX-License-Identifier: MIT */
/*
 * Result codes of the drm/ layer. Every function that can fail returns one of
 * these (0 = success, negative = failure) and, where it has an object to keep
 * it in, stores a human-readable message next to it (vdrm_device_error()).
 */
#pragma once

enum vdrm_result {
	VDRM_OK = 0,
	VDRM_ERROR_OUT_OF_MEMORY = -1,
	VDRM_ERROR_INVALID_ARGUMENT = -2, /* rejected before anything was sent */
	VDRM_ERROR_DEVICE_LOST = -3,      /* host gone, dropped us, or stopped answering */
	VDRM_ERROR_TIMEOUT = -4,          /* a wait ran out; the device is fine */
	VDRM_ERROR_NO_DEVICE = -5,        /* no virtio_gpu node / no vtest server */
	VDRM_ERROR_UNSUPPORTED = -6,      /* the host or transport lacks the feature */
	VDRM_ERROR_IO = -7,               /* a system call failed for another reason */
};

/* "VDRM_ERROR_DEVICE_LOST" etc.; never NULL. */
const char *vdrm_result_name(int result);

/* A message buffer for calls that fail before an object exists. */
struct vdrm_error {
	int code;
	char message[256];
};

/* printf-style: sets err->code and err->message (err may be NULL). Returns code. */
int vdrm_error_set(struct vdrm_error *err, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
