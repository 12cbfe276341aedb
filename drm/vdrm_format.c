/* SPDX-License-Identifier: MIT */
/*
 * The virgl formats a GLES driver may create resources with, indexed by their
 * wire number (virglrenderer 0.10.4's enum virgl_formats) so that a lookup is
 * one bounds check and one load. Numbers the enum leaves unused (73, 78-81,
 * 86, 307, 309, 310) or assigns twice (262-266) are deliberately absent, as
 * are formats no GLES path produces (YUV, LATC, intensity, 64-bit floats).
 */
#include <drm_fourcc.h>
#include <stddef.h>

#include "vdrm_format.h"

#define D VDRM_FMT_DEPTH
#define S VDRM_FMT_STENCIL
#define I VDRM_FMT_INTEGER
#define SRGB VDRM_FMT_SRGB
#define V VDRM_FMT_VERTEX

/* An uncompressed format: one texel per block. */
#define F(num, fmt, bytes, fl) [num] = { num, #fmt, bytes, 1, 1, fl }
/* A block-compressed format: bw x bh texels in `bytes`. */
#define C(num, fmt, bytes, bw, bh, fl) \
	[num] = { num, #fmt, bytes, bw, bh, (fl) | VDRM_FMT_COMPRESSED }

static const struct vdrm_format_desc formats[VDRM_FORMAT_MAX] = {
	/* BGRA/ARGB orders and packed 16-bit formats (window systems, GLES 2) */
	F(1, B8G8R8A8_UNORM, 4, 0),
	F(2, B8G8R8X8_UNORM, 4, 0),
	F(3, A8R8G8B8_UNORM, 4, 0),
	F(4, X8R8G8B8_UNORM, 4, 0),
	F(5, B5G5R5A1_UNORM, 2, 0),
	F(6, B4G4R4A4_UNORM, 2, 0),
	F(7, B5G6R5_UNORM, 2, 0),
	F(8, R10G10B10A2_UNORM, 4, V),

	/* GLES 2 unsized LUMINANCE / ALPHA / LUMINANCE_ALPHA */
	F(9, L8_UNORM, 1, 0),
	F(10, A8_UNORM, 1, 0),
	F(12, L8A8_UNORM, 2, 0),
	F(13, L16_UNORM, 2, 0),

	/* depth and stencil */
	F(16, Z16_UNORM, 2, D),
	F(17, Z32_UNORM, 4, D),
	F(18, Z32_FLOAT, 4, D),
	F(19, Z24_UNORM_S8_UINT, 4, D | S),
	F(20, S8_UINT_Z24_UNORM, 4, D | S),
	F(21, Z24X8_UNORM, 4, D),
	F(22, X8Z24_UNORM, 4, D),
	F(23, S8_UINT, 1, S),

	/* 32-bit channels; UNORM/SNORM/SCALED/FIXED only as vertex data */
	F(28, R32_FLOAT, 4, V),
	F(29, R32G32_FLOAT, 8, V),
	F(30, R32G32B32_FLOAT, 12, V),
	F(31, R32G32B32A32_FLOAT, 16, V),
	F(32, R32_UNORM, 4, V),
	F(33, R32G32_UNORM, 8, V),
	F(34, R32G32B32_UNORM, 12, V),
	F(35, R32G32B32A32_UNORM, 16, V),
	F(36, R32_USCALED, 4, V),
	F(37, R32G32_USCALED, 8, V),
	F(38, R32G32B32_USCALED, 12, V),
	F(39, R32G32B32A32_USCALED, 16, V),
	F(40, R32_SNORM, 4, V),
	F(41, R32G32_SNORM, 8, V),
	F(42, R32G32B32_SNORM, 12, V),
	F(43, R32G32B32A32_SNORM, 16, V),
	F(44, R32_SSCALED, 4, V),
	F(45, R32G32_SSCALED, 8, V),
	F(46, R32G32B32_SSCALED, 12, V),
	F(47, R32G32B32A32_SSCALED, 16, V),

	/* 16-bit channels */
	F(48, R16_UNORM, 2, V),
	F(49, R16G16_UNORM, 4, V),
	F(50, R16G16B16_UNORM, 6, V),
	F(51, R16G16B16A16_UNORM, 8, V),
	F(52, R16_USCALED, 2, V),
	F(53, R16G16_USCALED, 4, V),
	F(54, R16G16B16_USCALED, 6, V),
	F(55, R16G16B16A16_USCALED, 8, V),
	F(56, R16_SNORM, 2, V),
	F(57, R16G16_SNORM, 4, V),
	F(58, R16G16B16_SNORM, 6, V),
	F(59, R16G16B16A16_SNORM, 8, V),
	F(60, R16_SSCALED, 2, V),
	F(61, R16G16_SSCALED, 4, V),
	F(62, R16G16B16_SSCALED, 6, V),
	F(63, R16G16B16A16_SSCALED, 8, V),

	/* 8-bit channels */
	F(64, R8_UNORM, 1, V),
	F(65, R8G8_UNORM, 2, V),
	F(66, R8G8B8_UNORM, 3, V),
	F(67, R8G8B8A8_UNORM, 4, V),
	F(68, X8B8G8R8_UNORM, 4, 0),
	F(69, R8_USCALED, 1, V),
	F(70, R8G8_USCALED, 2, V),
	F(71, R8G8B8_USCALED, 3, V),
	F(72, R8G8B8A8_USCALED, 4, V),
	F(74, R8_SNORM, 1, V),
	F(75, R8G8_SNORM, 2, V),
	F(76, R8G8B8_SNORM, 3, V),
	F(77, R8G8B8A8_SNORM, 4, V),
	F(82, R8_SSCALED, 1, V),
	F(83, R8G8_SSCALED, 2, V),
	F(84, R8G8B8_SSCALED, 3, V),
	F(85, R8G8B8A8_SSCALED, 4, V),

	/* GL_FIXED vertex attributes (GLES 2) */
	F(87, R32_FIXED, 4, V),
	F(88, R32G32_FIXED, 8, V),
	F(89, R32G32B32_FIXED, 12, V),
	F(90, R32G32B32A32_FIXED, 16, V),

	/* half floats */
	F(91, R16_FLOAT, 2, V),
	F(92, R16G16_FLOAT, 4, V),
	F(93, R16G16B16_FLOAT, 6, V),
	F(94, R16G16B16A16_FLOAT, 8, V),

	/* sRGB */
	F(95, L8_SRGB, 1, SRGB),
	F(96, L8A8_SRGB, 2, SRGB),
	F(97, R8G8B8_SRGB, 3, SRGB),
	F(98, A8B8G8R8_SRGB, 4, SRGB),
	F(99, X8B8G8R8_SRGB, 4, SRGB),
	F(100, B8G8R8A8_SRGB, 4, SRGB),
	F(101, B8G8R8X8_SRGB, 4, SRGB),
	F(102, A8R8G8B8_SRGB, 4, SRGB),
	F(103, X8R8G8B8_SRGB, 4, SRGB),
	F(104, R8G8B8A8_SRGB, 4, SRGB),

	/* S3TC and RGTC */
	C(105, DXT1_RGB, 8, 4, 4, 0),
	C(106, DXT1_RGBA, 8, 4, 4, 0),
	C(107, DXT3_RGBA, 16, 4, 4, 0),
	C(108, DXT5_RGBA, 16, 4, 4, 0),
	C(109, DXT1_SRGB, 8, 4, 4, SRGB),
	C(110, DXT1_SRGBA, 8, 4, 4, SRGB),
	C(111, DXT3_SRGBA, 16, 4, 4, SRGB),
	C(112, DXT5_SRGBA, 16, 4, 4, SRGB),
	C(113, RGTC1_UNORM, 8, 4, 4, 0),
	C(114, RGTC1_SNORM, 8, 4, 4, 0),
	C(115, RGTC2_UNORM, 16, 4, 4, 0),
	C(116, RGTC2_SNORM, 16, 4, 4, 0),

	/* packed and padded colour formats */
	F(121, A8B8G8R8_UNORM, 4, 0),
	F(122, B5G5R5X1_UNORM, 2, 0),
	F(124, R11G11B10_FLOAT, 4, 0),
	F(125, R9G9B9E5_FLOAT, 4, 0),
	F(126, Z32_FLOAT_S8X24_UINT, 8, D | S),
	F(131, B10G10R10A2_UNORM, 4, 0),
	F(134, R8G8B8X8_UNORM, 4, 0),
	F(135, B4G4R4X4_UNORM, 2, 0),
	F(139, B2G3R3_UNORM, 1, 0),

	/* stencil-only views of the packed depth/stencil formats */
	F(136, X24S8_UINT, 4, S),
	F(137, S8X24_UINT, 4, S),
	F(138, X32_S8X24_UINT, 8, S),

	/* more luminance/alpha, incl. OES_texture_(half_)float */
	F(140, L16A16_UNORM, 4, 0),
	F(141, A16_UNORM, 2, 0),
	F(148, L8_SNORM, 1, 0),
	F(152, L16_SNORM, 2, 0),
	F(155, A16_FLOAT, 2, 0),
	F(156, L16_FLOAT, 2, 0),
	F(157, L16A16_FLOAT, 4, 0),
	F(159, A32_FLOAT, 4, 0),
	F(160, L32_FLOAT, 4, 0),
	F(161, L32A32_FLOAT, 8, 0),

	/* [UNSIGNED_]INT_2_10_10_10_REV vertex data */
	F(123, R10G10B10A2_USCALED, 4, V),
	F(172, R10G10B10A2_SSCALED, 4, V),
	F(173, R10G10B10A2_SNORM, 4, V),

	/* pure integers */
	F(177, R8_UINT, 1, I | V),
	F(178, R8G8_UINT, 2, I | V),
	F(179, R8G8B8_UINT, 3, I | V),
	F(180, R8G8B8A8_UINT, 4, I | V),
	F(181, R8_SINT, 1, I | V),
	F(182, R8G8_SINT, 2, I | V),
	F(183, R8G8B8_SINT, 3, I | V),
	F(184, R8G8B8A8_SINT, 4, I | V),
	F(185, R16_UINT, 2, I | V),
	F(186, R16G16_UINT, 4, I | V),
	F(187, R16G16B16_UINT, 6, I | V),
	F(188, R16G16B16A16_UINT, 8, I | V),
	F(189, R16_SINT, 2, I | V),
	F(190, R16G16_SINT, 4, I | V),
	F(191, R16G16B16_SINT, 6, I | V),
	F(192, R16G16B16A16_SINT, 8, I | V),
	F(193, R32_UINT, 4, I | V),
	F(194, R32G32_UINT, 8, I | V),
	F(195, R32G32B32_UINT, 12, I | V),
	F(196, R32G32B32A32_UINT, 16, I | V),
	F(197, R32_SINT, 4, I | V),
	F(198, R32G32_SINT, 8, I | V),
	F(199, R32G32B32_SINT, 12, I | V),
	F(200, R32G32B32A32_SINT, 16, I | V),
	F(225, B10G10R10A2_UINT, 4, I),

	/* integer alpha/luminance: what the host samples them as, for listings */
	F(201, A8_UINT, 1, I),
	F(203, L8_UINT, 1, I),
	F(205, A8_SINT, 1, I),
	F(207, L8_SINT, 1, I),
	F(209, A16_UINT, 2, I),
	F(211, L16_UINT, 2, I),
	F(213, A16_SINT, 2, I),
	F(215, L16_SINT, 2, I),
	F(217, A32_UINT, 4, I),
	F(219, L32_UINT, 4, I),
	F(221, A32_SINT, 4, I),
	F(223, L32_SINT, 4, I),

	C(226, ETC1_RGB8, 8, 4, 4, 0),

	/* X (padding) variants: what RGB formats become on the host */
	F(229, R8G8B8X8_SNORM, 4, 0),
	F(230, R8G8B8X8_SRGB, 4, SRGB),
	F(231, R8G8B8X8_UINT, 4, I),
	F(232, R8G8B8X8_SINT, 4, I),
	F(233, B10G10R10X2_UNORM, 4, 0),
	F(234, R16G16B16X16_UNORM, 8, 0),
	F(235, R16G16B16X16_SNORM, 8, 0),
	F(236, R16G16B16X16_FLOAT, 8, 0),
	F(237, R16G16B16X16_UINT, 8, I),
	F(238, R16G16B16X16_SINT, 8, I),
	F(239, R32G32B32X32_FLOAT, 16, 0),
	F(240, R32G32B32X32_UINT, 16, I),
	F(241, R32G32B32X32_SINT, 16, I),
	F(253, R10G10B10A2_UINT, 4, I),

	/* BPTC */
	C(255, BPTC_RGBA_UNORM, 16, 4, 4, 0),
	C(256, BPTC_SRGBA, 16, 4, 4, SRGB),
	C(257, BPTC_RGB_FLOAT, 16, 4, 4, 0),
	C(258, BPTC_RGB_UFLOAT, 16, 4, 4, 0),

	/* ETC2 / EAC */
	C(269, ETC2_RGB8, 8, 4, 4, 0),
	C(270, ETC2_SRGB8, 8, 4, 4, SRGB),
	C(271, ETC2_RGB8A1, 8, 4, 4, 0),
	C(272, ETC2_SRGB8A1, 8, 4, 4, SRGB),
	C(273, ETC2_RGBA8, 16, 4, 4, 0),
	C(274, ETC2_SRGBA8, 16, 4, 4, SRGB),
	C(275, ETC2_R11_UNORM, 8, 4, 4, 0),
	C(276, ETC2_R11_SNORM, 8, 4, 4, 0),
	C(277, ETC2_RG11_UNORM, 16, 4, 4, 0),
	C(278, ETC2_RG11_SNORM, 16, 4, 4, 0),

	/* ASTC LDR: every block is 16 bytes */
	C(279, ASTC_4x4, 16, 4, 4, 0),
	C(280, ASTC_5x4, 16, 5, 4, 0),
	C(281, ASTC_5x5, 16, 5, 5, 0),
	C(282, ASTC_6x5, 16, 6, 5, 0),
	C(283, ASTC_6x6, 16, 6, 6, 0),
	C(284, ASTC_8x5, 16, 8, 5, 0),
	C(285, ASTC_8x6, 16, 8, 6, 0),
	C(286, ASTC_8x8, 16, 8, 8, 0),
	C(287, ASTC_10x5, 16, 10, 5, 0),
	C(288, ASTC_10x6, 16, 10, 6, 0),
	C(289, ASTC_10x8, 16, 10, 8, 0),
	C(290, ASTC_10x10, 16, 10, 10, 0),
	C(291, ASTC_12x10, 16, 12, 10, 0),
	C(292, ASTC_12x12, 16, 12, 12, 0),
	C(293, ASTC_4x4_SRGB, 16, 4, 4, SRGB),
	C(294, ASTC_5x4_SRGB, 16, 5, 4, SRGB),
	C(295, ASTC_5x5_SRGB, 16, 5, 5, SRGB),
	C(296, ASTC_6x5_SRGB, 16, 6, 5, SRGB),
	C(297, ASTC_6x6_SRGB, 16, 6, 6, SRGB),
	C(298, ASTC_8x5_SRGB, 16, 8, 5, SRGB),
	C(299, ASTC_8x6_SRGB, 16, 8, 6, SRGB),
	C(300, ASTC_8x8_SRGB, 16, 8, 8, SRGB),
	C(301, ASTC_10x5_SRGB, 16, 10, 5, SRGB),
	C(302, ASTC_10x6_SRGB, 16, 10, 6, SRGB),
	C(303, ASTC_10x8_SRGB, 16, 10, 8, SRGB),
	C(304, ASTC_10x10_SRGB, 16, 10, 10, SRGB),
	C(305, ASTC_12x10_SRGB, 16, 12, 10, SRGB),
	C(306, ASTC_12x12_SRGB, 16, 12, 12, SRGB),

	/* late additions to the enum */
	F(308, R10G10B10X2_UNORM, 4, 0),
	F(311, A4B4G4R4_UNORM, 2, 0),
	F(312, R8_SRGB, 1, SRGB),
	F(313, R8G8_SRGB, 2, SRGB),
	F(317, B8G8R8_UNORM, 3, 0),
	F(319, R4G4B4A4_UNORM, 2, 0),
	F(320, R5G5B5A1_UNORM, 2, 0),
	F(321, R5G6B5_UNORM, 2, 0),
};

const struct vdrm_format_desc *vdrm_format_describe(uint32_t format)
{
	/* Rows left out of the initialiser are all zero: name NULL = unknown. */
	if (format >= VDRM_FORMAT_MAX || !formats[format].name)
		return NULL;
	return &formats[format];
}

const char *vdrm_format_name(uint32_t format)
{
	const struct vdrm_format_desc *desc = vdrm_format_describe(format);

	return desc ? desc->name : "UNKNOWN";
}

/* DRM fourcc <-> virgl format of the buffers GBM, EGL images and scanout
 * share. Fourccs name packed little-endian words from the high bits down;
 * virgl names the bytes in memory order (B first for XRGB8888). */
static const struct {
	uint32_t fourcc, format;
} fourccs[] = {
	{ DRM_FORMAT_XRGB8888, VDRM_FORMAT_B8G8R8X8_UNORM },
	{ DRM_FORMAT_ARGB8888, VDRM_FORMAT_B8G8R8A8_UNORM },
	{ DRM_FORMAT_XBGR8888, VDRM_FORMAT_R8G8B8X8_UNORM },
	{ DRM_FORMAT_ABGR8888, VDRM_FORMAT_R8G8B8A8_UNORM },
	{ DRM_FORMAT_RGB565, VDRM_FORMAT_B5G6R5_UNORM },
};

uint32_t vdrm_format_from_fourcc(uint32_t fourcc)
{
	for (size_t i = 0; i < sizeof(fourccs) / sizeof(fourccs[0]); i++)
		if (fourccs[i].fourcc == fourcc)
			return fourccs[i].format;
	return 0;
}

uint32_t vdrm_format_to_fourcc(uint32_t format)
{
	for (size_t i = 0; i < sizeof(fourccs) / sizeof(fourccs[0]); i++)
		if (fourccs[i].format == format)
			return fourccs[i].fourcc;
	return 0;
}
