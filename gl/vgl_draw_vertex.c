/* SPDX-License-Identifier: MIT */
/*
 * Vertex input of a draw: one vertex binding per attribute location the
 * program reads (binding L = location L). Arrays in buffers bind the
 * storage at the pointer's offset; client arrays are streamed into the
 * context's stream buffer; disabled arrays read the current value with
 * stride 0. Indices: the element buffer, or streamed client indices; line
 * loops are drawn as strips through an index list closing the loop.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_draw.h"
#include "vgl_pipeline.h"
#include "vgl_program.h"

static uint32_t index_size(GLenum type)
{
	return type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
}

/* The bytes of a draw's indices (count <= INT_MAX, 4-byte indices: no overflow). */
static uint64_t index_bytes(const struct vgl_draw *d)
{
	return (uint64_t)d->count * index_size(d->index_type);
}

bool vgl_draw_indices_present(const struct vgl_context *ctx, const struct vgl_draw *d)
{
	const struct vgl_buffer *eb = ctx->vao->elements;

	if (!eb)
		return d->indices != NULL;
	if (d->indirect)
		return eb->storage != NULL;  /* the host reads indices from offset 0 */
	return eb->storage && vgl_range_ok((GLintptr)(uintptr_t)d->indices,
					   (GLsizeiptr)index_bytes(d),
					   (GLsizeiptr)eb->storage->size);
}

/* The CPU-readable indices of a draw (client memory, or the element
 * buffer's CPU copy); NULL if there is none current. */
const uint8_t *vgl_draw_cpu_indices(struct vgl_context *ctx, const struct vgl_draw *d)
{
	struct vgl_buffer *eb = ctx->vao->elements;
	VkDeviceSize bytes = index_bytes(d);

	if (!eb)
		return d->indices;
	/* written by the GPU (a copy, transform feedback): read back first */
	if (!eb->storage || !eb->storage->map ||
	    !vgl_range_ok((GLintptr)(uintptr_t)d->indices, (GLsizeiptr)bytes,
			  (GLsizeiptr)eb->storage->size) ||
	    vgl_storage_sync_read(ctx, eb->storage, (GLintptr)(uintptr_t)d->indices,
				  (GLsizeiptr)bytes) != VGL_OK)
		return NULL;
	return eb->storage->map + (uintptr_t)d->indices;
}

uint32_t vgl_draw_index_at(const uint8_t *p, GLenum type, uint32_t i)
{
	uint16_t s;
	uint32_t u;

	if (type == GL_UNSIGNED_BYTE)
		return p[i];
	if (type == GL_UNSIGNED_SHORT) {
		memcpy(&s, p + 2 * i, 2);
		return s;
	}
	memcpy(&u, p + 4 * i, 4);
	return u;
}

int64_t vgl_draw_max_index(struct vgl_context *ctx, const struct vgl_draw *d)
{
	const uint8_t *p;
	uint32_t max = 0;

	if (!d->indexed)
		return (int64_t)d->first + d->count - 1;
	p = vgl_draw_cpu_indices(ctx, d);
	if (!p)
		return -1;
	for (GLsizei i = 0; i < d->count; i++) {
		uint32_t v = vgl_draw_index_at(p, d->index_type, (uint32_t)i);

		if (v > max)
			max = v;
	}
	/* the vertices read are index + base vertex; below 0 none is readable */
	return (int64_t)max + d->base_vertex < 0 ? -1 : (int64_t)max + d->base_vertex;
}

/* ---- vertex buffers ----------------------------------------------------------------------------- */

struct vbind {
	VkBuffer buf;
	VkDeviceSize offset;
};

static bool client_array(struct vgl_context *ctx, const struct vgl_draw *d,
			 const struct vgl_array *a, struct vbind *vb)
{
	int64_t last = a->divisor ? (d->instances - 1) / (int64_t)a->divisor
				  : vgl_draw_max_index(ctx, d);
	VkDeviceSize bytes;

	if (last < 0 || !a->pointer)
		return false;
	bytes = (VkDeviceSize)last * a->stride + vgl_attrib_size(a->f);
	vb->buf = vgl_stream_upload(ctx, a->pointer, bytes, &vb->offset);
	return vb->buf != VK_NULL_HANDLE;
}

/* The last vertex (or instance) an array is read at without reading the
 * indices; -1 when only the indices tell (an indexed per-vertex array) or
 * the GPU (an indirect draw's counts). */
