/* SPDX-License-Identifier: MIT */
/*
 * Store-to-load forwarding: what the IR keeps in variables (every GLSL local
 * and every phi of the SPIR-V reader) comes back out as values. Walking the
 * structured tree in order, the pass knows for each variable the value it
 * holds, if any:
 *  - a whole store sets it; a load of the whole variable then becomes that
 *    value, and a load with a constant access chain an EXTRACT of it;
 *  - a store through a constant access chain into an array or struct
 *    becomes an INSERT into the known value (the store stays, for
 *    dead-code elimination to judge); into a vector it forgets the value:
 *    the emitter writes the component in place, while an INSERT costs a
 *    copy of the vector (matrix.vert's r.xyz += ..., test_spirv_tgsi);
 *  - a function or private variable without initialiser starts as an
 *    undefined value, so an array written element by element (an unrolled
 *    loop's) is known from its first store;
 *  - any other store or atomic forgets it. A load of an unknown input
 *    makes its result the known value; other loads are left alone: the
 *    emitter reads a variable in place, while a reused load result would
 *    have to be kept in a register of its own once the variable changes;
 *  - after an if, a variable keeps a value only where both branches that
 *    fall through agree on it (one SSA value, so it dominates the merge);
 *  - a loop forgets, at its start and after it, every variable stored
 *    anywhere inside it.
 * Only invocation-private memory is tracked (function, private, input and
 * output variables): buffers and shared memory may change under the shader.
 */
#include <stdlib.h>
#include <string.h>

#include "vc_opt_private.h"

struct vars {
	struct opt *o;
	uint32_t nr;          /* variables */
};

static bool tracked(const struct vc_module *m, vc_var_id v)
{
	enum vc_storage s = vc_var_get(m, v)->storage;

	/* a geometry shader's EmitVertex reads every output: no store to one
	 * may be forwarded, merged or sunk past it; a tessellation control
	 * shader's outputs are shared by the patch's invocations (barrier()) */
	if (s == VC_STORAGE_OUTPUT && (m->stage == VC_IR_GEOMETRY || m->stage == VC_IR_TESS_CTRL))
		return false;
	return v && (s == VC_STORAGE_FUNCTION || s == VC_STORAGE_PRIVATE ||
		     s == VC_STORAGE_INPUT || s == VC_STORAGE_OUTPUT);
}

/* The constant indices of a chain straight from a variable (up to 4). */
static unsigned const_path(const struct vc_module *m, vc_value_id p, vc_var_id *var,
			   uint32_t *lits)
{
	const struct vc_value *v = vc_value_get(m, p);
	const struct vc_instr *in = v->def;
	unsigned n;

	if (v->kind != VC_VALUE_INSTR || !in || in->op != VC_OP_ACCESS_CHAIN)
		return 0;
	n = vc_instr_nr_srcs(in) - 1;
	if (n < 1 || n > 4 || vc_value_get(m, in->srcs[0])->kind != VC_VALUE_VAR)
		return 0;
	for (unsigned i = 0; i < n; i++) {
		if (!opt_is_const(m, in->srcs[1 + i]))
			return 0;
		lits[i] = vc_value_words(m, in->srcs[1 + i])[0];
	}
	*var = vc_value_get(m, in->srcs[0])->var;
	return n;
}

static vc_var_id whole_var(const struct vc_module *m, vc_value_id p)
{
	const struct vc_value *v = vc_value_get(m, p);

	return v->kind == VC_VALUE_VAR ? v->var : 0;
}

/* LOAD of a constant chain into a known value: EXTRACT, in place. */
static void load_part(struct vars *s, struct vc_instr *in, vc_value_id known,
		      const uint32_t *lits, unsigned n)
{
	in->op = VC_OP_EXTRACT;
	in->srcs[0] = known;
	in->nr_srcs = 1;
	memcpy(in->lits, lits, n * sizeof(*lits));
	in->nr_lits = (uint8_t)n;
	s->o->progress = true;
}

