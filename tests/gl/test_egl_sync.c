/* SPDX-License-Identifier: MIT */
/* Sync objects through libglvnd: EGL_KHR_fence_sync, EGL_KHR_wait_sync,
 * EGL_ANDROID_native_fence_sync (export to a pollable fd, import back) and
 * the EGL 1.5 core functions, with their errors. */
#include <GLES2/gl2.h>
#include <poll.h>
#include <unistd.h>

#include "egl_test_util.h"

static EGLDisplay dpy;
static PFNEGLCREATESYNCKHRPROC create_sync_khr;
static PFNEGLDESTROYSYNCKHRPROC destroy_sync_khr;
static PFNEGLCLIENTWAITSYNCKHRPROC client_wait_khr;
static PFNEGLGETSYNCATTRIBKHRPROC get_attrib_khr;
static PFNEGLWAITSYNCKHRPROC wait_sync_khr;
static PFNEGLDUPNATIVEFENCEFDANDROIDPROC dup_fence_fd;

#define GET_PROC(var, name) \
	do { \
		var = (__typeof__(var))eglGetProcAddress(name); \
		ck_assert_msg(var != NULL, name); \
	} while (0)

static void setup(void)
{
	dpy = egl_test_display();
	GET_PROC(create_sync_khr, "eglCreateSyncKHR");
	GET_PROC(destroy_sync_khr, "eglDestroySyncKHR");
	GET_PROC(client_wait_khr, "eglClientWaitSyncKHR");
	GET_PROC(get_attrib_khr, "eglGetSyncAttribKHR");
	GET_PROC(wait_sync_khr, "eglWaitSyncKHR");
	GET_PROC(dup_fence_fd, "eglDupNativeFenceFDANDROID");
}

static void some_work(void)
{
	glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
}

static EGLint sync_value(EGLSyncKHR sync, EGLint attribute)
{
	EGLint v = -1;

	ck_assert_int_eq(get_attrib_khr(dpy, sync, attribute, &v), EGL_TRUE);
	return v;
}

START_TEST(fence_signals_after_work)
{
	EGLSyncKHR sync;

	egl_test_make_current(dpy, 2, 64, 64);
	some_work();
	sync = create_sync_khr(dpy, EGL_SYNC_FENCE_KHR, NULL);
	ck_assert_ptr_ne(sync, EGL_NO_SYNC_KHR);
	ck_assert_int_eq(sync_value(sync, EGL_SYNC_TYPE_KHR), EGL_SYNC_FENCE_KHR);
	ck_assert_int_eq(sync_value(sync, EGL_SYNC_CONDITION_KHR),
			 EGL_SYNC_PRIOR_COMMANDS_COMPLETE_KHR);
	ck_assert_int_eq(client_wait_khr(dpy, sync, EGL_SYNC_FLUSH_COMMANDS_BIT_KHR,
					 EGL_FOREVER_KHR), EGL_CONDITION_SATISFIED_KHR);
	ck_assert_int_eq(sync_value(sync, EGL_SYNC_STATUS_KHR), EGL_SIGNALED_KHR);
	/* signalled: a zero timeout is satisfied too */
	ck_assert_int_eq(client_wait_khr(dpy, sync, 0, 0), EGL_CONDITION_SATISFIED_KHR);
	ck_assert_int_eq(wait_sync_khr(dpy, sync, 0), EGL_TRUE);
	ck_assert_int_eq(destroy_sync_khr(dpy, sync), EGL_TRUE);
}
END_TEST

