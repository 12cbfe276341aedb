/* SPDX-License-Identifier: MIT */
/*
 * What a framebuffer object's attachments amount to: completeness (ES 2.0
 * §4.4.5, ES 3.0 §4.4.4, with ES 3.0's one sample count for all), the
 * vgl_fb the draw, clear, read and blit paths use (a draw description holds
 * the draw buffers, a read description the read buffer: vgl_draw_buffers.c),
 * and the attachment queries.
 *
 * Depth and stencil must be one image when both are attached: vk/'s
 * dynamic rendering takes one depth/stencil view here, and the spec lets
 * an implementation answer GL_FRAMEBUFFER_UNSUPPORTED for separate ones.
 */
#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_fbo.h"
#include "vgl_framebuffer.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_renderbuffer.h"
#include "vgl_texture.h"

struct att_image {
	const struct vgl_pixel_format *fmt;
	struct vgl_tex_storage *s;
	uint32_t w, h, level, layer;
	uint32_t layers;           /* a layered attachment's (its level's layers); 0: not layered */
	uint32_t samples;          /* 0: single-sample (GL_RENDERBUFFER_SAMPLES) */
	bool fixed;                /* GL_TEXTURE_FIXED_SAMPLE_LOCATIONS (renderbuffers: true) */
};

/* Whether the level of every face of a cube map is stored alike: a
 * layered attachment of it renders to all six. */
static bool cube_faces_stored(const struct vgl_texture *t, uint32_t level)
{
	for (uint32_t face = 0; face < 6; face++)
		if (!vgl_texture_level_stored(t, face, level) ||
		    t->level[face][level].width != t->level[0][level].width)
			return false;
	return true;
}

/* The layers of a layered attachment's level (0: not layered). */
static uint32_t att_layers(const struct vgl_fbo_attachment *a, const struct vgl_tex_level *lv)
{
	if (!a->layered)
		return 0;
	return a->tex->target == GL_TEXTURE_CUBE_MAP ? 6 : (uint32_t)lv->depth;
}

/* The image behind an attachment; false when it has none (incomplete). */
static bool att_image(const struct vgl_fbo_attachment *a, struct att_image *out)
{
	if (a->type == GL_RENDERBUFFER) {
		*out = (struct att_image){ a->rb->fmt, a->rb->storage, (uint32_t)a->rb->width,
					   (uint32_t)a->rb->height, 0, 0, 0, a->rb->samples, true };
		return out->s != NULL;
	}
	if (a->type == GL_TEXTURE) {
		const struct vgl_tex_level *lv = &a->tex->level[a->face][a->level];

		*out = (struct att_image){ lv->fmt, a->tex->storage, (uint32_t)lv->width,
					   (uint32_t)lv->height, a->level, a->face + a->layer,
					   att_layers(a, lv), a->tex->samples,
					   !vgl_texture_target_ms(a->tex->target) ||
						   a->tex->fixed_locations };
		if (a->layered && a->tex->target == GL_TEXTURE_CUBE_MAP)
			return lv->width && cube_faces_stored(a->tex, a->level);
		return lv->width && (GLsizei)a->layer < lv->depth &&
		       vgl_texture_level_stored(a->tex, a->face, a->level);
	}
	return false;
}

/* GL_FRAMEBUFFER_COMPLETE when the image suits the slot, else the status. */
static GLenum slot_status(const struct vgl_context *ctx, int slot, const struct att_image *img)
{
	const struct vgl_pixel_format *f = img->fmt;

	if (slot == VGL_ATT_DEPTH)
		return f->bits[4] ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
	if (slot == VGL_ATT_STENCIL)
		return f->bits[5] ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
	/* colour slots from here on (ES 3.0 table 3.13) */
	if (!vgl_pixel_color_renderable(vgl_ext_mask(ctx), f))
		return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
	/* colour-renderable in GL, an image the host does not render to */
	return img->s->renderable ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_UNSUPPORTED;
}

/* The samples a framebuffer without attachments rasterizes with: the
 * fewest the device has there that are at least the default samples; 0:
 * none (the flag bits are the counts). */
