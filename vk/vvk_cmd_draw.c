/* SPDX-License-Identifier: MIT */
/*
 * Binding, dynamic state, push constants, draws and dispatches. Setters only
 * record and mark dirty (and only when the value changed); the draw or
 * dispatch flushes what is dirty.
 */
#include "vdrm_cmds.h"
#include "vvk_buffer.h"
#include "vvk_cmd_buffer.h"
#include "vvk_descriptor_set.h"
#include "vvk_device.h"
#include "vvk_pipeline.h"

#define DIRTY(d) VVK_DIRTY_BIT(VVK_DIRTY_##d)
#define GFX_STATE_OF_PIPELINE \
	(DIRTY(GFX_PIPELINE) | DIRTY(VIEWPORT) | DIRTY(SCISSOR) | DIRTY(BLEND_COLOR) | \
	 DIRTY(STENCIL_REF) | DIRTY(VERTEX_BUFFERS) | DIRTY(PUSH_CONSTANTS) | DIRTY(GFX_DESCRIPTORS) | \
	 DIRTY(GFX_DYNAMIC_OFFSETS) | DIRTY(MULTISAMPLE))
#define COMPUTE_STATE_OF_PIPELINE \
	(DIRTY(COMPUTE_PIPELINE) | DIRTY(COMPUTE_PUSH_CONSTANTS) | DIRTY(COMPUTE_DESCRIPTORS))

static enum vvk_bind_point bind_point(VkPipelineBindPoint bp)
{
	return bp == VK_PIPELINE_BIND_POINT_COMPUTE ? VVK_BIND_COMPUTE : VVK_BIND_GFX;
}

/* Whether two pipelines map the bound descriptor sets to the same slots of the same stages. */
static bool same_descriptor_use(const struct vvk_pipeline *a, const struct vvk_pipeline *b)
{
	if (a->layout != b->layout)
		return false;
	for (int s = 0; s < VVK_STAGE_COUNT; s++)
		if (!a->shaders[s] != !b->shaders[s] || a->nr_pairs[s] != b->nr_pairs[s] ||
		    (a->nr_pairs[s] &&
		     memcmp(a->pairs[s], b->pairs[s], a->nr_pairs[s] * sizeof(a->pairs[s][0]))))
			return false;
	return true;
}

/* Whether two pipelines read the same CONST[0] (push constants, firstInstance). */
static bool same_push_use(const struct vvk_pipeline *a, const struct vvk_pipeline *b)
{
	if (a->layout->push_size != b->layout->push_size ||
	    a->uses_base_instance != b->uses_base_instance ||
	    (a->uses_base_instance && a->base_instance_dword != b->base_instance_dword))
		return false;
	for (int s = 0; s < VVK_STAGE_COUNT; s++)
		if ((a->shaders[s] && a->uses_push[s]) != (b->shaders[s] && b->uses_push[s]))
			return false;
	return true;
}

/* Dynamic state both pipelines take from the command buffer: unchanged by a switch. */
static uint32_t same_dynamic(const struct vvk_pipeline *a, const struct vvk_pipeline *b)
{
	uint32_t both = a->dynamic & b->dynamic, d = 0;

	if (a->nr_viewports != b->nr_viewports)
		both &= ~(uint32_t)(VVK_DYNAMIC_VIEWPORT | VVK_DYNAMIC_SCISSOR);
	if ((both & VVK_DYNAMIC_VIEWPORT) && a->gl_z == b->gl_z)
		d |= DIRTY(VIEWPORT);
	if (both & VVK_DYNAMIC_SCISSOR)
		d |= DIRTY(SCISSOR);
	if (both & VVK_DYNAMIC_BLEND_CONSTANTS)
		d |= DIRTY(BLEND_COLOR);
	if (both & VVK_DYNAMIC_STENCIL_REFERENCE)
		d |= DIRTY(STENCIL_REF);
	if (a->sample_mask == b->sample_mask && a->min_samples == b->min_samples)
		d |= DIRTY(MULTISAMPLE);
	return d;
}

/* What a switch between two graphics pipelines makes stale: the pipeline's
 * objects (compared with the host shadow when flushed), and state it
 * derives, vertex buffers, push constants, descriptors only if it differs. */
static uint32_t gfx_switch_dirty(const struct vvk_pipeline *old, const struct vvk_pipeline *p)
{
	uint32_t d = GFX_STATE_OF_PIPELINE;

	if (!old)
		return d;
	d &= ~same_dynamic(old, p);
	if (old->nr_vbs == p->nr_vbs &&
	    !memcmp(old->vb_strides, p->vb_strides, p->nr_vbs * sizeof(p->vb_strides[0])))
		d &= ~DIRTY(VERTEX_BUFFERS);
	if (same_push_use(old, p))
		d &= ~DIRTY(PUSH_CONSTANTS);
	if (same_descriptor_use(old, p))
		d &= ~(DIRTY(GFX_DESCRIPTORS) | DIRTY(GFX_DYNAMIC_OFFSETS));
	return d;
}

