/* SPDX-License-Identifier: MIT */
/*
 * ES 3.0's sized formats end to end: every one uploaded (with each format and
 * type pair table 3.2 gives it where a conversion is involved), fetched in a
 * shader with the sampler type of its class and written to an RGBA32F,
 * RGBA32I or RGBA32UI framebuffer read back with glReadPixels; every
 * colour-renderable one rendered into and read back with its required
 * format/type pair; sRGB encode and decode; ETC2/EAC blocks of known
 * result; texture swizzles and level ranges on each target; depth
 * comparison on DEPTH_COMPONENT32F.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define FMT_FUNCS(X) \
	X(GenFramebuffers, GENFRAMEBUFFERS) X(BindFramebuffer, BINDFRAMEBUFFER) \
	X(DeleteFramebuffers, DELETEFRAMEBUFFERS) X(FramebufferTexture2D, FRAMEBUFFERTEXTURE2D) \
	X(CheckFramebufferStatus, CHECKFRAMEBUFFERSTATUS) X(TexStorage2D, TEXSTORAGE2D) \
	X(ClearBufferiv, CLEARBUFFERIV) X(ClearBufferuiv, CLEARBUFFERUIV) \
	X(ClearBufferfv, CLEARBUFFERFV) X(GetTexParameteriv, GETTEXPARAMETERIV) \
	X(GenRenderbuffers, GENRENDERBUFFERS) X(BindRenderbuffer, BINDRENDERBUFFER) \
	X(RenderbufferStorage, RENDERBUFFERSTORAGE) X(DeleteRenderbuffers, DELETERENDERBUFFERS) \
	X(FramebufferRenderbuffer, FRAMEBUFFERRENDERBUFFER) \
	X(GetFramebufferAttachmentParameteriv, GETFRAMEBUFFERATTACHMENTPARAMETERIV) \
	X(CompressedTexSubImage2D, COMPRESSEDTEXSUBIMAGE2D)

#define FMT_MEMBER(n, N) PFNGL##N##PROC n;
static struct { FMT_FUNCS(FMT_MEMBER) } fx;
#undef FMT_MEMBER

static void setup(void)
{
	glt_setup();
#define FMT_LOAD(n, N) \
	fx.n = (PFNGL##N##PROC)vgl_get_proc_address("gl" #n); \
	ck_assert_msg(fx.n != NULL, "gl" #n " missing");
	FMT_FUNCS(FMT_LOAD)
#undef FMT_LOAD
}

/* What a texel samples as: floats (F), signed (I) or unsigned (U) integers. */
enum cls { F, I, U };

static const char *vs =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static const char *fs_fetch[] = {
	[F] = "#version 300 es\nprecision highp float;\nuniform highp sampler2D tex;\n"
	      "out vec4 o;\nvoid main() { o = texelFetch(tex, ivec2(0), 0); }\n",
	[I] = "#version 300 es\nprecision highp float;\nuniform highp isampler2D tex;\n"
	      "out ivec4 o;\nvoid main() { o = texelFetch(tex, ivec2(0), 0); }\n",
	[U] = "#version 300 es\nprecision highp float;\nuniform highp usampler2D tex;\n"
	      "out uvec4 o;\nvoid main() { o = texelFetch(tex, ivec2(0), 0); }\n",
};

/* The 1x1 target a class is written to and read back from, with its pair. */
static const struct { GLenum internal, format, type; } targets[] = {
	[F] = { GL_RGBA32F, GL_RGBA, GL_FLOAT },
	[I] = { GL_RGBA32I, GL_RGBA_INTEGER, GL_INT },
	[U] = { GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT },
};

/* An n x n colour texture of `internal` bound to a new framebuffer. */
static GLuint target_fbo_n(GLenum internal, GLsizei n, GLuint *tex)
{
	GLuint f;

	*tex = glt_texture(GL_TEXTURE_2D);
	fx.TexStorage2D(GL_TEXTURE_2D, 1, internal, n, n);
	fx.GenFramebuffers(1, &f);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.Viewport(0, 0, n, n);
	return f;
}

/* The same with a renderbuffer (`*rb`) for the texture. */
static GLuint target_rb_fbo_n(GLenum internal, GLsizei n, GLuint *rb)
{
	GLuint f;

	fx.GenRenderbuffers(1, rb);
	fx.BindRenderbuffer(GL_RENDERBUFFER, *rb);
	fx.RenderbufferStorage(GL_RENDERBUFFER, internal, n, n);
	fx.GenFramebuffers(1, &f);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.Viewport(0, 0, n, n);
	return f;
}

static GLuint target_fbo(GLenum internal, GLuint *tex)
{
	return target_fbo_n(internal, 1, tex);
}

static void drop_fbo(GLuint f, GLuint tex)
{
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	fx.DeleteFramebuffers(1, &f);
	gl.DeleteTextures(1, &tex);
	gl.Viewport(0, 0, GLT_W, GLT_H);
}

static void drop_rb_fbo(GLuint f, GLuint rb)
{
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteRenderbuffers(1, &rb);
	gl.Viewport(0, 0, GLT_W, GLT_H);
}

/* What the shader fetched from `tex` (texture unit 0), as 4 words. */
static void fetch(enum cls c, GLuint tex, uint32_t out[4])
{
	GLuint dst, f = target_fbo(targets[c].internal, &dst);

	glt_texture_program(vs, fs_fetch[c]);
	gl.BindTexture(GL_TEXTURE_2D, tex);
	glt_draw_window();
	gl.ReadPixels(0, 0, 1, 1, targets[c].format, targets[c].type, out);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	drop_fbo(f, dst);
}

