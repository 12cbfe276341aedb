/* SPDX-License-Identifier: MIT */
/*
 * vdrm_caps_parse and the format table, against the caps blob captured from
 * virglrenderer 0.10.4 on llvmpipe (tests/data/caps2.bin) and against
 * synthetic blobs. Every truncated or oversized blob is handed to the parser
 * in a heap block of exactly its size, so valgrind catches any read past it.
 */
#include <check.h>

#include "check_run.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vdrm_caps.h"
#include "vdrm_format.h"
#include "vdrm_query.h"
#include "vdrm_result.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static uint8_t *real_blob;
static size_t real_size;
static struct vdrm_caps real_caps;

static void load_real_blob(void)
{
	FILE *f = fopen(TEST_DATA_DIR "/caps2.bin", "rb");

	ck_assert_msg(f, "cannot open %s", TEST_DATA_DIR "/caps2.bin");
	real_blob = malloc(VDRM_CAPS_V2_SIZE + 1);
	ck_assert_ptr_nonnull(real_blob);
	real_size = fread(real_blob, 1, VDRM_CAPS_V2_SIZE + 1, f);
	fclose(f);
	ck_assert_uint_eq(real_size, VDRM_CAPS_V2_SIZE);
	ck_assert_int_eq(vdrm_caps_parse(real_blob, real_size, 2, &real_caps), VDRM_OK);
}

static void free_real_blob(void)
{
	free(real_blob);
	real_blob = NULL;
}

/* Parses a heap copy of exactly `size` bytes, so overreads are caught. */
static int parse_exact(const void *data, size_t size, uint32_t capset_id, struct vdrm_caps *out)
{
	uint8_t *copy = malloc(size ? size : 1);
	int ret;

	ck_assert_ptr_nonnull(copy);
	memcpy(copy, data, size);
	ret = vdrm_caps_parse(copy, size, capset_id, out);
	free(copy);
	return ret;
}

static bool caps_equal(const struct vdrm_caps *a, const struct vdrm_caps *b)
{
	/* Both come from a zeroed struct, so padding compares equal too. */
	return memcmp(a, b, sizeof(*a)) == 0;
}

/* ---- the captured blob ---------------------------------------------------- */

START_TEST(real_blob_v1_values)
{
	const struct vdrm_caps *c = &real_caps;

	ck_assert_uint_eq(c->capset_id, 2);
	ck_assert_uint_eq(c->max_version, 2);
	ck_assert(c->has_v2);
	ck_assert_uint_eq(c->bset, 0xffe1fd7f);
	ck_assert_uint_eq(c->glsl_level, 450);
	ck_assert_uint_eq(c->max_texture_array_layers, 2048);
	ck_assert_uint_eq(c->max_streamout_buffers, 4);
	ck_assert_uint_eq(c->max_render_targets, 8);
	ck_assert_uint_eq(c->max_samples, 4);
	ck_assert_uint_eq(c->prim_mask, 0x7c7f);
	ck_assert_uint_eq(c->max_tbo_size, 134217728);
	ck_assert_uint_eq(c->max_uniform_blocks, 15);
	ck_assert_uint_eq(c->max_viewports, 16);
}
END_TEST

/* The captured host (feature version 15) has timer queries and sample counts;
 * before version 15 the timer bit is not trusted. */
START_TEST(real_blob_queries)
{
	struct vdrm_caps c = real_caps;

	ck_assert(vdrm_caps_has_timer_query(&c));
	ck_assert(vdrm_caps_has_occlusion_query(&c));
	c.host_feature_check_version = 14;
	ck_assert(!vdrm_caps_has_timer_query(&c));
	c.host_feature_check_version = 15;
	c.bset &= ~(1u << 12);
	ck_assert(!vdrm_caps_has_timer_query(&c));
	c.bset &= ~(1u << 11);
	ck_assert(!vdrm_caps_has_occlusion_query(&c));
}
END_TEST

