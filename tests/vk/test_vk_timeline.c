/* SPDX-License-Identifier: MIT */
/*
 * Queue submission and synchronisation on a real host: timeline semaphores
 * signalled and waited by submissions and by the CPU, wait-before-signal
 * (a submission queued until the CPU signals), fences, pollable fds, and
 * two threads that record A then B and submit B then A.
 */
#include <poll.h>
#include <pthread.h>
#include <string.h>
#include <unistd.h>

#include "vk_test.h"

#define SEC 1000000000ull
#define RT_USAGE (VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT)

static VkSemaphore timeline(uint64_t initial)
{
	VkSemaphoreTypeCreateInfo t = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_TYPE_CREATE_INFO,
					.semaphoreType = VK_SEMAPHORE_TYPE_TIMELINE,
					.initialValue = initial };
	VkSemaphore s;

	ck_assert_int_eq(vvk_CreateSemaphore(T.dev, &(VkSemaphoreCreateInfo){
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, .pNext = &t }, NULL, &s),
		VK_SUCCESS);
	return s;
}

static uint64_t value_of(VkSemaphore s)
{
	uint64_t v;

	ck_assert_int_eq(vvk_GetSemaphoreCounterValue(T.dev, s, &v), VK_SUCCESS);
	return v;
}

static VkCommandBuffer record_clear(const struct vkt_image *img, float r)
{
	VkCommandBuffer cmd = vkt_begin();

	vvk_CmdClearColorImage(cmd, img->img, 0, &(VkClearColorValue){ .float32 = { r, 0, 0, 1 } },
			       1, &(VkImageSubresourceRange){ VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 });
	ck_assert_int_eq(vvk_EndCommandBuffer(cmd), VK_SUCCESS);
	return cmd;
}

static VkResult submit(VkCommandBuffer cmd, VkSemaphore wait, uint64_t wv, VkSemaphore sig,
		       uint64_t sv, VkFence fence)
{
	VkCommandBufferSubmitInfo ci = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO,
					 .commandBuffer = cmd };
	VkSemaphoreSubmitInfo w = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
				    .semaphore = wait, .value = wv };
	VkSemaphoreSubmitInfo s = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_SUBMIT_INFO,
				    .semaphore = sig, .value = sv };
	VkSubmitInfo2 si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
			     .waitSemaphoreInfoCount = wait ? 1 : 0, .pWaitSemaphoreInfos = &w,
			     .commandBufferInfoCount = cmd ? 1 : 0, .pCommandBufferInfos = &ci,
			     .signalSemaphoreInfoCount = sig ? 1 : 0, .pSignalSemaphoreInfos = &s };

	return vvk_QueueSubmit2(T.queue, 1, &si, fence);
}

static void wait_value(VkSemaphore s, uint64_t v, VkResult want)
{
	VkSemaphoreWaitInfo wi = { .sType = VK_STRUCTURE_TYPE_SEMAPHORE_WAIT_INFO,
				   .semaphoreCount = 1, .pSemaphores = &s, .pValues = &v };

	ck_assert_int_eq(vvk_WaitSemaphores(T.dev, &wi, want == VK_TIMEOUT ? 1000000 : 30 * SEC),
			 want);
}

START_TEST(submit_signals_timeline_values)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 64, 64, RT_USAGE);
	VkSemaphore s = timeline(5);
	VkCommandBuffer a = record_clear(&img, 1), b = record_clear(&img, 0);

	ck_assert_uint_eq(value_of(s), 5);
	ck_assert_int_eq(submit(a, VK_NULL_HANDLE, 0, s, 10, VK_NULL_HANDLE), VK_SUCCESS);
	ck_assert_int_eq(submit(b, s, 10, s, 20, VK_NULL_HANDLE), VK_SUCCESS);
	wait_value(s, 20, VK_SUCCESS);
	ck_assert_uint_eq(value_of(s), 20);
	wait_value(s, 21, VK_TIMEOUT);
	vvk_DestroySemaphore(T.dev, s, NULL);
	vvk_FreeCommandBuffers(T.dev, T.pool, 1, &a);
	vvk_FreeCommandBuffers(T.dev, T.pool, 1, &b);
	vkt_image_free(&img);
}
END_TEST

