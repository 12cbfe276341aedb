/* SPDX-License-Identifier: MIT */
#include "vgl_vertex.h"

#include <stdlib.h>
#include <string.h>

#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_procs.h"

#define STREAM_SIZE (1u << 20)
#define VERTEX VGL_DIRTY_BIT(VGL_DIRTY_VERTEX)

void vgl_vao_init(struct vgl_vao *vao)
{
	memset(vao, 0, sizeof(*vao));
	for (int i = 0; i < VGL_MAX_ATTRIBS; i++) {
		vao->attribs[i].size = 4;
		vao->attribs[i].type = GL_FLOAT;
		vao->attribs[i].binding = (GLuint)i;
		vao->bindings[i].stride = 16;  /* ES 3.1 table 20.3 */
	}
}

void vgl_vao_release(struct vgl_vao *vao)
{
	for (int i = 0; i < VGL_MAX_VERTEX_BINDINGS; i++)
		vgl_buffer_set(&vao->bindings[i].buffer, NULL);
	vgl_buffer_set(&vao->elements, NULL);
}

void vgl_vao_unbind_buffer(struct vgl_vao *vao, struct vgl_buffer *buf)
{
	for (int i = 0; i < VGL_MAX_VERTEX_BINDINGS; i++)
		if (vao->bindings[i].buffer == buf)
			vgl_buffer_set(&vao->bindings[i].buffer, NULL);
	if (vao->elements == buf)
		vgl_buffer_set(&vao->elements, NULL);
}

void vgl_vao_array(const struct vgl_vao *vao, uint32_t loc, struct vgl_array *out)
{
	const struct vgl_attrib *a = &vao->attribs[loc];
	const struct vgl_vertex_binding *b = &vao->bindings[a->binding];

	out->f = a;
	out->buffer = b->buffer;
	/* relative offsets are small (VGL_MAX_RELATIVE_OFFSET): no wrap in practice,
	 * and a wrapped offset fails the draw's range checks */
	out->pointer = (const uint8_t *)(b->offset + a->relative_offset);
	out->stride = (uint32_t)b->stride;
	out->divisor = b->divisor;
}

void vgl_vertex_finish(struct vgl_context *ctx)
{
	vgl_storage_unref(ctx->attribs.storage);
	vgl_storage_unref(ctx->stream.storage);
	ctx->attribs.storage = ctx->stream.storage = NULL;
}

/* ---- formats ------------------------------------------------------------------------- */

static const VkFormat float_formats[4] = { VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_SFLOAT,
					   VK_FORMAT_R32G32B32_SFLOAT,
					   VK_FORMAT_R32G32B32A32_SFLOAT };

/* Formats by type, [normalized or integer-as-is][size - 1]: UNORM/SNORM vs
 * USCALED/SSCALED (converted to float) and UINT/SINT for integer attributes. */
