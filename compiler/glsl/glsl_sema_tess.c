/* SPDX-License-Identifier: MIT */
/*
 * EXT_tessellation_shader (and OES_tessellation_shader, the same text) for
 * GLSL ES 3.10: the two stages' own declarations. A control shader's
 * `layout(vertices = N) out;` sizes its per-vertex outputs and gl_out
 * (§4.4.2.1); an evaluation shader's `layout(...) in;` names the domain,
 * spacing, order and point mode (§4.4.1.1). Per-vertex inputs of both
 * stages are arrays of gl_MaxPatchVertices (§4.3.4); `patch` marks the
 * per-patch varyings, a control shader's outputs and an evaluation
 * shader's inputs (§4.3.6).
 */
#include <string.h>

#include "glsl_sema_private.h"

#define MAX_PATCH_VERTICES 32u   /* gl_MaxPatchVertices (the extension's minimum) */

static bool fail(struct glsl_sema *s, struct glsl_loc loc, const char *msg)
{
	glsl_sema_error(s, loc, "%s", msg);
	return false;
}

static bool is_tess(const struct glsl_sema *s)
{
	return s->stage == GLSL_STAGE_TESS_CTRL || s->stage == GLSL_STAGE_TESS_EVAL;
}

bool glsl_sema_tess_stage_ok(struct glsl_sema *s)
{
	if (!is_tess(s))
		return true;
	if (s->version < GLSL_ES_310 ||
	    !(s->bi_exts & glsl_builtin_ext_bit("GL_EXT_tessellation_shader")))
		return fail(s, (struct glsl_loc){ 0 }, "tessellation shaders need GLSL ES 3.10 and "
			    "#extension GL_EXT_tessellation_shader (or GL_OES_tessellation_shader)");
	return true;
}

static bool tcs_layout(struct glsl_sema *s, const struct glsl_ast_qual *q)
{
	struct glsl_sema_result *r = s->res;

	if (!(q->storage & GLSL_Q_OUT) || (q->layout & ~GLSL_LAYOUT_VERTICES))
		return fail(s, q->loc, "a tessellation control shader declares only "
			    "'layout(vertices = N) out;'");
	if (!q->vertices || q->vertices > MAX_PATCH_VERTICES)
		return fail(s, q->loc, "'vertices' out of range (1 to gl_MaxPatchVertices)");
	if (r->tess_vertices && r->tess_vertices != q->vertices)
		return fail(s, q->loc, "'vertices' is declared again with another value");
	if (s->tess_sized_outputs && s->tess_sized_outputs != q->vertices)
		return fail(s, q->loc, "an output array's size does not match 'vertices'");
	r->tess_vertices = q->vertices;
	return true;
}

/* The domain: triangles (the geometry word), quads or isolines, once. */
static bool tes_domain(struct glsl_sema *s, const struct glsl_ast_qual *q)
{
	struct glsl_sema_result *r = s->res;
	unsigned domain = 0, n = 0;

	if (q->layout & GLSL_LAYOUT_PRIMITIVE) {
		if (q->prim != GLSL_PRIM_TRIANGLES)
			return fail(s, q->loc, "a tessellation evaluation shader's domain is "
				    "triangles, quads or isolines");
		domain = VC_PRIM_TRIANGLES, n++;
	}
	if (q->tess & GLSL_TESS_QUADS)
		domain = VC_TESS_QUADS, n++;
	if (q->tess & GLSL_TESS_ISOLINES)
		domain = VC_PRIM_LINES, n++;
	if (n > 1 || (domain && r->tess_domain && r->tess_domain != domain))
		return fail(s, q->loc, "the tessellation domain is declared again with another value");
	if (domain)
		r->tess_domain = (uint8_t)domain;
	return true;
}

