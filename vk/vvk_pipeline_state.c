/* SPDX-License-Identifier: MIT */
/*
 * Vulkan fixed-function state -> virgl BLEND, DSA, RASTERIZER and
 * VERTEX_ELEMENTS objects (layouts: docs/virgl-protocol-and-tgsi.md 2.1-2.5).
 */
#include "vvk_pipeline.h"

#include "vdrm_cmds.h"
#include "vvk_device.h"
#include "vvk_format.h"

/* VkBlendFactor -> PIPE_BLENDFACTOR_* */
static uint32_t blend_factor(VkBlendFactor f)
{
	static const uint8_t map[] = {
		[VK_BLEND_FACTOR_ZERO] = 0x11, [VK_BLEND_FACTOR_ONE] = 0x01,
		[VK_BLEND_FACTOR_SRC_COLOR] = 0x02, [VK_BLEND_FACTOR_ONE_MINUS_SRC_COLOR] = 0x12,
		[VK_BLEND_FACTOR_DST_COLOR] = 0x05, [VK_BLEND_FACTOR_ONE_MINUS_DST_COLOR] = 0x15,
		[VK_BLEND_FACTOR_SRC_ALPHA] = 0x03, [VK_BLEND_FACTOR_ONE_MINUS_SRC_ALPHA] = 0x13,
		[VK_BLEND_FACTOR_DST_ALPHA] = 0x04, [VK_BLEND_FACTOR_ONE_MINUS_DST_ALPHA] = 0x14,
		[VK_BLEND_FACTOR_CONSTANT_COLOR] = 0x07,
		[VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_COLOR] = 0x17,
		[VK_BLEND_FACTOR_CONSTANT_ALPHA] = 0x08,
		[VK_BLEND_FACTOR_ONE_MINUS_CONSTANT_ALPHA] = 0x18,
		[VK_BLEND_FACTOR_SRC_ALPHA_SATURATE] = 0x06, [VK_BLEND_FACTOR_SRC1_COLOR] = 0x09,
		[VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR] = 0x19, [VK_BLEND_FACTOR_SRC1_ALPHA] = 0x0a,
		[VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA] = 0x1a,
	};

	return (unsigned)f < VVK_ARRAY_SIZE(map) ? map[f] : 0x01;
}

/* VkLogicOp -> PIPE_LOGICOP_* (gallium orders them by truth table) */
static uint32_t logic_op(VkLogicOp op)
{
	static const uint8_t map[] = { 0, 8, 4, 12, 2, 10, 6, 14, 1, 9, 5, 13, 3, 11, 7, 15 };

	return (unsigned)op < VVK_ARRAY_SIZE(map) ? map[op] : 12;
}

int vvk_advanced_blend_op(VkBlendOp op)
{
	static const struct {
		VkBlendOp op;
		uint8_t eq;
	} map[] = {
		{ VK_BLEND_OP_MULTIPLY_EXT, VC_BLEND_MULTIPLY }, { VK_BLEND_OP_SCREEN_EXT, VC_BLEND_SCREEN },
		{ VK_BLEND_OP_OVERLAY_EXT, VC_BLEND_OVERLAY }, { VK_BLEND_OP_DARKEN_EXT, VC_BLEND_DARKEN },
		{ VK_BLEND_OP_LIGHTEN_EXT, VC_BLEND_LIGHTEN },
		{ VK_BLEND_OP_COLORDODGE_EXT, VC_BLEND_COLORDODGE },
		{ VK_BLEND_OP_COLORBURN_EXT, VC_BLEND_COLORBURN },
		{ VK_BLEND_OP_HARDLIGHT_EXT, VC_BLEND_HARDLIGHT },
		{ VK_BLEND_OP_SOFTLIGHT_EXT, VC_BLEND_SOFTLIGHT },
		{ VK_BLEND_OP_DIFFERENCE_EXT, VC_BLEND_DIFFERENCE },
		{ VK_BLEND_OP_EXCLUSION_EXT, VC_BLEND_EXCLUSION },
		{ VK_BLEND_OP_HSL_HUE_EXT, VC_BLEND_HSL_HUE },
		{ VK_BLEND_OP_HSL_SATURATION_EXT, VC_BLEND_HSL_SATURATION },
		{ VK_BLEND_OP_HSL_COLOR_EXT, VC_BLEND_HSL_COLOR },
		{ VK_BLEND_OP_HSL_LUMINOSITY_EXT, VC_BLEND_HSL_LUMINOSITY },
	};

	if (op <= VK_BLEND_OP_MAX)
		return 0;
	for (size_t i = 0; i < VVK_ARRAY_SIZE(map); i++)
		if (map[i].op == op)
			return map[i].eq;
	return -1;
}

