/* SPDX-License-Identifier: MIT */
/*
 * Query objects (vgl_query.h). A query's target is fixed by its first
 * glBeginQuery or glQueryCounterEXT; each run (begin..end) reuses the
 * query's segment pools from the first. Reading a result flushes only when
 * the recording batch holds the query's end, and waits (vk/) only for the
 * submissions that ended its segments (technique 2).
 */
#include "vgl_query.h"

#include <stdlib.h>

#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_object.h"
#include "vgl_procs.h"
#include "vgl_robustness.h"

/* The active query of each kind: ANY_SAMPLES_PASSED and its conservative
 * form share one (ES 3.0 §2.13). Timestamps are never active. */
enum slot { SLOT_SAMPLES, SLOT_XFB, SLOT_ELAPSED, SLOT_COUNT, SLOT_NONE = SLOT_COUNT };

/* How a result combines the segments' values. */
enum combine { ANY_NONZERO, SUM, LAST };

struct target_row {
	GLenum target;
	VkQueryType type;
	bool conservative;
	enum slot slot;
	enum combine combine;
	uint32_t nr_values; /* values per query of the pool (written first) */
	bool (*offered)(const struct vgl_context *ctx);
};

static bool es3(const struct vgl_context *ctx)
{
	return ctx->major >= 3;
}

static bool timer(const struct vgl_context *ctx)
{
	return vgl_ext_on(ctx, VGL_EXT_EXT_disjoint_timer_query);
}

static const struct target_row rows[] = {
	{ GL_ANY_SAMPLES_PASSED, VK_QUERY_TYPE_OCCLUSION, false, SLOT_SAMPLES, ANY_NONZERO, 1,
	  NULL },
	{ GL_ANY_SAMPLES_PASSED_CONSERVATIVE, VK_QUERY_TYPE_OCCLUSION, true, SLOT_SAMPLES,
	  ANY_NONZERO, 1, NULL },
	/* written and needed: the first counts (once stream output runs, the host's
	 * TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN counts what it wrote) */
	{ GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT,
	  false, SLOT_XFB, SUM, 2, es3 },
	{ GL_TIME_ELAPSED_EXT, VVK_QUERY_TYPE_TIME_ELAPSED, false, SLOT_ELAPSED, SUM, 1, timer },
	{ GL_TIMESTAMP_EXT, VK_QUERY_TYPE_TIMESTAMP, false, SLOT_NONE, LAST, 1, timer },
};

