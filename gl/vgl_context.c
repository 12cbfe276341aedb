/* SPDX-License-Identifier: MIT */
#include "vgl_context.h"

#include <stdlib.h>
#include <string.h>

#include "vgl_buffer.h"
#include "vgl_clear.h"
#include "vgl_device.h"
#include "vgl_es32.h"
#include "vgl_extensions.h"
#include "vgl_object.h"
#include "vgl_program.h"
#include "vgl_program_pipeline.h"
#include "vgl_robustness.h"
#include "vgl_debug.h"
#include "vgl_query.h"
#include "vgl_xfb.h"
#include "vgl_surface.h"
#include "vgl_texture.h"
#include "vgl_viewport.h"

/* initial-exec: every GL call reads it, and the general-dynamic model of a
 * shared library made that a __tls_get_addr call each time; a dlopen()ed
 * library gets these 8 bytes from glibc's static TLS surplus (Mesa's
 * drivers do the same) */
static __thread struct vgl_context *current_ctx __attribute__((tls_model("initial-exec")));

/* After a reset, a GL command raises GL_CONTEXT_LOST and does nothing:
 * without a context every entry point returns at once (vgl_robustness.h). */
struct vgl_context *vgl_current_context(void)
{
	struct vgl_context *ctx = current_ctx;

	if (ctx && vgl_context_reset(ctx)) {
		vgl_error(ctx, GL_CONTEXT_LOST_KHR);
		return NULL;
	}
	return ctx;
}

struct vgl_context *vgl_context_bound(void)
{
	return current_ctx;
}

const struct vgl_stats *vgl_context_stats(const struct vgl_context *ctx)
{
	return &ctx->stats;
}

uint64_t vgl_unique_id(void)
{
	static uint64_t last;

	return __atomic_add_fetch(&last, 1, __ATOMIC_RELAXED);
}

uint32_t vgl_context_recorded(const struct vgl_context *ctx, const uint32_t **dwords)
{
	*dwords = NULL;
	return ctx->batch.cmd ? vvk_GetRecordedDwords(ctx->batch.cmd, dwords) : 0;
}

void vgl_context_reset_stats(struct vgl_context *ctx)
{
	uint64_t last = ctx->stats.last_point;

	memset(&ctx->stats, 0, sizeof(ctx->stats));
	ctx->stats.last_point = last;
}

/* ---- share groups ------------------------------------------------------------- */

static struct vgl_share *share_create(void)
{
	struct vgl_share *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	s->refs = 1;
	pthread_mutex_init(&s->lock, NULL);
	return s;
}

/* The share group's namespaces hold one reference of each object. */
static void release_buffer(void *obj)
{
	vgl_buffer_unref(obj);
}

static void release_program(void *obj)
{
	vgl_program_object_delete(obj);
}

static void release_fence(void *obj)
{
	vgl_fence_destroy(obj);
}

static void share_unref(struct vgl_share *s)
{
	bool last;

	pthread_mutex_lock(&vgl_bind_lock);
	last = --s->refs == 0;
	pthread_mutex_unlock(&vgl_bind_lock);
	if (!last)
		return;
	vgl_names_drain(&s->buffers, release_buffer);
	vgl_program_share_finish(s);
	vgl_names_drain(&s->programs, release_program);
	vgl_names_drain(&s->syncs, release_fence);
	vgl_texture_share_finish(s);
	pthread_mutex_destroy(&s->lock);
	free(s);
}

/* ---- creation ------------------------------------------------------------------ */

/*
 * ES 3.1 and 3.2 need a host with compute shaders (VIRGL_CAP_COMPUTE_SHADER);
 * 3.2 also every extension it folds into core (vgl_es32.c).
 *
 * A request is granted as asked by default: EGL 1.5 lets a request for ES
 * 3.0 or 3.1 return any later version compatible with it, but a program that
 * asked for 3.0 gets 3.0's rules (its errors among them), as the check
 * suites assert. VIRTGL_ES_UPGRADE=1 answers every ES 3.x request with the
 * highest version, as Mesa does: programs that ask for "ES 3" and then check
 * the version they got (piglit's shader_runner_gles3, dEQP-GLES31's 3.2
 * cases) reach the 3.1 and 3.2 features.
 */
