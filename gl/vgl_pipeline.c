/* SPDX-License-Identifier: MIT */
#include "vgl_pipeline.h"

#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "vgl_blend.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_program.h"
#include "vgl_viewport.h"

/* ---- GL -> Vulkan enums ----------------------------------------------------------------- */

static VkCompareOp compare_op(GLenum f)
{
	return (VkCompareOp)(f - GL_NEVER); /* NEVER..ALWAYS are in the same order */
}

static VkStencilOp stencil_op(GLenum op)
{
	switch (op) {
	case GL_ZERO: return VK_STENCIL_OP_ZERO;
	case GL_REPLACE: return VK_STENCIL_OP_REPLACE;
	case GL_INCR: return VK_STENCIL_OP_INCREMENT_AND_CLAMP;
	case GL_DECR: return VK_STENCIL_OP_DECREMENT_AND_CLAMP;
	case GL_INVERT: return VK_STENCIL_OP_INVERT;
	case GL_INCR_WRAP: return VK_STENCIL_OP_INCREMENT_AND_WRAP;
	case GL_DECR_WRAP: return VK_STENCIL_OP_DECREMENT_AND_WRAP;
	default: return VK_STENCIL_OP_KEEP;
	}
}

static VkBlendFactor blend_factor(GLenum f)
{
	switch (f) {
	case GL_ZERO: return VK_BLEND_FACTOR_ZERO;
	case GL_ONE: return VK_BLEND_FACTOR_ONE;
	case GL_SRC_COLOR: return VK_BLEND_FACTOR_SRC_COLOR;
	case GL_ONE_MINUS_SRC_COLOR: return VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR;
	case GL_DST_COLOR: return VK_BLEND_FACTOR_DST_COLOR;
	case GL_ONE_MINUS_DST_COLOR: return VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR;
	case GL_SRC_ALPHA: return VK_BLEND_FACTOR_SRC_ALPHA;
	case GL_ONE_MINUS_SRC_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA;
	case GL_DST_ALPHA: return VK_BLEND_FACTOR_DST_ALPHA;
	case GL_ONE_MINUS_DST_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA;
	case GL_CONSTANT_COLOR: return VK_BLEND_FACTOR_CONSTANT_COLOR;
	case GL_ONE_MINUS_CONSTANT_COLOR: return VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR;
	case GL_CONSTANT_ALPHA: return VK_BLEND_FACTOR_CONSTANT_ALPHA;
	case GL_ONE_MINUS_CONSTANT_ALPHA: return VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA;
	default: return VK_BLEND_FACTOR_SRC_ALPHA_SATURATE;
	}
}

static VkBlendOp blend_op(GLenum e)
{
	unsigned adv = vgl_blend_advanced(e);

	/* MULTIPLY..EXCLUSION (1..11) and the HSL four (12..15) are two runs of
	 * VK_EXT_blend_operation_advanced's ops */
	if (adv)
		return (VkBlendOp)(adv <= 11 ? VK_BLEND_OP_MULTIPLY_EXT + (adv - 1)
					     : VK_BLEND_OP_HSL_HUE_EXT + (adv - 12));
	switch (e) {
	case GL_FUNC_SUBTRACT: return VK_BLEND_OP_SUBTRACT;
	case GL_FUNC_REVERSE_SUBTRACT: return VK_BLEND_OP_REVERSE_SUBTRACT;
	case GL_MIN: return VK_BLEND_OP_MIN;
	case GL_MAX: return VK_BLEND_OP_MAX;
	default: return VK_BLEND_OP_ADD;
	}
}

/* ---- the key ----------------------------------------------------------------------------- */

static VkStencilOpState stencil_face(const struct vgl_stencil_face *f)
{
	return (VkStencilOpState){ stencil_op(f->fail), stencil_op(f->zpass), stencil_op(f->zfail),
				   compare_op(f->func), f->value_mask & 0xff,
				   f->write_mask & 0xff, 0 };
}

/* The faces' key parts agree (the reference is dynamic state). */
static bool same_face(const struct vgl_stencil_face *a, const struct vgl_stencil_face *b)
{
	return a->func == b->func && a->fail == b->fail && a->zfail == b->zfail &&
	       a->zpass == b->zpass && a->value_mask == b->value_mask &&
	       a->write_mask == b->write_mask;
}

