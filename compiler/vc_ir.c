/* SPDX-License-Identifier: MIT */
/* The IR's containers, type helpers and printer (see vc_ir.h). */
#include <stdlib.h>
#include <string.h>

#include "vc_ir.h"

#define VC_OP_NAME(name, n) #name,
static const char *const op_names[] = { VC_OPS(VC_OP_NAME) };
#undef VC_OP_NAME
#define VC_OP_ARITY(name, n) n,
static const int op_arity[] = { VC_OPS(VC_OP_ARITY) };
#undef VC_OP_ARITY

/* Grows *arr (of elements `size` bytes) to hold at least `need` elements. */
static bool grow(void **arr, uint32_t *cap, uint32_t need, size_t size)
{
	uint32_t n = *cap ? *cap : 16;
	void *p;

	if (need <= *cap)
		return true;
	while (n < need) {
		if (n > UINT32_MAX / 2)
			return false;
		n *= 2;
	}
	p = realloc(*arr, (size_t)n * size);
	if (!p)
		return false;
	memset((char *)p + (size_t)*cap * size, 0, (size_t)(n - *cap) * size);
	*arr = p;
	*cap = n;
	return true;
}

struct vc_module *vc_module_create(enum vc_ir_stage stage)
{
	struct vc_module *m = calloc(1, sizeof(*m));

	if (!m)
		return NULL;
	m->stage = stage;
	/* id 0 means "none" everywhere */
	m->nr_types = m->nr_values = m->nr_vars = 1;
	if (!grow((void **)&m->types, &m->cap_types, 1, sizeof(*m->types)) ||
	    !grow((void **)&m->values, &m->cap_values, 1, sizeof(*m->values)) ||
	    !grow((void **)&m->vars, &m->cap_vars, 1, sizeof(*m->vars))) {
		vc_module_destroy(m);
		return NULL;
	}
	return m;
}

static void block_free(struct vc_block *b);

static void node_free(struct vc_node *n)
{
	free(n->instr.extra);
	block_free(&n->then_block);
	block_free(&n->else_block);
	block_free(&n->body);
	block_free(&n->cont);
	free(n);
}

static void block_free(struct vc_block *b)
{
	for (uint32_t i = 0; i < b->nr; i++)
		node_free(b->nodes[i]);
	free(b->nodes);
	b->nodes = NULL;
	b->nr = b->cap = 0;
}

void vc_module_destroy(struct vc_module *m)
{
	if (!m)
		return;
	block_free(&m->body);
	for (uint32_t i = 0; i < m->nr_types; i++) {
		for (uint32_t j = 0; j < m->types[i].nr_members; j++)
			free(m->types[i].members[j].name);
		free(m->types[i].members);
		free(m->types[i].name);
	}
	for (uint32_t i = 0; i < m->nr_vars; i++)
		free(m->vars[i].name);
	free(m->types);
	free(m->values);
	free(m->vars);
	free(m->words);
	free(m);
}

static vc_type_id find_leaf(const struct vc_module *m, enum vc_base base, unsigned comps)
{
	enum vc_type_kind kind = comps > 1 ? VC_TYPE_VECTOR : VC_TYPE_SCALAR;

	for (uint32_t i = 1; i < m->nr_types; i++) {
		const struct vc_type *o = &m->types[i];
		if (o->kind == kind && o->base == base && o->comps == comps)
			return i;
	}
	return 0;
}

vc_type_id vc_type_add(struct vc_module *m, const struct vc_type *t)
{
	/* vc_type_child() of a vector must find its scalar without adding one
	 * (adding would move the array under callers' pointers) */
	if ((t->kind == VC_TYPE_VECTOR || t->kind == VC_TYPE_MATRIX) &&
	    !vc_type_scalar(m, t->base))
		return 0;
	if (!grow((void **)&m->types, &m->cap_types, m->nr_types + 1, sizeof(*m->types))) {
		m->oom = true;
		return 0;
	}
	m->types[m->nr_types] = *t;
	return m->nr_types++;
}

vc_type_id vc_type_vector(struct vc_module *m, enum vc_base base, unsigned comps)
{
	struct vc_type t = { .kind = comps > 1 ? VC_TYPE_VECTOR : VC_TYPE_SCALAR,
			     .base = base, .comps = (uint8_t)comps };
	vc_type_id id = find_leaf(m, base, comps);

	/* leaf types are shared: producers look them up freely */
	return id ? id : vc_type_add(m, &t);
}

