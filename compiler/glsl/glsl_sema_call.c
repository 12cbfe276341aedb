/* SPDX-License-Identifier: MIT */
/*
 * Calls: constructors (scalar, vector, matrix incl. matrix-from-matrix,
 * struct, array), user functions (exact-match overloading, out/inout
 * arguments must be l-values, call-graph edges for the recursion check),
 * built-in functions (glsl_builtin_resolve, with version and stage) and
 * the `.length()` method.
 */
#include <stdio.h>
#include <string.h>

#include "glsl_sema_private.h"

#define MAX_ARGS 256

static enum glsl_precision args_prec(const struct glsl_ast_node *args)
{
	enum glsl_precision p = GLSL_PREC_NONE;

	for (; args; args = args->next)
		if (args->sema->type.precision > p)
			p = args->sema->type.precision;
	return p;
}

static bool all_const(const struct glsl_ast_node *args)
{
	for (; args; args = args->next)
		if (!args->sema->value)
			return false;
	return true;
}

static bool type_args(struct glsl_sema *s, struct glsl_ast_node *args)
{
	for (; args; args = args->next)
		if (!glsl_sema_expr(s, args))
			return false;
	return true;
}

/* "f(float, vec2)" for messages. */
static const char *call_text(struct glsl_sema *s, const char *name, const struct glsl_ast_node *a,
			     char *buf, size_t size)
{
	size_t at = (size_t)snprintf(buf, size, "%s(", name);
	char tb[64];

	(void)s;
	for (; a && at < size; a = a->next)
		at += (size_t)snprintf(buf + at, size - at, "%s%s",
				       glsl_sema_tname(a->sema->type.type, tb, sizeof(tb)),
				       a->next ? ", " : "");
	if (at < size)
		snprintf(buf + at, size - at, ")");
	return buf;
}

/* ---- constructors ------------------------------------------------------------- */

static bool ctor_error(struct glsl_sema *s, struct glsl_ast_node *n, const struct glsl_type *t,
		       const char *why)
{
	char b[64];

	glsl_sema_error(s, n->loc, "constructor of %s: %s", glsl_sema_tname(t, b, sizeof(b)), why);
	return false;
}

static bool ctor_aggregate(struct glsl_sema *s, struct glsl_ast_node *n, const struct glsl_type *t)
{
	uint32_t i = 0;
	bool array = t->kind == GLSL_KIND_ARRAY;
	uint32_t want = array ? t->length : t->nr_fields;

	if (n->u.call.nargs != want)
		return ctor_error(s, n, t, n->u.call.nargs < want ? "too few arguments" :
				  "too many arguments");
	for (struct glsl_ast_node **a = &n->u.call.args; *a; a = &(*a)->next, i++) {
		const struct glsl_type *ft = array ? t->elem : t->fields[i].type;

		if (!glsl_sema_convert(s, a, ft))
			return ctor_error(s, *a, t, "argument type does not match");
	}
	return true;
}

static bool ctor_arg_ok(const struct glsl_type *t)
{
	return glsl_type_is_numeric(t);
}

static bool ctor_numeric(struct glsl_sema *s, struct glsl_ast_node *n, const struct glsl_type *t)
{
	uint32_t need = glsl_type_components(t), have = 0;
	const struct glsl_ast_node *a = n->u.call.args;
	bool has_matrix = false;

	for (; a; a = a->next) {
		const struct glsl_type *at = a->sema->type.type;

		if (!ctor_arg_ok(at))
			return ctor_error(s, n, t, "arguments must be scalars, vectors or matrices");
		if (have >= need)
			return ctor_error(s, n, t, "too many arguments");
		has_matrix |= at->kind == GLSL_KIND_MATRIX;
		have += glsl_type_components(at);
	}
	if (t->kind == GLSL_KIND_MATRIX && has_matrix && n->u.call.nargs > 1)
		return ctor_error(s, n, t, "a matrix argument must be the only argument");
	if (n->u.call.nargs == 1 && (n->u.call.args->sema->type.type->kind == GLSL_KIND_SCALAR ||
				     (t->kind == GLSL_KIND_MATRIX && has_matrix)))
		return true;
	if (have < need)
		return ctor_error(s, n, t, "not enough components");
	return true;
}

