/* SPDX-License-Identifier: MIT */
/*
 * drawoverhead_es: draws per second of tiny draws with one kind of state
 * change before every draw, the idea of piglit's tests/perf/drawoverhead
 * (desktop GL 3.2 core there) as an ordinary GLES 3.0 program, so the same
 * binary runs on Mesa (virpipe, llvmpipe) and on virtgl.
 *
 *   drawoverhead_es [-n N] [-r REPS] [-w WARMUP] [-l] [ROW...]
 *
 * Every draw is glDrawArrays(GL_TRIANGLES, 0, 3) of one small triangle (about
 * 6x6 pixels) at the centre of a 64x64 RGBA8 texture FBO with a
 * DEPTH24_STENCIL8 renderbuffer. Rows (-l lists them) alternate between two
 * states A and B, so consecutive draws always see a change; where the state
 * decides the colour (textures, UBOs, uniforms, attributes, programs) A and B
 * give different colours, and the centre pixel read back after the row must
 * be the colour of the last draw's state (check=ok), so a driver that drops
 * state changes cannot post a number.
 *
 * Per row: WARMUP draws + glFinish, then REPS times [N draws + glFinish],
 * timed with CLOCK_MONOTONIC (draws_per_s: median over REPS) and with
 * CLOCK_PROCESS_CPUTIME_ID (client_cpu_ns_per_draw: this process's CPU,
 * all threads, i.e. the driver's own cost without the server's).
 * submit_ns_per_draw stops the clock before glFinish.
 *
 * Output: KEY=VALUE lines; a block per row starting with row=NAME, with
 * status=ok, or status=fail reason=... (setup failed, GL error, link
 * failed), or status=bad (wrong pixel). A failed row does not stop the
 * others. Last line: peak_rss_kb (VmHWM).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gles_common.h"

#define MAX_REPS 64
#define UBO_SLOTS 64
#define NUM_ATTRIBS 16
#define NUM_TEX 8
#define NUM_UBO 8
#define NUM_UNIFORM_VEC4 16

static const GLfloat col_a[4] = { 0.8f, 0.4f, 0.2f, 1.0f };
static const GLfloat col_b[4] = { 0.2f, 0.6f, 0.8f, 1.0f };
static const uint8_t col_a8[4] = { 204, 102, 51, 255 };
static const uint8_t col_b8[4] = { 51, 153, 204, 255 };

static const GLfloat tri[6] = { -0.1f, -0.1f, 0.1f, -0.1f, 0.0f, 0.1f };

/* Everything a row may create; reset between rows. */
static struct {
	GLuint prog[2];
	GLuint vbo[2];
	GLuint vao;
	GLuint tex[2][NUM_TEX];
	GLuint ubo;
	GLint ubo_align;
	GLint loc;
	GLfloat many_a[NUM_UNIFORM_VEC4][4], many_b[NUM_UNIFORM_VEC4][4];
} s;

struct row {
	const char *name;
	const char *what;
	/* vertex/fragment sources; prog[1] uses fs2 when set */
	const char *vs, *fs, *fs2;
	bool (*setup)(char *why, size_t size);
	void (*change)(unsigned i);
	bool colour_alternates;
};

/* ---- shaders ---------------------------------------------------------------- */

#define VS_BASIC \
	"#version 300 es\n" \
	"layout(location = 0) in vec2 pos;\n" \
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n"

#define FS_HEAD "#version 300 es\nprecision mediump float;\nout vec4 o;\n"

static const char fs_uniform_colour[] =
	FS_HEAD "uniform vec4 color;\nvoid main() { o = color; }\n";

static const char fs_const_a[] =
	FS_HEAD "void main() { o = vec4(0.8, 0.4, 0.2, 1.0); }\n";
static const char fs_const_b[] =
	FS_HEAD "void main() { o = vec4(0.2, 0.6, 0.8, 1.0); }\n";

