/* SPDX-License-Identifier: MIT */
#include "egl_object.h"

#include "egl_display.h"

void egl_object_link(struct egl_object **list, struct egl_object *o, struct egl_display *d,
		     void (*destroy)(struct egl_object *o))
{
	o->d = d;
	o->refs = 1;
	o->destroy = destroy;
	o->next = *list;
	*list = o;
	egl_display_object_added(d);
}

struct egl_object *egl_object_find(struct egl_object *list, const void *handle)
{
	for (struct egl_object *o = list; o; o = o->next)
		if ((const void *)o == handle)
			return o;
	return NULL;
}

void egl_object_ref(struct egl_object *o)
{
	o->refs++;
}

void egl_object_unref(struct egl_object *o)
{
	struct egl_display *d;

	if (!o || --o->refs)
		return;
	d = o->d;
	o->destroy(o);
	egl_display_object_gone(d);
}

void egl_object_unlink(struct egl_object **list, struct egl_object *o)
{
	while (*list != o)
		list = &(*list)->next;
	*list = o->next;
	egl_object_unref(o);
}

void egl_objects_unlink_all(struct egl_object **list)
{
	while (*list)
		egl_object_unlink(list, *list);
}
