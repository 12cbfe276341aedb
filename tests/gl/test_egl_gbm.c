/* SPDX-License-Identifier: MIT */
/*
 * EGL on GBM (EGL_KHR_platform_gbm), as kmscube and weston use it: Debian's
 * libgbm loads the build tree's virtio_gpu_gbm.so for the VM's virtio_gpu
 * card node, Debian's libEGL asks virtgl (the only vendor listed). Runs in
 * the VM (VIRTGL_TRANSPORT=drm); on the host, where there is no DRM device
 * and so no GBM device, only the checks that need none run.
 *
 * Pixels are read back through the GBM buffer KMS would scan out
 * (gbm_bo_map), so they show the orientation the display shows: row 0 is
 * the top row.
 */
#include <check.h>
#include <drm_fourcc.h>
#include <fcntl.h>
#include <gbm.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <linux/sync_file.h>
#include <unistd.h>
#include <xf86drm.h>

#include <GLES3/gl3.h>

#include "egl_test_util.h"

#define W 64
#define H 32

static int card_fd = -1;
static struct gbm_device *gbm;
static EGLDisplay dpy;

/* The virtio_gpu card node (the one KMS programs open), by driver name. */
static int open_virtio_card(void)
{
	char path[32];

	for (int i = 0; i < 16; i++) {
		drmVersionPtr v;
		int fd;

		snprintf(path, sizeof(path), "/dev/dri/card%d", i);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		v = drmGetVersion(fd);
		if (v && strcmp(v->name, "virtio_gpu") == 0) {
			drmFreeVersion(v);
			return fd;
		}
		drmFreeVersion(v);
		close(fd);
	}
	return -1;
}

static void setup(void)
{
	card_fd = open_virtio_card();
	ck_assert_msg(card_fd >= 0, "no virtio_gpu card node");
	gbm = gbm_create_device(card_fd);
	ck_assert_ptr_nonnull(gbm);
	ck_assert_str_eq(gbm_device_get_backend_name(gbm), "virtgl");
	dpy = eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR, gbm, NULL);
	ck_assert_ptr_ne(dpy, EGL_NO_DISPLAY);
	ck_assert_int_eq(eglInitialize(dpy, NULL, NULL), EGL_TRUE);
}

static void teardown(void)
{
	egl_test_teardown();
	eglTerminate(dpy);
	eglReleaseThread();
	gbm_device_destroy(gbm);
	close(card_fd);
}

/* The first config with this visual id and alpha size (asserted). */
static EGLConfig window_config(EGLint visual, EGLint alpha)
{
	const EGLint attribs[] = { EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE,
				   EGL_OPENGL_ES2_BIT, EGL_ALPHA_SIZE, alpha, EGL_NONE };
	EGLConfig configs[32];
	EGLint n = 0;

	ck_assert(eglChooseConfig(dpy, attribs, configs, 32, &n));
	for (EGLint i = 0; i < n; i++)
		if (egl_test_config_attrib(dpy, configs[i], EGL_NATIVE_VISUAL_ID) == visual &&
		    egl_test_config_attrib(dpy, configs[i], EGL_ALPHA_SIZE) >= alpha)
			return configs[i];
	ck_abort_msg("no window config with visual %#x", visual);
	return NULL;
}

struct window {
	struct gbm_surface *gs;
	EGLSurface surf;
	EGLContext ctx;
};

static struct window make_window(uint32_t format, EGLConfig config)
{
	struct window w = { 0 };

	w.gs = gbm_surface_create(gbm, W, H, format, GBM_BO_USE_SCANOUT | GBM_BO_USE_RENDERING);
	ck_assert_ptr_nonnull(w.gs);
	w.surf = eglCreateWindowSurface(dpy, config, (EGLNativeWindowType)w.gs, NULL);
	ck_assert_msg(w.surf != EGL_NO_SURFACE, "eglCreateWindowSurface: %#x", eglGetError());
	w.ctx = egl_test_context(dpy, config, 2);
	ck_assert(eglMakeCurrent(dpy, w.surf, w.surf, w.ctx));
	return w;
}

