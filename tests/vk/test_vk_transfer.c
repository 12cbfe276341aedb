/* SPDX-License-Identifier: MIT */
/*
 * Clears, copies, blits and buffer<->image transfers through vk/, on a real
 * host, checked pixel by pixel after reading back through
 * vvk_CmdCopyImageToBuffer + vvk_InvalidateMappedMemoryRanges.
 */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "vk_test.h"

#define RT_USAGE (VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT | \
		  VK_IMAGE_USAGE_SAMPLED_BIT)
#define BUF_USAGE (VK_BUFFER_USAGE_TRANSFER_SRC_BIT | VK_BUFFER_USAGE_TRANSFER_DST_BIT)

static void begin_rendering(VkCommandBuffer cmd, const struct vkt_image *img, VkRect2D area,
			    VkAttachmentLoadOp load, VkClearColorValue c)
{
	VkRenderingAttachmentInfo att = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = img->view,
		.imageLayout = VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL, .loadOp = load,
		.storeOp = VK_ATTACHMENT_STORE_OP_STORE, .clearValue.color = c,
	};

	vvk_CmdBeginRendering(cmd, &(VkRenderingInfo){
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .renderArea = area, .layerCount = 1,
		.colorAttachmentCount = 1, .pColorAttachments = &att });
}

START_TEST(load_op_clear_whole_attachment)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 32, 32, RT_USAGE);
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[32 * 32 * 4];

	begin_rendering(cmd, &img, (VkRect2D){ { 0, 0 }, { 32, 32 } }, VK_ATTACHMENT_LOAD_OP_CLEAR,
			(VkClearColorValue){ .float32 = { 1.0f, 0.2f, 0.6f, 1.0f } });
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	vkt_read_image(&img, 0, 0, 4, px);
	vkt_assert_rgba8(px, 32 * 32, (uint8_t[]){ 0xff, 0x33, 0x99, 0xff });
	vkt_image_free(&img);
}
END_TEST

/* A render area smaller than the attachment: drawn, not CLEARed. */
START_TEST(load_op_clear_partial_area_is_drawn)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 16, 16, RT_USAGE);
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[16 * 16 * 4];

	begin_rendering(cmd, &img, (VkRect2D){ { 0, 0 }, { 16, 16 } }, VK_ATTACHMENT_LOAD_OP_CLEAR,
			(VkClearColorValue){ .float32 = { 0, 0, 1, 1 } });
	vvk_CmdEndRendering(cmd);
	begin_rendering(cmd, &img, (VkRect2D){ { 4, 2 }, { 8, 6 } }, VK_ATTACHMENT_LOAD_OP_CLEAR,
			(VkClearColorValue){ .float32 = { 1, 0, 0, 1 } });
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	vkt_read_image(&img, 0, 0, 4, px);
	for (int y = 0; y < 16; y++)
		for (int x = 0; x < 16; x++) {
			bool in = x >= 4 && x < 12 && y >= 2 && y < 8;
			vkt_assert_rgba8(px + 4 * (y * 16 + x), 1,
					 in ? (uint8_t[]){ 0xff, 0, 0, 0xff }
					    : (uint8_t[]){ 0, 0, 0xff, 0xff });
		}
	vkt_image_free(&img);
}
END_TEST

