/* SPDX-License-Identifier: MIT */
/*
 * Submit → signalled round trip through virtgl's drm/ layer, against the
 * floor: the same loop written with raw socket calls (vtest) or raw ioctls
 * (DRM), in the same process, on the same host, interleaved in blocks so
 * that drift of the machine hits both alike.
 *
 *   bench_roundtrip [-t vtest|drm] [-n iterations] [-a]
 *
 * -a (vtest): an A/A run, the floor against a second raw connection, which
 * shows how much of a ratio is the machine's noise. On a 2-core machine the
 * two server processes land on either core and the ratio drifts by ±25 %;
 * bench/run.sh pins everything to one CPU, where A/A reads 1.00 ± 0.01.
 *
 * vtest: a private virgl_test_server is started (or VIRTGL_VTEST_SOCKET
 * used); both loops send one NOP per submit and wait for its point.
 * Output: KEY=VALUE lines (medians and p90 in µs, the ratio, peak RSS).
 */
#include <errno.h>
#include <fcntl.h>
#include <getopt.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/uio.h>
#include <sys/un.h>
#include <unistd.h>
#include <xf86drm.h>

#include "bench_util.h"
#include "vdrm_device.h"
#include "vdrm_virtgpu_uapi.h"
#include "vdrm_vtest_server.h"

#define BLOCK 4

struct floor_ops {
	int (*roundtrip)(void *ctx);
	void *ctx;
};

/* ---- the floor on vtest: hand-written socket calls ---------------------- */

struct raw_vtest {
	int fd;
	uint32_t sync_id;
	uint64_t value;
};

static int raw_write(int fd, const void *buf, size_t n)
{
	return write(fd, buf, n) == (ssize_t)n ? 0 : -1;
}

static int raw_read(int fd, void *buf, size_t n)
{
	char *p = buf;

	while (n) {
		ssize_t r = read(fd, p, n);
		if (r <= 0)
			return -1;
		p += r;
		n -= (size_t)r;
	}
	return 0;
}

static int raw_recv_fd(int fd)
{
	char b, ctl[CMSG_SPACE(sizeof(int))];
	struct iovec iov = { &b, 1 };
	struct msghdr m = { .msg_iov = &iov, .msg_iovlen = 1, .msg_control = ctl,
			    .msg_controllen = sizeof(ctl) };
	int out;

	if (recvmsg(fd, &m, 0) != 1 || !CMSG_FIRSTHDR(&m))
		return -1;
	memcpy(&out, CMSG_DATA(CMSG_FIRSTHDR(&m)), sizeof(int));
	return out;
}

static int raw_vtest_open(struct raw_vtest *r, const char *path)
{
	struct sockaddr_un un = { .sun_family = AF_UNIX };
	uint32_t create[2 + 2] = { 8, 8 }, ver[3] = { 1, 11, 3 }, init[3] = { 1, 17, 2 };
	uint32_t sync[4] = { 2, 19, 0, 0 }, reply[3];

	memcpy(&create[2], "raw\0\0\0\0", 8);
	snprintf(un.sun_path, sizeof(un.sun_path), "%s", path);
	r->fd = socket(AF_UNIX, SOCK_STREAM, 0);
	if (connect(r->fd, (struct sockaddr *)&un, sizeof(un)) ||
	    raw_write(r->fd, create, sizeof(create)) || raw_write(r->fd, ver, sizeof(ver)) ||
	    raw_read(r->fd, reply, 12) || raw_write(r->fd, init, sizeof(init)) ||
	    raw_write(r->fd, sync, sizeof(sync)) || raw_read(r->fd, reply, 12))
		return -1;
	r->sync_id = reply[2];
	return 0;
}