static bool constructor(struct glsl_sema *s, struct glsl_ast_node *n, const struct glsl_type *t)
{
	struct glsl_sema_expr *x;
	bool ok;

	if (!n->u.call.nargs)
		return ctor_error(s, n, t, "no arguments");
	if (t->kind == GLSL_KIND_VOID || t->kind == GLSL_KIND_SAMPLER || glsl_type_is_opaque(t))
		return ctor_error(s, n, t, "the type cannot be constructed");
	if (t->kind == GLSL_KIND_ARRAY || t->kind == GLSL_KIND_STRUCT)
		ok = ctor_aggregate(s, n, t);
	else
		ok = ctor_numeric(s, n, t);
	if (!ok)
		return false;
	x = glsl_sema_annot(s, n, t, args_prec(n->u.call.args));
	if (!x)
		return false;
	x->what = GLSL_SX_CTOR;
	if (all_const(n->u.call.args))
		x->value = glsl_fold_ctor(s, t, n->u.call.args);
	return !s->failed;
}

/* `float[][](float[](1.0), ...)`, `float[2][](...)` (3.10): the outer
 * size from the number of arguments, the inner ones from the first. */
static const struct glsl_type *aoa_ctor_type(struct glsl_sema *s, struct glsl_ast_node *n)
{
	const struct glsl_type *t = glsl_sema_type_spec(s, n->u.call.ctor);
	const struct glsl_type *elem, *first;

	if (!t || !glsl_type_has_unsized(t))
		return t;
	elem = t->elem;
	first = n->u.call.args ? n->u.call.args->sema->type.type : NULL;
	if (glsl_type_has_unsized(elem) && first && glsl_type_fits_unsized(elem, first))
		elem = first;
	if (glsl_type_has_unsized(elem)) {
		ctor_error(s, n, t, "the arguments do not give the array's sizes");
		return NULL;
	}
	return glsl_sema_array_of(s, elem, t->length ? t->length : n->u.call.nargs);
}

/* `T[](...)` takes its size from the arguments. */
static const struct glsl_type *ctor_type(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_ast_type *at = n->u.call.ctor;
	const struct glsl_type *t;

	if (at->dims)
		return aoa_ctor_type(s, n);
	if (!at->is_array || at->array_size)
		return glsl_sema_type_spec(s, at);
	t = glsl_sema_type_spec(s, at);
	return t ? glsl_sema_array_of(s, t, n->u.call.nargs) : NULL;
}

/* ---- user functions --------------------------------------------------------------- */

bool glsl_sema_add_callee(struct glsl_sema *s, struct glsl_function *callee)
{
	struct glsl_function *fn = s->fn;

	if (!fn)
		return true;
	for (uint32_t i = 0; i < fn->nr_callees; i++)
		if (fn->callees[i] == callee)
			return true;
	if (fn->nr_callees == fn->cap_callees) {
		uint32_t cap = fn->cap_callees ? fn->cap_callees * 2 : 4;
		struct glsl_function **c = glsl_sema_alloc(s, cap * sizeof(*c));

		if (!c)
			return false;
		if (fn->nr_callees)
			memcpy(c, fn->callees, fn->nr_callees * sizeof(*c));
		fn->callees = c;
		fn->cap_callees = cap;
	}
	fn->callees[fn->nr_callees++] = callee;
	return true;
}

/* Whether the arguments match fn's parameters exactly, or (implicit: with
 * GL_EXT_shader_implicit_conversions) after converting `in` arguments;
 * out and inout arguments always match exactly. */
static bool params_match(const struct glsl_sema *s, const struct glsl_function *fn,
			 const struct glsl_ast_node *a, uint32_t nargs, bool implicit)
{
	if (fn->nr_params != nargs)
		return false;
	for (uint32_t i = 0; a; a = a->next, i++) {
		const struct glsl_type *p = fn->param_types[i], *t = a->sema->type.type;

		if (glsl_type_equal(p, t))
			continue;
		if (!implicit || fn->param_storage[i] != GLSL_STORAGE_PARAM_IN ||
		    !glsl_sema_implicit_ok(s, t, p))
			return false;
	}
	return true;
}

