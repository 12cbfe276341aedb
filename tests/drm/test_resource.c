/* SPDX-License-Identifier: MIT */
/*
 * Resource validation and the stride-0 backing layout. The layout numbers are
 * worked out by hand from the rule in vdrm_resource.h (row pitch = blocks of
 * the level's width x block bytes, layer pitch = row pitch x block rows,
 * levels packed in order), which is what the host assumes for transfers.
 */
#include <check.h>

#include "check_run.h"
#include <stdlib.h>
#include <string.h>

#include "vdrm_format.h"
#include "vdrm_resource.h"
#include "vdrm_result.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* ---- resources used throughout ------------------------------------------- */

#define SAMPLED (VDRM_BIND_SAMPLER_VIEW | VDRM_BIND_RENDER_TARGET)

static const struct vdrm_resource_create_info tex2d_mips = {
	.target = VDRM_TARGET_2D, .format = VDRM_FORMAT_R8G8B8A8_UNORM, .bind = SAMPLED,
	.width = 64, .height = 64, .depth = 1, .array_size = 1, .last_level = 6,
};
static const struct vdrm_resource_create_info tex2d_array = {
	.target = VDRM_TARGET_2D_ARRAY, .format = VDRM_FORMAT_R8G8B8A8_UNORM, .bind = SAMPLED,
	.width = 16, .height = 8, .depth = 1, .array_size = 3, .last_level = 2,
};
static const struct vdrm_resource_create_info cube = {
	.target = VDRM_TARGET_CUBE, .format = VDRM_FORMAT_B8G8R8A8_UNORM, .bind = SAMPLED,
	.width = 32, .height = 32, .depth = 1, .array_size = 6, .last_level = 1,
};
static const struct vdrm_resource_create_info tex3d = {
	.target = VDRM_TARGET_3D, .format = VDRM_FORMAT_R16G16B16A16_FLOAT, .bind = SAMPLED,
	.width = 16, .height = 8, .depth = 4, .array_size = 1, .last_level = 4,
};
static const struct vdrm_resource_create_info buffer = {
	.target = VDRM_TARGET_BUFFER, .format = VDRM_FORMAT_R8_UNORM,
	.bind = VDRM_BIND_VERTEX_BUFFER, .width = 1000, .height = 1, .depth = 1, .array_size = 1,
};
/* 4x4 blocks of 16 bytes; the odd sizes leave partial blocks at every level */
static const struct vdrm_resource_create_info etc2 = {
	.target = VDRM_TARGET_2D, .format = VDRM_FORMAT_ETC2_RGBA8, .bind = VDRM_BIND_SAMPLER_VIEW,
	.width = 30, .height = 18, .depth = 1, .array_size = 1, .last_level = 4,
};
static const struct vdrm_resource_create_info astc = {
	.target = VDRM_TARGET_2D, .format = VDRM_FORMAT_ASTC_10x6, .bind = VDRM_BIND_SAMPLER_VIEW,
	.width = 25, .height = 13, .depth = 1, .array_size = 1,
};
static const struct vdrm_resource_create_info dxt1 = {
	.target = VDRM_TARGET_2D, .format = VDRM_FORMAT_DXT1_RGB, .bind = VDRM_BIND_SAMPLER_VIEW,
	.width = 8, .height = 8, .depth = 1, .array_size = 1, .last_level = 3,
};
static const struct vdrm_resource_create_info array1d = {
	.target = VDRM_TARGET_1D_ARRAY, .format = VDRM_FORMAT_R32_FLOAT, .bind = SAMPLED,
	.width = 64, .height = 1, .depth = 1, .array_size = 4,
};

/* ---- layout --------------------------------------------------------------- */

struct layout_case {
	const char *what;
	const struct vdrm_resource_create_info *info;
	uint32_t level;
	size_t offset;
	uint32_t stride, layer_stride, layers;
	size_t size;
};

