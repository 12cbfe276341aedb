/* SPDX-License-Identifier: MIT */
/*
 * glBlitFramebuffer (ES 3.0 §4.3.3): the read buffer into every draw
 * buffer, depth and stencil image to image, all as vk/ transfers
 * (vvk_CmdBlitImage: the host runs its own blit, scaling, mirroring and
 * filtering as GL does) recorded in the context's batch after the work that
 * drew the source. A multisample read framebuffer is resolved
 * (vvk_CmdResolveImage).
 *
 * Rectangles are GL's, y up; a window buffer (y-down, vgl_framebuffer.h)
 * takes them mirrored, which the host's blit does with negative extents.
 * Both rectangles are clipped to their framebuffers and to the scissor box,
 * moving the other rectangle in step (a scaled blit's clipped edge rounds to
 * whole pixels).
 */
#include <math.h>
#include <stdlib.h>

#include "vgl_clear.h"
#include "vgl_context.h"
#include "vgl_framebuffer.h"
#include "vgl_pixel.h"
#include "vgl_pixel_codec.h"
#include "vgl_procs.h"
#include "vgl_texture.h"

#define BLIT_BUFFERS (GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)

/* One axis of a blit: source and destination edges, GL's coordinates. */
struct span {
	double s0, s1, d0, d1;
};

/* Moves the destination edges into [lo, hi), the source edges in step. */
static void clip_dst(struct span *a, double lo, double hi)
{
	double k = (a->s1 - a->s0) / (a->d1 - a->d0);  /* source per destination */

	if (a->d0 < lo) {
		a->s0 += (lo - a->d0) * k;
		a->d0 = lo;
	}
	if (a->d1 > hi) {
		a->s1 -= (a->d1 - hi) * k;
		a->d1 = hi;
	}
}

/* Moves the source edges into [0, max), the destination edges in step. */
static void clip_src(struct span *a, double max)
{
	struct span t = { a->d0, a->d1, a->s0, a->s1 };

	/* the same clip with the roles swapped, kept ascending on the clipped side */
	if (t.d0 > t.d1)
		t = (struct span){ t.s1, t.s0, t.d1, t.d0 };
	clip_dst(&t, 0, max);
	*a = a->s0 <= a->s1 ? (struct span){ t.d0, t.d1, t.s0, t.s1 }
			    : (struct span){ t.d1, t.d0, t.s1, t.s0 };
}

/* Clips one axis; false: nothing of it is left. */
static bool clip_axis(struct span *a, double src_max, double dst_lo, double dst_hi)
{
	if (a->d0 == a->d1 || a->s0 == a->s1)
		return false;
	/* destination ascending; a mirrored blit has the source descending */
	if (a->d0 > a->d1)
		*a = (struct span){ a->s1, a->s0, a->d1, a->d0 };
	clip_dst(a, dst_lo, dst_hi);
	if (a->d1 <= a->d0)
		return false;
	clip_src(a, src_max);
	a->s0 = round(a->s0);
	a->s1 = round(a->s1);
	a->d0 = round(a->d0);
	a->d1 = round(a->d1);
	return a->d1 > a->d0 && a->s0 != a->s1;
}

struct blit {
	struct vgl_fb src, dst;
	struct span x, y;
	GLbitfield mask;
	VkFilter filter;
};

/* The scissor box's rows of the destination as [lo, hi) per axis. */
static void scissor_bounds(const struct vgl_context *ctx, const struct vgl_fb *fb, double lo[2],
			   double hi[2])
{
	const GLint *s = ctx->st.scissor[0];  /* slot 0's (OES_viewport_array) */

	lo[0] = lo[1] = 0;
	hi[0] = fb->width;
	hi[1] = fb->height;
	if (!ctx->st.scissor_test[0])
		return;
	lo[0] = fmax(lo[0], s[0]);
	lo[1] = fmax(lo[1], s[1]);
	hi[0] = fmin(hi[0], (double)s[0] + s[2]);
	hi[1] = fmin(hi[1], (double)s[1] + s[3]);
}

