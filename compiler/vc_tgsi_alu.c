/* SPDX-License-Identifier: MIT */
/*
 * Arithmetic, comparisons, conversions, built-in functions, composites and
 * matrices. Component-wise IR ops on n-component values write TEMP.mask(n);
 * TGSI's scalar opcodes (RCP, SQRT, POW, SIN...) read .x only, so they are
 * issued once per channel.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "vc_tgsi_private.h"

static const char *const chans[] = { ".x", ".y", ".z", ".w" };

enum alu_kind { CW, SCALAR, SWAP };

struct alu_map {
	uint8_t op;
	uint8_t kind;
	const char *tgsi;
};

static const struct alu_map alu_table[] = {
	{ VC_OP_FADD, CW, "ADD" }, { VC_OP_FMUL, CW, "MUL" }, { VC_OP_FDIV, CW, "DIV" },
	{ VC_OP_FMIN, CW, "MIN" }, { VC_OP_FMAX, CW, "MAX" }, { VC_OP_FFMA, CW, "MAD" },
	{ VC_OP_FSIGN, CW, "SSG" }, { VC_OP_FLOOR, CW, "FLR" }, { VC_OP_FCEIL, CW, "CEIL" },
	{ VC_OP_FTRUNC, CW, "TRUNC" }, { VC_OP_FROUND, CW, "ROUND" },
	{ VC_OP_FROUND_EVEN, CW, "ROUND" }, { VC_OP_FFRACT, CW, "FRC" },
	{ VC_OP_FDDX, CW, "DDX" }, { VC_OP_FDDY, CW, "DDY" },
	{ VC_OP_F2I, CW, "F2I" }, { VC_OP_F2U, CW, "F2U" }, { VC_OP_I2F, CW, "I2F" },
	{ VC_OP_U2F, CW, "U2F" },
	{ VC_OP_INEG, CW, "INEG" }, { VC_OP_IADD, CW, "UADD" }, { VC_OP_IMUL, CW, "UMUL" },
	{ VC_OP_UMUL_HI, CW, "UMUL_HI" }, { VC_OP_IMUL_HI, CW, "IMUL_HI" },
	{ VC_OP_IDIV, CW, "IDIV" }, { VC_OP_UDIV, CW, "UDIV" }, { VC_OP_IMOD, CW, "MOD" },
	{ VC_OP_UMOD, CW, "UMOD" }, { VC_OP_IABS, CW, "IABS" }, { VC_OP_ISIGN, CW, "ISSG" },
	{ VC_OP_IMIN, CW, "IMIN" }, { VC_OP_IMAX, CW, "IMAX" }, { VC_OP_UMIN, CW, "UMIN" },
	{ VC_OP_UMAX, CW, "UMAX" }, { VC_OP_ISHL, CW, "SHL" }, { VC_OP_ISHR, CW, "ISHR" },
	{ VC_OP_USHR, CW, "USHR" }, { VC_OP_IAND, CW, "AND" }, { VC_OP_IOR, CW, "OR" },
	{ VC_OP_IXOR, CW, "XOR" }, { VC_OP_INOT, CW, "NOT" }, { VC_OP_IBFE, CW, "IBFE" },
	{ VC_OP_UBFE, CW, "UBFE" }, { VC_OP_BFI, CW, "BFI" }, { VC_OP_BITREV, CW, "BREV" },
	{ VC_OP_BITCOUNT, CW, "POPC" }, { VC_OP_FIND_LSB, CW, "LSB" },
	{ VC_OP_IFIND_MSB, CW, "IMSB" }, { VC_OP_UFIND_MSB, CW, "UMSB" },
	{ VC_OP_FEQ, CW, "FSEQ" }, { VC_OP_FNE, CW, "FSNE" }, { VC_OP_FLT, CW, "FSLT" },
	{ VC_OP_FGE, CW, "FSGE" }, { VC_OP_FLE, SWAP, "FSGE" }, { VC_OP_FGT, SWAP, "FSLT" },
	{ VC_OP_IEQ, CW, "USEQ" }, { VC_OP_INE, CW, "USNE" }, { VC_OP_ILT, CW, "ISLT" },
	{ VC_OP_IGE, CW, "ISGE" }, { VC_OP_ILE, SWAP, "ISGE" }, { VC_OP_IGT, SWAP, "ISLT" },
	{ VC_OP_ULT, CW, "USLT" }, { VC_OP_UGE, CW, "USGE" }, { VC_OP_ULE, SWAP, "USGE" },
	{ VC_OP_UGT, SWAP, "USLT" },
	{ VC_OP_LAND, CW, "AND" }, { VC_OP_LOR, CW, "OR" }, { VC_OP_LNOT, CW, "NOT" },
	{ VC_OP_LEQ, CW, "USEQ" }, { VC_OP_LNE, CW, "USNE" }, { VC_OP_SELECT, CW, "UCMP" },
	{ VC_OP_FRCP, SCALAR, "RCP" }, { VC_OP_FRSQ, SCALAR, "RSQ" },
	{ VC_OP_FSQRT, SCALAR, "SQRT" }, { VC_OP_FEXP2, SCALAR, "EX2" },
	{ VC_OP_FLOG2, SCALAR, "LG2" }, { VC_OP_FPOW, SCALAR, "POW" },
	{ VC_OP_FSIN, SCALAR, "SIN" }, { VC_OP_FCOS, SCALAR, "COS" },
};

static unsigned dest_comps(struct tg *t, const struct vc_instr *in)
{
	return vc_type_comps(t->m, in->type);
}

static struct tg_reg src(struct tg *t, const struct vc_instr *in, unsigned i)
{
	return tg_src(t, in->srcs[i]);
}

/*
 * Reading a constant source declares its immediate, and tg_temp numbers temps,
 * in call order; C leaves the order of a call's arguments unspecified. So no
 * call below takes two such reads as arguments: they go into locals first, in
 * the order GCC used to pick (the last argument first), which keeps the TGSI
 * and its goldens as they were on every compiler.
 */

