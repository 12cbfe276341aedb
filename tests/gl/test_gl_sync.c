/* SPDX-License-Identifier: MIT */
/*
 * Fences and the one timeline (technique 5): GL sync objects, vgl_fence
 * (create, wait, export, import, GPU wait), share groups, and two contexts
 * in two threads whose submissions get strictly increasing drm/ points.
 */
#include <poll.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include <sys/eventfd.h>
#include <unistd.h>

#include "gl_test_util.h"

START_TEST(t_gl_sync_objects)
{
	GLsync s;
	GLint v = 0, len = 0;
	GLenum r;

	gl.ClearColor(0, 1, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	s = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
	ck_assert_ptr_nonnull(s);
	ck_assert_int_eq(gl.IsSync(s), GL_TRUE);
	r = gl.ClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 5000000000ull);
	ck_assert(r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED);
	gl.GetSynciv(s, GL_SYNC_STATUS, 1, &len, &v);
	ck_assert_int_eq(v, GL_SIGNALED);
	ck_assert_int_eq(len, 1);
	gl.GetSynciv(s, GL_OBJECT_TYPE, 1, NULL, &v);
	ck_assert_int_eq(v, GL_SYNC_FENCE);
	gl.WaitSync(s, 0, GL_TIMEOUT_IGNORED);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.WaitSync(s, 1, GL_TIMEOUT_IGNORED);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	gl.DeleteSync(s);
	ck_assert_int_eq(gl.IsSync(s), GL_FALSE);
	gl.DeleteSync(s);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	ck_assert_ptr_null(gl.FenceSync(0x1234, 0));
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	glt_assert_pixel(0, 0, 0, 255, 0, 255);
}
END_TEST

static bool fd_readable(int fd, int ms)
{
	struct pollfd p = { .fd = fd, .events = POLLIN };

	return poll(&p, 1, ms) == 1;
}

START_TEST(t_vgl_fences)
{
	struct vgl_fence *f, *imp;
	int fd, efd;

	/* nothing submitted yet: already signalled */
	ck_assert_int_eq(vgl_fence_create(G.ctx, &f), VGL_OK);
	ck_assert(vgl_fence_is_signaled(f));
	ck_assert_int_eq(vgl_fence_export_fd(f, &fd), VGL_OK);
	ck_assert(fd_readable(fd, 0));
	close(fd);
	vgl_fence_destroy(f);
	/* after work: the fence is its submission's point */
	gl.Clear(GL_COLOR_BUFFER_BIT);
	ck_assert_int_eq(vgl_fence_create(G.ctx, &f), VGL_OK);
	ck_assert_uint_eq(vgl_context_stats(G.ctx)->submits, 1);
	ck_assert_int_eq(vgl_fence_export_fd(f, &fd), VGL_OK);
	ck_assert_int_eq(vgl_fence_wait(f, UINT64_MAX), VGL_OK);
	ck_assert(vgl_fence_is_signaled(f));
	ck_assert(fd_readable(fd, 5000));
	close(fd);
	ck_assert_int_eq(vgl_fence_gpu_wait(G.ctx, f), VGL_OK);
	vgl_fence_destroy(f);
	/* an imported fd: signalled when it is readable */
	efd = eventfd(0, EFD_CLOEXEC);
	ck_assert_int_ge(efd, 0);
	ck_assert_int_eq(vgl_fence_import_fd(G.dev, efd, &imp), VGL_OK);
	ck_assert(!vgl_fence_is_signaled(imp));
	ck_assert_int_eq(vgl_fence_wait(imp, 1000000), VGL_ERROR_TIMEOUT);
	ck_assert_int_eq(eventfd_write(efd, 1), 0);
	ck_assert(vgl_fence_is_signaled(imp));
	ck_assert_int_eq(vgl_fence_gpu_wait(G.ctx, imp), VGL_OK);
	vgl_fence_destroy(imp);
}
END_TEST

/* Contexts of one share group see each other's buffers and programs. */
START_TEST(t_share_group)
{
	struct vgl_context_info ci = { .major = 3, .minor = 0, .share = G.ctx };
	struct vgl_context *other;
	GLuint buf;

	gl.GenBuffers(1, &buf);
	gl.BindBuffer(GL_ARRAY_BUFFER, buf);
	ck_assert_int_eq(vgl_context_create(G.dev, &ci, &other), VGL_OK);
	ck_assert_int_eq(vgl_make_current(other, G.surf, G.surf), VGL_OK);
	ck_assert_int_eq(gl.IsBuffer(buf), GL_TRUE);
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	/* a context current elsewhere cannot be bound here */
	vgl_context_destroy(other);
	gl.DeleteBuffers(1, &buf);
}
END_TEST

