/* SPDX-License-Identifier: MIT */
/*
 * Pixel buffer objects (ES 3.0 §3.7.1, §4.3.1) and glCopyBufferSubData:
 * pixels round-trip through GL_PIXEL_PACK_BUFFER (glReadPixels at an offset,
 * under the pack parameters, then mapped and compared byte by byte, the
 * bytes around them untouched) and GL_PIXEL_UNPACK_BUFFER (2D, 3D and ETC1
 * uploads at an offset, under the unpack parameters, then drawn and read
 * back); the GPU paths record copies without a flush or a wait, and a map
 * waits for them (the usage counters show it); the conversion paths (BGRA
 * reads, RGB uploads) go through the CPU and give the same bytes; the
 * spec's errors of mapped buffers, ranges past the end, misaligned and huge
 * offsets; copies between every pair of buffer targets and their errors.
 */
#include <limits.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define BGRA_EXT 0x80E1
#define ETC1_RGB8_OES 0x8D64

#define EXPECT(call, err) do { call; ck_assert_int_eq(gl.GetError(), err); } while (0)
#define OFF(n) ((void *)(uintptr_t)(n))
#define FILLER 0xab

static const struct vgl_stats *stats(void)
{
	return vgl_context_stats(G.ctx);
}

/* A buffer of `size` FILLER bytes bound to target. */
static GLuint pbo(GLenum target, GLsizeiptr size)
{
	static uint8_t fill[8192];

	ck_assert_int_le(size, (GLsizeiptr)sizeof(fill));
	memset(fill, FILLER, sizeof(fill));
	return glt_buffer(target, fill, size);
}

/* A copy of the buffer bound to target, read through a map. */
static void read_buffer(GLenum target, GLsizeiptr size, uint8_t *out)
{
	const uint8_t *m = gl.MapBufferRange(target, 0, size, GL_MAP_READ_BIT);

	ck_assert_ptr_nonnull(m);
	memcpy(out, m, (size_t)size);
	ck_assert(gl.UnmapBuffer(target));
}

/* ---- the framebuffer pattern: four quadrants -------------------------------------------- */

static const uint8_t quad_colors[4][4] = {
	{ 255, 0, 0, 255 }, { 0, 255, 0, 255 },   /* bottom: left red, right green */
	{ 0, 0, 255, 255 }, { 255, 255, 255, 255 }, /* top: left blue, right white */
};

static const uint8_t *quad_color(int x, int y)
{
	return quad_colors[(y >= GLT_H / 2) * 2 + (x >= GLT_W / 2)];
}

static void clear_quadrants(void)
{
	gl.Enable(GL_SCISSOR_TEST);
	for (int q = 0; q < 4; q++) {
		const uint8_t *c = quad_colors[q];

		gl.Scissor((q & 1) * GLT_W / 2, (q >> 1) * GLT_H / 2, GLT_W / 2, GLT_H / 2);
		gl.ClearColor(c[0] / 255.0f, c[1] / 255.0f, c[2] / 255.0f, c[3] / 255.0f);
		gl.Clear(GL_COLOR_BUFFER_BIT);
	}
	gl.Disable(GL_SCISSOR_TEST);
}

/* Pixel (x, y) of the framebuffer as packed at p (RGBA, or BGRA swapped). */
static void assert_packed(const uint8_t *p, int x, int y, bool bgra)
{
	const uint8_t *c = quad_color(x, y);
	uint8_t want[4] = { c[bgra ? 2 : 0], c[1], c[bgra ? 0 : 2], c[3] };

	ck_assert_msg(memcmp(p, want, 4) == 0, "pixel (%d,%d) = %u,%u,%u,%u want %u,%u,%u,%u", x,
		      y, p[0], p[1], p[2], p[3], want[0], want[1], want[2], want[3]);
}

static void assert_filler(const uint8_t *p, size_t from, size_t to)
{
	for (size_t i = from; i < to; i++)
		ck_assert_msg(p[i] == FILLER, "byte %zu = 0x%02x, untouched 0x%02x", i, p[i], FILLER);
}

/* ---- glReadPixels into a pack buffer ------------------------------------------------------ */

/* The whole framebuffer at offset 64: recorded, no flush, no wait; the
 * map flushes once and finds every pixel, the bytes around untouched. */
