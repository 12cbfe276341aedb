/* SPDX-License-Identifier: MIT */
#include "vk_test.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "vtest_fixture.h"

struct vkt T;

static struct vtest_fixture server;
static bool use_drm;

void vkt_setup(void)
{
	uint32_t n = 1;
	float prio = 1.0f;
	VkDeviceQueueCreateInfo q = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
				      .queueCount = 1, .pQueuePriorities = &prio };
	VkDeviceCreateInfo di = { .sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO,
				  .queueCreateInfoCount = 1, .pQueueCreateInfos = &q };
	VkInstanceCreateInfo ii = { .sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO };
	VkCommandPoolCreateInfo pi = { .sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO };

	ck_assert_int_eq(vvk_CreateInstance(&ii, NULL, &T.instance), VK_SUCCESS);
	ck_assert_int_eq(vvk_EnumeratePhysicalDevices(T.instance, &n, &T.pdev), VK_SUCCESS);
	ck_assert_uint_eq(n, 1);
	ck_assert_int_eq(vvk_CreateDevice(T.pdev, &di, NULL, &T.dev), VK_SUCCESS);
	vvk_GetDeviceQueue(T.dev, 0, 0, &T.queue);
	ck_assert_ptr_nonnull(T.queue);
	ck_assert_int_eq(vvk_CreateCommandPool(T.dev, &pi, NULL, &T.pool), VK_SUCCESS);
}

void vkt_teardown(void)
{
	vvk_DestroyCommandPool(T.dev, T.pool, NULL);
	vvk_DestroyDevice(T.dev, NULL);
	vvk_DestroyInstance(T.instance, NULL);
	memset(&T, 0, sizeof(T));
}

int vkt_main(Suite *(*make_suite)(void))
{
	const char *t = getenv("VIRTGL_TRANSPORT");
	int ret;

	use_drm = t && strcmp(t, "drm") == 0;
	if (!use_drm) {
		if (vtest_fixture_start(&server))
			return EXIT_FAILURE; /* no server is a failure, never a skip */
		setenv("VIRTGL_TRANSPORT", "vtest", 1);
		setenv("VIRTGL_VTEST_SOCKET", server.socket, 1);
	}
	ret = check_run(make_suite(), CK_VERBOSE);
	if (!use_drm && ret)
		vtest_fixture_print_log(&server);
	if (!use_drm)
		vtest_fixture_stop(&server);
	return ret;
}

static uint32_t memory_type(uint32_t bits, bool host_visible)
{
	VkPhysicalDeviceMemoryProperties p;

	vvk_GetPhysicalDeviceMemoryProperties(T.pdev, &p);
	for (uint32_t i = 0; i < p.memoryTypeCount; i++)
		if ((bits & (1u << i)) &&
		    (!host_visible ||
		     (p.memoryTypes[i].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT)))
			return i;
	ck_abort_msg("no memory type");
	return 0;
}

struct vkt_buffer vkt_buffer(VkDeviceSize size, bool host_visible, VkBufferUsageFlags usage)
{
	VkBufferCreateInfo bi = { .sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size,
				  .usage = usage };
	struct vkt_buffer b = { .size = size };
	VkMemoryRequirements req;

	ck_assert_int_eq(vvk_CreateBuffer(T.dev, &bi, NULL, &b.buf), VK_SUCCESS);
	vvk_GetBufferMemoryRequirements(T.dev, b.buf, &req);
	ck_assert_int_eq(vvk_AllocateMemory(T.dev, &(VkMemoryAllocateInfo){
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
		.memoryTypeIndex = memory_type(req.memoryTypeBits, host_visible) }, NULL, &b.mem),
		VK_SUCCESS);
	ck_assert_int_eq(vvk_BindBufferMemory(T.dev, b.buf, b.mem, 0), VK_SUCCESS);
	if (host_visible)
		ck_assert_int_eq(vvk_MapMemory(T.dev, b.mem, 0, VK_WHOLE_SIZE, 0, &b.map),
				 VK_SUCCESS);
	return b;
}

void vkt_buffer_free(struct vkt_buffer *b)
{
	vvk_DestroyBuffer(T.dev, b->buf, NULL);
	vvk_FreeMemory(T.dev, b->mem, NULL);
}

