/* SPDX-License-Identifier: MIT */
/*
 * The built-in table: per-version totals, which overloads exist where
 * (version, stage and enabled extensions), overload resolution and its
 * messages, built-in variables and constants.
 */
#include <check.h>
#include <string.h>

#include "check_run.h"
#include "glsl_builtins_table.h"

#define VS GLSL_STAGE_VERTEX
#define FS GLSL_STAGE_FRAGMENT

static const struct glsl_type *ty(const char *name)
{
	const struct glsl_type *t = glsl_type_by_name(name, strlen(name), GLSL_ES_300);

	ck_assert_msg(t != NULL, "no type %s", name);
	return t;
}

struct count {
	unsigned names, overloads, vs_only, fs_only;
};

static struct count count(enum glsl_es_version v)
{
	unsigned bit = v == GLSL_ES_100 ? GLSL_BI_V100 : GLSL_BI_V300;
	struct count c = { 0 };

	for (unsigned i = 0; i < GLSL_BI_NR_NAMES; i++) {
		const struct glsl_bi_name *n = &glsl_bi_names[i];
		bool here = false;

		for (unsigned j = n->first; j < n->first + n->count; j++) {
			/* the specs' totals are the core rows' */
			if (!(glsl_bi_fns[j].versions & bit) || glsl_bi_fns[j].ext)
				continue;
			here = true;
			c.overloads++;
			c.vs_only += glsl_bi_fns[j].stages == 1u << VS;
			c.fs_only += glsl_bi_fns[j].stages == 1u << FS;
		}
		c.names += here;
	}
	return c;
}

START_TEST(totals_per_version)
{
	struct count c100 = count(GLSL_ES_100), c300 = count(GLSL_ES_300);

	ck_assert_uint_eq(c100.names, 51);
	ck_assert_uint_eq(c100.overloads, 228);
	ck_assert_uint_eq(c100.vs_only, 4);
	ck_assert_uint_eq(c100.fs_only, 4);
	ck_assert_uint_eq(c300.names, 89);
	ck_assert_uint_eq(c300.overloads, 611);
	ck_assert_uint_eq(c300.fs_only, 56);
	ck_assert_uint_eq(GLSL_BI_ES300_OVERLOADS, 611);
}
END_TEST

START_TEST(names_sorted_and_unique_signatures)
{
	for (unsigned i = 1; i < GLSL_BI_NR_NAMES; i++)
		ck_assert_int_lt(strcmp(glsl_bi_names[i - 1].name, glsl_bi_names[i].name), 0);
	for (unsigned i = 0; i < GLSL_BI_NR_NAMES; i++) {
		const struct glsl_bi_name *n = &glsl_bi_names[i];

		ck_assert_ptr_eq(glsl_builtin_find(n->name, strlen(n->name)), n);
		for (unsigned a = n->first; a < n->first + n->count; a++)
			for (unsigned b = a + 1; b < n->first + n->count; b++)
				ck_assert(glsl_bi_fns[a].params != glsl_bi_fns[b].params ||
					  glsl_bi_fns[a].nr_params != glsl_bi_fns[b].nr_params ||
					  glsl_bi_fns[a].ext != glsl_bi_fns[b].ext);
	}
	ck_assert_ptr_null(glsl_builtin_find("textur", 6));
	ck_assert_ptr_null(glsl_builtin_find("texturex", 8));
	ck_assert_ptr_nonnull(glsl_builtin_find("texturex", 7));
}
END_TEST

static unsigned n_overloads_ext(const char *name, enum glsl_es_version v, enum glsl_stage s,
				uint32_t exts)
{
	const struct glsl_bi_fn *out[GLSL_BI_MAX_OVERLOADS];

	return glsl_builtin_overloads(name, strlen(name), v, s, exts, out, GLSL_BI_MAX_OVERLOADS);
}

static unsigned n_overloads(const char *name, enum glsl_es_version v, enum glsl_stage s)
{
	return n_overloads_ext(name, v, s, 0);
}