static void destroy_window(struct window *w)
{
	ck_assert(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
	eglDestroyContext(dpy, w->ctx);
	eglDestroySurface(dpy, w->surf);
	gbm_surface_destroy(w->gs);
}

/* Top half red, bottom half green, in GL's window coordinates (y up). */
static void draw_halves(void)
{
	glEnable(GL_SCISSOR_TEST);
	glScissor(0, H / 2, W, H / 2);
	glClearColor(1, 0, 0, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glScissor(0, 0, W, H / 2);
	glClearColor(0, 1, 0, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glDisable(GL_SCISSOR_TEST);
}

/* Pixel (x, y) of bo, row 0 the top, as XRGB8888: 0x00RRGGBB. */
static uint32_t bo_pixel(struct gbm_bo *bo, uint32_t x, uint32_t y)
{
	uint32_t stride = 0, px;
	void *data = NULL;
	uint8_t *p = gbm_bo_map(bo, 0, 0, W, H, GBM_BO_TRANSFER_READ, &stride, &data);

	ck_assert_ptr_nonnull(p);
	memcpy(&px, p + (size_t)y * stride + x * 4, 4);
	gbm_bo_unmap(bo, data);
	return px & 0x00ffffffu;
}

START_TEST(window_presents_upright_into_the_scanout_buffer)
{
	struct window w = make_window(GBM_FORMAT_XRGB8888, window_config(GBM_FORMAT_XRGB8888, 0));
	struct gbm_bo *bo;

	draw_halves();
	ck_assert(eglSwapBuffers(dpy, w.surf));
	bo = gbm_surface_lock_front_buffer(w.gs);
	ck_assert_ptr_nonnull(bo);
	ck_assert_uint_eq(gbm_bo_get_width(bo), W);
	ck_assert_uint_eq(gbm_bo_get_format(bo), GBM_FORMAT_XRGB8888);
	ck_assert_uint_eq(bo_pixel(bo, 3, 0), 0xff0000);          /* top: red */
	ck_assert_uint_eq(bo_pixel(bo, W - 1, H / 2 - 1), 0xff0000);
	ck_assert_uint_eq(bo_pixel(bo, 3, H / 2), 0x00ff00);      /* bottom: green */
	ck_assert_uint_eq(bo_pixel(bo, 0, H - 1), 0x00ff00);
	gbm_surface_release_buffer(w.gs, bo);
	destroy_window(&w);
}
END_TEST

/* glmark2 prefers an alpha config: it gets the XRGB8888 visual (the only
 * format the primary plane scans out), and an ARGB8888 surface also works. */
START_TEST(alpha_configs_have_the_scanout_visual)
{
	EGLConfig c = window_config(GBM_FORMAT_XRGB8888, 8);
	struct window w = make_window(GBM_FORMAT_ARGB8888, c);
	struct gbm_bo *bo;

	glClearColor(0, 0, 1, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	ck_assert(eglSwapBuffers(dpy, w.surf));
	bo = gbm_surface_lock_front_buffer(w.gs);
	ck_assert_ptr_nonnull(bo);
	ck_assert_uint_eq(bo_pixel(bo, W / 2, H / 2), 0x0000ff);
	gbm_surface_release_buffer(w.gs, bo);
	destroy_window(&w);
}
END_TEST

/* The KMS loop of kmscube/glmark2: lock the front, release the previous;
 * buffers cycle, each frame lands in the buffer locked for it, buffer age
 * counts, and with every buffer held the swap fails instead of blocking. */
START_TEST(swap_lock_release_cycle)
{
	struct window w = make_window(GBM_FORMAT_XRGB8888, window_config(GBM_FORMAT_XRGB8888, 0));
	struct gbm_bo *held[8] = { 0 }, *prev = NULL;
	EGLint age = -1;
	int n = 0;

	ck_assert(eglQuerySurface(dpy, w.surf, EGL_BUFFER_AGE_EXT, &age));
	ck_assert_int_eq(age, 0);
	for (int frame = 0; frame < 6; frame++) {
		struct gbm_bo *bo;

		glClearColor(frame & 1 ? 1.0f : 0.0f, 0, frame & 1 ? 0.0f : 1.0f, 1);
		glClear(GL_COLOR_BUFFER_BIT);
		ck_assert(eglSwapBuffers(dpy, w.surf));
		bo = gbm_surface_lock_front_buffer(w.gs);
		ck_assert_ptr_nonnull(bo);
		ck_assert_uint_eq(bo_pixel(bo, 1, 1), frame & 1 ? 0xff0000u : 0x0000ffu);
		if (prev)
			gbm_surface_release_buffer(w.gs, prev);
		ck_assert(gbm_surface_has_free_buffers(w.gs));
		prev = bo;
	}
	/* locking each frame and releasing the one before: the buffer that
	 * comes back was the front two swaps ago */
	ck_assert(eglQuerySurface(dpy, w.surf, EGL_BUFFER_AGE_EXT, &age));
	ck_assert_int_eq(age, 2);
	gbm_surface_release_buffer(w.gs, prev);
	/* hold everything: the surface runs out of buffers */
	while (n < 8 && eglSwapBuffers(dpy, w.surf)) {
		held[n] = gbm_surface_lock_front_buffer(w.gs);
		ck_assert_ptr_nonnull(held[n++]);
	}
	ck_assert_int_lt(n, 8);
	ck_assert_egl_error(EGL_BAD_ALLOC);
	ck_assert(!gbm_surface_has_free_buffers(w.gs));
	gbm_surface_release_buffer(w.gs, held[0]);
	ck_assert(gbm_surface_has_free_buffers(w.gs));
	ck_assert(eglSwapBuffers(dpy, w.surf));
	for (int i = 1; i < n; i++)
		gbm_surface_release_buffer(w.gs, held[i]);
	destroy_window(&w);
}
END_TEST

START_TEST(window_errors)
{
	EGLConfig c = window_config(GBM_FORMAT_XRGB8888, 0);
	EGLConfig c565 = window_config(GBM_FORMAT_RGB565, 0);
	struct gbm_surface *rgb565 = gbm_surface_create(gbm, W, H, GBM_FORMAT_RGB565,
							 GBM_BO_USE_RENDERING);
	EGLint v = 0;

	ck_assert_ptr_nonnull(rgb565);
	ck_assert_ptr_eq(eglCreateWindowSurface(dpy, c, (EGLNativeWindowType)rgb565, NULL),
			 EGL_NO_SURFACE);
	ck_assert_egl_error(EGL_BAD_MATCH);
	ck_assert_ptr_eq(eglCreateWindowSurface(dpy, c, (EGLNativeWindowType)NULL, NULL),
			 EGL_NO_SURFACE);
	ck_assert_egl_error(EGL_BAD_NATIVE_WINDOW);
	/* EGL_WIDTH is a pbuffer attribute, not a window's */
	ck_assert_ptr_eq(eglCreatePlatformWindowSurface(dpy, c565, rgb565,
							(const EGLAttrib[]){ EGL_WIDTH, 1,
									     EGL_NONE }),
			 EGL_NO_SURFACE);
	ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
	ck_assert_ptr_eq(eglCreateWindowSurface(dpy, (EGLConfig)&v, (EGLNativeWindowType)rgb565,
						NULL), EGL_NO_SURFACE);
	ck_assert_egl_error(EGL_BAD_CONFIG);
	/* the 565 config takes it */
	EGLSurface s = eglCreatePlatformWindowSurface(dpy, c565, rgb565, NULL);
	ck_assert_ptr_ne(s, EGL_NO_SURFACE);
	ck_assert(eglQuerySurface(dpy, s, EGL_WIDTH, &v));
	ck_assert_int_eq(v, W);
	ck_assert(eglDestroySurface(dpy, s));
	gbm_surface_destroy(rgb565);
	ck_assert_ptr_eq(eglCreatePixmapSurface(dpy, c, 0, NULL), EGL_NO_SURFACE);
	ck_assert_egl_error(EGL_BAD_NATIVE_PIXMAP);
}
END_TEST

START_TEST(display_extensions_and_get_display_sniffing)
{
	const char *ext = eglQueryString(dpy, EGL_EXTENSIONS);

	ck_assert(egl_test_has_extension(ext, "EGL_EXT_buffer_age"));
	ck_assert(egl_test_has_extension(eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS),
					 "EGL_KHR_platform_gbm"));
	/* eglGetDisplay(gbm_device): libglvnd recognises the pointer as GBM */
	ck_assert_ptr_eq(eglGetDisplay((EGLNativeDisplayType)gbm), dpy);
	ck_assert_str_eq(eglQueryString(dpy, EGL_VENDOR), "virtgl");
}
END_TEST

/* A gbm device of Mesa's backend is not virtgl's: declined quietly, so
 * that libglvnd's next vendor (Mesa's EGL) takes it. */
START_TEST(foreign_gbm_device_is_declined)
{
	struct gbm_device *mesa;

	setenv("GBM_BACKEND", "dri", 1);
	mesa = gbm_create_device(card_fd);
	unsetenv("GBM_BACKEND");
	ck_assert_ptr_nonnull(mesa);
	ck_assert_str_ne(gbm_device_get_backend_name(mesa), "virtgl");
	ck_assert_ptr_eq(eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR, mesa, NULL), EGL_NO_DISPLAY);
	ck_assert_egl_error(EGL_SUCCESS);
	gbm_device_destroy(mesa);
}
END_TEST

START_TEST(non_gbm_pointer_is_a_bad_parameter)
{
	int not_a_device[16] = { 0 };

	ck_assert_ptr_eq(eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR, not_a_device, NULL),
			 EGL_NO_DISPLAY);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
}
END_TEST

static GLuint program(const char *vs, const char *fs)
{
	GLuint p = glCreateProgram(), s[2] = { glCreateShader(GL_VERTEX_SHADER),
					       glCreateShader(GL_FRAGMENT_SHADER) };
	GLint ok = 0;

	glShaderSource(s[0], 1, &vs, NULL);
	glShaderSource(s[1], 1, &fs, NULL);
	for (int i = 0; i < 2; i++) {
		glCompileShader(s[i]);
		glAttachShader(p, s[i]);
	}
	glBindAttribLocation(p, 0, "pos");
	glLinkProgram(p);
	glGetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert(ok);
	return p;
}

static void draw_quad(GLuint prog)
{
	static const float quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };

	glUseProgram(prog);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
}