/* A fresh temp for the result, recorded as its location. */
static struct tg_reg result(struct tg *t, const struct vc_instr *in)
{
	struct tg_reg r = tg_temp(t);
	unsigned n = dest_comps(t, in);

	for (unsigned c = n; c < 4 && n; c++)
		r.swz[c] = (uint8_t)(n - 1);
	tg_set(t, in->dest, r);
	return r;
}

static void emit_table(struct tg *t, const struct vc_instr *in, const struct alu_map *a)
{
	unsigned n = dest_comps(t, in), nr = (unsigned)vc_op_arity(in->op);
	struct tg_reg dst = result(t, in), s[4];

	for (unsigned i = 0; i < nr && i < 4; i++)
		s[i] = src(t, in, i);
	if (a->kind == SWAP) {
		struct tg_reg x = s[0];
		s[0] = s[1];
		s[1] = x;
	}
	if (a->kind != SCALAR) {
		tg_op(t, a->tgsi, dst, tg_mask(n), s, nr);
		return;
	}
	for (unsigned c = 0; c < n; c++) {
		struct tg_reg cs[2] = { tg_comp(s[0], c), nr > 1 ? tg_comp(s[1], c) : s[0] };
		tg_op(t, a->tgsi, dst, chans[c], cs, nr);
	}
}

/* ---- float helpers -------------------------------------------------------------------- */

static void per_channel(struct tg *t, const char *op, struct tg_reg dst, struct tg_reg a,
			unsigned n)
{
	for (unsigned c = 0; c < n; c++)
		tg_op1(t, op, dst, chans[c], tg_comp(a, c));
}

static void dot(struct tg *t, struct tg_reg dst, const char *mask, struct tg_reg a,
		struct tg_reg b, unsigned n)
{
	static const char *const dp[] = { "MUL", "MUL", "DP2", "DP3", "DP4" };

	tg_op2(t, dp[n], dst, mask, n == 1 ? tg_comp(a, 0) : a, n == 1 ? tg_comp(b, 0) : b);
}

/* atan of t in [0, 1]: a minimax polynomial (max error ~1e-5 rad) */
static void atan_01(struct tg *t, struct tg_reg dst, struct tg_reg x)
{
	static const float c[] = { 0.0208351f, -0.0851330f, 0.1801410f, -0.3302995f, 0.9998660f };
	struct tg_reg x2 = tg_temp(t), p = tg_temp(t);

	tg_op2(t, "MUL", x2, ".x", x, x);
	tg_op1(t, "MOV", p, ".x", tg_imm_f32(t, c[0]));
	for (int i = 1; i < 5; i++)
		tg_op3(t, "MAD", p, ".x", tg_comp(p, 0), tg_comp(x2, 0), tg_imm_f32(t, c[i]));
	tg_op2(t, "MUL", dst, ".x", tg_comp(p, 0), x);
}

/* dst.x = atan2(y.x, x.x) */
static void atan2_channel(struct tg *t, struct tg_reg dst, struct tg_reg y, struct tg_reg x)
{
	struct tg_reg mx = tg_temp(t), mn = tg_temp(t), r = tg_temp(t), c = tg_temp(t);
	const float half_pi = 1.57079632679f, pi = 3.14159265359f;

	tg_op2(t, "MAX", mx, ".x", tg_abs(x), tg_abs(y));
	tg_op2(t, "MIN", mn, ".x", tg_abs(x), tg_abs(y));
	tg_op2(t, "DIV", mn, ".x", tg_comp(mn, 0), tg_comp(mx, 0));
	atan_01(t, r, tg_comp(mn, 0));
	tg_op2(t, "FSLT", c, ".x", tg_abs(x), tg_abs(y));
	tg_op2(t, "ADD", mn, ".x", tg_imm_f32(t, half_pi), tg_neg(tg_comp(r, 0)));
	tg_op3(t, "UCMP", r, ".x", tg_comp(c, 0), tg_comp(mn, 0), tg_comp(r, 0));
	tg_op2(t, "FSLT", c, ".x", x, tg_imm_f32(t, 0.0f));
	tg_op2(t, "ADD", mn, ".x", tg_imm_f32(t, pi), tg_neg(tg_comp(r, 0)));
	tg_op3(t, "UCMP", r, ".x", tg_comp(c, 0), tg_comp(mn, 0), tg_comp(r, 0));
	tg_op2(t, "FSLT", c, ".x", y, tg_imm_f32(t, 0.0f));
	tg_op3(t, "UCMP", dst, ".x", tg_comp(c, 0), tg_neg(tg_comp(r, 0)), tg_comp(r, 0));
}

