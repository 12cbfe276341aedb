/* SPDX-License-Identifier: MIT */
/*
 * Drawing through the GL core: shaders compiled and linked by compiler/,
 * vertex attributes from VBOs, VAOs, client memory and current values,
 * indexed draws, uniforms, and the fixed-function state (depth, blend,
 * scissor, viewport, culling). Every test reads pixels back at known
 * window positions (GL: y up from the bottom row).
 */
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

static const char *vs_attr =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"layout(location = 1) in vec4 color;\n"
	"out vec4 v_color;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); v_color = color; }\n";
static const char *fs_varying =
	"#version 300 es\n"
	"precision mediump float;\n"
	"in vec4 v_color;\n"
	"out vec4 o;\n"
	"void main() { o = v_color; }\n";
/* ES 1.00: attribute locations come from the linker or glBindAttribLocation */
static const char *vs_uniform =
	"attribute vec2 pos;\n"
	"uniform float u_z;\n"
	"void main() { gl_Position = vec4(pos, u_z, 1.0); }\n";
static const char *fs_uniform =
	"precision mediump float;\n"
	"uniform vec4 u_color;\n"
	"void main() { gl_FragColor = u_color; }\n";

/* Two triangles over NDC [x0,x1] x [y0,y1], counter-clockwise in GL's window space. */
static void quad(float *v, float x0, float y0, float x1, float y1)
{
	const float q[12] = { x0, y0, x1, y0, x1, y1, x0, y0, x1, y1, x0, y1 };

	memcpy(v, q, sizeof(q));
}

static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };

static void clear_black(void)
{
	gl.ClearColor(0, 0, 0, 1);
	gl.ClearDepthf(1);
	gl.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
}

/* The uniform-colour program with pos at location 0. */
static GLuint uniform_program(void)
{
	GLuint p;

	p = glt_program(vs_uniform, fs_uniform);
	gl.BindAttribLocation(p, 0, "pos");
	gl.LinkProgram(p);
	gl.UseProgram(p);
	return p;
}

static void draw_quad_at(GLuint p, const float *v, float z, float r, float g, float b, float a)
{
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), r, g, b, a);
	gl.Uniform1f(gl.GetUniformLocation(p, "u_z"), z);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
}

/* A triangle over the lower-left half, colour per vertex from one VBO. */
START_TEST(t_triangle_vbo)
{
	const float v[] = { -1, -1, 1, 0, 0, 1, 1, -1, 1, 0, 0, 1, -1, 1, 1, 0, 0, 1 };
	GLuint p = glt_program(vs_attr, fs_varying), vbo;

	clear_black();
	vbo = glt_buffer(GL_ARRAY_BUFFER, v, sizeof(v));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 6 * 4, (void *)0);
	gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 6 * 4, (void *)8);
	gl.EnableVertexAttribArray(0);
	gl.EnableVertexAttribArray(1);
	gl.UseProgram(p);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_assert_pixel(2, 2, 255, 0, 0, 255);     /* bottom-left corner: inside */
	glt_assert_pixel(25, 2, 255, 0, 0, 255);    /* bottom-right, below the diagonal */
	glt_assert_pixel(2, 25, 255, 0, 0, 255);    /* top-left, below the diagonal */
	glt_assert_pixel(20, 20, 0, 0, 0, 255);     /* above the diagonal: outside */
	glt_assert_pixel(29, 29, 0, 0, 0, 255);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteProgram(p);
}
END_TEST

/* Uniforms change between draws of one batch: each draw sees its own. */
START_TEST(t_uniform_per_draw)
{
	GLuint p = uniform_program();
	float left[12], right[12];
	GLfloat got[4];

	clear_black();
	quad(left, -1, -1, 0, 1);
	quad(right, 0, -1, 1, 1);
	draw_quad_at(p, left, 0, 0, 1, 0, 1);
	draw_quad_at(p, right, 0, 0, 0, 1, 1);
	glt_assert_pixel(4, 16, 0, 255, 0, 255);
	glt_assert_pixel(28, 16, 0, 0, 255, 255);
	gl.GetUniformfv(p, gl.GetUniformLocation(p, "u_color"), got);
	ck_assert(got[0] == 0 && got[1] == 0 && got[2] == 1 && got[3] == 1);
	gl.DeleteProgram(p);
}
END_TEST

/* Attributes of two VAOs, each with its own buffer. */
START_TEST(t_vao)
{
	const float red[] = { -1, -1, 1, 0, 0, 1, 0, -1, 1, 0, 0, 1, -1, 1, 1, 0, 0, 1 };
	const float green[] = { 1, 1, 0, 1, 0, 1, 0, 1, 0, 1, 0, 1, 1, 0, 0, 1, 0, 1 };
	GLuint p = glt_program(vs_attr, fs_varying), vao[2], vbo[2];

	clear_black();
	gl.GenVertexArrays(2, vao);
	for (int i = 0; i < 2; i++) {
		gl.BindVertexArray(vao[i]);
		vbo[i] = glt_buffer(GL_ARRAY_BUFFER, i ? green : red, sizeof(red));
		gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 24, (void *)0);
		gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 24, (void *)8);
		gl.EnableVertexAttribArray(0);
		gl.EnableVertexAttribArray(1);
	}
	gl.UseProgram(p);
	gl.BindVertexArray(vao[0]);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	gl.BindVertexArray(vao[1]);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	gl.BindVertexArray(0);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_assert_pixel(2, 2, 255, 0, 0, 255);
	glt_assert_pixel(29, 29, 0, 255, 0, 255);
	glt_assert_pixel(29, 2, 0, 0, 0, 255);
	gl.DeleteVertexArrays(2, vao);
	gl.DeleteBuffers(2, vbo);
	gl.DeleteProgram(p);
}
END_TEST

/* One quad's four corners, drawn with 16-bit indices from an element
 * buffer, 8-bit client indices, and 32-bit indices at an offset. */
