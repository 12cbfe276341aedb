/* SPDX-License-Identifier: MIT */
/*
 * Constant folding for constant expressions: operators, constructors and
 * the built-in functions (ES: every built-in but the texture functions is
 * a constant expression when its arguments are). Values are flat arrays of
 * 32-bit components (glsl_sema.h). Arithmetic follows the target: float
 * math in single precision, integers wrap (two's complement), division by
 * zero gives 0 rather than trapping the compiler.
 */
#include <math.h>
#include <string.h>

#include "glsl_builtins_table.h"
#include "glsl_sema_private.h"

union glsl_cval *glsl_const_alloc(struct glsl_sema *s, const struct glsl_type *t)
{
	uint32_t n = glsl_type_components(t);

	return glsl_sema_alloc(s, (n ? n : 1) * sizeof(union glsl_cval));
}

bool glsl_const_equal(const struct glsl_type *t, const union glsl_cval *a,
		      const union glsl_cval *b)
{
	uint32_t n;

	if (t->kind == GLSL_KIND_ARRAY) {
		uint32_t step = glsl_type_components(t->elem);

		for (uint32_t i = 0; i < t->length; i++)
			if (!glsl_const_equal(t->elem, a + i * step, b + i * step))
				return false;
		return true;
	}
	if (t->kind == GLSL_KIND_STRUCT) {
		for (uint32_t i = 0; i < t->nr_fields; i++) {
			if (!glsl_const_equal(t->fields[i].type, a, b))
				return false;
			n = glsl_type_components(t->fields[i].type);
			a += n;
			b += n;
		}
		return true;
	}
	n = glsl_type_components(t);
	for (uint32_t i = 0; i < n; i++)
		if (t->base == GLSL_BASE_FLOAT ? a[i].f != b[i].f : a[i].u != b[i].u)
			return false;
	return true;
}

/* ---- operators ------------------------------------------------------------ */

const union glsl_cval *glsl_fold_unary(struct glsl_sema *s, enum glsl_tok op,
				       const struct glsl_type *t, const union glsl_cval *a)
{
	uint32_t n = glsl_type_components(t);
	union glsl_cval *r = glsl_const_alloc(s, t);

	if (!r)
		return NULL;
	for (uint32_t i = 0; i < n; i++) {
		switch (op) {
		case GLSL_TOK_MINUS:
			if (t->base == GLSL_BASE_FLOAT)
				r[i].f = -a[i].f;
			else
				r[i].u = 0u - a[i].u;
			break;
		case GLSL_TOK_BANG: r[i].u = !a[i].u; break;
		case GLSL_TOK_TILDE: r[i].u = ~a[i].u; break;
		default: r[i] = a[i]; break;
		}
	}
	return r;
}

static uint32_t shift_amount(uint32_t b)
{
	return b & 31u;
}

static union glsl_cval int_op(enum glsl_tok op, bool is_signed, union glsl_cval a,
			      union glsl_cval b)
{
	union glsl_cval r = { .u = 0 };

	switch (op) {
	case GLSL_TOK_PLUS: r.u = a.u + b.u; break;
	case GLSL_TOK_MINUS: r.u = a.u - b.u; break;
	case GLSL_TOK_STAR: r.u = a.u * b.u; break;
	case GLSL_TOK_SLASH:
		if (!b.u)
			break;
		if (is_signed)
			r.i = (a.i == INT32_MIN && b.i == -1) ? a.i : a.i / b.i;
		else
			r.u = a.u / b.u;
		break;
	case GLSL_TOK_PERCENT:
		if (!b.u)
			break;
		if (is_signed)
			r.i = (b.i == -1) ? 0 : a.i % b.i;
		else
			r.u = a.u % b.u;
		break;
	case GLSL_TOK_AMP: r.u = a.u & b.u; break;
	case GLSL_TOK_BAR: r.u = a.u | b.u; break;
	case GLSL_TOK_CARET: r.u = a.u ^ b.u; break;
	case GLSL_TOK_LEFT: r.u = a.u << shift_amount(b.u); break;
	case GLSL_TOK_RIGHT:
		r.u = is_signed ? (uint32_t)(a.i >> shift_amount(b.u)) : a.u >> shift_amount(b.u);
		break;
	default: break;
	}
	return r;
}