static int64_t last_known(const struct vgl_draw *d, const struct vgl_array *a)
{
	if (d->indirect)
		return -1;  /* the counts are on the GPU */
	if (a->divisor)
		return (d->instances - 1) / (int64_t)a->divisor;
	return d->indexed ? -1 : (int64_t)d->first + d->count - 1;
}

/* Whether what the draw reads of a buffer's array lies inside the storage:
 * a vertex range past the end is not sent to the host (undefined results in
 * ES 3.0, nothing drawn here), and offset + last * stride cannot wrap. */
static bool array_inside(const struct vgl_draw *d, const struct vgl_array *a, VkDeviceSize size)
{
	int64_t last = last_known(d, a);
	uint64_t end;

	if (last < 0)
		return (uintptr_t)a->pointer < size;
	return vgl_mul_add((uint64_t)last, a->stride, (uintptr_t)a->pointer, &end) &&
	       vgl_add3(end, vgl_attrib_size(a->f), 0, &end) && end <= size;
}

static bool enabled_array(struct vgl_context *ctx, const struct vgl_draw *d,
			  const struct vgl_array *a, struct vbind *vb)
{
	struct vgl_storage *s;

	if (!a->buffer)
		return client_array(ctx, d, a, vb);
	s = a->buffer->storage;
	if (!s || !array_inside(d, a, s->size))
		return false;
	vgl_batch_use(ctx, &s->obj);
	vb->buf = s->buf;
	vb->offset = (uintptr_t)a->pointer;
	return true;
}

/* Where a converted array's data can be read by the CPU; NULL if nowhere. */
static const uint8_t *converted_source(const struct vgl_array *a, VkDeviceSize bytes)
{
	struct vgl_storage *s;
	uint64_t end;

	if (!a->buffer)
		return a->pointer;
	s = a->buffer->storage;
	if (!s || !vgl_add3((uintptr_t)a->pointer, bytes, 0, &end) || end > s->size ||
	    vgl_storage_stale(s, (uintptr_t)a->pointer, bytes))
		return NULL;
	return s->map + (uintptr_t)a->pointer;
}

/* One component of a type the host cannot fetch, as the float GL reads. */
static float converted_component(const struct vgl_attrib *a, const uint8_t *p)
{
	int32_t i;
	uint32_t u;

	memcpy(&i, p, 4);
	memcpy(&u, p, 4);
	switch (a->type) {
	case GL_FIXED:
		return (float)i / 65536.0f;
	case GL_INT: /* ES 3.0 2.1.6 (2.3): signed normalized maps to [-1, 1] */
		return a->normalized ? fmaxf((float)i / 2147483647.0f, -1.0f) : (float)i;
	default:
		return a->normalized ? (float)((double)u / 4294967295.0) : (float)u;
	}
}

/* GL_FIXED (16.16) and 32-bit integers read as floats have no vertex format:
 * the vertices the draw reads are converted to packed floats and streamed. */
static bool converted_array(struct vgl_context *ctx, const struct vgl_draw *d,
			    const struct vgl_array *a, struct vbind *vb)
{
	int64_t last = a->divisor ? (d->instances - 1) / (int64_t)a->divisor
				  : vgl_draw_max_index(ctx, d);
	uint32_t n = (uint32_t)a->f->size;
	const uint8_t *src;
	float *f;

	if (last < 0)
		return false;
	src = converted_source(a, (VkDeviceSize)last * a->stride + 4 * n);
	f = src ? malloc(((size_t)last + 1) * n * sizeof(float)) : NULL;
	if (!f)
		return false;
	for (int64_t v = 0; v <= last; v++)
		for (uint32_t c = 0; c < n; c++)
			f[v * n + c] = converted_component(a->f, src + v * a->stride + 4 * c);
	vb->buf = vgl_stream_upload(ctx, f, ((VkDeviceSize)last + 1) * n * sizeof(float),
				    &vb->offset);
	free(f);
	return vb->buf != VK_NULL_HANDLE;
}

static bool location_input(struct vgl_context *ctx, const struct vgl_draw *d, uint32_t loc,
			   struct vgl_vertex_layout *layout, struct vbind *vb, bool *streamed)
{
	struct vgl_array arr;
	const struct vgl_array *a = &arr;

