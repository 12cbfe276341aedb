/* SPDX-License-Identifier: MIT */
/*
 * Texture objects: names, binding to units, completeness, and the draw
 * path's hook (vgl_texture_descriptor). See vgl_texture.h.
 */
#include "vgl_texture.h"

#include <stdlib.h>
#include <string.h>

#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_fbo.h"
#include "vgl_names.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_renderbuffer.h"
#include "vgl_sampler.h"
#include "vgl_texture_blocks.h"

/* ---- objects ------------------------------------------------------------------------- */

static void texture_destroy(struct vgl_object *o)
{
	struct vgl_texture *t = (struct vgl_texture *)o;

	vgl_tex_storage_unref(t->storage);
	vgl_buffer_unref(t->buffer);
	vgl_tex_blocks_free(t);
	free(t);
}

static struct vgl_texture *texture_create(GLuint name, GLenum target)
{
	struct vgl_texture *t = calloc(1, sizeof(*t));
	struct vgl_tex_params *p;

	if (!t)
		return NULL;
	vgl_object_init(&t->obj, texture_destroy);
	vgl_texture_changed(t);
	t->name = name;
	t->target = target;
	p = &t->params;
	p->wrap_s = p->wrap_t = p->wrap_r = GL_REPEAT;
	p->min_filter = GL_NEAREST_MIPMAP_LINEAR;
	if (target == GL_TEXTURE_EXTERNAL_OES) {
		/* OES_EGL_image_external's defaults: no mipmaps, no repeat */
		p->wrap_s = p->wrap_t = p->wrap_r = GL_CLAMP_TO_EDGE;
		p->min_filter = GL_LINEAR;
	}
	p->mag_filter = GL_LINEAR;
	p->min_lod = -1000;
	p->max_lod = 1000;
	p->max_anisotropy = 1;
	p->max_level = 1000;
	p->compare_mode = GL_NONE;
	p->compare_func = GL_LEQUAL;
	p->depth_stencil_mode = GL_DEPTH_COMPONENT;
	p->srgb_decode = GL_DECODE_EXT;
	p->swizzle[0] = GL_RED;
	p->swizzle[1] = GL_GREEN;
	p->swizzle[2] = GL_BLUE;
	p->swizzle[3] = GL_ALPHA;
	return t;
}

static int target_index(const struct vgl_context *ctx, GLenum target)
{
	switch (target) {
	case GL_TEXTURE_2D: return VGL_TEX_2D;
	case GL_TEXTURE_CUBE_MAP: return VGL_TEX_CUBE;
	case GL_TEXTURE_3D: return ctx->major >= 3 ? VGL_TEX_3D : -1;
	case GL_TEXTURE_2D_ARRAY: return ctx->major >= 3 ? VGL_TEX_2D_ARRAY : -1;
	case GL_TEXTURE_EXTERNAL_OES:
		return vgl_ext_on(ctx, VGL_EXT_OES_EGL_image_external) ? VGL_TEX_EXTERNAL : -1;
	case GL_TEXTURE_2D_MULTISAMPLE: return vgl_context_es31(ctx) ? VGL_TEX_2D_MS : -1;
	case GL_TEXTURE_CUBE_MAP_ARRAY_EXT:
		return vgl_ext_on(ctx, VGL_EXT_EXT_texture_cube_map_array) ? VGL_TEX_CUBE_ARRAY : -1;
	case GL_TEXTURE_BUFFER_EXT:
		return vgl_ext_on(ctx, VGL_EXT_EXT_texture_buffer) ? VGL_TEX_BUFFER : -1;
	case GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES:
		return vgl_ext_on(ctx, VGL_EXT_OES_texture_storage_multisample_2d_array)
			       ? VGL_TEX_2D_MS_ARRAY : -1;
	}
	return -1;
}

/* A target of the image functions: a buffer texture has no images, so
 * glTex*Image*, glTexStorage*, glTexParameter*, glGenerateMipmap, ... refuse
 * GL_TEXTURE_BUFFER (INVALID_ENUM) while glBindTexture takes it. */
