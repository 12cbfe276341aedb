/* SPDX-License-Identifier: MIT */
/*
 * std140 layout (OpenGL ES 3.0 spec §2.12.6.4, "Standard Uniform Block
 * Layout"), std430 for the ES 3.10 buffer blocks that ask for it, and the
 * mapping of GLSL types to IR types.
 *
 * The rules in short: scalars align to 4, two-component vectors to 8, three-
 * and four-component vectors to 16; arrays, matrices (arrays of columns, or of
 * rows when row-major) and structs align to their element's or largest
 * member's alignment rounded up to 16, and their size is rounded up to that
 * alignment too, so a member after them starts on a 16-byte boundary.
 */
#include <stdlib.h>
#include <string.h>

#include "glsl_types.h"

/* a == 0: a type without memory (a sampler, or a struct of samplers only) */
static uint32_t round_up(uint32_t v, uint32_t a)
{
	return a ? (v + a - 1) / a * a : v;
}

/* The rules in force while laying out a type: row-major matrices, and
 * std430 (ES 3.10 §7.6.2.2 of the GL ES 3.1 spec: buffer blocks that ask for
 * it), where arrays and structs keep their elements' alignment instead of
 * rounding it up to 16. A block's packing decides for everything inside it. */
enum {
	LAY_ROW_MAJOR = 1 << 0,
	LAY_STD430 = 1 << 1,
};

static unsigned field_lay(const struct glsl_field *f, unsigned lay)
{
	if (f->matrix_layout == GLSL_MATRIX_INHERIT)
		return lay;
	return (lay & ~LAY_ROW_MAJOR) | (f->matrix_layout == GLSL_MATRIX_ROW ? LAY_ROW_MAJOR : 0);
}

static unsigned block_lay(const struct glsl_type *s, unsigned lay)
{
	if (s->kind != GLSL_KIND_BLOCK)
		return lay;
	if (s->packing == GLSL_PACKING_STD430)
		lay |= LAY_STD430;
	if (s->matrix_layout != GLSL_MATRIX_INHERIT)
		lay = (lay & ~LAY_ROW_MAJOR) | (s->matrix_layout == GLSL_MATRIX_ROW ? LAY_ROW_MAJOR : 0);
	return lay;
}

/* std140 rounds the alignment of arrays and structs up to a vec4's. */
static uint32_t aggregate_align(uint32_t a, unsigned lay)
{
	return lay & LAY_STD430 ? a : round_up(a, 16);
}

static uint32_t lay_align(const struct glsl_type *t, unsigned lay);
static uint32_t lay_size(const struct glsl_type *t, unsigned lay);
static uint32_t lay_offsets(const struct glsl_type *s, unsigned lay, uint32_t *offsets);

static uint32_t struct_align(const struct glsl_type *s, unsigned lay)
{
	uint32_t align = lay & LAY_STD430 ? 4 : 16;

	lay = block_lay(s, lay);
	for (uint32_t i = 0; i < s->nr_fields; i++) {
		uint32_t a = lay_align(s->fields[i].type, field_lay(&s->fields[i], lay));

		align = a > align ? aggregate_align(a, lay) : align;
	}
	return align;
}

/* A matrix is an array of its columns (rows if row-major). */
static uint32_t matrix_vector_align(const struct glsl_type *t, unsigned lay)
{
	unsigned n = lay & LAY_ROW_MAJOR ? t->cols : t->rows;

	return aggregate_align(n == 2 ? 8 : 16, lay);
}

static uint32_t lay_align(const struct glsl_type *t, unsigned lay)
{
	switch (t->kind) {
	case GLSL_KIND_SCALAR:
		return 4;
	case GLSL_KIND_VECTOR:
		return t->rows == 2 ? 8 : 16;
	case GLSL_KIND_MATRIX:
		return matrix_vector_align(t, lay);
	case GLSL_KIND_ARRAY:
		return aggregate_align(lay_align(t->elem, lay), lay);
	case GLSL_KIND_STRUCT:
	case GLSL_KIND_BLOCK:
		return struct_align(t, lay);
	default:
		return 0;   /* void and samplers have no memory layout */
	}
}

