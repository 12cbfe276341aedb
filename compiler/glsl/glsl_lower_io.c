/* SPDX-License-Identifier: MIT */
/*
 * Interface variables: inputs and outputs with locations, built-in
 * variables, the default uniform block, user uniform blocks and samplers
 * with their bindings, and the resource table the GL layer queries.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_builtins_table.h"
#include "glsl_lower_private.h"

#define MAX_LOCATIONS 64

struct io_list {
	const struct glsl_symbol **syms;
	uint32_t n;
};

/* Built-in uniforms whose values the GL layer writes into the default
 * block at the draws (gl_DepthRange, gl_NumSamples): after the shader's own. */
#define MAX_DRIVER_UNIFORMS 2

struct io_state {
	struct io_list in, out, uniforms, blocks, samplers, held, buffers, images, atomics;
	const struct glsl_symbol *driver[MAX_DRIVER_UNIFORMS];
	uint32_t nr_driver;
};

static bool is_driver_uniform(const struct glsl_symbol *s)
{
	return s->builtin && (s->builtin->recipe == GLSL_BI_RECIPE_DEPTH_RANGE ||
			      s->builtin->recipe == GLSL_BI_RECIPE_NUM_SAMPLES);
}

/* gl_BoundingBox{EXT,OES}: the host has no such state and the spec lets
 * the box be ignored, so it is a private variable (declare_privates). */
static bool is_private_builtin(const struct glsl_symbol *s)
{
	return s->builtin && s->builtin->recipe == GLSL_BI_RECIPE_BOUNDING_BOX;
}

/* Member i of the default block: the shader's uniforms, then the driver's. */
static const struct glsl_symbol *default_member(const struct io_state *st, uint32_t i)
{
	return i < st->uniforms.n ? st->uniforms.syms[i] : st->driver[i - st->uniforms.n];
}

bool lw_res_add(struct lw *w, const struct glsl_lower_res *r)
{
	struct glsl_lower_result *o = w->out;

	if (o->nr_res == o->cap_res) {
		uint32_t cap = o->cap_res ? o->cap_res * 2 : 16;
		struct glsl_lower_res *n = realloc(o->res, cap * sizeof(*n));

		if (!n)
			goto oom;
		o->res = n;
		o->cap_res = cap;
	}
	o->res[o->nr_res] = *r;
	if (!(o->res[o->nr_res].name = strdup(r->name ? r->name : "")))
		goto oom;
	o->nr_res++;
	return true;
oom:
	w->m->oom = true;
	return false;
}

static const char *sym_name(const struct glsl_symbol *s)
{
	if (s->cname)
		return s->cname;
	if (s->builtin)
		return s->builtin->name;
	return s->type.type->name ? s->type.type->name : "";
}

/* A sampler, or an array of them. */
static bool is_sampler(const struct glsl_type *t)
{
	return (t->kind == GLSL_KIND_ARRAY ? t->elem : t)->kind == GLSL_KIND_SAMPLER;
}

static bool is_block(const struct glsl_type *t)
{
	return glsl_type_innermost(t)->kind == GLSL_KIND_BLOCK;
}

static bool list_add(struct io_list *l, const struct glsl_symbol *s, uint32_t cap)
{
	if (l->n == cap)
		return false;
	l->syms[l->n++] = s;
	return true;
}

/* A loose uniform's data goes to the default block, the samplers its
 * structs hold to variables of their own (both for `struct { float a;
 * sampler2D t; }`); returns the list still to add it to. */
static struct io_list *uniform_lists(struct io_state *st, const struct glsl_symbol *s,
				     uint32_t cap)
{
	const struct glsl_type *t = s->type.type;

	if (!glsl_type_is_opaque(t))
		return &st->uniforms;
	if (!list_add(&st->held, s, cap))
		return NULL;
	return glsl_type_has_data(t) ? &st->uniforms : NULL;
}

