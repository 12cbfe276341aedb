/* SPDX-License-Identifier: MIT */
/* SPIR-V patching for the link: program-wide descriptor bindings. */
#pragma once

#include <stddef.h>
#include <stdint.h>

/* Rewrites every `OpDecorate %x Binding b` with b < map_len and map[b] >= 0
 * to map[b]. Returns -1 if the module is malformed (no header, an
 * instruction running past the end). */
int vgl_spirv_remap_bindings(uint32_t *words, size_t nr_words, const int32_t *map,
			     uint32_t map_len);