static uint32_t lay_array_stride(const struct glsl_type *array, unsigned lay)
{
	return round_up(lay_size(array->elem, lay), lay_align(array, lay));
}

static uint32_t lay_size(const struct glsl_type *t, unsigned lay)
{
	switch (t->kind) {
	case GLSL_KIND_SCALAR:
	case GLSL_KIND_VECTOR:
		return 4u * t->rows;
	case GLSL_KIND_MATRIX:
		return matrix_vector_align(t, lay) * (lay & LAY_ROW_MAJOR ? t->rows : t->cols);
	case GLSL_KIND_ARRAY:
		return lay_array_stride(t, lay) * t->length;
	case GLSL_KIND_STRUCT:
	case GLSL_KIND_BLOCK:
		return round_up(lay_offsets(t, lay, NULL), lay_align(t, lay));
	default:
		return 0;
	}
}

static uint32_t lay_matrix_stride(const struct glsl_type *t, unsigned lay)
{
	while (t->kind == GLSL_KIND_ARRAY)
		t = t->elem;
	return t->kind == GLSL_KIND_MATRIX ? matrix_vector_align(t, lay) : 0;
}

static uint32_t lay_offsets(const struct glsl_type *s, unsigned lay, uint32_t *offsets)
{
	uint32_t off = 0;

	lay = block_lay(s, lay);
	for (uint32_t i = 0; i < s->nr_fields; i++) {
		const struct glsl_field *f = &s->fields[i];
		unsigned fl = field_lay(f, lay);

		off = round_up(off, lay_align(f->type, fl));
		if (offsets)
			offsets[i] = off;
		off += lay_size(f->type, fl);
	}
	return off;
}

static unsigned rm_lay(bool row_major)
{
	return row_major ? LAY_ROW_MAJOR : 0;
}

uint32_t glsl_std140_align(const struct glsl_type *t, bool row_major)
{
	return lay_align(t, rm_lay(row_major));
}

uint32_t glsl_std140_array_stride(const struct glsl_type *array, bool row_major)
{
	return lay_array_stride(array, rm_lay(row_major));
}

uint32_t glsl_std140_size(const struct glsl_type *t, bool row_major)
{
	return lay_size(t, rm_lay(row_major));
}

uint32_t glsl_std140_matrix_stride(const struct glsl_type *t, bool row_major)
{
	return lay_matrix_stride(t, rm_lay(row_major));
}

uint32_t glsl_std140_offsets(const struct glsl_type *s, bool row_major, uint32_t *offsets)
{
	return lay_offsets(s, rm_lay(row_major), offsets);
}

static unsigned block_rules(bool row_major, bool std430)
{
	return rm_lay(row_major) | (std430 ? LAY_STD430 : 0);
}

uint32_t glsl_layout_array_stride(const struct glsl_type *array, bool row_major, bool std430)
{
	return lay_array_stride(array, block_rules(row_major, std430));
}

uint32_t glsl_layout_matrix_stride(const struct glsl_type *t, bool row_major, bool std430)
{
	return lay_matrix_stride(t, block_rules(row_major, std430));
}

uint32_t glsl_layout_offsets(const struct glsl_type *s, bool row_major, bool std430,
			     uint32_t *offsets)
{
	return lay_offsets(s, block_rules(row_major, std430), offsets);
}

/* --- IR types ------------------------------------------------------------ */

static enum vc_base ir_base(enum glsl_base b, bool explicit_layout)
{
	switch (b) {
	case GLSL_BASE_BOOL: return explicit_layout ? VC_BASE_UINT : VC_BASE_BOOL;
	case GLSL_BASE_INT: return VC_BASE_INT;
	case GLSL_BASE_UINT: return VC_BASE_UINT;
	default: return VC_BASE_FLOAT;
	}
}

