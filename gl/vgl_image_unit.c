/* SPDX-License-Identifier: MIT */
#include "vgl_image_unit.h"

#include "glsl_types.h"
#include "vgl_batch.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_texture.h"

/* ES 3.1 table 8.27 (the formats an image unit takes) with their Vulkan
 * format and texel size, in enum vc_format's order so that a shader's
 * format qualifier maps by index; then NV_image_formats' (its 16-bit
 * normalized ones with EXT_texture_norm16 too). */
enum { CORE, NV, NV_NORM16 };

static const struct {
	GLenum gl;
	VkFormat vk;
	uint8_t bytes;
	uint8_t ext;
} formats[] = {
	{ GL_NONE, VK_FORMAT_UNDEFINED, 0, CORE },
	{ GL_RGBA32F, VK_FORMAT_R32G32B32A32_SFLOAT, 16, CORE },
	{ GL_RGBA16F, VK_FORMAT_R16G16B16A16_SFLOAT, 8, CORE },
	{ GL_R32F, VK_FORMAT_R32_SFLOAT, 4, CORE },
	{ GL_RGBA8, VK_FORMAT_R8G8B8A8_UNORM, 4, CORE },
	{ GL_RGBA8_SNORM, VK_FORMAT_R8G8B8A8_SNORM, 4, CORE },
	{ GL_RGBA32I, VK_FORMAT_R32G32B32A32_SINT, 16, CORE },
	{ GL_RGBA16I, VK_FORMAT_R16G16B16A16_SINT, 8, CORE },
	{ GL_RGBA8I, VK_FORMAT_R8G8B8A8_SINT, 4, CORE },
	{ GL_R32I, VK_FORMAT_R32_SINT, 4, CORE },
	{ GL_RGBA32UI, VK_FORMAT_R32G32B32A32_UINT, 16, CORE },
	{ GL_RGBA16UI, VK_FORMAT_R16G16B16A16_UINT, 8, CORE },
	{ GL_RGBA8UI, VK_FORMAT_R8G8B8A8_UINT, 4, CORE },
	{ GL_R32UI, VK_FORMAT_R32_UINT, 4, CORE },
	{ GL_RG32F, VK_FORMAT_R32G32_SFLOAT, 8, NV },
	{ GL_RG16F, VK_FORMAT_R16G16_SFLOAT, 4, NV },
	{ GL_R16F, VK_FORMAT_R16_SFLOAT, 2, NV },
	{ GL_RG32I, VK_FORMAT_R32G32_SINT, 8, NV },
	{ GL_RG32UI, VK_FORMAT_R32G32_UINT, 8, NV },
	{ GL_R11F_G11F_B10F, VK_FORMAT_B10G11R11_UFLOAT_PACK32, 4, NV },
	{ GL_RGBA16_EXT, VK_FORMAT_R16G16B16A16_UNORM, 8, NV_NORM16 },
	{ GL_RGB10_A2, VK_FORMAT_A2B10G10R10_UNORM_PACK32, 4, NV },
	{ GL_RG16_EXT, VK_FORMAT_R16G16_UNORM, 4, NV_NORM16 },
	{ GL_RG8, VK_FORMAT_R8G8_UNORM, 2, NV },
	{ GL_R16_EXT, VK_FORMAT_R16_UNORM, 2, NV_NORM16 },
	{ GL_R8, VK_FORMAT_R8_UNORM, 1, NV },
	{ GL_RGBA16_SNORM_EXT, VK_FORMAT_R16G16B16A16_SNORM, 8, NV_NORM16 },
	{ GL_RG16_SNORM_EXT, VK_FORMAT_R16G16_SNORM, 4, NV_NORM16 },
	{ GL_RG8_SNORM, VK_FORMAT_R8G8_SNORM, 2, NV },
	{ GL_R16_SNORM_EXT, VK_FORMAT_R16_SNORM, 2, NV_NORM16 },
	{ GL_R8_SNORM, VK_FORMAT_R8_SNORM, 1, NV },
	{ GL_RG16I, VK_FORMAT_R16G16_SINT, 4, NV },
	{ GL_RG8I, VK_FORMAT_R8G8_SINT, 2, NV },
	{ GL_R16I, VK_FORMAT_R16_SINT, 2, NV },
	{ GL_R8I, VK_FORMAT_R8_SINT, 1, NV },
	{ GL_RGB10_A2UI, VK_FORMAT_A2B10G10R10_UINT_PACK32, 4, NV },
	{ GL_RG16UI, VK_FORMAT_R16G16_UINT, 4, NV },
	{ GL_RG8UI, VK_FORMAT_R8G8_UINT, 2, NV },
	{ GL_R16UI, VK_FORMAT_R16_UINT, 2, NV },
	{ GL_R8UI, VK_FORMAT_R8_UINT, 1, NV },
};

