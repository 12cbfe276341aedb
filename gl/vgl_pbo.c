/* SPDX-License-Identifier: MIT */
#include "vgl_pbo.h"

#include <GLES2/gl2ext.h>

#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_range.h"
#include "vgl_state.h"

struct vgl_pixel_store vgl_unpack_store(const struct vgl_state *st, bool three_d)
{
	return (struct vgl_pixel_store){
		.alignment = st->unpack_alignment, .row_length = st->unpack_row_length,
		.image_height = three_d ? st->unpack_image_height : 0,
		.skip_pixels = st->unpack_skip_pixels, .skip_rows = st->unpack_skip_rows,
		.skip_images = three_d ? st->unpack_skip_images : 0 };
}

struct vgl_pixel_store vgl_pack_store(const struct vgl_state *st)
{
	return (struct vgl_pixel_store){
		.alignment = st->pack_alignment, .row_length = st->pack_row_length,
		.skip_pixels = st->pack_skip_pixels, .skip_rows = st->pack_skip_rows };
}

static uint64_t positive(GLint v)
{
	return v > 0 ? (uint64_t)v : 0;
}

/* ES 3.0 §3.7.2: rows of row_length (or w) texels padded to the
 * alignment; images of image_height (or h) rows. */
bool vgl_pixel_layout(const struct vgl_pixel_store *ps, uint32_t bpp, uint32_t w, uint32_t h,
		      uint32_t d, struct vgl_pixel_layout *out)
{
	uint64_t row = (ps->row_length > 0 ? (uint64_t)ps->row_length : w) * bpp;
	uint64_t a = ps->alignment > 0 ? (uint64_t)ps->alignment : 1;
	uint64_t rows = ps->image_height > 0 ? (uint64_t)ps->image_height : h;
	uint64_t last = 0;
	bool ok;

	out->stride = (row + a - 1) / a * a;
	ok = vgl_mul_add(out->stride, rows, 0, &out->image_stride) &&
	     vgl_mul_add(positive(ps->skip_pixels), bpp, 0, &out->skip) &&
	     vgl_mul_add(positive(ps->skip_rows), out->stride, out->skip, &out->skip) &&
	     vgl_mul_add(positive(ps->skip_images), out->image_stride, out->skip, &out->skip);
	out->span = 0;
	if (!w || !h || !d)
		return true;   /* nothing is addressed */
	return ok && vgl_mul_add((uint64_t)w, bpp, 0, &last) &&
	       vgl_mul_add((uint64_t)h - 1, out->stride, last, &last) &&
	       vgl_mul_add((uint64_t)d - 1, out->image_stride, last, &out->span);
}

uint32_t vgl_pixel_type_size(GLenum type)
{
	switch (type) {
	case GL_UNSIGNED_BYTE: case GL_BYTE:
		return 1;
	case GL_UNSIGNED_SHORT: case GL_SHORT: case GL_HALF_FLOAT: case GL_HALF_FLOAT_OES:
	case GL_UNSIGNED_SHORT_5_6_5: case GL_UNSIGNED_SHORT_4_4_4_4:
	case GL_UNSIGNED_SHORT_5_5_5_1: case GL_UNSIGNED_SHORT_4_4_4_4_REV_EXT:
	case GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT:
		return 2;
	case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:
		return 8;   /* a float and a uint per texel */
	}
	return 4;       /* INT, UNSIGNED_INT, FLOAT and the 32-bit packed types */
}

/* Whether offset + l->skip + l->span stays inside the buffer's size. */
static bool inside(const struct vgl_buffer *b, uintptr_t offset, const struct vgl_pixel_layout *l)
{
	uint64_t end;

	return vgl_add3((uint64_t)offset, l->skip, l->span, &end) && end <= (uint64_t)b->size;
}

bool vgl_pbo_access_ok(struct vgl_context *ctx, const struct vgl_buffer *b, uintptr_t offset,
		       bool layout_ok, const struct vgl_pixel_layout *l, uint32_t align)
{
	/* no texel moves (span 0): only the mapping matters */
	if (b->mapped || (layout_ok && l->span && (offset % align || !inside(b, offset, l))) ||
	    !layout_ok) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	return true;
}
