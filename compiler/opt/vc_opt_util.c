/* SPDX-License-Identifier: MIT */
/* The middle end's helpers: replacement, walking, use counts, nodes, constants. */
#include <stdlib.h>
#include <string.h>

#include "vc_opt_private.h"

/* ---- replacement ------------------------------------------------------------------- */

vc_value_id opt_resolve(const struct opt *o, vc_value_id v)
{
	/* chains are short (a replacement target is never replaced later than
	 * its own uses are visited), but a bound keeps a bug from looping */
	for (int n = 0; n < 64 && v < o->cap_repl && o->repl[v]; n++)
		v = o->repl[v];
	return v;
}

bool opt_replaced(const struct opt *o, vc_value_id v)
{
	return v < o->cap_repl && o->repl[v];
}

void opt_replace(struct opt *o, vc_value_id from, vc_value_id to)
{
	to = opt_resolve(o, to);
	if (!from || from == to)
		return;
	if (from >= o->cap_repl) {
		uint32_t cap = o->m->nr_values + 64;
		vc_value_id *p = realloc(o->repl, cap * sizeof(*p));

		if (!p) {
			o->m->oom = true;
			return;
		}
		memset(p + o->cap_repl, 0, (cap - o->cap_repl) * sizeof(*p));
		o->repl = p;
		o->cap_repl = cap;
	}
	o->repl[from] = to;
	o->progress = true;
}

static void rewrite_instr(struct opt *o, struct vc_instr *in)
{
	for (unsigned i = 0; i < in->nr_srcs; i++)
		in->srcs[i] = opt_resolve(o, in->srcs[i]);
	for (uint32_t i = 0; i < in->nr_extra; i++)
		in->extra[i] = opt_resolve(o, in->extra[i]);
}

void opt_rewrite_node(struct opt *o, struct vc_node *n)
{
	if (n->kind == VC_NODE_INSTR)
		rewrite_instr(o, &n->instr);
	else if (n->kind == VC_NODE_IF)
		n->cond = opt_resolve(o, n->cond);
}

static void rewrite_block(struct opt *o, struct vc_block *b)
{
	for (uint32_t i = 0; i < b->nr; i++) {
		struct vc_node *n = b->nodes[i];

		opt_rewrite_node(o, n);
		rewrite_block(o, &n->then_block);
		rewrite_block(o, &n->else_block);
		rewrite_block(o, &n->body);
		rewrite_block(o, &n->cont);
	}
}

void opt_rewrite_module(struct opt *o)
{
	rewrite_block(o, &o->m->body);
}

/* ---- walking ------------------------------------------------------------------------ */

void opt_walk(struct opt *o, struct vc_block *b, opt_instr_fn fn, void *ctx)
{
	for (uint32_t i = 0; i < b->nr && !o->m->oom; i++) {
		struct vc_node *n = b->nodes[i];

		opt_rewrite_node(o, n);
		if (n->kind == VC_NODE_INSTR)
			fn(o, &n->instr, ctx);
		opt_walk(o, &n->then_block, fn, ctx);
		opt_walk(o, &n->else_block, fn, ctx);
		opt_walk(o, &n->body, fn, ctx);
		opt_walk(o, &n->cont, fn, ctx);
	}
}

/* ---- uses --------------------------------------------------------------------------- */

static void count_block(struct opt *o, const struct vc_block *b)
{
	for (uint32_t i = 0; i < b->nr; i++) {
		const struct vc_node *n = b->nodes[i];

		if (n->kind == VC_NODE_IF)
			o->uses[n->cond]++;
		for (unsigned k = 0; n->kind == VC_NODE_INSTR && k < vc_instr_nr_srcs(&n->instr); k++)
			o->uses[vc_instr_src(&n->instr, k)]++;
		count_block(o, &n->then_block);
		count_block(o, &n->else_block);
		count_block(o, &n->body);
		count_block(o, &n->cont);
	}
}

bool opt_count_uses(struct opt *o)
{
	free(o->uses);
	o->nr_uses = o->m->nr_values;
	o->uses = calloc(o->nr_uses, sizeof(*o->uses));
	if (!o->uses) {
		o->m->oom = true;
		return false;
	}
	count_block(o, &o->m->body);
	for (vc_var_id v = 1; v < o->m->nr_vars; v++)
		o->uses[o->m->vars[v].init]++;
	o->uses[0] = 0;
	return true;
}

/* ---- nodes -------------------------------------------------------------------------- */

static void node_free(struct opt *o, struct vc_node *n);

static void block_free(struct opt *o, struct vc_block *b)
{
	for (uint32_t i = 0; i < b->nr; i++)
		node_free(o, b->nodes[i]);
	free(b->nodes);
	memset(b, 0, sizeof(*b));
}

/* The values a removed node defined become undefined: nothing may point at
 * the freed instruction. */
static void node_free(struct opt *o, struct vc_node *n)
{
	if (n->kind == VC_NODE_INSTR && n->instr.dest) {
		struct vc_value *v = &o->m->values[n->instr.dest];

		v->kind = VC_VALUE_UNDEF;
		v->def = NULL;
	}
	free(n->instr.extra);
	block_free(o, &n->then_block);
	block_free(o, &n->else_block);
	block_free(o, &n->body);
	block_free(o, &n->cont);
	free(n);
}

void opt_block_free(struct opt *o, struct vc_block *b)
{
	block_free(o, b);
}

