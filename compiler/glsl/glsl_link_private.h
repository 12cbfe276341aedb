/* SPDX-License-Identifier: MIT */
/*
 * glsl_link's shared state. Files:
 *   glsl_link.c      entry, the cross-stage checks (versions, varyings,
 *                    uniforms, blocks, invariance), the limits
 *   glsl_link_res.c  the program layout (default block, locations) and the
 *                    lowering of both stages
 *   glsl_link_reflect.c  the resource lists for the GL queries
 *   glsl_link_uniform_loc.c  explicit uniform locations (ES 3.10)
 *   glsl_link_xfb.c  the varyings glTransformFeedbackVaryings names
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "glsl_link.h"

#define VS GLSL_STAGE_VERTEX
#define FS GLSL_STAGE_FRAGMENT

struct lk {
	const struct glsl_link_shader *sh;
	const struct glsl_link_shader *gs;    /* opts->geometry: NULL without one */
	const struct glsl_link_shader *tcs, *tes;   /* opts->tess_*: NULL without them */
	const struct glsl_link_options *opts;
	struct glsl_link_limits lim;
	struct glsl_log *log;
	struct glsl_program *p;
	unsigned version;
	bool failed;
	/* the layout handed to the lowering */
	struct glsl_field *uniforms;          /* the default block's members */
	uint32_t nr_uniforms;
	struct glsl_lower_location *attribs;  /* VS inputs */
	uint32_t nr_attribs;
	struct glsl_lower_location *varyings; /* VS outputs = FS inputs */
	uint32_t nr_varyings;
};

/* glsl_link.c */
void lk_error(struct lk *k, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
const char *lk_name(const struct glsl_symbol *s);
bool lk_is_block(const struct glsl_type *t);
bool lk_is_sampler(const struct glsl_type *t);
bool lk_is_image(const struct glsl_type *t);
/* Loose uniforms: the default block's members (gl_DepthRange included). */
bool lk_is_loose_uniform(const struct glsl_symbol *s);
/* The user global of `stage` named `name` with storage, or NULL. */
const struct glsl_symbol *lk_find(const struct lk *k, enum glsl_stage stage, const char *name,
				  enum glsl_storage storage);
/* The vertex output fragment input `in` reads (ES 3.1 §7.4.1): the one at
 * its location when it has one, else the one of its name that has none. */
const struct glsl_symbol *lk_varying_out(const struct lk *k, const struct glsl_symbol *in);
/* Locations a variable takes (a column per matrix column, per element). */
uint32_t lk_slots(const struct glsl_type *t);
/* Types agree (precision aside). */
bool lk_types_match(const struct glsl_type *a, const struct glsl_type *b);
/* Two stages' declarations of a block (or arrays of it): the members'
 * names, types, order and, where prec, precisions. */
bool lk_blocks_match(const struct glsl_type *a, const struct glsl_type *b, bool prec);
/* glsl_link_ioblock.c: in and out blocks agree across the stages. */
bool lk_io_blocks(struct lk *k);

/* glsl_link_tess.c: tessellation stages (k->tcs, k->tes) between the two:
 * their checks, the stage the fragment shader reads (NULL without them),
 * the locations a varying of theirs takes (0: none of theirs), their
 * outputs in the varying table, their semas (0 control, 1 evaluation;
 * NULL without them), their lowering. */
bool lk_tess_check(struct lk *k);
bool lk_mid_add_inputs(struct lk *k);
bool lk_mid_uniforms_agree(struct lk *k, const struct glsl_sema_result *r, const char *what);
/* A separable program linked on its own (not a pipeline's link): an input
 * another program's stage may write needs no output here. */
static inline bool lk_alone(const struct lk *k)
{
	return k->opts && k->opts->separable && !k->opts->pipeline;
}
const struct glsl_sema_result *lk_tess_last(const struct lk *k);
/* glsl_link_options.program_inputs: cons's interface with prod matches exactly. */
bool lk_exact_interface(struct lk *k, const struct glsl_sema_result *prod,
			const struct glsl_sema_result *cons);
uint32_t lk_tess_slots(const struct lk *k, const char *name);
const struct glsl_symbol *lk_tess_output(const struct lk *k, const char *name);
bool lk_tess_add_outputs(struct lk *k);
const struct glsl_sema_result *lk_tess_sema(const struct lk *k, unsigned i);
bool lk_tess_lower(struct lk *k);

/* glsl_link_geometry.c: a geometry stage (k->gs) between the two: its
 * checks, its outputs in the varying table, its lowering; and the stages
 * by their GLSL_LINK_STAGES index (NULL for an absent geometry stage). */
const struct glsl_sema_result *lk_stage_sema(const struct lk *k, unsigned st);
const struct glsl_lower_result *lk_stage_lowered(const struct lk *k, unsigned st);
bool lk_gs_check(struct lk *k);
const struct glsl_symbol *lk_gs_output(const struct lk *k, const char *name);
bool lk_gs_add_outputs(struct lk *k);
bool lk_gs_lower(struct lk *k);

/* glsl_link_res.c */
bool lk_assign_attribs(struct lk *k);
bool lk_assign_varyings(struct lk *k);
bool lk_check_outputs(struct lk *k);
bool lk_merge_uniforms(struct lk *k);
bool lk_lower(struct lk *k);

/* glsl_link_reflect.c */
bool lk_resources(struct lk *k);

/* glsl_link_uniform_loc.c: ES 3.10 layout(location) of uniforms onto the
 * default-block leaves of p->uniforms (after lk_resources), with the
 * cross-stage, overlap and range checks. */
bool lk_uniform_locations(struct lk *k);

/* glsl_link_xfb.c: resolves opts->xfb_varyings into p->xfb (after the
 * varyings have locations). */
bool lk_xfb(struct lk *k);