vc_type_id vc_type_scalar(struct vc_module *m, enum vc_base base)
{
	return vc_type_vector(m, base, 1);
}

bool vc_type_is_leaf(const struct vc_module *m, vc_type_id id)
{
	enum vc_type_kind k = m->types[id].kind;

	return k == VC_TYPE_SCALAR || k == VC_TYPE_VECTOR;
}

unsigned vc_type_comps(const struct vc_module *m, vc_type_id id)
{
	return vc_type_is_leaf(m, id) ? m->types[id].comps : 0;
}

uint32_t vc_type_nr_children(const struct vc_module *m, vc_type_id id)
{
	const struct vc_type *t = &m->types[id];

	switch (t->kind) {
	case VC_TYPE_VECTOR: return t->comps;
	case VC_TYPE_MATRIX: return t->cols;
	case VC_TYPE_ARRAY: return t->length;
	case VC_TYPE_STRUCT: return t->nr_members;
	default: return 0;
	}
}

vc_type_id vc_type_child(const struct vc_module *m, vc_type_id id, uint32_t index)
{
	const struct vc_type *t = &m->types[id];

	switch (t->kind) {
	case VC_TYPE_VECTOR: return find_leaf(m, t->base, 1);
	case VC_TYPE_MATRIX:
	case VC_TYPE_ARRAY: return t->elem;
	case VC_TYPE_STRUCT: return index < t->nr_members ? t->members[index].type : 0;
	default: return 0;
	}
}

/* Leaves and words are bounded so that hostile array lengths cannot overflow. */
#define VC_LEAF_LIMIT (1u << 24)

uint32_t vc_type_leaves(const struct vc_module *m, vc_type_id id)
{
	const struct vc_type *t = &m->types[id];
	uint64_t n = 0;

	switch (t->kind) {
	case VC_TYPE_SCALAR:
	case VC_TYPE_VECTOR: return 1;
	case VC_TYPE_MATRIX: return t->cols;
	case VC_TYPE_ARRAY: n = (uint64_t)t->length * vc_type_leaves(m, t->elem); break;
	case VC_TYPE_STRUCT:
		for (uint32_t i = 0; i < t->nr_members; i++)
			n += vc_type_leaves(m, t->members[i].type);
		break;
	default: return 1; /* handles, pointers: one opaque leaf */
	}
	return n > VC_LEAF_LIMIT ? VC_LEAF_LIMIT : (uint32_t)n;
}

uint32_t vc_type_words(const struct vc_module *m, vc_type_id id)
{
	const struct vc_type *t = &m->types[id];
	uint64_t n = 0;

	switch (t->kind) {
	case VC_TYPE_SCALAR:
	case VC_TYPE_VECTOR: return t->comps;
	case VC_TYPE_MATRIX: return (uint32_t)t->cols * t->comps;
	case VC_TYPE_ARRAY: n = (uint64_t)t->length * vc_type_words(m, t->elem); break;
	case VC_TYPE_STRUCT:
		for (uint32_t i = 0; i < t->nr_members; i++)
			n += vc_type_words(m, t->members[i].type);
		break;
	default: return 1;
	}
	return n > VC_LEAF_LIMIT ? VC_LEAF_LIMIT : (uint32_t)n;
}

uint32_t vc_type_child_leaf(const struct vc_module *m, vc_type_id id, uint32_t index)
{
	const struct vc_type *t = &m->types[id];
	uint32_t n = 0;

	switch (t->kind) {
	case VC_TYPE_MATRIX: return index;
	case VC_TYPE_ARRAY: return index * vc_type_leaves(m, t->elem);
	case VC_TYPE_STRUCT:
		for (uint32_t i = 0; i < index && i < t->nr_members; i++)
			n += vc_type_leaves(m, t->members[i].type);
		return n;
	default: return 0;
	}
}

static vc_value_id value_add(struct vc_module *m, const struct vc_value *v)
{
	if (!grow((void **)&m->values, &m->cap_values, m->nr_values + 1, sizeof(*m->values))) {
		m->oom = true;
		return 0;
	}
	m->values[m->nr_values] = *v;
	return m->nr_values++;
}