static VkMappedMemoryRange whole(const struct vkt_buffer *b)
{
	return (VkMappedMemoryRange){ .sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE,
				      .memory = b->mem, .size = VK_WHOLE_SIZE };
}

void vkt_flush(const struct vkt_buffer *b)
{
	VkMappedMemoryRange r = whole(b);

	ck_assert_int_eq(vvk_FlushMappedMemoryRanges(T.dev, 1, &r), VK_SUCCESS);
}

void vkt_invalidate(const struct vkt_buffer *b)
{
	VkMappedMemoryRange r = whole(b);

	ck_assert_int_eq(vvk_InvalidateMappedMemoryRanges(T.dev, 1, &r), VK_SUCCESS);
}

static VkImageAspectFlags aspects_of(VkFormat f)
{
	switch (f) {
	case VK_FORMAT_D16_UNORM:
	case VK_FORMAT_D32_SFLOAT:
	case VK_FORMAT_X8_D24_UNORM_PACK32:
		return VK_IMAGE_ASPECT_DEPTH_BIT;
	case VK_FORMAT_D24_UNORM_S8_UINT:
	case VK_FORMAT_D32_SFLOAT_S8_UINT:
		return VK_IMAGE_ASPECT_DEPTH_BIT | VK_IMAGE_ASPECT_STENCIL_BIT;
	default:
		return VK_IMAGE_ASPECT_COLOR_BIT;
	}
}

struct vkt_image vkt_image_ex(const VkImageCreateInfo *ci, VkImageViewType view_type)
{
	struct vkt_image img = { .format = ci->format, .w = ci->extent.width,
				 .h = ci->extent.height, .layers = ci->arrayLayers,
				 .levels = ci->mipLevels };
	VkMemoryRequirements req;

	ck_assert_int_eq(vvk_CreateImage(T.dev, ci, NULL, &img.img), VK_SUCCESS);
	vvk_GetImageMemoryRequirements(T.dev, img.img, &req);
	ck_assert_int_eq(vvk_AllocateMemory(T.dev, &(VkMemoryAllocateInfo){
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
		.memoryTypeIndex = memory_type(req.memoryTypeBits, false) }, NULL, &img.mem),
		VK_SUCCESS);
	ck_assert_int_eq(vvk_BindImageMemory(T.dev, img.img, img.mem, 0), VK_SUCCESS);
	ck_assert_int_eq(vvk_CreateImageView(T.dev, &(VkImageViewCreateInfo){
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = img.img,
		.viewType = view_type, .format = ci->format,
		.subresourceRange = { aspects_of(ci->format), 0, 1, 0, ci->arrayLayers } },
		NULL, &img.view), VK_SUCCESS);
	return img;
}

struct vkt_image vkt_image(VkFormat format, uint32_t w, uint32_t h, VkImageUsageFlags usage)
{
	VkImageCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
		.format = format, .extent = { w, h, 1 }, .mipLevels = 1, .arrayLayers = 1,
		.samples = VK_SAMPLE_COUNT_1_BIT, .tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = usage | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
	};

	return vkt_image_ex(&ci, VK_IMAGE_VIEW_TYPE_2D);
}

void vkt_image_free(struct vkt_image *img)
{
	vvk_DestroyImageView(T.dev, img->view, NULL);
	vvk_DestroyImage(T.dev, img->img, NULL);
	vvk_FreeMemory(T.dev, img->mem, NULL);
}

VkCommandBuffer vkt_begin(void)
{
	VkCommandBuffer cmd;

	ck_assert_int_eq(vvk_AllocateCommandBuffers(T.dev, &(VkCommandBufferAllocateInfo){
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = T.pool,
		.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 }, &cmd),
		VK_SUCCESS);
	ck_assert_int_eq(vvk_BeginCommandBuffer(cmd, &(VkCommandBufferBeginInfo){
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO }), VK_SUCCESS);
	return cmd;
}

