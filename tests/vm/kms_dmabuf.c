/* SPDX-License-Identifier: MIT */
/*
 * kms_dmabuf: the dma-buf round trip of a KMS program, checked pixel
 * by pixel, then shown on the display.
 *
 *   1. renders four coloured quadrants into a gbm_bo, reached through
 *      EGL_EXT_image_dma_buf_import as a renderbuffer (GL_OES_EGL_image);
 *      reads the bo back through gbm_bo_map;
 *   2. exports the bo as a dma-buf again, imports that as a texture and
 *      samples it across a window surface on a gbm_surface; reads the window
 *      back (glReadPixels) and, after eglSwapBuffers, the scanout buffer;
 *   3. puts that buffer on the screen (drmModeSetCrtc) and keeps it there for
 *      a while, so that a screenshot of the VM's display can check it.
 *
 * An ordinary program: Debian's libgbm, libEGL, libGLESv2, libdrm; it names
 * no driver. Exit 0 when every check passed ("PASS" on stdout), 1 otherwise.
 *
 * usage: kms_dmabuf [-t SECONDS_ON_SCREEN]
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <drm_fourcc.h>
#include <fcntl.h>
#include <gbm.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

#define IMG 256 /* the rendered image, IMG x IMG */

/* The quadrants in GL's coordinates of the image (y up from row 0). */
static const uint32_t quadrant_rgb[4] = {
	0xff0000, /* x < half, y < half: red */
	0x00ff00, /* x >= half, y < half: green */
	0x0000ff, /* x < half, y >= half: blue */
	0xffffff, /* x >= half, y >= half: white */
};

struct app {
	int fd;
	struct gbm_device *gbm;
	EGLDisplay dpy;
	EGLConfig config;
	EGLContext ctx;
	drmModeConnector *conn;
	drmModeModeInfo mode;
	uint32_t crtc;
	PFNEGLCREATEIMAGEKHRPROC create_image;
	PFNEGLDESTROYIMAGEKHRPROC destroy_image;
	PFNGLEGLIMAGETARGETTEXTURE2DOESPROC image_texture;
	PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC image_renderbuffer;
	int failures;
};

static void check(struct app *a, bool ok, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	printf("%s: ", ok ? "ok" : "FAIL");
	vprintf(fmt, ap);
	printf("\n");
	va_end(ap);
	a->failures += !ok;
}

static void die(const char *msg)
{
	fprintf(stderr, "kms_dmabuf: %s\n", msg);
	exit(1);
}

/* ---- KMS -------------------------------------------------------------------- */

static int open_card(void)
{
	drmDevicePtr devs[16];
	int n = drmGetDevices2(0, devs, 16);

	for (int i = 0; i < n; i++) {
		int fd;

		if (!(devs[i]->available_nodes & (1 << DRM_NODE_PRIMARY)))
			continue;
		fd = open(devs[i]->nodes[DRM_NODE_PRIMARY], O_RDWR | O_CLOEXEC);
		if (fd >= 0) {
			drmModeRes *res = drmModeGetResources(fd);

			if (res && res->count_connectors) {
				drmModeFreeResources(res);
				drmFreeDevices(devs, n);
				return fd;
			}
			drmModeFreeResources(res);
			close(fd);
		}
	}
	drmFreeDevices(devs, n);
	return -1;
}

static void find_output(struct app *a)
{
	drmModeRes *res = drmModeGetResources(a->fd);

	for (int i = 0; res && i < res->count_connectors && !a->conn; i++) {
		drmModeConnector *c = drmModeGetConnector(a->fd, res->connectors[i]);

		if (c && c->connection == DRM_MODE_CONNECTED && c->count_modes)
			a->conn = c;
		else
			drmModeFreeConnector(c);
	}
	if (!a->conn || !res->count_crtcs)
		die("no connected connector with a mode");
	a->mode = a->conn->modes[0];
	for (int i = 0; i < a->conn->count_modes; i++)
		if (a->conn->modes[i].type & DRM_MODE_TYPE_PREFERRED)
			a->mode = a->conn->modes[i];
	a->crtc = res->crtcs[0];
	drmModeFreeResources(res);
}

/* ---- EGL -------------------------------------------------------------------- */