/* Wait-before-signal: the batch is queued until the CPU signals. */
START_TEST(submission_waits_for_cpu_signal)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 8, 8, RT_USAGE);
	VkSemaphore gate = timeline(0), done = timeline(0);
	VkCommandBuffer a = record_clear(&img, 1);
	VkFence fence;
	uint8_t px[256];

	ck_assert_int_eq(vvk_CreateFence(T.dev, &(VkFenceCreateInfo){
		.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO }, NULL, &fence), VK_SUCCESS);
	ck_assert_int_eq(submit(a, gate, 3, done, 1, fence), VK_SUCCESS);
	ck_assert_int_eq(vvk_GetFenceStatus(T.dev, fence), VK_NOT_READY);
	ck_assert_int_eq(vvk_WaitForFences(T.dev, 1, &fence, VK_TRUE, 1000000), VK_TIMEOUT);
	wait_value(done, 1, VK_TIMEOUT);
	ck_assert_int_eq(vvk_SignalSemaphore(T.dev, &(VkSemaphoreSignalInfo){
		.sType = VK_STRUCTURE_TYPE_SEMAPHORE_SIGNAL_INFO, .semaphore = gate, .value = 3 }),
		VK_SUCCESS);
	wait_value(done, 1, VK_SUCCESS);
	ck_assert_int_eq(vvk_WaitForFences(T.dev, 1, &fence, VK_TRUE, 30 * SEC), VK_SUCCESS);
	vkt_read_image(&img, 0, 0, 4, px);
	vkt_assert_rgba8(px, 64, (uint8_t[]){ 0xff, 0, 0, 0xff });
	vvk_DestroyFence(T.dev, fence, NULL);
	vvk_DestroySemaphore(T.dev, gate, NULL);
	vvk_DestroySemaphore(T.dev, done, NULL);
	vvk_FreeCommandBuffers(T.dev, T.pool, 1, &a);
	vkt_image_free(&img);
}
END_TEST

START_TEST(semaphore_fd_polls_readable)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 256, 256, RT_USAGE);
	VkSemaphore s = timeline(0);
	VkCommandBuffer a = record_clear(&img, 1);
	int fd;

	ck_assert_int_eq(vvk_GetSemaphoreFdForValue(T.dev, s, 1, &fd), VK_NOT_READY);
	ck_assert_int_eq(submit(a, VK_NULL_HANDLE, 0, s, 1, VK_NULL_HANDLE), VK_SUCCESS);
	ck_assert_int_eq(vvk_GetSemaphoreFdForValue(T.dev, s, 1, &fd), VK_SUCCESS);
	ck_assert_int_eq(poll(&(struct pollfd){ .fd = fd, .events = POLLIN }, 1, 10000), 1);
	close(fd);
	ck_assert_uint_eq(value_of(s), 1);
	vvk_DestroySemaphore(T.dev, s, NULL);
	vvk_FreeCommandBuffers(T.dev, T.pool, 1, &a);
	vkt_image_free(&img);
}
END_TEST

/* Two threads record A then B; B is submitted first. Execution (and so the
 * timeline) follows submission order: the image ends up with A's colour. */
struct order_ctx {
	const struct vkt_image *img;
	VkCommandBuffer cmd;
	float r;
	pthread_barrier_t *recorded;
	pthread_mutex_t *lock;
	pthread_cond_t *turn;
	int *next;
	int id;
	VkSemaphore sem;
	uint64_t value;
};

static void *record_then_submit(void *arg)
{
	struct order_ctx *c = arg;

	pthread_mutex_lock(c->lock);
	c->cmd = record_clear(c->img, c->r);
	pthread_mutex_unlock(c->lock);
	pthread_barrier_wait(c->recorded);
	pthread_mutex_lock(c->lock);
	while (*c->next != c->id)
		pthread_cond_wait(c->turn, c->lock);
	ck_assert_int_eq(submit(c->cmd, VK_NULL_HANDLE, 0, c->sem, c->value, VK_NULL_HANDLE),
			 VK_SUCCESS);
	(*c->next)++;
	pthread_cond_broadcast(c->turn);
	pthread_mutex_unlock(c->lock);
	return NULL;
}

