/* SPDX-License-Identifier: MIT */
/*
 * glTexParameter* and glGetTexParameter*: the sampler state and level range
 * of the bound texture. Each setter validates and stores; what a draw
 * samples with is derived at draw time (vgl_texture_sample.c), where equal
 * states share one cached VkSampler.
 */
#include <math.h>

#include "vgl_context.h"
#include "vgl_extensions.h"
#include "vgl_procs.h"
#include "vgl_texture.h"

/* CLAMP_TO_BORDER with OES_texture_border_clamp (whose EXT twin has the same condition) */
static bool valid_wrap(const struct vgl_context *ctx, GLenum v)
{
	if (v == GL_CLAMP_TO_BORDER_OES)
		return vgl_ext_on(ctx, VGL_EXT_OES_texture_border_clamp);
	return v == GL_REPEAT || v == GL_CLAMP_TO_EDGE || v == GL_MIRRORED_REPEAT;
}

static bool valid_min(GLenum v)
{
	return v == GL_NEAREST || v == GL_LINEAR || v == GL_NEAREST_MIPMAP_NEAREST ||
	       v == GL_LINEAR_MIPMAP_NEAREST || v == GL_NEAREST_MIPMAP_LINEAR ||
	       v == GL_LINEAR_MIPMAP_LINEAR;
}

static bool valid_swizzle(GLenum v)
{
	return (v >= GL_RED && v <= GL_ALPHA) || v == GL_ZERO || v == GL_ONE;
}

static bool valid_func(GLenum v)
{
	return v >= GL_NEVER && v <= GL_ALWAYS;
}

/* The sampler state proper: what texture and sampler objects both have. */
static bool is_sampler_pname(GLenum pname)
{
	switch (pname) {
	case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T: case GL_TEXTURE_WRAP_R:
	case GL_TEXTURE_MIN_FILTER: case GL_TEXTURE_MAG_FILTER: case GL_TEXTURE_MIN_LOD:
	case GL_TEXTURE_MAX_LOD: case GL_TEXTURE_COMPARE_MODE: case GL_TEXTURE_COMPARE_FUNC:
	case GL_TEXTURE_MAX_ANISOTROPY_EXT: case GL_TEXTURE_BORDER_COLOR_OES:
	case GL_TEXTURE_SRGB_DECODE_EXT:
		return true;
	}
	return false;
}

/* An enum-valued sampler parameter: its slot and whether v is allowed. */
static GLenum *sampler_enum(const struct vgl_context *ctx, struct vgl_tex_params *p,
			    GLenum pname, GLenum v, bool *ok)
{
	switch (pname) {
	case GL_TEXTURE_WRAP_S: *ok = valid_wrap(ctx, v); return &p->wrap_s;
	case GL_TEXTURE_WRAP_T: *ok = valid_wrap(ctx, v); return &p->wrap_t;
	case GL_TEXTURE_WRAP_R: *ok = valid_wrap(ctx, v); return &p->wrap_r;
	case GL_TEXTURE_MIN_FILTER: *ok = valid_min(v); return &p->min_filter;
	case GL_TEXTURE_MAG_FILTER: *ok = v == GL_NEAREST || v == GL_LINEAR; return &p->mag_filter;
	case GL_TEXTURE_COMPARE_MODE:
		*ok = v == GL_NONE || v == GL_COMPARE_REF_TO_TEXTURE;
		return &p->compare_mode;
	case GL_TEXTURE_COMPARE_FUNC: *ok = valid_func(v); return &p->compare_func;
	case GL_TEXTURE_SRGB_DECODE_EXT:
		*ok = vgl_ext_on(ctx, VGL_EXT_EXT_texture_sRGB_decode) &&
		      (v == GL_DECODE_EXT || v == GL_SKIP_DECODE_EXT);
		return vgl_ext_on(ctx, VGL_EXT_EXT_texture_sRGB_decode) ? &p->srgb_decode : NULL;
	}
	return NULL;
}

/* TEXTURE_BORDER_COLOR: a vector (the scalar calls cannot set it) of OES_texture_border_clamp */
static GLenum border_set(const struct vgl_context *ctx, struct vgl_tex_params *p,
			 const struct vgl_param_in *in)
{
	if (!in->vector || !vgl_ext_on(ctx, VGL_EXT_OES_texture_border_clamp))
		return GL_INVALID_ENUM;
	vgl_border_from(in, &p->border);
	return GL_NO_ERROR;
}

