/* SPDX-License-Identifier: MIT */
/*
 * glsl_compile: the GLSL ES 1.00 / 3.00 / 3.10 compiler in one call, for the GL
 * layer (glCompileShader), tools/virgl-glslc and the corpus runners.
 *
 * One shader's strings go through the preprocessor, the parser, semantic
 * analysis, the lowering to vc_ir (the GL passes: default uniform block at
 * binding 0, block and sampler bindings, locations) and the SPIR-V writer.
 * Parse tree and annotations share one arena that lives only for the call;
 * what outlives it is the SPIR-V, the lowering's resource table (what
 * glGetUniformLocation and friends query) and the info log.
 *
 * The info log reads like Mesa's ("0:12(5): error: ...\n"), so applications
 * and tests written against Mesa see the shape they expect. Like Mesa, it
 * lists several errors: the parser and semantic analysis each go on after a
 * failed statement or declaration (up to GLSL_PARSE_MAX_ERRORS and
 * GLSL_SEMA_MAX_ERRORS); semantic analysis runs only on a tree without
 * syntax errors.
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "glsl_lower.h"
#include "glsl_pp.h"
#include "glsl_sema.h"
#include "glsl_stage.h"

struct glsl_compile_info {
	const char *const *strings;   /* glShaderSource's strings */
	const size_t *lengths;        /* NULL or per string; SIZE_MAX = NUL-terminated */
	unsigned count;
	enum glsl_stage stage;
	/* NULL: glsl_pp_default_extensions. */
	const char *const *extensions;
	unsigned num_extensions;
	bool no_fragment_highp;       /* ES 1.00 FS without highp (glsl_pp_info's) */
	struct glsl_sema_options sema;
	struct glsl_pp_limits limits; /* zero fields: the preprocessor's defaults */
	size_t arena_limit;           /* bytes for the tree; 0 = GLSL_COMPILE_DEFAULT_ARENA */
	bool keep_ir;                 /* leave the vc_ir module in out->res.module */
};

/* Far above the largest real shader's tree (a 13k-line shader takes a few
 * MiB) but low enough that hostile input cannot take the driver's memory. */
#define GLSL_COMPILE_DEFAULT_ARENA (256u << 20)

enum glsl_compile_status {
	GLSL_COMPILE_OK = 0,
	GLSL_COMPILE_ERROR = -1,     /* the shader is invalid: the log says where */
	GLSL_COMPILE_INTERNAL = -2,  /* valid shader the back half could not handle, or OOM */
};

struct glsl_compiled {
	/* SPIR-V 1.0 (malloc'ed); NULL on failure, and on success for a shader
	 * without main() or a compute shader without a local size, which GL
	 * compiles but cannot link. */
	uint32_t *words;
	size_t nr_words;
	struct glsl_lower_result res; /* resources; module only with keep_ir */
	char *info_log;               /* malloc'ed, "" when empty; NULL only if OOM */
	unsigned version;             /* 100, 300, 310 or 320 (0 when preprocessing failed) */
	enum glsl_stage stage;
	uint32_t local_size[3];       /* compute: the work group size (else 0s) */
};

/* Returns an enum glsl_compile_status. out is always initialised (also on
 * failure, when it holds only the log) and must be finished. */
int glsl_compile(const struct glsl_compile_info *in, struct glsl_compiled *out);
void glsl_compiled_finish(struct glsl_compiled *out);
