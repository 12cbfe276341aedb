/* SPDX-License-Identifier: MIT */
#include "egl_dispatch.h"

#include <stddef.h>
#include <string.h>

#include <EGL/egl.h>
#include <EGL/eglext.h>

#include "egl_main.h"

enum stub_id {
	STUB_CREATE_SYNC,
	STUB_DESTROY_SYNC,
	STUB_CLIENT_WAIT_SYNC,
	STUB_GET_SYNC_ATTRIB,
	STUB_WAIT_SYNC,
	STUB_DUP_NATIVE_FENCE_FD,
	STUB_QUERY_DEVICE_STRING,
	STUB_QUERY_DEVICE_ATTRIB,
	STUB_CREATE_IMAGE,
	STUB_DESTROY_IMAGE,
	STUB_QUERY_DMA_BUF_FORMATS,
	STUB_QUERY_DMA_BUF_MODIFIERS,
	STUB_EXPORT_DMA_BUF_QUERY,
	STUB_EXPORT_DMA_BUF,
	STUB_SWAP_WITH_DAMAGE_KHR,
	STUB_SWAP_WITH_DAMAGE_EXT,
	STUB_BIND_WAYLAND_DISPLAY,
	STUB_UNBIND_WAYLAND_DISPLAY,
	STUB_QUERY_WAYLAND_BUFFER,
	STUB_COUNT
};

typedef void (*egl_fn)(void);

/* libglvnd's index of each function in its per-vendor tables; -1 until
 * setDispatchIndex tells us. Written once, under libglvnd's lock. */
static int stub_index[STUB_COUNT] = { [0 ... STUB_COUNT - 1] = -1 };

/* The entry of the vendor that owns the object, or NULL with the error set. */
static egl_fn vendor_entry(__EGLvendorInfo *vendor, enum stub_id id, EGLint no_vendor_error)
{
	const __EGLapiExports *x = egl_exports();
	egl_fn fn = NULL;

	if (vendor && stub_index[id] >= 0)
		fn = (egl_fn)x->fetchDispatchEntry(vendor, stub_index[id]);
	if (!fn) {
		/* no vendor for the handle, or one without this function */
		x->setEGLError(vendor ? EGL_BAD_DISPLAY : no_vendor_error);
		return NULL;
	}
	x->setLastVendor(vendor);
	return fn;
}

static egl_fn display_entry(EGLDisplay dpy, enum stub_id id)
{
	const __EGLapiExports *x = egl_exports();

	x->threadInit();
	return vendor_entry(x->getVendorFromDisplay(dpy), id, EGL_BAD_DISPLAY);
}

static egl_fn device_entry(EGLDeviceEXT dev, enum stub_id id)
{
	const __EGLapiExports *x = egl_exports();

	x->threadInit();
	return vendor_entry(x->getVendorFromDevice(dev), id, EGL_BAD_DEVICE_EXT);
}

/* ---- the stubs ------------------------------------------------------------------- */

static EGLSyncKHR EGLAPIENTRY stub_CreateSyncKHR(EGLDisplay dpy, EGLenum type,
						 const EGLint *attribs)
{
	PFNEGLCREATESYNCKHRPROC fn =
		(PFNEGLCREATESYNCKHRPROC)display_entry(dpy, STUB_CREATE_SYNC);

	return fn ? fn(dpy, type, attribs) : EGL_NO_SYNC_KHR;
}

static EGLBoolean EGLAPIENTRY stub_DestroySyncKHR(EGLDisplay dpy, EGLSyncKHR sync)
{
	PFNEGLDESTROYSYNCKHRPROC fn =
		(PFNEGLDESTROYSYNCKHRPROC)display_entry(dpy, STUB_DESTROY_SYNC);

	return fn ? fn(dpy, sync) : EGL_FALSE;
}

