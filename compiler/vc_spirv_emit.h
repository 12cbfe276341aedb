/* SPDX-License-Identifier: MIT */
/* vc_ir -> SPIR-V 1.0 for Vulkan 1.0 (what vk/ and spirv-val accept). */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "vc_ir.h"

/* The IR shader the writer takes: a module is one entry point. */
#define vc_ir_shader vc_module

/*
 * Writes `ir` as a SPIR-V 1.0 module with one entry point "main" (Shader
 * capability, GLSL.std.450 import, Logical GLSL450 memory model).
 * On success returns 0 and *words (malloc'ed) / *nr_words hold the module;
 * *log is NULL. On failure returns a negative value, *words is NULL and
 * *log (malloc'ed, may be NULL when even that allocation failed) says what
 * in the IR could not be written. `log` may be NULL.
 */
int vc_spirv_emit(const struct vc_ir_shader *ir, uint32_t **words, size_t *nr_words, char **log);
