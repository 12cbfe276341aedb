/* SPDX-License-Identifier: MIT */
/* vdrm_cs: reserve-then-emit, growth, and the sticky error. */
#include <check.h>
#include <stdlib.h>

#include "vdrm_cs.h"
#include "vdrm_result.h"
#include "check_run.h"

START_TEST(reserve_grows_and_keeps_contents)
{
	struct vdrm_cs cs;

	vdrm_cs_init(&cs);
	for (uint32_t i = 0; i < 5000; i++) {
		uint32_t *p = vdrm_cs_reserve(&cs, 1);
		ck_assert_ptr_nonnull(p);
		*p = i;
	}
	ck_assert_uint_eq(cs.cdw, 5000);
	ck_assert_uint_ge(cs.capacity, 5000);
	for (uint32_t i = 0; i < 5000; i++)
		ck_assert_uint_eq(cs.buf[i], i);
	ck_assert(vdrm_cs_ok(&cs));
	vdrm_cs_finish(&cs);
}
END_TEST

START_TEST(limit_sets_sticky_error)
{
	struct vdrm_cs cs;

	vdrm_cs_init(&cs);
	cs.max_dw = 10;
	ck_assert_ptr_nonnull(vdrm_cs_reserve(&cs, 8));
	ck_assert_ptr_null(vdrm_cs_reserve(&cs, 3));
	ck_assert_int_eq(cs.error, VDRM_ERROR_INVALID_ARGUMENT);
	/* sticky: even a reservation that would fit now fails */
	ck_assert_ptr_null(vdrm_cs_reserve(&cs, 1));
	ck_assert_uint_eq(cs.cdw, 8);
	vdrm_cs_reset(&cs);
	ck_assert(vdrm_cs_ok(&cs));
	ck_assert_uint_eq(cs.cdw, 0);
	ck_assert_ptr_nonnull(vdrm_cs_reserve(&cs, 10));
	vdrm_cs_finish(&cs);
}
END_TEST

START_TEST(first_error_wins)
{
	struct vdrm_cs cs;

	vdrm_cs_init(&cs);
	vdrm_cs_set_error(&cs, VDRM_ERROR_OUT_OF_MEMORY);
	vdrm_cs_set_error(&cs, VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_int_eq(cs.error, VDRM_ERROR_OUT_OF_MEMORY);
	ck_assert_ptr_null(vdrm_cs_reserve(&cs, 1));
	vdrm_cs_finish(&cs);
}
END_TEST

START_TEST(huge_reservation_fails_cleanly)
{
	struct vdrm_cs cs;

	vdrm_cs_init(&cs);
	ck_assert_ptr_nonnull(vdrm_cs_reserve(&cs, 4));
	ck_assert_ptr_null(vdrm_cs_reserve(&cs, UINT32_MAX));
	ck_assert_int_eq(cs.error, VDRM_ERROR_OUT_OF_MEMORY);
	ck_assert_uint_eq(cs.cdw, 4);
	vdrm_cs_finish(&cs);
}
END_TEST

START_TEST(header_packs_fields)
{
	ck_assert_uint_eq(VDRM_CMD_HEADER(7, 0, 8), 0x00080007u);
	ck_assert_uint_eq(VDRM_CMD_HEADER(1, 8, 5), 0x00050801u);
	ck_assert_uint_eq(VDRM_CMD_HEADER(0xff, 0xff, 0xffff), 0xffffffffu);
}
END_TEST

static Suite *cs_suite(void)
{
	Suite *s = suite_create("vdrm_cs");
	TCase *tc = tcase_create("cs");

	tcase_add_test(tc, reserve_grows_and_keeps_contents);
	tcase_add_test(tc, limit_sets_sticky_error);
	tcase_add_test(tc, first_error_wins);
	tcase_add_test(tc, huge_reservation_fails_cleanly);
	tcase_add_test(tc, header_packs_fields);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(cs_suite(), CK_NORMAL);
}