START_TEST(clear_color_image_levels_and_layers)
{
	VkImageCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
		.format = VK_FORMAT_R8G8B8A8_UNORM, .extent = { 16, 16, 1 }, .mipLevels = 3,
		.arrayLayers = 2, .samples = 1, .tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
			 VK_IMAGE_USAGE_SAMPLED_BIT,
	};
	struct vkt_image img = vkt_image_ex(&ci, VK_IMAGE_VIEW_TYPE_2D_ARRAY);
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[16 * 16 * 4];

	vvk_CmdClearColorImage(cmd, img.img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
			       &(VkClearColorValue){ .float32 = { 0, 1, 0, 1 } }, 1,
			       &(VkImageSubresourceRange){ VK_IMAGE_ASPECT_COLOR_BIT, 0, 3, 0, 2 });
	vvk_CmdClearColorImage(cmd, img.img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
			       &(VkClearColorValue){ .float32 = { 1, 1, 0, 1 } }, 1,
			       &(VkImageSubresourceRange){ VK_IMAGE_ASPECT_COLOR_BIT, 1, 1, 1, 1 });
	vkt_submit_wait(cmd);
	vkt_read_image(&img, 0, 1, 4, px);
	vkt_assert_rgba8(px, 256, (uint8_t[]){ 0, 0xff, 0, 0xff });
	vkt_read_image(&img, 1, 1, 4, px);
	vkt_assert_rgba8(px, 64, (uint8_t[]){ 0xff, 0xff, 0, 0xff });
	vkt_read_image(&img, 1, 0, 4, px);
	vkt_assert_rgba8(px, 64, (uint8_t[]){ 0, 0xff, 0, 0xff });
	vkt_read_image(&img, 2, 1, 4, px);
	vkt_assert_rgba8(px, 16, (uint8_t[]){ 0, 0xff, 0, 0xff });
	vkt_image_free(&img);
}
END_TEST

static void fill_pattern(uint8_t *p, size_t n, uint32_t seed)
{
	for (size_t i = 0; i < n; i++)
		p[i] = (uint8_t)((i * 2654435761u + seed) >> 13);
}

START_TEST(copy_buffer_and_invalidate)
{
	struct vkt_buffer a = vkt_buffer(4096, true, BUF_USAGE), b = vkt_buffer(4096, true, BUF_USAGE);
	uint8_t want[4096];
	VkCommandBuffer cmd;

	fill_pattern(a.map, 4096, 3);
	memcpy(want, a.map, 4096);
	vkt_flush(&a);
	memset(b.map, 0, 4096);
	vkt_flush(&b);
	cmd = vkt_begin();
	vvk_CmdCopyBuffer(cmd, a.buf, b.buf, 1, &(VkBufferCopy){ 100, 200, 1000 });
	vkt_submit_wait(cmd);
	vkt_invalidate(&b);
	ck_assert_int_eq(memcmp((uint8_t *)b.map + 200, want + 100, 1000), 0);
	for (int i = 0; i < 200; i++)
		ck_assert_uint_eq(((uint8_t *)b.map)[i], 0);
	vkt_buffer_free(&a);
	vkt_buffer_free(&b);
}
END_TEST

START_TEST(update_and_fill_buffer)
{
	struct vkt_buffer b = vkt_buffer(1024, true, BUF_USAGE);
	uint32_t data[16];
	VkCommandBuffer cmd = vkt_begin();

	for (int i = 0; i < 16; i++)
		data[i] = 0x1000u + (uint32_t)i;
	vvk_CmdFillBuffer(cmd, b.buf, 0, VK_WHOLE_SIZE, 0xdeadbeef);
	vvk_CmdUpdateBuffer(cmd, b.buf, 64, sizeof(data), data);
	vkt_submit_wait(cmd);
	vkt_invalidate(&b);
	for (int i = 0; i < 256; i++) {
		uint32_t want = i >= 16 && i < 32 ? 0x1000u + (uint32_t)(i - 16) : 0xdeadbeef;
		ck_assert_uint_eq(((uint32_t *)b.map)[i], want);
	}
	vkt_buffer_free(&b);
}
END_TEST

/* The buffer's bytes live in its backing (CPU wrote, flushed). */
START_TEST(buffer_to_image_from_cpu_data_and_back)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 20, 12, RT_USAGE);
	struct vkt_buffer src = vkt_buffer(64 + 24 * 12 * 4, true, BUF_USAGE);
	uint8_t px[20 * 12 * 4], *data = (uint8_t *)src.map + 64;
	VkCommandBuffer cmd = vkt_begin();

	fill_pattern(src.map, src.size, 11);
	vkt_flush(&src);
	/* row length 24 texels: a padded layout */
	vvk_CmdCopyBufferToImage(cmd, src.buf, img.img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
		&(VkBufferImageCopy){ .bufferOffset = 64, .bufferRowLength = 24,
				      .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
				      .imageExtent = { 20, 12, 1 } });
	vkt_submit_wait(cmd);
	vkt_read_image(&img, 0, 0, 4, px);
	for (int y = 0; y < 12; y++)
		ck_assert_int_eq(memcmp(px + y * 80, data + y * 96, 80), 0);
	vkt_buffer_free(&src);
	vkt_image_free(&img);
}
END_TEST