START_TEST(t_pack_offset)
{
	enum { OFFSET = 64, BYTES = GLT_W * GLT_H * 4, SIZE = OFFSET + BYTES + 32 };
	static uint8_t got[SIZE];

	clear_quadrants();
	pbo(GL_PIXEL_PACK_BUFFER, SIZE);
	gl.Finish();
	vgl_context_reset_stats(G.ctx);
	gl.ReadPixels(0, 0, GLT_W, GLT_H, GL_RGBA, GL_UNSIGNED_BYTE, OFF(OFFSET));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_uint_eq(stats()->readbacks, 1);
	ck_assert_uint_eq(stats()->submits, 0);
	ck_assert_uint_eq(stats()->access_waits, 0);
	read_buffer(GL_PIXEL_PACK_BUFFER, SIZE, got);
	ck_assert_uint_eq(stats()->submits, 1);
	ck_assert_uint_eq(stats()->access_flushes, 1);
	assert_filler(got, 0, OFFSET);
	for (int y = 0; y < GLT_H; y++)
		for (int x = 0; x < GLT_W; x++)
			assert_packed(got + OFFSET + (y * GLT_W + x) * 4, x, y, false);
	assert_filler(got, OFFSET + BYTES, SIZE);
}
END_TEST

struct pack_case {
	GLintptr offset;
	GLint row_length, skip_pixels, skip_rows, alignment;
	GLint x, y, w, h;          /* the rectangle read (may reach outside) */
	bool bgra;                 /* the CPU path (a conversion) */
};

static const struct pack_case pack_cases[] = {
	{ 8, 12, 2, 1, 4, 12, 12, 8, 8, false },  /* rows apart, across the quadrants */
	{ 8, 5, 0, 0, 8, 14, 14, 5, 3, false },   /* alignment pads 20-byte rows to 24 */
	{ 8, 0, 1, 2, 4, -4, 28, 8, 8, false },   /* clipped: only a 4x4 corner is read */
	{ 3, 0, 0, 0, 1, 0, 15, 2, 2, false },    /* an odd offset (UNSIGNED_BYTE: any) */
	{ 8, 12, 2, 1, 4, 12, 12, 8, 8, true },   /* the same through the CPU, BGRA */
	{ 8, 0, 0, 0, 4, 30, -2, 4, 4, true },
};

/* Where pixel (i, j) of the rectangle lands, under the pack parameters. */
static size_t pack_at(const struct pack_case *c, int i, int j)
{
	size_t row = (size_t)(c->row_length ? c->row_length : c->w) * 4;
	size_t stride = (row + (size_t)c->alignment - 1) / (size_t)c->alignment *
			(size_t)c->alignment;

	return (size_t)(c->skip_rows + j) * stride + (size_t)(c->skip_pixels + i) * 4;
}

static bool inside_fb(int x, int y)
{
	return x >= 0 && y >= 0 && x < GLT_W && y < GLT_H;
}

/* Rows, skips, alignment and clipping: each pixel inside the framebuffer
 * where the parameters put it, every other byte untouched. */
START_TEST(t_pack_layout)
{
	const struct pack_case *c = &pack_cases[_i];
	enum { SIZE = 1024 };
	uint8_t got[SIZE], want_filler[SIZE];

	clear_quadrants();
	pbo(GL_PIXEL_PACK_BUFFER, SIZE);
	gl.PixelStorei(GL_PACK_ROW_LENGTH, c->row_length);
	gl.PixelStorei(GL_PACK_SKIP_PIXELS, c->skip_pixels);
	gl.PixelStorei(GL_PACK_SKIP_ROWS, c->skip_rows);
	gl.PixelStorei(GL_PACK_ALIGNMENT, c->alignment);
	gl.ReadPixels(c->x, c->y, c->w, c->h, c->bgra ? BGRA_EXT : GL_RGBA, GL_UNSIGNED_BYTE,
		      OFF(c->offset));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	read_buffer(GL_PIXEL_PACK_BUFFER, SIZE, got);
	memset(want_filler, 1, sizeof(want_filler));
	for (int j = 0; j < c->h; j++)
		for (int i = 0; i < c->w; i++) {
			size_t at = (size_t)c->offset + pack_at(c, i, j);

			if (!inside_fb(c->x + i, c->y + j))
				continue;
			assert_packed(got + at, c->x + i, c->y + j, c->bgra);
			memset(want_filler + at, 0, 4);
		}
	for (size_t k = 0; k < SIZE; k++)
		if (want_filler[k])
			assert_filler(got, k, k + 1);
}
END_TEST

