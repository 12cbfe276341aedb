/* SPDX-License-Identifier: MIT */
/*
 * Declarations: variables (qualifiers per version and stage, the types each
 * storage class takes, precision, initializers), functions (prototypes,
 * definitions, overloads, built-in names), precision statements,
 * `invariant` redeclarations, uniform blocks and default layouts, and the
 * whole-shader checks at the end.
 */
#include <string.h>

#include "glsl_sema_private.h"

static bool fail(struct glsl_sema *s, struct glsl_loc loc, const char *msg)
{
	glsl_sema_error(s, loc, "%s", msg);
	return false;
}

static const struct glsl_type *base_elem(const struct glsl_type *t)
{
	while (t->kind == GLSL_KIND_ARRAY)
		t = t->elem;
	return t;
}

/* ---- qualifiers ------------------------------------------------------------- */

/* ES 3.10: shared variables live in compute shaders, buffer variables in
 * blocks, and compute shaders have no in or out variables. */
static bool es310_storage(struct glsl_sema *s, const struct glsl_ast_qual *q)
{
	bool cs = s->stage == GLSL_STAGE_COMPUTE;

	if ((q->storage & GLSL_Q_SHARED) && !cs)
		return fail(s, q->loc, "'shared' variables exist only in compute shaders");
	if (q->storage & GLSL_Q_BUFFER)
		return fail(s, q->loc, "buffer variables must be declared in a buffer block");
	if (cs && (q->storage & (GLSL_Q_IN | GLSL_Q_OUT)))
		return fail(s, q->loc, "compute shaders have no 'in' or 'out' variables");
	return true;
}

/* ---- images (ES 3.10 §4.4.7, §4.9) ------------------------------------------- */

/* The base type a format's texels have: float (also the normalized ones), int, uint. */
static enum glsl_base format_base(enum vc_format f)
{
	switch (f) {
	case VC_FMT_RGBA32I: case VC_FMT_RGBA16I: case VC_FMT_RGBA8I: case VC_FMT_R32I:
	case VC_FMT_RG32I: case VC_FMT_RG16I: case VC_FMT_RG8I: case VC_FMT_R16I: case VC_FMT_R8I:
		return GLSL_BASE_INT;
	case VC_FMT_RGBA32UI: case VC_FMT_RGBA16UI: case VC_FMT_RGBA8UI: case VC_FMT_R32UI:
	case VC_FMT_RG32UI: case VC_FMT_RGB10_A2UI: case VC_FMT_RG16UI: case VC_FMT_RG8UI:
	case VC_FMT_R16UI: case VC_FMT_R8UI:
		return GLSL_BASE_UINT;
	default:
		return GLSL_BASE_FLOAT;
	}
}

static bool image_format_rules(struct glsl_sema *s, const struct glsl_ast_qual *q,
			       const struct glsl_symbol *v)
{
	const struct glsl_type *t = base_elem(v->type.type);
	uint32_t access = v->memory & (GLSL_Q_READONLY | GLSL_Q_WRITEONLY);
	bool r32 = v->format == VC_FMT_R32F || v->format == VC_FMT_R32I || v->format == VC_FMT_R32UI;

	if (!(q->layout & GLSL_LAYOUT_FORMAT))
		return fail(s, q->loc.line ? q->loc : v->loc,
			    "image uniforms must have a format layout qualifier");
	if (format_base((enum vc_format)v->format) != t->base) {
		glsl_sema_error(s, q->loc, "the format layout qualifier of '%s' does not match "
				"its image type", v->cname);
		return false;
	}
	if (!r32 && !access) {
		glsl_sema_error(s, q->loc, "image '%s' must be readonly or writeonly unless its "
				"format is r32f, r32i or r32ui", v->cname);
		return false;
	}
	return true;
}

/* GLSL ES 3.10 §4.4.5: every element's binding must be below the limit
 * (max < 0: none known, as for blocks compiled without the GL's limits). */
static bool binding_below(struct glsl_sema *s, const struct glsl_ast_qual *q,
			  const struct glsl_symbol *v, const char *what, const char *limit, int32_t max)
{
	uint64_t end = (uint64_t)(v->binding > 0 ? v->binding : 0) +
		       glsl_type_array_elements(v->type.type);

	if (max < 0 || end <= (uint64_t)max)
		return true;
	glsl_sema_error(s, q->loc, "the binding of %s '%s' is not below %s (%d)", what,
			v->cname ? v->cname : glsl_type_innermost(v->type.type)->name, limit, max);
	return false;
}

/* A built-in constant's value (gl_MaxImageUnits ...), -1 where it is not. */
static int32_t builtin_max(struct glsl_sema *s, const char *name)
{
	const struct glsl_bi_var *max = glsl_builtin_var(name, strlen(name), GLSL_ES_310,
							 s->stage, 0);

	return max ? glsl_builtin_const_value(max, &s->opts.limits) : -1;
}

static bool image_binding_rule(struct glsl_sema *s, const struct glsl_ast_qual *q,
			       const struct glsl_symbol *v)
{
	return binding_below(s, q, v, "image", "gl_MaxImageUnits", builtin_max(s, "gl_MaxImageUnits"));
}

/* Memory qualifiers and formats belong to images (and buffer blocks, which
 * take theirs elsewhere). */
static bool image_quals(struct glsl_sema *s, const struct glsl_ast_qual *q, struct glsl_symbol *v)
{
	bool image = glsl_type_is_image(v->type.type);

	if ((q->storage & GLSL_Q_MEMORY) && !image)
		return fail(s, q->loc, "memory qualifiers apply only to buffer blocks, their "
			    "members and images");
	if ((q->layout & GLSL_LAYOUT_FORMAT) && !image)
		return fail(s, q->loc, "format layout qualifiers apply only to images");
	if (!image || v->storage != GLSL_STORAGE_UNIFORM)
		return true;
	v->memory = q->storage & GLSL_Q_MEMORY;
	v->format = q->format;
	/* readonly and writeonly together leave imageSize (dEQP-GLES31's
	 * image_size.readonly_writeonly_* compile such images, as Mesa does):
	 * the load and store checks refuse the rest */
	return image_format_rules(s, q, v) && image_binding_rule(s, q, v);
}

static bool global_storage(struct glsl_sema *s, const struct glsl_ast_qual *q, struct glsl_symbol *v)
{
	uint32_t st = q->storage;

	if (!es310_storage(s, q))
		return false;
	if (st & GLSL_Q_SHARED)
		v->storage = GLSL_STORAGE_SHARED;
	else if (st & GLSL_Q_CONST)
		v->storage = GLSL_STORAGE_CONST;
	else if (st & GLSL_Q_UNIFORM)
		v->storage = GLSL_STORAGE_UNIFORM;
	else if (st & GLSL_Q_ATTRIBUTE) {
		if (s->stage != GLSL_STAGE_VERTEX)
			return fail(s, q->loc, "'attribute' is only allowed in vertex shaders");
		v->storage = GLSL_STORAGE_IN;
	} else if (st & GLSL_Q_VARYING)
		v->storage = s->stage == GLSL_STAGE_VERTEX ? GLSL_STORAGE_OUT : GLSL_STORAGE_IN;
	else if (st & GLSL_Q_IN)
		v->storage = GLSL_STORAGE_IN;
	else if (st & GLSL_Q_OUT)
		v->storage = GLSL_STORAGE_OUT;
	else
		v->storage = GLSL_STORAGE_GLOBAL;
	return true;
}

