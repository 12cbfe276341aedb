/* SPDX-License-Identifier: MIT */
/* Semantic analysis: the state shared by glsl_sema_*.c and glsl_const_fold.c. */
#pragma once

#include <stdbool.h>

#include "glsl_sema.h"
#include "glsl_builtins_table.h"
#include "glsl_symtab.h"

struct glsl_sema {
	struct glsl_ast *ast;
	const struct glsl_token_stream *toks;
	struct glsl_arena *arena;
	struct glsl_log *log;
	struct glsl_sema_options opts;
	struct glsl_sema_result *res;
	struct glsl_symtab syms;
	enum glsl_stage stage;
	enum glsl_es_version version;
	uint32_t bi_exts;              /* built-ins' extension mask (glsl_builtins.h) */
	bool implicit_conversions;     /* GL_EXT_shader_implicit_conversions (glsl_sema_convert.c) */
	bool gpu_shader5;              /* GL_EXT_gpu_shader5 enabled (3.10) */
	bool failed;                   /* an error: the statement or declaration unwinds */
	unsigned errors;               /* reported, <= GLSL_SEMA_MAX_ERRORS */
	uint8_t *poisoned;             /* by ident id: a declaration of the name failed */
	/* default precision per built-in type id, for the current scope */
	uint8_t prec[GLSL_TID_COUNT];
	struct glsl_prec_save *prec_saved;
	/* default block layout (`layout(...) uniform;`) */
	enum glsl_block_packing packing;
	enum glsl_matrix_layout matrix_layout;
	/* the defaults of buffer blocks (`layout(std430) buffer;`, ES 3.10) */
	enum glsl_block_packing buffer_packing;
	enum glsl_matrix_layout buffer_matrix_layout;
	/* the function being analysed */
	struct glsl_function *fn;
	struct glsl_function *last_fn;
	unsigned loop_depth;
	unsigned branch_depth;         /* if and switch statements around the statement */
	bool returned;                 /* a return statement came before, in this function */
	bool seen_decl;                /* for `invariant` redeclaration order */
	/* built-in variables made into symbols, by bi row */
	struct glsl_symbol *bi_syms[GLSL_BI_NR_VARS]; /* per glsl_bi_vars row */
	struct glsl_loc frag_color_loc, frag_data_loc;
	uint32_t nr_fs_outputs, nr_fs_outputs_located;
	struct glsl_loc fs_output_loc;
	struct glsl_symbol *dup_uniform;   /* a redeclared uniform (declarator) */
	struct glsl_atomic_span *atomic_spans;   /* glsl_sema_atomic.c, newest first */
	/* geometry: the length of the sized inputs declared before the input
	 * primitive (0: none), which the primitive must agree with */
	uint32_t gs_sized_inputs;
	struct glsl_loc gs_sized_loc;
	/* the expression being analysed is written, not read (an assignment's
	 * left side, .length()'s object): writeonly buffer members may be there */
	bool no_read;
	/* tessellation control: the length of the sized outputs declared
	 * before `vertices` (0: none), which it must agree with */
	uint32_t tess_sized_outputs;
	/* EXT_clip_cull_distance: [0] gl_ClipDistance, [1] gl_CullDistance */
	struct glsl_sema_clip {
		uint32_t used;      /* 1 + the highest constant index used */
		uint32_t declared;  /* the redeclaration's size, 0 if none */
		bool dynamic;       /* indexed with a non-constant expression */
		struct glsl_loc loc;
	} clip[2];
};

/* Precision statements are rare inside functions, so a scope saves the
 * default-precision table only when it changes it; leaving the scope
 * restores it. */
struct glsl_prec_save {
	struct glsl_prec_save *prev;
	uint32_t depth;
	uint8_t prec[GLSL_TID_COUNT];
};


/* glsl_sema_clip.c: EXT_clip_cull_distance's sizes. An index of the
 * arrays is noted; a global declaration of one of their names is its
 * redeclaration; the unit's end sizes them and checks their total. */
void glsl_sema_clip_index(struct glsl_sema *s, const struct glsl_ast_node *n);
bool glsl_sema_clip_named(struct glsl_sema *s, uint32_t name);
bool glsl_sema_clip_redeclare(struct glsl_sema *s, const struct glsl_ast_qual *q,
			      const struct glsl_type *t, struct glsl_ast_declarator *d);
