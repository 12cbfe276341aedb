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

/* FNV-1a over the key: header, then the payload after the handle. */
static uint32_t key_hash(const uint32_t *cmd, uint32_t ndw)
{
	uint32_t h = 2166136261u;

	for (uint32_t i = 0; i < ndw; i++) {
		if (i == 1)
			continue;
		h = (h ^ cmd[i]) * 16777619u;
	}
	return h;
}

static bool key_equal(const struct vvk_cached_object *o, const uint32_t *cmd, uint32_t ndw)
{
	return o->ndw == ndw - 1 && o->key[0] == cmd[0] &&
	       memcmp(o->key + 1, cmd + 2, (ndw - 2) * sizeof(uint32_t)) == 0;
}

static struct vvk_cached_object *find(struct vvk_object_cache *c, uint32_t hash,
				      const uint32_t *cmd, uint32_t ndw)
{
	for (uint32_t i = 0; i < c->count; i++)
		if (c->objs[i].hash == hash && key_equal(&c->objs[i], cmd, ndw))
			return &c->objs[i];
	return NULL;
}

static struct vvk_cached_object *add(struct vvk_object_cache *c, uint32_t hash,
				     const uint32_t *cmd, uint32_t ndw)
{
	struct vvk_cached_object *o;
	uint32_t *key = malloc((ndw - 1) * sizeof(uint32_t));

	if (!key)
		return NULL;
	if (c->count == c->capacity) {
		uint32_t cap = c->capacity ? c->capacity * 2 : 32;
		void *objs = realloc(c->objs, cap * sizeof(*c->objs));

		if (!objs) {
			free(key);
			return NULL;
		}
		c->objs = objs;
		c->capacity = cap;
	}
	key[0] = cmd[0];
	memcpy(key + 1, cmd + 2, (ndw - 2) * sizeof(uint32_t));
	o = &c->objs[c->count++];
	*o = (struct vvk_cached_object){ .hash = hash, .ndw = ndw - 1, .key = key };
	return o;
}

/* The new object's CREATE_OBJECT, with its handle, into the setup stream. */
static bool emit_create(struct vdrm_cs *setup, const uint32_t *cmd, uint32_t ndw,
			uint32_t handle)
{
	uint32_t *p = vdrm_cs_reserve(setup, ndw);

	if (!p)
		return false;
	memcpy(p, cmd, ndw * sizeof(uint32_t));
	p[1] = handle;
	return true;
}

uint32_t vvk_object_cache_acquire(struct vvk_device *dev, const uint32_t *cmd, uint32_t ndw)
{
	uint32_t hash = key_hash(cmd, ndw), handle = 0;
	struct vdrm_cs *setup;
	struct vvk_cached_object *o;

	if (ndw < 2)
		return 0;
	setup = vvk_device_setup_lock(dev);
	o = find(&dev->objects, hash, cmd, ndw);
	if (!o && (o = add(&dev->objects, hash, cmd, ndw))) {
		o->handle = handle = vvk_device_new_handle(dev);
		if (!emit_create(setup, cmd, ndw, handle)) {
			free(o->key);
			dev->objects.count--;
			o = NULL;
		}
	}
	if (o)
		o->refs++;
	handle = o ? o->handle : 0;
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
