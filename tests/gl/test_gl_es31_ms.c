/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 multisample textures and texture gather:
 * glTexStorage2DMultisample's state and errors, a
 * multisample texture rendered to one sample at a time (glSampleMaski),
 * each sample read back by texelFetch(sampler2DMS, p, i) in a shader and by
 * a glBlitFramebuffer resolve; textureGather of each component and of a
 * depth texture compared, textureGatherOffset, and the limits.
 * OES_texture_storage_multisample_2d_array: glTexStorage3DMultisampleOES's
 * state and errors, layers of a 4-sample array rendered to through
 * glFramebufferTextureLayer, every sample of each layer read back by
 * texelFetch(sampler2DMSArray, ivec3, i), textureSize.
 */
#include <GLES3/gl31.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

/* ES 3.1 functions by name, as libglvnd reaches them */
#define es(n) ((__typeof__(&gl##n))glt_proc("gl" #n))

static void setup(void)
{
	glt_setup_version(3, 1);
}

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

static GLint level_of(GLenum target, GLenum pname)
{
	GLint v = -1;

	es(GetTexLevelParameteriv)(target, 0, pname, &v);
	return v;
}

static GLint level_i(GLenum pname)
{
	return level_of(GL_TEXTURE_2D_MULTISAMPLE, pname);
}

/* The largest count glGetInternalformativ lists for a multisample texture of f. */
static GLint target_max(GLenum target, GLenum f)
{
	GLint v = 0;

	es(GetInternalformativ)(target, f, GL_SAMPLES, 1, &v);
	return v;
}

static GLint format_max(GLenum f)
{
	return target_max(GL_TEXTURE_2D_MULTISAMPLE, f);
}

/* A new multisample texture of f, bound; 4 samples, fixed locations. */
static GLuint ms_texture(GLenum f, GLsizei samples)
{
	GLuint t;

	gl.GenTextures(1, &t);
	gl.BindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, samples, f, GLT_W, GLT_H, GL_TRUE);
	expect(GL_NO_ERROR);
	return t;
}

/* ---- state and errors ----------------------------------------------------------------------- */

START_TEST(ms_state)
{
	GLuint t;
	GLint v = 0;

	ck_assert_int_ge(format_max(GL_RGBA8), 4);
	gl.GenTextures(1, &t);
	gl.BindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
	ck_assert_int_eq(glt_geti(GL_TEXTURE_BINDING_2D_MULTISAMPLE), (GLint)t);
	ck_assert_int_eq(level_i(GL_TEXTURE_SAMPLES), 0);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 3, GL_RGBA8, 17, 9, GL_FALSE);
	expect(GL_NO_ERROR);
	/* at least as many as asked, one of the format's counts */
	ck_assert_int_eq(level_i(GL_TEXTURE_SAMPLES), 4);
	ck_assert_int_eq(level_i(GL_TEXTURE_FIXED_SAMPLE_LOCATIONS), GL_FALSE);
	ck_assert_int_eq(level_i(GL_TEXTURE_WIDTH), 17);
	ck_assert_int_eq(level_i(GL_TEXTURE_HEIGHT), 9);
	ck_assert_int_eq(level_i(GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA8);
	ck_assert_int_eq(level_i(GL_TEXTURE_RED_SIZE), 8);
	es(GetTexParameteriv)(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
	ck_assert_int_eq(v, GL_TRUE);
	expect(GL_NO_ERROR);
}
END_TEST

/* The sample mask word reads back as a GLint: sign-extended in 64 bits. */
START_TEST(ms_sample_mask_value)
{
	GLint64 w = 0;
	GLint v = 0;

	es(SampleMaski)(0, 0x80000001u);
	es(GetInteger64i_v)(GL_SAMPLE_MASK_VALUE, 0, &w);
	es(GetIntegeri_v)(GL_SAMPLE_MASK_VALUE, 0, &v);
	ck_assert_int_eq(w, -2147483647);
	ck_assert_int_eq(v, (GLint)0x80000001u);
	es(SampleMaski)(0, ~0u);
	expect(GL_NO_ERROR);
}
END_TEST

START_TEST(ms_limits)
{
	GLint color = glt_geti(GL_MAX_COLOR_TEXTURE_SAMPLES);

	ck_assert_int_ge(color, 1);
	ck_assert_int_le(color, format_max(GL_RGBA8));
	ck_assert_int_ge(glt_geti(GL_MAX_DEPTH_TEXTURE_SAMPLES), 1);
	ck_assert_int_le(glt_geti(GL_MAX_DEPTH_TEXTURE_SAMPLES), format_max(GL_DEPTH_COMPONENT24));
	ck_assert_int_ge(glt_geti(GL_MAX_INTEGER_SAMPLES), 1);
	ck_assert_int_le(glt_geti(GL_MIN_PROGRAM_TEXTURE_GATHER_OFFSET), -8);
	ck_assert_int_ge(glt_geti(GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET), 7);
	expect(GL_NO_ERROR);
}
END_TEST

/* ES 3.1 §8.8's errors, each leaving the texture mutable. */
START_TEST(ms_errors)
{
	GLint max = format_max(GL_RGBA8), big = glt_geti(GL_MAX_TEXTURE_SIZE);
	GLuint t, fb, t2d;

	gl.GenTextures(1, &t);
	gl.BindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D, 4, GL_RGBA8, 8, 8, GL_TRUE);
	expect(GL_INVALID_ENUM);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA, 8, 8, GL_TRUE);
	expect(GL_INVALID_ENUM);   /* unsized */
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGB9_E5, 8, 8, GL_TRUE);
	expect(GL_INVALID_ENUM);   /* not renderable */
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 8, 8, GL_TRUE);
	expect(GL_INVALID_VALUE);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 0, 8, GL_TRUE);
	expect(GL_INVALID_VALUE);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, big + 1, GL_TRUE);
	expect(GL_INVALID_VALUE);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, max + 1, GL_RGBA8, 8, 8, GL_TRUE);
	expect(GL_INVALID_OPERATION);
	ck_assert_int_eq(level_i(GL_TEXTURE_WIDTH), 0);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
	expect(GL_NO_ERROR);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
	expect(GL_INVALID_OPERATION);   /* immutable */
	gl.BindTexture(GL_TEXTURE_2D_MULTISAMPLE, 0);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
	expect(GL_INVALID_OPERATION);   /* texture 0 */
	/* attaching: level 0 only, and the target must be the texture's */
	t2d = glt_texture(GL_TEXTURE_2D);
	es(GenFramebuffers)(1, &fb);
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, t, 1);
	expect(GL_INVALID_VALUE);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, t2d, 0);
	expect(GL_INVALID_OPERATION);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	expect(GL_INVALID_OPERATION);
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
}
END_TEST

