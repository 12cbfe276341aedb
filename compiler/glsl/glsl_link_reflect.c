/* SPDX-License-Identifier: MIT */
/*
 * glsl_link: the program's resource lists for the GL queries (uniforms of
 * the default block and of blocks with their std140 offsets, samplers with
 * their bindings per stage, blocks, attributes, varyings, outputs).
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_link_private.h"

#define NAME_MAX_LEN 512

static bool grow(void **arr, uint32_t n, uint32_t *cap, size_t size)
{
	void *p;

	if (n < *cap)
		return true;
	p = realloc(*arr, (*cap ? *cap * 2 : 16) * size);
	if (!p)
		return false;
	*arr = p;
	*cap = *cap ? *cap * 2 : 16;
	return true;
}

static bool add_uniform(struct glsl_program *p, const struct glsl_prog_uniform *u)
{
	if (!grow((void **)&p->uniforms, p->nr_uniforms, &p->cap_uniforms, sizeof(*u)))
		return false;
	p->uniforms[p->nr_uniforms] = *u;
	p->uniforms[p->nr_uniforms].name = strdup(u->name);
	return p->uniforms[p->nr_uniforms++].name != NULL;
}

static void no_stage(struct glsl_link_stage_binding *b)
{
	for (unsigned st = 0; st < GLSL_LINK_STAGES; st++)
		b->binding[st] = -1;
}

/* A global of stage st (a GLSL_LINK_STAGES index), or NULL. */
static const struct glsl_symbol *stage_find(const struct lk *k, unsigned st, const char *name,
					    enum glsl_storage storage)
{
	const struct glsl_sema_result *r = lk_stage_sema(k, st);

	for (uint32_t i = 0; r && i < r->nr_globals; i++) {
		const struct glsl_symbol *s = r->globals[i];

		if (s->kind == GLSL_SYM_VAR && s->storage == storage && !strcmp(lk_name(s), name))
			return s;
	}
	return NULL;
}

/* ---- leaves of a std140 layout ------------------------------------------------------------ */

struct leaf_ctx {
	struct glsl_program *p;
	int32_t block;
	bool std430;                   /* the block's packing decides its members' layout */
	uint32_t top_size, top_stride; /* of the block member being walked */
	bool buffer;                   /* a buffer block's members */
	bool first_only;               /* at a buffer member's top-level array of aggregates */
	struct glsl_link_stage_binding stage;   /* loose uniforms: the stages declaring it */
};

static bool add_leaves(struct leaf_ctx *c, const char *name, const struct glsl_type *t,
		       enum glsl_precision prec, uint32_t offset, bool row_major);

static bool add_struct_leaves(struct leaf_ctx *c, const char *name, const struct glsl_type *t,
			      uint32_t offset, bool row_major)
{
	uint32_t *offs = calloc(t->nr_fields + 1, sizeof(*offs));
	char buf[NAME_MAX_LEN];
	bool ok = offs != NULL;

	if (ok)
		glsl_layout_offsets(t, row_major, c->std430, offs);
	for (uint32_t i = 0; ok && i < t->nr_fields; i++) {
		const struct glsl_field *f = &t->fields[i];
		bool rm = f->matrix_layout == GLSL_MATRIX_INHERIT ? row_major :
			  f->matrix_layout == GLSL_MATRIX_ROW;

		snprintf(buf, sizeof(buf), "%s%s%s", name, name[0] ? "." : "", f->name);
		ok = add_leaves(c, buf, f->type, f->precision, offset + offs[i], rm);
	}
	free(offs);
	return ok;
}

/* Arrays of structs, and of arrays (3.10): GL lists each element's leaves
 * ("a[i].f", "a[i][0]"); an unsized one (a buffer block's last member) its
 * first element's. */
static bool add_element_leaves(struct leaf_ctx *c, const char *name, const struct glsl_type *t,
			       enum glsl_precision prec, uint32_t offset, bool row_major)
{
	uint32_t stride = glsl_layout_array_stride(t, row_major, c->std430);
	uint32_t n = t->length && !c->first_only ? t->length : 1;
	char buf[NAME_MAX_LEN];

