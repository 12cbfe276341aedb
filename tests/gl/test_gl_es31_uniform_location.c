/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 explicit uniform locations
 * (GLSL ES 3.10 §4.4.3, ES 3.1 §7.6): glGetUniformLocation answers the
 * layout(location) of uniforms of both stages, arrays and structs taking the
 * locations after theirs; glUniform* at those locations changes the pixels
 * drawn; the other uniforms fill the gaps, and a gap no uniform takes is
 * GL_INVALID_OPERATION; two uniforms at one location, or one past
 * GL_MAX_UNIFORM_LOCATIONS, fail the link with a log.
 */
#include <GLES3/gl31.h>
#include <stdio.h>
#include <stdlib.h>

#include "gl_test_util.h"

#define HEAD "#version 310 es\n"

static void setup(void)
{
	glt_setup_version(3, 1);
}

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

static const char vs[] = HEAD "layout(location = 0) in vec2 pos;\n"
	"layout(location = 9) uniform float shift;\n"
	"void main() { gl_Position = vec4(pos.x + shift, pos.y, 0.0, 1.0); }\n";

static const char fs[] = HEAD "precision mediump float;\n"
	"struct S { vec4 a; vec4 b; };\n"
	"layout(location = 5) uniform vec4 color;\n"
	"layout(location = 2) uniform vec4 scale[2];\n"
	"layout(location = 7) uniform S s;\n"
	"uniform vec4 implicit_u;\n"
	"out vec4 o;\n"
	"void main() { o = color * scale[1] + s.b + implicit_u; }\n";

