/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vdrm_decode.h"
#include "vdrm_device.h"
#include "vdrm_fence_ring.h"
#include "vdrm_validate.h"
#include "vdrm_vtest_server.h"
#include "vdrm_wait.h"

#define DEFAULT_VTEST_SOCKET "/tmp/.virgl_test"

struct vdrm_device {
	struct vdrm_transport *t;
	struct vdrm_caps caps;
	/* Serialises every transport call; submit assigns points under it, so
	 * the order of points is the order the host receives the work. */
	pthread_mutex_t lock;
	uint64_t last_submitted;
	uint64_t last_completed;
	bool spawned_server;
	FILE *dump;
	/* VIRTGL_DEBUG=validate: every stream is checked before it is sent */
	struct vdrm_validator *validator;
	uint32_t *res_ids; /* the submission's resource ids, for the validator */
	uint32_t cap_res_ids;
};

/* ---- creation -------------------------------------------------------------- */

int vdrm_device_create_info_from_env(struct vdrm_device_create_info *info,
				     struct vdrm_error *err)
{
	const char *kind = getenv("VIRTGL_TRANSPORT");
	const char *sock = getenv("VIRTGL_VTEST_SOCKET");

	bool bad;

	if (sock && *sock)
		info->vtest_socket = sock;
	info->reply_timeout_ms = vdrm_host_timeout_ms(info->reply_timeout_ms, &bad);
	if (bad)
		return vdrm_error_set(err, VDRM_ERROR_INVALID_ARGUMENT,
				      "VIRTGL_HOST_TIMEOUT_MS=%s: use milliseconds, 1 to %d",
				      getenv("VIRTGL_HOST_TIMEOUT_MS"), INT32_MAX);
	if (!kind || !*kind || strcmp(kind, "auto") == 0)
		info->kind = VDRM_TRANSPORT_AUTO;
	else if (strcmp(kind, "drm") == 0)
		info->kind = VDRM_TRANSPORT_DRM;
	else if (strcmp(kind, "vtest") == 0)
		info->kind = VDRM_TRANSPORT_VTEST;
	else
		return vdrm_error_set(err, VDRM_ERROR_INVALID_ARGUMENT,
				      "VIRTGL_TRANSPORT=%s: use drm, vtest or auto", kind);
	return VDRM_OK;
}

static int open_vtest(const struct vdrm_device_create_info *info, const char *path,
		      struct vdrm_transport **t, struct vdrm_error *err)
{
	struct vdrm_vtest_create_info vi = {
		.socket_path = path, .fd = -1, .reply_timeout_ms = info->reply_timeout_ms,
		.max_version = info->vtest_max_version,
	};

	return vdrm_transport_create_vtest(&vi, t, err);
}

/* The given socket, else (if allowed) a private server of our own. */
static int open_vtest_or_spawn(const struct vdrm_device_create_info *info,
			       struct vdrm_transport **t, bool *spawned, struct vdrm_error *err)
{
	const char *path = info->vtest_socket ? info->vtest_socket : DEFAULT_VTEST_SOCKET;
	char own[128];
	int ret = open_vtest(info, path, t, err);

	if (ret != VDRM_ERROR_NO_DEVICE || !info->may_spawn_server)
		return ret;
	ret = vdrm_vtest_server_acquire(own, sizeof(own), err);
	if (ret)
		return ret;
	ret = open_vtest(info, own, t, err);
	if (ret)
		vdrm_vtest_server_release_failed(err);
	*spawned = ret == VDRM_OK;
	return ret;
}

static int open_transport(const struct vdrm_device_create_info *info,
			  struct vdrm_transport **t, bool *spawned, struct vdrm_error *err)
{
	struct vdrm_drm_create_info di = { .node = info->drm_node, .use_fd = info->use_drm_fd,
					   .fd = info->drm_fd };
	int ret;

	if (info->kind == VDRM_TRANSPORT_VTEST)
		return open_vtest_or_spawn(info, t, spawned, err);
	ret = vdrm_transport_create_drm(&di, t, err);
	/* auto: DRM when a virtio_gpu node with 3D exists, else vtest */
	if (info->kind == VDRM_TRANSPORT_AUTO &&
	    (ret == VDRM_ERROR_NO_DEVICE || ret == VDRM_ERROR_UNSUPPORTED))
		return open_vtest_or_spawn(info, t, spawned, err);
	return ret;
}

