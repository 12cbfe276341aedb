/* SPDX-License-Identifier: MIT */
/*
 * A program's tessellation stages (EXT_tessellation_shader /
 * OES_tessellation_shader): the compiler links them between the vertex and
 * fragment shaders (glsl_shader_link_tess); here their modules, the
 * stages the default block reaches, the TESS_* program queries, the
 * limits, and glPatchParameteri (the patch size is part of the pipeline
 * key; the draw's mode check is vgl_linked_takes_mode's).
 */
#include <string.h>

#include "glsl_shader.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_linked_private.h"
#include "vgl_procs.h"
#include "vgl_program.h"

#define MAX_PATCH_VERTICES 32   /* gl_MaxPatchVertices (the compiler's) */

int vgl_linked_tess_modules(struct vgl_linked *l, const struct glsl_linked_program *lp,
			    uint32_t *const pushed[2], const size_t pushed_words[2])
{
	VkShaderModule *mods[2] = { &l->tcs, &l->tes };
	int ret = VGL_OK;

	if (!lp->tess_words[0])
		return VGL_OK;
	for (int i = 0; i < 2 && ret == VGL_OK; i++)
		ret = pushed[i] ? vgl_linked_create_module(l, pushed[i], pushed_words[i], mods[i])
				: vgl_linked_create_module(l, lp->tess_words[i],
							   lp->tess_nr_words[i], mods[i]);
	l->tess_info = lp->tess;
	l->stages |= VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT |
		     VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
	return ret;
}

static bool tess_pname(GLenum pname)
{
	return pname == GL_TESS_CONTROL_OUTPUT_VERTICES_EXT || pname == GL_TESS_GEN_MODE_EXT ||
	       pname == GL_TESS_GEN_SPACING_EXT || pname == GL_TESS_GEN_VERTEX_ORDER_EXT ||
	       pname == GL_TESS_GEN_POINT_MODE_EXT;
}

static GLint gen_mode(uint32_t domain)
{
	return domain == VC_TESS_QUADS ? GL_QUADS_EXT :
	       domain == VC_PRIM_LINES ? GL_ISOLINES_EXT : GL_TRIANGLES;
}

static GLint gen_spacing(enum vc_tess_spacing s)
{
	return s == VC_TESS_FRACTIONAL_EVEN ? GL_FRACTIONAL_EVEN_EXT :
	       s == VC_TESS_FRACTIONAL_ODD ? GL_FRACTIONAL_ODD_EXT : GL_EQUAL;
}

/* A separable program's stand-in stage would answer (vgl_separable.c). */
static bool stand_in_asked(const struct vgl_linked *l, GLenum pname)
{
	unsigned st = pname == GL_TESS_CONTROL_OUTPUT_VERTICES_EXT ? GLSL_LINK_TESS_CTRL
								    : GLSL_LINK_TESS_EVAL;

	return (l->sep_stand_ins >> st) & 1u;
}

/* EXT_tessellation_shader §7.12: INVALID_OPERATION without a linked stage
 * of the name's (the control shader's vertices, the evaluation shader's
 * layout). */
bool vgl_program_tess_param(struct vgl_context *ctx, const struct vgl_program *p, GLenum pname,
			    GLint *out)
{
	const struct vgl_linked *l = p->linked;
	const struct vc_tess *t = l ? &l->tess_info : NULL;

	if (!tess_pname(pname) || !vgl_ext_on(ctx, VGL_EXT_EXT_tessellation_shader))
		return false;
	if (!p->link_status || !l || !l->tcs || stand_in_asked(l, pname)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return true;
	}
	if (pname == GL_TESS_CONTROL_OUTPUT_VERTICES_EXT)
		*out = (GLint)t->vertices;
	else if (pname == GL_TESS_GEN_MODE_EXT)
		*out = gen_mode(t->domain);
	else if (pname == GL_TESS_GEN_SPACING_EXT)
		*out = gen_spacing(t->spacing);
	else if (pname == GL_TESS_GEN_VERTEX_ORDER_EXT)
		*out = t->cw ? GL_CW : GL_CCW;
	else
		*out = t->point_mode ? GL_TRUE : GL_FALSE;
	return true;
}

/* The limits: the extension's minimums where the stages have them (the
 * compiler's gl_MaxTess* constants); 0 for what they cannot use yet (the
 * link refuses their samplers, blocks, images, buffers and counters). */
static const struct { GLenum pname; GLint64 value; } limits[] = {
	{ GL_MAX_PATCH_VERTICES_EXT, MAX_PATCH_VERTICES },
	{ GL_MAX_TESS_GEN_LEVEL_EXT, 64 },
	{ GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS_EXT, 1024 },
	{ GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS_EXT, 1024 },
	{ GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS_EXT, 16 },
	{ GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS_EXT, 16 },
	{ GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS_EXT, 64 },
	{ GL_MAX_TESS_PATCH_COMPONENTS_EXT, 120 },
	{ GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS_EXT, 2048 },
	{ GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS_EXT, 64 },
	{ GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS_EXT, 12 },
	{ GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS_EXT, 12 },
	{ GL_MAX_TESS_CONTROL_INPUT_COMPONENTS_EXT, 64 },
	{ GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS_EXT, 64 },
	/* primitive restart cuts patch lists on no host: not said */
	{ GL_PRIMITIVE_RESTART_FOR_PATCHES_SUPPORTED, GL_FALSE },
};

bool vgl_tess_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	if (!vgl_ext_on(ctx, VGL_EXT_EXT_tessellation_shader))
		return false;
	/* the stages' storage is the vertex stage's (vgl_limits_other_stage) */
	if (vgl_limits_other_stage(&ctx->dev->limits, pname, out))
		return true;
	if (pname == GL_PATCH_VERTICES_EXT) {
		*out = ctx->st.patch_vertices;
		return true;
	}
	/* the blocks' components and the default block's (ES 3.2 table 21.45) */
	if (pname == GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS_EXT ||
	    pname == GL_MAX_COMBINED_TESS_EVALUATION_UNIFORM_COMPONENTS_EXT) {
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

/* EXT_tessellation_shader §10.1.15: PATCH_VERTICES only (INVALID_ENUM),
 * 1..MAX_PATCH_VERTICES (INVALID_VALUE). */
static void patch_parameteri(GLenum pname, GLint value)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return;
	if (!vgl_ext_on(ctx, VGL_EXT_EXT_tessellation_shader) || pname != GL_PATCH_VERTICES_EXT) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (value <= 0 || value > MAX_PATCH_VERTICES) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	/* a patch list's size is in the pipeline key (patchControlPoints) */
	if (ctx->st.patch_vertices != value)
		ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_PIPELINE);
	ctx->st.patch_vertices = value;
}

static void GL_APIENTRY vgl_PatchParameteriEXT(GLenum pname, GLint value)
{
	patch_parameteri(pname, value);
}

static void GL_APIENTRY vgl_PatchParameteriOES(GLenum pname, GLint value)
{
	patch_parameteri(pname, value);
}

const struct vgl_proc vgl_tess_procs[] = {
	VGL_PROC(PatchParameteriEXT), VGL_PROC(PatchParameteriOES),
	{ NULL, NULL },
};
