/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 separate vertex attribute formats and vertex buffer bindings
 * (section 10.3.1), ES 3.1+ contexts: glBindVertexBuffer,
 * glVertexAttrib(I)Format, glVertexAttribBinding, glVertexBindingDivisor and
 * their queries. The state lives in the VAO (vgl_vertex.h); the draw reads
 * each attribute through its binding (vgl_vao_array), so nothing else
 * changes for the draw path.
 */
#include "vgl_vertex_binding.h"

#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_procs.h"

#define VERTEX VGL_DIRTY_BIT(VGL_DIRTY_VERTEX)

static uint32_t max_stride(const struct vgl_context *ctx)
{
	return ctx->dev->props.limits.maxVertexInputBindingStride;
}

/* An ES 3.1 call that sets a vertex array object's formats or bindings:
 * with the default one bound, INVALID_OPERATION (ES 3.1 section 10.3.1;
 * glVertexAttribPointer still sets the default one's). */
static bool vao_call(struct vgl_context *ctx)
{
	if (!vgl_es31_call(ctx))
		return false;
	if (ctx->vao == &ctx->default_vao) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	return true;
}

/* The buffer of a name for glBindVertexBuffer: zero is none; a name never
 * generated (or deleted) is INVALID_OPERATION (ES 3.1 section 10.3.1). */
static bool binding_buffer(struct vgl_context *ctx, GLuint name, struct vgl_buffer **out)
{
	bool known;

	*out = NULL;
	if (!name)
		return true;
	pthread_mutex_lock(&ctx->share->lock);
	known = vgl_names_is_gen(&ctx->share->buffers, name);
	pthread_mutex_unlock(&ctx->share->lock);
	if (!known) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	*out = vgl_buffer_lookup_or_create(ctx, name);
	if (!*out)
		vgl_error(ctx, GL_OUT_OF_MEMORY);
	return *out != NULL;
}

static void GL_APIENTRY vgl_BindVertexBuffer(GLuint index, GLuint buffer, GLintptr offset,
					     GLsizei stride)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_vertex_binding *b;
	struct vgl_buffer *buf;

	if (!vao_call(ctx))
		return;
	if (index >= VGL_MAX_VERTEX_BINDINGS || offset < 0 || stride < 0 ||
	    (uint32_t)stride > max_stride(ctx)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	if (!binding_buffer(ctx, buffer, &buf))
		return;
	b = &ctx->vao->bindings[index];
	vgl_buffer_set(&b->buffer, buf);
	b->offset = (uintptr_t)offset;
	b->stride = stride;
	ctx->dirty |= VERTEX;
}

static void set_format(GLuint index, GLint size, GLenum type, bool normalized, bool integer,
		       GLuint relative_offset)
{
	struct vgl_context *ctx = vgl_current_context();
	GLenum e;

	if (!vao_call(ctx))
		return;
	e = index >= VGL_MAX_ATTRIBS || relative_offset > VGL_MAX_RELATIVE_OFFSET
	    ? GL_INVALID_VALUE : vgl_attrib_format_error(ctx, size, type, integer);
	if (e)
		vgl_error(ctx, e);
	else
		vgl_attrib_set_format(ctx, index, size, type, normalized, integer, relative_offset);
}

static void GL_APIENTRY vgl_VertexAttribFormat(GLuint index, GLint size, GLenum type,
					       GLboolean normalized, GLuint relative_offset)
{
	set_format(index, size, type, normalized != GL_FALSE, false, relative_offset);
}

static void GL_APIENTRY vgl_VertexAttribIFormat(GLuint index, GLint size, GLenum type,
						GLuint relative_offset)
{
	set_format(index, size, type, false, true, relative_offset);
}

static void GL_APIENTRY vgl_VertexAttribBinding(GLuint index, GLuint binding)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!vao_call(ctx))
		return;
	if (index >= VGL_MAX_ATTRIBS || binding >= VGL_MAX_VERTEX_BINDINGS) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	ctx->vao->attribs[index].binding = binding;
	ctx->dirty |= VERTEX;
}

static void GL_APIENTRY vgl_VertexBindingDivisor(GLuint binding, GLuint divisor)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!vao_call(ctx))
		return;
	if (binding >= VGL_MAX_VERTEX_BINDINGS) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	ctx->vao->bindings[binding].divisor = divisor;
	ctx->dirty |= VERTEX;
}

/* ---- queries ------------------------------------------------------------------------- */

bool vgl_vertex_binding_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	if (!vgl_context_es31(ctx))
		return false;
	switch (pname) {
	case GL_MAX_VERTEX_ATTRIB_BINDINGS: *out = VGL_MAX_VERTEX_BINDINGS; return true;
	case GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET: *out = VGL_MAX_RELATIVE_OFFSET; return true;
	case GL_MAX_VERTEX_ATTRIB_STRIDE: *out = max_stride(ctx); return true;
	}
	return false;
}

int vgl_vertex_binding_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index,
				   GLint64 *out)
{
	const struct vgl_vertex_binding *b;

	if (!vgl_context_es31(ctx) ||
	    (target != GL_VERTEX_BINDING_OFFSET && target != GL_VERTEX_BINDING_STRIDE &&
	     target != GL_VERTEX_BINDING_DIVISOR && target != GL_VERTEX_BINDING_BUFFER))
		return -1;
	if (index >= VGL_MAX_VERTEX_BINDINGS) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return 0;
	}
	b = &ctx->vao->bindings[index];
	*out = target == GL_VERTEX_BINDING_OFFSET ? (GLint64)b->offset
	     : target == GL_VERTEX_BINDING_STRIDE ? (GLint64)b->stride
	     : target == GL_VERTEX_BINDING_DIVISOR ? (GLint64)b->divisor
	     : b->buffer ? (GLint64)b->buffer->name : 0;
	return 1;
}

const struct vgl_proc vgl_vertex_binding_procs[] = {
	VGL_PROC(BindVertexBuffer), VGL_PROC(VertexAttribFormat), VGL_PROC(VertexAttribIFormat),
	VGL_PROC(VertexAttribBinding), VGL_PROC(VertexBindingDivisor),
	{ NULL, NULL },
};
