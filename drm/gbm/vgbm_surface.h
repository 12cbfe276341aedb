/* SPDX-License-Identifier: MIT */
/*
 * A virtgl gbm_surface: up to VGBM_SURFACE_MAX_BUFFERS buffers, created as
 * EGL first asks for them, each in one state:
 *
 *   FREE ---acquire---> DRAWING ---queue---> QUEUED ---lock_front---> LOCKED
 *    ^  <----cancel------'                      |                        |
 *    +-------- a newer buffer is queued --------+                        |
 *    +-------------------------- release_buffer -------------------------+
 *
 * EGL acquires/queues/cancels (struct vgbm_egl_ops), the application locks
 * and releases (libgbm's surface hooks); one mutex covers every transition.
 */
#pragma once

#include <pthread.h>
#include <stdint.h>

#include "vgbm_bo.h"

enum vgbm_buffer_state {
	VGBM_BUFFER_FREE = 0,
	VGBM_BUFFER_DRAWING,
	VGBM_BUFFER_QUEUED,
	VGBM_BUFFER_LOCKED,
};

struct vgbm_surface_buffer {
	struct vgbm_bo *bo; /* NULL: not created yet (counts as free) */
	enum vgbm_buffer_state state;
	/* the swap that queued the contents it holds; 0 = undefined contents */
	uint64_t frame;
};

struct vgbm_surface {
	struct gbm_surface base; /* first: libgbm's view */
	pthread_mutex_t lock;
	const struct vgbm_format *format;
	uint64_t frames; /* buffers queued so far */
	struct vgbm_surface_buffer buffers[VGBM_SURFACE_MAX_BUFFERS];
	uint64_t modifier; /* what base.v0.modifiers points at, if any */
};

static inline struct vgbm_surface *vgbm_surface(struct gbm_surface *s)
{
	return (struct vgbm_surface *)s;
}

/* libgbm's hooks. destroy frees every buffer whatever its state (user data
 * first, as gbm_bo_destroy would): EGL and KMS must be done with them. */
struct gbm_surface *vgbm_surface_create(struct gbm_device *gbm, uint32_t width,
					uint32_t height, uint32_t format, uint32_t flags,
					const uint64_t *modifiers, const unsigned count);
struct gbm_bo *vgbm_surface_lock_front_buffer(struct gbm_surface *s);
void vgbm_surface_release_buffer(struct gbm_surface *s, struct gbm_bo *bo);
int vgbm_surface_has_free_buffers(struct gbm_surface *s);
void vgbm_surface_destroy(struct gbm_surface *s);

/* EGL's (struct vgbm_egl_ops) */
struct gbm_bo *vgbm_surface_acquire(struct gbm_surface *s, int *age);
void vgbm_surface_queue(struct gbm_surface *s, struct gbm_bo *bo);
void vgbm_surface_cancel(struct gbm_surface *s, struct gbm_bo *bo);

/* The application destroyed one of the surface's buffers itself. */
void vgbm_surface_forget(struct vgbm_surface *s, struct vgbm_bo *bo);