/* GLSL 4.00 §6.1 (which the conversion extensions take): parameters a are
 * a better match than b when no argument converts for a where it matches b
 * exactly, and one matches a exactly where it converts for b (ES has no
 * double, so exactness is the only ranking). */
static bool better_params(const struct glsl_type *const *a, const struct glsl_type *const *b,
			  const struct glsl_ast_node *arg)
{
	bool some = false;

	for (uint32_t i = 0; arg; arg = arg->next, i++) {
		bool ea = glsl_type_equal(a[i], arg->sema->type.type);
		bool eb = glsl_type_equal(b[i], arg->sema->type.type);

		if (eb && !ea)
			return false;
		some |= ea && !eb;
	}
	return some;
}

static bool better(const struct glsl_function *a, const struct glsl_function *b,
		   const struct glsl_ast_node *arg)
{
	return better_params(a->param_types, b->param_types, arg);
}

/* The overload a call takes: the exact match, else the one that implicit
 * conversions reach and that is better than every other reached (none
 * such among several: ambiguous, *ambiguous set). */
static struct glsl_function *overload(const struct glsl_sema *s, struct glsl_function *fn,
				      const struct glsl_ast_node *n, bool *ambiguous)
{
	const struct glsl_ast_node *args = n->u.call.args;
	struct glsl_function *found = NULL;

	*ambiguous = false;
	for (struct glsl_function *f = fn; f; f = f->next_overload)
		if (params_match(s, f, args, n->u.call.nargs, false))
			return f;
	if (!s->implicit_conversions)
		return NULL;
	for (struct glsl_function *f = fn; f; f = f->next_overload) {
		if (!params_match(s, f, args, n->u.call.nargs, true))
			continue;
		if (!found || better(f, found, args))
			found = f;
	}
	/* the best must beat every other candidate, not only the ones before it */
	for (struct glsl_function *f = fn; found && f; f = f->next_overload)
		if (f != found && params_match(s, f, args, n->u.call.nargs, true) &&
		    !better(found, f, args))
			*ambiguous = true;
	return *ambiguous ? NULL : found;
}

/* The in arguments converted to their parameters' types. */
static void convert_args(struct glsl_sema *s, const struct glsl_function *fn,
			 struct glsl_ast_node *n)
{
	uint32_t i = 0;

	for (struct glsl_ast_node **a = &n->u.call.args; *a; a = &(*a)->next, i++)
		glsl_sema_convert(s, a, fn->param_types[i]);
}

static bool out_args(struct glsl_sema *s, const uint8_t *storage, uint32_t out_mask,
		     struct glsl_ast_node *a)
{
	for (uint32_t i = 0; a; a = a->next, i++) {
		bool out = storage ? storage[i] != GLSL_STORAGE_PARAM_IN : (out_mask >> i) & 1;

		if (out && !glsl_sema_lvalue(s, a, "cannot pass as an out argument"))
			return false;
	}
	return true;
}

/* The uniform or parameter an image argument names (through array
 * indexing), or NULL. */
static const struct glsl_symbol *image_var(const struct glsl_ast_node *n)
{
	const struct glsl_symbol *v;

	while (n->kind == GLSL_AST_INDEX)
		n = n->u.kid[0];
	v = n->sema && n->sema->what == GLSL_SX_VAR ? n->sema->u.var : NULL;
	return v && (v->storage == GLSL_STORAGE_UNIFORM || v->storage == GLSL_STORAGE_PARAM_IN) ?
	       v : NULL;
}

/* ES 3.10 §4.10: an image argument keeps its coherent, volatile, readonly
 * and writeonly qualifiers: its parameter must have them too. */
static bool image_args(struct glsl_sema *s, const struct glsl_function *fn,
		       const struct glsl_ast_node *a)
{
	const uint32_t kept = GLSL_Q_COHERENT | GLSL_Q_VOLATILE | GLSL_Q_READONLY | GLSL_Q_WRITEONLY;

	for (uint32_t i = 0; a; a = a->next, i++) {
		const struct glsl_symbol *v = image_var(a);
		uint32_t param = fn->params[i] ? fn->params[i]->memory : 0;

		if (v && glsl_type_is_image(v->type.type) && (v->memory & kept & ~param)) {
			glsl_sema_error(s, a->loc, "argument '%s' cannot drop its memory qualifiers "
					"in a call to '%s'", v->cname, fn->cname);
			return false;
		}
	}
	return true;
}

