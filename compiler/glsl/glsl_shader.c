/* SPDX-License-Identifier: MIT */
#include "glsl_shader_private.h"

#include <stdlib.h>
#include <string.h>

#include "vc_spirv_emit.h"

int glsl_shader_fail_internal(struct glsl_shader *sh, const char *what)
{
	if (!sh->log.errors)
		glsl_log_error(&sh->log, 0, 0, 0, "internal error: %s failed", what);
	return GLSL_COMPILE_INTERNAL;
}

/* Preprocessor, parser, semantic analysis: the stages that judge the
 * shader, so a failure here is the application's error. */
static int front_end(struct glsl_shader *sh, const struct glsl_compile_info *in)
{
	struct glsl_pp_info pp = {
		.strings = in->strings, .lengths = in->lengths, .count = in->count,
		.stage = in->stage, .extensions = in->extensions,
		.num_extensions = in->num_extensions, .no_fragment_highp = in->no_fragment_highp,
		.limits = in->limits,
	};
	int ret = glsl_pp_run(&pp, &sh->toks, &sh->log);

	sh->version = ret ? 0 : sh->toks.version;
	if (ret == 0)
		ret = glsl_parse(&sh->toks, &sh->arena, &sh->ast, &sh->log);
	if (ret == 0)
		ret = glsl_sema(sh->ast, in->stage, &in->sema, &sh->arena, &sh->log, &sh->sema);
	if (ret == 0)
		return GLSL_COMPILE_OK;
	return sh->log.errors ? GLSL_COMPILE_ERROR : glsl_shader_fail_internal(sh, "the front end");
}

struct glsl_shader *glsl_shader_compile(const struct glsl_compile_info *in)
{
	struct glsl_shader *sh = calloc(1, sizeof(*sh));

	if (!sh)
		return NULL;
	sh->stage = in->stage;
	glsl_arena_init(&sh->arena, 0, in->arena_limit ? in->arena_limit : GLSL_COMPILE_DEFAULT_ARENA);
	glsl_log_init(&sh->log, 0, 0);
	sh->status = front_end(sh, in);
	return sh;
}

void glsl_shader_destroy(struct glsl_shader *sh)
{
	if (!sh)
		return;
	glsl_token_stream_finish(&sh->toks);
	glsl_log_finish(&sh->log);
	glsl_arena_finish(&sh->arena);
	free(sh);
}

int glsl_shader_status(const struct glsl_shader *sh)
{
	return sh->status;
}

const char *glsl_shader_info_log(const struct glsl_shader *sh)
{
	return glsl_log_text(&sh->log);
}

enum glsl_stage glsl_shader_stage(const struct glsl_shader *sh)
{
	return sh->stage;
}

unsigned glsl_shader_version(const struct glsl_shader *sh)
{
	return sh->version;
}

uint32_t glsl_shader_blend_support(const struct glsl_shader *sh)
{
	return sh && sh->sema ? sh->sema->blend_support : 0;
}

/* ---- link ------------------------------------------------------------------ */

/* GL's link errors for what is missing before the linker proper can run. */
static bool link_inputs_ok(struct glsl_shader *const shaders[GLSL_STAGE_COUNT], struct glsl_log *log)
{
	static const char *const names[GLSL_STAGE_COUNT] = { "vertex", "fragment" };

	for (unsigned st = 0; st < GLSL_STAGE_COUNT; st++) {
		if (!shaders[st]) {
			glsl_log_error(log, 0, 0, 0, "no %s shader attached", names[st]);
			return false;
		}
		if (shaders[st]->status != GLSL_COMPILE_OK) {
			glsl_log_error(log, 0, 0, 0, "the %s shader did not compile", names[st]);
			return false;
		}
	}
	return true;
}

/* One lowered stage as SPIR-V; the IR is dropped (several times the
 * SPIR-V's size). */
static int emit_stage(struct glsl_lower_result *r, uint32_t **words, size_t *nr_words,
		      struct glsl_log *log)
{
	char *elog = NULL;
	int ret = vc_spirv_emit(r->module, words, nr_words, &elog);