/* ---- every sized format sampled ------------------------------------------------------------ */

struct sample_case {
	GLenum internal, format, type;
	uint8_t data[16];          /* one texel */
	enum cls cls;
	float want_f[4];
	int32_t want_i[4];
	float tol;
};

#define FC(i, f, t, r, g, b, a, tol, ...) { i, f, t, { __VA_ARGS__ }, F, { r, g, b, a }, { 0 }, tol }
#define IC(i, f, t, r, g, b, a, ...) { i, f, t, { __VA_ARGS__ }, I, { 0 }, { r, g, b, a }, 0 }
#define UC(i, f, t, r, g, b, a, ...) { i, f, t, { __VA_ARGS__ }, U, { 0 }, { r, g, b, a }, 0 }
#define B4(a, b, c, d) (uint8_t)(a), (uint8_t)(b), (uint8_t)(c), (uint8_t)(d)
#define W32(v) (uint8_t)(v), (uint8_t)((v) >> 8), (uint8_t)((v) >> 16), (uint8_t)((v) >> 24)
/* little-endian 16-bit words */
#define H4(a, b, c, d) (a) & 255, (a) >> 8, (b) & 255, (b) >> 8, (c) & 255, (c) >> 8, \
			 (d) & 255, (d) >> 8
#define UB GL_UNSIGNED_BYTE
#define E 0.002f
/* floats' bytes */
#define F1 0x00, 0x00, 0x80, 0x3f   /* 1.0 */
#define FH 0x00, 0x00, 0x00, 0x3f   /* 0.5 */
#define FQ 0x00, 0x00, 0x80, 0x3e   /* 0.25 */
#define FM2 0x00, 0x00, 0x00, 0xc0  /* -2.0 */
/* R11F_G11F_B10F: r 1.0 (15 << 6), g 0.5 (14 << 6), b 2.0 (16 << 5) */
#define P111110 (0x3c0u | 0x380u << 11 | 0x200u << 22)
/* RGB9_E5 of (1, 0.5, 0.25): exponent 16, mantissas 256, 128, 64 */
#define P999E5 (256u | 128u << 9 | 64u << 18 | 16u << 27)

