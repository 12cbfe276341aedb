/* SPDX-License-Identifier: MIT */
/*
 * GL_EXT_draw_buffers_indexed / GL_OES_draw_buffers_indexed (ES 3.0):
 * blending enabled, blend functions and equations, and colour masks of
 * each draw buffer its own. Four RGBA8 attachments drawn by one draw, each
 * read back exactly; glClear under per-buffer masks; the non-indexed calls
 * setting every buffer again; the indexed queries (glGetIntegeri_v,
 * glGetBooleani_v, glIsEnablediEXT) and the non-indexed ones reading draw
 * buffer 0; the spec's errors; the extension strings, and an ES 2.0
 * context, which has neither the extension nor its calls.
 *
 * Not covered: a host without independent blending (virgl's
 * indep_blend_enable / indep_blend_func caps), where the extensions are
 * not advertised; the tests cannot take the caps away from the host.
 */
#include <GLES3/gl31.h>
#include <stdio.h>
#include <string.h>

#include "gl_test_util.h"

#define F(n) ((__typeof__(&gl##n))glt_proc("gl" #n))
#define N 4
#define geti glt_geti

typedef void (GL_APIENTRY *capi_fn)(GLenum, GLuint);
typedef GLboolean (GL_APIENTRY *is_enabledi_fn)(GLenum, GLuint);
typedef void (GL_APIENTRY *equationi_fn)(GLuint, GLenum);
typedef void (GL_APIENTRY *equation_separatei_fn)(GLuint, GLenum, GLenum);
typedef void (GL_APIENTRY *funci_fn)(GLuint, GLenum, GLenum);
typedef void (GL_APIENTRY *func_separatei_fn)(GLuint, GLenum, GLenum, GLenum, GLenum);
typedef void (GL_APIENTRY *color_maski_fn)(GLuint, GLboolean, GLboolean, GLboolean, GLboolean);

/* The extension's calls under one suffix (EXT or OES: the same functions). */
struct dbi {
	capi_fn enable, disable;
	is_enabledi_fn is_enabled;
	equationi_fn equation;
	equation_separatei_fn equation_separate;
	funci_fn func;
	func_separatei_fn func_separate;
	color_maski_fn color_mask;
};

static void *proc_sfx(const char *name, const char *sfx)
{
	char full[64];
	void *p;

	snprintf(full, sizeof(full), "%s%s", name, sfx);
	p = vgl_get_proc_address(full);
	ck_assert_msg(p != NULL, "%s missing", full);
	return p;
}

static struct dbi calls(const char *sfx)
{
	return (struct dbi){
		.enable = (capi_fn)proc_sfx("glEnablei", sfx),
		.disable = (capi_fn)proc_sfx("glDisablei", sfx),
		.is_enabled = (is_enabledi_fn)proc_sfx("glIsEnabledi", sfx),
		.equation = (equationi_fn)proc_sfx("glBlendEquationi", sfx),
		.equation_separate = (equation_separatei_fn)proc_sfx("glBlendEquationSeparatei", sfx),
		.func = (funci_fn)proc_sfx("glBlendFunci", sfx),
		.func_separate = (func_separatei_fn)proc_sfx("glBlendFuncSeparatei", sfx),
		.color_mask = (color_maski_fn)proc_sfx("glColorMaski", sfx),
	};
}

static const char *vs =
	"#version 300 es\n"
	"in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
/* every buffer gets yellow, alpha 1 */
static const char *fs_yellow =
	"#version 300 es\n"
	"precision mediump float;\n"
	"layout(location = 0) out vec4 o[4];\n"
	"void main() {\n"
	"  o[0] = vec4(1.0, 1.0, 0.0, 1.0); o[1] = o[0]; o[2] = o[0]; o[3] = o[0];\n"
	"}\n";
static const GLenum all_buffers[N] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1,
				       GL_COLOR_ATTACHMENT2, GL_COLOR_ATTACHMENT3 };

static void draw_full(const char *fs)
{
	static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };
	GLuint p = glt_program(vs, fs);

	gl.UseProgram(p);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.DeleteProgram(p);
}

