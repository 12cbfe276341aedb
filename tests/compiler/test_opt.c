/* SPDX-License-Identifier: MIT */
/*
 * The middle end (compiler/opt): goldens of small shaders, one or more per
 * pass (tests/compiler/opt/NAME.{vert,frag}: GLSL ES -> SPIR-V -> IR ->
 * vc_opt_run -> NAME.ir as vc_ir_print writes it; VIRTGL_UPDATE_GOLDENS=1
 * rewrites them), dead vertex outputs through the linked entry point, and
 * the TGSI size of the real-shader corpus against the committed figures in
 * tgsi_size.txt: a larger size fails (a regression), and so does a smaller
 * one until the figures are updated (so they stay exact).
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "compiler_test_util.h"
#include "corpus.h"
#include "glsl_compile.h"
#include "opt/vc_opt.h"
#include "vc_spirv_parse.h"

static enum glsl_stage stage_of(const char *name)
{
	return corpus_ends_with(name, ".frag") ? GLSL_STAGE_FRAGMENT : GLSL_STAGE_VERTEX;
}

static enum vc_stage tgsi_stage(enum glsl_stage s)
{
	return s == GLSL_STAGE_FRAGMENT ? VC_STAGE_FRAGMENT : VC_STAGE_VERTEX;
}

static int compile(const char *src, enum glsl_stage stage, struct glsl_compiled *c)
{
	return glsl_compile(&(struct glsl_compile_info){ .strings = &src, .count = 1,
							 .stage = stage }, c);
}

static char *read_source(const char *dir, const char *name)
{
	char path[1024];

	snprintf(path, sizeof(path), "%s/%s", dir, name);
	return corpus_read_file(path, NULL);
}

/* ---- goldens ------------------------------------------------------------------------------ */

struct golden {
	const char *name;
	bool linked;          /* a vertex shader with the fragment shader's reads known,
			       * a fragment shader with the vertex shader's writes */
	uint32_t live_outputs;
};

static const struct golden goldens[] = {
	{ .name = "fold.frag" }, { .name = "vars.vert" }, { .name = "algebra.frag" },
	{ .name = "cse.frag" }, { .name = "flow.frag" }, { .name = "unroll.frag" },
	{ .name = "unroll_kept.frag" }, { .name = "unroll_once.frag" }, { .name = "stores.frag" },
	{ .name = "arrays.frag" }, { .name = "reassoc.vert" },
	{ .name = "products.frag" },
	{ .name = "undef.frag", .linked = true, .live_outputs = 1u << 1 },
	{ .name = "dead.vert", .linked = true, .live_outputs = 1u << 1 },
};

static char *optimised_ir(const struct golden *g, const struct glsl_compiled *c)
{
	struct vc_opt_options o = { .outputs_known = g->linked, .live_outputs = g->live_outputs };
	struct vc_module *m = NULL;
	char err[256], *buf = NULL;
	size_t len = 0;
	FILE *f;

	ck_assert_msg(!vc_spirv_parse(c->words, c->nr_words, "main",
				      c->stage == GLSL_STAGE_FRAGMENT ? VC_IR_FRAGMENT : VC_IR_VERTEX,
				      &m, err, sizeof(err)), "%s: %s", g->name, err);
	ck_assert_int_eq(vc_opt_run(m, &o), 0);
	f = open_memstream(&buf, &len);
	ck_assert_ptr_nonnull(f);
	vc_ir_print(f, m);
	fclose(f);
	vc_module_destroy(m);
	return buf;
}

static void update_golden(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	ck_assert_ptr_nonnull(f);
	fputs(text, f);
	fclose(f);
}

