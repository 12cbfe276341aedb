/* SPDX-License-Identifier: MIT */
/*
 * vc_opt: the optimising middle end. It runs on the IR (vc_ir.h) between
 * the SPIR-V reader and the TGSI emitter, the one point that both the GLSL ES
 * front end (through its SPIR-V) and Vulkan applications pass, and removes
 * what a GPU driver is expected to fold away before the host sees the
 * shader: loads of values just stored, constant expressions, identities,
 * repeated expressions, branches on constants, unused code and outputs that
 * the next stage does not read; and it reshapes products TGSI can do in
 * fewer instructions (matrix chains, multiply-adds).
 *
 * Every pass keeps the IR's invariants: a value is defined once and every
 * use is dominated by its definition (replacements only ever substitute a
 * value that dominates the one it replaces), and an instruction removed has
 * no uses left.
 *
 * Environment: VC_OPT_SKIP=name,name... leaves those passes out ("all": the
 * whole middle end), for finding the pass behind a misrendering.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "vc_ir.h"

struct vc_opt_options {
	/* Vertex shaders: bit L set = the output at location L is read by the
	 * fragment shader or captured by stream output. Fragment shaders: bit L
	 * set = the vertex shader writes location L; inputs elsewhere read as
	 * undefined. Meaningful only when outputs_known; built-ins are kept. */
	bool outputs_known;
	uint32_t live_outputs;
};

/* Optimises m in place; 0 on success, -1 when memory ran out (m->oom). */
int vc_opt_run(struct vc_module *m, const struct vc_opt_options *o);

/* The user output locations that some store writes (bit L: location L). */
uint32_t vc_opt_written_outputs(const struct vc_module *m);
