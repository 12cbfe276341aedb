/* SPDX-License-Identifier: MIT */
/*
 * glsl_lower's shared state. Files, by area:
 *   glsl_lower.c          entry, type and symbol maps, IR building helpers
 *   glsl_lower_io.c       interface variables, the default uniform block,
 *                         bindings, locations, the resource table
 *   glsl_lower_expr.c     expressions: references (access chains), operators
 *   glsl_lower_ctor.c     constructors and conversions
 *   glsl_lower_builtin.c  built-in function calls and the named recipes
 *   glsl_lower_stmt.c     statements and the inlining of user functions
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "glsl_lower.h"

#define LW_MAX_CHAIN 16      /* access chain indices (ES nests a few levels) */
#define LW_MAX_INSTRS (1u << 20) /* bounds inlining of hostile call trees */

/* Where a symbol's storage is: a pointer, and a constant path below it
 * (members of the default block and of anonymous blocks). */
struct lw_sym {
	const struct glsl_symbol *sym;
	vc_value_id ptr;
	int32_t member;       /* -1: none */
};

/* A reference to storage: pointer + index path, then optionally a
 * component selection of the vector reached (swizzle or dynamic index). */
struct lw_ref {
	vc_value_id base;
	vc_type_id type;                  /* IR pointee type at the end of the path */
	const struct glsl_type *gtype;    /* GLSL type at the end of the path (before swizzle) */
	enum vc_storage storage;
	uint32_t n;
	vc_value_id idx[LW_MAX_CHAIN];
	uint8_t nswz, swz[4];
	vc_value_id dyn_comp;
};

/* A sampler member path of a struct uniform (glsl_lower_opaque.c): its
 * variable, an array of `count` samplers when the path crosses arrays. */
struct lw_opaque {
	const struct glsl_symbol *sym;
	uint8_t fields[LW_MAX_CHAIN];   /* the field indices from the uniform down */
	unsigned depth;
	uint32_t count;
	vc_value_id ptr;
};

/* A parameter of an inlined function that is a struct holding samplers:
 * the argument it stands for. */
struct lw_alias {
	const struct glsl_symbol *param;
	const struct glsl_ast_node *arg;
};

enum lw_loop_kind {
	LW_LOOP,        /* a user loop */
	LW_SWITCH,      /* a switch's one-pass loop: break leaves it */
	LW_FUNCTION,    /* an inlined function's one-pass loop: return leaves it */
};

struct lw_loop {
	enum lw_loop_kind kind;
	vc_var_id flag;       /* SWITCH: continue pending; FUNCTION: returned */
	bool flag_used;
	bool ret_inside;      /* an inlined function returned from inside it */
};

/* An inlined function. */
struct lw_frame {
	const struct glsl_function *fn;
	vc_var_id ret;        /* return value, 0 for void */
	uint32_t loop_base;   /* loops[] index of its wrapper loop, UINT32_MAX if none */
};

struct lw_tcache {
	const struct glsl_type *g;
	bool expl;
	vc_type_id id;
};

struct lw_pcache {
	vc_type_id pointee, id;
	enum vc_storage storage;
};

struct lw {
	struct vc_module *m;
	const struct glsl_ast *ast;
	const struct glsl_sema_result *sema;
	const struct glsl_lower_layout *layout;   /* the linker's, or NULL */
	struct glsl_log *log;
	struct glsl_lower_result *out;
	struct vc_block *b;          /* where code goes now */
	bool failed;
	/* symbol -> storage (open addressing on the symbol pointer) */
	struct lw_sym *syms;
	uint32_t sym_cap, nr_syms;
	/* GLSL type -> IR type; pointer types */
	vc_type_id builtin_types[2][GLSL_TID_COUNT];
	struct lw_tcache *tcache;
	uint32_t nr_tcache, cap_tcache;
	struct lw_pcache *pcache;
	uint32_t nr_pcache, cap_pcache;
	/* the default uniform block */
	vc_var_id default_block;
	/* samplers held by struct uniforms */
	struct lw_opaque *opaque;
	uint32_t nr_opaque, cap_opaque;
	struct lw_alias *aliases;    /* parameters of such structs: their arguments */
	uint32_t nr_aliases, cap_aliases;
	/* control flow */
	struct lw_loop loops[64];
	uint32_t nr_loops;
	struct lw_frame frames[64];
	uint32_t nr_frames;
	vc_type_id t_bool, t_int, t_uint, t_float;
};

