/* SPDX-License-Identifier: MIT */
/* glGetGraphicsResetStatus and the answers of a reset context (vgl_robustness.h). */
#include "vgl_robustness.h"

#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_procs.h"

bool vgl_context_reset(const struct vgl_context *ctx)
{
	return ctx->reset_strategy == GL_LOSE_CONTEXT_ON_RESET_KHR &&
	       vvk_GetDeviceStatus(ctx->dev->dev, VK_FALSE) != VK_SUCCESS;
}

/* The thread's context if it is in the reset state, else NULL. */
static struct vgl_context *reset_context(void)
{
	struct vgl_context *ctx = vgl_context_bound();

	return ctx && vgl_context_reset(ctx) ? ctx : NULL;
}

bool vgl_reset_sync_status(GLenum pname, GLsizei bufsize, GLsizei *length, GLint *values)
{
	if (pname != GL_SYNC_STATUS || !reset_context())
		return false;
	if (bufsize > 0 && values)
		values[0] = GL_SIGNALED;
	if (length)
		*length = bufsize > 0 ? 1 : 0;
	return true;
}

bool vgl_reset_query_available(GLenum pname, uint64_t *out)
{
	if (pname != GL_QUERY_RESULT_AVAILABLE || !reset_context())
		return false;
	*out = 1;
	return true;
}

/*
 * A killed vtest server is seen here even if nothing was sent since (the
 * socket's hang-up is polled); a stalled one once a wait ran past the host
 * timeout. The loss is for good: every call after it says so again ("the
 * reset is still in progress"), since the context can never recover.
 */
static GLenum GL_APIENTRY vgl_GetGraphicsResetStatusKHR(void)
{
	struct vgl_context *ctx = vgl_context_bound();

	if (!ctx || ctx->reset_strategy != GL_LOSE_CONTEXT_ON_RESET_KHR)
		return GL_NO_ERROR;
	if (vvk_GetDeviceStatus(ctx->dev->dev, VK_TRUE) == VK_SUCCESS)
		return GL_NO_ERROR;
	return GL_UNKNOWN_CONTEXT_RESET_KHR;
}

const struct vgl_proc vgl_robustness_procs[] = {
	VGL_PROC(GetGraphicsResetStatusKHR),
	{ "glGetGraphicsResetStatusEXT", (void *)vgl_GetGraphicsResetStatusKHR },
	{ NULL, NULL },
};
