/* SPDX-License-Identifier: MIT */
/*
 * The private virgl_test_server (drm/vdrm_vtest_server.c): it dies with a
 * client that is SIGKILLed, even one whose spawning thread has ended; it
 * does not inherit the client's LD_PRELOAD; a server that fails leaves its
 * stderr where the error says. vtest only: there is nothing to spawn on DRM.
 */
#include <check.h>
#include <dirent.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "vdrm_device.h"
#include "check_run.h"

#define NOBODY "/tmp/virtgl-test-spawn-nobody-listens.sock"

static struct vdrm_device_create_info spawn_info(void)
{
	return (struct vdrm_device_create_info){
		.kind = VDRM_TRANSPORT_VTEST, .may_spawn_server = true, .vtest_socket = NOBODY,
	};
}

/* The spawned server's socket, from the device's transport detail. */
static void socket_of(struct vdrm_device *d, char *out, size_t size)
{
	snprintf(out, size, "%s", vdrm_device_transport_detail(d));
	ck_assert_ptr_nonnull(strchr(out, ','));
	*strchr(out, ',') = 0;
}

static bool cmdline_has(const char *pid, const char *needle)
{
	char path[64], buf[4096];
	FILE *f;
	size_t n;

	snprintf(path, sizeof(path), "/proc/%s/cmdline", pid);
	f = fopen(path, "r");
	if (!f)
		return false;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	for (size_t i = 0; i < n; i++)
		if (!buf[i])
			buf[i] = ' ';
	buf[n] = 0;
	return strstr(buf, needle) != NULL;
}

/* The lowest pid whose command line names the socket (0: none): the
 * server's main process (its per-client forks have the same line). */
static pid_t server_pid(const char *socket)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	pid_t found = 0;

	while (d && (e = readdir(d)))
		if (atoi(e->d_name) > 0 && cmdline_has(e->d_name, socket) &&
		    (!found || atoi(e->d_name) < found))
			found = atoi(e->d_name);
	if (d)
		closedir(d);
	return found;
}

static bool gone_within(const char *socket, int ms)
{
	for (int waited = 0; waited < ms; waited += 20) {
		if (!server_pid(socket))
			return true;
		usleep(20 * 1000);
	}
	return false;
}

/* The server's directory is removed by its keeper after the server ended
 * (a moment later; seconds under memcheck, which runs the keeper too). */
static bool dir_gone_within(const char *dir, int ms)
{
	struct stat st;

	for (int waited = 0; waited < ms; waited += 20) {
		if (stat(dir, &st) != 0)
			return true;
		usleep(20 * 1000);
	}
	return false;
}

/* Opens a device in a thread that then ends: the server must not take
 * the thread's end for the client's (PR_SET_PDEATHSIG's pitfall). */
static void *open_in_thread(void *out)
{
	struct vdrm_device_create_info info = spawn_info();
	struct vdrm_error err = { 0 };

	if (vdrm_device_create(&info, (struct vdrm_device **)out, &err))
		*(struct vdrm_device **)out = NULL;
	return NULL;
}

/* The client: spawns through the transport, reports the socket, sleeps. */
static void run_client(int report)
{
	struct vdrm_device *d = NULL;
	pthread_t t;
	char sock[128];

	pthread_create(&t, NULL, open_in_thread, &d);
	pthread_join(t, NULL);
	if (!d)
		_exit(1);
	socket_of(d, sock, sizeof(sock));
	if (write(report, sock, strlen(sock) + 1) < 0)
		_exit(1);
	pause();
	_exit(0);
}

static pid_t start_client(char *sock, size_t size)
{
	int p[2];
	pid_t pid;
	ssize_t n;

	ck_assert_int_eq(pipe(p), 0);
	pid = fork();
	if (pid == 0)
		run_client(p[1]);
	close(p[1]);
	n = read(p[0], sock, size - 1);
	close(p[0]);
	ck_assert_msg(n > 0, "the client could not spawn a server");
	sock[n] = 0;
	return pid;
}

static void kill_client(pid_t pid)
{
	kill(pid, SIGKILL);
	waitpid(pid, NULL, 0);
}

START_TEST(server_dies_with_a_killed_client)
{
	char sock[128], dir[128];
	pid_t client = start_client(sock, sizeof(sock));

	/* spawned from a thread that has ended, and still there */
	usleep(200 * 1000);
	ck_assert_int_gt(server_pid(sock), 0);
	kill_client(client);
	ck_assert_msg(gone_within(sock, 3000), "the server outlived its client by 3 s");
	/* nothing left in /tmp either */
	snprintf(dir, sizeof(dir), "%s", sock);
	*strrchr(dir, '/') = 0;
	ck_assert_msg(dir_gone_within(dir, 5000), "%s outlived its server by 5 s", dir);
}
END_TEST