static union glsl_cval float_op(enum glsl_tok op, union glsl_cval a, union glsl_cval b)
{
	union glsl_cval r = { .u = 0 };

	switch (op) {
	case GLSL_TOK_PLUS: r.f = a.f + b.f; break;
	case GLSL_TOK_MINUS: r.f = a.f - b.f; break;
	case GLSL_TOK_STAR: r.f = a.f * b.f; break;
	case GLSL_TOK_SLASH: r.f = a.f / b.f; break;
	default: break;
	}
	return r;
}

static bool compare(enum glsl_tok op, enum glsl_base base, union glsl_cval a, union glsl_cval b)
{
	int c;

	if (base == GLSL_BASE_FLOAT)
		c = a.f < b.f ? -1 : a.f > b.f ? 1 : 0;
	else if (base == GLSL_BASE_INT)
		c = a.i < b.i ? -1 : a.i > b.i ? 1 : 0;
	else
		c = a.u < b.u ? -1 : a.u > b.u ? 1 : 0;
	switch (op) {
	case GLSL_TOK_LT: return c < 0;
	case GLSL_TOK_GT: return c > 0;
	case GLSL_TOK_LE: return c <= 0 && !(base == GLSL_BASE_FLOAT && (isnan(a.f) || isnan(b.f)));
	default: return c >= 0 && !(base == GLSL_BASE_FLOAT && (isnan(a.f) || isnan(b.f)));
	}
}

/* Linear algebra products, column-major. */
static void mat_mul(union glsl_cval *r, const struct glsl_type *ta, const union glsl_cval *a,
		    const struct glsl_type *tb, const union glsl_cval *b)
{
	uint32_t rows = ta->kind == GLSL_KIND_VECTOR ? 1 : ta->rows;
	uint32_t inner = ta->kind == GLSL_KIND_VECTOR ? ta->rows : ta->cols;
	uint32_t cols = tb->kind == GLSL_KIND_VECTOR ? 1 : tb->cols;

	for (uint32_t c = 0; c < cols; c++) {
		for (uint32_t i = 0; i < rows; i++) {
			float sum = 0.0f;

			for (uint32_t k = 0; k < inner; k++) {
				float av = ta->kind == GLSL_KIND_VECTOR ? a[k].f : a[k * rows + i].f;

				sum += av * b[c * inner + k].f;
			}
			r[c * rows + i].f = sum;
		}
	}
}

static bool is_product(enum glsl_tok op, const struct glsl_type *a, const struct glsl_type *b)
{
	return op == GLSL_TOK_STAR && a->kind != GLSL_KIND_SCALAR && b->kind != GLSL_KIND_SCALAR &&
	       (a->kind == GLSL_KIND_MATRIX || b->kind == GLSL_KIND_MATRIX);
}

static const union glsl_cval *bool_result(struct glsl_sema *s, bool v)
{
	union glsl_cval *r = glsl_const_alloc(s, glsl_type_bool);

	if (r)
		r->u = v;
	return r;
}

const union glsl_cval *glsl_fold_binary(struct glsl_sema *s, enum glsl_tok op,
					const struct glsl_type *rt, const struct glsl_type *ta,
					const union glsl_cval *a, const struct glsl_type *tb,
					const union glsl_cval *b)
{
	uint32_t n = glsl_type_components(rt), sa = glsl_type_components(ta) > 1;
	uint32_t sb = glsl_type_components(tb) > 1;
	union glsl_cval *r;

	switch (op) {
	case GLSL_TOK_COMMA: return b;
	case GLSL_TOK_EQ: return bool_result(s, glsl_const_equal(ta, a, b));
	case GLSL_TOK_NE: return bool_result(s, !glsl_const_equal(ta, a, b));
	case GLSL_TOK_AND_AND: return bool_result(s, a->u && b->u);
	case GLSL_TOK_OR_OR: return bool_result(s, a->u || b->u);
	case GLSL_TOK_XOR_XOR: return bool_result(s, a->u != b->u);
	case GLSL_TOK_LT: case GLSL_TOK_GT: case GLSL_TOK_LE: case GLSL_TOK_GE:
		return bool_result(s, compare(op, ta->base, *a, *b));
	default: break;
	}
	r = glsl_const_alloc(s, rt);
	if (!r)
		return NULL;
	if (is_product(op, ta, tb)) {
		mat_mul(r, ta, a, tb, b);
		return r;
	}
	if (op == GLSL_TOK_LEFT || op == GLSL_TOK_RIGHT)
		sa = 1;   /* the result has the left operand's shape */
	for (uint32_t i = 0; i < n; i++)
		r[i] = ta->base == GLSL_BASE_FLOAT ? float_op(op, a[sa * i], b[sb * i]) :
		       int_op(op, ta->base == GLSL_BASE_INT, a[sa * i], b[sb * i]);
	return r;
}