static bool es31_host(const struct vgl_device *dev)
{
	return dev->limits.compute_invocations != 0;
}

static bool es_upgrade(void)
{
	const char *e = getenv("VIRTGL_ES_UPGRADE");

	return e && strcmp(e, "1") == 0;
}

static bool valid_version(const struct vgl_device *dev, const struct vgl_context_info *info)
{
	if (info->major == 3 && (info->minor == 1 || info->minor == 2))
		return es31_host(dev);
	return (info->major == 2 && info->minor == 0) || (info->major == 3 && info->minor == 0);
}

/* The minor version a 3.x request starts from: its own, or the highest
 * (3.2, else 3.1 where the host has compute shaders) under VIRTGL_ES_UPGRADE. */
static uint32_t requested_minor(const struct vgl_device *dev, const struct vgl_context_info *info)
{
	if (info->major == 3 && es_upgrade() && es31_host(dev))
		return 2;
	return info->minor;
}

/*
 * The version the context gets, with its extension mask: ES 3.2 only where
 * every extension it folds into core is on (vgl_es32.c). An explicit 3.2
 * request is then refused; an upgraded one falls back to 3.1.
 */
static int grant_version(struct vgl_context *ctx, const struct vgl_context_info *info)
{
	ctx->major = info->major;
	ctx->minor = requested_minor(ctx->dev, info);
	ctx->ext_mask = vgl_ext_mask_compute(ctx);
	if (ctx->major != 3 || ctx->minor != 2 || !vgl_es32_missing(ctx))
		return VGL_OK;
	if (info->minor == 2)
		return VGL_ERROR_BAD_ATTRIBUTE;
	ctx->minor = 1;
	ctx->ext_mask = vgl_ext_mask_compute(ctx);
	return VGL_OK;
}

static struct vgl_share *join_share(struct vgl_context *share)
{
	if (!share)
		return share_create();
	pthread_mutex_lock(&vgl_bind_lock);
	share->share->refs++;
	pthread_mutex_unlock(&vgl_bind_lock);
	return share->share;
}

int vgl_context_create(struct vgl_device *dev, const struct vgl_context_info *info,
		       struct vgl_context **out)
{
	struct vgl_context *ctx;
	int ret;

	if (!valid_version(dev, info))
		return VGL_ERROR_BAD_ATTRIBUTE;
	ctx = calloc(1, sizeof(*ctx));
	if (!ctx)
		return VGL_ERROR_OUT_OF_MEMORY;
	ctx->dev = dev;
	ret = grant_version(ctx, info);
	if (ret) {
		free(ctx);
		return ret;
	}
	ctx->reset_strategy = info->lose_on_reset ? GL_LOSE_CONTEXT_ON_RESET_KHR
						  : GL_NO_RESET_NOTIFICATION_KHR;
	vgl_debug_init(ctx, info->debug);
	ctx->share = join_share(info->share);
	vgl_state_init(&ctx->st);
	vgl_vao_init(&ctx->default_vao);
	ctx->vao = &ctx->default_vao;
	for (int i = 0; i < VGL_MAX_ATTRIBS; i++) {
		ctx->attribs.v[i][3] = 1.0f;
		ctx->attribs.type[i] = GL_FLOAT;
	}
	ctx->attribs.dirty = true;
	ctx->dirty = VGL_DIRTY_ALL;
	ret = ctx->share ? vgl_batch_init(ctx) : VGL_ERROR_OUT_OF_MEMORY;
	if (ret) {
		if (ctx->share)
			share_unref(ctx->share);
		free(ctx);
		return ret;
	}
	*out = ctx;
	return VGL_OK;
}

static void free_vao(void *obj)
{
	vgl_vao_release(obj);
	free(obj);
}

