/* SPDX-License-Identifier: MIT */
/*
 * What the reliability suites read of processes in /proc: open fds and
 * resident memory (leak figures), parents and start times (which
 * virgl_test_server process serves a client, which processes a crashed
 * client left behind), command-line arguments (a spawned server's socket).
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <sys/types.h>

/* Open fds of pid (-1: unreadable). For the calling process the count
 * includes the directory being read, the same one each time. */
long proc_fd_count(pid_t pid);
/* Resident set size in KiB (-1: unreadable). */
long proc_rss_kib(pid_t pid);
/* The parent of a live process; 0 for one that is gone or a zombie. */
pid_t proc_parent(pid_t pid);
/* The live child of parent started last (0: none). */
pid_t proc_newest_child(pid_t parent);
/* Live processes below ancestor, at any depth; up to max pids into out
 * (may be NULL), the count returned. */
int proc_descendants(pid_t ancestor, pid_t *out, int max);
/* The value of the command-line argument "prefix..." of pid, into out. */
bool proc_cmdline_arg(pid_t pid, const char *prefix, char *out, size_t size);