static VkFormat int_format(GLenum type, int size, int mode /* 0 scaled, 1 norm, 2 int */)
{
	static const VkFormat b[3][4] = {
		{ VK_FORMAT_R8_SSCALED, VK_FORMAT_R8G8_SSCALED, VK_FORMAT_R8G8B8_SSCALED, VK_FORMAT_R8G8B8A8_SSCALED },
		{ VK_FORMAT_R8_SNORM, VK_FORMAT_R8G8_SNORM, VK_FORMAT_R8G8B8_SNORM, VK_FORMAT_R8G8B8A8_SNORM },
		{ VK_FORMAT_R8_SINT, VK_FORMAT_R8G8_SINT, VK_FORMAT_R8G8B8_SINT, VK_FORMAT_R8G8B8A8_SINT } };
	static const VkFormat ub[3][4] = {
		{ VK_FORMAT_R8_USCALED, VK_FORMAT_R8G8_USCALED, VK_FORMAT_R8G8B8_USCALED, VK_FORMAT_R8G8B8A8_USCALED },
		{ VK_FORMAT_R8_UNORM, VK_FORMAT_R8G8_UNORM, VK_FORMAT_R8G8B8_UNORM, VK_FORMAT_R8G8B8A8_UNORM },
		{ VK_FORMAT_R8_UINT, VK_FORMAT_R8G8_UINT, VK_FORMAT_R8G8B8_UINT, VK_FORMAT_R8G8B8A8_UINT } };
	static const VkFormat s[3][4] = {
		{ VK_FORMAT_R16_SSCALED, VK_FORMAT_R16G16_SSCALED, VK_FORMAT_R16G16B16_SSCALED, VK_FORMAT_R16G16B16A16_SSCALED },
		{ VK_FORMAT_R16_SNORM, VK_FORMAT_R16G16_SNORM, VK_FORMAT_R16G16B16_SNORM, VK_FORMAT_R16G16B16A16_SNORM },
		{ VK_FORMAT_R16_SINT, VK_FORMAT_R16G16_SINT, VK_FORMAT_R16G16B16_SINT, VK_FORMAT_R16G16B16A16_SINT } };
	static const VkFormat us[3][4] = {
		{ VK_FORMAT_R16_USCALED, VK_FORMAT_R16G16_USCALED, VK_FORMAT_R16G16B16_USCALED, VK_FORMAT_R16G16B16A16_USCALED },
		{ VK_FORMAT_R16_UNORM, VK_FORMAT_R16G16_UNORM, VK_FORMAT_R16G16B16_UNORM, VK_FORMAT_R16G16B16A16_UNORM },
		{ VK_FORMAT_R16_UINT, VK_FORMAT_R16G16_UINT, VK_FORMAT_R16G16B16_UINT, VK_FORMAT_R16G16B16A16_UINT } };
	static const VkFormat i32[4] = { VK_FORMAT_R32_SINT, VK_FORMAT_R32G32_SINT,
					 VK_FORMAT_R32G32B32_SINT, VK_FORMAT_R32G32B32A32_SINT };
	static const VkFormat u32[4] = { VK_FORMAT_R32_UINT, VK_FORMAT_R32G32_UINT,
					 VK_FORMAT_R32G32B32_UINT, VK_FORMAT_R32G32B32A32_UINT };

	static const VkFormat p2101010[2][2] = { /* [unsigned][normalized] */
		{ VK_FORMAT_A2B10G10R10_SSCALED_PACK32, VK_FORMAT_A2B10G10R10_SNORM_PACK32 },
		{ VK_FORMAT_A2B10G10R10_USCALED_PACK32, VK_FORMAT_A2B10G10R10_UNORM_PACK32 } };

	switch (type) {
	case GL_INT_2_10_10_10_REV: return p2101010[0][mode == 1];
	case GL_UNSIGNED_INT_2_10_10_10_REV: return p2101010[1][mode == 1];
	case GL_BYTE: return b[mode][size - 1];
	case GL_UNSIGNED_BYTE: return ub[mode][size - 1];
	case GL_SHORT: return s[mode][size - 1];
	case GL_UNSIGNED_SHORT: return us[mode][size - 1];
	/* as floats, 32-bit integers have no vertex format: the draw path
	 * converts them (vgl_attrib_converted) and reads these floats */
	case GL_INT: return mode == 2 ? i32[size - 1] : float_formats[size - 1];
	case GL_UNSIGNED_INT: return mode == 2 ? u32[size - 1] : float_formats[size - 1];
	}
	return VK_FORMAT_UNDEFINED;
}

VkFormat vgl_attrib_format(const struct vgl_attrib *a)
{
	/* GL_FIXED has no vertex format: the draw path converts it to float */
	if (a->type == GL_FLOAT || a->type == GL_FIXED)
		return float_formats[a->size - 1];
	if (a->type == GL_HALF_FLOAT || a->type == GL_HALF_FLOAT_OES) {
		static const VkFormat h[4] = { VK_FORMAT_R16_SFLOAT, VK_FORMAT_R16G16_SFLOAT,
					       VK_FORMAT_R16G16B16_SFLOAT,
					       VK_FORMAT_R16G16B16A16_SFLOAT };
		return h[a->size - 1];
	}
	return int_format(a->type, a->size, a->integer ? 2 : a->normalized ? 1 : 0);
}

