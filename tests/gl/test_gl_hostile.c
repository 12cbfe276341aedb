/* SPDX-License-Identifier: MIT */
/*
 * Hostile but legal-to-call input: every entry point with a size, offset,
 * count or stride parameter, fed the extreme values of values[] (0, -1,
 * INT_MAX, INT_MIN, PTRDIFF_MAX, PTRDIFF_MAX - 2) in that parameter, then
 * combinations that overflow (offset + size past the end, count * stride,
 * offset + width past INT_MAX). Each case runs in a fresh context: set-up,
 * one hostile call, then the error the OpenGL ES 3.0 specification gives
 * must be the only one, and the context must still draw (a green quad read
 * back). A crash fails the case (check forks each one).
 *
 * A GLsizei or GLint parameter gets the value as C converts it (PTRDIFF_MAX
 * arrives as -1, PTRDIFF_MAX - 2 as -3): what an application passing a
 * 64-bit value would send. A pointer parameter that is a buffer offset gets
 * the value as an address.
 */
#include <limits.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "gl_test_util.h"

/* An entry point by name with the type of its prototype in <GLES3/gl3.h>. */
#define F(n) ((__typeof__(&gl##n))glt_proc("gl" #n))

enum { NO = 1, IV = 2, IO = 4, OOM = 8 };   /* the errors a case accepts, as bits */
#define NV 6

static const int64_t values[NV] = { 0, -1, INT_MAX, INT_MIN, PTRDIFF_MAX, PTRDIFF_MAX - 2 };

struct hostile {
	const char *fn;
	const char *arg;               /* the parameter that takes values[] */
	void (*setup)(void);
	void (*call)(int64_t v);
	unsigned want[NV];             /* per value of values[] */
};

/* A case of its own: an overflowing combination or a NULL array. */
struct combo {
	const char *fn;
	const char *what;
	void (*call)(void);
	unsigned want;
};

static uint8_t data[256];           /* what calls read from client memory */
static GLuint buf[2];

/* ---- set-ups ------------------------------------------------------------------------------------ */

static GLuint buffer_on(GLenum target, GLsizeiptr size)
{
	return glt_buffer(target, data, size);
}

static void array_16(void) { buf[0] = buffer_on(GL_ARRAY_BUFFER, 16); }

static void copy_pair(void)
{
	buf[0] = buffer_on(GL_COPY_READ_BUFFER, 16);
	buf[1] = buffer_on(GL_COPY_WRITE_BUFFER, 16);
}

static void mapped_explicit(void)
{
	array_16();
	gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT);
}

static void ubo_16(void) { buf[0] = buffer_on(GL_UNIFORM_BUFFER, 256); }
static void xfb_16(void) { buf[0] = buffer_on(GL_TRANSFORM_FEEDBACK_BUFFER, 256); }

static void tex_2d(void)
{
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}

static void tex_3d(void)
{
	glt_texture(GL_TEXTURE_3D);
	gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}

/* a 4x4 RGBA8 texture and a 64-byte unpack buffer */
static void tex_unpack(void)
{
	tex_2d();
	buf[0] = buffer_on(GL_PIXEL_UNPACK_BUFFER, 64);
}

static void tex_etc2(void)
{
	glt_texture(GL_TEXTURE_2D);
	F(CompressedTexImage2D)(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, 8, data);
}

static void pack_64(void) { buf[0] = buffer_on(GL_PIXEL_PACK_BUFFER, 64); }
static void renderbuffer(void)
{
	GLuint r;

	F(GenRenderbuffers)(1, &r);
	F(BindRenderbuffer)(GL_RENDERBUFFER, r);
}

static const char *vs_arr =
	"#version 300 es\n"
	"layout(location = 0) in vec4 a_pos;\n"
	"layout(location = 1) in vec4 a_inst;\n"
	"uniform vec4 u_a[4];\n"
	"uniform mat4 u_m[2];\n"
	"uniform Blk { vec4 b; };\n"
	"void main() { gl_Position = a_pos + a_inst * 0.0 + u_a[1] * u_m[1] * 0.0 + b * 0.0; }\n";
static const char *fs_green =
	"#version 300 es\n"
	"precision mediump float;\n"
	"out vec4 o;\n"
	"void main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";

static GLint loc_of(const char *name)
{
	GLint p;

	gl.GetIntegerv(GL_CURRENT_PROGRAM, &p);
	return gl.GetUniformLocation((GLuint)p, name);
}

static void program(void) { gl.UseProgram(glt_program(vs_arr, fs_green)); }

/* the program, attribute 0 from a 48-byte buffer (3 vec4), attribute 1
 * per instance from a 16-byte buffer, a 6-byte element buffer */
static void draw_state(void)
{
	static const GLushort idx[3] = { 0, 1, 2 };

	program();
	buf[0] = buffer_on(GL_ARRAY_BUFFER, 48);
	gl.VertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
	gl.EnableVertexAttribArray(0);
	buf[1] = buffer_on(GL_ARRAY_BUFFER, 16);
	gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, NULL);
	gl.VertexAttribDivisor(1, 1);
	gl.EnableVertexAttribArray(1);
	glt_buffer(GL_ELEMENT_ARRAY_BUFFER, idx, sizeof(idx));
}

