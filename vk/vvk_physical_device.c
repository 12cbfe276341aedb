/* SPDX-License-Identifier: MIT */
/*
 * What the physical device reports: limits and format features are read
 * from the host's caps, so nothing is advertised that the host would reject
 * (the host drops a vtest client on bad input).
 */
#include <stdio.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <xf86drm.h>

#include "vdrm_format.h"
#include "vdrm_query.h"
#include "vvk_format.h"
#include "vvk_instance.h"

#define VVK_HEAP_SIZE (UINT64_C(2) << 30)
#define VVK_MAX_ALLOCATION (UINT64_C(1) << 30)

static uint32_t or_default(uint32_t v, uint32_t def)
{
	return v ? v : def;
}

/* 1 and every power of two up to the host's GL_MAX_SAMPLES (the flag bits are the counts). */
VkSampleCountFlags vvk_physical_device_sample_counts(const struct vvk_physical_device *pdev)
{
	VkSampleCountFlags f = VK_SAMPLE_COUNT_1_BIT;

	for (uint32_t n = 2; n <= pdev->caps->max_samples && n <= VK_SAMPLE_COUNT_16_BIT; n <<= 1)
		f |= n;
	return f;
}

static void sample_limits(const struct vvk_physical_device *pdev, VkPhysicalDeviceLimits *l)
{
	VkSampleCountFlags counts = vvk_physical_device_sample_counts(pdev);

	l->framebufferColorSampleCounts = counts;
	l->framebufferDepthSampleCounts = counts;
	l->framebufferStencilSampleCounts = counts;
	/* rendering without attachments needs SET_FRAMEBUFFER_STATE_NO_ATTACH */
	l->framebufferNoAttachmentsSampleCounts =
		pdev->caps->capability_bits & VDRM_CAP_FB_NO_ATTACH ? counts : 0;
	l->sampledImageColorSampleCounts = counts;
	l->sampledImageIntegerSampleCounts = counts;
	l->sampledImageDepthSampleCounts = counts;
	l->sampledImageStencilSampleCounts = counts;
	/* multisample storage images are not offered: no image view path for them */
	l->storageImageSampleCounts = VK_SAMPLE_COUNT_1_BIT;
}

static void image_limits(const struct vdrm_caps *c, VkPhysicalDeviceLimits *l)
{
	l->maxImageDimension1D = or_default(c->max_texture_2d_size, 16384);
	l->maxImageDimension2D = l->maxImageDimension1D;
	l->maxImageDimension3D = or_default(c->max_texture_3d_size, 2048);
	l->maxImageDimensionCube = or_default(c->max_texture_cube_size, 16384);
	l->maxImageArrayLayers = or_default(c->max_texture_array_layers, 256);
	l->maxFramebufferWidth = l->maxImageDimension2D;
	l->maxFramebufferHeight = l->maxImageDimension2D;
	l->maxFramebufferLayers = l->maxImageArrayLayers;
	l->maxViewports = 1; /* or more: vvk_physical_device_init_properties */
	l->maxViewportDimensions[0] = l->maxImageDimension2D;
	l->maxViewportDimensions[1] = l->maxImageDimension2D;
	l->viewportBoundsRange[0] = -2.0f * (float)l->maxImageDimension2D;
	l->viewportBoundsRange[1] = 2.0f * (float)l->maxImageDimension2D;
	l->maxColorAttachments = VVK_MIN(or_default(c->max_render_targets, 1),
					 VVK_MAX_COLOR_ATTACHMENTS);
	l->maxFragmentOutputAttachments = l->maxColorAttachments;
	l->maxSamplerLodBias = c->max_texture_lod_bias;
	l->maxSamplerAnisotropy = c->max_anisotropy > 1.0f ? c->max_anisotropy : 1.0f;
	l->maxTexelOffset = (uint32_t)c->max_texel_offset;
	l->minTexelOffset = c->min_texel_offset;
	l->minTexelGatherOffset = c->min_texture_gather_offset;
	l->maxTexelGatherOffset = (uint32_t)VVK_MAX(c->max_texture_gather_offset, 0);
}