static bool user_call(struct glsl_sema *s, struct glsl_ast_node *n, struct glsl_symbol *sym)
{
	bool ambiguous;
	struct glsl_function *fn = overload(s, sym->fn, n, &ambiguous);
	struct glsl_sema_expr *x;
	char b[256];

	if (!fn) {
		glsl_sema_error(s, n->loc, "%s function for call to '%s'",
				ambiguous ? "no single best" : "no matching",
				call_text(s, sym->cname, n->u.call.args, b, sizeof(b)));
		return false;
	}
	convert_args(s, fn, n);
	if (!out_args(s, fn->param_storage, 0, n->u.call.args) || !image_args(s, fn, n->u.call.args))
		return false;
	x = glsl_sema_annot(s, n, fn->ret.type, fn->ret.precision);
	if (!x)
		return false;
	x->what = GLSL_SX_CALL;
	x->u.fn = fn;
	return glsl_sema_add_callee(s, fn);
}

/* ---- built-in functions ---------------------------------------------------------- */

/* The atomic functions work on buffer and shared variables only (ES 3.10
 * §8.11). */
static bool atomic_memory(struct glsl_sema *s, const struct glsl_bi_fn *fn,
			  const struct glsl_ast_node *mem)
{
	const struct glsl_ast_node *n = mem;
	const struct glsl_symbol *v;

	if (fn->lower != GLSL_BI_LOWER_ATOMIC)
		return true;
	while (n->kind == GLSL_AST_INDEX || n->kind == GLSL_AST_FIELD)
		n = n->kind == GLSL_AST_INDEX ? n->u.kid[0] : n->u.field.base;
	v = n->sema ? n->sema->u.var : NULL;
	if (v && (n->sema->what == GLSL_SX_VAR || n->sema->what == GLSL_SX_MEMBER) &&
	    (v->storage == GLSL_STORAGE_BUFFER || v->storage == GLSL_STORAGE_SHARED))
		return true;
	glsl_sema_error(s, mem->loc, "'%s' needs a buffer or shared variable", glsl_bi_fn_name(fn));
	return false;
}

static bool is_interpolation(const struct glsl_bi_fn *fn)
{
	return fn->lower == GLSL_BI_LOWER_RECIPE && (fn->op == GLSL_BI_RECIPE_INTERP_CENTROID ||
						     fn->op == GLSL_BI_RECIPE_INTERP_SAMPLE ||
						     fn->op == GLSL_BI_RECIPE_INTERP_OFFSET);
}

/* The base of an array element or of a block member; NULL for what an
 * interpolant may not be: a swizzle, a vector component, a struct member. */
static const struct glsl_ast_node *interpolant_base(const struct glsl_ast_node *n)
{
	const struct glsl_ast_node *b = n->kind == GLSL_AST_INDEX ? n->u.kid[0] : n->u.field.base;
	enum glsl_type_kind k = b->sema ? b->sema->type.type->kind : GLSL_KIND_STRUCT;

	return (n->kind == GLSL_AST_INDEX ? k == GLSL_KIND_ARRAY : k == GLSL_KIND_BLOCK) ? b : NULL;
}

/* OES_shader_multisample_interpolation §8.13: the interpolant is an input
 * variable or an element of an input array, without component selection
 * (dEQP's negative cases; the lowering takes its address, so it is never a
 * computed value). */
static bool interpolant(struct glsl_sema *s, const struct glsl_bi_fn *fn,
			const struct glsl_ast_node *arg)
{
	const struct glsl_ast_node *n = arg;
	const struct glsl_symbol *v;

	if (!is_interpolation(fn))
		return true;
	while (n && (n->kind == GLSL_AST_INDEX || n->kind == GLSL_AST_FIELD))
		n = interpolant_base(n);
	v = n && n->sema ? n->sema->u.var : NULL;
	if (v && (n->sema->what == GLSL_SX_VAR || n->sema->what == GLSL_SX_MEMBER) &&
	    v->storage == GLSL_STORAGE_IN && !v->builtin)
		return true;
	glsl_sema_error(s, arg->loc, "'%s' needs a fragment shader input", glsl_bi_fn_name(fn));
	return false;
}

