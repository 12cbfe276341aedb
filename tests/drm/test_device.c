/* SPDX-License-Identifier: MIT */
/*
 * The drm/ integration suite, run against a real host: a virgl_test_server
 * started on a private socket (default), or the virtio_gpu kernel driver
 * when VIRTGL_TRANSPORT=drm (tests/vm/test_vm.sh runs this binary in a QEMU
 * guest). Every test asserts what came back from the host: pixels, bytes,
 * points, errors.
 */
#include <check.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "vdrm_cmds.h"
#include "vdrm_device.h"
#include "vdrm_format.h"
#include "check_run.h"
#include "vtest_fixture.h"

#define SEC 1000000000ll

static bool use_drm;
static struct vtest_fixture server;
static struct vdrm_device *dev;

static struct vdrm_device_create_info create_info(void)
{
	struct vdrm_device_create_info info = { .kind = VDRM_TRANSPORT_VTEST };

	if (use_drm)
		info.kind = VDRM_TRANSPORT_DRM;
	else
		info.vtest_socket = server.socket;
	return info;
}

static void open_device(void)
{
	struct vdrm_device_create_info info = create_info();
	struct vdrm_error err = { 0 };

	ck_assert_msg(vdrm_device_create(&info, &dev, &err) == 0, "open: %s", err.message);
}

static void close_device(void)
{
	vdrm_device_destroy(dev);
	dev = NULL;
}

static uint32_t fbits(float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return u;
}

static struct vdrm_resource *make_rt(uint32_t w, uint32_t h)
{
	struct vdrm_resource_create_info info = {
		.target = VDRM_TARGET_2D, .format = VDRM_FORMAT_R8G8B8A8_UNORM,
		.bind = VDRM_BIND_RENDER_TARGET | VDRM_BIND_SAMPLER_VIEW,
		.width = w, .height = h, .depth = 1, .array_size = 1,
	};
	struct vdrm_resource *res = NULL;

	ck_assert_int_eq(vdrm_resource_create(dev, &info, &res), 0);
	return res;
}

static struct vdrm_resource *make_buffer(uint32_t size)
{
	struct vdrm_resource_create_info info = {
		.target = VDRM_TARGET_BUFFER, .format = VDRM_FORMAT_R8_UNORM,
		.bind = VDRM_BIND_VERTEX_BUFFER, .width = size, .height = 1, .depth = 1,
		.array_size = 1,
	};
	struct vdrm_resource *res = NULL;

	ck_assert_msg(vdrm_resource_create(dev, &info, &res) == 0, "%s", vdrm_device_error(dev));
	return res;
}

static void encode_clear(struct vdrm_cs *cs, struct vdrm_resource *rt, const float c[4])
{
	vdrm_encode_create_surface(cs, &(struct vdrm_cmd_create_surface){
		.handle = 1, .res = rt->res_handle, .format = rt->info.format });
	vdrm_encode_set_framebuffer_state(cs, &(struct vdrm_cmd_set_framebuffer_state){
		.elems = (const uint32_t[]){ 1 }, .count = 1 });
	vdrm_encode_clear(cs, &(struct vdrm_cmd_clear){
		.buffers = 4, .color = { fbits(c[0]), fbits(c[1]), fbits(c[2]), fbits(c[3]) },
		.depth = 1.0 });
	vdrm_encode_destroy_object(cs, &(struct vdrm_cmd_destroy_object){
		.obj_type = VDRM_OBJ_SURFACE, .handle = 1 });
}

static uint64_t submit(struct vdrm_cs *cs, struct vdrm_resource **res, uint32_t n)
{
	uint64_t point = 0;
	int ret = vdrm_device_submit(dev, &(struct vdrm_submit){
		.cs = cs, .resources = res, .nr_resources = n, .in_fence_fd = -1 }, &point);

	ck_assert_msg(ret == 0, "submit: %s", vdrm_device_error(dev));
	vdrm_cs_reset(cs);
	return point;
}

static void wait_point(uint64_t point)
{
	int ret = vdrm_device_wait(dev, point, 30 * SEC);

	ck_assert_msg(ret == 0, "wait %llu: %s (%s)", (unsigned long long)point,
		      vdrm_result_name(ret), vdrm_device_error(dev));
}

