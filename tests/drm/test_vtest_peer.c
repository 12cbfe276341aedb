/* SPDX-License-Identifier: MIT */
/*
 * The vtest client against a scripted fake peer on a socketpair.
 *
 * virgl_test_server answers correctly; these tests need a server that closes,
 * stalls, answers short, oversized or with the wrong id, and that checks the
 * exact dwords the client writes. The peer is a thread running a script:
 * each step names the command the client must send (and its payload), the
 * raw reply words to send back (header included, so quirks and garbage are
 * written as they are), an fd to pass, and what to do next (go on, close,
 * stall). The peer never calls ck_assert (it is not the test's thread): it
 * records the first mismatch, closes, and the test asserts after joining.
 */
#include <check.h>

#include "check_run.h"
#include <dirent.h>
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <sys/mman.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

#include "vdrm_cs.h"
#include "vdrm_device.h"
#include "vdrm_format.h"
#include "vdrm_transport.h"
#include "vdrm_vtest_wire.h"

#ifndef TEST_DATA_DIR
#define TEST_DATA_DIR "tests/data"
#endif

#define ANY_ARGS UINT32_MAX
#define PEER_MAX_STEPS 24
#define PEER_IDLE_MS 10000 /* a client silent this long has hung or leaked its socket */
#define SYNC_ID 5
#define RES_ID 7
#define FAST_MS 200        /* reply timeout where a timeout is the expected outcome */
#define SLOW_MS 5000       /* reply timeout where one must NOT be what ends the call */

enum peer_then { THEN_NEXT, THEN_EOF, THEN_STALL };
enum peer_fd {
	PEER_FD_NONE,
	PEER_FD_EVENTFD,
	PEER_FD_EVENTFD_FIRED,
	PEER_FD_MEMFD,
	PEER_FD_BYTE_ONLY,   /* the one-byte message, but no fd on it */
	PEER_FD_TWO_EVENTFDS, /* two fds where one is due */
};

struct peer_step {
	uint32_t cmd;        /* the command the client must send next */
	uint32_t nargs;      /* its payload dwords (ANY_ARGS: not checked) */
	uint32_t args[32];
	uint32_t reply[8];   /* raw reply words, header included */
	uint32_t nreply;
	const void *blob;    /* bytes appended to the reply */
	size_t blob_bytes;
	size_t cut;          /* nonzero: send only this many reply bytes, then close */
	enum peer_fd fd;     /* passed after the reply (memfd: of the request's data_size) */
	unsigned delay_ms;   /* after the reply and fd: before firing the eventfd and `then` */
	enum peer_then then;
};

struct peer {
	int fd;              /* the peer's end */
	int client_fd;       /* the client's end until the transport owns it */
	pthread_t thread;
	bool running;
	bool close_at_start; /* hang up before reading anything */
	struct peer_step steps[PEER_MAX_STEPS];
	unsigned nsteps;
	unsigned done;       /* steps whose command arrived as expected */
	uint32_t last[256];  /* payload of the last command */
	size_t bytes_after;  /* what arrived after the script ended or stalled */
	void *shm;           /* the memfd the peer handed out, mapped here */
	size_t shm_size;
	int fds_before;      /* open fds before the socketpair: nothing may leak */
	char fail[256];      /* the first thing the client got wrong */
};

static struct peer g_peer;
/* Publishes peer.shm to the test thread (the socket orders it too, but
 * helgrind cannot see that). */
static pthread_mutex_t g_shm_lock = PTHREAD_MUTEX_INITIALIZER;
static struct vdrm_device *g_dev;
static struct vdrm_transport *g_t;
static uint8_t g_caps[4096];
static size_t g_caps_size;

/* ---- the peer thread ----------------------------------------------------- */

__attribute__((format(printf, 2, 3)))
static bool peer_fail(struct peer *p, const char *fmt, ...)
{
	va_list ap;

	if (!p->fail[0]) {
		va_start(ap, fmt);
		vsnprintf(p->fail, sizeof(p->fail), fmt, ap);
		va_end(ap);
	}
	if (p->fd >= 0)
		close(p->fd); /* the client sees a lost device at once, not a hang */
	p->fd = -1;
	return false;
}

static void peer_close(struct peer *p)
{
	close(p->fd);
	p->fd = -1;
}

/* Exactly n bytes; false on EOF, error, or a client silent for PEER_IDLE_MS. */
static bool peer_read(struct peer *p, void *buf, size_t n)
{
	char *c = buf;

	while (n) {
		struct pollfd pf = { .fd = p->fd, .events = POLLIN };
		ssize_t r;

		if (poll(&pf, 1, PEER_IDLE_MS) <= 0)
			return false;
		r = read(p->fd, c, n);
		if (r <= 0)
			return false;
		c += r;
		n -= (size_t)r;
	}
	return true;
}

static bool peer_write(struct peer *p, const void *buf, size_t n)
{
	const char *c = buf;

	while (n) {
		ssize_t r = send(p->fd, c, n, MSG_NOSIGNAL);

		if (r < 0 && errno == EINTR)
			continue;
		if (r <= 0)
			return false;
		c += r;
		n -= (size_t)r;
	}
	return true;
}

/* CREATE_RENDERER's length is in bytes and covers the name's NUL. */
static bool check_renderer_name(struct peer *p, uint32_t len)
{
	const char *name = (const char *)p->last;

	if (len < 2 || name[len - 1] != '\0' || strlen(name) != len - 1)
		return peer_fail(p, "CREATE_RENDERER length %u does not match its name", len);
	return true;
}

static bool check_args(struct peer *p, const struct peer_step *s, uint32_t len)
{
	if (s->cmd == VTEST_CREATE_RENDERER)
		return check_renderer_name(p, len);
	if (s->nargs == ANY_ARGS)
		return true;
	if (len != s->nargs)
		return peer_fail(p, "step %u: command %u has %u dwords, expected %u", p->done,
				 s->cmd, len, s->nargs);
	for (uint32_t i = 0; i < len; i++)
		if (p->last[i] != s->args[i])
			return peer_fail(p, "step %u: command %u dword %u is %u, expected %u",
					 p->done, s->cmd, i, p->last[i], s->args[i]);
	return true;
}