static uint32_t no_attachments_samples(const struct vgl_context *ctx, const struct vgl_fbo *fbo)
{
	VkSampleCountFlags counts = ctx->dev->props.limits.framebufferNoAttachmentsSampleCounts;

	for (uint32_t bit = 1; bit <= VK_SAMPLE_COUNT_64_BIT; bit <<= 1)
		if ((counts & bit) && bit >= (uint32_t)fbo->default_samples)
			return bit;
	return 0;
}

/* ES 3.1 §9.4.2: without attachments, complete with a default width and
 * height (the draw is that large, vgl_fbo_describe). */
static GLenum no_attachments_status(const struct vgl_context *ctx, const struct vgl_fbo *fbo)
{
	if (!vgl_context_es31(ctx) || !fbo->default_width || !fbo->default_height)
		return GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT;
	return no_attachments_samples(ctx, fbo) ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_UNSUPPORTED;
}

static GLenum attachments_status(const struct vgl_context *ctx, const struct vgl_fbo *fbo)
{
	struct att_image img, first = { 0 };
	bool any = false;
	GLenum st;

	for (int i = 0; i < VGL_ATT_COUNT; i++) {
		if (fbo->att[i].type == GL_NONE)
			continue;
		if (!att_image(&fbo->att[i], &img) || !img.w || !img.h)
			return GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT;
		st = slot_status(ctx, i, &img);
		if (st != GL_FRAMEBUFFER_COMPLETE)
			return st;
		/* ES 2.0 only: every image the same size */
		if (any && ctx->major < 3 && (img.w != first.w || img.h != first.h))
			return GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS;
		/* ES 3.0 §4.4.4.2: every renderbuffer the same samples, textures 0
		 * (ES 3.1 §9.4.2: multisample textures theirs, and the same fixed
		 * sample locations, true beside renderbuffers) */
		if (any && (img.samples != first.samples || img.fixed != first.fixed))
			return GL_FRAMEBUFFER_INCOMPLETE_MULTISAMPLE;
		if (!any)
			first = img;
		any = true;
	}
	return any ? GL_FRAMEBUFFER_COMPLETE : no_attachments_status(ctx, fbo);
}

/* ES 3.2 §9.4.2 (EXT_geometry_shader): with a layered attachment every
 * attachment is layered, and the colour ones are of one texture target. */
static GLenum layers_status(const struct vgl_fbo *fbo)
{
	const struct vgl_fbo_attachment *first = NULL, *color = NULL;

	for (int i = 0; i < VGL_ATT_COUNT; i++) {
		const struct vgl_fbo_attachment *a = &fbo->att[i];

		if (a->type == GL_NONE)
			continue;
		if (first && a->layered != first->layered)
			return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS_EXT;
		first = first ? first : a;
		if (!a->layered || i == VGL_ATT_DEPTH || i == VGL_ATT_STENCIL)
			continue;
		if (color && color->tex->target != a->tex->target)
			return GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS_EXT;
		color = color ? color : a;
	}
	return GL_FRAMEBUFFER_COMPLETE;
}

/* What vk/ cannot render to: separate depth and stencil images. */
static bool unsupported(const struct vgl_fbo *fbo)
{
	const struct vgl_fbo_attachment *d = &fbo->att[VGL_ATT_DEPTH], *s = &fbo->att[VGL_ATT_STENCIL];

	return d->type != GL_NONE && s->type != GL_NONE &&
	       (d->tex != s->tex || d->rb != s->rb || d->level != s->level ||
		d->face != s->face || d->layer != s->layer || d->layered != s->layered);
}

uint32_t vgl_fbo_samples(const struct vgl_context *ctx, const struct vgl_fbo *fbo)
{
	struct att_image img;

	for (int i = 0; i < VGL_ATT_COUNT; i++)
		if (att_image(&fbo->att[i], &img))
			return img.samples > 1 ? img.samples : 1;
	/* no attachments: the default samples, rasterized without images */
	return vgl_context_es31(ctx) && no_attachments_samples(ctx, fbo)
		       ? no_attachments_samples(ctx, fbo) : 1;
}