static const struct sample_case samples[] = {
	FC(GL_RGBA8, GL_RGBA, UB, 1, 0.2f, 0, 0.4f, E, B4(255, 51, 0, 102)),
	FC(GL_RGB8, GL_RGB, UB, 1, 0.2f, 0, 1, E, B4(255, 51, 0, 0)),
	FC(GL_RG8, GL_RG, UB, 0.2f, 1, 0, 1, E, B4(51, 255, 0, 0)),
	FC(GL_R8, GL_RED, UB, 0.2f, 0, 0, 1, E, B4(51, 0, 0, 0)),
	FC(GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, 1, 0, 1, 1, E, H4(0xf81f, 0, 0, 0)),
	FC(GL_RGB565, GL_RGB, UB, 0, 1, 0, 1, E, B4(0, 255, 0, 0)),
	FC(GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, 1, 0, 1, 0, E, H4(0xf0f0, 0, 0, 0)),
	FC(GL_RGBA4, GL_RGBA, UB, 0, 1, 1, 0, E, B4(0, 255, 255, 0)),
	FC(GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, 1, 0, 0, 1, E, H4(0xf801, 0, 0, 0)),
	FC(GL_RGB5_A1, GL_RGBA, UB, 0, 1, 0, 0, E, B4(0, 255, 0, 0)),
	FC(GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 0, 0, 1, 1, E, W32(1023u << 20 | 3u << 30)),
	FC(GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, 1, 0, 0, 1, E, W32(1023u | 3u << 30)),
	FC(GL_SRGB8_ALPHA8, GL_RGBA, UB, 0.5029f, 1, 0, 0.502f, 0.003f, B4(188, 255, 0, 128)),
	FC(GL_SRGB8, GL_RGB, UB, 0.5029f, 0, 1, 1, 0.003f, B4(188, 0, 255, 0)),
	FC(GL_RGBA8_SNORM, GL_RGBA, GL_BYTE, 1, -1, 0, -1, E, B4(127, -127, 0, -128)),
	FC(GL_RGB8_SNORM, GL_RGB, GL_BYTE, -1, 1, 0, 1, E, B4(-127, 127, 0, 0)),
	FC(GL_RG8_SNORM, GL_RG, GL_BYTE, 1, -1, 0, 1, E, B4(127, -127, 0, 0)),
	FC(GL_R8_SNORM, GL_RED, GL_BYTE, -1, 0, 0, 1, E, B4(-127, 0, 0, 0)),
	FC(GL_RGBA16F, GL_RGBA, GL_HALF_FLOAT, 1, 0.5f, -2, 0.25f, 0, H4(0x3c00, 0x3800, 0xc000, 0x3400)),
	FC(GL_RGBA16F, GL_RGBA, GL_FLOAT, 1, 0.5f, -2, 0.25f, 0, F1, FH, FM2, FQ),
	FC(GL_RGBA32F, GL_RGBA, GL_FLOAT, 0.25f, -2, 0.5f, 1, 0, FQ, FM2, FH, F1),
	FC(GL_RGB16F, GL_RGB, GL_HALF_FLOAT, -2, 1, 0.25f, 1, 0, H4(0xc000, 0x3c00, 0x3400, 0)),
	FC(GL_RGB16F, GL_RGB, GL_FLOAT, -2, 1, 0.25f, 1, 0, FM2, F1, FQ),
	FC(GL_RGB32F, GL_RGB, GL_FLOAT, 0.5f, 0.25f, -2, 1, 0, FH, FQ, FM2),
	FC(GL_RG16F, GL_RG, GL_HALF_FLOAT, 0.5f, -2, 0, 1, 0, H4(0x3800, 0xc000, 0, 0)),
	FC(GL_RG16F, GL_RG, GL_FLOAT, 0.5f, -2, 0, 1, 0, FH, FM2),
	FC(GL_RG32F, GL_RG, GL_FLOAT, -2, 0.25f, 0, 1, 0, FM2, FQ),
	FC(GL_R16F, GL_RED, GL_HALF_FLOAT, 0.25f, 0, 0, 1, 0, H4(0x3400, 0, 0, 0)),
	FC(GL_R16F, GL_RED, GL_FLOAT, -2, 0, 0, 1, 0, FM2),
	FC(GL_R32F, GL_RED, GL_FLOAT, 0.25f, 0, 0, 1, 0, FQ),
	FC(GL_R11F_G11F_B10F, GL_RGB, GL_UNSIGNED_INT_10F_11F_11F_REV, 1, 0.5f, 2, 1, 0, W32(P111110)),
	FC(GL_R11F_G11F_B10F, GL_RGB, GL_FLOAT, 1, 0.5f, 0.25f, 1, 0, F1, FH, FQ),
	FC(GL_R11F_G11F_B10F, GL_RGB, GL_HALF_FLOAT, 0.25f, 1, 0.5f, 1, 0, H4(0x3400, 0x3c00, 0x3800, 0)),
	FC(GL_RGB9_E5, GL_RGB, GL_UNSIGNED_INT_5_9_9_9_REV, 1, 0.5f, 0.25f, 1, 0, W32(P999E5)),
	FC(GL_RGB9_E5, GL_RGB, GL_FLOAT, 0.25f, 1, 0.5f, 1, 0, FQ, F1, FH),
	FC(GL_RGB9_E5, GL_RGB, GL_HALF_FLOAT, 0.5f, 0.25f, 1, 1, 0, H4(0x3800, 0x3400, 0x3c00, 0)),
	UC(GL_RGBA8UI, GL_RGBA_INTEGER, UB, 1, 2, 250, 255, B4(1, 2, 250, 255)),
	IC(GL_RGBA8I, GL_RGBA_INTEGER, GL_BYTE, -1, 2, -128, 127, B4(-1, 2, -128, 127)),
	UC(GL_RGBA16UI, GL_RGBA_INTEGER, GL_UNSIGNED_SHORT, 1000, 2, 65535, 4, H4(1000, 2, 65535, 4)),
	IC(GL_RGBA16I, GL_RGBA_INTEGER, GL_SHORT, -1000, 2, -32768, 4, H4(0xfc18, 2, 0x8000, 4)),
	UC(GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, 100000, 0, 0, 0, W32(100000u)),
	IC(GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, -100000, 0, 0, 0, W32(0xfffe7960u)),
	UC(GL_RGB8UI, GL_RGB_INTEGER, UB, 7, 8, 9, 1, B4(7, 8, 9, 0)),
	IC(GL_RGB8I, GL_RGB_INTEGER, GL_BYTE, -7, 8, -9, 1, B4(-7, 8, -9, 0)),
	UC(GL_RGB16UI, GL_RGB_INTEGER, GL_UNSIGNED_SHORT, 300, 0, 9, 1, H4(300, 0, 9, 0)),
	IC(GL_RGB16I, GL_RGB_INTEGER, GL_SHORT, -300, 0, 9, 1, H4(0xfed4, 0, 9, 0)),
	UC(GL_RGB32UI, GL_RGB_INTEGER, GL_UNSIGNED_INT, 70000, 0, 0, 1, W32(70000u)),
	IC(GL_RGB32I, GL_RGB_INTEGER, GL_INT, -70000, 0, 0, 1, W32(0xfffeee90u)),
	UC(GL_RG8UI, GL_RG_INTEGER, UB, 3, 200, 0, 1, B4(3, 200, 0, 0)),
	IC(GL_RG8I, GL_RG_INTEGER, GL_BYTE, -3, 100, 0, 1, B4(-3, 100, 0, 0)),
	UC(GL_RG16UI, GL_RG_INTEGER, GL_UNSIGNED_SHORT, 40000, 5, 0, 1, H4(40000, 5, 0, 0)),
	IC(GL_RG16I, GL_RG_INTEGER, GL_SHORT, -5, 5, 0, 1, H4(0xfffb, 5, 0, 0)),
	UC(GL_RG32UI, GL_RG_INTEGER, GL_UNSIGNED_INT, 123456, 0, 0, 1, W32(123456u)),
	IC(GL_RG32I, GL_RG_INTEGER, GL_INT, -123, 0, 0, 1, W32(0xffffff85u)),
	UC(GL_R8UI, GL_RED_INTEGER, UB, 42, 0, 0, 1, B4(42, 0, 0, 0)),
	IC(GL_R8I, GL_RED_INTEGER, GL_BYTE, -42, 0, 0, 1, B4(-42, 0, 0, 0)),
	UC(GL_R16UI, GL_RED_INTEGER, GL_UNSIGNED_SHORT, 4242, 0, 0, 1, H4(4242, 0, 0, 0)),
	IC(GL_R16I, GL_RED_INTEGER, GL_SHORT, -4242, 0, 0, 1, H4(0xef6e, 0, 0, 0)),
	UC(GL_R32UI, GL_RED_INTEGER, GL_UNSIGNED_INT, (int32_t)4000000000u, 0, 0, 1, W32(4000000000u)),
	IC(GL_R32I, GL_RED_INTEGER, GL_INT, INT32_MIN, 0, 0, 1, W32(0x80000000u)),
	UC(GL_RGB10_A2UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT_2_10_10_10_REV, 5, 600, 1023, 2, W32(5u | 600u << 10 | 1023u << 20 | 2u << 30)),
	FC(GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_SHORT, 0.5f, 0, 0, 1, E, H4(0x8000, 0, 0, 0)),
	FC(GL_DEPTH_COMPONENT16, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, 0.25f, 0, 0, 1, E, W32(0x40000000u)),
	FC(GL_DEPTH_COMPONENT24, GL_DEPTH_COMPONENT, GL_UNSIGNED_INT, 0.75f, 0, 0, 1, E, W32(0xc0000000u)),
	FC(GL_DEPTH_COMPONENT32F, GL_DEPTH_COMPONENT, GL_FLOAT, 0.25f, 0, 0, 1, 0, FQ),
	FC(GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL, GL_UNSIGNED_INT_24_8, 0.5f, 0, 0, 1, E, W32(0x80000005u)),
	FC(GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL, GL_FLOAT_32_UNSIGNED_INT_24_8_REV, 0.5f, 0, 0, 1, 0, FH, 5, 0, 0, 0),
	FC(GL_LUMINANCE, GL_LUMINANCE, UB, 0.2f, 0.2f, 0.2f, 1, E, B4(51, 0, 0, 0)),
	FC(GL_ALPHA, GL_ALPHA, UB, 0, 0, 0, 0.2f, E, B4(51, 0, 0, 0)),
	FC(GL_LUMINANCE_ALPHA, GL_LUMINANCE_ALPHA, UB, 0.2f, 0.2f, 0.2f, 1, E, B4(51, 255, 0, 0)),
};

