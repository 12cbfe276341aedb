/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 image load/store in GL:
 * a compute shader's imageStore read back through a framebuffer, imageLoad
 * and imageSize into a shader storage buffer, imageAtomicAdd counted on an
 * r32ui image, one layer of a 2D array texture; glBindImageTexture's
 * errors (ES 3.1 §8.22) and the GL_IMAGE_BINDING_* state; a fragment
 * shader's imageStore at gl_FragCoord and imageLoad beside a sampler, where
 * the host takes images in fragment shaders; images in vertex shaders
 * refused at link where the host takes none there.
 */
#include <GLES3/gl31.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define IMG_FUNCS(X) \
	X(DispatchCompute, DISPATCHCOMPUTE) X(MemoryBarrier, MEMORYBARRIER) \
	X(BindImageTexture, BINDIMAGETEXTURE) X(GetIntegeri_v, GETINTEGERI_V) \
	X(GetBooleani_v, GETBOOLEANI_V) X(TexStorage2D, TEXSTORAGE2D) \
	X(TexStorage3D, TEXSTORAGE3D) X(GenFramebuffers, GENFRAMEBUFFERS) \
	X(BindFramebuffer, BINDFRAMEBUFFER) X(FramebufferTexture2D, FRAMEBUFFERTEXTURE2D) \
	X(FramebufferTextureLayer, FRAMEBUFFERTEXTURELAYER) \
	X(CheckFramebufferStatus, CHECKFRAMEBUFFERSTATUS) \
	X(DeleteFramebuffers, DELETEFRAMEBUFFERS)

#define IMG_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	IMG_FUNCS(IMG_MEMBER)
} im;
#undef IMG_MEMBER

static void setup(void)
{
	glt_setup_version(3, 1);
#define IMG_LOAD(n, N) im.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	IMG_FUNCS(IMG_LOAD)
#undef IMG_LOAD
}

#define HEAD "#version 310 es\n"

static void expect(GLenum err)
{
	ck_assert_int_eq(gl.GetError(), err);
}

/* An immutable 2D texture of one level. */
static GLuint storage_2d(GLenum format, GLsizei w, GLsizei h)
{
	GLuint t = glt_texture(GL_TEXTURE_2D);

	im.TexStorage2D(GL_TEXTURE_2D, 1, format, w, h);
	expect(GL_NO_ERROR);
	return t;
}

/* Reads the texture's level 0 (layer `layer` of an array) as RGBA8. */
static void read_texture(GLuint t, GLenum target, int layer, int w, int h, uint8_t *out)
{
	GLuint fb;

	im.GenFramebuffers(1, &fb);
	im.BindFramebuffer(GL_FRAMEBUFFER, fb);
	if (target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_3D)
		im.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, layer);
	else if (target == GL_TEXTURE_CUBE_MAP)
		im.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)layer, t, 0);
	else
		im.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	ck_assert_int_eq(im.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.ReadPixels(0, 0, w, h, GL_RGBA, GL_UNSIGNED_BYTE, out);
	expect(GL_NO_ERROR);
	im.BindFramebuffer(GL_FRAMEBUFFER, 0);
	im.DeleteFramebuffers(1, &fb);
}

static void assert_texel(const uint8_t *px, int w, int x, int y, const uint8_t want[4])
{
	const uint8_t *p = px + 4 * (y * w + x);

	for (int c = 0; c < 4; c++)
		ck_assert_msg(abs(p[c] - want[c]) <= 1, "(%d,%d).%d = %u, want %u", x, y, c, p[c],
			      want[c]);
}

/* ---- imageStore ------------------------------------------------------------------------ */

static const char cs_store[] = HEAD
	"layout(local_size_x = 4, local_size_y = 4) in;\n"
	"layout(rgba8, binding = 1) uniform highp writeonly image2D img;\n"
	"void main() {\n"
	"  ivec2 p = ivec2(gl_GlobalInvocationID.xy);\n"
	"  imageStore(img, p, vec4(float(p.x) / 15.0, float(p.y) / 15.0, 0.5, 1.0));\n"
	"}\n";

