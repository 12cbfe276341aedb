/* SPDX-License-Identifier: MIT */
/*
 * The GL extensions a context exposes (glGetString(GL_EXTENSIONS),
 * glGetStringi). Each one is a table row with the condition under which it
 * really works: always (pure API), or what vk/ reports for the formats it
 * needs (float textures, their linear filtering, half-float vertices). The
 * GL code asks vgl_ext_on() where an extension widens what a call accepts,
 * so a format is accepted exactly when its extension is advertised.
 */
#pragma once

#include <stdbool.h>
#include <stdint.h>

struct vgl_context;

/* The extensions' own tokens (<GLES2/gl2ext.h> is not included). */
#define GL_BLEND_ADVANCED_COHERENT_KHR 0x9285 /* KHR_blend_equation_advanced_coherent */
#define GL_HALF_FLOAT_OES 0x8D61          /* OES_texture_half_float, OES_vertex_half_float */
#define GL_BGRA_EXT 0x80E1                /* EXT_texture_format_BGRA8888, EXT_read_format_bgra */
#define GL_BGRA8_EXT 0x93A1               /* its sized format */
#define GL_RGB10_EXT 0x8052               /* OES_required_internalformat + 2_10_10_10_REV */
#define GL_SR8_EXT 0x8FBD                 /* EXT_texture_sRGB_R8 */
#define GL_SRG8_EXT 0x8FBE                /* EXT_texture_sRGB_RG8 */
#define GL_UNSIGNED_SHORT_4_4_4_4_REV_EXT 0x8365
#define GL_UNSIGNED_SHORT_1_5_5_5_REV_EXT 0x8366
#define GL_ALPHA8_OES 0x803C              /* OES_required_internalformat */
#define GL_LUMINANCE8_OES 0x8040
#define GL_LUMINANCE4_ALPHA4_OES 0x8043
#define GL_LUMINANCE8_ALPHA8_OES 0x8045
#define GL_COLOR_EXT 0x1800               /* EXT_discard_framebuffer */
#define GL_DEPTH_EXT 0x1801
#define GL_STENCIL_EXT 0x1802
#define GL_WRITE_ONLY_OES 0x88B9          /* OES_mapbuffer */
#define GL_BUFFER_ACCESS_OES 0x88BB
#define GL_TEXTURE_MAX_ANISOTROPY_EXT 0x84FE  /* EXT_texture_filter_anisotropic */
#define GL_MAX_TEXTURE_MAX_ANISOTROPY_EXT 0x84FF
#define GL_TEXTURE_EXTERNAL_OES 0x8D65     /* OES_EGL_image_external */
#define GL_SAMPLER_EXTERNAL_OES 0x8D66
#define GL_TEXTURE_BINDING_EXTERNAL_OES 0x8D67
#define GL_REQUIRED_TEXTURE_IMAGE_UNITS_OES 0x8D68
#define GL_TIME_ELAPSED_EXT 0x88BF          /* EXT_disjoint_timer_query */
#define GL_TIMESTAMP_EXT 0x8E28
#define GL_GPU_DISJOINT_EXT 0x8FBB
#define GL_QUERY_COUNTER_BITS_EXT 0x8864
#define GL_TEXTURE_BORDER_COLOR_OES 0x1004  /* OES_texture_border_clamp */
#define GL_CLAMP_TO_BORDER_OES 0x812D
#define GL_TEXTURE_SRGB_DECODE_EXT 0x8A48   /* EXT_texture_sRGB_decode */
#define GL_DECODE_EXT 0x8A49
#define GL_SKIP_DECODE_EXT 0x8A4A
#define GL_TEXTURE_CUBE_MAP_ARRAY_EXT 0x9009 /* EXT_texture_cube_map_array */
#define GL_TEXTURE_BINDING_CUBE_MAP_ARRAY_EXT 0x900A
#define GL_SAMPLER_CUBE_MAP_ARRAY_EXT 0x900C
#define GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW_EXT 0x900D
#define GL_INT_SAMPLER_CUBE_MAP_ARRAY_EXT 0x900E
#define GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY_EXT 0x900F
#define GL_IMAGE_CUBE_MAP_ARRAY_EXT 0x9054
#define GL_INT_IMAGE_CUBE_MAP_ARRAY_EXT 0x905F
#define GL_UNSIGNED_INT_IMAGE_CUBE_MAP_ARRAY_EXT 0x906A
#define GL_TEXTURE_BUFFER_EXT 0x8C2A /* EXT/OES_texture_buffer */
#define GL_TEXTURE_BUFFER_BINDING_EXT 0x8C2A
#define GL_MAX_TEXTURE_BUFFER_SIZE_EXT 0x8C2B
#define GL_TEXTURE_BINDING_BUFFER_EXT 0x8C2C
#define GL_TEXTURE_BUFFER_DATA_STORE_BINDING_EXT 0x8C2D
#define GL_TEXTURE_BUFFER_OFFSET_EXT 0x919D
#define GL_TEXTURE_BUFFER_SIZE_EXT 0x919E
#define GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT_EXT 0x919F
#define GL_SAMPLER_BUFFER_EXT 0x8DC2
#define GL_INT_SAMPLER_BUFFER_EXT 0x8DD0
#define GL_UNSIGNED_INT_SAMPLER_BUFFER_EXT 0x8DD8
#define GL_IMAGE_BUFFER_EXT 0x9051
#define GL_INT_IMAGE_BUFFER_EXT 0x905C
#define GL_UNSIGNED_INT_IMAGE_BUFFER_EXT 0x9067
#define GL_SAMPLE_SHADING_OES 0x8C36     /* OES_sample_shading */
#define GL_MIN_SAMPLE_SHADING_VALUE_OES 0x8C37
#define GL_GEOMETRY_SHADER_EXT 0x8DD9        /* EXT_geometry_shader (OES: same values) */
#define GL_GEOMETRY_SHADER_BIT_EXT 0x00000004
#define GL_GEOMETRY_LINKED_VERTICES_OUT_EXT 0x8916
#define GL_GEOMETRY_LINKED_INPUT_TYPE_EXT 0x8917
#define GL_GEOMETRY_LINKED_OUTPUT_TYPE_EXT 0x8918
#define GL_GEOMETRY_SHADER_INVOCATIONS_EXT 0x887F
#define GL_LAYER_PROVOKING_VERTEX_EXT 0x825E
#define GL_UNDEFINED_VERTEX_EXT 0x8260
#define GL_LINES_ADJACENCY_EXT 0x000A
#define GL_LINE_STRIP_ADJACENCY_EXT 0x000B
#define GL_TRIANGLES_ADJACENCY_EXT 0x000C
#define GL_TRIANGLE_STRIP_ADJACENCY_EXT 0x000D
#define GL_MAX_GEOMETRY_UNIFORM_COMPONENTS_EXT 0x8DDF
#define GL_MAX_GEOMETRY_UNIFORM_BLOCKS_EXT 0x8A2C
#define GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS_EXT 0x8A32
#define GL_MAX_GEOMETRY_INPUT_COMPONENTS_EXT 0x9123
#define GL_MAX_GEOMETRY_OUTPUT_COMPONENTS_EXT 0x9124
#define GL_MAX_GEOMETRY_OUTPUT_VERTICES_EXT 0x8DE0
#define GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS_EXT 0x8DE1
#define GL_MAX_GEOMETRY_SHADER_INVOCATIONS_EXT 0x8E5A
#define GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS_EXT 0x8C29
#define GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS_EXT 0x92CF
#define GL_MAX_GEOMETRY_ATOMIC_COUNTERS_EXT 0x92D5
#define GL_MAX_GEOMETRY_IMAGE_UNIFORMS_EXT 0x90CD
#define GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS_EXT 0x90D7
#define GL_MAX_FRAMEBUFFER_LAYERS_EXT 0x9317
#define GL_FRAMEBUFFER_DEFAULT_LAYERS_EXT 0x9312
#define GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT 0x8DA7
#define GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS_EXT 0x8DA8
#define GL_REFERENCED_BY_GEOMETRY_SHADER_EXT 0x9309
/* EXT_tessellation_shader (OES: same values) */
#define GL_PATCHES_EXT 0x000E
#define GL_PATCH_VERTICES_EXT 0x8E72
#define GL_TESS_CONTROL_OUTPUT_VERTICES_EXT 0x8E75
#define GL_TESS_GEN_MODE_EXT 0x8E76
#define GL_TESS_GEN_SPACING_EXT 0x8E77
#define GL_TESS_GEN_VERTEX_ORDER_EXT 0x8E78
#define GL_TESS_GEN_POINT_MODE_EXT 0x8E79
#define GL_ISOLINES_EXT 0x8E7A
#define GL_QUADS_EXT 0x0007
#define GL_FRACTIONAL_ODD_EXT 0x8E7B
#define GL_FRACTIONAL_EVEN_EXT 0x8E7C
#define GL_MAX_PATCH_VERTICES_EXT 0x8E7D
#define GL_MAX_TESS_GEN_LEVEL_EXT 0x8E7E
#define GL_MAX_TESS_CONTROL_UNIFORM_COMPONENTS_EXT 0x8E7F
#define GL_MAX_TESS_EVALUATION_UNIFORM_COMPONENTS_EXT 0x8E80
#define GL_MAX_TESS_CONTROL_TEXTURE_IMAGE_UNITS_EXT 0x8E81
#define GL_MAX_TESS_EVALUATION_TEXTURE_IMAGE_UNITS_EXT 0x8E82
#define GL_MAX_TESS_CONTROL_OUTPUT_COMPONENTS_EXT 0x8E83
#define GL_MAX_TESS_PATCH_COMPONENTS_EXT 0x8E84
#define GL_MAX_TESS_CONTROL_TOTAL_OUTPUT_COMPONENTS_EXT 0x8E85
#define GL_MAX_TESS_EVALUATION_OUTPUT_COMPONENTS_EXT 0x8E86
#define GL_MAX_TESS_CONTROL_UNIFORM_BLOCKS_EXT 0x8E89
#define GL_MAX_TESS_EVALUATION_UNIFORM_BLOCKS_EXT 0x8E8A
#define GL_MAX_TESS_CONTROL_INPUT_COMPONENTS_EXT 0x886C
#define GL_MAX_TESS_EVALUATION_INPUT_COMPONENTS_EXT 0x886D
#define GL_MAX_COMBINED_TESS_CONTROL_UNIFORM_COMPONENTS_EXT 0x8E1E
#define GL_MAX_COMBINED_TESS_EVALUATION_UNIFORM_COMPONENTS_EXT 0x8E1F
#define GL_MAX_TESS_CONTROL_ATOMIC_COUNTER_BUFFERS_EXT 0x92CD
#define GL_MAX_TESS_EVALUATION_ATOMIC_COUNTER_BUFFERS_EXT 0x92CE
#define GL_MAX_TESS_CONTROL_ATOMIC_COUNTERS_EXT 0x92D3
#define GL_MAX_TESS_EVALUATION_ATOMIC_COUNTERS_EXT 0x92D4
#define GL_MAX_TESS_CONTROL_IMAGE_UNIFORMS_EXT 0x90CB
#define GL_MAX_TESS_EVALUATION_IMAGE_UNIFORMS_EXT 0x90CC
#define GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS_EXT 0x90D8
#define GL_MAX_TESS_EVALUATION_SHADER_STORAGE_BLOCKS_EXT 0x90D9
#define GL_PRIMITIVE_RESTART_FOR_PATCHES_SUPPORTED 0x8221
#define GL_REFERENCED_BY_TESS_CONTROL_SHADER_EXT 0x9307
#define GL_REFERENCED_BY_TESS_EVALUATION_SHADER_EXT 0x9308
#define GL_IS_PER_PATCH_EXT 0x92E7
#define GL_TESS_CONTROL_SHADER_EXT 0x8E88
#define GL_TESS_EVALUATION_SHADER_EXT 0x8E87
#define GL_TESS_CONTROL_SHADER_BIT_EXT 0x00000008
#define GL_TESS_EVALUATION_SHADER_BIT_EXT 0x00000010
#define GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES 0x9102 /* OES_texture_storage_multisample_2d_array */
/* OES_texture_view (EXT_texture_view: the same values) */
#define GL_TEXTURE_VIEW_MIN_LEVEL_OES 0x82DB
#define GL_TEXTURE_VIEW_NUM_LEVELS_OES 0x82DC
#define GL_TEXTURE_VIEW_MIN_LAYER_OES 0x82DD
#define GL_TEXTURE_VIEW_NUM_LAYERS_OES 0x82DE
#define GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY_OES 0x9105
#define GL_SAMPLER_2D_MULTISAMPLE_ARRAY_OES 0x910B
#define GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY_OES 0x910C
#define GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY_OES 0x910D
/* the most anisotropy a sampler is given: virgl's sampler state field holds 16 */
#define GL_PRIMITIVE_BOUNDING_BOX_EXT 0x92BE /* EXT/OES_primitive_bounding_box */
#define GL_MIN_FRAGMENT_INTERPOLATION_OFFSET_OES 0x8E5B /* OES_shader_multisample_interpolation */
#define GL_MAX_FRAGMENT_INTERPOLATION_OFFSET_OES 0x8E5C
#define GL_FRAGMENT_INTERPOLATION_OFFSET_BITS_OES 0x8E5D
/* EXT_texture_norm16 */
#define GL_R16_EXT 0x822A
#define GL_RG16_EXT 0x822C
#define GL_RGB16_EXT 0x8054
#define GL_RGBA16_EXT 0x805B
#define GL_R16_SNORM_EXT 0x8F98
#define GL_RG16_SNORM_EXT 0x8F99
#define GL_RGB16_SNORM_EXT 0x8F9A
#define GL_RGBA16_SNORM_EXT 0x8F9B

