/* SPDX-License-Identifier: MIT */
/*
 * KHR_texture_compression_astc_ldr: the CPU decoder (gl/vgl_astc_*.c) on
 * hand-made blocks whose texels follow from the ASTC specification by hand
 * (void extent, constant weights, dual plane, two partitions, illegal and
 * HDR blocks, the ISE and unquantization tables), then the GL side: blocks
 * uploaded with glCompressedTexImage2D/3D and glTexStorage2D +
 * glCompressedTexSubImage2D, sampled, read back; 3D textures of them
 * (KHR_texture_compression_astc_sliced_3d); the format lists; the errors
 * (a wrong imageSize, sub-images off block edges).
 */
#include <math.h>
#include <string.h>

#include "gl_test_util.h"
#include <GLES2/gl2ext.h>   /* the ASTC tokens, after gl_test_util.h's GL headers */

#include "vgl_astc_block.h"
#include "vgl_astc_ise.h"

/* ---- building blocks -------------------------------------------------------------------- */

/* Sets n bits of the block at pos to v (bit 0 the lowest of byte 0). */
static void put(uint8_t b[16], unsigned pos, unsigned n, uint32_t v)
{
	for (unsigned i = 0; i < n; i++) {
		unsigned at = pos + i;

		b[at / 8] = (uint8_t)((b[at / 8] & ~(1u << (at % 8))) | ((v >> i) & 1) << (at % 8));
	}
}

/* Sets the weight stream's n bits from its bit `pos` on: the stream runs
 * down from block bit 127. */
static void put_weights(uint8_t b[16], unsigned pos, unsigned n, uint32_t v)
{
	for (unsigned i = 0; i < n; i++)
		put(b, 127 - (pos + i), 1, (v >> i) & 1);
}

/* A void-extent block of one 16-bit RGBA colour; hdr: the FP16 flag. */
static void void_extent(uint8_t b[16], const uint16_t rgba[4], bool hdr)
{
	memset(b, 0, 16);
	put(b, 0, 9, 0x1fc);
	put(b, 9, 1, hdr);
	put(b, 10, 2, 3);
	for (unsigned p = 12; p < 64; p += 13)
		put(b, p, 13, 0x1fff);   /* no extent given */
	for (int c = 0; c < 4; c++)
		put(b, 64 + 16 * c, 16, rgba[c]);
}

/* Block mode 0x042: a 4x4 weight grid (bits 2..3 = 0: width B + 4, height
 * A + 2 with A = 2), weight range R = 4 (bit 1): 4 levels, 2 plain bits
 * each; bit 10 adds a second plane. */
#define MODE_4X4_2BIT 0x042u
#define DUAL 0x400u

/* One partition of colour endpoint mode 12 (RGBA direct), 8-bit values
 * (8 values fit 79 bits at range 256) and every weight `q` (2 bits). */
static void rgba_block(uint8_t b[16], const uint8_t v[8], unsigned q)
{
	memset(b, 0, 16);
	put(b, 0, 11, MODE_4X4_2BIT);
	put(b, 13, 4, 12);
	for (int i = 0; i < 8; i++)
		put(b, 17 + 8 * i, 8, v[i]);
	for (unsigned i = 0; i < 16; i++)
		put_weights(b, 2 * i, 2, q);
}

/* Endpoints (0, 64, 255, 255) and (255, 64, 0, 255), v interleaved per channel. */
static const uint8_t ramp_values[8] = { 0, 255, 64, 64, 255, 0, 255, 255 };
/* ... at weight 2 of 4 levels, 42 unquantized, 43 after the > 32 step:
 * red 0x0000 + (0xffff - 0) * 43 / 64 rounded = 44031 -> 171 as UNORM8
 * (44031 / 65536 * 255 nearest), sRGB (0x0080, 0xff80) -> 43988 >> 8 = 171;
 * blue the mirror: 84; green constant 64 */
static const uint8_t ramp_at_43[4] = { 171, 64, 84, 255 };

static void decode(const uint8_t b[16], unsigned bw, unsigned bh, bool srgb, uint8_t out[][4])
{
	memset(out, 0x11, (size_t)bw * bh * 4);
	vgl_astc_decode_block(b, bw, bh, srgb, out);
}

static void assert_all(uint8_t t[][4], unsigned n, const uint8_t want[4])
{
	for (unsigned i = 0; i < n; i++)
		ck_assert_msg(!memcmp(t[i], want, 4), "texel %u: %u %u %u %u, want %u %u %u %u", i,
			      t[i][0], t[i][1], t[i][2], t[i][3], want[0], want[1], want[2], want[3]);
}

