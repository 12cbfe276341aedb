/* SPDX-License-Identifier: MIT */
/*
 * The blocks of ETC2/EAC and ASTC images as the application gave them. The
 * host samples none of these formats, so their images are stored decoded
 * (vgl_etc2.h, vgl_astc.h) and the blocks themselves exist nowhere on the GPU; yet
 * glCopyImageSubData copies a compressed image's blocks to the texels of an
 * uncompressed one bit for bit (EXT_copy_image), and the texels of an
 * uncompressed image into blocks. So a texture keeps a CPU copy of the
 * blocks of each compressed level (every face, every layer), written with
 * every upload and copy into it, and made zero for a level defined without
 * data (its contents are undefined then).
 *
 * A copy belongs to the level's spec it was made for: a level redefined
 * with another format or size gets a fresh one on next use.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include <GLES3/gl3.h>

struct vgl_texture;

/* A box of blocks of one level: block column x, row y, layer z (array
 * layer; 0 for 2D and cube images), w x h x d blocks. */
struct vgl_block_box {
	uint32_t x, y, z, w, h, d;
};

/* Bytes of one block (4x4 ETC2/EAC, 4x4 .. 12x12 ASTC: vgl_astc_block_size)
 * of a compressed format with a block copy (8 or 16); 0: the format has none
 * (ETC1, uncompressed). */
uint32_t vgl_tex_block_bytes(GLenum internal);
/* The box of the format's blocks that covers the texel region
 * (x, y, z, w, h, d), x and y on block edges. */
struct vgl_block_box vgl_tex_block_box(GLenum internal, GLint x, GLint y, GLint z, int64_t w,
				       int64_t h, int64_t d);
/* Copies the box of blocks of (face, level) into `out` (rows of box.w
 * blocks, then layers) or from `in` into it. false: no blocks there (not a
 * compressed level, or out of memory); nothing copied. */
bool vgl_tex_blocks_read(struct vgl_texture *t, uint32_t face, uint32_t level,
			 const struct vgl_block_box *box, uint8_t *out);
bool vgl_tex_blocks_write(struct vgl_texture *t, uint32_t face, uint32_t level,
			  const struct vgl_block_box *box, const uint8_t *in);
/* Frees every level's blocks (texture destruction). */
void vgl_tex_blocks_free(struct vgl_texture *t);
