/* SPDX-License-Identifier: MIT */
/*
 * X11 pixmap surfaces without shared buffers: like a window surface, a
 * private image (of the pixmap's layout) read back and put into the pixmap,
 * at the points EGL makes rendering visible to native rendering: glFinish
 * and eglWaitClient (EGL 1.5 §3.8; vgl_surface_info.finished). A pixmap
 * surface is single-buffered: eglSwapBuffers has no effect on it.
 *
 * The pixmap's earlier contents are not read in: the image starts as zeros
 * (EGL_NATIVE_RENDERABLE is false: eglWaitNative does not bring X's
 * drawing into the image).
 */
#include <stdint.h>
#include <stdlib.h>

#include "egl_config.h"
#include "egl_display.h"
#include "egl_surface.h"
#include "egl_x11.h"
#include "vgl.h"

struct x11_pixmap {
	struct x11_window *drawable;
	uint32_t width, height;
};

/* EGL_BAD_NATIVE_PIXMAP for anything that is not a pixmap of the server
 * (a window has window attributes too), EGL_BAD_MATCH for a depth the
 * config's image is not laid out as. */
static EGLint query_pixmap(struct egl_display *d, const struct egl_config *c, xcb_pixmap_t pix,
			   xcb_get_geometry_reply_t **out)
{
	xcb_connection_t *conn = x11_connection(d);
	xcb_get_window_attributes_cookie_t ac = xcb_get_window_attributes(conn, pix);
	xcb_get_geometry_cookie_t gc = xcb_get_geometry(conn, pix);
	xcb_get_window_attributes_reply_t *attrs = xcb_get_window_attributes_reply(conn, ac, NULL);
	xcb_get_geometry_reply_t *geom = xcb_get_geometry_reply(conn, gc, NULL);
	EGLint err = EGL_SUCCESS;

	if (attrs || !geom)
		err = EGL_BAD_NATIVE_PIXMAP;
	else
		err = x11_depth_matches(d, c, geom->depth);
	free(attrs);
	if (err != EGL_SUCCESS)
		free(geom);
	else
		*out = geom;
	return err;
}

static int update_pixmap(struct vgl_context *ctx, struct vgl_surface *surf, void *data)
{
	struct x11_pixmap *p = data;

	return x11_drawable_put(p->drawable, ctx, surf, p->width, p->height);
}

EGLint x11_create_pixmap(struct egl_display *d, struct egl_surface *s, void *native)
{
	xcb_pixmap_t pix = (xcb_pixmap_t)(uintptr_t)native;
	xcb_get_geometry_reply_t *geom = NULL;
	struct x11_pixmap *p;
	EGLint err;

	if (!pix || xcb_connection_has_error(x11_connection(d)))
		return EGL_BAD_NATIVE_PIXMAP;
	err = query_pixmap(d, s->config, pix, &geom);
	if (err != EGL_SUCCESS)
		return err;
	p = calloc(1, sizeof(*p));
	if (p)
		*p = (struct x11_pixmap){ .drawable = x11_drawable_new(d, pix, geom->depth),
					  .width = geom->width, .height = geom->height };
	if (p && !p->drawable) {
		free(p);
		p = NULL;
	}
	if (p) {
		s->width = geom->width;
		s->height = geom->height;
		s->color = x11_depth_format(d, geom->depth);
		s->platform_data = p;
		s->pixmap_update = update_pixmap;
	}
	free(geom);
	return p ? EGL_SUCCESS : EGL_BAD_ALLOC;
}

void x11_destroy_pixmap(struct egl_surface *s)
{
	struct x11_pixmap *p = s->platform_data;

	x11_drawable_destroy(p->drawable);
	free(p);
	s->platform_data = NULL;
}
