/* SPDX-License-Identifier: MIT */
/*
 * Dynamic rendering and clears. The host's CLEAR clears whole attachments
 * (it ignores scissor and write masks), so it is used only when the area is
 * the whole attachment; anything smaller is drawn (vvk_meta.c).
 */
#include "vdrm_cmds.h"
#include "vvk_cmd_buffer.h"
#include "vvk_device.h"
#include "vvk_image.h"
#include "vvk_image_view.h"

#define CLEAR_DEPTH 1u
#define CLEAR_STENCIL 2u
#define CLEAR_COLOR0 4u

static uint32_t ds_bits(VkImageAspectFlags a)
{
	return ((a & VK_IMAGE_ASPECT_DEPTH_BIT) ? CLEAR_DEPTH : 0) |
	       ((a & VK_IMAGE_ASPECT_STENCIL_BIT) ? CLEAR_STENCIL : 0);
}

static void encode_clear(struct vvk_cmd_buffer *cmd, uint32_t buffers, const VkClearColorValue *c,
			 const VkClearDepthStencilValue *ds)
{
	struct vdrm_cmd_clear cl = { .buffers = buffers };

	if (c)
		memcpy(cl.color, c->uint32, sizeof(cl.color));
	if (ds) {
		cl.depth = ds->depth;
		cl.stencil = ds->stencil;
	}
	vdrm_encode_clear(&cmd->cs, &cl);
}

void vvk_cmd_emit_framebuffer(struct vvk_cmd_buffer *cmd)
{
	const struct vvk_render_state *r = &cmd->st.render;

	vdrm_encode_set_framebuffer_state(&cmd->cs, &(struct vdrm_cmd_set_framebuffer_state){
		.zsurf = r->zsurf, .elems = r->cbufs, .count = r->no_attach_layers ? 0 : r->nr_cbufs });
	/* the host sizes the framebuffer it has just emptied */
	if (r->no_attach_layers)
		vdrm_encode_set_framebuffer_state_no_attach(&cmd->cs,
			&(struct vdrm_cmd_set_framebuffer_state_no_attach){
				r->width | r->height << 16,
				r->no_attach_layers | r->no_attach_samples << 16 });
}

/* ---- clears of whole subresources, outside rendering -------------------------- */

/* A surface for one level and a range of layers, only for this command. */
static uint32_t temp_surface(struct vvk_cmd_buffer *cmd, struct vvk_image *img, uint32_t level,
			     uint32_t first, uint32_t count)
{
	uint32_t h = vvk_device_new_handle(cmd->dev);

	if (img->type == VK_IMAGE_TYPE_3D) {
		first = 0;
		count = vvk_minify(img->extent.depth, level);
	}
	vdrm_encode_create_surface(&cmd->cs, &(struct vdrm_cmd_create_surface){
		.handle = h, .res = img->res->res_handle, .format = img->virgl_format,
		.level_or_first_elem = level, .layers_or_last_elem = first | (first + count - 1) << 16 });
	return h;
}

static void clear_subresources(struct vvk_cmd_buffer *cmd, struct vvk_image *img,
			       const VkImageSubresourceRange *range, uint32_t buffers,
			       const VkClearColorValue *c, const VkClearDepthStencilValue *ds)
{
	bool color = (buffers & CLEAR_COLOR0) != 0;
	uint32_t levels = vvk_image_range_levels(img, range);
	uint32_t layers = vvk_image_range_layers(img, range);

	if (range->baseMipLevel + levels > img->levels ||
	    range->baseArrayLayer + layers > img->layers || !levels || !layers) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	for (uint32_t l = range->baseMipLevel; l < range->baseMipLevel + levels; l++) {
		uint32_t s = temp_surface(cmd, img, l, range->baseArrayLayer, layers);

		vdrm_encode_set_framebuffer_state(&cmd->cs, &(struct vdrm_cmd_set_framebuffer_state){
			.zsurf = color ? 0 : s, .elems = &s, .count = color ? 1 : 0 });
		encode_clear(cmd, buffers, c, ds);
		vdrm_encode_destroy_object(&cmd->cs, &(struct vdrm_cmd_destroy_object){
			.obj_type = VDRM_OBJ_SURFACE, .handle = s });
	}
	cmd->st.dirty |= VVK_DIRTY_BIT(VVK_DIRTY_FRAMEBUFFER);
	vvk_cmd_use_image(cmd, img, true);
}

