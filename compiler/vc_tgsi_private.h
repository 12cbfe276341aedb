/* SPDX-License-Identifier: MIT */
/*
 * The TGSI emitter's shared state. Files, by instruction family:
 *   vc_tgsi_emit.c  - entry, text assembly, registers, immediates, control flow
 *   vc_tgsi_decl.c  - interface variables: inputs, outputs, system values,
 *                     constant buffers, samplers, buffers, images
 *   vc_tgsi_alu.c   - arithmetic, comparisons, conversions, matrices, composites
 *   vc_tgsi_mem.c   - variables, access chains, loads, stores, atomics
 *   vc_tgsi_tex.c   - texture sampling and queries, image load/store/atomics
 *   vc_tgsi_regalloc.c - TEMP reuse by live range, over the finished text
 *
 * Registers: every IR value gets a location per leaf (struct tg_reg: file,
 * index, swizzle). Values read straight from inputs, constants or other
 * values (extract, swizzle, bitcast) are aliases that cost no instruction;
 * everything else is written to fresh TEMP registers, which
 * vc_tgsi_regalloc.c renumbers afterwards so that values whose live ranges
 * do not overlap share one. Registers that hold state across control flow
 * (variables, loop flags) are pinned and keep a register of their own.
 * Booleans are ~0 (true) / 0 (false) in integer registers.
 */
#pragma once

#include <stdarg.h>

#include "vc_ir.h"
#include "vc_spirv_to_tgsi.h"

enum tg_file {
	TG_NONE, TG_TEMP, TG_IN, TG_OUT, TG_CONST, TG_IMM, TG_SV, TG_SAMP, TG_BUFFER,
	TG_IMAGE, TG_MEMORY, TG_ADDR,
};

struct tg_reg {
	uint8_t file;
	uint8_t swz[4];     /* source channel for x, y, z, w */
	bool neg, abs;
	bool indirect;      /* FILE[ADDR[0].x+index] */
	bool dim_indirect;  /* CONST[ADDR[1].x+dim][index] (an array of blocks) */
	uint8_t array_id;   /* TEMP arrays: (n) */
	int32_t index;
	int32_t dim;        /* CONST[dim][index]; -1 for none */
};

/* The locations of one value: one register per leaf. */
struct tg_val {
	uint32_t nr;
	struct tg_reg *slots;
	struct tg_reg one;  /* storage when nr == 1 */
};

struct tg_buf {
	char *s;
	size_t len, cap;
};

struct tg_imm {
	uint8_t type;      /* VC_BASE_FLOAT, VC_BASE_INT or VC_BASE_UINT */
	uint8_t used;
	uint32_t v[4];
};

/* Where a variable lives. */
struct tg_var {
	uint8_t file;       /* TEMP, OUT shadow (TEMP), CONST, BUFFER, MEMORY, IN, SV, ... */
	int32_t base;       /* first TEMP / IN / SV / CONST slot / MEMORY byte */
	int32_t dim;        /* CONST dimension (UBO slot), BUFFER/IMAGE/SAMP slot */
	uint8_t array_id;   /* dynamically indexed temps */
	int32_t out_index;  /* outputs: OUT[n] (shadowed in TEMP[base..]) */
	uint32_t per_vertex; /* GS inputs: leaves per vertex (leaf i is IN[i / n][base + i % n]) */
	uint32_t in_leaves;  /* GS inputs: the leading leaves of a vertex declared */
	bool packed;        /* tessellation levels: leaf i is channel i of one register */
	bool patch;         /* a TCS per-patch output: stores go to OUT at once */
	uint8_t clip_offset; /* gl_CullDistance: its first channel of CLIPDIST (vc_tgsi_clip.c) */
	bool declared;
};

/* A resolved pointer: variable + constant part + dynamic terms. */
struct tg_ptr {
	vc_var_id var;
	vc_type_id type;     /* pointee */
	uint32_t offset;     /* leaves (register files) or bytes (memory files) */
	uint32_t nr_dyn;
	vc_value_id dyn[8];  /* index values */
	uint32_t mul[8];     /* leaves or bytes per index unit */
	int32_t comp;        /* component of a vector, -1 if whole */
	vc_value_id dyn_comp; /* dynamic component of a vector */
	uint32_t mstride;    /* matrix stride of the enclosing member (explicit layouts) */
	bool row_major;
	uint32_t cstride;    /* bytes between the components of the vector reached */
	uint32_t block;      /* element of an array of blocks: CONST/BUFFER slot dim + block */
	vc_value_id dyn_block;   /* a dynamic index into the array of blocks; 0 if none */
	uint32_t dyn_block_mul;  /* blocks per unit of it (arrays of arrays) */
	vc_value_id vertex;  /* TCS per-vertex output: the vertex index dropped; 0 if none */
};

