/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 atomic counter buffers (ES 3.1+ contexts, vgl_context.c):
 * the limits and the GL_ATOMIC_COUNTER_BUFFER binding points' queries.
 * glBindBufferBase/Range fill the points (vgl_ubo.c, offsets 4-byte aligned).
 *
 * Counters are lowered to storage-buffer atomics, not to the host's hardware
 * atomic counters (TGSI_FILE_HW_ATOMIC, SET_ATOMIC_BUFFERS): each binding a
 * program uses becomes one storage buffer of uints, a counter at byte offset
 * M is element M / 4 and its operations are OpAtomicIAdd/ISub/Load on it. That
 * reuses the buffer-block path end to end (descriptors, dynamic offsets,
 * usage tracking, the SPIR-V -> TGSI BUFFER path) where HW_ATOMIC would need a
 * file, declarations and a host command of their own; it is also what Mesa's
 * state tracker does for drivers without hardware counters. A vertex
 * shader's bindings take the host's other-stage storage buffers.
 */
#include "vgl_atomic_counter.h"

#include "vgl_batch.h"
#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_program.h"

/* The counters and buffers a compute shader (and a program) may use. */
static bool compute_limit(const struct vgl_limits *l, GLenum pname, GLint64 *out)
{
	switch (pname) {
	case GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS:
	case GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS:
	case GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS: *out = l->atomic_bindings; return true;
	case GL_MAX_COMPUTE_ATOMIC_COUNTERS:
	case GL_MAX_FRAGMENT_ATOMIC_COUNTERS:
	case GL_MAX_COMBINED_ATOMIC_COUNTERS: *out = l->atomic_counters; return true;
	}
	return false;
}

bool vgl_atomic_counter_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	const struct vgl_limits *l = &ctx->dev->limits;

	if (!vgl_context_es31(ctx))
		return false;
	switch (pname) {
	/* a vertex shader's bindings take the host's other-stage buffers */
	case GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS: *out = l->vertex_atomic_bindings; return true;
	case GL_MAX_VERTEX_ATOMIC_COUNTERS: *out = l->vertex_atomic_counters; return true;
	case GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS: *out = l->atomic_bindings; return true;
	case GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE: *out = l->atomic_buffer_size; return true;
	case GL_ATOMIC_COUNTER_BUFFER_BINDING:
		*out = ctx->atomic_buffer ? ctx->atomic_buffer->name : 0;
		return true;
	}
	return compute_limit(l, pname, out);
}

int vgl_atomic_counter_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index,
				   GLint64 *out)
{
	const struct vgl_ubo_binding *b;

	if (!vgl_context_es31(ctx) || (target != GL_ATOMIC_COUNTER_BUFFER_BINDING &&
				       target != GL_ATOMIC_COUNTER_BUFFER_START &&
				       target != GL_ATOMIC_COUNTER_BUFFER_SIZE))
		return -1;
	if (index >= ctx->dev->limits.atomic_bindings) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return 0;
	}
	b = &ctx->atomic[index];
	*out = target == GL_ATOMIC_COUNTER_BUFFER_BINDING ? (b->buffer ? b->buffer->name : 0)
	     : target == GL_ATOMIC_COUNTER_BUFFER_START ? b->offset : b->size;
	return 1;
}

/* ---- staging of ranges the host cannot bind ------------------------------------------------ */

/* GL lets a counter range start at any multiple of 4; the host's storage
 * buffers start at SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT (a misaligned
 * range sent loses the device). Such a range's counters (the b->size bytes
 * the program reaches) go through a storage of the point's own, at 0. */
static bool misaligned(const struct vgl_context *ctx, const struct vgl_ubo_binding *sb)
{
	return (VkDeviceSize)sb->offset % ctx->dev->limits.ssbo_alignment != 0;
}

static const struct vgl_ubo_binding *point_of(struct vgl_context *ctx, const struct vgl_ssbo *b)
{
	return b->atomic && b->gl_binding < VGL_MAX_ATOMIC_BINDINGS ? &ctx->atomic[b->gl_binding]
								     : NULL;
}

struct vgl_storage *vgl_atomic_counter_staged(struct vgl_context *ctx, const struct vgl_ssbo *b)
{
	const struct vgl_ubo_binding *sb = point_of(ctx, b);

	return sb && sb->buffer && misaligned(ctx, sb) ? ctx->atomic_staging[b->gl_binding] : NULL;
}