GLenum vgl_fbo_status(struct vgl_context *ctx, const struct vgl_fbo *fbo)
{
	GLenum st = attachments_status(ctx, fbo);

	if (st == GL_FRAMEBUFFER_COMPLETE)
		st = layers_status(fbo);
	if (st == GL_FRAMEBUFFER_COMPLETE && unsupported(fbo))
		return GL_FRAMEBUFFER_UNSUPPORTED;
	return st;
}

/* ---- the vgl_framebuffer.h hook ------------------------------------------------------------- */

static void fit(struct vgl_fb *fb, const struct att_image *img)
{
	if (!fb->width || img->w < fb->width)
		fb->width = img->w;
	if (!fb->height || img->h < fb->height)
		fb->height = img->h;
	if (img->layers && (!fb->layers || img->layers < fb->layers))
		fb->layers = img->layers;
}

static struct vgl_fb_color color_target(const struct att_image *img)
{
	return (struct vgl_fb_color){
		.image = img->s->image, .level = vgl_tex_storage_vk_level(img->s, img->level),
		.layer = vgl_tex_storage_vk_layer(img->s, img->layer), .view = vgl_tex_storage_attachment(img->s, img->level, img->layer, img->layers),
		.format = img->s->format, .written = &img->s->written };
}

static void describe_color(struct vgl_fb *fb, const struct vgl_fb_color *c)
{
	fb->color_image = c->image;
	fb->color_level = c->level;
	fb->color_layer = c->layer;
	fb->color_view = c->view;
	fb->color_format = c->format;
	fb->color_written = c->written;
}

static void describe_ds(struct vgl_fb *fb, const struct att_image *img, VkImageAspectFlags aspect)
{
	fb->ds_image = img->s->image;
	fb->ds_level = vgl_tex_storage_vk_level(img->s, img->level);
	fb->ds_layer = vgl_tex_storage_vk_layer(img->s, img->layer);
	fb->ds_view = vgl_tex_storage_attachment(img->s, img->level, img->layer, img->layers);
	fb->ds_format = img->s->format;
	fb->ds_aspects |= aspect & img->s->aspects;
}

/* A layered image as its one layer `layer` (< 0: all of them). */
static bool one_layer(struct att_image *img, int32_t layer)
{
	if (layer >= 0 && img->layers) {
		img->layer = (uint32_t)layer;
		img->layers = 0;
	}
	return true;
}

/* The image of a draw or read buffer (GL_COLOR_ATTACHMENTi or GL_NONE). */
static bool buffer_image(const struct vgl_fbo *fbo, GLenum buffer, int32_t layer,
			 struct att_image *img)
{
	return buffer != GL_NONE &&
	       att_image(&fbo->att[vgl_fbo_color_slot(buffer - GL_COLOR_ATTACHMENT0)], img) &&
	       one_layer(img, layer);
}

/* A draw description: every draw buffer's target; a read one: the read buffer's. */
static bool describe_colors(struct vgl_context *ctx, const struct vgl_fbo *fbo, bool draw,
			    bool record, int32_t layer, struct vgl_fb *fb)
{
	uint32_t n = draw ? vgl_framebuffer_max_draw_buffers(ctx) : 1;
	struct att_image img;
	bool alpha_less = true;

	for (uint32_t i = 0; i < n; i++) {
		if (!buffer_image(fbo, draw ? fbo->draw_buffers[i] : fbo->read_buffer, layer, &img))
			continue;
		alpha_less &= vgl_pixel_hidden_alpha(img.fmt);
		fb->draw[i] = color_target(&img);
		if (!fb->draw[i].view)
			return false;
		fb->nr_draw = i + 1;
		if (record)
			vgl_batch_use(ctx, &img.s->obj);
	}
	if (fb->nr_draw)
		describe_color(fb, &fb->draw[0]);
	/* RGB buffers keep their hidden alpha at 1 (vgl_pixel_hidden_alpha);
	 * with RGBA ones beside them, draws write alpha to all */
	fb->no_alpha = fb->nr_draw && alpha_less;
	if (!draw)
		fb->nr_draw = 0;
	return true;
}