static void visit_load(struct vars *s, struct vc_instr *in, vc_value_id *known)
{
	const struct vc_module *m = s->o->m;
	vc_var_id v = whole_var(m, in->srcs[0]);
	uint32_t lits[4];
	unsigned n;

	if (v && tracked(m, v)) {
		if (known[v])
			opt_replace(s->o, in->dest, known[v]);
		else if (vc_var_get(m, v)->storage == VC_STORAGE_INPUT)
			known[v] = in->dest;
		return;
	}
	n = const_path(m, in->srcs[0], &v, lits);
	if (n && tracked(m, v) && known[v])
		load_part(s, in, known[v], lits, n);
}

/* One value, or two undefined ones of a type (each round starts a variable
 * without initialiser from a new one). */
static bool same_value(const struct vc_module *m, vc_value_id a, vc_value_id b)
{
	const struct vc_value *x = vc_value_get(m, a), *y = vc_value_get(m, b);

	return a == b || (x->kind == VC_VALUE_UNDEF && y->kind == VC_VALUE_UNDEF && x->type == y->type);
}

/* Did an earlier round already put this INSERT before the store? Then it is
 * the known value (and nothing changed). */
static vc_value_id same_insert(const struct vc_module *m, const struct vc_block *b, uint32_t i,
			       const vc_value_id *srcs, const uint32_t *lits, unsigned n)
{
	const struct vc_instr *prev = i ? &b->nodes[i - 1]->instr : NULL;

	if (prev && b->nodes[i - 1]->kind == VC_NODE_INSTR && prev->op == VC_OP_INSERT &&
	    same_value(m, prev->srcs[0], srcs[0]) && prev->srcs[1] == srcs[1] && prev->nr_lits == n &&
	    !memcmp(prev->lits, lits, n * sizeof(*lits)))
		return prev->dest;
	return 0;
}

/* STORE through a constant chain into a known value: INSERT before it. */
static void store_part(struct vars *s, struct vc_block *b, uint32_t i, vc_value_id *known)
{
	struct vc_module *m = s->o->m;
	struct vc_instr *in = &b->nodes[i]->instr;
	vc_value_id srcs[2] = { 0, in->srcs[1] };
	struct vc_block tmp = { 0 };
	struct vc_instr *ins;
	uint32_t lits[4];
	vc_var_id v = 0;
	unsigned n = const_path(m, in->srcs[0], &v, lits);

	if (!n || !tracked(m, v) || !known[v] || vc_type_is_leaf(m, vc_var_get(m, v)->type)) {
		known[opt_ptr_var(m, in->srcs[0])] = 0;
		return;
	}
	srcs[0] = known[v];
	if ((known[v] = same_insert(m, b, i, srcs, lits, n)))
		return;
	ins = vc_build(m, &tmp, VC_OP_INSERT, vc_value_get(m, srcs[0])->type, srcs, 2);
	if (!ins || !opt_insert_node(s->o, b, i, tmp.nodes[0])) {
		free(tmp.nodes);
		return;  /* known[v] stays 0 */
	}
	free(tmp.nodes);
	memcpy(ins->lits, lits, n * sizeof(*lits));
	ins->nr_lits = (uint8_t)n;
	known[v] = ins->dest;
}

/* Returns how many nodes were inserted before node i. */
static uint32_t visit_instr(struct vars *s, struct vc_block *b, uint32_t i, vc_value_id *known)
{
	struct vc_instr *in = &b->nodes[i]->instr;
	const struct vc_module *m = s->o->m;
	vc_var_id v;

	switch (in->op) {
	case VC_OP_LOAD:
		visit_load(s, in, known);
		return 0;
	case VC_OP_STORE:
		v = whole_var(m, in->srcs[0]);
		if (v && tracked(m, v)) {
			known[v] = in->srcs[1];
			return 0;
		}
		store_part(s, b, i, known);
		return b->nodes[i]->instr.op == VC_OP_STORE ? 0 : 1;
	case VC_OP_ATOMIC:
		known[opt_ptr_var(m, in->srcs[0])] = 0;
		return 0;
	default:
		return 0;
	}
}

/* ---- control flow ---------------------------------------------------------------------- */

