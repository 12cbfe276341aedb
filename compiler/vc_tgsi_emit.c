/* SPDX-License-Identifier: MIT */
/*
 * IR -> TGSI text: entry point, text buffers, registers and immediates,
 * value locations, and structured control flow.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vc_tgsi_emit.h"
#include "vc_tgsi_private.h"

/* ---- text -------------------------------------------------------------------- */

static void buf_vprintf(struct tg_buf *b, bool *failed, const char *fmt, va_list ap)
{
	va_list ap2;
	int n;

	va_copy(ap2, ap);
	n = vsnprintf(NULL, 0, fmt, ap2);
	va_end(ap2);
	if (n < 0 || *failed)
		return;
	if (b->len + (size_t)n + 1 > b->cap) {
		size_t cap = b->cap ? b->cap : 1024;
		char *p;

		while (cap < b->len + (size_t)n + 1)
			cap *= 2;
		p = realloc(b->s, cap);
		if (!p) {
			*failed = true;
			return;
		}
		b->s = p;
		b->cap = cap;
	}
	vsnprintf(b->s + b->len, (size_t)n + 1, fmt, ap);
	b->len += (size_t)n;
}

void tg_printf(struct tg_buf *b, bool *failed, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(b, failed, fmt, ap);
	va_end(ap);
}

void tg_fail(struct tg *t, const char *fmt, ...)
{
	bool dummy = false;
	va_list ap;

	if (t->failed && t->log.len)
		return;
	va_start(ap, fmt);
	buf_vprintf(&t->log, &dummy, fmt, ap);
	va_end(ap);
	t->failed = true;
}

void tg_line(struct tg *t, const char *fmt, ...)
{
	va_list ap;

	tg_printf(&t->code, &t->failed, "%*s", 2 + 2 * t->depth, "");
	va_start(ap, fmt);
	buf_vprintf(&t->code, &t->failed, fmt, ap);
	va_end(ap);
	tg_printf(&t->code, &t->failed, "\n");
}

void tg_decl(struct tg *t, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	buf_vprintf(&t->decl, &t->failed, fmt, ap);
	va_end(ap);
	tg_printf(&t->decl, &t->failed, "\n");
}

/* ---- registers ------------------------------------------------------------------- */

static struct tg_reg reg(uint8_t file, int32_t index)
{
	struct tg_reg r = { .file = file, .index = index, .dim = -1, .swz = { 0, 1, 2, 3 } };

	return r;
}

struct tg_reg tg_temps(struct tg *t, uint32_t n)
{
	struct tg_reg r = reg(TG_TEMP, (int32_t)t->nr_temps);

	t->nr_temps += n;
	if (t->nr_temps > 65536)
		tg_fail(t, "TGSI: too many temporaries");
	return r;
}

struct tg_reg tg_temp(struct tg *t)
{
	return tg_temps(t, 1);
}

struct tg_reg tg_temp_pinned(struct tg *t)
{
	struct tg_reg r = tg_temp(t);

	if (t->nr_pinned == t->cap_pinned) {
		uint32_t cap = t->cap_pinned ? t->cap_pinned * 2 : 8;
		uint32_t *p = realloc(t->pinned, cap * sizeof(*p));

		if (!p) {
			t->failed = true;
			return r;
		}
		t->pinned = p;
		t->cap_pinned = cap;
	}
	t->pinned[t->nr_pinned++] = (uint32_t)r.index;
	return r;
}

struct tg_reg tg_swizzle(struct tg_reg r, unsigned a, unsigned b, unsigned c, unsigned d)
{
	uint8_t s[4] = { r.swz[a & 3], r.swz[b & 3], r.swz[c & 3], r.swz[d & 3] };

	memcpy(r.swz, s, 4);
	return r;
}

struct tg_reg tg_comp(struct tg_reg r, unsigned c)
{
	return tg_swizzle(r, c, c, c, c);
}

struct tg_reg tg_neg(struct tg_reg r)
{
	r.neg = !r.neg;
	return r;
}

struct tg_reg tg_abs(struct tg_reg r)
{
	r.abs = true;
	r.neg = false;
	return r;
}