START_TEST(t_indexed)
{
	const float corners[] = { -1, -1, 0, -1, 0, 0, -1, 0 };  /* lower-left quadrant */
	const uint16_t i16[] = { 0, 1, 2, 0, 2, 3 };
	const uint8_t i8[] = { 0, 1, 2, 0, 2, 3 };
	const uint32_t i32[] = { 7, 7, 0, 1, 2, 0, 2, 3 };
	GLuint p = uniform_program(), vbo, ebo[2];

	clear_black();
	vbo = glt_buffer(GL_ARRAY_BUFFER, corners, sizeof(corners));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
	gl.EnableVertexAttribArray(0);
	gl.Uniform1f(gl.GetUniformLocation(p, "u_z"), 0);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 1, 0, 0, 1);
	ebo[0] = glt_buffer(GL_ELEMENT_ARRAY_BUFFER, i16, sizeof(i16));
	gl.DrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, (void *)0);
	glt_assert_pixel(4, 4, 255, 0, 0, 255);
	glt_assert_pixel(20, 20, 0, 0, 0, 255);
	gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 0, 1, 0, 1);
	gl.DrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_BYTE, i8);
	glt_assert_pixel(4, 4, 0, 255, 0, 255);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 0, 0, 1, 1);
	ebo[1] = glt_buffer(GL_ELEMENT_ARRAY_BUFFER, i32, sizeof(i32));
	gl.DrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_INT, (void *)8);
	glt_assert_pixel(4, 4, 0, 0, 255, 255);
	glt_assert_pixel(15, 15, 0, 0, 255, 255);
	glt_assert_pixel(16, 16, 0, 0, 0, 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DrawElements(GL_TRIANGLES, 6, GL_FLOAT, (void *)0);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	gl.DeleteBuffers(2, ebo);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(t_depth_test)
{
	GLuint p = uniform_program();

	clear_black();
	gl.Enable(GL_DEPTH_TEST);
	gl.DepthFunc(GL_LESS);
	draw_quad_at(p, full, 0.0f, 1, 0, 0, 1);   /* window depth 0.5 */
	draw_quad_at(p, full, 0.6f, 0, 1, 0, 1);   /* behind: rejected */
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	draw_quad_at(p, full, -0.6f, 0, 0, 1, 1);  /* in front: passes */
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	gl.DepthMask(GL_FALSE);
	draw_quad_at(p, full, -0.8f, 0, 1, 0, 1);  /* passes, leaves depth alone */
	gl.DepthMask(GL_TRUE);
	draw_quad_at(p, full, -0.7f, 1, 1, 1, 1);  /* in front of -0.6: passes */
	glt_assert_pixel(16, 16, 255, 255, 255, 255);
	gl.Disable(GL_DEPTH_TEST);
	gl.DeleteProgram(p);
}
END_TEST

static void assert_near(int x, int y, int r, int g, int b)
{
	uint8_t px[4];

	glt_pixel(x, y, px);
	ck_assert_msg(abs(px[0] - r) <= 1 && abs(px[1] - g) <= 1 && abs(px[2] - b) <= 1,
		      "(%d,%d) = %u,%u,%u want %d,%d,%d", x, y, px[0], px[1], px[2], r, g, b);
}

START_TEST(t_blend)
{
	GLuint p = uniform_program();

	gl.ClearColor(0, 0, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Enable(GL_BLEND);
	gl.BlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
	draw_quad_at(p, full, 0, 1, 0, 0, 0.5f);
	assert_near(16, 16, 128, 0, 128);
	/* blend colour is dynamic state: a new colour, the same pipeline */
	gl.BlendFunc(GL_CONSTANT_COLOR, GL_ZERO);
	gl.BlendColor(0, 1, 0, 1);
	draw_quad_at(p, full, 0, 1, 1, 1, 1);
	assert_near(16, 16, 0, 255, 0);
	gl.Disable(GL_BLEND);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(t_scissor_viewport)
{
	GLuint p = uniform_program();

	clear_black();
	gl.Enable(GL_SCISSOR_TEST);
	gl.Scissor(0, 0, 16, 32);
	draw_quad_at(p, full, 0, 1, 0, 0, 1);
	gl.Disable(GL_SCISSOR_TEST);
	glt_assert_pixel(15, 30, 255, 0, 0, 255);
	glt_assert_pixel(16, 30, 0, 0, 0, 255);
	/* the viewport maps NDC to the top-right quadrant (GL: y up) */
	gl.Viewport(16, 16, 16, 16);
	draw_quad_at(p, full, 0, 0, 1, 0, 1);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	glt_assert_pixel(20, 20, 0, 255, 0, 255);
	glt_assert_pixel(20, 12, 0, 0, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* GL's front face is counter-clockwise in window space (y up). */
START_TEST(t_cull_face)
{
	const float ccw[] = { -1, -1, 1, -1, -1, 1 }, cw[] = { -1, -1, -1, 1, 1, -1 };
	GLuint p = uniform_program();
	float v[12];

	clear_black();
	gl.Enable(GL_CULL_FACE);
	gl.CullFace(GL_BACK);
	memcpy(v, cw, sizeof(cw));
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 1, 0, 0, 1);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	glt_assert_pixel(2, 2, 0, 0, 0, 255);      /* clockwise: culled */
	memcpy(v, ccw, sizeof(ccw));
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	glt_assert_pixel(2, 2, 255, 0, 0, 255);    /* counter-clockwise: drawn */
	gl.FrontFace(GL_CW);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 0, 1, 0, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	glt_assert_pixel(2, 2, 255, 0, 0, 255);    /* now it is the back: culled */
	gl.FrontFace(GL_CCW);
	gl.Disable(GL_CULL_FACE);
	gl.DeleteProgram(p);
}
END_TEST

/* A disabled array reads the current value (glVertexAttrib4f). */
START_TEST(t_current_attrib)
{
	GLuint p = glt_program(vs_attr, fs_varying), vbo;

	clear_black();
	gl.UseProgram(p);
	vbo = glt_buffer(GL_ARRAY_BUFFER, full, sizeof(full));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
	gl.EnableVertexAttribArray(0);
	gl.DisableVertexAttribArray(1);
	gl.VertexAttrib4f(1, 0, 1, 0, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	gl.VertexAttrib4f(1, 1, 0, 1, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	glt_assert_pixel(16, 16, 255, 0, 255, 255);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteProgram(p);
}
END_TEST

/*
 * Values changed between two draws of one batch (no read in between): the
 * first draw keeps the old ones. Current attribute values and glBufferSubData
 * on a buffer a queued draw reads go to the host as buffer updates; on a GPU
 * host an update the host applies at decode time, not in GPU order, shows
 * the new value in the left quad too (seen on NVIDIA before gl/ copied them).
 */
START_TEST(t_updates_between_draws_keep_order)
{
	GLuint p = glt_program(vs_attr, fs_varying), vbo[2];
	float pos[24], red[48], blue[48];

	for (int i = 0; i < 12; i++)
		for (int c = 0; c < 4; c++) {
			red[i * 4 + c] = c == 0 || c == 3;
			blue[i * 4 + c] = c >= 2;
		}
	quad(pos, -1, -1, 0, 1);
	quad(pos + 12, 0, -1, 1, 1);
	clear_black();
	gl.UseProgram(p);
	vbo[0] = glt_buffer(GL_ARRAY_BUFFER, pos, sizeof(pos));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
	gl.EnableVertexAttribArray(0);
	gl.DisableVertexAttribArray(1);
	gl.VertexAttrib4f(1, 0, 1, 0, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.VertexAttrib4f(1, 0, 0, 1, 1);
	gl.DrawArrays(GL_TRIANGLES, 6, 6);
	glt_assert_pixel(4, 16, 0, 255, 0, 255);
	glt_assert_pixel(28, 16, 0, 0, 255, 255);
	vbo[1] = glt_buffer(GL_ARRAY_BUFFER, red, sizeof(red));
	gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 0, (void *)0);
	gl.EnableVertexAttribArray(1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.BufferSubData(GL_ARRAY_BUFFER, 0, sizeof(blue), blue);
	gl.DrawArrays(GL_TRIANGLES, 6, 6);
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	glt_assert_pixel(28, 16, 0, 0, 255, 255);
	gl.DeleteBuffers(2, vbo);
	gl.DeleteProgram(p);
}
END_TEST

/* Normalized unsigned bytes as colours, interleaved with float positions. */
START_TEST(t_normalized_bytes)
{
	struct vtx { float x, y; uint8_t c[4]; } v[3] = {
		{ -1, -1, { 255, 255, 0, 255 } }, { 3, -1, { 255, 255, 0, 255 } },
		{ -1, 3, { 255, 255, 0, 255 } } };
	GLuint p = glt_program(vs_attr, fs_varying), vbo;

	clear_black();
	gl.UseProgram(p);
	vbo = glt_buffer(GL_ARRAY_BUFFER, v, sizeof(v));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, sizeof(v[0]), (void *)0);
	gl.VertexAttribPointer(1, 4, GL_UNSIGNED_BYTE, GL_TRUE, sizeof(v[0]), (void *)8);
	gl.EnableVertexAttribArray(0);
	gl.EnableVertexAttribArray(1);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	glt_assert_pixel(16, 16, 255, 255, 0, 255);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(t_stencil)
{
	GLuint p = uniform_program();
	float left[12];

	gl.ClearStencil(0);
	gl.Clear(GL_STENCIL_BUFFER_BIT);
	clear_black();
	gl.Enable(GL_STENCIL_TEST);
	gl.StencilFunc(GL_ALWAYS, 1, 0xff);
	gl.StencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
	gl.ColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
	quad(left, -1, -1, 0, 1);
	draw_quad_at(p, left, 0, 1, 1, 1, 1);
	gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	gl.StencilFunc(GL_EQUAL, 1, 0xff);
	gl.StencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
	draw_quad_at(p, full, 0, 1, 0, 0, 1);
	gl.Disable(GL_STENCIL_TEST);
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	glt_assert_pixel(28, 16, 0, 0, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* A stencil clear under a partial write mask is drawn: only masked bits change. */
START_TEST(t_masked_stencil_clear)
{
	GLuint p = uniform_program();
	PFNGLSTENCILMASKPROC stencil_mask =
		(PFNGLSTENCILMASKPROC)vgl_get_proc_address("glStencilMask");

	clear_black();
	gl.ClearStencil(0x30);
	gl.Clear(GL_STENCIL_BUFFER_BIT);
	stencil_mask(0x0f);
	gl.ClearStencil(0xff);
	gl.Clear(GL_STENCIL_BUFFER_BIT);   /* 0x30 | 0x0f */
	stencil_mask(0xff);
	gl.Enable(GL_STENCIL_TEST);
	gl.StencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
	gl.StencilFunc(GL_EQUAL, 0x3f, 0xff);
	draw_quad_at(p, full, 0, 0, 1, 0, 1);
	gl.Disable(GL_STENCIL_TEST);
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* glStencilFunc's ref is clamped to the stencil range when used, not
 * masked: 256 tests as 255, -1 as 0 (dEQP's stencil grids end with both). */
START_TEST(t_stencil_ref_clamped)
{
	static const struct { GLint ref; GLint stored; } rows[] = { { 256, 0xff }, { -1, 0 } };
	GLuint p = uniform_program();

	for (unsigned i = 0; i < sizeof(rows) / sizeof(rows[0]); i++) {
		clear_black();
		gl.ClearStencil(rows[i].stored);
		gl.Clear(GL_STENCIL_BUFFER_BIT);
		gl.Enable(GL_STENCIL_TEST);
		gl.StencilOp(GL_KEEP, GL_KEEP, GL_KEEP);
		gl.StencilFunc(GL_EQUAL, rows[i].ref, 0xff);
		draw_quad_at(p, full, 0, 0, 1, 0, 1);
		gl.Disable(GL_STENCIL_TEST);
		glt_assert_pixel(16, 16, 0, 255, 0, 255);
		/* the query keeps what was given */
		ck_assert_int_eq(glt_geti(GL_STENCIL_REF), rows[i].ref);
	}
	gl.DeleteProgram(p);
}
END_TEST

/* Pixel centre of column / row i in NDC (32 pixels). */
static float centre(int i)
{
	return ((float)i + 0.5f) / 16.0f - 1.0f;
}

/* GL_LINE_LOOP has no Vulkan topology: it is drawn as a strip closed by an index list. */
START_TEST(t_line_loop_and_fan)
{
	const float loop[8] = { centre(8), centre(8), centre(23), centre(8), centre(23), centre(23),
				centre(8), centre(23) };
	const float fan[8] = { -1, -1, 0, -1, 0, 0, -1, 0 };
	GLuint p = uniform_program();

	clear_black();
	gl.Uniform1f(gl.GetUniformLocation(p, "u_z"), 0);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 1, 1, 1, 1);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, loop);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_LINE_LOOP, 0, 4);
	glt_assert_pixel(16, 8, 255, 255, 255, 255);   /* first edge */
	glt_assert_pixel(8, 16, 255, 255, 255, 255);   /* the closing edge */
	glt_assert_pixel(16, 16, 0, 0, 0, 255);        /* inside: not filled */
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 1, 0, 0, 1);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, fan);
	gl.DrawArrays(GL_TRIANGLE_FAN, 0, 4);
	glt_assert_pixel(4, 4, 255, 0, 0, 255);
	glt_assert_pixel(12, 12, 255, 0, 0, 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* Instanced draws: the colour and offset advance per instance (divisor 1). */
START_TEST(t_instanced)
{
	static const char *vs =
		"#version 300 es\n"
		"layout(location = 0) in vec2 pos;\n"
		"layout(location = 1) in vec4 color;\n"
		"layout(location = 2) in float dx;\n"
		"out vec4 v_color;\n"
		"void main() { gl_Position = vec4(pos.x + dx, pos.y, 0.0, 1.0); v_color = color; }\n";
	const float left[12] = { -1, -1, 0, -1, 0, 1, -1, -1, 0, 1, -1, 1 };
	const float inst[2][5] = { { 1, 0, 0, 1, 0 }, { 0, 1, 0, 1, 1 } };
	GLuint p = glt_program(vs, fs_varying), vbo[2];
	PFNGLVERTEXATTRIBDIVISORPROC divisor =
		(PFNGLVERTEXATTRIBDIVISORPROC)vgl_get_proc_address("glVertexAttribDivisor");
	PFNGLDRAWARRAYSINSTANCEDPROC draw =
		(PFNGLDRAWARRAYSINSTANCEDPROC)vgl_get_proc_address("glDrawArraysInstanced");

	clear_black();
	gl.UseProgram(p);
	vbo[0] = glt_buffer(GL_ARRAY_BUFFER, left, sizeof(left));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
	vbo[1] = glt_buffer(GL_ARRAY_BUFFER, inst, sizeof(inst));
	gl.VertexAttribPointer(1, 4, GL_FLOAT, GL_FALSE, 20, (void *)0);
	gl.VertexAttribPointer(2, 1, GL_FLOAT, GL_FALSE, 20, (void *)16);
	for (GLuint i = 0; i < 3; i++)
		gl.EnableVertexAttribArray(i);
	divisor(1, 1);
	divisor(2, 1);
	draw(GL_TRIANGLES, 0, 6, 2);
	divisor(1, 0);
	divisor(2, 0);
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	glt_assert_pixel(28, 16, 0, 255, 0, 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteBuffers(2, vbo);
	gl.DeleteProgram(p);
}
END_TEST

/* Arrays, matrices and bools in the default block (std140 strides). */
START_TEST(t_uniform_arrays_matrices)
{
	static const char *vs =
		"#version 300 es\n"
		"layout(location = 0) in vec2 pos;\n"
		"uniform mat4 m;\n"
		"void main() { gl_Position = m * vec4(pos, 0.0, 1.0); }\n";
	static const char *fs =
		"#version 300 es\n"
		"precision mediump float;\n"
		"uniform vec4 colors[3];\n"
		"uniform int pick;\n"
		"uniform bool on;\n"
		"out vec4 o;\n"
		"void main() { o = on ? colors[pick] : vec4(1.0); }\n";
	/* column-major: scale by 0.5, move by (0.5, 0.5): the top-right quadrant */
	const GLfloat m[16] = { 0.5f, 0, 0, 0, 0, 0.5f, 0, 0, 0, 0, 1, 0, 0.5f, 0.5f, 0, 1 };
	const GLfloat cols[8] = { 0, 0, 1, 1, 0, 1, 0, 1 };
	GLuint p = glt_program(vs, fs);
	PFNGLUNIFORM4FVPROC u4fv = gl.Uniform4fv;
	GLfloat got[4];

	clear_black();
	gl.UseProgram(p);
	gl.UniformMatrix4fv(gl.GetUniformLocation(p, "m"), 1, GL_FALSE, m);
	u4fv(gl.GetUniformLocation(p, "colors"), 1, (const GLfloat[]){ 1, 0, 0, 1 });
	u4fv(gl.GetUniformLocation(p, "colors[1]"), 2, cols);
	gl.Uniform1i(gl.GetUniformLocation(p, "pick"), 2);
	gl.Uniform1i(gl.GetUniformLocation(p, "on"), 1);
	ck_assert_int_eq(gl.GetUniformLocation(p, "colors[3]"), -1);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	glt_assert_pixel(24, 24, 0, 255, 0, 255);
	glt_assert_pixel(8, 8, 0, 0, 0, 255);
	gl.GetUniformfv(p, gl.GetUniformLocation(p, "colors[1]"), got);
	ck_assert(got[0] == 0 && got[2] == 1);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* Client-memory vertices drawn with client-memory indices (the stream
 * buffer takes both; the largest index decides how much vertex data). */
START_TEST(t_client_arrays_indexed)
{
	const float v[10] = { 5, 5, 0, 0, 1, 0, 1, 1, 0, 1 };  /* vertex 0 is never used */
	const uint16_t idx[6] = { 1, 2, 3, 1, 3, 4 };
	GLuint p = uniform_program();

	clear_black();
	gl.Uniform1f(gl.GetUniformLocation(p, "u_z"), 0);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 0, 1, 1, 1);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
	gl.EnableVertexAttribArray(0);
	gl.DrawElements(GL_TRIANGLES, 6, GL_UNSIGNED_SHORT, idx);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_assert_pixel(24, 24, 0, 255, 255, 255);
	glt_assert_pixel(8, 8, 0, 0, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* Client arrays larger than the stream buffer take a buffer of their own. */
START_TEST(t_large_client_array)
{
	const GLsizei n = 3 * 50000;  /* 1.2 MB of vec2: over the 1 MiB stream */
	float *v = calloc((size_t)n * 2, sizeof(float));
	GLuint p = uniform_program();

	ck_assert_ptr_nonnull(v);
	/* one big triangle, then degenerate ones */
	v[0] = -1; v[1] = -1; v[2] = 3; v[3] = -1; v[4] = -1; v[5] = 3;
	clear_black();
	gl.Uniform1f(gl.GetUniformLocation(p, "u_z"), 0);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 1, 0, 1, 1);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, n);
	free(v);  /* the data was copied at the draw */
	glt_assert_pixel(16, 16, 255, 0, 255, 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* ES 2.0's GL_FIXED (16.16) positions, from a buffer and from client memory. */
START_TEST(t_fixed_attribs)
{
	const GLint one = 65536;
	const GLint v[12] = { -one, -one, 0, -one, 0, 0, -one, -one, 0, 0, -one, 0 };
	GLuint p = uniform_program(), vbo;

	clear_black();
	gl.Uniform1f(gl.GetUniformLocation(p, "u_z"), 0);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 1, 1, 0, 1);
	vbo = glt_buffer(GL_ARRAY_BUFFER, v, sizeof(v));
	gl.VertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 0, (void *)0);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	glt_assert_pixel(8, 8, 255, 255, 0, 255);
	glt_assert_pixel(24, 24, 0, 0, 0, 255);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 0, 1, 1, 1);
	gl.VertexAttribPointer(0, 2, GL_FIXED, GL_FALSE, 8, v);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	glt_assert_pixel(8, 8, 0, 255, 255, 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteProgram(p);
}
END_TEST

/* Drawing from a mapped buffer is an error (ES 3.0 2.9.3); nothing is drawn. */
START_TEST(t_draw_from_mapped_buffer)
{
	GLuint p = uniform_program(), vbo, other;

	clear_black();
	vbo = glt_buffer(GL_ARRAY_BUFFER, full, sizeof(full));
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, (void *)0);
	gl.EnableVertexAttribArray(0);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 1, 1, 1, 1);
	ck_assert_ptr_nonnull(gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT));
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	/* another buffer mapped and deleted (which unmaps it) leaves this one mapped */
	other = glt_buffer(GL_COPY_READ_BUFFER, full, sizeof(full));
	ck_assert_ptr_nonnull(gl.MapBufferRange(GL_COPY_READ_BUFFER, 0, 8, GL_MAP_READ_BIT));
	gl.DeleteBuffers(1, &other);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	gl.UnmapBuffer(GL_ARRAY_BUFFER);
	glt_assert_pixel(16, 16, 0, 0, 0, 255);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	glt_assert_pixel(16, 16, 255, 255, 255, 255);
	/* mapped again, then given new data: glBufferData unmaps it */
	ck_assert_ptr_nonnull(gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT));
	gl.BufferData(GL_ARRAY_BUFFER, sizeof(full), full, GL_STATIC_DRAW);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteProgram(p);
}
END_TEST

/* An integer attribute from an array and from a current value (glVertexAttribI4i). */
START_TEST(t_integer_attribs)
{
	static const char *vs =
		"#version 300 es\n"
		"layout(location = 0) in vec2 pos;\n"
		"layout(location = 1) in ivec4 sel;\n"
		"flat out ivec4 v_sel;\n"
		"void main() { gl_Position = vec4(pos, 0.0, 1.0); v_sel = sel; }\n";
	static const char *fs =
		"#version 300 es\n"
		"precision mediump float;\n"
		"flat in ivec4 v_sel;\n"
		"out vec4 o;\n"
		"void main() { o = vec4(v_sel) / 255.0; }\n";
	PFNGLVERTEXATTRIBI4IPROC attr_i4i =
		(PFNGLVERTEXATTRIBI4IPROC)vgl_get_proc_address("glVertexAttribI4i");
	PFNGLVERTEXATTRIBIPOINTERPROC ipointer =
		(PFNGLVERTEXATTRIBIPOINTERPROC)vgl_get_proc_address("glVertexAttribIPointer");
	const GLint sel[6][4] = { { 255, 0, 0, 255 }, { 255, 0, 0, 255 }, { 255, 0, 0, 255 },
				  { 255, 0, 0, 255 }, { 255, 0, 0, 255 }, { 255, 0, 0, 255 } };
	GLuint p = glt_program(vs, fs), vbo;

	clear_black();
	gl.UseProgram(p);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.EnableVertexAttribArray(0);
	gl.DisableVertexAttribArray(1);
	attr_i4i(1, 0, 255, 0, 255);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	vbo = glt_buffer(GL_ARRAY_BUFFER, sel, sizeof(sel));
	ipointer(1, 4, GL_INT, 0, (void *)0);
	gl.EnableVertexAttribArray(1);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	gl.DisableVertexAttribArray(1);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteProgram(p);
}
END_TEST

/* glDepthRangef maps NDC depth into the given window range. */
START_TEST(t_depth_range)
{
	PFNGLDEPTHRANGEFPROC range = (PFNGLDEPTHRANGEFPROC)vgl_get_proc_address("glDepthRangef");
	GLuint p = uniform_program();

	clear_black();
	gl.Enable(GL_DEPTH_TEST);
	range(0.0f, 0.25f);
	draw_quad_at(p, full, 1.0f, 1, 0, 0, 1);     /* window depth 0.25 */
	range(0.0f, 1.0f);
	draw_quad_at(p, full, -0.4f, 0, 1, 0, 1);    /* 0.3: behind */
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	draw_quad_at(p, full, -0.6f, 0, 0, 1, 1);    /* 0.2: in front */
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	gl.Disable(GL_DEPTH_TEST);
	gl.DeleteProgram(p);
}
END_TEST

/*
 * GL's clip volume is -w <= z <= w (vk/'s depth clip control, no shader
 * remap): z = -0.95 is drawn, z = 1.05 clipped. A scissored depth clear (a
 * drawn clear, whose pipeline takes z as window depth) between draws leaves
 * the next draw's depth range intact: the left half holds 0, the right the
 * first quad's 0.5 + 0.5 * 0.025.
 */
START_TEST(t_clip_volume)
{
	PFNGLDEPTHRANGEFPROC range = (PFNGLDEPTHRANGEFPROC)vgl_get_proc_address("glDepthRangef");
	GLuint p = uniform_program();

	clear_black();
	gl.Enable(GL_DEPTH_TEST);
	range(0.5f, 1.0f);
	draw_quad_at(p, full, -0.95f, 1, 0, 0, 1);
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	draw_quad_at(p, full, 1.05f, 0, 1, 0, 1);
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	gl.Enable(GL_SCISSOR_TEST);
	gl.Scissor(0, 0, 16, 32);
	gl.ClearDepthf(0);
	gl.Clear(GL_DEPTH_BUFFER_BIT);
	gl.Disable(GL_SCISSOR_TEST);
	draw_quad_at(p, full, -0.99f, 0, 0, 1, 1);   /* window depth 0.5025 */
	glt_assert_pixel(8, 16, 255, 0, 0, 255);
	glt_assert_pixel(24, 16, 0, 0, 255, 255);
	range(0.0f, 1.0f);
	gl.Disable(GL_DEPTH_TEST);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(t_program_queries)
{
	GLuint p = glt_program(vs_attr, fs_varying), q;
	GLint n = 0, size = 0;
	GLenum type = 0;
	char name[64];

	gl.GetProgramiv(p, GL_ACTIVE_ATTRIBUTES, &n);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(gl.GetAttribLocation(p, "pos"), 0);
	ck_assert_int_eq(gl.GetAttribLocation(p, "color"), 1);
	ck_assert_int_eq(gl.GetAttribLocation(p, "nope"), -1);
	for (GLint i = 0; i < n; i++) {
		gl.GetActiveAttrib(p, (GLuint)i, sizeof(name), NULL, &size, &type, name);
		ck_assert(strcmp(name, "pos") == 0 ? type == GL_FLOAT_VEC2 : type == GL_FLOAT_VEC4);
	}
	q = uniform_program();
	gl.GetProgramiv(q, GL_ACTIVE_UNIFORMS, &n);
	ck_assert_int_eq(n, 2);
	gl.GetActiveUniform(q, 0, sizeof(name), NULL, &size, &type, name);
	ck_assert(strcmp(name, "u_z") == 0 ? type == GL_FLOAT : type == GL_FLOAT_VEC4);
	ck_assert_int_eq(gl.GetUniformLocation(q, "nope"), -1);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	/* wrong type for the uniform; location -1 is silently ignored */
	gl.Uniform1i(gl.GetUniformLocation(q, "u_color"), 1);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	gl.Uniform4f(-1, 0, 0, 0, 0);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.UseProgram(0);
	gl.Uniform4f(0, 0, 0, 0, 0);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	gl.DeleteProgram(p);
	gl.DeleteProgram(q);
	gl.GetProgramiv(p, GL_LINK_STATUS, &n);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
}
END_TEST

START_TEST(t_compile_and_link_errors)
{
	const char *bad = "void main() { gl_Position = undeclared; }\n";
	GLuint s = gl.CreateShader(GL_VERTEX_SHADER), p;
	GLint ok = 1, len = 0;

	gl.ShaderSource(s, 1, &bad, NULL);
	gl.CompileShader(s);
	gl.GetShaderiv(s, GL_COMPILE_STATUS, &ok);
	ck_assert_int_eq(ok, 0);
	gl.GetShaderiv(s, GL_INFO_LOG_LENGTH, &len);
	ck_assert_int_gt(len, 1);
	p = gl.CreateProgram();
	gl.AttachShader(p, s);
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_int_eq(ok, 0);
	gl.UseProgram(p);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	gl.AttachShader(p, s);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	gl.CreateShader(GL_FLOAT);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	gl.DeleteShader(s);
	gl.DeleteProgram(p);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}
END_TEST

static GLuint compiled(GLenum type, const char *src, GLint *ok)
{
	GLuint s = gl.CreateShader(type);

	gl.ShaderSource(s, 1, &src, NULL);
	gl.CompileShader(s);
	gl.GetShaderiv(s, GL_COMPILE_STATUS, ok);
	return s;
}

static GLint shader_deleted(GLuint s)
{
	GLint status = -1;

	gl.GetShaderiv(s, GL_DELETE_STATUS, &status);
	return status;
}

/*
 * ES 3.0 section 7.1 and 7.3: a deleted shader still attached, and a deleted
 * program still current, are flagged (GL_DELETE_STATUS) and keep their names
 * until they are let go of; the program still draws meanwhile.
 * dEQP-GLES2 lifetime.attach.deleted_*, state_query.shader.delete_status.
 */
START_TEST(t_delete_flags_attached_and_current)
{
	PFNGLISSHADERPROC is_shader = glt_proc("glIsShader");
	PFNGLISPROGRAMPROC is_program = glt_proc("glIsProgram");
	PFNGLDETACHSHADERPROC detach = glt_proc("glDetachShader");
	GLint ok = 0;
	GLuint vs = compiled(GL_VERTEX_SHADER, vs_uniform, &ok);
	GLuint fs = compiled(GL_FRAGMENT_SHADER, fs_uniform, &ok);
	GLuint p = gl.CreateProgram(), q = gl.CreateProgram();

	gl.AttachShader(p, vs);
	gl.AttachShader(p, fs);
	gl.AttachShader(q, fs);
	gl.BindAttribLocation(p, 0, "pos");
	gl.LinkProgram(p);
	gl.UseProgram(p);
	gl.DeleteShader(vs);
	gl.DeleteShader(vs);  /* again: changes nothing */
	ck_assert_int_eq(is_shader(vs), GL_TRUE);
	ck_assert_int_eq(shader_deleted(vs), GL_TRUE);
	gl.DeleteProgram(p);
	ck_assert_int_eq(is_program(p), GL_TRUE);
	gl.GetProgramiv(p, GL_DELETE_STATUS, &ok);
	ck_assert_int_eq(ok, GL_TRUE);
	clear_black();
	draw_quad_at(p, full, 0, 0, 1, 0, 1);
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	/* no longer current: the program goes, and the deleted shader with it */
	gl.UseProgram(0);
	ck_assert_int_eq(is_program(p), GL_FALSE);
	ck_assert_int_eq(is_shader(vs), GL_FALSE);
	ck_assert_int_eq(shader_deleted(fs), GL_FALSE);
	/* detached from its last program, a deleted shader goes */
	gl.DeleteShader(fs);
	ck_assert_int_eq(is_shader(fs), GL_TRUE);
	detach(q, fs);
	ck_assert_int_eq(is_shader(fs), GL_FALSE);
	ck_assert_int_eq(shader_deleted(fs), -1);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	/* left attached and deleted for the share group's teardown */
	fs = compiled(GL_FRAGMENT_SHADER, fs_uniform, &ok);
	gl.AttachShader(q, fs);
	gl.DeleteShader(fs);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}
END_TEST

/*
 * Vertex shaders as piglit's glslparsertest hands them over: comments
 * before #version (and after it on its line), no main() at all, main
 * named only in a comment. gl/ wraps a VS's main() to remap depth; none of
 * these may trip over that. And gl_FrontFacing cannot be invariant
 * (piglit glsl-es-1.00-fface-invariant).
 */
START_TEST(t_shader_source_forms)
{
	static const char *vs_comments =
		"// [config]\n// expect_result: pass\n/* a block\n comment */\n"
		"#version 100 /* trailing\n comment */ // and more\n"
		"attribute vec2 pos;\n"
		"uniform float u_z;\n"
		"void main() { gl_Position = vec4(pos, u_z, 1.0); }\n";
	static const char *vs_no_main = "// no main() here\nhighp float x;\nvoid f() { }\n";
	static const char *fs_ff_invariant =
		"invariant gl_FrontFacing;\nvoid main() { gl_FragColor = vec4(0); }\n";
	GLuint vs, fs, p;
	GLint ok = 0;
	char log[256] = "";

	vs = compiled(GL_VERTEX_SHADER, vs_comments, &ok);
	ck_assert_int_eq(ok, 1);
	fs = compiled(GL_FRAGMENT_SHADER, fs_uniform, &ok);
	p = gl.CreateProgram();
	gl.AttachShader(p, vs);
	gl.AttachShader(p, fs);
	gl.BindAttribLocation(p, 0, "pos");
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_int_eq(ok, 1);
	gl.UseProgram(p);
	clear_black();
	gl.Enable(GL_DEPTH_TEST);
	draw_quad_at(p, full, 0.6f, 0, 1, 0, 1);   /* the wrapped main still remaps depth */
	draw_quad_at(p, full, 0.8f, 1, 0, 0, 1);   /* behind: rejected */
	gl.Disable(GL_DEPTH_TEST);
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	gl.DeleteShader(vs);
	gl.DeleteProgram(p);
	/* GL compiles a shader without main(); only the link needs one */
	vs = compiled(GL_VERTEX_SHADER, vs_no_main, &ok);
	ck_assert_int_eq(ok, 1);
	p = gl.CreateProgram();
	gl.AttachShader(p, vs);
	gl.AttachShader(p, fs);
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_int_eq(ok, 0);
	gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
	ck_assert_msg(strstr(log, "lacks 'main'") != NULL, "log: %s", log);
	gl.DeleteShader(vs);
	gl.DeleteProgram(p);
	gl.DeleteShader(fs);
	fs = compiled(GL_FRAGMENT_SHADER, fs_ff_invariant, &ok);
	ck_assert_int_eq(ok, 0);
	gl.DeleteShader(fs);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}
END_TEST

/*
 * ES 2.0 with the extensions the compiler implements, all advertised:
 * OES_standard_derivatives (gl_FragCoord.x grows by 1 a pixel) and
 * EXT_frag_depth (the depth test sees gl_FragDepthEXT, not the quad's z).
 */
START_TEST(t_es2_shader_extensions)
{
	static const char *fs_derivs =
		"#extension GL_OES_standard_derivatives : require\n"
		"precision mediump float;\n"
		"void main() { gl_FragColor = vec4(dFdx(gl_FragCoord.x), dFdy(gl_FragCoord.y),\n"
		"                                  fwidth(gl_FragCoord.x) * 0.5, 1.0); }\n";
	static const char *fs_depth =
		"#extension GL_EXT_frag_depth : require\n"
		"precision mediump float;\n"
		"void main() { gl_FragColor = vec4(1.0, 0.0, 0.0, 1.0); gl_FragDepthEXT = 0.25; }\n";
	struct vgl_context_info ci = { .major = 2, .minor = 0 };
	const char *ext;
	struct vgl_context *c;
	GLuint p, q, r;
	GLint hint = 0;

	ck_assert_int_eq(vgl_context_create(G.dev, &ci, &c), VGL_OK);
	ck_assert_int_eq(vgl_make_current(c, G.surf, G.surf), VGL_OK);
	ext = (const char *)gl.GetString(GL_EXTENSIONS);
	ck_assert_ptr_nonnull(strstr(ext, "GL_OES_standard_derivatives"));
	ck_assert_ptr_nonnull(strstr(ext, "GL_EXT_frag_depth"));
	((PFNGLHINTPROC)vgl_get_proc_address("glHint"))(GL_FRAGMENT_SHADER_DERIVATIVE_HINT,
							 GL_NICEST);
	gl.GetIntegerv(GL_FRAGMENT_SHADER_DERIVATIVE_HINT, &hint);
	ck_assert_int_eq(hint, GL_NICEST);
	clear_black();
	p = glt_program(vs_uniform, fs_derivs);
	gl.BindAttribLocation(p, 0, "pos");
	gl.LinkProgram(p);
	gl.UseProgram(p);
	draw_quad_at(p, full, 0, 0, 0, 0, 0);
	glt_assert_pixel_near(16, 16, (const uint8_t[4]){ 255, 255, 128, 255 }, 1);
	/* depth 0.25 from the shader; a quad at window depth 0.5 is behind it */
	q = glt_program(vs_uniform, fs_depth);
	gl.BindAttribLocation(q, 0, "pos");
	gl.LinkProgram(q);
	gl.UseProgram(q);
	gl.Enable(GL_DEPTH_TEST);
	gl.DepthFunc(GL_LESS);
	draw_quad_at(q, full, 0.8f, 0, 0, 0, 0);
	r = uniform_program();
	draw_quad_at(r, full, 0.0f, 0, 1, 0, 1);
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	draw_quad_at(r, full, -0.8f, 0, 0, 1, 1);  /* window depth 0.1: in front */
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	gl.Disable(GL_DEPTH_TEST);
	gl.DeleteProgram(p);
	gl.DeleteProgram(q);
	gl.DeleteProgram(r);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	vgl_context_destroy(c);
}
END_TEST

/* A VBO quad over the window, uniform colour program, bound: draws of it
 * take the path that checks nothing again from the second on. */
static GLuint vbo_quad(GLuint p, float r, float g, float b)
{
	GLuint vbo;

	gl.GenBuffers(1, &vbo);
	gl.BindBuffer(GL_ARRAY_BUFFER, vbo);
	gl.BufferData(GL_ARRAY_BUFFER, sizeof(full), full, GL_STATIC_DRAW);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	gl.EnableVertexAttribArray(0);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), r, g, b, 1);
	gl.Uniform1f(gl.GetUniformLocation(p, "u_z"), 0);
	return vbo;
}

#define F(n) ((__typeof__(&gl##n))glt_proc("gl" #n))

/* What changes between two draws of the same state without marking it
 * dirty must still be seen by the second: a uniform (sent by that path
 * itself), the draw framebuffer's attachment, a relink, a mapped buffer. */
START_TEST(t_draw_again_sees_changes)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint p = uniform_program(), vbo = vbo_quad(p, 0, 1, 0), fbo, tex[2];
	GLint color = gl.GetUniformLocation(p, "u_color");

	clear_black();
	vgl_context_reset_stats(G.ctx);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_uint_eq(st->draws_again, 1);
	/* a uniform (a push constant) goes with such a draw */
	gl.Uniform4f(color, 1, 0, 0, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_uint_eq(st->draws_again, 2);
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	/* another texture attached to the bound FBO between two draws */
	gl.GenTextures(2, tex);
	for (int i = 0; i < 2; i++) {
		gl.BindTexture(GL_TEXTURE_2D, tex[i]);
		gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 32, 32, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	}
	F(GenFramebuffers)(1, &fbo);
	F(BindFramebuffer)(GL_FRAMEBUFFER, fbo);
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
	gl.Uniform4f(color, 0, 0, 1, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_uint_eq(st->draws_again, 3);
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[1], 0);
	gl.Uniform4f(color, 1, 1, 0, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_uint_eq(st->draws_again, 4);
	glt_assert_pixel(16, 16, 255, 255, 0, 255);
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex[0], 0);
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	F(BindFramebuffer)(GL_FRAMEBUFFER, 0);
	/* a relink between two draws: its uniforms start over (zero) */
	gl.LinkProgram(p);
	color = gl.GetUniformLocation(p, "u_color");
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	glt_assert_pixel(16, 16, 0, 0, 0, 0);
	gl.Uniform4f(color, 0, 1, 1, 1);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_uint_eq(st->draws_again, 5);
	/* a mapped buffer between two draws: INVALID_OPERATION, nothing drawn */
	vgl_context_reset_stats(G.ctx);
	ck_assert_ptr_nonnull(gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_READ_BIT));
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	ck_assert_uint_eq(st->draws, 0);
	gl.UnmapBuffer(GL_ARRAY_BUFFER);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_uint_eq(st->draws, 1);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_assert_pixel(16, 16, 0, 255, 255, 255);
	F(DeleteFramebuffers)(1, &fbo);
	gl.DeleteTextures(2, tex);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteProgram(p);
}
END_TEST

/*
 * Dynamic state (scissor, viewport) and a pipeline key whose blending or
 * depth part alone changed back to one of the program's two recent
 * pipelines are sent by the draw path that checks nothing else again
 * (vgl_draw.c: again_state); every change shows in the pixels. Additive
 * blending of 64 per draw counts the draws that reached each pixel.
 */
START_TEST(t_draw_again_state)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint p = uniform_program(), vbo = vbo_quad(p, 0.25f, 0, 0);

	clear_black();
	gl.BlendFunc(GL_ONE, GL_ONE);
	gl.DepthFunc(GL_LESS);
	vgl_context_reset_stats(G.ctx);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);      /* 64 everywhere, depth 0.5 */
	gl.Enable(GL_BLEND);                     /* a new pipeline: the whole path */
	gl.DrawArrays(GL_TRIANGLES, 0, 6);      /* 128 */
	ck_assert_uint_eq(st->draws_again, 0);
	gl.Disable(GL_BLEND);                    /* back to the first: again */
	gl.DrawArrays(GL_TRIANGLES, 0, 6);      /* 64 */
	gl.Enable(GL_BLEND);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);      /* 128 */
	ck_assert_uint_eq(st->draws_again, 2);
	gl.Enable(GL_SCISSOR_TEST);
	gl.Scissor(0, 0, 8, 8);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);      /* 192 in [0,8) */
	gl.Scissor(8, 8, 8, 8);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);      /* 192 in [8,16) */
	gl.Disable(GL_SCISSOR_TEST);
	gl.Viewport(0, 0, 16, 16);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);      /* +64 in [0,16) */
	ck_assert_uint_eq(st->draws_again, 5);
	glt_assert_pixel(4, 4, 255, 0, 0, 255);
	glt_assert_pixel(12, 12, 255, 0, 0, 255);
	glt_assert_pixel(12, 4, 192, 0, 0, 255);
	glt_assert_pixel(20, 20, 128, 0, 0, 255);
	/* depth: the quad's z equals the stored 0.5, LESS fails it */
	gl.Enable(GL_DEPTH_TEST);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);      /* a new pipeline: the whole path */
	gl.Disable(GL_DEPTH_TEST);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);      /* again: +64 in [0,16) */
	gl.Enable(GL_DEPTH_TEST);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);      /* again: nothing */
	ck_assert_uint_eq(st->draws_again, 7);
	glt_assert_pixel(12, 4, 255, 0, 0, 255);
	glt_assert_pixel(20, 20, 128, 0, 0, 255);
	gl.Viewport(0, 0, 32, 32);
	gl.Disable(GL_DEPTH_TEST);
	gl.Disable(GL_BLEND);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteProgram(p);
}
END_TEST