static void check_sample(const struct sample_case *c, const uint32_t got[4])
{
	for (int k = 0; k < 4; k++) {
		float f;

		if (c->cls != F) {
			ck_assert_msg((int32_t)got[k] == c->want_i[k], "0x%x channel %d: %d, want %d",
				      c->internal, k, (int32_t)got[k], c->want_i[k]);
			continue;
		}
		memcpy(&f, &got[k], 4);
		ck_assert_msg(fabsf(f - c->want_f[k]) <= c->tol, "0x%x/0x%x channel %d: %f, want %f",
			      c->internal, c->type, k, f, c->want_f[k]);
	}
}

START_TEST(t_sample_every_format)
{
	for (size_t i = 0; i < sizeof(samples) / sizeof(samples[0]); i++) {
		const struct sample_case *c = &samples[i];
		GLuint t = glt_texture(GL_TEXTURE_2D);
		uint32_t got[4];

		gl.PixelStorei(GL_UNPACK_ALIGNMENT, 1);
		gl.TexImage2D(GL_TEXTURE_2D, 0, (GLint)c->internal, 1, 1, 0, c->format, c->type,
			      c->data);
		ck_assert_msg(gl.GetError() == GL_NO_ERROR, "upload of 0x%x/0x%x", c->internal,
			      c->type);
		fetch(c->cls, t, got);
		check_sample(c, got);
		gl.DeleteTextures(1, &t);
	}
}
END_TEST

/* ---- every colour-renderable format rendered into ----------------------------------------- */

struct render_case {
	GLenum internal;
	enum cls cls;
	GLenum read_format, read_type;
	uint32_t want[4];          /* as read: floats' bits, integers, or 4 bytes in want[0] */
};

#define RUB(i, r, g, b, a) { i, F, GL_RGBA, UB, { (r) | (g) << 8 | (b) << 16 | (uint32_t)(a) << 24 } }
#define RF(i, r, g, b, a) { i, F, GL_RGBA, GL_FLOAT, { r, g, b, a } }
#define RI(i, cls, r, g, b, a) { i, cls, GL_RGBA_INTEGER, cls == I ? GL_INT : GL_UNSIGNED_INT, \
				 { (uint32_t)(r), (uint32_t)(g), (uint32_t)(b), (uint32_t)(a) } }
#define ONE 0x3f800000u
#define ONE5 0x3fc00000u   /* 1.5 */
#define TWO 0x40000000u
#define QRT 0x3e800000u

/* written: (1, 0, 1, 0) for normalized, (1.5, 2, 0.25, 1) for float,
 * (7, 2, 100, 3) and (-7, 2, -100, 3) for integers */
