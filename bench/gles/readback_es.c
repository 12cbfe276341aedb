/* SPDX-License-Identifier: MIT */
/*
 * readback_es: "draw sampling a texture, then read back a buffer the GPU
 * never wrote, N times": the pattern where a driver that flushes and waits
 * on every CPU read (zink before its usage tracking) pays a full round trip
 * per read, and one that tracks which batch uses a resource maps at once.
 *
 *   readback_es [-n N] [-r REPS] [-s BYTES] [-l] [ROW...]
 *
 * Rows, each iteration:
 *   map_static   draw sampling texture T into the FBO; glMapBufferRange(B,
 *                GL_MAP_READ_BIT) of buffer B, whose contents only the CPU
 *                wrote (glBufferData once); check the words; unmap
 *   map_rewrite  glBufferSubData(B, first 16 bytes, i); draw sampling T;
 *                map B for reading; the first word must be i; unmap
 *   map_only     map B for reading + check + unmap, no draw (the floor)
 *   finish       draw sampling T; glFinish (what a full flush + wait costs)
 *   ubo_*        as map_static, map_rewrite and finish, with a draw that
 *                reads a UBO (GPU-read only) instead of sampling T, for a
 *                driver without textures yet
 *
 * The FBO is 64x64 RGBA8; T is 4x4 RGBA8 of one colour, and the centre
 * pixel read back at the end must be that colour (check=ok); the UBO holds
 * the same colour. B is BYTES
 * (default 4096) of a known pattern. Time per iteration: median over REPS of
 * (wall time of N iterations) / N; client_cpu_us_per_iter is this process's
 * CPU time. Output: KEY=VALUE lines, a block per row (row=NAME), status=ok,
 * fail (with reason=) or bad (wrong data); last line peak_rss_kb.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gles_common.h"

#define MAX_REPS 64

static const uint8_t tex_rgba[4] = { 204, 102, 51, 255 };

static const char vs_src[] =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"out vec2 uv;\n"
	"void main() { uv = pos * 0.5 + 0.5; gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_src[] =
	"#version 300 es\n"
	"precision mediump float;\n"
	"uniform sampler2D t;\n"
	"in vec2 uv;\n"
	"out vec4 o;\n"
	"void main() { o = texture(t, uv); }\n";
/* The ubo_* rows: the draw reads a UBO the GPU only reads (for drivers
 * without textures yet; same pattern otherwise). */
static const char fs_ubo_src[] =
	"#version 300 es\n"
	"precision mediump float;\n"
	"layout(std140) uniform C { vec4 c; };\n"
	"in vec2 uv;\n"
	"out vec4 o;\n"
	"void main() { o = c; }\n";

enum row {
	ROW_MAP_STATIC, ROW_MAP_REWRITE, ROW_MAP_ONLY, ROW_FINISH,
	ROW_UBO_MAP_STATIC, ROW_UBO_MAP_REWRITE, ROW_UBO_FINISH, NUM_ROWS
};
static const char *const row_names[NUM_ROWS] = {
	"map_static", "map_rewrite", "map_only", "finish",
	"ubo_map_static", "ubo_map_rewrite", "ubo_finish",
};
static const char *const row_what[NUM_ROWS] = {
	"draw sampling a texture, then map for reading a buffer only the CPU wrote",
	"CPU writes 16 bytes of the buffer, draw sampling a texture, map it for reading",
	"map for reading a buffer only the CPU wrote, no draw (floor)",
	"draw sampling a texture, then glFinish (a full flush + wait)",
	"as map_static, the draw reading a UBO instead of a texture",
	"as map_rewrite, the draw reading a UBO instead of a texture",
	"as finish, the draw reading a UBO instead of a texture",
};

static bool uses_ubo(enum row r)
{
	return r >= ROW_UBO_MAP_STATIC;
}

static struct {
	GLuint prog, prog_ubo, vao, vbo, tex, buf, ubo;
	uint32_t *pattern;
	size_t words;
	bool data_ok;
	char why[256];
} s;