/* The buffer's bytes exist only on the host (a GPU command wrote them). */
START_TEST(buffer_to_image_from_gpu_written_buffer)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 8, 8, RT_USAGE);
	struct vkt_buffer src = vkt_buffer(256, false, BUF_USAGE);
	uint32_t data[64];
	uint8_t px[256];
	VkCommandBuffer cmd = vkt_begin();

	for (int i = 0; i < 64; i++)
		data[i] = vkt_rgba((uint8_t)i, (uint8_t)(255 - i), 0x40, 0xff);
	vvk_CmdUpdateBuffer(cmd, src.buf, 0, sizeof(data), data);
	vvk_CmdCopyBufferToImage(cmd, src.buf, img.img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
		&(VkBufferImageCopy){ .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
				      .imageExtent = { 8, 8, 1 } });
	vkt_submit_wait(cmd);
	vkt_read_image(&img, 0, 0, 4, px);
	ck_assert_int_eq(memcmp(px, data, sizeof(data)), 0);
	vkt_buffer_free(&src);
	vkt_image_free(&img);
}
END_TEST

START_TEST(copy_image_region)
{
	struct vkt_image a = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 16, 16, RT_USAGE);
	struct vkt_image b = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 16, 16, RT_USAGE);
	VkCommandBuffer cmd = vkt_begin();
	VkImageSubresourceRange all = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 };
	VkImageSubresourceLayers l = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 };
	uint8_t px[16 * 16 * 4];

	vvk_CmdClearColorImage(cmd, a.img, 0, &(VkClearColorValue){ .float32 = { 1, 0, 0, 1 } }, 1, &all);
	vvk_CmdClearColorImage(cmd, b.img, 0, &(VkClearColorValue){ .float32 = { 0, 0, 0, 1 } }, 1, &all);
	vvk_CmdCopyImage(cmd, a.img, 0, b.img, 0, 1, &(VkImageCopy){
		.srcSubresource = l, .dstSubresource = l, .dstOffset = { 8, 8, 0 },
		.extent = { 8, 8, 1 } });
	vkt_submit_wait(cmd);
	vkt_read_image(&b, 0, 0, 4, px);
	for (int y = 0; y < 16; y++)
		for (int x = 0; x < 16; x++)
			vkt_assert_rgba8(px + 4 * (y * 16 + x), 1,
					 x >= 8 && y >= 8 ? (uint8_t[]){ 0xff, 0, 0, 0xff }
							  : (uint8_t[]){ 0, 0, 0, 0xff });
	vkt_image_free(&a);
	vkt_image_free(&b);
}
END_TEST

/* A 2x2 image of four colours blitted (NEAREST) to 8x8: 4x4 quadrants. */
START_TEST(blit_scales_nearest)
{
	struct vkt_image a = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 2, 2, RT_USAGE);
	struct vkt_image b = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 8, 8, RT_USAGE);
	struct vkt_buffer src = vkt_buffer(16, true, BUF_USAGE);
	uint32_t quad[4] = { vkt_rgba(255, 0, 0, 255), vkt_rgba(0, 255, 0, 255),
			     vkt_rgba(0, 0, 255, 255), vkt_rgba(255, 255, 255, 255) };
	VkImageSubresourceLayers l = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 };
	VkCommandBuffer cmd = vkt_begin();
	uint32_t px[64];

	memcpy(src.map, quad, sizeof(quad));
	vkt_flush(&src);
	vvk_CmdCopyBufferToImage(cmd, src.buf, a.img, 0, 1, &(VkBufferImageCopy){
		.imageSubresource = l, .imageExtent = { 2, 2, 1 } });
	vvk_CmdBlitImage(cmd, a.img, 0, b.img, 0, 1, &(VkImageBlit){
		.srcSubresource = l, .srcOffsets = { { 0, 0, 0 }, { 2, 2, 1 } },
		.dstSubresource = l, .dstOffsets = { { 0, 0, 0 }, { 8, 8, 1 } } },
		VK_FILTER_NEAREST);
	vkt_submit_wait(cmd);
	vkt_read_image(&b, 0, 0, 4, px);
	for (int y = 0; y < 8; y++)
		for (int x = 0; x < 8; x++)
			ck_assert_uint_eq(px[y * 8 + x], quad[(y / 4) * 2 + x / 4]);
	vkt_buffer_free(&src);
	vkt_image_free(&a);
	vkt_image_free(&b);
}
END_TEST

