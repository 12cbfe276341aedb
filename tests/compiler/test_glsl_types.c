/* SPDX-License-Identifier: MIT */
/*
 * The front end's types: interning, names, precision defaults, std140
 * layouts (numbers derived from the rules, and checked against glslang's
 * reflection where it can be run), and the mapping to IR types.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "glsl_types.h"

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

static struct glsl_field field(const char *name, const struct glsl_type *t,
			       enum glsl_matrix_layout layout)
{
	return (struct glsl_field){ .name = name, .type = t, .matrix_layout = layout };
}

START_TEST(builtins_are_interned)
{
	ck_assert_ptr_eq(glsl_type_vector(GLSL_BASE_FLOAT, 4), glsl_type_vec4);
	ck_assert_ptr_eq(glsl_type_vector(GLSL_BASE_INT, 1), glsl_type_int);
	ck_assert_ptr_eq(glsl_type_matrix(3, 3), glsl_type_mat3);
	ck_assert_ptr_null(glsl_type_vector(GLSL_BASE_FLOAT, 5));
	ck_assert_ptr_null(glsl_type_matrix(1, 3));
	ck_assert_str_eq(glsl_type_matrix(2, 3)->name, "mat2x3");
	ck_assert_uint_eq(glsl_type_matrix(2, 3)->cols, 2);
	ck_assert_uint_eq(glsl_type_matrix(2, 3)->rows, 3);
	ck_assert_ptr_eq(glsl_type_column(glsl_type_matrix(4, 2)), glsl_type_vec2);
	for (unsigned i = 0; i < GLSL_TID_COUNT; i++)
		ck_assert_uint_eq(glsl_builtin_types[i].id, i);
}
END_TEST

START_TEST(names_per_version)
{
	ck_assert_ptr_null(glsl_type_by_name("uint", 4, GLSL_ES_100));
	ck_assert_ptr_eq(glsl_type_by_name("uint", 4, GLSL_ES_300), glsl_type_uint);
	ck_assert_ptr_null(glsl_type_by_name("mat2x2", 6, GLSL_ES_100));
	ck_assert_ptr_eq(glsl_type_by_name("mat2x2", 6, GLSL_ES_300), glsl_type_mat2);
	ck_assert_ptr_null(glsl_type_by_name("mat3x4", 6, GLSL_ES_100));
	ck_assert_ptr_null(glsl_type_by_name("sampler3D", 9, GLSL_ES_100));
	ck_assert_ptr_eq(glsl_type_by_name("samplerCube", 11, GLSL_ES_100), glsl_type_samplerCube);
	ck_assert_ptr_nonnull(glsl_type_by_name("usampler2DArray", 15, GLSL_ES_300));
	ck_assert_ptr_nonnull(glsl_type_by_name("sampler2DArrayShadow", 20, GLSL_ES_300));
	/* a prefix of a name is not the name */
	ck_assert_ptr_null(glsl_type_by_name("vec4x", 4 + 1, GLSL_ES_300));
	ck_assert_ptr_eq(glsl_type_by_name("vec4x", 4, GLSL_ES_300), glsl_type_vec4);
}
END_TEST

START_TEST(message_names)
{
	struct glsl_type arr, s;
	struct glsl_field f = field("x", glsl_type_float, GLSL_MATRIX_INHERIT);
	char buf[64];

	glsl_type_init_array(&arr, glsl_type_float, 4);
	glsl_type_init_struct(&s, "S", &f, 1);
	ck_assert_str_eq(glsl_type_name(glsl_type_matrix(2, 3), buf, sizeof(buf)), "mat2x3");
	ck_assert_str_eq(glsl_type_name(&arr, buf, sizeof(buf)), "float[4]");
	ck_assert_str_eq(glsl_type_name(&s, buf, sizeof(buf)), "struct S");
	ck_assert_str_eq(glsl_ptype_name((struct glsl_ptype){ glsl_type_vec4, GLSL_PREC_HIGH },
					 buf, sizeof(buf)), "highp vec4");
	ck_assert_str_eq(glsl_ptype_name((struct glsl_ptype){ glsl_type_bool, GLSL_PREC_NONE },
					 buf, sizeof(buf)), "bool");
	/* truncation keeps a terminated string */
	ck_assert_str_eq(glsl_ptype_name((struct glsl_ptype){ glsl_type_vec4, GLSL_PREC_MEDIUM },
					 buf, 5), "medi");
}
END_TEST