static bool is_varying(const struct glsl_sema *s, enum glsl_storage st)
{
	return (s->stage == GLSL_STAGE_VERTEX && st == GLSL_STORAGE_OUT) ||
	       (s->stage == GLSL_STAGE_FRAGMENT && st == GLSL_STORAGE_IN) ||
	       ((s->stage == GLSL_STAGE_GEOMETRY || s->stage == GLSL_STAGE_TESS_CTRL ||
		 s->stage == GLSL_STAGE_TESS_EVAL) &&
		(st == GLSL_STORAGE_IN || st == GLSL_STORAGE_OUT));
}

static bool interp_quals(struct glsl_sema *s, const struct glsl_ast_qual *q, struct glsl_symbol *v)
{
	bool interp = q->storage & (GLSL_Q_FLAT | GLSL_Q_SMOOTH | GLSL_Q_CENTROID | GLSL_Q_SAMPLE);

	v->interp = q->storage & GLSL_Q_FLAT ? GLSL_INTERP_FLAT :
		    q->storage & GLSL_Q_SMOOTH ? GLSL_INTERP_SMOOTH : GLSL_INTERP_DEFAULT;
	v->centroid = q->storage & GLSL_Q_CENTROID;
	v->sample = q->storage & GLSL_Q_SAMPLE;
	v->invariant = q->storage & GLSL_Q_INVARIANT;
	if (interp && !is_varying(s, v->storage))
		return fail(s, q->loc, "interpolation qualifiers apply only to vertex outputs and "
			    "fragment inputs");
	if (v->invariant && s->version >= GLSL_ES_300 && v->storage != GLSL_STORAGE_OUT)
		return fail(s, q->loc, "'invariant' applies only to shader outputs");
	if (v->invariant && s->version < GLSL_ES_300 && !is_varying(s, v->storage))
		return fail(s, q->loc, "'invariant' applies only to varyings");
	return true;
}

/* layout(binding) (ES 3.10): samplers (and arrays of them); blocks check
 * their own. */
static bool binding_qual(struct glsl_sema *s, const struct glsl_ast_qual *q, struct glsl_symbol *v)
{
	if (!(q->layout & GLSL_LAYOUT_BINDING))
		return true;
	if (v->storage != GLSL_STORAGE_UNIFORM || !glsl_type_is_opaque(v->type.type) ||
	    v->type.type->kind == GLSL_KIND_STRUCT)
		return fail(s, q->loc, "'binding' applies only to samplers, images, atomic "
			    "counters, uniform and buffer blocks");
	if (q->binding < 0)
		return fail(s, q->loc, "'binding' must not be negative");
	v->binding = q->binding;
	if (glsl_type_innermost(v->type.type)->kind != GLSL_KIND_SAMPLER ||
	    glsl_type_is_image(v->type.type))
		return true;
	return binding_below(s, q, v, "sampler", "gl_MaxCombinedTextureImageUnits",
			     builtin_max(s, "gl_MaxCombinedTextureImageUnits"));
}

/* GLSL ES 3.00 under #extension GL_EXT_separate_shader_objects: locations
 * on vertex outputs and fragment inputs (the extension's §4.3.8.1, 4.3.8.2) */
static bool sso_varying_locations(const struct glsl_sema *s)
{
	return s->version >= GLSL_ES_300 &&
	       glsl_sema_ext_enabled(s->toks, "GL_EXT_separate_shader_objects");
}

static bool location_target(const struct glsl_sema *s, const struct glsl_symbol *v)
{
	/* explicit uniform and varying locations are ES 3.10's (§4.4.1, 4.4.2:
	 * vertex outputs and fragment inputs then match by location) */
	if (is_varying(s, v->storage) && sso_varying_locations(s))
		return true;
	if (v->storage == GLSL_STORAGE_UNIFORM || is_varying(s, v->storage))
		return s->version >= GLSL_ES_310;
	return (s->stage == GLSL_STAGE_VERTEX && v->storage == GLSL_STORAGE_IN) ||
	       (s->stage == GLSL_STAGE_FRAGMENT && v->storage == GLSL_STORAGE_OUT);
}

static bool layout_quals(struct glsl_sema *s, const struct glsl_ast_qual *q, struct glsl_symbol *v)
{
	if (!(q->storage & GLSL_Q_LAYOUT))
		return true;
	if (q->layout & ~(GLSL_LAYOUT_LOCATION | GLSL_LAYOUT_BINDING | GLSL_LAYOUT_FORMAT |
			  GLSL_LAYOUT_OFFSET))
		return fail(s, q->loc, "block layout qualifiers apply only to interface blocks");
	if (!binding_qual(s, q, v))
		return false;
	if (!(q->layout & GLSL_LAYOUT_LOCATION))
		return true;
	if (v->storage == GLSL_STORAGE_UNIFORM && glsl_type_is_atomic(v->type.type))
		return fail(s, q->loc, "atomic counters take no 'location'");
	if (!location_target(s, v))
		return fail(s, q->loc, s->version >= GLSL_ES_310 ?
			    "'location' applies only to vertex inputs and outputs, fragment inputs "
			    "and outputs and uniforms" :
			    "'location' applies only to vertex inputs and fragment outputs (and "
			    "varyings under #extension GL_EXT_separate_shader_objects)");
	if (q->location < 0)
		return fail(s, q->loc, "'location' must not be negative");
	v->location = q->location;
	return true;
}

/* ---- what each storage class may hold --------------------------------------- */

static bool has_kind(const struct glsl_type *t, enum glsl_type_kind k)
{
	if (t->kind == k)
		return true;
	if (t->kind == GLSL_KIND_ARRAY)
		return has_kind(t->elem, k);
	if (t->kind == GLSL_KIND_STRUCT)
		for (uint32_t i = 0; i < t->nr_fields; i++)
			if (has_kind(t->fields[i].type, k))
				return true;
	return false;
}

static bool has_base(const struct glsl_type *t, enum glsl_base b)
{
	if (t->kind == GLSL_KIND_ARRAY)
		return has_base(t->elem, b);
	if (t->kind == GLSL_KIND_STRUCT) {
		for (uint32_t i = 0; i < t->nr_fields; i++)
			if (has_base(t->fields[i].type, b))
				return true;
		return false;
	}
	return glsl_type_is_numeric(t) && t->base == b;
}

static bool is_integer_based(const struct glsl_type *t)
{
	return has_base(t, GLSL_BASE_INT) || has_base(t, GLSL_BASE_UINT);
}

static bool vs_input_type(struct glsl_sema *s, const struct glsl_type *t)
{
	if (t->kind == GLSL_KIND_ARRAY || t->kind == GLSL_KIND_STRUCT || !glsl_type_is_numeric(t) ||
	    t->base == GLSL_BASE_BOOL)
		return false;
	return s->version >= GLSL_ES_300 || t->base == GLSL_BASE_FLOAT;
}

static bool has_kind_nested_struct(const struct glsl_type *t)
{
	for (uint32_t i = 0; i < t->nr_fields; i++)
		if (t->fields[i].type->kind == GLSL_KIND_STRUCT)
			return true;
	return false;
}

