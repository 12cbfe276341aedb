/* SPDX-License-Identifier: MIT */
/*
 * The syntax tree printer: S-expressions for tests and debugging. The
 * format is part of the tests' expectations, so it only ever grows.
 */
#include <string.h>

#include "glsl_ast.h"
#include "glsl_pp.h"

static const char *const kind_names[] = {
#define GLSL_AST_K(name, str) [GLSL_AST_##name] = str,
	GLSL_AST_KINDS(GLSL_AST_K)
#undef GLSL_AST_K
};

const char *glsl_ast_kind_name(enum glsl_ast_kind kind)
{
	return (unsigned)kind < GLSL_AST_KIND_COUNT ? kind_names[kind] : "?";
}

struct printer {
	FILE *f;
	const struct glsl_ast *ast;
};

static void node(const struct printer *pr, const struct glsl_ast_node *n);

static const char *name(const struct printer *pr, uint32_t id)
{
	if (id == GLSL_AST_NO_NAME)
		return "-";
	return glsl_token_stream_ident(pr->ast->toks, id);
}

static void opt(const struct printer *pr, const struct glsl_ast_node *n)
{
	if (n) {
		fputc(' ', pr->f);
		node(pr, n);
	} else {
		fputs(" -", pr->f);
	}
}

static void list(const struct printer *pr, const struct glsl_ast_node *n)
{
	for (; n; n = n->next) {
		fputc(' ', pr->f);
		node(pr, n);
	}
}

static const char *const qual_names[] = {
	"const", "in", "out", "inout", "uniform", "attribute", "varying", "centroid",
	"flat", "smooth", "invariant", "layout", "buffer", "shared", "coherent", "volatile",
	"restrict", "readonly", "writeonly",
};

static const char *const layout_names[] = {
	"location", "shared", "packed", "std140", "row_major", "column_major", "std430",
	"binding", "local_size_x", "local_size_y", "local_size_z",
};

/* The value a layout identifier carries, or -1 when it takes none. */
static int64_t layout_value(const struct glsl_ast_qual *q, unsigned bit)
{
	switch (1u << bit) {
	case GLSL_LAYOUT_LOCATION: return q->location;
	case GLSL_LAYOUT_BINDING: return q->binding;
	case GLSL_LAYOUT_LOCAL_SIZE_X: return q->local_size[0];
	case GLSL_LAYOUT_LOCAL_SIZE_Y: return q->local_size[1];
	case GLSL_LAYOUT_LOCAL_SIZE_Z: return q->local_size[2];
	default: return -1;
	}
}

static void layout(const struct printer *pr, const struct glsl_ast_qual *q)
{
	const char *sep = "layout(";

	for (unsigned i = 0; i < sizeof(layout_names) / sizeof(layout_names[0]); i++) {
		if (!(q->layout & (1u << i)))
			continue;
		fprintf(pr->f, "%s%s", sep, layout_names[i]);
		if (layout_value(q, i) >= 0 || (1u << i) == GLSL_LAYOUT_LOCATION)
			fprintf(pr->f, "=%lld", (long long)layout_value(q, i));
		sep = ",";
	}
	fputs(") ", pr->f);
}

static void qual(const struct printer *pr, const struct glsl_ast_qual *q)
{
	if (q->storage & GLSL_Q_LAYOUT)
		layout(pr, q);
	/* In the order ES requires them. */
	static const uint8_t order[] = { 10, 9, 8, 7, 0, 1, 2, 3, 4, 5, 6, 12, 13, 14, 15, 16,
					 17, 18 };

	for (unsigned i = 0; i < sizeof(order); i++)
		if (q->storage & (1u << order[i]))
			fprintf(pr->f, "%s ", qual_names[order[i]]);
	if (q->precision)
		fprintf(pr->f, "%s ", glsl_tok_spelling(q->precision));
}

static void members(const struct printer *pr, const struct glsl_ast_decl *m);

static void dim(const struct printer *pr, const struct glsl_ast_node *size)
{
	fputc('[', pr->f);
	if (size)
		node(pr, size);
	fputc(']', pr->f);
}

