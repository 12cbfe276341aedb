/* SPDX-License-Identifier: MIT */
#include "vgl_batch.h"

#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_debug.h"
#include "vgl_descriptors.h"
#include "vgl_device.h"
#include "vgl_object.h"
#include "vgl_query.h"
#include "vgl_xfb.h"

/* Grows an array of `elem` bytes to hold one more; false when out of memory. */
static bool reserve(void **arr, uint32_t nr, uint32_t *cap, size_t elem)
{
	uint32_t c = *cap ? *cap * 2 : 16;
	void *p;

	if (nr < *cap)
		return true;
	p = realloc(*arr, c * elem);
	if (!p)
		return false;
	*arr = p;
	*cap = c;
	return true;
}

int vgl_batch_init(struct vgl_context *ctx)
{
	VkCommandPoolCreateInfo pi = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
				       .flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT };

	ctx->batch.serial = 1;
	ctx->batch.limits = ctx->dev->flush;
	return vgl_result_from_vk(vvk_CreateCommandPool(ctx->dev->dev, &pi, NULL, &ctx->batch.pool));
}

void vgl_batch_finish(struct vgl_context *ctx)
{
	struct vgl_batch *b = &ctx->batch;

	vgl_batch_finish_all(ctx);
	vgl_device_wait(ctx->dev, b->last_value, UINT64_MAX);
	for (uint32_t i = 0; i < b->nr_done; i++)
		vvk_FreeCommandBuffers(ctx->dev->dev, b->pool, 1, &b->done[i].cmd);
	vvk_DestroyCommandPool(ctx->dev->dev, b->pool, NULL);
	free(b->uses);
	free(b->sets);
	free(b->waits);
	free(b->done);
	memset(b, 0, sizeof(*b));
}

/* Command buffers in flight before the oldest is asked about: asking waits
 * behind all of them on vtest, so it is done only this rarely when the
 * application never waits (a few MiB of stream at the default limits). */
#define MAX_IN_FLIGHT 16

/* Whether the oldest submitted command buffer completed: known so (no round
 * trip), or asked once too many are in flight. */
static bool oldest_done(struct vgl_context *ctx)
{
	const struct vgl_batch *b = &ctx->batch;

	if (vgl_device_known_done(ctx->dev, b->done[0].value))
		return true;
	return b->nr_done >= MAX_IN_FLIGHT && vgl_device_is_done(ctx->dev, b->done[0].value);
}

/* The oldest submitted command buffer if it completed (reset), else a new one. */
static VkCommandBuffer take_cmd(struct vgl_context *ctx)
{
	struct vgl_batch *b = &ctx->batch;
	VkCommandBufferAllocateInfo ai = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
					   .commandPool = b->pool,
					   .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
					   .commandBufferCount = 1 };
	VkCommandBuffer cmd = VK_NULL_HANDLE;

	if (b->nr_done && oldest_done(ctx)) {
		cmd = b->done[0].cmd;
		memmove(b->done, b->done + 1, --b->nr_done * sizeof(*b->done));
		vvk_ResetCommandBuffer(cmd, 0);
		return cmd;
	}
	if (vvk_AllocateCommandBuffers(ctx->dev->dev, &ai, &cmd) != VK_SUCCESS)
		return VK_NULL_HANDLE;
	return cmd;
}

VkCommandBuffer vgl_batch_cmd(struct vgl_context *ctx)
{
	struct vgl_batch *b = &ctx->batch;
	VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO,
					.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT };

	if (b->cmd)
		return b->cmd;
	b->cmd = take_cmd(ctx);
	if (!b->cmd || vvk_BeginCommandBuffer(b->cmd, &bi) != VK_SUCCESS) {
		b->cmd = VK_NULL_HANDLE;
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return VK_NULL_HANDLE;
	}
	/* a new command buffer has nothing bound */
	ctx->bound_pipeline = VK_NULL_HANDLE;
	ctx->dirty = VGL_DIRTY_ALL;
	vgl_query_resume(ctx);
	return b->cmd;
}

void vgl_batch_use(struct vgl_context *ctx, struct vgl_object *o)
{
	struct vgl_batch *b = &ctx->batch;

	if (!o || vgl_batch_uses(ctx, o))
		return;
	if (!reserve((void **)&b->uses, b->nr_uses, &b->cap_uses, sizeof(*b->uses))) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	vgl_object_ref(o);
	o->tag_ctx = ctx;
	o->tag_serial = b->serial;
	b->uses[b->nr_uses++] = o;
}

bool vgl_batch_uses(const struct vgl_context *ctx, const struct vgl_object *o)
{
	return ctx->batch.cmd && o->tag_ctx == ctx && o->tag_serial == ctx->batch.serial;
}

void vgl_batch_use_set(struct vgl_context *ctx, struct vgl_dset *set)
{
	struct vgl_batch *b = &ctx->batch;

	if (!reserve((void **)&b->sets, b->nr_sets, &b->cap_sets, sizeof(*b->sets))) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	vgl_dset_mark_recording(set);
	b->sets[b->nr_sets++] = set;
}

