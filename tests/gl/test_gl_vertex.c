/* SPDX-License-Identifier: MIT */
/*
 * Vertex formats as ES 3.0 defines them (2.8, table 2.5): every attribute
 * type, scaled and normalized, at strides and offsets that are not multiples
 * of 4, from buffers and from client memory; the types the host cannot fetch
 * (GL_FIXED, 32-bit integers read as floats) converted by virtgl; the packed
 * 2_10_10_10 types; instance divisors above 1; fixed-index primitive restart.
 * Each case draws and reads pixels back.
 */
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

static const char *vs =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"layout(location = 1) in vec4 a;\n"
	"uniform vec4 scale;\n"
	"out vec4 c;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); c = a * scale; }\n";
static const char *fs =
	"#version 300 es\n"
	"precision mediump float;\n"
	"in vec4 c;\n"
	"out vec4 o;\n"
	"void main() { o = c; }\n";

static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };

struct vertex_case {
	const char *what;
	GLenum type;
	GLint size;
	GLboolean normalized;
	uint8_t value[16];     /* one vertex's attribute, as the application stores it */
	uint8_t value_bytes;
	float scale[4];
	uint8_t want[4];       /* the pixel, RGBA */
};

#define B(...) { __VA_ARGS__ }
#define LE16(v) (uint8_t)((v) & 0xff), (uint8_t)(((v) >> 8) & 0xff)
#define LE32(v) (uint8_t)((uint32_t)(v) & 0xff), (uint8_t)(((uint32_t)(v) >> 8) & 0xff), \
		(uint8_t)(((uint32_t)(v) >> 16) & 0xff), (uint8_t)((uint32_t)(v) >> 24)
#define P2101010(x, y, z, w) LE32(((uint32_t)(x) & 0x3ff) | (((uint32_t)(y) & 0x3ff) << 10) | \
				  (((uint32_t)(z) & 0x3ff) << 20) | ((uint32_t)(w) << 30))

static const float S255 = 1.0f / 255.0f;

static const struct vertex_case cases[] = {
	{ "byte2 scaled", GL_BYTE, 2, GL_FALSE, B(100, (uint8_t)-50), 2,
	  { S255, -S255, 1, 1 }, { 100, 50, 0, 255 } },
	{ "ubyte3 scaled", GL_UNSIGNED_BYTE, 3, GL_FALSE, B(10, 200, 30), 3,
	  { S255, S255, S255, 1 }, { 10, 200, 30, 255 } },
	{ "byte1 normalized", GL_BYTE, 1, GL_TRUE, B(127), 1,
	  { 1, 1, 1, 1 }, { 255, 0, 0, 255 } },
	{ "short3 scaled", GL_SHORT, 3, GL_FALSE, B(LE16(1020), LE16(-2040), LE16(3060)), 6,
	  { 1.0f / 4080, -1.0f / 4080, 1.0f / 4080, 1 }, { 64, 128, 191, 255 } },
	{ "ushort1 scaled", GL_UNSIGNED_SHORT, 1, GL_FALSE, B(LE16(51 * 256)), 2,
	  { S255 / 256, 1, 1, 1 }, { 51, 0, 0, 255 } },
	{ "short2 normalized", GL_SHORT, 2, GL_TRUE, B(LE16(16384), LE16(-32767)), 4,
	  { 1, -1, 1, 1 }, { 128, 255, 0, 255 } },
	{ "int2 scaled", GL_INT, 2, GL_FALSE, B(LE32(100), LE32(200)), 8,
	  { S255, S255, 1, 1 }, { 100, 200, 0, 255 } },
	{ "int3 normalized", GL_INT, 3, GL_TRUE,
	  B(LE32(2147483647), LE32(-2147483647), LE32(1073741824)), 12,
	  { 1, -1, 1, 1 }, { 255, 255, 128, 255 } },
	{ "uint1 normalized", GL_UNSIGNED_INT, 1, GL_TRUE, B(LE32(0x80000000u)), 4,
	  { 1, 1, 1, 1 }, { 128, 0, 0, 255 } },
	{ "fixed2", GL_FIXED, 2, GL_FALSE, B(LE32(32768), LE32(16384)), 8,
	  { 1, 1, 1, 1 }, { 128, 64, 0, 255 } },
	{ "half2", GL_HALF_FLOAT, 2, GL_FALSE, B(LE16(0x3800), LE16(0x3400)), 4, /* 0.5, 0.25 */
	  { 1, 1, 1, 1 }, { 128, 64, 0, 255 } },
	{ "int_2_10_10_10 normalized", GL_INT_2_10_10_10_REV, 4, GL_TRUE,
	  B(P2101010(511, -511, 0, 1)), 4, { 1, -1, 1, 1 }, { 255, 255, 0, 255 } },
	{ "uint_2_10_10_10 scaled", GL_UNSIGNED_INT_2_10_10_10_REV, 4, GL_FALSE,
	  B(P2101010(100, 200, 50, 3)), 4, { S255, S255, S255, 1.0f / 3 }, { 100, 200, 50, 255 } },
};

