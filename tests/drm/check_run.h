/* SPDX-License-Identifier: MIT */
/* The one way every suite runs: all tests, exit status = any failure. */
#pragma once

#include <check.h>
#include <stdlib.h>

static inline int check_run(Suite *s, enum print_output mode)
{
	SRunner *sr = srunner_create(s);
	int failed;

	srunner_run_all(sr, mode);
	failed = srunner_ntests_failed(sr);
	srunner_free(sr);
	return failed ? EXIT_FAILURE : EXIT_SUCCESS;
}
