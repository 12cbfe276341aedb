/* SPDX-License-Identifier: MIT */
/*
 * GL_EXT_gpu_shader5, where the
 * host has GLSL 4.00's features: listed by ES 3.1 contexts only; arrays of
 * samplers, of uniform blocks, of storage blocks and of atomic counters
 * indexed with uniforms
 * (pixels and buffer words read back), gathers at a computed offset and at
 * four constant ones, fma and implicit conversions with overloads; the
 * shaders the extension still refuses fail to compile with a log.
 */
#include <GLES3/gl31.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

static PFNGLDISPATCHCOMPUTEPROC dispatch;
static PFNGLACTIVETEXTUREPROC active_texture;
static PFNGLUNIFORM1IVPROC uniform1iv;
static PFNGLUNIFORM2IPROC uniform2i;

static void setup(void)
{
	glt_setup_version(3, 1);
	dispatch = (PFNGLDISPATCHCOMPUTEPROC)glt_proc("glDispatchCompute");
	active_texture = (PFNGLACTIVETEXTUREPROC)glt_proc("glActiveTexture");
	uniform1iv = (PFNGLUNIFORM1IVPROC)glt_proc("glUniform1iv");
	uniform2i = (PFNGLUNIFORM2IPROC)glt_proc("glUniform2i");
}

#define HEAD "#version 310 es\n#extension GL_EXT_gpu_shader5 : require\n"
#define VS "#version 310 es\nin vec4 pos;\nvoid main() { gl_Position = pos; }\n"
#define FS_HEAD HEAD "precision highp float;\nout vec4 o;\n"

START_TEST(listed_in_es31)
{
	ck_assert(glt_has_extension("GL_EXT_gpu_shader5"));
	ck_assert(glt_has_extension("GL_OES_gpu_shader5"));
}
END_TEST

static void setup_es30(void)
{
	glt_setup_version(3, 0);
}

START_TEST(not_listed_in_es30)
{
	ck_assert(!glt_has_extension("GL_EXT_gpu_shader5"));
	ck_assert(!glt_has_extension("GL_OES_gpu_shader5"));
}
END_TEST

/* A 1x1 RGBA8 texture of one colour on unit `unit`. */
static void solid_texture(GLuint unit, const uint8_t rgba[4])
{
	active_texture(GL_TEXTURE0 + unit);
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
}

static const char fs_sampler_array[] = FS_HEAD
	"uniform sampler2D s[3];\nuniform int i;\n"
	"void main() { o = texture(s[i], vec2(0.5)); }\n";

/* Each draw samples the texture the uniform picks. */
START_TEST(sampler_array_uniform_index)
{
	static const uint8_t colours[3][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 },
					       { 0, 0, 255, 255 } };
	static const GLint units[3] = { 3, 0, 5 };   /* element i samples unit units[i] */
	GLuint p = glt_program(VS, fs_sampler_array);

	gl.BindAttribLocation(p, 0, "pos");
	gl.LinkProgram(p);
	gl.UseProgram(p);
	uniform1iv(gl.GetUniformLocation(p, "s"), 3, units);
	for (GLuint k = 0; k < 3; k++)
		solid_texture((GLuint)units[k], colours[k]);
	for (int i = 2; i >= 0; i--) {
		gl.Uniform1i(gl.GetUniformLocation(p, "i"), i);
		glt_draw_window();
		glt_assert_pixel(16, 16, colours[i][0], colours[i][1], colours[i][2], 255);
	}
}
END_TEST

/* out[k] = b[idx[k]].v and s[idx[k]].w (blocks at bindings 1..3, the index
 * read from the default block), then s[idx[0]].w is written back and the
 * counter c[idx[0]] incremented. */
