/* SPDX-License-Identifier: MIT */
/*
 * Everything after fork() here runs in a copy of a possibly multi-threaded
 * process: only async-signal-safe calls (and raw system calls), no malloc,
 * no stdio, and _exit() on every way out.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdbool.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

#include "vdrm_vtest_keeper.h"

#define EXEC_FAILED 127
#define STOP_GRACE_MS 2000
/* without a pidfd (kernels before 5.3) the keeper looks at the server this often */
#define POLL_FALLBACK_MS 100

/* The application's handlers and blocked signals mean nothing here; an
 * ignored SIGCHLD would even make waitpid() fail. */
static void reset_signals(void)
{
	struct sigaction dfl = { .sa_handler = SIG_DFL };
	sigset_t none;

	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			sigaction(sig, &dfl, NULL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

/* close_range() where the kernel has it (5.9), else one by one */
static void close_fds(unsigned first, unsigned last)
{
	struct rlimit rl = { 0 };

	if (first > last || syscall(SYS_close_range, first, last, 0) == 0)
		return;
	getrlimit(RLIMIT_NOFILE, &rl);
	for (rlim_t fd = first; fd <= last && fd < rl.rlim_cur && fd < 65536; fd++)
		close((int)fd);
}

static void close_from(int first)
{
	close_fds((unsigned)first, ~0u);
}

/* stdio to the given fds, and nothing else of the client's open: a pipe
 * the client inherited (a test harness reading its output) must not stay
 * open in the server. */
static void set_stdio(int in, int out, int err)
{
	dup2(in, 0);
	dup2(out, 1);
	dup2(err, 2);
}

static void exec_server(const struct vdrm_vtest_keeper_plan *p, pid_t keeper)
{
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	/* the keeper may have died before prctl took effect */
	if (getppid() != keeper)
		_exit(EXEC_FAILED);
	set_stdio(p->null_fd, p->log_fd, p->log_fd);
	close_from(3);
	execve(p->binary, p->argv, p->envp);
	_exit(EXEC_FAILED);
}

/* The keeper's exit code tells the client how the server ended. */
static int exit_code(int status)
{
	if (WIFEXITED(status))
		return WEXITSTATUS(status);
	return WIFSIGNALED(status) ? 128 + WTERMSIG(status) : EXEC_FAILED;
}

static bool reaped(pid_t server, int *status, int flags)
{
	return waitpid(server, status, flags) == server;
}

static void stop_server(const struct vdrm_vtest_keeper_plan *p, pid_t server, bool keep_log)
{
	int status;

	kill(server, SIGTERM);
	for (int ms = 0; ms < STOP_GRACE_MS && !reaped(server, &status, WNOHANG); ms += 10)
		poll(NULL, 0, 10);
	kill(server, SIGKILL);
	waitpid(server, &status, 0);
	unlink(p->socket);
	if (!keep_log)
		unlink(p->log);
	rmdir(p->dir);
}

/* The client's end closed (it exited, crashed or let go): stop the server.
 * The server ending first: leave everything for the client to report. */
static void watch(const struct vdrm_vtest_keeper_plan *p, int life_fd, pid_t server)
{
	int pidfd = (int)syscall(SYS_pidfd_open, server, 0);
	struct pollfd fds[2] = { { life_fd, POLLIN, 0 }, { pidfd, POLLIN, 0 } };
	int status;

	for (;;) {
		char byte = 0;

		poll(fds, pidfd >= 0 ? 2 : 1, pidfd >= 0 ? -1 : POLL_FALLBACK_MS);
		if (reaped(server, &status, WNOHANG))
			_exit(exit_code(status));
		if (fds[0].revents) {
			if (read(life_fd, &byte, 1) != 1)
				byte = 0; /* end of file: the client is gone */
			stop_server(p, server, byte == VDRM_VTEST_KEEPER_KEEP_LOG);
			_exit(0);
		}
	}
}

static void run_keeper(const struct vdrm_vtest_keeper_plan *p, int life_fd)
{
	pid_t self = getpid();
	pid_t server;

	reset_signals();
	server = fork();
	if (server == 0)
		exec_server(p, self);
	if (server < 0)
		_exit(EXEC_FAILED);
	/* the client's fds (the socket among them) and stdio go;
	 * a client without stdin may have got the socket as fd 0 */
	if (life_fd < 3)
		life_fd = fcntl(life_fd, F_DUPFD, 3);
	if (life_fd < 0)
		_exit(EXEC_FAILED);
	set_stdio(p->null_fd, p->null_fd, p->null_fd);
	close_fds(3, (unsigned)life_fd - 1);
	close_from(life_fd + 1);
	watch(p, life_fd, server);
}

int vdrm_vtest_keeper_start(const struct vdrm_vtest_keeper_plan *plan, pid_t *keeper,
			    int *life_fd)
{
	int life[2];
	pid_t pid;

	/* a socket pair rather than a pipe: the client's last write may meet a
	 * keeper already gone, and send() can refuse SIGPIPE for it */
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, life))
		return errno;
	pid = fork();
	if (pid == 0)
		run_keeper(plan, life[0]);
	close(life[0]);
	if (pid < 0) {
		int e = errno;

		close(life[1]);
		return e;
	}
	*keeper = pid;
	*life_fd = life[1];
	return 0;
}
