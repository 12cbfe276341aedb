/* SPDX-License-Identifier: MIT */
/*
 * Multisampling on a real host: 4x images, pipelines with
 * rasterizationSamples 4, resolves at vvk_CmdEndRendering and with
 * vvk_CmdResolveImage, the sample mask and alpha-to-coverage. Every test
 * reads the resolved pixels back: pixels wholly inside or outside a triangle
 * are exact, pixels on its edge hold an average of the 4 samples.
 */
#include <stdlib.h>
#include <string.h>

#include "vk_test.h"

#define W 16
#define H 16
#define SAMPLES VK_SAMPLE_COUNT_4_BIT

/* ---- set-up ----------------------------------------------------------------------- */

static struct vkt_image msaa_image(void)
{
	VkImageCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
		.format = VK_FORMAT_R8G8B8A8_UNORM, .extent = { W, H, 1 }, .mipLevels = 1,
		.arrayLayers = 1, .samples = SAMPLES, .tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
	};

	return vkt_image_ex(&ci, VK_IMAGE_VIEW_TYPE_2D);
}

static VkPipelineShaderStageCreateInfo stage(VkShaderStageFlagBits s, VkShaderModule m)
{
	return (VkPipelineShaderStageCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = s,
		.module = m, .pName = "main" };
}

/* attr.vert (vec2 position, vec3 colour) into one RGBA8 attachment. */
static VkPipeline make_pipeline(VkPipelineLayout layout, const char *fs_name,
				const VkPipelineMultisampleStateCreateInfo *ms)
{
	VkShaderModule vs = vkt_spirv_module("attr.vert"), fs = vkt_spirv_module(fs_name);
	VkPipelineShaderStageCreateInfo st[2] = { stage(VK_SHADER_STAGE_VERTEX_BIT, vs),
						  stage(VK_SHADER_STAGE_FRAGMENT_BIT, fs) };
	VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
	VkDynamicState dyn[] = { VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR };
	VkGraphicsPipelineCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
		.pNext = &(VkPipelineRenderingCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
			.colorAttachmentCount = 1, .pColorAttachmentFormats = &format },
		.stageCount = 2, .pStages = st,
		.pVertexInputState = &(VkPipelineVertexInputStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
			.vertexBindingDescriptionCount = 1,
			.pVertexBindingDescriptions = &(VkVertexInputBindingDescription){
				0, 20, VK_VERTEX_INPUT_RATE_VERTEX },
			.vertexAttributeDescriptionCount = 2,
			.pVertexAttributeDescriptions = (VkVertexInputAttributeDescription[]){
				{ 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 },
				{ 1, 0, VK_FORMAT_R32G32B32_SFLOAT, 8 } } },
		.pInputAssemblyState = &(VkPipelineInputAssemblyStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
			.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST },
		.pRasterizationState = &(VkPipelineRasterizationStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
			.lineWidth = 1.0f },
		.pMultisampleState = ms,
		.pColorBlendState = &(VkPipelineColorBlendStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
			.attachmentCount = 1,
			.pAttachments = &(VkPipelineColorBlendAttachmentState){
				.colorWriteMask = 0xf } },
		.pDynamicState = &(VkPipelineDynamicStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
			.dynamicStateCount = VKT_ARRAY_SIZE(dyn), .pDynamicStates = dyn },
		.layout = layout,
	};
	VkPipeline p;

	ck_assert_int_eq(vvk_CreateGraphicsPipelines(T.dev, VK_NULL_HANDLE, 1, &ci, NULL, &p),
			 VK_SUCCESS);
	vvk_DestroyShaderModule(T.dev, vs, NULL);
	vvk_DestroyShaderModule(T.dev, fs, NULL);
	return p;
}

static VkPipelineMultisampleStateCreateInfo ms_state(const VkSampleMask *mask, bool a2c)
{
	return (VkPipelineMultisampleStateCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
		.rasterizationSamples = SAMPLES, .pSampleMask = mask, .alphaToCoverageEnable = a2c };
}

/*
 * One white triangle over black: (-1,-0.7), (-1,1), (1,1) in NDC, i.e. in
 * pixels (0,2.4), (0,16), (16,16). Its slanted edge y = 2.4 + 0.85 x crosses
 * every column at a different height, so edge pixels are covered in part.
 */
static const float tri[3 * 5] = {
	-1, -0.7f, 1, 1, 1, -1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
};
static const float quad[6 * 5] = {
	-1, -1, 1, 1, 1, -1, 1, 1, 1, 1, 1, 1, 1, 1, 1,
	-1, -1, 1, 1, 1, 1, 1, 1, 1, 1, 1, -1, 1, 1, 1,
};

struct scene {
	struct vkt_image ms, resolved;
	VkPipelineLayout layout;
	VkPipeline pipe;
	struct vkt_buffer vb;
};