static const char cs_block_arrays[] = HEAD
	"layout(local_size_x = 1) in;\n"
	"layout(std430, binding = 0) buffer Out { uint r[6]; };\n"
	"layout(std140, binding = 1) uniform B { uint pad; uint v; } b[3];\n"
	"layout(std430, binding = 1) buffer S { uint w; } s[3];\n"
	"layout(binding = 0) uniform atomic_uint c[3];\n"
	"uniform int idx[3];\n"
	"void main() {\n"
	"  for (int k = 0; k < 3; k++) { r[k] = b[idx[k]].v; r[3 + k] = s[idx[k]].w; }\n"
	"  s[idx[0]].w = 77u;\n"
	"  atomicCounterIncrement(c[idx[0]]);\n"
	"}\n";

START_TEST(block_arrays_uniform_index)
{
	static const GLint idx[3] = { 2, 0, 1 };
	static const uint32_t zeros[3];
	GLuint p = glt_compute_program(cs_block_arrays), out = glt_ssbo(6, 0), ub[3], sb[3];
	GLuint counters = glt_buffer(GL_ATOMIC_COUNTER_BUFFER, zeros, sizeof(zeros));
	const uint32_t *w;

	uniform1iv(gl.GetUniformLocation(p, "idx"), 3, idx);
	for (uint32_t k = 0; k < 3; k++) {
		uint32_t u[2] = { 0, 10 + k }, s = 20 + k;

		ub[k] = glt_buffer(GL_UNIFORM_BUFFER, u, sizeof(u));
		gl.BindBufferBase(GL_UNIFORM_BUFFER, 1 + k, ub[k]);
		sb[k] = glt_buffer(GL_SHADER_STORAGE_BUFFER, &s, sizeof(s));
		gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1 + k, sb[k]);
	}
	gl.BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, counters);
	dispatch(1, 1, 1);
	w = glt_map_ssbo(out, 6);
	for (int k = 0; k < 3; k++) {
		ck_assert_uint_eq(w[k], 10u + (uint32_t)idx[k]);
		ck_assert_uint_eq(w[3 + k], 20u + (uint32_t)idx[k]);
	}
	glt_unmap_ssbo();
	w = glt_map_ssbo(sb[2], 1);
	ck_assert_uint_eq(w[0], 77);
	glt_unmap_ssbo();
	w = glt_map_ssbo(counters, 3);
	ck_assert_uint_eq(w[0], 0);
	ck_assert_uint_eq(w[1], 0);
	ck_assert_uint_eq(w[2], 1);
	glt_unmap_ssbo();
}
END_TEST

/* A 4x4 texture whose red is 16 * (4y + x): a gather's texel says where it is. */
static void ramp_texture(void)
{
	uint8_t px[16][4];

	for (int i = 0; i < 16; i++) {
		px[i][0] = (uint8_t)(16 * i);
		px[i][1] = px[i][2] = 0;
		px[i][3] = 255;
	}
	active_texture(GL_TEXTURE0);
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
}

/* At texel (1, 1)'s corner (0.5, 0.5) the footprint is texels (1..2, 1..2);
 * .w of a gather is its i0j0, (1, 1) moved by the offset. */
static const char fs_gather[] = FS_HEAD
	"uniform sampler2D tex;\nuniform ivec2 d;\n"
	"const ivec2 four[4] = ivec2[](ivec2(0, 0), ivec2(1, 0), ivec2(0, 1), ivec2(-1, -1));\n"
	"void main() {\n"
	"  float computed = textureGatherOffset(tex, vec2(0.5), d).w;\n"
	"  vec4 g = textureGatherOffsets(tex, vec2(0.5), four);\n"
	"  o = gl_FragCoord.x < 16.0 ? vec4(computed, 0.0, 0.0, 1.0) : g;\n"
	"}\n";

START_TEST(gather_offsets)
{
	GLuint p = glt_texture_program(VS, fs_gather);

	ramp_texture();
	uniform2i(gl.GetUniformLocation(p, "d"), 1, 1);   /* texel (2, 2): 160 */
	glt_draw_window();
	glt_assert_pixel(4, 4, 160, 0, 0, 255);
	/* (1, 1), (2, 1), (1, 2), (0, 0): 80, 96, 144, 0 */
	glt_assert_pixel(24, 4, 80, 96, 144, 0);
}
END_TEST

