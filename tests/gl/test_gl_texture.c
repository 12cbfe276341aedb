/* SPDX-License-Identifier: MIT */
/*
 * Textures through the GL core: every supported upload format sampled with
 * NEAREST filtering at known pixels, sub-image updates and unpack rules,
 * wrap and filter modes, mipmaps from glGenerateMipmap, completeness (an
 * incomplete texture samples (0,0,0,1)), cube map faces, glCopyTexImage2D,
 * glTexStorage2D, parameters and queries, the GL errors of every entry
 * point, the usage counters of uploads (technique 2), ES 2.0's rules (in
 * an ES 2.0 context), and ES 3.0's 3D and 2D array textures.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define TEX_FUNCS(X) \
	X(GenTextures, GENTEXTURES) X(DeleteTextures, DELETETEXTURES) X(BindTexture, BINDTEXTURE) \
	X(IsTexture, ISTEXTURE) X(ActiveTexture, ACTIVETEXTURE) X(TexImage2D, TEXIMAGE2D) \
	X(TexSubImage2D, TEXSUBIMAGE2D) X(TexParameteri, TEXPARAMETERI) \
	X(TexParameterf, TEXPARAMETERF) X(TexParameteriv, TEXPARAMETERIV) \
	X(GetTexParameteriv, GETTEXPARAMETERIV) X(GetTexParameterfv, GETTEXPARAMETERFV) \
	X(GenerateMipmap, GENERATEMIPMAP) X(CopyTexImage2D, COPYTEXIMAGE2D) \
	X(CopyTexSubImage2D, COPYTEXSUBIMAGE2D) X(TexStorage2D, TEXSTORAGE2D) \
	X(CompressedTexImage2D, COMPRESSEDTEXIMAGE2D) X(PixelStorei, PIXELSTOREI) \
	X(Uniform2f, UNIFORM2F) X(Uniform3f, UNIFORM3F) X(TexImage3D, TEXIMAGE3D) \
	X(TexSubImage3D, TEXSUBIMAGE3D) X(TexStorage3D, TEXSTORAGE3D) \
	X(CopyTexSubImage3D, COPYTEXSUBIMAGE3D) X(GenSamplers, GENSAMPLERS) \
	X(DeleteSamplers, DELETESAMPLERS) X(IsSampler, ISSAMPLER) X(BindSampler, BINDSAMPLER) \
	X(SamplerParameteri, SAMPLERPARAMETERI) X(GetSamplerParameteriv, GETSAMPLERPARAMETERIV)

#define TEX_MEMBER(n, N) PFNGL##N##PROC n;
static struct { TEX_FUNCS(TEX_MEMBER) } tx;
#undef TEX_MEMBER

static void setup(void)
{
	glt_setup();
#define TEX_LOAD(n, N) \
	tx.n = (PFNGL##N##PROC)vgl_get_proc_address("gl" #n); \
	ck_assert_msg(tx.n != NULL, "gl" #n " missing");
	TEX_FUNCS(TEX_LOAD)
#undef TEX_LOAD
}

#define EXPECT(call, err) do { call; ck_assert_int_eq(gl.GetError(), err); } while (0)

/* texcoords = window position / size: pixel (x, y) samples s = (x + 0.5) / 32 */
static const char *fs_at =
	"precision mediump float;\n"
	"uniform sampler2D tex;\n"
	"uniform vec2 u_uv;\n"
	"void main() { gl_FragColor = texture2D(tex, u_uv); }\n";
static const char *fs_cube =
	"precision mediump float;\n"
	"uniform samplerCube tex;\n"
	"uniform vec3 u_dir;\n"
	"void main() { gl_FragColor = textureCube(tex, u_dir); }\n";
static const char *fs_lod =
	"#version 300 es\n"
	"precision mediump float;\n"
	"uniform sampler2D tex;\n"
	"uniform float u_lod;\n"
	"out vec4 o;\n"
	"void main() { o = textureLod(tex, vec2(0.5), u_lod); }\n";

/* ---- formats ------------------------------------------------------------------------- */

struct format_case {
	GLint internal;
	GLenum format, type;
	uint8_t data[64];          /* 2x2 texels, rows bottom-up, tightly packed */
	uint8_t want[4][4];        /* the four texels as RGBA8 */
	int tol;                   /* 0: exact */
};
#define EXACT 0

static uint16_t half(float f)
{
	return f == 1.0f ? 0x3c00 : f == 0.5f ? 0x3800 : f == 0.25f ? 0x3400 : 0;
}

/* Packs 16-bit values little-endian into data. */
static void put16(uint8_t *d, const uint16_t *v, int n)
{
	memcpy(d, v, (size_t)n * 2);
}

static void check_format(GLuint p, const struct format_case *c)
{
	GLuint t = glt_texture(GL_TEXTURE_2D);

	tx.PixelStorei(GL_UNPACK_ALIGNMENT, 1);
	tx.TexImage2D(GL_TEXTURE_2D, 0, c->internal, 2, 2, 0, c->format, c->type, c->data);
	ck_assert_msg(gl.GetError() == GL_NO_ERROR, "format 0x%x/0x%x/0x%x", c->internal,
		      c->format, c->type);
	gl.UseProgram(p);
	glt_draw_window();
	/* texel (i, j) covers pixels [16i, 16i+16) x [16j, 16j+16) */
	glt_assert_pixel_near(4, 4, c->want[0], c->tol);
	glt_assert_pixel_near(20, 4, c->want[1], c->tol);
	glt_assert_pixel_near(4, 20, c->want[2], c->tol);
	glt_assert_pixel_near(20, 20, c->want[3], c->tol);
	tx.DeleteTextures(1, &t);
	tx.PixelStorei(GL_UNPACK_ALIGNMENT, 4);
}

