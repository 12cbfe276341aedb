/* SPDX-License-Identifier: MIT */
/*
 * GLSL ES 3.00 built-ins that TGSI has no usable opcode for, as integer and
 * float arithmetic the host translates:
 *  - pack/unpack{Snorm,Unorm,Half}2x16: the host parses PK2H/UP2H & co but
 *    its GLSL back end drops them (docs/virgl-protocol-and-tgsi.md §5.7), so the
 *    conversions are done on the bits, both halves at once in .xy;
 *    constant operands are folded here (real shaders pack long lists of
 *    literals: unfolded, one piglit shader became 2 MB of TGSI);
 *  - determinant(mat4) and inverse(mat2/3/4), by cofactors.
 */
#include <math.h>
#include <string.h>

#include "vc_tgsi_private.h"

static const char *const chans[] = { ".x", ".y", ".z", ".w" };

/*
 * tg_src, tg_imm_* and tg_temp number what they declare in the order they are
 * called, and C leaves the order of a call's arguments (and of an initializer
 * list's elements) unspecified: two of them in one argument list would make the
 * TGSI text depend on the C compiler. Each is called into a local first, in
 * the order GCC used to pick (the last argument first), so that the TGSI and
 * its goldens stay what they were.
 */

/* A fresh temp recorded as the leaf result of `in`, swizzled to n channels. */
static struct tg_reg leaf_result(struct tg *t, const struct vc_instr *in, unsigned n)
{
	struct tg_reg r = tg_temp(t);

	for (unsigned c = n; c < 4; c++)
		r.swz[c] = (uint8_t)(n - 1);
	tg_set(t, in->dest, r);
	return r;
}

static struct tg_reg imm_u(struct tg *t, uint32_t v)
{
	return tg_imm_u32(t, v);
}

/* dst.x = lo.x | hi.y << 16 (the halves already fit in 16 bits) */
static void join_halves(struct tg *t, struct tg_reg dst, struct tg_reg v)
{
	struct tg_reg hi = tg_temp(t);

	tg_op2(t, "SHL", hi, ".x", tg_comp(v, 1), imm_u(t, 16));
	tg_op2(t, "OR", dst, ".x", tg_comp(v, 0), tg_comp(hi, 0));
}

/* round(clamp(x, lo, 1) * scale) as integers, both halves */
static void pack_norm(struct tg *t, const struct vc_instr *in, bool snorm)
{
	struct tg_reg dst = leaf_result(t, in, 1), v = tg_temp(t);
	struct tg_reg lo = tg_imm_f32(t, snorm ? -1.0f : 0.0f), x = tg_src(t, in->srcs[0]);

	tg_op2(t, "MAX", v, ".xy", x, lo);
	tg_op2(t, "MIN", v, ".xy", v, tg_imm_f32(t, 1.0f));
	tg_op2(t, "MUL", v, ".xy", v, tg_imm_f32(t, snorm ? 32767.0f : 65535.0f));
	tg_op1(t, "ROUND", v, ".xy", v);
	tg_op1(t, snorm ? "F2I" : "F2U", v, ".xy", v);
	/* a negative snorm keeps its sign bits above bit 15: cut them off */
	tg_op2(t, "AND", v, ".xy", v, imm_u(t, 0xffff));
	join_halves(t, dst, v);
}

/* the two 16-bit halves of src.x in .x (low) and .y (high) */
static struct tg_reg split_halves(struct tg *t, struct tg_reg src, bool sign_extend)
{
	struct tg_reg h = tg_temp(t), x = tg_comp(src, 0);

	if (sign_extend) {
		struct tg_reg sixteen = imm_u(t, 16), zero = imm_u(t, 0);

		tg_op3(t, "IBFE", h, ".x", x, zero, sixteen);
		tg_op3(t, "IBFE", h, ".y", x, sixteen, sixteen);
	} else {
		tg_op2(t, "AND", h, ".x", x, imm_u(t, 0xffff));
		tg_op2(t, "USHR", h, ".y", x, imm_u(t, 16));
	}
	return h;
}

/* snorm: max(h / 32767, -1) (-32768 maps to -1 too); unorm: h / 65535 */
static void unpack_norm(struct tg *t, const struct vc_instr *in, bool snorm)
{
	struct tg_reg dst = leaf_result(t, in, 2);
	struct tg_reg h = split_halves(t, tg_src(t, in->srcs[0]), snorm);

	tg_op1(t, snorm ? "I2F" : "U2F", h, ".xy", h);
	if (!snorm) {
		tg_op2(t, "DIV", dst, ".xy", h, tg_imm_f32(t, 65535.0f));
		return;
	}
	tg_op2(t, "DIV", h, ".xy", h, tg_imm_f32(t, 32767.0f));
	tg_op2(t, "MAX", dst, ".xy", h, tg_imm_f32(t, -1.0f));
}