static uint32_t ext_bit(const char *name)
{
	uint32_t bit = glsl_builtin_ext_bit(name);

	ck_assert_msg(bit, "no rows for %s", name);
	return bit;
}

START_TEST(availability)
{
	/* the 1.00 texture names are gone in 3.00, the 3.00 ones absent in 1.00 */
	ck_assert_uint_eq(n_overloads("texture2D", GLSL_ES_100, FS), 2);
	ck_assert_uint_eq(n_overloads("texture2D", GLSL_ES_100, VS), 1);
	ck_assert_uint_eq(n_overloads("texture2D", GLSL_ES_300, FS), 0);
	ck_assert_uint_eq(n_overloads("texture", GLSL_ES_100, FS), 0);
	ck_assert_uint_eq(n_overloads("texture", GLSL_ES_300, FS), 29);
	ck_assert_uint_eq(n_overloads("texture", GLSL_ES_300, VS), 15);
	/* *Lod is vertex-only in 1.00, everywhere in 3.00 */
	ck_assert_uint_eq(n_overloads("texture2DLod", GLSL_ES_100, VS), 1);
	ck_assert_uint_eq(n_overloads("texture2DLod", GLSL_ES_100, FS), 0);
	ck_assert_uint_eq(n_overloads("textureCubeLod", GLSL_ES_100, FS), 0);
	ck_assert_uint_eq(n_overloads("textureLod", GLSL_ES_300, FS), 13);
	/* derivatives: fragment-only 3.00; an extension in 1.00 */
	ck_assert_uint_eq(n_overloads("dFdx", GLSL_ES_300, FS), 4);
	ck_assert_uint_eq(n_overloads("dFdx", GLSL_ES_300, VS), 0);
	ck_assert_uint_eq(n_overloads("fwidth", GLSL_ES_100, FS), 0);
	/* integer overloads only in 3.00; mod(float, float) counted once */
	ck_assert_uint_eq(n_overloads("min", GLSL_ES_100, VS), 7);
	ck_assert_uint_eq(n_overloads("min", GLSL_ES_300, VS), 21);
	ck_assert_uint_eq(n_overloads("mod", GLSL_ES_300, VS), 7);
	ck_assert_uint_eq(n_overloads("matrixCompMult", GLSL_ES_100, VS), 3);
	ck_assert_uint_eq(n_overloads("matrixCompMult", GLSL_ES_300, VS), 9);
	ck_assert_uint_eq(n_overloads("transpose", GLSL_ES_100, VS), 0);
	ck_assert_uint_eq(n_overloads("textureSize", GLSL_ES_300, VS), 15);
}
END_TEST

/* ES 1.00 extension rows: there only where the shader enables the extension,
 * in the extension's stage, and never in 3.00 (whose core rows stay). */
START_TEST(extension_availability)
{
	uint32_t deriv = ext_bit("GL_OES_standard_derivatives");
	uint32_t lod = ext_bit("GL_EXT_shader_texture_lod");

	ck_assert_uint_eq(glsl_builtin_ext_bit("GL_OES_texture_3D"), 0);
	ck_assert_uint_ne(deriv, lod);
	ck_assert_uint_eq(n_overloads_ext("dFdx", GLSL_ES_100, FS, deriv), 4);
	ck_assert_uint_eq(n_overloads_ext("fwidth", GLSL_ES_100, FS, deriv), 4);
	ck_assert_uint_eq(n_overloads_ext("dFdy", GLSL_ES_100, FS, lod), 0);
	ck_assert_uint_eq(n_overloads_ext("dFdy", GLSL_ES_100, VS, deriv), 0);
	ck_assert_uint_eq(n_overloads_ext("dFdx", GLSL_ES_300, FS, deriv), 4);  /* core rows */
	ck_assert_uint_eq(n_overloads_ext("dFdx", GLSL_ES_300, FS, 0), 4);
	ck_assert_uint_eq(n_overloads_ext("texture2DProjGradEXT", GLSL_ES_100, FS, lod), 2);
	ck_assert_uint_eq(n_overloads_ext("texture2DProjLodEXT", GLSL_ES_100, FS, lod | deriv), 2);
	ck_assert_uint_eq(n_overloads_ext("textureCubeGradEXT", GLSL_ES_100, FS, lod), 1);
	ck_assert_uint_eq(n_overloads_ext("texture2DLodEXT", GLSL_ES_100, VS, lod), 0);
	ck_assert_uint_eq(n_overloads_ext("texture2DGradEXT", GLSL_ES_300, FS, lod), 0);
	ck_assert_uint_eq(n_overloads("texture2DGradEXT", GLSL_ES_100, FS), 0);
}
END_TEST