bool vdrm_debug_word(const char *word)
{
	const char *d = getenv("VIRTGL_DEBUG");
	size_t n = strlen(word);

	for (; d && *d; d += strcspn(d, ","), d += *d == ',') {
		if (strncmp(d, word, n) == 0 && (d[n] == ',' || d[n] == '\0'))
			return true;
	}
	return false;
}

static int setup_debug(struct vdrm_device *dev)
{
	if (vdrm_debug_word("cmd"))
		dev->dump = stderr;
	if (vdrm_debug_word("validate"))
		return vdrm_device_set_validate(dev, true);
	return VDRM_OK;
}

int vdrm_device_create_from_transport(struct vdrm_transport *t, struct vdrm_device **out,
				      struct vdrm_error *err)
{
	struct vdrm_device *dev = calloc(1, sizeof(*dev));
	int ret;

	if (!dev) {
		t->ops->destroy(t);
		return vdrm_error_set(err, VDRM_ERROR_OUT_OF_MEMORY, "out of memory");
	}
	ret = vdrm_caps_parse(t->caps, t->caps_size, t->capset_id, &dev->caps);
	if (ret) {
		t->ops->destroy(t);
		free(dev);
		return vdrm_error_set(err, VDRM_ERROR_DEVICE_LOST,
				      "the host's capset %u blob (%u bytes) is unusable",
				      t->capset_id, t->caps_size);
	}
	dev->t = t;
	pthread_mutex_init(&dev->lock, NULL);
	if (setup_debug(dev)) {
		vdrm_device_destroy(dev);
		return vdrm_error_set(err, VDRM_ERROR_OUT_OF_MEMORY, "out of memory");
	}
	*out = dev;
	return VDRM_OK;
}

int vdrm_device_create(const struct vdrm_device_create_info *info,
		       struct vdrm_device **out, struct vdrm_error *err)
{
	struct vdrm_transport *t = NULL;
	bool spawned = false;
	int ret = open_transport(info, &t, &spawned, err);

	if (!ret)
		ret = vdrm_device_create_from_transport(t, out, err);
	if (ret && spawned)
		vdrm_vtest_server_release();
	if (!ret)
		(*out)->spawned_server = spawned;
	return ret;
}

void vdrm_device_destroy(struct vdrm_device *dev)
{
	if (!dev)
		return;
	dev->t->ops->destroy(dev->t);
	if (dev->spawned_server)
		vdrm_vtest_server_release();
	pthread_mutex_destroy(&dev->lock);
	vdrm_validator_destroy(dev->validator);
	free(dev->res_ids);
	free(dev);
}

/* ---- queries --------------------------------------------------------------- */

const struct vdrm_caps *vdrm_device_caps(const struct vdrm_device *dev)
{
	return &dev->caps;
}

const char *vdrm_device_transport_name(const struct vdrm_device *dev)
{
	return dev->t->name;
}

const char *vdrm_device_transport_detail(const struct vdrm_device *dev)
{
	return dev->t->detail;
}

const char *vdrm_device_error(const struct vdrm_device *dev)
{
	return dev->t->error.message;
}

bool vdrm_device_is_lost(const struct vdrm_device *dev)
{
	/* read without the lock, on every GL call of a robust context */
	return __atomic_load_n(&dev->t->lost, __ATOMIC_ACQUIRE);
}

bool vdrm_device_probe_lost(struct vdrm_device *dev)
{
	struct pollfd p = { .fd = dev->t->hangup_fd, .events = POLLRDHUP };

	pthread_mutex_lock(&dev->lock);
	if (!dev->t->lost && p.fd >= 0 && poll(&p, 1, 0) > 0 && p.revents)
		vdrm_transport_fail(dev->t, VDRM_ERROR_DEVICE_LOST,
				    "the host closed the connection");
	pthread_mutex_unlock(&dev->lock);
	return vdrm_device_is_lost(dev);
}

void vdrm_device_set_dump(struct vdrm_device *dev, FILE *f)
{
	dev->dump = f;
}