static const struct render_case renders[] = {
	/* not RGB8: stored as RGBA8, a draw's alpha lands in the image and reads
	 * back (a known gap: reads know the image format only) */
	RUB(GL_RGBA8, 255, 0, 255, 0), RUB(GL_RG8, 255, 0, 0, 255),
	RUB(GL_R8, 255, 0, 0, 255), RUB(GL_RGB565, 255, 0, 255, 255), RUB(GL_RGBA4, 255, 0, 255, 0),
	RUB(GL_RGB5_A1, 255, 0, 255, 0), RUB(GL_RGB10_A2, 255, 0, 255, 0),
	RUB(GL_SRGB8_ALPHA8, 255, 0, 255, 0),
	{ GL_RGB10_A2, F, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, { 1023u | 1023u << 20 } },
	RF(GL_RGBA16F, ONE5, TWO, QRT, ONE), RF(GL_RGBA32F, ONE5, TWO, QRT, ONE),
	RF(GL_RG16F, ONE5, TWO, 0, ONE), RF(GL_RG32F, ONE5, TWO, 0, ONE),
	RF(GL_R16F, ONE5, 0, 0, ONE), RF(GL_R32F, ONE5, 0, 0, ONE),
	RF(GL_R11F_G11F_B10F, ONE5, TWO, QRT, ONE),
	RI(GL_RGBA8UI, U, 7, 2, 100, 3), RI(GL_RGBA8I, I, -7, 2, -100, 3),
	RI(GL_RGBA16UI, U, 7, 2, 100, 3), RI(GL_RGBA16I, I, -7, 2, -100, 3),
	RI(GL_RGBA32UI, U, 7, 2, 100, 3), RI(GL_RGBA32I, I, -7, 2, -100, 3),
	RI(GL_RG8UI, U, 7, 2, 0, 1), RI(GL_RG8I, I, -7, 2, 0, 1), RI(GL_RG16UI, U, 7, 2, 0, 1),
	RI(GL_RG16I, I, -7, 2, 0, 1), RI(GL_RG32UI, U, 7, 2, 0, 1), RI(GL_RG32I, I, -7, 2, 0, 1),
	RI(GL_R8UI, U, 7, 0, 0, 1), RI(GL_R8I, I, -7, 0, 0, 1), RI(GL_R16UI, U, 7, 0, 0, 1),
	RI(GL_R16I, I, -7, 0, 0, 1), RI(GL_R32UI, U, 7, 0, 0, 1), RI(GL_R32I, I, -7, 0, 0, 1),
	RI(GL_RGB10_A2UI, U, 7, 2, 100, 3),
};

static const char *fs_write[] = {
	[F] = "#version 300 es\nprecision highp float;\nuniform vec4 u;\nout vec4 o;\n"
	      "void main() { o = u; }\n",
	[I] = "#version 300 es\nprecision highp float;\nuniform vec4 u;\nout ivec4 o;\n"
	      "void main() { o = ivec4(u); }\n",
	[U] = "#version 300 es\nprecision highp float;\nuniform vec4 u;\nout uvec4 o;\n"
	      "void main() { o = uvec4(u); }\n",
};

/* The value a case's shader writes. */
static void written(const struct render_case *c, GLuint p)
{
	GLint u = gl.GetUniformLocation(p, "u");

	if (c->read_type == UB || c->read_type == GL_UNSIGNED_INT_2_10_10_10_REV)
		gl.Uniform4f(u, 1, 0, 1, 0);
	else if (c->cls == F)
		gl.Uniform4f(u, 1.5f, 2, 0.25f, 1);
	else
		gl.Uniform4f(u, c->cls == I ? -7 : 7, 2, c->cls == I ? -100 : 100, 3);
}

START_TEST(t_render_every_format)
{
	for (size_t i = 0; i < sizeof(renders) / sizeof(renders[0]); i++) {
		const struct render_case *c = &renders[i];
		GLuint t, f = target_fbo(c->internal, &t), p = glt_texture_program(vs, fs_write[c->cls]);
		uint32_t got[4] = { 0 };
		bool bytes = c->read_type == UB || c->read_type == GL_UNSIGNED_INT_2_10_10_10_REV;

		written(c, p);
		glt_draw_window();
		gl.ReadPixels(0, 0, 1, 1, c->read_format, c->read_type, got);
		ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
		for (int k = 0; k < (bytes ? 1 : 4); k++)
			ck_assert_msg(got[k] == c->want[k], "0x%x channel %d: 0x%x, want 0x%x",
				      c->internal, k, got[k], c->want[k]);
		drop_fbo(f, t);
	}
}
END_TEST

/* The implementation's read pair is the buffer's own packing where GL has
 * one (Xwayland's glamor renders only pixmap depths whose pair this is),
 * and reads in it; the class's pair still reads. (1, 0, 1, 0) written. */
START_TEST(t_implementation_read_pairs)
{
	static const struct {
		GLenum internal, format, type;
		uint8_t want[4];
		size_t n;
	} cases[] = {
		{ GL_RGB565, GL_RGB, GL_UNSIGNED_SHORT_5_6_5, { 0x1f, 0xf8 }, 2 },
		{ GL_RGB5_A1, GL_RGBA, GL_UNSIGNED_SHORT_5_5_5_1, { 0x3e, 0xf8 }, 2 },
		{ GL_RGBA4, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, { 0xf0, 0xf0 }, 2 },
		{ GL_RGB10_A2, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, { 0xff, 0x03, 0xf0, 0x3f }, 4 },
		{ GL_R8, GL_RED, GL_UNSIGNED_BYTE, { 0xff }, 1 },
		{ GL_RG8, GL_RG, GL_UNSIGNED_BYTE, { 0xff, 0x00 }, 2 },
		{ GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, { 0xff, 0x00, 0xff, 0x00 }, 4 },
	};

	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		GLuint t, f = target_fbo(cases[i].internal, &t), p = glt_texture_program(vs, fs_write[F]);
		uint8_t got[4] = { 0 }, rgba[4];
		GLint v;

		gl.Uniform4f(gl.GetUniformLocation(p, "u"), 1, 0, 1, 0);
		glt_draw_window();
		gl.GetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &v);
		ck_assert_int_eq(v, (GLint)cases[i].format);
		gl.GetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &v);
		ck_assert_int_eq(v, (GLint)cases[i].type);
		gl.ReadPixels(0, 0, 1, 1, cases[i].format, cases[i].type, got);
		ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
		ck_assert_msg(memcmp(got, cases[i].want, cases[i].n) == 0,
			      "0x%x: %02x %02x %02x %02x", cases[i].internal, got[0], got[1], got[2],
			      got[3]);
		gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
		ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
		ck_assert_int_eq(rgba[0], 255);
		drop_fbo(f, t);
	}
}
END_TEST

