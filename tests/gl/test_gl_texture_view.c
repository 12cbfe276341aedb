/* SPDX-License-Identifier: MIT */
/*
 * OES_texture_view / EXT_texture_view on ES 3.1 contexts: a view of some
 * levels sampled (the chosen levels' colours read back), an array layer
 * viewed as a 2D texture, RGBA8 texels read as R32UI and RGBA8UI, a view
 * attached to a framebuffer (rendering changes the original), an upload
 * into a view (it lands in the original), a view as an image unit, the
 * view outliving its original, glCopyImageSubData from and into views, a
 * multisample view, the GL_TEXTURE_VIEW_* queries, and every
 * error of the call. Where the extensions are not listed (a host without
 * texture views) each test checks the function is refused and stops.
 */
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define TV_FUNCS(X) \
	X(TexStorage2D, TEXSTORAGE2D) X(TexStorage3D, TEXSTORAGE3D) \
	X(GenFramebuffers, GENFRAMEBUFFERS) X(BindFramebuffer, BINDFRAMEBUFFER) \
	X(FramebufferTexture2D, FRAMEBUFFERTEXTURE2D) \
	X(FramebufferTextureLayer, FRAMEBUFFERTEXTURELAYER) \
	X(CheckFramebufferStatus, CHECKFRAMEBUFFERSTATUS) \
	X(DeleteFramebuffers, DELETEFRAMEBUFFERS) X(GetTexParameteriv, GETTEXPARAMETERIV) \
	X(DispatchCompute, DISPATCHCOMPUTE) X(MemoryBarrier, MEMORYBARRIER) \
	X(BindImageTexture, BINDIMAGETEXTURE) X(TextureViewOES, TEXTUREVIEWOES) \
	X(TextureViewEXT, TEXTUREVIEWEXT) X(IsTexture, ISTEXTURE) \
	X(TexStorage2DMultisample, TEXSTORAGE2DMULTISAMPLE) \
	X(CopyImageSubDataEXT, COPYIMAGESUBDATAEXT) X(GenerateMipmap, GENERATEMIPMAP)

#define TV_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	TV_FUNCS(TV_MEMBER)
} tv;
#undef TV_MEMBER

static void setup(void)
{
	glt_setup_version(3, 1);
#define TV_LOAD(n, N) tv.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	TV_FUNCS(TV_LOAD)
#undef TV_LOAD
}

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

/* Whether the extensions are listed (both or neither); if not, the call
 * raises INVALID_OPERATION at most: nothing is made. */
static bool has_view(void)
{
	bool oes = glt_has_extension("GL_OES_texture_view");

	ck_assert_int_eq(oes, glt_has_extension("GL_EXT_texture_view"));
	return oes;
}

/* A new texture name with no object yet (what glTextureView takes). */
static GLuint fresh_name(void)
{
	GLuint t;

	gl.GenTextures(1, &t);
	return t;
}

/* An immutable 2D RGBA8 texture of `levels` levels, level l filled with colors[l]. */
static GLuint levels_2d(GLsizei size, GLsizei levels, const uint8_t (*colors)[4])
{
	GLuint t = glt_texture(GL_TEXTURE_2D);
	uint8_t *px = malloc((size_t)size * size * 4);

	tv.TexStorage2D(GL_TEXTURE_2D, levels, GL_RGBA8, size, size);
	for (GLsizei l = 0; l < levels; l++) {
		GLsizei s = size >> l;

		for (GLsizei i = 0; i < s * s; i++)
			memcpy(px + 4 * i, colors[l], 4);
		gl.TexSubImage2D(GL_TEXTURE_2D, l, 0, 0, s, s, GL_RGBA, GL_UNSIGNED_BYTE, px);
	}
	free(px);
	expect(GL_NO_ERROR);
	return t;
}

/* An immutable 2D array of `layers` 4x4 RGBA8 layers, layer k filled with colors[k]. */
static GLuint layers_array(GLsizei layers, const uint8_t (*colors)[4])
{
	GLuint t = glt_texture(GL_TEXTURE_2D_ARRAY);
	uint8_t px[4 * 4 * 4];

	tv.TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, layers);
	for (GLsizei k = 0; k < layers; k++) {
		for (int i = 0; i < 16; i++)
			memcpy(px + 4 * i, colors[k], 4);
		gl.TexSubImage3D(GL_TEXTURE_2D_ARRAY, 0, 0, 0, k, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE,
				 px);
	}
	expect(GL_NO_ERROR);
	return t;
}

