/* SPDX-License-Identifier: MIT */
/*
 * The GBM backend through libgbm's public API, as kmscube, glmark2 and weston
 * use it, with the build tree's virtio_gpu_gbm.so (GBM_BACKENDS_PATH points
 * at drm/gbm/.libs).
 *
 * "device" (in the VM: tests/vm/test_vm.sh sets VIRTGL_TRANSPORT=drm; there,
 * a missing virtio_gpu card is a failure): every entry point on card0, pixels
 * through the host both ways (a drm/ device of the test's own on the render
 * node imports the buffers, as virtgl's EGL will, and copies on the host),
 * KMS framebuffers and a mode set, the surface queue as EGL drives it, errors
 * for everything malformed, and no fd or GEM handle left behind.
 * "host" (everywhere): the module's one export, declining foreign fds and
 * VIRTGL_GBM=0, the vgbm_egl_ops() check.
 */
#include <check.h>
#include <dirent.h>
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <drm_fourcc.h>
#include <virtgpu_drm.h>
#include <xf86drm.h>
#include <xf86drmMode.h>

#include "check_run.h"
#include "vdrm_cmds.h"
#include "vdrm_device.h"
#include "vgbm_abi.h"
#include "vgbm_egl.h"

#define SEC 1000000000ll
#define MAX_HANDLE_PROBE 1024
#define USE_WINDOW (GBM_BO_USE_SCANOUT | GBM_BO_USE_RENDERING)

/* ---- nodes and leak counters --------------------------------------------- */

/* /dev/dri/cardN whose driver is `driver` (never by number: vgem sits beside) */
static int open_card(const char *driver)
{
	for (int n = 0; n < 16; n++) {
		char path[32];
		drmVersionPtr v;
		int fd;

		snprintf(path, sizeof(path), "/dev/dri/card%d", n);
		fd = open(path, O_RDWR | O_CLOEXEC);
		if (fd < 0)
			continue;
		v = drmGetVersion(fd);
		if (v && strcmp(v->name, driver) == 0) {
			drmFreeVersion(v);
			return fd;
		}
		drmFreeVersion(v);
		close(fd);
	}
	return -1;
}

static int count_open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n - 1; /* the directory's own fd */
}

/* GEM handles alive on fd: RESOURCE_INFO answers for a handle that exists
 * and fails (ENOENT) for one that does not, and changes nothing. */
static bool handle_exists(int fd, uint32_t handle)
{
	struct drm_virtgpu_resource_info ri = { .bo_handle = handle };

	return drmIoctl(fd, DRM_IOCTL_VIRTGPU_RESOURCE_INFO, &ri) == 0;
}

static uint32_t host_resource_of(int fd, uint32_t handle)
{
	struct drm_virtgpu_resource_info ri = { .bo_handle = handle };

	ck_assert_int_eq(drmIoctl(fd, DRM_IOCTL_VIRTGPU_RESOURCE_INFO, &ri), 0);
	return ri.res_handle;
}

static int count_handles(int fd)
{
	int n = 0;

	for (uint32_t h = 1; h <= MAX_HANDLE_PROBE; h++)
		n += handle_exists(fd, h);
	return n;
}

/* ---- the device fixture --------------------------------------------------- */

static bool use_vm;      /* the device suite must run */
static int card = -1;    /* virtio_gpu card0 */
static int fds_before;
static struct gbm_device *gbm;
static struct vdrm_device *peer; /* the test's own device, as EGL's would be */

static void open_gbm(void)
{
	card = open_card("virtio_gpu");
	ck_assert_msg(card >= 0, "no virtio_gpu card in /dev/dri");
	ck_assert_int_eq(count_handles(card), 0);
	fds_before = count_open_fds();
	gbm = gbm_create_device(card);
	ck_assert_ptr_nonnull(gbm);
	ck_assert_str_eq(gbm_device_get_backend_name(gbm), "virtgl");
}

/* Nothing left: every fd and every GEM handle of the device is gone. */
static void close_gbm(void)
{
	if (peer)
		vdrm_device_destroy(peer);
	peer = NULL;
	gbm_device_destroy(gbm);
	ck_assert_int_eq(count_open_fds(), fds_before);
	ck_assert_int_eq(count_handles(card), 0);
	close(card);
}

static void open_peer(void)
{
	struct vdrm_device_create_info info = { .kind = VDRM_TRANSPORT_DRM };
	struct vdrm_error err;

	ck_assert_msg(vdrm_device_create(&info, &peer, &err) == 0, "peer: %s", err.message);
}

/* ---- formats --------------------------------------------------------------- */

struct fmt_case {
	uint32_t fourcc;
	uint32_t cpp;
	uint32_t virgl;
	bool required; /* kmscube, weston and glmark2 need these */
};

static const struct fmt_case formats[] = {
	{ GBM_FORMAT_XRGB8888, 4, 2, true },
	{ GBM_FORMAT_ARGB8888, 4, 1, true },
	{ GBM_FORMAT_XBGR8888, 4, 134, false },
	{ GBM_FORMAT_ABGR8888, 4, 67, false },
	{ GBM_FORMAT_RGB565, 2, 7, false },
};
#define N_FORMATS (int)(sizeof(formats) / sizeof(formats[0]))

static uint8_t pattern_byte(uint32_t x, uint32_t y, uint32_t byte, uint32_t seed)
{
	return (uint8_t)(x * 7 + y * 13 + byte * 29 + seed);
}

/* Writes the pattern into a w x h map of cpp-byte pixels. */
static void fill(uint8_t *p, uint32_t stride, uint32_t w, uint32_t h, uint32_t cpp,
		 uint32_t ox, uint32_t oy, uint32_t seed)
{
	for (uint32_t y = 0; y < h; y++)
		for (uint32_t x = 0; x < w * cpp; x++)
			p[y * stride + x] = pattern_byte(ox * cpp + x, oy + y, 0, seed);
}

static void expect(const uint8_t *p, uint32_t stride, uint32_t w, uint32_t h, uint32_t cpp,
		   uint32_t ox, uint32_t oy, uint32_t seed)
{
	for (uint32_t y = 0; y < h; y++)
		for (uint32_t x = 0; x < w * cpp; x++)
			ck_assert_msg(p[y * stride + x] == pattern_byte(ox * cpp + x, oy + y, 0, seed),
				      "byte %u of row %u: %u, want %u", x, y, p[y * stride + x],
				      pattern_byte(ox * cpp + x, oy + y, 0, seed));
}

