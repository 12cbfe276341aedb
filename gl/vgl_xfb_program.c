/* SPDX-License-Identifier: MIT */
/*
 * A program's transform feedback (ES 3.0 section 2.15.2):
 * glTransformFeedbackVaryings records names and a mode for the next link;
 * the link (compiler/glsl/glsl_link_xfb.c) resolves them, and the result
 * here is what glGetTransformFeedbackVarying reports and the stream output
 * each of the program's pipelines is created with. Like Mesa, the three
 * glGetProgramiv names report the recorded names and mode (what the next
 * link will use), glGetTransformFeedbackVarying the last link's.
 */
#include <stdlib.h>
#include <string.h>

#include "glsl_link.h"
#include "glsl_shader.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_procs.h"
#include "vgl_program.h"

/* ---- the link's result ---------------------------------------------------------------- */

static uint32_t so_location(uint32_t glsl_location)
{
	return glsl_location == GLSL_XFB_POSITION ? VVK_STREAM_OUTPUT_POSITION
	     : glsl_location == GLSL_XFB_POINT_SIZE ? VVK_STREAM_OUTPUT_POINT_SIZE : glsl_location;
}

/* One stream-output entry per location a captured varying takes. */
static bool add_entries(struct vgl_linked_xfb *x, const struct glsl_prog_xfb *v)
{
	for (uint32_t s = 0; s < v->slots; s++) {
		if (x->nr_entries >= VVK_MAX_STREAM_OUTPUT_ENTRIES)
			return false;
		x->entries[x->nr_entries++] = (struct vvk_stream_output_entry){
			.location = so_location(v->location) + (v->location < GLSL_XFB_POSITION ? s : 0),
			.component = 0, .componentCount = v->slot_components, .buffer = v->buffer,
			.offset = (v->offset + s * v->slot_components) * 4 };
	}
	return true;
}

bool vgl_linked_xfb_build(struct vgl_linked_xfb *x, const struct glsl_program *p)
{
	x->mode = p->xfb_separate ? GL_SEPARATE_ATTRIBS : GL_INTERLEAVED_ATTRIBS;
	if (!p->nr_xfb)
		return true;
	x->varyings = calloc(p->nr_xfb, sizeof(*x->varyings));
	x->entries = calloc(VVK_MAX_STREAM_OUTPUT_ENTRIES, sizeof(*x->entries));
	if (!x->varyings || !x->entries)
		return false;
	for (uint32_t i = 0; i < p->nr_xfb; i++) {
		const struct glsl_prog_xfb *v = &p->xfb[i];

		const char *name = strcmp(v->name, VGL_XFB_POSITION_NAME) ? v->name : "gl_Position";

		x->varyings[i] = (struct vgl_xfb_varying){ strdup(name), vgl_gl_type(v->type),
							   (GLint)v->size };
		x->nr_varyings++;
		if (!x->varyings[i].name || !add_entries(x, v))
			return false; /* the linked object's release frees what is here */
		x->nr_buffers = v->buffer + 1 > x->nr_buffers ? v->buffer + 1 : x->nr_buffers;
	}
	for (uint32_t b = 0; b < VVK_MAX_STREAM_OUTPUT_BUFFERS; b++)
		x->strides[b] = p->xfb_strides[b] * 4;
	return true;
}

void vgl_linked_xfb_free(struct vgl_linked_xfb *x)
{
	for (uint32_t i = 0; i < x->nr_varyings; i++)
		free(x->varyings[i].name);
	free(x->varyings);
	free(x->entries);
	memset(x, 0, sizeof(*x));
}

/* ---- the recorded names ---------------------------------------------------------------- */

void vgl_program_xfb_names_free(struct vgl_program *p)
{
	for (uint32_t i = 0; i < p->nr_xfb_names; i++)
		free(p->xfb_names[i]);
	free(p->xfb_names);
	p->xfb_names = NULL;
	p->nr_xfb_names = 0;
}

static GLint longest_name(const struct vgl_program *p)
{
	size_t n = 0;

	for (uint32_t i = 0; i < p->nr_xfb_names; i++)
		n = strlen(p->xfb_names[i]) + 1 > n ? strlen(p->xfb_names[i]) + 1 : n;
	return (GLint)n;
}

bool vgl_program_xfb_param(const struct vgl_program *p, GLenum pname, GLint *out)
{
	switch (pname) {
	case GL_TRANSFORM_FEEDBACK_BUFFER_MODE:
		*out = p->xfb_mode ? (GLint)p->xfb_mode : GL_INTERLEAVED_ATTRIBS;
		return true;
	case GL_TRANSFORM_FEEDBACK_VARYINGS: *out = (GLint)p->nr_xfb_names; return true;
	case GL_TRANSFORM_FEEDBACK_VARYING_MAX_LENGTH: *out = longest_name(p); return true;
	}
	return false;
}

