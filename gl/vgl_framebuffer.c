/* SPDX-License-Identifier: MIT */
#include "vgl_framebuffer.h"

#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_fbo.h"
#include "vgl_surface.h"
#include "vgl_texture.h"

/* The colour image of the surface a draw or read sees: a window's back
 * buffer (acquired now), a pbuffer's image; NULL: none to use. */
static const struct vgl_image *surface_color(struct vgl_context *ctx, struct vgl_surface *s,
					     struct vgl_fb *fb)
{
	struct vgl_window_buffer *b;

	if (!s->info.window)
		return &s->color;
	/* every buffer held by the window system: nothing to draw into */
	b = vgl_surface_back(ctx, s);
	fb->y_down = b != NULL;
	return b ? vgl_window_buffer_image(b) : NULL;
}

/* A new alpha-less image gets its alpha 1 (vgl_surface_info.no_alpha):
 * the image draws go to, which a multisample surface resolves. */
static void fill_alpha(struct vgl_context *ctx, struct vgl_surface *s,
		       const struct vgl_image *color)
{
	bool msaa = s->msaa.image != VK_NULL_HANDLE;

	vgl_surface_fill_alpha(ctx, msaa ? &s->msaa : color);
	*(msaa ? &s->msaa_drawn : &s->color_written) = true;
	s->alpha_unfilled = false;
}

/* A multisample surface draws into its multisample image; reads see the
 * single-sample one, resolved first. */
static bool surface_fb(struct vgl_context *ctx, struct vgl_surface *s, bool draw,
		       struct vgl_fb *fb)
{
	const struct vgl_image *color;
	bool msaa;

	memset(fb, 0, sizeof(*fb));
	color = s ? surface_color(ctx, s, fb) : NULL;
	/* a surface whose resize failed has no image: nothing to draw into */
	if (!color || !color->image)
		return false;
	if (s->alpha_unfilled)
		fill_alpha(ctx, s, color);
	msaa = draw && s->msaa.image;
	if (s->msaa.image && !draw)
		vgl_surface_resolve(ctx, s);
	color = msaa ? &s->msaa : color;
	fb->color_image = color->image;
	fb->color_view = color->view;
	fb->color_format = color->format;
	fb->ds_image = s->ds.image;
	fb->ds_view = s->ds.view;
	fb->ds_format = s->ds.image ? s->ds.format : VK_FORMAT_UNDEFINED;
	fb->ds_aspects = s->ds.aspects;
	fb->width = s->info.width;
	fb->height = s->info.height;
	fb->samples = msaa ? s->info.samples : 1;
	fb->no_alpha = s->info.no_alpha;
	fb->color_written = msaa ? &s->msaa_drawn : &s->color_written;
	return true;
}

/* Framebuffer 0's colour buffer as its one draw buffer, or none (GL_NONE). */
static void surface_draw_buffer(struct vgl_fb *fb, bool none)
{
	if (none)
		return;
	fb->nr_draw = 1;
	fb->draw[0] = (struct vgl_fb_color){ fb->color_image, 0, 0, fb->color_view,
					     fb->color_format, fb->color_written };
}

/* Framebuffer 0 read with a read buffer of GL_NONE: no colour to read. */
static void drop_color(struct vgl_fb *fb)
{
	fb->color_image = VK_NULL_HANDLE;
	fb->color_view = VK_NULL_HANDLE;
}

bool vgl_framebuffer_draw(struct vgl_context *ctx, struct vgl_fb *fb)
{
	if (vgl_fbo_bound(ctx, true))
		return vgl_fbo_describe(ctx, true, fb);
	if (!surface_fb(ctx, ctx->draw, true, fb))
		return false;
	surface_draw_buffer(fb, ctx->tex && ctx->tex->fb0_draw_none);
	return true;
}

/*
 * Framebuffer 0's draw description is kept as the draw FBO's is
 * (vgl_fbo_status.c): while the surface is the same one with the same stamp
 * (images, size, back buffer: vgl_surface_changed), its draw buffer is the
 * same and the batch is the one it was described in.
 */
struct vgl_fb0_cache {
	const struct vgl_surface *s;
	uint64_t stamp, serial;
	bool none;
	struct vgl_fb fb;
};

