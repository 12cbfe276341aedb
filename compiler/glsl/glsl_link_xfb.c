/* SPDX-License-Identifier: MIT */
/*
 * glsl_link: the varyings glTransformFeedbackVaryings names (ES 3.0
 * section 2.15.2). Each name is a vertex shader output, one element of an
 * array output ("v[2]"), a struct member ("s.f", "s.a[1]"), or gl_Position /
 * gl_PointSize; a whole array is captured element after element. It fails
 * the link for a name that is none of these, a whole struct, a name given
 * twice or overlapping another, and more than the limits allow: in
 * INTERLEAVED_ATTRIBS mode the components of all of them together, in
 * SEPARATE_ATTRIBS mode the number of varyings and the components of each.
 */
#include <stdlib.h>
#include <string.h>

#include "glsl_link_private.h"

/* What a name resolves to while it is walked. */
struct xfb_path {
	const struct glsl_type *type;
	uint32_t slot;       /* locations before it in its variable */
	uint32_t location;   /* of the variable, or GLSL_XFB_POSITION / _POINT_SIZE */
};

static bool builtin_output(const char *name, struct xfb_path *p)
{
	if (!strcmp(name, "gl_Position")) {
		*p = (struct xfb_path){ glsl_type_vec4, 0, GLSL_XFB_POSITION };
		return true;
	}
	if (!strcmp(name, "gl_PointSize")) {
		*p = (struct xfb_path){ glsl_type_float, 0, GLSL_XFB_POINT_SIZE };
		return true;
	}
	return false;
}

static int32_t varying_location(const struct lk *k, const char *name)
{
	for (uint32_t i = 0; i < k->nr_varyings; i++)
		if (!strcmp(k->varyings[i].name, name))
			return k->varyings[i].location;
	return -1;
}

/* "[n]": an element of the array p names. */
static const char *walk_index(const char *s, struct xfb_path *p)
{
	char *end;
	unsigned long n;

	if (p->type->kind != GLSL_KIND_ARRAY || s[1] < '0' || s[1] > '9')
		return NULL;
	n = strtoul(s + 1, &end, 10);
	if (*end != ']' || n >= p->type->length)
		return NULL;
	p->slot += (uint32_t)n * lk_slots(p->type->elem);
	p->type = p->type->elem;
	return end + 1;
}

/* ".f": a member of the struct p names. */
static const char *walk_member(const char *s, struct xfb_path *p)
{
	size_t len = strcspn(s + 1, ".[");

	if (p->type->kind != GLSL_KIND_STRUCT)
		return NULL;
	for (uint32_t i = 0; i < p->type->nr_fields; i++) {
		const struct glsl_field *f = &p->type->fields[i];

		if (strlen(f->name) == len && !strncmp(f->name, s + 1, len)) {
			p->type = f->type;
			return s + 1 + len;
		}
		p->slot += lk_slots(f->type);
	}
	return NULL;
}

/* The output a name reaches, or false. */
static bool resolve(const struct lk *k, const char *name, struct xfb_path *p)
{
	size_t len = strcspn(name, ".[");
	char *base = strndup(name, len);
	const struct glsl_symbol *s = !base ? NULL : k->gs ? lk_gs_output(k, base)
						 : k->tes ? lk_tess_output(k, base)
						 : lk_find(k, VS, base, GLSL_STORAGE_OUT);
	int32_t loc = base ? varying_location(k, base) : -1;
	const char *rest = name + len;

	free(base);
	if (builtin_output(name, p))
		return true;
	if (!s || loc < 0)
		return false;
	*p = (struct xfb_path){ s->type.type, 0, (uint32_t)loc };
	while (rest && *rest)
		rest = *rest == '[' ? walk_index(rest, p) : walk_member(rest, p);
	return rest != NULL;
}

/* The entry of a resolved name: whole arrays of vectors, scalars, matrices. */
static bool fill_entry(const struct xfb_path *p, struct glsl_prog_xfb *e)
{
	const struct glsl_type *leaf = p->type;

	e->size = 1;
	if (leaf->kind == GLSL_KIND_ARRAY) {
		e->size = leaf->length;
		leaf = leaf->elem;
	}
	if (leaf->kind != GLSL_KIND_SCALAR && leaf->kind != GLSL_KIND_VECTOR &&
	    leaf->kind != GLSL_KIND_MATRIX)
		return false;
	e->type = leaf;
	e->location = p->location + p->slot;
	e->slots = e->size * leaf->cols;
	e->slot_components = leaf->rows;
	return true;
}

static uint32_t entry_components(const struct glsl_prog_xfb *e)
{
	return e->slots * e->slot_components;
}

/* Whether two entries capture a location in common (a name given twice,
 * or an array and one of its elements). */
static bool overlap(const struct glsl_prog_xfb *a, const struct glsl_prog_xfb *b)
{
	return a->location < b->location + b->slots && b->location < a->location + a->slots;
}

static bool add_entry(struct lk *k, const char *name)
{
	struct glsl_prog_xfb *e = &k->p->xfb[k->p->nr_xfb];
	struct xfb_path path;

	if (!resolve(k, name, &path)) {
		lk_error(k, "transform feedback varying '%s' is not a vertex shader output", name);
		return false;
	}
	if (!fill_entry(&path, e)) {
		lk_error(k, "transform feedback varying '%s' is a struct: name its members", name);
		return false;
	}
	for (uint32_t i = 0; i < k->p->nr_xfb; i++)
		if (overlap(&k->p->xfb[i], e)) {
			lk_error(k, "transform feedback varying '%s' is captured twice", name);
			return false;
		}
	e->name = strdup(name);
	if (!e->name)
		return false;
	k->p->nr_xfb++;
	return true;
}

/* Buffers and offsets of the mode, and its limits. */
static bool place(struct lk *k)
{
	struct glsl_program *p = k->p;
	uint32_t total = 0;

	uint32_t max_separate = k->lim.max_xfb_separate_attribs < 4 ? k->lim.max_xfb_separate_attribs
								     : 4;

	if (p->xfb_separate && p->nr_xfb > max_separate) {
		lk_error(k, "too many transform feedback varyings: %u, at most %u separate ones",
			 p->nr_xfb, max_separate);
		return false;
	}
	for (uint32_t i = 0; i < p->nr_xfb; i++) {
		struct glsl_prog_xfb *e = &p->xfb[i];
		uint32_t n = entry_components(e);

		if (p->xfb_separate && n > k->lim.max_xfb_separate_components) {
			lk_error(k, "transform feedback varying '%s' has %u components, at most %u",
				 e->name, n, k->lim.max_xfb_separate_components);
			return false;
		}
		e->buffer = p->xfb_separate ? i : 0;
		e->offset = p->xfb_separate ? 0 : total;
		p->xfb_strides[e->buffer] = p->xfb_separate ? n : total + n;
		total += n;
	}
	if (!p->xfb_separate && total > k->lim.max_xfb_interleaved_components) {
		lk_error(k, "too many transform feedback components: %u, at most %u", total,
			 k->lim.max_xfb_interleaved_components);
		return false;
	}
	return true;
}

bool lk_xfb(struct lk *k)
{
	uint32_t n = k->opts ? k->opts->nr_xfb_varyings : 0;

	if (!n)
		return true;
	k->p->xfb_separate = k->opts->xfb_separate;
	k->p->xfb = calloc(n, sizeof(*k->p->xfb));
	if (!k->p->xfb)
		return false;
	for (uint32_t i = 0; i < n; i++)
		if (!add_entry(k, k->opts->xfb_varyings[i]))
			return false;
	return place(k);
}