	if (ret)
		glsl_log_error(log, 0, 0, 0, "internal error: SPIR-V: %s",
			       elog ? elog : "out of memory");
	free(elog);
	vc_module_destroy(r->module);
	r->module = NULL;
	return ret ? -1 : 0;
}

/* The linker lowered each stage with the program-wide layout. */
static int emit_stages(struct glsl_linked_program *out, struct glsl_log *log)
{
	for (unsigned st = 0; st < GLSL_STAGE_COUNT; st++)
		if (emit_stage(&out->prog.stages[st], &out->words[st], &out->nr_words[st], log))
			return -1;
	return 0;
}

static void drop_program(struct glsl_linked_program *out)
{
	free(out->gs_words);
	out->gs_words = NULL;
	out->gs_nr_words = 0;
	for (unsigned i = 0; i < 2; i++) {
		free(out->tess_words[i]);
		out->tess_words[i] = NULL;
		out->tess_nr_words[i] = 0;
	}
	glsl_program_finish(&out->prog);
	for (unsigned st = 0; st < GLSL_STAGE_COUNT; st++) {
		free(out->words[st]);
		out->words[st] = NULL;
		out->nr_words[st] = 0;
	}
}

/* The geometry stage's SPIR-V, and its layout for the queries. */
static int emit_geometry(struct glsl_linked_program *out, const struct glsl_shader *gs,
			 struct glsl_log *log)
{
	if (!gs)
		return 0;
	out->gs = out->prog.geometry.module->gs;
	return emit_stage(&out->prog.geometry, &out->gs_words, &out->gs_nr_words, log);
}

/* Both tessellation stages' SPIR-V, and their layouts for the queries. */
static int emit_tess(struct glsl_linked_program *out, struct glsl_shader *tess[2],
		     struct glsl_log *log)
{
	if (!tess[0] || !tess[1])
		return 0;
	out->tess = out->prog.tess_eval.module->tess;
	out->tess.vertices = out->prog.tess_ctrl.module->tess.vertices;
	if (emit_stage(&out->prog.tess_ctrl, &out->tess_words[0], &out->tess_nr_words[0], log))
		return -1;
	return emit_stage(&out->prog.tess_eval, &out->tess_words[1], &out->tess_nr_words[1], log);
}

static bool stage_compiled(const struct glsl_shader *sh, enum glsl_stage st, const char *what,
			   struct glsl_log *log)
{
	if (!sh || (sh->status == GLSL_COMPILE_OK && sh->stage == st))
		return true;
	glsl_log_error(log, 0, 0, 0, "the %s shader did not compile", what);
	return false;
}

static bool geometry_ok(const struct glsl_shader *gs, struct glsl_shader *tess[2],
			struct glsl_log *log)
{
	return stage_compiled(gs, GLSL_STAGE_GEOMETRY, "geometry", log) &&
	       stage_compiled(tess[0], GLSL_STAGE_TESS_CTRL, "tessellation control", log) &&
	       stage_compiled(tess[1], GLSL_STAGE_TESS_EVAL, "tessellation evaluation", log);
}

int glsl_shader_link(struct glsl_shader *const shaders[GLSL_STAGE_COUNT],
		     const struct glsl_link_options *opts, struct glsl_linked_program *out)
{
	return glsl_shader_link_geometry(shaders, NULL, opts, out);
}

int glsl_shader_link_geometry(struct glsl_shader *const shaders[GLSL_STAGE_COUNT],
			      struct glsl_shader *gs, const struct glsl_link_options *opts,
			      struct glsl_linked_program *out)
{
	return glsl_shader_link_tess(shaders, gs, (struct glsl_shader *[2]){ NULL, NULL }, opts,
				     out);
}

static struct glsl_link_shader link_shader(const struct glsl_shader *sh)
{
	return (struct glsl_link_shader){ sh ? sh->ast : NULL, sh ? sh->sema : NULL };
}

