/* SPDX-License-Identifier: MIT */
#include "egl_sync.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>

#include "egl_attrib.h"
#include "egl_context.h"
#include "egl_current.h"
#include "egl_display.h"
#include "egl_error.h"
#include "vgl.h"

struct sync_request {
	EGLenum type;
	EGLint fd;                     /* native fence to import, or -1 */
};

static struct egl_sync *sync_lookup(struct egl_display *d, EGLSync handle)
{
	/* the egl_object is the first member */
	return (struct egl_sync *)egl_object_find(d->syncs, handle);
}

static void sync_destroy(struct egl_object *o)
{
	struct egl_sync *s = (struct egl_sync *)o;

	vgl_fence_destroy(s->fence);
	free(s);
}

/* Locks dpy and finds sync; records EGL_BAD_PARAMETER for an unknown sync. */
static struct egl_sync *sync_acquire(EGLDisplay dpy, EGLSync handle)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct egl_sync *s;

	if (!d)
		return NULL;
	s = sync_lookup(d, handle);
	if (!s) {
		egl_display_release(d);
		egl_error(EGL_BAD_PARAMETER);
	}
	return s;
}

/* ---- creation ---------------------------------------------------------------------- */

/* bad_type: EGL_BAD_ATTRIBUTE for the KHR entry point, EGL_BAD_PARAMETER for
 * EGL 1.5's (the two specifications disagree). */
static EGLint parse_sync(EGLenum type, struct egl_attribs it, EGLint bad_type,
			 struct sync_request *r)
{
	EGLint name;
	EGLAttrib value;

	*r = (struct sync_request){ .type = type, .fd = EGL_NO_NATIVE_FENCE_FD_ANDROID };
	if (type != EGL_SYNC_FENCE && type != EGL_SYNC_NATIVE_FENCE_ANDROID)
		return bad_type;
	while (egl_attribs_next(&it, &name, &value)) {
		if (type != EGL_SYNC_NATIVE_FENCE_ANDROID ||
		    name != EGL_SYNC_NATIVE_FENCE_FD_ANDROID)
			return EGL_BAD_ATTRIBUTE;
		r->fd = (EGLint)value;
	}
	return EGL_SUCCESS;
}

static EGLint make_fence(struct egl_display *d, struct egl_context *ctx,
			 const struct sync_request *r, struct egl_sync *s)
{
	int ret;

	s->type = r->type;
	s->condition = EGL_SYNC_PRIOR_COMMANDS_COMPLETE;
	if (r->fd == EGL_NO_NATIVE_FENCE_FD_ANDROID) {
		ret = vgl_fence_create(ctx->vgl, &s->fence);
	} else {
		/* the sync object owns the fd from here on */
		s->condition = EGL_SYNC_NATIVE_FENCE_SIGNALED_ANDROID;
		ret = vgl_fence_import_fd(d->dev, r->fd, &s->fence);
	}
	return ret == VGL_ERROR_BAD_ATTRIBUTE ? EGL_BAD_PARAMETER : egl_error_from_vgl(ret);
}

static EGLSync add_sync(struct egl_display *d, const struct sync_request *r)
{
	struct egl_context *ctx = egl_current_context();
	struct egl_sync *s;
	EGLint err;

	/* fences are commands of the current context, on this display */
	if (!ctx || ctx->obj.d != d) {
		egl_error(EGL_BAD_MATCH);
		return EGL_NO_SYNC;
	}
	s = calloc(1, sizeof(*s));
	err = s ? make_fence(d, ctx, r, s) : EGL_BAD_ALLOC;
	if (err != EGL_SUCCESS) {
		free(s);
		egl_error(err);
		return EGL_NO_SYNC;
	}
	egl_object_link(&d->syncs, &s->obj, d, sync_destroy);
	egl_success();
	return (EGLSync)s;
}

static EGLSync create_sync(EGLDisplay dpy, EGLenum type, struct egl_attribs it, EGLint bad_type)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct sync_request r;
	EGLSync sync = EGL_NO_SYNC;
	EGLint err;

	if (!d)
		return EGL_NO_SYNC;
	err = parse_sync(type, it, bad_type, &r);
	if (err == EGL_SUCCESS)
		sync = add_sync(d, &r);
	else
		egl_error(err);
	egl_display_release(d);
	return sync;
}

EGLSync EGLAPIENTRY vegl_CreateSync(EGLDisplay dpy, EGLenum type, const EGLAttrib *attribs)
{
	return create_sync(dpy, type, egl_attribs_wide(attribs), EGL_BAD_PARAMETER);
}

EGLSyncKHR EGLAPIENTRY vegl_CreateSyncKHR(EGLDisplay dpy, EGLenum type, const EGLint *attribs)
{
	return create_sync(dpy, type, egl_attribs_int(attribs), EGL_BAD_ATTRIBUTE);
}

