/* SPDX-License-Identifier: MIT */
/*
 * Resource parameter checks and the guest backing layout.
 *
 * The checks mirror what virglrenderer 0.10.4 refuses when it creates a
 * resource: the host refuses silently (no error over virtio-gpu, no reply at
 * all over vtest), so a bad create has to be caught here, with a message that
 * names the field. The layout is the one the host assumes for transfers with
 * stride 0 (see vdrm_resource.h); both sides must agree byte for byte.
 */
#include <inttypes.h>
#include <stdbool.h>

#include "vdrm_format.h"
#include "vdrm_resource.h"
#include "vdrm_result.h"

#define INVALID VDRM_ERROR_INVALID_ARGUMENT

enum layer_rule {
	LAYERS_ONE,        /* array_size must be 1 */
	LAYERS_ANY,        /* array textures: 1 or more */
	LAYERS_SIX,        /* cubes: exactly 6 faces */
	LAYERS_SIX_EACH,   /* cube arrays: a multiple of 6 */
};

/* What each target allows; the host applies the same rules. */
struct target_shape {
	const char *name;
	bool one_row;      /* height must be 1 */
	bool one_slice;    /* depth must be 1 */
	bool square;       /* width == height */
	bool mipmaps;      /* last_level may be > 0 */
	bool multisample;  /* nr_samples may be > 0 */
	enum layer_rule layers;
};

static const struct target_shape shapes[VDRM_TARGET_COUNT] = {
	[VDRM_TARGET_BUFFER] = { "BUFFER", true, true, false, false, false, LAYERS_ONE },
	[VDRM_TARGET_1D] = { "1D", true, true, false, true, false, LAYERS_ONE },
	[VDRM_TARGET_2D] = { "2D", false, true, false, true, true, LAYERS_ONE },
	[VDRM_TARGET_3D] = { "3D", false, false, false, true, false, LAYERS_ONE },
	[VDRM_TARGET_CUBE] = { "CUBE", false, true, true, true, false, LAYERS_SIX },
	[VDRM_TARGET_RECT] = { "RECT", false, true, false, false, false, LAYERS_ONE },
	[VDRM_TARGET_1D_ARRAY] = { "1D_ARRAY", true, true, false, true, false, LAYERS_ANY },
	[VDRM_TARGET_2D_ARRAY] = { "2D_ARRAY", false, true, false, true, true, LAYERS_ANY },
	[VDRM_TARGET_CUBE_ARRAY] = { "CUBE_ARRAY", false, true, true, true, false,
				     LAYERS_SIX_EACH },
};

/* Binds the host takes as "this is a buffer" when they are the whole mask. */
static const uint32_t buffer_only_binds[] = {
	0, VDRM_BIND_CUSTOM, VDRM_BIND_STAGING, VDRM_BIND_INDEX_BUFFER,
	VDRM_BIND_STREAM_OUTPUT, VDRM_BIND_VERTEX_BUFFER, VDRM_BIND_CONSTANT_BUFFER,
	VDRM_BIND_QUERY_BUFFER, VDRM_BIND_COMMAND_ARGS, VDRM_BIND_SHADER_BUFFER,
};

/* Any other mask needs one of these, whatever the target. */
#define TEXTURE_BINDS (VDRM_BIND_SAMPLER_VIEW | VDRM_BIND_DEPTH_STENCIL | \
		       VDRM_BIND_RENDER_TARGET | VDRM_BIND_CURSOR | \
		       VDRM_BIND_SHARED | VDRM_BIND_LINEAR)

static uint32_t minify(uint32_t size, uint32_t level)
{
	if (level >= 32 || (size >> level) == 0)
		return 1;
	return size >> level;
}

static uint32_t div_round_up(uint32_t n, uint32_t d)
{
	return n / d + (n % d != 0);
}

/* floor(log2(n)) for n >= 1 */
static uint32_t log2_floor(uint32_t n)
{
	return 31 - (uint32_t)__builtin_clz(n);
}