const char *tg_mask(unsigned n)
{
	static const char *const masks[] = { "", ".x", ".xy", ".xyz", "" };

	return masks[n > 4 ? 4 : n];
}

static const char *file_name(uint8_t f)
{
	static const char *const names[] = {
		"NONE", "TEMP", "IN", "OUT", "CONST", "IMM", "SV", "SAMP", "BUFFER", "IMAGE",
		"MEMORY", "ADDR",
	};
	return names[f];
}

void tg_fmt_reg(struct tg *t, char *out, size_t size, struct tg_reg r, bool dst)
{
	static const char chan[] = "xyzw";
	char idx[48], swz[6] = "";

	(void)t;
	if (r.indirect)
		snprintf(idx, sizeof(idx), "ADDR[0].x+%d", r.index);
	else
		snprintf(idx, sizeof(idx), "%d", r.index);
	if (!dst && (r.swz[0] != 0 || r.swz[1] != 1 || r.swz[2] != 2 || r.swz[3] != 3))
		snprintf(swz, sizeof(swz), ".%c%c%c%c", chan[r.swz[0]], chan[r.swz[1]],
			 chan[r.swz[2]], chan[r.swz[3]]);
	if (r.dim >= 0 && r.dim_indirect)
		snprintf(out, size, "%s%s%s[ADDR[1].x+%d][%s]%s%s", r.neg ? "-" : "",
			 r.abs ? "|" : "", file_name(r.file), r.dim, idx, swz, r.abs ? "|" : "");
	else if (r.dim >= 0)
		snprintf(out, size, "%s%s%s[%d][%s]%s%s", r.neg ? "-" : "", r.abs ? "|" : "",
			 file_name(r.file), r.dim, idx, swz, r.abs ? "|" : "");
	else if (r.indirect && r.array_id)
		snprintf(out, size, "%s%s%s[%s](%u)%s%s", r.neg ? "-" : "", r.abs ? "|" : "",
			 file_name(r.file), idx, r.array_id, swz, r.abs ? "|" : "");
	else
		snprintf(out, size, "%s%s%s[%s]%s%s", r.neg ? "-" : "", r.abs ? "|" : "",
			 file_name(r.file), idx, swz, r.abs ? "|" : "");
}

void tg_op(struct tg *t, const char *op, struct tg_reg dst, const char *mask,
	   const struct tg_reg *srcs, unsigned n)
{
	char line[512], r[96];
	size_t len;

	tg_fmt_reg(t, r, sizeof(r), dst, true);
	len = (size_t)snprintf(line, sizeof(line), "%s %s%s", op, r, mask);
	for (unsigned i = 0; i < n && len < sizeof(line); i++) {
		tg_fmt_reg(t, r, sizeof(r), srcs[i], false);
		len += (size_t)snprintf(line + len, sizeof(line) - len, ", %s", r);
	}
	tg_line(t, "%s", line);
}

void tg_op1(struct tg *t, const char *op, struct tg_reg dst, const char *mask, struct tg_reg a)
{
	tg_op(t, op, dst, mask, &a, 1);
}

void tg_op2(struct tg *t, const char *op, struct tg_reg dst, const char *mask, struct tg_reg a,
	    struct tg_reg b)
{
	struct tg_reg s[2] = { a, b };

	tg_op(t, op, dst, mask, s, 2);
}

void tg_op3(struct tg *t, const char *op, struct tg_reg dst, const char *mask, struct tg_reg a,
	    struct tg_reg b, struct tg_reg c)
{
	struct tg_reg s[3] = { a, b, c };

	tg_op(t, op, dst, mask, s, 3);
}

void tg_load_addr_n(struct tg *t, unsigned n, struct tg_reg index)
{
	char r[96];

	if (t->nr_addr <= n)
		t->nr_addr = (uint8_t)(n + 1);
	tg_fmt_reg(t, r, sizeof(r), tg_comp(index, 0), false);
	tg_line(t, "UARL ADDR[%u].x, %s", n, r);
}

void tg_load_addr(struct tg *t, struct tg_reg index)
{
	tg_load_addr_n(t, 0, index);
}

/* ---- immediates -------------------------------------------------------------------- */

