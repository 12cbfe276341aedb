/* SPDX-License-Identifier: MIT */
#include "egl_current.h"

#include <stddef.h>

#include "egl_config.h"
#include "egl_context.h"
#include "egl_display.h"
#include "egl_error.h"
#include "egl_surface.h"
#include "vgl.h"

static __thread struct egl_context *current;

struct binding {
	struct egl_context *ctx;
	struct egl_surface *draw, *read;
};

struct egl_context *egl_current_context(void)
{
	return current;
}

/* ---- bookkeeping, under the lock, after vgl_make_current succeeded ------------- */

static void release_surface(struct egl_surface *s)
{
	if (!s)
		return;
	s->bound = NULL;
	egl_object_unref(&s->obj);
}

static void hold_surface(struct egl_surface *s, struct egl_context *c)
{
	if (!s)
		return;
	s->bound = c;
	egl_object_ref(&s->obj);
}

static void unbind_current(void)
{
	struct egl_context *c = current;

	if (!c)
		return;
	current = NULL;
	c->current = false;
	release_surface(c->draw);
	release_surface(c->read);
	c->draw = c->read = NULL;
	/* may be the last reference of a destroyed context */
	egl_object_unref(&c->obj);
}

static void bind(const struct binding *b)
{
	egl_object_ref(&b->ctx->obj);
	b->ctx->current = true;
	b->ctx->draw = b->draw;
	b->ctx->read = b->read;
	hold_surface(b->draw, b->ctx);
	hold_surface(b->read, b->ctx);
	current = b->ctx;
}

/* ---- eglMakeCurrent ------------------------------------------------------------------ */

static EGLint resolve(struct egl_display *d, EGLSurface draw, EGLSurface read, EGLContext ctx,
		      struct binding *b)
{
	*b = (struct binding){ .ctx = egl_context_lookup(d, ctx) };
	if (!b->ctx)
		return EGL_BAD_CONTEXT;
	/* EGL_KHR_surfaceless_context: both or neither */
	if ((draw == EGL_NO_SURFACE) != (read == EGL_NO_SURFACE))
		return EGL_BAD_MATCH;
	if (draw == EGL_NO_SURFACE)
		return EGL_SUCCESS;
	b->draw = egl_surface_lookup(d, draw);
	b->read = egl_surface_lookup(d, read);
	return b->draw && b->read ? EGL_SUCCESS : EGL_BAD_SURFACE;
}

/* Current to a context of another thread (this thread's own current context
 * is about to be released, so its surfaces are free to take). */
static bool surface_taken(const struct egl_surface *s)
{
	return s && s->bound && s->bound != current;
}

static bool surface_fits(const struct egl_context *c, const struct egl_surface *s)
{
	return !s || !c->config || egl_configs_compatible(c->config, s->config);
}

static EGLint check_binding(const struct binding *b)
{
	if (b->ctx->current && b->ctx != current)
		return EGL_BAD_ACCESS;
	if (surface_taken(b->draw) || surface_taken(b->read))
		return EGL_BAD_ACCESS;
	if (!surface_fits(b->ctx, b->draw) || !surface_fits(b->ctx, b->read))
		return EGL_BAD_MATCH;
	return EGL_SUCCESS;
}

static EGLint make_current(const struct binding *b)
{
	int ret = vgl_make_current(b->ctx->vgl, b->draw ? b->draw->vgl : NULL,
				   b->read ? b->read->vgl : NULL);

	if (ret)
		return egl_error_from_vgl(ret);
	unbind_current();
	bind(b);
	return EGL_SUCCESS;
}

static EGLint release_current(void)
{
	int ret = current ? vgl_make_current(NULL, NULL, NULL) : VGL_OK;

	if (ret)
		return egl_error_from_vgl(ret);
	unbind_current();
	return EGL_SUCCESS;
}

static EGLint switch_to(struct egl_display *d, EGLSurface draw, EGLSurface read, EGLContext ctx)
{
	struct binding b;
	EGLint err;

	/* EGL 1.5: releasing works on a terminated display; binding does not */
	if (!d->initialized)
		return EGL_NOT_INITIALIZED;
	err = resolve(d, draw, read, ctx, &b);
	if (err == EGL_SUCCESS)
		err = check_binding(&b);
	return err == EGL_SUCCESS ? make_current(&b) : err;
}