static void inverse_trig(struct tg *t, const struct vc_instr *in, struct tg_reg dst, unsigned n)
{
	struct tg_reg a = src(t, in, 0), one = tg_imm_f32(t, 1.0f);

	for (unsigned c = 0; c < n; c++) {
		struct tg_reg x = tg_comp(a, c), ch = tg_temp(t), s = tg_temp(t);

		if (in->op == VC_OP_FATAN) {
			atan2_channel(t, ch, x, one);
		} else if (in->op == VC_OP_FATAN2) {
			atan2_channel(t, ch, x, tg_comp(src(t, in, 1), c));
		} else {
			/* asin(x) = atan2(x, sqrt(1 - x*x)), acos(x) = atan2(sqrt(1 - x*x), x) */
			tg_op3(t, "MAD", s, ".x", tg_neg(x), x, one);
			tg_op1(t, "SQRT", s, ".x", tg_comp(s, 0));
			if (in->op == VC_OP_FASIN)
				atan2_channel(t, ch, x, tg_comp(s, 0));
			else
				atan2_channel(t, ch, tg_comp(s, 0), x);
		}
		tg_op1(t, "MOV", dst, chans[c], tg_comp(ch, 0));
	}
}

/* e^x through EX2 */
static void exp_channels(struct tg *t, struct tg_reg dst, struct tg_reg x, unsigned n, float scale)
{
	struct tg_reg s = tg_temp(t);

	tg_op2(t, "MUL", s, tg_mask(n), x, tg_imm_f32(t, scale * 1.44269504089f));
	per_channel(t, "EX2", dst, s, n);
}

static void hyperbolic(struct tg *t, const struct vc_instr *in, struct tg_reg dst, unsigned n)
{
	struct tg_reg x = src(t, in, 0), e = tg_temp(t), f = tg_temp(t), half = tg_imm_f32(t, 0.5f);

	exp_channels(t, e, x, n, 1.0f);
	exp_channels(t, f, x, n, -1.0f);
	if (in->op == VC_OP_FSINH) {
		tg_op2(t, "ADD", dst, tg_mask(n), e, tg_neg(f));
		tg_op2(t, "MUL", dst, tg_mask(n), dst, half);
	} else if (in->op == VC_OP_FCOSH) {
		tg_op2(t, "ADD", dst, tg_mask(n), e, f);
		tg_op2(t, "MUL", dst, tg_mask(n), dst, half);
	} else {
		struct tg_reg num = tg_temp(t);
		tg_op2(t, "ADD", num, tg_mask(n), e, tg_neg(f));
		tg_op2(t, "ADD", e, tg_mask(n), e, f);
		tg_op2(t, "DIV", dst, tg_mask(n), num, e);
	}
}

/* asinh = ln(x + sqrt(x²+1)), acosh = ln(x + sqrt(x²-1)), atanh = ln((1+x)/(1-x))/2 */
static void inverse_hyperbolic(struct tg *t, const struct vc_instr *in, struct tg_reg dst,
			       unsigned n)
{
	struct tg_reg x = src(t, in, 0), s = tg_temp(t), one = tg_imm_f32(t, 1.0f);
	float scale = 0.69314718056f;

	if (in->op == VC_OP_FATANH) {
		struct tg_reg d = tg_temp(t);
		tg_op2(t, "ADD", s, tg_mask(n), one, x);
		tg_op2(t, "ADD", d, tg_mask(n), one, tg_neg(x));
		tg_op2(t, "DIV", s, tg_mask(n), s, d);
		scale *= 0.5f;
	} else {
		tg_op3(t, "MAD", s, tg_mask(n), x, x, in->op == VC_OP_FASINH ? one : tg_neg(one));
		per_channel(t, "SQRT", s, s, n);
		tg_op2(t, "ADD", s, tg_mask(n), s, x);
	}
	per_channel(t, "LG2", s, s, n);
	tg_op2(t, "MUL", dst, tg_mask(n), s, tg_imm_f32(t, scale));
}

static bool emit_transcendental(struct tg *t, const struct vc_instr *in, struct tg_reg dst,
				unsigned n)
{
	struct tg_reg a = src(t, in, 0), tmp = tg_temp(t);

	switch (in->op) {
	case VC_OP_FEXP: exp_channels(t, dst, a, n, 1.0f); return true;
	case VC_OP_FLOG:
		per_channel(t, "LG2", tmp, a, n);
		tg_op2(t, "MUL", dst, tg_mask(n), tmp, tg_imm_f32(t, 0.69314718056f));
		return true;
	case VC_OP_FTAN:
		per_channel(t, "SIN", tmp, a, n);
		per_channel(t, "COS", dst, a, n);
		tg_op2(t, "DIV", dst, tg_mask(n), tmp, dst);
		return true;
	case VC_OP_FASIN: case VC_OP_FACOS: case VC_OP_FATAN: case VC_OP_FATAN2:
		inverse_trig(t, in, dst, n);
		return true;
	case VC_OP_FSINH: case VC_OP_FCOSH: case VC_OP_FTANH:
		hyperbolic(t, in, dst, n);
		return true;
	case VC_OP_FASINH: case VC_OP_FACOSH: case VC_OP_FATANH:
		inverse_hyperbolic(t, in, dst, n);
		return true;
	default:
		return false;
	}
}