static void write_all(struct gbm_bo *bo, uint32_t seed)
{
	uint32_t w = gbm_bo_get_width(bo), h = gbm_bo_get_height(bo), stride = 0;
	void *data = NULL;
	uint8_t *p = gbm_bo_map(bo, 0, 0, w, h, GBM_BO_TRANSFER_WRITE, &stride, &data);

	ck_assert_msg(p != NULL, "map for write: %s", strerror(errno));
	fill(p, stride, w, h, gbm_bo_get_bpp(bo) / 8, 0, 0, seed);
	gbm_bo_unmap(bo, data);
}

static void check_all(struct gbm_bo *bo, uint32_t seed)
{
	uint32_t w = gbm_bo_get_width(bo), h = gbm_bo_get_height(bo), stride = 0;
	void *data = NULL;
	uint8_t *p = gbm_bo_map(bo, 0, 0, w, h, GBM_BO_TRANSFER_READ, &stride, &data);

	ck_assert_msg(p != NULL, "map for read: %s", strerror(errno));
	expect(p, stride, w, h, gbm_bo_get_bpp(bo) / 8, 0, 0, seed);
	gbm_bo_unmap(bo, data);
}

static bool host_has(uint32_t fourcc)
{
	return gbm_device_is_format_supported(gbm, fourcc, USE_WINDOW);
}

/* ---- the peer: the host between two devices -------------------------------- */

static struct vdrm_resource *peer_import(struct gbm_bo *bo, uint32_t virgl)
{
	struct vdrm_resource_create_info info = {
		.target = VDRM_TARGET_2D, .format = virgl,
		.bind = VDRM_BIND_RENDER_TARGET | VDRM_BIND_SAMPLER_VIEW | VDRM_BIND_SHARED,
		.width = gbm_bo_get_width(bo), .height = gbm_bo_get_height(bo), .depth = 1,
		.array_size = 1,
	};
	struct vdrm_resource *res = NULL;
	int fd = gbm_bo_get_fd(bo);

	ck_assert_int_ge(fd, 0);
	ck_assert_msg(vdrm_resource_import_fd(peer, fd, &info, &res) == 0, "peer import: %s",
		      vdrm_device_error(peer));
	close(fd);
	return res;
}

static struct vdrm_resource *peer_texture(const struct vdrm_resource *like)
{
	struct vdrm_resource_create_info info = like->info;
	struct vdrm_resource *res = NULL;

	info.bind = VDRM_BIND_RENDER_TARGET | VDRM_BIND_SAMPLER_VIEW;
	ck_assert_msg(vdrm_resource_create(peer, &info, &res) == 0, "%s", vdrm_device_error(peer));
	return res;
}

/* Host-side copy of the whole of src into dst, waited for. */
static void peer_copy(struct vdrm_resource *dst, struct vdrm_resource *src)
{
	struct vdrm_resource *list[2] = { dst, src };
	struct vdrm_cs cs;
	uint64_t point = 0;

	vdrm_cs_init(&cs);
	vdrm_encode_resource_copy_region(&cs, &(struct vdrm_cmd_resource_copy_region){
		.dst_res = dst->res_handle, .src_res = src->res_handle,
		.src_w = src->info.width, .src_h = src->info.height, .src_d = 1 });
	ck_assert_int_eq(vdrm_device_submit(peer, &(struct vdrm_submit){
		.cs = &cs, .resources = list, .nr_resources = 2, .in_fence_fd = -1 }, &point), 0);
	ck_assert_int_eq(vdrm_device_wait(peer, point, 30 * SEC), 0);
	vdrm_cs_finish(&cs);
}

/* ---- device: the basics ------------------------------------------------------ */

START_TEST(device_is_virtgl)
{
	struct gbm_device *again;

	ck_assert_str_eq(gbm_device_get_backend_name(gbm), VGBM_BACKEND_NAME);
	ck_assert_int_eq(gbm_device_get_fd(gbm), card);
	ck_assert_ptr_nonnull(vgbm_egl_ops(gbm));
	ck_assert_uint_eq(gbm->v0.backend_version, 1);
	/* a second device on the same fd works beside the first */
	again = gbm_create_device(card);
	ck_assert_ptr_nonnull(again);
	ck_assert_str_eq(gbm_device_get_backend_name(again), "virtgl");
	gbm_device_destroy(again);
}
END_TEST

START_TEST(format_queries)
{
	for (int i = 0; i < N_FORMATS; i++) {
		bool ok = host_has(formats[i].fourcc);

		ck_assert_msg(ok || !formats[i].required, "format %d (0x%08x) is not supported", i,
			      formats[i].fourcc);
		ck_assert_int_eq(gbm_device_get_format_modifier_plane_count(
				 gbm, formats[i].fourcc, DRM_FORMAT_MOD_LINEAR), ok ? 1 : -1);
		printf("format 0x%08x: %s\n", formats[i].fourcc, ok ? "supported" : "not on this host");
	}
	/* the old GBM_BO_FORMAT_* aliases are the same formats */
	ck_assert_int_eq(gbm_device_is_format_supported(gbm, GBM_BO_FORMAT_XRGB8888, USE_WINDOW), 1);
	ck_assert_int_eq(gbm_device_is_format_supported(gbm, GBM_FORMAT_NV12, USE_WINDOW), 0);
	ck_assert_int_eq(gbm_device_is_format_supported(gbm, 0x12345678, 0), 0);
	ck_assert_int_eq(gbm_device_is_format_supported(gbm, GBM_FORMAT_ARGB8888,
							GBM_BO_USE_CURSOR | GBM_BO_USE_WRITE), 1);
	ck_assert_int_eq(gbm_device_is_format_supported(gbm, GBM_FORMAT_XRGB8888,
							GBM_BO_USE_CURSOR), 0);
	ck_assert_int_eq(gbm_device_is_format_supported(gbm, GBM_FORMAT_ARGB8888,
							GBM_BO_USE_CURSOR | GBM_BO_USE_RENDERING), 0);
	ck_assert_int_eq(gbm_device_is_format_supported(gbm, GBM_FORMAT_XRGB8888,
							GBM_BO_USE_PROTECTED), 0);
	ck_assert_int_eq(gbm_device_get_format_modifier_plane_count(
			 gbm, GBM_FORMAT_XRGB8888, I915_FORMAT_MOD_X_TILED), -1);
	ck_assert_int_eq(gbm_device_get_format_modifier_plane_count(
			 gbm, GBM_FORMAT_NV12, DRM_FORMAT_MOD_LINEAR), -1);
}
END_TEST

