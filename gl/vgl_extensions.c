/* SPDX-License-Identifier: MIT */
/* The extension table (vgl_extensions.h). */
#include "vgl_extensions.h"

#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_framebuffer.h"
#include "vgl_image_unit.h"
#include "vgl_renderbuffer.h"

#define N(a) (sizeof(a) / sizeof((a)[0]))

static const VkFormat float32[] = { VK_FORMAT_R32_SFLOAT, VK_FORMAT_R32G32_SFLOAT,
				    VK_FORMAT_R32G32B32A32_SFLOAT };
static const VkFormat float16[] = { VK_FORMAT_R16_SFLOAT, VK_FORMAT_R16G16_SFLOAT,
				    VK_FORMAT_R16G16B16A16_SFLOAT };
static const VkFormat half_vertex[] = { VK_FORMAT_R16_SFLOAT, VK_FORMAT_R16G16_SFLOAT,
					VK_FORMAT_R16G16B16_SFLOAT,
					VK_FORMAT_R16G16B16A16_SFLOAT };

/* Whether every format has the features, as images (optimal tiling) or as
 * vertex buffers. */
static bool all_have(const struct vgl_context *ctx, const VkFormat *f, size_t n, bool buffer,
		     VkFormatFeatureFlags need)
{
	VkFormatProperties p;

	for (size_t i = 0; i < n; i++) {
		vvk_GetPhysicalDeviceFormatProperties(ctx->dev->pdev, f[i], &p);
		if (((buffer ? p.bufferFeatures : p.optimalTilingFeatures) & need) != need)
			return false;
	}
	return true;
}

static bool float_textures(const struct vgl_context *ctx)
{
	return all_have(ctx, float32, N(float32), false, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT);
}

static bool half_textures(const struct vgl_context *ctx)
{
	return all_have(ctx, float16, N(float16), false, VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT);
}

static bool float_linear(const struct vgl_context *ctx)
{
	return all_have(ctx, float32, N(float32), false,
			VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
			VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT);
}

static bool half_linear(const struct vgl_context *ctx)
{
	return all_have(ctx, float16, N(float16), false,
			VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
			VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT);
}

/* EXT_color_buffer_float (ES 3.0 only): the host renders every float
 * format it names (R11F_G11F_B10F included) */
static bool float_rendering(const struct vgl_context *ctx)
{
	return ctx->major >= 3 &&
	       all_have(ctx, float32, N(float32), false, VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT) &&
	       all_have(ctx, float16, N(float16), false, VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT) &&
	       all_have(ctx, &(const VkFormat){ VK_FORMAT_B10G11R11_UFLOAT_PACK32 }, 1, false,
			VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT);
}

/* EXT_float_blend: blending into the 32-bit float formats that
 * EXT_color_buffer_float renders to (16-bit ones blend with it already) */
static bool float_blending(const struct vgl_context *ctx)
{
	return float_rendering(ctx) &&
	       all_have(ctx, float32, N(float32), false, VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT);
}

/* EXT_texture_sRGB_R8 / _RG8 (ES 3.0): the host samples R8_SRGB / R8G8_SRGB */
static bool srgb_r8(const struct vgl_context *ctx)
{
	return ctx->major >= 3 && all_have(ctx, &(const VkFormat){ VK_FORMAT_R8_SRGB }, 1, false,
					   VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT);
}

static bool srgb_rg8(const struct vgl_context *ctx)
{
	return ctx->major >= 3 && all_have(ctx, &(const VkFormat){ VK_FORMAT_R8G8_SRGB }, 1, false,
					   VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT);
}

static bool half_vertices(const struct vgl_context *ctx)
{
	return all_have(ctx, half_vertex, N(half_vertex), true, VK_FORMAT_FEATURE_VERTEX_BUFFER_BIT);
}

/* the host filters anisotropically (its caps give a maximum above 1) */
static bool anisotropy(const struct vgl_context *ctx)
{
	return ctx->dev->props.limits.maxSamplerAnisotropy > 1.0f;
}

/* extensions of GLSL ES 3.00 shaders */
static bool es3(const struct vgl_context *ctx)
{
	return ctx->major >= 3;
}

/* the host runs timer queries: vk/ gives its queue timestamps then */
static bool timer_queries(const struct vgl_context *ctx)
{
	VkQueueFamilyProperties qf;
	uint32_t n = 1;

	vvk_GetPhysicalDeviceQueueFamilyProperties(ctx->dev->pdev, &n, &qf);
	return n == 1 && qf.timestampValidBits > 0;
}