static bool fb0_fresh(const struct vgl_context *ctx, const struct vgl_fb0_cache *c)
{
	return c && c->s == ctx->draw && c->stamp == ctx->draw->stamp &&
	       c->serial == ctx->batch.serial && c->none == ctx->tex->fb0_draw_none;
}

static const struct vgl_fb *fb0_keep(struct vgl_context *ctx, const struct vgl_fb *fb)
{
	struct vgl_fb0_cache *c = ctx->tex->draw_fb0;

	if (!c && !(c = ctx->tex->draw_fb0 = malloc(sizeof(*c))))
		return fb; /* describing every time is slower, not wrong */
	c->s = ctx->draw;
	c->stamp = ctx->draw->stamp;
	c->serial = ctx->batch.serial;
	c->none = ctx->tex->fb0_draw_none;
	c->fb = *fb;
	c->fb.kept = ++ctx->tex->fbo_stamps;
	return &c->fb;
}

const struct vgl_fb *vgl_framebuffer_kept_for_draw(const struct vgl_context *ctx)
{
	if (!ctx->tex)
		return NULL;
	if (ctx->tex->draw_fbo)
		return vgl_fbo_kept_draw(ctx);
	return fb0_fresh(ctx, ctx->tex->draw_fb0) ? &ctx->tex->draw_fb0->fb : NULL;
}

const struct vgl_fb *vgl_framebuffer_for_draw(struct vgl_context *ctx, struct vgl_fb *scratch)
{
	/* the kept descriptions live in the texture state, made at the first
	 * draw where no texture call made it */
	if (!ctx->tex && !vgl_texture_state(ctx))
		return vgl_framebuffer_draw(ctx, scratch) ? scratch : NULL;
	if (ctx->tex->draw_fbo) /* vgl_fbo_bound, which every draw would call */
		return vgl_fbo_describe_draw(ctx, scratch);
	if (fb0_fresh(ctx, ctx->tex->draw_fb0))
		return &ctx->tex->draw_fb0->fb;
	if (!vgl_framebuffer_draw(ctx, scratch))
		return NULL;
	/* what describing did (a back buffer acquired) is in the stamp kept */
	return vgl_batch_cmd(ctx) != VK_NULL_HANDLE ? fb0_keep(ctx, scratch) : scratch;
}

bool vgl_framebuffer_read(struct vgl_context *ctx, struct vgl_fb *fb)
{
	if (vgl_fbo_bound(ctx, false))
		return vgl_fbo_describe(ctx, false, fb);
	if (!surface_fb(ctx, ctx->read, false, fb))
		return false;
	if (ctx->tex && ctx->tex->fb0_read_none)
		drop_color(fb);
	return true;
}

GLenum vgl_framebuffer_read_error(const struct vgl_fb *fb)
{
	return fb->color_image && fb->samples <= 1 ? GL_NO_ERROR : GL_INVALID_OPERATION;
}

static GLint color_bits(VkFormat f, bool no_alpha, GLenum pname)
{
	bool r565 = f == VK_FORMAT_R5G6B5_UNORM_PACK16;

	switch (pname) {
	case GL_RED_BITS:
	case GL_BLUE_BITS:
		return r565 ? 5 : 8;
	case GL_GREEN_BITS:
		return r565 ? 6 : 8;
	case GL_ALPHA_BITS:
		return r565 || no_alpha ? 0 : 8;
	}
	return 0;
}

static GLint ds_bits(VkFormat f, GLenum pname)
{
	if (pname == GL_STENCIL_BITS)
		return f == VK_FORMAT_D24_UNORM_S8_UINT ? 8 : 0;
	switch (f) {
	case VK_FORMAT_D16_UNORM: return 16;
	case VK_FORMAT_X8_D24_UNORM_PACK32:
	case VK_FORMAT_D24_UNORM_S8_UINT: return 24;
	case VK_FORMAT_D32_SFLOAT: return 32;
	default: return 0;
	}
}

