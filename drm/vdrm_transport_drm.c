/* SPDX-License-Identifier: MIT */
/*
 * The virtio_gpu DRM transport: a render node of the guest kernel.
 *
 * Every EXECBUFFER asks for an out-fence (a sync_file) and lists the BOs of
 * the stream, so the kernel fences them for WAIT. The sync_files of
 * outstanding points sit in a vdrm_fence_ring; they signal in submission
 * order because virtio_gpu has one fence context per device without
 * CONTEXT_INIT (and QEMU 7.2 has no CONTEXT_INIT).
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>
#include <xf86drm.h>

#include "vdrm_fence_ring.h"
#include "vdrm_transport.h"
#include "vdrm_virtgpu_uapi.h"

struct drm_transport {
	struct vdrm_transport base;
	int fd;
	/* holders of each GEM handle, indexed by handle (the kernel hands them
	 * out densely from 1): importing a buffer this file already has gives
	 * the same handle, and only its last holder may close it */
	uint32_t *bo_refs;
	uint32_t bo_refs_size;
	struct vdrm_fence_ring ring;
	uint64_t submitted;
	uint32_t *bo_list;  /* scratch for EXECBUFFER's BO handles */
	uint32_t bo_list_size;
};

static struct drm_transport *to_drm(struct vdrm_transport *t)
{
	return (struct drm_transport *)t;
}

/* errno of a failed ioctl → result. A vanished device (unplugged, or the
 * virtqueue broke) is ENODEV/EIO; EBUSY after the kernel's 15 s WAIT means
 * the host stopped answering: both are device loss. */
static int ioctl_fail(struct drm_transport *dt, const char *what)
{
	int e = errno, code = VDRM_ERROR_IO;

	if (e == ENOMEM)
		code = VDRM_ERROR_OUT_OF_MEMORY;
	else if (e == EINVAL || e == ENOENT || e == EFAULT)
		code = VDRM_ERROR_INVALID_ARGUMENT;
	else if (e == ENODEV || e == EIO || e == EBUSY)
		code = VDRM_ERROR_DEVICE_LOST;
	return vdrm_transport_fail(&dt->base, code, "%s: %s", what, strerror(e));
}

static int dt_lost(struct drm_transport *dt)
{
	return dt->base.lost ? VDRM_ERROR_DEVICE_LOST : VDRM_OK;
}

/* ---- submit and sync ------------------------------------------------------- */

/* Submissions in flight past which a submit first closes the signalled ones'
 * fds (a non-blocking poll of the oldest few), then the oldest of the rest:
 * no more than RETIRE_AT sync_files are ever held. */
#define RETIRE_AT 32

static int fill_bo_list(struct drm_transport *dt, const struct vdrm_submit_info *info)
{
	if (info->nr_resources > dt->bo_list_size) {
		uint32_t *l = realloc(dt->bo_list, info->nr_resources * sizeof(*l));
		if (!l)
			return vdrm_transport_fail(&dt->base, VDRM_ERROR_OUT_OF_MEMORY,
						   "out of memory for a BO list");
		dt->bo_list = l;
		dt->bo_list_size = info->nr_resources;
	}
	for (uint32_t i = 0; i < info->nr_resources; i++)
		dt->bo_list[i] = info->resources[i]->bo_handle;
	return VDRM_OK;
}

static int dt_submit(struct vdrm_transport *t, const struct vdrm_submit_info *info,
		     uint64_t point)
{
	struct drm_transport *dt = to_drm(t);
	struct drm_virtgpu_execbuffer eb = {
		.flags = VIRTGPU_EXECBUF_FENCE_FD_OUT,
		.size = info->ndw * 4,
		.command = (uintptr_t)info->dwords,
		.bo_handles = (uintptr_t)dt->bo_list,
		.num_bo_handles = info->nr_resources,
		.fence_fd = -1,
	};
	int ret = dt_lost(dt);

	if (!ret)
		ret = fill_bo_list(dt, info);
	if (ret)
		return ret;
	eb.bo_handles = (uintptr_t)dt->bo_list;
	if (info->in_fence_fd >= 0) {
		eb.flags |= VIRTGPU_EXECBUF_FENCE_FD_IN;
		eb.fence_fd = info->in_fence_fd;
	}
	if (drmIoctl(dt->fd, DRM_IOCTL_VIRTGPU_EXECBUFFER, &eb))
		return ioctl_fail(dt, "EXECBUFFER");
	dt->submitted = point;
	/* each submission holds a sync_file fd until retired; a client that
	 * only submits (its device knows what completed without asking) would
	 * otherwise gather one fd per submission (hundreds seen in the VM) */
	if (dt->ring.count >= RETIRE_AT) {
		vdrm_fence_ring_retire(&dt->ring);
		/* a host far behind (a loaded one held 66 in the VM) */
		vdrm_fence_ring_trim(&dt->ring, RETIRE_AT - 1);
	}
	vdrm_fence_ring_push(&dt->ring, point, eb.fence_fd);
	return VDRM_OK;
}

