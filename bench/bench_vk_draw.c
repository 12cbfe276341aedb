/* SPDX-License-Identifier: MIT */
/*
 * Record + submit cost per draw through vk/, for five draw loops that differ
 * in one thing between draws (the loops of bench/mesa_peer/gles_loops.c, so
 * the figures stand next to Mesa's virgl):
 *   none      nothing changes
 *   set       a different descriptor set (another texture) each draw
 *   offset    a different dynamic UBO offset each draw
 *   pipeline  a different pipeline each draw
 *   vbo       a different vertex buffer each draw
 * For each loop: ns/draw of recording N draws + vvk_QueueSubmit2 (median of
 * rounds), and dwords/draw of the recorded stream, from the difference between
 * N and 2N draws so that per-command-buffer setup cancels. The GPU's time is
 * not in the figure: the wait for completion is outside the clock.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "vvk.h"
#include "vvk_cmd_buffer.h"

#define N 1000
#define ROUNDS 15
#define W 64

struct ctx {
	VkInstance inst;
	VkPhysicalDevice pdev;
	VkDevice dev;
	VkQueue queue;
	VkCommandPool pool;
	VkDescriptorSetLayout dsl;
	VkPipelineLayout layout;
	VkDescriptorPool dpool;
	VkDescriptorSet sets[2];
	VkPipeline pipes[2];
	VkBuffer vbs[2], ubo;
	VkImage tex[2], rt;
	VkImageView tex_views[2], rt_view;
	VkSampler sampler;
	VkFence fence;
};

static int check(VkResult r, const char *what)
{
	if (r != VK_SUCCESS)
		fprintf(stderr, "bench_vk_draw: %s failed: %d\n", what, r);
	return r != VK_SUCCESS;
}

static uint32_t memory_type(struct ctx *c, bool host_visible)
{
	VkPhysicalDeviceMemoryProperties p;

	vvk_GetPhysicalDeviceMemoryProperties(c->pdev, &p);
	for (uint32_t i = 0; i < p.memoryTypeCount; i++)
		if (!host_visible ||
		    (p.memoryTypes[i].propertyFlags & VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT))
			return i;
	return 0;
}

static int bind_memory(struct ctx *c, VkMemoryRequirements req, bool host, VkDeviceMemory *m)
{
	return check(vvk_AllocateMemory(c->dev, &(VkMemoryAllocateInfo){
		.sType = VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO, .allocationSize = req.size,
		.memoryTypeIndex = memory_type(c, host) }, NULL, m), "AllocateMemory");
}

/* A host-visible buffer filled with `data`. */
static int make_buffer(struct ctx *c, VkBufferUsageFlags usage, const void *data, size_t size,
		       VkBuffer *out)
{
	VkMemoryRequirements req;
	VkDeviceMemory mem;
	void *map;

	if (check(vvk_CreateBuffer(c->dev, &(VkBufferCreateInfo){
		.sType = VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO, .size = size, .usage = usage },
		NULL, out), "CreateBuffer"))
		return 1;
	vvk_GetBufferMemoryRequirements(c->dev, *out, &req);
	if (bind_memory(c, req, true, &mem) || vvk_BindBufferMemory(c->dev, *out, mem, 0) ||
	    vvk_MapMemory(c->dev, mem, 0, VK_WHOLE_SIZE, 0, &map))
		return 1;
	memcpy(map, data, size);
	return check(vvk_FlushMappedMemoryRanges(c->dev, 1, &(VkMappedMemoryRange){
		.sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE, .memory = mem,
		.size = VK_WHOLE_SIZE }), "Flush");
}

static int make_image(struct ctx *c, VkImageUsageFlags usage, VkImage *img, VkImageView *view)
{
	VkMemoryRequirements req;
	VkDeviceMemory mem;

	if (check(vvk_CreateImage(c->dev, &(VkImageCreateInfo){
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
		.format = VK_FORMAT_R8G8B8A8_UNORM, .extent = { W, W, 1 }, .mipLevels = 1,
		.arrayLayers = 1, .samples = VK_SAMPLE_COUNT_1_BIT,
		.tiling = VK_IMAGE_TILING_OPTIMAL, .usage = usage }, NULL, img), "CreateImage"))
		return 1;
	vvk_GetImageMemoryRequirements(c->dev, *img, &req);
	if (bind_memory(c, req, false, &mem) || vvk_BindImageMemory(c->dev, *img, mem, 0))
		return 1;
	return check(vvk_CreateImageView(c->dev, &(VkImageViewCreateInfo){
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = *img,
		.viewType = VK_IMAGE_VIEW_TYPE_2D, .format = VK_FORMAT_R8G8B8A8_UNORM,
		.subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1 } }, NULL, view),
		"CreateImageView");
}