/* The window is rendered straight into its y-down buffer: what a fragment
 * shader sees of GL's window y (gl_FragCoord, dFdy), the winding (a CCW
 * triangle survives back-face culling), glReadPixels and glCopyTexImage2D
 * are GL's, and the buffer's row 0 is the top. */
START_TEST(window_rendering_is_gl_style_in_a_y_down_buffer)
{
	static const char *vs = "attribute vec2 pos; varying float y;\n"
				"void main() { y = pos.y; gl_Position = vec4(pos, 0.0, 1.0); }\n";
	static const char *fs = "#extension GL_OES_standard_derivatives : require\n"
				"precision highp float; varying float y;\n"
				"void main() { gl_FragColor = vec4(gl_FragCoord.y < 16.0 ? 1.0 : 0.0,\n"
				"  dFdy(y) > 0.0 ? 1.0 : 0.0, 0.0, 1.0); }\n";
	struct window w = make_window(GBM_FORMAT_XRGB8888, window_config(GBM_FORMAT_XRGB8888, 0));
	GLuint prog = program(vs, fs), tex;
	uint8_t px[4] = { 0 };
	struct gbm_bo *bo;

	glEnable(GL_CULL_FACE);
	draw_quad(prog); /* a CCW strip */
	glDisable(GL_CULL_FACE);
	/* GL's y: rows 0..15 from the bottom are red + green, above green */
	glReadPixels(5, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_msg(px[0] == 255 && px[1] == 255, "bottom row: %u %u %u", px[0], px[1], px[2]);
	glReadPixels(5, H - 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_msg(px[0] == 0 && px[1] == 255, "top row: %u %u %u", px[0], px[1], px[2]);
	/* a copy of the bottom-left 4x4 into a texture, read through an FBO */
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glCopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 14, 4, 4, 0);
	ck_assert(eglSwapBuffers(dpy, w.surf));
	bo = gbm_surface_lock_front_buffer(w.gs);
	ck_assert_uint_eq(bo_pixel(bo, 5, H - 1), 0xffff00);      /* bottom: red + green */
	ck_assert_uint_eq(bo_pixel(bo, 5, H - 16), 0xffff00);
	ck_assert_uint_eq(bo_pixel(bo, 5, H - 17), 0x00ff00);
	ck_assert_uint_eq(bo_pixel(bo, 5, 0), 0x00ff00);           /* top: green */
	gbm_surface_release_buffer(w.gs, bo);
	{
		GLuint fbo;

		glGenFramebuffers(1, &fbo);
		glBindFramebuffer(GL_FRAMEBUFFER, fbo);
		glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
		glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);  /* window row 14 */
		ck_assert_msg(px[0] == 255, "copied row 14: %u %u", px[0], px[1]);
		glReadPixels(0, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);  /* window row 17 */
		ck_assert_msg(px[0] == 0 && px[1] == 255, "copied row 17: %u %u", px[0], px[1]);
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		glDeleteFramebuffers(1, &fbo);
	}
	glDeleteTextures(1, &tex);
	glDeleteProgram(prog);
	destroy_window(&w);
}
END_TEST

