/* SPDX-License-Identifier: MIT */
/*
 * vc_ir: the compiler's intermediate representation.
 *
 * Producers: the SPIR-V reader (vc_spirv_parse.c) and, later, the GLSL ES
 * front end. Consumers: the TGSI emitter (vc_tgsi_emit*.c) and, later, a
 * SPIR-V writer. It is therefore close to SPIR-V's logical model (typed SSA
 * values, variables in storage classes, access chains) but with control
 * flow already structured as a tree, which is what both TGSI and GLSL want.
 *
 * A module (struct vc_module) owns everything; objects refer to each other
 * by 32-bit ids that index the module's arrays, id 0 meaning "none":
 *
 *  types (vc_type_id) - void, bool/int/uint/float scalars, vectors of 2..4,
 *      matrices (`cols` column vectors of `comps` floats), arrays (length 0 =
 *      runtime-sized), structs (members carry byte offsets, matrix stride,
 *      row-major flag and built-in for explicitly laid-out blocks), images,
 *      samplers, sampled images (image+sampler pair) and pointers (pointee +
 *      storage class). Explicit layouts (std140/std430) are carried as they
 *      are in SPIR-V: array stride on the array type, offsets on members.
 *
 *  variables (vc_var_id) - named memory: a pointee type, a storage class
 *      (input, output, uniform block, storage block, push constants, handle
 *      (sampler/image descriptors), function-local, private, workgroup
 *      shared) and interface decorations (location, built-in, set/binding,
 *      interpolation, access). A variable is used through a value of kind
 *      VC_VALUE_VAR, which is a pointer to it.
 *
 *  values (vc_value_id) - SSA values: constants (flattened 32-bit words in
 *      leaf order: a mat2 is 4 words, column by column), undefined values,
 *      variable pointers, and instruction results. Each value is defined
 *      exactly once and never changes; memory (variables) is the only
 *      mutable state. A value can be used anywhere its definition dominates
 *      in the structured tree (i.e. after it, at the same or a deeper level).
 *
 *  code - a tree. A vc_block is an ordered list of nodes; a node is an
 *      instruction, an if (condition + then/else blocks), a loop (body block
 *      and a continue block that runs after the body and after every
 *      `continue`, like a for-loop's increment; both repeat until a
 *      `break`), or a jump: break / continue (innermost loop), return (leave
 *      the shader), discard (fragment kill). There are no gotos, phis or
 *      functions: callees are inlined by producers, phis become variables.
 *
 * Instructions (struct vc_instr) have an opcode, a result value (dest, 0 if
 * none) and its type, up to VC_MAX_SRCS source values and up to 4 literal
 * words (component indices, atomic kinds, texture ops...). Conventions:
 *  - component-wise ALU ops take scalars or vectors of the result's width;
 *    a scalar operand mixed with vectors is broadcast;
 *  - booleans are abstract in the IR (the TGSI back end uses ~0/0);
 *  - comparisons produce bool (vectors of bool for vector operands);
 *  - matrix arithmetic has its own ops (MAT_TIMES_VEC, ...);
 *  - pointers come from variables and ACCESS_CHAIN (base pointer + index
 *    values, constant or dynamic, one per level), and are used by LOAD,
 *    STORE, ATOMIC and ARRAY_LENGTH;
 *  - texture instructions take their operands by role (VC_TEX_SRC_*),
 *    absent operands are 0.
 *
 * vc_ir_print() writes a readable dump; tests compare against it and it is
 * the first thing to look at when something miscompiles.
 */
#pragma once

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef uint32_t vc_type_id;
typedef uint32_t vc_value_id;
typedef uint32_t vc_var_id;

enum vc_base {
	VC_BASE_BOOL,
	VC_BASE_INT,
	VC_BASE_UINT,
	VC_BASE_FLOAT,
};