static bool clip(const struct vgl_context *ctx, struct blit *b)
{
	double lo[2], hi[2];

	scissor_bounds(ctx, &b->dst, lo, hi);
	return clip_axis(&b->x, b->src.width, lo[0], hi[0]) &&
	       clip_axis(&b->y, b->src.height, lo[1], hi[1]);
}

/* ---- errors (ES 3.0 §4.3.3) ----------------------------------------------------------------- */

static bool has_ds(const struct vgl_fb *fb, VkImageAspectFlags aspect)
{
	return fb->ds_image && (fb->ds_aspects & aspect);
}

/* Drops the buffers one framebuffer lacks: their bits are ignored. */
static GLbitfield present(const struct blit *b)
{
	GLbitfield m = b->mask;

	if (!b->src.color_image || !b->dst.nr_draw)
		m &= ~(GLbitfield)GL_COLOR_BUFFER_BIT;
	if (!has_ds(&b->src, VK_IMAGE_ASPECT_DEPTH_BIT) || !has_ds(&b->dst, VK_IMAGE_ASPECT_DEPTH_BIT))
		m &= ~(GLbitfield)GL_DEPTH_BUFFER_BIT;
	if (!has_ds(&b->src, VK_IMAGE_ASPECT_STENCIL_BIT) ||
	    !has_ds(&b->dst, VK_IMAGE_ASPECT_STENCIL_BIT))
		m &= ~(GLbitfield)GL_STENCIL_BUFFER_BIT;
	return m;
}

static bool overlap(const GLint s[4], const GLint d[4])
{
	return fmin(s[0], s[2]) < fmax(d[0], d[2]) && fmin(d[0], d[2]) < fmax(s[0], s[2]) &&
	       fmin(s[1], s[3]) < fmax(d[1], d[3]) && fmin(d[1], d[3]) < fmax(s[1], s[3]);
}

/* The read buffer is one of the draw buffers, or the depth/stencil image
 * both: ES forbids blitting a buffer onto itself where the rectangles meet. */
static bool same_buffer(const struct blit *b, const GLint s[4], const GLint d[4])
{
	bool same = (b->mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) &&
		    b->src.ds_image == b->dst.ds_image && b->src.ds_level == b->dst.ds_level &&
		    b->src.ds_layer == b->dst.ds_layer;

	for (uint32_t i = 0; (b->mask & GL_COLOR_BUFFER_BIT) && i < b->dst.nr_draw; i++)
		same |= b->dst.draw[i].image == b->src.color_image &&
			b->dst.draw[i].level == b->src.color_level &&
			b->dst.draw[i].layer == b->src.color_layer;
	return same && overlap(s, d);
}

/* The same format as GL sees it: a window's BGRA buffer is GL_RGBA8 too. */
static bool same_gl_format(VkFormat a, VkFormat b)
{
	if (a == VK_FORMAT_B8G8R8A8_UNORM)
		a = VK_FORMAT_R8G8B8A8_UNORM;
	if (b == VK_FORMAT_B8G8R8A8_UNORM)
		b = VK_FORMAT_R8G8B8A8_UNORM;
	return a == b;
}

/* A multisample read framebuffer resolves: same rectangles, same formats. */
static bool resolve_ok(const struct blit *b, const GLint s[4], const GLint d[4])
{
	if (b->src.samples <= 1)
		return true;
	if (s[0] != d[0] || s[1] != d[1] || s[2] != d[2] || s[3] != d[3])
		return false;
	for (uint32_t i = 0; (b->mask & GL_COLOR_BUFFER_BIT) && i < b->dst.nr_draw; i++)
		if (b->dst.draw[i].view && !same_gl_format(b->dst.draw[i].format, b->src.color_format))
			return false;
	return true;
}

/* Colour goes between buffers of one class, and integers never filter linearly. */
static bool classes_ok(const struct blit *b)
{
	int src = vgl_pixel_vk_int_class(b->src.color_format);

	if (!(b->mask & GL_COLOR_BUFFER_BIT))
		return true;
	if (src && b->filter == VK_FILTER_LINEAR)
		return false;
	for (uint32_t i = 0; i < b->dst.nr_draw; i++)
		if (b->dst.draw[i].view && vgl_pixel_vk_int_class(b->dst.draw[i].format) != src)
			return false;
	return true;
}

