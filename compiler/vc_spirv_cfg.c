/* SPDX-License-Identifier: MIT */
/*
 * SPIR-V function bodies -> the IR's structured tree.
 *
 * SPIR-V's structured control flow names, in each header block, the merge
 * block (and, for loops, the continue target). We walk a "region" from a
 * block until a stop label (the enclosing merge), turning:
 *   - a selection header into an IF whose branches are regions ending at
 *     its merge, then go on at the merge;
 *   - a loop header into a LOOP whose body is the region up to the continue
 *     target and whose continue block is the region from there back to the
 *     header;
 *   - a switch into a loop that runs once, holding an if/else chain (so a
 *     branch to the switch's merge is a plain break);
 *   - a branch to an enclosing loop's merge or continue target into
 *     BREAK / CONTINUE.
 * Calls are inlined: the callee runs in a loop-once too, so that `return`
 * is a break, with the value stored to a variable.
 *
 * Every construct above is exactly one IR loop. A jump that leaves more
 * than one of them (a `return` inside a callee's loop, a `continue` inside
 * a switch) sets a flag variable of the target construct, breaks, and each
 * construct it crosses tests the flag after its loop ("escapes").
 *
 * Phis become variables: each edge stores the incoming value, the block
 * loads it. Blocks may be emitted more than once (switch fall-through
 * duplicates code, which is fine for SSA), but a bounded number of times,
 * which also stops unstructured cycles in malformed input.
 */
#include <stdlib.h>
#include <string.h>

#include "vc_spirv_private.h"

#define SP_MAX_VISITS 64
#define SP_MAX_INLINE_DEPTH 32
#define SP_MAX_INSTRS (1u << 22)

static uint32_t walk_edge(struct spv *s, struct vc_block *b, uint32_t from, uint32_t to,
			  uint32_t stop);
static void walk(struct spv *s, struct vc_block *b, uint32_t label, uint32_t stop);

/* ---- frames ------------------------------------------------------------------ */

static struct sp_frame *frame_push(struct spv *s, uint32_t fn, uint32_t at)
{
	struct sp_frame *f = calloc(1, sizeof(*f));

	if (!f)
		sp_fail(s, at, "SPIR-V: out of memory");
	f->parent = s->frame;
	f->fn = fn;
	s->frame = f; /* linked first so that cleanup() frees it on failure */
	f->vals = calloc(s->bound, sizeof(*f->vals));
	f->phi_vars = calloc(s->bound, sizeof(*f->phi_vars));
	f->visits = calloc(s->bound, sizeof(*f->visits));
	if (!f->vals || !f->phi_vars || !f->visits)
		sp_fail(s, at, "SPIR-V: out of memory");
	return f;
}

void sp_frame_pop(struct spv *s)
{
	struct sp_frame *f = s->frame;

	s->frame = f->parent;
	while (f->texel_ptrs) {
		struct sp_texel_ptr *t = f->texel_ptrs;
		f->texel_ptrs = t->next;
		free(t);
	}
	free(f->vals);
	free(f->phi_vars);
	free(f->visits);
	free(f);
}

void sp_set_result(struct spv *s, const struct sp_ins *in, vc_value_id v)
{
	uint32_t id = sp_id(s, in, 2);

	sp_check_oom(s, in->at);
	if (!v)
		sp_fail(s, in->at, "SPIR-V: %s produced no value", vc_spirv_op_name(in->op));
	s->ids[id].kind = SP_LOCAL;
	s->frame->vals[id] = v;
}

/* ---- small builders ---------------------------------------------------------- */

static vc_value_id load(struct spv *s, struct vc_block *b, vc_var_id var)
{
	const struct vc_var *v = vc_var_get(s->m, var);
	vc_value_id ptr = v->ptr;

	return sp_build(s, b, VC_OP_LOAD, v->type, &ptr, 1);
}

static void store(struct spv *s, struct vc_block *b, vc_var_id var, vc_value_id val)
{
	vc_value_id srcs[2] = { vc_var_get(s->m, var)->ptr, val };

	sp_build(s, b, VC_OP_STORE, 0, srcs, 2);
}

