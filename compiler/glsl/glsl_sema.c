/* SPDX-License-Identifier: MIT */
/*
 * Semantic analysis: the entry point, errors, memory, scopes (with the
 * default precisions that belong to them) and type specifiers.
 */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "glsl_sema_private.h"

void glsl_sema_error(struct glsl_sema *s, struct glsl_loc loc, const char *fmt, ...)
{
	va_list ap;

	if (s->failed)
		return;
	va_start(ap, fmt);
	glsl_log_vmessage(s->log, true, loc.file, loc.line, loc.col, fmt, ap);
	va_end(ap);
	s->failed = true;
	s->errors++;
}

bool glsl_sema_recover(struct glsl_sema *s)
{
	/* !failed: a failure without a message; never carry on past one */
	if (!s->failed || s->errors >= GLSL_SEMA_MAX_ERRORS)
		return false;
	s->failed = false;
	return true;
}

static void poison_name(struct glsl_sema *s, uint32_t name)
{
	uint32_t count = s->toks->idents.count;

	if (name >= count)
		return;   /* GLSL_AST_NO_NAME */
	if (!s->poisoned) {
		s->poisoned = glsl_arena_alloc(s->arena, count);
		if (!s->poisoned)
			return;   /* it only saves follow-on messages */
		memset(s->poisoned, 0, count);
	}
	s->poisoned[name] = 1;
}

static void poison_decl(struct glsl_sema *s, const struct glsl_ast_decl *d)
{
	for (; d; d = d->next) {
		if (d->type.type.def)
			poison_name(s, d->type.type.def->name);
		for (const struct glsl_ast_declarator *v = d->vars; v; v = v->next)
			poison_name(s, v->name);
	}
}

void glsl_sema_poison(struct glsl_sema *s, const struct glsl_ast_node *n)
{
	switch (n->kind) {
	case GLSL_AST_DECL:
		poison_decl(s, n->u.decl);
		break;
	case GLSL_AST_FUNCTION:
		poison_name(s, n->u.func->name);
		break;
	case GLSL_AST_BLOCK:
		poison_name(s, n->u.block->name);
		if (n->u.block->instance)
			poison_name(s, n->u.block->instance->name);
		else
			poison_decl(s, n->u.block->members);
		break;
	default:
		break;
	}
}

bool glsl_sema_poisoned(struct glsl_sema *s, uint32_t name)
{
	if (!s->poisoned || name >= s->toks->idents.count || !s->poisoned[name])
		return false;
	s->failed = true;
	return true;
}

void glsl_sema_warning(struct glsl_sema *s, struct glsl_loc loc, const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	glsl_log_vmessage(s->log, false, loc.file, loc.line, loc.col, fmt, ap);
	va_end(ap);
}

void *glsl_sema_alloc(struct glsl_sema *s, size_t size)
{
	void *m = glsl_arena_alloc(s->arena, size);

	if (!m) {
		glsl_sema_error(s, (struct glsl_loc){ 0 }, "out of memory");
		s->errors = GLSL_SEMA_MAX_ERRORS;   /* nothing more can be analysed */
		return NULL;
	}
	memset(m, 0, size);
	return m;
}

const char *glsl_sema_name(const struct glsl_sema *s, uint32_t id)
{
	return glsl_token_stream_ident(s->toks, id);
}

const char *glsl_sema_tname(const struct glsl_type *t, char *buf, size_t size)
{
	return t ? glsl_type_name(t, buf, size) : "?";
}

const struct glsl_type *glsl_sema_array_of(struct glsl_sema *s, const struct glsl_type *elem,
					   uint32_t length)
{
	struct glsl_type *t = glsl_sema_alloc(s, sizeof(*t));

	if (t)
		glsl_type_init_array(t, elem, length);
	return t;
}