static void descriptor_limits(const struct vdrm_caps *c, VkPhysicalDeviceLimits *l)
{
	uint32_t ubos = c->max_uniform_blocks > 1 ? c->max_uniform_blocks - 1 : 0;

	l->maxBoundDescriptorSets = VVK_MAX_SETS;
	l->maxPerStageDescriptorUniformBuffers = VVK_MIN(ubos, VVK_MAX_UBO_SLOTS - 1);
	l->maxPerStageDescriptorSamplers = VVK_MIN(or_default(c->max_texture_image_units, 16),
						   VVK_MAX_SAMPLER_SLOTS);
	l->maxPerStageDescriptorSampledImages = l->maxPerStageDescriptorSamplers;
	l->maxPerStageDescriptorStorageBuffers = VVK_MIN(c->max_shader_buffer_frag_compute,
							 VVK_MAX_SSBO_SLOTS);
	l->maxPerStageDescriptorStorageImages = VVK_MIN(c->max_shader_image_frag_compute,
							VVK_MAX_IMAGE_SLOTS);
	l->maxPerStageDescriptorInputAttachments = 0;
	l->maxPerStageResources = 128;
	l->maxDescriptorSetUniformBuffers = l->maxPerStageDescriptorUniformBuffers;
	l->maxDescriptorSetUniformBuffersDynamic = l->maxPerStageDescriptorUniformBuffers;
	l->maxDescriptorSetStorageBuffers = l->maxPerStageDescriptorStorageBuffers;
	l->maxDescriptorSetStorageBuffersDynamic = l->maxPerStageDescriptorStorageBuffers;
	l->maxDescriptorSetSamplers = l->maxPerStageDescriptorSamplers;
	l->maxDescriptorSetSampledImages = l->maxPerStageDescriptorSampledImages;
	l->maxDescriptorSetStorageImages = l->maxPerStageDescriptorStorageImages;
	l->maxUniformBufferRange = or_default(c->max_uniform_block_size, 65536);
	l->maxStorageBufferRange = 1u << 27;
	l->maxPushConstantsSize = VVK_MAX_PUSH_CONSTANTS;
	l->minUniformBufferOffsetAlignment = or_default(c->uniform_buffer_offset_alignment, 256);
	l->minStorageBufferOffsetAlignment = or_default(c->shader_buffer_offset_alignment, 256);
	l->minTexelBufferOffsetAlignment = or_default(c->texture_buffer_offset_alignment, 256);
	l->maxTexelBufferElements = c->max_tbo_size;
}

/* A host without compute shaders reports zero compute limits, whatever
 * its caps' compute fields hold: the layer above decides from them whether
 * it may offer compute at all. */
static void compute_limits(const struct vdrm_caps *c, VkPhysicalDeviceLimits *l)
{
	if (!(c->capability_bits & VDRM_CAP_COMPUTE_SHADER))
		return;
	l->maxComputeSharedMemorySize = c->max_compute_shared_memory_size;
	l->maxComputeWorkGroupInvocations = c->max_compute_work_group_invocations;
	for (int i = 0; i < 3; i++) {
		l->maxComputeWorkGroupCount[i] = c->max_compute_grid_size[i];
		l->maxComputeWorkGroupSize[i] = c->max_compute_block_size[i];
	}
}

