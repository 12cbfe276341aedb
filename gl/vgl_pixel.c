/* SPDX-License-Identifier: MIT */
#include "vgl_pixel.h"

#include <GLES3/gl31.h>   /* GL_STENCIL_INDEX (OES_texture_stencil8) */
#include <string.h>

#include "vgl_extensions.h"
#include "vgl_pixel_codec.h"

#define ID { VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY, \
	     VK_COMPONENT_SWIZZLE_IDENTITY, VK_COMPONENT_SWIZZLE_IDENTITY }
#define RGB1 { VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_G, VK_COMPONENT_SWIZZLE_B, \
	       VK_COMPONENT_SWIZZLE_ONE }
#define LUM { VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_R, \
	      VK_COMPONENT_SWIZZLE_ONE }
#define LUMA { VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_R, \
	       VK_COMPONENT_SWIZZLE_G }
#define ALPHA { VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_ZERO, \
		VK_COMPONENT_SWIZZLE_ZERO, VK_COMPONENT_SWIZZLE_R }

#define UB GL_UNSIGNED_BYTE
#define F(i, f, t, base, vk, swz, conv, sb, db, rend, filt, r, g, b, a, d, s) \
	{ i, f, t, base, vk, swz, conv, sb, db, rend, filt, { r, g, b, a, d, s }, 0, 0 }
/* a colour row of ES 3.0's sized formats */
#define C(i, f, t, base, vk, swz, conv, sb, db, rend, filt, r, g, b, a) \
	{ i, f, t, base, VK_FORMAT_##vk, swz, VGL_CONV_##conv, sb, db, rend, filt, \
	  { r, g, b, a, 0, 0 }, 0, 0 }
/* ES 3.0's 32-bit float formats: filterable with OES_texture_float_linear */
#define C32F(i, f, base, vk, swz, conv, sb, db, rend, r, g, b, a) \
	{ i, f, GL_FLOAT, base, VK_FORMAT_##vk, swz, VGL_CONV_##conv, sb, db, rend, false, \
	  { r, g, b, a, 0, 0 }, 0, LIN(OES_texture_float_linear) }
