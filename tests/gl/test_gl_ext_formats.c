/* SPDX-License-Identifier: MIT */
/*
 * The format extensions of issue #16 on an ES 3.1 context.
 * EXT_texture_norm16: each 16-bit normalized format uploaded with its
 * UNSIGNED_SHORT / SHORT data and fetched back as floats; R16, RG16 and
 * RGBA16 rendered into (a clear, a blended draw) and read with RGBA /
 * UNSIGNED_SHORT, the implementation's read pair; renderbuffers and
 * glGetInternalformativ take the renderable ones only; an ES 3.0 context
 * has none of it.
 * NV_image_formats: compute shaders store to images of its formats (float,
 * normalized, integer), the texels read back, and load from an R16 one;
 * glBindImageTexture takes its formats.
 * GL_ANDROID_extension_pack_es31a: listed exactly when each of its parts
 * is; a shader of its #extension alone uses a part and links.
 */
#include <GLES3/gl32.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define GL_R16_EXT 0x822A
#define GL_RG16_EXT 0x822C
#define GL_RGB16_EXT 0x8054
#define GL_RGBA16_EXT 0x805B
#define GL_R16_SNORM_EXT 0x8F98
#define GL_RG16_SNORM_EXT 0x8F99
#define GL_RGB16_SNORM_EXT 0x8F9A
#define GL_RGBA16_SNORM_EXT 0x8F9B

#define XF_FUNCS(X) \
	X(TexStorage2D, TEXSTORAGE2D) X(GenFramebuffers, GENFRAMEBUFFERS) \
	X(BindFramebuffer, BINDFRAMEBUFFER) X(DeleteFramebuffers, DELETEFRAMEBUFFERS) \
	X(FramebufferTexture2D, FRAMEBUFFERTEXTURE2D) \
	X(CheckFramebufferStatus, CHECKFRAMEBUFFERSTATUS) X(GenRenderbuffers, GENRENDERBUFFERS) \
	X(BindRenderbuffer, BINDRENDERBUFFER) X(RenderbufferStorage, RENDERBUFFERSTORAGE) \
	X(DeleteRenderbuffers, DELETERENDERBUFFERS) X(GetInternalformativ, GETINTERNALFORMATIV) \
	X(BindImageTexture, BINDIMAGETEXTURE) X(DispatchCompute, DISPATCHCOMPUTE) \
	X(MemoryBarrier, MEMORYBARRIER)

#define XF_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	XF_FUNCS(XF_MEMBER)
} xf;
#undef XF_MEMBER

static void load(void)
{
#define XF_LOAD(n, N) xf.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	XF_FUNCS(XF_LOAD)
#undef XF_LOAD
}

static void setup(void)
{
	glt_setup_version(3, 1);
	load();
}

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

/* ---- EXT_texture_norm16 ------------------------------------------------------------------- */

static const char *vs =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_fetch =
	"#version 300 es\nprecision highp float;\nuniform highp sampler2D tex;\n"
	"out vec4 o;\nvoid main() { o = texelFetch(tex, ivec2(0), 0); }\n";
static const char *fs_const =
	"#version 300 es\nprecision highp float;\nuniform vec4 c;\n"
	"out vec4 o;\nvoid main() { o = c; }\n";

