/* SPDX-License-Identifier: MIT */
/*
 * The keeper: a small process between virtgl and its private
 * virgl_test_server that ties the server's life to the client's.
 *
 * The client forks the keeper and keeps one end of a "lifetime" socket pair;
 * the keeper forks the server and watches the other end. The kernel closes
 * the client's end however the client ends (exit, crash, SIGKILL), so the
 * keeper sees end-of-file and stops the server. The server itself carries
 * PR_SET_PDEATHSIG against the keeper, so killing the keeper kills it too.
 *
 * Why not PR_SET_PDEATHSIG straight from the client: the death signal fires
 * when the *thread* that forked exits, and the client forks from whichever
 * thread calls eglInitialize (often a worker that ends long before the
 * process). The keeper is single-threaded, so there it means the process.
 */
#pragma once

#include <sys/types.h>

struct vdrm_vtest_keeper_plan {
	const char *binary;
	char *const *argv;
	char *const *envp;
	int null_fd;        /* the server's stdin */
	int log_fd;         /* the server's stdout and stderr */
	const char *socket; /* removed, with log and dir, when the keeper stops it */
	const char *log;
	const char *dir;
};

/* A byte the client writes before closing its end: keep the log. */
#define VDRM_VTEST_KEEPER_KEEP_LOG 'k'

/* Forks the keeper (which forks the server). 0, or an errno value. */
int vdrm_vtest_keeper_start(const struct vdrm_vtest_keeper_plan *plan, pid_t *keeper,
			    int *life_fd);
