/* SPDX-License-Identifier: MIT */
/*
 * Vertex attributes and vertex array objects. A VAO holds, as ES 3.1 section
 * 10.3 has it, attribute formats (size, type, relative offset) and vertex
 * buffer bindings (buffer, offset, stride, divisor); each attribute reads one
 * binding. glVertexAttribPointer sets attribute i's format and makes it read
 * binding i, bound to the array buffer at the pointer. Attribute location L
 * of the program is vertex binding L and vertex attribute L of the pipeline,
 * fed by L's GL binding at offset + relative offset (vgl_vao_array). An
 * enabled array reads its buffer (or client memory, streamed into the
 * context's stream buffer); a disabled one reads its current value
 * (glVertexAttrib*) from a small per-context buffer with stride 0.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

#include "vvk.h"

#define VGL_MAX_ATTRIBS 16

struct vgl_buffer;
struct vgl_storage;
struct vgl_context;

#define VGL_MAX_VERTEX_BINDINGS VGL_MAX_ATTRIBS
#define VGL_MAX_RELATIVE_OFFSET 2047  /* ES 3.1's minimum, vk/'s attribute offset limit */

/* An attribute's format and the binding it reads. */
struct vgl_attrib {
	bool enabled, normalized, integer;
	GLint size;
	GLenum type;
	GLsizei stride;          /* glVertexAttribPointer's, as given (0: packed) */
	const void *pointer;     /* glVertexAttribPointer's, as given */
	GLuint relative_offset;  /* bytes after the binding's offset */
	GLuint binding;          /* < VGL_MAX_VERTEX_BINDINGS */
};

/* A vertex buffer binding point. */
struct vgl_vertex_binding {
	struct vgl_buffer *buffer; /* referenced; NULL: client memory */
	uintptr_t offset;        /* into buffer, or the client address */
	GLsizei stride;          /* the one used: never 0 for "packed" */
	GLuint divisor;
};

/* What a draw reads for one attribute: its format through its binding. */
struct vgl_array {
	const struct vgl_attrib *f;
	struct vgl_buffer *buffer;
	const uint8_t *pointer;  /* binding offset + relative offset, or client memory */
	uint32_t stride;
	GLuint divisor;
};

struct vgl_vao {
	struct vgl_attrib attribs[VGL_MAX_ATTRIBS];
	struct vgl_vertex_binding bindings[VGL_MAX_VERTEX_BINDINGS];
	struct vgl_buffer *elements; /* referenced */
	GLuint name;                 /* 0: the default VAO */
	bool bound_once;
};

struct vgl_current_attribs {
	GLfloat v[VGL_MAX_ATTRIBS][4];     /* raw 32-bit values: floats or integers */
	GLenum type[VGL_MAX_ATTRIBS];      /* GL_FLOAT, GL_INT, GL_UNSIGNED_INT (last set) */
	struct vgl_storage *storage;
	bool dirty;
};

/* Client data streamed into a device buffer in the command stream. */
struct vgl_stream {
	struct vgl_storage *storage;
	VkDeviceSize used;
};

void vgl_vao_init(struct vgl_vao *vao);
/* Attribute loc of vao as the draw reads it. */
void vgl_vao_array(const struct vgl_vao *vao, uint32_t loc, struct vgl_array *out);
/* Whether an attribute type is valid for glVertexAttrib(I)Pointer/Format
 * in ctx (integer: the I variants). */
bool vgl_attrib_type_valid(const struct vgl_context *ctx, GLenum type, bool integer);
/* The GL error of a size and type pair (packed types come 4 at a time),
 * GL_NO_ERROR if valid. */
GLenum vgl_attrib_format_error(const struct vgl_context *ctx, GLint size, GLenum type,
			       bool integer);
/* Sets attribute index's format (checked by the caller). */
void vgl_attrib_set_format(struct vgl_context *ctx, GLuint index, GLint size, GLenum type,
			   bool normalized, bool integer, GLuint relative_offset);
/* Drops the buffer references of a VAO. */
void vgl_vao_release(struct vgl_vao *vao);
/* A buffer being deleted: unbinds it from the VAO (GL's rule for the bound VAO). */
void vgl_vao_unbind_buffer(struct vgl_vao *vao, struct vgl_buffer *buf);
void vgl_vertex_finish(struct vgl_context *ctx);
/* VkFormat of an attribute array; VK_FORMAT_UNDEFINED if unsupported. */
VkFormat vgl_attrib_format(const struct vgl_attrib *a);
uint32_t vgl_attrib_size(const struct vgl_attrib *a);
/* Whether the host cannot fetch the attribute's type (GL_FIXED, 32-bit
 * integers read as floats): the draw converts its vertices to floats. */
bool vgl_attrib_converted(const struct vgl_attrib *a);
/* Copies `size` bytes into the stream buffer (recorded in the batch);
 * returns the buffer and *offset, or VK_NULL_HANDLE. */
VkBuffer vgl_stream_upload(struct vgl_context *ctx, const void *data, VkDeviceSize size,
			   VkDeviceSize *offset);
/*
 * Writes size bytes at offset of dst in GPU order: after every command
 * already recorded that reads dst, before every later one. An inline write
 * (vvk_CmdUpdateBuffer) is not that: the host applies it when it decodes it,
 * through an unsynchronized map (virglrenderer), so on a GPU host queued draws
 * could read the new bytes. The data goes to a fresh stream range (nothing
 * reads it yet) and a buffer copy, which the host GPU orders, moves it.
 */
bool vgl_stream_update(struct vgl_context *ctx, VkBuffer dst, VkDeviceSize offset,
		       const void *data, VkDeviceSize size);
/* Format of a disabled array's current value (float or integer, as last set). */
VkFormat vgl_current_attrib_format(const struct vgl_context *ctx, uint32_t loc);
/* The current-values buffer, uploaded if dirty. */
VkBuffer vgl_current_attribs_buffer(struct vgl_context *ctx);
