/* SPDX-License-Identifier: MIT */
/* EGL images: creation, destruction, and the lookup gl/ uses (egl_image.h). */
#include "egl_image.h"

#include <stdint.h>
#include <stdlib.h>

#include "egl_context.h"
#include "egl_display.h"
#include "egl_error.h"
#include "egl_image_private.h"
#include "egl_wayland_drm.h"
#include "vgl.h"

struct egl_image *egl_image_find(struct egl_display *d, EGLImage handle)
{
	/* the egl_object is the first member */
	return (struct egl_image *)egl_object_find(d->images, handle);
}

struct vgl_egl_image *egl_image_lookup(void *handle)
{
	struct vgl_egl_image *img = NULL;
	struct egl_image *i;

	egl_lock();
	for (struct egl_display *d = egl_display_first(); d && !img; d = d->next) {
		i = d->initialized ? egl_image_find(d, handle) : NULL;
		if (i)
			img = vgl_egl_image_ref(i->img);
	}
	egl_unlock();
	return img;
}

static void image_destroy(struct egl_object *o)
{
	struct egl_image *i = (struct egl_image *)o;

	vgl_egl_image_put(i->img);
	free(i);
}

/* ---- attributes ---------------------------------------------------------------------- */

static EGLint parse_image(struct egl_attribs it, struct image_request *r)
{
	EGLint name, err = EGL_SUCCESS;
	EGLAttrib value;

	*r = (struct image_request){ .level = 0 };
	while (err == EGL_SUCCESS && egl_attribs_next(&it, &name, &value)) {
		if (name == EGL_GL_TEXTURE_LEVEL_KHR)
			r->level = value;
		else if (name == EGL_WAYLAND_PLANE_WL)
			r->plane = value;
		else if (name != EGL_IMAGE_PRESERVED_KHR) /* always preserved: no copies */
			err = egl_image_dma_attrib(r, name, value);
	}
	return err;
}

/* ---- sources ----------------------------------------------------------------------------- */

static bool gl_target(EGLenum target, enum vgl_egl_image_source *source)
{
	*source = target == EGL_GL_RENDERBUFFER_KHR ? VGL_EGL_IMAGE_RENDERBUFFER
						    : VGL_EGL_IMAGE_TEXTURE_2D;
	return target == EGL_GL_TEXTURE_2D_KHR || target == EGL_GL_RENDERBUFFER_KHR;
}

/* EGL_KHR_gl_texture_2D_image / _renderbuffer_image: a GL object of ctx. */
static EGLint image_of_gl(struct egl_context *ctx, EGLenum target, EGLClientBuffer buffer,
			  const struct image_request *r, struct vgl_egl_image **out)
{
	enum vgl_egl_image_source source;
	uintptr_t name = (uintptr_t)buffer;

	gl_target(target, &source);
	if (!ctx)
		return EGL_BAD_CONTEXT;
	if (name > UINT32_MAX)
		return EGL_BAD_PARAMETER;
	return egl_error_from_vgl(vgl_egl_image_from_gl(ctx->vgl, source, (uint32_t)name,
						    (int64_t)r->level, out));
}

/* EGL_EXT_image_dma_buf_import: no context, no buffer; the attributes say it all. */
static EGLint image_of_dma_buf(struct egl_display *d, EGLContext ctx, EGLClientBuffer buffer,
			       const struct image_request *r, struct vgl_egl_image **out)
{
	struct vgl_dma_buf buf;
	EGLint err;

	if (ctx != EGL_NO_CONTEXT || buffer != NULL)
		return EGL_BAD_PARAMETER;
	err = egl_image_dma_buf_desc(r, &buf);
	if (err == EGL_SUCCESS)
		err = egl_error_from_vgl(vgl_egl_image_import_dma_buf(d->dev, &buf, out));
	return err;
}

/* EGL_WL_bind_wayland_display: a wl_drm buffer (a wl_resource), no context. */
static EGLint image_of_wl_buffer(EGLContext ctx, EGLClientBuffer buffer,
				 const struct image_request *r, struct vgl_egl_image **out)
{
	if (ctx != EGL_NO_CONTEXT)
		return EGL_BAD_PARAMETER;
	return egl_wl_drm_buffer_image((struct wl_resource *)buffer, r->plane, out);
}

static bool target_known(struct egl_display *d, EGLenum target)
{
	enum vgl_egl_image_source source;

	return gl_target(target, &source) ||
	       ((target == EGL_LINUX_DMA_BUF_EXT || target == EGL_WAYLAND_BUFFER_WL) &&
		egl_image_has_dma_buf(d->dev));
}

static EGLint make_image(struct egl_display *d, EGLContext ctx, EGLenum target,
			 EGLClientBuffer buffer, struct egl_attribs it, struct vgl_egl_image **out)
{
	struct egl_context *c = egl_context_lookup(d, ctx);
	struct image_request r;
	EGLint err;

	/* EGL_KHR_image_base's order: context, target, attributes, the source */
	if (!c && ctx != EGL_NO_CONTEXT)
		return EGL_BAD_CONTEXT;
	if (!target_known(d, target))
		return EGL_BAD_PARAMETER;
	err = parse_image(it, &r);
	if (err != EGL_SUCCESS)
		return err;
	if (target == EGL_LINUX_DMA_BUF_EXT)
		return image_of_dma_buf(d, ctx, buffer, &r, out);
	if (target == EGL_WAYLAND_BUFFER_WL)
		return image_of_wl_buffer(ctx, buffer, &r, out);
	return image_of_gl(c, target, buffer, &r, out);
}

static EGLImage create_image(EGLDisplay dpy, EGLContext ctx, EGLenum target,
			     EGLClientBuffer buffer, struct egl_attribs it)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct vgl_egl_image *img = NULL;
	struct egl_image *i;
	EGLint err;

	if (!d)
		return EGL_NO_IMAGE;
	err = make_image(d, ctx, target, buffer, it, &img);
	i = err == EGL_SUCCESS ? calloc(1, sizeof(*i)) : NULL;
	if (err == EGL_SUCCESS && !i)
		err = EGL_BAD_ALLOC;
	if (err != EGL_SUCCESS) {
		vgl_egl_image_put(img);
		egl_display_release(d);
		egl_error(err);
		return EGL_NO_IMAGE;
	}
	i->img = img;
	egl_object_link(&d->images, &i->obj, d, image_destroy);
	egl_display_release(d);
	egl_success();
	return (EGLImage)i;
}

EGLImage EGLAPIENTRY vegl_CreateImage(EGLDisplay dpy, EGLContext ctx, EGLenum target,
				      EGLClientBuffer buffer, const EGLAttrib *attribs)
{
	return create_image(dpy, ctx, target, buffer, egl_attribs_wide(attribs));
}

EGLImageKHR EGLAPIENTRY vegl_CreateImageKHR(EGLDisplay dpy, EGLContext ctx, EGLenum target,
					    EGLClientBuffer buffer, const EGLint *attribs)
{
	return create_image(dpy, ctx, target, buffer, egl_attribs_int(attribs));
}

EGLBoolean EGLAPIENTRY vegl_DestroyImage(EGLDisplay dpy, EGLImage image)
{
	struct egl_display *d = egl_display_acquire(dpy, true);
	struct egl_image *i;

	if (!d)
		return EGL_FALSE;
	i = egl_image_find(d, image);
	/* siblings keep the storage: the vgl_egl_image only holds a reference */
	if (i)
		egl_object_unlink(&d->images, &i->obj);
	egl_display_release(d);
	return i ? egl_success() : egl_error(EGL_BAD_PARAMETER);
}