GLint vgl_framebuffer_bits(struct vgl_context *ctx, GLenum pname)
{
	struct vgl_fb fb;

	if (vgl_fbo_bound(ctx, true))
		return vgl_fbo_bits(ctx, pname);
	if (!vgl_framebuffer_draw(ctx, &fb))
		return 0;
	if (pname == GL_DEPTH_BITS || pname == GL_STENCIL_BITS)
		return ds_bits(fb.ds_format, pname);
	return color_bits(fb.color_format, fb.no_alpha, pname);
}

/* ---- glGetFramebufferAttachmentParameteriv of framebuffer 0 --------------------------------- */

/* The aspect of framebuffer 0 an attachment name means; 0: not one. */
static VkImageAspectFlags default_attachment(GLenum attachment)
{
	switch (attachment) {
	case GL_BACK: return VK_IMAGE_ASPECT_COLOR_BIT;
	case GL_DEPTH: return VK_IMAGE_ASPECT_DEPTH_BIT;
	case GL_STENCIL: return VK_IMAGE_ASPECT_STENCIL_BIT;
	}
	return 0;
}

/* A size query (GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE...) as the matching GL_*_BITS of fb. */
static GLint default_size(const struct vgl_fb *fb, VkImageAspectFlags aspect, GLenum pname)
{
	static const GLenum bits[] = { GL_RED_BITS, GL_GREEN_BITS, GL_BLUE_BITS, GL_ALPHA_BITS,
				       GL_DEPTH_BITS, GL_STENCIL_BITS };
	GLenum b = bits[pname - GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE];

	if (aspect == VK_IMAGE_ASPECT_COLOR_BIT)
		return b == GL_DEPTH_BITS || b == GL_STENCIL_BITS
			       ? 0 : color_bits(fb->color_format, fb->no_alpha, b);
	if ((aspect == VK_IMAGE_ASPECT_DEPTH_BIT) != (b == GL_DEPTH_BITS) ||
	    (aspect == VK_IMAGE_ASPECT_STENCIL_BIT) != (b == GL_STENCIL_BITS))
		return 0;
	return ds_bits(fb->ds_format, b);
}

static GLint default_component_type(const struct vgl_fb *fb, VkImageAspectFlags aspect)
{
	if (aspect == VK_IMAGE_ASPECT_STENCIL_BIT)
		return GL_UNSIGNED_INT;
	if (aspect == VK_IMAGE_ASPECT_DEPTH_BIT && fb->ds_format == VK_FORMAT_D32_SFLOAT)
		return GL_FLOAT;
	return GL_UNSIGNED_NORMALIZED;
}

/* A parameter of a buffer framebuffer 0 has (GL_FRAMEBUFFER_DEFAULT); false:
 * pname is not one for it. */
static bool default_param(const struct vgl_fb *fb, VkImageAspectFlags aspect, GLenum pname,
			  GLint *out)
{
	if (pname >= GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE &&
	    pname <= GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE) {
		*out = default_size(fb, aspect, pname);
		return true;
	}
	switch (pname) {
	case GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE: *out = GL_FRAMEBUFFER_DEFAULT; return true;
	case GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE:
		*out = default_component_type(fb, aspect);
		return true;
	case GL_FRAMEBUFFER_ATTACHMENT_COLOR_ENCODING: *out = GL_LINEAR; return true;
	}
	return false;
}

GLenum vgl_framebuffer_default_param(struct vgl_context *ctx, bool read, GLenum attachment,
				     GLenum pname, GLint *out)
{
	VkImageAspectFlags aspect = default_attachment(attachment);
	struct vgl_fb fb;
	bool has;

	if (!aspect)
		return GL_INVALID_OPERATION;
	has = surface_fb(ctx, read ? ctx->read : ctx->draw, true, &fb) &&
	      (aspect == VK_IMAGE_ASPECT_COLOR_BIT || (fb.ds_aspects & aspect));
	if (has)
		return default_param(&fb, aspect, pname, out) ? GL_NO_ERROR : GL_INVALID_ENUM;
	/* no such buffer: its type is GL_NONE, and only the name (0) may be asked too */
	*out = 0;
	if (pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE ||
	    pname == GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME)
		return GL_NO_ERROR;
	return GL_INVALID_OPERATION;
}
