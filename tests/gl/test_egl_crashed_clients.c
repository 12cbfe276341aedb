/* SPDX-License-Identifier: MIT */
/*
 * Servers left after crashed clients (issue #14). Each client is an EGL
 * application with no vtest server answering on its socket, so virtgl starts
 * a private virgl_test_server of its own (drm/vdrm_vtest_server.c, through
 * its keeper, drm/vdrm_vtest_keeper.h), draws, and dies mid-work: every
 * other client by the suite's SIGKILL at a random moment, the others by
 * abort() after a random number of frames. The suite is a child subreaper,
 * so whatever a client leaves (its keeper, its server) becomes the suite's:
 * within GONE_WITHIN_MS no process may be left below it, and no server's
 * socket directory in /tmp.
 *
 * VIRTGL_CRASHED_CLIENTS sets the number (the closing figure of the issue
 * takes 100; make check runs DEFAULT_CLIENTS, PARALLEL at a time). vtest
 * only: on DRM nothing is spawned.
 */
#include <GLES2/gl2.h>
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "egl_test_util.h"
#include "proc_util.h"

#define DEFAULT_CLIENTS 20
#define PARALLEL 4
#define GONE_WITHIN_MS 5000
#define READY_WITHIN_MS 30000
#define NOBODY "/tmp/virtgl-test-crash-nobody-listens.sock"

struct client {
	pid_t pid;
	int ready_fd;  /* the client writes its server's directory after its first frame */
	bool aborts;   /* else SIGKILLed */
	char dir[128]; /* its server's socket directory */
};

/* ---- the client ------------------------------------------------------------------------------- */