START_TEST(extension_resolution)
{
	const struct glsl_type *v3[] = { ty("vec3") };
	const struct glsl_type *grad[] = { glsl_type_sampler2D, ty("vec3"), ty("vec2"), ty("vec2") };
	const struct glsl_type *cube[] = { ty("samplerCube"), ty("vec3"), ty("float") };
	uint32_t deriv = ext_bit("GL_OES_standard_derivatives");
	uint32_t lod = ext_bit("GL_EXT_shader_texture_lod");
	struct glsl_bi_call call = { "dFdx", 4, v3, 1, GLSL_ES_100, FS, 0 };
	const struct glsl_bi_fn *fn;
	char err[512];

	ck_assert_int_eq(glsl_builtin_resolve(&call, &fn, err, sizeof(err)), GLSL_BI_UNAVAILABLE);
	ck_assert_str_eq(err, "'dFdx(vec3)' requires #extension GL_OES_standard_derivatives");
	call.exts = deriv;
	ck_assert_int_eq(glsl_builtin_resolve(&call, &fn, err, sizeof(err)), GLSL_BI_FOUND);
	ck_assert_int_eq(fn->lower, GLSL_BI_LOWER_OP);
	ck_assert_int_eq(fn->op, VC_OP_FDDX);
	ck_assert_str_eq(glsl_bi_ext_names[fn->ext], "GL_OES_standard_derivatives");
	call.stage = VS;
	ck_assert_int_eq(glsl_builtin_resolve(&call, &fn, err, sizeof(err)), GLSL_BI_UNAVAILABLE);
	ck_assert_str_eq(err, "'dFdx(vec3)' is only available in fragment shaders");

	call = (struct glsl_bi_call){ "texture2DProjGradEXT", 20, grad, 4, GLSL_ES_100, FS, lod };
	ck_assert_int_eq(glsl_builtin_resolve(&call, &fn, err, sizeof(err)), GLSL_BI_FOUND);
	ck_assert_int_eq(fn->lower, GLSL_BI_LOWER_TEX);
	ck_assert_int_eq(fn->op, VC_TEX_SAMPLE_GRAD);
	ck_assert_int_eq(fn->tex_flags, GLSL_BI_TEX_PROJ);
	call = (struct glsl_bi_call){ "textureCubeLodEXT", 17, cube, 3, GLSL_ES_100, FS, lod };
	ck_assert_int_eq(glsl_builtin_resolve(&call, &fn, err, sizeof(err)), GLSL_BI_FOUND);
	ck_assert_int_eq(fn->op, VC_TEX_SAMPLE_LOD);
	ck_assert_int_eq(fn->ret_prec, GLSL_BI_PREC_SAMPLER);
}
END_TEST

static const struct glsl_bi_fn *resolve(const char *name, enum glsl_es_version v,
					enum glsl_stage s, const struct glsl_type *const *args,
					unsigned n, enum glsl_bi_result want, char *err, size_t size)
{
	struct glsl_bi_call call = { name, strlen(name), args, n, v, s, 0 };
	const struct glsl_bi_fn *fn;
	enum glsl_bi_result r = glsl_builtin_resolve(&call, &fn, err, size);

	ck_assert_msg(r == want, "%s: result %d, want %d: %s", name, r, want, err);
	return fn;
}

