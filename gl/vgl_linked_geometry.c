/* SPDX-License-Identifier: MIT */
/*
 * A program's geometry stage (EXT_geometry_shader / OES_geometry_shader):
 * the compiler links it between the vertex and fragment shaders
 * (glsl_shader_link_geometry); here its module, the stages its default
 * block reaches, the GEOMETRY_LINKED_* queries and the draw's primitive
 * check (EXT_geometry_shader §11.3.1: a mode the input primitive does not
 * take is INVALID_OPERATION).
 */
#include <string.h>

#include "glsl_shader.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_linked_private.h"
#include "vgl_program.h"

int vgl_linked_geometry_module(struct vgl_linked *l, const struct glsl_linked_program *lp,
			       uint32_t *pushed, size_t pushed_words)
{
	int ret;

	if (!lp->gs_words)
		return VGL_OK;
	ret = pushed ? vgl_linked_create_module(l, pushed, pushed_words, &l->gs)
		     : vgl_linked_create_module(l, lp->gs_words, lp->gs_nr_words, &l->gs);
	l->gs_info = lp->gs;
	l->stages |= VK_SHADER_STAGE_GEOMETRY_BIT;
	return ret;
}

/* The draw modes of each input primitive. */
/* The primitive tessellation hands a geometry shader: points in point
 * mode, lines for isolines, else triangles. */
static enum vc_prim tess_output(const struct vc_tess *t)
{
	return t->point_mode ? VC_PRIM_POINTS :
	       t->domain == VC_PRIM_LINES ? VC_PRIM_LINES : VC_PRIM_TRIANGLES;
}

bool vgl_linked_takes_mode(const struct vgl_linked *l, GLenum mode)
{
	/* EXT_tessellation_shader §10.1.15: patches exactly where the program
	 * tessellates; EXT_geometry_shader §11.3.1: a geometry shader after it
	 * takes the primitive tessellation makes */
	if (l->tcs || mode == GL_PATCHES_EXT)
		return l->tcs && mode == GL_PATCHES_EXT &&
		       (!l->gs || l->gs_info.input == tess_output(&l->tess_info));
	switch (l->gs ? l->gs_info.input : VC_PRIM_NONE) {
	case VC_PRIM_NONE: return true;
	case VC_PRIM_POINTS: return mode == GL_POINTS;
	case VC_PRIM_LINES: return mode == GL_LINES || mode == GL_LINE_STRIP || mode == GL_LINE_LOOP;
	case VC_PRIM_LINES_ADJACENCY:
		return mode == GL_LINES_ADJACENCY_EXT || mode == GL_LINE_STRIP_ADJACENCY_EXT;
	case VC_PRIM_TRIANGLES:
		return mode == GL_TRIANGLES || mode == GL_TRIANGLE_STRIP || mode == GL_TRIANGLE_FAN;
	default:
		return mode == GL_TRIANGLES_ADJACENCY_EXT || mode == GL_TRIANGLE_STRIP_ADJACENCY_EXT;
	}
}

/* The primitive a capture records (EXT_geometry_shader §12.1: the
 * geometry shader's output, as a base mode); false without the stage
 * (GL_POINTS is 0: no GL_NONE to say so). */
bool vgl_linked_recorded_mode(const struct vgl_linked *l, GLenum *mode)
{
	if (!l->gs)
		return false;
	*mode = l->gs_info.output == VC_PRIM_POINTS ? GL_POINTS :
		l->gs_info.output == VC_PRIM_LINE_STRIP ? GL_LINES : GL_TRIANGLES;
	return true;
}

static GLint gl_prim(enum vc_prim p)
{
	static const GLint names[] = {
		[VC_PRIM_POINTS] = GL_POINTS, [VC_PRIM_LINES] = GL_LINES,
		[VC_PRIM_LINES_ADJACENCY] = GL_LINES_ADJACENCY_EXT,
		[VC_PRIM_TRIANGLES] = GL_TRIANGLES,
		[VC_PRIM_TRIANGLES_ADJACENCY] = GL_TRIANGLES_ADJACENCY_EXT,
		[VC_PRIM_LINE_STRIP] = GL_LINE_STRIP, [VC_PRIM_TRIANGLE_STRIP] = GL_TRIANGLE_STRIP,
	};
	return p <= VC_PRIM_TRIANGLE_STRIP ? names[p] : GL_NONE;
}

static bool geometry_pname(GLenum pname)
{
	return pname == GL_GEOMETRY_LINKED_VERTICES_OUT_EXT ||
	       pname == GL_GEOMETRY_LINKED_INPUT_TYPE_EXT ||
	       pname == GL_GEOMETRY_LINKED_OUTPUT_TYPE_EXT ||
	       pname == GL_GEOMETRY_SHADER_INVOCATIONS_EXT;
}

bool vgl_program_geometry_param(struct vgl_context *ctx, const struct vgl_program *p,
				GLenum pname, GLint *out)
{
	const struct vgl_linked *l = p->linked;

	if (!geometry_pname(pname) || !vgl_ext_on(ctx, VGL_EXT_EXT_geometry_shader))
		return false;
	if (!p->link_status || !l || !l->gs) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return true;
	}
	if (pname == GL_GEOMETRY_LINKED_VERTICES_OUT_EXT)
		*out = (GLint)l->gs_info.max_vertices;
	else if (pname == GL_GEOMETRY_LINKED_INPUT_TYPE_EXT)
		*out = gl_prim(l->gs_info.input);
	else if (pname == GL_GEOMETRY_LINKED_OUTPUT_TYPE_EXT)
		*out = gl_prim(l->gs_info.output);
	else
		*out = (GLint)l->gs_info.invocations;
	return true;
}

/* The limits (glGetIntegerv): the extension's minimums where the stage has
 * them; its storage is the vertex stage's (vgl_limits_other_stage). */
bool vgl_geometry_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	static const struct { GLenum pname; GLint64 value; } limits[] = {
		{ GL_MAX_GEOMETRY_UNIFORM_COMPONENTS_EXT, 1024 },
		{ GL_MAX_GEOMETRY_UNIFORM_BLOCKS_EXT, 12 },
		{ GL_MAX_GEOMETRY_INPUT_COMPONENTS_EXT, 64 },
		{ GL_MAX_GEOMETRY_OUTPUT_COMPONENTS_EXT, 64 },
		{ GL_MAX_GEOMETRY_OUTPUT_VERTICES_EXT, 256 },
		{ GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS_EXT, 1024 },
		{ GL_MAX_GEOMETRY_SHADER_INVOCATIONS_EXT, 32 },
		{ GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS_EXT, 16 },
		/* which vertex of a primitive gives gl_Layer: not said */
		{ GL_LAYER_PROVOKING_VERTEX_EXT, GL_UNDEFINED_VERTEX_EXT },
	};

	if (!vgl_ext_on(ctx, VGL_EXT_EXT_geometry_shader))
		return false;
	if (vgl_limits_other_stage(&ctx->dev->limits, pname, out))
		return true;
	/* the blocks' components and the default block's (ES 3.2 table 21.45) */
	if (pname == GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS_EXT) {
		*out = 12 * (GLint64)(ctx->dev->limits.uniform_block_size / 4) + 1024;
		return true;
	}
	for (size_t i = 0; i < sizeof(limits) / sizeof(limits[0]); i++) {
		if (limits[i].pname == pname) {
			*out = limits[i].value;
			return true;
		}
	}
	return false;
}