static const uint8_t colors[4][4] = {
	{ 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 0, 255 } };

/* ---- sampling ------------------------------------------------------------------------------ */

#define HEAD "#version 300 es\nprecision highp float;\nprecision highp int;\n"

/* texelFetch of level u_lod at (0, 0) of a sampler2D */
static const char fs_fetch[] = HEAD
	"uniform highp sampler2D tex;\n"
	"uniform int u_lod;\n"
	"out vec4 c;\n"
	"void main() { c = texelFetch(tex, ivec2(0), u_lod); }\n";

/* Draws the window with `fs` sampling unit 0 (u_lod = lod where it has one). */
static void draw_sampling(const char *fs, int lod)
{
	GLuint p = glt_texture_program(glt_vs3_window, fs);
	GLint at = gl.GetUniformLocation(p, "u_lod");

	if (at >= 0)
		gl.Uniform1i(at, lod);
	glt_draw_window();
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}

/* Binds a view to GL_TEXTURE_2D with NEAREST filters (integer formats
 * sample nothing else). */
static void bind_nearest(GLuint t)
{
	gl.BindTexture(GL_TEXTURE_2D, t);
	gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	gl.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}

/* The window-filling quad in GLSL ES 3.10 (for 3.10 fragment shaders). */
static const char vs31_window[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

static void draw_sampling_with(const char *vs, const char *fs)
{
	GLuint p = glt_texture_program(vs, fs);

	glt_draw_window();
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}

/* A view of levels 2 and 3 of a 4-level texture: its level 0 is level 2. */
START_TEST(view_of_levels_sampled)
{
	GLuint orig, view;

	if (!has_view())
		return;
	orig = levels_2d(8, 4, colors);
	view = fresh_name();
	tv.TextureViewOES(view, GL_TEXTURE_2D, orig, GL_RGBA8, 2, 2, 0, 1);
	expect(GL_NO_ERROR);
	gl.BindTexture(GL_TEXTURE_2D, view);
	draw_sampling(fs_fetch, 0);
	glt_assert_pixel(5, 5, 0, 0, 255, 255);
	draw_sampling(fs_fetch, 1);
	glt_assert_pixel(5, 5, 255, 255, 0, 255);
	/* the original still samples its own level 0 */
	gl.BindTexture(GL_TEXTURE_2D, orig);
	draw_sampling(fs_fetch, 0);
	glt_assert_pixel(5, 5, 255, 0, 0, 255);
	gl.DeleteTextures(1, &view);
	gl.DeleteTextures(1, &orig);
}
END_TEST

/* Layer 2 of a 2D array viewed as a 2D texture (through the EXT name). */
START_TEST(array_layer_as_2d)
{
	GLuint orig, view;

	if (!has_view())
		return;
	orig = layers_array(3, colors);
	view = fresh_name();
	tv.TextureViewEXT(view, GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 2, 1);
	expect(GL_NO_ERROR);
	gl.BindTexture(GL_TEXTURE_2D, view);
	draw_sampling(fs_fetch, 0);
	glt_assert_pixel(3, 7, 0, 0, 255, 255);
	gl.DeleteTextures(1, &view);
	gl.DeleteTextures(1, &orig);
}
END_TEST

/* green where the texel read as an unsigned integer is what the bytes say */
static const char fs_r32ui[] = HEAD
	"uniform highp usampler2D tex;\n"
	"out vec4 c;\n"
	"void main() { uint v = texelFetch(tex, ivec2(0), 0).x;\n"
	"  c = v == 0x44332211u ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1); }\n";
static const char fs_rgba8ui[] = HEAD
	"uniform highp usampler2D tex;\n"
	"out vec4 c;\n"
	"void main() { uvec4 v = texelFetch(tex, ivec2(0), 0);\n"
	"  c = v == uvec4(0x11u, 0x22u, 0x33u, 0x44u) ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1); }\n";

/* RGBA8 bytes 11 22 33 44 read as R32UI (0x44332211) and as RGBA8UI. */
START_TEST(format_reinterpreted)
{
	static const uint8_t texel[4] = { 0x11, 0x22, 0x33, 0x44 };
	GLuint orig, r32, rgba8ui;

	if (!has_view())
		return;
	orig = glt_texture(GL_TEXTURE_2D);
	tv.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 1, 1);
	gl.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, texel);
	r32 = fresh_name();
	rgba8ui = fresh_name();
	tv.TextureViewOES(r32, GL_TEXTURE_2D, orig, GL_R32UI, 0, 1, 0, 1);
	tv.TextureViewOES(rgba8ui, GL_TEXTURE_2D, orig, GL_RGBA8UI, 0, 1, 0, 1);
	expect(GL_NO_ERROR);
	bind_nearest(r32);
	draw_sampling(fs_r32ui, 0);
	glt_assert_pixel(4, 4, 0, 255, 0, 255);
	bind_nearest(rgba8ui);
	draw_sampling(fs_rgba8ui, 0);
	glt_assert_pixel(4, 4, 0, 255, 0, 255);
	gl.DeleteTextures(1, &r32);
	gl.DeleteTextures(1, &rgba8ui);
	gl.DeleteTextures(1, &orig);
}
END_TEST