static struct tg_imm *imm_new(struct tg *t, uint8_t type)
{
	if (t->nr_imms == t->cap_imms) {
		uint32_t cap = t->cap_imms ? t->cap_imms * 2 : 16;
		struct tg_imm *p = realloc(t->imms, cap * sizeof(*p));

		if (!p) {
			t->failed = true;
			return NULL;
		}
		t->imms = p;
		t->cap_imms = cap;
	}
	memset(&t->imms[t->nr_imms], 0, sizeof(*t->imms));
	t->imms[t->nr_imms].type = type;
	return &t->imms[t->nr_imms++];
}

/* Finds or adds the words as channels of one IMM; returns it swizzled. */
struct tg_reg tg_imm_vec(struct tg *t, enum vc_base base, const uint32_t *v, unsigned n)
{
	uint8_t type = base == VC_BASE_BOOL ? VC_BASE_UINT : (uint8_t)base;
	struct tg_reg r = reg(TG_IMM, 0);
	struct tg_imm *imm = NULL;
	uint32_t words[4];

	for (unsigned i = 0; i < n; i++)
		words[i] = base == VC_BASE_BOOL ? (v[i] ? 0xffffffffu : 0) : v[i];
	for (uint32_t i = 0; i < t->nr_imms && !imm; i++) {
		struct tg_imm *c = &t->imms[i];
		unsigned found = 0;
		uint8_t swz[4];

		if (c->type != type)
			continue;
		for (unsigned k = 0; k < n; k++)
			for (unsigned j = 0; j < c->used; j++)
				if (c->v[j] == words[k]) {
					swz[found++] = (uint8_t)j;
					break;
				}
		if (found == n) {
			imm = c;
			memcpy(r.swz, swz, n);
		} else if (c->used + n <= 4) {
			imm = c;
			for (unsigned k = 0; k < n; k++) {
				r.swz[k] = c->used;
				c->v[c->used++] = words[k];
			}
		}
		if (imm)
			r.index = (int32_t)i;
	}
	if (!imm) {
		imm = imm_new(t, type);
		if (!imm)
			return r;
		r.index = (int32_t)(t->nr_imms - 1);
		for (unsigned k = 0; k < n; k++) {
			r.swz[k] = (uint8_t)k;
			imm->v[imm->used++] = words[k];
		}
	}
	for (unsigned k = n; k < 4; k++)
		r.swz[k] = r.swz[n - 1];
	return r;
}

struct tg_reg tg_imm_u32(struct tg *t, uint32_t v)
{
	return tg_imm_vec(t, VC_BASE_UINT, &v, 1);
}

struct tg_reg tg_imm_f32(struct tg *t, float f)
{
	uint32_t v;

	memcpy(&v, &f, 4);
	return tg_imm_vec(t, VC_BASE_FLOAT, &v, 1);
}

static void print_imms(struct tg *t, struct tg_buf *b)
{
	static const char *const types[] = { "UINT32", "INT32", "UINT32", "FLT32" };

	for (uint32_t i = 0; i < t->nr_imms; i++) {
		const struct tg_imm *im = &t->imms[i];

		tg_printf(b, &t->failed, "IMM[%u] %s {", i, types[im->type]);
		for (unsigned k = 0; k < 4; k++) {
			uint32_t v = k < im->used ? im->v[k] : 0;
			const char *sep = k ? ", " : "";

			if (im->type == VC_BASE_FLOAT)
				tg_printf(b, &t->failed, "%s0x%08x", sep, v);
			else if (im->type == VC_BASE_INT)
				tg_printf(b, &t->failed, "%s%d", sep, (int32_t)v);
			else
				tg_printf(b, &t->failed, "%s%u", sep, v);
		}
		tg_printf(b, &t->failed, "}\n");
	}
}

/* ---- value locations ---------------------------------------------------------------- */

unsigned tg_comps(struct tg *t, vc_value_id v)
{
	return vc_type_comps(t->m, vc_value_get(t->m, v)->type);
}

bool tg_value_is_const(struct tg *t, vc_value_id v, uint32_t *word)
{
	const struct vc_value *val = vc_value_get(t->m, v);

	if (val->kind != VC_VALUE_CONST || val->nr_words < 1)
		return false;
	if (word)
		*word = vc_value_words(t->m, v)[0];
	return true;
}