/* Several frames, each read into its own buffer, none waited for; then
 * every buffer holds its frame. */
START_TEST(t_pack_frames)
{
	enum { FRAMES = 4, SIZE = GLT_W * GLT_H * 4 };
	GLuint b[FRAMES];
	static uint8_t got[SIZE];

	gl.Finish();
	vgl_context_reset_stats(G.ctx);
	for (int f = 0; f < FRAMES; f++) {
		gl.ClearColor((float)f / 4, 1.0f - (float)f / 4, 0.5f, 1.0f);
		gl.Clear(GL_COLOR_BUFFER_BIT);
		b[f] = pbo(GL_PIXEL_PACK_BUFFER, SIZE);
		gl.ReadPixels(0, 0, GLT_W, GLT_H, GL_RGBA, GL_UNSIGNED_BYTE, OFF(0));
	}
	ck_assert_uint_eq(stats()->submits, 0);
	ck_assert_uint_eq(stats()->access_waits, 0);
	for (int f = 0; f < FRAMES; f++) {
		const uint8_t want[4] = { (uint8_t)(f * 64), (uint8_t)(255 - f * 64), 128, 255 };

		gl.BindBuffer(GL_PIXEL_PACK_BUFFER, b[f]);
		read_buffer(GL_PIXEL_PACK_BUFFER, SIZE, got);
		for (int k = 0; k < GLT_W * GLT_H; k++)
			for (int ch = 0; ch < 4; ch++)
				ck_assert_msg(abs(got[4 * k + ch] - want[ch]) <= 1,
					      "frame %d pixel %d channel %d = %u want %u", f, k, ch,
					      got[4 * k + ch], want[ch]);
	}
	ck_assert_uint_eq(stats()->submits, 1);   /* the first map flushed them all */
	gl.DeleteBuffers(FRAMES, b);
}
END_TEST

/* ---- texture uploads from an unpack buffer -------------------------------------------------- */


/* Texel (i, j) of a 2x2 texture drawn over the window covers [16i, 16i+16) x [16j, 16j+16). */
static void assert_texel(int i, int j, const uint8_t want[4])
{
	glt_assert_pixel(16 * i + 4, 16 * j + 4, want[0], want[1], want[2], want[3]);
}

static const uint8_t texels[4][4] = {
	{ 10, 20, 30, 255 }, { 40, 50, 60, 255 }, { 70, 80, 90, 255 }, { 100, 110, 120, 200 },
};

/* Writes `bytes` bytes of texel k (of texels[]) at `at` in the bound unpack buffer. */
static void put_texel(GLintptr at, int k, GLsizeiptr bytes)
{
	gl.BufferSubData(GL_PIXEL_UNPACK_BUFFER, at, bytes, texels[k]);
}

/* A 2x2 RGBA image at offset 16 inside a 6-texel-wide client image,
 * skipping 1 texel and 2 rows: a GPU copy (no flush, no wait), then a
 * sub-image update from the same buffer. */
START_TEST(t_unpack_layout)
{
	enum { OFFSET = 16, ROW = 6 * 4, SIZE = OFFSET + 5 * ROW };
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d);

	pbo(GL_PIXEL_UNPACK_BUFFER, SIZE);
	for (int j = 0; j < 2; j++)
		for (int i = 0; i < 2; i++)
			put_texel(OFFSET + (2 + j) * ROW + (1 + i) * 4, j * 2 + i, 4);
	glt_texture(GL_TEXTURE_2D);
	gl.PixelStorei(GL_UNPACK_ROW_LENGTH, 6);
	gl.PixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
	gl.PixelStorei(GL_UNPACK_SKIP_ROWS, 2);
	gl.Finish();
	vgl_context_reset_stats(G.ctx);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, OFF(OFFSET));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_uint_eq(stats()->texture_uploads, 1);
	ck_assert_uint_eq(stats()->submits, 0);
	ck_assert_uint_eq(stats()->access_waits, 0);
	glt_draw_window();
	for (int k = 0; k < 4; k++)
		assert_texel(k & 1, k >> 1, texels[k]);
	/* texel (1, 0) from the same offset: the skips pick client texel (1, 2), texels[0] */
	gl.TexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, OFF(OFFSET));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_draw_window();
	assert_texel(1, 0, texels[0]);
	assert_texel(0, 0, texels[0]);
	gl.DeleteProgram(p);
}
END_TEST