#define NR_FORMATS (sizeof(formats) / sizeof(formats[0]))
_Static_assert(NR_FORMATS == VGL_IMAGE_FORMATS, "a null image per format row");
_Static_assert(NR_FORMATS == VC_FMT_COUNT, "a row per format qualifier");

GLenum vgl_image_gl_format(unsigned vc_format)
{
	return vc_format < NR_FORMATS ? formats[vc_format].gl : GL_NONE;
}

/* The row of a GL format; 0 (GL_NONE's) when the table lacks it. */
static unsigned format_row(GLenum f)
{
	for (unsigned i = 1; i < NR_FORMATS; i++)
		if (formats[i].gl == f)
			return i;
	return 0;
}

static bool host_stores(const struct vgl_context *ctx, VkFormat f)
{
	VkFormatProperties p;

	vvk_GetPhysicalDeviceFormatProperties(ctx->dev->pdev, f, &p);
	return (p.optimalTilingFeatures & VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT) != 0;
}

/* A format of the table the context's extensions allow. */
static bool format_valid(const struct vgl_context *ctx, GLenum f)
{
	unsigned row = format_row(f);

	if (!row || formats[row].ext == CORE)
		return row != 0;
	return vgl_ext_on(ctx, VGL_EXT_NV_image_formats) &&
	       (formats[row].ext != NV_NORM16 || vgl_ext_on(ctx, VGL_EXT_EXT_texture_norm16)) &&
	       host_stores(ctx, formats[row].vk);
}

/* NV_image_formats (vgl_extensions.c): the host stores to each of its
 * formats but the 16-bit normalized ones (EXT_texture_norm16's: a unit
 * takes those where the host stores them, format_valid). */
bool vgl_image_nv_formats_stored(const struct vgl_context *ctx)
{
	for (unsigned i = 1; i < NR_FORMATS; i++)
		if (formats[i].ext == NV && !host_stores(ctx, formats[i].vk))
			return false;
	return true;
}

GLenum vgl_image_gl_type(const void *glsl_type)
{
	static const GLenum types[][6] = {
		/* 2D, 3D, cube, 2D array, cube array, buffer; float, int, uint */
		{ GL_IMAGE_2D, GL_IMAGE_3D, GL_IMAGE_CUBE, GL_IMAGE_2D_ARRAY,
		  GL_IMAGE_CUBE_MAP_ARRAY_EXT, GL_IMAGE_BUFFER_EXT },
		{ GL_INT_IMAGE_2D, GL_INT_IMAGE_3D, GL_INT_IMAGE_CUBE, GL_INT_IMAGE_2D_ARRAY,
		  GL_INT_IMAGE_CUBE_MAP_ARRAY_EXT, GL_INT_IMAGE_BUFFER_EXT },
		{ GL_UNSIGNED_INT_IMAGE_2D, GL_UNSIGNED_INT_IMAGE_3D, GL_UNSIGNED_INT_IMAGE_CUBE,
		  GL_UNSIGNED_INT_IMAGE_2D_ARRAY, GL_UNSIGNED_INT_IMAGE_CUBE_MAP_ARRAY_EXT,
		  GL_UNSIGNED_INT_IMAGE_BUFFER_EXT },
	};
	const struct glsl_type *t = glsl_type;
	unsigned base = t->base == GLSL_BASE_INT ? 1 : t->base == GLSL_BASE_UINT ? 2 : 0;
	unsigned dim = t->dim == GLSL_DIM_3D ? 1 : t->dim == GLSL_DIM_CUBE ? 2 : 0;

	if (t->arrayed)
		dim = t->dim == GLSL_DIM_CUBE ? 4 : 3;
	if (t->dim == GLSL_DIM_BUFFER)
		dim = 5;

	return types[base][dim];
}

/* ---- glBindImageTexture ---------------------------------------------------------------- */

static uint32_t unit_count(const struct vgl_context *ctx)
{
	return ctx->dev->limits.image_units;
}