bool glsl_sema_clip_finish(struct glsl_sema *s);

/* glsl_sema_geometry.c: EXT_geometry_shader's rules. The stage needs ES 3.10
 * and the extension; `layout(...) in;` / `out;` of a geometry shader; a
 * per-vertex input's array size (an unsized one gets the primitive's
 * vertex count; *is_unsized is cleared then); gl_in's type. */
bool glsl_sema_gs_stage_ok(struct glsl_sema *s);
bool glsl_sema_gs_layout(struct glsl_sema *s, const struct glsl_ast_qual *q);
bool glsl_sema_gs_input(struct glsl_sema *s, struct glsl_symbol *v, bool *is_unsized,
			struct glsl_loc loc);
const struct glsl_type *glsl_sema_gl_in_type(struct glsl_sema *s, const struct glsl_type *elem);
/* gl_in named before the input primitive: reports it, true. */
bool glsl_sema_gl_in_early(struct glsl_sema *s, const char *name, struct glsl_loc loc);

/* glsl_sema_tess.c: EXT_tessellation_shader's rules. The stages need ES
 * 3.10 and the extension; their `layout(...) in;` / `out;`; `patch` and the
 * per-vertex arrays of a declared in or out (an unsized one gets its
 * length; *is_unsized is cleared then); gl_in's and gl_out's types. */
bool glsl_sema_tess_stage_ok(struct glsl_sema *s);
bool glsl_sema_tess_layout(struct glsl_sema *s, const struct glsl_ast_qual *q);
bool glsl_sema_tess_io(struct glsl_sema *s, const struct glsl_ast_qual *q, struct glsl_symbol *v,
		       bool *is_unsized, struct glsl_loc loc);
const struct glsl_type *glsl_sema_tess_block_type(struct glsl_sema *s, const struct glsl_type *elem,
						  bool out);
/* A varying's type per vertex: the element of a tessellation stage's
 * per-vertex array, else its type. */
const struct glsl_type *glsl_sema_tess_vertex_type(const struct glsl_sema *s,
						   const struct glsl_symbol *v);
/* A control shader's per-vertex output (gl_out, a user `out` array) is
 * written at [gl_InvocationID] only: false (reported) for lvalue n, of
 * variable v, written otherwise. */
bool glsl_sema_tess_lvalue(struct glsl_sema *s, const struct glsl_ast_node *n,
			   const struct glsl_symbol *v);
/* gl_out[i] in a control shader: i must be gl_InvocationID (virglrenderer
 * reads another invocation's built-in outputs as its own); false (reported)
 * otherwise. */
bool glsl_sema_tess_gl_out_index(struct glsl_sema *s, const struct glsl_ast_node *n);
/* barrier() in a control shader: in main(), outside control flow, before
 * any return; false (reported) otherwise. */
bool glsl_sema_tess_barrier(struct glsl_sema *s, struct glsl_loc loc);
/* gl_out named before `vertices`: reports it, true. */
bool glsl_sema_gl_out_early(struct glsl_sema *s, const char *name, struct glsl_loc loc);

/* glsl_sema.c: errors, memory, names, types */
/* glsl_sema_atomic.c: an atomic counter uniform's binding and offset (and
 * `offset` refused on anything else); false with the error given. */
bool glsl_sema_atomic_counter(struct glsl_sema *s, const struct glsl_ast_qual *q,
			      struct glsl_symbol *v, struct glsl_loc loc);
/* `layout(binding = N, offset = M) uniform atomic_uint;`: where binding N's
 * next counter without an offset goes; false with the error given. */
