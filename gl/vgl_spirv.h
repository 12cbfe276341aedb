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
/*
 * Technique 3 on virgl: the default uniform block (the variable at binding
 * 0) becomes the push constant block, which vk/ feeds as CONST[0] with
 * SET_CONSTANT_BUFFER. The variable and every access chain off it get
 * PushConstant pointer types (new ones, declared right after their Uniform
 * twins: other blocks keep theirs) and the variable loses its set and
 * binding. 0: *out is a new module of *out_words words (free it); 1: the
 * module has no such block (*out NULL); 2: it uses a pointer into the block
 * other than through access chains and loads (*out NULL: keep the block a
 * uniform buffer); -1: malformed or out of memory.
 */
int vgl_spirv_block_to_push(const uint32_t *words, size_t nr_words, uint32_t **out,
			    size_t *out_words);

/*
 * The fragment shader for y-down targets (window buffers), see
 * vgl_spirv_y_down.c: gl_FragCoord's origin and dFdy's sign turned around.
 * 0: *out is a new module of *out_words words (free it); 1: the module uses
 * neither, the same module serves (*out NULL); -1: malformed or out of
 * memory.
 */
int vgl_spirv_y_down(const uint32_t *words, size_t nr_words, uint32_t **out, size_t *out_words);
