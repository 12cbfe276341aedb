/* SPDX-License-Identifier: MIT */
/*
 * Images (ES 3.1) in a link result, for compute programs and for the
 * stages of a graphics program alike: their limits, their entries in the
 * image list (the descriptor binding each element takes, the unit its
 * layout(binding) names) and in the uniform list.
 *
 * A compute shader's bindings are the compiler's; a graphics program's are
 * program-wide (vgl_linked_storage.c merges the stages' images, numbers them
 * after the samplers and remaps each stage's SPIR-V), so the caller gives
 * the binding.
 */
#include <stdlib.h>
#include <string.h>

#include "vgl_image_unit.h"
#include "vgl_limits.h"
#include "vgl_linked_private.h"

uint32_t vgl_linked_image_elements(const struct glsl_lower_result *r)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < r->nr_res; i++)
		if (r->res[i].kind == GLSL_RES_IMAGE)
			n += vgl_linked_elements(r->res[i].array_size);
	return n;
}

uint32_t vgl_linked_image_count(const struct glsl_lower_result *r)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < r->nr_res; i++)
		n += r->res[i].kind == GLSL_RES_IMAGE;
	return n;
}

/* ES 3.1's image limits: the images a shader has, and the units their
 * bindings reach (GLSL ES 3.10 §4.4.5 makes one past the last a compile
 * error; the limit is the device's, so the link says it). */
const char *vgl_linked_images_unsupported(const struct vgl_limits *lim,
					  const struct glsl_lower_result *r, uint32_t max,
					  const char *too_many)
{
	for (uint32_t i = 0; i < r->nr_res; i++) {
		const struct glsl_lower_res *x = &r->res[i];

		if (x->kind == GLSL_RES_IMAGE &&
		    (uint64_t)x->gl_binding + vgl_linked_elements(x->array_size) > lim->image_units)
			return "error: an image's binding is not below GL_MAX_IMAGE_UNITS\n";
	}
	return vgl_linked_image_elements(r) > max ? too_many : NULL;
}

/* An image is a uniform too (GL lists it, gives it a location, reads its
 * unit back), whose binding no glUniform* changes in ES 3.1. */
static bool image_uniform(struct vgl_linked *l, const struct vgl_image_res *m)
{
	struct vgl_uniform *u = &l->uniforms[l->nr_uniforms++];

	*u = (struct vgl_uniform){ .name = strdup(m->name), .type = m->decl.type,
				   .array_size = m->array_size, .block = -1, .is_image = true,
				   .image_unit = m->gl_binding, .first_location = -1, .binding = -1 };
	return u->name != NULL;
}

bool vgl_linked_copy_image(struct vgl_linked *l, const struct glsl_lower_res *x, uint32_t binding)
{
	struct vgl_image_res *m = &l->images[l->nr_images++];

	m->name = strdup(x->name);
	m->binding = binding;
	m->gl_binding = x->explicit_binding ? x->gl_binding : 0;
	m->array_size = x->array_size;
	m->decl = (struct vgl_image_decl){ vgl_image_gl_type(x->type),
					   vgl_image_gl_format(x->format) };
	l->nr_image_elems += vgl_linked_elements(x->array_size);
	return m->name != NULL && image_uniform(l, m);
}
