/* SPDX-License-Identifier: MIT */
/*
 * A GL object namespace: names (GLuint, 0 reserved) -> objects. glGen* hands
 * out the lowest free names, kept in a dense array of slots (name - 1 is the
 * index) for a cheap lookup at every bind. Names an application picks itself
 * (ES 2.0 lets glBind* take a name never generated) may be anywhere in 2^32:
 * those above VGL_NAMES_DENSE_MAX live in a small open-addressing hash table
 * instead, so glBindFramebuffer(1437432592) costs a few bytes, not gigabytes.
 * The namespace does not own the objects: callers destroy them.
 */
#pragma once

#include <GLES3/gl3.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#define VGL_NAMES_DENSE_MAX (1u << 16)

struct vgl_names {
	void **slots;        /* NULL: free; VGL_NAME_RESERVED: generated, no object yet */
	uint32_t dense_nr, cap;
	uint32_t free_hint;  /* no free slot below this index */
	struct {             /* names above VGL_NAMES_DENSE_MAX; key 0 is empty */
		uint32_t *keys;
		void **objs;
		uint32_t cap, count; /* cap: 0 or a power of two */
	} sparse;
	struct {             /* KHR_debug object labels: few, so a plain array */
		uint32_t *keys;
		char **texts;
		uint32_t nr, cap;
	} labels;
};

#define VGL_NAME_RESERVED ((void *)1)

/* A new name reserved for `obj` (may be VGL_NAME_RESERVED); 0 when out of memory. */
uint32_t vgl_names_gen(struct vgl_names *n, void *obj);
/* The object of a name; NULL for 0, unknown, free, or reserved names. */
void *vgl_names_get(const struct vgl_names *n, uint32_t name);
/* Whether the name was generated (with or without an object). */
bool vgl_names_is_gen(const struct vgl_names *n, uint32_t name);
/* Binds obj to an existing or caller-chosen name (glBindBuffer of a never
 * generated name is allowed in ES 2.0). false when out of memory. */
bool vgl_names_set(struct vgl_names *n, uint32_t name, void *obj);
/* Frees the name (and its label). */
void vgl_names_remove(struct vgl_names *n, uint32_t name);
/* Gives the name a label, owned from now on (NULL: none); false when out
 * of memory (the label is then freed and the old one kept). */
bool vgl_names_set_label(struct vgl_names *n, uint32_t name, char *label);
/* The name's label, NULL if it has none. */
const char *vgl_names_label(const struct vgl_names *n, uint32_t name);
/* Calls fn on every object (not on reserved names); fn must not add names. */
void vgl_names_each(const struct vgl_names *n, void (*fn)(void *obj, void *data), void *data);
/* Calls release on every object, then frees the namespace. */
void vgl_names_drain(struct vgl_names *n, void (*release)(void *obj));
void vgl_names_finish(struct vgl_names *n);

/* ---- glGen*, glDelete*, glIs* over one object type ------------------------------ */

struct vgl_context;

struct vgl_name_ops {
	/* The type's namespace in ctx, NULL when it cannot be had (the
	 * callee records why). *lock: the share group's lock, or NULL for a
	 * namespace of ctx alone. */
	struct vgl_names *(*space)(struct vgl_context *ctx, pthread_mutex_t **lock);
	/* glGen* makes the object of each name as well (samplers); NULL: names
	 * only, the object comes with the first bind. */
	void *(*create)(GLuint name);
	/* glDelete*: the object has left the namespace. Unbinds it from ctx and
	 * drops the name's reference. */
	void (*gone)(struct vgl_context *ctx, void *obj);
};

/* The object of a name (NULL for 0, free or reserved names), under lock if any. */
void *vgl_names_lookup(struct vgl_names *n, pthread_mutex_t *lock, uint32_t name);
/* glGen*: GL_INVALID_VALUE for count < 0; GL_OUT_OF_MEMORY (and a 0 name)
 * for each name or object that cannot be made. */
void vgl_names_gen_gl(const struct vgl_name_ops *ops, GLsizei count, GLuint *names);
/* glDelete*: GL_INVALID_VALUE for count < 0; 0 and unknown names are skipped. */
void vgl_names_delete_gl(const struct vgl_name_ops *ops, GLsizei count, const GLuint *names);
/* glIs*: whether the name has an object (a generated name alone has none). */
GLboolean vgl_names_is_gl(const struct vgl_name_ops *ops, GLuint name);

/* Each type's ops (for object labels, vgl_debug_label.c). */
extern const struct vgl_name_ops vgl_buffer_names, vgl_fbo_names, vgl_ppo_names, vgl_query_names,
	vgl_renderbuffer_names, vgl_sampler_names, vgl_texture_names, vgl_vao_names, vgl_xfb_names;
