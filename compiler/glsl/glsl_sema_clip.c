/* SPDX-License-Identifier: MIT */
/*
 * EXT_clip_cull_distance's sizing rules (its GLSL ES changes, section 7.1):
 * gl_ClipDistance and gl_CullDistance are unsized until the shader
 * redeclares them with a size, or sized by the constant indices it uses;
 * a non-constant index needs the redeclaration. Each is at most its
 * gl_Max*Distances, both together at most
 * gl_MaxCombinedClipAndCullDistances. The built-in rows are that maximum
 * long (so a constant index past it is an error as for any array) until
 * the unit ends and they get their size here.
 */
#include <string.h>

#include "glsl_sema_private.h"

static const char *const clip_names[2] = { "gl_ClipDistance", "gl_CullDistance" };
static const char *const clip_maxima[2] = { "gl_MaxClipDistances", "gl_MaxCullDistances" };

/* 0 for gl_ClipDistance, 1 for gl_CullDistance, -1 for another symbol. */
static int clip_kind(const struct glsl_symbol *sym)
{
	if (!sym || !sym->builtin)
		return -1;
	return sym->builtin->builtin == VC_BUILTIN_CLIP_DISTANCE ? 0
	     : sym->builtin->builtin == VC_BUILTIN_CULL_DISTANCE ? 1 : -1;
}

/* A limit of the extension: its constant, as the shader would read it. */
static uint32_t clip_limit(struct glsl_sema *s, const char *name)
{
	const struct glsl_bi_var *v = glsl_builtin_var(name, strlen(name), s->version, s->stage,
						       s->bi_exts);
	int32_t n = v ? glsl_builtin_const_value(v, &s->opts.limits) : 0;

	return n > 0 ? (uint32_t)n : 0;
}

/* gl_in[i].gl_ClipDistance[j] and the like: the member's use. */
static void member_index(struct glsl_sema *s, const struct glsl_ast_node *n,
			 const struct glsl_ast_node *base, const struct glsl_ast_node *ix)
{
	for (unsigned io = 0; io < 2; io++)
		for (unsigned k = 0; k < 2; k++) {
			struct glsl_sema_clip_member *c = &s->clip_member[io][k];

			if (!c->type || base->sema->type.type != c->type)
				continue;
			if (!c->used && !c->dynamic)
				c->loc = n->loc;
			c->indexed++;
			if (!ix->sema->value)
				c->dynamic = true;
			else if (ix->sema->value->u + 1 > c->used)
				c->used = ix->sema->value->u + 1;
		}
}

void glsl_sema_clip_member_ref(struct glsl_sema *s, const struct glsl_type *t)
{
	for (unsigned io = 0; io < 2; io++)
		for (unsigned k = 0; k < 2; k++)
			if (s->clip_member[io][k].type && s->clip_member[io][k].type == t)
				s->clip_member[io][k].refs++;
}

void glsl_sema_clip_index(struct glsl_sema *s, const struct glsl_ast_node *n)
{
	const struct glsl_ast_node *base = n->u.kid[0], *ix = n->u.kid[1];
	struct glsl_sema_clip *c;
	int k;

	member_index(s, n, base, ix);
	if (base->sema->what != GLSL_SX_VAR || (k = clip_kind(base->sema->u.var)) < 0)
		return;
	c = &s->clip[k];
	if (!c->used && !c->dynamic)
		c->loc = n->loc;
	if (!ix->sema->value)
		c->dynamic = true;
	else if (ix->sema->value->u + 1 > c->used)
		c->used = ix->sema->value->u + 1;
}

bool glsl_sema_clip_named(struct glsl_sema *s, uint32_t name)
{
	const char *text = glsl_sema_name(s, name);

	if (strcmp(text, clip_names[0]) && strcmp(text, clip_names[1]))
		return false;
	return clip_kind(glsl_sema_lookup_var(s, name)) >= 0;
}

static bool redeclared_type(struct glsl_sema *s, const struct glsl_type *t, int k,
			    struct glsl_loc loc)
{
	uint32_t max = clip_limit(s, clip_maxima[k]);

	if (!t || t->kind != GLSL_KIND_ARRAY || t->elem != glsl_type_float || !t->length) {
		glsl_sema_error(s, loc, "%s must be redeclared as a sized float array", clip_names[k]);
		return false;
	}
	if (t->length > max) {
		glsl_sema_error(s, loc, "%s size %u is greater than %s (%u)", clip_names[k],
				t->length, clip_maxima[k], max);
		return false;
	}
	return true;
}

/* `out float gl_ClipDistance[N];` (`in` in a fragment shader), once, with
 * the storage of the built-in and a size that its uses so far fit. */