/* where cond.xy: v.xy = val */
static void select_xy(struct tg *t, const char *cmp, struct tg_reg v, struct tg_reg a,
		      struct tg_reg b, struct tg_reg val)
{
	struct tg_reg c = tg_temp(t);

	tg_op2(t, cmp, c, ".xy", a, b);
	tg_op3(t, "UCMP", v, ".xy", c, val, v);
}

/*
 * float -> half on the bits (a = |x| bits): normal numbers rebias the
 * exponent and round the mantissa to nearest even; below 2^-14 the result is
 * the denormal round(|x| * 2^24); from 65520 up it is infinity; NaN stays
 * NaN. The sign is bit 31 moved to bit 15.
 */
static void pack_half(struct tg *t, const struct vc_instr *in)
{
	struct tg_reg x = tg_src(t, in->srcs[0]), dst = leaf_result(t, in, 1);
	struct tg_reg a = tg_temp(t), h = tg_temp(t), d = tg_temp(t), inf_bits, nan_bits;

	tg_op2(t, "AND", a, ".xy", x, imm_u(t, 0x7fffffff));
	tg_op2(t, "USHR", h, ".xy", a, imm_u(t, 13));
	tg_op2(t, "AND", h, ".xy", h, imm_u(t, 1));
	tg_op2(t, "UADD", h, ".xy", h, a);
	tg_op2(t, "UADD", h, ".xy", h, imm_u(t, 0xc8000fffu)); /* - (112 << 23) + 0xfff */
	tg_op2(t, "USHR", h, ".xy", h, imm_u(t, 13));
	tg_op2(t, "MUL", d, ".xy", tg_abs(x), tg_imm_f32(t, 16777216.0f));
	tg_op1(t, "ROUND", d, ".xy", d);
	tg_op1(t, "F2U", d, ".xy", d);
	select_xy(t, "USLT", h, a, imm_u(t, 0x38800000), d);
	inf_bits = imm_u(t, 0x7c00);
	select_xy(t, "USGE", h, a, imm_u(t, 0x477ff000), inf_bits);
	nan_bits = imm_u(t, 0x7e00);
	select_xy(t, "USLT", h, imm_u(t, 0x7f800000), a, nan_bits);
	tg_op2(t, "USHR", d, ".xy", x, imm_u(t, 16));
	tg_op2(t, "AND", d, ".xy", d, imm_u(t, 0x8000));
	tg_op2(t, "OR", h, ".xy", h, d);
	join_halves(t, dst, h);
}

/*
 * half -> float: normal numbers rebias (<< 13, + 112 << 23); infinity and
 * NaN keep an all-ones exponent; denormals are mantissa * 2^-24, exact in
 * float.
 */
static void unpack_half(struct tg *t, const struct vc_instr *in)
{
	struct tg_reg dst = leaf_result(t, in, 2);
	struct tg_reg h = split_halves(t, tg_src(t, in->srcs[0]), false);
	struct tg_reg a = tg_temp(t), n = tg_temp(t), r = tg_temp(t), m = tg_temp(t);

	tg_op2(t, "AND", a, ".xy", h, imm_u(t, 0x7fff));
	tg_op2(t, "SHL", n, ".xy", a, imm_u(t, 13));
	tg_op2(t, "UADD", r, ".xy", n, imm_u(t, 0x38000000));
	tg_op2(t, "OR", n, ".xy", n, imm_u(t, 0x7f800000));
	select_xy(t, "USGE", r, a, imm_u(t, 0x7c00), n);
	tg_op2(t, "AND", m, ".xy", h, imm_u(t, 0x3ff));
	tg_op1(t, "U2F", m, ".xy", m);
	tg_op2(t, "MUL", m, ".xy", m, tg_imm_f32(t, 5.9604644775390625e-8f));
	select_xy(t, "USLT", r, a, imm_u(t, 0x400), m);
	tg_op2(t, "AND", h, ".xy", h, imm_u(t, 0x8000));
	tg_op2(t, "SHL", h, ".xy", h, imm_u(t, 16));
	tg_op2(t, "OR", dst, ".xy", r, h);
}

/* ---- constant operands: the same conversions in C ------------------------------------ */