static bool emit_float_misc(struct tg *t, const struct vc_instr *in, struct tg_reg dst, unsigned n)
{
	const char *m = tg_mask(n);
	struct tg_reg a = src(t, in, 0), tmp;

	switch (in->op) {
	case VC_OP_FNEG: tg_op1(t, "MOV", dst, m, tg_neg(a)); return true;
	case VC_OP_FABS: tg_op1(t, "MOV", dst, m, tg_abs(a)); return true;
	case VC_OP_FSUB: tg_op2(t, "ADD", dst, m, a, tg_neg(src(t, in, 1))); return true;
	case VC_OP_FMOD: /* x - y * floor(x / y) */
		tmp = tg_temp(t);
		tg_op2(t, "DIV", tmp, m, a, src(t, in, 1));
		tg_op1(t, "FLR", tmp, m, tmp);
		tg_op3(t, "MAD", dst, m, tg_neg(tmp), src(t, in, 1), a);
		return true;
	case VC_OP_FCLAMP:
		tg_op2(t, "MAX", dst, m, a, src(t, in, 1));
		tg_op2(t, "MIN", dst, m, dst, src(t, in, 2));
		return true;
	case VC_OP_FMIX:
		tmp = src(t, in, 1);
		tg_op3(t, "LRP", dst, m, src(t, in, 2), tmp, a);
		return true;
	case VC_OP_FSTEP: /* x >= edge ? 1.0 : 0.0 */
		tg_op2(t, "FSGE", dst, m, src(t, in, 1), a);
		tg_op2(t, "AND", dst, m, dst, tg_imm_f32(t, 1.0f));
		return true;
	case VC_OP_FRADIANS: tg_op2(t, "MUL", dst, m, a, tg_imm_f32(t, 0.01745329252f)); return true;
	case VC_OP_FDEGREES: tg_op2(t, "MUL", dst, m, a, tg_imm_f32(t, 57.2957795131f)); return true;
	case VC_OP_FISNAN: tg_op2(t, "FSNE", dst, m, a, a); return true;
	case VC_OP_FISINF: tg_op2(t, "FSEQ", dst, m, tg_abs(a), tg_imm_f32(t, INFINITY)); return true;
	case VC_OP_FWIDTH:
		tmp = tg_temp(t);
		tg_op1(t, "DDX", tmp, m, a);
		tg_op1(t, "DDY", dst, m, a);
		tg_op2(t, "ADD", dst, m, tg_abs(tmp), tg_abs(dst));
		return true;
	case VC_OP_FLDEXP:
		tmp = tg_temp(t);
		tg_op1(t, "I2F", tmp, m, src(t, in, 1));
		per_channel(t, "EX2", tmp, tmp, n);
		tg_op2(t, "MUL", dst, m, a, tmp);
		return true;
	case VC_OP_ISUB:
		tmp = tg_temp(t);
		tg_op1(t, "INEG", tmp, m, src(t, in, 1));
		tg_op2(t, "UADD", dst, m, a, tmp);
		return true;
	default:
		return emit_transcendental(t, in, dst, n);
	}
}

static void emit_smoothstep(struct tg *t, const struct vc_instr *in, struct tg_reg dst, unsigned n)
{
	const char *m = tg_mask(n);
	struct tg_reg x = tg_temp(t), d = tg_temp(t);
	struct tg_reg e0 = src(t, in, 0), v = src(t, in, 2), e1 = src(t, in, 1), three;

	/* s = clamp((x - e0) / (e1 - e0), 0, 1); s * s * (3 - 2 s) */
	tg_op2(t, "ADD", x, m, v, tg_neg(e0));
	tg_op2(t, "ADD", d, m, e1, tg_neg(e0));
	tg_op2(t, "DIV_SAT", x, m, x, d);
	tg_op2(t, "MUL", d, m, x, x);
	three = tg_imm_f32(t, 3.0f);
	tg_op3(t, "MAD", x, m, x, tg_imm_f32(t, -2.0f), three);
	tg_op2(t, "MUL", dst, m, d, x);
}

static void emit_int_clamp(struct tg *t, const struct vc_instr *in, struct tg_reg dst, unsigned n)
{
	bool s = in->op == VC_OP_ICLAMP;
	struct tg_reg lo = src(t, in, 1);

	tg_op2(t, s ? "IMAX" : "UMAX", dst, tg_mask(n), src(t, in, 0), lo);
	tg_op2(t, s ? "IMIN" : "UMIN", dst, tg_mask(n), dst, src(t, in, 2));
}

/* ---- geometric ------------------------------------------------------------------------ */

static bool emit_geometric(struct tg *t, const struct vc_instr *in, struct tg_reg dst, unsigned n)
{
	unsigned k = tg_comps(t, in->srcs[0]);
	struct tg_reg a = src(t, in, 0), tmp = tg_temp(t), tmp2;

	switch (in->op) {
	case VC_OP_FDOT: dot(t, dst, ".x", a, src(t, in, 1), k); return true;
	case VC_OP_FLENGTH:
		dot(t, tmp, ".x", a, a, k);
		tg_op1(t, "SQRT", dst, ".x", tg_comp(tmp, 0));
		return true;
	case VC_OP_FDISTANCE:
		tg_op2(t, "ADD", tmp, tg_mask(k), a, tg_neg(src(t, in, 1)));
		dot(t, tmp, ".x", tmp, tmp, k);
		tg_op1(t, "SQRT", dst, ".x", tg_comp(tmp, 0));
		return true;
	case VC_OP_FNORMALIZE:
		dot(t, tmp, ".x", a, a, k);
		tg_op1(t, "RSQ", tmp, ".x", tg_comp(tmp, 0));
		tg_op2(t, "MUL", dst, tg_mask(n), a, tg_comp(tmp, 0));
		return true;
	case VC_OP_FCROSS: /* a.yzx * b.zxy - a.zxy * b.yzx */
		tmp2 = src(t, in, 1);
		tg_op2(t, "MUL", tmp, ".xyz", tg_swizzle(a, 1, 2, 0, 0), tg_swizzle(tmp2, 2, 0, 1, 1));
		tg_op3(t, "MAD", dst, ".xyz", tg_neg(tg_swizzle(a, 2, 0, 1, 1)),
		       tg_swizzle(tmp2, 1, 2, 0, 0), tmp);
		return true;
	case VC_OP_FREFLECT: /* I - 2 dot(N, I) N */
		dot(t, tmp, ".x", src(t, in, 1), a, k);
		tg_op2(t, "MUL", tmp, ".x", tg_comp(tmp, 0), tg_imm_f32(t, 2.0f));
		tg_op3(t, "MAD", dst, tg_mask(n), tg_neg(tg_comp(tmp, 0)), src(t, in, 1), a);
		return true;
	case VC_OP_FFACEFORWARD: /* dot(Nref, I) < 0 ? N : -N */
		tmp2 = src(t, in, 1);
		dot(t, tmp, ".x", src(t, in, 2), tmp2, k);
		tg_op2(t, "FSLT", tmp, ".x", tg_comp(tmp, 0), tg_imm_f32(t, 0.0f));
		tg_op3(t, "UCMP", dst, tg_mask(n), tg_comp(tmp, 0), a, tg_neg(a));
		return true;
	default:
		return false;
	}
}