/* Every texel written where the invocation's id says, read as colour. */
START_TEST(store_read_through_framebuffer)
{
	uint8_t px[16 * 16 * 4];
	GLuint t = storage_2d(GL_RGBA8, 16, 16);
	GLuint p = glt_compute_program(cs_store);

	im.BindImageTexture(1, t, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
	im.DispatchCompute(4, 4, 1);
	im.MemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
	expect(GL_NO_ERROR);
	read_texture(t, GL_TEXTURE_2D, 0, 16, 16, px);
	for (int y = 0; y < 16; y++)
		for (int x = 0; x < 16; x++)
			assert_texel(px, 16, x, y, (const uint8_t[4]){ x * 17, y * 17, 128, 255 });
	gl.DeleteProgram(p);
	gl.DeleteTextures(1, &t);
}
END_TEST

/* ---- imageLoad and imageSize ----------------------------------------------------------- */

static const char cs_load[] = HEAD
	"layout(local_size_x = 8, local_size_y = 4) in;\n"
	"layout(r32ui, binding = 0) uniform highp readonly uimage2D src;\n"
	"layout(std430, binding = 0) buffer Out { ivec2 size; uint v[]; };\n"
	"void main() {\n"
	"  ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
	"  v[p.y * 8 + p.x] = imageLoad(src, p).x;\n"
	"  if (p == ivec2(0)) size = imageSize(src);\n"
	"}\n";

/* Texels uploaded with glTexSubImage2D come back through imageLoad. */
START_TEST(load_to_ssbo)
{
	uint32_t texels[32];
	GLuint t = storage_2d(GL_R32UI, 8, 4), b = glt_ssbo(34, 0xdeadbeef), p;
	const uint32_t *w;

	for (uint32_t i = 0; i < 32; i++)
		texels[i] = 1000 + 7 * i;
	gl.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 8, 4, GL_RED_INTEGER, GL_UNSIGNED_INT, texels);
	p = glt_compute_program(cs_load);
	im.BindImageTexture(0, t, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
	im.DispatchCompute(1, 1, 1);
	expect(GL_NO_ERROR);
	w = glt_map_ssbo(b, 34);
	ck_assert_uint_eq(w[0], 8);
	ck_assert_uint_eq(w[1], 4);
	for (uint32_t i = 0; i < 32; i++)
		ck_assert_msg(w[2 + i] == 1000 + 7 * i, "v[%u] = %u", i, w[2 + i]);
	glt_unmap_ssbo();
	gl.DeleteProgram(p);
	gl.DeleteBuffers(1, &b);
	gl.DeleteTextures(1, &t);
}
END_TEST

/* ---- imageAtomicAdd --------------------------------------------------------------------- */

static const char cs_count[] = HEAD "#extension GL_OES_shader_image_atomic : require\n"
	"layout(local_size_x = 64) in;\n"
	"layout(r32ui, binding = 2) uniform highp uimage2D counter;\n"
	"layout(std430, binding = 0) buffer Old { uint old[]; };\n"
	"void main() {\n"
	"  old[gl_GlobalInvocationID.x] = imageAtomicAdd(counter, ivec2(1, 0), 1u);\n"
	"}\n";

static const char cs_fetch[] = HEAD
	"layout(local_size_x = 1) in;\n"
	"layout(r32ui, binding = 2) uniform highp readonly uimage2D counter;\n"
	"layout(std430, binding = 0) buffer Out { uint v[2]; };\n"
	"void main() { v[0] = imageLoad(counter, ivec2(0, 0)).x;\n"
	"  v[1] = imageLoad(counter, ivec2(1, 0)).x; }\n";

/* 256 invocations add 1 each: the texel ends at 256, the texel beside it
 * untouched, and the values each saw are 0..255, each once. */
START_TEST(atomic_add_counts)
{
	static const uint32_t zero[2] = { 5, 0 };
	GLuint t = storage_2d(GL_R32UI, 2, 1), b = glt_ssbo(256, 0xffffffffu), out, p, q;
	uint8_t seen[256] = { 0 };
	const uint32_t *w;

	gl.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 1, GL_RED_INTEGER, GL_UNSIGNED_INT, zero);
	p = glt_compute_program(cs_count);
	im.BindImageTexture(2, t, 0, GL_FALSE, 0, GL_READ_WRITE, GL_R32UI);
	im.DispatchCompute(4, 1, 1);
	im.MemoryBarrier(GL_SHADER_IMAGE_ACCESS_BARRIER_BIT);
	q = glt_compute_program(cs_fetch);
	out = glt_ssbo(2, 0);
	im.DispatchCompute(1, 1, 1);
	w = glt_map_ssbo(out, 2);
	ck_assert_uint_eq(w[0], 5);
	ck_assert_uint_eq(w[1], 256);
	glt_unmap_ssbo();
	w = glt_map_ssbo(b, 256);
	for (uint32_t i = 0; i < 256; i++) {
		ck_assert_msg(w[i] < 256 && !seen[w[i]], "old[%u] = %u", i, w[i]);
		seen[w[i]] = 1;
	}
	glt_unmap_ssbo();
	gl.DeleteProgram(p);
	gl.DeleteProgram(q);
	gl.DeleteBuffers(1, &b);
	gl.DeleteBuffers(1, &out);
	gl.DeleteTextures(1, &t);
}
END_TEST

/* ---- a layer of an array texture -------------------------------------------------------- */

/* The colour comes from a uint uniform: a uniform vec4 read whole in a
 * compute shader arrived rounded to integers on the vtest host ((0.25, 0.5,
 * 0.75, 2.0) as (0, 1, 1, 2); a float scalar did not): open, not images'. */
static const char cs_fill[] = HEAD
	"layout(local_size_x = 4, local_size_y = 4) in;\n"
	"layout(rgba8, binding = 0) uniform highp writeonly image2D img;\n"
	"uniform uint layer;\n"
	"void main() { float l = float(layer) * 0.5;\n"
	"  imageStore(img, ivec2(gl_GlobalInvocationID.xy), vec4(l, 0.0, 1.0 - l, 1.0)); }\n";