static float f32(uint32_t u)
{
	float f;

	memcpy(&f, &u, 4);
	return f;
}

static uint32_t u32(float f)
{
	uint32_t u;

	memcpy(&u, &f, 4);
	return u;
}

/* pack_half()'s algorithm, rounding to nearest even */
static uint32_t half_of(uint32_t x)
{
	uint32_t a = x & 0x7fffffffu, h;

	if (a > 0x7f800000u)
		h = 0x7e00;
	else if (a >= 0x477ff000u)
		h = 0x7c00;
	else if (a < 0x38800000u)
		h = (uint32_t)rintf(f32(a) * 16777216.0f);
	else
		h = (a + ((a >> 13) & 1) + 0xc8000fffu) >> 13;
	return h | ((x >> 16) & 0x8000);
}

static uint32_t float_of_half(uint32_t h)
{
	uint32_t a = h & 0x7fff, sign = (h & 0x8000) << 16;

	if (a >= 0x7c00)
		return sign | (a << 13) | 0x7f800000u;
	if (a < 0x400)
		return sign | u32((float)a * 5.9604644775390625e-8f);
	return sign | ((a << 13) + 0x38000000u);
}

static uint32_t fold_pack(enum vc_op op, const uint32_t *v)
{
	uint32_t r[2];

	for (int i = 0; i < 2; i++) {
		float x = f32(v[i]);

		if (op == VC_OP_PACK_HALF_2X16)
			r[i] = half_of(v[i]);
		else if (op == VC_OP_PACK_UNORM_2X16)
			r[i] = (uint32_t)rintf(fminf(fmaxf(x, 0.0f), 1.0f) * 65535.0f);
		else
			r[i] = (uint32_t)(int32_t)rintf(fminf(fmaxf(x, -1.0f), 1.0f) * 32767.0f) & 0xffff;
	}
	return r[0] | r[1] << 16;
}

static void fold_unpack(enum vc_op op, uint32_t v, uint32_t *out)
{
	for (int i = 0; i < 2; i++) {
		uint32_t h = (v >> (16 * i)) & 0xffff;

		if (op == VC_OP_UNPACK_HALF_2X16)
			out[i] = float_of_half(h);
		else if (op == VC_OP_UNPACK_UNORM_2X16)
			out[i] = u32((float)h / 65535.0f);
		else
			out[i] = u32(fmaxf((float)(int16_t)h / 32767.0f, -1.0f));
	}
}

/* A constant operand: the result is an immediate, no instruction. */
static bool fold_packing(struct tg *t, const struct vc_instr *in)
{
	const struct vc_value *v = vc_value_get(t->m, in->srcs[0]);
	const uint32_t *w = vc_value_words(t->m, in->srcs[0]);
	bool pack = in->op == VC_OP_PACK_SNORM_2X16 || in->op == VC_OP_PACK_UNORM_2X16 ||
		    in->op == VC_OP_PACK_HALF_2X16;
	uint32_t r[2];

	if (v->kind != VC_VALUE_CONST || v->nr_words != (pack ? 2u : 1u))
		return false;
	if (pack) {
		r[0] = fold_pack(in->op, w);
		tg_set(t, in->dest, tg_imm_vec(t, VC_BASE_UINT, r, 1));
	} else {
		fold_unpack(in->op, w[0], r);
		tg_set(t, in->dest, tg_imm_vec(t, VC_BASE_FLOAT, r, 2));
	}
	return true;
}

/* ---- matrices ---------------------------------------------------------------------- */

static struct tg_reg col(struct tg *t, const struct vc_instr *in, unsigned c)
{
	return tg_src_slot(t, in->srcs[0], c);
}

/* dst.x = a.i * b.j - b.i * a.j for the six (i, j) pairs: .xyzw of lo, .xy of hi */
static void minors_2x2(struct tg *t, struct tg_reg lo, struct tg_reg hi, struct tg_reg a,
		       struct tg_reg b)
{
	tg_op2(t, "MUL", lo, "", tg_swizzle(a, 0, 0, 0, 1), tg_swizzle(b, 1, 2, 3, 2));
	tg_op3(t, "MAD", lo, "", tg_neg(tg_swizzle(b, 0, 0, 0, 1)), tg_swizzle(a, 1, 2, 3, 2), lo);
	tg_op2(t, "MUL", hi, ".xy", tg_swizzle(a, 1, 2, 2, 2), tg_comp(b, 3));
	tg_op3(t, "MAD", hi, ".xy", tg_neg(tg_swizzle(b, 1, 2, 2, 2)), tg_comp(a, 3), hi);
}

