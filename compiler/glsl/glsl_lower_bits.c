/* SPDX-License-Identifier: MIT */
/*
 * GLSL ES 3.10 built-ins on the bits of floats and uints, as integer and
 * float IR ops (no IR op, SPIR-V instruction or TGSI opcode of their own):
 *  - frexp(x, out e): the exponent field rebased so that the mantissa is in
 *    [0.5, 1); zero gives (0, 0); denormals, infinities and NaN are
 *    undefined (ES 3.10 §8.3);
 *  - pack/unpack{Unorm,Snorm}4x8 (§8.4): a byte per component, x lowest;
 *  - uaddCarry, usubBorrow (§8.8): the wrapped sum or difference, and the
 *    carry (sum < x) or borrow (x < y) as 0/1;
 *  - umulExtended, imulExtended (§8.8): IMUL and UMUL_HI/IMUL_HI, the IR ops
 *    of TGSI's UMUL and UMUL_HI/IMUL_HI.
 */
#include "glsl_builtins_table.h"
#include "glsl_lower_private.h"

static vc_value_id splat_u(struct lw *w, enum vc_base base, uint32_t v, unsigned n)
{
	return lw_splat(w, lw_const_u32(w, base, v), n);
}

static unsigned width_of(const struct glsl_type *t)
{
	return t->kind == GLSL_KIND_VECTOR ? t->rows : 1;
}

static vc_value_id frexp_exponent(struct lw *w, vc_value_id bits, unsigned n)
{
	vc_type_id ut = vc_type_vector(w->m, VC_BASE_UINT, n);
	vc_type_id it = vc_type_vector(w->m, VC_BASE_INT, n);
	vc_value_id e = lw_op3(w, VC_OP_UBFE, ut, bits, lw_const_u32(w, VC_BASE_INT, 23),
			       lw_const_u32(w, VC_BASE_INT, 8));

	e = lw_op1(w, VC_OP_BITCAST, it, e);
	return lw_op2(w, VC_OP_IADD, it, e, splat_u(w, VC_BASE_INT, (uint32_t)-126, n));
}

/* The sign and the mantissa of x with the exponent of 0.5. */
static vc_value_id frexp_mantissa(struct lw *w, vc_value_id bits, vc_type_id ft, unsigned n)
{
	vc_type_id ut = vc_type_vector(w->m, VC_BASE_UINT, n);
	vc_value_id m = lw_op2(w, VC_OP_IAND, ut, bits, splat_u(w, VC_BASE_UINT, 0x807fffffu, n));

	m = lw_op2(w, VC_OP_IOR, ut, m, splat_u(w, VC_BASE_UINT, 0x3f000000u, n));
	return lw_op1(w, VC_OP_BITCAST, ft, m);
}

static vc_value_id recipe_frexp(struct lw *w, const struct glsl_type *rt, const vc_value_id *v,
				const struct lw_ref *out)
{
	unsigned n = width_of(rt);
	vc_type_id ft = lw_type(w, rt), it = vc_type_vector(w->m, VC_BASE_INT, n);
	vc_value_id bits = lw_op1(w, VC_OP_BITCAST, vc_type_vector(w->m, VC_BASE_UINT, n), v[0]);
	vc_value_id zero = lw_op2(w, VC_OP_FEQ, vc_type_vector(w->m, VC_BASE_BOOL, n), v[0],
				  lw_splat(w, lw_const_f(w, 0.0f), n));
	vc_value_id e = frexp_exponent(w, bits, n), m = frexp_mantissa(w, bits, ft, n);

	lw_ref_store(w, &out[1], lw_op3(w, VC_OP_SELECT, it, zero,
					splat_u(w, VC_BASE_INT, 0, n), e));
	return lw_op3(w, VC_OP_SELECT, ft, zero, v[0], m);
}

/* round(clamp(c, lo, 1) * scale) per component, each in its byte. */
static vc_value_id pack_4x8(struct lw *w, vc_value_id v, bool snorm)
{
	vc_type_id v4 = vc_type_vector(w->m, VC_BASE_FLOAT, 4);
	vc_type_id i4 = vc_type_vector(w->m, snorm ? VC_BASE_INT : VC_BASE_UINT, 4);
	vc_value_id c = lw_op3(w, VC_OP_FCLAMP, v4, v, lw_splat(w, lw_const_f(w, snorm ? -1.0f : 0.0f), 4),
			       lw_splat(w, lw_const_f(w, 1.0f), 4));
	vc_value_id r = 0;

	c = lw_op2(w, VC_OP_FMUL, v4, c, lw_splat(w, lw_const_f(w, snorm ? 127.0f : 255.0f), 4));
	c = lw_op1(w, VC_OP_FROUND, v4, c);
	c = lw_op1(w, snorm ? VC_OP_F2I : VC_OP_F2U, i4, c);
	c = lw_op1(w, VC_OP_BITCAST, vc_type_vector(w->m, VC_BASE_UINT, 4), c);
	for (uint32_t i = 0; i < 4; i++) {
		/* a negative snorm's sign bits above its byte are cut off */
		vc_value_id b = lw_op2(w, VC_OP_IAND, w->t_uint, lw_extract(w, c, i),
				       lw_const_u32(w, VC_BASE_UINT, 0xff));

		b = lw_op2(w, VC_OP_ISHL, w->t_uint, b, lw_const_u32(w, VC_BASE_UINT, 8 * i));
		r = i ? lw_op2(w, VC_OP_IOR, w->t_uint, r, b) : b;
	}
	return r;
}