/* Sorts the symbols into the interface lists, in declaration order. */
static bool classify(struct lw *w, struct io_state *st)
{
	uint32_t cap = w->sema->nr_globals;

	for (uint32_t i = 0; i < w->sema->nr_globals; i++) {
		const struct glsl_symbol *s = w->sema->globals[i];
		const struct glsl_type *t = s->type.type;
		struct io_list *l = NULL;

		if (s->kind != GLSL_SYM_VAR)
			continue;
		/* `invariant gl_FragColor; invariant gl_FragData;` makes both globals
		 * without using them; both live at location 0, so declare only the
		 * one used (sema allows at most one). */
		if (s->builtin && !s->used && (s->builtin->recipe == GLSL_BI_RECIPE_FRAG_COLOR ||
					       s->builtin->recipe == GLSL_BI_RECIPE_FRAG_DATA))
			continue;
		if (is_private_builtin(s))
			continue;
		if (is_driver_uniform(s) && st->nr_driver < MAX_DRIVER_UNIFORMS)
			st->driver[st->nr_driver++] = s;
		else if (s->storage == GLSL_STORAGE_UNIFORM && glsl_type_is_atomic(t))
			l = &st->atomics;
		else if (s->storage == GLSL_STORAGE_UNIFORM && !is_sampler(t) && !is_block(t))
			l = uniform_lists(st, s, cap);
		else if (s->storage == GLSL_STORAGE_UNIFORM && glsl_type_is_image(t))
			l = &st->images;
		else if (s->storage == GLSL_STORAGE_UNIFORM)
			l = is_sampler(t) ? &st->samplers : &st->blocks;
		else if (s->storage == GLSL_STORAGE_BUFFER)
			l = &st->buffers;
		else if (s->storage == GLSL_STORAGE_IN)
			l = &st->in;
		else if (s->storage == GLSL_STORAGE_OUT)
			l = &st->out;
		if (l && !list_add(l, s, cap))
			return false;
	}
	return true;
}

/* ---- locations ------------------------------------------------------------------------ */

static uint32_t slots_of(const struct glsl_type *t)
{
	switch (t->kind) {
	case GLSL_KIND_MATRIX: return t->cols;
	case GLSL_KIND_ARRAY: return t->length * slots_of(t->elem);
	case GLSL_KIND_STRUCT: {
		uint32_t n = 0;
		for (uint32_t i = 0; i < t->nr_fields; i++)
			n += slots_of(t->fields[i].type);
		return n;
	}
	default: return 1;
	}
}

static int cmp_sym_name(const void *a, const void *b)
{
	return strcmp(sym_name(*(const struct glsl_symbol *const *)a),
		      sym_name(*(const struct glsl_symbol *const *)b));
}

static int32_t first_fit(uint64_t used, uint32_t n)
{
	for (uint32_t l = 0; l + n <= MAX_LOCATIONS; l++) {
		uint64_t mask = (n >= 64 ? ~0ull : ((1ull << n) - 1)) << l;
		if (!(used & mask))
			return (int32_t)l;
	}
	return -1;
}

/* The location the linker gave `s` (struct glsl_lower_layout), or -1. */
static int32_t given_location(const struct glsl_lower_location *given, uint32_t nr_given,
			      const struct glsl_symbol *s)
{
	for (uint32_t i = 0; i < nr_given; i++)
		if (!strcmp(given[i].name, sym_name(s)))
			return given[i].location;
	return -1;
}

/* layout(location) first, then the linker's choices, then the rest by name
 * in the first free slots. */
/* A geometry shader's inputs are arrays over the vertices: each vertex's
 * element takes the locations; so are a tessellation stage's varyings
 * other than the per-patch ones. */
static uint32_t io_slots(const struct glsl_symbol *s, bool per_vertex)
{
	per_vertex = per_vertex && !s->patch && s->type.type->kind == GLSL_KIND_ARRAY;
	return slots_of(per_vertex ? s->type.type->elem : s->type.type);
}

