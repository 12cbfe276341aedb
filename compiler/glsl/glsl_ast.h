/* SPDX-License-Identifier: MIT */
/*
 * glsl_ast: the syntax tree of one GLSL ES 1.00 / 3.00 shader.
 *
 * The parser builds it in the compile's arena; nothing is freed on its own.
 * It records what was written, not what it means: types are the keyword or
 * the name that was used, identifiers are the preprocessor's interned ids
 * (glsl_token_stream_ident gives the name), and a call is a call whether
 * it names a function or a struct constructor. Semantic analysis resolves
 * names, types and constants on top of it.
 *
 * Expressions and statements are one node type (struct glsl_ast_node) with
 * up to four children; declarations that carry more structure (qualifiers,
 * declarator lists, functions, blocks) point to their own records.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "glsl_token.h"

struct glsl_token_stream;

struct glsl_loc {
	uint32_t line;
	uint16_t col;
	uint16_t file;
};

/* X(NAME, printed name) */
#define GLSL_AST_KINDS(X) \
	/* expressions */ \
	X(IDENT, "ident") X(INT, "int") X(UINT, "uint") X(FLOAT, "float") X(BOOL, "bool") \
	X(UNARY, "unary") X(POSTFIX, "postfix") X(BINARY, "binary") X(ASSIGN, "assign") \
	X(TERNARY, "?:") X(INDEX, "index") X(FIELD, "field") X(CALL, "call") \
	X(METHOD, "method") \
	/* statements */ \
	X(DECL, "decl") X(EXPR_STMT, "expr") X(COMPOUND, "block") X(IF, "if") \
	X(FOR, "for") X(WHILE, "while") X(DO, "do") X(SWITCH, "switch") X(CASE, "case") \
	X(DEFAULT, "default") X(BREAK, "break") X(CONTINUE, "continue") \
	X(RETURN, "return") X(DISCARD, "discard") X(EMPTY, "empty") \
	/* external declarations (DECL too) and statements with a declaration */ \
	X(FUNCTION, "function") X(PRECISION, "precision") X(INVARIANT, "invariant") \
	X(BLOCK, "interface-block") X(DEFAULT_LAYOUT, "default-layout")

enum glsl_ast_kind {
#define GLSL_AST_K(name, str) GLSL_AST_##name,
	GLSL_AST_KINDS(GLSL_AST_K)
#undef GLSL_AST_K
	GLSL_AST_KIND_COUNT
};

/* Qualifiers as written (struct glsl_ast_qual.storage). */
enum {
	GLSL_Q_CONST = 1 << 0,
	GLSL_Q_IN = 1 << 1,
	GLSL_Q_OUT = 1 << 2,
	GLSL_Q_INOUT = 1 << 3,
	GLSL_Q_UNIFORM = 1 << 4,
	GLSL_Q_ATTRIBUTE = 1 << 5,
	GLSL_Q_VARYING = 1 << 6,
	GLSL_Q_CENTROID = 1 << 7,
	GLSL_Q_FLAT = 1 << 8,
	GLSL_Q_SMOOTH = 1 << 9,
	GLSL_Q_INVARIANT = 1 << 10,
	GLSL_Q_LAYOUT = 1 << 11,
	/* ES 3.10 */
	GLSL_Q_BUFFER = 1 << 12,
	GLSL_Q_SHARED = 1 << 13,
	GLSL_Q_COHERENT = 1 << 14,
	GLSL_Q_VOLATILE = 1 << 15,
	GLSL_Q_RESTRICT = 1 << 16,
	GLSL_Q_READONLY = 1 << 17,
	GLSL_Q_WRITEONLY = 1 << 18,
	/* GL_EXT_gpu_shader5: accepted; TGSI carries no per-instruction
	 * precision, so it changes nothing in the code made */
	GLSL_Q_PRECISE = 1 << 19,
	GLSL_Q_PATCH = 1 << 20,         /* EXT_tessellation_shader: per-patch varyings */
	GLSL_Q_SAMPLE = 1 << 21,        /* OES_shader_multisample_interpolation */
};

#define GLSL_Q_MEMORY (GLSL_Q_COHERENT | GLSL_Q_VOLATILE | GLSL_Q_RESTRICT | \
		       GLSL_Q_READONLY | GLSL_Q_WRITEONLY)