static void stage_limits(const struct vdrm_caps *c, VkPhysicalDeviceLimits *l)
{
	l->maxVertexInputAttributes = VVK_MIN(or_default(c->max_vertex_attribs, 16),
					      VVK_MAX_VERTEX_ATTRIBS);
	l->maxVertexInputBindings = VVK_MAX_VERTEX_BUFFERS;
	l->maxVertexInputAttributeOffset = 2047;
	l->maxVertexInputBindingStride = or_default(c->max_vertex_attrib_stride, 2048);
	l->maxVertexOutputComponents = or_default(c->max_vertex_outputs, 16) * 4;
	l->maxFragmentInputComponents = l->maxVertexOutputComponents;
	l->maxFragmentCombinedOutputResources = l->maxColorAttachments + 8;
	compute_limits(c, l);
	l->maxDrawIndexedIndexValue = UINT32_MAX;
	/* virgl's has_indirect_draw (bset bit 25): the host runs DRAW_VBO's
	 * indirect form; 0 here (below Vulkan's minimum) says it cannot */
	l->maxDrawIndirectCount = (c->bset & (1u << 25)) ? 1 : 0;
	l->subPixelPrecisionBits = 4;
	l->subTexelPrecisionBits = 4;
	l->mipmapPrecisionBits = 4;
	/* gallium's 8 clip planes, which cull distances share: virgl has no
	 * limit of its own; has_cull (bset bit 27) is ARB_cull_distance */
	l->maxClipDistances = 8;
	l->maxCullDistances = (c->bset & (1u << 27)) ? 8 : 0;
	l->maxCombinedClipAndCullDistances = 8;
	l->pointSizeRange[0] = or_default((uint32_t)c->min_aliased_point_size, 1);
	l->pointSizeRange[1] = c->max_aliased_point_size > 1.0f ? c->max_aliased_point_size : 1.0f;
	l->lineWidthRange[0] = 1.0f;
	l->lineWidthRange[1] = c->max_aliased_line_width > 1.0f ? c->max_aliased_line_width : 1.0f;
	l->pointSizeGranularity = 1.0f;
	l->lineWidthGranularity = 1.0f;
}

static void memory_limits(VkPhysicalDeviceLimits *l, bool timer)
{
	l->maxMemoryAllocationCount = 4096;
	l->maxSamplerAllocationCount = 4000;
	l->bufferImageGranularity = 1;
	l->sparseAddressSpaceSize = 0;
	l->minMemoryMapAlignment = 64;
	l->nonCoherentAtomSize = 64;
	l->optimalBufferCopyOffsetAlignment = 4;
	l->optimalBufferCopyRowPitchAlignment = 4;
	l->timestampComputeAndGraphics = timer;
	l->timestampPeriod = 1.0f;
	l->discreteQueuePriorities = 2;
	l->standardSampleLocations = VK_FALSE;
	l->strictLines = VK_FALSE;
}

void vvk_physical_device_init_properties(struct vvk_physical_device *pdev)
{
	VkPhysicalDeviceProperties *p = &pdev->props;
	const struct vdrm_caps *c = pdev->caps;

	p->apiVersion = VK_API_VERSION_1_3;
	p->driverVersion = VK_MAKE_VERSION(0, 1, 0);
	p->vendorID = 0x1af4; /* virtio */
	p->deviceID = 0x1050; /* virtio-gpu */
	p->deviceType = VK_PHYSICAL_DEVICE_TYPE_VIRTUAL_GPU;
	snprintf(p->deviceName, sizeof(p->deviceName), "virtgl on %s (%s)",
		 c->renderer[0] ? c->renderer : "virgl",
		 vdrm_device_transport_name(pdev->vdrm));
	image_limits(c, &p->limits);
	p->limits.maxViewports = vvk_physical_device_max_viewports(pdev);
	sample_limits(pdev, &p->limits);
	descriptor_limits(c, &p->limits);
	stage_limits(c, &p->limits);
	memory_limits(&p->limits, vdrm_caps_has_timer_query(c));
}

void vvk_GetPhysicalDeviceProperties(VkPhysicalDevice physicalDevice, VkPhysicalDeviceProperties *p)
{
	*p = vvk_physical_device_from_handle(physicalDevice)->props;
}

/* VK_EXT_physical_device_drm: the DRM nodes (none on vtest, which is also
 * how callers tell that images cannot be shared as dma-bufs). */
