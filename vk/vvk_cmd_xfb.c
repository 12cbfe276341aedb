/* SPDX-License-Identifier: MIT */
/*
 * Transform feedback commands (vvk.h). The host resumes a capture when it
 * is given the same list of target objects again and starts over for new
 * ones (drm/vdrm_streamout.h), so Begin creates a target per binding unless
 * the binding's counter buffer names a paused one, and End hands each
 * target to its counter buffer or destroys it. Targets are created and
 * destroyed in the command stream itself: the setup stream runs ahead of
 * submissions, and a destroy there could overtake this buffer's use.
 */
#include "vdrm_cmds.h"
#include "vvk_buffer.h"
#include "vvk_cmd_buffer.h"
#include "vvk_device.h"

void vvk_CmdBindTransformFeedbackBuffersEXT(VkCommandBuffer commandBuffer, uint32_t firstBinding,
					    uint32_t bindingCount, const VkBuffer *pBuffers,
					    const VkDeviceSize *pOffsets, const VkDeviceSize *pSizes)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);

	if (firstBinding > VVK_MAX_STREAM_OUTPUT_BUFFERS ||
	    bindingCount > VVK_MAX_STREAM_OUTPUT_BUFFERS - firstBinding || cmd->st.xfb.nr_targets) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	for (uint32_t i = 0; i < bindingCount; i++) {
		struct vvk_buffer *b = vvk_buffer_from_handle(pBuffers[i]);
		VkDeviceSize off = pOffsets[i];
		VkDeviceSize size = !pSizes || pSizes[i] == VK_WHOLE_SIZE ? b ? b->size - off : 0
									 : pSizes[i];
		struct vvk_xfb_binding *x = &cmd->st.xfb.bound[firstBinding + i];

		*x = (struct vvk_xfb_binding){ 0 };
		if (!b)
			continue;
		if (!b->mem || !b->mem->res || off > b->size || size > b->size - off || off % 4 ||
		    b->offset + off + size > UINT32_MAX) {
			vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
			continue;
		}
		*x = (struct vvk_xfb_binding){ b, b->mem->res->res_handle,
					       vvk_buffer_res_offset(b, off), (uint32_t)size };
	}
}

/* The counter buffer given for binding i, or NULL. */
static struct vvk_buffer *counter_of(uint32_t i, uint32_t first, uint32_t count,
				     const VkBuffer *counters)
{
	if (!counters || i < first || i - first >= count)
		return NULL;
	return vvk_buffer_from_handle(counters[i - first]);
}

static bool same_range(const struct vvk_xfb_paused *p, const struct vvk_xfb_binding *x)
{
	return p->target && p->res == x->res && p->offset == x->offset && p->size == x->size;
}

/* Binding x's target: the paused one its counter names, or a new one. */
static uint32_t begin_target(struct vvk_cmd_buffer *cmd, const struct vvk_xfb_binding *x,
			     struct vvk_buffer *counter, bool *resumed)
{
	uint32_t handle;

	*resumed = counter && same_range(&counter->xfb, x);
	if (*resumed) {
		handle = counter->xfb.target;
		counter->xfb.target = 0; /* the capture is live again */
		return handle;
	}
	handle = vvk_device_new_handle(cmd->dev);
	vdrm_encode_create_streamout_target(&cmd->cs, &(struct vdrm_cmd_create_streamout_target){
		.handle = handle, .res = x->res, .offset = x->offset, .size = x->size });
	return handle;
}

static uint32_t last_bound(const struct vvk_xfb_state *s)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < VVK_MAX_STREAM_OUTPUT_BUFFERS; i++)
		if (s->bound[i].buffer)
			n = i + 1;
	return n;
}

void vvk_CmdBeginTransformFeedbackEXT(VkCommandBuffer commandBuffer, uint32_t firstCounterBuffer,
				      uint32_t counterBufferCount,
				      const VkBuffer *pCounterBuffers,
				      const VkDeviceSize *pCounterBufferOffsets)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_xfb_state *s = &cmd->st.xfb;
	uint32_t n = last_bound(s), append = 0;

	(void)pCounterBufferOffsets;
	if (s->nr_targets || !n) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	for (uint32_t i = 0; i < n; i++) {
		bool resumed = false;

		s->targets[i] = 0;
		if (!s->bound[i].buffer)
			continue;
		s->targets[i] = begin_target(cmd, &s->bound[i],
					     counter_of(i, firstCounterBuffer, counterBufferCount,
							pCounterBuffers), &resumed);
		append |= resumed ? 1u << i : 0;
		vvk_cmd_use_memory(cmd, s->bound[i].buffer->mem, true);
	}
	vdrm_encode_set_streamout_targets(&cmd->cs, &(struct vdrm_cmd_set_streamout_targets){
		.append_bitmask = append, .elems = s->targets, .count = n });
	s->nr_targets = n;
}

/* Binding i's target goes to its counter buffer (paused) or away (ended). */
static void end_target(struct vvk_cmd_buffer *cmd, const struct vvk_xfb_binding *x,
		       uint32_t target, struct vvk_buffer *counter)
{
	if (!counter) {
		vdrm_encode_destroy_object(&cmd->cs, &(struct vdrm_cmd_destroy_object){
			.obj_type = VDRM_OBJ_STREAMOUT_TARGET, .handle = target });
		return;
	}
	if (counter->xfb.target) /* a capture paused there before and never resumed */
		vdrm_encode_destroy_object(&cmd->cs, &(struct vdrm_cmd_destroy_object){
			.obj_type = VDRM_OBJ_STREAMOUT_TARGET, .handle = counter->xfb.target });
	counter->xfb = (struct vvk_xfb_paused){ target, x->res, x->offset, x->size };
}

void vvk_CmdEndTransformFeedbackEXT(VkCommandBuffer commandBuffer, uint32_t firstCounterBuffer,
				    uint32_t counterBufferCount, const VkBuffer *pCounterBuffers,
				    const VkDeviceSize *pCounterBufferOffsets)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_xfb_state *s = &cmd->st.xfb;

	(void)pCounterBufferOffsets;
	if (!s->nr_targets) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	vdrm_encode_set_streamout_targets(&cmd->cs, &(struct vdrm_cmd_set_streamout_targets){ 0 });
	for (uint32_t i = 0; i < s->nr_targets; i++)
		if (s->targets[i])
			end_target(cmd, &s->bound[i], s->targets[i],
				   counter_of(i, firstCounterBuffer, counterBufferCount,
					      pCounterBuffers));
	s->nr_targets = 0;
}