/*
 * gfx_switch_dirty() of the last two switches is remembered: a state toggled
 * between draws (depth test on, off) switches between the same two
 * pipelines, and comparing them again cost more than the rest of the bind.
 */
static uint32_t gfx_switch_dirty_memo(struct vvk_cmd_state *st, const struct vvk_pipeline *old,
				      const struct vvk_pipeline *p)
{
	struct vvk_switch_memo *m = st->switches;

	if (!old)
		return gfx_switch_dirty(old, p);
	for (int i = 0; i < 2; i++)
		if (m[i].from == old->serial && m[i].to == p->serial)
			return m[i].dirty;
	m[1] = m[0];
	m[0] = (struct vvk_switch_memo){ old->serial, p->serial, gfx_switch_dirty(old, p) };
	return m[0].dirty;
}

void vvk_CmdBindPipeline(VkCommandBuffer commandBuffer, VkPipelineBindPoint bindPoint,
			 VkPipeline pipeline)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	enum vvk_bind_point bp = bind_point(bindPoint);
	struct vvk_pipeline *p = vvk_pipeline_from_handle(pipeline);
	const struct vvk_pipeline *old = cmd->st.pipeline[bp];

	if (old == p)
		return;
	cmd->st.pipeline[bp] = p;
	cmd->st.dirty |= bp == VVK_BIND_GFX ? gfx_switch_dirty_memo(&cmd->st, old, p)
					    : COMPUTE_STATE_OF_PIPELINE;
}

void vvk_CmdBindDescriptorSets(VkCommandBuffer commandBuffer, VkPipelineBindPoint bindPoint,
			       VkPipelineLayout layout, uint32_t firstSet, uint32_t setCount,
			       const VkDescriptorSet *pSets, uint32_t dynamicOffsetCount,
			       const uint32_t *pDynamicOffsets)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	enum vvk_bind_point bp = bind_point(bindPoint);
	struct vvk_bound_sets *b = &cmd->st.bound[bp];
	uint32_t used = 0;
	bool same_sets = true, same_offsets = true;

	b->layout = vvk_pipeline_layout_from_handle(layout);
	for (uint32_t i = 0; i < setCount && firstSet + i < VVK_MAX_SETS; i++) {
		struct vvk_descriptor_set *set = vvk_descriptor_set_from_handle(pSets[i]);
		uint32_t n = set ? set->layout->nr_dynamic : 0, *dyn = b->dynamic[firstSet + i];

		same_sets &= b->sets[firstSet + i] == set;
		/* storage buffers' offsets take the full path (emit_ssbos) */
		same_sets &= !set ||
			     !set->layout->type_counts[VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC];
		b->sets[firstSet + i] = set;
		for (uint32_t d = 0; d < n && used < dynamicOffsetCount; d++, used++) {
			same_offsets &= dyn[d] == pDynamicOffsets[used];
			dyn[d] = pDynamicOffsets[used];
		}
	}
	/* the same sets at the same offsets: nothing to send again; only new
	 * offsets of graphics sets: only the dynamic buffers' slots */
	if (bp == VVK_BIND_GFX && same_sets && !same_offsets)
		cmd->st.dirty |= DIRTY(GFX_DYNAMIC_OFFSETS);
	else if (!same_sets || !same_offsets)
		cmd->st.dirty |= bp == VVK_BIND_GFX ? DIRTY(GFX_DESCRIPTORS)
						    : DIRTY(COMPUTE_DESCRIPTORS);
}

void vvk_CmdBindVertexBuffers(VkCommandBuffer commandBuffer, uint32_t firstBinding,
			      uint32_t count, const VkBuffer *pBuffers, const VkDeviceSize *pOffsets)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);

	for (uint32_t i = 0; i < count && firstBinding + i < VVK_MAX_VERTEX_BUFFERS; i++) {
		struct vvk_vertex_binding vb = { vvk_buffer_from_handle(pBuffers[i]), pOffsets[i] };
		struct vvk_vertex_binding *slot = &cmd->st.vb[firstBinding + i];

		if (slot->buffer == vb.buffer && slot->offset == vb.offset)
			continue;
		*slot = vb;
		cmd->st.dirty |= DIRTY(VERTEX_BUFFERS);
	}
}