static bool draw_buffers(const struct vgl_context *ctx)
{
	return vgl_framebuffer_max_draw_buffers(ctx) >= 4;
}

/* the host takes a sampler's own border colour (vk/'s VK_EXT_custom_border_color) */
static bool border_colours(const struct vgl_context *ctx)
{
	VkPhysicalDeviceCustomBorderColorFeaturesEXT cb = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_CUSTOM_BORDER_COLOR_FEATURES_EXT };
	VkPhysicalDeviceFeatures2 f = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
					.pNext = &cb };

	vvk_GetPhysicalDeviceFeatures2(ctx->dev->pdev, &f);
	return cb.customBorderColors && cb.customBorderColorWithoutFormat;
}

/* KHR_blend_equation_advanced (its layout qualifiers are GLSL ES 3.00's):
 * vk/ blends in the fragment shader where the host has framebuffer fetch,
 * or has the host blend where it has the equations but no fbfetch
 * (VK_EXT_blend_operation_advanced on one attachment) */
static bool advanced_blend(const struct vgl_context *ctx)
{
	VkPhysicalDeviceBlendOperationAdvancedPropertiesEXT ba = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BLEND_OPERATION_ADVANCED_PROPERTIES_EXT };
	VkPhysicalDeviceProperties2 p = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2,
					  .pNext = &ba };

	vvk_GetPhysicalDeviceProperties2(ctx->dev->pdev, &p);
	return ctx->major >= 3 && ba.advancedBlendMaxColorAttachments >= 1;
}

/* ..._coherent: only the fragment shader's blending, through the host's
 * coherent framebuffer fetch; the host's own may not be coherent, and the
 * guest cannot know. */
static bool advanced_blend_coherent(const struct vgl_context *ctx)
{
	VkPhysicalDeviceBlendOperationAdvancedFeaturesEXT ba = {
		.sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BLEND_OPERATION_ADVANCED_FEATURES_EXT };
	VkPhysicalDeviceFeatures2 f = { .sType = VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2,
					.pNext = &ba };

	vvk_GetPhysicalDeviceFeatures2(ctx->dev->pdev, &f);
	return advanced_blend(ctx) && ba.advancedBlendCoherentOperations;
}

/* EXT/OES_draw_buffers_indexed (ES 3.0): the host blends and masks each
 * render target its own way (vk/'s independentBlend: virgl's
 * indep_blend_enable and indep_blend_func caps) */
static bool indexed_blend(const struct vgl_context *ctx)
{
	VkPhysicalDeviceFeatures f;

	vvk_GetPhysicalDeviceFeatures(ctx->dev->pdev, &f);
	return ctx->major >= 3 && f.independentBlend;
}

/* glCopyImageSubData (ES 3.0 extensions): different formats copy through
 * the host's glCopyImageSubData, which virgl hosts have or lack
 * (vgl_copy_image.c) */
static bool copy_image(const struct vgl_context *ctx)
{
	return ctx->major >= 3 && vvk_physical_device_copies_between_formats(ctx->dev->pdev);
}

/* GL_TEXTURE_CUBE_MAP_ARRAY (ES 3.1 contexts) where the host samples cube
 * map arrays (vk/'s imageCubeArray feature, virgl's cube map array cap) */
static bool cube_map_arrays(const struct vgl_context *ctx)
{
	VkPhysicalDeviceFeatures f;

	vvk_GetPhysicalDeviceFeatures(ctx->dev->pdev, &f);
	return vgl_context_es31(ctx) && f.imageCubeArray;
}

/* GL_TEXTURE_BUFFER (ES 3.1 contexts) where the host has texture buffers:
 * vk/ gives texel-buffer features only for a host with max_tbo_size > 0 */
static bool texture_buffers(const struct vgl_context *ctx)
{
	VkFormatProperties p;

	vvk_GetPhysicalDeviceFormatProperties(ctx->dev->pdev, VK_FORMAT_R8G8B8A8_UNORM, &p);
	return vgl_context_es31(ctx) && ctx->dev->props.limits.maxTexelBufferElements &&
	       (p.bufferFeatures & VK_FORMAT_FEATURE_UNIFORM_TEXEL_BUFFER_BIT);
}

/* Geometry shaders (ES 3.1 contexts) where the host has them (vk/'s
 * geometryShader feature: GLSL 1.50 / ES 3.20 and the output vertex cap) */