static uint64_t mul_saturate(uint64_t a, uint64_t b)
{
	uint64_t r;

	return __builtin_mul_overflow(a, b, &r) ? UINT64_MAX : r;
}

static uint64_t add_saturate(uint64_t a, uint64_t b)
{
	uint64_t r;

	return __builtin_add_overflow(a, b, &r) ? UINT64_MAX : r;
}

/* ---- level sizes (saturating, so validation can use them) --------------- */

/* Width, height (texels) and layer count of a level. */
static void level_extent(const struct vdrm_resource_create_info *info, uint32_t level,
			 uint32_t *w, uint32_t *h, uint32_t *layers)
{
	*w = minify(info->width, level);
	*h = minify(info->height, level);
	if (info->target == VDRM_TARGET_3D)
		*layers = minify(info->depth, level);
	else
		*layers = info->array_size;
}

struct level_size {
	uint64_t stride, layer_stride, layers, size;
};

/* Saturates instead of wrapping, so that validation sees a huge size. */
static void level_size(const struct vdrm_resource_create_info *info,
		       const struct vdrm_format_desc *desc, uint32_t level,
		       struct level_size *out)
{
	uint32_t w, h, layers;

	if (info->target == VDRM_TARGET_BUFFER) {
		/* width is in bytes whatever the format */
		*out = (struct level_size){ info->width, info->width, 1, info->width };
		return;
	}
	level_extent(info, level, &w, &h, &layers);
	out->stride = (uint64_t)div_round_up(w, desc->block_w) * desc->block_bytes;
	out->layer_stride = mul_saturate(out->stride, div_round_up(h, desc->block_h));
	out->layers = layers;
	out->size = mul_saturate(out->layer_stride, layers);
}

/* Offset of `level` (or, with level = last_level + 1, the total size). */
static uint64_t level_offset64(const struct vdrm_resource_create_info *info,
			       const struct vdrm_format_desc *desc, uint32_t level)
{
	struct level_size ls;
	uint64_t offset = 0;

	for (uint32_t l = 0; l < level && l <= info->last_level; l++) {
		level_size(info, desc, l, &ls);
		offset = add_saturate(offset, ls.size);
	}
	return offset;
}

static uint64_t backing_size64(const struct vdrm_resource_create_info *info,
			       const struct vdrm_format_desc *desc)
{
	return level_offset64(info, desc, info->last_level + 1);
}

/* ---- validation ---------------------------------------------------------- */

static bool is_buffer_only_bind(uint32_t bind)
{
	for (size_t i = 0; i < sizeof(buffer_only_binds) / sizeof(buffer_only_binds[0]); i++) {
		if (bind == buffer_only_binds[i])
			return true;
	}
	return false;
}

static int check_bind_and_flags(const struct vdrm_resource_create_info *info,
				const struct target_shape *shape, struct vdrm_error *err)
{
	if (is_buffer_only_bind(info->bind) && info->target != VDRM_TARGET_BUFFER)
		return vdrm_error_set(err, INVALID,
				      "bind 0x%" PRIx32 " is for buffers only, but target is %s",
				      info->bind, shape->name);
	if (!is_buffer_only_bind(info->bind) && !(info->bind & TEXTURE_BINDS))
		return vdrm_error_set(err, INVALID,
				      "bind 0x%" PRIx32 " has none of SAMPLER_VIEW, DEPTH_STENCIL, "
				      "RENDER_TARGET, CURSOR, SHARED, LINEAR: the host wants one "
				      "of them unless bind is a single buffer use",
				      info->bind);
	if (info->flags & ~(uint32_t)VDRM_RESOURCE_FLAG_Y_0_TOP)
		return vdrm_error_set(err, INVALID,
				      "flags 0x%" PRIx32 ": only Y_0_TOP (0x1) is accepted", info->flags);
	if (info->flags && info->target != VDRM_TARGET_2D && info->target != VDRM_TARGET_RECT)
		return vdrm_error_set(err, INVALID,
				      "flags Y_0_TOP needs target 2D or RECT, not %s", shape->name);
	return VDRM_OK;
}

