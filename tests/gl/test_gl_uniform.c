/* SPDX-License-Identifier: MIT */
/*
 * Loose uniforms of every basic type (uniform_cases.c) read by a vertex
 * shader and by a fragment shader: each stores what it read as words into
 * an RGBA32UI colour buffer of 4 x 1 pixels (the vertex stage through flat
 * varyings), read back with glReadPixels and compared bit for bit. Colours
 * of 8 bits per channel, as the drawing suites use, would hide a value
 * that arrived rounded.
 */
#include <stdio.h>
#include <string.h>

#include "gl_test_util.h"
#include "uniform_cases.h"

#define F(n) ((__typeof__(&gl##n))glt_proc("gl" #n))

#define HEAD "#version 300 es\nprecision highp float;\nprecision highp int;\n"
/* put()/puti() of uniform_cases.h into words[], 4 of them per pixel */
#define WORDS                                                                                \
	"uint words[16];\n"                                                                      \
	"void put(int i, float f) { words[i] = floatBitsToUint(f); }\n"                          \
	"void puti(int i, int v) { words[i] = uint(v); }\n"                                      \
	"uvec4 group(int g) {\n"                                                                 \
	"  return uvec4(words[4 * g], words[4 * g + 1], words[4 * g + 2], words[4 * g + 3]);\n"  \
	"}\n"
#define FILL "for (int i = 0; i < 16; i++) words[i] = 0xcdcdcdcdu;\n"

static const char vs_plain[] = HEAD "layout(location = 0) in vec2 pos;\n"
				    "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_varyings[] = HEAD "flat in uvec4 w0, w1, w2, w3;\nout uvec4 o;\n"
				       "void main() {\n  int x = int(gl_FragCoord.x);\n"
				       "  o = x == 0 ? w0 : x == 1 ? w1 : x == 2 ? w2 : w3;\n}\n";

/* The vertex shader of case c, passing its words to fs_varyings. */
static void vertex_source(const struct uniform_case *c, char *out, size_t size)
{
	snprintf(out, size,
		 HEAD "layout(location = 0) in vec2 pos;\nflat out uvec4 w0, w1, w2, w3;\n"
		 WORDS "%svoid main() {\n" FILL "%s\n"
		 "  w0 = group(0); w1 = group(1); w2 = group(2); w3 = group(3);\n"
		 "  gl_Position = vec4(pos, 0.0, 1.0);\n}\n", c->decl, c->body);
}

/* The fragment shader of case c: pixel x gets words 4x..4x+3. */
static void fragment_source(const struct uniform_case *c, char *out, size_t size)
{
	snprintf(out, size,
		 HEAD "out uvec4 o;\n" WORDS "%svoid main() {\n" FILL "%s\n"
		 "  o = group(int(gl_FragCoord.x));\n}\n", c->decl, c->body);
}

/* An RGBA32UI colour buffer of 4 x 1, bound for drawing and reading. */
static void integer_target(GLuint *fb, GLuint *tex)
{
	gl.GenTextures(1, tex);
	gl.BindTexture(GL_TEXTURE_2D, *tex);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA32UI, 4, 1, 0, GL_RGBA_INTEGER, GL_UNSIGNED_INT,
		      NULL);
	F(GenFramebuffers)(1, fb);
	F(BindFramebuffer)(GL_FRAMEBUFFER, *fb);
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
	ck_assert_int_eq(F(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.Viewport(0, 0, 4, 1);
}

/* Draws case c with the program of vs and fs; its 16 words read back. */
static void draw_case(const struct uniform_case *c, const char *vs, const char *fs)
{
	static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };
	uint32_t w[UC_MAX_WORDS];
	GLuint p = glt_program(vs, fs), fb, tex;

	integer_target(&fb, &tex);
	gl.UseProgram(p);
	c->set(gl.GetUniformLocation(p, "u"));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.ReadPixels(0, 0, 4, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, w);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	uc_assert_words(c, w, UC_MAX_WORDS);
	F(DeleteFramebuffers)(1, &fb);
	gl.DeleteTextures(1, &tex);
	gl.DeleteProgram(p);
}

START_TEST(uniform_types_reach_vertex)
{
	char vs[2048];

	vertex_source(&uc_cases[_i], vs, sizeof(vs));
	draw_case(&uc_cases[_i], vs, fs_varyings);
}
END_TEST

START_TEST(uniform_types_reach_fragment)
{
	char fs[2048];

	fragment_source(&uc_cases[_i], fs, sizeof(fs));
	draw_case(&uc_cases[_i], vs_plain, fs);
}
END_TEST

static Suite *uniform_suite(void)
{
	Suite *s = suite_create("gl uniform types");
	TCase *tc = tcase_create("es30");

	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, uniform_types_reach_vertex, 0, uc_count);
	tcase_add_loop_test(tc, uniform_types_reach_fragment, 0, uc_count);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(uniform_suite);
}
