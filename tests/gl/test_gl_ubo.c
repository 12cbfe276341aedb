/* SPDX-License-Identifier: MIT */
/*
 * Uniform blocks, descriptor sets and buffer access through the GL core,
 * asserting pixels and the technique counters (gl/vgl_stats.h):
 *  - block index -> glUniformBlockBinding point -> glBindBufferRange range,
 *    resolved at draw time, offsets as dynamic offsets (no new sets);
 *  - one set allocated and reused over a 100-draw loop; a completed set
 *    recycled for a new binding state; no descriptor work without uniforms;
 *  - glMapBufferRange / glBufferSubData wait only for conflicting work.
 */
#include <string.h>

#include "gl_test_util.h"

static const char *vs_pos =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char *fs_block =
	"#version 300 es\n"
	"precision mediump float;\n"
	"uniform Colors { vec4 color; };\n"
	"out vec4 o;\n"
	"void main() { o = color; }\n";
/* a block per stage: both are binding 1 in their own stage's module */
static const char *vs_block =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"uniform Move { vec4 offset; };\n"
	"uniform float scale;\n"
	"void main() { gl_Position = vec4(pos * scale + offset.xy, 0.0, 1.0); }\n";
static const char *fs_const =
	"#version 300 es\n"
	"precision mediump float;\n"
	"out vec4 o;\n"
	"void main() { o = vec4(1.0, 1.0, 0.0, 1.0); }\n";

static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };
static const float left[12] = { -1, -1, 0, -1, 0, 1, -1, -1, 0, 1, -1, 1 };
static const float right[12] = { 0, -1, 1, -1, 1, 1, 0, -1, 1, 1, 0, 1 };

static GLint ubo_align(void)
{
	GLint a = 0;

	gl.GetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &a);
	ck_assert_int_gt(a, 0);
	return a < 16 ? 16 : a;
}

/* A UBO of n vec4 colours, colour k at k * stride. */
static GLuint colour_buffer(const float (*colours)[4], int n, GLint stride)
{
	uint8_t data[8 * 256] = { 0 };

	ck_assert_int_le(n * stride, (int)sizeof(data));
	for (int i = 0; i < n; i++)
		memcpy(data + i * stride, colours[i], 16);
	return glt_buffer(GL_UNIFORM_BUFFER, data, n * stride);
}

static void draw(const float *v)
{
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
}

static void clear_black(void)
{
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
}

static const float rgb[3][4] = { { 1, 0, 0, 1 }, { 0, 1, 0, 1 }, { 0, 0, 1, 1 } };

START_TEST(t_block_range_offsets)
{
	GLint align = ubo_align(), v = 0;
	GLuint p = glt_program(vs_pos, fs_block), buf = colour_buffer(rgb, 3, align);
	GLuint idx = gl.GetUniformBlockIndex(p, "Colors");

	ck_assert_uint_eq(idx, 0);
	ck_assert_uint_eq(gl.GetUniformBlockIndex(p, "Nope"), GL_INVALID_INDEX);
	gl.GetActiveUniformBlockiv(p, idx, GL_UNIFORM_BLOCK_DATA_SIZE, &v);
	ck_assert_int_eq(v, 16);
	gl.UniformBlockBinding(p, idx, 5);
	gl.GetActiveUniformBlockiv(p, idx, GL_UNIFORM_BLOCK_BINDING, &v);
	ck_assert_int_eq(v, 5);
	gl.UseProgram(p);
	clear_black();
	gl.BindBufferRange(GL_UNIFORM_BUFFER, 5, buf, 0, 16);
	draw(left);
	gl.BindBufferRange(GL_UNIFORM_BUFFER, 5, buf, 2 * align, 16);
	draw(right);
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	glt_assert_pixel(28, 16, 0, 0, 255, 255);
	/* an offset off the alignment is refused */
	gl.BindBufferRange(GL_UNIFORM_BUFFER, 5, buf, 1, 16);
	ck_assert_int_eq(gl.GetError(), align > 1 ? GL_INVALID_VALUE : GL_NO_ERROR);
	gl.DeleteBuffers(1, &buf);
	gl.DeleteProgram(p);
}
END_TEST