bool glsl_sema_atomic_default(struct glsl_sema *s, const struct glsl_ast_qual *q);
void glsl_sema_error(struct glsl_sema *s, struct glsl_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void glsl_sema_warning(struct glsl_sema *s, struct glsl_loc loc, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void *glsl_sema_alloc(struct glsl_sema *s, size_t size);
/* After a failed statement or external declaration: stop unwinding and go
 * on, or false when analysis should end (error cap, out of memory). */
bool glsl_sema_recover(struct glsl_sema *s);
/* Remembers the names a failed declaration (DECL, FUNCTION, BLOCK node)
 * would have declared. */
void glsl_sema_poison(struct glsl_sema *s, const struct glsl_ast_node *n);
/* True, and the expression fails without a message, when name is missing
 * because its declaration failed: that error already covered it. */
bool glsl_sema_poisoned(struct glsl_sema *s, uint32_t name);
const char *glsl_sema_name(const struct glsl_sema *s, uint32_t id);
/* "vec4", "float[2]", "struct S" into a rotating static-free buffer of s. */
const char *glsl_sema_tname(const struct glsl_type *t, char *buf, size_t size);
const struct glsl_type *glsl_sema_array_of(struct glsl_sema *s, const struct glsl_type *elem,
					   uint32_t length);
const struct glsl_type *glsl_sema_tok_type(enum glsl_tok tok, enum glsl_es_version v);
enum glsl_precision glsl_sema_prec_of_tok(unsigned tok);
enum glsl_precision glsl_sema_default_prec(const struct glsl_sema *s, const struct glsl_type *t);
struct glsl_scope_mark glsl_sema_push(struct glsl_sema *s);
/* Sets a default precision in the current scope. */
bool glsl_sema_set_default_prec(struct glsl_sema *s, enum glsl_type_id id, enum glsl_precision p);
void glsl_sema_pop(struct glsl_sema *s, struct glsl_scope_mark m);
/* The type a specifier names (struct definitions are declared here);
 * NULL after an error. */
const struct glsl_type *glsl_sema_type_spec(struct glsl_sema *s, struct glsl_ast_type *t);
/* A constant positive array size; 0 after an error. */
uint32_t glsl_sema_array_size(struct glsl_sema *s, struct glsl_ast_node *size);
/* t made an array of arrays by dims (3.10), unsized dims as length 0. */
const struct glsl_type *glsl_sema_dims(struct glsl_sema *s, const struct glsl_type *t,
				       const struct glsl_ast_dim *d);
/* Name rules for a new declaration (gl_ prefix, __, redeclaration in scope). */
bool glsl_sema_check_new_name(struct glsl_sema *s, uint32_t name, struct glsl_loc loc);
struct glsl_symbol *glsl_sema_new_symbol(struct glsl_sema *s, enum glsl_sym_kind kind,
					 uint32_t name, struct glsl_loc loc);

/* glsl_sema_decl.c */
bool glsl_sema_external(struct glsl_sema *s, struct glsl_ast_node *n);
bool glsl_sema_local_decl(struct glsl_sema *s, struct glsl_ast_node *n);
bool glsl_sema_precision_stmt(struct glsl_sema *s, struct glsl_ast_node *n);
bool glsl_sema_finish_unit(struct glsl_sema *s);

/* glsl_sema_decl.c, for glsl_sema_ioblock.c: a declarator's type; the
 * interpolation, precision and type rules of an in or out variable (its
 * storage and type set); a global for the lowering. */
const struct glsl_type *glsl_sema_var_type(struct glsl_sema *s, const struct glsl_type *t,
					   struct glsl_ast_declarator *d);
bool glsl_sema_io_var_rules(struct glsl_sema *s, const struct glsl_ast_fulltype *ft,
			    struct glsl_symbol *v, struct glsl_loc loc);
bool glsl_sema_add_global(struct glsl_sema *s, struct glsl_symbol *v);

/* glsl_sema_ioblock.c: EXT_shader_io_blocks. An `in` or `out` block is
 * declared as one variable per member; `inst.member` and `inst[i].member`
 * become those variables (the FIELD node is rewritten): 1 when n was such
 * an access (0 after an error), -1 when it is not one. */
bool glsl_sema_io_block(struct glsl_sema *s, struct glsl_ast_node *n);
int glsl_sema_io_field(struct glsl_sema *s, struct glsl_ast_node *n);
/* The expression node n names v (an IDENT with GLSL_AST_F_BOUND). */
bool glsl_sema_bind_var(struct glsl_sema *s, struct glsl_ast_node *n, struct glsl_symbol *v);

/* glsl_sema_expr.c */
/* glsl_sema_expr with n's value not read (no_read; see struct glsl_sema). */
bool glsl_sema_expr_unread(struct glsl_sema *s, struct glsl_ast_node *n, bool unread);
/* A variable, block member or built-in variable by name; NULL if none. */
struct glsl_symbol *glsl_sema_lookup_var(struct glsl_sema *s, uint32_t name);
/* Types n (and its operands); false after an error. */
bool glsl_sema_expr(struct glsl_sema *s, struct glsl_ast_node *n);
/* n must be an l-value: assignable, not read-only; what names the use. */
bool glsl_sema_lvalue(struct glsl_sema *s, struct glsl_ast_node *n, const char *what);
struct glsl_sema_expr *glsl_sema_annot(struct glsl_sema *s, struct glsl_ast_node *n,
				       const struct glsl_type *t, enum glsl_precision p);
bool glsl_sema_is_bool_scalar(const struct glsl_ast_node *n);

/* glsl_sema_convert.c: implicit conversions */
#define GLSL_GPU_SHADER5_EXT "GL_EXT_gpu_shader5"
/* OES_gpu_shader5: the same extension under the OES name */
#define GLSL_GPU_SHADER5_OES "GL_OES_gpu_shader5"
/* Whether the unit's #extension enabled (require, enable, warn) the extension. */
bool glsl_sema_ext_enabled(const struct glsl_token_stream *toks, const char *name);
/* Whether a unit of version v enabled GL_EXT_shader_implicit_conversions
 * (or GL_EXT_gpu_shader5, which has them too). */
bool glsl_sema_implicit_enabled(const struct glsl_token_stream *toks, enum glsl_es_version v);
/* Whether a value of type `from` converts implicitly to `to` here. */
bool glsl_sema_implicit_ok(const struct glsl_sema *s, const struct glsl_type *from,
			   const struct glsl_type *to);
/* *slot's value as type `to`: true when it already is, or a conversion node
 * now replaces it; false when no implicit conversion leads there. */
bool glsl_sema_convert(struct glsl_sema *s, struct glsl_ast_node **slot,
		       const struct glsl_type *to);
/* Two operands of an operator brought to a common base type where they
 * convert (int + float: the int becomes a float); unchanged otherwise. */
void glsl_sema_unify_operands(struct glsl_sema *s, struct glsl_ast_node **l,
			      struct glsl_ast_node **r);

/* glsl_sema_call.c */
bool glsl_sema_call(struct glsl_sema *s, struct glsl_ast_node *n);
bool glsl_sema_method(struct glsl_sema *s, struct glsl_ast_node *n);
bool glsl_sema_add_callee(struct glsl_sema *s, struct glsl_function *callee);

/* glsl_sema_stmt.c */
bool glsl_sema_function_body(struct glsl_sema *s, struct glsl_function *fn,
			     struct glsl_ast_function *f);
/* Recursion through the call graph (ES forbids it, even via prototypes). */
bool glsl_sema_check_recursion(struct glsl_sema *s);

/* glsl_const_fold.c */
union glsl_cval *glsl_const_alloc(struct glsl_sema *s, const struct glsl_type *t);
/* Fold an operator on constant operands; NULL when it cannot be folded
 * (the caller already checked the types). */
const union glsl_cval *glsl_fold_unary(struct glsl_sema *s, enum glsl_tok op,
				       const struct glsl_type *t, const union glsl_cval *a);
const union glsl_cval *glsl_fold_binary(struct glsl_sema *s, enum glsl_tok op,
					const struct glsl_type *rt, const struct glsl_type *ta,
					const union glsl_cval *a, const struct glsl_type *tb,
					const union glsl_cval *b);
/* A constructor of type t from the constant arguments. */
const union glsl_cval *glsl_fold_ctor(struct glsl_sema *s, const struct glsl_type *t,
				      struct glsl_ast_node *args);
/* A built-in call on constant arguments; NULL when not foldable. */
const union glsl_cval *glsl_fold_builtin(struct glsl_sema *s, const struct glsl_bi_fn *fn,
					 struct glsl_ast_node *args);
/* Comparing two constants of type t (== on aggregates). */
bool glsl_const_equal(const struct glsl_type *t, const union glsl_cval *a,
		      const union glsl_cval *b);
/* Division by zero and other folding diagnostics go through s. */