static bool renderable(struct vvk_cmd_buffer *cmd, const struct vvk_image *img, uint32_t bind)
{
	if (img->res->info.bind & bind)
		return true;
	vvk_cmd_set_error(cmd, VK_ERROR_FORMAT_NOT_SUPPORTED);
	return false;
}

void vvk_CmdClearColorImage(VkCommandBuffer commandBuffer, VkImage image, VkImageLayout layout,
			    const VkClearColorValue *pColor, uint32_t count,
			    const VkImageSubresourceRange *pRanges)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_image *img = vvk_image_from_handle(image);

	(void)layout;
	if (!renderable(cmd, img, VDRM_BIND_RENDER_TARGET))
		return;
	for (uint32_t i = 0; i < count; i++)
		clear_subresources(cmd, img, &pRanges[i], CLEAR_COLOR0, pColor, NULL);
}

void vvk_CmdClearDepthStencilImage(VkCommandBuffer commandBuffer, VkImage image,
				   VkImageLayout layout, const VkClearDepthStencilValue *pValue,
				   uint32_t count, const VkImageSubresourceRange *pRanges)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_image *img = vvk_image_from_handle(image);

	(void)layout;
	if (!renderable(cmd, img, VDRM_BIND_DEPTH_STENCIL))
		return;
	for (uint32_t i = 0; i < count; i++)
		clear_subresources(cmd, img, &pRanges[i], ds_bits(pRanges[i].aspectMask), NULL,
				   pValue);
}

/* ---- dynamic rendering -------------------------------------------------------- */

static bool whole(const struct vvk_render_state *r, const VkRect2D *rect)
{
	return rect->offset.x <= 0 && rect->offset.y <= 0 &&
	       (uint32_t)rect->offset.x + rect->extent.width >= r->width &&
	       (uint32_t)rect->offset.y + rect->extent.height >= r->height;
}

/* Clears one attachment's `rect`: CLEAR when it is whole, else drawn. */
static void clear_attachment(struct vvk_cmd_buffer *cmd, int color_index,
			     const VkClearValue *v, VkImageAspectFlags ds_aspects,
			     const VkRect2D *rect)
{
	const struct vvk_render_state *r = &cmd->st.render;

	if (whole(r, rect)) {
		encode_clear(cmd, color_index >= 0 ? CLEAR_COLOR0 << color_index : ds_bits(ds_aspects),
			     &v->color, &v->depthStencil);
		return;
	}
	/* VkClearValue is a union: a colour's words are no depth (read as
	 * one, a large or NaN-patterned value put the rectangle outside the
	 * depth range and nothing was drawn) */
	if (color_index >= 0)
		vvk_meta_clear(cmd, &(struct vvk_meta_clear){
			.rect = *rect, .color_index = color_index, .color = v->color });
	else
		vvk_meta_clear(cmd, &(struct vvk_meta_clear){
			.rect = *rect, .color_index = -1, .ds_aspects = ds_aspects,
			.ds = v->depthStencil });
}

static void set_attachments(struct vvk_render_state *r, const VkRenderingInfo *info)
{
	const VkRenderingAttachmentInfo *ds = info->pDepthAttachment ? info->pDepthAttachment
								     : info->pStencilAttachment;

	memset(r, 0, sizeof(*r));
	r->active = true;
	r->area = info->renderArea;
	r->width = r->height = UINT32_MAX;
	r->nr_cbufs = VVK_MIN(info->colorAttachmentCount, (uint32_t)VVK_MAX_COLOR_ATTACHMENTS);
	for (uint32_t i = 0; i < r->nr_cbufs; i++) {
		const VkRenderingAttachmentInfo *a = &info->pColorAttachments[i];

		r->color[i] = vvk_image_view_from_handle(a->imageView);
		r->cbufs[i] = r->color[i] ? r->color[i]->surface : 0;
		if (r->color[i] && a->resolveMode != VK_RESOLVE_MODE_NONE)
			r->resolve[i] = vvk_image_view_from_handle(a->resolveImageView);
	}
	r->ds = ds ? vvk_image_view_from_handle(ds->imageView) : NULL;
	r->zsurf = r->ds ? r->ds->surface : 0;
}