static const struct layout_case layout_cases[] = {
	/* 64x64 RGBA8, full mip chain */
	{ "2D L0", &tex2d_mips, 0, 0, 256, 16384, 1, 16384 },
	{ "2D L1", &tex2d_mips, 1, 16384, 128, 4096, 1, 4096 },
	{ "2D L2", &tex2d_mips, 2, 20480, 64, 1024, 1, 1024 },
	{ "2D L3", &tex2d_mips, 3, 21504, 32, 256, 1, 256 },
	{ "2D L4", &tex2d_mips, 4, 21760, 16, 64, 1, 64 },
	{ "2D L5", &tex2d_mips, 5, 21824, 8, 16, 1, 16 },
	{ "2D L6", &tex2d_mips, 6, 21840, 4, 4, 1, 4 },
	/* 16x8 RGBA8 x 3 layers: every level holds all layers */
	{ "2D array L0", &tex2d_array, 0, 0, 64, 512, 3, 1536 },
	{ "2D array L1", &tex2d_array, 1, 1536, 32, 128, 3, 384 },
	{ "2D array L2", &tex2d_array, 2, 1920, 16, 32, 3, 96 },
	/* 32x32 BGRA8 cube: 6 faces per level */
	{ "cube L0", &cube, 0, 0, 128, 4096, 6, 24576 },
	{ "cube L1", &cube, 1, 24576, 64, 1024, 6, 6144 },
	/* 16x8x4 RGBA16F: the depth shrinks with the level */
	{ "3D L0", &tex3d, 0, 0, 128, 1024, 4, 4096 },
	{ "3D L1", &tex3d, 1, 4096, 64, 256, 2, 512 },
	{ "3D L2", &tex3d, 2, 4608, 32, 64, 1, 64 },
	{ "3D L3", &tex3d, 3, 4672, 16, 16, 1, 16 },
	{ "3D L4", &tex3d, 4, 4688, 8, 8, 1, 8 },
	{ "buffer", &buffer, 0, 0, 1000, 1000, 1, 1000 },
	/* ETC2 RGBA8 30x18: 8x5 blocks, then 4x3, 2x1, 1x1, 1x1 */
	{ "ETC2 L0", &etc2, 0, 0, 128, 640, 1, 640 },
	{ "ETC2 L1", &etc2, 1, 640, 64, 192, 1, 192 },
	{ "ETC2 L2", &etc2, 2, 832, 32, 32, 1, 32 },
	{ "ETC2 L3", &etc2, 3, 864, 16, 16, 1, 16 },
	{ "ETC2 L4", &etc2, 4, 880, 16, 16, 1, 16 },
	/* ASTC 10x6, 25x13: 3x3 blocks */
	{ "ASTC", &astc, 0, 0, 48, 144, 1, 144 },
	{ "DXT1 L0", &dxt1, 0, 0, 16, 32, 1, 32 },
	{ "DXT1 L3", &dxt1, 3, 48, 8, 8, 1, 8 },
	{ "1D array", &array1d, 0, 0, 256, 256, 4, 1024 },
};

START_TEST(level_layout)
{
	const struct layout_case *c = &layout_cases[_i];
	struct vdrm_level_layout l;

	vdrm_resource_level_layout(c->info, c->level, &l);
	ck_assert_msg(l.offset == c->offset, "%s: offset %zu", c->what, l.offset);
	ck_assert_msg(l.stride == c->stride, "%s: stride %u", c->what, l.stride);
	ck_assert_msg(l.layer_stride == c->layer_stride, "%s: layer_stride %u", c->what,
		      l.layer_stride);
	ck_assert_msg(l.layers == c->layers, "%s: layers %u", c->what, l.layers);
	ck_assert_msg(l.size == c->size, "%s: size %zu", c->what, l.size);
}
END_TEST

struct size_case {
	const struct vdrm_resource_create_info *info;
	size_t size;
};

static const struct size_case size_cases[] = {
	{ &tex2d_mips, 21844 }, { &tex2d_array, 2016 }, { &cube, 30720 },
	{ &tex3d, 4696 }, { &buffer, 1000 }, { &etc2, 896 }, { &astc, 144 },
	{ &dxt1, 56 }, { &array1d, 1024 },
};

