/* SPDX-License-Identifier: MIT */
/* vc_ir -> TGSI text that virglrenderer 0.10.4 parses. */
#pragma once

#include "vc_ir.h"
#include "vc_spirv_to_tgsi.h"

/*
 * Emits `m` as TGSI text into out->text / out->num_tokens / out->info.
 * Returns 0, or a negative value with the reason appended to `log`
 * (malloc'ed, NUL-terminated; may be NULL on success).
 */
int vc_tgsi_emit(const struct vc_module *m, enum vc_stage stage, const struct vc_slot_map *map,
		 struct vc_tgsi *out, char **log);
/* What the pipeline around a shader changes in it. A fragment shader's
 * part in KHR_blend_equation_advanced: colour output 0 blends itself by
 * `shader` (VC_BLEND_NONE: not), or the host blends and the shader
 * declares `host_equations` (bit e: equation e; 0: none). The last stage
 * before rasterization writes 0 to gl_ClipDistance[i] for bit i of
 * `clip_disabled` (a disabled GL clip plane: llvmpipe hosts clip with
 * every distance written whatever the enables say). */
struct vc_tgsi_variant {
	enum vc_advanced_blend shader;
	uint32_t host_equations;
	uint32_t clip_disabled;
};
/* vc_tgsi_emit for a variant (all zero: as vc_tgsi_emit). */
int vc_tgsi_emit_variant(const struct vc_module *m, enum vc_stage stage,
			 const struct vc_slot_map *map, struct vc_tgsi_variant variant,
			 struct vc_tgsi *out, char **log);

/*
 * Fills info's stream-output entries from the request x, by what OUT
 * registers carry (info->out_regs, from vc_tgsi_emit). 0, or -1 with the
 * reason in err.
 */
int vc_tgsi_resolve_xfb(const struct vc_xfb *x, struct vc_shader_info *info, char *err,
			size_t err_size);
