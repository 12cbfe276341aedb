/* SPDX-License-Identifier: MIT */
/*
 * Sampling a texture: GL's completeness rules, the view and sampler a
 * complete texture samples through, and vgl_texture_descriptor, which the
 * draw path calls per sampler uniform. Incomplete textures sample a 1x1
 * (0, 0, 0, 1) image (ES 3.0 §3.8.13: "as if ... (0, 0, 0, 1)").
 */
#include <string.h>

#include "vgl_batch.h"
#include "vgl_context.h"
#include "vgl_extensions.h"
#include "vgl_pixel.h"
#include "vgl_sampler.h"
#include "vgl_texture.h"

static bool needs_mips(GLenum min_filter)
{
	return min_filter != GL_NEAREST && min_filter != GL_LINEAR;
}

static bool is_pot(GLsizei v)
{
	return v > 0 && (v & (v - 1)) == 0;
}

static uint32_t log2_floor(uint32_t v)
{
	uint32_t l = 0;

	while (v >>= 1)
		l++;
	return l;
}

/* Whether a level's spec lives in the texture's storage. */
static bool stored(const struct vgl_texture *t, uint32_t level)
{
	return vgl_texture_level_stored(t, 0, level);
}

/* All faces of a level match face 0's spec (cube completeness), which has
 * the size w x h x d. */
static bool faces_match(const struct vgl_texture *t, uint32_t level, GLsizei w, GLsizei h,
			GLsizei d)
{
	uint32_t faces = t->target == GL_TEXTURE_CUBE_MAP ? 6 : 1;
	const struct vgl_tex_level *l0 = &t->level[0][level];

	if (l0->width != w || l0->height != h || l0->depth != d || (faces == 6 && w != h))
		return false;
	for (uint32_t f = 1; f < faces; f++) {
		const struct vgl_tex_level *lf = &t->level[f][level];

		if (lf->width != w || lf->height != h || lf->fmt != l0->fmt)
			return false;
	}
	return true;
}

/* The last level a mipmapped texture samples. */
static uint32_t last_level(const struct vgl_texture *t)
{
	const struct vgl_tex_params *p = &t->params;
	const struct vgl_tex_level *b = &t->level[0][p->base_level];
	GLsizei m = b->width > b->height ? b->width : b->height;
	uint32_t q;

	if (t->target == GL_TEXTURE_3D && b->depth > m)
		m = b->depth;
	q = (uint32_t)p->base_level + log2_floor((uint32_t)m);

	if (q > (uint32_t)p->max_level)
		q = (uint32_t)p->max_level;
	if (t->immutable && q > (uint32_t)t->immutable_levels - 1)
		q = (uint32_t)t->immutable_levels - 1;
	return q < VGL_MAX_LEVELS ? q : VGL_MAX_LEVELS - 1;
}

/* ES 3.1 §8.16: STENCIL_INDEX mode samples the stencil of a format with
 * both; a depth-only or stencil-only format ignores the mode (STENCIL_INDEX8,
 * stored as D24S8, always samples its stencil). */
static bool samples_stencil(const struct vgl_pixel_format *f, const struct vgl_tex_params *p)
{
	return f->bits[5] && (!f->bits[4] || p->depth_stencil_mode == GL_STENCIL_INDEX);
}

static bool filters_ok(const struct vgl_context *ctx, const struct vgl_pixel_format *f,
		       const struct vgl_tex_params *p)
{
	bool linear = p->mag_filter == GL_LINEAR ||
		      (p->min_filter != GL_NEAREST && p->min_filter != GL_NEAREST_MIPMAP_NEAREST);
	bool depth = f->bits[4] != 0;

	/* the stencil is an integer: never filtered (ES 3.1 §8.17) */
	if (samples_stencil(f, p))
		return !linear;
	/* ES 3.0: depth formats filter only when compared */
	if (depth)
		return !linear || p->compare_mode != GL_NONE;
	return !linear || f->filterable ||
	       (f->linear_ext && vgl_ext_on(ctx, (enum vgl_ext)(f->linear_ext - 1)));
}