/* ES 3.1 §8.22's errors, in its order; the texture (NULL for 0) in *out. */
static GLenum bind_error(struct vgl_context *ctx, GLuint unit, GLuint texture, GLint level,
			 GLint layer, GLenum access, GLenum format, struct vgl_texture **out)
{
	*out = NULL;
	if (unit >= unit_count(ctx))
		return GL_INVALID_VALUE;
	if (texture && !(*out = vgl_texture_lookup(ctx, texture)))
		return GL_INVALID_VALUE;
	if (level < 0 || layer < 0)
		return GL_INVALID_VALUE;
	if (access != GL_READ_ONLY && access != GL_WRITE_ONLY && access != GL_READ_WRITE)
		return GL_INVALID_ENUM;
	if (!format_valid(ctx, format))
		return GL_INVALID_VALUE;
	/* a buffer texture has no storage to make immutable (EXT_texture_buffer) */
	if (*out && !(*out)->immutable && (*out)->target != GL_TEXTURE_BUFFER_EXT)
		return GL_INVALID_OPERATION;
	return GL_NO_ERROR;
}

static void GL_APIENTRY vgl_BindImageTexture(GLuint unit, GLuint texture, GLint level,
					     GLboolean layered, GLint layer, GLenum access,
					     GLenum format)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture *t;
	struct vgl_image_unit *u;
	GLenum err;

	if (!vgl_es31_call(ctx))
		return;
	err = bind_error(ctx, unit, texture, level, layer, access, format, &t);
	if (err != GL_NO_ERROR) {
		vgl_error(ctx, err);
		return;
	}
	u = &ctx->images.unit[unit];
	vgl_texture_ref(t);
	vgl_texture_unref(u->texture);
	*u = (struct vgl_image_unit){ t, level, layer, layered ? GL_TRUE : GL_FALSE, access, format };
	/* a draw's set names the views of the units (a dispatch makes its own) */
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
}

/* ---- queries ---------------------------------------------------------------------------- */

int vgl_image_unit_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index,
			       GLint64 *out)
{
	const struct vgl_image_unit *u;

	if (!vgl_context_es31(ctx) || target < GL_IMAGE_BINDING_NAME ||
	    target > GL_IMAGE_BINDING_FORMAT)
		return -1;
	if (index >= unit_count(ctx)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return 0;
	}
	u = &ctx->images.unit[index];
	switch (target) {
	case GL_IMAGE_BINDING_NAME: *out = u->texture ? u->texture->name : 0; return 1;
	case GL_IMAGE_BINDING_LEVEL: *out = u->level; return 1;
	case GL_IMAGE_BINDING_LAYERED: *out = u->layered; return 1;
	case GL_IMAGE_BINDING_LAYER: *out = u->layer; return 1;
	case GL_IMAGE_BINDING_ACCESS: *out = u->access ? u->access : GL_READ_ONLY; return 1;
	case GL_IMAGE_BINDING_FORMAT: *out = u->format ? u->format : GL_R32UI; return 1;
	}
	return -1;
}

bool vgl_image_unit_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	const struct vgl_limits *l = &ctx->dev->limits;

	if (!vgl_context_es31(ctx))
		return false;
	switch (pname) {
	case GL_MAX_IMAGE_UNITS: *out = l->image_units; return true;
	case GL_MAX_COMPUTE_IMAGE_UNIFORMS:
	case GL_MAX_COMBINED_IMAGE_UNIFORMS: *out = l->stage_images; return true;
	case GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES: *out = l->output_resources; return true;
	case GL_MAX_FRAGMENT_IMAGE_UNIFORMS: *out = l->fragment_images; return true;
	/* the host's other-stage slots (vgl_linked_storage.c) */
	case GL_MAX_VERTEX_IMAGE_UNIFORMS: *out = l->vertex_images; return true;
	}
	return false;
}

/* ---- the descriptor --------------------------------------------------------------------- */

/* The view type an image of GL type `type` reads: a 3D, cube or array
 * image spans the layers, a 2D image is one layer (or a 2D texture). */
