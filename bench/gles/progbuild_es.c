/* SPDX-License-Identifier: MIT */
/*
 * progbuild_es: program build time on the real-shader corpus, as an
 * application sees it: glCompileShader of both stages + glLinkProgram, then
 * the first draw + glFinish (when virgl drivers create the host shaders, and
 * the host compiles them).
 *
 *   progbuild_es [-k ITERS] [-m MAX] [-s SKIP] [-S] [CORPUS_DIR]
 *
 * -m: only the first MAX shaders of the list; -s: leave out the first SKIP of
 * those (run.sh restarts after the shader a driver crashed on).
 *
 * The corpus (DIR/TIMING_LIST.txt, the 195 complete single-stage shaders)
 * holds one stage per file. Each is paired with a generated trivial other
 * stage of the same #version: a vertex shader gets a fragment shader writing
 * a constant; a fragment shader gets a vertex shader declaring the outputs
 * its inputs need (its struct types copied) and writing gl_Position. If that
 * does not link, the file's real partner (same name, other extension) is
 * tried (partner=real). Every sampler gets its own texture unit, so no draw
 * is rejected for mixing sampler types on one unit.
 *
 * Every build gets unique code in both stages (see unique_source; -S turns
 * that off), so no cache of sources or of translated code can answer. ITERS (default 5) iterations per shader after one warm-up program
 * for the whole run; per shader: the median and p90 of compile+link, first
 * draw, and their sum. Output: one line per shader,
 *   shader=NAME status=ok partner=P total_us=M total_p90_us=P90 cl_us=M
 *     draw_us=M
 * or status=fail reason=... (compile/link/GL error on the first iteration),
 * then summary KEY=VALUE lines and peak_rss_kb.
 */
#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../tests/compiler/corpus.h"
#include "gles_common.h"

#define MAX_SHADERS 512
#define MAX_ITERS 64

/* The build passes the configured corpus; a stand-alone build (run.sh)
 * passes the directory on the command line, else the tree's copy from the
 * top of the source tree. */
#ifndef CORPUS_DIR
#define CORPUS_DIR "tests/corpus/real-shaders"
#endif

struct shader {
	char name[256];
	char *src, *partner_gen, *partner_real;
	bool fragment, es3;
	bool ok, real_partner;
	int samplers;
	char why[320];
	double total, total_p90, cl, draw;
};

/* ---- partner generation ---------------------------------------------------- */

static bool is_es3(const char *src)
{
	const char *v = strstr(src, "#version");

	return v && strstr(v, "300") && strstr(v, "300") < strchr(v, '\n');
}

struct buf {
	char *p;
	size_t len, cap;
};

static void put(struct buf *b, const char *s, size_t n)
{
	if (b->len + n + 1 > b->cap) {
		b->cap = (b->len + n + 1) * 2;
		b->p = realloc(b->p, b->cap);
	}
	memcpy(b->p + b->len, s, n);
	b->len += n;
	b->p[b->len] = '\0';
}

static void puts_(struct buf *b, const char *s)
{
	put(b, s, strlen(s));
}

/* Top-level "struct Name { ... };" definitions, copied as they are. */
static void copy_structs(struct buf *b, const char *src)
{
	for (const char *p = src; (p = strstr(p, "struct")); p += 6) {
		const char *q = p + 6, *open, *end;
		int depth = 0;

		if ((p > src && (isalnum((unsigned char)p[-1]) || p[-1] == '_')) ||
		    !isspace((unsigned char)*q))
			continue;
		open = strchr(q, '{');
		if (!open || memchr(q, ';', (size_t)(open - q)))
			continue;
		for (end = open; *end; end++) {
			if (*end == '{')
				depth++;
			else if (*end == '}' && --depth == 0)
				break;
		}
		if (!*end)
			return;
		end = strchr(end, ';');
		if (!end)
			return;
		put(b, p, (size_t)(end + 1 - p));
		puts_(b, "\n");
		p = end - 5;
	}
}

/* Words of a declaration line before its type. */
static bool is_qualifier(const char *w, size_t n)
{
	static const char *const q[] = { "flat", "smooth", "centroid", "invariant", "highp",
					 "mediump", "lowp", NULL };

	for (int i = 0; q[i]; i++)
		if (strlen(q[i]) == n && !strncmp(w, q[i], n))
			return true;
	return false;
}