/* Reads the next command and checks it against the step. */
static bool peer_take_cmd(struct peer *p, const struct peer_step *s)
{
	uint32_t hdr[2];
	size_t bytes;

	if (!peer_read(p, hdr, sizeof(hdr)))
		return peer_fail(p, "step %u: no command %u from the client", p->done, s->cmd);
	if (hdr[1] != s->cmd)
		return peer_fail(p, "step %u: got command %u, expected %u", p->done, hdr[1], s->cmd);
	bytes = hdr[1] == VTEST_CREATE_RENDERER ? hdr[0] : (size_t)hdr[0] * 4;
	if (bytes > sizeof(p->last))
		return peer_fail(p, "step %u: command %u of %zu bytes", p->done, s->cmd, bytes);
	memset(p->last, 0, sizeof(p->last));
	if (!peer_read(p, p->last, bytes))
		return peer_fail(p, "step %u: command %u cut short", p->done, s->cmd);
	return check_args(p, s, hdr[0]);
}

/* Reply words + blob, or only their first `limit` bytes. */
static bool peer_send_reply(struct peer *p, const struct peer_step *s, size_t limit)
{
	size_t words = s->nreply * sizeof(uint32_t), total = words + s->blob_bytes;
	char *buf = malloc(total ? total : 1);
	bool ok;

	if (!buf)
		return peer_fail(p, "out of memory");
	memcpy(buf, s->reply, words);
	if (s->blob_bytes)
		memcpy(buf + words, s->blob, s->blob_bytes);
	ok = peer_write(p, buf, total < limit ? total : limit);
	free(buf);
	return ok || peer_fail(p, "step %u: the client hung up before the reply", p->done);
}

/* vtest's way: a one-byte message carrying SCM_RIGHTS fds (n = 0: none). */
static bool peer_send_fds(struct peer *p, const int *fds, unsigned n)
{
	char byte = 0, ctl[CMSG_SPACE(2 * sizeof(int))];
	struct iovec iov = { &byte, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = n ? ctl : NULL,
			    .msg_controllen = n ? CMSG_SPACE(n * sizeof(int)) : 0 };
	struct cmsghdr *cm;

	memset(ctl, 0, sizeof(ctl));
	if (n) {
		cm = CMSG_FIRSTHDR(&m);
		cm->cmsg_level = SOL_SOCKET;
		cm->cmsg_type = SCM_RIGHTS;
		cm->cmsg_len = CMSG_LEN(n * sizeof(int));
		memcpy(CMSG_DATA(cm), fds, n * sizeof(int));
	}
	return sendmsg(p->fd, &m, MSG_NOSIGNAL) == 1 ||
	       peer_fail(p, "step %u: sending an fd failed", p->done);
}

static bool peer_send_fd(struct peer *p, int fd)
{
	return peer_send_fds(p, &fd, 1);
}

/* Two fresh eventfds on one message; the client must not keep either. */
static bool peer_send_two_fds(struct peer *p)
{
	int fds[2] = { eventfd(0, EFD_CLOEXEC), eventfd(0, EFD_CLOEXEC) };
	bool ok = fds[0] >= 0 && fds[1] >= 0 && peer_send_fds(p, fds, 2);

	for (int i = 0; i < 2; i++)
		if (fds[i] >= 0)
			close(fds[i]);
	return ok || peer_fail(p, "step %u: sending two fds failed", p->done);
}

/* Maps the memfd and publishes the mapping to the test thread. */
static bool peer_map_shm(struct peer *p, int fd, size_t size)
{
	void *map;

	if (ftruncate(fd, (off_t)size) < 0)
		return false;
	map = mmap(NULL, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (map == MAP_FAILED)
		return false;
	pthread_mutex_lock(&g_shm_lock);
	p->shm = map;
	p->shm_size = size;
	pthread_mutex_unlock(&g_shm_lock);
	return true;
}

/* The server's RESOURCE_CREATE2 backing: a memfd of data_size, kept mapped here. */
static bool peer_send_memfd(struct peer *p)
{
	size_t size = p->last[10];
	int fd = memfd_create("vtest-res", MFD_CLOEXEC);
	bool ok;

	if (fd < 0)
		return peer_fail(p, "memfd_create: %s", strerror(errno));
	ok = peer_map_shm(p, fd, size) ? peer_send_fd(p, fd)
				       : peer_fail(p, "memfd of %zu bytes: %s", size, strerror(errno));
	close(fd);
	return ok;
}

/* SYNC_WAIT's eventfd; *efd stays open so the step can fire it later. */
static bool peer_send_eventfd(struct peer *p, int *efd)
{
	*efd = eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK);
	if (*efd < 0)
		return peer_fail(p, "eventfd: %s", strerror(errno));
	return peer_send_fd(p, *efd);
}

static void fire_and_close(int efd, bool fire)
{
	uint64_t one = 1;

	if (efd < 0)
		return;
	if (fire && write(efd, &one, sizeof(one)) != sizeof(one))
		abort(); /* an eventfd at 0 always takes a 1 */
	close(efd);
}

/* false: the peer stops serving (closed, stalled, or failed). */
static bool peer_answer(struct peer *p, const struct peer_step *s)
{
	int efd = -1;
	bool ok = true;

	if (s->cut) {
		peer_send_reply(p, s, s->cut);
		peer_close(p);
		return false;
	}
	if (s->nreply || s->blob_bytes)
		ok = peer_send_reply(p, s, SIZE_MAX);
	if (ok && s->fd == PEER_FD_MEMFD)
		ok = peer_send_memfd(p);
	else if (ok && s->fd == PEER_FD_BYTE_ONLY)
		ok = peer_send_fds(p, NULL, 0);
	else if (ok && s->fd == PEER_FD_TWO_EVENTFDS)
		ok = peer_send_two_fds(p);
	else if (ok && s->fd != PEER_FD_NONE)
		ok = peer_send_eventfd(p, &efd);
	if (ok && s->delay_ms)
		usleep(s->delay_ms * 1000u);
	fire_and_close(efd, ok && s->fd == PEER_FD_EVENTFD_FIRED);
	if (ok && s->then == THEN_EOF)
		peer_close(p);
	return ok && s->then == THEN_NEXT;
}

