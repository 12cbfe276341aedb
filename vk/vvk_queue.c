/* SPDX-License-Identifier: MIT */
#include "vvk_queue.h"

#include "vvk_cmd_buffer.h"
#include "vvk_device.h"
#include "vvk_fence.h"
#include "vvk_semaphore.h"

void vvk_queue_init(struct vvk_queue *q, struct vvk_device *dev)
{
	memset(q, 0, sizeof(*q));
	q->dev = dev;
	pthread_mutex_init(&q->lock, NULL);
	pthread_cond_init(&q->drained, NULL);
	vdrm_cs_init(&q->cs);
}

static void batch_free(struct vvk_batch *b)
{
	free(b);
}

void vvk_queue_finish(struct vvk_queue *q)
{
	while (q->head) {
		struct vvk_batch *b = q->head;

		q->head = b->next;
		batch_free(b);
	}
	vdrm_cs_finish(&q->cs);
	free(q->res);
	pthread_cond_destroy(&q->drained);
	pthread_mutex_destroy(&q->lock);
}

/* ---- building the submission ------------------------------------------------ */

static void append_dwords(struct vdrm_cs *cs, const uint32_t *dw, uint32_t n)
{
	uint32_t *p;

	if (!n)
		return;
	p = vdrm_cs_reserve(cs, n);
	if (p)
		memcpy(p, dw, n * sizeof(*dw));
}

static void take_setup(struct vvk_queue *q)
{
	struct vdrm_cs *setup = vvk_device_setup_lock(q->dev);

	append_dwords(&q->cs, setup->buf, setup->cdw);
	if (setup->error)
		vdrm_cs_set_error(&q->cs, setup->error);
	vdrm_cs_reset(setup);
	vvk_device_setup_unlock(q->dev);
}

static bool add_res(struct vvk_queue *q, struct vdrm_resource *res)
{
	if (q->nr_res == q->cap_res) {
		uint32_t cap = q->cap_res ? q->cap_res * 2 : 64;
		void *p = realloc(q->res, cap * sizeof(*q->res));

		if (!p)
			return false;
		q->res = p;
		q->cap_res = cap;
	}
	q->res[q->nr_res++] = res;
	return true;
}

static int cmp_ptr(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)*(void *const *)a, y = (uintptr_t)*(void *const *)b;

	return x < y ? -1 : x > y;
}

/* The BO list: every command buffer's resources, each once. */
static VkResult gather_resources(struct vvk_queue *q, const struct vvk_batch *b)
{
	uint32_t n = 0;

	q->nr_res = 0;
	for (uint32_t c = 0; c < b->nr_cmds; c++) {
		const struct vvk_reflist *l = &b->cmds[c]->refs;

		for (uint32_t i = 0; i < l->count; i++)
			if (l->refs[i].res && !add_res(q, l->refs[i].res))
				return VK_ERROR_OUT_OF_HOST_MEMORY;
	}
	if (!q->nr_res)
		return VK_SUCCESS;
	qsort(q->res, q->nr_res, sizeof(*q->res), cmp_ptr);
	for (uint32_t i = 0; i < q->nr_res; i++)
		if (i == 0 || q->res[i] != q->res[n - 1])
			q->res[n++] = q->res[i];
	q->nr_res = n;
	return VK_SUCCESS;
}

static void mark_usages(const struct vvk_batch *b, uint64_t point)
{
	for (uint32_t c = 0; c < b->nr_cmds; c++) {
		const struct vvk_reflist *l = &b->cmds[c]->refs;

		for (uint32_t i = 0; i < l->count; i++)
			vvk_usage_mark(l->refs[i].usage, l->refs[i].write, point);
	}
}

/* Semaphores and the fence learn the point; waiters wake. */
static VkResult publish(struct vvk_queue *q, const struct vvk_batch *b, uint64_t point)
{
	struct vvk_device *dev = q->dev;
	VkResult r = VK_SUCCESS;

	pthread_mutex_lock(&dev->sync_lock);
	for (uint32_t i = 0; i < b->nr_signals && r == VK_SUCCESS; i++)
		r = vvk_semaphore_add_signal(b->signals[i].sem, b->signals[i].value, point);
	if (b->fence)
		b->fence->point = point;
	pthread_cond_broadcast(&dev->sync_cond);
	pthread_mutex_unlock(&dev->sync_lock);
	return r;
}