enum { STRIDE = 17, OFFSET = 3 }; /* neither a multiple of 4 */

/* Six vertices of the case's attribute at OFFSET, STRIDE bytes apart. */
static uint8_t *odd_array(const struct vertex_case *c, size_t *bytes)
{
	uint8_t *data;

	*bytes = OFFSET + 5 * STRIDE + c->value_bytes;
	data = calloc(1, *bytes);
	ck_assert_ptr_nonnull(data);
	for (int v = 0; v < 6; v++)
		memcpy(data + OFFSET + v * STRIDE, c->value, c->value_bytes);
	return data;
}

static void draw_case(GLuint p, const struct vertex_case *c, bool from_buffer)
{
	size_t bytes;
	uint8_t *data = odd_array(c, &bytes);
	GLuint vbo = 0;

	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Uniform4fv(gl.GetUniformLocation(p, "scale"), 1, c->scale);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	if (from_buffer)
		vbo = glt_buffer(GL_ARRAY_BUFFER, data, (GLsizeiptr)bytes);
	gl.VertexAttribPointer(1, c->size, c->type, c->normalized, STRIDE,
			       from_buffer ? (const void *)(uintptr_t)OFFSET : data + OFFSET);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_msg(gl.GetError() == GL_NO_ERROR, "%s", c->what);
	glt_assert_pixel_near(16, 16, c->want, 2);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	if (vbo)
		gl.DeleteBuffers(1, &vbo);
	free(data);
}

START_TEST(t_formats_from_buffers_and_client_memory)
{
	GLuint p = glt_program(vs, fs);

	gl.UseProgram(p);
	gl.EnableVertexAttribArray(0);
	gl.EnableVertexAttribArray(1);
	for (size_t i = 0; i < sizeof(cases) / sizeof(cases[0]); i++) {
		draw_case(p, &cases[i], true);
		draw_case(p, &cases[i], false);
	}
	gl.DeleteProgram(p);
}
END_TEST

/* Divisor 2 over 4 instances: instances 0, 1 read the first value, 2, 3 the second. */
START_TEST(t_divisor_above_one)
{
	static const char *vs_inst =
		"#version 300 es\n"
		"layout(location = 0) in vec2 pos;\n"
		"layout(location = 1) in vec4 color;\n"
		"out vec4 c;\n"
		"void main() {\n"
		"  float x0 = -1.0 + 0.5 * float(gl_InstanceID);\n"
		"  gl_Position = vec4(x0 + (pos.x + 1.0) * 0.25, pos.y, 0.0, 1.0);\n"
		"  c = color;\n"
		"}\n";
	static const float colors[2][4] = { { 1, 0, 0, 1 }, { 0, 0, 1, 1 } };
	GLuint p = glt_program(vs_inst, fs), vbo;

	gl.UseProgram(p);
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.EnableVertexAttribArray(0);
	vbo = glt_buffer(GL_ARRAY_BUFFER, colors, sizeof(colors));
	gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, (void *)0);
	gl.EnableVertexAttribArray(1);
	gl.VertexAttribDivisor(1, 2);
	gl.DrawArraysInstanced(GL_TRIANGLES, 0, 6, 4);
	gl.VertexAttribDivisor(1, 0);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	/* 32 pixels wide: one instance per 8 columns */
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	glt_assert_pixel(12, 16, 255, 0, 0, 255);
	glt_assert_pixel(20, 16, 0, 0, 255, 255);
	glt_assert_pixel(28, 16, 0, 0, 255, 255);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteProgram(p);
}
END_TEST

