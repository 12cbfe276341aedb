/* SPDX-License-Identifier: MIT */
/*
 * Query pools on the host's query objects (vvk.h, "Queries"). What a block
 * says is read from its resource's mapping, which the host writes directly:
 * no transfer. Waiting for a result waits for the one submission that ended
 * the query (technique 2), never for the queue.
 */
#include "vvk_query_pool.h"

#include <time.h>

#include "vdrm_format.h"
#include "vdrm_query.h"
#include "vvk_cmd_buffer.h"
#include "vvk_device.h"

/* How long a result may stay unwritten after its submission completed
 * before the host counts as lost. */
#define NUDGE_TIMEOUT_NS (UINT64_C(5) * 1000000000)

struct vvk_query_kind {
	VkQueryType type;
	uint32_t nr_values;
	uint32_t pipe[VVK_QUERY_MAX_VALUES]; /* enum vdrm_query_type per value */
	bool begin_end;                      /* else written once (timestamps) */
	bool needs_timer;
};

static const struct vvk_query_kind kinds[] = {
	{ VK_QUERY_TYPE_OCCLUSION, 1, { VDRM_QUERY_OCCLUSION_COUNTER }, true, false },
	{ VK_QUERY_TYPE_TIMESTAMP, 1, { VDRM_QUERY_TIMESTAMP }, false, true },
	/* Vulkan's order: primitives written, then primitives needed */
	{ VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT, 2,
	  { VDRM_QUERY_PRIMITIVES_EMITTED, VDRM_QUERY_PRIMITIVES_GENERATED }, true, false },
	{ VVK_QUERY_TYPE_TIME_ELAPSED, 1, { VDRM_QUERY_TIME_ELAPSED }, true, true },
};

static const struct vvk_query_kind *find_kind(const struct vvk_device *dev, VkQueryType type)
{
	for (size_t i = 0; i < VVK_ARRAY_SIZE(kinds); i++)
		if (kinds[i].type == type)
			return kinds[i].needs_timer && !vdrm_caps_has_timer_query(dev->caps)
				       ? NULL
				       : &kinds[i];
	return NULL;
}

/* ---- creation ------------------------------------------------------------------ */

/* A host query object of `pipe` writing into res. */
static uint32_t create_object(struct vvk_device *dev, uint32_t pipe, struct vdrm_resource *res)
{
	uint32_t handle = vvk_device_new_handle(dev), type_index = 0;

	vdrm_query_type_index(pipe, 0, &type_index);
	vdrm_encode_create_query(vvk_device_setup_lock(dev), &(struct vdrm_cmd_create_query){
		.handle = handle, .type_index = type_index, .offset = 0, .res = res->res_handle });
	vvk_device_setup_unlock(dev);
	return handle;
}

/* The host takes query results only into a CUSTOM buffer (host memory). */
static VkResult create_block(struct vvk_device *dev, struct vdrm_resource **res)
{
	struct vdrm_resource_create_info info = {
		.target = VDRM_TARGET_BUFFER, .format = VDRM_FORMAT_R8_UNORM,
		.bind = VDRM_BIND_CUSTOM, .width = VDRM_QUERY_RESULT_BYTES, .height = 1,
		.depth = 1, .array_size = 1,
	};
	int ret = vdrm_resource_create(dev->vdrm, &info, res);

	if (ret == VDRM_ERROR_DEVICE_LOST)
		return VK_ERROR_DEVICE_LOST;
	return ret ? VK_ERROR_OUT_OF_DEVICE_MEMORY : VK_SUCCESS;
}

static VkResult create_query(struct vvk_device *dev, const struct vvk_query_kind *kind,
			     uint32_t any_pipe, struct vvk_query *q)
{
	for (uint32_t v = 0; v < kind->nr_values; v++) {
		VkResult r = create_block(dev, &q->res[v]);

		if (r != VK_SUCCESS)
			return r;
		vvk_usage_init(&q->use[v]);
		atomic_init(&q->nudge_point[v], 0);
		q->handle[v] = create_object(dev, kind->pipe[v], q->res[v]);
	}
	if (kind->type == VK_QUERY_TYPE_OCCLUSION)
		q->any_handle = create_object(dev, any_pipe, q->res[0]);
	return VK_SUCCESS;
}

static void destroy_query(struct vvk_device *dev, struct vvk_query *q)
{
	for (uint32_t v = 0; v < VVK_QUERY_MAX_VALUES; v++)
		vvk_device_destroy_object(dev, VDRM_OBJ_QUERY, q->handle[v]);
	vvk_device_destroy_object(dev, VDRM_OBJ_QUERY, q->any_handle);
}

