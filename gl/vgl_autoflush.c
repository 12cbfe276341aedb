/* SPDX-License-Identifier: MIT */
#include "vgl_autoflush.h"

#include <errno.h>
#include <stdlib.h>
#include <time.h>

/* Chosen by bench/gles (README "Pipelining"): see vgl_autoflush.h. */
#define DEFAULT_KB 256u
#define DEFAULT_DRAWS 0u
#define DEFAULT_US 0u

/* The clock is read every this many draws: a draw costs far less than the
 * time limit, and reading it every draw would be a tenth of a tiny draw. */
#define CLOCK_EVERY 16u

/* The variable's value when it is a whole number <= max, else `def`. */
static uint64_t env_number(const char *name, uint64_t def, uint64_t max)
{
	const char *s = getenv(name);
	unsigned long long v;
	char *end;

	if (!s || !*s)
		return def;
	errno = 0;
	v = strtoull(s, &end, 10);
	if (errno || *end || s[0] == '-' || v > max)
		return def;
	return v;
}

void vgl_flush_limits_from_env(struct vgl_flush_limits *l)
{
	/* KiB -> dwords stays in 32 bits; a day of microseconds is plenty */
	l->dwords = (uint32_t)env_number("VIRTGL_FLUSH_KB", DEFAULT_KB, UINT32_MAX / 256) * 256u;
	l->draws = (uint32_t)env_number("VIRTGL_FLUSH_DRAWS", DEFAULT_DRAWS, UINT32_MAX);
	l->ns = env_number("VIRTGL_FLUSH_US", DEFAULT_US, 86400ull * 1000000) * 1000u;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

bool vgl_flush_time_due(const struct vgl_flush_limits *l, struct vgl_flush_count *c)
{
	if (c->draws == 1) {
		c->start_ns = now_ns();
		return false;
	}
	return c->draws % CLOCK_EVERY == 0 && now_ns() - c->start_ns >= l->ns;
}