static uint32_t type_size(GLenum type)
{
	switch (type) {
	case GL_BYTE: case GL_UNSIGNED_BYTE: return 1;
	case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_HALF_FLOAT: case GL_HALF_FLOAT_OES: return 2;
	default: return 4;
	}
}

static bool packed_type(GLenum type)
{
	return type == GL_INT_2_10_10_10_REV || type == GL_UNSIGNED_INT_2_10_10_10_REV;
}

uint32_t vgl_attrib_size(const struct vgl_attrib *a)
{
	return packed_type(a->type) ? 4 : type_size(a->type) * (uint32_t)a->size;
}

bool vgl_attrib_converted(const struct vgl_attrib *a)
{
	return a->type == GL_FIXED ||
	       (!a->integer && (a->type == GL_INT || a->type == GL_UNSIGNED_INT));
}

/* ---- pointers ------------------------------------------------------------------------- */

bool vgl_attrib_type_valid(const struct vgl_context *ctx, GLenum type, bool integer)
{
	switch (type) {
	case GL_BYTE: case GL_UNSIGNED_BYTE: case GL_SHORT: case GL_UNSIGNED_SHORT:
		return true;
	case GL_FLOAT: case GL_FIXED:
		return !integer;
	case GL_INT: case GL_UNSIGNED_INT:
		return ctx->major >= 3;
	case GL_HALF_FLOAT:
	case GL_INT_2_10_10_10_REV: case GL_UNSIGNED_INT_2_10_10_10_REV:
		return ctx->major >= 3 && !integer;
	case GL_HALF_FLOAT_OES:   /* a token of its own, in ES 2.0 and 3.0 */
		return vgl_ext_on(ctx, VGL_EXT_OES_vertex_half_float) && !integer;
	}
	return false;
}

GLenum vgl_attrib_format_error(const struct vgl_context *ctx, GLint size, GLenum type,
			       bool integer)
{
	if (size < 1 || size > 4)
		return GL_INVALID_VALUE;
	if (!vgl_attrib_type_valid(ctx, type, integer))
		return GL_INVALID_ENUM;
	/* ES 3.0: packed types come 4 at a time */
	return packed_type(type) && size != 4 ? GL_INVALID_OPERATION : GL_NO_ERROR;
}

void vgl_attrib_set_format(struct vgl_context *ctx, GLuint index, GLint size, GLenum type,
			   bool normalized, bool integer, GLuint relative_offset)
{
	struct vgl_attrib *a = &ctx->vao->attribs[index];

	a->size = size;
	a->type = type;
	a->normalized = normalized;
	a->integer = integer;
	a->relative_offset = relative_offset;
	ctx->dirty |= VERTEX;
}

/* ES 3.1 section 10.3.2: the pointer call is a format, binding `index` for
 * the attribute, and that binding to the array buffer at the pointer. */
static void set_pointer(GLuint index, GLint size, GLenum type, bool normalized, bool integer,
			GLsizei stride, const void *ptr)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_vertex_binding *b;
	GLenum e;

	if (!ctx)
		return;
	/* ES 2.0/3.0 bound no stride; the binding stride limit stands in (ES 3.1's) */
	e = index >= VGL_MAX_ATTRIBS || stride < 0 ||
		(uint32_t)stride > ctx->dev->props.limits.maxVertexInputBindingStride
	    ? GL_INVALID_VALUE : vgl_attrib_format_error(ctx, size, type, integer);
	/* a VAO other than 0 may not take client pointers */
	if (!e && ctx->vao != &ctx->default_vao && !ctx->array_buffer && ptr)
		e = GL_INVALID_OPERATION;
	if (e) {
		vgl_error(ctx, e);
		return;
	}
	vgl_attrib_set_format(ctx, index, size, type, normalized, integer, 0);
	ctx->vao->attribs[index].stride = stride;
	ctx->vao->attribs[index].pointer = ptr;
	ctx->vao->attribs[index].binding = index;
	b = &ctx->vao->bindings[index];
	b->offset = (uintptr_t)ptr;
	b->stride = stride ? stride : (GLsizei)vgl_attrib_size(&ctx->vao->attribs[index]);
	vgl_buffer_set(&b->buffer, ctx->array_buffer);
}

