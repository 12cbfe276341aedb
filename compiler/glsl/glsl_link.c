/* SPDX-License-Identifier: MIT */
/*
 * glsl_link: entry and the cross-stage checks. The rules and where they come
 * from are listed in glsl_link.h; what needs a layout (locations, the default
 * block, the resource lists) is in glsl_link_res.c.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_builtins.h"
#include "glsl_link_private.h"

static const char *const stage_names[GLSL_STAGE_COUNT] = { "vertex", "fragment" };

void lk_error(struct lk *k, const char *fmt, ...)
{
	va_list ap;

	if (k->failed)
		return; /* the first error is the one worth reading */
	k->failed = true;
	va_start(ap, fmt);
	glsl_log_vmessage(k->log, true, 0, 0, 0, fmt, ap);
	va_end(ap);
}

const char *lk_name(const struct glsl_symbol *s)
{
	if (s->builtin)
		return s->builtin->name;
	return s->cname ? s->cname : "";
}

static const struct glsl_type *elem_of(const struct glsl_type *t)
{
	return glsl_type_innermost(t);
}

bool lk_is_block(const struct glsl_type *t)
{
	return elem_of(t)->kind == GLSL_KIND_BLOCK;
}

/* Images are opaque like samplers but take no texture unit: the GL layer
 * lists them and checks their limits from the stages' lowering results. */
bool lk_is_sampler(const struct glsl_type *t)
{
	return elem_of(t)->kind == GLSL_KIND_SAMPLER && !elem_of(t)->image;
}

bool lk_is_image(const struct glsl_type *t)
{
	return elem_of(t)->kind == GLSL_KIND_SAMPLER && elem_of(t)->image;
}

bool lk_is_loose_uniform(const struct glsl_symbol *s)
{
	/* a struct of samplers only has nothing in the default block */
	return s->kind == GLSL_SYM_VAR && s->storage == GLSL_STORAGE_UNIFORM &&
	       !lk_is_block(s->type.type) && glsl_type_has_data(s->type.type);
}

static const struct glsl_symbol *find_in(const struct glsl_sema_result *r, const char *name,
					  enum glsl_storage storage);

const struct glsl_symbol *lk_find(const struct lk *k, enum glsl_stage stage, const char *name,
				  enum glsl_storage storage)
{
	return find_in(k->sh[stage].sema, name, storage);
}

static const struct glsl_symbol *find_in(const struct glsl_sema_result *r, const char *name,
					  enum glsl_storage storage)
{
	for (uint32_t i = 0; i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i];

		if (s->kind == GLSL_SYM_VAR && s->storage == storage && !strcmp(lk_name(s), name))
			return s;
	}
	return NULL;
}

/* With a geometry shader, it writes the fragment shader's inputs. */
const struct glsl_symbol *lk_varying_out(const struct lk *k, const struct glsl_symbol *in)
{
	const struct glsl_sema_result *r = k->gs ? k->gs->sema :
					    k->tes ? lk_tess_last(k) : k->sh[VS].sema;
	const struct glsl_symbol *out;

	if (in->location < 0) {
		out = find_in(r, lk_name(in), GLSL_STORAGE_OUT);
		return out && out->location < 0 ? out : NULL;
	}
	for (uint32_t i = 0; i < r->nr_globals; i++) {
		out = r->globals[i];
		if (out->kind == GLSL_SYM_VAR && out->storage == GLSL_STORAGE_OUT && !out->builtin &&
		    out->location == in->location)
			return out;
	}
	return NULL;
}

uint32_t lk_slots(const struct glsl_type *t)
{
	return glsl_type_slots(t);
}

/* ---- type agreement ------------------------------------------------------------------- */

static bool types_match(const struct glsl_type *a, const struct glsl_type *b, bool prec);

static enum glsl_matrix_layout resolved(enum glsl_matrix_layout field, enum glsl_matrix_layout outer)
{
	if (field != GLSL_MATRIX_INHERIT)
		return field;
	return outer == GLSL_MATRIX_ROW ? GLSL_MATRIX_ROW : GLSL_MATRIX_COLUMN;
}

/* Structs and blocks of two shaders are different declarations, so they
 * match member by member (names, types and, where asked, precision). */
