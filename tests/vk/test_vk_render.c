/* SPDX-License-Identifier: MIT */
/*
 * Pipelines, descriptors and draws on a real host with hand-written TGSI
 * given through the project extension vvk_shader_module_tgsi_info: the
 * layer's own path, independent of compiler/. Everything else (pipeline
 * state objects, vertex input, push constants, dynamic UBO offsets, set
 * recycling) is the path SPIR-V pipelines take; test_vk_draw.c and
 * test_vk_compute.c cover SPIR-V.
 */
#include <stdlib.h>
#include <string.h>

#include "vk_test.h"
#include "vvk_device.h"
#include "vvk_pipeline.h"

#define W 16
#define H 16

static const char vs_text[] =
	"VERT\nDCL IN[0]\nDCL OUT[0], POSITION\nMOV OUT[0], IN[0]\nEND\n";
static const char fs_push[] =
	"FRAG\nDCL OUT[0], COLOR\nDCL CONST[0]\nMOV OUT[0], CONST[0]\nEND\n";
static const char fs_ubo[] =
	"FRAG\nDCL OUT[0], COLOR\nDCL CONST[1][0]\nMOV OUT[0], CONST[1][0]\nEND\n";

static VkShaderModule tgsi_module(const char *text)
{
	struct vvk_shader_module_tgsi_info t = { .sType = VVK_STRUCTURE_TYPE_SHADER_MODULE_TGSI_INFO,
						 .text = text };
	VkShaderModule m;

	ck_assert_int_eq(vvk_CreateShaderModule(T.dev, &(VkShaderModuleCreateInfo){
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .pNext = &t }, NULL, &m),
		VK_SUCCESS);
	return m;
}

static VkPipeline pipeline_vs(VkPipelineLayout layout, const char *vs, const char *fs)
{
	VkShaderModule vsm = tgsi_module(vs), fsm = tgsi_module(fs);
	VkPipelineShaderStageCreateInfo st[2] = {
		{ VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0,
		  VK_SHADER_STAGE_VERTEX_BIT, vsm, "main", NULL },
		{ VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0,
		  VK_SHADER_STAGE_FRAGMENT_BIT, fsm, "main", NULL },
	};
	VkVertexInputBindingDescription vb = { 0, 16, VK_VERTEX_INPUT_RATE_VERTEX };
	VkVertexInputAttributeDescription va = { 0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0 };
	VkPipelineColorBlendAttachmentState cba = { .colorWriteMask = 0xf };
	VkDynamicState dyn[2] = { VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR };
	VkGraphicsPipelineCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .stageCount = 2,
		.pStages = st,
		.pVertexInputState = &(VkPipelineVertexInputStateCreateInfo){
			.vertexBindingDescriptionCount = 1, .pVertexBindingDescriptions = &vb,
			.vertexAttributeDescriptionCount = 1, .pVertexAttributeDescriptions = &va },
		.pInputAssemblyState = &(VkPipelineInputAssemblyStateCreateInfo){
			.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST },
		.pRasterizationState = &(VkPipelineRasterizationStateCreateInfo){
			.cullMode = VK_CULL_MODE_BACK_BIT, .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
			.lineWidth = 1.0f },
		.pColorBlendState = &(VkPipelineColorBlendStateCreateInfo){
			.attachmentCount = 1, .pAttachments = &cba },
		.pDynamicState = &(VkPipelineDynamicStateCreateInfo){
			.dynamicStateCount = 2, .pDynamicStates = dyn },
		.layout = layout,
	};
	VkPipeline p;

	ck_assert_int_eq(vvk_CreateGraphicsPipelines(T.dev, VK_NULL_HANDLE, 1, &ci, NULL, &p),
			 VK_SUCCESS);
	vvk_DestroyShaderModule(T.dev, vsm, NULL);
	vvk_DestroyShaderModule(T.dev, fsm, NULL);
	return p;
}

static VkPipeline pipeline(VkPipelineLayout layout, const char *fs)
{
	return pipeline_vs(layout, vs_text, fs);
}

/* Two triangles over the rectangle x in [x0, x1], y in [y0, y1] of NDC,
 * counter-clockwise in Vulkan's y-down framebuffer (front faces). */
