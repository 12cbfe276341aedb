/* SPDX-License-Identifier: MIT */
/*
 * A geometry shader between the vertex and fragment shaders
 * (EXT_geometry_shader). It sits in the program's one varying table: its
 * per-vertex inputs take the locations of the vertex outputs of their names,
 * its outputs those of the fragment inputs of their names (an output no
 * fragment input reads gets a location of its own), and it shares the
 * default uniform block and the uniform blocks and samplers of the others
 * (each listed once, with its binding in every stage: GLSL_LINK_GEOMETRY).
 * Its images, buffers and atomic counters are the GL layer's to list and
 * bind (from its lowering's resources), as the other stages' are.
 */
#include <stdlib.h>
#include <string.h>

#include "glsl_link_private.h"

/* The stage before the geometry shader: the evaluation shader where the
 * program tessellates, else the vertex shader. */
static const struct glsl_sema_result *gs_producer(const struct lk *k)
{
	return k->tes ? lk_tess_last(k) : k->sh[VS].sema;
}

static const struct glsl_symbol *producer_output(const struct lk *k, const char *name)
{
	const struct glsl_sema_result *r = gs_producer(k);

	for (uint32_t i = 0; i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i];

		if (s->kind == GLSL_SYM_VAR && s->storage == GLSL_STORAGE_OUT && !s->builtin &&
		    !strcmp(lk_name(s), name))
			return s;
	}
	return NULL;
}

/* Every per-vertex input reads the previous stage's output of its name. */
static bool gs_inputs_written(struct lk *k)
{
	const struct glsl_sema_result *r = k->gs->sema;

	for (uint32_t i = 0; i < r->nr_globals; i++) {
		const struct glsl_symbol *in = r->globals[i], *out;

		if (in->kind != GLSL_SYM_VAR || in->storage != GLSL_STORAGE_IN || in->builtin)
			continue;
		out = producer_output(k, lk_name(in));
		if (!out && lk_alone(k))
			continue;
		if (!out || in->type.type->kind != GLSL_KIND_ARRAY ||
		    !lk_types_match(out->type.type, in->type.type->elem)) {
			lk_error(k, "geometry shader input '%s' has no %s shader output of its "
				 "name and type", lk_name(in), k->tes ? "evaluation" : "vertex");
			return false;
		}
	}
	return true;
}

static const struct glsl_symbol *uniform_in(const struct glsl_sema_result *r, const char *name)
{
	for (uint32_t i = 0; r && i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i];

		if (s->kind == GLSL_SYM_VAR && s->storage == GLSL_STORAGE_UNIFORM &&
		    !strcmp(lk_name(s), name))
			return s;
	}
	return NULL;
}

/* A uniform of a geometry or tessellation shader `r` and every other
 * stage's of its name agree in type and precision (blocks are laid out by
 * their own members). */
bool lk_mid_uniforms_agree(struct lk *k, const struct glsl_sema_result *r, const char *what)
{
	const struct glsl_sema_result *all[5] = { k->sh[VS].sema, k->sh[FS].sema,
						  k->gs ? k->gs->sema : NULL, lk_tess_sema(k, 0),
						  lk_tess_sema(k, 1) };

	for (uint32_t i = 0; i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i], *o;

		if (s->kind != GLSL_SYM_VAR || s->storage != GLSL_STORAGE_UNIFORM ||
		    lk_is_block(s->type.type))
			continue;
		for (unsigned st = 0; st < 5; st++) {
			if (all[st] == r || !(o = uniform_in(all[st], lk_name(s))))
				continue;
			if (!lk_types_match(o->type.type, s->type.type) ||
			    o->type.precision != s->type.precision) {
				lk_error(k, "uniform '%s' differs in type or precision between the %s "
					 "shader and another stage", lk_name(s), what);
				return false;
			}
		}
	}
	return true;
}

bool lk_gs_check(struct lk *k)
{
	const struct glsl_sema_result *r;

	if (!k->gs)
		return true;
	r = k->gs->sema;
	if (r->stage != GLSL_STAGE_GEOMETRY || !r->main) {
		lk_error(k, "geometry shader lacks 'main'");
		return false;
	}
	if (r->version != k->version) {
		lk_error(k, "the geometry shader's GLSL ES version differs from the others'");
		return false;
	}
	/* EXT_geometry_shader §7.1 (link errors) */
	if (!r->gs_input || !r->gs_output || !r->has_max_vertices) {
		lk_error(k, "the geometry shader declares no input primitive, output primitive "
			 "or max_vertices");
		return false;
	}
	return gs_inputs_written(k) && lk_exact_interface(k, gs_producer(k), k->gs->sema) &&
	       lk_mid_uniforms_agree(k, r, "geometry");
}

const struct glsl_sema_result *lk_stage_sema(const struct lk *k, unsigned st)
{
	if (st > GLSL_LINK_GEOMETRY)
		return lk_tess_sema(k, st - GLSL_LINK_TESS_CTRL);
	return st < GLSL_STAGE_COUNT ? k->sh[st].sema : k->gs ? k->gs->sema : NULL;
}

const struct glsl_lower_result *lk_stage_lowered(const struct lk *k, unsigned st)
{
	if (st > GLSL_LINK_GEOMETRY)
		return !k->tcs ? NULL : st == GLSL_LINK_TESS_CTRL ? &k->p->tess_ctrl : &k->p->tess_eval;
	return st < GLSL_STAGE_COUNT ? &k->p->stages[st] : k->gs ? &k->p->geometry : NULL;
}

const struct glsl_symbol *lk_gs_output(const struct lk *k, const char *name)
{
	const struct glsl_sema_result *r = k->gs->sema;

	for (uint32_t i = 0; i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i];

		if (s->kind == GLSL_SYM_VAR && s->storage == GLSL_STORAGE_OUT && !s->builtin &&
		    !strcmp(lk_name(s), name))
			return s;
	}
	return NULL;
}

/* The outputs no vertex output of their name placed yet. */
bool lk_gs_add_outputs(struct lk *k)
{
	const struct glsl_sema_result *r = k->gs ? k->gs->sema : NULL;
	struct glsl_lower_location *all;

	if (!r)
		return true;
	all = realloc(k->varyings, (k->nr_varyings + r->nr_globals + 1) * sizeof(*all));
	if (!all)
		return false;
	k->varyings = all;
	for (uint32_t i = 0; i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i];

		if (s->kind != GLSL_SYM_VAR || s->storage != GLSL_STORAGE_OUT || s->builtin ||
		    lk_find(k, VS, lk_name(s), GLSL_STORAGE_OUT))
			continue;
		k->varyings[k->nr_varyings++] = (struct glsl_lower_location){ lk_name(s), -1 };
	}
	return true;
}

bool lk_gs_lower(struct lk *k)
{
	struct glsl_lower_layout lay = {
		.uniforms = k->uniforms, .nr_uniforms = k->nr_uniforms,
		.inputs = k->varyings, .nr_inputs = k->nr_varyings,
		.outputs = k->varyings, .nr_outputs = k->nr_varyings,
	};

	if (!k->gs)
		return true;
	if (glsl_lower_with_layout(k->gs->ast, k->gs->sema, &lay, k->log, &k->p->geometry)) {
		k->failed = true;
		return false;
	}
	return true;
}
