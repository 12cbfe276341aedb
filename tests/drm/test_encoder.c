/* SPDX-License-Identifier: MIT */
/*
 * The virgl encoders (from gen_virgl.py) and the decoder: every encoder against dwords
 * written by hand from docs/virgl-protocol-and-tgsi.md (captured values where
 * the doc has them), every encoding decoded back, the decoder's rejections,
 * the sticky error, and real streams captured from Mesa and from a
 * hand-written client the host accepted.
 */
#include <check.h>

#include "check_run.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vdrm_cmds.h"
#include "vdrm_cs.h"
#include "vdrm_decode.h"
#include "vdrm_query.h"
#include "vdrm_result.h"
#include "vdrm_streamout.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The TGSI of doc 6.5, exactly as the host accepted it. */
static const char vs_text[] =
	"VERT\nDCL IN[0]\nDCL IN[1]\nDCL OUT[0], POSITION\nDCL OUT[1], GENERIC[0]\n"
	"  0: MOV OUT[0], IN[0]\n  1: MOV OUT[1], IN[1]\n  2: END\n";
static const char fs_text[] =
	"FRAG\nDCL IN[0], GENERIC[0], PERSPECTIVE\nDCL OUT[0], COLOR\nDCL CONST[0]\n"
	"DCL CONST[1][0]\nDCL TEMP[0]\nIMM[0] FLT32 {0.0, 0.25, 0.0, 0.5}\n"
	"  0: MUL TEMP[0], IN[0], CONST[0]\n  1: MAD OUT[0], TEMP[0], CONST[1][0], IMM[0]\n"
	"  2: END\n";

/* --- golden dwords, one or more cases per encoder ----------------------------- */

struct golden {
	const char *encoder;   /* row of the table, as in VDRM_FOREACH_ENCODER */
	const char *desc_name; /* what the decoder must call it */
	void (*encode)(struct vdrm_cs *cs);
	const uint32_t *dwords;
	uint32_t ndw;
};

static void enc_nop(struct vdrm_cs *cs)
{
	vdrm_encode_nop(cs, &(struct vdrm_cmd_nop){ .pad_dwords = 0 });
}
static const uint32_t gold_nop[] = { 0x00000000 };

static void enc_nop_pad(struct vdrm_cs *cs)
{
	vdrm_encode_nop(cs, &(struct vdrm_cmd_nop){ .pad_dwords = 2 });
}
static const uint32_t gold_nop_pad[] = { 0x00020000, 0, 0 };

/* Doc 6.3: blending off, dither, RT0 writes RGBA. */
static void enc_create_blend(struct vdrm_cs *cs)
{
	vdrm_encode_create_blend(cs, &(struct vdrm_cmd_create_blend){
		.handle = 7, .s0 = 0x4, .rt = { 0x78000000, 0, 0, 0, 0, 0, 0, 0x28000000 } });
}
static const uint32_t gold_create_blend[] = {
	0x000b0101, 0x00000007, 0x00000004, 0x00000000, 0x78000000,
	0, 0, 0, 0, 0, 0, 0x28000000,
};

/* Doc 2.2: culling, scissor, polygon offset (1, 2), discard. */
static void enc_create_rasterizer(struct vdrm_cs *cs)
{
	vdrm_encode_create_rasterizer(cs, &(struct vdrm_cmd_create_rasterizer){
		.handle = 8, .s0 = 0x2110c2ca, .point_size = 1.0f, .sprite_coord_enable = 0x3,
		.s3 = 0x0000ffff, .line_width = 1.0f, .offset_units = 2.0f, .offset_scale = 1.0f,
		.offset_clamp = -0.5f });
}
static const uint32_t gold_create_rasterizer[] = {
	0x00090201, 0x00000008, 0x2110c2ca, 0x3f800000, 0x00000003, 0x0000ffff,
	0x3f800000, 0x40000000, 0x3f800000, 0xbf000000,
};

/* Doc 2.3: LEQUAL depth, front/back stencil as captured. */
static void enc_create_dsa(struct vdrm_cs *cs)
{
	vdrm_encode_create_dsa(cs, &(struct vdrm_cmd_create_dsa){
		.handle = 4, .s0 = 0xf, .stencil = { 0x01fe0005, 0x01fff3df }, .alpha_ref = 0.5f });
}
static const uint32_t gold_create_dsa[] = {
	0x00050301, 0x00000004, 0x0000000f, 0x01fe0005, 0x01fff3df, 0x3f000000,
};

/* 9 characters: the NUL and padding fill the third text dword. */
static void enc_create_shader(struct vdrm_cs *cs)
{
	vdrm_encode_create_shader(cs, &(struct vdrm_cmd_create_shader){
		.handle = 2, .type = 0, .num_tokens = 21, .data = "VERT\nEND\n", .size_bytes = 9 });
}
static const uint32_t gold_create_shader[] = {
	0x00080401, 0x00000002, 0x00000000, 0x0000000a, 0x00000015, 0x00000000,
	0x54524556, 0x444e450a, 0x0000000a,
};

/* 8 characters: the NUL needs a dword of its own. */
static void enc_create_shader_nul(struct vdrm_cs *cs)
{
	vdrm_encode_create_shader(cs, &(struct vdrm_cmd_create_shader){
		.handle = 3, .type = 1, .num_tokens = 300, .data = "FRAG\nEND", .size_bytes = 8 });
}
static const uint32_t gold_create_shader_nul[] = {
	0x00080401, 0x00000003, 0x00000001, 0x00000009, 0x0000012c, 0x00000000,
	0x47415246, 0x444e450a, 0x00000000,
};

/* Stream output: count, four strides, then (output, stream) per output. */
static void enc_create_shader_so(struct vdrm_cs *cs)
{
	static const struct vdrm_create_shader_elem so[] = {
		{ .output = 0x1001, .stream = 0 },
		{ .output = 0x00042402, .stream = 1 },
	};

	vdrm_encode_create_shader(cs, &(struct vdrm_cmd_create_shader){
		.handle = 5, .type = 0, .num_tokens = 40, .so_stride = { 4, 2, 0, 0 },
		.elems = so, .count = 2, .data = "VERT", .size_bytes = 4 });
}
static const uint32_t gold_create_shader_so[] = {
	0x000f0401, 0x00000005, 0x00000000, 0x00000005, 0x00000028, 0x00000002,
	0x00000004, 0x00000002, 0x00000000, 0x00000000,
	0x00001001, 0x00000000, 0x00042402, 0x00000001,
	0x54524556, 0x00000000,
};

/* Compute: dword 5 is the shared memory size. */
static void enc_create_shader_cs(struct vdrm_cs *cs)
{
	vdrm_encode_create_shader(cs, &(struct vdrm_cmd_create_shader){
		.handle = 6, .type = 5, .num_tokens = 50, .local_mem_bytes = 0x8000,
		.data = "COMP", .size_bytes = 4 });
}
static const uint32_t gold_create_shader_cs[] = {
	0x00070401, 0x00000006, 0x00000005, 0x00000005, 0x00000032, 0x00008000,
	0x504d4f43, 0x00000000,
};

/* Doc 2.4's captured split: a first part of 8 text bytes of 13 (the NUL
 * included), then the continuation at byte 8 with the rest, NUL and padding. */
static void enc_create_shader_part(struct vdrm_cs *cs)
{
	vdrm_encode_create_shader_part(cs, &(struct vdrm_cmd_create_shader_part){
		.handle = 9, .type = 1, .offlen = 13, .num_tokens = 30, .data = "FRAG\nEND\n",
		.size_bytes = 8 });
}
static const uint32_t gold_create_shader_part[] = {
	0x00070401, 0x00000009, 0x00000001, 0x0000000d, 0x0000001e, 0x00000000,
	0x47415246, 0x444e450a,
};

static void enc_create_shader_part_cont(struct vdrm_cs *cs)
{
	vdrm_encode_create_shader_part(cs, &(struct vdrm_cmd_create_shader_part){
		.handle = 9, .type = 5, .offlen = 0x80000008, .num_tokens = 30,
		.local_mem_bytes = 0x100, .data = "\n  \n", .size_bytes = 5 });
}
static const uint32_t gold_create_shader_part_cont[] = {
	0x00070401, 0x00000009, 0x00000005, 0x80000008, 0x0000001e, 0x00000100,
	0x0a20200a, 0x00000000,
};

/* Doc 6.3: vec4 at 0 and vec2 at 16 of buffer 0. */
static void enc_create_vertex_elements(struct vdrm_cs *cs)
{
	static const struct vdrm_create_vertex_elements_elem ve[] = {
		{ .src_offset = 0, .instance_divisor = 0, .vertex_buffer_index = 0, .src_format = 31 },
		{ .src_offset = 16, .instance_divisor = 1, .vertex_buffer_index = 2, .src_format = 29 },
	};

	vdrm_encode_create_vertex_elements(cs, &(struct vdrm_cmd_create_vertex_elements){
		.handle = 9, .elems = ve, .count = 2 });
}
static const uint32_t gold_create_vertex_elements[] = {
	0x00090501, 0x00000009, 0x00000000, 0x00000000, 0x00000000, 0x0000001f,
	0x00000010, 0x00000001, 0x00000002, 0x0000001d,
};

/* Doc 2.6: 2D RGBA8 with three levels. */
static void enc_create_sampler_view(struct vdrm_cs *cs)
{
	vdrm_encode_create_sampler_view(cs, &(struct vdrm_cmd_create_sampler_view){
		.handle = 0x10, .res = 5, .format = 0x02000043, .layers_or_first_elem = 0,
		.levels_or_last_elem = 0x200, .swizzle = 0x688 });
}
static const uint32_t gold_create_sampler_view[] = {
	0x00060601, 0x00000010, 0x00000005, 0x02000043, 0x00000000, 0x00000200, 0x00000688,
};

static void enc_create_sampler_state(struct vdrm_cs *cs)
{
	vdrm_encode_create_sampler_state(cs, &(struct vdrm_cmd_create_sampler_state){
		.handle = 6, .s0 = 0x000b1000, .lod_bias = -1.5f, .min_lod = 0.0f, .max_lod = 1000.0f,
		.border_color = { 1, 2, 3, 4 } });
}
static const uint32_t gold_create_sampler_state[] = {
	0x00090701, 0x00000006, 0x000b1000, 0xbfc00000, 0x00000000, 0x447a0000,
	0x00000001, 0x00000002, 0x00000003, 0x00000004,
};