enum vc_type_kind {
	VC_TYPE_VOID,
	VC_TYPE_SCALAR,
	VC_TYPE_VECTOR,
	VC_TYPE_MATRIX,
	VC_TYPE_ARRAY,
	VC_TYPE_STRUCT,
	VC_TYPE_IMAGE,
	VC_TYPE_SAMPLER,
	VC_TYPE_SAMPLED_IMAGE,
	VC_TYPE_POINTER,
};

enum vc_storage {
	VC_STORAGE_FUNCTION,  /* local to the shader invocation */
	VC_STORAGE_PRIVATE,   /* global, per invocation */
	VC_STORAGE_INPUT,
	VC_STORAGE_OUTPUT,
	VC_STORAGE_UNIFORM,   /* uniform block (UBO) */
	VC_STORAGE_STORAGE,   /* storage block (SSBO) */
	VC_STORAGE_PUSH_CONSTANT,
	VC_STORAGE_HANDLE,    /* samplers, images: descriptors */
	VC_STORAGE_SHARED,    /* compute workgroup memory */
};

enum vc_dim {
	VC_DIM_1D,
	VC_DIM_2D,
	VC_DIM_3D,
	VC_DIM_CUBE,
	VC_DIM_RECT,
	VC_DIM_BUFFER,
};

/* Storage image formats (GLSL ES 3.10 layout qualifiers); from
 * VC_FMT_RG32F on, NV_image_formats' (SPIR-V's StorageImageExtendedFormats). */
enum vc_format {
	VC_FMT_UNKNOWN,
	VC_FMT_RGBA32F, VC_FMT_RGBA16F, VC_FMT_R32F, VC_FMT_RGBA8, VC_FMT_RGBA8_SNORM,
	VC_FMT_RGBA32I, VC_FMT_RGBA16I, VC_FMT_RGBA8I, VC_FMT_R32I,
	VC_FMT_RGBA32UI, VC_FMT_RGBA16UI, VC_FMT_RGBA8UI, VC_FMT_R32UI,
	VC_FMT_RG32F, VC_FMT_RG16F, VC_FMT_R16F, VC_FMT_RG32I, VC_FMT_RG32UI,
	VC_FMT_R11F_G11F_B10F, VC_FMT_RGBA16, VC_FMT_RGB10_A2, VC_FMT_RG16, VC_FMT_RG8,
	VC_FMT_R16, VC_FMT_R8, VC_FMT_RGBA16_SNORM, VC_FMT_RG16_SNORM, VC_FMT_RG8_SNORM,
	VC_FMT_R16_SNORM, VC_FMT_R8_SNORM, VC_FMT_RG16I, VC_FMT_RG8I, VC_FMT_R16I, VC_FMT_R8I,
	VC_FMT_RGB10_A2UI, VC_FMT_RG16UI, VC_FMT_RG8UI, VC_FMT_R16UI, VC_FMT_R8UI,
	VC_FMT_COUNT,
};

struct vc_image_desc {
	enum vc_dim dim;
	bool arrayed;
	bool shadow;
	bool ms;
	bool storage;          /* storage image (not sampled) */
	enum vc_base sampled;  /* component type returned */
	enum vc_format format;
};