/* a row an extension brings (ext), filterable when `lin` is exposed (0: never) */
#define FE(ext, lin, i, f, t, base, vk, swz, conv, sb, db, rend, filt, r, g, b, a) \
	{ i, f, t, base, vk, swz, conv, sb, db, rend, filt, { r, g, b, a, 0, 0 }, \
	  VGL_EXT_##ext + 1, lin }
#define LIN(ext) (VGL_EXT_##ext + 1)
#define HF GL_HALF_FLOAT_OES
#define H GL_HALF_FLOAT
#define FL GL_FLOAT
#define B GL_BYTE
#define US GL_UNSIGNED_SHORT
#define SH GL_SHORT
#define UI GL_UNSIGNED_INT
#define IN GL_INT
#define P2101010 GL_UNSIGNED_INT_2_10_10_10_REV
#define RGBA_I GL_RGBA_INTEGER
#define RGB_I GL_RGB_INTEGER
#define RG_I GL_RG_INTEGER
#define RED_I GL_RED_INTEGER

/*
 * Renderable: colour-renderable as ES 3.0 table 3.13 says (the float ones
 * with EXT_color_buffer_float: vgl_pixel_color_renderable). Formats the
 * host has no 3-channel image of (RGB integer, float and sRGB, RGB8) are
 * stored as their RGBA format seen through RGB1; conversions the table
 * names CODEC go through vgl_pixel_codec.c.
 */
static const struct vgl_pixel_format table[] = {
	/* ES 2.0: internalformat == format */
	F(GL_RGBA, GL_RGBA, UB, GL_RGBA, VK_FORMAT_R8G8B8A8_UNORM, ID, VGL_CONV_COPY, 4, 4, true, true, 8, 8, 8, 8, 0, 0),
	F(GL_RGB, GL_RGB, UB, GL_RGB, VK_FORMAT_R8G8B8A8_UNORM, RGB1, VGL_CONV_RGB8_TO_RGBA8, 3, 4, true, true, 8, 8, 8, 0, 0, 0),
	F(GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GL_RGBA, VK_FORMAT_R4G4B4A4_UNORM_PACK16, ID, VGL_CONV_COPY, 2, 2, true, true, 4, 4, 4, 4, 0, 0),
	F(GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GL_RGBA, VK_FORMAT_A1R5G5B5_UNORM_PACK16, ID, VGL_CONV_CODEC, 2, 2, true, true, 5, 5, 5, 1, 0, 0),
	F(GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_RGB, VK_FORMAT_R5G6B5_UNORM_PACK16, ID, VGL_CONV_COPY, 2, 2, true, true, 5, 6, 5, 0, 0, 0),
	F(GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, UB, GL_LUMINANCE_ALPHA, VK_FORMAT_R8G8_UNORM, LUMA, VGL_CONV_COPY, 2, 2, false, true, 8, 8, 8, 8, 0, 0),
	F(GL_LUMINANCE, GL_LUMINANCE, UB, GL_LUMINANCE, VK_FORMAT_R8_UNORM, LUM, VGL_CONV_COPY, 1, 1, false, true, 8, 8, 8, 0, 0, 0),
	F(GL_ALPHA, GL_ALPHA, UB, GL_ALPHA, VK_FORMAT_R8_UNORM, ALPHA, VGL_CONV_COPY, 1, 1, false, true, 0, 0, 0, 8, 0, 0),
	F(GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, GL_DEPTH_COMPONENT, VK_FORMAT_D16_UNORM, ID, VGL_CONV_COPY, 2, 2, true, false, 0, 0, 0, 0, 16, 0),
	F(GL_DEPTH_COMPONENT, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, GL_DEPTH_COMPONENT, VK_FORMAT_X8_D24_UNORM_PACK32, ID, VGL_CONV_U32_TO_D24, 4, 4, true, false, 0, 0, 0, 0, 24, 0),
	F(GL_DEPTH_STENCIL, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_DEPTH_STENCIL, VK_FORMAT_D24_UNORM_S8_UINT, ID, VGL_CONV_COPY, 4, 4, true, false, 0, 0, 0, 0, 24, 8),
	/* ES 3.0 sized formats (table 3.13), each with the data table 3.2 allows it */
	C(GL_RGBA8, GL_RGBA, UB, GL_RGBA, R8G8B8A8_UNORM, ID, COPY, 4, 4, true, true, 8, 8, 8, 8),
	C(GL_RGB8, GL_RGB, UB, GL_RGB, R8G8B8A8_UNORM, RGB1, RGB8_TO_RGBA8, 3, 4, true, true, 8, 8, 8, 0),
	C(GL_R8, GL_RED, UB, GL_RED, R8_UNORM, ID, COPY, 1, 1, true, true, 8, 0, 0, 0),
	C(GL_RG8, GL_RG, UB, GL_RG, R8G8_UNORM, ID, COPY, 2, 2, true, true, 8, 8, 0, 0),
	C(GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, GL_RGB, R5G6B5_UNORM_PACK16, ID, COPY, 2, 2, true, true, 5, 6, 5, 0),
	C(GL_RGB565, GL_RGB, UB, GL_RGB, R5G6B5_UNORM_PACK16, ID, CODEC, 3, 2, true, true, 5, 6, 5, 0),
	C(GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, GL_RGBA, R4G4B4A4_UNORM_PACK16, ID, COPY, 2, 2, true, true, 4, 4, 4, 4),
	C(GL_RGBA4, GL_RGBA, UB, GL_RGBA, R4G4B4A4_UNORM_PACK16, ID, CODEC, 4, 2, true, true, 4, 4, 4, 4),
	C(GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, GL_RGBA, A1R5G5B5_UNORM_PACK16, ID, CODEC, 2, 2, true, true, 5, 5, 5, 1),
	C(GL_RGB5_A1, GL_RGBA, UB, GL_RGBA, A1R5G5B5_UNORM_PACK16, ID, CODEC, 4, 2, true, true, 5, 5, 5, 1),
	C(GL_RGB5_A1, GL_RGBA, P2101010, GL_RGBA, A1R5G5B5_UNORM_PACK16, ID, CODEC, 4, 2, true, true, 5, 5, 5, 1),
	C(GL_RGB10_A2, GL_RGBA, P2101010, GL_RGBA, A2B10G10R10_UNORM_PACK32, ID, COPY, 4, 4, true, true, 10, 10, 10, 2),
	C(GL_RGB10_A2UI, RGBA_I, P2101010, GL_RGBA, A2B10G10R10_UINT_PACK32, ID, COPY, 4, 4, true, false, 10, 10, 10, 2),
	C(GL_SRGB8_ALPHA8, GL_RGBA, UB, GL_RGBA, R8G8B8A8_SRGB, ID, COPY, 4, 4, true, true, 8, 8, 8, 8),
	C(GL_SRGB8, GL_RGB, UB, GL_RGB, R8G8B8A8_SRGB, RGB1, RGB8_TO_RGBA8, 3, 4, false, true, 8, 8, 8, 0),
	C(GL_RGBA8_SNORM, GL_RGBA, B, GL_RGBA, R8G8B8A8_SNORM, ID, COPY, 4, 4, false, true, 8, 8, 8, 8),
	C(GL_RGB8_SNORM, GL_RGB, B, GL_RGB, R8G8B8A8_SNORM, RGB1, CODEC, 3, 4, false, true, 8, 8, 8, 0),
	C(GL_RG8_SNORM, GL_RG, B, GL_RG, R8G8_SNORM, ID, COPY, 2, 2, false, true, 8, 8, 0, 0),
	C(GL_R8_SNORM, GL_RED, B, GL_RED, R8_SNORM, ID, COPY, 1, 1, false, true, 8, 0, 0, 0),
	/* floating point */
	C(GL_RGBA16F, GL_RGBA, H, GL_RGBA, R16G16B16A16_SFLOAT, ID, COPY, 8, 8, true, true, 16, 16, 16, 16),
	C(GL_RGBA16F, GL_RGBA, FL, GL_RGBA, R16G16B16A16_SFLOAT, ID, CODEC, 16, 8, true, true, 16, 16, 16, 16),
	C32F(GL_RGBA32F, GL_RGBA, GL_RGBA, R32G32B32A32_SFLOAT, ID, COPY, 16, 16, true, 32, 32, 32, 32),
	C(GL_RGB16F, GL_RGB, H, GL_RGB, R16G16B16A16_SFLOAT, RGB1, CODEC, 6, 8, false, true, 16, 16, 16, 0),
	C(GL_RGB16F, GL_RGB, FL, GL_RGB, R16G16B16A16_SFLOAT, RGB1, CODEC, 12, 8, false, true, 16, 16, 16, 0),
	C32F(GL_RGB32F, GL_RGB, GL_RGB, R32G32B32A32_SFLOAT, RGB1, CODEC, 12, 16, false, 32, 32, 32, 0),
	C(GL_RG16F, GL_RG, H, GL_RG, R16G16_SFLOAT, ID, COPY, 4, 4, true, true, 16, 16, 0, 0),
	C(GL_RG16F, GL_RG, FL, GL_RG, R16G16_SFLOAT, ID, CODEC, 8, 4, true, true, 16, 16, 0, 0),
	C32F(GL_RG32F, GL_RG, GL_RG, R32G32_SFLOAT, ID, COPY, 8, 8, true, 32, 32, 0, 0),
	C(GL_R16F, GL_RED, H, GL_RED, R16_SFLOAT, ID, COPY, 2, 2, true, true, 16, 0, 0, 0),
	C(GL_R16F, GL_RED, FL, GL_RED, R16_SFLOAT, ID, CODEC, 4, 2, true, true, 16, 0, 0, 0),
	C32F(GL_R32F, GL_RED, GL_RED, R32_SFLOAT, ID, COPY, 4, 4, true, 32, 0, 0, 0),
	C(GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, GL_RGB, B10G11R11_UFLOAT_PACK32, ID, COPY, 4, 4, true, true, 11, 11, 10, 0),
	C(GL_R11F_G11F_B10F, GL_RGB, H, GL_RGB, B10G11R11_UFLOAT_PACK32, ID, CODEC, 6, 4, true, true, 11, 11, 10, 0),
	C(GL_R11F_G11F_B10F, GL_RGB, FL, GL_RGB, B10G11R11_UFLOAT_PACK32, ID, CODEC, 12, 4, true, true, 11, 11, 10, 0),
	C(GL_RGB9_E5, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, GL_RGB, E5B9G9R9_UFLOAT_PACK32, ID, COPY, 4, 4, false, true, 9, 9, 9, 0),
	C(GL_RGB9_E5, GL_RGB, H, GL_RGB, E5B9G9R9_UFLOAT_PACK32, ID, CODEC, 6, 4, false, true, 9, 9, 9, 0),
	C(GL_RGB9_E5, GL_RGB, FL, GL_RGB, E5B9G9R9_UFLOAT_PACK32, ID, CODEC, 12, 4, false, true, 9, 9, 9, 0),
	/* integer: never filterable */
	C(GL_RGBA8UI, RGBA_I, UB, GL_RGBA, R8G8B8A8_UINT, ID, COPY, 4, 4, true, false, 8, 8, 8, 8),
	C(GL_RGBA8I, RGBA_I, B, GL_RGBA, R8G8B8A8_SINT, ID, COPY, 4, 4, true, false, 8, 8, 8, 8),
	C(GL_RGBA16UI, RGBA_I, US, GL_RGBA, R16G16B16A16_UINT, ID, COPY, 8, 8, true, false, 16, 16, 16, 16),
	C(GL_RGBA16I, RGBA_I, SH, GL_RGBA, R16G16B16A16_SINT, ID, COPY, 8, 8, true, false, 16, 16, 16, 16),
	C(GL_RGBA32UI, RGBA_I, UI, GL_RGBA, R32G32B32A32_UINT, ID, COPY, 16, 16, true, false, 32, 32, 32, 32),
	C(GL_RGBA32I, RGBA_I, IN, GL_RGBA, R32G32B32A32_SINT, ID, COPY, 16, 16, true, false, 32, 32, 32, 32),
	C(GL_RGB8UI, RGB_I, UB, GL_RGB, R8G8B8A8_UINT, RGB1, CODEC, 3, 4, false, false, 8, 8, 8, 0),
	C(GL_RGB8I, RGB_I, B, GL_RGB, R8G8B8A8_SINT, RGB1, CODEC, 3, 4, false, false, 8, 8, 8, 0),
	C(GL_RGB16UI, RGB_I, US, GL_RGB, R16G16B16A16_UINT, RGB1, CODEC, 6, 8, false, false, 16, 16, 16, 0),
	C(GL_RGB16I, RGB_I, SH, GL_RGB, R16G16B16A16_SINT, RGB1, CODEC, 6, 8, false, false, 16, 16, 16, 0),
	C(GL_RGB32UI, RGB_I, UI, GL_RGB, R32G32B32A32_UINT, RGB1, CODEC, 12, 16, false, false, 32, 32, 32, 0),
	C(GL_RGB32I, RGB_I, IN, GL_RGB, R32G32B32A32_SINT, RGB1, CODEC, 12, 16, false, false, 32, 32, 32, 0),
	C(GL_RG8UI, RG_I, UB, GL_RG, R8G8_UINT, ID, COPY, 2, 2, true, false, 8, 8, 0, 0),
	C(GL_RG8I, RG_I, B, GL_RG, R8G8_SINT, ID, COPY, 2, 2, true, false, 8, 8, 0, 0),
	C(GL_RG16UI, RG_I, US, GL_RG, R16G16_UINT, ID, COPY, 4, 4, true, false, 16, 16, 0, 0),
	C(GL_RG16I, RG_I, SH, GL_RG, R16G16_SINT, ID, COPY, 4, 4, true, false, 16, 16, 0, 0),
	C(GL_RG32UI, RG_I, UI, GL_RG, R32G32_UINT, ID, COPY, 8, 8, true, false, 32, 32, 0, 0),
	C(GL_RG32I, RG_I, IN, GL_RG, R32G32_SINT, ID, COPY, 8, 8, true, false, 32, 32, 0, 0),
	C(GL_R8UI, RED_I, UB, GL_RED, R8_UINT, ID, COPY, 1, 1, true, false, 8, 0, 0, 0),
	C(GL_R8I, RED_I, B, GL_RED, R8_SINT, ID, COPY, 1, 1, true, false, 8, 0, 0, 0),
	C(GL_R16UI, RED_I, US, GL_RED, R16_UINT, ID, COPY, 2, 2, true, false, 16, 0, 0, 0),
	C(GL_R16I, RED_I, SH, GL_RED, R16_SINT, ID, COPY, 2, 2, true, false, 16, 0, 0, 0),
	C(GL_R32UI, RED_I, UI, GL_RED, R32_UINT, ID, COPY, 4, 4, true, false, 32, 0, 0, 0),
	C(GL_R32I, RED_I, IN, GL_RED, R32_SINT, ID, COPY, 4, 4, true, false, 32, 0, 0, 0),
	/* depth and stencil: filterable only when compared (vgl_texture_sample.c) */
	F(GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, US, GL_DEPTH_COMPONENT, VK_FORMAT_D16_UNORM, ID, VGL_CONV_COPY, 2, 2, true, false, 0, 0, 0, 0, 16, 0),
	F(GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, UI, GL_DEPTH_COMPONENT, VK_FORMAT_D16_UNORM, ID, VGL_CONV_CODEC, 4, 2, true, false, 0, 0, 0, 0, 16, 0),
	F(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, UI, GL_DEPTH_COMPONENT, VK_FORMAT_X8_D24_UNORM_PACK32, ID, VGL_CONV_U32_TO_D24, 4, 4, true, false, 0, 0, 0, 0, 24, 0),
	F(GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, FL, GL_DEPTH_COMPONENT, VK_FORMAT_D32_SFLOAT, ID, VGL_CONV_COPY, 4, 4, true, false, 0, 0, 0, 0, 32, 0),
	F(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, GL_DEPTH_STENCIL, VK_FORMAT_D24_UNORM_S8_UINT, ID, VGL_CONV_COPY, 4, 4, true, false, 0, 0, 0, 0, 24, 8),
	F(GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, GL_DEPTH_STENCIL, VK_FORMAT_D32_SFLOAT_S8_UINT, ID, VGL_CONV_COPY, 8, 8, true, false, 0, 0, 0, 0, 32, 8),
	/* OES_texture_stencil8: stored as D24S8 (the host has no S8 texture), depth unused */
	{ GL_STENCIL_INDEX8, GL_STENCIL_INDEX, UB, GL_STENCIL_INDEX, VK_FORMAT_D24_UNORM_S8_UINT, ID,
	  VGL_CONV_S8_TO_S8D24, 1, 4, true, false, { 0, 0, 0, 0, 0, 8 },
	  VGL_EXT_OES_texture_stencil8 + 1, 0 },
	/* OES_texture_float / OES_texture_half_float: unsized, not clamped; RGB is stored as
	 * RGBA; RED and RG (EXT_texture_rg, always exposed) as R and RG */
	FE(OES_texture_float, LIN(OES_texture_float_linear), GL_RGBA, GL_RGBA, GL_FLOAT, GL_RGBA, VK_FORMAT_R32G32B32A32_SFLOAT, ID, VGL_CONV_COPY, 16, 16, false, false, 32, 32, 32, 32),
	FE(OES_texture_float, LIN(OES_texture_float_linear), GL_RGB, GL_RGB, GL_FLOAT, GL_RGB, VK_FORMAT_R32G32B32A32_SFLOAT, RGB1, VGL_CONV_CODEC, 12, 16, false, false, 32, 32, 32, 0),
	FE(OES_texture_float, LIN(OES_texture_float_linear), GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, GL_FLOAT, GL_LUMINANCE_ALPHA, VK_FORMAT_R32G32_SFLOAT, LUMA, VGL_CONV_COPY, 8, 8, false, false, 32, 32, 32, 32),
	FE(OES_texture_float, LIN(OES_texture_float_linear), GL_LUMINANCE, GL_LUMINANCE, GL_FLOAT, GL_LUMINANCE, VK_FORMAT_R32_SFLOAT, LUM, VGL_CONV_COPY, 4, 4, false, false, 32, 32, 32, 0),
	FE(OES_texture_float, LIN(OES_texture_float_linear), GL_ALPHA, GL_ALPHA, GL_FLOAT, GL_ALPHA, VK_FORMAT_R32_SFLOAT, ALPHA, VGL_CONV_COPY, 4, 4, false, false, 0, 0, 0, 32),
	FE(OES_texture_float, LIN(OES_texture_float_linear), GL_RG, GL_RG, GL_FLOAT, GL_RG, VK_FORMAT_R32G32_SFLOAT, ID, VGL_CONV_COPY, 8, 8, false, false, 32, 32, 0, 0),
	FE(OES_texture_float, LIN(OES_texture_float_linear), GL_RED, GL_RED, GL_FLOAT, GL_RED, VK_FORMAT_R32_SFLOAT, ID, VGL_CONV_COPY, 4, 4, false, false, 32, 0, 0, 0),
	FE(OES_texture_half_float, LIN(OES_texture_half_float_linear), GL_RGBA, GL_RGBA, HF, GL_RGBA, VK_FORMAT_R16G16B16A16_SFLOAT, ID, VGL_CONV_COPY, 8, 8, false, false, 16, 16, 16, 16),
	FE(OES_texture_half_float, LIN(OES_texture_half_float_linear), GL_RGB, GL_RGB, HF, GL_RGB, VK_FORMAT_R16G16B16A16_SFLOAT, RGB1, VGL_CONV_CODEC, 6, 8, false, false, 16, 16, 16, 0),
	FE(OES_texture_half_float, LIN(OES_texture_half_float_linear), GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, HF, GL_LUMINANCE_ALPHA, VK_FORMAT_R16G16_SFLOAT, LUMA, VGL_CONV_COPY, 4, 4, false, false, 16, 16, 16, 16),
	FE(OES_texture_half_float, LIN(OES_texture_half_float_linear), GL_LUMINANCE, GL_LUMINANCE, HF, GL_LUMINANCE, VK_FORMAT_R16_SFLOAT, LUM, VGL_CONV_COPY, 2, 2, false, false, 16, 16, 16, 0),
	FE(OES_texture_half_float, LIN(OES_texture_half_float_linear), GL_ALPHA, GL_ALPHA, HF, GL_ALPHA, VK_FORMAT_R16_SFLOAT, ALPHA, VGL_CONV_COPY, 2, 2, false, false, 0, 0, 0, 16),
	FE(OES_texture_half_float, LIN(OES_texture_half_float_linear), GL_RG, GL_RG, HF, GL_RG, VK_FORMAT_R16G16_SFLOAT, ID, VGL_CONV_COPY, 4, 4, false, false, 16, 16, 0, 0),
	FE(OES_texture_half_float, LIN(OES_texture_half_float_linear), GL_RED, GL_RED, HF, GL_RED, VK_FORMAT_R16_SFLOAT, ID, VGL_CONV_COPY, 2, 2, false, false, 16, 0, 0, 0),
	/* EXT_texture_format_BGRA8888: swizzled into RGBA8 on upload, so renderable like it;
	 * BGRA8_EXT is its sized name (revision 1.3: TexImage and TexStorage alike) */
	FE(EXT_texture_format_BGRA8888, 0, GL_BGRA_EXT, GL_BGRA_EXT, UB, GL_RGBA, VK_FORMAT_R8G8B8A8_UNORM, ID, VGL_CONV_CODEC, 4, 4, true, true, 8, 8, 8, 8),
	FE(EXT_texture_format_BGRA8888, 0, GL_BGRA8_EXT, GL_BGRA_EXT, UB, GL_RGBA, VK_FORMAT_R8G8B8A8_UNORM, ID, VGL_CONV_CODEC, 4, 4, true, true, 8, 8, 8, 8),
	/* EXT_texture_rg: unsized RED / RG of bytes, renderable */
	FE(EXT_texture_rg, 0, GL_RED, GL_RED, UB, GL_RED, VK_FORMAT_R8_UNORM, ID, VGL_CONV_COPY, 1, 1, true, true, 8, 0, 0, 0),
	FE(EXT_texture_rg, 0, GL_RG, GL_RG, UB, GL_RG, VK_FORMAT_R8G8_UNORM, ID, VGL_CONV_COPY, 2, 2, true, true, 8, 8, 0, 0),
	/* EXT_texture_type_2_10_10_10_REV: GL's packing is the host's A2B10G10R10. The
	 * extension brings textures only, none colour-renderable (issue 1); with
	 * OES_required_internalformat (always exposed with it) RGB10_EXT and
	 * RGB10_A2_EXT name them too. ES 3.0's RGB10_A2 is its own, renderable row. */
	FE(EXT_texture_type_2_10_10_10_REV, 0, GL_RGBA, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGBA, VK_FORMAT_A2B10G10R10_UNORM_PACK32, ID, VGL_CONV_COPY, 4, 4, false, true, 10, 10, 10, 2),
	FE(EXT_texture_type_2_10_10_10_REV, 0, GL_RGB, GL_RGB, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGB, VK_FORMAT_A2B10G10R10_UNORM_PACK32, RGB1, VGL_CONV_COPY, 4, 4, false, true, 10, 10, 10, 0),
	FE(EXT_texture_type_2_10_10_10_REV, 0, GL_RGB10_EXT, GL_RGB, GL_UNSIGNED_INT_2_10_10_10_REV, GL_RGB, VK_FORMAT_A2B10G10R10_UNORM_PACK32, RGB1, VGL_CONV_COPY, 4, 4, false, true, 10, 10, 10, 0),
	/* EXT_texture_sRGB_R8 / _RG8: sRGB red and red-green, textures only */
	FE(EXT_texture_sRGB_R8, 0, GL_SR8_EXT, GL_RED, UB, GL_RED, VK_FORMAT_R8_SRGB, ID, VGL_CONV_COPY, 1, 1, false, true, 8, 0, 0, 0),
	FE(EXT_texture_sRGB_RG8, 0, GL_SRG8_EXT, GL_RG, UB, GL_RG, VK_FORMAT_R8G8_SRGB, ID, VGL_CONV_COPY, 2, 2, false, true, 8, 8, 0, 0),
	/* EXT_texture_norm16: unsigned ones renderable (RGB16 stored as RGBA16 is not), signed
	 * ones textures only; filterable */
	FE(EXT_texture_norm16, 0, GL_R16_EXT, GL_RED, US, GL_RED, VK_FORMAT_R16_UNORM, ID, VGL_CONV_COPY, 2, 2, true, true, 16, 0, 0, 0),
	FE(EXT_texture_norm16, 0, GL_RG16_EXT, GL_RG, US, GL_RG, VK_FORMAT_R16G16_UNORM, ID, VGL_CONV_COPY, 4, 4, true, true, 16, 16, 0, 0),
	FE(EXT_texture_norm16, 0, GL_RGB16_EXT, GL_RGB, US, GL_RGB, VK_FORMAT_R16G16B16A16_UNORM, RGB1, VGL_CONV_CODEC, 6, 8, false, true, 16, 16, 16, 0),
	FE(EXT_texture_norm16, 0, GL_RGBA16_EXT, GL_RGBA, US, GL_RGBA, VK_FORMAT_R16G16B16A16_UNORM, ID, VGL_CONV_COPY, 8, 8, true, true, 16, 16, 16, 16),
	FE(EXT_texture_norm16, 0, GL_R16_SNORM_EXT, GL_RED, SH, GL_RED, VK_FORMAT_R16_SNORM, ID, VGL_CONV_COPY, 2, 2, false, true, 16, 0, 0, 0),
	FE(EXT_texture_norm16, 0, GL_RG16_SNORM_EXT, GL_RG, SH, GL_RG, VK_FORMAT_R16G16_SNORM, ID, VGL_CONV_COPY, 4, 4, false, true, 16, 16, 0, 0),
	FE(EXT_texture_norm16, 0, GL_RGB16_SNORM_EXT, GL_RGB, SH, GL_RGB, VK_FORMAT_R16G16B16A16_SNORM, RGB1, VGL_CONV_CODEC, 6, 8, false, true, 16, 16, 16, 0),
	FE(EXT_texture_norm16, 0, GL_RGBA16_SNORM_EXT, GL_RGBA, SH, GL_RGBA, VK_FORMAT_R16G16B16A16_SNORM, ID, VGL_CONV_COPY, 8, 8, false, true, 16, 16, 16, 16),
	/* OES_required_internalformat: the sized luminance/alpha formats (table 3.4.y) */
	FE(OES_required_internalformat, 0, GL_ALPHA8_OES, GL_ALPHA, UB, GL_ALPHA, VK_FORMAT_R8_UNORM, ALPHA, VGL_CONV_COPY, 1, 1, false, true, 0, 0, 0, 8),
	FE(OES_required_internalformat, 0, GL_LUMINANCE8_OES, GL_LUMINANCE, UB, GL_LUMINANCE, VK_FORMAT_R8_UNORM, LUM, VGL_CONV_COPY, 1, 1, false, true, 8, 8, 8, 0),
	FE(OES_required_internalformat, 0, GL_LUMINANCE8_ALPHA8_OES, GL_LUMINANCE_ALPHA, UB, GL_LUMINANCE_ALPHA, VK_FORMAT_R8G8_UNORM, LUMA, VGL_CONV_COPY, 2, 2, false, true, 8, 8, 8, 8),
	FE(OES_required_internalformat, 0, GL_LUMINANCE4_ALPHA4_OES, GL_LUMINANCE_ALPHA, UB, GL_LUMINANCE_ALPHA, VK_FORMAT_R8G8_UNORM, LUMA, VGL_CONV_COPY, 2, 2, false, true, 8, 8, 8, 8),
};
#define TABLE_SIZE (sizeof(table) / sizeof(table[0]))
/* rows before this one are ES 2.0's unsized combinations */
#define FIRST_SIZED 11

/*
 * ES 2.0 knows five formats and four types; ES 3.0 the rest. ES 2.0 with
 * OES_packed_depth_stencil also knows DEPTH_STENCIL and UNSIGNED_INT_24_8,
 * but without OES_depth_texture no internal format takes them: a texture
 * of them is GL_INVALID_VALUE (known_internal), not GL_INVALID_ENUM.
 * Extensions add tokens in both versions: BGRA_EXT, FLOAT, HALF_FLOAT_OES.
 */
static bool known_format(bool es3, vgl_ext_mask_t exts, GLenum f)
{
	switch (f) {
	case GL_RGBA: case GL_RGB: case GL_LUMINANCE_ALPHA: case GL_LUMINANCE: case GL_ALPHA:
	case GL_DEPTH_STENCIL:
		return true;
	case GL_STENCIL_INDEX:
		return exts & VGL_EXT_BIT(VGL_EXT_OES_texture_stencil8);
	case GL_BGRA_EXT:
		return exts & VGL_EXT_BIT(VGL_EXT_EXT_texture_format_BGRA8888);
	case GL_RED: case GL_RG:
		if (exts & VGL_EXT_BIT(VGL_EXT_EXT_texture_rg))
			return true;
	}
	if (!es3)
		return false;
	switch (f) {
	case GL_RED: case GL_RG: case GL_DEPTH_COMPONENT:
	case GL_RED_INTEGER: case GL_RG_INTEGER: case GL_RGB_INTEGER: case GL_RGBA_INTEGER:
		return true;
	}
	return false;
}

static bool known_type(bool es3, vgl_ext_mask_t exts, GLenum t)
{
	switch (t) {
	case GL_UNSIGNED_BYTE: case GL_UNSIGNED_SHORT_5_6_5: case GL_UNSIGNED_SHORT_4_4_4_4:
	case GL_UNSIGNED_SHORT_5_5_5_1: case GL_UNSIGNED_INT_24_8:
		return true;
	case GL_HALF_FLOAT_OES:
		return exts & VGL_EXT_BIT(VGL_EXT_OES_texture_half_float);
	case GL_FLOAT:
		if (exts & VGL_EXT_BIT(VGL_EXT_OES_texture_float))
			return true;
		break;
	case GL_UNSIGNED_INT_2_10_10_10_REV:
		if (exts & VGL_EXT_BIT(VGL_EXT_EXT_texture_type_2_10_10_10_REV))
			return true;
		break;
	}
	if (!es3)
		return false;
	switch (t) {
	case GL_BYTE: case GL_UNSIGNED_SHORT: case GL_SHORT:
	case GL_UNSIGNED_INT: case GL_INT: case GL_HALF_FLOAT: case GL_FLOAT:
	case GL_UNSIGNED_INT_2_10_10_10_REV:
	case GL_UNSIGNED_INT_10F_11F_11F_REV: case GL_UNSIGNED_INT_5_9_9_9_REV:
	case GL_FLOAT_32_UNSIGNED_INT_24_8_REV:
		return true;
	}
	return false;
}

/* OES_required_internalformat's sized colour formats of ES 3.0's rows
 * (table 3.4.x; the depth ones need OES_depth_texture as well). */
static bool es2_sized(const struct vgl_pixel_format *f)
{
	switch (f->internal_format) {
	case GL_RGBA8: case GL_RGB8: case GL_RGB565: case GL_RGBA4: case GL_RGB5_A1:
		return true;
	}
	return false;
}

/* ES 2.0 knows only the unsized rows (and the sized colour ones with
 * OES_required_internalformat); depth textures are ES 3.0's here.
 * Extension rows exist in both versions while their extension is exposed. */
static bool row_allowed(bool es3, vgl_ext_mask_t exts, size_t k)
{
	const struct vgl_pixel_format *f = &table[k];

	if (f->ext)
		return exts & VGL_EXT_BIT(f->ext - 1);
	if (es3)
		return true;
	if (k >= FIRST_SIZED)
		return es2_sized(f) && (exts & VGL_EXT_BIT(VGL_EXT_OES_required_internalformat));
	return f->base_format != GL_DEPTH_COMPONENT && f->base_format != GL_DEPTH_STENCIL;
}

static bool known_internal(bool es3, vgl_ext_mask_t exts, GLint i)
{
	for (size_t k = 0; k < TABLE_SIZE; k++)
		if ((GLint)table[k].internal_format == i && row_allowed(es3, exts, k))
			return true;
	return false;
}

GLenum vgl_pixel_lookup(bool es3, vgl_ext_mask_t exts, GLint internal_format, GLenum format,
			GLenum type, const struct vgl_pixel_format **out)
{
	if (!known_format(es3, exts, format) || !known_type(es3, exts, type))
		return GL_INVALID_ENUM;
	if (!known_internal(es3, exts, internal_format))
		return GL_INVALID_VALUE;
	for (size_t k = 0; k < TABLE_SIZE; k++) {
		const struct vgl_pixel_format *f = &table[k];

		if ((GLint)f->internal_format == internal_format && f->format == format &&
		    f->type == type && row_allowed(es3, exts, k)) {
			*out = f;
			return GL_NO_ERROR;
		}
	}
	return GL_INVALID_OPERATION;
}

const struct vgl_pixel_format *vgl_pixel_sized(GLenum internal_format)
{
	for (size_t k = FIRST_SIZED; k < TABLE_SIZE; k++)
		if (table[k].internal_format == internal_format && !table[k].ext)
			return &table[k];
	return NULL;
}

/* ES 3.x extensions whose sized formats glTexStorage* and renderbuffers take
 * (the ES 2.0 ones' rows are TexImage's only). */
static bool storage_ext(uint8_t ext)
{
	return ext == VGL_EXT_EXT_texture_norm16 + 1;
}

const struct vgl_pixel_format *vgl_pixel_sized_ext(vgl_ext_mask_t exts, GLenum internal_format)
{
	for (size_t k = FIRST_SIZED; k < TABLE_SIZE; k++)
		if (table[k].internal_format == internal_format && storage_ext(table[k].ext) &&
		    (exts & VGL_EXT_BIT(table[k].ext - 1)))
			return &table[k];
	return NULL;
}

const struct vgl_pixel_format *vgl_pixel_unsized(GLenum internal_format)
{
	for (size_t k = 0; k < FIRST_SIZED; k++)
		if (table[k].internal_format == internal_format && table[k].type == UB)
			return &table[k];
	return NULL;
}

size_t vgl_pixel_stride(const struct vgl_pixel_format *f, GLint row_length, GLsizei width,
			GLint alignment)
{
	size_t len = (size_t)(row_length > 0 ? row_length : width) * f->src_bpp;
	size_t a = alignment > 0 ? (size_t)alignment : 1;

	return (len + a - 1) / a * a;
}

static void rgb_to_rgba(const uint8_t *s, uint8_t *d, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		memcpy(d + 4 * i, s + 3 * i, 3);
		d[4 * i + 3] = 255;
	}
}

