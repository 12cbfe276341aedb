/* SPDX-License-Identifier: MIT */
#include <string.h>

#include "glsl_symtab.h"

bool glsl_symtab_init(struct glsl_symtab *t, struct glsl_arena *a, uint32_t nr_idents)
{
	size_t bytes = (size_t)(nr_idents ? nr_idents : 1) * sizeof(*t->top);

	t->top = glsl_arena_alloc(a, bytes);
	t->count = nr_idents;
	t->last = NULL;
	t->depth = 0;
	if (!t->top)
		return false;
	memset(t->top, 0, bytes);
	return true;
}

struct glsl_symbol *glsl_symtab_find_here(const struct glsl_symtab *t, uint32_t name)
{
	struct glsl_symbol *s = glsl_symtab_find(t, name);

	return s && s->depth == t->depth ? s : NULL;
}

void glsl_symtab_add(struct glsl_symtab *t, struct glsl_symbol *sym)
{
	sym->depth = t->depth;
	sym->prev = t->last;
	t->last = sym;
	if (sym->name >= t->count) {
		sym->shadow = NULL;   /* a built-in that the source never names */
		return;
	}
	sym->shadow = t->top[sym->name];
	t->top[sym->name] = sym;
}

struct glsl_scope_mark glsl_symtab_push(struct glsl_symtab *t)
{
	t->depth++;
	return (struct glsl_scope_mark){ t->last };
}

void glsl_symtab_pop(struct glsl_symtab *t, struct glsl_scope_mark m)
{
	for (struct glsl_symbol *s = t->last; s != m.last; s = s->prev)
		if (s->name < t->count)
			t->top[s->name] = s->shadow;
	t->last = m.last;
	t->depth--;
}
