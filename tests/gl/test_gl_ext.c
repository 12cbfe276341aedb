/* SPDX-License-Identifier: MIT */
/*
 * The OpenGL ES extensions gl/ exposes (gl/vgl_extensions.c), each checked
 * by what it draws: float and half-float textures sampled unclamped and
 * filtered, BGRA uploads, ETC1 blocks decoded, half-float vertices, base-vertex and multi draws,
 * gl_InstanceIDEXT, border colours outside [0, 1] (float, int and uint textures), buffers written through maps, sized renderbuffers of ES 2.0, and the lists the
 * extension queries return. Most tests run in an ES 2.0 context, where the
 * extensions matter; pixels are read back at known window positions.
 */
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"
#include "vgl_procs.h"

#define F(n) ((__typeof__(&gl##n))proc("gl" #n))
#define FX(n, T) ((T)proc("gl" #n))
#define HALF_FLOAT_OES 0x8D61
#define BGRA_EXT 0x80E1
#define ETC1_RGB8_OES 0x8D64
#define TEXTURE_MAX_ANISOTROPY_EXT 0x84FE
#define MAX_TEXTURE_MAX_ANISOTROPY_EXT 0x84FF
#define TEXTURE_BORDER_COLOR_OES 0x1004
#define CLAMP_TO_BORDER_OES 0x812D

typedef void (GL_APIENTRY *draw_bv_fn)(GLenum, GLsizei, GLenum, const void *, GLint);
typedef void (GL_APIENTRY *draw_inst_bv_fn)(GLenum, GLsizei, GLenum, const void *, GLsizei,
					     GLint);
typedef void (GL_APIENTRY *multi_elements_bv_fn)(GLenum, const GLsizei *, GLenum,
						  const void *const *, GLsizei, const GLint *);
typedef void (GL_APIENTRY *tex_iv_fn)(GLenum, GLenum, const GLint *);
typedef void (GL_APIENTRY *get_tex_iv_fn)(GLenum, GLenum, GLint *);
typedef void (GL_APIENTRY *get_tex_uiv_fn)(GLenum, GLenum, GLuint *);
typedef void (GL_APIENTRY *sampler_uiv_fn)(GLuint, GLenum, const GLuint *);
typedef void (GL_APIENTRY *get_sampler_uiv_fn)(GLuint, GLenum, GLuint *);
typedef void (GL_APIENTRY *multi_arrays_fn)(GLenum, const GLint *, const GLsizei *, GLsizei);

static struct vgl_context *es2;

static void *proc(const char *name)
{
	void *p = vgl_get_proc_address(name);

	ck_assert_msg(p != NULL, "%s missing", name);
	return p;
}

/* the fixture's ES 3.0 context, then an ES 2.0 one current on the same surface */
static void setup(void)
{
	struct vgl_context_info ci = { .major = 2, .minor = 0 };

	glt_setup();
	ck_assert_int_eq(vgl_context_create(G.dev, &ci, &es2), VGL_OK);
	ck_assert_int_eq(vgl_make_current(es2, G.surf, G.surf), VGL_OK);
}

static void teardown(void)
{
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	vgl_context_destroy(es2);
	es2 = NULL;
	glt_teardown();
}

static void clear(float r, float g, float b, float a)
{
	gl.ClearColor(r, g, b, a);
	gl.Clear(GL_COLOR_BUFFER_BIT);
}

/* pixel (x, y) within `tol` of (r, g, b, a) */
static void assert_near(int x, int y, int r, int g, int b, int a, int tol)
{
	uint8_t px[4];
	const int want[4] = { r, g, b, a };

	glt_pixel(x, y, px);
	for (int i = 0; i < 4; i++)
		ck_assert_msg(abs(px[i] - want[i]) <= tol,
			      "pixel (%d,%d) = %d %d %d %d, want %d %d %d %d (±%d)", x, y, px[0],
			      px[1], px[2], px[3], r, g, b, a, tol);
}

