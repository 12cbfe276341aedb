/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 texture and multisample state:
 * glGetTexLevelParameter* on the levels that
 * glTexImage*, glTexStorage* and glCompressedTexImage* define, with the
 * values read back; GL_SAMPLE_MASK and glSampleMaski on a 4x multisample
 * renderbuffer, resolved and read back, and the sample positions; the
 * default size of framebuffers without attachments; stencil texturing
 * (DEPTH_STENCIL_TEXTURE_MODE), the stencil read back through a usampler;
 * cube map arrays (EXT_texture_cube_map_array): each face of each cube
 * sampled back, textureSize, a layer rendered to, and the spec's errors.
 */
#include <GLES3/gl32.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define ES31_FUNCS(X) \
	X(GetTexLevelParameteriv, GETTEXLEVELPARAMETERIV) \
	X(GetTexLevelParameterfv, GETTEXLEVELPARAMETERFV) \
	X(TexStorage2D, TEXSTORAGE2D) X(TexStorage3D, TEXSTORAGE3D) \
	X(SampleMaski, SAMPLEMASKI) X(GetMultisamplefv, GETMULTISAMPLEFV) \
	X(GetIntegeri_v, GETINTEGERI_V) X(GenRenderbuffers, GENRENDERBUFFERS) \
	X(BindRenderbuffer, BINDRENDERBUFFER) \
	X(RenderbufferStorageMultisample, RENDERBUFFERSTORAGEMULTISAMPLE) \
	X(GenFramebuffers, GENFRAMEBUFFERS) X(BindFramebuffer, BINDFRAMEBUFFER) \
	X(FramebufferRenderbuffer, FRAMEBUFFERRENDERBUFFER) \
	X(CheckFramebufferStatus, CHECKFRAMEBUFFERSTATUS) X(BlitFramebuffer, BLITFRAMEBUFFER) \
	X(FramebufferParameteri, FRAMEBUFFERPARAMETERI) \
	X(GetFramebufferParameteriv, GETFRAMEBUFFERPARAMETERIV) \
	X(GetTexParameteriv, GETTEXPARAMETERIV) X(GenSamplers, GENSAMPLERS) \
	X(SamplerParameteri, SAMPLERPARAMETERI) X(DeleteSamplers, DELETESAMPLERS) \
	X(FramebufferTextureLayer, FRAMEBUFFERTEXTURELAYER) \
	X(FramebufferTexture2D, FRAMEBUFFERTEXTURE2D) X(ClearBufferiv, CLEARBUFFERIV) \
	X(TexImage3D, TEXIMAGE3D) X(DeleteFramebuffers, DELETEFRAMEBUFFERS)

#define ES31_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	ES31_FUNCS(ES31_MEMBER)
} es;
#undef ES31_MEMBER

static void setup(void)
{
	glt_setup_version(3, 1);
#define ES31_LOAD(n, N) es.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	ES31_FUNCS(ES31_LOAD)
#undef ES31_LOAD
}

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

/* ---- glGetTexLevelParameter --------------------------------------------------------------- */

static GLint level_i(GLenum target, GLint level, GLenum pname)
{
	GLint v = -1;

	es.GetTexLevelParameteriv(target, level, pname, &v);
	return v;
}

/* Size and channels of one level, as {pname, value} pairs. */
struct level_want {
	GLenum pname;
	GLint value;
};

static void assert_level(GLenum target, GLint level, const struct level_want *w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(level_i(target, level, w[i].pname) == w[i].value,
			      "level %d pname 0x%04x: %d, want %d", level, w[i].pname,
			      level_i(target, level, w[i].pname), w[i].value);
	expect(GL_NO_ERROR);
}

#define ASSERT_LEVEL(target, level, ...) \
	do { \
		const struct level_want w_[] = { __VA_ARGS__ }; \
		assert_level(target, level, w_, sizeof(w_) / sizeof(w_[0])); \
	} while (0)

