/* SPDX-License-Identifier: MIT */
/*
 * Texture sampling, fetches and queries (TEX/TXB/TXL/TXD/TXF/TXQ/TG4/LODQ
 * and the *2 forms for cube arrays) and storage images (LOAD, STORE, ATOM.. and
 * RESQ on IMAGE). TGSI packs the coordinate, layer, shadow reference and
 * bias/LOD into one vec4; build_coord() does that packing.
 */
#include <stdio.h>
#include <string.h>

#include "vc_tgsi_private.h"

struct handle {
	vc_var_id var;
	uint32_t index;
	vc_value_id dyn;     /* a dynamic array index (SAMP[ADDR[0].x+slot]); 0 if none */
	const struct vc_image_desc *img;
	int slot;
	vc_value_id sampler; /* OpSampledImage's separate sampler, 0 if none */
};

/* A load of a descriptor variable, or of an element of one: a constant
 * index, or (where dyn is not NULL) a dynamic one, left in *dyn. */
static bool trace_load(struct tg *t, const struct vc_instr *load, vc_var_id *var,
		       uint32_t *index, vc_value_id *dyn)
{
	const struct vc_value *val = vc_value_get(t->m, load->srcs[0]);

	*index = 0;
	if (dyn)
		*dyn = 0;
	if (val->kind == VC_VALUE_INSTR && val->def->op == VC_OP_ACCESS_CHAIN &&
	    vc_instr_nr_srcs(val->def) == 2) {
		vc_value_id ix = val->def->srcs[1];

		if (!tg_value_is_const(t, ix, index)) {
			if (!dyn)
				return false;
			*dyn = ix;
		}
		val = vc_value_get(t->m, val->def->srcs[0]);
	}
	if (val->kind != VC_VALUE_VAR)
		return false;
	*var = val->var;
	return true;
}

/* Follows OpLoad / OpSampledImage / OpImage back to the descriptor variable. */
static bool trace_handle(struct tg *t, vc_value_id v, struct handle *h)
{
	h->sampler = 0;
	for (int guard = 0; guard < 16; guard++) {
		const struct vc_value *val = vc_value_get(t->m, v);
		const struct vc_instr *d = val->def;

		if (val->kind != VC_VALUE_INSTR)
			break;
		if (d->op == VC_OP_SAMPLED_IMAGE && !h->sampler)
			h->sampler = d->srcs[1];
		if (d->op == VC_OP_SAMPLED_IMAGE || d->op == VC_OP_IMAGE_OF) {
			v = d->srcs[0];
			continue;
		}
		if (d->op == VC_OP_LOAD && trace_load(t, d, &h->var, &h->index, &h->dyn))
			return true;
		break;
	}
	tg_fail(t, "TGSI: texture or image handle that is not an (indexed) uniform");
	return false;
}

static bool same_sampler(const struct vc_sampler_pair *p, const struct vc_var *s, uint32_t index)
{
	return p->sampler_set == s->set && p->sampler_binding == s->binding &&
	       p->sampler_index == index;
}

/* Reports the separate sampler that h's image is sampled with (vc_sampler_pair). */
static void pair_sampler(struct tg *t, const struct handle *h)
{
	struct vc_shader_info *info = t->info;
	const struct vc_value *val = vc_value_get(t->m, h->sampler);
	const struct vc_var *img = vc_var_get(t->m, h->var), *smp;
	vc_var_id var;
	uint32_t index;

	if (val->kind != VC_VALUE_INSTR || val->def->op != VC_OP_LOAD ||
	    !trace_load(t, val->def, &var, &index, NULL)) {
		tg_fail(t, "TGSI: sampler that is not a (constant-indexed) uniform");
		return;
	}
	smp = vc_var_get(t->m, var);
	for (uint32_t i = 0; i < info->nr_sampler_pairs; i++) {
		if (info->sampler_pairs[i].slot != (uint32_t)h->slot)
			continue;
		if (!same_sampler(&info->sampler_pairs[i], smp, index))
			tg_fail(t, "TGSI: set %u binding %u is sampled with two samplers "
				"(virgl pairs one sampler state with each view)", img->set, img->binding);
		return;
	}
	/* slots are distinct and below 32 (tg_resource_slot): the array holds them all */
	info->sampler_pairs[info->nr_sampler_pairs++] = (struct vc_sampler_pair){
		.slot = (uint32_t)h->slot, .image_set = img->set, .image_binding = img->binding,
		.image_index = h->index, .sampler_set = smp->set, .sampler_binding = smp->binding,
		.sampler_index = index };
}

