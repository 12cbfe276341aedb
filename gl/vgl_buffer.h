/* SPDX-License-Identifier: MIT */
/*
 * Buffer objects. A GL buffer owns a storage: one VkBuffer on its own
 * host-visible memory, whose mapping is the CPU copy of the contents (vk/'s
 * memory type 1 is cached, not coherent: vvk_FlushMappedMemoryRanges
 * uploads a range). glBufferData makes new storage (the old one lives on in
 * the batches that use it: orphaning, never a wait). The GPU writes a
 * storage only through copies recorded in a batch, which record the range
 * they write: outside it the CPU copy is current, and reads of it need no
 * flush and no wait, even while the GPU writes elsewhere in the buffer.
 */
#pragma once

#include <GLES3/gl3.h>
#include <pthread.h>
#include <stdbool.h>

#include "vgl_object.h"
#include "vgl_range.h"
#include "vvk.h"

struct vgl_device;
struct vgl_context;

struct vgl_storage {
	struct vgl_object obj;
	struct vgl_device *dev;
	VkBuffer buf;
	VkDeviceMemory mem;
	uint8_t *map;             /* host storage: the CPU copy; NULL if device-local */
	VkDeviceSize size;
	uint64_t id;              /* never reused: descriptor-set keys name storage by it */
	/* bytes [written_lo, written_hi) some batch wrote: there the CPU copy
	 * may be stale; elsewhere it is current (empty: lo >= hi) */
	VkDeviceSize written_lo, written_hi;
	/* texel-buffer views of it (buffer textures), made on demand and
	 * destroyed with it: batches that read a view keep the storage */
	pthread_mutex_t views_lock;
	struct vgl_storage_view *views;
	uint32_t nr_views;
};

struct vgl_buffer {
	struct vgl_object obj;    /* references: the name, binding points, VAOs */
	GLuint name;
	bool deleted;                 /* its name was deleted (atomic: read without the lock) */
	struct vgl_storage *storage;  /* NULL until glBufferData */
	GLsizeiptr size;
	GLenum usage;
	bool mapped;                  /* set through vgl_buffer_set_mapped */
	GLbitfield map_access;
	GLintptr map_offset;
	GLsizeiptr map_length;
};

/* A batch writes [offset, offset + size) of s. */
static inline void vgl_storage_gpu_writes(struct vgl_storage *s, VkDeviceSize offset,
					  VkDeviceSize size)
{
	if (s->written_lo >= s->written_hi) {
		s->written_lo = offset;
		s->written_hi = offset + size;
		return;
	}
	s->written_lo = offset < s->written_lo ? offset : s->written_lo;
	s->written_hi = offset + size > s->written_hi ? offset + size : s->written_hi;
}

/* Whether the CPU copy of [offset, offset + size) may be stale. */
static inline bool vgl_storage_stale(const struct vgl_storage *s, VkDeviceSize offset,
				     VkDeviceSize size)
{
	return offset < s->written_hi && s->written_lo < offset + size;
}

/* The buffer object of a name for a bind: created on the first bind of a
 * name (glGenBuffers only reserves it), as ES lets glBindBuffer*. NULL when
 * out of memory. */
struct vgl_buffer *vgl_buffer_lookup_or_create(struct vgl_context *ctx, GLuint name);

/* Makes the CPU copy of [offset, offset + length) current: flushes ctx's
 * batch if it uses s and waits for the last GPU writer only. VGL_OK or an error. */
int vgl_storage_sync_read(struct vgl_context *ctx, struct vgl_storage *s, GLintptr offset,
			  GLsizeiptr length);

/* A texel-buffer view of [offset, offset + size) of s in `format`, made
 * once and kept (vgl_texture_buffer.c); VK_NULL_HANDLE on failure. */
VkBufferView vgl_storage_view(struct vgl_storage *s, VkFormat format, VkDeviceSize offset,
			      VkDeviceSize size);
/* Destroys s's views (s is going away). */
void vgl_storage_views_destroy(struct vgl_storage *s);

/* A storage of `size` bytes (host: mapped CPU copy). NULL when out of memory. */
struct vgl_storage *vgl_storage_create(struct vgl_device *dev, VkDeviceSize size, bool host);
static inline void vgl_storage_unref(struct vgl_storage *s)
{
	if (s)
		vgl_object_unref(&s->obj);
}

static inline struct vgl_buffer *vgl_buffer_ref(struct vgl_buffer *b)
{
	if (b)
		vgl_object_ref(&b->obj);
	return b;
}

static inline void vgl_buffer_unref(struct vgl_buffer *b)
{
	if (b)
		vgl_object_unref(&b->obj);
}

/* Replaces *slot's reference with b's. */
void vgl_buffer_set(struct vgl_buffer **slot, struct vgl_buffer *b);
/* Maps or unmaps b, counted in the share group's mapped_buffers. */
void vgl_buffer_set_mapped(struct vgl_context *ctx, struct vgl_buffer *b, bool mapped);
/* The buffer bound to a target (GL_ARRAY_BUFFER, ...); *valid false when
 * the target is not one of this context's version. */
struct vgl_buffer **vgl_buffer_target(struct vgl_context *ctx, GLenum target, bool *valid);
/* The buffer bound to target; errors per spec when the target is invalid
 * (INVALID_ENUM) or nothing is bound (INVALID_OPERATION). */
struct vgl_buffer *vgl_buffer_bound(struct vgl_context *ctx, GLenum target);
/* Writes data at offset of b's storage, ordered after the context's
 * recorded work (technique 2: no wait when the storage is busy). */
void vgl_buffer_write(struct vgl_context *ctx, struct vgl_buffer *b, GLintptr offset,
		      GLsizeiptr size, const void *data);
/* glMapBufferRange's synchronisation without a mapping (vgl_map.c): the
 * CPU copy of [offset, offset + length), made current for `access`
 * (GL_MAP_READ_BIT waits for the last GPU writer of the range, if any;
 * GL_MAP_WRITE_BIT for every pending use); NULL with the GL error set on
 * failure. The range must be checked and b have storage. */
uint8_t *vgl_buffer_cpu_access(struct vgl_context *ctx, struct vgl_buffer *b, GLintptr offset,
			       GLsizeiptr length, GLbitfield access);
/* Sends bytes the CPU wrote into the CPU copy on to the GPU copy. */
void vgl_buffer_upload(struct vgl_context *ctx, struct vgl_buffer *b, GLintptr offset,
		       GLsizeiptr length);