static void init_egl(struct app *a)
{
	const EGLint cfg[] = { EGL_SURFACE_TYPE, EGL_WINDOW_BIT, EGL_RENDERABLE_TYPE,
			       EGL_OPENGL_ES2_BIT, EGL_NONE };
	const EGLint ctx[] = { EGL_CONTEXT_CLIENT_VERSION, 2, EGL_NONE };
	EGLConfig configs[64];
	EGLint n = 0;

	a->dpy = eglGetPlatformDisplay(EGL_PLATFORM_GBM_KHR, a->gbm, NULL);
	if (a->dpy == EGL_NO_DISPLAY || !eglInitialize(a->dpy, NULL, NULL))
		die("no EGL display on the gbm device");
	eglBindAPI(EGL_OPENGL_ES_API);
	eglChooseConfig(a->dpy, cfg, configs, 64, &n);
	for (EGLint i = 0; i < n && !a->config; i++) {
		EGLint id = 0;

		eglGetConfigAttrib(a->dpy, configs[i], EGL_NATIVE_VISUAL_ID, &id);
		if (id == GBM_FORMAT_XRGB8888)
			a->config = configs[i];
	}
	if (!a->config)
		die("no config with the XRGB8888 visual");
	a->ctx = eglCreateContext(a->dpy, a->config, EGL_NO_CONTEXT, ctx);
	a->create_image = (PFNEGLCREATEIMAGEKHRPROC)eglGetProcAddress("eglCreateImageKHR");
	a->destroy_image = (PFNEGLDESTROYIMAGEKHRPROC)eglGetProcAddress("eglDestroyImageKHR");
	a->image_texture = (PFNGLEGLIMAGETARGETTEXTURE2DOESPROC)eglGetProcAddress(
		"glEGLImageTargetTexture2DOES");
	a->image_renderbuffer = (PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC)eglGetProcAddress(
		"glEGLImageTargetRenderbufferStorageOES");
	if (!a->ctx || !a->create_image || !a->image_texture || !a->image_renderbuffer)
		die("no context, or no EGL image entry points");
	printf("EGL vendor: %s\n", eglQueryString(a->dpy, EGL_VENDOR));
}

/* The bo as an EGLImage through a fresh dma-buf fd (closed after the import,
 * which the image keeps alive). */
static EGLImageKHR import_bo(struct app *a, struct gbm_bo *bo)
{
	int fd = gbm_bo_get_fd(bo);
	const EGLint attribs[] = {
		EGL_WIDTH, (EGLint)gbm_bo_get_width(bo), EGL_HEIGHT, (EGLint)gbm_bo_get_height(bo),
		EGL_LINUX_DRM_FOURCC_EXT, (EGLint)gbm_bo_get_format(bo),
		EGL_DMA_BUF_PLANE0_FD_EXT, fd, EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0,
		EGL_DMA_BUF_PLANE0_PITCH_EXT, (EGLint)gbm_bo_get_stride(bo), EGL_NONE };
	EGLImageKHR img;

	if (fd < 0)
		die("gbm_bo_get_fd failed");
	img = a->create_image(a->dpy, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT, NULL, attribs);
	close(fd);
	if (img == EGL_NO_IMAGE_KHR)
		die("eglCreateImageKHR(EGL_LINUX_DMA_BUF_EXT) failed");
	return img;
}

/* ---- pixels ------------------------------------------------------------------ */

/* Pixel (x, y) of an XRGB8888/ARGB8888 bo, y counted down from row 0. */
static uint32_t bo_rgb(struct gbm_bo *bo, uint32_t x, uint32_t y)
{
	uint32_t stride = 0, px = 0;
	void *data = NULL;
	uint8_t *p = gbm_bo_map(bo, 0, 0, gbm_bo_get_width(bo), gbm_bo_get_height(bo),
				GBM_BO_TRANSFER_READ, &stride, &data);

	if (!p)
		die("gbm_bo_map failed");
	memcpy(&px, p + (size_t)y * stride + (size_t)x * 4, 4);
	gbm_bo_unmap(bo, data);
	return px & 0xffffffu;
}

static uint32_t gl_rgb(int x, int y)
{
	uint8_t p[4];

	glReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, p);
	return (uint32_t)p[0] << 16 | (uint32_t)p[1] << 8 | p[2];
}

