/* SPDX-License-Identifier: MIT */
/*
 * One ASTC block (128 bits, 2D footprint up to 12x12) decoded under the LDR
 * profile into RGBA8 texels: void-extent blocks, 1..4 partitions, one or
 * two weight planes, every 2D block mode. Illegal blocks and texels of HDR
 * endpoint modes decode to the error colour, opaque magenta.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#define VGL_ASTC_MAX_TEXELS 144

/* Decodes a bw x bh block into texels[y * bw + x]. srgb: the sRGB formats'
 * decoding (8-bit results taken from the top of the 16-bit ones); else
 * UNORM8 nearest to the 16-bit value / 65536, as the reference decoder. */
void vgl_astc_decode_block(const uint8_t block[16], unsigned bw, unsigned bh, bool srgb,
			   uint8_t texels[][4]);