START_TEST(t_formats_8bit)
{
	static const struct format_case cases[] = {
		{ GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE,
		  { 255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 255, 10, 20, 30, 40 },
		  { { 255, 0, 0, 255 }, { 0, 255, 0, 128 }, { 0, 0, 255, 255 }, { 10, 20, 30, 40 } }, EXACT },
		{ GL_RGB, GL_RGB, GL_UNSIGNED_BYTE, { 255, 0, 0, 0, 255, 0, 0, 0, 255, 10, 20, 30 },
		  { { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 10, 20, 30, 255 } }, EXACT },
		{ GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, GL_UNSIGNED_BYTE, { 200, 100, 0, 255, 50, 0, 7, 9 },
		  { { 200, 200, 200, 100 }, { 0, 0, 0, 255 }, { 50, 50, 50, 0 }, { 7, 7, 7, 9 } }, EXACT },
		{ GL_LUMINANCE, GL_LUMINANCE, GL_UNSIGNED_BYTE, { 77, 0, 255, 1 },
		  { { 77, 77, 77, 255 }, { 0, 0, 0, 255 }, { 255, 255, 255, 255 }, { 1, 1, 1, 255 } }, EXACT },
		{ GL_ALPHA, GL_ALPHA, GL_UNSIGNED_BYTE, { 99, 0, 255, 1 },
		  { { 0, 0, 0, 99 }, { 0, 0, 0, 0 }, { 0, 0, 0, 255 }, { 0, 0, 0, 1 } }, EXACT },
		{ GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE,
		  { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 },
		  { { 1, 2, 3, 4 }, { 5, 6, 7, 8 }, { 9, 10, 11, 12 }, { 13, 14, 15, 16 } }, EXACT },
		{ GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12 },
		  { { 1, 2, 3, 255 }, { 4, 5, 6, 255 }, { 7, 8, 9, 255 }, { 10, 11, 12, 255 } }, EXACT },
		{ GL_R8, GL_RED, GL_UNSIGNED_BYTE, { 50, 100, 150, 200 },
		  { { 50, 0, 0, 255 }, { 100, 0, 0, 255 }, { 150, 0, 0, 255 }, { 200, 0, 0, 255 } }, EXACT },
		{ GL_RG8, GL_RG, GL_UNSIGNED_BYTE, { 50, 60, 70, 80, 90, 100, 110, 120 },
		  { { 50, 60, 0, 255 }, { 70, 80, 0, 255 }, { 90, 100, 0, 255 }, { 110, 120, 0, 255 } }, EXACT },
	};
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d);

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++)
		check_format(p, &cases[i]);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(t_formats_packed)
{
	struct format_case c[3] = {
		{ GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, { 0 },
		  { { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 136, 136, 136, 136 } }, EXACT },
		{ GL_RGBA, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, { 0 },
		  { { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 0, 0, 0, 0 } }, EXACT },
		{ GL_RGB, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, { 0 },
		  { { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 255, 255 } }, EXACT },
	};
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d);

	put16(c[0].data, (const uint16_t[]){ 0xf00f, 0x0f0f, 0x00ff, 0x8888 }, 4);
	put16(c[1].data, (const uint16_t[]){ 0xf801, 0x07c1, 0x003f, 0x0000 }, 4);
	put16(c[2].data, (const uint16_t[]){ 0xf800, 0x07e0, 0x001f, 0xffff }, 4);
	for (int i = 0; i < 3; i++)
		check_format(p, &c[i]);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(t_formats_float)
{
	struct format_case c[3] = {
		{ GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, { 0 }, { { 0 } }, 1 },
		{ GL_RGBA16F, GL_RGBA, GL_FLOAT, { 0 }, { { 0 } }, 1 },
		{ GL_RGBA32F, GL_RGBA, GL_FLOAT, { 0 }, { { 0 } }, 1 },
	};
	static const float texels[16] = { 1, 0, 0, 1, 0, 1, 0, 0.5f, 0, 0, 1, 1, 0.25f, 0.5f, 1, 1 };
	static const uint8_t want[4][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 128 },
					    { 0, 0, 255, 255 }, { 64, 128, 255, 255 } };
	uint16_t h[16];
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d);

	for (int i = 0; i < 16; i++)
		h[i] = half(texels[i]);
	put16(c[0].data, h, 16);
	memcpy(c[1].data, texels, sizeof(texels));
	memcpy(c[2].data, texels, sizeof(texels));
	for (int i = 0; i < 3; i++) {
		memcpy(c[i].want, want, sizeof(want));
		if (i == 2) {
			/* RGBA32F is not filterable: NEAREST is what makes it complete */
			c[i].tol = 1;
		}
		check_format(p, &c[i]);
	}
	gl.DeleteProgram(p);
}
END_TEST

/* DEPTH_COMPONENT16 data sampled as the red channel (ES 3.0: (d, 0, 0, 1)). */
START_TEST(t_depth_texture_upload)
{
	static const uint16_t d[4] = { 0, 0x8000, 0xffff, 0x4000 };
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d), t = glt_texture(GL_TEXTURE_2D);
	uint8_t px[4];

	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 2, 2, 0, GL_DEPTH_COMPONENT,
		      GL_UNSIGNED_SHORT, d);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_draw_window();
	glt_pixel(20, 4, px);
	ck_assert_msg(abs(px[0] - 128) <= 1, "depth 0.5 read as %u", px[0]);
	glt_pixel(4, 20, px);
	ck_assert_int_eq(px[0], 255);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- sub-images and unpack rules ---------------------------------------------------------- */

static void fill(uint8_t *d, int n, uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
	for (int i = 0; i < n; i++) {
		d[4 * i] = r;
		d[4 * i + 1] = g;
		d[4 * i + 2] = b;
		d[4 * i + 3] = a;
	}
}

START_TEST(t_subimage)
{
	uint8_t red[16 * 4], green[4 * 4];
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d), t = glt_texture(GL_TEXTURE_2D);

	fill(red, 16, 255, 0, 0, 255);
	fill(green, 4, 0, 255, 0, 255);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
	tx.TexSubImage2D(GL_TEXTURE_2D, 0, 1, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, green);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_draw_window();
	/* texel (i, j) covers pixels [8i, 8i+8) x [8j, 8j+8) */
	glt_assert_pixel(4, 4, 255, 0, 0, 255);
	glt_assert_pixel(12, 20, 0, 255, 0, 255);   /* texel (1, 2) */
	glt_assert_pixel(20, 28, 0, 255, 0, 255);   /* texel (2, 3) */
	glt_assert_pixel(28, 20, 255, 0, 0, 255);   /* texel (3, 2) */
	glt_assert_pixel(12, 12, 255, 0, 0, 255);   /* texel (1, 1) */
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* RGB rows of 3 texels are 9 bytes: UNPACK_ALIGNMENT 4 pads them to 12;
 * UNPACK_ROW_LENGTH takes a sub-rectangle of a wider client image. */
START_TEST(t_unpack)
{
	uint8_t rgb[2 * 12], wide[4 * 4 * 4];
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d), t = glt_texture(GL_TEXTURE_2D);

	memset(rgb, 0xee, sizeof(rgb));
	for (int y = 0; y < 2; y++)
		for (int x = 0; x < 3; x++) {
			rgb[y * 12 + x * 3] = (uint8_t)(40 * x);
			rgb[y * 12 + x * 3 + 1] = (uint8_t)(100 * y);
			rgb[y * 12 + x * 3 + 2] = 7;
		}
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 3, 2, 0, GL_RGB, GL_UNSIGNED_BYTE, rgb);
	glt_draw_window();
	/* 3 texels over 32 pixels: texel 2 from x = 22, row 1 from y = 16 */
	glt_assert_pixel(26, 20, 80, 100, 7, 255);
	glt_assert_pixel(2, 2, 0, 0, 7, 255);
	/* a 2x2 window at (1, 1) of a 4x4 client image */
	for (int i = 0; i < 16; i++)
		fill(wide + 4 * i, 1, (uint8_t)(i * 10), 0, 0, 255);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	tx.PixelStorei(GL_UNPACK_ROW_LENGTH, 4);
	tx.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, wide + 4 * 5);
	tx.PixelStorei(GL_UNPACK_ROW_LENGTH, 0);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_draw_window();
	glt_assert_pixel(4, 4, 50, 0, 0, 255);
	glt_assert_pixel(20, 4, 60, 0, 0, 255);
	glt_assert_pixel(4, 20, 90, 0, 0, 255);
	glt_assert_pixel(20, 20, 100, 0, 0, 255);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- sampler state ------------------------------------------------------------------------------ */

/* A 2x1 texture, red then green, sampled at one coordinate over the surface. */
static void sample_at(GLuint p, float s, uint8_t out[4])
{
	tx.Uniform2f(gl.GetUniformLocation(p, "u_uv"), s, 0.5f);
	glt_draw_window();
	glt_pixel(16, 16, out);
}

