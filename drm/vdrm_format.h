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
	VDRM_FORMAT_Z16_UNORM = 16,
	VDRM_FORMAT_Z32_FLOAT = 18,
	VDRM_FORMAT_S8_UINT_Z24_UNORM = 20,
	VDRM_FORMAT_Z24X8_UNORM = 21,
	VDRM_FORMAT_R32_FLOAT = 28,
	VDRM_FORMAT_R32G32B32A32_FLOAT = 31,
	VDRM_FORMAT_R8_UNORM = 64,
	VDRM_FORMAT_R8G8_UNORM = 65,
	VDRM_FORMAT_R8G8B8A8_UNORM = 67,
	VDRM_FORMAT_R8G8B8X8_UNORM = 134,
};

/* NULL for an unknown or unused format number. */
const struct vdrm_format_desc *vdrm_format_describe(uint32_t format);
/* "UNKNOWN" for an unknown one. */
const char *vdrm_format_name(uint32_t format);