/* ---- writing through a view ------------------------------------------------------------------ */

/* The colour of texel (x, y) of level `level` (or layer `layer` of an array) read back. */
static void read_texel(GLuint t, GLenum target, int level, int layer, int x, int y, uint8_t out[4])
{
	GLuint fb;

	tv.GenFramebuffers(1, &fb);
	tv.BindFramebuffer(GL_FRAMEBUFFER, fb);
	if (target == GL_TEXTURE_2D_ARRAY)
		tv.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, level, layer);
	else
		tv.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t,
					level);
	ck_assert_int_eq(tv.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.ReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
	expect(GL_NO_ERROR);
	tv.BindFramebuffer(GL_FRAMEBUFFER, 0);
	tv.DeleteFramebuffers(1, &fb);
}

static void assert_texel(GLuint t, GLenum target, int level, int layer, const uint8_t want[4])
{
	uint8_t got[4];

	read_texel(t, target, level, layer, 0, 0, got);
	ck_assert_msg(!memcmp(got, want, 4), "level %d layer %d: %u %u %u %u, want %u %u %u %u",
		      level, layer, got[0], got[1], got[2], got[3], want[0], want[1], want[2],
		      want[3]);
}

/* Clearing and drawing into a view of level 1 write the original's level 1;
 * a view of an array layer renders into that layer. */
START_TEST(render_into_view)
{
	static const uint8_t white[4] = { 255, 255, 255, 255 };
	GLuint orig, view, arr, layer_view, fb;

	if (!has_view())
		return;
	orig = levels_2d(8, 2, colors);
	view = fresh_name();
	tv.TextureViewOES(view, GL_TEXTURE_2D, orig, GL_RGBA8, 1, 1, 0, 1);
	tv.GenFramebuffers(1, &fb);
	tv.BindFramebuffer(GL_FRAMEBUFFER, fb);
	tv.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, view, 0);
	ck_assert_int_eq(tv.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.ClearColor(1, 1, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	tv.BindFramebuffer(GL_FRAMEBUFFER, 0);
	expect(GL_NO_ERROR);
	assert_texel(orig, GL_TEXTURE_2D, 1, 0, white);
	assert_texel(orig, GL_TEXTURE_2D, 0, 0, colors[0]);

	arr = layers_array(3, colors);
	layer_view = fresh_name();
	tv.TextureViewOES(layer_view, GL_TEXTURE_2D, arr, GL_RGBA8, 0, 1, 1, 1);
	tv.BindFramebuffer(GL_FRAMEBUFFER, fb);
	tv.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, layer_view, 0);
	gl.Viewport(0, 0, 4, 4);
	draw_sampling(HEAD "out vec4 c;\nvoid main() { c = vec4(1.0); }\n", 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	tv.BindFramebuffer(GL_FRAMEBUFFER, 0);
	assert_texel(arr, GL_TEXTURE_2D_ARRAY, 0, 1, white);
	assert_texel(arr, GL_TEXTURE_2D_ARRAY, 0, 0, colors[0]);
	assert_texel(arr, GL_TEXTURE_2D_ARRAY, 0, 2, colors[2]);
	tv.DeleteFramebuffers(1, &fb);
	gl.DeleteTextures(1, &layer_view);
	gl.DeleteTextures(1, &arr);
	gl.DeleteTextures(1, &view);
	gl.DeleteTextures(1, &orig);
}
END_TEST

/* A clear into a view of layer 2 of 7 through a draw-only framebuffer;
 * every layer read back after (the first read is of layer 0). */
START_TEST(clear_into_layer_view)
{
	static const uint8_t white[4] = { 255, 255, 255, 255 };
	static const uint8_t seven[7][4] = {
		{ 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 }, { 255, 255, 0, 255 },
		{ 0, 255, 255, 255 }, { 255, 0, 255, 255 }, { 128, 128, 128, 255 } };
	GLuint arr, view, fb;

	if (!has_view())
		return;
	arr = layers_array(7, seven);
	view = fresh_name();
	tv.TextureViewOES(view, GL_TEXTURE_2D, arr, GL_RGBA8, 0, 1, 2, 1);
	tv.GenFramebuffers(1, &fb);
	tv.BindFramebuffer(GL_DRAW_FRAMEBUFFER, fb);
	tv.FramebufferTexture2D(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, view, 0);
	gl.ClearColor(1, 1, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	expect(GL_NO_ERROR);
	{
		GLuint rfb;
		uint8_t got[4 * 4 * 4];

		tv.GenFramebuffers(1, &rfb);
		tv.BindFramebuffer(GL_FRAMEBUFFER, rfb);
		for (int k = 0; k < 7; k++) {
			tv.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, arr, 0, k);
			gl.ReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, got);
			ck_assert_msg(!memcmp(got, k == 2 ? white : seven[k], 4),
				      "layer %d: %u %u %u %u", k, got[0], got[1], got[2], got[3]);
		}
		tv.BindFramebuffer(GL_FRAMEBUFFER, 0);
		tv.DeleteFramebuffers(1, &rfb);
	}
	tv.DeleteFramebuffers(1, &fb);
	gl.DeleteTextures(1, &view);
	gl.DeleteTextures(1, &arr);
}
END_TEST