/*
 * The draw FBO's description is kept while nothing it depends on changed:
 * describing walks every attachment, its completeness and its views (some
 * 1,500 instructions, ten times the rest of a draw), and draws describe
 * their framebuffer each time. It depends on the FBO's own state (its
 * stamp, new with every change: vgl_fbo_changed), on each attached
 * texture's or renderbuffer's change_id (new with every level, storage or
 * parameter change), and on the batch whose uses it recorded (a new batch
 * describes again, to be kept alive). Draws read it in place.
 */
struct vgl_fb_cache {
	const struct vgl_fbo *fbo;   /* NULL: nothing kept */
	uint64_t stamp;
	/* the attached objects' change_ids, where they live and what they
	 * were (the attachments hold the objects: a slot attached or detached
	 * is a new stamp) */
	const uint64_t *where[VGL_ATT_COUNT];
	uint64_t ids[VGL_ATT_COUNT];
	uint32_t nr_ids;
	uint64_t serial;
	struct vgl_fb fb;
};

static const uint64_t *attached_id(const struct vgl_fbo_attachment *a)
{
	if (a->type == GL_TEXTURE)
		return &a->tex->change_id;
	return a->type == GL_RENDERBUFFER ? &a->rb->change_id : NULL;
}

static bool cache_fresh(const struct vgl_context *ctx, const struct vgl_fb_cache *c,
			const struct vgl_fbo *fbo)
{
	if (!c || c->fbo != fbo || c->stamp != fbo->stamp || c->serial != ctx->batch.serial)
		return false;
	for (uint32_t i = 0; i < c->nr_ids; i++)
		if (c->ids[i] != *c->where[i])
			return false;
	return true;
}

static const struct vgl_fb *cache_keep(struct vgl_context *ctx, const struct vgl_fbo *fbo,
				       const struct vgl_fb *fb)
{
	struct vgl_fb_cache *c = ctx->tex->draw_fb;

	if (!c && !(c = ctx->tex->draw_fb = malloc(sizeof(*c))))
		return fb; /* describing every time is slower, not wrong */
	c->fbo = fbo;
	c->stamp = fbo->stamp;
	c->nr_ids = 0;
	for (int i = 0; i < VGL_ATT_COUNT; i++) {
		const uint64_t *id = attached_id(&fbo->att[i]);

		if (!id)
			continue;
		c->where[c->nr_ids] = id;
		c->ids[c->nr_ids++] = *id;
	}
	c->serial = ctx->batch.serial;
	c->fb = *fb;
	/* a kept description's targets are compared once (vgl_draw.c) */
	c->fb.kept = ++ctx->tex->fbo_stamps;
	return &c->fb;
}

static bool describe(struct vgl_context *ctx, bool draw, int32_t layer, struct vgl_fb *fb);

const struct vgl_fb *vgl_fbo_kept_draw(const struct vgl_context *ctx)
{
	return cache_fresh(ctx, ctx->tex->draw_fb, ctx->tex->draw_fbo) ? &ctx->tex->draw_fb->fb : NULL;
}

const struct vgl_fb *vgl_fbo_describe_draw(struct vgl_context *ctx, struct vgl_fb *scratch)
{
	const struct vgl_fbo *fbo = ctx->tex->draw_fbo;

	if (cache_fresh(ctx, ctx->tex->draw_fb, fbo))
		return &ctx->tex->draw_fb->fb;
	if (!describe(ctx, true, -1, scratch))
		return NULL;
	/* only what the recording batch keeps alive may be kept */
	if (vgl_batch_cmd(ctx) == VK_NULL_HANDLE)
		return scratch;
	return cache_keep(ctx, fbo, scratch);
}

bool vgl_fbo_describe(struct vgl_context *ctx, bool draw, struct vgl_fb *fb)
{
	const struct vgl_fb *d;

	if (!draw)
		return describe(ctx, false, -1, fb);
	d = vgl_fbo_describe_draw(ctx, fb);
	if (d && d != fb)
		*fb = *d;
	return d != NULL;
}