/* The last level from the base up to which the levels form a mipmap chain. */
static uint32_t chain_end(const struct vgl_texture *t, const struct vgl_tex_level *b)
{
	uint32_t base = (uint32_t)t->params.base_level, q = last_level(t);

	for (uint32_t l = base + 1; l <= q; l++) {
		GLsizei lw = (GLsizei)vgl_tex_level_size((uint32_t)b->width, l - base);
		GLsizei lh = (GLsizei)vgl_tex_level_size((uint32_t)b->height, l - base);
		GLsizei ld = t->target == GL_TEXTURE_3D
				     ? (GLsizei)vgl_tex_level_size((uint32_t)b->depth, l - base)
				     : b->depth;

		if (!faces_match(t, l, lw, lh, ld) || t->level[0][l].fmt != b->fmt ||
		    !stored(t, l))
			return l - 1;
	}
	return q;
}

static bool mips_complete(const struct vgl_texture *t, const struct vgl_tex_level *b)
{
	return chain_end(t, b) == last_level(t);
}

/* Completeness under sampler state p (the texture's own, or a sampler object's
 * with the texture's level range). */
static bool complete(const struct vgl_context *ctx, const struct vgl_texture *t,
		     const struct vgl_tex_params *p)
{
	const struct vgl_tex_level *b;

	/* a multisample texture has one level and is never filtered */
	if (vgl_texture_target_ms(t->target))
		return t->level[0][0].width && stored(t, 0);
	if (p->base_level >= VGL_MAX_LEVELS || p->base_level > p->max_level)
		return false;
	b = &t->level[0][p->base_level];
	if (!b->width || !b->height ||
	    !faces_match(t, (uint32_t)p->base_level, b->width, b->height, b->depth) ||
	    !stored(t, (uint32_t)p->base_level) || !filters_ok(ctx, b->fmt, p))
		return false;
	/* ES 2.0 §3.8.2 (without OES_texture_npot): NPOT textures clamp and do not mipmap */
	if (ctx->major < 3 && !vgl_ext_on(ctx, VGL_EXT_OES_texture_npot) &&
	    (!is_pot(b->width) || !is_pot(b->height)) &&
	    (needs_mips(p->min_filter) || p->wrap_s != GL_CLAMP_TO_EDGE ||
	     p->wrap_t != GL_CLAMP_TO_EDGE))
		return false;
	return !needs_mips(p->min_filter) || mips_complete(t, b);
}

bool vgl_texture_complete(const struct vgl_context *ctx, const struct vgl_texture *t)
{
	return complete(ctx, t, &t->params);
}

/* ---- what a complete texture samples through ------------------------------------------------ */

static VkComponentSwizzle gl_swizzle(GLenum s, VkComponentSwizzle format_swizzle[4])
{
	switch (s) {
	case GL_RED: return format_swizzle[0];
	case GL_GREEN: return format_swizzle[1];
	case GL_BLUE: return format_swizzle[2];
	case GL_ALPHA: return format_swizzle[3];
	case GL_ZERO: return VK_COMPONENT_SWIZZLE_ZERO;
	default: return VK_COMPONENT_SWIZZLE_ONE;
	}
}

/* The format's swizzle (LUMINANCE, ALPHA, RGB) composed with GL_TEXTURE_SWIZZLE_*. */
static VkComponentMapping view_swizzle(const struct vgl_texture *t,
				       const struct vgl_pixel_format *f)
{
	const VkComponentMapping *m = &f->swizzle;
	VkComponentSwizzle fs[4] = { m->r, m->g, m->b, m->a };
	const VkComponentSwizzle ident[4] = { VK_COMPONENT_SWIZZLE_R, VK_COMPONENT_SWIZZLE_G,
					      VK_COMPONENT_SWIZZLE_B, VK_COMPONENT_SWIZZLE_A };
	const GLenum *s = t->params.swizzle;

	for (int i = 0; i < 4; i++)
		if (fs[i] == VK_COMPONENT_SWIZZLE_IDENTITY)
			fs[i] = ident[i];
	return (VkComponentMapping){ gl_swizzle(s[0], fs), gl_swizzle(s[1], fs), gl_swizzle(s[2], fs),
				     gl_swizzle(s[3], fs) };
}

static const VkImageViewType view_types[VGL_TEX_TARGET_COUNT] = {
	VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_VIEW_TYPE_CUBE, VK_IMAGE_VIEW_TYPE_3D,
	VK_IMAGE_VIEW_TYPE_2D_ARRAY, VK_IMAGE_VIEW_TYPE_2D, VK_IMAGE_VIEW_TYPE_2D,
	VK_IMAGE_VIEW_TYPE_CUBE_ARRAY, [VGL_TEX_2D_MS_ARRAY] = VK_IMAGE_VIEW_TYPE_2D_ARRAY };