static const struct target_row *find_row(const struct vgl_context *ctx, GLenum target)
{
	for (size_t i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		if (rows[i].target == target && (!rows[i].offered || rows[i].offered(ctx)))
			return &rows[i];
	return NULL;
}

struct vgl_query {
	struct vgl_object base;
	struct vgl_device *dev;
	GLuint name;
	const struct target_row *row;
	bool active;
	bool open;             /* a segment is begun in the recording batch */
	VkQueryPool *segs;     /* one query each */
	uint32_t nr_segs, nr_used;
};

struct vgl_query_state {
	struct vgl_names names;
	struct vgl_query *active[SLOT_COUNT];
	VkQueryPool clock;     /* glGetInteger64v(GL_TIMESTAMP_EXT) */
};

/* ---- objects -------------------------------------------------------------------------- */

struct pools {
	VkQueryPool *p;
	uint32_t n;
};

static void pools_free(struct vgl_device *dev, void *arg)
{
	struct pools *ps = arg;

	for (uint32_t i = 0; i < ps->n; i++)
		vvk_DestroyQueryPool(dev->dev, ps->p[i], NULL);
	free(ps->p);
	free(ps);
}

/* Hands pools to the device, which frees them once submitted work completed. */
static void defer_pools(struct vgl_device *dev, VkQueryPool *p, uint32_t n)
{
	struct pools *ps = calloc(1, sizeof(*ps));

	if (!ps) {
		/* nowhere to keep them: wait for the device instead of leaking */
		vvk_DeviceWaitIdle(dev->dev);
		for (uint32_t i = 0; i < n; i++)
			vvk_DestroyQueryPool(dev->dev, p[i], NULL);
		free(p);
		return;
	}
	*ps = (struct pools){ p, n };
	vgl_device_defer(dev, pools_free, ps);
}

/* The last reference: every batch that used it is submitted. */
static void query_destroy(struct vgl_object *o)
{
	struct vgl_query *q = (struct vgl_query *)o;

	defer_pools(q->dev, q->segs, q->nr_segs);
	free(q);
}

static struct vgl_query *query_new(struct vgl_context *ctx, GLuint name,
				   const struct target_row *row)
{
	struct vgl_query *q = calloc(1, sizeof(*q));

	if (!q)
		return NULL;
	vgl_object_init(&q->base, query_destroy);
	q->dev = ctx->dev;
	q->name = name;
	q->row = row;
	return q;
}

static struct vgl_query_state *state(struct vgl_context *ctx)
{
	if (!ctx->queries)
		ctx->queries = calloc(1, sizeof(*ctx->queries));
	if (!ctx->queries)
		vgl_error(ctx, GL_OUT_OF_MEMORY);
	return ctx->queries;
}

/* ---- segments ------------------------------------------------------------------------- */

static VkQueryPool create_pool(struct vgl_context *ctx, const struct target_row *row)
{
	struct vvk_query_pool_occlusion_info occ = {
		.sType = VVK_STRUCTURE_TYPE_QUERY_POOL_OCCLUSION_INFO,
		.conservative = row->conservative };
	VkQueryPoolCreateInfo ci = { .sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO,
				     .pNext = &occ, .queryType = row->type, .queryCount = 1 };
	VkQueryPool pool = VK_NULL_HANDLE;

	if (vvk_CreateQueryPool(ctx->dev->dev, &ci, NULL, &pool) != VK_SUCCESS)
		return VK_NULL_HANDLE;
	return pool;
}

/* The pool of the next segment, reset in cmd; NULL (GL_OUT_OF_MEMORY) on failure. */
static VkQueryPool next_segment(struct vgl_context *ctx, struct vgl_query *q, VkCommandBuffer cmd)
{
	if (q->nr_used == q->nr_segs) {
		VkQueryPool *p = realloc(q->segs, (q->nr_segs + 1) * sizeof(*p));
		VkQueryPool pool = p ? create_pool(ctx, q->row) : VK_NULL_HANDLE;

		if (p)
			q->segs = p;
		if (!pool) {
			vgl_error(ctx, GL_OUT_OF_MEMORY);
			return VK_NULL_HANDLE;
		}
		q->segs[q->nr_segs++] = pool;
	}
	vvk_CmdResetQueryPool(cmd, q->segs[q->nr_used], 0, 1);
	vgl_batch_use(ctx, &q->base);
	return q->segs[q->nr_used++];
}

static void begin_segment(struct vgl_context *ctx, struct vgl_query *q, VkCommandBuffer cmd)
{
	VkQueryPool pool = next_segment(ctx, q, cmd);

	if (!pool)
		return;
	vvk_CmdBeginQuery(cmd, pool, 0, 0);
	q->open = true;
}

static void end_segment(struct vgl_context *ctx, struct vgl_query *q)
{
	if (!q->open)
		return;
	vvk_CmdEndQuery(ctx->batch.cmd, q->segs[q->nr_used - 1], 0);
	q->open = false;
}

void vgl_query_resume(struct vgl_context *ctx)
{
	for (int s = 0; ctx->queries && s < SLOT_COUNT; s++)
		if (ctx->queries->active[s])
			begin_segment(ctx, ctx->queries->active[s], ctx->batch.cmd);
}

void vgl_query_suspend(struct vgl_context *ctx)
{
	for (int s = 0; ctx->queries && s < SLOT_COUNT; s++)
		if (ctx->queries->active[s])
			end_segment(ctx, ctx->queries->active[s]);
}

/* Ends an active query (glEndQuery, or glDeleteQueries of an active one).
 * Without a recording batch its last segment already ended at the flush. */
static void end_query(struct vgl_context *ctx, struct vgl_query *q)
{
	if (ctx->batch.cmd)
		end_segment(ctx, q);
	q->open = false;
	q->active = false;
	ctx->queries->active[q->row->slot] = NULL;
}

/* ---- names ------------------------------------------------------------------------------ */

static struct vgl_names *query_space(struct vgl_context *ctx, pthread_mutex_t **lock)
{
	struct vgl_query_state *st = state(ctx);

	*lock = NULL;
	return st ? &st->names : NULL;
}

static void query_gone(struct vgl_context *ctx, void *obj)
{
	struct vgl_query *q = obj;

	if (q->active)
		end_query(ctx, q);
	vgl_object_unref(&q->base);
}

const struct vgl_name_ops vgl_query_names = { .space = query_space, .gone = query_gone };

static void GL_APIENTRY vgl_GenQueries(GLsizei n, GLuint *ids)
{
	vgl_names_gen_gl(&vgl_query_names, n, ids);
}

static void GL_APIENTRY vgl_DeleteQueries(GLsizei n, const GLuint *ids)
{
	vgl_names_delete_gl(&vgl_query_names, n, ids);
}

static GLboolean GL_APIENTRY vgl_IsQuery(GLuint id)
{
	return vgl_names_is_gl(&vgl_query_names, id);
}

/*
 * The query object `id` for a use with `row`, made on first use: NULL with
 * GL_INVALID_OPERATION for 0, a name never generated, an active query, or
 * one of another target.
 */
static struct vgl_query *query_for(struct vgl_context *ctx, struct vgl_query_state *st,
				   GLuint id, const struct target_row *row)
{
	struct vgl_query *q;

	if (!id || !vgl_names_is_gen(&st->names, id)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return NULL;
	}
	q = vgl_names_get(&st->names, id);
	if (q && (q->row != row || q->active)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return NULL;
	}
	if (q)
		return q;
	q = query_new(ctx, id, row);
	if (!q || !vgl_names_set(&st->names, id, q)) {
		free(q);
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return NULL;
	}
	return q;
}

/* ---- begin, end, counter ---------------------------------------------------------------- */

/* The row of a begin/end target; GL_INVALID_ENUM for others (and TIMESTAMP). */
static const struct target_row *active_row(struct vgl_context *ctx, GLenum target)
{
	const struct target_row *row = find_row(ctx, target);

	if (!row || row->slot == SLOT_NONE) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return NULL;
	}
	return row;
}