/* 100 draws moving one range around: one set, reused 99 times, written once. */
START_TEST(t_sets_reused_over_100_draws)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLint align = ubo_align();
	GLuint p = glt_program(vs_pos, fs_block), buf = colour_buffer(rgb, 3, align);

	gl.UseProgram(p);
	gl.UniformBlockBinding(p, 0, 1);
	clear_black();
	vgl_context_reset_stats(G.ctx);
	for (int i = 0; i < 100; i++) {
		gl.BindBufferRange(GL_UNIFORM_BUFFER, 1, buf, (i % 3) * align, 16);
		draw(full);
	}
	gl.Finish();
	ck_assert_uint_eq(st->draws, 100);
	ck_assert_uint_eq(st->sets_allocated, 1);
	ck_assert_uint_eq(st->sets_reused, 99);
	ck_assert_uint_eq(st->descriptor_writes, 1);
	ck_assert_uint_eq(st->set_binds, 100);
	ck_assert_uint_eq(st->pipelines_created, 1);
	/* the last draw used colour 99 % 3 = 0 */
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	gl.DeleteBuffers(1, &buf);
	gl.DeleteProgram(p);
}
END_TEST

/* A range moved within its buffer between draws of an otherwise unchanged
 * state is sent by the draw path that checks nothing else again (vgl_draw.c:
 * again_program); a range past the buffer's end draws nothing there too. */
START_TEST(t_ranges_move_between_draws_again)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLint align = ubo_align();
	GLuint p = glt_program(vs_pos, fs_block), buf = colour_buffer(rgb, 3, align);
	GLuint vbo = glt_buffer(GL_ARRAY_BUFFER, full, sizeof(full));

	gl.UseProgram(p);
	gl.UniformBlockBinding(p, 0, 1);
	gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	gl.EnableVertexAttribArray(0);
	clear_black();
	vgl_context_reset_stats(G.ctx);
	for (int i = 0; i < 3; i++) {
		gl.BindBufferRange(GL_UNIFORM_BUFFER, 1, buf, i * align, 16);
		gl.DrawArrays(GL_TRIANGLES, 0, 6);
	}
	ck_assert_uint_eq(st->draws, 3);
	ck_assert_uint_eq(st->draws_again, 2);
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	gl.BindBufferRange(GL_UNIFORM_BUFFER, 1, buf, 0, 16);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);          /* the whole path: after a read */
	gl.BindBufferRange(GL_UNIFORM_BUFFER, 1, buf, 3 * align, 16);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);          /* past the end: nothing */
	gl.BindBufferRange(GL_UNIFORM_BUFFER, 1, buf, align, 16);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);          /* again: green */
	ck_assert_uint_eq(st->draws, 5);
	ck_assert_uint_eq(st->draws_again, 3);
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteBuffers(1, &buf);
	gl.DeleteProgram(p);
}
END_TEST

/* A set whose batch completed is rewritten for a new buffer; a set still
 * being recorded with is never touched. */
