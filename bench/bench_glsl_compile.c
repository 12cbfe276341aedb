/* SPDX-License-Identifier: MIT */
/*
 * GLSL ES -> SPIR-V time per shader through glsl_compile() on the real-shader
 * corpus (the 195 complete shaders of TIMING_LIST.txt), and in the same run
 * Mesa's glCompileShader on llvmpipe (EGL surfaceless, GLES 3 context), the
 * way docs/glsl-compiler.md §3 measured it: every iteration appends a unique
 * comment so no cache can answer, the first iteration is a discarded warm-up,
 * each shader's median is taken, and the median and p90 of those medians are
 * reported, overall and per corpus group. Ours runs once alone (for its peak
 * RSS) and then again interleaved with Mesa, shader by shader.
 *
 *   make bench-glsl-compile      (builds and runs; not part of `make all`)
 *   bench/bench_glsl_compile [CORPUS_DIR] [--no-mesa]
 *
 * Peak RSS is read before EGL starts (ours alone) and at the end (with Mesa).
 * LIBGL_ALWAYS_SOFTWARE=1, EGL_PLATFORM=surfaceless and
 * MESA_SHADER_CACHE_DISABLE=true are set unless the environment says
 * otherwise.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES2/gl2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tests/compiler/corpus.h"
#include "bench_util.h"
#include "glsl_compile.h"

#define ITERS 21          /* the first is the warm-up */
#define MAX_SHADERS 512

struct shader {
	char name[256];
	char *src;
	enum glsl_stage stage;
	double ours_ns, mesa_ns;   /* per-shader medians */
	bool ours_ok, mesa_ok;
};

/* File name prefixes (before "__") of the corpus groups, as in §3's table. */
static const char *const groups[] = { "pc", "piglit_exec", "glmark2", "minetest", NULL };

static size_t load_corpus(const char *dir, struct shader *sh)
{
	struct corpus_list list;
	size_t n = 0;

	if (corpus_list_open(&list, dir))
		return 0;
	while (n < MAX_SHADERS && (sh[n].src = corpus_list_next(&list))) {
		snprintf(sh[n].name, sizeof(sh[n].name), "%.255s", list.name);
		sh[n].stage = strstr(list.name, ".frag") ? GLSL_STAGE_FRAGMENT : GLSL_STAGE_VERTEX;
		n++;
	}
	corpus_list_close(&list);
	return n;
}

/* A comment that differs per iteration, as the Mesa measurements used. */
static void unique_tail(char *buf, size_t size, unsigned iter)
{
	snprintf(buf, size, "\n// bench iteration %u\n", iter);
}

/* ---- ours ------------------------------------------------------------------------------ */

static bool ours_once(const struct shader *s, unsigned iter, double *ns)
{
	char tail[64];
	const char *strings[2] = { s->src, tail };
	struct glsl_compiled c;
	uint64_t t0;
	int ret;

	unique_tail(tail, sizeof(tail), iter);
	t0 = bench_now_ns();
	ret = glsl_compile(&(struct glsl_compile_info){ .strings = strings, .count = 2,
							.stage = s->stage }, &c);
	*ns = (double)(bench_now_ns() - t0);
	glsl_compiled_finish(&c);
	return ret == GLSL_COMPILE_OK;
}

static void time_ours(struct shader *s)
{
	double t[ITERS], p90;
	bool ok = true;

	for (unsigned i = 0; i < ITERS; i++)
		ok &= ours_once(s, i, &t[i]);
	bench_stats(t + 1, ITERS - 1, &s->ours_ns, &p90);
	s->ours_ok = ok;
}

/* ---- Mesa ------------------------------------------------------------------------------ */

static bool mesa_init(void)
{
	PFNEGLGETPLATFORMDISPLAYEXTPROC get_display =
		(PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
	static const EGLint attr[] = { EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE };
	EGLDisplay dpy;
	EGLContext ctx;

	if (!get_display)
		return false;
	dpy = get_display(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL) ||
	    !eglBindAPI(EGL_OPENGL_ES_API))
		return false;
	/* No config and no surface (KHR_no_config_context, surfaceless_context):
	 * compiling needs only a current context. */
	ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, attr);
	return ctx != EGL_NO_CONTEXT && eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx);
}

static bool mesa_once(const struct shader *s, unsigned iter, double *ns)
{
	char tail[64];
	const char *strings[2] = { s->src, tail };
	GLint status = 0;
	GLuint sh;
	uint64_t t0;

	unique_tail(tail, sizeof(tail), iter);
	t0 = bench_now_ns();
	sh = glCreateShader(s->stage == GLSL_STAGE_FRAGMENT ? GL_FRAGMENT_SHADER :
							      GL_VERTEX_SHADER);
	glShaderSource(sh, 2, strings, NULL);
	glCompileShader(sh);
	glGetShaderiv(sh, GL_COMPILE_STATUS, &status);
	*ns = (double)(bench_now_ns() - t0);
	glDeleteShader(sh);
	return status == GL_TRUE;
}

