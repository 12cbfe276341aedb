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