START_TEST(t_wrap)
{
	static const uint8_t rg[8] = { 255, 0, 0, 255, 0, 255, 0, 255 };
	GLuint p = glt_texture_program(glt_vs_window, fs_at), t = glt_texture(GL_TEXTURE_2D);
	uint8_t px[4];

	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rg);
	/* s = -0.25: REPEAT 0.75 (green), CLAMP 0 (red), MIRRORED 0.25 (red);
	 * s = 1.75: REPEAT 0.75 (green), CLAMP 1 (green), MIRRORED 0.25 (red) */
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
	sample_at(p, -0.25f, px);
	ck_assert(px[1] == 255 && px[0] == 0);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	sample_at(p, -0.25f, px);
	ck_assert(px[0] == 255 && px[1] == 0);
	sample_at(p, 1.75f, px);
	ck_assert(px[1] == 255 && px[0] == 0);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_MIRRORED_REPEAT);
	sample_at(p, 1.75f, px);
	ck_assert(px[0] == 255 && px[1] == 0);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(t_filter)
{
	static const uint8_t rg[8] = { 255, 0, 0, 255, 0, 255, 0, 255 };
	const uint8_t mid[4] = { 128, 128, 0, 255 };
	GLuint p = glt_texture_program(glt_vs_window, fs_at), t = glt_texture(GL_TEXTURE_2D);
	uint8_t px[4];

	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rg);
	sample_at(p, 0.45f, px);       /* NEAREST: texel 0 */
	ck_assert(px[0] == 255 && px[1] == 0);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
	tx.Uniform2f(gl.GetUniformLocation(p, "u_uv"), 0.5f, 0.5f);
	glt_draw_window();                         /* LINEAR: halfway between the two */
	glt_assert_pixel_near(16, 16, mid, 2);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- mipmaps and completeness -------------------------------------------------------------------- */

START_TEST(t_generate_mipmap)
{
	static const uint8_t quad[16] = { 255, 0, 0, 255, 0, 255, 0, 255,
					  0, 0, 255, 255, 255, 255, 255, 255 };
	const uint8_t avg[4] = { 128, 128, 128, 255 };
	GLuint p = glt_texture_program(glt_vs3_window, fs_lod), t = glt_texture(GL_TEXTURE_2D);
	GLint lod = gl.GetUniformLocation(p, "u_lod");

	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, quad);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
	/* mipmapped filter, one level: incomplete, samples (0, 0, 0, 1) */
	gl.Uniform1f(lod, 1.0f);
	glt_draw_window();
	glt_assert_pixel(16, 16, 0, 0, 0, 255);
	tx.GenerateMipmap(GL_TEXTURE_2D);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_draw_window();
	glt_assert_pixel_near(16, 16, avg, 2);   /* level 1: the average of the four */
	gl.Uniform1f(lod, 0.0f);
	glt_draw_window();
	glt_assert_pixel(16, 16, 255, 255, 255, 255); /* level 0 at (0.5, 0.5): texel (1, 1) */
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* Levels given one by one make a complete chain too. */
/* A 4x4 level 0 in red, 2x2 level 1 in green, 1x1 level 2 in blue. */
static void fill_levels(uint8_t l0[16 * 4], uint8_t l1[4 * 4], uint8_t l2[4])
{
	fill(l0, 16, 255, 0, 0, 255);
	fill(l1, 4, 0, 255, 0, 255);
	fill(l2, 1, 0, 0, 255, 255);
}

START_TEST(t_explicit_levels)
{
	uint8_t l0[16 * 4], l1[4 * 4], l2[4];
	GLuint p = glt_texture_program(glt_vs3_window, fs_lod), t = glt_texture(GL_TEXTURE_2D);
	GLint lod = gl.GetUniformLocation(p, "u_lod");

	fill_levels(l0, l1, l2);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
	tx.TexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, l1);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, l0);
	gl.Uniform1f(lod, 0.0f);
	glt_draw_window();
	glt_assert_pixel(16, 16, 0, 0, 0, 255);   /* level 2 missing: incomplete */
	tx.TexImage2D(GL_TEXTURE_2D, 2, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, l2);
	glt_draw_window();
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	gl.Uniform1f(lod, 1.0f);
	glt_draw_window();
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	gl.Uniform1f(lod, 2.0f);
	glt_draw_window();
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	/* a wrong-size level 1 breaks the chain */
	tx.TexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, l2);
	glt_draw_window();
	glt_assert_pixel(16, 16, 0, 0, 0, 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/*
 * A texture filtered without mipmaps samples its base level only, yet
 * textureSize and texelFetch reach the levels GL has above it (ES 3.0
 * §3.8.13, GLSL ES 3.00 §8.8). dEQP-GLES3 shaders.texture_functions.texturesize.*.
 */
START_TEST(t_levels_without_mipmapping)
{
	static const char *fs_size =
		"#version 300 es\n"
		"precision mediump float;\n"
		"uniform sampler2D tex;\n"
		"uniform int u_lod;\n"
		"out vec4 o;\n"
		"void main() {\n"
		"  vec2 size = vec2(textureSize(tex, u_lod));\n"
		"  vec4 c = texelFetch(tex, ivec2(0), u_lod);\n"
		"  o = vec4(size / 255.0, c.g, c.b);\n"
		"}\n";
	/* level i's size and texel (0, 0)'s green and blue */
	static const uint8_t want[3][4] = { { 4, 4, 0, 0 }, { 2, 2, 255, 0 }, { 1, 1, 0, 255 } };
	uint8_t l0[16 * 4], l1[4 * 4], l2[4];
	GLuint p = glt_texture_program(glt_vs3_window, fs_size), t = glt_texture(GL_TEXTURE_2D);
	GLint lod = gl.GetUniformLocation(p, "u_lod");

	fill_levels(l0, l1, l2);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, l0);
	tx.TexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, l1);
	tx.TexImage2D(GL_TEXTURE_2D, 2, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, l2);
	for (int i = 0; i < 3; i++) {
		gl.Uniform1i(lod, i);
		glt_draw_window();
		glt_assert_pixel_near(16, 16, want[i], 0);
	}
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(t_incomplete_black)
{
	static const uint8_t white8[8] = { 255, 255, 255, 255, 255, 255, 255, 255 };
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d), t;

	gl.ClearColor(0.5f, 0.5f, 0.5f, 0.5f);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_draw_window();                                  /* texture 0, nothing specified */
	glt_assert_pixel(16, 16, 0, 0, 0, 255);
	tx.GenTextures(1, &t);
	tx.BindTexture(GL_TEXTURE_2D, t);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, white8);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_draw_window();                                  /* default min filter needs level 1 */
	glt_assert_pixel(16, 16, 0, 0, 0, 255);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
	glt_draw_window();
	glt_assert_pixel(16, 16, 255, 255, 255, 255);
	/* RGBA32F filters linearly only through OES_texture_float_linear, which
	 * virtgl exposes where the host filters it (test_gl_ext checks the values) */
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32F, 1, 1, 0, GL_RGBA, GL_FLOAT,
		      (const float[]){ 1, 1, 1, 1 });
	glt_draw_window();
	glt_assert_pixel(16, 16, 255, 255, 255, 255);
	/* a depth format filters only when compared: incomplete again */
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 1, 1, 0, GL_DEPTH_COMPONENT,
		      GL_UNSIGNED_SHORT, (const uint16_t[]){ 0xffff });
	glt_draw_window();
	glt_assert_pixel(16, 16, 0, 0, 0, 255);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* Alternating two textures on a unit (each draw's descriptor comes from the
 * unit's remembered one while the texture is unchanged): a parameter change
 * of one of them, made while the other is bound, still counts. */
START_TEST(t_alternating_textures_see_changes)
{
	/* 2x1: a mipmapped filter needs level 1 */
	static const uint8_t red[8] = { 255, 0, 0, 255, 255, 0, 0, 255 };
	static const uint8_t blue[8] = { 0, 0, 255, 255, 0, 0, 255, 255 };
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d), t[2];

	tx.GenTextures(2, t);
	for (int i = 0; i < 2; i++) {
		tx.BindTexture(GL_TEXTURE_2D, t[i]);
		tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
			      i ? blue : red);
		tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	}
	for (int i = 0; i < 4; i++) {
		tx.BindTexture(GL_TEXTURE_2D, t[i & 1]);
		glt_draw_window();
		glt_assert_pixel(16, 16, i & 1 ? 0 : 255, 0, i & 1 ? 255 : 0, 255);
	}
	/* t[0] needs mipmaps now (incomplete); t[1] is bound while it changes */
	tx.BindTexture(GL_TEXTURE_2D, t[0]);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
	tx.BindTexture(GL_TEXTURE_2D, t[1]);
	glt_draw_window();
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	tx.BindTexture(GL_TEXTURE_2D, t[0]);
	glt_draw_window();
	glt_assert_pixel(16, 16, 0, 0, 0, 255);
	/* complete again by its level 1, then a new level 0 of the same object */
	tx.TexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
	glt_draw_window();
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, blue);
	glt_draw_window();
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	tx.DeleteTextures(2, t);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- cube maps ------------------------------------------------------------------------------------- */

