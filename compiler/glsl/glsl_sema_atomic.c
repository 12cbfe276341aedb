/* SPDX-License-Identifier: MIT */
/*
 * Atomic counter declarations (GLSL ES 3.10 §4.4.6): `layout(binding = N,
 * offset = M) uniform atomic_uint c;` and arrays of them. Each counter takes
 * 4 bytes of its binding's buffer at its offset (an array 4 per element);
 * without `offset` it goes right after the counter declared before it in the
 * same binding (0 for the first), or at what the last `layout(binding = N,
 * offset = M) uniform atomic_uint;` of the binding set. Offsets are multiples of 4, two counters of
 * one binding never overlap, and the binding is below
 * gl_MaxAtomicCounterBindings; each rule broken is a compile error at the
 * declaration.
 */
#include <string.h>

#include "glsl_sema_private.h"

/* The bytes one declaration takes in its binding's buffer. */
struct glsl_atomic_span {
	struct glsl_atomic_span *next;
	int32_t binding;
	uint32_t start, end;
};

static uint64_t counter_bytes(const struct glsl_type *t)
{
	return t->kind == GLSL_KIND_ARRAY ? 4 * (uint64_t)t->length : 4;
}

/* Where the previous counter of `binding` ended; 0 when it has none. */
static uint32_t next_offset(const struct glsl_sema *s, int32_t binding)
{
	for (const struct glsl_atomic_span *a = s->atomic_spans; a; a = a->next)
		if (a->binding == binding)
			return a->end;
	return 0;
}

static bool overlaps(const struct glsl_sema *s, int32_t binding, uint32_t start, uint32_t end)
{
	for (const struct glsl_atomic_span *a = s->atomic_spans; a; a = a->next)
		if (a->binding == binding && start < a->end && a->start < end)
			return true;
	return false;
}

static int32_t limit(const struct glsl_sema *s, const char *name)
{
	const struct glsl_bi_var *v = glsl_builtin_var(name, strlen(name), GLSL_ES_310, s->stage, 0);

	return v ? glsl_builtin_const_value(v, &s->opts.limits) : 0;
}

static bool offset_rules(struct glsl_sema *s, struct glsl_loc loc, const struct glsl_symbol *v,
			 uint64_t end)
{
	if (v->atomic_offset % 4) {
		glsl_sema_error(s, loc, "the offset of atomic counter '%s' is not a multiple of 4",
				v->cname);
		return false;
	}
	if (end > (uint64_t)limit(s, "gl_MaxAtomicCounterBufferSize")) {
		glsl_sema_error(s, loc, "atomic counter '%s' ends past gl_MaxAtomicCounterBufferSize "
				"(%d)", v->cname, limit(s, "gl_MaxAtomicCounterBufferSize"));
		return false;
	}
	if (overlaps(s, v->binding, v->atomic_offset, (uint32_t)end)) {
		glsl_sema_error(s, loc, "atomic counter '%s' overlaps another counter of binding %d",
				v->cname, v->binding);
		return false;
	}
	return true;
}

static bool record_span(struct glsl_sema *s, const struct glsl_symbol *v, uint32_t end)
{
	struct glsl_atomic_span *a = glsl_arena_alloc(s->arena, sizeof(*a));

	if (!a)
		return false;
	*a = (struct glsl_atomic_span){ s->atomic_spans, v->binding, v->atomic_offset, end };
	s->atomic_spans = a;
	return true;
}

static bool binding_rule(struct glsl_sema *s, struct glsl_loc loc, int32_t binding,
			 const char *name)
{
	int32_t max = limit(s, "gl_MaxAtomicCounterBindings");

	if (binding < max)
		return true;
	if (*name)
		glsl_sema_error(s, loc, "the binding of atomic counter '%s' is not below "
				"gl_MaxAtomicCounterBindings (%d)", name, max);
	else
		glsl_sema_error(s, loc, "atomic counter binding %d is not below "
				"gl_MaxAtomicCounterBindings (%d)", binding, max);
	return false;
}

bool glsl_sema_atomic_default(struct glsl_sema *s, const struct glsl_ast_qual *q)
{
	struct glsl_symbol v = { .cname = "", .binding = q->layout & GLSL_LAYOUT_BINDING ?
						       q->binding : 0 };

	if (q->storage != (GLSL_Q_UNIFORM | GLSL_Q_LAYOUT) || !(q->layout & GLSL_LAYOUT_OFFSET) ||
	    (q->layout & ~(GLSL_LAYOUT_BINDING | GLSL_LAYOUT_OFFSET))) {
		glsl_sema_error(s, q->loc, "a declaration of atomic_uint without a name takes only "
				"uniform, binding and offset");
		return false;
	}
	if (v.binding < 0 || q->offset < 0) {
		glsl_sema_error(s, q->loc, "'binding' and 'offset' must not be negative");
		return false;
	}
	v.atomic_offset = (uint32_t)q->offset;
	if (v.atomic_offset % 4 || v.atomic_offset > (uint32_t)limit(s, "gl_MaxAtomicCounterBufferSize")) {
		glsl_sema_error(s, q->loc, "the default offset of atomic counter binding %d must be "
				"a multiple of 4 within gl_MaxAtomicCounterBufferSize", v.binding);
		return false;
	}
	/* an empty span: it only says where the binding's next counter goes */
	return binding_rule(s, q->loc, v.binding, "") && record_span(s, &v, v.atomic_offset);
}

bool glsl_sema_atomic_counter(struct glsl_sema *s, const struct glsl_ast_qual *q,
			      struct glsl_symbol *v, struct glsl_loc loc)
{
	uint64_t end;

	if (!glsl_type_is_atomic(v->type.type)) {
		if (q->layout & GLSL_LAYOUT_OFFSET) {
			glsl_sema_error(s, q->loc, "'offset' applies only to atomic counters");
			return false;
		}
		return true;
	}
	if (v->storage != GLSL_STORAGE_UNIFORM)
		return true;   /* storage_type's error */
	/* §4.4.6: a counter's buffer has no default (dEQP negative_coverage
	 * atomic_counter.atomic_binding_omitted, as Mesa) */
	if (v->binding < 0) {
		glsl_sema_error(s, loc, "atomic counter '%s' needs layout(binding)", v->cname);
		return false;
	}
	if (!binding_rule(s, loc, v->binding, v->cname))
		return false;
	if (q->layout & GLSL_LAYOUT_OFFSET && q->offset < 0) {
		glsl_sema_error(s, q->loc, "'offset' must not be negative");
		return false;
	}
	v->atomic_offset = q->layout & GLSL_LAYOUT_OFFSET ? (uint32_t)q->offset
							  : next_offset(s, v->binding);
	end = (uint64_t)v->atomic_offset + counter_bytes(v->type.type);
	return offset_rules(s, loc, v, end) && record_span(s, v, (uint32_t)end);
}
