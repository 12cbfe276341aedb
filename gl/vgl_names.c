/* SPDX-License-Identifier: MIT */
#include "vgl_names.h"

#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"

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

uint32_t vgl_names_gen(struct vgl_names *n, void *obj)
{
	uint32_t i;

	for (i = 0; i < n->nr && n->slots[i]; i++)
		;
	if (!grow(n, i + 1))
		return 0;
	n->slots[i] = obj ? obj : VGL_NAME_RESERVED;
	if (i == n->nr)
		n->nr++;
	return i + 1;
}

void *vgl_names_get(const struct vgl_names *n, uint32_t name)
{
	void *o;

	if (name == 0 || name > n->nr)
		return NULL;
	o = n->slots[name - 1];
	return o == VGL_NAME_RESERVED ? NULL : o;
}

bool vgl_names_is_gen(const struct vgl_names *n, uint32_t name)
{
	return name && name <= n->nr && n->slots[name - 1];
}

bool vgl_names_set(struct vgl_names *n, uint32_t name, void *obj)
{
	if (name == 0 || !grow(n, name))
		return false;
	n->slots[name - 1] = obj ? obj : VGL_NAME_RESERVED;
	if (name > n->nr)
		n->nr = name;
	return true;
}

void vgl_names_remove(struct vgl_names *n, uint32_t name)
{
	if (name && name <= n->nr)
		n->slots[name - 1] = NULL;
}

void vgl_names_finish(struct vgl_names *n)
{
	free(n->slots);
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
 * context, for a negative count (GL_INVALID_VALUE), or without a namespace. */
static struct vgl_names *count_space(const struct vgl_name_ops *ops, GLsizei count,
				     struct vgl_context **ctx, pthread_mutex_t **lock)
{
	*ctx = vgl_current_context();
	if (!*ctx)
		return NULL;
	if (count < 0) {
		vgl_error(*ctx, GL_INVALID_VALUE);
		return NULL;
	}
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
	struct vgl_names *n = count_space(ops, count, &ctx, &lock);

	if (!n)
		return;
	if (lock)
		pthread_mutex_lock(lock);
	for (GLsizei i = 0; i < count; i++) {
		names[i] = gen_one(ops, n);
		if (!names[i])
			vgl_error(ctx, GL_OUT_OF_MEMORY);
	}
	if (lock)
		pthread_mutex_unlock(lock);
}

void vgl_names_delete_gl(const struct vgl_name_ops *ops, GLsizei count, const GLuint *names)
{
	struct vgl_context *ctx;
	pthread_mutex_t *lock = NULL;
	struct vgl_names *n = count_space(ops, count, &ctx, &lock);

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
