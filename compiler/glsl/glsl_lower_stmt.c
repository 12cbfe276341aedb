/* SPDX-License-Identifier: MIT */
/*
 * Statements and user functions. The IR has structured loops with a
 * continue block, break/continue to the innermost loop, return (leave the
 * shader) and discard, and no functions, so:
 *   for/while       LOOP { if (!cond) break; body } continue { step }
 *   do-while        LOOP { body } continue { if (!cond) break; }
 *   switch          LOOP { if (fell || sel == a) { fell = true; ... } ...; break }
 *                   (break leaves the switch; a continue inside sets a flag,
 *                   breaks, and is repeated after it)
 *   user calls      inlined: parameters copied in, out/inout copied back; a
 *                   function that returns early runs inside a one-pass LOOP
 *                   and `return` breaks out of it (with a flag through inner
 *                   loops).
 */
#include <stdlib.h>
#include <string.h>

#include "glsl_lower_private.h"

static bool stmt(struct lw *w, const struct glsl_ast_node *n);

bool lw_stmt_list(struct lw *w, const struct glsl_ast_node *n)
{
	for (; n && !w->failed && !w->m->oom; n = n->next)
		if (!stmt(w, n))
			return false;
	return !w->failed && !w->m->oom;
}

static vc_value_id load_flag(struct lw *w, vc_var_id v)
{
	return lw_load_var(w, v);
}

static void set_flag(struct lw *w, vc_var_id v, bool on)
{
	lw_store_var(w, v, lw_const_u32(w, VC_BASE_BOOL, on));
}

/* Code after a break, continue, return or discard would never run. */
static bool ends_in_jump(const struct vc_block *b)
{
	return b->nr && b->nodes[b->nr - 1]->kind != VC_NODE_INSTR &&
	       b->nodes[b->nr - 1]->kind != VC_NODE_IF && b->nodes[b->nr - 1]->kind != VC_NODE_LOOP;
}

/* if (!c) break; */
static void break_unless(struct lw *w, vc_value_id c)
{
	struct vc_block *saved = w->b;
	struct vc_node *br = lw_if(w, c);

	if (!br)
		return;
	w->b = &br->else_block;
	lw_jump(w, VC_NODE_BREAK);
	w->b = saved;
}

/* ---- loops --------------------------------------------------------------------------------- */

static struct vc_node *open_loop(struct lw *w, enum lw_loop_kind kind)
{
	struct vc_node *n;

	if (w->nr_loops == sizeof(w->loops) / sizeof(w->loops[0])) {
		lw_fail(w, (struct glsl_loc){ 0 }, "loops nested too deeply");
		return NULL;
	}
	n = vc_block_append(w->m, w->b, VC_NODE_LOOP);
	if (n)
		w->loops[w->nr_loops++] = (struct lw_loop){ .kind = kind };
	return n;
}

static void emit_continue(struct lw *w);

static void if_flag_then(struct lw *w, vc_var_id flag, bool cont)
{
	struct vc_block *saved = w->b;
	struct vc_node *br = lw_if(w, load_flag(w, flag));

	if (!br)
		return;
	w->b = &br->then_block;
	if (cont)
		emit_continue(w);
	else
		lw_jump(w, VC_NODE_BREAK);
	w->b = saved;
}

/* After a loop: pass on a return (break again) and a switch's continue. */
static void close_loop(struct lw *w)
{
	struct lw_loop l = w->loops[--w->nr_loops];
	const struct lw_frame *f = w->nr_frames ? &w->frames[w->nr_frames - 1] : NULL;

	if (l.ret_inside && f && f->loop_base != UINT32_MAX)
		if_flag_then(w, w->loops[f->loop_base].flag, false);
	if (l.kind == LW_SWITCH && l.flag_used)
		if_flag_then(w, l.flag, true);
}

static void emit_continue(struct lw *w)
{
	struct lw_loop *l = w->nr_loops ? &w->loops[w->nr_loops - 1] : NULL;

	if (l && l->kind == LW_SWITCH) {
		if (!l->flag) {
			l->flag = lw_var(w, w->t_bool, VC_STORAGE_FUNCTION, NULL);
			/* set false where the switch begins: see lower_switch */
		}
		l->flag_used = true;
		set_flag(w, l->flag, true);
		lw_jump(w, VC_NODE_BREAK);
		return;
	}
	lw_jump(w, VC_NODE_CONTINUE);
}