/* The stream a batch submits: the device's setup commands, then each
 * command buffer's. One command buffer and no setup, the common case of a
 * GL batch, goes as it is: copying a megabyte-sized stream was a tenth of a
 * tiny draw's instructions. */
static struct vdrm_cs *batch_stream(struct vvk_queue *q, const struct vvk_batch *b)
{
	vdrm_cs_reset(&q->cs);
	take_setup(q);
	if (!q->cs.cdw && !q->cs.error && b->nr_cmds == 1 && b->cmds[0]->cs.cdw &&
	    !b->cmds[0]->cs.error)
		return &b->cmds[0]->cs;
	for (uint32_t c = 0; c < b->nr_cmds; c++)
		append_dwords(&q->cs, b->cmds[c]->cs.buf, b->cmds[c]->cs.cdw);
	if (!q->cs.cdw)
		vdrm_encode_nop(&q->cs, &(struct vdrm_cmd_nop){ 0 });
	return &q->cs;
}

/* One batch -> one drm/ submission -> one point. q->lock held. */
static VkResult submit_batch(struct vvk_queue *q, const struct vvk_batch *b)
{
	struct vdrm_cs *cs;
	uint64_t point = 0;
	VkResult r;
	int ret;

	cs = batch_stream(q, b);
	r = gather_resources(q, b);
	if (r != VK_SUCCESS)
		return r;
	ret = vdrm_device_submit(q->dev->vdrm, &(struct vdrm_submit){
		.cs = cs, .resources = q->res, .nr_resources = q->nr_res,
		.in_fence_fd = -1 }, &point);
	if (ret)
		return vvk_result_from_vdrm(ret);
	q->last_point = point;
	mark_usages(b, point);
	return publish(q, b, point);
}

/* sync_lock taken inside: every wait is met by a value already submitted. */
static bool batch_ready(struct vvk_queue *q, const struct vvk_batch *b)
{
	bool ready = true;

	pthread_mutex_lock(&q->dev->sync_lock);
	for (uint32_t i = 0; i < b->nr_waits && ready; i++) {
		const struct vvk_semaphore *s = b->waits[i].sem;

		/* binary: its signal was submitted before (a batch ahead of us) */
		ready = !s->timeline || vvk_semaphore_submitted_value(s) >= b->waits[i].value;
	}
	pthread_mutex_unlock(&q->dev->sync_lock);
	return ready;
}

/* q->lock held. */
static VkResult flush_locked(struct vvk_queue *q)
{
	VkResult r = VK_SUCCESS;
	bool moved = false;

	while (q->head && batch_ready(q, q->head)) {
		struct vvk_batch *b = q->head;

		q->head = b->next;
		if (!q->head)
			q->tail = NULL;
		r = submit_batch(q, b);
		batch_free(b);
		moved = true;
		if (r != VK_SUCCESS)
			break;
	}
	for (struct vvk_batch *b = q->head; b; b = b->next) {
		if (!b->marked_pending)
			mark_usages(b, VVK_POINT_PENDING);
		b->marked_pending = true;
	}
	if (moved)
		pthread_cond_broadcast(&q->drained);
	return r;
}

VkResult vvk_queue_flush_pending(struct vvk_queue *q)
{
	VkResult r;

	pthread_mutex_lock(&q->lock);
	r = flush_locked(q);
	pthread_mutex_unlock(&q->lock);
	return r;
}

VkResult vvk_queue_wait_flushed(struct vvk_queue *q)
{
	pthread_mutex_lock(&q->lock);
	while (q->head)
		pthread_cond_wait(&q->drained, &q->lock);
	pthread_mutex_unlock(&q->lock);
	return VK_SUCCESS;
}

VkResult vvk_queue_submit_empty(struct vvk_queue *q, uint64_t *point)
{
	struct vvk_batch b = { 0 };
	VkResult r;

	pthread_mutex_lock(&q->lock);
	/* behind queued batches it would break submission order: wait for them */
	while (q->head)
		pthread_cond_wait(&q->drained, &q->lock);
	r = submit_batch(q, &b);
	*point = q->last_point;
	pthread_mutex_unlock(&q->lock);
	return r;
}

