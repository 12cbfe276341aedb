/* SPDX-License-Identifier: MIT */
/*
 * Exported vtest fences that must not outlive their host silently.
 *
 * On vtest an exported fence is an eventfd of virgl_test_server's: only the
 * server ever writes it. If the server dies (or is declared lost after a
 * stall), the fd a compositor or another process polls would stay silent
 * forever. The watcher keeps a duplicate of every fd handed out until it
 * signals, and writes it readable itself once the host is lost or the
 * connection closes: the waiter wakes, and the device reports the loss.
 *
 * A thread (started with the first fd) sleeps in poll() on the pending fds,
 * the socket's hang-up and a control eventfd, so a killed server is seen even
 * while the exporting process makes no call.
 */
#pragma once

struct vdrm_fence_watch;

/* hangup_fd: polled for POLLRDHUP (the host closed the connection). */
struct vdrm_fence_watch *vdrm_fence_watch_create(int hangup_fd);
/* Signals every pending fd (their host context goes with the connection). */
void vdrm_fence_watch_destroy(struct vdrm_fence_watch *w);
/* Watches a duplicate of fd; after a loss, writes fd readable at once.
 * 0, or a VDRM_ERROR_ (then fd is not watched). */
int vdrm_fence_watch_add(struct vdrm_fence_watch *w, int fd);
/* The host is lost: every pending fd becomes readable, now and from now on. */
void vdrm_fence_watch_lost(struct vdrm_fence_watch *w);