/* After the script (or a stall): count what still comes until the client hangs up. */
static void peer_drain(struct peer *p)
{
	char junk[512];

	for (;;) {
		struct pollfd pf = { .fd = p->fd, .events = POLLIN };
		ssize_t r;

		if (poll(&pf, 1, PEER_IDLE_MS) <= 0) {
			peer_fail(p, "the client never closed its socket");
			return;
		}
		r = read(p->fd, junk, sizeof(junk));
		if (r <= 0)
			return;
		p->bytes_after += (size_t)r;
	}
}

static void *peer_main(void *arg)
{
	struct peer *p = arg;

	if (p->close_at_start) {
		peer_close(p);
		return NULL;
	}
	while (p->done < p->nsteps) {
		const struct peer_step *s = &p->steps[p->done];

		if (!peer_take_cmd(p, s))
			break;
		p->done++;
		if (!peer_answer(p, s))
			break;
	}
	if (p->fd >= 0)
		peer_drain(p);
	return NULL;
}

/* ---- scripts --------------------------------------------------------------- */

static struct peer_step *expect_cmd(struct peer *p, uint32_t cmd, uint32_t n, ...)
{
	struct peer_step *s;
	va_list ap;

	ck_assert_uint_lt(p->nsteps, PEER_MAX_STEPS);
	s = &p->steps[p->nsteps++];
	memset(s, 0, sizeof(*s));
	s->cmd = cmd;
	s->nargs = n;
	va_start(ap, n);
	for (uint32_t i = 0; n != ANY_ARGS && i < n; i++)
		s->args[i] = va_arg(ap, uint32_t);
	va_end(ap);
	return s;
}

/* Sets the raw reply words (header first). */
static struct peer_step *answer(struct peer_step *s, uint32_t n, ...)
{
	va_list ap;

	ck_assert_uint_le(n, 8);
	s->nreply = n;
	va_start(ap, n);
	for (uint32_t i = 0; i < n; i++)
		s->reply[i] = va_arg(ap, uint32_t);
	va_end(ap);
	return s;
}

static void with_blob(struct peer_step *s, const void *blob, size_t bytes)
{
	s->blob = blob;
	s->blob_bytes = bytes;
}

/* Steps of the v3 handshake, in the order the client sends them. */
enum { HS_CREATE, HS_PING, HS_BUSY, HS_VERSION, HS_CAPSET, HS_CTX_INIT, HS_PARAM, HS_SYNC,
       HS_COUNT };

/* CREATE_RENDERER, the PING + BUSY_WAIT(0, 0) probe, PROTOCOL_VERSION(3) → agreed. */
static void hs_prefix(struct peer *p, uint32_t agreed)
{
	expect_cmd(p, VTEST_CREATE_RENDERER, ANY_ARGS);
	answer(expect_cmd(p, VTEST_PING_PROTOCOL_VERSION, 0), 2, 0, VTEST_PING_PROTOCOL_VERSION);
	answer(expect_cmd(p, VTEST_RESOURCE_BUSY_WAIT, 2, 0, 0), 3, 1, VTEST_RESOURCE_BUSY_WAIT, 0);
	answer(expect_cmd(p, VTEST_PROTOCOL_VERSION, 1, 3), 3, 1, VTEST_PROTOCOL_VERSION, agreed);
}

static void hs_capset(struct peer *p, uint32_t id, uint32_t version, uint32_t valid,
		      const void *blob, size_t bytes)
{
	struct peer_step *s = expect_cmd(p, VTEST_GET_CAPSET, 2, id, version);

	answer(s, 3, 1 + (uint32_t)(bytes / 4), VTEST_GET_CAPSET, valid);
	with_blob(s, blob, bytes);
}

/* GET_CAPS2's quirks: the reply id is 2 and its length is bytes + 1. */
static void hs_caps2(struct peer *p, const void *blob, size_t bytes)
{
	struct peer_step *s = expect_cmd(p, VTEST_GET_CAPS2, 0);

	answer(s, 2, (uint32_t)bytes + 1, 2);
	with_blob(s, blob, bytes);
}

/* CONTEXT_INIT, GET_PARAM(1) → timelines, SYNC_CREATE(0) → SYNC_ID if any. */
static void hs_v3_tail(struct peer *p, uint32_t capset, uint32_t timelines)
{
	expect_cmd(p, VTEST_CONTEXT_INIT, 1, capset);
	answer(expect_cmd(p, VTEST_GET_PARAM, 1, 1), 4, 2, VTEST_GET_PARAM, 1, timelines);
	if (timelines)
		answer(expect_cmd(p, VTEST_SYNC_CREATE, 2, 0, 0), 3, 1, VTEST_SYNC_CREATE, SYNC_ID);
}

static void script_v3(struct peer *p)
{
	hs_prefix(p, 3);
	hs_capset(p, 2, 2, 1, g_caps, g_caps_size);
	hs_v3_tail(p, 2, 64);
}

/* The last step stops the peer: `then` instead of (or after) its reply. */
static void stop_at(struct peer *p, unsigned step, bool keep_reply, enum peer_then then)
{
	p->nsteps = step + 1;
	if (!keep_reply) {
		p->steps[step].nreply = 0;
		p->steps[step].blob_bytes = 0;
	}
	p->steps[step].then = then;
}

/* SUBMIT_CMD2: [1 batch; flags RING_IDX, cmd_offset 9, cmd_size n, sync_offset
 * 9 + n, sync_count 1, ring 0, 0, 0], the stream, (sync, point lo, point hi). */
static void expect_submit2(struct peer *p, const uint32_t *dw, uint32_t n, uint64_t point)
{
	const uint32_t head[9] = { 1, 1, 9, n, 9 + n, 1, 0, 0, 0 };
	struct peer_step *s = expect_cmd(p, VTEST_SUBMIT_CMD2, ANY_ARGS);

	ck_assert_uint_le(9 + n + 3, 32);
	s->nargs = 9 + n + 3;
	memcpy(s->args, head, sizeof(head));
	memcpy(s->args + 9, dw, n * sizeof(uint32_t));
	s->args[9 + n] = SYNC_ID;
	s->args[10 + n] = (uint32_t)point;
	s->args[11 + n] = (uint32_t)(point >> 32);
}