/* The same samples in every attachment (ES 3.1 §9.4.2). */
START_TEST(ms_completeness)
{
	GLuint t = ms_texture(GL_RGBA8, 4), rb, fb, t2;

	es(GenFramebuffers)(1, &fb);
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, t, 0);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	ck_assert_int_eq(glt_geti(GL_SAMPLES), 4);
	es(GenRenderbuffers)(1, &rb);
	es(BindRenderbuffer)(GL_RENDERBUFFER, rb);
	es(RenderbufferStorageMultisample)(GL_RENDERBUFFER, 4, GL_DEPTH24_STENCIL8, GLT_W, GLT_H);
	es(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rb);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	es(RenderbufferStorageMultisample)(GL_RENDERBUFFER, 0, GL_DEPTH24_STENCIL8, GLT_W, GLT_H);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER),
			 GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
	/* beside a renderbuffer, a texture's sample locations must be fixed */
	gl.GenTextures(1, &t2);
	gl.BindTexture(GL_TEXTURE_2D_MULTISAMPLE, t2);
	es(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, GLT_W, GLT_H, GL_FALSE);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, t2, 0);
	es(RenderbufferStorageMultisample)(GL_RENDERBUFFER, 4, GL_DEPTH24_STENCIL8, GLT_W, GLT_H);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER),
			 GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
	/* two textures: the same locations, fixed or not */
	es(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE, t, 0);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER),
			 GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE, t2, 0);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	expect(GL_NO_ERROR);
}
END_TEST

/* ---- rendering and fetching samples -------------------------------------------------------- */

static const char fs_color[] = "#version 310 es\n"
	"precision mediump float;\n"
	"uniform vec4 u_color;\n"
	"out vec4 c;\n"
	"void main() { c = u_color; }\n";

/* The sample u_sample of the texture at the window position. */
static const char fs_fetch[] = "#version 310 es\n"
	"precision mediump float;\n"
	"uniform highp sampler2DMS tex;\n"
	"uniform int u_sample;\n"
	"out vec4 c;\n"
	"void main() { c = texelFetch(tex, ivec2(gl_FragCoord.xy), u_sample); }\n";

static const char vs31_window[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static const uint8_t sample_colors[4][4] = {
	{ 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 255, 255 } };

/* Clears the bound framebuffer black, then draws colors[i] with only
 * sample i in the mask. */
static void draw_each_sample(const uint8_t colors[4][4])
{
	GLuint prog = glt_program(vs31_window, fs_color);
	GLint loc = gl.GetUniformLocation(prog, "u_color");

	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Enable(GL_SAMPLE_MASK);
	gl.UseProgram(prog);
	for (int i = 0; i < 4; i++) {
		const uint8_t *c = colors[i];

		es(SampleMaski)(0, 1u << i);
		gl.Uniform4f(loc, c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f);
		glt_draw_window();
	}
	gl.Disable(GL_SAMPLE_MASK);
}

static void draw_samples(GLuint fb)
{
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	draw_each_sample(sample_colors);
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
}

static GLuint ms_framebuffer(GLuint t)
{
	GLuint fb;

	es(GenFramebuffers)(1, &fb);
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, t, 0);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	return fb;
}

