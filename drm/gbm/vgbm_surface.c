/* SPDX-License-Identifier: MIT */
#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>

#include <drm_fourcc.h>

#include "vgbm_surface.h"

#define N_BUFFERS VGBM_SURFACE_MAX_BUFFERS

static const char *const state_names[] = {
	[VGBM_BUFFER_FREE] = "free", [VGBM_BUFFER_DRAWING] = "drawing",
	[VGBM_BUFFER_QUEUED] = "queued", [VGBM_BUFFER_LOCKED] = "locked",
};

static struct vgbm_device *surface_device(struct vgbm_surface *s)
{
	return vgbm_device(s->base.gbm);
}

/* ---- creation and destruction ---------------------------------------------- */

static bool modifiers_allow_linear(const uint64_t *modifiers, unsigned count)
{
	for (unsigned i = 0; i < count; i++) {
		if (modifiers[i] == DRM_FORMAT_MOD_LINEAR || modifiers[i] == DRM_FORMAT_MOD_INVALID)
			return true;
	}
	return count == 0;
}

struct gbm_surface *vgbm_surface_create(struct gbm_device *gbm, uint32_t width,
					uint32_t height, uint32_t format, uint32_t flags,
					const uint64_t *modifiers, const unsigned count)
{
	struct vgbm_device *dev = vgbm_device(gbm);
	const struct vgbm_format *f;
	struct vgbm_surface *s;
	const char *why;

	f = vgbm_device_usable_format(dev, format, GBM_BO_USE_SCANOUT | GBM_BO_USE_RENDERING |
				      (flags & GBM_BO_USE_PROTECTED), &why);
	if (!f) {
		vgbm_fail(dev, EINVAL, "surface of format 0x%08" PRIx32 ", flags 0x%" PRIx32 ": %s",
			  format, flags, why);
		return NULL;
	}
	if (!modifiers_allow_linear(modifiers, count)) {
		vgbm_fail(dev, EINVAL, "surface: none of the %u modifiers is LINEAR", count);
		return NULL;
	}
	if (!vgbm_bo_stride(dev, width, height, f))
		return NULL;
	s = calloc(1, sizeof(*s));
	if (!s) {
		vgbm_fail(dev, ENOMEM, "out of memory for a surface");
		return NULL;
	}
	pthread_mutex_init(&s->lock, NULL);
	s->format = f;
	s->base.gbm = gbm;
	s->base.v0 = (struct gbm_surface_v0){ .width = width, .height = height,
					      .format = f->fourcc, .flags = flags };
	if (count) {
		s->modifier = DRM_FORMAT_MOD_LINEAR;
		s->base.v0.modifiers = &s->modifier;
		s->base.v0.count = 1;
	}
	return &s->base;
}

/* As gbm_bo_destroy would: the user data (kmscube's framebuffer, say) goes
 * first, then the buffer. libgbm never destroys a surface's buffers. */
static void destroy_buffer(struct vgbm_bo *bo)
{
	if (bo->base.v0.destroy_user_data)
		bo->base.v0.destroy_user_data(&bo->base, bo->base.v0.user_data);
	vgbm_bo_free(bo);
}

void vgbm_surface_destroy(struct gbm_surface *gs)
{
	struct vgbm_surface *s = vgbm_surface(gs);

	for (int i = 0; i < N_BUFFERS; i++) {
		if (s->buffers[i].bo)
			destroy_buffer(s->buffers[i].bo);
	}
	pthread_mutex_destroy(&s->lock);
	free(s);
}

/* ---- state transitions (with s->lock held) --------------------------------- */

static struct vgbm_surface_buffer *find(struct vgbm_surface *s, struct gbm_bo *bo)
{
	for (int i = 0; i < N_BUFFERS; i++) {
		if (bo && s->buffers[i].bo && &s->buffers[i].bo->base == bo)
			return &s->buffers[i];
	}
	return NULL;
}

static struct vgbm_surface_buffer *find_in(struct vgbm_surface *s, struct gbm_bo *bo,
					   enum vgbm_buffer_state state, const char *op)
{
	struct vgbm_surface_buffer *b = find(s, bo);

	if (b && b->state == state)
		return b;
	vgbm_fail(surface_device(s), EINVAL, "%s of bo %p: %s, not %s", op, (void *)bo,
		  b ? state_names[b->state] : "not a buffer of this surface", state_names[state]);
	return NULL;
}

/* The free buffer with the most recent contents (the least to redraw for
 * buffer age), else a slot with no buffer yet. */
static struct vgbm_surface_buffer *pick_free(struct vgbm_surface *s)
{
	struct vgbm_surface_buffer *best = NULL, *empty = NULL;

	for (int i = 0; i < N_BUFFERS; i++) {
		struct vgbm_surface_buffer *b = &s->buffers[i];

		if (b->state != VGBM_BUFFER_FREE)
			continue;
		if (!b->bo) {
			empty = empty ? empty : b;
		} else if (!best || b->frame > best->frame) {
			best = b;
		}
	}
	return best ? best : empty;
}

