/* SPDX-License-Identifier: MIT */
/*
 * Waiting on a fence fd without trusting the host to ever answer.
 *
 * A dead host closes its socket (hangup_fd polls POLLRDHUP at once), but a
 * stopped or wedged one just falls silent: its eventfd never fires and the
 * socket stays open. So a long wait is cut into heartbeats: every
 * VDRM_HEARTBEAT_MS without the fence, ping() asks the host for a round trip,
 * which the transport bounds by the host timeout (VIRTGL_HOST_TIMEOUT_MS).
 * A wait on a silent host thus ends within heartbeat + host timeout, however
 * long the caller was willing to wait.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#define VDRM_HEARTBEAT_MS 1000

struct vdrm_wait_fd {
	int fd;                  /* polled for POLLIN */
	int hangup_fd;           /* polled for POLLRDHUP; -1 = none */
	int (*ping)(void *arg);  /* NULL: nothing to ask (DRM) */
	void *arg;
};

/* 0 when fd is readable, VDRM_ERROR_TIMEOUT after timeout_ns (<0: never),
 * DEVICE_LOST on a hang-up or what ping() returned, IO if poll fails. */
int vdrm_wait_fd(const struct vdrm_wait_fd *w, int64_t timeout_ns);
/* Milliseconds of VIRTGL_HOST_TIMEOUT_MS (1..INT32_MAX), else fallback;
 * *bad set when the variable is there but not such a number. */
uint32_t vdrm_host_timeout_ms(uint32_t fallback, bool *bad);