static void GL_APIENTRY vgl_BeginQuery(GLenum target, GLuint id)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct target_row *row = ctx ? active_row(ctx, target) : NULL;
	struct vgl_query_state *st = row ? state(ctx) : NULL;
	struct vgl_query *q;
	VkCommandBuffer cmd;

	if (!st)
		return;
	if (st->active[row->slot]) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	q = query_for(ctx, st, id, row);
	cmd = q ? vgl_batch_cmd(ctx) : VK_NULL_HANDLE;
	if (!cmd)
		return;
	q->nr_used = 0;
	begin_segment(ctx, q, cmd);
	q->active = true;
	st->active[row->slot] = q;
}

static void GL_APIENTRY vgl_EndQuery(GLenum target)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct target_row *row = ctx ? active_row(ctx, target) : NULL;
	struct vgl_query *q;

	if (!row)
		return;
	q = ctx->queries ? ctx->queries->active[row->slot] : NULL;
	if (!q || q->row != row) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	end_query(ctx, q);
}

static void GL_APIENTRY vgl_QueryCounterEXT(GLuint id, GLenum target)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct target_row *row = ctx ? find_row(ctx, target) : NULL;
	struct vgl_query_state *st;
	struct vgl_query *q;
	VkCommandBuffer cmd;
	VkQueryPool pool;

	if (!ctx)
		return;
	if (!row || row->target != GL_TIMESTAMP_EXT) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	st = state(ctx);
	q = st ? query_for(ctx, st, id, row) : NULL;
	cmd = q ? vgl_batch_cmd(ctx) : VK_NULL_HANDLE;
	if (!cmd)
		return;
	q->nr_used = 0;
	pool = next_segment(ctx, q, cmd);
	if (pool)
		vvk_CmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool, 0);
}

/* ---- results ------------------------------------------------------------------------------ */

static void combine(const struct target_row *row, uint64_t *acc, uint64_t v)
{
	if (row->combine == ANY_NONZERO)
		*acc = *acc || v;
	else if (row->combine == SUM)
		*acc += v;
	else
		*acc = v;
}