/* refract(I, N, eta): k = 1 - eta² (1 - dot(N,I)²); k < 0 ? 0 : eta I - (eta dot + sqrt k) N */
static void emit_refract(struct tg *t, const struct vc_instr *in, struct tg_reg dst, unsigned n)
{
	struct tg_reg i = src(t, in, 0), nn = src(t, in, 1), eta = tg_comp(src(t, in, 2), 0);
	struct tg_reg d = tg_temp(t), k = tg_temp(t), v = tg_temp(t);
	struct tg_reg one = tg_imm_f32(t, 1.0f);

	dot(t, d, ".x", nn, i, n);
	tg_op3(t, "MAD", k, ".x", tg_neg(tg_comp(d, 0)), tg_comp(d, 0), one);
	tg_op2(t, "MUL", k, ".x", tg_comp(k, 0), eta);
	tg_op3(t, "MAD", k, ".x", tg_neg(tg_comp(k, 0)), eta, one);
	tg_op1(t, "SQRT", v, ".x", tg_comp(k, 0));
	tg_op3(t, "MAD", d, ".x", eta, tg_comp(d, 0), tg_comp(v, 0));
	tg_op2(t, "MUL", v, tg_mask(n), i, eta);
	tg_op3(t, "MAD", v, tg_mask(n), tg_neg(tg_comp(d, 0)), nn, v);
	tg_op2(t, "FSLT", k, ".x", tg_comp(k, 0), tg_imm_f32(t, 0.0f));
	tg_op3(t, "UCMP", dst, tg_mask(n), tg_comp(k, 0), tg_imm_f32(t, 0.0f), v);
}

static void emit_reduce(struct tg *t, const struct vc_instr *in, struct tg_reg dst)
{
	unsigned k = tg_comps(t, in->srcs[0]);
	struct tg_reg a = src(t, in, 0);
	const char *op = in->op == VC_OP_ANY ? "OR" : "AND";

	tg_op1(t, "MOV", dst, ".x", tg_comp(a, 0));
	for (unsigned c = 1; c < k; c++)
		tg_op2(t, op, dst, ".x", tg_comp(dst, 0), tg_comp(a, c));
}

bool tg_emit_alu(struct tg *t, const struct vc_instr *in)
{
	struct tg_reg dst;
	unsigned n;

	if (in->op == VC_OP_COPY || in->op == VC_OP_BITCAST) {
		/* same bits, new type: an alias */
		uint32_t nr = tg_nr_slots(t, in->srcs[0]);
		struct tg_reg *slots = calloc(nr ? nr : 1, sizeof(*slots));

		if (!slots) {
			t->failed = true;
			return true;
		}
		for (uint32_t i = 0; i < nr; i++)
			slots[i] = tg_src_slot(t, in->srcs[0], i);
		tg_set_slots(t, in->dest, slots, nr);
		free(slots);
		return true;
	}
	for (size_t i = 0; i < sizeof(alu_table) / sizeof(alu_table[0]); i++)
		if (alu_table[i].op == in->op) {
			emit_table(t, in, &alu_table[i]);
			return true;
		}
	if (!vc_type_is_leaf(t->m, in->type))
		return false;
	n = dest_comps(t, in);
	switch (in->op) {
	case VC_OP_FSMOOTHSTEP: emit_smoothstep(t, in, result(t, in), n); return true;
	case VC_OP_ICLAMP: case VC_OP_UCLAMP: emit_int_clamp(t, in, result(t, in), n); return true;
	case VC_OP_FREFRACT: emit_refract(t, in, result(t, in), n); return true;
	case VC_OP_ANY: case VC_OP_ALL: emit_reduce(t, in, result(t, in)); return true;
	default: break;
	}
	if (in->op >= VC_OP_FDOT && in->op <= VC_OP_FFACEFORWARD) {
		dst = result(t, in);
		return emit_geometric(t, in, dst, n);
	}
	if (in->op > VC_OP_UFIND_MSB && in->op != VC_OP_ISUB)
		return false;
	dst = result(t, in);
	return emit_float_misc(t, in, dst, n);
}

/* ---- composites ------------------------------------------------------------------------ */