static bool varying_type(struct glsl_sema *s, const struct glsl_type *t)
{
	const struct glsl_type *e = base_elem(t);

	if (has_base(t, GLSL_BASE_BOOL) || glsl_type_is_opaque(t))
		return false;
	/* the tessellation stages' varyings never meet a vertex output or a
	 * fragment input: structs of arrays and arrays of structs are theirs
	 * (EXT_tessellation_shader §4.3.4) */
	if (s->stage == GLSL_STAGE_TESS_CTRL || s->stage == GLSL_STAGE_TESS_EVAL)
		return e->kind == GLSL_KIND_STRUCT ? e->nr_fields > 0 : glsl_type_is_numeric(e);
	if (s->version < GLSL_ES_300)
		return glsl_type_is_numeric(e) && e->base == GLSL_BASE_FLOAT;
	if (e->kind == GLSL_KIND_STRUCT)
		return t->kind != GLSL_KIND_ARRAY && !has_kind(e, GLSL_KIND_ARRAY) &&
		       e->nr_fields && !has_kind_nested_struct(e);
	return glsl_type_is_numeric(e);
}

static bool fs_output_type(const struct glsl_type *t)
{
	const struct glsl_type *e = base_elem(t);

	return (e->kind == GLSL_KIND_SCALAR || e->kind == GLSL_KIND_VECTOR) &&
	       e->base != GLSL_BASE_BOOL;
}

static bool storage_type(struct glsl_sema *s, struct glsl_symbol *v, struct glsl_loc loc)
{
	const struct glsl_type *t = v->type.type;
	char b[64];
	bool ok = true;

	/* ES 3.10 §4.3.4, §4.3.6: no stage's inputs or outputs are arrays of
	 * arrays (there are no geometry or tessellation stages in ES 3.10) */
	if ((v->storage == GLSL_STORAGE_IN || v->storage == GLSL_STORAGE_OUT) &&
	    glsl_type_is_aoa(t))
		return fail(s, loc, "shader inputs and outputs cannot be arrays of arrays");
	if (glsl_type_is_aoa(t) && (glsl_type_is_image(t) || glsl_type_is_atomic(t)))
		return fail(s, loc, "arrays of arrays of images and atomic counters are not "
			    "supported yet");
	if (v->storage == GLSL_STORAGE_IN && s->stage == GLSL_STAGE_VERTEX)
		ok = vs_input_type(s, t);
	else if (is_varying(s, v->storage))
		ok = varying_type(s, glsl_sema_tess_vertex_type(s, v));
	else if (v->storage == GLSL_STORAGE_OUT)
		ok = fs_output_type(t);
	if (!ok) {
		glsl_sema_error(s, loc, "'%s': type %s is not allowed for this storage", v->cname,
				glsl_sema_tname(t, b, sizeof(b)));
		return false;
	}
	if (glsl_type_is_opaque(t) && v->storage != GLSL_STORAGE_UNIFORM &&
	    v->storage != GLSL_STORAGE_PARAM_IN)
		return fail(s, loc, glsl_type_is_atomic(t) ?
			    "atomic counters can only be uniforms or function parameters" :
			    "samplers can only be uniforms or function parameters");
	/* (a tessellation stage's varyings and a geometry shader's inputs are
	 * never interpolated) */
	if (is_varying(s, v->storage) && s->version >= GLSL_ES_300 && is_integer_based(t) &&
	    v->interp != GLSL_INTERP_FLAT && s->stage != GLSL_STAGE_TESS_CTRL &&
	    s->stage != GLSL_STAGE_TESS_EVAL &&
	    !(s->stage == GLSL_STAGE_GEOMETRY && v->storage == GLSL_STORAGE_IN))
		return fail(s, loc, "integer vertex outputs and fragment inputs must be 'flat'");
	return true;
}

static bool precision(struct glsl_sema *s, const struct glsl_ast_fulltype *ft, struct glsl_symbol *v,
		      struct glsl_loc loc)
{
	const struct glsl_type *t = v->type.type;
	char b[64];

	if (ft->qual.precision) {
		if (!glsl_type_takes_precision(t))
			return fail(s, ft->qual.loc.line ? ft->qual.loc : loc,
				    "precision qualifiers apply only to float, int and sampler types");
		v->type.precision = glsl_sema_prec_of_tok(ft->qual.precision);
		return true;
	}
	v->type.precision = glsl_sema_default_prec(s, t);
	if (v->type.precision || !glsl_type_takes_precision(t))
		return true;
	glsl_sema_error(s, loc, "'%s' has no precision qualifier and %s has no default precision",
			v->cname, glsl_sema_tname(base_elem(t), b, sizeof(b)));
	return false;
}

/* ---- variables ------------------------------------------------------------------ */

/* `a[]`, `T[] a`: the old 3.00 form, whose type is the element type until
 * the initializer sizes it. Arrays of arrays keep their unsized levels as
 * length 0 instead (glsl_sema_dims). */
static bool unsized(const struct glsl_ast_fulltype *ft, const struct glsl_ast_declarator *d)
{
	return !d->dims && !ft->type.dims && glsl_ast_unsized(&ft->type, d);
}

static const struct glsl_type *var_type(struct glsl_sema *s, const struct glsl_type *t,
					struct glsl_ast_declarator *d)
{
	uint32_t len;

	if (d->dims)
		return glsl_sema_dims(s, t, d->dims);
	if (!d->array_size || t->kind == GLSL_KIND_ARRAY)
		return t;
	if (t->kind == GLSL_KIND_VOID)
		return fail(s, d->loc, "arrays of void are not allowed"), NULL;
	len = glsl_sema_array_size(s, d->array_size);
	return len ? glsl_sema_array_of(s, t, len) : NULL;
}

static bool initializer(struct glsl_sema *s, struct glsl_symbol *v, struct glsl_ast_declarator *d,
			bool global, bool is_unsized)
{
	const struct glsl_sema_expr *x;
	char b1[64], b2[64];

	if (v->storage != GLSL_STORAGE_CONST && v->storage != GLSL_STORAGE_GLOBAL &&
	    v->storage != GLSL_STORAGE_LOCAL)
		return fail(s, d->loc, "only const, global and local variables can be initialized");
	if (!glsl_sema_expr(s, d->init))
		return false;
	glsl_sema_convert(s, &d->init, v->type.type);
	x = d->init->sema;
	if (is_unsized && x->type.type->kind == GLSL_KIND_ARRAY &&
	    glsl_type_equal(x->type.type->elem, v->type.type))
		v->type.type = x->type.type;
	if (glsl_type_has_unsized(v->type.type) && glsl_type_fits_unsized(v->type.type, x->type.type))
		v->type.type = x->type.type;
	if (!glsl_type_equal(v->type.type, x->type.type)) {
		glsl_sema_error(s, d->init->loc, "cannot initialize '%s' of type %s with %s", v->cname,
				glsl_sema_tname(v->type.type, b1, sizeof(b1)),
				glsl_sema_tname(x->type.type, b2, sizeof(b2)));
		return false;
	}
	if (!x->value && (v->storage == GLSL_STORAGE_CONST || global)) {
		glsl_sema_error(s, d->init->loc, "initializer of %s'%s' must be a constant expression",
				global ? "global " : "const ", v->cname);
		return false;
	}
	if (v->storage == GLSL_STORAGE_CONST)
		v->value = x->value;
	return true;
}

/* A uniform declared again with the same type and precision is the same
 * uniform (Mesa accepts this, and dEQP's generated declarations rely on
 * it); the declarator then names the first one. */
