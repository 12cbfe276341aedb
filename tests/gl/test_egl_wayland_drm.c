/* SPDX-License-Identifier: MIT */
/*
 * EGL_WL_bind_wayland_display: the suite is both a compositor and its
 * client, in one process over a socketpair. The compositor side binds its
 * wl_display to a virtgl display (eglBindWaylandDisplayWL); the client side
 * binds the `wl_drm` global as Xwayland's glamor does, hears the device,
 * formats and capabilities, and posts a virtgl texture's dma-buf with
 * create_prime_buffer; the compositor side asks eglQueryWaylandBufferWL about
 * that wl_buffer and samples it through eglCreateImageKHR(EGL_WAYLAND_BUFFER_WL),
 * as weston's GL renderer does. Protocol errors (formats, flink names, a
 * global gone) and the EGL errors of the three entry points are checked.
 *
 * The extension exists on the DRM transport only (dma-bufs): under vtest
 * the display does not list it and the entry points answer EGL_BAD_DISPLAY.
 */
#include <check.h>
#include <drm_fourcc.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>
#include <xf86drm.h>

#include <GLES2/gl2.h>
#include <GLES2/gl2ext.h>
#include <wayland-client.h>
#include <wayland-server.h>

#include "egl_test_util.h"
#include "wayland-drm-client.h"

#define W 4
#define H 4

#define GET_PROC(var, name) \
	do { \
		var = (__typeof__(var))eglGetProcAddress(name); \
		ck_assert_msg(var != NULL, name); \
	} while (0)

static PFNEGLBINDWAYLANDDISPLAYWLPROC bind_display;
static PFNEGLUNBINDWAYLANDDISPLAYWLPROC unbind_display;
static PFNEGLQUERYWAYLANDBUFFERWLPROC query_buffer;
static PFNEGLCREATEIMAGEKHRPROC create_image;
static PFNEGLDESTROYIMAGEKHRPROC destroy_image;
static PFNGLEGLIMAGETARGETTEXTURE2DOESPROC target_texture;
static PFNEGLEXPORTDMABUFIMAGEMESAPROC export_image;

static EGLDisplay dpy;
static EGLContext ctx;
static struct wl_display *server;   /* the compositor side */
static struct wl_client *server_client;
static struct wl_display *client;   /* the client side */
static bool bound;

/* What the client heard from wl_drm. */
static struct {
	struct wl_drm *drm;
	char device[64];
	uint32_t formats[32];
	int n_formats;
	uint32_t caps;
	bool authenticated;
} heard;

static void setup(void)
{
	GET_PROC(bind_display, "eglBindWaylandDisplayWL");
	GET_PROC(unbind_display, "eglUnbindWaylandDisplayWL");
	GET_PROC(query_buffer, "eglQueryWaylandBufferWL");
	GET_PROC(create_image, "eglCreateImageKHR");
	GET_PROC(destroy_image, "eglDestroyImageKHR");
	GET_PROC(target_texture, "glEGLImageTargetTexture2DOES");
	GET_PROC(export_image, "eglExportDMABUFImageMESA");
	dpy = egl_test_display();
	ctx = egl_test_context(dpy, egl_test_config(dpy, 8, 8, 0), 2);
	ck_assert(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx));
	memset(&heard, 0, sizeof(heard));
}

/* A compositor's wl_display with one client connected through a socketpair. */
static void connect_pair(void)
{
	int sv[2];

	ck_assert_int_eq(socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv), 0);
	server = wl_display_create();
	ck_assert_ptr_nonnull(server);
	server_client = wl_client_create(server, sv[0]);
	ck_assert_ptr_nonnull(server_client);
	client = wl_display_connect_to_fd(sv[1]);
	ck_assert_ptr_nonnull(client);
}

static void setup_bound(void)
{
	setup();
	connect_pair();
	ck_assert_msg(bind_display(dpy, server), "bind: 0x%x", eglGetError());
	bound = true;
}