/* The GL error of a blit whose framebuffers are complete; mask: present buffers. */
static GLenum blit_error(const struct blit *b, const GLint s[4], const GLint d[4])
{
	if (b->dst.samples > 1 || !resolve_ok(b, s, d) || same_buffer(b, s, d) || !classes_ok(b))
		return GL_INVALID_OPERATION;
	/* depth and stencil copy between images of one format */
	if ((b->mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) &&
	    b->src.ds_format != b->dst.ds_format)
		return GL_INVALID_OPERATION;
	return GL_NO_ERROR;
}

/* ---- the transfers -------------------------------------------------------------------------- */

/* GL's y edge as the framebuffer's row edge (mirrored on a y-down one). */
static int32_t row(const struct vgl_fb *fb, double y)
{
	return (int32_t)(fb->y_down ? fb->height - y : y);
}

static void src_offsets(const struct blit *b, VkOffset3D o[2])
{
	o[0] = (VkOffset3D){ (int32_t)b->x.s0, row(&b->src, b->y.s0), 0 };
	o[1] = (VkOffset3D){ (int32_t)b->x.s1, row(&b->src, b->y.s1), 1 };
}

static void dst_offsets(const struct blit *b, VkOffset3D o[2])
{
	o[0] = (VkOffset3D){ (int32_t)b->x.d0, row(&b->dst, b->y.d0), 0 };
	o[1] = (VkOffset3D){ (int32_t)b->x.d1, row(&b->dst, b->y.d1), 1 };
}

static void blit_color(VkCommandBuffer cmd, const struct blit *b, const struct vgl_fb_color *d)
{
	VkImageBlit r = {
		.srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, b->src.color_level,
				    b->src.color_layer, 1 },
		.dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, d->level, d->layer, 1 } };

	src_offsets(b, r.srcOffsets);
	dst_offsets(b, r.dstOffsets);
	vvk_CmdBlitImage(cmd, b->src.color_image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->image,
			 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r, b->filter);
}

static void blit_ds(VkCommandBuffer cmd, const struct blit *b, VkImageAspectFlags aspects)
{
	VkImageBlit r = { .srcSubresource = { aspects, b->src.ds_level, b->src.ds_layer, 1 },
			  .dstSubresource = { aspects, b->dst.ds_level, b->dst.ds_layer, 1 } };

	src_offsets(b, r.srcOffsets);
	dst_offsets(b, r.dstOffsets);
	/* depth and stencil are NEAREST only; a multisample source resolves
	 * in the host's blit (sample 0, as GL does for them) */
	vvk_CmdBlitImage(cmd, b->src.ds_image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
			 b->dst.ds_image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &r,
			 VK_FILTER_NEAREST);
}

/* A resolve keeps the rows as they are: both framebuffers run the same way. */
static void resolve_color(VkCommandBuffer cmd, const struct blit *b, const struct vgl_fb_color *d)
{
	VkOffset3D s[2], o[2];

	src_offsets(b, s);
	dst_offsets(b, o);
	vvk_CmdResolveImage(cmd, b->src.color_image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, d->image,
			    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &(VkImageResolve){
		.srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, b->src.color_level,
				    b->src.color_layer, 1 },
		.srcOffset = { s[0].x, s[0].y < s[1].y ? s[0].y : s[1].y, 0 },
		.dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, d->level, d->layer, 1 },
		.dstOffset = { o[0].x, o[0].y < o[1].y ? o[0].y : o[1].y, 0 },
		.extent = { (uint32_t)(s[1].x - s[0].x), (uint32_t)abs(s[1].y - s[0].y), 1 } });
}

/* Into a window buffer (y-down) from a multisample FBO (y-up): a resolve
 * cannot mirror, so it resolves into an image of its own, blitted mirrored. */
