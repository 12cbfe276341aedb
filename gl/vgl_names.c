/* SPDX-License-Identifier: MIT */
#include "vgl_names.h"
#include "vgl_range.h"

#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"

/* ---- the dense part: names 1..VGL_NAMES_DENSE_MAX ---------------------------------- */

static bool grow(struct vgl_names *n, uint32_t want)
{
	uint32_t cap = n->cap ? n->cap : 16;
	void **s;

	if (want <= n->cap)
		return true;
	while (cap < want)
		cap *= 2;
	s = realloc(n->slots, cap * sizeof(*s));
	if (!s)
		return false;
	memset(s + n->cap, 0, (cap - n->cap) * sizeof(*s));
	n->slots = s;
	n->cap = cap;
	return true;
}

static bool dense_set(struct vgl_names *n, uint32_t name, void *obj)
{
	if (!grow(n, name))
		return false;
	n->slots[name - 1] = obj;
	if (name > n->dense_nr)
		n->dense_nr = name;
	return true;
}

/* ---- the sparse part: a linear-probing hash table ------------------------------------ */

static uint32_t sparse_home(const struct vgl_names *n, uint32_t name)
{
	return (name * 2654435761u) & (n->sparse.cap - 1); /* Knuth's multiplicative hash */
}

/* The slot holding name, or the empty slot where it would go; cap must be > 0. */
static uint32_t sparse_slot(const struct vgl_names *n, uint32_t name)
{
	uint32_t i = sparse_home(n, name);

	while (n->sparse.keys[i] && n->sparse.keys[i] != name)
		i = (i + 1) & (n->sparse.cap - 1);
	return i;
}

static void *sparse_get(const struct vgl_names *n, uint32_t name)
{
	uint32_t i;

	if (!n->sparse.count)
		return NULL;
	i = sparse_slot(n, name);
	return n->sparse.keys[i] ? n->sparse.objs[i] : NULL;
}

static bool sparse_rehash(struct vgl_names *n, uint32_t cap)
{
	uint32_t *keys = n->sparse.keys, old_cap = n->sparse.cap;
	void **objs = n->sparse.objs;

	n->sparse.keys = calloc(cap, sizeof(*keys));
	n->sparse.objs = calloc(cap, sizeof(*objs));
	if (!n->sparse.keys || !n->sparse.objs) {
		free(n->sparse.keys);
		free(n->sparse.objs);
		n->sparse.keys = keys;
		n->sparse.objs = objs;
		return false;
	}
	n->sparse.cap = cap;
	for (uint32_t i = 0; i < old_cap; i++) {
		if (keys[i]) {
			uint32_t j = sparse_slot(n, keys[i]);

			n->sparse.keys[j] = keys[i];
			n->sparse.objs[j] = objs[i];
		}
	}
	free(keys);
	free(objs);
	return true;
}

static bool sparse_set(struct vgl_names *n, uint32_t name, void *obj)
{
	uint32_t i;

	/* at most half full, so probes stay short */
	if ((n->sparse.count + 1) * 2 > n->sparse.cap &&
	    !sparse_rehash(n, n->sparse.cap ? n->sparse.cap * 2 : 16))
		return false;
	i = sparse_slot(n, name);
	if (!n->sparse.keys[i])
		n->sparse.count++;
	n->sparse.keys[i] = name;
	n->sparse.objs[i] = obj;
	return true;
}

/* Removal by backward shift: the entries after the hole that probed past it move up. */
static void sparse_remove(struct vgl_names *n, uint32_t name)
{
	uint32_t mask = n->sparse.cap - 1, i, j;

	if (!n->sparse.count || !n->sparse.keys[i = sparse_slot(n, name)])
		return;
	n->sparse.count--;
	for (j = (i + 1) & mask; n->sparse.keys[j]; j = (j + 1) & mask) {
		uint32_t home = sparse_home(n, n->sparse.keys[j]);

		/* the entry at j may fill the hole at i unless its home lies in (i, j] */
		if (((j - home) & mask) >= ((j - i) & mask)) {
			n->sparse.keys[i] = n->sparse.keys[j];
			n->sparse.objs[i] = n->sparse.objs[j];
			i = j;
		}
	}
	n->sparse.keys[i] = 0;
	n->sparse.objs[i] = NULL;
}

/* ---- the namespace ---------------------------------------------------------------------- */