/* A non-layered binding of layer L writes that layer only: each layer gets
 * its own colour, from a uniform changed between the dispatches. */
START_TEST(store_to_one_layer)
{
	PFNGLUNIFORM1UIPROC uniform1ui = (PFNGLUNIFORM1UIPROC)glt_proc("glUniform1ui");
	uint8_t px[4 * 4 * 4];
	GLuint t = glt_texture(GL_TEXTURE_2D_ARRAY), p;

	im.TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 3);
	p = glt_compute_program(cs_fill);
	for (int layer = 0; layer < 3; layer++) {
		uniform1ui(gl.GetUniformLocation(p, "layer"), (GLuint)layer);
		im.BindImageTexture(0, t, 0, GL_FALSE, layer, GL_WRITE_ONLY, GL_RGBA8);
		im.DispatchCompute(1, 1, 1);
	}
	im.MemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
	expect(GL_NO_ERROR);
	for (int layer = 0; layer < 3; layer++) {
		read_texture(t, GL_TEXTURE_2D_ARRAY, layer, 4, 4, px);
		for (int i = 0; i < 16; i++)
			assert_texel(px, 4, i % 4, i / 4, (const uint8_t[4]){
				layer == 2 ? 255 : 128 * layer, 0, layer == 2 ? 0 : 255 - 128 * layer, 255 });
	}
	gl.DeleteProgram(p);
	gl.DeleteTextures(1, &t);
}
END_TEST

/* ---- layered bindings ------------------------------------------------------------------- */

static const char cs_layered[] = HEAD
	"layout(local_size_x = 4, local_size_y = 4) in;\n"
	"layout(rgba8, binding = 0) uniform highp writeonly image2DArray arr;\n"
	"layout(rgba8, binding = 1) uniform highp writeonly image3D vol;\n"
	"layout(std430, binding = 0) buffer Out { ivec4 size[2]; };\n"
	"void main() {\n"
	"  ivec3 p = ivec3(gl_GlobalInvocationID);\n"
	"  vec4 c = vec4(float(p.z) / 4.0, 0.25, 1.0 - float(p.z) / 4.0, 1.0);\n"
	"  imageStore(arr, p, c);\n"
	"  imageStore(vol, p, c.bgra);\n"
	"  if (p == ivec3(0)) { size[0] = ivec4(imageSize(arr), 0); size[1] = ivec4(imageSize(vol), 0); }\n"
	"}\n";

/* The layer (slice) a texel of layer z has: (z/4, 1/4, 1 - z/4, 1), and
 * blue and red swapped in the 3D texture. */
static void assert_layer(GLuint t, GLenum target, int z, bool swapped)
{
	uint8_t px[4 * 4 * 4], want[4] = { (uint8_t)(z * 64), 64, (uint8_t)(255 - z * 64), 255 };

	if (swapped) {
		uint8_t r = want[0];
		want[0] = want[2];
		want[2] = r;
	}
	read_texture(t, target, z, 4, 4, px);
	for (int i = 0; i < 16; i++)
		assert_texel(px, 4, i % 4, i / 4, want);
}

/* Layered bindings of a 2D array (3 layers) and a 3D texture (4 slices):
 * one dispatch writes every layer and slice, and imageSize counts them. */
START_TEST(layered_array_and_3d)
{
	GLuint arr = glt_texture(GL_TEXTURE_2D_ARRAY), vol = glt_texture(GL_TEXTURE_3D);
	GLuint b = glt_ssbo(8, 0), p;
	const uint32_t *w;

	im.TexStorage3D(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 3);
	im.TexStorage3D(GL_TEXTURE_3D, 1, GL_RGBA8, 4, 4, 4);
	p = glt_compute_program(cs_layered);
	im.BindImageTexture(0, arr, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA8);
	im.BindImageTexture(1, vol, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA8);
	im.DispatchCompute(1, 1, 4);
	im.MemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
	expect(GL_NO_ERROR);
	w = glt_map_ssbo(b, 8);
	ck_assert_int_eq(w[0], 4);
	ck_assert_int_eq(w[1], 4);
	ck_assert_int_eq(w[2], 3);
	ck_assert_int_eq(w[4], 4);
	ck_assert_int_eq(w[5], 4);
	ck_assert_int_eq(w[6], 4);
	glt_unmap_ssbo();
	for (int z = 0; z < 3; z++)
		assert_layer(arr, GL_TEXTURE_2D_ARRAY, z, false);
	for (int z = 0; z < 4; z++)
		assert_layer(vol, GL_TEXTURE_3D, z, true);
	gl.DeleteProgram(p);
	gl.DeleteBuffers(1, &b);
	gl.DeleteTextures(1, &arr);
	gl.DeleteTextures(1, &vol);
}
END_TEST

