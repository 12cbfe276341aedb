/* SPDX-License-Identifier: MIT */
/*
 * Built-ins that compiler/ expands into arithmetic (no TGSI opcode the host
 * translates), checked by value on the host: builtins.comp evaluates them
 * on inputs from a buffer and the results are compared with what C
 * computes (packs exactly, floats to 1e-5 relative). And gl_FrontFacing:
 * with VK_FRONT_FACE_COUNTER_CLOCKWISE, the counter-clockwise quad (in
 * Vulkan's y-down framebuffer space) must be the front-facing one.
 */
#include <math.h>
#include <string.h>

#include "vk_test.h"

/* ---- builtins.comp's blocks (std430) ------------------------------------------------- */

struct in_block {
	float v[16][4];
	uint32_t u[4];
};

struct out_block {
	uint32_t packs[2][4];
	int32_t e[4];
	float r[16][4];
};

/* Column-major matrices as the shader builds them from v[]. */
static const float m4_in[4][4] = {
	{ 2, 0, 0, 1 }, { 1, 3, 0, 0 }, { 0, 1, 4, 0 }, { 0, 0, 1, 0.5f },
};
static const float m3_in[3][3] = { { 1, 2, 0 }, { 0, 1, 3 }, { 4, 0, 1 } };
static const float m2_in[2][2] = { { 3, 1 }, { 2, 4 } };

static void fill_input(struct in_block *in)
{
	static const float v0[4] = { 1.0f, -2.5f, 6.103515625e-5f /* 2^-14 */, 65504.0f };
	static const float v1[4] = { 0.0f, 1.0f, 0.25f, -0.25f };
	static const float v10[4] = { 5.9604644775390625e-8f /* 2^-24 */, -0.0f, 100000.0f,
				      1.0f / 3.0f };
	static const float v11[4] = { 2.75f, -1.25f, 3.0f, -0.5f };
	static const float v12[4] = { 8.0f, 0.75f, -3.0f, 0.0f };

	memset(in, 0, sizeof(*in));
	memcpy(in->v[0], v0, sizeof(v0));
	memcpy(in->v[1], v1, sizeof(v1));
	memcpy(&in->v[2], m4_in, sizeof(m4_in));
	for (int c = 0; c < 3; c++)
		memcpy(in->v[6 + c], m3_in[c], sizeof(m3_in[c]));
	memcpy(in->v[9], m2_in, sizeof(m2_in));
	memcpy(in->v[10], v10, sizeof(v10));
	memcpy(in->v[11], v11, sizeof(v11));
	memcpy(in->v[12], v12, sizeof(v12));
	/* unpackHalf: (1, -2.5), (2^-24, inf); unpackUnorm: (32768/65535, 1); unpackSnorm: (1, -1) */
	in->u[0] = 0xc1003c00u;
	in->u[1] = 0x7c000001u;
	in->u[2] = 0xffff8000u;
	in->u[3] = 0x80007fffu;
}

/* ---- expected values ------------------------------------------------------------------ */

static void expect_close(float got, double want, const char *what, int i)
{
	double tol = 1e-5 * fmax(fabs(want), 1.0);

	ck_assert_msg(fabs((double)got - want) <= tol, "%s[%d] = %.9g, want %.9g", what, i,
		      (double)got, want);
}

static void expect_vec(const float *got, const double *want, int n, const char *what)
{
	for (int i = 0; i < n; i++)
		expect_close(got[i], want[i], what, i);
}

/* Gauss-Jordan on an n x n column-major matrix: inverse and determinant. */
static double invert(const float *m, int n, double *inv)
{
	double a[4][8] = { { 0 } }, det = 1.0;

	for (int r = 0; r < n; r++) {
		for (int c = 0; c < n; c++)
			a[r][c] = m[c * n + r];
		a[r][n + r] = 1.0;
	}
	for (int p = 0; p < n; p++) {
		int best = p;

		for (int r = p + 1; r < n; r++)
			if (fabs(a[r][p]) > fabs(a[best][p]))
				best = r;
		if (best != p) {
			for (int c = 0; c < 2 * n; c++) {
				double x = a[p][c];
				a[p][c] = a[best][c];
				a[best][c] = x;
			}
			det = -det;
		}
		det *= a[p][p];
		for (int c = 2 * n - 1; c >= p; c--)
			a[p][c] /= a[p][p];
		for (int r = 0; r < n; r++)
			for (int c = 2 * n - 1; c >= p && r != p; c--)
				a[r][c] -= a[r][p] * a[p][c];
	}
	for (int c = 0; c < n; c++)
		for (int r = 0; r < n; r++)
			inv[c * n + r] = a[r][n + c];
	return det;
}

static void check_packs(const struct out_block *o)
{
	static const uint32_t want[2][4] = {
		{ 0xc1003c00u, 0x7bff0400u, 0xffff0000u, 0x00004000u },
		{ 0x7fff0000u, 0xe0002000u, 0x80000001u, 0x35557c00u },
	};

	for (int i = 0; i < 2; i++)
		for (int k = 0; k < 4; k++)
			ck_assert_msg(o->packs[i][k] == want[i][k], "packs[%d].%d = 0x%08x, want 0x%08x",
				      i, k, o->packs[i][k], want[i][k]);
}

