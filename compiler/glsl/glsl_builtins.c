/* SPDX-License-Identifier: MIT */
#include <assert.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>

#include "glsl_builtins_table.h"

/* glsl_bi_fns.op holds these */
_Static_assert(VC_OP_COUNT <= UINT16_MAX, "vc_op does not fit glsl_bi_fn.op");
_Static_assert(GLSL_TID_COUNT <= UINT8_MAX, "glsl_type_id does not fit glsl_bi_fn");
_Static_assert(GLSL_BI_NR_EXTS <= 32, "extensions do not fit the uint32_t mask");

static int name_cmp(const char *name, size_t len, const char *entry)
{
	int c = strncmp(name, entry, len);

	/* equal over len: the shorter string sorts first */
	return c ? c : (entry[len] ? -1 : 0);
}

const struct glsl_bi_name *glsl_builtin_find(const char *name, size_t len)
{
	size_t lo = 0, hi = GLSL_BI_NR_NAMES;

	while (lo < hi) {
		size_t mid = (lo + hi) / 2;
		int c = name_cmp(name, len, glsl_bi_names[mid].name);

		if (!c)
			return &glsl_bi_names[mid];
		if (c < 0)
			hi = mid;
		else
			lo = mid + 1;
	}
	return NULL;
}

/* The row bits a shader of this version sees: 3.20 is 3.10 plus the few
 * names its core gained without an extension's suffix (gl_BoundingBox). */
static unsigned version_bit(enum glsl_es_version version)
{
	return version >= GLSL_ES_320 ? GLSL_BI_V310 | GLSL_BI_V320 :
	       version >= GLSL_ES_310 ? GLSL_BI_V310 :
	       version >= GLSL_ES_300 ? GLSL_BI_V300 : GLSL_BI_V100;
}

uint32_t glsl_builtin_ext_bit(const char *name)
{
	/* one extension under two names: the rows name the EXT one */
	if (!strcmp(name, "GL_OES_texture_buffer"))
		name = "GL_EXT_texture_buffer";
	/* OES_geometry_shader is EXT_geometry_shader under another name */
	if (!strcmp(name, "GL_OES_geometry_shader"))
		name = "GL_EXT_geometry_shader";
	if (!strcmp(name, "GL_OES_tessellation_shader"))
		name = "GL_EXT_tessellation_shader";
	if (!strcmp(name, "GL_OES_gpu_shader5"))
		name = "GL_EXT_gpu_shader5";
	if (!strcmp(name, "GL_OES_geometry_point_size"))
		name = "GL_EXT_geometry_point_size";
	if (!strcmp(name, "GL_OES_tessellation_point_size"))
		name = "GL_EXT_tessellation_point_size";
	for (unsigned i = 1; i < GLSL_BI_NR_EXTS; i++)
		if (!strcmp(glsl_bi_ext_names[i], name))
			return 1u << i;
	return 0;
}

static bool ext_enabled(unsigned ext, uint32_t exts)
{
	return !ext || ((exts >> ext) & 1u);
}

bool glsl_bi_fn_available(const struct glsl_bi_fn *fn, enum glsl_es_version version,
			  enum glsl_stage stage, uint32_t exts)
{
	return (fn->versions & version_bit(version)) && (fn->stages & (1u << stage)) &&
	       ext_enabled(fn->ext, exts);
}

unsigned glsl_builtin_overloads(const char *name, size_t len, enum glsl_es_version version,
				enum glsl_stage stage, uint32_t exts, const struct glsl_bi_fn **out,
				unsigned max)
{
	const struct glsl_bi_name *n = glsl_builtin_find(name, len);
	unsigned count = 0;

	for (unsigned i = 0; n && i < n->count; i++) {
		const struct glsl_bi_fn *fn = &glsl_bi_fns[n->first + i];

		if (!glsl_bi_fn_available(fn, version, stage, exts))
			continue;
		if (count < max)
			out[count] = fn;
		count++;
	}
	return count;
}

const char *glsl_bi_fn_name(const struct glsl_bi_fn *fn)
{
	return glsl_bi_names[fn->name].name;
}

