/* SPDX-License-Identifier: MIT */
#include "vdrm_wait.h"

#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdlib.h>
#include <time.h>

#include "vdrm_result.h"

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/* now + timeout without overflow; INT64_MAX for ever. */
static int64_t deadline_of(int64_t timeout_ns)
{
	int64_t now = now_ns();

	return timeout_ns < 0 || timeout_ns > INT64_MAX - now ? INT64_MAX : now + timeout_ns;
}

/* One slice: at most a heartbeat, at most what is left. */
static int slice_ms(int64_t deadline)
{
	int64_t left = deadline - now_ns();

	if (left <= 0)
		return 0;
	if (left >= (int64_t)VDRM_HEARTBEAT_MS * 1000000)
		return VDRM_HEARTBEAT_MS;
	return (int)((left + 999999) / 1000000);
}

static int poll_once(const struct vdrm_wait_fd *w, int ms)
{
	struct pollfd p[2] = { { .fd = w->fd, .events = POLLIN },
			       { .fd = w->hangup_fd, .events = POLLRDHUP } };
	int r;

	do {
		r = poll(p, w->hangup_fd >= 0 ? 2 : 1, ms);
	} while (r < 0 && errno == EINTR);
	if (r < 0)
		return VDRM_ERROR_IO;
	if (p[0].revents & POLLIN)
		return VDRM_OK;
	if (w->hangup_fd >= 0 && p[1].revents)
		return VDRM_ERROR_DEVICE_LOST;
	/* POLLERR / POLLNVAL on the fence: it can never signal */
	return r == 0 ? VDRM_ERROR_TIMEOUT : VDRM_ERROR_IO;
}

int vdrm_wait_fd(const struct vdrm_wait_fd *w, int64_t timeout_ns)
{
	int64_t deadline = deadline_of(timeout_ns);
	int ret;

	for (;;) {
		ret = poll_once(w, slice_ms(deadline));
		if (ret != VDRM_ERROR_TIMEOUT || now_ns() >= deadline)
			return ret;
		if (w->ping && (ret = w->ping(w->arg)))
			return ret;
	}
}

uint32_t vdrm_host_timeout_ms(uint32_t fallback, bool *bad)
{
	const char *s = getenv("VIRTGL_HOST_TIMEOUT_MS");
	char *end;
	long long v;

	*bad = false;
	if (!s || !*s)
		return fallback;
	errno = 0;
	v = strtoll(s, &end, 10);
	if (errno || *end || v < 1 || v > INT32_MAX) {
		*bad = true;
		return fallback;
	}
	return (uint32_t)v;
}