START_TEST(level_rgba8)
{
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	gl.TexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	ASSERT_LEVEL(GL_TEXTURE_2D, 0, { GL_TEXTURE_WIDTH, 8 }, { GL_TEXTURE_HEIGHT, 4 },
		     { GL_TEXTURE_DEPTH, 1 }, { GL_TEXTURE_INTERNAL_FORMAT, GL_RGBA8 },
		     { GL_TEXTURE_RED_SIZE, 8 }, { GL_TEXTURE_GREEN_SIZE, 8 },
		     { GL_TEXTURE_BLUE_SIZE, 8 }, { GL_TEXTURE_ALPHA_SIZE, 8 },
		     { GL_TEXTURE_DEPTH_SIZE, 0 }, { GL_TEXTURE_STENCIL_SIZE, 0 },
		     { GL_TEXTURE_SHARED_SIZE, 0 }, { GL_TEXTURE_RED_TYPE, GL_UNSIGNED_NORMALIZED },
		     { GL_TEXTURE_ALPHA_TYPE, GL_UNSIGNED_NORMALIZED },
		     { GL_TEXTURE_DEPTH_TYPE, GL_NONE }, { GL_TEXTURE_COMPRESSED, GL_FALSE },
		     { GL_TEXTURE_SAMPLES, 0 }, { GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, GL_TRUE });
	ASSERT_LEVEL(GL_TEXTURE_2D, 1, { GL_TEXTURE_WIDTH, 4 }, { GL_TEXTURE_HEIGHT, 2 });
}
END_TEST

/* A level with no image: the state table's initial values. */
START_TEST(level_undefined)
{
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	ASSERT_LEVEL(GL_TEXTURE_2D, 3, { GL_TEXTURE_WIDTH, 0 }, { GL_TEXTURE_HEIGHT, 0 },
		     { GL_TEXTURE_DEPTH, 0 }, { GL_TEXTURE_INTERNAL_FORMAT, GL_RGBA },
		     { GL_TEXTURE_RED_SIZE, 0 }, { GL_TEXTURE_RED_TYPE, GL_NONE },
		     { GL_TEXTURE_COMPRESSED, GL_FALSE });
	/* past the levels a texture keeps, within log2(GL_MAX_TEXTURE_SIZE) */
	ASSERT_LEVEL(GL_TEXTURE_2D, 31 - __builtin_clz((unsigned)glt_geti(GL_MAX_TEXTURE_SIZE)),
		     { GL_TEXTURE_WIDTH, 0 });
}
END_TEST

START_TEST(level_depth_stencil)
{
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0, GL_DEPTH_STENCIL,
		      GL_UNSIGNED_INT_24_8, NULL);
	ASSERT_LEVEL(GL_TEXTURE_2D, 0, { GL_TEXTURE_DEPTH_SIZE, 24 }, { GL_TEXTURE_STENCIL_SIZE, 8 },
		     { GL_TEXTURE_DEPTH_TYPE, GL_UNSIGNED_NORMALIZED }, { GL_TEXTURE_RED_SIZE, 0 },
		     { GL_TEXTURE_RED_TYPE, GL_NONE },
		     { GL_TEXTURE_INTERNAL_FORMAT, GL_DEPTH24_STENCIL8 });
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 4, 4, 0, GL_DEPTH_COMPONENT,
		      GL_FLOAT, NULL);
	ASSERT_LEVEL(GL_TEXTURE_2D, 0, { GL_TEXTURE_DEPTH_SIZE, 32 },
		     { GL_TEXTURE_DEPTH_TYPE, GL_FLOAT }, { GL_TEXTURE_STENCIL_SIZE, 0 });
}
END_TEST