START_TEST(backing_size)
{
	const struct size_case *c = &size_cases[_i];
	struct vdrm_level_layout last;

	ck_assert_int_eq(vdrm_resource_info_validate(c->info, NULL), VDRM_OK);
	ck_assert_uint_eq(vdrm_resource_backing_size(c->info), c->size);
	/* levels are packed: the last one ends where the backing ends */
	vdrm_resource_level_layout(c->info, c->info->last_level, &last);
	ck_assert_uint_eq(last.offset + last.size, c->size);
}
END_TEST

START_TEST(backing_size_is_never_zero)
{
	struct vdrm_resource_create_info bad = buffer;

	/* not a valid resource, but the size helper must still not say 0 */
	bad.width = 0;
	ck_assert_uint_eq(vdrm_resource_backing_size(&bad), 1);
}
END_TEST

/* ---- box offsets ---------------------------------------------------------- */

struct offset_case {
	const char *what;
	const struct vdrm_resource_create_info *info;
	uint32_t level;
	struct vdrm_box box;
	size_t offset;
};

static const struct offset_case offset_cases[] = {
	{ "2D L0 (3,2)", &tex2d_mips, 0, { 3, 2, 0, 1, 1, 1 }, 2 * 256 + 3 * 4 },
	{ "2D L2 (1,1)", &tex2d_mips, 2, { 1, 1, 0, 1, 1, 1 }, 20480 + 64 + 4 },
	{ "2D L6 (0,0)", &tex2d_mips, 6, { 0, 0, 0, 1, 1, 1 }, 21840 },
	{ "array L1 layer 2", &tex2d_array, 1, { 3, 1, 2, 1, 1, 1 }, 1536 + 2 * 128 + 32 + 12 },
	{ "cube L1 face 5", &cube, 1, { 0, 0, 5, 16, 16, 1 }, 24576 + 5 * 1024 },
	{ "3D L1 slice 1", &tex3d, 1, { 3, 2, 1, 1, 1, 1 }, 4096 + 256 + 2 * 64 + 3 * 8 },
	{ "buffer byte 100", &buffer, 0, { 100, 0, 0, 10, 1, 1 }, 100 },
	{ "ETC2 L0 block (2,1)", &etc2, 0, { 8, 4, 0, 4, 4, 1 }, 128 + 2 * 16 },
	{ "ETC2 L1 block (3,2)", &etc2, 1, { 12, 8, 0, 3, 1, 1 }, 640 + 2 * 64 + 3 * 16 },
	{ "1D array layer 3", &array1d, 0, { 4, 0, 3, 1, 1, 1 }, 3 * 256 + 16 },
};

START_TEST(box_offset)
{
	const struct offset_case *c = &offset_cases[_i];
	struct vdrm_error err = { 0 };

	ck_assert_msg(vdrm_resource_box_validate(c->info, c->level, &c->box, &err) == VDRM_OK,
		      "%s: %s", c->what, err.message);
	ck_assert_msg(vdrm_resource_box_offset(c->info, c->level, &c->box) == c->offset,
		      "%s: offset %zu, expected %zu", c->what,
		      vdrm_resource_box_offset(c->info, c->level, &c->box), c->offset);
}
END_TEST

/* ---- boxes ---------------------------------------------------------------- */

struct box_case {
	const struct vdrm_resource_create_info *info;
	uint32_t level;
	struct vdrm_box box;
	const char *error; /* substring of the message, NULL if the box is valid */
};