static const char vs_attrib16[] =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"layout(location = 1) in vec4 a1;  layout(location = 2) in vec4 a2;\n"
	"layout(location = 3) in vec4 a3;  layout(location = 4) in vec4 a4;\n"
	"layout(location = 5) in vec4 a5;  layout(location = 6) in vec4 a6;\n"
	"layout(location = 7) in vec4 a7;  layout(location = 8) in vec4 a8;\n"
	"layout(location = 9) in vec4 a9;  layout(location = 10) in vec4 a10;\n"
	"layout(location = 11) in vec4 a11; layout(location = 12) in vec4 a12;\n"
	"layout(location = 13) in vec4 a13; layout(location = 14) in vec4 a14;\n"
	"layout(location = 15) in vec4 a15;\n"
	"out vec4 c;\n"
	"void main() {\n"
	"	c = (a1 + a2 + a3 + a4 + a5 + a6 + a7 + a8 + a9 + a10 + a11 + a12 + a13 +\n"
	"	     a14 + a15) / 15.0;\n"
	"	gl_Position = vec4(pos, 0.0, 1.0);\n"
	"}\n";
static const char fs_varying[] = FS_HEAD "in vec4 c;\nvoid main() { o = c; }\n";

static const char fs_tex1[] =
	FS_HEAD "uniform sampler2D t0;\nvoid main() { o = texture(t0, vec2(0.5)); }\n";
static const char fs_tex8[] =
	FS_HEAD "uniform sampler2D t[8];\n"
	"void main() {\n"
	"	o = (texture(t[0], vec2(0.5)) + texture(t[1], vec2(0.5)) +\n"
	"	     texture(t[2], vec2(0.5)) + texture(t[3], vec2(0.5)) +\n"
	"	     texture(t[4], vec2(0.5)) + texture(t[5], vec2(0.5)) +\n"
	"	     texture(t[6], vec2(0.5)) + texture(t[7], vec2(0.5))) * 0.125;\n"
	"}\n";

static const char fs_ubo1[] =
	FS_HEAD "layout(std140) uniform B0 { vec4 c0; };\nvoid main() { o = c0; }\n";
static const char fs_ubo8[] =
	FS_HEAD
	"layout(std140) uniform B0 { vec4 c0; }; layout(std140) uniform B1 { vec4 c1; };\n"
	"layout(std140) uniform B2 { vec4 c2; }; layout(std140) uniform B3 { vec4 c3; };\n"
	"layout(std140) uniform B4 { vec4 c4; }; layout(std140) uniform B5 { vec4 c5; };\n"
	"layout(std140) uniform B6 { vec4 c6; }; layout(std140) uniform B7 { vec4 c7; };\n"
	"void main() { o = (c0 + c1 + c2 + c3 + c4 + c5 + c6 + c7) * 0.125; }\n";

static const char fs_many[] =
	FS_HEAD "uniform vec4 u[16];\n"
	"void main() {\n"
	"	vec4 acc = vec4(0.0);\n"
	"	for (int k = 0; k < 16; k++)\n"
	"		acc += u[k];\n"
	"	o = acc * 0.0625;\n"
	"}\n";

/* ---- helpers ---------------------------------------------------------------- */

static void set_colour_uniform(const GLfloat c[4])
{
	glUniform4fv(glGetUniformLocation(s.prog[0], "color"), 1, c);
}

static GLuint make_texture(const uint8_t rgba[4])
{
	uint8_t texels[4 * 4 * 4];
	GLuint tex;

	for (int i = 0; i < 16; i++)
		memcpy(texels + 4 * i, rgba, 4);
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	return tex;
}

/* A UBO of UBO_SLOTS aligned vec4 slots: even slots colour A, odd B. */
static void make_ubo(void)
{
	uint8_t *data;

	glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &s.ubo_align);
	if (s.ubo_align < 16)
		s.ubo_align = 16;
	data = calloc(UBO_SLOTS, (size_t)s.ubo_align);
	for (int i = 0; data && i < UBO_SLOTS; i++)
		memcpy(data + (size_t)i * s.ubo_align, i & 1 ? col_b : col_a, 16);
	glGenBuffers(1, &s.ubo);
	glBindBuffer(GL_UNIFORM_BUFFER, s.ubo);
	glBufferData(GL_UNIFORM_BUFFER, (GLsizeiptr)UBO_SLOTS * s.ubo_align, data, GL_STATIC_DRAW);
	free(data);
}

/* ---- row setups (after the programs are linked and prog[0] is in use) ---- */

static bool setup_uniform_colour(char *why, size_t size)
{
	(void)why, (void)size;
	set_colour_uniform(col_a);
	return true;
}

static bool setup_attrib1(char *why, size_t size)
{
	(void)why, (void)size;
	glGenBuffers(1, &s.vbo[1]);
	glBindBuffer(GL_ARRAY_BUFFER, s.vbo[1]);
	glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
	return setup_uniform_colour(why, size);
}

