/* SPDX-License-Identifier: MIT */
#include "egl_surface.h"

#include <stdlib.h>

#include "egl_attrib.h"
#include "egl_config.h"
#include "egl_display.h"
#include "egl_error.h"
#include "egl_platform.h"
#include "vgl.h"

struct pbuffer_request {
	EGLint width, height;
	bool largest;
	EGLint texture_format, texture_target;
};

struct egl_surface *egl_surface_lookup(struct egl_display *d, EGLSurface handle)
{
	/* the egl_object is the first member */
	return (struct egl_surface *)egl_object_find(d->surfaces, handle);
}

/* ---- creation -------------------------------------------------------------------- */

EGLint egl_surface_common_attrib(EGLint name, EGLAttrib value)
{
	switch (name) {
	case EGL_GL_COLORSPACE:
		/* the configs have no sRGB colour buffers */
		return value == EGL_GL_COLORSPACE_LINEAR ? EGL_SUCCESS : EGL_BAD_MATCH;
	case EGL_VG_ALPHA_FORMAT:
	case EGL_VG_COLORSPACE:
		return EGL_BAD_MATCH; /* no config renders OpenVG */
	default:
		return EGL_BAD_ATTRIBUTE;
	}
}

/* EGL 1.5 §3.5.2: one pbuffer attribute; returns the EGL error. */
static EGLint parse_pbuffer_attrib(struct pbuffer_request *r, EGLint name, EGLint value)
{
	switch (name) {
	case EGL_WIDTH:
	case EGL_HEIGHT:
		if (value < 0)
			return EGL_BAD_PARAMETER;
		*(name == EGL_WIDTH ? &r->width : &r->height) = value;
		return EGL_SUCCESS;
	case EGL_LARGEST_PBUFFER:
		r->largest = value != EGL_FALSE;
		return EGL_SUCCESS;
	case EGL_TEXTURE_FORMAT:
		r->texture_format = value;
		return value == EGL_NO_TEXTURE || value == EGL_TEXTURE_RGB ||
		       value == EGL_TEXTURE_RGBA ? EGL_SUCCESS : EGL_BAD_ATTRIBUTE;
	case EGL_TEXTURE_TARGET:
		r->texture_target = value;
		return value == EGL_NO_TEXTURE || value == EGL_TEXTURE_2D ? EGL_SUCCESS
									  : EGL_BAD_ATTRIBUTE;
	case EGL_MIPMAP_TEXTURE:
		return EGL_SUCCESS; /* only meaningful with a texture format */
	default:
		return egl_surface_common_attrib(name, value);
	}
}

static EGLint parse_pbuffer(const EGLint *attribs, struct pbuffer_request *r)
{
	*r = (struct pbuffer_request){ .texture_format = EGL_NO_TEXTURE,
				       .texture_target = EGL_NO_TEXTURE };
	for (int i = 0; attribs && attribs[i] != EGL_NONE; i += 2) {
		EGLint err = parse_pbuffer_attrib(r, attribs[i], attribs[i + 1]);

		if (err != EGL_SUCCESS)
			return err;
	}
	if ((r->texture_format == EGL_NO_TEXTURE) != (r->texture_target == EGL_NO_TEXTURE))
		return EGL_BAD_MATCH;
	/* no config has EGL_BIND_TO_TEXTURE_RGB(A) */
	if (r->texture_format != EGL_NO_TEXTURE)
		return EGL_BAD_ATTRIBUTE;
	if (r->width > EGL_MAX_PBUFFER_SIZE || r->height > EGL_MAX_PBUFFER_SIZE) {
		if (!r->largest)
			return EGL_BAD_ALLOC;
		r->width = r->width > EGL_MAX_PBUFFER_SIZE ? EGL_MAX_PBUFFER_SIZE : r->width;
		r->height = r->height > EGL_MAX_PBUFFER_SIZE ? EGL_MAX_PBUFFER_SIZE : r->height;
	}
	return EGL_SUCCESS;
}