	c->first_only = false;
	for (uint32_t i = 0; i < n; i++) {
		snprintf(buf, sizeof(buf), "%s[%u]", name, i);
		if (!add_leaves(c, buf, t->elem, prec, offset + i * stride, row_major))
			return false;
	}
	return true;
}

/* One entry per leaf; arrays of leaves are one entry with their stride,
 * arrays of structs one per element (GL names them "a[i].f"). */
static bool add_leaves(struct leaf_ctx *c, const char *name, const struct glsl_type *t,
		       enum glsl_precision prec, uint32_t offset, bool row_major)
{
	struct glsl_prog_uniform u = { .name = (char *)name, .type = t, .precision = prec,
				       .block = c->block, .offset = offset, .row_major = row_major,
				       .top_array_size = c->top_size,
				       .top_array_stride = c->top_stride, .stage = c->stage };

	if (!glsl_type_has_data(t))
		return true;   /* samplers of structs: held_samplers() lists them */
	if (t->kind == GLSL_KIND_STRUCT)
		return add_struct_leaves(c, name, t, offset, row_major);
	if (t->kind == GLSL_KIND_ARRAY && (t->elem->kind == GLSL_KIND_STRUCT ||
					   t->elem->kind == GLSL_KIND_ARRAY))
		return add_element_leaves(c, name, t, prec, offset, row_major);
	if (t->kind == GLSL_KIND_ARRAY) {
		u.type = t->elem;
		u.array_size = t->length;
		u.unsized = t->length == 0;
		u.array_stride = glsl_layout_array_stride(t, row_major, c->std430);
	}
	u.matrix_stride = glsl_layout_matrix_stride(t, row_major, c->std430);
	/* GL_UNIFORM_IS_ROW_MAJOR is false for all but matrices */
	u.row_major = row_major && u.matrix_stride;
	return add_uniform(c->p, &u);
}

/* The leaves of every member of a block: GL names them "Block.m" when the
 * block has an instance name. The top-level array of each member is
 * recorded with them (GL_TOP_LEVEL_ARRAY_SIZE / _STRIDE). */
static bool add_block_members(struct leaf_ctx *c, const struct glsl_type *bt, bool named)
{
	bool row = bt->matrix_layout == GLSL_MATRIX_ROW;
	uint32_t *offs = calloc(bt->nr_fields + 1, sizeof(*offs));
	bool ok = offs != NULL;

	if (ok)
		glsl_layout_offsets(bt, row, c->std430, offs);
	for (uint32_t i = 0; ok && i < bt->nr_fields; i++) {
		const struct glsl_field *f = &bt->fields[i];
		bool rm = f->matrix_layout == GLSL_MATRIX_INHERIT ? row : f->matrix_layout == GLSL_MATRIX_ROW;
		/* GL_TOP_LEVEL_ARRAY_SIZE / _STRIDE describe arrays of structs
		 * or arrays only: other members say 1 and 0 (ES 3.1 §7.3.1.1) */
		bool array = f->type->kind == GLSL_KIND_ARRAY &&
			     (f->type->elem->kind == GLSL_KIND_STRUCT ||
			      f->type->elem->kind == GLSL_KIND_ARRAY);
		char buf[NAME_MAX_LEN];

		c->top_size = array ? f->type->length : 1;
		c->first_only = c->buffer && array;
		c->top_stride = array ? glsl_layout_array_stride(f->type, rm, c->std430) : 0;
		snprintf(buf, sizeof(buf), "%s%s%s", named ? bt->name : "", named ? "." : "",
			 f->name);
		ok = add_leaves(c, buf, f->type, f->precision, offs[i], rm);
	}
	free(offs);
	return ok;
}

bool glsl_program_add_block_members(struct glsl_program *p, const struct glsl_type *block,
				    bool instance_named, int32_t block_index, bool buffer)
{
	struct leaf_ctx c = { .p = p, .block = block_index, .buffer = buffer,
			      .std430 = block->packing == GLSL_PACKING_STD430 };

	no_stage(&c.stage);
	return add_block_members(&c, block, instance_named);
}

