/* SPDX-License-Identifier: MIT */
/* Transform feedback objects and their entry points (vgl_xfb.h). */
#include "vgl_xfb.h"

#include <stdlib.h>
#include <string.h>

#include "glsl_link.h"
#include "vgl_batch.h"
#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_extensions.h"
#include "vgl_device.h"
#include "vgl_names.h"
#include "vgl_procs.h"
#include "vgl_program.h"

/* A range being captured into: its storage is referenced while active. */
struct xfb_range {
	struct vgl_storage *storage;
	uint32_t offset, size;
};

struct xfb_object {
	struct vgl_device *dev;
	GLuint name;
	bool bound_once;
	struct vgl_ubo_binding bind[VGL_MAX_XFB_BUFFERS];
	bool active, paused;
	GLenum mode;
	struct vgl_program *program;   /* referenced while active */
	struct vgl_linked *linked;     /* the link captured with, referenced */
	struct xfb_range range[VGL_MAX_XFB_BUFFERS];
	uint32_t nr_ranges;
	uint64_t room;                 /* vertices the ranges still hold */
	VkBuffer counters[VGL_MAX_XFB_BUFFERS]; /* name the paused vk capture */
	bool captured;                 /* vk/ holds a capture to resume */
	bool recording;                /* begun in the recording batch */
};

struct vgl_xfb_state {
	struct vgl_names names;
	struct xfb_object def, *bound;
};

/* ---- state -------------------------------------------------------------------------- */

static struct vgl_xfb_state *state(struct vgl_context *ctx)
{
	if (!ctx->xfb) {
		ctx->xfb = calloc(1, sizeof(*ctx->xfb));
		if (!ctx->xfb) {
			vgl_error(ctx, GL_OUT_OF_MEMORY);
			return NULL;
		}
		ctx->xfb->bound = &ctx->xfb->def;
		ctx->xfb->def.dev = ctx->dev;
	}
	return ctx->xfb;
}

static struct xfb_object *bound(const struct vgl_context *ctx)
{
	return ctx->xfb ? ctx->xfb->bound : NULL;
}

static bool capturing(const struct vgl_context *ctx)
{
	const struct xfb_object *x = bound(ctx);

	return x && x->active && !x->paused;
}

bool vgl_xfb_blocks_use_program(const struct vgl_context *ctx)
{
	return capturing(ctx);
}

bool vgl_xfb_uses_program(const struct vgl_context *ctx, const struct vgl_program *p)
{
	const struct xfb_object *x = bound(ctx);

	return x && x->active && x->program == p;
}

/* ---- vk/ captures ------------------------------------------------------------------- */

static bool make_counters(struct vgl_context *ctx, struct xfb_object *x)
{
	VkBufferCreateInfo ci = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = 4,
				  .usage = VK_BUFFER_USAGE_TRANSFORM_FEEDBACK_COUNTER_BUFFER_BIT_EXT };

	for (uint32_t i = 0; i < VGL_MAX_XFB_BUFFERS; i++)
		if (!x->counters[i] &&
		    vvk_CreateBuffer(ctx->dev->dev, &ci, NULL, &x->counters[i]) != VK_SUCCESS)
			return false;
	return true;
}

/* Binds the ranges and begins, resuming when vk/ holds a capture. */
static void vk_begin(struct vgl_context *ctx, struct xfb_object *x, VkCommandBuffer cmd)
{
	VkBuffer bufs[VGL_MAX_XFB_BUFFERS];
	VkDeviceSize offs[VGL_MAX_XFB_BUFFERS], sizes[VGL_MAX_XFB_BUFFERS];

	for (uint32_t i = 0; i < x->nr_ranges; i++) {
		struct xfb_range *r = &x->range[i];

		bufs[i] = r->storage->buf;
		offs[i] = r->offset;
		sizes[i] = r->size;
		vgl_batch_use(ctx, &r->storage->obj);
		vgl_storage_gpu_writes(r->storage, r->offset, r->size);
	}
	vvk_CmdBindTransformFeedbackBuffersEXT(cmd, 0, x->nr_ranges, bufs, offs, sizes);
	vvk_CmdBeginTransformFeedbackEXT(cmd, 0, x->captured ? x->nr_ranges : 0,
					 x->captured ? x->counters : NULL, NULL);
	x->captured = true;
	x->recording = true;
}