int vdrm_device_set_validate(struct vdrm_device *dev, bool on)
{
	struct vdrm_validator *v = on ? vdrm_validator_create(&dev->caps) : NULL;

	if (on && !v)
		return VDRM_ERROR_OUT_OF_MEMORY;
	pthread_mutex_lock(&dev->lock);
	vdrm_validator_destroy(dev->validator);
	dev->validator = v;
	pthread_mutex_unlock(&dev->lock);
	return VDRM_OK;
}

static uint32_t *resource_ids(struct vdrm_device *dev, const struct vdrm_submit_info *info)
{
	if (info->nr_resources > dev->cap_res_ids) {
		uint32_t *p = realloc(dev->res_ids, info->nr_resources * sizeof(*p));

		if (!p)
			return NULL;
		dev->res_ids = p;
		dev->cap_res_ids = info->nr_resources;
	}
	for (uint32_t i = 0; i < info->nr_resources; i++)
		dev->res_ids[i] = info->resources[i]->res_handle;
	return dev->res_ids;
}

/* Streams the validator refused, all devices of the process. */
static _Atomic uint64_t streams_rejected;

uint64_t vdrm_device_streams_rejected(void)
{
	return streams_rejected;
}

/* dev->lock held: the validator follows the order the host gets streams in.
 * A rejected stream is not sent; the device stays usable. */
static int validate(struct vdrm_device *dev, const struct vdrm_submit_info *info)
{
	char msg[sizeof(dev->t->error.message)];
	uint32_t *ids = resource_ids(dev, info);
	int ret;

	if (!ids && info->nr_resources)
		return vdrm_transport_fail(dev->t, VDRM_ERROR_OUT_OF_MEMORY, "out of memory");
	ret = vdrm_validate_stream(dev->validator, info->dwords, info->ndw, ids,
				   info->nr_resources, msg, sizeof(msg));
	if (!ret)
		return VDRM_OK;
	streams_rejected++;
	/* a debugging mode: say it where the layers above may not */
	fprintf(stderr, "virtgl: invalid command stream, not sent: %s\n", msg);
	return vdrm_transport_fail(dev->t, ret, "invalid command stream: %s", msg);
}

/* ---- submission and the timeline ------------------------------------------ */

int vdrm_device_submit(struct vdrm_device *dev, const struct vdrm_submit *s, uint64_t *point)
{
	struct vdrm_submit_info info = {
		.dwords = s->cs->buf, .ndw = s->cs->cdw, .resources = s->resources,
		.nr_resources = s->nr_resources, .in_fence_fd = s->in_fence_fd,
	};
	int ret;

	/* the encoders' sticky error, checked once here */
	if (s->cs->error)
		return vdrm_transport_fail(dev->t, s->cs->error,
					   "the command stream failed to encode: %s",
					   vdrm_result_name(s->cs->error));
	if (dev->dump)
		vdrm_decode_dump(dev->dump, info.dwords, info.ndw);
	pthread_mutex_lock(&dev->lock);
	ret = dev->validator ? validate(dev, &info) : VDRM_OK;
	if (!ret)
		ret = dev->t->ops->submit(dev->t, &info, dev->last_submitted + 1);
	if (!ret)
		*point = ++dev->last_submitted;
	pthread_mutex_unlock(&dev->lock);
	return ret;
}

uint64_t vdrm_device_last_submitted(struct vdrm_device *dev)
{
	uint64_t p;

	pthread_mutex_lock(&dev->lock);
	p = dev->last_submitted;
	pthread_mutex_unlock(&dev->lock);
	return p;
}

static void note_completed(struct vdrm_device *dev, uint64_t point)
{
	if (point > dev->last_completed)
		dev->last_completed = point;
}

uint64_t vdrm_device_last_completed(struct vdrm_device *dev)
{
	uint64_t done = 0;

	pthread_mutex_lock(&dev->lock);
	if (dev->last_completed < dev->last_submitted &&
	    dev->t->sync_ops->query(dev->t, &done) == VDRM_OK)
		note_completed(dev, done);
	done = dev->last_completed;
	pthread_mutex_unlock(&dev->lock);
	return done;
}


static bool cached_signaled(struct vdrm_device *dev, uint64_t point)
{
	bool done;

	pthread_mutex_lock(&dev->lock);
	done = point <= dev->last_completed;
	pthread_mutex_unlock(&dev->lock);
	return done;
}