/* Clears, waits, zeroes the mapping, reads back: every pixel must match. */
static void clear_and_check(struct vdrm_resource *rt, const float c[4], const uint8_t want[4])
{
	struct vdrm_box box = { 0, 0, 0, rt->info.width, rt->info.height, 1 };
	struct vdrm_cs cs;
	const uint8_t *px = rt->map;

	vdrm_cs_init(&cs);
	encode_clear(&cs, rt, c);
	wait_point(submit(&cs, &rt, 1));
	vdrm_cs_finish(&cs);
	memset(rt->map, 0, rt->size);
	ck_assert_int_eq(vdrm_resource_download(dev, rt, 0, &box), 0);
	for (uint32_t i = 0; i < rt->info.width * rt->info.height; i++)
		ck_assert_msg(memcmp(px + 4 * i, want, 4) == 0,
			      "pixel %u = %02x%02x%02x%02x", i, px[4 * i], px[4 * i + 1],
			      px[4 * i + 2], px[4 * i + 3]);
}

START_TEST(reports_transport_and_caps)
{
	const struct vdrm_caps *c = vdrm_device_caps(dev);

	printf("transport=%s (%s) renderer=\"%s\" glsl=%u\n", vdrm_device_transport_name(dev),
	       vdrm_device_transport_detail(dev), c->renderer, c->glsl_level);
	ck_assert_str_eq(vdrm_device_transport_name(dev), use_drm ? "drm" : "vtest");
	ck_assert_uint_eq(c->capset_id, 2);
	ck_assert_uint_eq(c->max_version, 2);
	ck_assert_uint_ge(c->glsl_level, 130);
	ck_assert_uint_ge(c->max_render_targets, 1);
	ck_assert_uint_ge(c->max_texture_2d_size, 2048);
	ck_assert(c->renderer[0] != 0);
	ck_assert(vdrm_caps_format_supports(c, VDRM_FORMAT_R8G8B8A8_UNORM,
					    VDRM_FORMAT_SAMPLE | VDRM_FORMAT_RENDER));
}
END_TEST

START_TEST(clear_64x64_reads_back_exact_pixels)
{
	struct vdrm_resource *rt = make_rt(64, 64);

	clear_and_check(rt, (float[]){ 1.0f, 0.2f, 0.6f, 1.0f },
			(uint8_t[]){ 0xff, 0x33, 0x99, 0xff });
	clear_and_check(rt, (float[]){ 0.0f, 0.4f, 0.8f, 0.0f },
			(uint8_t[]){ 0x00, 0x66, 0xcc, 0x00 });
	vdrm_resource_destroy(dev, rt);
}
END_TEST

static void fill_pattern(uint8_t *p, size_t n, uint32_t seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)((i * 2654435761u + seed) >> 13);
}

static void assert_pattern(const uint8_t *p, size_t from, size_t to, uint32_t seed)
{
	uint8_t *want = malloc(to);

	fill_pattern(want, to, seed);
	for (size_t i = from; i < to; i++)
		ck_assert_msg(p[i] == want[i], "byte %zu = %u, want %u", i, p[i], want[i]);
	free(want);
}

static void assert_zero(const uint8_t *p, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		ck_assert_msg(p[i] == 0, "byte %zu = %u, want 0", i, p[i]);
}

START_TEST(buffer_upload_copy_download)
{
	const uint32_t size = 65536;
	struct vdrm_resource *res[2] = { make_buffer(size), make_buffer(size) };
	struct vdrm_box all = { 0, 0, 0, size, 1, 1 }, part = { 1000, 0, 0, 500, 1, 1 };
	struct vdrm_cs cs;

	fill_pattern(res[0]->map, size, 7);
	ck_assert_int_eq(vdrm_resource_upload(dev, res[0], 0, &all), 0);
	ck_assert_int_eq(vdrm_resource_wait_idle(dev, res[0]), 0);
	memset(res[0]->map, 0, size);
	ck_assert_int_eq(vdrm_resource_download(dev, res[0], 0, &all), 0);
	assert_pattern(res[0]->map, 0, size, 7);
	/* host-side copy A -> B, then read part of B: only that range changes */
	vdrm_cs_init(&cs);
	vdrm_encode_resource_copy_region(&cs, &(struct vdrm_cmd_resource_copy_region){
		.dst_res = res[1]->res_handle, .src_res = res[0]->res_handle,
		.src_w = size, .src_h = 1, .src_d = 1 });
	wait_point(submit(&cs, res, 2));
	vdrm_cs_finish(&cs);
	ck_assert_int_eq(vdrm_resource_download(dev, res[1], 0, &part), 0);
	assert_zero(res[1]->map, 0, 1000);
	assert_pattern(res[1]->map, 1000, 1500, 7);
	assert_zero(res[1]->map, 1500, size);
	vdrm_resource_destroy(dev, res[0]);
	vdrm_resource_destroy(dev, res[1]);
}
END_TEST

