/* SPDX-License-Identifier: MIT */
/*
 * The GLSL ES 1.00 / 3.00 front end's types.
 *
 * Built-in types (void, scalars, vectors, matrices, samplers) are interned:
 * each exists once, in glsl_builtin_types[], so two of them are the same type
 * exactly when their pointers are equal. Derived types (arrays, structs,
 * interface blocks) live in memory the caller owns (the front end's arena);
 * glsl_type_init_*() fill them in and never allocate, so nothing here can
 * fail or needs freeing.
 *
 * Precision is not part of the type: `highp vec4` and `mediump vec4` are the
 * same type for overload resolution and assignment, so precision travels
 * beside the type (struct glsl_ptype) and only matters for defaults, linking
 * and RelaxedPrecision.
 *
 * Layout helpers implement std140 (ES 3.00 §2.11.4 of the GL ES 3.0 spec):
 * the linker and the default-uniform-block pass lay out blocks with them.
 * Mapping to the IR of compiler/vc_ir.h is glsl_type_to_ir().
 */
#pragma once

#include "glsl_stage.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "vc_ir.h"

/* The language versions the front end accepts (`#version 100`, `300 es`,
 * `310 es`, `320 es`). 3.20 is 3.10 with its extensions' features in core:
 * the code tests `>= GLSL_ES_310` and the extensions, which a 3.20 shader
 * has enabled from the start (glsl_pp.c). */
enum glsl_es_version {
	GLSL_ES_100 = 100,
	GLSL_ES_300 = 300,
	GLSL_ES_310 = 310,
	GLSL_ES_320 = 320,
};

/* "1.00", "3.00", "3.10", "3.20" for messages (inline: the preprocessor and the
 * parser, which do not link the types, use it too). */
static inline const char *glsl_es_version_name(unsigned version)
{
	return version >= GLSL_ES_320 ? "3.20" : version >= GLSL_ES_310 ? "3.10" :
	       version >= GLSL_ES_300 ? "3.00" : "1.00";
}

enum glsl_type_kind {
	GLSL_KIND_VOID,
	GLSL_KIND_SCALAR,
	GLSL_KIND_VECTOR,
	GLSL_KIND_MATRIX,
	GLSL_KIND_SAMPLER,
	GLSL_KIND_ARRAY,
	GLSL_KIND_STRUCT,
	GLSL_KIND_BLOCK,    /* uniform (3.00) or buffer (3.10) interface block */
	GLSL_KIND_ATOMIC,   /* atomic_uint (3.10): opaque, a counter in a buffer */
};

/* Component type of scalars, vectors and matrices; result type of samplers. */
enum glsl_base {
	GLSL_BASE_NONE,
	GLSL_BASE_BOOL,
	GLSL_BASE_INT,
	GLSL_BASE_UINT,
	GLSL_BASE_FLOAT,
};

enum glsl_sampler_dim {
	GLSL_DIM_NONE,
	GLSL_DIM_2D,
	GLSL_DIM_3D,
	GLSL_DIM_CUBE,
	GLSL_DIM_2D_MS,   /* multisample 2D (ES 3.10): texelFetch by sample, no filtering */
	GLSL_DIM_BUFFER,  /* a buffer texture (EXT_texture_buffer): texelFetch by index */
};

/* Ordered: a larger value is a higher precision (the result of an operation
 * takes the highest precision among its operands). */
enum glsl_precision {
	GLSL_PREC_NONE,
	GLSL_PREC_LOW,
	GLSL_PREC_MEDIUM,
	GLSL_PREC_HIGH,
};

enum glsl_matrix_layout {
	GLSL_MATRIX_INHERIT,   /* from the enclosing block or the default */
	GLSL_MATRIX_COLUMN,
	GLSL_MATRIX_ROW,
};

enum glsl_block_packing {
	GLSL_PACKING_SHARED,   /* the ES 3.00 default; laid out as std140 */
	GLSL_PACKING_PACKED,   /* also laid out as std140: any layout is allowed */
	GLSL_PACKING_STD140,
	GLSL_PACKING_STD430,   /* buffer blocks (ES 3.10) */
};

/*
 * The built-in types: X(ID, name, kind, base, cols, rows) for numeric types,
 * S(ID, name, base, dim, arrayed, shadow) for samplers. `first_version` comes
 * from glsl_type_version() (uint, non-square matrices and all samplers other
 * than sampler2D/samplerCube are 3.00 only). rows is the vector size (1 for
 * scalars) or the matrix's row count; matCxR has C columns and R rows.
 */