static bool fields_match(const struct glsl_type *a, const struct glsl_type *b, bool prec)
{
	if (a->nr_fields != b->nr_fields || strcmp(a->name ? a->name : "", b->name ? b->name : ""))
		return false;
	for (uint32_t i = 0; i < a->nr_fields; i++) {
		const struct glsl_field *fa = &a->fields[i], *fb = &b->fields[i];

		if (strcmp(fa->name, fb->name) || !types_match(fa->type, fb->type, prec))
			return false;
		if (prec && glsl_type_takes_precision(fa->type) && fa->precision != fb->precision)
			return false;
		if (resolved(fa->matrix_layout, a->matrix_layout) !=
		    resolved(fb->matrix_layout, b->matrix_layout))
			return false;
	}
	return true;
}

bool lk_types_match(const struct glsl_type *a, const struct glsl_type *b)
{
	return types_match(a, b, false);
}

bool lk_blocks_match(const struct glsl_type *a, const struct glsl_type *b, bool prec)
{
	return types_match(a, b, prec);
}

static bool types_match(const struct glsl_type *a, const struct glsl_type *b, bool prec)
{
	if (a == b)
		return true;
	if (a->kind != b->kind || glsl_type_is_builtin(a) || glsl_type_is_builtin(b))
		return false;
	if (a->kind == GLSL_KIND_ARRAY)
		return a->length == b->length && types_match(a->elem, b->elem, prec);
	return fields_match(a, b, prec);
}

static bool ptypes_match(struct glsl_ptype a, struct glsl_ptype b)
{
	if (!types_match(a.type, b.type, true))
		return false;
	return !glsl_type_takes_precision(a.type) || a.precision == b.precision;
}

static const char *tname(struct glsl_ptype t, char *buf, size_t size)
{
	return glsl_ptype_name(t, buf, size);
}

/* ---- versions and main ---------------------------------------------------------------- */

static bool check_shaders(struct lk *k)
{
	for (unsigned st = 0; st < GLSL_STAGE_COUNT; st++) {
		if (k->sh[st].sema->stage != st) {
			lk_error(k, "the %s shader slot holds a %s shader", stage_names[st],
				 stage_names[k->sh[st].sema->stage]);
			return false;
		}
		if (!k->sh[st].sema->main) {
			lk_error(k, "%s shader lacks 'main'", stage_names[st]);
			return false;
		}
	}
	if (k->sh[VS].sema->version != k->sh[FS].sema->version) {
		lk_error(k, "vertex shader (GLSL ES %u) and fragment shader (GLSL ES %u) differ in "
			 "version", k->sh[VS].sema->version, k->sh[FS].sema->version);
		return false;
	}
	k->version = k->sh[VS].sema->version;
	return true;
}

/* ---- varyings ----------------------------------------------------------------------------- */

static bool is_flat(const struct glsl_symbol *s)
{
	return s->interp == GLSL_INTERP_FLAT;
}

static bool check_varying(struct lk *k, const struct glsl_symbol *in, const struct glsl_symbol *out)
{
	char a[128], b[128];

	if (!types_match(out->type.type, in->type.type, false)) {
		lk_error(k, "'%s' is %s in the vertex shader but %s in the fragment shader",
			 lk_name(in), tname(out->type, a, sizeof(a)), tname(in->type, b, sizeof(b)));
		return false;
	}
	/* GLSL ES 3.00 4.3.9: interpolation qualifiers must match (centroid
	 * is auxiliary and need not) */
	if (k->version >= GLSL_ES_300 && is_flat(in) != is_flat(out)) {
		lk_error(k, "interpolation qualifiers of '%s' differ between the shaders",
			 lk_name(in));
		return false;
	}
	/* GLSL ES 1.00 4.6.4: "the invariance of varyings that are declared in
	 * both the vertex and fragment shaders must match"; 3.00 dropped it */
	if (k->version < GLSL_ES_300 && in->invariant != out->invariant) {
		lk_error(k, "'%s' is invariant in one shader but not in the other", lk_name(in));
		return false;
	}
	return true;
}

/* Whether a fragment input takes `out` (by name or location). */
static bool read_by_fs(const struct lk *k, const struct glsl_symbol *out)
{
	const struct glsl_sema_result *fs = k->sh[FS].sema;

	for (uint32_t i = 0; i < fs->nr_globals; i++) {
		const struct glsl_symbol *in = fs->globals[i];

		if (in->kind == GLSL_SYM_VAR && in->storage == GLSL_STORAGE_IN && !in->builtin &&
		    lk_varying_out(k, in) == out)
			return true;
	}
	return false;
}