/* Every query of a bo answers what it was created with. */
static void check_bo_queries(struct gbm_bo *bo, uint32_t w, uint32_t h, uint32_t fourcc,
			     uint32_t cpp)
{
	union gbm_bo_handle handle = gbm_bo_get_handle(bo);
	int fd;

	ck_assert_ptr_eq(gbm_bo_get_device(bo), gbm);
	ck_assert_uint_eq(gbm_bo_get_width(bo), w);
	ck_assert_uint_eq(gbm_bo_get_height(bo), h);
	ck_assert_uint_eq(gbm_bo_get_format(bo), fourcc);
	ck_assert_uint_eq(gbm_bo_get_bpp(bo), cpp * 8);
	ck_assert_uint_eq(gbm_bo_get_stride(bo), w * cpp);
	ck_assert_uint_eq(gbm_bo_get_stride_for_plane(bo, 0), w * cpp);
	ck_assert_uint_eq(gbm_bo_get_offset(bo, 0), 0);
	ck_assert_int_eq(gbm_bo_get_plane_count(bo), 1);
	ck_assert(gbm_bo_get_modifier(bo) == DRM_FORMAT_MOD_LINEAR);
	ck_assert_uint_ne(handle.u32, 0);
	ck_assert_uint_eq(gbm_bo_get_handle_for_plane(bo, 0).u32, handle.u32);
	ck_assert(handle_exists(card, handle.u32)); /* on the caller's fd */
	fd = gbm_bo_get_fd(bo);
	ck_assert_int_ge(fd, 0);
	close(fd);
	fd = gbm_bo_get_fd_for_plane(bo, 0);
	ck_assert_int_ge(fd, 0);
	close(fd);
	/* plane 1 does not exist */
	errno = 0;
	ck_assert_int_eq(gbm_bo_get_handle_for_plane(bo, 1).s32, -1);
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_int_eq(gbm_bo_get_fd_for_plane(bo, 1), -1);
	ck_assert_uint_eq(gbm_bo_get_stride_for_plane(bo, 1), 0);
}

/* Per format: create, query, write through one map, read a sub-rectangle
 * through another; then through the host both ways via the peer. */
START_TEST(format_round_trip)
{
	const struct fmt_case *f = &formats[_i];
	const uint32_t w = 67, h = 33; /* odd: no alignment hides a wrong stride */
	struct vdrm_resource *imported, *copy;
	struct vdrm_box all = { 0, 0, 0, w, h, 1 };
	uint32_t stride = 0, handle;
	struct gbm_bo *bo;
	void *data = NULL;
	uint8_t *p;

	if (!host_has(f->fourcc)) {
		errno = 0;
		ck_assert_ptr_null(gbm_bo_create(gbm, w, h, f->fourcc, USE_WINDOW));
		ck_assert_int_eq(errno, EINVAL);
		return;
	}
	bo = gbm_bo_create(gbm, w, h, f->fourcc, USE_WINDOW);
	ck_assert_msg(bo != NULL, "create: %s", strerror(errno));
	check_bo_queries(bo, w, h, f->fourcc, f->cpp);
	write_all(bo, 11 + _i);
	p = gbm_bo_map(bo, 5, 3, 20, 7, GBM_BO_TRANSFER_READ, &stride, &data);
	ck_assert_ptr_nonnull(p);
	ck_assert_uint_eq(stride, w * f->cpp);
	expect(p, stride, 20, 7, f->cpp, 5, 3, 11 + _i);
	gbm_bo_unmap(bo, data);

	/* gbm -> host: the peer copies it on the host into its own texture */
	open_peer();
	imported = peer_import(bo, f->virgl);
	copy = peer_texture(imported);
	peer_copy(copy, imported);
	memset(copy->map, 0, copy->size);
	ck_assert_int_eq(vdrm_resource_download(peer, copy, 0, &all), 0);
	expect(copy->map, w * f->cpp, w, h, f->cpp, 0, 0, 11 + _i);
	/* host -> gbm: new contents only the host has, read through a map */
	fill(copy->map, w * f->cpp, w, h, f->cpp, 0, 0, 77);
	ck_assert_int_eq(vdrm_resource_upload(peer, copy, 0, &all), 0);
	peer_copy(imported, copy);
	check_all(bo, 77);
	vdrm_resource_destroy(peer, copy);
	vdrm_resource_destroy(peer, imported);

	handle = gbm_bo_get_handle(bo).u32;
	gbm_bo_destroy(bo);
	ck_assert(!handle_exists(card, handle));
}
END_TEST

/* Export, import on the same device (same GEM handle: one file) and on a
 * second device of a second open of the card (another handle, same host
 * resource): a write through one is read through the other. */
START_TEST(export_import_shares_the_resource)
{
	struct gbm_bo *bo = gbm_bo_create(gbm, 40, 24, GBM_FORMAT_XRGB8888, USE_WINDOW);
	int fd2 = open_card("virtio_gpu");
	struct gbm_device *gbm2 = gbm_create_device(fd2);
	struct gbm_import_fd_data d;
	struct gbm_import_fd_modifier_data m;
	struct gbm_bo *same, *other;

	ck_assert_ptr_nonnull(bo);
	ck_assert_ptr_nonnull(gbm2);
	d = (struct gbm_import_fd_data){ gbm_bo_get_fd(bo), 40, 24, 160, GBM_FORMAT_XRGB8888 };
	ck_assert_int_ge(d.fd, 0);
	same = gbm_bo_import(gbm, GBM_BO_IMPORT_FD, &d, USE_WINDOW);
	ck_assert_msg(same != NULL, "%s", strerror(errno));
	ck_assert_uint_eq(gbm_bo_get_handle(same).u32, gbm_bo_get_handle(bo).u32);
	check_bo_queries(same, 40, 24, GBM_FORMAT_XRGB8888, 4);
	m = (struct gbm_import_fd_modifier_data){
		.width = 40, .height = 24, .format = GBM_FORMAT_XRGB8888, .num_fds = 1,
		.fds = { d.fd }, .strides = { 160 }, .modifier = DRM_FORMAT_MOD_LINEAR };
	other = gbm_bo_import(gbm2, GBM_BO_IMPORT_FD_MODIFIER, &m, GBM_BO_USE_SCANOUT);
	ck_assert_msg(other != NULL, "%s", strerror(errno));
	close(d.fd);
	ck_assert_uint_eq(host_resource_of(fd2, gbm_bo_get_handle(other).u32),
			  host_resource_of(card, gbm_bo_get_handle(bo).u32));

	write_all(bo, 5);
	check_all(other, 5);
	write_all(other, 6);
	check_all(same, 6);
	/* the import holds the buffer: the original goes, the copy still reads */
	gbm_bo_destroy(bo);
	ck_assert(handle_exists(card, gbm_bo_get_handle(same).u32));
	check_all(same, 6);
	gbm_bo_destroy(same);
	gbm_bo_destroy(other);
	gbm_device_destroy(gbm2);
	ck_assert_int_eq(count_handles(fd2), 0);
	close(fd2);
}
END_TEST

