/* SPDX-License-Identifier: MIT */
/*
 * EXT_shader_io_blocks / OES_shader_io_blocks on ES 3.1 contexts:
 * varyings passed through in and out blocks
 * drawn on the host with pixels read back (a named output block read by an
 * unnamed input block, a flat integer member, an array of blocks indexed by
 * a uniform, explicit block and member locations, blocks through a geometry
 * shader), link failures of blocks the stages declare differently, and the
 * program interface of a separable vertex program ("Block.member",
 * "member", GL_LOCATION). Both names are listed by ES 3.1 contexts only.
 */
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

static PFNGLGETPROGRAMRESOURCEINDEXPROC resource_index;
static PFNGLGETPROGRAMRESOURCEIVPROC resource_iv;
static PFNGLCREATESHADERPROGRAMVPROC shader_program;

static void setup(void)
{
	glt_setup_version(3, 1);
	resource_index = (PFNGLGETPROGRAMRESOURCEINDEXPROC)glt_proc("glGetProgramResourceIndex");
	resource_iv = (PFNGLGETPROGRAMRESOURCEIVPROC)glt_proc("glGetProgramResourceiv");
	shader_program = (PFNGLCREATESHADERPROGRAMVPROC)glt_proc("glCreateShaderProgramv");
}

static void setup_es30(void)
{
	glt_setup_version(3, 0);
}

#define HEAD "#version 310 es\n#extension GL_EXT_shader_io_blocks : require\n"
#define VS_POS HEAD "layout(location = 0) in vec2 pos;\n"
#define FS_HEAD HEAD "precision mediump float;\nout vec4 o;\n"

START_TEST(listed_in_es31)
{
	ck_assert(glt_has_extension("GL_EXT_shader_io_blocks"));
	ck_assert(glt_has_extension("GL_OES_shader_io_blocks"));
}
END_TEST

START_TEST(not_listed_in_es30)
{
	ck_assert(!glt_has_extension("GL_EXT_shader_io_blocks"));
	ck_assert(!glt_has_extension("GL_OES_shader_io_blocks"));
}
END_TEST

/* Draws the window quad with vs + fs; asserts no GL error. */
static void draw(const char *vs, const char *fs)
{
	GLuint p = glt_program(vs, fs);

	gl.UseProgram(p);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_draw_window();
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteProgram(p);
}

/* A named output block, read through a block of the same name without an
 * instance name; the flat integer member picks the blue channel. */
START_TEST(named_to_unnamed)
{
	draw(VS_POS "out Data { vec4 color; flat int id; } vd;\n"
	     "void main() { vd.color = vec4(1.0, 0.5, 0.0, 1.0); vd.id = 3;\n"
	     "  gl_Position = vec4(pos, 0.0, 1.0); }\n",
	     FS_HEAD "in Data { vec4 color; flat int id; };\n"
	     "void main() { o = color + vec4(0.0, 0.0, id == 3 ? 1.0 : 0.0, 0.0); }\n");
	glt_assert_pixel(4, 4, 255, 128, 255, 255);
	glt_assert_pixel(28, 20, 255, 128, 255, 255);
}
END_TEST

/* An array of blocks, written at an index the uniform gives and read back
 * whole on the other side; a member's own location and the block's. */
START_TEST(block_array_and_locations)
{
	const char *vs = VS_POS "uniform int k;\n"
		"out Data { float v; vec2 w; } d[2];\n"
		"layout(location = 7) out Extra { vec4 a; layout(location = 3) vec4 b; } e;\n"
		"void main() { d[k].v = 1.0; d[1 - k].v = 0.0; d[0].w = vec2(0.25); d[1].w = vec2(0.5);\n"
		"  e.a = vec4(0.0, 0.0, 1.0, 0.0); e.b = vec4(0.0, 0.0, 0.0, 1.0);\n"
		"  gl_Position = vec4(pos, 0.0, 1.0); }\n";
	const char *fs = FS_HEAD "in Data { float v; vec2 w; } d[2];\n"
		"layout(location = 7) in Extra { vec4 a; layout(location = 3) vec4 b; } e;\n"
		"void main() { o = vec4(d[0].v, d[1].v, 0.0, 0.0) + e.a * (d[0].w.x + d[1].w.y) + e.b; }\n";
	GLuint p = glt_program(vs, fs);

	gl.UseProgram(p);
	gl.Uniform1i(gl.GetUniformLocation(p, "k"), 1);
	glt_draw_window();
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	/* d[1].v = 1 (green); blue 0.25 + 0.5 */
	glt_assert_pixel(16, 16, 0, 255, 191, 255);
	gl.DeleteProgram(p);
}
END_TEST

static GLuint compiled(GLenum type, const char *src)
{
	GLint ok = 0;
	GLuint sh = glt_compile(type, src, &ok);

	ck_assert_msg(ok, "shader does not compile:\n%s", src);
	return sh;
}

