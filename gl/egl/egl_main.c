/* SPDX-License-Identifier: MIT */
#include "egl_main.h"

#include <string.h>

#include "egl_config.h"
#include "egl_context.h"
#include "egl_current.h"
#include "egl_device.h"
#include "egl_dispatch.h"
#include "egl_display.h"
#include "egl_error.h"
#include "egl_surface.h"
#include "egl_image.h"
#include "egl_sync.h"
#include "egl_wayland_drm.h"
#include "vgl.h"

#define EGL_PROC(name) { "egl" #name, (void *)vegl_##name }

/* Everything libglvnd may ask getProcAddress for: the EGL 1.5 functions it
 * dispatches itself, and the real implementations behind our extension
 * stubs (fetchDispatchEntry looks those up here by name). */
static const struct {
	const char *name;
	void *fn;
} egl_procs[] = {
	EGL_PROC(BindAPI),
	EGL_PROC(BindWaylandDisplayWL),
	EGL_PROC(BindTexImage),
	EGL_PROC(ChooseConfig),
	EGL_PROC(ClientWaitSync),
	{ "eglClientWaitSyncKHR", (void *)vegl_ClientWaitSync },
	EGL_PROC(CopyBuffers),
	EGL_PROC(CreateContext),
	EGL_PROC(CreateImage),
	EGL_PROC(CreateImageKHR),
	EGL_PROC(CreatePbufferFromClientBuffer),
	EGL_PROC(CreatePbufferSurface),
	EGL_PROC(CreatePixmapSurface),
	EGL_PROC(CreatePlatformPixmapSurface),
	EGL_PROC(CreatePlatformPixmapSurfaceEXT),
	EGL_PROC(CreatePlatformWindowSurface),
	EGL_PROC(CreatePlatformWindowSurfaceEXT),
	EGL_PROC(CreateSync),
	EGL_PROC(CreateSyncKHR),
	EGL_PROC(CreateWindowSurface),
	EGL_PROC(DestroyContext),
	EGL_PROC(DestroyImage),
	{ "eglDestroyImageKHR", (void *)vegl_DestroyImage },
	EGL_PROC(DestroySurface),
	EGL_PROC(ExportDMABUFImageMESA),
	EGL_PROC(ExportDMABUFImageQueryMESA),
	EGL_PROC(DestroySync),
	{ "eglDestroySyncKHR", (void *)vegl_DestroySync },
	EGL_PROC(DupNativeFenceFDANDROID),
	EGL_PROC(GetConfigAttrib),
	EGL_PROC(GetConfigs),
	EGL_PROC(GetError),
	EGL_PROC(GetSyncAttrib),
	EGL_PROC(GetSyncAttribKHR),
	EGL_PROC(Initialize),
	EGL_PROC(MakeCurrent),
	EGL_PROC(QueryContext),
	EGL_PROC(QueryDeviceAttribEXT),
	EGL_PROC(QueryDevicesEXT),
	EGL_PROC(QueryDeviceStringEXT),
	EGL_PROC(QueryDisplayAttribEXT),
	EGL_PROC(QueryDmaBufFormatsEXT),
	EGL_PROC(QueryDmaBufModifiersEXT),
	{ "eglQueryDisplayAttribKHR", (void *)vegl_QueryDisplayAttribEXT },
	EGL_PROC(QueryString),
	EGL_PROC(QueryWaylandBufferWL),
	EGL_PROC(QuerySurface),
	EGL_PROC(ReleaseTexImage),
	EGL_PROC(ReleaseThread),
	EGL_PROC(SurfaceAttrib),
	EGL_PROC(SwapBuffers),
	EGL_PROC(SwapBuffersWithDamageKHR),
	{ "eglSwapBuffersWithDamageEXT", (void *)vegl_SwapBuffersWithDamageKHR },
	EGL_PROC(SwapInterval),
	EGL_PROC(Terminate),
	EGL_PROC(UnbindWaylandDisplayWL),
	EGL_PROC(WaitClient),
	EGL_PROC(WaitGL),
	EGL_PROC(WaitNative),
	EGL_PROC(WaitSync),
	EGL_PROC(WaitSyncKHR),
};

static const __EGLapiExports *exports;

const __EGLapiExports *egl_exports(void)
{
	return exports;
}

EGLenum egl_current_api(void)
{
	return exports ? exports->getCurrentApi() : EGL_OPENGL_ES_API;
}

void *egl_proc_address(const char *name)
{
	for (size_t i = 0; i < sizeof(egl_procs) / sizeof(egl_procs[0]); i++)
		if (strcmp(egl_procs[i].name, name) == 0)
			return egl_procs[i].fn;
	return NULL;
}

/* ---- the import table -------------------------------------------------------------- */

static void *get_proc_address(const char *name)
{
	/* libglvnd asks for every GL name it knows when a context becomes
	 * current; NULL makes that entry a no-op */
	if (strncmp(name, "egl", 3) == 0)
		return egl_proc_address(name);
	return vgl_get_proc_address(name);
}

static EGLBoolean get_supports_api(EGLenum api)
{
	return api == EGL_OPENGL_ES_API;
}

static const char *get_vendor_string(int name)
{
	/* libglvnd drops client extensions it does not know (the surfaceless
	 * platform among them) unless a vendor names them here */
	return name == __EGL_VENDOR_STRING_PLATFORM_EXTENSIONS ? egl_platform_extensions() : NULL;
}

__attribute__((visibility("default")))
EGLBoolean __egl_Main(uint32_t version, const __EGLapiExports *x, __EGLvendorInfo *vendor,
		      __EGLapiImports *imports)
{
	if (EGL_VENDOR_ABI_GET_MAJOR_VERSION(version) != EGL_VENDOR_ABI_MAJOR_VERSION)
		return EGL_FALSE;
	exports = x;
	/* glEGLImageTarget*OES hand gl/ an EGL handle: EGL says what it is */
	vgl_set_egl_image_lookup(egl_image_lookup);
	imports->getPlatformDisplay = egl_get_platform_display;
	imports->getSupportsAPI = get_supports_api;
	imports->getVendorString = get_vendor_string;
	imports->getProcAddress = get_proc_address;
	imports->getDispatchAddress = egl_dispatch_address;
	imports->setDispatchIndex = egl_dispatch_set_index;
	return EGL_TRUE;
}
