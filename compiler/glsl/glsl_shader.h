/* SPDX-License-Identifier: MIT */
/*
 * glsl_shader: GL's two-step build, glCompileShader then glLinkProgram.
 *
 * glsl_compile() (glsl_compile.h) judges and translates one shader in one
 * call and keeps nothing; that is what the corpus runners and virgl-glslc -c
 * want. GL instead compiles each shader on its own (status and log per
 * shader), and only the link decides what the stages share: one default
 * uniform block, varying locations, attribute locations. So a glsl_shader
 * keeps its token stream, parse tree and sema result alive until it is
 * destroyed, and glsl_shader_link() hands them to glsl_link() and writes the
 * SPIR-V of each linked stage. The IR is dropped once written: the GL layer
 * keeps the SPIR-V and the program's resource lists only.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "glsl_compile.h"
#include "glsl_link.h"

struct glsl_shader;

/* Runs the front end (preprocessor, parser, sema) with in's options
 * (keep_ir is ignored). Returns NULL only when out of memory; otherwise a
 * shader whose status says whether it compiled, with its log. */
struct glsl_shader *glsl_shader_compile(const struct glsl_compile_info *in);
void glsl_shader_destroy(struct glsl_shader *sh);

/* GLSL_COMPILE_OK, _ERROR or _INTERNAL. */
int glsl_shader_status(const struct glsl_shader *sh);
const char *glsl_shader_info_log(const struct glsl_shader *sh);  /* "" when empty */
enum glsl_stage glsl_shader_stage(const struct glsl_shader *sh);
unsigned glsl_shader_version(const struct glsl_shader *sh);       /* 100 or 300; 0 if unknown */
/* A fragment shader's layout(blend_support_...) equations (bit e = enum
 * vc_advanced_blend e; KHR_blend_equation_advanced), 0 for other shaders. */
uint32_t glsl_shader_blend_support(const struct glsl_shader *sh);

/* A derived type a linked program owns (one read from a binary). */
struct glsl_owned_type {
	struct glsl_type type;
	struct glsl_owned_type *next;
};

/* prog's leaf types are built-in statics, but the declared types of
 * prog.attribs/varyings/outputs (arrays, structs) live in the shaders'
 * trees: read them only while the linked shaders exist (a program read
 * from a binary owns them: owned_types). */
struct glsl_linked_program {
	struct glsl_program prog;                  /* resource lists; stage modules dropped */
	uint32_t *words[GLSL_STAGE_COUNT];         /* SPIR-V 1.0 per stage (malloc'ed) */
	size_t nr_words[GLSL_STAGE_COUNT];
	char *info_log;                            /* malloc'ed, "" when empty; NULL if OOM */
	struct glsl_owned_type *owned_types;       /* freed by glsl_linked_program_finish */
	/* a geometry stage (glsl_shader_link_geometry): its SPIR-V (NULL: none)
	 * and its layout, for GL's GEOMETRY_LINKED_* queries */
	uint32_t *gs_words;
	size_t gs_nr_words;
	struct vc_geometry gs;
	/* tessellation stages (glsl_shader_link_tess): their SPIR-V (NULL:
	 * none) and their layouts (the control shader's vertices, the
	 * evaluation shader's domain, spacing, order, point mode) */
	uint32_t *tess_words[2];
	size_t tess_nr_words[2];
	struct vc_tess tess;
};

/* Links a vertex and a fragment shader (indexed by stage; both must be
 * given and compiled, else the link fails with GL's message). 0 on success,
 * -1 on a link error (the log says why). out is always initialised and must
 * be finished. opts may be NULL. */
int glsl_shader_link(struct glsl_shader *const shaders[GLSL_STAGE_COUNT],
		     const struct glsl_link_options *opts, struct glsl_linked_program *out);
void glsl_linked_program_finish(struct glsl_linked_program *out);
/* The same with a geometry shader between the two (gs compiled, of
 * GLSL_STAGE_GEOMETRY); gs NULL links as glsl_shader_link. */
int glsl_shader_link_geometry(struct glsl_shader *const shaders[GLSL_STAGE_COUNT],
			      struct glsl_shader *gs, const struct glsl_link_options *opts,
			      struct glsl_linked_program *out);

/* The same with tessellation control and evaluation shaders too (both
 * compiled, of their stages, or both NULL; the link says which is missing). */
int glsl_shader_link_tess(struct glsl_shader *const shaders[GLSL_STAGE_COUNT],
			  struct glsl_shader *gs, struct glsl_shader *tess[2],
			  const struct glsl_link_options *opts, struct glsl_linked_program *out);

/* ES 3.10: a compute program is its one compute shader, which links on its
 * own (its bindings, the default block, need no agreement with another
 * stage). Lowers and writes sh as glsl_compile would, into out: SPIR-V,
 * resources, local size; the link log (GL's errors: not compiled, no local
 * size) in out->info_log. 0 on success, -1 on a link error. out is always
 * initialised and must be finished (glsl_compiled_finish). */
int glsl_shader_link_compute(struct glsl_shader *sh, struct glsl_compiled *out);