/* unorm: byte / 255; snorm: max(signed byte / 127, -1). */
static vc_value_id unpack_4x8(struct lw *w, vc_value_id p, bool snorm)
{
	vc_type_id v4 = vc_type_vector(w->m, VC_BASE_FLOAT, 4);
	vc_value_id x = snorm ? lw_op1(w, VC_OP_BITCAST, w->t_int, p) : p, c[4], r;

	for (uint32_t i = 0; i < 4; i++) {
		c[i] = lw_op3(w, snorm ? VC_OP_IBFE : VC_OP_UBFE, snorm ? w->t_int : w->t_uint, x,
			      lw_const_u32(w, VC_BASE_INT, 8 * i), lw_const_u32(w, VC_BASE_INT, 8));
		c[i] = lw_op1(w, snorm ? VC_OP_I2F : VC_OP_U2F, w->t_float, c[i]);
	}
	r = lw_op(w, VC_OP_CONSTRUCT, v4, c, 4);
	r = lw_op2(w, VC_OP_FDIV, v4, r, lw_splat(w, lw_const_f(w, snorm ? 127.0f : 255.0f), 4));
	return snorm ? lw_op2(w, VC_OP_FMAX, v4, r, lw_splat(w, lw_const_f(w, -1.0f), 4)) : r;
}

/* The wrapped x + y or x - y; the carry or borrow (0 or 1) to out[2]. */
static vc_value_id add_sub_carry(struct lw *w, const struct glsl_type *rt, const vc_value_id *v,
				 const struct lw_ref *out, bool sub)
{
	unsigned n = width_of(rt);
	vc_type_id ut = lw_type(w, rt);
	vc_value_id r = lw_op2(w, sub ? VC_OP_ISUB : VC_OP_IADD, ut, v[0], v[1]);
	vc_value_id c = lw_op2(w, VC_OP_ULT, vc_type_vector(w->m, VC_BASE_BOOL, n),
			       sub ? v[0] : r, sub ? v[1] : v[0]);

	lw_ref_store(w, &out[2], lw_op3(w, VC_OP_SELECT, ut, c, splat_u(w, VC_BASE_UINT, 1, n),
					splat_u(w, VC_BASE_UINT, 0, n)));
	return r;
}

/* The 64-bit product's high word to out[2], its low word to out[3]. */
static void mul_extended(struct lw *w, const vc_value_id *v, const struct lw_ref *out, enum vc_op hi)
{
	vc_type_id t = vc_value_get(w->m, v[0])->type;

	lw_ref_store(w, &out[2], lw_op2(w, hi, t, v[0], v[1]));
	lw_ref_store(w, &out[3], lw_op2(w, VC_OP_IMUL, t, v[0], v[1]));
}

bool lw_bits_recipe(struct lw *w, unsigned recipe, const struct glsl_type *rt,
		    const vc_value_id *v, const struct lw_ref *out, vc_value_id *result)
{
	switch (recipe) {
	case GLSL_BI_RECIPE_FREXP: *result = recipe_frexp(w, rt, v, out); return true;
	case GLSL_BI_RECIPE_PACK_UNORM_4X8: *result = pack_4x8(w, v[0], false); return true;
	case GLSL_BI_RECIPE_PACK_SNORM_4X8: *result = pack_4x8(w, v[0], true); return true;
	case GLSL_BI_RECIPE_UNPACK_UNORM_4X8: *result = unpack_4x8(w, v[0], false); return true;
	case GLSL_BI_RECIPE_UNPACK_SNORM_4X8: *result = unpack_4x8(w, v[0], true); return true;
	case GLSL_BI_RECIPE_UADD_CARRY: *result = add_sub_carry(w, rt, v, out, false); return true;
	case GLSL_BI_RECIPE_USUB_BORROW: *result = add_sub_carry(w, rt, v, out, true); return true;
	case GLSL_BI_RECIPE_UMUL_EXTENDED: mul_extended(w, v, out, VC_OP_UMUL_HI); break;
	case GLSL_BI_RECIPE_IMUL_EXTENDED: mul_extended(w, v, out, VC_OP_IMUL_HI); break;
	default: return false;
	}
	*result = 0;  /* void */
	return true;
}
