/* SPDX-License-Identifier: MIT */
/*
 * gl/vgl_range.h on its own (no host): the range and overflow checks every
 * entry point with a size, offset or count uses, at the extreme values an
 * application can pass.
 */
#include <check.h>
#include <limits.h>
#include <stddef.h>
#include <stdint.h>

#include "check_run.h"
#include "vgl_range.h"

static const struct {
	GLintptr offset;
	GLsizeiptr size, total;
	bool ok;
} ranges[] = {
	{ 0, 0, 0, true },
	{ 0, 16, 16, true },
	{ 8, 8, 16, true },
	{ 16, 0, 16, true },
	{ 17, 0, 16, false },
	{ 8, 9, 16, false },
	{ -1, 1, 16, false },
	{ 0, -1, 16, false },
	{ INT_MIN, 8, 16, false },
	{ 8, INT_MIN, 16, false },
	/* offset + size wraps: the unchecked sum is negative and passes */
	{ PTRDIFF_MAX - 2, 8, 16, false },
	{ 8, PTRDIFF_MAX, 16, false },
	{ PTRDIFF_MAX, PTRDIFF_MAX, PTRDIFF_MAX, false },
	{ 0, PTRDIFF_MAX, PTRDIFF_MAX, true },
	{ PTRDIFF_MAX, 0, PTRDIFF_MAX, true },
	{ PTRDIFF_MIN, PTRDIFF_MAX, 16, false },
};

START_TEST(range_ok_at_the_extremes)
{
	ck_assert_msg(vgl_range_ok(ranges[_i].offset, ranges[_i].size, ranges[_i].total) ==
			      ranges[_i].ok,
		      "row %d", _i);
}
END_TEST

START_TEST(mul_add_reports_overflow)
{
	uint64_t out;

	ck_assert(vgl_mul_add(3, 4, 5, &out));
	ck_assert_uint_eq(out, 17);
	ck_assert(vgl_mul_add(UINT32_MAX, UINT32_MAX, 0, &out));
	ck_assert(!vgl_mul_add(UINT64_MAX / 2 + 1, 2, 0, &out));
	ck_assert(!vgl_mul_add(UINT64_MAX, 1, 1, &out));
	ck_assert(vgl_mul_add(UINT64_MAX, 1, 0, &out));
	ck_assert(vgl_mul_add(0, UINT64_MAX, 7, &out));
	ck_assert_uint_eq(out, 7);
	/* count * stride of a draw: INT_MAX vertices of 2048 bytes fits 64 bits */
	ck_assert(vgl_mul_add(INT_MAX, 2048, 16, &out));
	ck_assert_uint_eq(out, (uint64_t)INT_MAX * 2048 + 16);
}
END_TEST

START_TEST(add3_reports_overflow)
{
	uint64_t out;

	ck_assert(vgl_add3(1, 2, 3, &out));
	ck_assert_uint_eq(out, 6);
	ck_assert(!vgl_add3(UINT64_MAX, 1, 0, &out));
	ck_assert(!vgl_add3(1, UINT64_MAX - 1, 1, &out));
	ck_assert(vgl_add3(UINT64_MAX - 2, 1, 1, &out));
}
END_TEST

START_TEST(extent_ok_without_int_wrap)
{
	ck_assert(vgl_extent_ok(0, 4, 4));
	ck_assert(vgl_extent_ok(4, 0, 4));
	ck_assert(!vgl_extent_ok(1, 4, 4));
	ck_assert(!vgl_extent_ok(-1, 1, 4));
	ck_assert(!vgl_extent_ok(1, -1, 4));
	/* 1 + INT_MAX wraps to INT_MIN in int */
	ck_assert(!vgl_extent_ok(1, INT_MAX, 4));
	ck_assert(!vgl_extent_ok(INT_MAX, INT_MAX, INT_MAX));
	ck_assert(vgl_extent_ok(INT_MAX, 0, INT_MAX));
	ck_assert(!vgl_extent_ok(INT_MIN, 8, 4));
}
END_TEST

START_TEST(array_absent_only_with_elements)
{
	int one;

	ck_assert(vgl_array_absent(1, NULL));
	ck_assert(vgl_array_absent(INT_MAX, NULL));
	ck_assert(!vgl_array_absent(0, NULL));
	ck_assert(!vgl_array_absent(-1, NULL));
	ck_assert(!vgl_array_absent(1, &one));
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_range");
	TCase *tc = tcase_create("range");

	tcase_add_loop_test(tc, range_ok_at_the_extremes, 0,
			    (int)(sizeof(ranges) / sizeof(ranges[0])));
	tcase_add_test(tc, mul_add_reports_overflow);
	tcase_add_test(tc, add3_reports_overflow);
	tcase_add_test(tc, extent_ok_without_int_wrap);
	tcase_add_test(tc, array_absent_only_with_elements);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(suite(), CK_NORMAL);
}
