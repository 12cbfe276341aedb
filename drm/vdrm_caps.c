/* SPDX-License-Identifier: MIT */
/*
 * Capset parsing. The wire layout is described once, as a table of
 * (blob offset, size, struct vdrm_caps member) rows; the parser only walks the
 * table, so a field cannot be read from the wrong place by a typo in code, and
 * no byte beyond the host's blob (or beyond the struct this parser knows) is
 * ever touched.
 */
#include <stddef.h>
#include <string.h>

#include "vdrm_caps.h"
#include "vdrm_format.h"
#include "vdrm_result.h"

/* virtio is little-endian; the rows are copied as bytes. */
_Static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__,
	       "vdrm_caps_parse copies little-endian host words as they are");

struct caps_field {
	uint16_t blob_offset; /* byte offset in struct virgl_caps_v2 */
	uint16_t size;        /* bytes on the wire */
	uint16_t caps_offset; /* offsetof(struct vdrm_caps, member) */
};

#define MEMBER_SIZE(m) sizeof(((struct vdrm_caps *)0)->m)
#define ROW_N(off, m, n) { off, n, offsetof(struct vdrm_caps, m) }
#define ROW(off, m) ROW_N(off, m, MEMBER_SIZE(m))

/*
 * The virgl_caps_v2 layout of virglrenderer 0.10.4 (protocol doc §4.2, §4.4).
 * Host fields this driver has no use for (sample_locations, atomic counter
 * limits, video caps) are skipped, which is why there are holes.
 */
static const struct caps_field caps_layout[] = {
	/* v1 */
	ROW(0, max_version),
	ROW(4, sampler),
	ROW(68, render),
	ROW(132, depthstencil),
	ROW(196, vertexbuffer),
	ROW(260, bset),
	ROW(264, glsl_level),
	ROW(268, max_texture_array_layers),
	ROW(272, max_streamout_buffers),
	ROW(276, max_dual_source_render_targets),
	ROW(280, max_render_targets),
	ROW(284, max_samples),
	ROW(288, prim_mask),
	ROW(292, max_tbo_size),
	ROW(296, max_uniform_blocks),
	ROW(300, max_viewports),
	ROW(304, max_texture_gather_components),
	/* v2 */
	ROW(308, min_aliased_point_size),
	ROW(312, max_aliased_point_size),
	ROW(316, min_smooth_point_size),
	ROW(320, max_smooth_point_size),
	ROW(324, min_aliased_line_width),
	ROW(328, max_aliased_line_width),
	ROW(332, min_smooth_line_width),
	ROW(336, max_smooth_line_width),
	ROW(340, max_texture_lod_bias),
	ROW(344, max_geom_output_vertices),
	ROW(348, max_geom_total_output_components),
	ROW(352, max_vertex_outputs),
	ROW(356, max_vertex_attribs),
	ROW(360, max_shader_patch_varyings),
	ROW(364, min_texel_offset),
	ROW(368, max_texel_offset),
	ROW(372, min_texture_gather_offset),
	ROW(376, max_texture_gather_offset),
	ROW(380, texture_buffer_offset_alignment),
	ROW(384, uniform_buffer_offset_alignment),
	ROW(388, shader_buffer_offset_alignment),
	ROW(392, capability_bits),
	/* 396: sample_locations[8] */
	ROW(428, max_vertex_attrib_stride),
	ROW(432, max_shader_buffer_frag_compute),
	ROW(436, max_shader_buffer_other_stages),
	ROW(440, max_shader_image_frag_compute),
	ROW(444, max_shader_image_other_stages),
	ROW(448, max_image_samples),
	ROW(452, max_compute_work_group_invocations),
	ROW(456, max_compute_shared_memory_size),
	ROW(460, max_compute_grid_size),
	ROW(472, max_compute_block_size),
	ROW(484, max_texture_2d_size),
	ROW(488, max_texture_3d_size),
	ROW(492, max_texture_cube_size),
	ROW(496, max_combined_shader_buffers),
	/* 500: atomic counter limits */
	ROW(556, host_feature_check_version),
	ROW(560, readback),
	ROW(624, scanout),
	ROW(688, capability_bits_v2),
	ROW(692, max_video_memory),
	/* the host's 64 bytes; the 65th byte of the member stays NUL */
	ROW_N(696, renderer, 64),
	ROW(760, max_anisotropy),
	ROW(764, max_texture_image_units),
	ROW(768, multisample),
	ROW(832, max_const_buffer_size),
	/* 856: num_video_caps, video_caps[32] */
	ROW(1372, max_uniform_block_size),
};