/* glClearBuffer{i,ui}v on integer attachments, read with their pairs; the
 * implementation's read pair follows the buffer's class. */
START_TEST(t_integer_clear_and_read_pairs)
{
	static const GLint iv[4] = { -5, 6, -7, 8 };
	static const GLuint uiv[4] = { 5, 60000, 7, 8 };
	GLint got[4], v;
	GLuint t, f = target_fbo(GL_RGBA16I, &t);

	fx.ClearBufferiv(GL_COLOR, 0, iv);
	gl.ReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, got);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_mem_eq(got, iv, sizeof(iv));
	gl.GetIntegerv(GL_IMPLEMENTATION_COLOR_READ_FORMAT, &v);
	ck_assert_int_eq(v, GL_RGBA_INTEGER);
	gl.GetIntegerv(GL_IMPLEMENTATION_COLOR_READ_TYPE, &v);
	ck_assert_int_eq(v, GL_INT);
	gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, got);       /* not its pair */
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	gl.ReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE, &v);
	ck_assert_int_eq(v, GL_INT);
	drop_fbo(f, t);
	f = target_fbo(GL_RGBA16UI, &t);
	fx.ClearBufferuiv(GL_COLOR, 0, uiv);
	gl.ReadPixels(0, 0, 1, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_mem_eq(got, uiv, sizeof(uiv));
	drop_fbo(f, t);
}
END_TEST

/* ---- scissored and masked clears ---------------------------------------------------------- */

/* Clears drawn rather than sent as the host's CLEAR (under a scissor box or a
 * colour mask) write exactly their value into float and integer buffers. */
static const struct { GLenum internal; enum cls cls; int comps; bool rb; } partial_cases[] = {
	{ GL_R32UI, U, 1, false }, { GL_RGBA16I, I, 4, false }, { GL_RG16F, F, 2, false },
	{ GL_RGBA32F, F, 4, false }, { GL_R32UI, U, 1, true }, { GL_RGBA16I, I, 4, true },
	{ GL_RG16F, F, 2, true }, { GL_RGBA32F, F, 4, true },
};
#define NEG3 0xc0400000u   /* -3.0 */
#define HALF 0x3f000000u
#define BIG 0x445b4000u    /* 877.0 */

/* The three clear values of a class, as words: whole, scissored, masked;
 * each scissored one has words that read as a float are large or NaN
 * (vk/ once took them for the rectangle's depth and clipped it away). */
static const uint32_t partial_values[3][3][4] = {
	[F] = { { ONE5, TWO, QRT, ONE }, { BIG, NEG3, 0, HALF }, { NEG3, ONE, ONE5, TWO } },
	[I] = { { 5, (uint32_t)-6, 7, 8 }, { (uint32_t)-300, 2, 1000, (uint32_t)-9 },
		{ 11, (uint32_t)-12, (uint32_t)-13, 14 } },
	[U] = { { 5, 6, 7, 8 }, { 0xfffffff0u, 2, 1000, 9 }, { 11, 12, 13, 14 } },
};

/* glClearBuffer*v with the class's entry point. */
static void clear_with(enum cls c, const uint32_t v[4])
{
	float f[4];

	memcpy(f, v, sizeof(f));
	if (c == F) {
		fx.ClearBufferfv(GL_COLOR, 0, f);
	} else if (c == I) {
		fx.ClearBufferiv(GL_COLOR, 0, (const GLint *)v);
	} else {
		fx.ClearBufferuiv(GL_COLOR, 0, v);
	}
}

/* What pixel (x, y) of the 4x4 target holds after the three clears: the
 * scissored one covers x < 2, the masked one y >= 2 (red and blue). */
static uint32_t partial_want(enum cls c, int comps, int x, int y, int k)
{
	const uint32_t(*v)[4] = partial_values[c];
	uint32_t w = x < 2 ? v[1][k] : v[0][k];

	if (y >= 2 && (k == 0 || k == 2))
		w = v[2][k];
	if (k >= comps)
		w = k == 3 ? (c == F ? ONE : 1u) : 0u;
	return w;
}

START_TEST(t_partial_clears)
{
	const int i = _i;
	const enum cls c = partial_cases[i].cls;
	uint32_t got[4 * 4][4];
	GLuint t, f = partial_cases[i].rb ? target_rb_fbo_n(partial_cases[i].internal, 4, &t)
					  : target_fbo_n(partial_cases[i].internal, 4, &t);

	clear_with(c, partial_values[c][0]);
	gl.Enable(GL_SCISSOR_TEST);
	gl.Scissor(0, 0, 2, 4);
	clear_with(c, partial_values[c][1]);
	gl.Scissor(0, 2, 4, 2);
	gl.ColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
	clear_with(c, partial_values[c][2]);
	gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	gl.Disable(GL_SCISSOR_TEST);
	gl.ReadPixels(0, 0, 4, 4, targets[c].format, targets[c].type, got);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	for (int p = 0; p < 16; p++)
		for (int k = 0; k < 4; k++)
			ck_assert_msg(got[p][k] == partial_want(c, partial_cases[i].comps, p % 4,
								p / 4, k),
				      "0x%x pixel %d channel %d: 0x%x, want 0x%x",
				      partial_cases[i].internal, p, k, got[p][k],
				      partial_want(c, partial_cases[i].comps, p % 4, p / 4, k));
	if (partial_cases[i].rb)
		drop_rb_fbo(f, t);
	else
		drop_fbo(f, t);
}
END_TEST

/* ---- sRGB -------------------------------------------------------------------------------- */

