/* SPDX-License-Identifier: MIT */
/*
 * KHR_blend_equation_advanced in the fragment shader: colour output 0's
 * value is blended with the framebuffer's (FBFETCH of the output) by one
 * equation known when the pipeline is made, and the result is what the
 * shader writes; the host's blending is off for that render target.
 * virglrenderer 0.10.4 applies the equation itself only on hosts without
 * framebuffer fetch (vrend_draw_vbo), so on hosts with it the guest must.
 *
 * The equations are those of the extension's tables X.1 and X.2 with
 * X = Y = Z = 1 (premultiplied colours):
 *   RGB = f(Cs', Cd') As Ad + Cs' As (1 - Ad) + Cd' Ad (1 - As)
 *   A   = As + Ad - As Ad
 * where Cs' = Cs / As and Cd' = Cd / Ad (0 where the alpha is 0).
 * The source is clamped to [0, 1] first, as for a fixed-point buffer.
 */
#include <string.h>

#include "vc_tgsi_private.h"

/* The registers the equations work on (TEMPs; rgb in .xyz). */
struct blend_regs {
	struct tg_reg s, d;   /* clamped source, destination (premultiplied) */
	struct tg_reg cs, cd; /* unpremultiplied */
	struct tg_reg f;      /* f(Cs', Cd') */
};

static struct tg_reg imm(struct tg *t, float v)
{
	return tg_imm_f32(t, v);
}

/* dst.xyz = 1 / a.xyz (RCP is scalar in TGSI). */
static void rcp3(struct tg *t, struct tg_reg dst, struct tg_reg a)
{
	static const char *const chans[] = { ".x", ".y", ".z" };

	for (unsigned c = 0; c < 3; c++)
		tg_op1(t, "RCP", dst, chans[c], tg_comp(a, c));
}

/* c / alpha.xxxx where alpha > 0, else 0. */
static struct tg_reg unpremultiply(struct tg *t, struct tg_reg c)
{
	struct tg_reg r = tg_temp(t), q = tg_temp(t);

	tg_op1(t, "RCP", r, ".x", tg_comp(c, 3));
	tg_op2(t, "MUL", q, ".xyz", c, tg_comp(r, 0));
	tg_op3(t, "CMP", q, ".xyz", tg_neg(tg_comp(c, 3)), q, imm(t, 0.0f));
	return q;
}

/* dst = cond < 0 ? a : b, on .xyz */
static void select3(struct tg *t, struct tg_reg dst, struct tg_reg cond, struct tg_reg a,
		    struct tg_reg b)
{
	tg_op3(t, "CMP", dst, ".xyz", cond, a, b);
}

/* 1 - 2 (1 - x)(1 - y), the screen half of overlay and hard light */
static struct tg_reg screen2(struct tg *t, struct tg_reg x, struct tg_reg y)
{
	struct tg_reg u = tg_temp(t), v = tg_temp(t);

	tg_op2(t, "ADD", u, ".xyz", imm(t, 1.0f), tg_neg(x));
	tg_op2(t, "ADD", v, ".xyz", imm(t, 1.0f), tg_neg(y));
	tg_op2(t, "MUL", u, ".xyz", u, v);
	tg_op3(t, "MAD", u, ".xyz", u, imm(t, -2.0f), imm(t, 1.0f));
	return u;
}

/* OVERLAY (by y) and HARDLIGHT (by x): 2xy where the key <= 0.5, else screen2. */
static void overlay(struct tg *t, const struct blend_regs *b, struct tg_reg key)
{
	struct tg_reg m = tg_temp(t), c = tg_temp(t), sc = screen2(t, b->cs, b->cd);

	tg_op2(t, "MUL", m, ".xyz", b->cs, b->cd);
	tg_op2(t, "ADD", m, ".xyz", m, m);
	tg_op2(t, "ADD", c, ".xyz", imm(t, 0.5f), tg_neg(key));
	select3(t, b->f, c, sc, m);
}