/* Uploads the GPU cannot take as they are: RGB data (stored as RGBA) at
 * an odd offset, through the CPU; LUMINANCE bytes at an odd offset, a
 * GPU copy; both give the texels client memory gives. */
START_TEST(t_unpack_converted)
{
	static const uint8_t rgb[2 * 2 * 3] = { 200, 0, 0, 0, 200, 0, 0, 0, 200, 9, 99, 199 };
	static const uint8_t lum[4] = { 0, 85, 170, 255 };
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d);

	pbo(GL_PIXEL_UNPACK_BUFFER, 64);
	gl.BufferSubData(GL_PIXEL_UNPACK_BUFFER, 3, sizeof(rgb), rgb);
	gl.BufferSubData(GL_PIXEL_UNPACK_BUFFER, 33, sizeof(lum), lum);
	glt_texture(GL_TEXTURE_2D);
	gl.PixelStorei(GL_UNPACK_ALIGNMENT, 1);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 2, 2, 0, GL_RGB, GL_UNSIGNED_BYTE, OFF(3));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_draw_window();
	for (int k = 0; k < 4; k++)
		glt_assert_pixel(16 * (k & 1) + 4, 16 * (k >> 1) + 4, rgb[3 * k], rgb[3 * k + 1],
				 rgb[3 * k + 2], 255);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 2, 2, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE,
		      OFF(33));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_draw_window();
	for (int k = 0; k < 4; k++)
		glt_assert_pixel(16 * (k & 1) + 4, 16 * (k >> 1) + 4, lum[k], lum[k], lum[k], 255);
	gl.DeleteProgram(p);
}
END_TEST

/* A rectangle that is not square on a cube face, from the buffer (sub-images
 * need not be square; only cube faces' images must). Direction (1, 0.5,
 * -0.5) samples +X at s = 0.75, t = 0.25: texel (1, 0) of the 2x2 face. */
START_TEST(t_unpack_cube_rectangle)
{
	static const char *fs_cube =
		"precision mediump float;\n"
		"uniform samplerCube tex;\n"
		"void main() { gl_FragColor = textureCube(tex, vec3(1.0, 0.5, -0.5)); }\n";
	GLuint p = glt_texture_program(glt_vs_window, fs_cube);

	glt_texture(GL_TEXTURE_CUBE_MAP);
	for (GLenum f = 0; f < 6; f++)
		gl.TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + f, 0, GL_RGBA8, 2, 2, 0, GL_RGBA,
			      GL_UNSIGNED_BYTE, NULL);
	pbo(GL_PIXEL_UNPACK_BUFFER, 16);
	put_texel(8, 0, 4);
	put_texel(12, 3, 4);
	gl.TexSubImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, 0, 0, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE,
			 OFF(8));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_draw_window();
	glt_assert_pixel(16, 16, texels[3][0], texels[3][1], texels[3][2], texels[3][3]);
	gl.DeleteProgram(p);
}
END_TEST

static void sample3(GLuint p, float s, float t, float r, const uint8_t want[4])
{
	gl.Uniform3f(gl.GetUniformLocation(p, "u_at"), s, t, r);
	glt_draw_window();
	glt_assert_pixel(16, 16, want[0], want[1], want[2], want[3]);
}

/* A 1x2x2 3D texture from 3 client slices of 3 rows of 2 texels at
 * offset 8 (IMAGE_HEIGHT 3, SKIP_IMAGES 1, SKIP_ROWS 1, SKIP_PIXELS 1),
 * then one texel replaced by glTexSubImage3D from the buffer. */