bool vdrm_device_is_signaled(struct vdrm_device *dev, uint64_t point)
{
	return cached_signaled(dev, point) || point <= vdrm_device_last_completed(dev);
}

/* A heartbeat of a wait (vdrm_wait.h): one round trip, under the lock. */
static int ping_host(void *arg)
{
	struct vdrm_device *dev = arg;
	int ret;

	pthread_mutex_lock(&dev->lock);
	ret = dev->t->sync_ops->ping(dev->t);
	pthread_mutex_unlock(&dev->lock);
	return ret;
}

/* Outside the lock: other threads keep submitting while this one sleeps. */
static int poll_fence(struct vdrm_device *dev, int fd, int64_t timeout_ns)
{
	struct vdrm_wait_fd w = { .fd = fd, .hangup_fd = dev->t->hangup_fd,
				  .ping = dev->t->sync_ops->ping ? ping_host : NULL,
				  .arg = dev };

	return vdrm_wait_fd(&w, timeout_ns);
}

int vdrm_device_wait_fd(struct vdrm_device *dev, int fd, int64_t timeout_ns)
{
	int ret = poll_fence(dev, fd, timeout_ns);

	if (ret == VDRM_ERROR_DEVICE_LOST) {
		pthread_mutex_lock(&dev->lock);
		if (!dev->t->lost)
			vdrm_transport_fail(dev->t, ret, "the host went away during a wait");
		pthread_mutex_unlock(&dev->lock);
	}
	return ret;
}

static int wait_with_fd(struct vdrm_device *dev, uint64_t point, int64_t timeout_ns)
{
	int fd = -1, ret;

	pthread_mutex_lock(&dev->lock);
	ret = dev->t->sync_ops->export_fd(dev->t, point, &fd);
	pthread_mutex_unlock(&dev->lock);
	if (ret)
		return ret;
	ret = poll_fence(dev, fd, timeout_ns);
	close(fd);
	pthread_mutex_lock(&dev->lock);
	if (ret == VDRM_OK)
		note_completed(dev, point);
	else if (ret == VDRM_ERROR_DEVICE_LOST || ret == VDRM_ERROR_IO)
		ret = vdrm_transport_fail(dev->t, ret, "the host went away during a wait");
	pthread_mutex_unlock(&dev->lock);
	return ret;
}

int vdrm_device_wait(struct vdrm_device *dev, uint64_t point, int64_t timeout_ns)
{
	int ret;

	/* only the cache: asking the host first would cost a round trip that
	 * the wait itself makes anyway */
	if (cached_signaled(dev, point))
		return dev->t->lost ? VDRM_ERROR_DEVICE_LOST : VDRM_OK;
	if (dev->t->has_fence_fds)
		return wait_with_fd(dev, point, timeout_ns);
	pthread_mutex_lock(&dev->lock);
	ret = dev->t->sync_ops->wait(dev->t, point, timeout_ns);
	if (ret == VDRM_OK)
		note_completed(dev, point);
	pthread_mutex_unlock(&dev->lock);
	return ret;
}

int vdrm_device_export_fd(struct vdrm_device *dev, uint64_t point, int *fd)
{
	int ret;

	pthread_mutex_lock(&dev->lock);
	ret = dev->t->sync_ops->export_fd(dev->t, point, fd);
	/* the fd leaves for the application: it must not outlive a lost host
	 * silently */
	if (!ret && dev->t->sync_ops->watch_fd && (ret = dev->t->sync_ops->watch_fd(dev->t, *fd)))
		close(*fd);
	pthread_mutex_unlock(&dev->lock);
	return ret;
}

/* ---- resources ------------------------------------------------------------- */

/* A resource of a validated info: created on the host (fd < 0), or the
 * dma-buf fd imported. */