/* Whether a and b read the same register with the same modifiers (swizzles aside). */
static bool same_reg(struct tg_reg a, struct tg_reg b)
{
	return a.file == b.file && a.index == b.index && a.dim == b.dim && a.neg == b.neg &&
	       a.abs == b.abs && a.indirect == b.indirect && a.array_id == b.array_id;
}

/* The register of each channel of a vector construct, that channel's
 * source component in swz[0]; the count. */
static unsigned construct_channels(struct tg *t, const struct vc_instr *in, struct tg_reg ch[4],
				   unsigned *undef)
{
	unsigned nr = vc_instr_nr_srcs(in), pos = 0;

	*undef = 0;
	for (unsigned i = 0; i < nr && pos < 4; i++) {
		vc_value_id v = vc_instr_src(in, i);
		struct tg_reg s = tg_src(t, v);
		bool u = vc_value_get(t->m, v)->kind == VC_VALUE_UNDEF;

		for (unsigned j = 0; j < tg_comps(t, v) && pos < 4; j++) {
			*undef |= (unsigned)u << pos;
			ch[pos++] = tg_comp(s, j);
		}
	}
	return pos;
}

/* Undefined channels may hold anything: the first defined channel's value,
 * which joins its register's MOV (or alias) at no cost. */
static void fill_undefined(struct tg_reg ch[4], unsigned n, unsigned undef)
{
	unsigned first = 0;

	while (first < n && (undef & (1u << first)))
		first++;
	for (unsigned c = 0; c < n && first < n; c++)
		if (undef & (1u << c))
			ch[c] = ch[first];
}

/* dst's channels 0..n-1 from ch[] (each channel's source component in
 * swz[0]): one MOV per source register, all its channels under one mask. */
static void mov_grouped(struct tg *t, struct tg_reg dst, const struct tg_reg *ch, unsigned n)
{
	static const char chan[] = "xyzw";
	unsigned done = 0;

	for (unsigned c = 0; c < n; c++) {
		struct tg_reg m = ch[c];
		char mask[6] = ".";
		unsigned k = 1;

		if (done & (1u << c))
			continue;
		for (unsigned d = c; d < n; d++)
			if (!(done & (1u << d)) && same_reg(ch[c], ch[d])) {
				m.swz[d] = ch[d].swz[0];
				mask[k++] = chan[d];
				done |= 1u << d;
			}
		mask[k] = 0;
		tg_op1(t, "MOV", dst, mask, m);
	}
}

/*
 * A vector built from one register's channels (vec4(f), vec3(v.z, v.y,
 * v.x)), undefined channels aside, is that register swizzled, no
 * instruction (not through ADDR, which a later index reloads); one of
 * undefined values only is undefined too; else one MOV per source
 * register, every channel it gives under one write mask.
 */
static void emit_construct_vector(struct tg *t, const struct vc_instr *in)
{
	struct tg_reg ch[4];
	unsigned undef, n = construct_channels(t, in, ch, &undef);
	bool one;

	fill_undefined(ch, n, undef);
	one = n > 0 && !ch[0].indirect;
	for (unsigned c = 1; c < n; c++)
		one &= same_reg(ch[0], ch[c]) || undef == (1u << n) - 1;
	if (one) {
		struct tg_reg r = ch[0];
		for (unsigned c = 0; c < 4; c++)
			r.swz[c] = ch[c < n ? c : n - 1].swz[0];
		tg_set(t, in->dest, r);
		return;
	}
	mov_grouped(t, result(t, in), ch, n);
}

static void emit_construct(struct tg *t, const struct vc_instr *in)
{
	unsigned nr = vc_instr_nr_srcs(in);
	uint32_t total = 0, k = 0;
	struct tg_reg *slots;

	if (vc_type_is_leaf(t->m, in->type)) {
		emit_construct_vector(t, in);
		return;
	}
	for (unsigned i = 0; i < nr; i++)
		total += tg_nr_slots(t, vc_instr_src(in, i));
	slots = calloc(total ? total : 1, sizeof(*slots));
	if (!slots) {
		t->failed = true;
		return;
	}
	/* composite of composites: the parts' registers are reused as they are */
	for (unsigned i = 0; i < nr; i++)
		for (uint32_t s = 0; s < tg_nr_slots(t, vc_instr_src(in, i)); s++)
			slots[k++] = tg_src_slot(t, vc_instr_src(in, i), s);
	tg_set_slots(t, in->dest, slots, k);
	free(slots);
}

/* Follows an index path: first leaf slot, leaf count, and the component (-1 for none). */
static vc_type_id walk_path(struct tg *t, vc_type_id ty, const uint32_t *lits, unsigned n,
			    uint32_t *slot, int *comp)
{
	*slot = 0;
	*comp = -1;
	for (unsigned i = 0; i < n; i++) {
		if (vc_type_is_leaf(t->m, ty)) {
			*comp = (int)lits[i];
			return vc_type_child(t->m, ty, lits[i]);
		}
		*slot += vc_type_child_leaf(t->m, ty, lits[i]);
		ty = vc_type_child(t->m, ty, lits[i]);
	}
	return ty;
}