START_TEST(t_cube_faces)
{
	static const uint8_t colors[6][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 },
					      { 0, 0, 255, 255 }, { 255, 255, 0, 255 },
					      { 0, 255, 255, 255 }, { 255, 0, 255, 255 } };
	static const float dirs[6][3] = { { 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 },
					  { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 } };
	GLuint p = glt_texture_program(glt_vs_window, fs_cube), t = glt_texture(GL_TEXTURE_CUBE_MAP);
	GLint dir = gl.GetUniformLocation(p, "u_dir");

	for (int f = 0; f < 6; f++)
		tx.TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)f, 0, GL_RGBA, 1, 1, 0, GL_RGBA,
			      GL_UNSIGNED_BYTE, colors[f]);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	for (int f = 0; f < 6; f++) {
		tx.Uniform3f(dir, dirs[f][0], dirs[f][1], dirs[f][2]);
		glt_draw_window();
		glt_assert_pixel(16, 16, colors[f][0], colors[f][1], colors[f][2], colors[f][3]);
	}
	/* five faces only: not cube complete */
	tx.TexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Z, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
		      NULL);
	glt_draw_window();
	glt_assert_pixel(16, 16, 0, 0, 0, 255);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- copies and immutable storage ------------------------------------------------------------------- */

START_TEST(t_copy_tex_image)
{
	GLuint p, t = glt_texture(GL_TEXTURE_2D);

	gl.Enable(GL_SCISSOR_TEST);
	gl.Scissor(0, 0, 16, 32);
	gl.ClearColor(1, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Scissor(16, 0, 16, 32);
	gl.ClearColor(0, 0, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Disable(GL_SCISSOR_TEST);
	/* window (8, 0) .. (24, 16): left half red, right half blue */
	tx.CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 0, 16, 16, 0);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	p = glt_texture_program(glt_vs_window, glt_fs_2d);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_draw_window();
	glt_assert_pixel(4, 4, 255, 0, 0, 255);
	glt_assert_pixel(28, 28, 0, 0, 255, 255);
	/* the sub-copy puts black (now on screen at the left) into texels 0..7 of row 0..7 */
	gl.Clear(GL_COLOR_BUFFER_BIT);
	tx.CopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 8, 8);
	glt_draw_window();
	glt_assert_pixel(4, 4, 0, 0, 0, 255);
	glt_assert_pixel(4, 28, 255, 0, 0, 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(t_tex_storage)
{
	uint8_t blue[4 * 4];
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d), t = glt_texture(GL_TEXTURE_2D);
	GLint v = 0;

	fill(blue, 4, 0, 0, 255, 255);
	tx.TexStorage2D(GL_TEXTURE_2D, 2, GL_RGBA8, 2, 2);
	tx.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, blue);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_draw_window();
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	tx.GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
	ck_assert_int_eq(v, GL_TRUE);
	tx.GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_IMMUTABLE_LEVELS, &v);
	ck_assert_int_eq(v, 2);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	tx.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	tx.DeleteTextures(1, &t);
	t = glt_texture(GL_TEXTURE_2D);
	tx.TexStorage2D(GL_TEXTURE_2D, 3, GL_RGBA8, 2, 2);     /* 2x2 has 2 levels */
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	tx.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA, 2, 2);      /* unsized */
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	tx.TexStorage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	tx.BindTexture(GL_TEXTURE_2D, 0);
	tx.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 2, 2);     /* the default texture */
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	tx.DeleteTextures(1, &t);
	/* a cube map takes storage for all six faces (piglit found it refused) */
	t = glt_texture(GL_TEXTURE_CUBE_MAP);
	tx.TexStorage2D(GL_TEXTURE_CUBE_MAP, 2, GL_RGBA8, 2, 2);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	tx.GetTexParameteriv(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_IMMUTABLE_LEVELS, &v);
	ck_assert_int_eq(v, 2);
	tx.DeleteTextures(1, &t);
	t = glt_texture(GL_TEXTURE_CUBE_MAP);
	tx.TexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 2, 4);  /* faces must be square */
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- objects, units, parameters ---------------------------------------------------------------------- */

START_TEST(t_objects_and_units)
{
	static const char *fs_two =
		"precision mediump float;\n"
		"uniform sampler2D a, b;\n"
		"varying vec2 uv;\n"
		"void main() { gl_FragColor = texture2D(a, uv) + texture2D(b, uv); }\n";
	static const uint8_t red[4] = { 255, 0, 0, 255 }, blue[4] = { 0, 0, 255, 0 };
	GLuint p = glt_texture_program(glt_vs_window, fs_two), t[2];
	GLint v = -1;

	tx.GenTextures(2, t);
	ck_assert(!tx.IsTexture(t[0]));               /* a name only, no object yet */
	tx.ActiveTexture(GL_TEXTURE3);
	tx.BindTexture(GL_TEXTURE_2D, t[1]);
	ck_assert(tx.IsTexture(t[1]));
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, blue);
	gl.GetIntegerv(GL_ACTIVE_TEXTURE, &v);
	ck_assert_int_eq(v, GL_TEXTURE3);
	gl.GetIntegerv(GL_TEXTURE_BINDING_2D, &v);
	ck_assert_int_eq(v, (GLint)t[1]);
	tx.ActiveTexture(GL_TEXTURE0);
	tx.BindTexture(GL_TEXTURE_2D, t[0]);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
	gl.Uniform1i(gl.GetUniformLocation(p, "a"), 0);
	gl.Uniform1i(gl.GetUniformLocation(p, "b"), 3);
	glt_draw_window();
	glt_assert_pixel(16, 16, 255, 0, 255, 255);
	/* deleting a bound texture binds 0 in its place */
	tx.DeleteTextures(1, &t[0]);
	gl.GetIntegerv(GL_TEXTURE_BINDING_2D, &v);
	ck_assert_int_eq(v, 0);
	ck_assert(!tx.IsTexture(t[0]));
	glt_draw_window();
	glt_assert_pixel(16, 16, 0, 0, 255, 255);    /* unit 0: incomplete (0,0,0,1) */
	tx.DeleteTextures(1, &t[1]);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(t_parameters)
{
	GLuint t = glt_texture(GL_TEXTURE_2D);
	GLint v = 0;
	GLfloat f = 0;

	tx.GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
	ck_assert_int_eq(v, GL_CLAMP_TO_EDGE);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_MIRRORED_REPEAT);
	tx.GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, &v);
	ck_assert_int_eq(v, GL_MIRRORED_REPEAT);
	tx.TexParameterf(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, 3.5f);
	tx.GetTexParameterfv(GL_TEXTURE_2D, GL_TEXTURE_MAX_LOD, &f);
	ck_assert(f == 3.5f);
	tx.TexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, (const GLint[]){ 2 });
	tx.GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, &v);
	ck_assert_int_eq(v, 2);
	tx.GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, &v);
	ck_assert_int_eq(v, GL_ALPHA);
	tx.DeleteTextures(1, &t);
	t = 0;
	tx.GenTextures(1, &t);
	tx.BindTexture(GL_TEXTURE_2D, t);
	tx.GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
	ck_assert_int_eq(v, GL_NEAREST_MIPMAP_LINEAR);  /* GL's default */
	tx.GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
	ck_assert_int_eq(v, GL_REPEAT);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	tx.DeleteTextures(1, &t);
}
END_TEST

