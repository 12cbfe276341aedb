/* SPDX-License-Identifier: MIT */
/*
 * Common-subexpression elimination along the structured tree: an
 * instruction equal to one that dominates it (same op, type, sources and
 * literals, earlier in the same block or in an enclosing one) is replaced by
 * it. The table is scoped: what a branch or loop adds is removed when the
 * walk leaves it, since that does not dominate what follows. Loads are
 * equal only where memory cannot change during the invocation (inputs,
 * uniform blocks, push constants).
 */
#include <stdlib.h>
#include <string.h>

#include "vc_opt_private.h"

struct cse {
	struct opt *o;
	struct vc_instr **slots;  /* open addressing, linear probing */
	uint32_t mask;
	uint32_t *undo;           /* slots filled, in order (removal is LIFO) */
	uint32_t nr_undo, cap_undo;
};

static bool invariant_load(const struct vc_module *m, const struct vc_instr *in)
{
	vc_var_id v = opt_ptr_var(m, in->srcs[0]);
	enum vc_storage s = v ? vc_var_get(m, v)->storage : VC_STORAGE_STORAGE;

	return s == VC_STORAGE_INPUT || s == VC_STORAGE_UNIFORM || s == VC_STORAGE_PUSH_CONSTANT;
}

static bool eligible(const struct vc_module *m, const struct vc_instr *in)
{
	switch (in->op) {
	case VC_OP_LOAD: return invariant_load(m, in);
	case VC_OP_IMAGE_LOAD: case VC_OP_ARRAY_LENGTH: return false;
	default: return in->dest && opt_op_is_pure(in->op);
	}
}

static uint32_t hash(const struct vc_instr *in)
{
	uint32_t h = (uint32_t)in->op * 2654435761u ^ in->type;

	for (unsigned i = 0; i < vc_instr_nr_srcs(in); i++)
		h = (h ^ vc_instr_src(in, i)) * 16777619u;
	for (unsigned i = 0; i < in->nr_lits; i++)
		h = (h ^ in->lits[i]) * 16777619u;
	return h;
}

static bool equal(const struct vc_instr *a, const struct vc_instr *b)
{
	if (a->op != b->op || a->type != b->type || a->nr_srcs != b->nr_srcs ||
	    a->nr_lits != b->nr_lits || a->nr_extra != b->nr_extra ||
	    memcmp(a->srcs, b->srcs, a->nr_srcs * sizeof(*a->srcs)) ||
	    memcmp(a->lits, b->lits, a->nr_lits * sizeof(*a->lits)))
		return false;
	return !a->nr_extra || !memcmp(a->extra, b->extra, a->nr_extra * sizeof(*a->extra));
}

static bool remember(struct cse *c, uint32_t slot, struct vc_instr *in)
{
	if (c->nr_undo == c->cap_undo) {
		uint32_t cap = c->cap_undo ? c->cap_undo * 2 : 64;
		uint32_t *p = realloc(c->undo, cap * sizeof(*p));

		if (!p) {
			c->o->m->oom = true;
			return false;
		}
		c->undo = p;
		c->cap_undo = cap;
	}
	c->undo[c->nr_undo++] = slot;
	c->slots[slot] = in;
	return true;
}

static void visit(struct cse *c, struct vc_instr *in)
{
	uint32_t slot;

	if (opt_replaced(c->o, in->dest) || !eligible(c->o->m, in))
		return;
	for (slot = hash(in) & c->mask; c->slots[slot]; slot = (slot + 1) & c->mask)
		if (equal(c->slots[slot], in)) {
			opt_replace(c->o, in->dest, c->slots[slot]->dest);
			return;
		}
	if (c->nr_undo < c->mask / 2)  /* keep the table at most half full */
		remember(c, slot, in);
}

static void walk(struct cse *c, struct vc_block *b)
{
	uint32_t mark = c->nr_undo;

	for (uint32_t i = 0; i < b->nr && !c->o->m->oom; i++) {
		struct vc_node *n = b->nodes[i];

		opt_rewrite_node(c->o, n);
		if (n->kind == VC_NODE_INSTR)
			visit(c, &n->instr);
		walk(c, &n->then_block);
		walk(c, &n->else_block);
		walk(c, &n->body);
		walk(c, &n->cont);
	}
	while (c->nr_undo > mark)
		c->slots[c->undo[--c->nr_undo]] = NULL;
}

bool opt_cse(struct opt *o)
{
	struct cse c = { .o = o };
	uint32_t size = 1024;

	while (size < o->m->nr_values * 2 && size < (1u << 24))
		size *= 2;
	c.slots = calloc(size, sizeof(*c.slots));
	if (!c.slots) {
		o->m->oom = true;
		return false;
	}
	c.mask = size - 1;
	walk(&c, &o->m->body);
	free(c.slots);
	free(c.undo);
	return !o->m->oom;
}