static void destroy_blocks(struct vvk_device *dev, struct vvk_query_pool *pool)
{
	for (uint32_t i = 0; i < pool->count; i++)
		for (uint32_t v = 0; v < VVK_QUERY_MAX_VALUES; v++)
			vdrm_resource_destroy(dev->vdrm, pool->queries[i].res[v]);
}

static void pool_free(struct vvk_device *dev, struct vvk_query_pool *pool,
		      const VkAllocationCallbacks *a)
{
	for (uint32_t i = 0; i < pool->count; i++)
		destroy_query(dev, &pool->queries[i]);
	/* creations and destructions must reach the host while the blocks exist */
	vvk_queue_flush_setup(&dev->queue);
	destroy_blocks(dev, pool);
	vvk_free(a, pool->queries);
	vvk_free(a, pool);
}

static uint32_t any_pipe_of(const VkQueryPoolCreateInfo *ci)
{
	const struct vvk_query_pool_occlusion_info *o =
		vvk_find_struct(ci->pNext, VVK_STRUCTURE_TYPE_QUERY_POOL_OCCLUSION_INFO);

	return o && o->conservative ? VDRM_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE
				    : VDRM_QUERY_OCCLUSION_PREDICATE;
}

VkResult vvk_CreateQueryPool(VkDevice device, const VkQueryPoolCreateInfo *pCreateInfo,
			     const VkAllocationCallbacks *pAllocator, VkQueryPool *pQueryPool)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	const VkAllocationCallbacks *a = vvk_device_alloc(dev, pAllocator);
	const struct vvk_query_kind *kind = find_kind(dev, pCreateInfo->queryType);
	struct vvk_query_pool *pool;
	VkResult r = VK_SUCCESS;

	if (!kind || !pCreateInfo->queryCount)
		return VK_ERROR_FEATURE_NOT_PRESENT;
	pool = vvk_zalloc(a, sizeof(*pool));
	if (!pool)
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	pool->kind = kind;
	pool->queries = vvk_zalloc(a, (size_t)pCreateInfo->queryCount * sizeof(*pool->queries));
	if (!pool->queries) {
		vvk_free(a, pool);
		return VK_ERROR_OUT_OF_HOST_MEMORY;
	}
	for (; pool->count < pCreateInfo->queryCount && r == VK_SUCCESS; pool->count++)
		r = create_query(dev, kind, any_pipe_of(pCreateInfo), &pool->queries[pool->count]);
	if (r != VK_SUCCESS) {
		pool_free(dev, pool, a);
		return r;
	}
	*pQueryPool = vvk_query_pool_to_handle(pool);
	return VK_SUCCESS;
}

void vvk_DestroyQueryPool(VkDevice device, VkQueryPool queryPool,
			  const VkAllocationCallbacks *pAllocator)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_query_pool *pool = vvk_query_pool_from_handle(queryPool);

	if (pool)
		pool_free(dev, pool, vvk_device_alloc(dev, pAllocator));
}

/* ---- recording ------------------------------------------------------------------ */

/* The query, or NULL (and the recording's error) when it is outside the pool. */
static struct vvk_query *query_of(struct vvk_cmd_buffer *cmd, struct vvk_query_pool *pool,
				  uint32_t query)
{
	if (pool && query < pool->count)
		return &pool->queries[query];
	vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
	return NULL;
}

/* Writes a marker into a block's state word, in stream order. */
static void mark(struct vvk_cmd_buffer *cmd, struct vvk_query *q, uint32_t v, uint32_t marker)
{
	vdrm_encode_resource_inline_write(&cmd->cs, &(struct vdrm_cmd_resource_inline_write){
		.res = q->res[v]->res_handle, .w = sizeof(marker), .h = 1, .d = 1,
		.data = &marker, .size_bytes = sizeof(marker) });
	vvk_cmd_use_resource(cmd, &q->use[v], q->res[v], true);
}

void vvk_CmdResetQueryPool(VkCommandBuffer commandBuffer, VkQueryPool queryPool,
			   uint32_t firstQuery, uint32_t queryCount)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_query_pool *pool = vvk_query_pool_from_handle(queryPool);

	if (!pool || firstQuery > pool->count || queryCount > pool->count - firstQuery) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	for (uint32_t i = firstQuery; i < firstQuery + queryCount; i++)
		for (uint32_t v = 0; v < pool->kind->nr_values; v++)
			mark(cmd, &pool->queries[i], v, VVK_QUERY_MARK_RESET);
}

