/* SPDX-License-Identifier: MIT */
/*
 * EGL images shared as dma-bufs (EGL_EXT_image_dma_buf_import(_modifiers),
 * EGL_MESA_image_dma_buf_export) and the DRM nodes EGL_EXT_device_drm names.
 * Only the DRM transport has dma-bufs. A shared buffer has one plane, the
 * linear layout vk/ gives it (stride = width x bytes per pixel, offset 0),
 * and a DRM fourcc whose virgl format is the host resource's
 * (vk/vvk.h, vvk_image_dma_buf_info).
 */
#include <drm_fourcc.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <xf86drm.h>

#include "vgl_device.h"
#include "vgl_egl_image.h"
#include "vgl_pixel.h"
#include "vgl_texture.h"

/* B8G8R8A8 images have no glTexImage row (BGRA data is stored as RGBA8):
 * these describe imported ARGB / XRGB buffers to the texture code.
 * glTexSubImage2D into them takes BGRA bytes only (vgl_pixel_sub_row);
 * other data is GL_INVALID_OPERATION. */
static const struct vgl_pixel_format bgra8 = {
	GL_RGBA8, GL_RGBA, GL_UNSIGNED_BYTE, GL_RGBA, VK_FORMAT_B8G8R8A8_UNORM,
	.conv = VGL_CONV_NONE, .src_bpp = 4, .dst_bpp = 4, .renderable = true,
	.filterable = true, .bits = { 8, 8, 8, 8, 0, 0 } };
static const struct vgl_pixel_format bgrx8 = {
	GL_RGB8, GL_RGB, GL_UNSIGNED_BYTE, GL_RGB, VK_FORMAT_B8G8R8A8_UNORM,
	.swizzle = { .a = VK_COMPONENT_SWIZZLE_ONE }, .conv = VGL_CONV_NONE, .src_bpp = 4,
	.dst_bpp = 4, .renderable = true, .filterable = true, .bits = { 8, 8, 8, 0, 0, 0 } };

static const struct {
	uint32_t fourcc;
	GLenum sized;                  /* the glTexImage row of the format, or: */
	const struct vgl_pixel_format *fmt;
	uint32_t cpp;
} formats[] = {
	{ DRM_FORMAT_XRGB8888, 0, &bgrx8, 4 },
	{ DRM_FORMAT_ARGB8888, 0, &bgra8, 4 },
	{ DRM_FORMAT_XBGR8888, GL_RGB8, NULL, 4 },
	{ DRM_FORMAT_ABGR8888, GL_RGBA8, NULL, 4 },
	{ DRM_FORMAT_RGB565, GL_RGB565, NULL, 2 },
};

#define N_FORMATS (sizeof(formats) / sizeof(formats[0]))

static int format_index(uint32_t fourcc)
{
	for (size_t i = 0; i < N_FORMATS; i++)
		if (formats[i].fourcc == fourcc)
			return (int)i;
	return -1;
}

static const struct vgl_pixel_format *format_of(int i)
{
	return formats[i].fmt ? formats[i].fmt : vgl_pixel_sized(formats[i].sized);
}

uint32_t vgl_dma_buf_formats(uint32_t *fourccs, uint32_t max)
{
	for (uint32_t i = 0; i < max && i < N_FORMATS; i++)
		fourccs[i] = formats[i].fourcc;
	return N_FORMATS;
}

/* The fourcc of an image's storage and format: alpha or not decides
 * between the A and X forms. */
static uint32_t image_fourcc(const struct vgl_egl_image *img)
{
	bool alpha = img->fmt->bits[3] != 0;

	switch (img->storage->format) {
	case VK_FORMAT_R8G8B8A8_UNORM:
		return alpha || !img->fourcc ? DRM_FORMAT_ABGR8888 : DRM_FORMAT_XBGR8888;
	case VK_FORMAT_B8G8R8A8_UNORM: return alpha ? DRM_FORMAT_ARGB8888 : DRM_FORMAT_XRGB8888;
	case VK_FORMAT_R5G6B5_UNORM_PACK16: return DRM_FORMAT_RGB565;
	default: return 0;
	}
}

/* ---- the device's nodes ----------------------------------------------------------------- */

static void node_path(const drmDevicePtr d, int node, char out[64])
{
	out[0] = 0;
	if (d->available_nodes & (1 << node))
		snprintf(out, 64, "%s", d->nodes[node]);
}