bool vgl_texture_target_valid(const struct vgl_context *ctx, GLenum target)
{
	int index = target_index(ctx, target);

	return index >= 0 && index != VGL_TEX_BUFFER;
}

static const GLenum index_target[VGL_TEX_TARGET_COUNT] = {
	GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_3D, GL_TEXTURE_2D_ARRAY,
	GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_CUBE_MAP_ARRAY_EXT,
	GL_TEXTURE_BUFFER_EXT, GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES };

/* ---- per-context state ---------------------------------------------------------------- */

struct vgl_texture_state *vgl_texture_state(struct vgl_context *ctx)
{
	struct vgl_texture_state *ts = ctx->tex;

	if (ts)
		return ts;
	ts = calloc(1, sizeof(*ts));
	if (ts) {
		ts->samplers = vgl_sampler_cache_create();
		ts->fbos = calloc(1, sizeof(*ts->fbos));
	}
	if (!ts || !ts->samplers || !ts->fbos) {
		if (ts) {
			free(ts->samplers);
			free(ts->fbos);
		}
		free(ts);
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return NULL;
	}
	ctx->tex = ts;
	return ts;
}

void vgl_texture_state_destroy(struct vgl_context *ctx)
{
	struct vgl_texture_state *ts = ctx->tex;

	if (!ts)
		return;
	vgl_fbo_destroy_all(ctx);
	for (int u = 0; u < VGL_MAX_TEXTURE_UNITS; u++)
		for (int i = 0; i < VGL_TEX_TARGET_COUNT; i++)
			vgl_texture_unref(ts->units[u][i]);
	for (int i = 0; i < VGL_TEX_TARGET_COUNT; i++) {
		vgl_texture_unref(ts->defaults[i]);
		vgl_tex_storage_unref(ts->black[i]);
	}
	for (int u = 0; u < VGL_MAX_TEXTURE_UNITS; u++)
		vgl_sampler_object_unref(ts->sampler_units[u]);
	vgl_renderbuffer_unref(ts->renderbuffer);
	free(ts->draw_fb);
	free(ts->draw_fb0);
	vgl_sampler_cache_destroy(ctx->dev, ts->samplers);
	vgl_names_finish(ts->fbos);
	free(ts->fbos);
	free(ts);
	ctx->tex = NULL;
}

/* The share group's namespaces hold one reference of each object. */
static void release_texture(void *obj)
{
	vgl_texture_unref(obj);
}

static void release_renderbuffer(void *obj)
{
	vgl_renderbuffer_unref(obj);
}

static void release_sampler(void *obj)
{
	vgl_sampler_object_unref(obj);
}

void vgl_texture_share_finish(struct vgl_share *share)
{
	vgl_names_drain(&share->textures, release_texture);
	vgl_names_drain(&share->renderbuffers, release_renderbuffer);
	vgl_names_drain(&share->samplers, release_sampler);
}

/* The texture a unit uses for a target: the bound one or the default. */
static struct vgl_texture *unit_texture(struct vgl_texture_state *ts, uint32_t unit, int index)
{
	struct vgl_texture *t = ts->units[unit][index];

	if (t)
		return t;
	if (!ts->defaults[index])
		ts->defaults[index] = texture_create(0, index_target[index]);
	return ts->defaults[index];
}

struct vgl_texture *vgl_texture_bound(struct vgl_context *ctx, GLenum target)
{
	int index = target_index(ctx, target);
	struct vgl_texture_state *ts = index >= 0 ? vgl_texture_state(ctx) : NULL;

	if (!ts)
		return NULL;
	return unit_texture(ts, ts->active, index);
}

struct vgl_texture *vgl_texture_lookup(struct vgl_context *ctx, GLuint name)
{
	return vgl_names_lookup(&ctx->share->textures, &ctx->share->lock, name);
}