START_TEST(resolve_matches)
{
	const struct glsl_type *tex_args[] = { ty("usampler2DArray"), ty("vec3") };
	const struct glsl_type *min_args[] = { ty("uvec3"), ty("uint") };
	const struct glsl_type *out_args[] = { ty("vec2"), ty("vec2") };
	const struct glsl_type *dot_args[] = { ty("float"), ty("float") };
	const struct glsl_bi_fn *fn;
	char err[512], sig[128];

	fn = resolve("texture", GLSL_ES_300, VS, tex_args, 2, GLSL_BI_FOUND, err, sizeof(err));
	ck_assert_str_eq(glsl_bi_fn_signature(fn, sig, sizeof(sig)),
			 "uvec4 texture(usampler2DArray, vec3)");
	ck_assert_int_eq(fn->lower, GLSL_BI_LOWER_TEX);
	ck_assert_int_eq(fn->op, VC_TEX_SAMPLE);
	ck_assert_str_eq(err, "");
	fn = resolve("min", GLSL_ES_300, FS, min_args, 2, GLSL_BI_FOUND, err, sizeof(err));
	ck_assert_int_eq(fn->op, VC_OP_UMIN);
	ck_assert_ptr_eq(glsl_bi_fn_return(fn), ty("uvec3"));
	fn = resolve("modf", GLSL_ES_300, FS, out_args, 2, GLSL_BI_FOUND, err, sizeof(err));
	ck_assert_uint_eq(fn->out_mask, 2);
	ck_assert_int_eq(fn->lower, GLSL_BI_LOWER_RECIPE);
	ck_assert_int_eq(fn->op, GLSL_BI_RECIPE_MODF);
	fn = resolve("dot", GLSL_ES_100, VS, dot_args, 2, GLSL_BI_FOUND, err, sizeof(err));
	ck_assert_int_eq(fn->op, VC_OP_FMUL);
}
END_TEST

START_TEST(resolve_lowerings)
{
	const struct glsl_type *proj[] = { ty("sampler2DShadow"), ty("vec4"), ty("ivec2"),
					   ty("float") };
	const struct glsl_type *lt[] = { ty("uvec2"), ty("uvec2") };
	const struct glsl_bi_fn *fn;
	char err[256];

	fn = resolve("textureProjOffset", GLSL_ES_300, FS, proj, 4, GLSL_BI_FOUND, err,
		     sizeof(err));
	ck_assert_int_eq(fn->op, VC_TEX_SAMPLE_BIAS);
	ck_assert_uint_eq(fn->tex_flags, GLSL_BI_TEX_PROJ | GLSL_BI_TEX_OFFSET);
	ck_assert_ptr_eq(glsl_bi_fn_return(fn), glsl_type_float);
	fn = resolve("lessThan", GLSL_ES_300, VS, lt, 2, GLSL_BI_FOUND, err, sizeof(err));
	ck_assert_int_eq(fn->op, VC_OP_ULT);
	ck_assert_ptr_eq(glsl_bi_fn_return(fn), ty("bvec2"));
}
END_TEST

