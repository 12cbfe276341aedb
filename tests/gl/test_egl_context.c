/* SPDX-License-Identifier: MIT */
/* Contexts, pbuffers and binding through libglvnd: versions, attributes,
 * errors, make-current rules across threads, and a clear read back. */
#include <GLES2/gl2.h>
#include <pthread.h>
#include <string.h>

#include "egl_test_util.h"

static EGLDisplay dpy;
static EGLConfig rgba;

static void setup(void)
{
	dpy = egl_test_display();
	rgba = egl_test_config(dpy, 8, 8, 24);
	ck_assert_int_eq(eglBindAPI(EGL_OPENGL_ES_API), EGL_TRUE);
}

static EGLint context_value(EGLContext ctx, EGLint attribute)
{
	EGLint v = -1;

	ck_assert_int_eq(eglQueryContext(dpy, ctx, attribute, &v), EGL_TRUE);
	return v;
}

static EGLint surface_value(EGLSurface s, EGLint attribute)
{
	EGLint v = -1;

	ck_assert_int_eq(eglQuerySurface(dpy, s, attribute, &v), EGL_TRUE);
	return v;
}

/* ---- versions (see gl/egl_context.h for the rule) ------------------------------- */

/* error: created or EGL_BAD_MATCH, as the host allows */
#define HOST_DEPENDENT 1

static const struct version_case {
	EGLint attribs[7];
	EGLint error; /* EGL_SUCCESS: created, and reports major */
	EGLint major;
} version_cases[] = {
	/* 2.0 requests get 3.0, the later compatible version (egl_context.h) */
	{ { EGL_CONTEXT_MAJOR_VERSION, 2, EGL_NONE }, EGL_SUCCESS, 3 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE }, EGL_SUCCESS, 3 },
	{ { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE }, EGL_SUCCESS, 3 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 0, EGL_NONE }, EGL_SUCCESS, 3 },
	{ { EGL_NONE }, EGL_BAD_MATCH, 0 }, /* the default is ES 1.0 */
	{ { EGL_CONTEXT_MAJOR_VERSION, 1, EGL_NONE }, EGL_BAD_MATCH, 0 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE }, EGL_BAD_MATCH, 0 },
	/* 3.1 and 3.2 where the host has what they need (test_gl_es32 checks the
	 * gate itself); 3.3 never */
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 1, EGL_NONE }, HOST_DEPENDENT, 3 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 2, EGL_NONE }, HOST_DEPENDENT, 3 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3, EGL_NONE }, EGL_BAD_MATCH, 0 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 4, EGL_NONE }, EGL_BAD_MATCH, 0 },
	{ { EGL_CONTEXT_OPENGL_PROFILE_MASK, 1, EGL_NONE }, EGL_BAD_ATTRIBUTE, 0 },
	{ { EGL_CONTEXT_FLAGS_KHR, EGL_CONTEXT_OPENGL_FORWARD_COMPATIBLE_BIT_KHR, EGL_NONE },
	  EGL_BAD_ATTRIBUTE, 0 },
	{ { 0x7777, 1, EGL_NONE }, EGL_BAD_ATTRIBUTE, 0 },
	{ { EGL_CONTEXT_OPENGL_DEBUG, 5, EGL_NONE }, EGL_BAD_ATTRIBUTE, 0 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_DEBUG, EGL_TRUE, EGL_NONE },
	  EGL_SUCCESS, 3 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_FLAGS_KHR,
	    EGL_CONTEXT_OPENGL_DEBUG_BIT_KHR, EGL_NONE }, EGL_SUCCESS, 3 },
	/* robust buffer access is not granted (egl_context.c says why) */
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_ROBUST_ACCESS, EGL_TRUE, EGL_NONE },
	  EGL_BAD_MATCH, 0 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, EGL_TRUE,
	    EGL_NONE }, EGL_BAD_MATCH, 0 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, 7, EGL_NONE },
	  EGL_BAD_ATTRIBUTE, 0 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_ROBUST_ACCESS_EXT, EGL_FALSE,
	    EGL_NONE }, EGL_SUCCESS, 3 },
	/* reset notification (EGL 1.5 and EXT_create_context_robustness) */
	{ { EGL_CONTEXT_MAJOR_VERSION, 2, EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY,
	    EGL_LOSE_CONTEXT_ON_RESET, EGL_NONE }, EGL_SUCCESS, 3 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT,
	    EGL_LOSE_CONTEXT_ON_RESET_EXT, EGL_NONE }, EGL_SUCCESS, 3 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT,
	    EGL_NO_RESET_NOTIFICATION_EXT, EGL_NONE }, EGL_SUCCESS, 3 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT,
	    EGL_TRUE, EGL_NONE }, EGL_BAD_ATTRIBUTE, 0 },
	{ { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY,
	    0x31BD, EGL_NONE }, EGL_BAD_ATTRIBUTE, 0 },
};