/* ---- device: KMS --------------------------------------------------------------- */

static uint32_t add_fb(struct gbm_bo *bo)
{
	uint32_t handles[4] = { gbm_bo_get_handle(bo).u32 }, pitches[4] = { gbm_bo_get_stride(bo) };
	uint32_t offsets[4] = { 0 }, fb = 0;
	int ret = drmModeAddFB2(card, gbm_bo_get_width(bo), gbm_bo_get_height(bo),
				gbm_bo_get_format(bo), handles, pitches, offsets, &fb, 0);

	ck_assert_msg(ret == 0, "AddFB2: %s", strerror(-ret));
	return fb;
}

/* The first connected connector, its preferred mode and a CRTC for it. */
static bool find_output(uint32_t *conn_id, uint32_t *crtc_id, drmModeModeInfo *mode)
{
	drmModeRes *res = drmModeGetResources(card);
	bool found = false;

	ck_assert_ptr_nonnull(res);
	for (int i = 0; i < res->count_connectors && !found; i++) {
		drmModeConnector *c = drmModeGetConnector(card, res->connectors[i]);

		if (c && c->connection == DRM_MODE_CONNECTED && c->count_modes > 0) {
			*conn_id = c->connector_id;
			*mode = c->modes[0];
			*crtc_id = res->crtcs[0];
			found = true;
		}
		drmModeFreeConnector(c);
	}
	drmModeFreeResources(res);
	return found;
}

START_TEST(bo_handles_make_framebuffers_and_scan_out)
{
	uint32_t conn = 0, crtc = 0, fb;
	drmModeModeInfo mode;
	struct gbm_bo *bo, *argb;

	ck_assert_msg(find_output(&conn, &crtc, &mode), "no connected connector on card0");
	bo = gbm_bo_create(gbm, mode.hdisplay, mode.vdisplay, GBM_FORMAT_XRGB8888, USE_WINDOW);
	ck_assert_ptr_nonnull(bo);
	write_all(bo, 3);
	fb = add_fb(bo);
	ck_assert_int_eq(drmModeSetCrtc(card, crtc, fb, 0, 0, &conn, 1, &mode), 0);
	ck_assert_int_eq(drmModeSetCrtc(card, crtc, 0, 0, 0, NULL, 0, NULL), 0);
	ck_assert_int_eq(drmModeRmFB(card, fb), 0);
	/* ARGB8888 makes a framebuffer too (the primary plane takes only XRGB) */
	argb = gbm_bo_create(gbm, 64, 64, GBM_FORMAT_ARGB8888, USE_WINDOW);
	ck_assert_ptr_nonnull(argb);
	ck_assert_int_eq(drmModeRmFB(card, add_fb(argb)), 0);
	gbm_bo_destroy(argb);
	gbm_bo_destroy(bo);
}
END_TEST

START_TEST(cursor_bo_write)
{
	uint8_t img[64 * 64 * 4];
	struct gbm_bo *cur;

	cur = gbm_bo_create(gbm, 64, 64, GBM_FORMAT_ARGB8888, GBM_BO_USE_CURSOR | GBM_BO_USE_WRITE);
	ck_assert_msg(cur != NULL, "%s", strerror(errno));
	fill(img, 256, 64, 64, 4, 0, 0, 9);
	ck_assert_int_eq(gbm_bo_write(cur, img, sizeof(img)), 0);
	check_all(cur, 9);
	/* a partial write keeps the rest of its last row */
	memset(img, 0xab, 300);
	ck_assert_int_eq(gbm_bo_write(cur, img, 300), 0);
	{
		uint32_t stride = 0;
		void *data = NULL;
		uint8_t *p = gbm_bo_map(cur, 0, 0, 64, 2, GBM_BO_TRANSFER_READ, &stride, &data);

		ck_assert_ptr_nonnull(p);
		for (int i = 0; i < 300; i++)
			ck_assert_uint_eq(p[i], 0xab);
		for (uint32_t i = 300; i < 512; i++)
			ck_assert_uint_eq(p[i], pattern_byte(i % 256, i / 256, 0, 9));
		gbm_bo_unmap(cur, data);
	}
	errno = 0;
	ck_assert_int_eq(gbm_bo_write(cur, img, sizeof(img) + 1), -1);
	ck_assert_int_eq(errno, EINVAL);
	gbm_bo_destroy(cur);
}
END_TEST

/* ---- device: what must fail --------------------------------------------------- */

static void expect_create_fails(uint32_t w, uint32_t h, uint32_t format, uint32_t usage,
				const uint64_t *mods, unsigned n, int err)
{
	errno = 0;
	ck_assert_ptr_null(gbm->v0.bo_create(gbm, w, h, format, usage, mods, n));
	ck_assert_int_eq(errno, err);
}

START_TEST(bad_creates_fail_cleanly)
{
	const uint64_t tiled[] = { I915_FORMAT_MOD_X_TILED, I915_FORMAT_MOD_Y_TILED };
	const uint64_t mixed[] = { I915_FORMAT_MOD_X_TILED, DRM_FORMAT_MOD_LINEAR };
	struct gbm_bo *bo;

	expect_create_fails(64, 64, 0x12345678, USE_WINDOW, NULL, 0, EINVAL);
	expect_create_fails(64, 64, GBM_FORMAT_NV12, USE_WINDOW, NULL, 0, EINVAL);
	expect_create_fails(0, 64, GBM_FORMAT_XRGB8888, USE_WINDOW, NULL, 0, EINVAL);
	expect_create_fails(64, 0, GBM_FORMAT_XRGB8888, USE_WINDOW, NULL, 0, EINVAL);
	expect_create_fails(65536, 65536, GBM_FORMAT_XRGB8888, USE_WINDOW, NULL, 0, EINVAL);
	expect_create_fails(UINT32_MAX, UINT32_MAX, GBM_FORMAT_XRGB8888, 0, NULL, 0, EINVAL);
	expect_create_fails(1u << 30, 1, GBM_FORMAT_XRGB8888, 0, NULL, 0, EINVAL);
	expect_create_fails(64, 64, GBM_FORMAT_XRGB8888, USE_WINDOW, tiled, 2, EINVAL);
	expect_create_fails(64, 64, GBM_FORMAT_XRGB8888, GBM_BO_USE_PROTECTED, NULL, 0, EINVAL);
	expect_create_fails(64, 64, GBM_FORMAT_XRGB8888, GBM_BO_USE_CURSOR, NULL, 0, EINVAL);
	expect_create_fails(128, 128, GBM_FORMAT_ARGB8888, GBM_BO_USE_CURSOR, NULL, 0, EINVAL);
	/* the public API's own checks */
	errno = 0;
	ck_assert_ptr_null(gbm_bo_create(gbm, 0, 0, GBM_FORMAT_XRGB8888, 0));
	ck_assert_int_eq(errno, EINVAL);
	/* a list with LINEAR in it is fine */
	bo = gbm_bo_create_with_modifiers(gbm, 64, 64, GBM_FORMAT_XRGB8888, mixed, 2);
	ck_assert_ptr_nonnull(bo);
	ck_assert(gbm_bo_get_modifier(bo) == DRM_FORMAT_MOD_LINEAR);
	gbm_bo_destroy(bo);
}
END_TEST

