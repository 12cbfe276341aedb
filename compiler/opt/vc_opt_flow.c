/* SPDX-License-Identifier: MIT */
/*
 * Control flow on constants: an if whose condition is a constant is
 * replaced by the branch it takes; an if with two empty branches goes
 * away. Code after a jump in the same block never runs and is dropped.
 */
#include "vc_opt_private.h"

static void flow_block(struct opt *o, struct vc_block *b);

static bool is_jump(const struct vc_node *n)
{
	return n->kind != VC_NODE_INSTR && n->kind != VC_NODE_IF && n->kind != VC_NODE_LOOP;
}

/* Returns false when node i was replaced (the caller looks at i again). */
static bool flow_if(struct opt *o, struct vc_block *b, uint32_t i)
{
	struct vc_node *n = b->nodes[i];

	if (opt_is_const(o->m, n->cond)) {
		bool taken = vc_value_words(o->m, n->cond)[0] != 0;

		opt_splice(o, b, i, taken ? &n->then_block : &n->else_block);
		return false;
	}
	if (!n->then_block.nr && !n->else_block.nr) {
		opt_remove_node(o, b, i);
		return false;
	}
	return true;
}

static void flow_block(struct opt *o, struct vc_block *b)
{
	for (uint32_t i = 0; i < b->nr && !o->m->oom;) {
		struct vc_node *n = b->nodes[i];

		opt_rewrite_node(o, n);
		if (n->kind == VC_NODE_IF && !flow_if(o, b, i))
			continue;
		if (is_jump(n)) {
			while (b->nr > i + 1)
				opt_remove_node(o, b, b->nr - 1);
		}
		flow_block(o, &n->then_block);
		flow_block(o, &n->else_block);
		flow_block(o, &n->body);
		flow_block(o, &n->cont);
		i++;
	}
}

bool opt_flow(struct opt *o)
{
	flow_block(o, &o->m->body);
	return !o->m->oom;
}
