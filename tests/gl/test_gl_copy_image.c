/* SPDX-License-Identifier: MIT */
/*
 * glCopyImageSubDataEXT / _OES (EXT_copy_image, OES_copy_image): copies
 * between 2D textures, a renderbuffer and a texture, cube faces, 3D slices
 * and array layers, mip levels, formats of one texel size (RGBA8 <->
 * R32UI keeps the bits) and (ES 3.1) a multisample texture into a
 * multisample renderbuffer, each read back texel for texel through a
 * framebuffer; ETC2/EAC and ASTC blocks (6x6, 8x5, 12x12, sRGB; 3D slices)
 * to and from texels of their size (cube faces to array layers), sampled
 * after a copy into them, and RGB formats of one view class; the errors of
 * its spec; the extension strings. The error
 * table (test_gl_errors.c) has the same errors as rows.
 */
#include <GLES3/gl31.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"
#include <GLES2/gl2ext.h>   /* the ASTC tokens, after gl_test_util.h's GL headers */

typedef void(GL_APIENTRYP copy_fn)(GLuint, GLenum, GLint, GLint, GLint, GLint, GLuint, GLenum,
				   GLint, GLint, GLint, GLint, GLsizei, GLsizei, GLsizei);

#define ES3_FUNCS(X) \
	X(TexStorage2D, TEXSTORAGE2D) X(TexStorage3D, TEXSTORAGE3D) \
	X(GenRenderbuffers, GENRENDERBUFFERS) X(BindRenderbuffer, BINDRENDERBUFFER) \
	X(RenderbufferStorage, RENDERBUFFERSTORAGE) \
	X(RenderbufferStorageMultisample, RENDERBUFFERSTORAGEMULTISAMPLE) \
	X(GenFramebuffers, GENFRAMEBUFFERS) X(BindFramebuffer, BINDFRAMEBUFFER) \
	X(DeleteFramebuffers, DELETEFRAMEBUFFERS) \
	X(FramebufferRenderbuffer, FRAMEBUFFERRENDERBUFFER) \
	X(FramebufferTexture2D, FRAMEBUFFERTEXTURE2D) \
	X(FramebufferTextureLayer, FRAMEBUFFERTEXTURELAYER) \
	X(CheckFramebufferStatus, CHECKFRAMEBUFFERSTATUS) X(ClearBufferuiv, CLEARBUFFERUIV) \
	X(ClearBufferfv, CLEARBUFFERFV) X(BlitFramebuffer, BLITFRAMEBUFFER) \
	X(CompressedTexSubImage2D, COMPRESSEDTEXSUBIMAGE2D) \
	X(CompressedTexImage3D, COMPRESSEDTEXIMAGE3D)

#define ES3_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	ES3_FUNCS(ES3_MEMBER)
	copy_fn copy;
} es;
#undef ES3_MEMBER

static void setup_functions(void)
{
#define ES3_LOAD(n, N) es.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	ES3_FUNCS(ES3_LOAD)
#undef ES3_LOAD
	es.copy = (copy_fn)glt_proc("glCopyImageSubDataEXT");
}

static void setup(void)
{
	glt_setup();
	setup_functions();
}

/* a macro: a failure names the caller's line */
#define expect(e) ck_assert_int_eq(gl.GetError(), (e))

/* The texel (x, y) of layer/face/slice z and level l: bytes x, y, l, z + 1. */
static uint32_t texel(uint32_t x, uint32_t y, uint32_t l, uint32_t z)
{
	return x | y << 8 | l << 16 | (z + 1) << 24;
}

static void pattern(uint32_t *px, uint32_t w, uint32_t h, uint32_t l, uint32_t z)
{
	for (uint32_t y = 0; y < h; y++)
		for (uint32_t x = 0; x < w; x++)
			px[y * w + x] = texel(x, y, l, z);
}

/* An immutable RGBA8 (or other 4-byte) texture of `levels` levels, bound. */
static GLuint tex_2d(GLenum format, GLsizei w, GLsizei h, GLsizei levels)
{
	GLuint t = glt_texture(GL_TEXTURE_2D);

	es.TexStorage2D(GL_TEXTURE_2D, levels, format, w, h);
	return t;
}

/* Uploads the pattern to every level of a bound RGBA8 2D texture. */
static void fill_2d(GLsizei w, GLsizei h, GLsizei levels)
{
	uint32_t px[64 * 64];

	for (GLsizei l = 0; l < levels; l++) {
		GLsizei lw = w >> l ? w >> l : 1, lh = h >> l ? h >> l : 1;

		pattern(px, (uint32_t)lw, (uint32_t)lh, (uint32_t)l, 0);
		gl.TexSubImage2D(GL_TEXTURE_2D, l, 0, 0, lw, lh, GL_RGBA, GL_UNSIGNED_BYTE, px);
	}
}

/* Reads w x h texels of a bound framebuffer's attachment 0 (RGBA8, or
 * R32UI as RGBA_INTEGER: red only). */
static void read_fb(GLsizei w, GLsizei h, bool uint32, uint32_t *out)
{
	uint32_t rgba[64 * 64 * 4];

	ck_assert_int_eq(es.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	if (!uint32) {
		gl.ReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, out);
		expect(GL_NO_ERROR);
		return;
	}
	gl.ReadPixels(0, 0, w, h, GL_RGBA_INTEGER, GL_UNSIGNED_INT, rgba);
	expect(GL_NO_ERROR);
	for (GLsizei i = 0; i < w * h; i++)
		out[i] = rgba[4 * i];
}

/* A level or layer of a texture (target of the attachment: 2D, a cube face,
 * or GL_TEXTURE_3D / _2D_ARRAY for a layer), read back. */
static void read_tex(GLenum target, GLuint t, GLint level, GLint layer, GLsizei w, GLsizei h,
		     bool uint32, uint32_t *out)
{
	GLuint fb;

	es.GenFramebuffers(1, &fb);
	es.BindFramebuffer(GL_FRAMEBUFFER, fb);
	if (target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY)
		es.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, level, layer);
	else
		es.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, target, t, level);
	read_fb(w, h, uint32, out);
	es.BindFramebuffer(GL_FRAMEBUFFER, 0);
	es.DeleteFramebuffers(1, &fb);
}

/* The texel at (x, y) after a copy of want_src's (sx, sy, w, h) to (dx, dy)
 * of a destination that held `old`. */
struct region {
	int sx, sy, dx, dy, w, h;
};

static uint32_t expected(const struct region *r, int x, int y, uint32_t l, uint32_t z,
			 uint32_t old)
{
	if (x < r->dx || y < r->dy || x >= r->dx + r->w || y >= r->dy + r->h)
		return old;
	return texel((uint32_t)(x - r->dx + r->sx), (uint32_t)(y - r->dy + r->sy), l, z);
}