static void time_mesa(struct shader *s)
{
	double t[ITERS], p90;
	bool ok = true;

	for (unsigned i = 0; i < ITERS; i++)
		ok &= mesa_once(s, i, &t[i]);
	bench_stats(t + 1, ITERS - 1, &s->mesa_ns, &p90);
	s->mesa_ok = ok;
}

/* ---- report ---------------------------------------------------------------------------- */

static bool in_group(const struct shader *s, const char *g)
{
	size_t n = strlen(g);

	return !g[0] || (!strncmp(s->name, g, n) && !strncmp(s->name + n, "__", 2));
}

/* Median and p90 of the per-shader medians of one group ("" = all). */
static size_t group_stats(const struct shader *sh, size_t n, const char *g, bool mesa,
			  double *med, double *p90)
{
	double *v = malloc(n * sizeof(*v));
	size_t k = 0;

	for (size_t i = 0; v && i < n; i++)
		if (in_group(&sh[i], g))
			v[k++] = mesa ? sh[i].mesa_ns : sh[i].ours_ns;
	bench_stats(v, k, med, p90);
	free(v);
	return k;
}

static void report_group(const struct shader *sh, size_t n, const char *g, bool mesa)
{
	double om, op, mm = 0, mp = 0;
	size_t k = group_stats(sh, n, g, false, &om, &op);

	if (mesa)
		group_stats(sh, n, g, true, &mm, &mp);
	printf("%-11s %4zu  %9.1f %9.1f", g[0] ? g : "all", k, om / 1e3, op / 1e3);
	if (mesa)
		printf("  %9.1f %9.1f  %6.2fx", mm / 1e3, mp / 1e3, om > 0 ? mm / om : 0);
	printf("\n");
}

static void report(const struct shader *sh, size_t n, bool mesa, long rss_ours, long rss_all)
{
	const char *renderer = mesa ? (const char *)glGetString(GL_RENDERER) : NULL;
	unsigned ours_fail = 0, mesa_fail = 0;

	for (size_t i = 0; i < n; i++) {
		ours_fail += !sh[i].ours_ok;
		mesa_fail += mesa && !sh[i].mesa_ok;
	}
	printf("GLSL -> SPIR-V per shader, us (median / p90 of per-shader medians, %d runs each)\n",
	       ITERS - 1);
	printf("Mesa: %s\n", mesa ? (renderer ? renderer : "?") : "not measured");
	printf("group          n  glsl_compile      p90%s\n",
	       mesa ? "   glCompileShader    p90  Mesa/ours" : "");
	for (unsigned g = 0; groups[g]; g++)
		report_group(sh, n, groups[g], mesa);
	report_group(sh, n, "", mesa);
	printf("failed compiles: ours %u, Mesa %u\n", ours_fail, mesa_fail);
	printf("peak RSS: %ld KiB before EGL (glsl_compile alone), %ld KiB at the end\n", rss_ours,
	       rss_all);
}

int main(int argc, char **argv)
{
	static struct shader sh[MAX_SHADERS];
	const char *dir = CORPUS_DIR;
	bool want_mesa = true, mesa;
	long rss_ours;
	size_t n;

	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "--no-mesa"))
			want_mesa = false;
		else
			dir = argv[i];
	}
	setenv("LIBGL_ALWAYS_SOFTWARE", "1", 0);
	setenv("EGL_PLATFORM", "surfaceless", 0);
	setenv("MESA_SHADER_CACHE_DISABLE", "true", 0);
	if (!(n = load_corpus(dir, sh))) {
		fprintf(stderr, "bench_glsl_compile: no shaders from %s/TIMING_LIST.txt\n", dir);
		return 1;
	}
	for (size_t i = 0; i < n; i++)
		time_ours(&sh[i]);
	rss_ours = bench_peak_rss_kb();
	mesa = want_mesa && mesa_init();
	if (want_mesa && !mesa)
		fprintf(stderr, "bench_glsl_compile: no EGL surfaceless GLES 3 context; Mesa skipped\n");
	/* Again, shader by shader beside Mesa, so that load from other jobs on
	 * the machine falls on both alike; these are the figures reported. */
	for (size_t i = 0; mesa && i < n; i++) {
		time_ours(&sh[i]);
		time_mesa(&sh[i]);
	}
	report(sh, n, mesa, rss_ours, bench_peak_rss_kb());
	for (size_t i = 0; i < n; i++)
		free(sh[i].src);
	return 0;
}