static void GL_APIENTRY vgl_VertexAttribPointer(GLuint index, GLint size, GLenum type,
						GLboolean normalized, GLsizei stride,
						const void *ptr)
{
	set_pointer(index, size, type, normalized != GL_FALSE, false, stride, ptr);
}

static void GL_APIENTRY vgl_VertexAttribIPointer(GLuint index, GLint size, GLenum type,
						 GLsizei stride, const void *ptr)
{
	set_pointer(index, size, type, false, true, stride, ptr);
}

/* The current context, for a call on attribute `index`; NULL without one,
 * and with GL_INVALID_VALUE for an index out of range. */
static struct vgl_context *attrib_query(GLuint index)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx && index >= VGL_MAX_ATTRIBS) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return NULL;
	}
	return ctx;
}

static void enable_array(GLuint index, bool on)
{
	struct vgl_context *ctx = attrib_query(index);

	if (!ctx)
		return;
	ctx->vao->attribs[index].enabled = on;
	ctx->dirty |= VERTEX;
}

static void GL_APIENTRY vgl_EnableVertexAttribArray(GLuint index)
{
	enable_array(index, true);
}

static void GL_APIENTRY vgl_DisableVertexAttribArray(GLuint index)
{
	enable_array(index, false);
}

static void GL_APIENTRY vgl_VertexAttribDivisor(GLuint index, GLuint divisor)
{
	struct vgl_context *ctx = attrib_query(index);

	if (!ctx)
		return;
	/* ES 3.1 section 10.3.2: the attribute's own binding gets the divisor */
	ctx->vao->attribs[index].binding = index;
	ctx->vao->bindings[index].divisor = divisor;
	ctx->dirty |= VERTEX;
}

/* ---- current values --------------------------------------------------------------------- */

/* Stores 4 raw 32-bit values of `type` as the current value of index. */
static void set_current_raw(GLuint index, GLenum type, const void *v4)
{
	struct vgl_context *ctx = attrib_query(index);

	if (!ctx)
		return;
	memcpy(ctx->attribs.v[index], v4, 16);
	/* the values are vertex input too: the draw path uploads them */
	ctx->dirty |= VERTEX;
	ctx->attribs.type[index] = type;
	ctx->attribs.dirty = true;
}

static void set_current(GLuint index, GLfloat x, GLfloat y, GLfloat z, GLfloat w)
{
	set_current_raw(index, GL_FLOAT, (const GLfloat[4]){ x, y, z, w });
}

static void GL_APIENTRY vgl_VertexAttribI4i(GLuint i, GLint x, GLint y, GLint z, GLint w)
{
	set_current_raw(i, GL_INT, (const GLint[4]){ x, y, z, w });
}

static void GL_APIENTRY vgl_VertexAttribI4ui(GLuint i, GLuint x, GLuint y, GLuint z, GLuint w)
{
	set_current_raw(i, GL_UNSIGNED_INT, (const GLuint[4]){ x, y, z, w });
}

static void GL_APIENTRY vgl_VertexAttribI4iv(GLuint i, const GLint *v)
{
	set_current_raw(i, GL_INT, v);
}

static void GL_APIENTRY vgl_VertexAttribI4uiv(GLuint i, const GLuint *v)
{
	set_current_raw(i, GL_UNSIGNED_INT, v);
}

VkFormat vgl_current_attrib_format(const struct vgl_context *ctx, uint32_t loc)
{
	switch (ctx->attribs.type[loc]) {
	case GL_INT: return VK_FORMAT_R32G32B32A32_SINT;
	case GL_UNSIGNED_INT: return VK_FORMAT_R32G32B32A32_UINT;
	default: return VK_FORMAT_R32G32B32A32_SFLOAT;
	}
}

