/* SPDX-License-Identifier: MIT */
/*
 * glReadPixels, glFlush, glFinish.
 *
 * A read copies the rectangle into a host-visible buffer in the context's
 * batch, submits it and waits for that submission only: the host runs a
 * context's work in order, so the copy already follows every earlier write.
 * A colour image no batch ever wrote holds nothing defined: it is read as
 * zeros without a flush or a wait (technique 2). Rows come out in memory
 * order, which is GL's bottom-up order (vgl_framebuffer.h), except from a
 * y-down window buffer, whose rows are turned around when stored.
 * vgl_surface_read uses the same copy for a window system that shows a
 * surface by copy (X11 PutImage). Into a pixel pack buffer, the copy goes
 * to the buffer itself where the format is the image's, and nothing is
 * submitted or waited for: mapping the buffer waits (vgl_pbo.h).
 */
#include <string.h>

#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_debug.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_framebuffer.h"
#include "vgl_pbo.h"
#include "vgl_pixel.h"
#include "vgl_procs.h"
#include "vgl_surface.h"

struct read_rect {
	int32_t x, y;            /* in the framebuffer */
	uint32_t w, h;
	uint32_t dst_x, dst_y;   /* where it lands in the client's rectangle */
};

/* The part of (x, y, w, h) inside the framebuffer; false if none. */
static bool clip(const struct vgl_fb *fb, GLint x, GLint y, GLsizei w, GLsizei h,
		 struct read_rect *r)
{
	int64_t x0 = x < 0 ? 0 : x, y0 = y < 0 ? 0 : y;
	int64_t x1 = (int64_t)x + w, y1 = (int64_t)y + h;

	x1 = x1 > fb->width ? fb->width : x1;
	y1 = y1 > fb->height ? fb->height : y1;
	if (x1 <= x0 || y1 <= y0)
		return false;
	*r = (struct read_rect){ (int32_t)x0, (int32_t)y0, (uint32_t)(x1 - x0), (uint32_t)(y1 - y0),
				 (uint32_t)(x0 - x), (uint32_t)(y0 - y) };
	return true;
}

static uint32_t format_bpp(VkFormat f)
{
	struct vgl_codec c;

	return vgl_codec_vk(f, &c) ? c.bpp : 4;
}

/* What a read produces: the image's texels as the client's format and type. */
struct read_conv {
	struct vgl_codec from, to;
};

static bool same_layout(const struct read_conv *c)
{
	return c->from.pack == c->to.pack && c->from.el == c->to.el && c->from.n == c->to.n &&
	       c->from.kind == c->to.kind && !memcmp(c->from.map, c->to.map, 4);
}

static size_t row_stride(const struct vgl_context *ctx, GLsizei w, uint32_t bpp)
{
	size_t len = (size_t)(ctx->st.pack_row_length > 0 ? ctx->st.pack_row_length : w) * bpp;
	size_t a = (size_t)ctx->st.pack_alignment;

	return (len + a - 1) / a * a;
}

/* One row of n texels from image to client layout (NULL src: zeros). */
static void convert_row(const struct read_conv *c, const uint8_t *src, uint8_t *d, uint32_t n)
{
	union vgl_texel t[64];

	if (!src) {
		memset(d, 0, (size_t)n * c->to.bpp);
		return;
	}
	if (same_layout(c)) {
		memcpy(d, src, (size_t)n * c->to.bpp);
		return;
	}
	for (uint32_t i = 0; i < n; i += 64) {
		uint32_t k = n - i < 64 ? n - i : 64;

		vgl_codec_decode(&c->from, src + (size_t)i * c->from.bpp, t, k);
		vgl_codec_encode(&c->to, t, d + (size_t)i * c->to.bpp, k);
	}
}

/* Where a read lands: the client's row 0 (pack skips applied) and its row stride. */
struct read_dst {
	uint8_t *pixels;
	size_t stride;
};

static struct read_dst pack_dst(const struct vgl_context *ctx, GLsizei w, uint32_t bpp,
				void *pixels)
{
	size_t stride = row_stride(ctx, w, bpp);

	return (struct read_dst){ (uint8_t *)pixels + (size_t)ctx->st.pack_skip_rows * stride +
					  (size_t)ctx->st.pack_skip_pixels * bpp, stride };
}

