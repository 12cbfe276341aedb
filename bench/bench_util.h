/* SPDX-License-Identifier: MIT */
/* Small helpers shared by the benchmarks: a clock, sample statistics, memory. */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* CLOCK_MONOTONIC in nanoseconds. */
uint64_t bench_now_ns(void);

/* Sorts samples[0..n) in place and returns their median and 90th percentile
 * (nearest rank); both 0 when n is 0. */
void bench_stats(double *samples, size_t n, double *median, double *p90);

/* Peak resident set size of this process in KiB, -1 if unknown. */
long bench_peak_rss_kb(void);