EGLint egl_surface_create_vgl(struct egl_display *d, struct egl_surface *s)
{
	/* EGL allows 0x0 pbuffers (the default size); images need at least one
	 * texel, so a 1x1 image backs them while EGL_WIDTH/HEIGHT stay 0. */
	struct vgl_surface_info info = {
		.width = s->width ? (uint32_t)s->width : 1,
		.height = s->height ? (uint32_t)s->height : 1,
		.color = s->color,
		.depth_stencil = s->config->depth_stencil,
		.samples = s->config->samples ? (uint32_t)s->config->samples : 1,
		.no_alpha = s->config->alpha == 0 && s->config->red == 8,
		.window = s->window_ops,
		.window_data = s->window_data ? s->window_data : s->platform_data,
		.finished = s->pixmap_update,
		.finished_data = s->platform_data,
	};
	int ret = vgl_surface_create(d->dev, &info, &s->vgl);

	if (ret == VGL_ERROR_DEVICE_LOST)
		return EGL_CONTEXT_LOST;
	return ret ? EGL_BAD_ALLOC : EGL_SUCCESS;
}

static void surface_destroy(struct egl_object *o)
{
	struct egl_surface *s = (struct egl_surface *)o;

	/* the surface first: it points at the window's buffers */
	vgl_surface_destroy(s->vgl);
	if (s->window && s->obj.d->platform->destroy_window)
		s->obj.d->platform->destroy_window(s);
	if (s->pixmap && s->obj.d->platform->destroy_pixmap)
		s->obj.d->platform->destroy_pixmap(s);
	free(s);
}

struct egl_surface *egl_surface_new(const struct egl_config *c, EGLint width, EGLint height)
{
	struct egl_surface *s = calloc(1, sizeof(*s));

	if (s)
		*s = (struct egl_surface){ .config = c, .color = c->color, .width = width, .height = height,
					   .swap_behavior = EGL_BUFFER_PRESERVED,
					   .multisample_resolve = EGL_MULTISAMPLE_RESOLVE_DEFAULT,
					   .swap_interval = 1 };
	return s;
}

void egl_surface_add(struct egl_display *d, struct egl_surface *s)
{
	egl_object_link(&d->surfaces, &s->obj, d, surface_destroy);
}

static EGLSurface add_pbuffer(struct egl_display *d, const struct egl_config *c,
			      const struct pbuffer_request *r)
{
	struct egl_surface *s = egl_surface_new(c, r->width, r->height);
	EGLint err;

	if (!s) {
		egl_error(EGL_BAD_ALLOC);
		return EGL_NO_SURFACE;
	}
	s->largest = r->largest;
	err = egl_surface_create_vgl(d, s);
	if (err != EGL_SUCCESS) {
		free(s);
		egl_error(err);
		return EGL_NO_SURFACE;
	}
	egl_surface_add(d, s);
	egl_success();
	return (EGLSurface)s;
}

EGLSurface EGLAPIENTRY vegl_CreatePbufferSurface(EGLDisplay dpy, EGLConfig config,
						 const EGLint *attribs)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct pbuffer_request r;
	struct egl_config *c;
	EGLSurface s = EGL_NO_SURFACE;
	EGLint err;

	if (!d)
		return EGL_NO_SURFACE;
	c = egl_config_lookup(d, config);
	err = c ? parse_pbuffer(attribs, &r) : EGL_BAD_CONFIG;
	if (err == EGL_SUCCESS)
		s = add_pbuffer(d, c, &r);
	else
		egl_error(err);
	egl_display_release(d);
	return s;
}

EGLBoolean EGLAPIENTRY vegl_DestroySurface(EGLDisplay dpy, EGLSurface surface)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct egl_surface *s;

	if (!d)
		return EGL_FALSE;
	s = egl_surface_lookup(d, surface);
	/* one that is current lives on until released (the binding's reference) */
	if (s)
		egl_object_unlink(&d->surfaces, &s->obj);
	egl_display_release(d);
	return s ? egl_success() : egl_error(EGL_BAD_SURFACE);
}

/* ---- attributes -------------------------------------------------------------------- */

/* The back buffer's age (acquiring it) where the window system owns the
 * buffers, the platform's where it shows a private image by copy. */
static EGLint buffer_age(struct egl_surface *s)
{
	const struct egl_platform *p = s->obj.d->platform;
	int age;

	if (!s->window)
		return 0;
	if (!s->window_ops)
		return p->buffer_age ? p->buffer_age(s) : 0;
	age = vgl_surface_buffer_age(s->vgl);
	return age < 0 ? 0 : age;
}

