/* SPDX-License-Identifier: MIT */
#include "proc_util.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

long proc_fd_count(pid_t pid)
{
	char path[64];
	struct dirent *e;
	DIR *d;
	long n = 0;

	snprintf(path, sizeof(path), "/proc/%d/fd", (int)pid);
	d = opendir(path);
	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

long proc_rss_kib(pid_t pid)
{
	char path[64];
	long size = 0, resident = -1;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/statm", (int)pid);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%ld %ld", &size, &resident) != 2)
		resident = -1;
	fclose(f);
	return resident < 0 ? -1 : resident * (sysconf(_SC_PAGESIZE) / 1024);
}

/* /proc/pid/name into buf, NUL-terminated; its length, or -1. */
static long read_proc_file(pid_t pid, const char *name, char *buf, size_t size)
{
	char path[64];
	size_t n;
	FILE *f;

	snprintf(path, sizeof(path), "/proc/%d/%s", (int)pid, name);
	f = fopen(path, "r");
	if (!f)
		return -1;
	n = fread(buf, 1, size - 1, f);
	fclose(f);
	buf[n] = 0;
	return (long)n;
}

/* State, parent and start time from /proc/pid/stat (fields 3, 4, 22); the
 * command name in parentheses may hold spaces, so parsing starts after it. */
static bool read_stat(pid_t pid, char *state, pid_t *parent, unsigned long long *start)
{
	char buf[1024], *p;
	int ppid = 0;

	if (read_proc_file(pid, "stat", buf, sizeof(buf)) < 0)
		return false;
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 1, " %c %d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %*d %*d %*d "
			 "%*d %*d %*d %llu", state, &ppid, start) != 3)
		return false;
	*parent = ppid;
	return true;
}

pid_t proc_parent(pid_t pid)
{
	unsigned long long start;
	pid_t parent;
	char state;

	if (!read_stat(pid, &state, &parent, &start) || state == 'Z' || state == 'X')
		return 0;
	return parent;
}

/* Calls fn for every live process; stops when fn returns true. */
static void each_process(bool (*fn)(pid_t pid, void *arg), void *arg)
{
	DIR *d = opendir("/proc");
	struct dirent *e;

	while (d && (e = readdir(d)))
		if (atoi(e->d_name) > 0 && fn(atoi(e->d_name), arg))
			break;
	if (d)
		closedir(d);
}

struct newest {
	pid_t parent, found;
	unsigned long long start;
};

static bool note_newer_child(pid_t pid, void *arg)
{
	struct newest *n = arg;
	unsigned long long start;
	pid_t parent;
	char state;

	if (read_stat(pid, &state, &parent, &start) && parent == n->parent && state != 'Z' &&
	    (!n->found || start >= n->start)) {
		n->found = pid;
		n->start = start;
	}
	return false;
}

pid_t proc_newest_child(pid_t parent)
{
	struct newest n = { .parent = parent };

	each_process(note_newer_child, &n);
	return n.found;
}

static bool descends_from(pid_t pid, pid_t ancestor)
{
	/* bounded: a chain of parents cannot loop, but pids can be reused */
	for (int depth = 0; depth < 64 && pid > 1; depth++) {
		pid = proc_parent(pid);
		if (pid == ancestor)
			return true;
	}
	return false;
}

struct below {
	pid_t ancestor;
	pid_t *out;
	int max, count;
};

static bool note_descendant(pid_t pid, void *arg)
{
	struct below *b = arg;

	if (descends_from(pid, b->ancestor)) {
		if (b->out && b->count < b->max)
			b->out[b->count] = pid;
		b->count++;
	}
	return false;
}

int proc_descendants(pid_t ancestor, pid_t *out, int max)
{
	struct below b = { .ancestor = ancestor, .out = out, .max = max };

	each_process(note_descendant, &b);
	return b.count;
}

bool proc_cmdline_arg(pid_t pid, const char *prefix, char *out, size_t size)
{
	char buf[4096];
	long n = read_proc_file(pid, "cmdline", buf, sizeof(buf));
	size_t len = strlen(prefix);

	for (long i = 0; i < n; i += (long)strlen(buf + i) + 1)
		if (!strncmp(buf + i, prefix, len)) {
			snprintf(out, size, "%s", buf + i + len);
			return true;
		}
	return false;
}
