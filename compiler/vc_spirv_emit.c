/* SPDX-License-Identifier: MIT */
/* IR -> SPIR-V: word buffers, interning, capabilities and the module layout. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "vc_spirv_emit_private.h"

void se_fail(struct se *e, const char *fmt, ...)
{
	va_list ap;

	if (se_failed(e))
		return;
	va_start(ap, fmt);
	vsnprintf(e->err, sizeof(e->err), fmt, ap);
	va_end(ap);
	if (!e->err[0])
		snprintf(e->err, sizeof(e->err), "SPIR-V writer: failed");
}

uint32_t se_id(struct se *e)
{
	return e->next_id++;
}

/* Room for `n` more words; doubling keeps appends amortised O(1). */
static bool reserve(struct se *e, struct se_buf *b, uint32_t n)
{
	uint32_t cap = b->cap ? b->cap : 256;
	uint32_t *w;

	if (b->n + n <= b->cap)
		return true;
	while (cap < b->n + n) {
		if (cap > UINT32_MAX / 4) {
			e->oom = true;
			return false;
		}
		cap *= 2;
	}
	w = realloc(b->w, (size_t)cap * sizeof(*w));
	if (!w) {
		e->oom = true;
		return false;
	}
	b->w = w;
	b->cap = cap;
	return true;
}

void se_ins(struct se *e, enum se_section sec, SpvOp op, const uint32_t *ops, uint32_t n)
{
	struct se_buf *b = &e->s[sec];

	if (n >= 0xffff) {
		se_fail(e, "SPIR-V writer: instruction of %u words", n + 1);
		return;
	}
	if (!reserve(e, b, n + 1))
		return;
	b->w[b->n++] = (n + 1) << 16 | (uint32_t)op;
	if (n)
		memcpy(&b->w[b->n], ops, n * sizeof(*ops));
	b->n += n;
}

void se_ins1(struct se *e, enum se_section sec, SpvOp op, uint32_t a)
{
	se_ins(e, sec, op, &a, 1);
}

void se_ins2(struct se *e, enum se_section sec, SpvOp op, uint32_t a, uint32_t b)
{
	uint32_t w[2] = { a, b };

	se_ins(e, sec, op, w, 2);
}

void se_ins3(struct se *e, enum se_section sec, SpvOp op, uint32_t a, uint32_t b, uint32_t c)
{
	uint32_t w[3] = { a, b, c };

	se_ins(e, sec, op, w, 3);
}

void se_ins_str(struct se *e, enum se_section sec, SpvOp op, const uint32_t *pre, uint32_t n,
		const char *str)
{
	size_t len = strlen(str);
	uint32_t nw = (uint32_t)(len / 4 + 1), ops[64];

	/* names are debug information: a very long one is cut, not an error */
	if (n + nw > 64) {
		nw = 64 - n;
		len = nw * 4 - 1;
	}
	memcpy(ops, pre, n * sizeof(*pre));
	memset(&ops[n], 0, nw * sizeof(*ops));
	memcpy(&ops[n], str, len);
	se_ins(e, sec, op, ops, n + nw);
}

/* ---- interning -------------------------------------------------------------------- */

static uint32_t hash_words(uint32_t op, const uint32_t *w, uint32_t n, uint32_t skip)
{
	uint32_t h = 2166136261u ^ op;

	for (uint32_t i = 0; i < n; i++)
		if (i != skip)
			h = (h ^ w[i]) * 16777619u;
	return h;
}

/* Is the instruction at `at` in SE_GLOBALS (op, w[0..n)) except result slot `skip`? */
static bool same_ins(const struct se *e, uint32_t at, uint32_t op, const uint32_t *w,
		     uint32_t n, uint32_t skip)
{
	const uint32_t *g = &e->s[SE_GLOBALS].w[at];

	if (g[0] != ((n + 1) << 16 | op))
		return false;
	for (uint32_t i = 0; i < n; i++)
		if (i != skip && g[1 + i] != w[i])
			return false;
	return true;
}

static bool intern_grow(struct se *e)
{
	struct se_intern *t = &e->intern;
	uint32_t cap = t->cap ? t->cap * 2 : 256;
	uint32_t *slots = calloc(cap, sizeof(*slots));

	if (!slots) {
		e->oom = true;
		return false;
	}
	for (uint32_t i = 0; i < t->cap; i++) {
		const uint32_t *g;
		uint32_t at = t->slots[i], n, h, skip;

		if (!at)
			continue;
		g = &e->s[SE_GLOBALS].w[at - 1];
		n = (g[0] >> 16) - 1;
		skip = (g[0] & 0xffff) >= SpvOpConstantTrue ? 1 : 0;
		h = hash_words(g[0] & 0xffff, g + 1, n, skip);
		while (slots[h & (cap - 1)])
			h++;
		slots[h & (cap - 1)] = at;
	}
	free(t->slots);
	t->slots = slots;
	t->cap = cap;
	return true;
}