static void teardown(void)
{
	if (bound)
		unbind_display(dpy, server);
	bound = false;
	if (heard.drm)
		wl_drm_destroy(heard.drm);
	heard.drm = NULL;
	if (client)
		wl_display_disconnect(client);
	if (server)
		wl_display_destroy(server);
	client = NULL;
	server = NULL;
	egl_test_teardown();
}

/* Reads what the compositor sent, if anything comes within 10 ms. */
static void client_read(void)
{
	struct pollfd p = { .fd = wl_display_get_fd(client), .events = POLLIN };

	if (wl_display_prepare_read(client) != 0) {
		wl_display_dispatch_pending(client);
		return;
	}
	if (poll(&p, 1, 10) > 0)
		wl_display_read_events(client);
	else
		wl_display_cancel_read(client);
	wl_display_dispatch_pending(client);
}

/* Requests to the compositor, its events back, a few times over. */
static void pump(void)
{
	for (int i = 0; i < 4; i++) {
		wl_display_flush(client);
		wl_event_loop_dispatch(wl_display_get_event_loop(server), 10);
		wl_display_flush_clients(server);
		client_read();
	}
}

/* ---- the client side of wl_drm ----------------------------------------------------- */

static void drm_device(void *data, struct wl_drm *drm, const char *name)
{
	(void)data, (void)drm;
	snprintf(heard.device, sizeof(heard.device), "%s", name);
}

static void drm_format(void *data, struct wl_drm *drm, uint32_t format)
{
	(void)data, (void)drm;
	if (heard.n_formats < 32)
		heard.formats[heard.n_formats++] = format;
}

static void drm_authenticated(void *data, struct wl_drm *drm)
{
	(void)data, (void)drm;
	heard.authenticated = true;
}

static void drm_capabilities(void *data, struct wl_drm *drm, uint32_t value)
{
	(void)data, (void)drm;
	heard.caps = value;
}

static const struct wl_drm_listener drm_listener = {
	.device = drm_device,
	.format = drm_format,
	.authenticated = drm_authenticated,
	.capabilities = drm_capabilities,
};

static void registry_global(void *data, struct wl_registry *r, uint32_t name, const char *iface,
			    uint32_t version)
{
	(void)data;
	if (strcmp(iface, "wl_drm") == 0 && !heard.drm) {
		ck_assert_uint_eq(version, 2);
		heard.drm = wl_registry_bind(r, name, &wl_drm_interface, 2);
		wl_drm_add_listener(heard.drm, &drm_listener, NULL);
	}
}

static void registry_remove(void *data, struct wl_registry *r, uint32_t name)
{
	(void)data, (void)r, (void)name;
}

static const struct wl_registry_listener registry_listener = { .global = registry_global,
							       .global_remove = registry_remove };

/* Binds wl_drm from the registry and hears its first events. */
static void client_bind_drm(void)
{
	struct wl_registry *r = wl_display_get_registry(client);

	wl_registry_add_listener(r, &registry_listener, NULL);
	pump();
	wl_registry_destroy(r);
	ck_assert_msg(heard.drm, "no wl_drm global");
}

static bool heard_format(uint32_t f)
{
	for (int i = 0; i < heard.n_formats; i++)
		if (heard.formats[i] == f)
			return true;
	return false;
}

/* The protocol error the client got (0 if none: then -1 is returned). */
static int protocol_error(void)
{
	const struct wl_interface *iface = NULL;

	if (wl_display_get_error(client) != EPROTO)
		return -1;
	return (int)wl_display_get_protocol_error(client, &iface, NULL);
}

/* ---- buffers --------------------------------------------------------------------- */

static void texel(int x, int y, GLubyte out[4])
{
	out[0] = (GLubyte)(20 + 60 * x);
	out[1] = (GLubyte)(200 - 40 * y);
	out[2] = (GLubyte)(50 + 10 * (x + y));
	out[3] = (GLubyte)(100 + 30 * x);
}