void vvk_CmdBindIndexBuffer(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
			    VkIndexType indexType)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	uint32_t size = indexType == VK_INDEX_TYPE_UINT32 ? 4
		      : indexType == VK_INDEX_TYPE_UINT8_EXT ? 1 : 2;

	struct vvk_buffer *b = vvk_buffer_from_handle(buffer);

	if (cmd->st.index_buffer == b && cmd->st.index_offset == offset &&
	    cmd->st.index_size == size)
		return;
	cmd->st.index_buffer = b;
	cmd->st.index_offset = offset;
	cmd->st.index_size = size;
	cmd->st.dirty |= DIRTY(INDEX_BUFFER);
}

/* Whether [first, first + count) is a non-empty range of VVK_MAX_VIEWPORTS
 * slots (the caller is held to maxViewports; more are dropped, not written
 * past the array). */
static bool viewport_range_ok(uint32_t first, uint32_t count)
{
	return count >= 1 && first < VVK_MAX_VIEWPORTS && count <= VVK_MAX_VIEWPORTS - first;
}

void vvk_CmdSetViewport(VkCommandBuffer commandBuffer, uint32_t first, uint32_t count,
			const VkViewport *pViewports)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	size_t size = count * sizeof(*pViewports);

	if (!viewport_range_ok(first, count) || !memcmp(&cmd->st.viewports[first], pViewports, size))
		return;
	memcpy(&cmd->st.viewports[first], pViewports, size);
	cmd->st.dirty |= DIRTY(VIEWPORT);
}

void vvk_CmdSetScissor(VkCommandBuffer commandBuffer, uint32_t first, uint32_t count,
		       const VkRect2D *pScissors)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	size_t size = count * sizeof(*pScissors);

	if (!viewport_range_ok(first, count) || !memcmp(&cmd->st.scissors[first], pScissors, size))
		return;
	memcpy(&cmd->st.scissors[first], pScissors, size);
	cmd->st.dirty |= DIRTY(SCISSOR);
}

void vvk_CmdSetBlendConstants(VkCommandBuffer commandBuffer, const float blendConstants[4])
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);

	if (!memcmp(cmd->st.blend_color, blendConstants, sizeof(cmd->st.blend_color)))
		return;
	memcpy(cmd->st.blend_color, blendConstants, sizeof(cmd->st.blend_color));
	cmd->st.dirty |= DIRTY(BLEND_COLOR);
}

void vvk_CmdSetStencilReference(VkCommandBuffer commandBuffer, VkStencilFaceFlags faceMask,
				uint32_t reference)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	uint32_t ref = cmd->st.stencil_ref;

	if (faceMask & VK_STENCIL_FACE_FRONT_BIT)
		ref = (ref & ~0xffu) | (reference & 0xff);
	if (faceMask & VK_STENCIL_FACE_BACK_BIT)
		ref = (ref & ~0xff00u) | (reference & 0xff) << 8;
	if (ref == cmd->st.stencil_ref)
		return;
	cmd->st.stencil_ref = ref;
	cmd->st.dirty |= DIRTY(STENCIL_REF);
}

void vvk_CmdPushConstants(VkCommandBuffer commandBuffer, VkPipelineLayout layout,
			  VkShaderStageFlags stages, uint32_t offset, uint32_t size,
			  const void *pValues)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);

	(void)layout;
	if (offset + size > VVK_MAX_PUSH_CONSTANTS) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	memcpy(cmd->st.push + offset, pValues, size);
	if (stages & VK_SHADER_STAGE_ALL_GRAPHICS)
		cmd->st.dirty |= DIRTY(PUSH_CONSTANTS);
	if (stages & VK_SHADER_STAGE_COMPUTE_BIT)
		cmd->st.dirty |= DIRTY(COMPUTE_PUSH_CONSTANTS);
}

/* ---- flushing dirty state ------------------------------------------------------ */

static void bind_shader(struct vvk_cmd_buffer *cmd, const struct vvk_pipeline *p,
			enum vvk_stage s)
{
	if (cmd->st.host.shaders[s] == p->shaders[s])
		return;
	vdrm_encode_bind_shader(&cmd->cs, &(struct vdrm_cmd_bind_shader){
		.handle = p->shaders[s], .type = vvk_stage_wire(s) });
	cmd->st.host.shaders[s] = p->shaders[s];
}

static const enum vvk_stage gfx_stages[] = {
	VVK_STAGE_VS, VVK_STAGE_FS, VVK_STAGE_GS, VVK_STAGE_TCS, VVK_STAGE_TES,
};

