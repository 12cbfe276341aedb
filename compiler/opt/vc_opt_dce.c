/* SPDX-License-Identifier: MIT */
/*
 * Dead-code elimination:
 *  - instructions without side effects whose result nobody uses, found in
 *    one backward walk (every use comes after its definition in tree
 *    order, so a walk from the end sees an instruction's users first);
 *  - stores to function and private variables that are never read (what
 *    store-to-load forwarding leaves behind);
 *  - stores of undefined values into invocation-private variables;
 *  - whole stores to function and private variables that a later whole
 *    store in the same block overwrites before anything reads them;
 *  - vertex outputs that the fragment shader does not read and stream
 *    output does not capture (opt_dead_outputs, when the caller knows):
 *    they become private variables, so their stores die as above and the
 *    emitter declares no OUT for them; and fragment inputs that the vertex
 *    shader does not write, whose loads become undefined values.
 */
#include <stdlib.h>

#include "vc_opt_private.h"

static void drop_uses(struct opt *o, const struct vc_instr *in)
{
	for (unsigned k = 0; k < vc_instr_nr_srcs(in); k++)
		o->uses[vc_instr_src(in, k)]--;
}

/* Storing an undefined value into invocation-private memory may leave
 * whatever was there (one of the values "undefined" allows). */
static bool stores_undef(const struct vc_module *m, const struct vc_instr *in)
{
	vc_var_id v = opt_ptr_var(m, in->srcs[0]);
	enum vc_storage s = v ? vc_var_get(m, v)->storage : VC_STORAGE_STORAGE;

	return vc_value_get(m, in->srcs[1])->kind == VC_VALUE_UNDEF &&
	       (s == VC_STORAGE_FUNCTION || s == VC_STORAGE_PRIVATE || s == VC_STORAGE_OUTPUT);
}

struct sweep {
	const uint8_t *dead_var;  /* write-only variables */
	uint32_t *pending;        /* per variable: the stamp of the block walk that saw a later
				   * whole store overwrite it, with no read in between */
	uint32_t stamps;
};

static bool local_var(const struct vc_module *m, vc_var_id v)
{
	enum vc_storage st = vc_var_get(m, v)->storage;

	return v && (st == VC_STORAGE_FUNCTION || st == VC_STORAGE_PRIVATE);
}

/* Walking a block backward: is this whole store to a function or private
 * variable overwritten by a later one in the block, with nothing between
 * that reads the variable? (Unrolled loops store their variables once per
 * iteration.) Anything else that uses a pointer into a variable reads it. */
static bool overwritten(const struct vc_module *m, struct sweep *s, uint32_t stamp,
			const struct vc_instr *in)
{
	const struct vc_value *p = vc_value_get(m, in->srcs[0]);

	if (in->op == VC_OP_STORE && p->kind == VC_VALUE_VAR && local_var(m, p->var)) {
		if (s->pending[p->var] == stamp)
			return true;
		s->pending[p->var] = stamp;
		return false;
	}
	for (unsigned k = in->op == VC_OP_ACCESS_CHAIN; k < vc_instr_nr_srcs(in); k++)
		s->pending[opt_ptr_var(m, vc_instr_src(in, k))] = 0;
	return false;
}

static bool dead_instr(struct opt *o, struct sweep *s, uint32_t stamp, const struct vc_instr *in)
{
	if (in->dest && !o->uses[in->dest] && opt_op_is_pure(in->op))
		return true;
	if (in->op == VC_OP_STORE &&
	    (s->dead_var[opt_ptr_var(o->m, in->srcs[0])] || stores_undef(o->m, in)))
		return true;
	return overwritten(o->m, s, stamp, in);
}

/* Anything but an instruction (a branch, a loop, a jump) ends what a later
 * store is known to overwrite: a new stamp. */
static void sweep_block(struct opt *o, struct vc_block *b, struct sweep *s)
{
	uint32_t stamp = ++s->stamps;

	for (uint32_t i = b->nr; i-- > 0;) {
		struct vc_node *n = b->nodes[i];
		const struct vc_instr *in = &n->instr;

		sweep_block(o, &n->cont, s);
		sweep_block(o, &n->body, s);
		sweep_block(o, &n->else_block, s);
		sweep_block(o, &n->then_block, s);
		if (n->kind != VC_NODE_INSTR) {
			stamp = ++s->stamps;
			continue;
		}
		if (dead_instr(o, s, stamp, in)) {
			drop_uses(o, in);
			opt_remove_node(o, b, i);
		}
	}
}