static void resolve_mirrored(struct vgl_context *ctx, VkCommandBuffer cmd, const struct blit *b,
			     const struct vgl_fb_color *d)
{
	uint32_t w = (uint32_t)(b->x.s1 - b->x.s0), h = (uint32_t)(b->y.s1 - b->y.s0);
	struct vgl_tex_storage *t = vgl_tex_storage_create(ctx->dev, &(struct vgl_tex_storage_info){
		.format = b->src.color_format, .width = w, .height = h, .levels = 1 });
	struct blit tb = *b;

	if (!t) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	vgl_batch_use(ctx, &t->obj);  /* lives until the batch completes */
	tb.dst = (struct vgl_fb){ .width = w, .height = h };
	tb.x.d0 = tb.y.d0 = 0;
	tb.x.d1 = w;
	tb.y.d1 = h;
	resolve_color(cmd, &tb, &(struct vgl_fb_color){ .image = t->image });
	tb.src = (struct vgl_fb){ .color_image = t->image, .width = w, .height = h };
	tb.x = (struct span){ 0, w, b->x.d0, b->x.d1 };
	tb.y = (struct span){ 0, h, b->y.d0, b->y.d1 };
	tb.dst = b->dst;
	blit_color(cmd, &tb, d);
	vgl_tex_storage_unref(t);
}

static void copy_color(struct vgl_context *ctx, VkCommandBuffer cmd, const struct blit *b)
{
	for (uint32_t i = 0; i < b->dst.nr_draw; i++) {
		const struct vgl_fb_color *d = &b->dst.draw[i];

		if (!d->view)
			continue;
		if (b->src.samples <= 1)
			blit_color(cmd, b, d);
		else if (b->src.y_down == b->dst.y_down)
			resolve_color(cmd, b, d);
		else
			resolve_mirrored(ctx, cmd, b, d);
		*d->written = true;
	}
	if (b->dst.no_alpha)
		vgl_clear_alpha_one(ctx, &b->dst);
}

static void run(struct vgl_context *ctx, struct blit *b)
{
	VkImageAspectFlags ds = ((b->mask & GL_DEPTH_BUFFER_BIT) ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) |
				((b->mask & GL_STENCIL_BUFFER_BIT) ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
	VkCommandBuffer cmd = vgl_batch_cmd(ctx);

	if (!cmd || !clip(ctx, b))
		return;
	vgl_batch_end_rendering(ctx);
	if (b->mask & GL_COLOR_BUFFER_BIT)
		copy_color(ctx, cmd, b);
	if (ds)
		blit_ds(cmd, b, ds);
}

/* ---- the entry point ---------------------------------------------------------------------- */

static GLenum arg_error(GLbitfield mask, GLenum filter)
{
	if (mask & ~(GLbitfield)BLIT_BUFFERS)
		return GL_INVALID_VALUE;
	if (filter != GL_NEAREST && filter != GL_LINEAR)
		return GL_INVALID_ENUM;
	if (filter == GL_LINEAR && (mask & (GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)))
		return GL_INVALID_OPERATION;
	return GL_NO_ERROR;
}

static void GL_APIENTRY vgl_BlitFramebuffer(GLint srcX0, GLint srcY0, GLint srcX1, GLint srcY1,
					    GLint dstX0, GLint dstY0, GLint dstX1, GLint dstY1,
					    GLbitfield mask, GLenum filter)
{
	struct vgl_context *ctx = vgl_current_context();
	const GLint s[4] = { srcX0, srcY0, srcX1, srcY1 }, d[4] = { dstX0, dstY0, dstX1, dstY1 };
	struct blit b = { .x = { srcX0, srcX1, dstX0, dstX1 }, .y = { srcY0, srcY1, dstY0, dstY1 },
			  .mask = mask,
			  .filter = filter == GL_LINEAR ? VK_FILTER_LINEAR : VK_FILTER_NEAREST };
	GLenum err;

	if (!ctx)
		return;
	err = arg_error(mask, filter);
	if (err == GL_NO_ERROR &&
	    (!vgl_framebuffer_read(ctx, &b.src) || !vgl_framebuffer_draw(ctx, &b.dst)))
		err = GL_INVALID_FRAMEBUFFER_OPERATION;
	if (err == GL_NO_ERROR) {
		b.mask = present(&b);
		err = blit_error(&b, s, d);
	}
	if (err != GL_NO_ERROR) {
		vgl_error(ctx, err);
		return;
	}
	if (b.mask)
		run(ctx, &b);
}

const struct vgl_proc vgl_blit_procs[] = {
	VGL_PROC(BlitFramebuffer),
	{ NULL, NULL },
};
