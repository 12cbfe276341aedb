/* SPDX-License-Identifier: MIT */
/*
 * The IR's structured tree -> SPIR-V blocks with merge instructions.
 *
 *   if:    OpSelectionMerge %m; OpBranchConditional %c %t %f; ... %m
 *   loop:  %h: OpLoopMerge %m %k; OpBranch %b  %b: body -> %k
 *          %k: continue block -> %h            %m: after the loop
 *
 * An `if` whose sides are each empty or a lone break/continue needs no
 * selection construct: it is a conditional branch to the loop's merge or
 * continue target, which is what glslang writes for `while (c)` and what
 * the reader turns back into the same `if`. At the end of a continue block
 * it becomes the conditional back edge of a do-while, the only way SPIR-V
 * allows a continue construct to leave its loop.
 *
 * Code after a jump is unreachable and is dropped; so are blocks nobody
 * branches to, except merge blocks, which SPIR-V requires to exist: those
 * get OpUnreachable.
 */
#include "vc_spirv_emit_private.h"

#define SE_MAX_TREE_DEPTH 200

static void label(struct se *e, uint32_t id)
{
	se_ins1(e, SE_CODE, SpvOpLabel, id);
	e->open = true;
}

/* Closes the open block with a branch; false when it was already closed. */
static bool branch(struct se *e, uint32_t target)
{
	if (!e->open)
		return false;
	se_ins1(e, SE_CODE, SpvOpBranch, target);
	e->open = false;
	return true;
}

static void terminate(struct se *e, SpvOp op)
{
	if (!e->open)
		return;
	se_ins(e, SE_CODE, op, NULL, 0);
	e->open = false;
}

/* A block label that is never branched to but must exist: closes it at once. */
static void dead_label(struct se *e, uint32_t id)
{
	label(e, id);
	terminate(e, SpvOpUnreachable);
}

static struct se_loop *loop_top(struct se *e, const char *what)
{
	if (!e->nr_loops) {
		se_fail(e, "SPIR-V writer: %s outside a loop", what);
		return NULL;
	}
	return &e->loops[e->nr_loops - 1];
}

static void emit_block(struct se *e, const struct vc_block *b, unsigned depth);

/* The branch target of a side that is empty (fall through to `next`) or a lone jump. */
static bool simple_side(struct se *e, const struct vc_block *b, uint32_t next, uint32_t *target)
{
	const struct vc_node *n;
	struct se_loop *l;

	if (b->nr == 0) {
		*target = next;
		return true;
	}
	n = b->nodes[0];
	if (b->nr != 1 || !n || (n->kind != VC_NODE_BREAK && n->kind != VC_NODE_CONTINUE) ||
	    !e->nr_loops)
		return false;
	l = &e->loops[e->nr_loops - 1];
	if (n->kind == VC_NODE_BREAK)
		l->broke = true;
	else if (!l->cont)
		return false; /* a continue inside the continue block itself */
	*target = n->kind == VC_NODE_BREAK ? l->merge : l->cont;
	return true;
}

static bool is_jump_side(const struct vc_block *b)
{
	return b->nr == 1 && b->nodes[0] &&
	       (b->nodes[0]->kind == VC_NODE_BREAK || b->nodes[0]->kind == VC_NODE_CONTINUE);
}

static uint32_t bool_cond(struct se *e, vc_value_id c)
{
	const struct vc_type *t;

	if (c == 0 || c >= e->m->nr_values) {
		se_fail(e, "SPIR-V writer: if without a condition");
		return 0;
	}
	t = &e->m->types[e->m->values[c].type];
	if (t->kind != VC_TYPE_SCALAR || t->base != VC_BASE_BOOL) {
		se_fail(e, "SPIR-V writer: if condition is not a scalar bool");
		return 0;
	}
	return se_value(e, c);
}

/* if (c) break; / if (c) {} else continue; ...: one conditional branch, no merge. */
static bool emit_jump_if(struct se *e, const struct vc_node *n, uint32_t cond, uint32_t next)
{
	uint32_t t, f;

	if (!is_jump_side(&n->then_block) && !is_jump_side(&n->else_block))
		return false;
	if (!simple_side(e, &n->then_block, next, &t) || !simple_side(e, &n->else_block, next, &f))
		return false;
	se_ins3(e, SE_CODE, SpvOpBranchConditional, cond, t, f);
	e->open = false;
	if (t == next || f == next)
		label(e, next);
	return true;
}

static void emit_if(struct se *e, const struct vc_node *n, unsigned depth)
{
	uint32_t cond = bool_cond(e, n->cond), merge = se_id(e), t, f;
	bool reached = false;

	if (se_failed(e) || emit_jump_if(e, n, cond, merge))
		return;
	t = se_id(e);
	f = n->else_block.nr ? se_id(e) : merge;
	se_ins2(e, SE_CODE, SpvOpSelectionMerge, merge, SpvSelectionControlMaskNone);
	se_ins3(e, SE_CODE, SpvOpBranchConditional, cond, t, f);
	e->open = false;
	label(e, t);
	emit_block(e, &n->then_block, depth + 1);
	reached = branch(e, merge) || f == merge;
	if (n->else_block.nr) {
		label(e, f);
		emit_block(e, &n->else_block, depth + 1);
		reached |= branch(e, merge);
	}
	if (reached)
		label(e, merge);
	else
		dead_label(e, merge);
}