static uint32_t write_mask(const bool m[4], bool keep_alpha)
{
	return (m[0] ? VK_COLOR_COMPONENT_R_BIT : 0) | (m[1] ? VK_COLOR_COMPONENT_G_BIT : 0) |
	       (m[2] ? VK_COLOR_COMPONENT_B_BIT : 0) |
	       (m[3] && !keep_alpha ? VK_COLOR_COMPONENT_A_BIT : 0);
}

/* Each draw buffer's glColorMask(i). An alpha-less framebuffer 0 keeps the
 * alpha 1 it was filled with, which blending reads as GL's destination
 * alpha of a buffer without alpha. */
static uint32_t color_masks(const struct vgl_state *st, const struct vgl_pkey *key)
{
	uint32_t all = 0;

	for (uint32_t i = 0; i < key->nr_colors; i++)
		if (key->color_formats[i] != VK_FORMAT_UNDEFINED)
			all |= write_mask(st->db[i].color_mask, key->keep_alpha) << (4 * i);
	return all;
}

void vgl_pkey_targets(struct vgl_pkey *key, const struct vgl_fb *fb)
{
	key->nr_colors = fb->nr_draw;
	for (uint32_t i = 0; i < VGL_MAX_DRAW_BUFFERS; i++)
		key->color_formats[i] = i < fb->nr_draw && fb->draw[i].view ? fb->draw[i].format
									  : VK_FORMAT_UNDEFINED;
	key->ds_format = fb->ds_format;
	key->ds_aspects = fb->ds_format != VK_FORMAT_UNDEFINED ? fb->ds_aspects : 0;
	key->samples = fb->samples > 1 ? fb->samples : 1;
	key->keep_alpha = fb->no_alpha;
}

static VkPipelineColorBlendAttachmentState blend_state(const struct vgl_draw_buffer_state *db)
{
	if (!db->blend)
		return (VkPipelineColorBlendAttachmentState){ 0 };
	return (VkPipelineColorBlendAttachmentState){
		.blendEnable = VK_TRUE,
		.srcColorBlendFactor = blend_factor(db->fn.src_rgb),
		.dstColorBlendFactor = blend_factor(db->fn.dst_rgb),
		.colorBlendOp = blend_op(db->fn.eq_rgb),
		.srcAlphaBlendFactor = blend_factor(db->fn.src_alpha),
		.dstAlphaBlendFactor = blend_factor(db->fn.dst_alpha),
		.alphaBlendOp = blend_op(db->fn.eq_alpha) };
}

/* The blending of the draw buffers that write something (the rest stay
 * zero, so that their state does not split the pipeline cache). */
static void blend_key(const struct vgl_state *st, struct vgl_pkey *key)
{
	for (uint32_t i = 0; i < key->nr_colors; i++)
		key->blend[i] = (key->color_masks >> (4 * i)) & 0xf
				? blend_state(&st->db[i]) : (VkPipelineColorBlendAttachmentState){ 0 };
}

static uint32_t state_flags(const struct vgl_state *st, bool has_depth, bool has_stencil)
{
	uint32_t f = 0;

	if (st->depth_test && has_depth) {
		f |= VGL_PKEY_DEPTH_TEST;
		if (st->depth_mask)
			f |= VGL_PKEY_DEPTH_WRITE;
	}
	if (st->stencil_test && has_stencil)
		f |= VGL_PKEY_STENCIL;
	if (st->polygon_offset_fill)
		f |= VGL_PKEY_DEPTH_BIAS;
	if (st->rasterizer_discard)
		f |= VGL_PKEY_DISCARD;
	if (st->sample_alpha_to_coverage)
		f |= VGL_PKEY_ALPHA_TO_COVERAGE;
	return f;
}

/* GL_SAMPLE_COVERAGE (ES 3.0 §4.1.3): the coverage value, times the
 * samples and rounded, says how many samples are kept (the first ones:
 * an implementation's choice, as long as each value keeps a fixed set);
 * inverted, the others. With GL_SAMPLE_MASK (ES 3.1 §13.8.3) the samples
 * whose bit the mask clears go too. Returned as the samples turned off. */