/* COLORDODGE: 0 if y <= 0, 1 if x >= 1, else min(1, y / (1 - x)). */
static void color_dodge(struct tg *t, const struct blend_regs *b)
{
	struct tg_reg u = tg_temp(t), r = tg_temp(t), c = tg_temp(t);

	tg_op2(t, "ADD", u, ".xyz", imm(t, 1.0f), tg_neg(b->cs));
	rcp3(t, r, u);
	tg_op2(t, "MUL", r, ".xyz", b->cd, r);
	tg_op2(t, "MIN", r, ".xyz", r, imm(t, 1.0f));
	tg_op2(t, "ADD", c, ".xyz", b->cs, imm(t, -1.0f));
	select3(t, r, c, r, imm(t, 1.0f));
	select3(t, b->f, tg_neg(b->cd), r, imm(t, 0.0f));
}

/* COLORBURN: 1 if y >= 1, 0 if x <= 0, else 1 - min(1, (1 - y) / x). */
static void color_burn(struct tg *t, const struct blend_regs *b)
{
	struct tg_reg v = tg_temp(t), r = tg_temp(t), c = tg_temp(t);

	rcp3(t, r, b->cs);
	tg_op2(t, "ADD", v, ".xyz", imm(t, 1.0f), tg_neg(b->cd));
	tg_op2(t, "MUL", r, ".xyz", v, r);
	tg_op2(t, "MIN", r, ".xyz", r, imm(t, 1.0f));
	tg_op2(t, "ADD", r, ".xyz", imm(t, 1.0f), tg_neg(r));
	select3(t, r, tg_neg(b->cs), r, imm(t, 0.0f));
	tg_op2(t, "ADD", c, ".xyz", b->cd, imm(t, -1.0f));
	select3(t, b->f, c, r, imm(t, 1.0f));
}

/* SOFTLIGHT, with k = 2x - 1:
 *   x <= 0.5:  y + k y (1 - y)
 *   y <= 0.25: y + k y ((16y - 12) y + 3)
 *   else:      y + k (sqrt(y) - y) */
static void soft_light(struct tg *t, const struct blend_regs *b)
{
	struct tg_reg k = tg_temp(t), a = tg_temp(t), g = tg_temp(t), h = tg_temp(t);
	struct tg_reg c = tg_temp(t), x = b->cs, y = b->cd;

	tg_op3(t, "MAD", k, ".xyz", x, imm(t, 2.0f), imm(t, -1.0f));
	tg_op2(t, "ADD", a, ".xyz", imm(t, 1.0f), tg_neg(y));
	tg_op2(t, "MUL", a, ".xyz", a, y);
	tg_op3(t, "MAD", a, ".xyz", k, a, y);
	tg_op3(t, "MAD", g, ".xyz", y, imm(t, 16.0f), imm(t, -12.0f));
	tg_op3(t, "MAD", g, ".xyz", g, y, imm(t, 3.0f));
	tg_op2(t, "MUL", g, ".xyz", g, y);
	tg_op3(t, "MAD", g, ".xyz", k, g, y);
	for (unsigned i = 0; i < 3; i++)
		tg_op1(t, "SQRT", h, i == 0 ? ".x" : i == 1 ? ".y" : ".z", tg_comp(y, i));
	tg_op2(t, "ADD", h, ".xyz", h, tg_neg(y));
	tg_op3(t, "MAD", h, ".xyz", k, h, y);
	tg_op2(t, "ADD", c, ".xyz", imm(t, 0.25f), tg_neg(y));
	select3(t, h, c, h, g);
	tg_op2(t, "ADD", c, ".xyz", imm(t, 0.5f), tg_neg(x));
	select3(t, b->f, c, h, a);
}

/* ---- the HSL equations ------------------------------------------------------------------ */

static struct tg_reg lum(struct tg *t, struct tg_reg c)
{
	static const float w[3] = { 0.30f, 0.59f, 0.11f };
	uint32_t words[3];
	struct tg_reg l = tg_temp(t);