/* For each line that declares a fragment input ("[quals] varying|in ..."),
 * the matching vertex output ("varying" stays, "in" becomes "out"). */
static void copy_inputs(struct buf *b, const char *src)
{
	const char *line = src;

	while (*line) {
		const char *eol = strchr(line, '\n'), *w = line;
		size_t len;

		if (!eol)
			eol = line + strlen(line);
		len = (size_t)(eol - line);
		for (;;) {
			const char *e;

			while (w < eol && isspace((unsigned char)*w))
				w++;
			e = w;
			while (e < eol && (isalnum((unsigned char)*e) || *e == '_'))
				e++;
			if (e == w)
				break;
			if (is_qualifier(w, (size_t)(e - w))) {
				w = e;
				continue;
			}
			if ((e - w == 7 && !strncmp(w, "varying", 7)) ||
			    (e - w == 2 && !strncmp(w, "in", 2))) {
				const char *semi = memchr(line, ';', len);

				if (!semi)
					break;
				put(b, line, (size_t)(w - line));
				puts_(b, e - w == 2 ? "out" : "varying");
				put(b, e, (size_t)(semi + 1 - e));
				puts_(b, "\n");
			}
			break;
		}
		line = *eol ? eol + 1 : eol;
	}
}

static char *version_line(const char *src)
{
	const char *v = strstr(src, "#version");
	const char *eol = v ? strchr(v, '\n') : NULL;
	struct buf b = { 0 };

	if (!v)
		puts_(&b, "#version 100\n");
	else {
		put(&b, v, eol ? (size_t)(eol - v) : strlen(v));
		puts_(&b, "\n");
	}
	return b.p;
}

static char *make_partner(const struct shader *s)
{
	struct buf b = { 0 };
	char *ver = version_line(s->src);

	puts_(&b, ver);
	free(ver);
	if (!s->fragment) {
		puts_(&b, "precision mediump float;\n");
		puts_(&b, s->es3 ? "out vec4 bench_o;\nvoid main() { bench_o = vec4(1.0); }\n" :
				   "void main() { gl_FragColor = vec4(1.0); }\n");
		return b.p;
	}
	copy_structs(&b, s->src);
	copy_inputs(&b, s->src);
	puts_(&b, "void main() { gl_Position = vec4(0.0, 0.0, 0.0, 1.0); }\n");
	return b.p;
}

/* ---- one build ------------------------------------------------------------ */

static GLuint compile(GLenum type, const char *src, unsigned iter, char *why, size_t size)
{
	char tail[64];
	const char *strings[2] = { src, tail };
	GLuint sh = glCreateShader(type);
	GLint ok = 0;

	snprintf(tail, sizeof(tail), "\n// progbuild_es iteration %u\n", iter);
	glShaderSource(sh, 2, strings, NULL);
	glCompileShader(sh);
	glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		char log[256] = "";

		glGetShaderInfoLog(sh, sizeof(log), NULL, log);
		for (char *p = log; *p; p++)
			if (*p == '\n' || *p == '\t')
				*p = ' ';
		snprintf(why, size, "%s stage does not compile: %s",
			 type == GL_VERTEX_SHADER ? "vertex" : "fragment", log);
		glDeleteShader(sh);
		return 0;
	}
	return sh;
}

static bool is_sampler(GLenum t)
{
	switch (t) {
	case GL_SAMPLER_2D: case GL_SAMPLER_3D: case GL_SAMPLER_CUBE:
	case GL_SAMPLER_2D_SHADOW: case GL_SAMPLER_2D_ARRAY: case GL_SAMPLER_2D_ARRAY_SHADOW:
	case GL_SAMPLER_CUBE_SHADOW: case GL_INT_SAMPLER_2D: case GL_INT_SAMPLER_3D:
	case GL_INT_SAMPLER_CUBE: case GL_INT_SAMPLER_2D_ARRAY: case GL_UNSIGNED_INT_SAMPLER_2D:
	case GL_UNSIGNED_INT_SAMPLER_3D: case GL_UNSIGNED_INT_SAMPLER_CUBE:
	case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY:
		return true;
	default:
		return false;
	}
}

