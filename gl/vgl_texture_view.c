/* SPDX-License-Identifier: MIT */
/*
 * glTextureViewOES / glTextureViewEXT (OES_texture_view, EXT_texture_view;
 * GL 4.3 §8.18's rules with ES's targets and formats).
 *
 * A view is an immutable texture whose storage is a window of its
 * original's (vgl_tex_storage_window): some levels and layers of the same
 * image, read in a format of the same view class. Everything that uses a
 * texture's storage (sampling, attachments, image units, uploads, copies)
 * then reaches the original's texels through the window's first level and
 * layer, and the host reinterprets the bits because its sampler views and
 * surfaces take a format other than the resource's (VIRGL_CAP_TEXTURE_VIEW,
 * which gates the extensions). The window references the original's
 * storage: deleting the original keeps the image while a view lives.
 */
#include <stddef.h>

#include "vgl_context.h"
#include "vgl_extensions.h"
#include "vgl_names.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_texture.h"
#include "vgl_texture_image.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

/* ---- compatibility tables --------------------------------------------------- */

/* Which targets a view of an original's target may have (the spec's
 * "Legal targets" table, the ES ones). */
static const struct { GLenum orig, view[4]; } target_table[] = {
	{ GL_TEXTURE_2D, { GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY } },
	{ GL_TEXTURE_3D, { GL_TEXTURE_3D } },
	{ GL_TEXTURE_CUBE_MAP, { GL_TEXTURE_CUBE_MAP, GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY,
				 GL_TEXTURE_CUBE_MAP_ARRAY_EXT } },
	{ GL_TEXTURE_2D_ARRAY, { GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY, GL_TEXTURE_CUBE_MAP,
				 GL_TEXTURE_CUBE_MAP_ARRAY_EXT } },
	{ GL_TEXTURE_CUBE_MAP_ARRAY_EXT, { GL_TEXTURE_CUBE_MAP, GL_TEXTURE_2D, GL_TEXTURE_2D_ARRAY,
					   GL_TEXTURE_CUBE_MAP_ARRAY_EXT } },
	{ GL_TEXTURE_2D_MULTISAMPLE, { GL_TEXTURE_2D_MULTISAMPLE,
				       GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES } },
	{ GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES, { GL_TEXTURE_2D_MULTISAMPLE,
						 GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES } },
};

/* View classes: uncompressed ones by texel bits, compressed ones from 1000
 * (ETC2/EAC pairs; ASTC: each block size's RGBA and sRGB formats). A format
 * in no class is compatible only with itself. */
enum { CLASS_EAC_R11 = 1000, CLASS_EAC_RG11, CLASS_ETC2_RGB, CLASS_ETC2_RGBA,
       CLASS_ETC2_PUNCH, CLASS_ASTC /* + block size index */ };

