/* SPDX-License-Identifier: MIT */
/*
 * Program binaries (ES 3.0 section 2.12.3): a program with uniforms, a
 * uniform block, samplers (one in a struct), a bound attribute and captured
 * varyings (gl_Position among them) saved with glGetProgramBinary and
 * loaded into another program with glProgramBinary draws the same pixels,
 * captures the same values and reports the same resources; uniforms start
 * at their defaults; a program in use takes the loaded executable; a
 * corrupted, truncated, foreign or forged binary fails the link with a log
 * and no GL error. The entry points' errors are in test_gl_errors.c.
 */
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

struct bin_gl {
	PFNGLGETPROGRAMBINARYPROC GetProgramBinary;
	PFNGLPROGRAMBINARYPROC ProgramBinary;
	PFNGLPROGRAMPARAMETERIPROC ProgramParameteri;
	PFNGLTRANSFORMFEEDBACKVARYINGSPROC TransformFeedbackVaryings;
	PFNGLGETTRANSFORMFEEDBACKVARYINGPROC GetTransformFeedbackVarying;
	PFNGLBEGINTRANSFORMFEEDBACKPROC BeginTransformFeedback;
	PFNGLENDTRANSFORMFEEDBACKPROC EndTransformFeedback;
	PFNGLGETFRAGDATALOCATIONPROC GetFragDataLocation;
	PFNGLACTIVETEXTUREPROC ActiveTexture;
};

static struct bin_gl b;

#define LOAD(n) b.n = glt_proc("gl" #n)

static void setup(void)
{
	glt_setup();
	LOAD(GetProgramBinary);
	LOAD(ProgramBinary);
	LOAD(ProgramParameteri);
	LOAD(TransformFeedbackVaryings);
	LOAD(GetTransformFeedbackVarying);
	LOAD(BeginTransformFeedback);
	LOAD(EndTransformFeedback);
	LOAD(GetFragDataLocation);
	LOAD(ActiveTexture);
}

static const char *vs =
	"#version 300 es\n"
	"in vec2 pos;\n"
	"in float unused_attr;\n"
	"uniform vec2 u_offset;\n"
	"uniform float u_scale[2];\n"
	"out vec4 v_color;\n"
	"out vec2 v_uv;\n"
	"void main() {\n"
	"  v_uv = pos * 0.5 + 0.5;\n"
	"  v_color = vec4(u_scale[1], 0.0, 0.0, 1.0);\n"
	"  gl_Position = vec4(pos * u_scale[0] + u_offset, 0.5, 1.0);\n"
	"}\n";
static const char *fs =
	"#version 300 es\n"
	"precision mediump float;\n"
	"struct S { sampler2D tex; vec4 tint; };\n"
	"uniform S u_s;\n"
	"uniform sampler2D u_tex2;\n"
	"uniform Colors { vec4 add; mat2 unused; } colors;\n"
	"in vec4 v_color;\n"
	"in vec2 v_uv;\n"
	"layout(location = 0) out vec4 o;\n"
	"void main() {\n"
	"  o = texture(u_s.tex, v_uv) * u_s.tint + texture(u_tex2, v_uv) * 0.5 + colors.add +\n"
	"      v_color * 0.25;\n"
	"}\n";

#define POS_LOCATION 3
#define HEADER_SIZE 32 /* glsl_program_binary.h */

static GLint link_status(GLuint p)
{
	GLint ok = -1;

	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	return ok;
}

/* The program above, with pos bound to POS_LOCATION and two varyings captured. */
static GLuint original(void)
{
	static const char *const names[] = { "v_color", "gl_Position" };
	GLuint p = glt_program(vs, fs);

	gl.BindAttribLocation(p, POS_LOCATION, "pos");
	b.TransformFeedbackVaryings(p, 2, names, GL_INTERLEAVED_ATTRIBS);
	b.ProgramParameteri(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, GL_TRUE);
	gl.LinkProgram(p);
	ck_assert_int_eq(link_status(p), GL_TRUE);
	return p;
}

/* The binary of p (malloc'ed), its length and format checked. */
static uint8_t *binary_of(GLuint p, GLsizei *len, GLenum *format)
{
	GLint want = 0;
	uint8_t *bin;

	gl.GetProgramiv(p, GL_PROGRAM_BINARY_LENGTH, &want);
	ck_assert_int_gt(want, HEADER_SIZE);
	bin = malloc((size_t)want);
	ck_assert_ptr_nonnull(bin);
	b.GetProgramBinary(p, want, len, format, bin);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_int_eq(*len, want);
	ck_assert_int_eq(*format, glt_geti(GL_PROGRAM_BINARY_FORMATS));
	return bin;
}