static void expect_import_fails(uint32_t type, void *desc, int err)
{
	errno = 0;
	ck_assert_ptr_null(gbm_bo_import(gbm, type, desc, USE_WINDOW));
	ck_assert_msg(errno == err, "errno %d (%s), want %d", errno, strerror(errno), err);
}

/* A dumb buffer of vgem (card1), exported: a dma-buf of another device. */
static int vgem_dmabuf(int *vgem)
{
	struct drm_mode_create_dumb dumb = { .width = 64, .height = 64, .bpp = 32 };
	int fd = -1;

	*vgem = open_card("vgem");
	ck_assert_msg(*vgem >= 0, "no vgem card in /dev/dri");
	ck_assert_int_eq(drmIoctl(*vgem, DRM_IOCTL_MODE_CREATE_DUMB, &dumb), 0);
	ck_assert_int_eq(drmPrimeHandleToFD(*vgem, dumb.handle, DRM_CLOEXEC, &fd), 0);
	return fd;
}

START_TEST(bad_imports_fail_cleanly)
{
	struct gbm_bo *bo = gbm_bo_create(gbm, 64, 64, GBM_FORMAT_XRGB8888, USE_WINDOW);
	struct gbm_import_fd_data d = { gbm_bo_get_fd(bo), 64, 64, 256, GBM_FORMAT_XRGB8888 };
	struct gbm_import_fd_modifier_data m = {
		.width = 64, .height = 64, .format = GBM_FORMAT_XRGB8888, .num_fds = 1,
		.fds = { d.fd }, .strides = { 256 }, .modifier = DRM_FORMAT_MOD_LINEAR };
	struct gbm_import_fd_data bad;
	int vgem, pipefd[2], closed;

	ck_assert_int_ge(d.fd, 0);
	/* malformed descriptions of a good dma-buf */
	bad = d, bad.stride = 300;
	expect_import_fails(GBM_BO_IMPORT_FD, &bad, EINVAL);
	bad = d, bad.format = GBM_FORMAT_NV12;
	expect_import_fails(GBM_BO_IMPORT_FD, &bad, EINVAL);
	bad = d, bad.width = 0;
	expect_import_fails(GBM_BO_IMPORT_FD, &bad, EINVAL);
	bad = d, bad.width = bad.height = 1u << 20;
	expect_import_fails(GBM_BO_IMPORT_FD, &bad, EINVAL);
	m.num_fds = 2;
	expect_import_fails(GBM_BO_IMPORT_FD_MODIFIER, &m, EINVAL);
	m.num_fds = 1, m.offsets[0] = 64;
	expect_import_fails(GBM_BO_IMPORT_FD_MODIFIER, &m, EINVAL);
	m.offsets[0] = 0, m.modifier = I915_FORMAT_MOD_Y_TILED;
	expect_import_fails(GBM_BO_IMPORT_FD_MODIFIER, &m, EINVAL);
	/* what is not supported at all */
	expect_import_fails(GBM_BO_IMPORT_WL_BUFFER, &d, ENOSYS);
	expect_import_fails(GBM_BO_IMPORT_EGL_IMAGE, &d, ENOSYS);
	expect_import_fails(0x1234, &d, EINVAL);
	expect_import_fails(GBM_BO_IMPORT_FD, NULL, EINVAL);
	/* bad fds: -1, closed, not a dma-buf, another device's dma-buf */
	bad = d, bad.fd = -1;
	expect_import_fails(GBM_BO_IMPORT_FD, &bad, EBADF);
	closed = dup(d.fd);
	close(closed);
	bad.fd = closed;
	expect_import_fails(GBM_BO_IMPORT_FD, &bad, EBADF);
	ck_assert_int_eq(pipe(pipefd), 0);
	bad.fd = pipefd[0];
	expect_import_fails(GBM_BO_IMPORT_FD, &bad, EINVAL);
	close(pipefd[0]);
	close(pipefd[1]);
	bad.fd = vgem_dmabuf(&vgem);
	expect_import_fails(GBM_BO_IMPORT_FD, &bad, EINVAL);
	close(bad.fd);
	close(vgem);

	close(d.fd);
	gbm_bo_destroy(bo);
}
END_TEST

START_TEST(bad_maps_fail_cleanly)
{
	struct gbm_bo *bo = gbm_bo_create(gbm, 32, 16, GBM_FORMAT_ARGB8888, USE_WINDOW);
	uint32_t stride = 0;
	void *data = NULL;

	ck_assert_ptr_nonnull(bo);
	errno = 0;
	ck_assert_ptr_null(gbm_bo_map(bo, 30, 0, 3, 1, GBM_BO_TRANSFER_READ, &stride, &data));
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_null(gbm_bo_map(bo, 0, 16, 1, 1, GBM_BO_TRANSFER_READ, &stride, &data));
	ck_assert_ptr_null(gbm_bo_map(bo, 0, 0, 1, UINT32_MAX, GBM_BO_TRANSFER_WRITE, &stride,
				      &data));
	ck_assert_ptr_null(gbm_bo_map(bo, UINT32_MAX, 0, 2, 1, GBM_BO_TRANSFER_READ, &stride,
				      &data));
	ck_assert_ptr_null(gbm_bo_map(bo, 0, 0, 1, 1, 0, &stride, &data));
	ck_assert_int_eq(errno, EINVAL);
	/* a map at the last pixel works */
	ck_assert_ptr_nonnull(gbm_bo_map(bo, 31, 15, 1, 1, GBM_BO_TRANSFER_READ_WRITE, &stride,
					 &data));
	gbm_bo_unmap(bo, data);
	gbm_bo_destroy(bo);
}
END_TEST

