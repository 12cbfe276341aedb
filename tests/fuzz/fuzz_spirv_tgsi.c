/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the SPIR-V -> TGSI back end (compiler/vc_spirv_to_tgsi.c),
 * which takes modules from the GLSL front end and from Vulkan applications:
 * any words must give TGSI or a log, never a crash.
 *
 * Input: one stage byte (0 vertex, 1 fragment, else compute; bit 7 asks for
 * stream output of position and location 0), then the module's words.
 */
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "vc_spirv_to_tgsi.h"

/* Every binding exists: slot = binding, as virgl-glslc maps them. */
static int any_slot(void *ctx, uint32_t set, uint32_t binding, enum vc_descriptor_kind kind)
{
	(void)ctx;
	(void)kind;
	return set == 0 && binding < 32 ? (int)binding : -1;
}

static const struct vc_xfb xfb = {
	.strides = { 8 },
	.nr_outputs = 2,
	.outputs = { { VC_XFB_POSITION, 0, 4, 0, 0 }, { 0, 0, 4, 0, 4 } },
};

static enum vc_stage stage_of(uint8_t b)
{
	switch (b & 0x7f) {
	case 0:
		return VC_STAGE_VERTEX;
	case 1:
		return VC_STAGE_FRAGMENT;
	default:
		return VC_STAGE_COMPUTE;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct vc_compile_info info = { .entry_point = "main" };
	struct vc_tgsi out;
	uint32_t *words;

	if (size < 1)
		return 0;
	info.nr_words = (size - 1) / 4;
	words = malloc(info.nr_words ? info.nr_words * 4 : 4); /* exact: ASan sees overruns */
	if (!words)
		return 0;
	memcpy(words, data + 1, info.nr_words * 4);
	info.words = words;
	info.stage = stage_of(data[0]);
	info.map.slot = any_slot;
	if (data[0] & 0x80 && info.stage == VC_STAGE_VERTEX)
		info.xfb = &xfb;
	memset(&out, 0, sizeof(out));
	vc_spirv_to_tgsi(&info, &out);
	vc_tgsi_finish(&out);
	free(words);
	return 0;
}