static void drm_properties(struct vvk_physical_device *pdev, VkPhysicalDeviceDrmPropertiesEXT *p)
{
	uint64_t primary = 0, render = 0;

	vdrm_device_drm_nodes(pdev->vdrm, &primary, &render);
	p->hasPrimary = primary != 0;
	p->hasRender = render != 0;
	p->primaryMajor = (int64_t)(primary >> 32);
	p->primaryMinor = (int64_t)(primary & 0xffffffffu);
	p->renderMajor = (int64_t)(render >> 32);
	p->renderMinor = (int64_t)(render & 0xffffffffu);
}

/* Stream output as the host offers it: one stream, its buffers (at most
 * the four GL names), 64 captured components (PIPE_MAX_SO_OUTPUTS). */
static void xfb_properties(const struct vvk_physical_device *pdev,
			   VkPhysicalDeviceTransformFeedbackPropertiesEXT *x)
{
	uint32_t buffers = VVK_MIN(pdev->caps->max_streamout_buffers, VVK_MAX_STREAM_OUTPUT_BUFFERS);

	x->maxTransformFeedbackStreams = buffers ? 1 : 0;
	x->maxTransformFeedbackBuffers = buffers;
	x->maxTransformFeedbackBufferSize = UINT32_MAX;
	x->maxTransformFeedbackStreamDataSize = VVK_MAX_STREAM_OUTPUT_ENTRIES * 4;
	x->maxTransformFeedbackBufferDataSize = VVK_MAX_STREAM_OUTPUT_ENTRIES * 4;
	x->maxTransformFeedbackBufferDataStride = VVK_MAX_STREAM_OUTPUT_ENTRIES * 4;
	x->transformFeedbackQueries = buffers ? VK_TRUE : VK_FALSE;
	x->transformFeedbackStreamsLinesTriangles = VK_FALSE;
	x->transformFeedbackRasterizationStreamSelect = VK_FALSE;
	x->transformFeedbackDraw = VK_FALSE;
}

/* The other stages' storage slots (virgl's *_other_stages), within the
 * slot tables; the combined count the host gives, else the per-stage one. */
static void stage_storage_properties(const struct vvk_physical_device *pdev,
				     struct vvk_physical_device_stage_storage_properties *s)
{
	const struct vdrm_caps *c = pdev->caps;
	uint32_t per_stage = VVK_MIN(c->max_shader_buffer_frag_compute, VVK_MAX_SSBO_SLOTS);

	s->maxVertexPipelineStorageBuffers = VVK_MIN(c->max_shader_buffer_other_stages,
						     VVK_MAX_SSBO_SLOTS);
	s->maxVertexPipelineStorageImages = VVK_MIN(c->max_shader_image_other_stages,
						    VVK_MAX_IMAGE_SLOTS);
	s->maxCombinedStorageBuffers = c->max_combined_shader_buffers ? c->max_combined_shader_buffers
								      : per_stage;
}

/* KHR_blend_equation_advanced's 15 ops on attachment 0 only, premultiplied,
 * uncorrelated; none where neither the shader nor the host can blend by
 * them (vk/vvk_pipeline.c refuses them there). */
static void advanced_blend_properties(const struct vvk_physical_device *pdev,
				      VkPhysicalDeviceBlendOperationAdvancedPropertiesEXT *ba)
{
	ba->advancedBlendMaxColorAttachments = pdev->advanced_blend != VVK_ADVANCED_BLEND_NONE;
	ba->advancedBlendIndependentBlend = VK_FALSE;
	ba->advancedBlendNonPremultipliedSrcColor = VK_FALSE;
	ba->advancedBlendNonPremultipliedDstColor = VK_FALSE;
	ba->advancedBlendCorrelatedOverlap = VK_FALSE;
	ba->advancedBlendAllOperations = VK_FALSE;
}