static bool same_uniform(struct glsl_sema *s, struct glsl_symbol *v)
{
	struct glsl_symbol *old = glsl_symtab_find_here(&s->syms, v->name);

	if (!old || old->kind != GLSL_SYM_VAR || old->storage != GLSL_STORAGE_UNIFORM ||
	    v->storage != GLSL_STORAGE_UNIFORM || !glsl_type_equal(old->type.type, v->type.type) ||
	    old->type.precision != v->type.precision)
		return false;
	s->dup_uniform = old;
	return true;
}

static bool declarator(struct glsl_sema *s, const struct glsl_ast_fulltype *ft,
		       const struct glsl_type *t, struct glsl_ast_declarator *d, bool global)
{
	struct glsl_symbol *v = glsl_sema_new_symbol(s, GLSL_SYM_VAR, d->name, d->loc);
	bool is_unsized = unsized(ft, d);

	if (!v)
		return false;
	d->sym = v;
	if (global ? !global_storage(s, &ft->qual, v) : false)
		return false;
	if (!global)
		v->storage = ft->qual.storage & GLSL_Q_CONST ? GLSL_STORAGE_CONST : GLSL_STORAGE_LOCAL;
	v->type.type = var_type(s, t, d);
	if (v->type.type && (!glsl_sema_gs_input(s, v, &is_unsized, d->loc) ||
			     !glsl_sema_tess_io(s, &ft->qual, v, &is_unsized, d->loc)))
		return false;
	if (!v->type.type || !interp_quals(s, &ft->qual, v) || !layout_quals(s, &ft->qual, v) ||
	    !image_quals(s, &ft->qual, v))
		return false;
	if (t->kind == GLSL_KIND_VOID)
		return fail(s, d->loc, "variables cannot be declared void");
	if (!precision(s, ft, v, d->loc) || !storage_type(s, v, d->loc) ||
	    !glsl_sema_atomic_counter(s, &ft->qual, v, d->loc))
		return false;
	v->read_only = v->storage == GLSL_STORAGE_CONST || v->storage == GLSL_STORAGE_UNIFORM ||
		       v->storage == GLSL_STORAGE_IN;
	if (d->init && !initializer(s, v, d, global && v->storage == GLSL_STORAGE_GLOBAL, is_unsized))
		return false;
	if (!d->init && v->storage == GLSL_STORAGE_CONST)
		return fail(s, d->loc, "const variables must be initialized");
	if ((is_unsized && v->type.type->kind != GLSL_KIND_ARRAY) ||
	    glsl_type_has_unsized(v->type.type))
		return fail(s, d->loc, "an unsized array needs an array initializer");
	if (global && same_uniform(s, v))
		return true;
	if (!glsl_sema_check_new_name(s, d->name, d->loc))
		return false;
	glsl_symtab_add(&s->syms, v);
	return true;
}

static bool add_global(struct glsl_sema *s, struct glsl_symbol *v)
{
	struct glsl_sema_result *r = s->res;

	if (!(r->nr_globals & (r->nr_globals - 1)) || !r->nr_globals) {
		uint32_t cap = r->nr_globals ? r->nr_globals * 2 : 8;
		struct glsl_symbol **g = glsl_sema_alloc(s, cap * sizeof(*g));

		if (!g)
			return false;
		if (r->nr_globals)
			memcpy(g, r->globals, r->nr_globals * sizeof(*g));
		r->globals = g;
	}
	r->globals[r->nr_globals++] = v;
	return true;
}

static void count_fs_output(struct glsl_sema *s, const struct glsl_symbol *v)
{
	if (s->stage != GLSL_STAGE_FRAGMENT || v->storage != GLSL_STORAGE_OUT)
		return;
	if (!s->nr_fs_outputs)
		s->fs_output_loc = v->loc;
	s->nr_fs_outputs++;
	s->nr_fs_outputs_located += v->location >= 0;
}

static bool var_decl(struct glsl_sema *s, struct glsl_ast_decl *d, bool global)
{
	const struct glsl_type *t = glsl_sema_type_spec(s, &d->type.type);

	if (!t)
		return false;
	if (!d->vars && global && t->kind == GLSL_KIND_ATOMIC)
		return glsl_sema_atomic_default(s, &d->type.qual);
	if (!d->vars && d->type.qual.storage && d->type.type.tok != GLSL_TOK_KW_STRUCT)
		return fail(s, d->type.qual.loc, "a declaration with qualifiers needs a name");
	/* also without declarators: `lowp struct S { ... };` (ES 1.00 §4.5.2) */
	if (d->type.qual.precision && !glsl_type_takes_precision(t))
		return fail(s, d->type.qual.loc, "precision qualifiers apply only to float, int and "
			    "sampler types");
	for (struct glsl_ast_declarator *v = d->vars; v; v = v->next) {
		if (global && glsl_sema_clip_named(s, v->name)) {
			if (!glsl_sema_clip_redeclare(s, &d->type.qual, var_type(s, t, v), v))
				return false;
			continue;
		}
		s->dup_uniform = NULL;
		if (!declarator(s, &d->type, t, v, global))
			return false;
		if (s->dup_uniform) {
			v->sym = s->dup_uniform;
			continue;
		}
		if (global && !add_global(s, v->sym))
			return false;
		if (global)
			count_fs_output(s, v->sym);
	}
	return true;
}

bool glsl_sema_local_decl(struct glsl_sema *s, struct glsl_ast_node *n)
{
	if (n->kind == GLSL_AST_PRECISION)
		return glsl_sema_precision_stmt(s, n);
	return var_decl(s, n->u.decl, false);
}

/* ---- precision statements and invariant --------------------------------------- */

bool glsl_sema_precision_stmt(struct glsl_sema *s, struct glsl_ast_node *n)
{
	const struct glsl_ast_fulltype *ft = n->u.prec;
	const struct glsl_type *t = glsl_sema_tok_type((enum glsl_tok)ft->type.tok, s->version);

	if (!t)
		return fail(s, ft->type.loc, "default precision applies only to float, int and samplers");
	if (t->kind != GLSL_KIND_SAMPLER && t->kind != GLSL_KIND_SCALAR)
		return fail(s, ft->type.loc, "default precision applies only to float, int and samplers");
	return glsl_sema_set_default_prec(s, t->id, glsl_sema_prec_of_tok(ft->qual.precision));
}

static bool invariant_target(const struct glsl_sema *s, const struct glsl_symbol *v)
{
	if (v->kind != GLSL_SYM_VAR)
		return false;
	/* ES 1.00 §4.6.4: "It is an error to declare gl_FrontFacing as invariant." */
	if (v->builtin)
		return v->storage == GLSL_STORAGE_OUT ||
		       (s->version < GLSL_ES_300 && s->stage == GLSL_STAGE_FRAGMENT &&
			v->storage == GLSL_STORAGE_IN &&
			v->builtin->builtin != VC_BUILTIN_FRONT_FACING);
	if (s->version >= GLSL_ES_300)
		return v->storage == GLSL_STORAGE_OUT;
	return is_varying(s, v->storage);
}

