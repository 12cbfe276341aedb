/* SPDX-License-Identifier: MIT */
/*
 * CPU copies of compressed levels' blocks (vgl_texture_blocks.h).
 */
#include "vgl_texture_blocks.h"

#include <stdlib.h>
#include <string.h>

#include "vgl_astc.h"
#include "vgl_etc2.h"
#include "vgl_texture.h"

/* One level's blocks: bw x bh blocks a layer, d layers, for the level spec
 * (format, texel size) they were made for. */
struct vgl_tex_blocks {
	GLenum internal;
	GLsizei width, height, depth;
	uint32_t bw, bh, bytes;
	uint8_t data[];
};

uint32_t vgl_tex_block_bytes(GLenum internal)
{
	if (vgl_astc_format(internal))
		return 16;
	return (uint32_t)vgl_etc2_size(internal, 4, 4);
}

struct vgl_block_box vgl_tex_block_box(GLenum internal, GLint x, GLint y, GLint z, int64_t w,
				       int64_t h, int64_t d)
{
	uint32_t bw, bh;

	vgl_astc_block_size(internal, &bw, &bh);
	return (struct vgl_block_box){ (uint32_t)x / bw, (uint32_t)y / bh, (uint32_t)z,
				       (uint32_t)((w + bw - 1) / bw), (uint32_t)((h + bh - 1) / bh),
				       (uint32_t)d };
}

static bool made_for(const struct vgl_tex_blocks *b, const struct vgl_tex_level *lv)
{
	return b && b->internal == lv->internal_format && b->width == lv->width &&
	       b->height == lv->height && b->depth == lv->depth;
}

/* Zero blocks for the level's spec; NULL: not compressed, or out of memory. */
static struct vgl_tex_blocks *make(const struct vgl_tex_level *lv)
{
	uint32_t bytes = vgl_tex_block_bytes(lv->internal_format), bw, bh;
	uint64_t size;
	struct vgl_tex_blocks *b;

	vgl_astc_block_size(lv->internal_format, &bw, &bh);
	bw = ((uint32_t)lv->width + bw - 1) / bw;
	bh = ((uint32_t)lv->height + bh - 1) / bh;
	if (!bytes || lv->width <= 0 || lv->height <= 0 || lv->depth <= 0 ||
	    __builtin_mul_overflow((uint64_t)bw * bh, (uint64_t)lv->depth * bytes, &size) ||
	    size > SIZE_MAX - sizeof(*b))
		return NULL;
	b = calloc(1, sizeof(*b) + (size_t)size);
	if (!b)
		return NULL;
	*b = (struct vgl_tex_blocks){ lv->internal_format, lv->width, lv->height, lv->depth,
				      bw, bh, bytes };
	return b;
}

/* The level's blocks, made (zero) where missing or made for another spec. */
static struct vgl_tex_blocks *level_blocks(struct vgl_texture *t, uint32_t face, uint32_t level)
{
	struct vgl_tex_blocks **b;

	if (face >= 6 || level >= VGL_MAX_LEVELS)
		return NULL;
	b = &t->blocks[face][level];
	if (!made_for(*b, &t->level[face][level])) {
		free(*b);
		*b = make(&t->level[face][level]);
	}
	return *b;
}

static bool box_inside(const struct vgl_tex_blocks *b, const struct vgl_block_box *box)
{
	return box->x <= b->bw && box->w <= b->bw - box->x && box->y <= b->bh &&
	       box->h <= b->bh - box->y && box->z <= (uint32_t)b->depth &&
	       box->d <= (uint32_t)b->depth - box->z;
}

/* The box's rows one by one: to_level copies `buf` into the level, else out of it. */
static bool copy_box(struct vgl_texture *t, uint32_t face, uint32_t level,
		     const struct vgl_block_box *box, uint8_t *buf, bool to_level)
{
	struct vgl_tex_blocks *b = level_blocks(t, face, level);
	size_t row;

	if (!b || !box_inside(b, box))
		return false;
	row = (size_t)box->w * b->bytes;
	for (uint32_t z = 0; z < box->d; z++)
		for (uint32_t y = 0; y < box->h; y++) {
			uint8_t *at = b->data + (((size_t)(box->z + z) * b->bh + box->y + y) * b->bw +
						 box->x) * b->bytes;
			uint8_t *in_buf = buf + ((size_t)z * box->h + y) * row;

			memcpy(to_level ? at : in_buf, to_level ? in_buf : at, row);
		}
	return true;
}

bool vgl_tex_blocks_read(struct vgl_texture *t, uint32_t face, uint32_t level,
			 const struct vgl_block_box *box, uint8_t *out)
{
	return copy_box(t, face, level, box, out, false);
}

bool vgl_tex_blocks_write(struct vgl_texture *t, uint32_t face, uint32_t level,
			  const struct vgl_block_box *box, const uint8_t *in)
{
	return copy_box(t, face, level, box, (uint8_t *)in, true);
}

void vgl_tex_blocks_free(struct vgl_texture *t)
{
	for (uint32_t f = 0; f < 6; f++)
		for (uint32_t l = 0; l < VGL_MAX_LEVELS; l++) {
			free(t->blocks[f][l]);
			t->blocks[f][l] = NULL;
		}
}