EGLBoolean EGLAPIENTRY vegl_DestroySync(EGLDisplay dpy, EGLSync sync)
{
	struct egl_sync *s = sync_acquire(dpy, sync);
	struct egl_display *d;

	if (!s)
		return EGL_FALSE;
	d = s->obj.d;
	/* a thread still waiting on it holds a reference */
	egl_object_unlink(&d->syncs, &s->obj);
	egl_display_release(d);
	return egl_success();
}

/* ---- waiting ----------------------------------------------------------------------------- */

static EGLint wait_result(int ret)
{
	if (ret == VGL_OK) {
		egl_success();
		return EGL_CONDITION_SATISFIED;
	}
	if (ret == VGL_ERROR_TIMEOUT) {
		egl_success();
		return EGL_TIMEOUT_EXPIRED;
	}
	egl_error(egl_error_from_vgl(ret));
	return EGL_FALSE;
}

EGLint EGLAPIENTRY vegl_ClientWaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags,
				       EGLTime timeout)
{
	struct egl_sync *s = sync_acquire(dpy, sync);
	struct egl_context *ctx = egl_current_context();
	int ret = VGL_OK;

	if (!s)
		return EGL_FALSE;
	/* the fence's work was flushed when it was created; flushing the
	 * current context too is what EGL_SYNC_FLUSH_COMMANDS_BIT asks for */
	if ((flags & EGL_SYNC_FLUSH_COMMANDS_BIT) && ctx)
		ret = vgl_context_flush(ctx->vgl);
	egl_object_ref(&s->obj);
	/* never wait for the GPU with EGL's lock held */
	egl_display_release(s->obj.d);
	if (ret == VGL_OK)
		ret = vgl_fence_wait(s->fence, timeout == EGL_FOREVER ? UINT64_MAX : timeout);
	egl_lock();
	egl_object_unref(&s->obj);
	egl_unlock();
	return wait_result(ret);
}

static EGLint sync_value(struct egl_sync *s, EGLint attribute, EGLAttrib *v)
{
	switch (attribute) {
	case EGL_SYNC_TYPE:
		*v = s->type;
		return EGL_SUCCESS;
	case EGL_SYNC_STATUS:
		*v = vgl_fence_is_signaled(s->fence) ? EGL_SIGNALED : EGL_UNSIGNALED;
		return EGL_SUCCESS;
	case EGL_SYNC_CONDITION:
		*v = s->condition;
		return EGL_SUCCESS;
	default:
		return EGL_BAD_ATTRIBUTE;
	}
}

EGLBoolean EGLAPIENTRY vegl_GetSyncAttrib(EGLDisplay dpy, EGLSync sync, EGLint attribute,
					  EGLAttrib *value)
{
	struct egl_sync *s = sync_acquire(dpy, sync);
	EGLAttrib v;
	EGLint err;

	if (!s)
		return EGL_FALSE;
	err = sync_value(s, attribute, &v);
	egl_display_release(s->obj.d);
	if (err == EGL_SUCCESS && !value)
		err = EGL_BAD_PARAMETER;
	if (err != EGL_SUCCESS)
		return egl_error(err);
	*value = v;
	return egl_success();
}

EGLBoolean EGLAPIENTRY vegl_GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint attribute,
					     EGLint *value)
{
	EGLAttrib v = 0;

	if (!vegl_GetSyncAttrib(dpy, sync, attribute, value ? &v : NULL))
		return EGL_FALSE;
	*value = (EGLint)v;
	return EGL_TRUE;
}

EGLBoolean EGLAPIENTRY vegl_WaitSync(EGLDisplay dpy, EGLSync sync, EGLint flags)
{
	struct egl_sync *s = sync_acquire(dpy, sync);
	struct egl_context *ctx = egl_current_context();
	EGLint err = EGL_SUCCESS;

	if (!s)
		return EGL_FALSE;
	if (flags != 0)
		err = EGL_BAD_PARAMETER;
	else if (!ctx || ctx->obj.d != s->obj.d)
		err = EGL_BAD_MATCH;
	else
		err = egl_error_from_vgl(vgl_fence_gpu_wait(ctx->vgl, s->fence));
	egl_display_release(s->obj.d);
	return err == EGL_SUCCESS ? egl_success() : egl_error(err);
}

EGLint EGLAPIENTRY vegl_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags)
{
	return vegl_WaitSync(dpy, sync, flags);
}

EGLint EGLAPIENTRY vegl_DupNativeFenceFDANDROID(EGLDisplay dpy, EGLSyncKHR sync)
{
	struct egl_sync *s = sync_acquire(dpy, sync);
	int fd = EGL_NO_NATIVE_FENCE_FD_ANDROID;
	EGLint err = EGL_BAD_PARAMETER;

	if (!s)
		return EGL_NO_NATIVE_FENCE_FD_ANDROID;
	if (s->type == EGL_SYNC_NATIVE_FENCE_ANDROID)
		err = egl_error_from_vgl(vgl_fence_export_fd(s->fence, &fd));
	egl_display_release(s->obj.d);
	if (err != EGL_SUCCESS) {
		egl_error(err);
		return EGL_NO_NATIVE_FENCE_FD_ANDROID;
	}
	egl_success();
	return fd;
}
