/* SPDX-License-Identifier: MIT */
/*
 * Objects: the physical device's report (from the host's caps), memory
 * types, requirements, descriptor pools sized exactly and sets recycled only
 * after their batch, and errors a command buffer reports at its end.
 */
#include <string.h>

#include "vk_test.h"
#include "vvk_instance.h"

START_TEST(physical_device_reports_host)
{
	VkPhysicalDeviceProperties p;
	VkFormatProperties f;
	VkImageFormatProperties ip;
	VkPhysicalDeviceMemoryProperties m;

	vvk_GetPhysicalDeviceProperties(T.pdev, &p);
	ck_assert_uint_eq(p.apiVersion, VK_API_VERSION_1_3);
	ck_assert_uint_ge(p.limits.maxImageDimension2D, 2048);
	ck_assert_uint_ge(p.limits.maxPerStageDescriptorUniformBuffers, 1);
	ck_assert_uint_ge(p.limits.maxColorAttachments, 1);
	vvk_GetPhysicalDeviceFormatProperties(T.pdev, VK_FORMAT_R8G8B8A8_UNORM, &f);
	ck_assert(f.optimalTilingFeatures & VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT);
	ck_assert_uint_eq(f.linearTilingFeatures, 0);
	vvk_GetPhysicalDeviceFormatProperties(T.pdev, VK_FORMAT_D24_UNORM_S8_UINT, &f);
	ck_assert(f.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT);
	vvk_GetPhysicalDeviceFormatProperties(T.pdev, VK_FORMAT_R32G32B32_SFLOAT, &f);
	ck_assert(f.bufferFeatures & VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT);
	ck_assert_int_eq(vvk_GetPhysicalDeviceImageFormatProperties(T.pdev,
		VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_LINEAR,
		VK_IMAGE_USAGE_SAMPLED_BIT, 0, &ip), VK_ERROR_FORMAT_NOT_SUPPORTED);
	vvk_GetPhysicalDeviceMemoryProperties(T.pdev, &m);
	ck_assert_uint_eq(m.memoryTypeCount, 2);
	ck_assert(!(m.memoryTypes[1].propertyFlags & VK_MEMORY_PROPERTY_HOST_COHERENT_BIT));
}
END_TEST

/* The vertex pipeline's storage slots are the host's other-stage ones
 * (within the slot tables), the combined count the host's. */
START_TEST(stage_storage_from_host)
{
	const struct vdrm_caps *c = vvk_physical_device_from_handle(T.pdev)->caps;
	struct vvk_physical_device_stage_storage_properties st = {
		.sType = VVK_STRUCTURE_TYPE_PHYSICAL_DEVICE_STAGE_STORAGE_PROPERTIES };
	VkPhysicalDeviceProperties2 p = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
					  .pNext = &st };
	VkPhysicalDeviceFeatures f;

	vvk_GetPhysicalDeviceProperties2(T.pdev, &p);
	ck_assert_uint_eq(st.maxVertexPipelineStorageBuffers,
			  VVK_MIN(c->max_shader_buffer_other_stages, VVK_MAX_SSBO_SLOTS));
	ck_assert_uint_eq(st.maxVertexPipelineStorageImages,
			  VVK_MIN(c->max_shader_image_other_stages, VVK_MAX_IMAGE_SLOTS));
	ck_assert_uint_eq(st.maxCombinedStorageBuffers, c->max_combined_shader_buffers
			  ? c->max_combined_shader_buffers
			  : p.properties.limits.maxPerStageDescriptorStorageBuffers);
	vvk_GetPhysicalDeviceFeatures(T.pdev, &f);
	ck_assert_int_eq(f.vertexPipelineStoresAndAtomics, c->max_shader_buffer_other_stages > 0);
}
END_TEST

START_TEST(linear_images_are_refused)
{
	VkImageCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
		.format = VK_FORMAT_R8G8B8A8_UNORM, .extent = { 4, 4, 1 }, .mipLevels = 1,
		.arrayLayers = 1, .samples = 1, .tiling = VK_IMAGE_TILING_LINEAR,
		.usage = VK_IMAGE_USAGE_SAMPLED_BIT,
	};
	VkImage img;

	ck_assert_int_eq(vvk_CreateImage(T.dev, &ci, NULL, &img), VK_ERROR_FORMAT_NOT_SUPPORTED);
}
END_TEST