START_TEST(threads_record_a_b_submit_b_a)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 32, 32, RT_USAGE);
	pthread_barrier_t recorded;
	pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
	pthread_cond_t turn = PTHREAD_COND_INITIALIZER;
	VkSemaphore sa = timeline(0), sb = timeline(0);
	int next = 0;
	/* A is recorded first but submitted second (id 1) */
	struct order_ctx a = { &img, NULL, 1.0f, &recorded, &lock, &turn, &next, 1, sa, 7 };
	struct order_ctx b = { &img, NULL, 0.0f, &recorded, &lock, &turn, &next, 0, sb, 9 };
	pthread_t ta, tb;
	uint8_t px[32 * 32 * 4];

	pthread_barrier_init(&recorded, NULL, 2);
	pthread_create(&ta, NULL, record_then_submit, &a);
	pthread_create(&tb, NULL, record_then_submit, &b);
	pthread_join(ta, NULL);
	pthread_join(tb, NULL);
	wait_value(sa, 7, VK_SUCCESS);
	ck_assert_uint_eq(value_of(sb), 9); /* B came first: done too */
	vkt_read_image(&img, 0, 0, 4, px);
	vkt_assert_rgba8(px, 32 * 32, (uint8_t[]){ 0xff, 0, 0, 0xff });
	pthread_barrier_destroy(&recorded);
	vvk_DestroySemaphore(T.dev, sa, NULL);
	vvk_DestroySemaphore(T.dev, sb, NULL);
	vvk_FreeCommandBuffers(T.dev, T.pool, 1, &a.cmd);
	vvk_FreeCommandBuffers(T.dev, T.pool, 1, &b.cmd);
	vkt_image_free(&img);
}
END_TEST

START_TEST(fences_reset_and_wait_idle)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 8, 8, RT_USAGE);
	VkCommandBuffer a = record_clear(&img, 1);
	VkFence f;

	ck_assert_int_eq(vvk_CreateFence(T.dev, &(VkFenceCreateInfo){
		.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO,
		.flags = VK_FENCE_CREATE_SIGNALED_BIT }, NULL, &f), VK_SUCCESS);
	ck_assert_int_eq(vvk_GetFenceStatus(T.dev, f), VK_SUCCESS);
	ck_assert_int_eq(vvk_ResetFences(T.dev, 1, &f), VK_SUCCESS);
	ck_assert_int_eq(vvk_GetFenceStatus(T.dev, f), VK_NOT_READY);
	/* a submission with no command buffers still signals its fence */
	ck_assert_int_eq(vvk_QueueSubmit2(T.queue, 0, NULL, f), VK_SUCCESS);
	ck_assert_int_eq(vvk_WaitForFences(T.dev, 1, &f, VK_TRUE, 30 * SEC), VK_SUCCESS);
	ck_assert_int_eq(submit(a, VK_NULL_HANDLE, 0, VK_NULL_HANDLE, 0, VK_NULL_HANDLE),
			 VK_SUCCESS);
	ck_assert_int_eq(vvk_QueueWaitIdle(T.queue), VK_SUCCESS);
	ck_assert_int_eq(vvk_DeviceWaitIdle(T.dev), VK_SUCCESS);
	vvk_DestroyFence(T.dev, f, NULL);
	vvk_FreeCommandBuffers(T.dev, T.pool, 1, &a);
	vkt_image_free(&img);
}
END_TEST

static Suite *timeline_suite(void)
{
	Suite *s = suite_create("vk timeline");
	TCase *tc = tcase_create("host");

	tcase_add_checked_fixture(tc, vkt_setup, vkt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, submit_signals_timeline_values);
	tcase_add_test(tc, submission_waits_for_cpu_signal);
	tcase_add_test(tc, semaphore_fd_polls_readable);
	tcase_add_test(tc, threads_record_a_b_submit_b_a);
	tcase_add_test(tc, fences_reset_and_wait_idle);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return vkt_main(timeline_suite);
}