static uint32_t samples_off(const struct vgl_state *st, uint32_t samples)
{
	uint32_t all = samples >= 32 ? UINT32_MAX : (1u << samples) - 1;
	/* the value is clamped to [0, 1]: n is at most samples */
	uint32_t n = (uint32_t)(st->sample_coverage_value * (float)samples + 0.5f);
	uint32_t kept = n >= 32 ? UINT32_MAX : (1u << n) - 1;
	/* the mask's bits past the count go as they are: a host may keep more
	 * samples than asked (llvmpipe draws 2-sample targets with 4), and
	 * those must stay as the mask says, not all on */
	uint32_t off = st->sample_mask ? ~st->sample_mask_value : 0;

	if (samples <= 1)
		return 0;
	if (st->sample_coverage)
		off |= (st->sample_coverage_invert ? kept : ~kept) & all;
	return off;
}

static VkCullModeFlags cull_mode(const struct vgl_state *st)
{
	if (!st->cull_face)
		return VK_CULL_MODE_NONE;
	return st->cull_mode == GL_FRONT ? VK_CULL_MODE_FRONT_BIT
	     : st->cull_mode == GL_BACK ? VK_CULL_MODE_BACK_BIT : VK_CULL_MODE_FRONT_AND_BACK;
}

#define DS_FLAGS (VGL_PKEY_DEPTH_TEST | VGL_PKEY_DEPTH_WRITE | VGL_PKEY_STENCIL)

void vgl_pkey_depth_stencil(const struct vgl_context *ctx, struct vgl_pkey *key)
{
	const struct vgl_state *st = &ctx->st;
	bool has_depth = key->ds_aspects & VK_IMAGE_ASPECT_DEPTH_BIT;
	bool has_stencil = key->ds_aspects & VK_IMAGE_ASPECT_STENCIL_BIT;

	key->flags = (key->flags & ~DS_FLAGS) | (state_flags(st, has_depth, has_stencil) & DS_FLAGS);
	key->depth_op = key->flags & VGL_PKEY_DEPTH_TEST ? compare_op(st->depth_func) : 0;
	if (key->flags & VGL_PKEY_STENCIL) {
		key->stencil[0] = stencil_face(&st->stencil[0]);
		/* glStencilFunc / glStencilOp set both faces alike: converted once */
		key->stencil[1] = same_face(&st->stencil[0], &st->stencil[1])
				  ? key->stencil[0] : stencil_face(&st->stencil[1]);
	} else {
		memset(key->stencil, 0, sizeof(key->stencil));
	}
}

void vgl_pkey_blend(const struct vgl_context *ctx, struct vgl_pkey *key)
{
	key->color_masks = color_masks(&ctx->st, key);
	blend_key(&ctx->st, key);
}

/* Called with key zeroed and the formats, topology and vertex layout set. */
void vgl_pkey_from_state(const struct vgl_context *ctx, struct vgl_pkey *key)
{
	const struct vgl_state *st = &ctx->st;

	key->cull = cull_mode(st);
	/* images are stored y-up (vgl_framebuffer.h): GL's CCW is vk/'s CW */
	key->front = st->front_face == GL_CCW ? VK_FRONT_FACE_CLOCKWISE
					      : VK_FRONT_FACE_COUNTER_CLOCKWISE;
	key->flags = state_flags(st, false, false);
	key->line_width = st->line_width;
	for (uint32_t i = 0; i < VGL_MAX_CLIP_DISTANCES; i++)
		key->clip_enables |= st->clip_distance[i] ? 1u << i : 0;
	if (key->flags & VGL_PKEY_DEPTH_BIAS) {
		key->depth_bias = st->polygon_offset_units;
		key->depth_slope = st->polygon_offset_factor;
	}
	vgl_pkey_depth_stencil(ctx, key);
	vgl_pkey_blend(ctx, key);
	key->samples_off = samples_off(st, key->samples);
	if (st->sample_shading && key->samples > 1)
		key->min_sample_shading = st->min_sample_shading;
	if (key->topology == VK_PRIMITIVE_TOPOLOGY_PATCH_LIST)
		key->patch_vertices = (uint32_t)st->patch_vertices;
}

/* Over 32-byte blocks of [p, p + n) in four independent lanes, then the rest. */
static void hash_bytes(uint64_t lane[4], const uint8_t *p, size_t n)
{
	const uint64_t m = UINT64_C(0x9e3779b97f4a7c15);
	uint64_t w[4];
	size_t i;

	for (i = 0; i + sizeof(w) <= n; i += sizeof(w)) {
		memcpy(w, p + i, sizeof(w));
		for (int k = 0; k < 4; k++)
			lane[k] = (lane[k] ^ w[k]) * m;
	}
	for (; i < n; i += 4) {
		uint32_t t;

		memcpy(&t, p + i, 4);
		lane[0] = (lane[0] ^ t) * m;
	}
}