/* ---- constructors ------------------------------------------------------------ */

static union glsl_cval convert(union glsl_cval v, enum glsl_base from, enum glsl_base to)
{
	union glsl_cval r = v;
	float f = from == GLSL_BASE_FLOAT ? v.f : from == GLSL_BASE_INT ? (float)v.i :
		  (float)v.u;

	if (from == to)
		return v;
	switch (to) {
	case GLSL_BASE_FLOAT: r.f = f; break;
	case GLSL_BASE_BOOL: r.u = from == GLSL_BASE_FLOAT ? v.f != 0.0f : v.u != 0; break;
	case GLSL_BASE_INT:
		if (from == GLSL_BASE_FLOAT)
			r.i = isfinite(f) && fabsf(f) < 2147483648.0f ? (int32_t)f : 0;
		break;
	case GLSL_BASE_UINT:
		if (from == GLSL_BASE_FLOAT)
			r.u = isfinite(f) && f > -2147483648.0f && f < 4294967296.0f ?
			      (f < 0 ? (uint32_t)(int32_t)f : (uint32_t)f) : 0;
		break;
	default: break;
	}
	return r;
}

static void ctor_matrix_from_matrix(union glsl_cval *r, const struct glsl_type *t,
				    const struct glsl_type *at, const union glsl_cval *a)
{
	for (uint32_t c = 0; c < t->cols; c++)
		for (uint32_t i = 0; i < t->rows; i++)
			r[c * t->rows + i].f = c < at->cols && i < at->rows ?
					       a[c * at->rows + i].f : (c == i ? 1.0f : 0.0f);
}

static void ctor_numeric(union glsl_cval *r, const struct glsl_type *t, struct glsl_ast_node *args)
{
	uint32_t need = glsl_type_components(t), at = 0;
	const struct glsl_type *a0 = args->sema->type.type;

	if (!args->next && a0->kind == GLSL_KIND_SCALAR && t->kind != GLSL_KIND_SCALAR) {
		union glsl_cval v = convert(args->sema->value[0], a0->base, t->base);

		for (uint32_t i = 0; i < need; i++)
			r[i] = t->kind == GLSL_KIND_MATRIX && i % (t->rows + 1u) ? (union glsl_cval){ .f = 0 } : v;
		return;
	}
	if (!args->next && a0->kind == GLSL_KIND_MATRIX && t->kind == GLSL_KIND_MATRIX) {
		ctor_matrix_from_matrix(r, t, a0, args->sema->value);
		return;
	}
	for (; args && at < need; args = args->next) {
		const struct glsl_type *ty = args->sema->type.type;
		uint32_t n = glsl_type_components(ty);

		for (uint32_t i = 0; i < n && at < need; i++)
			r[at++] = convert(args->sema->value[i], ty->base, t->base);
	}
}

const union glsl_cval *glsl_fold_ctor(struct glsl_sema *s, const struct glsl_type *t,
				      struct glsl_ast_node *args)
{
	union glsl_cval *r = glsl_const_alloc(s, t);
	uint32_t at = 0;

	if (!r)
		return NULL;
	if (t->kind != GLSL_KIND_ARRAY && t->kind != GLSL_KIND_STRUCT) {
		ctor_numeric(r, t, args);
		return r;
	}
	for (; args; args = args->next) {
		uint32_t n = glsl_type_components(args->sema->type.type);

		memcpy(r + at, args->sema->value, n * sizeof(*r));
		at += n;
	}
	return r;
}