static int open_device(struct ctx *c)
{
	uint32_t n = 1;
	float prio = 1.0f;
	VkDeviceQueueCreateInfo q = { .sType = VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO,
				      .queueCount = 1, .pQueuePriorities = &prio };

	if (check(vvk_CreateInstance(&(VkInstanceCreateInfo){
		.sType = VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO }, NULL, &c->inst), "CreateInstance") ||
	    check(vvk_EnumeratePhysicalDevices(c->inst, &n, &c->pdev), "EnumeratePhysicalDevices") ||
	    check(vvk_CreateDevice(c->pdev, &(VkDeviceCreateInfo){
		.sType = VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO, .queueCreateInfoCount = 1,
		.pQueueCreateInfos = &q }, NULL, &c->dev), "CreateDevice"))
		return 1;
	vvk_GetDeviceQueue(c->dev, 0, 0, &c->queue);
	return check(vvk_CreateCommandPool(c->dev, &(VkCommandPoolCreateInfo){
		.sType = VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO,
		.flags = VK_COMMAND_POOL_CREATE_RESET_COMMAND_BUFFER_BIT }, NULL, &c->pool),
		"CreateCommandPool") ||
	       check(vvk_CreateFence(c->dev, &(VkFenceCreateInfo){
		.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO }, NULL, &c->fence), "CreateFence");
}

/* set 0: binding 0 = dynamic UBO (VS+FS), binding 1 = combined sampler (FS) */
static int make_layouts(struct ctx *c)
{
	VkDescriptorSetLayoutBinding b[2] = {
		{ 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1,
		  VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT, NULL },
		{ 1, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL },
	};
	VkDescriptorPoolSize sizes[2] = { { VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 2 },
					  { VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 2 } };
	VkDescriptorSetLayout dsls[2];

	if (check(vvk_CreateDescriptorSetLayout(c->dev, &(VkDescriptorSetLayoutCreateInfo){
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO, .bindingCount = 2,
		.pBindings = b }, NULL, &c->dsl), "CreateDescriptorSetLayout") ||
	    check(vvk_CreatePipelineLayout(c->dev, &(VkPipelineLayoutCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO, .setLayoutCount = 1,
		.pSetLayouts = &c->dsl }, NULL, &c->layout), "CreatePipelineLayout") ||
	    check(vvk_CreateDescriptorPool(c->dev, &(VkDescriptorPoolCreateInfo){
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO, .maxSets = 2,
		.poolSizeCount = 2, .pPoolSizes = sizes }, NULL, &c->dpool), "CreateDescriptorPool"))
		return 1;
	dsls[0] = dsls[1] = c->dsl;
	return check(vvk_AllocateDescriptorSets(c->dev, &(VkDescriptorSetAllocateInfo){
		.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO, .descriptorPool = c->dpool,
		.descriptorSetCount = 2, .pSetLayouts = dsls }, c->sets), "AllocateDescriptorSets");
}

/* Both sets share the UBO; each has its own texture. */
static void write_sets(struct ctx *c)
{
	for (int i = 0; i < 2; i++) {
		VkDescriptorBufferInfo bi = { c->ubo, 0, 32 };
		VkDescriptorImageInfo ii = { c->sampler, c->tex_views[i],
					     VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL };
		VkWriteDescriptorSet w[2] = {
			{ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = c->sets[i],
			  .dstBinding = 0, .descriptorCount = 1,
			  .descriptorType = VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, .pBufferInfo = &bi },
			{ .sType = VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET, .dstSet = c->sets[i],
			  .dstBinding = 1, .descriptorCount = 1,
			  .descriptorType = VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, .pImageInfo = &ii },
		};
		vvk_UpdateDescriptorSets(c->dev, 2, w, 0, NULL);
	}
}

static uint32_t *read_spirv(const char *path, size_t *size)
{
	FILE *f = fopen(path, "rb");
	uint32_t *words = NULL;
	long n;

	if (!f)
		return NULL;
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	fseek(f, 0, SEEK_SET);
	words = malloc((size_t)n);
	if (words && fread(words, 1, (size_t)n, f) != (size_t)n) {
		free(words);
		words = NULL;
	}
	fclose(f);
	*size = (size_t)n;
	return words;
}

static int shader_module(struct ctx *c, const char *name, VkShaderModule *m)
{
	char path[512];
	size_t size;
	uint32_t *words;
	int ret;

	snprintf(path, sizeof(path), "%s/%s.spv", BENCH_SHADER_DIR, name);
	words = read_spirv(path, &size);
	if (!words)
		return fprintf(stderr, "bench_vk_draw: cannot read %s\n", path), 1;
	ret = check(vvk_CreateShaderModule(c->dev, &(VkShaderModuleCreateInfo){
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = size,
		.pCode = words }, NULL, m), name);
	free(words);
	return ret;
}