/* One sampler per texture unit; the number of samplers. */
static int assign_units(GLuint prog)
{
	GLint count = 0, unit = 0;

	glGetProgramiv(prog, GL_ACTIVE_UNIFORMS, &count);
	for (GLint i = 0; i < count; i++) {
		char name[256];
		GLint size = 0;
		GLenum type = 0;
		GLint loc;

		glGetActiveUniform(prog, (GLuint)i, sizeof(name), NULL, &size, &type, name);
		if (!is_sampler(type))
			continue;
		loc = glGetUniformLocation(prog, name);
		for (GLint k = 0; loc >= 0 && k < size; k++)
			glUniform1i(loc + k, unit++);
	}
	return unit;
}

/* Unique code per build, not only a unique comment: a driver may cache
 * compiled shaders by their translated code (virtgl reuses host shaders
 * whose TGSI it has seen), which a comment does not change. main() is
 * renamed and a new main() calls it with one build-specific constant that
 * the compiler cannot fold away: a fragment shader discards where
 * gl_FragCoord.x < -(U + 0.5) (never), a vertex shader adds U * 1e-30 to
 * gl_Position.z. Off with -S (identical code each build: cache hits). */
static bool same_code;

static char *unique_source(const char *src, bool fragment, unsigned u)
{
	struct buf b = { 0 };
	const char *p = src, *q;
	char tail[256];

	if (same_code) {
		puts_(&b, src);
		return b.p;
	}
	while ((q = strstr(p, "main"))) {
		const char *r = q + 4;

		while (*r == ' ' || *r == '\t')
			r++;
		if (*r == '(' && (q == src || !(isalnum((unsigned char)q[-1]) || q[-1] == '_'))) {
			put(&b, p, (size_t)(q - p));
			puts_(&b, "bench_orig_main");
		} else
			put(&b, p, (size_t)(q + 4 - p));
		p = q + 4;
	}
	puts_(&b, p);
	if (fragment)
		snprintf(tail, sizeof(tail),
			 "\nvoid main() {\n\tif (gl_FragCoord.x < -%u.5) discard;\n"
			 "\tbench_orig_main();\n}\n", u);
	else
		snprintf(tail, sizeof(tail),
			 "\nvoid main() {\n\tbench_orig_main();\n"
			 "\tgl_Position.z += %u.0 * 1e-30;\n}\n", u);
	puts_(&b, tail);
	return b.p;
}

/* Returns false with why set; *cl and *draw in ns. */
static int last_samplers;

static bool build_once(const struct shader *s, const char *partner, unsigned iter, double *cl,
		       double *draw, char *why, size_t size)
{
	uint64_t t0, t1, t2, t3;
	GLuint vs, fs, prog;
	GLint ok = 0;
	GLenum err;

	char *vs_src = unique_source(s->fragment ? partner : s->src, false, iter);
	char *fs_src = unique_source(s->fragment ? s->src : partner, true, iter);

	gb_gl_error();
	t0 = gb_now_ns();
	vs = compile(GL_VERTEX_SHADER, vs_src, iter, why, size);
	fs = vs ? compile(GL_FRAGMENT_SHADER, fs_src, iter, why, size) : 0;
	free(vs_src);
	free(fs_src);
	if (!fs) {
		if (vs)
			glDeleteShader(vs);
		return false;
	}
	prog = glCreateProgram();
	glAttachShader(prog, vs);
	glAttachShader(prog, fs);
	glLinkProgram(prog);
	glGetProgramiv(prog, GL_LINK_STATUS, &ok);
	t1 = gb_now_ns();
	glDeleteShader(vs);
	glDeleteShader(fs);
	if (!ok) {
		char log[256] = "";

		glGetProgramInfoLog(prog, sizeof(log), NULL, log);
		for (char *p = log; *p; p++)
			if (*p == '\n' || *p == '\t')
				*p = ' ';
		snprintf(why, size, "link failed: %s", log);
		glDeleteProgram(prog);
		return false;
	}
	glUseProgram(prog);
	last_samplers = assign_units(prog);
	t2 = gb_now_ns();
	glDrawArrays(GL_TRIANGLES, 0, 3);
	glFinish();
	t3 = gb_now_ns();
	glUseProgram(0);
	glDeleteProgram(prog);
	if ((err = gb_gl_error())) {
		snprintf(why, size, "GL error 0x%x at the first draw", err);
		return false;
	}
	*cl = (double)(t1 - t0);
	*draw = (double)(t3 - t2);
	return true;
}

