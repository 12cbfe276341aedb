/* SPDX-License-Identifier: MIT */
/*
 * EXT_shader_io_blocks (and OES_shader_io_blocks, the same text) for GLSL ES
 * 3.10: `in` and `out` interface blocks between the vertex, geometry and
 * fragment stages.
 *
 * A block is flattened here: each member becomes a shader input or output
 * of its own, named "Block.member" (stages match blocks by block name, not
 * by instance name, and members by name within them), with the member's
 * interpolation and precision and the location the block's and the
 * member's layout(location) give it. An array of blocks makes each member
 * an array over the blocks (a geometry shader's `in B { ... } v[];` so
 * becomes per-vertex arrays like its other inputs). `inst.m` and `inst[i].m`
 * are rewritten into the member's variable (and its element), so nothing
 * after semantic analysis knows about these blocks but the linker, which
 * compares their declarations (sema_result.io_blocks).
 */
#include <stdio.h>
#include <string.h>

#include "glsl_sema_private.h"

static const char *const io_block_exts[] = { "GL_EXT_shader_io_blocks", "GL_OES_shader_io_blocks" };

static bool fail(struct glsl_sema *s, struct glsl_loc loc, const char *msg)
{
	glsl_sema_error(s, loc, "%s", msg);
	return false;
}

/* #extension of either name; EXT_geometry_shader and
 * EXT_tessellation_shader enable it too (their "Dependencies on
 * EXT_shader_io_blocks"). */
static bool ext_enabled(const struct glsl_sema *s)
{
	const struct glsl_token_stream *t = s->toks;

	if (s->bi_exts & (glsl_builtin_ext_bit("GL_EXT_geometry_shader") |
			  glsl_builtin_ext_bit("GL_EXT_tessellation_shader")))
		return true;
	for (unsigned i = 0; i < t->num_ext; i++)
		for (unsigned k = 0; k < 2; k++)
			if (!strcmp(t->ext_names[i], io_block_exts[k]) &&
			    t->ext_behavior[i] != GLSL_EXT_DISABLE)
				return true;
	return false;
}

/* Where a block may be: after the #extension, not a vertex shader's input
 * nor a fragment shader's output (§4.3.4, 4.3.6), no compute in or out. */
static bool block_allowed(struct glsl_sema *s, const struct glsl_ast_block *b, struct glsl_loc loc)
{
	bool in = b->qual.storage & GLSL_Q_IN;

	if (s->version < GLSL_ES_310 || !ext_enabled(s))
		return fail(s, loc, "in and out blocks need GLSL ES 3.10 and #extension "
			    "GL_EXT_shader_io_blocks (or GL_OES_shader_io_blocks)");
	if (s->stage == GLSL_STAGE_COMPUTE)
		return fail(s, loc, "compute shaders have no 'in' or 'out' variables");
	if (in && s->stage == GLSL_STAGE_VERTEX)
		return fail(s, loc, "a vertex shader cannot have an input block");
	if (!in && s->stage == GLSL_STAGE_FRAGMENT)
		return fail(s, loc, "a fragment shader cannot have an output block");
	if (b->qual.layout & ~GLSL_LAYOUT_LOCATION)
		return fail(s, b->qual.loc, "an in or out block takes only layout(location)");
	if (b->qual.precision)
		return fail(s, b->qual.loc, "interface blocks take no precision qualifier");
	if ((b->qual.layout & GLSL_LAYOUT_LOCATION) && b->qual.location < 0)
		return fail(s, b->qual.loc, "'location' must not be negative");
	return true;
}

/* One interface has one block of a name (§4.3.9). */
static bool block_name_new(struct glsl_sema *s, const struct glsl_ast_block *b, struct glsl_loc loc)
{
	const char *name = glsl_sema_name(s, b->name);
	enum glsl_storage st = b->qual.storage & GLSL_Q_IN ? GLSL_STORAGE_IN : GLSL_STORAGE_OUT;

	for (uint32_t i = 0; i < s->res->nr_io_blocks; i++) {
		const struct glsl_symbol *o = s->res->io_blocks[i];

		if (o->storage == st && !strcmp(glsl_type_innermost(o->type.type)->name, name))
			return fail(s, loc, "an interface has two blocks of the same name");
	}
	return true;
}

