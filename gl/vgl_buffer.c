/* SPDX-License-Identifier: MIT */
#include "vgl_buffer.h"

#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_procs.h"
#include "vgl_usage.h"
#include "vgl_vertex.h"
#include "vgl_xfb.h"

static _Atomic uint64_t next_storage_id = 1;

/* ---- storage ------------------------------------------------------------------------ */

static void storage_free(struct vgl_device *dev, void *arg)
{
	struct vgl_storage *s = arg;

	vgl_storage_views_destroy(s);
	vvk_DestroyBuffer(dev->dev, s->buf, NULL);
	pthread_mutex_destroy(&s->views_lock);
	vvk_FreeMemory(dev->dev, s->mem, NULL);
	free(s);
}

/* The last reference went: every batch that used it is submitted, so it
 * goes once everything submitted so far completed. */
static void storage_destroy(struct vgl_object *o)
{
	struct vgl_storage *s = (struct vgl_storage *)o;

	vgl_device_defer(s->dev, storage_free, s);
}

static VkResult storage_memory(struct vgl_storage *s, bool host)
{
	VkDevice dev = s->dev->dev;
	VkMemoryRequirements req;
	VkResult r;

	vvk_GetBufferMemoryRequirements(dev, s->buf, &req);
	r = vvk_AllocateMemory(dev, &(VkMemoryAllocateInfo){
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
		.memoryTypeIndex = host ? 1 : 0 }, NULL, &s->mem);
	if (r == VK_SUCCESS)
		r = vvk_BindBufferMemory(dev, s->buf, s->mem, 0);
	if (r == VK_SUCCESS && host)
		r = vvk_MapMemory(dev, s->mem, 0, VK_WHOLE_SIZE, 0, (void **)&s->map);
	return r;
}

struct vgl_storage *vgl_storage_create(struct vgl_device *dev, VkDeviceSize size, bool host)
{
	struct vgl_storage *s = calloc(1, sizeof(*s));
	VkBufferCreateInfo bi = {
		.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = (size + 3) & ~(VkDeviceSize)3,
		.usage = VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT |
			 VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT | VK_BUFFER_USAGE_VERTEX_BUFFER_BIT |
			 VK_BUFFER_USAGE_INDEX_BUFFER_BIT |
			 /* buffer textures read and image units write it as texels */
			 VK_BUFFER_USAGE_UNIFORM_TEXEL_BUFFER_BIT |
			 VK_BUFFER_USAGE_STORAGE_TEXEL_BUFFER_BIT };

	if (!s)
		return NULL;
	if (bi.size == 0)
		bi.size = 4;
	vgl_object_init(&s->obj, storage_destroy);
	pthread_mutex_init(&s->views_lock, NULL);
	s->dev = dev;
	s->id = atomic_fetch_add(&next_storage_id, 1);
	s->size = bi.size;
	if (vvk_CreateBuffer(dev->dev, &bi, NULL, &s->buf) != VK_SUCCESS ||
	    storage_memory(s, host) != VK_SUCCESS) {
		storage_free(dev, s);
		return NULL;
	}
	return s;
}

/* ---- buffer objects ------------------------------------------------------------------- */

static void buffer_destroy(struct vgl_object *o)
{
	struct vgl_buffer *b = (struct vgl_buffer *)o;

	vgl_storage_unref(b->storage);
	free(b);
}

static struct vgl_buffer *buffer_create(GLuint name)
{
	struct vgl_buffer *b = calloc(1, sizeof(*b));

	if (!b)
		return NULL;
	vgl_object_init(&b->obj, buffer_destroy);
	b->name = name;
	b->usage = GL_STATIC_DRAW;
	return b;
}

void vgl_buffer_set(struct vgl_buffer **slot, struct vgl_buffer *b)
{
	struct vgl_buffer *old = *slot;

	if (old == b)
		return; /* re-binding: no reference traffic */
	*slot = vgl_buffer_ref(b);
	vgl_buffer_unref(old);
}