static bool geometry_shaders(const struct vgl_context *ctx)
{
	VkPhysicalDeviceFeatures f;

	vvk_GetPhysicalDeviceFeatures(ctx->dev->pdev, &f);
	return vgl_context_es31(ctx) && f.geometryShader;
}

/* OES_viewport_array needs geometry shaders (to pick a viewport) and
 * GL_MAX_VIEWPORTS_OES >= 16: vk/'s maxViewports is the host's, 16 at most */
static bool viewport_array(const struct vgl_context *ctx)
{
	return geometry_shaders(ctx) && ctx->dev->props.limits.maxViewports >= VGL_MAX_VIEWPORTS;
}

/* Tessellation shaders (ES 3.1 contexts) where the host has them (vk/'s
 * tessellationShader feature: has_tessellation_shaders, GLSL 4.00 / ES 3.20) */
static bool tessellation_shaders(const struct vgl_context *ctx)
{
	VkPhysicalDeviceFeatures f;

	vvk_GetPhysicalDeviceFeatures(ctx->dev->pdev, &f);
	return vgl_context_es31(ctx) && f.tessellationShader;
}

/* EXT_clip_cull_distance (ES 3.0 contexts and later): clip distances
 * work on every virgl host, cull distances where it has ARB_cull_distance
 * (vk/'s maxCullDistances, 8 then). Not where the context has geometry or
 * tessellation shaders: the compiler has no gl_in[].gl_ClipDistance /
 * gl_CullDistance (nor gl_out[]'s) yet, which the extension gives them. */
static bool clip_cull_distance(const struct vgl_context *ctx)
{
	const VkPhysicalDeviceLimits *l = &ctx->dev->props.limits;

	return ctx->major >= 3 && l->maxClipDistances >= VGL_MAX_CLIP_DISTANCES &&
	       l->maxCullDistances >= VGL_MAX_CLIP_DISTANCES &&
	       l->maxCombinedClipAndCullDistances >= VGL_MAX_CLIP_DISTANCES &&
	       !geometry_shaders(ctx) && !tessellation_shaders(ctx);
}

/* sRGB textures read without decoding: a sampler view in the linear twin
 * format, which hosts with texture views make (virglrenderer then skips
 * the decode) */
static bool srgb_decode(const struct vgl_context *ctx)
{
	return ctx->major >= 3 && vvk_physical_device_views_other_formats(ctx->dev->pdev);
}

/* OES/EXT_texture_view require ES 3.1 */
static bool texture_view(const struct vgl_context *ctx)
{
	return vgl_context_es31(ctx) && vvk_physical_device_views_other_formats(ctx->dev->pdev);
}

/* glMinSampleShadingOES (ES 3.1 contexts) where the host shades per
 * sample: vk/'s sampleRateShading (virgl's sample shading bit and its
 * SET_MIN_SAMPLES command) */
static bool sample_shading(const struct vgl_context *ctx)
{
	VkPhysicalDeviceFeatures f;

	vvk_GetPhysicalDeviceFeatures(ctx->dev->pdev, &f);
	return vgl_context_es31(ctx) && f.sampleRateShading;
}

/* The sample variables where the host shades per sample and the compiler's
 * gl_MaxSamples (the device's attachment limit) is GL_MAX_SAMPLES (the
 * renderbuffer formats'): they differ only on a host that multisamples
 * some formats and not others. */
static bool sample_variables(const struct vgl_context *ctx)
{
	return sample_shading(ctx) &&
	       vgl_renderbuffer_max_samples(ctx) == ctx->dev->limits.max_samples;
}

/* GLSL ES 3.10 under GL_EXT_gpu_shader5 (the compiler's): sampler and
 * block arrays indexed with dynamically uniform values, gathers with
 * non-constant and four offsets, where the host has GLSL 4.00's features */
static bool gpu_shader5(const struct vgl_context *ctx)
{
	VkPhysicalDeviceFeatures f;

	vvk_GetPhysicalDeviceFeatures(ctx->dev->pdev, &f);
	return vgl_context_es31(ctx) && f.shaderImageGatherExtended &&
	       f.shaderSampledImageArrayDynamicIndexing && f.shaderUniformBufferArrayDynamicIndexing &&
	       f.shaderStorageBufferArrayDynamicIndexing;
}

