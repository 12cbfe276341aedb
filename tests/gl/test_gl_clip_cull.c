/* SPDX-License-Identifier: MIT */
/*
 * EXT_clip_cull_distance on ES 3.0 contexts: a vertex shader's
 * gl_ClipDistance[0] clips a window-wide quad in half when
 * GL_CLIP_DISTANCE0_EXT is enabled and not at all when it is not; a
 * gl_CullDistance that is negative at all three vertices of one triangle
 * culls that triangle whole, one that changes sign across a triangle
 * neither culls nor clips it; a fragment shader reads both arrays back in
 * their packing; the limits, the enables and their errors, and the compile
 * errors of the sizing rules. ES 2.0 contexts have none of it, nor have
 * contexts with geometry or tessellation shaders (gl_in[]'s members are
 * not done). Where the
 * extension is not listed (a host without cull distances) each test checks
 * its limit is refused and stops there.
 */
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <stdint.h>

#include "gl_test_util.h"

#ifndef GL_CLIP_DISTANCE0_EXT
#define GL_CLIP_DISTANCE0_EXT 0x3000
#define GL_MAX_CLIP_DISTANCES_EXT 0x0D32
#define GL_MAX_CULL_DISTANCES_EXT 0x82F9
#define GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT 0x82FA
#endif

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

static void setup(void)
{
	glt_setup_version(3, 0);
}

static void setup_es2(void)
{
	glt_setup_version(2, 0);
}

static void setup_es31(void)
{
	glt_setup_version(3, 1);
}

static bool has_ext(void)
{
	GLint n = -1;

	if (glt_has_extension("GL_EXT_clip_cull_distance"))
		return true;
	gl.GetIntegerv(GL_MAX_CULL_DISTANCES_EXT, &n);
	expect(GL_INVALID_ENUM);
	ck_assert_int_eq(n, -1);
	return false;
}

#define HEAD "#version 300 es\n#extension GL_EXT_clip_cull_distance : require\n"

/* red; where it reads the arrays, clip[1] in green, cull[0] in blue */
static const char fs_red[] = "#version 300 es\nprecision mediump float;\nout vec4 c;\n"
	"void main() { c = vec4(1.0, 0.0, 0.0, 1.0); }\n";

static GLuint program(const char *vs, const char *fs)
{
	GLuint p = glt_program(vs, fs);

	ck_assert(p);
	gl.UseProgram(p);
	return p;
}

/* Triangles at attribute 0 (x, y, distance); the window black. */
static void draw(const float *v, int vertices)
{
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, 0, v);
	gl.EnableVertexAttribArray(0);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.DrawArrays(GL_TRIANGLES, 0, vertices);
	expect(GL_NO_ERROR);
}

/* the window-wide quad, its distance x: negative on the left half */
static const float quad[] = { -1, -1, -1, 1, -1, 1, -1, 1, -1,
			      -1, 1, -1, 1, -1, 1, 1, 1, 1 };

static const char vs_clip[] = HEAD "layout(location = 0) in vec3 p;\n"
	"void main() { gl_Position = vec4(p.xy, 0.0, 1.0); gl_ClipDistance[0] = p.z; }\n";