static bool get_handle(struct tg *t, vc_value_id v, struct handle *h)
{
	const struct vc_type *ty;

	if (!trace_handle(t, v, h))
		return false;
	ty = vc_type_get(t->m, vc_var_get(t->m, h->var)->type);
	if (ty->kind == VC_TYPE_ARRAY)
		ty = vc_type_get(t->m, ty->elem);
	if (ty->kind == VC_TYPE_SAMPLED_IMAGE)
		ty = vc_type_get(t->m, ty->elem);
	if (ty->kind != VC_TYPE_IMAGE) {
		tg_fail(t, "TGSI: sampling through a non-image uniform");
		return false;
	}
	h->img = &ty->image;
	h->slot = t->vars[h->var].dim + (int)h->index;
	/* virgl makes an array of the sampler views declared side by side
	 * (all of one uniform array: slot + i, tg_resource_slot) and indexes it
	 * with ADDR; storage images and separate samplers stay constant-indexed. */
	if (h->dyn && (h->sampler || h->img->storage)) {
		tg_fail(t, "TGSI: dynamic index into an array of %s is not supported",
			h->sampler ? "separate images" : "storage images");
		return false;
	}
	if (h->sampler)
		pair_sampler(t, h);
	return !t->failed;
}

/* "SAMP[n]", or "SAMP[ADDR[0].x+n]" for a dynamic index. */
static void sampler_name(const struct handle *h, char *out, size_t size)
{
	if (h->dyn)
		snprintf(out, size, "SAMP[ADDR[0].x+%d]", h->slot);
	else
		snprintf(out, size, "SAMP[%d]", h->slot);
}

/* ADDR[0].x = the dynamic index; right before the instruction that uses it,
 * since the other indirect accesses load ADDR[0] too. */
static void load_sampler_index(struct tg *t, const struct handle *h)
{
	if (h->dyn)
		tg_load_addr(t, tg_src(t, h->dyn));
}

/* "OP dst.mask, srcs..., extra" */
static void op_ext(struct tg *t, const char *op, struct tg_reg dst, const char *mask,
		   const struct tg_reg *srcs, unsigned n, const char *extra)
{
	char line[512], r[96];
	size_t len;

	tg_fmt_reg(t, r, sizeof(r), dst, true);
	len = (size_t)snprintf(line, sizeof(line), "%s %s%s", op, r, mask);
	for (unsigned i = 0; i < n && len < sizeof(line); i++) {
		tg_fmt_reg(t, r, sizeof(r), srcs[i], false);
		len += (size_t)snprintf(line + len, sizeof(line) - len, ", %s", r);
	}
	tg_line(t, "%s%s", line, extra);
}

static unsigned coord_comps(const struct vc_image_desc *d)
{
	unsigned n = d->dim == VC_DIM_1D || d->dim == VC_DIM_BUFFER ? 1 :
		     d->dim == VC_DIM_3D || d->dim == VC_DIM_CUBE ? 3 : 2;

	return n + (d->arrayed ? 1 : 0);
}

/* Where TGSI wants the shadow reference: .z, .w, or the second source (-1). */
static int ref_channel(const struct vc_image_desc *d)
{
	if (d->dim == VC_DIM_CUBE)
		return d->arrayed ? -1 : 3;
	if (d->dim == VC_DIM_2D && d->arrayed)
		return 3;
	return 2;
}

static const char *chan(int c)
{
	static const char *const chans[] = { ".x", ".y", ".z", ".w" };
	return chans[c & 3];
}

/*
 * The packed coordinate: xyz(w) + reference; divides by q for projection.
 * With nothing to pack (no projection, no reference, no bias or LOD the
 * caller puts in .w: !packed), the coordinate's own register as it is,
 * unless it is read through ADDR, which the sampler index may reload.
 */
