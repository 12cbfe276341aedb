/* SPDX-License-Identifier: MIT */
/*
 * The GBM (DRM fourcc) formats the backend allocates, and the virgl format
 * of the host texture behind each. Channel order: DRM names the components
 * of a little-endian 32-bit word from the most significant end (XRGB8888 =
 * bytes B, G, R, X in memory); virgl/gallium names them in memory order, so
 * DRM XRGB8888 is virgl B8G8R8X8_UNORM.
 */
#pragma once

#include <stdint.h>

struct vgbm_format {
	uint32_t fourcc; /* GBM_FORMAT_* */
	uint32_t virgl;  /* enum virgl_formats (drm/vdrm_format.h) */
	uint32_t cpp;    /* bytes per pixel: the stride is width * cpp */
	const char *name;
};

/* NULL for a format the backend does not allocate. Takes canonical fourccs
 * (GBM_BO_FORMAT_* already mapped to GBM_FORMAT_*). */
const struct vgbm_format *vgbm_format_lookup(uint32_t fourcc);

/* GBM_BO_FORMAT_XRGB8888/ARGB8888 (0 and 1, the old enum) -> their fourccs,
 * for when libgbm did not hand the backend its own canonicaliser. */
uint32_t vgbm_format_canonicalize(uint32_t format);
