/* SPDX-License-Identifier: MIT */
/*
 * The compressed formats of ES 3.0 core (§3.8.3 table 3.16, appendix C):
 * ETC2 RGB8 / sRGB8, with punch-through alpha, with EAC alpha, and EAC
 * R11 / RG11 (unsigned and signed). The host offers none of them (virgl
 * lists ETC2 formats; llvmpipe and most desktop GL hosts sample none), so
 * every image is decoded on the CPU on upload into an uncompressed format
 * the host samples: RGBA8 or sRGB8_ALPHA8 for ETC2, R16/RG16 (UNORM or
 * SNORM) for EAC, which keeps their 11 bits.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vgl_pixel.h"

/* The image format a compressed internal format is stored in; NULL: not one of them. */
const struct vgl_pixel_format *vgl_etc2_format(GLenum internal);
/* Bytes of a w x h image: 8 or 16 per 4x4 block, partial blocks whole. */
size_t vgl_etc2_size(GLenum internal, uint32_t w, uint32_t h);
/* Decodes a w x h image (vgl_etc2_size bytes) into w * h texels of the
 * stored format, rows in the order of the blocks' rows. */
void vgl_etc2_decode(GLenum internal, const uint8_t *src, uint32_t w, uint32_t h, void *dst);