void vkt_submit_wait(VkCommandBuffer cmd)
{
	VkFence fence;
	VkCommandBufferSubmitInfo ci = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO,
					 .commandBuffer = cmd };
	VkSubmitInfo2 si = { .sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2,
			     .commandBufferInfoCount = 1, .pCommandBufferInfos = &ci };

	ck_assert_int_eq(vvk_EndCommandBuffer(cmd), VK_SUCCESS);
	ck_assert_int_eq(vvk_CreateFence(T.dev, &(VkFenceCreateInfo){
		.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO }, NULL, &fence), VK_SUCCESS);
	ck_assert_int_eq(vvk_QueueSubmit2(T.queue, 1, &si, fence), VK_SUCCESS);
	ck_assert_int_eq(vvk_WaitForFences(T.dev, 1, &fence, VK_TRUE, 30ull * 1000000000ull),
			 VK_SUCCESS);
	ck_assert_int_eq(vvk_GetFenceStatus(T.dev, fence), VK_SUCCESS);
	vvk_DestroyFence(T.dev, fence, NULL);
	vvk_FreeCommandBuffers(T.dev, T.pool, 1, &cmd);
}

void vkt_read_image(const struct vkt_image *img, uint32_t level, uint32_t layer, uint32_t bpp,
		    void *out)
{
	uint32_t w = img->w >> level ? img->w >> level : 1, h = img->h >> level ? img->h >> level : 1;
	struct vkt_buffer b = vkt_buffer((VkDeviceSize)w * h * bpp, true,
					 VK_BUFFER_USAGE_TRANSFER_DST_BIT);
	VkCommandBuffer cmd = vkt_begin();

	vvk_CmdCopyImageToBuffer(cmd, img->img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, b.buf, 1,
		&(VkBufferImageCopy){ .imageSubresource = { aspects_of(img->format), level, layer, 1 },
				      .imageExtent = { w, h, 1 } });
	vkt_submit_wait(cmd);
	vkt_invalidate(&b);
	memcpy(out, b.map, (size_t)w * h * bpp);
	vkt_buffer_free(&b);
}

void vkt_assert_rgba8(const uint8_t *px, uint32_t n, const uint8_t want[4])
{
	for (uint32_t i = 0; i < n; i++)
		ck_assert_msg(!memcmp(px + 4 * i, want, 4), "pixel %u = %02x%02x%02x%02x want %02x%02x%02x%02x",
			      i, px[4 * i], px[4 * i + 1], px[4 * i + 2], px[4 * i + 3],
			      want[0], want[1], want[2], want[3]);
}

uint32_t vkt_rgba(uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
	return (uint32_t)r | (uint32_t)g << 8 | (uint32_t)b << 16 | (uint32_t)a << 24;
}

VkShaderModule vkt_spirv_module(const char *name)
{
	char path[512];
	uint32_t words[16384];
	size_t n;
	FILE *f;
	VkShaderModule m;
	/* VIRTGL_VK_SHADER_DIR: the build's shaders moved elsewhere (the GPU
	 * host's bundle, bench/gpu-host/tests.sh) */
	const char *dir = getenv("VIRTGL_VK_SHADER_DIR");

	snprintf(path, sizeof(path), "%s/%s.spv", dir && *dir ? dir : VK_SHADER_DIR, name);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	n = fread(words, 1, sizeof(words), f);
	fclose(f);
	ck_assert_msg(n > 0 && n < sizeof(words) && n % 4 == 0, "bad SPIR-V file %s", path);
	ck_assert_int_eq(vvk_CreateShaderModule(T.dev, &(VkShaderModuleCreateInfo){
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = n,
		.pCode = words }, NULL, &m), VK_SUCCESS);
	return m;
}

VkDescriptorSetLayout vkt_set_layout(const VkDescriptorSetLayoutBinding *b, uint32_t n)
{
	VkDescriptorSetLayout l;

	ck_assert_int_eq(vvk_CreateDescriptorSetLayout(T.dev, &(VkDescriptorSetLayoutCreateInfo){
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = n,
		.pBindings = b }, NULL, &l), VK_SUCCESS);
	return l;
}

/* Exactly max_sets sets of that layout: recycling must work to go past it. */
VkDescriptorPool vkt_descriptor_pool(const VkDescriptorSetLayoutBinding *b, uint32_t n,
				     uint32_t max_sets)
{
	VkDescriptorPoolSize sizes[16];
	VkDescriptorPool p;

	ck_assert_uint_le(n, 16);
	for (uint32_t i = 0; i < n; i++)
		sizes[i] = (VkDescriptorPoolSize){ b[i].descriptorType,
						   b[i].descriptorCount * max_sets };
	ck_assert_int_eq(vvk_CreateDescriptorPool(T.dev, &(VkDescriptorPoolCreateInfo){
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO,
		.flags = VK_DESCRIPTOR_POOL_CREATE_FREE_DESCRIPTOR_SET_BIT, .maxSets = max_sets,
		.poolSizeCount = n, .pPoolSizes = sizes }, NULL, &p), VK_SUCCESS);
	return p;
}