static void scene_init(struct scene *s, const char *fs, const VkPipelineMultisampleStateCreateInfo *ms,
		       const float *verts, size_t bytes)
{
	s->ms = msaa_image();
	s->resolved = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, W, H, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
	s->layout = vkt_pipeline_layout(NULL, 0, NULL);
	s->pipe = make_pipeline(s->layout, fs, ms);
	s->vb = vkt_buffer(bytes, true, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	memcpy(s->vb.map, verts, bytes);
	vkt_flush(&s->vb);
}

static void scene_free(struct scene *s)
{
	vvk_DestroyPipeline(T.dev, s->pipe, NULL);
	vvk_DestroyPipelineLayout(T.dev, s->layout, NULL);
	vkt_buffer_free(&s->vb);
	vkt_image_free(&s->ms);
	vkt_image_free(&s->resolved);
}

/* Clears the MSAA image to black, draws, resolves at the end when `resolve`. */
static void draw(VkCommandBuffer cmd, const struct scene *s, uint32_t vertices, bool resolve)
{
	VkRenderingAttachmentInfo a = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = s->ms.view,
		.imageLayout = VK_IMAGE_LAYOUT_ATTACHMENT_OPTIMAL,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		.clearValue.color.float32 = { 0, 0, 0, 1 },
		.resolveMode = resolve ? VK_RESOLVE_MODE_AVERAGE_BIT : VK_RESOLVE_MODE_NONE,
		.resolveImageView = resolve ? s->resolved.view : VK_NULL_HANDLE,
		.resolveImageLayout = VK_IMAGE_LAYOUT_ATTACHMENT_OPTIMAL,
	};
	VkDeviceSize zero = 0;

	vvk_CmdBeginRendering(cmd, &(VkRenderingInfo){
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .renderArea = { { 0, 0 }, { W, H } },
		.layerCount = 1, .colorAttachmentCount = 1, .pColorAttachments = &a });
	vvk_CmdSetViewport(cmd, 0, 1, &(VkViewport){ 0, 0, W, H, 0, 1 });
	vvk_CmdSetScissor(cmd, 0, 1, &(VkRect2D){ { 0, 0 }, { W, H } });
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, s->pipe);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &s->vb.buf, &zero);
	vvk_CmdDraw(cmd, vertices, 1, 0, 0);
	vvk_CmdEndRendering(cmd);
}

/* Draws `vertices` of `verts` (5 floats each) with a resolve at the end; px gets the result. */
static void draw_resolved(const char *fs, const VkPipelineMultisampleStateCreateInfo *ms,
			  const float *verts, uint32_t vertices, uint8_t *px)
{
	struct scene s;
	VkCommandBuffer cmd;

	scene_init(&s, fs, ms, verts, vertices * 5 * sizeof(float));
	cmd = vkt_begin();
	draw(cmd, &s, vertices, true);
	vkt_submit_wait(cmd);
	vkt_read_image(&s.resolved, 0, 0, 4, px);
	scene_free(&s);
}

/* ---- checks ------------------------------------------------------------------------ */

enum cover { OUTSIDE, INSIDE, EDGE };

/* Where pixel (x, y) lies against the edge y = 2.4 + 0.85 x (inside: below it). */
static enum cover cover_of(int x, int y)
{
	double top = 2.4 + 0.85 * x, bottom = 2.4 + 0.85 * (x + 1);

	if (y >= bottom)
		return INSIDE;
	if (y + 1 <= top)
		return OUTSIDE;
	return EDGE;
}

/* 4 samples average to k * 255 / 4; the host may round either way. */
static bool is_average_of_4(uint8_t v)
{
	for (int k = 1; k < 4; k++)
		if (abs((int)v - k * 255 / 4) <= 2)
			return true;
	return false;
}

static void check_triangle(const uint8_t *px)
{
	int between = 0, edges = 0;

	for (int y = 0; y < H; y++) {
		for (int x = 0; x < W; x++) {
			const uint8_t *p = px + 4 * (y * W + x);
			enum cover c = cover_of(x, y);

			ck_assert_uint_eq(p[3], 0xff);
			ck_assert_msg(p[0] == p[1] && p[1] == p[2], "pixel %d,%d not grey", x, y);
			if (c != EDGE) {
				ck_assert_msg(p[0] == (c == INSIDE ? 0xff : 0),
					      "pixel %d,%d = %u", x, y, p[0]);
				continue;
			}
			edges++;
			if (p[0] != 0 && p[0] != 0xff) {
				ck_assert_msg(is_average_of_4(p[0]), "edge %d,%d = %u", x, y, p[0]);
				between++;
			}
		}
	}
	/* the samples of some edge pixels may all fall on one side, not of most */
	ck_assert_int_ge(between, edges / 2);
}