/* Doc 6.5: SURFACE 10 on resource 1, RGBA8. */
static void enc_create_surface(struct vdrm_cs *cs)
{
	vdrm_encode_create_surface(cs, &(struct vdrm_cmd_create_surface){
		.handle = 10, .res = 1, .format = 0x43 });
}
static const uint32_t gold_create_surface[] = {
	0x00050801, 0x0000000a, 0x00000001, 0x00000043, 0x00000000, 0x00000000,
};

static void enc_create_msaa_surface(struct vdrm_cs *cs)
{
	vdrm_encode_create_msaa_surface(cs, &(struct vdrm_cmd_create_msaa_surface){
		.handle = 11, .res = 2, .format = 0x43, .level_or_first_elem = 1,
		.layers_or_last_elem = 0x00030002, .sample_count = 4 });
}
static const uint32_t gold_create_msaa_surface[] = {
	0x00060b01, 0x0000000b, 0x00000002, 0x00000043, 0x00000001, 0x00030002, 0x00000004,
};

static void enc_create_query(struct vdrm_cs *cs)
{
	vdrm_encode_create_query(cs, &(struct vdrm_cmd_create_query){
		.handle = 0xd, .type_index = 0x00010006, .offset = 0, .res = 0x10 });
}
static const uint32_t gold_create_query[] = {
	0x00040901, 0x0000000d, 0x00010006, 0x00000000, 0x00000010,
};

/* The query types by name (vdrm_query.h): type in bits 0-15, stream above. */
static uint32_t type_index(uint32_t type, uint32_t index)
{
	uint32_t ti = 0;

	ck_assert(vdrm_query_type_index(type, index, &ti));
	return ti;
}

static void enc_create_query_conservative(struct vdrm_cs *cs)
{
	vdrm_encode_create_query(cs, &(struct vdrm_cmd_create_query){
		.handle = 0x21,
		.type_index = type_index(VDRM_QUERY_OCCLUSION_PREDICATE_CONSERVATIVE, 0),
		.res = 0x30 });
}
static const uint32_t gold_create_query_conservative[] = {
	0x00040901, 0x00000021, 0x0000000b, 0x00000000, 0x00000030,
};

static void enc_create_query_emitted_stream1(struct vdrm_cs *cs)
{
	vdrm_encode_create_query(cs, &(struct vdrm_cmd_create_query){
		.handle = 0x22, .type_index = type_index(VDRM_QUERY_PRIMITIVES_EMITTED, 1),
		.res = 0x31 });
}
static const uint32_t gold_create_query_emitted_stream1[] = {
	0x00040901, 0x00000022, 0x00010006, 0x00000000, 0x00000031,
};

static void enc_create_query_timestamp(struct vdrm_cs *cs)
{
	vdrm_encode_create_query(cs, &(struct vdrm_cmd_create_query){
		.handle = 0x23, .type_index = type_index(VDRM_QUERY_TIMESTAMP, 0), .res = 0x32 });
}
static const uint32_t gold_create_query_timestamp[] = {
	0x00040901, 0x00000023, 0x00000002, 0x00000000, 0x00000032,
};

static void enc_get_query_result_qbo_u32(struct vdrm_cs *cs)
{
	vdrm_encode_get_query_result_qbo(cs, &(struct vdrm_cmd_get_query_result_qbo){
		.handle = 0x21, .qbo_res = 0x40, .wait = 0, .result_type = VDRM_QUERY_RESULT_U32,
		.offset = 4, .index = 0 });
}
static const uint32_t gold_get_query_result_qbo_u32[] = {
	0x0006002a, 0x00000021, 0x00000040, 0x00000000, 0x00000001, 0x00000004, 0x00000000,
};

/* Doc 2.10 as captured. */
static void enc_create_streamout_target(struct vdrm_cs *cs)
{
	vdrm_encode_create_streamout_target(cs, &(struct vdrm_cmd_create_streamout_target){
		.handle = 0xe, .res = 0x10, .offset = 0, .size = 0x100 });
}
static const uint32_t gold_create_streamout_target[] = {
	0x00040a01, 0x0000000e, 0x00000010, 0x00000000, 0x00000100,
};

static void enc_bind_blend(struct vdrm_cs *cs)
{
	vdrm_encode_bind_blend(cs, &(struct vdrm_cmd_bind_blend){ .handle = 7 });
}
static const uint32_t gold_bind_blend[] = { 0x00010102, 0x00000007 };

static void enc_bind_dsa(struct vdrm_cs *cs)
{
	vdrm_encode_bind_dsa(cs, &(struct vdrm_cmd_bind_dsa){ .handle = 4 });
}
static const uint32_t gold_bind_dsa[] = { 0x00010302, 0x00000004 };

static void enc_bind_rasterizer(struct vdrm_cs *cs)
{
	vdrm_encode_bind_rasterizer(cs, &(struct vdrm_cmd_bind_rasterizer){ .handle = 8 });
}
static const uint32_t gold_bind_rasterizer[] = { 0x00010202, 0x00000008 };

static void enc_bind_vertex_elements(struct vdrm_cs *cs)
{
	vdrm_encode_bind_vertex_elements(cs, &(struct vdrm_cmd_bind_vertex_elements){ .handle = 9 });
}
static const uint32_t gold_bind_vertex_elements[] = { 0x00010502, 0x00000009 };

static void enc_destroy_object(struct vdrm_cs *cs)
{
	vdrm_encode_destroy_object(cs, &(struct vdrm_cmd_destroy_object){
		.obj_type = VDRM_OBJ_SAMPLER_VIEW, .handle = 5 });
}
static const uint32_t gold_destroy_object[] = { 0x00010603, 0x00000005 };

static void enc_bind_shader(struct vdrm_cs *cs)
{
	vdrm_encode_bind_shader(cs, &(struct vdrm_cmd_bind_shader){ .handle = 3, .type = 1 });
}
static const uint32_t gold_bind_shader[] = { 0x0002001f, 0x00000003, 0x00000001 };

/* Doc 3.1, compute-only program. */
static void enc_link_shader(struct vdrm_cs *cs)
{
	vdrm_encode_link_shader(cs, &(struct vdrm_cmd_link_shader){ .vs = 2, .fs = 3, .cs = 6 });
}
static const uint32_t gold_link_shader[] = {
	0x00060034, 0x00000002, 0x00000003, 0x00000000, 0x00000000, 0x00000000, 0x00000006,
};

static void enc_create_sub_ctx(struct vdrm_cs *cs)
{
	vdrm_encode_create_sub_ctx(cs, &(struct vdrm_cmd_create_sub_ctx){ .sub_ctx_id = 1 });
}
static const uint32_t gold_create_sub_ctx[] = { 0x0001001d, 0x00000001 };

static void enc_set_sub_ctx(struct vdrm_cs *cs)
{
	vdrm_encode_set_sub_ctx(cs, &(struct vdrm_cmd_set_sub_ctx){ .sub_ctx_id = 1 });
}
static const uint32_t gold_set_sub_ctx[] = { 0x0001001c, 0x00000001 };

static void enc_destroy_sub_ctx(struct vdrm_cs *cs)
{
	vdrm_encode_destroy_sub_ctx(cs, &(struct vdrm_cmd_destroy_sub_ctx){ .sub_ctx_id = 2 });
}
static const uint32_t gold_destroy_sub_ctx[] = { 0x0001001e, 0x00000002 };

/* Doc 3.2 as captured: two colour buffers and a depth surface. */
static void enc_set_framebuffer_state(struct vdrm_cs *cs)
{
	static const uint32_t cbufs[] = { 1, 2 };

	vdrm_encode_set_framebuffer_state(cs, &(struct vdrm_cmd_set_framebuffer_state){
		.zsurf = 3, .elems = cbufs, .count = 2 });
}
static const uint32_t gold_set_framebuffer_state[] = {
	0x00040005, 0x00000002, 0x00000003, 0x00000001, 0x00000002,
};

static void enc_set_framebuffer_state_no_attach(struct vdrm_cs *cs)
{
	vdrm_encode_set_framebuffer_state_no_attach(cs,
		&(struct vdrm_cmd_set_framebuffer_state_no_attach){ .width_height = 0x00400040 });
}
static const uint32_t gold_set_framebuffer_state_no_attach[] = {
	0x00020026, 0x00400040, 0x00000000,
};

/* Doc 6.3: a 64x64 FBO with glDepthRangef(0, 1). */
static void enc_set_viewport_state(struct vdrm_cs *cs)
{
	static const struct vdrm_set_viewport_state_elem vp = {
		32.0f, 32.0f, 0.5f, 32.0f, 32.0f, 0.5f,
	};

	vdrm_encode_set_viewport_state(cs, &(struct vdrm_cmd_set_viewport_state){
		.start_slot = 0, .elems = &vp, .count = 1 });
}
static const uint32_t gold_set_viewport_state[] = {
	0x00070004, 0x00000000, 0x42000000, 0x42000000, 0x3f000000,
	0x42000000, 0x42000000, 0x3f000000,
};

/* Doc 3.2: glScissor(1, 2, 20, 24). */
static void enc_set_scissor_state(struct vdrm_cs *cs)
{
	static const struct vdrm_set_scissor_state_elem sc = { 0x00020001, 0x001a0015 };

	vdrm_encode_set_scissor_state(cs, &(struct vdrm_cmd_set_scissor_state){
		.elems = &sc, .count = 1 });
}
static const uint32_t gold_set_scissor_state[] = { 0x0003000f, 0x00000000, 0x00020001, 0x001a0015 };

static void enc_set_blend_color(struct vdrm_cs *cs)
{
	vdrm_encode_set_blend_color(cs, &(struct vdrm_cmd_set_blend_color){
		.color = { 0.25f, 0.5f, 0.75f, 1.0f } });
}
static const uint32_t gold_set_blend_color[] = {
	0x0004000e, 0x3e800000, 0x3f000000, 0x3f400000, 0x3f800000,
};

static void enc_set_stencil_ref(struct vdrm_cs *cs)
{
	vdrm_encode_set_stencil_ref(cs, &(struct vdrm_cmd_set_stencil_ref){ .ref = 0x5a });
}
static const uint32_t gold_set_stencil_ref[] = { 0x0001000d, 0x0000005a };

static void enc_set_sample_mask(struct vdrm_cs *cs)
{
	vdrm_encode_set_sample_mask(cs, &(struct vdrm_cmd_set_sample_mask){ .mask = 0xffffffff });
}
static const uint32_t gold_set_sample_mask[] = { 0x00010018, 0xffffffff };