GLenum vgl_sampler_param_set(const struct vgl_context *ctx, struct vgl_tex_params *p,
			     GLenum pname, const struct vgl_param_in *in)
{
	bool ok = false;
	GLfloat f = vgl_param_first(in);
	GLenum e = vgl_param_enum(f), *slot = sampler_enum(ctx, p, pname, e, &ok);

	if (slot) {
		if (!ok)
			return GL_INVALID_ENUM;
		*slot = e;
		return GL_NO_ERROR;
	}
	switch (pname) {
	case GL_TEXTURE_MIN_LOD: p->min_lod = f; return GL_NO_ERROR;
	case GL_TEXTURE_MAX_LOD: p->max_lod = f; return GL_NO_ERROR;
	case GL_TEXTURE_MAX_ANISOTROPY_EXT:
		/* below 1 is an error; above the limit clamps (EXT_texture_filter_anisotropic) */
		if (!(f >= 1.0f))
			return GL_INVALID_VALUE;
		p->max_anisotropy = fminf(f, VGL_MAX_ANISOTROPY);
		return GL_NO_ERROR;
	case GL_TEXTURE_BORDER_COLOR_OES:
		return border_set(ctx, p, in);
	}
	return GL_INVALID_ENUM;
}

static bool sampler_scalar_get(const struct vgl_context *ctx, const struct vgl_tex_params *p,
			       GLenum pname, GLfloat *out)
{
	bool ok;
	GLenum *slot = sampler_enum(ctx, (struct vgl_tex_params *)p, pname, 0, &ok);

	if (slot) {
		*out = (GLfloat)*slot;
		return true;
	}
	switch (pname) {
	case GL_TEXTURE_MIN_LOD: *out = p->min_lod; return true;
	case GL_TEXTURE_MAX_LOD: *out = p->max_lod; return true;
	case GL_TEXTURE_MAX_ANISOTROPY_EXT: *out = p->max_anisotropy; return true;
	}
	return false;
}

bool vgl_sampler_param_get(const struct vgl_context *ctx, const struct vgl_tex_params *p,
			   GLenum pname, enum vgl_param_kind kind, void *out)
{
	GLfloat v;

	if (pname == GL_TEXTURE_BORDER_COLOR_OES) {
		if (!vgl_ext_on(ctx, VGL_EXT_OES_texture_border_clamp))
			return false;
		vgl_border_store(&p->border, kind, out);
		return true;
	}
	if (!sampler_scalar_get(ctx, p, pname, &v))
		return false;
	vgl_param_store(kind, v, out);
	return true;
}

/* ES 2.0 has four texture parameters, and those of EXT_texture_filter_anisotropic
 * and APPLE_texture_max_level (TEXTURE_MAX_LEVEL_APPLE is ES 3.0's MAX_LEVEL) */
static bool in_version(const struct vgl_context *ctx, GLenum pname)
{
	if (pname == GL_TEXTURE_MAX_ANISOTROPY_EXT)
		return vgl_ext_on(ctx, VGL_EXT_EXT_texture_filter_anisotropic);
	if (pname == GL_TEXTURE_BORDER_COLOR_OES)
		return vgl_ext_on(ctx, VGL_EXT_OES_texture_border_clamp);
	if (pname == GL_DEPTH_STENCIL_TEXTURE_MODE)
		return vgl_context_es31(ctx);
	if (pname == GL_TEXTURE_SRGB_DECODE_EXT)
		return vgl_ext_on(ctx, VGL_EXT_EXT_texture_sRGB_decode);
	return ctx->major >= 3 || pname == GL_TEXTURE_WRAP_S || pname == GL_TEXTURE_WRAP_T ||
	       pname == GL_TEXTURE_MIN_FILTER || pname == GL_TEXTURE_MAG_FILTER ||
	       pname == GL_TEXTURE_MAX_LEVEL;
}

/* OES_EGL_image_external: external textures clamp, do not mipmap, and
 * sample level 0 only. */