/* ---- device: surfaces, driven as virtgl's EGL and kmscube/glmark2 do -------- */

static struct gbm_surface *surf;
static const struct vgbm_egl_ops *ops;

static void open_surface(void)
{
	open_gbm();
	surf = gbm_surface_create(gbm, 128, 64, GBM_FORMAT_XRGB8888, USE_WINDOW);
	ck_assert_ptr_nonnull(surf);
	ops = vgbm_egl_ops(gbm);
	ck_assert_ptr_nonnull(ops);
}

static void close_surface(void)
{
	gbm_surface_destroy(surf);
	close_gbm();
}

/* What eglSwapBuffers does: acquire, check the age, draw, queue. */
static struct gbm_bo *swap(int want_age, uint32_t seed)
{
	int age = -1;
	struct gbm_bo *bo = ops->surface_acquire(surf, &age);

	ck_assert_msg(bo != NULL, "acquire: %s", strerror(errno));
	ck_assert_int_eq(age, want_age);
	ck_assert_uint_eq(gbm_bo_get_width(bo), 128);
	ck_assert_uint_eq(gbm_bo_get_height(bo), 64);
	ck_assert_uint_eq(gbm_bo_get_format(bo), GBM_FORMAT_XRGB8888);
	write_all(bo, seed);
	ops->surface_queue(surf, bo);
	return bo;
}

START_TEST(surface_queue_lock_release_cycle)
{
	struct gbm_bo *a, *b, *locked;

	ck_assert_int_eq(gbm_surface_has_free_buffers(surf), 1);
	errno = 0;
	ck_assert_ptr_null(gbm_surface_lock_front_buffer(surf)); /* nothing queued */
	ck_assert_int_eq(errno, EINVAL);
	a = swap(0, 1);
	locked = gbm_surface_lock_front_buffer(surf);
	ck_assert_ptr_eq(locked, a);
	ck_assert_ptr_null(gbm_surface_lock_front_buffer(surf)); /* once per swap */
	check_all(locked, 1);
	ck_assert_int_eq(drmModeRmFB(card, add_fb(locked)), 0);
	b = swap(0, 2);
	ck_assert_ptr_ne(a, b);
	ck_assert_ptr_eq(gbm_surface_lock_front_buffer(surf), b);
	gbm_surface_release_buffer(surf, a);
	/* a was the front buffer two swaps ago */
	ck_assert_ptr_eq(swap(2, 3), a);
	ck_assert_ptr_eq(gbm_surface_lock_front_buffer(surf), a);
	gbm_surface_release_buffer(surf, b);
	ck_assert_ptr_eq(swap(2, 4), b);
	/* b queued and never locked: the next queue drops it to free */
	gbm_surface_release_buffer(surf, a);
	ck_assert_ptr_eq(swap(2, 5), a);
	ck_assert_ptr_eq(gbm_surface_lock_front_buffer(surf), a);
	ck_assert_ptr_eq(swap(2, 6), b);
	ck_assert_ptr_eq(gbm_surface_lock_front_buffer(surf), b);
	check_all(b, 6);
	gbm_surface_release_buffer(surf, a);
	gbm_surface_release_buffer(surf, b);
}
END_TEST

START_TEST(surface_runs_out_and_recovers)
{
	struct gbm_bo *held[VGBM_SURFACE_MAX_BUFFERS];
	int age;

	for (int i = 0; i < VGBM_SURFACE_MAX_BUFFERS; i++) {
		held[i] = swap(0, (uint32_t)i);
		ck_assert_ptr_eq(gbm_surface_lock_front_buffer(surf), held[i]);
	}
	/* all locked: glmark2 waits on this until a flip releases one */
	ck_assert_int_eq(gbm_surface_has_free_buffers(surf), 0);
	errno = 0;
	ck_assert_ptr_null(ops->surface_acquire(surf, &age));
	ck_assert_int_eq(errno, EBUSY);
	gbm_surface_release_buffer(surf, held[1]);
	ck_assert_int_eq(gbm_surface_has_free_buffers(surf), 1);
	ck_assert_ptr_eq(ops->surface_acquire(surf, &age), held[1]);
	ck_assert_int_eq(age, 3);
	ck_assert_int_eq(gbm_surface_has_free_buffers(surf), 0);
	/* cancel: back to free, contents undefined */
	ops->surface_cancel(surf, held[1]);
	ck_assert_int_eq(gbm_surface_has_free_buffers(surf), 1);
	ck_assert_ptr_eq(ops->surface_acquire(surf, &age), held[1]);
	ck_assert_int_eq(age, 0);
	ops->surface_cancel(surf, held[1]);
	for (int i = 0; i < VGBM_SURFACE_MAX_BUFFERS; i++)
		if (i != 1)
			gbm_surface_release_buffer(surf, held[i]);
}
END_TEST

static int user_data_freed;

static void free_user_data(struct gbm_bo *bo, void *data)
{
	ck_assert_ptr_eq(gbm_bo_get_user_data(bo), data);
	user_data_freed++;
}

/* Misuse is refused without changing the state; surface destruction calls
 * the user-data destructors libgbm never calls for a surface's buffers. */
START_TEST(surface_misuse_is_refused)
{
	struct gbm_bo *a = swap(0, 1), *stray;
	int age;

	gbm_bo_set_user_data(a, &user_data_freed, free_user_data);
	/* a is queued: releasing, cancelling or queueing it again is wrong */
	errno = 0;
	gbm_surface_release_buffer(surf, a);
	ck_assert_int_eq(errno, EINVAL);
	ops->surface_cancel(surf, a);
	ops->surface_queue(surf, a);
	ck_assert_ptr_eq(gbm_surface_lock_front_buffer(surf), a);
	/* a bo of no surface */
	stray = gbm_bo_create(gbm, 8, 8, GBM_FORMAT_XRGB8888, USE_WINDOW);
	errno = 0;
	gbm_surface_release_buffer(surf, stray);
	ck_assert_int_eq(errno, EINVAL);
	ops->surface_queue(surf, stray);
	ck_assert_ptr_null(gbm_surface_lock_front_buffer(surf));
	gbm_bo_destroy(stray);
	/* the application destroys a surface buffer itself: it leaves the surface */
	ck_assert_ptr_nonnull(stray = ops->surface_acquire(surf, &age));
	gbm_bo_destroy(stray);
	ck_assert_int_eq(gbm_surface_has_free_buffers(surf), 1);
	/* still locked at destruction (the fixture destroys it) */
	user_data_freed = 0;
}
END_TEST