static int age_of(const struct vgbm_surface *s, const struct vgbm_surface_buffer *b)
{
	uint64_t age = b->frame ? s->frames - b->frame + 1 : 0;

	return age > INT32_MAX ? 0 : (int)age;
}

static struct vgbm_bo *new_buffer(struct vgbm_surface *s)
{
	struct vgbm_bo *bo = vgbm_bo_new(surface_device(s), s->base.v0.width, s->base.v0.height,
					 s->format, GBM_BO_USE_SCANOUT | GBM_BO_USE_RENDERING);

	if (bo)
		bo->surface = s;
	return bo;
}

/* ---- EGL's side -------------------------------------------------------------- */

struct gbm_bo *vgbm_surface_acquire(struct gbm_surface *gs, int *age)
{
	struct vgbm_surface *s = vgbm_surface(gs);
	struct vgbm_surface_buffer *b;
	struct gbm_bo *ret = NULL;

	pthread_mutex_lock(&s->lock);
	b = pick_free(s);
	if (!b)
		vgbm_fail(surface_device(s), EBUSY, "acquire: all %d buffers are queued, locked "
			  "or being drawn (release locked buffers)", N_BUFFERS);
	else if (!b->bo && !(b->bo = new_buffer(s)))
		b = NULL;
	if (b) {
		b->state = VGBM_BUFFER_DRAWING;
		*age = age_of(s, b);
		ret = &b->bo->base;
	}
	pthread_mutex_unlock(&s->lock);
	return ret;
}

void vgbm_surface_queue(struct gbm_surface *gs, struct gbm_bo *bo)
{
	struct vgbm_surface *s = vgbm_surface(gs);
	struct vgbm_surface_buffer *b;

	pthread_mutex_lock(&s->lock);
	b = find_in(s, bo, VGBM_BUFFER_DRAWING, "queue");
	if (b) {
		/* a frame queued and never locked is dropped, contents kept */
		for (int i = 0; i < N_BUFFERS; i++) {
			if (s->buffers[i].state == VGBM_BUFFER_QUEUED)
				s->buffers[i].state = VGBM_BUFFER_FREE;
		}
		b->state = VGBM_BUFFER_QUEUED;
		b->frame = ++s->frames;
	}
	pthread_mutex_unlock(&s->lock);
}

void vgbm_surface_cancel(struct gbm_surface *gs, struct gbm_bo *bo)
{
	struct vgbm_surface *s = vgbm_surface(gs);
	struct vgbm_surface_buffer *b;

	pthread_mutex_lock(&s->lock);
	b = find_in(s, bo, VGBM_BUFFER_DRAWING, "cancel");
	if (b) {
		/* EGL may have drawn part of a frame into it */
		b->state = VGBM_BUFFER_FREE;
		b->frame = 0;
	}
	pthread_mutex_unlock(&s->lock);
}

/* ---- the application's side ------------------------------------------------ */

struct gbm_bo *vgbm_surface_lock_front_buffer(struct gbm_surface *gs)
{
	struct vgbm_surface *s = vgbm_surface(gs);
	struct gbm_bo *ret = NULL;

	pthread_mutex_lock(&s->lock);
	for (int i = 0; i < N_BUFFERS && !ret; i++) {
		if (s->buffers[i].state == VGBM_BUFFER_QUEUED) {
			s->buffers[i].state = VGBM_BUFFER_LOCKED;
			ret = &s->buffers[i].bo->base;
		}
	}
	pthread_mutex_unlock(&s->lock);
	if (!ret)
		vgbm_fail(surface_device(s), EINVAL,
			  "lock_front_buffer: nothing queued (eglSwapBuffers first, once per lock)");
	return ret;
}

void vgbm_surface_release_buffer(struct gbm_surface *gs, struct gbm_bo *bo)
{
	struct vgbm_surface *s = vgbm_surface(gs);
	struct vgbm_surface_buffer *b;

	pthread_mutex_lock(&s->lock);
	b = find_in(s, bo, VGBM_BUFFER_LOCKED, "release_buffer");
	if (b)
		b->state = VGBM_BUFFER_FREE;
	pthread_mutex_unlock(&s->lock);
}

int vgbm_surface_has_free_buffers(struct gbm_surface *gs)
{
	struct vgbm_surface *s = vgbm_surface(gs);
	int free_ = 0;

	pthread_mutex_lock(&s->lock);
	for (int i = 0; i < N_BUFFERS && !free_; i++)
		free_ = s->buffers[i].state == VGBM_BUFFER_FREE;
	pthread_mutex_unlock(&s->lock);
	return free_;
}

void vgbm_surface_forget(struct vgbm_surface *s, struct vgbm_bo *bo)
{
	struct vgbm_surface_buffer *b;

	pthread_mutex_lock(&s->lock);
	b = find(s, &bo->base);
	if (b)
		*b = (struct vgbm_surface_buffer){ 0 };
	pthread_mutex_unlock(&s->lock);
}