	vgl_vao_array(ctx->vao, loc, &arr);
	if (!a->f->enabled) {
		vb->buf = vgl_current_attribs_buffer(ctx);
		vb->offset = loc * 4 * sizeof(float);
		layout->a[loc].format = vgl_current_attrib_format(ctx, loc);
		layout->a[loc].stride = 0;
		return vb->buf != VK_NULL_HANDLE;
	}
	layout->a[loc].format = vgl_attrib_format(a->f);
	layout->a[loc].stride = vgl_attrib_converted(a->f) ? vgl_attrib_size(a->f) : a->stride;
	layout->a[loc].divisor = a->divisor;
	if (vgl_attrib_converted(a->f) || !a->buffer)
		*streamed = true;
	if (vgl_attrib_converted(a->f))
		return converted_array(ctx, d, a, vb);
	return layout->a[loc].format != VK_FORMAT_UNDEFINED && enabled_array(ctx, d, a, vb);
}

bool vgl_draw_vertex(struct vgl_context *ctx, struct vgl_linked *l, const struct vgl_draw *d,
		     VkCommandBuffer cmd, struct vgl_vertex_layout *layout, bool *streamed)
{
	struct vbind vb[VGL_MAX_ATTRIBS];

	layout->mask = l->vs_inputs;
	*streamed = false;
	for (uint32_t i = 0; i < VGL_MAX_ATTRIBS; i++)
		if ((l->vs_inputs & (1u << i)) && !location_input(ctx, d, i, layout, &vb[i], streamed))
			return false;
	for (uint32_t i = 0; i < VGL_MAX_ATTRIBS; i++)
		if (l->vs_inputs & (1u << i))
			vvk_CmdBindVertexBuffers(cmd, i, 1, &vb[i].buf, &vb[i].offset);
	return true;
}

/* ---- indices ------------------------------------------------------------------------------------ */

static VkIndexType index_type(GLenum type)
{
	return type == GL_UNSIGNED_BYTE ? VK_INDEX_TYPE_UINT8_EXT
	     : type == GL_UNSIGNED_SHORT ? VK_INDEX_TYPE_UINT16 : VK_INDEX_TYPE_UINT32;
}

/* A line loop as a strip: its indices plus the first again, as uint32. */
static uint32_t loop_indices(struct vgl_context *ctx, const struct vgl_draw *d,
			     VkCommandBuffer cmd)
{
	const uint8_t *src = d->indexed ? vgl_draw_cpu_indices(ctx, d) : NULL;
	uint32_t n = (uint32_t)d->count + 1, *idx;
	VkDeviceSize offset;
	VkBuffer buf;

	if (d->indexed && !src)
		return 0;
	idx = malloc(n * sizeof(*idx));
	if (!idx) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return 0;
	}
	for (uint32_t i = 0; i < n - 1; i++)
		idx[i] = src ? vgl_draw_index_at(src, d->index_type, i) : (uint32_t)d->first + i;
	idx[n - 1] = idx[0];
	buf = vgl_stream_upload(ctx, idx, n * sizeof(*idx), &offset);
	free(idx);
	if (!buf)
		return 0;
	vvk_CmdBindIndexBuffer(cmd, buf, offset, VK_INDEX_TYPE_UINT32);
	return n;
}

uint32_t vgl_draw_indices(struct vgl_context *ctx, const struct vgl_draw *d, VkCommandBuffer cmd)
{
	struct vgl_buffer *eb = ctx->vao->elements;
	VkDeviceSize offset;
	VkBuffer buf;

	if (d->line_loop)
		return loop_indices(ctx, d, cmd);
	if (!d->indexed)
		return (uint32_t)d->count;
	if (eb) {
		if (!vgl_draw_indices_present(ctx, d))
			return 0;
		vgl_batch_use(ctx, &eb->storage->obj);
		/* an indirect draw's indices are at offset 0: d->indices is NULL */
		vvk_CmdBindIndexBuffer(cmd, eb->storage->buf, (uintptr_t)d->indices,
				       index_type(d->index_type));
		return (uint32_t)d->count;
	}
	if (!d->indices)
		return 0;
	buf = vgl_stream_upload(ctx, d->indices, (VkDeviceSize)d->count * index_size(d->index_type),
				&offset);
	if (!buf)
		return 0;
	vvk_CmdBindIndexBuffer(cmd, buf, offset, index_type(d->index_type));
	return (uint32_t)d->count;
}