static void emit_extract(struct tg *t, const struct vc_instr *in)
{
	uint32_t slot, n;
	int comp;
	struct tg_reg *slots;
	vc_type_id ty = walk_path(t, vc_value_get(t->m, in->srcs[0])->type, in->lits, in->nr_lits,
				  &slot, &comp);

	if (comp >= 0) {
		tg_set(t, in->dest, tg_comp(tg_src_slot(t, in->srcs[0], slot), (unsigned)comp));
		return;
	}
	n = vc_type_leaves(t->m, ty);
	slots = calloc(n ? n : 1, sizeof(*slots));
	if (!slots) {
		t->failed = true;
		return;
	}
	for (uint32_t i = 0; i < n; i++)
		slots[i] = tg_src_slot(t, in->srcs[0], slot + i);
	tg_set_slots(t, in->dest, slots, n);
	free(slots);
}

static void emit_insert(struct tg *t, const struct vc_instr *in)
{
	uint32_t slot, total = tg_nr_slots(t, in->srcs[0]), n;
	int comp;
	vc_type_id ty = walk_path(t, in->type, in->lits, in->nr_lits, &slot, &comp);
	struct tg_reg *slots = calloc(total ? total : 1, sizeof(*slots));

	if (!slots) {
		t->failed = true;
		return;
	}
	for (uint32_t i = 0; i < total; i++)
		slots[i] = tg_src_slot(t, in->srcs[0], i);
	if (comp >= 0 && slot < total) {
		struct tg_reg r = tg_temp(t);
		tg_op1(t, "MOV", r, "", slots[slot]);
		tg_op1(t, "MOV", r, chans[comp & 3], tg_comp(tg_src(t, in->srcs[1]), 0));
		r.swz[0] = 0;
		slots[slot] = r;
	} else {
		n = vc_type_leaves(t->m, ty);
		for (uint32_t i = 0; i < n && slot + i < total; i++)
			slots[slot + i] = tg_src_slot(t, in->srcs[1], i);
	}
	tg_set_slots(t, in->dest, slots, total);
	free(slots);
}

static void emit_shuffle(struct tg *t, const struct vc_instr *in)
{
	unsigned na = tg_comps(t, in->srcs[0]), n = in->nr_lits;
	struct tg_reg a = tg_src(t, in->srcs[0]), b = tg_src(t, in->srcs[1]), r, ch[4];
	bool only_a = true, only_b = true;

	for (unsigned i = 0; i < n; i++) {
		only_a &= in->lits[i] < na;
		only_b &= in->lits[i] >= na;
	}
	if (only_a || only_b) {
		struct tg_reg s = only_a ? a : b;
		r = s;
		for (unsigned i = 0; i < 4; i++)
			r.swz[i] = s.swz[(in->lits[i < n ? i : n - 1] - (only_a ? 0 : na)) & 3];
		tg_set(t, in->dest, r);
		return;
	}
	for (unsigned i = 0; i < n && i < 4; i++) {
		unsigned l = in->lits[i];
		ch[i] = l < na ? tg_comp(a, l) : tg_comp(b, (l - na) & 3);
	}
	mov_grouped(t, result(t, in), ch, n < 4 ? n : 4);
}

/* EXTRACT_DYN (vector, index); INSERT_DYN (vector, component, index), as
 * SPIR-V's OpVectorExtractDynamic / OpVectorInsertDynamic. */
static void emit_dynamic(struct tg *t, const struct vc_instr *in)
{
	bool ext = in->op == VC_OP_EXTRACT_DYN;
	struct tg_reg v = tg_src(t, in->srcs[0]), i = tg_comp(tg_src(t, in->srcs[ext ? 1 : 2]), 0);
	unsigned n = tg_comps(t, in->srcs[0]);
	struct tg_reg dst = result(t, in), c = tg_temp(t);

	if (ext) {
		tg_op1(t, "MOV", dst, ".x", tg_comp(v, 0));
		for (unsigned k = 1; k < n; k++) {
			tg_op2(t, "USEQ", c, ".x", i, tg_imm_u32(t, k));
			tg_op3(t, "UCMP", dst, ".x", tg_comp(c, 0), tg_comp(v, k), tg_comp(dst, 0));
		}
		return;
	}
	for (unsigned k = 0; k < n; k++) {
		tg_op2(t, "USEQ", c, ".x", i, tg_imm_u32(t, k));
		tg_op3(t, "UCMP", dst, chans[k], tg_comp(c, 0), tg_comp(tg_src(t, in->srcs[1]), 0),
		       tg_comp(v, k));
	}
}

bool tg_emit_composite(struct tg *t, const struct vc_instr *in)
{
	switch (in->op) {
	case VC_OP_CONSTRUCT: emit_construct(t, in); return true;
	case VC_OP_EXTRACT: emit_extract(t, in); return true;
	case VC_OP_INSERT: emit_insert(t, in); return true;
	case VC_OP_SHUFFLE: emit_shuffle(t, in); return true;
	case VC_OP_EXTRACT_DYN: case VC_OP_INSERT_DYN: emit_dynamic(t, in); return true;
	default: return false;
	}
}

/* ---- matrices ------------------------------------------------------------------------- */

/* dst = M * v, M given by its column registers. The sum builds up in a
 * temporary and only the last MAD writes dst, which nothing reads back:
 * a result that is an output can then be written to OUT straight
 * (vc_tgsi_regalloc.c) instead of copied there. */
static void mat_vec(struct tg *t, struct tg_reg dst, const char *m, vc_value_id mat,
		    struct tg_reg v, unsigned cols)
{
	struct tg_reg acc = cols > 1 ? tg_temp(t) : dst;

	tg_op2(t, "MUL", acc, m, tg_src_slot(t, mat, 0), tg_comp(v, 0));
	for (unsigned c = 1; c < cols; c++)
		tg_op3(t, "MAD", c + 1 < cols ? acc : dst, m, tg_src_slot(t, mat, c), tg_comp(v, c),
		       acc);
}