#define GLSL_NUMERIC_TYPES(X) \
	X(VOID, "void", VOID, NONE, 0, 0) \
	X(BOOL, "bool", SCALAR, BOOL, 1, 1) X(BVEC2, "bvec2", VECTOR, BOOL, 1, 2) \
	X(BVEC3, "bvec3", VECTOR, BOOL, 1, 3) X(BVEC4, "bvec4", VECTOR, BOOL, 1, 4) \
	X(INT, "int", SCALAR, INT, 1, 1) X(IVEC2, "ivec2", VECTOR, INT, 1, 2) \
	X(IVEC3, "ivec3", VECTOR, INT, 1, 3) X(IVEC4, "ivec4", VECTOR, INT, 1, 4) \
	X(UINT, "uint", SCALAR, UINT, 1, 1) X(UVEC2, "uvec2", VECTOR, UINT, 1, 2) \
	X(UVEC3, "uvec3", VECTOR, UINT, 1, 3) X(UVEC4, "uvec4", VECTOR, UINT, 1, 4) \
	X(FLOAT, "float", SCALAR, FLOAT, 1, 1) X(VEC2, "vec2", VECTOR, FLOAT, 1, 2) \
	X(VEC3, "vec3", VECTOR, FLOAT, 1, 3) X(VEC4, "vec4", VECTOR, FLOAT, 1, 4) \
	X(MAT2, "mat2", MATRIX, FLOAT, 2, 2) X(MAT2X3, "mat2x3", MATRIX, FLOAT, 2, 3) \
	X(MAT2X4, "mat2x4", MATRIX, FLOAT, 2, 4) X(MAT3X2, "mat3x2", MATRIX, FLOAT, 3, 2) \
	X(MAT3, "mat3", MATRIX, FLOAT, 3, 3) X(MAT3X4, "mat3x4", MATRIX, FLOAT, 3, 4) \
	X(MAT4X2, "mat4x2", MATRIX, FLOAT, 4, 2) X(MAT4X3, "mat4x3", MATRIX, FLOAT, 4, 3) \
	X(MAT4, "mat4", MATRIX, FLOAT, 4, 4)

#define GLSL_SAMPLER_TYPES(S) \
	S(SAMPLER2D, "sampler2D", FLOAT, 2D, false, false) \
	S(SAMPLER3D, "sampler3D", FLOAT, 3D, false, false) \
	S(SAMPLERCUBE, "samplerCube", FLOAT, CUBE, false, false) \
	S(SAMPLER2DARRAY, "sampler2DArray", FLOAT, 2D, true, false) \
	S(SAMPLER2DSHADOW, "sampler2DShadow", FLOAT, 2D, false, true) \
	S(SAMPLERCUBESHADOW, "samplerCubeShadow", FLOAT, CUBE, false, true) \
	S(SAMPLER2DARRAYSHADOW, "sampler2DArrayShadow", FLOAT, 2D, true, true) \
	S(ISAMPLER2D, "isampler2D", INT, 2D, false, false) \
	S(ISAMPLER3D, "isampler3D", INT, 3D, false, false) \
	S(ISAMPLERCUBE, "isamplerCube", INT, CUBE, false, false) \
	S(ISAMPLER2DARRAY, "isampler2DArray", INT, 2D, true, false) \
	S(USAMPLER2D, "usampler2D", UINT, 2D, false, false) \
	S(USAMPLER3D, "usampler3D", UINT, 3D, false, false) \
	S(USAMPLERCUBE, "usamplerCube", UINT, CUBE, false, false) \
	S(USAMPLER2DARRAY, "usampler2DArray", UINT, 2D, true, false) \
	S(SAMPLER2DMS, "sampler2DMS", FLOAT, 2D_MS, false, false) \
	S(ISAMPLER2DMS, "isampler2DMS", INT, 2D_MS, false, false) \
	S(USAMPLER2DMS, "usampler2DMS", UINT, 2D_MS, false, false) \
	S(SAMPLEREXTERNALOES, "samplerExternalOES", FLOAT, 2D, false, false) \
	S(SAMPLERCUBEARRAY, "samplerCubeArray", FLOAT, CUBE, true, false) \
	S(SAMPLERCUBEARRAYSHADOW, "samplerCubeArrayShadow", FLOAT, CUBE, true, true) \
	S(ISAMPLERCUBEARRAY, "isamplerCubeArray", INT, CUBE, true, false) \
	S(USAMPLERCUBEARRAY, "usamplerCubeArray", UINT, CUBE, true, false) \
	S(SAMPLERBUFFER, "samplerBuffer", FLOAT, BUFFER, false, false) \
	S(ISAMPLERBUFFER, "isamplerBuffer", INT, BUFFER, false, false) \
	S(USAMPLERBUFFER, "usamplerBuffer", UINT, BUFFER, false, false) \
	S(SAMPLER2DMSARRAY, "sampler2DMSArray", FLOAT, 2D_MS, true, false) \
	S(ISAMPLER2DMSARRAY, "isampler2DMSArray", INT, 2D_MS, true, false) \
	S(USAMPLER2DMSARRAY, "usampler2DMSArray", UINT, 2D_MS, true, false)