/* ---- calls: buffers ----------------------------------------------------------------------------- */

#define P(v) ((void *)(intptr_t)(v))

static void buffer_data(int64_t v) { F(BufferData)(GL_ARRAY_BUFFER, v, NULL, GL_STATIC_DRAW); }
static void sub_data_offset(int64_t v) { F(BufferSubData)(GL_ARRAY_BUFFER, v, 8, data); }
static void sub_data_size(int64_t v) { F(BufferSubData)(GL_ARRAY_BUFFER, 8, v, data); }

static void map_range(GLintptr offset, GLsizeiptr length)
{
	void *p = F(MapBufferRange)(GL_ARRAY_BUFFER, offset, length, GL_MAP_READ_BIT);

	if (p) {
		/* a map handed out must be readable */
		ck_assert_int_eq(((volatile uint8_t *)p)[length - 1], data[offset + length - 1]);
		gl.UnmapBuffer(GL_ARRAY_BUFFER);
	}
}

static void map_offset(int64_t v) { map_range(v, 8); }
static void map_length(int64_t v) { map_range(0, v); }
static void flush_offset(int64_t v) { F(FlushMappedBufferRange)(GL_ARRAY_BUFFER, v, 4); }
static void flush_length(int64_t v) { F(FlushMappedBufferRange)(GL_ARRAY_BUFFER, 4, v); }

static void copy(GLintptr ro, GLintptr wo, GLsizeiptr size)
{
	F(CopyBufferSubData)(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, ro, wo, size);
}

static void copy_read(int64_t v) { copy(v, 0, 8); }
static void copy_write(int64_t v) { copy(0, v, 8); }
static void copy_size(int64_t v) { copy(0, 0, v); }
static void ubo_offset(int64_t v) { F(BindBufferRange)(GL_UNIFORM_BUFFER, 0, buf[0], v, 16); }
static void ubo_size(int64_t v) { F(BindBufferRange)(GL_UNIFORM_BUFFER, 0, buf[0], 0, v); }
static void xfb_offset(int64_t v)
{
	F(BindBufferRange)(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0], v, 16);
}
static void xfb_size(int64_t v) { F(BindBufferRange)(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buf[0], 0, v); }

/* ---- calls: glGen* / glDelete* with a NULL array ------------------------------------------------ */

#define GEN_DELETE(X) X(Buffers) X(Textures) X(Framebuffers) X(Renderbuffers) X(Samplers) \
	X(Queries) X(VertexArrays) X(TransformFeedbacks)
#define GEN_CALLS(kind) \
	static void gen_##kind(int64_t v) { F(Gen##kind)((GLsizei)v, NULL); } \
	static void delete_##kind(int64_t v) { F(Delete##kind)((GLsizei)v, NULL); }
GEN_DELETE(GEN_CALLS)

/* ---- calls: textures ---------------------------------------------------------------------------- */

static void tex_image_width(int64_t v)
{
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, (GLsizei)v, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}

static void tex_image_3d_depth(int64_t v)
{
	F(TexImage3D)(GL_TEXTURE_3D, 0, GL_RGBA, 1, 1, (GLsizei)v, 0, GL_RGBA, GL_UNSIGNED_BYTE,
		      NULL);
}

static void tex_image_pbo(int64_t v)
{
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, P(v));
}

static void tex_sub_pbo(int64_t v)
{
	F(TexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, P(v));
}

static void tex_sub_x(int64_t v)
{
	F(TexSubImage2D)(GL_TEXTURE_2D, 0, (GLint)v, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, data);
}

static void tex_sub_width(int64_t v)
{
	/* x + width wraps for INT_MAX */
	F(TexSubImage2D)(GL_TEXTURE_2D, 0, 1, 0, (GLsizei)v, 1, GL_RGBA, GL_UNSIGNED_BYTE, data);
}

static void tex_sub_3d_z(int64_t v)
{
	F(TexSubImage3D)(GL_TEXTURE_3D, 0, 0, 0, (GLint)v, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE,
			 data);
}

static void compressed_size(int64_t v)
{
	F(CompressedTexImage2D)(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, (GLsizei)v,
				data);
}

static void compressed_sub_size(int64_t v)
{
	F(CompressedTexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2,
				   (GLsizei)v, data);
}

static void compressed_pbo(int64_t v)
{
	F(CompressedTexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_COMPRESSED_RGB8_ETC2, 8, P(v));
}

/* glTexStorage2D on a new texture (storage is immutable once given) */
static void storage(GLsizei levels, GLsizei width)
{
	glt_texture(GL_TEXTURE_2D);
	F(TexStorage2D)(GL_TEXTURE_2D, levels, GL_RGBA8, width, 4);
}

