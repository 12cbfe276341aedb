/* SPDX-License-Identifier: MIT */
/*
 * glsl_link: the program layout (attribute and varying locations, fragment
 * outputs, the one default uniform block), the lowering of both stages with
 * it, and the resource lists the GL queries read.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_link_private.h"

#define MAX_LOCATIONS 64   /* what the lowering can place (glsl_lower_io.c) */

static int cmp_loc_name(const void *a, const void *b)
{
	return strcmp(((const struct glsl_lower_location *)a)->name,
		      ((const struct glsl_lower_location *)b)->name);
}

static uint64_t mask_of(int32_t loc, uint32_t n)
{
	uint64_t m = n >= 64 ? ~0ull : (1ull << n) - 1;

	return loc >= 64 ? 0 : m << loc;
}

/* The first `n` free locations below `max`, or -1. */
static int32_t first_fit(uint64_t used, uint32_t n, uint32_t max)
{
	for (uint32_t l = 0; l + n <= max; l++)
		if (!(used & mask_of((int32_t)l, n)))
			return (int32_t)l;
	return -1;
}

/* The user variables of a stage with one storage, as name/location pairs
 * (location: layout(location) or -1). */
static struct glsl_lower_location *collect(const struct lk *k, enum glsl_stage st,
					   enum glsl_storage storage, uint32_t *n)
{
	const struct glsl_sema_result *r = k->sh[st].sema;
	struct glsl_lower_location *l = calloc(r->nr_globals + 1, sizeof(*l));

	*n = 0;
	for (uint32_t i = 0; l && i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i];

		if (s->kind == GLSL_SYM_VAR && s->storage == storage && !s->builtin)
			l[(*n)++] = (struct glsl_lower_location){ lk_name(s), s->location };
	}
	return l;
}

/* ---- fragment outputs --------------------------------------------------------------------- */

bool lk_check_outputs(struct lk *k)
{
	const struct glsl_sema_result *r = k->sh[FS].sema;
	uint64_t used = 0;

	for (uint32_t i = 0; i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i];
		int32_t loc = s->location < 0 ? 0 : s->location;  /* sema: a lone output may omit it */
		uint32_t n;

		if (s->kind != GLSL_SYM_VAR || s->storage != GLSL_STORAGE_OUT || s->builtin)
			continue;
		n = lk_slots(s->type.type);
		if ((uint32_t)loc + n > k->lim.max_draw_buffers) {
			lk_error(k, "fragment output '%s' at location %d does not fit the %u draw buffers",
				 lk_name(s), loc, k->lim.max_draw_buffers);
			return false;
		}
		if (used & mask_of(loc, n)) {
			lk_error(k, "fragment output '%s' overlaps another output at location %d",
				 lk_name(s), loc);
			return false;
		}
		used |= mask_of(loc, n);
	}
	return true;
}

/* ---- attributes ------------------------------------------------------------------------------ */

static int32_t bound_location(const struct lk *k, const char *name)
{
	if (!k->opts)
		return -1;
	for (uint32_t i = 0; i < k->opts->nr_attrib_bindings; i++)
		if (!strcmp(k->opts->attrib_bindings[i].name, name))
			return k->opts->attrib_bindings[i].location;
	return -1;
}

static uint32_t attrib_slots(const struct lk *k, const char *name)
{
	const struct glsl_symbol *s = lk_find(k, VS, name, GLSL_STORAGE_IN);

	return s ? lk_slots(s->type.type) : 1;
}

/* Places an attribute with a given location (layout or binding). */
static bool place_fixed(struct lk *k, struct glsl_lower_location *a, uint64_t *used)
{
	uint32_t n = attrib_slots(k, a->name);

	if ((uint32_t)a->location + n > k->lim.max_vertex_attribs) {
		lk_error(k, "vertex attribute '%s' at location %d does not fit the %u attributes",
			 a->name, a->location, k->lim.max_vertex_attribs);
		return false;
	}
	/* GL ES 3.0 2.11.5: aliasing attributes fail the link; ES 2.0 allows it */
	if (k->version >= GLSL_ES_300 && (*used & mask_of(a->location, n))) {
		lk_error(k, "vertex attribute '%s' aliases another attribute at location %d",
			 a->name, a->location);
		return false;
	}
	*used |= mask_of(a->location, n);
	return true;
}