/* OES_viewport_array */
#define GL_MAX_VIEWPORTS_OES 0x825B
#define GL_VIEWPORT_SUBPIXEL_BITS_OES 0x825C
#define GL_VIEWPORT_BOUNDS_RANGE_OES 0x825D
#define GL_VIEWPORT_INDEX_PROVOKING_VERTEX_OES 0x825F
#define GL_UNDEFINED_VERTEX_OES 0x8260

#define VGL_MAX_ANISOTROPY 16.0f

enum vgl_ext {
	VGL_EXT_OES_texture_float,
	VGL_EXT_OES_texture_half_float,
	VGL_EXT_OES_texture_float_linear,
	VGL_EXT_OES_texture_half_float_linear,
	VGL_EXT_OES_vertex_half_float,
	VGL_EXT_EXT_texture_format_BGRA8888,
	VGL_EXT_OES_required_internalformat,
	VGL_EXT_OES_compressed_ETC1_RGB8_texture,
	VGL_EXT_OES_texture_npot,
	VGL_EXT_EXT_texture_rg,
	VGL_EXT_EXT_texture_type_2_10_10_10_REV,
	VGL_EXT_EXT_texture_filter_anisotropic,
	VGL_EXT_OES_EGL_image_external,
	VGL_EXT_OES_EGL_image_external_essl3,
	VGL_EXT_EXT_disjoint_timer_query,
	VGL_EXT_EXT_color_buffer_float,
	VGL_EXT_EXT_float_blend,
	VGL_EXT_EXT_texture_sRGB_R8,
	VGL_EXT_EXT_texture_sRGB_RG8,
	VGL_EXT_NV_fbo_color_attachments,
	VGL_EXT_EXT_draw_buffers,
	VGL_EXT_OES_depth_texture,
	VGL_EXT_OES_texture_border_clamp,
	VGL_EXT_EXT_texture_border_clamp,
	VGL_EXT_EXT_draw_buffers_indexed,
	VGL_EXT_OES_draw_buffers_indexed,
	VGL_EXT_EXT_copy_image,
	VGL_EXT_OES_copy_image,
	VGL_EXT_EXT_shader_implicit_conversions,
	VGL_EXT_EXT_texture_cube_map_array,
	VGL_EXT_OES_shader_image_atomic,
	VGL_EXT_EXT_texture_sRGB_decode,
	VGL_EXT_KHR_texture_compression_astc_ldr,
	VGL_EXT_EXT_texture_buffer,
	VGL_EXT_OES_texture_buffer,
	VGL_EXT_OES_sample_shading,
	VGL_EXT_OES_sample_variables,
	VGL_EXT_KHR_texture_compression_astc_sliced_3d,
	VGL_EXT_OES_texture_stencil8,
	VGL_EXT_EXT_geometry_shader,
	VGL_EXT_OES_geometry_shader,
	VGL_EXT_EXT_shader_io_blocks,
	VGL_EXT_OES_shader_io_blocks,
	VGL_EXT_EXT_gpu_shader5,
	VGL_EXT_OES_gpu_shader5,
	VGL_EXT_EXT_tessellation_shader,
	VGL_EXT_OES_tessellation_shader,
	VGL_EXT_OES_texture_storage_multisample_2d_array,
	VGL_EXT_EXT_geometry_point_size,
	VGL_EXT_OES_geometry_point_size,
	VGL_EXT_EXT_tessellation_point_size,
	VGL_EXT_OES_tessellation_point_size,
	VGL_EXT_KHR_blend_equation_advanced,
	VGL_EXT_KHR_blend_equation_advanced_coherent,
	VGL_EXT_EXT_primitive_bounding_box,
	VGL_EXT_OES_primitive_bounding_box,
	VGL_EXT_OES_shader_multisample_interpolation,
	VGL_EXT_EXT_texture_norm16,
	VGL_EXT_NV_image_formats,
	VGL_EXT_ANDROID_extension_pack_es31a,
	VGL_EXT_EXT_separate_shader_objects,
	VGL_EXT_OES_viewport_array,
	VGL_EXT_OES_texture_view,
	VGL_EXT_EXT_texture_view,
	VGL_EXT_EXT_clip_cull_distance,
	VGL_EXT_COUNT_CHECKED,  /* rows after this one have no condition and no enum */
};