void vvk_GetPhysicalDeviceProperties2(VkPhysicalDevice physicalDevice,
				      VkPhysicalDeviceProperties2 *p)
{
	struct vvk_physical_device_stage_storage_properties *storage = (void *)vvk_find_struct(
		p->pNext, VVK_STRUCTURE_TYPE_PHYSICAL_DEVICE_STAGE_STORAGE_PROPERTIES);
	VkPhysicalDeviceTransformFeedbackPropertiesEXT *xfb = (void *)vvk_find_struct(
		p->pNext, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TRANSFORM_FEEDBACK_PROPERTIES_EXT);
	VkPhysicalDeviceTimelineSemaphoreProperties *tl = (void *)vvk_find_struct(
		p->pNext, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_TIMELINE_SEMAPHORE_PROPERTIES);
	VkPhysicalDeviceDrmPropertiesEXT *drm = (void *)vvk_find_struct(
		p->pNext, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DRM_PROPERTIES_EXT);
	VkPhysicalDeviceBlendOperationAdvancedPropertiesEXT *ba = (void *)vvk_find_struct(
		p->pNext, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BLEND_OPERATION_ADVANCED_PROPERTIES_EXT);

	vvk_GetPhysicalDeviceProperties(physicalDevice, &p->properties);
	if (ba)
		advanced_blend_properties(vvk_physical_device_from_handle(physicalDevice), ba);
	if (tl)
		tl->maxTimelineSemaphoreValueDifference = UINT64_MAX;
	if (drm)
		drm_properties(vvk_physical_device_from_handle(physicalDevice), drm);
	if (xfb)
		xfb_properties(vvk_physical_device_from_handle(physicalDevice), xfb);
	if (storage)
		stage_storage_properties(vvk_physical_device_from_handle(physicalDevice), storage);
}

void vvk_GetPhysicalDeviceFeatures(VkPhysicalDevice physicalDevice, VkPhysicalDeviceFeatures *f)
{
	struct vvk_physical_device *pdev = vvk_physical_device_from_handle(physicalDevice);
	const struct vdrm_caps *c = pdev->caps;

	memset(f, 0, sizeof(*f));
	/* Vulkan's covers enables, masks and functions: virgl's
	 * indep_blend_enable (bit 0) and indep_blend_func (bit 1) */
	f->independentBlend = (c->bset & 3u) == 3u;
	f->fullDrawIndexUint32 = VK_TRUE;
	f->imageCubeArray = (c->bset & (1u << 2)) != 0;
	f->depthClamp = (c->bset & (1u << 16)) != 0;
	f->depthBiasClamp = (c->bset & (1u << 30)) != 0;
	f->fillModeNonSolid = VK_TRUE;
	/* per-sample shading: virgl's has_sample_shading (bit 26), and the
	 * command that sets the minimum (sampleShadingEnable's) */
	f->sampleRateShading = (c->bset & (1u << 26)) &&
			       (c->capability_bits & VDRM_CAP_SET_MIN_SAMPLES);
	f->geometryShader = vvk_physical_device_has_geometry(pdev);
	f->multiViewport = vvk_physical_device_max_viewports(pdev) > 1;
	/* non-constant and four-offset gathers, sampler arrays indexed with
	 * dynamically uniform values (the compiler's ADDR-indexed SAMP) */
	f->shaderImageGatherExtended = vvk_physical_device_has_gpu_shader5(pdev);
	f->shaderSampledImageArrayDynamicIndexing = f->shaderImageGatherExtended;
	/* block arrays likewise: CONST and BUFFER with an ADDR-indexed slot */
	f->shaderUniformBufferArrayDynamicIndexing = f->shaderImageGatherExtended;
	f->shaderStorageBufferArrayDynamicIndexing = f->shaderImageGatherExtended;
	f->tessellationShader = vvk_physical_device_has_tessellation(pdev);
	f->largePoints = c->max_aliased_point_size > 1.0f;
	f->wideLines = c->max_aliased_line_width > 1.0f;
	f->samplerAnisotropy = c->max_anisotropy > 1.0f;
	f->fragmentStoresAndAtomics = c->max_shader_buffer_frag_compute > 0;
	f->vertexPipelineStoresAndAtomics = c->max_shader_buffer_other_stages > 0;
	f->shaderClipDistance = VK_TRUE;
	f->shaderCullDistance = (c->bset & (1u << 27)) != 0;
	f->dualSrcBlend = c->max_dual_source_render_targets > 0;
	/* without sample counts the host answers any-passed, scaled up */
	f->occlusionQueryPrecise = vdrm_caps_has_occlusion_query(c);
}

