/* SPDX-License-Identifier: MIT */
/*
 * Object lifecycles: every kind of GL and EGL object is created in working
 * shape (a buffer with storage, a texture with an image, a shader compiled,
 * a program linked and drawn with, a query begun and ended, ...) and
 * destroyed, N times over, through libglvnd as an application does it.
 * After a warm-up (pools, caches and allocator arenas at their working
 * size) the process's open fds must come back to their count exactly and
 * its resident memory may grow by CLIENT_RSS_SLACK_KIB at most over the N
 * cycles (or, where it grew more, over N cycles more: a leak grows again). The same holds for the virgl_test_server process serving us (the
 * server forks one per connection): a host object that outlives its GL
 * object shows there, as memory or as an fd.
 *
 * N: VIRTGL_LIFECYCLE_CYCLES for every kind (the closing figures of issue
 * #14 take 100000), else each kind's default, chosen so that the suite stays
 * well under a minute on a two-core machine. EGL contexts and pbuffers are
 * capped (MAX_SURFACE_CYCLES): each one is a host context or a host
 * colour + depth resource created and destroyed in round trips, some
 * milliseconds apiece on a llvmpipe host, so 100000 of them would take
 * many minutes for what a thousand already show.
 *
 * Each kind prints its figures: cycles, fds and RSS of the client and of
 * the serving process after the warm-up and after the N cycles.
 */
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <malloc.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "egl_test_util.h"
#include "proc_util.h"

#define CLIENT_RSS_SLACK_KIB 2048
/* virglrenderer's and llvmpipe's allocations come and go in the server
 * (shader variants, staging); what must not happen is growth per cycle */
#define SERVER_RSS_SLACK_KIB 4096
#define WARM_UP_CYCLES 1000
#define MAX_SURFACE_CYCLES 2000
/* cycles between glFlush calls, as an application's frames have them */
#define FRAME_CYCLES 256

static EGLDisplay dpy;
static EGLConfig config;
static EGLContext ctx;
static EGLSurface surf;
static PFNEGLCREATEIMAGEKHRPROC create_image;
static PFNEGLDESTROYIMAGEKHRPROC destroy_image;
static PFNGLEGLIMAGETARGETTEXTURE2DOESPROC image_target_texture;

/* what every kind's cycle may use: made once, outside the counts */
static GLuint base_texture, base_buffer, base_vs, base_fs;
static const GLubyte texels[4 * 4 * 4] = { 1, 2, 3, 4 };

static const char *vs_src =
	"#version 300 es\n"
	"void main() {\n"
	"	vec2 p = vec2(gl_VertexID & 1, gl_VertexID >> 1) * 2.0 - 1.0;\n"
	"	gl_Position = vec4(p, 0.0, 1.0);\n"
	"}\n";
static const char *fs_src =
	"#version 300 es\n"
	"precision mediump float;\n"
	"out vec4 o;\n"
	"void main() { o = vec4(0.0, 1.0, 0.0, 1.0); }\n";

/* ---- set-up ----------------------------------------------------------------------------------- */

static void make_base_objects(void)
{
	glGenTextures(1, &base_texture);
	glBindTexture(GL_TEXTURE_2D, base_texture);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glGenBuffers(1, &base_buffer);
	glBindBuffer(GL_ARRAY_BUFFER, base_buffer);
	glBufferData(GL_ARRAY_BUFFER, 256, NULL, GL_STATIC_DRAW);
	base_vs = egl_test_shader(GL_VERTEX_SHADER, vs_src);
	base_fs = egl_test_shader(GL_FRAGMENT_SHADER, fs_src);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
}

static void setup(void)
{
	dpy = egl_test_display();
	config = egl_test_config(dpy, 8, 8, 24);
	ctx = egl_test_context(dpy, config, 3);
	surf = egl_test_pbuffer(dpy, config, 16, 16);
	ck_assert_int_eq(eglMakeCurrent(dpy, surf, surf, ctx), EGL_TRUE);
	EGL_TEST_GET_PROC(create_image, "eglCreateImageKHR");
	EGL_TEST_GET_PROC(destroy_image, "eglDestroyImageKHR");
	EGL_TEST_GET_PROC(image_target_texture, "glEGLImageTargetTexture2DOES");
	make_base_objects();
}

/* ---- one cycle of each kind ------------------------------------------------------------------- */

static void buffer_cycle(void)
{
	GLuint b;

	glGenBuffers(1, &b);
	glBindBuffer(GL_ARRAY_BUFFER, b);
	glBufferData(GL_ARRAY_BUFFER, sizeof(texels), texels, GL_STATIC_DRAW);
	glDeleteBuffers(1, &b);
}