/* The ES 3.10 image types: I(ID, name, base, dim, arrayed). They are opaque
 * like samplers (kind GLSL_KIND_SAMPLER, `image` set); the format a
 * declaration gives (layout(rgba8)) belongs to the variable, not the type. */
#define GLSL_IMAGE_TYPES(I) \
	I(IMAGE2D, "image2D", FLOAT, 2D, false) I(IIMAGE2D, "iimage2D", INT, 2D, false) \
	I(UIMAGE2D, "uimage2D", UINT, 2D, false) I(IMAGE3D, "image3D", FLOAT, 3D, false) \
	I(IIMAGE3D, "iimage3D", INT, 3D, false) I(UIMAGE3D, "uimage3D", UINT, 3D, false) \
	I(IMAGECUBE, "imageCube", FLOAT, CUBE, false) I(IIMAGECUBE, "iimageCube", INT, CUBE, false) \
	I(UIMAGECUBE, "uimageCube", UINT, CUBE, false) \
	I(IMAGE2DARRAY, "image2DArray", FLOAT, 2D, true) \
	I(IIMAGE2DARRAY, "iimage2DArray", INT, 2D, true) \
	I(UIMAGE2DARRAY, "uimage2DArray", UINT, 2D, true) \
	I(IMAGECUBEARRAY, "imageCubeArray", FLOAT, CUBE, true) \
	I(IIMAGECUBEARRAY, "iimageCubeArray", INT, CUBE, true) \
	I(UIMAGECUBEARRAY, "uimageCubeArray", UINT, CUBE, true) \
	I(IMAGEBUFFER, "imageBuffer", FLOAT, BUFFER, false) \
	I(IIMAGEBUFFER, "iimageBuffer", INT, BUFFER, false) \
	I(UIMAGEBUFFER, "uimageBuffer", UINT, BUFFER, false)

/* The ES 3.10 atomic counter type: A(ID, name). Opaque (kind GLSL_KIND_ATOMIC);
 * its binding and offset belong to the variable. */
#define GLSL_ATOMIC_TYPES(A) A(ATOMIC_UINT, "atomic_uint")

#define GLSL_TID_ENUM(id, ...) GLSL_TID_##id,
enum glsl_type_id {
	GLSL_NUMERIC_TYPES(GLSL_TID_ENUM)
	GLSL_SAMPLER_TYPES(GLSL_TID_ENUM)
	GLSL_IMAGE_TYPES(GLSL_TID_ENUM)
	GLSL_ATOMIC_TYPES(GLSL_TID_ENUM)
	GLSL_TID_COUNT,
	GLSL_TID_NONE = GLSL_TID_COUNT,   /* derived types */
};
#undef GLSL_TID_ENUM

struct glsl_type;

/* A struct or block member. */
struct glsl_field {
	const char *name;
	const struct glsl_type *type;
	enum glsl_precision precision;
	enum glsl_matrix_layout matrix_layout;
	uint32_t memory;              /* buffer block members: GLSL_Q_READONLY... (glsl_ast.h) */
};

struct glsl_type {
	enum glsl_type_kind kind;
	enum glsl_base base;
	uint8_t cols;                 /* matrices: columns; scalars, vectors: 1 */
	uint8_t rows;                 /* vector size, matrix rows; 1 for scalars */
	uint8_t id;                   /* enum glsl_type_id; GLSL_TID_NONE if derived */
	enum glsl_sampler_dim dim;    /* samplers */
	bool arrayed, shadow;         /* samplers */
	bool image;                   /* samplers: an image type (ES 3.10) */
	const struct glsl_type *elem; /* arrays */
	uint32_t length;              /* arrays: 0 = unsized (`float a[]`) */
	const char *name;             /* built-ins, structs, blocks */
	const struct glsl_field *fields;
	uint32_t nr_fields;
	enum glsl_block_packing packing;          /* blocks */
	enum glsl_matrix_layout matrix_layout;    /* blocks: the default of members */
};

/* A type with the precision it was declared (or defaulted) with. */
struct glsl_ptype {
	const struct glsl_type *type;
	enum glsl_precision precision;
};