/* ES 3.1 §7.4.1: between two programs of a pipeline the interface matches
 * exactly, so each output of the stage before the fragment shader needs
 * its input (dEQP separate_shader validation varying.missing_input). */
static bool outputs_have_inputs(struct lk *k)
{
	const struct glsl_sema_result *r = k->gs ? k->gs->sema :
					    k->tes ? lk_tess_last(k) : k->sh[VS].sema;

	for (uint32_t i = 0; i < r->nr_globals; i++) {
		const struct glsl_symbol *out = r->globals[i];

		if (out->kind != GLSL_SYM_VAR || out->storage != GLSL_STORAGE_OUT || out->builtin ||
		    read_by_fs(k, out))
			continue;
		lk_error(k, "output '%s' has no input in the fragment program", lk_name(out));
		return false;
	}
	return true;
}

static bool check_varyings(struct lk *k)
{
	const struct glsl_sema_result *fs = k->sh[FS].sema;
	bool pipeline = k->opts && k->opts->pipeline;

	for (uint32_t i = 0; i < fs->nr_globals; i++) {
		const struct glsl_symbol *in = fs->globals[i], *out;

		if (in->kind != GLSL_SYM_VAR || in->storage != GLSL_STORAGE_IN || in->builtin)
			continue;
		out = lk_varying_out(k, in);
		if (!out && pipeline) {
			lk_error(k, "fragment program input '%s' has no output in the vertex program",
				 lk_name(in));
			return false;
		}
		if (out && pipeline && !ptypes_match(out->type, in->type)) {
			lk_error(k, "'%s' differs in precision between the vertex and fragment programs",
				 lk_name(in));
			return false;
		}
		if (!out && in->used && !(k->opts && k->opts->separable)) {
			lk_error(k, "fragment shader input '%s' is used but not written by the vertex "
				 "shader (no output of that %s)", lk_name(in),
				 in->location < 0 ? "name" : "location");
			return false;
		}
		if (out && !check_varying(k, in, out))
			return false;
	}
	return !pipeline || outputs_have_inputs(k);
}

/* The built-in variable `name` of a stage (only used or redeclared ones
 * are in the globals), or NULL. */
static const struct glsl_symbol *find_builtin(const struct lk *k, enum glsl_stage st,
					      const char *name)
{
	const struct glsl_sema_result *r = k->sh[st].sema;

	for (uint32_t i = 0; i < r->nr_globals; i++)
		if (r->globals[i]->builtin && !strcmp(r->globals[i]->builtin->name, name))
			return r->globals[i];
	return NULL;
}

static bool invariant_in(const struct lk *k, enum glsl_stage st, const char *name)
{
	const struct glsl_symbol *s = find_builtin(k, st, name);

	return (s && s->invariant) || k->sh[st].sema->invariant_all;
}

/* GLSL ES 1.00 4.6.4: gl_FragCoord (gl_PointCoord) can be declared
 * invariant if and only if gl_Position (gl_PointSize) is. */
static bool check_builtin_invariance(struct lk *k)
{
	static const char *const pairs[][2] = {
		{ "gl_FragCoord", "gl_Position" },
		{ "gl_PointCoord", "gl_PointSize" },
	};

	for (unsigned i = 0; i < 2; i++) {
		const struct glsl_symbol *in = find_builtin(k, FS, pairs[i][0]);

		if (in && in->invariant && !invariant_in(k, VS, pairs[i][1])) {
			lk_error(k, "%s is invariant in the fragment shader but %s is not invariant in "
				 "the vertex shader", pairs[i][0], pairs[i][1]);
			return false;
		}
	}
	return true;
}

/* ---- uniforms and blocks ------------------------------------------------------------------ */

/* ES 3.10 §4.4.5: a uniform, or a block, bound in both stages is bound to
 * the same point (dEQP layout_binding.negative.*.binding_contradictory). */
static bool bindings_agree(struct lk *k, const struct glsl_symbol *v, const struct glsl_symbol *f,
			   const char *name)
{
	if (v->binding < 0 || f->binding < 0 || v->binding == f->binding)
		return true;
	lk_error(k, "'%s' has binding %d in the vertex shader but %d in the fragment shader", name,
		 v->binding, f->binding);
	return false;
}

