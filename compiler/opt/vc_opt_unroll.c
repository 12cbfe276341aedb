/* SPDX-License-Identifier: MIT */
/*
 * Unrolling loops whose trip count is a compile-time constant. A uniform
 * array read with the loop counter as index is an ADDR-indexed CONST read in
 * TGSI, and the loop costs the host a branch per iteration; once unrolled,
 * forwarding makes every copy's counter a constant, so the indices become
 * constant and folding cleans up (issue #15: uniform_many).
 *
 * One iteration is the body followed by the continue block. A loop is
 * unrolled when, at the top level of that sequence, there is exactly one
 * exit: a `break`, or an if whose one branch is a lone `break` and whose
 * other branch is empty; no other break or continue leaves the loop (return
 * and discard may stay: they leave the shader wherever they are). When the
 * exit is conditional, its condition must be computable from constants and
 * one counter variable (function or private, scalar), which is stored once
 * per iteration at the top level with a value computable the same way, and
 * whose value before the loop is a constant stored in the enclosing block.
 * Simulating the counter with the folding evaluator gives the number N of
 * iterations that pass the exit test; the loop becomes N copies of the
 * iteration without the test, then one copy of what precedes the test (the
 * last iteration runs up to the test and leaves). Inner loops are looked
 * at first, so a nest unrolls from the inside out; a loop that still holds
 * a loop stays (as in Mesa's GLSL IR unroller). Loops that run once (see
 * unroll_once) become their bodies whatever their size.
 *
 * Limits, by measurement on the real-shader corpus (tgsi_ratio.sh, tokens
 * against Mesa's virgl): at most 32 iterations (Mesa's max_unroll_iterations)
 * and 256 instructions in all the copies. NIR's 26 instructions per allowed
 * iteration (832) let glmark2's ideas-lamp-lit.frag unroll its 3-light loop
 * (105 instructions, 4 copies with the last test), and its TGSI grew from
 * 392 to 574 tokens (Mesa: 303): the per-light work does not fold. The
 * drawoverhead uniform_many loop takes 187 (11 instructions, 17 copies).
 */
#include <stdlib.h>
#include <string.h>

#include "vc_opt_private.h"

#define MAX_TRIPS 32
#define MAX_INSTRS (MAX_TRIPS * 8)
#define MAX_EVAL_DEPTH 16

struct unroll {
	struct opt *o;
	struct vc_node *loop;
	uint32_t len;          /* nodes in one iteration: body, then continue block */
	uint32_t exit;         /* position of the exit */
	vc_value_id cond;      /* the exit's condition; 0: an unconditional break */
	bool leave_if;         /* the loop is left when cond is this */
	vc_value_id counter;   /* the counter variable's pointer */
	uint32_t store;        /* position of its store */
	uint32_t *load_pos;    /* per value: 1 + position of a load of the counter */
	uint32_t trips;        /* iterations that pass the exit */
};

static struct vc_node *at(const struct unroll *u, uint32_t p)
{
	const struct vc_block *body = &u->loop->body;

	return p < body->nr ? body->nodes[p] : u->loop->cont.nodes[p - body->nr];
}

/* ---- the exit ------------------------------------------------------------------------------ */

static bool is_lone_break(const struct vc_block *b)
{
	return b->nr == 1 && b->nodes[0]->kind == VC_NODE_BREAK;
}

static bool is_exit(struct unroll *u, const struct vc_node *n)
{
	if (n->kind == VC_NODE_BREAK) {
		u->cond = 0;
		return true;
	}
	if (n->kind != VC_NODE_IF)
		return false;
	u->cond = n->cond;
	if (is_lone_break(&n->then_block) && !n->else_block.nr)
		u->leave_if = true;
	else if (is_lone_break(&n->else_block) && !n->then_block.nr)
		u->leave_if = false;
	else
		return false;
	return true;
}