/* A draw reading past its arrays' buffer draws nothing (the host never reads
 * outside a buffer), also after draws of the same state that fit, which
 * take the draw path that checks nothing again (vgl_draw.c: arrays_again):
 * the arrays are checked again for a draw reaching further, in vertices or
 * in instances, and draws that fit still draw after it. Before, a draw
 * after one that fit was never checked: three of these reached the host. */
START_TEST(t_vertex_reach)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint p = uniform_program(), vbo = vbo_quad(p, 0, 1, 0);

	clear_black();
	vgl_context_reset_stats(G.ctx);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_uint_eq(st->draws, 3);
	ck_assert_uint_eq(st->draws_again, 1); /* the second; the third reaches further */
	gl.DrawArrays(GL_TRIANGLES, 0, 7);        /* one vertex past the end */
	gl.DrawArrays(GL_TRIANGLES, 3, 6);
	gl.DrawArrays(GL_TRIANGLES, 0, 3000000);
	ck_assert_uint_eq(st->draws, 3);
	gl.DrawArrays(GL_TRIANGLES, 3, 3);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_uint_eq(st->draws, 5);
	ck_assert_uint_eq(st->draws_again, 3);
	/* per instance: six values hold six instances */
	gl.VertexAttribDivisor(0, 1);
	gl.DrawArraysInstanced(GL_TRIANGLES, 0, 3, 6);
	gl.DrawArraysInstanced(GL_TRIANGLES, 0, 3, 6);
	gl.DrawArraysInstanced(GL_TRIANGLES, 0, 3, 7);
	gl.DrawArraysInstanced(GL_TRIANGLES, 0, 3, 2);
	ck_assert_uint_eq(st->draws, 8);
	gl.VertexAttribDivisor(0, 0);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	gl.DeleteBuffers(1, &vbo);
	gl.DeleteProgram(p);
}
END_TEST