static bool setup(size_t bytes, char *why, size_t size)
{
	static const GLfloat tri[6] = { -0.1f, -0.1f, 0.1f, -0.1f, 0.0f, 0.1f };
	uint8_t texels[4 * 4 * 4];

	static const GLfloat colour[4] = { 0.8f, 0.4f, 0.2f, 1.0f };
	GLuint index;

	s.prog_ubo = gb_program(vs_src, fs_ubo_src, why, size);
	if (!s.prog_ubo)
		return false;
	index = glGetUniformBlockIndex(s.prog_ubo, "C");
	if (index == GL_INVALID_INDEX) {
		snprintf(why, size, "no uniform block C");
		return false;
	}
	glUniformBlockBinding(s.prog_ubo, index, 0);
	glGenBuffers(1, &s.ubo);
	glBindBuffer(GL_UNIFORM_BUFFER, s.ubo);
	glBufferData(GL_UNIFORM_BUFFER, sizeof(colour), colour, GL_STATIC_DRAW);
	glBindBufferBase(GL_UNIFORM_BUFFER, 0, s.ubo);

	s.prog = gb_program(vs_src, fs_src, why, size);
	if (!s.prog)
		return false;
	glUseProgram(s.prog);
	glUniform1i(glGetUniformLocation(s.prog, "t"), 0);
	glGenVertexArrays(1, &s.vao);
	glBindVertexArray(s.vao);
	glGenBuffers(1, &s.vbo);
	glBindBuffer(GL_ARRAY_BUFFER, s.vbo);
	glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	glEnableVertexAttribArray(0);

	for (int i = 0; i < 16; i++)
		memcpy(texels + 4 * i, tex_rgba, 4);
	glGenTextures(1, &s.tex);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_2D, s.tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);

	s.words = bytes / 4;
	s.pattern = malloc(s.words * 4);
	for (size_t i = 0; s.pattern && i < s.words; i++)
		s.pattern[i] = 0x9e3779b9u * (uint32_t)(i + 1);
	glGenBuffers(1, &s.buf);
	glBindBuffer(GL_COPY_READ_BUFFER, s.buf);
	glBufferData(GL_COPY_READ_BUFFER, (GLsizeiptr)(s.words * 4), s.pattern, GL_DYNAMIC_READ);
	return s.pattern != NULL;
}

static void draw(void)
{
	glDrawArrays(GL_TRIANGLES, 0, 3);
}

/* Map B for reading and compare: word 0 against first (the rewrite row's
 * counter, else the pattern), a few others against the pattern. */
static void map_and_check(uint32_t first)
{
	const uint32_t *p = glMapBufferRange(GL_COPY_READ_BUFFER, 0, (GLsizeiptr)(s.words * 4),
					     GL_MAP_READ_BIT);
	size_t probe[3] = { 1, s.words / 2, s.words - 1 };

	if (!p) {
		if (s.data_ok)
			snprintf(s.why, sizeof(s.why), "glMapBufferRange returned NULL (0x%x)",
				 glGetError());
		s.data_ok = false;
		return;
	}
	if (p[0] != first && s.data_ok) {
		snprintf(s.why, sizeof(s.why), "word 0 is 0x%08x, want 0x%08x", p[0], first);
		s.data_ok = false;
	}
	for (int k = 0; k < 3; k++)
		if (probe[k] < s.words && p[probe[k]] != s.pattern[probe[k]] && s.data_ok) {
			snprintf(s.why, sizeof(s.why), "word %zu is 0x%08x, want 0x%08x", probe[k],
				 p[probe[k]], s.pattern[probe[k]]);
			s.data_ok = false;
		}
	glUnmapBuffer(GL_COPY_READ_BUFFER);
}

static void iteration(enum row r, uint32_t i)
{
	switch (r) {
	case ROW_MAP_STATIC:
	case ROW_UBO_MAP_STATIC:
		draw();
		map_and_check(s.pattern[0]);
		break;
	case ROW_MAP_REWRITE:
	case ROW_UBO_MAP_REWRITE: {
		uint32_t w[4] = { i, s.pattern[1], s.pattern[2], s.pattern[3] };

		glBufferSubData(GL_COPY_READ_BUFFER, 0, sizeof(w), w);
		draw();
		map_and_check(i);
		break;
	}
	case ROW_MAP_ONLY:
		map_and_check(s.pattern[0]);
		break;
	case ROW_FINISH:
	case ROW_UBO_FINISH:
		draw();
		glFinish();
		break;
	default:
		break;
	}
}