EGLBoolean EGLAPIENTRY vegl_MakeCurrent(EGLDisplay dpy, EGLSurface draw, EGLSurface read,
					EGLContext ctx)
{
	struct egl_display *d = egl_display_acquire(dpy, false);
	EGLint err;

	if (!d)
		return EGL_FALSE;
	if (ctx == EGL_NO_CONTEXT)
		err = draw == EGL_NO_SURFACE && read == EGL_NO_SURFACE ? release_current()
								       : EGL_BAD_MATCH;
	else
		err = switch_to(d, draw, read, ctx);
	egl_display_release(d);
	return err == EGL_SUCCESS ? egl_success() : egl_error(err);
}

EGLBoolean EGLAPIENTRY vegl_ReleaseThread(void)
{
	egl_lock();
	/* EGL says this cannot fail; a context the core will not release stays
	 * bound, and the thread's error is reset regardless */
	release_current();
	egl_unlock();
	return egl_success();
}

/* ---- the current context's work ----------------------------------------------------- */

EGLBoolean EGLAPIENTRY vegl_BindAPI(EGLenum api)
{
	/* libglvnd records the API for every vendor; we answer for ES only */
	return api == EGL_OPENGL_ES_API ? egl_success() : egl_error(EGL_BAD_PARAMETER);
}

EGLBoolean EGLAPIENTRY vegl_WaitClient(void)
{
	int ret = VGL_OK;

	egl_lock();
	if (current)
		ret = vgl_context_finish(current->vgl);
	egl_unlock();
	return egl_vgl_result(ret);
}

EGLBoolean EGLAPIENTRY vegl_WaitGL(void)
{
	return vegl_WaitClient();
}

EGLBoolean EGLAPIENTRY vegl_WaitNative(EGLint engine)
{
	/* nothing native renders to a pbuffer */
	return engine == EGL_CORE_NATIVE_ENGINE ? egl_success() : egl_error(EGL_BAD_PARAMETER);
}

static EGLBoolean swap_buffers(EGLDisplay dpy, EGLSurface surface, const EGLint *rects,
			       EGLint n_rects)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct egl_surface *s;
	int ret = VGL_OK;

	if (!d)
		return EGL_FALSE;
	s = egl_surface_lookup(d, surface);
	/* EGL 1.5: the surface must be bound to this thread's current context */
	if (!s || !current || current->draw != s) {
		egl_display_release(d);
		return egl_error(EGL_BAD_SURFACE);
	}
	if (s->window) {
		EGLint err = egl_window_swap(d, s, rects, n_rects);

		egl_display_release(d);
		return err == EGL_SUCCESS ? egl_success() : egl_error(err);
	}
	/* a pbuffer has nothing to present: swapping is a flush */
	ret = vgl_context_flush(current->vgl);
	egl_display_release(d);
	return egl_vgl_result(ret);
}

EGLBoolean EGLAPIENTRY vegl_SwapBuffers(EGLDisplay dpy, EGLSurface surface)
{
	return swap_buffers(dpy, surface, NULL, 0);
}

/* EGL_KHR/EXT_swap_buffers_with_damage. */
EGLBoolean EGLAPIENTRY vegl_SwapBuffersWithDamageKHR(EGLDisplay dpy, EGLSurface surface,
						     const EGLint *rects, EGLint n_rects)
{
	if (n_rects < 0 || (n_rects > 0 && !rects)) {
		/* the display's errors come first */
		struct egl_display *d = egl_display_acquire(dpy, true);

		if (!d)
			return EGL_FALSE;
		egl_display_release(d);
		return egl_error(EGL_BAD_PARAMETER);
	}
	return swap_buffers(dpy, surface, rects, n_rects);
}

EGLBoolean EGLAPIENTRY vegl_SwapInterval(EGLDisplay dpy, EGLint interval)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	EGLint err = EGL_SUCCESS;

	if (!d)
		return EGL_FALSE;
	if (!current || current->obj.d != d)
		err = EGL_BAD_CONTEXT;
	else if (!current->draw)
		err = EGL_BAD_SURFACE;
	else /* clamped to the config's [MIN, MAX]_SWAP_INTERVAL; pbuffers ignore it */
		current->draw->swap_interval = interval < 0 ? 0 : interval > 1 ? 1 : interval;
	egl_display_release(d);
	return err == EGL_SUCCESS ? egl_success() : egl_error(err);
}