static void dims(const struct printer *pr, const struct glsl_ast_dim *d)
{
	for (; d; d = d->next)
		dim(pr, d->size);
}

static void type(const struct printer *pr, const struct glsl_ast_type *t)
{
	if (t->tok == GLSL_TOK_KW_STRUCT) {
		fprintf(pr->f, "(struct %s", name(pr, t->def->name));
		members(pr, t->def->members);
		fputc(')', pr->f);
	} else if (t->tok == GLSL_TOK_IDENT) {
		fputs(name(pr, t->name), pr->f);
	} else {
		fputs(glsl_tok_spelling(t->tok), pr->f);
	}
	if (t->dims)
		dims(pr, t->dims);
	else if (t->is_array)
		dim(pr, t->array_size);
}

static void declarators(const struct printer *pr, const struct glsl_ast_declarator *d,
			const struct glsl_ast_type *t)
{
	for (; d; d = d->next) {
		fprintf(pr->f, " (%s", name(pr, d->name));
		if (d->dims) {
			fputc(' ', pr->f);
			dims(pr, d->dims);
		} else if (d->is_array && !t->is_array) {
			fputc(' ', pr->f);
			dim(pr, d->array_size);
		}
		if (d->init) {
			fputs(" =", pr->f);
			opt(pr, d->init);
		}
		fputc(')', pr->f);
	}
}

static void decl(const struct printer *pr, const struct glsl_ast_decl *d)
{
	qual(pr, &d->type.qual);
	type(pr, &d->type.type);
	declarators(pr, d->vars, &d->type.type);
}

static void members(const struct printer *pr, const struct glsl_ast_decl *m)
{
	for (; m; m = m->next) {
		fputs(" (", pr->f);
		decl(pr, m);
		fputc(')', pr->f);
	}
}

static void function(const struct printer *pr, const struct glsl_ast_function *f)
{
	const struct glsl_ast_decl *d;

	qual(pr, &f->ret.qual);
	type(pr, &f->ret.type);
	fprintf(pr->f, " %s (", name(pr, f->name));
	for (d = f->params; d; d = d->next) {
		fputs(d == f->params ? "(" : " (", pr->f);
		decl(pr, d);
		fputc(')', pr->f);
	}
	fputc(')', pr->f);
	if (f->body)
		opt(pr, f->body);
}

static void call(const struct printer *pr, const struct glsl_ast_node *n)
{
	if (n->kind == GLSL_AST_METHOD) {
		fputc(' ', pr->f);
		node(pr, n->u.call.obj);
		fprintf(pr->f, " %s", name(pr, n->u.call.name));
	} else if (n->u.call.ctor) {
		fputc(' ', pr->f);
		type(pr, n->u.call.ctor);
	} else {
		fprintf(pr->f, " %s", name(pr, n->u.call.name));
	}
	list(pr, n->u.call.args);
}

static void block(const struct printer *pr, const struct glsl_ast_block *b)
{
	qual(pr, &b->qual);
	fputs(name(pr, b->name), pr->f);
	members(pr, b->members);
	if (b->instance) {
		struct glsl_ast_type none = { 0 };

		declarators(pr, b->instance, &none);
	}
}

static void idlist(const struct printer *pr, const struct glsl_ast_idlist *l)
{
	for (; l; l = l->next)
		fprintf(pr->f, " %s", name(pr, l->name));
}

/* "1.0" rather than "1", so floats never read as ints. */
static void float_literal(const struct printer *pr, float v)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%g", (double)v);
	fprintf(pr->f, "%s%s", buf, strpbrk(buf, ".en") ? "" : ".0");
}

static void literal(const struct printer *pr, const struct glsl_ast_node *n)
{
	switch (n->kind) {
	case GLSL_AST_INT: fprintf(pr->f, "%u", n->u.ival); break;
	case GLSL_AST_UINT: fprintf(pr->f, "%uu", n->u.ival); break;
	case GLSL_AST_FLOAT: float_literal(pr, n->u.fval); break;
	default: fputs(n->u.ival ? "true" : "false", pr->f); break;
	}
}