const struct glsl_type *glsl_bi_fn_return(const struct glsl_bi_fn *fn)
{
	return glsl_type_get(fn->ret);
}

const struct glsl_type *glsl_bi_fn_param(const struct glsl_bi_fn *fn, unsigned i)
{
	return i < fn->nr_params ? glsl_type_get(glsl_bi_params[fn->params + i]) : NULL;
}

static enum glsl_precision highest_arg(const struct glsl_bi_fn *fn,
				       const enum glsl_precision *arg_prec, bool samplers)
{
	enum glsl_precision p = GLSL_PREC_NONE;

	for (unsigned i = 0; i < fn->nr_params; i++) {
		bool is_sampler = glsl_bi_fn_param(fn, i)->kind == GLSL_KIND_SAMPLER;

		if (is_sampler == samplers && arg_prec[i] > p)
			p = arg_prec[i];
	}
	return p;
}

enum glsl_precision glsl_bi_fn_precision(const struct glsl_bi_fn *fn,
					 const enum glsl_precision *arg_prec)
{
	switch (fn->ret_prec) {
	case GLSL_BI_PREC_ARGS: return highest_arg(fn, arg_prec, false);
	case GLSL_BI_PREC_SAMPLER: return highest_arg(fn, arg_prec, true);
	case GLSL_BI_PREC_LOW: return GLSL_PREC_LOW;
	case GLSL_BI_PREC_MEDIUM: return GLSL_PREC_MEDIUM;
	case GLSL_BI_PREC_HIGH: return GLSL_PREC_HIGH;
	default: return GLSL_PREC_NONE;
	}
}

/* --- messages ------------------------------------------------------------- */

struct msg {
	char *buf;
	size_t size, len;
};

static void msg_add(struct msg *m, const char *fmt, ...)
{
	va_list ap;
	int w;

	if (!m->size || m->len >= m->size - 1)
		return;
	va_start(ap, fmt);
	w = vsnprintf(m->buf + m->len, m->size - m->len, fmt, ap);
	va_end(ap);
	if (w > 0)
		m->len = m->len + (size_t)w < m->size ? m->len + (size_t)w : m->size - 1;
}

static void msg_types(struct msg *m, const struct glsl_type *(*get)(const void *, unsigned),
		      const void *ctx, unsigned n)
{
	char name[64];

	for (unsigned i = 0; i < n; i++)
		msg_add(m, "%s%s", i ? ", " : "", glsl_type_name(get(ctx, i), name, sizeof(name)));
}

static const struct glsl_type *fn_param_at(const void *fn, unsigned i)
{
	return glsl_bi_fn_param(fn, i);
}

static const struct glsl_type *call_arg_at(const void *call, unsigned i)
{
	return ((const struct glsl_bi_call *)call)->args[i];
}

const char *glsl_bi_fn_signature(const struct glsl_bi_fn *fn, char *buf, size_t size)
{
	struct msg m = { buf, size, 0 };

	if (size)
		buf[0] = '\0';
	msg_add(&m, "%s %s(", glsl_bi_fn_return(fn)->name, glsl_bi_fn_name(fn));
	msg_types(&m, fn_param_at, fn, fn->nr_params);
	msg_add(&m, ")");
	return buf;
}

static void msg_call(struct msg *m, const struct glsl_bi_call *call)
{
	msg_add(m, "'%.*s(", (int)call->len, call->name);
	msg_types(m, call_arg_at, call, call->nr_args);
	msg_add(m, ")'");
}

/* --- resolution ------------------------------------------------------------ */

static bool matches(const struct glsl_bi_fn *fn, const struct glsl_bi_call *call)
{
	if (fn->nr_params != call->nr_args)
		return false;
	/* no implicit conversions in ES: built-in types are interned, so equal
	 * types are equal pointers (arrays and structs never match) */
	for (unsigned i = 0; i < fn->nr_params; i++)
		if (glsl_bi_fn_param(fn, i) != call->args[i])
			return false;
	return true;
}

/* The overload of a name that takes the call's arguments, in any version,
 * stage and extension (for "only in fragment shaders"-style messages); one of
 * the call's version first, so that the message names what is missing there. */