/* Each quadrant's colour at a point a quarter into it, of an image w x h
 * read by read(arg, x, row): rows count GL's y, or down from the top when
 * y_down (a scanout buffer). */
static void check_quadrants(struct app *a, const char *what, uint32_t w, uint32_t h,
			    uint32_t (*read)(void *, uint32_t, uint32_t), void *arg,
			    bool y_down)
{
	for (int q = 0; q < 4; q++) {
		uint32_t x = (q & 1) ? w * 3 / 4 : w / 4, y = (q & 2) ? h * 3 / 4 : h / 4;
		uint32_t got = read(arg, x, y_down ? h - 1 - y : y);

		check(a, got == quadrant_rgb[q], "%s quadrant %d at (%u, %u): %06x, want %06x",
		      what, q, x, y, got, quadrant_rgb[q]);
	}
}

static uint32_t read_bo(void *bo, uint32_t x, uint32_t y)
{
	return bo_rgb(bo, x, y);
}

static uint32_t read_gl(void *unused, uint32_t x, uint32_t y)
{
	(void)unused;
	return gl_rgb((int)x, (int)y);
}

/* ---- the steps ------------------------------------------------------------------ */

static void clear_quadrants(uint32_t w, uint32_t h)
{
	glEnable(GL_SCISSOR_TEST);
	for (int q = 0; q < 4; q++) {
		uint32_t c = quadrant_rgb[q];

		glScissor((q & 1) ? (GLint)w / 2 : 0, (q & 2) ? (GLint)h / 2 : 0, (GLint)w / 2,
			  (GLint)h / 2);
		glClearColor((c >> 16) / 255.0f, ((c >> 8) & 255) / 255.0f, (c & 255) / 255.0f, 1);
		glClear(GL_COLOR_BUFFER_BIT);
	}
	glDisable(GL_SCISSOR_TEST);
}

/* Step 1: render into the bo through a dma-buf renderbuffer. */
static void render_into_bo(struct app *a, struct gbm_bo *bo)
{
	EGLImageKHR img = import_bo(a, bo);
	GLuint rb, fbo;

	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	a->image_renderbuffer(GL_RENDERBUFFER, img);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	check(a, glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE,
	      "dma-buf renderbuffer is a complete framebuffer");
	glViewport(0, 0, IMG, IMG);
	clear_quadrants(IMG, IMG);
	check_quadrants(a, "FBO (glReadPixels)", IMG, IMG, read_gl, NULL, false);
	glFinish();
	/* FBO rows are memory rows: GL y = 0 is the buffer's row 0 */
	check_quadrants(a, "rendered bo (gbm_bo_map)", IMG, IMG, read_bo, bo, false);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fbo);
	glDeleteRenderbuffers(1, &rb);
	a->destroy_image(a->dpy, img);
}

static GLuint textured_quad_program(void)
{
	static const char *vs =
		"attribute vec2 pos; varying vec2 uv;\n"
		"void main() { uv = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";
	static const char *fs =
		"precision mediump float; varying vec2 uv; uniform sampler2D tex;\n"
		"void main() { gl_FragColor = texture2D(tex, uv); }\n";
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
	if (!ok)
		die("the textured-quad program does not link");
	return p;
}

/* Step 2: sample a new import of the bo across the window. */
static void sample_into_window(struct app *a, struct gbm_bo *bo, uint32_t w, uint32_t h)
{
	static const float quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
	EGLImageKHR img = import_bo(a, bo);
	GLuint tex, prog = textured_quad_program();

	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	a->image_texture(GL_TEXTURE_2D, img);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	glViewport(0, 0, (GLsizei)w, (GLsizei)h);
	glUseProgram(prog);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
	check(a, glGetError() == GL_NO_ERROR, "sampling the dma-buf texture raised no GL error");
	check_quadrants(a, "window (glReadPixels)", w, h, read_gl, NULL, false);
	glDeleteTextures(1, &tex);
	glDeleteProgram(prog);
	a->destroy_image(a->dpy, img);
}