static struct peer_step *expect_sync_wait(struct peer *p, uint64_t point)
{
	struct peer_step *s = expect_cmd(p, VTEST_SYNC_WAIT, 5, 0, UINT32_MAX, SYNC_ID,
					 (uint32_t)point, (uint32_t)(point >> 32));

	return answer(s, 2, 0, VTEST_SYNC_WAIT);
}

/* ---- client side helpers ---------------------------------------------------- */

static int64_t now_ms(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000 + ts.tv_nsec / 1000000;
}

static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void peer_start(struct peer *p)
{
	int sv[2];

	p->fds_before = count_fds();
	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
	p->fd = sv[0];
	p->client_fd = sv[1];
	ck_assert_int_eq(pthread_create(&p->thread, NULL, peer_main, p), 0);
	p->running = true;
}

static void client_destroy(void)
{
	if (g_dev)
		vdrm_device_destroy(g_dev);
	else if (g_t)
		g_t->ops->destroy(g_t);
	g_dev = NULL;
	g_t = NULL;
	if (g_peer.client_fd >= 0)
		close(g_peer.client_fd);
	g_peer.client_fd = -1;
}

/* Joins the peer and releases its side; safe to call twice. */
static void peer_stop(struct peer *p)
{
	if (p->running)
		pthread_join(p->thread, NULL);
	p->running = false;
	if (p->fd >= 0)
		close(p->fd);
	p->fd = -1;
	if (p->shm)
		munmap(p->shm, p->shm_size);
	p->shm = NULL;
}

/* The client is gone: the whole script ran, nothing else arrived, no fd leaked. */
static void peer_finish(struct peer *p)
{
	client_destroy();
	peer_stop(p);
	ck_assert_msg(!p->fail[0], "peer: %s", p->fail);
	ck_assert_uint_eq(p->done, p->nsteps);
	ck_assert_uint_eq(p->bytes_after, 0);
	ck_assert_int_eq(count_fds(), p->fds_before);
}

static void peer_reset(struct peer *p)
{
	memset(p, 0, sizeof(*p));
	p->fd = -1;
	p->client_fd = -1;
}

static int open_vtest(struct peer *p, uint32_t timeout_ms, struct vdrm_error *err)
{
	struct vdrm_vtest_create_info info = { .fd = p->client_fd, .reply_timeout_ms = timeout_ms };

	p->client_fd = -1; /* the transport owns it now, even if creation fails */
	return vdrm_transport_create_vtest(&info, &g_t, err);
}

/* The handshake must fail with `code` and a message in less than max_ms. */
static void expect_create_fails(int code, uint32_t timeout_ms, int64_t max_ms)
{
	struct vdrm_error err = { 0 };
	int64_t t0;

	peer_start(&g_peer);
	t0 = now_ms();
	ck_assert_int_eq(open_vtest(&g_peer, timeout_ms, &err), code);
	ck_assert_int_lt(now_ms() - t0, max_ms);
	ck_assert_ptr_null(g_t);
	ck_assert_int_eq(err.code, code);
	ck_assert_msg(strstr(err.message, "vtest") != NULL, "message: '%s'", err.message);
	peer_finish(&g_peer);
}

static void open_device(uint32_t timeout_ms)
{
	struct vdrm_error err = { 0 };

	ck_assert_int_eq(open_vtest(&g_peer, timeout_ms, &err), VDRM_OK);
	ck_assert_int_eq(vdrm_device_create_from_transport(g_t, &g_dev, &err), VDRM_OK);
	g_t = NULL; /* the device owns it */
	/* the fake peer takes opaque dwords (stream4), not virgl commands: the
	 * validator that make check turns on (VIRTGL_DEBUG=validate) would
	 * rightly refuse them; this suite tests the transport */
	ck_assert_int_eq(vdrm_device_set_validate(g_dev, false), VDRM_OK);
}

static const uint32_t stream4[4] = { 0x11, 0x22, 0x33, 0x44 };

static uint64_t submit4(void)
{
	struct vdrm_cs cs;
	struct vdrm_submit s = { .cs = &cs, .in_fence_fd = -1 };
	uint64_t point = 0;
	uint32_t *dw;

	vdrm_cs_init(&cs);
	dw = vdrm_cs_reserve(&cs, 4);
	ck_assert_ptr_nonnull(dw);
	memcpy(dw, stream4, sizeof(stream4));
	ck_assert_int_eq(vdrm_device_submit(g_dev, &s, &point), VDRM_OK);
	vdrm_cs_finish(&cs);
	return point;
}

static const struct vdrm_resource_create_info buffer_info = {
	.target = VDRM_TARGET_BUFFER, .format = VDRM_FORMAT_R8_UNORM,
	.bind = VDRM_BIND_VERTEX_BUFFER, .width = 4096, .height = 1, .depth = 1,
	.array_size = 1,
};

/* RESOURCE_CREATE2 of buffer_info with `handle`; the peer sends a memfd. */
static struct peer_step *expect_create2(struct peer *p, uint32_t handle)
{
	const struct vdrm_resource_create_info *i = &buffer_info;
	struct peer_step *s = expect_cmd(p, VTEST_RESOURCE_CREATE2, 11, handle, i->target,
					 i->format, i->bind, i->width, i->height, i->depth,
					 i->array_size, i->last_level, i->nr_samples,
					 (uint32_t)vdrm_resource_backing_size(i));

	s->fd = PEER_FD_MEMFD;
	return s;
}

/* The resource's map and the peer's memfd are one memory. */
static void check_aliasing(struct vdrm_resource *res)
{
	uint8_t *mine = res->map, *theirs;
	size_t size;

	pthread_mutex_lock(&g_shm_lock);
	theirs = g_peer.shm;
	size = g_peer.shm_size;
	pthread_mutex_unlock(&g_shm_lock);
	ck_assert_ptr_nonnull(mine);
	ck_assert_ptr_nonnull(theirs);
	ck_assert_uint_eq(size, res->size);
	memset(mine, 0xab, 16);
	ck_assert_uint_eq(theirs[0], 0xab);
	ck_assert_uint_eq(theirs[15], 0xab);
	theirs[res->size - 1] = 0x5a;
	ck_assert_uint_eq(mine[res->size - 1], 0x5a);
}

/* ---- fixture ----------------------------------------------------------------- */