/* A W x H RGBA8 texture (its dma-buf: ABGR8888), as an image's fd. */
static int pattern_dma_buf(void)
{
	GLubyte data[W * H * 4];
	EGLint stride = 0, offset = -1;
	EGLImageKHR img;
	int fd = -1;
	GLuint t;

	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			texel(x, y, &data[(y * W + x) * 4]);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	img = create_image(dpy, ctx, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)t, NULL);
	ck_assert_ptr_ne(img, EGL_NO_IMAGE_KHR);
	ck_assert(export_image(dpy, img, &fd, &stride, &offset));
	ck_assert_int_eq(stride, W * 4);
	ck_assert_int_eq(offset, 0);
	glFinish();
	ck_assert(destroy_image(dpy, img));
	glDeleteTextures(1, &t);
	return fd;
}

/* The client's wl_buffer as the compositor sees it. */
static struct wl_resource *server_side(struct wl_buffer *b)
{
	struct wl_resource *r = wl_client_get_object(server_client,
						     wl_proxy_get_id((struct wl_proxy *)b));

	ck_assert_ptr_nonnull(r);
	return r;
}

/* A prime buffer of the pattern, created and seen by the compositor. */
static struct wl_buffer *pattern_buffer(uint32_t format)
{
	int fd = pattern_dma_buf();
	struct wl_buffer *b = wl_drm_create_prime_buffer(heard.drm, fd, W, H, format, 0, W * 4,
							 0, 0, 0, 0);

	close(fd); /* the request carries a copy */
	pump();
	ck_assert_int_eq(wl_display_get_error(client), 0);
	return b;
}

/* What a texture of the image holds, read through an FBO. */
static void read_image(EGLImageKHR img, GLubyte *px)
{
	GLuint tex, fbo;

	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	target_texture(GL_TEXTURE_2D, (GLeglImageOES)img);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	ck_assert_int_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fbo);
	glDeleteTextures(1, &tex);
}

static void assert_pattern(const GLubyte *px)
{
	GLubyte want[4];

	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			texel(x, y, want);
			ck_assert_msg(memcmp(&px[(y * W + x) * 4], want, 4) == 0,
				      "texel %d,%d: %u %u %u %u", x, y, px[(y * W + x) * 4],
				      px[(y * W + x) * 4 + 1], px[(y * W + x) * 4 + 2],
				      px[(y * W + x) * 4 + 3]);
		}
}

static EGLint buffer_value(struct wl_resource *r, EGLint attribute)
{
	EGLint v = -1;

	ck_assert_msg(query_buffer(dpy, r, attribute, &v), "query 0x%x: 0x%x", attribute,
		      eglGetError());
	return v;
}

static const EGLint plane0[] = { EGL_WAYLAND_PLANE_WL, 0, EGL_IMAGE_PRESERVED_KHR, EGL_TRUE,
				 EGL_NONE };

/* ---- the tests -------------------------------------------------------------------- */

START_TEST(listed_on_drm_only)
{
	const char *ext;

	setup();
	ext = eglQueryString(dpy, EGL_EXTENSIONS);
	ck_assert_int_eq(egl_test_has_extension(ext, "EGL_WL_bind_wayland_display"),
			 egl_test_on_drm());
	if (egl_test_on_drm())
		return;
	connect_pair();
	ck_assert(!bind_display(dpy, server));
	ck_assert_egl_error(EGL_BAD_DISPLAY);
	ck_assert(!query_buffer(dpy, NULL, EGL_WIDTH, &(EGLint){ 0 }));
	ck_assert_egl_error(EGL_BAD_DISPLAY);
	ck_assert_ptr_eq(create_image(dpy, EGL_NO_CONTEXT, EGL_WAYLAND_BUFFER_WL, NULL, plane0),
			 EGL_NO_IMAGE_KHR);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
}
END_TEST

/* What Xwayland's glamor waits for: the device (a node of this
 * virtio_gpu), the formats, PRIME; authenticate is answered. */