START_TEST(texture_mip_level_and_sub_box)
{
	struct vdrm_resource_create_info info = {
		.target = VDRM_TARGET_2D, .format = VDRM_FORMAT_R8G8B8A8_UNORM,
		.bind = VDRM_BIND_SAMPLER_VIEW, .width = 32, .height = 32, .depth = 1,
		.array_size = 1, .last_level = 2,
	};
	struct vdrm_box lvl1 = { 0, 0, 0, 16, 16, 1 }, sub = { 4, 4, 0, 8, 6, 1 };
	struct vdrm_level_layout l;
	struct vdrm_resource *tex = NULL;
	uint8_t *base;

	ck_assert_int_eq(vdrm_resource_create(dev, &info, &tex), 0);
	vdrm_resource_level_layout(&info, 1, &l);
	ck_assert_uint_eq(l.offset, 32 * 32 * 4);
	ck_assert_uint_eq(l.stride, 16 * 4);
	base = (uint8_t *)tex->map + l.offset;
	fill_pattern(base, l.size, 99);
	ck_assert_int_eq(vdrm_resource_upload(dev, tex, 1, &lvl1), 0);
	ck_assert_int_eq(vdrm_resource_wait_idle(dev, tex), 0);
	memset(tex->map, 0, tex->size);
	ck_assert_int_eq(vdrm_resource_download(dev, tex, 1, &sub), 0);
	for (uint32_t y = 0; y < 16; y++) {
		bool in_y = y >= sub.y && y < sub.y + sub.h;
		size_t row = (size_t)y * l.stride;
		if (in_y) {
			assert_zero(base, row, row + sub.x * 4);
			assert_pattern(base, row + sub.x * 4, row + (sub.x + sub.w) * 4, 99);
			assert_zero(base, row + (sub.x + sub.w) * 4, row + l.stride);
		} else {
			assert_zero(base, row, row + l.stride);
		}
	}
	assert_zero(tex->map, 0, l.offset); /* level 0 untouched */
	vdrm_resource_destroy(dev, tex);
}
END_TEST