/* ---- built-in functions ---------------------------------------------------------- */

static float fsign(float x)
{
	return x > 0.0f ? 1.0f : x < 0.0f ? -1.0f : 0.0f;
}

static float fround_even(float x)
{
	return nearbyintf(x);   /* the default rounding mode is to even */
}

static float fsmooth(float e0, float e1, float x)
{
	float t = (x - e0) / (e1 - e0);

	t = t < 0.0f ? 0.0f : t > 1.0f ? 1.0f : t;
	return t * t * (3.0f - 2.0f * t);
}

static bool float_fn1(unsigned op, float x, float *r)
{
	switch (op) {
	case VC_OP_FRADIANS: *r = x * 0.017453292519943295f; return true;
	case VC_OP_FDEGREES: *r = x * 57.29577951308232f; return true;
	case VC_OP_FSIN: *r = sinf(x); return true;
	case VC_OP_FCOS: *r = cosf(x); return true;
	case VC_OP_FTAN: *r = tanf(x); return true;
	case VC_OP_FASIN: *r = asinf(x); return true;
	case VC_OP_FACOS: *r = acosf(x); return true;
	case VC_OP_FATAN: *r = atanf(x); return true;
	case VC_OP_FSINH: *r = sinhf(x); return true;
	case VC_OP_FCOSH: *r = coshf(x); return true;
	case VC_OP_FTANH: *r = tanhf(x); return true;
	case VC_OP_FASINH: *r = asinhf(x); return true;
	case VC_OP_FACOSH: *r = acoshf(x); return true;
	case VC_OP_FATANH: *r = atanhf(x); return true;
	case VC_OP_FEXP: *r = expf(x); return true;
	case VC_OP_FLOG: *r = logf(x); return true;
	case VC_OP_FEXP2: *r = exp2f(x); return true;
	case VC_OP_FLOG2: *r = log2f(x); return true;
	case VC_OP_FSQRT: *r = sqrtf(x); return true;
	case VC_OP_FRSQ: *r = 1.0f / sqrtf(x); return true;
	case VC_OP_FABS: *r = fabsf(x); return true;
	case VC_OP_FSIGN: *r = fsign(x); return true;
	case VC_OP_FLOOR: *r = floorf(x); return true;
	case VC_OP_FCEIL: *r = ceilf(x); return true;
	case VC_OP_FTRUNC: *r = truncf(x); return true;
	case VC_OP_FROUND: *r = roundf(x); return true;
	case VC_OP_FROUND_EVEN: *r = fround_even(x); return true;
	case VC_OP_FFRACT: *r = x - floorf(x); return true;
	/* a constant does not vary across the primitive */
	case VC_OP_FDDX: case VC_OP_FDDY: case VC_OP_FWIDTH: *r = 0.0f; return true;
	default: return false;
	}
}

static bool float_fn(unsigned op, const float *x, float *r)
{
	switch (op) {
	case VC_OP_FMUL: *r = x[0] * x[1]; return true;   /* dot(float, float) */
	case VC_OP_FPOW: *r = powf(x[0], x[1]); return true;
	case VC_OP_FATAN2: *r = atan2f(x[0], x[1]); return true;
	case VC_OP_FMOD: *r = x[0] - x[1] * floorf(x[0] / x[1]); return true;
	case VC_OP_FMIN: *r = x[1] < x[0] ? x[1] : x[0]; return true;
	case VC_OP_FMAX: *r = x[0] < x[1] ? x[1] : x[0]; return true;
	case VC_OP_FCLAMP: *r = fminf(fmaxf(x[0], x[1]), x[2]); return true;
	case VC_OP_FMIX: *r = x[0] * (1.0f - x[2]) + x[1] * x[2]; return true;
	case VC_OP_FSTEP: *r = x[1] < x[0] ? 0.0f : 1.0f; return true;
	case VC_OP_FSMOOTHSTEP: *r = fsmooth(x[0], x[1], x[2]); return true;
	default: return float_fn1(op, x[0], r);
	}
}

