/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>

#include "vdrm_vtest_wire.h"

/* ---- bounded socket I/O -------------------------------------------------- */

__attribute__((format(printf, 2, 3)))
static int conn_lost(struct vtest_conn *c, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(c->message, sizeof(c->message), fmt, ap);
	va_end(ap);
	return VDRM_ERROR_DEVICE_LOST;
}

static int wait_fd(struct vtest_conn *c, short events)
{
	struct pollfd p = { .fd = c->fd, .events = events };
	int r;

	do {
		r = poll(&p, 1, (int)c->timeout_ms);
	} while (r < 0 && errno == EINTR);
	if (r < 0)
		return conn_lost(c, "poll on the vtest socket: %s", strerror(errno));
	if (r == 0)
		return conn_lost(c, "vtest server silent for %u ms", c->timeout_ms);
	if ((p.revents & (POLLERR | POLLNVAL)) ||
	    ((p.revents & POLLHUP) && !(p.revents & POLLIN)))
		return conn_lost(c, "vtest server closed the connection");
	return VDRM_OK;
}

/* Advances an iovec array past n written bytes. */
static void iov_advance(struct iovec **iov, int *cnt, size_t n)
{
	while (*cnt && n >= (*iov)->iov_len) {
		n -= (*iov)->iov_len;
		(*iov)++;
		(*cnt)--;
	}
	if (*cnt) {
		(*iov)->iov_base = (char *)(*iov)->iov_base + n;
		(*iov)->iov_len -= n;
	}
}

static int send_iov(struct vtest_conn *c, struct iovec *iov, int cnt)
{
	while (cnt) {
		struct msghdr m = { .msg_iov = iov, .msg_iovlen = (size_t)cnt };
		ssize_t r = sendmsg(c->fd, &m, MSG_NOSIGNAL | MSG_DONTWAIT);

		if (r < 0 && (errno == EAGAIN || errno == EINTR)) {
			int ret = wait_fd(c, POLLOUT);
			if (ret)
				return ret;
			continue;
		}
		if (r < 0)
			return conn_lost(c, "write to the vtest server: %s", strerror(errno));
		iov_advance(&iov, &cnt, (size_t)r);
	}
	return VDRM_OK;
}

/* header [len, cmd] + n payload dwords + an optional extra block */
static int send_cmd_extra(struct vtest_conn *c, uint32_t cmd, uint32_t len,
			  const uint32_t *payload, uint32_t n, const void *extra, size_t extra_bytes)
{
	uint32_t hdr[2] = { len, cmd };
	struct iovec iov[3] = {
		{ hdr, sizeof(hdr) },
		{ (void *)payload, n * sizeof(uint32_t) },
		{ (void *)extra, extra_bytes },
	};

	return send_iov(c, iov, extra_bytes ? 3 : 2);
}

static int send_cmd(struct vtest_conn *c, uint32_t cmd, const uint32_t *payload, uint32_t n)
{
	return send_cmd_extra(c, cmd, n, payload, n, NULL, 0);
}

static int read_exact(struct vtest_conn *c, void *buf, size_t size)
{
	char *p = buf;

	while (size) {
		ssize_t r = read(c->fd, p, size);

		if (r < 0 && (errno == EAGAIN || errno == EINTR)) {
			int ret = wait_fd(c, POLLIN);
			if (ret)
				return ret;
			continue;
		}
		if (r < 0)
			return conn_lost(c, "read from the vtest server: %s", strerror(errno));
		if (r == 0)
			return conn_lost(c, "vtest server closed the connection");
		p += r;
		size -= (size_t)r;
	}
	return VDRM_OK;
}

static int read_header(struct vtest_conn *c, uint32_t cmd, uint32_t *len)
{
	uint32_t hdr[2];
	int ret = read_exact(c, hdr, sizeof(hdr));

	if (ret)
		return ret;
	if (hdr[1] != cmd)
		return conn_lost(c, "vtest reply for command %u while waiting for %u", hdr[1], cmd);
	*len = hdr[0];
	return VDRM_OK;
}