START_TEST(real_blob_v2_limits)
{
	const struct vdrm_caps *c = &real_caps;

	ck_assert_float_eq(c->min_aliased_point_size, 1.0f);
	ck_assert_float_eq(c->max_aliased_point_size, 255.0f);
	ck_assert_float_eq(c->max_smooth_line_width, 255.0f);
	ck_assert_float_eq(c->max_texture_lod_bias, 16.0f);
	ck_assert_uint_eq(c->max_vertex_outputs, 32);
	ck_assert_uint_eq(c->max_vertex_attribs, 16);
	ck_assert_int_eq(c->min_texel_offset, -32);
	ck_assert_int_eq(c->max_texel_offset, 31);
	ck_assert_uint_eq(c->texture_buffer_offset_alignment, 16);
	ck_assert_uint_eq(c->uniform_buffer_offset_alignment, 16);
	ck_assert_uint_eq(c->shader_buffer_offset_alignment, 16);
	ck_assert_uint_eq(c->max_vertex_attrib_stride, 2048);
	ck_assert_uint_eq(c->max_shader_buffer_frag_compute, 16);
	ck_assert_uint_eq(c->max_shader_image_other_stages, 32);
	ck_assert_uint_eq(c->max_compute_work_group_invocations, 1024);
	ck_assert_uint_eq(c->max_compute_shared_memory_size, 32768);
	ck_assert_uint_eq(c->max_compute_grid_size[2], 65535);
	ck_assert_uint_eq(c->max_compute_block_size[0], 1024);
	ck_assert_uint_eq(c->max_texture_2d_size, 16384);
	ck_assert_uint_eq(c->max_texture_3d_size, 2048);
	ck_assert_uint_eq(c->max_texture_cube_size, 16384);
}
END_TEST

START_TEST(real_blob_v2_features)
{
	const struct vdrm_caps *c = &real_caps;

	ck_assert_uint_eq(c->capability_bits, 0x5ff7ffff);
	ck_assert(!(c->capability_bits & VDRM_CAP_HOST_IS_GLES));
	ck_assert(c->capability_bits & VDRM_CAP_TRANSFER);
	ck_assert_uint_eq(c->capability_bits_v2, 0x693);
	ck_assert_uint_eq(c->host_feature_check_version, 15);
	ck_assert_str_eq(c->renderer, "LLVMPIPE (LLVM 15.0.6, 256 bits)");
	ck_assert_float_eq(c->max_anisotropy, 16.0f);
	ck_assert_uint_eq(c->max_texture_image_units, 32);
	for (int i = 0; i < VDRM_SHADER_STAGES; i++)
		ck_assert_uint_eq(c->max_const_buffer_size[i], 65536);
	ck_assert_uint_eq(c->max_uniform_block_size, 65536);
}
END_TEST

struct usage_case {
	uint32_t format;
	uint32_t granted; /* bits that must be set */
	uint32_t denied;  /* bits that must be clear */
};