START_TEST(surface_destroy_frees_user_data)
{
	struct gbm_bo *a = swap(0, 1);

	gbm_bo_set_user_data(a, &user_data_freed, free_user_data);
	ck_assert_ptr_eq(gbm_surface_lock_front_buffer(surf), a);
	user_data_freed = 0;
	gbm_surface_destroy(surf);
	ck_assert_int_eq(user_data_freed, 1);
	/* the fixture destroys a fresh one */
	surf = gbm_surface_create(gbm, 16, 16, GBM_FORMAT_ARGB8888, USE_WINDOW);
	ck_assert_ptr_nonnull(surf);
}
END_TEST

START_TEST(surface_create_checks)
{
	const uint64_t linear = DRM_FORMAT_MOD_LINEAR, tiled = I915_FORMAT_MOD_X_TILED;
	struct gbm_surface *s;

	s = gbm_surface_create_with_modifiers(gbm, 64, 64, GBM_FORMAT_XRGB8888, &linear, 1);
	ck_assert_ptr_nonnull(s);
	ck_assert_uint_eq(s->v0.count, 1);
	gbm_surface_destroy(s);
	errno = 0;
	ck_assert_ptr_null(gbm_surface_create_with_modifiers(gbm, 64, 64, GBM_FORMAT_XRGB8888,
							     &tiled, 1));
	ck_assert_int_eq(errno, EINVAL);
	errno = 0;
	ck_assert_ptr_null(gbm_surface_create(gbm, 64, 64, GBM_FORMAT_NV12, USE_WINDOW));
	ck_assert_int_eq(errno, EINVAL);
	errno = 0;
	ck_assert_ptr_null(gbm_surface_create(gbm, 0, 64, GBM_FORMAT_XRGB8888, USE_WINDOW));
	ck_assert_int_eq(errno, EINVAL);
	ck_assert_ptr_null(gbm_surface_create(gbm, 1u << 20, 1u << 20, GBM_FORMAT_XRGB8888,
					      USE_WINDOW));
}
END_TEST

/* EGL on one thread, the page-flip loop on another, as in a compositor:
 * every frame EGL queues is locked by the other thread before the next
 * queue, so each transition crosses threads. */
#define THREAD_FRAMES 40

static int frames_queued, frames_locked;

static void *egl_thread(void *arg)
{
	for (int done = 0; done < THREAD_FRAMES;) {
		int age;
		struct gbm_bo *bo = ops->surface_acquire(surf, &age);

		if (!bo) {
			if (errno != EBUSY)
				return (void *)"acquire failed";
			usleep(100);
			continue;
		}
		ops->surface_queue(surf, bo);
		__atomic_store_n(&frames_queued, ++done, __ATOMIC_RELEASE);
		while (__atomic_load_n(&frames_locked, __ATOMIC_ACQUIRE) < done)
			usleep(50);
	}
	return NULL;
}

START_TEST(surface_is_thread_safe)
{
	struct gbm_bo *front = NULL;
	pthread_t t;
	void *err;

	ck_assert_int_eq(pthread_create(&t, NULL, egl_thread, NULL), 0);
	while (frames_locked < THREAD_FRAMES) {
		struct gbm_bo *bo;

		if (__atomic_load_n(&frames_queued, __ATOMIC_ACQUIRE) == frames_locked) {
			usleep(50);
			continue;
		}
		bo = gbm_surface_lock_front_buffer(surf);
		ck_assert_ptr_nonnull(bo);
		if (front)
			gbm_surface_release_buffer(surf, front);
		front = bo;
		__atomic_store_n(&frames_locked, frames_locked + 1, __ATOMIC_RELEASE);
	}
	ck_assert_int_eq(pthread_join(t, &err), 0);
	ck_assert_msg(err == NULL, "%s", (const char *)err);
	gbm_surface_release_buffer(surf, front);
	ck_assert_int_eq(gbm_surface_has_free_buffers(surf), 1);
}
END_TEST

/* ---- device: who gets the fd ------------------------------------------------- */

START_TEST(opt_out_falls_back_to_mesa)
{
	int fd = open_card("virtio_gpu");
	struct gbm_device *g;

	ck_assert_int_ge(fd, 0);
	setenv("VIRTGL_GBM", "0", 1);
	g = gbm_create_device(fd);
	unsetenv("VIRTGL_GBM");
	ck_assert_msg(g != NULL, "libgbm's own backend did not take the fd either");
	ck_assert_str_eq(gbm_device_get_backend_name(g), "drm");
	ck_assert_ptr_null(vgbm_egl_ops(g));
	gbm_device_destroy(g);
	close(fd);
}
END_TEST

/* The backend's name for this process, with VIRTGL_GBM=sw (NULL: unset). */
static const char *backend_as(const char *program, const char *sw)
{
	char *saved = program_invocation_short_name;
	int fd = open_card("virtio_gpu");
	struct gbm_device *g;
	const char *name;

	ck_assert_int_ge(fd, 0);
	program_invocation_short_name = (char *)program;
	if (sw)
		setenv("VIRTGL_GBM", sw, 1);
	g = gbm_create_device(fd);
	unsetenv("VIRTGL_GBM");
	program_invocation_short_name = saved;
	ck_assert_msg(g != NULL, "no backend took the fd as %s", program);
	name = strcmp(gbm_device_get_backend_name(g), "drm") == 0 ? "drm" : "virtgl";
	ck_assert_int_eq(vgbm_egl_ops(g) != NULL, strcmp(name, "virtgl") == 0);
	gbm_device_destroy(g);
	close(fd);
	return name;
}

/* X servers are left to Mesa (their GLES glamor swaps red and blue), unless
 * VIRTGL_GBM=1; other programs are served. */
START_TEST(x_servers_go_to_mesa)
{
	ck_assert_str_eq(backend_as("Xwayland", NULL), "drm");
	ck_assert_str_eq(backend_as("Xorg", NULL), "drm");
	ck_assert_str_eq(backend_as("Xwayland", "1"), "virtgl");
	ck_assert_str_eq(backend_as("weston", NULL), "virtgl");
	ck_assert_str_eq(backend_as("weston", "0"), "drm");
}
END_TEST