enum vc_builtin {
	VC_BUILTIN_NONE,
	VC_BUILTIN_POSITION,
	VC_BUILTIN_POINT_SIZE,
	VC_BUILTIN_VERTEX_ID,        /* SPIR-V VertexIndex */
	VC_BUILTIN_INSTANCE_ID,      /* SPIR-V InstanceIndex */
	VC_BUILTIN_FRAG_COORD,
	VC_BUILTIN_FRONT_FACING,
	VC_BUILTIN_FRAG_DEPTH,
	VC_BUILTIN_POINT_COORD,
	VC_BUILTIN_LOCAL_INVOCATION_ID,
	VC_BUILTIN_GLOBAL_INVOCATION_ID,
	VC_BUILTIN_WORKGROUP_ID,
	VC_BUILTIN_NUM_WORKGROUPS,
	VC_BUILTIN_LOCAL_INVOCATION_INDEX,
	VC_BUILTIN_WORKGROUP_SIZE,
	VC_BUILTIN_CLIP_DISTANCE,
	VC_BUILTIN_CULL_DISTANCE,
	VC_BUILTIN_SAMPLE_ID,
	VC_BUILTIN_SAMPLE_POSITION,
	VC_BUILTIN_SAMPLE_MASK,
	VC_BUILTIN_HELPER_INVOCATION,
	VC_BUILTIN_PRIMITIVE_ID,     /* GS: gl_PrimitiveIDIn (input) or gl_PrimitiveID (output) */
	VC_BUILTIN_INVOCATION_ID,    /* GS: gl_InvocationID */
	VC_BUILTIN_LAYER,            /* GS output: gl_Layer */
	VC_BUILTIN_VIEWPORT_INDEX,   /* GS output, FS input: gl_ViewportIndex (OES_viewport_array) */
	/* tessellation (EXT_tessellation_shader) */
	VC_BUILTIN_TESS_LEVEL_OUTER, /* float[4]: TCS output, TES input */
	VC_BUILTIN_TESS_LEVEL_INNER, /* float[2]: TCS output, TES input */
	VC_BUILTIN_TESS_COORD,       /* TES: vec3 */
	VC_BUILTIN_PATCH_VERTICES,   /* gl_PatchVerticesIn */
	VC_BUILTIN_COUNT,
};

/*
 * GLSL ES precision qualifiers. Zero is highp (or "no qualifier"), so code
 * that never sets a precision keeps full precision; the SPIR-V writer marks
 * mediump/lowp objects and results RelaxedPrecision.
 */
enum vc_precision {
	VC_PREC_HIGH = 0,
	VC_PREC_MEDIUM,
	VC_PREC_LOW,
};

struct vc_member {
	vc_type_id type;
	uint32_t offset;         /* bytes, explicit layouts only */
	uint32_t matrix_stride;  /* bytes, explicit layouts only */
	bool row_major;
	enum vc_builtin builtin; /* members of gl_PerVertex */
	enum vc_precision precision;
	char *name;
};

struct vc_type {
	enum vc_type_kind kind;
	enum vc_base base;    /* scalar, vector, matrix */
	uint8_t comps;        /* scalar 1, vector 2..4, matrix: rows */
	uint8_t cols;         /* matrix columns */
	vc_type_id elem;      /* array element, matrix column, pointee, image of a sampled image */
	uint32_t length;      /* array length; 0 = runtime-sized */
	uint32_t stride;      /* array stride in bytes (explicit layouts), else 0 */
	enum vc_storage storage; /* pointers */
	bool block;           /* struct decorated Block/BufferBlock */
	uint32_t nr_members;
	struct vc_member *members;
	struct vc_image_desc image;
	char *name;
};

enum vc_var_flag {
	VC_VAR_FLAT = 1 << 0,
	VC_VAR_NOPERSPECTIVE = 1 << 1,
	VC_VAR_CENTROID = 1 << 2,
	VC_VAR_SAMPLE = 1 << 3,
	VC_VAR_NONWRITABLE = 1 << 4,
	VC_VAR_NONREADABLE = 1 << 5,
	VC_VAR_INVARIANT = 1 << 6,
	VC_VAR_COHERENT = 1 << 7,
	VC_VAR_VOLATILE = 1 << 8,
	VC_VAR_PATCH = 1 << 9,     /* a tessellation stage's per-patch varying */
};

struct vc_var {
	vc_type_id type;          /* pointee */
	enum vc_storage storage;
	int32_t location;         /* -1 if none */
	uint32_t component;
	enum vc_builtin builtin;
	uint32_t set, binding;
	bool has_binding;
	uint32_t flags;           /* enum vc_var_flag */
	vc_value_id init;         /* constant initialiser or 0 */
	vc_value_id ptr;          /* the VC_VALUE_VAR value naming it */
	enum vc_precision precision;
	char *name;
};

enum vc_value_kind {
	VC_VALUE_CONST,
	VC_VALUE_UNDEF,
	VC_VALUE_VAR,
	VC_VALUE_INSTR,
};