static vc_value_id bool_const(struct spv *s, bool v)
{
	vc_value_id c = vc_value_const_u32(s->m, VC_BASE_BOOL, v);

	sp_check_oom(s, 0);
	return c;
}

static void jump(struct spv *s, struct vc_block *b, enum vc_node_kind kind)
{
	vc_block_append(s->m, b, kind);
	sp_check_oom(s, 0);
}

/* ---- labels and phis ------------------------------------------------------------ */

static void check_label(struct spv *s, uint32_t label, uint32_t at)
{
	const struct sp_id *fn = &s->ids[s->frame->fn];

	if (label == 0 || label >= s->bound || s->ids[label].kind != SP_LABEL ||
	    s->ids[label].at < fn->at || s->ids[label].at > fn->fn_end)
		sp_fail(s, at, "SPIR-V: branch to %u, which is not a block of this function", label);
}

static vc_var_id phi_var(struct spv *s, uint32_t phi, uint32_t at)
{
	struct sp_frame *f = s->frame;

	if (!f->phi_vars[phi])
		f->phi_vars[phi] = sp_new_var(s, sp_type_of(s, s->ids[phi].type, at),
					      VC_STORAGE_FUNCTION);
	return f->phi_vars[phi];
}

/* The edge from -> to: store what each phi of `to` receives from `from`. */
static void store_phis(struct spv *s, struct vc_block *b, uint32_t from, uint32_t to)
{
	uint32_t at = s->ids[to].at + 2;

	for (; at < s->ids[to].term_at; at += s->w[at] >> 16) {
		struct sp_ins in = sp_ins_at(s, at);

		if (in.op == SpvOpLine || in.op == SpvOpNoLine)
			continue;
		if (in.op != SpvOpPhi)
			break;
		for (uint32_t i = 3; i + 1 < in.n; i += 2)
			if (in.w[i + 1] == from)
				store(s, b, phi_var(s, sp_id(s, &in, 2), at), sp_value(s, &in, i));
	}
}

static void emit_block_body(struct spv *s, struct vc_block *b, uint32_t label)
{
	const struct sp_id *l = &s->ids[label];
	uint32_t end = l->merge_at ? l->merge_at : l->term_at;

	for (uint32_t at = l->at + 2; at < end; at += s->w[at] >> 16) {
		struct sp_ins in = sp_ins_at(s, at);

		if (in.op == SpvOpPhi)
			sp_set_result(s, &in, load(s, b, phi_var(s, sp_id(s, &in, 2), at)));
		else
			sp_emit_instr(s, b, &in);
		if (s->m->nr_instrs > SP_MAX_INSTRS)
			sp_fail(s, at, "SPIR-V: shader too large after inlining");
	}
}

/* ---- constructs and exits ------------------------------------------------------- */

static struct sp_construct *push_construct(struct spv *s, enum sp_construct_kind kind,
					   struct vc_block *outer, uint32_t at)
{
	struct sp_construct *c;

	if (s->nr_constructs >= SP_MAX_CONSTRUCTS)
		sp_fail(s, at, "SPIR-V: control flow nested too deeply");
	c = &s->constructs[s->nr_constructs++];
	memset(c, 0, sizeof(*c));
	c->kind = kind;
	c->outer = outer;
	c->outer_index = outer->nr;
	return c;
}

/* A flag is cleared just before its construct's loop node. */
static vc_var_id make_flag(struct spv *s, struct sp_construct *c)
{
	vc_var_id flag = sp_new_var(s, vc_type_scalar(s->m, VC_BASE_BOOL), VC_STORAGE_FUNCTION);
	struct vc_block tmp = { 0 };
	struct vc_block *o = c->outer;
	struct vc_node *n;

	store(s, &tmp, flag, bool_const(s, false));
	n = tmp.nodes[0];
	free(tmp.nodes);
	if (o->nr == o->cap) {
		/* make room through the IR's own append, then drop the dummy */
		vc_block_append(s->m, o, VC_NODE_BREAK);
		sp_check_oom(s, 0);
		free(o->nodes[--o->nr]);
	}
	memmove(&o->nodes[c->outer_index + 1], &o->nodes[c->outer_index],
		(o->nr - c->outer_index) * sizeof(*o->nodes));
	o->nodes[c->outer_index] = n;
	o->nr++;
	c->outer_index++;
	return flag;
}