static void bind_gfx_objects(struct vvk_cmd_buffer *cmd, const struct vvk_pipeline *p)
{
	struct vvk_host_shadow *h = &cmd->st.host;

	if (h->blend != p->blend)
		vdrm_encode_bind_blend(&cmd->cs, &(struct vdrm_cmd_bind_blend){ h->blend = p->blend });
	if (h->dsa != p->dsa)
		vdrm_encode_bind_dsa(&cmd->cs, &(struct vdrm_cmd_bind_dsa){ h->dsa = p->dsa });
	if (h->rasterizer != p->rasterizer)
		vdrm_encode_bind_rasterizer(&cmd->cs, &(struct vdrm_cmd_bind_rasterizer){
			h->rasterizer = p->rasterizer });
	if (h->vertex_elements != p->vertex_elements)
		vdrm_encode_bind_vertex_elements(&cmd->cs, &(struct vdrm_cmd_bind_vertex_elements){
			h->vertex_elements = p->vertex_elements });
	/* 0 where the pipeline has none: the host keeps the last one bound.
	 * Compared in one pass: a switch between two pipelines of one program
	 * (a state toggled between draws) binds no shader */
	for (uint32_t i = 0; i < VVK_ARRAY_SIZE(gfx_stages); i++)
		if (h->shaders[gfx_stages[i]] != p->shaders[gfx_stages[i]])
			bind_shader(cmd, p, gfx_stages[i]);
}

/* Stores `val` in the shadow and says whether the host needs it. */
static bool changed(void *shadow, const void *val, size_t size)
{
	if (memcmp(shadow, val, size) == 0)
		return false;
	memcpy(shadow, val, size);
	return true;
}

/*
 * Positive y scale: viewport rows map 1:1 to memory rows (see vvk.h). Depth
 * maps z in [0, 1], or in [-1, 1] for a gl_z pipeline, to [minDepth,
 * maxDepth]. The host turns scale and translate into a depth range with
 * the clip_halfz of the rasterizer bound when the viewport arrives (bound
 * before, bind_gfx_objects), so a change of mode sends the viewport again.
 */
static struct vdrm_set_viewport_state_elem viewport_elem(const VkViewport *v, bool gl_z)
{
	float zs = gl_z ? (v->maxDepth - v->minDepth) / 2 : v->maxDepth - v->minDepth;

	return (struct vdrm_set_viewport_state_elem){
		v->width / 2, v->height / 2, zs,
		v->x + v->width / 2, v->y + v->height / 2, v->minDepth + (gl_z ? zs : 0) };
}

/* All the pipeline's viewports in one SET_VIEWPORT_STATE from slot 0. */
static void emit_viewport(struct vvk_cmd_buffer *cmd, const struct vvk_pipeline *p)
{
	const VkViewport *v = (p->dynamic & VVK_DYNAMIC_VIEWPORT) ? cmd->st.viewports : p->viewports;
	struct vdrm_set_viewport_state_elem e[VVK_MAX_VIEWPORTS];
	uint32_t gl_z = p->gl_z, n = p->nr_viewports;
	bool mode_changed = changed(&cmd->st.host.viewport_gl_z, &gl_z, sizeof(gl_z));

	for (uint32_t i = 0; i < n; i++)
		e[i] = viewport_elem(&v[i], p->gl_z);
	if (changed(cmd->st.host.viewports, e, n * sizeof(e[0])) || mode_changed)
		vdrm_encode_set_viewport_state(&cmd->cs, &(struct vdrm_cmd_set_viewport_state){
			.elems = e, .count = n });
}

static uint32_t clamp16(int64_t v)
{
	return (uint32_t)(v < 0 ? 0 : v > 0xffff ? 0xffff : v);
}

static struct vdrm_set_scissor_state_elem scissor_elem(const VkRect2D *s)
{
	int64_t x0 = s->offset.x, y0 = s->offset.y;

	return (struct vdrm_set_scissor_state_elem){
		clamp16(x0) | clamp16(y0) << 16,
		clamp16(x0 + s->extent.width) | clamp16(y0 + s->extent.height) << 16 };
}

/* As many scissors as viewports, in one SET_SCISSOR_STATE from slot 0. */
static void emit_scissor(struct vvk_cmd_buffer *cmd, const struct vvk_pipeline *p)
{
	const VkRect2D *s = (p->dynamic & VVK_DYNAMIC_SCISSOR) ? cmd->st.scissors : p->scissors;
	struct vdrm_set_scissor_state_elem e[VVK_MAX_VIEWPORTS];
	uint32_t n = p->nr_viewports;

	for (uint32_t i = 0; i < n; i++)
		e[i] = scissor_elem(&s[i]);
	if (changed(cmd->st.host.scissors, e, n * sizeof(e[0])))
		vdrm_encode_set_scissor_state(&cmd->cs, &(struct vdrm_cmd_set_scissor_state){
			.elems = e, .count = n });
}

static void emit_blend_color(struct vvk_cmd_buffer *cmd, const struct vvk_pipeline *p)
{
	const float *c = (p->dynamic & VVK_DYNAMIC_BLEND_CONSTANTS) ? cmd->st.blend_color
								   : p->blend_constants;

	if (changed(cmd->st.host.blend_color, c, sizeof(cmd->st.host.blend_color)))
		vdrm_encode_set_blend_color(&cmd->cs, &(struct vdrm_cmd_set_blend_color){
			.color = { c[0], c[1], c[2], c[3] } });
}

