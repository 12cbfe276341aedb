/* SPDX-License-Identifier: MIT */
/* glsl_lower: entry, the type and symbol maps and the IR building helpers. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_lower_private.h"

void lw_fail(struct lw *w, struct glsl_loc loc, const char *fmt, ...)
{
	va_list ap;

	if (w->failed)
		return; /* the first error is the one worth reading */
	w->failed = true;
	va_start(ap, fmt);
	glsl_log_vmessage(w->log, true, loc.file, loc.line, loc.col, fmt, ap);
	va_end(ap);
}

/* ---- types ---------------------------------------------------------------------------- */

static vc_type_id type_of(struct lw *w, const struct glsl_type *t, bool expl);

static vc_type_id plain_child(void *w, const struct glsl_type *t)
{
	return type_of(w, t, false);
}

static vc_type_id derived_type(struct lw *w, const struct glsl_type *t, bool expl)
{
	struct lw_tcache *c;
	vc_type_id id;

	/* Structs are not interned by glsl_type_to_ir: one IR type per GLSL type,
	 * kept here. Plain types take their array elements and struct members
	 * from this map too, so that a struct nested in another or in an array is
	 * the same IR struct as the struct's own values (its constructors, its
	 * variables). Explicit layouts (whole uniform blocks) are built in one go:
	 * their members depend on the block's matrix layout. */
	for (uint32_t i = 0; i < w->nr_tcache; i++)
		if (w->tcache[i].g == t && w->tcache[i].expl == expl)
			return w->tcache[i].id;
	id = expl ? glsl_type_to_ir(w->m, t, true) : glsl_type_to_ir_sub(w->m, t, plain_child, w);
	if (!id)
		return 0;
	if (w->nr_tcache == w->cap_tcache) {
		uint32_t cap = w->cap_tcache ? w->cap_tcache * 2 : 16;
		c = realloc(w->tcache, cap * sizeof(*c));
		if (!c) {
			w->m->oom = true;
			return id;
		}
		w->tcache = c;
		w->cap_tcache = cap;
	}
	w->tcache[w->nr_tcache++] = (struct lw_tcache){ .g = t, .expl = expl, .id = id };
	return id;
}

static vc_type_id type_of(struct lw *w, const struct glsl_type *t, bool expl)
{
	vc_type_id *slot;

	if (!glsl_type_is_builtin(t))
		return derived_type(w, t, expl);
	slot = &w->builtin_types[expl][t->id];
	if (!*slot)
		*slot = glsl_type_to_ir(w->m, t, expl);
	return *slot;
}

vc_type_id lw_type(struct lw *w, const struct glsl_type *t)
{
	return type_of(w, t, false);
}

vc_type_id lw_type_expl(struct lw *w, const struct glsl_type *t)
{
	return type_of(w, t, true);
}

vc_type_id lw_ptr_type(struct lw *w, vc_type_id pointee, enum vc_storage storage)
{
	struct vc_type pt = { .kind = VC_TYPE_POINTER, .elem = pointee, .storage = storage };
	vc_type_id id;

	for (uint32_t i = 0; i < w->nr_pcache; i++)
		if (w->pcache[i].pointee == pointee && w->pcache[i].storage == storage)
			return w->pcache[i].id;
	id = vc_type_add(w->m, &pt);
	if (id && w->nr_pcache == w->cap_pcache) {
		uint32_t cap = w->cap_pcache ? w->cap_pcache * 2 : 16;
		struct lw_pcache *c = realloc(w->pcache, cap * sizeof(*c));
		if (!c)
			return id;
		w->pcache = c;
		w->cap_pcache = cap;
	}
	if (id)
		w->pcache[w->nr_pcache++] = (struct lw_pcache){ pointee, id, storage };
	return id;
}

/* ---- symbols -------------------------------------------------------------------------- */

static uint32_t sym_hash(const struct glsl_symbol *s, uint32_t cap)
{
	uintptr_t p = (uintptr_t)s;

	return (uint32_t)((p >> 4) * 2654435761u) & (cap - 1);
}