/* A 1x1 texture of `internal` bound to a new framebuffer (asserted complete). */
static GLuint fbo_of(GLenum internal, GLuint *tex)
{
	GLuint f;

	*tex = glt_texture(GL_TEXTURE_2D);
	xf.TexStorage2D(GL_TEXTURE_2D, 1, internal, 1, 1);
	expect(GL_NO_ERROR);
	xf.GenFramebuffers(1, &f);
	xf.BindFramebuffer(GL_FRAMEBUFFER, f);
	xf.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
	ck_assert_int_eq(xf.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.Viewport(0, 0, 1, 1);
	return f;
}

static void drop_fbo(GLuint f, GLuint tex)
{
	xf.BindFramebuffer(GL_FRAMEBUFFER, 0);
	xf.DeleteFramebuffers(1, &f);
	gl.DeleteTextures(1, &tex);
	gl.Viewport(0, 0, GLT_W, GLT_H);
}

static const struct norm16_case {
	GLenum internal, format, type;
	int comps;
	uint16_t data[4];
	float want[4];              /* what texelFetch returns */
} norm16_cases[] = {
	{ GL_R16_EXT, GL_RED, GL_UNSIGNED_SHORT, 1, { 0x8000 }, { 32768 / 65535.0f, 0, 0, 1 } },
	{ GL_RG16_EXT, GL_RG, GL_UNSIGNED_SHORT, 2, { 65535, 1 }, { 1, 1 / 65535.0f, 0, 1 } },
	{ GL_RGB16_EXT, GL_RGB, GL_UNSIGNED_SHORT, 3, { 0, 16384, 65535 },
	  { 0, 16384 / 65535.0f, 1, 1 } },
	{ GL_RGBA16_EXT, GL_RGBA, GL_UNSIGNED_SHORT, 4, { 1000, 2000, 3000, 60000 },
	  { 1000 / 65535.0f, 2000 / 65535.0f, 3000 / 65535.0f, 60000 / 65535.0f } },
	{ GL_R16_SNORM_EXT, GL_RED, GL_SHORT, 1, { (uint16_t)-32767 }, { -1, 0, 0, 1 } },
	{ GL_RG16_SNORM_EXT, GL_RG, GL_SHORT, 2, { 16384, (uint16_t)-32768 },
	  { 16384 / 32767.0f, -1, 0, 1 } },
	{ GL_RGB16_SNORM_EXT, GL_RGB, GL_SHORT, 3, { 32767, 0, (uint16_t)-100 },
	  { 1, 0, -100 / 32767.0f, 1 } },
	{ GL_RGBA16_SNORM_EXT, GL_RGBA, GL_SHORT, 4, { 1, 2, 3, 32767 },
	  { 1 / 32767.0f, 2 / 32767.0f, 3 / 32767.0f, 1 } },
};

/* Every format: uploaded, fetched into an RGBA32F target and read back. */
START_TEST(t_norm16_sample)
{
	const struct norm16_case *c = &norm16_cases[_i];
	GLuint tex, dst, f;
	float got[4];

	ck_assert(glt_has_extension("GL_EXT_texture_norm16"));
	tex = glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, (GLint)c->internal, 1, 1, 0, c->format, c->type, c->data);
	expect(GL_NO_ERROR);
	f = fbo_of(GL_RGBA32F, &dst);
	glt_texture_program(vs, fs_fetch);
	gl.BindTexture(GL_TEXTURE_2D, tex);
	glt_draw_window();
	gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_FLOAT, got);
	expect(GL_NO_ERROR);
	for (int k = 0; k < 4; k++)
		ck_assert_msg(fabsf(got[k] - c->want[k]) < 1e-5f, "0x%x channel %d: %f, want %f",
			      c->internal, k, (double)got[k], (double)c->want[k]);
	drop_fbo(f, dst);
	gl.DeleteTextures(1, &tex);
}
END_TEST

/* A draw of colour `c` into the bound framebuffer. */
static void draw_const(const float c[4])
{
	GLuint p = glt_program(vs, fs_const);

	gl.UseProgram(p);
	gl.Uniform4fv(gl.GetUniformLocation(p, "c"), 1, c);
	glt_draw_window();
	gl.DeleteProgram(p);
}

/* R16, RG16, RGBA16: cleared, blended into (ONE, ONE) and read as RGBA /
 * UNSIGNED_SHORT, which is also the implementation's pair. */