/* VBO k: the triangle, then attribute a (1..15) as 3 vec4 of colour A or B. */
static bool setup_attrib16(char *why, size_t size)
{
	GLfloat data[6 + (NUM_ATTRIBS - 1) * 12];
	GLint max = 0;

	glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max);
	if (max < NUM_ATTRIBS) {
		snprintf(why, size, "GL_MAX_VERTEX_ATTRIBS is %d", max);
		return false;
	}
	memcpy(data, tri, sizeof(tri));
	for (int k = 0; k < 2; k++) {
		for (int a = 0; a < NUM_ATTRIBS - 1; a++)
			for (int v = 0; v < 3; v++)
				memcpy(data + 6 + a * 12 + v * 4, k ? col_b : col_a, 16);
		if (!s.vbo[k])
			glGenBuffers(1, &s.vbo[k]);
		glBindBuffer(GL_ARRAY_BUFFER, s.vbo[k]);
		glBufferData(GL_ARRAY_BUFFER, sizeof(data), data, GL_STATIC_DRAW);
	}
	for (int a = 1; a < NUM_ATTRIBS; a++)
		glEnableVertexAttribArray(a);
	return true;
}

static bool setup_none(char *why, size_t size)
{
	(void)why, (void)size;
	return true;
}

static bool setup_tex(int count)
{
	char name[8];

	for (int k = 0; k < 2; k++)
		for (int t = 0; t < count; t++)
			s.tex[k][t] = make_texture(k ? col_b8 : col_a8);
	for (int t = 0; t < count; t++) {
		if (count == 1)
			snprintf(name, sizeof(name), "t0");
		else
			snprintf(name, sizeof(name), "t[%d]", t);
		glUniform1i(glGetUniformLocation(s.prog[0], name), t);
		glActiveTexture(GL_TEXTURE0 + t);
		glBindTexture(GL_TEXTURE_2D, s.tex[0][t]);
	}
	glActiveTexture(GL_TEXTURE0);
	return true;
}

static bool setup_tex1(char *why, size_t size)
{
	(void)why, (void)size;
	return setup_tex(1);
}

static bool setup_tex8(char *why, size_t size)
{
	GLint max = 0;

	glGetIntegerv(GL_MAX_TEXTURE_IMAGE_UNITS, &max);
	if (max < NUM_TEX) {
		snprintf(why, size, "GL_MAX_TEXTURE_IMAGE_UNITS is %d", max);
		return false;
	}
	return setup_tex(NUM_TEX);
}

static bool setup_ubo(int count, char *why, size_t size)
{
	char name[4];

	make_ubo();
	for (int b = 0; b < count; b++) {
		GLuint index;

		snprintf(name, sizeof(name), "B%d", b);
		index = glGetUniformBlockIndex(s.prog[0], name);
		if (index == GL_INVALID_INDEX) {
			snprintf(why, size, "no uniform block %s", name);
			return false;
		}
		glUniformBlockBinding(s.prog[0], index, b);
		glBindBufferRange(GL_UNIFORM_BUFFER, b, s.ubo, 0, 16);
	}
	return true;
}

static bool setup_ubo1(char *why, size_t size)
{
	return setup_ubo(1, why, size);
}

static bool setup_ubo8(char *why, size_t size)
{
	return setup_ubo(NUM_UBO, why, size);
}

static bool setup_uniform_few(char *why, size_t size)
{
	(void)why, (void)size;
	s.loc = glGetUniformLocation(s.prog[0], "color");
	glUniform4fv(s.loc, 1, col_a);
	return s.loc >= 0;
}

static bool setup_uniform_many(char *why, size_t size)
{
	s.loc = glGetUniformLocation(s.prog[0], "u");
	if (s.loc < 0) {
		snprintf(why, size, "no uniform u");
		return false;
	}
	for (int k = 0; k < NUM_UNIFORM_VEC4; k++) {
		memcpy(s.many_a[k], col_a, 16);
		memcpy(s.many_b[k], col_b, 16);
	}
	glUniform4fv(s.loc, NUM_UNIFORM_VEC4, &s.many_a[0][0]);
	return true;
}

static bool setup_scissor(char *why, size_t size)
{
	glEnable(GL_SCISSOR_TEST);
	return setup_uniform_colour(why, size);
}

