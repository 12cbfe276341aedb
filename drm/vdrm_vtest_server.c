/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "vdrm_vtest_keeper.h"
#include "vdrm_vtest_server.h"

extern char **environ;

/* Process-wide by nature: one child process serves every device. */
static struct {
	pthread_mutex_t lock;
	unsigned refs;
	pid_t pid;    /* the keeper's: it exits when the server does */
	int life_fd;  /* the lifetime socket's write end */
	char dir[64];
	char socket[96];
	char log[96]; /* the server's stdout and stderr */
} server = { .lock = PTHREAD_MUTEX_INITIALIZER, .life_fd = -1 };

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
					      "virgl_test_server exited at start (code %d); "
					      "its output is in %s",
					      WEXITSTATUS(status), server.log);
		}
		nanosleep(&nap, NULL);
	}
	return vdrm_error_set(err, VDRM_ERROR_NO_DEVICE,
			      "virgl_test_server did not open %s within %d ms; its output is in %s",
			      server.socket, SERVER_START_TIMEOUT_MS, server.log);
}

static bool debug_server(void)
{
	const char *d = getenv("VIRTGL_DEBUG");

	return d && strstr(d, "server");
}

/* Stops the server through its keeper: closing the lifetime socket is the
 * same signal a crashed client gives. A kept log stays in the directory. */
static void stop_server(bool keep_log)
{
	/* a server that ended on its own (crashed, killed) left its last words */
	if (server.pid > 0 && waitpid(server.pid, NULL, WNOHANG) == server.pid) {
		server.pid = 0;
		keep_log = true;
	}
	if (keep_log && debug_server())
		fprintf(stderr, "virtgl: the vtest server's output is kept in %s\n", server.log);
	if (server.life_fd >= 0) {
		char keep = VDRM_VTEST_KEEPER_KEEP_LOG;

		/* failing, the keeper is gone already and removes nothing */
		if (keep_log)
			send(server.life_fd, &keep, 1, MSG_NOSIGNAL);
		close(server.life_fd);
	}
	if (server.pid > 0)
		waitpid(server.pid, NULL, 0);
	server.pid = 0;
	server.life_fd = -1;
	unlink(server.socket);
	if (!keep_log)
		unlink(server.log);
	rmdir(server.dir);
}

/* The server gets only what a host renderer needs; everything else of the
 * application's stays behind. LD_PRELOAD above all: a tracer or sanitizer
 * preloaded into the application (apitrace) makes the server abort. Not
 * passed either: __EGL_VENDOR_LIBRARY_* (an application that points
 * libglvnd at virtgl, as the tests and the demo do, must not hand that
 * choice to the server, which renders with the host's GL), VIRTGL_*, the
 * display variables (the server is surfaceless). LD_LIBRARY_PATH is kept:
 * a virglrenderer or Mesa installed outside the system paths needs it, and
 * it cannot select virtgl (libglvnd picks vendors by its JSON files). */
static const struct {
	const char *name;
	bool prefix; /* every variable whose name starts so */
} server_env_allowed[] = {
	{ "PATH", false }, { "HOME", false }, { "TMPDIR", false }, { "XDG_RUNTIME_DIR", false },
	{ "XDG_CACHE_HOME", false }, { "LD_LIBRARY_PATH", false }, { "DRI_PRIME", false },
	{ "MESA_", true }, { "GALLIUM_", true }, { "LIBGL_", true }, { "LP_", true },
	{ "EGL_", true }, { "GBM_", true }, { "__GL_", true },     /* host drivers: Mesa, NVIDIA */
	{ "VREND_", true }, { "VTEST_", true }, { "VIRGL_", true }, /* virglrenderer's own */
};

static bool env_for_server(const char *entry)
{
	for (unsigned i = 0; i < sizeof(server_env_allowed) / sizeof(server_env_allowed[0]); i++) {
		size_t n = strlen(server_env_allowed[i].name);

		if (!strncmp(entry, server_env_allowed[i].name, n) &&
		    (server_env_allowed[i].prefix || entry[n] == '='))
			return true;
	}
	return false;
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

/* Above stdio, close-on-exec: the keeper hands them to the server as
 * stdio, and a client without stdio must not get them there by chance. */
static int open_high(const char *path, int flags)
{
	int fd = open(path, flags | O_CLOEXEC, 0600);
	int high = fd >= 0 ? fcntl(fd, F_DUPFD_CLOEXEC, 3) : -1;

	if (fd >= 0)
		close(fd);
	return high;
}

static int make_server_dir(struct vdrm_error *err)
{
	snprintf(server.dir, sizeof(server.dir), "/tmp/virtgl-vtest-XXXXXX");
	if (!mkdtemp(server.dir))
		return vdrm_error_set(err, VDRM_ERROR_IO, "mkdtemp: %s", strerror(errno));
	snprintf(server.socket, sizeof(server.socket), "%s/vtest.sock", server.dir);
	snprintf(server.log, sizeof(server.log), "%s/server.log", server.dir);
	return VDRM_OK;
}

static int start_keeper(const char *binary, char **argv)
{
	struct vdrm_vtest_keeper_plan plan = {
		.binary = binary, .argv = argv, .envp = server_environment(),
		.null_fd = open_high("/dev/null", O_RDWR),
		.log_fd = open_high(server.log, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW),
		.socket = server.socket, .log = server.log, .dir = server.dir,
	};
	int ret = ENOMEM;

	if (plan.null_fd < 0 || plan.log_fd < 0)
		ret = errno;
	else if (plan.envp)
		ret = vdrm_vtest_keeper_start(&plan, &server.pid, &server.life_fd);
	free((void *)plan.envp);
	if (plan.null_fd >= 0)
		close(plan.null_fd);
	if (plan.log_fd >= 0)
		close(plan.log_fd);
	return ret;
}

static int spawn_server(const char *binary, struct vdrm_error *err)
{
	char sock_arg[128];
	char *argv[] = { (char *)binary, "--use-egl-surfaceless", sock_arg, NULL };
	int ret = make_server_dir(err);

	if (ret)
		return ret;
	/* "=" is required: with a space the path becomes the replay file */
	snprintf(sock_arg, sizeof(sock_arg), "--socket-path=%s", server.socket);
	ret = start_keeper(binary, argv);
	if (ret) {
		unlink(server.log);
		rmdir(server.dir);
		return vdrm_error_set(err, VDRM_ERROR_NO_DEVICE, "cannot start %s: %s",
				      binary, strerror(ret));
	}
	if (debug_server())
		fprintf(stderr, "virtgl: %s on %s, its output in %s\n", binary, server.socket,
			server.log);
	ret = wait_for_socket(err);
	if (ret)
		stop_server(true);
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
 * exit() with a context current): stop the server in order rather than
 * leave it to the keeper. glibc runs a shared object's atexit handlers at
 * exit and at dlclose, so this never runs after the library is gone. A
 * crash is the keeper's business (vdrm_vtest_keeper.h). */
static void stop_at_exit(void)
{
	if (server.pid > 0)
		stop_server(false);
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
		stop_server(false);
	pthread_mutex_unlock(&server.lock);
}

void vdrm_vtest_server_release_failed(struct vdrm_error *err)
{
	size_t len = err ? strlen(err->message) : 0;

	pthread_mutex_lock(&server.lock);
	if (err && len < sizeof(err->message))
		snprintf(err->message + len, sizeof(err->message) - len,
			 " (the server's output: %s)", server.log);
	if (server.refs && --server.refs == 0)
		stop_server(true);
	pthread_mutex_unlock(&server.lock);
}