/* layout(...) identifiers (struct glsl_ast_qual.layout). */
enum {
	GLSL_LAYOUT_LOCATION = 1 << 0,
	GLSL_LAYOUT_SHARED = 1 << 1,
	GLSL_LAYOUT_PACKED = 1 << 2,
	GLSL_LAYOUT_STD140 = 1 << 3,
	GLSL_LAYOUT_ROW_MAJOR = 1 << 4,
	GLSL_LAYOUT_COLUMN_MAJOR = 1 << 5,
	/* ES 3.10 */
	GLSL_LAYOUT_STD430 = 1 << 6,
	GLSL_LAYOUT_BINDING = 1 << 7,
	GLSL_LAYOUT_LOCAL_SIZE_X = 1 << 8,
	GLSL_LAYOUT_LOCAL_SIZE_Y = 1 << 9,
	GLSL_LAYOUT_LOCAL_SIZE_Z = 1 << 10,
	GLSL_LAYOUT_FORMAT = 1 << 11,   /* an image format (ES 3.10 §4.4.7), in format */
	GLSL_LAYOUT_OFFSET = 1 << 12,   /* atomic counters (ES 3.10 §4.4.6) */
	/* EXT_geometry_shader (§4.4.1.2, 4.4.2.2) */
	GLSL_LAYOUT_PRIMITIVE = 1 << 13,   /* points, triangles, line_strip..., in prim */
	GLSL_LAYOUT_MAX_VERTICES = 1 << 14,
	GLSL_LAYOUT_INVOCATIONS = 1 << 15,
	/* EXT_tessellation_shader (§4.4.1.1, 4.4.2.1) */
	GLSL_LAYOUT_VERTICES = 1 << 16,   /* a control shader's layout(vertices = N) out */
	GLSL_LAYOUT_TESS = 1 << 17,       /* quads, isolines, spacing, cw/ccw, point_mode */
	/* KHR_blend_equation_advanced's blend_support_* (on `out`), in blend_support */
	GLSL_LAYOUT_BLEND_SUPPORT = 1 << 18,
	/* ES 3.10 §4.4.1.3: a fragment shader's `layout(early_fragment_tests) in;` */
	GLSL_LAYOUT_EARLY_FRAGMENT_TESTS = 1 << 19,
};

/* blend_support_all_equations: KHR_blend_equation_advanced's 15 equations,
 * as bits 1..15 (enum vc_advanced_blend) */
#define GLSL_BLEND_SUPPORT_ALL 0xfffeu

/* The evaluation shader's layout words (struct glsl_ast_qual.tess): the
 * domain (triangles is GLSL_LAYOUT_PRIMITIVE's), the spacing, the order. */
enum glsl_tess_word {
	GLSL_TESS_QUADS = 1 << 0,
	GLSL_TESS_ISOLINES = 1 << 1,
	GLSL_TESS_EQUAL = 1 << 2,
	GLSL_TESS_FRACTIONAL_EVEN = 1 << 3,
	GLSL_TESS_FRACTIONAL_ODD = 1 << 4,
	GLSL_TESS_CW = 1 << 5,
	GLSL_TESS_CCW = 1 << 6,
	GLSL_TESS_POINT_MODE = 1 << 7,
};

#define GLSL_LAYOUT_GEOMETRY (GLSL_LAYOUT_PRIMITIVE | GLSL_LAYOUT_MAX_VERTICES | \
			      GLSL_LAYOUT_INVOCATIONS)

/* The primitive layout identifiers of a geometry shader's in and out. */
enum glsl_prim {
	GLSL_PRIM_NONE,
	GLSL_PRIM_POINTS,
	GLSL_PRIM_LINES,
	GLSL_PRIM_LINES_ADJACENCY,
	GLSL_PRIM_TRIANGLES,
	GLSL_PRIM_TRIANGLES_ADJACENCY,
	GLSL_PRIM_LINE_STRIP,
	GLSL_PRIM_TRIANGLE_STRIP,
};

#define GLSL_LAYOUT_LOCAL_SIZE (GLSL_LAYOUT_LOCAL_SIZE_X | GLSL_LAYOUT_LOCAL_SIZE_Y | \
				GLSL_LAYOUT_LOCAL_SIZE_Z)

struct glsl_ast_node;
struct glsl_ast_struct;
/* Semantic analysis annotations (glsl_sema.h); NULL until it runs. */
struct glsl_sema_expr;
struct glsl_symbol;
struct glsl_function;
struct glsl_type;

