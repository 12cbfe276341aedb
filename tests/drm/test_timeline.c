/* SPDX-License-Identifier: MIT */
/*
 * The device timeline under concurrency, against an in-process transport
 * that records what reaches it: points are assigned at submit time under the
 * device lock, so whatever the interleaving of threads, the transport sees
 * 1, 2, 3, ... in order, every point is handed out once, and none is lost.
 */
#include <check.h>
#include <fcntl.h>
#include <poll.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "vdrm_device.h"
#include "vdrm_fence_ring.h"
#include "check_run.h"

#define THREADS 8
#define PER_THREAD 2000
#define TOTAL (THREADS * PER_THREAD)

struct fake {
	struct vdrm_transport base;
	uint64_t seen[TOTAL + 1];
	uint32_t nr_seen;
	atomic_int inside;    /* >1 would mean two submits ran at once */
	bool overlapped;
	uint64_t completed;
};

static struct fake *to_fake(struct vdrm_transport *t)
{
	return (struct fake *)t;
}

static int fake_submit(struct vdrm_transport *t, const struct vdrm_submit_info *info,
		       uint64_t point)
{
	struct fake *f = to_fake(t);

	if (atomic_fetch_add(&f->inside, 1) != 0)
		f->overlapped = true;
	if (f->nr_seen <= TOTAL)
		f->seen[f->nr_seen++] = point;
	atomic_fetch_sub(&f->inside, 1);
	return VDRM_OK;
}

/* The fake completes work when asked: everything up to `completed`. */
static int fake_query(struct vdrm_transport *t, uint64_t *completed)
{
	*completed = to_fake(t)->completed;
	return VDRM_OK;
}

static int fake_wait(struct vdrm_transport *t, uint64_t point, int64_t timeout_ns)
{
	return point <= to_fake(t)->completed ? VDRM_OK : VDRM_ERROR_TIMEOUT;
}

/* An eventfd that is readable iff the point is already complete. */
static int fake_export_fd(struct vdrm_transport *t, uint64_t point, int *fd)
{
	*fd = eventfd(point <= to_fake(t)->completed ? 1 : 0, EFD_CLOEXEC);
	return *fd < 0 ? VDRM_ERROR_IO : VDRM_OK;
}

static void fake_destroy(struct vdrm_transport *t)
{
	free(t);
}

static const struct vdrm_transport_ops fake_ops = { .destroy = fake_destroy,
						    .submit = fake_submit };
static const struct vdrm_sync_ops fake_sync_ops = {
	.query = fake_query, .wait = fake_wait, .export_fd = fake_export_fd,
};

static struct vdrm_device *dev;
static struct fake *fake;

static void setup(void)
{
	struct vdrm_error err = { 0 };
	FILE *f = fopen(TEST_DATA_DIR "/caps2.bin", "rb");

	fake = calloc(1, sizeof(*fake));
	ck_assert_ptr_nonnull(fake);
	ck_assert_ptr_nonnull(f);
	fake->base = (struct vdrm_transport){ .ops = &fake_ops, .sync_ops = &fake_sync_ops,
					      .name = "fake", .capset_id = 2,
					      .has_fence_fds = true, .hangup_fd = -1 };
	fake->base.caps_size = (uint32_t)fread(fake->base.caps, 1, sizeof(fake->base.caps), f);
	fclose(f);
	ck_assert_int_eq(vdrm_device_create_from_transport(&fake->base, &dev, &err), 0);
}

static void teardown(void)
{
	vdrm_device_destroy(dev);
}

struct worker {
	uint64_t points[PER_THREAD];
};

