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

void glsl_sema_clip_index(struct glsl_sema *s, const struct glsl_ast_node *n)
{
	const struct glsl_ast_node *base = n->u.kid[0], *ix = n->u.kid[1];
	struct glsl_sema_clip *c;
	int k;

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

bool glsl_sema_clip_finish(struct glsl_sema *s)
{
	uint32_t clip, cull, max;

	if (!clip_size(s, 0, &clip) || !clip_size(s, 1, &cull))
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