/* The bound range holds the program's counters: the source of a staging copy. */
static bool range_holds(const struct vgl_ubo_binding *sb, uint32_t size)
{
	const struct vgl_buffer *buf = sb->buffer;
	GLsizeiptr avail = sb->size ? sb->size : buf->size - sb->offset;

	return buf->storage && sb->offset <= buf->size && avail >= (GLsizeiptr)size &&
	       sb->offset + (GLsizeiptr)size <= buf->size;
}

static void order(VkCommandBuffer cmd, VkAccessFlags2 src, VkAccessFlags2 dst)
{
	vvk_CmdPipelineBarrier2(cmd, &(VkDependencyInfo){
		.sType = VK_STRUCTURE_TYPE_DEPENDENCY_INFO, .memoryBarrierCount = 1,
		.pMemoryBarriers = &(VkMemoryBarrier2){
			.sType = VK_STRUCTURE_TYPE_MEMORY_BARRIER_2,
			.srcStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, .srcAccessMask = src,
			.dstStageMask = VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, .dstAccessMask = dst } });
}

static bool stage_one(struct vgl_context *ctx, const struct vgl_ssbo *b, VkCommandBuffer cmd)
{
	const struct vgl_ubo_binding *sb = point_of(ctx, b);
	struct vgl_storage **st = &ctx->atomic_staging[b->gl_binding];

	if (!range_holds(sb, b->size) || b->size > ctx->dev->limits.atomic_buffer_size)
		return false;
	if (!*st)
		*st = vgl_storage_create(ctx->dev, ctx->dev->limits.atomic_buffer_size, false);
	if (!*st)
		return false;
	vvk_CmdCopyBuffer(cmd, sb->buffer->storage->buf, (*st)->buf, 1,
			  &(VkBufferCopy){ (VkDeviceSize)sb->offset, 0, b->size });
	vgl_batch_use(ctx, &sb->buffer->storage->obj);
	vgl_batch_use(ctx, &(*st)->obj);
	return true;
}

bool vgl_atomic_counter_misaligned(struct vgl_context *ctx, const struct vgl_linked *l)
{
	for (uint32_t i = l->nr_ssbos - l->nr_atomic_buffers; i < l->nr_ssbos; i++) {
		const struct vgl_ubo_binding *sb = point_of(ctx, &l->ssbos[i]);

		if (sb && sb->buffer && misaligned(ctx, sb))
			return true;
	}
	return false;
}

bool vgl_atomic_counter_stage_in(struct vgl_context *ctx, const struct vgl_linked *l,
				 VkCommandBuffer cmd)
{
	bool staged = false;

	for (uint32_t i = l->nr_ssbos - l->nr_atomic_buffers; i < l->nr_ssbos; i++) {
		const struct vgl_ubo_binding *sb = point_of(ctx, &l->ssbos[i]);

		if (!sb || !sb->buffer || !misaligned(ctx, sb))
			continue;
		if (!stage_one(ctx, &l->ssbos[i], cmd))
			return false;
		staged = true;
	}
	if (staged)
		order(cmd, VK_ACCESS_2_TRANSFER_WRITE_BIT, VK_ACCESS_2_SHADER_STORAGE_READ_BIT);
	return true;
}

void vgl_atomic_counter_stage_out(struct vgl_context *ctx, const struct vgl_linked *l,
				  VkCommandBuffer cmd)
{
	bool ordered = false;

	for (uint32_t i = l->nr_ssbos - l->nr_atomic_buffers; i < l->nr_ssbos; i++) {
		const struct vgl_ssbo *b = &l->ssbos[i];
		struct vgl_storage *st = vgl_atomic_counter_staged(ctx, b);
		const struct vgl_ubo_binding *sb = point_of(ctx, b);

		if (!st)
			continue;
		if (!ordered)
			order(cmd, VK_ACCESS_2_SHADER_STORAGE_WRITE_BIT, VK_ACCESS_2_TRANSFER_READ_BIT);
		ordered = true;
		vvk_CmdCopyBuffer(cmd, st->buf, sb->buffer->storage->buf, 1,
				  &(VkBufferCopy){ 0, (VkDeviceSize)sb->offset, b->size });
		vgl_storage_gpu_writes(sb->buffer->storage, (VkDeviceSize)sb->offset, b->size);
	}
}
