/* SPDX-License-Identifier: MIT */
/*
 * glsl_link: a vertex and a fragment shader (after glsl_sema) -> a program.
 *
 * The linker checks what GLSL ES 1.00 / 3.00 require of two shaders that are
 * linked together and decides what they must agree on, then lowers both
 * shaders with that program-wide layout (glsl_lower_with_layout):
 *
 *  - versions: both shaders have the same #version, and both have main();
 *  - varyings (VS outputs / FS inputs), matched by name: same type (structs
 *    member by member), flat/smooth must match in 3.00, invariance must match
 *    in 1.00 (explicit qualifiers, as Mesa); precision and centroid need not
 *    match. An FS input that is used must have a VS output. gl_FragCoord
 *    (gl_PointCoord) may be invariant only if gl_Position (gl_PointSize) is.
 *    Locations are assigned here, so both stages agree;
 *  - uniforms declared in both stages: same type and precision (structs
 *    member by member, precision included); all loose uniforms of the program
 *    form ONE std140 default block (VS uniforms in declaration order, then the
 *    FS-only ones), which both shaders are lowered with;
 *  - uniform blocks of the same name: same members (names, types, precision,
 *    matrix layout), same block layout qualifiers and array size;
 *  - vertex attributes: layout(location), then the application's
 *    glBindAttribLocation bindings, then the first free locations in name
 *    order; aliasing is an error in 3.00;
 *  - fragment outputs: locations inside the draw buffers, no overlap;
 *  - limits: attributes, varying vectors, uniform vectors per stage,
 *    texture units per stage and combined, blocks per stage and combined,
 *    block sizes.
 * Errors are GL link-log lines ("error: ..."); the first one stops the link.
 *
 * The program's resource lists are what the GL queries report
 * (glGetActiveUniform, glGetActiveUniformBlockiv, glGetActiveAttrib, ...).
 * Array leaves are named without "[0]" and carry array_size, as
 * glsl_lower_res does; arrays of structs are expanded ("a[1].f").
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "glsl_log.h"
#include "glsl_lower.h"
#include "glsl_sema.h"
#include "glsl_types.h"

/* One compiled shader: its typed tree and sema result (they, and the token
 * stream they name identifiers from, must stay alive during glsl_link). */
struct glsl_link_shader {
	const struct glsl_ast *ast;
	const struct glsl_sema_result *sema;
};

/* glBindAttribLocation. */
struct glsl_attrib_binding {
	const char *name;
	int32_t location;
};

/* Implementation limits; zero fields take the defaults below (GL ES 3.0). */
struct glsl_link_limits {
	uint32_t max_vertex_attribs;
	uint32_t max_varying_vectors;
	/* locations the device has for varyings: each varying (or array element,
	 * matrix column) takes one of its own, unpacked; 0: no bound but the
	 * compiler's */
	uint32_t max_varying_locations;
	uint32_t max_vertex_uniform_vectors;
	uint32_t max_fragment_uniform_vectors;
	uint32_t max_vertex_texture_units;
	uint32_t max_fragment_texture_units;
	uint32_t max_combined_texture_units;
	uint32_t max_draw_buffers;
	uint32_t max_vertex_uniform_blocks;
	uint32_t max_fragment_uniform_blocks;
	uint32_t max_combined_uniform_blocks;
	uint32_t max_uniform_block_size;
	uint32_t max_xfb_interleaved_components;
	uint32_t max_xfb_separate_attribs;
	uint32_t max_xfb_separate_components;
	uint32_t max_uniform_locations;   /* ES 3.10 layout(location) of uniforms */
};

#define GLSL_LINK_DEFAULT_ATTRIBS 16
#define GLSL_LINK_DEFAULT_VARYING_VECTORS 15
#define GLSL_LINK_DEFAULT_VS_UNIFORM_VECTORS 256
#define GLSL_LINK_DEFAULT_FS_UNIFORM_VECTORS 224
#define GLSL_LINK_DEFAULT_TEXTURE_UNITS 16
#define GLSL_LINK_DEFAULT_COMBINED_UNITS 32
#define GLSL_LINK_DEFAULT_DRAW_BUFFERS 4
#define GLSL_LINK_DEFAULT_STAGE_BLOCKS 12
#define GLSL_LINK_DEFAULT_COMBINED_BLOCKS 24
#define GLSL_LINK_DEFAULT_BLOCK_SIZE 16384
#define GLSL_LINK_DEFAULT_XFB_INTERLEAVED 64
#define GLSL_LINK_DEFAULT_XFB_SEPARATE_ATTRIBS 4
#define GLSL_LINK_DEFAULT_XFB_SEPARATE_COMPONENTS 4
#define GLSL_LINK_DEFAULT_UNIFORM_LOCATIONS 1024

