/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 compute (ES 3.1+ contexts, vgl_context.c): dispatches,
 * memory barriers, and the compute and shader storage state queries.
 *
 * A dispatch binds the program's compute pipeline and its descriptor set
 * (vgl_draw_descriptors.c: uniform blocks and buffer blocks through their
 * GL binding points, offsets as dynamic offsets) and records the grid. The
 * buffer ranges behind its buffer blocks count as written by the batch
 * (vgl_storage_gpu_writes), so a later map or read of them flushes and
 * waits for that batch (technique 2), whatever barriers the application
 * issued. glMemoryBarrier then only has to order the host's own work: a
 * shader's stores before later commands read them, which the host's
 * MEMORY_BARRIER does (sent only when a shader may have stored since the
 * last one).
 */
#include "vgl_compute.h"

#include "vgl_atomic_counter.h"
#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_procs.h"
#include "vgl_program.h"
#include "vgl_program_pipeline.h"

/* ES 3.1 section 7.11.2: glMemoryBarrier's bits, and glMemoryBarrierByRegion's subset. */
#define BARRIER_BITS                                                                         \
	(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT | GL_ELEMENT_ARRAY_BARRIER_BIT |                     \
	 GL_UNIFORM_BARRIER_BIT | GL_TEXTURE_FETCH_BARRIER_BIT |                                 \
	 GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_COMMAND_BARRIER_BIT |                           \
	 GL_PIXEL_BUFFER_BARRIER_BIT | GL_TEXTURE_UPDATE_BARRIER_BIT |                           \
	 GL_BUFFER_UPDATE_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |                             \
	 GL_TRANSFORM_FEEDBACK_BARRIER_BIT | GL_ATOMIC_COUNTER_BARRIER_BIT |                     \
	 GL_SHADER_STORAGE_BARRIER_BIT)
#define REGION_BARRIER_BITS                                                                  \
	(GL_ATOMIC_COUNTER_BARRIER_BIT | GL_FRAMEBUFFER_BARRIER_BIT |                            \
	 GL_SHADER_IMAGE_ACCESS_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT |                    \
	 GL_TEXTURE_FETCH_BARRIER_BIT | GL_UNIFORM_BARRIER_BIT)

/* The current compute program's link result; NULL with INVALID_OPERATION. */
static struct vgl_linked *current_compute(struct vgl_context *ctx)
{
	struct vgl_linked *l = ctx->program ? ctx->program->linked : vgl_ppo_compute_linked(ctx);

	if (!l || !l->compute) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return NULL;
	}
	return l;
}

/* Pipeline, default block and descriptors; false with the GL error set. */
static bool bind_compute(struct vgl_context *ctx, struct vgl_linked *l, VkCommandBuffer cmd)
{
	bool ok;

	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, l->compute_pipeline);
	pthread_mutex_lock(&l->lock);
	vgl_linked_upload_uniforms(ctx, l);
	ok = vgl_draw_descriptors(ctx, l, cmd);
	pthread_mutex_unlock(&l->lock);
	/* a block without a buffer big enough: nothing unbacked reaches the host */
	if (!ok)
		vgl_error(ctx, GL_INVALID_OPERATION);
	return ok;
}

/* The command buffer with the program bound, outside rendering; NULL on error. */
static VkCommandBuffer prepare(struct vgl_context *ctx, struct vgl_linked *l)
{
	VkCommandBuffer cmd = vgl_batch_cmd(ctx);

	if (!cmd)
		return NULL;
	vgl_batch_end_rendering(ctx);
	vgl_batch_use(ctx, &l->obj);
	if (!vgl_atomic_counter_stage_in(ctx, l, cmd)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return NULL;
	}
	if (!bind_compute(ctx, l, cmd))
		return NULL;
	ctx->shader_stores = true;
	return cmd;
}

static bool counts_ok(struct vgl_context *ctx, const GLuint n[3])
{
	for (int i = 0; i < 3; i++)
		if (n[i] > ctx->dev->limits.compute_count[i]) {
			vgl_error(ctx, GL_INVALID_VALUE);
			return false;
		}
	return true;
}

static void GL_APIENTRY vgl_DispatchCompute(GLuint x, GLuint y, GLuint z)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;
	VkCommandBuffer cmd;

	if (!vgl_es31_call(ctx))
		return;
	l = current_compute(ctx);
	if (!l || !counts_ok(ctx, (const GLuint[3]){ x, y, z }) || !x || !y || !z)
		return;
	cmd = prepare(ctx, l);
	if (!cmd)
		return;
	vvk_CmdDispatch(cmd, x, y, z);
	vgl_atomic_counter_stage_out(ctx, l, cmd);
}

/* ES 3.1 section 17: the indirect buffer's checks, in the spec's order. */
static struct vgl_buffer *indirect_buffer(struct vgl_context *ctx, GLintptr offset)
{
	struct vgl_buffer *b = ctx->dispatch_indirect_buffer;

	if (offset < 0 || offset % 4) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return NULL;
	}
	if (!b || !b->storage || b->mapped || offset > b->size || b->size - offset < 12) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return NULL;
	}
	return b;
}

/*
 * The counts stay on the GPU: the host reads them when the grid runs.
 * GL leaves counts above the maximum undefined there; they cannot be
 * checked without a wait for the buffer's contents.
 */
static void GL_APIENTRY vgl_DispatchComputeIndirect(GLintptr offset)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;
	struct vgl_buffer *b;
	VkCommandBuffer cmd;

	if (!vgl_es31_call(ctx))
		return;
	l = current_compute(ctx);
	b = l ? indirect_buffer(ctx, offset) : NULL;
	if (!b)
		return;
	cmd = prepare(ctx, l);
	if (!cmd)
		return;
	vgl_batch_use(ctx, &b->storage->obj);
	vvk_CmdDispatchIndirect(cmd, b->storage->buf, (VkDeviceSize)offset);
	vgl_atomic_counter_stage_out(ctx, l, cmd);
}