/* A reply whose payload must be exactly n dwords. */
static int read_reply(struct vtest_conn *c, uint32_t cmd, uint32_t *payload, uint32_t n)
{
	uint32_t len = 0;
	int ret = read_header(c, cmd, &len);

	if (ret)
		return ret;
	if (len != n)
		return conn_lost(c, "vtest reply to command %u has %u dwords, expected %u", cmd, len, n);
	return read_exact(c, payload, n * sizeof(uint32_t));
}

/* Reads and drops n bytes (the part of an oversized reply we do not keep). */
static int skip_bytes(struct vtest_conn *c, size_t n)
{
	char junk[256];

	while (n) {
		size_t k = n < sizeof(junk) ? n : sizeof(junk);
		int ret = read_exact(c, junk, k);
		if (ret)
			return ret;
		n -= k;
	}
	return VDRM_OK;
}

/* A malformed fd message may still have installed fds in this process. */
static void close_received_fds(struct cmsghdr *cm)
{
	size_t n = (cm->cmsg_len - CMSG_LEN(0)) / sizeof(int);

	for (size_t i = 0; i < n; i++) {
		int fd;

		memcpy(&fd, CMSG_DATA(cm) + i * sizeof(int), sizeof(int));
		close(fd);
	}
}

/* fds ride on a one-byte message after the reply (SCM_RIGHTS). */
static int recv_fd(struct vtest_conn *c, int *fd)
{
	char byte, ctl[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { &byte, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl,
			    .msg_controllen = sizeof(ctl) };
	struct cmsghdr *cm;
	ssize_t r;
	int ret = wait_fd(c, POLLIN);

	if (ret)
		return ret;
	r = recvmsg(c->fd, &m, MSG_CMSG_CLOEXEC);
	if (r <= 0)
		return conn_lost(c, "vtest server closed the connection before sending an fd");
	cm = CMSG_FIRSTHDR(&m);
	if (!cm || cm->cmsg_level != SOL_SOCKET || cm->cmsg_type != SCM_RIGHTS)
		return conn_lost(c, "vtest server sent no fd where one was due");
	if (cm->cmsg_len != CMSG_LEN(sizeof(int))) {
		close_received_fds(cm);
		return conn_lost(c, "vtest server sent several fds where one was due");
	}
	memcpy(fd, CMSG_DATA(cm), sizeof(int));
	return VDRM_OK;
}

/* ---- connection ------------------------------------------------------------ */

int vtest_connect(struct vtest_conn *c, const char *path, struct vdrm_error *err)
{
	struct sockaddr_un un = { .sun_family = AF_UNIX };

	if (strlen(path) >= sizeof(un.sun_path))
		return vdrm_error_set(err, VDRM_ERROR_INVALID_ARGUMENT,
				      "vtest socket path too long: %s", path);
	strcpy(un.sun_path, path);
	c->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (c->fd < 0)
		return vdrm_error_set(err, VDRM_ERROR_IO, "socket: %s", strerror(errno));
	if (connect(c->fd, (struct sockaddr *)&un, sizeof(un)) < 0) {
		int e = errno;
		close(c->fd);
		c->fd = -1;
		return vdrm_error_set(err, VDRM_ERROR_NO_DEVICE,
				      "no vtest server at %s: %s", path, strerror(e));
	}
	return VDRM_OK;
}

/* ---- one function per command -------------------------------------------- */

int vtest_create_renderer(struct vtest_conn *c, const char *name)
{
	size_t n = strlen(name) + 1; /* the length of this one command is in bytes */

	return send_cmd_extra(c, VTEST_CREATE_RENDERER, (uint32_t)n, NULL, 0, name, n);
}

int vtest_ping_probe(struct vtest_conn *c, bool *knows_ping)
{
	uint32_t busy_args[2] = { 0, 0 }, hdr[2], busy;
	int ret = send_cmd(c, VTEST_PING_PROTOCOL_VERSION, NULL, 0);

	if (!ret)
		ret = send_cmd(c, VTEST_RESOURCE_BUSY_WAIT, busy_args, 2);
	if (!ret)
		ret = read_exact(c, hdr, sizeof(hdr));
	if (ret)
		return ret;
	*knows_ping = hdr[1] == VTEST_PING_PROTOCOL_VERSION && hdr[0] == 0;
	if (*knows_ping)
		return read_reply(c, VTEST_RESOURCE_BUSY_WAIT, &busy, 1);
	if (hdr[1] != VTEST_RESOURCE_BUSY_WAIT || hdr[0] != 1)
		return conn_lost(c, "unexpected reply %u to the protocol probe", hdr[1]);
	return read_exact(c, &busy, sizeof(busy));
}

int vtest_ping(struct vtest_conn *c)
{
	int ret = send_cmd(c, VTEST_PING_PROTOCOL_VERSION, NULL, 0);

	return ret ? ret : read_reply(c, VTEST_PING_PROTOCOL_VERSION, NULL, 0);
}

int vtest_protocol_version(struct vtest_conn *c, uint32_t wanted, uint32_t *agreed)
{
	int ret = send_cmd(c, VTEST_PROTOCOL_VERSION, &wanted, 1);

	return ret ? ret : read_reply(c, VTEST_PROTOCOL_VERSION, agreed, 1);
}

int vtest_get_param(struct vtest_conn *c, uint32_t param, bool *valid, uint32_t *value)
{
	uint32_t reply[2];
	int ret = send_cmd(c, VTEST_GET_PARAM, &param, 1);

	if (!ret)
		ret = read_reply(c, VTEST_GET_PARAM, reply, 2);
	if (ret)
		return ret;
	*valid = reply[0] != 0;
	*value = reply[1];
	return VDRM_OK;
}

/* Keeps min(have, max_bytes) of a reply body, drops the rest. */
static int read_bounded(struct vtest_conn *c, size_t have, void *buf, size_t max_bytes,
			size_t *size)
{
	size_t keep = have < max_bytes ? have : max_bytes;
	int ret = read_exact(c, buf, keep);

	if (!ret)
		ret = skip_bytes(c, have - keep);
	*size = keep;
	return ret;
}

int vtest_get_capset(struct vtest_conn *c, uint32_t id, uint32_t version, void *buf,
		     size_t max_bytes, size_t *size, bool *valid)
{
	uint32_t args[2] = { id, version }, len = 0, v;
	int ret = send_cmd(c, VTEST_GET_CAPSET, args, 2);

	if (!ret)
		ret = read_header(c, VTEST_GET_CAPSET, &len);
	if (ret)
		return ret;
	if (len < 1 || len > VTEST_MAX_REPLY_DWORDS)
		return conn_lost(c, "GET_CAPSET reply of %u dwords", len);
	ret = read_exact(c, &v, sizeof(v));
	if (ret)
		return ret;
	*valid = v != 0;
	return read_bounded(c, (size_t)(len - 1) * 4, buf, max_bytes, size);
}

int vtest_get_caps2(struct vtest_conn *c, void *buf, size_t max_bytes, size_t *size)
{
	uint32_t len = 0;
	int ret = send_cmd(c, VTEST_GET_CAPS2, NULL, 0);

	/* quirk: the reply id is 2 (not 9) and its length is bytes + 1 */
	if (!ret)
		ret = read_header(c, 2, &len);
	if (ret)
		return ret;
	if (len < 1 || len > VTEST_MAX_REPLY_DWORDS * 4)
		return conn_lost(c, "GET_CAPS2 reply of %u bytes", len);
	return read_bounded(c, len - 1, buf, max_bytes, size);
}

int vtest_context_init(struct vtest_conn *c, uint32_t capset_id)
{
	return send_cmd(c, VTEST_CONTEXT_INIT, &capset_id, 1);
}

int vtest_resource_create2(struct vtest_conn *c, const struct vtest_resource_args *args,
			   uint32_t *res_id, int *shm_fd)
{
	const struct vdrm_resource_create_info *i = args->info;
	uint32_t p[11] = { args->handle, i->target, i->format, i->bind, i->width, i->height,
			   i->depth, i->array_size, i->last_level, i->nr_samples, args->data_size };
	int ret = send_cmd(c, VTEST_RESOURCE_CREATE2, p, 11);

	*shm_fd = -1;
	*res_id = args->handle;
	if (!ret && args->v3)
		ret = read_reply(c, VTEST_RESOURCE_CREATE2, res_id, 1);
	if (!ret && args->data_size)
		ret = recv_fd(c, shm_fd);
	return ret;
}

int vtest_resource_unref(struct vtest_conn *c, uint32_t res_id)
{
	return send_cmd(c, VTEST_RESOURCE_UNREF, &res_id, 1);
}

int vtest_transfer2(struct vtest_conn *c, const struct vtest_transfer_args *a)
{
	uint32_t p[10] = { a->res_id, a->level, a->box.x, a->box.y, a->box.z, a->box.w,
			   a->box.h, a->box.d, a->data_size, a->offset };

	return send_cmd(c, a->cmd, p, 10);
}

int vtest_submit_cmd(struct vtest_conn *c, const uint32_t *dw, uint32_t ndw)
{
	return send_cmd(c, VTEST_SUBMIT_CMD, dw, ndw);
}

/*
 * Layout (words from the payload start): batch count, one 8-word batch header
 * (the wire stride is 8 even though 0.10.4's struct has 6 members), the
 * stream, then one (sync id, value lo, value hi) triple.
 */
int vtest_submit_cmd2(struct vtest_conn *c, const uint32_t *dw, uint32_t ndw,
		      uint32_t sync_id, uint64_t value)
{
	uint32_t head[9] = { 1, VTEST_SUBMIT_CMD2_FLAG_RING_IDX, 9, ndw, 9 + ndw, 1, 0, 0, 0 };
	uint32_t sync[3] = { sync_id, (uint32_t)value, (uint32_t)(value >> 32) };
	uint32_t hdr[2] = { 9 + ndw + 3, VTEST_SUBMIT_CMD2 };
	struct iovec iov[4] = {
		{ hdr, sizeof(hdr) }, { head, sizeof(head) },
		{ (void *)dw, ndw * sizeof(uint32_t) }, { sync, sizeof(sync) },
	};

	return send_iov(c, iov, 4);
}

int vtest_busy_wait(struct vtest_conn *c, uint32_t handle, uint32_t flags, bool *busy)
{
	uint32_t p[2] = { handle, flags }, r;
	int ret = send_cmd(c, VTEST_RESOURCE_BUSY_WAIT, p, 2);

	if (!ret)
		ret = read_reply(c, VTEST_RESOURCE_BUSY_WAIT, &r, 1);
	if (!ret)
		*busy = r != 0;
	return ret;
}

int vtest_sync_create(struct vtest_conn *c, uint64_t value, uint32_t *sync_id)
{
	uint32_t p[2] = { (uint32_t)value, (uint32_t)(value >> 32) };
	int ret = send_cmd(c, VTEST_SYNC_CREATE, p, 2);

	return ret ? ret : read_reply(c, VTEST_SYNC_CREATE, sync_id, 1);
}

int vtest_sync_unref(struct vtest_conn *c, uint32_t sync_id)
{
	return send_cmd(c, VTEST_SYNC_UNREF, &sync_id, 1);
}

int vtest_sync_read(struct vtest_conn *c, uint32_t sync_id, uint64_t *value)
{
	uint32_t r[2];
	int ret = send_cmd(c, VTEST_SYNC_READ, &sync_id, 1);

	if (!ret)
		ret = read_reply(c, VTEST_SYNC_READ, r, 2);
	if (!ret)
		*value = r[0] | (uint64_t)r[1] << 32;
	return ret;
}

int vtest_sync_wait(struct vtest_conn *c, uint32_t sync_id, uint64_t value,
		    uint32_t timeout_ms, int *event_fd)
{
	uint32_t p[5] = { 0 /* ALL */, timeout_ms, sync_id, (uint32_t)value,
			  (uint32_t)(value >> 32) };
	int ret = send_cmd(c, VTEST_SYNC_WAIT, p, 5);

	if (!ret)
		ret = read_reply(c, VTEST_SYNC_WAIT, NULL, 0);
	return ret ? ret : recv_fd(c, event_fd);
}