static const struct box_case box_cases[] = {
	{ &tex2d_mips, 0, { 0, 0, 0, 64, 64, 1 }, NULL },
	{ &tex2d_mips, 6, { 0, 0, 0, 1, 1, 1 }, NULL },
	{ &tex2d_mips, 0, { 0, 0, 0, 0, 1, 1 }, "box.w is 0" },
	{ &tex2d_mips, 0, { 0, 0, 0, 1, 0, 1 }, "box.h is 0" },
	{ &tex2d_mips, 0, { 0, 0, 0, 1, 1, 0 }, "box.d is 0" },
	{ &tex2d_mips, 0, { 60, 0, 0, 5, 1, 1 }, "box.x 60 + box.w 5 exceeds the width 64" },
	{ &tex2d_mips, 1, { 0, 31, 0, 1, 2, 1 }, "box.y 31 + box.h 2 exceeds the height 32" },
	{ &tex2d_mips, 0, { 0, 0, 1, 1, 1, 1 }, "box.z 1 + box.d 1 exceeds the layer count 1" },
	{ &tex2d_mips, 7, { 0, 0, 0, 1, 1, 1 }, "level 7 exceeds last_level 6" },
	{ &tex2d_mips, 0, { UINT32_MAX, 0, 0, 2, 1, 1 }, "box.x 4294967295 + box.w 2" },
	{ &cube, 0, { 0, 0, 5, 32, 32, 1 }, NULL },
	{ &cube, 0, { 0, 0, 6, 1, 1, 1 }, "box.z 6" },
	{ &tex2d_array, 0, { 0, 0, 1, 1, 1, 3 }, "box.d 3" },
	{ &tex3d, 1, { 0, 0, 1, 8, 4, 1 }, NULL },
	{ &tex3d, 1, { 0, 0, 2, 1, 1, 1 }, "exceeds the depth 2 of level 1" },
	{ &buffer, 0, { 999, 0, 0, 1, 1, 1 }, NULL },
	{ &buffer, 0, { 999, 0, 0, 2, 1, 1 }, "box.x 999 + box.w 2 exceeds the width 1000" },
	{ &buffer, 0, { 0, 1, 0, 1, 1, 1 }, "box.y 1" },
	/* compressed: whole blocks, except where the level ends mid-block */
	{ &etc2, 0, { 28, 16, 0, 2, 2, 1 }, NULL },
	{ &etc2, 0, { 24, 16, 0, 6, 2, 1 }, NULL },
	{ &etc2, 1, { 12, 8, 0, 3, 1, 1 }, NULL },
	{ &etc2, 0, { 2, 0, 0, 4, 4, 1 }, "box.x 2 is not a multiple of the block width 4" },
	{ &etc2, 0, { 0, 6, 0, 4, 4, 1 }, "box.y 6 is not a multiple of the block height 4" },
	{ &etc2, 0, { 0, 0, 0, 6, 4, 1 }, "box.w 6 is not a multiple of the block width 4" },
	{ &etc2, 0, { 0, 0, 0, 4, 5, 1 }, "box.h 5 is not a multiple of the block height 4" },
	{ &astc, 0, { 20, 12, 0, 5, 1, 1 }, NULL },
	{ &astc, 0, { 0, 0, 0, 20, 7, 1 }, "box.h 7" },
};

