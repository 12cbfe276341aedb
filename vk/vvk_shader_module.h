/* SPDX-License-Identifier: MIT */
/*
 * A shader module keeps its SPIR-V words (compiled per pipeline, because
 * the pipeline layout decides the slots), or TGSI text given through the
 * project extension vvk_shader_module_tgsi_info.
 */
#pragma once

#include "vvk_private.h"

struct vvk_shader_module {
	uint32_t *words;
	size_t nr_words;
	char *tgsi; /* NULL unless created from TGSI */
	struct vvk_shader_module_tgsi_info tgsi_info;
};

VVK_HANDLE_CASTS(vvk_shader_module, VkShaderModule)