struct glsl_ast_qual {
	struct glsl_loc loc;   /* the first qualifier; 0 when there is none */
	uint32_t storage;      /* GLSL_Q_* */
	uint16_t precision;    /* GLSL_TOK_KW_LOWP/MEDIUMP/HIGHP, or 0 */
	uint32_t layout;       /* GLSL_LAYOUT_* */
	int32_t location;      /* with GLSL_LAYOUT_LOCATION */
	int32_t binding;       /* with GLSL_LAYOUT_BINDING */
	int32_t offset;        /* with GLSL_LAYOUT_OFFSET */
	uint32_t local_size[3];/* with GLSL_LAYOUT_LOCAL_SIZE_X/Y/Z */
	uint8_t format;        /* with GLSL_LAYOUT_FORMAT: enum vc_format */
	uint8_t prim;          /* with GLSL_LAYOUT_PRIMITIVE: enum glsl_prim */
	uint32_t max_vertices; /* with GLSL_LAYOUT_MAX_VERTICES */
	uint32_t invocations;  /* with GLSL_LAYOUT_INVOCATIONS */
	uint32_t vertices;     /* with GLSL_LAYOUT_VERTICES */
	uint8_t tess;          /* with GLSL_LAYOUT_TESS: enum glsl_tess_word bits */
	uint32_t blend_support; /* with GLSL_LAYOUT_BLEND_SUPPORT: bit e = enum vc_advanced_blend e */
};

/* One `[N]` of a list of brackets (size NULL: `[]`), outermost first. */
struct glsl_ast_dim {
	struct glsl_ast_dim *next;
	struct glsl_loc loc;
	struct glsl_ast_node *size;
};

/* A type specifier: `vec4`, `S`, `struct S { ... }`, `float[3]` (3.00). */
struct glsl_ast_type {
	struct glsl_loc loc;
	uint16_t tok;          /* a type keyword, GLSL_TOK_IDENT (a struct name)
				* or GLSL_TOK_KW_STRUCT (a definition, in def) */
	bool is_array;         /* `T[n]` or `T[]` */
	uint32_t name;         /* GLSL_TOK_IDENT: the name's ident id */
	struct glsl_ast_struct *def;
	struct glsl_ast_node *array_size; /* NULL for `T[]` */
	/* arrays of arrays (3.10): every bracket of the specifier is here
	 * (is_array set, array_size NULL), `float[2][3]` as 2 then 3 */
	struct glsl_ast_dim *dims;
	const struct glsl_type *resolved; /* set by semantic analysis (struct defs) */
};

struct glsl_ast_fulltype {
	struct glsl_ast_qual qual;
	struct glsl_ast_type type;
};

/* One name in a declaration: `x`, `a[4]`, `v = 1.0`. */
struct glsl_ast_declarator {
	struct glsl_ast_declarator *next;
	struct glsl_loc loc;
	uint32_t name;                    /* ident id; GLSL_AST_NO_NAME in unnamed parameters */
	bool is_array;                    /* brackets on the name or on the type */
	struct glsl_ast_node *array_size; /* the name's size; NULL for `a[]` or none */
	/* arrays of arrays (3.10): every bracket on the name is here (is_array
	 * set, array_size NULL), applied over the specifier's type */
	struct glsl_ast_dim *dims;
	struct glsl_ast_node *init;
	struct glsl_symbol *sym;          /* set by semantic analysis */
};

#define GLSL_AST_NO_NAME UINT32_MAX

/* A declaration: `const highp vec4 a, b[2] = ...;`, a struct member line,
 * a function parameter (one declarator) or `struct S {...};` (none). */
struct glsl_ast_decl {
	struct glsl_ast_decl *next;       /* members, parameters */
	struct glsl_ast_fulltype type;
	struct glsl_ast_declarator *vars;
};

struct glsl_ast_struct {
	struct glsl_loc loc;
	uint32_t name;                    /* GLSL_AST_NO_NAME when anonymous */
	struct glsl_ast_decl *members;
};

/* A prototype (body NULL) or a definition. */
struct glsl_ast_function {
	struct glsl_ast_fulltype ret;
	uint32_t name;
	struct glsl_loc name_loc;
	struct glsl_ast_decl *params;     /* `f(void)` and `f()` both have none */
	struct glsl_ast_node *body;       /* GLSL_AST_COMPOUND */
	struct glsl_function *fn;         /* set by semantic analysis */
};

/* `layout(std140) uniform Name { members } instance[N];` (3.00), and
 * `buffer` blocks (3.10) */
struct glsl_ast_block {
	struct glsl_ast_qual qual;
	uint32_t name;
	struct glsl_ast_decl *members;
	struct glsl_ast_declarator *instance; /* NULL when there is no instance name */
	const struct glsl_type *type;         /* set by semantic analysis */
};