static const char cs_cube[] = HEAD
	"layout(local_size_x = 4, local_size_y = 4) in;\n"
	"layout(rgba8, binding = 3) uniform highp writeonly imageCube cube;\n"
	"layout(std430, binding = 0) buffer Out { ivec2 size; };\n"
	"void main() {\n"
	"  ivec3 p = ivec3(gl_GlobalInvocationID);\n"
	"  imageStore(cube, p, vec4(float(p.z) / 4.0, 0.25, 1.0 - float(p.z) / 4.0, 1.0));\n"
	"  if (p == ivec3(0)) size = imageSize(cube);\n"
	"}\n";

/* A layered cube map: the third coordinate is the face. */
START_TEST(layered_cube)
{
	GLuint t = glt_texture(GL_TEXTURE_CUBE_MAP), b = glt_ssbo(2, 0), p;
	const uint32_t *w;

	im.TexStorage2D(GL_TEXTURE_CUBE_MAP, 1, GL_RGBA8, 4, 4);
	p = glt_compute_program(cs_cube);
	im.BindImageTexture(3, t, 0, GL_TRUE, 0, GL_WRITE_ONLY, GL_RGBA8);
	im.DispatchCompute(1, 1, 6);
	im.MemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
	expect(GL_NO_ERROR);
	w = glt_map_ssbo(b, 2);
	ck_assert_int_eq(w[0], 4);
	ck_assert_int_eq(w[1], 4);
	glt_unmap_ssbo();
	for (int face = 0; face < 4; face++)
		assert_layer(t, GL_TEXTURE_CUBE_MAP, face, false);
	/* faces 4 and 5: red 1.0 and 1.25, blue 0.0 and -0.25, clamped by the store */
	for (int face = 4; face < 6; face++) {
		uint8_t px[4 * 4 * 4];

		read_texture(t, GL_TEXTURE_CUBE_MAP, face, 4, 4, px);
		assert_texel(px, 4, 2, 1, (const uint8_t[4]){ 255, 64, 0, 255 });
	}
	gl.DeleteProgram(p);
	gl.DeleteBuffers(1, &b);
	gl.DeleteTextures(1, &t);
}
END_TEST

/* ---- formats of the same size ------------------------------------------------------------- */

static const char cs_reinterpret[] = HEAD
	"layout(local_size_x = 2, local_size_y = 2) in;\n"
	"layout(r32ui, binding = 0) uniform highp readonly uimage2D src;\n"
	"layout(r32ui, binding = 1) uniform highp writeonly uimage2D dst;\n"
	"layout(rgba32ui, binding = 2) uniform highp readonly uimage2D wide;\n"
	"layout(std430, binding = 0) buffer Out { uint v[4]; uvec4 bits; };\n"
	"void main() {\n"
	"  ivec2 p = ivec2(gl_LocalInvocationID.xy);\n"
	"  v[p.y * 2 + p.x] = imageLoad(src, p).x;\n"
	"  imageStore(dst, p, uvec4(0xff00ff00u + uint(p.x)));\n"
	"  if (p == ivec2(0)) bits = imageLoad(wide, p);\n"
	"}\n";

/* An RGBA8 texture read and written through r32ui units, and an RGBA32F
 * one read as rgba32ui: the texels' bits (ES 3.1 §8.22, compatible by size). */
START_TEST(formats_of_the_same_size)
{
	static const uint8_t texels[16] = { 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16 };
	static const float wide_texel[4] = { 1.0f, -2.0f, 0.5f, 3.0f };
	GLuint src = storage_2d(GL_RGBA8, 2, 2), dst, wide, b, p;
	uint8_t px[2 * 2 * 4];
	const uint32_t *w;

	gl.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	dst = storage_2d(GL_RGBA8, 2, 2);
	wide = storage_2d(GL_RGBA32F, 1, 1);
	gl.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_FLOAT, wide_texel);
	b = glt_ssbo(8, 0);
	p = glt_compute_program(cs_reinterpret);
	im.BindImageTexture(0, src, 0, GL_FALSE, 0, GL_READ_ONLY, GL_R32UI);
	im.BindImageTexture(1, dst, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
	im.BindImageTexture(2, wide, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32UI);
	im.DispatchCompute(1, 1, 1);
	im.MemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
	w = glt_map_ssbo(b, 8);
	for (uint32_t i = 0; i < 4; i++)
		ck_assert_msg(w[i] == (uint32_t)(4 * i + 1) * 0x01010101u + 0x03020100u,
			      "v[%u] = %08x", i, w[i]);
	ck_assert(memcmp(&w[4], wide_texel, sizeof(wide_texel)) == 0);
	glt_unmap_ssbo();
	read_texture(dst, GL_TEXTURE_2D, 0, 2, 2, px);
	assert_texel(px, 2, 0, 1, (const uint8_t[4]){ 0x00, 0xff, 0x00, 0xff });
	assert_texel(px, 2, 1, 0, (const uint8_t[4]){ 0x01, 0xff, 0x00, 0xff });
	/* 4-byte texels through a 16-byte format: the unit is invalid, loads give 0 */
	im.BindImageTexture(2, src, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA32UI);
	im.DispatchCompute(1, 1, 1);
	expect(GL_NO_ERROR);
	w = glt_map_ssbo(b, 8);
	ck_assert_uint_eq(w[4] | w[5] | w[6] | w[7], 0);
	ck_assert_uint_eq(w[0], 0x04030201u);
	glt_unmap_ssbo();
	gl.DeleteProgram(p);
	gl.DeleteBuffers(1, &b);
	gl.DeleteTextures(1, &src);
	gl.DeleteTextures(1, &dst);
	gl.DeleteTextures(1, &wide);
}
END_TEST

