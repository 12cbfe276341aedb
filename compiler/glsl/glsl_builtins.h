/* SPDX-License-Identifier: MIT */
/*
 * Built-in functions, variables and constants of GLSL ES 1.00 and 3.00, and
 * of the ES 1.00 extensions the compiler offers (rows tagged with the
 * extension: they exist only where the shader enables it).
 *
 * The data is compiler/glsl/builtins.def; gen_builtins.py turns it into the
 * tables of glsl_builtins_table.{c,h} (generated at build time). This header
 * describes the rows and the queries on them: find a name's overloads for a
 * (version, stage), resolve a call by its argument types, find a built-in
 * variable or constant.
 *
 * Overload resolution follows the ES rules: there are no implicit
 * conversions, so a call matches an overload only when every argument type is
 * exactly the parameter type (precision plays no part).
 */
#pragma once

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "glsl_types.h"

/* struct glsl_bi_fn.versions / glsl_bi_var.versions */
#define GLSL_BI_V100 (1u << 0)
#define GLSL_BI_V300 (1u << 1)
#define GLSL_BI_V310 (1u << 2)
#define GLSL_BI_V320 (1u << 3)   /* 3.20 only: a 3.20 shader sees the 3.10 rows too */

/* How a call is lowered to IR (struct glsl_bi_fn.lower). */
enum glsl_bi_lower {
	GLSL_BI_LOWER_OP,      /* op is an enum vc_op applied to the arguments */
	GLSL_BI_LOWER_TEX,     /* op is the enum vc_tex_op of a VC_OP_TEX */
	GLSL_BI_LOWER_RECIPE,  /* op is an enum glsl_bi_recipe */
	GLSL_BI_LOWER_ATOMIC,  /* op is the enum vc_atomic_op on the first argument's memory */
	GLSL_BI_LOWER_IMAGE_ATOMIC, /* op is the enum vc_atomic_op on an image's texel */
};

enum glsl_bi_tex_flag {
	GLSL_BI_TEX_PROJ = 1 << 0,    /* divide the coordinate by its last component */
	GLSL_BI_TEX_OFFSET = 1 << 1,  /* the last argument (before a bias) is a texel offset */
};

/* The precision of a call's result. */
enum glsl_bi_prec {
	GLSL_BI_PREC_ARGS,     /* the highest precision among the arguments */
	GLSL_BI_PREC_SAMPLER,  /* the sampler argument's */
	GLSL_BI_PREC_NONE,     /* bool and void results */
	GLSL_BI_PREC_LOW,
	GLSL_BI_PREC_MEDIUM,
	GLSL_BI_PREC_HIGH,
};

/* One overload: 16 bytes, types as enum glsl_type_id. */
struct glsl_bi_fn {
	uint16_t name;        /* index into glsl_bi_names */
	uint16_t params;      /* index of the first parameter in glsl_bi_params */
	uint16_t op;          /* enum vc_op, vc_tex_op or glsl_bi_recipe, per lower */
	uint8_t ret;
	uint8_t nr_params;
	uint8_t versions;     /* GLSL_BI_V* */
	uint8_t stages;       /* bit (1 << enum glsl_stage) per stage it exists in */
	uint8_t out_mask;     /* bit i: parameter i is an `out` parameter */
	uint8_t ret_prec;     /* enum glsl_bi_prec */
	uint8_t lower;        /* enum glsl_bi_lower */
	uint8_t tex_flags;    /* enum glsl_bi_tex_flag */
	uint8_t ext;          /* 0, or the extension (glsl_bi_ext_names) it needs */
};

/* A name and its overloads glsl_bi_fns[first .. first + count - 1], over all
 * versions and stages. glsl_bi_names is sorted by name. */
struct glsl_bi_name {
	const char *name;
	uint16_t first, count;
};

enum glsl_bi_storage {
	GLSL_BI_STORAGE_IN,       /* read-only input */
	GLSL_BI_STORAGE_OUT,
	GLSL_BI_STORAGE_UNIFORM,
	GLSL_BI_STORAGE_CONST,    /* value holds it */
};

/* A built-in variable or constant; one row per (name, version) where they differ. */
struct glsl_bi_var {
	const char *name;
	const struct glsl_type *type;
	enum glsl_precision precision;
	uint8_t storage;          /* enum glsl_bi_storage */
	uint8_t versions;         /* GLSL_BI_V* */
	uint8_t stages;
	uint8_t builtin;          /* enum vc_builtin, or VC_BUILTIN_NONE */
	uint8_t recipe;           /* enum glsl_bi_recipe when builtin is NONE */
	int32_t value;            /* constants: the spec's minimum */
	int32_t value_yz[2];      /* ivec3 constants: the y and z components */
	uint8_t ext;              /* 0, or the extension (glsl_bi_ext_names) it needs */
};

/* The implementation's values of the gl_Max... constants that depend on the
 * device (the GL layer reads them from the host's caps, so that a shader sees
 * what glGetIntegerv says). A zero field keeps builtins.def's value, the
 * spec's minimum. */