static void enc_set_min_samples(struct vdrm_cs *cs)
{
	vdrm_encode_set_min_samples(cs, &(struct vdrm_cmd_set_min_samples){ .min_samples = 1 });
}
static const uint32_t gold_set_min_samples[] = { 0x00010021, 0x00000001 };

static void enc_set_polygon_stipple(struct vdrm_cs *cs)
{
	struct vdrm_cmd_set_polygon_stipple a;

	for (unsigned i = 0; i < 32; i++)
		a.stipple[i] = i * 0x01010101u;
	vdrm_encode_set_polygon_stipple(cs, &a);
}
static const uint32_t gold_set_polygon_stipple[] = {
	0x00200016,
	0x00000000, 0x01010101, 0x02020202, 0x03030303, 0x04040404, 0x05050505, 0x06060606, 0x07070707,
	0x08080808, 0x09090909, 0x0a0a0a0a, 0x0b0b0b0b, 0x0c0c0c0c, 0x0d0d0d0d, 0x0e0e0e0e, 0x0f0f0f0f,
	0x10101010, 0x11111111, 0x12121212, 0x13131313, 0x14141414, 0x15151515, 0x16161616, 0x17171717,
	0x18181818, 0x19191919, 0x1a1a1a1a, 0x1b1b1b1b, 0x1c1c1c1c, 0x1d1d1d1d, 0x1e1e1e1e, 0x1f1f1f1f,
};

/* Planes 0 and 7 set, the rest zero. */
static void enc_set_clip_state(struct vdrm_cs *cs)
{
	vdrm_encode_set_clip_state(cs, &(struct vdrm_cmd_set_clip_state){ .ucp = {
		[0] = 1.0f, [3] = 0.5f, [29] = -1.0f, [31] = 2.0f } });
}
static const uint32_t gold_set_clip_state[] = {
	0x00200017,
	0x3f800000, 0, 0, 0x3f000000, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0, 0, 0,
	0, 0, 0, 0, 0, 0xbf800000, 0, 0x40000000,
};

static void enc_set_tess_state(struct vdrm_cs *cs)
{
	vdrm_encode_set_tess_state(cs, &(struct vdrm_cmd_set_tess_state){
		.outer = { 1.0f, 2.0f, 3.0f, 4.0f }, .inner = { 5.0f, 6.0f } });
}
static const uint32_t gold_set_tess_state[] = {
	0x00060020, 0x3f800000, 0x40000000, 0x40400000, 0x40800000, 0x40a00000, 0x40c00000,
};

static void enc_set_vertex_buffers(struct vdrm_cs *cs)
{
	static const struct vdrm_set_vertex_buffers_elem vb[] = {
		{ .stride = 24, .offset = 0, .res = 4 },
		{ .stride = 16, .offset = 8, .res = 5 },
	};

	vdrm_encode_set_vertex_buffers(cs, &(struct vdrm_cmd_set_vertex_buffers){
		.elems = vb, .count = 2 });
}
static const uint32_t gold_set_vertex_buffers[] = {
	0x00060006, 0x00000018, 0x00000000, 0x00000004, 0x00000010, 0x00000008, 0x00000005,
};

/* No buffer: the host unbinds them all. */
static void enc_set_vertex_buffers_none(struct vdrm_cs *cs)
{
	vdrm_encode_set_vertex_buffers(cs, &(struct vdrm_cmd_set_vertex_buffers){ .count = 0 });
}
static const uint32_t gold_set_vertex_buffers_none[] = { 0x00000006 };

/* Doc 3.3 as captured. */
static void enc_set_index_buffer(struct vdrm_cs *cs)
{
	vdrm_encode_set_index_buffer(cs, &(struct vdrm_cmd_set_index_buffer){
		.res = 0xf, .index_size = 2, .offset = 0 });
}
static const uint32_t gold_set_index_buffer[] = { 0x0003000b, 0x0000000f, 0x00000002, 0x00000000 };

static void enc_set_index_buffer_short(struct vdrm_cs *cs)
{
	vdrm_encode_set_index_buffer_short(cs, &(struct vdrm_cmd_set_index_buffer_short){ .res = 0 });
}
static const uint32_t gold_set_index_buffer_short[] = { 0x0001000b, 0x00000000 };

/* Doc 6.3: glDrawArrays(TRIANGLE_STRIP, 0, 4). */
static void enc_draw_vbo(struct vdrm_cs *cs)
{
	vdrm_encode_draw_vbo(cs, &(struct vdrm_cmd_draw_vbo){
		.start = 0, .count = 4, .mode = 5, .instance_count = 1, .max_index = 3 });
}
static const uint32_t gold_draw_vbo[] = {
	0x000c0008, 0x00000000, 0x00000004, 0x00000005, 0x00000000, 0x00000001, 0x00000000,
	0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000003, 0x00000000,
};

/* Indexed, instanced, restart, a negative base vertex. */
static void enc_draw_vbo_indexed(struct vdrm_cs *cs)
{
	vdrm_encode_draw_vbo(cs, &(struct vdrm_cmd_draw_vbo){
		.start = 0, .count = 5, .mode = 5, .indexed = 1, .instance_count = 2,
		.index_bias = -2, .primitive_restart = 1, .restart_index = 0xffff,
		.max_index = 0xffffffff });
}
static const uint32_t gold_draw_vbo_indexed[] = {
	0x000c0008, 0x00000000, 0x00000005, 0x00000005, 0x00000001, 0x00000002, 0xfffffffe,
	0x00000000, 0x00000001, 0x0000ffff, 0x00000000, 0xffffffff, 0x00000000,
};

static void enc_draw_vbo_tess(struct vdrm_cs *cs)
{
	vdrm_encode_draw_vbo_tess(cs, &(struct vdrm_cmd_draw_vbo_tess){
		.count = 3, .mode = 14, .instance_count = 1, .max_index = 2,
		.vertices_per_patch = 3, .drawid = 1 });
}
static const uint32_t gold_draw_vbo_tess[] = {
	0x000e0008, 0x00000000, 0x00000003, 0x0000000e, 0x00000000, 0x00000001, 0x00000000,
	0x00000000, 0x00000000, 0x00000000, 0x00000000, 0x00000002, 0x00000000,
	0x00000003, 0x00000001,
};

static void enc_draw_vbo_indirect(struct vdrm_cs *cs)
{
	vdrm_encode_draw_vbo_indirect(cs, &(struct vdrm_cmd_draw_vbo_indirect){
		.mode = 4, .indexed = 1, .max_index = 0xffffffff, .indirect_res = 0x21,
		.indirect_offset = 0x10, .indirect_stride = 20, .indirect_draw_count = 1,
		.indirect_draw_count_offset = 4, .indirect_draw_count_res = 0x22 });
}
static const uint32_t gold_draw_vbo_indirect[] = {
	0x00140008, 0x00000000, 0x00000000, 0x00000004, 0x00000001, 0x00000000, 0x00000000,
	0x00000000, 0x00000000, 0x00000000, 0x00000000, 0xffffffff, 0x00000000,
	0x00000000, 0x00000000,
	0x00000021, 0x00000010, 0x00000014, 0x00000001, 0x00000004, 0x00000022,
};

/* Doc 6.3: FS u_color (1, .5, 1, 1). */
static void enc_set_constant_buffer(struct vdrm_cs *cs)
{
	static const uint32_t c[] = { 0x3f800000, 0x3f000000, 0x3f800000, 0x3f800000 };

	vdrm_encode_set_constant_buffer(cs, &(struct vdrm_cmd_set_constant_buffer){
		.stage = 1, .index = 0, .elems = c, .count = 4 });
}
static const uint32_t gold_set_constant_buffer[] = {
	0x0006000c, 0x00000001, 0x00000000, 0x3f800000, 0x3f000000, 0x3f800000, 0x3f800000,
};

/* Doc 3.4 as captured: FS slot 1, 32 bytes of resource 2. */
static void enc_set_uniform_buffer(struct vdrm_cs *cs)
{
	vdrm_encode_set_uniform_buffer(cs, &(struct vdrm_cmd_set_uniform_buffer){
		.stage = 1, .index = 1, .offset = 0, .length = 32, .res = 2 });
}
static const uint32_t gold_set_uniform_buffer[] = {
	0x0005001b, 0x00000001, 0x00000001, 0x00000000, 0x00000020, 0x00000002,
};

static void enc_set_sampler_views(struct vdrm_cs *cs)
{
	static const uint32_t views[] = { 5, 0, 7 };

	vdrm_encode_set_sampler_views(cs, &(struct vdrm_cmd_set_sampler_views){
		.stage = 1, .start_slot = 2, .elems = views, .count = 3 });
}
static const uint32_t gold_set_sampler_views[] = {
	0x0005000a, 0x00000001, 0x00000002, 0x00000005, 0x00000000, 0x00000007,
};

static void enc_bind_sampler_states(struct vdrm_cs *cs)
{
	static const uint32_t states[] = { 0x17, 0x18 };

	vdrm_encode_bind_sampler_states(cs, &(struct vdrm_cmd_bind_sampler_states){
		.stage = 1, .start_slot = 0, .elems = states, .count = 2 });
}
static const uint32_t gold_bind_sampler_states[] = {
	0x00040012, 0x00000001, 0x00000000, 0x00000017, 0x00000018,
};

/* Doc 3.4 as captured (compute SSBO of 68 bytes). */
static void enc_set_shader_buffers(struct vdrm_cs *cs)
{
	static const struct vdrm_set_shader_buffers_elem b = { .offset = 0, .length = 0x44, .res = 0x11 };

	vdrm_encode_set_shader_buffers(cs, &(struct vdrm_cmd_set_shader_buffers){
		.stage = 5, .start_slot = 0, .elems = &b, .count = 1 });
}
static const uint32_t gold_set_shader_buffers[] = {
	0x00050022, 0x00000005, 0x00000000, 0x00000000, 0x00000044, 0x00000011,
};

static void enc_set_shader_images(struct vdrm_cs *cs)
{
	static const struct vdrm_set_shader_images_elem img = {
		.format = 0x43, .access = 2, .layer_offset = 0, .level_size = 0, .res = 0x12,
	};

	vdrm_encode_set_shader_images(cs, &(struct vdrm_cmd_set_shader_images){
		.stage = 5, .start_slot = 1, .elems = &img, .count = 1 });
}
static const uint32_t gold_set_shader_images[] = {
	0x00070023, 0x00000005, 0x00000001, 0x00000043, 0x00000002, 0x00000000, 0x00000000,
	0x00000012,
};