START_TEST(golden)
{
	const struct golden *g = &goldens[_i];
	char *src = read_source(OPT_GOLDEN_DIR, g->name), *want, *got, path[1024];
	struct glsl_compiled c;

	ck_assert_msg(src, "cannot read %s/%s", OPT_GOLDEN_DIR, g->name);
	ck_assert_msg(compile(src, stage_of(g->name), &c) == 0, "%s: %s", g->name, c.info_log);
	got = optimised_ir(g, &c);
	snprintf(path, sizeof(path), "%s/%s.ir", OPT_GOLDEN_DIR, g->name);
	if (getenv("VIRTGL_UPDATE_GOLDENS"))
		update_golden(path, got);
	want = corpus_read_file(path, NULL);
	ck_assert_msg(want, "cannot read %s (VIRTGL_UPDATE_GOLDENS=1 writes it)", path);
	ck_assert_msg(!strcmp(want, got), "%s: the IR differs from %s:\n%s", g->name, path, got);
	free(want);
	free(got);
	free(src);
	glsl_compiled_finish(&c);
}
END_TEST

/* ---- through the back end ------------------------------------------------------------------ */

/* TGSI of tests/compiler/opt/NAME; live_outputs ~0u: not linked. */
static char *tgsi_of(const char *name, uint32_t live_outputs)
{
	char *src = read_source(OPT_GOLDEN_DIR, name), *text;
	struct glsl_compiled c;
	struct vc_compile_info ci;
	struct vc_tgsi t = { 0 };
	int ret;

	ck_assert_ptr_nonnull(src);
	ck_assert_int_eq(compile(src, stage_of(name), &c), 0);
	ci = (struct vc_compile_info){ .words = c.words, .nr_words = c.nr_words,
				       .entry_point = "main", .stage = tgsi_stage(c.stage),
				       .map = ctu_slot_map() };
	ret = live_outputs == ~0u ? vc_spirv_to_tgsi(&ci, &t)
				  : vc_spirv_to_tgsi_linked(&ci, live_outputs, &t);
	ck_assert_msg(ret == 0, "%s: %s", name, t.log ? t.log : "");
	text = t.text;
	t.text = NULL;
	vc_tgsi_finish(&t);
	glsl_compiled_finish(&c);
	free(src);
	return text;
}

/* An output the fragment shader does not read is not declared, nor computed. */
START_TEST(dead_outputs_go)
{
	char *all = tgsi_of("dead.vert", ~0u), *linked = tgsi_of("dead.vert", 1u << 1);
	char *none = tgsi_of("dead.vert", 0);

	ck_assert_msg(strstr(all, "GENERIC[0]") && strstr(all, "GENERIC[1]"), "%s", all);
	ck_assert_msg(!strstr(linked, "GENERIC[0]") && strstr(linked, "GENERIC[1]"), "%s", linked);
	ck_assert_msg(!strstr(none, "GENERIC[") && strstr(none, "POSITION"), "%s", none);
	ck_assert_uint_lt(strlen(linked), strlen(all));
	free(all);
	free(linked);
	free(none);
}
END_TEST

/* A fragment input the vertex shader does not write is undefined: not declared,
 * and the output it fed is not written either. */
START_TEST(unwritten_inputs_go)
{
	char *all = tgsi_of("flow.frag", ~0u), *none = tgsi_of("flow.frag", 0);

	ck_assert_msg(strstr(all, "GENERIC[0]") && strstr(all, "COLOR[0]"), "%s", all);
	ck_assert_msg(!strstr(none, "GENERIC[") && !strstr(none, "COLOR["), "%s", none);
	free(all);
	free(none);
}
END_TEST

/* A vector of undefined inputs only is not written (COLOR[0] goes); one of
 * g and an undefined f is g's channels and the constant: two MOVs, no TEMP. */
START_TEST(undefined_channels_cost_nothing)
{
	char *t = tgsi_of("undef.frag", 1u << 1);
	unsigned movs = 0;

	for (const char *p = t; (p = strstr(p, "MOV ")); p++)
		movs++;
	ck_assert_msg(!strstr(t, "COLOR[0]") && strstr(t, "COLOR[1]"), "%s", t);
	ck_assert_msg(movs == 2 && !strstr(t, "TEMP"), "%s", t);
	free(t);
}
END_TEST

