/* SPDX-License-Identifier: MIT */
/*
 * GLSL ES features that need the compiler and the program's reflection to
 * agree, checked by drawing and reading the pixels back: samplers held by
 * structs (their own uniforms "s[1].t", set with glUniform1i, sampled in a
 * loop and through a function argument) and dynamic indices: vector
 * components written and read by a uniform or a loop counter, varying
 * arrays written and read in loops; loops the middle end unrolls (a uniform
 * array summed, a local array filled and read back, an early return);
 * gl_DepthRange after glDepthRangef.
 */
#include <string.h>

#include "gl_test_util.h"

#define GLSL_FUNCS(X) \
	X(GenTextures, GENTEXTURES) X(DeleteTextures, DELETETEXTURES) X(BindTexture, BINDTEXTURE) \
	X(ActiveTexture, ACTIVETEXTURE) X(TexImage2D, TEXIMAGE2D) X(TexParameteri, TEXPARAMETERI) \
	X(GetUniformiv, GETUNIFORMIV) X(DepthRangef, DEPTHRANGEF)

#define GLSL_MEMBER(n, N) PFNGL##N##PROC n;
static struct { GLSL_FUNCS(GLSL_MEMBER) } fx;
#undef GLSL_MEMBER

static void setup(void)
{
	glt_setup();
#define GLSL_LOAD(n, N) \
	fx.n = (PFNGL##N##PROC)vgl_get_proc_address("gl" #n); \
	ck_assert_msg(fx.n != NULL, "gl" #n " missing");
	GLSL_FUNCS(GLSL_LOAD)
#undef GLSL_LOAD
}

static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };

static GLuint program(const char *v, const char *f)
{
	GLuint p = glt_program(v, f);

	gl.BindAttribLocation(p, 0, "pos");
	gl.LinkProgram(p);
	gl.UseProgram(p);
	return p;
}

static void draw(void)
{
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}

/* A 1x1 texture of one colour on texture unit `unit`. */
static GLuint texel_on(GLenum unit, const uint8_t rgba[4])
{
	GLuint t;

	fx.ActiveTexture(GL_TEXTURE0 + unit);
	fx.GenTextures(1, &t);
	fx.BindTexture(GL_TEXTURE_2D, t);
	fx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	fx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	fx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
	return t;
}

static GLint location(GLuint p, const char *name)
{
	GLint l = gl.GetUniformLocation(p, name);

	ck_assert_msg(l >= 0, "no uniform %s", name);
	return l;
}

/* ---- samplers held by structs ------------------------------------------------------------ */

static const char *vs_plain =
	"attribute vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
/* ES 1.00 Appendix A: a loop index is a constant-index-expression */
static const char *fs_struct_sampler =
	"precision mediump float;\n"
	"struct S { float k; sampler2D t; };\n"
	"struct N { S s[2]; sampler2D extra; };\n"
	"uniform N n;\n"
	"vec4 alone(S p) { return texture2D(p.t, vec2(0.5)) * p.k; }\n"
	"void main() {\n"
	"  vec4 c = vec4(0.0);\n"
	"  for (int i = 0; i < 2; i++)\n"
	"    c += texture2D(n.s[i].t, vec2(0.5)) * n.s[i].k;\n"
	"  gl_FragColor = c + alone(n.s[0]) * 0.0 + texture2D(n.extra, vec2(0.5));\n"
	"}\n";

/* The names glGetActiveUniform lists. */
static bool lists(GLuint p, const char *want, GLenum type)
{
	GLint n = 0;

	gl.GetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
	for (GLint i = 0; i < n; i++) {
		char name[64];
		GLint size;
		GLenum t;

		gl.GetActiveUniform(p, (GLuint)i, sizeof(name), NULL, &size, &t, name);
		if (!strcmp(name, want))
			return t == type && size == 1;
	}
	return false;
}

START_TEST(t_struct_held_samplers)
{
	static const uint8_t red[4] = { 255, 0, 0, 255 }, green[4] = { 0, 255, 0, 255 },
			     blue[4] = { 0, 0, 255, 255 };
	GLuint p = program(vs_plain, fs_struct_sampler), t[3];
	GLint unit = -1;

	t[0] = texel_on(0, red);
	t[1] = texel_on(1, green);
	t[2] = texel_on(2, blue);
	ck_assert(lists(p, "n.s[1].t", GL_SAMPLER_2D));
	ck_assert(lists(p, "n.extra", GL_SAMPLER_2D));
	ck_assert(lists(p, "n.s[0].k", GL_FLOAT));
	gl.Uniform1i(location(p, "n.s[0].t"), 1);
	gl.Uniform1i(location(p, "n.s[1].t"), 0);
	gl.Uniform1i(location(p, "n.extra"), 2);
	gl.Uniform1f(location(p, "n.s[0].k"), 1.0f);
	gl.Uniform1f(location(p, "n.s[1].k"), 0.5f);
	fx.GetUniformiv(p, location(p, "n.s[1].t"), &unit);
	ck_assert_int_eq(unit, 0);
	/* a sampler is set with glUniform1i only */
	gl.Uniform1f(location(p, "n.s[1].t"), 1.0f);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	draw();
	/* s[0] samples unit 1 (green), s[1] unit 0 (red) at half, extra blue */
	glt_assert_pixel_near(5, 5, (const uint8_t[4]){ 128, 255, 255, 255 }, 2);
	/* glGetUniformiv of a float beyond int's range: the nearest int (ES 3.0 6.1.2) */
	gl.Uniform1f(location(p, "n.s[0].k"), 3e9f);
	fx.GetUniformiv(p, location(p, "n.s[0].k"), &unit);
	ck_assert_int_eq(unit, INT32_MAX);
	gl.Uniform1f(location(p, "n.s[0].k"), -3e9f);
	fx.GetUniformiv(p, location(p, "n.s[0].k"), &unit);
	ck_assert_int_eq(unit, INT32_MIN);
	fx.DeleteTextures(3, t);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- dynamic indices ---------------------------------------------------------------------------- */

static const char *vs3_plain =
	"#version 300 es\n"
	"in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
/* tmp[u] = ... with u a uniform, a loop writing tmp[i], reads by index */
static const char *fs3_vector_subscript =
	"#version 300 es\n"
	"precision mediump float;\n"
	"uniform int u_one, u_two, u_n;\n"
	"out vec4 o;\n"
	"void main() {\n"
	"  vec4 tmp = vec4(0.0);\n"
	"  tmp[u_two] = 1.0;\n"
	"  tmp[u_one] = 0.5;\n"
	"  vec3 ramp;\n"
	"  for (int i = 0; i < u_n; i++) ramp[i] = float(i) * 0.25;\n"
	"  o = vec4(tmp[0], tmp[u_one], tmp[2], 1.0) + vec4(0.0, 0.0, 0.0, ramp[u_two]);\n"
	"}\n";

/* Draws with the int uniforms u_one = 1, u_two = 2, u_n = 3 (those the
 * program has) and checks a pixel. */
static void draw_ints(const char *vs, const char *fs, const uint8_t want[4])
{
	static const char *const names[] = { "u_one", "u_two", "u_n" };
	GLuint p = program(vs, fs);

	for (GLint i = 0; i < 3; i++) {
		GLint l = gl.GetUniformLocation(p, names[i]);

		if (l >= 0)
			gl.Uniform1i(l, i + 1);
	}
	draw();
	glt_assert_pixel_near(3, 9, want, 2);
	gl.DeleteProgram(p);
}

START_TEST(t_dynamic_vector_subscript)
{
	draw_ints(vs3_plain, fs3_vector_subscript, (const uint8_t[4]){ 0, 128, 255, 255 });
}
END_TEST

static const char *vs3_varying_array =
	"#version 300 es\n"
	"in vec2 pos;\n"
	"uniform int u_n;\n"
	"out vec2 v[3];\n"
	"void main() {\n"
	"  gl_Position = vec4(pos, 0.0, 1.0);\n"
	"  for (int i = 0; i < u_n; i++) v[i] = vec2(float(i) * 0.25, 0.125);\n"
	"}\n";
static const char *fs3_varying_array =
	"#version 300 es\n"
	"precision mediump float;\n"
	"uniform highp int u_n;\n"
	"in vec2 v[3];\n"
	"out vec4 o;\n"
	"void main() {\n"
	"  vec2 s = vec2(0.0);\n"
	"  for (int i = 0; i < u_n; i++) s += v[i];\n"
	"  o = vec4(s, v[u_n - 1].x, 1.0);\n"
	"}\n";

START_TEST(t_dynamic_varying_array)
{
	/* s = (0 + 0.25 + 0.5, 3 * 0.125), v[2].x = 0.5 */
	draw_ints(vs3_varying_array, fs3_varying_array, (const uint8_t[4]){ 191, 96, 128, 255 });
}
END_TEST

/* ---- loops the compiler unrolls ----------------------------------------------------------------- */

/* A uniform array summed by the counter, a local array written by a do-while
 * counter and read in a nest, and an early return (a loop that runs once):
 * the middle end turns all of them into straight code. */
static const char *fs3_unrolled =
	"#version 300 es\n"
	"precision highp float;\n"
	"uniform vec4 u[16];\n"
	"out vec4 o;\n"
	"float pick(float x) { if (x > 0.5) return 1.0; return x; }\n"
	"void main() {\n"
	"  vec4 acc = vec4(0.0);\n"
	"  for (int k = 0; k < 16; k++) acc += u[k];\n"
	"  float w[4];\n"
	"  int j = 0;\n"
	"  do { w[j] = float(j) * 0.125; j++; } while (j < 4);\n"
	"  float s = 0.0;\n"
	"  for (int a = 0; a < 2; a++)\n"
	"    for (int b = 0; b < 2; b++) s += w[a * 2 + b];\n"
	"  o = vec4(acc.x, acc.y, s, pick(acc.w));\n"
	"}\n";

START_TEST(t_unrolled_loops)
{
	GLuint p = program(vs3_plain, fs3_unrolled);
	GLfloat u[16][4];

	for (int k = 0; k < 16; k++) {
		u[k][0] = (GLfloat)k / 240.0f;  /* sum 0.5 */
		u[k][1] = 1.0f / 64.0f;         /* sum 0.25 */
		u[k][2] = 0.0f;
		u[k][3] = 0.1f;                 /* sum 1.6: pick() gives 1.0 */
	}
	gl.Uniform4fv(location(p, "u"), 16, &u[0][0]);
	draw();
	/* s = 0 + 0.125 + 0.25 + 0.375 */
	glt_assert_pixel_near(3, 9, (const uint8_t[4]){ 128, 64, 191, 255 }, 2);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- built-in uniforms -------------------------------------------------------------------------- */

static const char *fs_depth_range =
	"precision mediump float;\n"
	"void main() {\n"
	"  gl_FragColor = vec4(gl_DepthRange.near, gl_DepthRange.far, gl_DepthRange.diff, 1.0);\n"
	"}\n";

START_TEST(t_depth_range)
{
	GLuint p = program(vs_plain, fs_depth_range);

	fx.DepthRangef(0.25f, 0.75f);
	draw();
	glt_assert_pixel_near(4, 4, (const uint8_t[4]){ 64, 191, 128, 255 }, 2);
	/* a new range reaches the same program's block */
	fx.DepthRangef(1.0f, 0.5f);
	draw();
	glt_assert_pixel_near(4, 4, (const uint8_t[4]){ 255, 128, 0, 255 }, 2);
	gl.DeleteProgram(p);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_glsl");
	TCase *tc = tcase_create("glsl");

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_test(tc, t_struct_held_samplers);
	tcase_add_test(tc, t_dynamic_vector_subscript);
	tcase_add_test(tc, t_dynamic_varying_array);
	tcase_add_test(tc, t_unrolled_loops);
	tcase_add_test(tc, t_depth_range);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