/* Channel types and sizes of other classes: integer, float, shared exponent. */
START_TEST(level_types)
{
	glt_texture(GL_TEXTURE_2D);
	es.TexStorage2D(GL_TEXTURE_2D, 3, GL_R32UI, 8, 8);
	ASSERT_LEVEL(GL_TEXTURE_2D, 2, { GL_TEXTURE_WIDTH, 2 }, { GL_TEXTURE_RED_SIZE, 32 },
		     { GL_TEXTURE_GREEN_SIZE, 0 }, { GL_TEXTURE_RED_TYPE, GL_UNSIGNED_INT },
		     { GL_TEXTURE_GREEN_TYPE, GL_NONE }, { GL_TEXTURE_INTERNAL_FORMAT, GL_R32UI });
	ASSERT_LEVEL(GL_TEXTURE_2D, 3, { GL_TEXTURE_WIDTH, 0 });
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RG16F, 2, 2, 0, GL_RG, GL_HALF_FLOAT, NULL);
	ASSERT_LEVEL(GL_TEXTURE_2D, 0, { GL_TEXTURE_GREEN_SIZE, 16 },
		     { GL_TEXTURE_GREEN_TYPE, GL_FLOAT }, { GL_TEXTURE_BLUE_SIZE, 0 });
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 2, 2, 0, GL_RGB, GL_FLOAT, NULL);
	ASSERT_LEVEL(GL_TEXTURE_2D, 0, { GL_TEXTURE_SHARED_SIZE, 5 }, { GL_TEXTURE_ALPHA_SIZE, 0 },
		     { GL_TEXTURE_BLUE_TYPE, GL_FLOAT });
}
END_TEST

/* 3D depth, array layers, a cube map's faces one by one. */
START_TEST(level_targets)
{
	glt_texture(GL_TEXTURE_3D);
	gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	ASSERT_LEVEL(GL_TEXTURE_3D, 0, { GL_TEXTURE_DEPTH, 2 }, { GL_TEXTURE_HEIGHT, 4 });
	glt_texture(GL_TEXTURE_2D_ARRAY);
	es.TexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA8, 4, 4, 6);
	ASSERT_LEVEL(GL_TEXTURE_2D_ARRAY, 1, { GL_TEXTURE_WIDTH, 2 }, { GL_TEXTURE_DEPTH, 6 });
	glt_texture(GL_TEXTURE_CUBE_MAP);
	gl.TexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
		      GL_UNSIGNED_BYTE, NULL);
	ASSERT_LEVEL(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, { GL_TEXTURE_WIDTH, 4 });
	ASSERT_LEVEL(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, { GL_TEXTURE_WIDTH, 0 });
}
END_TEST

START_TEST(level_compressed)
{
	static uint8_t block[8], astc[4 * 16];

	glt_texture(GL_TEXTURE_2D);
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, sizeof(block),
				block);
	expect(GL_NO_ERROR);
	ASSERT_LEVEL(GL_TEXTURE_2D, 0, { GL_TEXTURE_COMPRESSED, GL_TRUE },
		     { GL_TEXTURE_INTERNAL_FORMAT, GL_COMPRESSED_RGB8_ETC2 },
		     { GL_TEXTURE_WIDTH, 4 });
	/* KHR_texture_compression_astc_ldr: 13x13 of 12x12 blocks is 2x2 of them */
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGBA_ASTC_12x12, 13, 13, 0,
				sizeof(astc), astc);
	expect(GL_NO_ERROR);
	ASSERT_LEVEL(GL_TEXTURE_2D, 1, { GL_TEXTURE_COMPRESSED, GL_TRUE },
		     { GL_TEXTURE_INTERNAL_FORMAT, GL_COMPRESSED_RGBA_ASTC_12x12 },
		     { GL_TEXTURE_HEIGHT, 13 });
}
END_TEST

/* The float form; a failed call writes nothing. */
START_TEST(level_float)
{
	GLfloat f = -1;

	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	es.GetTexLevelParameterfv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &f);
	ck_assert_float_eq(f, 8.0f);
	es.GetTexLevelParameterfv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &f);
	ck_assert_float_eq(f, (GLfloat)GL_RGBA8);
	expect(GL_NO_ERROR);
	f = -1;
	es.GetTexLevelParameterfv(GL_TEXTURE_2D, -1, GL_TEXTURE_WIDTH, &f);
	expect(GL_INVALID_VALUE);
	ck_assert_float_eq(f, -1.0f);
}
END_TEST

/* ---- sample mask ------------------------------------------------------------------------- */

