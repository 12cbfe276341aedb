/* SPDX-License-Identifier: MIT */
/*
 * Preprocessing + lexing time per shader on the real-shader corpus (the
 * 195 complete shaders of TIMING_LIST.txt): median, p90, and tokens/s.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../tests/compiler/corpus.h"
#include "bench_util.h"
#include "glsl_pp.h"

#define ITERS 50

/* Median time of one preprocess of src, in ns; *tokens gets its size. */
static double time_one(const char *src, enum glsl_stage stage, uint32_t *tokens)
{
	struct glsl_pp_info in = { .strings = &src, .count = 1, .stage = stage };
	double t[ITERS], med, p90;

	for (int i = 0; i < ITERS; i++) {
		struct glsl_token_stream s;
		struct glsl_log log;
		uint64_t t0 = bench_now_ns();

		glsl_log_init(&log, 0, 0);
		glsl_pp_run(&in, &s, &log);
		t[i] = (double)(bench_now_ns() - t0);
		*tokens = s.count;
		glsl_token_stream_finish(&s);
		glsl_log_finish(&log);
	}
	bench_stats(t, ITERS, &med, &p90);
	return med;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : CORPUS_DIR "/real-shaders";
	struct corpus_list list;
	double per[512], med, p90, total_ns = 0;
	uint64_t total_tokens = 0;
	size_t n = 0;
	char *src;

	if (corpus_list_open(&list, dir)) {
		fprintf(stderr, "cannot open %s\n", list.path);
		return 1;
	}
	while (n < 512 && (src = corpus_list_next(&list))) {
		uint32_t tokens = 0;

		per[n] = time_one(src, strstr(list.name, ".frag") ? GLSL_STAGE_FRAGMENT :
				  GLSL_STAGE_VERTEX, &tokens);
		total_ns += per[n++];
		total_tokens += tokens;
		free(src);
	}
	corpus_list_close(&list);
	bench_stats(per, n, &med, &p90);
	printf("glsl_pp: %zu shaders, median %.1f us, p90 %.1f us, %.1f Mtokens/s (%llu tokens)\n",
	       n, med / 1e3, p90 / 1e3, (double)total_tokens / total_ns * 1e3,
	       (unsigned long long)total_tokens);
	return 0;
}
