/* SPDX-License-Identifier: MIT */
/*
 * ES 3.0 sampler objects (vgl_sampler.h): shared by the share group, bound
 * per texture unit. A bound sampler's state replaces the texture's own at
 * draw time (vgl_texture_sample.c), through the same VkSampler cache.
 */
#include <math.h>
#include <stdlib.h>

#include "vgl_context.h"
#include "vgl_extensions.h"
#include "vgl_procs.h"
#include "vgl_sampler.h"

static void sampler_destroy(struct vgl_object *o)
{
	free(o);
}

static struct vgl_sampler_object *sampler_create(GLuint name)
{
	struct vgl_sampler_object *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	vgl_object_init(&s->obj, sampler_destroy);
	s->change_id = vgl_unique_id();
	s->name = name;
	s->params = (struct vgl_tex_params){
		.wrap_s = GL_REPEAT, .wrap_t = GL_REPEAT, .wrap_r = GL_REPEAT,
		.min_filter = GL_NEAREST_MIPMAP_LINEAR, .mag_filter = GL_LINEAR, .min_lod = -1000,
		.max_lod = 1000, .max_anisotropy = 1, .compare_mode = GL_NONE, .compare_func = GL_LEQUAL,
		.srgb_decode = GL_DECODE_EXT };
	return s;
}

static struct vgl_sampler_object *lookup(struct vgl_context *ctx, GLuint name)
{
	return vgl_names_lookup(&ctx->share->samplers, &ctx->share->lock, name);
}

static struct vgl_names *sampler_space(struct vgl_context *ctx, pthread_mutex_t **lock)
{
	*lock = &ctx->share->lock;
	return &ctx->share->samplers;
}

static void *sampler_make(GLuint name)
{
	return sampler_create(name);
}

static void unbind_units(struct vgl_context *ctx, struct vgl_sampler_object *s)
{
	struct vgl_texture_state *ts = ctx->tex;

	for (int u = 0; ts && u < VGL_MAX_TEXTURE_UNITS; u++)
		if (ts->sampler_units[u] == s) {
			ts->sampler_units[u] = NULL;
			vgl_sampler_object_unref(s);
		}
}

/* GL: deleting a bound sampler unbinds it from this context's units */
static void sampler_gone(struct vgl_context *ctx, void *obj)
{
	unbind_units(ctx, obj);
	vgl_sampler_object_unref(obj);
}

/* ES 3.0 §3.8.2: glGenSamplers makes the objects, not only the names. */
const struct vgl_name_ops vgl_sampler_names = {
	.space = sampler_space, .create = sampler_make, .gone = sampler_gone };

static void GL_APIENTRY vgl_GenSamplers(GLsizei n, GLuint *names)
{
	vgl_names_gen_gl(&vgl_sampler_names, n, names);
}

static void GL_APIENTRY vgl_DeleteSamplers(GLsizei n, const GLuint *names)
{
	vgl_names_delete_gl(&vgl_sampler_names, n, names);
}

static GLboolean GL_APIENTRY vgl_IsSampler(GLuint name)
{
	return vgl_names_is_gl(&vgl_sampler_names, name);
}