static bool setup_depth(char *why, size_t size)
{
	glDepthFunc(GL_LEQUAL);
	return setup_uniform_colour(why, size);
}

static bool setup_stencil(char *why, size_t size)
{
	glStencilFunc(GL_ALWAYS, 1, 0xff);
	glStencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
	return setup_uniform_colour(why, size);
}

/* ---- per-draw changes ---------------------------------------------------- */

static void change_none(unsigned i)
{
	(void)i;
}

static void change_attrib1(unsigned i)
{
	glBindBuffer(GL_ARRAY_BUFFER, s.vbo[i & 1]);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
}

static void change_attrib16(unsigned i)
{
	glBindBuffer(GL_ARRAY_BUFFER, s.vbo[i & 1]);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	for (int a = 1; a < NUM_ATTRIBS; a++)
		glVertexAttribPointer(a, 4, GL_FLOAT, GL_FALSE, 0,
				      (const void *)(uintptr_t)((6 + (a - 1) * 12) * sizeof(GLfloat)));
}

static void change_program(unsigned i)
{
	glUseProgram(s.prog[i & 1]);
}

static void change_tex1(unsigned i)
{
	glBindTexture(GL_TEXTURE_2D, s.tex[i & 1][0]);
}

static void change_tex8(unsigned i)
{
	for (int t = 0; t < NUM_TEX; t++) {
		glActiveTexture(GL_TEXTURE0 + t);
		glBindTexture(GL_TEXTURE_2D, s.tex[i & 1][t]);
	}
}

static void change_ubo1(unsigned i)
{
	glBindBufferRange(GL_UNIFORM_BUFFER, 0, s.ubo, (GLintptr)(i % UBO_SLOTS) * s.ubo_align, 16);
}

static void change_ubo8(unsigned i)
{
	for (int b = 0; b < NUM_UBO; b++)
		glBindBufferRange(GL_UNIFORM_BUFFER, b, s.ubo,
				  (GLintptr)((i + 2 * b) % UBO_SLOTS) * s.ubo_align, 16);
}

static void change_uniform_few(unsigned i)
{
	glUniform4fv(s.loc, 1, i & 1 ? col_b : col_a);
}

static void change_uniform_many(unsigned i)
{
	glUniform4fv(s.loc, NUM_UNIFORM_VEC4, i & 1 ? &s.many_b[0][0] : &s.many_a[0][0]);
}

static void change_scissor(unsigned i)
{
	if (i & 1)
		glScissor(16, 16, 32, 32);
	else
		glScissor(0, 0, GB_FB_SIZE, GB_FB_SIZE);
}

static void change_viewport(unsigned i)
{
	if (i & 1)
		glViewport(2, 2, GB_FB_SIZE - 4, GB_FB_SIZE - 4);
	else
		glViewport(0, 0, GB_FB_SIZE, GB_FB_SIZE);
}

static void toggle(GLenum cap, unsigned i)
{
	if (i & 1)
		glEnable(cap);
	else
		glDisable(cap);
}

static void change_blend(unsigned i)
{
	toggle(GL_BLEND, i);
}

static void change_depth(unsigned i)
{
	toggle(GL_DEPTH_TEST, i);
}

static void change_stencil(unsigned i)
{
	toggle(GL_STENCIL_TEST, i);
}