/* Is there a jump of this kind in b that leaves the loop b is in (nested loops aside)? */
static bool jumps(const struct vc_block *b, enum vc_node_kind kind)
{
	for (uint32_t i = 0; i < b->nr; i++) {
		const struct vc_node *n = b->nodes[i];

		if (n->kind == kind)
			return true;
		if (n->kind == VC_NODE_IF && (jumps(&n->then_block, kind) || jumps(&n->else_block, kind)))
			return true;
	}
	return false;
}

static bool jumps_out(const struct vc_block *b)
{
	return jumps(b, VC_NODE_BREAK) || jumps(b, VC_NODE_CONTINUE);
}

static bool find_exit(struct unroll *u)
{
	bool found = false;

	for (uint32_t p = 0; p < u->len; p++) {
		struct vc_node *n = at(u, p);

		if (!found && is_exit(u, n)) {
			u->exit = p;
			found = true;
		} else if (jumps_out(&(struct vc_block){ &n, 1, 1 })) {
			return false;
		}
	}
	return found;
}

/* ---- the counter --------------------------------------------------------------------------- */

/* The variable pointer of the first whole-variable load in v's expression. */
static vc_value_id first_load(const struct vc_module *m, vc_value_id v, int depth)
{
	const struct vc_value *val = vc_value_get(m, v);
	const struct vc_instr *in = val->def;

	if (val->kind != VC_VALUE_INSTR || !in || depth > MAX_EVAL_DEPTH)
		return 0;
	if (in->op == VC_OP_LOAD)
		return vc_value_get(m, in->srcs[0])->kind == VC_VALUE_VAR ? in->srcs[0] : 0;
	for (unsigned i = 0; i < in->nr_srcs; i++) {
		vc_value_id p = first_load(m, in->srcs[i], depth + 1);

		if (p)
			return p;
	}
	return 0;
}

static bool counter_var_ok(const struct vc_module *m, vc_value_id ptr)
{
	const struct vc_var *v = vc_var_get(m, vc_value_get(m, ptr)->var);
	const struct vc_type *t = vc_type_get(m, v->type);

	return (v->storage == VC_STORAGE_FUNCTION || v->storage == VC_STORAGE_PRIVATE) &&
	       t->kind == VC_TYPE_SCALAR && t->base != VC_BASE_BOOL;
}

/* Notes the counter's loads in b (all at position p); false on any use of
 * it that is not a whole load (a store below the top level included). */
static bool note_loads(struct unroll *u, const struct vc_block *b, uint32_t p)
{
	for (uint32_t i = 0; i < b->nr; i++) {
		const struct vc_node *n = b->nodes[i];
		const struct vc_instr *in = &n->instr;

		for (unsigned k = 0; n->kind == VC_NODE_INSTR && k < vc_instr_nr_srcs(in); k++) {
			if (vc_instr_src(in, k) != u->counter)
				continue;
			if (in->op != VC_OP_LOAD)
				return false;
			u->load_pos[in->dest] = p + 1;
		}
		if (!note_loads(u, &n->then_block, p) || !note_loads(u, &n->else_block, p) ||
		    !note_loads(u, &n->body, p) || !note_loads(u, &n->cont, p))
			return false;
	}
	return true;
}

static bool is_counter_store(const struct unroll *u, const struct vc_node *n)
{
	return n->kind == VC_NODE_INSTR && n->instr.op == VC_OP_STORE &&
	       n->instr.srcs[0] == u->counter;
}

/* The counter's loads and its one store at the top level. */
static bool find_uses(struct unroll *u)
{
	bool stored = false;

	u->load_pos = calloc(u->o->m->nr_values, sizeof(*u->load_pos));
	if (!u->load_pos) {
		u->o->m->oom = true;
		return false;
	}
	for (uint32_t p = 0; p < u->len; p++) {
		struct vc_node *n = at(u, p);

		if (is_counter_store(u, n)) {
			if (stored)
				return false;
			stored = true;
			u->store = p;
		} else if (!note_loads(u, &(struct vc_block){ &n, 1, 1 }, p)) {
			return false;
		}
	}
	return stored;
}