/* ---- GL errors ---------------------------------------------------------------------------------------- */

START_TEST(t_errors)
{
	GLuint t = glt_texture(GL_TEXTURE_2D), c;
	GLint v;

	EXPECT(tx.GenTextures(-1, &c), GL_INVALID_VALUE);
	EXPECT(tx.DeleteTextures(-1, &c), GL_INVALID_VALUE);
	EXPECT(tx.BindTexture(GL_TEXTURE_3D + 1, t), GL_INVALID_ENUM);
	EXPECT(tx.BindTexture(GL_TEXTURE_CUBE_MAP, t), GL_INVALID_OPERATION); /* target fixed */
	EXPECT(tx.ActiveTexture(GL_TEXTURE0 + (GLenum)glt_geti(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS)),
	       GL_INVALID_ENUM);
	EXPECT(tx.ActiveTexture(0), GL_INVALID_ENUM);
	/* glTexImage2D */
	EXPECT(tx.TexImage2D(GL_TEXTURE_CUBE_MAP, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
			     NULL), GL_INVALID_ENUM);
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, -1, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL),
	       GL_INVALID_VALUE);
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, -1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL),
	       GL_INVALID_VALUE);
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1 << 20, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
			     NULL), GL_INVALID_VALUE);
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL),
	       GL_INVALID_VALUE);
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_RGBA, NULL),
	       GL_INVALID_ENUM);
	/* BGRA_EXT data needs BGRA_EXT storage (EXT_texture_format_BGRA8888) */
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, 0x80E1, GL_UNSIGNED_BYTE,
			     NULL), GL_INVALID_OPERATION);
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, 0x1234, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL),
	       GL_INVALID_VALUE);
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL),
	       GL_INVALID_OPERATION);
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5,
			     NULL), GL_INVALID_OPERATION);
	EXPECT(tx.TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA, 2, 1, 0, GL_RGBA,
			     GL_UNSIGNED_BYTE, NULL), GL_INVALID_VALUE);  /* bound: 2D; checked first */
	/* glTexSubImage2D */
	EXPECT(tx.TexSubImage2D(GL_TEXTURE_2D, 1, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL),
	       GL_INVALID_OPERATION);                             /* level never defined */
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	EXPECT(tx.TexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL),
	       GL_INVALID_VALUE);
	EXPECT(tx.TexSubImage2D(GL_TEXTURE_2D, 0, -1, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL),
	       GL_INVALID_VALUE);
	EXPECT(tx.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, NULL),
	       GL_INVALID_OPERATION);
	EXPECT(tx.TexSubImage2D(0, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL), GL_INVALID_ENUM);
	/* parameters */
	EXPECT(tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_NEAREST), GL_INVALID_ENUM);
	EXPECT(tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR_MIPMAP_LINEAR),
	       GL_INVALID_ENUM);
	EXPECT(tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, -1), GL_INVALID_VALUE);
	EXPECT(tx.TexParameteri(GL_TEXTURE_2D, GL_BLEND, 0), GL_INVALID_ENUM);
	EXPECT(tx.TexParameteri(GL_ARRAY_BUFFER, GL_TEXTURE_WRAP_S, GL_REPEAT), GL_INVALID_ENUM);
	EXPECT(tx.GetTexParameteriv(GL_TEXTURE_2D, GL_BLEND, &v), GL_INVALID_ENUM);
	EXPECT(tx.GetTexParameteriv(GL_ARRAY_BUFFER, GL_TEXTURE_WRAP_S, &v), GL_INVALID_ENUM);
	/* mipmaps, copies, compressed */
	EXPECT(tx.GenerateMipmap(GL_ARRAY_BUFFER), GL_INVALID_ENUM);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT16, 2, 2, 0, GL_DEPTH_COMPONENT,
		      GL_UNSIGNED_SHORT, NULL);
	EXPECT(tx.GenerateMipmap(GL_TEXTURE_2D), GL_INVALID_OPERATION);
	EXPECT(tx.CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 1, 1, 1), GL_INVALID_VALUE);
	EXPECT(tx.CopyTexImage2D(GL_TEXTURE_2D, 0, 0x1234, 0, 0, 1, 1, 0), GL_INVALID_ENUM);
	EXPECT(tx.CopyTexImage2D(0, 0, GL_RGBA, 0, 0, 1, 1, 0), GL_INVALID_ENUM);
	EXPECT(tx.CopyTexSubImage2D(GL_TEXTURE_2D, 0, 1, 1, 0, 0, 2, 2), GL_INVALID_VALUE);
	EXPECT(tx.CompressedTexImage2D(GL_TEXTURE_2D, 0, 0x83F0, 4, 4, 0, 8, NULL),
	       GL_INVALID_ENUM); /* S3TC is not advertised */
	gl.GetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &v);
	ck_assert_int_eq(v, 39);  /* ETC1 (test_gl_ext), ES 3.0's ten ETC2/EAC (test_gl_formats), 28 ASTC (test_gl_astc) */
	tx.DeleteTextures(1, &t);
}
END_TEST

/* What tests/fuzz/fuzz_gl found (its seeds regress-*): each was a crash, a
 * host renderer that died, or one that stopped answering. */
START_TEST(t_fuzz_findings)
{
	GLuint t = glt_texture(GL_TEXTURE_2D), t3 = glt_texture(GL_TEXTURE_3D), tc;

	/* a never-specified level: even a 0x0 copy has no format to copy into */
	EXPECT(tx.CopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 0, 0), GL_INVALID_OPERATION);
	/* the window's normalized colour into integers, or into sRGB */
	EXPECT(tx.CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8UI, 0, 0, 4, 4, 0), GL_INVALID_OPERATION);
	EXPECT(tx.CopyTexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 0, 0, 4, 4, 0),
	       GL_INVALID_OPERATION);
	/* fixed-point into floats: the host died of a blit into RGB9_E5, which
	 * it cannot render to (other sources copy through the CPU) */
	EXPECT(tx.CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 0, 0, 4, 4, 0), GL_INVALID_OPERATION);
	EXPECT(tx.CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA16F, 0, 0, 4, 4, 0), GL_INVALID_OPERATION);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8I, 4, 4, 0, GL_RGBA_INTEGER, GL_BYTE, NULL);
	EXPECT(tx.CopyTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4), GL_INVALID_OPERATION);
	/* a base level past the last one there is, then a level of another size */
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	EXPECT(tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 36), GL_NO_ERROR);
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 7, 7, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL),
	       GL_NO_ERROR);
	/* a negative level of a 3D image */
	EXPECT(tx.TexImage3D(GL_TEXTURE_3D, -3, GL_RGBA, 1, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL),
	       GL_INVALID_VALUE);
	/* deeper than wide: the host allows levels by width and height only
	 * (log2(11) + 1 = 4 is its last), so GL's 6-level chain cannot be made */
	EXPECT(tx.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA, 11, 3, 63, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL),
	       GL_NO_ERROR);
	EXPECT(tx.TexStorage3D(GL_TEXTURE_3D, 6, GL_RGBA8, 11, 3, 63), GL_OUT_OF_MEMORY);
	EXPECT(tx.TexStorage3D(GL_TEXTURE_3D, 5, GL_RGBA8, 11, 3, 63), GL_NO_ERROR);
	/* a level whose implied storage is past what can be allocated (a cube
	 * of 16384^2 faces): GL_OUT_OF_MEMORY, and the context goes on */
	tc = glt_texture(GL_TEXTURE_CUBE_MAP);
	EXPECT(tx.CopyTexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 2, GL_LUMINANCE, 0, 0, 4096, 4096, 0),
	       GL_OUT_OF_MEMORY);
	/* and the host still answers */
	gl.ClearColor(0, 1, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_assert_pixel(0, 0, 0, 255, 0, 255);
	tx.DeleteTextures(1, &t);
	tx.DeleteTextures(1, &t3);
	tx.DeleteTextures(1, &tc);
}
END_TEST

