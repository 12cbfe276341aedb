/* SPDX-License-Identifier: MIT */
/*
 * SPIR-V -> TGSI without a host: golden text for small shaders, every test
 * shader compiles, malformed modules fail with a message (and, under
 * valgrind, without touching memory they should not), unsupported
 * instructions are named.
 */
#include <check.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "compiler_test_util.h"

static void compile_ok(const char *name, struct vc_tgsi *t)
{
	int ret = ctu_compile(name, t);

	ck_assert_msg(ret != -100, "%s.spv missing", name);
	ck_assert_msg(ret == 0, "%s: %s", name, t->log);
	ck_assert_ptr_nonnull(t->text);
	ck_assert_str_eq(t->log, "");
}

static void check_golden(const char *name, const char *want)
{
	struct vc_tgsi t;

	compile_ok(name, &t);
	ck_assert_msg(!strcmp(t.text, want), "%s:\n--- got\n%s--- want\n%s", name, t.text, want);
	ck_assert_uint_ge(t.num_tokens, strlen(t.text) / 2);
	vc_tgsi_finish(&t);
}

START_TEST(golden_passthrough_vs)
{
	check_golden("passthrough.vert",
		"VERT\n"
		"DCL OUT[0], POSITION\n"
		"DCL OUT[1], GENERIC[0]\n"
		"DCL IN[2]\n"
		"DCL OUT[2], GENERIC[1]\n"
		"DCL IN[1]\n"
		"DCL IN[0]\n"
		"DCL CONST[0..3]\n"
		"DCL TEMP[0..0]\n"
		/* summed in a TEMP, the last MAD into the output: no copy */
		"  MUL TEMP[0], CONST[0], IN[0].xxxx\n"
		"  MAD TEMP[0], CONST[1], IN[0].yyyy, TEMP[0]\n"
		"  MAD TEMP[0], CONST[2], IN[0].zzzz, TEMP[0]\n"
		"  MAD OUT[0], CONST[3], IN[0].wwww, TEMP[0]\n"
		/* shadows read only by their copy to OUT are OUT */
		"  MOV OUT[1].xy, IN[2]\n"
		"  MOV OUT[2].xyz, IN[1]\n"
		"  END\n");
}
END_TEST

START_TEST(golden_color_fs)
{
	check_golden("color.frag",
		"FRAG\n"
		"DCL OUT[0], COLOR[0]\n"
		"DCL IN[0], GENERIC[0], PERSPECTIVE\n"
		"  MOV OUT[0], IN[0]\n"
		"  END\n");
}
END_TEST

START_TEST(golden_textured_fs)
{
	check_golden("textured.frag",
		"FRAG\n"
		"DCL OUT[0], COLOR[0]\n"
		"DCL SAMP[1]\n"
		"DCL SVIEW[1], 2D, FLOAT\n"
		"DCL IN[0], GENERIC[0], PERSPECTIVE\n"
		"DCL CONST[0..4]\n"
		"DCL TEMP[0..0]\n"
		/* the coordinate read where it is: nothing to pack */
		"  TEX TEMP[0], IN[0].xyyy, SAMP[1], 2D\n"
		"  MUL OUT[0], TEMP[0], CONST[4]\n"
		"  END\n");
}
END_TEST

/* Element i of a block array at binding b: CONST[slot(b) + i], each declared. */
START_TEST(golden_ubo_array_vs)
{
	check_golden("ubo_array.vert",
		"VERT\n"
		"DCL OUT[0], POSITION\n"
		"DCL OUT[1], GENERIC[0]\n"
		"DCL CONST[1][0..1]\n"
		"DCL CONST[2][0..1]\n"
		"DCL CONST[3][0..1]\n"
		"DCL CONST[5][0..0]\n"
		"DCL IN[0]\n"
		"DCL TEMP[0..1]\n"
		/* TEMP[0] dies where TEMP[1] is born: never one register */
		"  MUL TEMP[0], CONST[3][0], CONST[2][1].xxxx\n"
		"  ADD TEMP[1], CONST[1][0], TEMP[0]\n"
		"  ADD OUT[1], TEMP[1], CONST[5][0]\n"
		"  MOV OUT[0], IN[0]\n"
		"  END\n");
}
END_TEST