/* The GL type of a program's active uniform `name`; 0 if none. */
static GLenum uniform_type(GLuint prog, const char *name)
{
	GLint n = 0, size;
	GLenum type;
	char got[64];

	gl.GetProgramiv(prog, GL_ACTIVE_UNIFORMS, &n);
	for (GLint i = 0; i < n; i++) {
		gl.GetActiveUniform(prog, (GLuint)i, sizeof(got), NULL, &size, &type, got);
		if (!strcmp(got, name))
			return type;
	}
	return 0;
}

START_TEST(ms_fetch_samples)
{
	GLuint t = ms_texture(GL_RGBA8, 4), fb = ms_framebuffer(t), prog;
	GLint loc;

	draw_samples(fb);
	prog = glt_program(vs31_window, fs_fetch);
	gl.UseProgram(prog);
	ck_assert_int_eq(uniform_type(prog, "tex"), GL_SAMPLER_2D_MULTISAMPLE);
	gl.Uniform1i(gl.GetUniformLocation(prog, "tex"), 0);
	loc = gl.GetUniformLocation(prog, "u_sample");
	for (int i = 0; i < 4; i++) {
		const uint8_t *c = sample_colors[i];

		gl.Uniform1i(loc, i);
		glt_draw_window();
		expect(GL_NO_ERROR);
		glt_assert_pixel(3, 5, c[0], c[1], c[2], c[3]);
		glt_assert_pixel(GLT_W - 1, GLT_H - 1, c[0], c[1], c[2], c[3]);
	}
}
END_TEST

/* An incomplete multisample texture (no storage) reads (0, 0, 0, 1): at
 * texel (0, 0), what the 1x1 image that stands in for it has (a fetch
 * past it reads 0, as for incomplete textures of other targets). */
START_TEST(ms_incomplete)
{
	GLuint t, prog = glt_program(vs31_window, fs_fetch);

	gl.GenTextures(1, &t);
	gl.BindTexture(GL_TEXTURE_2D_MULTISAMPLE, t);
	gl.UseProgram(prog);
	gl.Uniform1i(gl.GetUniformLocation(prog, "u_sample"), 0);
	gl.ClearColor(1, 1, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_draw_window();
	expect(GL_NO_ERROR);
	glt_assert_pixel(0, 0, 0, 0, 0, 255);
}
END_TEST

/* glClear reaches every sample. */
START_TEST(ms_clear)
{
	GLuint t = ms_texture(GL_RGBA8, 4), fb = ms_framebuffer(t), prog;

	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	gl.ClearColor(0.2f, 0.4f, 0.6f, 1.0f);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	prog = glt_program(vs31_window, fs_fetch);
	gl.UseProgram(prog);
	gl.Uniform1i(gl.GetUniformLocation(prog, "u_sample"), 3);
	glt_draw_window();
	expect(GL_NO_ERROR);
	glt_assert_pixel(9, 9, 51, 102, 153, 255);
}
END_TEST

/* A depth multisample texture: written as the depth attachment, each
 * sample's depth read back by texelFetch (in .r). */
START_TEST(ms_depth)
{
	GLuint color = ms_texture(GL_RGBA8, 4), depth = ms_texture(GL_DEPTH_COMPONENT24, 4);
	GLuint fb = ms_framebuffer(color), prog;
	const uint8_t want[4] = { 64, 0, 0, 255 };

	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D_MULTISAMPLE,
				 depth, 0);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.ClearDepthf(0.25f);
	gl.Clear(GL_DEPTH_BUFFER_BIT);
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	prog = glt_program(vs31_window, "#version 310 es\n"
		"precision highp float;\n"
		"uniform highp sampler2DMS tex;\n"
		"out vec4 c;\n"
		"void main() { c = vec4(texelFetch(tex, ivec2(gl_FragCoord.xy), 2).r, 0.0, 0.0, 1.0); }\n");
	gl.UseProgram(prog);
	glt_draw_window();
	expect(GL_NO_ERROR);
	glt_assert_pixel_near(5, 5, want, 1);
}
END_TEST