static bool int_fn(unsigned op, const union glsl_cval *x, union glsl_cval *r)
{
	switch (op) {
	case VC_OP_IABS: r->i = x[0].i < 0 ? (int32_t)(0u - x[0].u) : x[0].i; return true;
	case VC_OP_ISIGN: r->i = (x[0].i > 0) - (x[0].i < 0); return true;
	case VC_OP_IMIN: r->i = x[1].i < x[0].i ? x[1].i : x[0].i; return true;
	case VC_OP_IMAX: r->i = x[0].i < x[1].i ? x[1].i : x[0].i; return true;
	case VC_OP_UMIN: r->u = x[1].u < x[0].u ? x[1].u : x[0].u; return true;
	case VC_OP_UMAX: r->u = x[0].u < x[1].u ? x[1].u : x[0].u; return true;
	case VC_OP_ICLAMP: r->i = x[0].i < x[1].i ? x[1].i : x[0].i > x[2].i ? x[2].i : x[0].i; return true;
	case VC_OP_UCLAMP: r->u = x[0].u < x[1].u ? x[1].u : x[0].u > x[2].u ? x[2].u : x[0].u; return true;
	case VC_OP_FEQ: r->u = x[0].f == x[1].f; return true;
	case VC_OP_FNE: r->u = x[0].f != x[1].f; return true;
	case VC_OP_FLT: r->u = x[0].f < x[1].f; return true;
	case VC_OP_FLE: r->u = x[0].f <= x[1].f; return true;
	case VC_OP_FGT: r->u = x[0].f > x[1].f; return true;
	case VC_OP_FGE: r->u = x[0].f >= x[1].f; return true;
	case VC_OP_IEQ: case VC_OP_LEQ: r->u = x[0].u == x[1].u; return true;
	case VC_OP_INE: case VC_OP_LNE: r->u = x[0].u != x[1].u; return true;
	case VC_OP_ILT: r->u = x[0].i < x[1].i; return true;
	case VC_OP_ILE: r->u = x[0].i <= x[1].i; return true;
	case VC_OP_IGT: r->u = x[0].i > x[1].i; return true;
	case VC_OP_IGE: r->u = x[0].i >= x[1].i; return true;
	case VC_OP_ULT: r->u = x[0].u < x[1].u; return true;
	case VC_OP_ULE: r->u = x[0].u <= x[1].u; return true;
	case VC_OP_UGT: r->u = x[0].u > x[1].u; return true;
	case VC_OP_UGE: r->u = x[0].u >= x[1].u; return true;
	case VC_OP_LNOT: r->u = !x[0].u; return true;
	case VC_OP_FISNAN: r->u = isnan(x[0].f); return true;
	case VC_OP_FISINF: r->u = isinf(x[0].f); return true;
	case VC_OP_BITCAST: *r = x[0]; return true;
	default: return false;
	}
}

/* Component-wise built-ins: scalar arguments of a vector call broadcast. */
static const union glsl_cval *fold_cw(struct glsl_sema *s, const struct glsl_bi_fn *fn,
				      struct glsl_ast_node *args)
{
	const struct glsl_type *rt = glsl_bi_fn_return(fn);
	const union glsl_cval *v[4];
	uint32_t stride[4], n = glsl_type_components(rt), k = 0;
	union glsl_cval *r = glsl_const_alloc(s, rt);
	bool is_float = glsl_bi_fn_param(fn, 0)->base == GLSL_BASE_FLOAT;

	for (; args && k < 4; args = args->next, k++) {
		v[k] = args->sema->value;
		stride[k] = glsl_type_components(args->sema->type.type) > 1;
	}
	if (!r)
		return NULL;
	for (uint32_t i = 0; i < n; i++) {
		union glsl_cval x[4];
		float f[4];
		bool ok;

		for (uint32_t j = 0; j < k; j++) {
			x[j] = v[j][stride[j] * i];
			f[j] = x[j].f;
		}
		if (is_float && rt->base == GLSL_BASE_FLOAT)
			ok = float_fn(fn->op, f, &r[i].f);
		else
			ok = int_fn(fn->op, x, &r[i]);
		if (!ok)
			return NULL;
	}
	return r;
}