/* A block of the vertex shader into a geometry shader's input block array
 * and out of it as the fragment shader's block (EXT_geometry_shader enables
 * the blocks by itself). */
START_TEST(through_geometry)
{
	GLuint p;

	if (!glt_has_extension("GL_EXT_geometry_shader"))
		return;
	p = gl.CreateProgram();
	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, VS_POS "out Data { vec4 c; } v;\n"
		"void main() { v.c = vec4(0.0, 1.0, 0.0, 1.0); gl_Position = vec4(pos, 0.0, 1.0); }\n"));
	gl.AttachShader(p, compiled(GL_GEOMETRY_SHADER_EXT,
		"#version 310 es\n#extension GL_EXT_geometry_shader : require\n"
		"layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
		"in Data { vec4 c; } gin[];\nout Data { vec4 c; } gout;\n"
		"void main() { for (int i = 0; i < gin.length(); i++) {\n"
		"  gout.c = gin[i].c.bgra; gl_Position = gl_in[i].gl_Position; EmitVertex(); } }\n"));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, FS_HEAD "in Data { vec4 c; } f;\n"
				    "void main() { o = f.c; }\n"));
	gl.LinkProgram(p);
	gl.UseProgram(p);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_draw_window();
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_assert_pixel(10, 20, 0, 255, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

struct mismatch {
	const char *name, *vs_decl, *fs_decl, *log;
};

static const struct mismatch mismatches[] = {
	{ "member order", "out Data { float a; float b; };\n", "in Data { float b; float a; };\n",
	  "block 'Data' is declared differently" },
	{ "member type", "out Data { vec2 a; float b; };\n", "in Data { float a; float b; };\n",
	  "block 'Data' is declared differently" },
	{ "array size", "out Data { float a; float b; } d[1];\n",
	  "in Data { float a; float b; } d[2];\n", "block 'Data' is declared differently" },
	{ "missing output block", "", "in Data { float a; float b; };\n",
	  "input block 'Data' has no output block" },
};

START_TEST(link_mismatch)
{
	const struct mismatch *m = &mismatches[_i];
	char vs[512], fs[512];
	GLuint p = gl.CreateProgram();

	snprintf(vs, sizeof(vs), VS_POS "%s void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n",
		 m->vs_decl);
	snprintf(fs, sizeof(fs), FS_HEAD "%s void main() { o = vec4(1.0); }\n", m->fs_decl);
	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, vs));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, fs));
	glt_assert_link_fails(p, m->log);
	gl.DeleteProgram(p);
}
END_TEST

/* GL_LOCATION of a program output (-1 when it has no explicit location). */
static GLint output_location(GLuint p, const char *name)
{
	const GLenum prop = GL_LOCATION;
	GLuint i = resource_index(p, GL_PROGRAM_OUTPUT, name);
	GLint v = -2;

	ck_assert_msg(i != GL_INVALID_INDEX, "no output '%s'", name);
	resource_iv(p, GL_PROGRAM_OUTPUT, i, 1, &prop, 1, NULL, &v);
	return v;
}

/* A separable vertex program's outputs: "Block.member" of a named block,
 * "member" of an unnamed one, never "instance.member". */
START_TEST(interface_names)
{
	const char *src = VS_POS "layout(location = 2) out Named { vec4 a; vec4 b; } n;\n"
		"out Unnamed { vec4 u; };\n"
		"void main() { n.a = vec4(1.0); n.b = vec4(2.0); u = vec4(3.0);\n"
		"  gl_Position = vec4(pos, 0.0, 1.0); }\n";
	GLuint p = shader_program(GL_VERTEX_SHADER, 1, &src);
	GLint ok = 0;

	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert(ok);
	ck_assert_int_eq(output_location(p, "Named.a"), 2);
	ck_assert_int_eq(output_location(p, "Named.b"), 3);
	ck_assert_int_eq(output_location(p, "u"), -1);
	ck_assert_uint_eq(resource_index(p, GL_PROGRAM_OUTPUT, "n.a"), GL_INVALID_INDEX);
	ck_assert_uint_eq(resource_index(p, GL_PROGRAM_OUTPUT, "Unnamed.u"), GL_INVALID_INDEX);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

static Suite *ioblocks_suite(void)
{
	Suite *s = suite_create("gl es31 io blocks");
	TCase *t = tcase_create("io blocks");

	tcase_add_checked_fixture(t, setup, glt_teardown);
	tcase_add_test(t, listed_in_es31);
	tcase_add_test(t, named_to_unnamed);
	tcase_add_test(t, block_array_and_locations);
	tcase_add_test(t, through_geometry);
	tcase_add_loop_test(t, link_mismatch, 0, sizeof(mismatches) / sizeof(mismatches[0]));
	tcase_add_test(t, interface_names);
	suite_add_tcase(s, t);
	t = tcase_create("es 3.0");
	tcase_add_checked_fixture(t, setup_es30, glt_teardown);
	tcase_add_test(t, not_listed_in_es30);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return glt_main(ioblocks_suite);
}