static void enc_set_atomic_buffers(struct vdrm_cs *cs)
{
	static const struct vdrm_set_atomic_buffers_elem b = { .offset = 0, .length = 4, .res = 0x20 };

	vdrm_encode_set_atomic_buffers(cs, &(struct vdrm_cmd_set_atomic_buffers){
		.start_slot = 0, .elems = &b, .count = 1 });
}
static const uint32_t gold_set_atomic_buffers[] = {
	0x00040028, 0x00000000, 0x00000000, 0x00000004, 0x00000020,
};

/* Doc 3.5: glClearColor(.25, .5, .75, 1), COLOR0, depth 1.0. */
static void enc_clear(struct vdrm_cs *cs)
{
	vdrm_encode_clear(cs, &(struct vdrm_cmd_clear){ .buffers = 4,
		.color = { vdrm_fui(0.25f), vdrm_fui(0.5f), vdrm_fui(0.75f), vdrm_fui(1.0f) },
		.depth = 1.0, .stencil = 0 });
}
static const uint32_t gold_clear[] = {
	0x00080007, 0x00000004, 0x3e800000, 0x3f000000, 0x3f400000, 0x3f800000,
	0x00000000, 0x3ff00000, 0x00000000,
};

/* Depth 0.1 has a non-zero low dword: low dword first. */
static void enc_clear_depth(struct vdrm_cs *cs)
{
	vdrm_encode_clear(cs, &(struct vdrm_cmd_clear){ .buffers = 3, .depth = 0.1, .stencil = 0x5a });
}
static const uint32_t gold_clear_depth[] = {
	0x00080007, 0x00000003, 0x00000000, 0x00000000, 0x00000000, 0x00000000,
	0x9999999a, 0x3fb99999, 0x0000005a,
};

static void enc_clear_texture(struct vdrm_cs *cs)
{
	vdrm_encode_clear_texture(cs, &(struct vdrm_cmd_clear_texture){
		.res = 3, .level = 1, .x = 1, .y = 2, .z = 0, .w = 2, .h = 2, .d = 1,
		.data = { 0xff0000ff } });
}
static const uint32_t gold_clear_texture[] = {
	0x000c002f, 0x00000003, 0x00000001, 0x00000001, 0x00000002, 0x00000000,
	0x00000002, 0x00000002, 0x00000001, 0xff0000ff, 0x00000000, 0x00000000, 0x00000000,
};

/* Doc 3.5 as captured: glCopyBufferSubData of 68 bytes. */
static void enc_resource_copy_region(struct vdrm_cs *cs)
{
	vdrm_encode_resource_copy_region(cs, &(struct vdrm_cmd_resource_copy_region){
		.dst_res = 0x18, .src_res = 0x11, .src_w = 0x44, .src_h = 1, .src_d = 1 });
}
static const uint32_t gold_resource_copy_region[] = {
	0x000d0011, 0x00000018, 0, 0, 0, 0, 0x00000011, 0, 0, 0, 0, 0x00000044, 0x00000001, 0x00000001,
};

/* Doc 3.5 as captured: glBlitFramebuffer 32x32 -> 16x16, LINEAR. */
static void enc_blit(struct vdrm_cs *cs)
{
	vdrm_encode_blit(cs, &(struct vdrm_cmd_blit){
		.s0 = 0x90f, .scissor_max_xy = 0x00100010, .dst_res = 25, .dst_format = 67,
		.dst_w = 16, .dst_h = 16, .dst_d = 1, .src_res = 1, .src_format = 67,
		.src_x = 1, .src_w = 32, .src_h = 32, .src_d = 1 });
}
static const uint32_t gold_blit[] = {
	0x00150010, 0x0000090f, 0x00000000, 0x00100010,
	0x00000019, 0x00000000, 0x00000043, 0, 0, 0, 0x00000010, 0x00000010, 0x00000001,
	0x00000001, 0x00000000, 0x00000043, 1, 0, 0, 0x00000020, 0x00000020, 0x00000001,
};

/* Doc 6.2 as captured: a 32-byte UBO upload. */
static void enc_transfer3d(struct vdrm_cs *cs)
{
	vdrm_encode_transfer3d(cs, &(struct vdrm_cmd_transfer3d){
		.res = 2, .usage = 0x82, .w = 0x20, .h = 1, .d = 1, .offset = 0, .direction = 1 });
}
static const uint32_t gold_transfer3d[] = {
	0x000d002b, 0x00000002, 0, 0x00000082, 0, 0, 0, 0, 0, 0x00000020, 1, 1, 0, 1,
};

static void enc_end_transfers(struct vdrm_cs *cs)
{
	vdrm_encode_end_transfers(cs, &(struct vdrm_cmd_end_transfers){ .pad_dwords = 3 });
}
static const uint32_t gold_end_transfers[] = { 0x0003002c, 0, 0, 0 };

static void enc_copy_transfer3d(struct vdrm_cs *cs)
{
	vdrm_encode_copy_transfer3d(cs, &(struct vdrm_cmd_copy_transfer3d){
		.res = 4, .level = 1, .stride = 64, .w = 0x60, .h = 1, .d = 1,
		.src_res = 9, .src_offset = 0x100, .flags = 1 });
}
static const uint32_t gold_copy_transfer3d[] = {
	0x000e002d, 0x00000004, 0x00000001, 0, 0x00000040, 0, 0, 0, 0, 0x00000060, 1, 1,
	0x00000009, 0x00000100, 0x00000001,
};

/* Six bytes: the second data dword is zero padded. */
static void enc_resource_inline_write(struct vdrm_cs *cs)
{
	vdrm_encode_resource_inline_write(cs, &(struct vdrm_cmd_resource_inline_write){
		.res = 2, .w = 6, .h = 1, .d = 1, .data = "abcdef", .size_bytes = 6 });
}
static const uint32_t gold_resource_inline_write[] = {
	0x000d0009, 0x00000002, 0, 0, 0, 0, 0, 0, 0, 0x00000006, 1, 1,
	0x64636261, 0x00006665,
};

static void enc_begin_query(struct vdrm_cs *cs)
{
	vdrm_encode_begin_query(cs, &(struct vdrm_cmd_begin_query){ .handle = 0xd });
}
static const uint32_t gold_begin_query[] = { 0x00010013, 0x0000000d };

static void enc_end_query(struct vdrm_cs *cs)
{
	vdrm_encode_end_query(cs, &(struct vdrm_cmd_end_query){ .handle = 0xd });
}
static const uint32_t gold_end_query[] = { 0x00010014, 0x0000000d };

static void enc_get_query_result(struct vdrm_cs *cs)
{
	vdrm_encode_get_query_result(cs, &(struct vdrm_cmd_get_query_result){ .handle = 0xd, .wait = 0 });
}
static const uint32_t gold_get_query_result[] = { 0x00020015, 0x0000000d, 0x00000000 };

static void enc_get_query_result_qbo(struct vdrm_cs *cs)
{
	vdrm_encode_get_query_result_qbo(cs, &(struct vdrm_cmd_get_query_result_qbo){
		.handle = 0xd, .qbo_res = 0x20, .wait = 1, .result_type = 3, .offset = 8, .index = -1 });
}
static const uint32_t gold_get_query_result_qbo[] = {
	0x0006002a, 0x0000000d, 0x00000020, 0x00000001, 0x00000003, 0x00000008, 0xffffffff,
};

static void enc_set_render_condition(struct vdrm_cs *cs)
{
	vdrm_encode_set_render_condition(cs, &(struct vdrm_cmd_set_render_condition){
		.query = 0xd, .condition = 1, .mode = 2 });
}
static const uint32_t gold_set_render_condition[] = { 0x0003001a, 0x0000000d, 0x00000001, 0x00000002 };

/* Doc 3.6 as captured. */
static void enc_set_streamout_targets(struct vdrm_cs *cs)
{
	static const uint32_t targets[] = { 0xe };

	vdrm_encode_set_streamout_targets(cs, &(struct vdrm_cmd_set_streamout_targets){
		.append_bitmask = 0, .elems = targets, .count = 1 });
}
static const uint32_t gold_set_streamout_targets[] = { 0x00020019, 0x00000000, 0x0000000e };

/* A resumed pair: both append bits, the targets in binding order. */
static void enc_set_streamout_targets_append(struct vdrm_cs *cs)
{
	static const uint32_t targets[] = { 0x21, 0x22 };

	vdrm_encode_set_streamout_targets(cs, &(struct vdrm_cmd_set_streamout_targets){
		.append_bitmask = 0x3, .elems = targets, .count = 2 });
}
static const uint32_t gold_set_streamout_targets_append[] = {
	0x00030019, 0x00000003, 0x00000021, 0x00000022,
};

/* No targets: the host unbinds its transform feedback object (len 1). */
static void enc_set_streamout_targets_none(struct vdrm_cs *cs)
{
	vdrm_encode_set_streamout_targets(cs, &(struct vdrm_cmd_set_streamout_targets){ 0 });
}
static const uint32_t gold_set_streamout_targets_none[] = { 0x00010019, 0x00000000 };

/* Doc 3.6 as captured. */
static void enc_launch_grid(struct vdrm_cs *cs)
{
	vdrm_encode_launch_grid(cs, &(struct vdrm_cmd_launch_grid){
		.block = { 8, 1, 1 }, .grid = { 2, 1, 1 } });
}
static const uint32_t gold_launch_grid[] = { 0x00080025, 8, 1, 1, 2, 1, 1, 0, 0 };

/* Doc 3.6: glMemoryBarrier(SSBO | IMAGE). */
static void enc_memory_barrier(struct vdrm_cs *cs)
{
	vdrm_encode_memory_barrier(cs, &(struct vdrm_cmd_memory_barrier){ .flags = 0x102 });
}
static const uint32_t gold_memory_barrier[] = { 0x00010024, 0x00000102 };

static void enc_texture_barrier(struct vdrm_cs *cs)
{
	vdrm_encode_texture_barrier(cs, &(struct vdrm_cmd_texture_barrier){ .flags = 1 });
}
static const uint32_t gold_texture_barrier[] = { 0x00010027, 0x00000001 };

static void enc_set_debug_flags(struct vdrm_cs *cs)
{
	vdrm_encode_set_debug_flags(cs, &(struct vdrm_cmd_set_debug_flags){
		.data = "shader", .size_bytes = 6 });
}
static const uint32_t gold_set_debug_flags[] = { 0x00020029, 0x64616873, 0x00007265 };

/* A short flag string is padded to the two dwords the host wants. */
static void enc_set_debug_flags_short(struct vdrm_cs *cs)
{
	vdrm_encode_set_debug_flags(cs, &(struct vdrm_cmd_set_debug_flags){
		.data = "cmd", .size_bytes = 3 });
}
static const uint32_t gold_set_debug_flags_short[] = { 0x00020029, 0x00646d63, 0x00000000 };