static void assign_locations(const struct io_list *l, const struct glsl_lower_location *given,
			     uint32_t nr_given, int32_t *loc, bool per_vertex)
{
	const struct glsl_symbol *sorted[MAX_LOCATIONS * 2];
	uint64_t used = 0;
	uint32_t n = 0;

	for (uint32_t i = 0; i < l->n; i++) {
		const struct glsl_symbol *s = l->syms[i];
		uint32_t k = io_slots(s, per_vertex);

		loc[i] = s->location;
		if (s->builtin)
			continue;
		if (loc[i] < 0)
			loc[i] = given_location(given, nr_given, s);
		if (loc[i] >= 0 && loc[i] + k <= MAX_LOCATIONS)
			used |= (k >= 64 ? ~0ull : ((1ull << k) - 1)) << loc[i];
		else if (loc[i] < 0 && n < MAX_LOCATIONS * 2)
			sorted[n++] = s;
	}
	qsort(sorted, n, sizeof(sorted[0]), cmp_sym_name);
	for (uint32_t j = 0; j < n; j++) {
		uint32_t k = io_slots(sorted[j], per_vertex);
		int32_t at = first_fit(used, k);

		if (at >= 0)
			used |= (k >= 64 ? ~0ull : ((1ull << k) - 1)) << at;
		for (uint32_t i = 0; i < l->n; i++)
			if (l->syms[i] == sorted[j])
				loc[i] = at;
	}
}

static uint32_t io_flags(const struct glsl_symbol *s, bool invariant_all)
{
	uint32_t f = 0;

	if (s->interp == GLSL_INTERP_FLAT)
		f |= VC_VAR_FLAT;
	if (s->centroid)
		f |= VC_VAR_CENTROID;
	if (s->sample)
		f |= VC_VAR_SAMPLE;
	if (s->invariant || invariant_all)
		f |= VC_VAR_INVARIANT;
	if (s->patch)
		f |= VC_VAR_PATCH;
	return f;
}

/* gl_in[] / gl_out[]: an array of the gl_PerVertex block, whose members are
 * gl_Position and, under EXT_geometry/tessellation_point_size, gl_PointSize
 * (SPIR-V's form of the per-vertex built-ins). */
static bool gl_in_block(struct lw *w, vc_type_id array)
{
	struct vc_type *block = &w->m->types[vc_type_get(w->m, array)->elem];

	if (block->kind != VC_TYPE_STRUCT || block->nr_members < 1 || block->nr_members > 2)
		return false;
	block->block = true;
	block->members[0].builtin = VC_BUILTIN_POSITION;
	if (block->nr_members == 2)
		block->members[1].builtin = VC_BUILTIN_POINT_SIZE;
	return true;
}

static bool declare_builtin(struct lw *w, const struct glsl_symbol *s, vc_var_id v)
{
	struct vc_var *var = vc_var_get(w->m, v);
	uint8_t recipe = s->builtin->recipe;

	if (recipe == GLSL_BI_RECIPE_FRAG_COLOR || recipe == GLSL_BI_RECIPE_FRAG_DATA)
		var->location = 0;
	else if (recipe == GLSL_BI_RECIPE_GL_IN || recipe == GLSL_BI_RECIPE_GL_OUT)
		return gl_in_block(w, var->type);
	else
		var->builtin = (enum vc_builtin)s->builtin->builtin;
	if (var->builtin == VC_BUILTIN_FRAG_DEPTH)
		w->m->depth_replacing = true;
	/* Vulkan wants integer fragment inputs flat, built-in ones too */
	if (var->builtin == VC_BUILTIN_SAMPLE_ID ||
	    (var->storage == VC_STORAGE_INPUT && (var->builtin == VC_BUILTIN_SAMPLE_MASK ||
						  var->builtin == VC_BUILTIN_LAYER ||
						  var->builtin == VC_BUILTIN_VIEWPORT_INDEX)))
		var->flags |= VC_VAR_FLAT;
	return true;
}