static void measure(struct shader *s, int iters, unsigned *iter_seq)
{
	double cl[MAX_ITERS], dr[MAX_ITERS], tot[MAX_ITERS];
	const char *partner = s->partner_gen;
	char why2[320];

	if (!build_once(s, partner, (*iter_seq)++, &cl[0], &dr[0], s->why, sizeof(s->why))) {
		if (!s->partner_real ||
		    !build_once(s, s->partner_real, (*iter_seq)++, &cl[0], &dr[0], why2,
				sizeof(why2)))
			return;
		partner = s->partner_real;
		s->real_partner = true;
	}
	/* that first build is a check only; the timed ones follow */
	for (int i = 0; i < iters; i++) {
		if (!build_once(s, partner, (*iter_seq)++, &cl[i], &dr[i], s->why, sizeof(s->why)))
			return;
		tot[i] = cl[i] + dr[i];
	}
	s->total_p90 = gb_p90(tot, iters) / 1e3;
	s->total = gb_median(tot, iters) / 1e3;
	s->cl = gb_median(cl, iters) / 1e3;
	s->draw = gb_median(dr, iters) / 1e3;
	s->samplers = last_samplers;
	s->ok = true;
}

/* ---- main ---------------------------------------------------------------- */

static const char *const groups[] = { "pc", "piglit_exec", "glmark2", "minetest", "", NULL };

static bool in_group(const struct shader *s, const char *g)
{
	size_t n = strlen(g);

	return !g[0] || (!strncmp(s->name, g, n) && !strncmp(s->name + n, "__", 2));
}

static void summary(const struct shader *sh, size_t n)
{
	double *tot = malloc(n * sizeof(double)), *cl = malloc(n * sizeof(double)),
	       *dr = malloc(n * sizeof(double));

	for (int g = 0; groups[g]; g++) {
		size_t k = 0;
		const char *gn = groups[g][0] ? groups[g] : "all";

		for (size_t i = 0; i < n; i++)
			if (sh[i].ok && in_group(&sh[i], groups[g])) {
				tot[k] = sh[i].total;
				cl[k] = sh[i].cl;
				dr[k] = sh[i].draw;
				k++;
			}
		printf("group.%s.n=%zu\n", gn, k);
		printf("group.%s.total_us_median=%.1f\n", gn, gb_median(tot, k));
		printf("group.%s.total_us_p90=%.1f\n", gn, gb_p90(tot, k));
		printf("group.%s.cl_us_median=%.1f\n", gn, gb_median(cl, k));
		printf("group.%s.cl_us_p90=%.1f\n", gn, gb_p90(cl, k));
		printf("group.%s.draw_us_median=%.1f\n", gn, gb_median(dr, k));
		printf("group.%s.draw_us_p90=%.1f\n", gn, gb_p90(dr, k));
	}
	free(tot);
	free(cl);
	free(dr);
}

struct opts {
	const char *dir;
	int iters, max, skip;
};

/* 0, or 2 on a usage error (printed). */
static int parse_args(int argc, char **argv, struct opts *o)
{
	*o = (struct opts){ .dir = CORPUS_DIR, .iters = 5, .max = MAX_SHADERS };
	for (int i = 1; i < argc; i++) {
		if (!strcmp(argv[i], "-k") && i + 1 < argc)
			o->iters = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-m") && i + 1 < argc)
			o->max = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-s") && i + 1 < argc)
			o->skip = atoi(argv[++i]);
		else if (!strcmp(argv[i], "-S"))
			same_code = true;
		else if (argv[i][0] != '-')
			o->dir = argv[i];
		else {
			fprintf(stderr, "usage: progbuild_es [-k ITERS] [-m MAX] [-s SKIP] [-S] "
					"[CORPUS_DIR]\n");
			return 2;
		}
	}
	if (o->iters <= 0 || o->iters > MAX_ITERS || o->max <= 0 || o->max > MAX_SHADERS ||
	    o->skip < 0)
		return 2;
	return 0;
}

