/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 texture and multisample state (development contexts:
 * VIRTGL_DEV_ES31=1): glGetTexLevelParameter* on the levels that
 * glTexImage*, glTexStorage* and glCompressedTexImage* define, with the
 * values read back.
 */
#include <GLES3/gl31.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define ES31_FUNCS(X) \
	X(GetTexLevelParameteriv, GETTEXLEVELPARAMETERIV) \
	X(GetTexLevelParameterfv, GETTEXLEVELPARAMETERFV) \
	X(TexStorage2D, TEXSTORAGE2D) X(TexStorage3D, TEXSTORAGE3D)

#define ES31_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	ES31_FUNCS(ES31_MEMBER)
} es;
#undef ES31_MEMBER

static void setup(void)
{
	glt_setup_version(3, 1);
#define ES31_LOAD(n, N) es.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	ES31_FUNCS(ES31_LOAD)
#undef ES31_LOAD
}

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

/* ---- glGetTexLevelParameter --------------------------------------------------------------- */

static GLint level_i(GLenum target, GLint level, GLenum pname)
{
	GLint v = -1;

	es.GetTexLevelParameteriv(target, level, pname, &v);
	return v;
}

/* Size and channels of one level, as {pname, value} pairs. */
struct level_want {
	GLenum pname;
	GLint value;
};

static void assert_level(GLenum target, GLint level, const struct level_want *w, size_t n)
{
	for (size_t i = 0; i < n; i++)
		ck_assert_msg(level_i(target, level, w[i].pname) == w[i].value,
			      "level %d pname 0x%04x: %d, want %d", level, w[i].pname,
			      level_i(target, level, w[i].pname), w[i].value);
	expect(GL_NO_ERROR);
}

#define ASSERT_LEVEL(target, level, ...) \
	do { \
		const struct level_want w_[] = { __VA_ARGS__ }; \
		assert_level(target, level, w_, sizeof(w_) / sizeof(w_[0])); \
	} while (0)

START_TEST(level_rgba8)
{
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	gl.TexImage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	ASSERT_LEVEL(GL_TEXTURE_2D, 0, { GL_TEXTURE_WIDTH, 8 }, { GL_TEXTURE_HEIGHT, 4 },
		     { GL_TEXTURE_DEPTH, 1 }, { GL_TEXTURE_INTERNAL_FORMAT, GL_RGBA8 },
		     { GL_TEXTURE_RED_SIZE, 8 }, { GL_TEXTURE_GREEN_SIZE, 8 },
		     { GL_TEXTURE_BLUE_SIZE, 8 }, { GL_TEXTURE_ALPHA_SIZE, 8 },
		     { GL_TEXTURE_DEPTH_SIZE, 0 }, { GL_TEXTURE_STENCIL_SIZE, 0 },
		     { GL_TEXTURE_SHARED_SIZE, 0 }, { GL_TEXTURE_RED_TYPE, GL_UNSIGNED_NORMALIZED },
		     { GL_TEXTURE_ALPHA_TYPE, GL_UNSIGNED_NORMALIZED },
		     { GL_TEXTURE_DEPTH_TYPE, GL_NONE }, { GL_TEXTURE_COMPRESSED, GL_FALSE },
		     { GL_TEXTURE_SAMPLES, 0 }, { GL_TEXTURE_FIXED_SAMPLE_LOCATIONS, GL_TRUE });
	ASSERT_LEVEL(GL_TEXTURE_2D, 1, { GL_TEXTURE_WIDTH, 4 }, { GL_TEXTURE_HEIGHT, 2 });
}
END_TEST

/* A level with no image: the state table's initial values. */
START_TEST(level_undefined)
{
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	ASSERT_LEVEL(GL_TEXTURE_2D, 3, { GL_TEXTURE_WIDTH, 0 }, { GL_TEXTURE_HEIGHT, 0 },
		     { GL_TEXTURE_DEPTH, 0 }, { GL_TEXTURE_INTERNAL_FORMAT, GL_RGBA },
		     { GL_TEXTURE_RED_SIZE, 0 }, { GL_TEXTURE_RED_TYPE, GL_NONE },
		     { GL_TEXTURE_COMPRESSED, GL_FALSE });
	/* past the levels a texture keeps, within log2(GL_MAX_TEXTURE_SIZE) */
	ASSERT_LEVEL(GL_TEXTURE_2D, 31 - __builtin_clz((unsigned)glt_geti(GL_MAX_TEXTURE_SIZE)),
		     { GL_TEXTURE_WIDTH, 0 });
}
END_TEST

START_TEST(level_depth_stencil)
{
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH24_STENCIL8, 4, 4, 0, GL_DEPTH_STENCIL,
		      GL_UNSIGNED_INT_24_8, NULL);
	ASSERT_LEVEL(GL_TEXTURE_2D, 0, { GL_TEXTURE_DEPTH_SIZE, 24 }, { GL_TEXTURE_STENCIL_SIZE, 8 },
		     { GL_TEXTURE_DEPTH_TYPE, GL_UNSIGNED_NORMALIZED }, { GL_TEXTURE_RED_SIZE, 0 },
		     { GL_TEXTURE_RED_TYPE, GL_NONE },
		     { GL_TEXTURE_INTERNAL_FORMAT, GL_DEPTH24_STENCIL8 });
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 4, 4, 0, GL_DEPTH_COMPONENT,
		      GL_FLOAT, NULL);
	ASSERT_LEVEL(GL_TEXTURE_2D, 0, { GL_TEXTURE_DEPTH_SIZE, 32 },
		     { GL_TEXTURE_DEPTH_TYPE, GL_FLOAT }, { GL_TEXTURE_STENCIL_SIZE, 0 });
}
END_TEST