/* GL's 32-bit depth keeps its top 24 bits in the host's X8D24 */
static void u32_to_d24(const uint8_t *s, uint8_t *d, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t v;

		memcpy(&v, s + 4 * i, 4);
		v >>= 8;
		memcpy(d + 4 * i, &v, 4);
	}
}

/* Any other pair: through RGBA channels, a few texels at a time. */
static void convert_codec(const struct vgl_pixel_format *f, const uint8_t *s, uint8_t *d,
			  uint32_t n)
{
	struct vgl_codec from, to;
	union vgl_texel t[64];

	if (!vgl_codec_gl(f->format, f->type, &from) || !vgl_codec_vk(f->vk, &to))
		return;   /* every CODEC row has both (test_gl_formats uploads each) */
	for (uint32_t i = 0; i < n; i += 64) {
		uint32_t k = n - i < 64 ? n - i : 64;

		vgl_codec_decode(&from, s + (size_t)i * from.bpp, t, k);
		vgl_codec_encode(&to, t, d + (size_t)i * to.bpp, k);
	}
}

/* S8 into the host's D24S8 word: stencil in the low byte, depth 0 */
static void s8_to_s8d24(const uint8_t *s, uint8_t *d, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++) {
		uint32_t v = s[i];

		memcpy(d + 4 * i, &v, 4);
	}
}

