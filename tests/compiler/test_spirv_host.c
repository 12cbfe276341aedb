/* SPDX-License-Identifier: MIT */
/*
 * The real host accepts what the compiler emits: every test shader is
 * compiled and created as a SHADER object on a private virgl_test_server.
 * A TGSI syntax error makes the server fail CREATE_OBJECT and drop the
 * connection, which the following round trip sees as a lost device.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vdrm_cmds.h"
#include "vdrm_device.h"
#include "check_run.h"
#include "compiler_test_util.h"
#include "vtest_fixture.h"

#define SEC 1000000000ll

static struct vtest_fixture server;
static struct vdrm_device *dev;

static void open_device(void)
{
	struct vdrm_device_create_info info = { .kind = VDRM_TRANSPORT_VTEST,
						.vtest_socket = server.socket };
	struct vdrm_error err = { 0 };

	ck_assert_msg(vdrm_device_create(&info, &dev, &err) == 0, "open: %s", err.message);
}

static void close_device(void)
{
	vdrm_device_destroy(dev);
	dev = NULL;
}

/* Submits and waits: fails if the host dropped us. */
static void round_trip(struct vdrm_cs *cs, const char *what)
{
	uint64_t point = 0;
	int ret = vdrm_device_submit(dev, &(struct vdrm_submit){ .cs = cs, .in_fence_fd = -1 },
				     &point);

	if (ret == 0)
		ret = vdrm_device_wait(dev, point, 30 * SEC);
	if (ret == 0) {
		/* a second, empty submission: the host processed the first one */
		vdrm_cs_reset(cs);
		*vdrm_cs_reserve(cs, 1) = 0;
		ret = vdrm_device_submit(dev, &(struct vdrm_submit){ .cs = cs, .in_fence_fd = -1 },
					 &point);
		if (ret == 0)
			ret = vdrm_device_wait(dev, point, 30 * SEC);
	}
	if (ret || vdrm_device_is_lost(dev))
		vtest_fixture_print_log(&server);
	ck_assert_msg(ret == 0 && !vdrm_device_is_lost(dev), "%s: host rejected it (%s: %s)", what,
		      vdrm_result_name(ret), vdrm_device_error(dev));
	vdrm_cs_reset(cs);
}

static void create_shader(struct vdrm_cs *cs, uint32_t handle, const char *name,
			  const struct vc_tgsi *t)
{
	vdrm_encode_create_shader(cs, &(struct vdrm_cmd_create_shader){
		.handle = handle, .type = ctu_stage_of(name), .num_tokens = t->num_tokens,
		.local_mem_bytes = t->info.shared_size, .data = t->text,
		.size_bytes = (uint32_t)strlen(t->text) });
}

START_TEST(host_accepts_shader)
{
	const char *name = ctu_shaders[_i];
	struct vc_tgsi t;
	struct vdrm_cs cs;
	int ret = ctu_compile(name, &t);

	ck_assert_msg(ret == 0, "%s: %s", name, t.log ? t.log : "missing .spv");
	vdrm_cs_init(&cs);
	create_shader(&cs, 100 + (uint32_t)_i, name, &t);
	round_trip(&cs, name);
	vdrm_cs_finish(&cs);
	vc_tgsi_finish(&t);
}
END_TEST

/* The fixture itself must notice a bad shader, or the test above proves nothing. */
START_TEST(host_drops_client_on_bad_tgsi)
{
	struct vc_tgsi t = { .text = "FRAG\nDCL OUT[0], COLOR\n  MOV OUT[0], IN[0].xyz\n  END\n",
			     .num_tokens = 100 };
	struct vdrm_cs cs;
	uint64_t point = 0;
	int ret;

	vdrm_cs_init(&cs);
	create_shader(&cs, 99, "bad.frag", &t);
	ret = vdrm_device_submit(dev, &(struct vdrm_submit){ .cs = &cs, .in_fence_fd = -1 }, &point);
	if (ret == 0)
		ret = vdrm_device_wait(dev, point, 10 * SEC);
	if (ret == 0) {
		vdrm_cs_reset(&cs);
		*vdrm_cs_reserve(&cs, 1) = 0;
		ret = vdrm_device_submit(dev, &(struct vdrm_submit){ .cs = &cs, .in_fence_fd = -1 },
					 &point);
		if (ret == 0)
			ret = vdrm_device_wait(dev, point, 10 * SEC);
	}
	ck_assert_msg(ret != 0 || vdrm_device_is_lost(dev), "a 3-letter swizzle was accepted");
	vdrm_cs_finish(&cs);
}
END_TEST

static Suite *host_suite(void)
{
	Suite *s = suite_create("spirv->tgsi on the host");
	TCase *tc = tcase_create("create shader");

	tcase_add_checked_fixture(tc, open_device, close_device);
	tcase_set_timeout(tc, 60);
	tcase_add_loop_test(tc, host_accepts_shader, 0, (int)ctu_nr_shaders);
	tcase_add_test(tc, host_drops_client_on_bad_tgsi);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int ret;

	if (vtest_fixture_start(&server))
		return 99; /* hard error: no server */
	ret = check_run(host_suite(), CK_NORMAL);
	vtest_fixture_stop(&server);
	return ret;
}