static bool run_row(enum row r, int n, int reps)
{
	double us[MAX_REPS], cpu[MAX_REPS];
	uint32_t seq = 1;
	uint8_t px[4];
	GLenum err;

	printf("\nrow=%s\nwhat=%s\nn=%d\nreps=%d\nbuffer_bytes=%zu\n", row_names[r], row_what[r], n,
	       reps, s.words * 4);
	glUseProgram(uses_ubo(r) ? s.prog_ubo : s.prog);
	/* restore B and clear the render target */
	glBufferSubData(GL_COPY_READ_BUFFER, 0, (GLsizeiptr)(s.words * 4), s.pattern);
	glClearColor(0, 0, 0, 0);
	glClear(GL_COLOR_BUFFER_BIT);
	s.data_ok = true;
	s.why[0] = '\0';
	/* warm-up */
	for (int i = 0; i < 8; i++)
		iteration(r, seq++);
	glFinish();
	if ((err = gb_gl_error())) {
		printf("status=fail\nreason=warm-up: GL error 0x%x%s%s\n", err, s.why[0] ? "; " : "",
		       s.why);
		return false;
	}
	for (int rep = 0; rep < reps; rep++) {
		uint64_t t0 = gb_now_ns(), c0 = gb_cpu_ns();

		for (int i = 0; i < n; i++)
			iteration(r, seq++);
		us[rep] = (double)(gb_now_ns() - t0) / n / 1e3;
		cpu[rep] = (double)(gb_cpu_ns() - c0) / n / 1e3;
	}
	glFinish();
	if ((err = gb_gl_error())) {
		printf("status=fail\nreason=timed loop: GL error 0x%x%s%s\n", err,
		       s.why[0] ? "; " : "", s.why);
		return false;
	}
	printf("us_per_iter_runs=");
	for (int rep = 0; rep < reps; rep++)
		printf("%s%.2f", rep ? "," : "", us[rep]);
	printf("\nus_per_iter=%.2f\n", gb_median(us, reps));
	printf("client_cpu_us_per_iter=%.2f\n", gb_median(cpu, reps));
	gb_read_centre(px);
	printf("centre_rgba=%u,%u,%u,%u\n", px[0], px[1], px[2], px[3]);
	if (!s.data_ok) {
		printf("check=bad\nstatus=bad\nreason=buffer contents: %s\n", s.why);
		return false;
	}
	if (r != ROW_MAP_ONLY && !gb_rgba_near(px, tex_rgba, 3)) {
		printf("check=bad\nstatus=bad\nreason=centre pixel is not the texture's colour\n");
		return false;
	}
	printf("check=ok\nstatus=ok\n");
	return true;
}

int main(int argc, char **argv)
{
	int n = 200, reps = 5;
	size_t bytes = 4096;
	bool selected[NUM_ROWS] = { false }, any = false, ok = true;
	struct gb_egl egl;
	struct gb_fbo fbo;
	char why[512] = "";

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-n") && i + 1 < argc)
			n = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-r") && i + 1 < argc)
			reps = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-s") && i + 1 < argc)
			bytes = (size_t)atol(argv[++i]);
		else if (!strcmp(argv[i], "-l")) {
			for (int r = 0; r < NUM_ROWS; r++)
				printf("%s\t%s\n", row_names[r], row_what[r]);
			return 0;
		} else {
			int r;

			for (r = 0; r < NUM_ROWS && strcmp(argv[i], row_names[r]); r++)
				;
			if (r == NUM_ROWS) {
				fprintf(stderr, "usage: readback_es [-n N] [-r REPS] [-s BYTES] [-l] "
						"[ROW...]\n");
				return 2;
			}
			selected[r] = any = true;
		}
	}
	if (n <= 0 || reps <= 0 || reps > MAX_REPS || bytes < 64)
		return 2;
	printf("bench=readback_es\n");
	if (!gb_egl_init(&egl)) {
		printf("status=fail\nreason=EGL/GL setup failed\npeak_rss_kb=%ld\n", gb_peak_rss_kb());
		return 1;
	}
	if (!gb_target_init(&egl, &fbo, false)) {
		printf("status=fail\nreason=no render target\npeak_rss_kb=%ld\n", gb_peak_rss_kb());
		return 1;
	}
	if (!setup(bytes, why, sizeof(why)) || gb_gl_error()) {
		printf("status=fail\nreason=setup: %s\npeak_rss_kb=%ld\n", why[0] ? why : "GL error",
		       gb_peak_rss_kb());
		return 1;
	}
	for (int r = 0; r < NUM_ROWS; r++)
		if (!any || selected[r])
			ok &= run_row(r, n, reps);
	printf("\npeak_rss_kb=%ld\n", gb_peak_rss_kb());
	return ok ? 0 : 1;
}