/* Where words lies in m's own word array (a constant made from part of
 * another, as folding does), or -1: growing the array moves it. */
static int64_t own_word(const struct vc_module *m, const uint32_t *words)
{
	uintptr_t p = (uintptr_t)words, base = (uintptr_t)m->words;

	if (!m->words || p < base || p >= base + (uintptr_t)m->nr_words * sizeof(*m->words))
		return -1;
	return (int64_t)((p - base) / sizeof(*m->words));
}

vc_value_id vc_value_const(struct vc_module *m, vc_type_id type, const uint32_t *words, uint32_t n)
{
	struct vc_value v = { .kind = VC_VALUE_CONST, .type = type, .first_word = m->nr_words,
			      .nr_words = n };
	int64_t own = own_word(m, words);

	if (!grow((void **)&m->words, &m->cap_words, m->nr_words + n, sizeof(*m->words))) {
		m->oom = true;
		return 0;
	}
	if (own >= 0)
		words = m->words + own;
	if (n)
		memcpy(&m->words[m->nr_words], words, n * sizeof(*words));
	m->nr_words += n;
	return value_add(m, &v);
}

vc_value_id vc_value_const_u32(struct vc_module *m, enum vc_base base, uint32_t w)
{
	return vc_value_const(m, vc_type_scalar(m, base), &w, 1);
}

vc_value_id vc_value_undef(struct vc_module *m, vc_type_id type)
{
	struct vc_value v = { .kind = VC_VALUE_UNDEF, .type = type };

	return value_add(m, &v);
}

vc_var_id vc_var_add(struct vc_module *m, const struct vc_var *var)
{
	struct vc_type pt = { .kind = VC_TYPE_POINTER, .elem = var->type, .storage = var->storage };
	struct vc_value v = { .kind = VC_VALUE_VAR };
	vc_var_id id;

	if (!grow((void **)&m->vars, &m->cap_vars, m->nr_vars + 1, sizeof(*m->vars))) {
		m->oom = true;
		return 0;
	}
	id = m->nr_vars++;
	m->vars[id] = *var;
	v.var = id;
	v.type = vc_type_add(m, &pt);
	m->vars[id].ptr = value_add(m, &v);
	return m->oom ? 0 : id;
}

struct vc_node *vc_block_append(struct vc_module *m, struct vc_block *b, enum vc_node_kind kind)
{
	struct vc_node *n;

	if (!grow((void **)&b->nodes, &b->cap, b->nr + 1, sizeof(*b->nodes))) {
		m->oom = true;
		return NULL;
	}
	n = calloc(1, sizeof(*n));
	if (!n) {
		m->oom = true;
		return NULL;
	}
	n->kind = kind;
	b->nodes[b->nr++] = n;
	return n;
}

struct vc_instr *vc_build(struct vc_module *m, struct vc_block *b, enum vc_op op, vc_type_id type,
			  const vc_value_id *srcs, unsigned nr_srcs)
{
	struct vc_node *n = vc_block_append(m, b, VC_NODE_INSTR);
	struct vc_instr *in;

	if (!n)
		return NULL;
	in = &n->instr;
	in->op = op;
	in->type = type;
	in->nr_srcs = (uint8_t)(nr_srcs > VC_MAX_SRCS ? VC_MAX_SRCS : nr_srcs);
	if (in->nr_srcs)
		memcpy(in->srcs, srcs, in->nr_srcs * sizeof(*srcs));
	if (nr_srcs > VC_MAX_SRCS) {
		in->nr_extra = nr_srcs - VC_MAX_SRCS;
		in->extra = malloc(in->nr_extra * sizeof(*in->extra));
		if (!in->extra) {
			m->oom = true;
			return NULL;
		}
		memcpy(in->extra, srcs + VC_MAX_SRCS, in->nr_extra * sizeof(*srcs));
	}
	m->nr_instrs++;
	if (type && m->types[type].kind != VC_TYPE_VOID) {
		struct vc_value v = { .kind = VC_VALUE_INSTR, .type = type, .def = in };
		in->dest = value_add(m, &v);
		if (!in->dest)
			return NULL;
	}
	return in;
}