static void *submit_many(void *arg)
{
	struct worker *w = arg;
	struct vdrm_cs cs;
	struct vdrm_submit s = { .cs = &cs, .in_fence_fd = -1 };

	vdrm_cs_init(&cs);
	for (int i = 0; i < PER_THREAD; i++) {
		*vdrm_cs_reserve(&cs, 1) = 0; /* a NOP */
		if (vdrm_device_submit(dev, &s, &w->points[i]))
			w->points[i] = 0;
		vdrm_cs_reset(&cs);
	}
	vdrm_cs_finish(&cs);
	return NULL;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

START_TEST(threads_get_unique_ordered_points)
{
	static struct worker w[THREADS];
	static uint64_t all[TOTAL];
	pthread_t th[THREADS];

	for (int i = 0; i < THREADS; i++)
		pthread_create(&th[i], NULL, submit_many, &w[i]);
	for (int i = 0; i < THREADS; i++)
		pthread_join(th[i], NULL);
	/* each thread's own points increase */
	for (int i = 0; i < THREADS; i++)
		for (int j = 1; j < PER_THREAD; j++)
			ck_assert_uint_gt(w[i].points[j], w[i].points[j - 1]);
	/* together they are exactly 1..TOTAL */
	for (int i = 0; i < THREADS; i++)
		memcpy(&all[i * PER_THREAD], w[i].points, sizeof(w[i].points));
	qsort(all, TOTAL, sizeof(all[0]), cmp_u64);
	for (int i = 0; i < TOTAL; i++)
		ck_assert_uint_eq(all[i], (uint64_t)i + 1);
	/* and the transport received them in that order, one at a time */
	ck_assert_uint_eq(fake->nr_seen, TOTAL);
	for (int i = 0; i < TOTAL; i++)
		ck_assert_uint_eq(fake->seen[i], (uint64_t)i + 1);
	ck_assert(!fake->overlapped);
	ck_assert_uint_eq(vdrm_device_last_submitted(dev), TOTAL);
}
END_TEST

START_TEST(completion_is_cached_and_monotonic)
{
	struct vdrm_cs cs;
	struct vdrm_submit s = { .cs = &cs, .in_fence_fd = -1 };
	uint64_t p[3];

	vdrm_cs_init(&cs);
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(vdrm_device_submit(dev, &s, &p[i]), 0);
	vdrm_cs_finish(&cs);
	ck_assert(!vdrm_device_is_signaled(dev, p[0]));
	ck_assert_int_eq(vdrm_device_wait(dev, p[0], 0), VDRM_ERROR_TIMEOUT);
	fake->completed = p[1];
	ck_assert(vdrm_device_is_signaled(dev, p[0]));
	ck_assert(vdrm_device_is_signaled(dev, p[1]));
	ck_assert(!vdrm_device_is_signaled(dev, p[2]));
	ck_assert_uint_eq(vdrm_device_last_completed(dev), p[1]);
	/* a transport that answers lower later cannot move the cache back */
	fake->completed = 0;
	ck_assert_uint_eq(vdrm_device_last_completed(dev), p[1]);
	ck_assert_int_eq(vdrm_device_wait(dev, p[1], 0), 0);
}
END_TEST

START_TEST(wait_polls_the_exported_fd)
{
	struct vdrm_cs cs;
	struct vdrm_submit s = { .cs = &cs, .in_fence_fd = -1 };
	uint64_t p;
	int fd = -1;

	vdrm_cs_init(&cs);
	ck_assert_int_eq(vdrm_device_submit(dev, &s, &p), 0);
	vdrm_cs_finish(&cs);
	ck_assert_int_eq(vdrm_device_wait(dev, p, 1000000), VDRM_ERROR_TIMEOUT);
	ck_assert_int_eq(vdrm_device_export_fd(dev, p, &fd), 0);
	ck_assert_int_eq(poll(&(struct pollfd){ .fd = fd, .events = POLLIN }, 1, 0), 0);
	close(fd);
	fake->completed = p;
	ck_assert_int_eq(vdrm_device_wait(dev, p, -1), 0);
	ck_assert_uint_eq(vdrm_device_last_completed(dev), p);
}
END_TEST

START_TEST(encode_error_is_reported_at_submit)
{
	struct vdrm_cs cs;
	struct vdrm_submit s = { .cs = &cs, .in_fence_fd = -1 };
	uint64_t p = 77;

	vdrm_cs_init(&cs);
	cs.max_dw = 1;
	ck_assert_ptr_null(vdrm_cs_reserve(&cs, 2));
	ck_assert_int_eq(vdrm_device_submit(dev, &s, &p), VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_uint_eq(p, 77);
	ck_assert_uint_eq(fake->nr_seen, 0);
	ck_assert_ptr_nonnull(strstr(vdrm_device_error(dev), "encode"));
	vdrm_cs_finish(&cs);
}
END_TEST

/* The DRM transport's ring of sync_files, with eventfds standing in. */
START_TEST(fence_ring_retires_in_order)
{
	struct vdrm_fence_ring r;
	int fds[100];

	vdrm_fence_ring_init(&r);
	for (int i = 0; i < 100; i++) {
		fds[i] = eventfd(0, EFD_CLOEXEC);
		ck_assert_int_eq(vdrm_fence_ring_push(&r, (uint64_t)i + 1, fds[i]), 0);
	}
	ck_assert_uint_eq(vdrm_fence_ring_retire(&r), 0);
	for (int i = 0; i < 40; i++)
		ck_assert_int_eq(eventfd_write(fds[i], 1), 0);
	ck_assert_uint_eq(vdrm_fence_ring_retire(&r), 40);
	ck_assert_uint_eq(r.count, 60);
	ck_assert_int_eq(vdrm_fence_ring_find(&r, 41), fds[40]);
	ck_assert_int_eq(vdrm_fence_ring_find(&r, 101), -1);
	ck_assert_int_eq(r.signaled_fd, fds[39]);
	/* trimmed to 10 unsignalled: nothing is marked complete, a wait for
	 * point 41 finds the oldest kept (91), which signals after it */
	vdrm_fence_ring_trim(&r, 10);
	ck_assert_uint_eq(r.count, 10);
	ck_assert_uint_eq(vdrm_fence_ring_retire(&r), 40);
	ck_assert_int_eq(vdrm_fence_ring_find(&r, 41), fds[90]);
	ck_assert_int_eq(fcntl(fds[50], F_GETFD), -1); /* closed */
	vdrm_fence_ring_finish(&r);
}
END_TEST

static Suite *timeline_suite(void)
{
	Suite *s = suite_create("timeline");
	TCase *tc = tcase_create("device");

	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, threads_get_unique_ordered_points);
	tcase_add_test(tc, completion_is_cached_and_monotonic);
	tcase_add_test(tc, wait_polls_the_exported_fd);
	tcase_add_test(tc, encode_error_is_reported_at_submit);
	tcase_add_test(tc, fence_ring_retires_in_order);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(timeline_suite(), CK_NORMAL);
}