/* Ends the vk capture in the recording batch: to resume, or for good. */
static void vk_end(struct vgl_context *ctx, struct xfb_object *x, bool resumable)
{
	vvk_CmdEndTransformFeedbackEXT(ctx->batch.cmd, 0, resumable ? x->nr_ranges : 0,
				       resumable ? x->counters : NULL, NULL);
	x->recording = false;
	x->captured = resumable;
}

void vgl_xfb_before_draw(struct vgl_context *ctx, VkCommandBuffer cmd)
{
	struct xfb_object *x = bound(ctx);

	if (x && x->active && !x->paused && !x->recording)
		vk_begin(ctx, x, cmd);
}

void vgl_xfb_suspend(struct vgl_context *ctx)
{
	struct xfb_object *x = bound(ctx);

	if (x && x->recording)
		vk_end(ctx, x, true);
}

/* The host's capture ends: in this batch, resumed just to be ended when it
 * was paused in an earlier one. */
static void finish_capture(struct vgl_context *ctx, struct xfb_object *x)
{
	VkCommandBuffer cmd;

	if (!x->recording && x->captured) {
		cmd = vgl_batch_cmd(ctx);
		if (!cmd)
			return;
		vk_begin(ctx, x, cmd);
	}
	if (x->recording)
		vk_end(ctx, x, false);
}

/* ---- draws --------------------------------------------------------------------------- */

/* The primitive a mode's primitives are recorded as (GL_NONE: none). */
static GLenum base_mode(GLenum mode)
{
	switch (mode) {
	case GL_POINTS: return GL_POINTS;
	case GL_LINES: case GL_LINE_STRIP: case GL_LINE_LOOP: return GL_LINES;
	case GL_TRIANGLES: case GL_TRIANGLE_STRIP: case GL_TRIANGLE_FAN: return GL_TRIANGLES;
	default: return GL_NONE;
	}
}

/* Vertices a draw of `count` records in `mode` (whole primitives). */
static uint64_t vertices_recorded(GLenum mode, GLsizei count, GLsizei instances)
{
	uint64_t c = (uint32_t)count, prims;

	switch (mode) {
	case GL_LINE_STRIP: prims = c >= 2 ? c - 1 : 0; break;
	case GL_LINE_LOOP: prims = c >= 2 ? c : 0; break;
	case GL_TRIANGLE_STRIP: case GL_TRIANGLE_FAN: prims = c >= 3 ? c - 2 : 0; break;
	case GL_LINES: prims = c / 2; break;
	case GL_TRIANGLES: prims = c / 3; break;
	default: prims = c; break;
	}
	return prims * (base_mode(mode) == GL_TRIANGLES ? 3 : base_mode(mode) == GL_LINES ? 2 : 1) *
	       (uint32_t)instances;
}

/* The mode a draw records: the current program's geometry shader's
 * output where it has one, else the draw's own. */
static GLenum recorded_mode(const struct vgl_context *ctx, GLenum mode)
{
	const struct vgl_linked *l = ctx->program ? ctx->program->linked : NULL;

	if (l)
		vgl_linked_recorded_mode(l, &mode);
	return mode;
}

/* ES 3.0 §2.15.2: the capture's own mode, no indices, no overflow.
 * EXT_geometry_shader (ES 3.2 §12.1) relaxes it: any mode recorded as the
 * capture's primitive, indexed draws too, and a draw past the buffers'
 * end is no error (the host records what fits); EXT_tessellation_shader
 * likewise. */