#define ROUNDS 40

struct worker {
	struct vgl_surface *surf;
	struct vgl_context *ctx;
	float colour[4];
	uint64_t points[ROUNDS];
	uint64_t non_monotonic;
	uint8_t px[4];
	int bad;
};

static void *work(void *arg)
{
	struct worker *w = arg;
	struct glt_gl g;

	if (vgl_make_current(w->ctx, w->surf, w->surf) != VGL_OK) {
		w->bad = 1;
		return NULL;
	}
	glt_load(&g);
	for (int i = 0; i < ROUNDS; i++) {
		g.ClearColor(w->colour[0], w->colour[1], w->colour[2], w->colour[3]);
		g.Clear(GL_COLOR_BUFFER_BIT);
		g.Flush();
		w->points[i] = vgl_context_stats(w->ctx)->last_point;
	}
	g.ReadPixels(5, 5, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, w->px);
	w->non_monotonic = vgl_context_stats(w->ctx)->points_non_monotonic;
	w->bad |= g.GetError() != GL_NO_ERROR;
	vgl_make_current(NULL, NULL, NULL);
	return NULL;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return x < y ? -1 : x > y;
}

/* Two contexts, two threads, one device: every submission gets its own
 * point, increasing within each context, none shared between them. */
START_TEST(t_two_threads_one_timeline)
{
	struct vgl_surface_info si = { .width = 8, .height = 8, .color = VK_FORMAT_R8G8B8A8_UNORM };
	struct vgl_context_info ci = { .major = 3, .minor = 0 };
	struct worker w[2] = { { .colour = { 1, 0, 0, 1 } }, { .colour = { 0, 0, 1, 1 } } };
	uint64_t all[2 * ROUNDS];
	pthread_t t[2];

	for (int i = 0; i < 2; i++) {
		ck_assert_int_eq(vgl_surface_create(G.dev, &si, &w[i].surf), VGL_OK);
		ck_assert_int_eq(vgl_context_create(G.dev, &ci, &w[i].ctx), VGL_OK);
	}
	for (int i = 0; i < 2; i++)
		ck_assert_int_eq(pthread_create(&t[i], NULL, work, &w[i]), 0);
	for (int i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
	for (int i = 0; i < 2; i++) {
		ck_assert_int_eq(w[i].bad, 0);
		ck_assert_uint_eq(w[i].non_monotonic, 0);
		for (int r = 1; r < ROUNDS; r++)
			ck_assert_uint_gt(w[i].points[r], w[i].points[r - 1]);
		memcpy(all + i * ROUNDS, w[i].points, sizeof(w[i].points));
		vgl_context_destroy(w[i].ctx);
		vgl_surface_destroy(w[i].surf);
	}
	ck_assert(w[0].px[0] == 255 && w[0].px[2] == 0);
	ck_assert(w[1].px[0] == 0 && w[1].px[2] == 255);
	qsort(all, 2 * ROUNDS, sizeof(all[0]), cmp_u64);
	for (int i = 1; i < 2 * ROUNDS; i++)
		ck_assert_uint_gt(all[i], all[i - 1]);
}
END_TEST

/* A context current in one thread cannot be made current in another. */
static void *try_bind(void *arg)
{
	return (void *)(intptr_t)vgl_make_current(arg, G.surf, G.surf);
}

START_TEST(t_bad_access)
{
	pthread_t t;
	void *ret;

	ck_assert_int_eq(pthread_create(&t, NULL, try_bind, G.ctx), 0);
	pthread_join(t, &ret);
	ck_assert_int_eq((int)(intptr_t)ret, VGL_ERROR_BAD_ACCESS);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_sync");
	TCase *tc = tcase_create("sync");

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_add_test(tc, t_gl_sync_objects);
	tcase_add_test(tc, t_vgl_fences);
	tcase_add_test(tc, t_share_group);
	tcase_add_test(tc, t_two_threads_one_timeline);
	tcase_add_test(tc, t_bad_access);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
