/* SPDX-License-Identifier: MIT */
/*
 * Expressions, with the ES precedence (GLSL ES 3.00 §5.1, 1.00 §5.1):
 * postfix, prefix, * / %, + -, << >>, relational, equality, &, ^, |, &&,
 * ^^, ||, ?:, assignment, comma. Binary operators are parsed with an
 * explicit operator stack and prefix operators with a loop, so only
 * parentheses, brackets, call arguments, ?: and assignments recurse, and
 * each of those counts one nesting level.
 */
#include "glsl_parse_private.h"
#include "glsl_types.h"

/* Binding strength of a binary operator; 0 for anything else. */
static int binary_prec(enum glsl_tok k)
{
	switch (k) {
	case GLSL_TOK_OR_OR: return 1;
	case GLSL_TOK_XOR_XOR: return 2;
	case GLSL_TOK_AND_AND: return 3;
	case GLSL_TOK_BAR: return 4;
	case GLSL_TOK_CARET: return 5;
	case GLSL_TOK_AMP: return 6;
	case GLSL_TOK_EQ: case GLSL_TOK_NE: return 7;
	case GLSL_TOK_LT: case GLSL_TOK_GT: case GLSL_TOK_LE: case GLSL_TOK_GE: return 8;
	case GLSL_TOK_LEFT: case GLSL_TOK_RIGHT: return 9;
	case GLSL_TOK_PLUS: case GLSL_TOK_MINUS: return 10;
	case GLSL_TOK_STAR: case GLSL_TOK_SLASH: case GLSL_TOK_PERCENT: return 11;
	default: return 0;
	}
}

static bool is_assign_op(enum glsl_tok k)
{
	switch (k) {
	case GLSL_TOK_ASSIGN: case GLSL_TOK_ADD_ASSIGN: case GLSL_TOK_SUB_ASSIGN:
	case GLSL_TOK_MUL_ASSIGN: case GLSL_TOK_DIV_ASSIGN: case GLSL_TOK_MOD_ASSIGN:
	case GLSL_TOK_LEFT_ASSIGN: case GLSL_TOK_RIGHT_ASSIGN: case GLSL_TOK_AND_ASSIGN:
	case GLSL_TOK_XOR_ASSIGN: case GLSL_TOK_OR_ASSIGN:
		return true;
	default:
		return false;
	}
}

/* Binary chains, prefix and postfix chains are parsed in loops, so the
 * recursion limit alone does not bound the tree: its height is checked. */
static bool grow(struct glsl_parser *p, struct glsl_ast_node *n, const struct glsl_ast_node *kid)
{
	if (!n || !kid || kid->height + 1 <= n->height)
		return n != NULL;
	n->height = kid->height + 1;
	if (n->height > GLSL_PARSE_MAX_DEPTH) {
		glsl_parse_error(p, p->tok, "expression nested too deeply (more than %u levels)",
				 GLSL_PARSE_MAX_DEPTH);
		return false;
	}
	return true;
}

static struct glsl_ast_node *binary_node(struct glsl_parser *p, enum glsl_ast_kind kind,
					 const struct glsl_token *op, struct glsl_ast_node *l,
					 struct glsl_ast_node *r)
{
	struct glsl_ast_node *n = glsl_parse_node(p, kind, op);

	if (!n)
		return NULL;
	n->op = (uint8_t)op->kind;
	n->u.kid[0] = l;
	n->u.kid[1] = r;
	n->height = 1;
	return grow(p, n, l) && grow(p, n, r) ? n : NULL;
}

/* `f(`, `vec4(`, `a.length(` ... `)`: the arguments into n->u.call. */
static void parse_args(struct glsl_parser *p, struct glsl_ast_node *n)
{
	struct glsl_ast_node **tail = &n->u.call.args;

	glsl_parse_next(p); /* ( */
	if (glsl_parse_accept(p, GLSL_TOK_RPAREN))
		return;
	if (at(p, GLSL_TOK_KW_VOID) && pk_at(p, 1) == GLSL_TOK_RPAREN) {
		glsl_parse_next(p);
		glsl_parse_next(p);
		n->flags |= GLSL_AST_F_VOID_ARGS;
		return;
	}
	do {
		*tail = glsl_parse_assignment(p);
		if (!*tail || !grow(p, n, *tail))
			return;
		tail = &(*tail)->next;
		n->u.call.nargs++;
	} while (glsl_parse_accept(p, GLSL_TOK_COMMA));
	glsl_parse_expect(p, GLSL_TOK_RPAREN);
}

