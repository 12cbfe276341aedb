/* SPDX-License-Identifier: MIT */
/*
 * glsl_symtab: nested scopes of GLSL names for semantic analysis.
 *
 * Names are the preprocessor's ident ids, which are dense (0 .. count-1), so
 * the table is a direct-mapped array: top[id] is the innermost binding of the
 * name, a perfect hash with no probing and no collisions. Each symbol links
 * to the binding it shadows and to the symbol declared before it, so leaving
 * a scope walks back over exactly the symbols it declared; entering one costs
 * nothing. Symbols live in the compile's arena.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

#include "glsl_arena.h"
#include "glsl_sema.h"

struct glsl_symtab {
	struct glsl_symbol **top;   /* by ident id */
	uint32_t count;             /* ids the table covers */
	struct glsl_symbol *last;   /* the most recently declared symbol */
	uint32_t depth;             /* 0 = global scope */
};

/* A scope to go back to. */
struct glsl_scope_mark {
	struct glsl_symbol *last;
};

bool glsl_symtab_init(struct glsl_symtab *t, struct glsl_arena *a, uint32_t nr_idents);

static inline struct glsl_symbol *glsl_symtab_find(const struct glsl_symtab *t, uint32_t name)
{
	return name < t->count ? t->top[name] : NULL;
}

/* The binding of name in the current scope itself, or NULL. */
struct glsl_symbol *glsl_symtab_find_here(const struct glsl_symtab *t, uint32_t name);
/* Binds sym->name in the current scope (sym->depth is set). */
void glsl_symtab_add(struct glsl_symtab *t, struct glsl_symbol *sym);
struct glsl_scope_mark glsl_symtab_push(struct glsl_symtab *t);
void glsl_symtab_pop(struct glsl_symtab *t, struct glsl_scope_mark m);