/* Pixel (x, y) packed at p: GL's bottom half green, top half red (draw_halves). */
static void assert_half(const uint8_t *p, int y, bool bgra)
{
	uint8_t red = y >= H / 2 ? 255 : 0, green = y < H / 2 ? 255 : 0;

	ck_assert_msg(p[bgra ? 2 : 0] == red && p[1] == green && p[bgra ? 0 : 2] == 0 && p[3] == 255,
		      "row %d (%s): %u %u %u %u", y, bgra ? "BGRA" : "RGBA", p[0], p[1], p[2], p[3]);
}

/* glReadPixels of a y-down window buffer into a pixel pack buffer: a
 * column in the buffer's own format (XRGB8888: BGRA) is copied by the GPU,
 * a row at a time since the buffer's rows run the other way; one in RGBA is
 * converted on the CPU. Both come out in GL's bottom-up order. */
START_TEST(window_read_pixels_into_a_pack_buffer)
{
	enum { AT = 4, COLUMN = H * 4 };
	EGLConfig config = window_config(GBM_FORMAT_XRGB8888, 0);
	struct window w = make_window(GBM_FORMAT_XRGB8888, config);
	EGLContext es3 = egl_test_context(dpy, config, 3);
	const uint8_t *m;
	GLuint buf;

	ck_assert(eglMakeCurrent(dpy, w.surf, w.surf, es3));
	draw_halves();
	glGenBuffers(1, &buf);
	glBindBuffer(GL_PIXEL_PACK_BUFFER, buf);
	glBufferData(GL_PIXEL_PACK_BUFFER, AT + 2 * COLUMN, NULL, GL_STREAM_READ);
	glReadPixels(3, 0, 1, H, 0x80E1 /* BGRA_EXT */, GL_UNSIGNED_BYTE, (void *)AT);
	glReadPixels(3, 0, 1, H, GL_RGBA, GL_UNSIGNED_BYTE, (void *)(AT + COLUMN));
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	m = glMapBufferRange(GL_PIXEL_PACK_BUFFER, 0, AT + 2 * COLUMN, GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(m);
	for (int y = 0; y < H; y++) {
		assert_half(m + AT + y * 4, y, true);
		assert_half(m + AT + COLUMN + y * 4, y, false);
	}
	glUnmapBuffer(GL_PIXEL_PACK_BUFFER);
	glDeleteBuffers(1, &buf);
	ck_assert(eglMakeCurrent(dpy, w.surf, w.surf, w.ctx));
	eglDestroyContext(dpy, es3);
	destroy_window(&w);
}
END_TEST

/* gl_PointCoord's t on a point's row at GL window y (0 at the point's top
 * edge in window terms, as ES says), coded as red (t > 0.5) or green. */
static void draw_point_coord(void)
{
	static const char *vs = "attribute vec2 pos;\n"
				"void main() { gl_PointSize = 16.0; gl_Position = vec4(pos, 0.0, 1.0); }\n";
	static const char *fs = "precision mediump float;\n"
				"void main() { gl_FragColor = gl_PointCoord.y > 0.5 ? vec4(1, 0, 0, 1)\n"
				"                                                : vec4(0, 1, 0, 1); }\n";
	static const float centre[] = { 0, 0 };
	GLuint prog = program(vs, fs);

	glClearColor(0, 0, 0, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glUseProgram(prog);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, centre);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_POINTS, 0, 1);
	glDeleteProgram(prog);
}