static void quad(float *v, float x0, float y0, float x1, float y1)
{
	const float q[24] = { x0, y0, 0, 1, x0, y1, 0, 1, x1, y1, 0, 1,
			      x0, y0, 0, 1, x1, y1, 0, 1, x1, y0, 0, 1 };

	memcpy(v, q, sizeof(q));
}

static void begin(VkCommandBuffer cmd, const struct vkt_image *img)
{
	VkRenderingAttachmentInfo att = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = img->view,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .clearValue.color.float32 = { 0, 0, 0, 1 },
	};

	vvk_CmdBeginRendering(cmd, &(VkRenderingInfo){
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .renderArea = { { 0, 0 }, { W, H } },
		.layerCount = 1, .colorAttachmentCount = 1, .pColorAttachments = &att });
	vvk_CmdSetViewport(cmd, 0, 1, &(VkViewport){ 0, 0, W, H, 0, 1 });
	vvk_CmdSetScissor(cmd, 0, 1, &(VkRect2D){ { 0, 0 }, { W, H } });
}

/* The top-left quadrant (rows 0..7 in memory: Vulkan's y is down). */
START_TEST(push_constant_quad_in_top_left)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, W, H,
					 VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
	struct vkt_buffer vb = vkt_buffer(6 * 16, true, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	VkPushConstantRange pr = { VK_SHADER_STAGE_FRAGMENT_BIT, 0, 16 };
	VkPipelineLayout layout;
	VkPipeline p;
	VkCommandBuffer cmd;
	const float green[4] = { 0, 1, 0, 1 };
	uint8_t px[W * H * 4];

	ck_assert_int_eq(vvk_CreatePipelineLayout(T.dev, &(VkPipelineLayoutCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.pushConstantRangeCount = 1, .pPushConstantRanges = &pr }, NULL, &layout),
		VK_SUCCESS);
	p = pipeline(layout, fs_push);
	quad(vb.map, -1, -1, 0, 0);
	vkt_flush(&vb);
	cmd = vkt_begin();
	begin(cmd, &img);
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &vb.buf, (VkDeviceSize[]){ 0 });
	vvk_CmdPushConstants(cmd, layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, 16, green);
	vvk_CmdDraw(cmd, 6, 1, 0, 0);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	vkt_read_image(&img, 0, 0, 4, px);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			vkt_assert_rgba8(px + 4 * (y * W + x), 1,
					 x < W / 2 && y < H / 2 ? (uint8_t[]){ 0, 0xff, 0, 0xff }
							      : (uint8_t[]){ 0, 0, 0, 0xff });
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vkt_buffer_free(&vb);
	vkt_image_free(&img);
}
END_TEST