static void add_escape(struct sp_construct *c, uint32_t target, bool cont)
{
	for (uint32_t i = 0; i < c->nr_escapes; i++)
		if (c->escapes[i].target == target && c->escapes[i].cont == cont)
			return;
	c->escapes[c->nr_escapes].target = target;
	c->escapes[c->nr_escapes++].cont = cont;
}

/* Leaves to construct `ci`: break (or return, for a callee) or continue. */
static void emit_exit(struct spv *s, struct vc_block *b, uint32_t ci, bool cont)
{
	uint32_t top = s->nr_constructs - 1;
	struct sp_construct *c = &s->constructs[ci];
	vc_var_id *flag = cont ? &c->cont_flag : &c->brk_flag;

	if (ci == top) {
		jump(s, b, cont ? VC_NODE_CONTINUE : VC_NODE_BREAK);
		return;
	}
	if (!*flag)
		*flag = make_flag(s, c);
	store(s, b, *flag, bool_const(s, true));
	jump(s, b, VC_NODE_BREAK);
	add_escape(&s->constructs[top], ci, cont);
}

/* Closes the innermost construct: escapes through it are tested after it. */
static void pop_construct(struct spv *s)
{
	struct sp_construct c = s->constructs[--s->nr_constructs];

	for (uint32_t i = 0; i < c.nr_escapes; i++) {
		struct sp_construct *t = &s->constructs[c.escapes[i].target];
		vc_var_id flag = c.escapes[i].cont ? t->cont_flag : t->brk_flag;
		vc_value_id cond = load(s, c.outer, flag);
		struct vc_node *n = vc_block_append(s->m, c.outer, VC_NODE_IF);

		sp_check_oom(s, 0);
		n->cond = cond;
		if (c.escapes[i].target == s->nr_constructs - 1)
			store(s, &n->then_block, flag, bool_const(s, false));
		emit_exit(s, &n->then_block, c.escapes[i].target, c.escapes[i].cont);
	}
}

/* Is `to` the merge or continue target of a construct of this function? */
static bool find_exit(struct spv *s, uint32_t to, uint32_t *ci, bool *cont)
{
	for (uint32_t i = s->nr_constructs; i-- > s->frame->construct_base;) {
		const struct sp_construct *c = &s->constructs[i];

		if (c->kind == SP_C_FUNC)
			break;
		if (c->merge == to || (c->kind == SP_C_LOOP && c->cont == to)) {
			*ci = i;
			*cont = c->merge != to;
			return true;
		}
	}
	return false;
}

/*
 * Continues to `to`: returns the label to go on with in this region, or 0
 * when the region ends here (stop reached, or an exit was emitted).
 */
static uint32_t go_to(struct spv *s, struct vc_block *b, uint32_t to, uint32_t stop)
{
	uint32_t ci;
	bool cont;

	if (to == stop)
		return 0;
	if (find_exit(s, to, &ci, &cont)) {
		emit_exit(s, b, ci, cont);
		return 0;
	}
	return to;
}

static uint32_t walk_edge(struct spv *s, struct vc_block *b, uint32_t from, uint32_t to,
			  uint32_t stop)
{
	check_label(s, to, s->ids[from].term_at);
	store_phis(s, b, from, to);
	return go_to(s, b, to, stop);
}

/* ---- terminators ---------------------------------------------------------------- */