/* The slot of a name as stored: NULL (free), VGL_NAME_RESERVED or an object. */
static void *slot_of(const struct vgl_names *n, uint32_t name)
{
	if (name == 0)
		return NULL;
	if (name <= VGL_NAMES_DENSE_MAX)
		return name <= n->dense_nr ? n->slots[name - 1] : NULL;
	return sparse_get(n, name);
}

/* The lowest name not in use: the dense part first, then above it. */
static uint32_t lowest_free(struct vgl_names *n)
{
	uint32_t i = n->free_hint;

	while (i < n->dense_nr && n->slots[i])
		i++;
	n->free_hint = i;
	if (i < VGL_NAMES_DENSE_MAX)
		return i + 1;
	for (uint32_t name = VGL_NAMES_DENSE_MAX + 1; name; name++)
		if (!sparse_get(n, name))
			return name;
	return 0; /* all 2^32 - 1 names in use */
}

uint32_t vgl_names_gen(struct vgl_names *n, void *obj)
{
	uint32_t name = lowest_free(n);

	return name && vgl_names_set(n, name, obj) ? name : 0;
}

void *vgl_names_get(const struct vgl_names *n, uint32_t name)
{
	void *o = slot_of(n, name);

	return o == VGL_NAME_RESERVED ? NULL : o;
}

bool vgl_names_is_gen(const struct vgl_names *n, uint32_t name)
{
	return slot_of(n, name) != NULL;
}

bool vgl_names_set(struct vgl_names *n, uint32_t name, void *obj)
{
	if (!obj)
		obj = VGL_NAME_RESERVED;
	if (name == 0)
		return false;
	return name <= VGL_NAMES_DENSE_MAX ? dense_set(n, name, obj) : sparse_set(n, name, obj);
}

/* ---- labels ------------------------------------------------------------------------ */

static uint32_t label_index(const struct vgl_names *n, uint32_t name)
{
	uint32_t i = 0;

	while (i < n->labels.nr && n->labels.keys[i] != name)
		i++;
	return i;
}

static void drop_label(struct vgl_names *n, uint32_t name)
{
	uint32_t i = label_index(n, name);

	if (i == n->labels.nr)
		return;
	free(n->labels.texts[i]);
	n->labels.nr--;
	n->labels.keys[i] = n->labels.keys[n->labels.nr];
	n->labels.texts[i] = n->labels.texts[n->labels.nr];
}

static bool grow_labels(struct vgl_names *n)
{
	uint32_t cap = n->labels.cap ? n->labels.cap * 2 : 8;
	uint32_t *keys;
	char **texts;

	if (cap > UINT32_MAX / 2)
		return false;
	keys = realloc(n->labels.keys, cap * sizeof(*keys));
	if (!keys)
		return false;
	n->labels.keys = keys;
	texts = realloc(n->labels.texts, cap * sizeof(*texts));
	if (!texts)
		return false;
	n->labels.texts = texts;
	n->labels.cap = cap;
	return true;
}

bool vgl_names_set_label(struct vgl_names *n, uint32_t name, char *label)
{
	uint32_t i = label_index(n, name);

	if (i < n->labels.nr) {
		free(n->labels.texts[i]);
		n->labels.texts[i] = label;
		if (!label)
			drop_label(n, name);
		return true;
	}
	if (!label)
		return true;
	if (n->labels.nr == n->labels.cap && !grow_labels(n)) {
		free(label);
		return false;
	}
	n->labels.keys[n->labels.nr] = name;
	n->labels.texts[n->labels.nr++] = label;
	return true;
}

const char *vgl_names_label(const struct vgl_names *n, uint32_t name)
{
	uint32_t i = label_index(n, name);

	return i < n->labels.nr ? n->labels.texts[i] : NULL;
}

void vgl_names_remove(struct vgl_names *n, uint32_t name)
{
	if (name == 0)
		return;
	if (n->labels.nr)
		drop_label(n, name);
	if (name > VGL_NAMES_DENSE_MAX) {
		sparse_remove(n, name);
	} else if (name <= n->dense_nr) {
		n->slots[name - 1] = NULL;
		if (name - 1 < n->free_hint)
			n->free_hint = name - 1;
	}
}