static void load_caps(void)
{
	FILE *f;

	if (g_caps_size)
		return;
	f = fopen(TEST_DATA_DIR "/caps2.bin", "rb");
	ck_assert_ptr_nonnull(f);
	g_caps_size = fread(g_caps, 1, sizeof(g_caps), f);
	fclose(f);
	ck_assert_uint_eq(g_caps_size, VDRM_CAPS_V2_SIZE);
}

static void setup(void)
{
	load_caps();
	peer_reset(&g_peer);
	g_dev = NULL;
	g_t = NULL;
}

/* Only does work when a test failed half-way (peer_finish did it otherwise). */
static void teardown(void)
{
	client_destroy();
	peer_stop(&g_peer);
}

/* ---- 1: handshake ------------------------------------------------------------- */

START_TEST(test_handshake_v3)
{
	struct vdrm_error err = { 0 };

	script_v3(&g_peer);
	expect_cmd(&g_peer, VTEST_SYNC_UNREF, 1, SYNC_ID); /* at destroy */
	peer_start(&g_peer);
	ck_assert_int_eq(open_vtest(&g_peer, SLOW_MS, &err), VDRM_OK);
	ck_assert_str_eq(g_t->name, "vtest");
	ck_assert_uint_eq(g_t->capset_id, 2);
	ck_assert_uint_eq(g_t->caps_size, g_caps_size);
	ck_assert_mem_eq(g_t->caps, g_caps, g_caps_size);
	ck_assert_msg(strstr(g_t->detail, "protocol 3"), "detail: %s", g_t->detail);
	ck_assert(g_t->has_fence_fds);
	ck_assert(!g_t->lost);
	ck_assert_int_eq(vdrm_device_create_from_transport(g_t, &g_dev, &err), VDRM_OK);
	g_t = NULL;
	ck_assert_uint_eq(vdrm_device_caps(g_dev)->capset_id, 2);
	peer_finish(&g_peer);
}
END_TEST

/* A host without capset 2 answers valid = 0; the client asks for (1, 1). */
START_TEST(test_handshake_capset1_fallback)
{
	struct vdrm_error err = { 0 };

	hs_prefix(&g_peer, 3);
	hs_capset(&g_peer, 2, 2, 0, NULL, 0);
	hs_capset(&g_peer, 1, 1, 1, g_caps, VDRM_CAPS_V1_SIZE);
	hs_v3_tail(&g_peer, 1, 64);
	expect_cmd(&g_peer, VTEST_SYNC_UNREF, 1, SYNC_ID);
	peer_start(&g_peer);
	ck_assert_int_eq(open_vtest(&g_peer, SLOW_MS, &err), VDRM_OK);
	ck_assert_uint_eq(g_t->capset_id, 1);
	ck_assert_uint_eq(g_t->caps_size, VDRM_CAPS_V1_SIZE);
	ck_assert_mem_eq(g_t->caps, g_caps, VDRM_CAPS_V1_SIZE);
	peer_finish(&g_peer);
}
END_TEST

/* v3 with GET_PARAM(1) = 0: no sync object, busy-wait fences, no fence fds. */
START_TEST(test_handshake_v3_no_timelines)
{
	struct vdrm_error err = { 0 };

	hs_prefix(&g_peer, 3);
	hs_capset(&g_peer, 2, 2, 1, g_caps, g_caps_size);
	hs_v3_tail(&g_peer, 2, 0);
	peer_start(&g_peer);
	ck_assert_int_eq(open_vtest(&g_peer, SLOW_MS, &err), VDRM_OK);
	ck_assert(!g_t->has_fence_fds);
	ck_assert_msg(strstr(g_t->detail, "busy-wait"), "detail: %s", g_t->detail);
	peer_finish(&g_peer); /* and no SYNC_UNREF at destroy */
}
END_TEST

START_TEST(test_handshake_version_too_old)
{
	hs_prefix(&g_peer, 0);
	expect_create_fails(VDRM_ERROR_UNSUPPORTED, SLOW_MS, 1000);
}
END_TEST

/* ---- 2: v2 fallback ---------------------------------------------------------- */

/* v2: GET_CAPS2, SUBMIT_CMD, BUSY_WAIT fences, client-chosen handles. */
START_TEST(test_v2_fallback)
{
	struct vdrm_resource *res = NULL;
	uint64_t point;

	hs_prefix(&g_peer, 2);
	hs_caps2(&g_peer, g_caps, g_caps_size);
	expect_cmd(&g_peer, VTEST_SUBMIT_CMD, 4, 0x11, 0x22, 0x33, 0x44);
	answer(expect_cmd(&g_peer, VTEST_RESOURCE_BUSY_WAIT, 2, 0, 0), 3, 1, 7, 1); /* query: busy */
	answer(expect_cmd(&g_peer, VTEST_RESOURCE_BUSY_WAIT, 2, 0, 0), 3, 1, 7, 0); /* wait: idle */
	expect_create2(&g_peer, 1); /* v2: handle 1, no reply header, only the fd */
	expect_cmd(&g_peer, VTEST_RESOURCE_UNREF, 1, 1);
	peer_start(&g_peer);
	open_device(SLOW_MS);
	ck_assert_msg(strstr(vdrm_device_transport_detail(g_dev), "protocol 2"), "detail: %s",
		      vdrm_device_transport_detail(g_dev));
	ck_assert_uint_eq(vdrm_device_caps(g_dev)->capset_id, 2);
	point = submit4();
	ck_assert_int_eq(vdrm_device_wait(g_dev, point, 2000000000), VDRM_OK);
	ck_assert(vdrm_device_is_signaled(g_dev, point));
	ck_assert_int_eq(vdrm_device_export_fd(g_dev, point, &(int){ -1 }), VDRM_ERROR_UNSUPPORTED);
	ck_assert_int_eq(vdrm_resource_create(g_dev, &buffer_info, &res), VDRM_OK);
	ck_assert_uint_eq(res->res_handle, 1);
	check_aliasing(res);
	vdrm_resource_destroy(g_dev, res);
	peer_finish(&g_peer);
}
END_TEST

/* ---- 3, 4: EOF and short replies during the handshake ----------------------- */