struct vgl_buffer **vgl_buffer_target(struct vgl_context *ctx, GLenum target, bool *valid)
{
	*valid = true;
	switch (target) {
	case GL_ARRAY_BUFFER: return &ctx->array_buffer;
	case GL_ELEMENT_ARRAY_BUFFER: return &ctx->vao->elements;
	}
	if (ctx->major >= 3) {
		switch (target) {
		case GL_UNIFORM_BUFFER: return &ctx->uniform_buffer;
		case GL_COPY_READ_BUFFER: return &ctx->copy_read_buffer;
		case GL_COPY_WRITE_BUFFER: return &ctx->copy_write_buffer;
		case GL_PIXEL_PACK_BUFFER: return &ctx->pixel_pack_buffer;
		case GL_PIXEL_UNPACK_BUFFER: return &ctx->pixel_unpack_buffer;
		case GL_TRANSFORM_FEEDBACK_BUFFER: return &ctx->xfb_buffer;
		}
	}
	if (vgl_context_es31(ctx)) {
		switch (target) {
		case GL_SHADER_STORAGE_BUFFER: return &ctx->ssbo_buffer;
		case GL_ATOMIC_COUNTER_BUFFER: return &ctx->atomic_buffer;
		case GL_DISPATCH_INDIRECT_BUFFER: return &ctx->dispatch_indirect_buffer;
		case GL_DRAW_INDIRECT_BUFFER: return &ctx->draw_indirect_buffer;
		}
	}
	if (target == GL_TEXTURE_BUFFER_EXT && vgl_ext_on(ctx, VGL_EXT_EXT_texture_buffer))
		return &ctx->texture_buffer;
	*valid = false;
	return NULL;
}

struct vgl_buffer *vgl_buffer_bound(struct vgl_context *ctx, GLenum target)
{
	bool valid;
	struct vgl_buffer **slot = vgl_buffer_target(ctx, target, &valid);

	if (!valid) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return NULL;
	}
	if (!*slot)
		vgl_error(ctx, GL_INVALID_OPERATION);
	return *slot;
}

void vgl_buffer_set_mapped(struct vgl_context *ctx, struct vgl_buffer *b, bool mapped)
{
	if (b->mapped == mapped)
		return;
	b->mapped = mapped;
	if (mapped)
		__atomic_add_fetch(&ctx->share->mapped_buffers, 1, __ATOMIC_RELAXED);
	else
		__atomic_sub_fetch(&ctx->share->mapped_buffers, 1, __ATOMIC_RELAXED);
}

static struct vgl_names *buffer_space(struct vgl_context *ctx, pthread_mutex_t **lock)
{
	*lock = &ctx->share->lock;
	return &ctx->share->buffers;
}

/* GL: deleting a buffer unbinds it from this context's binding points. */
static void unbind_everywhere(struct vgl_context *ctx, struct vgl_buffer *b)
{
	struct vgl_buffer **slots[] = { &ctx->array_buffer, &ctx->uniform_buffer,
					&ctx->copy_read_buffer, &ctx->copy_write_buffer,
					&ctx->pixel_pack_buffer, &ctx->pixel_unpack_buffer,
					&ctx->xfb_buffer, &ctx->ssbo_buffer,
					&ctx->dispatch_indirect_buffer, &ctx->draw_indirect_buffer,
					&ctx->atomic_buffer, &ctx->texture_buffer };

	for (size_t i = 0; i < sizeof(slots) / sizeof(slots[0]); i++)
		if (*slots[i] == b)
			vgl_buffer_set(slots[i], NULL);
	for (int i = 0; i < VGL_MAX_UBO_BINDINGS; i++)
		if (ctx->ubo[i].buffer == b)
			vgl_buffer_set(&ctx->ubo[i].buffer, NULL);
	for (int i = 0; i < VGL_MAX_SSBO_BINDINGS; i++)
		if (ctx->ssbo[i].buffer == b)
			vgl_buffer_set(&ctx->ssbo[i].buffer, NULL);
	for (int i = 0; i < VGL_MAX_ATOMIC_BINDINGS; i++)
		if (ctx->atomic[i].buffer == b)
			vgl_buffer_set(&ctx->atomic[i].buffer, NULL);
	vgl_vao_unbind_buffer(ctx->vao, b);
	vgl_xfb_unbind_buffer(ctx, b);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_VERTEX) | VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

static void buffer_gone(struct vgl_context *ctx, void *obj)
{
	__atomic_store_n(&((struct vgl_buffer *)obj)->deleted, true, __ATOMIC_RELEASE);
	vgl_buffer_set_mapped(ctx, obj, false); /* deleting a mapped buffer unmaps it */
	unbind_everywhere(ctx, obj);
	vgl_buffer_unref(obj);
}

const struct vgl_name_ops vgl_buffer_names = { .space = buffer_space, .gone = buffer_gone };

static void GL_APIENTRY vgl_GenBuffers(GLsizei n, GLuint *names)
{
	vgl_names_gen_gl(&vgl_buffer_names, n, names);
}

static void GL_APIENTRY vgl_DeleteBuffers(GLsizei n, const GLuint *names)
{
	vgl_names_delete_gl(&vgl_buffer_names, n, names);
}

