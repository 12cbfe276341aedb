/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <sys/resource.h>
#include <time.h>

#include "bench_util.h"

uint64_t bench_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static int compare_doubles(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void bench_stats(double *samples, size_t n, double *median, double *p90)
{
	if (n == 0) {
		*median = *p90 = 0;
		return;
	}
	qsort(samples, n, sizeof(*samples), compare_doubles);
	*median = n % 2 ? samples[n / 2] : (samples[n / 2 - 1] + samples[n / 2]) / 2;
	/* nearest rank: the ceil(0.9 n)-th smallest sample */
	*p90 = samples[(9 * n + 9) / 10 - 1];
}

long bench_peak_rss_kb(void)
{
	struct rusage ru;

	if (getrusage(RUSAGE_SELF, &ru) != 0)
		return -1;
	return ru.ru_maxrss; /* KiB on Linux */
}
