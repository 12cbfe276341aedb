/* SPDX-License-Identifier: MIT */
/*
 * The SPIR-V render suite: GLSL test shaders (tests/vk/shaders/, compiled by
 * glslangValidator at build time) go through vk/'s pipelines, and so through
 * compiler/, to the host; every test reads the pixels back and checks them.
 * Vulkan's conventions are asserted throughout: NDC y = -1 is the first row
 * in memory, counter-clockwise is measured in that y-down space.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vk_test.h"

#define W 16
#define H 16
#define FLOATS_PER_VERTEX 5 /* vec2 position + vec3 colour */
#define QUAD_FLOATS (6 * FLOATS_PER_VERTEX)

struct rgba {
	uint8_t c[4];
};

static const struct rgba CLEAR = { { 0, 0, 0, 0xff } };
static const struct rgba RED = { { 0xff, 0, 0, 0xff } };
static const struct rgba GREEN = { { 0, 0xff, 0, 0xff } };
static const struct rgba BLUE = { { 0, 0, 0xff, 0xff } };
static const struct rgba WHITE = { { 0xff, 0xff, 0xff, 0xff } };

/* A rectangle of pixels [x0, x1) x [y0, y1) expected to hold `color`. */
struct region {
	int x0, y0, x1, y1;
	struct rgba color;
};

/* ---- pipelines ------------------------------------------------------------------ */

/* Binding 0: interleaved vec2 position + vec3 colour (attr.vert's inputs). */
static const VkVertexInputBindingDescription pos2_col3_binding = {
	0, FLOATS_PER_VERTEX * 4, VK_VERTEX_INPUT_RATE_VERTEX
};
static const VkVertexInputAttributeDescription pos2_col3_attrs[2] = {
	{ 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 },
	{ 1, 0, VK_FORMAT_R32G32B32_SFLOAT, 8 },
};

struct pipe_desc {
	const char *vs, *fs;
	const char *gs;                                   /* NULL: no geometry stage */
	const char *tcs, *tes;                            /* NULL: no tessellation */
	uint32_t patch_points;                            /* with tcs and tes */
	VkPipelineLayout layout;
	const VkVertexInputBindingDescription *bindings; /* NULL: pos2_col3 */
	uint32_t nr_bindings;
	const VkVertexInputAttributeDescription *attrs;
	uint32_t nr_attrs;
	VkPrimitiveTopology topology;
	bool restart;
	VkCullModeFlags cull;
	const VkPipelineDepthStencilStateCreateInfo *ds;
	VkFormat ds_format;
	const VkPipelineColorBlendAttachmentState *blend; /* NULL: write all, no blending */
	uint32_t nr_colors;                               /* 0: one */
	const void *next;                                 /* more of the create info */
};

static VkPipelineShaderStageCreateInfo stage(VkShaderStageFlagBits s, VkShaderModule m)
{
	return (VkPipelineShaderStageCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = s,
		.module = m, .pName = "main" };
}

static VkPipelineVertexInputStateCreateInfo vertex_input(const struct pipe_desc *d)
{
	bool dflt = !d->bindings;

	return (VkPipelineVertexInputStateCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
		.vertexBindingDescriptionCount = dflt ? 1 : d->nr_bindings,
		.pVertexBindingDescriptions = dflt ? &pos2_col3_binding : d->bindings,
		.vertexAttributeDescriptionCount = dflt ? 2 : d->nr_attrs,
		.pVertexAttributeDescriptions = dflt ? pos2_col3_attrs : d->attrs };
}

/* The stages d names, vertex and fragment first; returns how many. */
static uint32_t make_stages(const struct pipe_desc *d, VkPipelineShaderStageCreateInfo st[5])
{
	const struct { VkShaderStageFlagBits bit; const char *name; } all[] = {
		{ VK_SHADER_STAGE_VERTEX_BIT, d->vs }, { VK_SHADER_STAGE_FRAGMENT_BIT, d->fs },
		{ VK_SHADER_STAGE_GEOMETRY_BIT, d->gs },
		{ VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, d->tcs },
		{ VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, d->tes },
	};
	uint32_t n = 0;

	for (uint32_t i = 0; i < VKT_ARRAY_SIZE(all); i++)
		if (all[i].name)
			st[n++] = stage(all[i].bit, vkt_spirv_module(all[i].name));
	return n;
}

static VkPipeline make_pipeline(const struct pipe_desc *d)
{
	VkPipelineShaderStageCreateInfo st[5];
	uint32_t nr_stages = make_stages(d, st);
	uint32_t nr_colors = d->nr_colors ? d->nr_colors : 1;
	VkPipelineColorBlendAttachmentState cba[2] = { { .colorWriteMask = 0xf },
						       { .colorWriteMask = 0xf } };
	VkFormat formats[2] = { VK_FORMAT_R8G8B8A8_UNORM, VK_FORMAT_R8G8B8A8_UNORM };
	VkDynamicState dyn[] = { VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR,
				 VK_DYNAMIC_STATE_STENCIL_REFERENCE };
	VkPipelineVertexInputStateCreateInfo vi = vertex_input(d);
	VkPipelineRenderingCreateInfo ri = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO, .pNext = d->next,
		.colorAttachmentCount = nr_colors, .pColorAttachmentFormats = formats,
		.depthAttachmentFormat = d->ds_format };
	VkGraphicsPipelineCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .pNext = &ri,
		.stageCount = nr_stages, .pStages = st, .pVertexInputState = &vi,
		.pTessellationState = &(VkPipelineTessellationStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO,
			.patchControlPoints = d->patch_points },
		.pInputAssemblyState = &(VkPipelineInputAssemblyStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
			.topology = d->topology, .primitiveRestartEnable = d->restart },
		.pRasterizationState = &(VkPipelineRasterizationStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
			.cullMode = d->cull, .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
			.lineWidth = 1.0f },
		.pDepthStencilState = d->ds,
		.pColorBlendState = &(VkPipelineColorBlendStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
			.attachmentCount = nr_colors, .pAttachments = d->blend ? d->blend : cba },
		.pDynamicState = &(VkPipelineDynamicStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
			.dynamicStateCount = VKT_ARRAY_SIZE(dyn), .pDynamicStates = dyn },
		.layout = d->layout,
	};
	VkPipeline p;

	ck_assert_int_eq(vvk_CreateGraphicsPipelines(T.dev, VK_NULL_HANDLE, 1, &ci, NULL, &p),
			 VK_SUCCESS);
	for (uint32_t i = 0; i < nr_stages; i++)
		vvk_DestroyShaderModule(T.dev, st[i].module, NULL);
	return p;
}

/* ---- render targets --------------------------------------------------------------- */

struct target {
	struct vkt_image color[2];
	uint32_t nr_colors;
	struct vkt_image ds;
	bool has_ds;
};

static struct target target(uint32_t nr_colors, VkFormat ds_format)
{
	struct target t = { .nr_colors = nr_colors, .has_ds = ds_format != VK_FORMAT_UNDEFINED };

	for (uint32_t i = 0; i < nr_colors; i++)
		t.color[i] = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, W, H,
				       VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
	if (t.has_ds)
		t.ds = vkt_image(ds_format, W, H, VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT);
	return t;
}

static void target_free(struct target *t)
{
	for (uint32_t i = 0; i < t->nr_colors; i++)
		vkt_image_free(&t->color[i]);
	if (t->has_ds)
		vkt_image_free(&t->ds);
}

static VkRenderingAttachmentInfo attachment(VkImageView view, VkClearValue v)
{
	return (VkRenderingAttachmentInfo){
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = view,
		.imageLayout = VK_IMAGE_LAYOUT_ATTACHMENT_OPTIMAL,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		.clearValue = v };
}

/* Clears colour to `clear` (depth 1, stencil 0) and sets the whole viewport. */
static void begin_clear(VkCommandBuffer cmd, const struct target *t, const float clear[4])
{
	VkClearValue cv = { .color.float32 = { clear[0], clear[1], clear[2], clear[3] } };
	VkRenderingAttachmentInfo col[2] = { attachment(t->color[0].view, cv),
					     attachment(t->color[1].view, cv) };
	VkRenderingAttachmentInfo ds = attachment(t->ds.view,
						  (VkClearValue){ .depthStencil = { 1.0f, 0 } });
	bool stencil = t->has_ds && (t->ds.format == VK_FORMAT_D24_UNORM_S8_UINT ||
				     t->ds.format == VK_FORMAT_D32_SFLOAT_S8_UINT);

	vvk_CmdBeginRendering(cmd, &(VkRenderingInfo){
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .renderArea = { { 0, 0 }, { W, H } },
		.layerCount = 1, .colorAttachmentCount = t->nr_colors, .pColorAttachments = col,
		.pDepthAttachment = t->has_ds ? &ds : NULL,
		.pStencilAttachment = stencil ? &ds : NULL });
	vvk_CmdSetViewport(cmd, 0, 1, &(VkViewport){ 0, 0, W, H, 0, 1 });
	vvk_CmdSetScissor(cmd, 0, 1, &(VkRect2D){ { 0, 0 }, { W, H } });
}

static void begin(VkCommandBuffer cmd, const struct target *t)
{
	begin_clear(cmd, t, (const float[4]){ 0, 0, 0, 1 });
}

/* ---- vertex data -------------------------------------------------------------------- */

/* Two counter-clockwise triangles (y down) over NDC [x0, x1] x [y0, y1]. */
static float *put_quad(float *v, float x0, float y0, float x1, float y1, const float rgb[3])
{
	const float xy[6][2] = { { x0, y0 }, { x0, y1 }, { x1, y1 },
				 { x0, y0 }, { x1, y1 }, { x1, y0 } };

	for (int i = 0; i < 6; i++, v += FLOATS_PER_VERTEX) {
		v[0] = xy[i][0];
		v[1] = xy[i][1];
		memcpy(v + 2, rgb, 3 * sizeof(float));
	}
	return v;
}

static struct vkt_buffer upload(const void *data, size_t size, VkBufferUsageFlags usage)
{
	struct vkt_buffer b = vkt_buffer(size, true, usage);

	memcpy(b.map, data, size);
	vkt_flush(&b);
	return b;
}

/* ---- pixels ---------------------------------------------------------------------- */

static void read_rgba(const struct vkt_image *img, uint8_t px[W * H * 4])
{
	vkt_read_image(img, 0, 0, 4, px);
}

static int to_pixel(float ndc, int size)
{
	return (int)lroundf((ndc + 1.0f) * 0.5f * (float)size);
}

static struct region ndc_region(float x0, float y0, float x1, float y1, struct rgba c)
{
	return (struct region){ to_pixel(x0, W), to_pixel(y0, H), to_pixel(x1, W),
				to_pixel(y1, H), c };
}

static bool close_to(const uint8_t *got, const uint8_t *want, int tol)
{
	for (int i = 0; i < 4; i++)
		if (abs((int)got[i] - (int)want[i]) > tol)
			return false;
	return true;
}

static void expect_px(const uint8_t *px, int x, int y, struct rgba want, int tol,
		      const char *what)
{
	const uint8_t *p = px + 4 * (y * W + x);

	ck_assert_msg(close_to(p, want.c, tol),
		      "%s: pixel (%d,%d) = %02x%02x%02x%02x, want %02x%02x%02x%02x (+-%d)", what, x,
		      y, p[0], p[1], p[2], p[3], want.c[0], want.c[1], want.c[2], want.c[3], tol);
}

/* Every pixel: the colour of the first region holding it, else `outside`. */
static void expect_regions(const uint8_t *px, const struct region *r, uint32_t n,
			   struct rgba outside, const char *what)
{
	for (int y = 0; y < H; y++) {
		for (int x = 0; x < W; x++) {
			struct rgba want = outside;

			for (uint32_t i = 0; i < n; i++) {
				if (x >= r[i].x0 && x < r[i].x1 && y >= r[i].y0 && y < r[i].y1) {
					want = r[i].color;
					break;
				}
			}
			expect_px(px, x, y, want, 0, what);
		}
	}
}

/* ---- one draw: the shape most tests share ---------------------------------------- */