/* Point sprites: the upper half of a point (GL's larger y) has t < 0.5, in
 * a window (y-down) as in a pbuffer. */
START_TEST(point_coord_origin_is_upper_left)
{
	struct window w = make_window(GBM_FORMAT_XRGB8888, window_config(GBM_FORMAT_XRGB8888, 0));
	uint8_t up[4], down[4];

	draw_point_coord();
	glReadPixels(W / 2, H / 2 + 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, up);
	glReadPixels(W / 2, H / 2 - 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, down);
	{
		EGLSurface pb = egl_test_pbuffer(dpy, window_config(GBM_FORMAT_XRGB8888, 0), W, H);
		uint8_t pu[4], pd[4];

		ck_assert(eglMakeCurrent(dpy, pb, pb, w.ctx));
		draw_point_coord();
		glReadPixels(W / 2, H / 2 + 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pu);
		glReadPixels(W / 2, H / 2 - 4, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, pd);
		ck_assert_msg(pu[1] == 255 && pd[0] == 255, "pbuffer: up %u,%u down %u,%u", pu[0],
			      pu[1], pd[0], pd[1]);
		ck_assert(eglMakeCurrent(dpy, w.surf, w.surf, w.ctx));
		eglDestroySurface(dpy, pb);
	}
	destroy_window(&w);
}
END_TEST