bool vgl_texture_face(GLenum target, GLenum *tex_target, uint32_t *face)
{
	if (target == GL_TEXTURE_2D) {
		*tex_target = GL_TEXTURE_2D;
		*face = 0;
		return true;
	}
	if (target >= GL_TEXTURE_CUBE_MAP_POSITIVE_X && target <= GL_TEXTURE_CUBE_MAP_NEGATIVE_Z) {
		*tex_target = GL_TEXTURE_CUBE_MAP;
		*face = target - GL_TEXTURE_CUBE_MAP_POSITIVE_X;
		return true;
	}
	return false;
}

/* ---- entry points ---------------------------------------------------------------------- */

static struct vgl_names *texture_space(struct vgl_context *ctx, pthread_mutex_t **lock)
{
	*lock = &ctx->share->lock;
	return &ctx->share->textures;
}

/* GL: a deleted texture is unbound from this context's units and bound FBOs. */
static void unbind_everywhere(struct vgl_context *ctx, struct vgl_texture *t)
{
	struct vgl_texture_state *ts = ctx->tex;

	if (!ts)
		return;
	for (int u = 0; u < VGL_MAX_TEXTURE_UNITS; u++)
		for (int i = 0; i < VGL_TEX_TARGET_COUNT; i++)
			if (ts->units[u][i] == t) {
				ts->units[u][i] = NULL;
				vgl_texture_unref(t);
			}
	vgl_fbo_detach(ctx, t, NULL);
	vgl_image_units_forget(ctx, t);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

static void texture_gone(struct vgl_context *ctx, void *obj)
{
	unbind_everywhere(ctx, obj);
	vgl_texture_unref(obj);
}

const struct vgl_name_ops vgl_texture_names = { .space = texture_space, .gone = texture_gone };

static void GL_APIENTRY vgl_GenTextures(GLsizei n, GLuint *names)
{
	vgl_names_gen_gl(&vgl_texture_names, n, names);
}

static void GL_APIENTRY vgl_DeleteTextures(GLsizei n, const GLuint *names)
{
	vgl_names_delete_gl(&vgl_texture_names, n, names);
}

static GLboolean GL_APIENTRY vgl_IsTexture(GLuint name)
{
	/* a name is a texture once bound (ES: glGen alone makes none) */
	return vgl_names_is_gl(&vgl_texture_names, name);
}

/* The object of a name, created with `target` on first bind. */
struct vgl_texture *vgl_texture_lookup_or_create(struct vgl_context *ctx, GLuint name,
						 GLenum target)
{
	struct vgl_texture *t;

	pthread_mutex_lock(&ctx->share->lock);
	t = vgl_names_get(&ctx->share->textures, name);
	if (!t) {
		t = texture_create(name, target);
		if (t && !vgl_names_set(&ctx->share->textures, name, t)) {
			texture_destroy(&t->obj);
			t = NULL;
		}
	}
	pthread_mutex_unlock(&ctx->share->lock);
	/* after the lock: the error's debug callback may call GL */
	if (!t)
		vgl_error(ctx, GL_OUT_OF_MEMORY);
	return t;
}

static void GL_APIENTRY vgl_BindTexture(GLenum target, GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture_state *ts;
	struct vgl_texture *t = NULL, **slot;
	int index;

	if (!ctx)
		return;
	index = target_index(ctx, target);
	if (index < 0) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	ts = vgl_texture_state(ctx);
	if (!ts)
		return;
	if (name) {
		t = vgl_texture_lookup_or_create(ctx, name, target);
		if (!t)
			return;
		if (t->target != target) {
			vgl_error(ctx, GL_INVALID_OPERATION);
			return;
		}
	}
	slot = &ts->units[ts->active][index];
	vgl_texture_ref(t);
	vgl_texture_unref(*slot);
	*slot = t;
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

static void GL_APIENTRY vgl_ActiveTexture(GLenum unit)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture_state *ts;

	if (!ctx)
		return;
	if (unit < GL_TEXTURE0 || unit >= GL_TEXTURE0 + VGL_MAX_TEXTURE_UNITS) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	ts = vgl_texture_state(ctx);
	if (ts)
		ts->active = unit - GL_TEXTURE0;
}

/* ---- queries ------------------------------------------------------------------------------ */

static GLint64 fbo_name(const struct vgl_fbo *f)
{
	return f ? f->name : 0;
}

bool vgl_texture_get(struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	static const struct vgl_texture_state none; /* nothing bound yet: all defaults */
	const struct vgl_texture_state *ts = ctx->tex ? ctx->tex : &none;
	const struct vgl_texture *t;

	switch (pname) {
	case GL_ACTIVE_TEXTURE: *out = GL_TEXTURE0 + ts->active; return true;
	case GL_TEXTURE_BINDING_2D:
		t = ts->units[ts->active][VGL_TEX_2D];
		*out = t ? t->name : 0;
		return true;
	case GL_TEXTURE_BINDING_CUBE_MAP:
		t = ts->units[ts->active][VGL_TEX_CUBE];
		*out = t ? t->name : 0;
		return true;
	case GL_TEXTURE_BINDING_3D:
	case GL_TEXTURE_BINDING_2D_ARRAY:
		if (ctx->major < 3)
			return false;
		t = ts->units[ts->active][pname == GL_TEXTURE_BINDING_3D ? VGL_TEX_3D
									  : VGL_TEX_2D_ARRAY];
		*out = t ? t->name : 0;
		return true;
	case GL_TEXTURE_BINDING_CUBE_MAP_ARRAY_EXT:
		if (!vgl_ext_on(ctx, VGL_EXT_EXT_texture_cube_map_array))
			return false;
		t = ts->units[ts->active][VGL_TEX_CUBE_ARRAY];
		*out = t ? t->name : 0;
		return true;
	case GL_TEXTURE_BINDING_EXTERNAL_OES:
		if (!vgl_ext_on(ctx, VGL_EXT_OES_EGL_image_external))
			return false;
		t = ts->units[ts->active][VGL_TEX_EXTERNAL];
		*out = t ? t->name : 0;
		return true;
	case GL_TEXTURE_BINDING_2D_MULTISAMPLE:
		if (!vgl_context_es31(ctx))
			return false;
		t = ts->units[ts->active][VGL_TEX_2D_MS];
		*out = t ? t->name : 0;
		return true;
	case GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY_OES:
		if (!vgl_ext_on(ctx, VGL_EXT_OES_texture_storage_multisample_2d_array))
			return false;
		t = ts->units[ts->active][VGL_TEX_2D_MS_ARRAY];
		*out = t ? t->name : 0;
		return true;
	case GL_RENDERBUFFER_BINDING: *out = ts->renderbuffer ? ts->renderbuffer->name : 0; return true;
	case GL_TEXTURE_BUFFER_BINDING_EXT: case GL_TEXTURE_BINDING_BUFFER_EXT:
	case GL_MAX_TEXTURE_BUFFER_SIZE_EXT: case GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT_EXT:
		return vgl_texture_buffer_get(ctx, pname, out);
	case GL_FRAMEBUFFER_BINDING: *out = fbo_name(ts->draw_fbo); return true;
	}
	if (ctx->major >= 3 && pname == GL_SAMPLER_BINDING) {
		*out = ts->sampler_units[ts->active] ? ts->sampler_units[ts->active]->name : 0;
		return true;
	}
	if (ctx->major >= 3 && pname == GL_READ_FRAMEBUFFER_BINDING) {
		*out = fbo_name(ts->read_fbo);
		return true;
	}
	return false;
}

const struct vgl_proc vgl_texture_procs[] = {
	VGL_PROC(GenTextures), VGL_PROC(DeleteTextures), VGL_PROC(IsTexture),
	VGL_PROC(BindTexture), VGL_PROC(ActiveTexture),
	{ NULL, NULL },
};