	memcpy(words, w, sizeof(words));
	tg_op2(t, "DP3", l, ".x", c, tg_imm_vec(t, VC_BASE_FLOAT, words, 3));
	return tg_comp(l, 0);
}

/* .x = min of c's rgb, .y = max */
static struct tg_reg min_max(struct tg *t, struct tg_reg c)
{
	struct tg_reg r = tg_temp(t);

	tg_op2(t, "MIN", r, ".x", tg_comp(c, 0), tg_comp(c, 1));
	tg_op2(t, "MIN", r, ".x", tg_comp(r, 0), tg_comp(c, 2));
	tg_op2(t, "MAX", r, ".y", tg_comp(c, 0), tg_comp(c, 1));
	tg_op2(t, "MAX", r, ".y", tg_comp(r, 1), tg_comp(c, 2));
	return r;
}

/* c = l + (c - l) * num / den where cond < 0 (cond, num, den broadcast). */
static void clip_toward(struct tg *t, struct tg_reg c, struct tg_reg l, struct tg_reg cond,
			struct tg_reg num, struct tg_reg den)
{
	struct tg_reg r = tg_temp(t), v = tg_temp(t);

	tg_op1(t, "RCP", r, ".x", den);
	tg_op2(t, "MUL", r, ".x", tg_comp(r, 0), num);
	tg_op2(t, "ADD", v, ".xyz", c, tg_neg(l));
	tg_op3(t, "MAD", v, ".xyz", v, tg_comp(r, 0), l);
	select3(t, c, cond, v, c);
}

/* SetLum(c, L) with its ClipColor: c is rewritten. */
static void set_lum(struct tg *t, struct tg_reg c, struct tg_reg L)
{
	struct tg_reg d = tg_temp(t), mm, l, den = tg_temp(t), one_l = tg_temp(t);

	tg_op2(t, "ADD", d, ".x", L, tg_neg(lum(t, c)));
	tg_op2(t, "ADD", c, ".xyz", c, tg_comp(d, 0));
	l = lum(t, c);
	mm = min_max(t, c);
	tg_op2(t, "ADD", den, ".x", l, tg_neg(tg_comp(mm, 0)));
	clip_toward(t, c, l, tg_comp(mm, 0), l, tg_comp(den, 0));
	tg_op2(t, "ADD", den, ".x", tg_comp(mm, 1), tg_neg(l));
	tg_op2(t, "ADD", one_l, ".x", imm(t, 1.0f), tg_neg(l));
	tg_op2(t, "ADD", d, ".x", imm(t, 1.0f), tg_neg(tg_comp(mm, 1)));
	clip_toward(t, c, l, tg_comp(d, 0), tg_comp(one_l, 0), tg_comp(den, 0));
}

/* dst = SetSat(base, sat's saturation) */
static void set_sat(struct tg *t, struct tg_reg dst, struct tg_reg base, struct tg_reg sat)
{
	struct tg_reg mb = min_max(t, base), ms = min_max(t, sat), k = tg_temp(t);

	tg_op2(t, "ADD", k, ".x", tg_comp(mb, 1), tg_neg(tg_comp(mb, 0)));  /* sbase */
	tg_op2(t, "ADD", k, ".y", tg_comp(ms, 1), tg_neg(tg_comp(ms, 0)));  /* ssat */
	tg_op1(t, "RCP", k, ".z", tg_comp(k, 0));
	tg_op2(t, "MUL", k, ".z", tg_comp(k, 2), tg_comp(k, 1));
	tg_op2(t, "ADD", dst, ".xyz", base, tg_neg(tg_comp(mb, 0)));
	tg_op2(t, "MUL", dst, ".xyz", dst, tg_comp(k, 2));
	select3(t, dst, tg_neg(tg_comp(k, 0)), dst, imm(t, 0.0f));
}

static void hsl(struct tg *t, const struct blend_regs *b, enum vc_advanced_blend e)
{
	if (e == VC_BLEND_HSL_HUE)
		set_sat(t, b->f, b->cs, b->cd);
	else if (e == VC_BLEND_HSL_SATURATION)
		set_sat(t, b->f, b->cd, b->cs);
	else
		tg_op1(t, "MOV", b->f, ".xyz", e == VC_BLEND_HSL_COLOR ? b->cs : b->cd);
	set_lum(t, b->f, lum(t, e == VC_BLEND_HSL_LUMINOSITY ? b->cs : b->cd));
}