START_TEST(t_norm16_render_blend_read)
{
	static const GLenum fmts[] = { GL_R16_EXT, GL_RG16_EXT, GL_RGBA16_EXT };
	static const float add[4] = { 0.5f, 0.25f, 0.125f, 0.5f };
	static const uint16_t want[3][4] = {
		{ 49151, 0, 0, 65535 }, { 49151, 32767, 0, 65535 }, { 49151, 32767, 16383, 49151 },
	};
	GLenum n = sizeof(fmts) / sizeof(fmts[0]);

	for (GLenum i = 0; i < n; i++) {
		uint16_t got[4] = { 0 };
		GLuint tex, f = fbo_of(fmts[i], &tex);

		ck_assert_int_eq(glt_geti(GL_IMPLEMENTATION_COLOR_READ_FORMAT), GL_RGBA);
		ck_assert_int_eq(glt_geti(GL_IMPLEMENTATION_COLOR_READ_TYPE), GL_UNSIGNED_SHORT);
		gl.ClearColor(0.25f, 0.25f, 0.125f, 0.25f);
		gl.Clear(GL_COLOR_BUFFER_BIT);
		gl.Enable(GL_BLEND);
		gl.BlendFunc(GL_ONE, GL_ONE);
		draw_const(add);
		gl.Disable(GL_BLEND);
		gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT, got);
		expect(GL_NO_ERROR);
		for (int k = 0; k < 4; k++)
			ck_assert_msg(abs((int)got[k] - (int)want[i][k]) <= 2,
				      "0x%x channel %d: %u, want %u", fmts[i], k, got[k],
				      want[i][k]);
		drop_fbo(f, tex);
	}
	gl.ClearColor(0, 0, 0, 0);
}
END_TEST

/* Renderbuffers and glGetInternalformativ: the unsigned formats but RGB16. */
START_TEST(t_norm16_renderbuffers)
{
	static const GLenum ok[] = { GL_R16_EXT, GL_RG16_EXT, GL_RGBA16_EXT };
	static const GLenum bad[] = { GL_RGB16_EXT, GL_R16_SNORM_EXT, GL_RGBA16_SNORM_EXT };
	GLint n = -1;
	GLuint rb;

	xf.GenRenderbuffers(1, &rb);
	xf.BindRenderbuffer(GL_RENDERBUFFER, rb);
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		xf.RenderbufferStorage(GL_RENDERBUFFER, ok[i], 4, 4);
		expect(GL_NO_ERROR);
		xf.GetInternalformativ(GL_RENDERBUFFER, ok[i], GL_NUM_SAMPLE_COUNTS, 1, &n);
		expect(GL_NO_ERROR);
		ck_assert_int_ge(n, 0);
	}
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		xf.RenderbufferStorage(GL_RENDERBUFFER, bad[i], 4, 4);
		expect(GL_INVALID_ENUM);
		xf.GetInternalformativ(GL_RENDERBUFFER, bad[i], GL_NUM_SAMPLE_COUNTS, 1, &n);
		expect(GL_INVALID_ENUM);
	}
	xf.DeleteRenderbuffers(1, &rb);
}
END_TEST

/* The wrong data type is the spec's INVALID_OPERATION; signed formats are
 * not colour-renderable (the framebuffer is incomplete). */
START_TEST(t_norm16_errors)
{
	GLuint tex = glt_texture(GL_TEXTURE_2D), f;
	uint16_t d[4] = { 0 };

	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_R16_EXT, 1, 1, 0, GL_RED, GL_UNSIGNED_BYTE, d);
	expect(GL_INVALID_OPERATION);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_R16_SNORM_EXT, 1, 1, 0, GL_RED, GL_UNSIGNED_SHORT, d);
	expect(GL_INVALID_OPERATION);
	xf.TexStorage2D(GL_TEXTURE_2D, 1, GL_RG16_SNORM_EXT, 1, 1);
	expect(GL_NO_ERROR);
	xf.GenFramebuffers(1, &f);
	xf.BindFramebuffer(GL_FRAMEBUFFER, f);
	xf.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	ck_assert_int_eq(xf.CheckFramebufferStatus(GL_FRAMEBUFFER),
			 GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
	drop_fbo(f, tex);
}
END_TEST