START_TEST(vgem_is_not_ours)
{
	int fd = open_card("vgem");
	struct gbm_device *g;

	ck_assert_msg(fd >= 0, "no vgem card");
	g = gbm_create_device(fd);
	if (g) {
		ck_assert_str_ne(gbm_device_get_backend_name(g), "virtgl");
		ck_assert_ptr_null(vgbm_egl_ops(g));
		gbm_device_destroy(g);
	}
	close(fd);
}
END_TEST

/* ---- host: the module itself ------------------------------------------------ */

static void *module;
static const struct gbm_backend *backend;

static uint32_t identity(uint32_t f)
{
	return f;
}

static const struct gbm_core core = { .v0 = { .core_version = 1,
					      .format_canonicalize = identity } };

static void open_module(void)
{
	vgbm_get_backend_fn get;

	module = dlopen(VGBM_BUILD_BACKENDS_DIR "/virtio_gpu_gbm.so", RTLD_NOW | RTLD_LOCAL);
	ck_assert_msg(module != NULL, "%s", dlerror());
	get = (vgbm_get_backend_fn)dlsym(module, VGBM_GET_BACKEND_SYMBOL);
	ck_assert_ptr_nonnull(get);
	backend = get(&core);
	ck_assert_ptr_nonnull(backend);
}

static void close_module(void)
{
	dlclose(module);
}

START_TEST(module_describes_itself)
{
	ck_assert_uint_eq(backend->v0.backend_version, 1);
	ck_assert_str_eq(backend->v0.backend_name, "virtgl");
	ck_assert_ptr_nonnull(backend->v0.create_device);
	/* nothing of drm/ or the backend's internals is exported */
	ck_assert_ptr_null(dlsym(module, "vgbm_device_create"));
	ck_assert_ptr_null(dlsym(module, "vdrm_device_create"));
	ck_assert_ptr_null(dlsym(module, "vdrm_resource_import_fd"));
}
END_TEST

START_TEST(module_declines_foreign_fds)
{
	int null = open("/dev/null", O_RDWR | O_CLOEXEC), p[2], fds = count_open_fds();

	ck_assert_int_eq(pipe(p), 0);
	fds += 2;
	ck_assert_ptr_null(backend->v0.create_device(null, 1));
	ck_assert_ptr_null(backend->v0.create_device(p[0], 1));
	ck_assert_ptr_null(backend->v0.create_device(-1, 1));
	ck_assert_int_eq(count_open_fds(), fds); /* the duplicates are closed again */
	setenv("VIRTGL_GBM", "0", 1);
	errno = 0;
	ck_assert_ptr_null(backend->v0.create_device(null, 1));
	ck_assert_int_eq(errno, ENODEV);
	unsetenv("VIRTGL_GBM");
	close(p[0]);
	close(p[1]);
	close(null);
}
END_TEST

START_TEST(egl_ops_check_name_and_magic)
{
	struct vgbm_device_head fake = { .magic = VGBM_MAGIC };

	ck_assert_ptr_null(vgbm_egl_ops(NULL));
	ck_assert_ptr_null(vgbm_egl_ops(&fake.base)); /* no name */
	fake.base.v0.name = "drm";
	ck_assert_ptr_null(vgbm_egl_ops(&fake.base));
	fake.base.v0.name = "virtgl";
	fake.magic = VGBM_MAGIC + 1;
	ck_assert_ptr_null(vgbm_egl_ops(&fake.base));
	fake.magic = VGBM_MAGIC;
	fake.egl = (const struct vgbm_egl_ops *)&fake;
	ck_assert_ptr_eq(vgbm_egl_ops(&fake.base), (const void *)&fake);
}
END_TEST

/* ---- suites --------------------------------------------------------------------- */

static Suite *gbm_suite(bool with_device)
{
	Suite *s = suite_create("gbm");
	TCase *host = tcase_create("host");

	tcase_add_checked_fixture(host, open_module, close_module);
	tcase_add_test(host, module_describes_itself);
	tcase_add_test(host, module_declines_foreign_fds);
	tcase_add_test(host, egl_ops_check_name_and_magic);
	suite_add_tcase(s, host);
	if (!with_device)
		return s;

	TCase *dev = tcase_create("device");
	tcase_add_checked_fixture(dev, open_gbm, close_gbm);
	tcase_set_timeout(dev, 60);
	tcase_add_test(dev, device_is_virtgl);
	tcase_add_test(dev, format_queries);
	tcase_add_loop_test(dev, format_round_trip, 0, N_FORMATS);
	tcase_add_test(dev, export_import_shares_the_resource);
	tcase_add_test(dev, bo_handles_make_framebuffers_and_scan_out);
	tcase_add_test(dev, cursor_bo_write);
	tcase_add_test(dev, bad_creates_fail_cleanly);
	tcase_add_test(dev, bad_imports_fail_cleanly);
	tcase_add_test(dev, bad_maps_fail_cleanly);
	suite_add_tcase(s, dev);

	TCase *surface = tcase_create("surface");
	tcase_add_checked_fixture(surface, open_surface, close_surface);
	tcase_set_timeout(surface, 60);
	tcase_add_test(surface, surface_queue_lock_release_cycle);
	tcase_add_test(surface, surface_runs_out_and_recovers);
	tcase_add_test(surface, surface_misuse_is_refused);
	tcase_add_test(surface, surface_destroy_frees_user_data);
	tcase_add_test(surface, surface_create_checks);
	tcase_add_test(surface, surface_is_thread_safe);
	suite_add_tcase(s, surface);

	TCase *choice = tcase_create("backend choice");
	tcase_set_timeout(choice, 60);
	tcase_add_test(choice, opt_out_falls_back_to_mesa);
	tcase_add_test(choice, x_servers_go_to_mesa);
	tcase_add_test(choice, vgem_is_not_ours);
	suite_add_tcase(s, choice);
	return s;
}

int main(void)
{
	const char *t = getenv("VIRTGL_TRANSPORT");
	int fd = open_card("virtio_gpu");
	bool have_device = fd >= 0;

	if (fd >= 0)
		close(fd);
	/* libgbm must load this tree's backend, and nothing may override it */
	setenv("GBM_BACKENDS_PATH", VGBM_BUILD_BACKENDS_DIR, 1);
	unsetenv("GBM_BACKEND");
	unsetenv("VIRTGL_GBM");
	use_vm = t && strcmp(t, "drm") == 0;
	if (use_vm && !have_device) {
		fprintf(stderr, "test_gbm: VIRTGL_TRANSPORT=drm but no virtio_gpu card\n");
		return EXIT_FAILURE;
	}
	if (!have_device)
		printf("test_gbm: no virtio_gpu card: only the host part runs\n");
	return check_run(gbm_suite(have_device), CK_VERBOSE);
}