START_TEST(resolve_errors)
{
	const struct glsl_type *bad_tex[] = { glsl_type_sampler2D, ty("vec3") };
	const struct glsl_type *bias[] = { glsl_type_sampler2D, ty("vec2"), ty("float") };
	const struct glsl_type *umin[] = { ty("uint"), ty("uint") };
	const struct glsl_type *v2[] = { ty("vec2") };
	const struct glsl_type *conv[] = { ty("int"), ty("float") };
	char err[1024];

	resolve("texture", GLSL_ES_300, FS, bad_tex, 2, GLSL_BI_NO_MATCH, err, sizeof(err));
	ck_assert_msg(strstr(err, "no matching overload for 'texture(sampler2D, vec3)'") == err,
		      "%s", err);
	/* candidates: those taking a sampler2D first */
	ck_assert_ptr_nonnull(strstr(err, "\n  vec4 texture(sampler2D, vec2)"));
	ck_assert_ptr_nonnull(strstr(err, "\n  vec4 texture(sampler2D, vec2, float)"));
	ck_assert_ptr_null(strstr(err, "samplerCube"));
	resolve("texture", GLSL_ES_300, VS, bias, 3, GLSL_BI_UNAVAILABLE, err, sizeof(err));
	ck_assert_str_eq(err, "'texture(sampler2D, vec2, float)' is only available in fragment shaders");
	resolve("texture2DLod", GLSL_ES_100, FS, bias, 3, GLSL_BI_UNAVAILABLE, err, sizeof(err));
	ck_assert_str_eq(err, "'texture2DLod(sampler2D, vec2, float)' is only available in vertex shaders");
	resolve("min", GLSL_ES_100, FS, umin, 2, GLSL_BI_UNAVAILABLE, err, sizeof(err));
	ck_assert_str_eq(err, "'min(uint, uint)' is not available in GLSL ES 1.00");
	resolve("dFdx", GLSL_ES_300, VS, v2, 1, GLSL_BI_UNAVAILABLE, err, sizeof(err));
	ck_assert_str_eq(err, "'dFdx(vec2)' is only available in fragment shaders");
	/* no implicit int -> float conversion */
	resolve("pow", GLSL_ES_300, FS, conv, 2, GLSL_BI_NO_MATCH, err, sizeof(err));
	ck_assert_ptr_nonnull(strstr(err, "'pow(int, float)'"));
	ck_assert_ptr_nonnull(strstr(err, "float pow(float, float)"));
	resolve("myfunc", GLSL_ES_300, FS, v2, 1, GLSL_BI_NOT_BUILTIN, err, sizeof(err));
	ck_assert_str_eq(err, "");
	/* a short buffer is still terminated */
	resolve("texture", GLSL_ES_300, FS, bad_tex, 2, GLSL_BI_NO_MATCH, err, 8);
	ck_assert_str_eq(err, "no matc");
}
END_TEST

START_TEST(result_precision)
{
	const struct glsl_type *args[] = { glsl_type_sampler2D, ty("vec2") };
	const struct glsl_type *size_args[] = { glsl_type_sampler2D, glsl_type_int };
	const struct glsl_type *mx[] = { ty("vec3"), ty("vec3") };
	const enum glsl_precision p[] = { GLSL_PREC_LOW, GLSL_PREC_HIGH };
	const enum glsl_precision q[] = { GLSL_PREC_MEDIUM, GLSL_PREC_HIGH };
	const struct glsl_bi_fn *fn;
	char err[256];

	fn = resolve("texture", GLSL_ES_300, FS, args, 2, GLSL_BI_FOUND, err, sizeof(err));
	ck_assert_int_eq(glsl_bi_fn_precision(fn, p), GLSL_PREC_LOW);
	fn = resolve("textureSize", GLSL_ES_300, FS, size_args, 2, GLSL_BI_FOUND, err, sizeof(err));
	ck_assert_int_eq(glsl_bi_fn_precision(fn, p), GLSL_PREC_HIGH);
	fn = resolve("max", GLSL_ES_300, FS, mx, 2, GLSL_BI_FOUND, err, sizeof(err));
	ck_assert_int_eq(glsl_bi_fn_precision(fn, q), GLSL_PREC_HIGH);
	fn = resolve("equal", GLSL_ES_300, FS, mx, 2, GLSL_BI_FOUND, err, sizeof(err));
	ck_assert_int_eq(glsl_bi_fn_precision(fn, q), GLSL_PREC_NONE);
}
END_TEST

/* --- variables and constants --------------------------------------------------- */

static const struct glsl_bi_var *var(const char *name, enum glsl_es_version v, enum glsl_stage s)
{
	return glsl_builtin_var(name, strlen(name), v, s, 0);
}