static int dt_query(struct vdrm_transport *t, uint64_t *completed)
{
	struct drm_transport *dt = to_drm(t);

	*completed = vdrm_fence_ring_retire(&dt->ring);
	return dt_lost(dt);
}

static int dt_wait(struct vdrm_transport *t, uint64_t point, int64_t timeout_ns)
{
	struct drm_transport *dt = to_drm(t);
	int fd, ret = dt_lost(dt);

	if (ret || point <= vdrm_fence_ring_retire(&dt->ring))
		return ret;
	fd = vdrm_fence_ring_find(&dt->ring, point);
	if (fd < 0)
		return vdrm_transport_fail(t, VDRM_ERROR_INVALID_ARGUMENT,
					   "point %llu was never submitted",
					   (unsigned long long)point);
	ret = vdrm_sync_fd_wait(fd, timeout_ns);
	if (ret == VDRM_ERROR_IO)
		return vdrm_transport_fail(t, ret, "poll on a sync_file failed");
	vdrm_fence_ring_retire(&dt->ring);
	return ret;
}

/* An empty EXECBUFFER's out-fence: signals once all earlier work is done. */
static int fence_now(struct drm_transport *dt, int *fd)
{
	struct drm_virtgpu_execbuffer eb = { .flags = VIRTGPU_EXECBUF_FENCE_FD_OUT,
					     .fence_fd = -1 };

	if (drmIoctl(dt->fd, DRM_IOCTL_VIRTGPU_EXECBUFFER, &eb))
		return ioctl_fail(dt, "EXECBUFFER (fence)");
	*fd = eb.fence_fd;
	return VDRM_OK;
}

static int dt_export_fd(struct vdrm_transport *t, uint64_t point, int *fd)
{
	struct drm_transport *dt = to_drm(t);
	int src, ret = dt_lost(dt);

	if (ret)
		return ret;
	if (point > dt->submitted)
		return vdrm_transport_fail(t, VDRM_ERROR_INVALID_ARGUMENT,
					   "point %llu was never submitted",
					   (unsigned long long)point);
	vdrm_fence_ring_retire(&dt->ring);
	src = point <= dt->ring.completed ? dt->ring.signaled_fd
					  : vdrm_fence_ring_find(&dt->ring, point);
	if (src < 0)
		return fence_now(dt, fd);
	*fd = fcntl(src, F_DUPFD_CLOEXEC, 0);
	return *fd < 0 ? vdrm_transport_fail(t, VDRM_ERROR_IO, "dup: %s", strerror(errno)) : 0;
}

/* ---- resources ----------------------------------------------------------- */

static int map_bo(struct drm_transport *dt, struct vdrm_resource *res)
{
	struct drm_virtgpu_map m = { .handle = res->bo_handle };
	void *p;

	if (drmIoctl(dt->fd, DRM_IOCTL_VIRTGPU_MAP, &m))
		return ioctl_fail(dt, "MAP");
	p = mmap(NULL, res->size, PROT_READ | PROT_WRITE, MAP_SHARED, dt->fd, (off_t)m.offset);
	if (p == MAP_FAILED)
		return vdrm_transport_fail(&dt->base, VDRM_ERROR_OUT_OF_MEMORY,
					   "mmap of resource %u: %s", res->res_handle,
					   strerror(errno));
	res->map = p;
	return VDRM_OK;
}

/* One more holder of handle (a creation or an import). */
static int hold_bo(struct drm_transport *dt, uint32_t handle)
{
	if (handle >= dt->bo_refs_size) {
		uint32_t n = dt->bo_refs_size ? dt->bo_refs_size : 64;
		uint32_t *r;

		while (n <= handle && n < UINT32_MAX / 2)
			n *= 2;
		r = n > handle ? realloc(dt->bo_refs, (size_t)n * sizeof(*r)) : NULL;
		if (!r)
			return vdrm_transport_fail(&dt->base, VDRM_ERROR_OUT_OF_MEMORY,
						   "out of memory for GEM handle %u", handle);
		memset(r + dt->bo_refs_size, 0, (size_t)(n - dt->bo_refs_size) * sizeof(*r));
		dt->bo_refs = r;
		dt->bo_refs_size = n;
	}
	dt->bo_refs[handle]++;
	return VDRM_OK;
}