static bool default_block_leaves(struct lk *k)
{
	struct glsl_type blk;
	uint32_t *offs = calloc(k->nr_uniforms + 1, sizeof(*offs));
	struct leaf_ctx c = { .p = k->p, .block = -1 };
	bool ok = offs != NULL;

	if (ok && k->nr_uniforms) {
		glsl_type_init_block(&blk, "gl_DefaultUniformBlock", k->uniforms, k->nr_uniforms,
				     GLSL_PACKING_STD140, GLSL_MATRIX_COLUMN);
		k->p->default_block_size = glsl_std140_offsets(&blk, false, offs);
	}
	for (uint32_t i = 0; ok && i < k->nr_uniforms; i++) {
		for (unsigned st = 0; st < GLSL_LINK_STAGES; st++)
			c.stage.binding[st] = stage_find(k, st, k->uniforms[i].name,
							 GLSL_STORAGE_UNIFORM) ?
					      GLSL_LOWER_DEFAULT_BINDING : -1;
		ok = add_leaves(&c, k->uniforms[i].name, k->uniforms[i].type,
				k->uniforms[i].precision, offs[i], false);
	}
	free(offs);
	return ok;
}

/* ---- samplers ------------------------------------------------------------------------------ */

static int32_t stage_binding(const struct lk *k, enum glsl_stage st, enum glsl_lower_res_kind kind,
			     const char *name)
{
	const struct glsl_lower_result *lr = lk_stage_lowered(k, st);
	const struct glsl_lower_res *r = lr ? glsl_lower_find(lr, kind, name) : NULL;

	return r ? (int32_t)r->binding : -1;
}

/* The layout(binding) of the first stage that gives the resource one. */
static bool explicit_binding(const struct lk *k, enum glsl_lower_res_kind kind, const char *name,
			     uint32_t *out)
{
	for (unsigned st = 0; st < GLSL_LINK_STAGES; st++) {
		const struct glsl_lower_result *lr = lk_stage_lowered(k, st);
		const struct glsl_lower_res *r = lr ? glsl_lower_find(lr, kind, name) : NULL;

		if (r && r->explicit_binding) {
			*out = r->gl_binding;
			return true;
		}
	}
	return false;
}

static bool add_sampler(struct lk *k, const struct glsl_symbol *s)
{
	const struct glsl_type *t = s->type.type;
	struct glsl_prog_uniform u = { .name = (char *)lk_name(s), .type = t, .block = -1,
				       .precision = s->type.precision };

	/* declared by both stages; arrays of arrays are listed per innermost
	 * array, as the lowering names them (held_samplers) */
	if (glsl_program_uniform(k->p, u.name) || glsl_type_is_aoa(t))
		return true;
	if (t->kind == GLSL_KIND_ARRAY) {
		u.type = t->elem;
		u.array_size = t->length;
	}
	for (unsigned st = 0; st < GLSL_LINK_STAGES; st++)
		u.stage.binding[st] = stage_binding(k, st, GLSL_RES_SAMPLER, u.name);
	u.explicit_binding = explicit_binding(k, GLSL_RES_SAMPLER, u.name, &u.gl_binding);
	return add_uniform(k->p, &u);
}

/* The samplers that struct uniforms hold, under the GL names the lowering
 * gave their elements ("s.t", "arr[1].c"). */
static bool held_samplers(struct lk *k)
{
	for (unsigned st = 0; st < GLSL_LINK_STAGES; st++) {
		const struct glsl_lower_result *lr = lk_stage_lowered(k, st);

		for (uint32_t i = 0; lr && i < lr->nr_res; i++) {
			const struct glsl_lower_res *r = &lr->res[i];
			struct glsl_prog_uniform u = { .name = r->name, .type = r->type, .block = -1,
						       .array_size = r->array_size };

			if (r->kind != GLSL_RES_SAMPLER || glsl_program_uniform(k->p, r->name))
				continue;
			for (unsigned s = 0; s < GLSL_LINK_STAGES; s++)
				u.stage.binding[s] = stage_binding(k, s, GLSL_RES_SAMPLER, u.name);
			u.explicit_binding = explicit_binding(k, GLSL_RES_SAMPLER, u.name,
							      &u.gl_binding);
			if (!add_uniform(k->p, &u))
				return false;
		}
	}
	return true;
}