/* 100 draws of one program and state: one pipeline, a program without
 * blocks has one default-block set, allocated once. */
START_TEST(t_pipeline_cache)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint p = uniform_program();

	clear_black();
	vgl_context_reset_stats(G.ctx);
	for (int i = 0; i < 100; i++)
		draw_quad_at(p, full, 0, (float)(i & 1), 0, 0, 1);
	gl.Finish();
	ck_assert_uint_eq(st->pipelines_created, 1);
	ck_assert_uint_eq(st->draws, 100);
	ck_assert_uint_eq(st->uniform_uploads, 100); /* a new colour each draw */
	ck_assert_uint_le(st->sets_allocated, 1);
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	/* the same values again: nothing is dirty, nothing is sent, but for
	 * the first draw of the new command buffer (after glFinish): the
	 * block is push constants (CONST[0]), which live in the command buffer */
	vgl_context_reset_stats(G.ctx);
	for (int i = 0; i < 10; i++)
		draw_quad_at(p, full, 0, 1, 0, 0, 1);
	ck_assert_uint_eq(st->uniform_uploads, 1);
	ck_assert_uint_eq(st->pipelines_created, 0);
	ck_assert_uint_eq(st->draws, 10);
	gl.DeleteProgram(p);
}
END_TEST

/* A state toggled every draw (the depth test) alternates two pipelines:
 * made once each, found again every draw; each draw obeys its own state. */