/* Drops one holder; false while others still hold the handle. */
static bool release_bo(struct drm_transport *dt, uint32_t handle)
{
	if (handle >= dt->bo_refs_size || dt->bo_refs[handle] == 0)
		return true;
	return --dt->bo_refs[handle] == 0;
}

static void close_bo(struct drm_transport *dt, uint32_t handle)
{
	struct drm_gem_close c = { .handle = handle };

	if (release_bo(dt, handle))
		drmIoctl(dt->fd, DRM_IOCTL_GEM_CLOSE, &c);
}

static int dt_resource_create(struct vdrm_transport *t,
			      const struct vdrm_resource_create_info *i,
			      struct vdrm_resource *res)
{
	struct drm_transport *dt = to_drm(t);
	struct drm_virtgpu_resource_create rc = {
		.target = i->target, .format = i->format, .bind = i->bind,
		.width = i->width, .height = i->height, .depth = i->depth,
		.array_size = i->array_size, .last_level = i->last_level,
		.nr_samples = i->nr_samples, .flags = i->flags,
		.size = (uint32_t)res->size,
	};
	int ret = dt_lost(dt);

	if (ret)
		return ret;
	if (drmIoctl(dt->fd, DRM_IOCTL_VIRTGPU_RESOURCE_CREATE, &rc))
		return ioctl_fail(dt, "RESOURCE_CREATE");
	res->bo_handle = rc.bo_handle;
	res->res_handle = rc.res_handle;
	ret = hold_bo(dt, rc.bo_handle);
	if (!ret)
		ret = map_bo(dt, res);
	if (ret)
		close_bo(dt, rc.bo_handle);
	return ret;
}

static void dt_resource_destroy(struct vdrm_transport *t, struct vdrm_resource *res)
{
	struct drm_transport *dt = to_drm(t);

	if (res->map)
		munmap(res->map, res->size);
	close_bo(dt, res->bo_handle);
}

static int dt_export_res_fd(struct vdrm_transport *t, struct vdrm_resource *res, int *fd)
{
	struct drm_transport *dt = to_drm(t);
	int ret = dt_lost(dt);

	if (ret)
		return ret;
	if (drmPrimeHandleToFD(dt->fd, res->bo_handle, DRM_CLOEXEC | DRM_RDWR, fd))
		return ioctl_fail(dt, "PRIME_HANDLE_TO_FD");
	return VDRM_OK;
}

/* The host resource behind a GEM handle, and its backing size. */
static int resource_info(struct drm_transport *dt, struct vdrm_resource *res)
{
	struct drm_virtgpu_resource_info ri = { .bo_handle = res->bo_handle };

	if (drmIoctl(dt->fd, DRM_IOCTL_VIRTGPU_RESOURCE_INFO, &ri))
		return ioctl_fail(dt, "RESOURCE_INFO");
	res->res_handle = ri.res_handle;
	/* a backing smaller than the caller's layout cannot be transferred
	 * through: map only what exists, transfers are the caller's to bound */
	if (ri.size < res->size)
		res->size = ri.size;
	return VDRM_OK;
}

static int dt_import_res_fd(struct vdrm_transport *t, int fd, struct vdrm_resource *res)
{
	struct drm_transport *dt = to_drm(t);
	int ret = dt_lost(dt);

	if (ret)
		return ret;
	/* ENODEV/EINVAL here: a dma-buf of another device, or not a dma-buf */
	if (drmPrimeFDToHandle(dt->fd, fd, &res->bo_handle)) {
		int e = errno;
		return vdrm_transport_fail(t, VDRM_ERROR_INVALID_ARGUMENT,
					   "PRIME_FD_TO_HANDLE: %s (not a dma-buf of this "
					   "virtio-gpu device?)", strerror(e));
	}
	ret = hold_bo(dt, res->bo_handle);
	if (ret)
		return ret;
	ret = resource_info(dt, res);
	if (!ret && res->size)
		ret = map_bo(dt, res);
	if (ret)
		close_bo(dt, res->bo_handle);
	return ret;
}