START_TEST(test_eof_before_anything)
{
	g_peer.close_at_start = true;
	expect_create_fails(VDRM_ERROR_DEVICE_LOST, FAST_MS, 2000);
}
END_TEST

/* The peer reads step _i's command and closes instead of answering. */
START_TEST(test_eof_at_each_step)
{
	script_v3(&g_peer);
	stop_at(&g_peer, (unsigned)_i, false, THEN_EOF);
	expect_create_fails(VDRM_ERROR_DEVICE_LOST, FAST_MS, 2000);
}
END_TEST

static const struct { unsigned step; size_t cut; } short_cases[] = {
	{ HS_VERSION, 4 },  /* half a header */
	{ HS_PING, 4 },
	{ HS_CAPSET, 100 }, /* the header, then part of the caps */
	{ HS_SYNC, 10 },    /* the header, then half the sync id */
};

START_TEST(test_short_reply)
{
	script_v3(&g_peer);
	stop_at(&g_peer, short_cases[_i].step, true, THEN_NEXT);
	g_peer.steps[short_cases[_i].step].cut = short_cases[_i].cut;
	expect_create_fails(VDRM_ERROR_DEVICE_LOST, FAST_MS, 2000);
}
END_TEST

/* ---- 5: oversized replies -------------------------------------------------- */

/*
 * A length the client must refuse from the header alone. The peer then stalls
 * with the timeout long, so failing fast shows the client neither read nor
 * allocated for the claimed size.
 */
START_TEST(test_oversized_capset)
{
	script_v3(&g_peer);
	stop_at(&g_peer, HS_CAPSET, false, THEN_STALL);
	answer(&g_peer.steps[HS_CAPSET], 3, 100000, VTEST_GET_CAPSET, 1);
	expect_create_fails(VDRM_ERROR_DEVICE_LOST, SLOW_MS, 1000);
}
END_TEST

START_TEST(test_empty_capset_reply)
{
	script_v3(&g_peer);
	stop_at(&g_peer, HS_CAPSET, false, THEN_STALL);
	answer(&g_peer.steps[HS_CAPSET], 2, 0, VTEST_GET_CAPSET);
	expect_create_fails(VDRM_ERROR_DEVICE_LOST, SLOW_MS, 1000);
}
END_TEST

START_TEST(test_oversized_caps2)
{
	hs_prefix(&g_peer, 2);
	answer(expect_cmd(&g_peer, VTEST_GET_CAPS2, 0), 2, VTEST_MAX_REPLY_DWORDS * 4 + 2, 2);
	g_peer.steps[g_peer.nsteps - 1].then = THEN_STALL;
	expect_create_fails(VDRM_ERROR_DEVICE_LOST, SLOW_MS, 1000);
}
END_TEST

static uint32_t big_caps[1000]; /* 4000 bytes: allowed, but more than transport caps[] */

static void fill_big_caps(void)
{
	for (uint32_t i = 0; i < 1000; i++)
		big_caps[i] = 0xc0de0000 | i;
}

/* Kept up to the buffer, the rest drained: GET_PARAM and SYNC_CREATE still parse. */
START_TEST(test_big_capset_truncated)
{
	struct vdrm_error err = { 0 };

	fill_big_caps();
	hs_prefix(&g_peer, 3);
	hs_capset(&g_peer, 2, 2, 1, big_caps, sizeof(big_caps));
	hs_v3_tail(&g_peer, 2, 64);
	expect_cmd(&g_peer, VTEST_SYNC_UNREF, 1, SYNC_ID);
	peer_start(&g_peer);
	ck_assert_int_eq(open_vtest(&g_peer, SLOW_MS, &err), VDRM_OK);
	ck_assert_uint_eq(g_t->caps_size, sizeof(g_t->caps));
	ck_assert_mem_eq(g_t->caps, big_caps, sizeof(g_t->caps));
	ck_assert(g_t->has_fence_fds); /* GET_PARAM and SYNC_CREATE were read in step */
	peer_finish(&g_peer);
}
END_TEST

/* Same over GET_CAPS2, with an odd byte count; a BUSY_WAIT after it still parses. */
START_TEST(test_big_caps2_truncated)
{
	struct vdrm_error err = { 0 };
	struct vdrm_submit_info si = { .dwords = stream4, .ndw = 4, .in_fence_fd = -1 };
	uint64_t done = 0;

	fill_big_caps();
	hs_prefix(&g_peer, 2);
	hs_caps2(&g_peer, big_caps, 3001);
	expect_cmd(&g_peer, VTEST_SUBMIT_CMD, 4, 0x11, 0x22, 0x33, 0x44);
	answer(expect_cmd(&g_peer, VTEST_RESOURCE_BUSY_WAIT, 2, 0, 0), 3, 1, 7, 0);
	peer_start(&g_peer);
	ck_assert_int_eq(open_vtest(&g_peer, SLOW_MS, &err), VDRM_OK);
	ck_assert_uint_eq(g_t->caps_size, sizeof(g_t->caps));
	ck_assert_mem_eq(g_t->caps, big_caps, sizeof(g_t->caps));
	ck_assert_int_eq(g_t->ops->submit(g_t, &si, 1), VDRM_OK);
	ck_assert_int_eq(g_t->sync_ops->query(g_t, &done), VDRM_OK);
	ck_assert_uint_eq(done, 1);
	peer_finish(&g_peer);
}
END_TEST

/* ---- 6: malformed replies -------------------------------------------------- */

static const struct { unsigned step; unsigned word; uint32_t value; } bad_cases[] = {
	{ HS_PING, 1, 99 },                      /* wrong id to the probe */
	{ HS_BUSY, 1, VTEST_PING_PROTOCOL_VERSION },
	{ HS_VERSION, 1, VTEST_GET_PARAM },
	{ HS_CAPSET, 1, VTEST_GET_CAPS2 },
	{ HS_PARAM, 1, VTEST_GET_CAPSET },
	{ HS_SYNC, 1, VTEST_SYNC_READ },
	{ HS_VERSION, 0, 2 },                    /* right id, wrong length */
	{ HS_PARAM, 0, 1 },
};