static void storage_levels(int64_t v) { storage((GLsizei)v, 4); }
static void storage_width(int64_t v) { storage(1, (GLsizei)v); }

static void copy_tex_sub_x(int64_t v)
{
	/* a source outside the framebuffer is allowed: undefined texels */
	F(CopyTexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, (GLint)v, 0, 4, 4);
}

static void copy_tex_sub_xoffset(int64_t v)
{
	F(CopyTexSubImage2D)(GL_TEXTURE_2D, 0, (GLint)v, 0, 0, 0, 1, 1);
}

static void copy_tex_image_width(int64_t v)
{
	F(CopyTexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, (GLsizei)v, 1, 0);
}

/* ---- calls: read-back, rectangles -------------------------------------------------------------- */

static void read_x(int64_t v)
{
	uint8_t px[16];

	F(ReadPixels)((GLint)v, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

static void read_pbo_width(int64_t v)
{
	F(ReadPixels)(0, 0, (GLsizei)v, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}

static void read_pbo_offset(int64_t v)
{
	F(ReadPixels)(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, P(v));
}

static void viewport_width(int64_t v) { F(Viewport)((GLint)v, 0, (GLsizei)v, 4); }
static void scissor_width(int64_t v)
{
	gl.Enable(GL_SCISSOR_TEST);
	F(Scissor)((GLint)v, 0, (GLsizei)v, 4);
}
static void renderbuffer_width(int64_t v)
{
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_RGBA8, (GLsizei)v, 4);
}
static void renderbuffer_samples(int64_t v)
{
	F(RenderbufferStorageMultisample)(GL_RENDERBUFFER, (GLsizei)v, GL_RGBA8, 4, 4);
}

/* ---- calls: draws and vertex arrays ------------------------------------------------------------- */

static void draw_first(int64_t v) { F(DrawArrays)(GL_TRIANGLES, (GLint)v, 3); }
static void draw_count(int64_t v) { F(DrawArrays)(GL_TRIANGLES, 0, (GLsizei)v); }
static void draw_instances(int64_t v)
{
	F(DrawArraysInstanced)(GL_TRIANGLES, 0, 3, (GLsizei)v);
}
static void elements_count(int64_t v)
{
	F(DrawElements)(GL_TRIANGLES, (GLsizei)v, GL_UNSIGNED_SHORT, NULL);
}
static void elements_offset(int64_t v)
{
	F(DrawElements)(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, P(v));
}
static void elements_instances(int64_t v)
{
	F(DrawElementsInstanced)(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL, (GLsizei)v);
}
static void range_elements_count(int64_t v)
{
	F(DrawRangeElements)(GL_TRIANGLES, 0, 2, (GLsizei)v, GL_UNSIGNED_SHORT, NULL);
}

static void attrib_offset(int64_t v)
{
	gl.BindBuffer(GL_ARRAY_BUFFER, buf[0]);
	F(VertexAttribPointer)(0, 4, GL_FLOAT, GL_FALSE, 0, P(v));
	F(DrawArrays)(GL_TRIANGLES, 0, 3);
}

static void attrib_stride(int64_t v)
{
	gl.BindBuffer(GL_ARRAY_BUFFER, buf[0]);
	F(VertexAttribPointer)(0, 4, GL_FLOAT, GL_FALSE, (GLsizei)v, NULL);
	F(DrawArrays)(GL_TRIANGLES, 0, 3);
}

static void attrib_size(int64_t v)
{
	F(VertexAttribPointer)(0, (GLint)v, GL_FLOAT, GL_FALSE, 0, NULL);
}

/* ---- calls: uniforms and program counts --------------------------------------------------------- */

static void uniform_array(int64_t v) { F(Uniform4fv)(loc_of("u_a"), (GLsizei)v, (float *)data); }
static void uniform_matrix(int64_t v)
{
	F(UniformMatrix4fv)(loc_of("u_m"), (GLsizei)v, GL_FALSE, (float *)data);
}
static void uniform_single(int64_t v)
{
	F(Uniform4fv)(loc_of("u_a[3]"), (GLsizei)v, (float *)data);
}

static void shader_source(int64_t v)
{
	F(ShaderSource)(gl.CreateShader(GL_VERTEX_SHADER), (GLsizei)v, NULL, NULL);
}

static void info_log(int64_t v)
{
	GLint p;
	char log[8];

	gl.GetIntegerv(GL_CURRENT_PROGRAM, &p);
	F(GetProgramInfoLog)((GLuint)p, (GLsizei)v < 0 ? (GLsizei)v : 0, NULL, log);
}

static void draw_buffers(int64_t v)
{
	static const GLenum back = GL_BACK;

	F(DrawBuffers)((GLsizei)v, &back);
}

static void invalidate(int64_t v)
{
	F(InvalidateFramebuffer)(GL_FRAMEBUFFER, (GLsizei)v, NULL);
}

static void clear_buffer_draw_buffer(int64_t v)
{
	F(ClearBufferfv)(GL_COLOR, (GLint)v, (float *)data);
}

/* ---- the tables --------------------------------------------------------------------------------- */

/* want[] for a size or count that must not be negative and has no upper
 * bound of its own beyond what the state allows */
#define NEG_V(at_max) { NO, IV, at_max, IV, IV, IV }
#define H(f, a, s, c, ...) { #f, a, s, c, __VA_ARGS__ }
#define GEN_ROWS(kind) \
	H(Gen##kind, "n, NULL names", NULL, gen_##kind, NEG_V(NO)), \
	H(Delete##kind, "n, NULL names", NULL, delete_##kind, NEG_V(NO)),

static const struct hostile table[] = {
	/* buffers */
	H(BufferData, "size", array_16, buffer_data, { NO, IV, NO | OOM, IV, OOM, OOM }),
	H(BufferSubData, "offset", array_16, sub_data_offset, { NO, IV, IV, IV, IV, IV }),
	H(BufferSubData, "size", array_16, sub_data_size, { NO, IV, IV, IV, IV, IV }),
	H(MapBufferRange, "offset", array_16, map_offset, { NO, IV, IV, IV, IV, IV }),
	H(MapBufferRange, "length", array_16, map_length, { IO, IV, IV, IV, IV, IV }),
	H(FlushMappedBufferRange, "offset", mapped_explicit, flush_offset,
	  { NO, IV, IV, IV, IV, IV }),
	H(FlushMappedBufferRange, "length", mapped_explicit, flush_length,
	  { NO, IV, IV, IV, IV, IV }),
	H(CopyBufferSubData, "readOffset", copy_pair, copy_read, { NO, IV, IV, IV, IV, IV }),
	H(CopyBufferSubData, "writeOffset", copy_pair, copy_write, { NO, IV, IV, IV, IV, IV }),
	H(CopyBufferSubData, "size", copy_pair, copy_size, { NO, IV, IV, IV, IV, IV }),
	/* offsets: a multiple of the alignment (INT_MAX, PTRDIFF_MAX are odd) */
	H(BindBufferRange, "uniform offset", ubo_16, ubo_offset, { NO, IV, IV, IV, IV, IV }),
	/* sizes: > 0, checked against the buffer when used, not at the bind */
	H(BindBufferRange, "uniform size", ubo_16, ubo_size, { IV, IV, NO, IV, NO, NO }),
	H(BindBufferRange, "xfb offset", xfb_16, xfb_offset, { NO, IV, IV, IV, IV, IV }),
	H(BindBufferRange, "xfb size", xfb_16, xfb_size, { IV, IV, IV, IV, IV, IV }),
	GEN_DELETE(GEN_ROWS)
	/* textures */
	H(TexImage2D, "width", tex_2d, tex_image_width, NEG_V(IV)),
	H(TexImage3D, "depth", tex_3d, tex_image_3d_depth, NEG_V(IV)),
	H(TexImage2D, "unpack buffer offset", tex_unpack, tex_image_pbo,
	  { NO, IO, IO, IO, IO, IO }),
	H(TexSubImage2D, "unpack buffer offset", tex_unpack, tex_sub_pbo,
	  { NO, IO, IO, IO, IO, IO }),
	H(TexSubImage2D, "xoffset", tex_2d, tex_sub_x, { NO, IV, IV, IV, IV, IV }),
	H(TexSubImage2D, "width at xoffset 1", tex_2d, tex_sub_width, { NO, IV, IV, IV, IV, IV }),
	H(TexSubImage3D, "zoffset", tex_3d, tex_sub_3d_z, { NO, IV, IV, IV, IV, IV }),
	H(CompressedTexImage2D, "imageSize", tex_etc2, compressed_size,
	  { IV, IV, IV, IV, IV, IV }),
	H(CompressedTexSubImage2D, "imageSize", tex_etc2, compressed_sub_size,
	  { IV, IV, IV, IV, IV, IV }),
	H(CompressedTexSubImage2D, "unpack buffer offset", NULL, compressed_pbo,
	  { IO, IO, IO, IO, IO, IO }),
	H(TexStorage2D, "levels", NULL, storage_levels, { IV, IV, IO, IV, IV, IV }),
	H(TexStorage2D, "width", NULL, storage_width, { IV, IV, IV, IV, IV, IV }),
	H(CopyTexSubImage2D, "x", tex_2d, copy_tex_sub_x, { NO, NO, NO, NO, NO, NO }),
	H(CopyTexSubImage2D, "xoffset", tex_2d, copy_tex_sub_xoffset, { NO, IV, IV, IV, IV, IV }),
	H(CopyTexImage2D, "width", NULL, copy_tex_image_width, NEG_V(IV)),
	/* read-back and rectangles */
	H(ReadPixels, "x", NULL, read_x, { NO, NO, NO, NO, NO, NO }),
	H(ReadPixels, "width into a pack buffer", pack_64, read_pbo_width, NEG_V(IO)),
	H(ReadPixels, "pack buffer offset", pack_64, read_pbo_offset, { NO, IO, IO, IO, IO, IO }),
	H(Viewport, "x and width", NULL, viewport_width, NEG_V(NO)),
	H(Scissor, "x and width", NULL, scissor_width, NEG_V(NO)),
	H(RenderbufferStorage, "width", renderbuffer, renderbuffer_width, NEG_V(IV)),
	H(RenderbufferStorageMultisample, "samples", renderbuffer, renderbuffer_samples,
	  NEG_V(IO)),
	/* draws: ranges past the buffers draw nothing (undefined, not an error) */
	H(DrawArrays, "first", draw_state, draw_first, NEG_V(NO)),
	H(DrawArrays, "count", draw_state, draw_count, NEG_V(NO)),
	H(DrawArraysInstanced, "instancecount", draw_state, draw_instances, NEG_V(NO)),
	H(DrawElements, "count", draw_state, elements_count, NEG_V(NO)),
	H(DrawElements, "element buffer offset", draw_state, elements_offset,
	  { NO, NO, NO, NO, NO, NO }),
	H(DrawElementsInstanced, "instancecount", draw_state, elements_instances, NEG_V(NO)),
	H(DrawRangeElements, "count", draw_state, range_elements_count, NEG_V(NO)),
	H(VertexAttribPointer, "buffer offset, then a draw", draw_state, attrib_offset,
	  { NO, NO, NO, NO, NO, NO }),
	H(VertexAttribPointer, "stride, then a draw", draw_state, attrib_stride, NEG_V(IV)),
	H(VertexAttribPointer, "size", NULL, attrib_size, { IV, IV, IV, IV, IV, IV }),
	/* uniforms and other counts */
	H(Uniform4fv, "count of an array", program, uniform_array, NEG_V(NO)),
	H(UniformMatrix4fv, "count of an array", program, uniform_matrix, NEG_V(NO)),
	H(Uniform4fv, "count at the last element", program, uniform_single, NEG_V(NO)),
	H(ShaderSource, "count, NULL strings", NULL, shader_source, { NO, IV, IV, IV, IV, IV }),
	H(GetProgramInfoLog, "bufSize", program, info_log, NEG_V(NO)),
	/* the default framebuffer takes n = 1 only (INVALID_OPERATION) */
	H(DrawBuffers, "n", NULL, draw_buffers, { IO, IV, IV, IV, IV, IV }),
	H(InvalidateFramebuffer, "numAttachments, NULL", NULL, invalidate, NEG_V(NO)),
	H(ClearBufferfv, "drawbuffer", NULL, clear_buffer_draw_buffer, { NO, IV, IV, IV, IV, IV }),
};
#define NR_TABLE (sizeof(table) / sizeof(table[0]))

/* ---- combinations ------------------------------------------------------------------------------- */

static void sub_data_past_end(void)
{
	array_16();
	F(BufferSubData)(GL_ARRAY_BUFFER, PTRDIFF_MAX - 2, 8, data);
}

static void copy_no_storage(void)
{
	GLuint b[2];

	F(GenBuffers)(2, b);
	gl.BindBuffer(GL_COPY_READ_BUFFER, b[0]);
	gl.BindBuffer(GL_COPY_WRITE_BUFFER, b[1]);
	copy(0, 0, 8);
}

static void copy_overlap_wrap(void)
{
	buf[0] = buffer_on(GL_COPY_READ_BUFFER, 16);
	gl.BindBuffer(GL_COPY_WRITE_BUFFER, buf[0]);
	copy(PTRDIFF_MAX, 0, PTRDIFF_MAX);
}

static void map_no_storage(void)
{
	GLuint b;

	F(GenBuffers)(1, &b);
	gl.BindBuffer(GL_ARRAY_BUFFER, b);
	ck_assert_ptr_null(F(MapBufferRange)(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT));
}

static void flush_past_map(void)
{
	array_16();
	gl.MapBufferRange(GL_ARRAY_BUFFER, 8, 8, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT);
	F(FlushMappedBufferRange)(GL_ARRAY_BUFFER, 4, PTRDIFF_MAX);
}

static void row_length_overflow(void)
{
	tex_unpack();
	gl.PixelStorei(GL_UNPACK_ROW_LENGTH, INT_MAX);
	gl.PixelStorei(GL_UNPACK_SKIP_ROWS, INT_MAX);
	F(TexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}

static void read_row_length_overflow(void)
{
	pack_64();
	gl.PixelStorei(GL_PACK_ROW_LENGTH, INT_MAX);
	gl.PixelStorei(GL_PACK_SKIP_PIXELS, INT_MAX);
	F(ReadPixels)(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}

static void tex_3d_size_overflow(void)
{
	glt_texture(GL_TEXTURE_3D);
	buf[0] = buffer_on(GL_PIXEL_UNPACK_BUFFER, 64);
	gl.PixelStorei(GL_UNPACK_IMAGE_HEIGHT, INT_MAX);
	gl.PixelStorei(GL_UNPACK_SKIP_IMAGES, INT_MAX);
	F(TexImage3D)(GL_TEXTURE_3D, 0, GL_RGBA, 2, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}

static void ubo_range_past_end(void)
{
	draw_state();
	ubo_16();
	F(BindBufferRange)(GL_UNIFORM_BUFFER, 0, buf[0], 0, PTRDIFF_MAX);
	F(DrawArrays)(GL_TRIANGLES, 0, 3);
}

static void ubo_offset_past_end(void)
{
	GLint align = glt_geti(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT);

	draw_state();
	ubo_16();
	F(BindBufferRange)(GL_UNIFORM_BUFFER, 0, buf[0], (GLintptr)align * (INT_MAX / align), 16);
	F(DrawArrays)(GL_TRIANGLES, 0, 3);
}

static void stride_times_count(void)
{
	draw_state();
	gl.BindBuffer(GL_ARRAY_BUFFER, buf[0]);
	F(VertexAttribPointer)(0, 4, GL_FLOAT, GL_FALSE, 2048, NULL);
	F(DrawArrays)(GL_TRIANGLES, INT_MAX - 3, 3);
}

static void first_plus_count(void)
{
	draw_state();
	F(DrawArrays)(GL_TRIANGLES, INT_MAX, INT_MAX);
}

static void elements_offset_plus_count(void)
{
	draw_state();
	F(DrawElements)(GL_TRIANGLES, INT_MAX, GL_UNSIGNED_INT, P(PTRDIFF_MAX - 2));
}

static void elements_restart_past_end(void)
{
	draw_state();
	gl.Enable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
	F(DrawElements)(GL_TRIANGLES, 1 << 20, GL_UNSIGNED_SHORT, P(2));
}

static void elements_line_loop_past_end(void)
{
	draw_state();
	F(DrawElements)(GL_LINE_LOOP, 1 << 20, GL_UNSIGNED_SHORT, P(2));
}

static void client_elements_null(void)
{
	draw_state();
	gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
	F(DrawElements)(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL);
}

static void tex_sub_y_height(void)
{
	tex_2d();
	F(TexSubImage2D)(GL_TEXTURE_2D, 0, 0, INT_MAX, 1, INT_MAX, GL_RGBA, GL_UNSIGNED_BYTE, data);
}

static void copy_tex_sub_width_wrap(void)
{
	tex_2d();
	F(CopyTexSubImage2D)(GL_TEXTURE_2D, 0, 1, 0, INT_MAX, 0, INT_MAX, 1);
}

static void read_x_width_wrap(void)
{
	uint8_t px[8];

	F(ReadPixels)(INT_MAX, 0, 2, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

static void delete_textures_null(void)
{
	tex_2d();
	F(DeleteTextures)(4, NULL);
}

static void uniform_count_bytes(void)
{
	program();
	F(Uniform4fv)(loc_of("u_a[2]"), INT_MAX / 2, (float *)data);
}


/* ---- NULL arrays with n > 0 (issue #14): no crash; input missing is INVALID_VALUE, --------------
 * as Mesa's NULL glShaderSource string; an output not there is not written */

typedef void(GL_APIENTRY *multi_arrays_fn)(GLenum, const GLint *, const GLsizei *, GLsizei);
typedef void(GL_APIENTRY *multi_elements_fn)(GLenum, const GLsizei *, GLenum, const void *const *,
					      GLsizei);
typedef void(GL_APIENTRY *discard_fn)(GLenum, GLsizei, const GLenum *);
#define FX(n, type) ((type)glt_proc("gl" #n))

static GLuint linked(void)
{
	GLint p;

	program();
	gl.GetIntegerv(GL_CURRENT_PROGRAM, &p);
	return (GLuint)p;
}

static void null_draw_buffers(void) { F(DrawBuffers)(1, NULL); }
static void null_draw_buffers_fbo(void)
{
	GLuint f;

	F(GenFramebuffers)(1, &f);
	F(BindFramebuffer)(GL_FRAMEBUFFER, f);
	F(DrawBuffers)(1, NULL);
}
static void null_uniform4fv(void) { program(); F(Uniform4fv)(loc_of("u_a"), 2, NULL); }
static void null_uniform1iv(void) { program(); F(Uniform1iv)(loc_of("u_a"), 1, NULL); }
static void null_uniform_matrix(void)
{
	program();
	F(UniformMatrix4fv)(loc_of("u_m"), 1, GL_FALSE, NULL);
}
static void null_uniform_indices_names(void)
{
	GLuint idx[2];

	F(GetUniformIndices)(linked(), 2, NULL, idx);
}
static void null_uniform_indices_out(void)
{
	static const char *names[1] = { "u_a" };

	F(GetUniformIndices)(linked(), 1, names, NULL);
}
static void null_active_uniforms_indices(void)
{
	GLint v[2];

	F(GetActiveUniformsiv)(linked(), 2, NULL, GL_UNIFORM_TYPE, v);
}
static void null_active_uniforms_params(void)
{
	static const GLuint idx[1] = { 0 };

	F(GetActiveUniformsiv)(linked(), 1, idx, GL_UNIFORM_TYPE, NULL);
}
static void null_xfb_varyings(void)
{
	F(TransformFeedbackVaryings)(gl.CreateProgram(), 2, NULL, GL_INTERLEAVED_ATTRIBS);
}
static void null_invalidate_sub(void)
{
	F(InvalidateSubFramebuffer)(GL_FRAMEBUFFER, 2, NULL, 0, 0, 4, 4);
}
static void null_discard(void) { FX(DiscardFramebufferEXT, discard_fn)(GL_FRAMEBUFFER, 2, NULL); }
static void null_multi_draw_arrays(void)
{
	draw_state();
	FX(MultiDrawArraysEXT, multi_arrays_fn)(GL_TRIANGLES, NULL, NULL, 2);
}
static void null_multi_draw_elements(void)
{
	draw_state();
	FX(MultiDrawElementsEXT, multi_elements_fn)(GL_TRIANGLES, NULL, GL_UNSIGNED_SHORT, NULL, 2);
}
static void null_attached_shaders(void) { F(GetAttachedShaders)(linked(), 4, NULL, NULL); }
static void null_program_binary(void) { F(GetProgramBinary)(linked(), 1 << 20, NULL, NULL, NULL); }
static void null_internalformat(void)
{
	F(GetInternalformativ)(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 4, NULL);
}
static void null_synciv(void)
{
	GLsync s = F(FenceSync)(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);

	F(GetSynciv)(s, GL_SYNC_STATUS, 4, NULL, NULL);
	F(DeleteSync)(s);
}
static void null_info_log(void) { F(GetProgramInfoLog)(linked(), 64, NULL, NULL); }
static void null_shader_log(void)
{
	F(GetShaderInfoLog)(gl.CreateShader(GL_VERTEX_SHADER), 64, NULL, NULL);
}
static void null_shader_source_out(void)
{
	F(GetShaderSource)(gl.CreateShader(GL_VERTEX_SHADER), 64, NULL, NULL);
}
static void null_active_uniform(void)
{
	F(GetActiveUniform)(linked(), 0, 64, NULL, NULL, NULL, NULL);
}
static void null_active_attrib(void)
{
	F(GetActiveAttrib)(linked(), 0, 64, NULL, NULL, NULL, NULL);
}
static void null_block_name(void) { F(GetActiveUniformBlockName)(linked(), 0, 64, NULL, NULL); }

static const struct combo combos[] = {
	{ "BufferSubData", "offset PTRDIFF_MAX - 2, size 8", sub_data_past_end, IV },
	{ "CopyBufferSubData", "buffers without storage", copy_no_storage, IV },
	{ "CopyBufferSubData", "offset + size wraps", copy_overlap_wrap, IV },
	{ "MapBufferRange", "a buffer without storage", map_no_storage, IV },
	{ "FlushMappedBufferRange", "offset + length wraps", flush_past_map, IV },
	{ "TexSubImage2D", "row length * skip rows overflows", row_length_overflow, IO },
	{ "ReadPixels", "row length, skip pixels overflow", read_row_length_overflow, IO },
	{ "TexImage3D", "image height * skip images overflows", tex_3d_size_overflow, IO },
	{ "BindBufferRange", "uniform size past the buffer, drawn", ubo_range_past_end, NO },
	{ "BindBufferRange", "uniform offset past the buffer, drawn", ubo_offset_past_end, NO },
	{ "DrawArrays", "stride * first past the buffer", stride_times_count, NO },
	{ "DrawArrays", "first + count wraps", first_plus_count, NO },
	{ "DrawElements", "offset + count * size wraps", elements_offset_plus_count, NO },
	{ "DrawElements", "restart indices past the buffer", elements_restart_past_end, NO },
	{ "DrawElements", "line loop indices past the buffer", elements_line_loop_past_end, NO },
	{ "DrawElements", "NULL client indices", client_elements_null, NO },
	{ "TexSubImage2D", "yoffset + height wraps", tex_sub_y_height, IV },
	{ "CopyTexSubImage2D", "x + width wraps", copy_tex_sub_width_wrap, IV },
	{ "ReadPixels", "x + width wraps", read_x_width_wrap, NO },
	{ "DeleteTextures", "n 4, NULL names", delete_textures_null, NO },
	{ "Uniform4fv", "count * 16 bytes past INT_MAX", uniform_count_bytes, NO },
	{ "DrawBuffers", "n 1, NULL, default framebuffer", null_draw_buffers, IV },
	{ "DrawBuffers", "n 1, NULL, a framebuffer object", null_draw_buffers_fbo, IV },
	{ "Uniform4fv", "count 2, NULL", null_uniform4fv, IV },
	{ "Uniform1iv", "count 1, NULL (vec4 array: wrong type)", null_uniform1iv, IV },
	{ "UniformMatrix4fv", "count 1, NULL", null_uniform_matrix, IV },
	{ "GetUniformIndices", "count 2, NULL names", null_uniform_indices_names, IV },
	{ "GetUniformIndices", "count 1, NULL indices", null_uniform_indices_out, NO },
	{ "GetActiveUniformsiv", "count 2, NULL indices", null_active_uniforms_indices, IV },
	{ "GetActiveUniformsiv", "count 1, NULL params", null_active_uniforms_params, NO },
	{ "TransformFeedbackVaryings", "count 2, NULL", null_xfb_varyings, IV },
	{ "InvalidateSubFramebuffer", "n 2, NULL", null_invalidate_sub, NO },
	{ "DiscardFramebufferEXT", "n 2, NULL", null_discard, NO },
	{ "MultiDrawArraysEXT", "n 2, NULL first and count", null_multi_draw_arrays, IV },
	{ "MultiDrawElementsEXT", "n 2, NULL count and indices", null_multi_draw_elements, IV },
	{ "GetAttachedShaders", "maxCount 4, NULL count and shaders", null_attached_shaders, NO },
	{ "GetProgramBinary", "bufSize 1 MiB, NULL out", null_program_binary, IO },
	{ "GetInternalformativ", "bufSize 4, NULL params", null_internalformat, NO },
	{ "GetSynciv", "bufSize 4, NULL length and values", null_synciv, NO },
	{ "GetProgramInfoLog", "bufSize 64, NULL log", null_info_log, NO },
	{ "GetShaderInfoLog", "bufSize 64, NULL log", null_shader_log, NO },
	{ "GetShaderSource", "bufSize 64, NULL source", null_shader_source_out, NO },
	{ "GetActiveUniform", "bufSize 64, NULL outputs", null_active_uniform, NO },
	{ "GetActiveAttrib", "bufSize 64, NULL outputs", null_active_attrib, NO },
	{ "GetActiveUniformBlockName", "bufSize 64, NULL name", null_block_name, NO },
};
#define NR_COMBOS (sizeof(combos) / sizeof(combos[0]))

/* ---- checks ------------------------------------------------------------------------------------- */

static unsigned error_bit(GLenum e)
{
	switch (e) {
	case GL_NO_ERROR: return NO;
	case GL_INVALID_VALUE: return IV;
	case GL_INVALID_OPERATION: return IO;
	case GL_OUT_OF_MEMORY: return OOM;
	}
	return 0x100;
}

static void drain(void)
{
	while (gl.GetError() != GL_NO_ERROR)
		;
}

/* The one error of the call, accepted by `want`. */
static void assert_error(unsigned want, const char *fn, const char *what, int64_t v)
{
	GLenum got = gl.GetError(), after = gl.GetError();

	ck_assert_msg(error_bit(got) & want, "gl%s (%s = %lld): error 0x%04x, want mask 0x%x", fn,
		      what, (long long)v, got, want);
	ck_assert_msg(after == GL_NO_ERROR, "gl%s (%s): a second error 0x%04x", fn, what, after);
}

/* The context still works: a green quad drawn over black, read back. */
static void assert_context_works(void)
{
	uint8_t px[4] = { 0 };

	drain();
	gl.BindVertexArray(0);
	gl.BindBuffer(GL_PIXEL_PACK_BUFFER, 0);
	gl.PixelStorei(GL_PACK_ROW_LENGTH, 0);
	gl.PixelStorei(GL_PACK_SKIP_PIXELS, 0);
	F(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	gl.Disable(GL_SCISSOR_TEST);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	gl.DisableVertexAttribArray(1);
	gl.UseProgram(glt_program(vs_arr, fs_green));
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 0, buffer_on(GL_UNIFORM_BUFFER, 16));
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_draw_window();
	gl.ReadPixels(GLT_W / 2, GLT_H / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_msg(px[0] == 0 && px[1] == 255 && px[2] == 0, "after the call: %u %u %u", px[0],
		      px[1], px[2]);
}

START_TEST(t_value)
{
	const struct hostile *h = &table[_i / NV];
	int64_t v = values[_i % NV];

	memset(data, 0x3c, sizeof(data));
	if (h->setup)
		h->setup();
	drain();
	h->call(v);
	assert_error(h->want[_i % NV], h->fn, h->arg, v);
	assert_context_works();
}
END_TEST

START_TEST(t_combo)
{
	const struct combo *c = &combos[_i];

	memset(data, 0x3c, sizeof(data));
	c->call();
	/* the set-up's calls are valid: only the last call's error is left */
	assert_error(c->want, c->fn, c->what, 0);
	assert_context_works();
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_hostile");
	TCase *tc = tcase_create("hostile");

	tcase_set_timeout(tc, 600);
	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_add_loop_test(tc, t_value, 0, (int)(NR_TABLE * NV));
	tcase_add_loop_test(tc, t_combo, 0, (int)NR_COMBOS);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int ret = glt_main(suite);

	printf("hostile input: %zu entry point parameters x %d values, %zu combinations\n",
	       NR_TABLE, NV, NR_COMBOS);
	return ret;
}