static GLenum external_error(GLenum pname, GLfloat f)
{
	GLenum v = vgl_param_enum(f);

	switch (pname) {
	case GL_TEXTURE_WRAP_S: case GL_TEXTURE_WRAP_T:
		return v == GL_CLAMP_TO_EDGE ? GL_NO_ERROR : GL_INVALID_ENUM;
	case GL_TEXTURE_MIN_FILTER:
		return v == GL_NEAREST || v == GL_LINEAR ? GL_NO_ERROR : GL_INVALID_ENUM;
	case GL_TEXTURE_BASE_LEVEL:
		return f == 0 ? GL_NO_ERROR : GL_INVALID_OPERATION;
	}
	return GL_NO_ERROR;
}

/* Sets one parameter; returns the GL error. */
static GLenum set_param(struct vgl_context *ctx, struct vgl_texture *t, GLenum pname,
			const struct vgl_param_in *in)
{
	struct vgl_tex_params *p = &t->params;
	GLfloat f = vgl_param_first(in);

	if (!in_version(ctx, pname))
		return GL_INVALID_ENUM;
	if (t->target == GL_TEXTURE_EXTERNAL_OES && external_error(pname, f) != GL_NO_ERROR)
		return external_error(pname, f);
	/* ES 3.1 §8.10: a multisample texture has no sampler state and one level */
	if (vgl_texture_target_ms(t->target) && is_sampler_pname(pname))
		return GL_INVALID_ENUM;
	if (vgl_texture_target_ms(t->target) && pname == GL_TEXTURE_BASE_LEVEL && f != 0)
		return GL_INVALID_OPERATION;
	if (is_sampler_pname(pname))
		return vgl_sampler_param_set(ctx, p, pname, in);
	switch (pname) {
	case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G: case GL_TEXTURE_SWIZZLE_B:
	case GL_TEXTURE_SWIZZLE_A:
		if (!valid_swizzle(vgl_param_enum(f)))
			return GL_INVALID_ENUM;
		p->swizzle[pname - GL_TEXTURE_SWIZZLE_R] = vgl_param_enum(f);
		return GL_NO_ERROR;
	case GL_TEXTURE_BASE_LEVEL:
	case GL_TEXTURE_MAX_LEVEL:
		if (f < 0)
			return GL_INVALID_VALUE;
		*(pname == GL_TEXTURE_BASE_LEVEL ? &p->base_level : &p->max_level) = (GLint)lroundf(f);
		return GL_NO_ERROR;
	case GL_DEPTH_STENCIL_TEXTURE_MODE:
		if (vgl_param_enum(f) != GL_DEPTH_COMPONENT && vgl_param_enum(f) != GL_STENCIL_INDEX)
			return GL_INVALID_ENUM;
		p->depth_stencil_mode = vgl_param_enum(f);
		return GL_NO_ERROR;
	}
	return GL_INVALID_ENUM;
}