static void assert_region(const uint32_t *px, int w, int h, const struct region *r, uint32_t l,
			  uint32_t z, uint32_t old)
{
	for (int y = 0; y < h; y++)
		for (int x = 0; x < w; x++)
			ck_assert_msg(px[y * w + x] == expected(r, x, y, l, z, old),
				      "texel (%d, %d): 0x%08x, want 0x%08x", x, y, px[y * w + x],
				      expected(r, x, y, l, z, old));
}

/* Copies region r of level 0 between 2D textures a and b (size x size),
 * then reads b back: r holds a's pattern, the rest zeros. */
static void copy_2d_check(GLuint a, GLuint b, const struct region *r, GLsizei size, bool uint32)
{
	uint32_t px[64 * 64];

	es.copy(a, GL_TEXTURE_2D, 0, r->sx, r->sy, 0, b, GL_TEXTURE_2D, 0, r->dx, r->dy, 0, r->w,
		r->h, 1);
	expect(GL_NO_ERROR);
	read_tex(GL_TEXTURE_2D, b, 0, 0, size, size, uint32, px);
	assert_region(px, size, size, r, 0, 0, 0);
}

/* ---- 2D, renderbuffers, formats ------------------------------------------------------------- */

START_TEST(copy_2d_region)
{
	struct region r = { 2, 3, 8, 9, 5, 4 };
	GLuint a = tex_2d(GL_RGBA8, 16, 16, 1), b;
	uint32_t zero[16 * 16] = { 0 };

	fill_2d(16, 16, 1);
	b = glt_texture(GL_TEXTURE_2D); /* mutable, unsized: same format as RGBA8 storage */
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 16, 16, 0, GL_RGBA, GL_UNSIGNED_BYTE, zero);
	copy_2d_check(a, b, &r, 16, false);
}
END_TEST

/* RGBA8 -> R32UI -> RGBA8: the 32 bits of each texel travel unchanged. */
START_TEST(copy_rgba8_r32ui_bits)
{
	struct region all = { 0, 0, 0, 0, 8, 8 };
	GLuint a = tex_2d(GL_RGBA8, 8, 8, 1), u, c;

	fill_2d(8, 8, 1);
	u = tex_2d(GL_R32UI, 8, 8, 1);
	c = tex_2d(GL_RGBA8, 8, 8, 1);
	copy_2d_check(a, u, &all, 8, true);
	copy_2d_check(u, c, &all, 8, false);
}
END_TEST

/* A renderbuffer cleared to a value, copied into a texture; the texture's
 * pattern copied back into the renderbuffer. */
START_TEST(copy_renderbuffer_texture)
{
	struct region r = { 1, 1, 4, 2, 3, 5 };
	GLuint rb, fb, t = tex_2d(GL_R32UI, 8, 8, 1);
	const GLuint value[4] = { 0xdeadbeef, 0, 0, 0 };
	uint32_t px[64], src[64];

	pattern(src, 8, 8, 0, 0);
	gl.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 8, GL_RED_INTEGER, GL_UNSIGNED_INT, src);
	es.GenRenderbuffers(1, &rb);
	es.BindRenderbuffer(GL_RENDERBUFFER, rb);
	es.RenderbufferStorage(GL_RENDERBUFFER, GL_R32UI, 8, 8);
	es.GenFramebuffers(1, &fb);
	es.BindFramebuffer(GL_FRAMEBUFFER, fb);
	es.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	es.ClearBufferuiv(GL_COLOR, 0, value);
	/* texture -> renderbuffer, read through the framebuffer */
	es.copy(t, GL_TEXTURE_2D, 0, r.sx, r.sy, 0, rb, GL_RENDERBUFFER, 0, r.dx, r.dy, 0, r.w, r.h,
		1);
	expect(GL_NO_ERROR);
	read_fb(8, 8, true, px);
	assert_region(px, 8, 8, &r, 0, 0, 0xdeadbeef);
	/* renderbuffer -> texture: all of it back */
	es.copy(rb, GL_RENDERBUFFER, 0, 0, 0, 0, t, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
	expect(GL_NO_ERROR);
	es.BindFramebuffer(GL_FRAMEBUFFER, 0);
	read_tex(GL_TEXTURE_2D, t, 0, 0, 8, 8, true, px);
	assert_region(px, 8, 8, &r, 0, 0, 0xdeadbeef);
}
END_TEST

/* Level 1 of one texture into level 2 of another (and its level 0 stays). */
START_TEST(copy_mip_levels)
{
	struct region r = { 2, 0, 0, 0, 4, 4 };
	struct region none = { 0, 0, 0, 0, 0, 0 };
	GLuint a = tex_2d(GL_RGBA8, 16, 16, 3), b;
	uint32_t px[16 * 16], zero[16 * 16] = { 0 };

	fill_2d(16, 16, 3);
	b = tex_2d(GL_RGBA8, 16, 16, 3);
	for (GLint l = 0; l < 3; l++)
		gl.TexSubImage2D(GL_TEXTURE_2D, l, 0, 0, 16 >> l, 16 >> l, GL_RGBA, GL_UNSIGNED_BYTE,
				 zero);
	es.copy(a, GL_TEXTURE_2D, 1, 2, 0, 0, b, GL_TEXTURE_2D, 2, 0, 0, 0, 4, 4, 1);
	expect(GL_NO_ERROR);
	read_tex(GL_TEXTURE_2D, b, 2, 0, 4, 4, false, px);
	assert_region(px, 4, 4, &r, 1, 0, 0);
	read_tex(GL_TEXTURE_2D, b, 0, 0, 16, 16, false, px);
	assert_region(px, 16, 16, &none, 0, 0, 0);
}
END_TEST

/* ---- cube faces, 3D slices, array layers ---------------------------------------------------- */

/* A bound 4x4 RGBA8 texture of target with `layers` faces/slices/layers,
 * each filled with the pattern of its index. */
static GLuint tex_layers(GLenum target, GLsizei layers)
{
	GLuint t = glt_texture(target);
	uint32_t px[16];

	if (target == GL_TEXTURE_CUBE_MAP)
		es.TexStorage2D(target, 1, GL_RGBA8, 4, 4);
	else
		es.TexStorage3D(target, 1, GL_RGBA8, 4, 4, layers);
	for (GLsizei z = 0; z < layers; z++) {
		pattern(px, 4, 4, 0, (uint32_t)z);
		if (target == GL_TEXTURE_CUBE_MAP)
			gl.TexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)z, 0, 0, 0, 4, 4,
					 GL_RGBA, GL_UNSIGNED_BYTE, px);
		else
			gl.TexSubImage3D(target, 0, 0, 0, z, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	}
	return t;
}