static void const_slots(struct tg *t, vc_value_id v, struct tg_val *out)
{
	const struct vc_value *val = vc_value_get(t->m, v);
	uint32_t leaves = vc_type_leaves(t->m, val->type), w = 0;
	const uint32_t *words = vc_value_words(t->m, v);

	out->nr = leaves;
	out->slots = leaves == 1 ? &out->one : calloc(leaves, sizeof(*out->slots));
	if (!out->slots) {
		t->failed = true;
		out->nr = 0;
		return;
	}
	/* leaves are laid out in order; each is a scalar or vector */
	for (uint32_t i = 0; i < leaves; i++) {
		vc_type_id lt = val->type;
		uint32_t idx = i;

		while (!vc_type_is_leaf(t->m, lt)) {
			uint32_t k = 0, nch = vc_type_nr_children(t->m, lt);
			while (k + 1 < nch && vc_type_child_leaf(t->m, lt, k + 1) <= idx)
				k++;
			idx -= vc_type_child_leaf(t->m, lt, k);
			lt = vc_type_child(t->m, lt, k);
		}
		if (w + vc_type_comps(t->m, lt) > val->nr_words)
			break;
		out->slots[i] = tg_imm_vec(t, vc_type_get(t->m, lt)->base, words + w,
					   vc_type_comps(t->m, lt));
		w += vc_type_comps(t->m, lt);
	}
}

static struct tg_val *val_of(struct tg *t, vc_value_id v)
{
	struct tg_val *tv = &t->vals[v];
	const struct vc_value *val = vc_value_get(t->m, v);

	if (tv->nr)
		return tv;
	if (val->kind == VC_VALUE_CONST) {
		const_slots(t, v, tv);
	} else {
		/* undefined values (and, defensively, anything unset) read as a fresh temp */
		uint32_t leaves = vc_type_leaves(t->m, val->type);
		struct tg_reg r = tg_temps(t, leaves);

		tv->nr = leaves;
		tv->slots = leaves == 1 ? &tv->one : calloc(leaves, sizeof(*tv->slots));
		if (!tv->slots) {
			t->failed = true;
			tv->nr = 0;
			return tv;
		}
		for (uint32_t i = 0; i < leaves; i++) {
			tv->slots[i] = r;
			tv->slots[i].index += (int32_t)i;
		}
	}
	return tv;
}

uint32_t tg_nr_slots(struct tg *t, vc_value_id v)
{
	return val_of(t, v)->nr;
}

struct tg_reg tg_src_slot(struct tg *t, vc_value_id v, uint32_t slot)
{
	struct tg_val *tv = val_of(t, v);

	if (slot >= tv->nr) {
		tg_fail(t, "TGSI: internal: slot %u of a %u-slot value", slot, tv->nr);
		return reg(TG_TEMP, 0);
	}
	return tv->slots[slot];
}

struct tg_reg tg_src(struct tg *t, vc_value_id v)
{
	return tg_src_slot(t, v, 0);
}

void tg_set_slots(struct tg *t, vc_value_id v, const struct tg_reg *r, uint32_t n)
{
	struct tg_val *tv = &t->vals[v];

	if (tv->nr > 1)
		free(tv->slots);
	tv->nr = n;
	tv->slots = n <= 1 ? &tv->one : calloc(n, sizeof(*tv->slots));
	if (!tv->slots) {
		t->failed = true;
		tv->nr = 0;
		return;
	}
	memcpy(tv->slots, r, n * sizeof(*r));
}

void tg_set(struct tg *t, vc_value_id v, struct tg_reg r)
{
	tg_set_slots(t, v, &r, 1);
}

/* ---- control flow ------------------------------------------------------------------- */

static void emit_block(struct tg *t, const struct vc_block *b);

static void emit_instr(struct tg *t, const struct vc_instr *in)
{
	if (tg_emit_alu(t, in) || tg_emit_composite(t, in) || tg_emit_matrix(t, in) ||
	    tg_emit_mem(t, in) || tg_emit_tex(t, in) || tg_emit_builtin(t, in))
		return;
	tg_fail(t, "TGSI: unsupported IR operation %s", vc_op_name(in->op));
}