/* A framebuffer with a 4x multisample RGBA8 renderbuffer of the window's size, bound. */
static GLuint multisample_fbo(void)
{
	GLuint rb, fb;

	es.GenRenderbuffers(1, &rb);
	es.BindRenderbuffer(GL_RENDERBUFFER, rb);
	es.RenderbufferStorageMultisample(GL_RENDERBUFFER, 4, GL_RGBA8, GLT_W, GLT_H);
	es.GenFramebuffers(1, &fb);
	es.BindFramebuffer(GL_FRAMEBUFFER, fb);
	es.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	ck_assert_int_eq(es.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	ck_assert_int_eq(glt_geti(GL_SAMPLES), 4);
	return fb;
}

static const char fs_green[] = "#version 300 es\n"
	"precision mediump float;\n"
	"out vec4 c;\n"
	"void main() { c = vec4(0.0, 1.0, 0.0, 1.0); }\n";

/* Green drawn over black into the multisample buffer with `mask`, resolved
 * into the window; the green the window reads back. */
static int resolved_green(GLuint fb, bool enable, GLbitfield mask)
{
	uint8_t px[4];

	es.BindFramebuffer(GL_FRAMEBUFFER, fb);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	(enable ? gl.Enable : gl.Disable)(GL_SAMPLE_MASK);
	es.SampleMaski(0, mask);
	gl.UseProgram(glt_program(glt_vs3_window, fs_green));
	glt_draw_window();
	es.BindFramebuffer(GL_DRAW_FRAMEBUFFER, 0);
	es.BlitFramebuffer(0, 0, GLT_W, GLT_H, 0, 0, GLT_W, GLT_H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	es.BindFramebuffer(GL_FRAMEBUFFER, 0);
	expect(GL_NO_ERROR);
	glt_pixel(GLT_W / 2, GLT_H / 2, px);
	return px[1];
}

/* One sample of four kept: a quarter of the green in the resolve. */
START_TEST(sample_mask_resolve)
{
	GLuint fb = multisample_fbo();

	ck_assert_int_le(abs(resolved_green(fb, true, 0x1) - 64), 8);
	ck_assert_int_le(abs(resolved_green(fb, true, 0x3) - 128), 8);
	ck_assert_int_eq(resolved_green(fb, true, 0xF), 255);
	ck_assert_int_eq(resolved_green(fb, true, 0x0), 0);
	/* disabled, the mask keeps nothing from being drawn */
	ck_assert_int_eq(resolved_green(fb, false, 0x1), 255);
}
END_TEST

START_TEST(sample_mask_state)
{
	GLint v = 0;
	GLboolean b = GL_TRUE;

	ck_assert_int_ge(glt_geti(GL_MAX_SAMPLE_MASK_WORDS), 1);
	ck_assert(!gl.IsEnabled(GL_SAMPLE_MASK));
	es.GetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &v);
	ck_assert_uint_eq((GLuint)v, ~0u);
	gl.Enable(GL_SAMPLE_MASK);
	es.SampleMaski(0, 0x5);
	es.GetIntegeri_v(GL_SAMPLE_MASK_VALUE, 0, &v);
	ck_assert_int_eq(v, 0x5);
	gl.GetBooleanv(GL_SAMPLE_MASK, &b);
	ck_assert_int_eq(b, GL_TRUE);
	expect(GL_NO_ERROR);
}
END_TEST

/* Four distinct positions inside the pixel; none past the count. */
START_TEST(sample_positions)
{
	GLfloat p[4][2], none[2] = { -1, -1 };

	multisample_fbo();
	for (GLuint i = 0; i < 4; i++) {
		es.GetMultisamplefv(GL_SAMPLE_POSITION, i, p[i]);
		ck_assert(p[i][0] >= 0 && p[i][0] < 1 && p[i][1] >= 0 && p[i][1] < 1);
		for (GLuint j = 0; j < i; j++)
			ck_assert(p[i][0] != p[j][0] || p[i][1] != p[j][1]);
	}
	expect(GL_NO_ERROR);
	es.GetMultisamplefv(GL_SAMPLE_POSITION, 4, none);
	expect(GL_INVALID_VALUE);
	ck_assert_float_eq(none[0], -1.0f);
}
END_TEST

/* ---- framebuffer parameters --------------------------------------------------------------- */

static GLint fb_param(GLenum target, GLenum pname)
{
	GLint v = -1;

	es.GetFramebufferParameteriv(target, pname, &v);
	return v;
}

START_TEST(framebuffer_defaults)
{
	GLuint fb;

	ck_assert_int_ge(glt_geti(GL_MAX_FRAMEBUFFER_WIDTH), 2048);
	ck_assert_int_ge(glt_geti(GL_MAX_FRAMEBUFFER_HEIGHT), 2048);
	ck_assert_int_ge(glt_geti(GL_MAX_FRAMEBUFFER_SAMPLES), 4);
	es.GenFramebuffers(1, &fb);
	es.BindFramebuffer(GL_FRAMEBUFFER, fb);
	ck_assert_int_eq(fb_param(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH), 0);
	ck_assert_int_eq(fb_param(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS),
			 GL_FALSE);
	es.FramebufferParameteri(GL_DRAW_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 64);
	es.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 32);
	es.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES, 4);
	es.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS, 7);
	ck_assert_int_eq(fb_param(GL_READ_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH), 64);
	ck_assert_int_eq(fb_param(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT), 32);
	ck_assert_int_eq(fb_param(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES), 4);
	ck_assert_int_eq(fb_param(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS),
			 GL_TRUE);
	/* a default size makes a framebuffer without attachments complete
	 * (its draws: test_gl_es31_ms) */
	ck_assert_int_eq(es.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	expect(GL_NO_ERROR);
}
END_TEST

