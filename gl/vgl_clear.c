/* SPDX-License-Identifier: MIT */
/*
 * glClear and glClearBuffer*. Inside the open rendering, vvk_CmdClearAttachments
 * clears the scissor box (vk/ clears a whole attachment with the host's
 * CLEAR and draws anything smaller: the host's CLEAR ignores scissors).
 * Neither the host's CLEAR nor Vulkan's clears honour write masks, so a
 * clear under a partial colour mask or a partial stencil write mask is
 * drawn instead (vgl_clear_draw.c).
 */
#include "vgl_clear.h"

#include <string.h>

#include "vgl_context.h"
#include "vgl_fbo.h"
#include "vgl_framebuffer.h"
#include "vgl_pixel_codec.h"
#include "vgl_procs.h"

/* The area a clear touches: the scissor box inside the framebuffer, in its rows. */
static bool clear_rect(const struct vgl_context *ctx, const struct vgl_fb *fb, VkRect2D *r)
{
	int64_t x0 = 0, y0 = 0, x1 = fb->width, y1 = fb->height;

	if (ctx->st.scissor_test[0]) {  /* slot 0's (OES_viewport_array) */
		const GLint *s = ctx->st.scissor[0];

		x0 = s[0] > 0 ? s[0] : 0;
		y0 = s[1] > 0 ? s[1] : 0;
		x1 = (int64_t)s[0] + s[2] < x1 ? (int64_t)s[0] + s[2] : x1;
		y1 = (int64_t)s[1] + s[3] < y1 ? (int64_t)s[1] + s[3] : y1;
	}
	if (x1 <= x0 || y1 <= y0)
		return false;
	*r = vgl_fb_rect(fb, (VkRect2D){ { (int32_t)x0, (int32_t)y0 },
					 { (uint32_t)(x1 - x0), (uint32_t)(y1 - y0) } });
	return true;
}

/* Of the draw buffers in `want`, those with an image (not GL_NONE). */
static uint32_t drawn_buffers(const struct vgl_fb *fb, uint32_t want)
{
	uint32_t m = 0;

	for (uint32_t i = 0; i < fb->nr_draw; i++)
		if (fb->draw[i].view && (want & (1u << i)))
			m |= 1u << i;
	return m;
}

/* Each draw buffer's colour mask (RGBA bits 4i..4i+3); the buffers whose
 * mask writes nothing leave `buffers`. */
static uint32_t color_masks(const struct vgl_state *st, uint32_t *buffers)
{
	uint32_t all = 0;

	for (uint32_t i = 0; i < VGL_MAX_DRAW_BUFFERS; i++) {
		const bool *m = st->db[i].color_mask;
		uint32_t bits = (m[0] ? 1u : 0) | (m[1] ? 2u : 0) | (m[2] ? 4u : 0) | (m[3] ? 8u : 0);

		if (!bits)
			*buffers &= ~(1u << i);
		all |= bits << (4 * i);
	}
	return all;
}

/* Drops what the masks or the framebuffer rule out; fills the masks. */
static void apply_masks(const struct vgl_context *ctx, const struct vgl_fb *fb,
			struct vgl_clear_req *req)
{
	const struct vgl_state *st = &ctx->st;

	req->stencil_mask = st->stencil[0].write_mask & 0xff;
	req->color_buffers = drawn_buffers(fb, req->color_buffers ? req->color_buffers : ~0u);
	req->color_masks = color_masks(st, &req->color_buffers);
	req->color &= req->color_buffers != 0;
	req->depth &= st->depth_mask && (fb->ds_aspects & VK_IMAGE_ASPECT_DEPTH_BIT);
	req->stencil &= req->stencil_mask && (fb->ds_aspects & VK_IMAGE_ASPECT_STENCIL_BIT);
	/* an alpha-less framebuffer 0 keeps alpha 1 (vgl_framebuffer.h): its
	 * clears write that, masked or not, and need no drawn clear for it */
	if (fb->no_alpha && req->color) {
		req->color_masks |= 8u;
		req->color_value.float32[3] = 1.0f;
	}
}