static VkImageView texture_view(const struct vgl_texture *t, const struct vgl_tex_params *p,
				int index)
{
	uint32_t base = (uint32_t)t->params.base_level;
	/* without mipmapping only the base is sampled, but textureSize and
	 * texelFetch reach the levels above it that GL has */
	uint32_t q = needs_mips(p->min_filter) ? last_level(t) : chain_end(t, &t->level[0][base]);
	const struct vgl_pixel_format *f;

	if (index == VGL_TEX_2D_MS || index == VGL_TEX_2D_MS_ARRAY)
		base = q = 0;
	f = t->level[0][base].fmt;
	return vgl_tex_storage_view(t->storage, &(struct vgl_tex_view){
		.sample_format = p->srgb_decode == GL_SKIP_DECODE_EXT ? vgl_pixel_vk_linear(f->vk)
								       : VK_FORMAT_UNDEFINED,
		.type = view_types[index], .base_level = base, .levels = q - base + 1,
		.layers = t->storage->layers, .swizzle = view_swizzle(t, f),
		.aspect = samples_stencil(f, p) ? VK_IMAGE_ASPECT_STENCIL_BIT : 0 });
}

static VkSamplerAddressMode wrap(GLenum w)
{
	switch (w) {
	case GL_CLAMP_TO_EDGE: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
	case GL_MIRRORED_REPEAT: return VK_SAMPLER_ADDRESS_MODE_MIRRORED_REPEAT;
	case GL_CLAMP_TO_BORDER_OES: return VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_BORDER;
	default: return VK_SAMPLER_ADDRESS_MODE_REPEAT;
	}
}

static VkCompareOp compare_op(GLenum f)
{
	return (VkCompareOp)(f - GL_NEVER); /* GL_NEVER..GL_ALWAYS is VK's order */
}

static bool uses_border(const struct vgl_tex_params *p)
{
	return p->wrap_s == GL_CLAMP_TO_BORDER_OES || p->wrap_t == GL_CLAMP_TO_BORDER_OES ||
	       p->wrap_r == GL_CLAMP_TO_BORDER_OES;
}

static struct vgl_sampler_key sampler_key(const struct vgl_tex_params *p)
{
	struct vgl_sampler_key k;
	GLenum min = p->min_filter;

	memset(&k, 0, sizeof(k));
	k.mag = p->mag_filter == GL_LINEAR ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
	k.min = min == GL_LINEAR || min == GL_LINEAR_MIPMAP_NEAREST || min == GL_LINEAR_MIPMAP_LINEAR
			? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
	k.mip = min == GL_NEAREST_MIPMAP_LINEAR || min == GL_LINEAR_MIPMAP_LINEAR
			? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
	k.wrap[0] = wrap(p->wrap_s);
	k.wrap[1] = wrap(p->wrap_t);
	k.wrap[2] = wrap(p->wrap_r);
	k.min_lod = needs_mips(min) ? p->min_lod : 0;
	/* no mips: λ clamps to 0.25, minifying still picks the min filter, on
	 * the base level (Vulkan's way of saying GL_NEAREST/GL_LINEAR) */
	k.max_lod = needs_mips(min) ? p->max_lod : 0.25f;
	k.compare = p->compare_mode == GL_COMPARE_REF_TO_TEXTURE;
	k.compare_op = k.compare ? compare_op(p->compare_func) : VK_COMPARE_OP_NEVER;
	k.max_anisotropy = p->max_anisotropy;   /* clamped to the limit when set */
	/* the colour only matters where a coordinate clamps to it: other states
	 * share one sampler whatever colour they keep */
	if (uses_border(p))
		memcpy(k.border, p->border.u, sizeof(k.border));
	return k;
}

/* ---- the hook ------------------------------------------------------------------------------- */

