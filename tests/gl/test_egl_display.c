/* SPDX-License-Identifier: MIT */
/* Displays through libglvnd: which platforms virtgl claims, the strings it
 * answers, devices, initialisation, and declining without a device. */
#include <glob.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

#include "egl_test_util.h"

static EGLDisplay surfaceless(void)
{
	return eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
}

START_TEST(client_extensions)
{
	const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);
	static const char *const want[] = {
		"EGL_EXT_platform_base", "EGL_MESA_platform_surfaceless", "EGL_EXT_platform_device",
		"EGL_EXT_device_base", "EGL_EXT_device_enumeration", "EGL_EXT_device_query",
	};

	ck_assert_ptr_nonnull(ext);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		ck_assert_msg(egl_test_has_extension(ext, want[i]), "%s missing from %s", want[i],
			      ext);
}
END_TEST

START_TEST(surfaceless_claimed)
{
	EGLDisplay dpy = egl_test_display();
	const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);
	static const char *const want[] = {
		"EGL_KHR_create_context", "EGL_KHR_no_config_context", "EGL_KHR_surfaceless_context",
		"EGL_KHR_fence_sync", "EGL_KHR_wait_sync", "EGL_ANDROID_native_fence_sync",
	};

	ck_assert_ptr_eq(surfaceless(), dpy); /* same arguments, same display */
	ck_assert_str_eq(eglQueryString(dpy, EGL_VENDOR), "virtgl");
	ck_assert_str_eq(eglQueryString(dpy, EGL_CLIENT_APIS), "OpenGL_ES");
	ck_assert_int_eq(strncmp(eglQueryString(dpy, EGL_VERSION), "1.5 ", 4), 0);
	for (size_t i = 0; i < sizeof(want) / sizeof(want[0]); i++)
		ck_assert_msg(egl_test_has_extension(ext, want[i]), "%s missing", want[i]);
	ck_assert_ptr_null(eglQueryString(dpy, 0x1234));
	ck_assert_egl_error(EGL_BAD_PARAMETER);
}
END_TEST

START_TEST(default_display_is_surfaceless)
{
	EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);

	ck_assert_ptr_ne(dpy, EGL_NO_DISPLAY);
	ck_assert_ptr_eq(dpy, surfaceless());
	ck_assert_int_eq(eglInitialize(dpy, NULL, NULL), EGL_TRUE);
}
END_TEST

START_TEST(device_platform)
{
	PFNEGLQUERYDEVICESTRINGEXTPROC query_string =
		(PFNEGLQUERYDEVICESTRINGEXTPROC)eglGetProcAddress("eglQueryDeviceStringEXT");
	PFNEGLQUERYDEVICEATTRIBEXTPROC query_attrib =
		(PFNEGLQUERYDEVICEATTRIBEXTPROC)eglGetProcAddress("eglQueryDeviceAttribEXT");
	PFNEGLQUERYDISPLAYATTRIBEXTPROC query_display =
		(PFNEGLQUERYDISPLAYATTRIBEXTPROC)eglGetProcAddress("eglQueryDisplayAttribEXT");
	EGLDeviceEXT dev = egl_test_device();
	EGLAttrib v = 0;
	EGLDisplay dpy;

	ck_assert_ptr_ne(dev, EGL_NO_DEVICE_EXT);
	ck_assert_ptr_nonnull(query_string);
	ck_assert_ptr_nonnull(query_string(dev, EGL_EXTENSIONS));
	ck_assert_ptr_null(query_string(dev, EGL_VENDOR));
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert_int_eq(query_attrib(dev, 0x1234, &v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
	ck_assert_ptr_null(query_string((EGLDeviceEXT)&v, EGL_EXTENSIONS));
	ck_assert_egl_error(EGL_BAD_DEVICE_EXT);

	dpy = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, dev, NULL);
	ck_assert_ptr_ne(dpy, EGL_NO_DISPLAY);
	ck_assert_ptr_ne(dpy, surfaceless());
	ck_assert_int_eq(eglInitialize(dpy, NULL, NULL), EGL_TRUE);
	ck_assert_int_eq(query_display(dpy, EGL_DEVICE_EXT, &v), EGL_TRUE);
	ck_assert_ptr_eq((EGLDeviceEXT)v, dev);
	ck_assert_int_eq(query_display(dpy, EGL_VENDOR, &v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
}
END_TEST

START_TEST(uninitialised_display)
{
	EGLDisplay dpy = surfaceless();
	EGLint n = -1;

	ck_assert_int_eq(eglGetConfigs(dpy, NULL, 0, &n), EGL_FALSE);
	ck_assert_egl_error(EGL_NOT_INITIALIZED);
	ck_assert_ptr_null(eglQueryString(dpy, EGL_VENDOR));
	ck_assert_egl_error(EGL_NOT_INITIALIZED);
	ck_assert_int_eq(eglTerminate(dpy), EGL_TRUE); /* terminating twice is fine */
	ck_assert_egl_error(EGL_SUCCESS);

	egl_test_display();
	ck_assert_int_eq(eglTerminate(dpy), EGL_TRUE);
	ck_assert_int_eq(eglGetConfigs(dpy, NULL, 0, &n), EGL_FALSE);
	ck_assert_egl_error(EGL_NOT_INITIALIZED);
	ck_assert_ptr_eq(surfaceless(), dpy); /* the handle outlives eglTerminate */
	ck_assert_int_eq(eglInitialize(dpy, NULL, NULL), EGL_TRUE);
	ck_assert_int_eq(eglGetConfigs(dpy, NULL, 0, &n), EGL_TRUE);
	ck_assert_int_gt(n, 0);
}
END_TEST

START_TEST(bad_display)
{
	EGLDisplay bogus = (EGLDisplay)&bogus;
	EGLint n;

	ck_assert_int_eq(eglInitialize(bogus, NULL, NULL), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_DISPLAY);
	ck_assert_int_eq(eglGetConfigs(bogus, NULL, 0, &n), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_DISPLAY);
	ck_assert_ptr_null(eglQueryString(bogus, EGL_VENDOR));
	ck_assert_egl_error(EGL_BAD_DISPLAY);
}
END_TEST

START_TEST(bad_platform_arguments)
{
	const EGLAttrib attribs[] = { EGL_WIDTH, 1, EGL_NONE };

	ck_assert_ptr_eq(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, NULL, attribs),
			 EGL_NO_DISPLAY);
	ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
	ck_assert_ptr_eq(eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, (void *)attribs, NULL),
			 EGL_NO_DISPLAY);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert_ptr_eq(eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR, (void *)attribs, NULL),
			 EGL_NO_DISPLAY);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
}
END_TEST