static void check_unpacks(const struct out_block *o)
{
	const double half[4] = { 1.0, -2.5, 5.9604644775390625e-8, 0 };
	const double norm[4] = { 32768.0 / 65535.0, 1.0, 1.0, -1.0 };

	expect_vec(o->r[0], half, 2, "unpackHalf2x16");
	expect_close(o->r[0][2], half[2], "unpackHalf2x16 denormal", 2);
	ck_assert_msg(isinf(o->r[0][3]) && o->r[0][3] > 0, "unpackHalf2x16(0x7c00) = %g",
		      (double)o->r[0][3]);
	expect_vec(o->r[1], norm, 4, "unpack{U,S}norm2x16");
}

static void check_matrices(const struct out_block *o)
{
	double i4[16], i3[9], i2[4], det[3];

	det[0] = invert(&m4_in[0][0], 4, i4);
	det[1] = invert(&m3_in[0][0], 3, i3);
	det[2] = invert(&m2_in[0][0], 2, i2);
	for (int c = 0; c < 4; c++)
		expect_vec(o->r[2 + c], i4 + 4 * c, 4, "inverse(mat4) column");
	for (int c = 0; c < 3; c++)
		expect_vec(o->r[6 + c], i3 + 3 * c, 3, "inverse(mat3) column");
	expect_vec(o->r[9], i2, 4, "inverse(mat2)");
	expect_vec(o->r[10], det, 3, "determinant(mat4, mat3, mat2)");
}

static void check_float_parts(const struct out_block *o)
{
	static const double frac[4] = { 0.75, -0.25, 0.0, -0.5 }, whole[4] = { 2, -1, 3, 0 };
	static const double mant[4] = { 0.5, 0.75, -0.75, 0.0 }, ld[4] = { 16, 3, -1.5, 0 };
	static const int32_t exps[4] = { 4, 0, 2, 0 };

	expect_vec(o->r[11], frac, 4, "modf fraction");
	expect_vec(o->r[12], whole, 4, "modf whole");
	expect_vec(o->r[13], mant, 4, "frexp mantissa");
	for (int i = 0; i < 4; i++)
		ck_assert_msg(o->e[i] == exps[i], "frexp exponent[%d] = %d, want %d", i, o->e[i],
			      exps[i]);
	expect_vec(o->r[14], ld, 4, "ldexp");
}

/* ---- the compute run -------------------------------------------------------------------- */