/* fma, an int + uint -> float, an overload reached by conversions
 * (f(int, float) beats f(float, float) for (int, int)) and built-ins
 * reached by them. */
#define CS_VALUES \
	"layout(local_size_x = 1) in;\n" \
	"layout(std430, binding = 0) buffer Out { float r[4]; };\n" \
	"uniform int two;\n" \
	"float f(float a, float b) { return -1.0; }\n" \
	"float f(int a, float b) { return float(a) + b; }\n" \
	"void main() {\n" \
	"  r[0] = fma(float(two), 1.5, 0.25);\n" \
	"  r[1] = two + 3u;\n" \
	"  r[2] = f(two, two);\n" \
	"  r[3] = max(two, 2.5) + sqrt(two * 2);\n" /* built-ins take conversions too */ \
	"}\n"

/* the same shader under both names of the extension */
static const char *const cs_values[] = {
	HEAD CS_VALUES,
	"#version 310 es\n#extension GL_OES_gpu_shader5 : require\n" CS_VALUES,
};

START_TEST(values)
{
	GLuint p = glt_compute_program(cs_values[_i]), b = glt_ssbo(4, 0);
	const float want[4] = { 3.25f, 5.0f, 4.0f, 4.5f };
	const uint32_t *w;

	gl.Uniform1i(gl.GetUniformLocation(p, "two"), 2);
	dispatch(1, 1, 1);
	w = glt_map_ssbo(b, 4);
	for (int i = 0; i < 4; i++) {
		float f;

		memcpy(&f, &w[i], sizeof(f));
		ck_assert_msg(f == want[i], "r[%d] = %g, want %g", i, f, want[i]);
	}
	glt_unmap_ssbo();
}
END_TEST

struct refused {
	const char *name, *src, *log;
};

static const struct refused refused[] = {
	{ "no #extension", "#version 310 es\nprecision highp float;\nout vec4 o;\n"
	  "uniform sampler2D s[2];\nuniform int i;\n"
	  "void main() { o = texture(s[i], vec2(0.0)); }\n", "0:6(" },
	{ "image array", FS_HEAD "layout(rgba8) readonly uniform highp image2D m[2];\n"
	  "uniform int i;\nvoid main() { o = imageLoad(m[i], ivec2(0)); }\n", "0:7(" },
	{ "offsets not constant", FS_HEAD "uniform sampler2D s;\nuniform ivec2 d[4];\n"
	  "void main() { o = textureGatherOffsets(s, vec2(0.0), d); }\n", "0:7(" },
	{ "ambiguous call", FS_HEAD "float f(float a, int b) { return 1.0; }\n"
	  "float f(int a, float b) { return 2.0; }\n"
	  "void main() { o = vec4(f(1, 1)); }\n", "0:7(" },
};

START_TEST(refused_shaders)
{
	const struct refused *r = &refused[_i];

	glt_assert_compile_fails(GL_FRAGMENT_SHADER, r->src, r->name, r->log);
}
END_TEST

static Suite *gpu_shader5_suite(void)
{
	Suite *s = suite_create("gl es31 gpu_shader5");
	TCase *t = tcase_create("gpu_shader5");

	tcase_add_checked_fixture(t, setup, glt_teardown);
	tcase_add_test(t, listed_in_es31);
	tcase_add_test(t, sampler_array_uniform_index);
	tcase_add_test(t, block_arrays_uniform_index);
	tcase_add_test(t, gather_offsets);
	tcase_add_loop_test(t, values, 0, 2);
	tcase_add_loop_test(t, refused_shaders, 0, sizeof(refused) / sizeof(refused[0]));
	suite_add_tcase(s, t);
	t = tcase_create("es 3.0");
	tcase_add_checked_fixture(t, setup_es30, glt_teardown);
	tcase_add_test(t, not_listed_in_es30);
	suite_add_tcase(s, t);
	return s;
}

int main(void)
{
	return glt_main(gpu_shader5_suite);
}