/* ---- stencil texturing (ES 3.1 §8.16) ----------------------------------------------------- */

/* texel (x, y)'s stencil in a 4x4 texture: distinct, and > 127 in places */
static uint8_t stencil_at(int x, int y)
{
	return (uint8_t)(17 * (4 * y + x) + 3);
}

/* A 4x4 depth/stencil texture of `format` with stencil_at() and depth 0.5,
 * NEAREST, in STENCIL_INDEX mode. */
static GLuint stencil_texture(GLenum format)
{
	uint32_t d24s8[16], d32fs8[32];
	GLuint t = glt_texture(GL_TEXTURE_2D);
	float half = 0.5f;

	for (int i = 0; i < 16; i++) {
		uint8_t s = stencil_at(i % 4, i / 4);

		d24s8[i] = 0x800000u << 8 | s;
		memcpy(&d32fs8[2 * i], &half, 4);
		d32fs8[2 * i + 1] = s;
	}
	if (format == GL_DEPTH24_STENCIL8)
		gl.TexImage2D(GL_TEXTURE_2D, 0, format, 4, 4, 0, GL_DEPTH_STENCIL,
			      GL_UNSIGNED_INT_24_8, d24s8);
	else
		gl.TexImage2D(GL_TEXTURE_2D, 0, format, 4, 4, 0, GL_DEPTH_STENCIL,
			      GL_FLOAT_32_UNSIGNED_INT_24_8_REV, d32fs8);
	gl.TexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
	expect(GL_NO_ERROR);
	return t;
}

/* the texel under each fragment, its stencil as red (and depth as green
 * through a sampler2D when asked) */
static const char fs_stencil[] = "#version 300 es\n"
	"precision highp float;\n"
	"uniform highp usampler2D tex;\n"
	"out vec4 o;\n"
	"void main() {\n"
	"  uvec4 s = texelFetch(tex, ivec2(gl_FragCoord.xy) / 8, 0);\n" /* GLT_W / 4 */
	"  o = vec4(float(s.r) / 255.0, float(s.g), float(s.b), float(s.a));\n"
	"}\n";
static const char fs_depth[] = "#version 300 es\n"
	"precision highp float;\n"
	"uniform highp sampler2D tex;\n"
	"out vec4 o;\n"
	"void main() { o = vec4(0.0, texelFetch(tex, ivec2(0), 0).r, 0.0, 1.0); }\n";

/* Each quarter of the window shows its texel's stencil in red, (0, 0, 1) after it. */
static void assert_stencil_drawn(void)
{
	glt_texture_program(glt_vs3_window, fs_stencil);
	glt_draw_window();
	expect(GL_NO_ERROR);
	for (int y = 0; y < 4; y++)
		for (int x = 0; x < 4; x++)
			glt_assert_pixel(x * GLT_W / 4 + 1, y * GLT_H / 4 + 1, stencil_at(x, y), 0,
					 0, 255);
}