/* One set, one dynamic UBO: two draws with different offsets differ. */
START_TEST(dynamic_ubo_offsets_pick_colours)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, W, H,
					 VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
	struct vkt_buffer vb = vkt_buffer(12 * 16, true, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	struct vkt_buffer ubo = vkt_buffer(512, true, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
	VkDescriptorSetLayoutBinding b = { 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1,
					   VK_SHADER_STAGE_FRAGMENT_BIT, NULL };
	VkDescriptorPoolSize ps = { VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1 };
	struct vvk_descriptor_pool_stats st;
	VkDescriptorSetLayout sl;
	VkPipelineLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	VkPipeline p;
	VkCommandBuffer cmd;
	uint8_t px[W * H * 4];

	ck_assert_int_eq(vvk_CreateDescriptorSetLayout(T.dev, &(VkDescriptorSetLayoutCreateInfo){
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 1,
		.pBindings = &b }, NULL, &sl), VK_SUCCESS);
	ck_assert_int_eq(vvk_CreatePipelineLayout(T.dev, &(VkPipelineLayoutCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
		.pSetLayouts = &sl }, NULL, &layout), VK_SUCCESS);
	ck_assert_int_eq(vvk_CreateDescriptorPool(T.dev, &(VkDescriptorPoolCreateInfo){
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 1,
		.poolSizeCount = 1, .pPoolSizes = &ps }, NULL, &pool), VK_SUCCESS);
	ck_assert_int_eq(vvk_AllocateDescriptorSets(T.dev, &(VkDescriptorSetAllocateInfo){
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = pool,
		.descriptorSetCount = 1, .pSetLayouts = &sl }, &set), VK_SUCCESS);
	vvk_UpdateDescriptorSets(T.dev, 1, &(VkWriteDescriptorSet){
		.sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = set,
		.descriptorCount = 1, .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC,
		.pBufferInfo = &(VkDescriptorBufferInfo){ ubo.buf, 0, 16 } }, 0, NULL);
	p = pipeline(layout, fs_ubo);
	quad(vb.map, -1, -1, 0, 1);
	quad((float *)vb.map + 24, 0, -1, 1, 1);
	memcpy(ubo.map, (float[]){ 1, 0, 0, 1 }, 16);
	memcpy((uint8_t *)ubo.map + 256, (float[]){ 0, 0, 1, 1 }, 16);
	vkt_flush(&vb);
	vkt_flush(&ubo);
	cmd = vkt_begin();
	begin(cmd, &img);
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &vb.buf, (VkDeviceSize[]){ 0 });
	vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set, 1,
				  (uint32_t[]){ 0 });
	vvk_CmdDraw(cmd, 6, 1, 0, 0);
	vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0, 1, &set, 1,
				  (uint32_t[]){ 256 });
	vvk_CmdDraw(cmd, 6, 1, 6, 0);
	vvk_CmdEndRendering(cmd);
	ck_assert_int_eq(vvk_EndCommandBuffer(cmd), VK_SUCCESS);
	ck_assert_int_eq(vvk_QueueSubmit2(T.queue, 1, &(VkSubmitInfo2){
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2, .commandBufferInfoCount = 1,
		.pCommandBufferInfos = &(VkCommandBufferSubmitInfo){
			.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO,
			.commandBuffer = cmd } }, VK_NULL_HANDLE), VK_SUCCESS);
	/* freed while its batch may run: retired, and only then back in the pool */
	vvk_FreeDescriptorSets(T.dev, pool, 1, &set);
	ck_assert_int_eq(vvk_QueueWaitIdle(T.queue), VK_SUCCESS);
	vvk_GetDescriptorPoolStats(T.dev, pool, &st);
	ck_assert_uint_eq(st.sets_allocated, 0);
	ck_assert_uint_eq(st.sets_retired, 0);
	ck_assert_uint_eq(st.free_descriptors[VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC], 1);
	vkt_read_image(&img, 0, 0, 4, px);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			vkt_assert_rgba8(px + 4 * (y * W + x), 1,
					 x < W / 2 ? (uint8_t[]){ 0xff, 0, 0, 0xff }
						   : (uint8_t[]){ 0, 0, 0xff, 0xff });
	vvk_FreeCommandBuffers(T.dev, T.pool, 1, &cmd);
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyDescriptorPool(T.dev, pool, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vvk_DestroyDescriptorSetLayout(T.dev, sl, NULL);
	vkt_buffer_free(&ubo);
	vkt_buffer_free(&vb);
	vkt_image_free(&img);
}
END_TEST

/*
 * Host objects are shared by content (vvk_object_cache.h): two pipelines that
 * differ only in the fragment shader share every state object and the vertex
 * shader, so switching between them binds one shader; the objects live until
 * the last pipeline using them is destroyed.
 */
