/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 indirect draws (ES 3.1+ contexts): glDrawArraysIndirect and
 * glDrawElementsIndirect with the errors of ES 3.1 section 10.5, and the
 * GL_DRAW_INDIRECT_BUFFER binding point.
 *
 * Where the host draws indirectly (virgl's has_indirect_draw), the command
 * stays in the buffer and the host reads it when it draws: no wait. The
 * counts are then unknown here, so the CPU checks of vertex ranges that direct
 * draws get (vgl_draw_vertex.c) shrink to "every array starts inside its
 * buffer, the command lies inside the indirect buffer, the element buffer
 * exists"; what a draw reads past a buffer's end is left to the host's GL
 * (see README). Draws the host cannot take as they are (no indirect draws on
 * the host, line loops, primitive restart, arrays converted on the CPU) read
 * the command on the CPU, after waiting for a GPU writer of those bytes
 * (technique 2), and go the direct way with all its checks.
 */
#include "vgl_draw_indirect.h"

#include <string.h>

#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_debug.h"
#include "vgl_device.h"
#include "vgl_procs.h"
#include "vgl_range.h"
#include "vgl_extensions.h"
#include "vgl_xfb.h"

/* ES 3.1 section 10.5: zero bound as the VAO, as the indirect buffer, or to
 * an enabled array is INVALID_OPERATION (no client memory here). */
static bool arrays_in_buffers(const struct vgl_context *ctx)
{
	if (ctx->vao == &ctx->default_vao)
		return false;
	for (uint32_t i = 0; i < VGL_MAX_ATTRIBS; i++) {
		struct vgl_array a;

		vgl_vao_array(ctx->vao, i, &a);
		if (a.f->enabled && !a.buffer)
			return false;
	}
	return true;
}

/* The indirect buffer with `size` bytes of command at offset; NULL with the
 * GL error set. */
static struct vgl_buffer *command_buffer(struct vgl_context *ctx, const void *indirect,
					 GLsizeiptr size)
{
	struct vgl_buffer *b = ctx->draw_indirect_buffer;
	GLintptr offset = (GLintptr)(uintptr_t)indirect;

	if (!arrays_in_buffers(ctx) || !b) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return NULL;
	}
	if ((uintptr_t)indirect % sizeof(GLuint)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return NULL;
	}
	/* past the end (a negative offset is a huge one), mapped, or capturing
	 * (ES 3.1 §10.5; EXT_geometry_shader lifts the last) */
	if (!b->storage || b->mapped || !vgl_range_ok(offset, size, b->size) ||
	    (vgl_xfb_blocks_use_program(ctx) && !vgl_ext_on(ctx, VGL_EXT_EXT_geometry_shader))) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return NULL;
	}
	return b;
}

/* An array the host cannot fetch as it is stored (vgl_attrib_converted). */
static bool converted_arrays(const struct vgl_context *ctx)
{
	for (int i = 0; i < VGL_MAX_ATTRIBS; i++)
		if (ctx->vao->attribs[i].enabled && vgl_attrib_converted(&ctx->vao->attribs[i]))
			return true;
	return false;
}

/* Whether the draw must read its command on the CPU (see the top). */
static bool drawn_from_cpu(const struct vgl_context *ctx, const struct vgl_draw *d)
{
	return !ctx->dev->props.limits.maxDrawIndirectCount || d->line_loop ||
	       (d->indexed && ctx->st.primitive_restart_fixed) || converted_arrays(ctx);
}

/* The command's dwords, read after any GPU writer of them; false: lost. */
static bool read_command(struct vgl_context *ctx, const struct vgl_draw *d, void *out,
			 size_t size)
{
	struct vgl_storage *s = d->indirect->storage;
	int r = vgl_storage_sync_read(ctx, s, d->indirect_offset, (GLsizeiptr)size);

	if (r != VGL_OK || !s->map) {
		vgl_error_result(ctx, r != VGL_OK ? r : VGL_ERROR_OUT_OF_MEMORY);
		return false;
	}
	memcpy(out, s->map + d->indirect_offset, size);
	ctx->stats.indirect_cpu_draws++;
	vgl_debug_slow_path(ctx, VGL_DEBUG_ID_CPU_INDIRECT,
			    "An indirect draw's command was read on the CPU (the host cannot "
			    "draw it as given: a line loop, primitive restart or converted arrays)");
	return true;
}