VkDescriptorSet vkt_alloc_set(VkDescriptorPool pool, VkDescriptorSetLayout layout)
{
	VkDescriptorSet s;

	ck_assert_int_eq(vvk_AllocateDescriptorSets(T.dev, &(VkDescriptorSetAllocateInfo){
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = pool,
		.descriptorSetCount = 1, .pSetLayouts = &layout }, &s), VK_SUCCESS);
	return s;
}

void vkt_write_buffer(VkDescriptorSet set, uint32_t binding, VkDescriptorType type, VkBuffer buf,
		      VkDeviceSize offset, VkDeviceSize range)
{
	vvk_UpdateDescriptorSets(T.dev, 1, &(VkWriteDescriptorSet){
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
		.dstBinding = binding, .descriptorCount = 1, .descriptorType = type,
		.pBufferInfo = &(VkDescriptorBufferInfo){ buf, offset, range } }, 0, NULL);
}

void vkt_write_image(VkDescriptorSet set, uint32_t binding, VkDescriptorType type,
		     VkImageView view, VkSampler sampler)
{
	vvk_UpdateDescriptorSets(T.dev, 1, &(VkWriteDescriptorSet){
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
		.dstBinding = binding, .descriptorCount = 1, .descriptorType = type,
		.pImageInfo = &(VkDescriptorImageInfo){ sampler, view,
							VK_IMAGE_LAYOUT_GENERAL } }, 0, NULL);
}

VkPipelineLayout vkt_pipeline_layout(const VkDescriptorSetLayout *sets, uint32_t n,
				     const VkPushConstantRange *push)
{
	VkPipelineLayout l;

	ck_assert_int_eq(vvk_CreatePipelineLayout(T.dev, &(VkPipelineLayoutCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = n,
		.pSetLayouts = sets, .pushConstantRangeCount = push ? 1 : 0,
		.pPushConstantRanges = push }, NULL, &l), VK_SUCCESS);
	return l;
}

struct vkt_compute vkt_compute(const char *shader, const VkDescriptorSetLayoutBinding *b,
			       uint32_t n)
{
	struct vkt_compute c = { .sl = vkt_set_layout(b, n) };
	VkShaderModule m = vkt_spirv_module(shader);
	VkComputePipelineCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
		.stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
			   .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = m, .pName = "main" },
	};

	c.layout = vkt_pipeline_layout(&c.sl, 1, NULL);
	ci.layout = c.layout;
	ck_assert_int_eq(vvk_CreateComputePipelines(T.dev, VK_NULL_HANDLE, 1, &ci, NULL,
						    &c.pipeline), VK_SUCCESS);
	vvk_DestroyShaderModule(T.dev, m, NULL);
	c.pool = vkt_descriptor_pool(b, n, 1);
	c.set = vkt_alloc_set(c.pool, c.sl);
	return c;
}

void vkt_compute_free(struct vkt_compute *c)
{
	vvk_DestroyPipeline(T.dev, c->pipeline, NULL);
	vvk_DestroyDescriptorPool(T.dev, c->pool, NULL);
	vvk_DestroyPipelineLayout(T.dev, c->layout, NULL);
	vvk_DestroyDescriptorSetLayout(T.dev, c->sl, NULL);
}

void vkt_dispatch(const struct vkt_compute *c, uint32_t x, uint32_t y)
{
	VkCommandBuffer cmd = vkt_begin();

	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->pipeline);
	vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, c->layout, 0, 1, &c->set,
				  0, NULL);
	vvk_CmdDispatch(cmd, x, y, 1);
	vkt_submit_wait(cmd);
}

VkDescriptorSetLayoutBinding vkt_compute_binding(uint32_t binding, VkDescriptorType type)
{
	return (VkDescriptorSetLayoutBinding){ binding, type, 1, VK_SHADER_STAGE_COMPUTE_BIT,
					       NULL };
}
