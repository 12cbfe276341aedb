/* SPDX-License-Identifier: MIT */
/*
 * Fences: a point on the device's timeline (the value of a submission), or
 * an imported pollable fd. GL sync objects (glFenceSync ...) are fences
 * named in the share group; a GLsync is that name.
 */
#include <errno.h>
#include <poll.h>
#include <stdint.h>
#include <stdlib.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_procs.h"
#include "vgl_robustness.h"

struct vgl_fence {
	struct vgl_device *dev;
	uint64_t value;   /* timeline value; 0: already signalled */
	int fd;           /* imported: -1 if none */
};

int vgl_fence_create(struct vgl_context *ctx, struct vgl_fence **out)
{
	struct vgl_fence *f = calloc(1, sizeof(*f));
	int ret;

	if (!f)
		return VGL_ERROR_OUT_OF_MEMORY;
	ret = vgl_batch_flush(ctx);
	if (ret) {
		free(f);
		return ret;
	}
	f->dev = ctx->dev;
	f->value = ctx->batch.last_value;
	f->fd = -1;
	*out = f;
	return VGL_OK;
}

int vgl_fence_import_fd(struct vgl_device *dev, int fd, struct vgl_fence **out)
{
	struct vgl_fence *f = calloc(1, sizeof(*f));

	if (!f) {
		close(fd);
		return VGL_ERROR_OUT_OF_MEMORY;
	}
	f->dev = dev;
	f->fd = fd;
	*out = f;
	return VGL_OK;
}

void vgl_fence_destroy(struct vgl_fence *f)
{
	if (!f)
		return;
	if (f->fd >= 0)
		close(f->fd);
	free(f);
}

bool vgl_fence_is_signaled(struct vgl_fence *f)
{
	struct pollfd p = { .fd = f->fd, .events = POLLIN };

	if (f->fd >= 0)
		return poll(&p, 1, 0) > 0 && (p.revents & POLLIN);
	return vgl_device_is_done(f->dev, f->value);
}

/* An imported fd is waited for only as long as our own host answers: a
 * wait never outlives the device (the exporter's own watcher wakes it if
 * the exporter's host dies; vdrm_fence_watch.h). */
int vgl_fence_wait(struct vgl_fence *f, uint64_t timeout_ns)
{
	if (f->fd < 0)
		return vgl_device_wait(f->dev, f->value, timeout_ns);
	return vgl_result_from_vk(vvk_WaitForeignFd(f->dev->dev, f->fd, timeout_ns));
}

/* An fd from elsewhere cannot join the timeline: the CPU waits for it
 * before ctx records more (correct, if less parallel). A point of our own
 * becomes a wait of the next submission; the host runs one context's
 * submissions in order, so it costs nothing there. */
int vgl_fence_gpu_wait(struct vgl_context *ctx, struct vgl_fence *f)
{
	if (f->fd >= 0)
		return vgl_fence_wait(f, UINT64_MAX);
	if (f->value == 0 || vgl_device_is_done(f->dev, f->value))
		return VGL_OK;
	return vgl_batch_add_wait(ctx, f->value);
}

static int signalled_fd(int *fd)
{
	*fd = eventfd(1, EFD_CLOEXEC);
	return *fd >= 0 ? VGL_OK : VGL_ERROR_OUT_OF_MEMORY;
}

int vgl_fence_export_fd(struct vgl_fence *f, int *fd)
{
	if (f->fd >= 0) {
		*fd = dup(f->fd);
		return *fd >= 0 ? VGL_OK : VGL_ERROR_OUT_OF_MEMORY;
	}
	/* On DRM even a signalled fence exports a sync_file: KMS takes it as
	 * an IN_FENCE_FD (an eventfd is refused with EINVAL). Elsewhere a
	 * readable eventfd saves a round trip to the server. */
	if (vgl_device_is_done(f->dev, f->value) && !vgl_device_has_dma_buf(f->dev))
		return signalled_fd(fd);
	return vgl_result_from_vk(vvk_GetSemaphoreFdForValue(f->dev->dev, f->dev->timeline,
							      f->value, fd));
}

/* ---- GL sync objects ------------------------------------------------------------------------- */

static struct vgl_fence *sync_of(struct vgl_context *ctx, GLsync sync)
{
	struct vgl_fence *f;