START_TEST(identical_state_objects_are_shared)
{
	VkPushConstantRange pr = { VK_SHADER_STAGE_FRAGMENT_BIT, 0, 16 };
	struct vvk_device *dev = vvk_device_from_handle(T.dev);
	const struct vvk_pipeline *a, *b;
	VkPipelineLayout layout;
	VkPipeline pa, pb;
	uint32_t before = dev->objects.count;

	ck_assert_int_eq(vvk_CreatePipelineLayout(T.dev, &(VkPipelineLayoutCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
		.pushConstantRangeCount = 1, .pPushConstantRanges = &pr }, NULL, &layout),
		VK_SUCCESS);
	pa = pipeline(layout, fs_push);
	pb = pipeline(layout, fs_ubo);
	a = vvk_pipeline_from_handle(pa);
	b = vvk_pipeline_from_handle(pb);
	ck_assert_uint_ne(a->blend, 0);
	ck_assert_uint_eq(a->blend, b->blend);
	ck_assert_uint_eq(a->dsa, b->dsa);
	ck_assert_uint_eq(a->rasterizer, b->rasterizer);
	ck_assert_uint_eq(a->vertex_elements, b->vertex_elements);
	ck_assert_uint_eq(a->shaders[VVK_STAGE_VS], b->shaders[VVK_STAGE_VS]);
	ck_assert_uint_ne(a->shaders[VVK_STAGE_FS], b->shaders[VVK_STAGE_FS]);
	/* blend, DSA, rasterizer, vertex elements, VS, 2 FS (plus what existed) */
	ck_assert_uint_le(dev->objects.count, before + 7);
	vvk_DestroyPipeline(T.dev, pa, NULL);
	vvk_DestroyPipeline(T.dev, pb, NULL);
	ck_assert_uint_eq(dev->objects.count, before);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
}
END_TEST

/* ---- a shader longer than one command ------------------------------------------- */

/* 8192 dependent ADDs of 2^-10 (every partial sum exact in float): the sum is
 * 8 only if every line arrived; colour = (sum / 8, sum / 16, 0, 1). */
#define BIG_VS_ADDS 8192

static const char big_vs_head[] =
	"VERT\nDCL IN[0]\nDCL OUT[0], POSITION\nDCL OUT[1], GENERIC[0]\nDCL TEMP[0..1]\n"
	"IMM[0] FLT32 {0.0009765625, 0.125, 0.0625, 1.0}\nIMM[1] FLT32 {0.0, 0.0, 0.0, 0.0}\n"
	"MOV TEMP[0], IMM[1]\n";
static const char big_vs_add[] = "ADD TEMP[0].x, TEMP[0].xxxx, IMM[0].xxxx\n";
static const char big_vs_tail[] =
	"MOV TEMP[1], IMM[1]\nMUL TEMP[1].xy, TEMP[0].xxxx, IMM[0].yzzz\n"
	"MOV TEMP[1].w, IMM[0].wwww\nMOV OUT[1], TEMP[1]\nMOV OUT[0], IN[0]\nEND\n";
static const char fs_varying[] =
	"FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nMOV OUT[0], IN[0]\nEND\n";

static char *big_vs_text(void)
{
	size_t add = strlen(big_vs_add), head = strlen(big_vs_head);
	char *text = malloc(head + BIG_VS_ADDS * add + sizeof(big_vs_tail));
	char *p = text + head;

	ck_assert_ptr_nonnull(text);
	memcpy(text, big_vs_head, head);
	for (int i = 0; i < BIG_VS_ADDS; i++, p += add)
		memcpy(p, big_vs_add, add);
	memcpy(p, big_vs_tail, sizeof(big_vs_tail));
	return text;
}

static void draw_full_screen(VkPipeline p, const struct vkt_image *img)
{
	struct vkt_buffer vb = vkt_buffer(6 * 16, true, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	VkCommandBuffer cmd;

	quad(vb.map, -1, -1, 1, 1);
	vkt_flush(&vb);
	cmd = vkt_begin();
	begin(cmd, img);
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &vb.buf, (VkDeviceSize[]){ 0 });
	vvk_CmdDraw(cmd, 6, 1, 0, 0);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	vkt_buffer_free(&vb);
}

/*
 * CREATE_SHADER carries at most 65535 dwords: this VS goes as a first part and
 * continuations, and draws with every line of it. Two pipelines with it share
 * one host shader (the cache keys on all the parts).
 */
