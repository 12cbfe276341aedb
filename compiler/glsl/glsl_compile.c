/* SPDX-License-Identifier: MIT */
#include "glsl_compile.h"

#include <stdlib.h>
#include <string.h>

#include "glsl_arena.h"
#include "glsl_log.h"
#include "glsl_parser.h"
#include "vc_spirv_emit.h"

/* One call's state; everything here dies with the call but the output. */
struct compile_run {
	const struct glsl_compile_info *in;
	struct glsl_compiled *out;
	struct glsl_arena arena;
	struct glsl_log log;
	struct glsl_token_stream toks;
	struct glsl_ast *ast;
	struct glsl_sema_result *sema;
};

/* A stage failed without saying why (an out-of-memory path, say): the GL
 * log must still explain the failed compile. */
static int fail_internal(struct compile_run *r, const char *what)
{
	if (!r->log.errors)
		glsl_log_error(&r->log, 0, 0, 0, "internal error: %s failed", what);
	return GLSL_COMPILE_INTERNAL;
}

/* Preprocessor, parser, semantic analysis: the stages that judge the
 * shader, so a failure here is the application's error. */
static int front_end(struct compile_run *r)
{
	const struct glsl_compile_info *in = r->in;
	struct glsl_pp_info pp = {
		.strings = in->strings, .lengths = in->lengths, .count = in->count,
		.stage = in->stage, .extensions = in->extensions,
		.num_extensions = in->num_extensions, .fragment_highp = in->fragment_highp,
		.limits = in->limits,
	};
	int ret = glsl_pp_run(&pp, &r->toks, &r->log);

	r->out->version = ret ? 0 : r->toks.version;
	if (ret == 0)
		ret = glsl_parse(&r->toks, &r->arena, &r->ast, &r->log);
	if (ret == 0)
		ret = glsl_sema(r->ast, in->stage, &in->sema, &r->arena, &r->log, &r->sema);
	if (ret == 0)
		return GLSL_COMPILE_OK;
	return r->log.errors ? GLSL_COMPILE_ERROR : fail_internal(r, "the front end");
}

/* The lowering reads the tree (so it runs before the arena goes) and the
 * writer reads only the IR. A failure in either is ours, not the shader's:
 * sema accepted it. A shader without main() compiles in GL (only the link
 * fails), so it succeeds here with no module. (Until the linker lands, a
 * call of a function that is never defined still stops here, where GL
 * would fail the link.) */
static int back_end(struct compile_run *r)
{
	struct glsl_compiled *out = r->out;
	char *elog = NULL;

	if (!r->sema->main)
		return GLSL_COMPILE_OK;
	if (glsl_lower(r->ast, r->sema, &r->log, &out->res))
		return fail_internal(r, "lowering");
	if (vc_spirv_emit(out->res.module, &out->words, &out->nr_words, &elog)) {
		glsl_log_error(&r->log, 0, 0, 0, "internal error: SPIR-V: %s",
			       elog ? elog : "out of memory");
		free(elog);
		return GLSL_COMPILE_INTERNAL;
	}
	free(elog);
	return GLSL_COMPILE_OK;
}

/* The IR is only kept on request: the GL layer needs SPIR-V and the
 * resources, and the module is several times the SPIR-V's size. */
static void drop_ir(struct glsl_compiled *out)
{
	vc_module_destroy(out->res.module);
	out->res.module = NULL;
}

static void finish_run(struct compile_run *r, int status)
{
	struct glsl_compiled *out = r->out;

	if (status != GLSL_COMPILE_OK) {
		free(out->words);
		out->words = NULL;
		out->nr_words = 0;
		glsl_lower_result_finish(&out->res);
	} else if (!r->in->keep_ir) {
		drop_ir(out);
	}
	out->info_log = strdup(glsl_log_text(&r->log));
	glsl_token_stream_finish(&r->toks);
	glsl_log_finish(&r->log);
	glsl_arena_finish(&r->arena);
}

int glsl_compile(const struct glsl_compile_info *in, struct glsl_compiled *out)
{
	struct compile_run r = { .in = in, .out = out };
	int status;

	memset(out, 0, sizeof(*out));
	out->stage = in->stage;
	glsl_arena_init(&r.arena, 0, in->arena_limit ? in->arena_limit : GLSL_COMPILE_DEFAULT_ARENA);
	glsl_log_init(&r.log, 0, 0);
	status = front_end(&r);
	if (status == GLSL_COMPILE_OK)
		status = back_end(&r);
	finish_run(&r, status);
	return status;
}

void glsl_compiled_finish(struct glsl_compiled *out)
{
	if (!out)
		return;
	free(out->words);
	glsl_lower_result_finish(&out->res);
	free(out->info_log);
	memset(out, 0, sizeof(*out));
}