void vgl_device_init_drm(struct vgl_device *dev)
{
	VkPhysicalDeviceDrmPropertiesEXT drm = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRM_PROPERTIES_EXT };
	VkPhysicalDeviceProperties2 p = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
					  .pNext = &drm };
	drmDevicePtr d = NULL;

	vvk_GetPhysicalDeviceProperties2(dev->pdev, &p);
	dev->has_dma_buf = drm.hasRender || drm.hasPrimary;
	if (!drm.hasRender ||
	    drmGetDeviceFromDevId(makedev(drm.renderMajor, drm.renderMinor), 0, &d) != 0)
		return;
	node_path(d, DRM_NODE_PRIMARY, dev->card_node);
	node_path(d, DRM_NODE_RENDER, dev->render_node);
	drmFreeDevice(&d);
}

bool vgl_device_has_dma_buf(struct vgl_device *dev)
{
	return dev->has_dma_buf;
}

bool vgl_device_drm_nodes(struct vgl_device *dev, char card[64], char render[64])
{
	memcpy(card, dev->card_node, 64);
	memcpy(render, dev->render_node, 64);
	return card[0] || render[0];
}

/* ---- import ------------------------------------------------------------------------------ */

/* EGL_EXT_image_dma_buf_import's checks of a description. */
static int check_import(struct vgl_device *dev, const struct vgl_dma_buf *buf, int *index)
{
	uint32_t max = dev->props.limits.maxImageDimension2D;

	if (!dev->has_dma_buf)
		return VGL_ERROR_BAD_ATTRIBUTE;
	*index = format_index(buf->fourcc);
	if (*index < 0 || buf->modifier != DRM_FORMAT_MOD_LINEAR)
		return VGL_ERROR_BAD_MATCH;
	if (buf->fd < 0 || !buf->width || !buf->height || buf->width > max || buf->height > max)
		return VGL_ERROR_BAD_PARAMETER;
	/* 64-bit product: width is at most the 2D limit, no overflow */
	if ((uint64_t)buf->width * formats[*index].cpp != buf->stride || buf->offset != 0)
		return VGL_ERROR_BAD_ACCESS;
	return VGL_OK;
}

static int import_result(VkResult r)
{
	if (r == VK_ERROR_OUT_OF_HOST_MEMORY || r == VK_ERROR_OUT_OF_DEVICE_MEMORY)
		return VGL_ERROR_OUT_OF_MEMORY;
	if (r == VK_ERROR_DEVICE_LOST)
		return VGL_ERROR_DEVICE_LOST;
	/* a closed fd, not a dma-buf, another device's buffer */
	return VGL_ERROR_BAD_PARAMETER;
}

int vgl_egl_image_import_dma_buf(struct vgl_device *dev, const struct vgl_dma_buf *buf,
			     struct vgl_egl_image **out)
{
	const struct vgl_pixel_format *f;
	struct vgl_tex_storage *s;
	VkResult r = VK_ERROR_OUT_OF_HOST_MEMORY;
	int i, ret = check_import(dev, buf, &i);

	*out = NULL;
	if (ret != VGL_OK)
		return ret;
	f = format_of(i);
	s = vgl_tex_storage_create(dev, &(struct vgl_tex_storage_info){
		.format = f->vk, .width = buf->width, .height = buf->height, .levels = 1,
		.result = &r, .dma_buf = &(struct vvk_image_dma_buf_info){
			.sType = VVK_STRUCTURE_TYPE_IMAGE_DMA_BUF_INFO, .fd = buf->fd,
			.drm_format = buf->fourcc } });
	if (!s)
		return import_result(r);
	/* someone else wrote it: reads go to the GPU */
	s->written = true;
	*out = vgl_egl_image_create(s, 0, f->internal_format, f);
	vgl_tex_storage_unref(s);
	if (!*out)
		return VGL_ERROR_OUT_OF_MEMORY;
	(*out)->fourcc = buf->fourcc;
	return VGL_OK;
}

/* ---- export ------------------------------------------------------------------------------ */

int vgl_egl_image_export_dma_buf(struct vgl_egl_image *img, bool with_fd, struct vgl_dma_buf *out)
{
	struct vgl_tex_storage *s = img->storage;
	uint32_t fourcc = image_fourcc(img);
	int i = format_index(fourcc);

	memset(out, 0, sizeof(*out));
	out->fd = -1;
	if (!s->dev->has_dma_buf)
		return VGL_ERROR_BAD_ATTRIBUTE;
	/* the buffer is the whole resource: only its level 0 has the linear layout */
	if (i < 0 || vgl_tex_storage_vk_level(s, img->level) != 0 || s->layers != 1)
		return VGL_ERROR_BAD_MATCH;
	*out = (struct vgl_dma_buf){ .fd = -1, .fourcc = fourcc, .width = img->width,
				     .height = img->height, .stride = img->width * formats[i].cpp,
				     .modifier = DRM_FORMAT_MOD_LINEAR };
	if (!with_fd)
		return VGL_OK;
	return vgl_result_from_vk(vvk_GetImageDmaBufFd(s->dev->dev, s->image, &out->fd));
}