bool vgl_xfb_link_prepare(const struct vgl_limits *limits, const struct vgl_program *p,
			  struct vgl_xfb_link *out)
{
	/* the copy is the vertex shader's: a later stage's gl_Position is
	 * captured as it is (the host records it before its y fix) */
	bool vs_last = !p->tes && !p->gs;
	bool position = false;

	out->vs = NULL;
	out->names = calloc(p->nr_xfb_names + 1, sizeof(*out->names));
	if (!out->names)
		return false;
	for (uint32_t i = 0; i < p->nr_xfb_names; i++) {
		bool is_pos = vs_last && !strcmp(p->xfb_names[i], "gl_Position");

		out->names[i] = is_pos ? VGL_XFB_POSITION_NAME : p->xfb_names[i];
		position |= is_pos;
	}
	if (position && p->vs)
		out->vs = vgl_shader_compile_capturing_position(limits, p->vs);
	if (out->vs && glsl_shader_status(out->vs) != GLSL_COMPILE_OK) {
		glsl_shader_destroy(out->vs);
		out->vs = NULL;
	}
	return true;
}

void vgl_xfb_link_finish(struct vgl_xfb_link *l)
{
	free(l->names);
	if (l->vs)
		glsl_shader_destroy(l->vs);
}

/* Copies of count names; NULL (and nothing kept) when out of memory. */
static char **copy_names(GLsizei count, const GLchar *const *names)
{
	char **copy = calloc((size_t)count + 1, sizeof(*copy));

	for (GLsizei i = 0; copy && i < count; i++) {
		copy[i] = strdup(names[i]);
		if (!copy[i]) {
			while (i--)
				free(copy[i]);
			free(copy);
			return NULL;
		}
	}
	return copy;
}

static void set_names(struct vgl_program *p, char **names, uint32_t count, GLenum mode)
{
	vgl_program_xfb_names_free(p);
	p->xfb_names = names;
	p->nr_xfb_names = count;
	p->xfb_mode = mode;
}

bool vgl_program_xfb_names_from_linked(struct vgl_program *p)
{
	const struct vgl_linked_xfb *x = &p->linked->xfb;
	const char **v = calloc(x->nr_varyings + 1, sizeof(*v));
	char **names;

	for (uint32_t i = 0; v && i < x->nr_varyings; i++)
		v[i] = x->varyings[i].name;
	names = v ? copy_names((GLsizei)x->nr_varyings, v) : NULL;
	free(v);
	if (!names)
		return false;
	set_names(p, names, x->nr_varyings, x->mode);
	return true;
}

static void GL_APIENTRY vgl_TransformFeedbackVaryings(GLuint program, GLsizei count,
						      const GLchar *const *varyings,
						      GLenum bufferMode)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p;
	char **names;

	if (!ctx)
		return;
	p = vgl_pobj_lookup(ctx, program, VGL_POBJ_PROGRAM);
	if (!p)
		return;
	if (bufferMode != GL_INTERLEAVED_ATTRIBS && bufferMode != GL_SEPARATE_ATTRIBS) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (count < 0 || (count && !varyings) ||
	    (bufferMode == GL_SEPARATE_ATTRIBS && (uint32_t)count > ctx->dev->max_xfb_buffers)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	names = copy_names(count, varyings);
	if (!names) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	set_names(p, names, (uint32_t)count, bufferMode);
}

static void GL_APIENTRY vgl_GetTransformFeedbackVarying(GLuint program, GLuint index,
							GLsizei bufSize, GLsizei *length,
							GLsizei *size, GLenum *type, GLchar *name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p;
	const struct vgl_xfb_varying *v;

	if (!ctx)
		return;
	p = vgl_pobj_lookup(ctx, program, VGL_POBJ_PROGRAM);
	if (!p)
		return;
	if (bufSize < 0 || !p->linked || index >= p->linked->xfb.nr_varyings) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	v = &p->linked->xfb.varyings[index];
	vgl_copy_string(v->name, bufSize, length, name);
	if (size)
		*size = v->size;
	if (type)
		*type = v->type;
}

const struct vgl_proc vgl_xfb_program_procs[] = {
	VGL_PROC(TransformFeedbackVaryings), VGL_PROC(GetTransformFeedbackVarying),
	{ NULL, NULL },
};
