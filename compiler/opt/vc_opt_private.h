/* SPDX-License-Identifier: MIT */
/*
 * The middle end's shared state and helpers. Files, one per pass:
 *   vc_opt.c         - the pass manager (order, fixed point, VC_OPT_SKIP)
 *   vc_opt_util.c    - value replacement, walking, use counts, node removal
 *   vc_opt_eval.c    - evaluating ALU ops on constant words (for fold)
 *   vc_opt_fold.c    - constant folding, constant composites
 *   vc_opt_algebra.c - identities (x*1, x+0, !!b, constant selects...)
 *   vc_opt_vars.c    - store-to-load forwarding of variables, load reuse
 *   vc_opt_flow.c    - branches on constants, empty branches
 *   vc_opt_cse.c     - common subexpressions along the dominator tree
 *   vc_opt_products.c - matrix products reassociated, multiply-adds fused
 *   vc_opt_dce.c     - unused instructions, write-only variables, dead varyings
 *   vc_opt_unroll.c  - loops with a constant trip count become straight code
 *
 * Replacement: a pass that finds value A equal to an earlier value B records
 * A -> B (opt_replace); every walk resolves the sources of each instruction
 * before looking at it, so later instructions see B at once, and the
 * manager rewrites the whole module after each pass. A's defining
 * instruction stays until dead-code elimination drops it.
 */
#pragma once

#include "vc_opt.h"

struct opt {
	struct vc_module *m;
	const struct vc_opt_options *o;
	vc_value_id *repl;   /* per value: its replacement, or 0 */
	uint32_t cap_repl;
	uint32_t *uses;      /* per value: number of uses (opt_count_uses) */
	uint32_t nr_uses;
	bool progress;       /* a pass changed something */
};

/* replacement */
vc_value_id opt_resolve(const struct opt *o, vc_value_id v);
void opt_replace(struct opt *o, vc_value_id from, vc_value_id to);
bool opt_replaced(const struct opt *o, vc_value_id v);
void opt_rewrite_node(struct opt *o, struct vc_node *n);
void opt_rewrite_module(struct opt *o);

/* walking: calls fn for every instruction in program order, sources already resolved */
typedef void (*opt_instr_fn)(struct opt *o, struct vc_instr *in, void *ctx);
void opt_walk(struct opt *o, struct vc_block *b, opt_instr_fn fn, void *ctx);

/* uses of every value (instruction sources, branch conditions, initialisers) */
bool opt_count_uses(struct opt *o);

/* nodes */
void opt_remove_node(struct opt *o, struct vc_block *b, uint32_t i);
void opt_block_free(struct opt *o, struct vc_block *b);  /* its nodes too; b is left empty */
bool opt_splice(struct opt *o, struct vc_block *b, uint32_t i, struct vc_block *from);
bool opt_insert_node(struct opt *o, struct vc_block *b, uint32_t i, struct vc_node *n);
bool opt_op_is_pure(enum vc_op op);
/* The variable a pointer value points into, or 0. */
vc_var_id opt_ptr_var(const struct vc_module *m, vc_value_id p);
bool opt_block_ends(const struct vc_block *b);  /* ends in a jump on every path */
/* Does n store into (or atomically change) var, at any depth? */
bool opt_node_stores(const struct vc_module *m, const struct vc_node *n, vc_var_id var);

/* Same type, or leaves of the same base and width (the SPIR-V reader may
 * make one type twice). */
bool opt_same_type(const struct vc_module *m, vc_type_id a, vc_type_id b);

/* constants */
bool opt_is_const(const struct vc_module *m, vc_value_id v);
/* Word `i` of a constant, broadcast when it is a scalar used with vectors. */
uint32_t opt_const_word(const struct vc_module *m, vc_value_id v, unsigned i);
/* A constant of `type` whose every word is w. */
vc_value_id opt_const_splat(struct vc_module *m, vc_type_id type, uint32_t w);
/* Is v a constant whose every word is w (a float 1.0f: 0x3f800000)? */
bool opt_const_is(const struct vc_module *m, vc_value_id v, uint32_t w);

/* evaluation (vc_opt_eval.c): component-wise ops on 32-bit words */
bool opt_eval_op(enum vc_op op, enum vc_base base, const uint32_t *a, const uint32_t *b,
		 const uint32_t *c, uint32_t *out);

/* passes: return false when memory ran out */
bool opt_fold(struct opt *o);
bool opt_algebra(struct opt *o);
bool opt_products(struct opt *o);
bool opt_vars(struct opt *o);
bool opt_flow(struct opt *o);
bool opt_cse(struct opt *o);
bool opt_dce(struct opt *o);
bool opt_dead_outputs(struct opt *o);
bool opt_unroll(struct opt *o);