struct vc_value {
	enum vc_value_kind kind;
	vc_type_id type;
	uint32_t first_word;  /* constants: index into vc_module.words */
	uint32_t nr_words;
	vc_var_id var;        /* VC_VALUE_VAR */
	struct vc_instr *def; /* VC_VALUE_INSTR: the defining instruction */
	enum vc_precision precision; /* VC_VALUE_INSTR results (set by producers) */
};

/* Opcodes. Keep vc_ir.c's op table in the same order. */
#define VC_OPS(X) \
	X(COPY, 1) \
	/* float, component-wise */ \
	X(FNEG, 1) X(FADD, 2) X(FSUB, 2) X(FMUL, 2) X(FDIV, 2) X(FMOD, 2) \
	X(FABS, 1) X(FSIGN, 1) X(FLOOR, 1) X(FCEIL, 1) X(FTRUNC, 1) X(FROUND, 1) \
	X(FROUND_EVEN, 1) X(FFRACT, 1) X(FMIN, 2) X(FMAX, 2) X(FCLAMP, 3) \
	X(FMIX, 3) X(FSTEP, 2) X(FSMOOTHSTEP, 3) X(FFMA, 3) X(FSQRT, 1) X(FRSQ, 1) \
	X(FEXP, 1) X(FLOG, 1) X(FEXP2, 1) X(FLOG2, 1) X(FPOW, 2) X(FSIN, 1) X(FCOS, 1) \
	X(FTAN, 1) X(FASIN, 1) X(FACOS, 1) X(FATAN, 1) X(FATAN2, 2) X(FSINH, 1) \
	X(FCOSH, 1) X(FTANH, 1) X(FASINH, 1) X(FACOSH, 1) X(FATANH, 1) \
	X(FRADIANS, 1) X(FDEGREES, 1) X(FLDEXP, 2) X(FISNAN, 1) X(FISINF, 1) \
	X(FDDX, 1) X(FDDY, 1) X(FWIDTH, 1) X(FRCP, 1) \
	/* float, geometric */ \
	X(FDOT, 2) X(FLENGTH, 1) X(FDISTANCE, 2) X(FNORMALIZE, 1) X(FCROSS, 2) \
	X(FREFLECT, 2) X(FREFRACT, 3) X(FFACEFORWARD, 3) \
	/* integer, component-wise */ \
	X(INEG, 1) X(IADD, 2) X(ISUB, 2) X(IMUL, 2) X(IDIV, 2) X(UDIV, 2) X(IMOD, 2) \
	/* the high 32 bits of the 64-bit product (umulExtended, imulExtended) */ \
	X(UMUL_HI, 2) X(IMUL_HI, 2) \
	X(UMOD, 2) X(IABS, 1) X(ISIGN, 1) X(IMIN, 2) X(IMAX, 2) X(UMIN, 2) X(UMAX, 2) \
	X(ICLAMP, 3) X(UCLAMP, 3) X(ISHL, 2) X(ISHR, 2) X(USHR, 2) X(IAND, 2) \
	X(IOR, 2) X(IXOR, 2) X(INOT, 1) X(IBFE, 3) X(UBFE, 3) X(BFI, 4) \
	X(BITREV, 1) X(BITCOUNT, 1) X(FIND_LSB, 1) X(IFIND_MSB, 1) X(UFIND_MSB, 1) \
	/* comparisons -> bool */ \
	X(FEQ, 2) X(FNE, 2) X(FLT, 2) X(FLE, 2) X(FGT, 2) X(FGE, 2) \
	X(IEQ, 2) X(INE, 2) X(ILT, 2) X(ILE, 2) X(IGT, 2) X(IGE, 2) \
	X(ULT, 2) X(ULE, 2) X(UGT, 2) X(UGE, 2) \
	/* bool */ \
	X(LAND, 2) X(LOR, 2) X(LNOT, 1) X(LEQ, 2) X(LNE, 2) X(ANY, 1) X(ALL, 1) \
	X(SELECT, 3) \
	/* conversions */ \
	X(F2I, 1) X(F2U, 1) X(I2F, 1) X(U2F, 1) X(BITCAST, 1) \
	/* GLSL ES 3.00 packing: vec2 <-> uint */ \
	X(PACK_SNORM_2X16, 1) X(UNPACK_SNORM_2X16, 1) X(PACK_UNORM_2X16, 1) \
	X(UNPACK_UNORM_2X16, 1) X(PACK_HALF_2X16, 1) X(UNPACK_HALF_2X16, 1) \
	/* matrices */ \
	X(MAT_TIMES_VEC, 2) X(VEC_TIMES_MAT, 2) X(MAT_TIMES_MAT, 2) \
	X(MAT_TIMES_SCALAR, 2) X(TRANSPOSE, 1) X(OUTER_PRODUCT, 2) X(DETERMINANT, 1) \
	X(INVERSE, 1) \
	/* composites: EXTRACT/INSERT take lits[] as the index path */ \
	X(CONSTRUCT, -1) X(EXTRACT, 1) X(INSERT, 2) X(SHUFFLE, 2) \
	X(EXTRACT_DYN, 2) X(INSERT_DYN, 3) \
	/* memory */ \
	X(ACCESS_CHAIN, -1) X(LOAD, 1) X(STORE, 2) X(ATOMIC, -1) X(ARRAY_LENGTH, 1) \
	/* textures and images */ \
	X(TEX, -1) X(SAMPLED_IMAGE, 2) X(IMAGE_OF, 1) X(IMAGE_LOAD, 2) \
	X(IMAGE_STORE, 3) X(IMAGE_ATOMIC, -1) X(IMAGE_SIZE, 1) \
	/* synchronisation: lits[0] = enum vc_barrier bits */ \
	X(BARRIER, 0) X(MEMORY_BARRIER, 0) \
	/* geometry shaders: the outputs' values make a vertex / end the strip */ \
	X(EMIT_VERTEX, 0) X(END_PRIMITIVE, 0) \
	/* a fragment input interpolated at the centroid, at a sample (srcs[1]: \
	 * its int index) or at an offset from the centre (srcs[1]: vec2); \
	 * srcs[0] points at the input or an element of it (GLSL.std.450 \
	 * InterpolateAt*, TGSI INTERP_*) */ \
	X(INTERP_CENTROID, 1) X(INTERP_SAMPLE, 2) X(INTERP_OFFSET, 2)