START_TEST(t_sets_recycled)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint p = glt_program(vs_pos, fs_block);
	GLuint a = colour_buffer(&rgb[0], 1, 16), b = colour_buffer(&rgb[1], 1, 16);

	gl.UseProgram(p);
	vgl_context_reset_stats(G.ctx);
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 0, a);
	draw(full);
	gl.Finish();
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 0, b);
	draw(left);
	ck_assert_uint_eq(st->sets_allocated, 1);
	ck_assert_uint_eq(st->sets_recycled, 1);
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 0, a);
	draw(right);
	ck_assert_uint_eq(st->sets_allocated, 2);
	glt_assert_pixel(4, 16, 0, 255, 0, 255);
	glt_assert_pixel(28, 16, 255, 0, 0, 255);
	gl.DeleteBuffers(1, &a);
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(t_no_descriptor_work)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint p = glt_program(vs_pos, fs_const);

	gl.UseProgram(p);
	clear_black();
	vgl_context_reset_stats(G.ctx);
	for (int i = 0; i < 10; i++)
		draw(full);
	ck_assert_uint_eq(st->sets_allocated + st->sets_reused + st->set_binds, 0);
	glt_assert_pixel(16, 16, 255, 255, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* A vertex-stage block and a fragment-stage block, plus a loose uniform. */
START_TEST(t_blocks_in_both_stages)
{
	GLint align = ubo_align();
	const float move[2][4] = { { 0.5f, 0.5f, 0, 0 }, { 0, 0, 0, 0 } };
	GLuint p = glt_program(vs_block, fs_block);
	GLuint mb = colour_buffer(move, 1, align), cb = colour_buffer(rgb, 3, align);

	gl.UseProgram(p);
	gl.UniformBlockBinding(p, gl.GetUniformBlockIndex(p, "Move"), 2);
	gl.UniformBlockBinding(p, gl.GetUniformBlockIndex(p, "Colors"), 7);
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 2, mb);
	gl.BindBufferRange(GL_UNIFORM_BUFFER, 7, cb, align, 16);
	gl.Uniform1f(gl.GetUniformLocation(p, "scale"), 0.5f);
	clear_black();
	draw(full);  /* a half-size quad moved to the top-right quadrant, green */
	glt_assert_pixel(24, 24, 0, 255, 0, 255);
	glt_assert_pixel(8, 8, 0, 0, 0, 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteBuffers(1, &mb);
	gl.DeleteBuffers(1, &cb);
	gl.DeleteProgram(p);
}
END_TEST

/* A buffer the GPU never wrote is read from its CPU copy: no flush, no wait. */
START_TEST(t_map_read_no_wait)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	const uint32_t data[4] = { 1, 2, 3, 4 };
	GLuint p = glt_program(vs_pos, fs_block), buf = colour_buffer(rgb, 1, 16);
	const uint32_t *m;

	gl.UseProgram(p);
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 0, buf);
	draw(full);  /* the GPU reads it in an unflushed batch */
	vgl_context_reset_stats(G.ctx);
	gl.BufferSubData(GL_UNIFORM_BUFFER, 0, sizeof(data), data);
	m = gl.MapBufferRange(GL_UNIFORM_BUFFER, 0, 16, GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(m);
	ck_assert(m[0] == 1 && m[3] == 4);
	ck_assert_int_eq(gl.UnmapBuffer(GL_UNIFORM_BUFFER), GL_TRUE);
	ck_assert_uint_eq(st->access_flushes, 0);
	ck_assert_uint_eq(st->access_waits, 0);
	ck_assert_uint_eq(st->submits, 0);
	gl.DeleteBuffers(1, &buf);
	gl.DeleteProgram(p);
}
END_TEST

/* glBufferSubData of a buffer in use goes into the command stream: the
 * draw before it keeps the old colour, no flush, no wait; of an idle
 * buffer it is uploaded at once. */
START_TEST(t_subdata_ordering)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint p = glt_program(vs_pos, fs_block), buf = colour_buffer(rgb, 1, 16);

	gl.UseProgram(p);
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 0, buf);
	clear_black();
	vgl_context_reset_stats(G.ctx);
	draw(left);
	gl.BufferSubData(GL_UNIFORM_BUFFER, 0, 16, rgb[2]);
	draw(right);
	ck_assert_uint_eq(st->inline_updates, 1);
	ck_assert_uint_eq(st->access_flushes + st->access_waits + st->submits, 0);
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	glt_assert_pixel(28, 16, 0, 0, 255, 255);
	gl.Finish();
	gl.BufferSubData(GL_UNIFORM_BUFFER, 0, 16, rgb[1]);
	ck_assert_uint_eq(st->direct_uploads, 1);
	draw(full);
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	gl.DeleteBuffers(1, &buf);
	gl.DeleteProgram(p);
}
END_TEST

/* Mapping for write a buffer an unflushed draw reads flushes that batch
 * (and waits for it); MAP_INVALIDATE_BUFFER orphans instead: no flush. */
