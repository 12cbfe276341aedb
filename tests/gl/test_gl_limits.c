/* SPDX-License-Identifier: MIT */
/*
 * Implementation limits from the host's caps (gl/vgl_limits.c): each value
 * glGetIntegerv gives is at least ES 3.0's minimum, the GLSL built-in
 * constant says the same, and a program can use it all: a vertex and a
 * fragment shader each with GL_MAX_*_UNIFORM_VECTORS vectors (the default
 * block beyond the push constants), a fragment shader sampling every one of
 * GL_MAX_TEXTURE_IMAGE_UNITS units, lines as wide as the range allows;
 * one vector more fails the link with a log.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define LIMITS_FUNCS(X) \
	X(GenTextures, GENTEXTURES) X(DeleteTextures, DELETETEXTURES) X(BindTexture, BINDTEXTURE) \
	X(ActiveTexture, ACTIVETEXTURE) X(TexImage2D, TEXIMAGE2D) X(TexParameteri, TEXPARAMETERI) \
	X(LineWidth, LINEWIDTH) X(GetFloatv, GETFLOATV) X(GetInteger64v, GETINTEGER64V) \
	X(DeleteShader, DELETESHADER)

#define LIMITS_MEMBER(n, N) PFNGL##N##PROC n;
static struct { LIMITS_FUNCS(LIMITS_MEMBER) } fx;
#undef LIMITS_MEMBER

static void setup(void)
{
	glt_setup();
#define LIMITS_LOAD(n, N) \
	fx.n = (PFNGL##N##PROC)vgl_get_proc_address("gl" #n); \
	ck_assert_msg(fx.n != NULL, "gl" #n " missing");
	LIMITS_FUNCS(LIMITS_LOAD)
#undef LIMITS_LOAD
}

static const char *vs_plain =
	"attribute vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* A program (attribute 0 `pos`), in use; the caller frees the sources. */
static GLuint use(char *vs, char *fs)
{
	GLuint p = glt_program(vs, fs);

	gl.BindAttribLocation(p, 0, "pos");
	gl.LinkProgram(p);
	gl.UseProgram(p);
	free(vs);
	free(fs);
	return p;
}