/* EGL_BUFFER_PRESERVED: a frame that draws nothing presents the last one. */
START_TEST(preserved_swap_behaviour_keeps_the_frame)
{
	struct window w = make_window(GBM_FORMAT_XRGB8888, window_config(GBM_FORMAT_XRGB8888, 0));
	EGLint v = 0;
	struct gbm_bo *bo;

	ck_assert(eglQuerySurface(dpy, w.surf, EGL_SWAP_BEHAVIOR, &v));
	ck_assert_int_eq(v, EGL_BUFFER_DESTROYED);
	ck_assert(eglSurfaceAttrib(dpy, w.surf, EGL_SWAP_BEHAVIOR, EGL_BUFFER_PRESERVED));
	draw_halves();
	for (int frame = 0; frame < 3; frame++) {
		ck_assert(eglSwapBuffers(dpy, w.surf));
		bo = gbm_surface_lock_front_buffer(w.gs);
		ck_assert_ptr_nonnull(bo);
		ck_assert_uint_eq(bo_pixel(bo, 3, 0), 0xff0000);
		ck_assert_uint_eq(bo_pixel(bo, 3, H - 1), 0x00ff00);
		gbm_surface_release_buffer(w.gs, bo);
	}
	destroy_window(&w);
}
END_TEST

/* A sync_file: what KMS takes as a plane's IN_FENCE_FD (kmscube -A). */
static bool is_sync_file(int fd)
{
	struct sync_file_info info = { 0 };

	return ioctl(fd, SYNC_IOC_FILE_INFO, &info) == 0;
}