/* ---- ES 3.0: 3D and 2D array textures ----------------------------------------------------------------- */

static const char *fs_array =
	"#version 300 es\n"
	"precision mediump float;\n"
	"uniform mediump sampler2DArray tex;\n"
	"uniform vec3 u_at;\n"
	"uniform float u_lod;\n"
	"out vec4 o;\n"
	"void main() { o = textureLod(tex, u_at, u_lod); }\n";

static void sample3(GLuint p, float s, float t, float r, uint8_t out[4])
{
	tx.Uniform3f(gl.GetUniformLocation(p, "u_at"), s, t, r);
	glt_draw_window();
	glt_pixel(16, 16, out);
}

#define ASSERT_RGBA(px, r, g, b, a) \
	ck_assert_msg(px[0] == r && px[1] == g && px[2] == b && px[3] == a, \
		      "got %u,%u,%u,%u want %u,%u,%u,%u", px[0], px[1], px[2], px[3], r, g, b, a)

START_TEST(t_3d_texture)
{
	uint8_t data[2 * 2 * 2 * 4], blue[4] = { 0, 0, 255, 255 }, px[4];
	GLuint p = glt_texture_program(glt_vs3_window, glt_fs_3d), t = glt_texture(GL_TEXTURE_3D);

	tx.TexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
	fill(data, 4, 255, 0, 0, 255);          /* slice 0 red */
	fill(data + 16, 4, 0, 255, 0, 255);     /* slice 1 green */
	tx.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	sample3(p, 0.25f, 0.25f, 0.25f, px);
	ASSERT_RGBA(px, 255, 0, 0, 255);
	sample3(p, 0.25f, 0.25f, 0.75f, px);
	ASSERT_RGBA(px, 0, 255, 0, 255);
	/* one texel of slice 1 */
	tx.TexSubImage3D(GL_TEXTURE_3D, 0, 1, 1, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, blue);
	sample3(p, 0.75f, 0.75f, 0.75f, px);
	ASSERT_RGBA(px, 0, 0, 255, 255);
	sample3(p, 0.25f, 0.75f, 0.75f, px);
	ASSERT_RGBA(px, 0, 255, 0, 255);
	EXPECT(tx.TexImage3D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
			     NULL), GL_INVALID_ENUM);
	EXPECT(tx.TexImage3D(GL_TEXTURE_3D, 0, GL_DEPTH_COMPONENT16, 2, 2, 2, 0,
			     GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, NULL), GL_INVALID_OPERATION);
	EXPECT(tx.TexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 1, 1, 1, 2, GL_RGBA, GL_UNSIGNED_BYTE,
				blue), GL_INVALID_VALUE);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* UNPACK_IMAGE_HEIGHT and UNPACK_SKIP_IMAGES pick slices of a taller client
 * image; SKIP_ROWS and SKIP_PIXELS apply within each slice. */
START_TEST(t_3d_unpack)
{
	/* 3 client slices of 3 rows of 2 texels; the texture is 1x2x2 */
	uint8_t data[3 * 3 * 2 * 4], px[4];
	GLuint p = glt_texture_program(glt_vs3_window, glt_fs_3d), t = glt_texture(GL_TEXTURE_3D);

	memset(data, 0, sizeof(data));
	for (int z = 0; z < 3; z++)
		for (int y = 0; y < 3; y++)
			fill(data + ((z * 3 + y) * 2 + 1) * 4, 1, (uint8_t)(80 * z), (uint8_t)(100 * y),
			     7, 255);
	tx.TexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
	tx.PixelStorei(GL_UNPACK_ROW_LENGTH, 2);
	tx.PixelStorei(GL_UNPACK_IMAGE_HEIGHT, 3);
	tx.PixelStorei(GL_UNPACK_SKIP_IMAGES, 1);
	tx.PixelStorei(GL_UNPACK_SKIP_ROWS, 1);
	tx.PixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
	tx.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 1, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	tx.PixelStorei(GL_UNPACK_ROW_LENGTH, 0);
	tx.PixelStorei(GL_UNPACK_IMAGE_HEIGHT, 0);
	tx.PixelStorei(GL_UNPACK_SKIP_IMAGES, 0);
	tx.PixelStorei(GL_UNPACK_SKIP_ROWS, 0);
	tx.PixelStorei(GL_UNPACK_SKIP_PIXELS, 0);
	sample3(p, 0.5f, 0.25f, 0.25f, px);     /* texel (0, 0, 0): client slice 1, row 1 */
	ASSERT_RGBA(px, 80, 100, 7, 255);
	sample3(p, 0.5f, 0.75f, 0.75f, px);     /* texel (0, 1, 1): client slice 2, row 2 */
	ASSERT_RGBA(px, 160, 200, 7, 255);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(t_2d_array)
{
	uint8_t data[3 * 4 * 4], px[4];
	const uint8_t avg[4] = { 128, 0, 128, 255 };
	GLuint p = glt_texture_program(glt_vs3_window, fs_array), t = glt_texture(GL_TEXTURE_2D_ARRAY);
	GLint v = -1;

	fill(data, 4, 255, 0, 0, 255);
	fill(data + 16, 4, 0, 255, 0, 255);
	fill(data + 32, 4, 0, 0, 255, 255);
	tx.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA, 2, 2, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	gl.GetIntegerv(GL_TEXTURE_BINDING_2D_ARRAY, &v);
	ck_assert_int_eq(v, (GLint)t);
	for (int layer = 0; layer < 3; layer++) {
		sample3(p, 0.5f, 0.5f, (float)layer, px);
		ck_assert_int_eq(px[layer], 255);
	}
	/* layer 2, texel (0, 0) red and texel (1, 0) red: level 1 of layer 2 is (128, 0, 128) */
	tx.TexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 2, 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, data);
	tx.GenerateMipmap(GL_TEXTURE_2D_ARRAY);
	tx.TexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.Uniform1f(gl.GetUniformLocation(p, "u_lod"), 1.0f);
	sample3(p, 0.5f, 0.5f, 2.0f, px);
	glt_assert_pixel_near(16, 16, avg, 2);
	sample3(p, 0.5f, 0.5f, 1.0f, px);
	ASSERT_RGBA(px, 0, 255, 0, 255);
	tx.DeleteTextures(1, &t);
	/* immutable storage and a copy into one layer */
	t = glt_texture(GL_TEXTURE_2D_ARRAY);
	tx.TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 2);
	gl.ClearColor(1, 1, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	tx.CopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 1, 0, 0, 4, 4);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.Uniform1f(gl.GetUniformLocation(p, "u_lod"), 0.0f);
	sample3(p, 0.5f, 0.5f, 1.0f, px);
	ASSERT_RGBA(px, 255, 255, 0, 255);
	EXPECT(tx.TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 2), GL_INVALID_OPERATION);
	EXPECT(tx.CopyTexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, 2, 0, 0, 4, 4), GL_INVALID_VALUE);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* ES 3.0 sampler objects replace the texture's sampler state on their unit. */
