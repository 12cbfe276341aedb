/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_types.h"

#define NUMERIC(tid, nm, k, b, c, r) \
	[GLSL_TID_##tid] = { .kind = GLSL_KIND_##k, .base = GLSL_BASE_##b, .cols = c, \
			     .rows = r, .id = GLSL_TID_##tid, .name = nm },
#define SAMPLER(tid, nm, b, d, arr, shd) \
	[GLSL_TID_##tid] = { .kind = GLSL_KIND_SAMPLER, .base = GLSL_BASE_##b, .cols = 1, \
			     .rows = 1, .id = GLSL_TID_##tid, .dim = GLSL_DIM_##d, \
			     .arrayed = arr, .shadow = shd, .name = nm },
#define IMAGE(tid, nm, b, d, arr) \
	[GLSL_TID_##tid] = { .kind = GLSL_KIND_SAMPLER, .base = GLSL_BASE_##b, .cols = 1, \
			     .rows = 1, .id = GLSL_TID_##tid, .dim = GLSL_DIM_##d, \
			     .arrayed = arr, .image = true, .name = nm },
const struct glsl_type glsl_builtin_types[GLSL_TID_COUNT] = {
	GLSL_NUMERIC_TYPES(NUMERIC)
	GLSL_SAMPLER_TYPES(SAMPLER)
	GLSL_IMAGE_TYPES(IMAGE)
	[GLSL_TID_ATOMIC_UINT] = { .kind = GLSL_KIND_ATOMIC, .base = GLSL_BASE_UINT, .cols = 1,
				   .rows = 1, .id = GLSL_TID_ATOMIC_UINT, .name = "atomic_uint" },
};
#undef NUMERIC
#undef SAMPLER
#undef IMAGE

const struct glsl_type *glsl_type_vector(enum glsl_base base, unsigned rows)
{
	static const enum glsl_type_id first[] = {
		[GLSL_BASE_BOOL] = GLSL_TID_BOOL, [GLSL_BASE_INT] = GLSL_TID_INT,
		[GLSL_BASE_UINT] = GLSL_TID_UINT, [GLSL_BASE_FLOAT] = GLSL_TID_FLOAT,
	};

	if (base == GLSL_BASE_NONE || base > GLSL_BASE_FLOAT || rows < 1 || rows > 4)
		return NULL;
	/* each base's scalar is followed by its vec2..vec4 in the X-list */
	return glsl_type_get(first[base] + rows - 1);
}

const struct glsl_type *glsl_type_matrix(unsigned cols, unsigned rows)
{
	if (cols < 2 || cols > 4 || rows < 2 || rows > 4)
		return NULL;
	/* the X-list orders matrices by columns, then rows */
	return glsl_type_get(GLSL_TID_MAT2 + (cols - 2) * 3 + (rows - 2));
}

enum glsl_es_version glsl_type_version(const struct glsl_type *t)
{
	switch (t->kind) {
	case GLSL_KIND_SCALAR:
	case GLSL_KIND_VECTOR:
		return t->base == GLSL_BASE_UINT ? GLSL_ES_300 : GLSL_ES_100;
	case GLSL_KIND_MATRIX:
		return t->cols == t->rows ? GLSL_ES_100 : GLSL_ES_300;
	case GLSL_KIND_SAMPLER:
		if (t->image || t->dim == GLSL_DIM_2D_MS || (t->dim == GLSL_DIM_CUBE && t->arrayed) ||
		    t->dim == GLSL_DIM_BUFFER)
			return GLSL_ES_310;
		/* samplerExternalOES: in both, where its extension is enabled */
		return t->id == GLSL_TID_SAMPLER2D || t->id == GLSL_TID_SAMPLERCUBE ||
		       t->id == GLSL_TID_SAMPLEREXTERNALOES ? GLSL_ES_100 : GLSL_ES_300;
	case GLSL_KIND_ARRAY:
		return glsl_type_version(t->elem);
	case GLSL_KIND_ATOMIC:
		return GLSL_ES_310;
	default:
		return GLSL_ES_100;
	}
}

static bool name_is(const char *name, size_t len, const char *s)
{
	return strlen(s) == len && !memcmp(name, s, len);
}

const struct glsl_type *glsl_type_by_name(const char *name, size_t len,
					  enum glsl_es_version version)
{
	static const char *const square[] = { "mat2x2", "mat3x3", "mat4x4" };

	/* the CxC spellings are 3.00 aliases of the square matrices */
	for (unsigned i = 0; i < 3; i++)
		if (version >= GLSL_ES_300 && name_is(name, len, square[i]))
			return glsl_type_matrix(i + 2, i + 2);
	for (unsigned i = 0; i < GLSL_TID_COUNT; i++) {
		const struct glsl_type *t = &glsl_builtin_types[i];

		if (name_is(name, len, t->name))
			return glsl_type_version(t) <= version ? t : NULL;
	}
	return NULL;
}

void glsl_type_init_array(struct glsl_type *t, const struct glsl_type *elem, uint32_t length)
{
	*t = (struct glsl_type){ .kind = GLSL_KIND_ARRAY, .base = elem->base, .id = GLSL_TID_NONE,
				 .elem = elem, .length = length };
}

void glsl_type_init_struct(struct glsl_type *t, const char *name,
			   const struct glsl_field *fields, uint32_t nr_fields)
{
	*t = (struct glsl_type){ .kind = GLSL_KIND_STRUCT, .id = GLSL_TID_NONE, .name = name,
				 .fields = fields, .nr_fields = nr_fields };
}

void glsl_type_init_block(struct glsl_type *t, const char *name,
			  const struct glsl_field *fields, uint32_t nr_fields,
			  enum glsl_block_packing packing, enum glsl_matrix_layout layout)
{
	glsl_type_init_struct(t, name, fields, nr_fields);
	t->kind = GLSL_KIND_BLOCK;
	t->packing = packing;
	t->matrix_layout = layout;
}

bool glsl_type_equal(const struct glsl_type *a, const struct glsl_type *b)
{
	if (a == b)
		return true;
	if (a->kind != GLSL_KIND_ARRAY || b->kind != GLSL_KIND_ARRAY)
		return false;
	return a->length == b->length && glsl_type_equal(a->elem, b->elem);
}

bool glsl_type_is_numeric(const struct glsl_type *t)
{
	return t->kind == GLSL_KIND_SCALAR || t->kind == GLSL_KIND_VECTOR ||
	       t->kind == GLSL_KIND_MATRIX;
}

bool glsl_type_is_integer(const struct glsl_type *t)
{
	return (t->kind == GLSL_KIND_SCALAR || t->kind == GLSL_KIND_VECTOR) &&
	       (t->base == GLSL_BASE_INT || t->base == GLSL_BASE_UINT);
}

bool glsl_type_is_opaque(const struct glsl_type *t)
{
	switch (t->kind) {
	case GLSL_KIND_SAMPLER:
	case GLSL_KIND_ATOMIC:
		return true;
	case GLSL_KIND_ARRAY:
		return glsl_type_is_opaque(t->elem);
	case GLSL_KIND_STRUCT:
	case GLSL_KIND_BLOCK:
		for (uint32_t i = 0; i < t->nr_fields; i++)
			if (glsl_type_is_opaque(t->fields[i].type))
				return true;
		return false;
	default:
		return false;
	}
}

bool glsl_type_is_image(const struct glsl_type *t)
{
	while (t->kind == GLSL_KIND_ARRAY)
		t = t->elem;
	return t->kind == GLSL_KIND_SAMPLER && t->image;
}

bool glsl_type_is_atomic(const struct glsl_type *t)
{
	while (t->kind == GLSL_KIND_ARRAY)
		t = t->elem;
	return t->kind == GLSL_KIND_ATOMIC;
}

bool glsl_type_has_data(const struct glsl_type *t)
{
	switch (t->kind) {
	case GLSL_KIND_SAMPLER:
	case GLSL_KIND_ATOMIC:
	case GLSL_KIND_VOID:
		return false;
	case GLSL_KIND_ARRAY:
		return glsl_type_has_data(t->elem);
	case GLSL_KIND_STRUCT:
	case GLSL_KIND_BLOCK:
		for (uint32_t i = 0; i < t->nr_fields; i++)
			if (glsl_type_has_data(t->fields[i].type))
				return true;
		return false;
	default:
		return true;
	}
}

uint32_t glsl_type_data_field(const struct glsl_type *s, uint32_t field)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < field && i < s->nr_fields; i++)
		n += glsl_type_has_data(s->fields[i].type);
	return n;
}