START_TEST(global_tells_the_device)
{
	drmVersionPtr v;
	int fd;

	client_bind_drm();
	ck_assert_msg(heard.device[0], "no device event");
	fd = open(heard.device, O_RDWR | O_CLOEXEC);
	ck_assert_msg(fd >= 0, "%s: %s", heard.device, strerror(errno));
	v = drmGetVersion(fd);
	ck_assert_ptr_nonnull(v);
	ck_assert_str_eq(v->name, "virtio_gpu");
	drmFreeVersion(v);
	ck_assert_int_eq(drmGetNodeTypeFromFd(fd), DRM_NODE_RENDER);
	close(fd);
	ck_assert(heard_format(DRM_FORMAT_ARGB8888));
	ck_assert(heard_format(DRM_FORMAT_XRGB8888));
	ck_assert(heard_format(DRM_FORMAT_ABGR8888));
	ck_assert_uint_eq(heard.caps & WL_DRM_CAPABILITY_PRIME, WL_DRM_CAPABILITY_PRIME);
	wl_drm_authenticate(heard.drm, 1234);
	pump();
	ck_assert(heard.authenticated);
}
END_TEST

/* The compositor's view of a prime buffer, and its pixels through an image
 * (which outlives the wl_buffer). */
START_TEST(prime_buffer_becomes_an_image)
{
	GLubyte px[W * H * 4];
	struct wl_buffer *b;
	struct wl_resource *r;
	EGLImageKHR img;

	client_bind_drm();
	b = pattern_buffer(DRM_FORMAT_ABGR8888);
	r = server_side(b);
	ck_assert_int_eq(buffer_value(r, EGL_WIDTH), W);
	ck_assert_int_eq(buffer_value(r, EGL_HEIGHT), H);
	ck_assert_int_eq(buffer_value(r, EGL_TEXTURE_FORMAT), EGL_TEXTURE_RGBA);
	ck_assert_int_eq(buffer_value(r, EGL_WAYLAND_Y_INVERTED_WL), EGL_TRUE);
	img = create_image(dpy, EGL_NO_CONTEXT, EGL_WAYLAND_BUFFER_WL, (EGLClientBuffer)r, plane0);
	ck_assert_msg(img != EGL_NO_IMAGE_KHR, "image: 0x%x", eglGetError());
	memset(px, 0, sizeof(px));
	read_image(img, px);
	assert_pattern(px);
	wl_buffer_destroy(b);
	pump();
	memset(px, 0, sizeof(px));
	read_image(img, px);
	assert_pattern(px);
	ck_assert(destroy_image(dpy, img));
}
END_TEST

/* X formats are EGL_TEXTURE_RGB (weston then treats the surface as opaque). */
START_TEST(x_format_is_rgb)
{
	struct wl_buffer *b;

	client_bind_drm();
	b = pattern_buffer(DRM_FORMAT_XBGR8888);
	ck_assert_int_eq(buffer_value(server_side(b), EGL_TEXTURE_FORMAT), EGL_TEXTURE_RGB);
	wl_buffer_destroy(b);
}
END_TEST

START_TEST(egl_errors)
{
	struct wl_display *other = wl_display_create();
	struct wl_resource *drm_res;
	struct wl_buffer *b;
	EGLint v;

	ck_assert(!bind_display(dpy, NULL));
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert(!bind_display(dpy, server));
	ck_assert_egl_error(EGL_BAD_ACCESS);
	ck_assert(!unbind_display(dpy, other));
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	wl_display_destroy(other);
	client_bind_drm();
	b = pattern_buffer(DRM_FORMAT_ARGB8888);
	/* a resource that is no buffer: the client's wl_drm object */
	drm_res = wl_client_get_object(server_client, wl_proxy_get_id((struct wl_proxy *)heard.drm));
	ck_assert(!query_buffer(dpy, drm_res, EGL_WIDTH, &v));
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert(!query_buffer(dpy, NULL, EGL_WIDTH, &v));
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert(!query_buffer(dpy, server_side(b), EGL_WIDTH, NULL));
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert(!query_buffer(dpy, server_side(b), EGL_RED_SIZE, &v));
	ck_assert_egl_error(EGL_BAD_ATTRIBUTE);
	ck_assert_ptr_eq(create_image(dpy, ctx, EGL_WAYLAND_BUFFER_WL,
				      (EGLClientBuffer)server_side(b), plane0), EGL_NO_IMAGE_KHR);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert_ptr_eq(create_image(dpy, EGL_NO_CONTEXT, EGL_WAYLAND_BUFFER_WL,
				      (EGLClientBuffer)server_side(b),
				      (const EGLint[]){ EGL_WAYLAND_PLANE_WL, 1, EGL_NONE }),
			 EGL_NO_IMAGE_KHR);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert_ptr_eq(create_image(dpy, EGL_NO_CONTEXT, EGL_WAYLAND_BUFFER_WL,
				      (EGLClientBuffer)drm_res, plane0), EGL_NO_IMAGE_KHR);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	wl_buffer_destroy(b);
}
END_TEST