bool vgl_xfb_draw_ok(struct vgl_context *ctx, GLenum mode, bool indexed, GLsizei count,
		     GLsizei instances)
{
	struct xfb_object *x;
	bool relaxed;
	uint64_t n;

	/* patches record what the evaluation shader makes, which is not
	 * checked against the capture's mode (a missing INVALID_OPERATION);
	 * a geometry shader's output is */
	if (!capturing(ctx) || (mode = recorded_mode(ctx, mode)) == GL_PATCHES_EXT)
		return true;
	x = bound(ctx);
	relaxed = vgl_ext_on(ctx, VGL_EXT_EXT_geometry_shader) ||
		  vgl_ext_on(ctx, VGL_EXT_EXT_tessellation_shader);
	n = vertices_recorded(mode, count, instances);
	if (relaxed ? base_mode(mode) != x->mode : indexed || mode != x->mode || n > x->room) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	x->room = n < x->room ? x->room - n : 0;
	return true;
}

/* ---- begin and end ----------------------------------------------------------------------- */

/* The bytes binding b offers now: its range clipped to the buffer's store. */
static uint32_t binding_bytes(const struct vgl_ubo_binding *b)
{
	GLsizeiptr store = b->buffer->storage ? b->buffer->size : 0;
	GLsizeiptr avail = b->offset < store ? store - b->offset : 0;

	return (uint32_t)(b->size && b->size < avail ? b->size : avail);
}

/* The ranges of the bindings the program writes; false: one has no buffer. */
static bool take_ranges(struct xfb_object *x, const struct vgl_linked_xfb *lx)
{
	x->room = UINT64_MAX;
	for (uint32_t i = 0; i < lx->nr_buffers; i++)
		if (!x->bind[i].buffer)
			return false;
	for (uint32_t i = 0; i < lx->nr_buffers; i++) {
		const struct vgl_ubo_binding *b = &x->bind[i];
		uint32_t bytes = binding_bytes(b);

		x->range[i] = (struct xfb_range){ b->buffer->storage, (uint32_t)b->offset, bytes };
		if (x->range[i].storage)
			vgl_object_ref(&x->range[i].storage->obj);
		if (lx->strides[i] && bytes / lx->strides[i] < x->room)
			x->room = bytes / lx->strides[i];
	}
	x->nr_ranges = lx->nr_buffers;
	return true;
}

static void release_capture(struct xfb_object *x)
{
	for (uint32_t i = 0; i < x->nr_ranges; i++)
		vgl_storage_unref(x->range[i].storage);
	x->nr_ranges = 0;
	vgl_linked_unref(x->linked);
	vgl_program_unref(x->program);
	x->linked = NULL;
	x->program = NULL;
	x->active = x->paused = false;
}

static bool primitive_mode_ok(GLenum mode)
{
	return mode == GL_POINTS || mode == GL_LINES || mode == GL_TRIANGLES;
}

