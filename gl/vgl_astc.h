/* SPDX-License-Identifier: MIT */
/*
 * KHR_texture_compression_astc_ldr: the 28 2D ASTC formats (14 block
 * footprints, 4x4 .. 12x12, each RGBA and sRGB8_ALPHA8). The host samples
 * no ASTC format (virgl on llvmpipe has none), so every image is decoded
 * on the CPU on upload (vgl_astc_block.h), like ETC2 (vgl_etc2.h), into
 * RGBA8 or SRGB8_ALPHA8.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vgl_pixel.h"

#define VGL_ASTC_FORMATS 28

/* The image format an ASTC internal format is stored in; NULL: not one. */
const struct vgl_pixel_format *vgl_astc_format(GLenum internal);
/* The i-th (< VGL_ASTC_FORMATS) format's row, for lists of formats. */
const struct vgl_pixel_format *vgl_astc_format_at(uint32_t i);
/* The block footprint of an ASTC format (4 x 4 for any other). */
void vgl_astc_block_size(GLenum internal, uint32_t *bw, uint32_t *bh);
/* Bytes of a w x h image: 16 per block, partial blocks whole. */
size_t vgl_astc_size(GLenum internal, uint32_t w, uint32_t h);
/* Decodes a w x h image (vgl_astc_size bytes) into w * h RGBA8 texels,
 * rows in the order of the blocks' rows. */
void vgl_astc_decode(GLenum internal, const uint8_t *src, uint32_t w, uint32_t h, uint8_t *dst);
