/* SPDX-License-Identifier: MIT */
/* Texture storage: the VkImage, its views and uploads into it (vgl_texture.h). */
#include <stdlib.h>
#include <string.h>

#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_pixel.h"
#include "vgl_surface.h"
#include "vgl_texture.h"

uint32_t vgl_tex_level_size(uint32_t base, uint32_t level)
{
	uint32_t v = level < 32 ? base >> level : 0;

	return v ? v : 1;
}

uint32_t vgl_tex_storage_level_depth(const struct vgl_tex_storage *s, uint32_t level)
{
	if (s->is_3d)
		return vgl_tex_level_size(s->depth, level);
	return s->array ? s->layers : 1;
}

static void storage_free(struct vgl_device *dev, void *arg)
{
	struct vgl_tex_storage *s = arg;

	for (uint32_t i = 0; i < s->nr_views; i++)
		vvk_DestroyImageView(dev->dev, s->views[i].view, NULL);
	/* an alias's views go before the image they view */
	if (s->parent) {
		vgl_tex_storage_unref(s->parent);
	} else {
		vvk_DestroyImage(dev->dev, s->image, NULL);
		vvk_FreeMemory(dev->dev, s->mem, NULL);
	}
	pthread_mutex_destroy(&s->lock);
	free(s->views);
	free(s);
}

/* Every batch that used it is submitted: it goes once they complete. */
static void storage_destroy(struct vgl_object *o)
{
	struct vgl_tex_storage *s = (struct vgl_tex_storage *)o;

	vgl_device_defer(s->dev, storage_free, s);
}

static VkResult create_image(struct vgl_device *dev, struct vgl_tex_storage *s,
			     const struct vgl_tex_storage_info *info, bool attachment)
{
	bool color = s->aspects == VK_IMAGE_ASPECT_COLOR_BIT;
	VkImageCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO,
		.imageType = info->depth ? VK_IMAGE_TYPE_3D : VK_IMAGE_TYPE_2D,
		.flags = info->cube ? VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT : 0,
		.pNext = info->dma_buf,
		.format = info->format, .extent = { info->width, info->height, s->depth },
		.mipLevels = info->levels, .arrayLayers = s->layers,
		.samples = (VkSampleCountFlagBits)s->samples, .tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = VK_IMAGE_USAGE_TRANSFER_SRC_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
			 VK_IMAGE_USAGE_SAMPLED_BIT };

	if (attachment)
		ci.usage |= color ? VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT
				  : VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT;
	return vvk_CreateImage(dev->dev, &ci, NULL, &s->image);
}

static VkResult bind_memory(struct vgl_device *dev, struct vgl_tex_storage *s)
{
	VkMemoryRequirements req;
	VkResult r;

	vvk_GetImageMemoryRequirements(dev->dev, s->image, &req);
	r = vvk_AllocateMemory(dev->dev, &(VkMemoryAllocateInfo){
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
		.memoryTypeIndex = 0 }, NULL, &s->mem);
	if (r == VK_SUCCESS)
		r = vvk_BindImageMemory(dev->dev, s->image, s->mem, 0);
	return r;
}

struct vgl_tex_storage *vgl_tex_storage_create(struct vgl_device *dev,
					       const struct vgl_tex_storage_info *info)
{
	struct vgl_tex_storage *s = calloc(1, sizeof(*s));
	VkResult r;

	if (!s)
		return NULL;
	vgl_object_init(&s->obj, storage_destroy);
	pthread_mutex_init(&s->lock, NULL);
	s->dev = dev;
	s->format = info->format;
	s->aspects = vgl_format_aspects(info->format);
	s->width = info->width;
	s->height = info->height;
	s->levels = info->levels;
	s->depth = info->depth ? info->depth : 1;
	s->is_3d = info->depth != 0;
	s->array = info->layers != 0;
	s->layers = info->layers ? info->layers : info->cube ? 6 : 1;
	s->samples = info->samples > 1 ? info->samples : 1;
	/* formats the host cannot render to are still textures; a dma-buf is
	 * imported once (a failure there is the buffer's) */
	r = create_image(dev, s, info, true);
	s->renderable = r == VK_SUCCESS;
	if (r != VK_SUCCESS && !info->dma_buf)
		r = create_image(dev, s, info, false);
	if (r == VK_SUCCESS)
		r = bind_memory(dev, s);
	if (info->result)
		*info->result = r;
	if (r != VK_SUCCESS) {
		storage_free(dev, s);
		return NULL;
	}
	return s;
}