/*
 * Types have their result at operand 0, constants at operand 1 (after the
 * type); `res` says which, and the rehash above relies on constants'
 * opcodes all being >= OpConstantTrue and types' below it.
 */
uint32_t se_intern(struct se *e, SpvOp op, uint32_t *ops, uint32_t n, uint32_t res)
{
	struct se_intern *t = &e->intern;
	uint32_t h;

	if (se_failed(e) || ((t->nr + 1) * 2 > t->cap && !intern_grow(e)))
		return 0;
	h = hash_words(op, ops, n, res);
	for (;; h++) {
		uint32_t at = t->slots[h & (t->cap - 1)];

		if (!at)
			break;
		if (same_ins(e, at - 1, op, ops, n, res))
			return e->s[SE_GLOBALS].w[at + res];
	}
	ops[res] = se_id(e);
	t->slots[h & (t->cap - 1)] = e->s[SE_GLOBALS].n + 1;
	t->nr++;
	se_ins(e, SE_GLOBALS, op, ops, n);
	return ops[res];
}

void se_cap(struct se *e, SpvCapability cap)
{
	for (uint32_t i = 0; i < e->nr_caps; i++)
		if (e->caps[i] == (uint32_t)cap)
			return;
	if (e->nr_caps == SE_NR_CAPS) {
		se_fail(e, "SPIR-V writer: too many capabilities");
		return;
	}
	e->caps[e->nr_caps++] = cap;
}

void se_interface(struct se *e, uint32_t id)
{
	if (e->nr_interface == e->cap_interface) {
		uint32_t cap = e->cap_interface ? e->cap_interface * 2 : 16;
		uint32_t *p = realloc(e->interface, cap * sizeof(*p));

		if (!p) {
			e->oom = true;
			return;
		}
		e->interface = p;
		e->cap_interface = cap;
	}
	e->interface[e->nr_interface++] = id;
}

void se_decorate(struct se *e, uint32_t id, SpvDecoration d, const uint32_t *args, uint32_t n)
{
	uint32_t w[4] = { id, d };

	for (uint32_t i = 0; i < n && i < 2; i++)
		w[2 + i] = args[i];
	se_ins(e, SE_DECOS, SpvOpDecorate, w, 2 + (n < 2 ? n : 2));
}

/* ---- the module -------------------------------------------------------------------- */

static SpvExecutionModel exec_model(enum vc_ir_stage s)
{
	static const SpvExecutionModel models[] = {
		[VC_IR_VERTEX] = SpvExecutionModelVertex, [VC_IR_FRAGMENT] = SpvExecutionModelFragment,
		[VC_IR_COMPUTE] = SpvExecutionModelGLCompute,
		[VC_IR_GEOMETRY] = SpvExecutionModelGeometry,
		[VC_IR_TESS_CTRL] = SpvExecutionModelTessellationControl,
		[VC_IR_TESS_EVAL] = SpvExecutionModelTessellationEvaluation,
	};
	return models[s];
}

/* A tessellation control shader's output vertices; an evaluation shader's
 * domain, spacing, winding and point mode. */
static void tess_modes(struct se *e, uint32_t fn)
{
	static const SpvExecutionMode spacings[] = {
		[VC_TESS_EQUAL] = SpvExecutionModeSpacingEqual,
		[VC_TESS_FRACTIONAL_EVEN] = SpvExecutionModeSpacingFractionalEven,
		[VC_TESS_FRACTIONAL_ODD] = SpvExecutionModeSpacingFractionalOdd,
	};
	const struct vc_tess *ts = &e->m->tess;

	se_cap(e, SpvCapabilityTessellation);
	if (e->m->stage == VC_IR_TESS_CTRL) {
		se_ins(e, SE_MODES, SpvOpExecutionMode,
		       (uint32_t[]){ fn, SpvExecutionModeOutputVertices, ts->vertices }, 3);
		return;
	}
	if (ts->domain != VC_PRIM_TRIANGLES && ts->domain != VC_TESS_QUADS &&
	    ts->domain != VC_PRIM_LINES) {
		se_fail(e, "SPIR-V writer: a tessellation evaluation shader without its domain");
		return;
	}
	se_ins2(e, SE_MODES, SpvOpExecutionMode, fn, ts->domain == VC_PRIM_TRIANGLES ?
		SpvExecutionModeTriangles : ts->domain == VC_TESS_QUADS ? SpvExecutionModeQuads :
		SpvExecutionModeIsolines);
	se_ins2(e, SE_MODES, SpvOpExecutionMode, fn, spacings[ts->spacing]);
	se_ins2(e, SE_MODES, SpvOpExecutionMode, fn, ts->cw ? SpvExecutionModeVertexOrderCw :
		SpvExecutionModeVertexOrderCcw);
	if (ts->point_mode)
		se_ins2(e, SE_MODES, SpvOpExecutionMode, fn, SpvExecutionModePointMode);
}