/* Marks the value ended, ends its host object and asks for the result. */
static void end_value(struct vvk_cmd_buffer *cmd, struct vvk_query *q, uint32_t v,
		      uint32_t handle)
{
	mark(cmd, q, v, VVK_QUERY_MARK_ENDED);
	vdrm_encode_end_query(&cmd->cs, &(struct vdrm_cmd_end_query){ .handle = handle });
	vdrm_encode_get_query_result(&cmd->cs, &(struct vdrm_cmd_get_query_result){
		.handle = handle, .wait = 0 });
}

static struct vvk_active_query *find_active(struct vvk_cmd_state *st, const void *pool,
					    uint32_t query)
{
	for (uint32_t i = 0; i < st->nr_active_queries; i++)
		if (st->active_queries[i].pool == pool && st->active_queries[i].query == query)
			return &st->active_queries[i];
	return NULL;
}

void vvk_CmdBeginQuery(VkCommandBuffer commandBuffer, VkQueryPool queryPool, uint32_t query,
		       VkQueryControlFlags flags)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_query_pool *pool = vvk_query_pool_from_handle(queryPool);
	struct vvk_query *q = query_of(cmd, pool, query);
	struct vvk_cmd_state *st = &cmd->st;
	struct vvk_active_query *a;

	if (!q || !pool->kind->begin_end || find_active(st, pool, query) ||
	    st->nr_active_queries == VVK_MAX_ACTIVE_QUERIES) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	a = &st->active_queries[st->nr_active_queries++];
	*a = (struct vvk_active_query){ pool, query, { q->handle[0], q->handle[1] } };
	if (q->any_handle && !(flags & VK_QUERY_CONTROL_PRECISE_BIT))
		a->handle[0] = q->any_handle;
	for (uint32_t v = 0; v < pool->kind->nr_values; v++)
		vdrm_encode_begin_query(&cmd->cs, &(struct vdrm_cmd_begin_query){
			.handle = a->handle[v] });
}

void vvk_CmdEndQuery(VkCommandBuffer commandBuffer, VkQueryPool queryPool, uint32_t query)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_query_pool *pool = vvk_query_pool_from_handle(queryPool);
	struct vvk_query *q = query_of(cmd, pool, query);
	struct vvk_cmd_state *st = &cmd->st;
	struct vvk_active_query *a = q ? find_active(st, pool, query) : NULL;

	if (!a) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	for (uint32_t v = 0; v < pool->kind->nr_values; v++)
		end_value(cmd, q, v, a->handle[v]);
	*a = st->active_queries[--st->nr_active_queries];
}

void vvk_CmdWriteTimestamp2(VkCommandBuffer commandBuffer, VkPipelineStageFlags2 stage,
			    VkQueryPool queryPool, uint32_t query)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_query_pool *pool = vvk_query_pool_from_handle(queryPool);
	struct vvk_query *q = query_of(cmd, pool, query);

	/* the host stamps when it reaches the command: every stage is done by then */
	(void)stage;
	if (!q || pool->kind->type != VK_QUERY_TYPE_TIMESTAMP) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	end_value(cmd, q, 0, q->handle[0]);
}

/* ---- results ------------------------------------------------------------------------ */

/* Asks the host for the result again in a submission of its own (the host
 * keeps a result it could not write yet and writes it when a later fence
 * retires; this is that fence). At most one such submission in flight. */
static VkResult nudge(struct vvk_device *dev, struct vvk_query *q, uint32_t v, uint64_t *point)
{
	uint64_t p = atomic_load(&q->nudge_point[v]);
	VkResult r;

	if (p && !vdrm_device_is_signaled(dev->vdrm, p)) {
		*point = p;
		return VK_SUCCESS;
	}
	vdrm_encode_get_query_result(vvk_device_setup_lock(dev),
				     &(struct vdrm_cmd_get_query_result){ .handle = q->handle[v] });
	vvk_device_setup_unlock(dev);
	r = vvk_queue_submit_empty(&dev->queue, point);
	atomic_store(&q->nudge_point[v], *point);
	return r;
}

static void pause_briefly(void)
{
	nanosleep(&(struct timespec){ 0, 200000 }, NULL);
}

/*
 * One value's block once its submission completed: *avail when the host
 * wrote the result. A block still marked ENDED is nudged; with `wait`, until
 * the result is there.
 */