static void check_uniform(const uint8_t *px, uint8_t lo, uint8_t hi)
{
	for (int i = 0; i < W * H; i++)
		ck_assert_msg(px[4 * i] >= lo && px[4 * i] <= hi && px[4 * i] == px[4 * i + 1] &&
			      px[4 * i] == px[4 * i + 2], "pixel %d = %u", i, px[4 * i]);
}

/* ---- tests ------------------------------------------------------------------------- */

START_TEST(test_limits_and_formats)
{
	VkPhysicalDeviceProperties props;
	VkImageFormatProperties p;
	VkImage img;
	VkImageCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
		.format = VK_FORMAT_R8G8B8A8_UNORM, .extent = { W, H, 1 }, .mipLevels = 2,
		.arrayLayers = 1, .samples = SAMPLES, .tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT,
	};

	vvk_GetPhysicalDeviceProperties(T.pdev, &props);
	ck_assert(props.limits.framebufferColorSampleCounts & SAMPLES);
	ck_assert(props.limits.framebufferColorSampleCounts & VK_SAMPLE_COUNT_1_BIT);
	ck_assert_int_eq(vvk_GetPhysicalDeviceImageFormatProperties(T.pdev,
		VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_2D, VK_IMAGE_TILING_OPTIMAL,
		VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, 0, &p), VK_SUCCESS);
	ck_assert(p.sampleCounts & SAMPLES);
	ck_assert_int_eq(vvk_GetPhysicalDeviceImageFormatProperties(T.pdev,
		VK_FORMAT_R8G8B8A8_UNORM, VK_IMAGE_TYPE_3D, VK_IMAGE_TILING_OPTIMAL,
		VK_IMAGE_USAGE_SAMPLED_BIT, 0, &p), VK_SUCCESS);
	ck_assert_uint_eq(p.sampleCounts, VK_SAMPLE_COUNT_1_BIT);
	/* the host allows no mip levels on multisample textures */
	ck_assert_int_eq(vvk_CreateImage(T.dev, &ci, NULL, &img), VK_ERROR_FORMAT_NOT_SUPPORTED);
	ci.mipLevels = 1;
	ci.samples = VK_SAMPLE_COUNT_64_BIT;
	ck_assert_int_eq(vvk_CreateImage(T.dev, &ci, NULL, &img), VK_ERROR_FORMAT_NOT_SUPPORTED);
}
END_TEST

START_TEST(test_resolve_at_end_rendering)
{
	VkPipelineMultisampleStateCreateInfo ms = ms_state(NULL, false);
	uint8_t px[W * H * 4];

	draw_resolved("varying.frag", &ms, tri, 3, px);
	check_triangle(px);
}
END_TEST

START_TEST(test_cmd_resolve_image)
{
	VkPipelineMultisampleStateCreateInfo ms = ms_state(NULL, false);
	struct scene s;
	uint8_t px[W * H * 4];
	VkCommandBuffer cmd;

	scene_init(&s, "varying.frag", &ms, tri, sizeof(tri));
	cmd = vkt_begin();
	draw(cmd, &s, 3, false);
	vvk_CmdResolveImage(cmd, s.ms.img, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, s.resolved.img,
			    VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1, &(VkImageResolve){
				.srcSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
				.dstSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1 },
				.extent = { W, H, 1 } });
	vkt_submit_wait(cmd);
	vkt_read_image(&s.resolved, 0, 0, 4, px);
	check_triangle(px);
	scene_free(&s);
}
END_TEST

/* A full-screen white quad writing one sample of four: a quarter grey. */
START_TEST(test_sample_mask)
{
	VkSampleMask mask = 0x1;
	VkPipelineMultisampleStateCreateInfo ms = ms_state(&mask, false);
	uint8_t px[W * H * 4];

	draw_resolved("varying.frag", &ms, quad, 6, px);
	check_uniform(px, 255 / 4 - 1, 255 / 4 + 1);
}
END_TEST

/* Alpha 0.5 covers some samples but not all: white partly over black. */
START_TEST(test_alpha_to_coverage)
{
	VkPipelineMultisampleStateCreateInfo ms = ms_state(NULL, true);
	uint8_t px[W * H * 4];

	draw_resolved("half_alpha.frag", &ms, quad, 6, px);
	check_uniform(px, 1, 254);
}
END_TEST

static Suite *msaa_suite(void)
{
	Suite *s = suite_create("vk_msaa");
	TCase *tc = tcase_create("msaa");

	tcase_add_checked_fixture(tc, vkt_setup, vkt_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, test_limits_and_formats);
	tcase_add_test(tc, test_resolve_at_end_rendering);
	tcase_add_test(tc, test_cmd_resolve_image);
	tcase_add_test(tc, test_sample_mask);
	tcase_add_test(tc, test_alpha_to_coverage);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return vkt_main(msaa_suite);
}