/* `vec4(...)`, `float[2](...)`, `S[](...)`: a constructor of type t. */
static struct glsl_ast_node *constructor(struct glsl_parser *p, const struct glsl_token *first,
					 struct glsl_ast_type *t)
{
	struct glsl_ast_node *n = glsl_parse_node(p, GLSL_AST_CALL, first);

	if (!n)
		return NULL;
	n->u.call.ctor = t;
	n->u.call.name = GLSL_AST_NO_NAME;
	if (t->is_array && p->version < 300) {
		glsl_parse_error(p, first, "array constructors require GLSL ES 3.00");
		return NULL;
	}
	if (!at(p, GLSL_TOK_LPAREN)) {
		glsl_parse_unexpected(p, "'(' after a type name in an expression");
		return NULL;
	}
	parse_args(p, n);
	return n;
}

static struct glsl_ast_node *type_constructor(struct glsl_parser *p)
{
	const struct glsl_token *first = p->tok;
	struct glsl_ast_type *t = glsl_parse_alloc(p, sizeof(*t));

	if (!t || !glsl_parse_type_spec(p, t))
		return NULL;
	if (t->tok == GLSL_TOK_KW_STRUCT) {
		glsl_parse_error(p, first, "a struct cannot be defined in an expression");
		return NULL;
	}
	return constructor(p, first, t);
}

static struct glsl_ast_node *literal(struct glsl_parser *p, enum glsl_ast_kind kind)
{
	const struct glsl_token *t = glsl_parse_next(p);
	struct glsl_ast_node *n = glsl_parse_node(p, kind, t);

	if (!n)
		return NULL;
	if (kind == GLSL_AST_BOOL)
		n->u.ival = t->kind == GLSL_TOK_KW_TRUE;
	else
		n->u.ival = t->value; /* fval shares the bits */
	return n;
}

static struct glsl_ast_node *identifier(struct glsl_parser *p)
{
	const struct glsl_token *t = p->tok;
	struct glsl_ast_node *n;

	/* `S[](...)`: only an array constructor has empty brackets. */
	if (pk_at(p, 1) == GLSL_TOK_LBRACKET && pk_at(p, 2) == GLSL_TOK_RBRACKET)
		return type_constructor(p);
	glsl_parse_next(p);
	if (at(p, GLSL_TOK_LPAREN)) {
		n = glsl_parse_node(p, GLSL_AST_CALL, t);
		if (n) {
			n->u.call.name = t->value;
			parse_args(p, n);
		}
		return n;
	}
	n = glsl_parse_node(p, GLSL_AST_IDENT, t);
	if (n)
		n->u.ident = t->value;
	return n;
}

static struct glsl_ast_node *paren(struct glsl_parser *p)
{
	struct glsl_ast_node *n;

	glsl_parse_next(p);
	n = glsl_parse_expression(p);
	if (n)
		n->flags |= GLSL_AST_F_PAREN;
	glsl_parse_expect(p, GLSL_TOK_RPAREN);
	return n;
}

static struct glsl_ast_node *primary(struct glsl_parser *p)
{
	switch (pk(p)) {
	case GLSL_TOK_IDENT:
		return identifier(p);
	case GLSL_TOK_INTCONST:
		return literal(p, GLSL_AST_INT);
	case GLSL_TOK_UINTCONST:
		return literal(p, GLSL_AST_UINT);
	case GLSL_TOK_FLOATCONST:
		return literal(p, GLSL_AST_FLOAT);
	case GLSL_TOK_KW_TRUE: case GLSL_TOK_KW_FALSE:
		return literal(p, GLSL_AST_BOOL);
	case GLSL_TOK_LPAREN:
		return paren(p);
	default:
		if (glsl_parse_is_type_kw(pk(p)) || at(p, GLSL_TOK_KW_STRUCT))
			return type_constructor(p);
		glsl_parse_unexpected(p, "an expression");
		return NULL;
	}
}

/* `S[2](...)` parses as an index until the '(' shows it is a constructor;
 * `S[2][3](...)` (3.10) as an index of an index. */
static bool indexes_a_name(const struct glsl_ast_node *n)
{
	while (n->kind == GLSL_AST_INDEX && !(n->flags & GLSL_AST_F_PAREN))
		n = n->u.kid[0];
	return n->kind == GLSL_AST_IDENT && !(n->flags & GLSL_AST_F_PAREN);
}