/* ---- image functions (ES 3.10 §8.12, §4.9) ---- */

/* What the image may not be for fn: the memory qualifier it must lack. */
static uint32_t image_forbidden(const struct glsl_bi_fn *fn)
{
	if (fn->lower == GLSL_BI_LOWER_IMAGE_ATOMIC)
		return GLSL_Q_READONLY | GLSL_Q_WRITEONLY;
	if (fn->lower != GLSL_BI_LOWER_OP)
		return 0;
	return fn->op == VC_OP_IMAGE_STORE ? GLSL_Q_READONLY :
	       fn->op == VC_OP_IMAGE_LOAD ? GLSL_Q_WRITEONLY : 0;
}

static bool atomic_format(const struct glsl_bi_fn *fn, const struct glsl_symbol *v)
{
	return v->format == VC_FMT_R32I || v->format == VC_FMT_R32UI ||
	       (v->format == VC_FMT_R32F && fn->op == VC_ATOMIC_XCHG);
}

static bool image_access(struct glsl_sema *s, const struct glsl_bi_fn *fn,
			 const struct glsl_ast_node *arg)
{
	const struct glsl_symbol *v = arg ? image_var(arg) : NULL;
	uint32_t bad = image_forbidden(fn) & (v ? v->memory : 0);

	if (!v || !glsl_type_is_image(v->type.type))
		return true;
	if (bad) {
		glsl_sema_error(s, arg->loc, "'%s' cannot use image '%s': it is %s",
				glsl_bi_fn_name(fn), v->cname,
				bad & GLSL_Q_READONLY ? "readonly" : "writeonly");
		return false;
	}
	/* a parameter's format is its argument's, checked where that is a uniform */
	if (fn->lower == GLSL_BI_LOWER_IMAGE_ATOMIC && v->storage == GLSL_STORAGE_UNIFORM &&
	    !atomic_format(fn, v)) {
		glsl_sema_error(s, arg->loc, "'%s' needs an image of format r32i or r32ui; "
				"'%s' has another", glsl_bi_fn_name(fn), v->cname);
		return false;
	}
	return true;
}

/* textureGather's component is a constant 0..3 (ES 3.10 §8.9.4): the only
 * form whose last argument is a scalar int. */
static bool gather_component(struct glsl_sema *s, const struct glsl_bi_fn *fn,
			     const struct glsl_ast_node *args)
{
	const struct glsl_ast_node *c = args;

	if (fn->lower != GLSL_BI_LOWER_TEX || fn->op != VC_TEX_GATHER)
		return true;
	while (c->next)
		c = c->next;
	if (c->sema->type.type != glsl_type_int ||
	    (c->sema->value && c->sema->value->i >= 0 && c->sema->value->i <= 3))
		return true;
	glsl_sema_error(s, c->loc, "the component of '%s' must be a constant 0, 1, 2 or 3",
			glsl_bi_fn_name(fn));
	return false;
}

/* A texel offset is a constant expression (ES 3.00 §8.8, ES 3.10 §8.9):
 * the last ivec2 / ivec3 argument past the coordinate. GL_EXT_gpu_shader5
 * lets textureGatherOffset's be any expression. */
static bool const_offset(struct glsl_sema *s, const struct glsl_bi_fn *fn,
			 const struct glsl_ast_node *args)
{
	const struct glsl_ast_node *off = NULL;
	unsigned i = 0;

	if (fn->lower != GLSL_BI_LOWER_TEX || !(fn->tex_flags & GLSL_BI_TEX_OFFSET) ||
	    (s->gpu_shader5 && fn->op == VC_TEX_GATHER))
		return true;
	for (const struct glsl_ast_node *a = args; a; a = a->next, i++)
		if (i >= 2 && (a->sema->type.type == glsl_type_ivec2 ||
			       a->sema->type.type == glsl_type_ivec3))
			off = a;
	if (!off || off->sema->value)
		return true;
	glsl_sema_error(s, off->loc, "the offset of '%s' must be a constant expression",
			glsl_bi_fn_name(fn));
	return false;
}

/* ---- built-ins reached by implicit conversions ---- */

