/* SPDX-License-Identifier: MIT */
/*
 * glGetTexLevelParameter{iv,fv} (ES 3.1 §8.10.3): the size and format of
 * one level of one face, from the level spec the texture object keeps
 * (vgl_texture.h). A level without an image reads as the state table's
 * initial values (ES 3.1 table 20.10): sizes 0, types GL_NONE, format
 * GL_RGBA. Only a multisample texture (vgl_texture_ms.c) has samples; the
 * locations of every other are fixed.
 */
#include <GLES3/gl31.h>

#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_texture.h"
#include "vgl_texture_image.h"

/* log2 of the largest size of the target: the level bound of the query */
GLint vgl_texture_max_level(const struct vgl_context *ctx, GLenum tt)
{
	const VkPhysicalDeviceLimits *l = &ctx->dev->props.limits;
	uint32_t max = tt == GL_TEXTURE_3D ? l->maxImageDimension3D : l->maxImageDimension2D;
	GLint n = 0;

	while (max >>= 1)
		n++;
	return n;
}

/* The target's texture and face, or false: not a target of the query (or
 * not one of the context's). */
static bool level_target(const struct vgl_context *ctx, GLenum target, GLenum *tt,
			 uint32_t *face)
{
	if (target == GL_TEXTURE_BUFFER_EXT) {
		*tt = target;
		*face = 0;
		return vgl_ext_on(ctx, VGL_EXT_EXT_texture_buffer);
	}
	if (target == GL_TEXTURE_3D || target == GL_TEXTURE_2D_ARRAY ||
	    vgl_texture_target_ms(target) || target == GL_TEXTURE_CUBE_MAP_ARRAY_EXT) {
		*tt = target;
		*face = 0;
	} else if (!vgl_texture_face(target, tt, face)) {
		return false;
	}
	return vgl_texture_target_valid(ctx, *tt);
}

/* A channel's bits, in the order of GL_TEXTURE_RED_SIZE ... STENCIL_SIZE; -1: no size pname. */
static int size_channel(GLenum pname)
{
	switch (pname) {
	case GL_TEXTURE_RED_SIZE: return 0;
	case GL_TEXTURE_GREEN_SIZE: return 1;
	case GL_TEXTURE_BLUE_SIZE: return 2;
	case GL_TEXTURE_ALPHA_SIZE: return 3;
	case GL_TEXTURE_DEPTH_SIZE: return 4;
	case GL_TEXTURE_STENCIL_SIZE: return 5;
	default: return -1;
	}
}

/* The channel of a _TYPE pname; -1: none. */
static int type_channel(GLenum pname)
{
	switch (pname) {
	case GL_TEXTURE_RED_TYPE: return 0;
	case GL_TEXTURE_GREEN_TYPE: return 1;
	case GL_TEXTURE_BLUE_TYPE: return 2;
	case GL_TEXTURE_ALPHA_TYPE: return 3;
	case GL_TEXTURE_DEPTH_TYPE: return 4;
	default: return -1;
	}
}

/* The format's part of the answer; false: pname is not one of them. */
static bool format_value(const struct vgl_tex_level *lv, GLenum pname, GLint *v)
{
	const struct vgl_pixel_format *f = lv->width ? lv->fmt : NULL;
	int ch = size_channel(pname), tch = type_channel(pname);

	if (ch >= 0)
		*v = f ? f->bits[ch] : 0;
	else if (tch >= 0)
		*v = f && f->bits[tch] ? (GLint)vgl_pixel_component_type(f) : GL_NONE;
	else if (pname == GL_TEXTURE_SHARED_SIZE)
		*v = f && f->vk == VK_FORMAT_E5B9G9R9_UFLOAT_PACK32 ? 5 : 0;
	else if (pname == GL_TEXTURE_INTERNAL_FORMAT)
		*v = f ? (GLint)lv->internal_format : GL_RGBA;
	else if (pname == GL_TEXTURE_COMPRESSED)
		*v = f && vgl_tex_compressed(lv->internal_format);
	else
		return false;
	return true;
}

/* The level's value of pname; false: not a pname of the query. */
static bool level_value(const struct vgl_texture *t, const struct vgl_tex_level *lv,
			GLenum pname, GLint *v)
{
	bool ms = vgl_texture_target_ms(t->target) && lv->width;

	switch (pname) {
	case GL_TEXTURE_WIDTH: *v = lv->width; return true;
	case GL_TEXTURE_HEIGHT: *v = lv->width ? lv->height : 0; return true;
	case GL_TEXTURE_DEPTH: *v = lv->width ? lv->depth : 0; return true;
	case GL_TEXTURE_SAMPLES: *v = ms ? (GLint)t->samples : 0; return true;
	case GL_TEXTURE_FIXED_SAMPLE_LOCATIONS: *v = ms ? t->fixed_locations : GL_TRUE; return true;
	/* EXT_texture_buffer's pnames read 0 on textures of other targets */
	case GL_TEXTURE_BUFFER_DATA_STORE_BINDING_EXT: case GL_TEXTURE_BUFFER_OFFSET_EXT:
	case GL_TEXTURE_BUFFER_SIZE_EXT:
		*v = 0;
		return true;
	default: return format_value(lv, pname, v);
	}
}

/* Whether pname is one the context knows: EXT_texture_buffer's need it on. */
static bool pname_known(const struct vgl_context *ctx, GLenum pname)
{
	return (pname != GL_TEXTURE_BUFFER_DATA_STORE_BINDING_EXT &&
		pname != GL_TEXTURE_BUFFER_OFFSET_EXT && pname != GL_TEXTURE_BUFFER_SIZE_EXT) ||
	       vgl_ext_on(ctx, VGL_EXT_EXT_texture_buffer);
}

/* Writes the value to out; false (the GL error raised) when the call fails. */
static bool get_level_parameter(GLenum target, GLint level, GLenum pname, GLint *out)
{
	static const struct vgl_tex_level none;
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_texture *t;
	GLenum tt;
	uint32_t face;

	if (!vgl_es31_call(ctx))
		return false;
	if (!level_target(ctx, target, &tt, &face) || !pname_known(ctx, pname)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return false;
	}
	/* a buffer texture has one level */
	if (level < 0 || level > (tt == GL_TEXTURE_BUFFER_EXT ? 0 : vgl_texture_max_level(ctx, tt))) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return false;
	}
	t = vgl_texture_bound(ctx, tt);
	if (!t)
		return false;
	/* levels past the ones a texture keeps can hold no image */
	if (tt == GL_TEXTURE_BUFFER_EXT ? !vgl_texture_buffer_level_value(t, pname, out) :
	    !level_value(t, level < VGL_MAX_LEVELS ? &t->level[face][level] : &none, pname, out)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return false;
	}
	return true;
}

static void GL_APIENTRY vgl_GetTexLevelParameteriv(GLenum target, GLint level, GLenum pname,
						   GLint *params)
{
	get_level_parameter(target, level, pname, params);
}

static void GL_APIENTRY vgl_GetTexLevelParameterfv(GLenum target, GLint level, GLenum pname,
						   GLfloat *params)
{
	GLint v;

	/* a failed call leaves params alone */
	if (get_level_parameter(target, level, pname, &v))
		*params = (GLfloat)v;
}

const struct vgl_proc vgl_texture_level_procs[] = {
	VGL_PROC(GetTexLevelParameteriv), VGL_PROC(GetTexLevelParameterfv),
	{ NULL, NULL },
};