/* The dims of the chain under ix, outermost (nearest the name) first. */
static bool index_dims(struct glsl_parser *p, struct glsl_ast_node *ix, struct glsl_ast_type *t)
{
	struct glsl_ast_dim *d;

	for (; ix->kind == GLSL_AST_INDEX; ix = ix->u.kid[0]) {
		d = glsl_parse_alloc(p, sizeof(*d));
		if (!d)
			return false;
		d->loc = ix->loc;
		d->size = ix->u.kid[1];
		d->next = t->dims;
		t->dims = d;
	}
	t->loc = ix->loc;
	t->name = ix->u.ident;
	return true;
}

static struct glsl_ast_node *index_to_constructor(struct glsl_parser *p, struct glsl_ast_node *ix)
{
	struct glsl_ast_type *t = glsl_parse_alloc(p, sizeof(*t));
	const struct glsl_token *first = p->tok;

	if (!t || !index_dims(p, ix, t))
		return NULL;
	t->tok = GLSL_TOK_IDENT;
	t->is_array = true;
	if (t->dims->next && p->version < 310) {
		glsl_parse_error(p, first, "arrays of arrays are not allowed in GLSL ES %s",
				 glsl_es_version_name(p->version));
		return NULL;
	}
	if (!t->dims->next) {
		t->array_size = t->dims->size;
		t->dims = NULL;
	}
	return constructor(p, first, t);
}

static struct glsl_ast_node *method(struct glsl_parser *p, struct glsl_ast_node *field)
{
	if (p->version < 300) {
		glsl_parse_error(p, p->tok, "method calls ('.length()') require GLSL ES 3.00");
		return NULL;
	}
	field->kind = GLSL_AST_METHOD;
	field->u.call.obj = field->u.field.base;
	field->u.call.name = field->u.field.name;
	field->u.call.args = NULL;
	field->u.call.ctor = NULL;
	field->u.call.nargs = 0;
	parse_args(p, field);
	return field;
}

static struct glsl_ast_node *field(struct glsl_parser *p, struct glsl_ast_node *base)
{
	const struct glsl_token *dot = glsl_parse_next(p);
	struct glsl_ast_node *n;

	if (!at(p, GLSL_TOK_IDENT)) {
		glsl_parse_unexpected(p, "a field or swizzle name after '.'");
		return NULL;
	}
	n = glsl_parse_node(p, GLSL_AST_FIELD, dot);
	if (!n)
		return NULL;
	n->u.field.base = base;
	n->u.field.name = glsl_parse_next(p)->value;
	if (!grow(p, n, base))
		return NULL;
	if (at(p, GLSL_TOK_LPAREN))
		return method(p, n);
	return n;
}

static struct glsl_ast_node *subscript(struct glsl_parser *p, struct glsl_ast_node *base)
{
	const struct glsl_token *lb = glsl_parse_next(p);
	struct glsl_ast_node *ix;

	if (at(p, GLSL_TOK_RBRACKET)) {
		glsl_parse_unexpected(p, "an index expression");
		return NULL;
	}
	ix = binary_node(p, GLSL_AST_INDEX, lb, base, glsl_parse_expression(p));
	if (!glsl_parse_expect(p, GLSL_TOK_RBRACKET) || !ix)
		return NULL;
	ix->op = 0;
	if (at(p, GLSL_TOK_LPAREN) && indexes_a_name(base))
		return index_to_constructor(p, ix);
	return ix;
}

static struct glsl_ast_node *postfix(struct glsl_parser *p)
{
	struct glsl_ast_node *n = primary(p);

	while (n) {
		if (at(p, GLSL_TOK_LBRACKET)) {
			n = subscript(p, n);
		} else if (at(p, GLSL_TOK_DOT)) {
			n = field(p, n);
		} else if (at(p, GLSL_TOK_INC) || at(p, GLSL_TOK_DEC)) {
			const struct glsl_token *op = glsl_parse_next(p);

			n = binary_node(p, GLSL_AST_POSTFIX, op, n, NULL);
		} else if (at(p, GLSL_TOK_LPAREN)) {
			glsl_parse_unexpected(p, "an operator before '('");
			return NULL;
		} else {
			break;
		}
	}
	return n;
}

static bool is_prefix_op(enum glsl_tok k)
{
	return k == GLSL_TOK_PLUS || k == GLSL_TOK_MINUS || k == GLSL_TOK_BANG ||
	       k == GLSL_TOK_TILDE || k == GLSL_TOK_INC || k == GLSL_TOK_DEC;
}

