/* SPDX-License-Identifier: MIT */
/*
 * vdrm_device: what the layers above see of the GPU. It hides the transport
 * and owns the device-wide timeline: every submit gets the next 64-bit point,
 * assigned under one lock at the moment it is handed to the transport, so
 * points reach the host in increasing order whatever thread submits.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "vdrm_caps.h"
#include "vdrm_cs.h"
#include "vdrm_resource.h"
#include "vdrm_result.h"
#include "vdrm_transport.h"

enum vdrm_transport_kind {
	VDRM_TRANSPORT_AUTO = 0,
	VDRM_TRANSPORT_DRM,
	VDRM_TRANSPORT_VTEST,
};

struct vdrm_device_create_info {
	enum vdrm_transport_kind kind;
	/* vtest: start virgl_test_server on a private socket when none answers */
	bool may_spawn_server;
	const char *vtest_socket; /* NULL = /tmp/.virgl_test */
	const char *drm_node;     /* NULL = search for the virtio_gpu render node */
	/* DRM on this open node instead (duplicated; GEM handles shared with
	 * the caller's fd): how a GBM device drives the fd it was given */
	bool use_drm_fd;
	int drm_fd;
	uint32_t reply_timeout_ms; /* vtest: host timeout; 0 = VDRM_HOST_TIMEOUT_MS */
	uint32_t vtest_max_version; /* highest vtest protocol to ask for; 0 = 3 */
};

/*
 * Reads VIRTGL_TRANSPORT (drm|vtest|auto), VIRTGL_VTEST_SOCKET and
 * VIRTGL_HOST_TIMEOUT_MS into info. Returns VDRM_ERROR_INVALID_ARGUMENT for
 * an unknown transport name or a timeout that is no number of milliseconds.
 */
int vdrm_device_create_info_from_env(struct vdrm_device_create_info *info,
				     struct vdrm_error *err);

struct vdrm_device;

int vdrm_device_create(const struct vdrm_device_create_info *info,
		       struct vdrm_device **out, struct vdrm_error *err);
/* For tests and tools that built a transport themselves; takes ownership. */
int vdrm_device_create_from_transport(struct vdrm_transport *t, struct vdrm_device **out,
				      struct vdrm_error *err);
void vdrm_device_destroy(struct vdrm_device *dev);

const struct vdrm_caps *vdrm_device_caps(const struct vdrm_device *dev);
const char *vdrm_device_transport_name(const struct vdrm_device *dev);
const char *vdrm_device_transport_detail(const struct vdrm_device *dev);
/* Message of the last failure on this device ("" if none). */
const char *vdrm_device_error(const struct vdrm_device *dev);
bool vdrm_device_is_lost(const struct vdrm_device *dev);
/* Also asks, without blocking, whether the host hung up since the last call
 * (a killed vtest server is seen here even by an idle device). */
bool vdrm_device_probe_lost(struct vdrm_device *dev);
/* DRM: the device's primary and render nodes as major << 32 | minor (0 where
 * absent); false on vtest, which has neither (nor dma-bufs). */
bool vdrm_device_drm_nodes(const struct vdrm_device *dev, uint64_t *primary, uint64_t *render);

/* --- submission and the timeline ------------------------------------------ */

struct vdrm_submit {
	struct vdrm_cs *cs; /* its sticky error is checked here, once */
	struct vdrm_resource *const *resources;
	uint32_t nr_resources;
	int in_fence_fd; /* -1 = none; not closed */
};

/* Submits and returns the new timeline point in *point. */
int vdrm_device_submit(struct vdrm_device *dev, const struct vdrm_submit *submit,
		       uint64_t *point);
uint64_t vdrm_device_last_submitted(struct vdrm_device *dev);
/* Highest point known complete; asks the host (non-blocking). */
uint64_t vdrm_device_last_completed(struct vdrm_device *dev);
bool vdrm_device_is_signaled(struct vdrm_device *dev, uint64_t point);
/* 0, VDRM_ERROR_TIMEOUT, or DEVICE_LOST. timeout_ns < 0 waits forever. */
int vdrm_device_wait(struct vdrm_device *dev, uint64_t point, int64_t timeout_ns);
/* A foreign fence fd (another process's, an application's): waits for it
 * while this device's host still answers (vdrm_wait.h); DEVICE_LOST if that
 * host is lost meanwhile, IO if fd cannot be polled. */
int vdrm_device_wait_fd(struct vdrm_device *dev, int fd, int64_t timeout_ns);
/* A pollable fd (POLLIN once point completes). DRM: a sync_file; vtest: an eventfd. */
int vdrm_device_export_fd(struct vdrm_device *dev, uint64_t point, int *fd);

/* --- resources -------------------------------------------------------------- */

int vdrm_resource_create(struct vdrm_device *dev, const struct vdrm_resource_create_info *info,
			 struct vdrm_resource **out);
void vdrm_resource_destroy(struct vdrm_device *dev, struct vdrm_resource *res);
/* Backing → host (ordered before later submits). Does not wait. */
int vdrm_resource_upload(struct vdrm_device *dev, struct vdrm_resource *res, uint32_t level,
			 const struct vdrm_box *box);
/* Host → backing, after every earlier submit; returns with the data in res->map. */
int vdrm_resource_download(struct vdrm_device *dev, struct vdrm_resource *res, uint32_t level,
			   const struct vdrm_box *box);
/*
 * Sharing through dma-bufs (DRM transport only: VDRM_ERROR_UNSUPPORTED on
 * vtest). export_fd returns a new fd the caller closes. import_fd makes a
 * resource of a dma-buf of this virtio-gpu device (another device's is
 * VDRM_ERROR_INVALID_ARGUMENT); info describes it (the kernel knows no
 * format or size) and must pass vdrm_resource_info_validate. The fd stays
 * the caller's. The import's backing may be smaller than info's layout
 * (res->size says how much is mapped).
 */
int vdrm_resource_export_fd(struct vdrm_device *dev, struct vdrm_resource *res, int *fd);
int vdrm_resource_import_fd(struct vdrm_device *dev, int fd,
			    const struct vdrm_resource_create_info *info,
			    struct vdrm_resource **out);
/* Waits until the backing may be rewritten after an upload. */
int vdrm_resource_wait_idle(struct vdrm_device *dev, struct vdrm_resource *res);

/* Whether `word` is one word of the comma-separated VIRTGL_DEBUG. */
bool vdrm_debug_word(const char *word);
/* VIRTGL_DEBUG=cmd: every submitted stream is decoded to this file (stderr). */
void vdrm_device_set_dump(struct vdrm_device *dev, FILE *f);
/*
 * VIRTGL_DEBUG=validate (a word of the comma-separated list): every stream is
 * checked by vdrm_validate.h before it is sent; one that breaks a rule is
 * not sent and the submit returns VDRM_ERROR_INVALID_ARGUMENT, the rule in
 * vdrm_device_error(). Turning it on starts from no known objects, so do it
 * before the first submit. OUT_OF_MEMORY or 0.
 */
int vdrm_device_set_validate(struct vdrm_device *dev, bool on);
/* How many streams the validator refused in this process, all devices
 * together: a fuzzer's or a test's proof that nothing invalid was made. */
uint64_t vdrm_device_streams_rejected(void);