static bool invariant_list(struct glsl_sema *s, struct glsl_ast_node *n)
{
	for (struct glsl_ast_idlist *id = n->u.ids; id; id = id->next) {
		struct glsl_symbol *v = glsl_sema_lookup_var(s, id->name);

		if (!v) {
			if (!glsl_sema_poisoned(s, id->name))
				glsl_sema_error(s, id->loc, "'%s' undeclared", glsl_sema_name(s, id->name));
			return false;
		}
		if (n->op == GLSL_TOK_KW_PRECISE)
			continue;   /* `precise a;` changes no code (GLSL_Q_PRECISE) */
		if (!invariant_target(s, v)) {
			glsl_sema_error(s, id->loc, "'%s' cannot be declared invariant", v->cname);
			return false;
		}
		if (v->used) {
			glsl_sema_error(s, id->loc, "'%s' is declared invariant after its use", v->cname);
			return false;
		}
		v->invariant = true;
		if (v->builtin && !add_global(s, v))
			return false;
	}
	return true;
}

/* ---- functions -------------------------------------------------------------------- */

static uint32_t count_params(const struct glsl_ast_decl *p)
{
	uint32_t n = 0;

	for (; p; p = p->next)
		n++;
	return n;
}

static enum glsl_storage param_storage(const struct glsl_ast_qual *q)
{
	if (q->storage & GLSL_Q_INOUT)
		return GLSL_STORAGE_PARAM_INOUT;
	if (q->storage & GLSL_Q_OUT)
		return GLSL_STORAGE_PARAM_OUT;
	return GLSL_STORAGE_PARAM_IN;
}

static bool param(struct glsl_sema *s, struct glsl_function *fn, struct glsl_ast_decl *p, uint32_t i)
{
	struct glsl_ast_declarator *d = p->vars;
	const struct glsl_type *t;
	struct glsl_symbol *v;

	if (p->type.type.tok == GLSL_TOK_KW_STRUCT)
		return fail(s, p->type.type.loc, "struct definitions are not allowed in parameters");
	t = glsl_sema_type_spec(s, &p->type.type);
	if (!t)
		return false;
	if (d && !(t = var_type(s, t, d)))
		return false;
	if (t->kind == GLSL_KIND_VOID)
		return fail(s, p->type.type.loc, "parameters cannot be void");
	if (glsl_type_has_unsized(t))
		return fail(s, p->type.type.loc, "parameter arrays must have a size");
	fn->param_types[i] = t;
	fn->param_storage[i] = (uint8_t)param_storage(&p->type.qual);
	v = glsl_sema_new_symbol(s, GLSL_SYM_VAR, d ? d->name : GLSL_AST_NO_NAME,
				 d ? d->loc : p->type.type.loc);
	if (!v)
		return false;
	v->type.type = t;
	v->storage = (enum glsl_storage)fn->param_storage[i];
	v->read_only = (p->type.qual.storage & GLSL_Q_CONST) != 0;
	fn->params[i] = v;
	if (d)
		d->sym = v;
	if (!precision(s, &p->type, v, v->loc))
		return false;
	if (glsl_type_is_opaque(t) && v->storage != GLSL_STORAGE_PARAM_IN)
		return fail(s, v->loc, "samplers cannot be out or inout parameters");
	v->memory = p->type.qual.storage & GLSL_Q_MEMORY;
	if (v->memory && !glsl_type_is_image(t))
		return fail(s, p->type.qual.loc, "memory qualifiers apply only to buffer blocks, "
			    "their members and images");
	return true;
}

static struct glsl_function *new_function(struct glsl_sema *s, struct glsl_ast_function *f)
{
	struct glsl_function *fn = glsl_sema_alloc(s, sizeof(*fn));
	uint32_t n = count_params(f->params), i = 0;
	const struct glsl_type *rt;

	if (!fn)
		return NULL;
	fn->name = f->name;
	fn->cname = glsl_sema_name(s, f->name);
	fn->decl = f;
	fn->nr_params = n;
	fn->param_types = glsl_sema_alloc(s, (n + 1) * sizeof(*fn->param_types));
	fn->param_storage = glsl_sema_alloc(s, n + 1);
	fn->params = glsl_sema_alloc(s, (n + 1) * sizeof(*fn->params));
	if (!fn->param_types || !fn->param_storage || !fn->params)
		return NULL;
	if (f->ret.type.tok == GLSL_TOK_KW_STRUCT && s->version >= GLSL_ES_300)
		return fail(s, f->ret.type.loc, "struct definitions are not allowed in return types"), NULL;
	rt = glsl_sema_type_spec(s, &f->ret.type);
	if (!rt)
		return NULL;
	fn->ret.type = rt;
	if (s->version < GLSL_ES_300 && rt->kind == GLSL_KIND_STRUCT && has_kind(rt, GLSL_KIND_ARRAY))
		return fail(s, f->ret.type.loc, "functions cannot return structs containing arrays "
			    "in GLSL ES 1.00"), NULL;
	if (f->ret.qual.precision && !glsl_type_takes_precision(rt))
		return fail(s, f->ret.qual.loc, "precision qualifiers apply only to float, int and "
			    "sampler types"), NULL;
	fn->ret.precision = f->ret.qual.precision ? glsl_sema_prec_of_tok(f->ret.qual.precision) :
			    glsl_sema_default_prec(s, rt);
	if (!fn->ret.precision && glsl_type_takes_precision(rt)) {
		glsl_sema_error(s, f->ret.type.loc, "the return type of '%s' has no precision "
				"qualifier and no default precision", fn->cname);
		return NULL;
	}
	for (struct glsl_ast_decl *p = f->params; p; p = p->next, i++)
		if (!param(s, fn, p, i))
			return NULL;
	return fn;
}

static bool same_params(const struct glsl_function *a, const struct glsl_function *b)
{
	if (a->nr_params != b->nr_params)
		return false;
	for (uint32_t i = 0; i < a->nr_params; i++)
		if (!glsl_type_equal(a->param_types[i], b->param_types[i]))
			return false;
	return true;
}

static bool matches_builtin(struct glsl_sema *s, const struct glsl_function *fn)
{
	struct glsl_bi_call call = { .name = fn->cname, .len = strlen(fn->cname),
				     .args = fn->param_types, .nr_args = fn->nr_params,
				     .version = s->version, .stage = s->stage, .exts = s->bi_exts };
	const struct glsl_bi_fn *bi;
	char err[8];

	return glsl_builtin_resolve(&call, &bi, err, sizeof(err)) == GLSL_BI_FOUND;
}

/* Whether `name` is a built-in function of the shader's version, in any
 * stage (a later version's names are free: barrier() in a 3.00 shader). */
static bool builtin_in_version(struct glsl_sema *s, const char *name)
{
	const struct glsl_bi_fn *out[GLSL_BI_MAX_OVERLOADS];
	static const enum glsl_stage stages[] = {
		GLSL_STAGE_VERTEX, GLSL_STAGE_FRAGMENT, GLSL_STAGE_COMPUTE,
	};

	for (unsigned i = 0; i < sizeof(stages) / sizeof(stages[0]); i++)
		if (glsl_builtin_overloads(name, strlen(name), s->version, stages[i], s->bi_exts,
					   out, GLSL_BI_MAX_OVERLOADS))
			return true;
	return false;
}

/* ES 3.00 forbids redeclaring built-in functions at all; ES 1.00 allows
 * overloads but not a signature a built-in already has. */
