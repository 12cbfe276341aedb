/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 §9.2.1 glFramebufferParameteri / glGetFramebufferParameteriv: the
 * default width, height, samples and fixed sample locations of a user
 * framebuffer, kept and read back. They size a framebuffer without
 * attachments, which is complete with a default width and height where the
 * host renders without attachments (vk/ sends
 * SET_FRAMEBUFFER_STATE_NO_ATTACH on hosts with VDRM_CAP_FB_NO_ATTACH,
 * framebufferNoAttachmentsSampleCounts): vgl_fbo_status.c.
 */
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_fbo.h"
#include "vgl_procs.h"
#include "vgl_renderbuffer.h"

static bool valid_target(GLenum target)
{
	return target == GL_FRAMEBUFFER || target == GL_DRAW_FRAMEBUFFER ||
	       target == GL_READ_FRAMEBUFFER;
}

/* The parameter of pname and its largest value; NULL: not a parameter. */
static GLint *param(struct vgl_context *ctx, struct vgl_fbo *f, GLenum pname, GLint *max)
{
	const VkPhysicalDeviceLimits *l = &ctx->dev->props.limits;

	*max = 0;
	switch (pname) {
	case GL_FRAMEBUFFER_DEFAULT_WIDTH: *max = (GLint)l->maxFramebufferWidth; return &f->default_width;
	case GL_FRAMEBUFFER_DEFAULT_HEIGHT:
		*max = (GLint)l->maxFramebufferHeight;
		return &f->default_height;
	case GL_FRAMEBUFFER_DEFAULT_SAMPLES:
		*max = (GLint)vgl_renderbuffer_max_samples(ctx);
		return &f->default_samples;
	case GL_FRAMEBUFFER_DEFAULT_LAYERS_EXT:
		*max = (GLint)l->maxFramebufferLayers;
		return &f->default_layers;
	default:
		return NULL;
	}
}

/* GL_FRAMEBUFFER_DEFAULT_LAYERS: EXT_geometry_shader's */
static bool valid_pname(const struct vgl_context *ctx, GLenum pname)
{
	return pname == GL_FRAMEBUFFER_DEFAULT_WIDTH || pname == GL_FRAMEBUFFER_DEFAULT_HEIGHT ||
	       pname == GL_FRAMEBUFFER_DEFAULT_SAMPLES ||
	       pname == GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS ||
	       (pname == GL_FRAMEBUFFER_DEFAULT_LAYERS_EXT &&
		vgl_ext_on(ctx, VGL_EXT_EXT_geometry_shader));
}

/* The bound FBO of a call's target and pname; NULL with the GL error raised. */
static struct vgl_fbo *call_fbo(struct vgl_context *ctx, GLenum target, GLenum pname)
{
	if (!vgl_es31_call(ctx))
		return NULL;
	if (!valid_target(target) || !valid_pname(ctx, pname)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return NULL;
	}
	return vgl_fbo_target(ctx, target);
}

static void GL_APIENTRY vgl_FramebufferParameteri(GLenum target, GLenum pname, GLint value)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_fbo *f = call_fbo(ctx, target, pname);
	GLint max, *p;

	if (!f)
		return;
	vgl_fbo_changed(ctx, f);
	if (pname == GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS) {
		f->default_fixed_locations = value != 0;
		return;
	}
	p = param(ctx, f, pname, &max);
	if (value < 0 || value > max) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	*p = value;
}

static void GL_APIENTRY vgl_GetFramebufferParameteriv(GLenum target, GLenum pname, GLint *params)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_fbo *f = call_fbo(ctx, target, pname);
	GLint max;

	if (!f || !params)
		return;
	if (pname == GL_FRAMEBUFFER_DEFAULT_FIXED_SAMPLE_LOCATIONS)
		*params = f->default_fixed_locations;
	else
		*params = *param(ctx, f, pname, &max);
}

bool vgl_fbo_param_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	const VkPhysicalDeviceLimits *l = &ctx->dev->props.limits;

	if (!vgl_context_es31(ctx))
		return false;
	switch (pname) {
	case GL_MAX_FRAMEBUFFER_WIDTH: *out = l->maxFramebufferWidth; return true;
	case GL_MAX_FRAMEBUFFER_HEIGHT: *out = l->maxFramebufferHeight; return true;
	case GL_MAX_FRAMEBUFFER_SAMPLES: *out = vgl_renderbuffer_max_samples(ctx); return true;
	case GL_MAX_FRAMEBUFFER_LAYERS_EXT:
		*out = l->maxFramebufferLayers;
		return vgl_ext_on(ctx, VGL_EXT_EXT_geometry_shader);
	default: return false;
	}
}

const struct vgl_proc vgl_fbo_param_procs[] = {
	VGL_PROC(FramebufferParameteri), VGL_PROC(GetFramebufferParameteriv),
	{ NULL, NULL },
};