/* The object of a name, created on first bind (ES keeps any name bindable). */
struct vgl_buffer *vgl_buffer_lookup_or_create(struct vgl_context *ctx, GLuint name)
{
	struct vgl_buffer *b;

	pthread_mutex_lock(&ctx->share->lock);
	b = vgl_names_get(&ctx->share->buffers, name);
	if (!b) {
		b = buffer_create(name);
		if (b && !vgl_names_set(&ctx->share->buffers, name, b)) {
			buffer_destroy(&b->obj);
			b = NULL;
		}
	}
	pthread_mutex_unlock(&ctx->share->lock);
	return b;
}

static void GL_APIENTRY vgl_BindBuffer(GLenum target, GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_buffer **slot, *b = NULL;
	bool valid;

	if (!ctx)
		return;
	slot = vgl_buffer_target(ctx, target, &valid);
	if (!valid) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (name) {
		b = vgl_buffer_lookup_or_create(ctx, name);
		if (!b) {
			vgl_error(ctx, GL_OUT_OF_MEMORY);
			return;
		}
	}
	vgl_buffer_set(slot, b);
	if (target == GL_ELEMENT_ARRAY_BUFFER)
		ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_VERTEX);
}

static GLboolean GL_APIENTRY vgl_IsBuffer(GLuint name)
{
	return vgl_names_is_gl(&vgl_buffer_names, name);
}

static bool valid_usage(const struct vgl_context *ctx, GLenum usage)
{
	switch (usage) {
	case GL_STREAM_DRAW: case GL_STATIC_DRAW: case GL_DYNAMIC_DRAW:
		return true;
	case GL_STREAM_READ: case GL_STREAM_COPY: case GL_STATIC_READ: case GL_STATIC_COPY:
	case GL_DYNAMIC_READ: case GL_DYNAMIC_COPY:
		return ctx->major >= 3;
	}
	return false;
}

/* New storage with `data`: the old storage lives on in the batches that
 * use it (orphaning), so this never waits. */
static void buffer_data(struct vgl_context *ctx, struct vgl_buffer *b, GLsizeiptr size,
			const void *data)
{
	struct vgl_storage *s = vgl_storage_create(ctx->dev, (VkDeviceSize)size, true);
	VkMappedMemoryRange range = { .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
				      .size = VK_WHOLE_SIZE };

	if (!s) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	if (data && size) {
		memcpy(s->map, data, (size_t)size);
		range.memory = s->mem;
		vgl_error_result(ctx, vgl_result_from_vk(
			vvk_FlushMappedMemoryRanges(ctx->dev->dev, 1, &range)));
	}
	vgl_storage_unref(b->storage);
	b->storage = s;
	b->size = size;
	vgl_buffer_set_mapped(ctx, b, false);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_VERTEX) | VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

static void GL_APIENTRY vgl_BufferData(GLenum target, GLsizeiptr size, const void *data,
				       GLenum usage)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_buffer *b;

	if (!ctx)
		return;
	if (size < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	if (!valid_usage(ctx, usage)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	b = vgl_buffer_bound(ctx, target);
	if (!b)
		return;
	b->usage = usage;
	buffer_data(ctx, b, size, data);
}

void vgl_buffer_write(struct vgl_context *ctx, struct vgl_buffer *b, GLintptr offset,
		      GLsizeiptr size, const void *data)
{
	struct vgl_storage *s = b->storage;
	VkMappedMemoryRange range = { .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
				      .memory = s->mem, .offset = (VkDeviceSize)offset,
				      .size = (VkDeviceSize)size };

	/* the CPU copy stays current either way */
	memcpy(s->map + offset, data, (size_t)size);
	if (!vgl_batch_uses(ctx, &s->obj) && !vgl_usage_memory_busy(ctx->dev->dev, s->mem)) {
		ctx->stats.direct_uploads++;
		vgl_error_result(ctx, vgl_result_from_vk(
			vvk_FlushMappedMemoryRanges(ctx->dev->dev, 1, &range)));
		return;
	}
	/* in use: copied in GPU order, after the work that uses the old bytes */
	if (!vgl_stream_update(ctx, s->buf, (VkDeviceSize)offset, data, (VkDeviceSize)size))
		return;
	vgl_batch_use(ctx, &s->obj);
	ctx->stats.inline_updates++;
}

static void GL_APIENTRY vgl_BufferSubData(GLenum target, GLintptr offset, GLsizeiptr size,
					  const void *data)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_buffer *b;

	if (!ctx)
		return;
	b = vgl_buffer_bound(ctx, target);
	if (!b)
		return;
	if (!vgl_range_ok(offset, size, b->size)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	if (b->mapped) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	if (size && data)
		vgl_buffer_write(ctx, b, offset, size, data);
}

static bool buffer_param(const struct vgl_context *ctx, const struct vgl_buffer *b, GLenum pname,
			 GLint64 *out)
{
	switch (pname) {
	case GL_BUFFER_SIZE: *out = b->size; return true;
	case GL_BUFFER_USAGE: *out = b->usage; return true;
	/* OES_mapbuffer's (BUFFER_MAPPED_OES is ES 3.0's BUFFER_MAPPED) */
	case GL_BUFFER_ACCESS_OES: *out = GL_WRITE_ONLY_OES; return true;
	case GL_BUFFER_MAPPED: *out = b->mapped; return true;
	}
	if (ctx->major < 3)
		return false;
	switch (pname) {
	case GL_BUFFER_ACCESS_FLAGS: *out = b->mapped ? b->map_access : 0; return true;
	case GL_BUFFER_MAP_OFFSET: *out = b->mapped ? b->map_offset : 0; return true;
	case GL_BUFFER_MAP_LENGTH: *out = b->mapped ? b->map_length : 0; return true;
	}
	return false;
}

static bool get_param(GLenum target, GLenum pname, GLint64 *out)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_buffer *b;

	if (!ctx)
		return false;
	b = vgl_buffer_bound(ctx, target);
	if (!b)
		return false;
	if (!buffer_param(ctx, b, pname, out)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return false;
	}
	return true;
}

