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

static bool valid_wrap(GLenum v)
{
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
	case GL_TEXTURE_MAX_ANISOTROPY_EXT:
		return true;
	}
	return false;
}

/* An enum-valued sampler parameter: its slot and whether v is allowed. */
static GLenum *sampler_enum(struct vgl_tex_params *p, GLenum pname, GLenum v, bool *ok)
{
	switch (pname) {
	case GL_TEXTURE_WRAP_S: *ok = valid_wrap(v); return &p->wrap_s;
	case GL_TEXTURE_WRAP_T: *ok = valid_wrap(v); return &p->wrap_t;
	case GL_TEXTURE_WRAP_R: *ok = valid_wrap(v); return &p->wrap_r;
	case GL_TEXTURE_MIN_FILTER: *ok = valid_min(v); return &p->min_filter;
	case GL_TEXTURE_MAG_FILTER: *ok = v == GL_NEAREST || v == GL_LINEAR; return &p->mag_filter;
	case GL_TEXTURE_COMPARE_MODE:
		*ok = v == GL_NONE || v == GL_COMPARE_REF_TO_TEXTURE;
		return &p->compare_mode;
	case GL_TEXTURE_COMPARE_FUNC: *ok = valid_func(v); return &p->compare_func;
	}
	return NULL;
}

GLenum vgl_sampler_param_set(struct vgl_tex_params *p, GLenum pname, GLfloat f)
{
	bool ok = false;
	GLenum *slot = sampler_enum(p, pname, (GLenum)(GLint)f, &ok);

	if (slot) {
		if (!ok)
			return GL_INVALID_ENUM;
		*slot = (GLenum)(GLint)f;
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
	}
	return GL_INVALID_ENUM;
}

