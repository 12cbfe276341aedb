/* SPDX-License-Identifier: MIT */
/*
 * Stream output: the caller's request by location (vc_xfb) becomes the
 * host's entries by OUT register, from the table of what each OUT register
 * of the emitted vertex shader carries (vc_shader_info.out_regs).
 */
#include <stdio.h>

#include "vc_tgsi_emit.h"

static bool valid_output(const struct vc_xfb *x, const struct vc_xfb_output *o)
{
	return o->buffer < VC_MAX_SO_BUFFERS && o->count >= 1 && o->component < 4 &&
	       o->count <= 4 - o->component && o->offset <= x->strides[o->buffer] &&
	       o->count <= x->strides[o->buffer] - o->offset;
}

/* The OUT register carrying `location`, or -1 when the shader has none. */
static int out_reg_of(const struct vc_shader_info *info, uint32_t location)
{
	for (uint32_t r = 0; r < info->nr_out_regs; r++)
		if (info->out_regs[r] == location)
			return (int)r;
	return -1;
}

int vc_tgsi_resolve_xfb(const struct vc_xfb *x, struct vc_shader_info *info, char *err,
			size_t err_size)
{
	if (x->nr_outputs > VC_MAX_SO_OUTPUTS) {
		snprintf(err, err_size, "stream output: %u outputs, at most %u", x->nr_outputs,
			 VC_MAX_SO_OUTPUTS);
		return -1;
	}
	for (uint32_t i = 0; i < VC_MAX_SO_BUFFERS; i++)
		info->so_strides[i] = x->strides[i];
	for (uint32_t i = 0; i < x->nr_outputs; i++) {
		const struct vc_xfb_output *o = &x->outputs[i];
		int reg = out_reg_of(info, o->location);

		if (!valid_output(x, o)) {
			snprintf(err, err_size, "stream output %u: components or offset out of range",
				 i);
			return -1;
		}
		if (reg < 0)
			continue; /* not declared: nothing is written there */
		info->so_outputs[info->nr_so_outputs++] = (struct vc_so_output){
			.reg = (uint32_t)reg, .component = o->component, .count = o->count,
			.buffer = o->buffer, .offset = o->offset };
	}
	return 0;
}
