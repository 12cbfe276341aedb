/* SPDX-License-Identifier: MIT */
/*
 * glsl_sema: semantic analysis of a GLSL ES 1.00 / 3.00 / 3.10 syntax tree.
 *
 * It resolves names through scopes, types every expression with the ES rules
 * (no implicit conversions), folds constant expressions, applies the
 * qualifier, precision, interface-block, switch and per-stage rules, and
 * forbids recursion. Errors read "0:LINE(COL): error: ..."; after one, the
 * statement or external declaration it is in is abandoned and analysis goes
 * on with the next, up to GLSL_SEMA_MAX_ERRORS. Names whose declaration
 * failed are not reported again where they are used.
 *
 * The result is the same tree, annotated in place (a typed AST), because the
 * lowering to vc_ir.h walks the tree anyway and then finds everything it
 * needs on the node it is looking at, with no side-table lookups:
 *
 *   expression nodes     node->sema: type + precision, constant value (if the
 *                        expression is a constant expression), what a name,
 *                        field or call resolved to (struct glsl_sema_expr)
 *   declarators          decl->sym: the variable (struct glsl_symbol)
 *   functions            func->fn: the function, with its parameters' symbols
 *   interface blocks     block->sym: the instance (or the block, anonymous)
 *   DECL, PRECISION ...  nothing: the declarators and types carry it
 *
 * Everything lives in the compile's arena. Types are glsl_types.h types
 * (built-ins interned, arrays and structs allocated here), precision is kept
 * beside them (struct glsl_ptype). Constant values are flat arrays of 32-bit
 * components in the type's component order (columns of matrices, then array
 * elements, then struct members), bools as 0/1.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "glsl_arena.h"
#include "glsl_ast.h"
#include "glsl_builtins.h"
#include "glsl_log.h"
#include "glsl_pp.h"
#include "glsl_types.h"

/* One scalar component of a constant. */
union glsl_cval {
	float f;
	int32_t i;
	uint32_t u;   /* uint, and bool as 0/1 */
};

enum glsl_sym_kind {
	GLSL_SYM_VAR,         /* variables, parameters, built-in variables, block instances */
	GLSL_SYM_CONST_BI,    /* built-in constants (gl_MaxDrawBuffers ...) */
	GLSL_SYM_TYPE,        /* a struct name */
	GLSL_SYM_FUNC,        /* the user functions of a name (overloads in fn) */
	GLSL_SYM_BLOCK_FIELD, /* a member of an anonymous uniform block */
	GLSL_SYM_BLOCK,       /* a uniform block's name (it shares the global name space) */
};

/* Storage of a variable after the version's spelling is normalised:
 * `attribute` is IN (VS), `varying` OUT (VS) or IN (FS). */
enum glsl_storage {
	GLSL_STORAGE_LOCAL,
	GLSL_STORAGE_GLOBAL,      /* a global without storage qualifier */
	GLSL_STORAGE_CONST,
	GLSL_STORAGE_IN,          /* shader input */
	GLSL_STORAGE_OUT,         /* shader output */
	GLSL_STORAGE_UNIFORM,
	GLSL_STORAGE_PARAM_IN,
	GLSL_STORAGE_PARAM_OUT,
	GLSL_STORAGE_PARAM_INOUT,
	GLSL_STORAGE_BUFFER,      /* a buffer block's instance (ES 3.10) */
	GLSL_STORAGE_SHARED,      /* compute workgroup memory (ES 3.10) */
};

enum glsl_interp {
	GLSL_INTERP_DEFAULT,
	GLSL_INTERP_SMOOTH,
	GLSL_INTERP_FLAT,
};

struct glsl_function;

struct glsl_symbol {
	enum glsl_sym_kind kind;
	uint32_t name;                 /* ident id; GLSL_AST_NO_NAME for built-ins */
	const char *cname;             /* the name as text */
	struct glsl_loc loc;
	struct glsl_ptype type;
	enum glsl_storage storage;
	enum glsl_interp interp;
	bool centroid, invariant;
	bool sample;                   /* OES_shader_multisample_interpolation's qualifier */
	bool patch;                    /* a tessellation stage's per-patch varying */
	bool read_only;                /* const, in, uniform, const params */
	bool used;                     /* referenced by an expression */
	bool written;
	bool loop_index;               /* Appendix A: a for loop's index, in its body */
	int32_t location;              /* layout(location); -1 when none */
	int32_t binding;               /* layout(binding) (ES 3.10); -1 when none */
	uint32_t atomic_offset;        /* atomic counters: bytes into the binding's buffer */
	uint32_t memory;               /* GLSL_Q_READONLY ... of a buffer block or an image */
	uint8_t format;                /* images: layout(rgba8...), enum vc_format */
	const union glsl_cval *value;  /* const variables: the folded initializer */
	const struct glsl_bi_var *builtin;   /* built-in variables and constants */
	const struct glsl_type *block;       /* BLOCK_FIELD: the block; field = index */
	struct glsl_symbol *block_sym;       /* BLOCK_FIELD: the block's symbol */
	uint32_t field;
	struct glsl_function *fn;      /* FUNC: the first overload */
	/* in and out blocks (EXT_shader_io_blocks) are their members' variables,
	 * named "Block.member" (what stages match by); a member of a block
	 * without instance name is "member" in the program interface (api_name).
	 * The instance (or, unnamed, a symbol of the block) lists them. */
	const char *api_name;
	struct glsl_symbol **io_members;
	bool io_arrayed;               /* a member made an array over an array of blocks */
	/* symbol table links */
	struct glsl_symbol *shadow;    /* the binding of the same name further out */
	struct glsl_symbol *prev;      /* the previously declared symbol (scope undo) */
	uint32_t depth;                /* scope depth, 0 = global */
};