/* A masked clear is drawn: some cleared buffer keeps a channel, or stencil bits. */
static bool needs_draw(const struct vgl_clear_req *req)
{
	for (uint32_t i = 0; req->color && i < VGL_MAX_DRAW_BUFFERS; i++)
		if ((req->color_buffers & (1u << i)) && ((req->color_masks >> (4 * i)) & 0xf) != 0xf)
			return true;
	return req->stencil && req->stencil_mask != 0xff;
}

static uint32_t attachments(const struct vgl_clear_req *req,
			    VkClearAttachment out[VGL_MAX_DRAW_BUFFERS + 1])
{
	VkImageAspectFlags ds = (req->depth ? VK_IMAGE_ASPECT_DEPTH_BIT : 0) |
				(req->stencil ? VK_IMAGE_ASPECT_STENCIL_BIT : 0);
	uint32_t n = 0;

	for (uint32_t i = 0; req->color && i < VGL_MAX_DRAW_BUFFERS; i++)
		if (req->color_buffers & (1u << i))
			out[n++] = (VkClearAttachment){ VK_IMAGE_ASPECT_COLOR_BIT, i,
							{ .color = req->color_value } };
	if (ds)
		out[n++] = (VkClearAttachment){ ds, 0, .clearValue.depthStencil = {
			req->depth_value, req->stencil_value & 0xff } };
	return n;
}

/* Clears rect of fb's buffers that req names. */
static void clear_in(struct vgl_context *ctx, const struct vgl_fb *fb,
		     const struct vgl_clear_req *req, const VkClearRect *rect)
{
	VkClearAttachment att[VGL_MAX_DRAW_BUFFERS + 1];
	VkCommandBuffer cmd = vgl_batch_render(ctx, fb);

	if (!cmd)
		return;
	if (needs_draw(req))
		vgl_clear_draw(ctx, fb, req, &rect->rect);
	else
		vvk_CmdClearAttachments(cmd, attachments(req, att), att, 1, rect);
	for (uint32_t i = 0; req->color && i < fb->nr_draw; i++)
		if (req->color_buffers & (1u << i))
			*fb->draw[i].written = true;
}

/* A clear of a layered framebuffer clears every layer: the host's CLEAR
 * of the whole does, a clear drawn (scissored or masked) reaches one
 * layer, so those go layer by layer. */
static bool clear_by_layer(const struct vgl_fb *fb, const struct vgl_clear_req *req,
			   const VkRect2D *r)
{
	return fb->layers > 1 &&
	       (needs_draw(req) || r->offset.x || r->offset.y || r->extent.width != fb->width ||
		r->extent.height != fb->height);
}

static void clear_layers(struct vgl_context *ctx, uint32_t layers,
			 const struct vgl_clear_req *req, const VkClearRect *rect)
{
	struct vgl_fb one;

	for (uint32_t l = 0; l < layers; l++)
		if (vgl_fbo_describe_layer(ctx, l, &one))
			clear_in(ctx, &one, req, rect);
}

void vgl_clear(struct vgl_context *ctx, struct vgl_clear_req *req)
{
	VkClearRect rect = { .layerCount = 1 };
	struct vgl_fb fb;

	if (!vgl_framebuffer_draw(ctx, &fb)) {
		vgl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
		return;
	}
	apply_masks(ctx, &fb, req);
	if (!(req->color || req->depth || req->stencil) || ctx->st.rasterizer_discard ||
	    !clear_rect(ctx, &fb, &rect.rect))
		return;
	if (clear_by_layer(&fb, req, &rect.rect))
		clear_layers(ctx, fb.layers, req, &rect);
	else
		clear_in(ctx, &fb, req, &rect);
}

void vgl_clear_alpha_one(struct vgl_context *ctx, const struct vgl_fb *fb)
{
	struct vgl_clear_req req = { .color = true, .color_buffers = 1u, .color_masks = 8u,
				     .color_value.float32 = { 0, 0, 0, 1 } };
	VkRect2D all = { { 0, 0 }, { fb->width, fb->height } };

	if (fb->nr_draw && fb->draw[0].view && vgl_batch_render(ctx, fb))
		vgl_clear_draw(ctx, fb, &req, &all);
}