/* Runs builtins.comp once; *out gets the output block. */
static void run_builtins(struct out_block *out)
{
	const VkDescriptorSetLayoutBinding b[2] = {
		{ 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
		{ 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, 1, VK_SHADER_STAGE_COMPUTE_BIT, NULL },
	};
	struct vkt_compute c = vkt_compute("builtins.comp", b, 2);
	struct vkt_buffer in = vkt_buffer(sizeof(struct in_block), true,
					  VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);
	struct vkt_buffer ob = vkt_buffer(sizeof(*out), true, VK_BUFFER_USAGE_STORAGE_BUFFER_BIT);

	fill_input(in.map);
	memset(ob.map, 0xcd, sizeof(*out));
	vkt_flush(&in);
	vkt_flush(&ob);
	vkt_write_buffer(c.set, 0, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, in.buf, 0,
			 sizeof(struct in_block));
	vkt_write_buffer(c.set, 1, VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, ob.buf, 0, sizeof(*out));
	vkt_dispatch(&c, 1, 1);
	vkt_invalidate(&ob);
	memcpy(out, ob.map, sizeof(*out));
	vkt_buffer_free(&in);
	vkt_buffer_free(&ob);
	vkt_compute_free(&c);
}

START_TEST(packing_builtins_by_value)
{
	struct out_block o;

	run_builtins(&o);
	check_packs(&o);
	check_unpacks(&o);
}
END_TEST

START_TEST(matrix_builtins_by_value)
{
	struct out_block o;

	run_builtins(&o);
	check_matrices(&o);
}
END_TEST

START_TEST(modf_frexp_ldexp_by_value)
{
	struct out_block o;

	run_builtins(&o);
	check_float_parts(&o);
}
END_TEST

/* ---- gl_FrontFacing ------------------------------------------------------------------- */

#define W 16
#define H 16

static VkPipeline facing_pipeline(VkPipelineLayout layout)
{
	static const VkVertexInputBindingDescription vb = { 0, 2 * sizeof(float),
							    VK_VERTEX_INPUT_RATE_VERTEX };
	static const VkVertexInputAttributeDescription attr = { 0, 0, VK_FORMAT_R32G32_SFLOAT, 0 };
	VkShaderModule vs = vkt_spirv_module("triangle.vert"), fs = vkt_spirv_module("facing.frag");
	VkFormat format = VK_FORMAT_R8G8B8A8_UNORM;
	VkPipelineShaderStageCreateInfo st[2] = {
		{ .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
		  .stage = VK_SHADER_STAGE_VERTEX_BIT, .module = vs, .pName = "main" },
		{ .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
		  .stage = VK_SHADER_STAGE_FRAGMENT_BIT, .module = fs, .pName = "main" },
	};
	VkDynamicState dyn[] = { VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR };
	VkGraphicsPipelineCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO,
		.pNext = &(VkPipelineRenderingCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
			.colorAttachmentCount = 1, .pColorAttachmentFormats = &format },
		.stageCount = 2, .pStages = st,
		.pVertexInputState = &(VkPipelineVertexInputStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
			.vertexBindingDescriptionCount = 1, .pVertexBindingDescriptions = &vb,
			.vertexAttributeDescriptionCount = 1, .pVertexAttributeDescriptions = &attr },
		.pInputAssemblyState = &(VkPipelineInputAssemblyStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
			.topology = VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST },
		.pRasterizationState = &(VkPipelineRasterizationStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
			.cullMode = VK_CULL_MODE_NONE, .frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE,
			.lineWidth = 1.0f },
		.pColorBlendState = &(VkPipelineColorBlendStateCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
			.attachmentCount = 1,
			.pAttachments = &(VkPipelineColorBlendAttachmentState){ .colorWriteMask = 0xf } },
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

/* Left half: counter-clockwise in y-down space; right half: the same, clockwise. */
static const float facing_quads[12][2] = {
	{ -1, -1 }, { -1, 1 }, { 0, 1 }, { -1, -1 }, { 0, 1 }, { 0, -1 },
	{ 0, -1 }, { 1, 1 }, { 0, 1 }, { 0, -1 }, { 1, -1 }, { 1, 1 },
};

static void draw_facing(const struct vkt_image *img)
{
	VkPipelineLayout layout = vkt_pipeline_layout(NULL, 0, NULL);
	VkPipeline p = facing_pipeline(layout);
	struct vkt_buffer vb = vkt_buffer(sizeof(facing_quads), true,
					  VK_BUFFER_USAGE_VERTEX_BUFFER_BIT);
	VkCommandBuffer cmd = vkt_begin();
	VkRenderingAttachmentInfo att = {
		.sType = VK_STRUCTURE_TYPE_RENDERING_ATTACHMENT_INFO, .imageView = img->view,
		.imageLayout = VK_IMAGE_LAYOUT_ATTACHMENT_OPTIMAL,
		.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR, .storeOp = VK_ATTACHMENT_STORE_OP_STORE,
		.clearValue = { .color.float32 = { 0, 0, 0, 1 } } };

	memcpy(vb.map, facing_quads, sizeof(facing_quads));
	vkt_flush(&vb);
	vvk_CmdBeginRendering(cmd, &(VkRenderingInfo){
		.sType = VK_STRUCTURE_TYPE_RENDERING_INFO, .renderArea = { { 0, 0 }, { W, H } },
		.layerCount = 1, .colorAttachmentCount = 1, .pColorAttachments = &att });
	vvk_CmdSetViewport(cmd, 0, 1, &(VkViewport){ 0, 0, W, H, 0, 1 });
	vvk_CmdSetScissor(cmd, 0, 1, &(VkRect2D){ { 0, 0 }, { W, H } });
	vvk_CmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, p);
	vvk_CmdBindVertexBuffers(cmd, 0, 1, &vb.buf, (VkDeviceSize[]){ 0 });
	vvk_CmdDraw(cmd, 12, 1, 0, 0);
	vvk_CmdEndRendering(cmd);
	vkt_submit_wait(cmd);
	vkt_buffer_free(&vb);
	vvk_DestroyPipeline(T.dev, p, NULL);
	vvk_DestroyPipelineLayout(T.dev, layout, NULL);
}

START_TEST(front_facing_follows_front_face)
{
	struct vkt_image img = vkt_image(VK_FORMAT_R8G8B8A8_UNORM, W, H,
					 VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT);
	static const uint8_t green[4] = { 0, 0xff, 0, 0xff }, red[4] = { 0xff, 0, 0, 0xff };
	uint8_t px[W * H * 4];

	draw_facing(&img);
	vkt_read_image(&img, 0, 0, 4, px);
	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			const uint8_t *p = px + 4 * (y * W + x), *want = x < W / 2 ? green : red;

			ck_assert_msg(!memcmp(p, want, 4), "pixel (%d,%d) = %02x%02x%02x%02x: the %s quad",
				      x, y, p[0], p[1], p[2], p[3], x < W / 2 ? "CCW (front)" : "CW (back)");
		}
	vkt_image_free(&img);
}
END_TEST

static Suite *builtins_suite(void)
{
	Suite *s = suite_create("vk built-ins");
	TCase *tc = tcase_create("by value");

	tcase_add_checked_fixture(tc, vkt_setup, vkt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, packing_builtins_by_value);
	tcase_add_test(tc, matrix_builtins_by_value);
	tcase_add_test(tc, modf_frexp_ldexp_by_value);
	tcase_add_test(tc, front_facing_follows_front_face);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return vkt_main(builtins_suite);
}