static void draw_vb(VkCommandBuffer cmd, VkPipeline p, const struct vkt_buffer *vb,
		    uint32_t count)
{
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &vb->buf, (VkDeviceSize[]){ 0 });
	vvk_CmdDraw(cmd, count, 1, 0, 0);
}

/* Renders `vertices` (pos2_col3) with pipeline `d` into one colour target. */
static void render_simple(const struct pipe_desc *d, const float *vertices, uint32_t count,
			  uint8_t px[W * H * 4])
{
	struct target t = target(1, VK_FORMAT_UNDEFINED);
	struct vkt_buffer vb = upload(vertices, count * FLOATS_PER_VERTEX * sizeof(float),
				      VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	VkPipeline p = make_pipeline(d);
	VkCommandBuffer cmd = vkt_begin();

	begin(cmd, &t);
	draw_vb(cmd, p, &vb, count);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	read_rgba(&t.color[0], px);
	vvk_DestroyPipeline(T.dev, p, NULL);
	vkt_buffer_free(&vb);
	target_free(&t);
}

static VkPipelineLayout empty_layout(void)
{
	return vkt_pipeline_layout(NULL, 0, NULL);
}

/* ---- triangle with vertex attributes ---------------------------------------------- */

/* A triangle in NDC's top-left corner must land in the first rows of
 * memory, with the exact colour of its attribute; one in the bottom-right
 * corner with another colour shows the attribute is per vertex. */
START_TEST(triangle_attributes_and_orientation)
{
	const float tl[3] = { 1, 0, 0 }, br[3] = { 0, 0.25f, 1 };
	const float v[6 * FLOATS_PER_VERTEX] = {
		-1, -1, tl[0], tl[1], tl[2],   0, -1, tl[0], tl[1], tl[2],
		-1, 0, tl[0], tl[1], tl[2],    1, 1, br[0], br[1], br[2],
		1, 0, br[0], br[1], br[2],     0, 1, br[0], br[1], br[2],
	};
	const struct rgba br_px = { { 0, 64, 0xff, 0xff } };
	VkPipelineLayout layout = empty_layout();
	struct pipe_desc d = { .vs = "attr.vert", .fs = "varying.frag", .layout = layout,
			       .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST };
	uint8_t px[W * H * 4];

	render_simple(&d, v, 6, px);
	/* well inside each triangle, and the two empty corners */
	expect_px(px, 1, 1, RED, 0, "top-left triangle");
	expect_px(px, 4, 2, RED, 0, "top-left triangle");
	expect_px(px, W - 2, H - 2, br_px, 0, "bottom-right triangle");
	expect_px(px, W - 5, H - 3, br_px, 0, "bottom-right triangle");
	expect_px(px, W - 2, 1, CLEAR, 0, "top-right corner");
	expect_px(px, 1, H - 2, CLEAR, 0, "bottom-left corner");
	expect_px(px, W / 2 + 2, H / 2 - 2, CLEAR, 0, "above the diagonal");
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
}
END_TEST

/* ---- geometry shaders --------------------------------------------------------------- */

static bool has_geometry(void)
{
	VkPhysicalDeviceFeatures f;

	vvk_GetPhysicalDeviceFeatures(T.pdev, &f);
	return f.geometryShader;
}

/* Two points become quads in their colours (invocation 0) and blue copies
 * 1.0 to the right (invocation 1): the GS's inputs, gl_in, invocations and
 * its outputs reach the FS; the rest of the target stays clear. */
START_TEST(geometry_points_to_quads)
{
	const float v[2 * FLOATS_PER_VERTEX] = { -0.75f, -0.75f, 1, 0, 0,  -0.75f, 0.25f, 0, 1, 0 };
	VkPipelineLayout layout = empty_layout();
	struct pipe_desc d = { .vs = "attr.vert", .fs = "varying.frag", .gs = "quads.geom",
			       .layout = layout, .topology = VK_PRIMITIVE_TOPOLOGY_POINT_LIST };
	const struct region r[] = {
		ndc_region(-1, -1, -0.5f, -0.5f, RED), ndc_region(-1, 0, -0.5f, 0.5f, GREEN),
		ndc_region(0, -1, 0.5f, -0.5f, BLUE), ndc_region(0, 0, 0.5f, 0.5f, BLUE),
	};
	uint8_t px[W * H * 4];

	if (!has_geometry())
		return;
	render_simple(&d, v, 2, px);
	expect_regions(px, r, VKT_ARRAY_SIZE(r), CLEAR, "points to quads");
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
}
END_TEST

/* EndPrimitive splits the strip: two quads per triangle, not a strip
 * joining them (which would fill the gap between), and gl_PrimitiveIDIn
 * counts the triangles (the second one's lower quad is a quarter green). */
START_TEST(geometry_end_primitive_and_primitive_id)
{
	const float v[6 * FLOATS_PER_VERTEX] = {
		-1, -1, 1, 0, 0,  -1, -1, 1, 0, 0,  -1, -1, 1, 0, 0,
		0, -1, 1, 1, 1,   0, -1, 1, 1, 1,   0, -1, 1, 1, 1,
	};
	const struct rgba quarter_green = { { 0, 0x40, 0, 0xff } };
	VkPipelineLayout layout = empty_layout();
	struct pipe_desc d = { .vs = "attr.vert", .fs = "varying.frag", .gs = "split.geom",
			       .layout = layout, .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST };
	const struct region r[] = {
		ndc_region(-1, -1, -0.5f, -0.5f, RED), ndc_region(-1, 0, -0.5f, 0.5f, CLEAR),
		ndc_region(0, -1, 0.5f, -0.5f, WHITE), ndc_region(0, 0, 0.5f, 0.5f, quarter_green),
	};
	uint8_t px[W * H * 4];

	if (!has_geometry())
		return;
	render_simple(&d, v, 6, px);
	/* the first triangle's lower quad is black: primitive 0 */
	expect_regions(px, r, VKT_ARRAY_SIZE(r), CLEAR, "EndPrimitive");
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
}
END_TEST

/* ---- tessellation ------------------------------------------------------------------- */

static bool has_tessellation(void)
{
	VkPhysicalDeviceFeatures f;

	vvk_GetPhysicalDeviceFeatures(T.pdev, &f);
	return f.tessellationShader;
}

/* gl_TessCoord.x squared where a pixel's centre is, as a quad patch
 * tessellated into 4 columns draws it: linear between the columns' edges
 * (x 0, 0.25, 0.5...), where the evaluation shader ran. */
static uint8_t tessellated_x_squared(int x)
{
	float t = ((float)x + 0.5f) / (float)W, a = (float)(int)(t * 4.0f) / 4.0f;
	float v = a * a + (t - a) * 4.0f * ((a + 0.25f) * (a + 0.25f) - a * a);

	return (uint8_t)(v * 255.0f + 0.5f);
}

/* One quad patch over the whole target, levels 4: red is gl_TessCoord.x
 * squared, which only tessellated vertices sample (an untessellated quad
 * would make it x); green comes per vertex through the control shader;
 * blue per patch, from its gl_PrimitiveID + 1, halved. */
START_TEST(tessellated_quad)
{
	const float v[4 * FLOATS_PER_VERTEX] = {
		-1, -1, 0, 1, 0,  1, -1, 0, 1, 0,  1, 1, 0, 1, 0,  -1, 1, 0, 1, 0,
	};
	VkPipelineLayout layout = empty_layout();
	struct pipe_desc d = { .vs = "attr.vert", .fs = "varying.frag", .tcs = "quad.tesc",
			       .tes = "quad.tese", .patch_points = 4, .layout = layout,
			       .topology = VK_PRIMITIVE_TOPOLOGY_PATCH_LIST };
	uint8_t px[W * H * 4];

	if (!has_tessellation())
		return;
	render_simple(&d, v, 4, px);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	for (int x = 0; x < W; x++)
		expect_px(px, x, H / 2, (struct rgba){ { tessellated_x_squared(x), 0xff, 0x80, 0xff } },
			  3, "x squared over 4 columns");
}
END_TEST

/* gl_FragCoord: origin top-left (row 0 of memory), so pixel (x, y) reads (x, y). */
START_TEST(fragcoord_origin_top_left)
{
	VkPipelineLayout layout = empty_layout();
	struct pipe_desc d = { .vs = "attr.vert", .fs = "fragcoord.frag", .layout = layout,
			       .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST };
	float v[QUAD_FLOATS];
	uint8_t px[W * H * 4];

	put_quad(v, -1, -1, 1, 1, (const float[]){ 0, 0, 0 });
	render_simple(&d, v, 6, px);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL); /* before a failure can leak it */
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			expect_px(px, x, y, (struct rgba){ { (uint8_t)x, (uint8_t)y, 0, 0xff } }, 0,
				  "gl_FragCoord: OriginUpperLeft must give row 0 at the top");
}
END_TEST

/* ---- culling and scissor (table-driven) --------------------------------------------- */

struct cull_case {
	VkCullModeFlags cull;
	bool ccw_drawn, cw_drawn;
};

static const struct cull_case cull_cases[] = {
	{ VK_CULL_MODE_NONE, true, true },
	{ VK_CULL_MODE_BACK_BIT, true, false },  /* the clockwise quad is a back face */
	{ VK_CULL_MODE_FRONT_BIT, false, true },
	{ VK_CULL_MODE_FRONT_AND_BACK, false, false },
};

/* Reverses a quad's triangles' winding (swaps each triangle's 2nd and 3rd vertex). */
static void flip_winding(float *quad)
{
	for (int t = 0; t < 2; t++) {
		float tmp[FLOATS_PER_VERTEX];
		float *a = quad + (3 * t + 1) * FLOATS_PER_VERTEX, *b = a + FLOATS_PER_VERTEX;

		memcpy(tmp, a, sizeof(tmp));
		memcpy(a, b, sizeof(tmp));
		memcpy(b, tmp, sizeof(tmp));
	}
}

/* Left half counter-clockwise (front), right half clockwise (back). */
START_TEST(cull_modes)
{
	const struct cull_case *c = &cull_cases[_i];
	float v[2 * QUAD_FLOATS];
	VkPipelineLayout layout = empty_layout();
	struct pipe_desc d = { .vs = "attr.vert", .fs = "varying.frag", .layout = layout,
			       .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .cull = c->cull };
	struct region r[2] = { ndc_region(-1, -1, 0, 1, c->ccw_drawn ? RED : CLEAR),
			       ndc_region(0, -1, 1, 1, c->cw_drawn ? GREEN : CLEAR) };
	uint8_t px[W * H * 4];

	put_quad(put_quad(v, -1, -1, 0, 1, (const float[]){ 1, 0, 0 }), 0, -1, 1, 1,
		 (const float[]){ 0, 1, 0 });
	flip_winding(v + QUAD_FLOATS);
	render_simple(&d, v, 12, px);
	expect_regions(px, r, 2, CLEAR, "cull");
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
}
END_TEST

static const VkRect2D scissor_cases[] = {
	{ { 4, 2 }, { 6, 8 } },
	{ { 0, 0 }, { W, 1 } },
	{ { W - 3, H - 5 }, { 3, 5 } },
};

/* A full-screen quad under a scissor: only the rectangle is drawn. */
START_TEST(scissor_limits_drawing)
{
	const VkRect2D *s = &scissor_cases[_i];
	struct target t = target(1, VK_FORMAT_UNDEFINED);
	float v[QUAD_FLOATS];
	struct vkt_buffer vb;
	VkPipelineLayout layout = empty_layout();
	VkPipeline p = make_pipeline(&(struct pipe_desc){
		.vs = "attr.vert", .fs = "varying.frag", .layout = layout,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST });
	struct region r = { s->offset.x, s->offset.y, s->offset.x + (int)s->extent.width,
			    s->offset.y + (int)s->extent.height, WHITE };
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[W * H * 4];

	put_quad(v, -1, -1, 1, 1, (const float[]){ 1, 1, 1 });
	vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	begin(cmd, &t);
	vvk_CmdSetScissor(cmd, 0, 1, s);
	draw_vb(cmd, p, &vb, 6);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	read_rgba(&t.color[0], px);
	expect_regions(px, &r, 1, CLEAR, "scissor");
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vkt_buffer_free(&vb);
	target_free(&t);
}
END_TEST

/* ---- texture sampling ------------------------------------------------------------- */