static int check_nonzero(const struct vdrm_resource_create_info *info, struct vdrm_error *err)
{
	const char *field = !info->width ? "width" : !info->height ? "height" :
			    !info->depth ? "depth" : !info->array_size ? "array_size" : NULL;

	if (field)
		return vdrm_error_set(err, INVALID, "%s is 0: every dimension must be at least 1",
				      field);
	return VDRM_OK;
}

static int check_layers(const struct vdrm_resource_create_info *info,
			const struct target_shape *shape, struct vdrm_error *err)
{
	static const char *const expect[] = {
		[LAYERS_ONE] = "1", [LAYERS_SIX] = "6", [LAYERS_SIX_EACH] = "a multiple of 6",
	};
	bool ok;

	switch (shape->layers) {
	case LAYERS_ONE: ok = info->array_size == 1; break;
	case LAYERS_SIX: ok = info->array_size == 6; break;
	case LAYERS_SIX_EACH: ok = info->array_size % 6 == 0; break;
	default: ok = true; break;
	}
	if (!ok)
		return vdrm_error_set(err, INVALID, "array_size %" PRIu32 " must be %s for target %s",
				      info->array_size, expect[shape->layers], shape->name);
	return VDRM_OK;
}

static int check_shape(const struct vdrm_resource_create_info *info,
		       const struct target_shape *shape, struct vdrm_error *err)
{
	if (shape->one_row && info->height != 1)
		return vdrm_error_set(err, INVALID, "height %" PRIu32 " must be 1 for target %s",
				      info->height, shape->name);
	if (shape->one_slice && info->depth != 1)
		return vdrm_error_set(err, INVALID, "depth %" PRIu32 " must be 1 for target %s",
				      info->depth, shape->name);
	if (shape->square && info->width != info->height)
		return vdrm_error_set(err, INVALID,
				      "width %" PRIu32 " and height %" PRIu32
				      " must be equal for target %s",
				      info->width, info->height, shape->name);
	return check_layers(info, shape, err);
}

/* virglrenderer (check_resource_valid) bounds last_level by width and height
 * alone, depth not counted: a 3D texture deeper than it is wide has fewer
 * levels on the host than GL gives it. The host fails the creation and drops
 * the client, so it is refused here. */
static int check_host_levels(const struct vdrm_resource_create_info *info,
			     struct vdrm_error *err)
{
	uint32_t max = vdrm_resource_host_last_level(info->width, info->height);

	if (info->last_level <= max)
		return VDRM_OK;
	return vdrm_error_set(err, INVALID,
			      "last_level %" PRIu32 " exceeds %" PRIu32 ", what the host allows a %"
			      PRIu32 "x%" PRIu32 " texture of any depth",
			      info->last_level, max, info->width, info->height);
}

uint32_t vdrm_resource_host_last_level(uint32_t width, uint32_t height)
{
	uint32_t max = width > height ? width : height;

	return log2_floor(max ? max : 1) + 1;
}

static int check_levels(const struct vdrm_resource_create_info *info,
			const struct target_shape *shape, struct vdrm_error *err)
{
	uint32_t max_dim = info->width;

	if (info->last_level && !shape->mipmaps)
		return vdrm_error_set(err, INVALID, "last_level %" PRIu32 " must be 0 for target %s",
				      info->last_level, shape->name);
	/* height and depth are 1 where the target has no such axis */
	if (info->height > max_dim)
		max_dim = info->height;
	if (info->depth > max_dim)
		max_dim = info->depth;
	if (info->last_level > log2_floor(max_dim))
		return vdrm_error_set(err, INVALID,
				      "last_level %" PRIu32 " exceeds %" PRIu32
				      ", the last mip level of a %" PRIu32 "x%" PRIu32 "x%" PRIu32
				      " texture",
				      info->last_level, log2_floor(max_dim),
				      info->width, info->height, info->depth);
	return check_host_levels(info, err);
}

