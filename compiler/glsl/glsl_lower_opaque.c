/* SPDX-License-Identifier: MIT */
/*
 * Samplers held by struct uniforms (`struct S { float a; sampler2D t; } s;`,
 * `S arr[2]`, nested structs and arrays). Loose uniforms live in a std140
 * block, where samplers cannot: each sampler member path of such a uniform
 * (s.t, arr[].inner[].t) becomes one sampler variable of its own, an array
 * of every element the path reaches (arrays of structs flattened in row-major
 * order, the leaf's own array innermost), with one binding per element. The
 * GL layer sees each element under GL's name ("arr[1].t", array_size when the
 * leaf is an array), and `arr[i].inner[j].t` samples element i * 3 + j of
 * that variable (a constant, or a dynamic index the loop indices give).
 * Arrays of arrays of samplers (ES 3.10) take the same way, as a path of
 * no members: Vulkan allows no array of arrays of them.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_lower_private.h"

#define NAME_LEN 512

/* ---- declaration -------------------------------------------------------------------------- */

/* Where one sampler member path's variable is, while it is being declared. */
struct path_walk {
	const struct glsl_symbol *sym;
	uint8_t fields[LW_MAX_CHAIN];
	unsigned depth;
	uint32_t *binding;
	uint32_t first;                  /* the binding of the uniform's first sampler */
};

static bool opaque_add(struct lw *w, const struct lw_opaque *o)
{
	if (w->nr_opaque == w->cap_opaque) {
		uint32_t cap = w->cap_opaque ? w->cap_opaque * 2 : 8;
		struct lw_opaque *n = realloc(w->opaque, cap * sizeof(*n));

		if (!n) {
			w->m->oom = true;
			return false;
		}
		w->opaque = n;
		w->cap_opaque = cap;
	}
	w->opaque[w->nr_opaque++] = *o;
	return true;
}

/* The GL names of the path's elements, one resource each ("arr[1].t"; a
 * sampler array leaf is one resource with its size), bindings in order. */
static bool name_elements(struct lw *w, const struct path_walk *p, const struct glsl_type *t,
			  unsigned depth, const char *prefix, uint32_t *binding)
{
	char buf[NAME_LEN];

	/* an array of arrays of samplers (3.10): one resource per innermost
	 * array, "s[1]" (GL's "s[1][0]"), as for arrays of structs */
	if (depth == p->depth && !glsl_type_is_aoa(t)) {
		struct glsl_lower_res r = { .name = (char *)prefix, .kind = GLSL_RES_SAMPLER,
					    .type = t->kind == GLSL_KIND_ARRAY ? t->elem : t,
					    .array_size = t->kind == GLSL_KIND_ARRAY ? t->length : 0,
					    .binding = *binding,
					    .explicit_binding = p->sym->binding >= 0,
					    .gl_binding = (uint32_t)p->sym->binding + *binding - p->first };

		*binding += r.array_size ? r.array_size : 1;
		return lw_res_add(w, &r);
	}
	if (t->kind == GLSL_KIND_ARRAY) {
		for (uint32_t i = 0; i < t->length; i++) {
			snprintf(buf, sizeof(buf), "%s[%u]", prefix, i);
			if (!name_elements(w, p, t->elem, depth, buf, binding))
				return false;
		}
		return true;
	}
	snprintf(buf, sizeof(buf), "%s.%s", prefix, t->fields[p->fields[depth]].name);
	return name_elements(w, p, t->fields[p->fields[depth]].type, depth + 1, buf, binding);
}

/* The variable of the path that reached sampler type `leaf` through
 * `count` elements. */
static bool declare_path(struct lw *w, const struct path_walk *p, const struct glsl_type *leaf,
			 uint32_t count)
{
	struct glsl_type arr = { .kind = GLSL_KIND_ARRAY, .elem = leaf, .length = count };
	struct lw_opaque o = { .sym = p->sym, .depth = p->depth, .count = count };
	vc_type_id ty = count > 1 ? glsl_type_to_ir(w->m, &arr, false) : lw_type(w, leaf);
	vc_var_id v = ty ? lw_var(w, ty, VC_STORAGE_HANDLE, p->sym->cname) : 0;
	uint32_t first = *p->binding;
	struct vc_var *var;

	if (!v)
		return false;
	var = vc_var_get(w->m, v);
	var->has_binding = true;
	var->set = 0;
	var->binding = first;
	memcpy(o.fields, p->fields, sizeof(o.fields));
	o.ptr = var->ptr;
	return opaque_add(w, &o) &&
	       name_elements(w, p, p->sym->type.type, 0, p->sym->cname, p->binding) &&
	       *p->binding - first == count;
}