static VkImageViewType view_type(GLenum type)
{
	switch (type) {
	case GL_IMAGE_3D: case GL_INT_IMAGE_3D: case GL_UNSIGNED_INT_IMAGE_3D:
		return VK_IMAGE_VIEW_TYPE_3D;
	case GL_IMAGE_CUBE: case GL_INT_IMAGE_CUBE: case GL_UNSIGNED_INT_IMAGE_CUBE:
		return VK_IMAGE_VIEW_TYPE_CUBE;
	case GL_IMAGE_2D_ARRAY: case GL_INT_IMAGE_2D_ARRAY: case GL_UNSIGNED_INT_IMAGE_2D_ARRAY:
		return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
	case GL_IMAGE_CUBE_MAP_ARRAY_EXT: case GL_INT_IMAGE_CUBE_MAP_ARRAY_EXT:
	case GL_UNSIGNED_INT_IMAGE_CUBE_MAP_ARRAY_EXT:
		return VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
	default:
		return VK_IMAGE_VIEW_TYPE_2D;
	}
}

/* The texture's view type when all its layers are bound (GL's layered). */
static VkImageViewType texture_view_type(const struct vgl_texture *t)
{
	switch (t->target) {
	case GL_TEXTURE_3D: return VK_IMAGE_VIEW_TYPE_3D;
	case GL_TEXTURE_CUBE_MAP: return VK_IMAGE_VIEW_TYPE_CUBE;
	case GL_TEXTURE_2D_ARRAY: return VK_IMAGE_VIEW_TYPE_2D_ARRAY;
	case GL_TEXTURE_CUBE_MAP_ARRAY_EXT: return VK_IMAGE_VIEW_TYPE_CUBE_ARRAY;
	default: return VK_IMAGE_VIEW_TYPE_2D;
	}
}

/* The view of the unit's level: all layers (slices) of a layered binding
 * for a 3D, cube or array image; one layer (slice) of the texture for a 2D
 * image, none of a 2D texture. false: the binding does not fit the image. */
static bool unit_view(const struct vgl_image_unit *u, const struct vgl_tex_storage *s,
		      VkImageViewType want, struct vgl_tex_view *v)
{
	uint32_t level = (uint32_t)u->level;
	uint32_t layers = s->is_3d ? vgl_tex_level_size(s->depth, level) : s->layers;

	*v = (struct vgl_tex_view){ .type = want, .base_level = level, .levels = 1, .layers = 1 };
	if (want != VK_IMAGE_VIEW_TYPE_2D) {
		v->layers = s->is_3d ? 1 : s->layers;
		return u->layered;
	}
	if (layers == 1)
		return true;
	v->layer = (uint32_t)u->layer;
	return !u->layered && v->layer < layers;
}

/* The format the unit's view has: the storage's own (VK_FORMAT_UNDEFINED)
 * for the texture's internal format, the unit's for another of the same
 * texel size (ES 3.1 §8.22's compatibility by size); false: incompatible. */
static bool view_format(const struct vgl_texture *t, const struct vgl_tex_storage *s,
			GLenum format, VkFormat *out)
{
	const struct vgl_pixel_format *f = t->level[0][0].fmt;
	unsigned row = format_row(format);

	*out = VK_FORMAT_UNDEFINED;
	if (!f || !row)
		return false;
	if (f->internal_format == format || formats[row].vk == s->format)
		return true;
	*out = formats[row].vk;
	return f->dst_bpp == formats[row].bytes;
}

/* Whether the unit holds an image an image of `decl` may use, and the
 * format of its view. */
static struct vgl_tex_storage *unit_storage(struct vgl_context *ctx, const struct vgl_image_unit *u,
					    const struct vgl_image_decl *decl, VkFormat *format)
{
	const struct vgl_texture *t = u->texture;
	struct vgl_tex_storage *s = t ? t->storage : NULL;

	if (!s || (GLint)t->immutable_levels <= u->level || (uint32_t)u->level >= s->levels)
		return NULL;
	if (u->format != decl->format || !view_format(t, s, u->format, format))
		return NULL;
	if (u->layered && texture_view_type(t) != view_type(decl->type))
		return NULL;
	return host_stores(ctx, *format ? *format : s->format) ? s : NULL;
}

static unsigned view_index(VkImageViewType t)
{
	return t == VK_IMAGE_VIEW_TYPE_3D ? 1 : t == VK_IMAGE_VIEW_TYPE_CUBE ? 2 :
	       t == VK_IMAGE_VIEW_TYPE_2D_ARRAY ? 3 : 0;
}

/* The 1x1 zeroed image of the declared format and dimension; NULL when the
 * host cannot store to that format (or out of memory). */