/* The resolve averages the four samples. */
START_TEST(ms_resolve)
{
	GLuint t = ms_texture(GL_RGBA8, 4), fb = ms_framebuffer(t);
	const uint8_t avg[4] = { 128, 128, 128, 255 };

	draw_samples(fb);
	es(BindFramebuffer)(GL_READ_FRAMEBUFFER, fb);
	es(BindFramebuffer)(GL_DRAW_FRAMEBUFFER, 0);
	es(BlitFramebuffer)(0, 0, GLT_W, GLT_H, 0, 0, GLT_W, GLT_H, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	expect(GL_NO_ERROR);
	glt_assert_pixel_near(GLT_W / 2, GLT_H / 2, avg, 2);
}
END_TEST

/* textureSize and an unsigned-integer multisample texture. */
START_TEST(ms_size_and_uint)
{
	static const char fs[] = "#version 310 es\n"
		"precision mediump float;\n"
		"uniform highp usampler2DMS tex;\n"
		"out vec4 c;\n"
		"void main() { uvec4 v = texelFetch(tex, ivec2(gl_FragCoord.xy), 1);\n"
		"  c = vec4(vec2(textureSize(tex)) / 255.0, float(v.r) / 255.0, 1.0); }\n";
	static const char fs_uint[] = "#version 310 es\n"
		"out highp uvec4 c;\n"
		"void main() { c = uvec4(200u, 0u, 0u, 1u); }\n";
	GLuint t, fb, prog;

	if (glt_geti(GL_MAX_INTEGER_SAMPLES) < 2)
		return;   /* the host has no multisample integer textures */
	t = ms_texture(GL_RGBA8UI, 2);
	fb = ms_framebuffer(t);
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	gl.UseProgram(glt_program(vs31_window, fs_uint));
	glt_draw_window();
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	prog = glt_program(vs31_window, fs);
	gl.UseProgram(prog);
	ck_assert_int_eq(uniform_type(prog, "tex"), GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE);
	glt_draw_window();
	expect(GL_NO_ERROR);
	glt_assert_pixel(7, 7, GLT_W, GLT_H, 200, 255);
}
END_TEST

/* OES_texture_storage_multisample_2d_array's tokens (<GLES2/gl2ext.h>) */
#define MS_ARRAY 0x9102                       /* GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES */
#define MS_ARRAY_BINDING 0x9105               /* GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY_OES */
#define SAMPLER_MS_ARRAY 0x910B               /* GL_SAMPLER_2D_MULTISAMPLE_ARRAY_OES */
#define USAMPLER_MS_ARRAY 0x910D              /* GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY_OES */

typedef void (*storage3d_fn)(GLenum, GLsizei, GLenum, GLsizei, GLsizei, GLsizei, GLboolean);

#define LAYERS 3

static void setup_array(void)
{
	setup();
	ck_assert(glt_has_extension("GL_OES_texture_storage_multisample_2d_array"));
}

static void storage3d(GLenum target, GLsizei samples, GLenum f, GLsizei w, GLsizei h, GLsizei d,
		      GLboolean fixed)
{
	storage3d_fn fn = (storage3d_fn)glt_proc("glTexStorage3DMultisampleOES");

	ck_assert_ptr_nonnull(fn);
	fn(target, samples, f, w, h, d, fixed);
}

static GLint msa_level(GLenum pname)
{
	return level_of(MS_ARRAY, pname);
}

/* A new array of f with LAYERS layers, bound; fixed sample locations. */
static GLuint ms_array(GLenum f, GLsizei samples)
{
	GLuint t;

	gl.GenTextures(1, &t);
	gl.BindTexture(MS_ARRAY, t);
	storage3d(MS_ARRAY, samples, f, GLT_W, GLT_H, LAYERS, GL_TRUE);
	expect(GL_NO_ERROR);
	return t;
}

/* ---- multisample 2D arrays ------------------------------------------------------------------ */

START_TEST(ms_array_state)
{
	GLuint t;
	GLint v = 0;

	ck_assert_int_ge(target_max(MS_ARRAY, GL_RGBA8), 4);
	gl.GenTextures(1, &t);
	gl.BindTexture(MS_ARRAY, t);
	ck_assert_int_eq(glt_geti(MS_ARRAY_BINDING), (GLint)t);
	ck_assert_int_eq(msa_level(GL_TEXTURE_SAMPLES), 0);
	storage3d(MS_ARRAY, 3, GL_RGBA8, 17, 9, 5, GL_FALSE);
	expect(GL_NO_ERROR);
	/* at least as many as asked, one of the format's counts */
	ck_assert_int_eq(msa_level(GL_TEXTURE_SAMPLES), 4);
	ck_assert_int_eq(msa_level(GL_TEXTURE_FIXED_SAMPLE_LOCATIONS), GL_FALSE);
	ck_assert_int_eq(msa_level(GL_TEXTURE_WIDTH), 17);
	ck_assert_int_eq(msa_level(GL_TEXTURE_HEIGHT), 9);
	ck_assert_int_eq(msa_level(GL_TEXTURE_DEPTH), 5);
	ck_assert_int_eq(msa_level(GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA8);
	es(GetTexParameteriv)(MS_ARRAY, GL_TEXTURE_IMMUTABLE_FORMAT, &v);
	ck_assert_int_eq(v, GL_TRUE);
	gl.BindTexture(MS_ARRAY, 0);
	ck_assert_int_eq(glt_geti(MS_ARRAY_BINDING), 0);
	expect(GL_NO_ERROR);
}
END_TEST

/* ES 3.2 §8.8's errors for the array, each leaving the texture mutable. */
START_TEST(ms_array_errors)
{
	GLint max = target_max(MS_ARRAY, GL_RGBA8), big = glt_geti(GL_MAX_TEXTURE_SIZE);
	GLint layers = glt_geti(GL_MAX_ARRAY_TEXTURE_LAYERS);
	GLuint t;

	gl.GenTextures(1, &t);
	gl.BindTexture(MS_ARRAY, t);
	storage3d(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, 2, GL_TRUE);
	expect(GL_INVALID_ENUM);
	storage3d(MS_ARRAY, 4, GL_RGBA, 8, 8, 2, GL_TRUE);
	expect(GL_INVALID_ENUM);   /* unsized */
	storage3d(MS_ARRAY, 0, GL_RGBA8, 8, 8, 2, GL_TRUE);
	expect(GL_INVALID_VALUE);
	storage3d(MS_ARRAY, 4, GL_RGBA8, 8, 8, 0, GL_TRUE);
	expect(GL_INVALID_VALUE);
	storage3d(MS_ARRAY, 4, GL_RGBA8, 8, 8, layers + 1, GL_TRUE);
	expect(GL_INVALID_VALUE);
	storage3d(MS_ARRAY, 4, GL_RGBA8, big + 1, 8, 2, GL_TRUE);
	expect(GL_INVALID_VALUE);
	storage3d(MS_ARRAY, max + 1, GL_RGBA8, 8, 8, 2, GL_TRUE);
	expect(GL_INVALID_OPERATION);
	ck_assert_int_eq(msa_level(GL_TEXTURE_WIDTH), 0);
	storage3d(MS_ARRAY, 4, GL_RGBA8, 8, 8, 2, GL_TRUE);
	expect(GL_NO_ERROR);
	storage3d(MS_ARRAY, 4, GL_RGBA8, 8, 8, 2, GL_TRUE);
	expect(GL_INVALID_OPERATION);   /* immutable */
	es(TexParameteri)(MS_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	expect(GL_INVALID_ENUM);        /* no sampler state */
	es(GenerateMipmap)(MS_ARRAY);
	expect(GL_INVALID_ENUM);
	gl.BindTexture(MS_ARRAY, 0);
	storage3d(MS_ARRAY, 4, GL_RGBA8, 8, 8, 2, GL_TRUE);
	expect(GL_INVALID_OPERATION);   /* texture 0 */
}
END_TEST

/* Attaching a layer: level 0 only, a layer below the limit, not by
 * glFramebufferTexture2D; the samples must match the other attachments'. */
START_TEST(ms_array_attach)
{
	GLuint t = ms_array(GL_RGBA8, 4), t2, fb;
	GLint layers = glt_geti(GL_MAX_ARRAY_TEXTURE_LAYERS);

	es(GenFramebuffers)(1, &fb);
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	es(FramebufferTextureLayer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 1, 0);
	expect(GL_INVALID_VALUE);
	es(FramebufferTextureLayer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, layers);
	expect(GL_INVALID_VALUE);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, MS_ARRAY, t, 0);
	expect(GL_INVALID_ENUM);
	es(FramebufferTextureLayer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, LAYERS - 1);
	expect(GL_NO_ERROR);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	ck_assert_int_eq(glt_geti(GL_SAMPLES), 4);
	/* a layer past the array's is incomplete */
	es(FramebufferTextureLayer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, LAYERS);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER),
			 GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
	es(FramebufferTextureLayer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 0);
	/* beside a 2D multisample texture: complete only with the same count */
	t2 = ms_texture(GL_RGBA8, 1);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE, t2, 0);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER),
			 level_i(GL_TEXTURE_SAMPLES) == 4 ? GL_FRAMEBUFFER_COMPLETE
							  : GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE);
	t2 = ms_texture(GL_RGBA8, 4);
	es(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D_MULTISAMPLE, t2, 0);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	expect(GL_NO_ERROR);
}
END_TEST