static bool builtin_name(struct glsl_sema *s, const struct glsl_function *fn, struct glsl_loc loc)
{
	const struct glsl_bi_name *bi = glsl_builtin_find(fn->cname, strlen(fn->cname));

	if (!bi || (s->version >= GLSL_ES_300 && !builtin_in_version(s, fn->cname)))
		return true;
	if (s->version >= GLSL_ES_300) {
		glsl_sema_error(s, loc, "cannot redeclare or overload built-in function '%s'", fn->cname);
		return false;
	}
	if (matches_builtin(s, fn)) {
		glsl_sema_error(s, loc, "cannot redefine built-in function '%s'", fn->cname);
		return false;
	}
	return true;
}

static bool same_declaration(struct glsl_sema *s, const struct glsl_function *old,
			     const struct glsl_function *fn, struct glsl_loc loc)
{
	if (!glsl_type_equal(old->ret.type, fn->ret.type))
		return fail(s, loc, "function redeclared with a different return type");
	if (old->ret.precision != fn->ret.precision)
		return fail(s, loc, "function redeclared with a different return precision");
	for (uint32_t i = 0; i < fn->nr_params; i++)
		if (old->param_storage[i] != fn->param_storage[i] ||
		    old->params[i]->read_only != fn->params[i]->read_only ||
		    old->params[i]->type.precision != fn->params[i]->type.precision)
			return fail(s, loc, "function redeclared with different parameter qualifiers");
	return true;
}

static struct glsl_function *find_overload(struct glsl_symbol *sym, const struct glsl_function *fn)
{
	for (struct glsl_function *o = sym ? sym->fn : NULL; o; o = o->next_overload)
		if (same_params(o, fn))
			return o;
	return NULL;
}

static struct glsl_symbol *function_symbol(struct glsl_sema *s, struct glsl_ast_function *f)
{
	struct glsl_symbol *sym = glsl_symtab_find(&s->syms, f->name);

	if (sym && sym->kind != GLSL_SYM_FUNC) {
		glsl_sema_error(s, f->name_loc, "'%s' redeclared as a function", sym->cname);
		return NULL;
	}
	if (sym)
		return sym;
	if (!glsl_sema_check_new_name(s, f->name, f->name_loc))
		return NULL;
	sym = glsl_sema_new_symbol(s, GLSL_SYM_FUNC, f->name, f->name_loc);
	if (sym)
		glsl_symtab_add(&s->syms, sym);
	return sym;
}

static bool check_main(struct glsl_sema *s, struct glsl_function *fn, struct glsl_ast_function *f)
{
	bool renamed = s->opts.renamed_main && !strcmp(fn->cname, s->opts.renamed_main);

	if (strcmp(fn->cname, "main") && !renamed)
		return true;
	if (fn->nr_params || fn->ret.type != glsl_type_void)
		return fail(s, f->name_loc, "'main' must be 'void main()'");
	fn->is_main = !renamed;
	return true;
}

static void link_function(struct glsl_sema *s, struct glsl_symbol *sym, struct glsl_function *fn)
{
	fn->next_overload = sym->fn;
	sym->fn = fn;
	fn->index = s->last_fn ? s->last_fn->index + 1 : 0;
	if (s->last_fn)
		s->last_fn->next = fn;
	else
		s->res->functions = fn;
	s->last_fn = fn;
}

static bool function(struct glsl_sema *s, struct glsl_ast_function *f)
{
	struct glsl_function *fn = new_function(s, f), *old;
	struct glsl_symbol *sym;

	if (!fn || !builtin_name(s, fn, f->name_loc) || !check_main(s, fn, f))
		return false;
	sym = function_symbol(s, f);
	if (!sym)
		return false;
	old = find_overload(sym, fn);
	if (old && !same_declaration(s, old, fn, f->name_loc))
		return false;
	if (old && old->def && f->body)
		return fail(s, f->name_loc, "function redefined");
	if (old && !f->body && s->version < GLSL_ES_300)
		return fail(s, f->name_loc, "function prototype redeclared (GLSL ES 1.00)");
	if (!old)
		link_function(s, sym, fn);
	else if (f->body)
		memcpy(old->params, fn->params, fn->nr_params * sizeof(*fn->params));
	if (old)
		fn = old;
	if (fn->is_main)
		s->res->main = fn;
	f->fn = fn;
	if (!f->body)
		return true;
	fn->def = f;
	return glsl_sema_function_body(s, fn, f);
}

/* ---- uniform blocks ----------------------------------------------------------------- */

static bool block_layout(struct glsl_sema *s, const struct glsl_ast_qual *q, bool buffer,
			 enum glsl_block_packing *packing, enum glsl_matrix_layout *matrix)
{
	if (q->layout & GLSL_LAYOUT_LOCATION)
		return fail(s, q->loc, "'location' does not apply to interface blocks");
	if ((q->layout & GLSL_LAYOUT_STD430) && !buffer)
		return fail(s, q->loc, "'std430' applies only to buffer blocks");
	if (q->layout & GLSL_LAYOUT_STD430)
		*packing = GLSL_PACKING_STD430;
	else if (q->layout & GLSL_LAYOUT_STD140)
		*packing = GLSL_PACKING_STD140;
	else if (q->layout & GLSL_LAYOUT_PACKED)
		*packing = GLSL_PACKING_PACKED;
	else if (q->layout & GLSL_LAYOUT_SHARED)
		*packing = GLSL_PACKING_SHARED;
	if (q->layout & GLSL_LAYOUT_ROW_MAJOR)
		*matrix = GLSL_MATRIX_ROW;
	else if (q->layout & GLSL_LAYOUT_COLUMN_MAJOR)
		*matrix = GLSL_MATRIX_COLUMN;
	return true;
}

static bool block_member_type(struct glsl_sema *s, struct glsl_ast_decl *m, const struct glsl_type *t,
			      bool buffer)
{
	const uint32_t matrix_only = GLSL_LAYOUT_ROW_MAJOR | GLSL_LAYOUT_COLUMN_MAJOR;
	/* in and out too: the parser takes them on members for in and out blocks */
	const uint32_t storage = m->type.qual.storage &
				 (GLSL_Q_UNIFORM | GLSL_Q_BUFFER | GLSL_Q_IN | GLSL_Q_OUT);

	if (m->type.qual.layout & ~matrix_only)
		return fail(s, m->type.qual.loc, "block members take only row_major and "
			    "column_major layouts");
	if (storage && storage != (buffer ? GLSL_Q_BUFFER : GLSL_Q_UNIFORM))
		return fail(s, m->type.qual.loc, "a block member's storage must be its block's");
	if (!buffer && (m->type.qual.storage & GLSL_Q_MEMORY))
		return fail(s, m->type.qual.loc, "memory qualifiers apply only to buffer block members");
	if (glsl_type_is_opaque(t))
		return fail(s, m->type.type.loc, glsl_type_is_atomic(t) ?
			    "atomic counters are not allowed in blocks" :
			    "samplers are not allowed in uniform blocks");
	if (t->kind == GLSL_KIND_VOID)
		return fail(s, m->type.type.loc, "uniform block members cannot be void");
	if (m->type.qual.precision && !glsl_type_takes_precision(t))
		return fail(s, m->type.qual.loc, "precision qualifiers apply only to float, int and "
			    "sampler types");
	return true;
}

/* `T a[][2]`, `T[][2] a`: as the next, only the outermost level may be
 * unsized. */