/* The sample qualifier and interpolateAt* (TGSI's SAMPLE interpolation
 * and INTERP_* opcodes): where the host shades per sample and has GLSL
 * 4.00's interpolation functions. Mesa's virgl keys the extension on
 * ARB_gpu_shader5 (a GLSL 4.00 host); vk/ reports that host as
 * sampleRateShading plus gpu_shader5's features. */
static bool multisample_interpolation(const struct vgl_context *ctx)
{
	return sample_shading(ctx) && gpu_shader5(ctx);
}

static const VkFormat unorm16[] = { VK_FORMAT_R16_UNORM, VK_FORMAT_R16G16_UNORM,
				    VK_FORMAT_R16G16B16A16_UNORM };
static const VkFormat snorm16[] = { VK_FORMAT_R16_SNORM, VK_FORMAT_R16G16_SNORM,
				    VK_FORMAT_R16G16B16A16_SNORM };

/* EXT_texture_norm16 (ES 3.1): every 16-bit normalized format filtered,
 * the unsigned ones also rendered to and blended (the extension makes R16,
 * RG16 and RGBA16 colour-renderable; RGB16 is stored as RGBA16) */
static bool norm16(const struct vgl_context *ctx)
{
	const VkFormatFeatureFlags tex = VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT |
					 VK_FORMAT_FEATURE_SAMPLED_IMAGE_FILTER_LINEAR_BIT;

	return vgl_context_es31(ctx) && all_have(ctx, snorm16, N(snorm16), false, tex) &&
	       all_have(ctx, unorm16, N(unorm16), false,
			tex | VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT |
			VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT);
}

/* NV_image_formats: ES 3.1's images in the host's storable formats */
static bool image_formats(const struct vgl_context *ctx)
{
	return vgl_context_es31(ctx) && vgl_image_nv_formats_stored(ctx);
}

struct extension {
	const char *name;
	bool (*on)(const struct vgl_context *ctx);  /* NULL: always */
};

static bool android_pack(const struct vgl_context *ctx);