/* A loop or if condition: an expression, or `bool b = e` (a DECL). */
static bool lower_decl(struct lw *w, const struct glsl_ast_node *n);

static vc_value_id condition(struct lw *w, const struct glsl_ast_node *c)
{
	struct lw_sym *e;

	if (c->kind != GLSL_AST_DECL)
		return lw_expr(w, c);
	if (!lower_decl(w, c))
		return 0;
	e = lw_sym_find(w, c->u.decl->vars->sym);
	return e ? lw_load_ptr(w, e->ptr) : 0;
}

/* for (init; cond; step) body, and while (cond) body (no init and step). */
static bool lower_loop(struct lw *w, const struct glsl_ast_node *init,
		       const struct glsl_ast_node *cond, const struct glsl_ast_node *step_expr,
		       const struct glsl_ast_node *body)
{
	struct vc_block *saved = w->b;
	struct vc_node *loop;

	if (init && !stmt(w, init))
		return false;
	if (!(loop = open_loop(w, LW_LOOP)))
		return false;
	w->b = &loop->body;
	if (cond)
		break_unless(w, condition(w, cond));
	stmt(w, body);
	w->b = &loop->cont;
	if (step_expr)
		lw_expr(w, step_expr);
	w->b = saved;
	close_loop(w);
	return !w->failed;
}

static bool lower_do(struct lw *w, const struct glsl_ast_node *n)
{
	struct vc_block *saved = w->b;
	struct vc_node *loop = open_loop(w, LW_LOOP);

	if (!loop)
		return false;
	w->b = &loop->body;
	stmt(w, n->u.kid[0]);
	w->b = &loop->cont;
	break_unless(w, lw_expr(w, n->u.kid[1]));
	w->b = saved;
	close_loop(w);
	return !w->failed;
}

/* ---- switch ------------------------------------------------------------------------------- */

/* The condition that enters the section starting at `label`: fell through,
 * or the selector matches one of its labels (default: matches none). */
static vc_value_id section_cond(struct lw *w, const struct glsl_ast_node *label,
				const struct glsl_ast_node *all, vc_value_id sel,
				const struct glsl_type *st, vc_value_id fell)
{
	vc_value_id c = fell;
	bool has_default = false;

	for (const struct glsl_ast_node *l = label; l && (l->kind == GLSL_AST_CASE ||
							  l->kind == GLSL_AST_DEFAULT); l = l->next) {
		if (l->kind == GLSL_AST_DEFAULT) {
			has_default = true;
			continue;
		}
		c = lw_op2(w, VC_OP_LOR, w->t_bool, c,
			   lw_compare_eq(w, sel, lw_const_of(w, st, l->u.kid[0]->sema->value), st, true));
	}
	if (has_default) {
		vc_value_id none = 0;
		for (const struct glsl_ast_node *l = all; l; l = l->next) {
			vc_value_id ne;
			if (l->kind != GLSL_AST_CASE)
				continue;
			ne = lw_compare_eq(w, sel, lw_const_of(w, st, l->u.kid[0]->sema->value), st, false);
			none = none ? lw_op2(w, VC_OP_LAND, w->t_bool, none, ne) : ne;
		}
		c = none ? lw_op2(w, VC_OP_LOR, w->t_bool, c, none) : lw_const_u32(w, VC_BASE_BOOL, 1);
	}
	return c;
}

static bool is_label(const struct glsl_ast_node *n)
{
	return n->kind == GLSL_AST_CASE || n->kind == GLSL_AST_DEFAULT;
}

/* One section: its labels, then the statements up to the next label. */
static const struct glsl_ast_node *lower_section(struct lw *w, const struct glsl_ast_node *label,
						 const struct glsl_ast_node *all, vc_value_id sel,
						 const struct glsl_type *st, vc_var_id fell)
{
	struct vc_block *saved = w->b;
	const struct glsl_ast_node *s = label;
	struct vc_node *br;

	br = lw_if(w, section_cond(w, label, all, sel, st, load_flag(w, fell)));
	if (!br)
		return NULL;
	while (s && is_label(s))
		s = s->next;
	w->b = &br->then_block;
	set_flag(w, fell, true);
	for (; s && !is_label(s) && !w->failed; s = s->next)
		stmt(w, s);
	w->b = saved;
	return s;
}

