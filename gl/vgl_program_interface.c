/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 program interface queries (section 7.3.1): glGetProgramInterfaceiv,
 * glGetProgramResourceIndex, glGetProgramResourceName,
 * glGetProgramResourceiv, glGetProgramResourceLocation, on the resource
 * table of vgl_resource.c. A program whose last link failed (or that was
 * never linked) has no active resources; only the location query calls
 * that an error, as the spec does.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_extensions.h"
#include "vgl_procs.h"
#include "vgl_program.h"
#include "vgl_range.h"
#include "vgl_resource.h"

#define NAME_MAX_LEN 1024

/* The program of a 3.1 query with GL's errors; *linked: its resources (NULL: none). */
static struct vgl_program *query_program(struct vgl_context *ctx, GLuint program,
					 struct vgl_linked **linked)
{
	struct vgl_program *p;

	if (!vgl_es31_call(ctx))
		return NULL;
	p = vgl_pobj_lookup(ctx, program, VGL_POBJ_PROGRAM);
	*linked = p && p->link_status ? p->linked : NULL;
	return p;
}

/* query_program, then an interface that exists (INVALID_ENUM). */
static struct vgl_program *query_interface(struct vgl_context *ctx, GLuint program, GLenum iface,
					   struct vgl_linked **linked)
{
	struct vgl_program *p = query_program(ctx, program, linked);

	if (p && !vgl_resource_interface_known(iface)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return NULL;
	}
	return p;
}

static uint32_t count_of(const struct vgl_linked *l, GLenum iface)
{
	return l ? vgl_resource_count(l, iface) : 0;
}

/* The largest value of prop over the interface's resources (0: none). */
static GLint max_prop(const struct vgl_linked *l, GLenum iface, GLenum prop)
{
	GLint best = 0, v;

	for (uint32_t i = 0; i < count_of(l, iface); i++)
		if (vgl_resource_prop(l, iface, i, prop, &v, 1) && v > best)
			best = v;
	return best;
}

static void GL_APIENTRY vgl_GetProgramInterfaceiv(GLuint program, GLenum iface, GLenum pname,
						  GLint *params)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;

	if (!query_interface(ctx, program, iface, &l))
		return;
	switch (pname) {
	case GL_ACTIVE_RESOURCES:
		*params = (GLint)count_of(l, iface);
		return;
	case GL_MAX_NAME_LENGTH:
	case GL_MAX_NUM_ACTIVE_VARIABLES:
		/* the property behind each says which interfaces have it */
		if (!vgl_resource_prop_allowed(iface, pname == GL_MAX_NAME_LENGTH ?
						      GL_NAME_LENGTH : GL_NUM_ACTIVE_VARIABLES)) {
			vgl_error(ctx, GL_INVALID_OPERATION);
			return;
		}
		*params = max_prop(l, iface, pname == GL_MAX_NAME_LENGTH ? GL_NAME_LENGTH :
					     GL_NUM_ACTIVE_VARIABLES);
		return;
	}
	vgl_error(ctx, GL_INVALID_ENUM);
}

/* A name matches a resource's GL name, or that name without an array's "[0]". */
static bool name_matches(const char *res, const char *name)
{
	size_t n = strlen(res);

	return !strcmp(res, name) ||
	       (n > 3 && !strcmp(res + n - 3, "[0]") && strlen(name) == n - 3 &&
		!strncmp(res, name, n - 3));
}

static GLuint find_resource(const struct vgl_linked *l, GLenum iface, const char *name)
{
	char buf[NAME_MAX_LEN];

	for (uint32_t i = 0; name && i < count_of(l, iface); i++) {
		vgl_resource_name(l, iface, i, buf, sizeof(buf));
		if (name_matches(buf, name))
			return i;
	}
	return GL_INVALID_INDEX;
}

/* Interfaces with names: all but the atomic counter buffers (INVALID_ENUM). */
static bool named_interface(struct vgl_context *ctx, GLenum iface)
{
	if (iface != GL_ATOMIC_COUNTER_BUFFER)
		return true;
	vgl_error(ctx, GL_INVALID_ENUM);
	return false;
}

static GLuint GL_APIENTRY vgl_GetProgramResourceIndex(GLuint program, GLenum iface,
						      const GLchar *name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;

	if (!query_interface(ctx, program, iface, &l) || !named_interface(ctx, iface))
		return GL_INVALID_INDEX;
	return find_resource(l, iface, name);
}

/* The resource `index` of a query that names one: INVALID_VALUE past the last. */
static bool index_ok(struct vgl_context *ctx, const struct vgl_linked *l, GLenum iface,
		     GLuint index)
{
	if (index < count_of(l, iface))
		return true;
	vgl_error(ctx, GL_INVALID_VALUE);
	return false;
}