static void GL_APIENTRY vgl_BeginTransformFeedback(GLenum primitiveMode)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_xfb_state *s = ctx ? state(ctx) : NULL;
	struct vgl_linked *l;
	struct xfb_object *x;

	if (!s)
		return;
	x = s->bound;
	if (!primitive_mode_ok(primitiveMode)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	l = ctx->program ? ctx->program->linked : NULL;
	if (x->active || !l || !l->xfb.nr_varyings || !take_ranges(x, &l->xfb)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	if (!make_counters(ctx, x)) {
		release_capture(x);
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	vgl_object_ref(&ctx->program->obj);
	vgl_object_ref(&l->obj);
	x->program = ctx->program;
	x->linked = l;
	x->mode = primitiveMode;
	x->active = true;
	x->paused = x->captured = x->recording = false;
}

static void GL_APIENTRY vgl_EndTransformFeedback(void)
{
	struct vgl_context *ctx = vgl_current_context();
	struct xfb_object *x = ctx ? bound(ctx) : NULL;

	if (!ctx)
		return;
	if (!x || !x->active) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	finish_capture(ctx, x);
	release_capture(x);
}

static void GL_APIENTRY vgl_PauseTransformFeedback(void)
{
	struct vgl_context *ctx = vgl_current_context();
	struct xfb_object *x = ctx ? bound(ctx) : NULL;

	if (!ctx)
		return;
	if (!x || !x->active || x->paused) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	if (x->recording)
		vk_end(ctx, x, true);
	x->paused = true;
}

static void GL_APIENTRY vgl_ResumeTransformFeedback(void)
{
	struct vgl_context *ctx = vgl_current_context();
	struct xfb_object *x = ctx ? bound(ctx) : NULL;

	if (!ctx)
		return;
	if (!x || !x->active || !x->paused || ctx->program != x->program ||
	    ctx->program->linked != x->linked) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	x->paused = false;
}

/* ---- buffer bindings ------------------------------------------------------------------ */

static void set_binding(struct vgl_ubo_binding *b, struct vgl_buffer *buf, GLintptr offset,
			GLsizeiptr size)
{
	vgl_buffer_set(&b->buffer, buf);
	b->offset = offset;
	b->size = size;
}

void vgl_xfb_bind_buffer(struct vgl_context *ctx, GLuint index, struct vgl_buffer *b,
			 GLintptr offset, GLsizeiptr size, bool whole)
{
	struct vgl_xfb_state *s = state(ctx);

	if (!s)
		return;
	if (index >= ctx->dev->max_xfb_buffers ||
	    (!whole && b && (size <= 0 || offset < 0 || offset % 4 || size % 4))) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	if (s->bound->active) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	vgl_buffer_set(&ctx->xfb_buffer, b);
	set_binding(&s->bound->bind[index], b, whole ? 0 : offset, whole ? 0 : size);
}

void vgl_xfb_unbind_buffer(struct vgl_context *ctx, struct vgl_buffer *b)
{
	struct xfb_object *x = bound(ctx);

	for (uint32_t i = 0; x && i < VGL_MAX_XFB_BUFFERS; i++)
		if (x->bind[i].buffer == b)
			set_binding(&x->bind[i], NULL, 0, 0);
}

/* ---- names --------------------------------------------------------------------------------- */

static struct vgl_names *xfb_space(struct vgl_context *ctx, pthread_mutex_t **lock)
{
	struct vgl_xfb_state *s = state(ctx);

	*lock = NULL;
	return s ? &s->names : NULL;
}

static void object_free(struct xfb_object *x)
{
	release_capture(x);
	for (uint32_t i = 0; i < VGL_MAX_XFB_BUFFERS; i++) {
		vgl_buffer_unref(x->bind[i].buffer);
		vvk_DestroyBuffer(x->dev->dev, x->counters[i], NULL);
	}
}

static void xfb_gone(struct vgl_context *ctx, void *obj)
{
	struct xfb_object *x = obj;

	if (ctx->xfb->bound == x)
		ctx->xfb->bound = &ctx->xfb->def;
	object_free(x);
	free(x);
}

const struct vgl_name_ops vgl_xfb_names = { .space = xfb_space, .gone = xfb_gone };

static void GL_APIENTRY vgl_GenTransformFeedbacks(GLsizei n, GLuint *ids)
{
	vgl_names_gen_gl(&vgl_xfb_names, n, ids);
}

/* ES 3.0: deleting an active object is an INVALID_OPERATION (nothing is deleted). */
static bool any_active(struct vgl_xfb_state *s, GLsizei n, const GLuint *ids)
{
	for (GLsizei i = 0; i < n; i++) {
		const struct xfb_object *x = ids[i] ? vgl_names_get(&s->names, ids[i]) : NULL;

		if (x && x->active)
			return true;
	}
	return false;
}

static void GL_APIENTRY vgl_DeleteTransformFeedbacks(GLsizei n, const GLuint *ids)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_xfb_state *s = ctx ? state(ctx) : NULL;

	if (!s)
		return;
	if (n > 0 && ids && any_active(s, n, ids)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	vgl_names_delete_gl(&vgl_xfb_names, n, ids);
}

static GLboolean GL_APIENTRY vgl_IsTransformFeedback(GLuint id)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct xfb_object *x = ctx && ctx->xfb && id ? vgl_names_get(&ctx->xfb->names, id)
							    : NULL;

	return x && x->bound_once ? GL_TRUE : GL_FALSE;
}

static struct xfb_object *object_of(struct vgl_context *ctx, struct vgl_xfb_state *s, GLuint id)
{
	struct xfb_object *x = id ? vgl_names_get(&s->names, id) : &s->def;

	if (x)
		return x;
	x = calloc(1, sizeof(*x));
	if (!x || !vgl_names_set(&s->names, id, x)) {
		free(x);
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return NULL;
	}
	x->name = id;
	x->dev = ctx->dev;
	return x;
}

static void GL_APIENTRY vgl_BindTransformFeedback(GLenum target, GLuint id)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_xfb_state *s = ctx ? state(ctx) : NULL;
	struct xfb_object *x;

	if (!s)
		return;
	if (target != GL_TRANSFORM_FEEDBACK) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (capturing(ctx) || (id && !vgl_names_is_gen(&s->names, id))) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	x = object_of(ctx, s, id);
	if (!x)
		return;
	x->bound_once = true;
	s->bound = x;
}