struct vgl_tex_storage *vgl_tex_storage_alias(struct vgl_tex_storage *parent, uint32_t level)
{
	struct vgl_tex_storage *s = calloc(1, sizeof(*s));

	if (!s)
		return NULL;
	vgl_object_init(&s->obj, storage_destroy);
	pthread_mutex_init(&s->lock, NULL);
	vgl_object_ref(&parent->obj);
	s->parent = parent;
	s->dev = parent->dev;
	s->image = parent->image;
	s->mem = parent->mem;
	s->base_level = vgl_tex_storage_vk_level(parent, level);
	s->base_layer = parent->base_layer;
	s->format = parent->format;
	s->aspects = parent->aspects;
	s->renderable = parent->renderable;
	s->width = vgl_tex_level_size(parent->width, level);
	s->height = vgl_tex_level_size(parent->height, level);
	s->depth = s->levels = s->layers = s->samples = 1;
	/* other contexts write the image: reads always go to the GPU */
	s->written = true;
	return s;
}

struct vgl_tex_storage *vgl_tex_storage_window(struct vgl_tex_storage *parent,
					       const struct vgl_tex_storage_window *w)
{
	struct vgl_tex_storage *s = vgl_tex_storage_alias(parent, w->min_level);

	if (!s)
		return NULL;
	s->base_layer = vgl_tex_storage_vk_layer(parent, w->min_layer);
	s->format = w->format;
	s->levels = w->levels;
	s->samples = parent->samples;
	s->is_3d = parent->is_3d;
	s->depth = parent->is_3d ? vgl_tex_level_size(parent->depth, w->min_level) : 1;
	s->layers = w->layers;
	s->array = w->array;
	/* the original's data is there, and what the view writes is the
	 * original's (whose flag no write through the view sets): reads of
	 * either go to the GPU */
	s->written = true;
	for (struct vgl_tex_storage *p = parent; p; p = p->parent)
		p->written = true;
	return s;
}

static bool same_view(const struct vgl_tex_view *a, const struct vgl_tex_view *b)
{
	return a->type == b->type && a->base_level == b->base_level && a->levels == b->levels &&
	       a->layer == b->layer && a->layers == b->layers && a->format == b->format &&
	       a->sample_format == b->sample_format && a->aspect == b->aspect && memcmp(&a->swizzle, &b->swizzle, sizeof(a->swizzle)) == 0;
}

static bool grow_views(struct vgl_tex_storage *s)
{
	uint32_t cap = s->cap_views ? s->cap_views * 2 : 4;
	struct vgl_tex_view *v;

	if (s->nr_views < s->cap_views)
		return true;
	v = realloc(s->views, cap * sizeof(*v));
	if (!v)
		return false;
	s->views = v;
	s->cap_views = cap;
	return true;
}

static VkImageView find_or_create_view(struct vgl_tex_storage *s, const struct vgl_tex_view *key)
{
	static const VkImageViewUsageCreateInfo storage_only = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_USAGE_CREATE_INFO,
		.usage = VK_IMAGE_USAGE_STORAGE_BIT };
	struct vgl_tex_view v = *key;

	for (uint32_t i = 0; i < s->nr_views; i++)
		if (same_view(&s->views[i], key))
			return s->views[i].view;
	if (!grow_views(s))
		return VK_NULL_HANDLE;
	if (vvk_CreateImageView(s->dev->dev, &(VkImageViewCreateInfo){
		    .sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = s->image,
		    .pNext = key->format ? &storage_only : NULL, .viewType = key->type,
		    .format = key->format ? key->format : key->sample_format ? key->sample_format
									    : s->format,
		    .components = key->swizzle,
		    .subresourceRange = { key->aspect ? key->aspect : s->aspects, vgl_tex_storage_vk_level(s, key->base_level),
					  key->levels, vgl_tex_storage_vk_layer(s, key->layer), key->layers } },
		    NULL, &v.view) != VK_SUCCESS)
		return VK_NULL_HANDLE;
	s->views[s->nr_views++] = v;
	return v.view;
}