static bool declare_io(struct lw *w, const struct io_list *l, enum vc_storage storage)
{
	int32_t loc[MAX_LOCATIONS * 2];
	struct io_list part = { l->syms, l->n > MAX_LOCATIONS * 2 ? MAX_LOCATIONS * 2 : l->n };
	const struct glsl_lower_layout *lay = w->layout;
	bool in = storage == VC_STORAGE_INPUT;

	enum glsl_stage st = w->sema->stage;
	bool per_vertex = (in && (st == GLSL_STAGE_GEOMETRY || st == GLSL_STAGE_TESS_CTRL ||
				  st == GLSL_STAGE_TESS_EVAL)) ||
			  (!in && st == GLSL_STAGE_TESS_CTRL);

	if (lay)
		assign_locations(&part, in ? lay->inputs : lay->outputs,
				 in ? lay->nr_inputs : lay->nr_outputs, loc, per_vertex);
	else
		assign_locations(&part, NULL, 0, loc, per_vertex);
	for (uint32_t i = 0; i < part.n; i++) {
		const struct glsl_symbol *s = part.syms[i];
		vc_var_id v = lw_var(w, lw_type(w, s->type.type), storage, sym_name(s));
		struct glsl_lower_res r = { .name = (char *)sym_name(s), .type = s->type.type,
					    .kind = storage == VC_STORAGE_INPUT ? GLSL_RES_INPUT :
									   GLSL_RES_OUTPUT };

		if (!v || !lw_sym_add(w, s, vc_var_get(w->m, v)->ptr, -1))
			return false;
		vc_var_get(w->m, v)->precision = lw_precision(s->type.precision);
		vc_var_get(w->m, v)->flags = io_flags(s, w->sema->invariant_all);
		if (s->builtin) {
			if (!declare_builtin(w, s, v))
				return false;
			continue;
		}
		if (loc[i] < 0) {
			lw_fail(w, s->loc, "too many %s locations for '%s'",
				storage == VC_STORAGE_INPUT ? "input" : "output", sym_name(s));
			return false;
		}
		vc_var_get(w->m, v)->location = loc[i];
		r.location = loc[i];
		if (!lw_res_add(w, &r))
			return false;
	}
	return true;
}

/* ---- the default uniform block ---------------------------------------------------------- */

static bool record_uniform(struct lw *w, const char *name, const struct glsl_type *t,
			   uint32_t offset);

static bool record_struct(struct lw *w, const char *name, const struct glsl_type *t,
			  uint32_t offset)
{
	uint32_t *offs = calloc(t->nr_fields + 1, sizeof(*offs));
	char buf[512];
	bool ok = offs != NULL;

	if (ok)
		glsl_std140_offsets(t, false, offs);
	for (uint32_t i = 0; ok && i < t->nr_fields; i++) {
		snprintf(buf, sizeof(buf), "%s.%s", name, t->fields[i].name);
		ok = record_uniform(w, buf, t->fields[i].type, offset + offs[i]);
	}
	free(offs);
	return ok;
}

/* One resource per leaf (arrays of leaves are one, with their stride). */
static bool record_uniform(struct lw *w, const char *name, const struct glsl_type *t,
			   uint32_t offset)
{
	struct glsl_lower_res r = { .name = (char *)name, .kind = GLSL_RES_UNIFORM, .type = t,
				    .offset = offset, .binding = GLSL_LOWER_DEFAULT_BINDING };
	char buf[512];

	if (!glsl_type_has_data(t))
		return true;   /* a struct's samplers: glsl_lower_opaque.c */
	if (t->kind == GLSL_KIND_STRUCT)
		return record_struct(w, name, t, offset);
	/* arrays of structs and of arrays (3.10): one per element, "a[1].f", "a[1]" */
	if (t->kind == GLSL_KIND_ARRAY && (t->elem->kind == GLSL_KIND_STRUCT ||
					   t->elem->kind == GLSL_KIND_ARRAY)) {
		uint32_t stride = glsl_std140_array_stride(t, false);
		for (uint32_t i = 0; i < t->length; i++) {
			snprintf(buf, sizeof(buf), "%s[%u]", name, i);
			if (!record_uniform(w, buf, t->elem, offset + i * stride))
				return false;
		}
		return true;
	}
	if (t->kind == GLSL_KIND_ARRAY) {
		r.type = t->elem;
		r.array_size = t->length;
		r.array_stride = glsl_std140_array_stride(t, false);
	}
	r.matrix_stride = glsl_std140_matrix_stride(t, false);
	return lw_res_add(w, &r);
}

/* The member of the linker's default block that holds `s`, or -1. */
static int32_t layout_member(const struct glsl_lower_layout *lay, const struct glsl_symbol *s)
{
	for (uint32_t i = 0; i < lay->nr_uniforms; i++)
		if (!strcmp(lay->uniforms[i].name, sym_name(s)))
			return (int32_t)i;
	return -1;
}

