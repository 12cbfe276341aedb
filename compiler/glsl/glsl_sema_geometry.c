/* SPDX-License-Identifier: MIT */
/*
 * EXT_geometry_shader (and OES_geometry_shader, the same text) for GLSL ES
 * 3.10: the stage's own declarations. The input primitive sizes the
 * per-vertex input arrays and gl_in (§4.3.4, 4.4.1.2); the output layout
 * names the strip and its vertex bound (§4.4.2.2). The bounds are this
 * implementation's gl_MaxGeometryOutputVertices and
 * gl_MaxGeometryShaderInvocations, the extension's minimums.
 */
#include <string.h>

#include "glsl_sema_private.h"

#define GS_MAX_OUTPUT_VERTICES 256u
#define GS_MAX_INVOCATIONS 32u

static bool fail(struct glsl_sema *s, struct glsl_loc loc, const char *msg)
{
	glsl_sema_error(s, loc, "%s", msg);
	return false;
}

static unsigned prim_vertices(unsigned prim)
{
	return vc_prim_vertices((enum vc_prim)prim);
}

bool glsl_sema_gs_stage_ok(struct glsl_sema *s)
{
	if (s->stage != GLSL_STAGE_GEOMETRY)
		return true;
	if (s->version < GLSL_ES_310 ||
	    !(s->bi_exts & glsl_builtin_ext_bit("GL_EXT_geometry_shader")))
		return fail(s, (struct glsl_loc){ 0 }, "geometry shaders need GLSL ES 3.10 and "
			    "#extension GL_EXT_geometry_shader (or GL_OES_geometry_shader)");
	return true;
}

/* The input primitive, once: it must agree with the inputs sized before it. */
static bool input_primitive(struct glsl_sema *s, const struct glsl_ast_qual *q)
{
	struct glsl_sema_result *r = s->res;

	if (q->prim > GLSL_PRIM_TRIANGLES_ADJACENCY)
		return fail(s, q->loc, "a geometry shader's input primitive must be points, lines, "
			    "lines_adjacency, triangles or triangles_adjacency");
	if (r->gs_input && r->gs_input != q->prim)
		return fail(s, q->loc, "the input primitive is declared again with another value");
	if (s->gs_sized_inputs && s->gs_sized_inputs != prim_vertices(q->prim))
		return fail(s, s->gs_sized_loc, "an input array's size does not match the input "
			    "primitive");
	r->gs_input = q->prim;
	return true;
}

static bool gs_in_layout(struct glsl_sema *s, const struct glsl_ast_qual *q)
{
	struct glsl_sema_result *r = s->res;

	if (q->layout & GLSL_LAYOUT_MAX_VERTICES)
		return fail(s, q->loc, "'max_vertices' applies to 'out' only");
	if ((q->layout & GLSL_LAYOUT_PRIMITIVE) && !input_primitive(s, q))
		return false;
	if (!(q->layout & GLSL_LAYOUT_INVOCATIONS))
		return true;
	if (!q->invocations || q->invocations > GS_MAX_INVOCATIONS)
		return fail(s, q->loc, "'invocations' out of range (1 to gl_MaxGeometryShaderInvocations)");
	if (r->gs_invocations && r->gs_invocations != q->invocations)
		return fail(s, q->loc, "'invocations' is declared again with another value");
	r->gs_invocations = q->invocations;
	return true;
}

static bool gs_out_layout(struct glsl_sema *s, const struct glsl_ast_qual *q)
{
	struct glsl_sema_result *r = s->res;

	if (q->layout & GLSL_LAYOUT_INVOCATIONS)
		return fail(s, q->loc, "'invocations' applies to 'in' only");
	if ((q->layout & GLSL_LAYOUT_PRIMITIVE) && q->prim != GLSL_PRIM_POINTS &&
	    q->prim != GLSL_PRIM_LINE_STRIP && q->prim != GLSL_PRIM_TRIANGLE_STRIP)
		return fail(s, q->loc, "a geometry shader's output primitive must be points, "
			    "line_strip or triangle_strip");
	if ((q->layout & GLSL_LAYOUT_PRIMITIVE) && r->gs_output && r->gs_output != q->prim)
		return fail(s, q->loc, "the output primitive is declared again with another value");
	if (q->layout & GLSL_LAYOUT_PRIMITIVE)
		r->gs_output = q->prim;
	if (!(q->layout & GLSL_LAYOUT_MAX_VERTICES))
		return true;
	if (q->max_vertices > GS_MAX_OUTPUT_VERTICES)
		return fail(s, q->loc, "'max_vertices' exceeds gl_MaxGeometryOutputVertices");
	if (r->has_max_vertices && r->gs_max_vertices != q->max_vertices)
		return fail(s, q->loc, "'max_vertices' is declared again with another value");
	r->has_max_vertices = true;
	r->gs_max_vertices = q->max_vertices;
	return true;
}

bool glsl_sema_gs_layout(struct glsl_sema *s, const struct glsl_ast_qual *q)
{
	if (s->stage != GLSL_STAGE_GEOMETRY)
		return fail(s, q->loc, "primitive, 'max_vertices' and 'invocations' layouts apply "
			    "only to geometry shaders");
	if (q->layout & GLSL_LAYOUT_LOCAL_SIZE)
		return fail(s, q->loc, "'local_size' applies only to compute shaders");
	return q->storage & GLSL_Q_IN ? gs_in_layout(s, q) : gs_out_layout(s, q);
}

/* `in vec4 v[];` takes the primitive's vertex count; `in vec4 v[3];` must
 * agree with it (checked when the primitive comes later). */
bool glsl_sema_gs_input(struct glsl_sema *s, struct glsl_symbol *v, bool *is_unsized,
			struct glsl_loc loc)
{
	unsigned n = prim_vertices(s->res->gs_input);
	const struct glsl_type *t = v->type.type;

	if (s->stage != GLSL_STAGE_GEOMETRY || v->storage != GLSL_STORAGE_IN)
		return true;
	if (*is_unsized) {
		if (!n)
			return fail(s, loc, "an unsized geometry shader input needs the input "
				    "primitive declared before it");
		v->type.type = glsl_sema_array_of(s, t, n);
		*is_unsized = false;
		return v->type.type != NULL;
	}
	if (t->kind != GLSL_KIND_ARRAY)
		return fail(s, loc, "geometry shader inputs must be arrays");
	if (n && t->length != n)
		return fail(s, loc, "an input array's size does not match the input primitive");
	if (!n && !s->gs_sized_inputs) {
		s->gs_sized_inputs = t->length;
		s->gs_sized_loc = loc;
	} else if (!n && s->gs_sized_inputs != t->length) {
		return fail(s, loc, "geometry shader input arrays of different sizes");
	}
	return true;
}

/* gl_in[]: as many gl_PerVertex as the input primitive has vertices; NULL
 * before the primitive is declared (the use reports it: glsl_sema_gl_in_early). */
const struct glsl_type *glsl_sema_gl_in_type(struct glsl_sema *s, const struct glsl_type *elem)
{
	unsigned n = prim_vertices(s->res->gs_input);

	return n ? glsl_sema_array_of(s, elem, n) : NULL;
}

bool glsl_sema_gl_in_early(struct glsl_sema *s, const char *name, struct glsl_loc loc)
{
	if (s->stage != GLSL_STAGE_GEOMETRY || strcmp(name, "gl_in") || s->res->gs_input)
		return false;
	return !fail(s, loc, "'gl_in' is used before the input primitive is declared");
}
