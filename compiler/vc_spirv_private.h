/* SPDX-License-Identifier: MIT */
/*
 * The SPIR-V reader's shared state. Files:
 *   vc_spirv_parse.c  - framing, ids, decorations, types, constants, globals
 *   vc_spirv_cfg.c    - structured control flow, inlining, phis
 *   vc_spirv_instr.c  - one function per instruction family
 *   vc_spirv_tex.c    - image and sampler instructions
 *   vc_spirv_ext.c    - GLSL.std.450 instructions with no IR op of their own
 *   vc_spirv_names.c  - generated opcode/capability names for messages
 *
 * Every read of a word goes through sp_word()/sp_id() style accessors that
 * check the bounds of the current instruction; the first error is latched
 * in s->err (with the word offset) and later work becomes a no-op, so code
 * can be written straight-line and checked once at the end.
 */
#pragma once

#include <setjmp.h>
#include <spirv/unified1/spirv.h>

#include "vc_ir.h"

enum sp_kind {
	SP_NONE,
	SP_TYPE,
	SP_CONST,
	SP_GLOBAL,    /* global variable */
	SP_FUNC,
	SP_LABEL,
	SP_EXTINST,   /* OpExtInstImport */
	SP_LOCAL,     /* a value defined inside a function */
	SP_STRING,
};

struct sp_id {
	uint8_t kind;
	uint32_t at;            /* word offset of the defining instruction */
	uint32_t type;          /* SPIR-V result type id (values) */
	vc_type_id ir_type;     /* SP_TYPE */
	vc_value_id value;      /* SP_CONST, SP_GLOBAL */
	vc_var_id *members;     /* SP_GLOBAL gl_PerVertex blocks: one var per member */
	uint32_t nr_members;
	/* decorations */
	int32_t location;
	uint32_t component;
	int32_t builtin;        /* SpvBuiltIn, -1 if none */
	uint32_t set, binding;
	bool has_binding;
	uint32_t flags;         /* enum vc_var_flag */
	uint32_t array_stride;
	bool block, buffer_block;
	const char *name;       /* points into the module words, NUL-checked */
	/* SP_LABEL: the block's merge instruction (0 if none) and terminator */
	uint32_t merge_at, term_at;
	/* SP_FUNC: OpFunction .. OpFunctionEnd */
	uint32_t fn_end, fn_first_label;
};

struct sp_member_deco {
	uint32_t type, member;
	uint32_t offset, matrix_stride;
	bool row_major, has_offset;
	int32_t builtin;
	uint32_t flags;
	const char *name;
};

/* An instruction as seen by the handlers: bounds-checked operand access. */
struct sp_ins {
	const uint32_t *w;
	uint32_t at;   /* word offset in the module */
	uint16_t op;
	uint16_t n;    /* word count, including the opcode word */
};

enum sp_construct_kind { SP_C_LOOP, SP_C_SWITCH, SP_C_FUNC };

struct sp_escape {
	uint32_t target;   /* index of the construct it leaves to */
	bool cont;         /* continue (else break/return) */
};

/* One IR loop the code being emitted sits in (see vc_spirv_cfg.c). */
struct sp_construct {
	enum sp_construct_kind kind;
	uint32_t merge, cont, header;   /* SPIR-V labels */
	vc_var_id brk_flag, cont_flag;  /* made when an exit crosses inner loops */
	struct vc_block *outer;         /* where the loop node was appended */
	uint32_t outer_index;           /* its position there */
	struct sp_escape escapes[8];
	uint32_t nr_escapes;
	vc_var_id ret_var;              /* SP_C_FUNC with a result */
};

/* One inlined function instance. */
struct sp_frame {
	uint32_t fn;              /* function id */
	vc_value_id *vals;        /* SPIR-V id -> IR value, for this instance */
	vc_var_id *phi_vars;      /* phi result id -> variable */
	uint8_t *visits;          /* label id -> times emitted */
	struct sp_frame *parent;
	uint32_t construct_base;  /* first construct index of this instance */
	struct sp_texel_ptr *texel_ptrs;
};