START_TEST(shader_longer_than_one_command)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, W, H,
					 VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
	char *vs = big_vs_text();
	VkPipelineLayout layout = VK_NULL_HANDLE;
	VkPipeline pa, pb;
	uint8_t px[W * H * 4];

	ck_assert_uint_gt(strlen(vs), 4 * (size_t)VDRM_CMD_MAX_PAYLOAD); /* two parts */
	ck_assert_int_eq(vvk_CreatePipelineLayout(T.dev, &(VkPipelineLayoutCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO }, NULL, &layout),
		VK_SUCCESS);
	pa = pipeline_vs(layout, vs, fs_varying);
	pb = pipeline_vs(layout, vs, fs_varying);
	ck_assert_uint_eq(vvk_pipeline_from_handle(pa)->shaders[VVK_STAGE_VS],
			  vvk_pipeline_from_handle(pb)->shaders[VVK_STAGE_VS]);
	vvk_DestroyPipeline(T.dev, pa, NULL);
	draw_full_screen(pb, &img);
	vkt_read_image(&img, 0, 0, 4, px);
	for (int i = 0; i < W * H; i++) {
		const uint8_t *c = px + 4 * i;

		ck_assert_msg(c[0] == 0xff && (c[1] == 0x7f || c[1] == 0x80) && c[2] == 0 &&
			      c[3] == 0xff, "pixel %d = %02x%02x%02x%02x", i, c[0], c[1], c[2], c[3]);
	}
	vvk_DestroyPipeline(T.dev, pb, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vkt_image_free(&img);
	free(vs);
}
END_TEST

/* A geometry shader sends each triangle to viewport 0 and to viewport 1
 * (VIEWPORT_INDEX); the pipeline has two dynamic viewports and scissors,
 * set in one call each: the left and right halves of the image. */
static const char gs_two_viewports[] =
	"GEOM\nPROPERTY GS_INPUT_PRIMITIVE TRIANGLES\nPROPERTY GS_OUTPUT_PRIMITIVE TRIANGLE_STRIP\n"
	"PROPERTY GS_MAX_OUTPUT_VERTICES 6\nPROPERTY GS_INVOCATIONS 1\n"
	"DCL IN[][0], POSITION\nDCL OUT[0], POSITION\nDCL OUT[1].x, VIEWPORT_INDEX\n"
	"IMM[0] INT32 {0, 1, 0, 0}\n"
	"MOV OUT[0], IN[0][0]\nMOV OUT[1].x, IMM[0].xxxx\nEMIT IMM[0].xxxx\n"
	"MOV OUT[0], IN[1][0]\nMOV OUT[1].x, IMM[0].xxxx\nEMIT IMM[0].xxxx\n"
	"MOV OUT[0], IN[2][0]\nMOV OUT[1].x, IMM[0].xxxx\nEMIT IMM[0].xxxx\nENDPRIM IMM[0].xxxx\n"
	"MOV OUT[0], IN[0][0]\nMOV OUT[1].x, IMM[0].yyyy\nEMIT IMM[0].xxxx\n"
	"MOV OUT[0], IN[1][0]\nMOV OUT[1].x, IMM[0].yyyy\nEMIT IMM[0].xxxx\n"
	"MOV OUT[0], IN[2][0]\nMOV OUT[1].x, IMM[0].yyyy\nEMIT IMM[0].xxxx\nENDPRIM IMM[0].xxxx\n"
	"END\n";
static const char fs_white[] =
	"FRAG\nDCL OUT[0], COLOR\nIMM[0] FLT32 {1.0, 1.0, 1.0, 1.0}\nMOV OUT[0], IMM[0]\nEND\n";

