/* SPDX-License-Identifier: MIT */
/*
 * Evaluating component-wise ops on constant 32-bit words, for constant
 * folding. Floats are evaluated in IEEE single precision as the host's GPU
 * does (GLSL ES leaves NaN and Inf behaviour open; like Mesa we fold with the
 * CPU's IEEE results). Integer ops wrap. Only ops whose result does not
 * depend on the GPU (no transcendental approximations, no derivatives) are
 * evaluated; division by an integer zero is left to the GPU.
 * Booleans are 1 / 0 words, as the SPIR-V reader makes them.
 */
#include <math.h>
#include <string.h>

#include "vc_opt_private.h"

static float f32(uint32_t w)
{
	float f;

	memcpy(&f, &w, 4);
	return f;
}

static uint32_t w32(float f)
{
	uint32_t w;

	memcpy(&w, &f, 4);
	return w;
}

static bool eval_float(enum vc_op op, float a, float b, float c, uint32_t *out)
{
	switch (op) {
	case VC_OP_FNEG: *out = w32(-a); return true;
	case VC_OP_FADD: *out = w32(a + b); return true;
	case VC_OP_FSUB: *out = w32(a - b); return true;
	case VC_OP_FMUL: *out = w32(a * b); return true;
	case VC_OP_FDIV: *out = w32(a / b); return true;
	case VC_OP_FABS: *out = w32(fabsf(a)); return true;
	case VC_OP_FSIGN: *out = w32(a > 0.0f ? 1.0f : a < 0.0f ? -1.0f : 0.0f); return true;
	case VC_OP_FLOOR: *out = w32(floorf(a)); return true;
	case VC_OP_FCEIL: *out = w32(ceilf(a)); return true;
	case VC_OP_FTRUNC: *out = w32(truncf(a)); return true;
	case VC_OP_FFRACT: *out = w32(a - floorf(a)); return true;
	case VC_OP_FMIN: *out = w32(fminf(a, b)); return true;
	case VC_OP_FMAX: *out = w32(fmaxf(a, b)); return true;
	case VC_OP_FCLAMP: *out = w32(fminf(fmaxf(a, b), c)); return true;
	case VC_OP_FMIX: *out = w32(a * (1.0f - c) + b * c); return true;
	case VC_OP_FSTEP: *out = w32(b < a ? 0.0f : 1.0f); return true;
	case VC_OP_FSQRT: *out = w32(sqrtf(a)); return true;
	case VC_OP_FRADIANS: *out = w32(a * (float)(M_PI / 180.0)); return true;
	case VC_OP_FDEGREES: *out = w32(a * (float)(180.0 / M_PI)); return true;
	default: return false;
	}
}

static bool eval_float_cmp(enum vc_op op, float a, float b, uint32_t *out)
{
	switch (op) {
	case VC_OP_FEQ: *out = a == b; return true;
	case VC_OP_FNE: *out = !(a == b); return true;  /* TGSI FSNE: true for NaN */
	case VC_OP_FLT: *out = a < b; return true;
	case VC_OP_FLE: *out = a <= b; return true;
	case VC_OP_FGT: *out = a > b; return true;
	case VC_OP_FGE: *out = a >= b; return true;
	case VC_OP_F2I: *out = (uint32_t)(a >= 2147483648.0f ? INT32_MAX : a <= -2147483648.0f ?
					  INT32_MIN : a != a ? 0 : (int32_t)a); return true;
	case VC_OP_F2U: *out = a >= 4294967296.0f ? UINT32_MAX : a <= 0.0f || a != a ? 0 :
			       (uint32_t)a; return true;
	default: return false;
	}
}