START_TEST(t_sampler_objects)
{
	static const uint8_t rg[8] = { 255, 0, 0, 255, 0, 255, 0, 255 };
	GLuint p = glt_texture_program(glt_vs_window, fs_at), t = glt_texture(GL_TEXTURE_2D), smp;
	uint8_t px[4];
	GLint v = -1;

	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rg);
	tx.GenSamplers(1, &smp);
	ck_assert(tx.IsSampler(smp));                /* made by glGenSamplers */
	tx.SamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	tx.SamplerParameteri(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	sample_at(p, -0.25f, px);                    /* the texture's CLAMP_TO_EDGE: red */
	ck_assert(px[0] == 255 && px[1] == 0);
	tx.BindSampler(0, smp);                      /* the sampler's REPEAT: green */
	gl.GetIntegerv(GL_SAMPLER_BINDING, &v);
	ck_assert_int_eq(v, (GLint)smp);
	sample_at(p, -0.25f, px);
	ck_assert(px[1] == 255 && px[0] == 0);
	/* the sampler's mipmapped filter makes the one-level texture incomplete */
	tx.SamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	sample_at(p, 0.25f, px);
	ck_assert(px[0] == 0 && px[1] == 0 && px[3] == 255);
	tx.GetSamplerParameteriv(smp, GL_TEXTURE_WRAP_S, &v);
	ck_assert_int_eq(v, GL_REPEAT);
	/* errors */
	EXPECT(tx.BindSampler((GLuint)glt_geti(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS), smp),
	       GL_INVALID_VALUE);
	EXPECT(tx.BindSampler(0, 999), GL_INVALID_OPERATION);
	EXPECT(tx.SamplerParameteri(999, GL_TEXTURE_WRAP_S, GL_REPEAT), GL_INVALID_OPERATION);
	EXPECT(tx.SamplerParameteri(smp, GL_TEXTURE_BASE_LEVEL, 0), GL_INVALID_ENUM);
	EXPECT(tx.SamplerParameteri(smp, GL_TEXTURE_WRAP_S, GL_LINEAR), GL_INVALID_ENUM);
	EXPECT(tx.GetSamplerParameteriv(smp, GL_TEXTURE_SWIZZLE_R, &v), GL_INVALID_ENUM);
	EXPECT(tx.GenSamplers(-1, (GLuint *)&v), GL_INVALID_VALUE);
	/* deleting it unbinds it: the texture's own state again */
	tx.DeleteSamplers(1, &smp);
	gl.GetIntegerv(GL_SAMPLER_BINDING, &v);
	ck_assert_int_eq(v, 0);
	ck_assert(!tx.IsSampler(smp));
	sample_at(p, -0.25f, px);
	ck_assert(px[0] == 255 && px[1] == 0);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- ES 2.0 rules ---------------------------------------------------------------------------------- */

/* An ES 2.0 context on the fixture's surface, current until es2_end. */
static struct vgl_context *es2_begin(void)
{
	struct vgl_context_info ci = { .major = 2, .minor = 0 };
	struct vgl_context *c;

	ck_assert_int_eq(vgl_context_create(G.dev, &ci, &c), VGL_OK);
	ck_assert_int_eq(vgl_make_current(c, G.surf, G.surf), VGL_OK);
	return c;
}

static void es2_end(struct vgl_context *c)
{
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	vgl_context_destroy(c);
}

START_TEST(t_es2_rules)
{
	struct vgl_context *c = es2_begin();
	uint8_t white[9 * 4];
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d), t = glt_texture(GL_TEXTURE_2D);

	fill(white, 9, 255, 255, 255, 255);
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_R8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL),
	       GL_INVALID_VALUE);                 /* ES 3.0's (OES_required_internalformat's are not) */
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL),
	       GL_NO_ERROR);
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_BYTE,
			     NULL), GL_INVALID_ENUM);
	/* RED is EXT_texture_rg's, but only for RED storage */
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RED, GL_UNSIGNED_BYTE, NULL),
	       GL_INVALID_OPERATION);
	/* ES 3.0's HALF_FLOAT (OES_texture_half_float has a token of its own) */
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_HALF_FLOAT, NULL),
	       GL_INVALID_ENUM);
	EXPECT(tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, 0), GL_INVALID_ENUM);
	/* NPOT: ES 2.0 alone allows only clamped, unmipmapped ones; with
	 * OES_texture_npot (exposed) repeat and mipmaps work too */
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 3, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, white);
	glt_draw_window();
	glt_assert_pixel(16, 16, 255, 255, 255, 255);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
	glt_draw_window();
	glt_assert_pixel(16, 16, 255, 255, 255, 255);
	EXPECT(tx.GenerateMipmap(GL_TEXTURE_2D), GL_NO_ERROR);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_NEAREST);
	glt_draw_window();
	glt_assert_pixel(16, 16, 255, 255, 255, 255);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	es2_end(c);
}
END_TEST

/*
 * EXT_unpack_subimage (advertised in ES 2.0): piglit's ext_unpack_subimage.
 * A 1x2 texture from a client image 2 texels wide, 4 rows and 1 texel in.
 */
START_TEST(t_es2_unpack_subimage)
{
	static const uint8_t data[] = {
		255, 0, 0, 255, 0, 255, 0, 255,        /* row 0: skipped */
		0, 0, 0, 255, 0, 0, 0, 255,
		0, 0, 0, 255, 0, 0, 0, 255,
		0, 0, 0, 255, 0, 0, 0, 255,
		0, 0, 0, 255, 0, 0, 255, 255,          /* row 4: skip a texel, then blue */
		0, 0, 0, 0, 0, 255, 255, 255,          /* row 5: cyan */
	};
	struct vgl_context *c = es2_begin();
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d), t;
	GLint v = 0;

	ck_assert_ptr_nonnull(strstr((const char *)gl.GetString(GL_EXTENSIONS),
				     "GL_EXT_unpack_subimage"));
	tx.PixelStorei(GL_UNPACK_ROW_LENGTH, 2);
	tx.PixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
	tx.PixelStorei(GL_UNPACK_SKIP_ROWS, 4);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.GetIntegerv(GL_UNPACK_SKIP_ROWS, &v);
	ck_assert_int_eq(v, 4);
	/* ES 3.0's other pixel-store parameters are not ES 2.0's */
	EXPECT(tx.PixelStorei(GL_UNPACK_SKIP_IMAGES, 1), GL_INVALID_ENUM);
	EXPECT(tx.PixelStorei(GL_PACK_ROW_LENGTH, 1), GL_INVALID_ENUM);
	t = glt_texture(GL_TEXTURE_2D);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_draw_window();
	glt_assert_pixel(16, 8, 0, 0, 255, 255);
	glt_assert_pixel(16, 24, 0, 255, 255, 255);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
	es2_end(c);
}
END_TEST

/*
 * OES_packed_depth_stencil without OES_depth_texture: DEPTH_STENCIL and
 * UNSIGNED_INT_24_8 are known enums, but no texture takes them:
 * GL_INVALID_VALUE (piglit's "depth_stencil texture gles2").
 */
START_TEST(t_es2_depth_stencil_texture)
{
	struct vgl_context *c = es2_begin();
	GLuint t = glt_texture(GL_TEXTURE_2D), cube = glt_texture(GL_TEXTURE_CUBE_MAP);

	tx.BindTexture(GL_TEXTURE_2D, t);
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_STENCIL, 16, 16, 0, GL_DEPTH_STENCIL,
			     GL_UNSIGNED_INT_24_8, NULL), GL_INVALID_VALUE);
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 16, 16, 0, GL_DEPTH_STENCIL,
			     GL_UNSIGNED_INT_24_8, NULL), GL_INVALID_VALUE);
	EXPECT(tx.TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_Y, 0, GL_DEPTH_STENCIL, 16, 16, 0,
			     GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, NULL), GL_INVALID_VALUE);
	/* a known type that does not go with the format */
	EXPECT(tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_INT_24_8,
			     NULL), GL_INVALID_OPERATION);
	tx.DeleteTextures(1, &t);
	tx.DeleteTextures(1, &cube);
	es2_end(c);
}
END_TEST