#define VC_OP_ENUM(name, n) VC_OP_##name,
enum vc_op {
	VC_OPS(VC_OP_ENUM)
	VC_OP_COUNT,
};
#undef VC_OP_ENUM

#define VC_MAX_SRCS 8

/* TEX operands, by role (srcs[VC_TEX_SRC_*]; 0 = absent) */
enum vc_tex_src {
	VC_TEX_SRC_HANDLE,  /* sampled image (or image for FETCH/SIZE) */
	VC_TEX_SRC_COORD,
	VC_TEX_SRC_DREF,    /* shadow reference */
	VC_TEX_SRC_LOD,     /* explicit LOD (SAMPLE_LOD, FETCH, SIZE) or bias; a multisample FETCH's sample */
	VC_TEX_SRC_DDX,
	VC_TEX_SRC_DDY,
	VC_TEX_SRC_OFFSET,  /* constant texel offset */
	VC_TEX_SRC_COMP,    /* gather component */
};

/* TEX: lits[0] */
enum vc_tex_op {
	VC_TEX_SAMPLE,      /* implicit LOD */
	VC_TEX_SAMPLE_BIAS,
	VC_TEX_SAMPLE_LOD,
	VC_TEX_SAMPLE_GRAD,
	VC_TEX_FETCH,
	VC_TEX_SIZE,
	VC_TEX_LEVELS,
	VC_TEX_GATHER,
	VC_TEX_QUERY_LOD,
};

/* TEX: lits[1] */
enum vc_tex_flag {
	VC_TEX_PROJ = 1 << 0,  /* divide coord by its last component */
};

