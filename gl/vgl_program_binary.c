/* SPDX-License-Identifier: MIT */
/*
 * Program binaries (ES 3.0 section 2.12.3): glGetProgramBinary hands out
 * the binary a link kept (vgl_linked_create), glProgramBinary links a
 * program from one through the link's own path (vgl_linked.c), and
 * glProgramParameteri records the retrievable hint. One format is offered,
 * VGL_PROGRAM_BINARY_FORMAT; a binary this build cannot load fails the
 * link with the reason in the info log, as the spec asks (no GL error).
 */
#include <GLES3/gl31.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_procs.h"
#include "vgl_program.h"
#include "vgl_xfb.h"

static void GL_APIENTRY vgl_GetProgramBinary(GLuint program, GLsizei bufsize, GLsizei *length,
					     GLenum *format, void *binary)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_linked *l;
	struct vgl_program *p;

	if (length)
		*length = 0;
	if (!ctx || !(p = vgl_pobj_lookup(ctx, program, VGL_POBJ_PROGRAM)))
		return;
	if (bufsize < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	l = p->link_status ? p->linked : NULL;
	/* a program not linked, a buffer too small: INVALID_OPERATION */
	if (!l || !l->binary_size || (size_t)bufsize < l->binary_size || !binary) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	memcpy(binary, l->binary, l->binary_size);
	if (length)
		*length = (GLsizei)l->binary_size;
	if (format)
		*format = VGL_PROGRAM_BINARY_FORMAT;
}

/* After a load, what the program reports and a relink would use. */
static void adopt_binary(struct vgl_context *ctx, struct vgl_program *p)
{
	if (p->link_status && !vgl_program_xfb_names_from_linked(p))
		vgl_error(ctx, GL_OUT_OF_MEMORY);
}

static void GL_APIENTRY vgl_ProgramBinary(GLuint program, GLenum format, const void *binary,
					  GLsizei length)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l = NULL;
	struct vgl_program *p;
	char *log = NULL;
	int ret;

	if (!ctx || !(p = vgl_pobj_lookup(ctx, program, VGL_POBJ_PROGRAM)))
		return;
	if (format != VGL_PROGRAM_BINARY_FORMAT) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (length < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	if (vgl_xfb_uses_program(ctx, p)) {
		vgl_error(ctx, GL_INVALID_OPERATION); /* ES 3.0 section 2.15.2 */
		return;
	}
	ret = vgl_linked_create_from_binary(ctx, binary, (size_t)length, &l, &log);
	vgl_program_set_link(ctx, p, ret, l, log);
	adopt_binary(ctx, p);
}

static void GL_APIENTRY vgl_ProgramParameteri(GLuint program, GLenum pname, GLint value)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p;

	if (!ctx || !(p = vgl_pobj_lookup(ctx, program, VGL_POBJ_PROGRAM)))
		return;
	/* ES 3.1 / EXT_separate_shader_objects: GL_PROGRAM_SEPARABLE, for the
	 * next link (vgl_separable.c); ES 2.0 has only that pname */
	if ((pname != GL_PROGRAM_BINARY_RETRIEVABLE_HINT || ctx->major < 3) &&
	    (pname != GL_PROGRAM_SEPARABLE || !vgl_context_sso(ctx)))
		vgl_error(ctx, GL_INVALID_ENUM);
	else if (value != GL_FALSE && value != GL_TRUE)
		vgl_error(ctx, GL_INVALID_VALUE);
	else if (pname == GL_PROGRAM_SEPARABLE)
		p->separable = value == GL_TRUE;
	else
		p->binary_retrievable_hint = value == GL_TRUE;
}

const struct vgl_proc vgl_program_binary_procs[] = {
	VGL_PROC(GetProgramBinary), VGL_PROC(ProgramBinary), VGL_PROC(ProgramParameteri),
	VGL_PROC_AS_EXT(ProgramParameteri), /* EXT_separate_shader_objects */
	{ NULL, NULL },
};