static bool same_ir_type(const struct vc_type *a, const struct vc_type *b)
{
	return a->kind == b->kind && a->base == b->base && a->comps == b->comps &&
	       a->cols == b->cols && a->elem == b->elem && a->length == b->length &&
	       a->stride == b->stride && !memcmp(&a->image, &b->image, sizeof(a->image));
}

/* SPIR-V forbids declaring a non-struct type twice, so such types are shared. */
static vc_type_id find_or_add(struct vc_module *m, const struct vc_type *t)
{
	for (uint32_t i = 1; i < m->nr_types; i++)
		if (m->types[i].kind != VC_TYPE_STRUCT && same_ir_type(&m->types[i], t))
			return i;
	return vc_type_add(m, t);
}

static struct vc_type ir_image_type(const struct glsl_type *t)
{
	static const enum vc_dim dims[] = {
		[GLSL_DIM_2D] = VC_DIM_2D, [GLSL_DIM_3D] = VC_DIM_3D, [GLSL_DIM_CUBE] = VC_DIM_CUBE,
		[GLSL_DIM_2D_MS] = VC_DIM_2D, [GLSL_DIM_BUFFER] = VC_DIM_BUFFER,
	};

	return (struct vc_type){ .kind = VC_TYPE_IMAGE, .base = ir_base(t->base, false),
				 .image = { .dim = dims[t->dim], .arrayed = t->arrayed,
					    .ms = t->dim == GLSL_DIM_2D_MS, .shadow = t->shadow,
					    .storage = t->image, .sampled = ir_base(t->base, false) } };
}

/* A sampler is a sampled image; an image type a storage image whose format
 * only its variable knows (glsl_image_to_ir), unknown here. */
static vc_type_id ir_sampler(struct vc_module *m, const struct glsl_type *t)
{
	struct vc_type img = ir_image_type(t);
	struct vc_type si = { .kind = VC_TYPE_SAMPLED_IMAGE };

	if (t->image)
		return find_or_add(m, &img);
	si.elem = find_or_add(m, &img);
	return si.elem ? find_or_add(m, &si) : 0;
}

vc_type_id glsl_image_to_ir(struct vc_module *m, const struct glsl_type *t, unsigned format)
{
	struct vc_type arr = { .kind = VC_TYPE_ARRAY };
	struct vc_type img;

	if (t->kind != GLSL_KIND_ARRAY) {
		img = ir_image_type(t);
		img.image.format = (enum vc_format)format;
		return find_or_add(m, &img);
	}
	arr.elem = glsl_image_to_ir(m, t->elem, format);
	arr.length = t->length;
	return arr.elem ? find_or_add(m, &arr) : 0;
}

/* The module, and for plain layouts the caller's map of array elements and
 * struct members (glsl_type_to_ir_sub()), NULL to build them here. */
struct ir_ctx {
	struct vc_module *m;
	glsl_ir_sub_fn sub;
	void *data;
};

static vc_type_id ir_type(const struct ir_ctx *c, const struct glsl_type *t, bool expl,
			  unsigned lay);

/* The IR type of an array element or a struct member. */
static vc_type_id ir_child(const struct ir_ctx *c, const struct glsl_type *t, bool expl,
			   unsigned lay)
{
	return c->sub && !expl ? c->sub(c->data, t) : ir_type(c, t, expl, lay);
}

static vc_type_id ir_array(const struct ir_ctx *c, const struct glsl_type *t, bool expl,
			   unsigned lay)
{
	struct vc_type a = { .kind = VC_TYPE_ARRAY, .length = t->length,
			     .stride = expl ? lay_array_stride(t, lay) : 0 };

	a.elem = ir_child(c, t->elem, expl, lay);
	return a.elem ? find_or_add(c->m, &a) : 0;
}