static VkResult read_block(struct vvk_device *dev, struct vvk_query *q, uint32_t v, bool wait,
			   uint64_t *value, bool *avail)
{
	uint64_t deadline = vvk_deadline(NUDGE_TIMEOUT_NS), point;
	uint32_t state;
	VkResult r;

	while ((state = vdrm_query_read(q->res[v]->map, value)) == VVK_QUERY_MARK_ENDED) {
		r = nudge(dev, q, v, &point);
		if (r != VK_SUCCESS || !wait)
			return r;
		r = vvk_result_from_vdrm(vdrm_device_wait(dev->vdrm, point, -1));
		if (r != VK_SUCCESS)
			return r;
		if (vdrm_query_read(q->res[v]->map, value) == VDRM_QUERY_STATE_DONE)
			break;
		if (vvk_now_ns() > deadline)
			return VK_ERROR_DEVICE_LOST;
		pause_briefly();
	}
	*avail = vdrm_query_read(q->res[v]->map, value) == VDRM_QUERY_STATE_DONE;
	return VK_SUCCESS;
}

/* One value of one query: waits only for the submission that ended it. */
static VkResult read_value(struct vvk_device *dev, struct vvk_query *q, uint32_t v, bool wait,
			   uint64_t *value, bool *avail)
{
	VkResult r;

	*avail = false;
	/* never reset nor ended: nothing will ever come */
	if (!atomic_load(&q->use[v].write))
		return VK_SUCCESS;
	if (wait) {
		r = vvk_usage_wait_for_write(dev, &q->use[v]);
		if (r != VK_SUCCESS)
			return r;
	} else if (vvk_usage_is_busy(dev, &q->use[v])) {
		return VK_SUCCESS;
	}
	return read_block(dev, q, v, wait, value, avail);
}

static void put(void *dst, bool is64, uint64_t x)
{
	if (is64)
		memcpy(dst, &x, sizeof(x));
	else
		memcpy(dst, &(uint32_t){ (uint32_t)x }, sizeof(uint32_t));
}

/* Writes one query's values (and availability); *avail: all values there. */
static VkResult write_query(struct vvk_device *dev, const struct vvk_query_pool *pool,
			    struct vvk_query *q, uint8_t *dst, VkQueryResultFlags flags,
			    bool *avail)
{
	bool is64 = flags & VK_QUERY_RESULT_64_BIT;
	size_t size = is64 ? 8 : 4;
	uint32_t n = pool->kind->nr_values;
	uint64_t values[VVK_QUERY_MAX_VALUES] = { 0 };

	*avail = true;
	for (uint32_t v = 0; v < n; v++) {
		bool there;
		VkResult r = read_value(dev, q, v, flags & VK_QUERY_RESULT_WAIT_BIT, &values[v],
					&there);

		if (r != VK_SUCCESS)
			return r;
		*avail = *avail && there;
	}
	for (uint32_t v = 0; v < n && (*avail || (flags & VK_QUERY_RESULT_PARTIAL_BIT)); v++)
		put(dst + v * size, is64, *avail ? values[v] : 0);
	if (flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)
		put(dst + n * size, is64, *avail);
	return VK_SUCCESS;
}

/* Whether `count` queries of `each` bytes, `stride` apart, fit dataSize. */
static bool results_fit(uint32_t count, size_t each, VkDeviceSize stride, size_t data_size)
{
	uint64_t need;

	if (!count)
		return true;
	if (count > 1 && stride < each)
		return false;
	if (__builtin_mul_overflow((uint64_t)(count - 1), stride, &need) ||
	    __builtin_add_overflow(need, (uint64_t)each, &need))
		return false;
	return need <= data_size;
}

VkResult vvk_GetQueryPoolResults(VkDevice device, VkQueryPool queryPool, uint32_t firstQuery,
				 uint32_t queryCount, size_t dataSize, void *pData,
				 VkDeviceSize stride, VkQueryResultFlags flags)
{
	struct vvk_device *dev = vvk_device_from_handle(device);
	struct vvk_query_pool *pool = vvk_query_pool_from_handle(queryPool);
	size_t each;
	VkResult result = VK_SUCCESS;

	if (!pool || firstQuery > pool->count || queryCount > pool->count - firstQuery)
		return VK_ERROR_VALIDATION_FAILED_EXT;
	each = (pool->kind->nr_values + !!(flags & VK_QUERY_RESULT_WITH_AVAILABILITY_BIT)) *
	       (flags & VK_QUERY_RESULT_64_BIT ? 8 : 4);
	if (!results_fit(queryCount, each, stride, dataSize))
		return VK_ERROR_VALIDATION_FAILED_EXT;
	for (uint32_t i = 0; i < queryCount; i++) {
		bool avail;
		VkResult r = write_query(dev, pool, &pool->queries[firstQuery + i],
					 (uint8_t *)pData + i * stride, flags, &avail);

		if (r != VK_SUCCESS)
			return r;
		if (!avail)
			result = VK_NOT_READY;
	}
	return result;
}