static void GL_APIENTRY vgl_Clear(GLbitfield mask)
{
	struct vgl_context *ctx = vgl_current_context();
	const struct vgl_state *st;

	if (!ctx)
		return;
	if (mask & ~(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	st = &ctx->st;
	vgl_clear(ctx, &(struct vgl_clear_req){
		.color = mask & GL_COLOR_BUFFER_BIT, .depth = mask & GL_DEPTH_BUFFER_BIT,
		.stencil = mask & GL_STENCIL_BUFFER_BIT,
		.color_value.float32 = { st->clear_color[0], st->clear_color[1], st->clear_color[2],
					 st->clear_color[3] },
		.depth_value = st->clear_depth, .stencil_value = (uint32_t)st->clear_stencil });
}

/* ---- glClearBuffer* (ES 3.0): one draw buffer, or depth / stencil ------------------------ */

static bool clear_buffer_ok(struct vgl_context *ctx, GLenum buffer, GLint drawbuffer,
			    GLenum want)
{
	if (buffer != want && !(want == GL_DEPTH && buffer == GL_STENCIL)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return false;
	}
	if ((buffer == GL_COLOR && (drawbuffer < 0 ||
				    (uint32_t)drawbuffer >= vgl_framebuffer_max_draw_buffers(ctx))) ||
	    (buffer != GL_COLOR && drawbuffer != 0)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return false;
	}
	return true;
}

/* glClearBuffer{i,ui}v on colour: the values as the attachment's integers
 * (`kind`); a buffer of another class keeps its contents (ES 3.0 §4.2.3:
 * undefined, and no error). */
static void clear_color_int(struct vgl_context *ctx, const void *v, enum vgl_texel_kind kind)
{
	struct vgl_clear_req req = { .color = true };
	struct vgl_codec c;
	struct vgl_fb fb;

	if (vgl_framebuffer_draw(ctx, &fb) &&
	    (!vgl_codec_vk(fb.color_format, &c) || c.kind != kind))
		return;
	memcpy(req.color_value.int32, v, sizeof(req.color_value.int32));
	vgl_clear(ctx, &req);   /* an incomplete framebuffer: its error */
}

static void GL_APIENTRY vgl_ClearBufferfv(GLenum buffer, GLint drawbuffer, const GLfloat *v)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_clear_req req = { 0 };

	if (!ctx)
		return;
	if (buffer == GL_DEPTH) {
		if (clear_buffer_ok(ctx, buffer, drawbuffer, GL_DEPTH))
			vgl_clear(ctx, &(struct vgl_clear_req){ .depth = true, .depth_value = v[0] });
		return;
	}
	if (!clear_buffer_ok(ctx, buffer, drawbuffer, GL_COLOR))
		return;
	req.color = true;
	req.color_buffers = 1u << drawbuffer;
	for (int i = 0; i < 4; i++)
		req.color_value.float32[i] = v[i];
	vgl_clear(ctx, &req);
}

static void GL_APIENTRY vgl_ClearBufferiv(GLenum buffer, GLint drawbuffer, const GLint *v)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return;
	if (buffer == GL_STENCIL) {
		if (clear_buffer_ok(ctx, buffer, drawbuffer, GL_STENCIL))
			vgl_clear(ctx, &(struct vgl_clear_req){ .stencil = true,
								.stencil_value = (uint32_t)v[0] });
		return;
	}
	if (clear_buffer_ok(ctx, buffer, drawbuffer, GL_COLOR))
		clear_color_int(ctx, v, VGL_TEXEL_SINT);
}

static void GL_APIENTRY vgl_ClearBufferuiv(GLenum buffer, GLint drawbuffer, const GLuint *v)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx && clear_buffer_ok(ctx, buffer, drawbuffer, GL_COLOR))
		clear_color_int(ctx, v, VGL_TEXEL_UINT);
}

static void GL_APIENTRY vgl_ClearBufferfi(GLenum buffer, GLint drawbuffer, GLfloat depth,
					  GLint stencil)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return;
	if (buffer != GL_DEPTH_STENCIL) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (drawbuffer != 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	vgl_clear(ctx, &(struct vgl_clear_req){ .depth = true, .stencil = true, .depth_value = depth,
						.stencil_value = (uint32_t)stencil });
}

const struct vgl_proc vgl_clear_procs[] = {
	VGL_PROC(Clear), VGL_PROC(ClearBufferfv), VGL_PROC(ClearBufferiv),
	VGL_PROC(ClearBufferuiv), VGL_PROC(ClearBufferfi),
	{ NULL, NULL },
};