static void GL_APIENTRY vgl_VertexAttrib1f(GLuint i, GLfloat x) { set_current(i, x, 0, 0, 1); }
static void GL_APIENTRY vgl_VertexAttrib2f(GLuint i, GLfloat x, GLfloat y) { set_current(i, x, y, 0, 1); }
static void GL_APIENTRY vgl_VertexAttrib3f(GLuint i, GLfloat x, GLfloat y, GLfloat z) { set_current(i, x, y, z, 1); }
static void GL_APIENTRY vgl_VertexAttrib4f(GLuint i, GLfloat x, GLfloat y, GLfloat z, GLfloat w) { set_current(i, x, y, z, w); }
static void GL_APIENTRY vgl_VertexAttrib1fv(GLuint i, const GLfloat *v) { set_current(i, v[0], 0, 0, 1); }
static void GL_APIENTRY vgl_VertexAttrib2fv(GLuint i, const GLfloat *v) { set_current(i, v[0], v[1], 0, 1); }
static void GL_APIENTRY vgl_VertexAttrib3fv(GLuint i, const GLfloat *v) { set_current(i, v[0], v[1], v[2], 1); }
static void GL_APIENTRY vgl_VertexAttrib4fv(GLuint i, const GLfloat *v) { set_current(i, v[0], v[1], v[2], v[3]); }

VkBuffer vgl_current_attribs_buffer(struct vgl_context *ctx)
{
	struct vgl_current_attribs *a = &ctx->attribs;
	VkCommandBuffer cmd = vgl_batch_cmd(ctx);

	if (!cmd)
		return VK_NULL_HANDLE;
	if (!a->storage) {
		a->storage = vgl_storage_create(ctx->dev, sizeof(a->v), false);
		if (!a->storage) {
			vgl_error(ctx, GL_OUT_OF_MEMORY);
			return VK_NULL_HANDLE;
		}
		a->dirty = true;
	}
	/* draws already recorded keep the old values */
	if (a->dirty && !vgl_stream_update(ctx, a->storage->buf, 0, a->v, sizeof(a->v)))
		return VK_NULL_HANDLE;
	a->dirty = false;
	vgl_batch_use(ctx, &a->storage->obj);
	return a->storage->buf;
}

/* More than the stream holds: a storage of its own, kept by the batch only. */
static VkBuffer oversized_upload(struct vgl_context *ctx, VkCommandBuffer cmd, const void *data,
				 VkDeviceSize size, VkDeviceSize *offset)
{
	struct vgl_storage *s = vgl_storage_create(ctx->dev, size, false);
	VkBuffer buf;

	if (!s) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return VK_NULL_HANDLE;
	}
	vvk_CmdUpdateBuffer(cmd, s->buf, 0, size, data);
	vgl_batch_use(ctx, &s->obj);
	buf = s->buf;
	vgl_storage_unref(s);
	*offset = 0;
	return buf;
}

VkBuffer vgl_stream_upload(struct vgl_context *ctx, const void *data, VkDeviceSize size,
			   VkDeviceSize *offset)
{
	struct vgl_stream *s = &ctx->stream;
	VkCommandBuffer cmd = vgl_batch_cmd(ctx);
	VkDeviceSize aligned = (size + 15) & ~(VkDeviceSize)15;

	if (!cmd || size == 0)
		return VK_NULL_HANDLE;
	if (size > STREAM_SIZE)
		return oversized_upload(ctx, cmd, data, size, offset);
	if (!s->storage || s->used + aligned > STREAM_SIZE) {
		/* batches that used the old one keep it alive */
		vgl_storage_unref(s->storage);
		s->storage = vgl_storage_create(ctx->dev, STREAM_SIZE, false);
		s->used = 0;
		if (!s->storage)
			return VK_NULL_HANDLE;
	}
	*offset = s->used;
	vvk_CmdUpdateBuffer(cmd, s->storage->buf, s->used, size, data);
	s->used += aligned;
	vgl_batch_use(ctx, &s->storage->obj);
	return s->storage->buf;
}

/* ---- queries -------------------------------------------------------------------------------- */