/* A new program loaded from bin; its link status. */
static GLint load(GLuint p, GLenum format, const uint8_t *bin, GLsizei len)
{
	b.ProgramBinary(p, format, bin, len);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	return link_status(p);
}

/* Texture units 1 (u_s.tex: 2x2, four colours) and 2 (u_tex2: 1x1). */
static void textures(void)
{
	static const uint8_t quad[16] = { 255, 0, 0, 255, 0, 255, 0, 255,
					  0, 0, 255, 255, 255, 255, 255, 255 };
	static const uint8_t one[4] = { 0, 128, 255, 255 };

	b.ActiveTexture(GL_TEXTURE1);
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, quad);
	b.ActiveTexture(GL_TEXTURE2);
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, one);
	b.ActiveTexture(GL_TEXTURE0);
}

/* The uniforms and block binding a draw of p uses (p current). */
static void set_uniforms(GLuint p)
{
	static const float scale[2] = { 0.75f, 0.5f };
	static const float add[12] = { 0.0f, 0.0f, 0.1f, 0.0f };
	GLuint ubo = glt_buffer(GL_UNIFORM_BUFFER, add, sizeof(add));

	gl.Uniform1i(gl.GetUniformLocation(p, "u_s.tex"), 1);
	gl.Uniform1i(gl.GetUniformLocation(p, "u_tex2"), 2);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_s.tint"), 0.5f, 1.0f, 0.25f, 1.0f);
	((PFNGLUNIFORM1FVPROC)glt_proc("glUniform1fv"))(gl.GetUniformLocation(p, "u_scale"), 2,
							 scale);
	((PFNGLUNIFORM2FPROC)glt_proc("glUniform2f"))(gl.GetUniformLocation(p, "u_offset"),
						      0.125f, -0.125f);
	gl.UniformBlockBinding(p, gl.GetUniformBlockIndex(p, "Colors"), 1);
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 1, ubo);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}

/* Draws with p (capturing 6 vertices of 8 floats into cap) and reads the window. */
static void draw(GLuint p, uint8_t pixels[GLT_W * GLT_H * 4], float cap[48])
{
	static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };
	GLuint xfb = glt_buffer(GL_TRANSFORM_FEEDBACK_BUFFER, NULL, 48 * sizeof(float));
	const float *mapped;

	gl.UseProgram(p);
	set_uniforms(p);
	gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, xfb);
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(POS_LOCATION, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.EnableVertexAttribArray(POS_LOCATION);
	b.BeginTransformFeedback(GL_TRIANGLES);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	b.EndTransformFeedback();
	gl.ReadPixels(0, 0, GLT_W, GLT_H, GL_RGBA, GL_UNSIGNED_BYTE, pixels);
	mapped = gl.MapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 48 * sizeof(float),
				   GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(mapped);
	memcpy(cap, mapped, 48 * sizeof(float));
	gl.UnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}

START_TEST(loaded_program_draws_and_captures_the_same)
{
	uint8_t want[GLT_W * GLT_H * 4], got[GLT_W * GLT_H * 4];
	float want_cap[48], got_cap[48];
	GLuint p, q = gl.CreateProgram();
	GLsizei len = 0;
	GLenum format = 0;
	uint8_t *bin;

	ck_assert_int_eq(glt_geti(GL_NUM_PROGRAM_BINARY_FORMATS), 1);
	textures();
	p = original();
	bin = binary_of(p, &len, &format);
	ck_assert_int_eq(load(q, format, bin, len), GL_TRUE);
	draw(p, want, want_cap);
	draw(q, got, got_cap);
	/* the quad is drawn (scaled and offset: corners stay clear), textured */
	ck_assert_int_eq(want[0] | want[1] | want[2], 0);
	ck_assert_int_ne(want[(16 * GLT_W + 16) * 4 + 3], 0);
	ck_assert_mem_eq(got, want, sizeof(want));
	/* v_color then the position before the depth fix: pos * 0.75 + offset */
	ck_assert_float_eq_tol(want_cap[0], 0.5f, 1e-6f);
	ck_assert_float_eq_tol(want_cap[4], -0.75f + 0.125f, 1e-6f);
	ck_assert_float_eq_tol(want_cap[6], 0.5f, 1e-6f);
	ck_assert_mem_eq(got_cap, want_cap, sizeof(want_cap));
	/* the loaded program's binary loads as well */
	free(bin);
	bin = binary_of(q, &len, &format);
	ck_assert_int_eq(load(gl.CreateProgram(), format, bin, len), GL_TRUE);
	free(bin);
}
END_TEST

typedef void(GL_APIENTRY *active_fn)(GLuint, GLuint, GLsizei, GLsizei *, GLint *, GLenum *,
				     GLchar *);
