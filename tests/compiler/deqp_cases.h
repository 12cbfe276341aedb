/* SPDX-License-Identifier: MIT */
/*
 * dEQP shader-library (.test) reader and expander, as dEQP's
 * gluShaderLibrary / glsShaderLibraryCase do it (docs/glsl-compiler.md
 * §2.3): a `both` source becomes a vertex and a fragment case with
 * ${DECLARATIONS}, ${SETUP}, ${OUTPUT}, ${POSITION_FRAG_COLOR} filled in from
 * the case's values; complete cases get ${VERTEX_*}, ${FRAGMENT_*} and
 * ${FRAG_COLOR}. The generated declarations follow dEQP's shape (inputs,
 * outputs, uniforms, dEQP_Position, dEQP_FragColor) closely enough for the
 * front end's accept/reject checks; the comparison code dEQP adds for
 * rendering is left out.
 */
#pragma once

#include <stdbool.h>
#include <stdio.h>

enum deqp_expect {
	DEQP_PASS,
	DEQP_COMPILE_FAIL,
	DEQP_LINK_FAIL,
	DEQP_BUILD_SUCCESSFUL,
	DEQP_COMPILE_OR_LINK_FAIL,
	DEQP_EXPECT_COUNT,
};

extern const char *const deqp_expect_names[DEQP_EXPECT_COUNT];

struct deqp_shader {
	bool fragment;
	char *source;            /* expanded, NUL-terminated */
};

struct deqp_case {
	char name[256];          /* file.group.case[_vertex|_fragment] */
	unsigned version;        /* 100 or 300 */
	enum deqp_expect expect;
	bool skipped;            /* `require full/only_glsl_es_100_support` */
	struct deqp_shader shaders[2];
	unsigned nr_shaders;
};

typedef void (*deqp_case_fn)(const struct deqp_case *c, void *data);

/* Calls fn for every concrete case of one .test file (prefix names it, e.g.
 * "gles3.switch"); returns the number of cases, -1 if unreadable. */
int deqp_for_each_case(const char *path, const char *prefix, deqp_case_fn fn, void *data);

/* ---- running the library: what the dEQP suites share (asserts with check.h) ---- */

/* Per version (0: ES 1.00, 1: ES 3.00) and expectation. */
struct deqp_tally {
	unsigned n[2][DEQP_EXPECT_COUNT];
	unsigned agree[2][DEQP_EXPECT_COUNT];
	unsigned skipped;
	char *known;             /* the known-failure list */
	unsigned regressions, fixed;
	FILE *dump;              /* DEQP_DUMP: disagreements, one name a line */
};

/* Reads the known list (it must be there); opens DEQP_DUMP when dump. */
void deqp_tally_start(struct deqp_tally *t, const char *known_path, bool dump);
/* Flushes stdout, closes and frees what start opened. */
void deqp_tally_finish(struct deqp_tally *t);
bool deqp_is_known(const struct deqp_tally *t, const char *name);
/* True (and counted) when the case is skipped. */
bool deqp_tally_skip(struct deqp_tally *t, const struct deqp_case *c);
/* Counts a judged case: tallies, DEQP_DUMP, and a REGRESSION or fixed line
 * against the known list. */
void deqp_tally_judge(struct deqp_tally *t, const struct deqp_case *c, bool agree);
/* "LABEL ES x.xx EXPECT n cases: k agree (p%)" per class, then
 * "TOTAL: k of n agree (p%), s skipped SKIP_NOTE". */
void deqp_tally_report(const struct deqp_tally *t, const char *label, const char *total,
		       const char *skip_note);

/* Calls fn for every case of ROOT/gles2/shaders/NAME.test, then gles3's. */
void deqp_run_library(const char *root, deqp_case_fn fn, void *data);