/* Compiles `name` into *t, whose text must hold each of the n pieces. */
static void compile_with(const char *name, struct vc_tgsi *t, const char *const *want, size_t n)
{
	compile_ok(name, t);
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(strstr(t->text, want[i]), "missing:\n%s\nin:\n%s", want[i], t->text);
}

/* Packing is integer and float arithmetic (the host drops PK2H & co). */
START_TEST(packing_is_lowered)
{
	static const char *const want[] = {
		/* snorm: clamp, scale, round, to int, 16 bits each, joined */
		"  MAX TEMP[0].xy, IN[0].xyyy, IMM[0].xxxx\n  MIN TEMP[0].xy, TEMP[0], IMM[0].yyyy\n"
		"  MUL TEMP[0].xy, TEMP[0], IMM[0].zzzz\n  ROUND TEMP[0].xy, TEMP[0]\n"
		"  F2I TEMP[0].xy, TEMP[0]\n  AND TEMP[0].xy, TEMP[0], IMM[1].xxxx\n"
		"  SHL TEMP[1].x, TEMP[0].yyyy, IMM[1].yyyy\n  OR OUT[1].x, TEMP[0].xxxx, TEMP[1].xxxx\n",
		/* half: round to nearest even, then denormals, infinity, NaN */
		"  UADD TEMP[1].xy, TEMP[1], IMM[3].yyyy\n", "USGE TEMP[4].xy, TEMP[0], IMM[4].xxxx",
		"IBFE TEMP[4].y, IN[1].xxxx, IMM[1].yyyy, IMM[1].yyyy",
		"IMM[3] UINT32 {1, 3355447295, 947912704, 31744}\n",
	};
	struct vc_tgsi t;

	compile_with("packing.vert", &t, want, sizeof(want) / sizeof(want[0]));
	ck_assert_ptr_null(strstr(t.text, "PK2H"));
	vc_tgsi_finish(&t);
}
END_TEST

/* glslang's OpIAddCarry, OpISubBorrow, OpUMulExtended, OpSMulExtended:
 * structs taken apart into UADD and a USLT for the carry, UADD of the
 * negation and a USLT for the borrow, UMUL and UMUL_HI/IMUL_HI. */
START_TEST(carries_and_extended_products)
{
	/* a at 0, i at 8, then s, c, d, b, hi, lo, ih, il 8 bytes apart from 16 */
	static const char *const want[] = {
		"  UADD TEMP[2].xy, TEMP[0], TEMP[1].yxxx\n  USLT TEMP[1].xy, TEMP[2].xyyy, TEMP[0]\n"
		"  UCMP TEMP[0].xy, TEMP[1].xyyy, IMM[0].yyyy, IMM[0].xxxx\n"
		"  STORE BUFFER[0].xy, IMM[0].zzzz, TEMP[0].xyyy\n",
		"  INEG TEMP[1].xy, TEMP[0].yxxx\n  UADD TEMP[3].xy, TEMP[2], TEMP[1]\n"
		"  USLT TEMP[1].xy, TEMP[2], TEMP[0].yxxx\n",
		"  UMUL TEMP[1].xy, TEMP[3], TEMP[0].yxxx\n  UMUL_HI TEMP[2].xy, TEMP[3], TEMP[0].yxxx\n"
		"  STORE BUFFER[0].xy, IMM[1].zzzz, TEMP[1].xyyy\n"
		"  STORE BUFFER[0].xy, IMM[1].wwww, TEMP[2].xyyy\n",
		"  UMUL TEMP[0].xy, TEMP[2], TEMP[1].yxxx\n  IMUL_HI TEMP[3].xy, TEMP[2], TEMP[1].yxxx\n",
		"IMM[1] UINT32 {40, 32, 56, 48}\n",
	};
	struct vc_tgsi t;

	compile_with("carry.comp", &t, want, sizeof(want) / sizeof(want[0]));
	vc_tgsi_finish(&t);
}
END_TEST