void vgl_pixel_convert_row(const struct vgl_pixel_format *f, const void *src, void *dst,
			   uint32_t width)
{
	switch (f->conv) {
	case VGL_CONV_RGB8_TO_RGBA8: rgb_to_rgba(src, dst, width); return;
	case VGL_CONV_U32_TO_D24: u32_to_d24(src, dst, width); return;
	case VGL_CONV_S8_TO_S8D24: s8_to_s8d24(src, dst, width); return;
	case VGL_CONV_CODEC: convert_codec(f, src, dst, width); return;
	default: memcpy(dst, src, (size_t)width * f->dst_bpp);
	}
}

enum vgl_texel_kind vgl_pixel_kind(const struct vgl_pixel_format *f)
{
	struct vgl_codec c;

	return vgl_codec_vk(f->vk, &c) ? (enum vgl_texel_kind)c.kind : VGL_TEXEL_UNORM;
}

bool vgl_pixel_hidden_alpha(const struct vgl_pixel_format *f)
{
	if (f->base_format != GL_RGB)
		return false;
	switch (f->vk) {
	case VK_FORMAT_R8G8B8A8_UNORM:
	case VK_FORMAT_R8G8B8A8_SRGB:
	case VK_FORMAT_R16G16B16A16_SFLOAT:
	case VK_FORMAT_R32G32B32A32_SFLOAT:
		return true;
	default:
		return false;
	}
}