/* Formats x (upload, copy, blit to the same format, read back): bytes survive. */
static const struct { VkFormat f; uint32_t bpp; } matrix[] = {
	{ VK_FORMAT_R8G8B8A8_UNORM, 4 }, { VK_FORMAT_B8G8R8A8_UNORM, 4 },
	{ VK_FORMAT_R8_UNORM, 1 }, { VK_FORMAT_R8G8_UNORM, 2 }, { VK_FORMAT_R16_SFLOAT, 2 },
	{ VK_FORMAT_R32_SFLOAT, 4 }, { VK_FORMAT_R16G16B16A16_SFLOAT, 8 },
	{ VK_FORMAT_R32G32B32A32_SFLOAT, 16 }, { VK_FORMAT_R32_UINT, 4 },
	{ VK_FORMAT_R8G8B8A8_UINT, 4 }, { VK_FORMAT_A2B10G10R10_UNORM_PACK32, 4 },
};

static void half_pattern(uint8_t *p, size_t n, VkFormat f)
{
	fill_pattern(p, n, (uint32_t)f);
	/* keep float data finite and exact: small positive values only */
	if (f == VK_FORMAT_R16_SFLOAT || f == VK_FORMAT_R16G16B16A16_SFLOAT)
		for (size_t i = 1; i < n; i += 2)
			p[i] &= 0x3b;
	if (f == VK_FORMAT_R32_SFLOAT || f == VK_FORMAT_R32G32B32A32_SFLOAT)
		for (size_t i = 3; i < n; i += 4)
			p[i] &= 0x3f;
}

START_TEST(copy_and_blit_matrix)
{
	VkFormat f = matrix[_i].f;
	uint32_t bpp = matrix[_i].bpp, n = 8 * 8 * bpp;
	struct vkt_image a = vkt_image(f, 8, 8, RT_USAGE), b = vkt_image(f, 8, 8, RT_USAGE);
	struct vkt_image c = vkt_image(f, 8, 8, RT_USAGE);
	struct vkt_buffer src = vkt_buffer(n, true, BUF_USAGE);
	VkImageSubresourceLayers l = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 };
	VkOffset3D o[2] = { { 0, 0, 0 }, { 8, 8, 1 } };
	uint8_t *want = malloc(n), *got = malloc(n);
	VkCommandBuffer cmd = vkt_begin();

	half_pattern(src.map, n, f);
	memcpy(want, src.map, n);
	vkt_flush(&src);
	vvk_CmdCopyBufferToImage(cmd, src.buf, a.img, 0, 1, &(VkBufferImageCopy){
		.imageSubresource = l, .imageExtent = { 8, 8, 1 } });
	vvk_CmdCopyImage(cmd, a.img, 0, b.img, 0, 1, &(VkImageCopy){
		.srcSubresource = l, .dstSubresource = l, .extent = { 8, 8, 1 } });
	vvk_CmdBlitImage(cmd, b.img, 0, c.img, 0, 1, &(VkImageBlit){
		.srcSubresource = l, .srcOffsets = { o[0], o[1] }, .dstSubresource = l,
		.dstOffsets = { o[0], o[1] } }, VK_FILTER_NEAREST);
	vkt_submit_wait(cmd);
	vkt_read_image(&b, 0, 0, bpp, got);
	ck_assert_msg(!memcmp(got, want, n), "copy of format %d changed the data", f);
	vkt_read_image(&c, 0, 0, bpp, got);
	ck_assert_msg(!memcmp(got, want, n), "blit of format %d changed the data", f);
	free(want);
	free(got);
	vkt_buffer_free(&src);
	vkt_image_free(&a);
	vkt_image_free(&b);
	vkt_image_free(&c);
}
END_TEST