extern const struct glsl_type glsl_builtin_types[GLSL_TID_COUNT];

static inline const struct glsl_type *glsl_type_get(enum glsl_type_id id)
{
	return &glsl_builtin_types[id];
}

#define glsl_type_void (&glsl_builtin_types[GLSL_TID_VOID])
#define glsl_type_bool (&glsl_builtin_types[GLSL_TID_BOOL])
#define glsl_type_int (&glsl_builtin_types[GLSL_TID_INT])
#define glsl_type_uint (&glsl_builtin_types[GLSL_TID_UINT])
#define glsl_type_float (&glsl_builtin_types[GLSL_TID_FLOAT])
#define glsl_type_vec2 (&glsl_builtin_types[GLSL_TID_VEC2])
#define glsl_type_vec3 (&glsl_builtin_types[GLSL_TID_VEC3])
#define glsl_type_vec4 (&glsl_builtin_types[GLSL_TID_VEC4])
#define glsl_type_ivec2 (&glsl_builtin_types[GLSL_TID_IVEC2])
#define glsl_type_ivec3 (&glsl_builtin_types[GLSL_TID_IVEC3])
#define glsl_type_ivec4 (&glsl_builtin_types[GLSL_TID_IVEC4])
#define glsl_type_mat2 (&glsl_builtin_types[GLSL_TID_MAT2])
#define glsl_type_mat3 (&glsl_builtin_types[GLSL_TID_MAT3])
#define glsl_type_mat4 (&glsl_builtin_types[GLSL_TID_MAT4])
#define glsl_type_sampler2D (&glsl_builtin_types[GLSL_TID_SAMPLER2D])
#define glsl_type_samplerCube (&glsl_builtin_types[GLSL_TID_SAMPLERCUBE])

/* The IR type of an image variable (or an array of them) declared with
 * `format` (enum vc_format; the layout qualifier). */
vc_type_id glsl_image_to_ir(struct vc_module *m, const struct glsl_type *t, unsigned format);

/* Built-in types by shape; NULL when there is none (e.g. a bool matrix). */
const struct glsl_type *glsl_type_vector(enum glsl_base base, unsigned rows);
const struct glsl_type *glsl_type_matrix(unsigned cols, unsigned rows);
/* The built-in type a keyword names in `version` (mat2x2 is mat2 in 3.00);
 * NULL if the keyword is not a type name there. */
const struct glsl_type *glsl_type_by_name(const char *name, size_t len,
					  enum glsl_es_version version);
/* The first version a built-in type exists in. */
enum glsl_es_version glsl_type_version(const struct glsl_type *t);

/* Derived types: `t` is caller-owned storage, filled in here. */
void glsl_type_init_array(struct glsl_type *t, const struct glsl_type *elem, uint32_t length);
void glsl_type_init_struct(struct glsl_type *t, const char *name,
			   const struct glsl_field *fields, uint32_t nr_fields);
void glsl_type_init_block(struct glsl_type *t, const char *name,
			  const struct glsl_field *fields, uint32_t nr_fields,
			  enum glsl_block_packing packing, enum glsl_matrix_layout layout);

/* Same type: built-ins by pointer, arrays by element and length, structs
 * and blocks by declaration (pointer), as GLSL ES name equivalence says. */
bool glsl_type_equal(const struct glsl_type *a, const struct glsl_type *b);

static inline bool glsl_type_is_builtin(const struct glsl_type *t)
{
	return t->id != GLSL_TID_NONE;
}
bool glsl_type_is_numeric(const struct glsl_type *t);  /* scalar, vector, matrix */
bool glsl_type_is_integer(const struct glsl_type *t);  /* int/uint scalar or vector */
bool glsl_type_is_opaque(const struct glsl_type *t);   /* contains a sampler */
/* An array with a level still unsized (length 0): `a[][3]` before its
 * initializer sizes it, or a buffer's runtime-sized last member. */
bool glsl_type_has_unsized(const struct glsl_type *t);
/* `have` is `want` with want's unsized levels given lengths. */
bool glsl_type_fits_unsized(const struct glsl_type *want, const struct glsl_type *have);
/* An array whose elements are arrays (3.10). */
bool glsl_type_is_aoa(const struct glsl_type *t);
/* The element type under every array level (t itself if not an array). */
const struct glsl_type *glsl_type_innermost(const struct glsl_type *t);
/* The innermost elements of an array of arrays (`B b[2][3]`: 6); 1 for a
 * non-array, UINT32_MAX past it. */
uint32_t glsl_type_array_elements(const struct glsl_type *t);
/* The locations an input or output of type t takes: a matrix one per
 * column, arrays and structs their elements' and members' together. */