static void emit_if(struct tg *t, const struct vc_node *n)
{
	char r[96];

	tg_fmt_reg(t, r, sizeof(r), tg_comp(tg_src(t, n->cond), 0), false);
	tg_line(t, "UIF %s", r);
	t->depth++;
	emit_block(t, &n->then_block);
	t->depth--;
	if (n->else_block.nr) {
		tg_line(t, "ELSE");
		t->depth++;
		emit_block(t, &n->else_block);
		t->depth--;
	}
	tg_line(t, "ENDIF");
}

/* Does this loop level contain a CONTINUE (not counting nested loops)? */
static bool has_continue(const struct vc_block *b)
{
	for (uint32_t i = 0; i < b->nr; i++) {
		const struct vc_node *n = b->nodes[i];

		if (n->kind == VC_NODE_CONTINUE)
			return true;
		if (n->kind == VC_NODE_IF &&
		    (has_continue(&n->then_block) || has_continue(&n->else_block)))
			return true;
	}
	return false;
}

/*
 * The host does not translate CONT, so a loop whose body continues runs the
 * body inside a second loop: `continue` breaks the inner one, `break` sets
 * a flag the outer loop tests before its continue block.
 */
static void emit_loop(struct tg *t, const struct vc_node *n)
{
	struct tg_loop *l;

	if (t->nr_loops >= sizeof(t->loops) / sizeof(t->loops[0])) {
		tg_fail(t, "TGSI: loops nested too deeply");
		return;
	}
	l = &t->loops[t->nr_loops++];
	l->wrapped = has_continue(&n->body);
	tg_line(t, "BGNLOOP");
	t->depth++;
	if (l->wrapped) {
		l->flag = tg_temp_pinned(t);
		tg_op1(t, "MOV", l->flag, ".x", tg_imm_u32(t, 0));
		tg_line(t, "BGNLOOP");
		t->depth++;
	}
	emit_block(t, &n->body);
	if (l->wrapped) {
		char r[96];

		tg_line(t, "BRK");
		t->depth--;
		tg_line(t, "ENDLOOP");
		tg_fmt_reg(t, r, sizeof(r), tg_comp(l->flag, 0), false);
		tg_line(t, "UIF %s", r);
		tg_line(t, "  BRK");
		tg_line(t, "ENDIF");
	}
	emit_block(t, &n->cont);
	t->depth--;
	tg_line(t, "ENDLOOP");
	t->nr_loops--;
}

static void emit_jump(struct tg *t, const struct vc_node *n)
{
	struct tg_loop *l = t->nr_loops ? &t->loops[t->nr_loops - 1] : NULL;

	switch (n->kind) {
	case VC_NODE_BREAK:
		if (!l)
			tg_fail(t, "TGSI: break outside a loop");
		else if (l->wrapped)
			tg_op1(t, "MOV", l->flag, ".x", tg_imm_u32(t, 0xffffffffu));
		tg_line(t, "BRK");
		break;
	case VC_NODE_CONTINUE:
		if (!l || !l->wrapped)
			tg_fail(t, "TGSI: continue outside a loop");
		tg_line(t, "BRK");
		break;
	case VC_NODE_RETURN:
		/* a geometry shader's outputs count only where emitted */
		if (t->stage != VC_STAGE_GEOMETRY)
			tg_emit_output_copies(t);
		tg_line(t, "RET");
		break;
	default:
		t->info->uses_discard = true;
		tg_line(t, "KILL");
		break;
	}
}

static void emit_block(struct tg *t, const struct vc_block *b)
{
	for (uint32_t i = 0; i < b->nr && !t->failed; i++) {
		const struct vc_node *n = b->nodes[i];

		if (n->kind == VC_NODE_INSTR)
			emit_instr(t, &n->instr);
		else if (n->kind == VC_NODE_IF)
			emit_if(t, n);
		else if (n->kind == VC_NODE_LOOP)
			emit_loop(t, n);
		else
			emit_jump(t, n);
	}
}

/* ---- prepass: variables indexed dynamically need TEMP arrays ------------------------ */

static vc_var_id chain_var(struct tg *t, vc_value_id p)
{
	const struct vc_value *v = vc_value_get(t->m, p);

	while (v->kind == VC_VALUE_INSTR && v->def->op == VC_OP_ACCESS_CHAIN)
		v = vc_value_get(t->m, v->def->srcs[0]);
	return v->kind == VC_VALUE_VAR ? v->var : 0;
}

