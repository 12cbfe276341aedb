/* SPDX-License-Identifier: MIT */
#include <stdlib.h>
#include <string.h>

#include "vvk_device.h"
#include "vvk_object_cache.h"

void vvk_object_cache_finish(struct vvk_object_cache *c)
{
	for (uint32_t i = 0; i < c->count; i++)
		free(c->objs[i].key);
	free(c->objs);
	memset(c, 0, sizeof(*c));
}

/*
 * The key: the commands with their handle dwords zeroed. Usually one command;
 * a shader sent in parts is several, all naming the one object.
 */
static uint32_t *make_key(const uint32_t *cmd, uint32_t ndw)
{
	uint32_t *key = malloc(ndw * sizeof(uint32_t));

	if (!key)
		return NULL;
	memcpy(key, cmd, ndw * sizeof(uint32_t));
	for (uint32_t at = 0; at + 1 < ndw; at += 1 + (key[at] >> 16))
		key[at + 1] = 0;
	return key;
}

/* FNV-1a over the key. */
static uint32_t key_hash(const uint32_t *key, uint32_t ndw)
{
	uint32_t h = 2166136261u;

	for (uint32_t i = 0; i < ndw; i++)
		h = (h ^ key[i]) * 16777619u;
	return h;
}

static struct vvk_cached_object *find(struct vvk_object_cache *c, uint32_t hash,
				      const uint32_t *key, uint32_t ndw)
{
	for (uint32_t i = 0; i < c->count; i++) {
		struct vvk_cached_object *o = &c->objs[i];

		if (o->hash == hash && o->ndw == ndw && !memcmp(o->key, key, ndw * sizeof(*key)))
			return o;
	}
	return NULL;
}

/* Takes the key: it is freed with the object. */
static struct vvk_cached_object *add(struct vvk_object_cache *c, uint32_t hash, uint32_t *key,
				     uint32_t ndw)
{
	struct vvk_cached_object *o;

	if (c->count == c->capacity) {
		uint32_t cap = c->capacity ? c->capacity * 2 : 32;
		void *objs = realloc(c->objs, cap * sizeof(*c->objs));

		if (!objs)
			return NULL;
		c->objs = objs;
		c->capacity = cap;
	}
	o = &c->objs[c->count++];
	*o = (struct vvk_cached_object){ .hash = hash, .ndw = ndw, .key = key };
	return o;
}

/* The new object's CREATE_OBJECT command(s), with its handle, into the setup stream. */
static bool emit_create(struct vdrm_cs *setup, const uint32_t *key, uint32_t ndw,
			uint32_t handle)
{
	uint32_t *p = vdrm_cs_reserve(setup, ndw);

	if (!p)
		return false;
	memcpy(p, key, ndw * sizeof(uint32_t));
	for (uint32_t at = 0; at + 1 < ndw; at += 1 + (p[at] >> 16))
		p[at + 1] = handle;
	return true;
}

/* The object for key, created if new; NULL when out of memory (key is then freed). */
static struct vvk_cached_object *find_or_create(struct vvk_device *dev, struct vdrm_cs *setup,
						uint32_t *key, uint32_t ndw)
{
	uint32_t hash = key_hash(key, ndw);
	struct vvk_cached_object *o = find(&dev->objects, hash, key, ndw);

	if (o) {
		free(key);
		return o;
	}
	o = add(&dev->objects, hash, key, ndw);
	if (!o) {
		free(key);
		return NULL;
	}
	o->handle = vvk_device_new_handle(dev);
	if (!emit_create(setup, key, ndw, o->handle)) {
		free(key);
		dev->objects.count--;
		return NULL;
	}
	return o;
}

uint32_t vvk_object_cache_acquire(struct vvk_device *dev, const uint32_t *cmd, uint32_t ndw)
{
	struct vdrm_cs *setup;
	struct vvk_cached_object *o;
	uint32_t handle = 0, *key;

	if (ndw < 2 || !(key = make_key(cmd, ndw)))
		return 0;
	setup = vvk_device_setup_lock(dev);
	o = find_or_create(dev, setup, key, ndw);
	if (o) {
		o->refs++;
		handle = o->handle;
	}
	vvk_device_setup_unlock(dev);
	return handle;
}

uint32_t vvk_object_cache_acquire_cs(struct vvk_device *dev, struct vdrm_cs *scratch)
{
	uint32_t handle = 0;

	if (vdrm_cs_ok(scratch))
		handle = vvk_object_cache_acquire(dev, scratch->buf, scratch->cdw);
	vdrm_cs_finish(scratch);
	return handle;
}

void vvk_object_cache_release(struct vvk_device *dev, uint32_t handle)
{
	struct vdrm_cs *setup;
	struct vvk_object_cache *c = &dev->objects;

	if (!handle)
		return;
	setup = vvk_device_setup_lock(dev);
	for (uint32_t i = 0; i < c->count; i++) {
		struct vvk_cached_object *o = &c->objs[i];

		if (o->handle != handle || --o->refs)
			continue;
		/* the host runs in order: this lands after every submitted use */
		vdrm_encode_destroy_object(setup, &(struct vdrm_cmd_destroy_object){
			.obj_type = (o->key[0] >> 8) & 0xff, .handle = handle });
		free(o->key);
		*o = c->objs[--c->count];
		break;
	}
	vvk_device_setup_unlock(dev);
}