START_TEST(stencil_texturing)
{
	GLenum formats[] = { GL_DEPTH24_STENCIL8, GL_DEPTH32F_STENCIL8 };
	GLint mode = 0;

	for (int i = 0; i < 2; i++) {
		stencil_texture(formats[i]);
		es.GetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &mode);
		ck_assert_int_eq(mode, GL_STENCIL_INDEX);
		assert_stencil_drawn();
		/* back to depth: the same texture samples 0.5 */
		gl.TexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_DEPTH_COMPONENT);
		glt_texture_program(glt_vs3_window, fs_depth);
		glt_draw_window();
		glt_assert_pixel_near(GLT_W / 2, GLT_H / 2, (const uint8_t[4]){ 0, 128, 0, 255 }, 2);
	}
}
END_TEST

START_TEST(stencil_texturing_errors)
{
	GLuint s;
	GLint mode = 0;

	glt_texture(GL_TEXTURE_2D);
	es.GetTexParameteriv(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, &mode);
	ck_assert_int_eq(mode, GL_DEPTH_COMPONENT);
	gl.TexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_ATTACHMENT);
	expect(GL_INVALID_ENUM);
	/* a texture parameter, not a sampler's */
	es.GenSamplers(1, &s);
	es.SamplerParameteri(s, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
	expect(GL_INVALID_ENUM);
	es.DeleteSamplers(1, &s);
}
END_TEST

/* A stencil is an integer: LINEAR makes the texture incomplete, and the
 * draw samples no stencil (ES 3.1 §8.17). */
START_TEST(stencil_texturing_linear_incomplete)
{
	uint8_t px[4];

	stencil_texture(GL_DEPTH24_STENCIL8);
	gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
	glt_texture_program(glt_vs3_window, fs_stencil);
	glt_draw_window();
	expect(GL_NO_ERROR);
	glt_pixel(GLT_W - 2, GLT_H - 2, px);
	ck_assert_msg(px[0] == 0, "an incomplete stencil texture sampled %u", px[0]);
	gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	assert_stencil_drawn();
}
END_TEST

/* OES_texture_stencil8: a STENCIL_INDEX8 texture samples its stencil
 * whatever DEPTH_STENCIL_TEXTURE_MODE says, made by glTexImage2D or by
 * glTexStorage2D + glTexSubImage2D (STENCIL_INDEX, UNSIGNED_BYTE). */
START_TEST(stencil_index8_texture)
{
	uint8_t s[16];

	ck_assert(glt_has_extension("GL_OES_texture_stencil8"));
	for (int i = 0; i < 16; i++)
		s[i] = stencil_at(i % 4, i / 4);
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 4, 4, 0, GL_STENCIL_INDEX,
		      GL_UNSIGNED_BYTE, s);
	expect(GL_NO_ERROR);
	assert_stencil_drawn();
	glt_texture(GL_TEXTURE_2D);
	es.TexStorage2D(GL_TEXTURE_2D, 1, GL_STENCIL_INDEX8, 4, 4);
	gl.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_STENCIL_INDEX, GL_UNSIGNED_BYTE, s);
	gl.TexParameteri(GL_TEXTURE_2D, GL_DEPTH_STENCIL_TEXTURE_MODE, GL_STENCIL_INDEX);
	expect(GL_NO_ERROR);
	assert_stencil_drawn();
}
END_TEST

/* A STENCIL_INDEX8 texture is a framebuffer's stencil attachment: cleared
 * to 0x5a there, it samples 0x5a. It makes no 3D texture; its data is
 * STENCIL_INDEX bytes only. */