/* ES 3.0 2.8.1 fixed-index restart: a strip over two separate quads, the
 * restart index between them; 0xff / 0xffff / 0xffffffff by index type, from
 * an element buffer and from client memory. Without restart the strip would
 * join the quads across the gap. */
static const float strip_pos[8][2] = {
	{ -1, -1 }, { -1, 1 }, { -0.5f, -1 }, { -0.5f, 1 }, /* columns 0..7 */
	{ 0.5f, -1 }, { 0.5f, 1 }, { 1, -1 }, { 1, 1 },     /* columns 24..31 */
};

static void draw_restart_strip(GLenum type, bool from_buffer)
{
	const uint32_t r32 = 0xffffffffu;
	uint8_t idx[9 * 4];
	uint32_t size = type == GL_UNSIGNED_BYTE ? 1 : type == GL_UNSIGNED_SHORT ? 2 : 4;
	const uint32_t order[9] = { 0, 1, 2, 3, r32, 4, 5, 6, 7 };
	GLuint ebo = 0;

	for (int i = 0; i < 9; i++) {
		uint32_t v = order[i] == r32 ? (size == 4 ? r32 : (1u << (8 * size)) - 1) : order[i];

		memcpy(idx + i * size, &v, size); /* little-endian */
	}
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	if (from_buffer)
		ebo = glt_buffer(GL_ELEMENT_ARRAY_BUFFER, idx, 9 * size);
	gl.DrawElements(GL_TRIANGLE_STRIP, 9, type, from_buffer ? NULL : idx);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_assert_pixel(4, 16, 255, 255, 255, 255);
	glt_assert_pixel(16, 16, 0, 0, 0, 0);   /* the gap: no triangle joins the quads */
	glt_assert_pixel(28, 16, 255, 255, 255, 255);
	gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
	if (ebo)
		gl.DeleteBuffers(1, &ebo);
}

START_TEST(t_primitive_restart_fixed_index)
{
	static const char *vs_pos =
		"#version 300 es\n"
		"layout(location = 0) in vec2 pos;\n"
		"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
	static const char *fs_white =
		"#version 300 es\n"
		"precision mediump float;\n"
		"out vec4 o;\n"
		"void main() { o = vec4(1.0); }\n";
	static const GLenum types[] = { GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT, GL_UNSIGNED_INT };
	GLuint p = glt_program(vs_pos, fs_white);

	gl.UseProgram(p);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, strip_pos);
	gl.EnableVertexAttribArray(0);
	gl.Enable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
	ck_assert(gl.IsEnabled(GL_PRIMITIVE_RESTART_FIXED_INDEX));
	for (int t = 0; t < 3; t++) {
		draw_restart_strip(types[t], true);
		draw_restart_strip(types[t], false);
	}
	gl.Disable(GL_PRIMITIVE_RESTART_FIXED_INDEX);
	gl.DeleteProgram(p);
}
END_TEST