/* An original never uploaded to: what a clear through its view wrote is
 * what reading the original gives. */
START_TEST(render_into_view_of_blank_original)
{
	static const uint8_t blue[4] = { 0, 0, 255, 255 };
	GLuint orig, view, fb;

	if (!has_view())
		return;
	orig = glt_texture(GL_TEXTURE_2D);
	tv.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
	view = fresh_name();
	tv.TextureViewOES(view, GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 1);
	tv.GenFramebuffers(1, &fb);
	tv.BindFramebuffer(GL_FRAMEBUFFER, fb);
	tv.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, view, 0);
	gl.ClearColor(0, 0, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	tv.BindFramebuffer(GL_FRAMEBUFFER, 0);
	tv.DeleteFramebuffers(1, &fb);
	assert_texel(orig, GL_TEXTURE_2D, 0, 0, blue);
	gl.DeleteTextures(1, &view);
	gl.DeleteTextures(1, &orig);
}
END_TEST

/* glTexSubImage2D into a view of layer 2 writes the original's layer 2. */
START_TEST(upload_into_view)
{
	static const uint8_t grey[4] = { 10, 20, 30, 40 };
	uint8_t px[16 * 4];
	GLuint arr, view;

	if (!has_view())
		return;
	arr = layers_array(3, colors);
	view = fresh_name();
	tv.TextureViewOES(view, GL_TEXTURE_2D, arr, GL_RGBA8, 0, 1, 2, 1);
	for (int i = 0; i < 16; i++)
		memcpy(px + 4 * i, grey, 4);
	gl.BindTexture(GL_TEXTURE_2D, view);
	gl.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
	expect(GL_NO_ERROR);
	assert_texel(arr, GL_TEXTURE_2D_ARRAY, 0, 2, grey);
	assert_texel(arr, GL_TEXTURE_2D_ARRAY, 0, 1, colors[1]);
	gl.DeleteTextures(1, &view);
	gl.DeleteTextures(1, &arr);
}
END_TEST

/* glCopyImageSubData from a view of layer 1 and into a view of layer 2:
 * the original's layers are what is copied from and to. */