static void do_return(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	struct sp_frame *f = s->frame;
	struct sp_construct *fc;

	if (!f->parent) {
		jump(s, b, VC_NODE_RETURN);
		return;
	}
	fc = &s->constructs[f->construct_base - 1];
	if (in->op == SpvOpReturnValue) {
		if (!fc->ret_var)
			sp_fail(s, in->at, "SPIR-V: OpReturnValue in a void function");
		store(s, b, fc->ret_var, sp_value(s, in, 1));
	}
	emit_exit(s, b, f->construct_base - 1, false);
}

/* A conditional branch with no selection merge: each side exits or falls through. */
static uint32_t branch_no_merge(struct spv *s, struct vc_block *b, uint32_t label,
				const struct sp_ins *in, uint32_t stop)
{
	uint32_t t = sp_id(s, in, 2), f = sp_id(s, in, 3), ci;
	bool cont, t_exit, f_exit;
	struct vc_node *n;

	check_label(s, t, in->at);
	check_label(s, f, in->at);
	if (t == f)
		return walk_edge(s, b, label, t, stop);
	t_exit = t == stop || find_exit(s, t, &ci, &cont);
	f_exit = f == stop || find_exit(s, f, &ci, &cont);
	if (!t_exit && !f_exit)
		sp_fail(s, in->at, "SPIR-V: conditional branch without a merge to two blocks");
	n = vc_block_append(s->m, b, VC_NODE_IF);
	sp_check_oom(s, in->at);
	n->cond = sp_value(s, in, 1);
	/* with the other side going on, a branch to `stop` must really leave */
	if (t_exit)
		walk_edge(s, &n->then_block, label, t, f_exit ? stop : 0);
	if (f_exit)
		walk_edge(s, &n->else_block, label, f, t_exit ? stop : 0);
	if (t_exit && f_exit)
		return 0;
	return walk_edge(s, b, label, t_exit ? f : t, stop);
}

static uint32_t branch_cond(struct spv *s, struct vc_block *b, uint32_t label,
			    const struct sp_ins *in, uint32_t stop)
{
	uint32_t merge_at = s->ids[label].merge_at;
	struct sp_ins mi;
	struct vc_node *n;
	uint32_t merge;

	if (!merge_at)
		return branch_no_merge(s, b, label, in, stop);
	mi = sp_ins_at(s, merge_at);
	merge = sp_id(s, &mi, 1);
	check_label(s, merge, mi.at);
	n = vc_block_append(s->m, b, VC_NODE_IF);
	sp_check_oom(s, in->at);
	n->cond = sp_value(s, in, 1);
	walk(s, &n->then_block, walk_edge(s, &n->then_block, label, sp_id(s, in, 2), merge), merge);
	walk(s, &n->else_block, walk_edge(s, &n->else_block, label, sp_id(s, in, 3), merge), merge);
	return go_to(s, b, merge, stop);
}

static vc_value_id case_cond(struct spv *s, struct vc_block *b, const struct sp_ins *in,
			     vc_value_id sel, uint32_t target)
{
	vc_type_id ty = vc_value_get(s->m, sel)->type;
	vc_type_id bt = vc_type_scalar(s->m, VC_BASE_BOOL);
	vc_value_id cond = 0;

	for (uint32_t i = 3; i + 1 < in->n; i += 2) {
		vc_value_id eq[2] = { sel, vc_value_const(s->m, ty, &in->w[i], 1) };

		if (in->w[i + 1] != target)
			continue;
		eq[0] = sp_build(s, b, VC_OP_IEQ, bt, eq, 2);
		if (cond) {
			eq[1] = cond;
			eq[0] = sp_build(s, b, VC_OP_LOR, bt, eq, 2);
		}
		cond = eq[0];
	}
	return cond;
}

static bool seen_before(const struct sp_ins *in, uint32_t i)
{
	for (uint32_t k = 3; k < i; k += 2)
		if (in->w[k + 1] == in->w[i + 1])
			return true;
	return false;
}