static void texture_cycle(void)
{
	GLuint t;

	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, texels);
	glDeleteTextures(1, &t);
}

static void renderbuffer_cycle(void)
{
	GLuint r;

	glGenRenderbuffers(1, &r);
	glBindRenderbuffer(GL_RENDERBUFFER, r);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
	glDeleteRenderbuffers(1, &r);
}

/* attached, complete and cleared: the host gets a surface for it */
static void framebuffer_cycle(void)
{
	GLuint f;

	glGenFramebuffers(1, &f);
	glBindFramebuffer(GL_FRAMEBUFFER, f);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, base_texture,
			       0);
	ck_assert_int_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glClear(GL_COLOR_BUFFER_BIT);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &f);
}

static void shader_cycle(void)
{
	glDeleteShader(egl_test_shader(GL_VERTEX_SHADER, vs_src));
}

/* linked and drawn with: the host gets its shaders and a pipeline */
static void program_cycle(void)
{
	GLuint p = glCreateProgram();
	GLint ok = 0;

	glAttachShader(p, base_vs);
	glAttachShader(p, base_fs);
	glLinkProgram(p);
	glGetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert(ok);
	glUseProgram(p);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
	glUseProgram(0);
	glDeleteProgram(p);
}

static void vertex_array_cycle(void)
{
	GLuint v;

	glGenVertexArrays(1, &v);
	glBindVertexArray(v);
	glBindBuffer(GL_ARRAY_BUFFER, base_buffer);
	glVertexAttribPointer(0, 4, GL_FLOAT, GL_FALSE, 0, NULL);
	glEnableVertexAttribArray(0);
	glBindVertexArray(0);
	glDeleteVertexArrays(1, &v);
}

static void query_cycle(void)
{
	GLuint q;

	glGenQueries(1, &q);
	glBeginQuery(GL_ANY_SAMPLES_PASSED, q);
	glEndQuery(GL_ANY_SAMPLES_PASSED);
	glDeleteQueries(1, &q);
}

static void sampler_cycle(void)
{
	GLuint s;

	glGenSamplers(1, &s);
	glSamplerParameteri(s, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glBindSampler(0, s);
	glBindSampler(0, 0);
	glDeleteSamplers(1, &s);
}

static void sync_cycle(void)
{
	GLsync s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
	GLenum r = glClientWaitSync(s, GL_SYNC_FLUSH_COMMANDS_BIT, 10ull * 1000 * 1000 * 1000);

	ck_assert(r == GL_ALREADY_SIGNALED || r == GL_CONDITION_SATISFIED);
	glDeleteSync(s);
}

static void transform_feedback_cycle(void)
{
	GLuint x;

	glGenTransformFeedbacks(1, &x);
	glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, x);
	glBindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, base_buffer);
	glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, 0);
	glDeleteTransformFeedbacks(1, &x);
}

static void make_base_current(void)
{
	ck_assert_int_eq(eglMakeCurrent(dpy, surf, surf, ctx), EGL_TRUE);
}

/* current and cleared with: the host context exists and has worked */
static void egl_context_cycle(void)
{
	EGLContext c = egl_test_context(dpy, config, 3);

	ck_assert_int_eq(eglMakeCurrent(dpy, surf, surf, c), EGL_TRUE);
	glClear(GL_COLOR_BUFFER_BIT);
	make_base_current();
	ck_assert_int_eq(eglDestroyContext(dpy, c), EGL_TRUE);
}

static void pbuffer_cycle(void)
{
	EGLSurface s = egl_test_pbuffer(dpy, config, 16, 16);

	ck_assert_int_eq(eglMakeCurrent(dpy, s, s, ctx), EGL_TRUE);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	make_base_current();
	ck_assert_int_eq(eglDestroySurface(dpy, s), EGL_TRUE);
}

/* an image of the base texture, a texture of the image, both gone */
static void egl_image_cycle(void)
{
	EGLImageKHR img = create_image(dpy, ctx, EGL_GL_TEXTURE_2D_KHR,
				       (EGLClientBuffer)(uintptr_t)base_texture, NULL);
	GLuint t;

	ck_assert_msg(img != EGL_NO_IMAGE_KHR, "eglCreateImageKHR: 0x%x", eglGetError());
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	image_target_texture(GL_TEXTURE_2D, (GLeglImageOES)img);
	glDeleteTextures(1, &t);
	ck_assert_int_eq(destroy_image(dpy, img), EGL_TRUE);
}