/* glsl_lower.c */
void lw_fail(struct lw *w, struct glsl_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
vc_type_id lw_type(struct lw *w, const struct glsl_type *t);
vc_type_id lw_type_expl(struct lw *w, const struct glsl_type *t);
vc_type_id lw_ptr_type(struct lw *w, vc_type_id pointee, enum vc_storage storage);
struct lw_sym *lw_sym_find(struct lw *w, const struct glsl_symbol *sym);
struct lw_sym *lw_sym_add(struct lw *w, const struct glsl_symbol *sym, vc_value_id ptr,
			  int32_t member);
vc_var_id lw_var(struct lw *w, vc_type_id type, enum vc_storage storage, const char *name);
/* A variable for a symbol: its type, name and precision. */
vc_var_id lw_sym_var(struct lw *w, const struct glsl_symbol *s, enum vc_storage storage);
enum vc_precision lw_precision(enum glsl_precision p);
vc_value_id lw_op(struct lw *w, enum vc_op op, vc_type_id type, const vc_value_id *srcs,
		  unsigned n);
vc_value_id lw_op1(struct lw *w, enum vc_op op, vc_type_id type, vc_value_id a);
vc_value_id lw_op2(struct lw *w, enum vc_op op, vc_type_id type, vc_value_id a, vc_value_id b);
vc_value_id lw_op3(struct lw *w, enum vc_op op, vc_type_id type, vc_value_id a, vc_value_id b,
		   vc_value_id c);
vc_value_id lw_extract(struct lw *w, vc_value_id v, uint32_t index);
vc_value_id lw_shuffle(struct lw *w, vc_value_id a, vc_value_id b, const uint8_t *sel,
		       unsigned n);
vc_value_id lw_const_u32(struct lw *w, enum vc_base base, uint32_t v);
vc_value_id lw_const_f(struct lw *w, float f);
vc_value_id lw_const_of(struct lw *w, const struct glsl_type *t, const union glsl_cval *v);
vc_value_id lw_splat(struct lw *w, vc_value_id scalar, unsigned comps);
vc_type_id lw_value_type(struct lw *w, vc_value_id v);
void lw_store(struct lw *w, vc_value_id ptr, vc_value_id v);
vc_value_id lw_load_ptr(struct lw *w, vc_value_id ptr);
void lw_store_var(struct lw *w, vc_var_id var, vc_value_id v);
vc_value_id lw_load_var(struct lw *w, vc_var_id var);
struct vc_node *lw_if(struct lw *w, vc_value_id cond);
void lw_jump(struct lw *w, enum vc_node_kind kind);

/* glsl_lower_bits.c: the ES 3.10 recipes frexp, pack/unpack*4x8, uaddCarry,
 * usubBorrow, [ui]mulExtended on the arguments' values v (out parameters:
 * out; void ones give *result 0); false: not one of them. */
bool lw_bits_recipe(struct lw *w, unsigned recipe, const struct glsl_type *rt,
		    const vc_value_id *v, const struct lw_ref *out, vc_value_id *result);

/* glsl_lower_io.c */
bool lw_declare_interface(struct lw *w);
bool lw_res_add(struct lw *w, const struct glsl_lower_res *r);

/* glsl_lower_opaque.c */
/* The variables of the samplers that uniform `s` (a struct or an array of
 * them) holds, at bindings from *binding on, and their GL resources. */
bool lw_declare_struct_samplers(struct lw *w, const struct glsl_symbol *s, uint32_t *binding);
/* 1: r refers to the sampler element n names (a member of a struct
 * uniform); 0: n is no such member; -1: failed. */
int lw_ref_struct_sampler(struct lw *w, const struct glsl_ast_node *n, struct lw_ref *r);
/* Parameter `param` of the function being inlined stands for `arg`. */
bool lw_alias_param(struct lw *w, const struct glsl_symbol *param, const struct glsl_ast_node *arg);
/* An argument whose samplers are a held path's (`s.arr`, `t[1]` of an
 * array of arrays): its parameter stands for it (lw_alias_param). */
bool lw_held_sampler_arg(struct lw *w, const struct glsl_ast_node *arg);

/* glsl_lower_atomic.c */
/* The storage buffers of the atomic counters syms[0..n-1] (one per GL
 * binding, from *binding on), their symbols and resources. */
bool lw_declare_atomics(struct lw *w, const struct glsl_symbol *const *syms, uint32_t n,
			uint32_t *binding);
/* The element of its buffer's array where counter s starts. */
vc_value_id lw_counter_index(struct lw *w, const struct glsl_symbol *s);
/* atomicCounterIncrement/Decrement/atomicCounter (recipe) on a counter. */
vc_value_id lw_counter_op(struct lw *w, unsigned recipe, const struct lw_ref *counter);

/* glsl_lower_expr.c */
vc_value_id lw_expr(struct lw *w, const struct glsl_ast_node *n);
bool lw_ref_of(struct lw *w, const struct glsl_ast_node *n, struct lw_ref *r);
vc_value_id lw_ref_load(struct lw *w, const struct lw_ref *r);
vc_value_id lw_ref_ptr(struct lw *w, const struct lw_ref *r);
/* v, the whole vector r reaches, narrowed to r's component selection */
vc_value_id lw_ref_select(struct lw *w, vc_value_id v, const struct lw_ref *r);
void lw_ref_store(struct lw *w, const struct lw_ref *r, vc_value_id v);
bool lw_has_side_effects(const struct glsl_ast_node *n);
vc_value_id lw_to_plain(struct lw *w, vc_value_id v, const struct glsl_type *t);
vc_value_id lw_compare_eq(struct lw *w, vc_value_id a, vc_value_id b, const struct glsl_type *t,
			  bool equal);

/* glsl_lower_ctor.c */
vc_value_id lw_ctor(struct lw *w, const struct glsl_ast_node *n);
vc_value_id lw_convert(struct lw *w, vc_value_id v, enum glsl_base from, enum glsl_base to,
		       unsigned comps);

/* glsl_lower_builtin.c */
vc_value_id lw_builtin_call(struct lw *w, const struct glsl_ast_node *n);

/* glsl_lower_stmt.c */
bool lw_stmt_list(struct lw *w, const struct glsl_ast_node *n);
vc_value_id lw_user_call(struct lw *w, const struct glsl_ast_node *n);
bool lw_main(struct lw *w);