START_TEST(locations_from_layout)
{
	GLuint p = glt_program(vs, fs);
	GLint implicit = gl.GetUniformLocation(p, "implicit_u");

	ck_assert_int_eq(gl.GetUniformLocation(p, "color"), 5);
	ck_assert_int_eq(gl.GetUniformLocation(p, "scale"), 2);
	ck_assert_int_eq(gl.GetUniformLocation(p, "scale[1]"), 3);
	ck_assert_int_eq(gl.GetUniformLocation(p, "s.a"), 7);
	ck_assert_int_eq(gl.GetUniformLocation(p, "s.b"), 8);
	ck_assert_int_eq(gl.GetUniformLocation(p, "shift"), 9);
	/* the one implicit uniform takes the first gap */
	ck_assert_int_eq(implicit, 0);
	ck_assert_int_ge(glt_geti(GL_MAX_UNIFORM_LOCATIONS), 1024);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* An array of arrays takes a location per innermost element, row by row
 * (dEQP uniform_location.nested_array). */
START_TEST(array_of_arrays_locations)
{
	static const char fs_aoa[] = HEAD "precision mediump float;\n"
		"layout(location = 10) uniform sampler2D tex[2][2];\n"
		"layout(location = 20) uniform float f[2][3];\n"
		"out vec4 o;\n"
		"void main() { o = texture(tex[1][0], vec2(0.5)) * f[1][2]; }\n";
	GLuint p = glt_program(vs, fs_aoa);

	ck_assert_int_eq(gl.GetUniformLocation(p, "tex[0][0]"), 10);
	ck_assert_int_eq(gl.GetUniformLocation(p, "tex[0][1]"), 11);
	ck_assert_int_eq(gl.GetUniformLocation(p, "tex[1][0]"), 12);
	ck_assert_int_eq(gl.GetUniformLocation(p, "f[0][0]"), 20);
	ck_assert_int_eq(gl.GetUniformLocation(p, "f[1][2]"), 25);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* glUniform* at the explicit locations reach the shaders: the colour drawn
 * is color * scale[1] + s.b, at the place shift moves the quad to. */
START_TEST(uniforms_at_explicit_locations_draw)
{
	GLuint p = glt_program(vs, fs);

	gl.UseProgram(p);
	gl.Uniform4f(5, 1.0f, 1.0f, 1.0f, 1.0f);
	gl.Uniform4f(2, 0.0f, 0.0f, 0.0f, 0.0f);
	gl.Uniform4f(3, 1.0f, 0.0f, 1.0f, 1.0f);
	gl.Uniform4f(8, 0.0f, 1.0f, 0.0f, 0.0f);
	gl.Uniform1f(9, 1.0f);   /* the right half of the window only */
	gl.ClearColor(0.0f, 0.0f, 0.0f, 0.0f);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_draw_window();
	expect(GL_NO_ERROR);
	glt_assert_pixel(3 * GLT_W / 4, 4, 255, 255, 255, 255);
	glt_assert_pixel(GLT_W / 4, 4, 0, 0, 0, 0);
	gl.Uniform4f(3, 0.0f, 0.0f, 1.0f, 1.0f);
	glt_draw_window();
	glt_assert_pixel(3 * GLT_W / 4, 4, 0, 255, 255, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* Locations between the explicit ones that no uniform takes. */
START_TEST(gap_is_invalid_operation)
{
	GLuint p = glt_program(vs, fs);

	gl.UseProgram(p);
	gl.Uniform4f(4, 1.0f, 1.0f, 1.0f, 1.0f);
	expect(GL_INVALID_OPERATION);
	gl.Uniform4f(1, 1.0f, 1.0f, 1.0f, 1.0f);
	expect(GL_INVALID_OPERATION);
	gl.Uniform4f(5, 1.0f, 1.0f, 1.0f, 1.0f);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* A program of vs and a fragment shader of `decl` that writes `use`. */
static GLuint attach_pair(const char *decl, const char *use)
{
	char src[512];
	GLint ok = 0;
	GLuint p = gl.CreateProgram();
	GLuint v = glt_compile(GL_VERTEX_SHADER, vs, &ok), f;

	ck_assert(ok);
	snprintf(src, sizeof(src), HEAD "precision mediump float;\n%s\nout vec4 o;\n"
		 "void main() { o = %s; }\n", decl, use);
	f = glt_compile(GL_FRAGMENT_SHADER, src, &ok);
	ck_assert_msg(ok, "%s", src);
	gl.AttachShader(p, v);
	gl.AttachShader(p, f);
	gl.DeleteShader(v);
	gl.DeleteShader(f);
	return p;
}

START_TEST(duplicate_location_fails_link)
{
	GLuint p = attach_pair("layout(location = 3) uniform vec4 a;\n"
			       "layout(location = 3) uniform vec4 b;", "a + b");

	glt_assert_link_fails(p, "uniforms 'a' and 'b' overlap at location 3");
	gl.DeleteProgram(p);
	/* the vertex shader's shift is at 9: an array over it overlaps */
	p = attach_pair("layout(location = 8) uniform vec4 c[2];", "c[0]");
	glt_assert_link_fails(p, "overlap at location 9");
	gl.DeleteProgram(p);
	expect(GL_NO_ERROR);
}
END_TEST

START_TEST(location_past_the_limit_fails_link)
{
	char decl[128];
	GLuint p;

	snprintf(decl, sizeof(decl), "layout(location = %d) uniform vec4 a[2];",
		 glt_geti(GL_MAX_UNIFORM_LOCATIONS) - 1);
	p = attach_pair(decl, "a[1]");
	glt_assert_link_fails(p, "does not fit the 1024 uniform locations");
	gl.DeleteProgram(p);
	expect(GL_NO_ERROR);
}
END_TEST

static Suite *uniform_location_suite(void)
{
	Suite *s = suite_create("gl es31 uniform location");
	TCase *tc = tcase_create("explicit");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_test(tc, locations_from_layout);
	tcase_add_test(tc, array_of_arrays_locations);
	tcase_add_test(tc, uniforms_at_explicit_locations_draw);
	tcase_add_test(tc, gap_is_invalid_operation);
	tcase_add_test(tc, duplicate_location_fails_link);
	tcase_add_test(tc, location_past_the_limit_fails_link);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(uniform_location_suite);
}