/* `if (c) {} else break;` (or the mirror): the shape of a do-while's back edge. */
static bool back_edge_shape(const struct vc_node *n)
{
	const struct vc_block *t, *f;

	if (!n || n->kind != VC_NODE_IF)
		return false;
	t = &n->then_block;
	f = &n->else_block;
	if (t->nr + f->nr != 1)
		return false;
	return (t->nr ? t : f)->nodes && (t->nr ? t : f)->nodes[0] &&
	       (t->nr ? t : f)->nodes[0]->kind == VC_NODE_BREAK;
}

static void emit_continue_block(struct se *e, const struct vc_block *b, uint32_t header,
				unsigned depth)
{
	struct se_loop *l = &e->loops[e->nr_loops - 1];
	const struct vc_node *last = b->nr && b->nodes ? b->nodes[b->nr - 1] : NULL;
	uint32_t cont = l->cont, cond;
	struct vc_block most = *b;

	/* inside the continue block, `continue` has nowhere to go */
	l->cont = 0;
	if (!back_edge_shape(last)) {
		emit_block(e, b, depth + 1);
		l->cont = cont;
		return;
	}
	most.nr--;
	emit_block(e, &most, depth + 1);
	l->cont = cont;
	if (!e->open || se_failed(e))
		return;
	cond = bool_cond(e, last->cond);
	l->broke = true;
	if (last->then_block.nr)
		se_ins3(e, SE_CODE, SpvOpBranchConditional, cond, l->merge, header);
	else
		se_ins3(e, SE_CODE, SpvOpBranchConditional, cond, header, l->merge);
	e->open = false;
}

static void emit_loop(struct se *e, const struct vc_node *n, unsigned depth)
{
	uint32_t header = se_id(e), body = se_id(e), cont = se_id(e), merge = se_id(e);
	struct se_loop *l;
	bool broke;

	if (e->nr_loops == SE_MAX_LOOP_DEPTH) {
		se_fail(e, "SPIR-V writer: loops nested too deeply");
		return;
	}
	l = &e->loops[e->nr_loops++];
	*l = (struct se_loop){ .merge = merge, .cont = cont };
	branch(e, header);
	label(e, header);
	se_ins3(e, SE_CODE, SpvOpLoopMerge, merge, cont, SpvLoopControlMaskNone);
	e->open = true;
	branch(e, body);
	label(e, body);
	emit_block(e, &n->body, depth + 1);
	branch(e, cont);
	label(e, cont);
	emit_continue_block(e, &n->cont, header, depth);
	branch(e, header);
	broke = e->loops[--e->nr_loops].broke;
	if (broke)
		label(e, merge);
	else
		dead_label(e, merge);
}

static void emit_node(struct se *e, const struct vc_node *n, unsigned depth)
{
	struct se_loop *l;

	switch (n->kind) {
	case VC_NODE_INSTR:
		se_emit_instr(e, &n->instr);
		return;
	case VC_NODE_IF:
		emit_if(e, n, depth);
		return;
	case VC_NODE_LOOP:
		emit_loop(e, n, depth);
		return;
	case VC_NODE_BREAK: case VC_NODE_CONTINUE:
		l = loop_top(e, n->kind == VC_NODE_BREAK ? "break" : "continue");
		if (l && n->kind == VC_NODE_CONTINUE && !l->cont)
			se_fail(e, "SPIR-V writer: continue inside a loop's continue block");
		if (!l || se_failed(e))
			return;
		l->broke |= n->kind == VC_NODE_BREAK;
		branch(e, n->kind == VC_NODE_BREAK ? l->merge : l->cont);
		return;
	case VC_NODE_RETURN:
		terminate(e, SpvOpReturn);
		return;
	case VC_NODE_DISCARD:
		if (e->m->stage != VC_IR_FRAGMENT)
			se_fail(e, "SPIR-V writer: discard outside a fragment shader");
		terminate(e, SpvOpKill);
		return;
	}
	se_fail(e, "SPIR-V writer: unknown node kind %d", n->kind);
}

static void emit_block(struct se *e, const struct vc_block *b, unsigned depth)
{
	if (depth > SE_MAX_TREE_DEPTH) {
		se_fail(e, "SPIR-V writer: control flow nested too deeply");
		return;
	}
	if (b->nr && !b->nodes) {
		se_fail(e, "SPIR-V writer: block without nodes");
		return;
	}
	for (uint32_t i = 0; i < b->nr && e->open && !se_failed(e); i++) {
		if (!b->nodes[i]) {
			se_fail(e, "SPIR-V writer: null node");
			return;
		}
		emit_node(e, b->nodes[i], depth);
	}
}

void se_emit_body(struct se *e)
{
	e->open = true; /* the function's first label is written with OpFunction */
	emit_block(e, &e->m->body, 0);
	terminate(e, SpvOpReturn);
}