START_TEST(variables)
{
	const struct glsl_bi_var *x;

	x = var("gl_Position", GLSL_ES_100, VS);
	ck_assert_ptr_eq(x->type, glsl_type_vec4);
	ck_assert_int_eq(x->precision, GLSL_PREC_HIGH);
	ck_assert_int_eq(x->builtin, VC_BUILTIN_POSITION);
	ck_assert_ptr_null(var("gl_Position", GLSL_ES_100, FS));
	ck_assert_int_eq(var("gl_PointSize", GLSL_ES_100, VS)->precision, GLSL_PREC_MEDIUM);
	ck_assert_int_eq(var("gl_PointSize", GLSL_ES_300, VS)->precision, GLSL_PREC_HIGH);
	ck_assert_int_eq(var("gl_FragCoord", GLSL_ES_100, FS)->precision, GLSL_PREC_MEDIUM);
	ck_assert_int_eq(var("gl_FragCoord", GLSL_ES_300, FS)->precision, GLSL_PREC_HIGH);
	x = var("gl_FrontFacing", GLSL_ES_300, FS);
	ck_assert_ptr_eq(x->type, glsl_type_bool);
	ck_assert_int_eq(x->precision, GLSL_PREC_NONE);
	ck_assert_int_eq(x->storage, GLSL_BI_STORAGE_IN);
	ck_assert_ptr_eq(var("gl_PointCoord", GLSL_ES_300, FS)->type, glsl_type_vec2);
	ck_assert_int_eq(var("gl_VertexID", GLSL_ES_300, VS)->builtin, VC_BUILTIN_VERTEX_ID);
	ck_assert_ptr_null(var("gl_VertexID", GLSL_ES_100, VS));
	ck_assert_ptr_null(var("gl_InstanceID", GLSL_ES_300, FS));
	ck_assert_int_eq(var("gl_FragDepth", GLSL_ES_300, FS)->storage, GLSL_BI_STORAGE_OUT);
	ck_assert_ptr_null(var("gl_FragDepth", GLSL_ES_100, FS));
	ck_assert_int_eq(var("gl_FragColor", GLSL_ES_100, FS)->recipe, GLSL_BI_RECIPE_FRAG_COLOR);
	ck_assert_ptr_null(var("gl_FragColor", GLSL_ES_300, FS));
	ck_assert_ptr_null(var("gl_FragData", GLSL_ES_300, FS));
}
END_TEST

START_TEST(extension_variables)
{
	uint32_t depth = ext_bit("GL_EXT_frag_depth");
	const struct glsl_bi_var *x = glsl_builtin_var("gl_FragDepthEXT", 15, GLSL_ES_100, FS, depth);

	ck_assert_ptr_nonnull(x);
	ck_assert_int_eq(x->builtin, VC_BUILTIN_FRAG_DEPTH);
	ck_assert_int_eq(x->storage, GLSL_BI_STORAGE_OUT);
	ck_assert_int_eq(x->precision, GLSL_PREC_HIGH);
	ck_assert_ptr_eq(x->type, glsl_type_float);
	ck_assert_ptr_null(var("gl_FragDepthEXT", GLSL_ES_100, FS));
	ck_assert_ptr_null(glsl_builtin_var("gl_FragDepthEXT", 15, GLSL_ES_100, VS, depth));
	ck_assert_ptr_null(glsl_builtin_var("gl_FragDepthEXT", 15, GLSL_ES_300, FS, depth));
}
END_TEST

START_TEST(frag_data_and_depth_range)
{
	const struct glsl_bi_var *fd = var("gl_FragData", GLSL_ES_100, FS);
	const struct glsl_bi_var *dr = var("gl_DepthRange", GLSL_ES_300, VS);
	char buf[64];

	ck_assert_int_eq(fd->type->kind, GLSL_KIND_ARRAY);
	ck_assert_uint_eq(fd->type->length, 1);   /* gl_MaxDrawBuffers in 1.00 */
	ck_assert_str_eq(glsl_type_name(fd->type, buf, sizeof(buf)), "vec4[1]");
	ck_assert_int_eq(dr->storage, GLSL_BI_STORAGE_UNIFORM);
	ck_assert_ptr_eq(dr->type, &glsl_bi_type_gl_DepthRangeParameters);
	ck_assert_uint_eq(dr->type->nr_fields, 3);
	ck_assert_str_eq(dr->type->fields[2].name, "diff");
	ck_assert_int_eq(dr->type->fields[0].precision, GLSL_PREC_HIGH);
	ck_assert_ptr_nonnull(var("gl_DepthRange", GLSL_ES_100, FS));
}
END_TEST