static int sampler_target(GLenum type)
{
	switch (type) {
	case GL_SAMPLER_2D: case GL_SAMPLER_2D_SHADOW: case GL_INT_SAMPLER_2D:
	case GL_UNSIGNED_INT_SAMPLER_2D:
		return VGL_TEX_2D;
	case GL_SAMPLER_CUBE: case GL_SAMPLER_CUBE_SHADOW: case GL_INT_SAMPLER_CUBE:
	case GL_UNSIGNED_INT_SAMPLER_CUBE:
		return VGL_TEX_CUBE;
	case GL_SAMPLER_3D: case GL_INT_SAMPLER_3D: case GL_UNSIGNED_INT_SAMPLER_3D:
		return VGL_TEX_3D;
	case GL_SAMPLER_2D_ARRAY: case GL_SAMPLER_2D_ARRAY_SHADOW: case GL_INT_SAMPLER_2D_ARRAY:
	case GL_UNSIGNED_INT_SAMPLER_2D_ARRAY:
		return VGL_TEX_2D_ARRAY;
	case GL_SAMPLER_EXTERNAL_OES:
		return VGL_TEX_EXTERNAL;
	case GL_SAMPLER_2D_MULTISAMPLE: case GL_INT_SAMPLER_2D_MULTISAMPLE:
	case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE:
		return VGL_TEX_2D_MS;
	case GL_SAMPLER_2D_MULTISAMPLE_ARRAY_OES: case GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY_OES:
	case GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY_OES:
		return VGL_TEX_2D_MS_ARRAY;
	case GL_SAMPLER_CUBE_MAP_ARRAY_EXT: case GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW_EXT:
	case GL_INT_SAMPLER_CUBE_MAP_ARRAY_EXT: case GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY_EXT:
		return VGL_TEX_CUBE_ARRAY;
	}
	return -1;
}

/* The (0,0,0,1) image incomplete textures of a target sample. */
static struct vgl_tex_storage *black(struct vgl_context *ctx, struct vgl_texture_state *ts,
				     int index)
{
	static const uint8_t texel[4] = { 0, 0, 0, 255 };
	struct vgl_tex_storage *s = ts->black[index];

	if (s)
		return s;
	s = vgl_tex_storage_create(ctx->dev, &(struct vgl_tex_storage_info){
		.format = VK_FORMAT_R8G8B8A8_UNORM, .width = 1, .height = 1, .levels = 1,
		.cube = index == VGL_TEX_CUBE || index == VGL_TEX_CUBE_ARRAY,
		.depth = index == VGL_TEX_3D ? 1 : 0,
		.layers = index == VGL_TEX_2D_ARRAY || index == VGL_TEX_2D_MS_ARRAY ? 1
			  : index == VGL_TEX_CUBE_ARRAY ? 6 : 0,
		.samples = index == VGL_TEX_2D_MS || index == VGL_TEX_2D_MS_ARRAY
				   ? vgl_texture_ms_min_samples(ctx) : 0 });
	if (!s)
		return NULL;
	if (vgl_tex_storage_fill_now(ctx->dev, s, texel) != VGL_OK) {
		vgl_tex_storage_unref(s);
		return NULL;
	}
	ts->black[index] = s;
	return s;
}

static bool black_descriptor(struct vgl_context *ctx, struct vgl_texture_state *ts, int index,
			     VkDescriptorImageInfo *out)
{
	struct vgl_tex_storage *s = black(ctx, ts, index);
	struct vgl_tex_params p = { .wrap_s = GL_CLAMP_TO_EDGE, .wrap_t = GL_CLAMP_TO_EDGE,
				    .wrap_r = GL_CLAMP_TO_EDGE, .min_filter = GL_NEAREST,
				    .mag_filter = GL_NEAREST, .compare_mode = GL_NONE };
	struct vgl_sampler_key k = sampler_key(&p);

	if (!s)
		return false;
	out->imageView = vgl_tex_storage_view(s, &(struct vgl_tex_view){
		.type = view_types[index], .levels = 1, .layers = s->layers });
	out->sampler = vgl_sampler_get(ctx->dev, ts->samplers, &k);
	vgl_batch_use(ctx, &s->obj);
	return out->imageView && out->sampler;
}