/* Rendering linear 0.5 stores sRGB 188 (encode); sampling 188 gives 0.5 (decode). */
START_TEST(t_srgb_encode_decode)
{
	GLuint t, f = target_fbo(GL_SRGB8_ALPHA8, &t), p = glt_texture_program(vs, fs_write[F]);
	uint8_t px[4];
	uint32_t got[4];
	GLint enc;
	float r;

	gl.Uniform4f(gl.GetUniformLocation(p, "u"), 0.5f, 0.5f, 0.5f, 0.5f);
	glt_draw_window();
	gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_le(abs(px[0] - 188), 1);
	ck_assert_int_le(abs(px[3] - 128), 1);           /* alpha stays linear (127 on NVIDIA) */
	fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING, &enc);
	ck_assert_int_eq(enc, GL_SRGB);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	fetch(F, t, got);
	memcpy(&r, &got[0], 4);
	ck_assert_float_eq_tol(r, 0.5f, 0.01f);
	drop_fbo(f, t);
}
END_TEST

/* ---- ETC2 / EAC -------------------------------------------------------------------------- */

/* A 4x4 image decoded, read back through an RGBA32F target texel by texel. */
static void decode_4x4(GLenum internal, const uint8_t *block, GLsizei size, float out[16][4])
{
	GLuint t = glt_texture(GL_TEXTURE_2D), dst, f;
	static const char *fs =
		"#version 300 es\nprecision highp float;\nuniform highp sampler2D tex;\n"
		"out vec4 o;\nvoid main() { o = texelFetch(tex, ivec2(gl_FragCoord.xy), 0); }\n";

	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, internal, 4, 4, 0, size, block);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	f = target_fbo_n(GL_RGBA32F, 4, &dst);
	glt_texture_program(vs, fs);
	gl.BindTexture(GL_TEXTURE_2D, t);
	glt_draw_window();
	gl.ReadPixels(0, 0, 4, 4, GL_RGBA, GL_FLOAT, out);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	drop_fbo(f, dst);
	gl.DeleteTextures(1, &t);
}

START_TEST(t_etc2_known_blocks)
{
	/* T mode (red base 31 + 3 overflows): colour 1 red, colour 2 green; pixel
	 * (1, 0) picks paint colour 2, every other pixel colour 1 */
	static const uint8_t t_mode[8] = { 0xfb, 0x00, 0x0f, 0x02, 0x00, 0x10, 0x00, 0x00 };
	/* planar (blue base 0 - 4 overflows): red 0 at x = 0 rising to 63 at x = 4 */
	static const uint8_t planar[8] = { 0x00, 0x00, 0x04, 0x7f, 0x00, 0x00, 0x00, 0x00 };
	/* EAC R11: base 128, multiplier 1, table 13, every index 7 (+9):
	 * 128 * 8 + 4 + 9 * 8 = 1100 of 2047 */
	static const uint8_t r11[8] = { 0x80, 0x1d, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff };
	static const float ramp[4] = { 0, 64 / 255.0f, 128 / 255.0f, 191 / 255.0f };
	float px[16][4];

	decode_4x4(GL_COMPRESSED_RGB8_ETC2, t_mode, 8, px);
	ck_assert_float_eq_tol(px[0][0], 1, 0.002f);
	ck_assert_float_eq_tol(px[0][1], 0, 0.002f);
	ck_assert_float_eq_tol(px[1][0], 0, 0.002f);    /* (1, 0): green */
	ck_assert_float_eq_tol(px[1][1], 1, 0.002f);
	ck_assert_float_eq_tol(px[5][0], 1, 0.002f);
	decode_4x4(GL_COMPRESSED_RGB8_ETC2, planar, 8, px);
	for (int x = 0; x < 4; x++) {
		ck_assert_float_eq_tol(px[x][0], ramp[x], 0.002f);
		ck_assert_float_eq_tol(px[12 + x][0], ramp[x], 0.002f);
		ck_assert_float_eq_tol(px[x][1], 0, 0.002f);
	}
	decode_4x4(GL_COMPRESSED_R11_EAC, r11, 8, px);
	ck_assert_float_eq_tol(px[0][0], 1100 / 2047.0f, 0.001f);
	ck_assert_float_eq_tol(px[15][0], 1100 / 2047.0f, 0.001f);
	ck_assert_float_eq_tol(px[15][3], 1, 0.001f);
}
END_TEST

/* Sub-images of ETC2 levels come in whole blocks. */
START_TEST(t_etc2_sub_image)
{
	static const uint8_t blocks[32] = { 0 };
	GLuint t = glt_texture(GL_TEXTURE_2D);

	fx.TexStorage2D(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGB8_ETC2, 8, 8);
	fx.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 4, 4, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8, blocks);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fx.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 2, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8, blocks);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	fx.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_R11_EAC, 8, blocks);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	fx.CompressedTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2, 7, blocks);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	gl.DeleteTextures(1, &t);
}
END_TEST

/* ---- swizzle, level range, comparison on every target ---------------------------------- */

static const GLenum swizzle_targets[] = { GL_TEXTURE_2D, GL_TEXTURE_3D, GL_TEXTURE_CUBE_MAP,
					  GL_TEXTURE_2D_ARRAY };