uint32_t glsl_type_slots(const struct glsl_type *t);
/* An image type, or an array of them (ES 3.10). */
bool glsl_type_is_image(const struct glsl_type *t);
/* atomic_uint, or an array of them (ES 3.10). */
bool glsl_type_is_atomic(const struct glsl_type *t);
/* Whether values of t take memory in a uniform block: all but samplers and
 * structs (arrays) of samplers only. Explicit layouts leave the others out. */
bool glsl_type_has_data(const struct glsl_type *t);
/* The member index of s's field `field` in its explicit layout, where the
 * fields without data are left out (opaque members live outside blocks). */
uint32_t glsl_type_data_field(const struct glsl_type *s, uint32_t field);
/* Scalar components of one value (mat2x3: 6; arrays and structs: the sum). */
uint32_t glsl_type_components(const struct glsl_type *t);
/* The type of `m[i]` / `v[i]`: a matrix column or a vector's scalar. */
const struct glsl_type *glsl_type_column(const struct glsl_type *t);

/* Precision rules. */
/* Whether a precision qualifier may be given to values of this type: float,
 * int, uint and samplers (and arrays of them); not bool, void or structs. */
bool glsl_type_takes_precision(const struct glsl_type *t);
/* The default precision of `t` in a stage before any `precision` statement:
 * VS float/int highp; FS int mediump and float NONE (the shader must say);
 * sampler2D and samplerCube lowp; other samplers NONE (3.00). */
enum glsl_precision glsl_default_precision(enum glsl_stage stage, const struct glsl_type *t);
const char *glsl_precision_name(enum glsl_precision p);

/* Names for messages: "mat2x3", "float[4]", "struct S", "highp vec4".
 * Returns buf; the text is truncated to fit `size`. */
const char *glsl_type_name(const struct glsl_type *t, char *buf, size_t size);
const char *glsl_ptype_name(struct glsl_ptype pt, char *buf, size_t size);

/* std140 (std430 inside a block whose packing is GLSL_PACKING_STD430: the
 * block decides for its members). row_major applies to matrices (and is inherited by the members of
 * structs unless they say otherwise). Sizes of structs and arrays include
 * their trailing padding, as the rules require for the next member's offset. */
uint32_t glsl_std140_align(const struct glsl_type *t, bool row_major);
uint32_t glsl_std140_size(const struct glsl_type *t, bool row_major);
uint32_t glsl_std140_array_stride(const struct glsl_type *array, bool row_major);
/* Byte distance between the columns (rows, if row_major) of a matrix, or of
 * the matrices in an array of them; 0 for other types. */
uint32_t glsl_std140_matrix_stride(const struct glsl_type *t, bool row_major);
/* Offsets of the members of a struct or block, in `offsets[nr_fields]`;
 * returns the byte size of the contents: the end of the last member, without
 * the block's trailing padding (the value GL reports as the block's data size
 * for glslang and Mesa). */
uint32_t glsl_std140_offsets(const struct glsl_type *s, bool row_major, uint32_t *offsets);
/* The same inside a block of the given packing (std430: true), for a type
 * that is a member of the block or lies inside one: the member does not say
 * which rules apply, its block does. */
uint32_t glsl_layout_array_stride(const struct glsl_type *array, bool row_major, bool std430);
uint32_t glsl_layout_matrix_stride(const struct glsl_type *t, bool row_major, bool std430);
uint32_t glsl_layout_offsets(const struct glsl_type *s, bool row_major, bool std430,
			     uint32_t *offsets);

/* The IR type of a GLSL type. With `explicit_layout` (uniform blocks) arrays
 * get std140 strides, structs member offsets and matrix strides, and bool
 * becomes uint (GL stores it as a 32-bit 0/1). Returns 0 on OOM (m->oom). */
vc_type_id glsl_type_to_ir(struct vc_module *m, const struct glsl_type *t, bool explicit_layout);

/* glsl_type_to_ir() without explicit layout, taking the IR type of each array
 * element and struct member from sub(data, type). glsl_type_to_ir() makes a
 * new IR struct at every occurrence of a GLSL struct (structs are not shared:
 * each keeps its own decorations), so a caller that needs one IR struct per
 * GLSL struct (values of a nested struct or an array element must have the
 * type that a constructor of that struct has) passes its map here. */
typedef vc_type_id (*glsl_ir_sub_fn)(void *data, const struct glsl_type *t);
vc_type_id glsl_type_to_ir_sub(struct vc_module *m, const struct glsl_type *t,
			       glsl_ir_sub_fn sub, void *data);