/* Two pipelines differing in blend state only: a real pipeline switch. */
static int make_pipeline(struct ctx *c, VkShaderModule vs, VkShaderModule fs, bool blend,
			 VkPipeline *out)
{
	VkPipelineShaderStageCreateInfo st[2] = {
		{ VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0,
		  VK_SHADER_STAGE_VERTEX_BIT, vs, "main", NULL },
		{ VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, NULL, 0,
		  VK_SHADER_STAGE_FRAGMENT_BIT, fs, "main", NULL },
	};
	VkVertexInputBindingDescription vb = { 0, 8, VK_VERTEX_INPUT_RATE_VERTEX };
	VkVertexInputAttributeDescription va = { 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 };
	VkPipelineColorBlendAttachmentState cba = {
		.blendEnable = blend, .srcColorBlendFactor = VK_BLEND_FACTOR_ONE,
		.dstColorBlendFactor = VK_BLEND_FACTOR_ONE, .srcAlphaBlendFactor = VK_BLEND_FACTOR_ONE,
		.dstAlphaBlendFactor = VK_BLEND_FACTOR_ZERO, .colorWriteMask = 0xf };
	VkDynamicState dyn[2] = { VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR };
	VkFormat fmt = VK_FORMAT_R8G8B8A8_UNORM;

	return check(vvk_CreateGraphicsPipelines(c->dev, VK_NULL_HANDLE, 1,
		&(VkGraphicsPipelineCreateInfo){
		.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
		.pNext = &(VkPipelineRenderingCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
			.colorAttachmentCount = 1, .pColorAttachmentFormats = &fmt },
		.stageCount = 2, .pStages = st,
		.pVertexInputState = &(VkPipelineVertexInputStateCreateInfo){
			.vertexBindingDescriptionCount = 1, .pVertexBindingDescriptions = &vb,
			.vertexAttributeDescriptionCount = 1, .pVertexAttributeDescriptions = &va },
		.pInputAssemblyState = &(VkPipelineInputAssemblyStateCreateInfo){
			.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST },
		.pRasterizationState = &(VkPipelineRasterizationStateCreateInfo){
			.lineWidth = 1.0f },
		.pColorBlendState = &(VkPipelineColorBlendStateCreateInfo){
			.attachmentCount = 1, .pAttachments = &cba },
		.pDynamicState = &(VkPipelineDynamicStateCreateInfo){
			.dynamicStateCount = 2, .pDynamicStates = dyn },
		.layout = c->layout }, NULL, out), "CreateGraphicsPipelines");
}

static int make_pipelines(struct ctx *c)
{
	VkShaderModule vs, fs;
	int ret = shader_module(c, "draw.vert", &vs) || shader_module(c, "draw.frag", &fs) ||
		  make_pipeline(c, vs, fs, false, &c->pipes[0]) ||
		  make_pipeline(c, vs, fs, true, &c->pipes[1]);

	return ret;
}

static int make_resources(struct ctx *c)
{
	static const float tri[2][6] = { { -1, -1, 0, 1, -1, 1 }, { 1, 1, 0, -1, 1, -1 } };
	float ubo[64 * 16] = { 0 };
	VkImageUsageFlags tex = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;

	for (int i = 0; i < 64; i++)
		ubo[i * 16 + 4] = ubo[i * 16 + 7] = 1.0f; /* colour (1,0,0,1) per 64-byte slot */
	return make_buffer(c, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, tri[0], sizeof(tri[0]), &c->vbs[0]) ||
	       make_buffer(c, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT, tri[1], sizeof(tri[1]), &c->vbs[1]) ||
	       make_buffer(c, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT, ubo, sizeof(ubo), &c->ubo) ||
	       make_image(c, tex, &c->tex[0], &c->tex_views[0]) ||
	       make_image(c, tex, &c->tex[1], &c->tex_views[1]) ||
	       make_image(c, VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, &c->rt, &c->rt_view) ||
	       check(vvk_CreateSampler(c->dev, &(VkSamplerCreateInfo){
		.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO }, NULL, &c->sampler), "CreateSampler");
}

enum loop { LOOP_NONE, LOOP_SET, LOOP_OFFSET, LOOP_PIPELINE, LOOP_VBO, LOOP_COUNT };
static const char *const loop_names[LOOP_COUNT] = { "none", "set", "offset", "pipeline", "vbo" };

