/* SPDX-License-Identifier: MIT */
/*
 * A linked program's active resources as ES 3.1 section 7.3.1 names them
 * (program interfaces and their properties), over the link result's own
 * lists: uniforms[] (GL_UNIFORM), blocks[] (GL_UNIFORM_BLOCK), attribs[]
 * and outputs[] (GL_PROGRAM_INPUT / _OUTPUT), xfb.varyings[]
 * (GL_TRANSFORM_FEEDBACK_VARYING), ssbos[] (GL_SHADER_STORAGE_BLOCK),
 * buffer_vars[] (GL_BUFFER_VARIABLE). No atomic counters exist yet:
 * GL_ATOMIC_COUNTER_BUFFER has no resources. The ES 3.0 queries of
 * uniforms and uniform blocks read the same properties (vgl_uniform.c,
 * vgl_ubo.c).
 */
#pragma once

#include <GLES3/gl31.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct vgl_linked;

/* Whether iface is one of the interfaces above. */
bool vgl_resource_interface_known(GLenum iface);
/* How many resources l has on iface (a known one). */
uint32_t vgl_resource_count(const struct vgl_linked *l, GLenum iface);
/* The program's inputs (input) or outputs as GL_PROGRAM_INPUT / _OUTPUT
 * list them: a separable program of one stage lists its varyings. */
const struct vgl_attrib_info *vgl_resource_io(const struct vgl_linked *l, bool input, uint32_t *n);
/* Whether prop is a property of iface's resources (ES 3.1 table 7.2). */
bool vgl_resource_prop_allowed(GLenum iface, GLenum prop);
/* The values of prop (allowed on iface) of resource index (< count): their
 * number; at most `cap` are written to out (GL_ACTIVE_VARIABLES has many). */
uint32_t vgl_resource_prop(const struct vgl_linked *l, GLenum iface, uint32_t index, GLenum prop,
			   GLint *out, uint32_t cap);
/* The resource's name as GL reports it ("a[0]" for arrays) into buf. */
void vgl_resource_name(const struct vgl_linked *l, GLenum iface, uint32_t index, char *buf,
		       size_t size);