START_TEST(stencil_index8_attachment)
{
	GLuint t = glt_texture(GL_TEXTURE_2D), fb;
	GLint v = 0x5a;

	es.TexStorage2D(GL_TEXTURE_2D, 1, GL_STENCIL_INDEX8, 4, 4);
	es.GenFramebuffers(1, &fb);
	es.BindFramebuffer(GL_FRAMEBUFFER, fb);
	es.FramebufferTexture2D(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_TEXTURE_2D, t, 0);
	ck_assert_int_eq(es.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	es.ClearBufferiv(GL_STENCIL, 0, &v);
	es.BindFramebuffer(GL_FRAMEBUFFER, 0);
	es.DeleteFramebuffers(1, &fb);
	glt_texture_program(glt_vs3_window, fs_stencil);
	glt_draw_window();
	expect(GL_NO_ERROR);
	glt_assert_pixel(1, 1, 0x5a, 0, 0, 255);
	glt_assert_pixel(GLT_W - 2, GLT_H - 2, 0x5a, 0, 0, 255);
	glt_texture(GL_TEXTURE_3D);
	es.TexStorage3D(GL_TEXTURE_3D, 1, GL_STENCIL_INDEX8, 4, 4, 4);
	expect(GL_INVALID_OPERATION);
	es.TexImage3D(GL_TEXTURE_3D, 0, GL_STENCIL_INDEX8, 4, 4, 4, 0, GL_STENCIL_INDEX,
		      GL_UNSIGNED_BYTE, NULL);
	expect(GL_INVALID_OPERATION);
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 4, 4, 0, GL_STENCIL_INDEX, GL_FLOAT,
		      NULL);
	expect(GL_INVALID_OPERATION);
}
END_TEST

/* ---- cube map arrays (EXT_texture_cube_map_array) ---------------------------------------- */

#define CA_SIZE 4
#define CA_CUBES 2

/* layer k's colour: distinct per face and cube */
static void layer_colour(int k, uint8_t out[4])
{
	out[0] = (uint8_t)(20 * k + 10);
	out[1] = (uint8_t)(255 - 20 * k);
	out[2] = (uint8_t)(k & 1 ? 200 : 40);
	out[3] = 255;
}

static GLuint cube_array_texture(void)
{
	uint8_t texels[CA_CUBES * 6][CA_SIZE * CA_SIZE][4];
	GLuint t = glt_texture(GL_TEXTURE_CUBE_MAP_ARRAY);

	for (int k = 0; k < CA_CUBES * 6; k++)
		for (int i = 0; i < CA_SIZE * CA_SIZE; i++)
			layer_colour(k, texels[k][i]);
	gl.TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, CA_SIZE, CA_SIZE, CA_CUBES * 6, 0,
		      GL_RGBA, GL_UNSIGNED_BYTE, texels);
	expect(GL_NO_ERROR);
	return t;
}