/* `invariant a, b;` */
struct glsl_ast_idlist {
	struct glsl_ast_idlist *next;
	struct glsl_loc loc;
	uint32_t name;
};

/*
 * One expression or statement. Children by kind:
 *   UNARY, POSTFIX (op: the operator token)     kid[0]
 *   BINARY, ASSIGN (op; the comma is a BINARY)  kid[0] op kid[1]
 *   TERNARY                                     kid[0] ? kid[1] : kid[2]
 *   INDEX                                       kid[0][kid[1]]
 *   FIELD                                       u.field: base.name
 *   CALL                                        u.call: name or ctor (args)
 *   METHOD                                      u.call: obj.name(args) (3.00)
 *   EXPR_STMT, RETURN                           kid[0] (NULL for `return;`)
 *   COMPOUND                                    kid[0]: first statement
 *   IF                                          kid[0] cond, kid[1] then, kid[2] else
 *   FOR                                         kid[0] init, kid[1] cond, kid[2] step, kid[3] body
 *   WHILE                                       kid[0] cond, kid[1] body
 *   DO                                          kid[0] body, kid[1] cond
 *   SWITCH                                      kid[0] selector, kid[1] body (a COMPOUND)
 *   CASE                                        kid[0] label
 *   DECL, FUNCTION, PRECISION, ...              u.decl, u.func, ...
 * A loop or if condition may be a DECL (`while (bool b = f())`).
 * Lists (statements, arguments, external declarations) chain through next.
 */
struct glsl_ast_node {
	uint8_t kind;       /* enum glsl_ast_kind */
	uint8_t op;         /* enum glsl_tok of an operator */
	uint16_t flags;     /* GLSL_AST_F_* */
	struct glsl_loc loc;
	uint32_t height;    /* expressions: levels below (<= GLSL_PARSE_MAX_DEPTH),
			     * so passes that recurse on the tree stay bounded */
	struct glsl_ast_node *next;
	struct glsl_sema_expr *sema; /* expressions: set by semantic analysis */
	union {
		struct glsl_ast_node *kid[4];
		uint32_t ident;   /* IDENT */
		uint32_t ival;    /* INT, UINT (the 32 bits), BOOL */
		float fval;       /* FLOAT */
		struct {
			struct glsl_ast_node *base;
			uint32_t name;
		} field;
		struct {
			struct glsl_ast_node *args;
			struct glsl_ast_type *ctor;   /* a built-in type or `T[n]` */
			struct glsl_ast_node *obj;    /* METHOD */
			uint32_t name;                /* the function, or GLSL_AST_NO_NAME */
			uint32_t nargs;
		} call;
		struct glsl_ast_decl *decl;             /* DECL */
		struct glsl_ast_function *func;         /* FUNCTION */
		struct glsl_ast_fulltype *prec;         /* PRECISION, DEFAULT_LAYOUT */
		struct glsl_ast_idlist *ids;            /* INVARIANT */
		struct glsl_ast_block *block;           /* BLOCK */
	} u;
};

enum {
	GLSL_AST_F_PAREN = 1 << 0,     /* the expression was in parentheses */
	GLSL_AST_F_VOID_ARGS = 1 << 1, /* CALL: written `f(void)` */
	/* IDENT: sema bound it to a variable already (an in or out block's
	 * member that `inst.member` became: glsl_sema_ioblock.c) */
	GLSL_AST_F_BOUND = 1 << 2,
};

/* The translation unit. */
struct glsl_ast {
	unsigned version;                  /* 100, 300, 310 or 320 */
	struct glsl_ast_node *decls;       /* external declarations, in order */
	const struct glsl_token_stream *toks; /* for names */
	uint32_t nodes;                    /* node count (statistics) */
};

const char *glsl_ast_kind_name(enum glsl_ast_kind kind);

/* The declaration's outermost array dimension is `[]` (`a[]`, `T[] a`,
 * `a[][2]`, `T[][2] a`). */
bool glsl_ast_unsized(const struct glsl_ast_type *t, const struct glsl_ast_declarator *d);
/* Every bracket on the declarator's name has a size. */
bool glsl_ast_dims_sized(const struct glsl_ast_declarator *d);

/* The tree as S-expressions, one external declaration per line, e.g.
 *   (function void main () (block (expr (assign = (ident x) (int 1)))))
 * It is stable: tests compare it as text. */
void glsl_ast_print(FILE *f, const struct glsl_ast *ast);
void glsl_ast_print_node(FILE *f, const struct glsl_ast *ast, const struct glsl_ast_node *n);