/* gl_out[gl_InvocationID]: a control shader's per-vertex output drops
 * its vertex index (vc_tgsi_tess.c), which makes it no dynamic access. */
static bool vertex_index_skipped(struct tg *t, const struct vc_instr *in)
{
	const struct vc_value *base = vc_value_get(t->m, in->srcs[0]);

	return base->kind == VC_VALUE_VAR && tg_tess_per_vertex_output(t, base->var);
}

static void scan_block(struct tg *t, const struct vc_block *b)
{
	for (uint32_t i = 0; i < b->nr; i++) {
		const struct vc_node *n = b->nodes[i];
		const struct vc_instr *in = &n->instr;

		scan_block(t, &n->then_block);
		scan_block(t, &n->else_block);
		scan_block(t, &n->body);
		scan_block(t, &n->cont);
		if (n->kind == VC_NODE_INSTR && (in->op == VC_OP_STORE || in->op == VC_OP_ATOMIC))
			t->written[chain_var(t, in->srcs[0])] = 1;
		for (unsigned k = 0; n->kind == VC_NODE_INSTR && k < vc_instr_nr_srcs(in); k++)
			if (k || (in->op != VC_OP_STORE && in->op != VC_OP_ACCESS_CHAIN))
				t->read[chain_var(t, vc_instr_src(in, k))] = 1;
		if (n->kind != VC_NODE_INSTR || in->op != VC_OP_ACCESS_CHAIN)
			continue;
		for (unsigned k = vertex_index_skipped(t, in) ? 2 : 1; k < vc_instr_nr_srcs(in); k++)
			if (!tg_value_is_const(t, vc_instr_src(in, k), NULL))
				t->dynamic[chain_var(t, in->srcs[0])] = 1;
	}
}

/* ---- assembly ----------------------------------------------------------------------- */

static const char *header_name(enum vc_stage s)
{
	return s == VC_STAGE_VERTEX ? "VERT" : s == VC_STAGE_FRAGMENT ? "FRAG" :
	       s == VC_STAGE_GEOMETRY ? "GEOM" : s == VC_STAGE_TESS_CTRL ? "TESS_CTRL" :
	       s == VC_STAGE_TESS_EVAL ? "TESS_EVAL" : "COMP";
}

static const char *prim_name(enum vc_prim p)
{
	static const char *const names[] = {
		[VC_PRIM_NONE] = "POINTS", [VC_PRIM_POINTS] = "POINTS", [VC_PRIM_LINES] = "LINES",
		[VC_PRIM_LINES_ADJACENCY] = "LINES_ADJACENCY", [VC_PRIM_TRIANGLES] = "TRIANGLES",
		[VC_PRIM_TRIANGLES_ADJACENCY] = "TRIANGLES_ADJACENCY",
		[VC_PRIM_LINE_STRIP] = "LINE_STRIP", [VC_PRIM_TRIANGLE_STRIP] = "TRIANGLE_STRIP",
	};
	return p <= VC_PRIM_TRIANGLE_STRIP ? names[p] : names[0];
}

static void geometry_properties(struct tg *t, struct tg_buf *b)
{
	const struct vc_geometry *g = &t->m->gs;

	tg_printf(b, &t->failed, "PROPERTY GS_INPUT_PRIMITIVE %s\n", prim_name(g->input));
	tg_printf(b, &t->failed, "PROPERTY GS_OUTPUT_PRIMITIVE %s\n", prim_name(g->output));
	tg_printf(b, &t->failed, "PROPERTY GS_MAX_OUTPUT_VERTICES %u\n", g->max_vertices);
	tg_printf(b, &t->failed, "PROPERTY GS_INVOCATIONS %u\n", g->invocations ? g->invocations : 1);
}