static bool ir_member(const struct ir_ctx *c, const struct glsl_field *f, bool expl,
		      unsigned lay, uint32_t offset, struct vc_member *out)
{
	out->type = ir_child(c, f->type, expl, lay);
	out->name = strdup(f->name ? f->name : "");
	if (expl) {
		out->offset = offset;
		out->matrix_stride = lay_matrix_stride(f->type, lay);
		out->row_major = (lay & LAY_ROW_MAJOR) && out->matrix_stride;
	}
	return out->type && out->name;
}

static void free_members(struct vc_member *mem, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		free(mem[i].name);
	free(mem);
}

static bool ir_members(const struct ir_ctx *c, const struct glsl_type *t, bool expl,
		       unsigned lay, struct vc_member *mem)
{
	uint32_t *offsets = calloc(t->nr_fields + 1, sizeof(*offsets));
	bool ok = offsets != NULL;

	if (ok)
		lay_offsets(t, lay, offsets);
	lay = block_lay(t, lay);
	for (uint32_t i = 0, j = 0; ok && i < t->nr_fields; i++) {
		/* samplers cannot live in a block: explicit layouts leave them out */
		if (expl && !glsl_type_has_data(t->fields[i].type))
			continue;
		ok = ir_member(c, &t->fields[i], expl, field_lay(&t->fields[i], lay),
			       offsets[i], &mem[j++]);
	}
	free(offsets);
	return ok;
}

static vc_type_id ir_struct(const struct ir_ctx *c, const struct glsl_type *t, bool expl,
			    unsigned lay)
{
	struct vc_module *m = c->m;
	struct vc_type s = { .kind = VC_TYPE_STRUCT, .block = t->kind == GLSL_KIND_BLOCK,
			     .nr_members = expl ? glsl_type_data_field(t, t->nr_fields) :
					   t->nr_fields };
	vc_type_id id;

	s.members = calloc(t->nr_fields + 1, sizeof(*s.members));
	s.name = t->name ? strdup(t->name) : NULL;
	if (!s.members || (t->name && !s.name) || !ir_members(c, t, expl, lay, s.members)) {
		free_members(s.members, s.members ? s.nr_members : 0);
		free(s.name);
		m->oom = true;
		return 0;
	}
	id = vc_type_add(m, &s);
	if (!id) {
		free_members(s.members, s.nr_members);
		free(s.name);
	}
	return id;
}

static vc_type_id ir_matrix(struct vc_module *m, const struct glsl_type *t)
{
	struct vc_type mt = { .kind = VC_TYPE_MATRIX, .base = VC_BASE_FLOAT,
			      .comps = t->rows, .cols = t->cols };

	mt.elem = vc_type_vector(m, VC_BASE_FLOAT, t->rows);
	return mt.elem ? find_or_add(m, &mt) : 0;
}

static vc_type_id ir_type(const struct ir_ctx *c, const struct glsl_type *t, bool expl,
			  unsigned lay)
{
	static const struct vc_type void_type = { .kind = VC_TYPE_VOID };
	struct vc_module *m = c->m;

	switch (t->kind) {
	case GLSL_KIND_VOID: return find_or_add(m, &void_type);
	case GLSL_KIND_SCALAR:
	case GLSL_KIND_VECTOR: return vc_type_vector(m, ir_base(t->base, expl), t->rows);
	case GLSL_KIND_MATRIX: return ir_matrix(m, t);
	case GLSL_KIND_SAMPLER: return ir_sampler(m, t);
	case GLSL_KIND_ARRAY: return ir_array(c, t, expl, lay);
	default: return ir_struct(c, t, expl, lay);
	}
}

vc_type_id glsl_type_to_ir(struct vc_module *m, const struct glsl_type *t, bool explicit_layout)
{
	const struct ir_ctx c = { .m = m };

	return ir_type(&c, t, explicit_layout, 0);
}

vc_type_id glsl_type_to_ir_sub(struct vc_module *m, const struct glsl_type *t,
			       glsl_ir_sub_fn sub, void *data)
{
	const struct ir_ctx c = { .m = m, .sub = sub, .data = data };

	return ir_type(&c, t, false, 0);
}
