/* SPDX-License-Identifier: MIT */
/*
 * The transport: how dwords, resources and fences reach the host. Two
 * implementations sit behind the same ops tables (one table per object kind,
 * argument structs, one constructor per transport, as venus's vn_renderer.h):
 *
 *   vdrm_transport_drm.c    virtio_gpu DRM ioctls on a render node
 *   vdrm_transport_vtest.c  the vtest socket of virgl_test_server
 *
 * A transport is not thread-safe on its own; vdrm_device serialises calls.
 * Points are the device timeline's (vdrm_timeline.h): the device assigns them
 * in increasing order and hands each to submit(); the transport must make
 * them observable (query/wait/export_fd) and they complete in order.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "vdrm_resource.h"
#include "vdrm_result.h"

struct vdrm_transport;

/*
 * How long a host may answer nothing before it is lost (VIRTGL_HOST_TIMEOUT_MS
 * overrides it). A host that is alive but busy answers only after the
 * commands queued before (virgl_test_server has one thread per client): a
 * host GL compiling a 10,000-line shader took 4.8 s per stage on NVIDIA, and
 * 10 s failed the real-shader corpus there. A dead host closes the socket,
 * which is seen at once; only a stalled one waits this long.
 */
#define VDRM_HOST_TIMEOUT_MS 60000

enum vdrm_transfer_dir {
	VDRM_TRANSFER_TO_HOST = 1,
	VDRM_TRANSFER_FROM_HOST = 2,
};

struct vdrm_transfer {
	struct vdrm_resource *res;
	uint32_t level;
	struct vdrm_box box;
	enum vdrm_transfer_dir dir;
};

struct vdrm_submit_info {
	const uint32_t *dwords;
	uint32_t ndw;
	/* every resource the stream references (DRM: the BO list of EXECBUFFER) */
	struct vdrm_resource *const *resources;
	uint32_t nr_resources;
	int in_fence_fd; /* -1 = none; a sync_file (DRM) or an eventfd (vtest) */
};

struct vdrm_transport_ops {
	void (*destroy)(struct vdrm_transport *t);
	/* Called once, when the transport is first marked lost (may be NULL). */
	void (*lost)(struct vdrm_transport *t);
	/* Submit and make `point` the timeline value that completes with it. */
	int (*submit)(struct vdrm_transport *t, const struct vdrm_submit_info *info,
		      uint64_t point);
};

struct vdrm_resource_ops {
	int (*create)(struct vdrm_transport *t, const struct vdrm_resource_create_info *info,
		      struct vdrm_resource *res);
	void (*destroy)(struct vdrm_transport *t, struct vdrm_resource *res);
	/*
	 * TO_HOST is ordered before every later submit; the backing may be
	 * rewritten only after wait_idle(). FROM_HOST returns once the data is
	 * in the backing (it follows every earlier submit).
	 */
	int (*transfer)(struct vdrm_transport *t, const struct vdrm_transfer *xfer);
	int (*wait_idle)(struct vdrm_transport *t, struct vdrm_resource *res);
	/*
	 * Sharing (DRM only; NULL on vtest, which has no dma-bufs). export_fd
	 * gives a new dma-buf fd of the resource. import_fd takes a dma-buf of
	 * this virtio-gpu device (the kernel refuses other devices') and fills
	 * res_handle, bo_handle, size and map; res->info is the caller's
	 * description, the kernel knows none of it. Importing the same buffer
	 * twice gives the same GEM handle: the transport counts references.
	 */
	int (*export_fd)(struct vdrm_transport *t, struct vdrm_resource *res, int *fd);
	int (*import_fd)(struct vdrm_transport *t, int fd, struct vdrm_resource *res);
};

struct vdrm_sync_ops {
	/* Non-blocking: the highest point known complete. */
	int (*query)(struct vdrm_transport *t, uint64_t *completed);
	/* VDRM_ERROR_TIMEOUT when timeout_ns runs out (<0 = forever). */
	int (*wait)(struct vdrm_transport *t, uint64_t point, int64_t timeout_ns);
	/* A new fd that polls readable once `point` is complete. */
	int (*export_fd)(struct vdrm_transport *t, uint64_t point, int *fd);
	/* An exported fd leaves for the application: it must wake its
	 * pollers if the host is lost first (NULL: nothing can be done, as
	 * with a kernel sync_file). */
	int (*watch_fd)(struct vdrm_transport *t, int fd);
	/* A round trip bounded by the host timeout: DEVICE_LOST if the host
	 * stays silent (NULL: the transport cannot ask, as on DRM). */
	int (*ping)(struct vdrm_transport *t);
};

struct vdrm_transport {
	const struct vdrm_transport_ops *ops;
	const struct vdrm_resource_ops *res_ops;
	const struct vdrm_sync_ops *sync_ops;
	const char *name;       /* "drm" or "vtest" */
	char detail[128];       /* node path or socket path + protocol version */
	uint32_t capset_id;     /* 1 = virgl, 2 = virgl2 */
	uint32_t caps_size;     /* bytes in caps */
	uint32_t caps[512];     /* raw capset blob as the host gave it (zero-filled) */
	bool lost;              /* sticky: every later call fails with DEVICE_LOST */
	/* DRM: the device's nodes as major << 32 | minor (0: none; always 0
	 * on vtest), for EGL_EXT_device_drm and matching a GBM device */
	uint64_t primary_node, render_node;
	/* export_fd works, so a wait can poll an fd outside the device lock */
	bool has_fence_fds;
	/* polled for POLLRDHUP beside a fence fd: the host hung up (-1 = none) */
	int hangup_fd;
	struct vdrm_error error; /* message of the last failure */
};

struct vdrm_drm_create_info {
	const char *node; /* a /dev/dri/renderD* path, or NULL to search by driver name */
	/* use_fd: open nothing, use fd (a card or render node). It is
	 * duplicated: the caller keeps its fd, and GEM handles are shared with
	 * it, as a GBM device's must be with its user's KMS calls. */
	bool use_fd;
	int fd;
};

struct vdrm_vtest_create_info {
	const char *socket_path;    /* used when fd < 0 */
	int fd;                     /* a connected stream socket (owned from now on), or -1 */
	uint32_t max_version;       /* highest protocol to ask for (0 = 3) */
	uint32_t reply_timeout_ms;  /* a peer silent this long is lost (0 = VDRM_HOST_TIMEOUT_MS) */
};

int vdrm_transport_create_drm(const struct vdrm_drm_create_info *info,
			      struct vdrm_transport **out, struct vdrm_error *err);
int vdrm_transport_create_vtest(const struct vdrm_vtest_create_info *info,
				struct vdrm_transport **out, struct vdrm_error *err);

/* Record a failure in t->error; DEVICE_LOST also sets t->lost. Returns code. */
int vdrm_transport_fail(struct vdrm_transport *t, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
