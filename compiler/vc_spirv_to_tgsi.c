/* SPDX-License-Identifier: MIT */
/* The driver: SPIR-V -> IR (vc_spirv_parse) -> TGSI text (vc_tgsi_emit). */
#include <stdlib.h>
#include <string.h>

#include "opt/vc_opt.h"
#include "vc_spirv_parse.h"
#include "vc_spirv_to_tgsi.h"
#include "vc_tgsi_emit.h"

static enum vc_ir_stage ir_stage(enum vc_stage s)
{
	return s == VC_STAGE_VERTEX ? VC_IR_VERTEX :
	       s == VC_STAGE_FRAGMENT ? VC_IR_FRAGMENT :
	       s == VC_STAGE_GEOMETRY ? VC_IR_GEOMETRY :
	       s == VC_STAGE_TESS_CTRL ? VC_IR_TESS_CTRL :
	       s == VC_STAGE_TESS_EVAL ? VC_IR_TESS_EVAL : VC_IR_COMPUTE;
}

static int fail(struct vc_tgsi *out, const char *msg)
{
	out->log = strdup(msg ? msg : "");
	return -1;
}

static int compile(const struct vc_compile_info *info, const struct vc_opt_options *opts,
		   struct vc_tgsi *out)
{
	struct vc_module *m = NULL;
	char err[512];
	char *log = NULL;
	int ret;

	memset(out, 0, sizeof(*out));
	if (!info || info->stage > VC_STAGE_COMPUTE)
		return fail(out, "compile: unsupported shader stage");
	if (!info->words && info->nr_words)
		return fail(out, "compile: no SPIR-V words");
	if (vc_spirv_parse(info->words, info->nr_words, info->entry_point, ir_stage(info->stage),
			   &m, err, sizeof(err)))
		return fail(out, err);
	if (vc_opt_run(m, opts)) {
		vc_module_destroy(m);
		return fail(out, "compile: out of memory");
	}
	ret = vc_tgsi_emit_variant(m, info->stage, &info->map,
				   (struct vc_tgsi_variant){ info->advanced_blend,
							     info->blend_equations,
							     info->clip_disabled },
				   out, &log);
	vc_module_destroy(m);
	if (!ret && info->xfb &&
	    (info->stage == VC_STAGE_VERTEX || info->stage == VC_STAGE_TESS_EVAL ||
	     info->stage == VC_STAGE_GEOMETRY) &&
	    vc_tgsi_resolve_xfb(info->xfb, &out->info, err, sizeof(err))) {
		free(log);
		vc_tgsi_finish(out);
		return fail(out, err);
	}
	if (ret) {
		ret = fail(out, log ? log : "TGSI: failed");
		free(log);
		return ret;
	}
	out->log = log ? log : strdup("");
	return out->log ? 0 : -1;
}

int vc_spirv_to_tgsi(const struct vc_compile_info *info, struct vc_tgsi *out)
{
	struct vc_opt_options o = { .outputs_known = false };

	return compile(info, &o, out);
}

int vc_spirv_to_tgsi_linked(const struct vc_compile_info *info, uint32_t varyings,
			    struct vc_tgsi *out)
{
	struct vc_opt_options o = { .outputs_known = true, .live_outputs = varyings };

	return compile(info, &o, out);
}

int vc_spirv_output_locations(const struct vc_compile_info *info, uint32_t *mask)
{
	struct vc_module *m = NULL;
	char err[128];

	*mask = 0;
	if (!info || !info->words ||
	    vc_spirv_parse(info->words, info->nr_words, info->entry_point, ir_stage(info->stage),
			   &m, err, sizeof(err)))
		return -1;
	if (vc_opt_run(m, &(struct vc_opt_options){ .outputs_known = false })) {
		vc_module_destroy(m);
		return -1;
	}
	*mask = vc_opt_written_outputs(m);
	vc_module_destroy(m);
	return 0;
}

void vc_tgsi_finish(struct vc_tgsi *t)
{
	if (!t)
		return;
	free(t->text);
	free(t->log);
	t->text = NULL;
	t->log = NULL;
}
