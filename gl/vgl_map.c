/* SPDX-License-Identifier: MIT */
/*
 * glMapBufferRange, glFlushMappedBufferRange, glUnmapBuffer,
 * glGetBufferPointerv (also as OES_mapbuffer's and EXT_map_buffer_range's). The mapping is the storage's CPU copy (vgl_buffer.h).
 *
 * Usage tracking (technique 2) decides what a map waits for:
 *  - read: only a GPU writer matters. A range no batch ever wrote (written
 *    ranges are tracked per storage) is read from the CPU copy with no
 *    flush and no wait; otherwise an unflushed
 *    writer in this context is flushed, and only the last writer's point is
 *    waited for (vk/'s invalidate then downloads the range);
 *  - write: the data reaches the GPU copy at unmap/flush, so any pending
 *    use must be done first: an unflushed use is flushed, a busy storage is
 *    waited for - unless MAP_UNSYNCHRONIZED says the application knows, or
 *    MAP_INVALIDATE_BUFFER lets us orphan it (new storage, no wait at all).
 */
#include <string.h>

#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_debug.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_procs.h"
#include "vgl_usage.h"

#define ALL_ACCESS (GL_MAP_READ_BIT | GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_RANGE_BIT | \
		    GL_MAP_INVALIDATE_BUFFER_BIT | GL_MAP_FLUSH_EXPLICIT_BIT | \
		    GL_MAP_UNSYNCHRONIZED_BIT)

static bool map_args_ok(struct vgl_context *ctx, const struct vgl_buffer *b, GLintptr offset,
			GLsizeiptr length, GLbitfield access)
{
	bool read = access & GL_MAP_READ_BIT, write = access & GL_MAP_WRITE_BIT;

	if (!vgl_range_ok(offset, length, b->size) || (access & ~ALL_ACCESS)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return false;
	}
	if (b->mapped || (!read && !write) ||
	    (read && (access & (GL_MAP_INVALIDATE_RANGE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT |
				GL_MAP_UNSYNCHRONIZED_BIT))) ||
	    ((access & GL_MAP_FLUSH_EXPLICIT_BIT) && !write) || length == 0) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	return true;
}

/* Flushes this context's recording if it uses the storage (counted). */
static int flush_if_used(struct vgl_context *ctx, struct vgl_storage *s)
{
	if (!vgl_batch_uses(ctx, &s->obj))
		return VGL_OK;
	ctx->stats.access_flushes++;
	return vgl_batch_flush(ctx);
}

int vgl_storage_sync_read(struct vgl_context *ctx, struct vgl_storage *s, GLintptr offset,
			  GLsizeiptr length)
{
	VkMappedMemoryRange range = { .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
				      .memory = s->mem, .offset = (VkDeviceSize)offset,
				      .size = (VkDeviceSize)length };
	int ret;

	if (!vgl_storage_stale(s, (VkDeviceSize)offset, (VkDeviceSize)length))
		return VGL_OK;
	ret = flush_if_used(ctx, s);
	if (ret)
		return ret;
	if (vgl_usage_memory_write_busy(ctx->dev->dev, s->mem))
		vgl_debug_access_wait(ctx, "A CPU read of a buffer the GPU writes (glMapBufferRange, "
					   "or a draw reading indices or its command on the CPU)");
	/* waits for the last writer only, then downloads the range */
	return vgl_result_from_vk(vvk_InvalidateMappedMemoryRanges(ctx->dev->dev, 1, &range));
}

static int sync_for_write(struct vgl_context *ctx, struct vgl_buffer *b, GLbitfield access)
{
	struct vgl_storage *s = b->storage, *fresh;
	bool used = vgl_batch_uses(ctx, &s->obj) || vgl_usage_memory_busy(ctx->dev->dev, s->mem);
	int ret;

	if (!used || (access & GL_MAP_UNSYNCHRONIZED_BIT))
		return VGL_OK;
	if (access & GL_MAP_INVALIDATE_BUFFER_BIT) {
		fresh = vgl_storage_create(ctx->dev, s->size, true);
		if (!fresh)
			return VGL_ERROR_OUT_OF_MEMORY;
		b->storage = fresh;
		vgl_storage_unref(s);
		ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_VERTEX) | VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
		return VGL_OK;
	}
	ret = flush_if_used(ctx, s);
	if (ret || !vgl_usage_memory_busy(ctx->dev->dev, s->mem))
		return ret;
	vgl_debug_access_wait(ctx, "glMapBufferRange for writing (neither unsynchronized "
				   "nor invalidating)");
	return vgl_result_from_vk(vgl_usage_memory_wait_any(ctx->dev->dev, s->mem));
}