/* ES 3.0 contexts: no extension, no format. */
START_TEST(t_norm16_not_in_es30)
{
	GLuint tex;
	uint16_t d[4] = { 0 };

	glt_teardown();
	glt_setup_version(3, 0);
	load();
	ck_assert(!glt_has_extension("GL_EXT_texture_norm16"));
	tex = glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_R16_EXT, 1, 1, 0, GL_RED, GL_UNSIGNED_SHORT, d);
	expect(GL_INVALID_VALUE);
	xf.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA16_EXT, 1, 1);
	expect(GL_INVALID_ENUM);
	gl.DeleteTextures(1, &tex);
}
END_TEST

/* ---- NV_image_formats --------------------------------------------------------------------- */

static const struct store_case {
	GLenum internal;
	const char *qual, *type, *value;  /* layout qualifier, image type, stored value */
	GLenum read_format, read_type;
	uint32_t want[4];                 /* what glReadPixels returns (words or bytes) */
	bool bytes;
} store_cases[] = {
	{ GL_RG32F, "rg32f", "image2D", "vec4(0.25, -2.0, 0.0, 0.0)", GL_RGBA, GL_FLOAT,
	  { 0x3e800000, 0xc0000000, 0, 0x3f800000 }, false },
	{ GL_R8, "r8", "image2D", "vec4(0.2, 0.0, 0.0, 0.0)", GL_RGBA, GL_UNSIGNED_BYTE,
	  { 51, 0, 0, 255 }, true },
	{ GL_RG8UI, "rg8ui", "uimage2D", "uvec4(7u, 200u, 0u, 0u)", GL_RGBA_INTEGER,
	  GL_UNSIGNED_INT, { 7, 200, 0, 1 }, false },
	{ GL_R16I, "r16i", "iimage2D", "ivec4(-300, 0, 0, 0)", GL_RGBA_INTEGER, GL_INT,
	  { (uint32_t)-300, 0, 0, 1 }, false },
	{ GL_RGB10_A2, "rgb10_a2", "image2D", "vec4(1.0, 0.0, 1.0, 1.0)", GL_RGBA,
	  GL_UNSIGNED_BYTE, { 255, 0, 255, 255 }, true },
};