/* ATOMIC / IMAGE_ATOMIC: lits[0]; srcs = pointer (or image, coord), value[, comparator] */
enum vc_atomic_op {
	VC_ATOMIC_ADD, VC_ATOMIC_IMIN, VC_ATOMIC_UMIN, VC_ATOMIC_IMAX, VC_ATOMIC_UMAX,
	VC_ATOMIC_AND, VC_ATOMIC_OR, VC_ATOMIC_XOR, VC_ATOMIC_XCHG, VC_ATOMIC_CMPXCHG,
	VC_ATOMIC_LOAD, VC_ATOMIC_STORE,
};

/* BARRIER / MEMORY_BARRIER: lits[0] = which memory must be ordered */
enum vc_barrier {
	VC_BARRIER_BUFFER = 1 << 0,
	VC_BARRIER_SHARED = 1 << 1,
	VC_BARRIER_IMAGE = 1 << 2,
};

struct vc_instr {
	enum vc_op op;
	vc_value_id dest;
	vc_type_id type;
	uint8_t nr_srcs;
	uint8_t nr_lits;
	vc_value_id srcs[VC_MAX_SRCS];
	uint32_t lits[4];
	vc_value_id *extra;  /* CONSTRUCT and ACCESS_CHAIN with more than VC_MAX_SRCS srcs */
	uint32_t nr_extra;
};

enum vc_node_kind {
	VC_NODE_INSTR,
	VC_NODE_IF,
	VC_NODE_LOOP,
	VC_NODE_BREAK,
	VC_NODE_CONTINUE,
	VC_NODE_RETURN,
	VC_NODE_DISCARD,
};

struct vc_node;

struct vc_block {
	struct vc_node **nodes;
	uint32_t nr, cap;
};

struct vc_node {
	enum vc_node_kind kind;
	struct vc_instr instr;          /* INSTR */
	vc_value_id cond;               /* IF */
	struct vc_block then_block;     /* IF */
	struct vc_block else_block;     /* IF */
	struct vc_block body;           /* LOOP */
	struct vc_block cont;           /* LOOP: runs after body and on continue */
};

enum vc_ir_stage {
	VC_IR_VERTEX,
	VC_IR_FRAGMENT,
	VC_IR_COMPUTE,
	VC_IR_GEOMETRY,
	VC_IR_TESS_CTRL,
	VC_IR_TESS_EVAL,
};

/* A geometry shader's input and output primitives. */
enum vc_prim {
	VC_PRIM_NONE,
	VC_PRIM_POINTS,
	VC_PRIM_LINES,
	VC_PRIM_LINES_ADJACENCY,
	VC_PRIM_TRIANGLES,
	VC_PRIM_TRIANGLES_ADJACENCY,
	VC_PRIM_LINE_STRIP,
	VC_PRIM_TRIANGLE_STRIP,
};

/* Vertices of one input primitive (points 1 ... triangles_adjacency 6). */
unsigned vc_prim_vertices(enum vc_prim p);

/* What a geometry shader declares (SPIR-V execution modes). */
struct vc_geometry {
	enum vc_prim input, output;
	uint32_t max_vertices;
	uint32_t invocations;    /* 1 when not declared */
};

/* What the tessellation stages declare (SPIR-V execution modes): the
 * control shader's output vertices, the evaluation shader's domain (triangles,
 * quads or isolines: VC_PRIM_TRIANGLES, VC_TESS_QUADS, VC_PRIM_LINES),
 * spacing, winding and point mode. */
enum vc_tess_spacing { VC_TESS_EQUAL, VC_TESS_FRACTIONAL_EVEN, VC_TESS_FRACTIONAL_ODD };
#define VC_TESS_QUADS 8u   /* beside enum vc_prim's values */
struct vc_tess {
	uint32_t vertices;     /* TCS: layout(vertices = N) out */
	uint32_t domain;       /* TES */
	enum vc_tess_spacing spacing;
	bool cw, point_mode;
};