struct sp_texel_ptr {
	uint32_t id;
	vc_value_id image, coord;
	struct sp_texel_ptr *next;
};

#define SP_MAX_CONSTRUCTS 64

struct spv {
	const uint32_t *w;
	uint32_t n;
	uint32_t bound;
	struct sp_id *ids;
	struct sp_member_deco *mdecos;
	uint32_t nr_mdecos, cap_mdecos;
	uint32_t glsl_ext;         /* id of the GLSL.std.450 import, 0 if none */
	uint32_t entry;            /* entry function id */
	uint32_t entry_model;
	struct vc_module *m;
	char *err;
	size_t err_size;
	bool failed;
	jmp_buf bail;              /* the first error ends the parse */
	struct sp_frame *frame;
	struct sp_construct constructs[SP_MAX_CONSTRUCTS];
	uint32_t nr_constructs;
	uint32_t depth;            /* inlining depth */
};

/* errors: record the first one and unwind to vc_spirv_parse() */
_Noreturn void sp_fail(struct spv *s, uint32_t at, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
_Noreturn void sp_unsupported_op(struct spv *s, const struct sp_ins *in);
void sp_check_oom(struct spv *s, uint32_t at);

/* operands */
uint32_t sp_word(struct spv *s, const struct sp_ins *in, uint32_t i);
uint32_t sp_id(struct spv *s, const struct sp_ins *in, uint32_t i);     /* any id < bound */
vc_type_id sp_type(struct spv *s, const struct sp_ins *in, uint32_t i); /* a type id operand */
vc_type_id sp_type_of(struct spv *s, uint32_t id, uint32_t at);
vc_value_id sp_value(struct spv *s, const struct sp_ins *in, uint32_t i);
struct sp_ins sp_ins_at(struct spv *s, uint32_t at);
const char *sp_string(struct spv *s, const struct sp_ins *in, uint32_t i, uint32_t *words);

/* module level (vc_spirv_parse.c) */
vc_var_id sp_new_var(struct spv *s, vc_type_id type, enum vc_storage storage);

/* function bodies (vc_spirv_cfg.c) */
void sp_emit_entry(struct spv *s);
/* the instruction handlers emit into this block */
/* Drops the innermost function frame (also how cleanup unwinds them all). */
void sp_frame_pop(struct spv *s);
void sp_set_result(struct spv *s, const struct sp_ins *in, vc_value_id v);
void sp_emit_call(struct spv *s, struct vc_block *b, const struct sp_ins *in);

/* instructions (vc_spirv_instr.c, vc_spirv_tex.c) */
void sp_emit_instr(struct spv *s, struct vc_block *b, const struct sp_ins *in);
bool sp_emit_tex_instr(struct spv *s, struct vc_block *b, const struct sp_ins *in);
bool sp_emit_atomic(struct spv *s, struct vc_block *b, const struct sp_ins *in);
/* GLSL.std.450 instructions expanded into several IR ops (vc_spirv_ext.c) */
bool sp_emit_glsl_lowered(struct spv *s, struct vc_block *b, const struct sp_ins *in,
			  uint32_t inst);
void sp_emit_int_pair(struct spv *s, struct vc_block *b, const struct sp_ins *in);
vc_value_id sp_build(struct spv *s, struct vc_block *b, enum vc_op op, vc_type_id type,
		     const vc_value_id *srcs, unsigned n);
vc_value_id sp_build_lit(struct spv *s, struct vc_block *b, enum vc_op op, vc_type_id type,
			 const vc_value_id *srcs, unsigned n, const uint32_t *lits, unsigned nr_lits);

/* generated */
const char *vc_spirv_op_name(uint32_t op);
const char *vc_spirv_capability_name(uint32_t cap);
bool vc_spirv_op_info(uint32_t op, bool *has_result, bool *has_type);