/* A format virtgl does not import: the client's protocol error. */
START_TEST(unlisted_format_is_a_protocol_error)
{
	int fd;

	client_bind_drm();
	fd = pattern_dma_buf();
	wl_drm_create_prime_buffer(heard.drm, fd, W, H, DRM_FORMAT_NV12, 0, W, 0, 0, 0, 0);
	close(fd);
	pump();
	ck_assert_int_eq(protocol_error(), WL_DRM_ERROR_INVALID_FORMAT);
}
END_TEST

/* A stride other than the layout the dma-buf has: not imported. */
START_TEST(bad_layout_is_a_protocol_error)
{
	int fd;

	client_bind_drm();
	fd = pattern_dma_buf();
	wl_drm_create_prime_buffer(heard.drm, fd, W, H, DRM_FORMAT_ARGB8888, 0, W * 4 + 3, 0, 0,
				   0, 0);
	close(fd);
	pump();
	ck_assert_int_eq(protocol_error(), WL_DRM_ERROR_INVALID_NAME);
}
END_TEST

START_TEST(flink_names_are_a_protocol_error)
{
	client_bind_drm();
	wl_drm_create_buffer(heard.drm, 1, W, H, W * 4, DRM_FORMAT_ARGB8888);
	pump();
	ck_assert_int_eq(protocol_error(), WL_DRM_ERROR_INVALID_NAME);
}
END_TEST

/* A client's wl_drm outlives the binding: its requests then fail cleanly;
 * eglTerminate unbinds, and a display initialized again binds again. */
START_TEST(unbind_and_terminate)
{
	int fd;

	client_bind_drm();
	ck_assert(unbind_display(dpy, server));
	bound = false;
	fd = pattern_dma_buf();
	wl_drm_create_prime_buffer(heard.drm, fd, W, H, DRM_FORMAT_ARGB8888, 0, W * 4, 0, 0, 0, 0);
	close(fd);
	pump();
	ck_assert_int_eq(protocol_error(), WL_DRM_ERROR_INVALID_NAME);
	ck_assert(bind_display(dpy, server));
	ck_assert(eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT));
	ck_assert(eglTerminate(dpy));
	ck_assert(eglInitialize(dpy, NULL, NULL));
	ck_assert(bind_display(dpy, server));
	bound = true;
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("egl wayland drm");
	TCase *any = tcase_create("any"), *tc;

	tcase_add_checked_fixture(any, NULL, teardown);
	tcase_add_test(any, listed_on_drm_only);
	suite_add_tcase(s, any);
	if (!egl_test_on_drm())
		return s;
	tc = tcase_create("wl_drm");
	tcase_add_checked_fixture(tc, setup_bound, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, global_tells_the_device);
	tcase_add_test(tc, prime_buffer_becomes_an_image);
	tcase_add_test(tc, x_format_is_rgb);
	tcase_add_test(tc, egl_errors);
	tcase_add_test(tc, unlisted_format_is_a_protocol_error);
	tcase_add_test(tc, bad_layout_is_a_protocol_error);
	tcase_add_test(tc, flink_names_are_a_protocol_error);
	tcase_add_test(tc, unbind_and_terminate);
	suite_add_tcase(s, tc);
	return s;
}

const struct egl_test_child egl_test_children[] = { { NULL, NULL } };

int main(int argc, char **argv)
{
	return egl_test_main(argc, argv, make_suite);
}