static bool sym_grow(struct lw *w)
{
	uint32_t cap = w->sym_cap ? w->sym_cap * 2 : 64;
	struct lw_sym *old = w->syms, *n = calloc(cap, sizeof(*n));

	if (!n)
		return false;
	for (uint32_t i = 0; i < w->sym_cap; i++) {
		uint32_t h;

		if (!old[i].sym)
			continue;
		for (h = sym_hash(old[i].sym, cap); n[h].sym; h = (h + 1) & (cap - 1))
			;
		n[h] = old[i];
	}
	free(old);
	w->syms = n;
	w->sym_cap = cap;
	return true;
}

struct lw_sym *lw_sym_find(struct lw *w, const struct glsl_symbol *sym)
{
	if (!w->sym_cap)
		return NULL;
	for (uint32_t h = sym_hash(sym, w->sym_cap); w->syms[h].sym; h = (h + 1) & (w->sym_cap - 1))
		if (w->syms[h].sym == sym)
			return &w->syms[h];
	return NULL;
}

struct lw_sym *lw_sym_add(struct lw *w, const struct glsl_symbol *sym, vc_value_id ptr,
			  int32_t member)
{
	struct lw_sym *s = lw_sym_find(w, sym);
	uint32_t h;

	if (s) {
		s->ptr = ptr;
		s->member = member;
		return s;
	}
	if ((w->nr_syms + 1) * 2 > w->sym_cap && !sym_grow(w)) {
		w->m->oom = true;
		return NULL;
	}
	for (h = sym_hash(sym, w->sym_cap); w->syms[h].sym; h = (h + 1) & (w->sym_cap - 1))
		;
	w->syms[h] = (struct lw_sym){ .sym = sym, .ptr = ptr, .member = member };
	w->nr_syms++;
	return &w->syms[h];
}

vc_var_id lw_var(struct lw *w, vc_type_id type, enum vc_storage storage, const char *name)
{
	struct vc_var v = { .type = type, .storage = storage, .location = -1 };
	vc_var_id id;

	if (name && !(v.name = strdup(name))) {
		w->m->oom = true;
		return 0;
	}
	id = vc_var_add(w->m, &v);
	if (!id)
		free(v.name);
	return id;
}

enum vc_precision lw_precision(enum glsl_precision p)
{
	return p == GLSL_PREC_MEDIUM ? VC_PREC_MEDIUM : p == GLSL_PREC_LOW ? VC_PREC_LOW : VC_PREC_HIGH;
}

vc_var_id lw_sym_var(struct lw *w, const struct glsl_symbol *s, enum vc_storage storage)
{
	vc_var_id v = lw_var(w, lw_type(w, s->type.type), storage, s->cname);

	if (v)
		vc_var_get(w->m, v)->precision = lw_precision(s->type.precision);
	return v;
}

/* ---- instructions --------------------------------------------------------------------- */

vc_value_id lw_op(struct lw *w, enum vc_op op, vc_type_id type, const vc_value_id *srcs,
		  unsigned n)
{
	struct vc_instr *in = vc_build(w->m, w->b, op, type, srcs, n);

	return in ? in->dest : 0;
}

vc_value_id lw_op1(struct lw *w, enum vc_op op, vc_type_id type, vc_value_id a)
{
	return lw_op(w, op, type, &a, 1);
}

vc_value_id lw_op2(struct lw *w, enum vc_op op, vc_type_id type, vc_value_id a, vc_value_id b)
{
	vc_value_id s[2] = { a, b };

	return lw_op(w, op, type, s, 2);
}

vc_value_id lw_op3(struct lw *w, enum vc_op op, vc_type_id type, vc_value_id a, vc_value_id b,
		   vc_value_id c)
{
	vc_value_id s[3] = { a, b, c };

	return lw_op(w, op, type, s, 3);
}

vc_type_id lw_value_type(struct lw *w, vc_value_id v)
{
	return vc_value_get(w->m, v)->type;
}