static void read_back(const struct store_case *c, GLuint tex, uint32_t got[4])
{
	uint8_t b[4] = { 0 };
	GLuint f;

	xf.GenFramebuffers(1, &f);
	xf.BindFramebuffer(GL_FRAMEBUFFER, f);
	xf.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	ck_assert_int_eq(xf.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.ReadPixels(0, 0, 1, 1, c->read_format, c->read_type, c->bytes ? (void *)b : got);
	expect(GL_NO_ERROR);
	for (int k = 0; c->bytes && k < 4; k++)
		got[k] = b[k];
	xf.BindFramebuffer(GL_FRAMEBUFFER, 0);
	xf.DeleteFramebuffers(1, &f);
}

/* A compute shader stores one texel through the format's qualifier. */
START_TEST(t_image_formats_store)
{
	const struct store_case *c = &store_cases[_i];
	char src[640];
	uint32_t got[4] = { 0 };
	GLuint tex, p;

	ck_assert(glt_has_extension("GL_NV_image_formats"));
	snprintf(src, sizeof(src),
		 "#version 310 es\n#extension GL_NV_image_formats : require\n"
		 "layout(local_size_x = 1) in;\n"
		 "layout(%s, binding = 0) uniform highp writeonly %s img;\n"
		 "void main() { imageStore(img, ivec2(0), %s); }\n", c->qual, c->type, c->value);
	tex = glt_texture(GL_TEXTURE_2D);
	xf.TexStorage2D(GL_TEXTURE_2D, 1, c->internal, 1, 1);
	xf.BindImageTexture(0, tex, 0, GL_FALSE, 0, GL_WRITE_ONLY, c->internal);
	expect(GL_NO_ERROR);
	p = glt_compute_program(src);
	xf.DispatchCompute(1, 1, 1);
	xf.MemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
	read_back(c, tex, got);
	for (int k = 0; k < 4; k++)
		ck_assert_msg(got[k] == c->want[k], "%s channel %d: 0x%x, want 0x%x", c->qual, k,
			      got[k], c->want[k]);
	gl.DeleteProgram(p);
	gl.DeleteTextures(1, &tex);
}
END_TEST

/* imageLoad of an R16 (EXT_texture_norm16) image: its unsigned short as a float. */
START_TEST(t_image_formats_load_r16)
{
	static const char *src =
		"#version 310 es\n#extension GL_NV_image_formats : require\n"
		"layout(local_size_x = 1) in;\n"
		"layout(r16, binding = 0) uniform highp readonly image2D img;\n"
		"layout(std430, binding = 0) buffer B { float v[2]; };\n"
		"void main() { vec4 t = imageLoad(img, ivec2(1, 0)); v[0] = t.r; v[1] = t.a; }\n";
	static const uint16_t texels[2] = { 1, 0x4000 };
	GLuint tex = glt_texture(GL_TEXTURE_2D), b = glt_ssbo(2, 0), p;
	const uint32_t *w;
	float v[2];

	xf.TexStorage2D(GL_TEXTURE_2D, 1, GL_R16_EXT, 2, 1);
	gl.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 1, GL_RED, GL_UNSIGNED_SHORT, texels);
	xf.BindImageTexture(0, tex, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R16_EXT);
	expect(GL_NO_ERROR);
	p = glt_compute_program(src);
	xf.DispatchCompute(1, 1, 1);
	w = glt_map_ssbo(b, 2);
	memcpy(v, w, sizeof(v));
	glt_unmap_ssbo();
	ck_assert_float_eq_tol(v[0], 16384 / 65535.0f, 1e-5f);
	ck_assert_float_eq_tol(v[1], 1.0f, 1e-6f);
	gl.DeleteProgram(p);
	gl.DeleteBuffers(1, &b);
	gl.DeleteTextures(1, &tex);
}
END_TEST

/* glBindImageTexture: the extension's formats, and still none past them. */
START_TEST(t_image_formats_bind)
{
	static const GLenum ok[] = { GL_RG32F, GL_R11F_G11F_B10F, GL_RGBA16_EXT, GL_RG8_SNORM,
				     GL_R16_SNORM_EXT, GL_RGB10_A2UI, GL_R8UI };
	GLuint tex = glt_texture(GL_TEXTURE_2D);

	xf.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1);
	for (size_t i = 0; i < sizeof(ok) / sizeof(ok[0]); i++) {
		xf.BindImageTexture(1, tex, 0, GL_FALSE, 0, GL_READ_ONLY, ok[i]);
		expect(GL_NO_ERROR);
	}
	xf.BindImageTexture(1, tex, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGB8);
	expect(GL_INVALID_VALUE);
	xf.BindImageTexture(1, tex, 0, GL_FALSE, 0, GL_READ_ONLY, GL_SRGB8_ALPHA8);
	expect(GL_INVALID_VALUE);
	xf.BindImageTexture(1, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
	gl.DeleteTextures(1, &tex);
}
END_TEST

/* ---- GL_ANDROID_extension_pack_es31a ------------------------------------------------------- */

static const char *const pack_parts[] = {
	"GL_KHR_debug", "GL_KHR_texture_compression_astc_ldr", "GL_KHR_blend_equation_advanced",
	"GL_OES_sample_shading", "GL_OES_sample_variables", "GL_OES_shader_image_atomic",
	"GL_OES_shader_multisample_interpolation", "GL_OES_texture_stencil8",
	"GL_OES_texture_storage_multisample_2d_array", "GL_EXT_copy_image",
	"GL_EXT_draw_buffers_indexed", "GL_EXT_geometry_shader", "GL_EXT_gpu_shader5",
	"GL_EXT_primitive_bounding_box", "GL_EXT_shader_io_blocks", "GL_EXT_tessellation_shader",
	"GL_EXT_texture_border_clamp", "GL_EXT_texture_buffer", "GL_EXT_texture_cube_map_array",
	"GL_EXT_texture_sRGB_decode",
};