/* Sample u_sample of layer u_layer at the window position. */
static const char fs_fetch_array[] = "#version 310 es\n"
	"#extension GL_OES_texture_storage_multisample_2d_array : require\n"
	"precision mediump float;\n"
	"uniform highp sampler2DMSArray tex;\n"
	"uniform int u_sample, u_layer;\n"
	"out vec4 c;\n"
	"void main() { c = texelFetch(tex, ivec3(ivec2(gl_FragCoord.xy), u_layer), u_sample); }\n";

/* Layer l's sample i: a colour of its own for each pair. */
static const uint8_t layer_colors[2][4][4] = {
	{ { 255, 0, 0, 255 }, { 195, 40, 0, 255 }, { 135, 80, 0, 255 }, { 75, 120, 0, 255 } },
	{ { 0, 200, 255, 255 }, { 30, 200, 205, 255 }, { 60, 200, 155, 255 }, { 90, 200, 105, 255 } },
};

/* Draws layer l's colours into its samples, one sample per draw. */
static void draw_layer(GLuint fb, GLuint t, int l)
{
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	es(FramebufferTextureLayer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, l);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	draw_each_sample(layer_colors[l]);
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
}

START_TEST(ms_array_fetch_layers)
{
	GLuint t = ms_array(GL_RGBA8, 4), fb, prog;
	GLint ls, ll;

	es(GenFramebuffers)(1, &fb);
	draw_layer(fb, t, 0);
	draw_layer(fb, t, 1);
	prog = glt_program(vs31_window, fs_fetch_array);
	gl.UseProgram(prog);
	ck_assert_int_eq(uniform_type(prog, "tex"), SAMPLER_MS_ARRAY);
	gl.Uniform1i(gl.GetUniformLocation(prog, "tex"), 0);
	ls = gl.GetUniformLocation(prog, "u_sample");
	ll = gl.GetUniformLocation(prog, "u_layer");
	for (int l = 0; l < 2; l++) {
		for (int i = 0; i < 4; i++) {
			const uint8_t *c = layer_colors[l][i];

			gl.Uniform1i(ll, l);
			gl.Uniform1i(ls, i);
			glt_draw_window();
			expect(GL_NO_ERROR);
			glt_assert_pixel(3, 5, c[0], c[1], c[2], c[3]);
			glt_assert_pixel(GLT_W - 1, GLT_H - 1, c[0], c[1], c[2], c[3]);
		}
	}
}
END_TEST

