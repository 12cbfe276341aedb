/* SPDX-License-Identifier: MIT */
/*
 * Uniform blocks (technique 3 and 4). A program's block INDEX (what
 * glGetUniformBlockIndex reports) names a block; glUniformBlockBinding maps
 * it to a GL binding POINT, and glBindBufferBase/Range put a buffer range
 * at a point. The two are resolved only at draw time (vgl_draw.c): the
 * buffer behind each block goes into the descriptor set's key, the range's
 * offset goes in as a dynamic offset, so moving a range never makes or
 * rewrites a descriptor set.
 */
#include <string.h>

#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_procs.h"
#include "vgl_program.h"
#include "vgl_resource.h"
#include "vgl_xfb.h"

/* A range that only moved (same buffer, same size) changes a dynamic offset,
 * not the descriptor set's key: the draw re-binds the set it has. */
static void set_binding(struct vgl_context *ctx, struct vgl_ubo_binding *ub, struct vgl_buffer *b,
			GLintptr offset, GLsizeiptr size)
{
	if (ub->buffer == b && ub->size == size && b) {
		if (ub->offset != offset)
			ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_UBO_OFFSETS);
		ub->offset = offset;
		return;
	}
	vgl_buffer_set(&ub->buffer, b);
	ub->offset = offset;
	ub->size = size;
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

/* The buffer of `name` when the point holds it already (a range moving
 * within one buffer, every draw): no namespace lookup. A buffer whose name
 * was deleted no longer answers to it. */
static struct vgl_buffer *still_bound(const struct vgl_ubo_binding *ub, GLuint name)
{
	struct vgl_buffer *b = ub->buffer;

	return b && b->name == name && !__atomic_load_n(&b->deleted, __ATOMIC_ACQUIRE) ? b : NULL;
}

/* The indexed points of a target: count, offset alignment, the points
 * (NULL for transform feedback's, vgl_xfb.c's own) and the generic binding
 * a bind also sets; false: not a target. */
struct indexed_points {
	uint32_t count;
	VkDeviceSize align;
	struct vgl_ubo_binding *points;
	struct vgl_buffer **generic;
};

static bool indexed_target(struct vgl_context *ctx, GLenum target, struct indexed_points *t)
{
	const struct vgl_limits *l = &ctx->dev->limits;

	switch (target) {
	case GL_UNIFORM_BUFFER:
		*t = (struct indexed_points){ VGL_MAX_UBO_BINDINGS,
			ctx->dev->props.limits.minUniformBufferOffsetAlignment, ctx->ubo,
			&ctx->uniform_buffer };
		return true;
	case GL_TRANSFORM_FEEDBACK_BUFFER:
		return true;
	case GL_SHADER_STORAGE_BUFFER:
		*t = (struct indexed_points){ l->ssbo_bindings, l->ssbo_alignment, ctx->ssbo,
					      &ctx->ssbo_buffer };
		return vgl_context_es31(ctx);
	case GL_ATOMIC_COUNTER_BUFFER:
		/* ES 3.1 section 6.1.1: atomic counter ranges are 4-byte aligned */
		*t = (struct indexed_points){ l->atomic_bindings, 4, ctx->atomic,
					      &ctx->atomic_buffer };
		return vgl_context_es31(ctx);
	}
	return false;
}