/* RGBA8 -> R32_UINT keeps every bit (the host's glCopyImageSubData); formats
 * of different texel sizes do not copy: the command buffer records an error. */
START_TEST(copy_image_between_formats)
{
	struct vkt_image a = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, 8, 8, RT_USAGE);
	struct vkt_image b = vkt_image(VK_FORMAT_R32_UINT, 8, 8, RT_USAGE);
	struct vkt_image c = vkt_image(VK_FORMAT_R16_UINT, 8, 8, RT_USAGE);
	struct vkt_buffer src = vkt_buffer(256, true, BUF_USAGE);
	VkImageSubresourceLayers l = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 };
	const VkImageCopy all = { .srcSubresource = l, .dstSubresource = l, .extent = { 8, 8, 1 } };
	VkCommandBuffer cmd = vkt_begin();
	uint8_t got[256];

	ck_assert(vvk_physical_device_copies_between_formats(T.pdev));
	fill_pattern(src.map, 256, 7);
	vkt_flush(&src);
	vvk_CmdCopyBufferToImage(cmd, src.buf, a.img, 0, 1, &(VkBufferImageCopy){
		.imageSubresource = l, .imageExtent = { 8, 8, 1 } });
	vvk_CmdCopyImage(cmd, a.img, 0, b.img, 0, 1, &all);
	vkt_submit_wait(cmd);
	vkt_read_image(&b, 0, 0, 4, got);
	ck_assert(!memcmp(got, src.map, 256));
	cmd = vkt_begin();
	vvk_CmdCopyImage(cmd, a.img, 0, c.img, 0, 1, &all);
	ck_assert_int_eq(vvk_EndCommandBuffer(cmd), VK_ERROR_FORMAT_NOT_SUPPORTED);
	vkt_buffer_free(&src);
	vkt_image_free(&a);
	vkt_image_free(&b);
	vkt_image_free(&c);
}
END_TEST

static bool on_drm(void)
{
	const char *t = getenv("VIRTGL_TRANSPORT");

	return t && strcmp(t, "drm") == 0;
}

/* An image shared as a dma-buf: XRGB8888, the host's B8G8R8X8 (views in
 * B8G8R8A8 read alpha as one). */
static VkImageCreateInfo shared_image_info(const struct vvk_image_dma_buf_info *dmabuf)
{
	return (VkImageCreateInfo){
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .pNext = dmabuf,
		.imageType = VK_IMAGE_TYPE_2D, .format = VK_FORMAT_B8G8R8A8_UNORM,
		.extent = { 8, 8, 1 }, .mipLevels = 1, .arrayLayers = 1, .samples = 1,
		.tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = VK_IMAGE_USAGE_TRANSFER_DST_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT |
			 VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_SAMPLED_BIT };
}

/* DRM: clear an exportable image, export it, import the fd as a second
 * image: the copy read back through the import is the clear colour.
 * vtest: both directions are VK_ERROR_FEATURE_NOT_PRESENT. */