bool glsl_sema_clip_redeclare(struct glsl_sema *s, const struct glsl_ast_qual *q,
			      const struct glsl_type *t, struct glsl_ast_declarator *d)
{
	struct glsl_symbol *sym = glsl_sema_lookup_var(s, d->name);
	int k = clip_kind(sym);
	uint32_t io = sym->storage == GLSL_STORAGE_OUT ? GLSL_Q_OUT : GLSL_Q_IN;
	struct glsl_sema_clip *c = &s->clip[k];

	if ((q->storage & ~(uint32_t)(GLSL_Q_IN | GLSL_Q_OUT)) || (q->storage & io) != io ||
	    q->layout) {
		glsl_sema_error(s, d->loc, "%s can only be redeclared with '%s'", clip_names[k],
				io == GLSL_Q_OUT ? "out" : "in");
		return false;
	}
	if (c->declared) {
		glsl_sema_error(s, d->loc, "redeclaration of '%s'", clip_names[k]);
		return false;
	}
	if (!redeclared_type(s, t, k, d->loc))
		return false;
	if (c->used > t->length) {
		glsl_sema_error(s, d->loc, "%s redeclared with size %u after index %u was used",
				clip_names[k], t->length, c->used - 1);
		return false;
	}
	c->declared = t->length;
	sym->type.type = t;
	d->sym = sym;
	return true;
}

/* The symbol the shader made of the array, NULL when it names none. */
static struct glsl_symbol *clip_symbol(struct glsl_sema *s, int k)
{
	for (unsigned i = 0; i < GLSL_BI_NR_VARS; i++)
		if (clip_kind(s->bi_syms[i]) == k)
			return s->bi_syms[i];
	return NULL;
}

/* The size of one array at the end of the unit: 0 when it is not used. */
static bool clip_size(struct glsl_sema *s, int k, uint32_t *size)
{
	struct glsl_symbol *sym = clip_symbol(s, k);
	struct glsl_sema_clip *c = &s->clip[k];

	*size = c->declared;
	if (!sym || c->declared || !sym->used)
		return true;
	if (c->dynamic || !c->used) {
		glsl_sema_error(s, c->loc, "%s is indexed with a non-constant expression or used "
				"whole: it must be redeclared with a size", clip_names[k]);
		return false;
	}
	sym->type.type = glsl_sema_array_of(s, glsl_type_float, c->used);
	*size = c->used;
	return sym->type.type != NULL;
}

static bool glsl_sema_clip_members_finish(struct glsl_sema *s);

bool glsl_sema_clip_finish(struct glsl_sema *s)
{
	uint32_t clip, cull, max;

	if (!clip_size(s, 0, &clip) || !clip_size(s, 1, &cull) || !glsl_sema_clip_members_finish(s))
		return false;
	max = clip_limit(s, "gl_MaxCombinedClipAndCullDistances");
	if (clip + cull > max) {
		glsl_sema_error(s, s->clip[1].loc, "gl_ClipDistance (%u) and gl_CullDistance (%u) "
				"together are more than gl_MaxCombinedClipAndCullDistances (%u)",
				clip, cull, max);
		return false;
	}
	return true;
}

const struct glsl_type *glsl_sema_clip_block(struct glsl_sema *s, const struct glsl_type *block,
					     bool out)
{
	struct glsl_field *f;
	struct glsl_type *b;

	if (block->kind != GLSL_KIND_STRUCT || block->nr_fields < 2 ||
	    strcmp(block->fields[block->nr_fields - 2].name, clip_names[0]))
		return block;
	b = glsl_sema_alloc(s, sizeof(*b));
	f = glsl_sema_alloc(s, block->nr_fields * sizeof(*f));
	if (!b || !f)
		return NULL;
	*b = *block;
	memcpy(f, block->fields, block->nr_fields * sizeof(*f));
	b->fields = f;
	for (unsigned k = 0; k < 2; k++) {
		struct glsl_field *m = &f[block->nr_fields - 2 + k];
		struct glsl_type *a = glsl_sema_alloc(s, sizeof(*a));

		if (!a)
			return NULL;
		*a = *m->type;
		m->type = a;
		s->clip_member[out][k].type = a;
	}
	return b;
}

/* The unit's end: each distance member as long as its uses say (its
 * maximum when indexed dynamically or used whole, which were typed with
 * it; 1 when not used: the type needs a length; the back end leaves out
 * what passes the eight CLIPDIST channels). */
static bool glsl_sema_clip_members_finish(struct glsl_sema *s)
{
	for (unsigned io = 0; io < 2; io++) {
		struct glsl_sema_clip_member *c = s->clip_member[io];
		uint32_t n[2], max = clip_limit(s, "gl_MaxCombinedClipAndCullDistances");

		if (!c[0].type)
			continue;
		for (unsigned k = 0; k < 2; k++) {
			n[k] = c[k].dynamic || c[k].refs > c[k].indexed ? c[k].type->length
									: c[k].used;
			c[k].type->length = n[k] ? n[k] : 1;
		}
		/* gl_in[]'s are as the previous stage wrote them, checked there */
		if (io == 1 && n[0] + n[1] > max) {
			glsl_sema_error(s, c[1].loc, "gl_%s[]'s gl_ClipDistance (%u) and "
					"gl_CullDistance (%u) together are more than "
					"gl_MaxCombinedClipAndCullDistances (%u)", io ? "out" : "in",
					n[0], n[1], max);
			return false;
		}
	}
	return true;
}