/* Layer `at` of a texture holds the pattern of index `want`. */
static void assert_layer(GLenum target, GLuint t, GLint at, uint32_t want)
{
	struct region all = { 0, 0, 0, 0, 4, 4 };
	GLenum attach = target == GL_TEXTURE_CUBE_MAP
				? GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)at : target;
	uint32_t px[16];

	read_tex(attach, t, 0, at, 4, 4, false, px);
	assert_region(px, 4, 4, &all, 0, want, 0);
}

/* Two layered textures a and b; copies of layers between them (a -> b,
 * then b -> a), and the pattern index each layer then holds. */
struct layer_case {
	GLenum target[2];
	GLsizei layers[2];
	struct { int from; GLint from_z, to_z; GLsizei depth; } copy[2];
	struct { int tex; GLint at; uint32_t want; } check[5];
};

static const struct layer_case layer_cases[] = {
	/* cube faces 1..2 into array layers 2..3; array layer 0 into face 5 */
	{ { GL_TEXTURE_CUBE_MAP, GL_TEXTURE_2D_ARRAY }, { 6, 4 },
	  { { 0, 1, 2, 2 }, { 1, 0, 5, 1 } },
	  { { 1, 1, 1 }, { 1, 2, 1 }, { 1, 3, 2 }, { 0, 4, 4 }, { 0, 5, 0 } } },
	/* 3D slices 1..2 into array layers 0..1; array layer 3 into slice 0 */
	{ { GL_TEXTURE_3D, GL_TEXTURE_2D_ARRAY }, { 4, 4 },
	  { { 0, 1, 0, 2 }, { 1, 3, 0, 1 } },
	  { { 1, 0, 1 }, { 1, 1, 2 }, { 1, 2, 2 }, { 0, 0, 3 }, { 0, 3, 3 } } },
};

START_TEST(copy_layers)
{
	const struct layer_case *c = &layer_cases[_i];
	GLuint t[2] = { tex_layers(c->target[0], c->layers[0]),
			tex_layers(c->target[1], c->layers[1]) };

	for (int i = 0; i < 2; i++) {
		int from = c->copy[i].from, to = 1 - from;

		es.copy(t[from], c->target[from], 0, 0, 0, c->copy[i].from_z, t[to], c->target[to],
			0, 0, 0, c->copy[i].to_z, 4, 4, c->copy[i].depth);
		expect(GL_NO_ERROR);
	}
	for (int k = 0; k < 5; k++)
		assert_layer(c->target[c->check[k].tex], t[c->check[k].tex], c->check[k].at,
			     c->check[k].want);
}
END_TEST

/* ---- compressed ------------------------------------------------------------------------------ */

/* The 8x8 texture t drawn over the window: texel (tx, ty) as read back. */
static void drawn_texel(GLuint t, int tx, int ty, uint8_t out[4])
{
	gl.BindTexture(GL_TEXTURE_2D, t);
	glt_draw_window();
	glt_pixel(tx * (GLT_W / 8) + 1, ty * (GLT_H / 8) + 1, out);
}

/* An 8x8 ETC2 RGB8 texture of four blocks, each of one byte value. */
static GLuint etc2_texture(const uint8_t fill[4])
{
	GLuint t = glt_texture(GL_TEXTURE_2D);
	uint8_t blocks[4 * 8];

	for (int b = 0; b < 4; b++)
		memset(blocks + 8 * b, fill[b], 8);
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 0, sizeof(blocks),
				blocks);
	return t;
}

/* Block (0, 1) of 8x8 texture b samples as block (1, 0) of a does. */
static void assert_block_copied(GLuint a, GLuint b)
{
	uint8_t want[4], got[4];

	for (int ty = 4; ty < 8; ty++)
		for (int tx = 0; tx < 4; tx++) {
			drawn_texel(a, tx + 4, ty - 4, want);
			drawn_texel(b, tx, ty, got);
			ck_assert_mem_eq(got, want, 4);
		}
}

/* Block (1, 0) of one ETC2 image into block (0, 1) of another: sampled,
 * it reads as the source block does, and differs from what was there. */
START_TEST(copy_etc2_blocks)
{
	GLuint a = etc2_texture((const uint8_t[]){ 0x11, 0x5a, 0x93, 0xc4 });
	GLuint b = etc2_texture((const uint8_t[]){ 0x00, 0x00, 0x00, 0x00 });
	uint8_t before[4], want[4];

	glt_texture_program(glt_vs_window, glt_fs_2d);
	for (int ty = 4; ty < 8; ty++)
		for (int tx = 0; tx < 4; tx++) {
			drawn_texel(b, tx, ty, before);
			drawn_texel(a, tx + 4, ty - 4, want);
			ck_assert(memcmp(before, want, 4) != 0);
		}
	es.copy(a, GL_TEXTURE_2D, 0, 4, 0, 0, b, GL_TEXTURE_2D, 0, 0, 4, 0, 4, 4, 1);
	expect(GL_NO_ERROR);
	assert_block_copied(a, b);
}
END_TEST

/* ---- compressed <-> uncompressed, RGB view classes ------------------------------------------ */

/* An 8x8 ETC2 RGB8 texture of four blocks; byte k of block b is b * 16 + k + seed. */
static GLuint etc2_ramp(uint8_t seed)
{
	GLuint t = glt_texture(GL_TEXTURE_2D);
	uint8_t blocks[4 * 8];

	for (int i = 0; i < 4 * 8; i++)
		blocks[i] = (uint8_t)((i / 8) * 16 + i % 8 + seed);
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 8, 8, 0, sizeof(blocks),
				blocks);
	return t;
}

/* Texel (x, y) of level 0 of an integer 2D texture t (layer < 0) or of
 * layer `layer` of a 2D array, as RGBA_INTEGER. */
static void read_uint_texel(GLuint t, int layer, int x, int y, uint32_t out[4])
{
	GLuint fb;

	es.GenFramebuffers(1, &fb);
	es.BindFramebuffer(GL_FRAMEBUFFER, fb);
	if (layer < 0)
		es.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	else
		es.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, layer);
	ck_assert_int_eq(es.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.ReadPixels(x, y, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, out);
	expect(GL_NO_ERROR);
	es.BindFramebuffer(GL_FRAMEBUFFER, 0);
	es.DeleteFramebuffers(1, &fb);
}

/* A block of ETC2 RGB8 (8 bytes) is a texel of RGBA16UI bit for bit
 * (EXT_copy_image): block (1, 0) lands in texel (1, 1) as four
 * little-endian 16-bit channels, and copied on into block (0, 1) of
 * another ETC2 image it samples as the first image's block does. */