static const struct glsl_type *aoa_member_type(struct glsl_sema *s, const struct glsl_type *t,
					       const struct glsl_ast_declarator *d, bool last_of_buffer)
{
	if (!t)
		return NULL;
	if (glsl_type_has_unsized(t->elem))
		return fail(s, d->loc, "only the outermost dimension of an array of arrays can be "
			    "unsized"), NULL;
	if (!t->length && !last_of_buffer)
		return fail(s, d->loc, "only the last member of a buffer block can be an unsized "
			    "array"), NULL;
	return t;
}

/* `T a[];`: only as a buffer block's last member (ES 3.10 §4.1.9), where
 * the buffer's size decides the length (0 here: runtime-sized). */
static const struct glsl_type *member_type(struct glsl_sema *s, const struct glsl_ast_decl *m,
					   const struct glsl_type *t, struct glsl_ast_declarator *d,
					   bool last_of_buffer)
{
	if (d->dims || m->type.type.dims)
		return aoa_member_type(s, var_type(s, t, d), d, last_of_buffer);
	if (!d->is_array || d->array_size || m->type.type.array_size)
		return var_type(s, t, d);
	if (!last_of_buffer)
		return fail(s, d->loc, "only the last member of a buffer block can be an unsized "
			    "array"), NULL;
	return glsl_sema_array_of(s, t, 0);
}

static bool block_member(struct glsl_sema *s, struct glsl_ast_decl *m, struct glsl_field *f,
			 uint32_t *n, bool buffer)
{
	const struct glsl_type *t;

	if (m->type.type.tok == GLSL_TOK_KW_STRUCT)
		return fail(s, m->type.type.loc, "struct definitions are not allowed in interface blocks");
	t = glsl_sema_type_spec(s, &m->type.type);
	if (!t || !block_member_type(s, m, t, buffer))
		return false;
	for (struct glsl_ast_declarator *d = m->vars; d; d = d->next) {
		const char *name = glsl_sema_name(s, d->name);

		for (uint32_t i = 0; i < *n; i++)
			if (!strcmp(f[i].name, name))
				return fail(s, d->loc, "duplicate block member name");
		f[*n].name = name;
		f[*n].type = member_type(s, m, t, d, buffer && !m->next && !d->next);
		f[*n].memory = m->type.qual.storage & GLSL_Q_MEMORY;
		if (!f[*n].type)
			return false;
		f[*n].precision = m->type.qual.precision ?
				  glsl_sema_prec_of_tok(m->type.qual.precision) :
				  glsl_sema_default_prec(s, t);
		f[*n].matrix_layout = m->type.qual.layout & GLSL_LAYOUT_ROW_MAJOR ? GLSL_MATRIX_ROW :
				      m->type.qual.layout & GLSL_LAYOUT_COLUMN_MAJOR ?
				      GLSL_MATRIX_COLUMN : GLSL_MATRIX_INHERIT;
		(*n)++;
	}
	return true;
}

static bool block_name(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_ast_block *b = n->u.block;
	struct glsl_symbol *sym;

	if (!glsl_sema_check_new_name(s, b->name, n->loc))
		return false;
	sym = glsl_sema_new_symbol(s, GLSL_SYM_BLOCK, b->name, n->loc);
	if (!sym)
		return false;
	glsl_symtab_add(&s->syms, sym);
	return true;
}

static bool block_fields_global(struct glsl_sema *s, struct glsl_ast_node *n, struct glsl_symbol *bs)
{
	const struct glsl_type *t = n->u.block->type;
	uint32_t i = 0;

	for (struct glsl_ast_decl *m = n->u.block->members; m; m = m->next) {
		for (struct glsl_ast_declarator *d = m->vars; d; d = d->next, i++) {
			struct glsl_symbol *f;

			if (!glsl_sema_check_new_name(s, d->name, d->loc))
				return false;
			f = glsl_sema_new_symbol(s, GLSL_SYM_BLOCK_FIELD, d->name, d->loc);
			if (!f)
				return false;
			f->block = t;
			f->block_sym = bs;
			f->field = i;
			f->type.type = t->fields[i].type;
			f->type.precision = t->fields[i].precision;
			f->read_only = bs->read_only || (t->fields[i].memory & GLSL_Q_READONLY);
			d->sym = f;
			glsl_symtab_add(&s->syms, f);
		}
	}
	return true;
}

static bool block_instance(struct glsl_sema *s, struct glsl_ast_node *n, struct glsl_symbol *v)
{
	struct glsl_ast_declarator *d = n->u.block->instance;

	if (!d)
		return block_fields_global(s, n, v);
	v->name = d->name;
	v->cname = glsl_sema_name(s, d->name);
	v->loc = d->loc;
	d->sym = v;
	v->type.type = var_type(s, v->type.type, d);
	if (!v->type.type || !glsl_sema_check_new_name(s, d->name, d->loc))
		return false;
	glsl_symtab_add(&s->syms, v);
	return true;
}

/* The block's symbol: uniform blocks are read-only, buffer blocks unless
 * `readonly`; layout(binding) (ES 3.10). */
static struct glsl_symbol *block_symbol(struct glsl_sema *s, struct glsl_ast_node *n,
					const struct glsl_type *t, bool buffer)
{
	const struct glsl_ast_qual *q = &n->u.block->qual;
	struct glsl_symbol *v = glsl_sema_new_symbol(s, GLSL_SYM_VAR, GLSL_AST_NO_NAME, n->loc);

	if (!v)
		return NULL;
	v->type.type = t;
	v->storage = buffer ? GLSL_STORAGE_BUFFER : GLSL_STORAGE_UNIFORM;
	v->memory = q->storage & GLSL_Q_MEMORY;
	v->read_only = !buffer || (v->memory & GLSL_Q_READONLY);
	if (q->layout & GLSL_LAYOUT_BINDING) {
		if (q->binding < 0)
			return fail(s, q->loc, "'binding' must not be negative"), NULL;
		v->binding = q->binding;
	}
	return v;
}

/* Every element of an array of blocks has its binding below the GL's limit
 * (§4.4.5), when the GL gave it. */
static bool block_binding_below(struct glsl_sema *s, const struct glsl_ast_qual *q,
				const struct glsl_symbol *v, bool buffer)
{
	int32_t max = buffer ? s->opts.limits.max_shader_storage_buffer_bindings :
			       s->opts.limits.max_uniform_buffer_bindings;

	if (v->binding < 0 || !max)
		return true;
	return binding_below(s, q, v, "block", buffer ? "GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS" :
			     "GL_MAX_UNIFORM_BUFFER_BINDINGS", max);
}

static bool uniform_block(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_ast_block *b = n->u.block;
	bool buffer = b->qual.storage & GLSL_Q_BUFFER;
	enum glsl_block_packing packing = buffer ? s->buffer_packing : s->packing;
	enum glsl_matrix_layout matrix = buffer ? s->buffer_matrix_layout : s->matrix_layout;
	uint32_t nr = 0, i = 0;
	struct glsl_field *fields;
	struct glsl_type *t;
	struct glsl_symbol *v;

	if (b->qual.storage & (GLSL_Q_IN | GLSL_Q_OUT))
		return glsl_sema_io_block(s, n);
	if (!block_layout(s, &b->qual, buffer, &packing, &matrix) || !block_name(s, n))
		return false;
	if (b->qual.precision)
		return fail(s, b->qual.loc, "interface blocks take no precision qualifier");
	for (struct glsl_ast_decl *m = b->members; m; m = m->next)
		for (struct glsl_ast_declarator *d = m->vars; d; d = d->next)
			nr++;
	fields = glsl_sema_alloc(s, nr * sizeof(*fields));
	t = glsl_sema_alloc(s, sizeof(*t));
	if (!fields || !t)
		return false;
	for (struct glsl_ast_decl *m = b->members; m; m = m->next)
		if (!block_member(s, m, fields, &i, buffer))
			return false;
	glsl_type_init_block(t, glsl_sema_name(s, b->name), fields, nr, packing, matrix);
	b->type = t;
	v = block_symbol(s, n, t, buffer);
	return v && block_instance(s, n, v) && block_binding_below(s, &b->qual, v, buffer) &&
	       add_global(s, v);
}