START_TEST(copy_image_through_views)
{
	GLuint arr, from, to, dst;

	if (!has_view() || !glt_has_extension("GL_EXT_copy_image"))
		return;
	arr = layers_array(3, colors);
	from = fresh_name();
	to = fresh_name();
	tv.TextureViewOES(from, GL_TEXTURE_2D, arr, GL_RGBA8, 0, 1, 1, 1);
	tv.TextureViewOES(to, GL_TEXTURE_2D, arr, GL_RGBA8UI, 0, 1, 2, 1);
	bind_nearest(to);   /* an integer texture is complete with NEAREST filters only */
	dst = levels_2d(4, 1, colors);
	tv.CopyImageSubDataEXT(from, GL_TEXTURE_2D, 0, 0, 0, 0, dst, GL_TEXTURE_2D, 0, 0, 0, 0,
			       4, 4, 1);
	expect(GL_NO_ERROR);
	tv.CopyImageSubDataEXT(dst, GL_TEXTURE_2D, 0, 0, 0, 0, to, GL_TEXTURE_2D, 0, 0, 0, 0,
			       2, 2, 1);
	expect(GL_NO_ERROR);
	assert_texel(dst, GL_TEXTURE_2D, 0, 0, colors[1]);
	assert_texel(arr, GL_TEXTURE_2D_ARRAY, 0, 2, colors[1]);
	assert_texel(arr, GL_TEXTURE_2D_ARRAY, 0, 0, colors[0]);
	gl.DeleteTextures(1, &dst);
	gl.DeleteTextures(1, &to);
	gl.DeleteTextures(1, &from);
	gl.DeleteTextures(1, &arr);
}
END_TEST

/* glGenerateMipmap of a view of levels 1 and 2: the original's level 2 is
 * made from its level 1, its level 0 stays. */
START_TEST(mipmaps_of_a_view)
{
	GLuint orig, view;

	if (!has_view())
		return;
	orig = levels_2d(8, 3, colors);
	view = fresh_name();
	tv.TextureViewOES(view, GL_TEXTURE_2D, orig, GL_RGBA8, 1, 2, 0, 1);
	gl.BindTexture(GL_TEXTURE_2D, view);
	tv.GenerateMipmap(GL_TEXTURE_2D);
	expect(GL_NO_ERROR);
	assert_texel(orig, GL_TEXTURE_2D, 2, 0, colors[1]);
	assert_texel(orig, GL_TEXTURE_2D, 0, 0, colors[0]);
	gl.DeleteTextures(1, &view);
	gl.DeleteTextures(1, &orig);
}
END_TEST

static const char cs_store[] = "#version 310 es\n"
	"layout(local_size_x = 1) in;\n"
	"layout(r32ui, binding = 0) uniform highp writeonly uimage2D img;\n"
	"void main() { imageStore(img, ivec2(0), uvec4(0x80402010u)); }\n";

/* An R32UI view of RGBA8 storage as an image unit: the stored word's bytes
 * are the original's channels. */
