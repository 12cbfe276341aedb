/* SPDX-License-Identifier: MIT */
/*
 * Buffer textures (GL_EXT_texture_buffer / GL_OES_texture_buffer on ES 3.1
 * development contexts): texelFetch of a buffer texture in a fragment
 * shader reads what glBufferSubData wrote (pixels read back), a
 * glTexBufferRange range starts at its offset and textureSize counts its
 * texels, contents written again (glBufferSubData, glBufferData's new
 * storage) are what later draws read, a compute shader's imageStore into an
 * imageBuffer lands in the buffer (read through glMapBufferRange), and the
 * extension's errors and state queries.
 */
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define TB_FUNCS(X) \
	X(DispatchCompute, DISPATCHCOMPUTE) X(MemoryBarrier, MEMORYBARRIER) \
	X(BindImageTexture, BINDIMAGETEXTURE) X(TexStorage2D, TEXSTORAGE2D) \
	X(MapBufferRange, MAPBUFFERRANGE) X(UnmapBuffer, UNMAPBUFFER) \
	X(GetTexLevelParameteriv, GETTEXLEVELPARAMETERIV) X(GenerateMipmap, GENERATEMIPMAP) \
	X(TexBufferEXT, TEXBUFFEREXT) X(TexBufferRangeEXT, TEXBUFFERRANGEEXT) \
	X(GetTexParameteriv, GETTEXPARAMETERIV)

#define TB_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	TB_FUNCS(TB_MEMBER)
} tb;
#undef TB_MEMBER

static void setup(void)
{
	glt_setup_version(3, 1);
#define TB_LOAD(n, N) tb.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	TB_FUNCS(TB_LOAD)
#undef TB_LOAD
	ck_assert(glt_has_extension("GL_EXT_texture_buffer"));
	ck_assert(glt_has_extension("GL_OES_texture_buffer"));
}

#define HEAD "#version 310 es\n#extension GL_EXT_texture_buffer : require\n"

static void expect(GLenum err)
{
	ck_assert_int_eq(gl.GetError(), err);
}

static const char vs_quad[] = "#version 310 es\nin vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* Column x of the window shows texel x of the RGBA8 buffer texture. */
static const char fs_fetch[] = HEAD "precision highp float;\n"
	"uniform highp samplerBuffer tex;\nout vec4 o;\n"
	"void main() { o = texelFetch(tex, int(gl_FragCoord.x)); }\n";

/* Column x: the r32ui texel x (red, as a byte), textureSize (green). */
static const char fs_fetch_uint[] = HEAD "precision highp float;\n"
	"uniform highp usamplerBuffer tex;\nout vec4 o;\n"
	"void main() { uint v = texelFetch(tex, int(gl_FragCoord.x)).x;\n"
	"  o = vec4(float(v) / 255.0, float(textureSize(tex)) / 255.0, 0.0, 1.0); }\n";

/* A buffer of `size` bytes (data may be NULL) bound to GL_TEXTURE_BUFFER. */
static GLuint texbuf_buffer(const void *data, GLsizeiptr size)
{
	GLuint b;

	gl.GenBuffers(1, &b);
	gl.BindBuffer(GL_TEXTURE_BUFFER_EXT, b);
	gl.BufferData(GL_TEXTURE_BUFFER_EXT, size, data, GL_DYNAMIC_DRAW);
	expect(GL_NO_ERROR);
	return b;
}

/* A buffer texture bound on unit 0 over all of b. */
static GLuint texbuf_texture(GLenum format, GLuint b)
{
	GLuint t;

	gl.GenTextures(1, &t);
	gl.BindTexture(GL_TEXTURE_BUFFER_EXT, t);
	tb.TexBufferEXT(GL_TEXTURE_BUFFER_EXT, format, b);
	expect(GL_NO_ERROR);
	return t;
}

/* Texel i of an RGBA8 ramp: distinct in every channel. */
static void ramp_texel(uint32_t i, uint32_t seed, uint8_t out[4])
{
	out[0] = (uint8_t)(i * 8 + seed);
	out[1] = (uint8_t)(255 - i * 8);
	out[2] = (uint8_t)(i * 3 + 2 * seed);
	out[3] = 255;
}

static void fill_ramp(uint8_t *data, uint32_t texels, uint32_t seed)
{
	for (uint32_t i = 0; i < texels; i++)
		ramp_texel(i, seed, data + 4 * i);
}

/* Deletes what a case made (0s are skipped by GL). */
static void drop(GLuint program, GLuint texture, GLuint buffer)
{
	gl.DeleteProgram(program);
	gl.DeleteTextures(1, &texture);
	gl.DeleteBuffers(1, &buffer);
	expect(GL_NO_ERROR);
}

