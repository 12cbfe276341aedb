/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 separable programs (GL_PROGRAM_SEPARABLE). The linker links a
 * vertex and a fragment shader; a separable program of one stage links with
 * a stand-in for the other (a vertex shader that writes gl_Position only, a
 * fragment shader that writes nothing), under the linker's separable rule
 * that a fragment input needs no vertex output. That link gives the
 * program's resources, locations and uniform storage; it is not drawn.
 *
 * The stages the program has (geometry and tessellation ones too) are
 * compiled again from their shaders' sources and kept with the link
 * result: a program pipeline links the stages of its programs together for
 * its draws (vgl_program_pipeline.c).
 * The linker's work across stages (locations of varyings, outputs no stage
 * reads) then sees the stages that really run together, so no program's
 * interface is cut short by a stand-in.
 *
 * glCreateShaderProgramv makes such a program of one shader, which never
 * becomes an object of the namespace: only its log reaches the program's.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_shader.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_linked_private.h"
#include "vgl_procs.h"
#include "vgl_program.h"
#include "vgl_range.h"

#include <GLES2/gl2ext.h>

/* The stand-ins' bodies: a vertex shader writes gl_Position only, a
 * fragment shader nothing, the tessellation shaders the least a link of
 * theirs takes (whose queries the program does not answer: vgl_linked.sep). */
static const char *stand_in_body(GLenum type)
{
	switch (type) {
	case GL_VERTEX_SHADER: return "void main() { gl_Position = vec4(0.0); }\n";
	case GL_TESS_CONTROL_SHADER_EXT: return "layout(vertices = 1) out;\nvoid main() {}\n";
	case GL_TESS_EVALUATION_SHADER_EXT: return "layout(triangles) in;\nvoid main() {}\n";
	default: return "void main() {}\n";
	}
}

/* The stand-in of `type` in the present stages' GLSL version. */
static struct glsl_shader *stand_in(const struct vgl_limits *lim, GLenum type, unsigned version)
{
	bool tess = type == GL_TESS_CONTROL_SHADER_EXT || type == GL_TESS_EVALUATION_SHADER_EXT;
	char src[256];

	snprintf(src, sizeof(src), "%s%s%s",
		 version >= 320 ? "#version 320 es\n" : version >= 310 ? "#version 310 es\n" :
		 version >= 300 ? "#version 300 es\n" : "",
		 tess && version < 320 ? "#extension GL_EXT_tessellation_shader : require\n" : "",
		 stand_in_body(type));
	return vgl_shader_compile_source(lim, type, src);
}

/* The program's shader of a VGL_PPO_* stage, or NULL. */
static const struct vgl_shader *program_stage(const struct vgl_program *p, int stage)
{
	const struct vgl_shader *const all[VGL_PPO_STAGES] = {
		[VGL_PPO_VS] = p->vs, [VGL_PPO_FS] = p->fs, [VGL_PPO_GS] = p->gs,
		[VGL_PPO_TCS] = p->tcs, [VGL_PPO_TES] = p->tes };

	return all[stage];
}

/* The stage compiled again, and its source (a pipeline renames names in it). */
static bool keep_stage(const struct vgl_limits *lim, const struct vgl_shader *sh,
		       struct glsl_shader **out, char **source)
{
	if (!sh)
		return true;
	*source = strdup(sh->source ? sh->source : "");
	*out = *source ? vgl_shader_compile_source(lim, sh->type, *source) : NULL;
	return *out != NULL;
}

static int keep_stages(struct vgl_context *ctx, const struct vgl_program *p, struct vgl_linked *l)
{
	const struct vgl_limits *lim = &ctx->dev->limits;

	l->separable = true;
	l->has_vs = p->vs != NULL;
	l->has_fs = p->fs != NULL;
	l->has_mid = p->gs || p->tcs || p->tes;
	for (int i = 0; i < VGL_PPO_STAGES; i++)
		if (!keep_stage(lim, program_stage(p, i), &l->sep[i], &l->sep_source[i]))
			return VGL_ERROR_OUT_OF_MEMORY;
	return VGL_OK;
}

/* The stages a separable program lacks get stand-ins: the vertex and
 * fragment shaders always, a tessellation shader beside the other. */
struct stand_ins {
	struct glsl_shader *sh[4];
	uint32_t bits;                    /* glsl_link_options.stand_ins */
};

static const struct {
	GLenum type;
	unsigned bit;
} stand_in_stages[4] = {
	{ GL_VERTEX_SHADER, GLSL_STAGE_VERTEX }, { GL_FRAGMENT_SHADER, GLSL_STAGE_FRAGMENT },
	{ GL_TESS_CONTROL_SHADER_EXT, GLSL_LINK_TESS_CTRL },
	{ GL_TESS_EVALUATION_SHADER_EXT, GLSL_LINK_TESS_EVAL },
};

static struct glsl_shader **link_slot(struct vgl_graphics_link *in, unsigned i)
{
	struct glsl_shader **slots[4] = { &in->vs, &in->fs, &in->tcs, &in->tes };

	return slots[i];
}