static bool eval_int(enum vc_op op, uint32_t a, uint32_t b, uint32_t c, uint32_t *out)
{
	int32_t ia = (int32_t)a, ib = (int32_t)b, ic = (int32_t)c;

	switch (op) {
	case VC_OP_INEG: *out = 0u - a; return true;
	case VC_OP_IADD: *out = a + b; return true;
	case VC_OP_ISUB: *out = a - b; return true;
	case VC_OP_IMUL: *out = a * b; return true;
	case VC_OP_UMUL_HI: *out = (uint32_t)((uint64_t)a * b >> 32); return true;
	case VC_OP_IMUL_HI: *out = (uint32_t)((uint64_t)((int64_t)ia * ib) >> 32); return true;
	case VC_OP_IAND: *out = a & b; return true;
	case VC_OP_IOR: *out = a | b; return true;
	case VC_OP_IXOR: *out = a ^ b; return true;
	case VC_OP_INOT: *out = ~a; return true;
	case VC_OP_ISHL: *out = a << (b & 31); return true;
	case VC_OP_USHR: *out = a >> (b & 31); return true;
	case VC_OP_ISHR: *out = (uint32_t)(ia < 0 ? ~(~ia >> (b & 31)) : ia >> (b & 31)); return true;
	case VC_OP_IABS: *out = ia < 0 ? 0u - a : a; return true;
	case VC_OP_ISIGN: *out = (uint32_t)(ia > 0 ? 1 : ia < 0 ? -1 : 0); return true;
	case VC_OP_IMIN: *out = (uint32_t)(ia < ib ? ia : ib); return true;
	case VC_OP_IMAX: *out = (uint32_t)(ia > ib ? ia : ib); return true;
	case VC_OP_UMIN: *out = a < b ? a : b; return true;
	case VC_OP_UMAX: *out = a > b ? a : b; return true;
	case VC_OP_ICLAMP: *out = (uint32_t)(ia < ib ? ib : ia > ic ? ic : ia); return true;
	case VC_OP_UCLAMP: *out = a < b ? b : a > c ? c : a; return true;
	case VC_OP_UDIV: if (!b) return false; *out = a / b; return true;
	case VC_OP_UMOD: if (!b) return false; *out = a % b; return true;
	default: return false;
	}
}

static bool eval_int_cmp(enum vc_op op, uint32_t a, uint32_t b, uint32_t *out)
{
	int32_t ia = (int32_t)a, ib = (int32_t)b;

	switch (op) {
	case VC_OP_IEQ: *out = a == b; return true;
	case VC_OP_INE: *out = a != b; return true;
	case VC_OP_ILT: *out = ia < ib; return true;
	case VC_OP_ILE: *out = ia <= ib; return true;
	case VC_OP_IGT: *out = ia > ib; return true;
	case VC_OP_IGE: *out = ia >= ib; return true;
	case VC_OP_ULT: *out = a < b; return true;
	case VC_OP_ULE: *out = a <= b; return true;
	case VC_OP_UGT: *out = a > b; return true;
	case VC_OP_UGE: *out = a >= b; return true;
	case VC_OP_I2F: *out = w32((float)ia); return true;
	case VC_OP_U2F: *out = w32((float)a); return true;
	default: return false;
	}
}

static bool eval_bool(enum vc_op op, uint32_t a, uint32_t b, uint32_t c, uint32_t *out)
{
	switch (op) {
	case VC_OP_LAND: *out = (a && b); return true;
	case VC_OP_LOR: *out = (a || b); return true;
	case VC_OP_LNOT: *out = !a; return true;
	case VC_OP_LEQ: *out = !a == !b; return true;
	case VC_OP_LNE: *out = !a != !b; return true;
	case VC_OP_SELECT: *out = a ? b : c; return true;
	default: return false;
	}
}

/* One component; `base` is the operands' base type (a SELECT's: its condition's). */
bool opt_eval_op(enum vc_op op, enum vc_base base, const uint32_t *a, const uint32_t *b,
		 const uint32_t *c, uint32_t *out)
{
	uint32_t x = *a, y = b ? *b : 0, z = c ? *c : 0;

	if (op == VC_OP_BITCAST) {
		*out = x;
		return true;
	}
	if (base == VC_BASE_BOOL)
		return eval_bool(op, x, y, z, out);
	if (base == VC_BASE_FLOAT)
		return eval_float(op, f32(x), f32(y), f32(z), out) ||
		       eval_float_cmp(op, f32(x), f32(y), out);
	return eval_int(op, x, y, z, out) || eval_int_cmp(op, x, y, out);
}