VkImageView vgl_tex_storage_view(struct vgl_tex_storage *s, const struct vgl_tex_view *key)
{
	VkImageView v;

	pthread_mutex_lock(&s->lock);
	v = find_or_create_view(s, key);
	pthread_mutex_unlock(&s->lock);
	return v;
}

VkImageView vgl_tex_storage_attachment(struct vgl_tex_storage *s, uint32_t level, uint32_t layer,
				       uint32_t layers)
{
	/* a 3D image's slice: a 2D view with the slice as its layer (vk/'s
	 * slice views); a layered attachment: a 2D array view of every layer,
	 * slice or face, which the host attaches layered */
	return vgl_tex_storage_view(s, &(struct vgl_tex_view){
		.type = layers ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D,
		.base_level = level, .levels = 1, .layer = layer, .layers = layers ? layers : 1 });
}

static uint32_t slices(const struct vgl_upload *up)
{
	return up->depth ? up->depth : 1;
}

/* Client rows -> tightly packed image rows in a fresh staging buffer. */
static struct vgl_storage *stage(struct vgl_context *ctx, const struct vgl_upload *up)
{
	size_t row = (size_t)up->width * up->fmt->dst_bpp;
	struct vgl_storage *st = vgl_storage_create(ctx->dev, row * up->height * slices(up), true);
	const uint8_t *src = up->pixels;

	if (!st)
		return NULL;
	for (uint32_t z = 0; z < slices(up); z++)
		for (uint32_t y = 0; y < up->height; y++)
			vgl_pixel_convert_row(up->fmt, src + z * up->image_stride + y * up->stride,
					      st->map + (z * up->height + y) * row, up->width);
	if (vvk_FlushMappedMemoryRanges(ctx->dev->dev, 1, &(VkMappedMemoryRange){
		    .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE, .memory = st->mem,
		    .size = VK_WHOLE_SIZE }) != VK_SUCCESS) {
		vgl_storage_unref(st);
		return NULL;
	}
	return st;
}

/* Where a copy's texels are: texel 0 at offset, rows row_length texels
 * apart (0: tightly packed), slices `slice` bytes apart. */
struct copy_src {
	VkBuffer buf;
	VkDeviceSize offset, slice;
	uint32_t row_length;
};

/* One region per slice or layer: the host's cube faces (measured) are not
 * one box, and one rule for all keeps it simple. */
static void copy_slices(VkCommandBuffer cmd, const struct copy_src *src, struct vgl_tex_storage *s,
			const struct vgl_upload *up, VkImageAspectFlags aspect)
{
	bool is_3d = s->is_3d;

	for (uint32_t z = 0; z < slices(up); z++)
		vvk_CmdCopyBufferToImage(cmd, src->buf, s->image,
					 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &(VkBufferImageCopy){
			.bufferOffset = src->offset + z * src->slice,
			.bufferRowLength = src->row_length,
			.imageSubresource = { aspect, vgl_tex_storage_vk_level(s, up->level),
					      is_3d ? 0 : vgl_tex_storage_vk_layer(s, up->layer + z), 1 },
			.imageOffset = { up->x, up->y, is_3d ? (int32_t)(up->layer + z) : 0 },
			.imageExtent = { up->width, up->height, 1 } });
}

/* Records the copy into the storage (no flush, no wait: vgl_texture.h). */
static void record_upload(struct vgl_context *ctx, VkCommandBuffer cmd,
			  const struct copy_src *src, struct vgl_tex_storage *s,
			  const struct vgl_upload *up)
{
	/* packed depth/stencil: both aspects, whole texels (vk/ copies them as the host stores them) */
	VkImageAspectFlags aspect = s->aspects;

	if (vgl_batch_uses(ctx, &s->obj))
		ctx->stats.texture_uploads_busy++;
	ctx->stats.texture_uploads++;
	vgl_batch_end_rendering(ctx);
	copy_slices(cmd, src, s, up, aspect);
	vgl_batch_use(ctx, &s->obj);
	s->written = true;
}