int vgl_pixel_vk_int_class(VkFormat f)
{
	struct vgl_codec c;

	if (!vgl_codec_vk(f, &c) || (c.kind != VGL_TEXEL_UINT && c.kind != VGL_TEXEL_SINT))
		return 0;
	return c.kind;
}

bool vgl_pixel_vk_srgb(VkFormat f)
{
	return f == VK_FORMAT_R8G8B8A8_SRGB || f == VK_FORMAT_B8G8R8A8_SRGB ||
	       f == VK_FORMAT_R8_SRGB || f == VK_FORMAT_R8G8_SRGB;
}

VkFormat vgl_pixel_vk_linear(VkFormat f)
{
	switch (f) {
	case VK_FORMAT_R8G8B8A8_SRGB: return VK_FORMAT_R8G8B8A8_UNORM;
	case VK_FORMAT_B8G8R8A8_SRGB: return VK_FORMAT_B8G8R8A8_UNORM;
	case VK_FORMAT_R8_SRGB: return VK_FORMAT_R8_UNORM;
	case VK_FORMAT_R8G8_SRGB: return VK_FORMAT_R8G8_UNORM;
	default: return VK_FORMAT_UNDEFINED;
	}
}

bool vgl_pixel_srgb(const struct vgl_pixel_format *f)
{
	return vgl_pixel_vk_srgb(f->vk);
}