bool vgl_sampler_param_get(const struct vgl_tex_params *p, GLenum pname, GLfloat *out)
{
	bool ok;
	GLenum *slot = sampler_enum((struct vgl_tex_params *)p, pname, 0, &ok);

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

/* ES 2.0 has four texture parameters, and those of EXT_texture_filter_anisotropic
 * and APPLE_texture_max_level (TEXTURE_MAX_LEVEL_APPLE is ES 3.0's MAX_LEVEL) */
static bool in_version(const struct vgl_context *ctx, GLenum pname)
{
	if (pname == GL_TEXTURE_MAX_ANISOTROPY_EXT)
		return vgl_ext_on(ctx, VGL_EXT_EXT_texture_filter_anisotropic);
	return ctx->major >= 3 || pname == GL_TEXTURE_WRAP_S || pname == GL_TEXTURE_WRAP_T ||
	       pname == GL_TEXTURE_MIN_FILTER || pname == GL_TEXTURE_MAG_FILTER ||
	       pname == GL_TEXTURE_MAX_LEVEL;
}

/* OES_EGL_image_external: external textures clamp, do not mipmap, and
 * sample level 0 only. */
static GLenum external_error(GLenum pname, GLfloat f)
{
	GLenum v = (GLenum)(GLint)f;

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

/* Sets one parameter from a float (ints convert exactly); returns the GL error. */
static GLenum set_param(struct vgl_context *ctx, struct vgl_texture *t, GLenum pname, GLfloat f)
{
	struct vgl_tex_params *p = &t->params;

	if (!in_version(ctx, pname))
		return GL_INVALID_ENUM;
	if (t->target == GL_TEXTURE_EXTERNAL_OES && external_error(pname, f) != GL_NO_ERROR)
		return external_error(pname, f);
	if (is_sampler_pname(pname))
		return vgl_sampler_param_set(p, pname, f);
	switch (pname) {
	case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G: case GL_TEXTURE_SWIZZLE_B:
	case GL_TEXTURE_SWIZZLE_A:
		if (!valid_swizzle((GLenum)(GLint)f))
			return GL_INVALID_ENUM;
		p->swizzle[pname - GL_TEXTURE_SWIZZLE_R] = (GLenum)(GLint)f;
		return GL_NO_ERROR;
	case GL_TEXTURE_BASE_LEVEL:
	case GL_TEXTURE_MAX_LEVEL:
		if (f < 0)
			return GL_INVALID_VALUE;
		*(pname == GL_TEXTURE_BASE_LEVEL ? &p->base_level : &p->max_level) = (GLint)lroundf(f);
		return GL_NO_ERROR;
	}
	return GL_INVALID_ENUM;
}

static void tex_parameter(GLenum target, GLenum pname, GLfloat value)
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
	err = set_param(ctx, t, pname, value);
	if (err != GL_NO_ERROR)
		vgl_error(ctx, err);
	vgl_texture_changed(t);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

static void GL_APIENTRY vgl_TexParameteri(GLenum target, GLenum pname, GLint param)
{
	tex_parameter(target, pname, (GLfloat)param);
}

static void GL_APIENTRY vgl_TexParameterf(GLenum target, GLenum pname, GLfloat param)
{
	tex_parameter(target, pname, param);
}

static void GL_APIENTRY vgl_TexParameteriv(GLenum target, GLenum pname, const GLint *params)
{
	tex_parameter(target, pname, (GLfloat)params[0]);
}

static void GL_APIENTRY vgl_TexParameterfv(GLenum target, GLenum pname, const GLfloat *params)
{
	tex_parameter(target, pname, params[0]);
}

/* ---- queries -------------------------------------------------------------------------------- */

static bool get_param(struct vgl_context *ctx, const struct vgl_texture *t, GLenum pname,
		      GLfloat *out)
{
	const struct vgl_tex_params *p = &t->params;

	if (!in_version(ctx, pname))
		return false;
	if (is_sampler_pname(pname))
		return vgl_sampler_param_get(p, pname, out);
	switch (pname) {
	case GL_TEXTURE_SWIZZLE_R: case GL_TEXTURE_SWIZZLE_G: case GL_TEXTURE_SWIZZLE_B:
	case GL_TEXTURE_SWIZZLE_A:
		*out = (GLfloat)p->swizzle[pname - GL_TEXTURE_SWIZZLE_R];
		return true;
	case GL_TEXTURE_BASE_LEVEL: *out = (GLfloat)p->base_level; return true;
	case GL_TEXTURE_MAX_LEVEL: *out = (GLfloat)p->max_level; return true;
	case GL_TEXTURE_IMMUTABLE_FORMAT: *out = t->immutable; return true;
	case GL_TEXTURE_IMMUTABLE_LEVELS: *out = (GLfloat)t->immutable_levels; return true;
	case GL_REQUIRED_TEXTURE_IMAGE_UNITS_OES:
		*out = 1;
		return t->target == GL_TEXTURE_EXTERNAL_OES;
	}
	return false;
}

static bool get_tex_parameter(GLenum target, GLenum pname, GLfloat *out)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture *t;

	if (!ctx)
		return false;
	if (!vgl_texture_target_valid(ctx, target)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return false;
	}
	t = vgl_texture_bound(ctx, target);
	if (t && !get_param(ctx, t, pname, out)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return false;
	}
	return t != NULL;
}

static void GL_APIENTRY vgl_GetTexParameterfv(GLenum target, GLenum pname, GLfloat *params)
{
	GLfloat v;

	if (get_tex_parameter(target, pname, &v) && params)
		*params = v;
}

static void GL_APIENTRY vgl_GetTexParameteriv(GLenum target, GLenum pname, GLint *params)
{
	GLfloat v;

	if (get_tex_parameter(target, pname, &v) && params)
		*params = (GLint)lroundf(v);
}

const struct vgl_proc vgl_texture_param_procs[] = {
	VGL_PROC(TexParameteri), VGL_PROC(TexParameterf), VGL_PROC(TexParameteriv),
	VGL_PROC(TexParameterfv), VGL_PROC(GetTexParameteriv), VGL_PROC(GetTexParameterfv),
	{ NULL, NULL },
};