/* The constant the enclosing block stores into the counter before the loop. */
static bool initial_value(const struct unroll *u, const struct vc_block *b, uint32_t i,
			  uint32_t *out)
{
	const struct vc_module *m = u->o->m;
	vc_var_id var = vc_value_get(m, u->counter)->var;

	while (i-- > 0) {
		const struct vc_node *n = b->nodes[i];

		if (is_counter_store(u, n)) {
			if (!opt_is_const(m, n->instr.srcs[1]))
				return false;
			*out = vc_value_words(m, n->instr.srcs[1])[0];
			return true;
		}
		if (opt_node_stores(m, n, var))
			return false;
	}
	return false;
}

/* ---- the trip count ------------------------------------------------------------------------- */

/* v's value, with the counter's loads read as `before` or `after` the store. */
static bool eval(const struct unroll *u, vc_value_id v, uint32_t before, uint32_t after,
		 int depth, uint32_t *out)
{
	const struct vc_module *m = u->o->m;
	const struct vc_value *val = vc_value_get(m, v);
	const struct vc_instr *in = val->def;
	uint32_t w[3] = { 0 };

	if (opt_is_const(m, v) && val->nr_words == 1) {
		*out = vc_value_words(m, v)[0];
		return true;
	}
	if (u->load_pos && v < m->nr_values && u->load_pos[v]) {
		*out = u->load_pos[v] - 1 < u->store ? before : after;
		return true;
	}
	if (val->kind != VC_VALUE_INSTR || !in || depth > MAX_EVAL_DEPTH || in->op == VC_OP_LOAD ||
	    in->nr_srcs > 3 || in->nr_extra || vc_type_comps(m, in->type) != 1)
		return false;
	for (unsigned i = 0; i < in->nr_srcs; i++)
		if (!eval(u, in->srcs[i], before, after, depth + 1, &w[i]))
			return false;
	return in->nr_srcs && opt_eval_op(in->op, vc_type_get(m, vc_value_get(m, in->srcs[0])->type)->base,
					  &w[0], &w[1], &w[2], out);
}

/* Runs the counter from `value` until the exit is taken. */
static bool count_trips(struct unroll *u, uint32_t value)
{
	const struct vc_instr *step = &at(u, u->store)->instr;

	for (u->trips = 0; u->trips <= MAX_TRIPS; u->trips++) {
		uint32_t next, leave;

		if (!eval(u, step->srcs[1], value, 0, 0, &next) ||
		    !eval(u, u->cond, value, next, 0, &leave))
			return false;
		if (!leave == !u->leave_if)
			return true;
		value = next;
	}
	return false;
}

/* A constant condition, or one computed from a counter. */
static bool trip_count(struct unroll *u, const struct vc_block *b, uint32_t i)
{
	uint32_t init, leave;

	u->trips = 0;
	if (!u->cond)
		return true;
	if (eval(u, u->cond, 0, 0, 0, &leave))
		return !leave == !u->leave_if;  /* never left: not unrolled */
	u->counter = first_load(u->o->m, u->cond, 0);
	return u->counter && counter_var_ok(u->o->m, u->counter) && find_uses(u) &&
	       initial_value(u, b, i, &init) && count_trips(u, init);
}

/* ---- copying -------------------------------------------------------------------------------- */

static uint32_t count_instrs(const struct vc_block *b)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < b->nr; i++) {
		const struct vc_node *c = b->nodes[i];

		n += (c->kind == VC_NODE_INSTR) + count_instrs(&c->then_block) +
		     count_instrs(&c->else_block) + count_instrs(&c->body) + count_instrs(&c->cont);
	}
	return n;
}

static bool has_loop(const struct vc_block *b)
{
	for (uint32_t i = 0; i < b->nr; i++) {
		const struct vc_node *n = b->nodes[i];

		if (n->kind == VC_NODE_LOOP || has_loop(&n->then_block) || has_loop(&n->else_block))
			return true;
	}
	return false;
}

struct copy {
	struct vc_module *m;
	vc_value_id *map;      /* per original value: its copy in the current iteration */
	uint32_t nr_map;
};

