/* SPDX-License-Identifier: MIT */
/*
 * A refcounted GL-side object whose Vulkan objects may still be used by
 * batches: buffer storage, programs. A batch that records a use takes a
 * reference (vgl_batch_use), so the last unref always happens when every
 * recording that used the object has been submitted; the destroy function
 * then hands the Vulkan objects to the device's deferred-destroy list, which
 * frees them once the last submitted point completes.
 */
#pragma once

#include <assert.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>

struct vgl_object {
	atomic_int refs;
	void (*destroy)(struct vgl_object *o);
	/* the last batch (context, serial) that took a reference: de-duplicates
	 * uses within one batch and answers "used by my unflushed recording?" */
	const void *tag_ctx;
	uint64_t tag_serial;
};

/* A process-wide unique, never-zero id (vgl_context.c): stamps that tell
 * "this object in this state" apart from any other, reuse of its memory
 * included. */
uint64_t vgl_unique_id(void);

static inline void vgl_object_init(struct vgl_object *o, void (*destroy)(struct vgl_object *))
{
	atomic_init(&o->refs, 1);
	o->destroy = destroy;
	o->tag_ctx = NULL;
	o->tag_serial = 0;
}

static inline void vgl_object_ref(struct vgl_object *o)
{
	atomic_fetch_add(&o->refs, 1);
}

static inline void vgl_object_unref(struct vgl_object *o)
{
	int old;

	if (!o)
		return;
	old = atomic_fetch_sub(&o->refs, 1);
	assert(old > 0);
	if (old == 1)
		o->destroy(o);
}
