/* SPDX-License-Identifier: MIT */
/*
 * gles_loops: five GLES 3.0 draw loops, the peer figures for vk/'s
 * record+submit benchmark. Run under Mesa's virgl (GALLIUM_DRIVER=virpipe)
 * against a vtest server, the bytes each draw costs on the wire are read
 * from the server's VTEST_SAVE capture (see run.sh and vtest_bytes.py).
 *
 *   gles_loops LOOP N [WARMUP]
 *
 * LOOP: 1 none       no state change between draws
 *       2 texture    "descriptor set change": glBindTexture, two textures
 *       3 ubo_offset "dynamic offset change": glBindBufferRange, new offset
 *       4 program    "pipeline change": glUseProgram, two programs
 *       5 vbo        "vertex buffer change": glBindBuffer+glVertexAttribPointer
 *
 * Every loop draws glDrawArrays(GL_TRIANGLES, 0, 3) N times into a 64x64
 * RGBA8 texture FBO on an EGL surfaceless context, then glFinish. All loops
 * use the same VS (position attribute + UBO vec4 offset) and FS (texture
 * sample times UBO colour); only the one change differs. WARMUP iterations
 * of the same loop (default 16) and a glFinish run first, so shader and
 * resource creation stay out of the measured part.
 *
 * ns_per_draw is wall time (CLOCK_MONOTONIC) around the N draws and the
 * glFinish, divided by N: the client's encode cost plus the round trips and
 * whatever host work glFinish has to wait for; not GPU time alone.
 * encode_ns_per_draw stops the clock before glFinish: the GL calls alone,
 * which on virgl only encode (and send a submit if the command buffer fills).
 *
 * Output: KEY=VALUE lines (renderer, gl_version, loop, n, total_ns,
 * ns_per_draw, encode_ns_per_draw, centre_rgba, check).
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define FB_SIZE 64
#define UBO_SLOTS 64

enum loop {
	LOOP_NONE = 1,
	LOOP_TEXTURE,
	LOOP_UBO_OFFSET,
	LOOP_PROGRAM,
	LOOP_VBO,
};

static const char *const loop_names[] = {
	[LOOP_NONE] = "none",
	[LOOP_TEXTURE] = "texture",
	[LOOP_UBO_OFFSET] = "ubo_offset",
	[LOOP_PROGRAM] = "program",
	[LOOP_VBO] = "vbo",
};

/* The block is shared by both stages; std140 so the layout is fixed. */
static const char vs_src[] =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"layout(std140) uniform Params { vec4 offset; vec4 color; };\n"
	"out vec2 uv;\n"
	"void main()\n"
	"{\n"
	"	gl_Position = vec4(pos + offset.xy, 0.0, 1.0);\n"
	"	uv = pos * 0.5 + 0.5;\n"
	"}\n";

/* The rgb scale (%s) differs between the two programs of loop 4 (1.0
 * elsewhere), so a driver cannot fold them into one. */
static const char fs_fmt[] =
	"#version 300 es\n"
	"precision mediump float;\n"
	"layout(std140) uniform Params { vec4 offset; vec4 color; };\n"
	"uniform sampler2D tex;\n"
	"in vec2 uv;\n"
	"out vec4 frag;\n"
	"void main()\n"
	"{\n"
	"	frag = texture(tex, uv) * color * vec4(vec3(%s), 1.0);\n"
	"}\n";

struct scene {
	GLuint prog[2];
	GLuint tex[2];
	GLuint vbo[2];
	GLuint ubo;
	GLint ubo_align;
	GLuint fb_tex, fbo, vao;
};

static void die(const char *what)
{
	fprintf(stderr, "gles_loops: %s (GL error 0x%x, EGL error 0x%x)\n", what,
		glGetError(), eglGetError());
	exit(1);
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

static void init_egl(void)
{
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
		(PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
	static const EGLint ctx_attr[] = { EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE };
	EGLDisplay dpy;
	EGLContext ctx;
	EGLint major, minor;

	if (!get_display)
		die("no eglGetPlatformDisplayEXT");
	dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, &major, &minor))
		die("eglInitialize");
	if (!eglBindAPI(EGL_OPENGL_ES_API))
		die("eglBindAPI");
	/* No config, no surface: EGL_KHR_no_config_context and
	 * EGL_KHR_surfaceless_context; rendering goes to an FBO. */
	ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, ctx_attr);
	if (ctx == EGL_NO_CONTEXT)
		die("eglCreateContext");
	if (!eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
		die("eglMakeCurrent");
}