/* ---- blocks --------------------------------------------------------------------------------- */

static bool add_block_entry(struct lk *k, const struct glsl_symbol *s, const char *name,
			    uint32_t element)
{
	const struct glsl_type *bt = glsl_type_innermost(s->type.type);
	struct glsl_program *p = k->p;
	struct glsl_prog_block b = { .first_uniform = p->nr_uniforms };
	struct leaf_ctx c = { .p = p, .block = (int32_t)p->nr_blocks };
	bool ok = grow((void **)&p->blocks, p->nr_blocks, &p->cap_blocks, sizeof(b));

	no_stage(&c.stage);
	for (unsigned st = 0; st < GLSL_LINK_STAGES; st++) {
		int32_t first = stage_binding(k, st, GLSL_RES_BLOCK, bt->name);
		b.stage.binding[st] = first < 0 ? -1 : first + (int32_t)element;
	}
	b.size = glsl_std140_offsets(bt, bt->matrix_layout == GLSL_MATRIX_ROW, NULL);
	b.explicit_binding = explicit_binding(k, GLSL_RES_BLOCK, bt->name, &b.gl_binding);
	b.gl_binding = b.gl_binding > INT32_MAX - element ? INT32_MAX : b.gl_binding + element;
	ok = ok && add_block_members(&c, bt, s->cname && s->cname[0]);
	b.nr_uniforms = p->nr_uniforms - b.first_uniform;
	b.name = ok ? strdup(name) : NULL;
	if (!b.name)
		return false;
	p->blocks[p->nr_blocks++] = b;
	return true;
}

/* A block of both stages is listed once; arrays of blocks per element
 * ("B[1]", and "B[1][2]" for arrays of arrays, 3.10), numbered in order. */
static bool add_block_elements(struct lk *k, const struct glsl_symbol *s,
			       const struct glsl_type *t, const char *name, uint32_t *element)
{
	char buf[NAME_MAX_LEN];

	if (t->kind != GLSL_KIND_ARRAY) {
		(*element)++;
		return glsl_program_block(k->p, name) || add_block_entry(k, s, name, *element - 1);
	}
	for (uint32_t i = 0; i < t->length; i++) {
		snprintf(buf, sizeof(buf), "%s[%u]", name, i);
		if (!add_block_elements(k, s, t->elem, buf, element))
			return false;
	}
	return true;
}

static bool add_block(struct lk *k, const struct glsl_symbol *s)
{
	uint32_t element = 0;

	return add_block_elements(k, s, s->type.type, glsl_type_innermost(s->type.type)->name,
				  &element);
}

static bool opaque_and_blocks(struct lk *k)
{
	for (unsigned st = 0; st < GLSL_LINK_STAGES; st++) {
		const struct glsl_sema_result *r = lk_stage_sema(k, st);

		for (uint32_t i = 0; r && i < r->nr_globals; i++) {
			const struct glsl_symbol *s = r->globals[i];

			if (s->kind != GLSL_SYM_VAR || s->storage != GLSL_STORAGE_UNIFORM)
				continue;
			if (lk_is_sampler(s->type.type) && !add_sampler(k, s))
				return false;
			if (lk_is_block(s->type.type) && !add_block(k, s))
				return false;
		}
	}
	return true;
}

/* ---- attributes, varyings, outputs ---------------------------------------------------------- */

static bool add_io(struct glsl_program *p, unsigned list, char *name, const struct glsl_type *t,
		   enum glsl_precision precision, int32_t location)
{
	struct glsl_prog_var **arr[3] = { &p->attribs, &p->varyings, &p->outputs };
	uint32_t *nr[3] = { &p->nr_attribs, &p->nr_varyings, &p->nr_outputs };
	struct glsl_prog_var v = { .name = name, .type = t, .precision = precision,
				   .location = location, .slots = lk_slots(t) };