START_TEST(equality_and_components)
{
	struct glsl_type a, b, c;

	glsl_type_init_array(&a, glsl_type_vec3, 4);
	glsl_type_init_array(&b, glsl_type_vec3, 4);
	glsl_type_init_array(&c, glsl_type_vec3, 5);
	ck_assert(glsl_type_equal(&a, &b));
	ck_assert(!glsl_type_equal(&a, &c));
	ck_assert(!glsl_type_equal(glsl_type_vec3, glsl_type_ivec3));
	ck_assert_uint_eq(glsl_type_components(&a), 12);
	ck_assert_uint_eq(glsl_type_components(glsl_type_matrix(2, 3)), 6);
	ck_assert_uint_eq(glsl_type_components(glsl_type_sampler2D), 0);
	ck_assert(glsl_type_is_opaque(glsl_type_sampler2D));
	ck_assert(glsl_type_is_integer(glsl_type_uint));
	ck_assert(!glsl_type_is_integer(glsl_type_bool));
}
END_TEST

START_TEST(precision_rules)
{
	const struct glsl_type *s3d = glsl_type_by_name("sampler3D", 9, GLSL_ES_300);
	const struct glsl_type *shadow = glsl_type_by_name("sampler2DShadow", 15, GLSL_ES_300);
	const struct glsl_type *isampler = glsl_type_by_name("isampler2D", 10, GLSL_ES_300);
	struct glsl_type arr;

	glsl_type_init_array(&arr, glsl_type_float, 2);
	ck_assert(!glsl_type_takes_precision(glsl_type_bool));
	ck_assert(!glsl_type_takes_precision(glsl_type_void));
	ck_assert(glsl_type_takes_precision(glsl_type_uint));
	ck_assert(glsl_type_takes_precision(glsl_type_sampler2D));
	ck_assert_int_eq(glsl_default_precision(GLSL_STAGE_FRAGMENT, glsl_type_vec4), GLSL_PREC_NONE);
	ck_assert_int_eq(glsl_default_precision(GLSL_STAGE_FRAGMENT, &arr), GLSL_PREC_NONE);
	ck_assert_int_eq(glsl_default_precision(GLSL_STAGE_FRAGMENT, glsl_type_int), GLSL_PREC_MEDIUM);
	ck_assert_int_eq(glsl_default_precision(GLSL_STAGE_VERTEX, glsl_type_mat4), GLSL_PREC_HIGH);
	ck_assert_int_eq(glsl_default_precision(GLSL_STAGE_VERTEX, glsl_type_uint), GLSL_PREC_HIGH);
	ck_assert_int_eq(glsl_default_precision(GLSL_STAGE_VERTEX, glsl_type_bool), GLSL_PREC_NONE);
	ck_assert_int_eq(glsl_default_precision(GLSL_STAGE_FRAGMENT, glsl_type_sampler2D), GLSL_PREC_LOW);
	ck_assert_int_eq(glsl_default_precision(GLSL_STAGE_VERTEX, glsl_type_samplerCube), GLSL_PREC_LOW);
	ck_assert_int_eq(glsl_default_precision(GLSL_STAGE_FRAGMENT, s3d), GLSL_PREC_NONE);
	ck_assert_int_eq(glsl_default_precision(GLSL_STAGE_VERTEX, shadow), GLSL_PREC_NONE);
	ck_assert_int_eq(glsl_default_precision(GLSL_STAGE_FRAGMENT, isampler), GLSL_PREC_NONE);
}
END_TEST

/* --- std140 ----------------------------------------------------------------- */

START_TEST(std140_basic_sizes)
{
	const struct glsl_type *m23 = glsl_type_matrix(2, 3);
	struct glsl_type v2arr;

	glsl_type_init_array(&v2arr, glsl_type_vec2, 3);
	ck_assert_uint_eq(glsl_std140_align(glsl_type_float, false), 4);
	ck_assert_uint_eq(glsl_std140_align(glsl_type_vec2, false), 8);
	ck_assert_uint_eq(glsl_std140_align(glsl_type_vec3, false), 16);
	ck_assert_uint_eq(glsl_std140_size(glsl_type_vec3, false), 12);
	/* an array of vec2: every element padded to a vec4 */
	ck_assert_uint_eq(glsl_std140_align(&v2arr, false), 16);
	ck_assert_uint_eq(glsl_std140_array_stride(&v2arr, false), 16);
	ck_assert_uint_eq(glsl_std140_size(&v2arr, false), 48);
	/* mat2x3: 2 columns of vec3 (32 bytes), or 3 rows of vec2 (48) */
	ck_assert_uint_eq(glsl_std140_size(m23, false), 32);
	ck_assert_uint_eq(glsl_std140_size(m23, true), 48);
	ck_assert_uint_eq(glsl_std140_matrix_stride(m23, false), 16);
	ck_assert_uint_eq(glsl_std140_matrix_stride(m23, true), 16);
	ck_assert_uint_eq(glsl_std140_matrix_stride(glsl_type_vec4, false), 0);
	ck_assert_uint_eq(glsl_std140_size(glsl_type_bool, false), 4);
}
END_TEST