/* ---- queries -------------------------------------------------------------------------------- */

bool vgl_xfb_get_integer(struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	const struct xfb_object *x = bound(ctx);

	switch (pname) {
	case GL_TRANSFORM_FEEDBACK_BINDING: *out = x ? x->name : 0; return true;
	case GL_TRANSFORM_FEEDBACK_ACTIVE: *out = x && x->active; return true;
	case GL_TRANSFORM_FEEDBACK_PAUSED: *out = x && x->paused; return true;
	case GL_TRANSFORM_FEEDBACK_BUFFER_BINDING:
		*out = ctx->xfb_buffer ? ctx->xfb_buffer->name : 0;
		return true;
	case GL_MAX_TRANSFORM_FEEDBACK_INTERLEAVED_COMPONENTS:
		*out = GLSL_LINK_DEFAULT_XFB_INTERLEAVED;
		return true;
	case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_ATTRIBS: *out = ctx->dev->max_xfb_buffers; return true;
	case GL_MAX_TRANSFORM_FEEDBACK_SEPARATE_COMPONENTS:
		*out = GLSL_LINK_DEFAULT_XFB_SEPARATE_COMPONENTS;
		return true;
	}
	return false;
}

bool vgl_xfb_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index, GLint64 *out)
{
	const struct xfb_object *x = bound(ctx);
	const struct vgl_ubo_binding *b;

	if (index >= ctx->dev->max_xfb_buffers) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return false;
	}
	b = x ? &x->bind[index] : NULL;
	*out = !b ? 0
	     : target == GL_TRANSFORM_FEEDBACK_BUFFER_BINDING ? (b->buffer ? b->buffer->name : 0)
	     : target == GL_TRANSFORM_FEEDBACK_BUFFER_START ? b->offset : b->size;
	return true;
}

static void drop_object(void *obj)
{
	object_free(obj);
	free(obj);
}

void vgl_xfb_state_destroy(struct vgl_context *ctx)
{
	struct vgl_xfb_state *s = ctx->xfb;

	if (!s)
		return;
	object_free(&s->def);
	vgl_names_drain(&s->names, drop_object);
	free(s);
	ctx->xfb = NULL;
}

const struct vgl_proc vgl_xfb_procs[] = {
	VGL_PROC(GenTransformFeedbacks), VGL_PROC(DeleteTransformFeedbacks),
	VGL_PROC(IsTransformFeedback), VGL_PROC(BindTransformFeedback),
	VGL_PROC(BeginTransformFeedback), VGL_PROC(EndTransformFeedback),
	VGL_PROC(PauseTransformFeedback), VGL_PROC(ResumeTransformFeedback),
	{ NULL, NULL },
};