/* Layered rendering (glFramebufferTextureEXT): a geometry shader puts one
 * triangle pair in each layer, gl_Layer choosing it and its colour. */
static const char gs_layers[] = "#version 310 es\n"
	"#extension GL_EXT_geometry_shader : require\n"
	"layout(triangles) in;\n"
	"layout(triangle_strip, max_vertices = 6) out;\n"
	"out vec4 g_color;\n"
	"void main() {\n"
	"  for (int l = 0; l < 2; l++) {\n"
	"    for (int i = 0; i < 3; i++) {\n"
	"      gl_Layer = l;\n"
	"      g_color = l == 0 ? vec4(1.0, 0.0, 0.0, 1.0) : vec4(0.0, 0.0, 1.0, 1.0);\n"
	"      gl_Position = gl_in[i].gl_Position; EmitVertex();\n"
	"    }\n"
	"    EndPrimitive();\n"
	"  }\n"
	"}\n";

static const char fs_gs_color[] = "#version 310 es\n"
	"precision mediump float;\n"
	"in vec4 g_color;\n"
	"out vec4 c;\n"
	"void main() { c = g_color; }\n";

static GLuint layered_program(void)
{
	GLuint p = gl.CreateProgram();
	const char *src[3] = { vs31_window, gs_layers, fs_gs_color };
	const GLenum types[3] = { GL_VERTEX_SHADER, 0x8DD9 /* GL_GEOMETRY_SHADER_EXT */,
				  GL_FRAGMENT_SHADER };
	GLint ok = 0;

	for (int i = 0; i < 3; i++) {
		gl.AttachShader(p, glt_compile(types[i], src[i], &ok));
		ck_assert_msg(ok, "does not compile:\n%s", src[i]);
	}
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert(ok);
	return p;
}

START_TEST(ms_array_layered)
{
	GLuint t = ms_array(GL_RGBA8, 4), fb, prog;
	GLint layered = 0;

	if (!glt_has_extension("GL_EXT_geometry_shader"))
		return;   /* no layered rendering without geometry shaders */
	es(GenFramebuffers)(1, &fb);
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	((void (*)(GLenum, GLenum, GLuint, GLint))glt_proc("glFramebufferTextureEXT"))(
		GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0);
	es(GetFramebufferAttachmentParameteriv)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
						0x8DA7 /* GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT */,
						&layered);
	ck_assert_int_eq(layered, GL_TRUE);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.UseProgram(layered_program());
	glt_draw_window();
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	expect(GL_NO_ERROR);
	prog = glt_program(vs31_window, fs_fetch_array);
	gl.UseProgram(prog);
	for (int l = 0; l < LAYERS; l++) {
		gl.Uniform1i(gl.GetUniformLocation(prog, "u_layer"), l);
		gl.Uniform1i(gl.GetUniformLocation(prog, "u_sample"), 3);
		glt_draw_window();
		/* layer 2 was cleared by the layered glClear and drawn to by none */
		glt_assert_pixel(4, 6, l == 0 ? 255 : 0, 0, l == 1 ? 255 : 0, l == 2 ? 0 : 255);
	}
}
END_TEST

/* textureSize is (width, height, layers); a usampler2DMSArray reads integers. */
static const char fs_size[] = "#version 310 es\n"
	"#extension GL_OES_texture_storage_multisample_2d_array : require\n"
	"precision mediump float;\n"
	"uniform highp sampler2DMSArray tex;\n"
	"uniform highp usampler2DMSArray utex;\n"
	"uniform ivec3 u_want;\n"
	"out vec4 c;\n"
	"void main() {\n"
	"  uvec4 u = texelFetch(utex, ivec3(0, 0, 1), 3);\n"
	"  c = vec4(textureSize(tex) == u_want ? 1.0 : 0.0,\n"
	"           textureSize(utex) == ivec3(4, 4, 2) ? 1.0 : 0.0,\n"
	"           u == uvec4(7u, 8u, 9u, 10u) ? 1.0 : 0.0, 1.0);\n"
	"}\n";