START_TEST(box_validate)
{
	const struct box_case *c = &box_cases[_i];
	struct vdrm_error err = { 0 };
	int ret = vdrm_resource_box_validate(c->info, c->level, &c->box, &err);

	if (!c->error) {
		ck_assert_msg(ret == VDRM_OK, "case %d: %s", _i, err.message);
		return;
	}
	ck_assert_int_eq(ret, VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_int_eq(err.code, VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_msg(strstr(err.message, c->error), "case %d: \"%s\" does not mention \"%s\"",
		      _i, err.message, c->error);
}
END_TEST

/* ---- create-info validation ----------------------------------------------- */

/*
 * Rows start from a valid resource and override the one field under test;
 * the later designated initialiser wins, which is the point here.
 */
#pragma GCC diagnostic ignored "-Woverride-init"

#define TEX2D .target = VDRM_TARGET_2D, .format = VDRM_FORMAT_R8G8B8A8_UNORM, \
	.bind = SAMPLED, .width = 64, .height = 64, .depth = 1, .array_size = 1
#define BUF .target = VDRM_TARGET_BUFFER, .format = VDRM_FORMAT_R8_UNORM, \
	.bind = VDRM_BIND_VERTEX_BUFFER, .width = 4096, .height = 1, .depth = 1, .array_size = 1
#define CUBE TEX2D, .target = VDRM_TARGET_CUBE, .array_size = 6
#define TEX3D TEX2D, .target = VDRM_TARGET_3D, .depth = 4

#define GiB (UINT32_C(1) << 30)

static const struct vdrm_resource_create_info valid_infos[] = {
	{ TEX2D },
	{ TEX2D, .last_level = 6 },
	{ TEX2D, .width = 1, .height = 64, .last_level = 6 },
	{ TEX2D, .nr_samples = 1 },
	{ TEX2D, .nr_samples = 4, .bind = VDRM_BIND_RENDER_TARGET },
	{ TEX2D, .flags = VDRM_RESOURCE_FLAG_Y_0_TOP },
	{ TEX2D, .format = VDRM_FORMAT_S8_UINT_Z24_UNORM, .bind = VDRM_BIND_DEPTH_STENCIL },
	{ TEX2D, .target = VDRM_TARGET_2D_ARRAY, .array_size = 256, .nr_samples = 8 },
	{ TEX2D, .target = VDRM_TARGET_RECT, .width = 100, .height = 50 },
	{ TEX2D, .target = VDRM_TARGET_1D, .height = 1, .last_level = 6 },
	{ TEX2D, .target = VDRM_TARGET_1D_ARRAY, .height = 1, .array_size = 8 },
	{ CUBE, .last_level = 6 },
	{ CUBE, .target = VDRM_TARGET_CUBE_ARRAY, .array_size = 12 },
	{ TEX3D, .width = 4, .height = 4, .depth = 16, .last_level = 3 }, /* the host's limit */
	{ TEX2D, .format = VDRM_FORMAT_ETC2_RGB8, .width = 30, .height = 18, .last_level = 4 },
	{ TEX2D, .width = 16384, .height = 8192, .last_level = 14 }, /* 0.67 GiB */
	{ BUF },
	{ BUF, .bind = VDRM_BIND_CUSTOM, .width = 16 },
	{ BUF, .bind = VDRM_BIND_SAMPLER_VIEW | VDRM_BIND_VERTEX_BUFFER }, /* texture buffer */
	{ BUF, .width = GiB }, /* exactly the limit */
};

START_TEST(valid_info_accepted)
{
	struct vdrm_error err = { 0 };

	ck_assert_msg(vdrm_resource_info_validate(&valid_infos[_i], &err) == VDRM_OK,
		      "row %d rejected: %s", _i, err.message);
	ck_assert_uint_ge(vdrm_resource_backing_size(&valid_infos[_i]), 1);
}
END_TEST

struct reject_case {
	struct vdrm_resource_create_info info;
	const char *mention; /* the message must contain this */
};

static const struct reject_case reject_cases[] = {
	{ { TEX2D, .target = VDRM_TARGET_COUNT }, "target 9" },
	{ { TEX2D, .target = 0x7fffffff }, "target 2147483647" },
	{ { TEX2D, .format = 0 }, "format 0 is not" },
	{ { TEX2D, .format = 73 }, "format 73 is not" },
	{ { TEX2D, .format = 264 }, "format 264 is not" },
	{ { TEX2D, .format = VDRM_FORMAT_MAX }, "format 322 is not" },
	/* binds and flags the host refuses */
	{ { TEX2D, .bind = 0 }, "bind 0x0 is for buffers only, but target is 2D" },
	{ { TEX2D, .bind = VDRM_BIND_VERTEX_BUFFER }, "bind 0x10" },
	{ { BUF, .bind = VDRM_BIND_VERTEX_BUFFER | VDRM_BIND_INDEX_BUFFER }, "bind 0x30" },
	{ { TEX2D, .flags = 2 }, "flags 0x2" },
	{ { TEX3D, .flags = VDRM_RESOURCE_FLAG_Y_0_TOP }, "flags Y_0_TOP needs target 2D" },
	/* buffers */
	{ { BUF, .width = 0 }, "width is 0" },
	{ { BUF, .height = 2 }, "height 2 must be 1 for target BUFFER" },
	{ { BUF, .depth = 2 }, "depth 2 must be 1 for target BUFFER" },
	{ { BUF, .array_size = 2 }, "array_size 2 must be 1 for target BUFFER" },
	{ { BUF, .last_level = 1 }, "last_level 1 must be 0 for target BUFFER" },
	{ { BUF, .nr_samples = 4 }, "nr_samples 4 needs target 2D" },
	{ { BUF, .format = VDRM_FORMAT_ETC2_RGB8 }, "ETC2_RGB8 (269) is compressed" },
	{ { BUF, .width = GiB + 1 }, "need 1073741825 bytes; the limit is 1 GiB" },
	/* a cube of 16384^2 R8 faces with its mips: ~2 GiB, which llvmpipe refuses */
	{ { CUBE, .format = VDRM_FORMAT_R8_UNORM, .width = 16384, .height = 16384, .last_level = 14 },
	  "the limit is 1 GiB" },
	/* zero sizes */
	{ { TEX2D, .width = 0 }, "width is 0" },
	{ { TEX2D, .height = 0 }, "height is 0" },
	{ { TEX3D, .depth = 0 }, "depth is 0" },
	{ { TEX2D, .target = VDRM_TARGET_2D_ARRAY, .array_size = 0 }, "array_size is 0" },
	/* shapes per target */
	{ { TEX2D, .target = VDRM_TARGET_1D, .height = 2 }, "height 2 must be 1 for target 1D" },
	{ { TEX2D, .target = VDRM_TARGET_1D_ARRAY, .height = 4 }, "height 4" },
	{ { TEX2D, .depth = 2 }, "depth 2 must be 1 for target 2D" },
	{ { TEX2D, .target = VDRM_TARGET_2D_ARRAY, .depth = 2 }, "depth 2" },
	{ { TEX2D, .array_size = 2 }, "array_size 2 must be 1 for target 2D" },
	{ { TEX2D, .target = VDRM_TARGET_RECT, .array_size = 6 }, "array_size 6" },
	{ { TEX3D, .array_size = 2 }, "array_size 2 must be 1 for target 3D" },
	{ { CUBE, .height = 32 }, "width 64 and height 32 must be equal for target CUBE" },
	{ { CUBE, .array_size = 1 }, "array_size 1 must be 6 for target CUBE" },
	{ { CUBE, .target = VDRM_TARGET_CUBE_ARRAY, .array_size = 7 },
	  "array_size 7 must be a multiple of 6" },
	{ { CUBE, .target = VDRM_TARGET_CUBE_ARRAY, .width = 16 }, "width 16 and height 64" },
	/* mip levels */
	{ { TEX2D, .last_level = 7 }, "last_level 7 exceeds 6" },
	{ { TEX2D, .width = 1, .height = 1, .last_level = 1 }, "last_level 1 exceeds 0" },
	{ { TEX3D, .width = 4, .height = 4, .depth = 16, .last_level = 5 }, "last_level 5" },
	/* GL's chain, but virglrenderer counts levels by width and height only */
	{ { TEX3D, .width = 4, .height = 4, .depth = 16, .last_level = 4 },
	  "what the host allows a 4x4 texture of any depth" },
	{ { TEX2D, .last_level = UINT32_MAX }, "last_level 4294967295" },
	{ { TEX2D, .target = VDRM_TARGET_RECT, .last_level = 1 },
	  "last_level 1 must be 0 for target RECT" },
	/* samples */
	{ { TEX2D, .nr_samples = 3 }, "nr_samples 3 is not one of" },
	{ { TEX2D, .nr_samples = 32 }, "nr_samples 32 is not one of" },
	{ { TEX3D, .nr_samples = 4 }, "nr_samples 4 needs target 2D or 2D_ARRAY, not 3D" },
	{ { CUBE, .nr_samples = 2 }, "nr_samples 2 needs target" },
	{ { TEX2D, .nr_samples = 4, .last_level = 1 },
	  "nr_samples 4 does not allow last_level 1" },
	{ { TEX2D, .nr_samples = 1, .last_level = 1 }, "nr_samples 1 does not allow" },
	/* sizes: 4 GiB, and products that do not fit in 64 bits */
	{ { TEX2D, .format = VDRM_FORMAT_R32G32B32A32_FLOAT, .width = 16384, .height = 16384 },
	  "need 4294967296 bytes; the limit is 1 GiB" },
	{ { TEX2D, .target = VDRM_TARGET_2D_ARRAY, .format = VDRM_FORMAT_R32G32B32A32_FLOAT,
	    .width = UINT32_MAX, .height = UINT32_MAX, .array_size = UINT32_MAX },
	  "need more than 2^64 bytes" },
};

START_TEST(invalid_info_rejected)
{
	const struct reject_case *c = &reject_cases[_i];
	struct vdrm_error err = { 0 };

	ck_assert_int_eq(vdrm_resource_info_validate(&c->info, &err),
			 VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_int_eq(err.code, VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_msg(strstr(err.message, c->mention), "row %d: \"%s\" does not mention \"%s\"",
		      _i, err.message, c->mention);
}
END_TEST

START_TEST(null_info_and_error)
{
	struct vdrm_error err = { 0 };
	struct vdrm_resource_create_info bad = { TEX2D, .width = 0 };

	ck_assert_int_eq(vdrm_resource_info_validate(NULL, &err), VDRM_ERROR_INVALID_ARGUMENT);
	ck_assert_ptr_nonnull(strstr(err.message, "NULL"));
	/* err is optional */
	ck_assert_int_eq(vdrm_resource_info_validate(&bad, NULL), VDRM_ERROR_INVALID_ARGUMENT);
}
END_TEST

/*
 * For every valid resource: levels follow each other without gaps, and the
 * last block of every level lies inside the backing.
 */
START_TEST(valid_layouts_are_packed)
{
	const struct vdrm_resource_create_info *info = &valid_infos[_i];
	const struct vdrm_format_desc *desc = vdrm_format_describe(info->format);
	size_t end = 0, total = vdrm_resource_backing_size(info);

	for (uint32_t level = 0; level <= info->last_level; level++) {
		struct vdrm_level_layout l;
		struct vdrm_box last = { 0 };

		vdrm_resource_level_layout(info, level, &l);
		ck_assert_uint_eq(l.offset, end);
		ck_assert_uint_eq(l.size, (size_t)l.layer_stride * l.layers);
		end = l.offset + l.size;
		last.z = l.layers - 1;
		last.y = l.layer_stride / l.stride * desc->block_h - 1;
		last.x = info->target == VDRM_TARGET_BUFFER ? info->width - 1 :
			 l.stride / desc->block_bytes * desc->block_w - 1;
		ck_assert_uint_le(vdrm_resource_box_offset(info, level, &last) +
				  (info->target == VDRM_TARGET_BUFFER ? 1 : desc->block_bytes),
				  end);
	}
	ck_assert_uint_eq(end, total);
}
END_TEST

static Suite *resource_suite(void)
{
	Suite *s = suite_create("vdrm_resource");
	TCase *layout = tcase_create("layout");
	TCase *boxes = tcase_create("boxes");
	TCase *validate = tcase_create("validation");

	tcase_add_loop_test(layout, level_layout, 0, ARRAY_SIZE(layout_cases));
	tcase_add_loop_test(layout, backing_size, 0, ARRAY_SIZE(size_cases));
	tcase_add_test(layout, backing_size_is_never_zero);
	tcase_add_loop_test(layout, valid_layouts_are_packed, 0, ARRAY_SIZE(valid_infos));
	suite_add_tcase(s, layout);

	tcase_add_loop_test(boxes, box_offset, 0, ARRAY_SIZE(offset_cases));
	tcase_add_loop_test(boxes, box_validate, 0, ARRAY_SIZE(box_cases));
	suite_add_tcase(s, boxes);

	tcase_add_loop_test(validate, valid_info_accepted, 0, ARRAY_SIZE(valid_infos));
	tcase_add_loop_test(validate, invalid_info_rejected, 0, ARRAY_SIZE(reject_cases));
	tcase_add_test(validate, null_info_and_error);
	suite_add_tcase(s, validate);
	return s;
}

int main(void)
{
	return check_run(resource_suite(), CK_NORMAL);
}