START_TEST(t_toggled_state)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint p = uniform_program();

	clear_black();
	gl.DepthFunc(GL_LESS);
	vgl_context_reset_stats(G.ctx);
	for (int i = 0; i < 20; i++) {
		if (i & 1)
			gl.Enable(GL_DEPTH_TEST);
		else
			gl.Disable(GL_DEPTH_TEST);
		draw_quad_at(p, full, 0.5f, (float)(i & 1), 0, (float)!(i & 1), 1);
	}
	ck_assert_uint_eq(st->pipelines_created, 2);
	ck_assert_uint_eq(st->draws, 20);
	/* the last draw, depth-tested at 0.75 against the earlier 0.75: not LESS */
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	gl.Disable(GL_DEPTH_TEST);
	draw_quad_at(p, full, 0.5f, 1, 0, 0, 1);
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* A depth/stencil or blend call rebuilds only its part of the pipeline key:
 * the other parts (culling here) must stand, and each part must follow its
 * own calls across the others' rebuilds. A readback starts a new command
 * buffer, which rebuilds the whole key at its first draw: `settle` is that
 * first draw (of nothing), so that the calls after it are the partial kind. */
static const float nothing[12];

static void settle(GLuint p)
{
	draw_quad_at(p, nothing, 0.0f, 0, 0, 0, 1);
}