static bool copy_start(struct copy *c, struct vc_module *m)
{
	c->m = m;
	c->nr_map = m->nr_values;
	c->map = calloc(c->nr_map, sizeof(*c->map));
	if (!c->map)
		m->oom = true;
	return c->map != NULL;
}

static vc_value_id mapped(const struct copy *c, vc_value_id v)
{
	return v < c->nr_map && c->map[v] ? c->map[v] : v;
}

static void copy_block(struct copy *c, const struct vc_block *from, struct vc_block *to);

static void copy_instr(struct copy *c, const struct vc_instr *in, struct vc_block *to)
{
	unsigned n = vc_instr_nr_srcs(in);
	vc_value_id *srcs = malloc((n ? n : 1) * sizeof(*srcs));
	struct vc_instr *out;

	if (!srcs) {
		c->m->oom = true;
		return;
	}
	for (unsigned i = 0; i < n; i++)
		srcs[i] = mapped(c, vc_instr_src(in, i));
	out = vc_build(c->m, to, in->op, in->type, srcs, n);
	free(srcs);
	if (!out)
		return;
	memcpy(out->lits, in->lits, sizeof(in->lits));
	out->nr_lits = in->nr_lits;
	if (in->dest && out->dest) {
		c->map[in->dest] = out->dest;
		c->m->values[out->dest].precision = c->m->values[in->dest].precision;
	}
}

static void copy_node(struct copy *c, const struct vc_node *n, struct vc_block *to)
{
	struct vc_node *out;

	if (n->kind == VC_NODE_INSTR) {
		copy_instr(c, &n->instr, to);
		return;
	}
	out = vc_block_append(c->m, to, n->kind);
	if (!out)
		return;
	out->cond = mapped(c, n->cond);
	copy_block(c, &n->then_block, &out->then_block);
	copy_block(c, &n->else_block, &out->else_block);
	copy_block(c, &n->body, &out->body);
	copy_block(c, &n->cont, &out->cont);
}

static void copy_block(struct copy *c, const struct vc_block *from, struct vc_block *to)
{
	for (uint32_t i = 0; i < from->nr && !c->m->oom; i++)
		copy_node(c, from->nodes[i], to);
}

/* Positions [from, to) of one iteration, less the exit, appended to out. */
static void copy_range(const struct unroll *u, struct copy *c, uint32_t from, uint32_t to,
		       struct vc_block *out)
{
	for (uint32_t p = from; p < to && !c->m->oom; p++)
		if (p != u->exit)
			copy_node(c, at(u, p), out);
}

/* The loop at b->nodes[i] becomes its iterations; returns how many nodes
 * replaced it, or -1 when memory ran out. */
static int64_t unroll(struct unroll *u, struct vc_block *b, uint32_t i)
{
	struct vc_block out = { 0 };
	struct copy c;
	int64_t nr;

	if (!copy_start(&c, u->o->m))
		return -1;
	for (uint32_t t = 0; t < u->trips && !c.m->oom; t++)
		copy_range(u, &c, 0, u->len, &out);
	copy_range(u, &c, 0, u->exit, &out);
	free(c.map);
	nr = out.nr;
	if (c.m->oom || !opt_splice(u->o, b, i, &out))
		nr = -1;
	opt_block_free(u->o, &out);
	return nr;
}

/* ---- loops that run once ---------------------------------------------------------------------- */

static bool debreak(struct opt *o, struct vc_block *b);

/* b->nodes[i], an if that breaks: what follows it moves into the one branch
 * that can fall through (or goes: neither can), then each branch loses its
 * breaks. Where both can fall through it would need copying: false. */