static GLuint compile(GLenum type, const char *src)
{
	GLuint sh = glCreateShader(type);
	GLint ok = 0;
	char log[1024];

	glShaderSource(sh, 1, &src, NULL);
	glCompileShader(sh);
	glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		glGetShaderInfoLog(sh, sizeof(log), NULL, log);
		fprintf(stderr, "gles_loops: shader: %s\n", log);
		exit(1);
	}
	return sh;
}

static GLuint link_program(const char *scale)
{
	char fs_src[sizeof(fs_fmt) + 32];
	GLuint prog = glCreateProgram();
	GLint ok = 0;
	char log[1024];

	snprintf(fs_src, sizeof(fs_src), fs_fmt, scale);
	glAttachShader(prog, compile(GL_VERTEX_SHADER, vs_src));
	glAttachShader(prog, compile(GL_FRAGMENT_SHADER, fs_src));
	glLinkProgram(prog);
	glGetProgramiv(prog, GL_LINK_STATUS, &ok);
	if (!ok) {
		glGetProgramInfoLog(prog, sizeof(log), NULL, log);
		fprintf(stderr, "gles_loops: link: %s\n", log);
		exit(1);
	}
	glUniformBlockBinding(prog, glGetUniformBlockIndex(prog, "Params"), 0);
	glUseProgram(prog);
	glUniform1i(glGetUniformLocation(prog, "tex"), 0);
	return prog;
}

static GLuint make_texture(GLsizei size, const uint8_t rgba[4])
{
	uint8_t *texels = malloc((size_t)size * size * 4);
	GLuint tex;

	if (!texels)
		die("out of memory");
	for (GLsizei i = 0; i < size * size; i++)
		memcpy(texels + 4 * i, rgba, 4);
	glGenTextures(1, &tex);
	glBindTexture(GL_TEXTURE_2D, tex);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, size, size, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, texels);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	free(texels);
	return tex;
}

static void setup(struct scene *s, enum loop loop)
{
	static const GLfloat tri[] = { -0.1f, -0.1f, 0.1f, -0.1f, 0.0f, 0.1f };
	static const uint8_t white[4] = { 255, 255, 255, 255 };
	static const uint8_t grey[4] = { 128, 128, 128, 255 };
	/* Params: offset (0,0,0,0), colour (1, 0.5, 0.25, 1). */
	static const GLfloat params[8] = { 0, 0, 0, 0, 1.0f, 0.5f, 0.25f, 1.0f };
	uint8_t *ubo_data;

	/* Render target: a 64x64 RGBA8 texture. */
	s->fb_tex = make_texture(FB_SIZE, (const uint8_t[4]){ 0, 0, 0, 0 });
	glGenFramebuffers(1, &s->fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, s->fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
			       s->fb_tex, 0);
	if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
		die("framebuffer incomplete");
	glViewport(0, 0, FB_SIZE, FB_SIZE);

	s->prog[0] = link_program("1.0");
	s->prog[1] = loop == LOOP_PROGRAM ? link_program("0.5") : s->prog[0];

	s->tex[0] = make_texture(4, white);
	s->tex[1] = loop == LOOP_TEXTURE ? make_texture(4, grey) : s->tex[0];

	glGenVertexArrays(1, &s->vao);
	glBindVertexArray(s->vao);
	glGenBuffers(2, s->vbo);
	for (int i = 0; i < (loop == LOOP_VBO ? 2 : 1); i++) {
		glBindBuffer(GL_ARRAY_BUFFER, s->vbo[i]);
		glBufferData(GL_ARRAY_BUFFER, sizeof(tri), tri, GL_STATIC_DRAW);
	}
	if (loop != LOOP_VBO)
		s->vbo[1] = s->vbo[0];
	glBindBuffer(GL_ARRAY_BUFFER, s->vbo[0]);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
	glEnableVertexAttribArray(0);

	/* One UBO with the same Params in UBO_SLOTS aligned slots. */
	glGetIntegerv(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT, &s->ubo_align);
	if (s->ubo_align < (GLint)sizeof(params))
		s->ubo_align = sizeof(params); /* still a multiple of the alignment */
	ubo_data = calloc(UBO_SLOTS, (size_t)s->ubo_align);
	if (!ubo_data)
		die("out of memory");
	for (int i = 0; i < UBO_SLOTS; i++)
		memcpy(ubo_data + (size_t)i * s->ubo_align, params, sizeof(params));
	glGenBuffers(1, &s->ubo);
	glBindBuffer(GL_UNIFORM_BUFFER, s->ubo);
	glBufferData(GL_UNIFORM_BUFFER, (GLsizeiptr)UBO_SLOTS * s->ubo_align, ubo_data,
		     GL_STATIC_DRAW);
	free(ubo_data);
	glBindBufferRange(GL_UNIFORM_BUFFER, 0, s->ubo, 0, sizeof(params));

	glUseProgram(s->prog[0]);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_2D, s->tex[0]);
	glClearColor(0, 0, 0, 0);
	glClear(GL_COLOR_BUFFER_BIT);
	if (glGetError() != GL_NO_ERROR)
		die("setup");
}

