/* SPDX-License-Identifier: MIT */
/*
 * EGL_WL_bind_wayland_display (egl_wayland_drm.h): the wl_drm global, its
 * buffers, and the EGL entry points that bind it and answer for them.
 *
 * A wl_drm buffer is imported as a dma-buf the moment the client creates
 * it (a bad fd or layout is the client's error then, not a failed
 * eglCreateImage later), and holds that vgl_egl_image for its life: an EGL
 * image of the buffer is one more reference on it, so the compositor
 * samples the client's own virgl resource, no copies.
 *
 * Threads: the requests run in the compositor's wl_display dispatch; the
 * global's state they touch (the device) is fixed from bind to unbind, and
 * unbind detaches the clients' wl_drm objects first (their later requests
 * fail with a protocol error rather than reach freed memory).
 */
#include "egl_wayland_drm.h"

#include <drm_fourcc.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include <wayland-server-core.h>
#include <wayland-server-protocol.h>

#include "egl_display.h"
#include "egl_error.h"
#include "egl_image.h"
#include "vgl.h"
#include "wayland-drm-server.h"

struct egl_wl_drm {
	struct wl_display *display;
	struct wl_global *global;
	struct vgl_device *dev;         /* a reference of its own */
	char device_name[64];           /* the render node, else the primary node */
	struct wl_list resources;       /* the clients' wl_drm objects */
};

/* A client's buffer: the imported dma-buf. */
struct wl_drm_buffer {
	struct vgl_egl_image *img;
	int32_t width, height;
	uint32_t format;
};