static float dot(const union glsl_cval *a, const union glsl_cval *b, uint32_t n)
{
	float sum = 0.0f;

	for (uint32_t i = 0; i < n; i++)
		sum += a[i].f * b[i].f;
	return sum;
}

static void refract(union glsl_cval *r, const union glsl_cval *i, const union glsl_cval *nv,
		    float eta, uint32_t n)
{
	float d = dot(nv, i, n), k = 1.0f - eta * eta * (1.0f - d * d);

	for (uint32_t c = 0; c < n; c++)
		r[c].f = k < 0.0f ? 0.0f : eta * i[c].f - (eta * d + sqrtf(k)) * nv[c].f;
}

/* The geometric functions (8.4) and any/all. */
static bool fold_geometric(unsigned op, union glsl_cval *r, const union glsl_cval *a,
			   const union glsl_cval *b, const union glsl_cval *c, uint32_t n)
{
	switch (op) {
	case VC_OP_FDOT: r->f = dot(a, b, n); return true;
	case VC_OP_FLENGTH: r->f = sqrtf(dot(a, a, n)); return true;
	case VC_OP_FDISTANCE:
		for (uint32_t i = 0; i < n; i++)
			r[0].f += (a[i].f - b[i].f) * (a[i].f - b[i].f);
		r->f = sqrtf(r->f);
		return true;
	case VC_OP_FNORMALIZE:
		for (uint32_t i = 0; i < n; i++)
			r[i].f = a[i].f / sqrtf(dot(a, a, n));
		return true;
	case VC_OP_FCROSS:
		for (uint32_t i = 0; i < 3; i++)
			r[i].f = a[(i + 1) % 3].f * b[(i + 2) % 3].f - a[(i + 2) % 3].f * b[(i + 1) % 3].f;
		return true;
	case VC_OP_FFACEFORWARD:   /* faceforward(N, I, Nref) */
		for (uint32_t i = 0; i < n; i++)
			r[i].f = dot(c, b, n) < 0.0f ? a[i].f : -a[i].f;
		return true;
	case VC_OP_FREFLECT:
		for (uint32_t i = 0; i < n; i++)
			r[i].f = a[i].f - 2.0f * dot(b, a, n) * b[i].f;
		return true;
	case VC_OP_FREFRACT: refract(r, a, b, c[0].f, n); return true;
	case VC_OP_ANY: case VC_OP_ALL:
		r->u = op == VC_OP_ALL;
		for (uint32_t i = 0; i < n; i++)
			r->u = op == VC_OP_ALL ? r->u && a[i].u : r->u || a[i].u;
		return true;
	default:
		return false;
	}
}

/* ---- matrix functions (8.5) ---------------------------------------------------------- */

/* The determinant of the n x n minor of column-major m (order `size`) that
 * keeps the rows and columns whose bits are set; Laplace along the first
 * kept column. n <= 4, so the recursion is at most 24 products deep. */
static float minor_det(const union glsl_cval *m, uint32_t size, uint32_t rows, uint32_t cols)
{
	uint32_t c = (uint32_t)__builtin_ctz(cols), rest = cols & (cols - 1);
	float sum = 0.0f, sign = 1.0f;

	if (!rest)
		return m[c * size + (uint32_t)__builtin_ctz(rows)].f;
	for (uint32_t r = 0; r < size; r++) {
		if (!(rows & (1u << r)))
			continue;
		sum += sign * m[c * size + r].f * minor_det(m, size, rows & ~(1u << r), rest);
		sign = -sign;
	}
	return sum;
}

static float determinant(const union glsl_cval *m, uint32_t size)
{
	return minor_det(m, size, (1u << size) - 1, (1u << size) - 1);
}

/* inverse = adjugate / determinant; a singular matrix gives inf/nan, which
 * the spec leaves undefined. */
static void inverse(union glsl_cval *r, const union glsl_cval *m, uint32_t size)
{
	uint32_t all = (1u << size) - 1;
	float det = determinant(m, size);

	for (uint32_t c = 0; c < size; c++)
		for (uint32_t i = 0; i < size; i++) {
			/* r[c][i] = cofactor(i, c) / det: row c, column i removed */
			float cof = size == 1 ? 1.0f : minor_det(m, size, all & ~(1u << c), all & ~(1u << i));

			r[c * size + i].f = ((c + i) & 1 ? -cof : cof) / det;
		}
}