START_TEST(t_unpack_3d)
{
	enum { OFFSET = 8, ROW = 2 * 4, IMAGE = 3 * ROW, SIZE = OFFSET + 3 * IMAGE };
	uint8_t data[SIZE - OFFSET];
	GLuint p = glt_texture_program(glt_vs3_window, glt_fs_3d);

	memset(data, 0, sizeof(data));
	for (int z = 0; z < 3; z++)
		for (int y = 0; y < 3; y++) {
			uint8_t *t = data + z * IMAGE + y * ROW + 4;

			t[0] = (uint8_t)(80 * z);
			t[1] = (uint8_t)(100 * y);
			t[2] = 7;
			t[3] = 255;
		}
	pbo(GL_PIXEL_UNPACK_BUFFER, SIZE);
	gl.BufferSubData(GL_PIXEL_UNPACK_BUFFER, OFFSET, sizeof(data), data);
	glt_texture(GL_TEXTURE_3D);
	gl.TexParameteri(GL_TEXTURE_3D, GL_TEXTURE_WRAP_R, GL_CLAMP_TO_EDGE);
	gl.PixelStorei(GL_UNPACK_ROW_LENGTH, 2);
	gl.PixelStorei(GL_UNPACK_IMAGE_HEIGHT, 3);
	gl.PixelStorei(GL_UNPACK_SKIP_IMAGES, 1);
	gl.PixelStorei(GL_UNPACK_SKIP_ROWS, 1);
	gl.PixelStorei(GL_UNPACK_SKIP_PIXELS, 1);
	gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 1, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE,
		      OFF(OFFSET));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	sample3(p, 0.5f, 0.25f, 0.25f, (const uint8_t[]){ 80, 100, 7, 255 });
	sample3(p, 0.5f, 0.75f, 0.25f, (const uint8_t[]){ 80, 200, 7, 255 });
	sample3(p, 0.5f, 0.75f, 0.75f, (const uint8_t[]){ 160, 200, 7, 255 });
	/* texel (0, 0, 1) from client slice 1 + 1, row 1 */
	gl.TexSubImage3D(GL_TEXTURE_3D, 0, 0, 0, 1, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE,
			 OFF(OFFSET));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	sample3(p, 0.5f, 0.25f, 0.75f, (const uint8_t[]){ 80, 100, 7, 255 });
	gl.DeleteProgram(p);
}
END_TEST

/* ETC1 (the compressed format virtgl exposes) from the buffer at an
 * offset: the block of test_gl_ext's t_etc1, decoded the same. */
START_TEST(t_unpack_compressed)
{
	static const uint8_t block[8] = { 0xf0, 0x08, 0x0f, 0x20, 0x00, 0x01, 0x80, 0x01 };
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d);

	pbo(GL_PIXEL_UNPACK_BUFFER, 40);
	gl.BufferSubData(GL_PIXEL_UNPACK_BUFFER, 24, sizeof(block), block);
	glt_texture(GL_TEXTURE_2D);
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, ETC1_RGB8_OES, 4, 4, 0, 8, OFF(24));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_draw_window();
	glt_assert_pixel(4, 4, 238, 0, 0, 255);
	glt_assert_pixel(12, 20, 255, 5, 5, 255);
	glt_assert_pixel(20, 4, 2, 138, 255, 255);
	glt_assert_pixel(28, 28, 8, 144, 255, 255);
	EXPECT(gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, ETC1_RGB8_OES, 4, 4, 0, 8, OFF(33)),
	       GL_INVALID_OPERATION);
	gl.DeleteProgram(p);
}
END_TEST

/* Framebuffer -> pack buffer -> (the same buffer as unpack buffer) ->
 * texture, all on the GPU: nothing is submitted until the draw is read. */