static void GL_APIENTRY vgl_BindSampler(GLuint unit, GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture_state *ts;
	struct vgl_sampler_object *s = NULL;

	if (!ctx)
		return;
	if (unit >= VGL_MAX_TEXTURE_UNITS) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	if (name && !(s = lookup(ctx, name))) {
		vgl_error(ctx, GL_INVALID_OPERATION);  /* not a name glGenSamplers made */
		return;
	}
	ts = vgl_texture_state(ctx);
	if (!ts)
		return;
	if (s)
		vgl_object_ref(&s->obj);
	vgl_sampler_object_unref(ts->sampler_units[unit]);
	ts->sampler_units[unit] = s;
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

/* The sampler of a name, or NULL with GL_INVALID_OPERATION. */
static struct vgl_sampler_object *named(struct vgl_context *ctx, GLuint name)
{
	struct vgl_sampler_object *s = name ? lookup(ctx, name) : NULL;

	if (!s)
		vgl_error(ctx, GL_INVALID_OPERATION);
	return s;
}

static void sampler_parameter(GLuint name, GLenum pname, const struct vgl_param_in *in)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_sampler_object *s;
	GLenum err;

	if (!ctx || !(s = named(ctx, name)))
		return;
	err = vgl_sampler_param_set(ctx, &s->params, pname, in);
	if (err != GL_NO_ERROR)
		vgl_error(ctx, err);
	s->change_id = vgl_unique_id();
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

static void GL_APIENTRY vgl_SamplerParameteri(GLuint s, GLenum pname, GLint v)
{
	sampler_parameter(s, pname, &(struct vgl_param_in){ VGL_PARAM_INT, &v, false });
}

static void GL_APIENTRY vgl_SamplerParameterf(GLuint s, GLenum pname, GLfloat v)
{
	sampler_parameter(s, pname, &(struct vgl_param_in){ VGL_PARAM_FLOAT, &v, false });
}

static void GL_APIENTRY vgl_SamplerParameteriv(GLuint s, GLenum pname, const GLint *v)
{
	sampler_parameter(s, pname, &(struct vgl_param_in){ VGL_PARAM_INT, v, true });
}

static void GL_APIENTRY vgl_SamplerParameterfv(GLuint s, GLenum pname, const GLfloat *v)
{
	sampler_parameter(s, pname, &(struct vgl_param_in){ VGL_PARAM_FLOAT, v, true });
}

/* OES_texture_border_clamp: a border colour's integers as given */
static void GL_APIENTRY vgl_SamplerParameterIivOES(GLuint s, GLenum pname, const GLint *v)
{
	sampler_parameter(s, pname, &(struct vgl_param_in){ VGL_PARAM_INT_RAW, v, true });
}

static void GL_APIENTRY vgl_SamplerParameterIuivOES(GLuint s, GLenum pname, const GLuint *v)
{
	sampler_parameter(s, pname, &(struct vgl_param_in){ VGL_PARAM_UINT_RAW, v, true });
}

static void get_sampler_parameter(GLuint name, GLenum pname, enum vgl_param_kind kind, void *out)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_sampler_object *s;

	if (!ctx || !(s = named(ctx, name)))
		return;
	if (!vgl_sampler_param_get(ctx, &s->params, pname, kind, out))
		vgl_error(ctx, GL_INVALID_ENUM);
}

static void GL_APIENTRY vgl_GetSamplerParameteriv(GLuint s, GLenum pname, GLint *params)
{
	get_sampler_parameter(s, pname, VGL_PARAM_INT, params);
}

static void GL_APIENTRY vgl_GetSamplerParameterfv(GLuint s, GLenum pname, GLfloat *params)
{
	get_sampler_parameter(s, pname, VGL_PARAM_FLOAT, params);
}

static void GL_APIENTRY vgl_GetSamplerParameterIivOES(GLuint s, GLenum pname, GLint *params)
{
	get_sampler_parameter(s, pname, VGL_PARAM_INT_RAW, params);
}

static void GL_APIENTRY vgl_GetSamplerParameterIuivOES(GLuint s, GLenum pname, GLuint *params)
{
	get_sampler_parameter(s, pname, VGL_PARAM_UINT_RAW, params);
}

const struct vgl_proc vgl_sampler_procs[] = {
	VGL_PROC(GenSamplers), VGL_PROC(DeleteSamplers), VGL_PROC(IsSampler), VGL_PROC(BindSampler),
	VGL_PROC(SamplerParameteri), VGL_PROC(SamplerParameterf), VGL_PROC(SamplerParameteriv),
	VGL_PROC(SamplerParameterfv), VGL_PROC(GetSamplerParameteriv),
	VGL_PROC(GetSamplerParameterfv), VGL_PROC(SamplerParameterIivOES),
	VGL_PROC(SamplerParameterIuivOES), VGL_PROC(GetSamplerParameterIivOES),
	VGL_PROC(GetSamplerParameterIuivOES), VGL_PROC_EXT(SamplerParameterIiv),
	VGL_PROC_EXT(SamplerParameterIuiv), VGL_PROC_EXT(GetSamplerParameterIiv),
	VGL_PROC_EXT(GetSamplerParameterIuiv),
	{ NULL, NULL },
};