bool vgl_fbo_describe_layer(struct vgl_context *ctx, uint32_t layer, struct vgl_fb *fb)
{
	return describe(ctx, true, (int32_t)layer, fb);
}

/* layer >= 0: each layered attachment as that one layer of it */
static bool describe(struct vgl_context *ctx, bool draw, int32_t layer, struct vgl_fb *fb)
{
	struct vgl_fbo *fbo = draw ? ctx->tex->draw_fbo : ctx->tex->read_fbo;
	static const VkImageAspectFlags aspect[VGL_ATT_STENCIL + 1] = {
		0, VK_IMAGE_ASPECT_DEPTH_BIT, VK_IMAGE_ASPECT_STENCIL_BIT };
	struct att_image img;
	bool record;

	memset(fb, 0, sizeof(*fb));
	if (vgl_fbo_status(ctx, fbo) != GL_FRAMEBUFFER_COMPLETE)
		return false;
	fb->samples = vgl_fbo_samples(ctx, fbo);
	/* the recording batch keeps what it renders to or reads from alive */
	record = vgl_batch_cmd(ctx) != VK_NULL_HANDLE;
	if (!describe_colors(ctx, fbo, draw, record, layer, fb))
		return false;
	for (int i = VGL_ATT_DEPTH; i <= VGL_ATT_STENCIL; i++) {
		if (!att_image(&fbo->att[i], &img) || !one_layer(&img, layer))
			continue;
		describe_ds(fb, &img, aspect[i]);
		fit(fb, &img);
		if (record)
			vgl_batch_use(ctx, &img.s->obj);
	}
	/* the size of every attachment, drawn to or not (§4.4.4.2) */
	for (uint32_t i = 0; i < VGL_MAX_DRAW_BUFFERS; i++)
		if (att_image(&fbo->att[vgl_fbo_color_slot(i)], &img))
			fit(fb, &img);
	if (!fb->width && !fb->height) {
		fb->width = (uint32_t)fbo->default_width;   /* no attachments */
		fb->height = (uint32_t)fbo->default_height;
		fb->layers = (uint32_t)fbo->default_layers;
	}
	if (layer >= 0)
		fb->layers = 0;    /* one layer of each */
	if (!fb->color_written)
		fb->color_written = &ctx->tex->no_color_written;
	return fb->ds_format == VK_FORMAT_UNDEFINED || fb->ds_view;
}

GLint vgl_fbo_bits(struct vgl_context *ctx, GLenum pname)
{
	struct vgl_fbo *fbo = ctx->tex->draw_fbo;
	int slot = pname == GL_DEPTH_BITS ? VGL_ATT_DEPTH
		   : pname == GL_STENCIL_BITS ? VGL_ATT_STENCIL : VGL_ATT_COLOR;
	struct att_image img;

	if (!att_image(&fbo->att[slot], &img))
		return 0;
	return vgl_pixel_bits(img.fmt, pname);
}

/* ---- entry points --------------------------------------------------------------------------- */

/* The FBO bound to target (*f NULL: framebuffer 0); false: bad target
 * (GL_INVALID_ENUM) or out of memory. */
static bool query_fbo(struct vgl_context *ctx, GLenum target, struct vgl_fbo **f)
{
	struct vgl_texture_state *ts;

	if (target != GL_FRAMEBUFFER &&
	    !(ctx->major >= 3 && (target == GL_DRAW_FRAMEBUFFER || target == GL_READ_FRAMEBUFFER))) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return false;
	}
	ts = vgl_texture_state(ctx);
	if (!ts)
		return false;
	*f = target == GL_READ_FRAMEBUFFER ? ts->read_fbo : ts->draw_fbo;
	return true;
}

static GLenum GL_APIENTRY vgl_CheckFramebufferStatus(GLenum target)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_fbo *f;

	if (!ctx || !query_fbo(ctx, target, &f))
		return 0;
	if (!f) /* framebuffer 0: the surface, if there is one */
		return (target == GL_READ_FRAMEBUFFER ? ctx->read : ctx->draw)
			       ? GL_FRAMEBUFFER_COMPLETE : GL_FRAMEBUFFER_UNDEFINED;
	return vgl_fbo_status(ctx, f);
}