static const uint8_t magenta[4] = { 255, 0, 255, 255 };

/* ---- the decoder ------------------------------------------------------------------------- */

START_TEST(t_void_extent)
{
	static const uint16_t c[4] = { 0xffff, 0x0000, 0x8080, 0xff00 };
	uint8_t b[16], t[144][4];

	void_extent(b, c, false);
	decode(b, 12, 12, false, t);
	/* UNORM8 nearest to v / 65536: 0x8080 -> 128.5 -> 128, 0xff00 -> 254 */
	assert_all(t, 144, (const uint8_t[]){ 255, 0, 128, 254 });
	decode(b, 5, 4, true, t);
	assert_all(t, 20, (const uint8_t[]){ 255, 0, 128, 255 });   /* sRGB: the top byte */
	void_extent(b, c, true);   /* an FP16 colour: HDR, an error in LDR */
	decode(b, 4, 4, false, t);
	assert_all(t, 16, magenta);
	void_extent(b, c, false);
	put(b, 12, 13, 8);   /* min s 8 >= max s 4 */
	put(b, 25, 13, 4);
	put(b, 38, 26, 0);
	decode(b, 4, 4, false, t);
	assert_all(t, 16, magenta);
}
END_TEST

START_TEST(t_constant_weights)
{
	uint8_t b[16], t[144][4];

	rgba_block(b, ramp_values, 2);
	decode(b, 4, 4, false, t);
	assert_all(t, 16, ramp_at_43);
	decode(b, 4, 4, true, t);
	assert_all(t, 16, ramp_at_43);
	/* the same grid stretched over 8x8 texels: constant weights stay constant */
	decode(b, 8, 8, false, t);
	assert_all(t, 64, ramp_at_43);
	rgba_block(b, ramp_values, 0);   /* weight 0: endpoint 0 exactly */
	decode(b, 6, 6, false, t);
	assert_all(t, 36, (const uint8_t[]){ 0, 64, 255, 255 });
	rgba_block(b, ramp_values, 3);   /* weight 3 -> 64: endpoint 1 */
	decode(b, 4, 4, true, t);
	assert_all(t, 16, (const uint8_t[]){ 255, 64, 0, 255 });
}
END_TEST

/* Blue contraction: mode 12 with the second colour darker swaps the
 * endpoints and pulls red and green halfway to blue. */
START_TEST(t_blue_contract)
{
	static const uint8_t v[8] = { 200, 100, 100, 0, 50, 0, 255, 128 };
	uint8_t b[16], t[144][4];

	rgba_block(b, v, 0);
	decode(b, 4, 4, false, t);
	/* sum(1,3,5) = 100 < sum(0,2,4) = 350: e0 = ((100 + 0) / 2, 0 / 2, 0, 128) */
	assert_all(t, 16, (const uint8_t[]){ 50, 0, 0, 128 });
	rgba_block(b, v, 3);
	decode(b, 4, 4, false, t);
	assert_all(t, 16, (const uint8_t[]){ 125, 75, 50, 255 });   /* ((200+50)/2, (100+50)/2, 50) */
}
END_TEST

/* Two planes: luminance endpoints 0 and 255, plane 0 at weight 0, plane 1
 * (green, the colour component selector) at weight 64: pure green. */
START_TEST(t_dual_plane)
{
	uint8_t b[16] = { 0 }, t[144][4];

	put(b, 0, 11, MODE_4X4_2BIT | DUAL);
	put(b, 13, 4, 0);               /* CEM 0: luminance direct, 2 values */
	put(b, 17, 8, 0);
	put(b, 25, 8, 255);
	for (unsigned i = 0; i < 16; i++) {
		put_weights(b, 4 * i, 2, 0);
		put_weights(b, 4 * i + 2, 2, 3);
	}
	put(b, 128 - 64 - 2, 2, 1);     /* selector just below the 64 weight bits */
	decode(b, 4, 4, false, t);
	assert_all(t, 16, (const uint8_t[]){ 0, 255, 0, 255 });
	put(b, 128 - 64 - 2, 2, 3);     /* alpha instead: black, opaque */
	decode(b, 4, 4, false, t);
	assert_all(t, 16, (const uint8_t[]){ 0, 0, 0, 255 });
}
END_TEST

/* Two partitions sharing CEM 0, partition 0 white and 1 black, weights 0:
 * every texel is one of them, and the hash gives both. */