struct tg_loop {
	bool wrapped;        /* continue lowered through an inner loop */
	struct tg_reg flag;  /* set when the body breaks the outer loop */
};

struct tg {
	const struct vc_module *m;
	enum vc_stage stage;
	struct vc_slot_map map;
	struct vc_shader_info *info;
	struct tg_buf decl, code, log;
	bool failed;
	int depth;              /* indentation */
	uint32_t nr_temps;
	uint32_t var_temps;     /* TEMP[array_temps..var_temps-1] hold variables */
	uint32_t *pinned;       /* other TEMPs that must keep their own register */
	uint32_t nr_pinned, cap_pinned;
	bool regalloc;          /* renumber TEMPs by live range (tg_regalloc) */
	bool remove_copies;     /* and drop variable load/store copies first */
	struct tg_imm *imms;
	uint32_t nr_imms, cap_imms;
	struct tg_val *vals;    /* per IR value */
	struct tg_ptr **ptrs;   /* per IR value: pointer values */
	struct tg_var *vars;    /* per IR variable */
	uint8_t *dynamic;       /* per IR variable: indexed with a non-constant */
	uint8_t *written;       /* per IR variable: stored to somewhere */
	uint8_t *read;          /* per IR variable: read (loaded, or its pointer used) */
	uint32_t nr_in, nr_out, nr_sv, nr_arrays;
	const char *sv_names[32];  /* SV[i] semantics, declared once each */
	uint32_t array_temps;      /* TEMP[0..array_temps-1] are ARRAY()s */
	uint32_t const_size[33];  /* vec4 count declared per CONST dimension */
	uint32_t samp_decl[4], image_decl[4], buffer_decl[4];
	uint8_t nr_addr;        /* ADDR[0..nr_addr-1] used */
	bool memory_declared;
	bool ubo_dyn, ssbo_dyn; /* a block array indexed dynamically: slots made contiguous */
	uint32_t shared_size;
	struct tg_loop loops[64];
	uint32_t nr_loops;
	enum vc_advanced_blend advanced_blend; /* fragment: colour output 0's equation */
	/* CLIPDIST registers declared from OUT/IN[clip_reg] (vc_tgsi_clip.c) */
	bool clip_declared;
	uint32_t clip_reg;
	uint32_t clip_disabled;  /* gl_ClipDistance[i] written as 0 (vc_tgsi_variant) */
	uint32_t blend_equations; /* fragment: FS_BLEND_EQUATION_ADVANCED's mask, the host's blending */
};