VkResult vvk_queue_flush_setup(struct vvk_queue *q)
{
	bool empty;
	uint64_t point;

	pthread_mutex_lock(&q->dev->setup_lock);
	empty = q->dev->setup.cdw == 0;
	pthread_mutex_unlock(&q->dev->setup_lock);
	return empty ? VK_SUCCESS : vvk_queue_submit_empty(q, &point);
}

/* ---- vvk_QueueSubmit2 -------------------------------------------------------- */

static void copy_sems(struct vvk_sem_value *dst, const VkSemaphoreSubmitInfo *src, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		dst[i] = (struct vvk_sem_value){ vvk_semaphore_from_handle(src[i].semaphore),
						 src[i].value };
}

/* One allocation holds the batch and its arrays. */
static struct vvk_batch *batch_new(const VkSubmitInfo2 *s, struct vvk_fence *fence)
{
	uint32_t nw = s ? s->waitSemaphoreInfoCount : 0, ns = s ? s->signalSemaphoreInfoCount : 0;
	uint32_t nc = s ? s->commandBufferInfoCount : 0;
	struct vvk_batch *b = calloc(1, sizeof(*b) + (nw + ns) * sizeof(struct vvk_sem_value) +
					   nc * sizeof(struct vvk_cmd_buffer *));

	if (!b)
		return NULL;
	b->waits = (struct vvk_sem_value *)(b + 1);
	b->signals = b->waits + nw;
	b->cmds = (struct vvk_cmd_buffer **)(b->signals + ns);
	b->nr_waits = nw;
	b->nr_signals = ns;
	b->nr_cmds = nc;
	b->fence = fence;
	if (nw)
		copy_sems(b->waits, s->pWaitSemaphoreInfos, nw);
	if (ns)
		copy_sems(b->signals, s->pSignalSemaphoreInfos, ns);
	for (uint32_t i = 0; i < nc; i++)
		b->cmds[i] = vvk_cmd_buffer_from_handle(s->pCommandBufferInfos[i].commandBuffer);
	return b;
}

static VkResult check_cmds(const struct vvk_batch *b)
{
	for (uint32_t i = 0; i < b->nr_cmds; i++)
		if (b->cmds[i]->state != VVK_CMD_EXECUTABLE)
			return b->cmds[i]->error != VK_SUCCESS ? b->cmds[i]->error
							       : VK_ERROR_VALIDATION_FAILED_EXT;
	return VK_SUCCESS;
}

static void enqueue(struct vvk_queue *q, struct vvk_batch *b)
{
	if (q->tail)
		q->tail->next = b;
	else
		q->head = b;
	q->tail = b;
}

VkResult vvk_QueueSubmit2(VkQueue queue, uint32_t count, const VkSubmitInfo2 *pSubmits,
			  VkFence fence)
{
	struct vvk_queue *q = vvk_queue_from_handle(queue);
	struct vvk_fence *f = vvk_fence_from_handle(fence);
	uint32_t n = count ? count : (f ? 1 : 0);
	VkResult r = VK_SUCCESS;

	if (vdrm_device_is_lost(q->dev->vdrm))
		return VK_ERROR_DEVICE_LOST;
	pthread_mutex_lock(&q->lock);
	for (uint32_t i = 0; i < n && r == VK_SUCCESS; i++) {
		struct vvk_batch *b = batch_new(count ? &pSubmits[i] : NULL,
						i == n - 1 ? f : NULL);

		r = b ? check_cmds(b) : VK_ERROR_OUT_OF_HOST_MEMORY;
		if (r == VK_SUCCESS)
			enqueue(q, b);
		else
			free(b);
	}
	if (r == VK_SUCCESS)
		r = flush_locked(q);
	pthread_mutex_unlock(&q->lock);
	return r;
}

VkResult vvk_QueueWaitIdle(VkQueue queue)
{
	struct vvk_queue *q = vvk_queue_from_handle(queue);
	uint64_t point;

	pthread_mutex_lock(&q->lock);
	while (q->head)
		pthread_cond_wait(&q->drained, &q->lock);
	point = q->last_point;
	pthread_mutex_unlock(&q->lock);
	if (!point)
		return vdrm_device_is_lost(q->dev->vdrm) ? VK_ERROR_DEVICE_LOST : VK_SUCCESS;
	return vvk_result_from_vdrm(vdrm_device_wait(q->dev->vdrm, point, -1));
}