/* Is pointer value p (a variable or a chain from one) only written through? */
static void note_reads(const struct vc_module *m, const struct vc_block *b, uint8_t *read)
{
	for (uint32_t i = 0; i < b->nr; i++) {
		const struct vc_node *n = b->nodes[i];
		const struct vc_instr *in = &n->instr;

		note_reads(m, &n->then_block, read);
		note_reads(m, &n->else_block, read);
		note_reads(m, &n->body, read);
		note_reads(m, &n->cont, read);
		if (n->kind != VC_NODE_INSTR)
			continue;
		/* a pointer anywhere but a store's target or a chain's base is a read */
		for (unsigned k = 0; k < vc_instr_nr_srcs(in); k++) {
			bool write_only = k == 0 && (in->op == VC_OP_STORE || in->op == VC_OP_ACCESS_CHAIN);

			if (!write_only)
				read[opt_ptr_var(m, vc_instr_src(in, k))] = 1;
		}
	}
}

static uint8_t *write_only_vars(struct opt *o)
{
	uint8_t *dead = calloc(o->m->nr_vars, 1);

	if (!dead) {
		o->m->oom = true;
		return NULL;
	}
	note_reads(o->m, &o->m->body, dead);
	for (vc_var_id v = 0; v < o->m->nr_vars; v++) {
		enum vc_storage s = o->m->vars[v].storage;

		dead[v] = v && !dead[v] && (s == VC_STORAGE_FUNCTION || s == VC_STORAGE_PRIVATE);
	}
	return dead;
}

bool opt_dce(struct opt *o)
{
	struct sweep s = { 0 };

	opt_rewrite_module(o);
	s.dead_var = write_only_vars(o);
	s.pending = calloc(o->m->nr_vars, sizeof(*s.pending));
	if (s.dead_var && s.pending && opt_count_uses(o))
		sweep_block(o, &o->m->body, &s);
	else
		o->m->oom = true;
	free((void *)s.dead_var);
	free(s.pending);
	return !o->m->oom;
}

/* Locations a varying takes: one per leaf (GLSL ES varyings are at most vec4). */
static bool output_live(const struct opt *o, const struct vc_var *v)
{
	uint32_t n = vc_type_leaves(o->m, v->type);

	if (v->builtin || v->location < 0 || v->location >= 32)
		return true;
	for (uint32_t l = (uint32_t)v->location; l < 32 && l < (uint32_t)v->location + n; l++)
		if (o->o->live_outputs & (1u << l))
			return true;
	return (uint32_t)v->location + n > 32;
}

/* Loads of fragment inputs that the vertex shader does not write are undefined. */
static void load_undef(struct opt *o, struct vc_instr *in, void *ctx)
{
	const uint8_t *dead = ctx;

	if (in->op == VC_OP_LOAD && !opt_replaced(o, in->dest) &&
	    dead[opt_ptr_var(o->m, in->srcs[0])])
		opt_replace(o, in->dest, vc_value_undef(o->m, in->type));
}

static bool dead_inputs(struct opt *o)
{
	uint8_t *dead = calloc(o->m->nr_vars, 1);
	bool any = false;

	if (!dead) {
		o->m->oom = true;
		return false;
	}
	for (vc_var_id id = 1; id < o->m->nr_vars; id++) {
		const struct vc_var *v = &o->m->vars[id];

		dead[id] = v->storage == VC_STORAGE_INPUT && !output_live(o, v);
		any |= dead[id];
	}
	if (any)
		opt_walk(o, &o->m->body, load_undef, dead);
	free(dead);
	return !o->m->oom;
}

static void note_writes(const struct vc_module *m, const struct vc_block *b, uint32_t *mask)
{
	for (uint32_t i = 0; i < b->nr; i++) {
		const struct vc_node *n = b->nodes[i];
		vc_var_id id = n->kind == VC_NODE_INSTR && n->instr.op == VC_OP_STORE ?
			       opt_ptr_var(m, n->instr.srcs[0]) : 0;
		const struct vc_var *v = vc_var_get(m, id);
		uint32_t leaves = id ? vc_type_leaves(m, v->type) : 0;

		note_writes(m, &n->then_block, mask);
		note_writes(m, &n->else_block, mask);
		note_writes(m, &n->body, mask);
		note_writes(m, &n->cont, mask);
		if (!id || v->storage != VC_STORAGE_OUTPUT || v->builtin || v->location < 0)
			continue;
		for (uint32_t l = (uint32_t)v->location; l < 32 && l < v->location + leaves; l++)
			*mask |= 1u << l;
	}
}

uint32_t vc_opt_written_outputs(const struct vc_module *m)
{
	uint32_t mask = 0;

	note_writes(m, &m->body, &mask);
	return mask;
}

bool opt_dead_outputs(struct opt *o)
{
	if (!o->o || !o->o->outputs_known || o->m->stage == VC_IR_COMPUTE)
		return true;
	if (o->m->stage == VC_IR_FRAGMENT)
		return dead_inputs(o);
	for (vc_var_id id = 1; id < o->m->nr_vars; id++) {
		struct vc_var *v = &o->m->vars[id];

		if (v->storage != VC_STORAGE_OUTPUT || output_live(o, v))
			continue;
		v->storage = VC_STORAGE_PRIVATE;
		v->location = -1;
		o->progress = true;
	}
	return true;
}