static uint32_t blend_rt(const VkPipelineColorBlendAttachmentState *a)
{
	uint32_t rt = ((uint32_t)a->colorWriteMask & 0xf) << 27;

	/* an advanced equation is the fragment shader's (vc_tgsi_blend.c) or
	 * the host's (create_blend) */
	if (!a->blendEnable || vvk_advanced_blend_op(a->colorBlendOp))
		return rt;
	/* VkBlendOp ADD..MAX are PIPE_BLEND_* in the same order */
	return rt | 1u | ((uint32_t)a->colorBlendOp & 7) << 1 |
	       blend_factor(a->srcColorBlendFactor) << 4 | blend_factor(a->dstColorBlendFactor) << 9 |
	       ((uint32_t)a->alphaBlendOp & 7) << 14 | blend_factor(a->srcAlphaBlendFactor) << 17 |
	       blend_factor(a->dstAlphaBlendFactor) << 22;
}

/* Independent blend only where render targets differ: a host without it
 * (no independentBlend) then gets render target 0's state for all. */
static bool rts_differ(const uint32_t *rt, uint32_t n)
{
	for (uint32_t i = 1; i < n; i++)
		if (rt[i] != rt[0])
			return true;
	return false;
}

/* S0's alpha-to-coverage (bit 3) and alpha-to-one (bit 4) come from the multisample state. */
static uint32_t blend_ms_bits(const VkPipelineMultisampleStateCreateInfo *ms)
{
	if (!ms)
		return 0;
	return (ms->alphaToCoverageEnable ? 1u << 3 : 0) | (ms->alphaToOneEnable ? 1u << 4 : 0);
}

static void create_blend(struct vvk_device *dev, struct vvk_pipeline *p,
			 const VkPipelineColorBlendStateCreateInfo *cb,
			 const VkPipelineMultisampleStateCreateInfo *ms)
{
	struct vdrm_cs tmp;
	struct vdrm_cmd_create_blend cmd = { 0 };
	uint32_t n = cb ? VVK_MIN(cb->attachmentCount, 8u) : 0;

	for (uint32_t i = 0; i < n; i++)
		cmd.rt[i] = blend_rt(&cb->pAttachments[i]);
	/* Mesa's virgl way: render target 0, blending off, carries the host's
	 * equation in alpha_src_factor (bits 17..21) with alpha_dst_factor 0 */
	if (n && p->host_blend_equations)
		cmd.rt[0] |= p->advanced_blend << 17;
	cmd.s0 = blend_ms_bits(ms);
	if (rts_differ(cmd.rt, n))
		cmd.s0 |= 1u; /* independent blend: each RT its own dword */
	if (cb && cb->logicOpEnable) {
		cmd.s0 |= 2u;
		cmd.s1 = logic_op(cb->logicOp);
	}
	if (cb)
		memcpy(p->blend_constants, cb->blendConstants, sizeof(p->blend_constants));
	vdrm_cs_init(&tmp);
	vdrm_encode_create_blend(&tmp, &cmd);
	p->blend = vvk_object_cache_acquire_cs(dev, &tmp);
}

/* VkStencilOp -> PIPE_STENCIL_OP_* (INVERT and the wraps are ordered differently) */
static uint32_t stencil_op(VkStencilOp op)
{
	static const uint8_t map[] = { 0, 1, 2, 3, 4, 7, 5, 6 };

	return (unsigned)op < VVK_ARRAY_SIZE(map) ? map[op] : 0;
}

static uint32_t stencil_word(const VkStencilOpState *s)
{
	return 1u | ((uint32_t)s->compareOp & 7) << 1 | stencil_op(s->failOp) << 4 |
	       stencil_op(s->passOp) << 7 | stencil_op(s->depthFailOp) << 10 |
	       (s->compareMask & 0xff) << 13 | (s->writeMask & 0xff) << 21;
}