static void release_bindings(struct vgl_context *ctx)
{
	vgl_buffer_unref(ctx->array_buffer);
	vgl_buffer_unref(ctx->uniform_buffer);
	vgl_buffer_unref(ctx->copy_read_buffer);
	vgl_buffer_unref(ctx->copy_write_buffer);
	vgl_buffer_unref(ctx->pixel_pack_buffer);
	vgl_buffer_unref(ctx->pixel_unpack_buffer);
	vgl_buffer_unref(ctx->xfb_buffer);
	for (int i = 0; i < VGL_MAX_UBO_BINDINGS; i++)
		vgl_buffer_unref(ctx->ubo[i].buffer);
	vgl_buffer_unref(ctx->ssbo_buffer);
	vgl_buffer_unref(ctx->dispatch_indirect_buffer);
	vgl_buffer_unref(ctx->draw_indirect_buffer);
	vgl_buffer_unref(ctx->texture_buffer);
	for (int i = 0; i < VGL_MAX_SSBO_BINDINGS; i++)
		vgl_buffer_unref(ctx->ssbo[i].buffer);
	vgl_buffer_unref(ctx->atomic_buffer);
	for (int i = 0; i < VGL_MAX_ATOMIC_BINDINGS; i++) {
		vgl_buffer_unref(ctx->atomic[i].buffer);
		vgl_storage_unref(ctx->atomic_staging[i]);
	}
	vgl_image_units_release(ctx);
	vgl_vao_release(&ctx->default_vao);
	vgl_names_drain(&ctx->vaos, free_vao);
	vgl_ppo_context_finish(ctx);
	vgl_program_make_current(ctx, NULL);
	vgl_clear_finish(ctx);
	vgl_texture_state_destroy(ctx);
	vgl_query_state_destroy(ctx);
	vgl_xfb_state_destroy(ctx);
}

void vgl_context_destroy(struct vgl_context *ctx)
{
	if (!ctx)
		return;
	if (current_ctx == ctx)
		vgl_make_current(NULL, NULL, NULL);
	/* nothing is said about the teardown's own failures */
	ctx->debug_output = false;
	vgl_batch_finish_all(ctx);
	release_bindings(ctx);
	vgl_vertex_finish(ctx);
	/* the stream and attribute buffers were released into the batch */
	vgl_batch_finish(ctx);
	share_unref(ctx->share);
	vgl_device_collect(ctx->dev);
	free(ctx->extensions);
	vgl_debug_finish(ctx);
	free(ctx);
}

/* ---- binding to threads --------------------------------------------------------- */

static void release_current(struct vgl_context *old)
{
	vgl_batch_flush(old);
	vgl_surface_unbind(old->draw);
	vgl_surface_unbind(old->read);
	old->draw = old->read = NULL;
	old->current = false;
}

static void bind_new(struct vgl_context *ctx, struct vgl_surface *draw, struct vgl_surface *read)
{
	vgl_surface_bind(draw);
	vgl_surface_bind(read);
	ctx->draw = draw;
	ctx->read = read;
	ctx->current = true;
	if (!ctx->ever_bound && draw) {
		vgl_viewport_init_size(ctx, (GLsizei)draw->info.width, (GLsizei)draw->info.height);
		ctx->ever_bound = true;
	}
	ctx->dirty = VGL_DIRTY_ALL;
}

int vgl_make_current(struct vgl_context *ctx, struct vgl_surface *draw, struct vgl_surface *read)
{
	struct vgl_context *old = current_ctx;

	pthread_mutex_lock(&vgl_bind_lock);
	if (ctx && ctx->current && ctx != old) {
		pthread_mutex_unlock(&vgl_bind_lock);
		return VGL_ERROR_BAD_ACCESS;
	}
	if (old)
		release_current(old);
	if (ctx)
		bind_new(ctx, draw, read);
	current_ctx = ctx;
	pthread_mutex_unlock(&vgl_bind_lock);
	return VGL_OK;
}

int vgl_context_flush(struct vgl_context *ctx)
{
	return vgl_batch_flush(ctx);
}

int vgl_context_finish(struct vgl_context *ctx)
{
	struct vgl_surface *draw = ctx->draw;
	int ret = vgl_batch_finish_all(ctx);

	if (ret == VGL_OK && draw && draw->info.finished)
		ret = draw->info.finished(ctx, draw, draw->info.finished_data);
	return ret;
}