START_TEST(t_pack_then_unpack)
{
	enum { SIZE = GLT_W * GLT_H * 4 };
	GLuint p = glt_texture_program(glt_vs_window, glt_fs_2d), b;

	clear_quadrants();
	b = pbo(GL_PIXEL_PACK_BUFFER, SIZE);
	gl.Finish();
	vgl_context_reset_stats(G.ctx);
	gl.ReadPixels(0, 0, GLT_W, GLT_H, GL_RGBA, GL_UNSIGNED_BYTE, OFF(0));
	gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
	gl.BindBuffer(GL_PIXEL_UNPACK_BUFFER, b);
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, GLT_W, GLT_H, 0, GL_RGBA, GL_UNSIGNED_BYTE,
		      OFF(0));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_uint_eq(stats()->submits, 0);
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_draw_window();
	ck_assert_uint_eq(stats()->submits, 0);
	for (int y = 1; y < GLT_H; y += 10)
		for (int x = 2; x < GLT_W; x += 10) {
			const uint8_t *c = quad_color(x, y);

			glt_assert_pixel(x, y, c[0], c[1], c[2], c[3]);
		}
	gl.DeleteProgram(p);
}
END_TEST

/* ---- bindings and errors ------------------------------------------------------------------ */

START_TEST(t_bindings)
{
	GLuint pack = pbo(GL_PIXEL_PACK_BUFFER, 16), unpack = pbo(GL_PIXEL_UNPACK_BUFFER, 32);
	GLint v = -1;
	uint8_t *m;

	gl.GetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &v);
	ck_assert_int_eq(v, (GLint)pack);
	gl.GetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &v);
	ck_assert_int_eq(v, (GLint)unpack);
	gl.GetBufferParameteriv(GL_PIXEL_UNPACK_BUFFER, GL_BUFFER_SIZE, &v);
	ck_assert_int_eq(v, 32);
	m = gl.MapBufferRange(GL_PIXEL_PACK_BUFFER, 4, 4, GL_MAP_WRITE_BIT);
	ck_assert_ptr_nonnull(m);
	memset(m, 7, 4);
	ck_assert(gl.UnmapBuffer(GL_PIXEL_PACK_BUFFER));
	m = gl.MapBufferRange(GL_PIXEL_PACK_BUFFER, 0, 16, GL_MAP_READ_BIT);
	ck_assert_int_eq(m[3], FILLER);
	ck_assert_int_eq(m[4], 7);
	ck_assert(gl.UnmapBuffer(GL_PIXEL_PACK_BUFFER));
	/* not an indexed target */
	EXPECT(gl.BindBufferBase(GL_PIXEL_PACK_BUFFER, 0, pack), GL_INVALID_ENUM);
	/* deleting unbinds */
	gl.DeleteBuffers(1, &pack);
	gl.DeleteBuffers(1, &unpack);
	gl.GetIntegerv(GL_PIXEL_PACK_BUFFER_BINDING, &v);
	ck_assert_int_eq(v, 0);
	gl.GetIntegerv(GL_PIXEL_UNPACK_BUFFER_BINDING, &v);
	ck_assert_int_eq(v, 0);
}
END_TEST

/* glReadPixels: a mapped buffer, data past its end, a huge offset. */
START_TEST(t_pack_errors)
{
	uint8_t got[64];

	pbo(GL_PIXEL_PACK_BUFFER, 64);
	gl.MapBufferRange(GL_PIXEL_PACK_BUFFER, 0, 4, GL_MAP_READ_BIT);
	EXPECT(gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, OFF(0)), GL_INVALID_OPERATION);
	gl.UnmapBuffer(GL_PIXEL_PACK_BUFFER);
	EXPECT(gl.ReadPixels(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, OFF(4)), GL_INVALID_OPERATION);
	EXPECT(gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, OFF(61)), GL_INVALID_OPERATION);
	EXPECT(gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, OFF(UINTPTR_MAX - 2)),
	       GL_INVALID_OPERATION);
	gl.PixelStorei(GL_PACK_SKIP_ROWS, INT_MAX);
	gl.PixelStorei(GL_PACK_ROW_LENGTH, INT_MAX);
	EXPECT(gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, OFF(0)), GL_INVALID_OPERATION);
	gl.PixelStorei(GL_PACK_SKIP_ROWS, 0);
	gl.PixelStorei(GL_PACK_ROW_LENGTH, 0);
	/* an empty rectangle moves nothing: no range to check */
	EXPECT(gl.ReadPixels(0, 0, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE, OFF(1000)), GL_NO_ERROR);
	/* nothing was written */
	read_buffer(GL_PIXEL_PACK_BUFFER, 64, got);
	assert_filler(got, 0, 64);
}
END_TEST