/* kmscube -A: a native fence made before any work (already signalled) and
 * one after a frame both export sync_files, and a KMS out-fence imports. */
START_TEST(native_fences_are_sync_files)
{
	struct window w = make_window(GBM_FORMAT_XRGB8888, window_config(GBM_FORMAT_XRGB8888, 0));
	PFNEGLCREATESYNCKHRPROC create_sync =
		(PFNEGLCREATESYNCKHRPROC)eglGetProcAddress("eglCreateSyncKHR");
	PFNEGLDUPNATIVEFENCEFDANDROIDPROC dup_fd =
		(PFNEGLDUPNATIVEFENCEFDANDROIDPROC)eglGetProcAddress("eglDupNativeFenceFDANDROID");
	const EGLint attribs[] = { EGL_SYNC_NATIVE_FENCE_FD_ANDROID,
				   EGL_NO_NATIVE_FENCE_FD_ANDROID, EGL_NONE };

	for (int frame = 0; frame < 2; frame++) {
		EGLSyncKHR sync = create_sync(dpy, EGL_SYNC_NATIVE_FENCE_ANDROID, attribs);
		int fd;

		ck_assert_ptr_ne(sync, EGL_NO_SYNC_KHR);
		ck_assert(eglSwapBuffers(dpy, w.surf));
		fd = dup_fd(dpy, sync);
		ck_assert_int_ge(fd, 0);
		ck_assert_msg(is_sync_file(fd), "frame %d: fd is not a sync_file", frame);
		close(fd);
		eglDestroySync(dpy, sync);
		gbm_surface_release_buffer(w.gs, gbm_surface_lock_front_buffer(w.gs));
		glClear(GL_COLOR_BUFFER_BIT);
	}
	destroy_window(&w);
}
END_TEST

static Suite *gbm_suite(void)
{
	Suite *s = suite_create("egl gbm");
	TCase *any = tcase_create("anywhere"), *tc;

	tcase_add_test(any, non_gbm_pointer_is_a_bad_parameter);
	suite_add_tcase(s, any);
	/* GBM devices exist only where a DRM device does: the VM */
	if (!egl_test_on_drm())
		return s;
	tc = tcase_create("gbm");
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, window_presents_upright_into_the_scanout_buffer);
	tcase_add_test(tc, alpha_configs_have_the_scanout_visual);
	tcase_add_test(tc, swap_lock_release_cycle);
	tcase_add_test(tc, window_errors);
	tcase_add_test(tc, display_extensions_and_get_display_sniffing);
	tcase_add_test(tc, foreign_gbm_device_is_declined);
	tcase_add_test(tc, native_fences_are_sync_files);
	tcase_add_test(tc, window_rendering_is_gl_style_in_a_y_down_buffer);
	tcase_add_test(tc, preserved_swap_behaviour_keeps_the_frame);
	tcase_add_test(tc, point_coord_origin_is_upper_left);
	tcase_add_test(tc, window_read_pixels_into_a_pack_buffer);
	suite_add_tcase(s, tc);
	return s;
}

const struct egl_test_child egl_test_children[] = { { NULL, NULL } };

int main(int argc, char **argv)
{
	/* libgbm looks for virtio_gpu_gbm.so here before its own directory */
	setenv("GBM_BACKENDS_PATH", VIRTGL_GBM_BACKENDS_PATH, 1);
	return egl_test_main(argc, argv, gbm_suite);
}