/* Counts GL's signed parameters cannot hold draw nothing: they would read
 * more than any buffer has (undefined results, no error). */
static bool fits_int(uint64_t v)
{
	return v <= INT32_MAX;
}

static void arrays_from_cpu(struct vgl_context *ctx, struct vgl_draw d)
{
	struct vgl_arrays_indirect c;

	if (!read_command(ctx, &d, &c, sizeof(c)) || !fits_int(c.count) ||
	    !fits_int(c.instances) || !fits_int((uint64_t)c.first + c.count))
		return;
	d.indirect = NULL;
	d.first = (GLint)c.first;
	d.count = (GLsizei)c.count;
	d.instances = (GLsizei)c.instances;
	vgl_draw_checked(ctx, &d);
}

static void elements_from_cpu(struct vgl_context *ctx, struct vgl_draw d, uint32_t index_size)
{
	struct vgl_elements_indirect c;
	uint64_t offset = 0;

	if (!read_command(ctx, &d, &c, sizeof(c)) || !fits_int(c.count) ||
	    !fits_int(c.instances) || !vgl_mul_add(c.first_index, index_size, 0, &offset) ||
	    offset > INTPTR_MAX)
		return;
	d.indirect = NULL;
	d.count = (GLsizei)c.count;
	d.instances = (GLsizei)c.instances;
	d.indices = (const void *)(uintptr_t)offset;
	d.base_vertex = c.base_vertex;
	vgl_draw_checked(ctx, &d);
}

static void GL_APIENTRY vgl_DrawArraysIndirect(GLenum mode, const void *indirect)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_draw d = { .mode = mode, .count = 1, .instances = 1,
			      .indirect_offset = (GLintptr)(uintptr_t)indirect };

	if (!vgl_es31_call(ctx))
		return;
	if (!vgl_draw_topology(ctx, mode, &d.topology, &d.line_loop)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	d.indirect = command_buffer(ctx, indirect, sizeof(struct vgl_arrays_indirect));
	if (!d.indirect)
		return;
	if (drawn_from_cpu(ctx, &d))
		arrays_from_cpu(ctx, d);
	else
		vgl_draw_checked(ctx, &d);
}

static uint32_t index_size(GLenum type)
{
	return type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
}

static void GL_APIENTRY vgl_DrawElementsIndirect(GLenum mode, GLenum type, const void *indirect)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_draw d = { .mode = mode, .count = 1, .instances = 1, .indexed = true,
			      .index_type = type,
			      .indirect_offset = (GLintptr)(uintptr_t)indirect };

	if (!vgl_es31_call(ctx))
		return;
	if (!vgl_draw_topology(ctx, mode, &d.topology, &d.line_loop) ||
	    (type != GL_UNSIGNED_BYTE && type != GL_UNSIGNED_SHORT && type != GL_UNSIGNED_INT)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	d.indirect = command_buffer(ctx, indirect, sizeof(struct vgl_elements_indirect));
	if (!d.indirect)
		return;
	if (!ctx->vao->elements) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	if (drawn_from_cpu(ctx, &d))
		elements_from_cpu(ctx, d, index_size(type));
	else
		vgl_draw_checked(ctx, &d);
}

bool vgl_draw_indirect_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	if (!vgl_context_es31(ctx) || pname != GL_DRAW_INDIRECT_BUFFER_BINDING)
		return false;
	*out = ctx->draw_indirect_buffer ? ctx->draw_indirect_buffer->name : 0;
	return true;
}

const struct vgl_proc vgl_draw_indirect_procs[] = {
	VGL_PROC(DrawArraysIndirect), VGL_PROC(DrawElementsIndirect),
	{ NULL, NULL },
};