GLenum vgl_pixel_component_type(const struct vgl_pixel_format *f)
{
	static const GLenum types[] = { GL_UNSIGNED_NORMALIZED, GL_SIGNED_NORMALIZED, GL_FLOAT,
					GL_UNSIGNED_INT, GL_INT };

	if (f->base_format == GL_DEPTH_STENCIL || f->base_format == GL_DEPTH_COMPONENT)
		return f->vk == VK_FORMAT_D32_SFLOAT || f->vk == VK_FORMAT_D32_SFLOAT_S8_UINT
			       ? GL_FLOAT : GL_UNSIGNED_NORMALIZED;
	return types[vgl_pixel_kind(f)];
}

bool vgl_pixel_color_renderable(vgl_ext_mask_t exts, const struct vgl_pixel_format *f)
{
	if (!f->renderable || f->bits[4] || f->bits[5])
		return false;
	return vgl_pixel_kind(f) != VGL_TEXEL_FLOAT ||
	       (exts & VGL_EXT_BIT(VGL_EXT_EXT_color_buffer_float));
}

GLint vgl_pixel_bits(const struct vgl_pixel_format *f, GLenum pname)
{
	switch (pname) {
	case GL_RENDERBUFFER_RED_SIZE: case GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE:
	case GL_RED_BITS:
		return f->bits[0];
	case GL_RENDERBUFFER_GREEN_SIZE: case GL_FRAMEBUFFER_ATTACHMENT_GREEN_SIZE:
	case GL_GREEN_BITS:
		return f->bits[1];
	case GL_RENDERBUFFER_BLUE_SIZE: case GL_FRAMEBUFFER_ATTACHMENT_BLUE_SIZE:
	case GL_BLUE_BITS:
		return f->bits[2];
	case GL_RENDERBUFFER_ALPHA_SIZE: case GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE:
	case GL_ALPHA_BITS:
		return f->bits[3];
	case GL_RENDERBUFFER_DEPTH_SIZE: case GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE:
	case GL_DEPTH_BITS:
		return f->bits[4];
	case GL_RENDERBUFFER_STENCIL_SIZE: case GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE:
	case GL_STENCIL_BITS:
		return f->bits[5];
	}
	return 0;
}