static int wait_bo(struct drm_transport *dt, uint32_t handle)
{
	struct drm_virtgpu_3d_wait w = { .handle = handle };

	return drmIoctl(dt->fd, DRM_IOCTL_VIRTGPU_WAIT, &w) ? ioctl_fail(dt, "WAIT") : VDRM_OK;
}

static int dt_transfer(struct vdrm_transport *t, const struct vdrm_transfer *x)
{
	struct drm_transport *dt = to_drm(t);
	/* to_host and from_host share one layout; stride 0 = the host's own */
	struct drm_virtgpu_3d_transfer_to_host tr = {
		.bo_handle = x->res->bo_handle,
		.box = { x->box.x, x->box.y, x->box.z, x->box.w, x->box.h, x->box.d },
		.level = x->level,
		.offset = (uint32_t)vdrm_resource_box_offset(&x->res->info, x->level, &x->box),
	};
	bool to_host = x->dir == VDRM_TRANSFER_TO_HOST;
	int ret = dt_lost(dt);

	if (ret)
		return ret;
	if (drmIoctl(dt->fd, to_host ? DRM_IOCTL_VIRTGPU_TRANSFER_TO_HOST
				     : DRM_IOCTL_VIRTGPU_TRANSFER_FROM_HOST, &tr))
		return ioctl_fail(dt, to_host ? "TRANSFER_TO_HOST" : "TRANSFER_FROM_HOST");
	/* the transfer's fence sits on the BO: the data lands when it signals */
	return to_host ? VDRM_OK : wait_bo(dt, x->res->bo_handle);
}

static int dt_wait_idle(struct vdrm_transport *t, struct vdrm_resource *res)
{
	struct drm_transport *dt = to_drm(t);
	int ret = dt_lost(dt);

	return ret ? ret : wait_bo(dt, res->bo_handle);
}

/* ---- setup ----------------------------------------------------------------- */

static void dt_destroy(struct vdrm_transport *t)
{
	struct drm_transport *dt = to_drm(t);

	vdrm_fence_ring_finish(&dt->ring);
	free(dt->bo_list);
	free(dt->bo_refs);
	if (dt->fd >= 0)
		close(dt->fd);
	free(dt);
}

static const struct vdrm_transport_ops dt_ops = {
	.destroy = dt_destroy,
	.submit = dt_submit,
};
static const struct vdrm_resource_ops dt_res_ops = {
	.create = dt_resource_create,
	.destroy = dt_resource_destroy,
	.transfer = dt_transfer,
	.wait_idle = dt_wait_idle,
	.export_fd = dt_export_res_fd,
	.import_fd = dt_import_res_fd,
};
static const struct vdrm_sync_ops dt_sync_ops = {
	.query = dt_query,
	.wait = dt_wait,
	.export_fd = dt_export_fd,
};

/* GETPARAM writes an int through a user pointer; a failing one counts as 0. */
static uint64_t get_param(int fd, uint64_t param)
{
	uint64_t value = 0;
	struct drm_virtgpu_getparam gp = { .param = param, .value = (uintptr_t)&value };

	if (drmIoctl(fd, DRM_IOCTL_VIRTGPU_GETPARAM, &gp))
		return 0;
	return (uint32_t)value;
}

static bool is_virtio_gpu(int fd)
{
	drmVersionPtr v = drmGetVersion(fd);
	bool yes = v && v->name && strcmp(v->name, "virtio_gpu") == 0;

	drmFreeVersion(v);
	return yes;
}

/* The render node whose driver is virtio_gpu (vgem and others may sit
 * beside it, in any order: never pick by number). */
static int find_render_node(char *path, size_t size)
{
	for (int minor = 128; minor < 192; minor++) {
		int fd;

		snprintf(path, size, "/dev/dri/renderD%d", minor);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		if (is_virtio_gpu(fd))
			return fd;
		close(fd);
	}
	return -1;
}

static uint64_t node_number(const char *path)
{
	struct stat st;

	if (!path || stat(path, &st) || !S_ISCHR(st.st_mode))
		return 0;
	return (uint64_t)major(st.st_rdev) << 32 | minor(st.st_rdev);
}

/* The primary (card) and render nodes of the device behind fd. */
static void find_nodes(struct drm_transport *dt)
{
	drmDevicePtr d = NULL;

	if (drmGetDevice2(dt->fd, 0, &d))
		return;
	if (d->available_nodes & (1 << DRM_NODE_PRIMARY))
		dt->base.primary_node = node_number(d->nodes[DRM_NODE_PRIMARY]);
	if (d->available_nodes & (1 << DRM_NODE_RENDER))
		dt->base.render_node = node_number(d->nodes[DRM_NODE_RENDER]);
	drmFreeDevice(&d);
}