START_TEST(context_versions)
{
	const struct version_case *c = &version_cases[_i];
	EGLContext ctx = eglCreateContext(dpy, rgba, EGL_NO_CONTEXT, c->attribs);

	if (c->error == HOST_DEPENDENT && ctx == EGL_NO_CONTEXT) {
		ck_assert_egl_error(EGL_BAD_MATCH);
		return;
	}
	if (c->error != EGL_SUCCESS && c->error != HOST_DEPENDENT) {
		ck_assert_ptr_eq(ctx, EGL_NO_CONTEXT);
		ck_assert_egl_error(c->error);
		return;
	}
	ck_assert_ptr_ne(ctx, EGL_NO_CONTEXT);
	ck_assert_int_eq(context_value(ctx, EGL_CONTEXT_CLIENT_VERSION), c->major);
	ck_assert_int_eq(context_value(ctx, EGL_CONTEXT_CLIENT_TYPE), EGL_OPENGL_ES_API);
	ck_assert_int_eq(context_value(ctx, EGL_CONFIG_ID),
			 egl_test_config_attrib(dpy, rgba, EGL_CONFIG_ID));
	ck_assert_int_eq(context_value(ctx, EGL_RENDER_BUFFER), EGL_NONE);
	ck_assert_int_eq(eglDestroyContext(dpy, ctx), EGL_TRUE);
}
END_TEST

/* EXT_create_context_robustness: a share group has one reset strategy. */
START_TEST(reset_strategy_is_one_per_share_group)
{
	const EGLint lose[] = { EGL_CONTEXT_MAJOR_VERSION, 3,
				EGL_CONTEXT_OPENGL_RESET_NOTIFICATION_STRATEGY_EXT,
				EGL_LOSE_CONTEXT_ON_RESET_EXT, EGL_NONE };
	const EGLint plain[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE };
	EGLContext a = eglCreateContext(dpy, rgba, EGL_NO_CONTEXT, lose);
	EGLContext b;

	ck_assert_ptr_ne(a, EGL_NO_CONTEXT);
	ck_assert_ptr_eq(eglCreateContext(dpy, rgba, a, plain), EGL_NO_CONTEXT);
	ck_assert_egl_error(EGL_BAD_MATCH);
	b = eglCreateContext(dpy, rgba, a, lose);
	ck_assert_ptr_ne(b, EGL_NO_CONTEXT);
	ck_assert(egl_test_has_extension(eglQueryString(dpy, EGL_EXTENSIONS),
					 "EGL_EXT_create_context_robustness"));
	ck_assert_int_eq(eglDestroyContext(dpy, b), EGL_TRUE);
	ck_assert_int_eq(eglDestroyContext(dpy, a), EGL_TRUE);
}
END_TEST