/* A geometry shader's primitives, vertex count and invocations. */
static void geometry_modes(struct se *e, uint32_t fn)
{
	static const SpvExecutionMode prims[] = {
		[VC_PRIM_POINTS] = SpvExecutionModeInputPoints,
		[VC_PRIM_LINES] = SpvExecutionModeInputLines,
		[VC_PRIM_LINES_ADJACENCY] = SpvExecutionModeInputLinesAdjacency,
		[VC_PRIM_TRIANGLES] = SpvExecutionModeTriangles,
		[VC_PRIM_TRIANGLES_ADJACENCY] = SpvExecutionModeInputTrianglesAdjacency,
		[VC_PRIM_LINE_STRIP] = SpvExecutionModeOutputLineStrip,
		[VC_PRIM_TRIANGLE_STRIP] = SpvExecutionModeOutputTriangleStrip,
	};
	const struct vc_geometry *g = &e->m->gs;

	se_cap(e, SpvCapabilityGeometry);
	if (g->input == VC_PRIM_NONE || g->input > VC_PRIM_TRIANGLES_ADJACENCY ||
	    (g->output != VC_PRIM_POINTS && g->output != VC_PRIM_LINE_STRIP &&
	     g->output != VC_PRIM_TRIANGLE_STRIP)) {
		se_fail(e, "SPIR-V writer: a geometry shader without its primitives");
		return;
	}
	se_ins2(e, SE_MODES, SpvOpExecutionMode, fn, prims[g->input]);
	se_ins2(e, SE_MODES, SpvOpExecutionMode, fn, g->output == VC_PRIM_POINTS ?
		SpvExecutionModeOutputPoints : prims[g->output]);
	se_ins(e, SE_MODES, SpvOpExecutionMode,
	       (uint32_t[]){ fn, SpvExecutionModeOutputVertices, g->max_vertices }, 3);
	se_ins(e, SE_MODES, SpvOpExecutionMode,
	       (uint32_t[]){ fn, SpvExecutionModeInvocations, g->invocations ? g->invocations : 1 },
	       3);
}

static void emit_modes(struct se *e, uint32_t fn)
{
	const struct vc_module *m = e->m;

	if (m->stage == VC_IR_FRAGMENT) {
		/* Vulkan knows only the upper-left origin; GL's lower-left is
		 * the driver's business (viewport flip), not the shader's */
		se_ins2(e, SE_MODES, SpvOpExecutionMode, fn, SpvExecutionModeOriginUpperLeft);
		if (m->early_fragment_tests)
			se_ins2(e, SE_MODES, SpvOpExecutionMode, fn, SpvExecutionModeEarlyFragmentTests);
		if (m->depth_replacing)
			se_ins2(e, SE_MODES, SpvOpExecutionMode, fn, SpvExecutionModeDepthReplacing);
	} else if (m->stage == VC_IR_COMPUTE) {
		uint32_t w[5] = { fn, SpvExecutionModeLocalSize };

		for (int i = 0; i < 3; i++)
			w[2 + i] = m->local_size[i] ? m->local_size[i] : 1;
		se_ins(e, SE_MODES, SpvOpExecutionMode, w, 5);
	} else if (m->stage == VC_IR_GEOMETRY) {
		geometry_modes(e, fn);
	} else if (m->stage == VC_IR_TESS_CTRL || m->stage == VC_IR_TESS_EVAL) {
		tess_modes(e, fn);
	}
}

static bool append(struct se *e, struct se_buf *out, const struct se_buf *b)
{
	if (!reserve(e, out, b->n))
		return false;
	if (b->n)
		memcpy(&out->w[out->n], b->w, b->n * sizeof(*b->w));
	out->n += b->n;
	return true;
}

/* OpEntryPoint: written last because the interface is only known then. */
static void emit_entry_point(struct se *e, uint32_t fn)
{
	struct se_buf *b = &e->s[SE_ENTRY];
	uint32_t n = 3 + 2 + e->nr_interface; /* opcode, model, fn, "main\0" (2), ids */

	se_ins2(e, SE_ENTRY, SpvOpMemoryModel, SpvAddressingModelLogical, SpvMemoryModelGLSL450);
	if (n >= 0xffff || !reserve(e, b, n)) {
		se_fail(e, "SPIR-V writer: %u interface variables", e->nr_interface);
		return;
	}
	b->w[b->n++] = n << 16 | SpvOpEntryPoint;
	b->w[b->n++] = exec_model(e->m->stage);
	b->w[b->n++] = fn;
	memcpy(&b->w[b->n], "main\0\0\0\0", 8);
	b->n += 2;
	if (e->nr_interface)
		memcpy(&b->w[b->n], e->interface, e->nr_interface * sizeof(uint32_t));
	b->n += e->nr_interface;
}