/* Iterations [first, first + n) of one loop. The change happens before
 * every draw, so consecutive draws always see different state. */
static void run_loop(struct scene *s, enum loop loop, int first, int n)
{
	const GLsizeiptr range = 8 * sizeof(GLfloat);

	for (int i = first; i < first + n; i++) {
		switch (loop) {
		case LOOP_NONE:
			break;
		case LOOP_TEXTURE:
			glBindTexture(GL_TEXTURE_2D, s->tex[i & 1]);
			break;
		case LOOP_UBO_OFFSET:
			glBindBufferRange(GL_UNIFORM_BUFFER, 0, s->ubo,
					  (GLintptr)(i % UBO_SLOTS) * s->ubo_align, range);
			break;
		case LOOP_PROGRAM:
			glUseProgram(s->prog[i & 1]);
			break;
		case LOOP_VBO:
			glBindBuffer(GL_ARRAY_BUFFER, s->vbo[i & 1]);
			glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, NULL);
			break;
		}
		glDrawArrays(GL_TRIANGLES, 0, 3);
	}
}

static enum loop parse_loop(const char *arg)
{
	for (int l = LOOP_NONE; l <= LOOP_VBO; l++)
		if (!strcmp(arg, loop_names[l]) || atoi(arg) == l)
			return l;
	fprintf(stderr, "gles_loops: unknown loop '%s' (1-5 or none, texture, "
		"ubo_offset, program, vbo)\n", arg);
	exit(2);
}

int main(int argc, char **argv)
{
	struct scene s = { 0 };
	enum loop loop;
	int n, warmup;
	uint64_t t0, t_loop, t1;
	uint8_t px[4] = { 0 };
	const char *renderer;

	if (argc < 3) {
		fprintf(stderr, "usage: gles_loops LOOP N [WARMUP]\n");
		return 2;
	}
	loop = parse_loop(argv[1]);
	n = atoi(argv[2]);
	warmup = argc > 3 ? atoi(argv[3]) : 16;
	if (n <= 0 || warmup < 0) {
		fprintf(stderr, "gles_loops: bad N or WARMUP\n");
		return 2;
	}

	init_egl();
	renderer = (const char *)glGetString(GL_RENDERER);
	printf("renderer=%s\n", renderer ? renderer : "(null)");
	printf("gl_version=%s\n", (const char *)glGetString(GL_VERSION));
	setup(&s, loop);

	run_loop(&s, loop, 0, warmup);
	glFinish();

	t0 = now_ns();
	run_loop(&s, loop, warmup, n);
	t_loop = now_ns();
	glFinish();
	t1 = now_ns();

	/* Sanity: the triangle covers the centre; texel * colour is non-zero red. */
	glReadPixels(FB_SIZE / 2, FB_SIZE / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	if (glGetError() != GL_NO_ERROR)
		die("draw loop");
	printf("loop=%s\nn=%d\nwarmup=%d\nubo_align=%d\ntotal_ns=%llu\nns_per_draw=%.1f\n",
	       loop_names[loop], n, warmup, s.ubo_align, (unsigned long long)(t1 - t0),
	       (double)(t1 - t0) / n);
	printf("encode_ns_per_draw=%.1f\n", (double)(t_loop - t0) / n);
	printf("centre_rgba=%u,%u,%u,%u\ncheck=%s\n", px[0], px[1], px[2], px[3],
	       px[0] > 100 && px[3] == 255 ? "ok" : "FAIL");
	return px[0] > 100 && px[3] == 255 ? 0 : 1;
}