static const struct extension table[] = {
	[VGL_EXT_OES_texture_float] = { "GL_OES_texture_float", float_textures },
	[VGL_EXT_OES_texture_half_float] = { "GL_OES_texture_half_float", half_textures },
	[VGL_EXT_OES_texture_float_linear] = { "GL_OES_texture_float_linear", float_linear },
	[VGL_EXT_OES_texture_half_float_linear] = { "GL_OES_texture_half_float_linear",
						    half_linear },
	[VGL_EXT_OES_vertex_half_float] = { "GL_OES_vertex_half_float", half_vertices },
	/* BGRA data is swizzled to RGBA8 on upload (vgl_pixel.c): nothing to ask the host */
	[VGL_EXT_EXT_texture_format_BGRA8888] = { "GL_EXT_texture_format_BGRA8888", NULL },
	[VGL_EXT_OES_required_internalformat] = { "GL_OES_required_internalformat", NULL },
	/* decoded on the CPU into RGBA8 (vgl_etc1.c): the host needs no ETC1 format */
	[VGL_EXT_OES_compressed_ETC1_RGB8_texture] = { "GL_OES_compressed_ETC1_RGB8_texture",
						       NULL },
	/* lifts ES 2.0's NPOT limits (level sizes, mipmaps, wrap modes): the host has none */
	[VGL_EXT_OES_texture_npot] = { "GL_OES_texture_npot", NULL },
	/* R8, RG8 and A2B10G10R10 are formats of every virgl host */
	[VGL_EXT_EXT_texture_rg] = { "GL_EXT_texture_rg", NULL },
	[VGL_EXT_EXT_texture_type_2_10_10_10_REV] = { "GL_EXT_texture_type_2_10_10_10_REV", NULL },
	[VGL_EXT_EXT_texture_filter_anisotropic] = { "GL_EXT_texture_filter_anisotropic",
						     anisotropy },
	/* GL_TEXTURE_EXTERNAL_OES textures on EGL images, sampled as 2D ones
	 * (samplerExternalOES in the compiler) */
	[VGL_EXT_OES_EGL_image_external] = { "GL_OES_EGL_image_external", NULL },
	[VGL_EXT_OES_EGL_image_external_essl3] = { "GL_OES_EGL_image_external_essl3", es3 },
	/* queries the host times (vgl_query.c) */
	[VGL_EXT_EXT_disjoint_timer_query] = { "GL_EXT_disjoint_timer_query", timer_queries },
	[VGL_EXT_EXT_color_buffer_float] = { "GL_EXT_color_buffer_float", float_rendering },
	[VGL_EXT_EXT_float_blend] = { "GL_EXT_float_blend", float_blending },
	[VGL_EXT_EXT_texture_sRGB_R8] = { "GL_EXT_texture_sRGB_R8", srgb_r8 },
	[VGL_EXT_EXT_texture_sRGB_RG8] = { "GL_EXT_texture_sRGB_RG8", srgb_rg8 },
	/* COLOR_ATTACHMENT1.. in ES 2.0 (only attachment 0 is drawn to: no draw
	 * buffers there); listed in ES 3.0 contexts too, which have it in core
	 * (an ES 2.0 request may get a 3.0 context, and programs look for it) */
	[VGL_EXT_NV_fbo_color_attachments] = { "GL_NV_fbo_color_attachments", NULL },
	/* ES 3.0's draw buffers in ES 2.0 (glDrawBuffersEXT, gl_FragData[] of
	 * gl_MaxDrawBuffers under #extension in GLSL ES 1.00) where the host
	 * renders to several targets */
	[VGL_EXT_EXT_draw_buffers] = { "GL_EXT_draw_buffers", draw_buffers },
	/* DEPTH_COMPONENT (UNSIGNED_SHORT, UNSIGNED_INT) and, with
	 * OES_packed_depth_stencil, DEPTH_STENCIL textures: an ES 3.0 context
	 * takes them (vgl_pixel.c) and renders to them, so it says so; an ES
	 * 2.0 one has no depth textures */
	[VGL_EXT_OES_depth_texture] = { "GL_OES_depth_texture", es3 },
	/* CLAMP_TO_BORDER and TEXTURE_BORDER_COLOR (vgl_texture_param.c); the EXT is
	 * the same extension under its older name (same tokens, EXT-suffixed calls) */
	[VGL_EXT_OES_texture_border_clamp] = { "GL_OES_texture_border_clamp", border_colours },
	[VGL_EXT_EXT_texture_border_clamp] = { "GL_EXT_texture_border_clamp", border_colours },
	/* per-draw-buffer blending and colour masks (vgl_blend.c); the OES is
	 * the same extension (same calls, OES-suffixed) */
	[VGL_EXT_EXT_draw_buffers_indexed] = { "GL_EXT_draw_buffers_indexed", indexed_blend },
	[VGL_EXT_OES_draw_buffers_indexed] = { "GL_OES_draw_buffers_indexed", indexed_blend },
	/* the same extension under two names (glCopyImageSubDataEXT / _OES) */
	[VGL_EXT_EXT_copy_image] = { "GL_EXT_copy_image", copy_image },
	[VGL_EXT_OES_copy_image] = { "GL_OES_copy_image", copy_image },
	/* int -> uint -> float conversions in GLSL ES 3.10 shaders (the
	 * compiler's glsl_sema_convert.c); the extension needs ES 3.1 */
	[VGL_EXT_EXT_shader_implicit_conversions] = { "GL_EXT_shader_implicit_conversions",
						      vgl_context_es31 },
	/* samplerCubeArray in the compiler; the target in vgl_texture*.c */
	[VGL_EXT_EXT_texture_cube_map_array] = { "GL_EXT_texture_cube_map_array", cube_map_arrays },
	/* imageAtomic* (the compiler's; TGSI's ATOM* on images, which every
	 * host with ES 3.1's images has) */
	[VGL_EXT_OES_shader_image_atomic] = { "GL_OES_shader_image_atomic", vgl_context_es31 },
	/* TEXTURE_SRGB_DECODE of textures and samplers (vgl_texture_param.c) */
	[VGL_EXT_EXT_texture_sRGB_decode] = { "GL_EXT_texture_sRGB_decode", srgb_decode },
	/* decoded on the CPU into RGBA8 / SRGB8_ALPHA8 (vgl_astc.h): the host
	 * needs no ASTC format; ES 3.0+, whose 2D array textures it also makes */
	[VGL_EXT_KHR_texture_compression_astc_ldr] = { "GL_KHR_texture_compression_astc_ldr",
						       es3 },
	/* one extension under two names: the samplerBuffer / imageBuffer types
	 * in the compiler, the target in vgl_texture_buffer.c */
	[VGL_EXT_EXT_texture_buffer] = { "GL_EXT_texture_buffer", texture_buffers },
	[VGL_EXT_OES_texture_buffer] = { "GL_OES_texture_buffer", texture_buffers },
	[VGL_EXT_OES_sample_shading] = { "GL_OES_sample_shading", sample_shading },
	/* gl_SampleID, gl_SamplePosition, gl_SampleMaskIn, gl_SampleMask (the
	 * compiler's, TGSI's SAMPLEID, SAMPLEPOS, SAMPLEMASK) and gl_NumSamples
	 * (a default-block member, vgl_linked.c), gl_MaxSamples */
	[VGL_EXT_OES_sample_variables] = { "GL_OES_sample_variables", sample_variables },
	/* 3D textures of ASTC's 2D blocks, slice by slice: decoded like a 2D
	 * array's layers (vgl_texture_compressed.c) */
	[VGL_EXT_KHR_texture_compression_astc_sliced_3d] = {
		"GL_KHR_texture_compression_astc_sliced_3d", es3 },
	/* STENCIL_INDEX8 textures (ES 3.1): a D24S8 image whose stencil is
	 * sampled through a stencil view, as STENCIL_INDEX mode samples
	 * DEPTH24_STENCIL8 (vgl_texture_sample.c) */
	[VGL_EXT_OES_texture_stencil8] = { "GL_OES_texture_stencil8", vgl_context_es31 },
	/* the compiler's geometry stage, vk/'s; the same extension under two
	 * names (vgl_linked.c links it, vgl_draw.c checks the primitive) */
	[VGL_EXT_EXT_geometry_shader] = { "GL_EXT_geometry_shader", geometry_shaders },
	[VGL_EXT_OES_geometry_shader] = { "GL_OES_geometry_shader", geometry_shaders },
	/* in and out blocks of GLSL ES 3.10 shaders: the compiler flattens them
	 * into their members (glsl_sema_ioblock.c); the same extension under two
	 * names */
	[VGL_EXT_EXT_shader_io_blocks] = { "GL_EXT_shader_io_blocks", vgl_context_es31 },
	[VGL_EXT_OES_shader_io_blocks] = { "GL_OES_shader_io_blocks", vgl_context_es31 },
	[VGL_EXT_EXT_gpu_shader5] = { "GL_EXT_gpu_shader5", gpu_shader5 },
	[VGL_EXT_OES_gpu_shader5] = { "GL_OES_gpu_shader5", gpu_shader5 },
	/* the compiler's tessellation stages, vk/'s (vgl_linked_tess.c) */
	[VGL_EXT_EXT_tessellation_shader] = { "GL_EXT_tessellation_shader", tessellation_shaders },
	[VGL_EXT_OES_tessellation_shader] = { "GL_OES_tessellation_shader", tessellation_shaders },
	/* multisample 2D array textures (vgl_texture_ms.c), sampler2DMSArray in
	 * the compiler: the 2D multisample images of ES 3.1 with layers */
	[VGL_EXT_OES_texture_storage_multisample_2d_array] = {
		"GL_OES_texture_storage_multisample_2d_array", vgl_context_es31 },
	/* gl_PointSize in the geometry and tessellation stages (the compiler's
	 * gl_in[] members and outputs, TGSI's PSIZE): wherever the stages are,
	 * the host's rasterizer takes the last stage's size (point_size_per_vertex
	 * is always on, vvk_pipeline_state.c) */
	[VGL_EXT_EXT_geometry_point_size] = { "GL_EXT_geometry_point_size", geometry_shaders },
	[VGL_EXT_OES_geometry_point_size] = { "GL_OES_geometry_point_size", geometry_shaders },
	[VGL_EXT_EXT_tessellation_point_size] = {
		"GL_EXT_tessellation_point_size", tessellation_shaders },
	[VGL_EXT_OES_tessellation_point_size] = {
		"GL_OES_tessellation_point_size", tessellation_shaders },
	/* the 15 equations done by the fragment shader through framebuffer
	 * fetch (vk/'s VK_EXT_blend_operation_advanced, vc_tgsi_blend.c), or
	 * by the host (vk/vvk_instance.c chooses) */
	[VGL_EXT_KHR_blend_equation_advanced] = { "GL_KHR_blend_equation_advanced",
						   advanced_blend },
	/* virglrenderer announces TGSI_FBFETCH only for the host's coherent
	 * EXT_shader_framebuffer_fetch (not its _non_coherent one), which
	 * vk/'s advancedBlendCoherentOperations follows */
	[VGL_EXT_KHR_blend_equation_advanced_coherent] = {
		"GL_KHR_blend_equation_advanced_coherent", advanced_blend_coherent },
	/* the box is a hint the spec lets a driver ignore (vgl_bbox.c): only
	 * its state and the control shader's output, where that stage is */
	[VGL_EXT_EXT_primitive_bounding_box] = {
		"GL_EXT_primitive_bounding_box", tessellation_shaders },
	[VGL_EXT_OES_primitive_bounding_box] = {
		"GL_OES_primitive_bounding_box", tessellation_shaders },
	[VGL_EXT_OES_shader_multisample_interpolation] = {
		"GL_OES_shader_multisample_interpolation", multisample_interpolation },
	/* 16-bit normalized textures and renderbuffers (vgl_pixel.c's rows) */
	[VGL_EXT_EXT_texture_norm16] = { "GL_EXT_texture_norm16", norm16 },
	/* the image format qualifiers past table 8.27 (the compiler's, under
	 * #extension) and their glBindImageTexture formats (vgl_image_unit.c) */
	[VGL_EXT_NV_image_formats] = { "GL_NV_image_formats", image_formats },
	/* where every part is listed (android_pack); #extension of it in GLSL
	 * enables the parts (the compiler's glsl_pp_directive.c) */
	[VGL_EXT_ANDROID_extension_pack_es31a] = { "GL_ANDROID_extension_pack_es31a",
						   android_pack },
	/* ES 3.1's pipelines and separable programs in ES 2.0/3.0 (EXT names,
	 * vgl_program_pipeline.c), listed in 3.1+ too as Mesa does: the
	 * pipelines link in the guest, the host sees ordinary linked shaders;
	 * layout(location) on varyings under #extension in GLSL ES 3.00 */
	[VGL_EXT_EXT_separate_shader_objects] = { "GL_EXT_separate_shader_objects", NULL },
	/* several viewports and scissor boxes (vgl_viewport.c), gl_ViewportIndex
	 * in the compiler: where the host has the 16 the extension asks for */
	[VGL_EXT_OES_viewport_array] = { "GL_OES_viewport_array", viewport_array },
	/* glTextureView (vgl_texture_view.c): sampler views and surfaces in
	 * another format over the original's resource, which only a host
	 * with texture views reads in that format */
	[VGL_EXT_OES_texture_view] = { "GL_OES_texture_view", texture_view },
	[VGL_EXT_EXT_texture_view] = { "GL_EXT_texture_view", texture_view },
	[VGL_EXT_EXT_clip_cull_distance] = { "GL_EXT_clip_cull_distance", clip_cull_distance },
	/* API only, or formats every virgl host has */
	{ "GL_OES_element_index_uint", NULL }, { "GL_OES_depth24", NULL },
	{ "GL_OES_packed_depth_stencil", NULL }, { "GL_OES_rgb8_rgba8", NULL },
	{ "GL_OES_vertex_array_object", NULL }, { "GL_EXT_blend_minmax", NULL },
	{ "GL_EXT_unpack_subimage", NULL }, { "GL_EXT_draw_instanced", NULL },
	{ "GL_OES_draw_elements_base_vertex", NULL }, { "GL_EXT_multi_draw_arrays", NULL },
	{ "GL_EXT_discard_framebuffer", NULL }, { "GL_OES_mapbuffer", NULL },
	/* read back as RGBA8, red and blue swapped on the CPU (vgl_read.c) */
	{ "GL_EXT_read_format_bgra", NULL },
	{ "GL_EXT_map_buffer_range", NULL }, { "GL_OES_fbo_render_mipmap", NULL },
	/* EGL_KHR_surfaceless_context: framebuffer 0 is then FRAMEBUFFER_UNDEFINED */
	{ "GL_OES_surfaceless_context", NULL },
	/* STENCIL_INDEX8 renderbuffers (a D24S8 image); ES 3.0's MAX_LEVEL in ES 2.0;
	 * OES_draw_elements_base_vertex's functions under EXT names; EGL fence syncs */
	{ "GL_OES_stencil8", NULL }, { "GL_APPLE_texture_max_level", NULL },
	{ "GL_EXT_draw_elements_base_vertex", NULL }, { "GL_OES_EGL_sync", NULL },
	/* EGL images as textures and renderbuffers (vgl_image.c) */
	{ "GL_OES_EGL_image", NULL },
	/* the compiler's (glsl_pp_default_extensions, what glCompileShader offers) */
	{ "GL_OES_standard_derivatives", NULL }, { "GL_EXT_shader_texture_lod", NULL },
	{ "GL_EXT_frag_depth", NULL },
	/* ANY_SAMPLES_PASSED(_CONSERVATIVE) queries in ES 2.0 too (vgl_query.c) */
	{ "GL_EXT_occlusion_query_boolean", NULL },
	/* vgl_robustness.h: reset notification on host loss; no robust access */
	{ "GL_KHR_robustness", NULL }, { "GL_EXT_robustness", NULL },
	/* vgl_debug.h: errors, compile and link logs, CPU waits as messages;
	 * labels of every object type */
	{ "GL_KHR_debug", NULL },
};