static void store(const struct vgl_fb *fb, const uint8_t *src, const struct read_rect *r,
		  const struct read_conv *c, const struct read_dst *dst)
{
	uint32_t out = c->to.bpp;
	size_t stride = dst->stride;
	uint8_t *pixels = dst->pixels;

	for (uint32_t y = 0; y < r->h; y++) {
		/* a y-down target's copy holds GL's rows top row first */
		size_t row = fb->y_down ? r->h - 1 - y : y;

		convert_row(c, src ? src + row * r->w * c->from.bpp : NULL,
			    pixels + (r->dst_y + y) * stride + (size_t)r->dst_x * out, r->w);
	}
}

static void record_copy(struct vgl_context *ctx, const struct vgl_fb *fb,
			const struct read_rect *r, VkBuffer dst)
{
	VkCommandBuffer cmd = vgl_batch_cmd(ctx);
	VkRect2D rows = vgl_fb_rect(fb, (VkRect2D){ { r->x, r->y }, { r->w, r->h } });
	/* the attached layer: vk/ takes a 3D image's slice from z, an array's from the layer */
	VkBufferImageCopy region = {
		.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, fb->color_level, fb->color_layer, 1 },
		.imageOffset = { rows.offset.x, rows.offset.y, (int32_t)fb->color_layer },
		.imageExtent = { r->w, r->h, 1 } };

	vgl_batch_end_rendering(ctx);
	vvk_CmdCopyImageToBuffer(cmd, fb->color_image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, dst, 1,
				 &region);
}

/* Copies the rectangle out through the GPU; the host copy lands in s->map. */
static int read_back(struct vgl_context *ctx, const struct vgl_fb *fb, const struct read_rect *r,
		     struct vgl_storage *s)
{
	if (!vgl_batch_cmd(ctx))
		return VGL_ERROR_OUT_OF_MEMORY;
	if (ctx->batch.rendering || ctx->batch.nr_uses)
		ctx->stats.access_flushes++;  /* earlier work goes with the copy */
	record_copy(ctx, fb, r, s->buf);
	return vgl_read_finish(ctx, s);
}

int vgl_read_finish(struct vgl_context *ctx, struct vgl_storage *s)
{
	VkMappedMemoryRange range = { .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
				      .memory = s->mem, .size = VK_WHOLE_SIZE };
	int ret;

	vgl_batch_use(ctx, &s->obj);
	ctx->stats.readbacks++;
	ret = vgl_batch_flush(ctx);
	if (ret == VGL_OK)
		ret = vgl_device_wait(ctx->dev, ctx->batch.last_value, UINT64_MAX);
	if (ret == VGL_OK)
		ret = vgl_result_from_vk(vvk_InvalidateMappedMemoryRanges(ctx->dev->dev, 1, &range));
	return ret;
}

/* Formats and types of ES 3.0's Table 3.2 that ES 2.0 does not know. */
static bool es3_read_format(GLenum f)
{
	return f == GL_RED || f == GL_RG || f == GL_RED_INTEGER || f == GL_RG_INTEGER ||
	       f == GL_RGB_INTEGER || f == GL_RGBA_INTEGER;
}

static bool es3_read_type(GLenum t)
{
	switch (t) {
	case GL_BYTE: case GL_SHORT: case GL_UNSIGNED_SHORT: case GL_INT: case GL_UNSIGNED_INT:
	case GL_HALF_FLOAT: case GL_FLOAT: case GL_UNSIGNED_INT_2_10_10_10_REV:
	case GL_UNSIGNED_INT_10F_11F_11F_REV: case GL_UNSIGNED_INT_5_9_9_9_REV:
		return true;
	}
	return false;
}

/* Whether format and type name a pair glReadPixels knows (GL_INVALID_ENUM
 * when not; EXT_read_format_bgra's packed pairs are not read: GL_INVALID_OPERATION). */