vc_value_id vc_instr_src(const struct vc_instr *in, unsigned i)
{
	if (i < VC_MAX_SRCS)
		return i < in->nr_srcs ? in->srcs[i] : 0;
	return i - VC_MAX_SRCS < in->nr_extra ? in->extra[i - VC_MAX_SRCS] : 0;
}

unsigned vc_instr_nr_srcs(const struct vc_instr *in)
{
	return in->nr_srcs + in->nr_extra;
}

const char *vc_op_name(enum vc_op op)
{
	return op < VC_OP_COUNT ? op_names[op] : "?";
}

int vc_op_arity(enum vc_op op)
{
	return op < VC_OP_COUNT ? op_arity[op] : 0;
}

/* ---- printing ---------------------------------------------------------------- */

static const char *const base_names[] = { "bool", "int", "uint", "float" };
static const char *const storage_names[] = {
	"function", "private", "input", "output", "uniform", "storage", "push_constant",
	"handle", "shared",
};
static const char *const dim_names[] = { "1D", "2D", "3D", "Cube", "Rect", "Buffer" };

void vc_type_print(FILE *f, const struct vc_module *m, vc_type_id id)
{
	const struct vc_type *t = &m->types[id];

	switch (t->kind) {
	case VC_TYPE_VOID: fprintf(f, "void"); break;
	case VC_TYPE_SCALAR: fprintf(f, "%s", base_names[t->base]); break;
	case VC_TYPE_VECTOR: fprintf(f, "%s%u", base_names[t->base], t->comps); break;
	case VC_TYPE_MATRIX: fprintf(f, "mat%ux%u", t->cols, t->comps); break;
	case VC_TYPE_ARRAY:
		vc_type_print(f, m, t->elem);
		fprintf(f, "[%u]", t->length);
		if (t->stride)
			fprintf(f, "(stride %u)", t->stride);
		break;
	case VC_TYPE_STRUCT:
		fprintf(f, "struct %s{", t->name ? t->name : "");
		for (uint32_t i = 0; i < t->nr_members; i++) {
			fprintf(f, i ? ", " : "");
			vc_type_print(f, m, t->members[i].type);
			fprintf(f, "@%u", t->members[i].offset);
		}
		fprintf(f, "}");
		break;
	case VC_TYPE_IMAGE:
		fprintf(f, "%s%s%s%s%s", t->image.storage ? "image" : "texture",
			dim_names[t->image.dim], t->image.arrayed ? "Array" : "",
			t->image.shadow ? "Shadow" : "", t->image.ms ? "MS" : "");
		break;
	case VC_TYPE_SAMPLER: fprintf(f, "sampler"); break;
	case VC_TYPE_SAMPLED_IMAGE:
		fprintf(f, "sampled ");
		vc_type_print(f, m, t->elem);
		break;
	case VC_TYPE_POINTER:
		fprintf(f, "%s* ", storage_names[t->storage]);
		vc_type_print(f, m, t->elem);
		break;
	}
}

static void print_value(FILE *f, const struct vc_module *m, vc_value_id id)
{
	const struct vc_value *v = &m->values[id];

	if (v->kind == VC_VALUE_CONST) {
		fprintf(f, "(");
		for (uint32_t i = 0; i < v->nr_words && i < 16; i++)
			fprintf(f, i ? " 0x%x" : "0x%x", m->words[v->first_word + i]);
		fprintf(f, v->nr_words > 16 ? " ...)" : ")");
	} else if (v->kind == VC_VALUE_VAR) {
		fprintf(f, "&var%u", v->var);
	} else if (v->kind == VC_VALUE_UNDEF) {
		fprintf(f, "undef");
	} else {
		fprintf(f, "%%%u", id);
	}
}

static void print_instr(FILE *f, const struct vc_module *m, const struct vc_instr *in)
{
	if (in->dest) {
		fprintf(f, "%%%u:", in->dest);
		vc_type_print(f, m, in->type);
		fprintf(f, " = ");
	}
	fprintf(f, "%s", vc_op_name(in->op));
	for (unsigned i = 0; i < in->nr_lits; i++)
		fprintf(f, i ? ",%u" : "[%u", in->lits[i]);
	fprintf(f, in->nr_lits ? "]" : "");
	for (unsigned i = 0; i < vc_instr_nr_srcs(in); i++) {
		fprintf(f, i ? ", " : " ");
		if (vc_instr_src(in, i))
			print_value(f, m, vc_instr_src(in, i));
		else
			fprintf(f, "-");
	}
	fprintf(f, "\n");
}