/* The members of the block: the shader's own uniforms, or the program's. */
static uint32_t default_fields(struct lw *w, const struct io_state *st, struct glsl_field *f)
{
	uint32_t n = st->uniforms.n + st->nr_driver;

	bool linked = w->layout && w->layout->nr_uniforms;

	if (linked)
		memcpy(f, w->layout->uniforms, w->layout->nr_uniforms * sizeof(*f));
	for (uint32_t i = 0; i < n; i++) {
		const struct glsl_symbol *s = default_member(st, i);
		int32_t at = linked ? layout_member(w->layout, s) : (int32_t)i;

		/* the shader's own struct types, so its accesses type-check in
		 * the IR; the linker made sure they lay out the same */
		if (at >= 0)
			f[at] = (struct glsl_field){ .name = sym_name(s), .type = s->type.type,
						     .precision = s->type.precision };
	}
	return linked ? w->layout->nr_uniforms : n;
}

/* Maps each uniform of the shader to its member of the block. */
static bool bind_default_members(struct lw *w, const struct io_state *st, vc_var_id v)
{
	uint32_t n = st->uniforms.n + st->nr_driver;
	bool linked = w->layout && w->layout->nr_uniforms;

	for (uint32_t i = 0; i < n; i++) {
		const struct glsl_symbol *s = default_member(st, i);
		int32_t member = linked ? layout_member(w->layout, s) : (int32_t)i;

		if (member < 0) {
			lw_fail(w, s->loc, "uniform '%s' is not in the program's default block",
				sym_name(s));
			return false;
		}
		if (!lw_sym_add(w, s, vc_var_get(w->m, v)->ptr, member))
			return false;
	}
	return true;
}

/* layout(location) on loose uniforms (ES 3.10): the leaf of that name. */
static void explicit_locations(struct lw *w, const struct io_state *st)
{
	for (uint32_t i = 0; i < st->uniforms.n; i++) {
		const struct glsl_symbol *s = st->uniforms.syms[i];

		for (uint32_t j = 0; s->location >= 0 && j < w->out->nr_res; j++) {
			struct glsl_lower_res *r = &w->out->res[j];

			if (r->kind == GLSL_RES_UNIFORM && !strcmp(r->name, sym_name(s))) {
				r->explicit_location = true;
				r->location = s->location;
			}
		}
	}
}

static bool default_block(struct lw *w, const struct io_state *st)
{
	uint32_t cap = st->uniforms.n + MAX_DRIVER_UNIFORMS +
		       (w->layout ? w->layout->nr_uniforms : 0);
	struct glsl_field *f = calloc(cap, sizeof(*f));
	uint32_t *offs = calloc(cap, sizeof(*offs));
	struct glsl_type blk;
	bool ok = f && offs;
	uint32_t n = ok ? default_fields(w, st, f) : 0;
	vc_var_id v = 0;

	if (ok) {
		glsl_type_init_block(&blk, "gl_DefaultUniformBlock", f, n, GLSL_PACKING_STD140,
				     GLSL_MATRIX_COLUMN);
		w->out->default_block_size = glsl_std140_offsets(&blk, false, offs);
		v = lw_var(w, glsl_type_to_ir(w->m, &blk, true), VC_STORAGE_UNIFORM,
			   "gl_DefaultUniformBlock");
		ok = v != 0;
	}
	ok = ok && bind_default_members(w, st, v);
	for (uint32_t i = 0; ok && i < n; i++)
		ok = record_uniform(w, f[i].name, f[i].type, offs[i]);
	if (ok)
		explicit_locations(w, st);
	if (ok) {
		struct vc_var *var = vc_var_get(w->m, v);
		var->has_binding = true;
		var->set = 0;
		var->binding = GLSL_LOWER_DEFAULT_BINDING;
		var->flags = VC_VAR_NONWRITABLE;
		w->default_block = v;
	}
	free(f);
	free(offs);
	return ok;
}

/* ---- blocks and samplers ----------------------------------------------------------------- */

/* SPIR-V's access decorations of a buffer block or an image (ES 3.10 memory
 * qualifiers). */