bool lk_assign_attribs(struct lk *k)
{
	uint64_t used = 0;

	k->attribs = collect(k, VS, GLSL_STORAGE_IN, &k->nr_attribs);
	if (!k->attribs)
		return false;
	qsort(k->attribs, k->nr_attribs, sizeof(*k->attribs), cmp_loc_name);
	for (uint32_t i = 0; i < k->nr_attribs; i++) {
		struct glsl_lower_location *a = &k->attribs[i];

		if (a->location < 0)
			a->location = bound_location(k, a->name);
		if (a->location >= 0 && !place_fixed(k, a, &used))
			return false;
	}
	for (uint32_t i = 0; i < k->nr_attribs; i++) {
		struct glsl_lower_location *a = &k->attribs[i];
		uint32_t n = attrib_slots(k, a->name);

		if (a->location >= 0)
			continue;
		a->location = first_fit(used, n, k->lim.max_vertex_attribs);
		if (a->location < 0) {
			lk_error(k, "too many vertex attributes: no room for '%s' among %u locations",
				 a->name, k->lim.max_vertex_attribs);
			return false;
		}
		used |= mask_of(a->location, n);
	}
	return true;
}

/* ---- varyings ------------------------------------------------------------------------------ */

/* Components a varying takes with the packing of GLSL ES 1.00 Appendix A.7
 * approximated by whole components (so legal shaders are never refused). */
static uint32_t varying_components(const struct glsl_type *t)
{
	return glsl_type_components(t);
}

static bool check_varying_count(struct lk *k)
{
	uint32_t comps = 0;

	for (uint32_t i = 0; i < k->nr_varyings; i++) {
		const struct glsl_symbol *in = lk_find(k, FS, k->varyings[i].name, GLSL_STORAGE_IN);

		if (in)
			comps += varying_components(in->type.type);
	}
	if ((comps + 3) / 4 > k->lim.max_varying_vectors) {
		lk_error(k, "too many varyings: %u vectors, at most %u", (comps + 3) / 4,
			 k->lim.max_varying_vectors);
		return false;
	}
	return true;
}

/* Appends the FS inputs the VS does not write: they get locations of their
 * own (nothing is written there; reading them is undefined, not an error). */
static bool add_unmatched_inputs(struct lk *k)
{
	uint32_t n;
	struct glsl_lower_location *in = collect(k, FS, GLSL_STORAGE_IN, &n);
	struct glsl_lower_location *all;

	if (!in)
		return false;
	all = realloc(k->varyings, (k->nr_varyings + n + 1) * sizeof(*all));
	if (!all) {
		free(in);
		return false;
	}
	k->varyings = all;
	for (uint32_t i = 0; i < n; i++)
		if (!lk_varying_out(k, lk_find(k, FS, in[i].name, GLSL_STORAGE_IN)))
			k->varyings[k->nr_varyings++] = in[i];
	free(in);
	return true;
}

static uint32_t varying_slots(const struct lk *k, const char *name)
{
	const struct glsl_symbol *s = lk_find(k, VS, name, GLSL_STORAGE_OUT);

	if (!s)
		s = lk_find(k, FS, name, GLSL_STORAGE_IN);
	if (!s && k->gs)
		s = lk_gs_output(k, name);
	if (!s && lk_tess_slots(k, name))
		return lk_tess_slots(k, name);
	return s ? lk_slots(s->type.type) : 1;
}

/* Varyings the FS reads first (so they stay low), then the rest, each group
 * in name order. */
static bool order_varyings(struct lk *k)
{
	struct glsl_lower_location *v = k->varyings;
	uint32_t n = k->nr_varyings, m = 0, matched = 0;
	struct glsl_lower_location *tmp = malloc((n + 1) * sizeof(*tmp));

	if (!tmp)
		return false;
	for (uint32_t pass = 0; pass < 2; pass++) {
		for (uint32_t i = 0; i < n; i++)
			if ((lk_find(k, VS, v[i].name, GLSL_STORAGE_OUT) &&
			     lk_find(k, FS, v[i].name, GLSL_STORAGE_IN)) == !pass)
				tmp[m++] = v[i];
		matched = pass ? matched : m;
	}
	qsort(tmp, matched, sizeof(*tmp), cmp_loc_name);
	qsort(tmp + matched, n - matched, sizeof(*tmp), cmp_loc_name);
	memcpy(v, tmp, n * sizeof(*tmp));
	free(tmp);
	return true;
}

/* ES 3.10 layout(location) of a varying: its place, which two vertex
 * outputs cannot share (the lowering places it there itself). */
static bool place_explicit(struct lk *k, uint32_t i, uint64_t *used)
{
	struct glsl_lower_location *v = &k->varyings[i];
	uint32_t n = varying_slots(k, v->name);

	if ((uint32_t)v->location + n > MAX_LOCATIONS) {
		lk_error(k, "varying '%s' at location %d does not fit the %u locations", v->name,
			 v->location, MAX_LOCATIONS);
		return false;
	}
	if ((*used & mask_of(v->location, n)) && lk_find(k, VS, v->name, GLSL_STORAGE_OUT)) {
		lk_error(k, "varying '%s' overlaps another at location %d", v->name, v->location);
		return false;
	}
	*used |= mask_of(v->location, n);
	return true;
}

