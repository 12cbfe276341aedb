/* SPDX-License-Identifier: MIT */
/*
 * GL object namespaces (gl/vgl_names.c) on their own, no host: glGen*'s
 * lowest free names, names an application picks anywhere in 2^32 (ES 2.0's
 * glBind* of a never generated name), and removal from the hash table of the
 * high names checked against a plain model over many random operations.
 */
#include <check.h>
#include <stdint.h>
#include <stdlib.h>

#include "check_run.h"
#include "vgl_names.h"

static int obj[8]; /* distinct addresses to store */

START_TEST(gen_hands_out_lowest_free_names)
{
	struct vgl_names n = { 0 };

	for (uint32_t i = 1; i <= 100; i++)
		ck_assert_uint_eq(vgl_names_gen(&n, NULL), i);
	vgl_names_remove(&n, 40);
	vgl_names_remove(&n, 7);
	ck_assert_uint_eq(vgl_names_gen(&n, &obj[0]), 7);
	ck_assert_uint_eq(vgl_names_gen(&n, &obj[1]), 40);
	ck_assert_uint_eq(vgl_names_gen(&n, NULL), 101);
	ck_assert_ptr_eq(vgl_names_get(&n, 40), &obj[1]);
	/* a generated name without an object: generated, but no object */
	ck_assert(vgl_names_is_gen(&n, 101));
	ck_assert_ptr_null(vgl_names_get(&n, 101));
	vgl_names_finish(&n);
}
END_TEST

START_TEST(high_names_cost_no_dense_storage)
{
	struct vgl_names n = { 0 };

	ck_assert(vgl_names_set(&n, 1437432592u, &obj[0]));
	ck_assert(vgl_names_set(&n, UINT32_MAX, &obj[1]));
	ck_assert(vgl_names_set(&n, VGL_NAMES_DENSE_MAX + 1, &obj[2]));
	ck_assert_uint_eq(n.cap, 0); /* nothing dense was allocated */
	ck_assert_ptr_eq(vgl_names_get(&n, 1437432592u), &obj[0]);
	ck_assert_ptr_eq(vgl_names_get(&n, UINT32_MAX), &obj[1]);
	ck_assert_ptr_null(vgl_names_get(&n, 1437432593u));
	ck_assert_ptr_null(vgl_names_get(&n, 0));
	ck_assert_uint_eq(vgl_names_gen(&n, NULL), 1);
	vgl_names_remove(&n, UINT32_MAX);
	ck_assert_ptr_null(vgl_names_get(&n, UINT32_MAX));
	ck_assert_ptr_eq(vgl_names_get(&n, 1437432592u), &obj[0]);
	vgl_names_finish(&n);
}
END_TEST

START_TEST(gen_goes_past_a_full_dense_part)
{
	struct vgl_names n = { 0 };

	for (uint32_t i = 1; i <= VGL_NAMES_DENSE_MAX; i++)
		ck_assert(vgl_names_set(&n, i, NULL));
	ck_assert(vgl_names_set(&n, VGL_NAMES_DENSE_MAX + 1, &obj[0]));
	ck_assert_uint_eq(vgl_names_gen(&n, &obj[1]), VGL_NAMES_DENSE_MAX + 2);
	ck_assert_ptr_eq(vgl_names_get(&n, VGL_NAMES_DENSE_MAX + 2), &obj[1]);
	vgl_names_finish(&n);
}
END_TEST

static int drained;
static void count_drained(void *o)
{
	ck_assert_ptr_nonnull(o);
	drained++;
}

START_TEST(drain_releases_every_object_once)
{
	struct vgl_names n = { 0 };

	vgl_names_gen(&n, &obj[0]);
	vgl_names_gen(&n, NULL); /* reserved: no object to release */
	vgl_names_set(&n, 3000000000u, &obj[1]);
	vgl_names_set(&n, 77, &obj[2]);
	drained = 0;
	vgl_names_drain(&n, count_drained);
	ck_assert_int_eq(drained, 3);
	ck_assert_ptr_null(n.slots);
	ck_assert_ptr_null(n.sparse.keys);
}
END_TEST

/* Random sets and removes of high names (few distinct keys, so that probe
 * chains collide and wrap) against an array model. */
START_TEST(sparse_table_matches_a_model)
{
	enum { KEYS = 300, OPS = 200000 };
	uint32_t key[KEYS];
	void *model[KEYS] = { 0 };
	struct vgl_names n = { 0 };
	unsigned seed = 12345;

	for (int i = 0; i < KEYS; i++)
		key[i] = VGL_NAMES_DENSE_MAX + 1 + (uint32_t)rand_r(&seed) % 100000u * 4096u;
	for (int op = 0; op < OPS; op++) {
		int k = rand_r(&seed) % KEYS;

		if (rand_r(&seed) % 3) {
			model[k] = &obj[op % 8];
			ck_assert(vgl_names_set(&n, key[k], model[k]));
		} else {
			model[k] = NULL;
			vgl_names_remove(&n, key[k]);
		}
		if (op % 997 == 0)
			for (int i = 0; i < KEYS; i++)
				ck_assert_ptr_eq(vgl_names_get(&n, key[i]), model[i]);
	}
	vgl_names_finish(&n);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_names");
	TCase *t = tcase_create("names");

	tcase_add_test(t, gen_hands_out_lowest_free_names);
	tcase_add_test(t, high_names_cost_no_dense_storage);
	tcase_add_test(t, gen_goes_past_a_full_dense_part);
	tcase_add_test(t, drain_releases_every_object_once);
	tcase_add_test(t, sparse_table_matches_a_model);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return check_run(suite(), CK_VERBOSE);
}