START_TEST(ms_array_size_and_uint)
{
	GLuint t = ms_array(GL_RGBA8, 4), u, fb, prog;
	const GLuint v[4] = { 7, 8, 9, 10 };

	if (target_max(MS_ARRAY, GL_RGBA8UI) < 4)
		return;   /* the host has no 4-sample integer textures */
	gl.GenTextures(1, &u);
	gl.BindTexture(MS_ARRAY, u);
	storage3d(MS_ARRAY, 4, GL_RGBA8UI, 4, 4, 2, GL_TRUE);
	expect(GL_NO_ERROR);
	es(GenFramebuffers)(1, &fb);
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	es(FramebufferTextureLayer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, u, 0, 1);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	es(ClearBufferuiv)(GL_COLOR, 0, v);
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	prog = glt_program(vs31_window, fs_size);
	gl.UseProgram(prog);
	ck_assert_int_eq(uniform_type(prog, "utex"), USAMPLER_MS_ARRAY);
	es(ActiveTexture)(GL_TEXTURE0);
	gl.BindTexture(MS_ARRAY, t);
	es(ActiveTexture)(GL_TEXTURE1);
	gl.BindTexture(MS_ARRAY, u);
	gl.Uniform1i(gl.GetUniformLocation(prog, "tex"), 0);
	gl.Uniform1i(gl.GetUniformLocation(prog, "utex"), 1);
	es(Uniform3i)(gl.GetUniformLocation(prog, "u_want"), GLT_W, GLT_H, LAYERS);
	glt_draw_window();
	expect(GL_NO_ERROR);
	glt_assert_pixel(2, 2, 255, 255, 255, 255);
}
END_TEST

/* ---- texture gather -------------------------------------------------------------------------- */

/* A 2x2 RGBA8 texture: texel (i, j) = i + 2 j; its channels 10 (r), 20 (g),
 * 30 (b), 40 (a) apart per texel. */
static GLuint gather_texture(void)
{
	uint8_t texels[4][4];
	GLuint t = glt_texture(GL_TEXTURE_2D);

	for (int k = 0; k < 4; k++)
		for (int c = 0; c < 4; c++)
			texels[k][c] = (uint8_t)(10 * (c + 1) * (k + 1));
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	return t;
}

/* The component (c) of texels (0,1), (1,1), (1,0), (0,0): the gather order. */
static void assert_gathered(int c, int dx, int dy)
{
	static const int order[4][2] = { { 0, 1 }, { 1, 1 }, { 1, 0 }, { 0, 0 } };
	uint8_t want[4];

	for (int k = 0; k < 4; k++) {
		int i = order[k][0] + dx, j = order[k][1] + dy;

		i = i < 0 ? 0 : i > 1 ? 1 : i;   /* clamped to the edge */
		j = j < 0 ? 0 : j > 1 ? 1 : j;
		want[k] = (uint8_t)(10 * (c + 1) * (i + 2 * j + 1));
	}
	glt_assert_pixel_near(GLT_W / 2, GLT_H / 2, want, 1);
}

/* A program writing `call` of sampler `tex` (of `type`) on unit 0. */
static GLuint gather_program(const char *type, const char *call)
{
	char fs[512];

	snprintf(fs, sizeof(fs), "#version 310 es\n"
		 "precision mediump float;\n"
		 "uniform mediump %s tex;\n"
		 "out vec4 c;\n"
		 "void main() { c = %s; }\n", type, call);
	return glt_program(vs31_window, fs);
}

START_TEST(gather_components)
{
	static const char *const calls[] = {
		"textureGather(tex, vec2(0.5))", "textureGather(tex, vec2(0.5), 1)",
		"textureGather(tex, vec2(0.5), 2)", "textureGather(tex, vec2(0.5), 3)" };

	gather_texture();
	for (int c = 0; c < 4; c++) {
		gl.UseProgram(gather_program("sampler2D", calls[c]));
		glt_draw_window();
		expect(GL_NO_ERROR);
		assert_gathered(c, 0, 0);
	}
}
END_TEST

/* An offset of (1, 0) moves the footprint right: the right column twice. */
START_TEST(gather_offset)
{
	gather_texture();
	gl.UseProgram(gather_program("sampler2D",
				     "textureGatherOffset(tex, vec2(0.5), ivec2(1, 0), 1)"));
	glt_draw_window();
	expect(GL_NO_ERROR);
	assert_gathered(1, 1, 0);
}
END_TEST

/* A depth texture compared per texel: 1 where refZ <= depth (GL_LEQUAL). */
START_TEST(gather_shadow)
{
	static const float depth[4] = { 0.2f, 0.4f, 0.6f, 0.8f };   /* texel i + 2 j */
	const uint8_t want[4] = { 255, 255, 0, 0 };  /* (0,1) .6, (1,1) .8, (1,0) .4, (0,0) .2 */

	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 2, 2, 0, GL_DEPTH_COMPONENT, GL_FLOAT,
		      depth);
	gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_MODE, GL_COMPARE_REF_TO_TEXTURE);
	gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_COMPARE_FUNC, GL_LEQUAL);
	gl.UseProgram(gather_program("sampler2DShadow", "textureGather(tex, vec2(0.5), 0.5)"));
	glt_draw_window();
	expect(GL_NO_ERROR);
	glt_assert_pixel_near(GLT_W / 2, GLT_H / 2, want, 1);
}
END_TEST