void vgl_names_each(const struct vgl_names *n, void (*fn)(void *obj, void *data), void *data)
{
	for (uint32_t i = 0; i < n->dense_nr; i++)
		if (n->slots[i] && n->slots[i] != VGL_NAME_RESERVED)
			fn(n->slots[i], data);
	for (uint32_t i = 0; i < n->sparse.cap; i++)
		if (n->sparse.keys[i] && n->sparse.objs[i] != VGL_NAME_RESERVED)
			fn(n->sparse.objs[i], data);
}

struct releaser {
	void (*release)(void *obj);
};

static void release_one(void *obj, void *data)
{
	((struct releaser *)data)->release(obj);
}

void vgl_names_drain(struct vgl_names *n, void (*release)(void *obj))
{
	vgl_names_each(n, release_one, &(struct releaser){ release });
	vgl_names_finish(n);
}

void vgl_names_finish(struct vgl_names *n)
{
	for (uint32_t i = 0; i < n->labels.nr; i++)
		free(n->labels.texts[i]);
	free(n->labels.keys);
	free(n->labels.texts);
	free(n->slots);
	free(n->sparse.keys);
	free(n->sparse.objs);
	memset(n, 0, sizeof(*n));
}

/* ---- glGen*, glDelete*, glIs* ------------------------------------------------------------ */

void *vgl_names_lookup(struct vgl_names *n, pthread_mutex_t *lock, uint32_t name)
{
	void *obj;

	if (lock)
		pthread_mutex_lock(lock);
	obj = vgl_names_get(n, name);
	if (lock)
		pthread_mutex_unlock(lock);
	return obj;
}

/* The namespace for a glGen* or glDelete* of `count` names; NULL without a
 * context, for a negative count (GL_INVALID_VALUE), without a namespace, or
 * for a NULL array of names (nothing to write or read: Mesa's glGenTextures
 * and glDeleteTextures return without an error, and so does every type here). */
static struct vgl_names *count_space(const struct vgl_name_ops *ops, GLsizei count,
				     const void *names, struct vgl_context **ctx,
				     pthread_mutex_t **lock)
{
	*ctx = vgl_current_context();
	if (!*ctx)
		return NULL;
	if (count < 0) {
		vgl_error(*ctx, GL_INVALID_VALUE);
		return NULL;
	}
	if (vgl_array_absent(count, names))
		return NULL;
	return ops->space(*ctx, lock);
}

/* One name of a glGen*, with its object when the type makes one; 0 when out of memory. */
static GLuint gen_one(const struct vgl_name_ops *ops, struct vgl_names *n)
{
	GLuint name = vgl_names_gen(n, NULL);
	void *obj;

	if (!name || !ops->create)
		return name;
	obj = ops->create(name);
	if (obj) {
		/* the slot exists: setting it cannot fail */
		vgl_names_set(n, name, obj);
		return name;
	}
	vgl_names_remove(n, name);
	return 0;
}

void vgl_names_gen_gl(const struct vgl_name_ops *ops, GLsizei count, GLuint *names)
{
	struct vgl_context *ctx;
	pthread_mutex_t *lock = NULL;
	struct vgl_names *n = count_space(ops, count, names, &ctx, &lock);
	bool failed = false;

	if (!n)
		return;
	if (lock)
		pthread_mutex_lock(lock);
	for (GLsizei i = 0; i < count; i++) {
		names[i] = gen_one(ops, n);
		failed |= !names[i];
	}
	if (lock)
		pthread_mutex_unlock(lock);
	/* after the lock: the error's debug callback may call GL */
	if (failed)
		vgl_error(ctx, GL_OUT_OF_MEMORY);
}

void vgl_names_delete_gl(const struct vgl_name_ops *ops, GLsizei count, const GLuint *names)
{
	struct vgl_context *ctx;
	pthread_mutex_t *lock = NULL;
	struct vgl_names *n = count_space(ops, count, names, &ctx, &lock);

	for (GLsizei i = 0; n && i < count; i++) {
		void *obj;

		if (lock)
			pthread_mutex_lock(lock);
		obj = vgl_names_get(n, names[i]);
		vgl_names_remove(n, names[i]);
		if (lock)
			pthread_mutex_unlock(lock);
		if (obj)
			ops->gone(ctx, obj);
	}
}

GLboolean vgl_names_is_gl(const struct vgl_name_ops *ops, GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	pthread_mutex_t *lock = NULL;
	struct vgl_names *n = ctx ? ops->space(ctx, &lock) : NULL;

	return n && name && vgl_names_lookup(n, lock, name) ? GL_TRUE : GL_FALSE;
}
