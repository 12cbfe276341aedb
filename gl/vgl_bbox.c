/* SPDX-License-Identifier: MIT */
/*
 * EXT_primitive_bounding_box and OES_primitive_bounding_box (the same
 * text): glPrimitiveBoundingBox{EXT,OES} and gl_BoundingBox{EXT,OES} of the
 * tessellation control shader bound the primitives a draw makes, as a hint.
 * The spec lets an implementation ignore the box (primitives outside it
 * have undefined coverage, inside it are drawn as usual): virgl carries no
 * such state, so the box is only kept for its query, and the compiler
 * writes the shader's box to a variable nothing reads.
 */
#include "vgl_bbox.h"

#include <string.h>

#include "vgl_context.h"
#include "vgl_extensions.h"
#include "vgl_procs.h"

static bool bbox_listed(const struct vgl_context *ctx)
{
	return vgl_ext_on(ctx, VGL_EXT_EXT_primitive_bounding_box) ||
	       vgl_ext_on(ctx, VGL_EXT_OES_primitive_bounding_box);
}

bool vgl_bbox_get(const struct vgl_context *ctx, GLenum pname, GLfloat out[8])
{
	if (pname != GL_PRIMITIVE_BOUNDING_BOX_EXT || !bbox_listed(ctx))
		return false;
	memcpy(out, ctx->st.primitive_bbox, sizeof(ctx->st.primitive_bbox));
	return true;
}

/* Any values are accepted (min greater than max, NaN: the spec only says
 * what the box means); no draw reads them. */
static void GL_APIENTRY vgl_PrimitiveBoundingBoxOES(GLfloat minX, GLfloat minY, GLfloat minZ,
						    GLfloat minW, GLfloat maxX, GLfloat maxY,
						    GLfloat maxZ, GLfloat maxW)
{
	struct vgl_context *ctx = vgl_current_context();
	const GLfloat box[8] = { minX, minY, minZ, minW, maxX, maxY, maxZ, maxW };

	if (!ctx)
		return;
	if (!bbox_listed(ctx)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	memcpy(ctx->st.primitive_bbox, box, sizeof(box));
}

const struct vgl_proc vgl_bbox_procs[] = {
	VGL_PROC(PrimitiveBoundingBoxOES), VGL_PROC_EXT(PrimitiveBoundingBox),
	{ NULL, NULL },
};