/* Declarations and calls, which print their own records. */
static bool special(const struct printer *pr, const struct glsl_ast_node *n)
{
	switch (n->kind) {
	case GLSL_AST_DECL: decl(pr, n->u.decl); return true;
	case GLSL_AST_FUNCTION: function(pr, n->u.func); return true;
	case GLSL_AST_PRECISION: qual(pr, &n->u.prec->qual); type(pr, &n->u.prec->type); return true;
	case GLSL_AST_DEFAULT_LAYOUT: qual(pr, &n->u.prec->qual); return true;
	case GLSL_AST_BLOCK: block(pr, n->u.block); return true;
	case GLSL_AST_CALL: case GLSL_AST_METHOD: call(pr, n); return true;
	case GLSL_AST_FIELD:
		opt(pr, n->u.field.base);
		fprintf(pr->f, " %s", name(pr, n->u.field.name));
		return true;
	default: return false;
	}
}

static unsigned kid_count(enum glsl_ast_kind k)
{
	switch (k) {
	case GLSL_AST_FOR: return 4;
	case GLSL_AST_IF: case GLSL_AST_TERNARY: return 3;
	case GLSL_AST_BINARY: case GLSL_AST_ASSIGN: case GLSL_AST_INDEX: case GLSL_AST_WHILE:
	case GLSL_AST_DO: case GLSL_AST_SWITCH: return 2;
	case GLSL_AST_UNARY: case GLSL_AST_POSTFIX: case GLSL_AST_EXPR_STMT: case GLSL_AST_RETURN:
	case GLSL_AST_CASE: return 1;
	default: return 0;
	}
}

static void node(const struct printer *pr, const struct glsl_ast_node *n)
{
	if (n->kind == GLSL_AST_IDENT) {
		fputs(name(pr, n->u.ident), pr->f);
		return;
	}
	if (n->kind >= GLSL_AST_INT && n->kind <= GLSL_AST_BOOL) {
		literal(pr, n);
		return;
	}
	fprintf(pr->f, "(%s", n->op ? glsl_tok_spelling(n->op) : glsl_ast_kind_name(n->kind));
	if (n->kind == GLSL_AST_POSTFIX)
		fputs(" post", pr->f);
	if (n->kind == GLSL_AST_INVARIANT)
		idlist(pr, n->u.ids);
	else if (n->kind == GLSL_AST_COMPOUND)
		list(pr, n->u.kid[0]);
	else if (n->kind == GLSL_AST_DECL || n->kind >= GLSL_AST_FUNCTION)
		fputc(' ', pr->f);
	special(pr, n);
	for (unsigned i = 0; i < kid_count(n->kind); i++)
		opt(pr, n->u.kid[i]);
	fputc(')', pr->f);
}

void glsl_ast_print_node(FILE *f, const struct glsl_ast *ast, const struct glsl_ast_node *n)
{
	struct printer pr = { f, ast };

	node(&pr, n);
}

void glsl_ast_print(FILE *f, const struct glsl_ast *ast)
{
	for (const struct glsl_ast_node *n = ast->decls; n; n = n->next) {
		glsl_ast_print_node(f, ast, n);
		fputc('\n', f);
	}
}

/* The outermost bracket of the declaration is `[]`: on the name if it has
 * any, else on the specifier. */
bool glsl_ast_unsized(const struct glsl_ast_type *t, const struct glsl_ast_declarator *d)
{
	if (d->dims)
		return !d->dims->size;
	if (t->dims)
		return !t->dims->size;
	return d->is_array && !d->array_size && !t->array_size;
}

/* Every bracket on the name has a size. */
bool glsl_ast_dims_sized(const struct glsl_ast_declarator *d)
{
	if (!d->dims)
		return d->array_size != NULL;
	for (const struct glsl_ast_dim *x = d->dims; x; x = x->next)
		if (!x->size)
			return false;
	return true;
}