int glsl_shader_link_tess(struct glsl_shader *const shaders[GLSL_STAGE_COUNT],
			  struct glsl_shader *gs, struct glsl_shader *tess[2],
			  const struct glsl_link_options *opts, struct glsl_linked_program *out)
{
	struct glsl_link_options o = opts ? *opts : (struct glsl_link_options){ 0 };
	struct glsl_link_shader gsl = link_shader(gs), tcs = link_shader(tess[0]),
				tes = link_shader(tess[1]);
	struct glsl_log log;
	int ret = -1;

	memset(out, 0, sizeof(*out));
	glsl_log_init(&log, 0, 0);
	o.geometry = gs ? &gsl : NULL;
	o.tess_ctrl = tess[0] ? &tcs : NULL;
	o.tess_eval = tess[1] ? &tes : NULL;
	if (link_inputs_ok(shaders, &log) && geometry_ok(gs, tess, &log)) {
		struct glsl_link_shader sh[GLSL_STAGE_COUNT];

		for (unsigned st = 0; st < GLSL_STAGE_COUNT; st++)
			sh[st] = (struct glsl_link_shader){ shaders[st]->ast, shaders[st]->sema };
		ret = glsl_link(sh, &o, &log, &out->prog);
		if (ret == 0)
			ret = emit_stages(out, &log);
		if (ret == 0)
			ret = emit_geometry(out, gs, &log);
		if (ret == 0)
			ret = emit_tess(out, tess, &log);
	}
	out->info_log = strdup(glsl_log_text(&log));
	glsl_log_finish(&log);
	if (ret)
		drop_program(out);  /* a failed link keeps only its log */
	return ret;
}

void glsl_linked_program_finish(struct glsl_linked_program *out)
{
	drop_program(out);
	while (out->owned_types) {
		struct glsl_owned_type *t = out->owned_types;

		out->owned_types = t->next;
		free(t);
	}
	free(out->info_log);
	out->info_log = NULL;
}

/* ---- compute ---------------------------------------------------------------- */

static bool compute_link_ok(const struct glsl_shader *sh, struct glsl_log *log)
{
	if (sh->stage != GLSL_STAGE_COMPUTE)
		glsl_log_error(log, 0, 0, 0, "not a compute shader");
	else if (sh->status != GLSL_COMPILE_OK)
		glsl_log_error(log, 0, 0, 0, "the compute shader did not compile");
	else if (!sh->sema->main)
		glsl_log_error(log, 0, 0, 0, "compute shader lacks 'main'");
	/* ES 3.10 section 4.4.1.1 */
	else if (!sh->sema->has_local_size)
		glsl_log_error(log, 0, 0, 0, "compute shader has no local size declared");
	else
		return true;
	return false;
}

static int lower_compute(const struct glsl_shader *sh, struct glsl_log *log,
			 struct glsl_compiled *out)
{
	char *elog = NULL;
	int ret = glsl_lower(sh->ast, sh->sema, log, &out->res);

	if (ret)
		glsl_log_error(log, 0, 0, 0, "internal error: lowering failed");
	else if ((ret = vc_spirv_emit(out->res.module, &out->words, &out->nr_words, &elog)))
		glsl_log_error(log, 0, 0, 0, "internal error: SPIR-V: %s",
			       elog ? elog : "out of memory");
	free(elog);
	vc_module_destroy(out->res.module);
	out->res.module = NULL;
	return ret ? -1 : 0;
}

int glsl_shader_link_compute(struct glsl_shader *sh, struct glsl_compiled *out)
{
	struct glsl_log log;
	int ret = -1;

	memset(out, 0, sizeof(*out));
	out->stage = GLSL_STAGE_COMPUTE;
	out->version = sh->version;
	glsl_log_init(&log, 0, 0);
	if (compute_link_ok(sh, &log)) {
		memcpy(out->local_size, sh->sema->local_size, sizeof(out->local_size));
		ret = lower_compute(sh, &log, out);
	}
	out->info_log = strdup(glsl_log_text(&log));
	glsl_log_finish(&log);
	if (ret) {
		free(out->words);
		out->words = NULL;
		out->nr_words = 0;
		glsl_lower_result_finish(&out->res);
	}
	return ret;
}