#define MAX_BI_OVERLOADS 64

/* fn's parameter types, in params[]; whether the arguments reach them (in
 * parameters by implicit conversions, out parameters exactly). */
static bool bi_reached(const struct glsl_sema *s, const struct glsl_bi_fn *fn,
		       const struct glsl_ast_node *a, unsigned nargs, const struct glsl_type **params)
{
	if (fn->nr_params != nargs)
		return false;
	for (unsigned i = 0; a; a = a->next, i++) {
		params[i] = glsl_bi_fn_param(fn, i);
		if (glsl_type_equal(params[i], a->sema->type.type))
			continue;
		if (((fn->out_mask >> i) & 1) || !glsl_sema_implicit_ok(s, a->sema->type.type, params[i]))
			return false;
	}
	return true;
}

/* The overload of call's name that implicit conversions reach best (GLSL
 * 4.00 §6.1, for built-ins as for user functions), NULL if none or none
 * best; *best_params gets its parameter types. */
static const struct glsl_bi_fn *bi_by_conversion(const struct glsl_sema *s,
						 const struct glsl_bi_call *call,
						 const struct glsl_ast_node *args,
						 const struct glsl_type **best_params)
{
	const struct glsl_bi_fn *fns[MAX_BI_OVERLOADS], *found = NULL;
	const struct glsl_type *p[MAX_ARGS];
	unsigned n = glsl_builtin_overloads(call->name, call->len, call->version, call->stage,
					    call->exts, fns, MAX_BI_OVERLOADS);

	n = n < MAX_BI_OVERLOADS ? n : MAX_BI_OVERLOADS;
	for (unsigned i = 0; i < n; i++) {
		if (!bi_reached(s, fns[i], args, call->nr_args, p) ||
		    (found && !better_params(p, best_params, args)))
			continue;
		found = fns[i];
		memcpy(best_params, p, call->nr_args * sizeof(*p));
	}
	for (unsigned i = 0; found && i < n; i++)
		if (fns[i] != found && bi_reached(s, fns[i], args, call->nr_args, p) &&
		    !better_params(best_params, p, args))
			return NULL;
	return found;
}

/* The arguments converted to the parameters' types. */
static bool convert_to(struct glsl_sema *s, struct glsl_ast_node *n,
		       const struct glsl_type *const *params)
{
	uint32_t i = 0;

	for (struct glsl_ast_node **a = &n->u.call.args; *a; a = &(*a)->next, i++)
		if (!glsl_sema_convert(s, a, params[i]))
			return false;
	return true;
}

/* GL_EXT_gpu_shader5's textureGatherOffsets(sampler, P[, refZ], const
 * ivec2 offsets[4][, comp]): the built-in table has no array parameters,
 * so the call resolves as textureGatherOffset with an ivec2 there, and
 * the annotation's count (4) tells the lowering to gather once per offset.
 * The offsets argument is the one array; it must be constant. */
static int gather_offsets(struct glsl_sema *s, struct glsl_ast_node *n, const char *name,
			  const struct glsl_type **types, unsigned nr)
{
	const struct glsl_ast_node *a = n->u.call.args;
	unsigned i = 0;

	if (!s->gpu_shader5 || strcmp(name, "textureGatherOffsets"))
		return 0;
	for (; a && a->sema->type.type->kind != GLSL_KIND_ARRAY; a = a->next)
		i++;
	if (!a || i < 2 || i >= nr || a->sema->type.type->elem != glsl_type_ivec2 ||
	    a->sema->type.type->length != 4) {
		glsl_sema_error(s, n->loc, "textureGatherOffsets takes its offsets as ivec2[4]");
		return -1;
	}
	if (!a->sema->value) {
		glsl_sema_error(s, a->loc, "the offsets of 'textureGatherOffsets' must be a "
				"constant expression");
		return -1;
	}
	types[i] = glsl_type_ivec2;
	return 1;
}

