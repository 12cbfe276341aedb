/* SPDX-License-Identifier: MIT */
/*
 * The vtest transport: a socket to virgl_test_server.
 *
 * Protocol v3 gives us a real timeline: one server-side sync object per
 * connection, and every submit is SUBMIT_CMD2 on ring 0 carrying (sync,
 * point), so the sync takes the point's value when the host has finished the
 * work. Waits and exported fds are SYNC_WAIT eventfds. On a v2 server
 * (or v3 without timelines) submits are SUBMIT_CMD and completion is known
 * only device-wide through RESOURCE_BUSY_WAIT, which is still in order.
 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdlib.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include "vdrm_fence_watch.h"
#include "vdrm_transport.h"
#include "vdrm_vtest_wire.h"
#include "vdrm_wait.h"

struct vtest_transport {
	struct vdrm_transport base;
	struct vtest_conn conn;
	uint32_t version;
	bool use_sync;       /* v3 timeline: SUBMIT_CMD2 + sync */
	uint32_t sync_id;
	uint64_t submitted;  /* last point handed to the server */
	uint64_t completed;  /* highest point known complete */
	uint32_t next_handle; /* v2: the client picks resource handles */
	struct vdrm_fence_watch *watch; /* exported fds (v3 timeline only) */
};

static struct vtest_transport *to_vtest(struct vdrm_transport *t)
{
	return (struct vtest_transport *)t;
}

/* Every wire failure is a lost device: the stream cannot be resynchronised. */
static int vt_check(struct vtest_transport *vt, int ret)
{
	if (ret && !vt->base.lost)
		vdrm_transport_fail(&vt->base, ret, "%s", vt->conn.message);
	return ret;
}

static int vt_lost(struct vtest_transport *vt)
{
	return vt->base.lost ? VDRM_ERROR_DEVICE_LOST : VDRM_OK;
}

static int vt_ping(struct vdrm_transport *t)
{
	struct vtest_transport *vt = to_vtest(t);
	int ret = vt_lost(vt);

	return ret ? ret : vt_check(vt, vtest_ping(&vt->conn));
}

static int ping_arg(void *arg)
{
	return vt_ping(arg);
}

/*
 * Polls the eventfd and, beside it, the socket: a server that dies leaves
 * the eventfd silent forever, but the socket reports the hang-up; one that
 * stops answering fails a heartbeat (vdrm_wait.h).
 */
static int wait_event_fd(struct vtest_transport *vt, int efd, int64_t timeout_ns)
{
	struct vdrm_wait_fd w = { .fd = efd, .hangup_fd = vt->conn.fd, .ping = ping_arg,
				  .arg = &vt->base };
	int ret = vdrm_wait_fd(&w, timeout_ns);

	if (ret == VDRM_ERROR_IO)
		return vdrm_transport_fail(&vt->base, VDRM_ERROR_INVALID_ARGUMENT,
					   "fd %d cannot be polled", efd);
	if (ret == VDRM_ERROR_DEVICE_LOST && !vt->base.lost)
		return vdrm_transport_fail(&vt->base, ret,
					   "vtest server closed the connection during a wait");
	return ret;
}

/* ---- submit and sync ------------------------------------------------------- */

static int vt_submit(struct vdrm_transport *t, const struct vdrm_submit_info *info,
		     uint64_t point)
{
	struct vtest_transport *vt = to_vtest(t);
	int ret = vt_lost(vt);

	/* The server cannot wait on our fds: a foreign in-fence waits here,
	 * as long as our own host still answers. */
	if (!ret && info->in_fence_fd >= 0)
		ret = wait_event_fd(vt, info->in_fence_fd, -1);
	if (ret)
		return ret;
	if (vt->use_sync)
		ret = vtest_submit_cmd2(&vt->conn, info->dwords, info->ndw, vt->sync_id, point);
	else
		ret = vtest_submit_cmd(&vt->conn, info->dwords, info->ndw);
	if (!ret)
		vt->submitted = point;
	return vt_check(vt, ret);
}

static int vt_query(struct vdrm_transport *t, uint64_t *completed)
{
	struct vtest_transport *vt = to_vtest(t);
	int ret = vt_lost(vt);
	uint64_t value = 0;
	bool busy = true;

	if (!ret && vt->completed < vt->submitted) {
		if (vt->use_sync)
			ret = vtest_sync_read(&vt->conn, vt->sync_id, &value);
		else if (!(ret = vtest_busy_wait(&vt->conn, 0, 0, &busy)) && !busy)
			value = vt->submitted;
		if (!ret && value > vt->completed)
			vt->completed = value;
	}
	*completed = vt->completed;
	return vt_check(vt, ret);
}