static void bind_range(GLenum target, GLuint index, GLuint name, GLintptr offset,
		       GLsizeiptr size, bool whole)
{
	struct vgl_context *ctx = vgl_current_context();
	struct indexed_points t = { 0, 1, NULL, NULL };
	struct vgl_buffer *b = NULL;

	if (!ctx)
		return;
	if (!indexed_target(ctx, target, &t)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (t.points && (index >= t.count ||
	    (!whole && name && (size <= 0 || offset < 0 || (VkDeviceSize)offset % t.align)))) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	/* a generated name's object is made by its first bind, this one too */
	if (name && (!t.points || !(b = still_bound(&t.points[index], name)))) {
		b = vgl_buffer_lookup_or_create(ctx, name);
		if (!b) {
			vgl_error(ctx, GL_OUT_OF_MEMORY);
			return;
		}
	}
	if (target == GL_TRANSFORM_FEEDBACK_BUFFER) {
		vgl_xfb_bind_buffer(ctx, index, b, offset, size, whole);
		return;
	}
	vgl_buffer_set(t.generic, b);
	set_binding(ctx, &t.points[index], b, whole ? 0 : offset, whole ? 0 : size);
}

static void GL_APIENTRY vgl_BindBufferRange(GLenum target, GLuint index, GLuint buffer,
					    GLintptr offset, GLsizeiptr size)
{
	bind_range(target, index, buffer, offset, size, false);
}

static void GL_APIENTRY vgl_BindBufferBase(GLenum target, GLuint index, GLuint buffer)
{
	bind_range(target, index, buffer, 0, 0, true);
}

static GLuint GL_APIENTRY vgl_GetUniformBlockIndex(GLuint program, const GLchar *name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;

	if (!ctx)
		return GL_INVALID_INDEX;
	l = vgl_program_linked(ctx, program);
	for (uint32_t i = 0; l && i < l->nr_blocks; i++)
		if (strcmp(l->blocks[i].name, name) == 0)
			return i;
	return GL_INVALID_INDEX;
}

/* The block of (program, index), with GL's errors. */
static struct vgl_block *block_of(struct vgl_context *ctx, GLuint program, GLuint index,
				  struct vgl_linked **out)
{
	struct vgl_linked *l = vgl_program_linked(ctx, program);

	*out = l;
	if (!l)
		return NULL;
	if (index >= l->nr_blocks) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return NULL;
	}
	return &l->blocks[index];
}

static void GL_APIENTRY vgl_UniformBlockBinding(GLuint program, GLuint index, GLuint binding)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;
	struct vgl_block *b;

	if (!ctx)
		return;
	b = block_of(ctx, program, index, &l);
	if (!b)
		return;
	if (binding >= VGL_MAX_UBO_BINDINGS) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	b->gl_binding = binding;
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

/* The ES 3.0 names of the program interface's properties (vgl_resource.h). */
static const GLenum block_props[][2] = {
	{ GL_UNIFORM_BLOCK_BINDING, GL_BUFFER_BINDING },
	{ GL_UNIFORM_BLOCK_DATA_SIZE, GL_BUFFER_DATA_SIZE },
	{ GL_UNIFORM_BLOCK_NAME_LENGTH, GL_NAME_LENGTH },
	{ GL_UNIFORM_BLOCK_ACTIVE_UNIFORMS, GL_NUM_ACTIVE_VARIABLES },
	{ GL_UNIFORM_BLOCK_ACTIVE_UNIFORM_INDICES, GL_ACTIVE_VARIABLES },
	{ GL_UNIFORM_BLOCK_REFERENCED_BY_VERTEX_SHADER, GL_REFERENCED_BY_VERTEX_SHADER },
	{ GL_UNIFORM_BLOCK_REFERENCED_BY_FRAGMENT_SHADER, GL_REFERENCED_BY_FRAGMENT_SHADER },
};

static void GL_APIENTRY vgl_GetActiveUniformBlockiv(GLuint program, GLuint index, GLenum pname,
						    GLint *params)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;
	struct vgl_block *b;

	if (!ctx)
		return;
	b = block_of(ctx, program, index, &l);
	if (!b)
		return;
	for (size_t i = 0; i < sizeof(block_props) / sizeof(block_props[0]); i++)
		if (block_props[i][0] == pname) {
			/* the indices: as many values as the block has members */
			vgl_resource_prop(l, GL_UNIFORM_BLOCK, index, block_props[i][1], params,
					  b->nr_uniforms ? b->nr_uniforms : 1);
			return;
		}
	vgl_error(ctx, GL_INVALID_ENUM);
}

static void GL_APIENTRY vgl_GetActiveUniformBlockName(GLuint program, GLuint index,
						      GLsizei bufsize, GLsizei *length,
						      GLchar *name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;
	struct vgl_block *b;

	if (!ctx)
		return;
	if (bufsize < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	b = block_of(ctx, program, index, &l);
	if (b)
		vgl_copy_string(b->name, bufsize, length, name);
}

const struct vgl_proc vgl_ubo_procs[] = {
	VGL_PROC(BindBufferRange), VGL_PROC(BindBufferBase), VGL_PROC(GetUniformBlockIndex),
	VGL_PROC(UniformBlockBinding), VGL_PROC(GetActiveUniformBlockiv),
	VGL_PROC(GetActiveUniformBlockName),
	{ NULL, NULL },
};
