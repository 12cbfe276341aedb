/* SPDX-License-Identifier: MIT */
#include "glsl_compile.h"

#include <stdlib.h>
#include <string.h>

#include "glsl_shader_private.h"
#include "vc_spirv_emit.h"

/* The lowering reads the tree (so it runs before the shader goes) and the
 * writer reads only the IR. A failure in either is ours, not the shader's:
 * sema accepted it. A shader without main() compiles in GL (only the link
 * fails), so it succeeds here with no module. */
static int back_end(struct glsl_shader *sh, struct glsl_compiled *out)
{
	char *elog = NULL;

	if (!sh->sema->main)
		return GLSL_COMPILE_OK;
	/* ES 3.10 §4.4.1.1: a compute shader without a local size fails to
	 * link, not to compile; there is no module to make of it */
	if (sh->sema->stage == GLSL_STAGE_COMPUTE && !sh->sema->has_local_size)
		return GLSL_COMPILE_OK;
	/* likewise a geometry shader without its primitives and vertex bound
	 * (EXT_geometry_shader §4.4.1.2, 4.4.2.2: link errors) */
	if (sh->sema->stage == GLSL_STAGE_GEOMETRY &&
	    (!sh->sema->gs_input || !sh->sema->gs_output || !sh->sema->has_max_vertices))
		return GLSL_COMPILE_OK;
	/* and a tessellation shader without `vertices` or its domain
	 * (EXT_tessellation_shader §4.4.1.1, 4.4.2.1: link errors) */
	if ((sh->sema->stage == GLSL_STAGE_TESS_CTRL && !sh->sema->tess_vertices) ||
	    (sh->sema->stage == GLSL_STAGE_TESS_EVAL && !sh->sema->tess_domain))
		return GLSL_COMPILE_OK;
	if (glsl_lower(sh->ast, sh->sema, &sh->log, &out->res))
		return glsl_shader_fail_internal(sh, "lowering");
	if (vc_spirv_emit(out->res.module, &out->words, &out->nr_words, &elog)) {
		glsl_log_error(&sh->log, 0, 0, 0, "internal error: SPIR-V: %s",
			       elog ? elog : "out of memory");
		free(elog);
		return GLSL_COMPILE_INTERNAL;
	}
	free(elog);
	return GLSL_COMPILE_OK;
}

/* The IR is only kept on request: the GL layer needs SPIR-V and the
 * resources, and the module is several times the SPIR-V's size. */
static void finish_out(struct glsl_compiled *out, int status, bool keep_ir)
{
	if (status != GLSL_COMPILE_OK) {
		free(out->words);
		out->words = NULL;
		out->nr_words = 0;
		glsl_lower_result_finish(&out->res);
	} else if (!keep_ir) {
		vc_module_destroy(out->res.module);
		out->res.module = NULL;
	}
}

int glsl_compile(const struct glsl_compile_info *in, struct glsl_compiled *out)
{
	struct glsl_shader *sh;
	int status;

	memset(out, 0, sizeof(*out));
	out->stage = in->stage;
	sh = glsl_shader_compile(in);
	if (!sh)
		return GLSL_COMPILE_INTERNAL;  /* info_log NULL: out of memory */
	status = sh->status;
	out->version = sh->version;
	if (status == GLSL_COMPILE_OK)
		status = back_end(sh, out);
	finish_out(out, status, in->keep_ir);
	out->info_log = strdup(glsl_shader_info_log(sh));
	glsl_shader_destroy(sh);
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