static struct vgl_tex_storage *null_image(struct vgl_context *ctx,
					  const struct vgl_image_decl *decl)
{
	unsigned row = format_row(decl->format), i = view_index(view_type(decl->type));
	struct vgl_tex_storage **slot = &ctx->images.null[row][i];

	if (*slot || !row || !host_stores(ctx, formats[row].vk))
		return *slot;
	*slot = vgl_tex_storage_create(ctx->dev, &(struct vgl_tex_storage_info){
		.format = formats[row].vk, .width = 1, .height = 1, .levels = 1, .cube = i == 2,
		.depth = i == 1 ? 1 : 0, .layers = i == 3 ? 1 : 0 });
	if (*slot && vgl_tex_storage_zero_now(ctx->dev, *slot, formats[row].bytes) != VGL_OK) {
		vgl_tex_storage_unref(*slot);
		*slot = NULL;
	}
	return *slot;
}

/* An invalid unit's image: loads read zeros, stores go to the null image. */
static VkDescriptorImageInfo null_descriptor(struct vgl_context *ctx,
					     const struct vgl_image_decl *decl)
{
	VkDescriptorImageInfo out = { .imageLayout = VK_IMAGE_LAYOUT_GENERAL };
	struct vgl_tex_storage *s = null_image(ctx, decl);

	if (!s)
		return out;
	out.imageView = vgl_tex_storage_view(s, &(struct vgl_tex_view){
		.type = view_type(decl->type), .levels = 1, .layers = s->layers });
	if (out.imageView)
		vgl_batch_use(ctx, &s->obj);
	return out;
}

VkDescriptorImageInfo vgl_image_unit_descriptor(struct vgl_context *ctx, uint32_t unit,
						const struct vgl_image_decl *decl)
{
	VkDescriptorImageInfo out = { .imageLayout = VK_IMAGE_LAYOUT_GENERAL };
	const struct vgl_image_unit *u = unit < unit_count(ctx) ? &ctx->images.unit[unit] : NULL;
	VkFormat format = VK_FORMAT_UNDEFINED;
	struct vgl_tex_storage *s = u ? unit_storage(ctx, u, decl, &format) : NULL;
	struct vgl_tex_view v;

	if (!s || !unit_view(u, s, view_type(decl->type), &v))
		return null_descriptor(ctx, decl);
	v.format = format;
	out.imageView = vgl_tex_storage_view(s, &v);
	if (!out.imageView)
		return out;
	vgl_batch_use(ctx, &s->obj);
	/* reads of the texture after this need the GPU's copy */
	s->written = s->written || u->access != GL_READ_ONLY;
	return out;
}

/* A buffer image's view: the unit's buffer texture's range in the unit's
 * format, which must be the declared one; a null view otherwise (the host
 * binds no image there). */
VkBufferView vgl_image_unit_buffer_descriptor(struct vgl_context *ctx, uint32_t unit,
					      const struct vgl_image_decl *decl)
{
	const struct vgl_image_unit *u = unit < unit_count(ctx) ? &ctx->images.unit[unit] : NULL;

	if (!u || !u->texture || u->texture->target != GL_TEXTURE_BUFFER_EXT ||
	    u->format != decl->format || u->level)
		return VK_NULL_HANDLE;
	return vgl_texture_buffer_view(ctx, u->texture, u->format, u->access != GL_READ_ONLY);
}

/* ---- lifetime --------------------------------------------------------------------------- */

void vgl_image_units_forget(struct vgl_context *ctx, const struct vgl_texture *t)
{
	for (int i = 0; i < VGL_MAX_IMAGE_UNITS; i++) {
		if (ctx->images.unit[i].texture != t)
			continue;
		vgl_texture_unref(ctx->images.unit[i].texture);
		ctx->images.unit[i].texture = NULL;
	}
}

void vgl_image_units_release(struct vgl_context *ctx)
{
	for (int i = 0; i < VGL_MAX_IMAGE_UNITS; i++) {
		vgl_texture_unref(ctx->images.unit[i].texture);
		ctx->images.unit[i].texture = NULL;
	}
	for (int f = 0; f < VGL_IMAGE_FORMATS; f++) {
		for (int t = 0; t < VGL_IMAGE_VIEW_TYPES; t++) {
			vgl_tex_storage_unref(ctx->images.null[f][t]);
			ctx->images.null[f][t] = NULL;
		}
	}
}

const struct vgl_proc vgl_image_unit_procs[] = {
	VGL_PROC(BindImageTexture),
	{ NULL, NULL },
};