/* An FBO with n RGBA8 textures on COLOR_ATTACHMENT0..n-1, all drawn. */
static void mrt_fbo(int n)
{
	GLuint f, tex[N];

	F(GenFramebuffers)(1, &f);
	F(BindFramebuffer)(GL_FRAMEBUFFER, f);
	F(GenTextures)(n, tex);
	for (int i = 0; i < n; i++) {
		F(BindTexture)(GL_TEXTURE_2D, tex[i]);
		F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA8, GLT_W, GLT_H, 0, GL_RGBA,
			      GL_UNSIGNED_BYTE, NULL);
		F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + i, GL_TEXTURE_2D,
					tex[i], 0);
	}
	F(DrawBuffers)(n, all_buffers);
	ck_assert_uint_eq(F(CheckFramebufferStatus)(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
}

/* Every buffer cleared to blue with alpha 0, all masks open. */
static void clear_blue(void)
{
	gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	gl.ClearColor(0, 0, 1, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
}

/* Draw buffer i, at two places, is exactly want. */
static void assert_buffer(int i, const uint8_t want[4])
{
	F(ReadBuffer)(GL_COLOR_ATTACHMENT0 + i);
	glt_assert_pixel_near(3, 5, want, 0);
	glt_assert_pixel_near(GLT_W - 1, GLT_H - 1, want, 0);
}

static void assert_buffers(int n, const uint8_t want[][4])
{
	for (int i = 0; i < n; i++)
		assert_buffer(i, want[i]);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}

static bool listed(const char *name)
{
	GLint n = geti(GL_NUM_EXTENSIONS);

	for (GLint i = 0; i < n; i++)
		if (strcmp((const char *)F(GetStringi)(GL_EXTENSIONS, (GLuint)i), name) == 0)
			return true;
	return false;
}

START_TEST(t_extension_listed)
{
	const char *ext = (const char *)gl.GetString(GL_EXTENSIONS);

	ck_assert_ptr_nonnull(strstr(ext, "GL_EXT_draw_buffers_indexed"));
	ck_assert_ptr_nonnull(strstr(ext, "GL_OES_draw_buffers_indexed"));
	ck_assert(listed("GL_EXT_draw_buffers_indexed"));
	ck_assert(listed("GL_OES_draw_buffers_indexed"));
}
END_TEST

/* Dst blue (0,0,1,0), src yellow (1,1,0,1), each buffer blended its own way.
 * _i = 0: the EXT calls, 1: the OES ones. */
START_TEST(t_blend_per_buffer)
{
	struct dbi d = calls(_i ? "OES" : "EXT");
	static const uint8_t want[N][4] = {
		{ 255, 255, 0, 255 },  /* blending off: the source */
		{ 255, 255, 255, 255 },/* ONE, ONE, ADD: the sum */
		{ 0, 0, 255, 0 },      /* ZERO, ONE: the destination kept */
		{ 0, 0, 255, 255 },    /* rgb ZERO, ONE; alpha ONE, ZERO */
	};

	mrt_fbo(N);
	clear_blue();
	for (GLuint i = 1; i < N; i++)
		d.enable(GL_BLEND, i);
	d.func(1, GL_ONE, GL_ONE);
	d.func(2, GL_ZERO, GL_ONE);
	d.func_separate(3, GL_ZERO, GL_ONE, GL_ONE, GL_ZERO);
	draw_full(fs_yellow);
	assert_buffers(N, want);
}
END_TEST

/* Equations per buffer: MIN, MAX, REVERSE_SUBTRACT and rgb SUBTRACT / alpha
 * ADD, all with factors ONE, ONE, over blue (0,0,1,0) with yellow (1,1,0,1). */
START_TEST(t_equation_per_buffer)
{
	struct dbi d = calls("EXT");
	static const uint8_t want[N][4] = {
		{ 0, 0, 0, 0 }, { 255, 255, 255, 255 }, { 0, 0, 255, 0 }, { 255, 255, 0, 255 },
	};

	mrt_fbo(N);
	clear_blue();
	gl.Enable(GL_BLEND);
	gl.BlendFunc(GL_ONE, GL_ONE);
	d.equation(0, GL_MIN);
	d.equation(1, GL_MAX);
	d.equation(2, GL_FUNC_REVERSE_SUBTRACT);
	d.equation_separate(3, GL_FUNC_SUBTRACT, GL_FUNC_ADD);
	draw_full(fs_yellow);
	assert_buffers(N, want);
}
END_TEST

/* Masks per buffer, for draws and for glClear (black over white). */
START_TEST(t_mask_per_buffer)
{
	struct dbi d = calls("EXT");
	static const uint8_t drawn[N][4] = {
		{ 255, 0, 255, 0 }, { 0, 255, 255, 255 }, { 0, 0, 255, 0 }, { 255, 255, 0, 255 },
	};
	static const uint8_t cleared[N][4] = {
		{ 0, 255, 0, 255 }, { 255, 0, 0, 0 }, { 255, 255, 255, 255 }, { 0, 0, 0, 0 },
	};

	mrt_fbo(N);
	clear_blue();
	d.color_mask(0, GL_TRUE, GL_FALSE, GL_FALSE, GL_FALSE);
	d.color_mask(1, GL_FALSE, GL_TRUE, GL_FALSE, GL_TRUE);
	d.color_mask(2, GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
	draw_full(fs_yellow);
	assert_buffers(N, drawn);
	gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	gl.ClearColor(1, 1, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	d.color_mask(0, GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
	d.color_mask(1, GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
	d.color_mask(2, GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	assert_buffers(N, cleared);
}
END_TEST

/* Two attachments: buffer 1 blends, buffer 0 masks red; then the
 * non-indexed calls set both again. */
START_TEST(t_non_indexed_sets_all)
{
	struct dbi d = calls("EXT");
	static const uint8_t indexed[2][4] = { { 0, 255, 0, 255 }, { 255, 255, 255, 255 } };
	static const uint8_t reset[2][4] = { { 255, 255, 0, 255 }, { 255, 255, 0, 255 } };

	mrt_fbo(2);
	clear_blue();
	d.enable(GL_BLEND, 1);
	d.func(1, GL_ONE, GL_ONE);
	d.color_mask(0, GL_FALSE, GL_TRUE, GL_TRUE, GL_TRUE);
	draw_full(fs_yellow);
	assert_buffers(2, indexed);
	gl.Disable(GL_BLEND);
	gl.BlendFunc(GL_ONE, GL_ZERO);
	gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	ck_assert(!d.is_enabled(GL_BLEND, 1));
	clear_blue();
	draw_full(fs_yellow);
	assert_buffers(2, reset);
}
END_TEST

static GLint geti_i(GLenum target, GLuint i)
{
	GLint v = -1;

	F(GetIntegeri_v)(target, i, &v);
	return v;
}

START_TEST(t_gets)
{
	struct dbi d = calls("OES");
	GLboolean b[4] = { 0 };
	GLint iv[4] = { 0 };
	GLint64 v64 = 0;

	d.func_separate(1, GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA, GL_ONE, GL_DST_ALPHA);
	d.equation_separate(2, GL_FUNC_SUBTRACT, GL_MAX);
	d.color_mask(3, GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
	d.enable(GL_BLEND, 2);
	ck_assert_int_eq(geti_i(GL_BLEND_SRC_RGB, 1), GL_SRC_ALPHA);
	ck_assert_int_eq(geti_i(GL_BLEND_DST_RGB, 1), GL_ONE_MINUS_SRC_ALPHA);
	ck_assert_int_eq(geti_i(GL_BLEND_SRC_ALPHA, 1), GL_ONE);
	ck_assert_int_eq(geti_i(GL_BLEND_DST_ALPHA, 1), GL_DST_ALPHA);
	ck_assert_int_eq(geti_i(GL_BLEND_SRC_RGB, 0), GL_ONE);
	ck_assert_int_eq(geti(GL_BLEND_SRC_RGB), GL_ONE);  /* buffer 0's */
	ck_assert_int_eq(geti_i(GL_BLEND_EQUATION_RGB, 2), GL_FUNC_SUBTRACT);
	ck_assert_int_eq(geti_i(GL_BLEND_EQUATION_ALPHA, 2), GL_MAX);
	ck_assert_int_eq(geti_i(GL_BLEND_EQUATION_ALPHA, 3), GL_FUNC_ADD);
	F(GetInteger64i_v)(GL_BLEND_DST_ALPHA, 1, &v64);
	ck_assert_int_eq(v64, GL_DST_ALPHA);
	F(GetBooleani_v)(GL_COLOR_WRITEMASK, 3, b);
	ck_assert(b[0] && !b[1] && b[2] && !b[3]);
	F(GetIntegeri_v)(GL_COLOR_WRITEMASK, 3, iv);
	ck_assert(iv[0] == 1 && iv[1] == 0 && iv[2] == 1 && iv[3] == 0);
	gl.GetBooleanv(GL_COLOR_WRITEMASK, b);
	ck_assert(b[0] && b[1] && b[2] && b[3]);
	ck_assert(d.is_enabled(GL_BLEND, 2));
	ck_assert(!d.is_enabled(GL_BLEND, 0));
	ck_assert(!gl.IsEnabled(GL_BLEND));
	ck_assert_int_eq(geti_i(GL_BLEND, 2), 1);
	gl.Enable(GL_BLEND);
	for (GLuint i = 0; i < N; i++)
		ck_assert(d.is_enabled(GL_BLEND, i));
	d.disable(GL_BLEND, 0);
	ck_assert(!gl.IsEnabled(GL_BLEND));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}
END_TEST

static void expect(GLenum err)
{
	ck_assert_int_eq(gl.GetError(), err);
}

/* index >= GL_MAX_DRAW_BUFFERS: INVALID_VALUE; a bad enum: INVALID_ENUM;
 * neither changes anything. */
START_TEST(t_errors)
{
	struct dbi d = calls("EXT");
	GLuint max = (GLuint)geti(GL_MAX_DRAW_BUFFERS);
	GLint v = 7;
	GLboolean b = GL_TRUE;

	d.enable(GL_BLEND, max);
	expect(GL_INVALID_VALUE);
	d.disable(GL_BLEND, max);
	expect(GL_INVALID_VALUE);
	ck_assert(!d.is_enabled(GL_BLEND, max));
	expect(GL_INVALID_VALUE);
	d.equation(max, GL_MIN);
	expect(GL_INVALID_VALUE);
	d.equation_separate(max, GL_MIN, GL_MIN);
	expect(GL_INVALID_VALUE);
	d.func(max, GL_ONE, GL_ONE);
	expect(GL_INVALID_VALUE);
	d.func_separate(max, GL_ONE, GL_ONE, GL_ONE, GL_ONE);
	expect(GL_INVALID_VALUE);
	d.color_mask(max, GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
	expect(GL_INVALID_VALUE);
	F(GetIntegeri_v)(GL_BLEND_SRC_RGB, max, &v);
	expect(GL_INVALID_VALUE);
	F(GetBooleani_v)(GL_COLOR_WRITEMASK, max, &b);
	expect(GL_INVALID_VALUE);
	ck_assert_int_eq(v, 7);
	d.enable(GL_DEPTH_TEST, 0);
	expect(GL_INVALID_ENUM);
	ck_assert(!gl.IsEnabled(GL_DEPTH_TEST));
	ck_assert(!d.is_enabled(GL_SCISSOR_TEST, 0));
	expect(GL_INVALID_ENUM);
	d.func(0, GL_MIN, GL_ONE);
	expect(GL_INVALID_ENUM);
	d.equation(0, GL_SRC_ALPHA);
	expect(GL_INVALID_ENUM);
	ck_assert_int_eq(geti_i(GL_BLEND_SRC_RGB, 0), GL_ONE);
	ck_assert_int_eq(geti_i(GL_BLEND_EQUATION_RGB, 0), GL_FUNC_ADD);
	ck_assert(!d.is_enabled(GL_BLEND, 0));
	expect(GL_NO_ERROR);
}
END_TEST

/* An ES 2.0 context has neither the extension nor its calls:
 * INVALID_OPERATION, nothing set. */
START_TEST(t_es2_without)
{
	struct vgl_context_info ci = { .major = 2, .minor = 0 };
	struct vgl_context *es2;
	struct dbi d = calls("EXT");

	ck_assert_int_eq(vgl_context_create(G.dev, &ci, &es2), VGL_OK);
	ck_assert_int_eq(vgl_make_current(es2, G.surf, G.surf), VGL_OK);
	ck_assert_ptr_null(strstr((const char *)gl.GetString(GL_EXTENSIONS), "draw_buffers_indexed"));
	d.enable(GL_BLEND, 0);
	expect(GL_INVALID_OPERATION);
	ck_assert(!gl.IsEnabled(GL_BLEND));
	d.color_mask(0, GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
	expect(GL_INVALID_OPERATION);
	ck_assert(!d.is_enabled(GL_BLEND, 0));
	expect(GL_INVALID_OPERATION);
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	vgl_context_destroy(es2);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_draw_buffers_indexed");
	TCase *tc = tcase_create("draw_buffers_indexed");

	tcase_set_timeout(tc, 120);
	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_add_test(tc, t_extension_listed);
	tcase_add_loop_test(tc, t_blend_per_buffer, 0, 2);
	tcase_add_test(tc, t_equation_per_buffer);
	tcase_add_test(tc, t_mask_per_buffer);
	tcase_add_test(tc, t_non_indexed_sets_all);
	tcase_add_test(tc, t_gets);
	tcase_add_test(tc, t_errors);
	tcase_add_test(tc, t_es2_without);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