static bool environ_has(pid_t pid, const char *name)
{
	char path[64], buf[65536];
	size_t n, len = strlen(name);
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/environ", (int)pid);
	f = fopen(path, "r");
	ck_assert_ptr_nonnull(f);
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	buf[n] = 0;
	for (size_t i = 0; i < n; i += strlen(buf + i) + 1)
		if (!strncmp(buf + i, name, len) && buf[i + len] == '=')
			return true;
	return false;
}

START_TEST(server_environment_is_scrubbed)
{
	char sock[128];
	pid_t client, server;

	/* harmless if it leaked: the test is whether it did */
	setenv("LD_PRELOAD", "libm.so.6", 1);
	setenv("VIRTGL_SPAWN_TEST", "1", 1);
	setenv("SPAWN_TEST_UNRELATED", "1", 1);
	setenv("MESA_SPAWN_TEST", "1", 1);
	client = start_client(sock, sizeof(sock));
	unsetenv("LD_PRELOAD");
	server = server_pid(sock);
	ck_assert_int_gt(server, 0);
	ck_assert(!environ_has(server, "LD_PRELOAD"));
	ck_assert(!environ_has(server, "VIRTGL_SPAWN_TEST"));
	ck_assert(!environ_has(server, "SPAWN_TEST_UNRELATED"));
	/* what a host renderer needs passes */
	ck_assert(environ_has(server, "MESA_SPAWN_TEST"));
	ck_assert(environ_has(server, "PATH"));
	kill_client(client);
	ck_assert(gone_within(sock, 3000));
}
END_TEST

/* A "server" that says something on stderr and exits at once. */
static void write_failing_server(char *path, size_t size, char *dir)
{
	FILE *f;

	ck_assert_ptr_nonnull(mkdtemp(dir));
	snprintf(path, size, "%s/virgl_test_server", dir);
	f = fopen(path, "w");
	ck_assert_ptr_nonnull(f);
	fputs("#!/bin/sh\necho 'spawn-test: no GPU here' >&2\nexit 3\n", f);
	fclose(f);
	ck_assert_int_eq(chmod(path, 0755), 0);
}

static void assert_file_has(const char *path, const char *text)
{
	char buf[4096] = { 0 };
	FILE *f = fopen(path, "r");

	ck_assert_msg(f != NULL, "no %s", path);
	ck_assert_uint_gt(fread(buf, 1, sizeof(buf) - 1, f), 0);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(buf, text));
}

START_TEST(failing_server_output_is_kept_where_the_error_says)
{
	struct vdrm_device_create_info info = spawn_info();
	struct vdrm_error err = { 0 };
	struct vdrm_device *d = NULL;
	char bin[128], dir[] = "/tmp/virtgl-test-fake-server-XXXXXX", log[256];
	const char *at;

	write_failing_server(bin, sizeof(bin), dir);
	setenv("VIRTGL_VTEST_SERVER", bin, 1);
	ck_assert_int_eq(vdrm_device_create(&info, &d, &err), VDRM_ERROR_NO_DEVICE);
	unsetenv("VIRTGL_VTEST_SERVER");
	ck_assert_ptr_nonnull(strstr(err.message, "code 3"));
	at = strstr(err.message, "/tmp/virtgl-vtest-");
	ck_assert_msg(at != NULL, "no log named in: %s", err.message);
	snprintf(log, sizeof(log), "%.*s", (int)strcspn(at, " ;)"), at);
	assert_file_has(log, "spawn-test: no GPU here");
	unlink(log);
	*strrchr(log, '/') = 0;
	rmdir(log);
	unlink(bin);
	rmdir(dir);
}
END_TEST

START_TEST(closed_device_leaves_nothing)
{
	struct vdrm_device *d = NULL;
	char sock[128], dir[128];
	struct stat st;

	open_in_thread(&d);
	ck_assert_ptr_nonnull(d);
	socket_of(d, sock, sizeof(sock));
	ck_assert_int_gt(server_pid(sock), 0);
	vdrm_device_destroy(d);
	ck_assert(gone_within(sock, 3000));
	snprintf(dir, sizeof(dir), "%s", sock);
	*strrchr(dir, '/') = 0;
	ck_assert_int_ne(stat(dir, &st), 0);
}
END_TEST

static Suite *spawn_suite(void)
{
	Suite *s = suite_create("vtest spawn");
	TCase *tc = tcase_create("spawned server");

	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, server_dies_with_a_killed_client);
	tcase_add_test(tc, server_environment_is_scrubbed);
	tcase_add_test(tc, failing_server_output_is_kept_where_the_error_says);
	tcase_add_test(tc, closed_device_leaves_nothing);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(spawn_suite(), CK_VERBOSE);
}