static void tex_parameter(GLenum target, GLenum pname, const struct vgl_param_in *in)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture *t;
	GLenum err;

	if (!ctx)
		return;
	if (!vgl_texture_target_valid(ctx, target)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	t = vgl_texture_bound(ctx, target);
	if (!t)
		return;
	err = set_param(ctx, t, pname, in);
	if (err != GL_NO_ERROR)
		vgl_error(ctx, err);
	vgl_texture_changed(t);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

static void GL_APIENTRY vgl_TexParameteri(GLenum target, GLenum pname, GLint param)
{
	tex_parameter(target, pname, &(struct vgl_param_in){ VGL_PARAM_INT, &param, false });
}

static void GL_APIENTRY vgl_TexParameterf(GLenum target, GLenum pname, GLfloat param)
{
	tex_parameter(target, pname, &(struct vgl_param_in){ VGL_PARAM_FLOAT, &param, false });
}

static void GL_APIENTRY vgl_TexParameteriv(GLenum target, GLenum pname, const GLint *params)
{
	tex_parameter(target, pname, &(struct vgl_param_in){ VGL_PARAM_INT, params, true });
}

static void GL_APIENTRY vgl_TexParameterfv(GLenum target, GLenum pname, const GLfloat *params)
{
	tex_parameter(target, pname, &(struct vgl_param_in){ VGL_PARAM_FLOAT, params, true });
}

/* OES_texture_border_clamp: the border colour's integers as given, any other
 * parameter as with glTexParameteriv */
static void GL_APIENTRY vgl_TexParameterIivOES(GLenum target, GLenum pname, const GLint *params)
{
	tex_parameter(target, pname, &(struct vgl_param_in){ VGL_PARAM_INT_RAW, params, true });
}

static void GL_APIENTRY vgl_TexParameterIuivOES(GLenum target, GLenum pname,
						const GLuint *params)
{
	tex_parameter(target, pname, &(struct vgl_param_in){ VGL_PARAM_UINT_RAW, params, true });
}

/* ---- queries -------------------------------------------------------------------------------- */

static bool get_param(struct vgl_context *ctx, const struct vgl_texture *t, GLenum pname,
		      enum vgl_param_kind kind, void *out)
{
	const struct vgl_tex_params *p = &t->params;
	GLfloat v;

	if (!in_version(ctx, pname))
		return false;
	if (is_sampler_pname(pname))
		return vgl_sampler_param_get(ctx, p, pname, kind, out);
	switch (pname) {
	case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G: case GL_TEXTURE_SWIZZLE_B:
	case GL_TEXTURE_SWIZZLE_A:
		v = (GLfloat)p->swizzle[pname - GL_TEXTURE_SWIZZLE_R];
		break;
	case GL_TEXTURE_BASE_LEVEL: v = (GLfloat)p->base_level; break;
	case GL_TEXTURE_MAX_LEVEL: v = (GLfloat)p->max_level; break;
	case GL_DEPTH_STENCIL_TEXTURE_MODE: v = (GLfloat)p->depth_stencil_mode; break;
	case GL_TEXTURE_IMMUTABLE_FORMAT: v = t->immutable; break;
	case GL_TEXTURE_IMMUTABLE_LEVELS:
		v = (GLfloat)(t->is_view ? t->view_immutable_levels : t->immutable_levels);
		break;
	case GL_TEXTURE_VIEW_MIN_LEVEL_OES: case GL_TEXTURE_VIEW_NUM_LEVELS_OES:
	case GL_TEXTURE_VIEW_MIN_LAYER_OES: case GL_TEXTURE_VIEW_NUM_LAYERS_OES: {
		GLint iv;

		if (!vgl_texture_view_param(ctx, t, pname, &iv))
			return false;
		v = (GLfloat)iv;
		break;
	}
	case GL_REQUIRED_TEXTURE_IMAGE_UNITS_OES:
		if (t->target != GL_TEXTURE_EXTERNAL_OES)
			return false;
		v = 1;
		break;
	default:
		return false;
	}
	vgl_param_store(kind, v, out);
	return true;
}

static void get_tex_parameter(GLenum target, GLenum pname, enum vgl_param_kind kind, void *out)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture *t;

	if (!ctx)
		return;
	if (!vgl_texture_target_valid(ctx, target)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	t = vgl_texture_bound(ctx, target);
	if (t && !get_param(ctx, t, pname, kind, out))
		vgl_error(ctx, GL_INVALID_ENUM);
}

static void GL_APIENTRY vgl_GetTexParameterfv(GLenum target, GLenum pname, GLfloat *params)
{
	get_tex_parameter(target, pname, VGL_PARAM_FLOAT, params);
}

static void GL_APIENTRY vgl_GetTexParameteriv(GLenum target, GLenum pname, GLint *params)
{
	get_tex_parameter(target, pname, VGL_PARAM_INT, params);
}

static void GL_APIENTRY vgl_GetTexParameterIivOES(GLenum target, GLenum pname, GLint *params)
{
	get_tex_parameter(target, pname, VGL_PARAM_INT_RAW, params);
}

static void GL_APIENTRY vgl_GetTexParameterIuivOES(GLenum target, GLenum pname, GLuint *params)
{
	get_tex_parameter(target, pname, VGL_PARAM_UINT_RAW, params);
}

const struct vgl_proc vgl_texture_param_procs[] = {
	VGL_PROC(TexParameteri), VGL_PROC(TexParameterf), VGL_PROC(TexParameteriv),
	VGL_PROC(TexParameterfv), VGL_PROC(GetTexParameteriv), VGL_PROC(GetTexParameterfv),
	VGL_PROC(TexParameterIivOES), VGL_PROC(TexParameterIuivOES),
	VGL_PROC(GetTexParameterIivOES), VGL_PROC(GetTexParameterIuivOES),
	VGL_PROC_EXT(TexParameterIiv), VGL_PROC_EXT(TexParameterIuiv),
	VGL_PROC_EXT(GetTexParameterIiv), VGL_PROC_EXT(GetTexParameterIuiv),
	{ NULL, NULL },
};