static const struct vgl_fbo_attachment *query_attachment(struct vgl_context *ctx,
							 struct vgl_fbo *f, GLenum att)
{
	switch (att) {
	case GL_COLOR_ATTACHMENT0: return &f->att[VGL_ATT_COLOR];
	case GL_DEPTH_ATTACHMENT: return &f->att[VGL_ATT_DEPTH];
	case GL_STENCIL_ATTACHMENT: return &f->att[VGL_ATT_STENCIL];
	}
	if (ctx->major >= 3 && att > GL_COLOR_ATTACHMENT0 &&
	    att < GL_COLOR_ATTACHMENT0 + vgl_framebuffer_max_draw_buffers(ctx))
		return &f->att[vgl_fbo_color_slot(att - GL_COLOR_ATTACHMENT0)];
	if (ctx->major >= 3 && att == GL_DEPTH_STENCIL_ATTACHMENT) {
		const struct vgl_fbo_attachment *d = &f->att[VGL_ATT_DEPTH];
		const struct vgl_fbo_attachment *s = &f->att[VGL_ATT_STENCIL];

		if (d->tex == s->tex && d->rb == s->rb)
			return d;
		vgl_error(ctx, GL_INVALID_OPERATION);
		return NULL;
	}
	/* also COLOR_ATTACHMENTm past GL_MAX_COLOR_ATTACHMENTS, as in vgl_fbo.c */
	vgl_error(ctx, GL_INVALID_ENUM);
	return NULL;
}

/* A parameter of an attached image; false: pname invalid for it. */
static bool image_param(const struct vgl_context *ctx, const struct vgl_fbo_attachment *a,
			GLenum pname, GLint *out)
{
	struct att_image img;

	switch (pname) {
	case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME:
		*out = (GLint)(a->tex ? a->tex->name : a->rb->name);
		return true;
	case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL:
		*out = (GLint)a->level;
		return a->type == GL_TEXTURE;
	case GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE:
		*out = a->tex && a->tex->target == GL_TEXTURE_CUBE_MAP
			       ? (GLint)(GL_TEXTURE_CUBE_MAP_POSITIVE_X + a->face) : 0;
		return a->type == GL_TEXTURE;
	}
	if (ctx->major < 3)
		return false;
	if (pname == GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER) {
		*out = (GLint)a->layer;
		return a->type == GL_TEXTURE;
	}
	if (pname == GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT &&
	    vgl_ext_on(ctx, VGL_EXT_EXT_geometry_shader)) {
		*out = a->layered;
		return a->type == GL_TEXTURE;
	}
	if (pname == GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE) {
		/* a texture level never specified has no components */
		*out = att_image(a, &img) ? (GLint)vgl_pixel_component_type(img.fmt) : GL_NONE;
		return true;
	}
	if (pname == GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING) {
		*out = att_image(a, &img) && vgl_pixel_srgb(img.fmt) ? GL_SRGB : GL_LINEAR;
		return true;
	}
	*out = att_image(a, &img) ? vgl_pixel_bits(img.fmt, pname) : 0;
	return pname >= GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE &&
	       pname <= GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE;
}

static void GL_APIENTRY vgl_GetFramebufferAttachmentParameteriv(GLenum target, GLenum attachment,
								GLenum pname, GLint *params)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_fbo_attachment *a;
	struct vgl_fbo *f;
	GLint v = 0;

	if (!ctx)
		return;
	if (!query_fbo(ctx, target, &f))
		return;
	if (!f) {
		/* ES 2.0 has no queries of framebuffer 0 */
		GLenum err = ctx->major >= 3 ? vgl_framebuffer_default_param(
			ctx, target == GL_READ_FRAMEBUFFER, attachment, pname, &v)
					     : GL_INVALID_OPERATION;

		if (err != GL_NO_ERROR)
			vgl_error(ctx, err);
		else if (params)
			*params = v;
		return;
	}
	if (!(a = query_attachment(ctx, f, attachment)))
		return;
	if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE)
		v = (GLint)a->type;
	else if (a->type == GL_NONE && pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME &&
		 ctx->major >= 3)
		v = 0;
	else if (a->type == GL_NONE || !image_param(ctx, a, pname, &v)) {
		vgl_error(ctx, a->type == GL_NONE && ctx->major >= 3 ? GL_INVALID_OPERATION
								     : GL_INVALID_ENUM);
		return;
	}
	if (params)
		*params = v;
}