static void walk(struct vars *s, struct vc_block *b, vc_value_id *known);

/* Marks every variable stored (or atomically changed) inside b. */
static void stored_in(const struct vc_module *m, const struct vc_block *b, uint8_t *out)
{
	for (uint32_t i = 0; i < b->nr; i++) {
		const struct vc_node *n = b->nodes[i];

		if (n->kind == VC_NODE_INSTR &&
		    (n->instr.op == VC_OP_STORE || n->instr.op == VC_OP_ATOMIC))
			out[opt_ptr_var(m, n->instr.srcs[0])] = 1;
		stored_in(m, &n->then_block, out);
		stored_in(m, &n->else_block, out);
		stored_in(m, &n->body, out);
		stored_in(m, &n->cont, out);
	}
}

static void visit_if(struct vars *s, struct vc_node *n, vc_value_id *known)
{
	size_t size = s->nr * sizeof(*known);
	vc_value_id *other = malloc(size);
	bool then_ends = opt_block_ends(&n->then_block);
	bool else_ends = opt_block_ends(&n->else_block);

	if (!other) {
		s->o->m->oom = true;
		return;
	}
	memcpy(other, known, size);
	walk(s, &n->then_block, known);
	walk(s, &n->else_block, other);
	for (uint32_t v = 0; v < s->nr; v++) {
		if (then_ends && !else_ends)
			known[v] = other[v];
		else if (then_ends == else_ends && known[v] != other[v])
			known[v] = 0;
	}
	free(other);
}

static void visit_loop(struct vars *s, struct vc_node *n, vc_value_id *known)
{
	uint8_t *killed = calloc(s->nr, 1);
	size_t size = s->nr * sizeof(*known);
	vc_value_id *inner = malloc(size);

	if (!killed || !inner) {
		s->o->m->oom = true;
		free(killed);
		free(inner);
		return;
	}
	stored_in(s->o->m, &n->body, killed);
	stored_in(s->o->m, &n->cont, killed);
	for (uint32_t v = 0; v < s->nr; v++)
		if (killed[v])
			known[v] = 0;
	memcpy(inner, known, size);
	walk(s, &n->body, inner);
	memcpy(inner, known, size);
	walk(s, &n->cont, inner);
	free(inner);
	free(killed);
}

static void walk(struct vars *s, struct vc_block *b, vc_value_id *known)
{
	for (uint32_t i = 0; i < b->nr && !s->o->m->oom; i++) {
		struct vc_node *n = b->nodes[i];

		opt_rewrite_node(s->o, n);
		if (n->kind == VC_NODE_INSTR)
			i += visit_instr(s, b, i, known);
		else if (n->kind == VC_NODE_IF)
			visit_if(s, n, known);
		else if (n->kind == VC_NODE_LOOP)
			visit_loop(s, n, known);
	}
}

/* ---- outputs ---------------------------------------------------------------------------- */

/* Does b return anywhere but at the very end of main? */
static bool early_return(const struct vc_block *b, bool top)
{
	for (uint32_t i = 0; i < b->nr; i++) {
		const struct vc_node *n = b->nodes[i];

		if (n->kind == VC_NODE_RETURN && !(top && i == b->nr - 1))
			return true;
		if (early_return(&n->then_block, false) || early_return(&n->else_block, false) ||
		    early_return(&n->body, false) || early_return(&n->cont, false))
			return true;
	}
	return false;
}

/* Counts the stores into v and the other uses of pointers into it. */
static void output_uses(const struct vc_module *m, const struct vc_block *b, vc_var_id v,
			uint32_t *stores, uint32_t *others)
{
	for (uint32_t i = 0; i < b->nr; i++) {
		const struct vc_node *n = b->nodes[i];
		const struct vc_instr *in = &n->instr;

		output_uses(m, &n->then_block, v, stores, others);
		output_uses(m, &n->else_block, v, stores, others);
		output_uses(m, &n->body, v, stores, others);
		output_uses(m, &n->cont, v, stores, others);
		for (unsigned k = 0; n->kind == VC_NODE_INSTR && k < vc_instr_nr_srcs(in); k++) {
			if (opt_ptr_var(m, vc_instr_src(in, k)) != v)
				continue;
			if (k == 0 && in->op == VC_OP_STORE)
				(*stores)++;
			else if (!(k == 0 && in->op == VC_OP_ACCESS_CHAIN))
				(*others)++;
		}
	}
}