static const struct glsl_bi_fn *match_any(const struct glsl_bi_name *n,
					  const struct glsl_bi_call *call)
{
	const struct glsl_bi_fn *other = NULL;

	for (unsigned i = 0; i < n->count; i++) {
		const struct glsl_bi_fn *fn = &glsl_bi_fns[n->first + i];

		if (!matches(fn, call))
			continue;
		if (fn->versions & version_bit(call->version))
			return fn;
		if (!other)
			other = fn;
	}
	return other;
}

static const char *stage_name(enum glsl_stage stage)
{
	return stage == GLSL_STAGE_VERTEX ? "vertex" :
	       stage == GLSL_STAGE_FRAGMENT ? "fragment" :
	       stage == GLSL_STAGE_GEOMETRY ? "geometry" :
	       stage == GLSL_STAGE_TESS_CTRL ? "tessellation control" :
	       stage == GLSL_STAGE_TESS_EVAL ? "tessellation evaluation" : "compute";
}

/* "fragment", "vertex and compute"... for the stages a row exists in. */
static const char *stage_names(unsigned stages)
{
	static const char *const names[64] = {
		[1] = "vertex", [2] = "fragment", [3] = "vertex and fragment", [4] = "compute",
		[5] = "vertex and compute", [6] = "fragment and compute", [8] = "geometry",
		[16] = "tessellation control", [32] = "tessellation evaluation",
		[48] = "tessellation",
	};

	return names[stages & 63] ? names[stages & 63] : "other";
}

/* Why an overload that exists elsewhere is not available to this call. */
static void msg_unavailable(struct msg *m, const struct glsl_bi_call *call,
			    const struct glsl_bi_fn *fn)
{
	msg_call(m, call);
	if (!(fn->versions & version_bit(call->version)))
		msg_add(m, " is not available in GLSL ES %s",
			glsl_es_version_name(call->version));
	else if (!ext_enabled(fn->ext, call->exts))
		msg_add(m, " requires #extension %s", glsl_bi_ext_names[fn->ext]);
	else
		msg_add(m, " is only available in %s shaders", stage_names(fn->stages));
}

static bool first_arg_fits(const struct glsl_bi_fn *fn, const struct glsl_bi_call *call)
{
	return call->nr_args && fn->nr_params && glsl_bi_fn_param(fn, 0) == call->args[0];
}

static void msg_candidates(struct msg *m, const struct glsl_bi_call *call,
			   const struct glsl_bi_fn **cands, unsigned n)
{
	char sig[128];
	bool any_fits = false;

	for (unsigned i = 0; i < n; i++)
		any_fits |= first_arg_fits(cands[i], call);
	msg_add(m, "; candidates:");
	for (unsigned i = 0; i < n; i++)
		if (!any_fits || first_arg_fits(cands[i], call))
			msg_add(m, "\n  %s", glsl_bi_fn_signature(cands[i], sig, sizeof(sig)));
}

static enum glsl_bi_result no_overload_here(const struct glsl_bi_name *n,
					    const struct glsl_bi_call *call, struct msg *m)
{
	const struct glsl_bi_fn *elsewhere = match_any(n, call);

	if (elsewhere) {
		msg_unavailable(m, call, elsewhere);
		return GLSL_BI_UNAVAILABLE;
	}
	msg_add(m, "'%.*s' is not a built-in function in GLSL ES %s %s shaders",
		(int)call->len, call->name, glsl_es_version_name(call->version),
		stage_name(call->stage));
	return GLSL_BI_UNAVAILABLE;
}