static VkPipeline pipeline_two_viewports(VkPipelineLayout layout)
{
	VkShaderModule m[3] = { tgsi_module(vs_text), tgsi_module(gs_two_viewports),
				tgsi_module(fs_white) };
	const VkShaderStageFlagBits bits[3] = { VK_SHADER_STAGE_VERTEX_BIT,
						VK_SHADER_STAGE_GEOMETRY_BIT,
						VK_SHADER_STAGE_FRAGMENT_BIT };
	VkPipelineShaderStageCreateInfo st[3];
	VkVertexInputBindingDescription vb = { 0, 16, VK_VERTEX_INPUT_RATE_VERTEX };
	VkVertexInputAttributeDescription va = { 0, 0, VK_FORMAT_R32G32B32A32_SFLOAT, 0 };
	VkPipelineColorBlendAttachmentState cba = { .colorWriteMask = 0xf };
	VkDynamicState dyn[2] = { VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR };
	VkGraphicsPipelineCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .stageCount = 3,
		.pStages = st,
		.pVertexInputState = &(VkPipelineVertexInputStateCreateInfo){
			.vertexBindingDescriptionCount = 1, .pVertexBindingDescriptions = &vb,
			.vertexAttributeDescriptionCount = 1, .pVertexAttributeDescriptions = &va },
		.pInputAssemblyState = &(VkPipelineInputAssemblyStateCreateInfo){
			.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST },
		.pViewportState = &(VkPipelineViewportStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO,
			.viewportCount = 2, .scissorCount = 2 },
		.pRasterizationState = &(VkPipelineRasterizationStateCreateInfo){ .lineWidth = 1.0f },
		.pColorBlendState = &(VkPipelineColorBlendStateCreateInfo){
			.attachmentCount = 1, .pAttachments = &cba },
		.pDynamicState = &(VkPipelineDynamicStateCreateInfo){
			.dynamicStateCount = 2, .pDynamicStates = dyn },
		.layout = layout,
	};
	VkPipeline p;

	for (int i = 0; i < 3; i++)
		st[i] = (VkPipelineShaderStageCreateInfo){
			VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0, bits[i], m[i],
			"main", NULL };
	ck_assert_int_eq(vvk_CreateGraphicsPipelines(T.dev, VK_NULL_HANDLE, 1, &ci, NULL, &p),
			 VK_SUCCESS);
	ck_assert_uint_eq(vvk_pipeline_from_handle(p)->nr_viewports, 2);
	for (int i = 0; i < 3; i++)
		vvk_DestroyShaderModule(T.dev, m[i], NULL);
	return p;
}

/* The quad [-0.5, 0.5]^2 in each half: columns 2..5 and 10..13 white, rows 4..11. */
START_TEST(geometry_shader_picks_the_viewport)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, W, H,
					 VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
	struct vkt_buffer vb = vkt_buffer(6 * 16, true, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	const VkViewport halves[2] = { { 0, 0, W / 2, H, 0, 1 }, { W / 2, 0, W / 2, H, 0, 1 } };
	const VkRect2D scissors[2] = { { { 0, 0 }, { W / 2, H } }, { { W / 2, 0 }, { W / 2, H } } };
	VkPhysicalDeviceFeatures f;
	VkPipelineLayout layout;
	VkPipeline p;
	VkCommandBuffer cmd;
	uint8_t px[W * H * 4];

	vvk_GetPhysicalDeviceFeatures(T.pdev, &f);
	if (!f.multiViewport)
		return;
	ck_assert_int_eq(vvk_CreatePipelineLayout(T.dev, &(VkPipelineLayoutCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO }, NULL, &layout),
		VK_SUCCESS);
	p = pipeline_two_viewports(layout);
	quad(vb.map, -0.5f, -0.5f, 0.5f, 0.5f);
	vkt_flush(&vb);
	cmd = vkt_begin();
	begin(cmd, &img);
	vvk_CmdSetViewport(cmd, 0, 2, halves);
	vvk_CmdSetScissor(cmd, 0, 2, scissors);
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &vb.buf, (VkDeviceSize[]){ 0 });
	vvk_CmdDraw(cmd, 6, 1, 0, 0);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	vkt_read_image(&img, 0, 0, 4, px);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			bool in = y >= 4 && y < 12 && ((x >= 2 && x < 6) || (x >= 10 && x < 14));

			ck_assert_msg(px[4 * (y * W + x)] == (in ? 0xff : 0), "pixel (%d, %d) = %02x",
				      x, y, px[4 * (y * W + x)]);
		}
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vkt_buffer_free(&vb);
	vkt_image_free(&img);
}
END_TEST

static Suite *render_suite(void)
{
	Suite *s = suite_create("vk render");
	TCase *tc = tcase_create("host");

	tcase_add_checked_fixture(tc, vkt_setup, vkt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, push_constant_quad_in_top_left);
	tcase_add_test(tc, dynamic_ubo_offsets_pick_colours);
	tcase_add_test(tc, identical_state_objects_are_shared);
	tcase_add_test(tc, shader_longer_than_one_command);
	tcase_add_test(tc, geometry_shader_picks_the_viewport);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return vkt_main(render_suite);
}
