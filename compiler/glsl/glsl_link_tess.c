/* SPDX-License-Identifier: MIT */
/*
 * Tessellation control and evaluation shaders between the vertex and
 * fragment shaders (EXT_tessellation_shader). They join the program's one
 * varying table like a geometry shader: the control shader's per-vertex
 * inputs read the vertex outputs of their names, the evaluation shader's
 * inputs (per vertex and per patch) the control outputs of their names, the
 * fragment inputs the evaluation outputs; the outputs no vertex output
 * placed get places of their own. They share the default uniform block
 * and the uniform blocks and samplers of the others (their bindings at
 * GLSL_LINK_TESS_CTRL / TESS_EVAL); images, buffers and atomic counters in
 * them are refused at link for now. A geometry shader beside them reads the
 * evaluation outputs of its inputs' names (glsl_link_geometry.c).
 */
#include <stdlib.h>
#include <string.h>

#include "glsl_link_private.h"

static const struct glsl_sema_result *tcs(const struct lk *k)
{
	return k->tcs ? k->tcs->sema : NULL;
}

static const struct glsl_sema_result *tes(const struct lk *k)
{
	return k->tes ? k->tes->sema : NULL;
}

static bool listed(const struct lk *k, const char *name);

static const struct glsl_symbol *find(const struct glsl_sema_result *r, const char *name,
				      enum glsl_storage storage)
{
	for (uint32_t i = 0; r && i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i];

		if (s->kind == GLSL_SYM_VAR && s->storage == storage && !s->builtin &&
		    !strcmp(lk_name(s), name))
			return s;
	}
	return NULL;
}

/* The element of a per-vertex array (a patch varying is its own type). */
static const struct glsl_type *per_vertex(const struct glsl_symbol *s)
{
	return s->patch || s->type.type->kind != GLSL_KIND_ARRAY ? s->type.type
								 : s->type.type->elem;
}

static bool same_precision(const struct glsl_symbol *out, const struct glsl_symbol *in)
{
	return !glsl_type_takes_precision(per_vertex(in)) ||
	       out->type.precision == in->type.precision;
}

bool lk_exact_interface(struct lk *k, const struct glsl_sema_result *prod,
			const struct glsl_sema_result *cons)
{
	if (!k->opts || !k->opts->pipeline || !(k->opts->program_inputs & (1u << cons->stage)))
		return true;
	for (uint32_t i = 0; i < prod->nr_globals; i++) {
		const struct glsl_symbol *out = prod->globals[i], *in;

		if (out->kind != GLSL_SYM_VAR || out->storage != GLSL_STORAGE_OUT || out->builtin)
			continue;
		in = find(cons, lk_name(out), GLSL_STORAGE_IN);
		if (!in) {
			lk_error(k, "output '%s' has no input in the next program", lk_name(out));
			return false;
		}
		if (!same_precision(out, in)) {
			lk_error(k, "'%s' differs in precision between two programs", lk_name(out));
			return false;
		}
	}
	return true;
}

/* Each input of `r` reads an output of `from` of its name, type and kind
 * (per vertex or per patch). */
static bool inputs_written(struct lk *k, const struct glsl_sema_result *r,
			   const struct glsl_sema_result *from, const char *what)
{
	for (uint32_t i = 0; i < r->nr_globals; i++) {
		const struct glsl_symbol *in = r->globals[i], *out;

		if (in->kind != GLSL_SYM_VAR || in->storage != GLSL_STORAGE_IN || in->builtin)
			continue;
		out = find(from, lk_name(in), GLSL_STORAGE_OUT);
		if (!out && lk_alone(k))
			continue;
		if (!out || out->patch != in->patch ||
		    !lk_types_match(from == k->sh[VS].sema ? out->type.type : per_vertex(out),
				    per_vertex(in))) {
			lk_error(k, "%s input '%s' has no output of its name, type and kind before it",
				 what, lk_name(in));
			return false;
		}
	}
	return true;
}

static bool stage_ok(struct lk *k, const struct glsl_sema_result *r, enum glsl_stage st,
		     const char *what)
{
	if (r->stage != st || !r->main) {
		lk_error(k, "%s shader lacks 'main'", what);
		return false;
	}
	if (r->version != k->version) {
		lk_error(k, "the %s shader's GLSL ES version differs from the others'", what);
		return false;
	}
	return true;
}

/* GL_MAX_TESS_PATCH_COMPONENTS (120) in whole locations: per-patch
 * outputs are not packed yet, so more would fail at draw, not at link. */
#define MAX_PATCH_LOCATIONS 30

static uint32_t patch_locations(const struct glsl_sema_result *r, enum glsl_storage storage)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i];

		if (s->kind == GLSL_SYM_VAR && s->storage == storage && s->patch && !s->builtin)
			n += lk_slots(s->type.type);
	}
	return n;
}

static bool patch_fits(struct lk *k)
{
	uint32_t n = patch_locations(tcs(k), GLSL_STORAGE_OUT);

	if (patch_locations(tes(k), GLSL_STORAGE_IN) > n)
		n = patch_locations(tes(k), GLSL_STORAGE_IN);
	if (n <= MAX_PATCH_LOCATIONS)
		return true;
	lk_error(k, "too many per-patch varyings: %u locations unpacked, at most %u", n,
		 MAX_PATCH_LOCATIONS);
	return false;
}

