/* SPDX-License-Identifier: MIT */
/*
 * glsl_lower: the typed AST of one GLSL ES 1.00 / 3.00 shader (after
 * glsl_sema) -> a vc_ir.h module.
 *
 * What the GL passes of the plan decide happens here, per shader:
 *  - loose non-opaque uniforms (and gl_DepthRange) become the members of one
 *    std140 uniform block, "gl_DefaultUniformBlock", at set 0 binding 0; bool
 *    is stored as a 32-bit uint there (and in user blocks);
 *  - user uniform blocks get bindings 1.. in declaration order, then the
 *    samplers get the bindings after them (an array of n takes n bindings,
 *    one per element, as GL's binding points and virgl's slots do), then
 *    the buffer blocks and the images (ES 3.10); a layout(binding) is recorded for the GL
 *    layer (the initial GL binding point), never used as the descriptor;
 *  - shared variables are workgroup memory; a compute shader's local size
 *    goes to the module;
 *  - shader inputs and outputs get locations: layout(location) where the
 *    shader gives one, otherwise in name order after the given ones (the
 *    linker will decide varyings later); gl_FragColor and gl_FragData are
 *    colour output 0 (an array of outputs from 0 for gl_FragData);
 *  - user functions are inlined (the IR has none), out/inout parameters by
 *    copy-in/copy-out, switch becomes if-chains inside a one-pass loop, &&,
 *    || and ?: with side effects become control flow.
 * The resources table records where everything went, for the GL layer's
 * glGetUniformLocation / glUniform* / block and sampler queries.
 */
#pragma once

#include <stdint.h>

#include "glsl_ast.h"
#include "glsl_log.h"
#include "glsl_sema.h"
#include "glsl_types.h"
#include "vc_ir.h"

#define GLSL_LOWER_DEFAULT_BINDING 0  /* set 0, binding 0: the default uniform block */

enum glsl_lower_res_kind {
	GLSL_RES_UNIFORM,   /* a leaf of the default block: offset, type, array_size/stride */
	GLSL_RES_BLOCK,     /* a user uniform block: binding (first of array_size), size */
	GLSL_RES_SAMPLER,   /* binding (first of array_size), type */
	GLSL_RES_INPUT,     /* location (first of the locations it takes), type */
	GLSL_RES_OUTPUT,
	GLSL_RES_BUFFER,    /* a buffer block (ES 3.10): binding (first of array_size), size */
	GLSL_RES_IMAGE,     /* an image (ES 3.10): binding (first of array_size), type, format */
	/* atomic counters (ES 3.10, glsl_lower_atomic.c): the storage buffer of one GL
	 * binding (binding, gl_binding, size), and each counter (gl_binding, offset,
	 * array_size, array_stride 4) */
	GLSL_RES_ATOMIC_BUFFER,
	GLSL_RES_ATOMIC_COUNTER,
};

struct glsl_lower_res {
	char *name;                    /* GL's name: "u", "s.f", "a[2].f", "Block" */
	enum glsl_lower_res_kind kind;
	const struct glsl_type *type;  /* built-in (leaf or sampler) element type; NULL for blocks */
	uint32_t array_size;           /* 0: not an array */
	uint32_t array_stride;         /* default block arrays: bytes between elements */
	uint32_t matrix_stride;        /* default block matrices */
	uint32_t binding;
	uint32_t offset;               /* default block: byte offset */
	uint32_t size;                 /* blocks: bytes of data */
	int32_t location;              /* inputs and outputs; uniforms with explicit_location */
	/* ES 3.10 layout(binding = N): the GL binding point a block or sampler
	 * starts at (glUniformBlockBinding's initial value), not `binding`,
	 * the descriptor the lowering gave it */
	bool explicit_binding;
	uint32_t gl_binding;
	bool explicit_location;        /* uniforms: layout(location) (ES 3.10) */
	uint8_t format;                /* images: enum vc_format */
	uint32_t memory;               /* images: GLSL_Q_READONLY, GLSL_Q_WRITEONLY... */
	/* blocks: the block's type (it lives as long as the shader's sema) and
	 * whether it has an instance name, for the reflection of its members
	 * (glsl_program_add_block_members) */
	const struct glsl_type *block_type;
	bool instance_named;
	/* blocks: the instance's type, whose array levels name the elements
	 * of an array of blocks ("B[1][2]"); NULL for a program binary's */
	const struct glsl_type *instance_type;
};

struct glsl_lower_result {
	struct vc_module *module;      /* owned: vc_module_destroy() through finish */
	struct glsl_lower_res *res;
	uint32_t nr_res, cap_res;
	uint32_t default_block_size;   /* bytes; 0 when there is no default block */
	uint32_t nr_bindings;          /* bindings used: default block, blocks, samplers */
	/* compute: bytes of the shared variables at 4 per component (the
	 * least any layout takes; UINT32_MAX past it), for the GL's limit */
	uint32_t shared_size;
};

/* 0 on success (*out filled), -1 on failure with a message in log (and out
 * emptied). ast must have passed glsl_sema, which gave `sema`. */
int glsl_lower(const struct glsl_ast *ast, const struct glsl_sema_result *sema,
	       struct glsl_log *log, struct glsl_lower_result *out);

/* What the linker (glsl_link.h) decides for all stages of a program, so that
 * they agree; the lowering's own per-shader choices apply where it is silent. */
struct glsl_lower_location {
	const char *name;
	int32_t location;
};

struct glsl_lower_layout {
	/* The default uniform block's members in order: every loose uniform
	 * of the program (both stages), so both get the same std140 block.
	 * Each loose uniform of this shader must be on the list (by name);
	 * NULL/0: the shader's own uniforms, as glsl_lower does. */
	const struct glsl_field *uniforms;
	uint32_t nr_uniforms;
	/* Locations for the inputs / outputs without layout(location), by
	 * name; a name not listed gets the default assignment. */
	const struct glsl_lower_location *inputs, *outputs;
	uint32_t nr_inputs, nr_outputs;
};

/* glsl_lower with a program-wide layout; layout may be NULL. */
int glsl_lower_with_layout(const struct glsl_ast *ast, const struct glsl_sema_result *sema,
			   const struct glsl_lower_layout *layout, struct glsl_log *log,
			   struct glsl_lower_result *out);
void glsl_lower_result_finish(struct glsl_lower_result *r);
/* The resource named `name` of `kind`, or NULL. */
const struct glsl_lower_res *glsl_lower_find(const struct glsl_lower_result *r,
					     enum glsl_lower_res_kind kind, const char *name);