/* virgl's sampler state carries any border colour as raw dwords; a GLES
 * host renderer has no border clamping to give them to before ES 3.2 */
static void custom_border_features(const struct vvk_physical_device *pdev,
				   VkPhysicalDeviceCustomBorderColorFeaturesEXT *cb)
{
	VkBool32 on = !(pdev->caps->capability_bits & VDRM_CAP_HOST_IS_GLES);

	cb->customBorderColors = on;
	cb->customBorderColorWithoutFormat = on;
}

void vvk_GetPhysicalDeviceFeatures2(VkPhysicalDevice physicalDevice, VkPhysicalDeviceFeatures2 *f)
{
	VkPhysicalDeviceVulkan12Features *v12 = (void *)vvk_find_struct(
		f->pNext, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_2_FEATURES);
	VkPhysicalDeviceVulkan13Features *v13 = (void *)vvk_find_struct(
		f->pNext, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_1_3_FEATURES);
	VkPhysicalDeviceCustomBorderColorFeaturesEXT *cb = (void *)vvk_find_struct(
		f->pNext, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT);
	VkPhysicalDeviceDepthClipControlFeaturesEXT *dcc = (void *)vvk_find_struct(
		f->pNext, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_DEPTH_CLIP_CONTROL_FEATURES_EXT);
	VkPhysicalDeviceBlendOperationAdvancedFeaturesEXT *ba = (void *)vvk_find_struct(
		f->pNext, VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BLEND_OPERATION_ADVANCED_FEATURES_EXT);

	vvk_GetPhysicalDeviceFeatures(physicalDevice, &f->features);
	if (dcc) /* the rasterizer's clip_halfz, off (vvk_pipeline_state.c) */
		dcc->depthClipControl = VK_TRUE;
	if (v12)
		v12->timelineSemaphore = VK_TRUE;
	if (v13) {
		v13->dynamicRendering = VK_TRUE;
		v13->synchronization2 = VK_TRUE;
	}
	if (cb)
		custom_border_features(vvk_physical_device_from_handle(physicalDevice), cb);
	/* the fragment shader blends through framebuffer fetch (vc_tgsi_blend.c),
	 * coherent: EXT_shader_framebuffer_fetch, as virglrenderer uses it, is
	 * coherent. The host's own blending may not be, and the guest cannot
	 * tell. */
	if (ba)
		ba->advancedBlendCoherentOperations =
			vvk_physical_device_from_handle(physicalDevice)->advanced_blend ==
			VVK_ADVANCED_BLEND_SHADER;
}

/* ---- formats ------------------------------------------------------------------- */

static VkFormatFeatureFlags colour_features(uint32_t usage, uint32_t flags)
{
	VkFormatFeatureFlags f = 0;

	/* the host's transfers write any texture it samples (glTexSubImage
	 * there): buffer copies into sample-only formats (RGB9_E5) work */
	if (usage & VDRM_FORMAT_SAMPLE) {
		f |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT | VK_FORMAT_FEATURE_TRANSFER_SRC_BIT |
		     VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT;
		if (!(flags & VDRM_FMT_INTEGER))
			f |= VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;
	}
	/* clears and blits into an image go through a render surface */
	if ((usage & VDRM_FORMAT_SAMPLE) && (usage & VDRM_FORMAT_RENDER)) {
		f |= VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT;
		if (!(flags & VDRM_FMT_INTEGER))
			f |= VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT;
		if (!(flags & VDRM_FMT_SRGB))
			f |= VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT;
	}
	return f;
}