START_TEST(t_params_every_target)
{
	static const struct { GLenum pname; GLint v; } params[] = {
		{ GL_TEXTURE_SWIZZLE_R, GL_BLUE }, { GL_TEXTURE_SWIZZLE_G, GL_ZERO },
		{ GL_TEXTURE_SWIZZLE_B, GL_ONE }, { GL_TEXTURE_SWIZZLE_A, GL_RED },
		{ GL_TEXTURE_BASE_LEVEL, 1 }, { GL_TEXTURE_MAX_LEVEL, 3 },
		{ GL_TEXTURE_MIN_LOD, -2 }, { GL_TEXTURE_MAX_LOD, 5 },
		{ GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE },
		{ GL_TEXTURE_COMPARE_FUNC, GL_GEQUAL },
	};

	for (size_t i = 0; i < 4; i++) {
		GLuint t = glt_texture(swizzle_targets[i]);

		for (size_t k = 0; k < sizeof(params) / sizeof(params[0]); k++) {
			GLint v = -99;

			gl.TexParameteri(swizzle_targets[i], params[k].pname, params[k].v);
			fx.GetTexParameteriv(swizzle_targets[i], params[k].pname, &v);
			ck_assert_int_eq(v, params[k].v);
		}
		gl.TexParameteri(swizzle_targets[i], GL_TEXTURE_SWIZZLE_R, GL_RGBA);
		ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
		gl.TexParameteri(swizzle_targets[i], GL_TEXTURE_BASE_LEVEL, -1);
		ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
		gl.DeleteTextures(1, &t);
	}
}
END_TEST

/* The swizzle reaches the sampled value: RGBA8 (1, 0.2, 0, 0.4) seen as (b, 0, 1, r). */
START_TEST(t_swizzle_sampled)
{
	static const uint8_t texel[4] = { 255, 51, 0, 102 };
	GLuint t = glt_texture(GL_TEXTURE_2D);
	uint32_t got[4];
	float f[4];

	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
	gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
	gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_G, GL_ZERO);
	gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_ONE);
	gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_A, GL_RED);
	fetch(F, t, got);
	memcpy(f, got, sizeof(f));
	ck_assert_float_eq_tol(f[0], 0, 0.002f);
	ck_assert_float_eq_tol(f[1], 0, 0.002f);
	ck_assert_float_eq_tol(f[2], 1, 0.002f);
	ck_assert_float_eq_tol(f[3], 1, 0.002f);
	gl.DeleteTextures(1, &t);
}
END_TEST

/* DEPTH_COMPONENT32F compared: 0.25 stored, references either side. */
START_TEST(t_depth32f_compare)
{
	static const float d = 0.25f;
	static const char *fs =
		"#version 300 es\nprecision highp float;\nuniform highp sampler2DShadow tex;\n"
		"uniform float u_ref;\nout vec4 o;\n"
		"void main() { o = vec4(texture(tex, vec3(0.5, 0.5, u_ref))); }\n";
	GLuint t = glt_texture(GL_TEXTURE_2D), dst, f, p;
	uint32_t got[4];
	float v;

	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 1, 1, 0, GL_DEPTH_COMPONENT,
		      GL_FLOAT, &d);
	gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
	gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
	f = target_fbo(GL_RGBA32F, &dst);
	p = glt_texture_program(vs, fs);
	gl.BindTexture(GL_TEXTURE_2D, t);
	for (int k = 0; k < 2; k++) {
		gl.Uniform1f(gl.GetUniformLocation(p, "u_ref"), k ? 0.5f : 0.1f);
		glt_draw_window();
		gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, got);
		memcpy(&v, &got[0], 4);
		ck_assert_float_eq_tol(v, k ? 0.0f : 1.0f, 0.001f);   /* ref <= 0.25 passes */
	}
	drop_fbo(f, t);
	gl.DeleteTextures(1, &dst);
}
END_TEST

/* Renderbuffers take ES 3.0's renderable formats and refuse the others. */
START_TEST(t_renderbuffer_formats)
{
	static const GLenum ok[] = { GL_RGBA8UI, GL_RG16I, GL_R32UI, GL_RGB10_A2UI,
				     GL_SRGB8_ALPHA8, GL_RGB10_A2, GL_DEPTH_COMPONENT32F,
				     GL_DEPTH32F_STENCIL8, GL_RGBA16F, GL_R11F_G11F_B10F };
	static const GLenum bad[] = { GL_RGB8_SNORM, GL_RGB9_E5, GL_RGB16UI, GL_SRGB8, GL_RGB32F };
	GLuint rb;

	fx.GenRenderbuffers(1, &rb);
	fx.BindRenderbuffer(GL_RENDERBUFFER, rb);
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		fx.RenderbufferStorage(GL_RENDERBUFFER, ok[i], 4, 4);
		ck_assert_msg(gl.GetError() == GL_NO_ERROR, "renderbuffer 0x%x", ok[i]);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		fx.RenderbufferStorage(GL_RENDERBUFFER, bad[i], 4, 4);
		ck_assert_msg(gl.GetError() == GL_INVALID_ENUM, "renderbuffer 0x%x", bad[i]);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_formats");
	TCase *tc = tcase_create("formats");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_test(tc, t_sample_every_format);
	tcase_add_test(tc, t_render_every_format);
	tcase_add_test(tc, t_integer_clear_and_read_pairs);
	tcase_add_loop_test(tc, t_partial_clears, 0,
			    sizeof(partial_cases) / sizeof(partial_cases[0]));
	tcase_add_test(tc, t_implementation_read_pairs);
	tcase_add_test(tc, t_srgb_encode_decode);
	tcase_add_test(tc, t_etc2_known_blocks);
	tcase_add_test(tc, t_etc2_sub_image);
	tcase_add_test(tc, t_params_every_target);
	tcase_add_test(tc, t_swizzle_sampled);
	tcase_add_test(tc, t_depth32f_compare);
	tcase_add_test(tc, t_renderbuffer_formats);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