static bool known_read_pair(struct vgl_context *ctx, GLenum format, GLenum type)
{
	bool es3 = ctx->major >= 3;

	if (format == GL_BGRA_EXT && (type == GL_UNSIGNED_SHORT_4_4_4_4_REV_EXT ||
				      type == GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	if ((format == GL_RGBA || format == GL_RGB || format == GL_ALPHA || format == GL_BGRA_EXT ||
	     format == GL_LUMINANCE || format == GL_LUMINANCE_ALPHA ||
	     (es3 && es3_read_format(format))) &&
	    (type == GL_UNSIGNED_BYTE || type == GL_UNSIGNED_SHORT_5_6_5 ||
	     type == GL_UNSIGNED_SHORT_4_4_4_4 || type == GL_UNSIGNED_SHORT_5_5_5_1 ||
	     (es3 && es3_read_type(type))))
		return true;
	vgl_error(ctx, GL_INVALID_ENUM);
	return false;
}

/* ES 3.0 §4.3.1: the buffer's class's pair, the implementation's pair (the
 * buffer's own packing: RGB565 as RGB/5_6_5, ...), and BGRA
 * (EXT_read_format_bgra) of normalized buffers; the conversion into it.
 * known_read_pair has turned away the pairs of ES 3.0 in ES 2.0. */
static bool read_pair(const struct vgl_fb *fb, GLenum format, GLenum type, struct read_conv *c)
{
	GLenum sf, st, of, ot;

	if (!fb->color_image || !vgl_codec_vk(fb->color_format, &c->from) ||
	    !vgl_codec_gl(format, type, &c->to))
		return false;
	vgl_pixel_read_pair(fb->color_format, &sf, &st);
	vgl_pixel_impl_read_pair(fb->color_format, true, &of, &ot);
	if ((format == sf && type == st) || (format == of && type == ot))
		return true;
	return format == GL_BGRA_EXT && type == GL_UNSIGNED_BYTE && st == GL_UNSIGNED_BYTE;
}

static void read_pixels(struct vgl_context *ctx, const struct vgl_fb *fb,
			const struct read_rect *r, const struct read_conv *c,
			const struct read_dst *dst)
{
	struct vgl_storage *s;
	int ret = vgl_batch_sync_read(ctx);

	if (ret != VGL_OK) {
		vgl_error_result(ctx, ret);
		return;
	}
	if (!*fb->color_written) {
		store(fb, NULL, r, c, dst);
		return;
	}
	s = vgl_storage_create(ctx->dev, (VkDeviceSize)r->w * r->h * c->from.bpp, true);
	if (!s) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	vgl_debug_access_wait(ctx, "glReadPixels");
	ret = read_back(ctx, fb, r, s);
	if (ret == VGL_OK)
		store(fb, s->map, r, c, dst);
	vgl_error_result(ctx, ret);
	vgl_storage_unref(s);
}

/* ---- into a pixel pack buffer (vgl_pbo.h) ------------------------------------------------- */

/* The pack layout of the whole w x h rectangle of bpp-byte pixels. */
static bool pack_layout(const struct vgl_context *ctx, GLsizei w, GLsizei h, uint32_t bpp,
			struct vgl_pixel_layout *l)
{
	struct vgl_pixel_store ps = vgl_pack_store(&ctx->st);

	return vgl_pixel_layout(&ps, bpp, (uint32_t)w, (uint32_t)h, 1, l);
}

/* ES 3.0 §4.3.1's errors of a bound pack buffer (none without one). */
static bool pack_ok(struct vgl_context *ctx, GLsizei w, GLsizei h, uint32_t bpp, GLenum type,
		    const void *pixels)
{
	struct vgl_pixel_layout l;
	bool ok;

	if (!ctx->pixel_pack_buffer)
		return true;
	ok = pack_layout(ctx, w, h, bpp, &l);
	return vgl_pbo_access_ok(ctx, ctx->pixel_pack_buffer, (uintptr_t)pixels, ok, &l,
				 vgl_pixel_type_size(type));
}

/* Whether the GPU can write the buffer's bytes: the image's texels are
 * the format asked for, and the bytes between rows (which the copy
 * rewrites from the CPU copy) are current there. */
static bool packable(const struct vgl_fb *fb, const struct vgl_storage *s,
		     const struct read_conv *c, uint64_t at, uint64_t stride,
		     const struct read_rect *r)
{
	uint32_t bpp = c->to.bpp;
	uint64_t bytes = (r->h - 1) * stride + (uint64_t)r->w * bpp;

	if (!*fb->color_written || !same_layout(c) || stride % bpp)
		return false;
	return stride == (uint64_t)r->w * bpp || r->h == 1 || !vgl_storage_stale(s, at, bytes);
}

/* The copy image -> buffer at `at`: one region, or one per row from a
 * y-down target (its rows run the other way). Recorded, not submitted. */
static void record_pack(struct vgl_context *ctx, const struct vgl_fb *fb,
			const struct read_rect *r, struct vgl_storage *s, uint64_t at,
			uint64_t stride, uint32_t bpp)
{
	VkCommandBuffer cmd = vgl_batch_cmd(ctx);
	uint32_t regions = fb->y_down ? r->h : 1;
	VkBufferImageCopy region = {
		.bufferRowLength = (uint32_t)(stride / bpp),
		.imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, fb->color_level, fb->color_layer, 1 },
		.imageExtent = { r->w, r->h / regions, 1 } };

	if (!cmd)
		return;
	vgl_batch_end_rendering(ctx);
	for (uint32_t i = 0; i < regions; i++) {
		VkRect2D rows = vgl_fb_rect(fb, (VkRect2D){ { r->x, r->y + (int32_t)i },
							     { r->w, r->h / regions } });

		region.bufferOffset = at + i * stride;
		region.imageOffset = (VkOffset3D){ rows.offset.x, rows.offset.y,
						   (int32_t)fb->color_layer };
		vvk_CmdCopyImageToBuffer(cmd, fb->color_image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL,
					 s->buf, 1, &region);
	}
	vgl_batch_use(ctx, &s->obj);
	vgl_storage_gpu_writes(s, at, (r->h - 1) * stride + (uint64_t)r->w * bpp);
	ctx->stats.readbacks++;
}

/* glReadPixels into the pack buffer at `offset`: a GPU copy in the batch
 * (no flush, no wait) where the layout allows, else the client-memory
 * path on the buffer's CPU copy (waits). */
static void read_to_buffer(struct vgl_context *ctx, const struct vgl_fb *fb,
			   const struct read_rect *r, GLsizei w, GLsizei h,
			   const struct read_conv *c, uintptr_t offset)
{
	struct vgl_buffer *b = ctx->pixel_pack_buffer;
	struct vgl_pixel_layout l;
	struct read_dst dst;
	uint64_t at;
	uint8_t *p;

	pack_layout(ctx, w, h, c->to.bpp, &l);   /* checked by pack_ok */
	at = offset + l.skip + r->dst_y * l.stride + (uint64_t)r->dst_x * c->to.bpp;
	if (packable(fb, b->storage, c, at, l.stride, r)) {
		record_pack(ctx, fb, r, b->storage, at, l.stride, c->to.bpp);
		return;
	}
	p = vgl_buffer_cpu_access(ctx, b, (GLintptr)offset, (GLsizeiptr)(l.skip + l.span),
				  GL_MAP_READ_BIT | GL_MAP_WRITE_BIT);
	if (!p)
		return;
	dst = pack_dst(ctx, w, c->to.bpp, p);
	read_pixels(ctx, fb, r, c, &dst);
	vgl_buffer_upload(ctx, b, (GLintptr)offset, (GLsizeiptr)(l.skip + l.span));
}

/* ReadnPixels (KHR_robustness): whether the packed rectangle fits in
 * bufsize bytes of client memory. A pack buffer has its own bound (pack_ok),
 * and bufsize does not apply to it (as in Mesa). */
static bool fits_client(const struct vgl_context *ctx, GLsizei w, GLsizei h, uint32_t bpp,
			int64_t bufsize)
{
	struct vgl_pixel_layout l;

	if (ctx->pixel_pack_buffer || bufsize == INT64_MAX)
		return true;
	if (!pack_layout(ctx, w, h, bpp, &l))
		return false;
	return l.span == 0 || (bufsize >= 0 && l.skip + l.span <= (uint64_t)bufsize);
}

/* glReadPixels and glReadnPixels (bufsize INT64_MAX: none). */
static void read_n_pixels(GLint x, GLint y, GLsizei w, GLsizei h, GLenum format, GLenum type,
			  int64_t bufsize, void *pixels)
{
	struct vgl_context *ctx = vgl_current_context();
	struct read_conv c;
	struct read_rect r;
	struct read_dst dst;
	struct vgl_fb fb;

	if (!ctx)
		return;
	if (w < 0 || h < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	if (!known_read_pair(ctx, format, type))
		return;
	if (!vgl_framebuffer_read(ctx, &fb)) {
		vgl_error(ctx, GL_INVALID_FRAMEBUFFER_OPERATION);
		return;
	}
	if (vgl_framebuffer_read_error(&fb) != GL_NO_ERROR) {
		vgl_error(ctx, vgl_framebuffer_read_error(&fb));
		return;
	}
	if (!read_pair(&fb, format, type, &c) || !fits_client(ctx, w, h, c.to.bpp, bufsize)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	if (!pack_ok(ctx, w, h, c.to.bpp, type, pixels) || !clip(&fb, x, y, w, h, &r))
		return;
	if (ctx->pixel_pack_buffer)
		read_to_buffer(ctx, &fb, &r, w, h, &c, (uintptr_t)pixels);
	else if (pixels) {
		dst = pack_dst(ctx, w, c.to.bpp, pixels);
		read_pixels(ctx, &fb, &r, &c, &dst);
	}
}

static void GL_APIENTRY vgl_ReadPixels(GLint x, GLint y, GLsizei w, GLsizei h, GLenum format,
				       GLenum type, void *pixels)
{
	read_n_pixels(x, y, w, h, format, type, INT64_MAX, pixels);
}

static void GL_APIENTRY vgl_ReadnPixelsKHR(GLint x, GLint y, GLsizei w, GLsizei h, GLenum format,
					   GLenum type, GLsizei bufsize, void *pixels)
{
	read_n_pixels(x, y, w, h, format, type, bufsize, pixels);
}

void vgl_read_texels(struct vgl_context *ctx, const struct vgl_fb *fb, const GLint src[2],
		     GLsizei w, GLsizei h, const struct vgl_codec *to, void *pixels)
{
	struct read_conv c = { .to = *to };
	struct read_rect r;

	if (!fb->color_image || !vgl_codec_vk(fb->color_format, &c.from) ||
	    !clip(fb, src[0], src[1], w, h, &r))
		return;
	read_pixels(ctx, fb, &r, &c, &(struct read_dst){ pixels, (size_t)w * to->bpp });
}

/* ---- a surface's whole colour image (vgl_surface_read) --------------------------- */

/* The surface's host buffer for a read of `size` bytes, kept across presents. */
static struct vgl_storage *readback_storage(struct vgl_surface *surf, VkDeviceSize size)
{
	if (surf->readback && surf->readback->size < size) {
		vgl_storage_unref(surf->readback);
		surf->readback = NULL;
	}
	if (!surf->readback)
		surf->readback = vgl_storage_create(surf->dev, size, true);
	return surf->readback;
}

static void copy_rows(const struct vgl_surface *surf, const uint8_t *src, uint8_t *dst,
		      size_t stride, bool top_down)
{
	size_t row = (size_t)surf->info.width * format_bpp(surf->color.format);
	uint32_t h = surf->info.height;

	for (uint32_t y = 0; y < h; y++) {
		/* memory row 0 is GL's bottom row (vgl_surface.h) */
		uint8_t *d = dst + (size_t)(top_down ? h - 1 - y : y) * stride;

		if (src)
			memcpy(d, src + y * row, row);
		else
			memset(d, 0, row);
	}
}

int vgl_surface_read(struct vgl_context *ctx, struct vgl_surface *surf, void *dst, size_t stride,
		     bool top_down)
{
	struct vgl_fb fb = { .color_image = surf->color.image, .color_format = surf->color.format,
			     .width = surf->info.width, .height = surf->info.height };
	struct read_rect r = { 0, 0, surf->info.width, surf->info.height, 0, 0 };
	struct vgl_storage *s;
	int ret;

	if (surf->info.window || !surf->color.image)
		return VGL_ERROR_BAD_ATTRIBUTE;
	vgl_surface_resolve(ctx, surf);
	if (!surf->color_written) {
		copy_rows(surf, NULL, dst, stride, top_down);
		return VGL_OK;
	}
	s = readback_storage(surf, (VkDeviceSize)r.w * r.h * format_bpp(fb.color_format));
	if (!s)
		return VGL_ERROR_OUT_OF_MEMORY;
	ret = read_back(ctx, &fb, &r, s);
	if (ret == VGL_OK)
		copy_rows(surf, s->map, dst, stride, top_down);
	return ret;
}

static void GL_APIENTRY vgl_Flush(void)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx)
		vgl_error_result(ctx, vgl_batch_flush(ctx));
}

static void GL_APIENTRY vgl_Finish(void)
{
	struct vgl_context *ctx = vgl_current_context();

	if (ctx)
		vgl_error_result(ctx, vgl_context_finish(ctx));
}

const struct vgl_proc vgl_read_procs[] = {
	VGL_PROC(ReadPixels), VGL_PROC(ReadnPixelsKHR),
	{ "glReadnPixelsEXT", (void *)vgl_ReadnPixelsKHR },
	{ NULL, NULL },
};

const struct vgl_proc vgl_flush_procs[] = {
	VGL_PROC(Flush), VGL_PROC(Finish),
	{ NULL, NULL },
};