/* sync_file fds the DRM transport may hold for submissions in flight */
#define DRM_SYNC_FILES 33

struct kind {
	const char *name;
	void (*cycle)(void);
	unsigned cycles;    /* make check's N */
	bool capped;        /* at most MAX_SURFACE_CYCLES */
	bool never_flushed; /* no glFlush between cycles */
	/* a growth known and not fixed yet: fds are still asserted, memory
	 * only printed (README "Reliability" has the figures) */
	const char *known;
};

static const struct kind kinds[] = {
	/* nothing recorded: only glFlush collects their destroyed host resources
	 * (each a shm mapping in the vtest server, which takes 65530 at most) */
	{ .name = "buffer", .cycle = buffer_cycle, .cycles = 10000 },
	/* its memory after glFinish depends on the host's speed: on a loaded
	 * machine the server grew +0.2 to +16.8 MiB and the client up to +3.8 MiB
	 * over 10,000 cycles, both ways round between runs (upload staging held
	 * while the host is behind?): open in issue #14 */
	{ .name = "texture", .cycle = texture_cycle, .cycles = 10000,
	  .known = "memory varies with the host's speed (issue #14)" },
	{ .name = "renderbuffer", .cycle = renderbuffer_cycle, .cycles = 10000 },
	{ .name = "framebuffer", .cycle = framebuffer_cycle, .cycles = 10000 },
	{ .name = "shader", .cycle = shader_cycle, .cycles = 5000 },
	{ .name = "program", .cycle = program_cycle, .cycles = 5000 },
	/* a batch holds what it uses until submitted: one that is never
	 * flushed is submitted when it holds VGL_BATCH_MAX_USES objects */
	{ .name = "program unflushed", .cycle = program_cycle, .cycles = 5000, .never_flushed = true },
	{ .name = "vertex array", .cycle = vertex_array_cycle, .cycles = 10000 },
	{ .name = "query", .cycle = query_cycle, .cycles = 10000 },
	{ .name = "sampler", .cycle = sampler_cycle, .cycles = 10000 },
	{ .name = "sync", .cycle = sync_cycle, .cycles = 5000 },
	{ .name = "transform feedback", .cycle = transform_feedback_cycle, .cycles = 10000 },
	{ .name = "EGL context", .cycle = egl_context_cycle, .cycles = 1000, .capped = true },
	{ .name = "pbuffer surface", .cycle = pbuffer_cycle, .cycles = 1000, .capped = true },
	{ .name = "EGL image", .cycle = egl_image_cycle, .cycles = 10000 },
};
#define NR_KINDS (sizeof(kinds) / sizeof(kinds[0]))

/* ---- measuring -------------------------------------------------------------------------------- */

struct usage {
	long fds, rss_kib, heap_kib; /* heap: malloc'ed and not freed */
	long server_fds, server_rss_kib; /* -1: no server (DRM) */
};

static unsigned cycles_of(const struct kind *k)
{
	const char *env = getenv("VIRTGL_LIFECYCLE_CYCLES");
	unsigned n = env && atoi(env) > 0 ? (unsigned)atoi(env) : k->cycles;

	return k->capped && n > MAX_SURFACE_CYCLES ? MAX_SURFACE_CYCLES : n;
}

/* The process serving this client: the server's child started last (the
 * suite's earlier tests ran in processes that have ended, and so have
 * their connections). */
static pid_t serving_process(void)
{
	pid_t server = egl_test_server_pid();

	return server > 0 ? proc_newest_child(server) : 0;
}

/* Settled first: destroyed objects whose GPU work was pending go when it
 * completes, and the host has run every destroy command it was sent. */
static struct usage measure(pid_t serving)
{
	struct usage u;

	glFinish();
	u.fds = proc_fd_count(getpid());
	u.rss_kib = proc_rss_kib(getpid());
	u.heap_kib = (long)(mallinfo2().uordblks / 1024);
	u.server_fds = serving > 0 ? proc_fd_count(serving) : -1;
	u.server_rss_kib = serving > 0 ? proc_rss_kib(serving) : -1;
	return u;
}

static void run_cycles(const struct kind *k, unsigned n)
{
	for (unsigned i = 1; i <= n; i++) {
		k->cycle();
		if (!k->never_flushed && i % FRAME_CYCLES == 0)
			glFlush();
	}
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
}