/* GL_ANDROID_extension_pack_es31a's parts (its "Dependencies"). */
static const char *const android_pack_parts[] = {
	"GL_KHR_debug", "GL_KHR_texture_compression_astc_ldr", "GL_KHR_blend_equation_advanced",
	"GL_OES_sample_shading", "GL_OES_sample_variables", "GL_OES_shader_image_atomic",
	"GL_OES_shader_multisample_interpolation", "GL_OES_texture_stencil8",
	"GL_OES_texture_storage_multisample_2d_array", "GL_EXT_copy_image",
	"GL_EXT_draw_buffers_indexed", "GL_EXT_geometry_shader", "GL_EXT_gpu_shader5",
	"GL_EXT_primitive_bounding_box", "GL_EXT_shader_io_blocks", "GL_EXT_tessellation_shader",
	"GL_EXT_texture_border_clamp", "GL_EXT_texture_buffer", "GL_EXT_texture_cube_map_array",
	"GL_EXT_texture_sRGB_decode",
};

/* Whether the row named `name` is listed, from its condition (the mask is
 * not made yet when the pack's is asked); false for a name not in the table. */
static bool listed(const struct vgl_context *ctx, const char *name)
{
	for (size_t i = 0; i < N(table); i++)
		if (!strcmp(table[i].name, name))
			return i >= VGL_EXT_COUNT_CHECKED || !table[i].on || table[i].on(ctx);
	return false;
}