static VkFormatFeatureFlags depth_features(uint32_t usage)
{
	if (!(usage & VDRM_FORMAT_DEPTH_STENCIL))
		return 0;
	return VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT | VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
	       VK_FORMAT_FEATURE_TRANSFER_SRC_BIT | VK_FORMAT_FEATURE_TRANSFER_DST_BIT |
	       VK_FORMAT_FEATURE_BLIT_SRC_BIT | VK_FORMAT_FEATURE_BLIT_DST_BIT;
}

/* Texel buffers need the host's texture buffers (max_tbo_size > 0) and a TBO format. */
static VkFormatFeatureFlags buffer_features(const struct vvk_physical_device *pdev,
					   VkFormat format, uint32_t flags, uint32_t usage)
{
	VkFormatFeatureFlags f = (flags & VDRM_FMT_VERTEX) ? VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT : 0;

	if (!pdev->caps->max_tbo_size)
		return f;
	if ((usage & VDRM_FORMAT_SAMPLE) && vvk_format_is_texel_buffer(format, false))
		f |= VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT;
	if (vvk_format_is_texel_buffer(format, true) && pdev->caps->max_shader_image_frag_compute)
		f |= VK_FORMAT_FEATURE_STORAGE_TEXEL_BUFFER_BIT;
	return f;
}

void vvk_GetPhysicalDeviceFormatProperties(VkPhysicalDevice physicalDevice, VkFormat format,
					   VkFormatProperties *p)
{
	struct vvk_physical_device *pdev = vvk_physical_device_from_handle(physicalDevice);
	const struct vdrm_format_desc *d = vdrm_format_describe(vvk_format_to_virgl(format));
	uint32_t usage = vvk_physical_device_format_usage(pdev, format);

	memset(p, 0, sizeof(*p));
	if (!d)
		return;
	if (d->flags & (VDRM_FMT_DEPTH | VDRM_FMT_STENCIL))
		p->optimalTilingFeatures = depth_features(usage);
	else
		p->optimalTilingFeatures = colour_features(usage, d->flags);
	/* linear images are not offered: the host owns every texture's layout */
	p->linearTilingFeatures = 0;
	p->bufferFeatures = buffer_features(pdev, format, d->flags, usage);
}

static bool usage_supported(VkFormatFeatureFlags f, VkImageUsageFlags usage)
{
	static const struct { VkImageUsageFlags u; VkFormatFeatureFlags f; } need[] = {
		{ VK_IMAGE_USAGE_SAMPLED_BIT, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT },
		{ VK_IMAGE_USAGE_STORAGE_BIT, VK_FORMAT_FEATURE_STORAGE_IMAGE_BIT },
		{ VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT, VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT },
		{ VK_IMAGE_USAGE_DEPTH_STENCIL_ATTACHMENT_BIT,
		  VK_FORMAT_FEATURE_DEPTH_STENCIL_ATTACHMENT_BIT },
		{ VK_IMAGE_USAGE_TRANSFER_SRC_BIT, VK_FORMAT_FEATURE_TRANSFER_SRC_BIT },
		{ VK_IMAGE_USAGE_TRANSFER_DST_BIT, VK_FORMAT_FEATURE_TRANSFER_DST_BIT },
	};

	for (size_t i = 0; i < VVK_ARRAY_SIZE(need); i++)
		if ((usage & need[i].u) && !(f & need[i].f))
			return false;
	return true;
}

/*
 * The host makes multisample textures 2D or 2D_ARRAY only, of the formats in
 * its multisample mask (valid from host_feature_check_version 9, as Mesa
 * reads it); multisample storage images are not offered.
 */