static void emit_multisample(struct vvk_cmd_buffer *cmd, const struct vvk_pipeline *p)
{
	struct vvk_host_shadow *h = &cmd->st.host;
	uint64_t mask = p->sample_mask;

	if (changed(&h->sample_mask, &mask, sizeof(mask)))
		vdrm_encode_set_sample_mask(&cmd->cs, &(struct vdrm_cmd_set_sample_mask){
			p->sample_mask });
	if (vvk_physical_device_has_cap(cmd->dev->pdev, VDRM_CAP_SET_MIN_SAMPLES) &&
	    changed(&h->min_samples, &p->min_samples, sizeof(p->min_samples)))
		vdrm_encode_set_min_samples(&cmd->cs, &(struct vdrm_cmd_set_min_samples){
			p->min_samples });
}

static void emit_fixed_values(struct vvk_cmd_buffer *cmd, const struct vvk_pipeline *p)
{
	uint32_t d = cmd->st.dirty;
	uint32_t ref = (p->dynamic & VVK_DYNAMIC_STENCIL_REFERENCE) ? cmd->st.stencil_ref
								    : p->stencil_ref;

	if (d & DIRTY(VIEWPORT))
		emit_viewport(cmd, p);
	if (d & DIRTY(SCISSOR))
		emit_scissor(cmd, p);
	if (d & DIRTY(BLEND_COLOR))
		emit_blend_color(cmd, p);
	if ((d & DIRTY(STENCIL_REF)) && changed(&cmd->st.host.stencil_ref, &ref, sizeof(ref)))
		vdrm_encode_set_stencil_ref(&cmd->cs, &(struct vdrm_cmd_set_stencil_ref){ ref });
	if (d & DIRTY(MULTISAMPLE))
		emit_multisample(cmd, p);
}

/*
 * The host keeps vertex and index buffers bound by resource id: given an id
 * it already has bound, it keeps the resource it holds (virglrenderer's
 * vrend_set_single_vbo and vrend_set_index_buffer compare ids only). Ids
 * are reused: a resource an earlier command buffer left bound may since
 * have been freed and its id handed to a new one, which the host would then
 * never read. So the first binding after the host state became unknown
 * unbinds first, which makes the host look the ids up again.
 */
static void unbind_host_vertex_buffers(struct vvk_cmd_buffer *cmd)
{
	if (cmd->st.host.nr_vbs != UINT32_MAX)
		return;
	vdrm_encode_set_vertex_buffers(&cmd->cs, &(struct vdrm_cmd_set_vertex_buffers){ .count = 0 });
	cmd->st.host.nr_vbs = 0;
}

static void unbind_host_index_buffer(struct vvk_cmd_buffer *cmd)
{
	if (cmd->st.host.index_res != UINT32_MAX)
		return;
	vdrm_encode_set_index_buffer(&cmd->cs, &(struct vdrm_cmd_set_index_buffer){ .res = 0 });
	cmd->st.host.index_res = 0;
}

static void emit_vertex_buffers(struct vvk_cmd_buffer *cmd, const struct vvk_pipeline *p)
{
	struct vdrm_set_vertex_buffers_elem e[VVK_MAX_VERTEX_BUFFERS] = { 0 };
	struct vvk_host_shadow *h = &cmd->st.host;

	for (uint32_t i = 0; i < p->nr_vbs; i++) {
		const struct vvk_vertex_binding *vb = &cmd->st.vb[i];

		e[i].stride = p->vb_strides[i];
		if (!vb->buffer || !vb->buffer->mem || !vb->buffer->mem->res)
			continue;
		e[i].offset = vvk_buffer_res_offset(vb->buffer, vb->offset);
		e[i].res = vb->buffer->mem->res->res_handle;
		vvk_cmd_use_memory(cmd, vb->buffer->mem, false);
	}
	if (h->nr_vbs == p->nr_vbs && !changed(h->vbs, e, p->nr_vbs * sizeof(e[0])))
		return;
	unbind_host_vertex_buffers(cmd);
	h->nr_vbs = p->nr_vbs;
	memcpy(h->vbs, e, p->nr_vbs * sizeof(e[0]));
	vdrm_encode_set_vertex_buffers(&cmd->cs, &(struct vdrm_cmd_set_vertex_buffers){
		.elems = e, .count = p->nr_vbs });
}

/*
 * CONST[0] of each stage that reads it: the push constants, raw dwords, and
 * after them (vec4-aligned) firstInstance for a VS that reads gl_InstanceIndex.
 */