/* The host treats any nr_samples > 0, even 1, as a multisample resource. */
static int check_samples(const struct vdrm_resource_create_info *info,
			 const struct target_shape *shape, struct vdrm_error *err)
{
	uint32_t n = info->nr_samples;

	if (n > 16 || (n > 2 && (n & (n - 1))))
		return vdrm_error_set(err, INVALID,
				      "nr_samples %" PRIu32 " is not one of 0, 1, 2, 4, 8, 16", n);
	if (n && !shape->multisample)
		return vdrm_error_set(err, INVALID,
				      "nr_samples %" PRIu32 " needs target 2D or 2D_ARRAY, not %s",
				      n, shape->name);
	if (n && info->last_level)
		return vdrm_error_set(err, INVALID,
				      "nr_samples %" PRIu32 " does not allow last_level %" PRIu32,
				      n, info->last_level);
	return VDRM_OK;
}

static int check_backing(const struct vdrm_resource_create_info *info,
			 const struct vdrm_format_desc *desc, struct vdrm_error *err)
{
	uint64_t size = backing_size64(info, desc);

	if (size == UINT64_MAX)
		return vdrm_error_set(err, INVALID,
				      "size: %" PRIu32 "x%" PRIu32 "x%" PRIu32 ", %" PRIu32
				      " layers of %s need more than 2^64 bytes; the limit is 1 GiB",
				      info->width, info->height, info->depth, info->array_size,
				      desc->name);
	if (size > VDRM_RESOURCE_MAX_BACKING)
		return vdrm_error_set(err, INVALID,
				      "size: %" PRIu32 "x%" PRIu32 "x%" PRIu32 ", %" PRIu32
				      " layers, %" PRIu32 " levels of %s need %" PRIu64
				      " bytes; the limit is 1 GiB",
				      info->width, info->height, info->depth, info->array_size,
				      info->last_level + 1, desc->name, size);
	return VDRM_OK;
}

static int check_format(const struct vdrm_resource_create_info *info,
			const struct vdrm_format_desc *desc, struct vdrm_error *err)
{
	if (!desc)
		return vdrm_error_set(err, INVALID, "format %" PRIu32 " is not a known virgl format",
				      info->format);
	if (info->target == VDRM_TARGET_BUFFER && (desc->flags & VDRM_FMT_COMPRESSED))
		return vdrm_error_set(err, INVALID,
				      "format %s (%" PRIu32 ") is compressed and cannot back a buffer",
				      desc->name, info->format);
	return VDRM_OK;
}

int vdrm_resource_info_validate(const struct vdrm_resource_create_info *info,
				struct vdrm_error *err)
{
	const struct vdrm_format_desc *desc;
	const struct target_shape *shape;
	int ret;

	if (!info)
		return vdrm_error_set(err, INVALID, "resource create info is NULL");
	if ((uint32_t)info->target >= VDRM_TARGET_COUNT)
		return vdrm_error_set(err, INVALID, "target %u is not a texture target (0..%u)",
				      (unsigned)info->target, VDRM_TARGET_COUNT - 1);
	shape = &shapes[info->target];
	desc = vdrm_format_describe(info->format);
	if ((ret = check_format(info, desc, err)) ||
	    (ret = check_bind_and_flags(info, shape, err)) ||
	    (ret = check_nonzero(info, err)) ||
	    (ret = check_shape(info, shape, err)) ||
	    (ret = check_levels(info, shape, err)) ||
	    (ret = check_samples(info, shape, err)))
		return ret;
	return check_backing(info, desc, err);
}

/* ---- layout ------------------------------------------------------------- */

void vdrm_resource_level_layout(const struct vdrm_resource_create_info *info,
				uint32_t level, struct vdrm_level_layout *out)
{
	const struct vdrm_format_desc *desc = vdrm_format_describe(info->format);
	struct level_size ls;

	*out = (struct vdrm_level_layout){ 0 };
	if (!desc)
		return;
	level_size(info, desc, level, &ls);
	/* validation capped everything at 1 GiB, so nothing is cut here */
	out->offset = (size_t)level_offset64(info, desc, level);
	out->stride = (uint32_t)ls.stride;
	out->layer_stride = (uint32_t)ls.layer_stride;
	out->layers = (uint32_t)ls.layers;
	out->size = (size_t)ls.size;
}