static bool android_pack(const struct vgl_context *ctx)
{
	for (size_t i = 0; i < N(android_pack_parts); i++)
		if (!listed(ctx, android_pack_parts[i]))
			return false;
	return true;
}

vgl_ext_mask_t vgl_ext_mask_compute(const struct vgl_context *ctx)
{
	vgl_ext_mask_t m = 0;

	_Static_assert(VGL_EXT_COUNT_CHECKED <= 128, "the extension mask is 128 bits");
	for (size_t i = 0; i < VGL_EXT_COUNT_CHECKED; i++)
		m |= !table[i].on || table[i].on(ctx) ? VGL_EXT_BIT(i) : 0;
	return m;
}

/* Rows past VGL_EXT_COUNT_CHECKED have no condition. */
static bool row_on(const struct vgl_context *ctx, size_t i)
{
	return i >= VGL_EXT_COUNT_CHECKED || (ctx->ext_mask & VGL_EXT_BIT(i));
}

bool vgl_ext_on(const struct vgl_context *ctx, enum vgl_ext e)
{
	return (size_t)e < N(table) && row_on(ctx, (size_t)e);
}

bool vgl_ext_on_name(const struct vgl_context *ctx, const char *name)
{
	for (size_t i = 0; i < N(table); i++)
		if (!strcmp(table[i].name, name))
			return row_on(ctx, i);
	return false;
}

vgl_ext_mask_t vgl_ext_mask(const struct vgl_context *ctx)
{
	return ctx->ext_mask;
}

uint32_t vgl_ext_count(const struct vgl_context *ctx)
{
	uint32_t n = 0;

	for (size_t i = 0; i < N(table); i++)
		n += row_on(ctx, i);
	return n;
}

const char *vgl_ext_name(const struct vgl_context *ctx, uint32_t i)
{
	for (size_t k = 0; k < N(table); k++)
		if (row_on(ctx, k) && i-- == 0)
			return table[k].name;
	return NULL;
}

const char *vgl_ext_string(struct vgl_context *ctx)
{
	size_t len = 1;
	char *s;

	if (ctx->extensions)
		return ctx->extensions;
	for (size_t i = 0; i < N(table); i++)
		len += strlen(table[i].name) + 1;
	s = calloc(1, len);
	if (!s)
		return "";
	for (size_t i = 0; i < N(table); i++) {
		if (!row_on(ctx, i))
			continue;
		if (*s)
			strcat(s, " ");
		strcat(s, table[i].name);
	}
	ctx->extensions = s;
	return s;
}