static struct tg_reg build_coord(struct tg *t, const struct vc_instr *in,
				 const struct vc_image_desc *d, struct tg_reg *ref, bool packed)
{
	vc_value_id cv = in->srcs[VC_TEX_SRC_COORD];
	unsigned n = coord_comps(d), cn = tg_comps(t, cv);
	struct tg_reg co, c = tg_src(t, cv), q = { 0 };

	*ref = (struct tg_reg){ 0 };
	if (n > cn)
		n = cn;
	if (!packed && !(in->lits[1] & VC_TEX_PROJ) && !in->srcs[VC_TEX_SRC_DREF] && !c.indirect &&
	    n > 0) {
		for (unsigned i = n; i < 4; i++)  /* no channel past the coordinate's: .xyyy */
			c.swz[i] = c.swz[n - 1];
		return c;
	}
	co = tg_temp(t);
	tg_op1(t, "MOV", co, tg_mask(n), c);
	if (in->lits[1] & VC_TEX_PROJ) {
		q = tg_temp(t);
		tg_op1(t, "RCP", q, ".x", tg_comp(c, cn - 1));
		tg_op2(t, "MUL", co, tg_mask(n), co, tg_comp(q, 0));
	}
	if (in->srcs[VC_TEX_SRC_DREF]) {
		struct tg_reg r = tg_comp(tg_src(t, in->srcs[VC_TEX_SRC_DREF]), 0);
		int rc = ref_channel(d);

		if (in->lits[1] & VC_TEX_PROJ) {
			struct tg_reg rr = tg_temp(t);
			tg_op2(t, "MUL", rr, ".x", r, tg_comp(q, 0));
			r = tg_comp(rr, 0);
		}
		if (rc >= 0)
			tg_op1(t, "MOV", co, chan(rc), r);
		*ref = r;
	}
	return co;
}

static const char *target_name(const struct vc_image_desc *d, const struct vc_instr *in)
{
	return tg_target(d, in->srcs[VC_TEX_SRC_DREF] != 0);
}

/* A constant texel offset: an immediate of its three components. */
static struct tg_reg const_offset(struct tg *t, vc_value_id off)
{
	uint32_t words[3] = { 0, 0, 0 };
	unsigned n = tg_comps(t, off);
	const uint32_t *w = vc_value_words(t->m, off);

	for (unsigned i = 0; i < n && i < 3; i++)
		words[i] = w[i];
	return tg_imm_vec(t, VC_BASE_INT, words, 3);
}

/* A computed one (GL_EXT_gpu_shader5's gathers): virglrenderer reads
 * offsets from IMM, TEMP or IN only, so others are copied to a TEMP first. */
static struct tg_reg reg_offset(struct tg *t, vc_value_id off)
{
	struct tg_reg r = tg_src(t, off), tmp;

	if (r.file == TG_TEMP || r.file == TG_IN)
		return r;
	tmp = tg_temp(t);
	tg_op1(t, "MOV", tmp, tg_mask(tg_comps(t, off)), r);
	return tmp;
}

/* ", SAMP[n], TARGET[, IMM[k].xyz | TEMP[k].xyz]" */
static void tex_suffix(struct tg *t, const struct vc_instr *in, const struct handle *h,
		       char *out, size_t size)
{
	static const char ch[] = "xyzw";
	char samp[32], reg[64];
	int len;
	vc_value_id off = in->srcs[VC_TEX_SRC_OFFSET];
	struct tg_reg r;

	sampler_name(h, samp, sizeof(samp));
	len = snprintf(out, size, ", %s, %s", samp, target_name(h->img, in));
	if (!off)
		return;
	r = vc_value_get(t->m, off)->kind == VC_VALUE_CONST ? const_offset(t, off)
							       : reg_offset(t, off);
	if (tg_comps(t, off) < 3)
		r.swz[2] = r.swz[1];
	/* the register without a swizzle, then its three channels */
	tg_fmt_reg(t, reg, sizeof(reg), r, true);
	snprintf(out + len, size - (size_t)len, ", %s.%c%c%c", reg, ch[r.swz[0]], ch[r.swz[1]],
		 ch[r.swz[2]]);
}

static void emit_sample(struct tg *t, const struct vc_instr *in, const struct handle *h,
			struct tg_reg dst)
{
	char sfx[96];
	bool cube_array = h->img->dim == VC_DIM_CUBE && h->img->arrayed;
	bool shadow_w = in->srcs[VC_TEX_SRC_DREF] && ref_channel(h->img) == 3;
	bool lod_in_w = (in->lits[0] == VC_TEX_SAMPLE_BIAS || in->lits[0] == VC_TEX_SAMPLE_LOD) &&
			!cube_array && !shadow_w;
	struct tg_reg ref, co = build_coord(t, in, h->img, &ref, lod_in_w), srcs[3];
	struct tg_reg lod = in->srcs[VC_TEX_SRC_LOD] ? tg_comp(tg_src(t, in->srcs[VC_TEX_SRC_LOD]), 0)
						      : co;
	const char *op = "TEX";
	unsigned n = 1;