START_TEST(t_map_write)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint p = glt_program(vs_pos, fs_block), buf = colour_buffer(rgb, 1, 16);
	float *m;

	gl.UseProgram(p);
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 0, buf);
	clear_black();
	draw(left);
	vgl_context_reset_stats(G.ctx);
	m = gl.MapBufferRange(GL_UNIFORM_BUFFER, 0, 16, GL_MAP_WRITE_BIT);
	ck_assert_ptr_nonnull(m);
	ck_assert_uint_eq(st->access_flushes, 1);
	memcpy(m, rgb[1], 16);
	ck_assert_int_eq(gl.UnmapBuffer(GL_UNIFORM_BUFFER), GL_TRUE);
	draw(right);
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	glt_assert_pixel(28, 16, 0, 255, 0, 255);
	draw(full);
	vgl_context_reset_stats(G.ctx);
	m = gl.MapBufferRange(GL_UNIFORM_BUFFER, 0, 16,
			      GL_MAP_WRITE_BIT | GL_MAP_INVALIDATE_BUFFER_BIT);
	ck_assert_ptr_nonnull(m);
	memcpy(m, rgb[2], 16);
	gl.UnmapBuffer(GL_UNIFORM_BUFFER);
	ck_assert_uint_eq(st->access_flushes + st->access_waits, 0);
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 0, buf);
	draw(left);
	glt_assert_pixel(4, 16, 0, 0, 255, 255);
	glt_assert_pixel(28, 16, 0, 255, 0, 255);  /* the full-screen draw before: green */
	gl.DeleteBuffers(1, &buf);
	gl.DeleteProgram(p);
}
END_TEST

/* A GPU copy makes the CPU copy of the range it writes stale: a read of that
 * range flushes and waits for the writer, a read elsewhere does neither. */
START_TEST(t_copy_then_map)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	const uint32_t src_data[4] = { 10, 20, 30, 40 }, zero[16] = { 0 };
	GLuint src = glt_buffer(GL_COPY_READ_BUFFER, src_data, 16);
	GLuint dst = glt_buffer(GL_COPY_WRITE_BUFFER, zero, 64);
	const uint32_t *m;

	vgl_context_reset_stats(G.ctx);
	gl.CopyBufferSubData(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 4, 0, 12);
	m = gl.MapBufferRange(GL_COPY_WRITE_BUFFER, 32, 16, GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(m);
	ck_assert(m[0] == 0);
	gl.UnmapBuffer(GL_COPY_WRITE_BUFFER);
	ck_assert_uint_eq(st->access_flushes + st->access_waits + st->submits, 0);
	m = gl.MapBufferRange(GL_COPY_WRITE_BUFFER, 0, 16, GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(m);
	ck_assert(m[0] == 20 && m[1] == 30 && m[2] == 40 && m[3] == 0);
	gl.UnmapBuffer(GL_COPY_WRITE_BUFFER);
	ck_assert_uint_eq(st->access_flushes, 1);
	ck_assert_uint_le(st->access_waits, 1);
	gl.DeleteBuffers(1, &src);
	gl.DeleteBuffers(1, &dst);
}
END_TEST

START_TEST(t_buffer_errors)
{
	GLuint buf = glt_buffer(GL_ARRAY_BUFFER, NULL, 64);
	GLint v = 0;

	gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &v);
	ck_assert_int_eq(v, 64);
	ck_assert_int_eq(gl.IsBuffer(buf), GL_TRUE);
	ck_assert_ptr_null(gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 16,
					     GL_MAP_READ_BIT | GL_MAP_INVALIDATE_RANGE_BIT));
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	ck_assert_ptr_null(gl.MapBufferRange(GL_ARRAY_BUFFER, 60, 16, GL_MAP_READ_BIT));
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	ck_assert_int_eq(gl.UnmapBuffer(GL_ARRAY_BUFFER), GL_FALSE);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	gl.BufferSubData(GL_ARRAY_BUFFER, 60, 8, &v);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	gl.BufferData(GL_ARRAY_BUFFER, 16, NULL, 0x1234);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	gl.BindBuffer(0x1234, buf);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	gl.DeleteBuffers(1, &buf);
	ck_assert_int_eq(gl.IsBuffer(buf), GL_FALSE);
	gl.BufferData(GL_ARRAY_BUFFER, 16, NULL, GL_STATIC_DRAW);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION); /* deleting unbound it */
}
END_TEST