void vgl_pixel_read_pair(VkFormat image, GLenum *format, GLenum *type)
{
	struct vgl_codec c;

	*format = GL_RGBA;
	*type = GL_UNSIGNED_BYTE;
	if (!vgl_codec_vk(image, &c))
		return;
	if (c.kind == VGL_TEXEL_UINT || c.kind == VGL_TEXEL_SINT) {
		*format = GL_RGBA_INTEGER;
		*type = c.kind == VGL_TEXEL_UINT ? GL_UNSIGNED_INT : GL_INT;
	} else if (c.kind == VGL_TEXEL_FLOAT) {
		*type = GL_FLOAT;
	}
}

static const struct {
	VkFormat image;
	GLenum format, type;
	bool es3;                  /* pairs ES 2.0's glReadPixels does not take */
} own_pairs[] = {
	{ VK_FORMAT_R5G6B5_UNORM_PACK16, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, false },
	{ VK_FORMAT_A1R5G5B5_UNORM_PACK16, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, false },
	{ VK_FORMAT_R4G4B4A4_UNORM_PACK16, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, false },
	{ VK_FORMAT_A2B10G10R10_UNORM_PACK32, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, true },
	{ VK_FORMAT_R8_UNORM, GL_RED, GL_UNSIGNED_BYTE, true },
	{ VK_FORMAT_R8G8_UNORM, GL_RG, GL_UNSIGNED_BYTE, true },
	/* EXT_texture_norm16: RGBA / UNSIGNED_SHORT reads 16-bit normalized buffers */
	{ VK_FORMAT_R16_UNORM, GL_RGBA, GL_UNSIGNED_SHORT, true },
	{ VK_FORMAT_R16G16_UNORM, GL_RGBA, GL_UNSIGNED_SHORT, true },
	{ VK_FORMAT_R16G16B16A16_UNORM, GL_RGBA, GL_UNSIGNED_SHORT, true },
};