static void create_dsa(struct vvk_device *dev, struct vvk_pipeline *p,
		       const VkPipelineDepthStencilStateCreateInfo *ds)
{
	struct vdrm_cs tmp;
	struct vdrm_cmd_create_dsa cmd = { 0 };

	/* VkCompareOp and PIPE_FUNC_* share their order */
	if (ds && ds->depthTestEnable)
		cmd.s0 = 1u | (ds->depthWriteEnable ? 2u : 0) |
			 ((uint32_t)ds->depthCompareOp & 7) << 2;
	if (ds && ds->stencilTestEnable) {
		cmd.stencil[0] = stencil_word(&ds->front);
		cmd.stencil[1] = stencil_word(&ds->back);
		p->stencil_ref = (ds->front.reference & 0xff) | (ds->back.reference & 0xff) << 8;
	}
	vdrm_cs_init(&tmp);
	vdrm_encode_create_dsa(&tmp, &cmd);
	p->dsa = vvk_object_cache_acquire_cs(dev, &tmp);
}

static uint32_t fill_mode(VkPolygonMode m)
{
	return m == VK_POLYGON_MODE_LINE ? 1 : m == VK_POLYGON_MODE_POINT ? 2 : 0;
}

static uint32_t raster_s0(const VkPipelineRasterizationStateCreateInfo *rs, bool gl_z)
{
	uint32_t s0 = 1u << 14 | 1u << 29; /* scissor, half-pixel centre */

	if (!gl_z)
		s0 |= 1u << 2; /* clip_halfz: Vulkan's 0 <= z <= w */

	if (!rs->depthClampEnable)
		s0 |= 1u << 1;
	if (rs->rasterizerDiscardEnable)
		s0 |= 1u << 3;
	s0 |= ((uint32_t)rs->cullMode & 3) << 8;
	s0 |= fill_mode(rs->polygonMode) << 10 | fill_mode(rs->polygonMode) << 12;
	/* The host's rasterizer state is gallium's: winding measured with y
	 * pointing down, as Vulkan does (virglrenderer flips it for GL). A
	 * CCW quad with BACK culling is drawn: tests/vk/test_vk_render.c. */
	if (rs->frontFace == VK_FRONT_FACE_COUNTER_CLOCKWISE)
		s0 |= 1u << 15;
	if (rs->depthBiasEnable)
		s0 |= 1u << 18 | 1u << 19 | 1u << 20;
	return s0 | 1u << 24; /* point size from the shader when it writes one */
}

/* Bit 25 (multisample): the host's GL_MULTISAMPLE, per-sample coverage. */
static bool multisampled(const VkPipelineMultisampleStateCreateInfo *ms)
{
	return ms && ms->rasterizationSamples > VK_SAMPLE_COUNT_1_BIT;
}

/* Bit 31 (force_persample_interp): the host's GL_SAMPLE_SHADING, which
 * virglrenderer enables from the rasterizer alone; SET_MIN_SAMPLES only
 * sets its fraction. On where sample shading asks for more than one
 * sample, as gallium's state tracker sets it. */
static bool shades_per_sample(const VkPipelineMultisampleStateCreateInfo *ms)
{
	return multisampled(ms) && ms->sampleShadingEnable &&
	       ms->minSampleShading * (float)ms->rasterizationSamples > 1.0f;
}

/* S3 bits 24-31 (clip_plane_enable): the host's GL_CLIP_DISTANCEi. Vulkan
 * clips with every distance the last stage before rasterization writes;
 * vvk_pipeline_clip_distance_info narrows that (GL's enables). Never past
 * what the stage writes: an enable without a distance is undefined in
 * GL, and the host would turn it into user clip planes. */
static uint32_t clip_plane_enable(const struct vvk_pipeline *p,
				  const VkPipelineRasterizationStateCreateInfo *rs)
{
	const struct vvk_pipeline_clip_distance_info *ci =
		vvk_find_struct(rs->pNext, VVK_STRUCTURE_TYPE_PIPELINE_CLIP_DISTANCE_INFO);
	uint32_t n = (p->stage_mask & (1u << VVK_STAGE_GS)) ? p->clip_distances[VVK_STAGE_GS]
		   : (p->stage_mask & (1u << VVK_STAGE_TES)) ? p->clip_distances[VVK_STAGE_TES]
		   : p->clip_distances[VVK_STAGE_VS];
	uint32_t written = n >= 8 ? 0xffu : (1u << n) - 1;

	return (ci ? ci->enableMask & written : written) << 24;
}