static uint32_t buffer_flags(const struct glsl_symbol *s)
{
	uint32_t f = 0;

	if (s->memory & GLSL_Q_READONLY)
		f |= VC_VAR_NONWRITABLE;
	if (s->memory & GLSL_Q_WRITEONLY)
		f |= VC_VAR_NONREADABLE;
	if (s->memory & GLSL_Q_COHERENT)
		f |= VC_VAR_COHERENT;
	if (s->memory & GLSL_Q_VOLATILE)
		f |= VC_VAR_VOLATILE;
	return f;
}

static enum vc_storage bound_storage(const struct glsl_symbol *s)
{
	if (s->storage == GLSL_STORAGE_BUFFER)
		return VC_STORAGE_STORAGE;
	return is_sampler(s->type.type) ? VC_STORAGE_HANDLE : VC_STORAGE_UNIFORM;
}

static bool bind_var(struct lw *w, const struct glsl_symbol *s, vc_type_id ty, uint32_t *binding,
		     struct glsl_lower_res *r)
{
	const struct glsl_type *t = s->type.type;
	enum vc_storage storage = bound_storage(s);
	vc_var_id v = lw_var(w, ty, storage, r->name);
	struct vc_var *var;

	if (!v || !lw_sym_add(w, s, vc_var_get(w->m, v)->ptr, -1))
		return false;
	var = vc_var_get(w->m, v);
	var->has_binding = true;
	var->set = 0;
	var->binding = *binding;
	/* Uniform blocks are read-only. Samplers get no NonWritable: Vulkan 1.0
	 * allows it only on blocks, storage buffers and storage images, and a
	 * sampled image cannot be written anyway. */
	var->flags = storage == VC_STORAGE_STORAGE || glsl_type_is_image(t) ? buffer_flags(s) :
		     storage == VC_STORAGE_HANDLE ? 0 : VC_VAR_NONWRITABLE;
	r->binding = *binding;
	r->explicit_binding = s->binding >= 0;
	r->gl_binding = s->binding >= 0 ? (uint32_t)s->binding : 0;
	/* arrays of arrays of blocks (3.10): one binding per block, in order */
	r->array_size = t->kind == GLSL_KIND_ARRAY ? glsl_type_array_elements(t) : 0;
	*binding += glsl_type_array_elements(t);
	return lw_res_add(w, r);
}

/* An array of arrays of blocks (3.10) is one flat array of them: Vulkan
 * takes no deeper (VUID-StandaloneSpirv-Uniform-06807); the accesses fold
 * their indices into one (glsl_lower_expr.c). */
static vc_type_id block_var_type(struct lw *w, const struct glsl_type *t)
{
	struct glsl_type flat;

	if (!glsl_type_is_aoa(t))
		return lw_type_expl(w, t);
	glsl_type_init_array(&flat, glsl_type_innermost(t), glsl_type_array_elements(t));
	return glsl_type_to_ir(w->m, &flat, true);
}

static bool declare_blocks(struct lw *w, const struct io_list *l, uint32_t *binding,
			   enum glsl_lower_res_kind kind)
{
	for (uint32_t i = 0; i < l->n; i++) {
		const struct glsl_symbol *s = l->syms[i];
		const struct glsl_type *bt = glsl_type_innermost(s->type.type);
		uint32_t *offs = calloc(bt->nr_fields + 1, sizeof(*offs));
		struct glsl_lower_res r = { .name = (char *)bt->name, .kind = kind, .block_type = bt,
					    .instance_named = s->cname && s->cname[0],
					    .instance_type = s->type.type };
		bool ok;

		if (!offs)
			return false;
		r.size = glsl_std140_offsets(bt, bt->matrix_layout == GLSL_MATRIX_ROW, offs);
		free(offs);
		ok = bind_var(w, s, block_var_type(w, s->type.type), binding, &r);
		if (!ok)
			return false;
	}
	return true;
}

static bool declare_samplers(struct lw *w, const struct io_list *l, uint32_t *binding)
{
	for (uint32_t i = 0; i < l->n; i++) {
		const struct glsl_symbol *s = l->syms[i];
		const struct glsl_type *t = s->type.type;
		struct glsl_lower_res r = { .name = (char *)sym_name(s), .kind = GLSL_RES_SAMPLER,
					    .type = t->kind == GLSL_KIND_ARRAY ? t->elem : t };

		if (!bind_var(w, s, lw_type(w, t), binding, &r))
			return false;
	}
	return true;
}