/* OpFunction + its first label, in front of the locals; OpFunctionEnd after the code. */
static void emit_function_frame(struct se *e, uint32_t fn, uint32_t label)
{
	uint32_t void_t = se_type_void(e);
	uint32_t fn_ops[2] = { 0, void_t };
	uint32_t fn_t = se_intern(e, SpvOpTypeFunction, fn_ops, 2, 0);
	uint32_t head[4] = { void_t, fn, SpvFunctionControlMaskNone, fn_t };

	se_ins(e, SE_FUNC, SpvOpFunction, head, 4);
	se_ins1(e, SE_FUNC, SpvOpLabel, label);
	se_ins(e, SE_CODE, SpvOpFunctionEnd, NULL, 0);
}

static void emit_caps(struct se *e)
{
	for (uint32_t i = 0; i < e->nr_caps; i++)
		se_ins1(e, SE_CAPS, SpvOpCapability, e->caps[i]);
}

static void assemble(struct se *e, struct se_buf *out)
{
	uint32_t header[5] = { SpvMagicNumber, 0x00010000, 0, e->next_id, 0 };

	if (se_failed(e) || !reserve(e, out, 5))
		return;
	memcpy(out->w, header, sizeof(header));
	out->n = 5;
	for (int s = 0; s < SE_COUNT; s++)
		if (!append(e, out, &e->s[s]))
			return;
}

static void import_glsl(struct se *e)
{
	uint32_t id = se_id(e);

	se_ins_str(e, SE_EXT, SpvOpExtInstImport, &id, 1, "GLSL.std.450");
	e->glsl_ext = id;
}

static bool se_init(struct se *e, const struct vc_module *m)
{
	memset(e, 0, sizeof(*e));
	e->m = m;
	e->next_id = 1;
	e->type_ids = calloc(m->nr_types ? m->nr_types : 1, sizeof(*e->type_ids));
	e->value_ids = calloc(m->nr_values ? m->nr_values : 1, sizeof(*e->value_ids));
	e->buffer_block = calloc(m->nr_types ? m->nr_types : 1, 1);
	e->value_sc = calloc(m->nr_values ? m->nr_values : 1, 1);
	return e->type_ids && e->value_ids && e->buffer_block && e->value_sc;
}

static void se_finish(struct se *e)
{
	for (int s = 0; s < SE_COUNT; s++)
		free(e->s[s].w);
	free(e->intern.slots);
	free(e->type_ids);
	free(e->value_ids);
	free(e->buffer_block);
	free(e->value_sc);
	free(e->interface);
}

static int set_log(char **log, const char *msg)
{
	if (log)
		*log = strdup(msg);
	return -1;
}

/* Cheap checks that keep the walk below from indexing out of the module. */
static const char *check_module(const struct vc_module *m)
{
	if (!m)
		return "SPIR-V writer: no module";
	if (m->oom)
		return "SPIR-V writer: the IR module is incomplete (out of memory while building it)";
	if (!m->nr_types || !m->nr_values || !m->nr_vars || !m->types || !m->values || !m->vars)
		return "SPIR-V writer: the IR module has no type, value or variable tables";
	if (m->stage > VC_IR_TESS_EVAL)
		return "SPIR-V writer: unknown shader stage";
	return NULL;
}

static void emit_all(struct se *e)
{
	uint32_t fn, label;

	se_cap(e, SpvCapabilityShader);
	import_glsl(e);
	fn = se_id(e);
	label = se_id(e);
	se_ins_str(e, SE_NAMES, SpvOpName, &fn, 1, "main");
	emit_modes(e, fn);
	se_emit_globals(e);
	se_emit_body(e);
	emit_function_frame(e, fn, label);
	emit_entry_point(e, fn);
	emit_caps(e);
}

int vc_spirv_emit(const struct vc_ir_shader *ir, uint32_t **words, size_t *nr_words, char **log)
{
	const char *bad = check_module(ir);
	struct se_buf out = { 0 };
	struct se e;
	int ret = 0;

	if (log)
		*log = NULL;
	if (words)
		*words = NULL;
	if (nr_words)
		*nr_words = 0;
	if (!words || !nr_words)
		return set_log(log, "SPIR-V writer: no output");
	if (bad)
		return set_log(log, bad);
	if (se_init(&e, ir)) {
		emit_all(&e);
		assemble(&e, &out);
	} else {
		e.oom = true;
	}
	if (se_failed(&e)) {
		ret = set_log(log, e.oom ? "SPIR-V writer: out of memory" : e.err);
		free(out.w);
	} else {
		*words = out.w;
		*nr_words = out.n;
	}
	se_finish(&e);
	return ret;
}