/* glTex(Sub)Image*: a mapped buffer, past its end, a misaligned or huge
 * offset, a layout beyond 64 bits; the failed calls define nothing. */
START_TEST(t_unpack_errors)
{
	GLuint t = glt_texture(GL_TEXTURE_2D);

	pbo(GL_PIXEL_UNPACK_BUFFER, 64);
	gl.MapBufferRange(GL_PIXEL_UNPACK_BUFFER, 0, 4, GL_MAP_READ_BIT);
	EXPECT(gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, OFF(0)),
	       GL_INVALID_OPERATION);
	EXPECT(gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, ETC1_RGB8_OES, 4, 4, 0, 8, OFF(0)),
	       GL_INVALID_OPERATION);
	gl.UnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
	EXPECT(gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, OFF(4)),
	       GL_INVALID_OPERATION);
	EXPECT(gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGB565, 1, 1, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5,
			     OFF(1)), GL_INVALID_OPERATION);
	EXPECT(gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE,
			     OFF(UINTPTR_MAX - 1)), GL_INVALID_OPERATION);
	/* none of them defined level 0 */
	EXPECT(gl.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, OFF(0)),
	       GL_INVALID_OPERATION);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, OFF(0));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	EXPECT(gl.TexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, OFF(52)),
	       GL_INVALID_OPERATION);
	/* a 0x0 image reads nothing: no range check */
	EXPECT(gl.TexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 0, 0, 0, GL_RGBA, GL_UNSIGNED_BYTE,
			     OFF(1000)), GL_NO_ERROR);
	gl.DeleteTextures(1, &t);
	/* ROW_LENGTH x IMAGE_HEIGHT x SKIP_IMAGES does not fit 64 bits */
	t = glt_texture(GL_TEXTURE_3D);
	gl.PixelStorei(GL_UNPACK_ROW_LENGTH, INT_MAX);
	gl.PixelStorei(GL_UNPACK_IMAGE_HEIGHT, INT_MAX);
	gl.PixelStorei(GL_UNPACK_SKIP_IMAGES, INT_MAX);
	EXPECT(gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA32F, 1, 1, 2, 0, GL_RGBA, GL_FLOAT, OFF(0)),
	       GL_INVALID_OPERATION);
	gl.DeleteTextures(1, &t);
}
END_TEST

/* ---- glCopyBufferSubData --------------------------------------------------------------------- */

static const GLenum copy_targets[] = {
	GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_BUFFER, GL_PIXEL_PACK_BUFFER, GL_PIXEL_UNPACK_BUFFER,
	GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, GL_UNIFORM_BUFFER,
};
#define NR_TARGETS (sizeof(copy_targets) / sizeof(copy_targets[0]))

/* 32 bytes from offset 8 of a source bound to one target to offset 16 of
 * a destination bound to another, for every ordered pair of two targets
 * (one buffer on both ends: t_copy_same_buffer). */
START_TEST(t_copy_targets)
{
	size_t r = (size_t)_i / (NR_TARGETS - 1), w = (size_t)_i % (NR_TARGETS - 1);
	GLenum rt = copy_targets[r], wt = copy_targets[w >= r ? w + 1 : w];
	uint8_t src[64], got[64];
	GLuint b[2];

	for (int k = 0; k < 64; k++)
		src[k] = (uint8_t)(k * 7 + (int)_i);
	b[0] = glt_buffer(rt, src, 64);
	b[1] = pbo(wt, 64);
	gl.CopyBufferSubData(rt, wt, 8, 16, 32);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	read_buffer(wt, 64, got);
	assert_filler(got, 0, 16);
	ck_assert_msg(memcmp(got + 16, src + 8, 32) == 0, "0x%x -> 0x%x", rt, wt);
	assert_filler(got, 48, 64);
	/* the source is as it was */
	read_buffer(rt, 64, got);
	ck_assert(memcmp(got, src, 64) == 0);
	gl.DeleteBuffers(2, b);
}
END_TEST

/* Disjoint ranges of one buffer, twice in a row (the second copy reads
 * what the first wrote, in GPU order). */