/* The 2x2 texture: row 0 red, green; row 1 blue, white. */
static const struct rgba quadrant_texels[4] = {
	{ { 0xff, 0, 0, 0xff } }, { { 0, 0xff, 0, 0xff } },
	{ { 0, 0, 0xff, 0xff } }, { { 0xff, 0xff, 0xff, 0xff } },
};

/* `levels` levels of w x h RGBA8, sampled, filled by copies. */
static struct vkt_image texture(uint32_t w, uint32_t h, uint32_t levels)
{
	VkImageCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO, .imageType = VK_IMAGE_TYPE_2D,
		.format = VK_FORMAT_R8G8B8A8_UNORM, .extent = { w, h, 1 }, .mipLevels = levels,
		.arrayLayers = 1, .samples = VK_SAMPLE_COUNT_1_BIT,
		.tiling = VK_IMAGE_TILING_OPTIMAL,
		.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
			 VK_IMAGE_USAGE_TRANSFER_SRC_BIT,
	};
	struct vkt_image img = vkt_image_ex(&ci, VK_IMAGE_VIEW_TYPE_2D);

	if (levels == 1)
		return img;
	/* vkt_image_ex's view covers level 0 only: textureLod needs them all */
	vvk_DestroyImageView(T.dev, img.view, NULL);
	ck_assert_int_eq(vvk_CreateImageView(T.dev, &(VkImageViewCreateInfo){
		.sType = VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO, .image = img.img,
		.viewType = VK_IMAGE_VIEW_TYPE_2D, .format = ci.format,
		.subresourceRange = { VK_IMAGE_ASPECT_COLOR_BIT, 0, levels, 0, 1 } }, NULL,
		&img.view), VK_SUCCESS);
	return img;
}

/* Fills one level from `texels` (its w x h of them, row by row). */
static void upload_level(const struct vkt_image *img, uint32_t level, const struct rgba *texels)
{
	uint32_t w = img->w >> level, h = img->h >> level;
	struct vkt_buffer b = upload(texels, (size_t)w * h * 4, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
	VkCommandBuffer cmd = vkt_begin();

	vvk_CmdCopyBufferToImage(cmd, b.buf, img->img, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
		&(VkBufferImageCopy){ .imageSubresource = { VK_IMAGE_ASPECT_COLOR_BIT, level, 0, 1 },
				      .imageExtent = { w, h, 1 } });
	vkt_submit_wait(cmd);
	vkt_buffer_free(&b);
}

static VkSampler sampler(VkFilter filter, float max_lod)
{
	VkSampler s;

	ck_assert_int_eq(vvk_CreateSampler(T.dev, &(VkSamplerCreateInfo){
		.sType = VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO, .magFilter = filter,
		.minFilter = filter, .mipmapMode = VK_SAMPLER_MIPMAP_MODE_NEAREST,
		.addressModeU = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		.addressModeV = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE,
		.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE, .maxLod = max_lod },
		NULL, &s), VK_SUCCESS);
	return s;
}

struct textured {
	VkDescriptorSetLayout sl;
	VkPipelineLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	VkSampler sampler;
	VkPipeline pipeline;
};

static const VkDescriptorSetLayoutBinding tex_binding = {
	0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL
};

static struct textured textured(const char *fs, const struct vkt_image *img, VkSampler s,
				const VkPushConstantRange *push)
{
	struct textured t = { .sl = vkt_set_layout(&tex_binding, 1), .sampler = s };

	t.layout = vkt_pipeline_layout(&t.sl, 1, push);
	t.pool = vkt_descriptor_pool(&tex_binding, 1, 1);
	t.set = vkt_alloc_set(t.pool, t.sl);
	vkt_write_image(t.set, 0, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, img->view, s);
	t.pipeline = make_pipeline(&(struct pipe_desc){
		.vs = "quad_uv.vert", .fs = fs, .layout = t.layout,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST });
	return t;
}

static void textured_free(struct textured *t)
{
	vvk_DestroyPipeline(T.dev, t->pipeline, NULL);
	vvk_DestroySampler(T.dev, t->sampler, NULL);
	vvk_DestroyDescriptorPool(T.dev, t->pool, NULL);
	vvk_DestroyPipelineLayout(T.dev, t->layout, NULL);
	vvk_DestroyDescriptorSetLayout(T.dev, t->sl, NULL);
}

/* A full-screen quad through `t`, with `lod` pushed (texture_lod.frag). */
static void draw_textured(const struct textured *t, float lod, uint8_t px[W * H * 4])
{
	struct target rt = target(1, VK_FORMAT_UNDEFINED);
	float v[QUAD_FLOATS];
	struct vkt_buffer vb;
	VkCommandBuffer cmd = vkt_begin();

	put_quad(v, -1, -1, 1, 1, (const float[]){ 0, 0, 0 });
	vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	begin(cmd, &rt);
	vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, t->layout, 0, 1, &t->set, 0,
				  NULL);
	vvk_CmdPushConstants(cmd, t->layout, VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4, &lod);
	draw_vb(cmd, t->pipeline, &vb, 6);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	read_rgba(&rt.color[0], px);
	vkt_buffer_free(&vb);
	target_free(&rt);
}

static void expect_quadrants(const uint8_t *px, const char *what)
{
	const struct region r[4] = {
		{ 0, 0, W / 2, H / 2, quadrant_texels[0] }, { W / 2, 0, W, H / 2, quadrant_texels[1] },
		{ 0, H / 2, W / 2, H, quadrant_texels[2] }, { W / 2, H / 2, W, H, quadrant_texels[3] },
	};

	expect_regions(px, r, 4, CLEAR, what);
}

/* Texel (0,0) is the first in memory and lands top-left (uv (0,0) at NDC (-1,-1)). */
START_TEST(texture_nearest_quadrants)
{
	struct vkt_image img = texture(2, 2, 1);
	struct textured t = textured("texture.frag", &img, sampler(VK_FILTER_NEAREST, 0), NULL);
	uint8_t px[W * H * 4];

	upload_level(&img, 0, quadrant_texels);
	draw_textured(&t, 0, px);
	expect_quadrants(px, "nearest");
	textured_free(&t);
	vkt_image_free(&img);
}
END_TEST

/* Bilinear weights of a pixel centre over a 2x2 texture, clamped to the edge. */
static struct rgba bilinear_of(const struct rgba texels[4], int x, int y)
{
	float u = ((float)x + 0.5f) / W * 2 - 0.5f, v = ((float)y + 0.5f) / H * 2 - 0.5f;
	float fu = fminf(fmaxf(u, 0), 1), fv = fminf(fmaxf(v, 0), 1);
	float w[4] = { (1 - fu) * (1 - fv), fu * (1 - fv), (1 - fu) * fv, fu * fv };
	struct rgba out;

	for (int c = 0; c < 4; c++) {
		float sum = 0;

		for (int i = 0; i < 4; i++)
			sum += w[i] * texels[i].c[c];
		out.c[c] = (uint8_t)lroundf(sum);
	}
	return out;
}

static struct rgba bilinear(int x, int y)
{
	return bilinear_of(quadrant_texels, x, y);
}

/* LINEAR: corners are exact texels, everything else the bilinear blend (+-2:
 * the host filters with 8-bit weights). */
START_TEST(texture_linear_blends)
{
	struct vkt_image img = texture(2, 2, 1);
	struct textured t = textured("texture.frag", &img, sampler(VK_FILTER_LINEAR, 0), NULL);
	uint8_t px[W * H * 4];

	upload_level(&img, 0, quadrant_texels);
	draw_textured(&t, 0, px);
	expect_px(px, 0, 0, quadrant_texels[0], 0, "linear corner");
	expect_px(px, W - 1, H - 1, quadrant_texels[3], 0, "linear corner");
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			expect_px(px, x, y, bilinear(x, y), 2, "linear");
	textured_free(&t);
	vkt_image_free(&img);
}
END_TEST

/* textureLod(.., 1) of a 4x4 texture reads level 1 (the quadrant texels),
 * level 0 being all black. */
START_TEST(texture_lod_reads_mip_level)
{
	struct vkt_image img = texture(4, 4, 2);
	VkPushConstantRange push = { VK_SHADER_STAGE_FRAGMENT_BIT, 0, 4 };
	struct textured t = textured("texture_lod.frag", &img, sampler(VK_FILTER_NEAREST, 1),
				     &push);
	struct rgba level0[16];
	uint8_t px[W * H * 4];

	memset(level0, 0, sizeof(level0));
	upload_level(&img, 0, level0);
	upload_level(&img, 1, quadrant_texels);
	draw_textured(&t, 1.0f, px);
	expect_quadrants(px, "lod 1");
	draw_textured(&t, 0.0f, px);
	expect_regions(px, NULL, 0, (struct rgba){ { 0, 0, 0, 0 } }, "lod 0");
	textured_free(&t);
	vkt_image_free(&img);
}
END_TEST

/* ---- separate samplers -------------------------------------------------------------- */

static const VkDescriptorSetLayoutBinding separate_bindings[3] = {
	{ 0, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL },
	{ 1, VK_DESCRIPTOR_TYPE_SAMPLER, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL },
	{ 2, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, 1, VK_SHADER_STAGE_FRAGMENT_BIT, NULL },
};

/* One pipeline, two sets that differ only in their sampler. */
struct separate {
	VkDescriptorSetLayout sl;
	VkPipelineLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet sets[2];
	VkSampler samplers[2];
	VkPipeline pipeline;
};

/* The first nr_bindings of separate_bindings: image a, the sampler, image b. */
static struct separate separate(const char *fs, uint32_t nr_bindings,
				const struct vkt_image *a, const struct vkt_image *b)
{
	struct separate t = { .sl = vkt_set_layout(separate_bindings, nr_bindings),
			      .samplers = { sampler(VK_FILTER_NEAREST, 0),
					    sampler(VK_FILTER_LINEAR, 0) } };

	t.layout = vkt_pipeline_layout(&t.sl, 1, NULL);
	t.pool = vkt_descriptor_pool(separate_bindings, nr_bindings, 2);
	for (int i = 0; i < 2; i++) {
		t.sets[i] = vkt_alloc_set(t.pool, t.sl);
		vkt_write_image(t.sets[i], 0, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, a->view, 0);
		vkt_write_image(t.sets[i], 1, VK_DESCRIPTOR_TYPE_SAMPLER, 0, t.samplers[i]);
		if (b)
			vkt_write_image(t.sets[i], 2, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, b->view, 0);
	}
	t.pipeline = make_pipeline(&(struct pipe_desc){
		.vs = "quad_uv.vert", .fs = fs, .layout = t.layout,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST });
	return t;
}

static void separate_free(struct separate *t)
{
	vvk_DestroyPipeline(T.dev, t->pipeline, NULL);
	for (int i = 0; i < 2; i++)
		vvk_DestroySampler(T.dev, t->samplers[i], NULL);
	vvk_DestroyDescriptorPool(T.dev, t->pool, NULL);
	vvk_DestroyPipelineLayout(T.dev, t->layout, NULL);
	vvk_DestroyDescriptorSetLayout(T.dev, t->sl, NULL);
}

/* Two full-screen draws in one command buffer, set i into target i: only
 * the sampler changes between them. */
static void draw_both_sets(const struct separate *t, uint8_t px[2][W * H * 4])
{
	struct target rt[2] = { target(1, VK_FORMAT_UNDEFINED), target(1, VK_FORMAT_UNDEFINED) };
	float v[QUAD_FLOATS];
	struct vkt_buffer vb;
	VkCommandBuffer cmd = vkt_begin();

	put_quad(v, -1, -1, 1, 1, (const float[]){ 0, 0, 0 });
	vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	for (int i = 0; i < 2; i++) {
		begin(cmd, &rt[i]);
		vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, t->layout, 0, 1,
					  &t->sets[i], 0, NULL);
		draw_vb(cmd, t->pipeline, &vb, 6);
		vvk_CmdEndRendering(cmd);
	}
	vkt_submit_wait(cmd);
	for (int i = 0; i < 2; i++) {
		read_rgba(&rt[i].color[0], px[i]);
		target_free(&rt[i]);
	}
	vkt_buffer_free(&vb);
}