/* Whether the buffer's bytes are the image's texels as they are: no
 * conversion, rows and slices whole texels apart (vk/'s copies count rows
 * in texels). Row and slice strides only matter with several of them,
 * and then they lie inside the buffer (checked: vgl_pbo_access_ok). */
static bool copyable(const struct vgl_upload *up)
{
	uint32_t bpp = up->fmt->src_bpp;

	return up->fmt->conv == VGL_CONV_COPY && up->fmt->dst_bpp == bpp &&
	       (up->height == 1 || up->stride % bpp == 0) &&
	       (slices(up) == 1 || up->image_stride % up->stride == 0);
}

/* From a pixel unpack buffer: a GPU copy where the layout allows it, else
 * the client-memory path on the buffer's CPU copy (vgl_pbo.h). */
static void upload_from_buffer(struct vgl_context *ctx, struct vgl_tex_storage *s,
			       const struct vgl_upload *up)
{
	struct vgl_storage *bs = up->pbo->storage;
	struct vgl_upload client = *up;
	VkCommandBuffer cmd;

	if (copyable(up)) {
		cmd = vgl_batch_cmd(ctx);
		if (!cmd)
			return;
		record_upload(ctx, cmd, &(struct copy_src){
			bs->buf, up->offset, up->image_stride,
			up->height > 1 ? (uint32_t)(up->stride / up->fmt->src_bpp) : 0 }, s, up);
		vgl_batch_use(ctx, &bs->obj);
		vgl_storage_gpu_writes(bs, up->offset, up->span);
		return;
	}
	client.pixels = vgl_buffer_cpu_access(ctx, up->pbo, (GLintptr)up->offset,
					      (GLsizeiptr)up->span, GL_MAP_READ_BIT);
	client.pbo = NULL;
	if (client.pixels)
		vgl_tex_storage_upload(ctx, s, &client);
}

void vgl_tex_storage_upload(struct vgl_context *ctx, struct vgl_tex_storage *s,
			    const struct vgl_upload *up)
{
	struct vgl_storage *st;
	VkCommandBuffer cmd;

	if (!up->width || !up->height || (!up->pixels && !up->pbo))
		return;
	if (up->fmt->conv == VGL_CONV_NONE) {
		vgl_error(ctx, GL_INVALID_OPERATION);   /* formats without client data */
		return;
	}
	if (up->pbo) {
		upload_from_buffer(ctx, s, up);
		return;
	}
	cmd = vgl_batch_cmd(ctx);
	st = cmd ? stage(ctx, up) : NULL;
	if (!st) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	record_upload(ctx, cmd, &(struct copy_src){
		st->buf, 0, (VkDeviceSize)up->width * up->height * up->fmt->dst_bpp, 0 }, s, up);
	vgl_batch_use(ctx, &st->obj);
	vgl_storage_unref(st);
}

/* ---- a storage filled outside any batch --------------------------------------- */

struct oneoff {
	VkCommandPool pool;
	struct vgl_storage *staging;
};

static void oneoff_free(struct vgl_device *dev, void *arg)
{
	struct oneoff *o = arg;

	vvk_DestroyCommandPool(dev->dev, o->pool, NULL);
	vgl_storage_unref(o->staging);
	free(o);
}