/* The key's words in four lanes (a byte-wise hash of the ~320-byte key cost
 * more than the rest of a draw), skipping the vertex attributes the layout
 * does not feed: they are zero in every key (equal keys still hash equal),
 * and most of the key's bytes. */
static uint32_t hash_key(const struct vgl_pkey *key)
{
	const uint8_t *p = (const uint8_t *)key;
	size_t attrs = offsetof(struct vgl_pkey, vertex.a);
	uint64_t lane[4] = { 1, 2, 3, 4 }, r;

	_Static_assert(sizeof(*key) % 4 == 0, "the key is 32-bit words");
	_Static_assert(sizeof(key->vertex.a[0]) % 4 == 0, "attributes are 32-bit words");
	hash_bytes(lane, p, attrs);
	for (uint32_t m = key->vertex.mask; m; m &= m - 1) {
		uint32_t i = (uint32_t)__builtin_ctz(m);

		hash_bytes(lane, (const uint8_t *)&key->vertex.a[i], sizeof(key->vertex.a[i]));
	}
	r = ((lane[0] * 31 + lane[1]) * 31 + lane[2]) * 31 + lane[3];
	return (uint32_t)(r >> 32) ^ (uint32_t)r;
}

/* ---- creation ------------------------------------------------------------------------------- */

struct vertex_input {
	VkVertexInputBindingDescription bindings[VGL_MAX_ATTRIBS];
	VkVertexInputAttributeDescription attrs[VGL_MAX_ATTRIBS];
	VkVertexInputBindingDivisorDescriptionEXT divisors[VGL_MAX_ATTRIBS];
	uint32_t n, nr_divisors;
};

static void vertex_input(const struct vgl_vertex_layout *v, struct vertex_input *vi)
{
	memset(vi, 0, sizeof(*vi));
	for (uint32_t i = 0; i < VGL_MAX_ATTRIBS; i++) {
		if (!(v->mask & (1u << i)))
			continue;
		vi->bindings[vi->n] = (VkVertexInputBindingDescription){
			i, v->a[i].stride,
			v->a[i].divisor ? VK_VERTEX_INPUT_RATE_INSTANCE : VK_VERTEX_INPUT_RATE_VERTEX };
		vi->attrs[vi->n++] = (VkVertexInputAttributeDescription){ i, i, v->a[i].format, 0 };
		if (v->a[i].divisor > 1)
			vi->divisors[vi->nr_divisors++] =
				(VkVertexInputBindingDivisorDescriptionEXT){ i, v->a[i].divisor };
	}
}

static VkPipelineDepthStencilStateCreateInfo depth_stencil(const struct vgl_pkey *k)
{
	return (VkPipelineDepthStencilStateCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DEPTH_STENCIL_STATE_CREATE_INFO,
		.depthTestEnable = (k->flags & VGL_PKEY_DEPTH_TEST) != 0,
		.depthWriteEnable = (k->flags & VGL_PKEY_DEPTH_WRITE) != 0,
		.depthCompareOp = k->depth_op,
		.stencilTestEnable = (k->flags & VGL_PKEY_STENCIL) != 0,
		.front = k->stencil[0], .back = k->stencil[1], .maxDepthBounds = 1.0f };
}

static VkPipelineRasterizationStateCreateInfo raster(const struct vgl_pkey *k)
{
	bool bias = k->flags & VGL_PKEY_DEPTH_BIAS;

	return (VkPipelineRasterizationStateCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO,
		.rasterizerDiscardEnable = (k->flags & VGL_PKEY_DISCARD) != 0,
		.cullMode = k->cull, .frontFace = k->front, .depthBiasEnable = bias,
		.depthBiasConstantFactor = k->depth_bias, .depthBiasSlopeFactor = k->depth_slope,
		.lineWidth = k->line_width };
}

static VkPipelineShaderStageCreateInfo stage(VkShaderStageFlagBits s, VkShaderModule m)
{
	return (VkPipelineShaderStageCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO, .stage = s,
		.module = m, .pName = "main" };
}

static const VkDynamicState dynamic_states[] = {
	VK_DYNAMIC_STATE_VIEWPORT, VK_DYNAMIC_STATE_SCISSOR, VK_DYNAMIC_STATE_BLEND_CONSTANTS,
	VK_DYNAMIC_STATE_STENCIL_REFERENCE,
};