/* inverse() by cofactors (one RCP of the determinant each), modf, frexp. */
START_TEST(matrix_builtins_are_lowered)
{
	struct vc_tgsi t;
	unsigned rcps = 0;

	compile_ok("matrix.vert", &t);
	for (const char *p = t.text; (p = strstr(p, "  RCP ")); p++)
		rcps++;
	ck_assert_uint_eq(rcps, 3);
	/* mat4: the 2x2 minors of columns 0-1 from CONST[1][5..6] */
	ck_assert_ptr_nonnull(strstr(t.text, "MUL TEMP[2], CONST[1][5].xxxy, CONST[1][6].yzwz\n"));
	ck_assert_ptr_nonnull(strstr(t.text, "  TRUNC "));
	ck_assert_ptr_nonnull(strstr(t.text, "  UBFE "));
	vc_tgsi_finish(&t);
}
END_TEST

/* Registers are reused by live range; loads and stores of locals copy nothing. */
START_TEST(temps_are_reused)
{
	struct vc_tgsi t;

	compile_ok("flow.frag", &t);
	/* 62 TEMPs without reuse: variables 0-6 (the middle end unrolls the
	 * while loop, so j has none), loop flag 7, scratch */
	ck_assert_ptr_nonnull(strstr(t.text, "DCL TEMP[0..10]\n"));
	/* k++ in the innermost loop, in the variable's own register */
	ck_assert_ptr_nonnull(strstr(t.text, "  UADD TEMP[5].x, TEMP[5], IMM[3].xxxx\n"));
	/* a load feeding only a branch condition is read in place */
	ck_assert_ptr_nonnull(strstr(t.text, "  UIF TEMP[6].xxxx\n"));
	vc_tgsi_finish(&t);
}
END_TEST

START_TEST(info_reports_interface)
{
	struct vc_tgsi t;

	compile_ok("passthrough.vert", &t);
	ck_assert_uint_eq(t.info.inputs_read, 0x7);
	ck_assert(t.info.uses_push_constants);
	ck_assert_uint_eq(t.info.push_constant_size, 64);
	vc_tgsi_finish(&t);
	compile_ok("textured.frag", &t);
	ck_assert_uint_eq(t.info.sampler_slots, 1u << 1);
	ck_assert_uint_eq(t.info.outputs_written, 1);
	vc_tgsi_finish(&t);
	compile_ok("ubo.vert", &t);
	ck_assert_uint_eq(t.info.ubo_slots, 1u << 1);
	vc_tgsi_finish(&t);
}
END_TEST

/* texture(sampler2D(image, sampler)): SAMP/SVIEW at the image's slot, and the
 * (image, sampler) pairs reported once each for the caller to bind. */
START_TEST(separate_samplers_use_image_slots)
{
	static const struct vc_sampler_pair want[] = {
		{ .slot = 2, .image_binding = 2, .sampler_binding = 5, .sampler_index = 1 },
		{ .slot = 3, .image_binding = 3, .sampler_binding = 5, .sampler_index = 1 },
	};
	struct vc_tgsi t;

	compile_ok("separate_samplers.frag", &t);
	ck_assert_uint_eq(t.info.sampler_slots, 0xc);
	ck_assert_uint_eq(t.info.nr_sampler_pairs, 2);
	for (unsigned i = 0; i < 2; i++)
		ck_assert_msg(!memcmp(&t.info.sampler_pairs[i], &want[i], sizeof(want[i])),
			      "pair %u", i);
	ck_assert_ptr_nonnull(strstr(t.text, "DCL SAMP[2]\nDCL SVIEW[2], 2D, FLOAT\n"));
	ck_assert_ptr_nonnull(strstr(t.text, ", SAMP[3], 2D\n"));
	ck_assert_ptr_null(strstr(t.text, "SAMP[5]"));
	vc_tgsi_finish(&t);
	compile_ok("textured.frag", &t);
	ck_assert_uint_eq(t.info.nr_sampler_pairs, 0); /* combined: nothing to pair */
	vc_tgsi_finish(&t);
}
END_TEST