/* SUBMIT_CMD2 with one NOP and (sync, ++value), then SYNC_WAIT + poll. */
static int raw_vtest_roundtrip(void *ctx)
{
	struct raw_vtest *r = ctx;
	uint64_t v = ++r->value;
	uint32_t submit[2 + 9 + 1 + 3] = { 13, 24, 1, 1, 9, 1, 10, 1, 0, 0, 0, 0,
					   r->sync_id, (uint32_t)v, (uint32_t)(v >> 32) };
	uint32_t wait[2 + 5] = { 5, 23, 0, UINT32_MAX, r->sync_id, (uint32_t)v,
				 (uint32_t)(v >> 32) };
	uint32_t hdr[2];
	int efd;

	if (raw_write(r->fd, submit, sizeof(submit)) || raw_write(r->fd, wait, sizeof(wait)) ||
	    raw_read(r->fd, hdr, sizeof(hdr)) || (efd = raw_recv_fd(r->fd)) < 0)
		return -1;
	poll(&(struct pollfd){ .fd = efd, .events = POLLIN }, 1, -1);
	close(efd);
	return 0;
}

/* ---- the floor on DRM: EXECBUFFER + poll the sync_file ------------------- */

static int raw_drm_roundtrip(void *ctx)
{
	int fd = *(int *)ctx;
	uint32_t nop = 0;
	struct drm_virtgpu_execbuffer eb = { .flags = VIRTGPU_EXECBUF_FENCE_FD_OUT, .size = 4,
					     .command = (uintptr_t)&nop, .fence_fd = -1 };

	if (drmIoctl(fd, DRM_IOCTL_VIRTGPU_EXECBUFFER, &eb))
		return -1;
	poll(&(struct pollfd){ .fd = eb.fence_fd, .events = POLLIN }, 1, -1);
	close(eb.fence_fd);
	return 0;
}

static int raw_drm_open(void)
{
	for (int minor = 128; minor < 192; minor++) {
		char path[32];
		int fd;
		drmVersionPtr v;

		snprintf(path, sizeof(path), "/dev/dri/renderD%d", minor);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		v = drmGetVersion(fd);
		if (v && strcmp(v->name, "virtio_gpu") == 0) {
			drmFreeVersion(v);
			return fd;
		}
		drmFreeVersion(v);
		close(fd);
	}
	return -1;
}

/* ---- virtgl's loop ------------------------------------------------------------ */

static int virtgl_roundtrip(void *ctx)
{
	struct vdrm_device *dev = ctx;
	static struct vdrm_cs cs;
	uint64_t point;

	vdrm_cs_reset(&cs);
	*vdrm_cs_reserve(&cs, 1) = 0; /* NOP */
	if (vdrm_device_submit(dev, &(struct vdrm_submit){ .cs = &cs, .in_fence_fd = -1 },
			       &point))
		return -1;
	return vdrm_device_wait(dev, point, -1);
}

static int time_block(int (*fn)(void *), void *ctx, double *out, int n)
{
	for (int i = 0; i < n; i++) {
		uint64_t t0 = bench_now_ns();
		if (fn(ctx))
			return -1;
		out[i] = (double)(bench_now_ns() - t0) / 1000.0;
	}
	return 0;
}

static int run(struct vdrm_device *dev, struct floor_ops *mine, struct floor_ops *floor,
	       int iters)
{
	double *ours = calloc((size_t)iters, sizeof(double));
	double *raw = calloc((size_t)iters, sizeof(double));
	double om, op, rm, rp;

	/* warm-up: first submits create the host context and caches */
	time_block(mine->roundtrip, mine->ctx, ours, 20 < iters ? 20 : iters);
	time_block(floor->roundtrip, floor->ctx, raw, 20 < iters ? 20 : iters);
	for (int done = 0; done < iters; done += BLOCK) {
		int n = iters - done < BLOCK ? iters - done : BLOCK;
		if (time_block(mine->roundtrip, mine->ctx, ours + done, n) ||
		    time_block(floor->roundtrip, floor->ctx, raw + done, n)) {
			fprintf(stderr, "bench: a round trip failed: %s\n", vdrm_device_error(dev));
			return 1;
		}
	}
	bench_stats(ours, (size_t)iters, &om, &op);
	bench_stats(raw, (size_t)iters, &rm, &rp);
	printf("transport=%s\niterations=%d\nmode=%s\n", vdrm_device_transport_name(dev), iters,
	       mine->roundtrip == virtgl_roundtrip ? "virtgl-vs-floor" : "floor-vs-floor");
	printf("virtgl_median_us=%.1f\nvirtgl_p90_us=%.1f\n", om, op);
	printf("floor_median_us=%.1f\nfloor_p90_us=%.1f\n", rm, rp);
	printf("ratio_median=%.3f\nratio_p90=%.3f\n", om / rm, op / rp);
	printf("peak_rss_kb=%ld\n", bench_peak_rss_kb());
	free(ours);
	free(raw);
	return 0;
}