static const char vs31_window[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
/* the direction `dir` of cube `cube`; a = textureSize's (w, h, cubes) / 255 */
static const char fs_cube_array[] = "#version 310 es\n"
	"#extension GL_EXT_texture_cube_map_array : require\n"
	"precision highp float;\n"
	"uniform highp samplerCubeArray tex;\n"
	"uniform vec3 dir;\n"
	"uniform float cube;\n"
	"uniform bool size;\n"
	"out vec4 o;\n"
	"void main() {\n"
	"  o = size ? vec4(vec3(textureSize(tex, 0)) / 255.0, 1.0) : texture(tex, vec4(dir, cube));\n"
	"}\n";

/* What the window shows for direction d of cube c. */
static void draw_direction(GLuint p, const float d[3], int c)
{
	gl.Uniform3f(gl.GetUniformLocation(p, "dir"), d[0], d[1], d[2]);
	gl.Uniform1f(gl.GetUniformLocation(p, "cube"), (float)c);
	glt_draw_window();
	expect(GL_NO_ERROR);
}

/* +X, -X, +Y, -Y, +Z, -Z: the layer order of a cube */
static const float face_dirs[6][3] = {
	{ 1, 0, 0 }, { -1, 0, 0 }, { 0, 1, 0 }, { 0, -1, 0 }, { 0, 0, 1 }, { 0, 0, -1 } };

START_TEST(cube_array_faces)
{
	GLuint p;
	uint8_t want[4];

	cube_array_texture();
	p = glt_texture_program(vs31_window, fs_cube_array);
	for (int c = 0; c < CA_CUBES; c++)
		for (int f = 0; f < 6; f++) {
			draw_direction(p, face_dirs[f], c);
			layer_colour(6 * c + f, want);
			glt_assert_pixel_near(GLT_W / 2, GLT_H / 2, want, 1);
		}
	gl.Uniform1i(gl.GetUniformLocation(p, "size"), 1);
	glt_draw_window();
	glt_assert_pixel(GLT_W / 2, GLT_H / 2, CA_SIZE, CA_SIZE, CA_CUBES, 255);
}
END_TEST

/* Layer 9 (cube 1's -Y) rendered to through glFramebufferTextureLayer. */
START_TEST(cube_array_render_layer)
{
	GLuint t = cube_array_texture(), fb, p;
	const uint8_t green[4] = { 0, 255, 0, 255 };

	es.GenFramebuffers(1, &fb);
	es.BindFramebuffer(GL_FRAMEBUFFER, fb);
	es.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 9);
	ck_assert_int_eq(es.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.Viewport(0, 0, CA_SIZE, CA_SIZE);
	gl.ClearColor(0, 1, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	es.BindFramebuffer(GL_FRAMEBUFFER, 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	p = glt_texture_program(vs31_window, fs_cube_array);
	draw_direction(p, face_dirs[3], 1);
	glt_assert_pixel_near(GLT_W / 2, GLT_H / 2, green, 1);
	draw_direction(p, face_dirs[2], 1);   /* its neighbour keeps its colour */
	{
		uint8_t want[4];

		layer_colour(8, want);
		glt_assert_pixel_near(GLT_W / 2, GLT_H / 2, want, 1);
	}
}
END_TEST

START_TEST(cube_array_errors)
{
	GLuint t = glt_texture(GL_TEXTURE_CUBE_MAP_ARRAY);

	ck_assert_int_eq(glt_geti(GL_TEXTURE_BINDING_CUBE_MAP_ARRAY), (GLint)t);
	/* layers not whole cubes, faces not square */
	gl.TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 4, 4, 7, 0, GL_RGBA,
		      GL_UNSIGNED_BYTE, NULL);
	expect(GL_INVALID_VALUE);
	gl.TexImage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 0, GL_RGBA8, 4, 8, 6, 0, GL_RGBA,
		      GL_UNSIGNED_BYTE, NULL);
	expect(GL_INVALID_VALUE);
	es.TexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 1, GL_RGBA8, 4, 4, 10);
	expect(GL_INVALID_VALUE);
	es.TexStorage3D(GL_TEXTURE_CUBE_MAP_ARRAY, 3, GL_RGBA8, 4, 4, 12);
	expect(GL_NO_ERROR);
	ASSERT_LEVEL(GL_TEXTURE_CUBE_MAP_ARRAY, 1, { GL_TEXTURE_WIDTH, 2 }, { GL_TEXTURE_HEIGHT, 2 },
		     { GL_TEXTURE_DEPTH, 12 });
}
END_TEST

static Suite *es31_tex_suite(void)
{
	Suite *s = suite_create("gl es31 tex");
	TCase *tl = tcase_create("level");
	TCase *tm = tcase_create("sample mask");

	tcase_add_checked_fixture(tl, setup, glt_teardown);
	tcase_add_test(tl, level_rgba8);
	tcase_add_test(tl, level_undefined);
	tcase_add_test(tl, level_depth_stencil);
	tcase_add_test(tl, level_types);
	tcase_add_test(tl, level_targets);
	tcase_add_test(tl, level_compressed);
	tcase_add_test(tl, level_float);
	suite_add_tcase(s, tl);
	tcase_add_checked_fixture(tm, setup, glt_teardown);
	tcase_add_test(tm, sample_mask_resolve);
	tcase_add_test(tm, sample_mask_state);
	tcase_add_test(tm, sample_positions);
	tcase_add_test(tm, framebuffer_defaults);
	tcase_add_test(tm, stencil_texturing);
	tcase_add_test(tm, stencil_texturing_errors);
	tcase_add_test(tm, stencil_texturing_linear_incomplete);
	tcase_add_test(tm, stencil_index8_texture);
	tcase_add_test(tm, stencil_index8_attachment);
	tcase_add_test(tm, cube_array_faces);
	tcase_add_test(tm, cube_array_render_layer);
	tcase_add_test(tm, cube_array_errors);
	suite_add_tcase(s, tm);
	return s;
}

int main(void)
{
	return glt_main(es31_tex_suite);
}
