/* SPDX-License-Identifier: MIT */
#include <stdarg.h>
#include <stdio.h>

#include "vdrm_transport.h"

int vdrm_transport_fail(struct vdrm_transport *t, int code, const char *fmt, ...)
{
	va_list ap;

	t->error.code = code;
	va_start(ap, fmt);
	vsnprintf(t->error.message, sizeof(t->error.message), fmt, ap);
	va_end(ap);
	/* Lost is forever: the host context is gone or poisoned (a new device
	 * must be opened), so every later call reports it at once. */
	if (code == VDRM_ERROR_DEVICE_LOST && !t->lost) {
		__atomic_store_n(&t->lost, true, __ATOMIC_RELEASE);
		if (t->ops->lost)
			t->ops->lost(t);
	}
	return code;
}