	if (!v.name || !grow((void **)arr[list], *nr[list], &p->cap_vars[list], sizeof(v))) {
		free(v.name);
		return false;
	}
	(*arr[list])[(*nr[list])++] = v;
	return true;
}

static bool add_io_leaves(struct glsl_program *p, unsigned list, const char *name,
			  const struct glsl_type *t, enum glsl_precision precision, int32_t location);

/* The leaves of name's element or member `part` ("[1]", ".f"). */
static bool add_io_part(struct glsl_program *p, unsigned list, const char *name, const char *part,
			const struct glsl_type *t, enum glsl_precision precision, int32_t location)
{
	char *n;
	bool ok;

	if (asprintf(&n, "%s%s", name, part) < 0)
		return false;
	ok = add_io_leaves(p, list, n, t, precision, location);
	free(n);
	return ok;
}

/* ES 3.1 7.3.1.1: an input or output of a structure is listed by its
 * members ("s.f", "a[1].f"), each at its own location. */
static bool add_io_leaves(struct glsl_program *p, unsigned list, const char *name,
			  const struct glsl_type *t, enum glsl_precision precision, int32_t location)
{
	bool ok = true;
	char part[24];

	if (t->kind == GLSL_KIND_ARRAY && t->elem->kind == GLSL_KIND_STRUCT) {
		for (uint32_t i = 0; ok && i < t->length; i++) {
			snprintf(part, sizeof(part), "[%u]", i);
			ok = add_io_part(p, list, name, part, t->elem, precision,
					 location < 0 ? -1 : location + (int32_t)(i * lk_slots(t->elem)));
		}
		return ok;
	}
	if (t->kind != GLSL_KIND_STRUCT)
		return add_io(p, list, strdup(name), t, precision, location);
	for (uint32_t i = 0; ok && i < t->nr_fields; i++) {
		const struct glsl_field *f = &t->fields[i];
		char *member;

		if (asprintf(&member, ".%s", f->name) < 0)
			return false;
		ok = add_io_part(p, list, name, member, f->type, f->precision, location);
		free(member);
		if (location >= 0)
			location += (int32_t)lk_slots(f->type);
	}
	return ok;
}

static bool add_var(struct glsl_program *p, unsigned list, const struct glsl_symbol *s,
		    int32_t location)
{
	/* a member of an in or out block without instance name is listed by
	 * its own name (ES 3.1 7.3.1.1), one of a named block as "Block.member" */
	/* an array of blocks lists its members once, as the block declares them */
	return add_io_leaves(p, list, s->api_name ? s->api_name : lk_name(s),
			     s->io_arrayed ? s->type.type->elem : s->type.type, s->type.precision,
			     location);
}

static int32_t location_in(const struct glsl_lower_location *l, uint32_t n, const char *name)
{
	for (uint32_t i = 0; i < n; i++)
		if (!strcmp(l[i].name, name))
			return l[i].location;
	return -1;
}

/* A varying's GL_LOCATION (ES 3.1 7.3.1.1): its layout(location), else -1
 * (the linker's own placement is not the application's to see). */
static int32_t varying_location(const struct glsl_symbol *s)
{
	return s->location >= 0 ? s->location : -1;
}

/* ES 3.1 7.3.1.1: the built-in inputs a vertex shader reads (gl_VertexID,
 * gl_InstanceID) and the outputs a fragment shader writes (gl_FragDepth) are
 * the program's inputs and outputs too, at no location (GLSL ES 3.10
 * programs: what ES 3.0's attribute queries count stays as it was). */
static bool builtin_listed(const struct lk *k, const struct glsl_symbol *s, enum glsl_storage st)
{
	return s->kind == GLSL_SYM_VAR && s->builtin && s->used && s->storage == st &&
	       k->version >= GLSL_ES_310;
}

/* A separable program's varyings are its whole interface: every output of
 * the vertex shader, every input of the fragment shader (another program's
 * stage may be the other side); otherwise those both sides have. */