/* ---- glInvalidate(Sub)Framebuffer (ES 3.0): a hint, validated and dropped ----------------------- */

/* GL_NO_ERROR, or the error of an attachment name (ES 3.0 §4.5). */
static GLenum invalidate_error(const struct vgl_context *ctx, const struct vgl_fbo *f, GLenum att)
{
	if (!f)
		return att == GL_COLOR || att == GL_DEPTH || att == GL_STENCIL ? GL_NO_ERROR
										: GL_INVALID_ENUM;
	/* colour attachments up to GL_MAX_COLOR_ATTACHMENTS are valid names, used or not */
	if (att >= GL_COLOR_ATTACHMENT0 && att <= GL_COLOR_ATTACHMENT15)
		return att < GL_COLOR_ATTACHMENT0 + vgl_framebuffer_max_draw_buffers(ctx)
			       ? GL_NO_ERROR : GL_INVALID_OPERATION;
	return att == GL_DEPTH_ATTACHMENT || att == GL_STENCIL_ATTACHMENT ||
	       att == GL_DEPTH_STENCIL_ATTACHMENT ? GL_NO_ERROR : GL_INVALID_ENUM;
}

static void invalidate(GLenum target, GLsizei n, const GLenum *atts, GLsizei w, GLsizei h)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_fbo *f;

	if (!ctx || !query_fbo(ctx, target, &f))
		return;
	if (n < 0 || w < 0 || h < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	/* no attachments to read: nothing is invalidated (a hint) */
	for (GLsizei i = 0; atts && i < n; i++) {
		GLenum err = invalidate_error(ctx, f, atts[i]);

		if (err != GL_NO_ERROR) {
			vgl_error(ctx, err);
			return;
		}
	}
	/* contents become undefined: keeping them is a valid implementation */
}

static void GL_APIENTRY vgl_InvalidateFramebuffer(GLenum target, GLsizei n, const GLenum *atts)
{
	invalidate(target, n, atts, 0, 0);
}

static void GL_APIENTRY vgl_InvalidateSubFramebuffer(GLenum target, GLsizei n,
						     const GLenum *atts, GLint x, GLint y,
						     GLsizei w, GLsizei h)
{
	(void)x, (void)y;
	invalidate(target, n, atts, w, h);
}

/* EXT_discard_framebuffer: glInvalidateFramebuffer on GL_FRAMEBUFFER only,
 * and in ES 2.0 with only the attachments ES 2.0 has (COLOR_EXT, DEPTH_EXT and
 * STENCIL_EXT are GL_COLOR, GL_DEPTH and GL_STENCIL). */
static bool es2_attachments(const struct vgl_context *ctx, GLsizei n, const GLenum *atts)
{
	for (GLsizei i = 0; ctx->major < 3 && atts && i < n; i++)
		if ((atts[i] > GL_COLOR_ATTACHMENT0 && atts[i] <= GL_COLOR_ATTACHMENT3) ||
		    atts[i] == GL_DEPTH_STENCIL_ATTACHMENT)
			return false;
	return true;
}

static void GL_APIENTRY vgl_DiscardFramebufferEXT(GLenum target, GLsizei n, const GLenum *atts)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return;
	if (target != GL_FRAMEBUFFER || (n > 0 && !es2_attachments(ctx, n, atts))) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	invalidate(target, n, atts, 0, 0);
}

const struct vgl_proc vgl_fbo_status_procs[] = {
	VGL_PROC(CheckFramebufferStatus), VGL_PROC(GetFramebufferAttachmentParameteriv),
	VGL_PROC(InvalidateFramebuffer), VGL_PROC(InvalidateSubFramebuffer),
	VGL_PROC(DiscardFramebufferEXT),
	{ NULL, NULL },
};