START_TEST(copy_etc2_uint_roundtrip)
{
	GLuint a = etc2_ramp(0x21), b = etc2_ramp(0x80), u = tex_2d(GL_RGBA16UI, 2, 2, 1);
	uint8_t before[4], want[4];
	uint32_t px[4];

	es.copy(a, GL_TEXTURE_2D, 0, 4, 0, 0, u, GL_TEXTURE_2D, 0, 1, 1, 0, 4, 4, 1);
	expect(GL_NO_ERROR);
	read_uint_texel(u, -1, 1, 1, px);
	for (int c = 0; c < 4; c++) {
		uint32_t lo = 16 + 2 * c + 0x21, hi = lo + 1;

		ck_assert_uint_eq(px[c], lo | hi << 8);
	}
	glt_texture_program(glt_vs_window, glt_fs_2d);
	drawn_texel(b, 1, 5, before);
	drawn_texel(a, 5, 1, want);
	ck_assert(memcmp(before, want, 4) != 0);
	es.copy(u, GL_TEXTURE_2D, 0, 1, 1, 0, b, GL_TEXTURE_2D, 0, 0, 4, 0, 1, 1, 1);
	expect(GL_NO_ERROR);
	assert_block_copied(a, b);
}
END_TEST

/* Layers (faces, slices) z .. z + layers - 1 of the first w x h texels (a
 * block) of src into a new 1x1 2D array of the integer format: the array. */
static GLuint copy_to_layers(GLuint src, GLenum target, GLint z, GLenum format, GLsizei w,
			     GLsizei h, GLsizei layers)
{
	GLuint a = glt_texture(GL_TEXTURE_2D_ARRAY);

	es.TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, format, 1, 1, layers);
	es.copy(src, target, 0, 0, 0, z, a, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 0, w, h, layers);
	expect(GL_NO_ERROR);
	return a;
}

/* Cube faces 2-4 of an EAC R11 cube map (one block each, byte k of face f
 * f * 16 + k) land in layers 0-2 of an RGBA16UI 2D array, bit for bit. */
START_TEST(copy_eac_cube_to_array)
{
	GLuint c = glt_texture(GL_TEXTURE_CUBE_MAP), a;
	uint32_t px[4];

	for (int f = 0; f < 6; f++) {
		uint8_t block[8];

		for (int k = 0; k < 8; k++)
			block[k] = (uint8_t)(f * 16 + k);
		gl.CompressedTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_COMPRESSED_R11_EAC,
					4, 4, 0, sizeof(block), block);
	}
	a = copy_to_layers(c, GL_TEXTURE_CUBE_MAP, 2, GL_RGBA16UI, 4, 4, 3);
	for (int l = 0; l < 3; l++) {
		read_uint_texel(a, l, 0, 0, px);
		for (uint32_t ch = 0; ch < 4; ch++) {
			uint32_t lo = (uint32_t)(l + 2) * 16 + 2 * ch;

			ck_assert_uint_eq(px[ch], lo | (lo + 1) << 8);
		}
	}
}
END_TEST

/* A bound RGB8UI 4x4 texture of texels (x * 40 + 3, y * 50 + 7, 200). */
static GLuint rgb8ui_texture(void)
{
	GLuint t = tex_2d(GL_RGB8UI, 4, 4, 1);
	uint8_t px[4 * 4 * 3];

	for (int i = 0; i < 16; i++) {
		px[3 * i] = (uint8_t)(i % 4 * 40 + 3);
		px[3 * i + 1] = (uint8_t)(i / 4 * 50 + 7);
		px[3 * i + 2] = 200;
	}
	gl.PixelStorei(GL_UNPACK_ALIGNMENT, 1);
	gl.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGB_INTEGER, GL_UNSIGNED_BYTE, px);
	expect(GL_NO_ERROR);
	return t;
}

/* RGB8UI and RGB8 share the 24-bit view class: the bytes arrive as they
 * are, and the colour buffer's alpha still reads 1 (RGB8's is hidden);
 * copied back through RGB8_SNORM (same class) they come out unchanged. */
START_TEST(copy_rgb8_view_class)
{
	GLuint u = rgb8ui_texture(), c = tex_2d(GL_RGB8, 4, 4, 1), s = tex_2d(GL_RGB8_SNORM, 4, 4, 1);
	GLuint d = tex_2d(GL_RGB8, 4, 4, 1);
	uint32_t px[16];

	es.copy(u, GL_TEXTURE_2D, 0, 0, 0, 0, c, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	es.copy(c, GL_TEXTURE_2D, 0, 0, 0, 0, s, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	es.copy(s, GL_TEXTURE_2D, 0, 0, 0, 0, d, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	expect(GL_NO_ERROR);
	for (int pass = 0; pass < 2; pass++) {
		read_tex(GL_TEXTURE_2D, pass ? d : c, 0, 0, 4, 4, false, px);
		for (uint32_t i = 0; i < 16; i++)
			ck_assert_uint_eq(px[i], (i % 4 * 40 + 3) | (i / 4 * 50 + 7) << 8 | 200u << 16 |
						 0xffu << 24);
	}
}
END_TEST

/* ---- multisample (ES 3.1) -------------------------------------------------------------------- */

static void setup_es31(void)
{
	glt_setup_version(3, 1);
	setup_functions();
}

/* A new framebuffer of one colour attachment (a renderbuffer or a texture
 * of target), cleared to c, left bound. */
static GLuint cleared_fb(GLenum target, GLuint obj, const GLfloat c[4])
{
	GLuint fb;

	es.GenFramebuffers(1, &fb);
	es.BindFramebuffer(GL_FRAMEBUFFER, fb);
	if (target == GL_RENDERBUFFER)
		es.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, target, obj);
	else
		es.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, target, obj, 0);
	es.ClearBufferfv(GL_COLOR, 0, c);
	return fb;
}

/* 4 samples of red in a multisample texture, copied into a blue 4x
 * renderbuffer at (2, 2); the renderbuffer resolved and read back. */
START_TEST(copy_multisample)
{
	PFNGLTEXSTORAGE2DMULTISAMPLEPROC storage =
		(PFNGLTEXSTORAGE2DMULTISAMPLEPROC)glt_proc("glTexStorage2DMultisample");
	const GLfloat red[4] = { 1, 0, 0, 1 }, blue[4] = { 0, 0, 1, 1 };
	GLuint t, rb, ms_fb, res = tex_2d(GL_RGBA8, 8, 8, 1);
	uint32_t px[64];

	gl.GenTextures(1, &t);
	gl.BindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
	storage(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
	cleared_fb(GL_TEXTURE_2D_MULTISAMPLE, t, red);
	es.GenRenderbuffers(1, &rb);
	es.BindRenderbuffer(GL_RENDERBUFFER, rb);
	es.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 8, 8);
	ms_fb = cleared_fb(GL_RENDERBUFFER, rb, blue);
	es.copy(t, GL_TEXTURE_2D_MULTISAMPLE, 0, 0, 0, 0, rb, GL_RENDERBUFFER, 0, 2, 2, 0, 4, 4, 1);
	expect(GL_NO_ERROR);
	cleared_fb(GL_TEXTURE_2D, res, blue); /* bound as the draw framebuffer */
	es.BindFramebuffer(GL_READ_FRAMEBUFFER, ms_fb);
	es.BlitFramebuffer(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	expect(GL_NO_ERROR);
	read_tex(GL_TEXTURE_2D, res, 0, 0, 8, 8, false, px);
	for (int i = 0; i < 64; i++) {
		bool in = i % 8 >= 2 && i % 8 < 6 && i / 8 >= 2 && i / 8 < 6;

		ck_assert_uint_eq(px[i], in ? 0xff0000ffu : 0xffff0000u);
	}
}
END_TEST

/* ---- ASTC ------------------------------------------------------------------------------------ */

/* An ASTC footprint under test (RGBA or sRGB). */
struct astc_case {
	GLenum format;
	GLsizei bw, bh;
};

static const struct astc_case astc_cases[] = {
	{ GL_COMPRESSED_RGBA_ASTC_6x6_KHR, 6, 6 },
	{ GL_COMPRESSED_RGBA_ASTC_8x5_KHR, 8, 5 },
	{ GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR, 12, 12 },
};

/* A void-extent ASTC block: one RGBA16 colour (from `seed`) over the whole
 * block, so that each block of an image samples as its own colour. */
static void astc_block(uint8_t b[16], uint32_t seed)
{
	static const uint8_t head[8] = { 0xfc, 0xfd, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };

	memcpy(b, head, sizeof(head));
	for (uint32_t c = 0; c < 4; c++) {
		uint16_t v = (uint16_t)(seed * 0x3b1d + c * 0x4a97 + 0x0f0f);

		b[8 + 2 * c] = (uint8_t)v;
		b[9 + 2 * c] = (uint8_t)(v >> 8);
	}
}

/* A 2x2-block ASTC texture, block k of colour seed + k; storage: made by
 * glTexStorage2D and glCompressedTexSubImage2D, else glCompressedTexImage2D. */
static GLuint astc_texture(const struct astc_case *c, uint32_t seed, bool storage)
{
	GLuint t = glt_texture(GL_TEXTURE_2D);
	uint8_t blocks[4 * 16];

	for (uint32_t k = 0; k < 4; k++)
		astc_block(blocks + 16 * k, seed + k);
	if (storage) {
		es.TexStorage2D(GL_TEXTURE_2D, 1, c->format, 2 * c->bw, 2 * c->bh);
		es.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2 * c->bw, 2 * c->bh, c->format,
					   sizeof(blocks), blocks);
	} else {
		gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, c->format, 2 * c->bw, 2 * c->bh, 0,
					sizeof(blocks), blocks);
	}
	expect(GL_NO_ERROR);
	return t;
}

