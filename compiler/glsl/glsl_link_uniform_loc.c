/* SPDX-License-Identifier: MIT */
/*
 * glsl_link: explicit uniform locations (GLSL ES 3.10 §4.4.3, ES 3.1 §7.6).
 * A `layout(location = N)` uniform takes N and the locations after it: one
 * per element of an array of basic types or samplers, its struct members
 * and the elements of arrays of structs in declaration order. The leaves
 * lk_resources() listed get the location of their element 0; the GL layer
 * places the other uniforms around them. Link errors: one uniform given two
 * locations by the two stages, two uniforms sharing a location, a range past
 * max_uniform_locations.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_link_private.h"

#define NAME_MAX_LEN 512

struct uloc_walk {
	struct lk *k;
	uint64_t at;   /* the next location; 64 bits: N + sizes cannot wrap */
};

static struct glsl_prog_uniform *default_leaf(struct glsl_program *p, const char *name)
{
	for (uint32_t i = 0; i < p->nr_uniforms; i++)
		if (p->uniforms[i].block < 0 && !strcmp(p->uniforms[i].name, name))
			return &p->uniforms[i];
	return NULL;
}

static bool place_leaf(struct uloc_walk *w, const char *name, uint32_t elems)
{
	struct glsl_prog_uniform *u = default_leaf(w->k->p, name);
	uint32_t max = w->k->lim.max_uniform_locations;

	if (w->at + elems > max) {
		lk_error(w->k, "uniform '%s' at location %llu does not fit the %u uniform locations",
			 name, (unsigned long long)w->at, max);
		return false;
	}
	if (u && u->explicit_location && u->gl_location != w->at) {
		lk_error(w->k, "uniform '%s' has location %u in one shader and %llu in the other",
			 name, u->gl_location, (unsigned long long)w->at);
		return false;
	}
	if (u) {
		u->explicit_location = true;
		u->gl_location = (uint32_t)w->at;
	}
	w->at += elems;
	return true;
}

/* The leaves of `t` in declaration order, named as lk_resources() names them. */
static bool walk(struct uloc_walk *w, const char *name, const struct glsl_type *t)
{
	char buf[NAME_MAX_LEN];

	if (t->kind == GLSL_KIND_STRUCT) {
		for (uint32_t i = 0; i < t->nr_fields; i++) {
			snprintf(buf, sizeof(buf), "%s.%s", name, t->fields[i].name);
			if (!walk(w, buf, t->fields[i].type))
				return false;
		}
		return true;
	}
	/* arrays of structs, and arrays of arrays: an element each ("a[1]") */
	if (t->kind == GLSL_KIND_ARRAY &&
	    (t->elem->kind == GLSL_KIND_STRUCT || t->elem->kind == GLSL_KIND_ARRAY)) {
		for (uint32_t i = 0; i < t->length; i++) {
			snprintf(buf, sizeof(buf), "%s[%u]", name, i);
			if (!walk(w, buf, t->elem))
				return false;
		}
		return true;
	}
	return place_leaf(w, name, t->kind == GLSL_KIND_ARRAY && t->length ? t->length : 1);
}

static bool stage_locations(struct lk *k, enum glsl_stage st)
{
	const struct glsl_sema_result *r = k->sh[st].sema;

	for (uint32_t i = 0; r && i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i];
		struct uloc_walk w = { .k = k, .at = (uint64_t)(uint32_t)s->location };

		if (s->kind != GLSL_SYM_VAR || s->storage != GLSL_STORAGE_UNIFORM ||
		    s->location < 0 || lk_is_block(s->type.type))
			continue;
		if (!walk(&w, lk_name(s), s->type.type))
			return false;
	}
	return true;
}

static uint32_t leaf_elems(const struct glsl_prog_uniform *u)
{
	return u->array_size ? u->array_size : 1;
}

static int by_location(const void *a, const void *b)
{
	uint32_t la = (*(const struct glsl_prog_uniform *const *)a)->gl_location;
	uint32_t lb = (*(const struct glsl_prog_uniform *const *)b)->gl_location;

	return la < lb ? -1 : la > lb;
}

/* Two uniforms at one location: sorted by location, each range must end
 * before the next begins. */
static bool check_overlaps(struct lk *k)
{
	const struct glsl_program *p = k->p;
	const struct glsl_prog_uniform **at = calloc(p->nr_uniforms + 1, sizeof(*at));
	uint32_t n = 0;
	bool ok = at != NULL;

	for (uint32_t i = 0; ok && i < p->nr_uniforms; i++)
		if (p->uniforms[i].explicit_location)
			at[n++] = &p->uniforms[i];
	if (ok)
		qsort(at, n, sizeof(*at), by_location);
	for (uint32_t i = 1; ok && i < n; i++) {
		if (at[i - 1]->gl_location + leaf_elems(at[i - 1]) > at[i]->gl_location) {
			lk_error(k, "uniforms '%s' and '%s' overlap at location %u", at[i - 1]->name,
				 at[i]->name, at[i]->gl_location);
			ok = false;
		}
	}
	free(at);
	return ok;
}

bool lk_uniform_locations(struct lk *k)
{
	if (k->version < GLSL_ES_310)
		return true;
	return stage_locations(k, VS) && stage_locations(k, FS) && check_overlaps(k);
}