static bool check_uniform(struct lk *k, const struct glsl_symbol *v, const struct glsl_symbol *f)
{
	char a[128], b[128];

	if (!bindings_agree(k, v, f, lk_name(v)))
		return false;
	if (ptypes_match(v->type, f->type))
		return true;
	/* separable: the stages may come from programs that never met, each
	 * free to choose its precision */
	if (types_match(v->type.type, f->type.type, false) && k->opts && k->opts->separable)
		return true;
	/* as Mesa: in ES 1.00 a precision conflict of a uniform that one stage
	 * does not use is only a warning */
	if (types_match(v->type.type, f->type.type, false) && k->version < GLSL_ES_300 &&
	    !(v->used && f->used)) {
		glsl_log_warning(k->log, 0, 0, 0, "uniform '%s' differs in precision between the "
				 "shaders", lk_name(v));
		return true;
	}
	if (types_match(v->type.type, f->type.type, false))
		lk_error(k, "uniform '%s' differs in precision between the shaders (%s in the vertex "
			 "shader, %s in the fragment shader)", lk_name(v), tname(v->type, a, sizeof(a)),
			 tname(f->type, b, sizeof(b)));
	else
		lk_error(k, "uniform '%s' is %s in the vertex shader but %s in the fragment shader",
			 lk_name(v), tname(v->type, a, sizeof(a)), tname(f->type, b, sizeof(b)));
	return false;
}

static bool block_layouts_match(const struct glsl_type *a, const struct glsl_type *b)
{
	return a->packing == b->packing &&
	       resolved(a->matrix_layout, GLSL_MATRIX_COLUMN) ==
	       resolved(b->matrix_layout, GLSL_MATRIX_COLUMN);
}

static bool check_block(struct lk *k, const struct glsl_symbol *v, const struct glsl_symbol *f)
{
	const struct glsl_type *a = v->type.type, *b = f->type.type;
	const char *name = elem_of(a)->name;

	if (a->kind != b->kind || (a->kind == GLSL_KIND_ARRAY && a->length != b->length)) {
		lk_error(k, "uniform block '%s' differs in array size between the shaders", name);
		return false;
	}
	if (!bindings_agree(k, v, f, name))
		return false;
	if (!block_layouts_match(elem_of(a), elem_of(b))) {
		lk_error(k, "uniform block '%s' differs in layout qualifiers between the shaders",
			 name);
		return false;
	}
	if (!fields_match(elem_of(a), elem_of(b), true)) {
		lk_error(k, "uniform block '%s' differs in its members between the shaders", name);
		return false;
	}
	return true;
}

/* The uniform of the fragment shader that `v` (a VS uniform) meets: the
 * same name, or for blocks the same block name. */
static const struct glsl_symbol *fs_counterpart(const struct lk *k, const struct glsl_symbol *v)
{
	const struct glsl_sema_result *fs = k->sh[FS].sema;
	bool block = lk_is_block(v->type.type);

	for (uint32_t i = 0; i < fs->nr_globals; i++) {
		const struct glsl_symbol *f = fs->globals[i];

		if (f->kind != GLSL_SYM_VAR || f->storage != GLSL_STORAGE_UNIFORM)
			continue;
		if (block && lk_is_block(f->type.type) &&
		    !strcmp(elem_of(f->type.type)->name, elem_of(v->type.type)->name))
			return f;
		if (!block && !lk_is_block(f->type.type) && !strcmp(lk_name(f), lk_name(v)))
			return f;
	}
	return NULL;
}

/* A loose uniform of one stage and a member of an anonymous block of the
 * other would be one GL name for two things. */
static bool check_block_member_names(struct lk *k, enum glsl_stage st)
{
	const struct glsl_sema_result *r = k->sh[st].sema;
	enum glsl_stage other = st == VS ? FS : VS;

	for (uint32_t i = 0; i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i];
		const struct glsl_type *t = s->type.type;

		if (s->kind != GLSL_SYM_VAR || !lk_is_block(t) || (s->cname && s->cname[0]))
			continue;
		for (uint32_t f = 0; f < t->nr_fields; f++) {
			const struct glsl_symbol *u = lk_find(k, other, t->fields[f].name,
							      GLSL_STORAGE_UNIFORM);

			if (u && !lk_is_block(u->type.type)) {
				lk_error(k, "'%s' is a member of uniform block '%s' in the %s shader but "
					 "a uniform of its own in the %s shader", t->fields[f].name,
					 t->name, stage_names[st], stage_names[other]);
				return false;
			}
		}
	}
	return true;
}