static void print_figures(const struct kind *k, unsigned n, struct usage a, struct usage b)
{
	printf("lifecycle %-18s %6u cycles: fds %ld -> %ld, RSS %ld -> %ld KiB (%+ld), heap %+ld KiB; "
	       "server fds %ld -> %ld, RSS %ld -> %ld KiB (%+ld)\n",
	       k->name, n, a.fds, b.fds, a.rss_kib, b.rss_kib, b.rss_kib - a.rss_kib,
	       b.heap_kib - a.heap_kib,
	       a.server_fds, b.server_fds, a.server_rss_kib, b.server_rss_kib,
	       b.server_rss_kib - a.server_rss_kib);
	fflush(stdout);
}

/* A quarter of the cycles up to WARM_UP_CYCLES; a batch never flushed
 * holds up to 1024 objects (gl/vgl_batch.h): twice that, to its plateau. */
static unsigned warm_up_cycles(const struct kind *k, unsigned n)
{
	if (k->never_flushed)
		return 2048;
	return n / 4 < WARM_UP_CYCLES ? n / 4 : WARM_UP_CYCLES;
}

/* The instrumentation the suite runs under (make check-valgrind, check-asan,
 * check-tsan set VIRTGL_TEST_TOOL), or NULL. */
static const char *under_tool(void)
{
	const char *t = getenv("VIRTGL_TEST_TOOL");

	return t && *t ? t : NULL;
}

/* VIRTGL_LIFECYCLE_KIND=name runs that kind alone (the others pass idle) */
static bool selected(const struct kind *k)
{
	const char *only = getenv("VIRTGL_LIFECYCLE_KIND");

	return !only || !*only || strcmp(only, k->name) == 0;
}

START_TEST(create_and_destroy)
{
	const struct kind *k = &kinds[_i];
	unsigned n = cycles_of(k), warm = warm_up_cycles(k, n);
	pid_t serving = serving_process();
	struct usage a, b;

	ck_assert(egl_test_on_drm() || serving > 0);
	if (!selected(k))
		return;
	run_cycles(k, warm);
	a = measure(serving);
	run_cycles(k, n);
	b = measure(serving);
	print_figures(k, n, a, b);
	/* on DRM each submission's sync_file stays open until the transport
	 * retires it, at most DRM_SYNC_FILES in flight (drm/vdrm_transport_drm.c
	 * RETIRE_AT), and a glFinish whose point is known complete asks nothing */
	if (egl_test_on_drm())
		ck_assert_int_le(b.fds, a.fds + DRM_SYNC_FILES);
	else
		ck_assert_int_eq(b.fds, a.fds);
	/* the server has one more fd at times: a resource's shared memory
	 * on its way to a client (it comes and goes, never accumulates) */
	ck_assert_int_le(b.server_fds, a.server_fds + 1);
	if (k->known) {
		printf("lifecycle %-18s known: %s\n", k->name, k->known);
		return;
	}
	/* memcheck and the sanitizers keep freed memory (and one process runs
	 * every kind under memcheck): memory is bounded in plain runs only */
	if (under_tool()) {
		printf("lifecycle %-18s memory not bounded under %s\n", k->name, under_tool());
		return;
	}
	/* a one-off jump (a deferred free of an earlier kind landing in this
	 * window: a loaded CI run saw the server +5.7 MiB over 1000 pbuffers,
	 * never again alone or under load) does not repeat: a leak grows
	 * again over as many cycles more */
	if (b.rss_kib - a.rss_kib > CLIENT_RSS_SLACK_KIB ||
	    b.server_rss_kib - a.server_rss_kib > SERVER_RSS_SLACK_KIB) {
		run_cycles(k, n);
		a = b;
		b = measure(serving);
		print_figures(k, n, a, b);
	}
	ck_assert_int_le(b.rss_kib - a.rss_kib, CLIENT_RSS_SLACK_KIB);
	ck_assert_int_le(b.server_rss_kib - a.server_rss_kib, SERVER_RSS_SLACK_KIB);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("lifecycle");
	TCase *tc = tcase_create("create and destroy");

	tcase_add_checked_fixture(tc, setup, egl_test_teardown);
	/* the full figures (100000 cycles a kind) take minutes per kind */
	tcase_set_timeout(tc, 3600);
	tcase_add_loop_test(tc, create_and_destroy, 0, NR_KINDS);
	suite_add_tcase(s, tc);
	return s;
}

const struct egl_test_child egl_test_children[] = { { NULL, NULL } };

int main(int argc, char **argv)
{
	return egl_test_main(argc, argv, make_suite);
}