/* The others in the first gaps, in order (without explicit ones: one after
 * the other). */
static bool place_implicit(struct lk *k, uint32_t i, uint64_t *used)
{
	struct glsl_lower_location *v = &k->varyings[i];
	uint32_t n = varying_slots(k, v->name);
	int32_t at = first_fit(*used, n, MAX_LOCATIONS);

	if (at < 0) {
		lk_error(k, "too many varyings: no location for '%s'", v->name);
		return false;
	}
	v->location = at;
	*used |= mask_of(at, n);
	return true;
}

static uint32_t locations_end(uint64_t used)
{
	uint32_t end = 0;

	for (uint32_t l = 0; l < MAX_LOCATIONS; l++)
		if (used & mask_of((int32_t)l, 1))
			end = l + 1;
	return end;
}

bool lk_assign_varyings(struct lk *k)
{
	uint64_t used = 0;
	uint32_t next;

	k->varyings = collect(k, VS, GLSL_STORAGE_OUT, &k->nr_varyings);
	if (!k->varyings || !lk_gs_add_outputs(k) || !lk_tess_add_outputs(k) ||
	    !lk_mid_add_inputs(k) || !add_unmatched_inputs(k) ||
	    !order_varyings(k))
		return false;
	for (uint32_t i = 0; i < k->nr_varyings; i++)
		if (k->varyings[i].location >= 0 && !place_explicit(k, i, &used))
			return false;
	for (uint32_t i = 0; i < k->nr_varyings; i++)
		if (k->varyings[i].location < 0 && !place_implicit(k, i, &used))
			return false;
	next = locations_end(used);
	/* legal by the packing rules, but scalars and vec2s are not packed
	 * together yet: say so at link rather than fail at draw */
	if (k->lim.max_varying_locations && next > k->lim.max_varying_locations) {
		lk_error(k, "too many varyings for this device: %u locations unpacked, at most %u",
			 next, k->lim.max_varying_locations);
		return false;
	}
	return check_varying_count(k);
}

/* ---- the default uniform block ---------------------------------------------------------------- */

static bool merged_has(const struct lk *k, const char *name)
{
	for (uint32_t i = 0; i < k->nr_uniforms; i++)
		if (!strcmp(k->uniforms[i].name, name))
			return true;
	return false;
}

/* VS uniforms in declaration order, then the FS's that the VS lacks, then
 * the geometry or tessellation shaders' that the others lack. */
bool lk_merge_uniforms(struct lk *k)
{
	const struct glsl_sema_result *rs[5] = { k->sh[VS].sema, k->sh[FS].sema,
						 k->gs ? k->gs->sema : NULL, lk_tess_sema(k, 0),
						 lk_tess_sema(k, 1) };
	uint32_t cap = 1;

	for (unsigned st = 0; st < 5; st++)
		cap += rs[st] ? rs[st]->nr_globals : 0;
	k->uniforms = calloc(cap, sizeof(*k->uniforms));
	if (!k->uniforms)
		return false;
	for (unsigned st = 0; st < 5; st++) {
		const struct glsl_sema_result *r = rs[st];

		for (uint32_t i = 0; r && i < r->nr_globals; i++) {
			const struct glsl_symbol *s = r->globals[i];

			if (!lk_is_loose_uniform(s) || merged_has(k, lk_name(s)))
				continue;
			k->uniforms[k->nr_uniforms++] = (struct glsl_field){
				.name = lk_name(s), .type = s->type.type, .precision = s->type.precision };
		}
	}
	return true;
}

/* ---- lowering ------------------------------------------------------------------------------ */

bool lk_lower(struct lk *k)
{
	struct glsl_lower_layout lay[GLSL_STAGE_COUNT] = {
		{ .uniforms = k->uniforms, .nr_uniforms = k->nr_uniforms,
		  .inputs = k->attribs, .nr_inputs = k->nr_attribs,
		  .outputs = k->varyings, .nr_outputs = k->nr_varyings },
		{ .uniforms = k->uniforms, .nr_uniforms = k->nr_uniforms,
		  .inputs = k->varyings, .nr_inputs = k->nr_varyings },
	};

	for (unsigned st = 0; st < GLSL_STAGE_COUNT; st++) {
		if (glsl_lower_with_layout(k->sh[st].ast, k->sh[st].sema, &lay[st], k->log,
					   &k->p->stages[st])) {
			k->failed = true;   /* the lowering said why */
			return false;
		}
	}
	return true;
}