static void begin_frame(struct ctx *c, VkCommandBuffer cmd)
{
	VkRenderingAttachmentInfo att = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = c->rt_view,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE };
	VkDeviceSize zero = 0;
	uint32_t off0 = 0;

	vvk_BeginCommandBuffer(cmd, &(VkCommandBufferBeginInfo){
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO });
	vvk_CmdBeginRendering(cmd, &(VkRenderingInfo){
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .renderArea = { { 0, 0 }, { W, W } },
		.layerCount = 1, .colorAttachmentCount = 1, .pColorAttachments = &att });
	vvk_CmdSetViewport(cmd, 0, 1, &(VkViewport){ 0, 0, W, W, 0, 1 });
	vvk_CmdSetScissor(cmd, 0, 1, &(VkRect2D){ { 0, 0 }, { W, W } });
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->pipes[0]);
	vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->layout, 0, 1,
				  &c->sets[0], 1, &off0);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &c->vbs[0], &zero);
}

/* The one change of the loop, then the draw. */
static void draw(struct ctx *c, VkCommandBuffer cmd, enum loop l, uint32_t i)
{
	VkDeviceSize zero = 0;
	uint32_t off = (i % 64) * 64, off0 = 0;

	if (l == LOOP_SET)
		vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->layout, 0, 1,
					  &c->sets[i & 1], 1, &off0);
	else if (l == LOOP_OFFSET)
		vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->layout, 0, 1,
					  &c->sets[0], 1, &off);
	else if (l == LOOP_PIPELINE)
		vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, c->pipes[i & 1]);
	else if (l == LOOP_VBO)
		vvk_CmdBindVertexBuffers(cmd, 0, 1, &c->vbs[i & 1], &zero);
	vvk_CmdDraw(cmd, 3, 1, 0, 0);
}

struct sample {
	double ns;
	uint32_t dwords;
};

/* Records n draws and submits them; the clock stops before the GPU wait. */
static int run_once(struct ctx *c, VkCommandBuffer cmd, enum loop l, uint32_t n,
		    struct sample *s)
{
	uint64_t t0 = bench_now_ns();

	begin_frame(c, cmd);
	for (uint32_t i = 0; i < n; i++)
		draw(c, cmd, l, i);
	vvk_CmdEndRendering(cmd);
	if (check(vvk_EndCommandBuffer(cmd), "EndCommandBuffer") ||
	    check(vvk_QueueSubmit2(c->queue, 1, &(VkSubmitInfo2){
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2, .commandBufferInfoCount = 1,
		.pCommandBufferInfos = &(VkCommandBufferSubmitInfo){
			.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO, .commandBuffer = cmd } },
		c->fence), "QueueSubmit2"))
		return 1;
	s->ns = (double)(bench_now_ns() - t0);
	s->dwords = vvk_cmd_buffer_from_handle(cmd)->cs.cdw;
	if (check(vvk_WaitForFences(c->dev, 1, &c->fence, VK_TRUE, UINT64_MAX), "WaitForFences"))
		return 1;
	vvk_ResetFences(c->dev, 1, &c->fence);
	return check(vvk_ResetCommandBuffer(cmd, 0), "ResetCommandBuffer");
}

static int measure(struct ctx *c, VkCommandBuffer cmd, enum loop l)
{
	double per_draw[ROUNDS], med, p90;
	struct sample one, two;

	for (int r = 0; r < ROUNDS; r++) {
		if (run_once(c, cmd, l, N, &one) || run_once(c, cmd, l, 2 * N, &two))
			return 1;
		per_draw[r] = (two.ns - one.ns) / N;
	}
	bench_stats(per_draw, ROUNDS, &med, &p90);
	printf("loop=%s ns_per_draw=%.1f ns_per_draw_p90=%.1f dwords_per_draw=%.2f "
	       "bytes_per_draw=%.1f\n", loop_names[l], med, p90,
	       (double)(two.dwords - one.dwords) / N, 4.0 * (two.dwords - one.dwords) / N);
	return 0;
}

int main(void)
{
	struct ctx c = { 0 };
	VkCommandBuffer cmd;
	int ret = open_device(&c) || make_layouts(&c) || make_resources(&c) ||
		  make_pipelines(&c);

	if (ret)
		return 1;
	write_sets(&c);
	if (check(vvk_AllocateCommandBuffers(c.dev, &(VkCommandBufferAllocateInfo){
		.sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO, .commandPool = c.pool,
		.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY, .commandBufferCount = 1 }, &cmd),
		"AllocateCommandBuffers"))
		return 1;
	printf("bench=vk_draw\ndraws=%d\nrounds=%d\n", N, ROUNDS);
	for (int l = 0; l < LOOP_COUNT && !ret; l++)
		ret = measure(&c, cmd, (enum loop)l);
	printf("peak_rss_kb=%ld\n", bench_peak_rss_kb());
	/* objects are released with the device: this is a benchmark's exit */
	vvk_DestroyDevice(c.dev, NULL);
	vvk_DestroyInstance(c.inst, NULL);
	return ret;
}