/* Orders the host's work after the shader stores recorded so far. */
static void barrier(struct vgl_context *ctx, GLbitfield bits, GLbitfield allowed)
{
	VkCommandBuffer cmd;

	if (bits != GL_ALL_BARRIER_BITS && (bits & ~allowed)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	if (!bits || !ctx->shader_stores)
		return;
	cmd = vgl_batch_cmd(ctx);
	if (!cmd)
		return;
	vgl_batch_end_rendering(ctx);
	vvk_CmdPipelineBarrier2(cmd, &(VkDependencyInfo){
		.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .memoryBarrierCount = 1,
		.pMemoryBarriers = &(VkMemoryBarrier2){
			.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
			.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
			.srcAccessMask = VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT,
			.dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT,
			.dstAccessMask = VK_ACCESS_2_MEMORY_READ_BIT } });
	ctx->shader_stores = false;
}

static void GL_APIENTRY vgl_MemoryBarrier(GLbitfield bits)
{
	struct vgl_context *ctx = vgl_current_context();

	if (vgl_es31_call(ctx))
		barrier(ctx, bits, BARRIER_BITS);
}

static void GL_APIENTRY vgl_MemoryBarrierByRegion(GLbitfield bits)
{
	struct vgl_context *ctx = vgl_current_context();

	if (vgl_es31_call(ctx))
		barrier(ctx, bits, REGION_BARRIER_BITS);
}

/* ---- queries ------------------------------------------------------------------------- */

bool vgl_compute_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	const struct vgl_limits *l = &ctx->dev->limits;

	if (!vgl_context_es31(ctx))
		return false;
	switch (pname) {
	case GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS: *out = l->compute_invocations; return true;
	case GL_MAX_COMPUTE_SHARED_MEMORY_SIZE: *out = l->compute_shared_size; return true;
	case GL_MAX_COMPUTE_UNIFORM_BLOCKS: *out = l->stage_uniform_blocks; return true;
	case GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS: *out = l->fragment_texture_units; return true;
	case GL_MAX_COMPUTE_UNIFORM_COMPONENTS: *out = 4 * (GLint64)l->fragment_uniform_vectors; return true;
	/* ES 3.1 table 20.47: the default block's and the blocks' components */
	case GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS:
		*out = 4 * (GLint64)l->fragment_uniform_vectors +
		       (GLint64)l->stage_uniform_blocks * l->uniform_block_size / 4;
		return true;
	case GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS:
	case GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS: *out = l->stage_ssbos; return true;
	/* the host's other-stage slots (vgl_linked_storage.c) */
	case GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS: *out = l->vertex_ssbos; return true;
	case GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS: *out = l->combined_ssbos; return true;
	case GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS: *out = l->ssbo_bindings; return true;
	case GL_MAX_SHADER_STORAGE_BLOCK_SIZE: *out = l->ssbo_block_size; return true;
	case GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT: *out = l->ssbo_alignment; return true;
	case GL_SHADER_STORAGE_BUFFER_BINDING: *out = ctx->ssbo_buffer ? ctx->ssbo_buffer->name : 0; return true;
	case GL_DISPATCH_INDIRECT_BUFFER_BINDING:
		*out = ctx->dispatch_indirect_buffer ? ctx->dispatch_indirect_buffer->name : 0;
		return true;
	}
	return false;
}

static bool storage_point(struct vgl_context *ctx, GLenum target, GLuint index, GLint64 *out)
{
	const struct vgl_ubo_binding *b;

	if (index >= ctx->dev->limits.ssbo_bindings) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return false;
	}
	b = &ctx->ssbo[index];
	*out = target == GL_SHADER_STORAGE_BUFFER_BINDING ? (b->buffer ? b->buffer->name : 0)
	     : target == GL_SHADER_STORAGE_BUFFER_START ? b->offset : b->size;
	return true;
}

int vgl_compute_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index, GLint64 *out)
{
	const struct vgl_limits *l = &ctx->dev->limits;

	if (!vgl_context_es31(ctx))
		return -1;
	switch (target) {
	case GL_SHADER_STORAGE_BUFFER_BINDING:
	case GL_SHADER_STORAGE_BUFFER_START:
	case GL_SHADER_STORAGE_BUFFER_SIZE:
		return storage_point(ctx, target, index, out);
	case GL_MAX_COMPUTE_WORK_GROUP_COUNT:
	case GL_MAX_COMPUTE_WORK_GROUP_SIZE:
		if (index >= 3) {
			vgl_error(ctx, GL_INVALID_VALUE);
			return 0;
		}
		*out = target == GL_MAX_COMPUTE_WORK_GROUP_COUNT ? l->compute_count[index]
								 : l->compute_size[index];
		return 1;
	}
	return -1;
}

/* glGetProgramiv(GL_COMPUTE_WORK_GROUP_SIZE): three values. */
void vgl_compute_work_group_size(struct vgl_context *ctx, const struct vgl_program *p,
				 GLint *out)
{
	const struct vgl_linked *l = p->linked;

	if (!p->link_status || !l || !l->compute) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	for (int i = 0; i < 3; i++)
		out[i] = (GLint)l->local_size[i];
}

const struct vgl_proc vgl_compute_procs[] = {
	VGL_PROC(DispatchCompute), VGL_PROC(DispatchComputeIndirect), VGL_PROC(MemoryBarrier),
	VGL_PROC(MemoryBarrierByRegion),
	{ NULL, NULL },
};