static void emit_push_constants(struct vvk_cmd_buffer *cmd, const struct vvk_pipeline *p,
				enum vvk_stage first, enum vvk_stage last)
{
	uint32_t n = VVK_ALIGN(p->layout->push_size, 16) / 4;
	uint32_t dw[VVK_MAX_PUSH_CONSTANTS / 4 + 4];

	memcpy(dw, cmd->st.push, n * 4);
	if (p->uses_base_instance && p->base_instance_dword < VVK_ARRAY_SIZE(dw)) {
		n = VVK_MAX(n, VVK_ALIGN(p->base_instance_dword + 1, 4));
		memset(dw + VVK_ALIGN(p->layout->push_size, 16) / 4, 0, 16);
		dw[p->base_instance_dword] = cmd->st.base_instance;
	}
	if (!n)
		return;
	for (int s = first; s <= (int)last; s++)
		if (p->shaders[s] && p->uses_push[s])
			vdrm_encode_set_constant_buffer(&cmd->cs, &(struct vdrm_cmd_set_constant_buffer){
				.stage = vvk_stage_wire(s), .elems = dw, .count = n });
}

/* A new firstInstance means new CONST[0] for a VS that reads gl_InstanceIndex. */
static void note_base_instance(struct vvk_cmd_buffer *cmd, uint32_t first_instance)
{
	const struct vvk_pipeline *p = cmd->st.pipeline[VVK_BIND_GFX];

	if (p->uses_base_instance && cmd->st.base_instance != first_instance) {
		cmd->st.base_instance = first_instance;
		cmd->st.dirty |= DIRTY(PUSH_CONSTANTS);
	}
}

static void emit_gfx_state(struct vvk_cmd_buffer *cmd)
{
	const struct vvk_pipeline *p = cmd->st.pipeline[VVK_BIND_GFX];
	uint32_t d = cmd->st.dirty;

	if (d & DIRTY(FRAMEBUFFER))
		vvk_cmd_emit_framebuffer(cmd);
	if (d & DIRTY(GFX_PIPELINE))
		bind_gfx_objects(cmd, p);
	emit_fixed_values(cmd, p);
	if (d & DIRTY(VERTEX_BUFFERS))
		emit_vertex_buffers(cmd, p);
	if (d & DIRTY(PUSH_CONSTANTS))
		emit_push_constants(cmd, p, VVK_STAGE_VS, VVK_STAGE_TES);
	if (d & DIRTY(GFX_DESCRIPTORS))
		vvk_cmd_emit_descriptors(cmd, VVK_BIND_GFX);
	else if (d & DIRTY(GFX_DYNAMIC_OFFSETS))
		vvk_cmd_emit_dynamic_offsets(cmd);
	cmd->st.dirty &= ~(GFX_STATE_OF_PIPELINE | DIRTY(FRAMEBUFFER));
}

/* The state a draw needs that changed since the last draw; the common draw
 * finds none, and costs one test here. */
static inline void flush_gfx_state(struct vvk_cmd_buffer *cmd)
{
	if (cmd->st.dirty & (GFX_STATE_OF_PIPELINE | DIRTY(FRAMEBUFFER)))
		emit_gfx_state(cmd);
}

static bool ready_to_draw(struct vvk_cmd_buffer *cmd)
{
	if (cmd->st.render.active && cmd->st.pipeline[VVK_BIND_GFX])
		return true;
	vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
	return false;
}

/* DRAW_VBO's longer form for patches, which names the patch size. */
static void encode_draw_tess(struct vvk_cmd_buffer *cmd, const struct vvk_pipeline *p,
			     const struct vdrm_cmd_draw_vbo *d)
{
	vdrm_encode_draw_vbo_tess(&cmd->cs, &(struct vdrm_cmd_draw_vbo_tess){
		.start = d->start, .count = d->count, .mode = d->mode, .indexed = d->indexed,
		.instance_count = d->instance_count, .index_bias = d->index_bias,
		.start_instance = d->start_instance, .primitive_restart = d->primitive_restart,
		.restart_index = d->restart_index, .min_index = d->min_index,
		.max_index = d->max_index, .vertices_per_patch = p->patch_vertices });
}

/* DRAW_VBO. Inline: every draw comes here, and then the argument struct
 * never lives in memory, its fields go straight into the stream. */
static inline __attribute__((always_inline)) void encode_draw(struct vvk_cmd_buffer *cmd,
							      const struct vvk_pipeline *p,
							      const struct vdrm_cmd_draw_vbo *d)
{
	if (p->prim == VVK_PRIM_PATCHES)
		encode_draw_tess(cmd, p, d);
	else
		vdrm_encode_draw_vbo(&cmd->cs, d);
}