START_TEST(image_kinds_and_requirements)
{
	static const struct { VkImageType t; VkImageCreateFlags f; uint32_t layers, depth;
			      VkImageViewType v; } kinds[] = {
		{ VK_IMAGE_TYPE_2D, 0, 1, 1, VK_IMAGE_VIEW_TYPE_2D },
		{ VK_IMAGE_TYPE_2D, 0, 4, 1, VK_IMAGE_VIEW_TYPE_2D_ARRAY },
		{ VK_IMAGE_TYPE_3D, 0, 1, 4, VK_IMAGE_VIEW_TYPE_3D },
		{ VK_IMAGE_TYPE_2D, VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT, 6, 1, VK_IMAGE_VIEW_TYPE_CUBE },
	};

	for (size_t i = 0; i < sizeof(kinds) / sizeof(kinds[0]); i++) {
		VkImageCreateInfo ci = {
			.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = kinds[i].t,
			.flags = kinds[i].f, .format = VK_FORMAT_R8G8B8A8_UNORM,
			.extent = { 16, 16, kinds[i].depth }, .mipLevels = 3,
			.arrayLayers = kinds[i].layers, .samples = 1,
			.tiling = VK_IMAGE_TILING_OPTIMAL,
			.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT,
		};
		struct vkt_image img = vkt_image_ex(&ci, kinds[i].v);
		VkMemoryRequirements req;

		vvk_GetImageMemoryRequirements(T.dev, img.img, &req);
		ck_assert_uint_ge(req.size, 16 * 16 * 4 * kinds[i].layers * kinds[i].depth);
		ck_assert_uint_eq(req.memoryTypeBits, 1);
		vkt_image_free(&img);
	}
}
END_TEST

static VkDescriptorSetLayout ubo_layout(uint32_t count)
{
	VkDescriptorSetLayoutBinding b = { 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, count,
					   VK_SHADER_STAGE_FRAGMENT_BIT, NULL };
	VkDescriptorSetLayout l;

	ck_assert_int_eq(vvk_CreateDescriptorSetLayout(T.dev, &(VkDescriptorSetLayoutCreateInfo){
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 1,
		.pBindings = &b }, NULL, &l), VK_SUCCESS);
	return l;
}

static VkResult alloc_set(VkDescriptorPool pool, VkDescriptorSetLayout l, VkDescriptorSet *s)
{
	return vvk_AllocateDescriptorSets(T.dev, &(VkDescriptorSetAllocateInfo){
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = pool,
		.descriptorSetCount = 1, .pSetLayouts = &l }, s);
}

START_TEST(descriptor_pool_sized_exactly)
{
	VkDescriptorPoolSize size = { VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 5 };
	VkDescriptorSetLayout two = ubo_layout(2), one = ubo_layout(1);
	struct vvk_descriptor_pool_stats st;
	VkDescriptorPool pool;
	VkDescriptorSet s[4];

	ck_assert_int_eq(vvk_CreateDescriptorPool(T.dev, &(VkDescriptorPoolCreateInfo){
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 3,
		.poolSizeCount = 1, .pPoolSizes = &size }, NULL, &pool), VK_SUCCESS);
	ck_assert_int_eq(alloc_set(pool, two, &s[0]), VK_SUCCESS);
	ck_assert_int_eq(alloc_set(pool, two, &s[1]), VK_SUCCESS);
	ck_assert_int_eq(alloc_set(pool, two, &s[2]), VK_ERROR_OUT_OF_POOL_MEMORY);
	vvk_GetDescriptorPoolStats(T.dev, pool, &st);
	ck_assert_uint_eq(st.sets_allocated, 2);
	ck_assert_uint_eq(st.free_descriptors[VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER], 1);
	ck_assert_uint_eq(st.free_descriptors[VK_DESCRIPTOR_TYPE_STORAGE_BUFFER], 0);
	ck_assert_int_eq(alloc_set(pool, one, &s[2]), VK_SUCCESS);
	ck_assert_int_eq(alloc_set(pool, one, &s[3]), VK_ERROR_OUT_OF_POOL_MEMORY);
	/* an unused freed set comes back at the next allocation */
	ck_assert_int_eq(vvk_FreeDescriptorSets(T.dev, pool, 1, &s[0]), VK_SUCCESS);
	ck_assert_int_eq(alloc_set(pool, two, &s[0]), VK_SUCCESS);
	vvk_DestroyDescriptorPool(T.dev, pool, NULL);
	vvk_DestroyDescriptorSetLayout(T.dev, two, NULL);
	vvk_DestroyDescriptorSetLayout(T.dev, one, NULL);
}
END_TEST

START_TEST(command_buffer_reports_bad_copy_at_end)
{
	struct vkt_buffer a = vkt_buffer(64, true, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
	VkCommandBuffer cmd = vkt_begin();

	/* past the end: refused before anything reaches the host */
	vvk_CmdCopyBuffer(cmd, a.buf, a.buf, 1, &(VkBufferCopy){ 0, 32, 64 });
	ck_assert_int_ne(vvk_EndCommandBuffer(cmd), VK_SUCCESS);
	vvk_FreeCommandBuffers(T.dev, T.pool, 1, &cmd);
	vkt_buffer_free(&a);
}
END_TEST

static Suite *objects_suite(void)
{
	Suite *s = suite_create("vk objects");
	TCase *tc = tcase_create("host");

	tcase_add_checked_fixture(tc, vkt_setup, vkt_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, physical_device_reports_host);
	tcase_add_test(tc, stage_storage_from_host);
	tcase_add_test(tc, linear_images_are_refused);
	tcase_add_test(tc, image_kinds_and_requirements);
	tcase_add_test(tc, descriptor_pool_sized_exactly);
	tcase_add_test(tc, command_buffer_reports_bad_copy_at_end);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return vkt_main(objects_suite);
}