static uint32_t add_fb(struct app *a, struct gbm_bo *bo)
{
	uint32_t handles[4] = { gbm_bo_get_handle(bo).u32 }, pitches[4] = { gbm_bo_get_stride(bo) };
	uint32_t offsets[4] = { 0 }, fb = 0;

	if (drmModeAddFB2(a->fd, gbm_bo_get_width(bo), gbm_bo_get_height(bo),
			  gbm_bo_get_format(bo), handles, pitches, offsets, &fb, 0))
		die("drmModeAddFB2 failed");
	return fb;
}

/* The device, its output, EGL and a window the size of the mode. */
static void set_up(struct app *a, struct gbm_surface **gs, EGLSurface *win)
{
	a->fd = open_card();
	if (a->fd < 0)
		die("no KMS device");
	find_output(a);
	a->gbm = gbm_create_device(a->fd);
	if (!a->gbm)
		die("gbm_create_device failed");
	printf("gbm backend: %s; mode %ux%u\n", gbm_device_get_backend_name(a->gbm),
	       a->mode.hdisplay, a->mode.vdisplay);
	init_egl(a);
	*gs = gbm_surface_create(a->gbm, a->mode.hdisplay, a->mode.vdisplay, GBM_FORMAT_XRGB8888,
				 GBM_BO_USE_SCANOUT | GBM_BO_USE_RENDERING);
	if (!*gs)
		die("gbm_surface_create failed");
	*win = eglCreateWindowSurface(a->dpy, a->config, (EGLNativeWindowType)*gs, NULL);
	if (*win == EGL_NO_SURFACE || !eglMakeCurrent(a->dpy, *win, *win, a->ctx))
		die("no window surface");
	printf("GL renderer: %s\n", glGetString(GL_RENDERER));
}

/* Step 3: the presented frame, checked in its buffer, on the screen. */
static void show(struct app *a, struct gbm_surface *gs, EGLSurface win, unsigned seconds)
{
	uint32_t w = a->mode.hdisplay, h = a->mode.vdisplay, fb;
	struct gbm_bo *front;

	eglSwapBuffers(a->dpy, win);
	front = gbm_surface_lock_front_buffer(gs);
	if (!front)
		die("gbm_surface_lock_front_buffer failed");
	/* the scanout buffer: row 0 is the top of the screen, GL's y = h - 1 */
	check_quadrants(a, "scanout bo (gbm_bo_map)", w, h, read_bo, front, true);
	fb = add_fb(a, front);
	check(a, drmModeSetCrtc(a->fd, a->crtc, fb, 0, 0, &a->conn->connector_id, 1, &a->mode) == 0,
	      "drmModeSetCrtc shows the frame");
	printf("on screen for %u s\n", seconds);
	fflush(stdout);
	sleep(seconds);
	drmModeRmFB(a->fd, fb);
	gbm_surface_release_buffer(gs, front);
}

static void tear_down(struct app *a, struct gbm_surface *gs, EGLSurface win)
{
	eglMakeCurrent(a->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	eglDestroySurface(a->dpy, win);
	eglDestroyContext(a->dpy, a->ctx);
	eglTerminate(a->dpy);
	gbm_surface_destroy(gs);
	gbm_device_destroy(a->gbm);
	drmModeFreeConnector(a->conn);
	close(a->fd);
}

int main(int argc, char **argv)
{
	struct app a = { 0 };
	unsigned seconds = argc == 3 && strcmp(argv[1], "-t") == 0 ? (unsigned)atoi(argv[2]) : 3;
	struct gbm_surface *gs;
	struct gbm_bo *img_bo;
	EGLSurface win;

	set_up(&a, &gs, &win);
	img_bo = gbm_bo_create(a.gbm, IMG, IMG, GBM_FORMAT_XRGB8888, GBM_BO_USE_RENDERING);
	if (!img_bo)
		die("gbm_bo_create failed");
	render_into_bo(&a, img_bo);
	sample_into_window(&a, img_bo, a.mode.hdisplay, a.mode.vdisplay);
	show(&a, gs, win, seconds);
	gbm_bo_destroy(img_bo);
	tear_down(&a, gs, win);
	printf("%s (%d failed checks)\n", a.failures ? "FAIL" : "PASS", a.failures);
	return a.failures ? 1 : 0;
}