/* texture(sampler2D(tex, smp)): the same image through a NEAREST and a LINEAR
 * separate sampler gives exact texels, then the bilinear blend. */
START_TEST(separate_sampler_filters_image)
{
	struct vkt_image img = texture(2, 2, 1);
	struct separate t = separate("separate.frag", 2, &img, NULL);
	uint8_t px[2][W * H * 4];

	upload_level(&img, 0, quadrant_texels);
	draw_both_sets(&t, px);
	expect_quadrants(px[0], "separate nearest");
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			expect_px(px[1], x, y, bilinear(x, y), 2, "separate linear");
	ck_assert_msg(memcmp(px[0], px[1], sizeof(px[0])), "the two samplers gave one result");
	separate_free(&t);
	vkt_image_free(&img);
}
END_TEST

/* One sampler with two images: red/green from a, blue/alpha from b (its
 * texels in reverse order), both filtered by the one sampler. */
START_TEST(separate_sampler_shared_by_two_images)
{
	static const struct rgba reversed[4] = {
		{ { 0xff, 0xff, 0xff, 0xff } }, { { 0, 0, 0xff, 0x80 } },
		{ { 0, 0xff, 0, 0x40 } }, { { 0xff, 0, 0, 0 } },
	};
	struct vkt_image a = texture(2, 2, 1), b = texture(2, 2, 1);
	struct separate t = separate("separate_two.frag", 3, &a, &b);
	uint8_t px[2][W * H * 4];

	upload_level(&a, 0, quadrant_texels);
	upload_level(&b, 0, reversed);
	draw_both_sets(&t, px);
	for (int y = 0; y < H; y++) {
		for (int x = 0; x < W; x++) {
			int q = (y >= H / 2) * 2 + (x >= W / 2);
			struct rgba near = { { quadrant_texels[q].c[0], quadrant_texels[q].c[1],
					       reversed[q].c[2], reversed[q].c[3] } };
			struct rgba la = bilinear(x, y), lb = bilinear_of(reversed, x, y);
			struct rgba lin = { { la.c[0], la.c[1], lb.c[2], lb.c[3] } };

			expect_px(px[0], x, y, near, 0, "two images, nearest");
			expect_px(px[1], x, y, lin, 2, "two images, linear");
		}
	}
	separate_free(&t);
	vkt_image_free(&a);
	vkt_image_free(&b);
}
END_TEST

/* ---- uniform buffers and push constants --------------------------------------------- */

static VkDescriptorSetLayoutBinding ubo_binding(uint32_t binding, VkDescriptorType type)
{
	return (VkDescriptorSetLayoutBinding){ binding, type, 1, VK_SHADER_STAGE_FRAGMENT_BIT,
					       NULL };
}

/* Full-screen quads: `n` of them side by side, left to right, in one buffer. */
static struct vkt_buffer columns(uint32_t n)
{
	float v[4 * QUAD_FLOATS];
	float *p = v;

	ck_assert_uint_le(n, 4);
	for (uint32_t i = 0; i < n; i++)
		p = put_quad(p, -1 + 2.0f * i / n, -1, -1 + 2.0f * (i + 1) / n, 1,
			     (const float[]){ 0, 0, 0 });
	return upload(v, n * sizeof(float) * QUAD_FLOATS, VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
}

/* One draw per column, each after its own descriptor set binding. */
struct column_draw {
	VkDescriptorSet sets[2];
	uint32_t nr_sets;
	uint32_t dynamic_offset; /* used when the set has a dynamic binding */
	uint32_t nr_dynamic;
};

static void draw_columns(VkPipeline p, VkPipelineLayout layout, const struct column_draw *d,
			 uint32_t n, uint8_t px[W * H * 4])
{
	struct target t = target(1, VK_FORMAT_UNDEFINED);
	struct vkt_buffer vb = columns(n);
	VkCommandBuffer cmd = vkt_begin();

	begin(cmd, &t);
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &vb.buf, (VkDeviceSize[]){ 0 });
	for (uint32_t i = 0; i < n; i++) {
		vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, layout, 0,
					  d[i].nr_sets, d[i].sets, d[i].nr_dynamic,
					  &d[i].dynamic_offset);
		vvk_CmdDraw(cmd, 6, 1, 6 * i, 0);
	}
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	read_rgba(&t.color[0], px);
	vkt_buffer_free(&vb);
	target_free(&t);
}

static void expect_columns(const uint8_t *px, const struct rgba *c, uint32_t n, const char *what)
{
	struct region r[4];

	/* pixel x is in column i when its centre is: x0 = ceil(W * i / n - 0.5) */
	for (uint32_t i = 0; i < n; i++)
		r[i] = (struct region){ (int)((2 * W * i + n - 1) / (2 * n)), 0,
					(int)((2 * W * (i + 1) + n - 1) / (2 * n)), H, c[i] };
	expect_regions(px, r, n, CLEAR, what);
}

static void put_vec4(const struct vkt_buffer *b, uint32_t offset, float x, float y, float z,
		     float w)
{
	memcpy((uint8_t *)b->map + offset, (const float[]){ x, y, z, w }, 16);
}

/* Two sets of one UBO layout pointing at different ranges: two colours. */
START_TEST(ubo_sets_pick_colours)
{
	VkDescriptorSetLayoutBinding b = ubo_binding(0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER);
	VkDescriptorSetLayout sl = vkt_set_layout(&b, 1);
	VkPipelineLayout layout = vkt_pipeline_layout(&sl, 1, NULL);
	VkDescriptorPool pool = vkt_descriptor_pool(&b, 1, 2);
	struct vkt_buffer ubo = vkt_buffer(512, true, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
	VkPipeline p = make_pipeline(&(struct pipe_desc){
		.vs = "attr.vert", .fs = "ubo.frag", .layout = layout,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST });
	struct column_draw d[2] = { { { vkt_alloc_set(pool, sl) }, 1, 0, 0 },
				    { { vkt_alloc_set(pool, sl) }, 1, 0, 0 } };
	uint8_t px[W * H * 4];

	put_vec4(&ubo, 0, 0, 1, 0, 1);
	put_vec4(&ubo, 256, 1, 0, 0, 1);
	vkt_flush(&ubo);
	vkt_write_buffer(d[0].sets[0], 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, ubo.buf, 256, 16);
	vkt_write_buffer(d[1].sets[0], 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, ubo.buf, 0, 16);
	draw_columns(p, layout, d, 2, px);
	expect_columns(px, (const struct rgba[]){ RED, GREEN }, 2, "ubo sets");
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyDescriptorPool(T.dev, pool, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vvk_DestroyDescriptorSetLayout(T.dev, sl, NULL);
	vkt_buffer_free(&ubo);
}
END_TEST

/* One set with one dynamic UBO (1 KiB buffer) read by ubo.frag. */
struct dyn_ubo {
	VkDescriptorSetLayout sl;
	VkPipelineLayout layout;
	VkDescriptorPool pool;
	VkDescriptorSet set;
	struct vkt_buffer ubo;
	VkPipeline p;
};

static struct dyn_ubo dyn_ubo_make(void)
{
	VkDescriptorSetLayoutBinding b = ubo_binding(0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC);
	struct dyn_ubo d;

	d.sl = vkt_set_layout(&b, 1);
	d.layout = vkt_pipeline_layout(&d.sl, 1, NULL);
	d.pool = vkt_descriptor_pool(&b, 1, 1);
	d.set = vkt_alloc_set(d.pool, d.sl);
	d.ubo = vkt_buffer(1024, true, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
	d.p = make_pipeline(&(struct pipe_desc){
		.vs = "attr.vert", .fs = "ubo.frag", .layout = d.layout,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST });
	vkt_write_buffer(d.set, 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, d.ubo.buf, 0, 16);
	return d;
}

static void dyn_ubo_free(struct dyn_ubo *d)
{
	vvk_DestroyPipeline(T.dev, d->p, NULL);
	vvk_DestroyDescriptorPool(T.dev, d->pool, NULL);
	vvk_DestroyPipelineLayout(T.dev, d->layout, NULL);
	vvk_DestroyDescriptorSetLayout(T.dev, d->sl, NULL);
	vkt_buffer_free(&d->ubo);
}

/* The same set re-bound at another dynamic offset sends one
 * SET_UNIFORM_BUFFER with the moved offset before the draw, nothing else. */
START_TEST(dynamic_offset_moves_one_slot)
{
	struct dyn_ubo u = dyn_ubo_make();
	struct target t = target(1, VK_FORMAT_UNDEFINED);
	struct vkt_buffer vb = columns(2);
	VkCommandBuffer cmd = vkt_begin();
	const uint32_t *dw;
	uint32_t n1, n2, first = 0, zero = 0, moved = 256;

	begin(cmd, &t);
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, u.p);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &vb.buf, (VkDeviceSize[]){ 0 });
	vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, u.layout, 0, 1, &u.set, 1,
				  &zero);
	vvk_CmdDraw(cmd, 6, 1, 0, 0);
	n1 = vvk_GetRecordedDwords(cmd, &dw);
	for (uint32_t i = 0; i < n1; i += 1 + (dw[i] >> 16))
		if ((dw[i] & 0xff) == 27) /* SET_UNIFORM_BUFFER */
			first = dw[i + 3];
	vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, u.layout, 0, 1, &u.set, 1,
				  &moved);
	vvk_CmdDraw(cmd, 6, 1, 6, 0);
	n2 = vvk_GetRecordedDwords(cmd, &dw);
	ck_assert_uint_eq(n2 - n1, 6 + 13);
	ck_assert_uint_eq(dw[n1], 27 | 5u << 16);
	ck_assert_uint_eq(dw[n1 + 1], 1); /* fragment stage */
	ck_assert_uint_eq(dw[n1 + 3], first + 256);
	ck_assert_uint_eq(dw[n1 + 4], 16);
	ck_assert_uint_eq(dw[n1 + 6] & 0xff, 8); /* DRAW_VBO */
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	vkt_buffer_free(&vb);
	target_free(&t);
	dyn_ubo_free(&u);
}
END_TEST

/* Two pipelines that differ in their rasterizer only, alternated: every
 * switch, the first of each direction and the remembered ones alike, binds
 * the other rasterizer object and nothing else before the draw. */
START_TEST(pipeline_toggle_binds_one_object)
{
	VkPipelineLayout layout = vkt_pipeline_layout(NULL, 0, NULL);
	VkPipeline p[2];
	struct target t = target(1, VK_FORMAT_UNDEFINED);
	struct vkt_buffer vb = columns(1);
	VkCommandBuffer cmd = vkt_begin();
	const uint32_t *dw;
	uint32_t before, after;

	for (int i = 0; i < 2; i++)
		p[i] = make_pipeline(&(struct pipe_desc){
			.vs = "attr.vert", .fs = "varying.frag", .layout = layout,
			.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
			.cull = i ? VK_CULL_MODE_FRONT_BIT : VK_CULL_MODE_NONE });
	begin(cmd, &t);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &vb.buf, (VkDeviceSize[]){ 0 });
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p[0]);
	vvk_CmdDraw(cmd, 6, 1, 0, 0);
	for (int i = 1; i <= 4; i++) {
		before = vvk_GetRecordedDwords(cmd, &dw);
		vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p[i & 1]);
		vvk_CmdDraw(cmd, 6, 1, 0, 0);
		after = vvk_GetRecordedDwords(cmd, &dw);
		ck_assert_uint_eq(after - before, 2 + 13);
		ck_assert_uint_eq(dw[before] & 0xff, 2); /* BIND_OBJECT */
		ck_assert_uint_eq(dw[before + 2] & 0xff, 8); /* DRAW_VBO */
	}
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	vkt_buffer_free(&vb);
	target_free(&t);
	for (int i = 0; i < 2; i++)
		vvk_DestroyPipeline(T.dev, p[i], NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
}
END_TEST

/* An indirect draw is followed by a draw of no vertices, which makes the host
 * bind GL_DRAW_INDIRECT_BUFFER 0 (its cache of that binding outlives deleted
 * buffers: vvk_cmd_draw.c); the indirect draw still draws its quad. */