/*
 * The query's result and whether it is there. The recording batch is
 * flushed when it holds the query's end (GL: repeatedly asking for
 * availability must come true without the application flushing).
 */
static int read_result(struct vgl_context *ctx, struct vgl_query *q, bool wait, uint64_t *value,
		       bool *avail)
{
	VkQueryResultFlags flags = VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WITH_AVAILABILITY_BIT |
				   (wait ? VK_QUERY_RESULT_WAIT_BIT : 0);
	uint32_t n = q->row->nr_values;
	int ret = VGL_OK;

	if (vgl_batch_uses(ctx, &q->base)) {
		ctx->stats.access_flushes++;
		ret = vgl_batch_flush(ctx);
	}
	*value = 0;
	*avail = true;
	for (uint32_t i = 0; i < q->nr_used && ret == VGL_OK; i++) {
		uint64_t r[3] = { 0 };
		VkResult vr = vvk_GetQueryPoolResults(ctx->dev->dev, q->segs[i], 0, 1, sizeof(r), r,
						      sizeof(r), flags);

		if (vr < 0)
			ret = vgl_result_from_vk(vr);
		*avail = *avail && r[n];
		combine(q->row, value, r[0]);
	}
	return ret;
}

/* An ended query object of ctx, for glGetQueryObject*; NULL with the error. */
static struct vgl_query *ended_query(struct vgl_context *ctx, GLuint id, GLenum pname)
{
	struct vgl_query *q = ctx->queries ? vgl_names_get(&ctx->queries->names, id) : NULL;

	if (!q) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return NULL;
	}
	if (pname != GL_QUERY_RESULT && pname != GL_QUERY_RESULT_AVAILABLE) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return NULL;
	}
	if (q->active) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return NULL;
	}
	return q;
}

/* glGetQueryObject*: true with *out set when nothing went wrong. */
static bool query_object(GLuint id, GLenum pname, uint64_t *out)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_query *q = ctx ? ended_query(ctx, id, pname) : NULL;
	bool avail;
	int ret;

	/* after a reset a polling application must see it done */
	if (!ctx)
		return vgl_reset_query_available(pname, out);
	if (!q)
		return false;
	ret = read_result(ctx, q, pname == GL_QUERY_RESULT, out, &avail);
	if (ret != VGL_OK) {
		vgl_error_result(ctx, ret);
		return false;
	}
	if (pname == GL_QUERY_RESULT_AVAILABLE)
		*out = avail;
	return true;
}

/* glGetQueryObject{u,}i{64,}v: the result clamped to the type. */
#define QUERY_OBJECT_FN(name, T, max)                                                   \
	static void GL_APIENTRY vgl_##name(GLuint id, GLenum pname, T *params)           \
	{                                                                                \
		uint64_t v;                                                              \
                                                                                         \
		if (query_object(id, pname, &v) && params)                               \
			*params = (T)(v > (uint64_t)(max) ? (uint64_t)(max) : v);        \
	}

QUERY_OBJECT_FN(GetQueryObjectuiv, GLuint, UINT32_MAX)
QUERY_OBJECT_FN(GetQueryObjectivEXT, GLint, INT32_MAX)
QUERY_OBJECT_FN(GetQueryObjectui64vEXT, GLuint64, UINT64_MAX)
QUERY_OBJECT_FN(GetQueryObjecti64vEXT, GLint64, INT64_MAX)

/* glGetQueryiv: CURRENT_QUERY (0 for TIMESTAMP, never active), and
 * QUERY_COUNTER_BITS_EXT where timer queries are offered. */
static void GL_APIENTRY vgl_GetQueryiv(GLenum target, GLenum pname, GLint *params)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct target_row *row = ctx ? find_row(ctx, target) : NULL;
	struct vgl_query *q;

	if (!ctx)
		return;
	if (!row || (pname != GL_CURRENT_QUERY &&
		     (pname != GL_QUERY_COUNTER_BITS_EXT || !timer(ctx)))) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (!params)
		return;
	if (pname == GL_QUERY_COUNTER_BITS_EXT) {
		*params = row->slot == SLOT_ELAPSED || row->slot == SLOT_NONE ? 64 : 0;
		return;
	}
	q = row->slot != SLOT_NONE && ctx->queries ? ctx->queries->active[row->slot] : NULL;
	*params = q && q->row == row ? (GLint)q->name : 0;
}