static const struct { GLenum format; uint16_t cls; } format_table[] = {
	{ GL_RGBA32F, 128 }, { GL_RGBA32UI, 128 }, { GL_RGBA32I, 128 },
	{ GL_RGB32F, 96 }, { GL_RGB32UI, 96 }, { GL_RGB32I, 96 },
	{ GL_RGBA16F, 64 }, { GL_RG32F, 64 }, { GL_RGBA16UI, 64 }, { GL_RG32UI, 64 },
	{ GL_RGBA16I, 64 }, { GL_RG32I, 64 }, { GL_RGBA16_EXT, 64 }, { GL_RGBA16_SNORM_EXT, 64 },
	{ GL_RGB16F, 48 }, { GL_RGB16UI, 48 }, { GL_RGB16I, 48 },
	{ GL_RGB16_EXT, 48 }, { GL_RGB16_SNORM_EXT, 48 },
	{ GL_RG16F, 32 }, { GL_R11F_G11F_B10F, 32 }, { GL_R32F, 32 }, { GL_RGB10_A2UI, 32 },
	{ GL_RGBA8UI, 32 }, { GL_RG16UI, 32 }, { GL_R32UI, 32 }, { GL_RGBA8I, 32 },
	{ GL_RG16I, 32 }, { GL_R32I, 32 }, { GL_RGB10_A2, 32 }, { GL_RGBA8, 32 },
	{ GL_RGBA8_SNORM, 32 }, { GL_SRGB8_ALPHA8, 32 }, { GL_RGB9_E5, 32 },
	{ GL_RG16_EXT, 32 }, { GL_RG16_SNORM_EXT, 32 },
	{ GL_RGB8, 24 }, { GL_RGB8_SNORM, 24 }, { GL_SRGB8, 24 }, { GL_RGB8UI, 24 },
	{ GL_RGB8I, 24 },
	{ GL_R16F, 16 }, { GL_RG8UI, 16 }, { GL_R16UI, 16 }, { GL_RG8I, 16 }, { GL_R16I, 16 },
	{ GL_RG8, 16 }, { GL_RG8_SNORM, 16 }, { GL_R16_EXT, 16 }, { GL_R16_SNORM_EXT, 16 },
	{ GL_R8UI, 8 }, { GL_R8I, 8 }, { GL_R8, 8 }, { GL_R8_SNORM, 8 },
	{ GL_COMPRESSED_R11_EAC, CLASS_EAC_R11 }, { GL_COMPRESSED_SIGNED_R11_EAC, CLASS_EAC_R11 },
	{ GL_COMPRESSED_RG11_EAC, CLASS_EAC_RG11 },
	{ GL_COMPRESSED_SIGNED_RG11_EAC, CLASS_EAC_RG11 },
	{ GL_COMPRESSED_RGB8_ETC2, CLASS_ETC2_RGB }, { GL_COMPRESSED_SRGB8_ETC2, CLASS_ETC2_RGB },
	{ GL_COMPRESSED_RGBA8_ETC2_EAC, CLASS_ETC2_RGBA },
	{ GL_COMPRESSED_SRGB8_ALPHA8_ETC2_EAC, CLASS_ETC2_RGBA },
	{ GL_COMPRESSED_RGB8_PUNCHTHROUGH_ALPHA1_ETC2, CLASS_ETC2_PUNCH },
	{ GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2, CLASS_ETC2_PUNCH },
};

/* KHR_texture_compression_astc_ldr: the 14 RGBA block sizes from 0x93B0,
 * their sRGB twins 0x20 above */
#define ASTC_RGBA_FIRST 0x93B0
#define ASTC_SRGB_FIRST 0x93D0
#define ASTC_SIZES 14

static unsigned format_class(GLenum format)
{
	if (format >= ASTC_RGBA_FIRST && format < ASTC_RGBA_FIRST + ASTC_SIZES)
		return CLASS_ASTC + (format - ASTC_RGBA_FIRST);
	if (format >= ASTC_SRGB_FIRST && format < ASTC_SRGB_FIRST + ASTC_SIZES)
		return CLASS_ASTC + (format - ASTC_SRGB_FIRST);
	for (size_t i = 0; i < N(format_table); i++)
		if (format_table[i].format == format)
			return format_table[i].cls;
	return 0;
}

static bool formats_compatible(GLenum a, GLenum b)
{
	unsigned ca = format_class(a);

	return a == b || (ca && ca == format_class(b));
}

static bool targets_compatible(GLenum orig, GLenum view)
{
	for (size_t i = 0; i < N(target_table); i++) {
		if (target_table[i].orig != orig)
			continue;
		for (size_t k = 0; k < N(target_table[i].view); k++)
			if (view && target_table[i].view[k] == view)
				return true;
	}
	return false;
}

/* ---- the original's extent ------------------------------------------------- */

static bool layered_target(GLenum target)
{
	return target == GL_TEXTURE_2D_ARRAY || target == GL_TEXTURE_CUBE_MAP_ARRAY_EXT ||
	       target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES;
}

/* TEXTURE_VIEW_NUM_LAYERS: a view's; an immutable texture's layers (array
 * layers, 6 faces, else 1); 0 for a mutable one. */
static GLuint num_layers(const struct vgl_texture *t)
{
	if (t->is_view)
		return t->view_num_layers;
	if (!t->immutable)
		return 0;
	if (layered_target(t->target))
		return (GLuint)t->level[0][0].depth;
	return t->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
}