static bool fold_matrix(unsigned op, union glsl_cval *r, const struct glsl_type *at,
			const union glsl_cval *a, const struct glsl_type *bt, const union glsl_cval *b)
{
	switch (op) {
	case VC_OP_TRANSPOSE:
		for (uint32_t c = 0; c < at->cols; c++)
			for (uint32_t i = 0; i < at->rows; i++)
				r[i * at->cols + c] = a[c * at->rows + i];
		return true;
	case VC_OP_OUTER_PRODUCT:   /* column c = a * b[c] */
		for (uint32_t c = 0; c < bt->rows; c++)
			for (uint32_t i = 0; i < at->rows; i++)
				r[c * at->rows + i].f = a[i].f * b[c].f;
		return true;
	case VC_OP_DETERMINANT: r->f = determinant(a, at->rows); return true;
	case VC_OP_INVERSE: inverse(r, a, at->rows); return true;
	default: return false;
	}
}

/* ---- packing (8.4 of ES 3.00: "Floating-Point Pack and Unpack") ------------------ */

static float fclamp(float x, float lo, float hi)
{
	return x < lo ? lo : x > hi ? hi : x;
}

/* round(): the spec lets .5 go either way; we round to even, as the
 * lowering's SPIR-V (GLSL.std.450 PackSnorm2x16 etc.) implementations do. */
static uint32_t pack_snorm16(float x)
{
	return (uint32_t)(int32_t)nearbyintf(fclamp(x, -1.0f, 1.0f) * 32767.0f) & 0xffffu;
}

static uint32_t pack_unorm16(float x)
{
	return (uint32_t)nearbyintf(fclamp(x, 0.0f, 1.0f) * 65535.0f);
}

static float unpack_snorm16(uint32_t v)
{
	return fclamp((float)(int16_t)(uint16_t)v / 32767.0f, -1.0f, 1.0f);
}

/* binary32 -> binary16, round to nearest even; overflow gives inf, NaN
 * stays a (quiet) NaN. Works on the bits so the host FPU mode cannot
 * matter. */
static uint32_t float_to_half(float f)
{
	union glsl_cval v = { .f = f };
	uint32_t sign = (v.u >> 16) & 0x8000u, e = (v.u >> 23) & 0xffu, m = v.u & 0x7fffffu;
	uint32_t shift, h, rest, half;

	if (e == 0xff)
		return sign | 0x7c00u | (m ? 0x200u | (m >> 13) : 0);
	if (e > 142)                      /* >= 2^16: past the largest half */
		return sign | 0x7c00u;
	if (e >= 113) {                   /* a normal half: drop 13 bits */
		h = ((e - 112) << 10) | (m >> 13);
		rest = m & 0x1fffu;
		half = 0x1000u;
	} else {                          /* a subnormal half (or zero) */
		if (e < 102)
			return sign;          /* below half the smallest subnormal */
		m |= 0x800000u;
		shift = 126 - e;              /* 14 .. 24 */
		h = m >> shift;
		rest = m & ((1u << shift) - 1);
		half = 1u << (shift - 1);
	}
	if (rest > half || (rest == half && (h & 1)))
		h++;                          /* may carry into the exponent: still right */
	return sign | h;
}

static float half_to_float(uint32_t h)
{
	uint32_t e = (h >> 10) & 0x1fu, m = h & 0x3ffu;
	float mag = e == 0 ? ldexpf((float)m, -24) :
		    e == 31 ? (m ? NAN : INFINITY) : ldexpf((float)(m | 0x400u), (int)e - 25);

	return h & 0x8000u ? -mag : mag;
}