	tex_suffix(t, in, h, sfx, sizeof(sfx));
	srcs[0] = co;
	switch (in->lits[0]) {
	case VC_TEX_SAMPLE_BIAS:
	case VC_TEX_SAMPLE_LOD:
		if (cube_array || shadow_w) {
			op = in->lits[0] == VC_TEX_SAMPLE_LOD ? "TXL2" : "TXB2";
			srcs[n++] = lod;
		} else {
			op = in->lits[0] == VC_TEX_SAMPLE_LOD ? "TXL" : "TXB";
			tg_op1(t, "MOV", co, ".w", lod);
		}
		break;
	case VC_TEX_SAMPLE_GRAD:
		op = "TXD";
		srcs[n++] = tg_src(t, in->srcs[VC_TEX_SRC_DDX]);
		srcs[n++] = tg_src(t, in->srcs[VC_TEX_SRC_DDY]);
		break;
	default:
		if (cube_array && in->srcs[VC_TEX_SRC_DREF]) {
			op = "TEX2";
			srcs[n++] = ref;
		}
		break;
	}
	load_sampler_index(t, h);
	op_ext(t, op, dst, "", srcs, n, sfx);
}

static void emit_fetch(struct tg *t, const struct vc_instr *in, const struct handle *h,
		       struct tg_reg dst)
{
	char sfx[96];
	unsigned n = coord_comps(h->img), cn = tg_comps(t, in->srcs[VC_TEX_SRC_COORD]);
	struct tg_reg co = tg_temp(t);
	struct tg_reg lod = in->srcs[VC_TEX_SRC_LOD] ? tg_comp(tg_src(t, in->srcs[VC_TEX_SRC_LOD]), 0)
						      : tg_imm_u32(t, 0);

	tex_suffix(t, in, h, sfx, sizeof(sfx));
	tg_op1(t, "MOV", co, tg_mask(n < cn ? n : cn), tg_src(t, in->srcs[VC_TEX_SRC_COORD]));
	tg_op1(t, "MOV", co, ".w", lod);
	load_sampler_index(t, h);
	op_ext(t, "TXF", dst, "", &co, 1, sfx);
}

static void emit_query(struct tg *t, const struct vc_instr *in, const struct handle *h,
		       struct tg_reg dst)
{
	char sfx[64], samp[32];
	struct tg_reg lod = in->srcs[VC_TEX_SRC_LOD] ? tg_comp(tg_src(t, in->srcs[VC_TEX_SRC_LOD]), 0)
						      : tg_imm_u32(t, 0);

	sampler_name(h, samp, sizeof(samp));
	snprintf(sfx, sizeof(sfx), ", %s, %s", samp, tg_target(h->img, false));
	load_sampler_index(t, h);
	if (in->lits[0] == VC_TEX_LEVELS) {
		op_ext(t, "TXQ", dst, ".w", &lod, 1, sfx);
		tg_set(t, in->dest, tg_comp(dst, 3));
		return;
	}
	op_ext(t, "TXQ", dst, "", &lod, 1, sfx);
}

static void emit_gather_lod(struct tg *t, const struct vc_instr *in, const struct handle *h,
			    struct tg_reg dst)
{
	char sfx[96];
	struct tg_reg ref, co = build_coord(t, in, h->img, &ref, false), srcs[2];

	tex_suffix(t, in, h, sfx, sizeof(sfx));
	srcs[0] = co;
	srcs[1] = in->srcs[VC_TEX_SRC_COMP] ? tg_comp(tg_src(t, in->srcs[VC_TEX_SRC_COMP]), 0)
					    : tg_imm_u32(t, 0);
	load_sampler_index(t, h);
	if (in->lits[0] == VC_TEX_QUERY_LOD)
		op_ext(t, "LODQ", dst, "", srcs, 1, sfx);
	else
		op_ext(t, "TG4", dst, "", srcs, 2, sfx);
}