bool vgl_texture_view_param(const struct vgl_context *ctx, const struct vgl_texture *t,
			    GLenum pname, GLint *v)
{
	if (!vgl_ext_on(ctx, VGL_EXT_OES_texture_view))
		return false;
	switch (pname) {
	case GL_TEXTURE_VIEW_MIN_LEVEL_OES: *v = (GLint)t->view_min_level; return true;
	case GL_TEXTURE_VIEW_NUM_LEVELS_OES: *v = t->immutable ? t->immutable_levels : 0; return true;
	case GL_TEXTURE_VIEW_MIN_LAYER_OES: *v = (GLint)t->view_min_layer; return true;
	case GL_TEXTURE_VIEW_NUM_LAYERS_OES: *v = (GLint)num_layers(t); return true;
	}
	return false;
}

/* ---- the call's checks ------------------------------------------------------- */

struct view_args {
	GLuint texture;
	GLenum target;
	GLuint origtexture;
	GLenum internalformat;
	GLuint minlevel, numlevels, minlayer, numlayers;
	struct vgl_texture *orig;
	const struct vgl_pixel_format *fmt;
};

static GLuint min_u(GLuint a, GLuint b)
{
	return a < b ? a : b;
}

/* The new name: generated, never bound (no object yet). */
static GLenum name_error(struct vgl_context *ctx, GLuint texture)
{
	bool gen, bound;

	if (texture == 0)
		return GL_INVALID_VALUE;
	pthread_mutex_lock(&ctx->share->lock);
	gen = vgl_names_is_gen(&ctx->share->textures, texture);
	bound = vgl_names_get(&ctx->share->textures, texture) != NULL;
	pthread_mutex_unlock(&ctx->share->lock);
	return gen && !bound ? GL_NO_ERROR : GL_INVALID_OPERATION;
}

/* The view's format: of the original's class, and stored in texels of the
 * same size (what lets the host read the same bits). */
static GLenum format_error(struct vgl_context *ctx, struct view_args *a)
{
	const struct vgl_tex_level *lv = &a->orig->level[0][0];

	if (!formats_compatible(lv->internal_format, a->internalformat))
		return GL_INVALID_OPERATION;
	a->fmt = vgl_tex_storage_format(ctx, a->internalformat);
	if (!a->fmt || a->fmt->dst_bpp != lv->fmt->dst_bpp)
		return GL_INVALID_OPERATION;
	/* a divergence: virglrenderer's view of a multisample texture in
	 * another format fails on the host (GL_INVALID_ENUM there, measured on
	 * llvmpipe), which loses the context; refused here instead */
	if (a->orig->samples > 1 && a->fmt->vk != lv->fmt->vk)
		return GL_INVALID_OPERATION;
	return GL_NO_ERROR;
}

/* Layer counts the view's target takes (after clamping), and square cube faces. */
static GLenum shape_error(const struct view_args *a, GLuint given_layers)
{
	const struct vgl_tex_level *lv = &a->orig->level[0][a->minlevel];
	bool cube = a->target == GL_TEXTURE_CUBE_MAP || a->target == GL_TEXTURE_CUBE_MAP_ARRAY_EXT;

	switch (a->target) {
	case GL_TEXTURE_2D: case GL_TEXTURE_3D: case GL_TEXTURE_2D_MULTISAMPLE:
		if (given_layers != 1)
			return GL_INVALID_VALUE;
		break;
	case GL_TEXTURE_CUBE_MAP:
		if (a->numlayers != 6)
			return GL_INVALID_VALUE;
		break;
	case GL_TEXTURE_CUBE_MAP_ARRAY_EXT:
		if (a->numlayers == 0 || a->numlayers % 6)
			return GL_INVALID_VALUE;
		break;
	}
	return cube && lv->width != lv->height ? GL_INVALID_OPERATION : GL_NO_ERROR;
}

/* The spec's errors in its order; a->orig and a->fmt set, the counts clamped. */
static GLenum view_error(struct vgl_context *ctx, struct view_args *a)
{
	GLenum err = name_error(ctx, a->texture);
	GLuint given_layers = a->numlayers;
	GLuint orig_levels, orig_layers;

	if (err != GL_NO_ERROR)
		return err;
	a->orig = vgl_texture_lookup(ctx, a->origtexture);
	if (!a->orig)
		return GL_INVALID_VALUE;
	if (!a->orig->immutable || !a->orig->storage)
		return GL_INVALID_OPERATION;
	if (!targets_compatible(a->orig->target, a->target) ||
	    !vgl_texture_target_valid(ctx, a->target))
		return GL_INVALID_OPERATION;
	err = format_error(ctx, a);
	if (err != GL_NO_ERROR)
		return err;
	orig_levels = (GLuint)a->orig->immutable_levels;
	orig_layers = num_layers(a->orig);
	if (a->minlevel >= orig_levels || a->minlayer >= orig_layers)
		return GL_INVALID_VALUE;
	a->numlevels = min_u(a->numlevels, orig_levels - a->minlevel);
	a->numlayers = min_u(a->numlayers, orig_layers - a->minlayer);
	return shape_error(a, given_layers);
}