static void enc_set_tweaks(struct vdrm_cs *cs)
{
	vdrm_encode_set_tweaks(cs, &(struct vdrm_cmd_set_tweaks){ .id = 1, .value = 1 });
}
static const uint32_t gold_set_tweaks[] = { 0x0002002e, 0x00000001, 0x00000001 };

static void enc_send_string_marker(struct vdrm_cs *cs)
{
	vdrm_encode_send_string_marker(cs, &(struct vdrm_cmd_send_string_marker){
		.data = "frame", .size_bytes = 5 });
}
static const uint32_t gold_send_string_marker[] = { 0x00030033, 0x00000005, 0x6d617266, 0x00000065 };

static void enc_pipe_resource_create(struct vdrm_cs *cs)
{
	vdrm_encode_pipe_resource_create(cs, &(struct vdrm_cmd_pipe_resource_create){
		.target = 0, .format = 64, .bind = 0x10, .width = 96, .height = 1, .depth = 1,
		.array_size = 1, .last_level = 0, .nr_samples = 0, .flags = 0, .blob_id = 7 });
}
static const uint32_t gold_pipe_resource_create[] = {
	0x000b0030, 0, 0x00000040, 0x00000010, 0x00000060, 1, 1, 1, 0, 0, 0, 0x00000007,
};

/* The 64-bit modifier travels low dword first. */
static void enc_pipe_resource_set_type(struct vdrm_cs *cs)
{
	static const struct vdrm_pipe_resource_set_type_elem plane = { .stride = 256, .offset = 0 };

	vdrm_encode_pipe_resource_set_type(cs, &(struct vdrm_cmd_pipe_resource_set_type){
		.res = 5, .format = 1, .bind = 2, .width = 64, .height = 32, .usage = 0,
		.modifier = 0x0100000000000001ull, .elems = &plane, .count = 1 });
}
static const uint32_t gold_pipe_resource_set_type[] = {
	0x000a0031, 0x00000005, 0x00000001, 0x00000002, 0x00000040, 0x00000020, 0x00000000,
	0x00000001, 0x01000000, 0x00000100, 0x00000000,
};

static void enc_get_memory_info(struct vdrm_cs *cs)
{
	vdrm_encode_get_memory_info(cs, &(struct vdrm_cmd_get_memory_info){ .res = 0x21 });
}
static const uint32_t gold_get_memory_info[] = { 0x00010032, 0x00000021 };

#define G(id, row, name) { #row, name, enc_##id, gold_##id, ARRAY_SIZE(gold_##id) }

static const struct golden goldens[] = {
	G(nop, nop, "NOP"),
	G(nop_pad, nop, "NOP"),
	G(create_blend, create_blend, "CREATE_OBJECT(BLEND)"),
	G(create_rasterizer, create_rasterizer, "CREATE_OBJECT(RASTERIZER)"),
	G(create_dsa, create_dsa, "CREATE_OBJECT(DSA)"),
	G(create_shader, create_shader, "CREATE_OBJECT(SHADER)"),
	G(create_shader_nul, create_shader, "CREATE_OBJECT(SHADER)"),
	G(create_shader_so, create_shader, "CREATE_OBJECT(SHADER)"),
	G(create_shader_cs, create_shader, "CREATE_OBJECT(SHADER)"),
	G(create_shader_part, create_shader_part, "CREATE_OBJECT(SHADER)"),
	G(create_shader_part_cont, create_shader_part, "CREATE_OBJECT(SHADER)"),
	G(create_vertex_elements, create_vertex_elements, "CREATE_OBJECT(VERTEX_ELEMENTS)"),
	G(create_sampler_view, create_sampler_view, "CREATE_OBJECT(SAMPLER_VIEW)"),
	G(create_sampler_state, create_sampler_state, "CREATE_OBJECT(SAMPLER_STATE)"),
	G(create_surface, create_surface, "CREATE_OBJECT(SURFACE)"),
	G(create_msaa_surface, create_msaa_surface, "CREATE_OBJECT(MSAA_SURFACE)"),
	G(create_query, create_query, "CREATE_OBJECT(QUERY)"),
	G(create_query_conservative, create_query, "CREATE_OBJECT(QUERY)"),
	G(create_query_emitted_stream1, create_query, "CREATE_OBJECT(QUERY)"),
	G(create_query_timestamp, create_query, "CREATE_OBJECT(QUERY)"),
	G(create_streamout_target, create_streamout_target, "CREATE_OBJECT(STREAMOUT_TARGET)"),
	G(bind_blend, bind_blend, "BIND_OBJECT(BLEND)"),
	G(bind_dsa, bind_dsa, "BIND_OBJECT(DSA)"),
	G(bind_rasterizer, bind_rasterizer, "BIND_OBJECT(RASTERIZER)"),
	G(bind_vertex_elements, bind_vertex_elements, "BIND_OBJECT(VERTEX_ELEMENTS)"),
	G(destroy_object, destroy_object, "DESTROY_OBJECT"),
	G(bind_shader, bind_shader, "BIND_SHADER"),
	G(link_shader, link_shader, "LINK_SHADER"),
	G(create_sub_ctx, create_sub_ctx, "CREATE_SUB_CTX"),
	G(set_sub_ctx, set_sub_ctx, "SET_SUB_CTX"),
	G(destroy_sub_ctx, destroy_sub_ctx, "DESTROY_SUB_CTX"),
	G(set_framebuffer_state, set_framebuffer_state, "SET_FRAMEBUFFER_STATE"),
	G(set_framebuffer_state_no_attach, set_framebuffer_state_no_attach,
	  "SET_FRAMEBUFFER_STATE_NO_ATTACH"),
	G(set_viewport_state, set_viewport_state, "SET_VIEWPORT_STATE"),
	G(set_scissor_state, set_scissor_state, "SET_SCISSOR_STATE"),
	G(set_blend_color, set_blend_color, "SET_BLEND_COLOR"),
	G(set_stencil_ref, set_stencil_ref, "SET_STENCIL_REF"),
	G(set_sample_mask, set_sample_mask, "SET_SAMPLE_MASK"),
	G(set_min_samples, set_min_samples, "SET_MIN_SAMPLES"),
	G(set_polygon_stipple, set_polygon_stipple, "SET_POLYGON_STIPPLE"),
	G(set_clip_state, set_clip_state, "SET_CLIP_STATE"),
	G(set_tess_state, set_tess_state, "SET_TESS_STATE"),
	G(set_vertex_buffers, set_vertex_buffers, "SET_VERTEX_BUFFERS"),
	G(set_vertex_buffers_none, set_vertex_buffers, "SET_VERTEX_BUFFERS"),
	G(set_index_buffer, set_index_buffer, "SET_INDEX_BUFFER"),
	G(set_index_buffer_short, set_index_buffer_short, "SET_INDEX_BUFFER"),
	G(draw_vbo, draw_vbo, "DRAW_VBO"),
	G(draw_vbo_indexed, draw_vbo, "DRAW_VBO"),
	G(draw_vbo_tess, draw_vbo_tess, "DRAW_VBO"),
	G(draw_vbo_indirect, draw_vbo_indirect, "DRAW_VBO"),
	G(set_constant_buffer, set_constant_buffer, "SET_CONSTANT_BUFFER"),
	G(set_uniform_buffer, set_uniform_buffer, "SET_UNIFORM_BUFFER"),
	G(set_sampler_views, set_sampler_views, "SET_SAMPLER_VIEWS"),
	G(bind_sampler_states, bind_sampler_states, "BIND_SAMPLER_STATES"),
	G(set_shader_buffers, set_shader_buffers, "SET_SHADER_BUFFERS"),
	G(set_shader_images, set_shader_images, "SET_SHADER_IMAGES"),
	G(set_atomic_buffers, set_atomic_buffers, "SET_ATOMIC_BUFFERS"),
	G(clear, clear, "CLEAR"),
	G(clear_depth, clear, "CLEAR"),
	G(clear_texture, clear_texture, "CLEAR_TEXTURE"),
	G(resource_copy_region, resource_copy_region, "RESOURCE_COPY_REGION"),
	G(blit, blit, "BLIT"),
	G(transfer3d, transfer3d, "TRANSFER3D"),
	G(end_transfers, end_transfers, "END_TRANSFERS"),
	G(copy_transfer3d, copy_transfer3d, "COPY_TRANSFER3D"),
	G(resource_inline_write, resource_inline_write, "RESOURCE_INLINE_WRITE"),
	G(begin_query, begin_query, "BEGIN_QUERY"),
	G(end_query, end_query, "END_QUERY"),
	G(get_query_result, get_query_result, "GET_QUERY_RESULT"),
	G(get_query_result_qbo, get_query_result_qbo, "GET_QUERY_RESULT_QBO"),
	G(get_query_result_qbo_u32, get_query_result_qbo, "GET_QUERY_RESULT_QBO"),
	G(set_render_condition, set_render_condition, "SET_RENDER_CONDITION"),
	G(set_streamout_targets, set_streamout_targets, "SET_STREAMOUT_TARGETS"),
	G(set_streamout_targets_append, set_streamout_targets, "SET_STREAMOUT_TARGETS"),
	G(set_streamout_targets_none, set_streamout_targets, "SET_STREAMOUT_TARGETS"),
	G(launch_grid, launch_grid, "LAUNCH_GRID"),
	G(memory_barrier, memory_barrier, "MEMORY_BARRIER"),
	G(texture_barrier, texture_barrier, "TEXTURE_BARRIER"),
	G(set_debug_flags, set_debug_flags, "SET_DEBUG_FLAGS"),
	G(set_debug_flags_short, set_debug_flags, "SET_DEBUG_FLAGS"),
	G(set_tweaks, set_tweaks, "SET_TWEAKS"),
	G(send_string_marker, send_string_marker, "SEND_STRING_MARKER"),
	G(pipe_resource_create, pipe_resource_create, "PIPE_RESOURCE_CREATE"),
	G(pipe_resource_set_type, pipe_resource_set_type, "PIPE_RESOURCE_SET_TYPE"),
	G(get_memory_info, get_memory_info, "GET_MEMORY_INFO"),
};

#define ROW_NAME(row) #row,
static const char *const all_encoders[] = { VDRM_FOREACH_ENCODER(ROW_NAME) };