/* Heights of a prefix chain, innermost first, without recursion. */
static bool fix_heights(struct glsl_parser *p, struct glsl_ast_node *outer)
{
	struct glsl_ast_node *n;
	uint32_t count = 0, base;

	for (n = outer; n && n->kind == GLSL_AST_UNARY && !n->height; n = n->u.kid[0])
		count++;
	base = n ? n->height : 0;
	if (base + count > GLSL_PARSE_MAX_DEPTH)
		return grow(p, outer, &(struct glsl_ast_node){ .height = base + count });
	for (n = outer; count; n = n->u.kid[0], count--)
		n->height = base + count;
	return true;
}

/* Prefix operators chain without recursion: the outermost is made first
 * and each new one becomes the operand of the previous. */
static struct glsl_ast_node *unary(struct glsl_parser *p)
{
	struct glsl_ast_node *outer = NULL, **hole = &outer;

	while (is_prefix_op(pk(p))) {
		const struct glsl_token *op = glsl_parse_next(p);
		struct glsl_ast_node *n = binary_node(p, GLSL_AST_UNARY, op, NULL, NULL);

		if (!n)
			return NULL;
		*hole = n;
		hole = &n->u.kid[0];
	}
	*hole = postfix(p);
	if (!*hole)
		return NULL;
	for (struct glsl_ast_node *n = outer; n != *hole; n = n->u.kid[0])
		n->height = 0;
	return fix_heights(p, outer) ? outer : NULL;
}

#define BIN_STACK 12 /* one more than the precedence levels */

struct bin_stack {
	struct glsl_ast_node *val[BIN_STACK + 1];
	const struct glsl_token *op[BIN_STACK];
	unsigned nval, nop;
};

static void reduce(struct glsl_parser *p, struct bin_stack *s)
{
	const struct glsl_token *op = s->op[--s->nop];
	struct glsl_ast_node *r = s->val[--s->nval];
	struct glsl_ast_node *l = s->val[s->nval - 1];

	s->val[s->nval - 1] = binary_node(p, GLSL_AST_BINARY, op, l, r);
}

/* Operator precedence parsing: operators on the stack have strictly
 * rising precedence, so it never holds more than the 11 levels. */
static struct glsl_ast_node *binary(struct glsl_parser *p)
{
	struct bin_stack s = { .nval = 1 };
	int prec;

	s.val[0] = unary(p);
	while (s.val[s.nval - 1] && (prec = binary_prec(pk(p))) > 0) {
		while (s.nop && binary_prec(s.op[s.nop - 1]->kind) >= prec)
			reduce(p, &s);
		s.op[s.nop++] = glsl_parse_next(p);
		s.val[s.nval++] = unary(p);
	}
	if (!s.val[s.nval - 1])
		return NULL;
	while (s.nop)
		reduce(p, &s);
	return s.val[0];
}

struct glsl_ast_node *glsl_parse_conditional(struct glsl_parser *p)
{
	struct glsl_ast_node *c = binary(p), *n;
	const struct glsl_token *q = p->tok;

	if (!c || !glsl_parse_accept(p, GLSL_TOK_QUESTION))
		return c;
	n = glsl_parse_node(p, GLSL_AST_TERNARY, q);
	if (!n)
		return NULL;
	n->u.kid[0] = c;
	n->u.kid[1] = glsl_parse_expression(p);
	if (!n->u.kid[1] || !glsl_parse_expect(p, GLSL_TOK_COLON))
		return NULL;
	n->u.kid[2] = glsl_parse_assignment(p);
	return grow(p, n, c) && grow(p, n, n->u.kid[1]) && grow(p, n, n->u.kid[2]) ? n : NULL;
}

static struct glsl_ast_node *assignment(struct glsl_parser *p)
{
	struct glsl_ast_node *l = glsl_parse_conditional(p);
	const struct glsl_token *op = p->tok;

	if (!l || !is_assign_op(pk(p)))
		return l;
	glsl_parse_next(p);
	return binary_node(p, GLSL_AST_ASSIGN, op, l, glsl_parse_assignment(p));
}

struct glsl_ast_node *glsl_parse_assignment(struct glsl_parser *p)
{
	struct glsl_ast_node *n;

	if (!glsl_parse_enter(p))
		return NULL;
	n = assignment(p);
	glsl_parse_leave(p);
	if (p->failed)
		return NULL;
	return n;
}

struct glsl_ast_node *glsl_parse_expression(struct glsl_parser *p)
{
	struct glsl_ast_node *n = glsl_parse_assignment(p);

	while (n && at(p, GLSL_TOK_COMMA)) {
		const struct glsl_token *op = glsl_parse_next(p);

		n = binary_node(p, GLSL_AST_BINARY, op, n, glsl_parse_assignment(p));
	}
	return p->failed ? NULL : n;
}