void vvk_CmdDraw(VkCommandBuffer commandBuffer, uint32_t vertexCount, uint32_t instanceCount,
		 uint32_t firstVertex, uint32_t firstInstance)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);

	if (!ready_to_draw(cmd) || !vertexCount || !instanceCount)
		return;
	note_base_instance(cmd, firstInstance);
	flush_gfx_state(cmd);
	encode_draw(cmd, cmd->st.pipeline[VVK_BIND_GFX], &(struct vdrm_cmd_draw_vbo){
		.start = firstVertex, .count = vertexCount,
		.mode = cmd->st.pipeline[VVK_BIND_GFX]->prim, .instance_count = instanceCount,
		.start_instance = firstInstance, .max_index = firstVertex + vertexCount - 1 });
}

/*
 * The host draws indexed primitives from the index buffer's offset and
 * ignores DRAW_VBO's start (measured: firstIndex 6 drew indices 0..5), so
 * firstIndex is folded into SET_INDEX_BUFFER's offset, as Mesa's virgl
 * driver does; start is still sent, as Mesa sends it.
 */
static void emit_index_buffer(struct vvk_cmd_buffer *cmd, uint32_t first_index)
{
	struct vvk_buffer *b = cmd->st.index_buffer;
	uint32_t offset = vvk_buffer_res_offset(b, cmd->st.index_offset +
						       (VkDeviceSize)first_index * cmd->st.index_size);

	if (!(cmd->st.dirty & DIRTY(INDEX_BUFFER)) && offset == cmd->st.host.index_offset)
		return;
	unbind_host_index_buffer(cmd);
	cmd->st.host.index_res = b->mem->res->res_handle;
	vdrm_encode_set_index_buffer(&cmd->cs, &(struct vdrm_cmd_set_index_buffer){
		.res = b->mem->res->res_handle, .index_size = cmd->st.index_size,
		.offset = offset });
	vvk_cmd_use_memory(cmd, b->mem, false);
	cmd->st.host.index_offset = offset;
	cmd->st.dirty &= ~DIRTY(INDEX_BUFFER);
}

void vvk_CmdDrawIndexed(VkCommandBuffer commandBuffer, uint32_t indexCount,
			uint32_t instanceCount, uint32_t firstIndex, int32_t vertexOffset,
			uint32_t firstInstance)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	const struct vvk_pipeline *p = cmd->st.pipeline[VVK_BIND_GFX];
	struct vvk_buffer *ib = cmd->st.index_buffer;

	if (!ready_to_draw(cmd) || !indexCount || !instanceCount)
		return;
	if (!ib || !ib->mem || !ib->mem->res) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	note_base_instance(cmd, firstInstance);
	flush_gfx_state(cmd);
	emit_index_buffer(cmd, firstIndex);
	encode_draw(cmd, p, &(struct vdrm_cmd_draw_vbo){
		.start = firstIndex, .count = indexCount, .mode = p->prim, .indexed = 1,
		.instance_count = instanceCount, .index_bias = vertexOffset,
		.start_instance = firstInstance, .primitive_restart = p->restart,
		.restart_index = (uint32_t)((UINT64_C(1) << (8 * cmd->st.index_size)) - 1),
		.max_index = UINT32_MAX });
}

/* Whether `size` bytes at offset of b are a command the host may read. */
static bool indirect_args_fit(const struct vvk_buffer *b, VkDeviceSize offset, VkDeviceSize size)
{
	return b && b->mem && b->mem->res && offset % 4 == 0 && offset <= b->size &&
	       b->size - offset >= size && b->offset + offset + size <= UINT32_MAX;
}

/* The host draws with the indirect buffer's parameters; only one draw,
 * with its own fields' checks left to the host's GL (undefined results). */
/*
 * virglrenderer (0.10.4) binds GL_DRAW_INDIRECT_BUFFER only when the GL
 * buffer name differs from the one it bound last, and forgets nothing when
 * that buffer is deleted: GL then unbinds it, and a new buffer that gets the
 * freed name (NVIDIA's GL hands freed names out again) is never bound, so
 * the next indirect draw fails with GL_INVALID_OPERATION and the host drops
 * the context. A direct draw binds 0 there: a draw of no vertices after each
 * indirect draw leaves nothing to go stale (dEQP-GLES31 draw_indirect on an
 * NVIDIA host; Mesa's virgl keeps its buffers in a cache and never frees one
 * between two such draws).
 */
static void forget_host_indirect_buffer(struct vvk_cmd_buffer *cmd, const struct vvk_pipeline *p)
{
	encode_draw(cmd, p, &(struct vdrm_cmd_draw_vbo){ .mode = p->prim, .instance_count = 1 });
}