static bool debreak_if(struct opt *o, struct vc_block *b, uint32_t i)
{
	struct vc_node *n = b->nodes[i];
	bool then_ends = opt_block_ends(&n->then_block), else_ends = opt_block_ends(&n->else_block);
	struct vc_block rest = { &b->nodes[i + 1], b->nr - i - 1, b->nr - i - 1 };
	struct vc_block *into = then_ends ? &n->else_block : &n->then_block;

	if (rest.nr && !then_ends && !else_ends)
		return false;
	if (rest.nr && !(then_ends && else_ends)) {
		for (uint32_t k = 0; k < rest.nr && !o->m->oom; k++)
			opt_insert_node(o, into, into->nr, rest.nodes[k]);
		b->nr = i + 1;
	}
	while (b->nr > i + 1)
		opt_remove_node(o, b, b->nr - 1);
	return !o->m->oom && debreak(o, &n->then_block) && debreak(o, &n->else_block);
}

/* Removes the breaks of a block that ends in a jump on every path, keeping
 * what runs: code after a break goes, code after an if that breaks moves
 * into its other branch. */
static bool debreak(struct opt *o, struct vc_block *b)
{
	for (uint32_t i = 0; i < b->nr; i++) {
		struct vc_node *n = b->nodes[i];

		if (n->kind == VC_NODE_BREAK) {
			while (b->nr > i)
				opt_remove_node(o, b, b->nr - 1);
			return true;
		}
		if (n->kind == VC_NODE_IF && (jumps(&n->then_block, VC_NODE_BREAK) || jumps(&n->else_block, VC_NODE_BREAK)))
			return debreak_if(o, b, i);
	}
	return true;
}

/*
 * A loop whose body ends in a jump on every path and never continues runs
 * once (inlining a function that returns early makes one, so does a
 * switch): it becomes its body without the breaks; the continue block never
 * runs. The breaks go from a copy, which is dropped where that fails.
 * Returns the nodes that replaced the loop, or -1.
 */
static int64_t unroll_once(struct opt *o, struct vc_block *b, uint32_t i)
{
	struct vc_node *loop = b->nodes[i];
	struct vc_block body = { 0 };
	struct copy c;
	int64_t nr = -1;

	if (!opt_block_ends(&loop->body) || jumps(&loop->body, VC_NODE_CONTINUE) ||
	    !copy_start(&c, o->m))
		return -1;
	copy_block(&c, &loop->body, &body);
	free(c.map);
	if (!o->m->oom && debreak(o, &body)) {
		nr = body.nr;
		if (!opt_splice(o, b, i, &body))
			nr = -1;
	}
	opt_block_free(o, &body);
	return nr;
}

/* ---- the pass ------------------------------------------------------------------------------- */

/* Unrolls the loop at b->nodes[i] if it qualifies; returns the nodes that
 * replaced it, or -1 when it stays. */
static int64_t try_unroll(struct opt *o, struct vc_block *b, uint32_t i)
{
	struct unroll u = { .o = o, .loop = b->nodes[i] };
	int64_t nr = -1;
	uint32_t size;

	u.len = u.loop->body.nr + u.loop->cont.nr;
	if (!find_exit(&u))
		return unroll_once(o, b, i);
	if (has_loop(&u.loop->body) || has_loop(&u.loop->cont))
		return -1;
	if (trip_count(&u, b, i)) {
		size = count_instrs(&u.loop->body) + count_instrs(&u.loop->cont);
		if ((uint64_t)size * (u.trips + 1) <= MAX_INSTRS)
			nr = unroll(&u, b, i);
	}
	free(u.load_pos);
	return nr;
}

static void unroll_block(struct opt *o, struct vc_block *b)
{
	for (uint32_t i = 0; i < b->nr && !o->m->oom;) {
		struct vc_node *n = b->nodes[i];
		int64_t nr = -1;

		opt_rewrite_node(o, n);
		unroll_block(o, &n->then_block);
		unroll_block(o, &n->else_block);
		unroll_block(o, &n->body);
		unroll_block(o, &n->cont);
		if (n->kind == VC_NODE_LOOP)
			nr = try_unroll(o, b, i);
		i += nr < 0 ? 1 : (uint32_t)nr;
	}
}

bool opt_unroll(struct opt *o)
{
	unroll_block(o, &o->m->body);
	return !o->m->oom;
}