/* Copies into a value's register coalesce (vc_tgsi_regalloc.c): the MAD
 * writes the new vector's xyz itself and the INSERT copies no whole vector;
 * left are the moves of single channels (w from the old vector; y from the
 * .x the scalar MAD computes in). */
START_TEST(value_copies_coalesce)
{
	char *t = tgsi_of("coalesce.frag", ~0u);
	unsigned movs = 0;

	for (const char *p = t; (p = strstr(p, "MOV ")); p++)
		movs++;
	ck_assert_msg(strstr(t, "MAD TEMP[1].xyz,") && movs == 2, "%s", t);
	free(t);
}
END_TEST

/* VC_OPT_SKIP=all: the IR reaches the emitter as read (the folded sum is computed). */
START_TEST(skip_all_keeps_code)
{
	char *opt = tgsi_of("fold.frag", ~0u), *raw;

	setenv("VC_OPT_SKIP", "all", 1);
	raw = tgsi_of("fold.frag", ~0u);
	unsetenv("VC_OPT_SKIP");
	ck_assert_msg(!strstr(opt, "UIF") && !strstr(opt, "ADD"), "%s", opt);
	ck_assert_msg(strstr(raw, "ADD"), "%s", raw);
	free(opt);
	free(raw);
}
END_TEST

/* Every immediate word of text is one of the shader's constants (0.05, 1.0,
 * 0.0): folded extracts once copied words from a block the copy freed. */
START_TEST(folded_constants_are_the_shaders)
{
	char *t = tgsi_of("extract.frag", ~0u);
	const char *imm = strstr(t, "FLT32 {");
	unsigned w[4];

	ck_assert_msg(imm, "%s", t);
	ck_assert_int_eq(sscanf(imm, "FLT32 {0x%x, 0x%x, 0x%x, 0x%x}", &w[0], &w[1], &w[2], &w[3]), 4);
	for (int i = 0; i < 4; i++)
		ck_assert_msg(w[i] == 0x3d4ccccd || w[i] == 0x3f800000 || w[i] == 0,
			      "immediate %d is 0x%08x: %s", i, w[i], t);
	ck_assert_msg(!strstr(strstr(imm, "}"), "IMM[1]"), "%s", t);
	free(t);
}
END_TEST

static unsigned count_of(const char *text, const char *word)
{
	unsigned n = 0;

	for (const char *p = text; (p = strstr(p, word)); p += strlen(word))
		n++;
	return n;
}

/* Unrolled loops reach the host as straight code reading CONST[1][n] directly,
 * not through ADDR; the loops that must stay are still loops. */
START_TEST(unrolled_reads_are_direct)
{
	char *unrolled = tgsi_of("unroll.frag", ~0u), *kept = tgsi_of("unroll_kept.frag", ~0u);

	ck_assert_msg(!strstr(unrolled, "BGNLOOP") && !strstr(unrolled, "ADDR"), "%s", unrolled);
	ck_assert_msg(strstr(unrolled, "CONST[1][15]") && strstr(unrolled, "CONST[1][12]"), "%s",
		      unrolled);
	ck_assert_uint_eq(count_of(kept, "BGNLOOP"), 4);
	setenv("VC_OPT_SKIP", "unroll", 1);
	free(unrolled);
	unrolled = tgsi_of("unroll.frag", ~0u);
	unsetenv("VC_OPT_SKIP");
	ck_assert_uint_eq(count_of(unrolled, "BGNLOOP"), 5);
	free(unrolled);
	free(kept);
	unrolled = tgsi_of("unroll_once.frag", ~0u);
	ck_assert_msg(!strstr(unrolled, "BGNLOOP") && !strstr(unrolled, "BRK"), "%s", unrolled);
	free(unrolled);
}
END_TEST

/* ---- TGSI size of the corpus --------------------------------------------------------------- */

struct size {
	unsigned shaders, failed;
	unsigned long lines, bytes;
};