/* ES 3.0 2.8: the packed types take size 4 only, and no integer pointers. */
START_TEST(t_packed_type_errors)
{
	gl.VertexAttribPointer(1, 3, GL_INT_2_10_10_10_REV, GL_TRUE, 0, NULL);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	gl.VertexAttribPointer(1, 2, GL_UNSIGNED_INT_2_10_10_10_REV, GL_FALSE, 0, NULL);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	gl.VertexAttribIPointer(1, 4, GL_INT_2_10_10_10_REV, 0, NULL);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	gl.VertexAttribPointer(1, 4, GL_INT_2_10_10_10_REV, GL_TRUE, 0, NULL);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}
END_TEST

/*
 * The host binds vertex buffers by resource id and, given an id it already
 * has bound, keeps the resource it holds; freed ids go to new resources.
 * A fresh context draws only from arrays (attribute 1 from buffer `old` at
 * stride 16), the buffer is deleted, and the next draw takes attribute 1's
 * current value, which lives in a resource made then (it gets the freed id)
 * bound in the same vertex buffer slot: the draw must read the current value
 * (blue), not the deleted buffer's red.
 */
START_TEST(t_freed_buffer_id_taken_by_current_values)
{
	static const float red[6][4] = { { 1, 0, 0, 1 }, { 1, 0, 0, 1 }, { 1, 0, 0, 1 },
					 { 1, 0, 0, 1 }, { 1, 0, 0, 1 }, { 1, 0, 0, 1 } };
	GLuint p = glt_program(vs, fs), pos, old;

	gl.UseProgram(p);
	gl.Uniform4f(gl.GetUniformLocation(p, "scale"), 1, 1, 1, 1);
	pos = glt_buffer(GL_ARRAY_BUFFER, full, sizeof(full));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
	gl.EnableVertexAttribArray(0);
	old = glt_buffer(GL_ARRAY_BUFFER, red, sizeof(red));
	gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, (void *)0);
	gl.EnableVertexAttribArray(1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.Finish();
	gl.DisableVertexAttribArray(1);
	gl.DeleteBuffers(1, &old);
	gl.Finish();                         /* the resource is gone: its id is free */
	gl.VertexAttrib4f(1, 0, 0, 1, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	gl.DeleteBuffers(1, &pos);
	gl.DeleteProgram(p);
}
END_TEST

/* The same for the index buffer: a new element buffer that gets a deleted
 * one's id must be the one read (all zeros: nothing drawn). */
START_TEST(t_freed_buffer_id_taken_by_new_indices)
{
	static const uint16_t quad[6] = { 0, 1, 2, 3, 4, 5 }, none[6] = { 0 };
	GLuint p = glt_program(vs, fs), pos, ebo;

	gl.UseProgram(p);
	gl.Uniform4f(gl.GetUniformLocation(p, "scale"), 1, 1, 1, 1);
	pos = glt_buffer(GL_ARRAY_BUFFER, full, sizeof(full));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
	gl.EnableVertexAttribArray(0);
	gl.VertexAttrib4f(1, 0, 1, 0, 1);
	ebo = glt_buffer(GL_ELEMENT_ARRAY_BUFFER, quad, sizeof(quad));
	gl.DrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL);
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	gl.DeleteBuffers(1, &ebo);
	gl.Finish();                         /* the resource is gone: its id is free */
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	ebo = glt_buffer(GL_ELEMENT_ARRAY_BUFFER, none, sizeof(none));
	gl.DrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, NULL);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_assert_pixel(16, 16, 0, 0, 0, 0);
	gl.DeleteBuffers(1, &ebo);
	gl.DeleteBuffers(1, &pos);
	gl.DeleteProgram(p);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_vertex");
	TCase *tc = tcase_create("vertex");

	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_add_test(tc, t_formats_from_buffers_and_client_memory);
	tcase_add_test(tc, t_divisor_above_one);
	tcase_add_test(tc, t_packed_type_errors);
	tcase_add_test(tc, t_primitive_restart_fixed_index);
	tcase_add_test(tc, t_freed_buffer_id_taken_by_current_values);
	tcase_add_test(tc, t_freed_buffer_id_taken_by_new_indices);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