/* Texture t drawn over the window, read back. */
static void draw_texture(GLuint t, uint8_t out[GLT_W * GLT_H * 4])
{
	gl.BindTexture(GL_TEXTURE_2D, t);
	glt_draw_window();
	gl.ReadPixels(0, 0, GLT_W, GLT_H, GL_RGBA, GL_UNSIGNED_BYTE, out);
	expect(GL_NO_ERROR);
}

/* Texel (tx, ty) of a tw x th texture in a drawing of it: the window
 * pixel whose centre samples it (tw, th <= the window's size). */
static const uint8_t *drawn_at(const uint8_t *img, int tw, int th, int tx, int ty)
{
	int x = (2 * tx + 1) * GLT_W / (2 * tw), y = (2 * ty + 1) * GLT_H / (2 * th);

	return img + ((size_t)y * GLT_W + (size_t)x) * 4;
}

/* Block (1, 0) of one ASTC image lands in texel (1, 1) of an RGBA32UI one
 * as its 16 bytes; copied on into block (0, 1) of another ASTC image, it
 * samples there as in the first image (re-decoded), its neighbours
 * unchanged. The first image is made by glTexStorage2D + sub-upload. */
START_TEST(copy_astc_uint_roundtrip)
{
	const struct astc_case *c = &astc_cases[_i];
	GLuint a = astc_texture(c, 1, true), b = astc_texture(c, 9, false);
	GLuint u = tex_2d(GL_RGBA32UI, 2, 2, 1);
	static uint8_t img_a[GLT_W * GLT_H * 4], before[GLT_W * GLT_H * 4], after[GLT_W * GLT_H * 4];
	int w = 2 * c->bw, h = 2 * c->bh;
	uint8_t want[16];
	uint32_t px[4];

	es.copy(a, GL_TEXTURE_2D, 0, c->bw, 0, 0, u, GL_TEXTURE_2D, 0, 1, 1, 0, c->bw, c->bh, 1);
	expect(GL_NO_ERROR);
	read_uint_texel(u, -1, 1, 1, px);
	astc_block(want, 1 + 1);
	ck_assert_mem_eq(px, want, sizeof(want)); /* little-endian words, as the host */
	glt_texture_program(glt_vs_window, glt_fs_2d);
	draw_texture(a, img_a);
	draw_texture(b, before);
	es.copy(u, GL_TEXTURE_2D, 0, 1, 1, 0, b, GL_TEXTURE_2D, 0, 0, c->bh, 0, 1, 1, 1);
	expect(GL_NO_ERROR);
	draw_texture(b, after);
	for (int ty = 0; ty < h; ty++)
		for (int tx = 0; tx < w; tx++) {
			bool copied = tx < c->bw && ty >= c->bh;
			const uint8_t *got = drawn_at(after, w, h, tx, ty);

			if (!copied) {
				ck_assert_mem_eq(got, drawn_at(before, w, h, tx, ty), 4);
				continue;
			}
			ck_assert_mem_eq(got, drawn_at(img_a, w, h, tx + c->bw, ty - c->bh), 4);
			ck_assert(memcmp(got, drawn_at(before, w, h, tx, ty), 4) != 0);
		}
}
END_TEST

/* ASTC 6x6 RGBA and sRGB make one view class: the cut block at the corner
 * of a 10x10 image (4x4 texels) copies into the same corner of the other
 * format's image, and from there into an RGBA32F texel, bit for bit. A cut
 * region lands only where it ends at the destination's edge too. */