	pthread_mutex_lock(&ctx->share->lock);
	f = vgl_names_get(&ctx->share->syncs, (uint32_t)(uintptr_t)sync);
	pthread_mutex_unlock(&ctx->share->lock);
	return f;
}

static GLsync GL_APIENTRY vgl_FenceSync(GLenum condition, GLbitfield flags)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_fence *f;
	uint32_t name;

	if (!ctx)
		return NULL;
	if (condition != GL_SYNC_GPU_COMMANDS_COMPLETE) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return NULL;
	}
	if (flags) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return NULL;
	}
	if (vgl_fence_create(ctx, &f)) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return NULL;
	}
	pthread_mutex_lock(&ctx->share->lock);
	name = vgl_names_gen(&ctx->share->syncs, f);
	pthread_mutex_unlock(&ctx->share->lock);
	if (!name) {
		vgl_fence_destroy(f);
		vgl_error(ctx, GL_OUT_OF_MEMORY);
	}
	return (GLsync)(uintptr_t)name;
}

static GLboolean GL_APIENTRY vgl_IsSync(GLsync sync)
{
	struct vgl_context *ctx = vgl_current_context();

	return ctx && sync_of(ctx, sync) ? GL_TRUE : GL_FALSE;
}

static void GL_APIENTRY vgl_DeleteSync(GLsync sync)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_fence *f;

	if (!ctx || !sync)
		return;
	f = sync_of(ctx, sync);
	if (!f) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	pthread_mutex_lock(&ctx->share->lock);
	vgl_names_remove(&ctx->share->syncs, (uint32_t)(uintptr_t)sync);
	pthread_mutex_unlock(&ctx->share->lock);
	vgl_fence_destroy(f);
}

static GLenum GL_APIENTRY vgl_ClientWaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_fence *f;
	int ret;

	if (!ctx)
		return GL_WAIT_FAILED;
	f = sync_of(ctx, sync);
	if (!f || (flags & ~(GLbitfield)GL_SYNC_FLUSH_COMMANDS_BIT)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return GL_WAIT_FAILED;
	}
	if (vgl_fence_is_signaled(f))
		return GL_ALREADY_SIGNALED;
	ret = vgl_fence_wait(f, timeout);
	if (ret == VGL_OK)
		return GL_CONDITION_SATISFIED;
	return ret == VGL_ERROR_TIMEOUT ? GL_TIMEOUT_EXPIRED : GL_WAIT_FAILED;
}

static void GL_APIENTRY vgl_WaitSync(GLsync sync, GLbitfield flags, GLuint64 timeout)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_fence *f;

	if (!ctx)
		return;
	f = sync_of(ctx, sync);
	if (!f || flags || timeout != GL_TIMEOUT_IGNORED) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	vgl_error_result(ctx, vgl_fence_gpu_wait(ctx, f));
}

static void GL_APIENTRY vgl_GetSynciv(GLsync sync, GLenum pname, GLsizei bufsize,
				      GLsizei *length, GLint *values)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_fence *f;
	GLint v;

	if (!ctx) {
		/* after a reset a polling application must see it done */
		vgl_reset_sync_status(pname, bufsize, length, values);
		return;
	}
	f = sync_of(ctx, sync);
	/* a negative bufSize too (dEQP negative_coverage state.get_synciv) */
	if (!f || bufsize < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	switch (pname) {
	case GL_OBJECT_TYPE: v = GL_SYNC_FENCE; break;
	case GL_SYNC_STATUS: v = vgl_fence_is_signaled(f) ? GL_SIGNALED : GL_UNSIGNALED; break;
	case GL_SYNC_CONDITION: v = GL_SYNC_GPU_COMMANDS_COMPLETE; break;
	case GL_SYNC_FLAGS: v = 0; break;
	default: vgl_error(ctx, GL_INVALID_ENUM); return;
	}
	if (bufsize > 0 && values)
		values[0] = v;
	if (length)
		*length = bufsize > 0 ? 1 : 0;
}

const struct vgl_proc vgl_sync_procs[] = {
	VGL_PROC(FenceSync), VGL_PROC(IsSync), VGL_PROC(DeleteSync), VGL_PROC(ClientWaitSync),
	VGL_PROC(WaitSync), VGL_PROC(GetSynciv),
	{ NULL, NULL },
};