/* Images (ES 3.10): storage images of the format their layout gives. */
static bool declare_images(struct lw *w, const struct io_list *l, uint32_t *binding)
{
	for (uint32_t i = 0; i < l->n; i++) {
		const struct glsl_symbol *s = l->syms[i];
		const struct glsl_type *t = s->type.type;
		struct glsl_lower_res r = { .name = (char *)sym_name(s), .kind = GLSL_RES_IMAGE,
					    .type = t->kind == GLSL_KIND_ARRAY ? t->elem : t,
					    .format = s->format, .memory = s->memory };

		if (!bind_var(w, s, glsl_image_to_ir(w->m, t, s->format), binding, &r))
			return false;
	}
	return true;
}

static void add_shared(struct glsl_lower_result *o, const struct glsl_type *t)
{
	uint64_t size = (uint64_t)o->shared_size + 4 * (uint64_t)glsl_type_components(t);

	o->shared_size = size > UINT32_MAX ? UINT32_MAX : (uint32_t)size;
}

/* Plain globals: private variables (their initialisers run first in main);
 * shared ones: workgroup memory. */
static bool declare_privates(struct lw *w)
{
	for (uint32_t i = 0; i < w->sema->nr_globals; i++) {
		const struct glsl_symbol *s = w->sema->globals[i];
		vc_var_id v;

		if (s->kind != GLSL_SYM_VAR || (s->storage != GLSL_STORAGE_GLOBAL &&
						 s->storage != GLSL_STORAGE_SHARED &&
						 !is_private_builtin(s)))
			continue;
		v = lw_sym_var(w, s, s->storage == GLSL_STORAGE_SHARED ? VC_STORAGE_SHARED :
				     VC_STORAGE_PRIVATE);
		if (!v || !lw_sym_add(w, s, vc_var_get(w->m, v)->ptr, -1))
			return false;
		if (s->storage == GLSL_STORAGE_SHARED)
			add_shared(w->out, s->type.type);
	}
	return true;
}

static bool declare_all(struct lw *w, struct io_state *st)
{
	uint32_t binding = GLSL_LOWER_DEFAULT_BINDING + 1;

	if (!classify(w, st))
		return false;
	if (!declare_io(w, &st->in, VC_STORAGE_INPUT) || !declare_io(w, &st->out, VC_STORAGE_OUTPUT))
		return false;
	if ((st->uniforms.n || st->nr_driver) && !default_block(w, st))
		return false;
	if (!declare_blocks(w, &st->blocks, &binding, GLSL_RES_BLOCK) ||
	    !declare_samplers(w, &st->samplers, &binding))
		return false;
	for (uint32_t i = 0; i < st->held.n; i++)
		if (!lw_declare_struct_samplers(w, st->held.syms[i], &binding))
			return false;
	if (!declare_blocks(w, &st->buffers, &binding, GLSL_RES_BUFFER) ||
	    !declare_images(w, &st->images, &binding) ||
	    !lw_declare_atomics(w, st->atomics.syms, st->atomics.n, &binding))
		return false;
	w->out->nr_bindings = binding;
	return declare_privates(w);
}

bool lw_declare_interface(struct lw *w)
{
	uint32_t n = w->sema->nr_globals + 1;
	const struct glsl_symbol **mem = calloc(9 * (size_t)n, sizeof(*mem));
	struct io_state st = { 0 };
	bool ok;

	if (!mem) {
		w->m->oom = true;
		return false;
	}
	st.in.syms = mem;
	st.out.syms = mem + n;
	st.uniforms.syms = mem + 2 * n;
	st.blocks.syms = mem + 3 * n;
	st.samplers.syms = mem + 4 * n;
	st.held.syms = mem + 5 * n;
	st.buffers.syms = mem + 6 * n;
	st.images.syms = mem + 7 * n;
	st.atomics.syms = mem + 8 * n;
	ok = declare_all(w, &st);
	free(mem);
	return ok && !w->m->oom;
}