/* A block whose layout glslang 12 reports as the offsets below (checked
 * with `glslangValidator -V -q`; the test below also runs it when it can):
 *   struct S { vec3 a; float b; mat2x3 m; };
 *   layout(std140) uniform B { vec3 v3; float f; vec2 arr[3]; mat2x3 cm;
 *     layout(row_major) mat2x3 rm; S s; float after; bool bb; mat3 m3;
 *     S sa[2]; float last; };                                              */
struct tricky {
	struct glsl_type s, arr, sa, block;
	struct glsl_field s_fields[3], fields[11];
};

static const uint32_t tricky_offsets[11] = { 0, 12, 16, 64, 96, 144, 192, 196, 208, 256, 352 };
static const char *const tricky_names[11] = {
	"v3", "f", "arr", "cm", "rm", "s", "after", "bb", "m3", "sa", "last",
};

static void tricky_init(struct tricky *t)
{
	const struct glsl_type *m23 = glsl_type_matrix(2, 3);
	const struct glsl_type *types[11] = {
		glsl_type_vec3, glsl_type_float, &t->arr, m23, m23, &t->s, glsl_type_float,
		glsl_type_bool, glsl_type_mat3, &t->sa, glsl_type_float,
	};

	t->s_fields[0] = field("a", glsl_type_vec3, GLSL_MATRIX_INHERIT);
	t->s_fields[1] = field("b", glsl_type_float, GLSL_MATRIX_INHERIT);
	t->s_fields[2] = field("m", m23, GLSL_MATRIX_INHERIT);
	glsl_type_init_struct(&t->s, "S", t->s_fields, 3);
	glsl_type_init_array(&t->arr, glsl_type_vec2, 3);
	glsl_type_init_array(&t->sa, &t->s, 2);
	for (unsigned i = 0; i < 11; i++)
		t->fields[i] = field(tricky_names[i], types[i],
				     i == 4 ? GLSL_MATRIX_ROW : GLSL_MATRIX_INHERIT);
	glsl_type_init_block(&t->block, "B", t->fields, 11, GLSL_PACKING_STD140,
			     GLSL_MATRIX_INHERIT);
}

START_TEST(std140_tricky_block)
{
	struct tricky t;
	uint32_t off[11];

	tricky_init(&t);
	ck_assert_uint_eq(glsl_std140_offsets(&t.block, false, off), 356);
	for (unsigned i = 0; i < 11; i++)
		ck_assert_msg(off[i] == tricky_offsets[i], "%s at %u, want %u",
			      tricky_names[i], off[i], tricky_offsets[i]);
	ck_assert_uint_eq(glsl_std140_size(&t.s, false), 48);
	ck_assert_uint_eq(glsl_std140_array_stride(&t.sa, false), 48);
	/* a member after the block-level size is rounded to 16 */
	ck_assert_uint_eq(glsl_std140_size(&t.block, false), 368);
}
END_TEST

/* The layout of glslang's own -R default uniform block (docs/glsl-compiler.md
 * §4.2): float 0, float[2] 16 (stride 16), vec3 48, float 60, mat3 64, bool 112. */
START_TEST(std140_default_block)
{
	static const uint32_t want[6] = { 0, 16, 48, 60, 64, 112 };
	struct glsl_type farr, block;
	struct glsl_field f[6];
	uint32_t off[6];

	glsl_type_init_array(&farr, glsl_type_float, 2);
	f[0] = field("a", glsl_type_float, GLSL_MATRIX_INHERIT);
	f[1] = field("b", &farr, GLSL_MATRIX_INHERIT);
	f[2] = field("c", glsl_type_vec3, GLSL_MATRIX_INHERIT);
	f[3] = field("d", glsl_type_float, GLSL_MATRIX_INHERIT);
	f[4] = field("e", glsl_type_mat3, GLSL_MATRIX_INHERIT);
	f[5] = field("g", glsl_type_bool, GLSL_MATRIX_INHERIT);
	glsl_type_init_block(&block, "gl_DefaultUniformBlock", f, 6, GLSL_PACKING_STD140,
			     GLSL_MATRIX_INHERIT);
	ck_assert_uint_eq(glsl_std140_offsets(&block, false, off), 116);
	for (unsigned i = 0; i < 6; i++)
		ck_assert_uint_eq(off[i], want[i]);
	ck_assert_uint_eq(glsl_std140_array_stride(&farr, false), 16);
}
END_TEST

