/* SPDX-License-Identifier: MIT */
/*
 * The vtest socket protocol (virglrenderer 0.10.4 vtest/vtest_protocol.h):
 * one small function per command. Every read is bounded by the connection's
 * reply timeout and every reply header is checked, so a peer that closes,
 * stalls, or answers short or garbage yields VDRM_ERROR_DEVICE_LOST instead
 * of a hang. Messages are [length, command id] + payload, little-endian
 * u32s; lengths count dwords except where a function says otherwise.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vdrm_resource.h"
#include "vdrm_result.h"

enum vtest_cmd {
	VTEST_GET_CAPS = 1,
	VTEST_RESOURCE_CREATE = 2,
	VTEST_RESOURCE_UNREF = 3,
	VTEST_TRANSFER_GET = 4,
	VTEST_TRANSFER_PUT = 5,
	VTEST_SUBMIT_CMD = 6,
	VTEST_RESOURCE_BUSY_WAIT = 7,
	VTEST_CREATE_RENDERER = 8,
	VTEST_GET_CAPS2 = 9,
	VTEST_PING_PROTOCOL_VERSION = 10,
	VTEST_PROTOCOL_VERSION = 11,
	VTEST_RESOURCE_CREATE2 = 12,
	VTEST_TRANSFER_GET2 = 13,
	VTEST_TRANSFER_PUT2 = 14,
	VTEST_GET_PARAM = 15,
	VTEST_GET_CAPSET = 16,
	VTEST_CONTEXT_INIT = 17,
	VTEST_RESOURCE_CREATE_BLOB = 18,
	VTEST_SYNC_CREATE = 19,
	VTEST_SYNC_UNREF = 20,
	VTEST_SYNC_READ = 21,
	VTEST_SYNC_WRITE = 22,
	VTEST_SYNC_WAIT = 23,
	VTEST_SUBMIT_CMD2 = 24,
};

#define VTEST_PARAM_MAX_TIMELINE_COUNT 1
#define VTEST_BUSY_WAIT_FLAG_WAIT 1u
#define VTEST_SUBMIT_CMD2_FLAG_RING_IDX 1u
/* The largest reply payload we accept: caps are 1376 bytes today. */
#define VTEST_MAX_REPLY_DWORDS 4096

struct vtest_conn {
	int fd;
	uint32_t timeout_ms;   /* per read/write: a peer silent this long is lost */
	char message[192];     /* why the connection failed */
};

int vtest_connect(struct vtest_conn *c, const char *path, struct vdrm_error *err);

int vtest_create_renderer(struct vtest_conn *c, const char *name);
/* PING + BUSY_WAIT(0, 0): tells whether the server knows PING (it always does
 * on 0.10.4, but an older one answers only the busy wait). */
int vtest_ping_probe(struct vtest_conn *c, bool *knows_ping);
int vtest_ping(struct vtest_conn *c);
int vtest_protocol_version(struct vtest_conn *c, uint32_t wanted, uint32_t *agreed);
int vtest_get_param(struct vtest_conn *c, uint32_t param, bool *valid, uint32_t *value);
/* Stores at most max_bytes; *size = bytes stored (host extra is read and dropped). */
int vtest_get_capset(struct vtest_conn *c, uint32_t id, uint32_t version, void *buf,
		     size_t max_bytes, size_t *size, bool *valid);
int vtest_get_caps2(struct vtest_conn *c, void *buf, size_t max_bytes, size_t *size);
int vtest_context_init(struct vtest_conn *c, uint32_t capset_id);

struct vtest_resource_args {
	const struct vdrm_resource_create_info *info;
	uint32_t handle;     /* v3: 0 (the server picks); v2: the client's */
	uint32_t data_size;  /* shm bytes */
	bool v3;
};
/* *res_id = the server's id (v3) or args->handle (v2); *shm_fd = -1 if none. */
int vtest_resource_create2(struct vtest_conn *c, const struct vtest_resource_args *args,
			   uint32_t *res_id, int *shm_fd);
int vtest_resource_unref(struct vtest_conn *c, uint32_t res_id);

struct vtest_transfer_args {
	uint32_t cmd; /* VTEST_TRANSFER_GET2 or VTEST_TRANSFER_PUT2 */
	uint32_t res_id, level;
	struct vdrm_box box;
	uint32_t data_size, offset;
};
int vtest_transfer2(struct vtest_conn *c, const struct vtest_transfer_args *args);

int vtest_submit_cmd(struct vtest_conn *c, const uint32_t *dw, uint32_t ndw);
/* One batch on ring 0 that sets sync_id to value when the host finished it. */
int vtest_submit_cmd2(struct vtest_conn *c, const uint32_t *dw, uint32_t ndw,
		      uint32_t sync_id, uint64_t value);
int vtest_busy_wait(struct vtest_conn *c, uint32_t handle, uint32_t flags, bool *busy);

int vtest_sync_create(struct vtest_conn *c, uint64_t value, uint32_t *sync_id);
int vtest_sync_unref(struct vtest_conn *c, uint32_t sync_id);
int vtest_sync_read(struct vtest_conn *c, uint32_t sync_id, uint64_t *value);
/* An eventfd that becomes readable once sync_id >= value (timeout_ms: the
 * server's own deadline; UINT32_MAX never expires). */
int vtest_sync_wait(struct vtest_conn *c, uint32_t sync_id, uint64_t value,
		    uint32_t timeout_ms, int *event_fd);