static void measure(const char *name, const char *src, struct size *sz)
{
	struct glsl_compiled c;
	struct vc_compile_info ci;
	struct vc_tgsi t = { 0 };

	if (compile(src, stage_of(name), &c) || !c.words) {
		sz->failed++;
		glsl_compiled_finish(&c);
		return;
	}
	ci = (struct vc_compile_info){ .words = c.words, .nr_words = c.nr_words,
				       .entry_point = "main", .stage = tgsi_stage(c.stage),
				       .map = ctu_slot_map() };
	if (vc_spirv_to_tgsi(&ci, &t)) {
		sz->failed++;
	} else {
		sz->shaders++;
		sz->bytes += strlen(t.text);
		for (const char *p = t.text; (p = strchr(p, '\n')); p++)
			sz->lines++;
	}
	vc_tgsi_finish(&t);
	glsl_compiled_finish(&c);
}

static void print_size(FILE *f, const struct size *s)
{
	fprintf(f, "shaders %u failed %u lines %lu bytes %lu\n", s->shaders, s->failed, s->lines,
		s->bytes);
}

START_TEST(corpus_tgsi_size)
{
	struct corpus_list l;
	struct size got = { 0 }, want = { 0 };
	char *src, *committed;

	if (corpus_list_open(&l, CORPUS_DIR)) {
		fprintf(stderr, "skipped: no corpus list %s\n", l.path);
		return;
	}
	while ((src = corpus_list_next(&l))) {
		if (corpus_ends_with(l.name, ".vert") || corpus_ends_with(l.name, ".frag"))
			measure(l.name, src, &got);
		free(src);
	}
	corpus_list_close(&l);
	if (getenv("VIRTGL_UPDATE_GOLDENS")) {
		FILE *f = fopen(TGSI_SIZE_FILE, "w");
		ck_assert_ptr_nonnull(f);
		print_size(f, &got);
		fclose(f);
	}
	committed = corpus_read_file(TGSI_SIZE_FILE, NULL);
	ck_assert_msg(committed && sscanf(committed, "shaders %u failed %u lines %lu bytes %lu",
					  &want.shaders, &want.failed, &want.lines, &want.bytes) == 4,
		      "cannot read %s", TGSI_SIZE_FILE);
	print_size(stderr, &got);
	ck_assert_msg(got.shaders == want.shaders && got.failed == want.failed,
		      "corpus shaders compiled %u (failed %u), %s says %u (%u)", got.shaders,
		      got.failed, TGSI_SIZE_FILE, want.shaders, want.failed);
	ck_assert_msg(got.lines <= want.lines && got.bytes <= want.bytes,
		      "TGSI grew: %lu lines, %lu bytes; %s says %lu, %lu", got.lines, got.bytes,
		      TGSI_SIZE_FILE, want.lines, want.bytes);
	ck_assert_msg(got.lines == want.lines && got.bytes == want.bytes,
		      "TGSI shrank to %lu lines, %lu bytes: update %s (VIRTGL_UPDATE_GOLDENS=1)",
		      got.lines, got.bytes, TGSI_SIZE_FILE);
	free(committed);
}
END_TEST

static Suite *opt_suite(void)
{
	Suite *s = suite_create("opt");
	TCase *tc = tcase_create("opt");

	tcase_set_timeout(tc, 120);
	tcase_add_loop_test(tc, golden, 0, (int)(sizeof(goldens) / sizeof(goldens[0])));
	tcase_add_test(tc, dead_outputs_go);
	tcase_add_test(tc, unwritten_inputs_go);
	tcase_add_test(tc, undefined_channels_cost_nothing);
	tcase_add_test(tc, value_copies_coalesce);
	tcase_add_test(tc, skip_all_keeps_code);
	tcase_add_test(tc, folded_constants_are_the_shaders);
	tcase_add_test(tc, unrolled_reads_are_direct);
	tcase_add_test(tc, corpus_tgsi_size);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(opt_suite(), CK_NORMAL);
}