static bool lower_switch(struct lw *w, const struct glsl_ast_node *n)
{
	const struct glsl_type *st = n->u.kid[0]->sema->type.type;
	const struct glsl_ast_node *all = n->u.kid[1]->u.kid[0], *s = all;
	vc_value_id sel = lw_expr(w, n->u.kid[0]);
	vc_var_id fell = lw_var(w, w->t_bool, VC_STORAGE_FUNCTION, NULL);
	vc_var_id cont = lw_var(w, w->t_bool, VC_STORAGE_FUNCTION, NULL);
	struct vc_block *saved = w->b;
	struct vc_node *loop;

	if (!fell || !cont)
		return false;
	set_flag(w, fell, false);
	set_flag(w, cont, false);
	if (!(loop = open_loop(w, LW_SWITCH)))
		return false;
	w->loops[w->nr_loops - 1].flag = cont;
	w->b = &loop->body;
	while (s && !is_label(s))
		s = s->next; /* statements before the first label never run */
	while (s && !w->failed)
		s = lower_section(w, s, all, sel, st, fell);
	if (!ends_in_jump(w->b))
		lw_jump(w, VC_NODE_BREAK);
	w->b = saved;
	close_loop(w);
	return !w->failed;
}

/* ---- simple statements --------------------------------------------------------------------- */

static bool lower_declarator(struct lw *w, const struct glsl_ast_declarator *d)
{
	const struct glsl_symbol *s = d->sym;
	struct lw_sym *e;

	if (!s || (s->storage == GLSL_STORAGE_CONST && s->value))
		return true; /* folded: uses take the value */
	e = lw_sym_find(w, s);
	if (!e) {
		vc_var_id v = lw_sym_var(w, s, VC_STORAGE_FUNCTION);
		if (!v || !(e = lw_sym_add(w, s, vc_var_get(w->m, v)->ptr, -1)))
			return false;
	}
	if (d->init) {
		vc_value_id v = lw_expr(w, d->init);
		e = lw_sym_find(w, s); /* the map may have grown */
		if (e)
			lw_store(w, e->ptr, v);
	}
	return !w->failed;
}

static bool lower_decl(struct lw *w, const struct glsl_ast_node *n)
{
	for (const struct glsl_ast_declarator *d = n->u.decl->vars; d; d = d->next)
		if (!lower_declarator(w, d))
			return false;
	return true;
}

static bool lower_if(struct lw *w, const struct glsl_ast_node *n)
{
	struct vc_block *saved = w->b;
	struct vc_node *br = lw_if(w, condition(w, n->u.kid[0]));

	if (!br)
		return false;
	w->b = &br->then_block;
	stmt(w, n->u.kid[1]);
	if (n->u.kid[2]) {
		w->b = &br->else_block;
		stmt(w, n->u.kid[2]);
	}
	w->b = saved;
	return !w->failed;
}

static bool lower_return(struct lw *w, const struct glsl_ast_node *n)
{
	struct lw_frame *f = &w->frames[w->nr_frames - 1];
	vc_value_id v = n->u.kid[0] ? lw_expr(w, n->u.kid[0]) : 0;

	if (f->fn->is_main && w->nr_frames == 1) {
		lw_jump(w, VC_NODE_RETURN);
		return !w->failed;
	}
	if (v && f->ret)
		lw_store_var(w, f->ret, v);
	if (f->loop_base == UINT32_MAX)
		return !w->failed; /* the function's last statement */
	if (w->nr_loops > f->loop_base + 1) {
		struct lw_loop *fl = &w->loops[f->loop_base];
		fl->flag_used = true;
		set_flag(w, fl->flag, true);
		for (uint32_t i = f->loop_base + 1; i < w->nr_loops; i++)
			w->loops[i].ret_inside = true;
	}
	lw_jump(w, VC_NODE_BREAK);
	return !w->failed;
}