static const struct usage_case usage_cases[] = {
	{ VDRM_FORMAT_B8G8R8A8_UNORM, VDRM_FORMAT_SAMPLE | VDRM_FORMAT_RENDER |
	  VDRM_FORMAT_READBACK | VDRM_FORMAT_SCANOUT | VDRM_FORMAT_MULTISAMPLE,
	  VDRM_FORMAT_DEPTH_STENCIL | VDRM_FORMAT_VERTEX },
	{ VDRM_FORMAT_R8G8B8A8_UNORM, VDRM_FORMAT_SAMPLE | VDRM_FORMAT_RENDER |
	  VDRM_FORMAT_VERTEX, VDRM_FORMAT_DEPTH_STENCIL },
	/* depth/stencil support shows up only in the sampler mask */
	{ VDRM_FORMAT_Z24_UNORM_S8_UINT, 0,
	  VDRM_FORMAT_SAMPLE | VDRM_FORMAT_DEPTH_STENCIL | VDRM_FORMAT_RENDER },
	{ VDRM_FORMAT_S8_UINT_Z24_UNORM, VDRM_FORMAT_SAMPLE | VDRM_FORMAT_DEPTH_STENCIL,
	  VDRM_FORMAT_RENDER | VDRM_FORMAT_VERTEX },
	{ VDRM_FORMAT_Z16_UNORM, VDRM_FORMAT_DEPTH_STENCIL, VDRM_FORMAT_RENDER },
	{ VDRM_FORMAT_Z24X8_UNORM, VDRM_FORMAT_DEPTH_STENCIL, VDRM_FORMAT_RENDER },
	{ VDRM_FORMAT_Z32_FLOAT, VDRM_FORMAT_DEPTH_STENCIL, VDRM_FORMAT_RENDER },
	{ VDRM_FORMAT_Z32_FLOAT_S8X24_UINT, VDRM_FORMAT_DEPTH_STENCIL, VDRM_FORMAT_RENDER },
	{ VDRM_FORMAT_S8_UINT, 0, VDRM_FORMAT_SAMPLE | VDRM_FORMAT_DEPTH_STENCIL },
	/* sRGB R and RG sample but do not render */
	{ VDRM_FORMAT_R8_SRGB, VDRM_FORMAT_SAMPLE, VDRM_FORMAT_RENDER },
	{ VDRM_FORMAT_R8G8_SRGB, VDRM_FORMAT_SAMPLE, VDRM_FORMAT_RENDER },
	{ VDRM_FORMAT_R8G8B8A8_SRGB, VDRM_FORMAT_SAMPLE | VDRM_FORMAT_RENDER, 0 },
	/* the one format in 0.10.4's vertexbuffer mask */
	{ VDRM_FORMAT_R11G11B10_FLOAT, VDRM_FORMAT_VERTEX | VDRM_FORMAT_RENDER, 0 },
	{ VDRM_FORMAT_R32G32B32_FLOAT, VDRM_FORMAT_VERTEX | VDRM_FORMAT_SAMPLE, 0 },
	{ VDRM_FORMAT_R8G8_UINT, VDRM_FORMAT_VERTEX | VDRM_FORMAT_RENDER, 0 },
	/* packed 2_10_10_10 vertices: the host's GL 3.3 core fetches them
	 * (dEQP-GLES3 vertex_arrays passes them on llvmpipe) */
	{ VDRM_FORMAT_R10G10B10A2_SNORM, VDRM_FORMAT_VERTEX, 0 },
	{ VDRM_FORMAT_R10G10B10A2_SSCALED, VDRM_FORMAT_VERTEX, 0 },
	/* llvmpipe has no ETC2/ASTC: Mesa decompresses them */
	{ VDRM_FORMAT_ETC2_RGB8, VDRM_FORMAT_SCANOUT, VDRM_FORMAT_SAMPLE | VDRM_FORMAT_VERTEX },
	{ VDRM_FORMAT_ASTC_4x4, 0, VDRM_FORMAT_SAMPLE | VDRM_FORMAT_READBACK },
	{ VDRM_FORMAT_DXT1_RGB, VDRM_FORMAT_SAMPLE | VDRM_FORMAT_READBACK,
	  VDRM_FORMAT_RENDER | VDRM_FORMAT_MULTISAMPLE | VDRM_FORMAT_VERTEX },
	{ VDRM_FORMAT_MAX, 0, ~0u },
	{ 511, 0, ~0u },
	{ UINT32_MAX, 0, ~0u },
};

START_TEST(real_blob_format_usage)
{
	const struct usage_case *c = &usage_cases[_i];
	uint32_t usage = vdrm_caps_format_usage(&real_caps, c->format);

	ck_assert_msg((usage & c->granted) == c->granted,
		      "format %u (%s): usage 0x%x lacks 0x%x", c->format,
		      vdrm_format_name(c->format), usage, c->granted);
	ck_assert_msg(!(usage & c->denied), "format %u (%s): usage 0x%x has 0x%x",
		      c->format, vdrm_format_name(c->format), usage, usage & c->denied);
	if (c->granted)
		ck_assert(vdrm_caps_format_supports(&real_caps, c->format, c->granted));
	for (uint32_t bit = VDRM_FORMAT_SAMPLE; bit <= VDRM_FORMAT_MULTISAMPLE; bit <<= 1) {
		if (c->denied & bit)
			ck_assert(!vdrm_caps_format_supports(&real_caps, c->format, bit));
	}
}
END_TEST

static unsigned count_formats(uint32_t usage)
{
	unsigned n = 0;

	for (uint32_t f = 0; f < 512; f++)
		n += vdrm_caps_format_supports(&real_caps, f, usage);
	return n;
}

/* The counts the protocol doc measured on this host (§4.8). */
START_TEST(real_blob_mask_counts)
{
	ck_assert_uint_eq(count_formats(VDRM_FORMAT_SAMPLE), 120);
	ck_assert_uint_eq(count_formats(VDRM_FORMAT_RENDER), 93);
	ck_assert_uint_eq(count_formats(VDRM_FORMAT_READBACK), 118);
	ck_assert_uint_eq(count_formats(VDRM_FORMAT_SCANOUT), VDRM_FORMAT_MAX);
	ck_assert_uint_eq(count_formats(VDRM_FORMAT_MULTISAMPLE), 102);
	ck_assert(!vdrm_caps_format_supports(&real_caps, VDRM_FORMAT_R8G8B8A8_UNORM, 0));
}
END_TEST