/* Channel types and sizes of other classes: integer, float, shared exponent. */
START_TEST(level_types)
{
	glt_texture(GL_TEXTURE_2D);
	es.TexStorage2D(GL_TEXTURE_2D, 3, GL_R32UI, 8, 8);
	ASSERT_LEVEL(GL_TEXTURE_2D, 2, { GL_TEXTURE_WIDTH, 2 }, { GL_TEXTURE_RED_SIZE, 32 },
		     { GL_TEXTURE_GREEN_SIZE, 0 }, { GL_TEXTURE_RED_TYPE, GL_UNSIGNED_INT },
		     { GL_TEXTURE_GREEN_TYPE, GL_NONE }, { GL_TEXTURE_INTERNAL_FORMAT, GL_R32UI });
	ASSERT_LEVEL(GL_TEXTURE_2D, 3, { GL_TEXTURE_WIDTH, 0 });
	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RG16F, 2, 2, 0, GL_RG, GL_HALF_FLOAT, NULL);
	ASSERT_LEVEL(GL_TEXTURE_2D, 0, { GL_TEXTURE_GREEN_SIZE, 16 },
		     { GL_TEXTURE_GREEN_TYPE, GL_FLOAT }, { GL_TEXTURE_BLUE_SIZE, 0 });
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGB9_E5, 2, 2, 0, GL_RGB, GL_FLOAT, NULL);
	ASSERT_LEVEL(GL_TEXTURE_2D, 0, { GL_TEXTURE_SHARED_SIZE, 5 }, { GL_TEXTURE_ALPHA_SIZE, 0 },
		     { GL_TEXTURE_BLUE_TYPE, GL_FLOAT });
}
END_TEST

/* 3D depth, array layers, a cube map's faces one by one. */
START_TEST(level_targets)
{
	glt_texture(GL_TEXTURE_3D);
	gl.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 8, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	ASSERT_LEVEL(GL_TEXTURE_3D, 0, { GL_TEXTURE_DEPTH, 2 }, { GL_TEXTURE_HEIGHT, 4 });
	glt_texture(GL_TEXTURE_2D_ARRAY);
	es.TexStorage3D(GL_TEXTURE_2D_ARRAY, 2, GL_RGBA8, 4, 4, 6);
	ASSERT_LEVEL(GL_TEXTURE_2D_ARRAY, 1, { GL_TEXTURE_WIDTH, 2 }, { GL_TEXTURE_DEPTH, 6 });
	glt_texture(GL_TEXTURE_CUBE_MAP);
	gl.TexImage2D(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, GL_RGBA8, 4, 4, 0, GL_RGBA,
		      GL_UNSIGNED_BYTE, NULL);
	ASSERT_LEVEL(GL_TEXTURE_CUBE_MAP_NEGATIVE_Y, 0, { GL_TEXTURE_WIDTH, 4 });
	ASSERT_LEVEL(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, { GL_TEXTURE_WIDTH, 0 });
}
END_TEST

START_TEST(level_compressed)
{
	static uint8_t block[8];

	glt_texture(GL_TEXTURE_2D);
	gl.CompressedTexImage2D(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 0, sizeof(block),
				block);
	expect(GL_NO_ERROR);
	ASSERT_LEVEL(GL_TEXTURE_2D, 0, { GL_TEXTURE_COMPRESSED, GL_TRUE },
		     { GL_TEXTURE_INTERNAL_FORMAT, GL_COMPRESSED_RGB8_ETC2 },
		     { GL_TEXTURE_WIDTH, 4 });
}
END_TEST

/* The float form; a failed call writes nothing. */
START_TEST(level_float)
{
	GLfloat f = -1;

	glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, 8, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	es.GetTexLevelParameterfv(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH, &f);
	ck_assert_float_eq(f, 8.0f);
	es.GetTexLevelParameterfv(GL_TEXTURE_2D, 0, GL_TEXTURE_INTERNAL_FORMAT, &f);
	ck_assert_float_eq(f, (GLfloat)GL_RGBA8);
	expect(GL_NO_ERROR);
	f = -1;
	es.GetTexLevelParameterfv(GL_TEXTURE_2D, -1, GL_TEXTURE_WIDTH, &f);
	expect(GL_INVALID_VALUE);
	ck_assert_float_eq(f, -1.0f);
}
END_TEST

static Suite *es31_tex_suite(void)
{
	Suite *s = suite_create("gl es31 tex");
	TCase *tl = tcase_create("level");

	tcase_add_checked_fixture(tl, setup, glt_teardown);
	tcase_add_test(tl, level_rgba8);
	tcase_add_test(tl, level_undefined);
	tcase_add_test(tl, level_depth_stencil);
	tcase_add_test(tl, level_types);
	tcase_add_test(tl, level_targets);
	tcase_add_test(tl, level_compressed);
	tcase_add_test(tl, level_float);
	suite_add_tcase(s, tl);
	return s;
}

int main(void)
{
	/* development only: ES 3.1 is incomplete and not advertised */
	setenv("VIRTGL_DEV_ES31", "1", 1);
	return glt_main(es31_tex_suite);
}