/* Every create-info a pipeline points at, kept together for one call. */
struct pipeline_ci {
	VkPipelineShaderStageCreateInfo stages[5];
	VkPipelineTessellationStateCreateInfo ts;
	struct vertex_input v;
	VkPipelineVertexInputDivisorStateCreateInfoEXT div;
	VkPipelineVertexInputStateCreateInfo vi;
	VkPipelineRenderingCreateInfo ri;
	VkPipelineInputAssemblyStateCreateInfo ia;
	VkPipelineRasterizationStateCreateInfo rs;
	VkPipelineDepthStencilStateCreateInfo ds;
	VkPipelineColorBlendStateCreateInfo cb;
	VkPipelineColorBlendAttachmentState att[VGL_MAX_DRAW_BUFFERS];
	VkPipelineMultisampleStateCreateInfo ms;
	VkSampleMask sample_mask;
	VkPipelineDynamicStateCreateInfo dy;
	VkPipelineViewportDepthClipControlCreateInfoEXT dcc;
	VkPipelineViewportStateCreateInfo vp;
	struct vvk_pipeline_blend_support_info bs;
	struct vvk_pipeline_stream_output_info so;
	struct vvk_pipeline_clip_distance_info clip;
};

static void vertex_state(const struct vgl_pkey *k, struct pipeline_ci *c)
{
	vertex_input(&k->vertex, &c->v);
	c->vi = (VkPipelineVertexInputStateCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO,
		.vertexBindingDescriptionCount = c->v.n, .pVertexBindingDescriptions = c->v.bindings,
		.vertexAttributeDescriptionCount = c->v.n, .pVertexAttributeDescriptions = c->v.attrs };
	if (!c->v.nr_divisors)
		return;
	c->div = (VkPipelineVertexInputDivisorStateCreateInfoEXT){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT,
		.vertexBindingDivisorCount = c->v.nr_divisors, .pVertexBindingDivisors = c->v.divisors };
	c->vi.pNext = &c->div;
}

static void target_state(const struct vgl_pkey *k, struct pipeline_ci *c)
{
	bool multisample = k->samples > 1;

	for (uint32_t i = 0; i < k->nr_colors; i++) {
		c->att[i] = k->blend[i];
		c->att[i].colorWriteMask = (k->color_masks >> (4 * i)) & 0xf;
	}
	c->ri = (VkPipelineRenderingCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_RENDERING_CREATE_INFO,
		.colorAttachmentCount = k->nr_colors, .pColorAttachmentFormats = k->color_formats,
		.depthAttachmentFormat = k->ds_format,
		.stencilAttachmentFormat = k->ds_aspects & VK_IMAGE_ASPECT_STENCIL_BIT ?
					   k->ds_format : VK_FORMAT_UNDEFINED };
	c->cb = (VkPipelineColorBlendStateCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO,
		.attachmentCount = k->nr_colors, .pAttachments = c->att };
	/* alpha to coverage does something on multisample targets only */
	c->ms = (VkPipelineMultisampleStateCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO,
		.rasterizationSamples = multisample ? (VkSampleCountFlagBits)k->samples
						    : VK_SAMPLE_COUNT_1_BIT,
		.alphaToCoverageEnable = multisample && (k->flags & VGL_PKEY_ALPHA_TO_COVERAGE) };
	c->sample_mask = ~k->samples_off;
	if (multisample && k->samples_off)
		c->ms.pSampleMask = &c->sample_mask;
	/* OES_sample_shading: vk/ sends ceil(value * samples) as SET_MIN_SAMPLES */
	c->ms.sampleShadingEnable = multisample && k->min_sample_shading > 0.0f;
	c->ms.minSampleShading = k->min_sample_shading;
}

static void fixed_state(const struct vgl_pkey *k, struct pipeline_ci *c)
{
	c->ia = (VkPipelineInputAssemblyStateCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO,
		.topology = k->topology };
	c->rs = raster(k);
	/* GL clips with the enabled distances only (vk/ with all it writes) */
	c->clip = (struct vvk_pipeline_clip_distance_info){
		.sType = VVK_STRUCTURE_TYPE_PIPELINE_CLIP_DISTANCE_INFO,
		.enableMask = k->clip_enables };
	c->rs.pNext = &c->clip;
	c->ds = depth_stencil(k);
	c->dy = (VkPipelineDynamicStateCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_DYNAMIC_STATE_CREATE_INFO,
		.dynamicStateCount = sizeof(dynamic_states) / sizeof(dynamic_states[0]),
		.pDynamicStates = dynamic_states };
}