static void assert_ramp_row(uint32_t seed)
{
	for (int x = 0; x < 32; x++) {
		uint8_t want[4];

		ramp_texel((uint32_t)x, seed, want);
		glt_assert_pixel_near(x, 5, want, 1);
	}
}

/* ---- sampling ---------------------------------------------------------------------------- */

START_TEST(fetch_reads_buffer_subdata)
{
	uint8_t data[32 * 4];
	GLuint b = texbuf_buffer(NULL, sizeof(data)), t, p;

	fill_ramp(data, 32, 0);
	gl.BufferSubData(GL_TEXTURE_BUFFER_EXT, 0, sizeof(data), data);
	t = texbuf_texture(GL_RGBA8, b);
	p = glt_texture_program(vs_quad, fs_fetch);
	glt_draw_window();
	expect(GL_NO_ERROR);
	assert_ramp_row(0);
	drop(p, t, b);
}
END_TEST

/* Written again after a draw: by glBufferSubData (the same storage, ordered
 * after the draw) and by glBufferData (new storage): each later draw reads
 * the newest contents, the earlier ones what was there. */
START_TEST(respecified_contents_seen)
{
	uint8_t data[32 * 4];
	GLuint b, t, p;

	fill_ramp(data, 32, 1);
	b = texbuf_buffer(data, sizeof(data));
	t = texbuf_texture(GL_RGBA8, b);
	p = glt_texture_program(vs_quad, fs_fetch);
	glt_draw_window();
	fill_ramp(data, 32, 2);
	gl.BufferSubData(GL_TEXTURE_BUFFER_EXT, 0, sizeof(data), data);
	assert_ramp_row(1);
	glt_draw_window();
	assert_ramp_row(2);
	fill_ramp(data, 32, 3);
	gl.BufferData(GL_TEXTURE_BUFFER_EXT, sizeof(data), data, GL_STATIC_DRAW);
	glt_draw_window();
	expect(GL_NO_ERROR);
	assert_ramp_row(3);
	drop(p, t, b);
}
END_TEST

/* glTexBufferRange at the host's alignment: texel 0 is the word at the
 * offset, textureSize the range's texels; glTexBuffer again: all of it. */
START_TEST(range_offset_and_size)
{
	GLint align = glt_geti(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT_EXT);
	uint32_t words[256];
	GLuint b, t, p;
	uint8_t px[4];

	ck_assert_int_gt(align, 0);
	ck_assert_int_le(align, 256);
	ck_assert_int_eq(align % 4, 0);
	for (uint32_t i = 0; i < 256; i++)
		words[i] = i;
	b = texbuf_buffer(words, sizeof(words));
	t = texbuf_texture(GL_R32UI, b);
	tb.TexBufferRangeEXT(GL_TEXTURE_BUFFER_EXT, GL_R32UI, b, align, 40 * 4);
	expect(GL_NO_ERROR);
	p = glt_texture_program(vs_quad, fs_fetch_uint);
	glt_draw_window();
	for (int x = 0; x < 32; x++) {
		glt_pixel(x, 3, px);
		ck_assert_int_eq(px[0], align / 4 + x);
		ck_assert_int_eq(px[1], 40);
	}
	tb.TexBufferEXT(GL_TEXTURE_BUFFER_EXT, GL_R32UI, b);
	glt_draw_window();
	expect(GL_NO_ERROR);
	glt_pixel(7, 3, px);
	ck_assert_int_eq(px[0], 7);
	ck_assert_int_eq(px[1], 255); /* 256 texels: saturates */
	drop(p, t, b);
}
END_TEST

/* RGB32F: 12-byte texels (a format images have not), read as floats. */
static const char fs_fetch_rgb32f[] = HEAD "precision highp float;\n"
	"uniform highp samplerBuffer tex;\nout vec4 o;\n"
	"void main() { o = vec4(texelFetch(tex, int(gl_FragCoord.x)).rgb, 1.0); }\n";

START_TEST(fetch_rgb32f)
{
	float data[32 * 3];
	GLuint b, t, p;

	for (int i = 0; i < 32; i++) {
		data[3 * i] = (float)i / 31.0f;
		data[3 * i + 1] = 1.0f - (float)i / 31.0f;
		data[3 * i + 2] = 0.25f;
	}
	b = texbuf_buffer(data, sizeof(data));
	t = texbuf_texture(GL_RGB32F, b);
	p = glt_texture_program(vs_quad, fs_fetch_rgb32f);
	glt_draw_window();
	expect(GL_NO_ERROR);
	for (int x = 0; x < 32; x++)
		glt_assert_pixel_near(x, 9, (const uint8_t[4]){ (uint8_t)(x * 255 / 31),
			(uint8_t)(255 - x * 255 / 31), 64, 255 }, 2);
	drop(p, t, b);
}
END_TEST

/* ---- image units ------------------------------------------------------------------------- */