/* One view slot has one sampler state: two samplers on one image cannot be expressed. */
START_TEST(two_samplers_on_one_image_fail)
{
	struct vc_tgsi t;

	ck_assert_int_lt(ctu_compile("two_samplers_one_image.frag", &t), 0);
	ck_assert_msg(strstr(t.log, "binding 2 is sampled with two samplers"), "%s", t.log);
	vc_tgsi_finish(&t);
}
END_TEST

/* Vulkan's gl_InstanceIndex counts from firstInstance; TGSI's INSTANCEID does not. */
START_TEST(instance_index_adds_base_instance)
{
	struct vc_tgsi t;

	compile_ok("intmath.vert", &t);
	ck_assert(t.info.uses_base_instance);
	ck_assert_uint_eq(t.info.base_instance_dword, 0);
	ck_assert_ptr_nonnull(strstr(t.text, "DCL CONST[0..0]\n"));
	ck_assert_ptr_nonnull(strstr(t.text, "DCL SV[1], INSTANCEID\n"));
	ck_assert_ptr_nonnull(strstr(t.text, ", SV[1].xxxx, CONST[0].xxxx\n"));
	vc_tgsi_finish(&t);
	compile_ok("passthrough.vert", &t);
	ck_assert(!t.info.uses_base_instance);
	vc_tgsi_finish(&t);
}
END_TEST

START_TEST(compute_reports_local_size)
{
	struct vc_tgsi t;

	compile_ok("compute.comp", &t);
	ck_assert_uint_eq(t.info.local_size[0], 8);
	ck_assert_uint_eq(t.info.local_size[1], 4);
	ck_assert_uint_eq(t.info.local_size[2], 1);
	ck_assert_uint_ge(t.info.shared_size, 32 * 4 + 4);
	ck_assert_uint_eq(t.info.ssbo_slots, 0x3);
	ck_assert_uint_eq(t.info.image_slots, 0xc);
	ck_assert_ptr_nonnull(strstr(t.text, "PROPERTY CS_FIXED_BLOCK_WIDTH 8\n"));
	ck_assert_ptr_nonnull(strstr(t.text, "DCL MEMORY[0], SHARED\n"));
	ck_assert_ptr_nonnull(strstr(t.text, "BARRIER\n"));
	vc_tgsi_finish(&t);
}
END_TEST

START_TEST(every_shader_compiles)
{
	struct vc_tgsi t;

	compile_ok(ctu_shaders[_i], &t);
	ck_assert_ptr_nonnull(strstr(t.text, "  END\n"));
	ck_assert_ptr_null(strchr(t.text, '\r'));
	vc_tgsi_finish(&t);
}
END_TEST

START_TEST(unsupported_instruction_is_named)
{
	struct vc_tgsi t;
	int ret = ctu_compile("unsupported_quantize.frag", &t);

	ck_assert_int_ne(ret, -100);
	ck_assert_int_lt(ret, 0);
	ck_assert_ptr_null(t.text);
	ck_assert_msg(strstr(t.log, "OpQuantizeToF16") && strstr(t.log, "at word"), "%s", t.log);
	vc_tgsi_finish(&t);
}
END_TEST

static int compile_words(const uint32_t *w, size_t n, enum vc_stage stage, struct vc_tgsi *t)
{
	struct vc_compile_info info = { .words = w, .nr_words = n, .entry_point = "main",
					.stage = stage, .map = ctu_slot_map() };

	return vc_spirv_to_tgsi(&info, t);
}

/* Every prefix of a valid module: an error with a message, never a crash. */
START_TEST(truncated_modules_fail_cleanly)
{
	size_t n = 0;
	uint32_t *w = ctu_load_spv(ctu_shaders[_i], &n);

	ck_assert_ptr_nonnull(w);
	for (size_t len = 0; len < n; len++) {
		uint32_t *copy = malloc((len ? len : 1) * 4);
		struct vc_tgsi t;

		memcpy(copy, w, len * 4);
		ck_assert_int_lt(compile_words(copy, len, ctu_stage_of(ctu_shaders[_i]), &t), 0);
		ck_assert_msg(t.log && t.log[0], "no message for %zu words", len);
		vc_tgsi_finish(&t);
		free(copy);
	}
	free(w);
}
END_TEST