/* minor n (0..5) of a pair of columns: s[0..3] = lo.xyzw, s[4..5] = hi.xy */
static struct tg_reg minor(struct tg_reg lo, struct tg_reg hi, unsigned n)
{
	return n < 4 ? tg_comp(lo, n) : tg_comp(hi, n - 4);
}

/* The 2x2 minors of columns 0-1 (s) and 2-3 (c) of a mat4. */
struct minors4 {
	struct tg_reg s, s2, c, c2;
};

static struct minors4 mat4_minors(struct tg *t, const struct vc_instr *in)
{
	struct minors4 mm;
	struct tg_reg c[4];

	mm.s = tg_temp(t);
	mm.s2 = tg_temp(t);
	mm.c = tg_temp(t);
	mm.c2 = tg_temp(t);
	for (unsigned i = 0; i < 4; i++)
		c[i] = col(t, in, i);
	minors_2x2(t, mm.s, mm.s2, c[0], c[1]);
	minors_2x2(t, mm.c, mm.c2, c[2], c[3]);
	return mm;
}

/* det = s0 c5 - s1 c4 + s2 c3 + s3 c2 - s4 c1 + s5 c0 */
static void mat4_det(struct tg *t, const struct minors4 *mm, struct tg_reg dst)
{
	static const int8_t sign[6] = { 1, -1, 1, 1, -1, 1 };

	tg_op2(t, "MUL", dst, ".x", minor(mm->s, mm->s2, 0), minor(mm->c, mm->c2, 5));
	for (unsigned i = 1; i < 6; i++) {
		struct tg_reg s = minor(mm->s, mm->s2, i);

		tg_op3(t, "MAD", dst, ".x", sign[i] < 0 ? tg_neg(s) : s,
		       minor(mm->c, mm->c2, 5 - i), tg_comp(dst, 0));
	}
}

static bool emit_det4(struct tg *t, const struct vc_instr *in)
{
	struct minors4 mm = mat4_minors(t, in);

	mat4_det(t, &mm, leaf_result(t, in, 1));
	return true;
}

/*
 * Entry (i, j) of the adjugate of a mat4 (column i, row j) is a sum of
 * three terms  ±m[k][r] * minor: k is column 1, 0, 3, 2 for j = 0..3 (with
 * the minors of columns 2-3 for j < 2, of columns 0-1 otherwise), r and the
 * minor index depend on i, and odd i + j negate.
 */
static void adjugate4_entry(struct tg *t, const struct vc_instr *in, const struct minors4 *mm,
			    struct tg_reg dst, unsigned i, unsigned j)
{
	static const uint8_t rows[4][3] = { { 1, 2, 3 }, { 0, 2, 3 }, { 0, 1, 3 }, { 0, 1, 2 } };
	static const uint8_t idx[4][3] = { { 5, 4, 3 }, { 5, 2, 1 }, { 4, 2, 0 }, { 3, 1, 0 } };
	static const uint8_t other[4] = { 1, 0, 3, 2 };
	struct tg_reg lo = j < 2 ? mm->c : mm->s, hi = j < 2 ? mm->c2 : mm->s2;
	struct tg_reg k = col(t, in, other[j]);
	bool neg = (i + j) & 1;

	for (unsigned n = 0; n < 3; n++) {
		struct tg_reg m = tg_comp(k, rows[i][n]);
		bool minus = neg != (n == 1);

		m = minus ? tg_neg(m) : m;
		if (n == 0)
			tg_op2(t, "MUL", dst, chans[j], m, minor(lo, hi, idx[i][n]));
		else
			tg_op3(t, "MAD", dst, chans[j], m, minor(lo, hi, idx[i][n]), tg_comp(dst, j));
	}
}

static void inverse4(struct tg *t, const struct vc_instr *in, struct tg_reg first,
		     struct tg_reg rdet)
{
	struct minors4 mm = mat4_minors(t, in);

	mat4_det(t, &mm, rdet);
	tg_op1(t, "RCP", rdet, ".x", tg_comp(rdet, 0));
	for (unsigned i = 0; i < 4; i++) {
		struct tg_reg c = first;

		c.index += (int32_t)i;
		for (unsigned j = 0; j < 4; j++)
			adjugate4_entry(t, in, &mm, c, i, j);
		tg_op2(t, "MUL", c, "", c, tg_comp(rdet, 0));
	}
}