vc_value_id lw_extract(struct lw *w, vc_value_id v, uint32_t index)
{
	vc_type_id ct = vc_type_child(w->m, lw_value_type(w, v), index);
	struct vc_instr *in = vc_build(w->m, w->b, VC_OP_EXTRACT, ct, &v, 1);

	if (!in)
		return 0;
	in->nr_lits = 1;
	in->lits[0] = index;
	return in->dest;
}

vc_value_id lw_shuffle(struct lw *w, vc_value_id a, vc_value_id b, const uint8_t *sel, unsigned n)
{
	const struct vc_type *t = vc_type_get(w->m, lw_value_type(w, a));
	vc_type_id rt = vc_type_vector(w->m, t->base, n);
	vc_value_id s[2] = { a, b };
	struct vc_instr *in;

	if (n == 1)
		return lw_extract(w, a, sel[0]);
	in = vc_build(w->m, w->b, VC_OP_SHUFFLE, rt, s, 2);
	if (!in)
		return 0;
	in->nr_lits = (uint8_t)n;
	for (unsigned i = 0; i < n; i++)
		in->lits[i] = sel[i];
	return in->dest;
}

vc_value_id lw_const_u32(struct lw *w, enum vc_base base, uint32_t v)
{
	return vc_value_const_u32(w->m, base, v);
}

vc_value_id lw_const_f(struct lw *w, float f)
{
	uint32_t u;

	memcpy(&u, &f, sizeof(u));
	return vc_value_const_u32(w->m, VC_BASE_FLOAT, u);
}

vc_value_id lw_const_of(struct lw *w, const struct glsl_type *t, const union glsl_cval *v)
{
	vc_type_id ty = lw_type(w, t);
	uint32_t n = glsl_type_components(t);
	uint32_t stack[16], *words = n <= 16 ? stack : malloc(n * sizeof(*words));
	vc_value_id id;

	if (!ty || !words) {
		w->m->oom = true;
		return 0;
	}
	for (uint32_t i = 0; i < n; i++)
		words[i] = v[i].u;
	id = vc_value_const(w->m, ty, words, n);
	if (words != stack)
		free(words);
	return id;
}

vc_value_id lw_splat(struct lw *w, vc_value_id scalar, unsigned comps)
{
	vc_value_id s[4] = { scalar, scalar, scalar, scalar };
	const struct vc_type *t = vc_type_get(w->m, lw_value_type(w, scalar));

	if (comps <= 1)
		return scalar;
	if (vc_value_get(w->m, scalar)->kind == VC_VALUE_CONST) {
		/* a constant vector, not code */
		uint32_t word = vc_value_words(w->m, scalar)[0];
		uint32_t words[4] = { word, word, word, word };
		return vc_value_const(w->m, vc_type_vector(w->m, t->base, comps), words, comps);
	}
	return lw_op(w, VC_OP_CONSTRUCT, vc_type_vector(w->m, t->base, comps), s, comps);
}

void lw_store(struct lw *w, vc_value_id ptr, vc_value_id v)
{
	vc_build(w->m, w->b, VC_OP_STORE, 0, (vc_value_id[2]){ ptr, v }, 2);
}

vc_value_id lw_load_ptr(struct lw *w, vc_value_id ptr)
{
	const struct vc_type *pt = vc_type_get(w->m, lw_value_type(w, ptr));

	return lw_op1(w, VC_OP_LOAD, pt->elem, ptr);
}

void lw_store_var(struct lw *w, vc_var_id var, vc_value_id v)
{
	lw_store(w, vc_var_get(w->m, var)->ptr, v);
}

vc_value_id lw_load_var(struct lw *w, vc_var_id var)
{
	return lw_load_ptr(w, vc_var_get(w->m, var)->ptr);
}

struct vc_node *lw_if(struct lw *w, vc_value_id cond)
{
	struct vc_node *n = vc_block_append(w->m, w->b, VC_NODE_IF);

	if (n)
		n->cond = cond;
	return n;
}

void lw_jump(struct lw *w, enum vc_node_kind kind)
{
	vc_block_append(w->m, w->b, kind);
}

/* ---- entry ---------------------------------------------------------------------------- */