static bool tes_layout(struct glsl_sema *s, const struct glsl_ast_qual *q)
{
	struct glsl_sema_result *r = s->res;

	if (!(q->storage & GLSL_Q_IN) ||
	    (q->layout & ~(GLSL_LAYOUT_TESS | GLSL_LAYOUT_PRIMITIVE)))
		return fail(s, q->loc, "a tessellation evaluation shader declares only its "
			    "domain, spacing, vertex order and point mode in 'layout(...) in;'");
	if (!tes_domain(s, q))
		return false;
	if (q->tess & GLSL_TESS_EQUAL)
		r->tess_spacing = VC_TESS_EQUAL;
	if (q->tess & GLSL_TESS_FRACTIONAL_EVEN)
		r->tess_spacing = VC_TESS_FRACTIONAL_EVEN;
	if (q->tess & GLSL_TESS_FRACTIONAL_ODD)
		r->tess_spacing = VC_TESS_FRACTIONAL_ODD;
	if (q->tess & (GLSL_TESS_CW | GLSL_TESS_CCW))
		r->tess_cw = q->tess & GLSL_TESS_CW;
	if (q->tess & GLSL_TESS_POINT_MODE)
		r->tess_point_mode = true;
	return true;
}

bool glsl_sema_tess_layout(struct glsl_sema *s, const struct glsl_ast_qual *q)
{
	if (s->stage == GLSL_STAGE_TESS_CTRL)
		return tcs_layout(s, q);
	if (s->stage == GLSL_STAGE_TESS_EVAL)
		return tes_layout(s, q);
	return fail(s, q->loc, "'vertices', the tessellation domain, spacing, vertex order and "
		    "point_mode apply only to tessellation shaders");
}

/* `patch`: only a control shader's outputs and an evaluation shader's inputs. */
static bool patch_qual(struct glsl_sema *s, struct glsl_symbol *v, struct glsl_loc loc)
{
	if ((s->stage == GLSL_STAGE_TESS_CTRL && v->storage == GLSL_STORAGE_OUT) ||
	    (s->stage == GLSL_STAGE_TESS_EVAL && v->storage == GLSL_STORAGE_IN)) {
		v->patch = true;
		return true;
	}
	return fail(s, loc, "'patch' applies only to tessellation control shader outputs and "
		    "tessellation evaluation shader inputs");
}

/* The length a per-vertex array takes: gl_MaxPatchVertices for inputs, the
 * output patch's vertices for a control shader's outputs (0: not declared yet). */
static uint32_t vertices_of(const struct glsl_sema *s, const struct glsl_symbol *v)
{
	return v->storage == GLSL_STORAGE_IN ? MAX_PATCH_VERTICES : s->res->tess_vertices;
}

static bool sized_array(struct glsl_sema *s, struct glsl_symbol *v, struct glsl_loc loc)
{
	const struct glsl_type *t = v->type.type;
	uint32_t n = vertices_of(s, v);

	if (t->kind != GLSL_KIND_ARRAY)
		return fail(s, loc, "tessellation shader per-vertex inputs and control shader "
			    "outputs must be arrays");
	if (n && t->length != n)
		return fail(s, loc, v->storage == GLSL_STORAGE_IN ?
			    "a per-vertex input array's size is not gl_MaxPatchVertices" :
			    "an output array's size does not match 'vertices'");
	if (!n && !s->tess_sized_outputs)
		s->tess_sized_outputs = t->length;
	else if (!n && s->tess_sized_outputs != t->length)
		return fail(s, loc, "tessellation control shader output arrays of different sizes");
	return true;
}

/* A declared in or out of a tessellation stage: `patch`, and the arrays
 * over the patch's vertices (an unsized one takes its length here). */
bool glsl_sema_tess_io(struct glsl_sema *s, const struct glsl_ast_qual *q, struct glsl_symbol *v,
		       bool *is_unsized, struct glsl_loc loc)
{
	uint32_t n;

	if (q->storage & GLSL_Q_PATCH) {
		if (!is_tess(s) || !patch_qual(s, v, loc))
			return is_tess(s) ? false : fail(s, loc, "'patch' needs a tessellation shader");
		return true;
	}
	if (!is_tess(s) || (v->storage != GLSL_STORAGE_IN && v->storage != GLSL_STORAGE_OUT) ||
	    (s->stage == GLSL_STAGE_TESS_EVAL && v->storage == GLSL_STORAGE_OUT))
		return true;
	if (!*is_unsized)
		return sized_array(s, v, loc);
	n = vertices_of(s, v);
	if (!n)
		return fail(s, loc, "an unsized tessellation control shader output needs "
			    "'layout(vertices = N) out;' before it");
	v->type.type = glsl_sema_array_of(s, v->type.type, n);
	*is_unsized = false;
	return v->type.type != NULL;
}

