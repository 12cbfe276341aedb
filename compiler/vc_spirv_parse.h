/* SPDX-License-Identifier: MIT */
/* SPIR-V (Vulkan flavoured, GLSL ES 3.x level) -> vc_ir. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "vc_ir.h"

/*
 * Reads a SPIR-V module and returns the IR of `entry` (the execution model
 * must match `stage`) with every callee inlined. On failure returns a
 * negative value, *out is NULL and `err` holds a message naming the
 * instruction or capability and its word offset. Never reads outside
 * words[0..nr_words).
 */
int vc_spirv_parse(const uint32_t *words, size_t nr_words, const char *entry,
		   enum vc_ir_stage stage, struct vc_module **out, char *err, size_t err_size);