/* A program with captured varyings writes them whenever a capture is
 * bound: its every pipeline has the stream output. */
static void stream_output(const struct vgl_linked *l, struct pipeline_ci *c)
{
	if (!l->xfb.nr_entries)
		return;
	c->so = (struct vvk_pipeline_stream_output_info){
		.sType = VVK_STRUCTURE_TYPE_PIPELINE_STREAM_OUTPUT_INFO,
		.entryCount = l->xfb.nr_entries, .pEntries = l->xfb.entries };
	memcpy(c->so.strides, l->xfb.strides, sizeof(c->so.strides));
	c->ri.pNext = &c->so;
}

/* The fragment shader's layout(blend_support_...) equations, for a host
 * that blends by them itself and compiles the shader with them. */
static void blend_support(const struct vgl_linked *l, struct pipeline_ci *c)
{
	if (!l->blend_support)
		return;
	c->bs = (struct vvk_pipeline_blend_support_info){
		.sType = VVK_STRUCTURE_TYPE_PIPELINE_BLEND_SUPPORT_INFO, .pNext = c->ri.pNext,
		.equations = l->blend_support };
	c->ri.pNext = &c->bs;
}

/* GL's clip volume, -w <= z <= w (VK_EXT_depth_clip_control), unless the
 * shader's z is already the window depth (a drawn clear); the viewport
 * itself is dynamic. */
/* A geometry stage may pick any of the device's viewports (gl_ViewportIndex);
 * without one, slot 0 is the only one drawn to. */
static void viewport_state(const struct vgl_device *dev, const struct vgl_linked *l,
			   const struct vgl_pkey *k, struct pipeline_ci *c)
{
	uint32_t n = l->gs ? vgl_viewport_device_count(dev) : 1;

	c->dcc = (VkPipelineViewportDepthClipControlCreateInfoEXT){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT,
		.negativeOneToOne = !(k->flags & VGL_PKEY_WINDOW_Z) };
	c->vp = (VkPipelineViewportStateCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO, .pNext = &c->dcc,
		.viewportCount = n, .scissorCount = n };
}

/* The vertex and fragment stages, then the program's geometry or
 * tessellation stages (with the patch size); returns how many. */
static uint32_t program_stages(const struct vgl_linked *l, const struct vgl_pkey *k,
			       struct pipeline_ci *c)
{
	uint32_t n = 2;

	c->stages[0] = stage(VK_SHADER_STAGE_VERTEX_BIT, l->vs);
	c->stages[1] = stage(VK_SHADER_STAGE_FRAGMENT_BIT,
			     k->flags & VGL_PKEY_Y_DOWN ? l->fs_y_down : l->fs);
	if (l->gs)
		c->stages[n++] = stage(VK_SHADER_STAGE_GEOMETRY_BIT, l->gs);
	if (l->tcs) {
		c->stages[n++] = stage(VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, l->tcs);
		c->stages[n++] = stage(VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, l->tes);
	}
	c->ts = (VkPipelineTessellationStateCreateInfo){
		.sType = VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO,
		.patchControlPoints = k->patch_vertices };
	return n;
}

static VkPipeline create(struct vgl_context *ctx, struct vgl_linked *l, const struct vgl_pkey *k)
{
	struct pipeline_ci c = { .stages = { { 0 } } };
	uint32_t nr_stages = program_stages(l, k, &c);
	VkGraphicsPipelineCreateInfo ci = {
		.sType = VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO, .pNext = &c.ri,
		.stageCount = nr_stages, .pStages = c.stages, .pVertexInputState = &c.vi,
		.pTessellationState = l->tcs ? &c.ts : NULL,
		.pInputAssemblyState = &c.ia, .pRasterizationState = &c.rs,
		.pMultisampleState = &c.ms, .pDepthStencilState = &c.ds, .pColorBlendState = &c.cb,
		.pDynamicState = &c.dy, .pViewportState = &c.vp, .layout = l->layout };
	VkPipeline p = VK_NULL_HANDLE;

	vertex_state(k, &c);
	target_state(k, &c);
	fixed_state(k, &c);
	viewport_state(ctx->dev, l, k, &c);
	stream_output(l, &c);
	blend_support(l, &c);
	if (vvk_CreateGraphicsPipelines(ctx->dev->dev, VK_NULL_HANDLE, 1, &ci, NULL, &p) !=
	    VK_SUCCESS)
		return VK_NULL_HANDLE;
	ctx->stats.pipelines_created++;
	return p;
}