/* ---- the default block: CONST[0] (push constants) or, when too big, binding 0 ---- */

static const char *fs_loose =
	"#version 300 es\n"
	"precision mediump float;\n"
	"uniform vec4 color;\n"
	"out vec4 o;\n"
	"void main() { o = color; }\n";
/* 256 + 1 vec4: past the 4096 bytes push constants take */
static const char *vs_big =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"uniform vec4 big[256];\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0) + big[255]; }\n";

#define CMD_RESOURCE_INLINE_WRITE 9
#define CMD_SET_CONSTANT_BUFFER 12
#define CMD_SET_UNIFORM_BUFFER 27
#define STAGE_FRAGMENT 1

/* Draws v from a buffer object: client arrays would add writes of their own. */
static GLuint vbo_of(const float *v)
{
	GLuint b = glt_buffer(GL_ARRAY_BUFFER, v, 12 * sizeof(float));

	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	gl.EnableVertexAttribArray(0);
	return b;
}

/* Commands of one opcode in the open command buffer; *last: the last one's start. */
static uint32_t count_cmds(uint32_t opcode, const uint32_t **last)
{
	const uint32_t *dw;
	uint32_t n = vgl_context_recorded(G.ctx, &dw), found = 0;

	for (uint32_t i = 0; i < n; i += 1 + (dw[i] >> 16)) {
		if ((dw[i] & 0xff) != opcode)
			continue;
		found++;
		*last = dw + i;
	}
	return found;
}

/* A glUniform4fv before each draw: one SET_CONSTANT_BUFFER of the fragment
 * stage carrying the vec4 (3 + 4 dwords), no buffer write, no descriptors. */
START_TEST(t_default_block_is_const0)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint p = glt_program(vs_pos, fs_loose);
	GLint loc = gl.GetUniformLocation(p, "color");
	const uint32_t *cb = NULL, *other = NULL;
	GLuint vbo = vbo_of(full);

	gl.UseProgram(p);
	clear_black();
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.Finish();
	vgl_context_reset_stats(G.ctx);
	for (int i = 0; i < 3; i++) {
		gl.Uniform4fv(loc, 1, rgb[i]);
		gl.DrawArrays(GL_TRIANGLES, 0, 6);
	}
	ck_assert_uint_eq(count_cmds(CMD_SET_CONSTANT_BUFFER, &cb), 3);
	ck_assert_uint_eq(cb[0] >> 16, 2 + 4);
	ck_assert_uint_eq(cb[1], STAGE_FRAGMENT);
	ck_assert_mem_eq(&cb[3], rgb[2], 16);
	ck_assert_uint_eq(count_cmds(CMD_RESOURCE_INLINE_WRITE, &other), 0);
	ck_assert_uint_eq(count_cmds(CMD_SET_UNIFORM_BUFFER, &other), 0);
	ck_assert_uint_eq(st->uniform_uploads, 3);
	ck_assert_uint_eq(st->uniform_bytes, 3 * 16);
	ck_assert_uint_eq(st->sets_allocated + st->set_binds + st->descriptor_writes, 0);
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	/* the read-back flushed: the new command buffer gets the block once,
	 * then the same value again sends nothing */
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.Uniform4fv(loc, 1, rgb[2]);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_uint_eq(count_cmds(CMD_SET_CONSTANT_BUFFER, &cb), 1);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteProgram(p);
}
END_TEST

/* Two programs alternating: each draw after a switch gets its program's
 * whole block back in CONST[0]; a masked clear's own uniforms in between
 * do not leak into the application's draw. */