static bool check_uniforms(struct lk *k)
{
	const struct glsl_sema_result *vs = k->sh[VS].sema;

	for (uint32_t i = 0; i < vs->nr_globals; i++) {
		const struct glsl_symbol *v = vs->globals[i], *f;

		if (v->kind != GLSL_SYM_VAR || v->storage != GLSL_STORAGE_UNIFORM)
			continue;
		f = fs_counterpart(k, v);
		if (!f)
			continue;
		if (lk_is_block(v->type.type) ? !check_block(k, v, f) : !check_uniform(k, v, f))
			return false;
	}
	return check_block_member_names(k, VS) && check_block_member_names(k, FS);
}

/* ---- limits ------------------------------------------------------------------------------- */

static uint32_t pick(uint32_t given, uint32_t dflt)
{
	return given ? given : dflt;
}

static void init_limits(struct lk *k)
{
	const struct glsl_link_limits *g = k->opts ? &k->opts->limits : &(struct glsl_link_limits){ 0 };
	struct glsl_link_limits *l = &k->lim;

	l->max_vertex_attribs = pick(g->max_vertex_attribs, GLSL_LINK_DEFAULT_ATTRIBS);
	l->max_varying_vectors = pick(g->max_varying_vectors, GLSL_LINK_DEFAULT_VARYING_VECTORS);
	l->max_varying_locations = g->max_varying_locations;
	l->max_vertex_uniform_vectors = pick(g->max_vertex_uniform_vectors,
					     GLSL_LINK_DEFAULT_VS_UNIFORM_VECTORS);
	l->max_fragment_uniform_vectors = pick(g->max_fragment_uniform_vectors,
					       GLSL_LINK_DEFAULT_FS_UNIFORM_VECTORS);
	l->max_vertex_texture_units = pick(g->max_vertex_texture_units,
					   GLSL_LINK_DEFAULT_TEXTURE_UNITS);
	l->max_fragment_texture_units = pick(g->max_fragment_texture_units,
					     GLSL_LINK_DEFAULT_TEXTURE_UNITS);
	l->max_combined_texture_units = pick(g->max_combined_texture_units,
					     GLSL_LINK_DEFAULT_COMBINED_UNITS);
	l->max_draw_buffers = pick(g->max_draw_buffers, GLSL_LINK_DEFAULT_DRAW_BUFFERS);
	l->max_vertex_uniform_blocks = pick(g->max_vertex_uniform_blocks,
					    GLSL_LINK_DEFAULT_STAGE_BLOCKS);
	l->max_fragment_uniform_blocks = pick(g->max_fragment_uniform_blocks,
					      GLSL_LINK_DEFAULT_STAGE_BLOCKS);
	l->max_combined_uniform_blocks = pick(g->max_combined_uniform_blocks,
					      GLSL_LINK_DEFAULT_COMBINED_BLOCKS);
	l->max_uniform_block_size = pick(g->max_uniform_block_size, GLSL_LINK_DEFAULT_BLOCK_SIZE);
	l->max_xfb_interleaved_components = pick(g->max_xfb_interleaved_components,
						 GLSL_LINK_DEFAULT_XFB_INTERLEAVED);
	l->max_xfb_separate_attribs = pick(g->max_xfb_separate_attribs,
					   GLSL_LINK_DEFAULT_XFB_SEPARATE_ATTRIBS);
	l->max_xfb_separate_components = pick(g->max_xfb_separate_components,
					      GLSL_LINK_DEFAULT_XFB_SEPARATE_COMPONENTS);
	l->max_uniform_locations = pick(g->max_uniform_locations,
					GLSL_LINK_DEFAULT_UNIFORM_LOCATIONS);
}

struct stage_use {
	uint32_t uniform_bytes, samplers, blocks;
};

static uint32_t elements(const struct glsl_type *t)
{
	return t->kind == GLSL_KIND_ARRAY ? t->length : 1;
}