int vgl_batch_add_wait(struct vgl_context *ctx, uint64_t value)
{
	struct vgl_batch *b = &ctx->batch;

	if (!reserve((void **)&b->waits, b->nr_waits, &b->cap_waits, sizeof(*b->waits)))
		return VGL_ERROR_OUT_OF_MEMORY;
	b->waits[b->nr_waits++] = value;
	return VGL_OK;
}

void vgl_batch_end_rendering(struct vgl_context *ctx)
{
	if (!ctx->batch.rendering)
		return;
	vvk_CmdEndRendering(ctx->batch.cmd);
	ctx->batch.rendering = false;
}

static VkRenderingAttachmentInfo load_attachment(VkImageView view)
{
	return (VkRenderingAttachmentInfo){
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = view,
		.imageLayout = VK_IMAGE_LAYOUT_ATTACHMENT_OPTIMAL,
		.loadOp = VK_ATTACHMENT_LOAD_OP_LOAD, .storeOp = VK_ATTACHMENT_STORE_OP_STORE };
}

/* Whether the open rendering is on fb's targets. */
static bool rendering_on(const struct vgl_batch *b, const struct vgl_fb *fb)
{
	if (!b->rendering || b->rt_ds != fb->ds_view || b->rt_nr_color != fb->nr_draw ||
	    b->rt_width != fb->width || b->rt_height != fb->height || b->rt_layers != fb->layers)
		return false;
	for (uint32_t i = 0; i < fb->nr_draw; i++)
		if (b->rt_color[i] != fb->draw[i].view)
			return false;
	return true;
}

static void begin_rendering(struct vgl_context *ctx, VkCommandBuffer cmd, const struct vgl_fb *fb)
{
	struct vgl_batch *b = &ctx->batch;
	VkRenderingAttachmentInfo ca[VGL_MAX_DRAW_BUFFERS], da = load_attachment(fb->ds_view);
	bool stencil = fb->ds_aspects & VK_IMAGE_ASPECT_STENCIL_BIT;
	/* the samples of a framebuffer without attachments (ES 3.1) */
	VkMultisampledRenderToSingleSampledInfoEXT ms = {
		.sType = VK_STRUCTURE_TYPE_MULTISAMPLED_RENDER_TO_SINGLE_SAMPLED_INFO_EXT,
		.multisampledRenderToSingleSampledEnable = VK_TRUE,
		.rasterizationSamples = (VkSampleCountFlagBits)fb->samples };

	for (uint32_t i = 0; i < fb->nr_draw; i++) {
		ca[i] = load_attachment(fb->draw[i].view);
		b->rt_color[i] = fb->draw[i].view;
	}
	vvk_CmdBeginRendering(cmd, &(VkRenderingInfo){
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO,
		.pNext = fb->samples > 1 && !fb->nr_draw && !fb->ds_view ? &ms : NULL,
		.renderArea = { { 0, 0 }, { fb->width, fb->height } },
		.layerCount = fb->layers ? fb->layers : 1,
		.colorAttachmentCount = fb->nr_draw, .pColorAttachments = ca,
		.pDepthAttachment = fb->ds_view ? &da : NULL,
		.pStencilAttachment = fb->ds_view && stencil ? &da : NULL });
	b->rendering = true;
	b->rt_nr_color = fb->nr_draw;
	b->rt_ds = fb->ds_view;
	b->rt_width = fb->width;
	b->rt_height = fb->height;
	b->rt_layers = fb->layers;
	b->rt_kept = fb->kept;
}

VkCommandBuffer vgl_batch_render(struct vgl_context *ctx, const struct vgl_fb *fb)
{
	struct vgl_batch *b = &ctx->batch;
	VkCommandBuffer cmd;

	/* the common case, every draw: already rendering there (a kept
	 * description that rendering is on needs no comparison) */
	if (b->cmd && b->rendering && fb->kept && fb->kept == b->rt_kept)
		return b->cmd;
	if (b->cmd && rendering_on(b, fb)) {
		b->rt_kept = fb->kept;
		return b->cmd;
	}
	cmd = vgl_batch_cmd(ctx);
	if (!cmd)
		return VK_NULL_HANDLE;
	if (rendering_on(b, fb))
		return cmd;
	vgl_batch_end_rendering(ctx);
	begin_rendering(ctx, cmd, fb);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_VIEWPORT) | VGL_DIRTY_BIT(VGL_DIRTY_SCISSOR);
	return cmd;
}

/* After submission: sets learn their batch's value, uses are released. */
static void retire_recording(struct vgl_context *ctx, uint64_t value)
{
	struct vgl_batch *b = &ctx->batch;

	for (uint32_t i = 0; i < b->nr_sets; i++)
		vgl_dset_mark_submitted(b->sets[i], value);
	b->nr_sets = 0;
	for (uint32_t i = 0; i < b->nr_uses; i++)
		vgl_object_unref(b->uses[i]);
	b->nr_uses = 0;
	b->nr_waits = 0;
	b->serial++;
	b->count = (struct vgl_flush_count){ 0 };
}