static void draw_indirect(struct vvk_cmd_buffer *cmd, struct vvk_buffer *b, VkDeviceSize offset,
			  bool indexed, uint32_t stride)
{
	const struct vvk_pipeline *p = cmd->st.pipeline[VVK_BIND_GFX];

	note_base_instance(cmd, 0);
	flush_gfx_state(cmd);
	if (indexed)
		emit_index_buffer(cmd, 0);
	vvk_cmd_use_memory(cmd, b->mem, false);
	vdrm_encode_draw_vbo_indirect(&cmd->cs, &(struct vdrm_cmd_draw_vbo_indirect){
		.mode = p->prim, .indexed = indexed, .instance_count = 1,
		.primitive_restart = indexed && p->restart,
		.restart_index = (uint32_t)((UINT64_C(1) << (8 * cmd->st.index_size)) - 1),
		.max_index = UINT32_MAX, .indirect_res = b->mem->res->res_handle,
		.indirect_offset = vvk_buffer_res_offset(b, offset), .indirect_stride = stride,
		.indirect_draw_count = 1, .vertices_per_patch = p->patch_vertices });
	forget_host_indirect_buffer(cmd, p);
}

void vvk_CmdDrawIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset,
			 uint32_t drawCount, uint32_t stride)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_buffer *b = vvk_buffer_from_handle(buffer);

	if (!ready_to_draw(cmd))
		return;
	if (drawCount != 1 || !indirect_args_fit(b, offset, sizeof(VkDrawIndirectCommand))) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	draw_indirect(cmd, b, offset, false, stride);
}

void vvk_CmdDrawIndexedIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer,
				VkDeviceSize offset, uint32_t drawCount, uint32_t stride)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_buffer *b = vvk_buffer_from_handle(buffer);
	struct vvk_buffer *ib = cmd->st.index_buffer;

	if (!ready_to_draw(cmd))
		return;
	if (drawCount != 1 ||
	    !indirect_args_fit(b, offset, sizeof(VkDrawIndexedIndirectCommand)) || !ib ||
	    !ib->mem || !ib->mem->res || vvk_buffer_res_offset(ib, cmd->st.index_offset) != 0) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	draw_indirect(cmd, b, offset, true, stride);
}

/* The compute pipeline's state before a dispatch; false without a pipeline. */
static const struct vvk_pipeline *flush_compute_state(struct vvk_cmd_buffer *cmd)
{
	const struct vvk_pipeline *p = cmd->st.pipeline[VVK_BIND_COMPUTE];
	uint32_t d = cmd->st.dirty;

	if (!p) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return NULL;
	}
	if (d & DIRTY(COMPUTE_PIPELINE))
		bind_shader(cmd, p, VVK_STAGE_CS);
	if (d & DIRTY(COMPUTE_PUSH_CONSTANTS))
		emit_push_constants(cmd, p, VVK_STAGE_CS, VVK_STAGE_CS);
	if (d & DIRTY(COMPUTE_DESCRIPTORS))
		vvk_cmd_emit_descriptors(cmd, VVK_BIND_COMPUTE);
	cmd->st.dirty &= ~COMPUTE_STATE_OF_PIPELINE;
	return p;
}

static void launch_grid(struct vvk_cmd_buffer *cmd, const struct vvk_pipeline *p,
			const uint32_t grid[3], uint32_t indirect_res, uint32_t indirect_offset)
{
	vdrm_encode_launch_grid(&cmd->cs, &(struct vdrm_cmd_launch_grid){
		.block = { VVK_MAX(p->local_size[0], 1u), VVK_MAX(p->local_size[1], 1u),
			   VVK_MAX(p->local_size[2], 1u) },
		.grid = { grid[0], grid[1], grid[2] }, .indirect_res = indirect_res,
		.indirect_offset = indirect_offset });
}

void vvk_CmdDispatch(VkCommandBuffer commandBuffer, uint32_t x, uint32_t y, uint32_t z)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	const struct vvk_pipeline *p = flush_compute_state(cmd);

	if (p)
		launch_grid(cmd, p, (const uint32_t[3]){ x, y, z }, 0, 0);
}

/*
 * The host reads the three counts from the buffer when it runs the grid.
 * Vulkan makes a misaligned or out-of-bounds offset undefined; here it is a
 * recorded error instead (indirect_args_fit), because the host would read
 * past its resource.
 */
void vvk_CmdDispatchIndirect(VkCommandBuffer commandBuffer, VkBuffer buffer, VkDeviceSize offset)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_buffer *b = vvk_buffer_from_handle(buffer);
	const struct vvk_pipeline *p;

	if (!indirect_args_fit(b, offset, 12)) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	p = flush_compute_state(cmd);
	if (!p)
		return;
	vvk_cmd_use_memory(cmd, b->mem, false);
	launch_grid(cmd, p, (const uint32_t[3]){ 0, 0, 0 }, b->mem->res->res_handle,
		    vvk_buffer_res_offset(b, offset));
}