uint32_t glsl_type_components(const struct glsl_type *t)
{
	uint32_t n = 0;

	switch (t->kind) {
	case GLSL_KIND_SCALAR:
	case GLSL_KIND_VECTOR:
	case GLSL_KIND_MATRIX:
		return (uint32_t)t->cols * t->rows;
	case GLSL_KIND_ARRAY:
		return t->length * glsl_type_components(t->elem);
	case GLSL_KIND_STRUCT:
	case GLSL_KIND_BLOCK:
		for (uint32_t i = 0; i < t->nr_fields; i++)
			n += glsl_type_components(t->fields[i].type);
		return n;
	default:
		return 0;
	}
}

const struct glsl_type *glsl_type_column(const struct glsl_type *t)
{
	if (t->kind == GLSL_KIND_MATRIX)
		return glsl_type_vector(t->base, t->rows);
	if (t->kind == GLSL_KIND_VECTOR)
		return glsl_type_vector(t->base, 1);
	return NULL;
}

bool glsl_type_takes_precision(const struct glsl_type *t)
{
	if (t->kind == GLSL_KIND_ARRAY)
		return glsl_type_takes_precision(t->elem);
	if (t->kind == GLSL_KIND_SAMPLER || t->kind == GLSL_KIND_ATOMIC)
		return true;
	return glsl_type_is_numeric(t) && t->base != GLSL_BASE_BOOL;
}