START_TEST(indirect_draw_resets_host_binding)
{
	VkPipelineLayout layout = vkt_pipeline_layout(NULL, 0, NULL);
	VkPipeline p = make_pipeline(&(struct pipe_desc){
		.vs = "attr.vert", .fs = "varying.frag", .layout = layout,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST });
	struct target t = target(1, VK_FORMAT_UNDEFINED);
	float v[QUAD_FLOATS];
	struct vkt_buffer vb, args = upload(&(VkDrawIndirectCommand){ 6, 1, 0, 0 },
					    sizeof(VkDrawIndirectCommand),
					    VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT);
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[W * H * 4];
	const uint32_t *dw;
	uint32_t before, after;

	put_quad(v, -1, -1, 1, 1, (const float[]){ 0, 1, 0 });
	vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	begin(cmd, &t);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &vb.buf, (VkDeviceSize[]){ 0 });
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
	vvk_CmdDraw(cmd, 6, 1, 0, 0); /* the state, sent before */
	before = vvk_GetRecordedDwords(cmd, &dw);
	vvk_CmdDrawIndirect(cmd, args.buf, 0, 1, sizeof(VkDrawIndirectCommand));
	after = vvk_GetRecordedDwords(cmd, &dw);
	ck_assert_uint_eq(after - before, 21 + 13);
	ck_assert_uint_eq(dw[before], 8 | 20u << 16);      /* DRAW_VBO, indirect */
	ck_assert_uint_ne(dw[before + 15], 0);             /* the indirect buffer */
	ck_assert_uint_eq(dw[before + 21], 8 | 12u << 16); /* DRAW_VBO, direct */
	ck_assert_uint_eq(dw[before + 21 + 2], 0);         /* of no vertices */
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	read_rgba(&t.color[0], px);
	expect_px(px, W / 2, H / 2, GREEN, 0, "the indirect draw's quad");
	vkt_buffer_free(&vb);
	vkt_buffer_free(&args);
	target_free(&t);
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
}
END_TEST

/* One set, one dynamic UBO: three draws at three offsets, three colours. */
START_TEST(dynamic_ubo_offsets_pick_colours)
{
	struct dyn_ubo u = dyn_ubo_make();
	struct column_draw d[3] = { { { u.set }, 1, 512, 1 }, { { u.set }, 1, 0, 1 },
				    { { u.set }, 1, 256, 1 } };
	uint8_t px[W * H * 4];

	put_vec4(&u.ubo, 0, 0, 1, 0, 1);
	put_vec4(&u.ubo, 256, 0, 0, 1, 1);
	put_vec4(&u.ubo, 512, 1, 0, 0, 1);
	vkt_flush(&u.ubo);
	draw_columns(u.p, u.layout, d, 3, px);
	expect_columns(px, (const struct rgba[]){ RED, GREEN, BLUE }, 3, "dynamic ubo");
	dyn_ubo_free(&u);
}
END_TEST

/* Two sets: set 0 binding 1 and set 1 binding 0 (at vec4 1 of its block)
 * land in different CONST slots; their sum is the colour. */
START_TEST(ubos_in_two_sets)
{
	VkDescriptorSetLayoutBinding b0[2] = { ubo_binding(0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER),
					       ubo_binding(1, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER) };
	VkDescriptorSetLayoutBinding b1 = ubo_binding(0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER);
	VkDescriptorSetLayout sl[2] = { vkt_set_layout(b0, 2), vkt_set_layout(&b1, 1) };
	VkPipelineLayout layout = vkt_pipeline_layout(sl, 2, NULL);
	VkDescriptorPool pool = vkt_descriptor_pool(b0, 2, 2);
	struct vkt_buffer ubo = vkt_buffer(1024, true, VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT);
	VkPipeline p = make_pipeline(&(struct pipe_desc){
		.vs = "attr.vert", .fs = "ubo2.frag", .layout = layout,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST });
	struct column_draw d = { { vkt_alloc_set(pool, sl[0]), vkt_alloc_set(pool, sl[1]) }, 2, 0, 0 };
	uint8_t px[W * H * 4];

	put_vec4(&ubo, 0, 0, 1, 0, 0);   /* set 0 binding 0: unused by the shader */
	put_vec4(&ubo, 256, 1, 0, 0, 0); /* set 0 binding 1 */
	put_vec4(&ubo, 512, 0, 1, 0, 0); /* set 1 binding 0, vec4 0: the pad */
	put_vec4(&ubo, 528, 0, 0, 1, 1); /* set 1 binding 0, vec4 1 */
	vkt_flush(&ubo);
	vkt_write_buffer(d.sets[0], 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, ubo.buf, 0, 16);
	vkt_write_buffer(d.sets[0], 1, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, ubo.buf, 256, 16);
	vkt_write_buffer(d.sets[1], 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, ubo.buf, 512, 32);
	draw_columns(p, layout, &d, 1, px);
	expect_columns(px, (const struct rgba[]){ { { 0xff, 0, 0xff, 0xff } } }, 1, "two sets");
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyDescriptorPool(T.dev, pool, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vvk_DestroyDescriptorSetLayout(T.dev, sl[0], NULL);
	vvk_DestroyDescriptorSetLayout(T.dev, sl[1], NULL);
	vkt_buffer_free(&ubo);
}
END_TEST

/* push.vert / push.frag's block: offset at 0, colour at 16 (std430). */
struct push_block {
	float offset[2], pad[2];
	float color[4];
};

/* One quad drawn twice: the VS moves it by the pushed offset, the FS
 * colours it with the pushed colour; both stages read one block. */
START_TEST(push_constants_in_both_stages)
{
	VkPushConstantRange range = { VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
				      0, sizeof(struct push_block) };
	VkPipelineLayout layout = vkt_pipeline_layout(NULL, 0, &range);
	static const VkVertexInputAttributeDescription pos = { 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 };
	VkPipeline p = make_pipeline(&(struct pipe_desc){
		.vs = "push.vert", .fs = "push.frag", .layout = layout, .bindings = &pos2_col3_binding,
		.nr_bindings = 1, .attrs = &pos, .nr_attrs = 1,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST });
	const struct push_block pc[2] = { { { 0, 0 }, { 0 }, { 1, 0, 0, 1 } },
					  { { 1, 1 }, { 0 }, { 0, 0, 1, 1 } } };
	const struct region r[2] = { ndc_region(-1, -1, 0, 0, RED), ndc_region(0, 0, 1, 1, BLUE) };
	struct target t = target(1, VK_FORMAT_UNDEFINED);
	float v[QUAD_FLOATS];
	struct vkt_buffer vb;
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[W * H * 4];

	put_quad(v, -1, -1, 0, 0, (const float[]){ 0, 0, 0 });
	vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	begin(cmd, &t);
	for (int i = 0; i < 2; i++) {
		vvk_CmdPushConstants(cmd, layout, range.stageFlags, 0, sizeof(pc[i]), &pc[i]);
		draw_vb(cmd, p, &vb, 6);
	}
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	read_rgba(&t.color[0], px);
	expect_regions(px, r, 2, CLEAR, "push constants");
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vkt_buffer_free(&vb);
	target_free(&t);
}
END_TEST

/* ---- instancing ------------------------------------------------------------------- */

/* instance.vert's per-instance data (binding 1): offset + colour. */
struct instance_data {
	float offset[2];
	float color[3];
};

/* Instance i draws the quad [-1, -0.5]^2 moved by (0.5 i, 0) from its
 * attribute and by (0, 0.5 i) from gl_InstanceIndex: the 4x4 pixel block
 * (4i, 4i) of the diagonal, in colour i. */
static const struct instance_data instances[4] = {
	{ { 0.0f, 0 }, { 1, 0, 0 } }, { { 0.5f, 0 }, { 0, 1, 0 } },
	{ { 1.0f, 0 }, { 0, 0, 1 } }, { { 1.5f, 0 }, { 1, 1, 1 } },
};
static const struct rgba instance_px[4] = {
	{ { 0xff, 0, 0, 0xff } }, { { 0, 0xff, 0, 0xff } },
	{ { 0, 0, 0xff, 0xff } }, { { 0xff, 0xff, 0xff, 0xff } },
};

struct instance_case {
	uint32_t count, first;
};

/* gl_InstanceIndex counts from firstInstance, as the instance-rate attribute does. */
static const struct instance_case instance_cases[] = { { 2, 0 }, { 2, 1 }, { 1, 3 } };

static VkPipeline instance_pipeline(VkPipelineLayout layout)
{
	static const VkVertexInputBindingDescription b[2] = {
		{ 0, FLOATS_PER_VERTEX * 4, VK_VERTEX_INPUT_RATE_VERTEX },
		{ 1, sizeof(struct instance_data), VK_VERTEX_INPUT_RATE_INSTANCE },
	};
	static const VkVertexInputAttributeDescription a[3] = {
		{ 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 },
		{ 1, 1, VK_FORMAT_R32G32_SFLOAT, 0 },
		{ 2, 1, VK_FORMAT_R32G32B32_SFLOAT, 8 },
	};

	return make_pipeline(&(struct pipe_desc){
		.vs = "instance.vert", .fs = "varying.frag", .layout = layout, .bindings = b,
		.nr_bindings = 2, .attrs = a, .nr_attrs = 3,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST });
}

START_TEST(instanced_draw)
{
	const struct instance_case *c = &instance_cases[_i];
	VkPipelineLayout layout = empty_layout();
	VkPipeline p = instance_pipeline(layout);
	struct target t = target(1, VK_FORMAT_UNDEFINED);
	float v[QUAD_FLOATS];
	struct vkt_buffer vb, ib = upload(instances, sizeof(instances),
					  VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	struct region r[4];
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[W * H * 4];

	put_quad(v, -1, -1, -0.5f, -0.5f, (const float[]){ 0, 0, 0 });
	vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	begin(cmd, &t);
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
	vvk_CmdBindVertexBuffers(cmd, 0, 2, (VkBuffer[]){ vb.buf, ib.buf },
				 (VkDeviceSize[]){ 0, 0 });
	vvk_CmdDraw(cmd, 6, c->count, 0, c->first);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	read_rgba(&t.color[0], px);
	/* freed before the check: a failure (compiler issue 1) leaks nothing */
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vkt_buffer_free(&vb);
	vkt_buffer_free(&ib);
	target_free(&t);
	for (uint32_t i = 0; i < c->count; i++) {
		int k = (int)(c->first + i);

		r[i] = (struct region){ 4 * k, 4 * k, 4 * k + 4, 4 * k + 4, instance_px[k] };
	}
	expect_regions(px, r, c->count, CLEAR,
		       "instances: gl_InstanceIndex must count from firstInstance "
		       "(firstInstance goes into CONST[0], vc_shader_info.base_instance_dword)");
}
END_TEST

/* ---- indexed draws ------------------------------------------------------------------ */

struct index_case {
	VkIndexType type;
	VkPrimitiveTopology topology;
	bool restart;
};

static const struct index_case index_cases[] = {
	{ VK_INDEX_TYPE_UINT16, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, false },
	{ VK_INDEX_TYPE_UINT32, VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, false },
};

/* Corners of two quads (top-left red, bottom-right green), four vertices each. */
static void corner_vertices(float v[8 * FLOATS_PER_VERTEX])
{
	static const float xy[4][2] = { { -1, -1 }, { -1, 0 }, { 0, -1 }, { 0, 0 } };

	for (int q = 0; q < 2; q++) {
		for (int i = 0; i < 4; i++) {
			float *p = v + (4 * q + i) * FLOATS_PER_VERTEX;

			p[0] = xy[i][0] + (float)q;
			p[1] = xy[i][1] + (float)q;
			p[2] = q == 0;
			p[3] = q == 1;
			p[4] = 0;
		}
	}
}

/* Lists: six indices a quad; strips: four, with the restart index between. */
static uint32_t corner_indices(const struct index_case *c, uint32_t idx[12])
{
	static const uint32_t list[12] = { 0, 1, 2, 2, 1, 3, 4, 5, 6, 6, 5, 7 };
	uint32_t restart = c->type == VK_INDEX_TYPE_UINT16 ? 0xffff : 0xffffffff;
	const uint32_t strip[9] = { 0, 1, 2, 3, restart, 4, 5, 6, 7 };

	if (c->restart) {
		memcpy(idx, strip, sizeof(strip));
		return 9;
	}
	memcpy(idx, list, sizeof(list));
	return 12;
}

static struct vkt_buffer index_buffer(const struct index_case *c, uint32_t *count)
{
	uint32_t idx[12];
	uint16_t idx16[12];

	*count = corner_indices(c, idx);
	if (c->type == VK_INDEX_TYPE_UINT32)
		return upload(idx, *count * 4, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
	for (uint32_t i = 0; i < *count; i++)
		idx16[i] = (uint16_t)idx[i];
	return upload(idx16, *count * 2, VK_BUFFER_USAGE_INDEX_BUFFER_BIT);
}

/* Primitive restart is refused (vvk_pipeline.c: a host with
 * GL_NV_primitive_restart drops the client for virgl's restart flag). */
START_TEST(restart_pipeline_refused)
{
	VkPipelineLayout layout = empty_layout();
	VkPipelineVertexInputStateCreateInfo vi = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO };
	VkGraphicsPipelineCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .pVertexInputState = &vi,
		.pInputAssemblyState = &(VkPipelineInputAssemblyStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
			.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_STRIP, .primitiveRestartEnable = true },
		.layout = layout };
	VkPipeline p = VK_NULL_HANDLE;

	ck_assert_int_eq(vvk_CreateGraphicsPipelines(T.dev, VK_NULL_HANDLE, 1, &ci, NULL, &p),
			 VK_ERROR_FEATURE_NOT_PRESENT);
	ck_assert_ptr_eq(p, VK_NULL_HANDLE);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
}
END_TEST

START_TEST(indexed_draw)
{
	const struct index_case *c = &index_cases[_i];
	VkPipelineLayout layout = empty_layout();
	VkPipeline p = make_pipeline(&(struct pipe_desc){
		.vs = "attr.vert", .fs = "varying.frag", .layout = layout,
		.topology = c->topology, .restart = c->restart });
	struct target t = target(1, VK_FORMAT_UNDEFINED);
	float v[8 * FLOATS_PER_VERTEX];
	uint32_t count;
	struct vkt_buffer vb, ib = index_buffer(c, &count);
	const struct region r[2] = { ndc_region(-1, -1, 0, 0, RED), ndc_region(0, 0, 1, 1, GREEN) };
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[W * H * 4];

	corner_vertices(v);
	vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	begin(cmd, &t);
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &vb.buf, (VkDeviceSize[]){ 0 });
	vvk_CmdBindIndexBuffer(cmd, ib.buf, 0, c->type);
	vvk_CmdDrawIndexed(cmd, count, 1, 0, 0, 0);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	read_rgba(&t.color[0], px);
	expect_regions(px, r, 2, CLEAR, c->restart ? "strip with restart" : "indexed list");
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vkt_buffer_free(&vb);
	vkt_buffer_free(&ib);
	target_free(&t);
}
END_TEST