/* virtgl-info names what the host samples: the table must know all of it. */
START_TEST(real_blob_sampleable_formats_are_named)
{
	for (uint32_t f = 0; f < VDRM_FORMAT_MAX; f++) {
		if (vdrm_caps_format_supports(&real_caps, f, VDRM_FORMAT_SAMPLE))
			ck_assert_msg(vdrm_format_describe(f), "format %u has no table row", f);
	}
}
END_TEST

/* ---- sizes and versions --------------------------------------------------- */

START_TEST(v1_prefix_has_no_v2)
{
	struct vdrm_caps expect, got;
	size_t v2_start = offsetof(struct vdrm_caps, min_aliased_point_size);

	memcpy(&expect, &real_caps, sizeof(expect));
	memset((uint8_t *)&expect + v2_start, 0, sizeof(expect) - v2_start);
	expect.has_v2 = false;
	ck_assert_int_eq(parse_exact(real_blob, VDRM_CAPS_V1_SIZE, 2, &got), VDRM_OK);
	ck_assert(!got.has_v2);
	ck_assert_uint_eq(got.glsl_level, 450);
	ck_assert_uint_eq(got.max_texture_2d_size, 0);
	ck_assert_uint_eq(got.renderer[0], 0);
	ck_assert(caps_equal(&got, &expect));

	/* capset 1 is the v1 struct even when the host sends more */
	expect.capset_id = 1;
	ck_assert_int_eq(parse_exact(real_blob, real_size, 1, &got), VDRM_OK);
	ck_assert(caps_equal(&got, &expect));
}
END_TEST

START_TEST(v1_max_version_ignores_v2_part)
{
	uint8_t blob[VDRM_CAPS_V2_SIZE];
	struct vdrm_caps got;
	uint32_t one = 1;

	memcpy(blob, real_blob, sizeof(blob));
	memcpy(blob, &one, sizeof(one));
	ck_assert_int_eq(parse_exact(blob, sizeof(blob), 2, &got), VDRM_OK);
	ck_assert_uint_eq(got.max_version, 1);
	ck_assert(!got.has_v2);
	ck_assert_uint_eq(got.capability_bits, 0);
	ck_assert_uint_eq(got.max_render_targets, 8);
}
END_TEST

/*
 * Any prefix parses like the full-size blob with the missing bytes zeroed
 * (whole dwords only: a torn trailing dword counts as missing).
 */
START_TEST(truncated_blob_is_zero_filled)
{
	size_t len = (size_t)_i;
	uint8_t padded[VDRM_CAPS_V2_SIZE] = { 0 };
	struct vdrm_caps got, expect;
	int ret = parse_exact(real_blob, len, 2, &got);

	if (len < 4) {
		ck_assert_int_eq(ret, VDRM_ERROR_INVALID_ARGUMENT);
		ck_assert_uint_eq(got.max_version, 0);
		return;
	}
	memcpy(padded, real_blob, len & ~(size_t)3);
	ck_assert_int_eq(vdrm_caps_parse(padded, sizeof(padded), 2, &expect), VDRM_OK);
	expect.has_v2 = len >= VDRM_CAPS_V1_SIZE + 4;
	ck_assert_int_eq(ret, VDRM_OK);
	ck_assert_msg(caps_equal(&got, &expect), "length %zu parses differently", len);
	ck_assert_uint_lt(strlen(got.renderer), sizeof(got.renderer));
}
END_TEST

START_TEST(oversized_blob_ignores_the_rest)
{
	uint8_t big[4096];
	struct vdrm_caps got;

	memset(big, 0xa5, sizeof(big));
	memcpy(big, real_blob, real_size);
	ck_assert_int_eq(parse_exact(big, sizeof(big), 2, &got), VDRM_OK);
	ck_assert(caps_equal(&got, &real_caps));
}
END_TEST