START_TEST(enabled_clip_distance_clips)
{
	GLuint p;

	if (!has_ext())
		return;
	p = program(vs_clip, fs_red);
	gl.Enable(GL_CLIP_DISTANCE0_EXT);
	ck_assert(gl.IsEnabled(GL_CLIP_DISTANCE0_EXT));
	draw(quad, 6);
	glt_assert_pixel(4, 16, 0, 0, 0, 255);
	glt_assert_pixel(12, 8, 0, 0, 0, 255);
	glt_assert_pixel(20, 16, 255, 0, 0, 255);
	glt_assert_pixel(28, 24, 255, 0, 0, 255);
	gl.Disable(GL_CLIP_DISTANCE0_EXT);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(disabled_clip_distance_does_not_clip)
{
	GLuint p;

	if (!has_ext())
		return;
	p = program(vs_clip, fs_red);
	draw(quad, 6);
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	gl.Enable(GL_CLIP_DISTANCE0_EXT);
	draw(quad, 6);
	glt_assert_pixel(4, 16, 0, 0, 0, 255);
	gl.Disable(GL_CLIP_DISTANCE0_EXT);
	draw(quad, 6);
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	glt_assert_pixel(28, 16, 255, 0, 0, 255);
	/* enabling another distance than the one written clips nothing */
	gl.Enable(GL_CLIP_DISTANCE0_EXT + 1);
	draw(quad, 6);
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	gl.Disable(GL_CLIP_DISTANCE0_EXT + 1);
	gl.DeleteProgram(p);
}
END_TEST

static const char vs_cull[] = HEAD "layout(location = 0) in vec3 p;\n"
	"void main() { gl_Position = vec4(p.xy, 0.0, 1.0); gl_CullDistance[0] = p.z; }\n";

/* The left triangle's distances are all negative: culled; the right one's
 * all positive: drawn. No enable is involved. */
START_TEST(cull_distance_culls_whole_triangle)
{
	static const float two[] = { -1, -1, -1, -0.1f, -1, -1, -1, 1, -1,
				     0.1f, -1, 1, 1, -1, 1, 1, 1, 1 };
	GLuint p;

	if (!has_ext())
		return;
	p = program(vs_cull, fs_red);
	draw(two, 6);
	glt_assert_pixel(4, 8, 0, 0, 0, 255);
	glt_assert_pixel(28, 8, 255, 0, 0, 255);
	/* distances of both signs in each triangle: drawn whole, not clipped */
	draw(quad, 6);
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	glt_assert_pixel(28, 16, 255, 0, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* Three clip distances and two cull distances (one CLIPDIST register and a
 * second one): the fragment shader reads clip[2] and cull[1] back. */
START_TEST(fragment_shader_reads_distances)
{
	static const char vs[] = HEAD "layout(location = 0) in vec3 p;\n"
		"void main() { gl_Position = vec4(p.xy, 0.0, 1.0);\n"
		"  gl_ClipDistance[0] = 1.0; gl_ClipDistance[1] = 1.0; gl_ClipDistance[2] = 0.25;\n"
		"  gl_CullDistance[0] = 1.0; gl_CullDistance[1] = 0.75; }\n";
	static const char fs[] = HEAD "precision mediump float;\nout vec4 c;\n"
		"void main() { c = vec4(1.0, gl_ClipDistance[2], gl_CullDistance[1], 1.0); }\n";
	static const uint8_t want[4] = { 255, 64, 191, 255 };
	GLuint p;

	if (!has_ext())
		return;
	p = program(vs, fs);
	gl.Enable(GL_CLIP_DISTANCE0_EXT + 2);
	draw(quad, 6);
	glt_assert_pixel_near(16, 16, want, 2);
	gl.Disable(GL_CLIP_DISTANCE0_EXT + 2);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(limits_and_enables)
{
	GLboolean b = GL_TRUE;

	if (!has_ext())
		return;
	ck_assert_int_eq(glt_geti(GL_MAX_CLIP_DISTANCES_EXT), 8);
	ck_assert_int_eq(glt_geti(GL_MAX_CULL_DISTANCES_EXT), 8);
	ck_assert_int_eq(glt_geti(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT), 8);
	for (GLenum i = 0; i < 8; i++) {
		ck_assert(!gl.IsEnabled(GL_CLIP_DISTANCE0_EXT + i));
		gl.Enable(GL_CLIP_DISTANCE0_EXT + i);
		ck_assert(gl.IsEnabled(GL_CLIP_DISTANCE0_EXT + i));
		gl.GetBooleanv(GL_CLIP_DISTANCE0_EXT + i, &b);
		ck_assert(b);
		gl.Disable(GL_CLIP_DISTANCE0_EXT + i);
		ck_assert(!gl.IsEnabled(GL_CLIP_DISTANCE0_EXT + i));
	}
	expect(GL_NO_ERROR);
	gl.Enable(GL_CLIP_DISTANCE0_EXT + 8);
	expect(GL_INVALID_ENUM);
	ck_assert(!gl.IsEnabled(GL_CLIP_DISTANCE0_EXT + 8));
	expect(GL_INVALID_ENUM);
}
END_TEST

/* A context without the extension: no enables, no cull limit, no
 * #extension, no macro. */
static void has_none(void)
{
	GLint n = -1, ok;

	ck_assert(!glt_has_extension("GL_EXT_clip_cull_distance"));
	gl.Enable(GL_CLIP_DISTANCE0_EXT);
	expect(GL_INVALID_ENUM);
	ck_assert(!gl.IsEnabled(GL_CLIP_DISTANCE0_EXT));
	expect(GL_INVALID_ENUM);
	gl.GetIntegerv(GL_MAX_COMBINED_CLIP_AND_CULL_DISTANCES_EXT, &n);
	expect(GL_INVALID_ENUM);
	ck_assert_int_eq(n, -1);
	glt_assert_compile_fails(GL_VERTEX_SHADER, "#version 100\n"
				 "#extension GL_EXT_clip_cull_distance : require\nvoid main() {}\n",
				 "#extension", "GL_EXT_clip_cull_distance");
	ok = 0;
	gl.DeleteShader(glt_compile(GL_VERTEX_SHADER, "#version 100\n"
				    "#ifdef GL_EXT_clip_cull_distance\n#error defined\n#endif\n"
				    "void main() {}\n", &ok));
	ck_assert_msg(ok, "GL_EXT_clip_cull_distance is defined");
}

START_TEST(es2_has_none)
{
	has_none();
}
END_TEST

/* Contexts with geometry or tessellation shaders: not listed, since
 * gl_in[]'s gl_ClipDistance is not there (an ES 3.1 context of a host
 * without either lists it, as the ES 3.0 cases check). */
START_TEST(es31_with_geometry_has_none)
{
	if (glt_has_extension("GL_EXT_geometry_shader") ||
	    glt_has_extension("GL_EXT_tessellation_shader"))
		has_none();
}
END_TEST

START_TEST(compile_errors)
{
	static const struct {
		const char *name, *src, *why;
	} bad[] = {
		{ "index past the maximum", HEAD "void main() { gl_ClipDistance[8] = 1.0; }\n",
		  "out of range" },
		{ "redeclared past the maximum", HEAD "out float gl_CullDistance[9];\n"
		  "void main() { gl_CullDistance[0] = 1.0; }\n", "greater than gl_MaxCullDistances" },
		{ "both past the combined maximum",
		  HEAD "void main() { gl_ClipDistance[4] = 1.0; gl_CullDistance[4] = 1.0; }\n",
		  "gl_MaxCombinedClipAndCullDistances" },
		{ "non-constant index without a size",
		  HEAD "uniform int i;\nvoid main() { gl_ClipDistance[i] = 1.0; }\n",
		  "redeclared with a size" },
		{ "redeclared twice", HEAD "out float gl_ClipDistance[2];\n"
		  "out float gl_ClipDistance[2];\nvoid main() { gl_ClipDistance[0] = 1.0; }\n",
		  "redeclaration" },
		{ "without the extension",
		  "#version 300 es\nvoid main() { gl_ClipDistance[0] = 1.0; }\n", "undeclared" },
	};

	if (!has_ext())
		return;
	for (size_t i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		glt_assert_compile_fails(GL_VERTEX_SHADER, bad[i].src, bad[i].name, bad[i].why);
}
END_TEST

static Suite *clip_cull_suite(void)
{
	Suite *s = suite_create("gl clip cull distance");
	TCase *tc = tcase_create("es3"), *tc2 = tcase_create("es2"), *tc31 = tcase_create("es31");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, enabled_clip_distance_clips);
	tcase_add_test(tc, disabled_clip_distance_does_not_clip);
	tcase_add_test(tc, cull_distance_culls_whole_triangle);
	tcase_add_test(tc, fragment_shader_reads_distances);
	tcase_add_test(tc, limits_and_enables);
	tcase_add_test(tc, compile_errors);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(tc2, setup_es2, glt_teardown);
	tcase_add_test(tc2, es2_has_none);
	suite_add_tcase(s, tc2);
	tcase_add_checked_fixture(tc31, setup_es31, glt_teardown);
	tcase_add_test(tc31, es31_with_geometry_has_none);
	suite_add_tcase(s, tc31);
	return s;
}

int main(void)
{
	return glt_main(clip_cull_suite);
}