static bool stmt(struct lw *w, const struct glsl_ast_node *n)
{
	if (!n)
		return true;
	switch (n->kind) {
	case GLSL_AST_COMPOUND: return lw_stmt_list(w, n->u.kid[0]);
	case GLSL_AST_DECL: return lower_decl(w, n);
	case GLSL_AST_EXPR_STMT:
		if (n->u.kid[0])
			lw_expr(w, n->u.kid[0]);
		return !w->failed;
	case GLSL_AST_IF: return lower_if(w, n);
	case GLSL_AST_FOR:
		return lower_loop(w, n->u.kid[0], n->u.kid[1], n->u.kid[2], n->u.kid[3]);
	case GLSL_AST_WHILE: return lower_loop(w, NULL, n->u.kid[0], NULL, n->u.kid[1]);
	case GLSL_AST_DO: return lower_do(w, n);
	case GLSL_AST_SWITCH: return lower_switch(w, n);
	case GLSL_AST_BREAK: lw_jump(w, VC_NODE_BREAK); return true;
	case GLSL_AST_CONTINUE: emit_continue(w); return true;
	case GLSL_AST_RETURN: return lower_return(w, n);
	case GLSL_AST_DISCARD: lw_jump(w, VC_NODE_DISCARD); return true;
	default: return true; /* empty, precision, invariant, struct declarations */
	}
}

/* ---- user functions ------------------------------------------------------------------------ */

/* A return anywhere but as the last top-level statement needs the wrapper loop. */
static bool returns_early(const struct glsl_ast_node *n, bool last_ok)
{
	for (; n; n = n->next) {
		bool last = last_ok && !n->next;

		switch (n->kind) {
		case GLSL_AST_RETURN:
			if (!last)
				return true;
			break;
		case GLSL_AST_COMPOUND:
			if (returns_early(n->u.kid[0], last))
				return true;
			break;
		case GLSL_AST_IF: case GLSL_AST_FOR: case GLSL_AST_WHILE: case GLSL_AST_DO:
		case GLSL_AST_SWITCH:
			for (int k = 0; k < 4; k++)
				if (n->u.kid[k] && n->u.kid[k]->kind != GLSL_AST_DECL &&
				    returns_early(n->u.kid[k], false))
					return true;
			break;
		default:
			break;
		}
	}
	return false;
}

struct call_arg {
	vc_value_id value;
	struct lw_ref ref;   /* out, inout and opaque arguments */
};

static bool is_opaque(const struct glsl_type *t)
{
	return glsl_type_is_opaque(t);
}

/* A struct (array) with samplers among its members. */
static bool is_held(const struct glsl_type *t)
{
	const struct glsl_type *e = t->kind == GLSL_KIND_ARRAY ? t->elem : t;

	return glsl_type_is_opaque(t) && e->kind != GLSL_KIND_SAMPLER &&
	       e->kind != GLSL_KIND_ATOMIC;
}

static bool eval_call_args(struct lw *w, const struct glsl_ast_node *n,
			   const struct glsl_function *fn, struct call_arg *args)
{
	const struct glsl_ast_node *a = n->u.call.args;

	for (uint32_t i = 0; i < fn->nr_params && a; i++, a = a->next) {
		uint8_t st = fn->param_storage[i];

		if (is_held(fn->param_types[i]) || lw_held_sampler_arg(w, a)) {
			/* a struct holding samplers: they are reached through the
			 * argument (glsl_lower_opaque.c), its data by reference */
			if (fn->params && fn->params[i] && !lw_alias_param(w, fn->params[i], a))
				return false;
			if (glsl_type_has_data(fn->param_types[i]) && !lw_ref_of(w, a, &args[i].ref))
				return false;
			continue;
		}
		if (st != GLSL_STORAGE_PARAM_IN || is_opaque(fn->param_types[i])) {
			if (!lw_ref_of(w, a, &args[i].ref))
				return false;
			if (st == GLSL_STORAGE_PARAM_INOUT)
				args[i].value = lw_ref_load(w, &args[i].ref);
			continue;
		}
		args[i].value = lw_expr(w, a);
	}
	return !w->failed;
}

static bool bind_params(struct lw *w, const struct glsl_function *fn, struct call_arg *args)
{
	for (uint32_t i = 0; i < fn->nr_params; i++) {
		const struct glsl_symbol *p = fn->params ? fn->params[i] : NULL;
		struct lw_sym *e;

		if (!p)
			continue;
		if (is_opaque(fn->param_types[i])) {
			/* samplers are not copied: the body samples the argument */
			if (args[i].ref.base && !lw_sym_add(w, p, lw_ref_ptr(w, &args[i].ref), -1))
				return false;
			continue;
		}
		if (!(e = lw_sym_find(w, p))) {
			vc_var_id v = lw_sym_var(w, p, VC_STORAGE_FUNCTION);
			if (!v || !(e = lw_sym_add(w, p, vc_var_get(w->m, v)->ptr, -1)))
				return false;
		}
		if (args[i].value)
			lw_store(w, e->ptr, args[i].value);
	}
	return true;
}