static void properties(struct tg *t, struct tg_buf *b)
{
	if (t->stage == VC_STAGE_FRAGMENT) {
		/* vk/ renders with gallium's y-down convention (row 0 of memory
		 * is NDC y = -1), so Vulkan's OriginUpperLeft is TGSI's
		 * UPPER_LEFT (measured by tests/vk/test_vk_draw). UPPER_LEFT and
		 * HALF_INTEGER centres are TGSI's defaults (0; virglrenderer
		 * starts from a zeroed context): only LOWER_LEFT is said. */
		if (!t->m->origin_upper_left)
			tg_printf(b, &t->failed, "PROPERTY FS_COORD_ORIGIN LOWER_LEFT\n");
		if (t->m->early_fragment_tests)
			tg_printf(b, &t->failed, "PROPERTY FS_EARLY_DEPTH_STENCIL 1\n");
		/* virglrenderer then declares layout(blend_support_...) and
		 * blends by the blend object's equation itself */
		if (t->blend_equations)
			tg_printf(b, &t->failed, "PROPERTY FS_BLEND_EQUATION_ADVANCED %u\n",
				  t->blend_equations);
	} else if (t->stage == VC_STAGE_COMPUTE) {
		tg_printf(b, &t->failed, "PROPERTY CS_FIXED_BLOCK_WIDTH %u\n", t->m->local_size[0]);
		tg_printf(b, &t->failed, "PROPERTY CS_FIXED_BLOCK_HEIGHT %u\n", t->m->local_size[1]);
		tg_printf(b, &t->failed, "PROPERTY CS_FIXED_BLOCK_DEPTH %u\n", t->m->local_size[2]);
	} else if (t->stage == VC_STAGE_GEOMETRY) {
		geometry_properties(t, b);
	} else if (t->stage == VC_STAGE_TESS_CTRL || t->stage == VC_STAGE_TESS_EVAL) {
		tg_tess_properties(t, b);
	}
	tg_clip_properties(t, b);
}

/* virglrenderer turns a shader's blocks into one GLSL array of blocks when
 * any is indexed through ADDR: uboarr[k] is CONST[k + 1], all of the first
 * one's size, and ssboarr[k] is BUFFER[first + k]. So the slots between
 * become declared too (holes: nothing bound there, never read), and every
 * CONST dimension takes the largest size. */
static bool contiguous_line(const struct tg *t, const char *line)
{
	unsigned slot;
	char bracket;

	/* a block's CONST[n][...], not the push constants' CONST[0..k] */
	if (t->ubo_dyn && sscanf(line, "DCL CONST[%u]%c", &slot, &bracket) == 2 && bracket == '[')
		return true;
	return t->ssbo_dyn && !strncmp(line, "DCL BUFFER[", 11);
}

static void contiguous_slots(struct tg *t, struct tg_buf *b, uint32_t mask, const char *fmt,
			     uint32_t arg)
{
	int first = mask ? __builtin_ctz(mask) : 0, last = mask ? 31 - __builtin_clz(mask) : -1;

	for (int i = first; i <= last; i++)
		tg_printf(b, &t->failed, fmt, i, arg);
}

static void print_decls(struct tg *t, struct tg_buf *b)
{
	const char *s = t->decl.s ? t->decl.s : "", *nl;
	uint32_t vec4s = 1;

	for (; *s; s = nl + 1) {
		nl = strchr(s, '\n');
		if (!nl)
			break;
		if (!contiguous_line(t, s))
			tg_printf(b, &t->failed, "%.*s\n", (int)(nl - s + 0), s);
	}
	for (unsigned i = 1; i < 33; i++)
		vec4s = t->const_size[i] > vec4s ? t->const_size[i] : vec4s;
	if (t->ubo_dyn)
		contiguous_slots(t, b, t->info->ubo_slots, "DCL CONST[%d][0..%u]\n", vec4s - 1);
	if (t->ssbo_dyn)
		contiguous_slots(t, b, t->info->ssbo_slots, "DCL BUFFER[%d]\n", 0);
	if (t->nr_addr == 1)
		tg_printf(b, &t->failed, "DCL ADDR[0]\n");
	else if (t->nr_addr)
		tg_printf(b, &t->failed, "DCL ADDR[0..%u]\n", t->nr_addr - 1u);
}

