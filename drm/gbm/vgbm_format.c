/* SPDX-License-Identifier: MIT */
#include <stddef.h>

#include <gbm.h>

#include "vdrm_format.h"
#include "vgbm_format.h"

/* virgl numbers of the formats vdrm_format.h does not name */
#define VIRGL_B5G6R5_UNORM 7

static const struct vgbm_format formats[] = {
	{ GBM_FORMAT_XRGB8888, VDRM_FORMAT_B8G8R8X8_UNORM, 4, "XRGB8888" },
	{ GBM_FORMAT_ARGB8888, VDRM_FORMAT_B8G8R8A8_UNORM, 4, "ARGB8888" },
	{ GBM_FORMAT_XBGR8888, VDRM_FORMAT_R8G8B8X8_UNORM, 4, "XBGR8888" },
	{ GBM_FORMAT_ABGR8888, VDRM_FORMAT_R8G8B8A8_UNORM, 4, "ABGR8888" },
	{ GBM_FORMAT_RGB565, VIRGL_B5G6R5_UNORM, 2, "RGB565" },
};

const struct vgbm_format *vgbm_format_lookup(uint32_t fourcc)
{
	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		if (formats[i].fourcc == fourcc)
			return &formats[i];
	}
	return NULL;
}

uint32_t vgbm_format_canonicalize(uint32_t format)
{
	if (format == GBM_BO_FORMAT_XRGB8888)
		return GBM_FORMAT_XRGB8888;
	if (format == GBM_BO_FORMAT_ARGB8888)
		return GBM_FORMAT_ARGB8888;
	return format;
}