static bool has_extension(const char *name)
{
	const char *all = (const char *)gl.GetString(GL_EXTENSIONS);
	size_t n = strlen(name);

	for (const char *p = all; p && (p = strstr(p, name)) != NULL; p += n)
		if ((p == all || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

/* ---- textures ------------------------------------------------------------------------------ */

static const char *vs_tex =
	"attribute vec2 pos;\n"
	"varying vec2 tc;\n"
	"void main() { tc = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";
/* texel * scale + bias, so that values outside [0, 1] show */
static const char *fs_tex =
	"precision highp float;\n"
	"uniform sampler2D tex;\n"
	"uniform float scale, bias;\n"
	"varying vec2 tc;\n"
	"void main() { gl_FragColor = texture2D(tex, tc) * scale + bias; }\n";

static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };

static void draw_textured(float scale, float bias)
{
	GLuint p = glt_program(vs_tex, fs_tex);

	gl.BindAttribLocation(p, 0, "pos");
	gl.LinkProgram(p);
	gl.UseProgram(p);
	gl.Uniform1i(gl.GetUniformLocation(p, "tex"), 0);
	gl.Uniform1f(gl.GetUniformLocation(p, "scale"), scale);
	gl.Uniform1f(gl.GetUniformLocation(p, "bias"), bias);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.EnableVertexAttribArray(0);
	clear(0, 0, 0, 0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.DeleteProgram(p);
}

static GLuint texture(GLenum min_mag)
{
	GLuint t;

	F(GenTextures)(1, &t);
	F(BindTexture)(GL_TEXTURE_2D, t);
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, (GLint)min_mag);
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, (GLint)min_mag);
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
	return t;
}

/* IEEE half of small exact values (enough for the data below) */
static uint16_t half(float f)
{
	uint32_t x;

	memcpy(&x, &f, 4);
	if ((x & 0x7fffffff) == 0)
		return (uint16_t)(x >> 16);
	return (uint16_t)((x >> 16 & 0x8000) | (((x >> 23 & 0xff) - 112) << 10) |
			  (x >> 13 & 0x3ff));
}

/* A 1x1 texture of one texel, drawn as texel * 0.25 + 0.5 over the window:
 * the pixel must be `want` (so -1 shows as 64 and 2 as 255) */
struct texel_case {
	GLenum format, type;
	const void *texel;
	uint8_t want[4];
};

static void check_texels(const struct texel_case *c, size_t n)
{
	texture(GL_NEAREST);
	for (size_t i = 0; i < n; i++) {
		F(TexImage2D)(GL_TEXTURE_2D, 0, (GLint)c[i].format, 1, 1, 0, c[i].format, c[i].type,
			      c[i].texel);
		draw_textured(0.25f, 0.5f);
		assert_near(16, 16, c[i].want[0], c[i].want[1], c[i].want[2], c[i].want[3], 2);
	}
}

/* OES_texture_float: texels outside [0, 1] are kept (clamped storage would
 * show -1 and 2 as 128 and 191); RGB is stored as RGBA with alpha 1,
 * LUMINANCE / ALPHA through swizzles */
START_TEST(t_float)
{
	const float rgba[4] = { -1.0f, 2.0f, 0.5f, -2.0f }, rgb[3] = { -1.0f, 1.0f, 2.0f };
	const float lum = -1.0f, la[2] = { 2.0f, -1.0f };
	const struct texel_case c[] = {
		{ GL_RGBA, GL_FLOAT, rgba, { 64, 255, 159, 0 } },
		{ GL_RGB, GL_FLOAT, rgb, { 64, 191, 255, 191 } },
		{ GL_LUMINANCE, GL_FLOAT, &lum, { 64, 64, 64, 191 } },
		{ GL_LUMINANCE_ALPHA, GL_FLOAT, la, { 255, 255, 255, 64 } },
		{ GL_ALPHA, GL_FLOAT, &lum, { 128, 128, 128, 64 } },
	};

	ck_assert(has_extension("GL_OES_texture_float"));
	check_texels(c, sizeof(c) / sizeof(c[0]));
}
END_TEST

/* OES_texture_half_float, with its own token */
START_TEST(t_half_float)
{
	const uint16_t rgb[3] = { half(-1.0f), half(2.0f), half(0.5f) }, a = half(-1.0f);
	const uint16_t la[2] = { half(2.0f), half(-1.0f) };
	const struct texel_case c[] = {
		{ GL_RGB, HALF_FLOAT_OES, rgb, { 64, 255, 159, 191 } },
		{ GL_ALPHA, HALF_FLOAT_OES, &a, { 128, 128, 128, 64 } },
		{ GL_LUMINANCE_ALPHA, HALF_FLOAT_OES, la, { 255, 255, 255, 64 } },
	};

	ck_assert(has_extension("GL_OES_texture_half_float"));
	check_texels(c, sizeof(c) / sizeof(c[0]));
}
END_TEST

/* glGenerateMipmap of a float texture (filterable through
 * OES_texture_float_linear): level 1 holds the same unclamped value. A 2x2
 * viewport over the 4x4 texture samples level 1 (NEAREST_MIPMAP_NEAREST). */
START_TEST(t_float_mipmap)
{
	float lum[16];

	for (int i = 0; i < 16; i++)
		lum[i] = -1.0f;
	texture(GL_NEAREST);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_LUMINANCE, 4, 4, 0, GL_LUMINANCE, GL_FLOAT, lum);
	F(GenerateMipmap)(GL_TEXTURE_2D);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
	F(TexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_LUMINANCE, GL_FLOAT,
			 (const float[16]){ 0 });  /* level 0 now differs from level 1 */
	gl.Viewport(0, 0, 2, 2);
	draw_textured(0.25f, 0.5f);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	assert_near(1, 1, 64, 64, 64, 191, 2);
}
END_TEST

/* EXT_texture_rg and EXT_texture_type_2_10_10_10_REV: RED / RG bytes
 * (missing components 0, alpha 1); R10G10B10A2 packed as GL packs it (R in
 * the low bits); RGB of that type ignores alpha */
START_TEST(t_rg_and_2_10_10_10)
{
	const uint8_t red = 200, rg[2] = { 0, 255 };
	const uint32_t packed = 1023u | 512u << 10 | 0u << 20 | 3u << 30, no_alpha = 1023u;
	const struct texel_case c[] = {
		{ GL_RED, GL_UNSIGNED_BYTE, &red, { 177, 128, 128, 191 } },
		{ GL_RG, GL_UNSIGNED_BYTE, rg, { 128, 191, 128, 191 } },
		{ GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV, &packed, { 191, 159, 128, 191 } },
		{ GL_RGB, GL_UNSIGNED_INT_2_10_10_10_REV, &no_alpha, { 191, 128, 128, 191 } },
	};

	ck_assert(has_extension("GL_EXT_texture_rg"));
	ck_assert(has_extension("GL_EXT_texture_type_2_10_10_10_REV"));
	check_texels(c, sizeof(c) / sizeof(c[0]));
}
END_TEST