START_TEST(copy_astc_srgb_edge)
{
	GLuint f = tex_2d(GL_RGBA32F, 1, 1, 1), u = tex_2d(GL_RGBA32UI, 1, 1, 1);
	GLuint a = glt_texture(GL_TEXTURE_2D), s;
	uint8_t blocks[4 * 16];
	uint32_t px[4];

	for (uint32_t k = 0; k < 4; k++)
		astc_block(blocks + 16 * k, 40 + k);
	gl.BindTexture(GL_TEXTURE_2D, a);
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_6x6_KHR, 10, 10, 0,
				sizeof(blocks), blocks);
	s = glt_texture(GL_TEXTURE_2D);
	es.TexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR, 10, 10);
	es.copy(a, GL_TEXTURE_2D, 0, 6, 6, 0, s, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	expect(GL_INVALID_VALUE);
	es.copy(a, GL_TEXTURE_2D, 0, 6, 6, 0, s, GL_TEXTURE_2D, 0, 6, 6, 0, 4, 4, 1);
	expect(GL_NO_ERROR);
	es.copy(s, GL_TEXTURE_2D, 0, 6, 6, 0, f, GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1);
	expect(GL_NO_ERROR);
	/* RGBA32F reads back as floats: its bits via an RGBA32UI copy */
	es.copy(f, GL_TEXTURE_2D, 0, 0, 0, 0, u, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
	expect(GL_NO_ERROR);
	read_uint_texel(u, -1, 0, 0, px);
	ck_assert_mem_eq(px, blocks + 3 * 16, 16);
}
END_TEST

/* A 3D texture of ASTC 6x6 blocks (KHR_texture_compression_astc_sliced_3d),
 * one a slice: slices 1-2 land in layers 0-1 of an RGBA32UI 2D array as
 * their bytes. */
START_TEST(copy_astc_3d_slices)
{
	GLuint t = glt_texture(GL_TEXTURE_3D), a;
	uint8_t blocks[3 * 16];
	uint32_t px[4];

	for (uint32_t k = 0; k < 3; k++)
		astc_block(blocks + 16 * k, 60 + k);
	es.CompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_ASTC_6x6_KHR, 6, 6, 3, 0,
				sizeof(blocks), blocks);
	expect(GL_NO_ERROR);
	a = copy_to_layers(t, GL_TEXTURE_3D, 1, GL_RGBA32UI, 6, 6, 2);
	for (int l = 0; l < 2; l++) {
		read_uint_texel(a, l, 0, 0, px);
		ck_assert_mem_eq(px, blocks + 16 * (l + 1), 16);
	}
}
END_TEST

/* ---- errors ---------------------------------------------------------------------------------- */

/* A copy from a to b of (x, w) on both sides, 4 rows: the error it raises. */
static GLenum copy_error(GLuint a, GLenum ta, GLint la, GLuint b, GLenum tb, GLint x, GLsizei w)
{
	es.copy(a, ta, la, x, 0, 0, b, tb, 0, x, 0, 0, w, 4, 1);
	return gl.GetError();
}

START_TEST(errors)
{
	GLuint a = tex_2d(GL_RGBA8, 8, 8, 1), b = tex_2d(GL_RG8, 8, 8, 1), c = tex_2d(GL_RGBA8, 8, 8, 1);
	GLuint inc = glt_texture(GL_TEXTURE_2D), rb;

	gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	es.GenRenderbuffers(1, &rb);
	es.BindRenderbuffer(GL_RENDERBUFFER, rb);
	es.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, 8, 8);
	ck_assert_int_eq(copy_error(a, GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, c, GL_TEXTURE_2D, 0, 1),
			 GL_INVALID_ENUM);
	ck_assert_int_eq(copy_error(a, GL_TEXTURE_3D, 0, c, GL_TEXTURE_2D, 0, 1), GL_INVALID_ENUM);
	ck_assert_int_eq(copy_error(a, GL_TEXTURE_2D, 0, 4242, GL_TEXTURE_2D, 0, 1),
			 GL_INVALID_VALUE);
	ck_assert_int_eq(copy_error(a, GL_TEXTURE_2D, 0, 4242, GL_RENDERBUFFER, 0, 1),
			 GL_INVALID_VALUE);
	ck_assert_int_eq(copy_error(a, GL_TEXTURE_2D, 1, c, GL_TEXTURE_2D, 0, 1), GL_INVALID_VALUE);
	ck_assert_int_eq(copy_error(a, GL_TEXTURE_2D, 0, c, GL_TEXTURE_2D, 4, 5), GL_INVALID_VALUE);
	ck_assert_int_eq(copy_error(a, GL_TEXTURE_2D, 0, c, GL_TEXTURE_2D, 0x7fffffff, 2),
			 GL_INVALID_VALUE);
	ck_assert_int_eq(copy_error(a, GL_TEXTURE_2D, 0, c, GL_TEXTURE_2D, 0, -1), GL_INVALID_VALUE);
	ck_assert_int_eq(copy_error(inc, GL_TEXTURE_2D, 0, c, GL_TEXTURE_2D, 0, 1),
			 GL_INVALID_OPERATION);
	ck_assert_int_eq(copy_error(a, GL_TEXTURE_2D, 0, b, GL_TEXTURE_2D, 0, 1),
			 GL_INVALID_OPERATION);
	ck_assert_int_eq(copy_error(rb, GL_RENDERBUFFER, 0, c, GL_TEXTURE_2D, 0, 1),
			 GL_INVALID_OPERATION);
	ck_assert_int_eq(copy_error(a, GL_TEXTURE_2D, 0, c, GL_TEXTURE_2D, 0, 0), GL_NO_ERROR);
}
END_TEST

/* ETC2 RGB8 (8-byte blocks): blocks must be whole; it copies to RGBA16UI
 * (a texel of its block's size) and to ETC2 sRGB (its view class), not to
 * RGBA32UI, EAC R11 (another class) or RGB16F (48 bits stored in 64).
 * RGB formats copy within their view class only, though RGB8, RGBA8 and
 * RGB32F, RGBA32F are stored alike. */
/* The error of a copy of (ax, 0) w x h of 2D texture a to (bx, 0) of b. */
static GLenum copy_at(GLuint a, GLint ax, GLuint b, GLint bx, GLsizei w, GLsizei h)
{
	es.copy(a, GL_TEXTURE_2D, 0, ax, 0, 0, b, GL_TEXTURE_2D, 0, bx, 0, 0, w, h, 1);
	return gl.GetError();
}

static GLuint compressed_tex(GLenum format, GLsizei w, GLsizei h)
{
	GLuint t = glt_texture(GL_TEXTURE_2D);

	es.TexStorage2D(GL_TEXTURE_2D, 1, format, w, h);
	return t;
}

static GLuint compressed_2d(GLenum format)
{
	return compressed_tex(format, 8, 8);
}