/* A row-major block default applies to members that do not override it. */
START_TEST(std140_row_major_block)
{
	const struct glsl_type *m23 = glsl_type_matrix(2, 3);
	struct glsl_field f[3] = {
		field("a", m23, GLSL_MATRIX_INHERIT), field("b", m23, GLSL_MATRIX_COLUMN),
		field("c", glsl_type_float, GLSL_MATRIX_INHERIT),
	};
	struct glsl_type block;
	uint32_t off[3];

	glsl_type_init_block(&block, "R", f, 3, GLSL_PACKING_STD140, GLSL_MATRIX_ROW);
	ck_assert_uint_eq(glsl_std140_offsets(&block, false, off), 84);
	ck_assert_uint_eq(off[1], 48);
	ck_assert_uint_eq(off[2], 80);
}
END_TEST

#ifdef GLSLANG
static const char tricky_glsl[] =
	"#version 450\n"
	"struct S { vec3 a; float b; mat2x3 m; };\n"
	"layout(std140, binding = 0) uniform B { vec3 v3; float f; vec2 arr[3]; mat2x3 cm;\n"
	"  layout(row_major) mat2x3 rm; S s; float after; bool bb; mat3 m3; S sa[2];\n"
	"  float last; } b;\n"
	"void main() { gl_Position = vec4(b.v3.x + b.f + b.arr[0].x + b.cm[0].x + b.rm[0].x +\n"
	"  b.s.a.x + b.after + float(b.bb) + b.m3[0].x + b.sa[0].a.x + b.last); }\n";

/* glslang prints "B.v3: offset 0, ..." (struct members as B.s.a). */
static long glslang_offset(const char *out, const char *member)
{
	char key[32];
	const char *p;

	snprintf(key, sizeof(key), "B.%s%s: offset ", member,
		 !strcmp(member, "s") || !strcmp(member, "sa") ? ".a" : "");
	p = strstr(out, key);
	return p ? strtol(p + strlen(key), NULL, 10) : -1;
}

START_TEST(std140_matches_glslang)
{
	char path[] = "/tmp/test_glsl_types_XXXXXX.vert", cmd[512], out[8192];
	int fd = mkstemps(path, 5);
	size_t n;
	FILE *f;

	ck_assert_int_ge(fd, 0);
	f = fdopen(fd, "w");
	fputs(tricky_glsl, f);
	fclose(f);
	snprintf(cmd, sizeof(cmd), "%s -V -q -o /dev/null %s 2>&1", GLSLANG, path);
	f = popen(cmd, "r");
	ck_assert_ptr_nonnull(f);
	n = fread(out, 1, sizeof(out) - 1, f);
	out[n] = '\0';
	pclose(f);
	unlink(path);
	for (unsigned i = 0; i < 11; i++)
		ck_assert_msg(glslang_offset(out, tricky_names[i]) == tricky_offsets[i],
			      "%s: glslang says %ld\n%s", tricky_names[i],
			      glslang_offset(out, tricky_names[i]), out);
}
END_TEST
#endif

/* --- IR types ----------------------------------------------------------------- */

START_TEST(ir_basic)
{
	struct vc_module *m = vc_module_create(VC_IR_FRAGMENT);
	vc_type_id v4 = glsl_type_to_ir(m, glsl_type_vec4, false);
	vc_type_id m23 = glsl_type_to_ir(m, glsl_type_matrix(2, 3), false);
	vc_type_id b = glsl_type_to_ir(m, glsl_type_bool, false);
	vc_type_id bu = glsl_type_to_ir(m, glsl_type_bool, true);
	const struct vc_type *t;

	ck_assert_int_eq(vc_type_get(m, v4)->kind, VC_TYPE_VECTOR);
	ck_assert_uint_eq(vc_type_get(m, v4)->comps, 4);
	t = vc_type_get(m, m23);
	ck_assert_int_eq(t->kind, VC_TYPE_MATRIX);
	ck_assert_uint_eq(t->cols, 2);
	ck_assert_uint_eq(t->comps, 3);
	ck_assert_uint_eq(vc_type_comps(m, t->elem), 3);
	/* non-struct types are shared, as SPIR-V requires */
	ck_assert_uint_eq(glsl_type_to_ir(m, glsl_type_matrix(2, 3), false), m23);
	ck_assert_int_eq(vc_type_get(m, b)->base, VC_BASE_BOOL);
	ck_assert_int_eq(vc_type_get(m, bu)->base, VC_BASE_UINT);
	ck_assert(!m->oom);
	vc_module_destroy(m);
}
END_TEST