static bool all_parts(void)
{
	for (size_t i = 0; i < sizeof(pack_parts) / sizeof(pack_parts[0]); i++)
		if (!glt_has_extension(pack_parts[i]))
			return false;
	return true;
}

/* Listed with all its parts, and on this suite's host (llvmpipe behind
 * virgl_test_server) they all are; ES 3.0 contexts have neither. */
START_TEST(t_android_pack_listed)
{
	ck_assert(all_parts());
	ck_assert(glt_has_extension("GL_ANDROID_extension_pack_es31a"));
	glt_teardown();
	glt_setup_version(3, 0);
	ck_assert(!all_parts());
	ck_assert(!glt_has_extension("GL_ANDROID_extension_pack_es31a"));
}
END_TEST

/* A geometry shader under the pack's #extension alone: compiles, links and
 * draws (a point it makes a square around the window's centre, read back). */
START_TEST(t_android_pack_shader)
{
	static const char *gs =
		"#version 310 es\n#extension GL_ANDROID_extension_pack_es31a : require\n"
		"layout(points) in;\nlayout(triangle_strip, max_vertices = 4) out;\n"
		"void main() {\n"
		"  for (int i = 0; i < 4; i++) {\n"
		"    gl_Position = vec4(float(i & 1) - 0.25, float(i >> 1) - 0.25, 0.0, 1.0);\n"
		"    EmitVertex();\n  }\n}\n";
	static const char *vsp =
		"#version 310 es\nvoid main() { gl_Position = vec4(-0.9, -0.9, 0.0, 1.0); }\n";
	static const char *fs =
		"#version 310 es\nprecision highp float;\nout vec4 o;\n"
		"void main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";
	GLint ok = 0;
	GLuint p = gl.CreateProgram();
	GLuint sh[3] = { glt_compile(GL_VERTEX_SHADER, vsp, &ok),
			 glt_compile(0x8DD9 /* GL_GEOMETRY_SHADER */, gs, &ok),
			 glt_compile(GL_FRAGMENT_SHADER, fs, &ok) };

	ck_assert(ok);
	for (int i = 0; i < 3; i++) {
		gl.AttachShader(p, sh[i]);
		gl.DeleteShader(sh[i]);
	}
	glt_link_and_use(p);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.DrawArrays(GL_POINTS, 0, 1);
	glt_assert_pixel(GLT_W / 2, GLT_H / 2, 0, 255, 0, 255);
	glt_assert_pixel(1, 1, 0, 0, 0, 0);   /* where the point was */
	gl.DeleteProgram(p);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_ext_formats");
	TCase *tc = tcase_create("norm16");
	TCase *img = tcase_create("image_formats");
	TCase *pack = tcase_create("android_pack");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_loop_test(tc, t_norm16_sample, 0,
			    sizeof(norm16_cases) / sizeof(norm16_cases[0]));
	tcase_add_test(tc, t_norm16_render_blend_read);
	tcase_add_test(tc, t_norm16_renderbuffers);
	tcase_add_test(tc, t_norm16_errors);
	tcase_add_test(tc, t_norm16_not_in_es30);
	suite_add_tcase(s, tc);
	tcase_set_timeout(img, 120);
	tcase_add_checked_fixture(img, setup, glt_teardown);
	tcase_add_loop_test(img, t_image_formats_store, 0,
			    sizeof(store_cases) / sizeof(store_cases[0]));
	tcase_add_test(img, t_image_formats_load_r16);
	tcase_add_test(img, t_image_formats_bind);
	suite_add_tcase(s, img);
	tcase_set_timeout(pack, 120);
	tcase_add_checked_fixture(pack, setup, glt_teardown);
	tcase_add_test(pack, t_android_pack_listed);
	tcase_add_test(pack, t_android_pack_shader);
	suite_add_tcase(s, pack);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