START_TEST(proc_addresses)
{
	static const char *const names[] = {
		"eglCreateSyncKHR", "eglDestroySyncKHR", "eglClientWaitSyncKHR",
		"eglGetSyncAttribKHR", "eglWaitSyncKHR", "eglDupNativeFenceFDANDROID",
		"eglQueryDevicesEXT", "eglQueryDeviceStringEXT", "glClear", "glReadPixels",
	};

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		ck_assert_msg(eglGetProcAddress(names[i]) != NULL, "%s", names[i]);
	ck_assert_ptr_null(eglGetProcAddress("eglNoSuchFunctionXYZ"));
}
END_TEST

START_TEST(bind_api)
{
	ck_assert_int_eq(eglBindAPI(EGL_OPENGL_API), EGL_FALSE); /* ES only */
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert_int_eq(eglBindAPI(EGL_OPENVG_API), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert_int_eq(eglBindAPI(EGL_OPENGL_ES_API), EGL_TRUE);
	ck_assert_int_eq(eglQueryAPI(), EGL_OPENGL_ES_API);
}
END_TEST

static void *error_in_thread(void *dpy)
{
	/* a bad argument on this thread: EGL_BAD_PARAMETER here only */
	eglGetConfigs(dpy, NULL, 0, NULL);
	return (void *)(intptr_t)eglGetError();
}

START_TEST(errors_are_per_thread)
{
	EGLDisplay dpy = egl_test_display();
	pthread_t t;
	void *other;
	EGLint n;

	ck_assert_int_eq(eglGetConfigs(dpy, NULL, 0, NULL), EGL_FALSE);
	ck_assert_int_eq(pthread_create(&t, NULL, error_in_thread, dpy), 0);
	pthread_join(t, &other);
	ck_assert_int_eq((EGLint)(intptr_t)other, EGL_BAD_PARAMETER);
	ck_assert_egl_error(EGL_BAD_PARAMETER); /* ours, untouched by the thread */
	ck_assert_egl_error(EGL_SUCCESS);       /* reading it reset it */
	ck_assert_int_eq(eglGetConfigs((EGLDisplay)&n, NULL, 0, &n), EGL_FALSE);
	ck_assert_int_eq(eglGetConfigs(dpy, NULL, 0, &n), EGL_TRUE);
	ck_assert_egl_error(EGL_SUCCESS);       /* every call sets it, success too */
}
END_TEST

/* ---- without a device: the vendor declines, libglvnd has no display ------------- */

static bool render_node_exists(void)
{
	glob_t g;
	bool any = glob("/dev/dri/renderD*", 0, NULL, &g) == 0 && g.gl_pathc > 0;

	globfree(&g);
	return any;
}

/* Runs with only our JSON and no VIRTGL_TRANSPORT: 0 when virtgl declined. */
static int declining_child(void)
{
	PFNEGLQUERYDEVICESEXTPROC query =
		(PFNEGLQUERYDEVICESEXTPROC)eglGetProcAddress("eglQueryDevicesEXT");
	EGLDisplay dpy = surfaceless();
	EGLint n = -1;

	/* libglvnd may hand out no display, or one that cannot initialise */
	if (dpy != EGL_NO_DISPLAY && eglInitialize(dpy, NULL, NULL))
		return 1;
	dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
	if (dpy != EGL_NO_DISPLAY && eglInitialize(dpy, NULL, NULL))
		return 2;
	if (!query || !query(0, NULL, &n) || n != 0)
		return 3;
	return 0;
}

const struct egl_test_child egl_test_children[] = {
	{ "declining", declining_child },
	{ NULL, NULL },
};

START_TEST(declines_without_device)
{
	char json[4200];
	const char *env[] = { json, NULL };

	if (render_node_exists())
		return; /* a render node (the VM): the display is rightly claimed */
	snprintf(json, sizeof(json), "__EGL_VENDOR_LIBRARY_FILENAMES=%s", egl_test_json());
	ck_assert_int_eq(egl_test_run_child("declining", env), 0);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("egl_display");
	TCase *tc = tcase_create("display");

	tcase_add_checked_fixture(tc, NULL, egl_test_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, client_extensions);
	tcase_add_test(tc, surfaceless_claimed);
	tcase_add_test(tc, default_display_is_surfaceless);
	tcase_add_test(tc, device_platform);
	tcase_add_test(tc, uninitialised_display);
	tcase_add_test(tc, bad_display);
	tcase_add_test(tc, bad_platform_arguments);
	tcase_add_test(tc, proc_addresses);
	tcase_add_test(tc, bind_api);
	tcase_add_test(tc, errors_are_per_thread);
	tcase_add_test(tc, declines_without_device);
	suite_add_tcase(s, tc);
	return s;
}

int main(int argc, char **argv)
{
	return egl_test_main(argc, argv, make_suite);
}