/* ---- framebuffers without attachments ----------------------------------------------------- */

/* Whether a draw over the viewport, scissored to (x, y, 4, 4), passes a sample. */
static GLuint samples_passed(GLint x, GLint y)
{
	GLuint q, any = 7;

	gl.Enable(GL_SCISSOR_TEST);
	gl.Scissor(x, y, 4, 4);
	es(GenQueries)(1, &q);
	es(BeginQuery)(GL_ANY_SAMPLES_PASSED, q);
	glt_draw_window();
	es(EndQuery)(GL_ANY_SAMPLES_PASSED);
	es(GetQueryObjectuiv)(q, GL_QUERY_RESULT, &any);
	gl.Disable(GL_SCISSOR_TEST);
	expect(GL_NO_ERROR);
	return any;
}

/* Complete with a default size (ES 3.1 §9.4.2), which bounds the draw: an
 * occlusion query sees samples inside it and none past it. */
START_TEST(no_attachments_draw)
{
	GLuint fb;

	es(GenFramebuffers)(1, &fb);
	es(BindFramebuffer)(GL_FRAMEBUFFER, fb);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER),
			 GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
	es(FramebufferParameteri)(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 16);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER),
			 GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
	es(FramebufferParameteri)(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT, 16);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	ck_assert_int_eq(glt_geti(GL_SAMPLES), 0);
	gl.UseProgram(glt_program(vs31_window, fs_color));
	gl.Viewport(0, 0, 32, 32);
	ck_assert_uint_eq(samples_passed(4, 4), GL_TRUE);
	ck_assert_uint_eq(samples_passed(20, 4), GL_FALSE);   /* past the width */
	ck_assert_uint_eq(samples_passed(4, 20), GL_FALSE);   /* past the height */
	es(FramebufferParameteri)(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 32);
	ck_assert_uint_eq(samples_passed(20, 4), GL_TRUE);
	ck_assert_uint_eq(samples_passed(4, 20), GL_FALSE);
	/* gl_FragCoord is the framebuffer's (y up from its bottom) */
	gl.UseProgram(glt_program(vs31_window, "#version 310 es\n"
		"precision mediump float;\nout vec4 c;\n"
		"void main() { if (gl_FragCoord.y > 8.0) discard; c = vec4(1.0); }\n"));
	ck_assert_uint_eq(samples_passed(4, 2), GL_TRUE);
	ck_assert_uint_eq(samples_passed(4, 10), GL_FALSE);
	gl.UseProgram(glt_program(vs31_window, fs_color));
	/* multisampled without images: GL_SAMPLES is the default's */
	es(FramebufferParameteri)(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES, 4);
	ck_assert_int_eq(es(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	ck_assert_int_eq(glt_geti(GL_SAMPLES), 4);
	ck_assert_uint_eq(samples_passed(20, 4), GL_TRUE);
	ck_assert_uint_eq(samples_passed(4, 20), GL_FALSE);
	es(BindFramebuffer)(GL_FRAMEBUFFER, 0);
}
END_TEST

static Suite *es31_ms_suite(void)
{
	Suite *s = suite_create("gl es31 ms");
	TCase *tm = tcase_create("multisample textures");
	TCase *ta = tcase_create("multisample array textures");
	TCase *tg = tcase_create("gather");
	TCase *tn = tcase_create("no attachments");

	tcase_add_checked_fixture(tm, setup, glt_teardown);
	tcase_add_test(tm, ms_state);
	tcase_add_test(tm, ms_sample_mask_value);
	tcase_add_test(tm, ms_limits);
	tcase_add_test(tm, ms_errors);
	tcase_add_test(tm, ms_completeness);
	tcase_add_test(tm, ms_fetch_samples);
	tcase_add_test(tm, ms_resolve);
	tcase_add_test(tm, ms_incomplete);
	tcase_add_test(tm, ms_clear);
	tcase_add_test(tm, ms_depth);
	tcase_add_test(tm, ms_size_and_uint);
	suite_add_tcase(s, tm);
	tcase_add_checked_fixture(ta, setup_array, glt_teardown);
	tcase_add_test(ta, ms_array_state);
	tcase_add_test(ta, ms_array_errors);
	tcase_add_test(ta, ms_array_attach);
	tcase_add_test(ta, ms_array_fetch_layers);
	tcase_add_test(ta, ms_array_size_and_uint);
	tcase_add_test(ta, ms_array_layered);
	suite_add_tcase(s, ta);
	tcase_add_checked_fixture(tg, setup, glt_teardown);
	tcase_add_test(tg, gather_components);
	tcase_add_test(tg, gather_offset);
	tcase_add_test(tg, gather_shadow);
	suite_add_tcase(s, tg);
	tcase_add_checked_fixture(tn, setup, glt_teardown);
	tcase_add_test(tn, no_attachments_draw);
	suite_add_tcase(s, tn);
	return s;
}

int main(void)
{
	return glt_main(es31_ms_suite);
}