/* The texture's parameters with a bound sampler object's sampler state. */
static struct vgl_tex_params unit_params(const struct vgl_texture *t,
					 const struct vgl_sampler_object *so)
{
	struct vgl_tex_params p = t->params;

	if (!so)
		return p;
	p.wrap_s = so->params.wrap_s;
	p.wrap_t = so->params.wrap_t;
	p.wrap_r = so->params.wrap_r;
	p.min_filter = so->params.min_filter;
	p.mag_filter = so->params.mag_filter;
	p.min_lod = so->params.min_lod;
	p.max_lod = so->params.max_lod;
	p.compare_mode = so->params.compare_mode;
	p.compare_func = so->params.compare_func;
	p.max_anisotropy = so->params.max_anisotropy;
	p.border = so->params.border;
	p.srgb_decode = so->params.srgb_decode;
	return p;
}

/* Whether a cached descriptor is of t on the unit and target, with so, as
 * they are now (ids are unique: a new object at an old address differs). */
static bool cache_hit(const struct vgl_tex_desc_cache *c, const struct vgl_texture *t,
		      const struct vgl_sampler_object *so, uint32_t unit, uint32_t index)
{
	return c->t == t && c->t_id == t->change_id && c->unit == unit && c->index == index &&
	       c->so == so && (!so || c->so_id == so->change_id);
}

/*
 * Two ways per set: the pair of (texture, unit), newest first. A hit in the
 * older way swaps the two, a miss drops the older, so two textures that
 * share a pair while a draw alternates them both stay.
 */
static struct vgl_tex_desc_cache *cache_entry(struct vgl_texture_state *ts,
					      const struct vgl_texture *t, uint32_t unit,
					      uint32_t index, const struct vgl_sampler_object *so,
					      bool *hit)
{
	/* Fibonacci hashing: textures are kilobytes apart, low bits alike */
	uint64_t h = ((uint64_t)(uintptr_t)t + unit) * UINT64_C(0x9e3779b97f4a7c15);
	struct vgl_tex_desc_cache *c = &ts->desc[2 * (h >> 59)]; /* the top 5 bits: 32 pairs */
	struct vgl_tex_desc_cache old;

	*hit = true;
	if (cache_hit(&c[0], t, so, unit, index))
		return &c[0];
	old = c[0];
	/* the older way comes first: on a hit it is the one, on a miss the
	 * caller refills it */
	*hit = cache_hit(&c[1], t, so, unit, index);
	c[0] = c[1];
	c[1] = old;
	return &c[0];
}

/* Completeness, the view and the sampler of a complete texture come from
 * the texture's and sampler object's state alone (and the context's
 * version): remembered per context, texture and unit until either changes,
 * so draws switching between textures re-check nothing. */
static bool texture_descriptor(struct vgl_context *ctx, struct vgl_texture_state *ts,
			       struct vgl_texture *t, GLint unit, int index,
			       VkDescriptorImageInfo *out)
{
	const struct vgl_sampler_object *so = ts->sampler_units[unit];
	struct vgl_tex_params p;
	struct vgl_sampler_key k;
	bool hit;
	struct vgl_tex_desc_cache *c = cache_entry(ts, t, (uint32_t)unit, (uint32_t)index, so, &hit);

	if (!hit) {
		p = unit_params(t, so);
		if (!complete(ctx, t, &p))
			return black_descriptor(ctx, ts, index, out);
		k = sampler_key(&p);
		*c = (struct vgl_tex_desc_cache){ t, so, t->change_id, so ? so->change_id : 0,
						  (uint32_t)unit, (uint32_t)index,
						  texture_view(t, &p, index),
						  vgl_sampler_get(ctx->dev, ts->samplers, &k) };
		if (!c->view || !c->sampler) {
			c->t = NULL;
			return false;
		}
	}
	out->imageView = c->view;
	out->sampler = c->sampler;
	vgl_batch_use(ctx, &t->storage->obj);
	return true;
}

bool vgl_texture_descriptor(struct vgl_context *ctx, GLint unit, GLenum sampler_type,
			    VkDescriptorImageInfo *out)
{
	struct vgl_texture_state *ts = vgl_texture_state(ctx);
	int index = sampler_target(sampler_type);
	struct vgl_texture *t;

	if (!ts || index < 0 || unit < 0 || unit >= VGL_MAX_TEXTURE_UNITS)
		return false;
	out->imageLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
	t = ts->units[unit][index] ? ts->units[unit][index] : ts->defaults[index];
	if (!t)
		return black_descriptor(ctx, ts, index, out);
	return texture_descriptor(ctx, ts, t, unit, index, out);
}