/* The version of the stages present (all compiled), or 0 if one did not. */
static unsigned present_version(struct vgl_graphics_link *in)
{
	struct glsl_shader *all[5] = { in->vs, in->fs, in->gs, in->tcs, in->tes };
	unsigned version = 0;

	for (int i = 0; i < 5; i++) {
		if (all[i] && glsl_shader_status(all[i]) != GLSL_COMPILE_OK)
			return 0;
		if (all[i])
			version = glsl_shader_version(all[i]);
	}
	return version;
}

static bool add_stand_ins(struct vgl_context *ctx, struct vgl_graphics_link *in,
			  struct stand_ins *s)
{
	unsigned version = present_version(in);
	bool tess = in->tcs || in->tes;

	if (!version)
		return true;   /* the link reports the stage that did not compile */
	for (unsigned i = 0; i < 4; i++) {
		if (*link_slot(in, i) || (i >= 2 && !tess))
			continue;
		s->sh[i] = stand_in(&ctx->dev->limits, stand_in_stages[i].type, version);
		if (!s->sh[i])
			return false;
		*link_slot(in, i) = s->sh[i];
		s->bits |= 1u << stand_in_stages[i].bit;
	}
	in->stand_ins = s->bits;
	/* the vertex shader the last stage: its built-ins are outputs */
	in->vs_alone = s->bits == (1u << GLSL_STAGE_FRAGMENT);
	return true;
}

int vgl_separable_link(struct vgl_context *ctx, const struct vgl_program *p,
		       struct vgl_graphics_link *in, struct vgl_linked **out, char **log)
{
	struct stand_ins s = { { NULL }, 0 };
	int ret = add_stand_ins(ctx, in, &s) ? VGL_OK : VGL_ERROR_OUT_OF_MEMORY;

	if (ret == VGL_OK)
		ret = vgl_linked_create_graphics(ctx, in, out, log);
	for (unsigned i = 0; i < 4; i++)
		if (s.sh[i])
			glsl_shader_destroy(s.sh[i]);
	if (ret == VGL_OK) {
		(*out)->sep_stand_ins = s.bits;
		ret = keep_stages(ctx, p, *out);
	}
	if (ret != VGL_OK && *out) {
		vgl_linked_discard(*out);
		*out = NULL;
	}
	return ret;
}

void vgl_separable_free(struct vgl_linked *l)
{
	for (int i = 0; i < VGL_PPO_STAGES; i++) {
		if (l->sep[i])
			glsl_shader_destroy(l->sep[i]);
		free(l->sep_source[i]);
	}
}

/* ---- glCreateShaderProgramv ----------------------------------------------------------------- */

static struct vgl_shader **one_slot(struct vgl_program *p, GLenum type)
{
	switch (type) {
	case GL_VERTEX_SHADER: return &p->vs;
	case GL_FRAGMENT_SHADER: return &p->fs;
	case GL_GEOMETRY_SHADER_EXT: return &p->gs;
	case GL_TESS_CONTROL_SHADER_EXT: return &p->tcs;
	case GL_TESS_EVALUATION_SHADER_EXT: return &p->tes;
	default: return &p->cs;
	}
}

/* Links p of sh alone: attached for the link only, its log first. */
static void link_one(struct vgl_context *ctx, struct vgl_program *p, struct vgl_shader *sh)
{
	struct vgl_shader **slot = one_slot(p, sh->type);
	struct vgl_linked *l = NULL;
	char *log = NULL;
	int ret = VGL_ERROR_BAD_ATTRIBUTE;

	if (sh->compile_status) {
		*slot = sh;
		ret = vgl_linked_create(ctx, p, &l, &log);
		*slot = NULL;
	} else {
		log = strdup(glsl_shader_info_log(sh->compiled));
	}
	vgl_program_set_link(ctx, p, ret, l, log);
}

static GLuint GL_APIENTRY vgl_CreateShaderProgramv(GLenum type, GLsizei count,
						   const GLchar *const *strings)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_shader sh = { .kind = VGL_POBJ_SHADER, .type = type };
	struct vgl_program *p;
	GLuint name = 0;

	if (!vgl_sso_call(ctx))
		return 0;
	if (!vgl_shader_type_ok(ctx, type)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return 0;
	}
	if (count < 0 || vgl_array_absent(count, strings)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return 0;
	}
	for (GLsizei i = 0; i < count; i++)
		if (!strings[i]) {
			vgl_error(ctx, GL_INVALID_VALUE);
			return 0;
		}
	sh.source = vgl_join_sources(count, strings, NULL);
	sh.compiled = sh.source ? vgl_shader_compile_source(&ctx->dev->limits, type, sh.source)
				: NULL;
	p = sh.compiled ? vgl_program_create(ctx) : NULL;
	if (p) {
		sh.compile_status = glsl_shader_status(sh.compiled) == GLSL_COMPILE_OK;
		p->separable = true;
		link_one(ctx, p, &sh);
		name = p->name;
	} else if (!sh.compiled) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
	}
	if (sh.compiled)
		glsl_shader_destroy(sh.compiled);
	free(sh.source);
	return name;
}

const struct vgl_proc vgl_separable_procs[] = {
	VGL_PROC(CreateShaderProgramv), VGL_PROC_AS_EXT(CreateShaderProgramv),
	{ NULL, NULL },
};