/* switch -> loop { if (sel == a) {..} else if (sel == b) {..} else {default} break } */
static uint32_t branch_switch(struct spv *s, struct vc_block *b, uint32_t label,
			      const struct sp_ins *in, uint32_t stop)
{
	uint32_t merge_at = s->ids[label].merge_at, merge, def = sp_id(s, in, 2);
	vc_value_id sel = sp_value(s, in, 1);
	struct vc_block *cur;
	struct sp_construct *c;
	struct vc_node *loop;
	struct sp_ins mi;

	if (!merge_at || (mi = sp_ins_at(s, merge_at)).op != SpvOpSelectionMerge)
		sp_fail(s, in->at, "SPIR-V: OpSwitch without OpSelectionMerge");
	if ((in->n - 3) % 2 || !vc_type_is_leaf(s->m, vc_value_get(s->m, sel)->type))
		sp_fail(s, in->at, "SPIR-V: OpSwitch operands are not 32-bit (literal, label) pairs");
	merge = sp_id(s, &mi, 1);
	check_label(s, merge, mi.at);
	loop = vc_block_append(s->m, b, VC_NODE_LOOP);
	sp_check_oom(s, in->at);
	c = push_construct(s, SP_C_SWITCH, b, in->at);
	c->outer_index = b->nr - 1;
	c->merge = merge;
	cur = &loop->body;
	for (uint32_t i = 3; i + 1 < in->n; i += 2) {
		uint32_t target = in->w[i + 1];
		struct vc_node *n;
		vc_value_id cond;

		if (target == def || seen_before(in, i))
			continue;
		cond = case_cond(s, cur, in, sel, target);
		n = vc_block_append(s->m, cur, VC_NODE_IF);
		sp_check_oom(s, in->at);
		n->cond = cond;
		walk(s, &n->then_block, walk_edge(s, &n->then_block, label, target, merge), merge);
		cur = &n->else_block;
	}
	walk(s, cur, walk_edge(s, cur, label, def, merge), merge);
	jump(s, &loop->body, VC_NODE_BREAK);
	pop_construct(s);
	return go_to(s, b, merge, stop);
}

static uint32_t emit_terminator(struct spv *s, struct vc_block *b, uint32_t label, uint32_t stop)
{
	struct sp_ins in = sp_ins_at(s, s->ids[label].term_at);

	switch (in.op) {
	case SpvOpBranch:
		return walk_edge(s, b, label, sp_id(s, &in, 1), stop);
	case SpvOpBranchConditional:
		return branch_cond(s, b, label, &in, stop);
	case SpvOpSwitch:
		return branch_switch(s, b, label, &in, stop);
	case SpvOpReturn:
	case SpvOpReturnValue:
		do_return(s, b, &in);
		return 0;
	case SpvOpKill:
	case SpvOpTerminateInvocation:
		jump(s, b, VC_NODE_DISCARD);
		return 0;
	default: /* OpUnreachable */
		return 0;
	}
}

/* ---- regions and loops ---------------------------------------------------------- */

static uint32_t emit_loop(struct spv *s, struct vc_block *b, uint32_t header, uint32_t stop)
{
	struct sp_ins mi = sp_ins_at(s, s->ids[header].merge_at);
	uint32_t merge = sp_id(s, &mi, 1), cont = sp_id(s, &mi, 2);
	struct sp_construct *c;
	struct vc_node *loop;

	check_label(s, merge, mi.at);
	check_label(s, cont, mi.at);
	loop = vc_block_append(s->m, b, VC_NODE_LOOP);
	sp_check_oom(s, mi.at);
	c = push_construct(s, SP_C_LOOP, b, mi.at);
	c->outer_index = b->nr - 1;
	c->merge = merge;
	c->cont = cont;
	c->header = header;
	emit_block_body(s, &loop->body, header);
	walk(s, &loop->body, emit_terminator(s, &loop->body, header, cont), cont);
	if (cont != header)
		walk(s, &loop->cont, cont, header);
	pop_construct(s);
	return go_to(s, b, merge, stop);
}