/* A wrong id or length is caught from the header (the long timeout never runs out). */
START_TEST(test_malformed_reply)
{
	unsigned step = bad_cases[_i].step;

	script_v3(&g_peer);
	g_peer.steps[step].reply[bad_cases[_i].word] = bad_cases[_i].value;
	/* the probe sends BUSY_WAIT before reading PING's reply: take it too */
	if (step == HS_PING)
		stop_at(&g_peer, HS_BUSY, false, THEN_STALL);
	else
		stop_at(&g_peer, step, true, THEN_STALL);
	expect_create_fails(VDRM_ERROR_DEVICE_LOST, SLOW_MS, 1000);
}
END_TEST

/* ---- 7, 8: a stalled peer --------------------------------------------------- */

static const unsigned stall_steps[] = { HS_BUSY, HS_VERSION, HS_CAPSET, HS_PARAM, HS_SYNC };

START_TEST(test_stall_during_handshake)
{
	int64_t t0 = now_ms();

	script_v3(&g_peer);
	stop_at(&g_peer, stall_steps[_i], false, THEN_STALL);
	expect_create_fails(VDRM_ERROR_DEVICE_LOST, FAST_MS, FAST_MS + 1500);
	ck_assert_int_ge(now_ms() - t0, FAST_MS - 10);
}
END_TEST

/* After lost: every call fails at once and never touches the socket. */
static void check_all_calls_lost(struct vdrm_resource *res)
{
	struct vdrm_resource *res2 = NULL;
	struct vdrm_cs cs;
	struct vdrm_submit s = { .cs = &cs, .in_fence_fd = -1 };
	struct vdrm_box box = { 0, 0, 0, 16, 1, 1 };
	uint64_t point = 0;
	int fd = -1;
	int64_t t0 = now_ms();

	vdrm_cs_init(&cs);
	*vdrm_cs_reserve(&cs, 1) = 0x11;
	ck_assert_int_eq(vdrm_device_submit(g_dev, &s, &point), VDRM_ERROR_DEVICE_LOST);
	vdrm_cs_finish(&cs);
	ck_assert_int_eq(vdrm_resource_create(g_dev, &buffer_info, &res2), VDRM_ERROR_DEVICE_LOST);
	ck_assert_ptr_null(res2);
	ck_assert_int_eq(vdrm_device_wait(g_dev, 1, 1000000000), VDRM_ERROR_DEVICE_LOST);
	ck_assert_int_eq(vdrm_device_export_fd(g_dev, 1, &fd), VDRM_ERROR_DEVICE_LOST);
	ck_assert_int_eq(fd, -1);
	ck_assert_int_eq(vdrm_resource_upload(g_dev, res, 0, &box), VDRM_ERROR_DEVICE_LOST);
	ck_assert_int_eq(vdrm_resource_download(g_dev, res, 0, &box), VDRM_ERROR_DEVICE_LOST);
	ck_assert_int_eq(vdrm_resource_wait_idle(g_dev, res), VDRM_ERROR_DEVICE_LOST);
	ck_assert(!vdrm_device_is_signaled(g_dev, 1));
	vdrm_resource_destroy(g_dev, res); /* no RESOURCE_UNREF either */
	ck_assert_int_lt(now_ms() - t0, FAST_MS / 2); /* no call waited for a reply */
}

/* SYNC_READ is never answered: last_completed gives up within the timeout. */
START_TEST(test_stall_after_create)
{
	struct vdrm_resource *res = NULL;
	uint64_t point;
	int64_t t0;

	script_v3(&g_peer);
	answer(expect_create2(&g_peer, 0), 3, 1, VTEST_RESOURCE_CREATE2, RES_ID);
	expect_submit2(&g_peer, stream4, 4, 1);
	expect_cmd(&g_peer, VTEST_SYNC_READ, 1, SYNC_ID)->then = THEN_STALL;
	peer_start(&g_peer);
	open_device(FAST_MS);
	ck_assert_int_eq(vdrm_resource_create(g_dev, &buffer_info, &res), VDRM_OK);
	point = submit4();
	ck_assert_uint_eq(point, 1);
	t0 = now_ms();
	ck_assert_uint_eq(vdrm_device_last_completed(g_dev), 0);
	ck_assert_int_lt(now_ms() - t0, FAST_MS + 1500);
	ck_assert(vdrm_device_is_lost(g_dev));
	ck_assert_str_ne(vdrm_device_error(g_dev), "");
	check_all_calls_lost(res);
	peer_finish(&g_peer); /* bytes_after == 0: nothing was sent after SYNC_READ */
}
END_TEST

/* ---- 9, 10: SYNC_WAIT eventfds -------------------------------------------- */

/* The eventfd never fires and the peer hangs up: the wait sees the socket go. */
START_TEST(test_peer_closes_during_wait)
{
	struct peer_step *s;
	uint64_t point;
	int64_t t0;

	script_v3(&g_peer);
	expect_submit2(&g_peer, stream4, 4, 1);
	s = expect_sync_wait(&g_peer, 1); /* the wait asks no SYNC_READ first */
	s->fd = PEER_FD_EVENTFD;
	s->delay_ms = 100;
	s->then = THEN_EOF;
	peer_start(&g_peer);
	open_device(SLOW_MS);
	point = submit4();
	t0 = now_ms();
	ck_assert_int_eq(vdrm_device_wait(g_dev, point, 3000000000), VDRM_ERROR_DEVICE_LOST);
	ck_assert_int_lt(now_ms() - t0, 2000);
	ck_assert(vdrm_device_is_lost(g_dev));
	ck_assert_int_eq(vdrm_device_wait(g_dev, point, 3000000000), VDRM_ERROR_DEVICE_LOST);
	peer_finish(&g_peer);
}
END_TEST

static void check_eventfd_fired(int fd)
{
	struct pollfd pf = { .fd = fd, .events = POLLIN };
	uint64_t v = 0;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(poll(&pf, 1, 2000), 1);
	ck_assert_int_eq(read(fd, &v, sizeof(v)), sizeof(v));
	ck_assert_uint_eq(v, 1);
	close(fd);
}

