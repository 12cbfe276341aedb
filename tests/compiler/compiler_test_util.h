/* SPDX-License-Identifier: MIT */
/* Shared helpers of the compiler suites: SPIR-V files and a test slot map. */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "vc_spirv_to_tgsi.h"

/* Reads SPV_DIR/<name>.spv; NULL if missing. *nr_words set. Free with free(). */
uint32_t *ctu_load_spv(const char *name, size_t *nr_words);
/* Reads a whole file of SPIR-V words; NULL if missing. */
uint32_t *ctu_load_file(const char *path, size_t *nr_words);
/* Stage from the file name's extension (.vert/.frag/.comp). */
enum vc_stage ctu_stage_of(const char *name);
/* The test pipeline layout (set 0, bindings 0..30): UBOs at slot binding + 1,
 * everything else at binding. */
struct vc_slot_map ctu_slot_map(void);
/* Compiles SPV_DIR/<name>.spv; returns vc_spirv_to_tgsi()'s result. */
int ctu_compile(const char *name, struct vc_tgsi *out);
/* Same for a SPIR-V file anywhere; -100 when it cannot be read. */
int ctu_compile_file(const char *path, enum vc_stage stage, struct vc_tgsi *out);

/* Every shader under tests/compiler/shaders (keep in step with Makefile.am). */
extern const char *const ctu_shaders[];
extern const unsigned ctu_nr_shaders;