enum glsl_bi_result glsl_builtin_resolve(const struct glsl_bi_call *call,
					 const struct glsl_bi_fn **fn, char *err, size_t err_size)
{
	const struct glsl_bi_fn *cands[GLSL_BI_MAX_OVERLOADS];
	const struct glsl_bi_name *n = glsl_builtin_find(call->name, call->len);
	struct msg m = { err, err_size, 0 };
	unsigned nr;

	*fn = NULL;
	if (err_size)
		err[0] = '\0';
	if (!n)
		return GLSL_BI_NOT_BUILTIN;
	nr = glsl_builtin_overloads(call->name, call->len, call->version, call->stage, call->exts,
				    cands, GLSL_BI_MAX_OVERLOADS);
	assert(nr <= GLSL_BI_MAX_OVERLOADS); /* the generator sizes it */
	if (nr > GLSL_BI_MAX_OVERLOADS)
		nr = GLSL_BI_MAX_OVERLOADS;
	for (unsigned i = 0; i < nr; i++) {
		if (matches(cands[i], call)) {
			*fn = cands[i];
			return GLSL_BI_FOUND;
		}
	}
	if (!nr || match_any(n, call))
		return no_overload_here(n, call, &m);
	msg_add(&m, "no matching overload for ");
	msg_call(&m, call);
	msg_candidates(&m, call, cands, nr);
	return GLSL_BI_NO_MATCH;
}

/* --- variables -------------------------------------------------------------- */

/* The constants a glsl_builtin_limits field overrides. */
static const struct {
	const char *name;
	size_t offset;
} limit_fields[] = {
	{ "gl_MaxVertexUniformVectors", offsetof(struct glsl_builtin_limits, max_vertex_uniform_vectors) },
	{ "gl_MaxFragmentUniformVectors", offsetof(struct glsl_builtin_limits, max_fragment_uniform_vectors) },
	{ "gl_MaxVertexTextureImageUnits", offsetof(struct glsl_builtin_limits, max_vertex_texture_image_units) },
	{ "gl_MaxTextureImageUnits", offsetof(struct glsl_builtin_limits, max_texture_image_units) },
	{ "gl_MaxCombinedTextureImageUnits",
	  offsetof(struct glsl_builtin_limits, max_combined_texture_image_units) },
	{ "gl_MinProgramTexelOffset", offsetof(struct glsl_builtin_limits, min_program_texel_offset) },
	{ "gl_MaxProgramTexelOffset", offsetof(struct glsl_builtin_limits, max_program_texel_offset) },
	{ "gl_MaxImageUnits", offsetof(struct glsl_builtin_limits, max_image_units) },
	{ "gl_MaxComputeImageUniforms", offsetof(struct glsl_builtin_limits, max_compute_image_uniforms) },
	{ "gl_MaxFragmentImageUniforms",
	  offsetof(struct glsl_builtin_limits, max_fragment_image_uniforms) },
	{ "gl_MaxVertexImageUniforms", offsetof(struct glsl_builtin_limits, max_vertex_image_uniforms) },
	{ "gl_MaxVertexAtomicCounters",
	  offsetof(struct glsl_builtin_limits, max_vertex_atomic_counters) },
	{ "gl_MaxVertexAtomicCounterBuffers",
	  offsetof(struct glsl_builtin_limits, max_vertex_atomic_counter_buffers) },
	{ "gl_MaxFragmentAtomicCounters",
	  offsetof(struct glsl_builtin_limits, max_fragment_atomic_counters) },
	{ "gl_MaxFragmentAtomicCounterBuffers",
	  offsetof(struct glsl_builtin_limits, max_fragment_atomic_counter_buffers) },
	/* geometry and tessellation shaders have the vertex stage's storage */
	{ "gl_MaxGeometryImageUniforms", offsetof(struct glsl_builtin_limits, max_vertex_image_uniforms) },
	{ "gl_MaxGeometryAtomicCounters",
	  offsetof(struct glsl_builtin_limits, max_vertex_atomic_counters) },
	{ "gl_MaxGeometryAtomicCounterBuffers",
	  offsetof(struct glsl_builtin_limits, max_vertex_atomic_counter_buffers) },
	{ "gl_MaxTessControlImageUniforms",
	  offsetof(struct glsl_builtin_limits, max_vertex_image_uniforms) },
	{ "gl_MaxTessControlAtomicCounters",
	  offsetof(struct glsl_builtin_limits, max_vertex_atomic_counters) },
	{ "gl_MaxTessControlAtomicCounterBuffers",
	  offsetof(struct glsl_builtin_limits, max_vertex_atomic_counter_buffers) },
	{ "gl_MaxTessEvaluationImageUniforms",
	  offsetof(struct glsl_builtin_limits, max_vertex_image_uniforms) },
	{ "gl_MaxTessEvaluationAtomicCounters",
	  offsetof(struct glsl_builtin_limits, max_vertex_atomic_counters) },
	{ "gl_MaxTessEvaluationAtomicCounterBuffers",
	  offsetof(struct glsl_builtin_limits, max_vertex_atomic_counter_buffers) },
	{ "gl_MaxCombinedImageUniforms",
	  offsetof(struct glsl_builtin_limits, max_combined_image_uniforms) },
	{ "gl_MaxCombinedShaderOutputResources",
	  offsetof(struct glsl_builtin_limits, max_combined_shader_output_resources) },
	{ "gl_MaxAtomicCounterBindings",
	  offsetof(struct glsl_builtin_limits, max_atomic_counter_bindings) },
	{ "gl_MaxComputeAtomicCounters",
	  offsetof(struct glsl_builtin_limits, max_compute_atomic_counters) },
	{ "gl_MaxComputeAtomicCounterBuffers",
	  offsetof(struct glsl_builtin_limits, max_compute_atomic_counter_buffers) },
	{ "gl_MaxCombinedAtomicCounters",
	  offsetof(struct glsl_builtin_limits, max_combined_atomic_counters) },
	{ "gl_MaxCombinedAtomicCounterBuffers",
	  offsetof(struct glsl_builtin_limits, max_combined_atomic_counter_buffers) },
	{ "gl_MaxAtomicCounterBufferSize",
	  offsetof(struct glsl_builtin_limits, max_atomic_counter_buffer_size) },
	{ "gl_MaxSamples", offsetof(struct glsl_builtin_limits, max_samples) },
	{ "gl_MaxComputeUniformComponents",
	  offsetof(struct glsl_builtin_limits, max_compute_uniform_components) },
	{ "gl_MaxComputeTextureImageUnits",
	  offsetof(struct glsl_builtin_limits, max_compute_texture_image_units) },
};