/* `layout(local_size_x = X, ...) in;` (ES 3.10 §4.4.1.1): each at least
 * 1, within gl_MaxComputeWorkGroupSize (128, 128, 64) and 128 invocations
 * (the ES 3.1 minimums this implementation offers); declarations after the
 * first must agree with it. */
static bool local_size(struct glsl_sema *s, const struct glsl_ast_qual *q)
{
	static const uint32_t max[3] = { 128, 128, 64 };
	struct glsl_sema_result *r = s->res;
	uint32_t size[3];

	if (s->stage != GLSL_STAGE_COMPUTE)
		return fail(s, q->loc, "'local_size' applies only to compute shaders");
	for (unsigned i = 0; i < 3; i++) {
		size[i] = q->layout & (GLSL_LAYOUT_LOCAL_SIZE_X << i) ? q->local_size[i] : 1;
		if (!size[i] || size[i] > max[i])
			return fail(s, q->loc, "local size out of range (1 to 128, 128, 64)");
	}
	if ((uint64_t)size[0] * size[1] * size[2] > 128)
		return fail(s, q->loc, "a work group of more than 128 invocations");
	if (r->has_local_size && memcmp(size, r->local_size, sizeof(size)))
		return fail(s, q->loc, "the local size is declared again with other values");
	memcpy(r->local_size, size, sizeof(size));
	r->has_local_size = true;
	return true;
}

/* `layout(blend_support_...) out;`: a fragment shader's, under the
 * extension; the equations add up over the declarations. */
static bool blend_support(struct glsl_sema *s, const struct glsl_ast_qual *q)
{
	if (!glsl_sema_ext_enabled(s->toks, "GL_KHR_blend_equation_advanced"))
		return fail(s, q->loc, "'blend_support' layouts need "
			    "#extension GL_KHR_blend_equation_advanced");
	if (s->stage != GLSL_STAGE_FRAGMENT)
		return fail(s, q->loc, "'blend_support' layouts apply only to fragment shaders");
	s->res->blend_support |= q->blend_support;
	return true;
}

/* The fragment tests before the shader runs (its stores and counters see
 * only the fragments that pass them): alone in its declaration. */
static bool early_tests(struct glsl_sema *s, const struct glsl_ast_qual *q)
{
	if (s->stage != GLSL_STAGE_FRAGMENT)
		return fail(s, q->loc, "'early_fragment_tests' applies only to fragment shaders");
	if (q->layout != GLSL_LAYOUT_EARLY_FRAGMENT_TESTS || (q->storage & GLSL_Q_OUT))
		return fail(s, q->loc, "'early_fragment_tests' is declared on 'in' alone");
	s->res->early_fragment_tests = true;
	return true;
}

static bool default_layout(struct glsl_sema *s, struct glsl_ast_node *n)
{
	const struct glsl_ast_qual *q = &n->u.prec->qual;

	if (q->layout & GLSL_LAYOUT_BLEND_SUPPORT)
		return blend_support(s, q);

	if (q->layout & GLSL_LAYOUT_EARLY_FRAGMENT_TESTS)
		return early_tests(s, q);
	if ((q->storage & (GLSL_Q_IN | GLSL_Q_OUT)) &&
	    ((q->layout & (GLSL_LAYOUT_TESS | GLSL_LAYOUT_VERTICES)) ||
	     ((q->layout & GLSL_LAYOUT_GEOMETRY) && (s->stage == GLSL_STAGE_TESS_CTRL ||
						      s->stage == GLSL_STAGE_TESS_EVAL))))
		return glsl_sema_tess_layout(s, q);
	if ((q->storage & (GLSL_Q_IN | GLSL_Q_OUT)) && (q->layout & GLSL_LAYOUT_GEOMETRY))
		return glsl_sema_gs_layout(s, q);
	if (q->storage & GLSL_Q_OUT)
		return fail(s, q->loc, "'layout(...) out;' applies only to geometry and tessellation "
			    "control shaders");
	if (q->storage & GLSL_Q_IN)
		return local_size(s, q);
	if (q->storage & GLSL_Q_BUFFER)
		return block_layout(s, q, true, &s->buffer_packing, &s->buffer_matrix_layout);
	return block_layout(s, q, false, &s->packing, &s->matrix_layout);
}

/* ---- what in and out blocks share with variables (glsl_sema_ioblock.c) ----------------- */

const struct glsl_type *glsl_sema_var_type(struct glsl_sema *s, const struct glsl_type *t,
					   struct glsl_ast_declarator *d)
{
	return var_type(s, t, d);
}

bool glsl_sema_io_var_rules(struct glsl_sema *s, const struct glsl_ast_fulltype *ft,
			    struct glsl_symbol *v, struct glsl_loc loc)
{
	return interp_quals(s, &ft->qual, v) && precision(s, ft, v, loc) &&
	       storage_type(s, v, loc);
}

bool glsl_sema_add_global(struct glsl_sema *s, struct glsl_symbol *v)
{
	return add_global(s, v);
}

/* ---- the translation unit ---------------------------------------------------------- */

bool glsl_sema_external(struct glsl_sema *s, struct glsl_ast_node *n)
{
	switch (n->kind) {
	case GLSL_AST_DECL: return var_decl(s, n->u.decl, true);
	case GLSL_AST_FUNCTION: return function(s, n->u.func);
	case GLSL_AST_PRECISION: return glsl_sema_precision_stmt(s, n);
	case GLSL_AST_INVARIANT: return invariant_list(s, n);
	case GLSL_AST_BLOCK: return uniform_block(s, n);
	case GLSL_AST_DEFAULT_LAYOUT: return default_layout(s, n);
	default: return fail(s, n->loc, "unexpected external declaration");
	}
}

static bool fs_outputs(struct glsl_sema *s)
{
	if (s->res->uses_frag_color && s->res->uses_frag_data)
		return fail(s, s->frag_data_loc, "a shader cannot use both gl_FragColor and gl_FragData");
	if (s->nr_fs_outputs > 1 && s->nr_fs_outputs_located < s->nr_fs_outputs)
		return fail(s, s->fs_output_loc, "with more than one fragment output, all need "
			    "layout(location)");
	return true;
}

static bool add_used_builtins(struct glsl_sema *s)
{
	for (unsigned i = 0; i < sizeof(s->bi_syms) / sizeof(s->bi_syms[0]); i++) {
		struct glsl_symbol *v = s->bi_syms[i];

		if (v && v->kind == GLSL_SYM_VAR && !v->invariant && !add_global(s, v))
			return false;
	}
	return true;
}

bool glsl_sema_finish_unit(struct glsl_sema *s)
{
	return fs_outputs(s) && glsl_sema_check_recursion(s) && glsl_sema_clip_finish(s) &&
	       add_used_builtins(s);
}