static bool attrib_param(struct vgl_context *ctx, GLuint index, GLenum pname, GLint *out)
{
	const struct vgl_attrib *a = &ctx->vao->attribs[index];
	const struct vgl_vertex_binding *b = &ctx->vao->bindings[a->binding];

	switch (pname) {
	case GL_VERTEX_ATTRIB_ARRAY_ENABLED: *out = a->enabled; return true;
	case GL_VERTEX_ATTRIB_ARRAY_SIZE: *out = a->size; return true;
	case GL_VERTEX_ATTRIB_ARRAY_STRIDE: *out = a->stride; return true;
	case GL_VERTEX_ATTRIB_ARRAY_TYPE: *out = (GLint)a->type; return true;
	case GL_VERTEX_ATTRIB_ARRAY_NORMALIZED: *out = a->normalized; return true;
	case GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING: *out = b->buffer ? (GLint)b->buffer->name : 0;
		return true;
	}
	if (ctx->major < 3)
		return false;
	switch (pname) {
	case GL_VERTEX_ATTRIB_ARRAY_INTEGER: *out = a->integer; return true;
	case GL_VERTEX_ATTRIB_ARRAY_DIVISOR: *out = (GLint)b->divisor; return true;
	}
	if (!vgl_context_es31(ctx))
		return false;
	switch (pname) {
	case GL_VERTEX_ATTRIB_BINDING: *out = (GLint)a->binding; return true;
	case GL_VERTEX_ATTRIB_RELATIVE_OFFSET: *out = (GLint)a->relative_offset; return true;
	}
	return false;
}

static void GL_APIENTRY vgl_GetVertexAttribfv(GLuint index, GLenum pname, GLfloat *params)
{
	struct vgl_context *ctx = attrib_query(index);
	GLint v;

	if (!ctx)
		return;
	if (pname == GL_CURRENT_VERTEX_ATTRIB) {
		memcpy(params, ctx->attribs.v[index], 4 * sizeof(GLfloat));
		return;
	}
	if (!attrib_param(ctx, index, pname, &v))
		vgl_error(ctx, GL_INVALID_ENUM);
	else
		*params = (GLfloat)v;
}

static void GL_APIENTRY vgl_GetVertexAttribiv(GLuint index, GLenum pname, GLint *params)
{
	struct vgl_context *ctx = attrib_query(index);

	if (!ctx)
		return;
	if (pname == GL_CURRENT_VERTEX_ATTRIB) {
		for (int i = 0; i < 4; i++)
			params[i] = (GLint)ctx->attribs.v[index][i];
		return;
	}
	if (!attrib_param(ctx, index, pname, params))
		vgl_error(ctx, GL_INVALID_ENUM);
}

static void get_attrib_int(GLuint index, GLenum pname, GLint *params)
{
	struct vgl_context *ctx = attrib_query(index);

	if (!ctx)
		return;
	if (pname == GL_CURRENT_VERTEX_ATTRIB) {
		memcpy(params, ctx->attribs.v[index], 16);  /* the values as set: I-variants */
		return;
	}
	if (!attrib_param(ctx, index, pname, params))
		vgl_error(ctx, GL_INVALID_ENUM);
}

static void GL_APIENTRY vgl_GetVertexAttribIiv(GLuint index, GLenum pname, GLint *params)
{
	get_attrib_int(index, pname, params);
}

static void GL_APIENTRY vgl_GetVertexAttribIuiv(GLuint index, GLenum pname, GLuint *params)
{
	get_attrib_int(index, pname, (GLint *)params);
}

static void GL_APIENTRY vgl_GetVertexAttribPointerv(GLuint index, GLenum pname, void **pointer)
{
	struct vgl_context *ctx = attrib_query(index);

	if (!ctx)
		return;
	if (pname != GL_VERTEX_ATTRIB_ARRAY_POINTER)
		vgl_error(ctx, GL_INVALID_ENUM);
	else
		*pointer = (void *)ctx->vao->attribs[index].pointer;
}

/* ---- vertex array objects (per context, not shared) ------------------------------------- */

static struct vgl_names *vao_space(struct vgl_context *ctx, pthread_mutex_t **lock)
{
	*lock = NULL;
	return &ctx->vaos;
}

static void vao_gone(struct vgl_context *ctx, void *obj);