/* [0, 23] + an eventfd the peer fires 50 ms later; then export_fd. */
START_TEST(test_eventfd_wait_and_export)
{
	struct peer_step *s;
	uint64_t point;
	int fd = -1;

	script_v3(&g_peer);
	expect_submit2(&g_peer, stream4, 4, 1);
	s = expect_sync_wait(&g_peer, 1); /* the wait asks no SYNC_READ first */
	s->fd = PEER_FD_EVENTFD_FIRED;
	s->delay_ms = 50;
	expect_sync_wait(&g_peer, 1)->fd = PEER_FD_EVENTFD_FIRED; /* export_fd */
	expect_cmd(&g_peer, VTEST_SYNC_UNREF, 1, SYNC_ID);
	peer_start(&g_peer);
	open_device(SLOW_MS);
	point = submit4();
	ck_assert_int_eq(vdrm_device_wait(g_dev, point, 2000000000), VDRM_OK);
	ck_assert(vdrm_device_is_signaled(g_dev, point)); /* from the cache: no SYNC_READ */
	ck_assert_uint_eq(vdrm_device_last_completed(g_dev), point);
	ck_assert_int_eq(vdrm_device_export_fd(g_dev, point, &fd), VDRM_OK);
	check_eventfd_fired(fd);
	ck_assert(!vdrm_device_is_lost(g_dev));
	peer_finish(&g_peer);
}
END_TEST

/* A reply whose fd message is wrong: lost at once, and nothing it carried leaks. */
static const enum peer_fd bad_fd_cases[] = { PEER_FD_BYTE_ONLY, PEER_FD_TWO_EVENTFDS };

START_TEST(test_bad_fd_message)
{
	int fd = -1;
	int64_t t0;

	script_v3(&g_peer);
	expect_submit2(&g_peer, stream4, 4, 1);
	expect_sync_wait(&g_peer, 1)->fd = bad_fd_cases[_i];
	g_peer.steps[g_peer.nsteps - 1].then = THEN_STALL;
	peer_start(&g_peer);
	open_device(SLOW_MS);
	submit4();
	t0 = now_ms();
	ck_assert_int_eq(vdrm_device_export_fd(g_dev, 1, &fd), VDRM_ERROR_DEVICE_LOST);
	ck_assert_int_lt(now_ms() - t0, 1000);
	ck_assert(vdrm_device_is_lost(g_dev));
	peer_finish(&g_peer); /* counts the fds: none of the two may stay open */
}
END_TEST

/* ---- 11: resources over v3 ------------------------------------------------ */

START_TEST(test_resource_create_v3_memfd)
{
	struct vdrm_resource *res = NULL;

	script_v3(&g_peer);
	answer(expect_create2(&g_peer, 0), 3, 1, VTEST_RESOURCE_CREATE2, RES_ID);
	expect_cmd(&g_peer, VTEST_RESOURCE_UNREF, 1, RES_ID);
	expect_cmd(&g_peer, VTEST_SYNC_UNREF, 1, SYNC_ID);
	peer_start(&g_peer);
	open_device(SLOW_MS);
	ck_assert_int_eq(vdrm_resource_create(g_dev, &buffer_info, &res), VDRM_OK);
	ck_assert_uint_eq(res->res_handle, RES_ID);
	ck_assert_uint_eq(res->size, vdrm_resource_backing_size(&buffer_info));
	check_aliasing(res);
	vdrm_resource_destroy(g_dev, res);
	peer_finish(&g_peer);
}
END_TEST

/* The host answers res_id, then hangs up before the backing's fd: lost, no crash. */
START_TEST(test_resource_create_without_fd)
{
	struct vdrm_resource *res = NULL;
	struct peer_step *s;

	script_v3(&g_peer);
	s = answer(expect_create2(&g_peer, 0), 3, 1, VTEST_RESOURCE_CREATE2, RES_ID);
	s->fd = PEER_FD_NONE;
	s->then = THEN_EOF;
	peer_start(&g_peer);
	open_device(FAST_MS);
	ck_assert_int_eq(vdrm_resource_create(g_dev, &buffer_info, &res), VDRM_ERROR_DEVICE_LOST);
	ck_assert_ptr_null(res);
	ck_assert(vdrm_device_is_lost(g_dev));
	peer_finish(&g_peer);
}
END_TEST

/* ---- suite ------------------------------------------------------------------- */

static TCase *new_tcase(Suite *s, const char *name)
{
	TCase *tc = tcase_create(name);

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 30); /* a hang fails the test (CK_FORK=yes) */
	suite_add_tcase(s, tc);
	return tc;
}

static Suite *vtest_peer_suite(void)
{
	Suite *s = suite_create("vtest_peer");
	TCase *tc = new_tcase(s, "handshake");

	tcase_add_test(tc, test_handshake_v3);
	tcase_add_test(tc, test_handshake_capset1_fallback);
	tcase_add_test(tc, test_handshake_v3_no_timelines);
	tcase_add_test(tc, test_handshake_version_too_old);
	tcase_add_test(tc, test_v2_fallback);
	tc = new_tcase(s, "broken_peer");
	tcase_add_test(tc, test_eof_before_anything);
	tcase_add_loop_test(tc, test_eof_at_each_step, 0, HS_COUNT);
	tcase_add_loop_test(tc, test_short_reply, 0, sizeof(short_cases) / sizeof(short_cases[0]));
	tcase_add_test(tc, test_oversized_capset);
	tcase_add_test(tc, test_empty_capset_reply);
	tcase_add_test(tc, test_oversized_caps2);
	tcase_add_test(tc, test_big_capset_truncated);
	tcase_add_test(tc, test_big_caps2_truncated);
	tcase_add_loop_test(tc, test_malformed_reply, 0, sizeof(bad_cases) / sizeof(bad_cases[0]));
	tcase_add_loop_test(tc, test_stall_during_handshake, 0,
			    sizeof(stall_steps) / sizeof(stall_steps[0]));
	tcase_add_test(tc, test_stall_after_create);
	tc = new_tcase(s, "fences_and_resources");
	tcase_add_test(tc, test_peer_closes_during_wait);
	tcase_add_test(tc, test_eventfd_wait_and_export);
	tcase_add_loop_test(tc, test_bad_fd_message, 0,
			    sizeof(bad_fd_cases) / sizeof(bad_fd_cases[0]));
	tcase_add_test(tc, test_resource_create_v3_memfd);
	tcase_add_test(tc, test_resource_create_without_fd);
	return s;
}

int main(void)
{
	return check_run(vtest_peer_suite(), CK_NORMAL);
}