static bool no_attachments(const struct vvk_render_state *r)
{
	for (uint32_t i = 0; i < r->nr_cbufs; i++)
		if (r->color[i])
			return false;
	return !r->ds;
}

/* Without attachments the render area's end is the size (a host with
 * VDRM_CAP_FB_NO_ATTACH only: the validator refuses the command elsewhere),
 * sampled as VkMultisampledRenderToSingleSampledInfoEXT says (1: none);
 * framebufferNoAttachmentsSampleCounts tells the layers above. */
static void set_no_attach_size(struct vvk_cmd_buffer *cmd, const VkRenderingInfo *info)
{
	struct vvk_render_state *r = &cmd->st.render;
	const VkMultisampledRenderToSingleSampledInfoEXT *ms = vvk_find_struct(
		info->pNext, VK_STRUCTURE_TYPE_MULTISAMPLED_RENDER_TO_SINGLE_SAMPLED_INFO_EXT);
	uint64_t w = (uint64_t)VVK_MAX(info->renderArea.offset.x, 0) + info->renderArea.extent.width;
	uint64_t h = (uint64_t)VVK_MAX(info->renderArea.offset.y, 0) + info->renderArea.extent.height;

	if (!(cmd->dev->caps->capability_bits & VDRM_CAP_FB_NO_ATTACH) || !w || !h ||
	    w > UINT16_MAX || h > UINT16_MAX || info->layerCount > UINT16_MAX)
		return;
	r->width = (uint32_t)w;
	r->height = (uint32_t)h;
	r->no_attach_layers = VVK_MAX(info->layerCount, 1u);
	r->no_attach_samples = ms && ms->rasterizationSamples > 1 ? ms->rasterizationSamples : 0;
}

/* The framebuffer is as large as its smallest attachment. */
static void set_size(struct vvk_render_state *r)
{
	for (uint32_t i = 0; i <= r->nr_cbufs; i++) {
		const struct vvk_image_view *v = i < r->nr_cbufs ? r->color[i] : r->ds;

		if (!v)
			continue;
		r->width = VVK_MIN(r->width, v->extent.width);
		r->height = VVK_MIN(r->height, v->extent.height);
	}
	if (r->width == UINT32_MAX)
		r->width = r->height = 0;
}

static void use_attachments(struct vvk_cmd_buffer *cmd)
{
	const struct vvk_render_state *r = &cmd->st.render;

	for (uint32_t i = 0; i < r->nr_cbufs; i++)
		if (r->color[i])
			vvk_cmd_use_image(cmd, r->color[i]->image, true);
	if (r->ds)
		vvk_cmd_use_image(cmd, r->ds->image, true);
}

static void load_ops(struct vvk_cmd_buffer *cmd, const VkRenderingInfo *info)
{
	const struct vvk_render_state *r = &cmd->st.render;
	VkImageAspectFlags ds = 0;
	VkClearValue dsv = { 0 };

	for (uint32_t i = 0; i < r->nr_cbufs; i++)
		if (r->color[i] && info->pColorAttachments[i].loadOp == VK_ATTACHMENT_LOAD_OP_CLEAR)
			clear_attachment(cmd, (int)i, &info->pColorAttachments[i].clearValue, 0,
					 &r->area);
	if (info->pDepthAttachment && info->pDepthAttachment->loadOp == VK_ATTACHMENT_LOAD_OP_CLEAR) {
		ds |= VK_IMAGE_ASPECT_DEPTH_BIT;
		dsv.depthStencil.depth = info->pDepthAttachment->clearValue.depthStencil.depth;
	}
	if (info->pStencilAttachment &&
	    info->pStencilAttachment->loadOp == VK_ATTACHMENT_LOAD_OP_CLEAR) {
		ds |= VK_IMAGE_ASPECT_STENCIL_BIT;
		dsv.depthStencil.stencil = info->pStencilAttachment->clearValue.depthStencil.stencil;
	}
	if (ds && r->ds)
		clear_attachment(cmd, -1, &dsv, ds & r->ds->image->aspects, &r->area);
}