const struct vgl_name_ops vgl_vao_names = { .space = vao_space, .gone = vao_gone };

static void GL_APIENTRY vgl_GenVertexArrays(GLsizei n, GLuint *arrays)
{
	vgl_names_gen_gl(&vgl_vao_names, n, arrays);
}

static void GL_APIENTRY vgl_BindVertexArray(GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_vao *vao;

	if (!ctx)
		return;
	if (name && !vgl_names_is_gen(&ctx->vaos, name)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	vao = name ? vgl_names_get(&ctx->vaos, name) : &ctx->default_vao;
	if (!vao) {
		vao = malloc(sizeof(*vao));
		if (!vao) {
			vgl_error(ctx, GL_OUT_OF_MEMORY);
			return;
		}
		vgl_vao_init(vao);
		vao->name = name;
		vgl_names_set(&ctx->vaos, name, vao);
	}
	vao->bound_once = true;
	ctx->vao = vao;
	ctx->dirty |= VERTEX;
}

/* Its name is gone already; binding 0 does not look names up. */
static void vao_gone(struct vgl_context *ctx, void *obj)
{
	struct vgl_vao *vao = obj;

	if (vao == ctx->vao)
		vgl_BindVertexArray(0);
	vgl_vao_release(vao);
	free(vao);
}

static void GL_APIENTRY vgl_DeleteVertexArrays(GLsizei n, const GLuint *arrays)
{
	vgl_names_delete_gl(&vgl_vao_names, n, arrays);
}

static GLboolean GL_APIENTRY vgl_IsVertexArray(GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_vao *vao;

	if (!ctx)
		return GL_FALSE;
	vao = vgl_names_get(&ctx->vaos, name);
	return vao && vao->bound_once ? GL_TRUE : GL_FALSE;
}

const struct vgl_proc vgl_vertex_procs[] = {
	VGL_PROC(VertexAttribPointer), VGL_PROC(VertexAttribIPointer),
	VGL_PROC(EnableVertexAttribArray), VGL_PROC(DisableVertexAttribArray),
	VGL_PROC(VertexAttribDivisor),
	VGL_PROC(VertexAttrib1f), VGL_PROC(VertexAttrib2f), VGL_PROC(VertexAttrib3f),
	VGL_PROC(VertexAttrib4f), VGL_PROC(VertexAttrib1fv), VGL_PROC(VertexAttrib2fv),
	VGL_PROC(VertexAttrib3fv), VGL_PROC(VertexAttrib4fv),
	VGL_PROC(VertexAttribI4i), VGL_PROC(VertexAttribI4ui), VGL_PROC(VertexAttribI4iv),
	VGL_PROC(VertexAttribI4uiv), VGL_PROC(GetVertexAttribIiv), VGL_PROC(GetVertexAttribIuiv),
	VGL_PROC(GetVertexAttribfv), VGL_PROC(GetVertexAttribiv), VGL_PROC(GetVertexAttribPointerv),
	VGL_PROC(GenVertexArrays), VGL_PROC(BindVertexArray), VGL_PROC(DeleteVertexArrays),
	VGL_PROC(IsVertexArray),
	/* GL_OES_vertex_array_object: the same functions */
	{ "glGenVertexArraysOES", (void *)vgl_GenVertexArrays },
	{ "glBindVertexArrayOES", (void *)vgl_BindVertexArray },
	{ "glDeleteVertexArraysOES", (void *)vgl_DeleteVertexArrays },
	{ "glIsVertexArrayOES", (void *)vgl_IsVertexArray },
	{ NULL, NULL },
};

bool vgl_stream_update(struct vgl_context *ctx, VkBuffer dst, VkDeviceSize offset,
		       const void *data, VkDeviceSize size)
{
	VkDeviceSize from = 0;
	VkBuffer src = vgl_stream_upload(ctx, data, size, &from);

	if (src == VK_NULL_HANDLE)
		return false;
	vvk_CmdCopyBuffer(vgl_batch_cmd(ctx), src, dst, 1,
			  &(VkBufferCopy){ .srcOffset = from, .dstOffset = offset, .size = size });
	return true;
}