/* ---- the separable equations -------------------------------------------------------------- */

static void separable(struct tg *t, const struct blend_regs *b, enum vc_advanced_blend e)
{
	struct tg_reg x = b->cs, y = b->cd, m = tg_temp(t), s = tg_temp(t);

	switch (e) {
	case VC_BLEND_MULTIPLY: tg_op2(t, "MUL", b->f, ".xyz", x, y); break;
	case VC_BLEND_DARKEN: tg_op2(t, "MIN", b->f, ".xyz", x, y); break;
	case VC_BLEND_LIGHTEN: tg_op2(t, "MAX", b->f, ".xyz", x, y); break;
	case VC_BLEND_OVERLAY: overlay(t, b, y); break;
	case VC_BLEND_HARDLIGHT: overlay(t, b, x); break;
	case VC_BLEND_COLORDODGE: color_dodge(t, b); break;
	case VC_BLEND_COLORBURN: color_burn(t, b); break;
	case VC_BLEND_SOFTLIGHT: soft_light(t, b); break;
	case VC_BLEND_DIFFERENCE:
		tg_op2(t, "ADD", m, ".xyz", x, tg_neg(y));
		tg_op1(t, "MOV", b->f, ".xyz", tg_abs(m));
		break;
	default: /* SCREEN: x + y - xy; EXCLUSION: x + y - 2xy */
		tg_op2(t, "ADD", s, ".xyz", x, y);
		tg_op2(t, "MUL", m, ".xyz", x, y);
		tg_op3(t, "MAD", b->f, ".xyz", m, imm(t, e == VC_BLEND_SCREEN ? -1.0f : -2.0f), s);
		break;
	}
}

/* RGB = f As Ad + Cs' As (1 - Ad) + Cd' Ad (1 - As); A = As + Ad - As Ad */
static void combine(struct tg *t, const struct blend_regs *b, struct tg_reg out)
{
	struct tg_reg as = tg_comp(b->s, 3), ad = tg_comp(b->d, 3);
	struct tg_reg k = tg_temp(t), r = tg_temp(t), p = tg_temp(t);

	tg_op2(t, "MUL", k, ".x", as, ad);
	tg_op2(t, "ADD", k, ".y", imm(t, 1.0f), tg_neg(ad));
	tg_op2(t, "ADD", k, ".z", imm(t, 1.0f), tg_neg(as));
	tg_op2(t, "MUL", r, ".xyz", b->f, tg_comp(k, 0));
	tg_op2(t, "MUL", p, ".xyz", b->cs, as);
	tg_op3(t, "MAD", r, ".xyz", p, tg_comp(k, 1), r);
	tg_op2(t, "MUL", p, ".xyz", b->cd, ad);
	tg_op3(t, "MAD", r, ".xyz", p, tg_comp(k, 2), r);
	tg_op2(t, "ADD", p, ".x", as, ad);
	tg_op3(t, "MAD", r, ".w", tg_neg(as), ad, tg_comp(p, 0));
	tg_op1(t, "MOV", out, "", r);
}

void tg_emit_advanced_blend(struct tg *t, struct tg_reg src, struct tg_reg out)
{
	struct blend_regs b = { .s = tg_temp(t), .d = tg_temp(t), .f = tg_temp(t) };
	enum vc_advanced_blend e = t->advanced_blend;

	tg_op1(t, "MOV_SAT", b.s, "", src);
	tg_op1(t, "FBFETCH", b.d, "", out);
	b.cs = unpremultiply(t, b.s);
	b.cd = unpremultiply(t, b.d);
	if (e >= VC_BLEND_HSL_HUE)
		hsl(t, &b, e);
	else
		separable(t, &b, e);
	combine(t, &b, out);
}
