/* SPDX-License-Identifier: MIT */
/*
 * Clip and cull distances in TGSI: gallium packs both arrays into the
 * CLIPDIST registers (two vec4s at most), the clip distances first, and
 * PROPERTY NUM_CLIPDIST_ENABLED / NUM_CULLDIST_ENABLED say where one ends;
 * virglrenderer declares gl_ClipDistance[] and gl_CullDistance[] of those
 * sizes from them (without them it takes every CLIPDIST channel for a clip
 * distance). A fragment shader reads them in the same packing (the host
 * takes the previous stage's counts). Each array element is a leaf in its
 * own TEMP (the variable's shadow), copied to or from its channel.
 */
#include "vc_tgsi_private.h"

bool tg_clip_builtin(enum vc_builtin b)
{
	return b == VC_BUILTIN_CLIP_DISTANCE || b == VC_BUILTIN_CULL_DISTANCE;
}

/* The lengths of the stage's clip and cull arrays (outputs, or a fragment
 * shader's inputs): the packing depends on both, declared or not. */
static void clip_layout(struct tg *t, uint32_t *clip, uint32_t *cull)
{
	enum vc_storage io = t->stage == VC_STAGE_FRAGMENT ? VC_STORAGE_INPUT : VC_STORAGE_OUTPUT;

	*clip = *cull = 0;
	for (vc_var_id id = 1; id < t->m->nr_vars; id++) {
		const struct vc_var *v = vc_var_get(t->m, id);

		if (v->storage != io || !tg_clip_builtin(v->builtin))
			continue;
		if (v->builtin == VC_BUILTIN_CLIP_DISTANCE)
			*clip = vc_type_leaves(t->m, v->type);
		else
			*cull = vc_type_leaves(t->m, v->type);
	}
}

/* The CLIPDIST registers, once for both arrays; false when the arrays
 * are more than they hold. */
static bool declare_registers(struct tg *t, bool input)
{
	uint32_t clip, cull;

	if (t->clip_declared)
		return true;
	clip_layout(t, &clip, &cull);
	if (clip + cull > 8) {
		tg_fail(t, "TGSI: %u clip and %u cull distances are more than 8", clip, cull);
		return false;
	}
	t->clip_declared = true;
	t->clip_reg = input ? t->nr_in : t->nr_out;
	t->info->clip_distances = clip;
	t->info->cull_distances = cull;
	for (uint32_t r = 0; r * 4 < clip + cull; r++) {
		if (input)
			tg_decl(t, "DCL IN[%u], CLIPDIST[%u], PERSPECTIVE", t->nr_in++, r);
		else
			tg_decl(t, "DCL OUT[%u], CLIPDIST[%u]", t->nr_out++, r);
	}
	return true;
}

static uint32_t clip_offset(const struct tg *t, const struct vc_var *v)
{
	return v->builtin == VC_BUILTIN_CULL_DISTANCE ? t->info->clip_distances : 0;
}

void tg_clip_declare_output(struct tg *t, struct tg_var *tv, const struct vc_var *v)
{
	if (!declare_registers(t, false))
		return;
	tv->out_index = (int32_t)t->clip_reg;
	tv->clip_offset = (uint8_t)clip_offset(t, v);
}

static const char *const channel_masks[4] = { ".x", ".y", ".z", ".w" };

/* The CLIPDIST register of element `leaf` of the variable; *comp its channel. */
static struct tg_reg channel(const struct tg *t, const struct tg_var *tv, uint8_t file,
			     uint32_t leaf, unsigned *comp)
{
	uint32_t at = tv->clip_offset + leaf;
	struct tg_reg r = { .file = file, .index = (int32_t)(t->clip_reg + at / 4), .dim = -1,
			    .swz = { 0, 1, 2, 3 } };

	*comp = at % 4;
	return r;
}

/* A fragment shader's gl_ClipDistance / gl_CullDistance: copied from their
 * channels into TEMPs at the start (its TEMP array when indexed). */
void tg_clip_declare_input(struct tg *t, struct tg_var *tv, const struct vc_var *v)
{
	uint32_t leaves = vc_type_leaves(t->m, v->type);
	unsigned c;

	if (!declare_registers(t, true))
		return;
	tv->clip_offset = (uint8_t)clip_offset(t, v);
	if (!tv->array_id)
		tv->base = tg_temps(t, leaves).index;
	for (uint32_t i = 0; i < leaves; i++) {
		struct tg_reg src = channel(t, tv, TG_IN, i, &c);
		struct tg_reg dst = { .file = TG_TEMP, .index = tv->base + (int32_t)i, .dim = -1,
				      .swz = { 0, 1, 2, 3 } };

		tg_op1(t, "MOV", dst, ".x", tg_comp(src, c));
	}
	tv->file = TG_TEMP;
}

void tg_clip_copy_output(struct tg *t, const struct tg_var *tv, const struct vc_var *v)
{
	uint32_t leaves = vc_type_leaves(t->m, v->type);
	bool clip = v->builtin == VC_BUILTIN_CLIP_DISTANCE;
	unsigned c;

	for (uint32_t i = 0; i < leaves; i++) {
		struct tg_reg dst = channel(t, tv, TG_OUT, i, &c);
		struct tg_reg src = { .file = TG_TEMP, .index = tv->base + (int32_t)i, .dim = -1,
				      .swz = { 0, 1, 2, 3 } };
		bool off = clip && (t->clip_disabled >> i & 1);

		tg_op1(t, "MOV", dst, channel_masks[c], off ? tg_imm_u32(t, 0) : tg_comp(src, 0));
	}
}

void tg_clip_properties(struct tg *t, struct tg_buf *b)
{
	if (!t->clip_declared || t->stage == VC_STAGE_FRAGMENT)
		return;
	tg_printf(b, &t->failed, "PROPERTY NUM_CLIPDIST_ENABLED %u\n", t->info->clip_distances);
	tg_printf(b, &t->failed, "PROPERTY NUM_CULLDIST_ENABLED %u\n", t->info->cull_distances);
}
