/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "vdrm_vtest_server.h"

extern char **environ;

/* Process-wide by nature: one child process serves every device. */
static struct {
	pthread_mutex_t lock;
	unsigned refs;
	pid_t pid;
	char dir[64];
	char socket[96];
} server = { .lock = PTHREAD_MUTEX_INITIALIZER };

#define SERVER_START_TIMEOUT_MS 10000

/* VIRTGL_VTEST_SERVER, else virgl_test_server on PATH. */
static int find_server_binary(char *out, size_t size)
{
	const char *env = getenv("VIRTGL_VTEST_SERVER");
	const char *path = getenv("PATH");
	char dirs[4096];

	if (env && *env) {
		snprintf(out, size, "%s", env);
		return access(out, X_OK) == 0 ? 0 : -1;
	}
	snprintf(dirs, sizeof(dirs), "%s", path && *path ? path : "/usr/bin:/bin");
	for (char *save, *d = strtok_r(dirs, ":", &save); d; d = strtok_r(NULL, ":", &save)) {
		snprintf(out, size, "%s/virgl_test_server", d);
		if (access(out, X_OK) == 0)
			return 0;
	}
	return -1;
}

static bool socket_answers(const char *path)
{
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	bool ok;

	snprintf(un.sun_path, sizeof(un.sun_path), "%s", path);
	ok = fd >= 0 && connect(fd, (struct sockaddr *)&un, sizeof(un)) == 0;
	if (fd >= 0)
		close(fd);
	return ok;
}

/* The server needs a moment to create its socket; it may also die at once
 * (no EGL, bad options), which must not be waited out. */
static int wait_for_socket(struct vdrm_error *err)
{
	struct timespec nap = { 0, 5 * 1000 * 1000 };

	for (int waited = 0; waited < SERVER_START_TIMEOUT_MS; waited += 5) {
		int status;

		if (socket_answers(server.socket))
			return VDRM_OK;
		if (waitpid(server.pid, &status, WNOHANG) == server.pid) {
			server.pid = 0;
			return vdrm_error_set(err, VDRM_ERROR_NO_DEVICE,
					      "virgl_test_server exited at start (status %d)",
					      status);
		}
		nanosleep(&nap, NULL);
	}
	return vdrm_error_set(err, VDRM_ERROR_NO_DEVICE,
			      "virgl_test_server did not open %s within %d ms",
			      server.socket, SERVER_START_TIMEOUT_MS);
}

static void stop_server(void)
{
	if (server.pid > 0) {
		kill(server.pid, SIGTERM);
		waitpid(server.pid, NULL, 0);
	}
	server.pid = 0;
	unlink(server.socket);
	rmdir(server.dir);
}

static bool debug_server(void)
{
	const char *d = getenv("VIRTGL_DEBUG");

	return d && strstr(d, "server");
}

/* The server renders with the host's GL through libglvnd. An application
 * that points libglvnd at virtgl (__EGL_VENDOR_LIBRARY_FILENAMES, as the
 * tests and the demo do) must not hand that choice to the server, or the
 * server would load virtgl and start servers of its own; nor do our
 * VIRTGL_* settings concern it. Everything else (VTEST_SAVE, DISPLAY, ...)
 * passes through. */
static bool env_for_server(const char *entry)
{
	static const char *const dropped[] = {
		"__EGL_VENDOR_LIBRARY_FILENAMES=", "__EGL_VENDOR_LIBRARY_DIRS=", "VIRTGL_",
	};

	for (unsigned i = 0; i < sizeof(dropped) / sizeof(dropped[0]); i++)
		if (!strncmp(entry, dropped[i], strlen(dropped[i])))
			return false;
	return true;
}

/* A malloc'ed array of environ's own strings (NULL: out of memory). */
static char **server_environment(void)
{
	size_t n = 0, k = 0;
	char **env;

	while (environ[n])
		n++;
	env = calloc(n + 1, sizeof(*env));
	for (size_t i = 0; env && i < n; i++)
		if (env_for_server(environ[i]))
			env[k++] = environ[i];
	return env;
}

static int spawn_server(const char *binary, struct vdrm_error *err)
{
	char sock_arg[128];
	char *argv[] = { (char *)binary, "--use-egl-surfaceless", sock_arg, NULL };
	posix_spawn_file_actions_t fa;
	char **env;
	int ret;

	snprintf(server.dir, sizeof(server.dir), "/tmp/virtgl-vtest-XXXXXX");
	if (!mkdtemp(server.dir))
		return vdrm_error_set(err, VDRM_ERROR_IO, "mkdtemp: %s", strerror(errno));
	snprintf(server.socket, sizeof(server.socket), "%s/vtest.sock", server.dir);
	/* "=" is required: with a space the path becomes the replay file */
	snprintf(sock_arg, sizeof(sock_arg), "--socket-path=%s", server.socket);
	posix_spawn_file_actions_init(&fa);
	posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
	posix_spawn_file_actions_addopen(&fa, 1, "/dev/null", O_WRONLY, 0);
	/* its stderr is noise for users (every closed client is "client
	 * failed"); VIRTGL_DEBUG=server keeps it for host-side errors */
	if (!debug_server())
		posix_spawn_file_actions_addopen(&fa, 2, "/dev/null", O_WRONLY, 0);
	env = server_environment();
	ret = env ? posix_spawn(&server.pid, binary, &fa, NULL, argv, env) : ENOMEM;
	free(env);
	posix_spawn_file_actions_destroy(&fa);
	if (ret) {
		rmdir(server.dir);
		return vdrm_error_set(err, VDRM_ERROR_NO_DEVICE, "cannot start %s: %s",
				      binary, strerror(ret));
	}
	ret = wait_for_socket(err);
	if (ret)
		stop_server();
	return ret;
}

static int start_server(struct vdrm_error *err)
{
	char binary[512];

	if (find_server_binary(binary, sizeof(binary)))
		return vdrm_error_set(err, VDRM_ERROR_NO_DEVICE,
				      "no vtest server answers and virgl_test_server is not "
				      "installed: install the Debian package virgl-server, or "
				      "run in a VM with virtio-vga-gl");
	return spawn_server(binary, err);
}

/* An application may exit with devices still open (no eglTerminate, or
 * exit() with a context current): the server must not outlive it as an
 * orphan with its socket directory left in /tmp. glibc runs a shared
 * object's atexit handlers at exit and at dlclose, so this never runs
 * after the library is gone. (A crash still leaves the server running;
 * tying it to the parent with PR_SET_PDEATHSIG would also stop it when
 * the spawning *thread* ends, which a worker thread may well do.) */
static void stop_at_exit(void)
{
	if (server.pid > 0)
		stop_server();
}

static void register_exit_hook(void)
{
	static bool registered;

	if (!registered)
		registered = atexit(stop_at_exit) == 0;
}

int vdrm_vtest_server_acquire(char *socket_path, size_t size, struct vdrm_error *err)
{
	int ret = VDRM_OK;

	pthread_mutex_lock(&server.lock);
	register_exit_hook();
	if (server.refs == 0)
		ret = start_server(err);
	if (ret == VDRM_OK) {
		server.refs++;
		snprintf(socket_path, size, "%s", server.socket);
	}
	pthread_mutex_unlock(&server.lock);
	return ret;
}

void vdrm_vtest_server_release(void)
{
	pthread_mutex_lock(&server.lock);
	if (server.refs && --server.refs == 0)
		stop_server();
	pthread_mutex_unlock(&server.lock);
}
