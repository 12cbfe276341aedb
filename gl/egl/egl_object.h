/* SPDX-License-Identifier: MIT */
/*
 * What every display-owned EGL object (context, surface, sync) shares: its
 * place in the display's list of valid handles, its display, and its
 * reference count. It is the first member of each, so an object's handle is
 * also the address of its egl_object. All under egl_lock().
 */
#pragma once

struct egl_display;

struct egl_object {
	struct egl_object *next;       /* in the display's list while the handle is valid */
	struct egl_display *d;
	unsigned refs;                 /* the list's, and any binding's or waiter's */
	void (*destroy)(struct egl_object *o); /* the type's teardown; frees the object */
};

/* Puts a new object at the head of `list` with the list's reference and counts
 * it as one of the display's objects. */
void egl_object_link(struct egl_object **list, struct egl_object *o, struct egl_display *d,
		     void (*destroy)(struct egl_object *o));
/* The object of a handle in `list`, NULL if none; records no error. */
struct egl_object *egl_object_find(struct egl_object *list, const void *handle);
void egl_object_ref(struct egl_object *o);
/* Drops a reference; the last one destroys the object (NULL is ignored). */
void egl_object_unref(struct egl_object *o);
/* Invalidates the handle: takes the object out of `list`, dropping the list's reference. */
void egl_object_unlink(struct egl_object **list, struct egl_object *o);
void egl_objects_unlink_all(struct egl_object **list);