START_TEST(core_sync_functions)
{
	EGLAttrib v = 0;
	EGLSync sync;

	egl_test_make_current(dpy, 3, 16, 16);
	some_work();
	sync = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
	ck_assert_ptr_ne(sync, EGL_NO_SYNC);
	ck_assert_int_eq(eglClientWaitSync(dpy, sync, EGL_SYNC_FLUSH_COMMANDS_BIT, EGL_FOREVER),
			 EGL_CONDITION_SATISFIED);
	ck_assert_int_eq(eglGetSyncAttrib(dpy, sync, EGL_SYNC_STATUS, &v), EGL_TRUE);
	ck_assert_int_eq(v, EGL_SIGNALED);
	ck_assert_int_eq(eglGetSyncAttrib(dpy, sync, EGL_SYNC_TYPE, &v), EGL_TRUE);
	ck_assert_int_eq(v, EGL_SYNC_FENCE);
	ck_assert_int_eq(eglWaitSync(dpy, sync, 0), EGL_TRUE);
	ck_assert_int_eq(eglDestroySync(dpy, sync), EGL_TRUE);
	ck_assert_int_eq(eglDestroySync(dpy, sync), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
}
END_TEST

START_TEST(sync_errors)
{
	const EGLint fence_attribs[] = { EGL_SYNC_STATUS_KHR, EGL_SIGNALED_KHR, EGL_NONE };
	EGLSyncKHR sync;
	EGLint v;

	/* fences need a current context */
	ck_assert_ptr_eq(create_sync_khr(dpy, EGL_SYNC_FENCE_KHR, NULL), EGL_NO_SYNC_KHR);
	ck_assert_egl_error(EGL_BAD_MATCH);
	egl_test_make_current(dpy, 2, 8, 8);
	ck_assert_ptr_eq(create_sync_khr(dpy, EGL_SYNC_REUSABLE_KHR, NULL), EGL_NO_SYNC_KHR);
	ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
	ck_assert_ptr_eq(eglCreateSync(dpy, 0x1234, NULL), EGL_NO_SYNC);
	ck_assert_egl_error(EGL_BAD_PARAMETER); /* EGL 1.5 differs from the KHR text */
	ck_assert_ptr_eq(create_sync_khr(dpy, EGL_SYNC_FENCE_KHR, fence_attribs), EGL_NO_SYNC_KHR);
	ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
	ck_assert_int_eq(client_wait_khr(dpy, (EGLSyncKHR)&v, 0, 0), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert_int_eq(get_attrib_khr(dpy, (EGLSyncKHR)&v, EGL_SYNC_TYPE_KHR, &v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert_int_eq(destroy_sync_khr(dpy, (EGLSyncKHR)&v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert_int_eq(destroy_sync_khr((EGLDisplay)&v, (EGLSyncKHR)&v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_DISPLAY); /* from our dispatch stub */
	sync = create_sync_khr(dpy, EGL_SYNC_FENCE_KHR, NULL);
	ck_assert_ptr_ne(sync, EGL_NO_SYNC_KHR);
	ck_assert_int_eq(get_attrib_khr(dpy, sync, EGL_WIDTH, &v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
	ck_assert_int_eq(wait_sync_khr(dpy, sync, 1), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert_int_eq(dup_fence_fd(dpy, sync), EGL_NO_NATIVE_FENCE_FD_ANDROID);
	ck_assert_egl_error(EGL_BAD_PARAMETER); /* not a native fence */
	ck_assert_int_eq(eglTerminate(dpy), EGL_TRUE);
	ck_assert_int_eq(client_wait_khr(dpy, sync, 0, 0), EGL_FALSE);
	ck_assert_egl_error(EGL_NOT_INITIALIZED);
}
END_TEST

START_TEST(native_fence_export_and_import)
{
	EGLSyncKHR out, in;
	struct pollfd p;
	EGLint fd, fd2;

	egl_test_make_current(dpy, 2, 64, 64);
	some_work();
	out = create_sync_khr(dpy, EGL_SYNC_NATIVE_FENCE_ANDROID, NULL);
	ck_assert_ptr_ne(out, EGL_NO_SYNC_KHR);
	ck_assert_int_eq(sync_value(out, EGL_SYNC_TYPE_KHR), EGL_SYNC_NATIVE_FENCE_ANDROID);
	fd = dup_fence_fd(dpy, out);
	ck_assert_int_ge(fd, 0);
	/* the fd becomes readable when the work is done */
	p = (struct pollfd){ .fd = fd, .events = POLLIN };
	ck_assert_int_eq(poll(&p, 1, 20000), 1);
	ck_assert(p.revents & POLLIN);

	fd2 = dup_fence_fd(dpy, out);
	ck_assert_int_ge(fd2, 0);
	{
		const EGLint attribs[] = { EGL_SYNC_NATIVE_FENCE_FD_ANDROID, fd2, EGL_NONE };

		in = create_sync_khr(dpy, EGL_SYNC_NATIVE_FENCE_ANDROID, attribs);
	}
	ck_assert_ptr_ne(in, EGL_NO_SYNC_KHR); /* owns fd2 now */
	ck_assert_int_eq(sync_value(in, EGL_SYNC_CONDITION_KHR),
			 EGL_SYNC_NATIVE_FENCE_SIGNALED_ANDROID);
	ck_assert_int_eq(wait_sync_khr(dpy, in, 0), EGL_TRUE);
	ck_assert_int_eq(client_wait_khr(dpy, in, 0, EGL_FOREVER_KHR), EGL_CONDITION_SATISFIED_KHR);
	ck_assert_int_eq(sync_value(in, EGL_SYNC_STATUS_KHR), EGL_SIGNALED_KHR);
	some_work();
	glFinish();
	ck_assert_int_eq(destroy_sync_khr(dpy, in), EGL_TRUE);
	ck_assert_int_eq(destroy_sync_khr(dpy, out), EGL_TRUE);
	close(fd);
}
END_TEST

START_TEST(gpu_wait_then_render)
{
	uint8_t px[4] = { 0 };
	EGLSync sync;

	egl_test_make_current(dpy, 3, 8, 8);
	some_work();
	sync = eglCreateSync(dpy, EGL_SYNC_FENCE, NULL);
	ck_assert_ptr_ne(sync, EGL_NO_SYNC);
	ck_assert_int_eq(eglWaitSync(dpy, sync, 0), EGL_TRUE);
	glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(px[0], 255);
	ck_assert_int_eq(px[1], 0);
	ck_assert_int_eq(eglDestroySync(dpy, sync), EGL_TRUE);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("egl_sync");
	TCase *tc = tcase_create("sync");

	tcase_add_checked_fixture(tc, setup, egl_test_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, fence_signals_after_work);
	tcase_add_test(tc, core_sync_functions);
	tcase_add_test(tc, sync_errors);
	tcase_add_test(tc, native_fence_export_and_import);
	tcase_add_test(tc, gpu_wait_then_render);
	suite_add_tcase(s, tc);
	return s;
}

const struct egl_test_child egl_test_children[] = { { NULL, NULL } };

int main(int argc, char **argv)
{
	return egl_test_main(argc, argv, make_suite);
}