typedef GLint(GL_APIENTRY *location_fn)(GLuint, const GLchar *);

/* Active uniforms or attributes: the same names, sizes, types and locations. */
static void assert_same_actives(GLuint p, GLuint q, GLenum count, active_fn active,
				location_fn location)
{
	GLint n = 0, m = 0;

	gl.GetProgramiv(p, count, &n);
	gl.GetProgramiv(q, count, &m);
	ck_assert_int_eq(m, n);
	ck_assert_int_ge(n, 2);
	for (GLint i = 0; i < n; i++) {
		char a[64], c[64];
		GLint sa, sc;
		GLenum ta, tc;

		active(p, (GLuint)i, sizeof(a), NULL, &sa, &ta, a);
		active(q, (GLuint)i, sizeof(c), NULL, &sc, &tc, c);
		ck_assert_str_eq(c, a);
		ck_assert(sc == sa && tc == ta);
		ck_assert_int_eq(location(q, a), location(p, a));
	}
}

static void assert_same_xfb(GLuint q)
{
	static const char *const want[] = { "v_color", "gl_Position" };
	GLint v = 0;

	gl.GetProgramiv(q, GL_TRANSFORM_FEEDBACK_VARYINGS, &v);
	ck_assert_int_eq(v, 2);
	gl.GetProgramiv(q, GL_TRANSFORM_FEEDBACK_BUFFER_MODE, &v);
	ck_assert_int_eq(v, GL_INTERLEAVED_ATTRIBS);
	for (GLuint i = 0; i < 2; i++) {
		char name[32];
		GLsizei size = 0;
		GLenum type = 0;

		b.GetTransformFeedbackVarying(q, i, sizeof(name), NULL, &size, &type, name);
		ck_assert_str_eq(name, want[i]);
		ck_assert_int_eq(size, 1);
		ck_assert_int_eq(type, GL_FLOAT_VEC4);
	}
}

START_TEST(loaded_program_reports_the_same_resources)
{
	GLuint p = original(), q = gl.CreateProgram(), bp, bq;
	GLsizei len = 0;
	GLenum format = 0;
	uint8_t *bin = binary_of(p, &len, &format);
	GLint sp = 0, sq = 0, v = 0;

	ck_assert_int_eq(load(q, format, bin, len), GL_TRUE);
	assert_same_actives(p, q, GL_ACTIVE_UNIFORMS, gl.GetActiveUniform, gl.GetUniformLocation);
	assert_same_actives(p, q, GL_ACTIVE_ATTRIBUTES, gl.GetActiveAttrib, gl.GetAttribLocation);
	ck_assert_int_eq(gl.GetAttribLocation(q, "pos"), POS_LOCATION);
	assert_same_xfb(q);
	gl.GetProgramiv(q, GL_ACTIVE_UNIFORM_BLOCKS, &v);
	ck_assert_int_eq(v, 1);
	bp = gl.GetUniformBlockIndex(p, "Colors");
	bq = gl.GetUniformBlockIndex(q, "Colors");
	ck_assert_uint_eq(bq, bp);
	gl.GetActiveUniformBlockiv(p, bp, GL_UNIFORM_BLOCK_DATA_SIZE, &sp);
	gl.GetActiveUniformBlockiv(q, bq, GL_UNIFORM_BLOCK_DATA_SIZE, &sq);
	ck_assert_int_eq(sq, sp);
	ck_assert_int_eq(b.GetFragDataLocation(q, "o"), 0);
	/* the hint is the program's own, not the binary's */
	gl.GetProgramiv(p, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, &v);
	ck_assert_int_eq(v, GL_TRUE);
	gl.GetProgramiv(q, GL_PROGRAM_BINARY_RETRIEVABLE_HINT, &v);
	ck_assert_int_eq(v, GL_FALSE);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	free(bin);
}
END_TEST

static void assert_uniforms_default(GLuint p)
{
	GLfloat f[4] = { 9, 9, 9, 9 };
	GLint unit = 9;

	gl.GetUniformfv(p, gl.GetUniformLocation(p, "u_s.tint"), f);
	ck_assert(f[0] == 0 && f[1] == 0 && f[2] == 0 && f[3] == 0);
	gl.GetUniformfv(p, gl.GetUniformLocation(p, "u_scale[1]"), f);
	ck_assert(f[0] == 0);
	((PFNGLGETUNIFORMIVPROC)glt_proc("glGetUniformiv"))(p, gl.GetUniformLocation(p, "u_s.tex"),
							    &unit);
	ck_assert_int_eq(unit, 0);
}