enum glsl_precision glsl_default_precision(enum glsl_stage stage, const struct glsl_type *t)
{
	if (t->kind == GLSL_KIND_ARRAY)
		return glsl_default_precision(stage, t->elem);
	if (!glsl_type_takes_precision(t))
		return GLSL_PREC_NONE;
	/* ES 3.10 §4.7.4: highp atomic_uint in every stage */
	if (t->kind == GLSL_KIND_ATOMIC)
		return GLSL_PREC_HIGH;
	if (t->kind == GLSL_KIND_SAMPLER)
		/* OES_EGL_image_external: "precision lowp samplerExternalOES" too */
		return t->id == GLSL_TID_SAMPLER2D || t->id == GLSL_TID_SAMPLERCUBE ||
		       t->id == GLSL_TID_SAMPLEREXTERNALOES ? GLSL_PREC_LOW : GLSL_PREC_NONE;
	/* ES 3.10 §4.7.4: compute shaders have the vertex language's defaults
	 * (EXT_geometry_shader, EXT_tessellation_shader: so do their stages) */
	if (stage != GLSL_STAGE_FRAGMENT)
		return GLSL_PREC_HIGH;
	/* an FS has no default float precision: it must be declared */
	return t->base == GLSL_BASE_FLOAT ? GLSL_PREC_NONE : GLSL_PREC_MEDIUM;
}

const char *glsl_precision_name(enum glsl_precision p)
{
	static const char *const names[] = {
		[GLSL_PREC_NONE] = "", [GLSL_PREC_LOW] = "lowp",
		[GLSL_PREC_MEDIUM] = "mediump", [GLSL_PREC_HIGH] = "highp",
	};

	return p <= GLSL_PREC_HIGH ? names[p] : "?";
}

static size_t put(char *buf, size_t size, size_t at, const char *fmt, const char *s, uint32_t n)
{
	int w;

	if (at >= size)
		return at;
	w = s ? snprintf(buf + at, size - at, fmt, s) : snprintf(buf + at, size - at, fmt, n);
	return w < 0 ? at : at + (size_t)w;
}

/* Arrays print as their element followed by every dimension: "float[4]". */
static size_t type_name(const struct glsl_type *t, char *buf, size_t size, size_t at)
{
	switch (t->kind) {
	case GLSL_KIND_ARRAY:
		at = type_name(t->elem, buf, size, at);
		return t->length ? put(buf, size, at, "[%u]", NULL, t->length) :
			put(buf, size, at, "%s", "[]", 0);
	case GLSL_KIND_STRUCT:
		return put(buf, size, at, "struct %s", t->name ? t->name : "<anonymous>", 0);
	case GLSL_KIND_BLOCK:
		return put(buf, size, at, "block %s", t->name ? t->name : "<anonymous>", 0);
	default:
		return put(buf, size, at, "%s", t->name, 0);
	}
}

const char *glsl_type_name(const struct glsl_type *t, char *buf, size_t size)
{
	if (size)
		buf[0] = '\0';
	type_name(t, buf, size, 0);
	return buf;
}

const char *glsl_ptype_name(struct glsl_ptype pt, char *buf, size_t size)
{
	size_t at = 0;

	if (size)
		buf[0] = '\0';
	if (pt.precision != GLSL_PREC_NONE)
		at = put(buf, size, at, "%s ", glsl_precision_name(pt.precision), 0);
	type_name(pt.type, buf, size, at);
	return buf;
}

bool glsl_type_has_unsized(const struct glsl_type *t)
{
	for (; t->kind == GLSL_KIND_ARRAY; t = t->elem)
		if (!t->length)
			return true;
	return false;
}

bool glsl_type_fits_unsized(const struct glsl_type *want, const struct glsl_type *have)
{
	if (want->kind != GLSL_KIND_ARRAY)
		return glsl_type_equal(want, have);
	return have->kind == GLSL_KIND_ARRAY && (!want->length || want->length == have->length) &&
	       glsl_type_fits_unsized(want->elem, have->elem);
}

bool glsl_type_is_aoa(const struct glsl_type *t)
{
	return t->kind == GLSL_KIND_ARRAY && t->elem->kind == GLSL_KIND_ARRAY;
}

const struct glsl_type *glsl_type_innermost(const struct glsl_type *t)
{
	while (t->kind == GLSL_KIND_ARRAY)
		t = t->elem;
	return t;
}

uint32_t glsl_type_slots(const struct glsl_type *t)
{
	uint32_t n = 0;

	switch (t->kind) {
	case GLSL_KIND_MATRIX: return t->cols;
	case GLSL_KIND_ARRAY: return t->length * glsl_type_slots(t->elem);
	case GLSL_KIND_STRUCT:
		for (uint32_t i = 0; i < t->nr_fields; i++)
			n += glsl_type_slots(t->fields[i].type);
		return n;
	default: return 1;
	}
}

uint32_t glsl_type_array_elements(const struct glsl_type *t)
{
	uint64_t n = 1;

	for (; t->kind == GLSL_KIND_ARRAY; t = t->elem)
		n = n * t->length > UINT32_MAX ? UINT32_MAX : n * t->length;
	return (uint32_t)n;
}
