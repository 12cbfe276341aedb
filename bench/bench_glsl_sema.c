/* SPDX-License-Identifier: MIT */
/*
 * Semantic analysis time per shader on the real-shader corpus (the 195
 * complete shaders of TIMING_LIST.txt): sema alone and the whole front end
 * so far (preprocessor + parser + sema), median and p90.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tests/compiler/corpus.h"
#include "bench_util.h"
#include "glsl_parser.h"
#include "glsl_sema.h"

#define ITERS 50

/* Median times of sema alone (sema_ns) and of preprocess + parse + sema,
 * in ns. The arena is reset, not freed, between runs, as a compiler would. */
static double time_one(const char *src, enum glsl_stage stage, double *sema_ns)
{
	struct glsl_pp_info in = { .strings = &src, .count = 1, .stage = stage };
	double t[ITERS], tp[ITERS], med, p90;
	struct glsl_arena arena;

	glsl_arena_init(&arena, 0, 0);
	for (int i = 0; i < ITERS; i++) {
		struct glsl_arena_mark m = glsl_arena_mark(&arena);
		struct glsl_token_stream s;
		struct glsl_ast *ast;
		struct glsl_sema_result *res;
		struct glsl_log log;
		uint64_t t0 = bench_now_ns(), t1;

		glsl_log_init(&log, 0, 0);
		glsl_pp_run(&in, &s, &log);
		if (glsl_parse(&s, &arena, &ast, &log))
			fprintf(stderr, "%s", glsl_log_text(&log));
		t1 = bench_now_ns();
		if (ast && glsl_sema(ast, stage, NULL, &arena, &log, &res))
			fprintf(stderr, "%s", glsl_log_text(&log));
		t[i] = (double)(bench_now_ns() - t0);
		tp[i] = (double)(bench_now_ns() - t1);
		glsl_token_stream_finish(&s);
		glsl_log_finish(&log);
		glsl_arena_release(&arena, m);
	}
	glsl_arena_finish(&arena);
	bench_stats(tp, ITERS, sema_ns, &p90);
	bench_stats(t, ITERS, &med, &p90);
	return med;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : CORPUS_DIR "/real-shaders";
	struct corpus_list list;
	double per[512], parse[512], med, p90, pmed, pp90;
	size_t n = 0;
	char *src;

	if (corpus_list_open(&list, dir)) {
		fprintf(stderr, "cannot open %s\n", list.path);
		return 1;
	}
	while (n < 512 && (src = corpus_list_next(&list))) {
		per[n] = time_one(src, strstr(list.name, ".frag") ? GLSL_STAGE_FRAGMENT :
				  GLSL_STAGE_VERTEX, &parse[n]);
		n++;
		free(src);
	}
	corpus_list_close(&list);
	bench_stats(per, n, &med, &p90);
	bench_stats(parse, n, &pmed, &pp90);
	printf("glsl_sema: %zu shaders, sema median %.1f us (p90 %.1f); preprocessor + parser + "
	       "sema median %.1f us (p90 %.1f)\n", n, pmed / 1e3, pp90 / 1e3, med / 1e3, p90 / 1e3);
	return 0;
}