START_TEST(context_errors)
{
	EGLContext ctx = egl_test_context(dpy, rgba, 2);
	const EGLint es2[] = { EGL_CONTEXT_MAJOR_VERSION, 2, EGL_NONE };
	EGLint v;

	ck_assert_ptr_eq(eglCreateContext(dpy, (EGLConfig)&v, EGL_NO_CONTEXT, es2), EGL_NO_CONTEXT);
	ck_assert_egl_error(EGL_BAD_CONFIG);
	ck_assert_ptr_eq(eglCreateContext(dpy, rgba, (EGLContext)&v, es2), EGL_NO_CONTEXT);
	ck_assert_egl_error(EGL_BAD_CONTEXT);
	ck_assert_int_eq(eglQueryContext(dpy, ctx, EGL_WIDTH, &v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
	ck_assert_int_eq(eglQueryContext(dpy, (EGLContext)&v, EGL_CONFIG_ID, &v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_CONTEXT);
	ck_assert_int_eq(eglDestroyContext(dpy, (EGLContext)&v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_CONTEXT);
	ck_assert_int_eq(eglDestroyContext(dpy, ctx), EGL_TRUE);
	ck_assert_int_eq(eglDestroyContext(dpy, ctx), EGL_FALSE); /* the handle is gone */
	ck_assert_egl_error(EGL_BAD_CONTEXT);
}
END_TEST

START_TEST(shared_and_no_config_contexts)
{
	const EGLint es3[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE };
	EGLContext a = egl_test_context(dpy, rgba, 3);
	EGLContext b = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, a, es3);
	EGLSurface small = egl_test_pbuffer(dpy, egl_test_config(dpy, 5, 0, 0), 8, 8);

	ck_assert_ptr_ne(b, EGL_NO_CONTEXT);
	ck_assert_int_eq(context_value(b, EGL_CONFIG_ID), 0);
	/* a context without a config renders to a surface of any config */
	ck_assert_int_eq(eglMakeCurrent(dpy, small, small, b), EGL_TRUE);
	ck_assert_int_eq(context_value(b, EGL_RENDER_BUFFER), EGL_BACK_BUFFER);
}
END_TEST

START_TEST(wrong_display)
{
	EGLDisplay other = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, egl_test_device(), NULL);
	EGLContext ctx = egl_test_context(dpy, rgba, 2);
	EGLSurface s = egl_test_pbuffer(dpy, rgba, 4, 4);
	const EGLint es2[] = { EGL_CONTEXT_MAJOR_VERSION, 2, EGL_NONE };
	EGLint v;

	ck_assert_int_eq(eglInitialize(other, NULL, NULL), EGL_TRUE);
	ck_assert_int_eq(eglMakeCurrent(other, s, s, ctx), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_CONTEXT);
	ck_assert_ptr_eq(eglCreateContext(other, rgba, EGL_NO_CONTEXT, es2), EGL_NO_CONTEXT);
	ck_assert_egl_error(EGL_BAD_CONFIG);
	ck_assert_int_eq(eglQuerySurface(other, s, EGL_WIDTH, &v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_SURFACE);
	ck_assert_int_eq(eglDestroySurface(other, s), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_SURFACE);
}
END_TEST

/* ---- pbuffers ------------------------------------------------------------------------- */

static const struct size_case {
	EGLint w, h, largest;
	EGLint want_w, want_h;
} size_cases[] = {
	{ 64, 32, 0, 64, 32 },
	{ 1, 1, 0, 1, 1 },
	{ 0, 0, 0, 0, 0 },    /* EGL's default size */
	{ 300, 7, 0, 300, 7 },
	{ 20000, 1, 1, 16384, 1 }, /* EGL_LARGEST_PBUFFER clamps */
};

START_TEST(pbuffer_sizes)
{
	const struct size_case *c = &size_cases[_i];
	const EGLint attribs[] = { EGL_WIDTH, c->w, EGL_HEIGHT, c->h,
				   EGL_LARGEST_PBUFFER, c->largest, EGL_NONE };
	EGLSurface s = eglCreatePbufferSurface(dpy, rgba, attribs);

	ck_assert_ptr_ne(s, EGL_NO_SURFACE);
	ck_assert_int_eq(surface_value(s, EGL_WIDTH), c->want_w);
	ck_assert_int_eq(surface_value(s, EGL_HEIGHT), c->want_h);
	ck_assert_int_eq(surface_value(s, EGL_LARGEST_PBUFFER), c->largest);
	ck_assert_int_eq(surface_value(s, EGL_CONFIG_ID),
			 egl_test_config_attrib(dpy, rgba, EGL_CONFIG_ID));
	ck_assert_int_eq(surface_value(s, EGL_RENDER_BUFFER), EGL_BACK_BUFFER);
	ck_assert_int_eq(surface_value(s, EGL_TEXTURE_FORMAT), EGL_NO_TEXTURE);
	ck_assert_int_eq(eglDestroySurface(dpy, s), EGL_TRUE);
}
END_TEST

static const struct pbuffer_error_case {
	EGLint attribs[7];
	EGLint error;
} pbuffer_error_cases[] = {
	{ { EGL_WIDTH, -1, EGL_NONE }, EGL_BAD_PARAMETER },
	{ { EGL_HEIGHT, -8, EGL_NONE }, EGL_BAD_PARAMETER },
	{ { 0x7777, 1, EGL_NONE }, EGL_BAD_ATTRIBUTE },
	{ { EGL_WIDTH, 20000, EGL_HEIGHT, 4, EGL_NONE }, EGL_BAD_ALLOC },
	{ { EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGBA, EGL_TEXTURE_TARGET, EGL_TEXTURE_2D, EGL_NONE },
	  EGL_BAD_ATTRIBUTE }, /* no config binds to textures */
	{ { EGL_TEXTURE_FORMAT, EGL_TEXTURE_RGBA, EGL_NONE }, EGL_BAD_MATCH },
	{ { EGL_GL_COLORSPACE, EGL_GL_COLORSPACE_SRGB, EGL_NONE }, EGL_BAD_MATCH },
};

START_TEST(pbuffer_errors)
{
	const struct pbuffer_error_case *c = &pbuffer_error_cases[_i];

	ck_assert_ptr_eq(eglCreatePbufferSurface(dpy, rgba, c->attribs), EGL_NO_SURFACE);
	ck_assert_egl_error(c->error);
}
END_TEST

START_TEST(surface_errors)
{
	EGLSurface s = egl_test_pbuffer(dpy, rgba, 4, 4);
	EGLint v;

	ck_assert_ptr_eq(eglCreatePbufferSurface(dpy, (EGLConfig)&v, NULL), EGL_NO_SURFACE);
	ck_assert_egl_error(EGL_BAD_CONFIG);
	/* EGL_MESA_platform_surfaceless: no native windows or pixmaps, whatever
	 * the config */
	ck_assert_ptr_eq(eglCreateWindowSurface(dpy, rgba, 0, NULL), EGL_NO_SURFACE);
	ck_assert_egl_error(EGL_BAD_NATIVE_WINDOW);
	ck_assert_ptr_eq(eglCreatePlatformWindowSurface(dpy, EGL_NO_CONFIG_KHR, NULL, NULL),
			 EGL_NO_SURFACE);
	ck_assert_egl_error(EGL_BAD_NATIVE_WINDOW);
	ck_assert_ptr_eq(eglCreatePlatformPixmapSurface(dpy, rgba, &v, NULL), EGL_NO_SURFACE);
	ck_assert_egl_error(EGL_BAD_NATIVE_PIXMAP);
	ck_assert_int_eq(eglQuerySurface(dpy, s, EGL_CONFIG_CAVEAT, &v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
	ck_assert_int_eq(eglQuerySurface(dpy, (EGLSurface)&v, EGL_WIDTH, &v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_SURFACE);
	ck_assert_int_eq(eglSurfaceAttrib(dpy, s, EGL_SWAP_BEHAVIOR, EGL_BUFFER_DESTROYED), EGL_TRUE);
	ck_assert_int_eq(surface_value(s, EGL_SWAP_BEHAVIOR), EGL_BUFFER_DESTROYED);
	ck_assert_int_eq(eglSurfaceAttrib(dpy, s, EGL_MULTISAMPLE_RESOLVE,
					  EGL_MULTISAMPLE_RESOLVE_BOX), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_MATCH);
	ck_assert_int_eq(eglSurfaceAttrib(dpy, s, EGL_WIDTH, 8), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
	ck_assert_int_eq(eglBindTexImage(dpy, s, EGL_BACK_BUFFER), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_MATCH);
}
END_TEST

/* ---- binding ---------------------------------------------------------------------------- */

START_TEST(make_current)
{
	EGLContext ctx = egl_test_context(dpy, rgba, 2);
	EGLSurface s = egl_test_pbuffer(dpy, rgba, 16, 16);
	EGLSurface t = egl_test_pbuffer(dpy, rgba, 16, 16);

	ck_assert_int_eq(eglMakeCurrent(dpy, s, s, ctx), EGL_TRUE);
	ck_assert_ptr_eq(eglGetCurrentContext(), ctx);
	ck_assert_ptr_eq(eglGetCurrentSurface(EGL_DRAW), s);
	ck_assert_ptr_eq(eglGetCurrentDisplay(), dpy);
	ck_assert_int_eq(eglSwapBuffers(dpy, s), EGL_TRUE); /* a flush */
	ck_assert_int_eq(eglSwapBuffers(dpy, t), EGL_FALSE); /* not bound to this context */
	ck_assert_egl_error(EGL_BAD_SURFACE);
	ck_assert_int_eq(eglSwapInterval(dpy, 0), EGL_TRUE);
	ck_assert_int_eq(eglWaitClient(), EGL_TRUE);
	ck_assert_int_eq(eglWaitGL(), EGL_TRUE);
	ck_assert_int_eq(eglWaitNative(EGL_CORE_NATIVE_ENGINE), EGL_TRUE);
	ck_assert_int_eq(eglWaitNative(0x1234), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	/* surfaceless (EGL_KHR_surfaceless_context) */
	ck_assert_int_eq(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), EGL_TRUE);
	ck_assert_int_eq(context_value(ctx, EGL_RENDER_BUFFER), EGL_NONE);
	ck_assert_int_eq(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT),
			 EGL_TRUE);
	ck_assert_ptr_eq(eglGetCurrentContext(), EGL_NO_CONTEXT);
}
END_TEST

START_TEST(make_current_errors)
{
	EGLContext ctx = egl_test_context(dpy, rgba, 2);
	EGLSurface s = egl_test_pbuffer(dpy, rgba, 16, 16);
	EGLSurface other_format = egl_test_pbuffer(dpy, egl_test_config(dpy, 5, 0, 0), 16, 16);
	EGLint v;

	ck_assert_int_eq(eglMakeCurrent(dpy, s, EGL_NO_SURFACE, ctx), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_MATCH);
	ck_assert_int_eq(eglMakeCurrent(dpy, other_format, other_format, ctx), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_MATCH);
	ck_assert_int_eq(eglMakeCurrent(dpy, (EGLSurface)&v, (EGLSurface)&v, ctx), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_SURFACE);
	ck_assert_int_eq(eglMakeCurrent(dpy, s, s, (EGLContext)&v), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_CONTEXT);
	ck_assert_int_eq(eglMakeCurrent(dpy, s, s, EGL_NO_CONTEXT), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_MATCH);
	ck_assert_int_eq(eglSwapInterval(dpy, 1), EGL_FALSE); /* nothing current */
	ck_assert_egl_error(EGL_BAD_CONTEXT);
	ck_assert_int_eq(eglTerminate(dpy), EGL_TRUE);
	ck_assert_int_eq(eglMakeCurrent(dpy, s, s, ctx), EGL_FALSE);
	ck_assert_egl_error(EGL_NOT_INITIALIZED);
}
END_TEST

struct thread_binding {
	EGLContext ctx;
	EGLSurface surface;
	pthread_barrier_t bound, checked;
	EGLBoolean ok;
};

static void *bind_in_thread(void *p)
{
	struct thread_binding *b = p;

	b->ok = eglMakeCurrent(dpy, b->surface, b->surface, b->ctx);
	pthread_barrier_wait(&b->bound);
	pthread_barrier_wait(&b->checked);
	eglReleaseThread();
	return NULL;
}

START_TEST(current_in_another_thread)
{
	struct thread_binding b = { .ctx = egl_test_context(dpy, rgba, 2),
				    .surface = egl_test_pbuffer(dpy, rgba, 8, 8) };
	EGLContext mine = egl_test_context(dpy, rgba, 2);
	EGLSurface free_surface = egl_test_pbuffer(dpy, rgba, 8, 8);
	pthread_t t;

	pthread_barrier_init(&b.bound, NULL, 2);
	pthread_barrier_init(&b.checked, NULL, 2);
	ck_assert_int_eq(pthread_create(&t, NULL, bind_in_thread, &b), 0);
	pthread_barrier_wait(&b.bound);
	ck_assert_int_eq(b.ok, EGL_TRUE);
	/* the context, and the surface, are current in the other thread */
	ck_assert_int_eq(eglMakeCurrent(dpy, free_surface, free_surface, b.ctx), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_ACCESS);
	ck_assert_int_eq(eglMakeCurrent(dpy, b.surface, b.surface, mine), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_ACCESS);
	ck_assert_int_eq(eglMakeCurrent(dpy, free_surface, free_surface, mine), EGL_TRUE);
	pthread_barrier_wait(&b.checked);
	pthread_join(t, NULL);
	/* released by eglReleaseThread: now ours to take */
	ck_assert_int_eq(eglMakeCurrent(dpy, b.surface, b.surface, b.ctx), EGL_TRUE);
	pthread_barrier_destroy(&b.bound);
	pthread_barrier_destroy(&b.checked);
}
END_TEST

START_TEST(destroy_while_current)
{
	EGLContext ctx = egl_test_context(dpy, rgba, 2);
	EGLSurface s = egl_test_pbuffer(dpy, rgba, 8, 8);

	ck_assert_int_eq(eglMakeCurrent(dpy, s, s, ctx), EGL_TRUE);
	ck_assert_int_eq(eglDestroySurface(dpy, s), EGL_TRUE);
	ck_assert_int_eq(eglDestroyContext(dpy, ctx), EGL_TRUE);
	/* still current, and usable, until released */
	ck_assert_ptr_eq(eglGetCurrentContext(), ctx);
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	ck_assert_int_eq(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_CONTEXT);
	ck_assert_int_eq(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT),
			 EGL_TRUE);
}
END_TEST

START_TEST(terminate_while_current)
{
	egl_test_make_current(dpy, 2, 8, 8);
	ck_assert_int_eq(eglTerminate(dpy), EGL_TRUE);
	ck_assert_ptr_ne(eglGetCurrentContext(), EGL_NO_CONTEXT);
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	/* EGL 1.5: releasing works on a terminated display */
	ck_assert_int_eq(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT),
			 EGL_TRUE);
	ck_assert_ptr_eq(eglGetCurrentContext(), EGL_NO_CONTEXT);
}
END_TEST

/* ---- rendering through libglvnd's GL dispatch ------------------------------------------ */

START_TEST(clear_reads_back)
{
	EGLint major = _i == 0 ? 2 : 3;
	uint8_t px[4 * 4] = { 0 };
	const char *version;

	egl_test_make_current(dpy, major, 32, 16);
	version = (const char *)glGetString(GL_VERSION);
	ck_assert_ptr_nonnull(version);
	ck_assert_msg(strncmp(version, "OpenGL ES ", 10) == 0, "GL_VERSION %s", version);
	glClearColor(0.2f, 0.4f, 0.6f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glReadPixels(30, 14, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	for (int i = 0; i < 4; i++) {
		ck_assert_int_eq(px[4 * i + 0], 51);
		ck_assert_int_eq(px[4 * i + 1], 102);
		ck_assert_int_eq(px[4 * i + 2], 153);
		ck_assert_int_eq(px[4 * i + 3], 255);
	}
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("egl_context");
	TCase *tc = tcase_create("context");
	TCase *gl = tcase_create("gl");

	tcase_add_checked_fixture(tc, setup, egl_test_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, context_versions, 0,
			    sizeof(version_cases) / sizeof(version_cases[0]));
	tcase_add_test(tc, context_errors);
	tcase_add_test(tc, reset_strategy_is_one_per_share_group);
	tcase_add_test(tc, shared_and_no_config_contexts);
	tcase_add_test(tc, wrong_display);
	tcase_add_loop_test(tc, pbuffer_sizes, 0, sizeof(size_cases) / sizeof(size_cases[0]));
	tcase_add_loop_test(tc, pbuffer_errors, 0,
			    sizeof(pbuffer_error_cases) / sizeof(pbuffer_error_cases[0]));
	tcase_add_test(tc, surface_errors);
	tcase_add_test(tc, make_current);
	tcase_add_test(tc, make_current_errors);
	tcase_add_test(tc, current_in_another_thread);
	tcase_add_test(tc, destroy_while_current);
	tcase_add_test(tc, terminate_while_current);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(gl, setup, egl_test_teardown);
	tcase_set_timeout(gl, 60);
	tcase_add_loop_test(gl, clear_reads_back, 0, 2);
	suite_add_tcase(s, gl);
	return s;
}

const struct egl_test_child egl_test_children[] = { { NULL, NULL } };

int main(int argc, char **argv)
{
	return egl_test_main(argc, argv, make_suite);
}