static int fetch_caps(struct drm_transport *dt)
{
	struct vdrm_transport *t = &dt->base;
	struct drm_virtgpu_get_caps gc = { .cap_set_id = VDRM_CAPSET_VIRGL2,
					   .addr = (uintptr_t)t->caps, .size = sizeof(t->caps) };

	/* capset 2 (virgl2) holds capset 1 as its prefix; older hosts have only 1 */
	if (!get_param(dt->fd, VIRTGPU_PARAM_CAPSET_QUERY_FIX) ||
	    drmIoctl(dt->fd, DRM_IOCTL_VIRTGPU_GET_CAPS, &gc)) {
		gc.cap_set_id = VDRM_CAPSET_VIRGL;
		gc.size = 308;
		if (drmIoctl(dt->fd, DRM_IOCTL_VIRTGPU_GET_CAPS, &gc))
			return ioctl_fail(dt, "GET_CAPS");
	}
	/* the kernel copies min(size, host size) and does not say how much:
	 * the parser sizes the blob from its max_version */
	t->capset_id = gc.cap_set_id;
	t->caps_size = gc.cap_set_id == VDRM_CAPSET_VIRGL2 ? sizeof(t->caps) : 308;
	return VDRM_OK;
}

static int open_node(const struct vdrm_drm_create_info *info, char *path, size_t size,
		     struct vdrm_error *err)
{
	int fd;

	if (info->use_fd) {
		snprintf(path, size, "fd %d", info->fd);
		fd = fcntl(info->fd, F_DUPFD_CLOEXEC, 0);
		if (fd < 0)
			return vdrm_error_set(err, VDRM_ERROR_NO_DEVICE, "dup of fd %d: %s",
					      info->fd, strerror(errno));
		if (!is_virtio_gpu(fd)) {
			close(fd);
			return vdrm_error_set(err, VDRM_ERROR_NO_DEVICE,
					      "fd %d is not a virtio_gpu node", info->fd);
		}
		return fd;
	}
	if (!info->node) {
		fd = find_render_node(path, size);
		if (fd < 0)
			return vdrm_error_set(err, VDRM_ERROR_NO_DEVICE,
					      "no virtio_gpu render node in /dev/dri "
					      "(run in a VM with virtio-vga-gl or virtio-gpu-gl-pci)");
		return fd;
	}
	snprintf(path, size, "%s", info->node);
	fd = open(path, O_RDWR | O_CLOEXEC);
	if (fd < 0)
		return vdrm_error_set(err, VDRM_ERROR_NO_DEVICE, "%s: %s", path, strerror(errno));
	if (!is_virtio_gpu(fd)) {
		close(fd);
		return vdrm_error_set(err, VDRM_ERROR_NO_DEVICE, "%s is not a virtio_gpu node", path);
	}
	return fd;
}

int vdrm_transport_create_drm(const struct vdrm_drm_create_info *info,
			      struct vdrm_transport **out, struct vdrm_error *err)
{
	struct drm_transport *dt;
	char path[64];
	int fd = open_node(info, path, sizeof(path), err);

	if (fd < 0)
		return fd;
	if (!get_param(fd, VIRTGPU_PARAM_3D_FEATURES)) {
		close(fd);
		return vdrm_error_set(err, VDRM_ERROR_UNSUPPORTED,
				      "%s has no 3D (virgl): use -device virtio-vga-gl "
				      "or virtio-gpu-gl-pci", path);
	}
	dt = calloc(1, sizeof(*dt));
	if (!dt) {
		close(fd);
		return vdrm_error_set(err, VDRM_ERROR_OUT_OF_MEMORY, "out of memory");
	}
	dt->base = (struct vdrm_transport){ .ops = &dt_ops, .res_ops = &dt_res_ops,
					    .sync_ops = &dt_sync_ops, .name = "drm",
					    .has_fence_fds = true, .hangup_fd = -1 };
	dt->fd = fd;
	vdrm_fence_ring_init(&dt->ring);
	if (fetch_caps(dt)) {
		int code = vdrm_error_set(err, dt->base.error.code, "%s", dt->base.error.message);
		dt_destroy(&dt->base);
		return code;
	}
	snprintf(dt->base.detail, sizeof(dt->base.detail), "%s, capset %u", path,
		 dt->base.capset_id);
	find_nodes(dt);
	*out = &dt->base;
	return VDRM_OK;
}