/* Up to max listed shaders, each with its generated and (if any) real partner
 * stage; returns how many, or -1 when the list cannot be opened. */
static int load_corpus(const struct opts *o, struct shader *sh)
{
	struct corpus_list list;
	int n = 0;

	if (corpus_list_open(&list, o->dir)) {
		printf("bench=progbuild_es\nstatus=fail\nreason=cannot open %s\n", list.path);
		return -1;
	}
	while (n < o->max && (sh[n].src = corpus_list_next(&list))) {
		char other[1100];

		snprintf(sh[n].name, sizeof(sh[n].name), "%.255s", list.name);
		sh[n].fragment = corpus_ends_with(list.name, ".frag");
		sh[n].es3 = is_es3(sh[n].src);
		sh[n].partner_gen = make_partner(&sh[n]);
		snprintf(other, sizeof(other), "%s/%.*s%s", o->dir, (int)strlen(list.name) - 5,
			 list.name, sh[n].fragment ? ".vert" : ".frag");
		sh[n].partner_real = corpus_read_file(other, NULL);
		n++;
	}
	corpus_list_close(&list);
	return n;
}

/* EGL, a render target, a VAO, and one trivial program built and drawn, so
 * first-use costs stay out of the measured shaders. */
static bool set_up_gl(unsigned *seq)
{
	static struct gb_egl egl;
	static struct gb_fbo fbo;
	struct shader w = { .src = (char *)"#version 300 es\nvoid main() { gl_Position = vec4(0.0); }\n",
			    .es3 = true };
	const char *reason = NULL;
	char why[320];
	GLuint vao;
	double a, b;

	if (!gb_egl_init(&egl))
		reason = "EGL/GL setup failed";
	else if (!gb_target_init(&egl, &fbo, false))
		reason = "no render target";
	if (reason) {
		printf("status=fail\nreason=%s\npeak_rss_kb=%ld\n", reason, gb_peak_rss_kb());
		return false;
	}
	glGenVertexArrays(1, &vao);
	glBindVertexArray(vao);
	w.partner_gen = make_partner(&w);
	if (!build_once(&w, w.partner_gen, (*seq)++, &a, &b, why, sizeof(why))) {
		printf("status=fail\nreason=warm-up program: %s\npeak_rss_kb=%ld\n", why,
		       gb_peak_rss_kb());
		return false;
	}
	free(w.partner_gen);
	return true;
}

static void report_shader(const struct shader *s)
{
	if (s->ok)
		printf("shader=%s status=ok partner=%s total_us=%.1f total_p90_us=%.1f "
		       "cl_us=%.1f draw_us=%.1f samplers=%d\n", s->name,
		       s->real_partner ? "real" : "generated", s->total, s->total_p90, s->cl,
		       s->draw, s->samplers);
	else
		printf("shader=%s status=fail reason=%s\n", s->name, s->why);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	static struct shader sh[MAX_SHADERS];
	struct opts o;
	unsigned seq = 0;
	size_t n, ok = 0;
	int loaded, ret = parse_args(argc, argv, &o);

	if (ret)
		return ret;
	if ((loaded = load_corpus(&o, sh)) < 0)
		return 1;
	n = (size_t)loaded;
	printf("bench=progbuild_es\ncorpus=%s\nshaders=%zu\nskip=%d\niters=%d\nunique_code=%d\n",
	       o.dir, n, o.skip, o.iters, !same_code);
	if (!set_up_gl(&seq))
		return 1;
	fflush(stdout);
	for (size_t i = (size_t)o.skip; i < n; i++) {
		measure(&sh[i], o.iters, &seq);
		ok += sh[i].ok;
		report_shader(&sh[i]);
	}
	n = n > (size_t)o.skip ? n - (size_t)o.skip : 0;
	printf("shaders_ok=%zu\nshaders_failed=%zu\n", ok, n - ok);
	summary(sh + o.skip, n);
	printf("status=%s\npeak_rss_kb=%ld\n", ok ? "ok" : "fail", gb_peak_rss_kb());
	return ok == n ? 0 : 1;
}