START_TEST(t_two_partitions)
{
	uint8_t b[16] = { 0 }, t[144][4];
	unsigned white = 0, black = 0;

	put(b, 0, 11, MODE_4X4_2BIT);
	put(b, 11, 2, 1);          /* 2 partitions */
	put(b, 13, 10, 37);        /* partition index */
	put(b, 23, 2, 0);          /* one shared mode ... */
	put(b, 25, 4, 0);          /* ... CEM 0 */
	put(b, 29, 8, 255);
	put(b, 37, 8, 255);
	decode(b, 8, 8, false, t);
	for (unsigned i = 0; i < 64; i++) {
		white += !memcmp(t[i], (const uint8_t[]){ 255, 255, 255, 255 }, 4);
		black += !memcmp(t[i], (const uint8_t[]){ 0, 0, 0, 255 }, 4);
	}
	ck_assert_uint_eq(white + black, 64);
	ck_assert_uint_gt(white, 0);
	ck_assert_uint_gt(black, 0);
}
END_TEST

START_TEST(t_illegal_blocks)
{
	uint8_t b[16] = { 0 }, t[144][4];

	decode(b, 4, 4, false, t);          /* block mode 0: reserved */
	assert_all(t, 16, magenta);
	rgba_block(b, ramp_values, 1);
	decode(b, 12, 12, true, t);         /* fine on 12x12 ... */
	ck_assert_int_ne(memcmp(t[0], magenta, 4), 0);
	put(b, 13, 4, 2);                   /* CEM 2: HDR luminance */
	decode(b, 4, 4, false, t);
	assert_all(t, 16, magenta);
	put(b, 0, 11, MODE_4X4_2BIT | 0x100);   /* B = 2: a 6x4 grid, wider than 4x4 */
	put(b, 13, 4, 12);
	decode(b, 4, 4, false, t);
	assert_all(t, 16, magenta);
}
END_TEST

/* The ISE: trits and quints unpacked as the spec's tables have them, and
 * their interleaving with plain bits. */
START_TEST(t_ise)
{
	struct vgl_astc_bits bits = { 0, 0 };
	uint8_t v[8];

	bits.lo = 28;              /* T = 0b00011100: trits 0, 0, 0, 2, 2 */
	vgl_astc_ise_decode(&bits, 1, 5, v);
	ck_assert(!memcmp(v, (const uint8_t[]){ 0, 0, 0, 2, 2 }, 5));
	bits.lo = 3;               /* T = 3: 0, 0, 2, 0, 0 */
	vgl_astc_ise_decode(&bits, 1, 5, v);
	ck_assert(!memcmp(v, (const uint8_t[]){ 0, 0, 2, 0, 0 }, 5));
	bits.lo = 38;              /* Q = 0b0100110: quints 4, 0, 4 */
	vgl_astc_ise_decode(&bits, 3, 3, v);
	ck_assert(!memcmp(v, (const uint8_t[]){ 4, 0, 4 }, 3));
	/* range 6 (a trit and a bit): m0 T0 T1 m1 T2 T3 m2 T4 m3 T5 T6 m4 T7;
	 * T = 3 and m = 1, 0, 1, 1, 0 -> 1, 0, 5, 1, 0 */
	bits.lo = 1 | 3u << 1 | 1u << 6 | 1u << 8;
	vgl_astc_ise_decode(&bits, 4, 5, v);
	ck_assert(!memcmp(v, (const uint8_t[]){ 1, 0, 5, 1, 0 }, 5));
	ck_assert_uint_eq(vgl_astc_ise_size(4, 5), 13);
	ck_assert_uint_eq(vgl_astc_ise_size(6, 4), 4 + 10);   /* quints: 7 * 4 / 3 up */
	ck_assert_uint_eq(vgl_astc_range_levels(19), 192);
}
END_TEST

START_TEST(t_unquantize)
{
	/* the spec's unquantization of 6-level colours and weights, by ISE value */
	static const uint8_t color6[6] = { 0, 255, 51, 204, 102, 153 };
	static const uint8_t weight6[6] = { 0, 64, 12, 52, 25, 39 };

	for (unsigned i = 0; i < 6; i++) {
		ck_assert_uint_eq(vgl_astc_unquantize_color(4, i), color6[i]);
		ck_assert_uint_eq(vgl_astc_unquantize_weight(4, i), weight6[i]);
	}
	ck_assert_uint_eq(vgl_astc_unquantize_weight(1, 2), 64);    /* 3 levels: 0, 32, 64 */
	ck_assert_uint_eq(vgl_astc_unquantize_weight(3, 3), 48);    /* 5 levels: 47 + 1 */
	ck_assert_uint_eq(vgl_astc_unquantize_color(5, 3), 0x6d);   /* 3 bits 011 replicated */
	ck_assert_uint_eq(vgl_astc_unquantize_color(20, 0x5a), 0x5a);
}
END_TEST