START_TEST(t_default_block_program_switch)
{
	GLuint p = glt_program(vs_pos, fs_loose), q = glt_program(vs_pos, fs_loose);

	gl.UseProgram(p);
	gl.Uniform4fv(gl.GetUniformLocation(p, "color"), 1, rgb[0]);
	gl.UseProgram(q);
	gl.Uniform4fv(gl.GetUniformLocation(q, "color"), 1, rgb[1]);
	clear_black();
	for (int i = 0; i < 4; i++) {
		gl.UseProgram(i & 1 ? q : p);
		draw(i & 1 ? right : left);
	}
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	glt_assert_pixel(28, 16, 0, 255, 0, 255);
	gl.UseProgram(p);
	draw(left);
	gl.ColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_TRUE);
	gl.ClearColor(0, 0, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);  /* drawn with the clear program's colour */
	gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	draw(left);
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	gl.DeleteProgram(p);
	gl.DeleteProgram(q);
}
END_TEST

/* A block past the push constant limit stays a buffer at binding 0: the
 * dirty range goes into it in the stream, one set serves every draw. */
START_TEST(t_default_block_too_big)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint p = glt_program(vs_big, fs_loose);
	const uint32_t *iw = NULL;
	const float zero[4] = { 0, 0, 0, 0 };
	GLuint vbo = vbo_of(full);

	gl.UseProgram(p);
	gl.Uniform4fv(gl.GetUniformLocation(p, "big[255]"), 1, zero);
	clear_black();
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.Finish();
	vgl_context_reset_stats(G.ctx);
	for (int i = 0; i < 3; i++) {
		gl.Uniform4fv(gl.GetUniformLocation(p, "color"), 1, rgb[i]);
		gl.DrawArrays(GL_TRIANGLES, 0, 6);
	}
	ck_assert_uint_eq(count_cmds(CMD_RESOURCE_INLINE_WRITE, &iw), 3);
	ck_assert_uint_eq(iw[0] >> 16, 11 + 4);
	ck_assert_uint_eq(st->uniform_uploads, 3);
	ck_assert_uint_eq(st->sets_allocated + st->sets_reused, 1);
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteProgram(p);
}
END_TEST

/* glGenBuffers only reserves a name: glBindBufferBase/Range make its object,
 * as glBindBuffer does (for both indexed targets), and bind the generic point. */
START_TEST(t_indexed_bind_makes_the_object)
{
	static const GLenum targets[2] = { GL_UNIFORM_BUFFER, GL_TRANSFORM_FEEDBACK_BUFFER };
	static const GLenum bindings[2] = { GL_UNIFORM_BUFFER_BINDING,
					    GL_TRANSFORM_FEEDBACK_BUFFER_BINDING };

	for (int i = 0; i < 2; i++) {
		GLuint b;
		GLint bound = -1;

		gl.GenBuffers(1, &b);
		ck_assert(!gl.IsBuffer(b));
		gl.BindBufferBase(targets[i], 0, b);
		ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
		ck_assert(gl.IsBuffer(b));
		gl.GetIntegerv(bindings[i], &bound);
		ck_assert_int_eq(bound, (GLint)b);
		gl.BindBufferBase(targets[i], 0, 0);
		gl.DeleteBuffers(1, &b);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_ubo");
	TCase *tc = tcase_create("ubo");

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_add_test(tc, t_block_range_offsets);
	tcase_add_test(tc, t_sets_reused_over_100_draws);
	tcase_add_test(tc, t_ranges_move_between_draws_again);
	tcase_add_test(tc, t_sets_recycled);
	tcase_add_test(tc, t_no_descriptor_work);
	tcase_add_test(tc, t_blocks_in_both_stages);
	tcase_add_test(tc, t_map_read_no_wait);
	tcase_add_test(tc, t_subdata_ordering);
	tcase_add_test(tc, t_map_write);
	tcase_add_test(tc, t_copy_then_map);
	tcase_add_test(tc, t_buffer_errors);
	tcase_add_test(tc, t_default_block_is_const0);
	tcase_add_test(tc, t_default_block_program_switch);
	tcase_add_test(tc, t_default_block_too_big);
	tcase_add_test(tc, t_indexed_bind_makes_the_object);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