/* Type keywords in token order, so a keyword maps by subtraction. */
static const uint8_t kw_types[] = {
	[GLSL_TOK_KW_FLOAT - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_FLOAT + 1,
	[GLSL_TOK_KW_INT - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_INT + 1,
	[GLSL_TOK_KW_VOID - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_VOID + 1,
	[GLSL_TOK_KW_BOOL - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_BOOL + 1,
	[GLSL_TOK_KW_MAT2 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_MAT2 + 1,
	[GLSL_TOK_KW_MAT3 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_MAT3 + 1,
	[GLSL_TOK_KW_MAT4 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_MAT4 + 1,
	[GLSL_TOK_KW_MAT2X2 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_MAT2 + 1,
	[GLSL_TOK_KW_MAT2X3 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_MAT2X3 + 1,
	[GLSL_TOK_KW_MAT2X4 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_MAT2X4 + 1,
	[GLSL_TOK_KW_MAT3X2 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_MAT3X2 + 1,
	[GLSL_TOK_KW_MAT3X3 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_MAT3 + 1,
	[GLSL_TOK_KW_MAT3X4 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_MAT3X4 + 1,
	[GLSL_TOK_KW_MAT4X2 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_MAT4X2 + 1,
	[GLSL_TOK_KW_MAT4X3 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_MAT4X3 + 1,
	[GLSL_TOK_KW_MAT4X4 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_MAT4 + 1,
	[GLSL_TOK_KW_VEC2 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_VEC2 + 1,
	[GLSL_TOK_KW_VEC3 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_VEC3 + 1,
	[GLSL_TOK_KW_VEC4 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_VEC4 + 1,
	[GLSL_TOK_KW_IVEC2 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_IVEC2 + 1,
	[GLSL_TOK_KW_IVEC3 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_IVEC3 + 1,
	[GLSL_TOK_KW_IVEC4 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_IVEC4 + 1,
	[GLSL_TOK_KW_BVEC2 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_BVEC2 + 1,
	[GLSL_TOK_KW_BVEC3 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_BVEC3 + 1,
	[GLSL_TOK_KW_BVEC4 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_BVEC4 + 1,
	[GLSL_TOK_KW_UINT - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_UINT + 1,
	[GLSL_TOK_KW_UVEC2 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_UVEC2 + 1,
	[GLSL_TOK_KW_UVEC3 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_UVEC3 + 1,
	[GLSL_TOK_KW_UVEC4 - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_UVEC4 + 1,
	[GLSL_TOK_KW_SAMPLER2D - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_SAMPLER2D + 1,
	[GLSL_TOK_KW_SAMPLERCUBE - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_SAMPLERCUBE + 1,
	[GLSL_TOK_KW_SAMPLER3D - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_SAMPLER3D + 1,
	[GLSL_TOK_KW_SAMPLER2DSHADOW - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_SAMPLER2DSHADOW + 1,
	[GLSL_TOK_KW_SAMPLERCUBESHADOW - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_SAMPLERCUBESHADOW + 1,
	[GLSL_TOK_KW_SAMPLER2DARRAY - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_SAMPLER2DARRAY + 1,
	[GLSL_TOK_KW_SAMPLER2DARRAYSHADOW - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_SAMPLER2DARRAYSHADOW + 1,
	[GLSL_TOK_KW_ISAMPLER2D - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_ISAMPLER2D + 1,
	[GLSL_TOK_KW_ISAMPLER3D - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_ISAMPLER3D + 1,
	[GLSL_TOK_KW_ISAMPLERCUBE - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_ISAMPLERCUBE + 1,
	[GLSL_TOK_KW_ISAMPLER2DARRAY - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_ISAMPLER2DARRAY + 1,
	[GLSL_TOK_KW_USAMPLER2D - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_USAMPLER2D + 1,
	[GLSL_TOK_KW_USAMPLER3D - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_USAMPLER3D + 1,
	[GLSL_TOK_KW_USAMPLERCUBE - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_USAMPLERCUBE + 1,
	[GLSL_TOK_KW_USAMPLER2DARRAY - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_USAMPLER2DARRAY + 1,
	[GLSL_TOK_KW_SAMPLER2DMS - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_SAMPLER2DMS + 1,
	[GLSL_TOK_KW_ISAMPLER2DMS - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_ISAMPLER2DMS + 1,
	[GLSL_TOK_KW_USAMPLER2DMS - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_USAMPLER2DMS + 1,
	[GLSL_TOK_KW_SAMPLEREXTERNALOES - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_SAMPLEREXTERNALOES + 1,
	[GLSL_TOK_KW_SAMPLERCUBEARRAY - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_SAMPLERCUBEARRAY + 1,
	[GLSL_TOK_KW_SAMPLERCUBEARRAYSHADOW - GLSL_TOK_FIRST_KEYWORD] =
		GLSL_TID_SAMPLERCUBEARRAYSHADOW + 1,
	[GLSL_TOK_KW_ISAMPLERCUBEARRAY - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_ISAMPLERCUBEARRAY + 1,
	[GLSL_TOK_KW_USAMPLERCUBEARRAY - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_USAMPLERCUBEARRAY + 1,
	[GLSL_TOK_KW_SAMPLERBUFFER - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_SAMPLERBUFFER + 1,
	[GLSL_TOK_KW_ISAMPLERBUFFER - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_ISAMPLERBUFFER + 1,
	[GLSL_TOK_KW_USAMPLERBUFFER - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_USAMPLERBUFFER + 1,
	[GLSL_TOK_KW_SAMPLER2DMSARRAY - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_SAMPLER2DMSARRAY + 1,
	[GLSL_TOK_KW_ISAMPLER2DMSARRAY - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_ISAMPLER2DMSARRAY + 1,
	[GLSL_TOK_KW_USAMPLER2DMSARRAY - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_USAMPLER2DMSARRAY + 1,
#define KW_IMAGE(tid, ...) [GLSL_TOK_KW_##tid - GLSL_TOK_FIRST_KEYWORD] = GLSL_TID_##tid + 1,
	GLSL_IMAGE_TYPES(KW_IMAGE)
	GLSL_ATOMIC_TYPES(KW_IMAGE)
#undef KW_IMAGE
};

/* The keyword's type; the preprocessor only makes keywords of the words
 * the version has, so no version check is needed here. */
const struct glsl_type *glsl_sema_tok_type(enum glsl_tok tok, enum glsl_es_version v)
{
	unsigned i = (unsigned)tok - GLSL_TOK_FIRST_KEYWORD;

	(void)v;
	if (tok < GLSL_TOK_FIRST_KEYWORD || i >= sizeof(kw_types) || !kw_types[i])
		return NULL;
	return glsl_type_get((enum glsl_type_id)(kw_types[i] - 1));
}

enum glsl_precision glsl_sema_prec_of_tok(unsigned tok)
{
	switch (tok) {
	case GLSL_TOK_KW_LOWP: return GLSL_PREC_LOW;
	case GLSL_TOK_KW_MEDIUMP: return GLSL_PREC_MEDIUM;
	case GLSL_TOK_KW_HIGHP: return GLSL_PREC_HIGH;
	default: return GLSL_PREC_NONE;
	}
}

/* The default precision for t: float types share float's, integer types
 * int's, each sampler type its own. */
enum glsl_precision glsl_sema_default_prec(const struct glsl_sema *s, const struct glsl_type *t)
{
	while (t->kind == GLSL_KIND_ARRAY)
		t = t->elem;
	if (!glsl_type_takes_precision(t))
		return GLSL_PREC_NONE;
	if (t->kind == GLSL_KIND_SAMPLER || t->kind == GLSL_KIND_ATOMIC)
		return (enum glsl_precision)s->prec[t->id];
	if (t->base == GLSL_BASE_FLOAT)
		return (enum glsl_precision)s->prec[GLSL_TID_FLOAT];
	return (enum glsl_precision)s->prec[GLSL_TID_INT];
}

struct glsl_scope_mark glsl_sema_push(struct glsl_sema *s)
{
	return glsl_symtab_push(&s->syms);
}

void glsl_sema_pop(struct glsl_sema *s, struct glsl_scope_mark m)
{
	glsl_symtab_pop(&s->syms, m);
	while (s->prec_saved && s->prec_saved->depth > s->syms.depth) {
		memcpy(s->prec, s->prec_saved->prec, GLSL_TID_COUNT);
		s->prec_saved = s->prec_saved->prev;
	}
}

bool glsl_sema_set_default_prec(struct glsl_sema *s, enum glsl_type_id id, enum glsl_precision p)
{
	uint32_t depth = s->syms.depth;

	if (depth && (!s->prec_saved || s->prec_saved->depth != depth)) {
		struct glsl_prec_save *save = glsl_sema_alloc(s, sizeof(*save));

		if (!save)
			return false;
		memcpy(save->prec, s->prec, GLSL_TID_COUNT);
		save->depth = depth;
		save->prev = s->prec_saved;
		s->prec_saved = save;
	}
	s->prec[id] = (uint8_t)p;
	return true;
}

bool glsl_sema_check_new_name(struct glsl_sema *s, uint32_t name, struct glsl_loc loc)
{
	const char *text = glsl_sema_name(s, name);

	if (!strncmp(text, "gl_", 3)) {
		glsl_sema_error(s, loc, "identifier '%s': names beginning with 'gl_' are reserved", text);
		return false;
	}
	if (s->version >= GLSL_ES_300 && strlen(text) > 1024) {
		glsl_sema_error(s, loc, "identifier '%.32s...' is longer than 1024 characters", text);
		return false;
	}
	if (glsl_symtab_find_here(&s->syms, name)) {
		glsl_sema_error(s, loc, "redeclaration of '%s'", text);
		return false;
	}
	/* Reserved for the implementation, but not an error (ES 1.00 and
	 * 3.00 §3.8 both say so). */
	if (strstr(text, "__"))
		glsl_sema_warning(s, loc, "identifier '%s' uses the reserved '__'", text);
	return true;
}

struct glsl_symbol *glsl_sema_new_symbol(struct glsl_sema *s, enum glsl_sym_kind kind,
					 uint32_t name, struct glsl_loc loc)
{
	struct glsl_symbol *sym = glsl_sema_alloc(s, sizeof(*sym));

	if (!sym)
		return NULL;
	sym->kind = kind;
	sym->name = name;
	sym->cname = name == GLSL_AST_NO_NAME ? "" : glsl_sema_name(s, name);
	sym->loc = loc;
	sym->location = -1;
	sym->binding = -1;
	return sym;
}

uint32_t glsl_sema_array_size(struct glsl_sema *s, struct glsl_ast_node *size)
{
	const struct glsl_sema_expr *x;
	int32_t v;

	if (!glsl_sema_expr(s, size))
		return 0;
	x = size->sema;
	if (!glsl_type_is_integer(x->type.type) || x->type.type->kind != GLSL_KIND_SCALAR) {
		glsl_sema_error(s, size->loc, "array size must be an integer expression");
		return 0;
	}
	if (!x->value) {
		glsl_sema_error(s, size->loc, "array size must be a constant expression");
		return 0;
	}
	v = x->value[0].i;
	if (x->type.type->base == GLSL_BASE_INT ? v <= 0 : x->value[0].u == 0) {
		glsl_sema_error(s, size->loc, "array size must be greater than zero");
		return 0;
	}
	if (x->type.type->base == GLSL_BASE_UINT && x->value[0].u > INT32_MAX) {
		glsl_sema_error(s, size->loc, "array size is too large");
		return 0;
	}
	return (uint32_t)v;
}

/* Arrays of arrays (3.10): t made an array by each of dims, the last the
 * innermost. An unsized dim gives length 0: the caller sizes it from an
 * initializer or a buffer, or refuses it. */
const struct glsl_type *glsl_sema_dims(struct glsl_sema *s, const struct glsl_type *t,
				       const struct glsl_ast_dim *d)
{
	uint32_t len = 0;

	if (!d || !t)
		return t;
	if (t->kind == GLSL_KIND_VOID) {
		glsl_sema_error(s, d->loc, "arrays of void are not allowed");
		return NULL;
	}
	t = glsl_sema_dims(s, t, d->next);
	if (!t || (d->size && !(len = glsl_sema_array_size(s, d->size))))
		return NULL;
	return glsl_sema_array_of(s, t, len);
}

/* ---- structs --------------------------------------------------------------- */

static bool member_name_unique(struct glsl_sema *s, const struct glsl_field *f, uint32_t n,
			       const char *name, struct glsl_loc loc)
{
	for (uint32_t i = 0; i < n; i++) {
		if (!strcmp(f[i].name, name)) {
			glsl_sema_error(s, loc, "duplicate member name '%s'", name);
			return false;
		}
	}
	return true;
}

static uint32_t count_members(const struct glsl_ast_decl *m)
{
	uint32_t n = 0;

	for (; m; m = m->next)
		for (const struct glsl_ast_declarator *d = m->vars; d; d = d->next)
			n++;
	return n;
}

/* The type of a declarator: the specifier's, made an array by `name[N]`. */
static const struct glsl_type *declarator_type(struct glsl_sema *s, const struct glsl_type *t,
					       struct glsl_ast_declarator *d)
{
	uint32_t len;

	if (d->dims || t->kind == GLSL_KIND_ARRAY) {
		t = glsl_sema_dims(s, t, d->dims);
		if (t && glsl_type_has_unsized(t)) {
			glsl_sema_error(s, d->loc, "struct members must have a size");
			return NULL;
		}
		return t;
	}
	if (!d->array_size)
		return t;
	len = glsl_sema_array_size(s, d->array_size);
	return len ? glsl_sema_array_of(s, t, len) : NULL;
}

static bool struct_member(struct glsl_sema *s, struct glsl_ast_decl *m, struct glsl_field *f,
			  uint32_t *n)
{
	const struct glsl_type *t;

	if (m->type.type.tok == GLSL_TOK_KW_STRUCT && s->version >= GLSL_ES_300) {
		glsl_sema_error(s, m->type.type.loc, "embedded struct definitions are not allowed");
		return false;
	}
	t = glsl_sema_type_spec(s, &m->type.type);
	if (!t)
		return false;
	if (t->kind == GLSL_KIND_VOID) {
		glsl_sema_error(s, m->type.type.loc, "struct members cannot be void");
		return false;
	}
	/* a counter lives at a binding and offset of its own (ES 3.10 §4.1.7.3) */
	if (t->kind == GLSL_KIND_ATOMIC) {
		glsl_sema_error(s, m->type.type.loc, "struct members cannot be atomic counters");
		return false;
	}
	if (m->type.qual.precision && !glsl_type_takes_precision(t)) {
		glsl_sema_error(s, m->type.qual.loc, "precision qualifiers apply only to float, int "
				"and sampler types");
		return false;
	}
	for (struct glsl_ast_declarator *d = m->vars; d; d = d->next) {
		const char *name = glsl_sema_name(s, d->name);

		if (!member_name_unique(s, f, *n, name, d->loc))
			return false;
		f[*n].name = name;
		f[*n].type = declarator_type(s, t, d);
		f[*n].precision = glsl_sema_prec_of_tok(m->type.qual.precision);
		if (!f[*n].type)
			return false;
		(*n)++;
	}
	return true;
}

static const struct glsl_type *struct_def(struct glsl_sema *s, struct glsl_ast_type *at)
{
	struct glsl_ast_struct *def = at->def;
	uint32_t nr = count_members(def->members), n = 0;
	struct glsl_field *fields = glsl_sema_alloc(s, nr * sizeof(*fields));
	struct glsl_type *t = glsl_sema_alloc(s, sizeof(*t));
	struct glsl_symbol *sym;

	if (!fields || !t)
		return NULL;
	for (struct glsl_ast_decl *m = def->members; m; m = m->next)
		if (!struct_member(s, m, fields, &n))
			return NULL;
	glsl_type_init_struct(t, def->name == GLSL_AST_NO_NAME ? "" : glsl_sema_name(s, def->name),
			      fields, n);
	at->resolved = t;
	if (def->name == GLSL_AST_NO_NAME)
		return t;
	if (!glsl_sema_check_new_name(s, def->name, def->loc))
		return NULL;
	sym = glsl_sema_new_symbol(s, GLSL_SYM_TYPE, def->name, def->loc);
	if (!sym)
		return NULL;
	sym->type.type = t;
	glsl_symtab_add(&s->syms, sym);
	return t;
}

static const struct glsl_type *named_type(struct glsl_sema *s, struct glsl_ast_type *at)
{
	struct glsl_symbol *sym = glsl_symtab_find(&s->syms, at->name);

	if (!sym || sym->kind != GLSL_SYM_TYPE) {
		if (!glsl_sema_poisoned(s, at->name))
			glsl_sema_error(s, at->loc, "'%s' is not a type", glsl_sema_name(s, at->name));
		return NULL;
	}
	return sym->type.type;
}

const struct glsl_type *glsl_sema_type_spec(struct glsl_sema *s, struct glsl_ast_type *at)
{
	const struct glsl_type *t;
	uint32_t len;

	if (at->tok == GLSL_TOK_KW_STRUCT)
		t = at->resolved ? at->resolved : struct_def(s, at);
	else if (at->tok == GLSL_TOK_IDENT)
		t = named_type(s, at);
	else
		t = glsl_sema_tok_type((enum glsl_tok)at->tok, s->version);
	if (at->dims)
		return glsl_sema_dims(s, t, at->dims);
	if (!t || !at->is_array || !at->array_size)
		return t;
	if (t->kind == GLSL_KIND_VOID) {
		glsl_sema_error(s, at->loc, "arrays of void are not allowed");
		return NULL;
	}
	len = glsl_sema_array_size(s, at->array_size);
	return len ? glsl_sema_array_of(s, t, len) : NULL;
}

/* ---- the entry point -------------------------------------------------------- */

static void init_precisions(struct glsl_sema *s)
{
	for (unsigned id = 0; id < GLSL_TID_COUNT; id++)
		s->prec[id] = (uint8_t)glsl_default_precision(s->stage, glsl_type_get(id));
}

/* The extensions the shader enabled, as the built-in tables' mask: `warn`
 * enables too (it only adds warnings on use). */
static uint32_t enabled_extensions(const struct glsl_token_stream *toks)
{
	uint32_t mask = 0;

	for (unsigned i = 0; i < toks->num_ext; i++)
		if (toks->ext_behavior[i] != GLSL_EXT_DISABLE)
			mask |= glsl_builtin_ext_bit(toks->ext_names[i]);
	return mask;
}

/* The whole-unit checks (main, recursion, outputs) run only on a unit
 * without errors: after one they would mostly repeat it. */
static bool analyse(struct glsl_sema *s)
{
	if (s->stage == GLSL_STAGE_COMPUTE && s->version < GLSL_ES_310) {
		glsl_sema_error(s, (struct glsl_loc){ 0 }, "compute shaders need GLSL ES 3.10");
		return false;
	}
	if (!glsl_sema_gs_stage_ok(s) || !glsl_sema_tess_stage_ok(s))
		return false;
	for (struct glsl_ast_node *n = s->ast->decls; n; n = n->next) {
		if (glsl_sema_external(s, n) && !s->failed)
			continue;
		glsl_sema_poison(s, n);
		if (!glsl_sema_recover(s))
			return false;
	}
	return !s->errors && glsl_sema_finish_unit(s);
}

int glsl_sema(struct glsl_ast *ast, enum glsl_stage stage, const struct glsl_sema_options *opts,
	      struct glsl_arena *arena, struct glsl_log *log, struct glsl_sema_result **out)
{
	struct glsl_sema s = {
		.ast = ast, .toks = ast->toks, .arena = arena, .log = log, .stage = stage,
		.version = ast->version >= 320 ? GLSL_ES_320 : ast->version >= 310 ? GLSL_ES_310 :
			   ast->version >= 300 ? GLSL_ES_300 : GLSL_ES_100,
		.packing = GLSL_PACKING_SHARED, .matrix_layout = GLSL_MATRIX_COLUMN,
		.buffer_packing = GLSL_PACKING_SHARED, .buffer_matrix_layout = GLSL_MATRIX_COLUMN,
	};

	*out = NULL;
	if (opts)
		s.opts = *opts;
	s.res = glsl_sema_alloc(&s, sizeof(*s.res));
	if (!s.res || !glsl_symtab_init(&s.syms, arena, ast->toks->idents.count)) {
		glsl_sema_error(&s, (struct glsl_loc){ 0 }, "out of memory");
		return -1;
	}
	s.res->stage = stage;
	s.res->version = s.version;
	s.res->invariant_all = ast->toks->invariant_all;
	s.bi_exts = enabled_extensions(ast->toks);
	s.implicit_conversions = glsl_sema_implicit_enabled(ast->toks, s.version);
	s.gpu_shader5 = s.version >= GLSL_ES_310 &&
			(glsl_sema_ext_enabled(ast->toks, GLSL_GPU_SHADER5_EXT) ||
			 glsl_sema_ext_enabled(ast->toks, GLSL_GPU_SHADER5_OES));
	init_precisions(&s);
	if (!analyse(&s))
		return -1;
	*out = s.res;
	return 0;
}
