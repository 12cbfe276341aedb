/* SPDX-License-Identifier: MIT */
/*
 * The y-down fragment shader variant (gl/vgl_spirv_y_down.c), on SPIR-V
 * from virtgl's own GLSL ES front end: the rewritten module passes
 * spirv-val, carries exactly the changes the variant stands for, and a
 * shader that needs none gets none. (Its pixels are checked in the VM by
 * tests/gl/test_egl_gbm.c.)
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "check_run.h"
#include "glsl_compile.h"
#include "vgl_spirv.h"

struct module {
	uint32_t *words;
	size_t n;
};

static struct module compile_fs(const char *src)
{
	struct glsl_compiled c;
	struct module m;

	ck_assert_int_eq(glsl_compile(&(struct glsl_compile_info){
		.strings = &src, .count = 1, .stage = GLSL_STAGE_FRAGMENT }, &c), GLSL_COMPILE_OK);
	m = (struct module){ c.words, c.nr_words };
	c.words = NULL;
	glsl_compiled_finish(&c);
	return m;
}

/* Instructions of opcode op (with, when arg1 != 0, word 2 == arg1). */
static int count_ops(const struct module *m, uint32_t op, uint32_t word2)
{
	int n = 0;

	for (size_t i = 5; i < m->n; i += m->words[i] >> 16)
		if ((m->words[i] & 0xffffu) == op && (!word2 || m->words[i + 2] == word2))
			n++;
	return n;
}

static bool spirv_val(const struct module *m)
{
	char path[] = "/tmp/y_down_XXXXXX", cmd[256];
	int fd = mkstemp(path);
	bool ok;

	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(write(fd, m->words, m->n * 4), (ssize_t)(m->n * 4));
	close(fd);
	snprintf(cmd, sizeof(cmd), "%s %s", SPIRV_VAL, path);
	ok = system(cmd) == 0;
	unlink(path);
	return ok;
}

#define OP_EXECUTION_MODE 16
#define OP_FNEGATE 127
#define OP_FADD 129
#define OP_FMUL 133
#define OP_DPDY 208
#define ORIGIN_UPPER_LEFT 7
#define ORIGIN_LOWER_LEFT 8

START_TEST(frag_coord_dfdy_and_point_coord_are_turned_around)
{
	struct module in = compile_fs(
		"#extension GL_OES_standard_derivatives : require\n"
		"precision highp float; varying float y;\n"
		"void main() { gl_FragColor = vec4(gl_PointCoord, dFdy(y) + dFdy(2.0 * y),\n"
		"                                  gl_FragCoord.y); }\n");
	struct module out = { 0 };

	ck_assert_int_eq(count_ops(&in, OP_EXECUTION_MODE, ORIGIN_UPPER_LEFT), 1);
	ck_assert_int_eq(vgl_spirv_y_down(in.words, in.n, &out.words, &out.n), 0);
	ck_assert(spirv_val(&out));
	ck_assert_int_eq(count_ops(&out, OP_EXECUTION_MODE, ORIGIN_UPPER_LEFT), 0);
	ck_assert_int_eq(count_ops(&out, OP_EXECUTION_MODE, ORIGIN_LOWER_LEFT), 1);
	ck_assert_int_eq(count_ops(&out, OP_DPDY, 0), 2);
	ck_assert_int_eq(count_ops(&out, OP_FNEGATE, 0), count_ops(&in, OP_FNEGATE, 0) + 2);
	ck_assert_int_eq(count_ops(&out, OP_FMUL, 0), count_ops(&in, OP_FMUL, 0) + 1);
	ck_assert_int_eq(count_ops(&out, OP_FADD, 0), count_ops(&in, OP_FADD, 0) + 1);
	ck_assert_uint_gt(out.words[3], in.words[3]); /* new ids, a new bound */
	free(in.words);
	free(out.words);
}
END_TEST

START_TEST(a_shader_without_them_needs_no_variant)
{
	struct module in = compile_fs("precision mediump float; uniform vec4 c;\n"
				      "void main() { gl_FragColor = c; }\n");
	struct module out = { (uint32_t *)1, 0 };

	ck_assert_int_eq(vgl_spirv_y_down(in.words, in.n, &out.words, &out.n), 1);
	ck_assert_ptr_null(out.words);
	free(in.words);
}
END_TEST

START_TEST(malformed_modules_are_refused)
{
	struct module in = compile_fs("precision mediump float;\n"
				      "void main() { gl_FragColor = gl_FragCoord; }\n");
	uint32_t *out = NULL;
	size_t n = 0;

	ck_assert_int_eq(vgl_spirv_y_down(in.words, 3, &out, &n), -1);
	in.words[7] = 0xffff0000u | (in.words[7] & 0xffffu); /* runs past the end */
	ck_assert_int_eq(vgl_spirv_y_down(in.words, in.n, &out, &n), -1);
	in.words[0] = 0;
	ck_assert_int_eq(vgl_spirv_y_down(in.words, in.n, &out, &n), -1);
	ck_assert_ptr_null(out);
	free(in.words);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("spirv y-down");
	TCase *tc = tcase_create("rewrite");

	tcase_add_test(tc, frag_coord_dfdy_and_point_coord_are_turned_around);
	tcase_add_test(tc, a_shader_without_them_needs_no_variant);
	tcase_add_test(tc, malformed_modules_are_refused);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return check_run(suite(), CK_VERBOSE);
}
