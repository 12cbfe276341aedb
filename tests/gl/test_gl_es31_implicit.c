/* SPDX-License-Identifier: MIT */
/*
 * GL_EXT_shader_implicit_conversions:
 * listed by ES 3.1 contexts only; a compute shader that
 * relies on int -> uint -> float conversions in operators, assignments,
 * initializers, returns, calls, array constructors and ?: writes the values
 * read back from its storage buffer; the conversions GLSL 4.00 does not
 * have (uint -> int, float -> int, vector sizes, arrays) and shaders
 * without the #extension fail to compile with a log.
 */
#include <GLES3/gl31.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

static PFNGLDISPATCHCOMPUTEPROC dispatch;

static void setup(void)
{
	glt_setup_version(3, 1);
	dispatch = (PFNGLDISPATCHCOMPUTEPROC)glt_proc("glDispatchCompute");
}

#define HEAD "#version 310 es\n#extension GL_EXT_shader_implicit_conversions : require\n"

START_TEST(listed_in_es31)
{
	ck_assert(glt_has_extension("GL_EXT_shader_implicit_conversions"));
}
END_TEST

static void setup_es30(void)
{
	glt_setup_version(3, 0);
}

/* the extension needs ES 3.1 */
START_TEST(not_listed_in_es30)
{
	ck_assert(!glt_has_extension("GL_EXT_shader_implicit_conversions"));
}
END_TEST

/* Each slot of the buffer gets one conversion's result, as a float's bits
 * or a uint. */
static const char cs_conversions[] = HEAD
	"layout(local_size_x = 1) in;\n"
	"layout(std430, binding = 0) buffer B { float f[8]; uint u[8]; };\n"
	"uniform int two;\n"                          /* 2, set by the test */
	"float half_of(float x) { return x / 2.0; }\n"
	"uint twice(uint x) { return x * 2u; }\n"
	"float as_float(int i) { return i; }\n"       /* return converts */
	"void main() {\n"
	"  f[0] = two + 0.5;\n"                       /* int + float */
	"  f[1] = half_of(two);\n"                    /* in argument */
	"  f[2] = as_float(-3);\n"
	"  float g = two;\n"                          /* initializer */
	"  g += two;\n"                               /* compound assignment */
	"  f[3] = g;\n"
	"  f[4] = two > 1 ? 1.5 : two;\n"             /* ?: */
	"  vec2 v = two * vec2(1.0, 0.25);\n"         /* scalar int with a vector */
	"  f[5] = v.y;\n"
	"  u[0] = two + 4u;\n"                        /* int + uint */
	"  u[1] = twice(two);\n"
	"  uint a[3] = uint[](1, two, 3);\n"          /* array constructor elements */
	"  u[2] = a[1] + a[2];\n"
	"  u[3] = uint(two == 2u);\n"                 /* comparison */
	"  u[4] = uint(float(two) == two);\n"
	"}\n";

START_TEST(values)
{
	GLuint p = glt_compute_program(cs_conversions), b = glt_ssbo(16, 0);
	const uint32_t *w;
	float f[6];
	const float want_f[6] = { 2.5f, 1.0f, -3.0f, 4.0f, 1.5f, 0.5f };
	const uint32_t want_u[5] = { 6, 4, 5, 1, 1 };

	gl.Uniform1i(gl.GetUniformLocation(p, "two"), 2);
	dispatch(1, 1, 1);
	w = glt_map_ssbo(b, 16);
	memcpy(f, w, sizeof(f));
	for (int i = 0; i < 6; i++)
		ck_assert_msg(f[i] == want_f[i], "f[%d] = %g, want %g", i, f[i], want_f[i]);
	for (int i = 0; i < 5; i++)
		ck_assert_msg(w[8 + i] == want_u[i], "u[%d] = %u, want %u", i, w[8 + i], want_u[i]);
	glt_unmap_ssbo();
}
END_TEST

struct refused {
	const char *name, *src, *log;
};

#define MAIN_CS "layout(local_size_x = 1) in;\nvoid main() {\n"

static const struct refused refused[] = {
	{ "no #extension", "#version 310 es\n" MAIN_CS "  float f = 1;\n}\n",
	  "0:4(" },
	{ "uint to int", HEAD MAIN_CS "  int i = 1u;\n}\n", "0:5(" },
	{ "float to int", HEAD MAIN_CS "  int i = 0; i += 1.5;\n}\n", "0:5(" },
	{ "vector sizes", HEAD MAIN_CS "  ivec3 v = ivec2(1);\n}\n", "0:5(" },
	{ "arrays", HEAD MAIN_CS "  uint a[2] = int[](1, 2);\n}\n", "0:5(" },
	{ "out argument", HEAD "void f(out float x) { x = 1.0; }\n" MAIN_CS
	  "  int i; f(i);\n}\n", "0:6(" },
	{ "ambiguous call", HEAD "float f(float x) { return x; }\n"
	  "float f(uint x) { return 1.0; }\n" MAIN_CS "  float y = f(1);\n}\n", "0:7(" },
};

START_TEST(refused_conversions)
{
	const struct refused *r = &refused[_i];

	glt_assert_compile_fails(GL_COMPUTE_SHADER, r->src, r->name, r->log);
}
END_TEST

static Suite *implicit_suite(void)
{
	Suite *s = suite_create("gl es31 implicit conversions");
	TCase *t = tcase_create("conversions");

	tcase_add_checked_fixture(t, setup, glt_teardown);
	tcase_add_test(t, listed_in_es31);
	tcase_add_test(t, values);
	tcase_add_loop_test(t, refused_conversions, 0, sizeof(refused) / sizeof(refused[0]));
	suite_add_tcase(s, t);
	t = tcase_create("es 3.0");
	tcase_add_checked_fixture(t, setup_es30, glt_teardown);
	tcase_add_test(t, not_listed_in_es30);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return glt_main(implicit_suite);
}