/* The member's qualifiers, with the block's storage. */
static bool member_qual(struct glsl_sema *s, const struct glsl_ast_block *b,
			const struct glsl_ast_decl *m, struct glsl_ast_fulltype *ft)
{
	uint32_t block = b->qual.storage & (GLSL_Q_IN | GLSL_Q_OUT);
	uint32_t own = m->type.qual.storage & (GLSL_Q_IN | GLSL_Q_OUT | GLSL_Q_UNIFORM | GLSL_Q_BUFFER);

	if (own && own != block)
		return fail(s, m->type.qual.loc, "a block member's storage must be its block's");
	if (m->type.qual.layout & ~GLSL_LAYOUT_LOCATION)
		return fail(s, m->type.qual.loc, "members of in and out blocks take only "
			    "layout(location)");
	if (m->type.qual.storage & GLSL_Q_MEMORY)
		return fail(s, m->type.qual.loc, "memory qualifiers apply only to buffer block members");
	if ((m->type.qual.layout & GLSL_LAYOUT_LOCATION) && m->type.qual.location < 0)
		return fail(s, m->type.qual.loc, "'location' must not be negative");
	if (m->type.type.tok == GLSL_TOK_KW_STRUCT)
		return fail(s, m->type.type.loc, "struct definitions are not allowed in interface blocks");
	*ft = m->type;
	ft->qual.storage |= block;
	return true;
}

/* An array of blocks makes each member an array of as many; a geometry
 * shader's unsized one takes the input primitive's vertex count. */
static const struct glsl_type *arrayed(struct glsl_sema *s, const struct glsl_type *t,
				       const struct glsl_type *inst, struct glsl_symbol *v,
				       struct glsl_loc loc)
{
	bool is_unsized = inst->kind == GLSL_KIND_ARRAY && !inst->length;

	v->io_arrayed = inst->kind == GLSL_KIND_ARRAY;
	if (inst->kind == GLSL_KIND_ARRAY && inst->length)
		t = glsl_sema_array_of(s, t, inst->length);
	v->type.type = t;
	if (t && !glsl_sema_gs_input(s, v, &is_unsized, loc))
		return NULL;
	if (is_unsized)
		return fail(s, loc, "only a geometry shader's input block array may be unsized"), NULL;
	return v->type.type;
}

/* The location slots of t (a geometry shader's inputs: per vertex). */
static uint32_t slots(const struct glsl_sema *s, const struct glsl_symbol *v)
{
	const struct glsl_type *t = v->type.type;

	if (s->stage == GLSL_STAGE_GEOMETRY && v->storage == GLSL_STORAGE_IN)
		t = t->elem;
	return glsl_type_slots(t);
}

struct io_build {
	const struct glsl_ast_block *b;
	const struct glsl_type *inst;   /* the instance's type (the block, or arrays of it) */
	bool named;
	int32_t location;               /* the next member's, -1: none */
	struct glsl_symbol **members;
	uint32_t nr;
};

static char *member_cname(struct glsl_sema *s, const struct glsl_ast_block *b, uint32_t name)
{
	const char *bn = glsl_sema_name(s, b->name), *mn = glsl_sema_name(s, name);
	size_t len = strlen(bn) + strlen(mn) + 2;
	char *c = glsl_sema_alloc(s, len);

	if (c)
		snprintf(c, len, "%s.%s", bn, mn);
	return c;
}

/* A patch block's member (an array of such blocks too: its elements read
 * at constant indices are plain inputs; a dynamic index of an input the
 * back end refuses at link, as for a patch array outside a block). */
static bool patch_member(struct glsl_sema *s, const struct io_build *io, struct glsl_symbol *v,
			 const struct glsl_ast_declarator *d)
{
	bool unsized = false;

	return glsl_sema_tess_io(s, &io->b->qual, v, &unsized, d->loc);
}

static struct glsl_symbol *member_var(struct glsl_sema *s, struct io_build *io,
				      const struct glsl_ast_fulltype *ft, const struct glsl_type *t,
				      struct glsl_ast_declarator *d)
{
	struct glsl_symbol *v = glsl_sema_new_symbol(s, GLSL_SYM_VAR, d->name, d->loc);

	if (!v || !(v->cname = member_cname(s, io->b, d->name)))
		return NULL;
	v->api_name = io->named ? NULL : glsl_sema_name(s, d->name);
	v->storage = io->b->qual.storage & GLSL_Q_IN ? GLSL_STORAGE_IN : GLSL_STORAGE_OUT;
	v->read_only = v->storage == GLSL_STORAGE_IN;
	/* the member's own type takes the rules of an input or output; an array
	 * of blocks may then make arrays of its arrays and structs */
	v->type.type = glsl_sema_var_type(s, t, d);
	/* a `patch` block's members are per-patch varyings (before the rules:
	 * they take no array over the patch's vertices) */
	if (v->type.type && (io->b->qual.storage & GLSL_Q_PATCH) && !patch_member(s, io, v, d))
		return NULL;
	if (!v->type.type || !glsl_sema_io_var_rules(s, ft, v, d->loc) ||
	    !arrayed(s, v->type.type, io->inst, v, d->loc))
		return NULL;
	if (ft->qual.layout & GLSL_LAYOUT_LOCATION)
		io->location = ft->qual.location;
	v->location = io->location;
	if (io->location >= 0)
		io->location += (int32_t)slots(s, v);
	d->sym = v;
	return v;
}

