/* SPDX-License-Identifier: MIT */
/*
 * Host objects shared by content. Two pipelines whose blend (or DSA,
 * rasterizer, vertex elements, shader) encode to the same CREATE_OBJECT
 * dwords get the same host handle, so switching between them re-binds only
 * what really differs: the command buffer skips a BIND of the handle the host
 * already has. Counted: the object is destroyed with its last user.
 *
 * The cache lives in the device and is guarded by the setup lock, since a new
 * object's CREATE_OBJECT goes into the setup stream.
 */
#pragma once

#include <stdint.h>

struct vvk_device;

struct vvk_cached_object {
	uint32_t hash;
	uint32_t handle;
	uint32_t refs;
	uint32_t ndw;  /* of key */
	uint32_t *key; /* the command(s), handle dwords zeroed */
};

struct vvk_object_cache {
	struct vvk_cached_object *objs;
	uint32_t count, capacity;
};

void vvk_object_cache_finish(struct vvk_object_cache *c);
/*
 * `cmd` is one encoded CREATE_OBJECT command (header, handle, payload), or
 * the commands that create one object together (a shader's parts); their
 * handle dwords are ignored. Returns the handle of the identical object,
 * creating it if there is none, or 0 when out of memory.
 */
uint32_t vvk_object_cache_acquire(struct vvk_device *dev, const uint32_t *cmd, uint32_t ndw);
/* The same for a scratch stream holding that one command; finishes the stream. */
struct vdrm_cs;
uint32_t vvk_object_cache_acquire_cs(struct vvk_device *dev, struct vdrm_cs *scratch);
/* Drops one user of handle (0 is ignored); the last one destroys it. */
void vvk_object_cache_release(struct vvk_device *dev, uint32_t handle);