static void set_columns(struct tg *t, const struct vc_instr *in, struct tg_reg first, unsigned cols)
{
	struct tg_reg slots[4];

	for (unsigned c = 0; c < cols && c < 4; c++) {
		slots[c] = first;
		slots[c].index += (int32_t)c;
	}
	tg_set_slots(t, in->dest, slots, cols);
}

static void emit_mat_mul(struct tg *t, const struct vc_instr *in)
{
	const struct vc_type *rt = vc_type_get(t->m, in->type);
	const struct vc_type *a = vc_type_get(t->m, vc_value_get(t->m, in->srcs[0])->type);
	struct tg_reg dst, v;

	if (in->op == VC_OP_MAT_TIMES_VEC) {
		v = tg_src(t, in->srcs[1]);
		mat_vec(t, result(t, in), tg_mask(rt->comps), in->srcs[0], v, a->cols);
	} else if (in->op == VC_OP_VEC_TIMES_MAT) {
		const struct vc_type *b = vc_type_get(t->m, vc_value_get(t->m, in->srcs[1])->type);
		dst = result(t, in);
		for (unsigned c = 0; c < b->cols; c++) {
			struct tg_reg col = tg_src_slot(t, in->srcs[1], c);

			dot(t, dst, chans[c], tg_src(t, in->srcs[0]), col, b->comps);
		}
	} else if (in->op == VC_OP_MAT_TIMES_MAT) {
		dst = tg_temps(t, rt->cols);
		for (unsigned c = 0; c < rt->cols; c++) {
			struct tg_reg col = dst;
			col.index += (int32_t)c;
			mat_vec(t, col, tg_mask(rt->comps), in->srcs[0], tg_src_slot(t, in->srcs[1], c),
				a->cols);
		}
		set_columns(t, in, dst, rt->cols);
	} else { /* MAT_TIMES_SCALAR */
		dst = tg_temps(t, rt->cols);
		for (unsigned c = 0; c < rt->cols; c++) {
			struct tg_reg col = dst, scalar = tg_comp(tg_src(t, in->srcs[1]), 0);
			col.index += (int32_t)c;
			tg_op2(t, "MUL", col, tg_mask(rt->comps), tg_src_slot(t, in->srcs[0], c), scalar);
		}
		set_columns(t, in, dst, rt->cols);
	}
}

static void emit_transpose_outer(struct tg *t, const struct vc_instr *in)
{
	const struct vc_type *rt = vc_type_get(t->m, in->type);
	struct tg_reg dst = tg_temps(t, rt->cols);

	for (unsigned c = 0; c < rt->cols; c++) {
		struct tg_reg col = dst;
		col.index += (int32_t)c;
		if (in->op == VC_OP_OUTER_PRODUCT) {
			struct tg_reg b = tg_comp(tg_src(t, in->srcs[1]), c);

			tg_op2(t, "MUL", col, tg_mask(rt->comps), tg_src(t, in->srcs[0]), b);
			continue;
		}
		for (unsigned r = 0; r < rt->comps; r++)
			tg_op1(t, "MOV", col, chans[r], tg_comp(tg_src_slot(t, in->srcs[0], r), c));
	}
	set_columns(t, in, dst, rt->cols);
}

static bool emit_determinant(struct tg *t, const struct vc_instr *in)
{
	const struct vc_type *a = vc_type_get(t->m, vc_value_get(t->m, in->srcs[0])->type);
	struct tg_reg c0 = tg_src_slot(t, in->srcs[0], 0), c1 = tg_src_slot(t, in->srcs[0], 1);
	struct tg_reg dst, tmp;

	if (a->cols != 2 && a->cols != 3)
		return false; /* mat4: vc_tgsi_builtin.c */
	tmp = tg_temp(t);
	if (a->cols == 2) {
		dst = result(t, in);
		tg_op2(t, "MUL", tmp, ".x", tg_comp(c0, 1), tg_comp(c1, 0));
		tg_op3(t, "MAD", dst, ".x", tg_comp(c0, 0), tg_comp(c1, 1), tg_neg(tg_comp(tmp, 0)));
		return true;
	}
	/* dot(c0, cross(c1, c2)) */
	struct tg_reg c2 = tg_src_slot(t, in->srcs[0], 2), x = tg_temp(t);
	dst = result(t, in);
	tg_op2(t, "MUL", tmp, ".xyz", tg_swizzle(c1, 1, 2, 0, 0), tg_swizzle(c2, 2, 0, 1, 1));
	tg_op3(t, "MAD", x, ".xyz", tg_neg(tg_swizzle(c1, 2, 0, 1, 1)), tg_swizzle(c2, 1, 2, 0, 0), tmp);
	tg_op2(t, "DP3", dst, ".x", c0, x);
	return true;
}

bool tg_emit_matrix(struct tg *t, const struct vc_instr *in)
{
	switch (in->op) {
	case VC_OP_MAT_TIMES_VEC: case VC_OP_VEC_TIMES_MAT: case VC_OP_MAT_TIMES_MAT:
	case VC_OP_MAT_TIMES_SCALAR:
		emit_mat_mul(t, in);
		return true;
	case VC_OP_TRANSPOSE: case VC_OP_OUTER_PRODUCT:
		emit_transpose_outer(t, in);
		return true;
	case VC_OP_DETERMINANT:
		return emit_determinant(t, in);
	default:
		return false;
	}
}