/* The ivec3 constants' limits (three ints each). */
static const struct {
	const char *name;
	size_t offset;
} limit_vectors[] = {
	{ "gl_MaxComputeWorkGroupCount",
	  offsetof(struct glsl_builtin_limits, max_compute_work_group_count) },
	{ "gl_MaxComputeWorkGroupSize", offsetof(struct glsl_builtin_limits, max_compute_work_group_size) },
};

void glsl_builtin_const_values(const struct glsl_bi_var *v, const struct glsl_builtin_limits *limits,
			       int32_t out[3])
{
	out[0] = glsl_builtin_const_value(v, limits);
	out[1] = v->value_yz[0];
	out[2] = v->value_yz[1];
	for (size_t i = 0; limits && i < sizeof(limit_vectors) / sizeof(limit_vectors[0]); i++) {
		int32_t given[3];

		if (strcmp(v->name, limit_vectors[i].name))
			continue;
		memcpy(given, (const char *)limits + limit_vectors[i].offset, sizeof(given));
		if (given[0])
			memcpy(out, given, sizeof(given));
	}
}

int32_t glsl_builtin_const_value(const struct glsl_bi_var *v, const struct glsl_builtin_limits *limits)
{
	for (size_t i = 0; limits && i < sizeof(limit_fields) / sizeof(limit_fields[0]); i++) {
		int32_t given;

		if (strcmp(v->name, limit_fields[i].name))
			continue;
		memcpy(&given, (const char *)limits + limit_fields[i].offset, sizeof(given));
		return given ? given : v->value;
	}
	return v->value;
}

const struct glsl_bi_var *glsl_builtin_var(const char *name, size_t len,
					   enum glsl_es_version version, enum glsl_stage stage,
					   uint32_t exts)
{
	/* a few dozen rows: a scan is as fast as anything cleverer */
	for (unsigned i = 0; i < GLSL_BI_NR_VARS; i++) {
		const struct glsl_bi_var *v = &glsl_bi_vars[i];

		if (!name_cmp(name, len, v->name) && (v->versions & version_bit(version)) &&
		    (v->stages & (1u << stage)) && ext_enabled(v->ext, exts))
			return v;
	}
	return NULL;
}