/* A member of a block without instance name is a global name. */
static bool member_name(struct glsl_sema *s, struct io_build *io, struct glsl_symbol *v)
{
	for (uint32_t i = 0; i < io->nr; i++)
		if (!strcmp(io->members[i]->cname, v->cname))
			return fail(s, v->loc, "duplicate block member name");
	if (io->named)
		return true;
	if (!glsl_sema_check_new_name(s, v->name, v->loc))
		return false;
	glsl_symtab_add(&s->syms, v);
	return true;
}

static bool members(struct glsl_sema *s, struct io_build *io, struct glsl_field *f)
{
	for (const struct glsl_ast_decl *m = io->b->members; m; m = m->next) {
		struct glsl_ast_fulltype ft;
		const struct glsl_type *t;

		if (!member_qual(s, io->b, m, &ft) || !(t = glsl_sema_type_spec(s, &ft.type)))
			return false;
		for (struct glsl_ast_declarator *d = m->vars; d; d = d->next) {
			struct glsl_symbol *v = member_var(s, io, &ft, t, d);

			if (!v || !member_name(s, io, v) || !glsl_sema_add_global(s, v))
				return false;
			f[io->nr] = (struct glsl_field){ .name = glsl_sema_name(s, d->name),
							 .type = glsl_sema_var_type(s, t, d),
							 .precision = v->type.precision };
			io->members[io->nr++] = v;
		}
	}
	return true;
}

static uint32_t count_members(const struct glsl_ast_block *b)
{
	uint32_t n = 0;

	for (const struct glsl_ast_decl *m = b->members; m; m = m->next)
		for (const struct glsl_ast_declarator *d = m->vars; d; d = d->next)
			n++;
	return n;
}

/* The instance's type: the block, or an array of it (`[]`: length 0). */
static const struct glsl_type *instance_type(struct glsl_sema *s, struct glsl_ast_block *b,
					     const struct glsl_type *t)
{
	struct glsl_ast_declarator *d = b->instance;

	if (!d || !d->is_array)
		return t;
	if (d->dims && d->dims->next)
		return fail(s, d->loc, "in and out blocks cannot be arrays of arrays"), NULL;
	if (!d->array_size && !(d->dims && d->dims->size))
		return glsl_sema_array_of(s, t, 0);
	return glsl_sema_var_type(s, t, d);
}

static bool add_io_block(struct glsl_sema *s, struct glsl_symbol *v)
{
	struct glsl_sema_result *r = s->res;
	struct glsl_symbol **l = glsl_sema_alloc(s, (r->nr_io_blocks + 1) * sizeof(*l));

	if (!l)
		return false;
	if (r->nr_io_blocks)
		memcpy(l, r->io_blocks, r->nr_io_blocks * sizeof(*l));
	l[r->nr_io_blocks] = v;
	r->io_blocks = l;
	r->nr_io_blocks++;
	return true;
}

/* The instance: a variable of the block's type in scope (by its name) whose
 * members are io->members; an unnamed block's is out of scope. */
static bool instance(struct glsl_sema *s, struct glsl_ast_node *n, struct io_build *io,
		     const struct glsl_type *bt)
{
	struct glsl_ast_block *b = n->u.block;
	struct glsl_symbol *v = glsl_sema_new_symbol(s, GLSL_SYM_VAR, GLSL_AST_NO_NAME, n->loc);

	if (!v)
		return false;
	v->storage = b->qual.storage & GLSL_Q_IN ? GLSL_STORAGE_IN : GLSL_STORAGE_OUT;
	v->read_only = v->storage == GLSL_STORAGE_IN;
	v->io_members = io->members;
	v->type.type = io->inst;
	/* a geometry shader's `[]`: the input primitive's size, as its members' */
	if (io->inst->kind == GLSL_KIND_ARRAY && !io->inst->length)
		v->type.type = glsl_sema_array_of(s, bt, io->members[0]->type.type->length);
	if (!v->type.type || !add_io_block(s, v))
		return false;
	if (!b->instance)
		return true;
	v->name = b->instance->name;
	v->cname = glsl_sema_name(s, v->name);
	v->loc = b->instance->loc;
	b->instance->sym = v;
	if (!glsl_sema_check_new_name(s, v->name, v->loc))
		return false;
	glsl_symtab_add(&s->syms, v);
	return true;
}