/* ---- GL ---------------------------------------------------------------------------------- */

#define ASTC_FUNCS(X) \
	X(GenFramebuffers, GENFRAMEBUFFERS) X(BindFramebuffer, BINDFRAMEBUFFER) \
	X(DeleteFramebuffers, DELETEFRAMEBUFFERS) X(FramebufferTexture2D, FRAMEBUFFERTEXTURE2D) \
	X(TexStorage2D, TEXSTORAGE2D) X(TexStorage3D, TEXSTORAGE3D) \
	X(CompressedTexSubImage2D, COMPRESSEDTEXSUBIMAGE2D) \
	X(CompressedTexImage3D, COMPRESSEDTEXIMAGE3D) X(GenerateMipmap, GENERATEMIPMAP) \
	X(CompressedTexSubImage3D, COMPRESSEDTEXSUBIMAGE3D)

#define ASTC_MEMBER(n, N) PFNGL##N##PROC n;
static struct { ASTC_FUNCS(ASTC_MEMBER) } fx;
#undef ASTC_MEMBER

static void setup(void)
{
	glt_setup();
#define ASTC_LOAD(n, N) \
	fx.n = (PFNGL##N##PROC)vgl_get_proc_address("gl" #n); \
	ck_assert_msg(fx.n != NULL, "gl" #n " missing");
	ASTC_FUNCS(ASTC_LOAD)
#undef ASTC_LOAD
}

static const char *vs =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_fetch =
	"#version 300 es\nprecision highp float;\nuniform highp sampler2D tex;\n"
	"out vec4 o;\nvoid main() { o = texelFetch(tex, ivec2(gl_FragCoord.xy), 0); }\n";

/* Slice z of a 3D texture, as fs_fetch does for 2D ones. */
static const char *fs_fetch_3d =
	"#version 300 es\nprecision highp float;\nuniform highp sampler3D tex;\n"
	"uniform int z;\nout vec4 o;\n"
	"void main() { o = texelFetch(tex, ivec3(gl_FragCoord.xy, z), 0); }\n";

/* The w x h texels (w, h <= 16) of texture t of `target` that the program
 * fs makes fetch, through an RGBA32F target read back; z: the program's
 * uniform z, where it has one. */
static void fetch_with(GLenum target, const char *fs, GLuint t, GLint z, int w, int h,
		       float out[][4])
{
	GLuint dst = glt_texture(GL_TEXTURE_2D), f;

	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, w, h, 0, GL_RGBA, GL_FLOAT, NULL);
	fx.GenFramebuffers(1, &f);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dst, 0);
	gl.Viewport(0, 0, w, h);
	gl.Uniform1i(gl.GetUniformLocation(glt_texture_program(vs, fs), "z"), z);
	gl.BindTexture(target, t);
	glt_draw_window();
	gl.ReadPixels(0, 0, w, h, GL_RGBA, GL_FLOAT, out);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	fx.DeleteFramebuffers(1, &f);
	gl.DeleteTextures(1, &dst);
}

/* The bound 2D texture's w x h texels (w, h <= 16). */
static void fetch(GLuint t, int w, int h, float out[][4])
{
	fetch_with(GL_TEXTURE_2D, fs_fetch, t, 0, w, h, out);
}

static void assert_texel(const float got[4], const uint8_t want[4])
{
	for (int c = 0; c < 4; c++)
		ck_assert_float_eq_tol(got[c], want[c] / 255.0f, 0.002f);
}

static float srgb_to_linear(uint8_t v)
{
	float s = v / 255.0f;

	return s <= 0.04045f ? s / 12.92f : powf((s + 0.055f) / 1.055f, 2.4f);
}