static void keep_cmd(struct vgl_context *ctx, VkCommandBuffer cmd, uint64_t value)
{
	struct vgl_batch *b = &ctx->batch;

	if (!reserve((void **)&b->done, b->nr_done, &b->cap_done, sizeof(*b->done))) {
		vgl_device_wait(ctx->dev, value, UINT64_MAX);
		vvk_FreeCommandBuffers(ctx->dev->dev, b->pool, 1, &cmd);
		return;
	}
	b->done[b->nr_done++] = (struct vgl_cmd_slot){ cmd, value };
}

static void count_submit(struct vgl_context *ctx, uint64_t point, uint32_t dwords)
{
	ctx->stats.submitted_dwords += dwords;
	if (point <= ctx->stats.last_point)
		ctx->stats.points_non_monotonic++;
	ctx->stats.last_point = point;
	ctx->stats.submits++;
}

/* Submits the recording batch; `unasked`: by vgl_batch_after_draw. */
static int submit(struct vgl_context *ctx, bool unasked)
{
	struct vgl_batch *b = &ctx->batch;
	VkCommandBuffer cmd = b->cmd;
	uint64_t value = 0, point = 0;
	const uint32_t *dw;
	uint32_t ndw;
	int ret;

	/* Asked with nothing recorded (glFlush after creating and deleting
	 * buffers or renderbuffers, which record nothing): no submission
	 * collects for us, and the destroyed objects' host resources would
	 * live until the next one. Every live vtest resource holds a shared
	 * memory mapping in the server, which refuses new ones past
	 * vm.max_map_count (65530) mappings. */
	if (!cmd) {
		if (!unasked)
			vgl_device_collect(ctx->dev);
		return VGL_OK;
	}
	vgl_query_suspend(ctx);
	vgl_xfb_suspend(ctx);
	vgl_batch_end_rendering(ctx);
	ndw = vvk_GetRecordedDwords(cmd, &dw);
	ret = vgl_result_from_vk(vvk_EndCommandBuffer(cmd));
	if (ret == VGL_OK)
		ret = vgl_device_submit(ctx->dev, &(struct vgl_submit_info){
			.cmd = cmd, .wait_values = b->waits, .nr_waits = b->nr_waits,
			.unasked = unasked }, &value, &point);
	b->cmd = VK_NULL_HANDLE;
	if (ret != VGL_OK) {
		/* nothing of it runs: its sets and uses are free again */
		retire_recording(ctx, b->last_value);
		keep_cmd(ctx, cmd, b->last_value);
		return ret;
	}
	b->last_value = value;
	b->last_point = point;
	count_submit(ctx, point, ndw);
	retire_recording(ctx, value);
	keep_cmd(ctx, cmd, value);
	return VGL_OK;
}

int vgl_batch_flush(struct vgl_context *ctx)
{
	return submit(ctx, false);
}

void vgl_batch_after_draw(struct vgl_context *ctx)
{
	struct vgl_batch *b = &ctx->batch;
	const uint32_t *dw;

	/* the objects a batch holds count too: an application that draws with
	 * a new program each time and deletes it holds them all until a
	 * submission, however small their commands */
	if (!b->cmd || (!vgl_flush_due(&b->limits, &b->count, vvk_GetRecordedDwords(b->cmd, &dw)) &&
			b->nr_uses < VGL_BATCH_MAX_USES))
		return;
	ctx->stats.auto_flushes++;
	vgl_error_result(ctx, submit(ctx, true));
}

void vgl_context_set_flush_limits(struct vgl_context *ctx, const struct vgl_flush_limits *l)
{
	ctx->batch.limits = *l;
	ctx->batch.count = (struct vgl_flush_count){ 0 };
}

int vgl_batch_sync_read(struct vgl_context *ctx)
{
	struct vgl_device *dev = ctx->dev;
	uint64_t all;
	int ret;

	if (!dev->sync_reads)
		return VGL_OK;
	if (ctx->batch.cmd)
		ctx->stats.access_flushes++;
	ret = vgl_batch_flush(ctx);
	if (ret != VGL_OK)
		return ret;
	pthread_mutex_lock(&dev->lock);
	all = dev->last_value;
	pthread_mutex_unlock(&dev->lock);
	vgl_debug_access_wait(ctx, "A read-back (synchronous reads on)");
	return vgl_device_wait(dev, all, UINT64_MAX);
}

int vgl_batch_finish_all(struct vgl_context *ctx)
{
	int ret = vgl_batch_flush(ctx);

	if (ret == VGL_OK)
		ret = vgl_device_wait(ctx->dev, ctx->batch.last_value, UINT64_MAX);
	vgl_device_collect(ctx->dev);
	return ret;
}