static void drm_debug(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void drm_debug(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	egl_vdebug("wl_drm", fmt, ap);
	va_end(ap);
}

/* The formats with alpha (EGL_TEXTURE_RGBA); every other one virtgl imports
 * is EGL_TEXTURE_RGB. */
static const uint32_t alpha_formats[] = { DRM_FORMAT_ARGB8888, DRM_FORMAT_ABGR8888 };

static EGLint texture_format(uint32_t fourcc)
{
	for (size_t i = 0; i < sizeof(alpha_formats) / sizeof(alpha_formats[0]); i++)
		if (alpha_formats[i] == fourcc)
			return EGL_TEXTURE_RGBA;
	return EGL_TEXTURE_RGB;
}

static bool format_imported(uint32_t fourcc)
{
	uint32_t all[16], n = vgl_dma_buf_formats(all, 16);

	for (uint32_t i = 0; i < n && i < 16; i++)
		if (all[i] == fourcc)
			return true;
	return false;
}

/* ---- wl_buffer ---------------------------------------------------------------------- */

static void buffer_destroy_request(struct wl_client *client, struct wl_resource *resource)
{
	(void)client;
	wl_resource_destroy(resource);
}

static const struct wl_buffer_interface buffer_impl = {
	.destroy = buffer_destroy_request,
};

static void buffer_free(struct wl_resource *resource)
{
	struct wl_drm_buffer *b = wl_resource_get_user_data(resource);

	vgl_egl_image_put(b->img);
	free(b);
}

/* The buffer behind a resource, or NULL when it is no wl_drm buffer of ours. */
static struct wl_drm_buffer *buffer_get(struct wl_resource *resource)
{
	if (!resource || !wl_resource_instance_of(resource, &wl_buffer_interface, &buffer_impl))
		return NULL;
	return wl_resource_get_user_data(resource);
}

/* The dma-buf of create_prime_buffer, imported into b: -1, else the
 * wl_drm error (authenticate_fail is 0). */
static int buffer_import(struct egl_wl_drm *drm, int fd, int32_t width, int32_t height,
			 uint32_t format, int32_t offset, int32_t stride, struct wl_drm_buffer *b)
{
	struct vgl_dma_buf buf = { .fd = fd, .fourcc = format, .modifier = DRM_FORMAT_MOD_LINEAR };
	int ret;

	if (!format_imported(format))
		return WL_DRM_ERROR_INVALID_FORMAT;
	if (!drm || width <= 0 || height <= 0 || offset < 0 || stride <= 0)
		return WL_DRM_ERROR_INVALID_NAME;
	buf.width = (uint32_t)width;
	buf.height = (uint32_t)height;
	buf.offset = (uint32_t)offset;
	buf.stride = (uint32_t)stride;
	ret = vgl_egl_image_import_dma_buf(drm->dev, &buf, &b->img);
	if (ret != VGL_OK) {
		drm_debug("create_prime_buffer %dx%d %.4s stride %d offset %d: not imported (%d)",
			  width, height, (const char *)&format, stride, offset, ret);
		return WL_DRM_ERROR_INVALID_NAME;
	}
	b->width = width;
	b->height = height;
	b->format = format;
	return -1;
}

/* ---- wl_drm requests ------------------------------------------------------------------- */

/* virtio_gpu's ioctls need no authentication on a primary node (they are
 * DRM_RENDER_ALLOW, not DRM_AUTH), and wl_drm buffers here are PRIME fds, no
 * flink names: there is nothing the magic would grant. */
static void drm_authenticate(struct wl_client *client, struct wl_resource *resource, uint32_t id)
{
	(void)client, (void)id;
	wl_drm_send_authenticated(resource);
}

/* flink names (create_buffer, create_planar_buffer): not taken. */
static void drm_create_buffer(struct wl_client *client, struct wl_resource *resource, uint32_t id,
			      uint32_t name, int32_t width, int32_t height, uint32_t stride,
			      uint32_t format)
{
	(void)client, (void)id, (void)name, (void)width, (void)height, (void)stride, (void)format;
	wl_resource_post_error(resource, WL_DRM_ERROR_INVALID_NAME,
			       "flink names are not supported: use create_prime_buffer");
}

static void drm_create_planar_buffer(struct wl_client *client, struct wl_resource *resource,
				     uint32_t id, uint32_t name, int32_t width, int32_t height,
				     uint32_t format, int32_t offset0, int32_t stride0,
				     int32_t offset1, int32_t stride1, int32_t offset2,
				     int32_t stride2)
{
	(void)offset0, (void)stride0, (void)offset1, (void)stride1, (void)offset2, (void)stride2;
	drm_create_buffer(client, resource, id, name, width, height, 0, format);
}

/* Planes 1 and 2 are ignored: every format virtgl imports has one. */
static void drm_create_prime_buffer(struct wl_client *client, struct wl_resource *resource,
				    uint32_t id, int32_t fd, int32_t width, int32_t height,
				    uint32_t format, int32_t offset0, int32_t stride0,
				    int32_t offset1, int32_t stride1, int32_t offset2,
				    int32_t stride2)
{
	struct wl_drm_buffer *b = calloc(1, sizeof(*b));
	struct wl_resource *res = NULL;
	int err = WL_DRM_ERROR_INVALID_NAME;

	(void)offset1, (void)stride1, (void)offset2, (void)stride2;
	if (b)
		err = buffer_import(wl_resource_get_user_data(resource), fd, width, height, format,
				    offset0, stride0, b);
	close(fd); /* the import holds the resource, not the fd */
	if (err >= 0) {
		free(b);
		wl_resource_post_error(resource, (uint32_t)err, "wl_drm buffer %dx%d %.4s refused",
				       width, height, (const char *)&format);
		return;
	}
	res = wl_resource_create(client, &wl_buffer_interface, 1, id);
	if (!res) {
		vgl_egl_image_put(b->img);
		free(b);
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(res, &buffer_impl, b, buffer_free);
}

static const struct wl_drm_interface drm_impl = {
	.authenticate = drm_authenticate,
	.create_buffer = drm_create_buffer,
	.create_planar_buffer = drm_create_planar_buffer,
	.create_prime_buffer = drm_create_prime_buffer,
};

/* ---- the global ------------------------------------------------------------------------- */

static void drm_resource_gone(struct wl_resource *resource)
{
	wl_list_remove(wl_resource_get_link(resource));
}

/* What a client learns on binding: the device, the formats, PRIME. */
static void drm_send_state(struct egl_wl_drm *drm, struct wl_resource *res, uint32_t version)
{
	uint32_t all[16], n = vgl_dma_buf_formats(all, 16);

	wl_drm_send_device(res, drm->device_name);
	for (uint32_t i = 0; i < n && i < 16; i++)
		wl_drm_send_format(res, all[i]);
	if (version >= 2)
		wl_drm_send_capabilities(res, WL_DRM_CAPABILITY_PRIME);
}

static void drm_bind(struct wl_client *client, void *data, uint32_t version, uint32_t id)
{
	struct egl_wl_drm *drm = data;
	struct wl_resource *res = wl_resource_create(client, &wl_drm_interface,
						     (int)(version < 2 ? version : 2), id);

	if (!res) {
		wl_client_post_no_memory(client);
		return;
	}
	wl_resource_set_implementation(res, &drm_impl, drm, drm_resource_gone);
	wl_list_insert(&drm->resources, wl_resource_get_link(res));
	drm_send_state(drm, res, version);
}

/* The new binding, or NULL (out of memory, no DRM node). */
static struct egl_wl_drm *drm_create(struct egl_display *d, struct wl_display *display)
{
	struct egl_wl_drm *drm = calloc(1, sizeof(*drm));
	char card[64], render[64];

	if (!drm || !vgl_device_drm_nodes(d->dev, card, render) || vgl_device_get(&drm->dev)) {
		free(drm);
		return NULL;
	}
	snprintf(drm->device_name, sizeof(drm->device_name), "%s", render[0] ? render : card);
	drm->display = display;
	wl_list_init(&drm->resources);
	drm->global = wl_global_create(display, &wl_drm_interface, 2, drm, drm_bind);
	if (!drm->global) {
		vgl_device_put(drm->dev);
		free(drm);
		return NULL;
	}
	drm_debug("wl_display %p bound: wl_drm global, device %s", (void *)display,
		  drm->device_name);
	return drm;
}

/* The global goes; clients' wl_drm objects stay but lose their state. */
static void drm_destroy(struct egl_wl_drm *drm)
{
	struct wl_resource *res, *tmp;

	wl_global_destroy(drm->global);
	wl_resource_for_each_safe (res, tmp, &drm->resources) {
		wl_resource_set_user_data(res, NULL);
		wl_list_remove(wl_resource_get_link(res));
		wl_list_init(wl_resource_get_link(res));
	}
	vgl_device_put(drm->dev);
	free(drm);
}

void egl_wl_drm_unbind(struct egl_display *d)
{
	if (d->wl_drm)
		drm_destroy(d->wl_drm);
	d->wl_drm = NULL;
}

/* ---- EGL ---------------------------------------------------------------------------- */

/* One wl_display per EGL display, as in Mesa: a second bind is
 * EGL_BAD_ACCESS (the extension gives no error code for it). */
EGLBoolean EGLAPIENTRY vegl_BindWaylandDisplayWL(EGLDisplay dpy, struct wl_display *display)
{
	struct egl_display *d = egl_image_dma_buf_display(dpy);
	EGLint err = EGL_SUCCESS;

	if (!d)
		return EGL_FALSE;
	if (!display)
		err = EGL_BAD_PARAMETER;
	else if (d->wl_drm)
		err = EGL_BAD_ACCESS;
	else if (!(d->wl_drm = drm_create(d, display)))
		err = EGL_BAD_ALLOC;
	egl_display_release(d);
	return err == EGL_SUCCESS ? egl_success() : egl_error(err);
}

EGLBoolean EGLAPIENTRY vegl_UnbindWaylandDisplayWL(EGLDisplay dpy, struct wl_display *display)
{
	struct egl_display *d = egl_image_dma_buf_display(dpy);
	bool bound;

	if (!d)
		return EGL_FALSE;
	bound = display && d->wl_drm && d->wl_drm->display == display;
	if (bound)
		egl_wl_drm_unbind(d);
	egl_display_release(d);
	return bound ? egl_success() : egl_error(EGL_BAD_PARAMETER);
}

static EGLint buffer_attrib(const struct wl_drm_buffer *b, EGLint attribute, EGLint *value)
{
	switch (attribute) {
	case EGL_WIDTH: *value = b->width; break;
	case EGL_HEIGHT: *value = b->height; break;
	case EGL_TEXTURE_FORMAT: *value = texture_format(b->format); break;
	/* row 0 is the top row, as in every dma-buf virtgl makes */
	case EGL_WAYLAND_Y_INVERTED_WL: *value = EGL_TRUE; break;
	default: return EGL_BAD_ATTRIBUTE;
	}
	return EGL_SUCCESS;
}

/* Any other buffer (wl_shm, linux-dmabuf) is EGL_BAD_PARAMETER: weston then
 * takes it by its own path. */
EGLBoolean EGLAPIENTRY vegl_QueryWaylandBufferWL(EGLDisplay dpy, struct wl_resource *buffer,
						 EGLint attribute, EGLint *value)
{
	struct egl_display *d = egl_image_dma_buf_display(dpy);
	struct wl_drm_buffer *b;
	EGLint err;

	if (!d)
		return EGL_FALSE;
	egl_display_release(d);
	b = buffer_get(buffer);
	if (!b || !value)
		return egl_error(EGL_BAD_PARAMETER);
	err = buffer_attrib(b, attribute, value);
	return err == EGL_SUCCESS ? egl_success() : egl_error(err);
}

EGLint egl_wl_drm_buffer_image(struct wl_resource *buffer, EGLAttrib plane,
			       struct vgl_egl_image **out)
{
	struct wl_drm_buffer *b = buffer_get(buffer);

	if (!b || plane != 0)
		return EGL_BAD_PARAMETER;
	*out = vgl_egl_image_ref(b->img);
	return EGL_SUCCESS;
}