/* Encodes one golden case into a fresh stream (the caller finishes it). */
static void encode_golden(struct vdrm_cs *cs, const struct golden *g)
{
	vdrm_cs_init(cs);
	g->encode(cs);
	ck_assert_msg(vdrm_cs_ok(cs), "%s: error %d", g->encoder, cs->error);
}

START_TEST(test_golden_dwords)
{
	const struct golden *g = &goldens[_i];
	struct vdrm_cs cs;

	encode_golden(&cs, g);
	ck_assert_uint_eq(cs.cdw, g->ndw);
	for (uint32_t i = 0; i < g->ndw; i++)
		ck_assert_msg(cs.buf[i] == g->dwords[i], "%s dword %u: 0x%08x, want 0x%08x",
			      g->encoder, i, cs.buf[i], g->dwords[i]);
	vdrm_cs_finish(&cs);
}
END_TEST

START_TEST(test_roundtrip)
{
	const struct golden *g = &goldens[_i];
	struct vdrm_decoded d;
	struct vdrm_cs cs;
	uint32_t pos = 0;

	encode_golden(&cs, g);
	ck_assert_int_eq(vdrm_decode_next(cs.buf, cs.cdw, &pos, &d), 1);
	ck_assert_uint_eq(d.opcode, g->dwords[0] & 0xff);
	ck_assert_uint_eq(d.objtype, (g->dwords[0] >> 8) & 0xff);
	ck_assert_uint_eq(d.len, cs.cdw - 1);
	ck_assert_ptr_eq(d.payload, cs.buf + 1);
	ck_assert_mem_eq(d.payload, g->dwords + 1, d.len * sizeof(uint32_t));
	ck_assert_str_eq(d.desc->name, g->desc_name);
	ck_assert_int_eq(vdrm_cmd_check_len(d.desc, d.len), 0);
	ck_assert_uint_eq(pos, cs.cdw);
	ck_assert_int_eq(vdrm_decode_next(cs.buf, cs.cdw, &pos, &d), 0);
	vdrm_cs_finish(&cs);
}
END_TEST

/* A row added to the table without a golden case fails here. */
START_TEST(test_every_encoder_has_golden)
{
	bool found = false;

	for (size_t i = 0; i < ARRAY_SIZE(goldens); i++)
		found |= strcmp(goldens[i].encoder, all_encoders[_i]) == 0;
	ck_assert_msg(found, "no golden dwords for vdrm_encode_%s", all_encoders[_i]);
}
END_TEST

/* Opcodes 0..52 decode; video (53..61), newer Mesa (62, 63) and junk do not. */
START_TEST(test_lookup_coverage)
{
	for (uint32_t op = 0; op <= 52; op++) {
		uint32_t obj = op == VDRM_CCMD_CREATE_OBJECT || op == VDRM_CCMD_BIND_OBJECT ? 1 : 0;

		ck_assert_msg(vdrm_cmd_lookup(op, obj) != NULL, "opcode %u", op);
	}
	for (uint32_t op = 53; op < 256; op++)
		ck_assert_ptr_null(vdrm_cmd_lookup(op, 0));
	for (uint32_t obj = 1; obj < VDRM_OBJ_COUNT; obj++)
		ck_assert_ptr_nonnull(vdrm_cmd_lookup(VDRM_CCMD_CREATE_OBJECT, obj));
	ck_assert_ptr_null(vdrm_cmd_lookup(VDRM_CCMD_CREATE_OBJECT, 0));
	ck_assert_ptr_null(vdrm_cmd_lookup(VDRM_CCMD_CREATE_OBJECT, VDRM_OBJ_COUNT));
	ck_assert_ptr_null(vdrm_cmd_lookup(VDRM_CCMD_BIND_OBJECT, VDRM_OBJ_SHADER));
	ck_assert_ptr_nonnull(vdrm_cmd_lookup(VDRM_CCMD_DESTROY_OBJECT, 99));
	ck_assert_ptr_null(vdrm_cmd_lookup(VDRM_CCMD_CLEAR, 1));
}
END_TEST

/* --- the decoder's rejections ------------------------------------------------ */

struct bad_stream {
	const char *what;
	uint32_t dw[16];
	uint32_t ndw;
};

static const struct bad_stream bad_streams[] = {
	{ "CLEAR truncated", { 0x00080007, 4, 0, 0 }, 4 },
	{ "header alone", { 0x0001001c }, 1 },
	{ "opcode 62 (CLEAR_SURFACE of newer Mesa)", { 0x0000003e }, 1 },
	{ "opcode 200", { 0x000000c8 }, 1 },
	{ "video opcode 53", { 0x00000035 }, 1 },
	{ "BLEND of length 10", { 0x000a0101, 1 }, 11 },
	{ "DSA of length 4", { 0x00040301, 1 }, 5 },
	{ "DRAW_VBO of length 13", { 0x000d0008 }, 14 },
	{ "SET_INDEX_BUFFER of length 2", { 0x0002000b, 1, 2 }, 3 },
	{ "SET_VERTEX_BUFFERS of length 4", { 0x00040006 }, 5 },
	{ "SET_FRAMEBUFFER_STATE nr_cbufs 2, length 3", { 0x00030005, 2, 0, 1 }, 4 },
	{ "SET_FRAMEBUFFER_STATE with 9 cbufs", { 0x000b0005, 9 }, 12 },
	{ "SET_ATOMIC_BUFFERS without buffers", { 0x00010028, 0 }, 2 },
	{ "RESOURCE_INLINE_WRITE without data", { 0x000b0009, 1 }, 12 },
	{ "SET_DEBUG_FLAGS of one dword", { 0x00010029, 0x00646d63 }, 2 },
	{ "CREATE_OBJECT of object type 12", { 0x00010c01, 1 }, 2 },
	{ "BIND_OBJECT(SHADER)", { 0x00010402, 1 }, 2 },
	{ "CLEAR with an object type", { 0x00080107, 4 }, 9 },
};

START_TEST(test_decode_rejects)
{
	const struct bad_stream *b = &bad_streams[_i];
	struct vdrm_decoded d;
	uint32_t pos = 0;

	ck_assert_msg(vdrm_decode_next(b->dw, b->ndw, &pos, &d) == VDRM_ERROR_INVALID_ARGUMENT,
		      "accepted: %s", b->what);
	ck_assert_uint_eq(pos, 0);
}
END_TEST

/* A bad command after good ones: stops there, pos on it. */
START_TEST(test_decode_stops_at_bad_command)
{
	static const uint32_t s[] = { 0x0001001c, 1, 0x00080007, 4, 0, 0 };
	struct vdrm_decoded d;
	uint32_t pos = 0;

	ck_assert_int_eq(vdrm_decode_next(s, ARRAY_SIZE(s), &pos, &d), 1);
	ck_assert_uint_eq(pos, 2);
	ck_assert_int_eq(vdrm_decode_next(s, ARRAY_SIZE(s), &pos, &d), VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_uint_eq(pos, 2);
	ck_assert_uint_eq(d.opcode, VDRM_CCMD_CLEAR);
}
END_TEST

/* Zero dwords are NOPs; padding and DESTROY_OBJECT take what the host takes. */
START_TEST(test_decode_accepts_legal_oddities)
{
	static const uint32_t s[] = {
		0, 0, 0x0002002c, 0xdead, 0xbeef, 0x00016303, 7, 0x00010000, 0x1234,
	};
	static const char *const names[] = {
		"NOP", "NOP", "END_TRANSFERS", "DESTROY_OBJECT", "NOP",
	};
	struct vdrm_decoded d;
	uint32_t pos = 0;

	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		ck_assert_int_eq(vdrm_decode_next(s, ARRAY_SIZE(s), &pos, &d), 1);
		ck_assert_str_eq(d.desc->name, names[i]);
	}
	ck_assert_uint_eq(d.len, 1);
	ck_assert_int_eq(vdrm_decode_next(s, ARRAY_SIZE(s), &pos, &d), 0);
	ck_assert_int_eq(vdrm_decode_next(NULL, 0, &pos, &d), 0);
}
END_TEST