static bool record_fill(struct vgl_device *dev, struct oneoff *o, struct vgl_tex_storage *s,
			uint32_t bytes, VkCommandBuffer *cmd)
{
	VkCommandBufferAllocateInfo ai = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO,
					   .commandPool = o->pool,
					   .level = VK_COMMAND_BUFFER_LEVEL_PRIMARY,
					   .commandBufferCount = 1 };
	VkCommandBufferBeginInfo bi = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO };

	if (vvk_AllocateCommandBuffers(dev->dev, &ai, cmd) != VK_SUCCESS ||
	    vvk_BeginCommandBuffer(*cmd, &bi) != VK_SUCCESS)
		return false;
	if (s->samples > 1) {
		/* no copies into multisample images: every sample cleared to the texel */
		VkClearColorValue c = { .float32 = { o->staging->map[0] / 255.0f,
			o->staging->map[1] / 255.0f, o->staging->map[2] / 255.0f,
			o->staging->map[3] / 255.0f } };

		vvk_CmdClearColorImage(*cmd, s->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, &c, 1,
				       &(VkImageSubresourceRange){ VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0,
								   s->layers });
		return vvk_EndCommandBuffer(*cmd) == VK_SUCCESS;
	}
	/* one region per layer: the host's cube faces are not a 3D box */
	for (uint32_t i = 0; i < s->layers; i++)
		vvk_CmdCopyBufferToImage(*cmd, o->staging->buf, s->image,
					 VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &(VkBufferImageCopy){
			.bufferOffset = bytes * i, .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, i, 1 },
			.imageExtent = { 1, 1, 1 } });
	return vvk_EndCommandBuffer(*cmd) == VK_SUCCESS;
}

void vgl_tex_storage_fill_alpha(struct vgl_context *ctx, struct vgl_tex_storage *s,
				const struct vgl_pixel_format *f)
{
	VkCommandBuffer cmd;

	/* only a renderable one becomes a colour buffer */
	if (!vgl_pixel_hidden_alpha(f) || !s->renderable || !(cmd = vgl_batch_cmd(ctx)))
		return;
	vgl_batch_end_rendering(ctx);
	vvk_CmdClearColorImage(cmd, s->image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
			       &(VkClearColorValue){ .float32 = { 0, 0, 0, 1 } }, 1,
			       &(VkImageSubresourceRange){ VK_IMAGE_ASPECT_COLOR_BIT, 0, s->levels,
							   0, s->is_3d ? 1 : s->layers });
	vgl_batch_use(ctx, &s->obj);
	s->written = true;
}

/*
 * Fills every layer of a 1x1 colour storage with one texel of `bytes` in a
 * submission of its own. Used while a draw records inside rendering, where
 * the context's batch cannot take a copy; submitted before that batch, so
 * its draws see the texel.
 */
static int fill_texel_now(struct vgl_device *dev, struct vgl_tex_storage *s,
			  const uint8_t *texel, uint32_t bytes)
{
	struct oneoff *o = calloc(1, sizeof(*o));
	VkCommandPoolCreateInfo pi = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO };
	VkCommandBuffer cmd = VK_NULL_HANDLE;
	uint64_t value;
	int ret = VGL_ERROR_OUT_OF_MEMORY;

	if (!o)
		return ret;
	o->staging = vgl_storage_create(dev, (size_t)bytes * s->layers, true);
	if (o->staging && vvk_CreateCommandPool(dev->dev, &pi, NULL, &o->pool) == VK_SUCCESS) {
		for (uint32_t i = 0; i < s->layers; i++)
			memcpy(o->staging->map + (size_t)bytes * i, texel, bytes);
		vvk_FlushMappedMemoryRanges(dev->dev, 1, &(VkMappedMemoryRange){
			.sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE, .memory = o->staging->mem,
			.size = VK_WHOLE_SIZE });
		if (record_fill(dev, o, s, bytes, &cmd))
			ret = vgl_device_submit(dev, &(struct vgl_submit_info){ .cmd = cmd }, &value,
						NULL);
	}
	s->written = true;
	vgl_device_defer(dev, oneoff_free, o);
	return ret;
}

int vgl_tex_storage_fill_now(struct vgl_device *dev, struct vgl_tex_storage *s,
			     const uint8_t texel[4])
{
	return fill_texel_now(dev, s, texel, 4);
}

int vgl_tex_storage_zero_now(struct vgl_device *dev, struct vgl_tex_storage *s, uint32_t bytes)
{
	static const uint8_t zero[16];

	return bytes <= sizeof(zero) ? fill_texel_now(dev, s, zero, bytes) : VGL_ERROR_BAD_ATTRIBUTE;
}