static char *format(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *format(const char *fmt, ...)
{
	va_list ap;
	char *out = NULL;

	va_start(ap, fmt);
	ck_assert_int_ge(vasprintf(&out, fmt, ap), 0);
	va_end(ap);
	return out;
}

/* ---- built-in constants == glGetIntegerv -------------------------------------------------- */

static const struct {
	const char *glsl;
	GLenum pname;
	GLint es3_min;   /* ES 3.0's minimum (for the offsets: the bound's magnitude) */
} constants[] = {
	{ "gl_MaxVertexUniformVectors", GL_MAX_VERTEX_UNIFORM_VECTORS, 256 },
	{ "gl_MaxFragmentUniformVectors", GL_MAX_FRAGMENT_UNIFORM_VECTORS, 224 },
	{ "gl_MaxVertexTextureImageUnits", GL_MAX_VERTEX_TEXTURE_IMAGE_UNITS, 16 },
	{ "gl_MaxTextureImageUnits", GL_MAX_TEXTURE_IMAGE_UNITS, 16 },
	{ "gl_MaxCombinedTextureImageUnits", GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS, 32 },
	{ "gl_MinProgramTexelOffset", GL_MIN_PROGRAM_TEXEL_OFFSET, 8 },
	{ "gl_MaxProgramTexelOffset", GL_MAX_PROGRAM_TEXEL_OFFSET, 7 },
};

START_TEST(t_builtin_constants)
{
	const char *vs3 = "#version 300 es\nin vec2 pos;\n"
			  "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
	GLint want = glt_geti(constants[_i].pname);

	ck_assert_int_ge(abs(want), constants[_i].es3_min);
	use(strdup(vs3),
	    format("#version 300 es\nprecision mediump float;\nout vec4 o;\n"
		   "void main() { o = %s == %d ? vec4(0, 1, 0, 1) : vec4(1, 0, 0, 1); }\n",
		   constants[_i].glsl, want));
	glt_draw_window();
	glt_assert_pixel(8, 8, 0, 255, 0, 255);
}
END_TEST

/* ---- every uniform vector of a stage ------------------------------------------------------ */

/* u[0 .. n-2] and the index: n vectors; u[at] green, the others red. */
static void fill_uniforms(GLuint p, GLint n, GLint at)
{
	float *v = calloc((size_t)(n - 1) * 4, sizeof(float));

	ck_assert_ptr_nonnull(v);
	for (GLint i = 0; i < n - 1; i++) {
		v[4 * i + (i == at ? 1 : 0)] = 1.0f;
		v[4 * i + 3] = 1.0f;
	}
	gl.Uniform4fv(gl.GetUniformLocation(p, "u"), n - 1, v);
	gl.Uniform1f(gl.GetUniformLocation(p, "at"), (float)at);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	free(v);
}

START_TEST(t_vertex_uniform_vectors)
{
	GLint n = glt_geti(GL_MAX_VERTEX_UNIFORM_VECTORS);
	GLuint p = use(format("attribute vec2 pos;\nuniform vec4 u[%d];\nuniform float at;\n"
			      "varying vec4 c;\n"
			      "void main() { c = u[int(at)]; gl_Position = vec4(pos, 0.0, 1.0); }\n",
			      n - 1),
		       strdup("precision mediump float;\nvarying vec4 c;\n"
			      "void main() { gl_FragColor = c; }\n"));

	fill_uniforms(p, n, n - 2);
	glt_draw_window();
	glt_assert_pixel(8, 8, 0, 255, 0, 255);
	fill_uniforms(p, n, 0);
	glt_draw_window();
	glt_assert_pixel(8, 8, 0, 255, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(t_fragment_uniform_vectors)
{
	GLint n = glt_geti(GL_MAX_FRAGMENT_UNIFORM_VECTORS);
	GLuint p = use(strdup(vs_plain),
		       format("precision mediump float;\nuniform vec4 u[%d];\nuniform float at;\n"
			      "void main() { gl_FragColor = u[int(at)]; }\n", n - 1));

	fill_uniforms(p, n, n - 2);
	glt_draw_window();
	glt_assert_pixel(8, 8, 0, 255, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* One vector beyond the limit: the link fails and says why. */
START_TEST(t_uniform_vectors_over)
{
	GLint n = glt_geti(GL_MAX_FRAGMENT_UNIFORM_VECTORS);
	char *fs = format("precision mediump float;\nuniform vec4 u[%d];\nuniform float at;\n"
			  "void main() { gl_FragColor = u[int(at)]; }\n", n);
	GLuint p = gl.CreateProgram(), v = gl.CreateShader(GL_VERTEX_SHADER),
	       f = gl.CreateShader(GL_FRAGMENT_SHADER);
	GLint ok = 1;
	char log[512] = "";

	gl.ShaderSource(v, 1, &vs_plain, NULL);
	gl.ShaderSource(f, 1, (const char *const *)&fs, NULL);
	gl.CompileShader(v);
	gl.CompileShader(f);
	gl.AttachShader(p, v);
	gl.AttachShader(p, f);
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
	ck_assert_int_eq(ok, 0);
	ck_assert_msg(strstr(log, "too many uniforms"), "log: %s", log);
	gl.DeleteProgram(p);
	fx.DeleteShader(v);
	fx.DeleteShader(f);
	free(fs);
}
END_TEST

/* ---- every varying component --------------------------------------------------------------- */

/* n varyings of type `type`; the FS sums them all and writes green when the sum is positive. */
static char *varying_source(bool vertex, const char *type, GLint n)
{
	size_t size = (size_t)n * 64 + 256;
	char *s = malloc(size);
	size_t at = 0;

	ck_assert_ptr_nonnull(s);
	at += (size_t)snprintf(s + at, size - at, "%s", vertex ? "attribute vec2 pos;\n"
							     : "precision highp float;\n");
	for (GLint i = 0; i < n; i++)
		at += (size_t)snprintf(s + at, size - at, "varying %s v%d;\n", type, i);
	at += (size_t)snprintf(s + at, size - at, "void main() {\n%s",
			       vertex ? "  gl_Position = vec4(pos, 0.0, 1.0);\n" : "  float t = 0.0;\n");
	for (GLint i = 0; i < n; i++)
		at += (size_t)snprintf(s + at, size - at, vertex ? "  v%d = %s(%d.0);\n"
								 : "  t += dot(v%d, %s(1.0));\n",
				       i, type, (i + 1) % 3);
	snprintf(s + at, size - at, "%s}\n", vertex ? "" :
		 "  gl_FragColor = vec4(0.0, t > 0.0 ? 1.0 : 0.0, 0.0, 1.0);\n");
	return s;
}

/* A program that uses every varying vector as vec4s, vec2s or floats. Each
 * varying takes a host location of its own (scalars and vec2s are not
 * packed together yet): where that exceeds the host's vertex outputs, the
 * link fails and says so instead of the draw failing. */
START_TEST(t_varying_vectors)
{
	static const struct { const char *type; int per_vector; } kinds[] = {
		{ "vec4", 1 }, { "vec2", 2 }, { "float", 4 },
	};
	GLint n = glt_geti(GL_MAX_VARYING_VECTORS) * kinds[_i].per_vector;
	char *vs = varying_source(true, kinds[_i].type, n), *fs = varying_source(false, kinds[_i].type, n);
	GLuint p = gl.CreateProgram(), v = gl.CreateShader(GL_VERTEX_SHADER),
	       f = gl.CreateShader(GL_FRAGMENT_SHADER);
	GLint ok = 0;
	char log[512] = "";

	gl.ShaderSource(v, 1, (const char *const *)&vs, NULL);
	gl.ShaderSource(f, 1, (const char *const *)&fs, NULL);
	gl.CompileShader(v);
	gl.CompileShader(f);
	gl.AttachShader(p, v);
	gl.AttachShader(p, f);
	gl.BindAttribLocation(p, 0, "pos");
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
	if (!ok) {
		ck_assert_msg(_i > 0 && strstr(log, "too many varyings for this device"), "log: %s", log);
	} else {
		gl.UseProgram(p);
		glt_draw_window();
		glt_assert_pixel(8, 8, 0, 255, 0, 255);
	}
	gl.DeleteProgram(p);
	fx.DeleteShader(v);
	fx.DeleteShader(f);
	free(vs);
	free(fs);
}
END_TEST

/* ---- every texture unit of the fragment stage --------------------------------------------- */

START_TEST(t_texture_units)
{
	GLint n = glt_geti(GL_MAX_TEXTURE_IMAGE_UNITS);
	GLuint *tex = calloc((size_t)n, sizeof(*tex));
	GLuint p = use(strdup(vs_plain),
		       format("precision mediump float;\nuniform sampler2D s[%d];\n"
			      "void main() {\n  vec4 c = vec4(0.0);\n"
			      "  for (int i = 0; i < %d; i++) c += texture2D(s[i], vec2(0.5));\n"
			      "  gl_FragColor = c;\n}\n", n, n));

	ck_assert_ptr_nonnull(tex);
	fx.GenTextures(n, tex);
	for (GLint i = 0; i < n; i++) {
		/* unit 0 red, the last green, the rest black: both ends sampled */
		uint8_t texel[4] = { i == 0 ? 255 : 0, i == n - 1 ? 255 : 0, 0, 255 };
		char name[32];

		fx.ActiveTexture(GL_TEXTURE0 + (GLenum)i);
		fx.BindTexture(GL_TEXTURE_2D, tex[i]);
		fx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
		fx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, texel);
		snprintf(name, sizeof(name), "s[%d]", i);
		gl.Uniform1i(gl.GetUniformLocation(p, name), i);
	}
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_draw_window();
	glt_assert_pixel(8, 8, 255, 255, 0, 255);
	fx.DeleteTextures(n, tex);
	gl.DeleteProgram(p);
	free(tex);
}
END_TEST

/* ---- wide lines, the server wait timeout -------------------------------------------------- */

/* A horizontal line through the centres of row 16 of the 32x32 window. */
static void draw_line(float width)
{
	static const float line[4] = { -1.0f, 0.03125f, 1.0f, 0.03125f };

	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	fx.LineWidth(width);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, line);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_LINES, 0, 2);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}

START_TEST(t_wide_lines)
{
	GLfloat range[2] = { 0, 0 };

	fx.GetFloatv(GL_ALIASED_LINE_WIDTH_RANGE, range);
	ck_assert(range[0] <= 1.0f && range[1] >= 1.0f);
	if (range[1] < 5.0f)
		return; /* the host draws only thin lines: nothing wider is offered */
	use(strdup(vs_plain), strdup("precision mediump float;\n"
				     "void main() { gl_FragColor = vec4(0, 1, 0, 1); }\n"));
	draw_line(5.0f);
	glt_assert_pixel(16, 14, 0, 255, 0, 255);
	glt_assert_pixel(16, 18, 0, 255, 0, 255);
	glt_assert_pixel(16, 12, 0, 0, 0, 255);
	glt_assert_pixel(16, 20, 0, 0, 0, 255);
	draw_line(1.0f);
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	glt_assert_pixel(16, 14, 0, 0, 0, 255);
}
END_TEST

START_TEST(t_server_wait_timeout)
{
	GLint64 t = 0;

	fx.GetInteger64v(GL_MAX_SERVER_WAIT_TIMEOUT, &t);
	ck_assert(t > 0);
	/* glGetIntegerv clamps, never wraps */
	ck_assert_int_gt(glt_geti(GL_MAX_SERVER_WAIT_TIMEOUT), 0);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_limits");
	TCase *tc = tcase_create("limits");

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_loop_test(tc, t_builtin_constants, 0, sizeof(constants) / sizeof(constants[0]));
	tcase_add_test(tc, t_vertex_uniform_vectors);
	tcase_add_test(tc, t_fragment_uniform_vectors);
	tcase_add_test(tc, t_uniform_vectors_over);
	tcase_add_test(tc, t_texture_units);
	tcase_add_loop_test(tc, t_varying_vectors, 0, 3);
	tcase_add_test(tc, t_wide_lines);
	tcase_add_test(tc, t_server_wait_timeout);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