void opt_remove_node(struct opt *o, struct vc_block *b, uint32_t i)
{
	node_free(o, b->nodes[i]);
	memmove(&b->nodes[i], &b->nodes[i + 1], (b->nr - i - 1) * sizeof(*b->nodes));
	b->nr--;
	o->progress = true;
}

static bool reserve(struct opt *o, struct vc_block *b, uint32_t extra)
{
	uint32_t cap = b->cap ? b->cap : 8;
	struct vc_node **p;

	if (b->nr + extra <= b->cap)
		return true;
	while (cap < b->nr + extra)
		cap *= 2;
	p = realloc(b->nodes, cap * sizeof(*p));
	if (!p) {
		o->m->oom = true;
		return false;
	}
	b->nodes = p;
	b->cap = cap;
	return true;
}

/* Replaces node i of b by the nodes of `from` (which is left empty). */
bool opt_splice(struct opt *o, struct vc_block *b, uint32_t i, struct vc_block *from)
{
	struct vc_node *old = b->nodes[i];
	uint32_t n = from->nr;

	if (!reserve(o, b, n))
		return false;
	memmove(&b->nodes[i + n], &b->nodes[i + 1], (b->nr - i - 1) * sizeof(*b->nodes));
	if (n)  /* from->nodes may be NULL */
		memcpy(&b->nodes[i], from->nodes, n * sizeof(*b->nodes));
	b->nr += n - 1;
	from->nr = 0;
	node_free(o, old);
	o->progress = true;
	return true;
}

bool opt_insert_node(struct opt *o, struct vc_block *b, uint32_t i, struct vc_node *n)
{
	if (!reserve(o, b, 1))
		return false;
	memmove(&b->nodes[i + 1], &b->nodes[i], (b->nr - i) * sizeof(*b->nodes));
	b->nodes[i] = n;
	b->nr++;
	o->progress = true;
	return true;
}

/* Ops whose only effect is their result. */
bool opt_op_is_pure(enum vc_op op)
{
	switch (op) {
	case VC_OP_STORE: case VC_OP_ATOMIC: case VC_OP_IMAGE_STORE: case VC_OP_IMAGE_ATOMIC:
	case VC_OP_BARRIER: case VC_OP_MEMORY_BARRIER:
	case VC_OP_EMIT_VERTEX: case VC_OP_END_PRIMITIVE:
		return false;
	default:
		return true;
	}
}

vc_var_id opt_ptr_var(const struct vc_module *m, vc_value_id p)
{
	const struct vc_value *v = vc_value_get(m, p);

	while (v->kind == VC_VALUE_INSTR && v->def && v->def->op == VC_OP_ACCESS_CHAIN)
		v = vc_value_get(m, v->def->srcs[0]);
	return v->kind == VC_VALUE_VAR ? v->var : 0;
}

bool opt_node_stores(const struct vc_module *m, const struct vc_node *n, vc_var_id var)
{
	const struct vc_block *inner[] = { &n->then_block, &n->else_block, &n->body, &n->cont };

	if (n->kind == VC_NODE_INSTR && (n->instr.op == VC_OP_STORE || n->instr.op == VC_OP_ATOMIC))
		return opt_ptr_var(m, n->instr.srcs[0]) == var;
	for (unsigned k = 0; k < 4; k++)
		for (uint32_t i = 0; i < inner[k]->nr; i++)
			if (opt_node_stores(m, inner[k]->nodes[i], var))
				return true;
	return false;
}

bool opt_block_ends(const struct vc_block *b)
{
	const struct vc_node *n = b->nr ? b->nodes[b->nr - 1] : NULL;

	if (!n)
		return false;
	if (n->kind == VC_NODE_IF)
		return opt_block_ends(&n->then_block) && opt_block_ends(&n->else_block);
	return n->kind != VC_NODE_INSTR && n->kind != VC_NODE_LOOP;
}

bool opt_same_type(const struct vc_module *m, vc_type_id a, vc_type_id b)
{
	const struct vc_type *x = vc_type_get(m, a), *y = vc_type_get(m, b);

	return a == b || (vc_type_is_leaf(m, a) && vc_type_is_leaf(m, b) && x->base == y->base &&
			  x->comps == y->comps);
}

/* ---- constants ---------------------------------------------------------------------- */

bool opt_is_const(const struct vc_module *m, vc_value_id v)
{
	return v && vc_value_get(m, v)->kind == VC_VALUE_CONST;
}

uint32_t opt_const_word(const struct vc_module *m, vc_value_id v, unsigned i)
{
	const struct vc_value *val = vc_value_get(m, v);

	return vc_value_words(m, v)[val->nr_words == 1 ? 0 : i];
}

vc_value_id opt_const_splat(struct vc_module *m, vc_type_id type, uint32_t w)
{
	uint32_t words[4] = { w, w, w, w };
	uint32_t n = vc_type_words(m, type);

	return n <= 4 ? vc_value_const(m, type, words, n) : 0;
}

bool opt_const_is(const struct vc_module *m, vc_value_id v, uint32_t w)
{
	const struct vc_value *val;

	if (!opt_is_const(m, v))
		return false;
	val = vc_value_get(m, v);
	for (uint32_t i = 0; i < val->nr_words; i++)
		if (vc_value_words(m, v)[i] != w)
			return false;
	return val->nr_words > 0;
}