static int64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static int vt_wait_sync(struct vtest_transport *vt, uint64_t point, int64_t timeout_ns)
{
	int efd = -1;
	int ret = vt_check(vt, vtest_sync_wait(&vt->conn, vt->sync_id, point, UINT32_MAX, &efd));

	if (ret)
		return ret;
	ret = wait_event_fd(vt, efd, timeout_ns);
	close(efd);
	if (!ret && point > vt->completed)
		vt->completed = point;
	return ret;
}

/* Without syncs: poll the device-wide busy state, backing off up to 1 ms. */
static int vt_wait_busy(struct vtest_transport *vt, uint64_t point, int64_t timeout_ns)
{
	int64_t deadline = timeout_ns < 0 ? INT64_MAX : now_ns() + timeout_ns;
	long sleep_us = 10;
	uint64_t done;
	int ret;

	while (!(ret = vt_query(&vt->base, &done)) && done < point) {
		if (now_ns() >= deadline)
			return VDRM_ERROR_TIMEOUT;
		usleep((useconds_t)sleep_us);
		sleep_us = sleep_us < 1000 ? sleep_us * 2 : 1000;
	}
	return ret;
}

static int vt_wait(struct vdrm_transport *t, uint64_t point, int64_t timeout_ns)
{
	struct vtest_transport *vt = to_vtest(t);
	int ret = vt_lost(vt);

	if (ret || point <= vt->completed)
		return ret;
	if (point > vt->submitted)
		return vdrm_transport_fail(t, VDRM_ERROR_INVALID_ARGUMENT,
					   "point %llu was never submitted",
					   (unsigned long long)point);
	return vt->use_sync ? vt_wait_sync(vt, point, timeout_ns)
			    : vt_wait_busy(vt, point, timeout_ns);
}

static int vt_export_fd(struct vdrm_transport *t, uint64_t point, int *fd)
{
	struct vtest_transport *vt = to_vtest(t);
	int ret = vt_lost(vt);

	if (ret)
		return ret;
	if (point > vt->submitted)
		return vdrm_transport_fail(t, VDRM_ERROR_INVALID_ARGUMENT,
					   "point %llu was never submitted",
					   (unsigned long long)point);
	if (!vt->use_sync)
		return vdrm_transport_fail(t, VDRM_ERROR_UNSUPPORTED,
					   "vtest protocol %u has no sync objects to export",
					   vt->version);
	return vt_check(vt, vtest_sync_wait(&vt->conn, vt->sync_id, point, UINT32_MAX, fd));
}

static int vt_watch_fd(struct vdrm_transport *t, int fd)
{
	struct vtest_transport *vt = to_vtest(t);

	return vt->watch ? vdrm_fence_watch_add(vt->watch, fd) : VDRM_OK;
}

/* ---- resources ----------------------------------------------------------- */

static int map_shm(struct vtest_transport *vt, int fd, struct vdrm_resource *res)
{
	void *p = mmap(NULL, res->size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);

	close(fd);
	if (p == MAP_FAILED)
		return vdrm_transport_fail(&vt->base, VDRM_ERROR_OUT_OF_MEMORY,
					   "mmap of %zu bytes of resource %u: %s", res->size,
					   res->res_handle, strerror(errno));
	res->map = p;
	return VDRM_OK;
}

static int vt_resource_create(struct vdrm_transport *t,
			      const struct vdrm_resource_create_info *info,
			      struct vdrm_resource *res)
{
	struct vtest_transport *vt = to_vtest(t);
	struct vtest_resource_args args = {
		.info = info, .data_size = (uint32_t)res->size, .v3 = vt->version >= 3,
		.handle = vt->version >= 3 ? 0 : vt->next_handle++,
	};
	int fd, ret = vt_lost(vt);

	if (!ret)
		ret = vt_check(vt, vtest_resource_create2(&vt->conn, &args, &res->res_handle, &fd));
	if (ret)
		return ret;
	if (fd < 0)
		return vdrm_transport_fail(t, VDRM_ERROR_DEVICE_LOST,
					   "vtest server sent no backing for resource %u",
					   res->res_handle);
	return map_shm(vt, fd, res);
}