static char *assemble(struct tg *t, size_t *len)
{
	struct tg_buf b = { 0 };

	tg_printf(&b, &t->failed, "%s\n", header_name(t->stage));
	properties(t, &b);
	print_decls(t, &b);
	if (t->nr_temps > t->array_temps)
		tg_printf(&b, &t->failed, "DCL TEMP[%u..%u]\n", t->array_temps, t->nr_temps - 1);
	print_imms(t, &b);
	tg_printf(&b, &t->failed, "%s", t->code.s ? t->code.s : "");
	tg_printf(&b, &t->failed, "  END\n");
	*len = b.len;
	return b.s;
}

static void tg_free(struct tg *t)
{
	if (t->vals)
		for (uint32_t i = 0; i < t->m->nr_values; i++) {
			if (t->vals[i].nr > 1)
				free(t->vals[i].slots);
			if (t->ptrs)
				free(t->ptrs[i]);
		}
	free(t->vals);
	free(t->ptrs);
	free(t->vars);
	free(t->dynamic);
	free(t->written);
	free(t->read);
	free(t->imms);
	free(t->pinned);
	free(t->decl.s);
	free(t->code.s);
}

static void run(struct tg *t)
{
	scan_block(t, &t->m->body);
	const struct vc_block *body = &t->m->body;
	struct vc_block main = *body;

	tg_declare_vars(t);
	t->var_temps = t->nr_temps;
	/* the final return of main is the END below */
	if (main.nr && main.nodes[main.nr - 1]->kind == VC_NODE_RETURN)
		main.nr--;
	emit_block(t, &main);
	if (!t->failed && t->stage != VC_STAGE_GEOMETRY)
		tg_emit_output_copies(t);
	if (t->nr_loops)
		tg_fail(t, "TGSI: internal: unbalanced loops");
	if (t->regalloc)
		tg_regalloc(t);
}

int vc_tgsi_emit(const struct vc_module *m, enum vc_stage stage, const struct vc_slot_map *map,
		 struct vc_tgsi *out, char **log)
{
	return vc_tgsi_emit_variant(m, stage, map, (struct vc_tgsi_variant){ VC_BLEND_NONE, 0, 0 },
				    out, log);
}

int vc_tgsi_emit_variant(const struct vc_module *m, enum vc_stage stage,
			 const struct vc_slot_map *map, struct vc_tgsi_variant blend,
			 struct vc_tgsi *out, char **log)
{
	/* VC_TGSI_NOOPT=1 keeps every copy and every fresh TEMP: the emitter's raw
	 * output, for comparing when a shader misrenders */
	bool raw = getenv("VC_TGSI_NOOPT") != NULL;
	struct tg t = { .m = m, .stage = stage, .map = *map, .info = &out->info,
			.regalloc = !raw, .remove_copies = !raw,
			.advanced_blend = stage == VC_STAGE_FRAGMENT ? blend.shader : VC_BLEND_NONE,
			.blend_equations = stage == VC_STAGE_FRAGMENT ? blend.host_equations : 0,
			.clip_disabled = blend.clip_disabled };
	size_t len = 0;

	memset(&out->info, 0, sizeof(out->info));
	if (stage == VC_STAGE_COMPUTE)
		memcpy(out->info.local_size, m->local_size, sizeof(out->info.local_size));
	t.vals = calloc(m->nr_values, sizeof(*t.vals));
	t.ptrs = calloc(m->nr_values, sizeof(*t.ptrs));
	t.vars = calloc(m->nr_vars, sizeof(*t.vars));
	t.dynamic = calloc(m->nr_vars, 1);
	t.written = calloc(m->nr_vars, 1);
	t.read = calloc(m->nr_vars, 1);
	if (!t.vals || !t.ptrs || !t.vars || !t.dynamic || !t.written || !t.read)
		t.failed = true;
	else
		run(&t);
	if (!t.failed)
		out->text = assemble(&t, &len);
	if (t.failed || !out->text) {
		free(out->text);
		out->text = NULL;
		if (!t.log.len)
			tg_printf(&t.log, &(bool){ false }, "TGSI: out of memory");
		*log = t.log.s;
		tg_free(&t);
		return -1;
	}
	/* the host allocates num_tokens + 10 binary tokens: a token needs at
	 * least two bytes of text, so half the length is a safe bound */
	out->num_tokens = (uint32_t)(len / 2 + 64);
	*log = t.log.s;
	tg_free(&t);
	return 0;
}