/* firstIndex and vertexOffset on the list indices 0 1 2 2 1 3 4 5 6 6 5 7. */
struct offset_case {
	uint32_t first_index;
	int32_t vertex_offset;
	bool second_quad; /* which quad the six indices end up drawing */
};

static const struct offset_case offset_cases[] = {
	{ 6, 0, true },
	{ 0, 4, true },
	{ 6, -4, false }, /* a negative vertexOffset */
};

START_TEST(indexed_first_index_and_vertex_offset)
{
	const struct offset_case *oc = &offset_cases[_i];
	const struct index_case *c = &index_cases[0];
	VkPipelineLayout layout = empty_layout();
	VkPipeline p = make_pipeline(&(struct pipe_desc){
		.vs = "attr.vert", .fs = "varying.frag", .layout = layout,
		.topology = c->topology });
	struct target t = target(1, VK_FORMAT_UNDEFINED);
	float v[8 * FLOATS_PER_VERTEX];
	uint32_t count;
	struct vkt_buffer vb, ib = index_buffer(c, &count);
	const struct region r = oc->second_quad ? ndc_region(0, 0, 1, 1, GREEN)
						: ndc_region(-1, -1, 0, 0, RED);
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[W * H * 4];

	corner_vertices(v);
	vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	begin(cmd, &t);
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &vb.buf, (VkDeviceSize[]){ 0 });
	vvk_CmdBindIndexBuffer(cmd, ib.buf, 0, c->type);
	vvk_CmdDrawIndexed(cmd, 6, 1, oc->first_index, oc->vertex_offset, 0);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	read_rgba(&t.color[0], px);
	expect_regions(px, &r, 1, CLEAR, "firstIndex/vertexOffset");
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vkt_buffer_free(&vb);
	vkt_buffer_free(&ib);
	target_free(&t);
}
END_TEST

/* ---- multiple render targets -------------------------------------------------------- */

/* mrt.frag writes the varying to COLOR[0] and its complement to COLOR[1]. */
START_TEST(mrt_two_outputs)
{
	VkPipelineLayout layout = empty_layout();
	VkPipeline p = make_pipeline(&(struct pipe_desc){
		.vs = "attr.vert", .fs = "mrt.frag", .layout = layout, .nr_colors = 2,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST });
	struct target t = target(2, VK_FORMAT_UNDEFINED);
	const struct region r0 = ndc_region(-1, -1, 0, 1, (struct rgba){ { 0xff, 0, 64, 0xff } });
	const struct region r1 = ndc_region(-1, -1, 0, 1, (struct rgba){ { 0, 0xff, 191, 0xff } });
	float v[QUAD_FLOATS];
	struct vkt_buffer vb;
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[W * H * 4];

	put_quad(v, -1, -1, 0, 1, (const float[]){ 1, 0, 0.25f });
	vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	begin(cmd, &t);
	draw_vb(cmd, p, &vb, 6);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	read_rgba(&t.color[0], px);
	expect_regions(px, &r0, 1, CLEAR, "MRT 0");
	read_rgba(&t.color[1], px);
	expect_regions(px, &r1, 1, CLEAR, "MRT 1");
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vkt_buffer_free(&vb);
	target_free(&t);
}
END_TEST

/* ---- depth and stencil -------------------------------------------------------------- */

/* The first candidate the format table offers as a depth(/stencil) attachment. */
static VkFormat ds_format(bool stencil)
{
	static const VkFormat depth[] = { VK_FORMAT_D32_SFLOAT, VK_FORMAT_D24_UNORM_S8_UINT,
					  VK_FORMAT_X8_D24_UNORM_PACK32, VK_FORMAT_D16_UNORM };
	static const VkFormat both[] = { VK_FORMAT_D24_UNORM_S8_UINT,
					 VK_FORMAT_D32_SFLOAT_S8_UINT };
	const VkFormat *f = stencil ? both : depth;
	uint32_t n = stencil ? VKT_ARRAY_SIZE(both) : VKT_ARRAY_SIZE(depth);

	for (uint32_t i = 0; i < n; i++) {
		VkFormatProperties p;

		vvk_GetPhysicalDeviceFormatProperties(T.pdev, f[i], &p);
		if (p.optimalTilingFeatures & VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT)
			return f[i];
	}
	ck_abort_msg("no %s attachment format", stencil ? "depth/stencil" : "depth");
	return VK_FORMAT_UNDEFINED;
}

/* depth.vert's vertices: vec3 position, vec3 colour. */
static const VkVertexInputBindingDescription pos3_col3_binding = {
	0, 6 * 4, VK_VERTEX_INPUT_RATE_VERTEX
};
static const VkVertexInputAttributeDescription pos3_col3_attrs[2] = {
	{ 0, 0, VK_FORMAT_R32G32B32_SFLOAT, 0 },
	{ 1, 0, VK_FORMAT_R32G32B32_SFLOAT, 12 },
};

/* A quad at depth z: put_quad's layout with z inserted after x, y. */
static float *put_quad_z(float *v, float x0, float y0, float x1, float y1, float z,
			 const float rgb[3])
{
	float q[QUAD_FLOATS];

	put_quad(q, x0, y0, x1, y1, rgb);
	for (int i = 0; i < 6; i++, v += 6) {
		const float *s = q + i * FLOATS_PER_VERTEX;

		v[0] = s[0];
		v[1] = s[1];
		v[2] = z;
		memcpy(v + 3, s + 2, 3 * sizeof(float));
	}
	return v;
}

/* Near red quad (left 3/4, z 0.25) first, far green quad (right 3/4, z 0.75)
 * second: with LESS the overlap stays red; without a depth test it would be green. */
START_TEST(depth_test_less)
{
	VkFormat f = ds_format(false);
	VkPipelineLayout layout = empty_layout();
	VkPipelineDepthStencilStateCreateInfo ds = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = VK_TRUE, .depthWriteEnable = VK_TRUE,
		.depthCompareOp = VK_COMPARE_OP_LESS };
	VkPipeline p = make_pipeline(&(struct pipe_desc){
		.vs = "depth.vert", .fs = "varying.frag", .layout = layout,
		.bindings = &pos3_col3_binding, .nr_bindings = 1, .attrs = pos3_col3_attrs,
		.nr_attrs = 2, .topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .ds = &ds,
		.ds_format = f });
	struct target t = target(1, f);
	float v[2 * 6 * 6];
	struct vkt_buffer vb;
	const struct region r[2] = { ndc_region(-1, -1, 0.5f, 1, RED),
				     ndc_region(0.5f, -1, 1, 1, GREEN) };
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[W * H * 4];

	put_quad_z(put_quad_z(v, -1, -1, 0.5f, 1, 0.25f, (const float[]){ 1, 0, 0 }), -0.5f, -1,
		   1, 1, 0.75f, (const float[]){ 0, 1, 0 });
	vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	begin(cmd, &t);
	draw_vb(cmd, p, &vb, 12);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	read_rgba(&t.color[0], px);
	expect_regions(px, r, 2, CLEAR, "depth LESS");
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vkt_buffer_free(&vb);
	target_free(&t);
}
END_TEST

static VkStencilOpState stencil_op(VkCompareOp cmp, VkStencilOp pass)
{
	return (VkStencilOpState){ .failOp = VK_STENCIL_OP_KEEP, .passOp = pass,
				   .depthFailOp = VK_STENCIL_OP_KEEP, .compareOp = cmp,
				   .compareMask = 0xff, .writeMask = 0xff, .reference = 0 };
}

static VkPipeline stencil_pipeline(VkPipelineLayout layout, VkFormat f, VkCompareOp cmp,
				   VkStencilOp pass)
{
	VkPipelineDepthStencilStateCreateInfo ds = {
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.stencilTestEnable = VK_TRUE, .front = stencil_op(cmp, pass),
		.back = stencil_op(cmp, pass) };

	return make_pipeline(&(struct pipe_desc){
		.vs = "attr.vert", .fs = "varying.frag", .layout = layout,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST, .ds = &ds, .ds_format = f });
}

/* Pass 1 writes stencil 1 under the top-left quadrant (red); pass 2 draws a
 * full-screen blue quad where stencil == 1 only. */
START_TEST(stencil_write_then_test)
{
	VkFormat f = ds_format(true);
	VkPipelineLayout layout = empty_layout();
	VkPipeline write = stencil_pipeline(layout, f, VK_COMPARE_OP_ALWAYS,
					    VK_STENCIL_OP_REPLACE);
	VkPipeline test = stencil_pipeline(layout, f, VK_COMPARE_OP_EQUAL, VK_STENCIL_OP_KEEP);
	struct target t = target(1, f);
	float v[2 * QUAD_FLOATS];
	struct vkt_buffer vb;
	const struct region r = ndc_region(-1, -1, 0, 0, BLUE);
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[W * H * 4];

	put_quad(put_quad(v, -1, -1, 0, 0, (const float[]){ 1, 0, 0 }), -1, -1, 1, 1,
		 (const float[]){ 0, 0, 1 });
	vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	begin(cmd, &t);
	vvk_CmdSetStencilReference(cmd, VK_STENCIL_FACE_FRONT_AND_BACK, 1);
	draw_vb(cmd, write, &vb, 6);
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, test);
	vvk_CmdDraw(cmd, 6, 1, 6, 0);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	read_rgba(&t.color[0], px);
	expect_regions(px, &r, 1, CLEAR, "stencil EQUAL 1");
	vvk_DestroyPipeline(T.dev, write, NULL);
	vvk_DestroyPipeline(T.dev, test, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vkt_buffer_free(&vb);
	target_free(&t);
}
END_TEST