static bool io_vars(struct lk *k)
{
	const struct glsl_sema_result *vs = k->sh[VS].sema, *fs = k->sh[FS].sema;
	bool separable = k->opts && k->opts->separable, ok = true;
	bool vs_last = k->opts && k->opts->vs_alone;

	for (uint32_t i = 0; ok && i < vs->nr_globals; i++) {
		const struct glsl_symbol *s = vs->globals[i];

		if (s->kind == GLSL_SYM_VAR && s->builtin && vs_last && s->used &&
		    s->storage == GLSL_STORAGE_OUT)
			ok = add_var(k->p, 1, s, -1); /* gl_Position written: an output too */
		if (builtin_listed(k, s, GLSL_STORAGE_IN))
			ok = ok && add_var(k->p, 0, s, -1);
		if (s->kind != GLSL_SYM_VAR || s->builtin)
			continue;
		if (s->storage == GLSL_STORAGE_IN)
			ok = add_var(k->p, 0, s, location_in(k->attribs, k->nr_attribs, lk_name(s)));
		else if (s->storage == GLSL_STORAGE_OUT &&
			 (separable || lk_find(k, FS, lk_name(s), GLSL_STORAGE_IN)))
			ok = add_var(k->p, 1, s, varying_location(s));
	}
	for (uint32_t i = 0; ok && i < fs->nr_globals; i++) {
		const struct glsl_symbol *s = fs->globals[i];

		if (builtin_listed(k, s, GLSL_STORAGE_OUT))
			ok = add_var(k->p, 2, s, -1);
		if (s->kind != GLSL_SYM_VAR || s->builtin)
			continue;
		if (s->storage == GLSL_STORAGE_OUT)
			ok = add_var(k->p, 2, s, s->location < 0 ? 0 : s->location);
		else if (s->storage == GLSL_STORAGE_IN && separable &&
			 !lk_find(k, VS, lk_name(s), GLSL_STORAGE_OUT))
			ok = add_var(k->p, 1, s, varying_location(s));
	}
	return ok;
}

static bool stand_in(const struct lk *k, unsigned st)
{
	return k->opts && (k->opts->stand_ins & (1u << st));
}

/* The program's own geometry or tessellation stage first (inputs) or last
 * (outputs) where the vertex or fragment shader is a stand-in; NULL if
 * none. */
static const struct glsl_sema_result *mid_end(const struct lk *k, bool first)
{
	static const unsigned order[3] = { GLSL_LINK_TESS_CTRL, GLSL_LINK_TESS_EVAL,
					   GLSL_LINK_GEOMETRY };

	if (!stand_in(k, first ? VS : FS))
		return NULL;
	for (unsigned i = 0; i < 3; i++) {
		unsigned st = order[first ? i : 2 - i];

		if (lk_stage_sema(k, st) && !stand_in(k, st))
			return lk_stage_sema(k, st);
	}
	return NULL;
}

/* A built-in the stage uses (ES 3.2 7.3.1.1): gl_in[] and gl_out[] by
 * their block's member, "gl_PerVertex.gl_Position"; the others by name. */
static bool add_mid_builtin(struct lk *k, unsigned list, const struct glsl_symbol *s)
{
	const struct glsl_type *t = s->type.type;

	if (strcmp(lk_name(s), "gl_in") && strcmp(lk_name(s), "gl_out"))
		return add_io(k->p, list, strdup(lk_name(s)), t, s->type.precision, -1);
	t = t->kind == GLSL_KIND_ARRAY ? t->elem : t;
	for (uint32_t i = 0; i < t->nr_fields; i++)
		if (!strcmp(t->fields[i].name, "gl_Position"))
			return add_io(k->p, list, strdup("gl_PerVertex.gl_Position"),
				      t->fields[i].type, GLSL_PREC_HIGH, -1);
	return true;
}

/* list 0 (attribs) or 2 (outputs) of the program, and its length. */
static struct glsl_prog_var *mid_list(const struct glsl_program *p, unsigned list, uint32_t *n)
{
	*n = list ? p->nr_outputs : p->nr_attribs;
	return list ? p->outputs : p->attribs;
}