/* Uniform storage, texture units and blocks one stage uses on its own. */
static void count_stage(const struct lk *k, enum glsl_stage st, struct stage_use *u)
{
	const struct glsl_sema_result *r = k->sh[st].sema;

	for (uint32_t i = 0; i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i];
		const struct glsl_type *t = s->type.type;

		if (lk_is_loose_uniform(s)) {
			uint32_t align = glsl_std140_align(t, false);

			u->uniform_bytes = (u->uniform_bytes + align - 1) / align * align +
					   glsl_std140_size(t, false);
		} else if (s->kind == GLSL_SYM_VAR && s->storage == GLSL_STORAGE_UNIFORM &&
			   !lk_is_image(t) && !glsl_type_is_atomic(t)) {
			/* images and counters are the GL layer's to count (its storage limits) */
			*(lk_is_sampler(t) ? &u->samplers : &u->blocks) += elements(t);
		}
	}
}

static bool check_stage_limits(struct lk *k, enum glsl_stage st, const struct stage_use *u)
{
	const struct glsl_link_limits *l = &k->lim;
	uint32_t vectors = (u->uniform_bytes + 15) / 16;
	uint32_t max_vec = st == VS ? l->max_vertex_uniform_vectors : l->max_fragment_uniform_vectors;
	uint32_t max_units = st == VS ? l->max_vertex_texture_units : l->max_fragment_texture_units;
	uint32_t max_blocks = st == VS ? l->max_vertex_uniform_blocks : l->max_fragment_uniform_blocks;

	if (vectors > max_vec)
		lk_error(k, "too many uniforms in the %s shader: %u vectors, at most %u",
			 stage_names[st], vectors, max_vec);
	else if (u->samplers > max_units)
		lk_error(k, "too many samplers in the %s shader: %u, at most %u", stage_names[st],
			 u->samplers, max_units);
	else if (u->blocks > max_blocks)
		lk_error(k, "too many uniform blocks in the %s shader: %u, at most %u",
			 stage_names[st], u->blocks, max_blocks);
	return !k->failed;
}

static bool check_limits(struct lk *k)
{
	struct stage_use use[GLSL_STAGE_COUNT] = { { 0 } };

	for (unsigned st = 0; st < GLSL_STAGE_COUNT; st++) {
		count_stage(k, st, &use[st]);
		if (!check_stage_limits(k, st, &use[st]))
			return false;
	}
	if (use[VS].samplers + use[FS].samplers > k->lim.max_combined_texture_units) {
		lk_error(k, "too many samplers: %u, at most %u", use[VS].samplers + use[FS].samplers,
			 k->lim.max_combined_texture_units);
		return false;
	}
	if (use[VS].blocks + use[FS].blocks > k->lim.max_combined_uniform_blocks) {
		lk_error(k, "too many uniform blocks: %u, at most %u", use[VS].blocks + use[FS].blocks,
			 k->lim.max_combined_uniform_blocks);
		return false;
	}
	return true;
}

/* ---- entry ---------------------------------------------------------------------------------- */

static bool link_all(struct lk *k)
{
	init_limits(k);
	return check_shaders(k) && lk_gs_check(k) && lk_tess_check(k) && lk_io_blocks(k) &&
	       check_varyings(k) &&
	       (k->version >= GLSL_ES_300 || check_builtin_invariance(k)) && check_uniforms(k) &&
	       check_limits(k) && lk_check_outputs(k) && lk_assign_attribs(k) &&
	       lk_assign_varyings(k) && lk_merge_uniforms(k) && lk_lower(k) && lk_gs_lower(k) &&
	       lk_tess_lower(k) &&
	       lk_resources(k) &&
	       lk_uniform_locations(k) && lk_xfb(k);
}

int glsl_link(const struct glsl_link_shader shaders[GLSL_STAGE_COUNT],
	      const struct glsl_link_options *opts, struct glsl_log *log,
	      struct glsl_program *prog)
{
	struct lk k = { .sh = shaders, .opts = opts, .log = log, .p = prog,
			.gs = opts ? opts->geometry : NULL,
			.tcs = opts ? opts->tess_ctrl : NULL, .tes = opts ? opts->tess_eval : NULL };
	bool ok;

	memset(prog, 0, sizeof(*prog));
	ok = link_all(&k) && !k.failed;
	if (!ok && !k.failed)
		lk_error(&k, "out of memory");
	free(k.uniforms);
	free(k.attribs);
	free(k.varyings);
	if (!ok) {
		glsl_program_finish(prog);
		return -1;
	}
	prog->version = k.version;
	if (shaders[GLSL_STAGE_FRAGMENT].sema)
		prog->blend_support = shaders[GLSL_STAGE_FRAGMENT].sema->blend_support;
	return 0;
}