struct glsl_link_options {
	const struct glsl_attrib_binding *attrib_bindings;
	uint32_t nr_attrib_bindings;
	struct glsl_link_limits limits;
	/* glTransformFeedbackVaryings: the names to capture, and whether each
	 * goes to a buffer of its own (SEPARATE_ATTRIBS) or all interleave
	 * into buffer 0 */
	const char *const *xfb_varyings;
	uint32_t nr_xfb_varyings;
	bool xfb_separate;
	/* ES 3.10 separable programs: the fragment shader's inputs need no
	 * vertex shader output (another program's vertex shader writes them),
	 * and varyings[] lists both stages' whole interface */
	bool separable;
	/* ES 3.1 §7.4.1, 11.1.3.11: the stages of a program pipeline that
	 * come from two separable programs: every fragment input must have its
	 * vertex output, declared with the same precision (or validation fails) */
	bool pipeline;
	/* in such a pipeline, the stages (bits 1 << GLSL_STAGE_*) whose
	 * inputs another program's stage writes: a geometry or tessellation
	 * stage's interface with the stage before it then matches exactly
	 * (every output read, the same precisions); 0: the fragment stage's only */
	uint32_t program_inputs;
	/* a separable program of a vertex shader alone (its fragment shader a
	 * stand-in): the built-ins it writes (gl_Position, gl_PointSize) are
	 * outputs of the program's last stage, listed in varyings[] too */
	bool vs_alone;
	/* a separable program's stages that are stand-ins (bits 1 << GLSL_STAGE_*
	 * or GLSL_LINK_*): a program whose first or last stage is a geometry or
	 * tessellation shader lists that stage's inputs in attribs[], its
	 * outputs in outputs[] */
	uint32_t stand_ins;
	/* EXT_geometry_shader: a geometry shader between the two, or NULL */
	const struct glsl_link_shader *geometry;
	/* EXT_tessellation_shader: the control and evaluation shaders between
	 * the two (both or neither), or NULL */
	const struct glsl_link_shader *tess_ctrl, *tess_eval;
};

/* The stages a program's resources are bound in: the graphics stages, then
 * a geometry stage's (glsl_link_options.geometry) at GLSL_LINK_GEOMETRY. */
#define GLSL_LINK_GEOMETRY GLSL_STAGE_COUNT
/* and the tessellation stages' (glsl_link_options.tess_ctrl / tess_eval) */
#define GLSL_LINK_TESS_CTRL (GLSL_STAGE_COUNT + 1)
#define GLSL_LINK_TESS_EVAL (GLSL_STAGE_COUNT + 2)
#define GLSL_LINK_STAGES (GLSL_STAGE_COUNT + 3)

/* Per-stage binding of a resource: -1 where the stage does not declare it. */
struct glsl_link_stage_binding {
	int32_t binding[GLSL_LINK_STAGES];
};

/* A uniform leaf: of the default block (block == -1) or a block member. */
struct glsl_prog_uniform {
	char *name;                    /* "u", "s.f", "a[1].f", "Block.m" */
	const struct glsl_type *type;  /* built-in leaf type (samplers too) */
	enum glsl_precision precision;
	uint32_t array_size;           /* 0: not an array */
	int32_t block;                 /* index in blocks[], -1: default block */
	uint32_t offset;               /* bytes in its block (samplers: 0) */
	uint32_t array_stride, matrix_stride;
	bool row_major;
	bool unsized;                  /* an unsized array (array_size 0): buffer blocks */
	/* block members: the member of the block this leaf is (in): its array
	 * length (1: not an array, 0: unsized) and stride */
	uint32_t top_array_size, top_array_stride;
	/* samplers: layout(binding) (ES 3.10), the unit of element 0 */
	bool explicit_binding;
	uint32_t gl_binding;
	/* default-block uniforms: layout(location) (ES 3.10), the location of
	 * element 0; the elements take the ones after it */
	bool explicit_location;
	uint32_t gl_location;
	/* samplers: the binding of element 0 in each stage's module; other
	 * default-block leaves: the default block's binding in the stages that
	 * declare the uniform (-1 in the others); block members: -1 */
	struct glsl_link_stage_binding stage;
};

