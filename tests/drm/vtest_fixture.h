/* SPDX-License-Identifier: MIT */
/*
 * A real virgl_test_server for a test suite, on a private socket, in its own
 * process group (the server forks a child per client; killing the group kills
 * the child serving us too, which is how "the host died" is simulated).
 */
#pragma once

#include <sys/types.h>

struct vtest_fixture {
	pid_t pid;
	char dir[64];
	char socket[128];
	char log[128];
};

/* 0 on success; on failure a message is printed and -1 returned. */
int vtest_fixture_start(struct vtest_fixture *f);
/* SIGKILL to the whole group: every connection drops at once. */
void vtest_fixture_kill(struct vtest_fixture *f);
void vtest_fixture_stop(struct vtest_fixture *f);
/* sig to the whole group (SIGSTOP: a host that stalls; SIGCONT resumes it). */
void vtest_fixture_signal(struct vtest_fixture *f, int sig);
/* The server's stderr, for a suite that failed. */
void vtest_fixture_print_log(const struct vtest_fixture *f);