/* Each word replaced by values that break counts, ids and types. */
START_TEST(corrupted_modules_never_crash)
{
	static const uint32_t bad[] = { 0, 1, 0xffffffff, 0x00010000, 0xffff0001, 7 };
	size_t n = 0;
	uint32_t *w = ctu_load_spv(ctu_shaders[_i], &n);

	ck_assert_ptr_nonnull(w);
	for (size_t i = 0; i < n; i++) {
		for (size_t k = 0; k < sizeof(bad) / sizeof(bad[0]); k++) {
			uint32_t *copy = malloc(n * 4);
			struct vc_tgsi t;
			int ret;

			memcpy(copy, w, n * 4);
			copy[i] = bad[k];
			ret = compile_words(copy, n, ctu_stage_of(ctu_shaders[_i]), &t);
			ck_assert(ret == 0 ? t.text != NULL : t.log && t.log[0]);
			vc_tgsi_finish(&t);
			free(copy);
		}
	}
	free(w);
}
END_TEST

START_TEST(bad_header_and_stage)
{
	uint32_t junk[8] = { 0x12345678, 0, 0, 0, 0, 0, 0, 0 };
	struct vc_tgsi t;

	ck_assert_int_lt(compile_words(junk, 8, VC_STAGE_VERTEX, &t), 0);
	ck_assert_ptr_nonnull(strstr(t.log, "magic"));
	vc_tgsi_finish(&t);
	ck_assert_int_lt(compile_words(NULL, 0, VC_STAGE_VERTEX, &t), 0);
	vc_tgsi_finish(&t);
}
END_TEST

START_TEST(wrong_stage_names_entry_point)
{
	size_t n = 0;
	uint32_t *w = ctu_load_spv("color.frag", &n);
	struct vc_tgsi t;

	ck_assert_int_lt(compile_words(w, n, VC_STAGE_VERTEX, &t), 0);
	ck_assert_msg(strstr(t.log, "entry point") != NULL, "%s", t.log);
	vc_tgsi_finish(&t);
	free(w);
}
END_TEST

static Suite *spirv_suite(void)
{
	Suite *s = suite_create("spirv->tgsi");
	TCase *golden = tcase_create("golden");
	TCase *all = tcase_create("all shaders");
	TCase *bad = tcase_create("bad input");

	tcase_add_test(golden, golden_passthrough_vs);
	tcase_add_test(golden, golden_color_fs);
	tcase_add_test(golden, golden_textured_fs);
	tcase_add_test(golden, golden_ubo_array_vs);
	tcase_add_test(golden, packing_is_lowered);
	tcase_add_test(golden, carries_and_extended_products);
	tcase_add_test(golden, matrix_builtins_are_lowered);
	tcase_add_test(golden, temps_are_reused);
	tcase_add_test(golden, info_reports_interface);
	tcase_add_test(golden, instance_index_adds_base_instance);
	tcase_add_test(golden, compute_reports_local_size);
	tcase_add_test(golden, separate_samplers_use_image_slots);
	tcase_add_test(golden, two_samplers_on_one_image_fail);
	suite_add_tcase(s, golden);
	tcase_add_loop_test(all, every_shader_compiles, 0, (int)ctu_nr_shaders);
	suite_add_tcase(s, all);
	tcase_set_timeout(bad, 600);
	tcase_add_test(bad, unsupported_instruction_is_named);
	tcase_add_test(bad, bad_header_and_stage);
	tcase_add_test(bad, wrong_stage_names_entry_point);
	tcase_add_loop_test(bad, truncated_modules_fail_cleanly, 0, (int)ctu_nr_shaders);
	tcase_add_loop_test(bad, corrupted_modules_never_crash, 0, (int)ctu_nr_shaders);
	suite_add_tcase(s, bad);
	return s;
}

int main(void)
{
	return check_run(spirv_suite(), CK_NORMAL);
}