static void vt_resource_destroy(struct vdrm_transport *t, struct vdrm_resource *res)
{
	struct vtest_transport *vt = to_vtest(t);

	if (res->map)
		munmap(res->map, res->size);
	if (!vt->base.lost)
		vt_check(vt, vtest_resource_unref(&vt->conn, res->res_handle));
}

/* Bytes from the box's first block to its last, in the backing's layout. */
static uint32_t box_span(const struct vdrm_resource_create_info *info, uint32_t level,
			 const struct vdrm_box *box)
{
	struct vdrm_box last = { box->x + box->w - 1, box->y + box->h - 1,
				 box->z + box->d - 1, 1, 1, 1 };
	size_t end = vdrm_resource_box_offset(info, level, &last);
	struct vdrm_level_layout l;

	vdrm_resource_level_layout(info, level, &l);
	/* the last row's block, whole: cheap upper bound of its bytes */
	end += l.stride - (end - l.offset) % l.stride;
	return (uint32_t)(end - vdrm_resource_box_offset(info, level, box));
}

static int vt_transfer(struct vdrm_transport *t, const struct vdrm_transfer *x)
{
	struct vtest_transport *vt = to_vtest(t);
	struct vtest_transfer_args a = {
		.cmd = x->dir == VDRM_TRANSFER_TO_HOST ? VTEST_TRANSFER_PUT2 : VTEST_TRANSFER_GET2,
		.res_id = x->res->res_handle, .level = x->level, .box = x->box,
		.data_size = box_span(&x->res->info, x->level, &x->box),
		.offset = (uint32_t)vdrm_resource_box_offset(&x->res->info, x->level, &x->box),
	};
	int ret = vt_lost(vt);

	if (!ret)
		ret = vtest_transfer2(&vt->conn, &a);
	/* GET2 has no reply: any later command with one is the barrier. */
	if (!ret && x->dir == VDRM_TRANSFER_FROM_HOST)
		ret = vtest_ping(&vt->conn);
	return vt_check(vt, ret);
}

static int vt_wait_idle(struct vdrm_transport *t, struct vdrm_resource *res)
{
	struct vtest_transport *vt = to_vtest(t);
	int ret = vt_lost(vt);

	/* The server copies PUT2 data when it reads the command; once it has
	 * answered a later ping the shm is free again. */
	return ret ? ret : vt_check(vt, vtest_ping(&vt->conn));
}

/* ---- setup ----------------------------------------------------------------- */

static void vt_destroy(struct vdrm_transport *t)
{
	struct vtest_transport *vt = to_vtest(t);

	if (vt->use_sync && !t->lost)
		vtest_sync_unref(&vt->conn, vt->sync_id);
	vdrm_fence_watch_destroy(vt->watch);
	if (vt->conn.fd >= 0)
		close(vt->conn.fd);
	free(vt);
}

/* Exported fences wake their pollers: the server will never write them. */
static void vt_on_lost(struct vdrm_transport *t)
{
	struct vtest_transport *vt = to_vtest(t);

	if (vt->watch)
		vdrm_fence_watch_lost(vt->watch);
}

static const struct vdrm_transport_ops vt_ops = {
	.destroy = vt_destroy,
	.lost = vt_on_lost,
	.submit = vt_submit,
};
static const struct vdrm_resource_ops vt_res_ops = {
	.create = vt_resource_create,
	.destroy = vt_resource_destroy,
	.transfer = vt_transfer,
	.wait_idle = vt_wait_idle,
};
static const struct vdrm_sync_ops vt_sync_ops = {
	.query = vt_query,
	.wait = vt_wait,
	.export_fd = vt_export_fd,
	.watch_fd = vt_watch_fd,
	.ping = vt_ping,
};

/* v3: capset 2 (virgl2) if the server has it, else 1; then bind the context. */
static int fetch_caps_v3(struct vtest_transport *vt)
{
	struct vdrm_transport *t = &vt->base;
	size_t size = 0;
	bool valid = false;
	int ret = vtest_get_capset(&vt->conn, 2, 2, t->caps, sizeof(t->caps), &size, &valid);

	t->capset_id = 2;
	if (!ret && !valid) {
		t->capset_id = 1;
		ret = vtest_get_capset(&vt->conn, 1, 1, t->caps, sizeof(t->caps), &size, &valid);
	}
	if (!ret && !valid) {
		snprintf(vt->conn.message, sizeof(vt->conn.message),
			 "vtest server offers neither capset 2 nor capset 1");
		return VDRM_ERROR_DEVICE_LOST;
	}
	t->caps_size = (uint32_t)size;
	return ret ? ret : vtest_context_init(&vt->conn, t->capset_id);
}

