/* SPDX-License-Identifier: MIT */
/*
 * Client pixel formats (glTexImage2D's internalformat/format/type) and the
 * image formats that store them. Each supported combination is one table
 * row: the VkFormat, the component swizzle its views sample with (GL's
 * LUMINANCE/ALPHA formats are R8/R8G8 images seen through a swizzle, vk/'s
 * views support them) and how a row of client data becomes a row of the
 * image (a plain copy for most; RGB is stored as RGBA so that it stays
 * renderable and readable; other conversions go through vgl_pixel_codec.h).
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vgl_extensions.h"
#include "vgl_pixel_codec.h"
#include "vvk.h"

enum vgl_pixel_conv {
	VGL_CONV_COPY,
	VGL_CONV_RGB8_TO_RGBA8,  /* the common RGB case, without the codec's detour */
	VGL_CONV_U32_TO_D24,     /* exact, where the codec's floats would round */
	VGL_CONV_S8_TO_S8D24,    /* a stencil byte into the low byte of a D24S8 texel */
	VGL_CONV_CODEC,          /* any other: through RGBA channels (vgl_pixel_codec.h) */
	VGL_CONV_NONE,           /* no client data (STENCIL_INDEX8 renderbuffers, dma-bufs) */
};

struct vgl_pixel_format {
	GLenum internal_format;  /* as the application names it */
	GLenum format, type;
	GLenum base_format;      /* GL_RGBA, GL_LUMINANCE, GL_DEPTH_COMPONENT, ... */
	VkFormat vk;
	VkComponentMapping swizzle;
	enum vgl_pixel_conv conv;
	uint8_t src_bpp, dst_bpp;
	bool renderable, filterable;
	uint8_t bits[6];         /* red, green, blue, alpha, depth, stencil */
	uint8_t ext;             /* 1 + the vgl_ext that brings the row (both ES versions); 0: core */
	uint8_t linear_ext;      /* 1 + the vgl_ext under which it filters when !filterable */
};

/* The row for a glTexImage combination; returns the GL error of a bad one
 * (GL_NO_ERROR and *out set when supported). es3: ES 3.0 rules; exts: the
 * context's vgl_ext_mask() (extension rows and tokens). */
GLenum vgl_pixel_lookup(bool es3, vgl_ext_mask_t exts, GLint internal_format, GLenum format,
			GLenum type, const struct vgl_pixel_format **out);
/* The row glTexSubImage* updates an image that no glTexImage row makes with
 * (EXT_texture_format_BGRA8888's bytes into an imported ARGB / XRGB
 * dma-buf's B8G8R8A8 image, what Xwayland's glamor uploads); NULL: none. */
const struct vgl_pixel_format *vgl_pixel_sub_row(vgl_ext_mask_t exts, VkFormat image, GLenum format,
						 GLenum type);
/* The first row of a sized internal format (glTexStorage2D); NULL if none. */
const struct vgl_pixel_format *vgl_pixel_sized(GLenum internal_format);
/* The row of a sized format an exposed ES 3.x extension brings
 * (EXT_texture_norm16's), for glTexStorage* and renderbuffers; NULL if none. */
const struct vgl_pixel_format *vgl_pixel_sized_ext(vgl_ext_mask_t exts, GLenum internal_format);
/* The row for an unsized internal format with UNSIGNED_BYTE data
 * (glCopyTexImage2D of ES 2.0); NULL if none. */
const struct vgl_pixel_format *vgl_pixel_unsized(GLenum internal_format);
/* Bytes from one client row to the next under the unpack/pack rules. */
size_t vgl_pixel_stride(const struct vgl_pixel_format *f, GLint row_length, GLsizei width,
			GLint alignment);
/* Converts one row of `width` texels from client to image layout. */
void vgl_pixel_convert_row(const struct vgl_pixel_format *f, const void *src, void *dst,
			   uint32_t width);
/* The bits query of a format (GL_TEXTURE_RED_SIZE order: r g b a depth stencil). */
GLint vgl_pixel_bits(const struct vgl_pixel_format *f, GLenum pname);
/* What the image's channels hold (from its VkFormat). */
enum vgl_texel_kind vgl_pixel_kind(const struct vgl_pixel_format *f);
/* An RGB format in an image with an alpha channel (RGB8 as RGBA8): as a
 * colour buffer that alpha is kept at 1 (filled when the image is made,
 * never drawn or cleared to anything else), what GL reads as the alpha of
 * a buffer without alpha (blending included). */
bool vgl_pixel_hidden_alpha(const struct vgl_pixel_format *f);
/* Whether the image stores sRGB-encoded colour (GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING). */
bool vgl_pixel_srgb(const struct vgl_pixel_format *f);
bool vgl_pixel_vk_srgb(VkFormat f);
/* The linear twin of an sRGB format (the same texels, not decoded);
 * VK_FORMAT_UNDEFINED for any other format. */
VkFormat vgl_pixel_vk_linear(VkFormat f);
/* What values an image format holds, as blits and copies match them:
 * VGL_TEXEL_UINT, VGL_TEXEL_SINT, or 0 for normalized and float ones. */
int vgl_pixel_vk_int_class(VkFormat f);
/* GL_UNSIGNED_NORMALIZED, GL_SIGNED_NORMALIZED, GL_FLOAT, GL_INT or GL_UNSIGNED_INT. */
GLenum vgl_pixel_component_type(const struct vgl_pixel_format *f);
/* Colour-renderable (ES 3.0 table 3.13; float formats with
 * EXT_color_buffer_float among the context's vgl_ext_mask() `exts`). */
bool vgl_pixel_color_renderable(vgl_ext_mask_t exts, const struct vgl_pixel_format *f);
/* The pair glReadPixels reads an image of this format with (ES 3.0 §4.3.1:
 * RGBA/UNSIGNED_BYTE, RGBA_INTEGER/INT or UNSIGNED_INT, RGBA/FLOAT by its
 * class); every buffer of the class takes it. */
void vgl_pixel_read_pair(VkFormat image, GLenum *format, GLenum *type);
/* GL_IMPLEMENTATION_COLOR_READ_FORMAT/TYPE: the image's own packing where
 * GL has one for it (RGB565, RGB5_A1, RGBA4, RGB10_A2 and, in ES 3.0, R8
 * and RG8), else the class's pair. Xwayland's glamor reads each pixmap
 * depth's buffers with its own pair and renders only depths whose pair
 * this is. */
void vgl_pixel_impl_read_pair(VkFormat image, bool es3, GLenum *format, GLenum *type);