/* ---- blending ------------------------------------------------------------------------ */

static const float blend_clear[4] = { 0.2f, 0.4f, 0.6f, 1.0f };
static const float blend_src[4] = { 1.0f, 0.0f, 0.5f, 0.25f };

/* src * src.a + dst * (1 - src.a), dst being the cleared colour as stored (8 bits). */
static struct rgba blend_expected(void)
{
	struct rgba want;

	for (int c = 0; c < 4; c++) {
		float dst = roundf(blend_clear[c] * 255) / 255;

		want.c[c] = (uint8_t)lroundf((blend_src[c] * blend_src[3] +
					      dst * (1 - blend_src[3])) * 255);
	}
	return want;
}

/* SRC_ALPHA / ONE_MINUS_SRC_ALPHA of a pushed colour over the cleared colour,
 * for colour and alpha; +-1 for the host's rounding. */
START_TEST(blend_src_alpha_over_clear)
{
	const float *src = blend_src;
	VkPushConstantRange range = { VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT,
				      0, sizeof(struct push_block) };
	VkPipelineLayout layout = vkt_pipeline_layout(NULL, 0, &range);
	VkPipelineColorBlendAttachmentState blend = {
		.blendEnable = VK_TRUE, .srcColorBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA,
		.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
		.colorBlendOp = VK_BLEND_OP_ADD, .srcAlphaBlendFactor = VK_BLEND_FACTOR_SRC_ALPHA,
		.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA,
		.alphaBlendOp = VK_BLEND_OP_ADD, .colorWriteMask = 0xf };
	static const VkVertexInputAttributeDescription pos = { 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 };
	VkPipeline p = make_pipeline(&(struct pipe_desc){
		.vs = "push.vert", .fs = "push.frag", .layout = layout, .bindings = &pos2_col3_binding,
		.nr_bindings = 1, .attrs = &pos, .nr_attrs = 1, .blend = &blend,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST });
	struct push_block pc = { { 0, 0 }, { 0 }, { src[0], src[1], src[2], src[3] } };
	struct target t = target(1, VK_FORMAT_UNDEFINED);
	float v[QUAD_FLOATS];
	struct vkt_buffer vb;
	const struct rgba want = blend_expected();
	VkCommandBuffer cmd = vkt_begin();
	uint8_t px[W * H * 4];

	put_quad(v, -1, -1, 1, 1, (const float[]){ 0, 0, 0 });
	vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	begin_clear(cmd, &t, blend_clear);
	vvk_CmdPushConstants(cmd, layout, range.stageFlags, 0, sizeof(pc), &pc);
	draw_vb(cmd, p, &vb, 6);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	read_rgba(&t.color[0], px);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			expect_px(px, x, y, want, 1, "blend");
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	vkt_buffer_free(&vb);
	target_free(&t);
}
END_TEST

/* ---- descriptor set recycling --------------------------------------------------------- */

#define FRAMES 64
#define IN_FLIGHT 2

/* What one frame in flight owns. */
struct frame {
	VkCommandBuffer cmd;
	VkFence fence;
};

static void frames_init(struct frame *f, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		ck_assert_int_eq(vvk_CreateFence(T.dev, &(VkFenceCreateInfo){
			.sType = VK_STRUCTURE_TYPE_FENCE_CREATE_INFO }, NULL, &f[i].fence),
			VK_SUCCESS);
}

static void frame_wait(struct frame *f)
{
	if (!f->cmd)
		return;
	ck_assert_int_eq(vvk_WaitForFences(T.dev, 1, &f->fence, VK_TRUE, 30ull * 1000000000ull),
			 VK_SUCCESS);
	ck_assert_int_eq(vvk_ResetFences(T.dev, 1, &f->fence), VK_SUCCESS);
	vvk_FreeCommandBuffers(T.dev, T.pool, 1, &f->cmd);
	f->cmd = VK_NULL_HANDLE;
}

static void frame_submit(struct frame *f, VkCommandBuffer cmd)
{
	VkCommandBufferSubmitInfo ci = { .sType = VK_STRUCTURE_TYPE_COMMAND_BUFFER_SUBMIT_INFO,
					 .commandBuffer = cmd };

	ck_assert_int_eq(vvk_EndCommandBuffer(cmd), VK_SUCCESS);
	ck_assert_int_eq(vvk_QueueSubmit2(T.queue, 1, &(VkSubmitInfo2){
		.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO_2, .commandBufferInfoCount = 1,
		.pCommandBufferInfos = &ci }, f->fence), VK_SUCCESS);
	f->cmd = cmd;
}

struct recycle {
	VkDescriptorSetLayout sl;
	VkPipelineLayout layout;
	VkDescriptorPool pool;
	VkPipeline pipeline;
	struct vkt_buffer ubo, vb;
	struct target t;
};

/* Frame i: a fresh set pointing at the UBO half of frame i % IN_FLIGHT,
 * holding red = i / 255; the set is freed right after the submission. */
static void recycle_frame(struct recycle *r, struct frame *f, uint32_t i)
{
	VkDescriptorSet set = vkt_alloc_set(r->pool, r->sl);
	uint32_t offset = (i % IN_FLIGHT) * 256;
	VkCommandBuffer cmd;

	put_vec4(&r->ubo, offset, (float)i / 255, 0, 1, 1);
	ck_assert_int_eq(vvk_FlushMappedMemoryRanges(T.dev, 1, &(VkMappedMemoryRange){
		.sType = VK_STRUCTURE_TYPE_MAPPED_MEMORY_RANGE, .memory = r->ubo.mem,
		.offset = offset, .size = 256 }), VK_SUCCESS);
	vkt_write_buffer(set, 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, r->ubo.buf, offset, 16);
	cmd = vkt_begin();
	begin(cmd, &r->t);
	vvk_CmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, r->layout, 0, 1, &set, 0,
				  NULL);
	draw_vb(cmd, r->pipeline, &r->vb, 6);
	vvk_CmdEndRendering(cmd);
	frame_submit(f, cmd);
	ck_assert_int_eq(vvk_FreeDescriptorSets(T.dev, r->pool, 1, &set), VK_SUCCESS);
}

static void expect_pool_bounded(const struct recycle *r, uint32_t frame)
{
	struct vvk_descriptor_pool_stats st;

	vvk_GetDescriptorPoolStats(T.dev, r->pool, &st);
	ck_assert_msg(st.sets_allocated == 0 && st.sets_retired <= IN_FLIGHT,
		      "frame %u: %u sets live, %u retired", frame, st.sets_allocated,
		      st.sets_retired);
}

/* Many frames, IN_FLIGHT at a time, one set per frame from a pool of
 * IN_FLIGHT sets: allocation succeeds only if freed sets come back once
 * their batch completes, and the counts stay bounded throughout. */
START_TEST(descriptor_sets_recycled_over_frames)
{
	VkDescriptorSetLayoutBinding b = ubo_binding(0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER);
	struct recycle r = { .sl = vkt_set_layout(&b, 1), .t = target(1, VK_FORMAT_UNDEFINED),
			     .ubo = vkt_buffer(IN_FLIGHT * 256, true,
					       VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT) };
	struct frame frames[IN_FLIGHT] = { 0 };
	struct vvk_descriptor_pool_stats st;
	float v[QUAD_FLOATS];
	uint8_t px[W * H * 4];

	r.layout = vkt_pipeline_layout(&r.sl, 1, NULL);
	r.pool = vkt_descriptor_pool(&b, 1, IN_FLIGHT);
	r.pipeline = make_pipeline(&(struct pipe_desc){
		.vs = "attr.vert", .fs = "ubo.frag", .layout = r.layout,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST });
	put_quad(v, -1, -1, 1, 1, (const float[]){ 0, 0, 0 });
	r.vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	frames_init(frames, IN_FLIGHT);
	for (uint32_t i = 0; i < FRAMES; i++) {
		frame_wait(&frames[i % IN_FLIGHT]);
		recycle_frame(&r, &frames[i % IN_FLIGHT], i);
		expect_pool_bounded(&r, i);
	}
	for (uint32_t i = 0; i < IN_FLIGHT; i++) {
		frame_wait(&frames[i]);
		vvk_DestroyFence(T.dev, frames[i].fence, NULL);
	}
	vvk_GetDescriptorPoolStats(T.dev, r.pool, &st);
	ck_assert_uint_eq(st.sets_retired, 0);
	ck_assert_uint_eq(st.free_descriptors[VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER], IN_FLIGHT);
	read_rgba(&r.t.color[0], px);
	expect_regions(px, NULL, 0, (struct rgba){ { FRAMES - 1, 0, 0xff, 0xff } }, "last frame");
	vvk_DestroyPipeline(T.dev, r.pipeline, NULL);
	vvk_DestroyDescriptorPool(T.dev, r.pool, NULL);
	vvk_DestroyPipelineLayout(T.dev, r.layout, NULL);
	vvk_DestroyDescriptorSetLayout(T.dev, r.sl, NULL);
	vkt_buffer_free(&r.ubo);
	vkt_buffer_free(&r.vb);
	target_free(&r.t);
}
END_TEST

/* ---- queries ------------------------------------------------------------------------ */

static VkQueryPool query_pool(VkQueryType type, uint32_t count)
{
	VkQueryPool pool;

	ck_assert_int_eq(vvk_CreateQueryPool(T.dev, &(VkQueryPoolCreateInfo){
		.sType = VK_STRUCTURE_TYPE_QUERY_POOL_CREATE_INFO, .queryType = type,
		.queryCount = count }, NULL, &pool), VK_SUCCESS);
	return pool;
}

/* What the occlusion tests draw: a white full-screen quad, one target. */
struct quad_scene {
	struct target t;
	VkPipelineLayout layout;
	VkPipeline p;
	struct vkt_buffer vb;
};

static struct quad_scene quad_scene(void)
{
	struct quad_scene q = { .t = target(1, VK_FORMAT_UNDEFINED), .layout = empty_layout() };
	float v[QUAD_FLOATS];

	q.p = make_pipeline(&(struct pipe_desc){
		.vs = "attr.vert", .fs = "varying.frag", .layout = q.layout,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST });
	put_quad(v, -1, -1, 1, 1, (const float[]){ 1, 1, 1 });
	q.vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	return q;
}

static void quad_scene_free(struct quad_scene *q)
{
	vvk_DestroyPipeline(T.dev, q->p, NULL);
	vvk_DestroyPipelineLayout(T.dev, q->layout, NULL);
	vkt_buffer_free(&q->vb);
	target_free(&q->t);
}

/* A white full-screen quad under `scissor`, inside query `q` of `pool`. */
static void draw_in_query(VkCommandBuffer cmd, const struct quad_scene *s, VkQueryPool pool,
			  uint32_t q, VkQueryControlFlags flags, VkRect2D scissor)
{
	vvk_CmdSetScissor(cmd, 0, 1, &scissor);
	vvk_CmdBeginQuery(cmd, pool, q, flags);
	draw_vb(cmd, s->p, &s->vb, 6);
	vvk_CmdEndQuery(cmd, pool, q);
}

/*
 * Occlusion counts the samples a draw writes: a full-screen quad scissored to
 * 6 x 8 pixels passes 48 (precise), "some" without PRECISE, 0 when the
 * scissor is empty; a query only reset is not available, and says so.
 */