static const struct row rows[] = {
	{ "none", "no state change", VS_BASIC, fs_uniform_colour, NULL,
	  setup_uniform_colour, change_none, false },
	{ "attrib1", "1 vertex attribute: glBindBuffer + glVertexAttribPointer, 2 VBOs", VS_BASIC,
	  fs_uniform_colour, NULL, setup_attrib1, change_attrib1, false },
	{ "attrib16", "16 vertex attributes re-pointed at the other VBO", vs_attrib16, fs_varying,
	  NULL, setup_attrib16, change_attrib16, true },
	{ "program", "glUseProgram, 2 programs", VS_BASIC, fs_const_a, fs_const_b, setup_none,
	  change_program, true },
	{ "tex1", "1 texture: glBindTexture, 2 textures", VS_BASIC, fs_tex1, NULL, setup_tex1,
	  change_tex1, true },
	{ "tex8", "8 textures: glBindTexture on 8 units", VS_BASIC, fs_tex8, NULL, setup_tex8,
	  change_tex8, true },
	{ "ubo1", "1 UBO: glBindBufferRange, new offset", VS_BASIC, fs_ubo1, NULL, setup_ubo1,
	  change_ubo1, true },
	{ "ubo8", "8 UBOs: glBindBufferRange on 8 bindings", VS_BASIC, fs_ubo8, NULL, setup_ubo8,
	  change_ubo8, true },
	{ "uniform_few", "glUniform4fv of 1 vec4", VS_BASIC, fs_uniform_colour, NULL,
	  setup_uniform_few, change_uniform_few, true },
	{ "uniform_many", "glUniform4fv of 16 vec4", VS_BASIC, fs_many, NULL, setup_uniform_many,
	  change_uniform_many, true },
	{ "scissor", "glScissor, 2 rectangles", VS_BASIC, fs_uniform_colour, NULL, setup_scissor,
	  change_scissor, false },
	{ "viewport", "glViewport, 2 rectangles", VS_BASIC, fs_uniform_colour, NULL,
	  setup_uniform_colour, change_viewport, false },
	{ "blend", "glEnable/glDisable(GL_BLEND)", VS_BASIC, fs_uniform_colour, NULL,
	  setup_uniform_colour, change_blend, false },
	{ "depth", "glEnable/glDisable(GL_DEPTH_TEST)", VS_BASIC, fs_uniform_colour, NULL,
	  setup_depth, change_depth, false },
	{ "stencil", "glEnable/glDisable(GL_STENCIL_TEST)", VS_BASIC, fs_uniform_colour, NULL,
	  setup_stencil, change_stencil, false },
};
#define NUM_ROWS (sizeof(rows) / sizeof(rows[0]))

/* ---- running a row ---------------------------------------------------------- */

static void reset_state(void)
{
	glUseProgram(0);
	for (int k = 0; k < 2; k++) {
		if (s.prog[k] && (k == 0 || s.prog[1] != s.prog[0]))
			glDeleteProgram(s.prog[k]);
		glDeleteTextures(NUM_TEX, s.tex[k]);
	}
	glDeleteBuffers(2, s.vbo);
	glDeleteBuffers(1, &s.ubo);
	glDeleteVertexArrays(1, &s.vao);
	memset(&s, 0, sizeof(s));
	glDisable(GL_SCISSOR_TEST);
	glDisable(GL_BLEND);
	glDisable(GL_DEPTH_TEST);
	glDisable(GL_STENCIL_TEST);
	glViewport(0, 0, GB_FB_SIZE, GB_FB_SIZE);
	glActiveTexture(GL_TEXTURE0);
	gb_gl_error();
}

struct opts {
	int n, reps, warmup;
};

static void fail(const char *what, const char *why)
{
	printf("status=fail\nreason=%s%s%s\n", what, why && *why ? ": " : "", why ? why : "");
}