static EGLint EGLAPIENTRY stub_ClientWaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags,
						 EGLTimeKHR timeout)
{
	PFNEGLCLIENTWAITSYNCKHRPROC fn =
		(PFNEGLCLIENTWAITSYNCKHRPROC)display_entry(dpy, STUB_CLIENT_WAIT_SYNC);

	return fn ? fn(dpy, sync, flags, timeout) : EGL_FALSE;
}

static EGLBoolean EGLAPIENTRY stub_GetSyncAttribKHR(EGLDisplay dpy, EGLSyncKHR sync,
						    EGLint attribute, EGLint *value)
{
	PFNEGLGETSYNCATTRIBKHRPROC fn =
		(PFNEGLGETSYNCATTRIBKHRPROC)display_entry(dpy, STUB_GET_SYNC_ATTRIB);

	return fn ? fn(dpy, sync, attribute, value) : EGL_FALSE;
}

static EGLint EGLAPIENTRY stub_WaitSyncKHR(EGLDisplay dpy, EGLSyncKHR sync, EGLint flags)
{
	PFNEGLWAITSYNCKHRPROC fn = (PFNEGLWAITSYNCKHRPROC)display_entry(dpy, STUB_WAIT_SYNC);

	return fn ? fn(dpy, sync, flags) : EGL_FALSE;
}

static EGLint EGLAPIENTRY stub_DupNativeFenceFDANDROID(EGLDisplay dpy, EGLSyncKHR sync)
{
	PFNEGLDUPNATIVEFENCEFDANDROIDPROC fn =
		(PFNEGLDUPNATIVEFENCEFDANDROIDPROC)display_entry(dpy, STUB_DUP_NATIVE_FENCE_FD);

	return fn ? fn(dpy, sync) : EGL_NO_NATIVE_FENCE_FD_ANDROID;
}

static const char *EGLAPIENTRY stub_QueryDeviceStringEXT(EGLDeviceEXT dev, EGLint name)
{
	PFNEGLQUERYDEVICESTRINGEXTPROC fn =
		(PFNEGLQUERYDEVICESTRINGEXTPROC)device_entry(dev, STUB_QUERY_DEVICE_STRING);

	return fn ? fn(dev, name) : NULL;
}

static EGLBoolean EGLAPIENTRY stub_QueryDeviceAttribEXT(EGLDeviceEXT dev, EGLint attribute,
							EGLAttrib *value)
{
	PFNEGLQUERYDEVICEATTRIBEXTPROC fn =
		(PFNEGLQUERYDEVICEATTRIBEXTPROC)device_entry(dev, STUB_QUERY_DEVICE_ATTRIB);

	return fn ? fn(dev, attribute, value) : EGL_FALSE;
}

static EGLImageKHR EGLAPIENTRY stub_CreateImageKHR(EGLDisplay dpy, EGLContext ctx,
						   EGLenum target, EGLClientBuffer buffer,
						   const EGLint *attribs)
{
	PFNEGLCREATEIMAGEKHRPROC fn =
		(PFNEGLCREATEIMAGEKHRPROC)display_entry(dpy, STUB_CREATE_IMAGE);

	return fn ? fn(dpy, ctx, target, buffer, attribs) : EGL_NO_IMAGE_KHR;
}

static EGLBoolean EGLAPIENTRY stub_DestroyImageKHR(EGLDisplay dpy, EGLImageKHR image)
{
	PFNEGLDESTROYIMAGEKHRPROC fn =
		(PFNEGLDESTROYIMAGEKHRPROC)display_entry(dpy, STUB_DESTROY_IMAGE);

	return fn ? fn(dpy, image) : EGL_FALSE;
}

static EGLBoolean EGLAPIENTRY stub_QueryDmaBufFormatsEXT(EGLDisplay dpy, EGLint max,
							 EGLint *formats, EGLint *num)
{
	PFNEGLQUERYDMABUFFORMATSEXTPROC fn =
		(PFNEGLQUERYDMABUFFORMATSEXTPROC)display_entry(dpy, STUB_QUERY_DMA_BUF_FORMATS);

	return fn ? fn(dpy, max, formats, num) : EGL_FALSE;
}