/* ---- the GPU clock ------------------------------------------------------------------------ */

/* The host's time now: a timestamp after everything recorded so far. */
static int gpu_time(struct vgl_context *ctx, uint64_t *t)
{
	struct vgl_query_state *st = state(ctx);
	VkCommandBuffer cmd;
	uint64_t r[2] = { 0 };
	int ret;

	if (!st)
		return VGL_ERROR_OUT_OF_MEMORY;
	if (!st->clock)
		st->clock = create_pool(ctx, find_row(ctx, GL_TIMESTAMP_EXT));
	cmd = st->clock ? vgl_batch_cmd(ctx) : VK_NULL_HANDLE;
	if (!cmd)
		return VGL_ERROR_OUT_OF_MEMORY;
	vvk_CmdResetQueryPool(cmd, st->clock, 0, 1);
	vvk_CmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, st->clock, 0);
	ret = vgl_batch_flush(ctx);
	if (ret != VGL_OK)
		return ret;
	ret = vgl_result_from_vk(vvk_GetQueryPoolResults(
		ctx->dev->dev, st->clock, 0, 1, sizeof(r), r, sizeof(r),
		VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT));
	*t = r[0];
	return ret;
}

bool vgl_query_get_integer(struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	uint64_t t = 0;
	int ret;

	if ((pname != GL_TIMESTAMP_EXT && pname != GL_GPU_DISJOINT_EXT) || !timer(ctx))
		return false;
	/* the host's clock is one monotonic clock: nothing ever disjoints it */
	if (pname == GL_GPU_DISJOINT_EXT) {
		*out = 0;
		return true;
	}
	ret = gpu_time(ctx, &t);
	if (ret != VGL_OK)
		vgl_error_result(ctx, ret);
	*out = (GLint64)(t > INT64_MAX ? INT64_MAX : t);
	return true;
}

/* The namespace holds one reference of each query. */
static void release_query(void *obj)
{
	struct vgl_query *q = obj;

	vgl_object_unref(&q->base);
}

void vgl_query_state_destroy(struct vgl_context *ctx)
{
	struct vgl_query_state *st = ctx->queries;

	if (!st)
		return;
	for (int s = 0; s < SLOT_COUNT; s++)
		st->active[s] = NULL;
	vgl_names_drain(&st->names, release_query);
	if (st->clock) {
		VkQueryPool *p = malloc(sizeof(*p));

		if (p) {
			*p = st->clock;
			defer_pools(ctx->dev, p, 1);
		} else {
			vvk_DeviceWaitIdle(ctx->dev->dev);
			vvk_DestroyQueryPool(ctx->dev->dev, st->clock, NULL);
		}
	}
	free(st);
	ctx->queries = NULL;
}

const struct vgl_proc vgl_query_procs[] = {
	VGL_PROC(GenQueries), VGL_PROC(DeleteQueries), VGL_PROC(IsQuery), VGL_PROC(BeginQuery),
	VGL_PROC(EndQuery), VGL_PROC(GetQueryiv), VGL_PROC(GetQueryObjectuiv),
	/* EXT_occlusion_query_boolean and EXT_disjoint_timer_query: the same functions */
	{ "glGenQueriesEXT", (void *)vgl_GenQueries },
	{ "glDeleteQueriesEXT", (void *)vgl_DeleteQueries },
	{ "glIsQueryEXT", (void *)vgl_IsQuery },
	{ "glBeginQueryEXT", (void *)vgl_BeginQuery },
	{ "glEndQueryEXT", (void *)vgl_EndQuery },
	{ "glGetQueryivEXT", (void *)vgl_GetQueryiv },
	{ "glGetQueryObjectuivEXT", (void *)vgl_GetQueryObjectuiv },
	VGL_PROC(QueryCounterEXT), VGL_PROC(GetQueryObjectivEXT), VGL_PROC(GetQueryObjecti64vEXT),
	VGL_PROC(GetQueryObjectui64vEXT),
	{ NULL, NULL },
};