struct glsl_prog_block {
	char *name;                    /* "Block", "Block[1]" for arrays of blocks */
	uint32_t size;                 /* bytes of data (std140, no trailing padding) */
	struct glsl_link_stage_binding stage;   /* the binding in each stage's module */
	uint32_t first_uniform, nr_uniforms;    /* its members in uniforms[] */
	/* layout(binding) (ES 3.10): the initial binding point (element i of an
	 * array of blocks: binding + i; saturates at INT32_MAX) */
	bool explicit_binding;
	uint32_t gl_binding;
};

/* Attributes, varyings and fragment outputs. */
struct glsl_prog_var {
	char *name;
	const struct glsl_type *type;  /* the declared type (arrays, structs too) */
	enum glsl_precision precision;
	/* first location; built-ins -1; varyings: their layout(location), else
	 * -1 (GL_LOCATION; the linker's placement is in the stages' resources) */
	int32_t location;
	uint32_t slots;                /* locations taken */
	bool patch;                    /* a per-patch varying (GL_IS_PER_PATCH_EXT) */
};

/*
 * A captured varying (ES 3.0 section 2.15.2), in the order given: GL's
 * type and size (array elements of a whole array, else 1) of what it names,
 * and where it lives: `slots` consecutive locations from `location` (or
 * GLSL_XFB_POSITION / GLSL_XFB_POINT_SIZE, one slot) of `slot_components`
 * components each, written to `buffer` at `offset` dwords of each vertex's
 * record, slot after slot.
 */
#define GLSL_XFB_POSITION 0x100u
#define GLSL_XFB_POINT_SIZE 0x101u

struct glsl_prog_xfb {
	char *name;
	const struct glsl_type *type;  /* built-in leaf type */
	uint32_t size;
	uint32_t location, slots, slot_components;
	uint32_t buffer, offset;
};

struct glsl_program {
	unsigned version;
	struct glsl_lower_result stages[GLSL_STAGE_COUNT];  /* the lowered shaders */
	struct glsl_lower_result geometry;   /* the lowered geometry shader (module NULL: none) */
	struct glsl_lower_result tess_ctrl, tess_eval;   /* likewise, tessellation */
	struct glsl_prog_uniform *uniforms;   /* default block leaves, samplers, block members */
	uint32_t nr_uniforms;
	struct glsl_prog_block *blocks;
	uint32_t nr_blocks;
	struct glsl_prog_var *attribs, *varyings, *outputs;
	uint32_t nr_attribs, nr_varyings, nr_outputs;
	uint32_t default_block_size;   /* bytes; 0: no loose uniforms */
	struct glsl_prog_xfb *xfb;     /* captured varyings, in the order named */
	uint32_t nr_xfb;
	bool xfb_separate;
	uint32_t xfb_strides[4];       /* dwords per vertex record of each buffer */
	/* the fragment shader's layout(blend_support_...) equations
	 * (KHR_blend_equation_advanced; bit e = enum vc_advanced_blend e) */
	uint32_t blend_support;
	uint32_t cap_uniforms, cap_blocks, cap_vars[3];   /* storage bookkeeping */
};

/* 0 on success (*prog filled), -1 with the reason in log. *prog is always
 * initialised and must be finished. opts may be NULL. */
int glsl_link(const struct glsl_link_shader shaders[GLSL_STAGE_COUNT],
	      const struct glsl_link_options *opts, struct glsl_log *log,
	      struct glsl_program *prog);
void glsl_program_finish(struct glsl_program *prog);
/* Appends the leaves of a uniform or buffer block of type `block` to
 * p->uniforms as members of blocks[block_index], named as GL names them
 * ("Block.m" when the block has an instance name, else "m"), laid out by the
 * block's packing. A buffer block's top-level arrays of structs or arrays
 * list their first element only (ES 3.1 §7.3.1.1). For programs linked
 * without glsl_link (compute). */
bool glsl_program_add_block_members(struct glsl_program *p, const struct glsl_type *block,
				    bool instance_named, int32_t block_index, bool buffer);
/* Lookups by name ("u", "s.f", "Block.m"); NULL when absent. */
const struct glsl_prog_uniform *glsl_program_uniform(const struct glsl_program *p,
						      const char *name);
const struct glsl_prog_block *glsl_program_block(const struct glsl_program *p, const char *name);
const struct glsl_prog_var *glsl_program_attrib(const struct glsl_program *p, const char *name);
const struct glsl_prog_var *glsl_program_varying(const struct glsl_program *p, const char *name);
const struct glsl_prog_var *glsl_program_output(const struct glsl_program *p, const char *name);