/* One user function (an overload); prototypes and the definition share it. */
struct glsl_function {
	struct glsl_function *next_overload;
	struct glsl_function *next;    /* all functions, in declaration order */
	struct glsl_ast_function *def; /* the definition, NULL if only declared */
	struct glsl_ast_function *decl;/* the first declaration */
	const char *cname;
	uint32_t name;
	struct glsl_ptype ret;
	uint32_t nr_params;
	const struct glsl_type **param_types;
	uint8_t *param_storage;        /* enum glsl_storage (PARAM_*) */
	struct glsl_symbol **params;   /* of the definition; NULL entries when unnamed */
	/* call graph: functions called by the definition */
	struct glsl_function **callees;
	uint32_t nr_callees, cap_callees;
	uint32_t index;
	uint8_t visit;                 /* recursion check */
	bool is_main;
};

/* What an expression resolved to (struct glsl_sema_expr.what). */
enum glsl_sema_what {
	GLSL_SX_VALUE,       /* literals, operators */
	GLSL_SX_VAR,         /* IDENT: var */
	GLSL_SX_MEMBER,      /* FIELD of a struct or block instance: field */
	GLSL_SX_SWIZZLE,     /* FIELD of a vector: swizzle[0 .. count) */
	GLSL_SX_CALL,        /* CALL of a user function: fn */
	GLSL_SX_BUILTIN,     /* CALL of a built-in function: bi */
	GLSL_SX_CTOR,        /* CALL constructing type.type */
	GLSL_SX_LENGTH,      /* METHOD .length() (constant but for unsized arrays, 3.10) */
};

struct glsl_sema_expr {
	struct glsl_ptype type;
	const union glsl_cval *value;  /* non-NULL: a constant expression's value */
	uint8_t what;                  /* enum glsl_sema_what */
	uint8_t count;                 /* SWIZZLE */
	uint8_t swizzle[4];
	bool lvalue;                   /* assignable */
	uint32_t field;                /* MEMBER */
	union {
		struct glsl_symbol *var;
		struct glsl_function *fn;
		const struct glsl_bi_fn *bi;
	} u;
};

struct glsl_sema_options {
	/* ES 1.00 shaders held to Appendix A's minimum (off by default, as in
	 * Mesa; an implementation may accept more): only `for` loops, of the
	 * form `for (int|float i = const; i relop const; i++ / i-- / i += const
	 * / i -= const)` with i left alone in the body (no assignment, no
	 * out/inout argument) (§4); arrays of samplers, and uniform arrays in a
	 * fragment shader, indexed by constant-index-expressions, i.e. constant
	 * expressions and loop indices (§5). ES 3.00 shaders are not affected. */
	bool appendix_a;
	/* The name a caller gave the shader's main() when it wraps it in a main
	 * of its own (the GL layer's vertex wrapper): checked as main is, so
	 * `float main()` still fails. NULL: none. */
	const char *renamed_main;
	/* The device's gl_Max... values (zero fields: the spec's minimums). */
	struct glsl_builtin_limits limits;
};

/* What the lowering needs beyond the tree. */
struct glsl_sema_result {
	enum glsl_stage stage;
	unsigned version;
	struct glsl_symbol **globals;    /* user globals and used built-ins, in order */
	uint32_t nr_globals;
	struct glsl_function *functions; /* in declaration order */
	struct glsl_function *main;
	bool uses_frag_color, uses_frag_data, uses_discard;
	bool has_local_size;             /* compute: layout(local_size_...) in; was given */
	bool early_fragment_tests;       /* fragment: layout(early_fragment_tests) in; */
	uint32_t local_size[3];
	/* geometry: layout(prim, invocations) in; layout(prim, max_vertices) out;
	 * (GLSL_PRIM_NONE / has_max_vertices false: not declared) */
	uint8_t gs_input, gs_output;     /* enum glsl_prim */
	bool has_max_vertices;
	uint32_t gs_max_vertices;
	uint32_t gs_invocations;         /* 0: not declared (one invocation) */
	/* tessellation: layout(vertices = N) out; (0: not declared) and
	 * layout(domain, spacing, order, point_mode) in; (domain 0: not
	 * declared; else enum vc_prim's TRIANGLES or LINES, or VC_TESS_QUADS) */
	uint32_t tess_vertices;
	uint8_t tess_domain, tess_spacing;  /* enum vc_tess_spacing */
	bool tess_cw, tess_point_mode;
	bool invariant_all;
	/* fragment: the equations of layout(blend_support_...) out;
	 * (KHR_blend_equation_advanced; bit e = enum vc_advanced_blend e) */
	uint32_t blend_support;
	/* in and out blocks (EXT_shader_io_blocks): their instances (symbols of
	 * their own when unnamed), which the linker matches by block name */
	struct glsl_symbol **io_blocks;
	uint32_t nr_io_blocks;
};

/* Errors reported per compile; past it analysis stops. */
#define GLSL_SEMA_MAX_ERRORS 20u

/* 0 on success (*out set), -1 on an error (the log says which). The result
 * and the annotations live in arena; ast is annotated in place. opts may be
 * NULL. */
int glsl_sema(struct glsl_ast *ast, enum glsl_stage stage, const struct glsl_sema_options *opts,
	      struct glsl_arena *arena, struct glsl_log *log, struct glsl_sema_result **out);

/* Extensions the analysis itself implements (no built-ins, so not in
 * builtins.def): GL_EXT_shader_implicit_conversions. */
extern const char *const glsl_sema_language_extensions[];
extern const unsigned glsl_sema_num_language_extensions;