START_TEST(t_key_parts)
{
	GLuint p = uniform_program();

	clear_black();
	gl.Enable(GL_DEPTH_TEST);
	gl.DepthFunc(GL_LESS);
	draw_quad_at(p, full, 0.0f, 1, 0, 0, 1);
	gl.Enable(GL_CULL_FACE);
	gl.CullFace(GL_FRONT);                     /* the whole key */
	draw_quad_at(p, full, -0.5f, 0, 1, 0, 1);  /* front-facing: culled */
	gl.DepthFunc(GL_GREATER);                  /* its depth part alone */
	draw_quad_at(p, full, 0.6f, 0, 0, 1, 1);   /* still culled */
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	settle(p);
	gl.CullFace(GL_BACK);
	draw_quad_at(p, full, 0.6f, 0, 0, 1, 1);   /* GREATER: passes behind */
	gl.DepthFunc(GL_LESS);
	draw_quad_at(p, full, 0.7f, 0, 1, 0, 1);   /* LESS again: rejected */
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	settle(p);
	gl.Enable(GL_BLEND);                       /* its blend part alone */
	gl.BlendFunc(GL_ONE, GL_ONE);
	gl.DepthFunc(GL_ALWAYS);                   /* and the depth part, one draw */
	draw_quad_at(p, full, 0.9f, 1, 0, 0, 1);   /* blue + red */
	gl.DepthFunc(GL_LESS);
	draw_quad_at(p, full, 0.95f, 0, 1, 0, 1);  /* behind 0.9: rejected */
	glt_assert_pixel(16, 16, 255, 0, 255, 255);
	settle(p);
	gl.Disable(GL_BLEND);
	draw_quad_at(p, full, 0.5f, 0, 1, 0, 1);   /* in front, unblended */
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	gl.Disable(GL_CULL_FACE);
	gl.Disable(GL_DEPTH_TEST);
	gl.DeleteProgram(p);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_draw");
	TCase *tc = tcase_create("draw");

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_add_test(tc, t_triangle_vbo);
	tcase_add_test(tc, t_uniform_per_draw);
	tcase_add_test(tc, t_toggled_state);
	tcase_add_test(tc, t_key_parts);
	tcase_add_test(tc, t_vao);
	tcase_add_test(tc, t_indexed);
	tcase_add_test(tc, t_depth_test);
	tcase_add_test(tc, t_blend);
	tcase_add_test(tc, t_scissor_viewport);
	tcase_add_test(tc, t_cull_face);
	tcase_add_test(tc, t_current_attrib);
	tcase_add_test(tc, t_updates_between_draws_keep_order);
	tcase_add_test(tc, t_normalized_bytes);
	tcase_add_test(tc, t_stencil);
	tcase_add_test(tc, t_masked_stencil_clear);
	tcase_add_test(tc, t_stencil_ref_clamped);
	tcase_add_test(tc, t_line_loop_and_fan);
	tcase_add_test(tc, t_instanced);
	tcase_add_test(tc, t_uniform_arrays_matrices);
	tcase_add_test(tc, t_depth_range);
	tcase_add_test(tc, t_clip_volume);
	tcase_add_test(tc, t_client_arrays_indexed);
	tcase_add_test(tc, t_integer_attribs);
	tcase_add_test(tc, t_large_client_array);
	tcase_add_test(tc, t_fixed_attribs);
	tcase_add_test(tc, t_draw_from_mapped_buffer);
	tcase_add_test(tc, t_program_queries);
	tcase_add_test(tc, t_compile_and_link_errors);
	tcase_add_test(tc, t_delete_flags_attached_and_current);
	tcase_add_test(tc, t_shader_source_forms);
	tcase_add_test(tc, t_es2_shader_extensions);
	tcase_add_test(tc, t_pipeline_cache);
	tcase_add_test(tc, t_vertex_reach);
	tcase_add_test(tc, t_draw_again_sees_changes);
	tcase_add_test(tc, t_draw_again_state);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