struct bench {
	struct vdrm_device_create_info info;
	char own_socket[128];
	bool own_server;
	int iterations;
	struct raw_vtest raw_vtest;
	struct raw_vtest raw_vtest_b; /* -a: the "ours" side of an A/A run */
	bool aa;
	int raw_drm_fd;
};

static void parse_args(struct bench *b, int argc, char **argv)
{
	struct vdrm_error err = { 0 };
	int c;

	b->info.may_spawn_server = true;
	b->iterations = 2000;
	vdrm_device_create_info_from_env(&b->info, &err);
	while ((c = getopt(argc, argv, "t:n:a")) != -1) {
		b->aa |= c == 'a';
		if (c == 't')
			b->info.kind = strcmp(optarg, "drm") == 0 ? VDRM_TRANSPORT_DRM
								  : VDRM_TRANSPORT_VTEST;
		else if (c == 'n')
			b->iterations = atoi(optarg);
	}
}

/* One private server for both loops, unless VIRTGL_VTEST_SOCKET names one. */
static int share_server(struct bench *b)
{
	struct vdrm_error err = { 0 };

	if (b->info.kind == VDRM_TRANSPORT_DRM || getenv("VIRTGL_VTEST_SOCKET"))
		return 0;
	if (vdrm_vtest_server_acquire(b->own_socket, sizeof(b->own_socket), &err))
		return fprintf(stderr, "bench: %s\n", err.message), -1;
	b->own_server = true;
	b->info.kind = VDRM_TRANSPORT_VTEST;
	b->info.vtest_socket = b->own_socket;
	return 0;
}

static int open_floor(struct bench *b, struct vdrm_device *dev, struct floor_ops *floor)
{
	const char *sock = b->info.vtest_socket ? b->info.vtest_socket : "/tmp/.virgl_test";

	if (strcmp(vdrm_device_transport_name(dev), "drm") == 0) {
		b->raw_drm_fd = raw_drm_open();
		*floor = (struct floor_ops){ raw_drm_roundtrip, &b->raw_drm_fd };
		return b->raw_drm_fd < 0 ? -1 : 0;
	}
	*floor = (struct floor_ops){ raw_vtest_roundtrip, &b->raw_vtest };
	if (b->aa && raw_vtest_open(&b->raw_vtest_b, sock))
		return -1;
	return raw_vtest_open(&b->raw_vtest, sock);
}

int main(int argc, char **argv)
{
	struct bench b = { .raw_drm_fd = -1, .raw_vtest = { .fd = -1 }, .raw_vtest_b = { .fd = -1 } };
	struct vdrm_error err = { 0 };
	struct vdrm_device *dev;
	struct floor_ops floor, mine = { virtgl_roundtrip, NULL };
	int ret = 1;

	parse_args(&b, argc, argv);
	if (share_server(&b))
		return 1;
	if (vdrm_device_create(&b.info, &dev, &err))
		fprintf(stderr, "bench: %s\n", err.message);
	else if (open_floor(&b, dev, &floor))
		fprintf(stderr, "bench: the raw connection for the floor failed\n");
	else {
		mine = b.aa ? (struct floor_ops){ raw_vtest_roundtrip, &b.raw_vtest_b }
			    : (struct floor_ops){ virtgl_roundtrip, dev };
		ret = run(dev, &mine, &floor, b.iterations);
	}
	if (!err.code)
		vdrm_device_destroy(dev);
	if (b.raw_vtest.fd >= 0)
		close(b.raw_vtest.fd);
	if (b.raw_vtest_b.fd >= 0)
		close(b.raw_vtest_b.fd);
	if (b.raw_drm_fd >= 0)
		close(b.raw_drm_fd);
	if (b.own_server)
		vdrm_vtest_server_release();
	return ret;
}