static bool fold_pack(unsigned op, union glsl_cval *r, const union glsl_cval *a)
{
	switch (op) {
	case VC_OP_PACK_SNORM_2X16: r->u = pack_snorm16(a[0].f) | pack_snorm16(a[1].f) << 16; return true;
	case VC_OP_PACK_UNORM_2X16: r->u = pack_unorm16(a[0].f) | pack_unorm16(a[1].f) << 16; return true;
	case VC_OP_PACK_HALF_2X16: r->u = float_to_half(a[0].f) | float_to_half(a[1].f) << 16; return true;
	default: break;
	}
	for (uint32_t i = 0; i < 2; i++) {
		uint32_t bits = (a->u >> (16 * i)) & 0xffffu;

		switch (op) {
		case VC_OP_UNPACK_SNORM_2X16: r[i].f = unpack_snorm16(bits); break;
		case VC_OP_UNPACK_UNORM_2X16: r[i].f = (float)bits / 65535.0f; break;
		case VC_OP_UNPACK_HALF_2X16: r[i].f = half_to_float(bits); break;
		default: return false;
		}
	}
	return true;
}

/* The built-ins that are not component-wise: one value out of whole
 * vectors or matrices. */
static const union glsl_cval *fold_vector(struct glsl_sema *s, const struct glsl_bi_fn *fn,
					  struct glsl_ast_node *args)
{
	const struct glsl_type *rt = glsl_bi_fn_return(fn), *at = args->sema->type.type;
	struct glsl_ast_node *b = args->next, *c = b ? b->next : NULL;
	const struct glsl_type *bt = b ? b->sema->type.type : NULL;
	const union glsl_cval *a = args->sema->value;
	union glsl_cval *r = glsl_const_alloc(s, rt);

	if (!r)
		return NULL;
	if (fold_geometric(fn->op, r, a, b ? b->sema->value : NULL, c ? c->sema->value : NULL,
			   glsl_type_components(at)) ||
	    fold_matrix(fn->op, r, at, a, bt, b ? b->sema->value : NULL) || fold_pack(fn->op, r, a))
		return r;
	return NULL;
}

static const union glsl_cval *matrix_comp_mult(struct glsl_sema *s, struct glsl_ast_node *args)
{
	const struct glsl_type *t = args->sema->type.type;
	union glsl_cval *r = glsl_const_alloc(s, t);

	if (!r)
		return NULL;
	for (uint32_t i = 0; i < glsl_type_components(t); i++)
		r[i].f = args->sema->value[i].f * args->next->sema->value[i].f;
	return r;
}

static bool is_cw(unsigned op)
{
	return (op >= VC_OP_FNEG && op <= VC_OP_FRCP) ||
	       (op >= VC_OP_INEG && op <= VC_OP_INOT) || (op >= VC_OP_FEQ && op <= VC_OP_UGE) ||
	       op == VC_OP_LNOT || op == VC_OP_LEQ || op == VC_OP_LNE || op == VC_OP_BITCAST;
}

/* mix(x, y, genB): y where a is true (no blending). */
static const union glsl_cval *mix_bool(struct glsl_sema *s, struct glsl_ast_node *args)
{
	const struct glsl_type *t = args->sema->type.type;
	const union glsl_cval *x = args->sema->value, *y = args->next->sema->value;
	const union glsl_cval *sel = args->next->next->sema->value;
	union glsl_cval *r = glsl_const_alloc(s, t);

	if (!r)
		return NULL;
	for (uint32_t i = 0; i < glsl_type_components(t); i++)
		r[i] = sel[i].u ? y[i] : x[i];
	return r;
}

/* Every built-in but the texture functions is a constant expression on
 * constant arguments (ES 3.00 4.3.3). modf is the one exception in
 * practice: its out argument cannot be constant (the caller skips it). */
const union glsl_cval *glsl_fold_builtin(struct glsl_sema *s, const struct glsl_bi_fn *fn,
					 struct glsl_ast_node *args)
{
	if (fn->lower == GLSL_BI_LOWER_RECIPE && fn->op == GLSL_BI_RECIPE_MATRIX_COMP_MULT)
		return matrix_comp_mult(s, args);
	if (fn->lower == GLSL_BI_LOWER_RECIPE && fn->op == GLSL_BI_RECIPE_MIX_BOOL)
		return mix_bool(s, args);
	if (fn->lower != GLSL_BI_LOWER_OP)
		return NULL;
	if (is_cw(fn->op))
		return fold_cw(s, fn, args);
	return fold_vector(s, fn, args);
}