static VkSampleCountFlags image_sample_counts(const struct vvk_physical_device *pdev,
					      VkFormat format, VkImageType type,
					      VkImageUsageFlags usage, VkImageCreateFlags flags)
{
	if (type != VK_IMAGE_TYPE_2D || (flags & VK_IMAGE_CREATE_CUBE_COMPATIBLE_BIT) ||
	    (usage & VK_IMAGE_USAGE_STORAGE_BIT) || pdev->caps->host_feature_check_version < 9 ||
	    !(vvk_physical_device_format_usage(pdev, format) & VDRM_FORMAT_MULTISAMPLE))
		return VK_SAMPLE_COUNT_1_BIT;
	return vvk_physical_device_sample_counts(pdev);
}

VkResult vvk_GetPhysicalDeviceImageFormatProperties(VkPhysicalDevice physicalDevice,
						    VkFormat format, VkImageType type,
						    VkImageTiling tiling, VkImageUsageFlags usage,
						    VkImageCreateFlags flags,
						    VkImageFormatProperties *p)
{
	struct vvk_physical_device *pdev = vvk_physical_device_from_handle(physicalDevice);
	const VkPhysicalDeviceLimits *l = &pdev->props.limits;
	VkFormatProperties fp;
	uint32_t max_dim;

	memset(p, 0, sizeof(*p));
	vvk_GetPhysicalDeviceFormatProperties(physicalDevice, format, &fp);
	if (tiling != VK_IMAGE_TILING_OPTIMAL || !usage_supported(fp.optimalTilingFeatures, usage))
		return VK_ERROR_FORMAT_NOT_SUPPORTED;
	max_dim = type == VK_IMAGE_TYPE_3D ? l->maxImageDimension3D : l->maxImageDimension2D;
	p->maxExtent.width = max_dim;
	p->maxExtent.height = type == VK_IMAGE_TYPE_1D ? 1 : max_dim;
	p->maxExtent.depth = type == VK_IMAGE_TYPE_3D ? max_dim : 1;
	for (p->maxMipLevels = 1; (max_dim >> p->maxMipLevels) > 0; p->maxMipLevels++)
		;
	p->maxArrayLayers = type == VK_IMAGE_TYPE_3D ? 1 : l->maxImageArrayLayers;
	p->sampleCounts = image_sample_counts(pdev, format, type, usage, flags);
	p->maxResourceSize = VDRM_RESOURCE_MAX_BACKING;
	return VK_SUCCESS;
}

void vvk_GetPhysicalDeviceMemoryProperties(VkPhysicalDevice physicalDevice,
					   VkPhysicalDeviceMemoryProperties *p)
{
	(void)physicalDevice;
	memset(p, 0, sizeof(*p));
	p->memoryHeapCount = 1;
	p->memoryHeaps[0].size = VVK_HEAP_SIZE;
	p->memoryHeaps[0].flags = VK_MEMORY_HEAP_DEVICE_LOCAL_BIT;
	p->memoryTypeCount = 2;
	p->memoryTypes[0].propertyFlags = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT;
	/* cached, not coherent: flush uploads, invalidate downloads */
	p->memoryTypes[1].propertyFlags = VK_MEMORY_PROPERTY_DEVICE_LOCAL_BIT |
					  VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT |
					  VK_MEMORY_PROPERTY_HOST_CACHED_BIT;
}

void vvk_GetPhysicalDeviceQueueFamilyProperties(VkPhysicalDevice physicalDevice,
						uint32_t *pCount, VkQueueFamilyProperties *p)
{
	struct vvk_physical_device *pdev = vvk_physical_device_from_handle(physicalDevice);

	if (!p) {
		*pCount = 1;
		return;
	}
	if (*pCount < 1)
		return;
	*pCount = 1;
	p[0] = (VkQueueFamilyProperties){
		.queueFlags = VK_QUEUE_GRAPHICS_BIT | VK_QUEUE_COMPUTE_BIT | VK_QUEUE_TRANSFER_BIT,
		.queueCount = 1,
		/* the host's GL_TIMESTAMP: 64-bit nanoseconds */
		.timestampValidBits = vdrm_caps_has_timer_query(pdev->caps) ? 64 : 0,
		.minImageTransferGranularity = { 1, 1, 1 },
	};
}