bool lk_tess_check(struct lk *k)
{
	if (!k->tcs && !k->tes)
		return true;
	/* EXT_tessellation_shader §7.3: both stages or neither */
	if (!k->tcs || !k->tes) {
		lk_error(k, "a program with a tessellation %s shader needs a tessellation %s shader",
			 k->tcs ? "control" : "evaluation", k->tcs ? "evaluation" : "control");
		return false;
	}
	if (!stage_ok(k, tcs(k), GLSL_STAGE_TESS_CTRL, "tessellation control") ||
	    !stage_ok(k, tes(k), GLSL_STAGE_TESS_EVAL, "tessellation evaluation"))
		return false;
	if (!tcs(k)->tess_vertices || !tes(k)->tess_domain) {
		lk_error(k, "the tessellation control shader declares no output patch vertices, or "
			 "the evaluation shader no primitive mode");
		return false;
	}
	return inputs_written(k, tcs(k), k->sh[VS].sema, "tessellation control") &&
	       inputs_written(k, tes(k), tcs(k), "tessellation evaluation") &&
	       lk_exact_interface(k, k->sh[VS].sema, tcs(k)) &&
	       lk_exact_interface(k, tcs(k), tes(k)) && patch_fits(k) &&
	       lk_mid_uniforms_agree(k, tcs(k), "tessellation control") &&
	       lk_mid_uniforms_agree(k, tes(k), "tessellation evaluation");
}

/* The fragment shader reads the evaluation shader's outputs. */
const struct glsl_sema_result *lk_tess_last(const struct lk *k)
{
	return tes(k);
}

/* A varying of the tessellation or geometry stages named `name` (0:
 * none); the locations a per-vertex one takes are its element's. The
 * inputs count for a separable program's inputs no stage of it writes. */
uint32_t lk_tess_slots(const struct lk *k, const char *name)
{
	const struct glsl_sema_result *gs = k->gs ? k->gs->sema : NULL;
	const struct glsl_symbol *s = find(tcs(k), name, GLSL_STORAGE_OUT);

	if (!s)
		s = find(tes(k), name, GLSL_STORAGE_OUT);
	if (!s)
		s = find(tcs(k), name, GLSL_STORAGE_IN);
	if (!s)
		s = find(tes(k), name, GLSL_STORAGE_IN);
	if (!s && (s = find(gs, name, GLSL_STORAGE_IN)))
		return lk_slots(s->type.type->kind == GLSL_KIND_ARRAY ? s->type.type->elem
								       : s->type.type);
	return s ? lk_slots(per_vertex(s)) : 0;
}

/* A separable program's inputs of the geometry and tessellation stages
 * that no stage of it writes (another program's stage will), placed like
 * outputs. */
bool lk_mid_add_inputs(struct lk *k)
{
	const struct glsl_sema_result *rs[3] = { tcs(k), tes(k), k->gs ? k->gs->sema : NULL };
	struct glsl_lower_location *all;
	uint32_t cap = k->nr_varyings + 1;

	if (!lk_alone(k))
		return true;
	for (unsigned st = 0; st < 3; st++)
		cap += rs[st] ? rs[st]->nr_globals : 0;
	if (!(all = realloc(k->varyings, cap * sizeof(*all))))
		return false;
	k->varyings = all;
	for (unsigned st = 0; st < 3; st++)
		for (uint32_t i = 0; rs[st] && i < rs[st]->nr_globals; i++) {
			const struct glsl_symbol *s = rs[st]->globals[i];

			if (s->kind != GLSL_SYM_VAR || s->storage != GLSL_STORAGE_IN ||
			    s->builtin || listed(k, lk_name(s)))
				continue;
			k->varyings[k->nr_varyings++] =
				(struct glsl_lower_location){ lk_name(s), -1 };
		}
	return true;
}

/* The evaluation shader's output `name` (what transform feedback captures). */
const struct glsl_symbol *lk_tess_output(const struct lk *k, const char *name)
{
	return find(tes(k), name, GLSL_STORAGE_OUT);
}

static bool listed(const struct lk *k, const char *name)
{
	for (uint32_t i = 0; i < k->nr_varyings; i++)
		if (!strcmp(k->varyings[i].name, name))
			return true;
	return false;
}

/* The outputs of both stages no earlier stage placed yet. */
bool lk_tess_add_outputs(struct lk *k)
{
	const struct glsl_sema_result *rs[2] = { tcs(k), tes(k) };
	struct glsl_lower_location *all;

	if (!rs[0])
		return true;
	all = realloc(k->varyings, (k->nr_varyings + rs[0]->nr_globals + rs[1]->nr_globals + 1) *
				   sizeof(*all));
	if (!all)
		return false;
	k->varyings = all;
	for (unsigned st = 0; st < 2; st++)
		for (uint32_t i = 0; i < rs[st]->nr_globals; i++) {
			const struct glsl_symbol *s = rs[st]->globals[i];

			if (s->kind != GLSL_SYM_VAR || s->storage != GLSL_STORAGE_OUT ||
			    s->builtin || listed(k, lk_name(s)))
				continue;
			k->varyings[k->nr_varyings++] =
				(struct glsl_lower_location){ lk_name(s), -1 };
		}
	return true;
}

const struct glsl_sema_result *lk_tess_sema(const struct lk *k, unsigned i)
{
	return i ? tes(k) : tcs(k);
}

bool lk_tess_lower(struct lk *k)
{
	struct glsl_lower_layout lay = {
		.uniforms = k->uniforms, .nr_uniforms = k->nr_uniforms,
		.inputs = k->varyings, .nr_inputs = k->nr_varyings,
		.outputs = k->varyings, .nr_outputs = k->nr_varyings,
	};

	if (!k->tcs)
		return true;
	if (glsl_lower_with_layout(k->tcs->ast, k->tcs->sema, &lay, k->log, &k->p->tess_ctrl) ||
	    glsl_lower_with_layout(k->tes->ast, k->tes->sema, &lay, k->log, &k->p->tess_eval)) {
		k->failed = true;
		return false;
	}
	return true;
}