/* ---- glBindImageTexture's errors and state ----------------------------------------------- */

static GLint64 unit_state(GLenum target, GLuint unit)
{
	GLint v = -1;

	im.GetIntegeri_v(target, unit, &v);
	return v;
}

START_TEST(bind_errors)
{
	GLint units = glt_geti(GL_MAX_IMAGE_UNITS);
	GLuint t = storage_2d(GL_RGBA8, 4, 4), mutable_tex = glt_texture(GL_TEXTURE_2D);

	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	ck_assert_int_ge(units, 1);
	im.BindImageTexture((GLuint)units, t, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
	expect(GL_INVALID_VALUE);
	im.BindImageTexture(0, 4242, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
	expect(GL_INVALID_VALUE);
	im.BindImageTexture(0, t, -1, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
	expect(GL_INVALID_VALUE);
	im.BindImageTexture(0, t, 0, GL_FALSE, -1, GL_READ_ONLY, GL_RGBA8);
	expect(GL_INVALID_VALUE);
	im.BindImageTexture(0, t, 0, GL_FALSE, 0, GL_RGBA8, GL_RGBA8);
	expect(GL_INVALID_ENUM);
	im.BindImageTexture(0, t, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGB8);
	expect(GL_INVALID_VALUE);
	/* not even with NV_image_formats (which takes R8) */
	im.BindImageTexture(0, t, 0, GL_FALSE, 0, GL_READ_ONLY, GL_SRGB8_ALPHA8);
	expect(GL_INVALID_VALUE);
	im.BindImageTexture(0, mutable_tex, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
	expect(GL_INVALID_OPERATION);
	/* nothing changed: the unit's initial state */
	ck_assert_int_eq(unit_state(GL_IMAGE_BINDING_NAME, 0), 0);
	ck_assert_int_eq(unit_state(GL_IMAGE_BINDING_ACCESS, 0), GL_READ_ONLY);
	ck_assert_int_eq(unit_state(GL_IMAGE_BINDING_FORMAT, 0), GL_R32UI);
	gl.DeleteTextures(1, &t);
	gl.DeleteTextures(1, &mutable_tex);
}
END_TEST

START_TEST(binding_state)
{
	GLint units = glt_geti(GL_MAX_IMAGE_UNITS);
	GLuint t = glt_texture(GL_TEXTURE_2D_ARRAY);
	GLboolean layered = GL_FALSE;

	im.TexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_R32F, 8, 8, 4);
	im.BindImageTexture((GLuint)units - 1, t, 1, GL_TRUE, 3, GL_READ_WRITE, GL_R32F);
	expect(GL_NO_ERROR);
	ck_assert_int_eq(unit_state(GL_IMAGE_BINDING_NAME, units - 1), t);
	ck_assert_int_eq(unit_state(GL_IMAGE_BINDING_LEVEL, units - 1), 1);
	ck_assert_int_eq(unit_state(GL_IMAGE_BINDING_LAYERED, units - 1), GL_TRUE);
	ck_assert_int_eq(unit_state(GL_IMAGE_BINDING_LAYER, units - 1), 3);
	ck_assert_int_eq(unit_state(GL_IMAGE_BINDING_ACCESS, units - 1), GL_READ_WRITE);
	ck_assert_int_eq(unit_state(GL_IMAGE_BINDING_FORMAT, units - 1), GL_R32F);
	im.GetBooleani_v(GL_IMAGE_BINDING_LAYERED, units - 1, &layered);
	ck_assert_int_eq(layered, GL_TRUE);
	unit_state(GL_IMAGE_BINDING_NAME, (GLuint)units);
	expect(GL_INVALID_VALUE);
	/* a deleted texture leaves the unit */
	gl.DeleteTextures(1, &t);
	ck_assert_int_eq(unit_state(GL_IMAGE_BINDING_NAME, units - 1), 0);
	/* texture 0 unbinds */
	t = storage_2d(GL_RGBA8, 2, 2);
	im.BindImageTexture(0, t, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
	im.BindImageTexture(0, 0, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
	expect(GL_NO_ERROR);
	ck_assert_int_eq(unit_state(GL_IMAGE_BINDING_NAME, 0), 0);
	gl.DeleteTextures(1, &t);
}
END_TEST

/* The GLSL constants say what glGetIntegerv says. */
static const char cs_limits[] = HEAD
	"layout(local_size_x = 1) in;\n"
	"layout(std430, binding = 0) buffer Out { int v[6]; };\n"
	"void main() { v[0] = gl_MaxImageUnits; v[1] = gl_MaxComputeImageUniforms;\n"
	"  v[2] = gl_MaxCombinedImageUniforms; v[3] = gl_MaxVertexImageUniforms;\n"
	"  v[4] = gl_MaxFragmentImageUniforms; v[5] = gl_MaxCombinedShaderOutputResources; }\n";

static void assert_constants(void)
{
	static const GLenum pnames[6] = {
		GL_MAX_IMAGE_UNITS, GL_MAX_COMPUTE_IMAGE_UNIFORMS, GL_MAX_COMBINED_IMAGE_UNIFORMS,
		GL_MAX_VERTEX_IMAGE_UNIFORMS, GL_MAX_FRAGMENT_IMAGE_UNIFORMS,
		GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES,
	};
	GLuint p = glt_compute_program(cs_limits), b = glt_ssbo(6, 0xffffffffu);
	const uint32_t *w;

	ck_assert_int_ge(glt_geti(GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES), 4);
	im.DispatchCompute(1, 1, 1);
	w = glt_map_ssbo(b, 6);
	for (int i = 0; i < 6; i++)
		ck_assert_msg((GLint)w[i] == glt_geti(pnames[i]), "constant %d: %d", i, (int)w[i]);
	glt_unmap_ssbo();
	gl.DeleteProgram(p);
	gl.DeleteBuffers(1, &b);
}

START_TEST(limits)
{
	GLint units = glt_geti(GL_MAX_IMAGE_UNITS);

	ck_assert_int_ge(units, 1);
	ck_assert_int_le(units, 32);
	ck_assert_int_eq(glt_geti(GL_MAX_COMPUTE_IMAGE_UNIFORMS), units);
	ck_assert_int_eq(glt_geti(GL_MAX_COMBINED_IMAGE_UNIFORMS), units);
	/* the host's (ES 3.1 allows 0), never past the units */
	ck_assert_int_ge(glt_geti(GL_MAX_VERTEX_IMAGE_UNIFORMS), 0);
	ck_assert_int_le(glt_geti(GL_MAX_VERTEX_IMAGE_UNIFORMS), units);
	ck_assert_int_ge(glt_geti(GL_MAX_FRAGMENT_IMAGE_UNIFORMS), 0);
	ck_assert_int_le(glt_geti(GL_MAX_FRAGMENT_IMAGE_UNIFORMS), units);
	expect(GL_NO_ERROR);
	assert_constants();
}
END_TEST

/* An image is an active uniform with a location; glGetUniformiv reads its
 * unit, which no glUniform* changes (ES 3.1 §7.6.1). */
START_TEST(image_uniform_reflection)
{
	PFNGLGETUNIFORMIVPROC get_uniformiv = (PFNGLGETUNIFORMIVPROC)glt_proc("glGetUniformiv");
	GLuint p = glt_compute_program(cs_count);
	GLint loc = gl.GetUniformLocation(p, "counter"), size = 0, unit = -1;
	GLenum type = 0;
	GLfloat f = -1.0f;
	char name[32] = "";

	ck_assert_int_ge(loc, 0);
	gl.GetActiveUniform(p, 0, sizeof(name), NULL, &size, &type, name);
	ck_assert_str_eq(name, "counter");
	ck_assert_int_eq(type, GL_UNSIGNED_INT_IMAGE_2D);
	ck_assert_int_eq(size, 1);
	get_uniformiv(p, loc, &unit);
	ck_assert_int_eq(unit, 2);
	gl.GetUniformfv(p, loc, &f);
	ck_assert(f == 2.0f);
	expect(GL_NO_ERROR);
	gl.Uniform1i(loc, 0);
	expect(GL_INVALID_OPERATION);
	get_uniformiv(p, loc, &unit);
	ck_assert_int_eq(unit, 2);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- fragment shaders ------------------------------------------------------------------- */

static const char vs_window[] = HEAD "layout(location = 0) in vec2 pos;\n"
				     "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
/* dst gets a texel from the pixel's position and the sampled texture, the
 * colour output src's texel: two images around a sampler (bindings the
 * link renumbers across the program) */
static const char fs_images[] = HEAD "precision highp float;\n"
	"layout(rgba8, binding = 1) uniform highp readonly image2D src;\n"
	"uniform highp sampler2D tex;\n"
	"layout(rgba8, binding = 0) uniform highp writeonly image2D dst;\n"
	"out vec4 c;\n"
	"void main() {\n"
	"  ivec2 p = ivec2(gl_FragCoord.xy);\n"
	"  imageStore(dst, p, vec4(float(p.x) / 15.0, float(p.y) / 15.0,"
	" texture(tex, vec2(0.5)).b, 1.0));\n"
	"  c = imageLoad(src, p);\n"
	"}\n";

/* A 16 x 16 RGBA8 texture of texel (x, y) = (16x, 255 - 16y, 77, 255). */
static GLuint pattern_texture(void)
{
	uint8_t texels[16 * 16 * 4];
	GLuint t = storage_2d(GL_RGBA8, 16, 16);

	for (int y = 0; y < 16; y++)
		for (int x = 0; x < 16; x++)
			memcpy(texels + 4 * (y * 16 + x),
			       (const uint8_t[4]){ (uint8_t)(16 * x), (uint8_t)(255 - 16 * y), 77, 255 },
			       4);
	gl.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 16, 16, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	return t;
}

/* A 1 x 1 texture of (0, 0, 64, 255) on unit 0, for the sampler. */
static GLuint blue_texel(void)
{
	GLuint t = glt_texture(GL_TEXTURE_2D);

	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
		      (const uint8_t[4]){ 0, 0, 64, 255 });
	return t;
}

/* The program lists the fragment shader's images as uniforms with their
 * units, and keeps no binary (its records have no images). */
static void assert_fragment_images_listed(GLuint p)
{
	PFNGLGETUNIFORMIVPROC get_uniformiv = (PFNGLGETUNIFORMIVPROC)glt_proc("glGetUniformiv");
	GLint unit = -1, len = -1, n = 0;

	get_uniformiv(p, gl.GetUniformLocation(p, "src"), &unit);
	ck_assert_int_eq(unit, 1);
	get_uniformiv(p, gl.GetUniformLocation(p, "dst"), &unit);
	ck_assert_int_eq(unit, 0);
	gl.GetProgramiv(p, GL_PROGRAM_BINARY_LENGTH, &len);
	ck_assert_int_eq(len, 0);
	/* src, tex and dst, each once: images are no samplers */
	gl.GetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
	ck_assert_int_eq(n, 3);
	expect(GL_NO_ERROR);
}

/* Draws the current program over a size x size framebuffer whose colour
 * is `target`, then the barrier before reading what it stored. */
static void draw_fragments(GLuint target, GLsizei size)
{
	GLuint fb;

	im.GenFramebuffers(1, &fb);
	im.BindFramebuffer(GL_FRAMEBUFFER, fb);
	im.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, target, 0);
	ck_assert_int_eq(im.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.Viewport(0, 0, size, size);
	glt_draw_window();
	im.MemoryBarrier(GL_FRAMEBUFFER_BARRIER_BIT);
	expect(GL_NO_ERROR);
	im.BindFramebuffer(GL_FRAMEBUFFER, 0);
	im.DeleteFramebuffers(1, &fb);
}

/* Draws fs_images over a 16 x 16 framebuffer whose colour is `target`. */
static void draw_images(GLuint target)
{
	GLuint p = glt_texture_program(vs_window, fs_images);

	assert_fragment_images_listed(p);
	draw_fragments(target, 16);
	gl.DeleteProgram(p);
}

/* Where the host takes two images in a fragment shader: each fragment
 * stored its texel and loaded src's; else the link says the limit. */
START_TEST(fragment_store_and_load)
{
	GLint max = glt_geti(GL_MAX_FRAGMENT_IMAGE_UNIFORMS);
	GLuint src, dst, target, blue;
	uint8_t px[16 * 16 * 4];

	if (max < 2) {
		GLuint p = gl.CreateProgram(), v, f;
		GLint ok = 0;

		v = glt_compile(GL_VERTEX_SHADER, vs_window, &ok);
		f = glt_compile(GL_FRAGMENT_SHADER, fs_images, &ok);
		gl.AttachShader(p, v);
		gl.AttachShader(p, f);
		glt_assert_link_fails(p, "GL_MAX_FRAGMENT_IMAGE_UNIFORMS");
		gl.DeleteProgram(p);
		return;
	}
	src = pattern_texture();
	dst = storage_2d(GL_RGBA8, 16, 16);
	target = storage_2d(GL_RGBA8, 16, 16);
	blue = blue_texel();
	im.BindImageTexture(0, dst, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
	im.BindImageTexture(1, src, 0, GL_FALSE, 0, GL_READ_ONLY, GL_RGBA8);
	draw_images(target);
	read_texture(dst, GL_TEXTURE_2D, 0, 16, 16, px);
	for (int y = 0; y < 16; y++)
		for (int x = 0; x < 16; x++)
			assert_texel(px, 16, x, y, (const uint8_t[4]){ x * 17, y * 17, 64, 255 });
	read_texture(target, GL_TEXTURE_2D, 0, 16, 16, px);
	for (int y = 0; y < 16; y++)
		for (int x = 0; x < 16; x++)
			assert_texel(px, 16, x, y, (const uint8_t[4]){ 16 * x, 255 - 16 * y, 77, 255 });
	gl.DeleteTextures(1, &src);
	gl.DeleteTextures(1, &dst);
	gl.DeleteTextures(1, &target);
	gl.DeleteTextures(1, &blue);
}
END_TEST

/* An array of two images in a fragment shader: element i at unit 2 + i. */
START_TEST(fragment_image_array)
{
	static const char fs[] = HEAD "precision highp float;\n"
		"layout(rgba8, binding = 2) uniform highp writeonly image2D imgs[2];\n"
		"out vec4 c;\n"
		"void main() {\n"
		"  ivec2 p = ivec2(gl_FragCoord.xy);\n"
		"  imageStore(imgs[0], p, vec4(1.0, 0.0, 0.0, 1.0));\n"
		"  imageStore(imgs[1], p, vec4(0.0, 0.0, 1.0, 1.0));\n"
		"  c = vec4(0.0);\n"
		"}\n";
	GLuint t[3], p;
	uint8_t px[4 * 4 * 4];

	if (glt_geti(GL_MAX_FRAGMENT_IMAGE_UNIFORMS) < 2)
		return;  /* fragment_store_and_load checks the refusal */
	for (int i = 0; i < 3; i++)
		t[i] = storage_2d(GL_RGBA8, 4, 4);
	im.BindImageTexture(2, t[0], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
	im.BindImageTexture(3, t[1], 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_RGBA8);
	p = glt_texture_program(vs_window, fs);
	draw_fragments(t[2], 4);
	for (int i = 0; i < 2; i++) {
		read_texture(t[i], GL_TEXTURE_2D, 0, 4, 4, px);
		for (int y = 0; y < 4; y++)
			for (int x = 0; x < 4; x++)
				assert_texel(px, 4, x, y, (const uint8_t[4]){ i ? 0 : 255, 0,
									     i ? 255 : 0, 255 });
	}
	gl.DeleteProgram(p);
	gl.DeleteTextures(3, t);
}
END_TEST

/* ---- link ------------------------------------------------------------------------------- */

/* A vertex shader's image links where the host takes images in that stage
 * (GL_MAX_VERTEX_IMAGE_UNIFORMS, its store: test_gl_es31_stageres), else the
 * link names the limit; a binding past the last unit does not compile
 * (gl_MaxImageUnits is the device's GL_MAX_IMAGE_UNITS). */
START_TEST(link_refusals)
{
	GLint ok = 0, vs_ok = 0;
	GLuint p = gl.CreateProgram();
	GLuint v = glt_compile(GL_VERTEX_SHADER, HEAD
			   "layout(rgba8, binding = 0) uniform highp writeonly image2D img;\n"
			   "in vec4 pos;\nvoid main() { imageStore(img, ivec2(0), vec4(1.0));\n"
			   "  gl_Position = pos; }\n", &vs_ok);
	GLuint f = glt_compile(GL_FRAGMENT_SHADER, HEAD "precision highp float;\n"
			   "out vec4 c;\nvoid main() { c = vec4(1.0); }\n", &ok);
	GLuint c;
	char src[512], log[512] = "";

	ck_assert_int_eq(ok, 1);
	ck_assert_int_eq(vs_ok, 1);
	gl.AttachShader(p, v);
	gl.AttachShader(p, f);
	if (glt_geti(GL_MAX_VERTEX_IMAGE_UNIFORMS) > 0) {
		gl.LinkProgram(p);
		gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
		ck_assert_int_eq(ok, 1);
	} else {
		glt_assert_link_fails(p, "GL_MAX_VERTEX_IMAGE_UNIFORMS");
	}
	snprintf(src, sizeof(src), HEAD "#extension GL_OES_shader_image_atomic : require\n"
		 "layout(local_size_x = 1) in;\n"
		 "layout(r32ui, binding = %d) uniform highp uimage2D img;\n"
		 "void main() { imageAtomicAdd(img, ivec2(0), 1u); }\n",
		 glt_geti(GL_MAX_IMAGE_UNITS));
	c = glt_compile(GL_COMPUTE_SHADER, src, &ok);
	gl.GetShaderInfoLog(c, sizeof(log), NULL, log);
	ck_assert_int_eq(ok, 0);
	ck_assert_msg(strstr(log, "gl_MaxImageUnits"), "log: %s", log);
	gl.DeleteProgram(p);
	gl.DeleteShader(v);
	gl.DeleteShader(f);
	gl.DeleteShader(c);
}
END_TEST

static Suite *image_suite(void)
{
	Suite *s = suite_create("gl es31 image");
	TCase *tc = tcase_create("es31");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, store_read_through_framebuffer);
	tcase_add_test(tc, load_to_ssbo);
	tcase_add_test(tc, atomic_add_counts);
	tcase_add_test(tc, store_to_one_layer);
	tcase_add_test(tc, layered_array_and_3d);
	tcase_add_test(tc, layered_cube);
	tcase_add_test(tc, formats_of_the_same_size);
	tcase_add_test(tc, bind_errors);
	tcase_add_test(tc, binding_state);
	tcase_add_test(tc, limits);
	tcase_add_test(tc, image_uniform_reflection);
	tcase_add_test(tc, fragment_store_and_load);
	tcase_add_test(tc, fragment_image_array);
	tcase_add_test(tc, link_refusals);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(image_suite);
}
