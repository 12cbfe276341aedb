/* SPDX-License-Identifier: MIT */
/*
 * OES_compressed_ETC1_RGB8_texture: the host has no ETC1 format (virgl
 * lists none), so ETC1 images are decoded on the CPU into RGBA8 (alpha 1)
 * and stored like an RGB texture.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vgl_pixel.h"

#define GL_ETC1_RGB8_OES 0x8D64

/* The image format an ETC1 level is stored in (RGBA8 seen as RGB1). */
const struct vgl_pixel_format *vgl_etc1_format(void);
/* Bytes of a w x h ETC1 image: 8 per 4x4 block, partial blocks whole. */
size_t vgl_etc1_size(uint32_t w, uint32_t h);
/* Decodes a w x h image (vgl_etc1_size(w, h) bytes) into w * h RGBA8 texels,
 * rows in the order of the blocks' rows. */
void vgl_etc1_decode(const uint8_t *src, uint32_t w, uint32_t h, uint8_t *rgba);
/* One block (a big-endian 64-bit word, vgl_etc1_word) into 16 RGBA8 texels,
 * row by row. punchthrough: ETC2's RGB8_PUNCHTHROUGH_ALPHA1 reading of the
 * individual/differential modes (bit 33 the opaque bit, index 2 of a
 * non-opaque block transparent black); ETC2 uses it for the modes it shares. */
void vgl_etc1_block(uint64_t b, bool punchthrough, uint8_t texels[16][4]);
uint64_t vgl_etc1_word(const uint8_t *src);
/* Copies a block's 16 texels of bpp bytes into a w x h image at (x0, y0),
 * clipped at its edges. */
void vgl_etc_store(const void *texels, uint32_t bpp, uint8_t *image, uint32_t w, uint32_t h,
		   uint32_t x0, uint32_t y0);