START_TEST(t_copy_same_buffer)
{
	uint8_t src[64], got[64];

	for (int k = 0; k < 64; k++)
		src[k] = (uint8_t)k;
	glt_buffer(GL_COPY_READ_BUFFER, src, 64);
	gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_READ_BUFFER, 0, 32, 16);
	gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_READ_BUFFER, 32, 48, 16);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	read_buffer(GL_COPY_READ_BUFFER, 64, got);
	ck_assert(memcmp(got, src, 32) == 0);
	ck_assert(memcmp(got + 32, src, 16) == 0);
	ck_assert(memcmp(got + 48, src, 16) == 0);
}
END_TEST

START_TEST(t_copy_errors)
{
	uint8_t got[16];
	GLuint none;

	pbo(GL_COPY_READ_BUFFER, 16);
	pbo(GL_COPY_WRITE_BUFFER, 16);
	EXPECT(gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, -1, 0, 4),
	       GL_INVALID_VALUE);
	EXPECT(gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, -1, 4),
	       GL_INVALID_VALUE);
	EXPECT(gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, -1),
	       GL_INVALID_VALUE);
	EXPECT(gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 12, 0, 8),
	       GL_INVALID_VALUE);
	EXPECT(gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 12, 8),
	       GL_INVALID_VALUE);
	/* offset + size wraps around: still past the end */
	EXPECT(gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, INTPTR_MAX, 0, 8),
	       GL_INVALID_VALUE);
	EXPECT(gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 8, INTPTR_MAX),
	       GL_INVALID_VALUE);
	EXPECT(gl.CopyBufferSubData(GL_COPY_WRITE_BUFFER, GL_COPY_WRITE_BUFFER, 0, 4, 8),
	       GL_INVALID_VALUE);
	gl.MapBufferRange(GL_COPY_WRITE_BUFFER, 0, 4, GL_MAP_READ_BIT);
	EXPECT(gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 4),
	       GL_INVALID_OPERATION);
	EXPECT(gl.CopyBufferSubData(GL_COPY_WRITE_BUFFER, GL_COPY_READ_BUFFER, 0, 0, 4),
	       GL_INVALID_OPERATION);
	gl.UnmapBuffer(GL_COPY_WRITE_BUFFER);
	EXPECT(gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_PIXEL_PACK_BUFFER, 0, 0, 4),
	       GL_INVALID_OPERATION);
	EXPECT(gl.CopyBufferSubData(GL_PIXEL_UNPACK_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 4),
	       GL_INVALID_OPERATION);
	/* a bad target is INVALID_ENUM even beside an unbound one */
	EXPECT(gl.CopyBufferSubData(GL_PIXEL_PACK_BUFFER, GL_TEXTURE_2D, 0, 0, 4), GL_INVALID_ENUM);
	/* the failed copies wrote nothing */
	read_buffer(GL_COPY_WRITE_BUFFER, 16, got);
	assert_filler(got, 0, 16);
	/* a buffer with no data store holds nothing to copy, but nothing is fine */
	gl.GenBuffers(1, &none);
	gl.BindBuffer(GL_PIXEL_PACK_BUFFER, none);
	EXPECT(gl.CopyBufferSubData(GL_PIXEL_PACK_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 0),
	       GL_NO_ERROR);
	EXPECT(gl.CopyBufferSubData(GL_PIXEL_PACK_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 1),
	       GL_INVALID_VALUE);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_pbo");
	TCase *tc = tcase_create("pbo");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_add_test(tc, t_bindings);
	tcase_add_test(tc, t_pack_offset);
	tcase_add_loop_test(tc, t_pack_layout, 0, sizeof(pack_cases) / sizeof(pack_cases[0]));
	tcase_add_test(tc, t_pack_frames);
	tcase_add_test(tc, t_unpack_layout);
	tcase_add_test(tc, t_unpack_converted);
	tcase_add_test(tc, t_unpack_cube_rectangle);
	tcase_add_test(tc, t_unpack_3d);
	tcase_add_test(tc, t_unpack_compressed);
	tcase_add_test(tc, t_pack_then_unpack);
	tcase_add_test(tc, t_pack_errors);
	tcase_add_test(tc, t_unpack_errors);
	tcase_add_loop_test(tc, t_copy_targets, 0, NR_TARGETS * (NR_TARGETS - 1));
	tcase_add_test(tc, t_copy_same_buffer);
	tcase_add_test(tc, t_copy_errors);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