uint8_t *vgl_buffer_cpu_access(struct vgl_context *ctx, struct vgl_buffer *b, GLintptr offset,
			       GLsizeiptr length, GLbitfield access)
{
	int ret = VGL_OK;

	if (access & GL_MAP_READ_BIT)
		ret = vgl_batch_sync_read(ctx);
	if (ret == VGL_OK && (access & GL_MAP_READ_BIT))
		ret = vgl_storage_sync_read(ctx, b->storage, offset, length);
	if (ret == VGL_OK && (access & GL_MAP_WRITE_BIT))
		ret = sync_for_write(ctx, b, access);
	if (ret != VGL_OK) {
		vgl_error_result(ctx, ret);
		return NULL;
	}
	return b->storage->map + offset;
}

static void *GL_APIENTRY vgl_MapBufferRange(GLenum target, GLintptr offset, GLsizeiptr length,
					    GLbitfield access)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_buffer *b;
	uint8_t *p;

	if (!ctx)
		return NULL;
	b = vgl_buffer_bound(ctx, target);
	if (!b || !map_args_ok(ctx, b, offset, length, access))
		return NULL;
	p = vgl_buffer_cpu_access(ctx, b, offset, length, access);
	if (!p)
		return NULL;
	vgl_buffer_set_mapped(ctx, b, true);
	b->map_access = access;
	b->map_offset = offset;
	b->map_length = length;
	return p;
}

void vgl_buffer_upload(struct vgl_context *ctx, struct vgl_buffer *b, GLintptr offset,
		       GLsizeiptr length)
{
	VkMappedMemoryRange range = { .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
				      .memory = b->storage->mem, .offset = (VkDeviceSize)offset,
				      .size = (VkDeviceSize)length };

	if (length > 0)
		vgl_error_result(ctx, vgl_result_from_vk(
			vvk_FlushMappedMemoryRanges(ctx->dev->dev, 1, &range)));
}

static void GL_APIENTRY vgl_FlushMappedBufferRange(GLenum target, GLintptr offset,
						   GLsizeiptr length)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_buffer *b;

	if (!ctx)
		return;
	b = vgl_buffer_bound(ctx, target);
	if (!b)
		return;
	/* ES 3.0 §2.10.4: an unmapped buffer is INVALID_OPERATION, not a range error */
	if (offset < 0 || length < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	if (!b->mapped || !(b->map_access & GL_MAP_FLUSH_EXPLICIT_BIT)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	if (!vgl_range_ok(offset, length, b->map_length)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	vgl_buffer_upload(ctx, b, b->map_offset + offset, length);
}

static GLboolean GL_APIENTRY vgl_UnmapBuffer(GLenum target)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_buffer *b;

	if (!ctx)
		return GL_FALSE;
	b = vgl_buffer_bound(ctx, target);
	if (!b)
		return GL_FALSE;
	if (!b->mapped) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return GL_FALSE;
	}
	if ((b->map_access & GL_MAP_WRITE_BIT) && !(b->map_access & GL_MAP_FLUSH_EXPLICIT_BIT))
		vgl_buffer_upload(ctx, b, b->map_offset, b->map_length);
	vgl_buffer_set_mapped(ctx, b, false);
	b->map_access = 0;
	b->map_offset = b->map_length = 0;
	return GL_TRUE;
}

static void GL_APIENTRY vgl_GetBufferPointerv(GLenum target, GLenum pname, void **params)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_buffer *b;

	if (!ctx)
		return;
	if (pname != GL_BUFFER_MAP_POINTER) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	b = vgl_buffer_bound(ctx, target);
	if (b && params)
		*params = b->mapped ? b->storage->map + b->map_offset : NULL;
}

/* OES_mapbuffer: the whole buffer, for writing only (its one access value) */
static void *GL_APIENTRY vgl_MapBufferOES(GLenum target, GLenum access)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_buffer *b;

	if (!ctx)
		return NULL;
	b = vgl_buffer_bound(ctx, target);
	if (!b)
		return NULL;
	if (access != GL_WRITE_ONLY_OES) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return NULL;
	}
	return vgl_MapBufferRange(target, 0, b->size, GL_MAP_WRITE_BIT);
}

const struct vgl_proc vgl_map_procs[] = {
	VGL_PROC(MapBufferRange), VGL_PROC(FlushMappedBufferRange), VGL_PROC(UnmapBuffer),
	VGL_PROC(GetBufferPointerv), VGL_PROC(MapBufferOES),
	/* OES_mapbuffer and EXT_map_buffer_range: ES 3.0's functions under their names */
	{ "glUnmapBufferOES", (void *)vgl_UnmapBuffer },
	{ "glGetBufferPointervOES", (void *)vgl_GetBufferPointerv },
	{ "glMapBufferRangeEXT", (void *)vgl_MapBufferRange },
	{ "glFlushMappedBufferRangeEXT", (void *)vgl_FlushMappedBufferRange },
	{ NULL, NULL },
};