void vgl_pixel_impl_read_pair(VkFormat image, bool es3, GLenum *format, GLenum *type)
{
	vgl_pixel_read_pair(image, format, type);
	for (size_t i = 0; i < sizeof(own_pairs) / sizeof(own_pairs[0]); i++)
		if (own_pairs[i].image == image && (es3 || !own_pairs[i].es3)) {
			*format = own_pairs[i].format;
			*type = own_pairs[i].type;
		}
}

/* BGRA bytes into a B8G8R8A8 image (an imported ARGB / XRGB dma-buf, which
 * has no glTexImage row): copied as they are. */
static const struct vgl_pixel_format bgra_into_bgra8 = {
	GL_BGRA_EXT, GL_BGRA_EXT, GL_UNSIGNED_BYTE, GL_RGBA, VK_FORMAT_B8G8R8A8_UNORM,
	.conv = VGL_CONV_COPY, .src_bpp = 4, .dst_bpp = 4, .renderable = true, .filterable = true,
	.bits = { 8, 8, 8, 8, 0, 0 } };

const struct vgl_pixel_format *vgl_pixel_sub_row(vgl_ext_mask_t exts, VkFormat image, GLenum format,
						 GLenum type)
{
	if (image == VK_FORMAT_B8G8R8A8_UNORM && format == GL_BGRA_EXT &&
	    type == GL_UNSIGNED_BYTE && (exts & VGL_EXT_BIT(VGL_EXT_EXT_texture_format_BGRA8888)))
		return &bgra_into_bgra8;
	return NULL;
}