/* A bit per checked row: there are more than 64 of them. */
__extension__ typedef unsigned __int128 vgl_ext_mask_t;

/* Whether the context exposes the extension. */
bool vgl_ext_on(const struct vgl_context *ctx, enum vgl_ext e);
/* The conditions, asked once when the context is made: they read the
 * device's format features, which never change, and glTexImage* needs the
 * mask on every call (vgl_pixel_lookup). */
vgl_ext_mask_t vgl_ext_mask_compute(const struct vgl_context *ctx);
/* Whether the context exposes the extension named `name` ("GL_KHR_debug");
 * false for a name not in the table. */
bool vgl_ext_on_name(const struct vgl_context *ctx, const char *name);
/* Bit e set for every exposed vgl_ext e (for code without a context). */
vgl_ext_mask_t vgl_ext_mask(const struct vgl_context *ctx);
#define VGL_EXT_BIT(e) ((vgl_ext_mask_t)1 << (e))
/* The number of exposed extensions and the i-th one's name (NULL past the end). */
uint32_t vgl_ext_count(const struct vgl_context *ctx);
const char *vgl_ext_name(const struct vgl_context *ctx, uint32_t i);
/* The space-separated list (kept in ctx->extensions). */
const char *vgl_ext_string(struct vgl_context *ctx);