static void walk(struct spv *s, struct vc_block *b, uint32_t label, uint32_t stop)
{
	while (label && label != stop) {
		const struct sp_id *l;

		check_label(s, label, 0);
		l = &s->ids[label];
		if (++s->frame->visits[label] > SP_MAX_VISITS)
			sp_fail(s, l->at, "SPIR-V: unstructured control flow at block %u", label);
		if (l->merge_at && (s->w[l->merge_at] & 0xffff) == SpvOpLoopMerge) {
			label = emit_loop(s, b, label, stop);
			continue;
		}
		emit_block_body(s, b, label);
		label = emit_terminator(s, b, label, stop);
	}
}

/* ---- calls ---------------------------------------------------------------------- */

static uint32_t collect_params(struct spv *s, uint32_t fn, uint32_t *params, uint32_t max)
{
	uint32_t n = 0;

	for (uint32_t at = s->ids[fn].at; at < s->ids[fn].fn_end; at += s->w[at] >> 16) {
		struct sp_ins in = sp_ins_at(s, at);

		if (in.op == SpvOpLabel)
			break;
		if (in.op != SpvOpFunctionParameter)
			continue;
		if (n == max)
			sp_fail(s, at, "SPIR-V: too many function parameters");
		params[n++] = sp_id(s, &in, 2);
	}
	return n;
}

static void check_callee(struct spv *s, const struct sp_ins *in, uint32_t fn)
{
	if (s->ids[fn].kind != SP_FUNC || !s->ids[fn].fn_first_label)
		sp_fail(s, in->at, "SPIR-V: OpFunctionCall of %u, which is not a defined function", fn);
	for (struct sp_frame *f = s->frame; f; f = f->parent)
		if (f->fn == fn)
			sp_fail(s, in->at, "SPIR-V: recursive function call");
	if (s->depth >= SP_MAX_INLINE_DEPTH)
		sp_fail(s, in->at, "SPIR-V: calls nested too deeply");
}

void sp_emit_call(struct spv *s, struct vc_block *b, const struct sp_ins *in)
{
	uint32_t fn = sp_id(s, in, 3), params[64], nr;
	vc_type_id rt = sp_type(s, in, 1);
	vc_value_id args[64];
	struct sp_construct *c;
	struct sp_frame *f;
	struct vc_node *loop;
	vc_var_id ret = 0;

	check_callee(s, in, fn);
	nr = collect_params(s, fn, params, 64);
	if (nr != (uint32_t)in->n - 4)
		sp_fail(s, in->at, "SPIR-V: call passes %u arguments to %u parameters", in->n - 4, nr);
	for (uint32_t i = 0; i < nr; i++)
		args[i] = sp_value(s, in, 4 + i);
	if (vc_type_get(s->m, rt)->kind != VC_TYPE_VOID)
		ret = sp_new_var(s, rt, VC_STORAGE_FUNCTION);
	loop = vc_block_append(s->m, b, VC_NODE_LOOP);
	sp_check_oom(s, in->at);
	c = push_construct(s, SP_C_FUNC, b, in->at);
	c->outer_index = b->nr - 1;
	c->ret_var = ret;
	f = frame_push(s, fn, in->at);
	f->construct_base = s->nr_constructs;
	for (uint32_t i = 0; i < nr; i++)
		f->vals[params[i]] = args[i];
	s->depth++;
	walk(s, &loop->body, s->ids[fn].fn_first_label, 0);
	s->depth--;
	jump(s, &loop->body, VC_NODE_BREAK);
	sp_frame_pop(s);
	pop_construct(s);
	if (ret)
		sp_set_result(s, in, load(s, b, ret));
}

void sp_emit_entry(struct spv *s)
{
	uint32_t fn = s->entry, params[1];

	if (collect_params(s, fn, params, 1))
		sp_fail(s, s->ids[fn].at, "SPIR-V: entry point with parameters");
	if (!s->ids[fn].fn_first_label)
		sp_fail(s, s->ids[fn].at, "SPIR-V: entry point without a body");
	frame_push(s, fn, s->ids[fn].at);
	walk(s, &s->m->body, s->ids[fn].fn_first_label, 0);
	sp_frame_pop(s);
}