START_TEST(errors_compressed)
{
	GLuint u = tex_2d(GL_RGBA16UI, 2, 2, 1), u128 = tex_2d(GL_RGBA32UI, 2, 2, 1);
	GLuint h = tex_2d(GL_RGB16F, 2, 2, 1), rgb8 = tex_2d(GL_RGB8, 2, 2, 1);
	GLuint rgba8 = tex_2d(GL_RGBA8, 2, 2, 1), rgb8ui = tex_2d(GL_RGB8UI, 2, 2, 1);
	GLuint f96 = tex_2d(GL_RGB32F, 2, 2, 1), f128 = tex_2d(GL_RGBA32F, 2, 2, 1);
	GLuint e = compressed_2d(GL_COMPRESSED_RGB8_ETC2), f = compressed_2d(GL_COMPRESSED_RGB8_ETC2);
	GLuint srgb = compressed_2d(GL_COMPRESSED_SRGB8_ETC2), r11 = compressed_2d(GL_COMPRESSED_R11_EAC);

	expect(GL_NO_ERROR);
	ck_assert_int_eq(copy_error(e, GL_TEXTURE_2D, 0, f, GL_TEXTURE_2D, 1, 4), GL_INVALID_VALUE);
	ck_assert_int_eq(copy_error(e, GL_TEXTURE_2D, 0, f, GL_TEXTURE_2D, 0, 3), GL_INVALID_VALUE);
	ck_assert_int_eq(copy_error(e, GL_TEXTURE_2D, 0, f, GL_TEXTURE_2D, 4, 4), GL_NO_ERROR);
	ck_assert_int_eq(copy_at(e, 4, srgb, 4, 4, 4), GL_NO_ERROR);
	ck_assert_int_eq(copy_at(e, 0, u, 0, 4, 4), GL_NO_ERROR);
	/* 2 texels of RGBA16UI are 8 texels of ETC2: past the 8x8 image at 4 */
	ck_assert_int_eq(copy_at(u, 0, e, 4, 2, 1), GL_INVALID_VALUE);
	ck_assert_int_eq(copy_at(u, 0, e, 4, 1, 1), GL_NO_ERROR);
	ck_assert_int_eq(copy_at(e, 0, u128, 0, 4, 4), GL_INVALID_OPERATION);
	ck_assert_int_eq(copy_at(e, 0, r11, 0, 4, 4), GL_INVALID_OPERATION);
	ck_assert_int_eq(copy_at(e, 0, h, 0, 4, 4), GL_INVALID_OPERATION);
	ck_assert_int_eq(copy_at(rgb8ui, 0, rgb8, 0, 2, 2), GL_NO_ERROR);
	ck_assert_int_eq(copy_at(rgb8, 0, rgba8, 0, 2, 2), GL_INVALID_OPERATION);
	ck_assert_int_eq(copy_at(rgb8, 0, h, 0, 2, 2), GL_INVALID_OPERATION);
	ck_assert_int_eq(copy_at(f96, 0, f128, 0, 2, 2), GL_INVALID_OPERATION);
}
END_TEST

/* ASTC 6x6 on a 12x12 image: regions of whole 6x6 blocks; a block is a
 * texel of the 128-bit formats (RGBA32UI, RGBA32F), of no 64-bit one; it
 * copies within its footprint's class (RGBA, sRGB), not to another
 * footprint's (6x5) nor to a 16-byte ETC2 block of another class. */
enum astc_tex { A66, S66, A65, A44, ETC, U128, F128, U64, ASTC_TEXTURES };

static const struct {
	enum astc_tex a, b;
	GLint ax, bx;
	GLsizei w, h;
	GLenum want;
} astc_errors[] = {
	{ A66, S66, 3, 0, 6, 6, GL_INVALID_VALUE },
	{ A66, S66, 0, 0, 4, 6, GL_INVALID_VALUE },
	{ A66, S66, 0, 0, 6, 5, GL_INVALID_VALUE },
	{ A66, S66, 6, 6, 6, 6, GL_NO_ERROR },
	{ A66, U128, 0, 0, 12, 12, GL_NO_ERROR },
	{ A66, F128, 0, 1, 12, 12, GL_INVALID_VALUE },
	/* 2 texels of RGBA32UI are 12 texels of ASTC 6x6: past the image at 6 */
	{ U128, A66, 0, 6, 2, 1, GL_INVALID_VALUE },
	{ U128, A66, 0, 6, 1, 1, GL_NO_ERROR },
	{ F128, S66, 0, 0, 2, 2, GL_NO_ERROR },
	{ A66, U64, 0, 0, 6, 6, GL_INVALID_OPERATION },
	{ A66, A65, 0, 0, 6, 6, GL_INVALID_OPERATION },
	{ A44, ETC, 0, 0, 4, 4, GL_INVALID_OPERATION },
};

START_TEST(errors_astc)
{
	GLuint t[ASTC_TEXTURES] = {
		[A66] = compressed_tex(GL_COMPRESSED_RGBA_ASTC_6x6_KHR, 12, 12),
		[S66] = compressed_tex(GL_COMPRESSED_SRGB8_ALPHA8_ASTC_6x6_KHR, 12, 12),
		[A65] = compressed_tex(GL_COMPRESSED_RGBA_ASTC_6x5_KHR, 12, 6),
		[A44] = compressed_2d(GL_COMPRESSED_RGBA_ASTC_4x4_KHR),
		[ETC] = compressed_2d(GL_COMPRESSED_RGBA8_ETC2_EAC),
		[U128] = tex_2d(GL_RGBA32UI, 2, 2, 1), [F128] = tex_2d(GL_RGBA32F, 2, 2, 1),
		[U64] = tex_2d(GL_RGBA16UI, 2, 2, 1),
	};

	expect(GL_NO_ERROR);
	for (size_t i = 0; i < sizeof(astc_errors) / sizeof(astc_errors[0]); i++)
		ck_assert_msg(copy_at(t[astc_errors[i].a], astc_errors[i].ax, t[astc_errors[i].b],
				      astc_errors[i].bx, astc_errors[i].w, astc_errors[i].h) ==
				      astc_errors[i].want,
			      "case %zu", i);
}
END_TEST

START_TEST(extension_strings)
{
	const char *ext = (const char *)gl.GetString(GL_EXTENSIONS);

	ck_assert_ptr_nonnull(strstr(ext, "GL_EXT_copy_image"));
	ck_assert_ptr_nonnull(strstr(ext, "GL_OES_copy_image"));
	ck_assert_ptr_nonnull(glt_proc("glCopyImageSubDataOES"));
}
END_TEST