START_TEST(test_check_len)
{
	const struct vdrm_cmd_desc *draw = vdrm_cmd_lookup(VDRM_CCMD_DRAW_VBO, 0);
	const struct vdrm_cmd_desc *blend = vdrm_cmd_lookup(VDRM_CCMD_CREATE_OBJECT, VDRM_OBJ_BLEND);
	const struct vdrm_cmd_desc *views = vdrm_cmd_lookup(VDRM_CCMD_SET_SAMPLER_VIEWS, 0);

	ck_assert_int_eq(vdrm_cmd_check_len(draw, 12), 0);
	ck_assert_int_eq(vdrm_cmd_check_len(draw, 14), 0);
	ck_assert_int_eq(vdrm_cmd_check_len(draw, 20), 0);
	ck_assert_int_eq(vdrm_cmd_check_len(draw, 13), VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_int_eq(vdrm_cmd_check_len(blend, 11), 0);
	ck_assert_int_eq(vdrm_cmd_check_len(blend, 10), VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_int_eq(vdrm_cmd_check_len(views, 2 + 128), 0);
	ck_assert_int_eq(vdrm_cmd_check_len(views, 2 + 129), VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_int_eq(vdrm_cmd_check_len(NULL, 1), VDRM_ERROR_INVALID_ARGUMENT);
}
END_TEST

/* --- the sticky error ---------------------------------------------------------- */

static void encode_sub_ctx(struct vdrm_cs *cs)
{
	vdrm_encode_set_sub_ctx(cs, &(struct vdrm_cmd_set_sub_ctx){ .sub_ctx_id = 1 });
}

START_TEST(test_sticky_reserve_failure)
{
	struct vdrm_cs cs;

	vdrm_cs_init(&cs);
	cs.max_dw = 6;
	encode_sub_ctx(&cs);
	ck_assert_uint_eq(cs.cdw, 2);
	enc_clear(&cs); /* 9 dwords do not fit */
	ck_assert_int_eq(cs.error, VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_uint_eq(cs.cdw, 2);
	encode_sub_ctx(&cs); /* would fit, but the stream is already broken */
	enc_create_shader(&cs);
	enc_set_vertex_buffers(&cs);
	ck_assert_uint_eq(cs.cdw, 2);
	ck_assert_int_eq(cs.error, VDRM_ERROR_INVALID_ARGUMENT);
	vdrm_cs_reset(&cs);
	encode_sub_ctx(&cs);
	ck_assert(vdrm_cs_ok(&cs));
	ck_assert_uint_eq(cs.cdw, 2);
	vdrm_cs_finish(&cs);
}
END_TEST

/* An invalid argument sticks the same way a failed reserve does. */
START_TEST(test_sticky_invalid_argument)
{
	struct vdrm_cs cs;

	vdrm_cs_init(&cs);
	encode_sub_ctx(&cs);
	vdrm_encode_set_vertex_buffers(&cs, &(struct vdrm_cmd_set_vertex_buffers){ .count = 33 });
	ck_assert_int_eq(cs.error, VDRM_ERROR_INVALID_ARGUMENT);
	encode_sub_ctx(&cs);
	enc_draw_vbo(&cs);
	ck_assert_uint_eq(cs.cdw, 2);
	vdrm_cs_finish(&cs);
}
END_TEST

/* --- oversize and out-of-range variable commands ------------------------------------ */

static void big_vertex_buffers(struct vdrm_cs *cs)
{
	vdrm_encode_set_vertex_buffers(cs, &(struct vdrm_cmd_set_vertex_buffers){ .count = 33 });
}

static void big_framebuffer(struct vdrm_cs *cs)
{
	vdrm_encode_set_framebuffer_state(cs, &(struct vdrm_cmd_set_framebuffer_state){ .count = 9 });
}

static void big_sampler_views(struct vdrm_cs *cs)
{
	vdrm_encode_set_sampler_views(cs, &(struct vdrm_cmd_set_sampler_views){ .count = 129 });
}

/* 2 + 65534 = 65536 dwords: one past the 16-bit length. */
static void big_constants(struct vdrm_cs *cs)
{
	vdrm_encode_set_constant_buffer(cs, &(struct vdrm_cmd_set_constant_buffer){ .count = 65534 });
}

static void big_inline_write(struct vdrm_cs *cs)
{
	vdrm_encode_resource_inline_write(cs, &(struct vdrm_cmd_resource_inline_write){
		.data = "", .size_bytes = 4 * 65525 });
}

static void big_shader_text(struct vdrm_cs *cs)
{
	vdrm_encode_create_shader(cs, &(struct vdrm_cmd_create_shader){
		.handle = 1, .data = "", .size_bytes = UINT32_MAX });
}

static void big_shader_so(struct vdrm_cs *cs)
{
	vdrm_encode_create_shader(cs, &(struct vdrm_cmd_create_shader){
		.handle = 1, .count = 65, .data = "", .size_bytes = 0 });
}

static void big_marker(struct vdrm_cs *cs)
{
	vdrm_encode_send_string_marker(cs, &(struct vdrm_cmd_send_string_marker){
		.data = "", .size_bytes = UINT32_MAX - 2 });
}

static void big_end_transfers(struct vdrm_cs *cs)
{
	vdrm_encode_end_transfers(cs, &(struct vdrm_cmd_end_transfers){ .pad_dwords = 65536 });
}

static void few_atomic_buffers(struct vdrm_cs *cs)
{
	vdrm_encode_set_atomic_buffers(cs, &(struct vdrm_cmd_set_atomic_buffers){ .count = 0 });
}

static void many_planes(struct vdrm_cs *cs)
{
	vdrm_encode_pipe_resource_set_type(cs, &(struct vdrm_cmd_pipe_resource_set_type){ .count = 5 });
}

static void wide_obj_type(struct vdrm_cs *cs)
{
	vdrm_encode_destroy_object(cs, &(struct vdrm_cmd_destroy_object){ .obj_type = 256, .handle = 1 });
}

static void (*const oversize[])(struct vdrm_cs *cs) = {
	big_vertex_buffers, big_framebuffer, big_sampler_views, big_constants,
	big_inline_write, big_shader_text, big_shader_so, big_marker, big_end_transfers,
	few_atomic_buffers, many_planes, wide_obj_type,
};

START_TEST(test_oversize_is_invalid_argument)
{
	struct vdrm_cs cs;

	vdrm_cs_init(&cs);
	oversize[_i](&cs);
	ck_assert_int_eq(cs.error, VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_uint_eq(cs.cdw, 0);
	vdrm_cs_finish(&cs);
}
END_TEST

/* The largest payload the 16-bit length holds is fine, and decodes. */
START_TEST(test_max_payload_fits)
{
	static uint32_t consts[65533];
	struct vdrm_decoded d;
	struct vdrm_cs cs;
	uint32_t pos = 0;

	vdrm_cs_init(&cs);
	vdrm_encode_set_constant_buffer(&cs, &(struct vdrm_cmd_set_constant_buffer){
		.stage = 1, .elems = consts, .count = ARRAY_SIZE(consts) });
	ck_assert(vdrm_cs_ok(&cs));
	ck_assert_uint_eq(cs.cdw, 1 + VDRM_CMD_MAX_PAYLOAD);
	ck_assert_uint_eq(cs.buf[0], 0xffff000c);
	ck_assert_int_eq(vdrm_decode_next(cs.buf, cs.cdw, &pos, &d), 1);
	ck_assert_uint_eq(d.len, VDRM_CMD_MAX_PAYLOAD);
	vdrm_cs_finish(&cs);
}
END_TEST

/* --- real streams ---------------------------------------------------------------- */

/* Reads a capture (little-endian dwords, as on every host we run on). */
static uint32_t *read_capture(const char *name, uint32_t *ndw)
{
	char path[512];
	uint32_t *buf;
	FILE *f;
	long size;

	snprintf(path, sizeof(path), "%s/%s", TEST_DATA_DIR, name);
	f = fopen(path, "rb");
	ck_assert_msg(f != NULL, "cannot open %s", path);
	ck_assert_int_eq(fseek(f, 0, SEEK_END), 0);
	size = ftell(f);
	ck_assert_int_gt(size, 0);
	rewind(f);
	buf = malloc((size_t)size);
	ck_assert_ptr_nonnull(buf);
	ck_assert_uint_eq(fread(buf, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	*ndw = (uint32_t)(size / 4);
	return buf;
}

struct capture {
	const char *file;
	int commands;
	const char *last; /* name of the last command */
};

static const struct capture captures[] = {
	{ "cap1_submit_000.bin", 10, "LINK_SHADER" },  /* Mesa: set-up, shaders */
	{ "cap1_submit_001.bin", 34, "DRAW_VBO" },     /* Mesa: first frame */
	{ "cap1_submit_002.bin", 4, "DRAW_VBO" },      /* Mesa: steady frame */
	{ "cap_misc_submit_000.bin", 9, "LINK_SHADER" },
	{ "cap_raw_submit_000.bin", 22, "DRAW_VBO" },  /* doc 6.5, no Mesa */
};

START_TEST(test_decode_capture)
{
	const struct capture *c = &captures[_i];
	struct vdrm_decoded d;
	uint32_t ndw, pos = 0;
	uint32_t *buf = read_capture(c->file, &ndw);
	int n = 0, ret;

	while ((ret = vdrm_decode_next(buf, ndw, &pos, &d)) == 1) {
		ck_assert_ptr_nonnull(d.desc);
		n++;
	}
	ck_assert_msg(ret == 0, "%s: dword %u (header 0x%08x) does not decode", c->file, pos, buf[pos]);
	ck_assert_uint_eq(pos, ndw);
	ck_assert_int_eq(n, c->commands);
	ck_assert_str_eq(d.desc->name, c->last);
	free(buf);
}
END_TEST

static void encode_raw_state(struct vdrm_cs *cs)
{
	static const uint32_t cbuf = 10;
	static const struct vdrm_set_viewport_state_elem vp = { 8, 8, 0.5f, 8, 8, 0.5f };

	vdrm_encode_create_sub_ctx(cs, &(struct vdrm_cmd_create_sub_ctx){ .sub_ctx_id = 1 });
	vdrm_encode_set_sub_ctx(cs, &(struct vdrm_cmd_set_sub_ctx){ .sub_ctx_id = 1 });
	vdrm_encode_create_surface(cs, &(struct vdrm_cmd_create_surface){ .handle = 10, .res = 1, .format = 67 });
	vdrm_encode_set_framebuffer_state(cs, &(struct vdrm_cmd_set_framebuffer_state){ .elems = &cbuf, .count = 1 });
	vdrm_encode_create_blend(cs, &(struct vdrm_cmd_create_blend){ .handle = 11, .rt = { 0x78000000 } });
	vdrm_encode_bind_blend(cs, &(struct vdrm_cmd_bind_blend){ .handle = 11 });
	vdrm_encode_create_dsa(cs, &(struct vdrm_cmd_create_dsa){ .handle = 12 });
	vdrm_encode_bind_dsa(cs, &(struct vdrm_cmd_bind_dsa){ .handle = 12 });
	vdrm_encode_create_rasterizer(cs, &(struct vdrm_cmd_create_rasterizer){
		.handle = 13, .s0 = 0x20000002, .point_size = 1, .line_width = 1 });
	vdrm_encode_bind_rasterizer(cs, &(struct vdrm_cmd_bind_rasterizer){ .handle = 13 });
	vdrm_encode_set_viewport_state(cs, &(struct vdrm_cmd_set_viewport_state){ .elems = &vp, .count = 1 });
}

static void encode_raw_shaders(struct vdrm_cs *cs)
{
	vdrm_encode_create_shader(cs, &(struct vdrm_cmd_create_shader){ .handle = 14, .type = 0,
		.num_tokens = 300, .data = vs_text, .size_bytes = sizeof(vs_text) - 1 });
	vdrm_encode_create_shader(cs, &(struct vdrm_cmd_create_shader){ .handle = 15, .type = 1,
		.num_tokens = 300, .data = fs_text, .size_bytes = sizeof(fs_text) - 1 });
	vdrm_encode_bind_shader(cs, &(struct vdrm_cmd_bind_shader){ .handle = 14, .type = 0 });
	vdrm_encode_bind_shader(cs, &(struct vdrm_cmd_bind_shader){ .handle = 15, .type = 1 });
}

static void encode_raw_draw(struct vdrm_cs *cs)
{
	static const struct vdrm_create_vertex_elements_elem ve[] = {
		{ .src_offset = 0, .src_format = 31 }, { .src_offset = 16, .src_format = 31 },
	};
	static const struct vdrm_set_vertex_buffers_elem vb = { .stride = 32, .res = 2 };
	static const uint32_t one[] = { 0x3f800000, 0x3f800000, 0x3f800000, 0x3f800000 };

	vdrm_encode_create_vertex_elements(cs, &(struct vdrm_cmd_create_vertex_elements){
		.handle = 16, .elems = ve, .count = 2 });
	vdrm_encode_bind_vertex_elements(cs, &(struct vdrm_cmd_bind_vertex_elements){ .handle = 16 });
	vdrm_encode_set_vertex_buffers(cs, &(struct vdrm_cmd_set_vertex_buffers){ .elems = &vb, .count = 1 });
	vdrm_encode_set_constant_buffer(cs, &(struct vdrm_cmd_set_constant_buffer){
		.stage = 1, .elems = one, .count = 4 });
	vdrm_encode_set_uniform_buffer(cs, &(struct vdrm_cmd_set_uniform_buffer){
		.stage = 1, .index = 1, .length = 16, .res = 3 });
	vdrm_encode_clear(cs, &(struct vdrm_cmd_clear){
		.buffers = 4, .color = { 0, 0, 0x3f800000, 0x3f800000 }, .depth = 1.0 });
	vdrm_encode_draw_vbo(cs, &(struct vdrm_cmd_draw_vbo){
		.count = 3, .mode = 4, .instance_count = 1, .max_index = 2 });
}

/* Doc 6.5: the hand-written stream the host rendered correctly, byte for byte. */
START_TEST(test_encode_matches_host_accepted_stream)
{
	struct vdrm_cs cs;
	uint32_t ndw;
	uint32_t *want = read_capture("cap_raw_submit_000.bin", &ndw);

	vdrm_cs_init(&cs);
	encode_raw_state(&cs);
	encode_raw_shaders(&cs);
	encode_raw_draw(&cs);
	ck_assert(vdrm_cs_ok(&cs));
	ck_assert_uint_eq(cs.cdw, ndw);
	for (uint32_t i = 0; i < ndw; i++)
		ck_assert_msg(cs.buf[i] == want[i], "dword %u: 0x%08x, want 0x%08x", i, cs.buf[i], want[i]);
	vdrm_cs_finish(&cs);
	free(want);
}
END_TEST

/* --- dump ------------------------------------------------------------------------ */

/* Runs vdrm_decode_dump into a temporary file; returns its text (free it). */
static char *dump_to_string(const uint32_t *buf, uint32_t ndw, int *ret)
{
	FILE *f = tmpfile();
	char *text;
	long size;

	ck_assert_ptr_nonnull(f);
	*ret = vdrm_decode_dump(f, buf, ndw);
	size = ftell(f);
	rewind(f);
	text = calloc(1, (size_t)size + 1);
	ck_assert_ptr_nonnull(text);
	ck_assert_uint_eq(fread(text, 1, (size_t)size, f), (size_t)size);
	fclose(f);
	return text;
}

static void assert_contains(const char *text, const char *want)
{
	ck_assert_msg(strstr(text, want) != NULL, "dump lacks \"%s\":\n%s", want, text);
}

START_TEST(test_dump_capture)
{
	static const char *const want[] = {
		"[0] TRANSFER3D res=0x2 level=0x0 usage=0x82",
		"[42] END_TRANSFERS padding=981 dwords",
		"[1024] CREATE_SUB_CTX sub_ctx_id=0x1\n",
		"[1028] CREATE_OBJECT(SURFACE) handle=0x1 res=0x1 format=0x43",
		("[1034] CREATE_OBJECT(SHADER) handle=0x2 type=0x0 offlen=0x97 num_tokens=0x15 "
		 "num_so_outputs=0x0 text=38 dwords \"VERT...\""), /* one line of the dump */
		"[1159] LINK_SHADER vs=0x2 fs=0x3 gs=0x0",
	};
	uint32_t ndw;
	uint32_t *buf = read_capture("cap1_submit_000.bin", &ndw);
	int ret;
	char *text = dump_to_string(buf, ndw, &ret);

	ck_assert_int_eq(ret, 10);
	for (size_t i = 0; i < ARRAY_SIZE(want); i++)
		assert_contains(text, want[i]);
	free(text);
	free(buf);
}
END_TEST

START_TEST(test_dump_elements)
{
	static const char *const want[] = {
		"SET_VERTEX_BUFFERS buffers[0].stride=0x18 buffers[0].offset=0x0 buffers[0].res=0x4\n",
		"SET_SAMPLER_VIEWS stage=0x1 start_slot=0x0 views[0]=0x5\n",
		"SET_FRAMEBUFFER_STATE nr_cbufs=0x1 zsurf=0x0 cbufs[0]=0x1\n",
		"SET_ATOMIC_BUFFERS start_slot=0x0 buffers[0].offset=0x0",
		"CLEAR buffers=0x4 color[0]=0x3e800000",
		"depth.lo=0x0 depth.hi=0x3ff00000 stencil=0x0\n",
		"DRAW_VBO start=0x0 count=0x4 mode=0x5",
	};
	uint32_t ndw;
	uint32_t *buf = read_capture("cap1_submit_001.bin", &ndw);
	int ret;
	char *text = dump_to_string(buf, ndw, &ret);

	ck_assert_int_eq(ret, 34);
	for (size_t i = 0; i < ARRAY_SIZE(want); i++)
		assert_contains(text, want[i]);
	free(text);
	free(buf);
}
END_TEST

/* type and stream must each fit 16 bits: a wider value would spill into the other. */
START_TEST(test_query_type_index_limits)
{
	uint32_t ti = 0xdeadbeef;

	ck_assert(vdrm_query_type_index(VDRM_QUERY_SO_OVERFLOW_ANY_PREDICATE, 0xffff, &ti));
	ck_assert_uint_eq(ti, 0xffff000c);
	ck_assert(!vdrm_query_type_index(0x10000, 0, &ti));
	ck_assert(!vdrm_query_type_index(VDRM_QUERY_PRIMITIVES_EMITTED, 0x10000, &ti));
	ck_assert_uint_eq(ti, 0xffff000c);
}
END_TEST

/* The block as the host writes it: state dword, size dword, 64-bit result;
 * the result is only taken from a DONE block. */
START_TEST(test_query_read_host_block)
{
	uint32_t block[4] = { VDRM_QUERY_STATE_DONE, 8, 0x89abcdef, 0x01234567 };
	uint64_t result = 0;

	ck_assert_uint_eq(vdrm_query_read(block, &result), VDRM_QUERY_STATE_DONE);
	ck_assert_uint_eq(result, UINT64_C(0x0123456789abcdef));
	block[0] = VDRM_QUERY_STATE_NEW;
	block[2] = 7;
	ck_assert_uint_eq(vdrm_query_read(block, &result), VDRM_QUERY_STATE_NEW);
	ck_assert_uint_eq(result, UINT64_C(0x0123456789abcdef));
}
END_TEST

/* The SO output dword (doc 2.4): the capture of doc 6.4 (OUT[3].x to
 * buffer 0) and every field at its widest; fields that do not fit fail. */
START_TEST(test_so_output_dword)
{
	uint32_t d = 0xdeadbeef;

	ck_assert(vdrm_so_output(3, 0, 1, 0, 0, &d));
	ck_assert_uint_eq(d, 0x00000403);
	ck_assert(vdrm_so_output(0xff, 1, 3, 3, 0xffff, &d));
	ck_assert_uint_eq(d, 0xffff6dff);
	ck_assert(vdrm_so_output(2, 0, 4, 1, 4, &d));
	ck_assert_uint_eq(d, 0x00043002);
	ck_assert(!vdrm_so_output(0x100, 0, 1, 0, 0, &d));
	ck_assert(!vdrm_so_output(0, 2, 3, 0, 0, &d));   /* z..w+1 */
	ck_assert(!vdrm_so_output(0, 0, 0, 0, 0, &d));
	ck_assert(!vdrm_so_output(0, 0, 1, 4, 0, &d));
	ck_assert(!vdrm_so_output(0, 0, 1, 0, 0x10000, &d));
	ck_assert_uint_eq(d, 0x00043002);
}
END_TEST

START_TEST(test_dump_shader_so_and_malformed)
{
	struct vdrm_cs cs;
	int ret;
	char *text;

	vdrm_cs_init(&cs);
	enc_create_shader_so(&cs);
	enc_destroy_object(&cs);
	cs.buf[cs.cdw++] = 0x000a0101; /* a BLEND of length 10 */
	text = dump_to_string(cs.buf, cs.cdw, &ret);
	ck_assert_int_eq(ret, VDRM_ERROR_INVALID_ARGUMENT);
	assert_contains(text, "so_stride[1]=0x2 so_stride[2]=0x0 so_stride[3]=0x0 "
			"so_outputs[0].output=0x1001 so_outputs[0].stream=0x0");
	assert_contains(text, "so_outputs[1].stream=0x1 text=2 dwords \"VERT\"\n");
	assert_contains(text, "DESTROY_OBJECT obj_type=0x6 handle=0x5\n");
	assert_contains(text, "[18] malformed: header 0x000a0101");
	free(text);
	vdrm_cs_finish(&cs);
}
END_TEST

static Suite *encoder_suite(void)
{
	Suite *s = suite_create("encoder");
	TCase *tc = tcase_create("golden");

	tcase_add_loop_test(tc, test_golden_dwords, 0, ARRAY_SIZE(goldens));
	tcase_add_loop_test(tc, test_roundtrip, 0, ARRAY_SIZE(goldens));
	tcase_add_loop_test(tc, test_every_encoder_has_golden, 0, ARRAY_SIZE(all_encoders));
	tcase_add_test(tc, test_lookup_coverage);
	suite_add_tcase(s, tc);

	tc = tcase_create("decoder");
	tcase_add_loop_test(tc, test_decode_rejects, 0, ARRAY_SIZE(bad_streams));
	tcase_add_test(tc, test_decode_stops_at_bad_command);
	tcase_add_test(tc, test_decode_accepts_legal_oddities);
	tcase_add_test(tc, test_check_len);
	suite_add_tcase(s, tc);

	tc = tcase_create("errors");
	tcase_add_test(tc, test_sticky_reserve_failure);
	tcase_add_test(tc, test_sticky_invalid_argument);
	tcase_add_loop_test(tc, test_oversize_is_invalid_argument, 0, ARRAY_SIZE(oversize));
	tcase_add_test(tc, test_max_payload_fits);
	suite_add_tcase(s, tc);

	tc = tcase_create("captures");
	tcase_add_loop_test(tc, test_decode_capture, 0, ARRAY_SIZE(captures));
	tcase_add_test(tc, test_encode_matches_host_accepted_stream);
	tcase_add_test(tc, test_dump_capture);
	tcase_add_test(tc, test_dump_elements);
	tcase_add_test(tc, test_dump_shader_so_and_malformed);
	tcase_add_test(tc, test_query_type_index_limits);
	tcase_add_test(tc, test_so_output_dword);
	tcase_add_test(tc, test_query_read_host_block);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(encoder_suite(), CK_NORMAL);
}