static void emit_texture(struct tg *t, const struct vc_instr *in)
{
	struct handle h;
	struct tg_reg dst = tg_temp(t), res = dst;
	unsigned n = vc_type_comps(t->m, in->type);

	if (!get_handle(t, in->srcs[VC_TEX_SRC_HANDLE], &h))
		return;
	for (unsigned c = n; c < 4 && n; c++)
		res.swz[c] = (uint8_t)(n - 1);
	tg_set(t, in->dest, res);
	switch (in->lits[0]) {
	case VC_TEX_FETCH: emit_fetch(t, in, &h, dst); break;
	case VC_TEX_SIZE: case VC_TEX_LEVELS: emit_query(t, in, &h, dst); break;
	case VC_TEX_GATHER: case VC_TEX_QUERY_LOD: emit_gather_lod(t, in, &h, dst); break;
	default: emit_sample(t, in, &h, dst); break;
	}
}

/* ---- storage images ----------------------------------------------------------------- */

static void image_suffix(const struct handle *h, char *out, size_t size)
{
	snprintf(out, size, ", %s, %s", tg_target(h->img, false), tg_pipe_format(h->img->format));
}

static struct tg_reg image_reg(const struct handle *h)
{
	struct tg_reg r = { .file = TG_IMAGE, .index = h->slot, .dim = -1, .swz = { 0, 1, 2, 3 } };

	return r;
}

static const char *image_atomic_op(uint32_t kind)
{
	static const char *const names[] = {
		"ATOMUADD", "ATOMIMIN", "ATOMUMIN", "ATOMIMAX", "ATOMUMAX", "ATOMAND", "ATOMOR",
		"ATOMXOR", "ATOMXCHG", "ATOMCAS",
	};
	return kind <= VC_ATOMIC_CMPXCHG ? names[kind] : NULL;
}

static void emit_image(struct tg *t, const struct vc_instr *in)
{
	struct handle h;
	struct tg_reg srcs[4], dst;
	char sfx[96];
	unsigned n = 0;

	if (!get_handle(t, in->srcs[0], &h) || !h.img->storage) {
		if (!t->failed)
			tg_fail(t, "TGSI: image instruction on a sampled image");
		return;
	}
	image_suffix(&h, sfx, sizeof(sfx));
	if (in->op == VC_OP_IMAGE_STORE) {
		srcs[0] = tg_src(t, in->srcs[1]);
		srcs[1] = tg_src(t, in->srcs[2]);
		op_ext(t, "STORE", image_reg(&h), "", srcs, 2, sfx);
		return;
	}
	dst = tg_temp(t);
	if (in->op == VC_OP_IMAGE_SIZE) {
		/* only the size's components: virglrenderer makes RESQ's w of an
		 * image imageSamples(), which exists for multisample images only */
		static const char *const masks[] = { "", ".x", ".xy", ".xyz" };
		unsigned comps = vc_type_comps(t->m, in->type);

		srcs[0] = image_reg(&h);
		op_ext(t, "RESQ", dst, comps < 4 ? masks[comps] : "", srcs, 1, "");
	} else if (in->op == VC_OP_IMAGE_LOAD) {
		srcs[0] = image_reg(&h);
		srcs[1] = tg_src(t, in->srcs[1]);
		op_ext(t, "LOAD", dst, "", srcs, 2, sfx);
	} else {
		const char *op = image_atomic_op(in->lits[0]);
		if (!op) {
			tg_fail(t, "TGSI: unsupported image atomic");
			return;
		}
		srcs[n++] = image_reg(&h);
		srcs[n++] = tg_src(t, in->srcs[1]);
		if (in->lits[0] == VC_ATOMIC_CMPXCHG)
			srcs[n++] = tg_comp(tg_src(t, in->srcs[3]), 0);
		srcs[n++] = tg_comp(tg_src(t, in->srcs[2]), 0);
		op_ext(t, op, dst, ".x", srcs, n, sfx);
		dst = tg_comp(dst, 0);
	}
	n = vc_type_comps(t->m, in->type);
	for (unsigned c = n; c < 4 && n; c++)
		dst.swz[c] = dst.swz[n - 1];
	tg_set(t, in->dest, dst);
}

bool tg_emit_tex(struct tg *t, const struct vc_instr *in)
{
	switch (in->op) {
	case VC_OP_TEX:
		emit_texture(t, in);
		return true;
	case VC_OP_IMAGE_LOAD: case VC_OP_IMAGE_STORE: case VC_OP_IMAGE_ATOMIC: case VC_OP_IMAGE_SIZE:
		emit_image(t, in);
		return true;
	case VC_OP_SAMPLED_IMAGE: case VC_OP_IMAGE_OF:
		return true; /* resolved by trace_handle() */
	default:
		return false;
	}
}