/* The status of a new framebuffer with the bound 2D texture as colour 0. */
static GLenum status_with_texture(GLuint t)
{
	GLuint fb;
	GLenum st;

	F(GenFramebuffers)(1, &fb);
	F(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	st = F(CheckFramebufferStatus)(GL_FRAMEBUFFER);
	F(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	F(DeleteFramebuffers)(1, &fb);
	return st;
}

/* EXT_texture_rg: RG textures are colour-renderable in ES 2.0 */
START_TEST(t_rg_render)
{
	GLuint t = texture(GL_NEAREST), fb;

	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RG, 4, 4, 0, GL_RG, GL_UNSIGNED_BYTE, NULL);
	F(GenFramebuffers)(1, &fb);
	F(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	ck_assert_int_eq(F(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	clear(1, 0.5f, 0.25f, 0.75f);
	F(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	F(DeleteFramebuffers)(1, &fb);
	draw_textured(1.0f, 0.0f);
	assert_near(16, 16, 255, 128, 0, 255, 1);
}
END_TEST

/* EXT_texture_type_2_10_10_10_REV brings textures, not colour buffers (its
 * issue 1; dEQP's fbo.completeness.renderable): RGBA, RGB and, with
 * OES_required_internalformat, RGB10_EXT of that type are specified and
 * leave a framebuffer incomplete. */
START_TEST(t_2_10_10_10_not_renderable)
{
	static const GLint internal[3] = { GL_RGBA, GL_RGB, 0x8052 /* RGB10_EXT */ };
	static const GLenum format[3] = { GL_RGBA, GL_RGB, GL_RGB };
	GLuint t = texture(GL_NEAREST);

	for (int i = 0; i < 3; i++) {
		F(TexImage2D)(GL_TEXTURE_2D, 0, internal[i], 4, 4, 0, format[i],
			      GL_UNSIGNED_INT_2_10_10_10_REV, NULL);
		ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
		ck_assert_int_eq(status_with_texture(t), GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
	}
}
END_TEST

/* EXT_texture_format_BGRA8888's sized BGRA8_EXT takes BGRA bytes and is
 * colour-renderable like BGRA_EXT: cleared, then sampled. */
START_TEST(t_bgra8_texture)
{
	const uint8_t bgra[4] = { 10, 20, 200, 255 };
	GLuint t = texture(GL_NEAREST), fb;

	F(TexImage2D)(GL_TEXTURE_2D, 0, 0x93A1 /* BGRA8_EXT */, 1, 1, 0, BGRA_EXT,
		      GL_UNSIGNED_BYTE, bgra);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	draw_textured(1.0f, 0.0f);
	assert_near(4, 4, 200, 20, 10, 255, 1);
	F(GenFramebuffers)(1, &fb);
	F(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	ck_assert_int_eq(F(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	clear(0, 1, 0, 1);
	F(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	F(DeleteFramebuffers)(1, &fb);
	draw_textured(1.0f, 0.0f);
	assert_near(4, 4, 0, 255, 0, 255, 1);
}
END_TEST

/* OES_texture_(half_)float_linear: a LINEAR-filtered float texture is
 * complete (not black) and blends: texels 0 and 1 seen between them. */
START_TEST(t_float_linear)
{
	const float lum[2] = { 0.0f, 1.0f };
	const uint16_t hlum[2] = { half(0.0f), half(1.0f) };

	ck_assert(has_extension("GL_OES_texture_float_linear"));
	ck_assert(has_extension("GL_OES_texture_half_float_linear"));
	texture(GL_LINEAR);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 1, 0, GL_LUMINANCE, GL_FLOAT, lum);
	draw_textured(1.0f, 0.0f);
	/* x = 16 of 32 is half-way between the texel centres at 8 and 24 */
	assert_near(16, 16, 128, 128, 128, 255, 12);
	assert_near(2, 16, 0, 0, 0, 255, 2);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 1, 0, GL_LUMINANCE, HALF_FLOAT_OES, hlum);
	draw_textured(1.0f, 0.0f);
	assert_near(16, 16, 128, 128, 128, 255, 12);
	assert_near(30, 16, 255, 255, 255, 255, 2);
}
END_TEST

/* EXT_texture_filter_anisotropic: the limit, the parameter's range and
 * clamping, and a mipmapped texture sampled with 16x anisotropy */
START_TEST(t_anisotropy)
{
	uint8_t texels[8 * 8 * 4];
	GLfloat max = 0, v = 0;

	ck_assert(has_extension("GL_EXT_texture_filter_anisotropic"));
	gl.GetFloatv(MAX_TEXTURE_MAX_ANISOTROPY_EXT, &max);
	ck_assert(max >= 2.0f);
	texture(GL_LINEAR);
	F(GetTexParameterfv)(GL_TEXTURE_2D, TEXTURE_MAX_ANISOTROPY_EXT, &v);
	ck_assert(v == 1.0f);
	F(TexParameterf)(GL_TEXTURE_2D, TEXTURE_MAX_ANISOTROPY_EXT, 0.5f);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	F(TexParameterf)(GL_TEXTURE_2D, TEXTURE_MAX_ANISOTROPY_EXT, max * 4);
	F(GetTexParameterfv)(GL_TEXTURE_2D, TEXTURE_MAX_ANISOTROPY_EXT, &v);
	ck_assert(v == max);
	for (size_t i = 0; i < sizeof(texels); i += 4)
		memcpy(texels + i, (const uint8_t[]){ 40, 80, 160, 255 }, 4);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	F(GenerateMipmap)(GL_TEXTURE_2D);
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	draw_textured(1.0f, 0.0f);
	assert_near(16, 16, 40, 80, 160, 255, 1);
}
END_TEST

/* ---- OES_texture_border_clamp ------------------------------------------------------------- */

/* the texture sampled at one coordinate, over the window */
static const char *fs_at2 =
	"precision highp float;\n"
	"uniform sampler2D tex;\n"
	"uniform vec2 at;\n"
	"void main() { gl_FragColor = texture2D(tex, at); }\n";
static const char *vs3 =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs3_at[] = {
	"#version 300 es\nprecision highp float;\nuniform highp sampler2D tex;\nuniform vec2 at;\n"
	"out vec4 o;\nvoid main() { o = texture(tex, at); }\n",
	"#version 300 es\nprecision highp float;\nuniform highp isampler2D tex;\nuniform vec2 at;\n"
	"out ivec4 o;\nvoid main() { o = texture(tex, at); }\n",
	"#version 300 es\nprecision highp float;\nuniform highp usampler2D tex;\nuniform vec2 at;\n"
	"out uvec4 o;\nvoid main() { o = texture(tex, at); }\n",
};

/* Draws the bound texture sampled at (s, t) with the program's shader. */
static void draw_at(GLuint p, float s, float t)
{
	gl.UseProgram(p);
	F(Uniform2f)(gl.GetUniformLocation(p, "at"), s, t);
	glt_draw_window();
}

static void border_texture(GLenum internal, GLenum format, GLenum type, const void *texel)
{
	texture(GL_NEAREST);
	F(TexImage2D)(GL_TEXTURE_2D, 0, (GLint)internal, 1, 1, 0, format, type, texel);
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, CLAMP_TO_BORDER_OES);
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, CLAMP_TO_BORDER_OES);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}

/* ES 2.0: outside [0, 1] an RGBA8 texture samples the colour of
 * glTexParameterfv, inside its texel; a new colour samples at once (the
 * sampler cache keys on it); glTexParameteriv's colour is normalized */
START_TEST(t_border_clamp)
{
	const GLfloat quarter[4] = { 0.25f, 0.5f, 0.75f, 1.0f }, blue[4] = { 0, 0, 1, 0.5f };
	const GLint red[4] = { 2147483647, 0, 0, 2147483647 };
	GLfloat f[4];
	GLint i[4];
	GLuint p = glt_texture_program(glt_vs_window, fs_at2);

	ck_assert(has_extension("GL_OES_texture_border_clamp"));
	ck_assert(has_extension("GL_EXT_texture_border_clamp"));
	border_texture(GL_RGBA, GL_RGBA, GL_UNSIGNED_BYTE, (const uint8_t[]){ 0, 255, 0, 255 });
	F(GetTexParameterfv)(GL_TEXTURE_2D, TEXTURE_BORDER_COLOR_OES, f);
	ck_assert(f[0] == 0 && f[1] == 0 && f[2] == 0 && f[3] == 0);  /* the default */
	F(TexParameterfv)(GL_TEXTURE_2D, TEXTURE_BORDER_COLOR_OES, quarter);
	draw_at(p, -0.5f, 0.5f);
	assert_near(16, 16, 64, 128, 191, 255, 1);
	draw_at(p, 0.5f, 0.5f);
	assert_near(16, 16, 0, 255, 0, 255, 0);
	F(TexParameterfv)(GL_TEXTURE_2D, TEXTURE_BORDER_COLOR_OES, blue);
	draw_at(p, 0.5f, 1.5f);
	assert_near(16, 16, 0, 0, 255, 128, 1);
	F(TexParameteriv)(GL_TEXTURE_2D, TEXTURE_BORDER_COLOR_OES, red);
	F(GetTexParameterfv)(GL_TEXTURE_2D, TEXTURE_BORDER_COLOR_OES, f);
	ck_assert(f[0] == 1.0f && f[1] == 0 && f[3] == 1.0f);
	draw_at(p, 2.0f, -1.0f);
	assert_near(16, 16, 255, 0, 0, 255, 0);
	F(TexParameterfv)(GL_TEXTURE_2D, TEXTURE_BORDER_COLOR_OES, quarter);
	F(GetTexParameteriv)(GL_TEXTURE_2D, TEXTURE_BORDER_COLOR_OES, i);
	ck_assert_int_eq(i[0], 536870912);     /* 0.25 * (2^31 - 1), rounded */
	ck_assert_int_eq(i[3], 2147483647);
	F(GetTexParameteriv)(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, i);
	ck_assert_int_eq(i[0], CLAMP_TO_BORDER_OES);
	gl.DeleteProgram(p);
}
END_TEST

/* What an ES 3.0 shader of class c (0 float, 1 int, 2 uint) sampled at
 * (2, -1) from the bound texture, written to a 1x1 32-bit target and read. */
static void sample_far(int c, uint32_t out[4])
{
	static const GLenum internal[] = { GL_RGBA32F, GL_RGBA32I, GL_RGBA32UI };
	static const GLenum format[] = { GL_RGBA, GL_RGBA_INTEGER, GL_RGBA_INTEGER };
	static const GLenum type[] = { GL_FLOAT, GL_INT, GL_UNSIGNED_INT };
	GLuint dst, fb, p = glt_texture_program(vs3, fs3_at[c]);
	GLint unit = 0;

	F(GetIntegerv)(GL_TEXTURE_BINDING_2D, &unit);
	F(GenTextures)(1, &dst);
	F(BindTexture)(GL_TEXTURE_2D, dst);
	F(TexStorage2D)(GL_TEXTURE_2D, 1, internal[c], 1, 1);
	F(BindTexture)(GL_TEXTURE_2D, (GLuint)unit);
	F(GenFramebuffers)(1, &fb);
	F(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dst, 0);
	gl.Viewport(0, 0, 1, 1);
	draw_at(p, 2.0f, -1.0f);
	F(ReadPixels)(0, 0, 1, 1, format[c], type[c], out);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	F(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	F(DeleteFramebuffers)(1, &fb);
	F(DeleteTextures)(1, &dst);
	gl.Viewport(0, 0, 32, 32);
	gl.DeleteProgram(p);
}

static void assert_words(const uint32_t *got, const void *want)
{
	const uint32_t *w = want;

	for (int c = 0; c < 4; c++)
		ck_assert_msg(got[c] == w[c], "component %d: 0x%x, want 0x%x", c, got[c], w[c]);
}

/* ES 3.0: a float texture's colour outside [0, 1] (unclamped), an integer
 * texture's from glTexParameterIivOES, an unsigned one's from a sampler
 * object's glSamplerParameterIuivOES; the I forms read back as given */
START_TEST(t_border_clamp_types)
{
	const GLfloat fcol[4] = { -2.0f, 0.5f, 3.0f, 0.25f };
	const GLint icol[4] = { -5, 7, -100000, 2147483647 };
	const GLuint ucol[4] = { 4000000000u, 1, 2, 3 };
	GLint iq[4];
	GLuint uq[4], smp;
	uint32_t got[4];

	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	ck_assert(has_extension("GL_OES_texture_border_clamp"));
	border_texture(GL_RGBA32F, GL_RGBA, GL_FLOAT, (const float[]){ 1, 1, 1, 1 });
	F(TexParameterfv)(GL_TEXTURE_2D, TEXTURE_BORDER_COLOR_OES, fcol);
	sample_far(0, got);
	assert_words(got, fcol);
	border_texture(GL_RGBA32I, GL_RGBA_INTEGER, GL_INT, (const GLint[]){ 1, 2, 3, 4 });
	FX(TexParameterIivOES, tex_iv_fn)(GL_TEXTURE_2D, TEXTURE_BORDER_COLOR_OES, icol);
	FX(GetTexParameterIivOES, get_tex_iv_fn)(GL_TEXTURE_2D, TEXTURE_BORDER_COLOR_OES, iq);
	assert_words((const uint32_t *)iq, icol);
	sample_far(1, got);
	assert_words(got, icol);
	border_texture(GL_RGBA32UI, GL_RGBA_INTEGER, GL_UNSIGNED_INT, (const GLuint[]){ 9, 9, 9, 9 });
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	F(GenSamplers)(1, &smp);
	F(SamplerParameteri)(smp, GL_TEXTURE_WRAP_S, CLAMP_TO_BORDER_OES);
	F(SamplerParameteri)(smp, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	F(SamplerParameteri)(smp, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	FX(SamplerParameterIuivOES, sampler_uiv_fn)(smp, TEXTURE_BORDER_COLOR_OES, ucol);
	FX(GetSamplerParameterIuivEXT, get_sampler_uiv_fn)(smp, TEXTURE_BORDER_COLOR_OES, uq);
	assert_words(uq, ucol);
	F(BindSampler)(0, smp);
	sample_far(2, got);
	assert_words(got, ucol);
	F(BindSampler)(0, 0);
	F(DeleteSamplers)(1, &smp);
	FX(GetTexParameterIuivOES, get_tex_uiv_fn)(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, uq);
	ck_assert_uint_eq(uq[0], GL_CLAMP_TO_EDGE);
	ck_assert_int_eq(vgl_make_current(es2, G.surf, G.surf), VGL_OK);
}
END_TEST

/* EXT_texture_format_BGRA8888: bytes B G R A sample as R G B A */
START_TEST(t_bgra_upload)
{
	const uint8_t bgra[4 * 4] = { 10, 20, 200, 255, 10, 20, 200, 255,
				      10, 20, 200, 255, 10, 20, 200, 255 };
	const uint8_t sub[4] = { 255, 0, 0, 128 };

	ck_assert(has_extension("GL_EXT_texture_format_BGRA8888"));
	texture(GL_NEAREST);
	F(TexImage2D)(GL_TEXTURE_2D, 0, BGRA_EXT, 2, 2, 0, BGRA_EXT, GL_UNSIGNED_BYTE, bgra);
	F(TexSubImage2D)(GL_TEXTURE_2D, 0, 1, 1, 1, 1, BGRA_EXT, GL_UNSIGNED_BYTE, sub);
	draw_textured(1.0f, 0.0f);
	assert_near(4, 4, 200, 20, 10, 255, 1);
	assert_near(28, 28, 0, 0, 255, 128, 1);
}
END_TEST

/* OES_compressed_ETC1_RGB8_texture: two hand-made 4x4 blocks, decoded as
 * the spec's block layout says (window: texel (x, y) covers 8x8 pixels) */
START_TEST(t_etc1)
{
	/* individual mode, side by side: left base (15,0,0)->(255,0,0) table 1 (5, 17),
	 * right (0,8,15)->(0,136,255) table 0 (2, 8); pixel (0,0) -large, (3,3) +large */
	static const uint8_t individual[8] = { 0xf0, 0x08, 0x0f, 0x20, 0x00, 0x01, 0x80, 0x01 };
	/* differential, stacked: (16,0,31) and (16-1, 0+3, 31-4), table 0, all +2 */
	static const uint8_t differential[8] = { 0x87, 0x03, 0xfc, 0x03, 0, 0, 0, 0 };
	GLint n = 0, fmt = 0;

	ck_assert(has_extension("GL_OES_compressed_ETC1_RGB8_texture"));
	gl.GetIntegerv(GL_NUM_COMPRESSED_TEXTURE_FORMATS, &n);
	gl.GetIntegerv(GL_COMPRESSED_TEXTURE_FORMATS, &fmt);
	ck_assert_int_eq(n, 1);
	ck_assert_int_eq(fmt, ETC1_RGB8_OES);
	texture(GL_NEAREST);
	F(CompressedTexImage2D)(GL_TEXTURE_2D, 0, ETC1_RGB8_OES, 4, 4, 0, 8, individual);
	draw_textured(1.0f, 0.0f);
	assert_near(4, 4, 238, 0, 0, 255, 0);
	assert_near(12, 20, 255, 5, 5, 255, 0);
	assert_near(20, 4, 2, 138, 255, 255, 0);
	assert_near(28, 28, 8, 144, 255, 255, 0);
	F(CompressedTexImage2D)(GL_TEXTURE_2D, 0, ETC1_RGB8_OES, 4, 4, 0, 8, differential);
	draw_textured(1.0f, 0.0f);
	assert_near(4, 4, 134, 2, 255, 255, 0);
	assert_near(28, 12, 134, 2, 255, 255, 0);
	assert_near(4, 20, 125, 26, 224, 255, 0);
	/* no partial updates of an ETC1 image, compressed or not */
	F(CompressedTexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 4, 4, ETC1_RGB8_OES, 8, individual);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	F(TexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGB, GL_UNSIGNED_BYTE, individual);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	/* a 5x5 image is 4 blocks */
	F(CompressedTexImage2D)(GL_TEXTURE_2D, 0, ETC1_RGB8_OES, 5, 5, 0, 8, individual);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
}
END_TEST

/* EXT_read_format_bgra: glReadPixels in BGRA byte order */
START_TEST(t_read_bgra)
{
	uint8_t px[2 * 4] = { 0 };

	ck_assert(has_extension("GL_EXT_read_format_bgra"));
	clear(1, 0.5f, 0, 0.25f);
	gl.ReadPixels(3, 3, 2, 1, BGRA_EXT, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	for (int i = 0; i < 2; i++) {
		ck_assert_int_eq(px[4 * i + 0], 0);
		ck_assert_int_le(abs(px[4 * i + 1] - 128), 1);
		ck_assert_int_eq(px[4 * i + 2], 255);
		ck_assert_int_le(abs(px[4 * i + 3] - 64), 1);
	}
}
END_TEST

/* ---- vertices and draws ---------------------------------------------------------------------- */

static const char *vs_pos =
	"attribute vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_green =
	"precision mediump float;\n"
	"void main() { gl_FragColor = vec4(0.0, 1.0, 0.0, 1.0); }\n";

static GLuint pos_program(const char *vs)
{
	GLuint p = glt_program(vs, fs_green);

	gl.BindAttribLocation(p, 0, "pos");
	gl.LinkProgram(p);
	gl.UseProgram(p);
	gl.EnableVertexAttribArray(0);
	return p;
}

/* OES_vertex_half_float: positions as halves, from a VBO and from client memory */
START_TEST(t_half_float_vertices)
{
	/* the left half of the window */
	const float left[12] = { -1, -1, 0, -1, 0, 1, -1, -1, 0, 1, -1, 1 };
	uint16_t h[12];
	GLuint vbo;

	ck_assert(has_extension("GL_OES_vertex_half_float"));
	for (int i = 0; i < 12; i++)
		h[i] = half(left[i]);
	pos_program(vs_pos);
	vbo = glt_buffer(GL_ARRAY_BUFFER, h, sizeof(h));
	gl.VertexAttribPointer(0, 2, HALF_FLOAT_OES, GL_FALSE, 0, NULL);
	clear(0, 0, 1, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	assert_near(8, 16, 0, 255, 0, 255, 0);
	assert_near(24, 16, 0, 0, 255, 255, 0);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.DeleteBuffers(1, &vbo);
	for (int i = 0; i < 12; i += 2)
		h[i] = half(left[i] + 1.0f);   /* the right half */
	gl.VertexAttribPointer(0, 2, HALF_FLOAT_OES, GL_FALSE, 0, h);
	clear(0, 0, 1, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	assert_near(8, 16, 0, 0, 255, 255, 0);
	assert_near(24, 16, 0, 255, 0, 255, 0);
}
END_TEST

/* Four quads as bands from the bottom (vertices 4k .. 4k+3); indices name band 0. */
static const float bands[32] = {
	-1, -1.0f, 1, -1.0f, 1, -0.5f, -1, -0.5f,
	-1, -0.5f, 1, -0.5f, 1,  0.0f, -1,  0.0f,
	-1,  0.0f, 1,  0.0f, 1,  0.5f, -1,  0.5f,
	-1,  0.5f, 1,  0.5f, 1,  1.0f, -1,  1.0f,
};
static const GLushort band0[6] = { 0, 1, 2, 0, 2, 3 };

/* which of the four bands are green (bit k: band k), at y = 4 + 8k */
static void assert_bands(unsigned green)
{
	for (int k = 0; k < 4; k++)
		assert_near(16, 4 + 8 * k, 0, (green >> k & 1) ? 255 : 0,
			    (green >> k & 1) ? 0 : 255, 255, 0);
}

/* whether some pixel of column x, rows y0..y1, is green */
static bool green_in_column(int x, int y0, int y1)
{
	uint8_t px[4];

	for (int y = y0; y <= y1; y++) {
		glt_pixel(x, y, px);
		if (px[1] == 255 && px[2] == 0)
			return true;
	}
	return false;
}

/* OES_draw_elements_base_vertex: band 0's indices draw band 2 with base 8,
 * from buffers and from client memory (which streams only what is read) */
START_TEST(t_base_vertex)
{
	draw_bv_fn draw = FX(DrawElementsBaseVertexOES, draw_bv_fn);
	draw_inst_bv_fn inst = FX(DrawElementsInstancedBaseVertexOES, draw_inst_bv_fn);

	ck_assert(has_extension("GL_OES_draw_elements_base_vertex"));
	pos_program(vs_pos);
	glt_buffer(GL_ARRAY_BUFFER, bands, sizeof(bands));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	glt_buffer(GL_ELEMENT_ARRAY_BUFFER, band0, sizeof(band0));
	clear(0, 0, 1, 1);
	draw(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 8);
	assert_bands(1u << 2);
	clear(0, 0, 1, 1);
	inst(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL, 2, 4);
	assert_bands(1u << 1);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, bands);
	clear(0, 0, 1, 1);
	draw(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, band0, 12);
	assert_bands(1u << 3);
	/* a line loop closes through its own indices, shifted too: the outline
	 * of band 1 (window rows 8..16), none of band 0 */
	clear(0, 0, 1, 1);
	draw(GL_LINE_LOOP, 4, GL_UNSIGNED_SHORT, (const GLushort[]){ 0, 1, 2, 3 }, 4);
	assert_near(16, 4, 0, 0, 255, 255, 0);
	assert_near(16, 12, 0, 0, 255, 255, 0);
	ck_assert(green_in_column(16, 7, 9) && green_in_column(16, 15, 17));
}
END_TEST

/* EXT_multi_draw_arrays and glMultiDrawElementsBaseVertexEXT: the draws in order */
START_TEST(t_multi_draw)
{
	const GLint first[2] = { 0, 12 };
	const GLsizei count[2] = { 4, 4 };
	const GLsizei ecount[2] = { 6, 6 };
	const void *const idx[2] = { band0, band0 };
	const GLint base[2] = { 4, 8 };

	pos_program(vs_pos);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, bands);
	clear(0, 0, 1, 1);
	FX(MultiDrawArraysEXT, multi_arrays_fn)(GL_TRIANGLE_FAN, first, count, 2);
	assert_bands(1u << 0 | 1u << 3);
	clear(0, 0, 1, 1);
	FX(MultiDrawElementsBaseVertexEXT, multi_elements_bv_fn)(GL_TRIANGLES, ecount,
								 GL_UNSIGNED_SHORT, idx, 2, base);
	assert_bands(1u << 1 | 1u << 2);
}
END_TEST

/* EXT_draw_instanced: gl_InstanceIDEXT in GLSL ES 1.00 moves each instance
 * up a band; band 0's four vertices drawn 3 times fill bands 0..2 */
START_TEST(t_draw_instanced_ext)
{
	const char *vs =
		"#extension GL_EXT_draw_instanced : require\n"
		"attribute vec2 pos;\n"
		"void main() {\n"
		"  gl_Position = vec4(pos.x, pos.y + 0.5 * float(gl_InstanceIDEXT), 0.0, 1.0);\n"
		"}\n";

	ck_assert(has_extension("GL_EXT_draw_instanced"));
	pos_program(vs);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, bands);
	clear(0, 0, 1, 1);
	FX(DrawArraysInstancedEXT, PFNGLDRAWARRAYSINSTANCEDPROC)(GL_TRIANGLE_FAN, 0, 4, 3);
	assert_bands(7);
	clear(0, 0, 1, 1);
	FX(DrawElementsInstancedEXT, PFNGLDRAWELEMENTSINSTANCEDPROC)(GL_TRIANGLES, 6,
								    GL_UNSIGNED_SHORT, band0, 2);
	assert_bands(3);
}
END_TEST

typedef void *(GL_APIENTRY *map_oes_fn)(GLenum, GLenum);
#define WRITE_ONLY_OES 0x88B9
#define BUFFER_ACCESS_OES 0x88BB

static GLint buffer_param(GLenum pname)
{
	GLint v = -1;

	gl.GetBufferParameteriv(GL_ARRAY_BUFFER, pname, &v);
	return v;
}

/* OES_mapbuffer and EXT_map_buffer_range in ES 2.0: vertices written
 * through a mapping are the ones drawn */
START_TEST(t_map_buffer)
{
	const float left[12] = { -1, -1, 0, -1, 0, 1, -1, -1, 0, 1, -1, 1 };
	float *p;
	void *q = NULL;

	ck_assert(has_extension("GL_OES_mapbuffer"));
	ck_assert(has_extension("GL_EXT_map_buffer_range"));
	pos_program(vs_pos);
	glt_buffer(GL_ARRAY_BUFFER, NULL, sizeof(left));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	ck_assert_int_eq(buffer_param(BUFFER_ACCESS_OES), WRITE_ONLY_OES);
	p = FX(MapBufferOES, map_oes_fn)(GL_ARRAY_BUFFER, WRITE_ONLY_OES);
	ck_assert_ptr_nonnull(p);
	ck_assert_int_eq(buffer_param(GL_BUFFER_MAPPED), GL_TRUE);
	FX(GetBufferPointervOES, PFNGLGETBUFFERPOINTERVPROC)(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER,
							      &q);
	ck_assert_ptr_eq(q, p);
	memcpy(p, left, sizeof(left));
	ck_assert_int_eq(FX(UnmapBufferOES, PFNGLUNMAPBUFFERPROC)(GL_ARRAY_BUFFER), GL_TRUE);
	ck_assert_int_eq(buffer_param(GL_BUFFER_MAPPED), GL_FALSE);
	clear(0, 0, 1, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	assert_near(8, 16, 0, 255, 0, 255, 0);
	assert_near(24, 16, 0, 0, 255, 255, 0);
	/* the x of every vertex moved right by 1, flushed explicitly */
	p = FX(MapBufferRangeEXT, PFNGLMAPBUFFERRANGEPROC)(GL_ARRAY_BUFFER, 0, sizeof(left),
							    GL_MAP_WRITE_BIT |
							    GL_MAP_FLUSH_EXPLICIT_BIT);
	ck_assert_ptr_nonnull(p);
	for (int i = 0; i < 12; i += 2)
		p[i] = left[i] + 1.0f;
	FX(FlushMappedBufferRangeEXT, PFNGLFLUSHMAPPEDBUFFERRANGEPROC)(GL_ARRAY_BUFFER, 0,
								       sizeof(left));
	ck_assert_int_eq(FX(UnmapBufferOES, PFNGLUNMAPBUFFERPROC)(GL_ARRAY_BUFFER), GL_TRUE);
	clear(0, 0, 1, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	assert_near(8, 16, 0, 0, 255, 255, 0);
	assert_near(24, 16, 0, 255, 0, 255, 0);
}
END_TEST

/* ---- renderbuffers, queries -------------------------------------------------------------------- */

static GLint rb_param(GLenum pname)
{
	GLint v = -1;

	F(GetRenderbufferParameteriv)(GL_RENDERBUFFER, pname, &v);
	return v;
}

/* OES_required_internalformat (with OES_rgb8_rgba8, OES_depth24,
 * OES_packed_depth_stencil): ES 2.0 renderbuffers of the sized formats keep
 * at least their bits, and an RGBA8 one renders */
START_TEST(t_required_internalformat)
{
	GLuint rb, fb;

	ck_assert(has_extension("GL_OES_required_internalformat"));
	F(GenRenderbuffers)(1, &rb);
	F(BindRenderbuffer)(GL_RENDERBUFFER, rb);
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 4, 4);
	ck_assert_int_ge(rb_param(GL_RENDERBUFFER_DEPTH_SIZE), 24);
	ck_assert_int_ge(rb_param(GL_RENDERBUFFER_STENCIL_SIZE), 8);
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_DEPTH_COMPONENT24, 4, 4);
	ck_assert_int_ge(rb_param(GL_RENDERBUFFER_DEPTH_SIZE), 24);
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_RGB8, 4, 4);
	ck_assert_int_ge(rb_param(GL_RENDERBUFFER_BLUE_SIZE), 8);
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
	ck_assert_int_ge(rb_param(GL_RENDERBUFFER_ALPHA_SIZE), 8);
	F(GenFramebuffers)(1, &fb);
	F(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	F(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	ck_assert_int_eq(F(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	clear(1, 0.5f, 0, 0.25f);
	assert_near(1, 1, 255, 128, 0, 64, 1);
	F(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	F(DeleteFramebuffers)(1, &fb);
	F(DeleteRenderbuffers)(1, &rb);
}
END_TEST

/* OES_fbo_render_mipmap: level 1 of an ES 2.0 texture as the colour
 * attachment; the clear lands there and level 0 keeps its texels */
START_TEST(t_fbo_render_mipmap)
{
	static const uint8_t red[16 * 4] = { [0] = 255, [3] = 255 };
	GLuint t, fb;
	uint8_t px[4] = { 0 };

	ck_assert(has_extension("GL_OES_fbo_render_mipmap"));
	t = texture(GL_NEAREST);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
	F(TexImage2D)(GL_TEXTURE_2D, 1, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	F(GenFramebuffers)(1, &fb);
	F(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 1);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_int_eq(F(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	clear(0, 1, 0, 1);
	assert_near(1, 1, 0, 255, 0, 255, 0);
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(px[0], 255);
	ck_assert_int_eq(px[1], 0);
	F(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	F(DeleteFramebuffers)(1, &fb);
}
END_TEST

/* APPLE_texture_max_level: an ES 2.0 texture with only level 0 defined is
 * complete under a mipmap filter once MAX_LEVEL is 0 */
START_TEST(t_max_level)
{
	const uint8_t white[4] = { 255, 255, 255, 255 };
	GLint v = -1;

	ck_assert(has_extension("GL_APPLE_texture_max_level"));
	texture(GL_NEAREST);
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST_MIPMAP_NEAREST);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	F(TexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, white);
	draw_textured(1.0f, 0.0f);
	assert_near(4, 4, 0, 0, 0, 255, 0);      /* incomplete: level 1 missing */
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
	F(GetTexParameteriv)(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, &v);
	ck_assert_int_eq(v, 0);
	draw_textured(1.0f, 0.0f);
	assert_near(4, 4, 255, 255, 255, 255, 0);
}
END_TEST

/* OES_stencil8: a STENCIL_INDEX8 renderbuffer stencils an ES 2.0 FBO */
START_TEST(t_stencil8)
{
	GLuint color, stencil, fb;

	ck_assert(has_extension("GL_OES_stencil8"));
	F(GenRenderbuffers)(1, &color);
	F(BindRenderbuffer)(GL_RENDERBUFFER, color);
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_RGBA8, 32, 32);
	F(GenRenderbuffers)(1, &stencil);
	F(BindRenderbuffer)(GL_RENDERBUFFER, stencil);
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_STENCIL_INDEX8, 32, 32);
	ck_assert_int_eq(rb_param(GL_RENDERBUFFER_STENCIL_SIZE), 8);
	F(GenFramebuffers)(1, &fb);
	F(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	F(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
	F(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, stencil);
	ck_assert_int_eq(F(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	/* stencil 1 where the left half is drawn, then green only where it is 1 */
	gl.ClearStencil(0);
	gl.Clear(GL_STENCIL_BUFFER_BIT);
	gl.Enable(GL_STENCIL_TEST);
	pos_program(vs_pos);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0,
			       (const float[]){ -1, -1, 0, -1, 0, 1, -1, -1, 0, 1, -1, 1 });
	gl.StencilFunc(GL_ALWAYS, 1, 0xff);
	gl.StencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
	gl.ColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	clear(0, 0, 1, 1);
	gl.StencilFunc(GL_EQUAL, 1, 0xff);
	gl.StencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.Disable(GL_STENCIL_TEST);
	assert_near(8, 16, 0, 255, 0, 255, 0);
	assert_near(24, 16, 0, 0, 255, 255, 0);
	F(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	F(DeleteFramebuffers)(1, &fb);
	F(DeleteRenderbuffers)(1, &color);
	F(DeleteRenderbuffers)(1, &stencil);
}
END_TEST

/* OES_surfaceless_context: with no surface framebuffer 0 is undefined and
 * draws into it fail; a framebuffer object still renders */
START_TEST(t_surfaceless)
{
	GLuint rb, fb;

	ck_assert(has_extension("GL_OES_surfaceless_context"));
	ck_assert_int_eq(vgl_make_current(es2, NULL, NULL), VGL_OK);
	ck_assert_int_eq(F(CheckFramebufferStatus)(GL_FRAMEBUFFER), 0x8219 /* UNDEFINED_OES */);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
	F(GenRenderbuffers)(1, &rb);
	F(BindRenderbuffer)(GL_RENDERBUFFER, rb);
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
	F(GenFramebuffers)(1, &fb);
	F(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	F(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	clear(0, 0, 1, 1);
	assert_near(2, 2, 0, 0, 255, 255, 0);
	F(DeleteFramebuffers)(1, &fb);
	F(DeleteRenderbuffers)(1, &rb);
	ck_assert_int_eq(vgl_make_current(es2, G.surf, G.surf), VGL_OK);
}
END_TEST

/* OES_depth_texture: listed where DEPTH_COMPONENT textures are taken (ES
 * 3.0), and such a texture is depth-renderable there; not in ES 2.0. */
START_TEST(t_depth_texture_es3)
{
	GLuint t, c, fb;

	ck_assert(!has_extension("GL_OES_depth_texture"));
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	ck_assert(has_extension("GL_OES_depth_texture"));
	c = texture(GL_NEAREST);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	t = texture(GL_NEAREST);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT, 4, 4, 0, GL_DEPTH_COMPONENT,
		      GL_UNSIGNED_SHORT, NULL);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	F(GenFramebuffers)(1, &fb);
	F(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, c, 0);
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, t, 0);
	ck_assert_int_eq(F(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	F(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	F(DeleteFramebuffers)(1, &fb);
	ck_assert_int_eq(vgl_make_current(es2, G.surf, G.surf), VGL_OK);
}
END_TEST

/* GL_EXTENSIONS, GL_NUM_EXTENSIONS and glGetStringi agree (ES 3.0), and both
 * versions list the extensions of this suite (ES 3.0 also its own ones) */
START_TEST(t_extension_lists)
{
	static const char *const names[] = {
		"GL_OES_texture_float", "GL_OES_texture_half_float", "GL_OES_vertex_half_float",
		"GL_EXT_texture_format_BGRA8888", "GL_OES_required_internalformat",
		"GL_EXT_draw_instanced", "GL_OES_draw_elements_base_vertex",
		"GL_EXT_multi_draw_arrays", "GL_EXT_discard_framebuffer",
		"GL_OES_compressed_ETC1_RGB8_texture", "GL_OES_mapbuffer", "GL_EXT_map_buffer_range",
		"GL_OES_fbo_render_mipmap", "GL_OES_surfaceless_context", "GL_OES_texture_npot",
		"GL_EXT_texture_rg", "GL_EXT_texture_type_2_10_10_10_REV",
		"GL_EXT_texture_filter_anisotropic", "GL_EXT_read_format_bgra", "GL_OES_stencil8",
		"GL_APPLE_texture_max_level", "GL_EXT_draw_elements_base_vertex", "GL_OES_EGL_sync",
		"GL_OES_texture_border_clamp", "GL_EXT_texture_border_clamp", "GL_KHR_debug",
	};
	/* ES 3.0 only: their formats or shaders need it */
	static const char *const es3_names[] = { "GL_EXT_color_buffer_float",
						 "GL_EXT_float_blend" };
	GLint n = -1;

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		ck_assert_msg(has_extension(names[i]), "ES 2.0: %s missing", names[i]);
	for (size_t i = 0; i < sizeof(es3_names) / sizeof(es3_names[0]); i++)
		ck_assert_msg(!has_extension(es3_names[i]), "ES 2.0: %s listed", es3_names[i]);
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++)
		ck_assert_msg(has_extension(names[i]), "ES 3.0: %s missing", names[i]);
	for (size_t i = 0; i < sizeof(es3_names) / sizeof(es3_names[0]); i++)
		ck_assert_msg(has_extension(es3_names[i]), "ES 3.0: %s missing", es3_names[i]);
	gl.GetIntegerv(GL_NUM_EXTENSIONS, &n);
	ck_assert_int_gt(n, (GLint)(sizeof(names) / sizeof(names[0])));
	for (GLint i = 0; i < n; i++)
		ck_assert(has_extension((const char *)gl.GetStringi(GL_EXTENSIONS, (GLuint)i)));
	ck_assert_ptr_null(gl.GetStringi(GL_EXTENSIONS, (GLuint)n));
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	ck_assert_int_eq(vgl_make_current(es2, G.surf, G.surf), VGL_OK);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_ext");
	TCase *tc = tcase_create("ext");

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, setup, teardown);
	tcase_add_test(tc, t_float);
	tcase_add_test(tc, t_half_float);
	tcase_add_test(tc, t_float_linear);
	tcase_add_test(tc, t_float_mipmap);
	tcase_add_test(tc, t_rg_and_2_10_10_10);
	tcase_add_test(tc, t_rg_render);
	tcase_add_test(tc, t_2_10_10_10_not_renderable);
	tcase_add_test(tc, t_bgra8_texture);
	tcase_add_test(tc, t_depth_texture_es3);
	tcase_add_test(tc, t_anisotropy);
	tcase_add_test(tc, t_border_clamp);
	tcase_add_test(tc, t_border_clamp_types);
	tcase_add_test(tc, t_bgra_upload);
	tcase_add_test(tc, t_etc1);
	tcase_add_test(tc, t_read_bgra);
	tcase_add_test(tc, t_half_float_vertices);
	tcase_add_test(tc, t_base_vertex);
	tcase_add_test(tc, t_multi_draw);
	tcase_add_test(tc, t_draw_instanced_ext);
	tcase_add_test(tc, t_map_buffer);
	tcase_add_test(tc, t_required_internalformat);
	tcase_add_test(tc, t_fbo_render_mipmap);
	tcase_add_test(tc, t_surfaceless);
	tcase_add_test(tc, t_max_level);
	tcase_add_test(tc, t_stencil8);
	tcase_add_test(tc, t_extension_lists);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
