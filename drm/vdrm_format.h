/* SPDX-License-Identifier: MIT */
/*
 * The virgl format enum (a frozen copy of gallium's pipe_format order, the
 * values on the wire) with what drm/ needs to know of each: its name, its
 * block size, and whether it is depth/stencil. Only formats in the table are
 * accepted when creating resources.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#define VDRM_FORMAT_MAX 322 /* VIRGL_FORMAT_MAX: never send a value >= this */

enum vdrm_format_flag {
	VDRM_FMT_DEPTH = 1u << 0,
	VDRM_FMT_STENCIL = 1u << 1,
	VDRM_FMT_INTEGER = 1u << 2,
	VDRM_FMT_COMPRESSED = 1u << 3,
	VDRM_FMT_SRGB = 1u << 4,
	/* The host's vertex fetch reads it: 1-4 channels of 8/16/32-bit
	 * float/unorm/snorm/uint/sint/scaled/fixed in R, RG, RGB, RGBA order. */
	VDRM_FMT_VERTEX = 1u << 5,
};

struct vdrm_format_desc {
	uint32_t format;       /* virgl format number */
	const char *name;      /* "R8G8B8A8_UNORM" */
	uint8_t block_bytes;   /* bytes per block */
	uint8_t block_w, block_h;
	uint8_t flags;         /* enum vdrm_format_flag */
};

/* Some wire values used by name in drm/ and its tests. */
enum vdrm_format_id {
	VDRM_FORMAT_B8G8R8A8_UNORM = 1,
	VDRM_FORMAT_B8G8R8X8_UNORM = 2,
	VDRM_FORMAT_B5G6R5_UNORM = 7,
	VDRM_FORMAT_Z16_UNORM = 16,
	VDRM_FORMAT_Z32_FLOAT = 18,
	VDRM_FORMAT_Z24_UNORM_S8_UINT = 19,
	VDRM_FORMAT_S8_UINT_Z24_UNORM = 20,
	VDRM_FORMAT_Z24X8_UNORM = 21,
	VDRM_FORMAT_S8_UINT = 23,
	VDRM_FORMAT_R32_FLOAT = 28,
	VDRM_FORMAT_R32G32B32_FLOAT = 30,
	VDRM_FORMAT_R32G32B32A32_FLOAT = 31,
	VDRM_FORMAT_R16G16B16A16_UNORM = 51,
	VDRM_FORMAT_R8_UNORM = 64,
	VDRM_FORMAT_R8G8_UNORM = 65,
	VDRM_FORMAT_R8G8B8_UNORM = 66,
	VDRM_FORMAT_R8G8B8A8_UNORM = 67,
	VDRM_FORMAT_R16G16B16A16_FLOAT = 94,
	VDRM_FORMAT_R8G8B8A8_SRGB = 104,
	VDRM_FORMAT_DXT1_RGB = 105,
	VDRM_FORMAT_DXT5_RGBA = 108,
	VDRM_FORMAT_R11G11B10_FLOAT = 124,
	VDRM_FORMAT_R9G9B9E5_FLOAT = 125,
	VDRM_FORMAT_Z32_FLOAT_S8X24_UINT = 126,
	VDRM_FORMAT_R8G8B8X8_UNORM = 134,
	VDRM_FORMAT_S8X24_UINT = 137,      /* the stencil of S8_UINT_Z24_UNORM */
	VDRM_FORMAT_X32_S8X24_UINT = 138,  /* the stencil of Z32_FLOAT_S8X24_UINT */
	VDRM_FORMAT_R10G10B10A2_SSCALED = 172,
	VDRM_FORMAT_R10G10B10A2_SNORM = 173,
	VDRM_FORMAT_R8G8_UINT = 178,
	VDRM_FORMAT_R32G32B32A32_SINT = 200,
	VDRM_FORMAT_ETC1_RGB8 = 226,
	VDRM_FORMAT_R16G16B16X16_FLOAT = 236,
	VDRM_FORMAT_ETC2_RGB8 = 269,
	VDRM_FORMAT_ETC2_RGBA8 = 273,
	VDRM_FORMAT_ASTC_4x4 = 279,
	VDRM_FORMAT_ASTC_10x6 = 288,
	VDRM_FORMAT_ASTC_12x12_SRGB = 306,
	VDRM_FORMAT_R8_SRGB = 312,
	VDRM_FORMAT_R8G8_SRGB = 313,
	VDRM_FORMAT_R5G6B5_UNORM = 321,
};

/* NULL for an unknown or unused format number. */
const struct vdrm_format_desc *vdrm_format_describe(uint32_t format);
/* "UNKNOWN" for an unknown one. */
const char *vdrm_format_name(uint32_t format);

/*
 * The virgl format of a single-plane DRM fourcc (drm_fourcc.h) the way every
 * virgl driver lays it out in a shared buffer (XRGB8888 = B8G8R8X8_UNORM ...),
 * or 0 for a fourcc virtgl does not share. The inverse gives the fourcc of a
 * virgl format (0: none).
 */
uint32_t vdrm_format_from_fourcc(uint32_t fourcc);
uint32_t vdrm_format_to_fourcc(uint32_t format);