static void drop_stores(struct opt *o, struct vc_block *b, vc_var_id v)
{
	for (uint32_t i = b->nr; i-- > 0;) {
		struct vc_node *n = b->nodes[i];

		drop_stores(o, &n->then_block, v);
		drop_stores(o, &n->else_block, v);
		drop_stores(o, &n->body, v);
		drop_stores(o, &n->cont, v);
		if (n->kind == VC_NODE_INSTR && n->instr.op == VC_OP_STORE &&
		    opt_ptr_var(o->m, n->instr.srcs[0]) == v)
			opt_remove_node(o, b, i);
	}
}

/* Is the last node before main's end (or final return) already "STORE v, value"? */
static bool stored_last(const struct vc_module *m, uint32_t end, vc_var_id v, vc_value_id value)
{
	for (uint32_t i = end; i-- > 0;) {
		const struct vc_instr *in = &m->body.nodes[i]->instr;

		if (m->body.nodes[i]->kind != VC_NODE_INSTR || in->op != VC_OP_STORE)
			return false;
		if (in->srcs[0] == m->vars[v].ptr && in->srcs[1] == value)
			return true;
	}
	return false;
}

/*
 * An output whose final value is known is stored once, whole, at the end
 * of main: the partial and overwritten stores before it go. Not where main
 * returns early (each return copies the outputs as they are then) or where
 * the output is read through a pointer that forwarding could not resolve.
 */
static void sink_outputs(struct vars *s, const vc_value_id *known)
{
	struct vc_module *m = s->o->m;
	struct vc_block *body = &m->body;
	uint32_t end = body->nr && body->nodes[body->nr - 1]->kind == VC_NODE_RETURN ? body->nr - 1
										 : body->nr;

	if (early_return(body, true) || opt_block_ends(&(struct vc_block){ body->nodes, end, end }))
		return;
	for (vc_var_id v = 1; v < s->nr && !m->oom; v++) {
		uint32_t stores = 0, others = 0;
		struct vc_block tmp = { 0 };

		if (m->vars[v].storage != VC_STORAGE_OUTPUT || !known[v])
			continue;
		output_uses(m, body, v, &stores, &others);
		if (others || (stores == 1 && stored_last(m, end, v, known[v])))
			continue;
		drop_stores(s->o, body, v);
		end = body->nr && body->nodes[body->nr - 1]->kind == VC_NODE_RETURN ? body->nr - 1
										    : body->nr;
		if (!vc_build(m, &tmp, VC_OP_STORE, 0, (vc_value_id[]){ m->vars[v].ptr, known[v] }, 2) ||
		    !opt_insert_node(s->o, body, end++, tmp.nodes[0]))
			m->oom = true;
		free(tmp.nodes);
	}
}

/* A function or private variable without an initialiser starts undefined
 * (GLSL ES: its value is undefined until written), so stores into parts of
 * it build a known value from the first. */
static vc_value_id initial(struct vc_module *m, vc_var_id v)
{
	const struct vc_var *var = vc_var_get(m, v);

	if (var->init || (var->storage != VC_STORAGE_FUNCTION && var->storage != VC_STORAGE_PRIVATE))
		return var->init;
	return vc_value_undef(m, var->type);
}

bool opt_vars(struct opt *o)
{
	struct vars s = { .o = o, .nr = o->m->nr_vars };
	vc_value_id *known = calloc(s.nr, sizeof(*known));

	if (!known) {
		o->m->oom = true;
		return false;
	}
	for (vc_var_id v = 1; v < s.nr; v++)
		if (tracked(o->m, v))
			known[v] = initial(o->m, v);
	walk(&s, &o->m->body, known);
	sink_outputs(&s, known);
	free(known);
	return !o->m->oom;
}