START_TEST(constants)
{
	static const struct { const char *name; int v100, v300; } want[] = {
		{ "gl_MaxVertexAttribs", 16, 16 },
		{ "gl_MaxVertexUniformVectors", 256, 256 },
		{ "gl_MaxVaryingVectors", 15, -1 },
		{ "gl_MaxVertexOutputVectors", -1, 16 },
		{ "gl_MaxFragmentInputVectors", -1, 15 },
		{ "gl_MaxVertexTextureImageUnits", 16, 16 },
		{ "gl_MaxCombinedTextureImageUnits", 32, 32 },
		{ "gl_MaxTextureImageUnits", 16, 16 },
		{ "gl_MaxFragmentUniformVectors", 224, 224 },
		{ "gl_MaxDrawBuffers", 1, 4 },
		{ "gl_MinProgramTexelOffset", -1, -8 },
		{ "gl_MaxProgramTexelOffset", -1, 7 },
	};

	for (unsigned i = 0; i < sizeof(want) / sizeof(want[0]); i++) {
		const struct glsl_bi_var *a = var(want[i].name, GLSL_ES_100, FS);
		const struct glsl_bi_var *b = var(want[i].name, GLSL_ES_300, VS);

		ck_assert_msg(want[i].v100 == -1 ? !a : a && a->value == want[i].v100, "%s", want[i].name);
		ck_assert_msg(want[i].v300 == -1 ? !b : b && b->value == want[i].v300, "%s", want[i].name);
		ck_assert_int_eq(b ? b->storage : a->storage, GLSL_BI_STORAGE_CONST);
		ck_assert_int_eq(b ? b->precision : a->precision, GLSL_PREC_MEDIUM);
	}
}
END_TEST

/* The device's values replace the minimums; a zero field keeps them. */
START_TEST(constants_from_limits)
{
	struct glsl_builtin_limits l = { .max_texture_image_units = 32, .min_program_texel_offset = -32 };

	ck_assert_int_eq(glsl_builtin_const_value(var("gl_MaxTextureImageUnits", GLSL_ES_300, FS), &l), 32);
	ck_assert_int_eq(glsl_builtin_const_value(var("gl_MinProgramTexelOffset", GLSL_ES_300, FS), &l),
			 -32);
	ck_assert_int_eq(glsl_builtin_const_value(var("gl_MaxProgramTexelOffset", GLSL_ES_300, FS), &l), 7);
	ck_assert_int_eq(glsl_builtin_const_value(var("gl_MaxVaryingVectors", GLSL_ES_100, FS), &l), 15);
	ck_assert_int_eq(glsl_builtin_const_value(var("gl_MaxTextureImageUnits", GLSL_ES_100, FS), NULL),
			 16);
}
END_TEST

static Suite *builtins_suite(void)
{
	Suite *s = suite_create("glsl builtins");
	TCase *tc = tcase_create("table");

	tcase_add_test(tc, totals_per_version);
	tcase_add_test(tc, names_sorted_and_unique_signatures);
	tcase_add_test(tc, availability);
	tcase_add_test(tc, extension_availability);
	suite_add_tcase(s, tc);
	tc = tcase_create("resolve");
	tcase_add_test(tc, resolve_matches);
	tcase_add_test(tc, resolve_lowerings);
	tcase_add_test(tc, resolve_errors);
	tcase_add_test(tc, extension_resolution);
	tcase_add_test(tc, result_precision);
	suite_add_tcase(s, tc);
	tc = tcase_create("variables");
	tcase_add_test(tc, variables);
	tcase_add_test(tc, extension_variables);
	tcase_add_test(tc, frag_data_and_depth_range);
	tcase_add_test(tc, constants);
	tcase_add_test(tc, constants_from_limits);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(builtins_suite(), CK_NORMAL);
}