size_t vdrm_resource_backing_size(const struct vdrm_resource_create_info *info)
{
	const struct vdrm_format_desc *desc = vdrm_format_describe(info->format);
	uint64_t size = desc ? backing_size64(info, desc) : 0;

	/* A resource always has a backing: the host cannot attach 0 bytes. */
	return size ? (size_t)size : 1;
}

size_t vdrm_resource_box_offset(const struct vdrm_resource_create_info *info,
				uint32_t level, const struct vdrm_box *box)
{
	const struct vdrm_format_desc *desc = vdrm_format_describe(info->format);
	struct vdrm_level_layout layout;

	if (!desc)
		return 0;
	if (info->target == VDRM_TARGET_BUFFER)
		return box->x;
	vdrm_resource_level_layout(info, level, &layout);
	return layout.offset + (size_t)box->z * layout.layer_stride +
	       (size_t)(box->y / desc->block_h) * layout.stride +
	       (size_t)(box->x / desc->block_w) * desc->block_bytes;
}

/* ---- boxes --------------------------------------------------------------- */

struct box_axis {
	const char *pos, *len, *extent; /* field names for messages */
	uint32_t start, count, size, block;
};

static int check_axis(const struct box_axis *a, uint32_t level, struct vdrm_error *err)
{
	if (a->count == 0)
		return vdrm_error_set(err, INVALID, "box.%s is 0: the box is empty", a->len);
	if ((uint64_t)a->start + a->count > a->size)
		return vdrm_error_set(err, INVALID,
				      "box.%s %" PRIu32 " + box.%s %" PRIu32
				      " exceeds the %s %" PRIu32 " of level %" PRIu32,
				      a->pos, a->start, a->len, a->count, a->extent, a->size, level);
	if (a->start % a->block)
		return vdrm_error_set(err, INVALID,
				      "box.%s %" PRIu32 " is not a multiple of the block %s %" PRIu32,
				      a->pos, a->start, a->extent, a->block);
	/* A partial block is fine only where the level itself ends mid-block. */
	if (a->count % a->block && a->start + a->count != a->size)
		return vdrm_error_set(err, INVALID,
				      "box.%s %" PRIu32 " is not a multiple of the block %s %" PRIu32
				      " and does not reach the level edge",
				      a->len, a->count, a->extent, a->block);
	return VDRM_OK;
}

/* Buffers are addressed in bytes whatever their format. */
static uint32_t block_dim(const struct vdrm_resource_create_info *info, uint32_t dim)
{
	return info->target == VDRM_TARGET_BUFFER ? 1 : dim;
}

int vdrm_resource_box_validate(const struct vdrm_resource_create_info *info,
			       uint32_t level, const struct vdrm_box *box,
			       struct vdrm_error *err)
{
	const struct vdrm_format_desc *desc = vdrm_format_describe(info->format);
	uint32_t w, h, layers;
	int ret = VDRM_OK;

	if (!desc || !box)
		return vdrm_error_set(err, INVALID, "box: %s", !box ? "NULL" : "unknown format");
	if (level > info->last_level)
		return vdrm_error_set(err, INVALID, "level %" PRIu32 " exceeds last_level %" PRIu32,
				      level, info->last_level);
	level_extent(info, level, &w, &h, &layers);

	const struct box_axis axes[] = {
		{ "x", "w", "width", box->x, box->w, w, block_dim(info, desc->block_w) },
		{ "y", "h", "height", box->y, box->h, h, block_dim(info, desc->block_h) },
		{ "z", "d", info->target == VDRM_TARGET_3D ? "depth" : "layer count",
		  box->z, box->d, layers, 1 },
	};

	for (size_t i = 0; i < 3 && !ret; i++)
		ret = check_axis(&axes[i], level, err);
	return ret;
}