struct vc_module {
	enum vc_ir_stage stage;
	struct vc_type *types;     /* [0] is unused */
	uint32_t nr_types, cap_types;
	struct vc_value *values;   /* [0] is unused */
	uint32_t nr_values, cap_values;
	struct vc_var *vars;       /* [0] is unused */
	uint32_t nr_vars, cap_vars;
	uint32_t *words;           /* constant data */
	uint32_t nr_words, cap_words;
	struct vc_block body;      /* the entry point, callees inlined */
	uint32_t local_size[3];
	struct vc_geometry gs;     /* VC_IR_GEOMETRY */
	struct vc_tess tess;       /* VC_IR_TESS_CTRL / VC_IR_TESS_EVAL */
	bool origin_upper_left;
	bool early_fragment_tests;
	bool depth_replacing;
	uint64_t nr_instrs;        /* guards against runaway inlining */
	bool oom;                  /* an allocation failed somewhere: the module is unusable */
};

struct vc_module *vc_module_create(enum vc_ir_stage stage);
void vc_module_destroy(struct vc_module *m);

/* Types. All return 0 on allocation failure (m->oom is set). */
vc_type_id vc_type_add(struct vc_module *m, const struct vc_type *t);
vc_type_id vc_type_scalar(struct vc_module *m, enum vc_base base);
vc_type_id vc_type_vector(struct vc_module *m, enum vc_base base, unsigned comps);
static inline const struct vc_type *vc_type_get(const struct vc_module *m, vc_type_id id)
{
	return &m->types[id];
}
bool vc_type_is_leaf(const struct vc_module *m, vc_type_id id);   /* scalar or vector */
unsigned vc_type_comps(const struct vc_module *m, vc_type_id id);  /* 1..4 for leaves */
/* Number of scalar/vector leaves (a mat4 has 4, a struct the sum of its members). */
uint32_t vc_type_leaves(const struct vc_module *m, vc_type_id id);
/* Number of 32-bit words of a constant of this type. */
uint32_t vc_type_words(const struct vc_module *m, vc_type_id id);
/* Type of member/element `index` of a composite (matrix column, array element, ...). */
vc_type_id vc_type_child(const struct vc_module *m, vc_type_id id, uint32_t index);
uint32_t vc_type_nr_children(const struct vc_module *m, vc_type_id id);
/* Leaf offset of child `index` within the composite's leaves. */
uint32_t vc_type_child_leaf(const struct vc_module *m, vc_type_id id, uint32_t index);

/* Values */
vc_value_id vc_value_const(struct vc_module *m, vc_type_id type, const uint32_t *words, uint32_t n);
vc_value_id vc_value_const_u32(struct vc_module *m, enum vc_base base, uint32_t v);
vc_value_id vc_value_undef(struct vc_module *m, vc_type_id type);
vc_var_id vc_var_add(struct vc_module *m, const struct vc_var *v);
static inline struct vc_var *vc_var_get(const struct vc_module *m, vc_var_id id)
{
	return &m->vars[id];
}
static inline const struct vc_value *vc_value_get(const struct vc_module *m, vc_value_id id)
{
	return &m->values[id];
}
static inline const uint32_t *vc_value_words(const struct vc_module *m, vc_value_id id)
{
	return &m->words[m->values[id].first_word];
}

/* Code */
struct vc_node *vc_block_append(struct vc_module *m, struct vc_block *b, enum vc_node_kind kind);
/* Appends an instruction; when `type` is not void, a result value is made
 * and stored in instr->dest. Returns the instruction (NULL on OOM). */
struct vc_instr *vc_build(struct vc_module *m, struct vc_block *b, enum vc_op op, vc_type_id type,
			  const vc_value_id *srcs, unsigned nr_srcs);
/* Source i of an instruction (srcs[] then extra[]). */
vc_value_id vc_instr_src(const struct vc_instr *in, unsigned i);
unsigned vc_instr_nr_srcs(const struct vc_instr *in);

const char *vc_op_name(enum vc_op op);
int vc_op_arity(enum vc_op op);   /* -1: variable */

void vc_ir_print(FILE *f, const struct vc_module *m);
void vc_type_print(FILE *f, const struct vc_module *m, vc_type_id id);