static EGLBoolean EGLAPIENTRY stub_QueryDmaBufModifiersEXT(EGLDisplay dpy, EGLint format,
							   EGLint max, EGLuint64KHR *modifiers,
							   EGLBoolean *external_only,
							   EGLint *num)
{
	PFNEGLQUERYDMABUFMODIFIERSEXTPROC fn = (PFNEGLQUERYDMABUFMODIFIERSEXTPROC)display_entry(
		dpy, STUB_QUERY_DMA_BUF_MODIFIERS);

	return fn ? fn(dpy, format, max, modifiers, external_only, num) : EGL_FALSE;
}

static EGLBoolean EGLAPIENTRY stub_ExportDMABUFImageQueryMESA(EGLDisplay dpy,
							      EGLImageKHR image, int *fourcc,
							      int *num_planes,
							      EGLuint64KHR *modifiers)
{
	PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC fn = (PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC)
		display_entry(dpy, STUB_EXPORT_DMA_BUF_QUERY);

	return fn ? fn(dpy, image, fourcc, num_planes, modifiers) : EGL_FALSE;
}

static EGLBoolean EGLAPIENTRY stub_ExportDMABUFImageMESA(EGLDisplay dpy, EGLImageKHR image,
							 int *fds, EGLint *strides,
							 EGLint *offsets)
{
	PFNEGLEXPORTDMABUFIMAGEMESAPROC fn =
		(PFNEGLEXPORTDMABUFIMAGEMESAPROC)display_entry(dpy, STUB_EXPORT_DMA_BUF);

	return fn ? fn(dpy, image, fds, strides, offsets) : EGL_FALSE;
}

/* Both names reach the vendor's eglSwapBuffersWithDamageKHR (one function). */
static EGLBoolean swap_with_damage(enum stub_id id, EGLDisplay dpy, EGLSurface surface,
				   const EGLint *rects, EGLint n_rects)
{
	PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC fn =
		(PFNEGLSWAPBUFFERSWITHDAMAGEKHRPROC)display_entry(dpy, id);

	return fn ? fn(dpy, surface, rects, n_rects) : EGL_FALSE;
}

static EGLBoolean EGLAPIENTRY stub_SwapBuffersWithDamageKHR(EGLDisplay dpy, EGLSurface surface,
							    const EGLint *rects, EGLint n_rects)
{
	return swap_with_damage(STUB_SWAP_WITH_DAMAGE_KHR, dpy, surface, rects, n_rects);
}

static EGLBoolean EGLAPIENTRY stub_SwapBuffersWithDamageEXT(EGLDisplay dpy, EGLSurface surface,
							    const EGLint *rects, EGLint n_rects)
{
	return swap_with_damage(STUB_SWAP_WITH_DAMAGE_EXT, dpy, surface, rects, n_rects);
}

static EGLBoolean EGLAPIENTRY stub_BindWaylandDisplayWL(EGLDisplay dpy, struct wl_display *display)
{
	PFNEGLBINDWAYLANDDISPLAYWLPROC fn =
		(PFNEGLBINDWAYLANDDISPLAYWLPROC)display_entry(dpy, STUB_BIND_WAYLAND_DISPLAY);

	return fn ? fn(dpy, display) : EGL_FALSE;
}

static EGLBoolean EGLAPIENTRY stub_UnbindWaylandDisplayWL(EGLDisplay dpy,
							  struct wl_display *display)
{
	PFNEGLUNBINDWAYLANDDISPLAYWLPROC fn =
		(PFNEGLUNBINDWAYLANDDISPLAYWLPROC)display_entry(dpy, STUB_UNBIND_WAYLAND_DISPLAY);

	return fn ? fn(dpy, display) : EGL_FALSE;
}

static EGLBoolean EGLAPIENTRY stub_QueryWaylandBufferWL(EGLDisplay dpy,
							struct wl_resource *buffer,
							EGLint attribute, EGLint *value)
{
	PFNEGLQUERYWAYLANDBUFFERWLPROC fn =
		(PFNEGLQUERYWAYLANDBUFFERWLPROC)display_entry(dpy, STUB_QUERY_WAYLAND_BUFFER);

	return fn ? fn(dpy, buffer, attribute, value) : EGL_FALSE;
}