START_TEST(dma_buf_image_export_import)
{
	struct vvk_image_dma_buf_info out = { .sType = VVK_STRUCTURE_TYPE_IMAGE_DMA_BUF_INFO,
					      .fd = -1, .drm_format = 0x34325258 /* XR24 */ };
	VkImageCreateInfo ci = shared_image_info(&out);
	struct vkt_image a = vkt_image_ex(&ci, VK_IMAGE_VIEW_TYPE_2D), b;
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[8 * 8 * 4];
	int fd = -1;

	vvk_CmdClearColorImage(cmd, a.img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL,
			       &(VkClearColorValue){ .float32 = { 1, 0.4f, 0, 0.2f } }, 1,
			       &(VkImageSubresourceRange){ VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 });
	vkt_submit_wait(cmd);
	if (!on_drm()) {
		VkImage img;
		struct vvk_image_dma_buf_info in = out;

		in.fd = 0;
		ck_assert_int_eq(vvk_GetImageDmaBufFd(T.dev, a.img, &fd), VK_ERROR_FEATURE_NOT_PRESENT);
		ci = shared_image_info(&in);
		ck_assert_int_eq(vvk_CreateImage(T.dev, &ci, NULL, &img), VK_ERROR_FEATURE_NOT_PRESENT);
		vkt_image_free(&a);
		return;
	}
	ck_assert_int_eq(vvk_GetImageDmaBufFd(T.dev, a.img, &fd), VK_SUCCESS);
	out.fd = fd;
	ci = shared_image_info(&out);
	b = vkt_image_ex(&ci, VK_IMAGE_VIEW_TYPE_2D);
	close(fd);
	vkt_image_free(&a);  /* the import keeps the host resource */
	vkt_read_image(&b, 0, 0, 4, px);
	/* B, G, R; X holds whatever the host stored */
	for (int i = 0; i < 64; i++)
		ck_assert_msg(px[4 * i] == 0 && px[4 * i + 1] == 0x66 && px[4 * i + 2] == 0xff,
			      "pixel %d = %02x%02x%02x", i, px[4 * i], px[4 * i + 1], px[4 * i + 2]);
	vkt_image_free(&b);
}
END_TEST

/* A fourcc virtgl does not share, or a dma-buf import of what is no
 * dma-buf: refused, nothing created. */
START_TEST(dma_buf_image_bad_input)
{
	struct vvk_image_dma_buf_info info = { .sType = VVK_STRUCTURE_TYPE_IMAGE_DMA_BUF_INFO,
					       .fd = -1, .drm_format = 0x3231564e /* NV12 */ };
	VkImageCreateInfo ci = shared_image_info(&info);
	VkImage img = VK_NULL_HANDLE;
	int p[2];

	ck_assert_int_eq(vvk_CreateImage(T.dev, &ci, NULL, &img), VK_ERROR_FORMAT_NOT_SUPPORTED);
	info.drm_format = 0x34325258;
	ci.mipLevels = 2;
	ck_assert_int_eq(vvk_CreateImage(T.dev, &ci, NULL, &img), VK_ERROR_FORMAT_NOT_SUPPORTED);
	ci.mipLevels = 1;
	ck_assert_int_eq(pipe(p), 0);
	info.fd = p[0];
	ck_assert_int_eq(vvk_CreateImage(T.dev, &ci, NULL, &img),
			 on_drm() ? VK_ERROR_INVALID_EXTERNAL_HANDLE : VK_ERROR_FEATURE_NOT_PRESENT);
	close(p[0]);
	close(p[1]);
	ck_assert_ptr_eq(img, VK_NULL_HANDLE);
}
END_TEST

static Suite *transfer_suite(void)
{
	Suite *s = suite_create("vk transfer");
	TCase *tc = tcase_create("host");

	tcase_add_checked_fixture(tc, vkt_setup, vkt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, load_op_clear_whole_attachment);
	tcase_add_test(tc, load_op_clear_partial_area_is_drawn);
	tcase_add_test(tc, clear_color_image_levels_and_layers);
	tcase_add_test(tc, copy_buffer_and_invalidate);
	tcase_add_test(tc, update_and_fill_buffer);
	tcase_add_test(tc, buffer_to_image_from_cpu_data_and_back);
	tcase_add_test(tc, buffer_to_image_from_gpu_written_buffer);
	tcase_add_test(tc, copy_image_region);
	tcase_add_test(tc, copy_image_between_formats);
	tcase_add_test(tc, blit_scales_nearest);
	tcase_add_test(tc, dma_buf_image_export_import);
	tcase_add_test(tc, dma_buf_image_bad_input);
	tcase_add_loop_test(tc, copy_and_blit_matrix, 0, sizeof(matrix) / sizeof(matrix[0]));
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return vkt_main(transfer_suite);
}