static bool walk_paths(struct lw *w, struct path_walk *p, const struct glsl_type *t,
		       uint32_t count)
{
	for (; t->kind == GLSL_KIND_ARRAY; t = t->elem)
		count *= t->length;
	if (t->kind == GLSL_KIND_SAMPLER)
		return declare_path(w, p, t, count);
	for (uint32_t i = 0; i < t->nr_fields; i++) {
		bool ok;

		if (!glsl_type_is_opaque(t->fields[i].type))
			continue;
		if (p->depth == LW_MAX_CHAIN) {
			lw_fail(w, p->sym->loc, "uniform '%s' nests its samplers too deeply",
				p->sym->cname);
			return false;
		}
		p->fields[p->depth++] = (uint8_t)i;
		ok = walk_paths(w, p, t->fields[i].type, count);
		p->depth--;
		if (!ok)
			return false;
	}
	return true;
}

bool lw_declare_struct_samplers(struct lw *w, const struct glsl_symbol *s, uint32_t *binding)
{
	struct path_walk p = { .sym = s, .binding = binding, .first = *binding };

	return walk_paths(w, &p, s->type.type, 1);
}

/* ---- references ---------------------------------------------------------------------------- */

/* The steps of `n` from its root identifier, root first. */
struct steps {
	const struct glsl_ast_node *node[LW_MAX_CHAIN * 2];
	unsigned n;
	const struct glsl_symbol *root;
};

static const struct glsl_ast_node *alias_of(const struct lw *w, const struct glsl_symbol *s)
{
	for (uint32_t i = 0; i < w->nr_aliases; i++)
		if (w->aliases[i].param == s)
			return w->aliases[i].arg;
	return NULL;
}

bool lw_alias_param(struct lw *w, const struct glsl_symbol *param, const struct glsl_ast_node *arg)
{
	struct lw_alias *a;

	for (uint32_t i = 0; i < w->nr_aliases; i++) {
		if (w->aliases[i].param == param) {
			w->aliases[i].arg = arg;   /* the function is inlined again */
			return true;
		}
	}
	if (w->nr_aliases == w->cap_aliases) {
		uint32_t cap = w->cap_aliases ? w->cap_aliases * 2 : 8;

		if (!(a = realloc(w->aliases, cap * sizeof(*a)))) {
			w->m->oom = true;
			return false;
		}
		w->aliases = a;
		w->cap_aliases = cap;
	}
	w->aliases[w->nr_aliases++] = (struct lw_alias){ param, arg };
	return true;
}

/* Parameters standing for their arguments are followed into the caller's
 * expression (with its indices). */
static bool collect_steps(const struct lw *w, const struct glsl_ast_node *n, struct steps *st)
{
	st->n = 0;
	for (;;) {
		if (n->kind == GLSL_AST_IDENT && alias_of(w, n->sema->u.var)) {
			n = alias_of(w, n->sema->u.var);
			continue;
		}
		if (n->kind == GLSL_AST_IDENT) {
			st->root = n->sema->u.var;
			break;
		}
		if (st->n == LW_MAX_CHAIN * 2 ||
		    (n->kind != GLSL_AST_INDEX && n->kind != GLSL_AST_FIELD))
			return false;
		st->node[st->n++] = n;
		n = n->kind == GLSL_AST_INDEX ? n->u.kid[0] : n->u.field.base;
	}
	for (unsigned i = 0; i < st->n / 2; i++) {
		const struct glsl_ast_node *x = st->node[i];

		st->node[i] = st->node[st->n - 1 - i];
		st->node[st->n - 1 - i] = x;
	}
	return st->root != NULL;
}

