/* SPDX-License-Identifier: MIT */
/* The sticky first error of a context and glGetError. */
#include "vgl_context.h"
#include "vgl_debug.h"
#include "vgl_extensions.h"
#include "vgl_procs.h"
#include "vgl_robustness.h"

void vgl_error(struct vgl_context *ctx, GLenum error)
{
	if (ctx->error == GL_NO_ERROR)
		ctx->error = error;
	if (ctx->debug_output)
		vgl_debug_error(ctx, error);
}

bool vgl_es31_call(struct vgl_context *ctx)
{
	if (ctx && !vgl_context_es31(ctx))
		vgl_error(ctx, GL_INVALID_OPERATION);
	return ctx && vgl_context_es31(ctx);
}

bool vgl_context_sso(const struct vgl_context *ctx)
{
	return vgl_context_es31(ctx) || vgl_ext_on(ctx, VGL_EXT_EXT_separate_shader_objects);
}

bool vgl_sso_call(struct vgl_context *ctx)
{
	if (ctx && !vgl_context_sso(ctx))
		vgl_error(ctx, GL_INVALID_OPERATION);
	return ctx && vgl_context_sso(ctx);
}

void vgl_error_result(struct vgl_context *ctx, int result)
{
	if (result == VGL_OK)
		return;
	/* ES 2.0/3.0 have no context-lost error: device loss reads as OOM,
	 * unless the context asked to hear of resets (KHR_robustness) */
	if (result == VGL_ERROR_DEVICE_LOST && ctx->reset_strategy == GL_LOSE_CONTEXT_ON_RESET_KHR)
		vgl_error(ctx, GL_CONTEXT_LOST_KHR);
	else
		vgl_error(ctx, GL_OUT_OF_MEMORY);
}

static GLenum GL_APIENTRY vgl_GetError(void)
{
	/* works after a reset too: it reports GL_CONTEXT_LOST */
	struct vgl_context *ctx = vgl_context_bound();
	GLenum e;

	if (!ctx)
		return GL_NO_ERROR;
	e = ctx->error;
	ctx->error = GL_NO_ERROR;
	return e;
}

const struct vgl_proc vgl_error_procs[] = {
	VGL_PROC(GetError),
	{ NULL, NULL },
};
