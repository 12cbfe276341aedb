/* SPDX-License-Identifier: MIT */
#include "vdrm_fence_watch.h"

#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "vdrm_result.h"

/* fds polled at once beside the control fd and the socket; more wait their turn */
#define MAX_POLLED 256

struct vdrm_fence_watch {
	pthread_mutex_t lock;
	pthread_t thread;
	bool started, lost, stop;
	int ctl;        /* eventfd: wakes the thread (new fd, loss, stop) */
	int hangup_fd;
	int *fds;       /* duplicates of the pending exported fds */
	size_t n, cap;
};

struct vdrm_fence_watch *vdrm_fence_watch_create(int hangup_fd)
{
	struct vdrm_fence_watch *w = calloc(1, sizeof(*w));

	if (!w)
		return NULL;
	w->ctl = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (w->ctl < 0) {
		free(w);
		return NULL;
	}
	w->hangup_fd = hangup_fd;
	pthread_mutex_init(&w->lock, NULL);
	return w;
}

static void poke(struct vdrm_fence_watch *w)
{
	uint64_t one = 1;

	(void)!write(w->ctl, &one, sizeof(one));
}

/* Readable for every poller: an eventfd counter above zero polls POLLIN. */
static void signal_fd(int fd)
{
	uint64_t one = 1;

	(void)!write(fd, &one, sizeof(one));
	close(fd);
}

/* Under the lock. */
static void signal_all(struct vdrm_fence_watch *w)
{
	for (size_t i = 0; i < w->n; i++)
		signal_fd(w->fds[i]);
	w->n = 0;
}

/* Under the lock: fd i signalled by the host, no longer watched. */
static void drop(struct vdrm_fence_watch *w, size_t i)
{
	close(w->fds[i]);
	w->fds[i] = w->fds[--w->n];
}

/* Under the lock: the poll set, [0] control, [1] socket, then fds. */
static nfds_t fill_poll(struct vdrm_fence_watch *w, struct pollfd *p)
{
	nfds_t n = 2;

	p[0] = (struct pollfd){ .fd = w->ctl, .events = POLLIN };
	p[1] = (struct pollfd){ .fd = w->hangup_fd, .events = POLLRDHUP };
	for (size_t i = 0; i < w->n && n < MAX_POLLED + 2; i++)
		p[n++] = (struct pollfd){ .fd = w->fds[i], .events = POLLIN };
	return n;
}

/* Under the lock, after a poll of the first n - 2 fds. Only this thread
 * removes fds and adds append, so indices below n - 2 are still those
 * polled; going down, a swapped-in fd is never one still to look at. */
static void collect(struct vdrm_fence_watch *w, const struct pollfd *p, nfds_t n)
{
	if (p[1].revents)
		w->lost = true;
	if (w->lost) {
		signal_all(w);
		return;
	}
	for (nfds_t i = n; i-- > 2;)
		if (p[i].revents)
			drop(w, i - 2);
}

static void clear_events(struct pollfd *p, nfds_t n)
{
	for (nfds_t i = 0; i < n; i++)
		p[i].revents = 0;
}

static void *watch_thread(void *arg)
{
	struct vdrm_fence_watch *w = arg;
	struct pollfd p[MAX_POLLED + 2];
	uint64_t count;
	bool done = false;

	while (!done) {
		pthread_mutex_lock(&w->lock);
		nfds_t n = fill_poll(w, p);
		pthread_mutex_unlock(&w->lock);
		if (poll(p, n, -1) < 0)
			clear_events(p, n); /* EINTR: the kernel wrote none */
		if (p[0].revents)
			(void)!read(w->ctl, &count, sizeof(count));
		pthread_mutex_lock(&w->lock);
		collect(w, p, n);
		done = w->stop || w->lost;
		pthread_mutex_unlock(&w->lock);
	}
	return NULL;
}

/* Under the lock. */
static int append(struct vdrm_fence_watch *w, int fd)
{
	if (w->n == w->cap) {
		size_t cap = w->cap ? w->cap * 2 : 16;
		int *fds = realloc(w->fds, cap * sizeof(*fds));

		if (!fds)
			return VDRM_ERROR_OUT_OF_MEMORY;
		w->fds = fds;
		w->cap = cap;
	}
	w->fds[w->n++] = fd;
	return VDRM_OK;
}

/* Under the lock. */
static int start(struct vdrm_fence_watch *w)
{
	if (w->started)
		return VDRM_OK;
	if (pthread_create(&w->thread, NULL, watch_thread, w))
		return VDRM_ERROR_OUT_OF_MEMORY;
	w->started = true;
	return VDRM_OK;
}

int vdrm_fence_watch_add(struct vdrm_fence_watch *w, int fd)
{
	int dup_fd = fcntl(fd, F_DUPFD_CLOEXEC, 0);
	int ret = dup_fd < 0 ? VDRM_ERROR_OUT_OF_MEMORY : VDRM_OK;

	if (ret)
		return ret;
	pthread_mutex_lock(&w->lock);
	if (w->lost) {
		signal_fd(dup_fd);
	} else {
		ret = start(w);
		if (!ret)
			ret = append(w, dup_fd);
		if (ret)
			close(dup_fd);
	}
	pthread_mutex_unlock(&w->lock);
	poke(w);
	return ret;
}

void vdrm_fence_watch_lost(struct vdrm_fence_watch *w)
{
	pthread_mutex_lock(&w->lock);
	w->lost = true;
	signal_all(w);
	pthread_mutex_unlock(&w->lock);
	poke(w);
}

void vdrm_fence_watch_destroy(struct vdrm_fence_watch *w)
{
	if (!w)
		return;
	pthread_mutex_lock(&w->lock);
	w->stop = true;
	pthread_mutex_unlock(&w->lock);
	poke(w);
	if (w->started)
		pthread_join(w->thread, NULL);
	/* the server drops the connection's syncs with it: nothing else will
	 * ever write these */
	signal_all(w);
	close(w->ctl);
	free(w->fds);
	pthread_mutex_destroy(&w->lock);
	free(w);
}
