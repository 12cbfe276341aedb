/* SPDX-License-Identifier: MIT */
#include "egl_context.h"

#include <stdlib.h>

#include "egl_attrib.h"
#include "egl_config.h"
#include "egl_display.h"
#include "egl_error.h"
#include "egl_main.h"
#include "vgl.h"

struct context_request {
	EGLint major, minor;
	bool debug, robust, lose_on_reset;
};

struct egl_context *egl_context_lookup(struct egl_display *d, EGLContext handle)
{
	/* the egl_object is the first member */
	return (struct egl_context *)egl_object_find(d->contexts, handle);
}

/* ---- attributes (EGL 1.5 §3.7.1, EGL_KHR_create_context) ------------------------- */

static EGLint parse_flags(struct context_request *r, EGLint flags)
{
	const EGLint known = EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR |
			     EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR |
			     EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;

	/* forward compatibility is a desktop OpenGL notion */
	if ((flags & ~known) || (flags & EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR))
		return EGL_BAD_ATTRIBUTE;
	r->debug = flags & EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR;
	r->robust = flags & EGL_CONTEXT_OPENGL_ROBUST_ACCESS_BIT_KHR;
	return EGL_SUCCESS;
}

static EGLint parse_bool(bool *out, EGLint value)
{
	if (value != EGL_TRUE && value != EGL_FALSE)
		return EGL_BAD_ATTRIBUTE;
	*out = value == EGL_TRUE;
	return EGL_SUCCESS;
}

/* EGL 1.5 and EGL_EXT_create_context_robustness: both values are served
 * (vgl_robustness.h); the default is no notification. */
static EGLint parse_strategy(struct context_request *r, EGLint value)
{
	if (value != EGL_NO_RESET_NOTIFICATION && value != EGL_LOSE_CONTEXT_ON_RESET)
		return EGL_BAD_ATTRIBUTE;
	r->lose_on_reset = value == EGL_LOSE_CONTEXT_ON_RESET;
	return EGL_SUCCESS;
}

static EGLint parse_context_attrib(struct context_request *r, EGLint name, EGLint value)
{
	switch (name) {
	case EGL_CONTEXT_MAJOR_VERSION: /* == EGL_CONTEXT_CLIENT_VERSION */
		r->major = value;
		return EGL_SUCCESS;
	case EGL_CONTEXT_MINOR_VERSION:
		r->minor = value;
		return EGL_SUCCESS;
	case EGL_CONTEXT_FLAGS_KHR:
		return parse_flags(r, value);
	case EGL_CONTEXT_OPENGL_DEBUG:
		return parse_bool(&r->debug, value);
	case EGL_CONTEXT_OPENGL_ROBUST_ACCESS:
	case EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT:
		return parse_bool(&r->robust, value);
	case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY:
	case EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT:
		return parse_strategy(r, value);
	default:
		/* includes the profile mask and forward-compatible flag: desktop GL only */
		return EGL_BAD_ATTRIBUTE;
	}
}

static EGLint parse_context(const EGLint *attribs, struct context_request *r)
{
	*r = (struct context_request){ .major = 1, .minor = 0 };
	for (int i = 0; attribs && attribs[i] != EGL_NONE; i += 2) {
		EGLint err = parse_context_attrib(r, attribs[i], attribs[i + 1]);

		if (err != EGL_SUCCESS)
			return err;
	}
	/* see egl_context.h: exactly 2.0 and 3.0, and 3.1 and 3.2 where the GL
	 * layer makes them (a development switch, vgl_context.c; else EGL_BAD_MATCH) */
	if ((r->minor != 0 || (r->major != 2 && r->major != 3)) &&
	    !(r->major == 3 && (r->minor == 1 || r->minor == 2)))
		return EGL_BAD_MATCH;
	/*
	 * Robust buffer access is not granted: a context that claimed it would
	 * not have it. virtgl bounds non-indexed draws and index ranges on the
	 * CPU, but an indexed draw reads its vertex buffers at whatever index
	 * the element buffer holds, and shaders index uniform blocks and
	 * texelFetch as they like: those reads happen in the host's GL, and
	 * virglrenderer makes no robust host context (its ROBUST_BUFFER_ACCESS
	 * cap says only that the host GL has the extension).
	 */
	return r->robust ? EGL_BAD_MATCH : EGL_SUCCESS;
}

/* The config must be able to render the requested ES version. */
static bool config_supports(const struct egl_config *c, EGLint major)
{
	EGLint renderable = 0;

	if (!c)
		return true;
	egl_config_value(c, EGL_RENDERABLE_TYPE, &renderable);
	return renderable & (major == 3 ? EGL_OPENGL_ES3_BIT : EGL_OPENGL_ES2_BIT);
}

/* ---- creation ------------------------------------------------------------------------ */

struct context_args {
	const struct egl_config *config;
	struct egl_context *share;
	struct context_request req;
};