static void lw_finish(struct lw *w)
{
	free(w->syms);
	free(w->tcache);
	free(w->opaque);
	free(w->aliases);
	free(w->pcache);
}

static bool lw_init(struct lw *w)
{
	w->t_bool = vc_type_scalar(w->m, VC_BASE_BOOL);
	w->t_int = vc_type_scalar(w->m, VC_BASE_INT);
	w->t_uint = vc_type_scalar(w->m, VC_BASE_UINT);
	w->t_float = vc_type_scalar(w->m, VC_BASE_FLOAT);
	w->b = &w->m->body;
	return !w->m->oom;
}

int glsl_lower(const struct glsl_ast *ast, const struct glsl_sema_result *sema,
	       struct glsl_log *log, struct glsl_lower_result *out)
{
	return glsl_lower_with_layout(ast, sema, NULL, log, out);
}

static enum vc_ir_stage ir_stage(enum glsl_stage st)
{
	static const enum vc_ir_stage stages[] = {
		[GLSL_STAGE_VERTEX] = VC_IR_VERTEX, [GLSL_STAGE_FRAGMENT] = VC_IR_FRAGMENT,
		[GLSL_STAGE_COMPUTE] = VC_IR_COMPUTE, [GLSL_STAGE_GEOMETRY] = VC_IR_GEOMETRY,
		[GLSL_STAGE_TESS_CTRL] = VC_IR_TESS_CTRL, [GLSL_STAGE_TESS_EVAL] = VC_IR_TESS_EVAL,
	};
	return stages[st];
}

int glsl_lower_with_layout(const struct glsl_ast *ast, const struct glsl_sema_result *sema,
			   const struct glsl_lower_layout *layout, struct glsl_log *log,
			   struct glsl_lower_result *out)
{
	struct lw w = { .ast = ast, .sema = sema, .layout = layout, .log = log, .out = out };
	bool ok;

	memset(out, 0, sizeof(*out));
	w.m = vc_module_create(ir_stage(sema->stage));
	if (!w.m) {
		glsl_log_error(log, 0, 0, 0, "out of memory");
		return -1;
	}
	memcpy(w.m->local_size, sema->local_size, sizeof(w.m->local_size));
	w.m->early_fragment_tests = sema->early_fragment_tests;
	/* enum glsl_prim and enum vc_prim share their values */
	w.m->gs = (struct vc_geometry){ .input = (enum vc_prim)sema->gs_input,
					.output = (enum vc_prim)sema->gs_output,
					.max_vertices = sema->gs_max_vertices,
					.invocations = sema->gs_invocations ? sema->gs_invocations : 1 };
	w.m->tess = (struct vc_tess){ .vertices = sema->tess_vertices, .domain = sema->tess_domain,
				      .spacing = (enum vc_tess_spacing)sema->tess_spacing,
				      .cw = sema->tess_cw, .point_mode = sema->tess_point_mode };
	out->module = w.m;
	ok = lw_init(&w) && lw_declare_interface(&w) && lw_main(&w);
	if (w.m->oom && !w.failed)
		lw_fail(&w, (struct glsl_loc){ 0 }, "out of memory");
	ok = ok && !w.failed && !w.m->oom;
	lw_finish(&w);
	if (!ok) {
		if (!w.failed)
			glsl_log_error(log, 0, 0, 0, "internal error: lowering failed");
		glsl_lower_result_finish(out);
		return -1;
	}
	return 0;
}

void glsl_lower_result_finish(struct glsl_lower_result *r)
{
	if (!r)
		return;
	vc_module_destroy(r->module);
	for (uint32_t i = 0; i < r->nr_res; i++)
		free(r->res[i].name);
	free(r->res);
	memset(r, 0, sizeof(*r));
}

const struct glsl_lower_res *glsl_lower_find(const struct glsl_lower_result *r,
					     enum glsl_lower_res_kind kind, const char *name)
{
	for (uint32_t i = 0; i < r->nr_res; i++)
		if (r->res[i].kind == kind && !strcmp(r->res[i].name, name))
			return &r->res[i];
	return NULL;
}