/* EXT_shader_texture_lod (advertised in ES 2.0): texture2DLodEXT picks the level. */
START_TEST(t_es2_texture_lod)
{
	static const char *fs_lod_ext =
		"#extension GL_EXT_shader_texture_lod : require\n"
		"precision mediump float;\n"
		"uniform sampler2D tex;\n"
		"uniform float u_lod;\n"
		"void main() { gl_FragColor = texture2DLodEXT(tex, vec2(0.5), u_lod); }\n";
	struct vgl_context *c = es2_begin();
	uint8_t red[4 * 4], green[4];
	GLuint p, t;

	ck_assert_ptr_nonnull(strstr((const char *)gl.GetString(GL_EXTENSIONS),
				     "GL_EXT_shader_texture_lod"));
	p = glt_texture_program(glt_vs_window, fs_lod_ext);
	t = glt_texture(GL_TEXTURE_2D);
	fill(red, 4, 255, 0, 0, 255);
	fill(green, 1, 0, 255, 0, 255);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
	tx.TexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, green);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
	gl.Uniform1f(gl.GetUniformLocation(p, "u_lod"), 1.0f);
	glt_draw_window();
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	gl.Uniform1f(gl.GetUniformLocation(p, "u_lod"), 0.0f);
	glt_draw_window();
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
	es2_end(c);
}
END_TEST

/* ---- usage tracking ------------------------------------------------------------------------------------- */

/*
 * Uploads are copies in the context's command stream: to an idle texture
 * they neither flush nor wait; after a draw that samples the texture they
 * still do neither (the copy runs after that draw on the host), and the
 * draw sees the old texels, a later draw the new ones.
 */
START_TEST(t_upload_counters)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	uint8_t red[4 * 4], green[4 * 4];
	static const float left[12] = { -1, -1, 0, -1, 0, 1, -1, -1, 0, 1, -1, 1 };
	static const float right[12] = { 0, -1, 1, -1, 1, 1, 0, -1, 1, 1, 0, 1 };
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d), t;

	fill(red, 4, 255, 0, 0, 255);
	fill(green, 4, 0, 255, 0, 255);
	gl.Finish();
	vgl_context_reset_stats(G.ctx);
	t = glt_texture(GL_TEXTURE_2D);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
	tx.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, red);
	ck_assert_uint_eq(st->texture_uploads, 2);
	ck_assert_uint_eq(st->texture_uploads_busy, 1);   /* behind the first, same batch */
	ck_assert_uint_eq(st->access_flushes, 0);
	ck_assert_uint_eq(st->access_waits, 0);
	ck_assert_uint_eq(st->submits, 0);
	/* a draw samples it, then the texture changes: still no flush, no wait */
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.EnableVertexAttribArray(0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, left);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	tx.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, green);
	ck_assert_uint_eq(st->texture_uploads_busy, 2);
	ck_assert_uint_eq(st->access_flushes, 0);
	ck_assert_uint_eq(st->access_waits, 0);
	ck_assert_uint_eq(st->submits, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, right);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	glt_assert_pixel(8, 16, 255, 0, 0, 255);    /* the first draw: old texels */
	glt_assert_pixel(24, 16, 0, 255, 0, 255);   /* the second: new ones */
	ck_assert_uint_eq(st->submits, 2);          /* one per glReadPixels, nothing before */
	tx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* EXT_texture_sRGB_decode: SKIP_DECODE reads an sRGB texture's bytes as
 * they are, on the texture and through a sampler object; 128 decodes to 55. */
#define GL_TEXTURE_SRGB_DECODE_EXT 0x8A48
#define GL_DECODE_EXT 0x8A49
#define GL_SKIP_DECODE_EXT 0x8A4A
START_TEST(t_srgb_decode)
{
	static const uint8_t grey[4] = { 128, 128, 128, 255 };
	GLuint p = glt_texture_program(glt_vs_window, fs_at), smp;
	uint8_t px[4];
	GLint v = 0;

	ck_assert(glt_has_extension("GL_EXT_texture_sRGB_decode"));
	glt_texture(GL_TEXTURE_2D);
	tx.TexImage2D(GL_TEXTURE_2D, 0, GL_SRGB8_ALPHA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, grey);
	tx.GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, &v);
	ck_assert_int_eq(v, GL_DECODE_EXT);
	sample_at(p, 0.5f, px);
	ck_assert_msg(px[0] >= 54 && px[0] <= 56, "decoded %u", px[0]);
	tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, GL_SKIP_DECODE_EXT);
	sample_at(p, 0.5f, px);
	ck_assert_msg(px[0] >= 127 && px[0] <= 129 && px[3] == 255, "not decoded %u", px[0]);
	/* a sampler object's decode state wins on its unit */
	tx.GenSamplers(1, &smp);
	tx.SamplerParameteri(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	tx.BindSampler(0, smp);
	sample_at(p, 0.5f, px);
	ck_assert_msg(px[0] >= 54 && px[0] <= 56, "sampler's default decodes: %u", px[0]);
	tx.SamplerParameteri(smp, GL_TEXTURE_SRGB_DECODE_EXT, GL_SKIP_DECODE_EXT);
	sample_at(p, 0.5f, px);
	ck_assert_msg(px[0] >= 127 && px[0] <= 129, "sampler skips: %u", px[0]);
	EXPECT(tx.SamplerParameteri(smp, GL_TEXTURE_SRGB_DECODE_EXT, GL_NEAREST), GL_INVALID_ENUM);
	EXPECT(tx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SRGB_DECODE_EXT, GL_RGBA), GL_INVALID_ENUM);
	tx.DeleteSamplers(1, &smp);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_texture");
	TCase *tc = tcase_create("texture");

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_test(tc, t_formats_8bit);
	tcase_add_test(tc, t_formats_packed);
	tcase_add_test(tc, t_formats_float);
	tcase_add_test(tc, t_depth_texture_upload);
	tcase_add_test(tc, t_subimage);
	tcase_add_test(tc, t_unpack);
	tcase_add_test(tc, t_wrap);
	tcase_add_test(tc, t_filter);
	tcase_add_test(tc, t_generate_mipmap);
	tcase_add_test(tc, t_explicit_levels);
	tcase_add_test(tc, t_levels_without_mipmapping);
	tcase_add_test(tc, t_incomplete_black);
	tcase_add_test(tc, t_alternating_textures_see_changes);
	tcase_add_test(tc, t_cube_faces);
	tcase_add_test(tc, t_copy_tex_image);
	tcase_add_test(tc, t_tex_storage);
	tcase_add_test(tc, t_objects_and_units);
	tcase_add_test(tc, t_parameters);
	tcase_add_test(tc, t_errors);
	tcase_add_test(tc, t_fuzz_findings);
	tcase_add_test(tc, t_upload_counters);
	tcase_add_test(tc, t_es2_rules);
	tcase_add_test(tc, t_es2_unpack_subimage);
	tcase_add_test(tc, t_es2_depth_stencil_texture);
	tcase_add_test(tc, t_es2_texture_lod);
	tcase_add_test(tc, t_3d_texture);
	tcase_add_test(tc, t_3d_unpack);
	tcase_add_test(tc, t_2d_array);
	tcase_add_test(tc, t_sampler_objects);
	tcase_add_test(tc, t_srgb_decode);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
