/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for what a vtest host sends back (drm/vdrm_vtest_wire.c)
 * and for the capset blob parser (drm/vdrm_caps.c): a host may be broken or
 * hostile, and the guest must come out with an error, never a crash, a hang
 * or a read past what arrived.
 *
 * Input: the bytes are the host's side of the socket, already written and
 * then closed, read by the same sequence of calls a device makes when it
 * starts and works (protocol version, params, capsets, resources, syncs,
 * waits), each stopping at the first failure. The same bytes are also
 * parsed as a capset blob of either id.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "vdrm_caps.h"
#include "vdrm_vtest_wire.h"

static void parse_caps(const uint8_t *data, size_t size)
{
	struct vdrm_caps caps;

	for (uint32_t id = 1; id <= 2; id++) {
		if (vdrm_caps_parse(data, size, id, &caps) == 0)
			(void)vdrm_caps_format_usage(&caps, size ? data[0] : 0);
	}
}

/* The host's bytes are waiting in the socket, then EOF. */
static int host_said(const uint8_t *data, size_t size, struct vtest_conn *c)
{
	int sv[2];

	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0, sv))
		return -1;
	if (size && write(sv[1], data, size) != (ssize_t)size) {
		close(sv[0]);
		close(sv[1]);
		return -1;
	}
	shutdown(sv[1], SHUT_WR);
	memset(c, 0, sizeof(*c));
	c->fd = sv[0];
	c->timeout_ms = 1;
	return sv[1];
}

static int startup(struct vtest_conn *c)
{
	uint8_t caps[4096];
	uint32_t agreed, value;
	size_t got;
	bool knows, valid, have;

	if (vtest_ping_probe(c, &knows) || vtest_protocol_version(c, 3, &agreed) ||
	    vtest_get_param(c, VTEST_PARAM_MAX_TIMELINE_COUNT, &valid, &value))
		return -1;
	if (vtest_get_capset(c, 2, 2, caps, sizeof(caps), &got, &have) == 0 && have)
		parse_caps(caps, got);
	if (vtest_get_caps2(c, caps, sizeof(caps), &got) == 0)
		parse_caps(caps, got);
	return vtest_context_init(c, 2);
}

static void work(struct vtest_conn *c)
{
	static const struct vdrm_resource_create_info info = {
		.target = VDRM_TARGET_2D, .format = 1, .width = 4, .height = 4, .depth = 1,
		.array_size = 1 };
	struct vtest_resource_args args = { .info = &info, .data_size = 64 };
	uint32_t res = 0, sync = 0;
	uint64_t value;
	bool busy;
	int fd = -1;

	if (vtest_resource_create2(c, &args, &res, &fd) == 0 && fd >= 0)
		close(fd);
	if (vtest_busy_wait(c, res, VTEST_BUSY_WAIT_FLAG_WAIT, &busy) ||
	    vtest_sync_create(c, 1, &sync) || vtest_sync_read(c, sync, &value))
		return;
	fd = -1;
	if (vtest_sync_wait(c, sync, value, 0, &fd) == 0 && fd >= 0)
		close(fd);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vtest_conn c;
	int host = host_said(data, size, &c);

	parse_caps(data, size);
	if (host < 0)
		return 0;
	if (startup(&c) == 0)
		work(&c);
	close(c.fd);
	close(host);
	return 0;
}