static bool builtin_call(struct glsl_sema *s, struct glsl_ast_node *n, const char *name)
{
	const struct glsl_type *types[MAX_ARGS];
	enum glsl_precision precs[MAX_ARGS];
	struct glsl_bi_call call = { .name = name, .len = strlen(name), .args = types,
				     .version = s->version, .stage = s->stage, .exts = s->bi_exts };
	const struct glsl_bi_fn *fn;
	struct glsl_sema_expr *x;
	char err[512];
	int four;

	for (const struct glsl_ast_node *a = n->u.call.args; a && call.nr_args < MAX_ARGS; a = a->next) {
		precs[call.nr_args] = a->sema->type.precision;
		types[call.nr_args++] = a->sema->type.type;
	}
	four = gather_offsets(s, n, name, types, call.nr_args);
	if (four < 0)
		return false;
	if (four) {
		call.name = "textureGatherOffset";
		call.len = strlen(call.name);
	}
	switch (glsl_builtin_resolve(&call, &fn, err, sizeof(err))) {
	case GLSL_BI_FOUND:
		break;
	case GLSL_BI_NOT_BUILTIN:
		if (!glsl_sema_poisoned(s, n->u.call.name))
			glsl_sema_error(s, n->loc, "no function '%s' declared", name);
		return false;
	default:
		fn = s->implicit_conversions && !four ?
		     bi_by_conversion(s, &call, n->u.call.args, types) : NULL;
		if (fn && convert_to(s, n, types))
			break;
		glsl_sema_error(s, n->loc, "%s", err);
		return false;
	}
	if (!strcmp(glsl_bi_fn_name(fn), "barrier") && !glsl_sema_tess_barrier(s, n->loc))
		return false;
	if (!out_args(s, NULL, fn->out_mask, n->u.call.args) || !atomic_memory(s, fn, n->u.call.args) ||
	    !interpolant(s, fn, n->u.call.args) ||
	    !image_access(s, fn, n->u.call.args) || !gather_component(s, fn, n->u.call.args) ||
	    (!four && !const_offset(s, fn, n->u.call.args)))
		return false;
	x = glsl_sema_annot(s, n, glsl_bi_fn_return(fn), glsl_bi_fn_precision(fn, precs));
	if (!x)
		return false;
	x->what = GLSL_SX_BUILTIN;
	x->u.bi = fn;
	x->count = four ? 4 : 0;
	if (all_const(n->u.call.args) && !fn->out_mask && !is_interpolation(fn))
		x->value = glsl_fold_builtin(s, fn, n->u.call.args);
	return !s->failed;
}

bool glsl_sema_call(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_symbol *sym;
	const struct glsl_type *t;

	if (!type_args(s, n->u.call.args))
		return false;
	if (n->u.call.ctor) {
		t = ctor_type(s, n);
		return t && constructor(s, n, t);
	}
	sym = glsl_symtab_find(&s->syms, n->u.call.name);
	if (sym && sym->kind == GLSL_SYM_TYPE)
		return constructor(s, n, sym->type.type);
	if (sym && sym->kind == GLSL_SYM_FUNC)
		return user_call(s, n, sym);
	if (sym) {
		glsl_sema_error(s, n->loc, "'%s' is not a function", sym->cname);
		return false;
	}
	return builtin_call(s, n, glsl_sema_name(s, n->u.call.name));
}

bool glsl_sema_method(struct glsl_sema *s, struct glsl_ast_node *n)
{
	const char *name = glsl_sema_name(s, n->u.call.name);
	const struct glsl_type *t;
	struct glsl_sema_expr *x;
	union glsl_cval *v;

	/* .length() reads no value (a writeonly buffer's array has a length) */
	if (!glsl_sema_expr_unread(s, n->u.call.obj, true) || !type_args(s, n->u.call.args))
		return false;
	t = n->u.call.obj->sema->type.type;
	if (strcmp(name, "length") || t->kind != GLSL_KIND_ARRAY || n->u.call.nargs) {
		glsl_sema_error(s, n->loc, "unknown method '%s'", name);
		return false;
	}
	x = glsl_sema_annot(s, n, glsl_type_int, GLSL_PREC_NONE);
	if (!x)
		return false;
	x->what = GLSL_SX_LENGTH;
	if (!t->length)
		return true;   /* a buffer's unsized array: known when it runs */
	v = glsl_const_alloc(s, glsl_type_int);
	if (!v)
		return false;
	v->i = (int32_t)t->length;
	x->value = v;
	return true;
}