static EGLint resolve_args(struct egl_display *d, EGLConfig config, EGLContext share,
			   const EGLint *attribs, struct context_args *a)
{
	EGLint err;

	/* libglvnd tracks eglBindAPI; we only serve OpenGL ES */
	if (egl_current_api() != EGL_OPENGL_ES_API)
		return EGL_BAD_MATCH;
	a->config = NULL;
	if (config != EGL_NO_CONFIG_KHR) {
		a->config = egl_config_lookup(d, config);
		if (!a->config)
			return EGL_BAD_CONFIG;
	}
	a->share = NULL;
	if (share != EGL_NO_CONTEXT) {
		a->share = egl_context_lookup(d, share);
		if (!a->share)
			return EGL_BAD_CONTEXT;
	}
	err = parse_context(attribs, &a->req);
	if (err == EGL_SUCCESS && !config_supports(a->config, a->req.major))
		return EGL_BAD_CONFIG;
	/* EXT_create_context_robustness: one strategy per share group */
	if (err == EGL_SUCCESS && a->share && a->share->lose_on_reset != a->req.lose_on_reset)
		return EGL_BAD_MATCH;
	return err;
}

/* EGL 1.5 §3.7.1.1 lets a context implement any later version that is
 * backward compatible with the one asked for, and ES 3.0 is with 2.0. A 2.0
 * request gets 3.0 where the config renders ES 3 (as Mesa answers): piglit
 * and other applications read the GLSL ES 3.00 level from an ES 2 context. */
static EGLint granted_major(const struct context_args *a)
{
	if (a->req.major == 2 && (!a->config || config_supports(a->config, 3)))
		return 3;
	return a->req.major;
}

static EGLint create_vgl_context(struct egl_display *d, const struct context_args *a,
				 struct egl_context *c)
{
	struct vgl_context_info info = {
		.major = (uint32_t)granted_major(a),
		.minor = (uint32_t)a->req.minor,
		.share = a->share ? a->share->vgl : NULL,
		.debug = a->req.debug,
		.robust = a->req.robust,
		.lose_on_reset = a->req.lose_on_reset,
	};

	return egl_error_from_vgl(vgl_context_create(d->dev, &info, &c->vgl));
}

static void context_destroy(struct egl_object *o)
{
	struct egl_context *c = (struct egl_context *)o;

	vgl_context_destroy(c->vgl);
	free(c);
}

static EGLContext add_context(struct egl_display *d, const struct context_args *a)
{
	struct egl_context *c = calloc(1, sizeof(*c));
	EGLint err;

	if (!c) {
		egl_error(EGL_BAD_ALLOC);
		return EGL_NO_CONTEXT;
	}
	*c = (struct egl_context){ .config = a->config, .major = granted_major(a),
				   .minor = a->req.minor, .lose_on_reset = a->req.lose_on_reset };
	err = create_vgl_context(d, a, c);
	if (err != EGL_SUCCESS) {
		free(c);
		egl_error(err);
		return EGL_NO_CONTEXT;
	}
	egl_object_link(&d->contexts, &c->obj, d, context_destroy);
	egl_success();
	return (EGLContext)c;
}

EGLContext EGLAPIENTRY vegl_CreateContext(EGLDisplay dpy, EGLConfig config, EGLContext share,
					  const EGLint *attribs)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct context_args a;
	EGLContext ctx = EGL_NO_CONTEXT;
	EGLint err;

	if (!d)
		return EGL_NO_CONTEXT;
	err = resolve_args(d, config, share, attribs, &a);
	if (err == EGL_SUCCESS)
		ctx = add_context(d, &a);
	else
		egl_error(err);
	egl_display_release(d);
	return ctx;
}

EGLBoolean EGLAPIENTRY vegl_DestroyContext(EGLDisplay dpy, EGLContext ctx)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct egl_context *c;

	if (!d)
		return EGL_FALSE;
	c = egl_context_lookup(d, ctx);
	/* a current context lives on until released (the binding's reference) */
	if (c)
		egl_object_unlink(&d->contexts, &c->obj);
	egl_display_release(d);
	return c ? egl_success() : egl_error(EGL_BAD_CONTEXT);
}

static bool context_value(const struct egl_context *c, EGLint attribute, EGLint *v)
{
	switch (attribute) {
	case EGL_CONFIG_ID:
		*v = c->config ? c->config->id : 0; /* KHR_no_config_context: zero */
		return true;
	case EGL_CONTEXT_CLIENT_TYPE:
		*v = EGL_OPENGL_ES_API;
		return true;
	case EGL_CONTEXT_CLIENT_VERSION:
		*v = c->major;
		return true;
	case EGL_RENDER_BUFFER:
		/* pbuffers render to their back buffer; no surface: EGL_NONE */
		*v = c->draw ? EGL_BACK_BUFFER : EGL_NONE;
		return true;
	default:
		return false;
	}
}

EGLBoolean EGLAPIENTRY vegl_QueryContext(EGLDisplay dpy, EGLContext ctx, EGLint attribute,
					 EGLint *value)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct egl_context *c;
	EGLint v = 0, err = EGL_SUCCESS;

	if (!d)
		return EGL_FALSE;
	c = egl_context_lookup(d, ctx);
	if (!c)
		err = EGL_BAD_CONTEXT;
	else if (!context_value(c, attribute, &v))
		err = EGL_BAD_ATTRIBUTE;
	return egl_query_finish(d, err, v, value);
}
