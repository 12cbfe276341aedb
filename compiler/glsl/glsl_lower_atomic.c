/* SPDX-License-Identifier: MIT */
/*
 * Atomic counters (ES 3.10) lowered to storage-buffer atomics: each GL
 * binding the shader's counters use becomes one storage buffer variable,
 * `{ uint counters[K]; }` with K what its counters reach, at the next
 * descriptor binding; a counter at byte offset M is element M / 4 (an array
 * counter's element i is M / 4 + i). The counter's symbol stands for member
 * 0 of that variable (glsl_lower_expr.c's ref_ident adds the element), and
 * the built-ins are ATOMIC adds on it (glsl_lower_builtin.c). The resource
 * table gets one GLSL_RES_ATOMIC_BUFFER per binding and one
 * GLSL_RES_ATOMIC_COUNTER per counter, for the GL layer, which binds the
 * buffer at GL_ATOMIC_COUNTER_BUFFER's point (no hardware atomic counters:
 * the GL layer's vgl_atomic_counter.c says why).
 */
#include <string.h>

#include "glsl_builtins_table.h"
#include "glsl_lower_private.h"

static uint32_t counter_words(const struct glsl_symbol *s)
{
	const struct glsl_type *t = s->type.type;

	return s->atomic_offset / 4 + (t->kind == GLSL_KIND_ARRAY ? t->length : 1);
}

/* The words binding `gl_binding` needs: past its last counter. */
static uint32_t binding_words(const struct glsl_symbol *const *syms, uint32_t n,
			      int32_t gl_binding)
{
	uint32_t k = 0;

	for (uint32_t i = 0; i < n; i++)
		if (syms[i]->binding == gl_binding && counter_words(syms[i]) > k)
			k = counter_words(syms[i]);
	return k;
}

static bool first_of_binding(const struct glsl_symbol *const *syms, uint32_t i)
{
	for (uint32_t j = 0; j < i; j++)
		if (syms[j]->binding == syms[i]->binding)
			return false;
	return true;
}

static vc_value_id buffer_var(struct lw *w, uint32_t words, uint32_t binding)
{
	struct glsl_type arr, blk;
	struct glsl_field f = { "counters", &arr, GLSL_PREC_HIGH, GLSL_MATRIX_COLUMN, 0 };
	vc_var_id v;
	struct vc_var *var;

	glsl_type_init_array(&arr, glsl_type_uint, words);
	glsl_type_init_block(&blk, "gl_AtomicCounterBuffer", &f, 1, GLSL_PACKING_STD430,
			     GLSL_MATRIX_COLUMN);
	v = lw_var(w, glsl_type_to_ir(w->m, &blk, true), VC_STORAGE_STORAGE,
		   "gl_AtomicCounterBuffer");
	if (!v)
		return 0;
	var = vc_var_get(w->m, v);
	var->has_binding = true;
	var->set = 0;
	var->binding = binding;
	var->flags = VC_VAR_COHERENT;
	return var->ptr;
}

static bool add_counter(struct lw *w, const struct glsl_symbol *s, vc_value_id ptr)
{
	const struct glsl_type *t = s->type.type;
	struct glsl_lower_res r = { .name = (char *)s->cname, .kind = GLSL_RES_ATOMIC_COUNTER,
				    .type = glsl_type_get(GLSL_TID_ATOMIC_UINT),
				    .array_size = t->kind == GLSL_KIND_ARRAY ? t->length : 0,
				    .array_stride = t->kind == GLSL_KIND_ARRAY ? 4 : 0,
				    .offset = s->atomic_offset, .explicit_binding = true,
				    .gl_binding = (uint32_t)s->binding };

	return lw_sym_add(w, s, ptr, 0) && lw_res_add(w, &r);
}

/* One binding: its buffer variable, resource, and every counter in it. */
static bool declare_binding(struct lw *w, const struct glsl_symbol *const *syms, uint32_t n,
			    int32_t gl_binding, uint32_t *binding)
{
	uint32_t words = binding_words(syms, n, gl_binding);
	struct glsl_lower_res r = { .name = "", .kind = GLSL_RES_ATOMIC_BUFFER,
				    .binding = *binding, .size = 4 * words,
				    .explicit_binding = true, .gl_binding = (uint32_t)gl_binding };
	vc_value_id ptr = buffer_var(w, words, *binding);

	if (!ptr || !lw_res_add(w, &r))
		return false;
	(*binding)++;
	for (uint32_t i = 0; i < n; i++)
		if (syms[i]->binding == gl_binding && !add_counter(w, syms[i], ptr))
			return false;
	return true;
}

bool lw_declare_atomics(struct lw *w, const struct glsl_symbol *const *syms, uint32_t n,
			uint32_t *binding)
{
	for (uint32_t i = 0; i < n; i++)
		if (first_of_binding(syms, i) &&
		    !declare_binding(w, syms, n, syms[i]->binding, binding))
			return false;
	return true;
}

/* ---- references and built-ins -------------------------------------------------------------- */

vc_value_id lw_counter_index(struct lw *w, const struct glsl_symbol *s)
{
	return lw_const_u32(w, VC_BASE_INT, s->atomic_offset / 4);
}

/* atomicCounterIncrement: the value before; atomicCounterDecrement: the
 * value after (the add's result minus 1); atomicCounter: the value. */
vc_value_id lw_counter_op(struct lw *w, unsigned recipe, const struct lw_ref *counter)
{
	uint32_t add = recipe == GLSL_BI_RECIPE_ATOMIC_COUNTER_INCREMENT ? 1 :
		       recipe == GLSL_BI_RECIPE_ATOMIC_COUNTER_DECREMENT ? UINT32_MAX : 0;
	vc_value_id srcs[2] = { lw_ref_ptr(w, counter), lw_const_u32(w, VC_BASE_UINT, add) };
	struct vc_instr *in;

	if (!srcs[0])
		return 0;
	in = vc_build(w->m, w->b, VC_OP_ATOMIC, w->t_uint, srcs, 2);
	if (!in)
		return 0;
	in->nr_lits = 1;
	in->lits[0] = VC_ATOMIC_ADD;
	if (recipe != GLSL_BI_RECIPE_ATOMIC_COUNTER_DECREMENT)
		return in->dest;
	return lw_op2(w, VC_OP_IADD, w->t_uint, in->dest, srcs[1]);
}
