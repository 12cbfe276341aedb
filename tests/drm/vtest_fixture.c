/* SPDX-License-Identifier: MIT */
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "vtest_fixture.h"

extern char **environ;

static int socket_ready(const char *path)
{
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	int ok;

	if (strlen(path) >= sizeof(un.sun_path))
		return 0;
	memcpy(un.sun_path, path, strlen(path) + 1);
	ok = fd >= 0 && connect(fd, (struct sockaddr *)&un, sizeof(un)) == 0;
	if (fd >= 0)
		close(fd);
	return ok;
}

static int spawn(struct vtest_fixture *f)
{
	char arg[160];
	char *argv[] = { "virgl_test_server", "--use-egl-surfaceless", arg, NULL };
	posix_spawnattr_t attr;
	posix_spawn_file_actions_t fa;
	int ret;

	snprintf(arg, sizeof(arg), "--socket-path=%s", f->socket);
	posix_spawnattr_init(&attr);
	posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
	posix_spawnattr_setpgroup(&attr, 0);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	/* the server's messages go to a log that a failing suite prints */
	posix_spawn_file_actions_addopen(&fa, 2, f->log, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	ret = posix_spawnp(&f->pid, argv[0], &fa, &attr, argv, environ);
	posix_spawn_file_actions_destroy(&fa);
	posix_spawnattr_destroy(&attr);
	if (ret)
		fprintf(stderr, "vtest fixture: cannot start virgl_test_server (%s): "
			"install the Debian package virgl-server\n", strerror(ret));
	return ret ? -1 : 0;
}

int vtest_fixture_start(struct vtest_fixture *f)
{
	struct timespec nap = { 0, 10 * 1000 * 1000 };

	memset(f, 0, sizeof(*f));
	snprintf(f->dir, sizeof(f->dir), "/tmp/virtgl-test-XXXXXX");
	if (!mkdtemp(f->dir))
		return -1;
	snprintf(f->socket, sizeof(f->socket), "%s/vtest.sock", f->dir);
	snprintf(f->log, sizeof(f->log), "%s/server.log", f->dir);
	if (spawn(f))
		return -1;
	for (int i = 0; i < 1000; i++) {
		if (socket_ready(f->socket))
			return 0;
		if (waitpid(f->pid, NULL, WNOHANG) == f->pid) {
			fprintf(stderr, "vtest fixture: virgl_test_server exited at start\n");
			f->pid = 0;
			return -1;
		}
		nanosleep(&nap, NULL);
	}
	fprintf(stderr, "vtest fixture: no socket at %s after 10 s\n", f->socket);
	vtest_fixture_stop(f);
	return -1;
}

void vtest_fixture_kill(struct vtest_fixture *f)
{
	if (f->pid > 0) {
		kill(-f->pid, SIGKILL);
		waitpid(f->pid, NULL, 0);
	}
	f->pid = 0;
}

void vtest_fixture_signal(struct vtest_fixture *f, int sig)
{
	if (f->pid > 0)
		kill(-f->pid, sig);
}

void vtest_fixture_stop(struct vtest_fixture *f)
{
	/* a stopped group would never see SIGTERM */
	vtest_fixture_signal(f, SIGCONT);
	if (f->pid > 0) {
		kill(-f->pid, SIGTERM);
		waitpid(f->pid, NULL, 0);
	}
	f->pid = 0;
	unlink(f->socket);
	unlink(f->log);
	rmdir(f->dir);
}

void vtest_fixture_print_log(const struct vtest_fixture *f)
{
	char line[512];
	FILE *log = fopen(f->log, "r");

	if (!log)
		return;
	fprintf(stderr, "--- virgl_test_server log (%s):\n", f->log);
	while (fgets(line, sizeof(line), log))
		fputs(line, stderr);
	fclose(log);
}