static void copy_out(struct lw *w, const struct glsl_function *fn, struct call_arg *args)
{
	for (uint32_t i = 0; i < fn->nr_params; i++) {
		const struct glsl_symbol *p = fn->params ? fn->params[i] : NULL;
		struct lw_sym *e = p ? lw_sym_find(w, p) : NULL;

		if (fn->param_storage[i] == GLSL_STORAGE_PARAM_IN || !e || is_opaque(fn->param_types[i]))
			continue;
		lw_ref_store(w, &args[i].ref, lw_load_ptr(w, e->ptr));
	}
}

/* The body, inside a one-pass loop when it returns early. */
static bool inline_body(struct lw *w, const struct glsl_function *fn, struct lw_frame *f)
{
	const struct glsl_ast_node *body = fn->def->body->u.kid[0];
	struct vc_block *saved = w->b;
	struct vc_node *loop;
	vc_var_id flag;

	if (!returns_early(body, true) || fn->is_main)
		return lw_stmt_list(w, body);
	if (!(flag = lw_var(w, w->t_bool, VC_STORAGE_FUNCTION, NULL)))
		return false;
	set_flag(w, flag, false);
	if (!(loop = open_loop(w, LW_FUNCTION)))
		return false;
	f->loop_base = w->nr_loops - 1;
	w->loops[f->loop_base].flag = flag;
	w->b = &loop->body;
	lw_stmt_list(w, body);
	if (!ends_in_jump(w->b))
		lw_jump(w, VC_NODE_BREAK);
	w->b = saved;
	w->nr_loops--;
	return !w->failed;
}

static bool run_function(struct lw *w, const struct glsl_function *fn, vc_var_id ret)
{
	struct lw_frame *f;
	bool ok;

	if (w->nr_frames == sizeof(w->frames) / sizeof(w->frames[0])) {
		lw_fail(w, fn->def->name_loc, "function calls nested too deeply");
		return false;
	}
	f = &w->frames[w->nr_frames++];
	*f = (struct lw_frame){ .fn = fn, .ret = ret, .loop_base = UINT32_MAX };
	ok = inline_body(w, fn, f);
	w->nr_frames--;
	return ok;
}

vc_value_id lw_user_call(struct lw *w, const struct glsl_ast_node *n)
{
	const struct glsl_function *fn = n->sema->u.fn;
	struct call_arg stack[8], *args;
	const struct glsl_type *rt = fn->ret.type;
	vc_var_id ret = 0;
	bool ok;

	if (!fn->def) {
		lw_fail(w, n->loc, "function '%s' is called but never defined", fn->cname);
		return 0;
	}
	args = fn->nr_params <= 8 ? stack : calloc(fn->nr_params, sizeof(*args));
	if (!args) {
		w->m->oom = true;
		return 0;
	}
	memset(args, 0, (fn->nr_params <= 8 ? 8 : fn->nr_params) * sizeof(*args));
	if (rt->kind != GLSL_KIND_VOID)
		ret = lw_var(w, lw_type(w, rt), VC_STORAGE_FUNCTION, NULL);
	ok = eval_call_args(w, n, fn, args) && bind_params(w, fn, args) && run_function(w, fn, ret);
	if (ok)
		copy_out(w, fn, args);
	if (args != stack)
		free(args);
	return ok && ret ? lw_load_var(w, ret) : 0;
}

/* ---- main ------------------------------------------------------------------------------- */

/* Globals with initialisers get them before main runs. */
static bool global_inits(struct lw *w)
{
	for (const struct glsl_ast_node *d = w->ast->decls; d && !w->failed; d = d->next) {
		if (d->kind != GLSL_AST_DECL)
			continue;
		for (const struct glsl_ast_declarator *v = d->u.decl->vars; v; v = v->next) {
			struct lw_sym *e = v->sym && v->init ? lw_sym_find(w, v->sym) : NULL;

			if (e && v->sym->storage == GLSL_STORAGE_GLOBAL)
				lw_store(w, e->ptr, lw_expr(w, v->init));
		}
	}
	return !w->failed;
}

bool lw_main(struct lw *w)
{
	if (!w->sema->main || !w->sema->main->def) {
		lw_fail(w, (struct glsl_loc){ 0 }, "no main() function");
		return false;
	}
	return global_inits(w) && run_function(w, w->sema->main, 0);
}