static int new_resource(struct vdrm_device *dev, const struct vdrm_resource_create_info *info,
			int fd, struct vdrm_resource **out)
{
	struct vdrm_resource *res = calloc(1, sizeof(*res));
	int ret;

	if (!res)
		return vdrm_transport_fail(dev->t, VDRM_ERROR_OUT_OF_MEMORY, "out of memory");
	res->info = *info;
	res->size = vdrm_resource_backing_size(info);
	pthread_mutex_lock(&dev->lock);
	ret = fd < 0 ? dev->t->res_ops->create(dev->t, info, res)
		     : dev->t->res_ops->import_fd(dev->t, fd, res);
	if (!ret && dev->validator && vdrm_validator_resource_created(dev->validator, res->res_handle)) {
		dev->t->res_ops->destroy(dev->t, res);
		ret = vdrm_transport_fail(dev->t, VDRM_ERROR_OUT_OF_MEMORY, "out of memory");
	}
	pthread_mutex_unlock(&dev->lock);
	if (ret)
		free(res);
	else
		*out = res;
	return ret;
}

int vdrm_resource_create(struct vdrm_device *dev, const struct vdrm_resource_create_info *info,
			 struct vdrm_resource **out)
{
	int ret = vdrm_resource_info_validate(info, &dev->t->error);

	return ret ? ret : new_resource(dev, info, -1, out);
}

void vdrm_resource_destroy(struct vdrm_device *dev, struct vdrm_resource *res)
{
	if (!res)
		return;
	pthread_mutex_lock(&dev->lock);
	if (dev->validator)
		vdrm_validator_resource_destroyed(dev->validator, res->res_handle);
	dev->t->res_ops->destroy(dev->t, res);
	pthread_mutex_unlock(&dev->lock);
	free(res);
}

static int transfer(struct vdrm_device *dev, struct vdrm_resource *res, uint32_t level,
		    const struct vdrm_box *box, enum vdrm_transfer_dir dir)
{
	struct vdrm_transfer x = { .res = res, .level = level, .box = *box, .dir = dir };
	int ret = vdrm_resource_box_validate(&res->info, level, box, &dev->t->error);

	if (ret)
		return ret;
	pthread_mutex_lock(&dev->lock);
	ret = dev->t->res_ops->transfer(dev->t, &x);
	pthread_mutex_unlock(&dev->lock);
	return ret;
}

int vdrm_resource_upload(struct vdrm_device *dev, struct vdrm_resource *res, uint32_t level,
			 const struct vdrm_box *box)
{
	return transfer(dev, res, level, box, VDRM_TRANSFER_TO_HOST);
}

int vdrm_resource_download(struct vdrm_device *dev, struct vdrm_resource *res, uint32_t level,
			   const struct vdrm_box *box)
{
	return transfer(dev, res, level, box, VDRM_TRANSFER_FROM_HOST);
}

bool vdrm_device_drm_nodes(const struct vdrm_device *dev, uint64_t *primary, uint64_t *render)
{
	*primary = dev->t->primary_node;
	*render = dev->t->render_node;
	return dev->t->res_ops->export_fd != NULL;
}

int vdrm_resource_export_fd(struct vdrm_device *dev, struct vdrm_resource *res, int *fd)
{
	int ret;

	if (!dev->t->res_ops->export_fd)
		return vdrm_transport_fail(dev->t, VDRM_ERROR_UNSUPPORTED,
					   "%s resources cannot be shared as dma-bufs",
					   dev->t->name);
	pthread_mutex_lock(&dev->lock);
	ret = dev->t->res_ops->export_fd(dev->t, res, fd);
	pthread_mutex_unlock(&dev->lock);
	return ret;
}

int vdrm_resource_import_fd(struct vdrm_device *dev, int fd,
			    const struct vdrm_resource_create_info *info,
			    struct vdrm_resource **out)
{
	int ret = vdrm_resource_info_validate(info, &dev->t->error);

	if (ret)
		return ret;
	if (!dev->t->res_ops->import_fd)
		return vdrm_transport_fail(dev->t, VDRM_ERROR_UNSUPPORTED,
					   "%s cannot import dma-bufs", dev->t->name);
	if (fd < 0)
		return vdrm_transport_fail(dev->t, VDRM_ERROR_INVALID_ARGUMENT,
					   "import of fd %d", fd);
	return new_resource(dev, info, fd, out);
}

int vdrm_resource_wait_idle(struct vdrm_device *dev, struct vdrm_resource *res)
{
	int ret;

	pthread_mutex_lock(&dev->lock);
	ret = dev->t->res_ops->wait_idle(dev->t, res);
	pthread_mutex_unlock(&dev->lock);
	return ret;
}