void vvk_CmdBeginRendering(VkCommandBuffer commandBuffer, const VkRenderingInfo *pInfo)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_render_state *r = &cmd->st.render;

	set_attachments(r, pInfo);
	set_size(r);
	/* elsewhere (rasterizer discard) the host keeps a framebuffer of none */
	if (no_attachments(r))
		set_no_attach_size(cmd, pInfo);
	for (uint32_t i = 0; i < r->nr_cbufs; i++)
		if (r->color[i] && !r->cbufs[i])
			vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
	vvk_cmd_emit_framebuffer(cmd);
	cmd->st.dirty &= ~VVK_DIRTY_BIT(VVK_DIRTY_FRAMEBUFFER);
	use_attachments(cmd);
	load_ops(cmd, pInfo);
}

/* The render area of colour attachment i, resolved into its resolve view. */
static void resolve_attachment(struct vvk_cmd_buffer *cmd, uint32_t i)
{
	const struct vvk_render_state *r = &cmd->st.render;
	const struct vvk_image_view *src = r->color[i], *dst = r->resolve[i];
	uint32_t x = (uint32_t)VVK_MAX(r->area.offset.x, 0), y = (uint32_t)VVK_MAX(r->area.offset.y, 0);
	uint32_t w = VVK_MIN(r->area.extent.width, r->width - VVK_MIN(x, r->width));
	uint32_t h = VVK_MIN(r->area.extent.height, r->height - VVK_MIN(y, r->height));

	if (!w || !h)
		return;
	vvk_cmd_resolve(cmd, src->image, dst->image, &(struct vdrm_cmd_blit){
		.dst_level = dst->base_level, .dst_format = dst->virgl_format, .dst_x = x,
		.dst_y = y, .dst_z = dst->base_layer, .dst_w = w, .dst_h = h, .dst_d = src->layers,
		.src_level = src->base_level, .src_format = src->virgl_format, .src_x = x,
		.src_y = y, .src_z = src->base_layer, .src_w = w, .src_h = h,
		.src_d = src->layers });
}

void vvk_CmdEndRendering(VkCommandBuffer commandBuffer)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);
	struct vvk_render_state *r = &cmd->st.render;

	for (uint32_t i = 0; i < r->nr_cbufs; i++)
		if (r->resolve[i])
			resolve_attachment(cmd, i);
	r->active = false;
}

void vvk_CmdClearAttachments(VkCommandBuffer commandBuffer, uint32_t attachmentCount,
			     const VkClearAttachment *pAttachments, uint32_t rectCount,
			     const VkClearRect *pRects)
{
	struct vvk_cmd_buffer *cmd = vvk_cmd_buffer_from_handle(commandBuffer);

	if (!cmd->st.render.active) {
		vvk_cmd_set_error(cmd, VK_ERROR_VALIDATION_FAILED_EXT);
		return;
	}
	if (cmd->st.dirty & VVK_DIRTY_BIT(VVK_DIRTY_FRAMEBUFFER)) {
		vvk_cmd_emit_framebuffer(cmd);
		cmd->st.dirty &= ~VVK_DIRTY_BIT(VVK_DIRTY_FRAMEBUFFER);
	}
	for (uint32_t a = 0; a < attachmentCount; a++) {
		const VkClearAttachment *at = &pAttachments[a];
		bool color = (at->aspectMask & VK_IMAGE_ASPECT_COLOR_BIT) != 0;

		for (uint32_t i = 0; i < rectCount; i++)
			clear_attachment(cmd, color ? (int)at->colorAttachment : -1, &at->clearValue,
					 color ? 0 : at->aspectMask, &pRects[i].rect);
	}
}