struct glsl_builtin_limits {
	int32_t max_vertex_uniform_vectors;
	int32_t max_fragment_uniform_vectors;
	int32_t max_vertex_texture_image_units;
	int32_t max_texture_image_units;
	int32_t max_combined_texture_image_units;
	int32_t min_program_texel_offset;
	int32_t max_program_texel_offset;
	int32_t max_image_units;                 /* ES 3.10 */
	int32_t max_compute_image_uniforms;
	int32_t max_fragment_image_uniforms;
	int32_t max_combined_image_uniforms;
	int32_t max_combined_shader_output_resources;
	int32_t max_atomic_counter_bindings;
	int32_t max_compute_atomic_counters;
	int32_t max_compute_atomic_counter_buffers;
	int32_t max_vertex_atomic_counters, max_vertex_atomic_counter_buffers;
	int32_t max_fragment_atomic_counters, max_fragment_atomic_counter_buffers;
	int32_t max_vertex_image_uniforms;
	int32_t max_combined_atomic_counters;
	int32_t max_combined_atomic_counter_buffers;
	int32_t max_atomic_counter_buffer_size;
	int32_t max_samples;                     /* OES_sample_variables */
	int32_t max_compute_uniform_components;  /* ES 3.10 */
	int32_t max_compute_texture_image_units;
	/* GL_MAX_UNIFORM_BUFFER_BINDINGS, GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS,
	 * which no built-in constant names: a block's layout(binding) must be
	 * below them (zero: not checked at compile time) */
	int32_t max_uniform_buffer_bindings;
	int32_t max_shader_storage_buffer_bindings;
	/* the ivec3 constants (ES 3.10): all three given, or none */
	int32_t max_compute_work_group_count[3];
	int32_t max_compute_work_group_size[3];
};

/* A built-in constant's value under limits (NULL: builtins.def's). */
int32_t glsl_builtin_const_value(const struct glsl_bi_var *v, const struct glsl_builtin_limits *limits);
/* Its components (three of an ivec3, else one) into out[]. */
void glsl_builtin_const_values(const struct glsl_bi_var *v, const struct glsl_builtin_limits *limits,
			       int32_t out[3]);

/* The entry of a name in glsl_bi_names (any version), or NULL. */
const struct glsl_bi_name *glsl_builtin_find(const char *name, size_t len);
/* Enabled extensions are a mask with bit (1 << ext) per glsl_bi_ext_names
 * index; 0 means none (core rows, ext 0, are always there). The bit of an
 * extension ("GL_OES_standard_derivatives"), 0 when no row depends on it. */
uint32_t glsl_builtin_ext_bit(const char *name);
bool glsl_bi_fn_available(const struct glsl_bi_fn *fn, enum glsl_es_version version,
			  enum glsl_stage stage, uint32_t exts);
/* The overloads of `name` that exist in (version, stage, exts), in .def
 * order; fills out[0 .. max-1] and returns how many there are
 * (GLSL_BI_MAX_OVERLOADS is always enough). */
unsigned glsl_builtin_overloads(const char *name, size_t len, enum glsl_es_version version,
				enum glsl_stage stage, uint32_t exts, const struct glsl_bi_fn **out,
				unsigned max);

const char *glsl_bi_fn_name(const struct glsl_bi_fn *fn);
const struct glsl_type *glsl_bi_fn_return(const struct glsl_bi_fn *fn);
const struct glsl_type *glsl_bi_fn_param(const struct glsl_bi_fn *fn, unsigned i);
/* The result's precision given the arguments' (arg_prec[nr_params]). */
enum glsl_precision glsl_bi_fn_precision(const struct glsl_bi_fn *fn,
					 const enum glsl_precision *arg_prec);
/* "vec4 texture(sampler2D, vec2)"; returns buf (truncated to size). */
const char *glsl_bi_fn_signature(const struct glsl_bi_fn *fn, char *buf, size_t size);

/* A call to resolve. */
struct glsl_bi_call {
	const char *name;
	size_t len;
	const struct glsl_type *const *args;
	unsigned nr_args;
	enum glsl_es_version version;
	enum glsl_stage stage;
	uint32_t exts;         /* enabled extensions (glsl_builtin_ext_bit); 0: none */
};

enum glsl_bi_result {
	GLSL_BI_FOUND,
	GLSL_BI_NOT_BUILTIN,   /* no built-in has this name in any version: a user function? */
	GLSL_BI_UNAVAILABLE,   /* a built-in, but not in this version or stage */
	GLSL_BI_NO_MATCH,      /* no overload takes these argument types */
};

/* Finds the overload a call names. On anything but GLSL_BI_FOUND, err
 * receives a message for the user, e.g.
 *   no matching overload for 'texture(sampler2D, vec3)'; candidates:
 *     vec4 texture(sampler2D, vec2) ...
 * (candidates with the same first argument type, or all if there are none). */
enum glsl_bi_result glsl_builtin_resolve(const struct glsl_bi_call *call,
					 const struct glsl_bi_fn **fn, char *err, size_t err_size);

/* The built-in variable or constant `name` in (version, stage, exts), or NULL. */
const struct glsl_bi_var *glsl_builtin_var(const char *name, size_t len,
					   enum glsl_es_version version, enum glsl_stage stage,
					   uint32_t exts);