START_TEST(renderer_without_nul_is_terminated)
{
	uint8_t blob[VDRM_CAPS_V2_SIZE];
	struct vdrm_caps got;

	memcpy(blob, real_blob, sizeof(blob));
	memset(blob + 696, 'A', 64);
	ck_assert_int_eq(parse_exact(blob, sizeof(blob), 2, &got), VDRM_OK);
	ck_assert_uint_eq(strlen(got.renderer), 64);
	ck_assert_uint_eq(got.renderer[63], 'A');
	ck_assert_float_eq(got.max_anisotropy, 16.0f);

	/* a blob ending inside the string keeps the whole dwords before it */
	ck_assert_int_eq(parse_exact(real_blob, 696 + 6, 2, &got), VDRM_OK);
	ck_assert_str_eq(got.renderer, "LLVM");
}
END_TEST

START_TEST(bad_blobs_are_rejected)
{
	uint8_t blob[VDRM_CAPS_V2_SIZE];
	struct vdrm_caps got;

	memcpy(blob, real_blob, sizeof(blob));
	memset(blob, 0, 4);
	ck_assert_int_eq(parse_exact(blob, sizeof(blob), 2, &got), VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_uint_eq(got.glsl_level, 0);
	ck_assert_int_eq(vdrm_caps_parse(NULL, 8, 2, &got), VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_int_eq(vdrm_caps_parse(real_blob, real_size, 2, NULL),
			 VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_int_eq(vdrm_caps_parse(real_blob, real_size, 0, &got),
			 VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_int_eq(vdrm_caps_parse(real_blob, real_size, 3, &got),
			 VDRM_ERROR_INVALID_ARGUMENT);
}
END_TEST

/* ---- the offset table, checked against the doc ---------------------------- */

/* A blob whose every dword holds its own byte offset. */
static void parse_offset_blob(struct vdrm_caps *out)
{
	uint32_t words[VDRM_CAPS_V2_SIZE / 4];

	for (uint32_t i = 0; i < ARRAY_SIZE(words); i++)
		words[i] = i * 4;
	words[0] = 2; /* max_version */
	ck_assert_int_eq(vdrm_caps_parse(words, sizeof(words), 2, out), VDRM_OK);
}

struct offset_case {
	const char *field;
	size_t member; /* offsetof in struct vdrm_caps of the dword to look at */
	uint32_t wire; /* byte offset in the blob (protocol doc §4.2, §4.4) */
};

#define AT(m, off) { #m, offsetof(struct vdrm_caps, m), off }

static const struct offset_case offset_cases[] = {
	AT(sampler.bits[0], 4), AT(sampler.bits[15], 64),
	AT(render.bits[0], 68), AT(depthstencil.bits[0], 132),
	AT(vertexbuffer.bits[15], 256), AT(bset, 260), AT(glsl_level, 264),
	AT(max_texture_array_layers, 268), AT(max_streamout_buffers, 272),
	AT(max_dual_source_render_targets, 276), AT(max_render_targets, 280),
	AT(max_samples, 284), AT(prim_mask, 288), AT(max_tbo_size, 292),
	AT(max_uniform_blocks, 296), AT(max_viewports, 300),
	AT(max_texture_gather_components, 304),
	AT(min_aliased_point_size, 308), AT(max_smooth_line_width, 336),
	AT(max_texture_lod_bias, 340), AT(max_geom_output_vertices, 344),
	AT(max_geom_total_output_components, 348), AT(max_vertex_outputs, 352),
	AT(max_vertex_attribs, 356), AT(max_shader_patch_varyings, 360),
	AT(min_texel_offset, 364), AT(max_texture_gather_offset, 376),
	AT(texture_buffer_offset_alignment, 380), AT(uniform_buffer_offset_alignment, 384),
	AT(shader_buffer_offset_alignment, 388), AT(capability_bits, 392),
	AT(max_vertex_attrib_stride, 428), AT(max_shader_buffer_frag_compute, 432),
	AT(max_shader_buffer_other_stages, 436), AT(max_shader_image_frag_compute, 440),
	AT(max_shader_image_other_stages, 444), AT(max_image_samples, 448),
	AT(max_compute_work_group_invocations, 452), AT(max_compute_shared_memory_size, 456),
	AT(max_compute_grid_size[0], 460), AT(max_compute_grid_size[2], 468),
	AT(max_compute_block_size[0], 472), AT(max_compute_block_size[2], 480),
	AT(max_texture_2d_size, 484), AT(max_texture_3d_size, 488),
	AT(max_texture_cube_size, 492), AT(max_combined_shader_buffers, 496),
	AT(host_feature_check_version, 556), AT(readback.bits[0], 560),
	AT(scanout.bits[0], 624), AT(scanout.bits[15], 684), AT(capability_bits_v2, 688),
	AT(max_video_memory, 692), AT(renderer[0], 696), AT(renderer[60], 756),
	AT(max_anisotropy, 760), AT(max_texture_image_units, 764),
	AT(multisample.bits[0], 768), AT(multisample.bits[15], 828),
	AT(max_const_buffer_size[0], 832), AT(max_const_buffer_size[5], 852),
	AT(max_uniform_block_size, 1372),
};

START_TEST(fields_come_from_documented_offsets)
{
	const struct offset_case *c = &offset_cases[_i];
	struct vdrm_caps caps;
	uint32_t value;

	parse_offset_blob(&caps);
	memcpy(&value, (const uint8_t *)&caps + c->member, sizeof(value));
	ck_assert_msg(value == c->wire, "%s: read from offset %u, documented at %u",
		      c->field, value, c->wire);
}
END_TEST

/* ---- format numbers ------------------------------------------------------- */

START_TEST(format_masks_stop_at_format_max)
{
	struct vdrm_caps caps;

	memset(&caps, 0xff, sizeof(caps));
	caps.has_v2 = true;
	ck_assert_uint_ne(vdrm_caps_format_usage(&caps, VDRM_FORMAT_MAX - 1), 0);
	for (uint32_t f = VDRM_FORMAT_MAX; f < 512; f++)
		ck_assert_uint_eq(vdrm_caps_format_usage(&caps, f), 0);
	ck_assert_uint_eq(vdrm_caps_format_usage(&caps, UINT32_MAX), 0);
	ck_assert_uint_eq(vdrm_caps_format_usage(NULL, 1), 0);
}
END_TEST

struct name_case {
	uint32_t format;
	const char *name;
	uint8_t bytes, bw, bh;
};

/* The wire numbers the protocol doc verified (§4.10), and block sizes. */
static const struct name_case name_cases[] = {
	{ 1, "B8G8R8A8_UNORM", 4, 1, 1 },
	{ 7, "B5G6R5_UNORM", 2, 1, 1 },
	{ 16, "Z16_UNORM", 2, 1, 1 },
	{ 18, "Z32_FLOAT", 4, 1, 1 },
	{ 20, "S8_UINT_Z24_UNORM", 4, 1, 1 },
	{ 28, "R32_FLOAT", 4, 1, 1 },
	{ 30, "R32G32B32_FLOAT", 12, 1, 1 },
	{ 64, "R8_UNORM", 1, 1, 1 },
	{ 67, "R8G8B8A8_UNORM", 4, 1, 1 },
	{ 104, "R8G8B8A8_SRGB", 4, 1, 1 },
	{ 105, "DXT1_RGB", 8, 4, 4 },
	{ 124, "R11G11B10_FLOAT", 4, 1, 1 },
	{ 125, "R9G9B9E5_FLOAT", 4, 1, 1 },
	{ 126, "Z32_FLOAT_S8X24_UINT", 8, 1, 1 },
	{ 134, "R8G8B8X8_UNORM", 4, 1, 1 },
	{ 173, "R10G10B10A2_SNORM", 4, 1, 1 },
	{ 200, "R32G32B32A32_SINT", 16, 1, 1 },
	{ 226, "ETC1_RGB8", 8, 4, 4 },
	{ 236, "R16G16B16X16_FLOAT", 8, 1, 1 },
	{ 253, "R10G10B10A2_UINT", 4, 1, 1 },
	{ 273, "ETC2_RGBA8", 16, 4, 4 },
	{ 288, "ASTC_10x6", 16, 10, 6 },
	{ 306, "ASTC_12x12_SRGB", 16, 12, 12 },
	{ 312, "R8_SRGB", 1, 1, 1 },
	{ 313, "R8G8_SRGB", 2, 1, 1 },
	{ 321, "R5G6B5_UNORM", 2, 1, 1 },
};

START_TEST(format_numbers_and_blocks)
{
	const struct name_case *c = &name_cases[_i];
	const struct vdrm_format_desc *d = vdrm_format_describe(c->format);

	ck_assert_ptr_nonnull(d);
	ck_assert_str_eq(d->name, c->name);
	ck_assert_str_eq(vdrm_format_name(c->format), c->name);
	ck_assert_uint_eq(d->format, c->format);
	ck_assert_uint_eq(d->block_bytes, c->bytes);
	ck_assert_uint_eq(d->block_w, c->bw);
	ck_assert_uint_eq(d->block_h, c->bh);
}
END_TEST

/* NONE, the values 0.10.4 leaves unused or assigns twice, and the ones past
 * VIRGL_FORMAT_MAX: none may be sent. */
static const uint32_t unusable_formats[] = {
	0, 73, 78, 79, 80, 81, 86, 262, 263, 264, 265, 266, 307, 309, 310,
	VDRM_FORMAT_MAX, 511, UINT32_MAX,
};

START_TEST(unusable_format_numbers)
{
	uint32_t f = unusable_formats[_i];

	ck_assert_ptr_null(vdrm_format_describe(f));
	ck_assert_str_eq(vdrm_format_name(f), "UNKNOWN");
}
END_TEST

/* Every row is self-consistent; run over the whole number space. */
START_TEST(format_rows_are_consistent)
{
	for (uint32_t f = 0; f < VDRM_FORMAT_MAX; f++) {
		const struct vdrm_format_desc *d = vdrm_format_describe(f);
		bool compressed = d && (d->flags & VDRM_FMT_COMPRESSED);

		if (!d)
			continue;
		ck_assert_uint_eq(d->format, f);
		ck_assert(d->block_bytes >= 1 && d->block_bytes <= 16);
		ck_assert(d->block_w >= 1 && d->block_h >= 1);
		ck_assert(compressed == (d->block_w > 1 || d->block_h > 1));
		if (d->flags & VDRM_FMT_VERTEX)
			ck_assert(!compressed && !(d->flags & (VDRM_FMT_DEPTH | VDRM_FMT_STENCIL)));
		ck_assert_ptr_eq(vdrm_format_describe(f), d); /* stable, no copies */
	}
}
END_TEST

static Suite *caps_suite(void)
{
	Suite *s = suite_create("vdrm_caps");
	TCase *real = tcase_create("captured blob");
	TCase *sizes = tcase_create("sizes and versions");
	TCase *layout = tcase_create("offset table");
	TCase *formats = tcase_create("format table");

	tcase_add_checked_fixture(real, load_real_blob, free_real_blob);
	tcase_add_test(real, real_blob_v1_values);
	tcase_add_test(real, real_blob_v2_limits);
	tcase_add_test(real, real_blob_queries);
	tcase_add_test(real, real_blob_v2_features);
	tcase_add_loop_test(real, real_blob_format_usage, 0, ARRAY_SIZE(usage_cases));
	tcase_add_test(real, real_blob_mask_counts);
	tcase_add_test(real, real_blob_sampleable_formats_are_named);
	suite_add_tcase(s, real);

	tcase_add_checked_fixture(sizes, load_real_blob, free_real_blob);
	tcase_add_test(sizes, v1_prefix_has_no_v2);
	tcase_add_test(sizes, v1_max_version_ignores_v2_part);
	tcase_add_loop_test(sizes, truncated_blob_is_zero_filled, 0, VDRM_CAPS_V2_SIZE + 1);
	tcase_add_test(sizes, oversized_blob_ignores_the_rest);
	tcase_add_test(sizes, renderer_without_nul_is_terminated);
	tcase_add_test(sizes, bad_blobs_are_rejected);
	suite_add_tcase(s, sizes);

	tcase_add_loop_test(layout, fields_come_from_documented_offsets, 0,
			    ARRAY_SIZE(offset_cases));
	suite_add_tcase(s, layout);

	tcase_add_test(formats, format_masks_stop_at_format_max);
	tcase_add_loop_test(formats, format_numbers_and_blocks, 0, ARRAY_SIZE(name_cases));
	tcase_add_loop_test(formats, unusable_format_numbers, 0, ARRAY_SIZE(unusable_formats));
	tcase_add_test(formats, format_rows_are_consistent);
	suite_add_tcase(s, formats);
	return s;
}

int main(void)
{
	return check_run(caps_suite(), CK_NORMAL);
}