static const struct {
	const char *name;
	egl_fn stub;
} stubs[STUB_COUNT] = {
	[STUB_CREATE_SYNC] = { "eglCreateSyncKHR", (egl_fn)stub_CreateSyncKHR },
	[STUB_DESTROY_SYNC] = { "eglDestroySyncKHR", (egl_fn)stub_DestroySyncKHR },
	[STUB_CLIENT_WAIT_SYNC] = { "eglClientWaitSyncKHR", (egl_fn)stub_ClientWaitSyncKHR },
	[STUB_GET_SYNC_ATTRIB] = { "eglGetSyncAttribKHR", (egl_fn)stub_GetSyncAttribKHR },
	[STUB_WAIT_SYNC] = { "eglWaitSyncKHR", (egl_fn)stub_WaitSyncKHR },
	[STUB_DUP_NATIVE_FENCE_FD] = { "eglDupNativeFenceFDANDROID",
				       (egl_fn)stub_DupNativeFenceFDANDROID },
	[STUB_QUERY_DEVICE_STRING] = { "eglQueryDeviceStringEXT",
				       (egl_fn)stub_QueryDeviceStringEXT },
	[STUB_QUERY_DEVICE_ATTRIB] = { "eglQueryDeviceAttribEXT",
				       (egl_fn)stub_QueryDeviceAttribEXT },
	[STUB_CREATE_IMAGE] = { "eglCreateImageKHR", (egl_fn)stub_CreateImageKHR },
	[STUB_DESTROY_IMAGE] = { "eglDestroyImageKHR", (egl_fn)stub_DestroyImageKHR },
	[STUB_QUERY_DMA_BUF_FORMATS] = { "eglQueryDmaBufFormatsEXT",
					 (egl_fn)stub_QueryDmaBufFormatsEXT },
	[STUB_QUERY_DMA_BUF_MODIFIERS] = { "eglQueryDmaBufModifiersEXT",
					   (egl_fn)stub_QueryDmaBufModifiersEXT },
	[STUB_EXPORT_DMA_BUF_QUERY] = { "eglExportDMABUFImageQueryMESA",
					(egl_fn)stub_ExportDMABUFImageQueryMESA },
	[STUB_EXPORT_DMA_BUF] = { "eglExportDMABUFImageMESA", (egl_fn)stub_ExportDMABUFImageMESA },
	[STUB_SWAP_WITH_DAMAGE_KHR] = { "eglSwapBuffersWithDamageKHR",
					(egl_fn)stub_SwapBuffersWithDamageKHR },
	[STUB_SWAP_WITH_DAMAGE_EXT] = { "eglSwapBuffersWithDamageEXT",
					(egl_fn)stub_SwapBuffersWithDamageEXT },
	[STUB_BIND_WAYLAND_DISPLAY] = { "eglBindWaylandDisplayWL",
					(egl_fn)stub_BindWaylandDisplayWL },
	[STUB_UNBIND_WAYLAND_DISPLAY] = { "eglUnbindWaylandDisplayWL",
					  (egl_fn)stub_UnbindWaylandDisplayWL },
	[STUB_QUERY_WAYLAND_BUFFER] = { "eglQueryWaylandBufferWL",
					(egl_fn)stub_QueryWaylandBufferWL },
};

static int stub_find(const char *name)
{
	for (int i = 0; i < STUB_COUNT; i++)
		if (strcmp(stubs[i].name, name) == 0)
			return i;
	return -1;
}

void *egl_dispatch_address(const char *name)
{
	int i = stub_find(name);

	return i < 0 ? NULL : (void *)stubs[i].stub;
}

void egl_dispatch_set_index(const char *name, int index)
{
	int i = stub_find(name);

	/* libglvnd announces every function it indexes; most are not ours */
	if (i >= 0)
		stub_index[i] = index;
}