static void shuffle(uint64_t *a, int n)
{
	for (int i = n - 1; i > 0; i--) {
		int j = rand() % (i + 1);
		uint64_t t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

START_TEST(thousand_submissions_waited_in_random_order)
{
	static uint64_t points[1000];
	struct vdrm_resource *rt = make_rt(16, 16);
	struct vdrm_cs cs;
	uint64_t last = 0;

	vdrm_cs_init(&cs);
	srand(1234);
	for (int i = 0; i < 1000; i++) {
		encode_clear(&cs, rt, (float[]){ (float)(i % 256) / 255.0f, 0, 0, 1 });
		points[i] = submit(&cs, &rt, 1);
		ck_assert_uint_gt(points[i], last);
		last = points[i];
	}
	vdrm_cs_finish(&cs);
	shuffle(points, 1000);
	for (int i = 0; i < 1000; i++) {
		wait_point(points[i]);
		ck_assert(vdrm_device_is_signaled(dev, points[i]));
	}
	ck_assert_uint_eq(vdrm_device_last_completed(dev), last);
	/* the last clear (i = 999) is what the target holds */
	clear_and_check(rt, (float[]){ 0, 1, 0, 1 }, (uint8_t[]){ 0, 0xff, 0, 0xff });
	vdrm_resource_destroy(dev, rt);
}
END_TEST

#define ORDER_N 64

/*
 * Readiness seen through independent fds must always be a prefix. Poll from
 * the newest down: a fence that signals while we scan can only make an
 * earlier (later-polled) one look ready too, never make a gap appear, so a
 * gap seen here is a real out-of-order completion.
 */
static int ready_prefix(const int *fds, int n, bool *gap)
{
	bool later_ready = false;
	int ready = 0;

	*gap = false;
	for (int i = n - 1; i >= 0; i--) {
		struct pollfd p = { .fd = fds[i], .events = POLLIN };
		bool r = poll(&p, 1, 0) == 1;

		if (!r && later_ready)
			*gap = true;
		later_ready |= r;
		ready += r;
	}
	return ready;
}

START_TEST(points_complete_in_submission_order)
{
	struct vdrm_resource *rt = make_rt(512, 512);
	int fds[ORDER_N], ready = 0, rounds = 0;
	struct vdrm_cs cs;
	bool gap;

	vdrm_cs_init(&cs);
	for (int i = 0; i < ORDER_N; i++) {
		uint64_t p;
		encode_clear(&cs, rt, (float[]){ 0, 0, (float)i / ORDER_N, 1 });
		p = submit(&cs, &rt, 1);
		ck_assert_int_eq(vdrm_device_export_fd(dev, p, &fds[i]), 0);
	}
	vdrm_cs_finish(&cs);
	while (ready < ORDER_N && rounds++ < 100000) {
		ready = ready_prefix(fds, ORDER_N, &gap);
		ck_assert_msg(!gap, "a later point signalled before an earlier one");
	}
	ck_assert_int_eq(ready, ORDER_N);
	for (int i = 0; i < ORDER_N; i++)
		close(fds[i]);
	vdrm_resource_destroy(dev, rt);
}
END_TEST

START_TEST(exported_fd_polls_readable)
{
	struct vdrm_resource *rt = make_rt(256, 256);
	struct vdrm_cs cs;
	uint64_t p;
	int fd, fd2;

	vdrm_cs_init(&cs);
	encode_clear(&cs, rt, (float[]){ 1, 1, 1, 1 });
	p = submit(&cs, &rt, 1);
	vdrm_cs_finish(&cs);
	ck_assert_int_eq(vdrm_device_export_fd(dev, p, &fd), 0);
	ck_assert_int_eq(poll(&(struct pollfd){ .fd = fd, .events = POLLIN }, 1, 10000), 1);
	ck_assert(vdrm_device_is_signaled(dev, p));
	/* an fd for a point already complete is readable too */
	ck_assert_int_eq(vdrm_device_export_fd(dev, p, &fd2), 0);
	ck_assert_int_eq(poll(&(struct pollfd){ .fd = fd2, .events = POLLIN }, 1, 10000), 1);
	close(fd);
	close(fd2);
	/* a point never submitted is an error, not a hang */
	ck_assert_int_eq(vdrm_device_export_fd(dev, p + 1000, &fd), VDRM_ERROR_INVALID_ARGUMENT);
	vdrm_resource_destroy(dev, rt);
}
END_TEST

START_TEST(in_fence_orders_a_submission)
{
	struct vdrm_resource *rt = make_rt(64, 64);
	struct vdrm_cs cs;
	uint64_t a, b;
	int fd;

	vdrm_cs_init(&cs);
	encode_clear(&cs, rt, (float[]){ 1, 0, 0, 1 });
	a = submit(&cs, &rt, 1);
	ck_assert_int_eq(vdrm_device_export_fd(dev, a, &fd), 0);
	encode_clear(&cs, rt, (float[]){ 0, 0, 1, 1 });
	ck_assert_int_eq(vdrm_device_submit(dev, &(struct vdrm_submit){
		.cs = &cs, .resources = &rt, .nr_resources = 1, .in_fence_fd = fd }, &b), 0);
	close(fd);
	wait_point(b);
	ck_assert(vdrm_device_is_signaled(dev, a));
	vdrm_cs_reset(&cs);
	vdrm_cs_finish(&cs);
	clear_and_check(rt, (float[]){ 0, 0, 1, 1 }, (uint8_t[]){ 0, 0, 0xff, 0xff });
	vdrm_resource_destroy(dev, rt);
}
END_TEST

START_TEST(debug_dump_decodes_submitted_streams)
{
	struct vdrm_resource *rt = make_rt(8, 8);
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	struct vdrm_cs cs;

	vdrm_device_set_dump(dev, f);
	vdrm_cs_init(&cs);
	encode_clear(&cs, rt, (float[]){ 1, 1, 1, 1 });
	wait_point(submit(&cs, &rt, 1));
	vdrm_cs_finish(&cs);
	vdrm_device_set_dump(dev, NULL);
	fclose(f);
	ck_assert_ptr_nonnull(strstr(text, "CREATE_OBJECT(SURFACE)"));
	ck_assert_ptr_nonnull(strstr(text, "SET_FRAMEBUFFER_STATE"));
	ck_assert_ptr_nonnull(strstr(text, "CLEAR"));
	free(text);
	vdrm_resource_destroy(dev, rt);
}
END_TEST

START_TEST(invalid_resources_rejected_before_sending)
{
	static const struct vdrm_resource_create_info bad[] = {
		{ .target = 99, .format = VDRM_FORMAT_R8G8B8A8_UNORM, .width = 4, .height = 4,
		  .depth = 1, .array_size = 1, .bind = VDRM_BIND_SAMPLER_VIEW },
		{ .target = VDRM_TARGET_2D, .format = 9999, .width = 4, .height = 4, .depth = 1,
		  .array_size = 1, .bind = VDRM_BIND_SAMPLER_VIEW },
		{ .target = VDRM_TARGET_2D, .format = VDRM_FORMAT_R8G8B8A8_UNORM, .width = 0,
		  .height = 4, .depth = 1, .array_size = 1, .bind = VDRM_BIND_SAMPLER_VIEW },
		{ .target = VDRM_TARGET_2D, .format = VDRM_FORMAT_R8G8B8A8_UNORM, .width = 4,
		  .height = 4, .depth = 1, .array_size = 1, .last_level = 9,
		  .bind = VDRM_BIND_SAMPLER_VIEW },
		/* GL's chain of an 11x3x63 3D texture: Debian 12's virglrenderer
		 * counts levels by width and height, fails it and stops answering */
		{ .target = VDRM_TARGET_3D, .format = VDRM_FORMAT_R8G8B8A8_UNORM, .width = 11,
		  .height = 3, .depth = 63, .array_size = 1, .last_level = 5,
		  .bind = VDRM_BIND_SAMPLER_VIEW },
	};
	struct vdrm_resource *res = NULL, *rt;

	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		ck_assert_int_eq(vdrm_resource_create(dev, &bad[i], &res),
				 VDRM_ERROR_INVALID_ARGUMENT);
		ck_assert(strlen(vdrm_device_error(dev)) > 0);
	}
	ck_assert(!vdrm_device_is_lost(dev));
	/* the connection is intact: a full round trip still works */
	rt = make_rt(8, 8);
	clear_and_check(rt, (float[]){ 1, 1, 0, 1 }, (uint8_t[]){ 0xff, 0xff, 0, 0xff });
	vdrm_resource_destroy(dev, rt);
}
END_TEST

/* VIRTGL_DEBUG=validate's refusal, as the layers above see it: the submit
 * fails with the rule, nothing reaches the host, the device goes on. */
START_TEST(invalid_stream_refused_device_stays_usable)
{
	uint64_t before = vdrm_device_streams_rejected(), point = 0;
	struct vdrm_resource *rt;
	struct vdrm_cs cs;
	uint32_t *dw;

	/* before the resource: the validator knows what is created after it */
	ck_assert_int_eq(vdrm_device_set_validate(dev, true), 0);
	rt = make_rt(8, 8);
	vdrm_cs_init(&cs);
	dw = vdrm_cs_reserve(&cs, 1);
	dw[0] = 0xff; /* an opcode no virgl host has, no payload */
	ck_assert_int_eq(vdrm_device_submit(dev, &(struct vdrm_submit){
		.cs = &cs, .resources = &rt, .nr_resources = 1, .in_fence_fd = -1 }, &point),
		VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_msg(strstr(vdrm_device_error(dev), "invalid command stream"), "%s",
		      vdrm_device_error(dev));
	ck_assert_uint_eq(vdrm_device_streams_rejected(), before + 1);
	ck_assert(!vdrm_device_is_lost(dev));
	vdrm_cs_finish(&cs);
	clear_and_check(rt, (float[]){ 0, 1, 1, 1 }, (uint8_t[]){ 0, 0xff, 0xff, 0xff });
	ck_assert_uint_eq(vdrm_device_streams_rejected(), before + 1);
	vdrm_resource_destroy(dev, rt);
}
END_TEST

/* ---- vtest only ---------------------------------------------------------------- */

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

START_TEST(killed_server_gives_device_lost)
{
	struct vtest_fixture own;
	struct vdrm_device_create_info info = { .kind = VDRM_TRANSPORT_VTEST,
						.reply_timeout_ms = 2000 };
	struct vdrm_error err = { 0 };
	struct vdrm_device *d;
	struct vdrm_cs cs;
	uint64_t p;
	double t0;
	int ret;

	ck_assert_int_eq(vtest_fixture_start(&own), 0);
	info.vtest_socket = own.socket;
	ck_assert_int_eq(vdrm_device_create(&info, &d, &err), 0);
	vdrm_cs_init(&cs);
	*vdrm_cs_reserve(&cs, 1) = 0;
	ck_assert_int_eq(vdrm_device_submit(d, &(struct vdrm_submit){ .cs = &cs,
		.in_fence_fd = -1 }, &p), 0);
	ck_assert_int_eq(vdrm_device_wait(d, p, 10 * SEC), 0);
	vtest_fixture_kill(&own);
	t0 = now_s();
	ret = vdrm_device_submit(d, &(struct vdrm_submit){ .cs = &cs, .in_fence_fd = -1 }, &p);
	if (ret == 0)
		ret = vdrm_device_wait(d, p, -1);
	ck_assert_int_eq(ret, VDRM_ERROR_DEVICE_LOST);
	ck_assert(vdrm_device_is_lost(d));
	ck_assert(now_s() - t0 < 5.0);
	ck_assert_int_eq(vdrm_device_submit(d, &(struct vdrm_submit){ .cs = &cs,
		.in_fence_fd = -1 }, &p), VDRM_ERROR_DEVICE_LOST);
	vdrm_cs_finish(&cs);
	vdrm_device_destroy(d);
	vtest_fixture_stop(&own);
}
END_TEST

START_TEST(spawns_private_server_when_none_answers)
{
	struct vdrm_device_create_info info = {
		.kind = VDRM_TRANSPORT_VTEST, .may_spawn_server = true,
		.vtest_socket = "/tmp/virtgl-test-nobody-listens.sock",
	};
	struct vdrm_error err = { 0 };
	struct vdrm_resource *rt;
	char sock[128];
	struct stat st;

	ck_assert_msg(vdrm_device_create(&info, &dev, &err) == 0, "%s", err.message);
	ck_assert_ptr_nonnull(strstr(vdrm_device_transport_detail(dev), "/tmp/virtgl-vtest-"));
	snprintf(sock, sizeof(sock), "%s", vdrm_device_transport_detail(dev));
	*strchr(sock, ',') = 0;
	ck_assert_int_eq(stat(sock, &st), 0);
	rt = make_rt(8, 8);
	clear_and_check(rt, (float[]){ 0, 1, 1, 1 }, (uint8_t[]){ 0, 0xff, 0xff, 0xff });
	vdrm_resource_destroy(dev, rt);
	close_device();
	/* the last device closed: the server is stopped and its socket gone */
	ck_assert_int_ne(stat(sock, &st), 0);
}
END_TEST

START_TEST(missing_server_binary_is_explained)
{
	struct vdrm_device_create_info info = {
		.kind = VDRM_TRANSPORT_VTEST, .may_spawn_server = true,
		.vtest_socket = "/tmp/virtgl-test-nobody-listens.sock",
	};
	struct vdrm_error err = { 0 };

	setenv("VIRTGL_VTEST_SERVER", "/nonexistent/virgl_test_server", 1);
	ck_assert_int_eq(vdrm_device_create(&info, &dev, &err), VDRM_ERROR_NO_DEVICE);
	unsetenv("VIRTGL_VTEST_SERVER");
	ck_assert_ptr_nonnull(strstr(err.message, "virgl-server"));
	info.may_spawn_server = false;
	ck_assert_int_eq(vdrm_device_create(&info, &dev, &err), VDRM_ERROR_NO_DEVICE);
	ck_assert_ptr_nonnull(strstr(err.message, "nobody-listens"));
	dev = NULL;
}
END_TEST

START_TEST(protocol_2_fallback_works)
{
	struct vdrm_device_create_info info = create_info();
	struct vdrm_error err = { 0 };
	struct vdrm_resource *rt;
	struct vdrm_cs cs;
	uint64_t p;
	int fd;

	info.vtest_max_version = 2;
	ck_assert_msg(vdrm_device_create(&info, &dev, &err) == 0, "%s", err.message);
	ck_assert_ptr_nonnull(strstr(vdrm_device_transport_detail(dev), "protocol 2"));
	ck_assert_uint_eq(vdrm_device_caps(dev)->glsl_level, 450);
	rt = make_rt(32, 32);
	clear_and_check(rt, (float[]){ 1, 0, 1, 1 }, (uint8_t[]){ 0xff, 0, 0xff, 0xff });
	vdrm_cs_init(&cs);
	encode_clear(&cs, rt, (float[]){ 0, 0, 0, 1 });
	p = submit(&cs, &rt, 1);
	vdrm_cs_finish(&cs);
	/* completion is device-wide through RESOURCE_BUSY_WAIT, still in order */
	wait_point(p);
	ck_assert(vdrm_device_is_signaled(dev, p));
	ck_assert_int_eq(vdrm_device_export_fd(dev, p, &fd), VDRM_ERROR_UNSUPPORTED);
	vdrm_resource_destroy(dev, rt);
	close_device();
}
END_TEST

START_TEST(drm_on_a_non_virtio_node_is_explained)
{
	struct vdrm_device_create_info info = { .kind = VDRM_TRANSPORT_DRM,
						.drm_node = "/dev/null" };
	struct vdrm_error err = { 0 };

	ck_assert_int_eq(vdrm_device_create(&info, &dev, &err), VDRM_ERROR_NO_DEVICE);
	ck_assert_ptr_nonnull(strstr(err.message, "not a virtio_gpu node"));
	info.drm_node = "/nonexistent/renderD128";
	ck_assert_int_eq(vdrm_device_create(&info, &dev, &err), VDRM_ERROR_NO_DEVICE);
	ck_assert_ptr_nonnull(strstr(err.message, "/nonexistent/renderD128"));
	dev = NULL;
}
END_TEST

START_TEST(unknown_transport_name_is_rejected)
{
	struct vdrm_device_create_info info = { 0 };
	struct vdrm_error err = { 0 };

	setenv("VIRTGL_TRANSPORT", "carrier-pigeon", 1);
	ck_assert_int_eq(vdrm_device_create_info_from_env(&info, &err),
			 VDRM_ERROR_INVALID_ARGUMENT);
	unsetenv("VIRTGL_TRANSPORT");
	ck_assert_ptr_nonnull(strstr(err.message, "carrier-pigeon"));
}
END_TEST

/* DRM: a resource exported as a dma-buf and imported again (into the same
 * device and into a second device on the same node) is the same host
 * resource: a clear through one is read back through the other. */
START_TEST(dma_buf_export_import_shares_the_host_resource)
{
	struct vdrm_resource *rt = make_rt(16, 16), *same = NULL, *again = NULL, *other = NULL;
	struct vdrm_device_create_info info = create_info();
	struct vdrm_device *dev2 = NULL;
	struct vdrm_error err = { 0 };
	int fd = -1;

	ck_assert_msg(vdrm_resource_export_fd(dev, rt, &fd) == 0, "%s", vdrm_device_error(dev));
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(vdrm_resource_import_fd(dev, fd, &rt->info, &same), 0);
	ck_assert_int_eq(vdrm_resource_import_fd(dev, fd, &rt->info, &again), 0);
	ck_assert_uint_eq(same->res_handle, rt->res_handle);
	ck_assert_uint_eq(same->bo_handle, rt->bo_handle); /* one GEM handle, counted */
	/* the first holders going away leaves the handle to the last */
	vdrm_resource_destroy(dev, rt);
	vdrm_resource_destroy(dev, same);
	clear_and_check(again, (float[]){ 0.0f, 1.0f, 0.0f, 1.0f },
			(uint8_t[]){ 0x00, 0xff, 0x00, 0xff });
	ck_assert_msg(vdrm_device_create(&info, &dev2, &err) == 0, "%s", err.message);
	ck_assert_int_eq(vdrm_resource_import_fd(dev2, fd, &again->info, &other), 0);
	ck_assert_uint_eq(other->res_handle, again->res_handle);
	memset(other->map, 0, other->size);
	ck_assert_int_eq(vdrm_resource_download(dev2, other, 0,
						&(struct vdrm_box){ 0, 0, 0, 16, 16, 1 }), 0);
	ck_assert_uint_eq(((uint8_t *)other->map)[1], 0xff);
	vdrm_resource_destroy(dev2, other);
	vdrm_device_destroy(dev2);
	vdrm_resource_destroy(dev, again);
	close(fd);
}
END_TEST

/* Not a dma-buf, a closed fd, a bad description: errors, nothing created. */
START_TEST(dma_buf_import_rejects_bad_input)
{
	struct vdrm_resource_create_info info = {
		.target = VDRM_TARGET_2D, .format = VDRM_FORMAT_R8G8B8A8_UNORM,
		.bind = VDRM_BIND_SAMPLER_VIEW, .width = 16, .height = 16, .depth = 1,
		.array_size = 1,
	};
	struct vdrm_resource *res = NULL;
	int p[2];

	ck_assert_int_eq(pipe(p), 0);
	ck_assert_int_eq(vdrm_resource_import_fd(dev, p[0], &info, &res),
			 VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_ptr_nonnull(strstr(vdrm_device_error(dev), "PRIME_FD_TO_HANDLE"));
	close(p[0]);
	close(p[1]);
	ck_assert_int_eq(vdrm_resource_import_fd(dev, p[0], &info, &res),
			 VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_int_eq(vdrm_resource_import_fd(dev, -1, &info, &res),
			 VDRM_ERROR_INVALID_ARGUMENT);
	info.width = 0;
	ck_assert_int_eq(vdrm_resource_import_fd(dev, p[0], &info, &res),
			 VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_ptr_null(res);
	ck_assert(!vdrm_device_is_lost(dev));
}
END_TEST

/* vtest has no dma-bufs: both directions say so. */
START_TEST(vtest_cannot_share_dma_bufs)
{
	struct vdrm_resource *rt = make_rt(4, 4), *res = NULL;
	int fd = -1;

	ck_assert_int_eq(vdrm_resource_export_fd(dev, rt, &fd), VDRM_ERROR_UNSUPPORTED);
	ck_assert_int_eq(vdrm_resource_import_fd(dev, 0, &rt->info, &res), VDRM_ERROR_UNSUPPORTED);
	ck_assert_ptr_nonnull(strstr(vdrm_device_error(dev), "dma-buf"));
	vdrm_resource_destroy(dev, rt);
}
END_TEST

static Suite *device_suite(void)
{
	Suite *s = suite_create(use_drm ? "device (drm)" : "device (vtest)");
	TCase *tc = tcase_create("host");
	TCase *own = tcase_create("vtest lifecycle");

	tcase_add_checked_fixture(tc, open_device, close_device);
	tcase_set_timeout(tc, 240);
	tcase_add_test(tc, reports_transport_and_caps);
	tcase_add_test(tc, clear_64x64_reads_back_exact_pixels);
	tcase_add_test(tc, buffer_upload_copy_download);
	tcase_add_test(tc, texture_mip_level_and_sub_box);
	tcase_add_test(tc, thousand_submissions_waited_in_random_order);
	tcase_add_test(tc, points_complete_in_submission_order);
	tcase_add_test(tc, exported_fd_polls_readable);
	tcase_add_test(tc, in_fence_orders_a_submission);
	tcase_add_test(tc, invalid_resources_rejected_before_sending);
	tcase_add_test(tc, invalid_stream_refused_device_stays_usable);
	tcase_add_test(tc, debug_dump_decodes_submitted_streams);
	if (use_drm) {
		tcase_add_test(tc, dma_buf_export_import_shares_the_host_resource);
		tcase_add_test(tc, dma_buf_import_rejects_bad_input);
	} else {
		tcase_add_test(tc, vtest_cannot_share_dma_bufs);
	}
	suite_add_tcase(s, tc);
	if (!use_drm) {
		tcase_set_timeout(own, 60);
		tcase_add_test(own, killed_server_gives_device_lost);
		tcase_add_test(own, spawns_private_server_when_none_answers);
		tcase_add_test(own, missing_server_binary_is_explained);
		tcase_add_test(own, protocol_2_fallback_works);
		tcase_add_test(own, drm_on_a_non_virtio_node_is_explained);
		tcase_add_test(own, unknown_transport_name_is_rejected);
		suite_add_tcase(s, own);
	}
	return s;
}

int main(void)
{
	const char *t = getenv("VIRTGL_TRANSPORT");
	int ret;

	use_drm = t && strcmp(t, "drm") == 0;
	if (!use_drm && vtest_fixture_start(&server))
		return EXIT_FAILURE; /* no server is a failure, never a skip */
	ret = check_run(device_suite(), CK_VERBOSE);
	if (!use_drm && ret)
		vtest_fixture_print_log(&server);
	if (!use_drm)
		vtest_fixture_stop(&server);
	return ret;
}
