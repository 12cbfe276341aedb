/* SPDX-License-Identifier: MIT */
/*
 * The SPIR-V writer's shared state. Files:
 *   vc_spirv_emit.c       - sections, interning, module assembly, errors
 *   vc_spirv_emit_types.c - types, constants, variables, decorations
 *   vc_spirv_emit_flow.c  - the structured tree -> blocks with merges
 *   vc_spirv_emit_ops.c   - one function per instruction family
 *
 * SPIR-V wants its module in a fixed section order, but the writer only
 * learns what it needs (types, constants, capabilities) while walking the
 * code. So each section is its own growable word buffer, filled in any
 * order and concatenated at the end. The first error is latched in
 * e->err and later work becomes a no-op, like the reader.
 */
#pragma once

#include <spirv/unified1/spirv.h>

#include "vc_spirv_emit.h"

struct se_buf {
	uint32_t *w;
	uint32_t n, cap;
};

enum se_section {
	SE_CAPS,
	SE_EXT,        /* OpExtInstImport */
	SE_ENTRY,      /* OpMemoryModel, OpEntryPoint */
	SE_MODES,      /* OpExecutionMode */
	SE_NAMES,      /* OpName, OpMemberName */
	SE_DECOS,      /* OpDecorate, OpMemberDecorate */
	SE_GLOBALS,    /* types, constants, undefs, global variables */
	SE_FUNC,       /* OpFunction and its first OpLabel */
	SE_LOCALS,     /* the function's OpVariables (must open its first block) */
	SE_CODE,       /* the function body */
	SE_COUNT,
};

/* Interning of types and constants: a hash of instructions in SE_GLOBALS. */
struct se_intern {
	uint32_t *slots;     /* word offset + 1 into SE_GLOBALS; 0 = empty */
	uint32_t cap, nr;
};

/* Innermost loop: where break and continue go. */
struct se_loop {
	uint32_t merge, cont;  /* cont 0: inside the continue block */
	bool broke;            /* something branches to merge */
};

#define SE_MAX_LOOP_DEPTH 256
#define SE_NR_CAPS 16

struct se {
	const struct vc_module *m;
	struct se_buf s[SE_COUNT];
	struct se_intern intern;
	uint32_t next_id;
	uint32_t glsl_ext;         /* the GLSL.std.450 import */
	uint32_t *type_ids;        /* IR type -> SPIR-V id (0 = not yet) */
	uint32_t *value_ids;       /* IR value -> SPIR-V id (0 = not yet) */
	uint8_t *value_sc;         /* pointer values: SpvStorageClass of the variable under them */
	uint8_t *buffer_block;     /* IR struct -> used by a storage block */
	uint32_t caps[SE_NR_CAPS];
	uint32_t nr_caps;
	uint32_t *interface;       /* entry point interface variables */
	uint32_t nr_interface, cap_interface;
	struct se_loop loops[SE_MAX_LOOP_DEPTH];
	uint32_t nr_loops;
	unsigned type_depth;       /* guards against cyclic struct types */
	bool open;                 /* a block is open (has a label, no terminator yet) */
	bool oom;
	char err[256];
};

/* errors: the first one wins */
void se_fail(struct se *e, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static inline bool se_failed(const struct se *e)
{
	return e->err[0] || e->oom;
}

/* words */
uint32_t se_id(struct se *e);
/* Appends one instruction: opcode and its operand words. */
void se_ins(struct se *e, enum se_section sec, SpvOp op, const uint32_t *ops, uint32_t n);
void se_ins1(struct se *e, enum se_section sec, SpvOp op, uint32_t a);
void se_ins2(struct se *e, enum se_section sec, SpvOp op, uint32_t a, uint32_t b);
void se_ins3(struct se *e, enum se_section sec, SpvOp op, uint32_t a, uint32_t b, uint32_t c);
/* Appends a literal string operand list (NUL-padded words) after `pre` words. */
void se_ins_str(struct se *e, enum se_section sec, SpvOp op, const uint32_t *pre, uint32_t n,
		const char *str);
/* A type or constant instruction in SE_GLOBALS, de-duplicated: ops[res] is
 * the result id slot, filled here. Returns the (possibly existing) id. */
uint32_t se_intern(struct se *e, SpvOp op, uint32_t *ops, uint32_t n, uint32_t res);
void se_cap(struct se *e, SpvCapability cap);
void se_interface(struct se *e, uint32_t id);
void se_decorate(struct se *e, uint32_t id, SpvDecoration d, const uint32_t *args, uint32_t n);

/* types, constants, variables (vc_spirv_emit_types.c) */
uint32_t se_type(struct se *e, vc_type_id t);
uint32_t se_type_scalar(struct se *e, enum vc_base base, unsigned comps);
uint32_t se_type_void(struct se *e);
uint32_t se_type_pointer(struct se *e, SpvStorageClass sc, uint32_t pointee);
SpvStorageClass se_storage_class(enum vc_storage s);
uint32_t se_const_u32(struct se *e, enum vc_base base, uint32_t v);
uint32_t se_const_splat(struct se *e, enum vc_base base, unsigned comps, uint32_t v);
void se_emit_globals(struct se *e);
/* The SPIR-V id of an IR value (constants and undefs made on first use). */
uint32_t se_value(struct se *e, vc_value_id v);
void se_relaxed(struct se *e, uint32_t id, enum vc_precision p);

/* control flow (vc_spirv_emit_flow.c) */
void se_emit_body(struct se *e);

/* instructions (vc_spirv_emit_ops.c, vc_spirv_emit_tex.c) */
void se_emit_instr(struct se *e, const struct vc_instr *in);
void se_emit_tex(struct se *e, const struct vc_instr *in);
void se_emit_image(struct se *e, const struct vc_instr *in);
/* shared helpers of the two */
uint32_t se_result(struct se *e, const struct vc_instr *in);
void se_emit_op(struct se *e, const struct vc_instr *in, SpvOp op, const uint32_t *ops, uint32_t n);
uint32_t se_operand(struct se *e, vc_value_id v);