static bool surface_value(struct egl_surface *s, EGLint attribute, EGLint *v)
{
	switch (attribute) {
	case EGL_CONFIG_ID: *v = s->config->id; return true;
	case EGL_WIDTH: *v = s->width; return true;
	case EGL_HEIGHT: *v = s->height; return true;
	case EGL_LARGEST_PBUFFER: *v = s->largest; return true;
	case EGL_TEXTURE_FORMAT:
	case EGL_TEXTURE_TARGET: *v = EGL_NO_TEXTURE; return true;
	case EGL_MIPMAP_TEXTURE: *v = EGL_FALSE; return true;
	case EGL_MIPMAP_LEVEL: *v = s->mipmap_level; return true;
	/* pixmaps are single-buffered (EGL 1.5 §3.5.4) */
	case EGL_RENDER_BUFFER: *v = s->pixmap ? EGL_SINGLE_BUFFER : EGL_BACK_BUFFER; return true;
	case EGL_BUFFER_AGE_EXT: *v = buffer_age(s); return true;
	case EGL_SWAP_BEHAVIOR: *v = s->swap_behavior; return true;
	case EGL_MULTISAMPLE_RESOLVE: *v = s->multisample_resolve; return true;
	case EGL_HORIZONTAL_RESOLUTION:
	case EGL_VERTICAL_RESOLUTION:
	case EGL_PIXEL_ASPECT_RATIO: *v = EGL_UNKNOWN; return true;
	case EGL_GL_COLORSPACE: *v = EGL_GL_COLORSPACE_LINEAR; return true;
	case EGL_VG_ALPHA_FORMAT: *v = EGL_VG_ALPHA_FORMAT_NONPRE; return true;
	case EGL_VG_COLORSPACE: *v = EGL_VG_COLORSPACE_sRGB; return true;
	default: return false;
	}
}

EGLBoolean EGLAPIENTRY vegl_QuerySurface(EGLDisplay dpy, EGLSurface surface, EGLint attribute,
					 EGLint *value)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct egl_surface *s;
	EGLint v = 0, err = EGL_SUCCESS;

	if (!d)
		return EGL_FALSE;
	s = egl_surface_lookup(d, surface);
	if (!s)
		err = EGL_BAD_SURFACE;
	else if (!surface_value(s, attribute, &v))
		err = EGL_BAD_ATTRIBUTE;
	return egl_query_finish(d, err, v, value);
}

static EGLint set_surface_value(struct egl_surface *s, EGLint attribute, EGLint value)
{
	switch (attribute) {
	case EGL_MIPMAP_LEVEL:
		s->mipmap_level = value;
		return EGL_SUCCESS;
	case EGL_SWAP_BEHAVIOR:
		if (value != EGL_BUFFER_PRESERVED && value != EGL_BUFFER_DESTROYED)
			return EGL_BAD_PARAMETER;
		s->swap_behavior = value;
		if (s->window)
			vgl_surface_set_preserved(s->vgl, value == EGL_BUFFER_PRESERVED);
		return EGL_SUCCESS;
	case EGL_MULTISAMPLE_RESOLVE:
		if (value == EGL_MULTISAMPLE_RESOLVE_BOX)
			return EGL_BAD_MATCH; /* no config has MULTISAMPLE_RESOLVE_BOX_BIT */
		return value == EGL_MULTISAMPLE_RESOLVE_DEFAULT ? EGL_SUCCESS : EGL_BAD_PARAMETER;
	default:
		return EGL_BAD_ATTRIBUTE;
	}
}

EGLBoolean EGLAPIENTRY vegl_SurfaceAttrib(EGLDisplay dpy, EGLSurface surface, EGLint attribute,
					  EGLint value)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct egl_surface *s;
	EGLint err;

	if (!d)
		return EGL_FALSE;
	s = egl_surface_lookup(d, surface);
	err = s ? set_surface_value(s, attribute, value) : EGL_BAD_SURFACE;
	egl_display_release(d);
	return err == EGL_SUCCESS ? egl_success() : egl_error(err);
}