static void frame(void)
{
	glClearColor(0.0f, 0.5f, 1.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
}

/* The socket directory of the server below this process (keeper, server). */
static bool own_server_dir(char *dir, size_t size)
{
	pid_t below[8];
	char sock[128];
	int n = proc_descendants(getpid(), below, 8);

	for (int i = 0; i < n && i < 8; i++)
		if (proc_cmdline_arg(below[i], "--socket-path=", sock, sizeof(sock)) &&
		    strrchr(sock, '/')) {
			*strrchr(sock, '/') = 0;
			snprintf(dir, size, "%s", sock);
			return true;
		}
	return false;
}

/* Never returns: draws until killed, or aborts after `frames` frames. */
static void run_client(int ready, bool aborts, unsigned frames)
{
	struct rlimit no_core = { 0, 0 };
	char dir[128] = "";
	EGLDisplay dpy;

	setrlimit(RLIMIT_CORE, &no_core); /* abort() is the test, not a bug */
	setenv("VIRTGL_VTEST_SOCKET", NOBODY, 1);
	dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	if (!eglInitialize(dpy, NULL, NULL))
		_exit(2);
	egl_test_make_current(dpy, 2, 16, 16);
	frame();
	/* what the suite checks afterwards: found here, before any abort() */
	if (!own_server_dir(dir, sizeof(dir)) || write(ready, dir, strlen(dir) + 1) < 0)
		_exit(3);
	for (unsigned i = 0;; i++) {
		if (aborts && i == frames)
			abort();
		frame();
	}
}

/* ---- the suite -------------------------------------------------------------------------------- */

static unsigned nr_clients(void)
{
	const char *env = getenv("VIRTGL_CRASHED_CLIENTS");

	return env && atoi(env) > 0 ? (unsigned)atoi(env) : DEFAULT_CLIENTS;
}

static void start_client(struct client *c, bool aborts, unsigned frames)
{
	int p[2];

	ck_assert_int_eq(pipe(p), 0);
	c->aborts = aborts;
	c->pid = fork();
	ck_assert_int_ge(c->pid, 0);
	if (c->pid == 0) {
		close(p[0]);
		run_client(p[1], aborts, frames);
	}
	close(p[1]);
	c->ready_fd = p[0];
}

static void wait_ready(struct client *c)
{
	struct pollfd pfd = { c->ready_fd, POLLIN, 0 };
	ssize_t n = 0;

	if (poll(&pfd, 1, READY_WITHIN_MS) == 1)
		n = read(c->ready_fd, c->dir, sizeof(c->dir) - 1);
	close(c->ready_fd);
	ck_assert_msg(n > 1, "client %d drew no frame on a server of its own", (int)c->pid);
	c->dir[n] = 0;
}

/* Dies by the suite's SIGKILL a moment into its work, or by its abort(). */
static void end_client(struct client *c, unsigned *seed)
{
	int status = 0;

	if (!c->aborts) {
		usleep((useconds_t)(rand_r(seed) % 20000));
		kill(c->pid, SIGKILL);
	}
	ck_assert_int_eq(waitpid(c->pid, &status, 0), c->pid);
	ck_assert_msg(WIFSIGNALED(status) && WTERMSIG(status) == (c->aborts ? SIGABRT : SIGKILL),
		      "client %d: status 0x%x", (int)c->pid, status);
}

static void run_wave(struct client *cs, unsigned n, unsigned first, unsigned *seed)
{
	for (unsigned i = 0; i < n; i++)
		start_client(&cs[i], (first + i) % 2 == 1, (unsigned)rand_r(seed) % 20);
	for (unsigned i = 0; i < n; i++)
		wait_ready(&cs[i]);
	for (unsigned i = 0; i < n; i++)
		end_client(&cs[i], seed);
}

/* Reaps what was handed to the suite; the processes still below it. */
static int left_below(void)
{
	while (waitpid(-1, NULL, WNOHANG) > 0)
		;
	return proc_descendants(getpid(), NULL, 0);
}

static int left_after(int ms)
{
	int left = left_below();

	for (int waited = 0; left && waited < ms; waited += 20) {
		usleep(20 * 1000);
		left = left_below();
	}
	return left;
}

static unsigned dirs_left(const struct client *cs, unsigned n)
{
	unsigned left = 0;
	struct stat st;

	for (unsigned i = 0; i < n; i++)
		left += stat(cs[i].dir, &st) == 0;
	return left;
}

START_TEST(no_server_outlives_its_client)
{
	unsigned n = nr_clients(), seed = 14, dirs;
	struct client *cs = calloc(n, sizeof(*cs));
	struct timespec t0, t1;
	int left;

	ck_assert_ptr_nonnull(cs);
	ck_assert_int_eq(prctl(PR_SET_CHILD_SUBREAPER, 1), 0);
	clock_gettime(CLOCK_MONOTONIC, &t0);
	for (unsigned i = 0; i < n; i += PARALLEL)
		run_wave(cs + i, n - i < PARALLEL ? n - i : PARALLEL, i, &seed);
	left = left_after(GONE_WITHIN_MS);
	dirs = dirs_left(cs, n);
	clock_gettime(CLOCK_MONOTONIC, &t1);
	printf("crashed clients: %u (%u SIGKILL, %u abort), processes left after %d ms: %d, "
	       "socket directories left: %u; %.1f s\n", n, n - n / 2, n / 2, GONE_WITHIN_MS, left,
	       dirs, (double)(t1.tv_sec - t0.tv_sec) + (t1.tv_nsec - t0.tv_nsec) / 1e9);
	fflush(stdout);
	ck_assert_int_eq(left, 0);
	ck_assert_uint_eq(dirs, 0);
	free(cs);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("crashed clients");
	TCase *tc = tcase_create("spawned servers");

	tcase_set_timeout(tc, 600);
	tcase_add_test(tc, no_server_outlives_its_client);
	suite_add_tcase(s, tc);
	return s;
}

const struct egl_test_child egl_test_children[] = { { NULL, NULL } };

int main(int argc, char **argv)
{
	if (egl_test_on_drm()) {
		printf("crashed clients: vtest only (nothing is spawned on DRM)\n");
		return 77;
	}
	return egl_test_main(argc, argv, make_suite);
}