/* The rows of inverse(M) are cross(c1, c2), cross(c2, c0), cross(c0, c1) over det. */
static void inverse3(struct tg *t, const struct vc_instr *in, struct tg_reg first,
		     struct tg_reg rdet)
{
	struct tg_reg x[3];

	for (unsigned r = 0; r < 3; r++)
		x[r] = tg_temp(t);

	for (unsigned r = 0; r < 3; r++) {
		struct tg_reg a = col(t, in, (r + 1) % 3), b = col(t, in, (r + 2) % 3);

		tg_op2(t, "MUL", x[r], ".xyz", tg_swizzle(a, 1, 2, 0, 0), tg_swizzle(b, 2, 0, 1, 1));
		tg_op3(t, "MAD", x[r], ".xyz", tg_neg(tg_swizzle(a, 2, 0, 1, 1)),
		       tg_swizzle(b, 1, 2, 0, 0), x[r]);
	}
	tg_op2(t, "DP3", rdet, ".x", col(t, in, 0), x[0]);
	tg_op1(t, "RCP", rdet, ".x", tg_comp(rdet, 0));
	for (unsigned c = 0; c < 3; c++) {
		struct tg_reg d = first;

		d.index += (int32_t)c;
		for (unsigned r = 0; r < 3; r++)
			tg_op2(t, "MUL", d, chans[r], tg_comp(x[r], c), tg_comp(rdet, 0));
	}
}

/* inverse([a c; b d]) = [d -c; -b a] / (a d - b c), columns (a, b), (c, d) */
static void inverse2(struct tg *t, const struct vc_instr *in, struct tg_reg first,
		     struct tg_reg rdet)
{
	struct tg_reg c0 = col(t, in, 0), c1 = col(t, in, 1), d1 = first;

	tg_op2(t, "MUL", rdet, ".x", tg_comp(c0, 1), tg_comp(c1, 0));
	tg_op3(t, "MAD", rdet, ".x", tg_comp(c0, 0), tg_comp(c1, 1), tg_neg(tg_comp(rdet, 0)));
	tg_op1(t, "RCP", rdet, ".x", tg_comp(rdet, 0));
	d1.index++;
	tg_op2(t, "MUL", first, ".x", tg_comp(c1, 1), tg_comp(rdet, 0));
	tg_op2(t, "MUL", first, ".y", tg_neg(tg_comp(c0, 1)), tg_comp(rdet, 0));
	tg_op2(t, "MUL", d1, ".x", tg_neg(tg_comp(c1, 0)), tg_comp(rdet, 0));
	tg_op2(t, "MUL", d1, ".y", tg_comp(c0, 0), tg_comp(rdet, 0));
}

static bool emit_inverse(struct tg *t, const struct vc_instr *in)
{
	unsigned n = vc_type_get(t->m, in->type)->cols;
	struct tg_reg first, rdet = tg_temp(t), slots[4];

	if (n < 2 || n > 4 || vc_type_get(t->m, in->type)->comps != n)
		return false;
	first = tg_temps(t, n);
	if (n == 2)
		inverse2(t, in, first, rdet);
	else if (n == 3)
		inverse3(t, in, first, rdet);
	else
		inverse4(t, in, first, rdet);
	for (unsigned c = 0; c < n; c++) {
		slots[c] = first;
		slots[c].index += (int32_t)c;
	}
	tg_set_slots(t, in->dest, slots, n);
	return true;
}

bool tg_emit_builtin(struct tg *t, const struct vc_instr *in)
{
	if (in->op >= VC_OP_PACK_SNORM_2X16 && in->op <= VC_OP_UNPACK_HALF_2X16 &&
	    fold_packing(t, in))
		return true;
	switch (in->op) {
	case VC_OP_PACK_SNORM_2X16: pack_norm(t, in, true); return true;
	case VC_OP_PACK_UNORM_2X16: pack_norm(t, in, false); return true;
	case VC_OP_UNPACK_SNORM_2X16: unpack_norm(t, in, true); return true;
	case VC_OP_UNPACK_UNORM_2X16: unpack_norm(t, in, false); return true;
	case VC_OP_PACK_HALF_2X16: pack_half(t, in); return true;
	case VC_OP_UNPACK_HALF_2X16: unpack_half(t, in); return true;
	case VC_OP_INVERSE: return emit_inverse(t, in);
	case VC_OP_DETERMINANT:
		return vc_type_get(t->m, vc_value_get(t->m, in->srcs[0])->type)->cols == 4 &&
		       emit_det4(t, in);
	default: return false;
	}
}