/* ES 2.0 contexts neither list it nor copy (GL_INVALID_OPERATION). */
START_TEST(extension_not_in_es2)
{
	struct vgl_context_info ci = { .major = 2 };
	struct vgl_context *es2 = NULL;
	GLuint a = tex_2d(GL_RGBA8, 4, 4, 1), b = tex_2d(GL_RGBA8, 4, 4, 1);

	ck_assert_int_eq(vgl_context_create(G.dev, &ci, &es2), VGL_OK);
	ck_assert_int_eq(vgl_make_current(es2, G.surf, G.surf), VGL_OK);
	ck_assert_ptr_null(strstr((const char *)gl.GetString(GL_EXTENSIONS), "copy_image"));
	es.copy(a, GL_TEXTURE_2D, 0, 0, 0, 0, b, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
	expect(GL_INVALID_OPERATION);
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	vgl_context_destroy(es2);
}
END_TEST

/* ---- a sampled 2D array read back for a CPU copy ------------------------------ */

#define SAMPLED_LEVELS 4
#define SAMPLED_LAYERS 2

/* Channel c of texel (x, y) of layer z, level l of the sampled array: each
 * below 256, so that a drawing of value / 255 reads the value back. */
static uint16_t sampled_value(int x, int y, int l, int z, int c)
{
	const int v[4] = { x + 8 * y, 16 * l + z, 100 + l, 200 + z };

	return (uint16_t)v[c];
}

/* A mutable RGBA16UI 2D array (8x8, 4 levels, 2 layers), as dEQP makes
 * its sources: each level by TexImage3D. */
static GLuint sampled_array(void)
{
	GLuint t = glt_texture(GL_TEXTURE_2D_ARRAY);
	uint16_t px[8 * 8 * SAMPLED_LAYERS * 4];

	for (int l = 0; l < SAMPLED_LEVELS; l++) {
		int n = 8 >> l;

		for (int z = 0; z < SAMPLED_LAYERS; z++)
			for (int i = 0; i < n * n * 4; i++)
				px[(z * n * n) * 4 + i] = sampled_value(i / 4 % n, i / 4 / n, l, z, i % 4);
		gl.TexImage3D(GL_TEXTURE_2D_ARRAY, l, GL_RGBA16UI, n, n, SAMPLED_LAYERS, 0,
			      GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, px);
	}
	gl.TexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
	gl.TexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	expect(GL_NO_ERROR);
	return t;
}

static const char *const fs_uint_array =
	"#version 300 es\n"
	"precision highp float;\n"
	"uniform highp usampler2DArray tex;\n"
	"uniform float layer;\n"
	"out vec4 color;\n"
	"void main() {\n"
	"	vec2 uv = gl_FragCoord.xy / 32.0;\n"
	"	color = vec4(texture(tex, vec3(uv, layer))) / 255.0;\n"
	"}\n";

/* Draws level l, layer z of the bound array alone (BASE = MAX = l, as
 * dEQP's verification does) into the window. */
static void draw_level(GLuint p, int l, int z)
{
	gl.TexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_BASE_LEVEL, l);
	gl.TexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAX_LEVEL, l);
	gl.Uniform1f(gl.GetUniformLocation(p, "layer"), (float)z);
	glt_draw_window();
}

/* Every texel of every level and layer of the array, sampled. */
static void assert_sampled(GLuint p)
{
	for (int l = 0; l < SAMPLED_LEVELS; l++)
		for (int z = 0; z < SAMPLED_LAYERS; z++) {
			int n = 8 >> l, cell = GLT_W / n;

			draw_level(p, l, z);
			for (int i = 0; i < n * n; i++) {
				uint8_t px[4];

				glt_pixel(i % n * cell + cell / 2, i / n * cell + cell / 2, px);
				for (int c = 0; c < 4; c++)
					ck_assert_msg(px[c] == sampled_value(i % n, i / n, l, z, c),
						      "level %d layer %d texel %d channel %d: %u", l, z,
						      i, c, px[c]);
			}
		}
}

/* dEQP's copy_image order: the source drawn level by level (its
 * BASE_LEVEL/MAX_LEVEL last at the smallest level, then reset), then read
 * back for a CPU copy (RGBA16UI -> R11 EAC blocks) of layer 1; the copy
 * lands (read back through an RGBA16UI texture) and the source samples
 * as before at every level and layer. With _i = 0 the draw is left out. */
START_TEST(copy_sampled_array_readback)
{
	GLuint p = glt_texture_program(glt_vs3_window, fs_uint_array), src = sampled_array(), eac, u;
	uint8_t zeros[2 * 2 * 8] = { 0 };
	uint32_t px[4];

	if (_i) {
		assert_sampled(p);
		gl.TexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_BASE_LEVEL, 0);
		gl.TexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MAX_LEVEL, 1000);
	}
	eac = glt_texture(GL_TEXTURE_2D);
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_R11_EAC, 8, 8, 0, sizeof(zeros), zeros);
	es.copy(src, GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, eac, GL_TEXTURE_2D, 0, 0, 0, 0, 2, 2, 1);
	expect(GL_NO_ERROR);
	u = tex_2d(GL_RGBA16UI, 2, 2, 1);
	es.copy(eac, GL_TEXTURE_2D, 0, 0, 0, 0, u, GL_TEXTURE_2D, 0, 0, 0, 0, 8, 8, 1);
	expect(GL_NO_ERROR);
	for (int i = 0; i < 4; i++) {
		read_uint_texel(u, -1, i % 2, i / 2, px);
		for (int c = 0; c < 4; c++)
			ck_assert_uint_eq(px[c], sampled_value(i % 2, i / 2, 0, 1, c));
	}
	gl.BindTexture(GL_TEXTURE_2D_ARRAY, src);
	gl.UseProgram(p);
	assert_sampled(p);
}
END_TEST

static Suite *copy_image_suite(void)
{
	Suite *s = suite_create("gl copy image");
	TCase *tc = tcase_create("copy");
	TCase *te = tcase_create("errors");
	TCase *tm = tcase_create("multisample");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_test(tc, copy_2d_region);
	tcase_add_test(tc, copy_rgba8_r32ui_bits);
	tcase_add_test(tc, copy_renderbuffer_texture);
	tcase_add_test(tc, copy_mip_levels);
	tcase_add_test(tc, copy_etc2_blocks);
	tcase_add_test(tc, copy_etc2_uint_roundtrip);
	tcase_add_test(tc, copy_eac_cube_to_array);
	tcase_add_test(tc, copy_rgb8_view_class);
	tcase_add_loop_test(tc, copy_astc_uint_roundtrip, 0,
			    sizeof(astc_cases) / sizeof(astc_cases[0]));
	tcase_add_test(tc, copy_astc_srgb_edge);
	tcase_add_test(tc, copy_astc_3d_slices);
	tcase_add_loop_test(tc, copy_layers, 0, sizeof(layer_cases) / sizeof(layer_cases[0]));
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(te, setup, glt_teardown);
	tcase_add_test(te, errors);
	tcase_add_test(te, errors_compressed);
	tcase_add_test(te, errors_astc);
	tcase_add_test(te, extension_strings);
	tcase_add_test(te, extension_not_in_es2);
	suite_add_tcase(s, te);
	tcase_add_checked_fixture(tm, setup_es31, glt_teardown);
	tcase_add_test(tm, copy_multisample);
	tcase_add_loop_test(tm, copy_sampled_array_readback, 0, 2);
	suite_add_tcase(s, tm);
	return s;
}

int main(void)
{
	return glt_main(copy_image_suite);
}