START_TEST(load_resets_uniforms_and_replaces_the_current_executable)
{
	uint8_t want[GLT_W * GLT_H * 4], got[GLT_W * GLT_H * 4];
	float want_cap[48], got_cap[48];
	GLuint p = original(), q = original();
	GLsizei len = 0;
	GLenum format = 0;
	uint8_t *bin;

	textures();
	draw(p, want, want_cap);      /* p's uniforms are set, p is current */
	bin = binary_of(p, &len, &format);
	ck_assert_int_eq(load(q, format, bin, len), GL_TRUE);
	assert_uniforms_default(q);
	/* loaded into the current program: defaults again, and draws use it */
	ck_assert_int_eq(load(p, format, bin, len), GL_TRUE);
	assert_uniforms_default(p);
	ck_assert_int_eq(glt_geti(GL_CURRENT_PROGRAM), (GLint)p);
	draw(p, got, got_cap);
	ck_assert_mem_eq(got, want, sizeof(want));
	ck_assert_mem_eq(got_cap, want_cap, sizeof(want_cap));
	free(bin);
}
END_TEST

/* glsl_program_binary.c's checksum, to forge binaries that pass it. */
static void reseal(uint8_t *bin, GLsizei len)
{
	uint64_t h = 0xcbf29ce484222325ull;

	for (GLsizei i = HEADER_SIZE; i < len; i++)
		h = (h ^ bin[i]) * 0x100000001b3ull;
	memcpy(bin + 24, &h, 8);
}

/* bin (len bytes) fails to load into a program, with `why` in its log. */
static void assert_refused(GLenum format, const uint8_t *bin, GLsizei len, const char *why)
{
	GLuint p = gl.CreateProgram();
	char log[256] = "";

	ck_assert_int_eq(load(p, format, bin, len), GL_FALSE);
	gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
	ck_assert_msg(strstr(log, "program binary") && strstr(log, why), "log: %s", log);
	gl.UseProgram(p);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	gl.DeleteProgram(p);
}

START_TEST(damaged_binaries_fail_to_link)
{
	GLuint p = original();
	GLsizei len = 0;
	GLenum format = 0;
	uint8_t *bin = binary_of(p, &len, &format), *copy = malloc((size_t)len);

	memcpy(copy, bin, (size_t)len);
	copy[len / 2] ^= 0x10;                                  /* a payload byte */
	assert_refused(format, copy, len, "checksum");
	assert_refused(format, bin, len - 1, "truncated");
	assert_refused(format, bin, HEADER_SIZE - 1, "header");
	assert_refused(format, NULL, 0, "");
	memcpy(copy, bin, (size_t)len);
	copy[9] ^= 1;                                           /* the build id */
	assert_refused(format, copy, len, "another build");
	memcpy(copy, bin, (size_t)len);
	copy[0] ^= 1;                                           /* the magic */
	assert_refused(format, copy, len, "not a virtgl");
	memcpy(copy, bin, (size_t)len);
	copy[HEADER_SIZE] ^= 0x40;                              /* the GLSL version, resealed */
	reseal(copy, len);
	assert_refused(format, copy, len, "version");
	/* p keeps its executable */
	ck_assert_int_eq(link_status(p), GL_TRUE);
	free(copy);
	free(bin);
}
END_TEST

/*
 * Every byte of the resource lists changed in turn, the checksum made to
 * match (as a forger would): each load either links or fails with a log,
 * and never crashes or raises a GL error.
 */
START_TEST(forged_binaries_never_crash)
{
	GLuint p = original(), q = gl.CreateProgram();
	GLsizei len = 0;
	GLenum format = 0;
	uint8_t *bin = binary_of(p, &len, &format), *copy = malloc((size_t)len);
	int refused = 0;

	for (GLsizei i = HEADER_SIZE; i < len; i++) {
		memcpy(copy, bin, (size_t)len);
		copy[i] ^= (uint8_t)(i & 1 ? 0x80 : 0x07);
		reseal(copy, len);
		if (load(q, format, copy, len) != GL_TRUE) {
			GLint n = 0;

			gl.GetProgramiv(q, GL_INFO_LOG_LENGTH, &n);
			ck_assert_int_gt(n, 1);
			refused++;
		}
	}
	ck_assert_int_gt(refused, 100);
	free(copy);
	free(bin);
}
END_TEST

static Suite *binary_suite(void)
{
	Suite *s = suite_create("gl program binaries");
	TCase *tc = tcase_create("binary");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, loaded_program_draws_and_captures_the_same);
	tcase_add_test(tc, loaded_program_reports_the_same_resources);
	tcase_add_test(tc, load_resets_uniforms_and_replaces_the_current_executable);
	tcase_add_test(tc, damaged_binaries_fail_to_link);
	tcase_add_test(tc, forged_binaries_never_crash);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(binary_suite);
}