START_TEST(image_unit_view)
{
	static const uint8_t want[4] = { 0x10, 0x20, 0x40, 0x80 };
	GLuint orig, view, p;

	if (!has_view())
		return;
	orig = levels_2d(4, 1, colors);
	view = fresh_name();
	tv.TextureViewOES(view, GL_TEXTURE_2D, orig, GL_R32UI, 0, 1, 0, 1);
	p = glt_compute_program(cs_store);
	tv.BindImageTexture(0, view, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
	tv.DispatchCompute(1, 1, 1);
	tv.MemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
	expect(GL_NO_ERROR);
	assert_texel(orig, GL_TEXTURE_2D, 0, 0, want);
	gl.DeleteProgram(p);
	gl.DeleteTextures(1, &view);
	gl.DeleteTextures(1, &orig);
}
END_TEST

/* Deleting the original keeps the storage the view samples. */
START_TEST(view_outlives_original)
{
	GLuint orig, view;

	if (!has_view())
		return;
	orig = levels_2d(4, 2, colors);
	view = fresh_name();
	tv.TextureViewOES(view, GL_TEXTURE_2D, orig, GL_RGBA8, 1, 1, 0, 1);
	gl.DeleteTextures(1, &orig);
	gl.Finish();
	gl.BindTexture(GL_TEXTURE_2D, view);
	draw_sampling(fs_fetch, 0);
	glt_assert_pixel(5, 5, 0, 255, 0, 255);
	gl.DeleteTextures(1, &view);
}
END_TEST

/* sample 3 of texel (0, 0) of a 2D multisample texture */
static const char fs_ms[] = "#version 310 es\nprecision highp float;\n"
	"uniform highp sampler2DMS tex;\n"
	"out vec4 c;\n"
	"void main() { c = texelFetch(tex, ivec2(0), 3); }\n";

/* A multisample texture cleared through its framebuffer, sampled through
 * a view of it (the view keeps the samples); a view in another format is
 * refused (a divergence: the host cannot make it). */
START_TEST(multisample_view)
{
	GLuint orig, view, fb;
	GLint levels = 0;

	if (!has_view())
		return;
	orig = fresh_name();
	gl.BindTexture(GL_TEXTURE_2D_MULTISAMPLE, orig);
	tv.TexStorage2DMultisample(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4, GL_TRUE);
	tv.GenFramebuffers(1, &fb);
	tv.BindFramebuffer(GL_FRAMEBUFFER, fb);
	tv.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE,
				orig, 0);
	gl.ClearColor(0, 1, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	tv.BindFramebuffer(GL_FRAMEBUFFER, 0);
	tv.DeleteFramebuffers(1, &fb);
	view = fresh_name();
	/* a known divergence (vgl_texture_view.c): another format of a
	 * multisample texture is refused, the host cannot make it */
	tv.TextureViewOES(view, GL_TEXTURE_2D_MULTISAMPLE, orig, GL_SRGB8_ALPHA8, 0, 1, 0, 1);
	expect(GL_INVALID_OPERATION);
	tv.TextureViewOES(view, GL_TEXTURE_2D_MULTISAMPLE, orig, GL_RGBA8, 0, 1, 0, 1);
	expect(GL_NO_ERROR);
	gl.BindTexture(GL_TEXTURE_2D_MULTISAMPLE, view);
	tv.GetTexParameteriv(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_VIEW_NUM_LEVELS_OES, &levels);
	ck_assert_int_eq(levels, 1);
	draw_sampling_with(vs31_window, fs_ms);
	glt_assert_pixel(5, 5, 0, 255, 0, 255);
	gl.DeleteTextures(1, &view);
	gl.DeleteTextures(1, &orig);
}
END_TEST

/* An array view of no layers is made, and samples as incomplete: (0, 0, 0, 1). */
START_TEST(empty_view_is_incomplete)
{
	GLuint arr, view;

	if (!has_view())
		return;
	arr = layers_array(2, colors);
	view = fresh_name();
	tv.TextureViewOES(view, GL_TEXTURE_2D_ARRAY, arr, GL_RGBA8, 0, 1, 0, 0);
	expect(GL_NO_ERROR);
	gl.BindTexture(GL_TEXTURE_2D_ARRAY, view);
	draw_sampling(HEAD "uniform highp sampler2DArray tex;\nout vec4 c;\n"
		      "void main() { c = texelFetch(tex, ivec3(0), 0); }\n", 0);
	glt_assert_pixel(5, 5, 0, 0, 0, 255);
	gl.DeleteTextures(1, &view);
	gl.DeleteTextures(1, &arr);
}
END_TEST

/* ---- queries ----------------------------------------------------------------------------------- */

static GLint param(GLenum target, GLenum pname)
{
	GLint v = -1;

	tv.GetTexParameteriv(target, pname, &v);
	expect(GL_NO_ERROR);
	return v;
}

/* TEXTURE_IMMUTABLE_LEVELS: the first original's (4 in `queries`) */
static void assert_view_params(GLenum target, GLint min_level, GLint levels, GLint min_layer,
			       GLint layers, GLint immutable_levels)
{
	ck_assert_int_eq(param(target, GL_TEXTURE_VIEW_MIN_LEVEL_OES), min_level);
	ck_assert_int_eq(param(target, GL_TEXTURE_VIEW_NUM_LEVELS_OES), levels);
	ck_assert_int_eq(param(target, GL_TEXTURE_VIEW_MIN_LAYER_OES), min_layer);
	ck_assert_int_eq(param(target, GL_TEXTURE_VIEW_NUM_LAYERS_OES), layers);
	ck_assert_int_eq(param(target, GL_TEXTURE_IMMUTABLE_LEVELS), immutable_levels);
}

/* An immutable texture's own window, a view's (counts clamped), a view of
 * a view (offsets added up), a mutable texture's zeros. */
START_TEST(queries)
{
	GLuint arr, view, view2, mutable_tex;

	if (!has_view()) {
		GLint v = -1;

		tv.GetTexParameteriv(GL_TEXTURE_2D, GL_TEXTURE_VIEW_MIN_LEVEL_OES, &v);
		expect(GL_INVALID_ENUM);
		return;
	}
	arr = glt_texture(GL_TEXTURE_2D_ARRAY);
	tv.TexStorage3D(GL_TEXTURE_2D_ARRAY, 4, GL_RGBA8, 16, 16, 6);
	assert_view_params(GL_TEXTURE_2D_ARRAY, 0, 4, 0, 6, 4);
	view = fresh_name();
	tv.TextureViewOES(view, GL_TEXTURE_2D_ARRAY, arr, GL_RGBA8, 1, 100, 2, 100);
	expect(GL_NO_ERROR);
	gl.BindTexture(GL_TEXTURE_2D_ARRAY, view);
	assert_view_params(GL_TEXTURE_2D_ARRAY, 1, 3, 2, 4, 4);
	ck_assert_int_eq(param(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_IMMUTABLE_FORMAT), GL_TRUE);
	view2 = fresh_name();
	tv.TextureViewOES(view2, GL_TEXTURE_2D, view, GL_R32F, 1, 1, 3, 1);
	expect(GL_NO_ERROR);
	gl.BindTexture(GL_TEXTURE_2D, view2);
	assert_view_params(GL_TEXTURE_2D, 2, 1, 5, 1, 4);
	mutable_tex = glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	assert_view_params(GL_TEXTURE_2D, 0, 0, 0, 0, 0);
	gl.DeleteTextures(1, &mutable_tex);
	gl.DeleteTextures(1, &view2);
	gl.DeleteTextures(1, &view);
	gl.DeleteTextures(1, &arr);
}
END_TEST

/* ---- errors -------------------------------------------------------------------------------------- */

/* glTextureView(fresh name, target, orig, format, levels, layers) raises err. */
static void view_fails(GLenum target, GLuint orig, GLenum format, GLuint minlevel,
		       GLuint numlevels, GLuint minlayer, GLuint numlayers, GLenum err)
{
	GLuint t = fresh_name();

	tv.TextureViewOES(t, target, orig, format, minlevel, numlevels, minlayer, numlayers);
	expect(err);
	ck_assert(!tv.IsTexture(t));   /* nothing made of the name */
	gl.DeleteTextures(1, &t);
}

/* The names: 0, never generated, already bound; the original: not a
 * texture, not immutable. */
START_TEST(errors_names)
{
	GLuint orig, bound, mutable_tex;

	if (!has_view())
		return;
	orig = levels_2d(8, 2, colors);
	tv.TextureViewOES(0, GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 1);
	expect(GL_INVALID_VALUE);
	tv.TextureViewOES(4321, GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 1);
	expect(GL_INVALID_OPERATION);
	bound = glt_texture(GL_TEXTURE_2D);
	tv.TextureViewOES(bound, GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 1);
	expect(GL_INVALID_OPERATION);
	view_fails(GL_TEXTURE_2D, 4321, GL_RGBA8, 0, 1, 0, 1, GL_INVALID_VALUE);
	mutable_tex = glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	view_fails(GL_TEXTURE_2D, mutable_tex, GL_RGBA8, 0, 1, 0, 1, GL_INVALID_OPERATION);
	gl.DeleteTextures(1, &mutable_tex);
	gl.DeleteTextures(1, &bound);
	gl.DeleteTextures(1, &orig);
}
END_TEST

/* Targets outside the table, formats of another class, a 24-bit or
 * depth format for RGBA8. */
START_TEST(errors_targets_formats)
{
	GLuint orig, arr;

	if (!has_view())
		return;
	orig = levels_2d(8, 2, colors);
	view_fails(GL_TEXTURE_3D, orig, GL_RGBA8, 0, 1, 0, 1, GL_INVALID_OPERATION);
	view_fails(GL_TEXTURE_CUBE_MAP, orig, GL_RGBA8, 0, 1, 0, 6, GL_INVALID_OPERATION);
	view_fails(GL_TEXTURE_2D_MULTISAMPLE, orig, GL_RGBA8, 0, 1, 0, 1, GL_INVALID_OPERATION);
	view_fails(GL_TEXTURE_BUFFER_EXT, orig, GL_RGBA8, 0, 1, 0, 1, GL_INVALID_OPERATION);
	view_fails(GL_TEXTURE_2D, orig, GL_RG8, 0, 1, 0, 1, GL_INVALID_OPERATION);
	view_fails(GL_TEXTURE_2D, orig, GL_RGB8, 0, 1, 0, 1, GL_INVALID_OPERATION);
	view_fails(GL_TEXTURE_2D, orig, GL_RGBA16F, 0, 1, 0, 1, GL_INVALID_OPERATION);
	view_fails(GL_TEXTURE_2D, orig, GL_DEPTH_COMPONENT24, 0, 1, 0, 1, GL_INVALID_OPERATION);
	arr = layers_array(3, colors);
	view_fails(GL_TEXTURE_3D, arr, GL_RGBA8, 0, 1, 0, 1, GL_INVALID_OPERATION);
	gl.DeleteTextures(1, &arr);
	gl.DeleteTextures(1, &orig);
}
END_TEST

/* minlevel / minlayer past the original's; layer counts a target cannot
 * take; a cube view of non-square layers. */
START_TEST(errors_ranges)
{
	/* a colour per layer: layers_array reads one for each */
	static const uint8_t six[6][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 }, { 0, 0, 255, 255 },
					   { 255, 255, 0, 255 }, { 0, 255, 255, 255 }, { 255, 0, 255, 255 } };
	GLuint orig, arr, wide;

	if (!has_view())
		return;
	orig = levels_2d(8, 2, colors);
	view_fails(GL_TEXTURE_2D, orig, GL_RGBA8, 2, 1, 0, 1, GL_INVALID_VALUE);
	view_fails(GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 1, 1, GL_INVALID_VALUE);
	view_fails(GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 2, GL_INVALID_VALUE);
	arr = layers_array(6, six);
	view_fails(GL_TEXTURE_2D_ARRAY, arr, GL_RGBA8, 0, 1, 6, 1, GL_INVALID_VALUE);
	view_fails(GL_TEXTURE_CUBE_MAP, arr, GL_RGBA8, 0, 1, 1, 6, GL_INVALID_VALUE);
	view_fails(GL_TEXTURE_2D, arr, GL_RGBA8, 0, 1, 0, 2, GL_INVALID_VALUE);
	wide = glt_texture(GL_TEXTURE_2D_ARRAY);
	tv.TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 8, 4, 6);
	view_fails(GL_TEXTURE_CUBE_MAP, wide, GL_RGBA8, 0, 1, 0, 6, GL_INVALID_OPERATION);
	gl.DeleteTextures(1, &wide);
	gl.DeleteTextures(1, &arr);
	gl.DeleteTextures(1, &orig);
}
END_TEST