_Static_assert(MEMBER_SIZE(renderer) > 64, "renderer needs room for a NUL");

/*
 * How many bytes of the blob to read: v1 blobs (capset 1, max_version 1, or
 * a blob that ends at the v1 size) stop at the v1 struct; anything past the
 * struct this parser knows is ignored.
 */
static size_t parse_limit(size_t size, uint32_t capset_id, uint32_t max_version)
{
	size_t known = VDRM_CAPS_V1_SIZE;

	if (capset_id == 2 && max_version >= 2)
		known = VDRM_CAPS_V2_SIZE;
	return size < known ? size : known;
}

static void copy_field(const struct caps_field *f, const uint8_t *blob, size_t limit,
		       struct vdrm_caps *out)
{
	size_t n;

	if (f->blob_offset >= limit)
		return;
	n = limit - f->blob_offset;
	if (n > f->size)
		n = f->size;
	/* Whole dwords only: half a dword is a value the host never sent. */
	n &= ~(size_t)3;
	memcpy((uint8_t *)out + f->caps_offset, blob + f->blob_offset, n);
}

int vdrm_caps_parse(const void *blob, size_t size, uint32_t capset_id, struct vdrm_caps *out)
{
	uint32_t max_version;
	size_t limit;

	if (!out)
		return VDRM_ERROR_INVALID_ARGUMENT;
	memset(out, 0, sizeof(*out));
	if (!blob || size < sizeof(max_version) || (capset_id != 1 && capset_id != 2))
		return VDRM_ERROR_INVALID_ARGUMENT;
	memcpy(&max_version, blob, sizeof(max_version));
	if (max_version == 0)
		return VDRM_ERROR_INVALID_ARGUMENT;

	limit = parse_limit(size, capset_id, max_version);
	for (size_t i = 0; i < sizeof(caps_layout) / sizeof(caps_layout[0]); i++)
		copy_field(&caps_layout[i], blob, limit, out);
	out->capset_id = capset_id;
	out->has_v2 = limit >= VDRM_CAPS_V1_SIZE + 4; /* at least one v2 dword */
	return VDRM_OK;
}

static bool mask_has(const struct vdrm_format_mask *mask, uint32_t format)
{
	return mask->bits[format / 32] & (1u << (format % 32));
}

static bool is_depth_stencil(const struct vdrm_format_desc *desc)
{
	return desc && (desc->flags & (VDRM_FMT_DEPTH | VDRM_FMT_STENCIL));
}

/*
 * 0.10.4 sets only R11G11B10_FLOAT in the vertexbuffer mask and assumes the
 * plain array formats, so those are granted from the format table.
 */
static bool can_fetch_vertices(const struct vdrm_caps *caps, uint32_t format,
			       const struct vdrm_format_desc *desc)
{
	return mask_has(&caps->vertexbuffer, format) ||
	       (desc && (desc->flags & VDRM_FMT_VERTEX));
}

uint32_t vdrm_caps_format_usage(const struct vdrm_caps *caps, uint32_t format)
{
	const struct vdrm_format_desc *desc;
	uint32_t usage = 0;

	if (!caps || format >= VDRM_FORMAT_MAX)
		return 0;
	desc = vdrm_format_describe(format);
	if (mask_has(&caps->sampler, format))
		usage |= VDRM_FORMAT_SAMPLE;
	/* The host only fills the render mask for formats it can also sample. */
	if ((usage & VDRM_FORMAT_SAMPLE) && mask_has(&caps->render, format))
		usage |= VDRM_FORMAT_RENDER;
	/* 0.10.4 leaves the depthstencil mask empty: depth support shows up in
	 * the sampler mask. A newer host filling it is believed too. */
	if (is_depth_stencil(desc) &&
	    ((usage & VDRM_FORMAT_SAMPLE) || mask_has(&caps->depthstencil, format)))
		usage |= VDRM_FORMAT_DEPTH_STENCIL;
	if (can_fetch_vertices(caps, format, desc))
		usage |= VDRM_FORMAT_VERTEX;
	if (mask_has(&caps->readback, format))
		usage |= VDRM_FORMAT_READBACK;
	if (mask_has(&caps->scanout, format))
		usage |= VDRM_FORMAT_SCANOUT;
	if (mask_has(&caps->multisample, format))
		usage |= VDRM_FORMAT_MULTISAMPLE;
	return usage;
}

bool vdrm_caps_format_supports(const struct vdrm_caps *caps, uint32_t format, uint32_t usage)
{
	return usage && (vdrm_caps_format_usage(caps, format) & usage) == usage;
}