/* ---- making the view --------------------------------------------------------- */

/* Level l of the view: the original's level minlevel + l, its layers
 * narrowed to the view's (a 3D level keeps its slices). */
static struct vgl_tex_level view_level(const struct view_args *a, uint32_t l)
{
	const struct vgl_tex_level *o = &a->orig->level[0][a->minlevel + l];
	GLsizei depth = 1;

	if (a->target == GL_TEXTURE_3D)
		depth = o->depth;
	else if (layered_target(a->target))
		depth = (GLsizei)a->numlayers;
	return (struct vgl_tex_level){ .width = o->width, .height = o->height, .depth = depth,
				       .internal_format = a->internalformat, .fmt = a->fmt };
}

static void define_levels(struct vgl_texture *t, const struct view_args *a)
{
	uint32_t faces = a->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;

	/* numlayers 0 (no error for an array target): no images, an
	 * incomplete texture, no host view of no layers */
	if (!a->numlayers)
		return;
	for (uint32_t l = 0; l < a->numlevels; l++)
		for (uint32_t f = 0; f < faces; f++)
			t->level[f][l] = view_level(a, l);
}

static void make_view(struct vgl_context *ctx, struct vgl_texture *t, const struct view_args *a)
{
	struct vgl_tex_storage *s = vgl_tex_storage_window(a->orig->storage,
		&(struct vgl_tex_storage_window){ .format = a->fmt->vk, .min_level = a->minlevel,
			.levels = a->numlevels, .min_layer = a->minlayer,
			.layers = a->target == GL_TEXTURE_3D ? 1 : a->numlayers,
			.array = layered_target(a->target) });

	if (!s) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	define_levels(t, a);
	t->storage = s;
	t->samples = a->orig->samples;
	t->fixed_locations = a->orig->fixed_locations;
	t->immutable = true;
	t->immutable_levels = (GLint)a->numlevels;
	t->is_view = true;
	/* GL 4.3 §8.18: TEXTURE_IMMUTABLE_LEVELS is the original's (piglit's
	 * queries test checks it is) */
	t->view_immutable_levels = a->orig->is_view ? a->orig->view_immutable_levels
						    : a->orig->immutable_levels;
	/* a view of a view: levels and layers counted in the first original */
	t->view_min_level = a->orig->view_min_level + a->minlevel;
	t->view_min_layer = a->orig->view_min_layer + a->minlayer;
	t->view_num_layers = a->numlayers;
	vgl_texture_changed(t);
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

static void GL_APIENTRY vgl_TextureViewOES(GLuint texture, GLenum target, GLuint origtexture,
					   GLenum internalformat, GLuint minlevel,
					   GLuint numlevels, GLuint minlayer, GLuint numlayers)
{
	struct vgl_context *ctx = vgl_current_context();
	struct view_args a = { texture, target, origtexture, internalformat, minlevel, numlevels,
			       minlayer, numlayers, NULL, NULL };
	struct vgl_texture *t;
	GLenum err;

	if (!ctx)
		return;
	/* no such function where the host cannot reinterpret formats */
	err = vgl_ext_on(ctx, VGL_EXT_OES_texture_view) ? view_error(ctx, &a)
						       : GL_INVALID_OPERATION;
	if (err != GL_NO_ERROR) {
		vgl_error(ctx, err);
		return;
	}
	t = vgl_texture_lookup_or_create(ctx, texture, target);
	if (t && t->target == target && !t->storage)
		make_view(ctx, t, &a);
}

const struct vgl_proc vgl_texture_view_procs[] = {
	VGL_PROC(TextureViewOES), VGL_PROC_EXT(TextureView),
	{ NULL, NULL },
};