/* Without the extensions (a host without texture views) the call makes
 * nothing; with them, a view is a texture of its target from then on. */
START_TEST(view_is_bound_to_its_target)
{
	GLuint orig, view;

	orig = levels_2d(8, 2, colors);
	view = fresh_name();
	tv.TextureViewOES(view, GL_TEXTURE_2D, orig, GL_RGBA8, 0, 1, 0, 1);
	if (!has_view()) {
		ck_assert(gl.GetError() != GL_NO_ERROR || !tv.IsTexture(view));
		return;
	}
	expect(GL_NO_ERROR);
	ck_assert(tv.IsTexture(view));
	gl.BindTexture(GL_TEXTURE_2D_ARRAY, view);
	expect(GL_INVALID_OPERATION);
	gl.DeleteTextures(1, &view);
	gl.DeleteTextures(1, &orig);
}
END_TEST

static Suite *texture_view_suite(void)
{
	Suite *s = suite_create("gl texture view");
	TCase *tc = tcase_create("texture view");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, view_of_levels_sampled);
	tcase_add_test(tc, array_layer_as_2d);
	tcase_add_test(tc, format_reinterpreted);
	tcase_add_test(tc, render_into_view);
	tcase_add_test(tc, clear_into_layer_view);
	tcase_add_test(tc, render_into_view_of_blank_original);
	tcase_add_test(tc, upload_into_view);
	tcase_add_test(tc, image_unit_view);
	tcase_add_test(tc, copy_image_through_views);
	tcase_add_test(tc, mipmaps_of_a_view);
	tcase_add_test(tc, view_outlives_original);
	tcase_add_test(tc, multisample_view);
	tcase_add_test(tc, empty_view_is_incomplete);
	tcase_add_test(tc, queries);
	tcase_add_test(tc, errors_names);
	tcase_add_test(tc, errors_targets_formats);
	tcase_add_test(tc, errors_ranges);
	tcase_add_test(tc, view_is_bound_to_its_target);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(texture_view_suite);
}