const struct glsl_type *glsl_sema_tess_vertex_type(const struct glsl_sema *s,
						   const struct glsl_symbol *v)
{
	bool per_vertex = (s->stage == GLSL_STAGE_TESS_CTRL ||
			   (s->stage == GLSL_STAGE_TESS_EVAL && v->storage == GLSL_STORAGE_IN)) &&
			  !v->patch && v->type.type->kind == GLSL_KIND_ARRAY;

	return per_vertex ? v->type.type->elem : v->type.type;
}

/* gl_in (gl_MaxPatchVertices) and gl_out (the output patch) of the
 * tessellation stages; NULL for gl_out before `vertices` is declared. */
const struct glsl_type *glsl_sema_tess_block_type(struct glsl_sema *s, const struct glsl_type *elem,
						  bool out)
{
	uint32_t n = out ? s->res->tess_vertices : MAX_PATCH_VERTICES;

	return n ? glsl_sema_array_of(s, elem, n) : NULL;
}

bool glsl_sema_gl_out_early(struct glsl_sema *s, const char *name, struct glsl_loc loc)
{
	if (s->stage != GLSL_STAGE_TESS_CTRL || strcmp(name, "gl_out") || s->res->tess_vertices)
		return false;
	return !fail(s, loc, "'gl_out' is used before 'layout(vertices = N) out;'");
}

static bool is_invocation_id(const struct glsl_ast_node *n)
{
	return n->kind == GLSL_AST_IDENT && n->sema && n->sema->what == GLSL_SX_VAR &&
	       !strcmp(n->sema->u.var->cname, "gl_InvocationID");
}

/* The index applied to the variable itself (its vertex), or NULL. */
static const struct glsl_ast_node *vertex_index(const struct glsl_ast_node *n)
{
	const struct glsl_ast_node *index = NULL;

	while (n->kind == GLSL_AST_INDEX || n->kind == GLSL_AST_FIELD) {
		index = n->kind == GLSL_AST_INDEX ? n : NULL;
		n = n->kind == GLSL_AST_INDEX ? n->u.kid[0] : n->u.field.base;
	}
	return index ? index->u.kid[1] : NULL;
}

bool glsl_sema_tess_lvalue(struct glsl_sema *s, const struct glsl_ast_node *n,
			   const struct glsl_symbol *v)
{
	const struct glsl_ast_node *index;

	if (s->stage != GLSL_STAGE_TESS_CTRL || !v || v->storage != GLSL_STORAGE_OUT ||
	    v->patch || (strncmp(v->cname, "gl_", 3) && v->type.type->kind != GLSL_KIND_ARRAY) ||
	    (!strncmp(v->cname, "gl_", 3) && strcmp(v->cname, "gl_out")))
		return true;
	index = vertex_index(n);
	if (index && is_invocation_id(index))
		return true;
	return fail(s, n->loc, "a tessellation control shader writes its per-vertex outputs "
		    "at [gl_InvocationID] only");
}

bool glsl_sema_tess_gl_out_index(struct glsl_sema *s, const struct glsl_ast_node *n)
{
	const struct glsl_ast_node *base = n->u.kid[0];

	if (s->stage != GLSL_STAGE_TESS_CTRL || base->kind != GLSL_AST_IDENT || !base->sema ||
	    base->sema->what != GLSL_SX_VAR || strcmp(base->sema->u.var->cname, "gl_out") ||
	    is_invocation_id(n->u.kid[1]))
		return true;
	return fail(s, n->loc, "gl_out[] is indexed by gl_InvocationID only (reading another "
		    "invocation's built-in outputs is not supported)");
}

/* EXT_tessellation_shader section 8.15 (GLSL ES 3.20 section 8.16) */
bool glsl_sema_tess_barrier(struct glsl_sema *s, struct glsl_loc loc)
{
	if (s->stage != GLSL_STAGE_TESS_CTRL)
		return true;
	if (!s->fn || strcmp(s->fn->cname, "main"))
		return fail(s, loc, "a tessellation control shader calls barrier() in main() only");
	if (s->loop_depth || s->branch_depth)
		return fail(s, loc, "a tessellation control shader calls barrier() outside "
			    "control flow only");
	if (s->returned)
		return fail(s, loc, "a tessellation control shader calls barrier() before a return "
			    "only");
	return true;
}