START_TEST(t_gl_void_extent)
{
	static const uint16_t c[4] = { 0xffff, 0x0000, 0x8080, 0xffff };
	GLuint t = glt_texture(GL_TEXTURE_2D);
	uint8_t b[32];
	float px[10 * 6][4];

	ck_assert(glt_has_extension("GL_KHR_texture_compression_astc_ldr"));
	void_extent(b, c, false);
	void_extent(b + 16, c, true);   /* the second block an error */
	/* 10x6 texels of 8x6 blocks: two blocks, the second cut at x = 10 */
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_8x6_KHR, 10, 6, 0, 32, b);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fetch(t, 10, 6, px);
	assert_texel(px[0], (const uint8_t[]){ 255, 0, 128, 255 });
	assert_texel(px[5 * 10 + 7], (const uint8_t[]){ 255, 0, 128, 255 });
	assert_texel(px[8], magenta);
	assert_texel(px[5 * 10 + 9], magenta);
	gl.DeleteTextures(1, &t);
}
END_TEST

START_TEST(t_gl_srgb)
{
	GLuint t = glt_texture(GL_TEXTURE_2D);
	uint8_t b[16];
	float px[16][4];

	rgba_block(b, ramp_values, 2);
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR, 4, 4, 0,
				16, b);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fetch(t, 4, 4, px);
	/* 171, 64, 84 sRGB-encoded, sampled linear */
	for (int c = 0; c < 3; c++)
		ck_assert_float_eq_tol(px[15][c], srgb_to_linear(ramp_at_43[c]), 0.003f);
	ck_assert_float_eq_tol(px[15][3], 1.0f, 0.002f);
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 4, 4, 0, 16, b);
	fetch(t, 4, 4, px);
	assert_texel(px[15], ramp_at_43);
	gl.DeleteTextures(1, &t);
}
END_TEST

/* The error of a w x 6 sub-image at (x, 0) of level 0 of the bound 2D texture. */
static GLenum sub_6x6(GLint x, GLsizei w, GLenum format, GLsizei size, const void *data)
{
	fx.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, x, 0, w, 6, format, size, data);
	return gl.GetError();
}

/* glTexStorage2D, then blocks replaced one at a time on 6x6 block edges. */
START_TEST(t_gl_sub_image)
{
	GLuint t = glt_texture(GL_TEXTURE_2D);
	uint8_t red[16], blue[16];
	float px[12 * 12][4];

	void_extent(red, (const uint16_t[]){ 0xffff, 0, 0, 0xffff }, false);
	void_extent(blue, (const uint16_t[]){ 0, 0, 0xffff, 0xffff }, false);
	fx.TexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA_ASTC_6x6_KHR, 12, 12);
	for (int y = 0; y < 12; y += 6)
		for (int x = 0; x < 12; x += 6)
			fx.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, x, y, 6, 6,
						   GL_COMPRESSED_RGBA_ASTC_6x6_KHR, 16, red);
	fx.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 6, 0, 6, 6, GL_COMPRESSED_RGBA_ASTC_6x6_KHR,
				   16, blue);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fetch(t, 12, 12, px);
	assert_texel(px[0], (const uint8_t[]){ 255, 0, 0, 255 });
	assert_texel(px[5 * 12 + 11], (const uint8_t[]){ 0, 0, 255, 255 });
	assert_texel(px[6 * 12 + 11], (const uint8_t[]){ 255, 0, 0, 255 });
	/* off the 6x6 grid, not whole blocks short of the edge, the wrong size, another format */
	ck_assert_int_eq(sub_6x6(4, 6, GL_COMPRESSED_RGBA_ASTC_6x6_KHR, 16, blue), GL_INVALID_OPERATION);
	ck_assert_int_eq(sub_6x6(0, 4, GL_COMPRESSED_RGBA_ASTC_6x6_KHR, 16, blue), GL_INVALID_OPERATION);
	ck_assert_int_eq(sub_6x6(0, 6, GL_COMPRESSED_RGBA_ASTC_6x6_KHR, 15, blue), GL_INVALID_VALUE);
	ck_assert_int_eq(sub_6x6(0, 6, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 16, blue), GL_INVALID_OPERATION);
	gl.DeleteTextures(1, &t);
}
END_TEST

/* A 2D array of two layers through glCompressedTexImage3D. */
START_TEST(t_gl_array)
{
	GLuint t = glt_texture(GL_TEXTURE_2D_ARRAY);
	uint8_t b[32];

	void_extent(b, (const uint16_t[]){ 0xffff, 0, 0, 0xffff }, false);
	void_extent(b + 16, (const uint16_t[]){ 0, 0xffff, 0, 0xffff }, false);
	fx.CompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGBA_ASTC_12x12_KHR, 12, 12, 2,
				0, 32, b);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fx.CompressedTexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_COMPRESSED_RGBA_ASTC_12x12_KHR, 12, 12, 2,
				0, 16, b);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	gl.DeleteTextures(1, &t);
}
END_TEST