START_TEST(ir_samplers)
{
	struct vc_module *m = vc_module_create(VC_IR_FRAGMENT);
	const struct glsl_type *s = glsl_type_by_name("sampler2DArrayShadow", 20, GLSL_ES_300);
	const struct glsl_type *u = glsl_type_by_name("usampler3D", 10, GLSL_ES_300);
	const struct vc_type *t = vc_type_get(m, glsl_type_to_ir(m, s, false));
	const struct vc_type *img = vc_type_get(m, t->elem);

	ck_assert_int_eq(t->kind, VC_TYPE_SAMPLED_IMAGE);
	ck_assert_int_eq(img->kind, VC_TYPE_IMAGE);
	ck_assert_int_eq(img->image.dim, VC_DIM_2D);
	ck_assert(img->image.arrayed && img->image.shadow && !img->image.storage);
	img = vc_type_get(m, vc_type_get(m, glsl_type_to_ir(m, u, false))->elem);
	ck_assert_int_eq(img->image.dim, VC_DIM_3D);
	ck_assert_int_eq(img->image.sampled, VC_BASE_UINT);
	img = vc_type_get(m, vc_type_get(m, glsl_type_to_ir(m, glsl_type_samplerCube, false))->elem);
	ck_assert_int_eq(img->image.dim, VC_DIM_CUBE);
	vc_module_destroy(m);
}
END_TEST

START_TEST(ir_block_layout)
{
	struct vc_module *m = vc_module_create(VC_IR_VERTEX);
	struct tricky tr;
	const struct vc_type *t;
	vc_type_id id;

	tricky_init(&tr);
	id = glsl_type_to_ir(m, &tr.block, true);
	ck_assert_uint_ne(id, 0);
	t = vc_type_get(m, id);
	ck_assert(t->block);
	ck_assert_str_eq(t->name, "B");
	ck_assert_uint_eq(t->nr_members, 11);
	for (unsigned i = 0; i < 11; i++) {
		ck_assert_uint_eq(t->members[i].offset, tricky_offsets[i]);
		ck_assert_str_eq(t->members[i].name, tricky_names[i]);
	}
	ck_assert_uint_eq(t->members[3].matrix_stride, 16);
	ck_assert(!t->members[3].row_major);
	ck_assert(t->members[4].row_major);
	ck_assert_uint_eq(vc_type_get(m, t->members[2].type)->stride, 16);
	ck_assert_uint_eq(vc_type_get(m, t->members[9].type)->stride, 48);
	ck_assert_int_eq(vc_type_get(m, t->members[7].type)->base, VC_BASE_UINT);
	/* the nested struct got its own explicit offsets */
	ck_assert_uint_eq(vc_type_get(m, t->members[5].type)->members[2].offset, 16);
	vc_module_destroy(m);
}
END_TEST

static Suite *types_suite(void)
{
	Suite *s = suite_create("glsl types");
	TCase *tc = tcase_create("types");

	tcase_add_test(tc, builtins_are_interned);
	tcase_add_test(tc, names_per_version);
	tcase_add_test(tc, message_names);
	tcase_add_test(tc, equality_and_components);
	tcase_add_test(tc, precision_rules);
	suite_add_tcase(s, tc);
	tc = tcase_create("std140");
	tcase_add_test(tc, std140_basic_sizes);
	tcase_add_test(tc, std140_tricky_block);
	tcase_add_test(tc, std140_default_block);
	tcase_add_test(tc, std140_row_major_block);
#ifdef GLSLANG
	tcase_add_test(tc, std140_matches_glslang);
#endif
	suite_add_tcase(s, tc);
	tc = tcase_create("ir");
	tcase_add_test(tc, ir_basic);
	tcase_add_test(tc, ir_samplers);
	tcase_add_test(tc, ir_block_layout);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(types_suite(), CK_NORMAL);
}