static const struct lw_opaque *find_path(struct lw *w, const struct steps *st)
{
	uint8_t fields[LW_MAX_CHAIN];
	unsigned depth = 0;

	for (unsigned i = 0; i < st->n; i++) {
		if (st->node[i]->kind != GLSL_AST_FIELD)
			continue;
		if (depth == LW_MAX_CHAIN)
			return NULL;
		fields[depth++] = (uint8_t)st->node[i]->sema->field;
	}
	for (uint32_t i = 0; i < w->nr_opaque; i++) {
		const struct lw_opaque *o = &w->opaque[i];

		if (o->sym == st->root && o->depth == depth && !memcmp(o->fields, fields, depth))
			return o;
	}
	return NULL;
}

/* flat * length + index: constant while the indices are. */
struct flat_index {
	uint32_t k;
	vc_value_id dyn;   /* 0 while constant */
};

static void flat_step(struct lw *w, struct flat_index *f, uint32_t length,
		      const struct glsl_ast_node *ix)
{
	vc_value_id len, v;
	vc_type_id ty;

	if (ix->sema->value && !f->dyn) {
		f->k = f->k * length + ix->sema->value[0].u;
		return;
	}
	v = lw_expr(w, ix);
	ty = lw_value_type(w, v);
	len = lw_const_u32(w, vc_type_get(w->m, ty)->base, length);
	if (!f->dyn)
		f->dyn = lw_const_u32(w, vc_type_get(w->m, ty)->base, f->k);
	f->dyn = lw_op2(w, VC_OP_IADD, ty, lw_op2(w, VC_OP_IMUL, ty, f->dyn, len), v);
}

/* The element of the path's variable that the steps reach. */
static bool ref_element(struct lw *w, const struct steps *st, const struct lw_opaque *o,
			struct lw_ref *r)
{
	struct flat_index f = { 0 };

	for (unsigned i = 0; i < st->n; i++) {
		const struct glsl_ast_node *x = st->node[i];

		if (x->kind == GLSL_AST_INDEX)
			flat_step(w, &f, x->u.kid[0]->sema->type.type->length, x->u.kid[1]);
	}
	memset(r, 0, sizeof(*r));
	r->base = o->ptr;
	r->storage = VC_STORAGE_HANDLE;
	r->type = vc_type_get(w->m, lw_value_type(w, o->ptr))->elem;
	r->gtype = st->node[st->n - 1]->sema->type.type;
	if (o->count > 1) {
		r->idx[r->n++] = f.dyn ? f.dyn : lw_const_u32(w, VC_BASE_INT, f.k);
		r->type = vc_type_get(w->m, r->type)->elem;
	}
	return !w->failed;
}

bool lw_held_sampler_arg(struct lw *w, const struct glsl_ast_node *arg)
{
	const struct glsl_type *at = arg->sema->type.type, *t;
	struct steps st;

	if (glsl_type_innermost(at)->kind != GLSL_KIND_SAMPLER || !collect_steps(w, arg, &st) ||
	    st.root->storage != GLSL_STORAGE_UNIFORM)
		return false;
	t = st.root->type.type;
	return (t->kind == GLSL_KIND_ARRAY ? t->elem : t)->kind != GLSL_KIND_SAMPLER;
}

int lw_ref_struct_sampler(struct lw *w, const struct glsl_ast_node *n, struct lw_ref *r)
{
	struct steps st;
	const struct lw_opaque *o;

	if (n->sema->type.type->kind != GLSL_KIND_SAMPLER || n->kind == GLSL_AST_IDENT ||
	    !collect_steps(w, n, &st) || st.root->storage != GLSL_STORAGE_UNIFORM)
		return 0;
	o = find_path(w, &st);
	if (!o) {
		const struct glsl_type *t = st.root->type.type;

		if ((t->kind == GLSL_KIND_ARRAY ? t->elem : t)->kind == GLSL_KIND_SAMPLER)
			return 0;   /* a plain sampler array */
		lw_fail(w, n->loc, "no sampler variable for this member of '%s'",
			st.root->cname ? st.root->cname : "?");
		return -1;
	}
	return ref_element(w, &st, o, r) ? 1 : -1;
}