/* KHR_texture_compression_astc_sliced_3d: a 3D texture of one 8x8 block a
 * slice (red, green, white), slice 1 replaced (blue) by
 * glCompressedTexSubImage3D; each slice samples as its block. glTexStorage3D
 * makes them too; a wrong imageSize is still refused. */
START_TEST(t_gl_sliced_3d)
{
	static const uint16_t c[4][4] = { { 0xffff, 0, 0, 0xffff }, { 0, 0xffff, 0, 0xffff },
					  { 0xffff, 0xffff, 0xffff, 0xffff }, { 0, 0, 0xffff, 0xffff } };
	static const uint8_t want[3][4] = { { 255, 0, 0, 255 }, { 0, 0, 255, 255 },
					    { 255, 255, 255, 255 } };
	GLuint t = glt_texture(GL_TEXTURE_3D), s;
	uint8_t b[4 * 16];
	float px[8 * 8][4];

	ck_assert(glt_has_extension("GL_KHR_texture_compression_astc_sliced_3d"));
	for (int k = 0; k < 4; k++)
		void_extent(b + 16 * k, c[k], false);
	fx.CompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_ASTC_8x8_KHR, 8, 8, 3, 0, 32, b);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	fx.CompressedTexImage3D(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGBA_ASTC_8x8_KHR, 8, 8, 3, 0, 48, b);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fx.CompressedTexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 1, 8, 8, 1,
				   GL_COMPRESSED_RGBA_ASTC_8x8_KHR, 16, b + 48);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.TexParameteri(GL_TEXTURE_3D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	for (int z = 0; z < 3; z++) {
		fetch_with(GL_TEXTURE_3D, fs_fetch_3d, t, z, 8, 8, px);
		assert_texel(px[0], want[z]);
		assert_texel(px[8 * 8 - 1], want[z]);
	}
	s = glt_texture(GL_TEXTURE_3D);
	fx.TexStorage3D(GL_TEXTURE_3D, 2, GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR, 8, 8, 4);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteTextures(1, &s);
	gl.DeleteTextures(1, &t);
}
END_TEST

START_TEST(t_gl_errors)
{
	GLuint t = glt_texture(GL_TEXTURE_2D);
	uint8_t b[64] = { 0 };

	/* 5x5 of 4x4 blocks is 2x2 blocks: 64 bytes, not 16 */
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 5, 5, 0, 16, b);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR, 5, 5, 0, 64, b);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fx.GenerateMipmap(GL_TEXTURE_2D);   /* not of a compressed level */
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_12x12_KHR, 13, 1, 0, 16,
				b);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA_ASTC_4x4_KHR + 14, 4, 4, 0, 16,
				b);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);   /* 0x93BE is no format */
	gl.DeleteTextures(1, &t);
}
END_TEST

START_TEST(t_gl_format_lists)
{
	GLint n = glt_geti(GL_NUM_COMPRESSED_TEXTURE_FORMATS), list[64], astc = 0;

	ck_assert_int_le(n, 64);
	gl.GetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, list);
	for (GLint i = 0; i < n; i++)
		astc += (list[i] >= GL_COMPRESSED_RGBA_ASTC_4x4_KHR &&
			 list[i] <= GL_COMPRESSED_RGBA_ASTC_12x12_KHR) ||
			(list[i] >= GL_COMPRESSED_SRGB8_ALPHA8_ASTC_4x4_KHR &&
			 list[i] <= GL_COMPRESSED_SRGB8_ALPHA8_ASTC_12x12_KHR);
	ck_assert_int_eq(astc, 28);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_astc");
	TCase *dec = tcase_create("decoder"), *tc = tcase_create("gl");

	tcase_add_test(dec, t_void_extent);
	tcase_add_test(dec, t_constant_weights);
	tcase_add_test(dec, t_blue_contract);
	tcase_add_test(dec, t_dual_plane);
	tcase_add_test(dec, t_two_partitions);
	tcase_add_test(dec, t_illegal_blocks);
	tcase_add_test(dec, t_ise);
	tcase_add_test(dec, t_unquantize);
	suite_add_tcase(s, dec);
	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_test(tc, t_gl_void_extent);
	tcase_add_test(tc, t_gl_srgb);
	tcase_add_test(tc, t_gl_sub_image);
	tcase_add_test(tc, t_gl_array);
	tcase_add_test(tc, t_gl_sliced_3d);
	tcase_add_test(tc, t_gl_errors);
	tcase_add_test(tc, t_gl_format_lists);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