static void create_rasterizer(struct vvk_device *dev, struct vvk_pipeline *p,
			      const VkPipelineRasterizationStateCreateInfo *rs,
			      const VkPipelineMultisampleStateCreateInfo *ms)
{
	struct vdrm_cs tmp;
	struct vdrm_cmd_create_rasterizer cmd = {
		.s0 = raster_s0(rs, p->gl_z) | (multisampled(ms) ? 1u << 25 : 0) |
		      (shades_per_sample(ms) ? 1u << 31 : 0),
		.point_size = 1.0f, .s3 = 0xffff | clip_plane_enable(p, rs), .line_width = rs->lineWidth,
	};

	if (rs->depthBiasEnable) {
		cmd.offset_units = rs->depthBiasConstantFactor;
		cmd.offset_scale = rs->depthBiasSlopeFactor;
		cmd.offset_clamp = rs->depthBiasClamp;
	}
	vdrm_cs_init(&tmp);
	vdrm_encode_create_rasterizer(&tmp, &cmd);
	p->rasterizer = vvk_object_cache_acquire_cs(dev, &tmp);
}

/* Per-instance bindings step every instance unless VK_EXT_vertex_attribute_
 * divisor's struct in the chain says otherwise (virgl's instance_divisor). */
static uint32_t divisor_of(const VkPipelineVertexInputStateCreateInfo *vi, uint32_t binding)
{
	const VkPipelineVertexInputDivisorStateCreateInfoEXT *div =
		vvk_find_struct(vi->pNext, VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_DIVISOR_STATE_CREATE_INFO_EXT);

	for (uint32_t i = 0; div && i < div->vertexBindingDivisorCount; i++)
		if (div->pVertexBindingDivisors[i].binding == binding)
			return div->pVertexBindingDivisors[i].divisor;
	for (uint32_t i = 0; i < vi->vertexBindingDescriptionCount; i++)
		if (vi->pVertexBindingDescriptions[i].binding == binding)
			return vi->pVertexBindingDescriptions[i].inputRate ==
			       VK_VERTEX_INPUT_RATE_INSTANCE;
	return 0;
}

/* Element L feeds IN[L]: locations the shader skips get a copy of another. */
static void create_vertex_elements(struct vvk_device *dev, struct vvk_pipeline *p,
				   const VkPipelineVertexInputStateCreateInfo *vi)
{
	struct vdrm_cs tmp;
	struct vdrm_create_vertex_elements_elem el[VVK_MAX_VERTEX_ATTRIBS] = { 0 };
	bool set[VVK_MAX_VERTEX_ATTRIBS] = { false };
	uint32_t n = 0;

	for (uint32_t i = 0; vi && i < vi->vertexAttributeDescriptionCount; i++) {
		const VkVertexInputAttributeDescription *a = &vi->pVertexAttributeDescriptions[i];

		if (a->location >= VVK_MAX_VERTEX_ATTRIBS)
			continue;
		el[a->location] = (struct vdrm_create_vertex_elements_elem){
			a->offset, divisor_of(vi, a->binding), a->binding,
			vvk_format_to_virgl(a->format) };
		set[a->location] = true;
		n = VVK_MAX(n, a->location + 1);
	}
	for (uint32_t i = 0; i < n; i++)
		if (!set[i])
			el[i] = el[n - 1];
	for (uint32_t i = 0; vi && i < vi->vertexBindingDescriptionCount; i++) {
		const VkVertexInputBindingDescription *b = &vi->pVertexBindingDescriptions[i];

		if (b->binding < VVK_MAX_VERTEX_BUFFERS) {
			p->vb_strides[b->binding] = b->stride;
			p->nr_vbs = VVK_MAX(p->nr_vbs, b->binding + 1);
		}
	}
	vdrm_cs_init(&tmp);
	vdrm_encode_create_vertex_elements(&tmp, &(struct vdrm_cmd_create_vertex_elements){
		.elems = el, .count = n });
	p->vertex_elements = vvk_object_cache_acquire_cs(dev, &tmp);
}

/* VkPrimitiveTopology -> PIPE_PRIM_* */
static uint32_t prim(VkPrimitiveTopology t)
{
	static const uint8_t map[] = { 0, 1, 3, 4, 5, 6, 10, 11, 12, 13, 14 };

	return (unsigned)t < VVK_ARRAY_SIZE(map) ? map[t] : 4;
}

