/* SPDX-License-Identifier: MIT */
/*
 * glsl_program_binary: a linked program (glsl_shader_link's result) as
 * bytes, and back (glGetProgramBinary / glProgramBinary).
 *
 * What is kept is exactly what glsl_shader_link hands the GL layer: the
 * SPIR-V of each stage and the program's resource lists (uniforms, blocks,
 * attributes, fragment outputs, captured varyings, default block size,
 * transform feedback mode and strides), so a program read back is built
 * into its executable by the same code as a fresh link. Varyings are not
 * kept: they only matter while the two stages are matched, which is done.
 *
 * Layout (native byte order; the magic tells another one apart):
 *   u32 magic  u32 format version  u64 build id  u32 payload bytes
 *   u32 zero   u64 payload checksum (FNV-1a)     payload
 * The build id is a hash of the compiler's sources (glsl_build_id.h, made
 * at build time): a binary is only read by the build that wrote it, since
 * any change of the compiler may change the SPIR-V's conventions.
 *
 * A binary is hostile input: every count, length, index and offset is
 * checked, against the bytes present and against the limits a link
 * enforces, before anything uses it.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "glsl_shader.h"

#define GLSL_PROGRAM_BINARY_MAGIC 0x42474c56u   /* "VLGB" read as little-endian bytes */
#define GLSL_PROGRAM_BINARY_VERSION 2u /* 2: blend_support */
#define GLSL_PROGRAM_BINARY_HEADER_SIZE 32u

/* The build id binaries of this build carry. */
uint64_t glsl_program_binary_build_id(void);

/* A malloc'ed binary of lp (before the GL layer rewrites its SPIR-V).
 * 0 on success; -1 when out of memory or when lp holds a type a binary
 * cannot name (a struct or array of arrays among attributes or outputs). */
int glsl_program_binary_write(const struct glsl_linked_program *lp, uint8_t **out,
			      size_t *size);

/* The linked program a binary holds: 0 on success, -1 with the reason in
 * out->info_log ("error: program binary: ..."; NULL if out of memory).
 * out is always initialised and must be finished. */
int glsl_program_binary_read(const void *data, size_t size, struct glsl_linked_program *out);
