/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 separable programs (GL_PROGRAM_SEPARABLE). The linker links a
 * vertex and a fragment shader; a separable program of one stage links with
 * a stand-in for the other (a vertex shader that writes gl_Position only, a
 * fragment shader that writes nothing), under the linker's separable rule
 * that a fragment input needs no vertex output. That link gives the
 * program's resources, locations and uniform storage; it is not drawn.
 *
 * The stages the program has are compiled again from their shaders'
 * sources and kept with the link result: a program pipeline links the
 * stages of its programs together for its draws (vgl_program_pipeline.c).
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

/* The stand-in of `type` in the present stage's GLSL version. */
static struct glsl_shader *stand_in(const struct vgl_limits *lim, GLenum type, unsigned version)
{
	char src[128];

	snprintf(src, sizeof(src), "%s%s",
		 version >= 320 ? "#version 320 es\n" : version >= 310 ? "#version 310 es\n" :
		 version >= 300 ? "#version 300 es\n" : "",
		 type == GL_VERTEX_SHADER ? "void main() { gl_Position = vec4(0.0); }\n"
					  : "void main() {}\n");
	return vgl_shader_compile_source(lim, type, src);
}

static bool keep_stage(const struct vgl_limits *lim, const struct vgl_shader *sh,
		       struct glsl_shader **out)
{
	if (!sh)
		return true;
	*out = vgl_shader_compile_source(lim, sh->type, sh->source ? sh->source : "");
	return *out != NULL;
}

static int keep_stages(struct vgl_context *ctx, const struct vgl_program *p, struct vgl_linked *l)
{
	const struct vgl_limits *lim = &ctx->dev->limits;

	l->separable = true;
	l->has_vs = p->vs != NULL;
	l->has_fs = p->fs != NULL;
	if (p->fs && !(l->sep_fs_source = strdup(p->fs->source ? p->fs->source : "")))
		return VGL_ERROR_OUT_OF_MEMORY;
	if (keep_stage(lim, p->vs, &l->sep_vs) && keep_stage(lim, p->fs, &l->sep_fs))
		return VGL_OK;
	return VGL_ERROR_OUT_OF_MEMORY;
}

int vgl_separable_link(struct vgl_context *ctx, const struct vgl_program *p,
		       struct vgl_graphics_link *in, struct vgl_linked **out, char **log)
{
	const struct glsl_shader *present = p->vs ? in->vs : in->fs;
	struct glsl_shader *own = NULL;
	int ret;

	/* one stage that compiled: the other is the stand-in */
	if (!p->vs != !p->fs && present && glsl_shader_status(present) == GLSL_COMPILE_OK) {
		own = stand_in(&ctx->dev->limits, p->vs ? GL_FRAGMENT_SHADER : GL_VERTEX_SHADER,
			       glsl_shader_version(present));
		if (!own)
			return VGL_ERROR_OUT_OF_MEMORY;
		*(p->vs ? &in->fs : &in->vs) = own;
		in->vs_alone = p->vs != NULL;
	}
	ret = vgl_linked_create_graphics(ctx, in, out, log);
	if (own)
		glsl_shader_destroy(own);
	if (ret == VGL_OK)
		ret = keep_stages(ctx, p, *out);
	if (ret != VGL_OK && *out) {
		vgl_linked_discard(*out);
		*out = NULL;
	}
	return ret;
}

void vgl_separable_free(struct vgl_linked *l)
{
	if (l->sep_vs)
		glsl_shader_destroy(l->sep_vs);
	if (l->sep_fs)
		glsl_shader_destroy(l->sep_fs);
	free(l->sep_fs_source);
}

/* ---- glCreateShaderProgramv ----------------------------------------------------------------- */

static bool stage_type(GLenum type)
{
	return type == GL_VERTEX_SHADER || type == GL_FRAGMENT_SHADER || type == GL_COMPUTE_SHADER;
}

/* Links p of sh alone: attached for the link only, its log first. */
static void link_one(struct vgl_context *ctx, struct vgl_program *p, struct vgl_shader *sh)
{
	struct vgl_shader **slot = sh->type == GL_VERTEX_SHADER ? &p->vs :
				   sh->type == GL_FRAGMENT_SHADER ? &p->fs : &p->cs;
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

	if (!vgl_es31_call(ctx))
		return 0;
	if (!stage_type(type)) {
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
	VGL_PROC(CreateShaderProgramv),
	{ NULL, NULL },
};