static bool add_mid_var(struct lk *k, unsigned list, const struct glsl_symbol *s,
			enum glsl_storage storage)
{
	struct glsl_prog_var *vars;
	uint32_t from, n;

	if (s->kind != GLSL_SYM_VAR || s->storage != storage)
		return true;
	if (s->builtin)
		return !s->used || add_mid_builtin(k, list, s);
	mid_list(k->p, list, &from);
	if (!add_var(k->p, list, s, varying_location(s)))
		return false;
	vars = mid_list(k->p, list, &n);
	for (uint32_t i = from; i < n; i++)
		vars[i].patch = s->patch;
	return true;
}

/* The first such stage's inputs, the last one's outputs. */
static bool mid_io_vars(struct lk *k)
{
	const struct glsl_sema_result *in = mid_end(k, true), *out = mid_end(k, false);
	bool ok = true;

	for (uint32_t i = 0; ok && in && i < in->nr_globals; i++)
		ok = add_mid_var(k, 0, in->globals[i], GLSL_STORAGE_IN);
	for (uint32_t i = 0; ok && out && i < out->nr_globals; i++)
		ok = add_mid_var(k, 2, out->globals[i], GLSL_STORAGE_OUT);
	return ok;
}

bool lk_resources(struct lk *k)
{
	return default_block_leaves(k) && opaque_and_blocks(k) && held_samplers(k) &&
	       io_vars(k) && mid_io_vars(k);
}

/* ---- the program ------------------------------------------------------------------------------ */

void glsl_program_finish(struct glsl_program *p)
{
	struct glsl_prog_var *vars[3] = { p->attribs, p->varyings, p->outputs };
	uint32_t nr[3] = { p->nr_attribs, p->nr_varyings, p->nr_outputs };

	for (unsigned st = 0; st < GLSL_STAGE_COUNT; st++)
		glsl_lower_result_finish(&p->stages[st]);
	glsl_lower_result_finish(&p->geometry);
	glsl_lower_result_finish(&p->tess_ctrl);
	glsl_lower_result_finish(&p->tess_eval);
	for (uint32_t i = 0; i < p->nr_uniforms; i++)
		free(p->uniforms[i].name);
	for (uint32_t i = 0; i < p->nr_blocks; i++)
		free(p->blocks[i].name);
	for (unsigned l = 0; l < 3; l++) {
		for (uint32_t i = 0; i < nr[l]; i++)
			free(vars[l][i].name);
		free(vars[l]);
	}
	for (uint32_t i = 0; i < p->nr_xfb; i++)
		free(p->xfb[i].name);
	free(p->xfb);
	free(p->uniforms);
	free(p->blocks);
	memset(p, 0, sizeof(*p));
}

const struct glsl_prog_uniform *glsl_program_uniform(const struct glsl_program *p,
						      const char *name)
{
	for (uint32_t i = 0; i < p->nr_uniforms; i++)
		if (!strcmp(p->uniforms[i].name, name))
			return &p->uniforms[i];
	return NULL;
}

const struct glsl_prog_block *glsl_program_block(const struct glsl_program *p, const char *name)
{
	for (uint32_t i = 0; i < p->nr_blocks; i++)
		if (!strcmp(p->blocks[i].name, name))
			return &p->blocks[i];
	return NULL;
}

static const struct glsl_prog_var *find_var(const struct glsl_prog_var *v, uint32_t n,
					    const char *name)
{
	for (uint32_t i = 0; i < n; i++)
		if (!strcmp(v[i].name, name))
			return &v[i];
	return NULL;
}

const struct glsl_prog_var *glsl_program_attrib(const struct glsl_program *p, const char *name)
{
	return find_var(p->attribs, p->nr_attribs, name);
}

const struct glsl_prog_var *glsl_program_varying(const struct glsl_program *p, const char *name)
{
	return find_var(p->varyings, p->nr_varyings, name);
}

const struct glsl_prog_var *glsl_program_output(const struct glsl_program *p, const char *name)
{
	return find_var(p->outputs, p->nr_outputs, name);
}