static void GL_APIENTRY vgl_GetProgramResourceName(GLuint program, GLenum iface, GLuint index,
						   GLsizei bufsize, GLsizei *length, GLchar *name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;
	char buf[NAME_MAX_LEN];

	if (!query_interface(ctx, program, iface, &l) || !named_interface(ctx, iface) ||
	    !index_ok(ctx, l, iface, index))
		return;
	if (bufsize < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	vgl_resource_name(l, iface, index, buf, sizeof(buf));
	vgl_copy_string(buf, bufsize, length, name);
}

/* A property of an extension the context lacks. */
static bool prop_off(const struct vgl_context *ctx, GLenum prop)
{
	if (prop == GL_REFERENCED_BY_GEOMETRY_SHADER_EXT)
		return !vgl_ext_on(ctx, VGL_EXT_EXT_geometry_shader);
	if (prop == GL_REFERENCED_BY_TESS_CONTROL_SHADER_EXT ||
	    prop == GL_REFERENCED_BY_TESS_EVALUATION_SHADER_EXT || prop == GL_IS_PER_PATCH_EXT)
		return !vgl_ext_on(ctx, VGL_EXT_EXT_tessellation_shader);
	return false;
}

/* Every property asked for is one of the interface's (INVALID_ENUM);
 * REFERENCED_BY_GEOMETRY_SHADER is EXT_geometry_shader's, the tessellation
 * ones EXT_tessellation_shader's. */
static bool props_ok(struct vgl_context *ctx, GLenum iface, GLsizei count, const GLenum *props)
{
	for (GLsizei i = 0; i < count; i++)
		if (!vgl_resource_prop_allowed(iface, props[i]) || prop_off(ctx, props[i])) {
			vgl_error(ctx, GL_INVALID_ENUM);
			return false;
		}
	return true;
}

static void GL_APIENTRY vgl_GetProgramResourceiv(GLuint program, GLenum iface, GLuint index,
						 GLsizei prop_count, const GLenum *props,
						 GLsizei bufsize, GLsizei *length, GLint *params)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;
	uint32_t written = 0;

	if (!query_interface(ctx, program, iface, &l) || !index_ok(ctx, l, iface, index))
		return;
	if (prop_count <= 0 || bufsize < 0 || vgl_array_absent(prop_count, props) ||
	    vgl_array_absent(bufsize, params)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	if (!props_ok(ctx, iface, prop_count, props))
		return;
	/* values past bufsize are dropped; length says how many were written */
	for (GLsizei i = 0; i < prop_count && written < (uint32_t)bufsize; i++) {
		uint32_t n = vgl_resource_prop(l, iface, index, props[i], params + written,
					       (uint32_t)bufsize - written);

		written += n < (uint32_t)bufsize - written ? n : (uint32_t)bufsize - written;
	}
	if (length)
		*length = (GLsizei)written;
}

/* ---- locations ------------------------------------------------------------------------------- */

/* An input's or output's location, "name" or "name[i]" of an array. */
static GLint var_location(const struct vgl_linked *l, GLenum iface, const char *name)
{
	uint32_t n, element;
	const struct vgl_attrib_info *v = vgl_resource_io(l, iface == GL_PROGRAM_INPUT, &n);
	size_t len;

	if (!vgl_parse_array_name(name, &len, &element))
		return -1;
	for (uint32_t i = 0; i < n; i++) {
		if (strlen(v[i].name) != len || strncmp(v[i].name, name, len))
			continue;
		if ((!v[i].is_array && len != strlen(name)) || element >= (uint32_t)v[i].size ||
		    v[i].location < 0)
			return -1;
		/* an element takes its share of the locations (a matrix: a column each) */
		return v[i].location + (GLint)(element * (v[i].slots / (uint32_t)v[i].size));
	}
	return -1;
}

static GLint GL_APIENTRY vgl_GetProgramResourceLocation(GLuint program, GLenum iface,
							const GLchar *name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;

	if (!query_interface(ctx, program, iface, &l))
		return -1;
	if (iface != GL_UNIFORM && iface != GL_PROGRAM_INPUT && iface != GL_PROGRAM_OUTPUT) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return -1;
	}
	if (!l) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return -1;
	}
	if (!name)
		return -1;
	return iface == GL_UNIFORM ? vgl_linked_uniform_location(l, name)
				   : var_location(l, iface, name);
}

const struct vgl_proc vgl_program_interface_procs[] = {
	VGL_PROC(GetProgramInterfaceiv), VGL_PROC(GetProgramResourceIndex),
	VGL_PROC(GetProgramResourceName), VGL_PROC(GetProgramResourceiv),
	VGL_PROC(GetProgramResourceLocation),
	{ NULL, NULL },
};
