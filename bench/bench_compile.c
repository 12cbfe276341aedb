/* SPDX-License-Identifier: MIT */
/*
 * SPIR-V -> TGSI time per shader (compiler/'s whole path: parse, IR, emit),
 * on the real-shader corpus turned into SPIR-V by bench/corpus_to_spirv.py.
 *
 *   bench_compile DIR [REPS]
 *
 * Every *.spv in DIR (stage from the name: *.vert.spv / *.frag.spv) is
 * compiled REPS times; a shader's time is the median of its runs. Output:
 * KEY=VALUE lines: shaders, failures (each named with the first line of its
 * log), median and p90 over shaders in µs, peak RSS, and the size of what
 * was produced: TEMP registers declared and TGSI text bytes, summed over
 * shaders (what register allocation and copy removal are measured by).
 */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "vc_spirv_to_tgsi.h"

#define MAX_WORDS (1u << 20)

static unsigned long long total_temps, total_bytes;

/* Descriptors in binding order, as a pipeline layout of one set would place them. */
static int slot_of(void *ctx, uint32_t set, uint32_t binding, enum vc_descriptor_kind kind)
{
	(void)ctx;
	(void)set;
	return kind == VC_DESC_UNIFORM_BUFFER ? (int)binding + 1 : (int)binding;
}

static uint32_t *load(const char *path, size_t *nr_words)
{
	FILE *f = fopen(path, "rb");
	uint32_t *w = f ? malloc(MAX_WORDS * 4) : NULL;

	*nr_words = w ? fread(w, 4, MAX_WORDS, f) : 0;
	if (f)
		fclose(f);
	return w;
}

static enum vc_stage stage_of(const char *name)
{
	return strstr(name, ".vert") ? VC_STAGE_VERTEX : VC_STAGE_FRAGMENT;
}

/* TEMPs declared: one past the highest index of any DCL TEMP line. */
static unsigned temps_of(const char *text)
{
	unsigned n = 0, a, b;

	for (const char *p = text; (p = strstr(p, "DCL TEMP[")); p++)
		if (sscanf(p, "DCL TEMP[%u..%u]", &a, &b) == 2 && b + 1 > n)
			n = b + 1;
	return n;
}

static void count_output(const struct vc_tgsi *out)
{
	total_temps += temps_of(out->text);
	total_bytes += strlen(out->text);
}

/* Median µs of reps compilations, or -1 if the shader does not compile. */
static double time_shader(const char *dir, const char *name, int reps)
{
	char path[4096];
	size_t n;
	uint32_t *words;
	double *t = calloc((size_t)reps, sizeof(double)), med = -1, p90;

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	words = load(path, &n);
	for (int r = 0; words && t && r < reps; r++) {
		struct vc_compile_info ci = { words, n, "main", stage_of(name), { slot_of, NULL }, NULL, VC_BLEND_NONE, 0, 0 };
		struct vc_tgsi out = { 0 };
		uint64_t t0 = bench_now_ns();
		int ret = vc_spirv_to_tgsi(&ci, &out);

		t[r] = (double)(bench_now_ns() - t0) / 1000.0;
		if (ret) {
			printf("compile_failed=%s: %.120s\n", name, out.log ? out.log : "");
			vc_tgsi_finish(&out);
			goto out;
		}
		if (r == 0)
			count_output(&out);
		vc_tgsi_finish(&out);
	}
	bench_stats(t, (size_t)reps, &med, &p90);
out:
	free(words);
	free(t);
	return med;
}

static bool is_spv(const char *name)
{
	size_t n = strlen(name);

	return n > 4 && strcmp(name + n - 4, ".spv") == 0;
}

int main(int argc, char **argv)
{
	const char *dir = argc > 1 ? argv[1] : "bench/results/corpus-spirv";
	int reps = argc > 2 ? atoi(argv[2]) : 21, n = 0, failed = 0;
	static double medians[4096];
	double med, p90;
	struct dirent *e;
	DIR *d = opendir(dir);

	if (!d || reps < 1)
		return fprintf(stderr, "usage: bench_compile DIR [REPS]\n"), 2;
	while ((e = readdir(d)) && n < 4096) {
		double m;

		if (!is_spv(e->d_name))
			continue;
		m = time_shader(dir, e->d_name, reps);
		if (m < 0)
			failed++;
		else
			medians[n++] = m;
	}
	closedir(d);
	bench_stats(medians, (size_t)n, &med, &p90);
	printf("bench=spirv_to_tgsi\nshaders=%d\nfailed=%d\nreps=%d\n", n + failed, failed, reps);
	printf("median_us=%.1f\np90_us=%.1f\npeak_rss_kb=%ld\n", med, p90, bench_peak_rss_kb());
	printf("temps=%llu\ntgsi_bytes=%llu\n", total_temps, total_bytes);
	return 0;
}