/* `out gl_PerVertex { vec4 gl_Position; float gl_PointSize; };` and a
 * geometry shader's `in gl_PerVertex { ... } gl_in[];` (EXT_geometry_shader
 * §7.1): the built-ins are declared already, so a redeclaration of theirs
 * (no instance name but gl_in's, built-in members only) changes nothing. */
static bool per_vertex(struct glsl_sema *s, const struct glsl_ast_block *b, struct glsl_loc loc)
{
	bool in = b->qual.storage & GLSL_Q_IN;
	const char *inst = b->instance ? glsl_sema_name(s, b->instance->name) : NULL;

	if (in ? s->stage != GLSL_STAGE_GEOMETRY || !inst || strcmp(inst, "gl_in") : inst != NULL)
		return fail(s, loc, "gl_PerVertex is redeclared only as gl_in of a geometry shader or "
			    "as an output without instance name");
	for (const struct glsl_ast_decl *m = b->members; m; m = m->next)
		for (const struct glsl_ast_declarator *d = m->vars; d; d = d->next)
			if (strcmp(glsl_sema_name(s, d->name), "gl_Position") &&
			    strcmp(glsl_sema_name(s, d->name), "gl_PointSize"))
				return fail(s, d->loc, "gl_PerVertex has only gl_Position and "
					    "gl_PointSize");
	return true;
}

bool glsl_sema_io_block(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_ast_block *b = n->u.block;
	uint32_t nr = count_members(b);
	struct io_build io = { .b = b, .named = b->instance != NULL,
			       .location = b->qual.layout & GLSL_LAYOUT_LOCATION ? b->qual.location : -1 };
	struct glsl_field *f = glsl_sema_alloc(s, nr * sizeof(*f));
	struct glsl_type *t = glsl_sema_alloc(s, sizeof(*t));

	io.members = glsl_sema_alloc(s, nr * sizeof(*io.members));
	if (!f || !t || !io.members || !block_allowed(s, b, n->loc))
		return false;
	if (!strcmp(glsl_sema_name(s, b->name), "gl_PerVertex"))
		return per_vertex(s, b, n->loc);
	if (!block_name_new(s, b, n->loc))
		return false;
	/* the fields are filled in as the members are declared */
	glsl_type_init_block(t, glsl_sema_name(s, b->name), f, nr, GLSL_PACKING_SHARED,
			     GLSL_MATRIX_COLUMN);
	b->type = t;
	return (io.inst = instance_type(s, b, t)) && members(s, &io, f) && instance(s, n, &io, t);
}

/* ---- inst.member, inst[i].member ------------------------------------------------------- */

static struct glsl_symbol *io_instance(struct glsl_sema *s, const struct glsl_ast_node *base)
{
	struct glsl_symbol *v;

	if (base->kind != GLSL_AST_IDENT || (base->flags & GLSL_AST_F_BOUND))
		return NULL;
	v = glsl_symtab_find(&s->syms, base->u.ident);
	return v && v->kind == GLSL_SYM_VAR && v->io_members ? v : NULL;
}

static struct glsl_symbol *find_member(struct glsl_sema *s, const struct glsl_symbol *inst,
				       const char *name, struct glsl_loc loc)
{
	const struct glsl_type *bt = glsl_type_innermost(inst->type.type);

	for (uint32_t i = 0; i < bt->nr_fields; i++)
		if (!strcmp(bt->fields[i].name, name))
			return inst->io_members[i];
	glsl_sema_error(s, loc, "'%s' has no member '%s'", bt->name, name);
	return NULL;
}

int glsl_sema_io_field(struct glsl_sema *s, struct glsl_ast_node *n)
{
	struct glsl_ast_node *base = n->u.field.base, *ix = NULL, *next = n->next;
	struct glsl_symbol *inst, *m;
	bool array;

	if (base->kind == GLSL_AST_INDEX) {
		ix = base;
		base = base->u.kid[0];
	}
	if (!(inst = io_instance(s, base)))
		return -1;
	array = inst->type.type->kind == GLSL_KIND_ARRAY;
	if (array != (ix != NULL))
		return fail(s, n->loc, array ? "an array of blocks needs an index" :
			    "a block that is no array cannot be indexed");
	m = find_member(s, inst, glsl_sema_name(s, n->u.field.name), n->loc);
	if (!m || !glsl_sema_bind_var(s, base, m))
		return 0;
	base->flags |= GLSL_AST_F_BOUND;
	if (!ix) {
		*n = *base;
		n->next = next;
		return 1;
	}
	n->kind = GLSL_AST_INDEX;
	n->u.kid[1] = ix->u.kid[1];
	n->u.kid[0] = base;
	n->u.kid[2] = n->u.kid[3] = NULL;
	return glsl_sema_expr(s, n);
}