static const char cs_store[] = HEAD
	"layout(local_size_x = 16) in;\n"
	"layout(r32ui, binding = 1) uniform highp writeonly uimageBuffer img;\n"
	"layout(std430, binding = 0) buffer Out { int size; };\n"
	"void main() {\n"
	"  uint i = gl_GlobalInvocationID.x;\n"
	"  imageStore(img, int(i), uvec4(i * 3u + 1u));\n"
	"  if (i == 0u) size = imageSize(img);\n"
	"}\n";

START_TEST(image_store_mapped_back)
{
	uint32_t zero[64] = { 0 };
	GLuint b = texbuf_buffer(zero, sizeof(zero)), t = texbuf_texture(GL_R32UI, b);
	GLuint ssbo = glt_ssbo(1, 0), p = glt_compute_program(cs_store);
	const uint32_t *w;

	tb.BindImageTexture(1, t, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
	expect(GL_NO_ERROR);
	tb.DispatchCompute(4, 1, 1);
	tb.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
	gl.BindBuffer(GL_TEXTURE_BUFFER_EXT, b);
	w = tb.MapBufferRange(GL_TEXTURE_BUFFER_EXT, 0, sizeof(zero), GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(w);
	for (uint32_t i = 0; i < 64; i++)
		ck_assert_msg(w[i] == i * 3 + 1, "texel %u = %u", i, w[i]);
	tb.UnmapBuffer(GL_TEXTURE_BUFFER_EXT);
	w = glt_map_ssbo(ssbo, 1);
	ck_assert_uint_eq(w[0], 64);
	glt_unmap_ssbo();
	drop(p, t, b);
	gl.DeleteBuffers(1, &ssbo);
}
END_TEST

/* ---- errors and state ---------------------------------------------------------------- */

START_TEST(tex_buffer_errors)
{
	GLint align = glt_geti(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT_EXT);
	GLuint b = texbuf_buffer(NULL, 1024), t = texbuf_texture(GL_R8, b), unbound;

	tb.TexBufferEXT(GL_TEXTURE_2D, GL_R8, b);
	expect(GL_INVALID_ENUM);
	tb.TexBufferEXT(GL_TEXTURE_BUFFER_EXT, GL_RGB8, b);
	expect(GL_INVALID_ENUM);
	tb.TexBufferEXT(GL_TEXTURE_BUFFER_EXT, GL_DEPTH_COMPONENT16, b);
	expect(GL_INVALID_ENUM);
	gl.GenBuffers(1, &unbound); /* a name, not yet an object */
	tb.TexBufferEXT(GL_TEXTURE_BUFFER_EXT, GL_R8, unbound);
	expect(GL_INVALID_OPERATION);
	tb.TexBufferEXT(GL_TEXTURE_BUFFER_EXT, GL_R8, 12345);
	expect(GL_INVALID_OPERATION);
	tb.TexBufferRangeEXT(GL_TEXTURE_BUFFER_EXT, GL_R8, b, -align, 16);
	expect(GL_INVALID_VALUE);
	tb.TexBufferRangeEXT(GL_TEXTURE_BUFFER_EXT, GL_R8, b, 0, 0);
	expect(GL_INVALID_VALUE);
	tb.TexBufferRangeEXT(GL_TEXTURE_BUFFER_EXT, GL_R8, b, 0, -4);
	expect(GL_INVALID_VALUE);
	tb.TexBufferRangeEXT(GL_TEXTURE_BUFFER_EXT, GL_R8, b, align, 1025 - align);
	expect(GL_INVALID_VALUE);
	tb.TexBufferRangeEXT(GL_TEXTURE_BUFFER_EXT, GL_R8, b, 0, 1025);
	expect(GL_INVALID_VALUE);
	if (align > 1) {
		tb.TexBufferRangeEXT(GL_TEXTURE_BUFFER_EXT, GL_R8, b, align / 2, 16);
		expect(GL_INVALID_VALUE);
	}
	tb.TexBufferRangeEXT(GL_TEXTURE_BUFFER_EXT, GL_R8, b, align, 1024 - align);
	expect(GL_NO_ERROR);
	drop(0, t, b);
	gl.DeleteBuffers(1, &unbound);
}
END_TEST

/* The image functions have no GL_TEXTURE_BUFFER target; a buffer texture
 * binds to no other target. */
START_TEST(image_functions_refuse_the_target)
{
	GLuint b = texbuf_buffer(NULL, 64), t = texbuf_texture(GL_R8, b);
	GLint v;

	gl.TexParameteri(GL_TEXTURE_BUFFER_EXT, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	expect(GL_INVALID_ENUM);
	tb.GetTexParameteriv(GL_TEXTURE_BUFFER_EXT, GL_TEXTURE_MIN_FILTER, &v);
	expect(GL_INVALID_ENUM);
	tb.TexStorage2D(GL_TEXTURE_BUFFER_EXT, 1, GL_R8, 4, 4);
	expect(GL_INVALID_ENUM);
	gl.TexImage2D(GL_TEXTURE_BUFFER_EXT, 0, GL_R8, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, NULL);
	expect(GL_INVALID_ENUM);
	tb.GenerateMipmap(GL_TEXTURE_BUFFER_EXT);
	expect(GL_INVALID_ENUM);
	gl.BindTexture(GL_TEXTURE_2D, t);
	expect(GL_INVALID_OPERATION);
	tb.GetTexLevelParameteriv(GL_TEXTURE_BUFFER_EXT, 1, GL_TEXTURE_WIDTH, &v);
	expect(GL_INVALID_VALUE);
	drop(0, t, b);
}
END_TEST

static GLint level_param(GLenum pname)
{
	GLint v = -1;

	tb.GetTexLevelParameteriv(GL_TEXTURE_BUFFER_EXT, 0, pname, &v);
	expect(GL_NO_ERROR);
	return v;
}

START_TEST(state_queries)
{
	GLint align = glt_geti(GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT_EXT);
	GLuint b, t;

	ck_assert_int_ge(glt_geti(GL_MAX_TEXTURE_BUFFER_SIZE_EXT), 65536);
	ck_assert_int_eq(glt_geti(GL_TEXTURE_BINDING_BUFFER_EXT), 0);
	b = texbuf_buffer(NULL, 512);
	ck_assert_int_eq(glt_geti(GL_TEXTURE_BUFFER_BINDING_EXT), (GLint)b);
	gl.GenTextures(1, &t);
	gl.BindTexture(GL_TEXTURE_BUFFER_EXT, t);
	ck_assert_int_eq(glt_geti(GL_TEXTURE_BINDING_BUFFER_EXT), (GLint)t);
	ck_assert_int_eq(level_param(GL_TEXTURE_BUFFER_DATA_STORE_BINDING_EXT), 0);
	ck_assert_int_eq(level_param(GL_TEXTURE_INTERNAL_FORMAT), GL_R8);
	tb.TexBufferEXT(GL_TEXTURE_BUFFER_EXT, GL_RGBA32F, b);
	ck_assert_int_eq(level_param(GL_TEXTURE_BUFFER_DATA_STORE_BINDING_EXT), (GLint)b);
	ck_assert_int_eq(level_param(GL_TEXTURE_BUFFER_OFFSET_EXT), 0);
	ck_assert_int_eq(level_param(GL_TEXTURE_BUFFER_SIZE_EXT), 512);
	ck_assert_int_eq(level_param(GL_TEXTURE_WIDTH), 32);
	ck_assert_int_eq(level_param(GL_TEXTURE_INTERNAL_FORMAT), GL_RGBA32F);
	ck_assert_int_eq(level_param(GL_TEXTURE_RED_SIZE), 32);
	ck_assert_int_eq(level_param(GL_TEXTURE_RED_TYPE), GL_FLOAT);
	tb.TexBufferRangeEXT(GL_TEXTURE_BUFFER_EXT, GL_R32UI, b, align, 64);
	ck_assert_int_eq(level_param(GL_TEXTURE_BUFFER_OFFSET_EXT), align);
	ck_assert_int_eq(level_param(GL_TEXTURE_BUFFER_SIZE_EXT), 64);
	ck_assert_int_eq(level_param(GL_TEXTURE_WIDTH), 16);
	tb.TexBufferEXT(GL_TEXTURE_BUFFER_EXT, GL_R32UI, 0);
	ck_assert_int_eq(level_param(GL_TEXTURE_BUFFER_DATA_STORE_BINDING_EXT), 0);
	ck_assert_int_eq(level_param(GL_TEXTURE_BUFFER_SIZE_EXT), 0);
	gl.DeleteBuffers(1, &b);
	ck_assert_int_eq(glt_geti(GL_TEXTURE_BUFFER_BINDING_EXT), 0);
	gl.DeleteTextures(1, &t);
	ck_assert_int_eq(glt_geti(GL_TEXTURE_BINDING_BUFFER_EXT), 0);
}
END_TEST

static Suite *texbuf_suite(void)
{
	Suite *s = suite_create("gl es31 texture buffer");
	TCase *tc = tcase_create("es31");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, fetch_reads_buffer_subdata);
	tcase_add_test(tc, respecified_contents_seen);
	tcase_add_test(tc, range_offset_and_size);
	tcase_add_test(tc, fetch_rgb32f);
	tcase_add_test(tc, image_store_mapped_back);
	tcase_add_test(tc, tex_buffer_errors);
	tcase_add_test(tc, image_functions_refuse_the_target);
	tcase_add_test(tc, state_queries);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(texbuf_suite);
}