START_TEST(occlusion_counts_samples)
{
	struct quad_scene s = quad_scene();
	VkQueryPool pool = query_pool(VK_QUERY_TYPE_OCCLUSION, 4);
	VkCommandBuffer cmd = vkt_begin();
	const VkRect2D box = { { 4, 2 }, { 6, 8 } }, none = { { 0, 0 }, { 0, 0 } };
	uint64_t res[4][2];

	vvk_CmdResetQueryPool(cmd, pool, 0, 4);
	begin(cmd, &s.t);
	draw_in_query(cmd, &s, pool, 0, VK_QUERY_CONTROL_PRECISE_BIT, box);
	draw_in_query(cmd, &s, pool, 1, 0, box);
	draw_in_query(cmd, &s, pool, 2, VK_QUERY_CONTROL_PRECISE_BIT, none);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	ck_assert_int_eq(vvk_GetQueryPoolResults(T.dev, pool, 0, 3, sizeof(res), res,
						 sizeof(res[0]), VK_QUERY_RESULT_64_BIT |
						 VK_QUERY_RESULT_WAIT_BIT |
						 VK_QUERY_RESULT_WITH_AVAILABILITY_BIT), VK_SUCCESS);
	ck_assert_uint_eq(res[0][0], 6 * 8);
	ck_assert_uint_ne(res[1][0], 0);
	ck_assert_uint_eq(res[2][0], 0);
	for (int i = 0; i < 3; i++)
		ck_assert_uint_eq(res[i][1], 1);
	res[3][1] = 7;
	ck_assert_int_eq(vvk_GetQueryPoolResults(T.dev, pool, 3, 1, sizeof(res[3]), res[3],
						 sizeof(res[3]), VK_QUERY_RESULT_64_BIT |
						 VK_QUERY_RESULT_WITH_AVAILABILITY_BIT),
			 VK_NOT_READY);
	ck_assert_uint_eq(res[3][1], 0);
	vvk_DestroyQueryPool(T.dev, pool, NULL);
	quad_scene_free(&s);
}
END_TEST

/* A query reused: reset and counted again in a second submission, its
 * result is the second draw's (32-bit results, stride 4). */
START_TEST(occlusion_query_reused)
{
	struct quad_scene s = quad_scene();
	VkQueryPool pool = query_pool(VK_QUERY_TYPE_OCCLUSION, 1);
	const VkRect2D boxes[2] = { { { 0, 0 }, { 3, 3 } }, { { 1, 1 }, { 5, 2 } } };

	for (int i = 0; i < 2; i++) {
		VkCommandBuffer cmd = vkt_begin();
		uint32_t n = 0;

		vvk_CmdResetQueryPool(cmd, pool, 0, 1);
		begin(cmd, &s.t);
		draw_in_query(cmd, &s, pool, 0, VK_QUERY_CONTROL_PRECISE_BIT, boxes[i]);
		vvk_CmdEndRendering(cmd);
		vkt_submit_wait(cmd);
		ck_assert_int_eq(vvk_GetQueryPoolResults(T.dev, pool, 0, 1, sizeof(n), &n, 4,
							 VK_QUERY_RESULT_WAIT_BIT), VK_SUCCESS);
		ck_assert_uint_eq(n, boxes[i].extent.width * boxes[i].extent.height);
	}
	vvk_DestroyQueryPool(T.dev, pool, NULL);
	quad_scene_free(&s);
}
END_TEST

/* Timestamps (where the queue has them) are ns and do not go backwards. */
START_TEST(timestamps_increase)
{
	VkQueueFamilyProperties qf;
	uint32_t n = 1;
	uint64_t ts[2] = { 0, 0 };
	VkQueryPool pool;
	VkCommandBuffer cmd;

	vvk_GetPhysicalDeviceQueueFamilyProperties(T.pdev, &n, &qf);
	if (!qf.timestampValidBits)
		return;
	pool = query_pool(VK_QUERY_TYPE_TIMESTAMP, 2);
	cmd = vkt_begin();
	vvk_CmdResetQueryPool(cmd, pool, 0, 2);
	vvk_CmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool, 0);
	vvk_CmdWriteTimestamp2(cmd, VK_PIPELINE_STAGE_2_ALL_COMMANDS_BIT, pool, 1);
	vkt_submit_wait(cmd);
	ck_assert_int_eq(vvk_GetQueryPoolResults(T.dev, pool, 0, 2, sizeof(ts), ts, 8,
						 VK_QUERY_RESULT_64_BIT | VK_QUERY_RESULT_WAIT_BIT),
			 VK_SUCCESS);
	ck_assert_uint_gt(ts[0], 0);
	ck_assert_uint_ge(ts[1], ts[0]);
	vvk_DestroyQueryPool(T.dev, pool, NULL);
}
END_TEST

/* ---- transform feedback ------------------------------------------------------------- */

/* attr.vert's gl_Position and v_color interleaved into buffer 0 (seven
 * floats a vertex), v_color.y alone into buffer 1. */
#define XFB_FLOATS 7
static const struct vvk_stream_output_entry xfb_entries[] = {
	{ VVK_STREAM_OUTPUT_POSITION, 0, 4, 0, 0 },
	{ 0, 0, 3, 0, 16 },
	{ 0, 1, 1, 1, 0 },
};

static VkPipeline xfb_pipeline(VkPipelineLayout layout)
{
	return make_pipeline(&(struct pipe_desc){
		.vs = "attr.vert", .fs = "varying.frag", .layout = layout,
		.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST,
		.next = &(struct vvk_pipeline_stream_output_info){
			.sType = VVK_STRUCTURE_TYPE_PIPELINE_STREAM_OUTPUT_INFO,
			.strides = { XFB_FLOATS * 4, 4 }, .entryCount = 3, .pEntries = xfb_entries } });
}

/* Vertex i of two triangles: position (i, -i), colour (i/8, 1 - i/8, 0.5). */
static void xfb_vertices(float v[6 * FLOATS_PER_VERTEX])
{
	for (int i = 0; i < 6; i++) {
		float *p = v + i * FLOATS_PER_VERTEX;

		p[0] = (float)i / 8;
		p[1] = -(float)i / 8;
		p[2] = (float)i / 8;
		p[3] = 1 - (float)i / 8;
		p[4] = 0.5f;
	}
}

static void expect_captured(const float *buf0, const float *buf1, const float *v, int n)
{
	for (int i = 0; i < n; i++) {
		const float *in = v + i * FLOATS_PER_VERTEX, *out = buf0 + i * XFB_FLOATS;
		const float want[XFB_FLOATS] = { in[0], in[1], 0, 1, in[2], in[3], in[4] };

		for (int c = 0; c < XFB_FLOATS; c++)
			ck_assert_msg(out[c] == want[c], "vertex %d float %d: %f, want %f", i, c,
				      (double)out[c], (double)want[c]);
		ck_assert_msg(buf1[i] == in[3], "vertex %d: separate v_color.y %f", i,
			      (double)buf1[i]);
	}
}

/*
 * Captures two triangles with a pause between them: the End that names
 * counter buffers and the Begin that names them again continue appending,
 * and a draw while paused writes nothing. The transform feedback query
 * counts the two triangles written; bytes past the capture stay as filled.
 */
START_TEST(stream_output_captures_and_resumes)
{
	VkPipelineLayout layout = empty_layout();
	VkPipeline p = xfb_pipeline(layout);
	struct target t = target(1, VK_FORMAT_UNDEFINED);
	float v[6 * FLOATS_PER_VERTEX];
	struct vkt_buffer vb, out0 = vkt_buffer(8 * XFB_FLOATS * 4, true, 0),
			      out1 = vkt_buffer(8 * 4, true, 0), c0 = vkt_buffer(4, false, 0),
			      c1 = vkt_buffer(4, false, 0);
	VkBuffer outs[2] = { out0.buf, out1.buf }, counters[2] = { c0.buf, c1.buf };
	VkQueryPool pool = query_pool(VK_QUERY_TYPE_TRANSFORM_FEEDBACK_STREAM_EXT, 1);
	VkCommandBuffer cmd = vkt_begin();
	uint64_t prims[2] = { 0 };

	xfb_vertices(v);
	vb = upload(v, sizeof(v), VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	memset(out0.map, 0xff, out0.size);
	memset(out1.map, 0xff, out1.size);
	vkt_flush(&out0);
	vkt_flush(&out1);
	vvk_CmdResetQueryPool(cmd, pool, 0, 1);
	begin(cmd, &t);
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &vb.buf, (VkDeviceSize[]){ 0 });
	vvk_CmdBindTransformFeedbackBuffersEXT(cmd, 0, 2, outs, (VkDeviceSize[]){ 0, 0 }, NULL);
	vvk_CmdBeginQuery(cmd, pool, 0, 0);
	vvk_CmdBeginTransformFeedbackEXT(cmd, 0, 0, NULL, NULL);
	vvk_CmdDraw(cmd, 3, 1, 0, 0);
	vvk_CmdEndTransformFeedbackEXT(cmd, 0, 2, counters, NULL);
	vvk_CmdDraw(cmd, 3, 1, 0, 0); /* paused: not captured */
	vvk_CmdBeginTransformFeedbackEXT(cmd, 0, 2, counters, NULL);
	vvk_CmdDraw(cmd, 3, 1, 3, 0);
	vvk_CmdEndTransformFeedbackEXT(cmd, 0, 0, NULL, NULL);
	vvk_CmdEndQuery(cmd, pool, 0);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	vkt_invalidate(&out0);
	vkt_invalidate(&out1);
	expect_captured(out0.map, out1.map, v, 6);
	ck_assert_uint_eq(((const uint32_t *)out0.map)[6 * XFB_FLOATS], 0xffffffff);
	ck_assert_uint_eq(((const uint32_t *)out1.map)[6], 0xffffffff);
	ck_assert_int_eq(vvk_GetQueryPoolResults(T.dev, pool, 0, 1, sizeof(prims), prims,
						 sizeof(prims), VK_QUERY_RESULT_64_BIT |
						 VK_QUERY_RESULT_WAIT_BIT), VK_SUCCESS);
	ck_assert_uint_eq(prims[0], 2);
	vvk_DestroyQueryPool(T.dev, pool, NULL);
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
	for (struct vkt_buffer *b[] = { &vb, &out0, &out1, &c0, &c1 }, **i = b; i < b + 5; i++)
		vkt_buffer_free(*i);
	target_free(&t);
}
END_TEST

static Suite *draw_suite(void)
{
	Suite *s = suite_create("vk draw");
	TCase *tc = tcase_create("spirv");

	tcase_add_checked_fixture(tc, vkt_setup, vkt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, triangle_attributes_and_orientation);
	tcase_add_test(tc, fragcoord_origin_top_left);
	tcase_add_test(tc, geometry_points_to_quads);
	tcase_add_test(tc, geometry_end_primitive_and_primitive_id);
	tcase_add_test(tc, tessellated_quad);
	tcase_add_loop_test(tc, cull_modes, 0, VKT_ARRAY_SIZE(cull_cases));
	tcase_add_loop_test(tc, scissor_limits_drawing, 0, VKT_ARRAY_SIZE(scissor_cases));
	tcase_add_test(tc, texture_nearest_quadrants);
	tcase_add_test(tc, texture_linear_blends);
	tcase_add_test(tc, texture_lod_reads_mip_level);
	tcase_add_test(tc, separate_sampler_filters_image);
	tcase_add_test(tc, separate_sampler_shared_by_two_images);
	tcase_add_test(tc, ubo_sets_pick_colours);
	tcase_add_test(tc, dynamic_ubo_offsets_pick_colours);
	tcase_add_test(tc, dynamic_offset_moves_one_slot);
	tcase_add_test(tc, pipeline_toggle_binds_one_object);
	tcase_add_test(tc, indirect_draw_resets_host_binding);
	tcase_add_test(tc, ubos_in_two_sets);
	tcase_add_test(tc, push_constants_in_both_stages);
	tcase_add_loop_test(tc, instanced_draw, 0, VKT_ARRAY_SIZE(instance_cases));
	tcase_add_loop_test(tc, indexed_draw, 0, VKT_ARRAY_SIZE(index_cases));
	tcase_add_test(tc, restart_pipeline_refused);
	tcase_add_loop_test(tc, indexed_first_index_and_vertex_offset, 0,
			    VKT_ARRAY_SIZE(offset_cases));
	tcase_add_test(tc, mrt_two_outputs);
	tcase_add_test(tc, depth_test_less);
	tcase_add_test(tc, stencil_write_then_test);
	tcase_add_test(tc, blend_src_alpha_over_clear);
	tcase_add_test(tc, descriptor_sets_recycled_over_frames);
	tcase_add_test(tc, occlusion_counts_samples);
	tcase_add_test(tc, occlusion_query_reused);
	tcase_add_test(tc, timestamps_increase);
	tcase_add_test(tc, stream_output_captures_and_resumes);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return vkt_main(draw_suite);
}