static bool run_row(const struct row *r, const struct opts *o)
{
	char why[512] = "";
	double dps[MAX_REPS], cpu[MAX_REPS], sub[MAX_REPS];
	unsigned seq = 0;
	uint8_t px[4];
	const uint8_t *want;
	GLenum err;

	printf("\nrow=%s\nwhat=%s\nn=%d\nreps=%d\nwarmup=%d\n", r->name, r->what, o->n, o->reps,
	       o->warmup);
	reset_state();
	s.prog[0] = gb_program(r->vs, r->fs, why, sizeof(why));
	if (!s.prog[0]) {
		fail("program", why);
		return false;
	}
	s.prog[1] = s.prog[0];
	if (r->fs2 && !(s.prog[1] = gb_program(r->vs, r->fs2, why, sizeof(why)))) {
		fail("second program", why);
		return false;
	}
	glUseProgram(s.prog[0]);
	glGenVertexArrays(1, &s.vao);
	glBindVertexArray(s.vao);
	glGenBuffers(1, &s.vbo[0]);
	glBindBuffer(GL_ARRAY_BUFFER, s.vbo[0]);
	glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	glEnableVertexAttribArray(0);
	if (!r->setup(why, sizeof(why))) {
		fail("setup", why);
		return false;
	}
	r->change(seq); /* the state of draw 0 */
	glClearColor(0, 0, 0, 0);
	glClearDepthf(1.0f);
	glClearStencil(0);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
	if ((err = gb_gl_error())) {
		snprintf(why, sizeof(why), "GL error 0x%x", err);
		fail("setup", why);
		return false;
	}

	for (int i = 0; i < o->warmup; i++, seq++) {
		r->change(seq);
		glDrawArrays(GL_TRIANGLES, 0, 3);
	}
	glFinish();
	if ((err = gb_gl_error())) {
		snprintf(why, sizeof(why), "GL error 0x%x", err);
		fail("warm-up draws", why);
		return false;
	}

	for (int rep = 0; rep < o->reps; rep++) {
		uint64_t t0 = gb_now_ns(), c0 = gb_cpu_ns(), t1, t2, c2;

		for (int i = 0; i < o->n; i++, seq++) {
			r->change(seq);
			glDrawArrays(GL_TRIANGLES, 0, 3);
		}
		t1 = gb_now_ns();
		glFinish();
		t2 = gb_now_ns();
		c2 = gb_cpu_ns();
		dps[rep] = o->n * 1e9 / (double)(t2 - t0);
		sub[rep] = (double)(t1 - t0) / o->n;
		cpu[rep] = (double)(c2 - c0) / o->n;
	}
	if ((err = gb_gl_error())) {
		snprintf(why, sizeof(why), "GL error 0x%x", err);
		fail("timed draws", why);
		return false;
	}
	gb_read_centre(px);
	want = r->colour_alternates && ((seq - 1) & 1) ? col_b8 : col_a8;
	printf("draws_per_s_runs=");
	for (int rep = 0; rep < o->reps; rep++)
		printf("%s%.0f", rep ? "," : "", dps[rep]);
	printf("\ndraws_per_s=%.0f\n", gb_median(dps, o->reps));
	printf("ns_per_draw=%.1f\n", 1e9 / gb_median(dps, o->reps));
	printf("submit_ns_per_draw=%.1f\n", gb_median(sub, o->reps));
	printf("client_cpu_ns_per_draw=%.1f\n", gb_median(cpu, o->reps));
	printf("centre_rgba=%u,%u,%u,%u\nwant_rgba=%u,%u,%u,%u\n", px[0], px[1], px[2], px[3],
	       want[0], want[1], want[2], want[3]);
	if ((err = gb_gl_error())) {
		printf("check=bad\nstatus=fail\nreason=glReadPixels: GL error 0x%x\n", err);
		return false;
	}
	if (!gb_rgba_near(px, want, 3)) {
		printf("check=bad\nstatus=bad\nreason=wrong centre pixel\n");
		return false;
	}
	printf("check=ok\nstatus=ok\n");
	return true;
}

static void usage(void)
{
	fprintf(stderr, "usage: drawoverhead_es [-n N] [-r REPS] [-w WARMUP] [-l] [ROW...]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	struct opts o = { .n = 2000, .reps = 5, .warmup = 64 };
	struct gb_egl egl;
	struct gb_fbo fbo;
	bool selected[NUM_ROWS] = { false }, any = false, all_ok = true;
	int i;

	for (i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc)
			o.n = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-r") && i + 1 < argc)
			o.reps = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-w") && i + 1 < argc)
			o.warmup = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-l")) {
			for (size_t r = 0; r < NUM_ROWS; r++)
				printf("%s\t%s\n", rows[r].name, rows[r].what);
			return 0;
		} else if (argv[i][0] == '-')
			usage();
		else {
			size_t r;

			for (r = 0; r < NUM_ROWS && strcmp(rows[r].name, argv[i]); r++)
				;
			if (r == NUM_ROWS) {
				fprintf(stderr, "drawoverhead_es: unknown row %s (-l lists them)\n",
					argv[i]);
				return 2;
			}
			selected[r] = any = true;
		}
	}
	if (o.n <= 0 || o.reps <= 0 || o.reps > MAX_REPS || o.warmup < 0)
		usage();
	printf("bench=drawoverhead_es\n");
	if (!gb_egl_init(&egl)) {
		printf("status=fail\nreason=EGL/GL setup failed\npeak_rss_kb=%ld\n", gb_peak_rss_kb());
		return 1;
	}
	if (!gb_target_init(&egl, &fbo, true)) {
		printf("status=fail\nreason=no render target\npeak_rss_kb=%ld\n", gb_peak_rss_kb());
		return 1;
	}
	for (size_t r = 0; r < NUM_ROWS; r++) {
		if (any && !selected[r])
			continue;
		all_ok &= run_row(&rows[r], &o);
		fflush(stdout);
	}
	printf("\npeak_rss_kb=%ld\n", gb_peak_rss_kb());
	return all_ok ? 0 : 1;
}