static bool grow(struct vgl_pcache *c)
{
	uint32_t cap = c->cap ? c->cap * 2 : 8;
	struct vgl_pcache_entry *e;

	if (c->nr < c->cap)
		return true;
	e = realloc(c->entries, cap * sizeof(*e));
	if (!e)
		return false;
	c->entries = e;
	c->cap = cap;
	return true;
}

/*
 * Only the bytes a key can use are compared: the blending past the draw
 * buffers and the attributes past the highest fed location are zero in
 * every key (keys are built from zeroed memory), once the two agree on the
 * number of draw buffers and the attribute mask. Most of the key's ~600
 * bytes are such zeros.
 */
bool vgl_pkey_equal(const struct vgl_pkey *a, const struct vgl_pkey *b)
{
	size_t blend = offsetof(struct vgl_pkey, blend);
	uint32_t fed = a->vertex.mask ? 32u - (uint32_t)__builtin_clz(a->vertex.mask) : 0;

	if (a->nr_colors != b->nr_colors || a->vertex.mask != b->vertex.mask)
		return false;
	return !memcmp(a, b, blend + a->nr_colors * sizeof(a->blend[0])) &&
	       !memcmp(a->vertex.a, b->vertex.a, fed * sizeof(a->vertex.a[0]));
}

/* The stencil faces are zero without the test, a draw buffer's blending
 * zero without blending: only what is on is compared. */
bool vgl_pkey_equal_ds_blend(const struct vgl_pkey *a, const struct vgl_pkey *b)
{
	if (a->flags != b->flags || a->depth_op != b->depth_op || a->color_masks != b->color_masks ||
	    ((a->flags & VGL_PKEY_STENCIL) && memcmp(a->stencil, b->stencil, sizeof(a->stencil))))
		return false;
	for (uint32_t i = 0; i < a->nr_colors; i++)
		if (a->blend[i].blendEnable != b->blend[i].blendEnable ||
		    (a->blend[i].blendEnable && memcmp(&a->blend[i], &b->blend[i], sizeof(a->blend[i]))))
			return false;
	return true;
}

/* Entry i was found: it becomes the newest of the recent two. */
static VkPipeline hit(struct vgl_context *ctx, struct vgl_pcache *c, uint32_t i)
{
	if (c->recent[0] != i) {
		c->recent[1] = c->recent[0];
		c->recent[0] = i;
	}
	ctx->stats.pipeline_hits++;
	return c->entries[i].pipeline;
}

/*
 * The entries of the last two lookups are compared first, without hashing:
 * a state toggled between draws (glEnable/glDisable) switches between two
 * pipelines, and hashing the key cost more than comparing it twice.
 */
VkPipeline vgl_pipeline_get(struct vgl_context *ctx, struct vgl_linked *l,
			    const struct vgl_pkey *key)
{
	struct vgl_pcache *c = &l->pipelines;
	uint32_t h;
	VkPipeline p;

	for (int r = 0; r < 2; r++)
		if (c->recent[r] < c->nr && vgl_pkey_equal(&c->entries[c->recent[r]].key, key))
			return hit(ctx, c, c->recent[r]);
	h = hash_key(key);
	for (uint32_t i = 0; i < c->nr; i++)
		if (c->entries[i].hash == h && memcmp(&c->entries[i].key, key, sizeof(*key)) == 0)
			return hit(ctx, c, i);
	if (!grow(c))
		return VK_NULL_HANDLE;
	p = create(ctx, l, key);
	if (p == VK_NULL_HANDLE)
		return p;
	c->entries[c->nr].hash = h;
	c->entries[c->nr].key = *key;
	c->entries[c->nr].pipeline = p;
	c->recent[1] = c->recent[0];
	c->recent[0] = c->nr++;
	return p;
}

void vgl_pcache_finish(VkDevice dev, struct vgl_pcache *c)
{
	for (uint32_t i = 0; i < c->nr; i++)
		vvk_DestroyPipeline(dev, c->entries[i].pipeline, NULL);
	free(c->entries);
	memset(c, 0, sizeof(*c));
}