static void print_block(FILE *f, const struct vc_module *m, const struct vc_block *b, int depth);

static void print_node(FILE *f, const struct vc_module *m, const struct vc_node *n, int depth)
{
	static const char *const jumps[] = { [VC_NODE_BREAK] = "break", [VC_NODE_CONTINUE] = "continue",
					     [VC_NODE_RETURN] = "return", [VC_NODE_DISCARD] = "discard" };

	fprintf(f, "%*s", depth * 2, "");
	switch (n->kind) {
	case VC_NODE_INSTR:
		print_instr(f, m, &n->instr);
		break;
	case VC_NODE_IF:
		fprintf(f, "if ");
		print_value(f, m, n->cond);
		fprintf(f, " {\n");
		print_block(f, m, &n->then_block, depth + 1);
		if (n->else_block.nr) {
			fprintf(f, "%*s} else {\n", depth * 2, "");
			print_block(f, m, &n->else_block, depth + 1);
		}
		fprintf(f, "%*s}\n", depth * 2, "");
		break;
	case VC_NODE_LOOP:
		fprintf(f, "loop {\n");
		print_block(f, m, &n->body, depth + 1);
		if (n->cont.nr) {
			fprintf(f, "%*s} continue {\n", depth * 2, "");
			print_block(f, m, &n->cont, depth + 1);
		}
		fprintf(f, "%*s}\n", depth * 2, "");
		break;
	default:
		fprintf(f, "%s\n", jumps[n->kind]);
		break;
	}
}

static void print_block(FILE *f, const struct vc_module *m, const struct vc_block *b, int depth)
{
	for (uint32_t i = 0; i < b->nr; i++)
		print_node(f, m, b->nodes[i], depth);
}

static void print_var(FILE *f, const struct vc_module *m, vc_var_id id)
{
	const struct vc_var *v = &m->vars[id];

	fprintf(f, "var%u %s %s: ", id, storage_names[v->storage], v->name ? v->name : "");
	vc_type_print(f, m, v->type);
	if (v->location >= 0)
		fprintf(f, " location=%d", v->location);
	if (v->builtin)
		fprintf(f, " builtin=%d", v->builtin);
	if (v->has_binding)
		fprintf(f, " set=%u binding=%u", v->set, v->binding);
	if (v->flags)
		fprintf(f, " flags=0x%x", v->flags);
	fprintf(f, "\n");
}

unsigned vc_prim_vertices(enum vc_prim p)
{
	static const unsigned n[] = {
		[VC_PRIM_POINTS] = 1, [VC_PRIM_LINES] = 2, [VC_PRIM_LINES_ADJACENCY] = 4,
		[VC_PRIM_TRIANGLES] = 3, [VC_PRIM_TRIANGLES_ADJACENCY] = 6,
	};
	return p <= VC_PRIM_TRIANGLES_ADJACENCY ? n[p] : 0;
}

void vc_ir_print(FILE *f, const struct vc_module *m)
{
	static const char *const stages[] = { "vertex", "fragment", "compute", "geometry",
					      "tess_ctrl", "tess_eval" };

	fprintf(f, "stage %s\n", stages[m->stage]);
	if (m->stage == VC_IR_GEOMETRY)
		fprintf(f, "geometry in %u out %u max_vertices %u invocations %u\n", m->gs.input,
			m->gs.output, m->gs.max_vertices, m->gs.invocations);
	if (m->stage == VC_IR_TESS_CTRL || m->stage == VC_IR_TESS_EVAL)
		fprintf(f, "tess vertices %u domain %u spacing %u cw %d point_mode %d\n",
			m->tess.vertices, m->tess.domain, m->tess.spacing, m->tess.cw,
			m->tess.point_mode);
	if (m->stage == VC_IR_COMPUTE)
		fprintf(f, "local_size %u %u %u\n", m->local_size[0], m->local_size[1],
			m->local_size[2]);
	for (vc_var_id i = 1; i < m->nr_vars; i++)
		print_var(f, m, i);
	print_block(f, m, &m->body, 0);
}