/* errors */
void tg_fail(struct tg *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* text */
void tg_printf(struct tg_buf *b, bool *failed, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void tg_line(struct tg *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void tg_decl(struct tg *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* registers */
struct tg_reg tg_temp(struct tg *t);
struct tg_reg tg_temps(struct tg *t, uint32_t n);      /* n consecutive */
/* A TEMP that carries state across control flow: never shared. */
struct tg_reg tg_temp_pinned(struct tg *t);
/* Renumbers the TEMPs of the finished code by live range (vc_tgsi_regalloc.c). */
void tg_regalloc(struct tg *t);
struct tg_reg tg_swizzle(struct tg_reg r, unsigned a, unsigned b, unsigned c, unsigned d);
struct tg_reg tg_comp(struct tg_reg r, unsigned c);    /* broadcast one channel */
struct tg_reg tg_neg(struct tg_reg r);
struct tg_reg tg_abs(struct tg_reg r);
struct tg_reg tg_imm_u32(struct tg *t, uint32_t v);
struct tg_reg tg_imm_f32(struct tg *t, float v);
struct tg_reg tg_imm_vec(struct tg *t, enum vc_base base, const uint32_t *v, unsigned n);
const char *tg_mask(unsigned n);                      /* ".x", ".xy", ".xyz", "" */
/* "OP dst.mask, src..." with the sources' swizzles; mask "" = all */
void tg_op(struct tg *t, const char *op, struct tg_reg dst, const char *mask,
	   const struct tg_reg *srcs, unsigned n);
void tg_op1(struct tg *t, const char *op, struct tg_reg dst, const char *mask, struct tg_reg a);
void tg_op2(struct tg *t, const char *op, struct tg_reg dst, const char *mask, struct tg_reg a,
	    struct tg_reg b);
void tg_op3(struct tg *t, const char *op, struct tg_reg dst, const char *mask, struct tg_reg a,
	    struct tg_reg b, struct tg_reg c);
/* Leaf `leaf` of an input whose leaves start at IN[base] (2D for GS inputs). */
struct tg_reg tg_input_reg(const struct tg_var *tv, int32_t base, uint32_t leaf);
void tg_fmt_reg(struct tg *t, char *out, size_t size, struct tg_reg r, bool dst);
/* Loads ADDR[0].x from an integer register. */
void tg_load_addr(struct tg *t, struct tg_reg index);
/* UARL ADDR[n].x (n 1: a dynamically indexed block's CONST dimension) */
void tg_load_addr_n(struct tg *t, unsigned n, struct tg_reg index);

/* values */
struct tg_reg tg_src(struct tg *t, vc_value_id v);               /* a leaf value */
struct tg_reg tg_src_slot(struct tg *t, vc_value_id v, uint32_t slot);
uint32_t tg_nr_slots(struct tg *t, vc_value_id v);
void tg_set(struct tg *t, vc_value_id v, struct tg_reg r);       /* leaf result */
void tg_set_slots(struct tg *t, vc_value_id v, const struct tg_reg *r, uint32_t n);
unsigned tg_comps(struct tg *t, vc_value_id v);                 /* leaf components */
bool tg_value_is_const(struct tg *t, vc_value_id v, uint32_t *word);

/* families */
bool tg_emit_alu(struct tg *t, const struct vc_instr *in);
bool tg_emit_composite(struct tg *t, const struct vc_instr *in);
bool tg_emit_matrix(struct tg *t, const struct vc_instr *in);
bool tg_emit_mem(struct tg *t, const struct vc_instr *in);
bool tg_emit_tex(struct tg *t, const struct vc_instr *in);
bool tg_emit_builtin(struct tg *t, const struct vc_instr *in);  /* vc_tgsi_builtin.c */
void tg_emit_output_copies(struct tg *t);
/* vc_tgsi_blend.c: out = src blended with the framebuffer by t->advanced_blend. */
void tg_emit_advanced_blend(struct tg *t, struct tg_reg src, struct tg_reg out);

/* tessellation stages (vc_tgsi_tess.c) */
bool tg_tess_per_vertex_output(const struct tg *t, vc_var_id id);
/* gl_out (its first leaf is gl_Position), which is declared first */
bool tg_tess_position_output(const struct tg *t, vc_var_id id);
bool tg_tess_per_vertex_input(const struct tg *t, const struct vc_var *v);
/* A control shader's read of a per-vertex output at a vertex other than
 * gl_InvocationID (into dest), and the shadows written to OUT at barrier(). */
void tg_tess_load_other_vertex(struct tg *t, const struct tg_ptr *p, vc_value_id dest);
void tg_tess_barrier(struct tg *t);
bool tg_tess_other_vertex(struct tg *t, const struct tg_ptr *p);
/* A control shader's read of a per-patch output (from OUT: another
 * invocation's store before a barrier() is there). */
bool tg_tess_patch_out_read(const struct tg *t, const struct tg_ptr *p);
void tg_tess_load_patch_out(struct tg *t, const struct tg_ptr *p, vc_value_id dest);
void tg_tess_properties(struct tg *t, struct tg_buf *b);
bool tg_tess_declare_sv(struct tg *t, struct tg_var *tv, const struct vc_var *v);
bool tg_tess_declare_patch_input(struct tg *t, const struct vc_var *v, uint32_t leaves,
				 int32_t *first);
bool tg_tess_declare_patch_output(struct tg *t, struct tg_var *tv, const struct vc_var *v,
				  uint32_t leaves);
void tg_tess_copy_leaf(struct tg *t, const struct tg_var *tv, uint32_t leaf);
void tg_tess_store_done(struct tg *t, const struct tg_ptr *p, uint32_t n);

/* declarations (vc_tgsi_decl.c) */
void tg_declare_vars(struct tg *t);

/* vc_tgsi_clip.c: gl_ClipDistance and gl_CullDistance in CLIPDIST */
bool tg_clip_builtin(enum vc_builtin b);
void tg_clip_declare_output(struct tg *t, struct tg_var *tv, const struct vc_var *v);
void tg_clip_declare_input(struct tg *t, struct tg_var *tv, const struct vc_var *v);
void tg_clip_copy_output(struct tg *t, const struct tg_var *tv, const struct vc_var *v);
void tg_clip_properties(struct tg *t, struct tg_buf *b);
int tg_resource_slot(struct tg *t, vc_var_id var, uint32_t index, enum vc_descriptor_kind kind);
struct tg_reg tg_sv(struct tg *t, const char *semantic, unsigned comps);

/* memory layout (vc_tgsi_mem.c): explicit (block) or implicit (shared) */
uint32_t tg_type_size(struct tg *t, vc_type_id ty, bool explicit_layout);
const char *tg_target(const struct vc_image_desc *d, bool shadow_variant);
const char *tg_pipe_format(enum vc_format f);