static int fetch_caps_v2(struct vtest_transport *vt)
{
	struct vdrm_transport *t = &vt->base;
	size_t size = 0;
	int ret = vtest_get_caps2(&vt->conn, t->caps, sizeof(t->caps), &size);

	t->capset_id = 2;
	t->caps_size = (uint32_t)size;
	return ret;
}

/* v3 with timelines gets one sync object that carries every point. */
static int setup_timeline(struct vtest_transport *vt)
{
	bool valid = false;
	uint32_t timelines = 0;
	int ret;

	if (vt->version < 3)
		return VDRM_OK;
	ret = vtest_get_param(&vt->conn, VTEST_PARAM_MAX_TIMELINE_COUNT, &valid, &timelines);
	if (ret || !valid || timelines == 0)
		return ret;
	ret = vtest_sync_create(&vt->conn, 0, &vt->sync_id);
	vt->use_sync = ret == 0;
	vt->base.has_fence_fds = vt->use_sync;
	if (!ret && !(vt->watch = vdrm_fence_watch_create(vt->conn.fd)))
		ret = VDRM_ERROR_OUT_OF_MEMORY;
	return ret;
}

static int vt_handshake(struct vtest_transport *vt, uint32_t max_version)
{
	bool knows_ping = false;
	int ret = vtest_create_renderer(&vt->conn, "virtgl");

	if (!ret)
		ret = vtest_ping_probe(&vt->conn, &knows_ping);
	if (!ret && knows_ping)
		ret = vtest_protocol_version(&vt->conn, max_version, &vt->version);
	if (ret)
		return ret;
	if (vt->version < 2) {
		snprintf(vt->conn.message, sizeof(vt->conn.message),
			 "vtest server speaks protocol %u; virtgl needs 2 or later", vt->version);
		return VDRM_ERROR_UNSUPPORTED;
	}
	ret = vt->version >= 3 ? fetch_caps_v3(vt) : fetch_caps_v2(vt);
	return ret ? ret : setup_timeline(vt);
}

static int vt_open_conn(struct vtest_transport *vt, const struct vdrm_vtest_create_info *info,
			struct vdrm_error *err)
{
	int ret;

	/* a busy server is not lost: see VDRM_HOST_TIMEOUT_MS */
	vt->conn.timeout_ms = info->reply_timeout_ms ? info->reply_timeout_ms : VDRM_HOST_TIMEOUT_MS;
	if (info->fd >= 0)
		vt->conn.fd = info->fd;
	else if ((ret = vtest_connect(&vt->conn, info->socket_path, err)))
		return ret;
	/* Non-blocking, so that every read is bounded by poll()'s timeout. */
	fcntl(vt->conn.fd, F_SETFL, fcntl(vt->conn.fd, F_GETFL) | O_NONBLOCK);
	return VDRM_OK;
}

int vdrm_transport_create_vtest(const struct vdrm_vtest_create_info *info,
				struct vdrm_transport **out, struct vdrm_error *err)
{
	struct vtest_transport *vt = calloc(1, sizeof(*vt));
	uint32_t max = info->max_version ? info->max_version : 3;
	int ret;

	if (!vt) {
		/* the given socket is ours even when we fail */
		if (info->fd >= 0)
			close(info->fd);
		return vdrm_error_set(err, VDRM_ERROR_OUT_OF_MEMORY, "out of memory");
	}
	vt->base = (struct vdrm_transport){ .ops = &vt_ops, .res_ops = &vt_res_ops,
					    .sync_ops = &vt_sync_ops, .name = "vtest" };
	vt->next_handle = 1;
	vt->conn.fd = -1;
	ret = vt_open_conn(vt, info, err);
	if (ret) {
		free(vt);
		return ret;
	}
	vt->base.hangup_fd = vt->conn.fd;
	ret = vt_handshake(vt, max > 3 ? 3 : max);
	if (ret) {
		vdrm_error_set(err, ret, "vtest handshake with %s failed: %s",
			       info->fd >= 0 ? "the given socket" : info->socket_path,
			       vt->conn.message);
		vt_destroy(&vt->base);
		return ret;
	}
	snprintf(vt->base.detail, sizeof(vt->base.detail), "%s, protocol %u%s",
		 info->fd >= 0 ? "(socket)" : info->socket_path, vt->version,
		 vt->use_sync ? ", sync timeline" : ", busy-wait fences");
	*out = &vt->base;
	return VDRM_OK;
}