static void GL_APIENTRY vgl_GetBufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
	GLint64 v;

	if (get_param(target, pname, &v) && params)
		*params = (GLint)v;
}

static void GL_APIENTRY vgl_GetBufferParameteri64v(GLenum target, GLenum pname, GLint64 *params)
{
	GLint64 v;

	if (get_param(target, pname, &v) && params)
		*params = v;
}

/* Both targets (INVALID_ENUM), then the buffers bound to them (INVALID_OPERATION). */
static bool copy_targets(struct vgl_context *ctx, GLenum rt, GLenum wt, struct vgl_buffer **src,
			 struct vgl_buffer **dst)
{
	bool rv, wv;
	struct vgl_buffer **r = vgl_buffer_target(ctx, rt, &rv), **w = vgl_buffer_target(ctx, wt, &wv);

	if (!rv || !wv) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return false;
	}
	*src = *r;
	*dst = *w;
	if (!*src || !*dst) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	return true;
}

/* ES 3.0 §2.10.5's errors of the ranges and the buffers' state. */
static bool copy_args_ok(struct vgl_context *ctx, struct vgl_buffer *src, struct vgl_buffer *dst,
			 GLintptr ro, GLintptr wo, GLsizeiptr size)
{
	if (!vgl_range_ok(ro, size, src->size) || !vgl_range_ok(wo, size, dst->size) ||
	    (src == dst && ro < wo + size && wo < ro + size)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return false;
	}
	if (src->mapped || dst->mapped) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	return true;
}

/* A copy between two buffers' storages, in GPU order (no flush, no wait):
 * the destination's CPU copy is stale in the range until a map reads it. */
static void GL_APIENTRY vgl_CopyBufferSubData(GLenum rt, GLenum wt, GLintptr ro, GLintptr wo,
					      GLsizeiptr size)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_buffer *src, *dst;
	VkCommandBuffer cmd;

	if (!ctx || !copy_targets(ctx, rt, wt, &src, &dst) ||
	    !copy_args_ok(ctx, src, dst, ro, wo, size) || size == 0)
		return;
	cmd = vgl_batch_cmd(ctx);
	if (!cmd)
		return;
	vgl_batch_end_rendering(ctx);
	vvk_CmdCopyBuffer(cmd, src->storage->buf, dst->storage->buf, 1, &(VkBufferCopy){
		(VkDeviceSize)ro, (VkDeviceSize)wo, (VkDeviceSize)size });
	vgl_batch_use(ctx, &src->storage->obj);
	vgl_batch_use(ctx, &dst->storage->obj);
	vgl_storage_gpu_writes(dst->storage, (VkDeviceSize)wo, (VkDeviceSize)size);
}

const struct vgl_proc vgl_buffer_procs[] = {
	VGL_PROC(GenBuffers), VGL_PROC(DeleteBuffers), VGL_PROC(BindBuffer), VGL_PROC(IsBuffer),
	VGL_PROC(BufferData), VGL_PROC(BufferSubData), VGL_PROC(GetBufferParameteriv),
	VGL_PROC(GetBufferParameteri64v), VGL_PROC(CopyBufferSubData),
	{ NULL, NULL },
};