/* The count (1 without a viewport state: rasterization discarded), and the
 * static viewports and scissors where the pipeline has them. */
static void viewport_state(struct vvk_pipeline *p, const VkPipelineViewportStateCreateInfo *vp)
{
	p->nr_viewports = vp ? VVK_MIN(VVK_MAX(vp->viewportCount, 1u), VVK_MAX_VIEWPORTS) : 1;
	if (vp && vp->pViewports)
		memcpy(p->viewports, vp->pViewports, p->nr_viewports * sizeof(VkViewport));
	if (vp && vp->pScissors)
		memcpy(p->scissors, vp->pScissors, p->nr_viewports * sizeof(VkRect2D));
}

static void static_state(struct vvk_pipeline *p, const VkGraphicsPipelineCreateInfo *ci)
{
	const VkPipelineDynamicStateCreateInfo *dyn = ci->pDynamicState;

	for (uint32_t i = 0; dyn && i < dyn->dynamicStateCount; i++) {
		switch (dyn->pDynamicStates[i]) {
		case VK_DYNAMIC_STATE_VIEWPORT:
			p->dynamic |= VVK_DYNAMIC_VIEWPORT;
			break;
		case VK_DYNAMIC_STATE_SCISSOR:
			p->dynamic |= VVK_DYNAMIC_SCISSOR;
			break;
		case VK_DYNAMIC_STATE_BLEND_CONSTANTS:
			p->dynamic |= VVK_DYNAMIC_BLEND_CONSTANTS;
			break;
		case VK_DYNAMIC_STATE_STENCIL_REFERENCE:
			p->dynamic |= VVK_DYNAMIC_STENCIL_REFERENCE;
			break;
		default:
			break;
		}
	}
	viewport_state(p, ci->pViewportState);
	p->prim = prim(ci->pInputAssemblyState->topology);
	if (ci->pTessellationState)
		p->patch_vertices = ci->pTessellationState->patchControlPoints;
	p->restart = ci->pInputAssemblyState->primitiveRestartEnable;
}

/* Sample mask and sample shading: dynamic values of the host, sent at bind. */
static void multisample_values(struct vvk_pipeline *p,
			       const VkPipelineMultisampleStateCreateInfo *ms)
{
	p->sample_mask = UINT32_MAX;
	p->min_samples = 1;
	if (!multisampled(ms))
		return;
	if (ms->pSampleMask)
		p->sample_mask = ms->pSampleMask[0];
	if (ms->sampleShadingEnable) {
		/* ceil(minSampleShading * samples), without libm */
		float want = ms->minSampleShading * (float)ms->rasterizationSamples;
		uint32_t n = (uint32_t)want;

		p->min_samples = VVK_MAX(n + ((float)n < want), 1u);
	}
}

/* VK_EXT_depth_clip_control: GL's clip volume, -w <= z <= w */
static bool negative_one_to_one(const VkPipelineViewportStateCreateInfo *vp)
{
	const VkPipelineViewportDepthClipControlCreateInfoEXT *dcc =
		vp ? vvk_find_struct(vp->pNext,
				     VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_DEPTH_CLIP_CONTROL_CREATE_INFO_EXT)
		   : NULL;

	return dcc && dcc->negativeOneToOne;
}

void vvk_pipeline_create_states(struct vvk_device *dev, struct vvk_pipeline *p,
				const VkGraphicsPipelineCreateInfo *ci)
{
	static const VkPipelineRasterizationStateCreateInfo no_raster = {
		.rasterizerDiscardEnable = VK_TRUE, .lineWidth = 1.0f,
	};
	const VkPipelineMultisampleStateCreateInfo *ms =
		ci->pRasterizationState && !ci->pRasterizationState->rasterizerDiscardEnable
			? ci->pMultisampleState : NULL;

	create_blend(dev, p, ci->pColorBlendState, ms);
	create_dsa(dev, p, ci->pDepthStencilState);
	p->gl_z = negative_one_to_one(ci->pViewportState);
	create_rasterizer(dev, p, ci->pRasterizationState ? ci->pRasterizationState : &no_raster,
			  ms);
	multisample_values(p, ms);
	create_vertex_elements(dev, p, ci->pVertexInputState);
	static_state(p, ci);
}
