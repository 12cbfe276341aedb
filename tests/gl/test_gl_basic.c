/* SPDX-License-Identifier: MIT */
/*
 * The GL core's first slice on a real host: device, pbuffer, context,
 * glClear / glReadPixels (GL's bottom-up rows), errors, strings, queries,
 * and the usage-tracking counters of a read-back.
 */
#include <string.h>

#include "gl_test_util.h"

START_TEST(t_proc_address)
{
	ck_assert_ptr_nonnull(vgl_get_proc_address("glClear"));
	ck_assert_ptr_null(vgl_get_proc_address("glNotAFunction"));
	ck_assert_ptr_null(vgl_get_proc_address("eglGetDisplay"));
	ck_assert_ptr_eq(vgl_get_proc_address("glBindVertexArrayOES"),
			 vgl_get_proc_address("glBindVertexArray"));
}
END_TEST

START_TEST(t_clear_color)
{
	uint8_t px[GLT_W * GLT_H * 4];

	gl.ClearColor(1, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.ReadPixels(0, 0, GLT_W, GLT_H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	for (int i = 0; i < GLT_W * GLT_H; i++)
		ck_assert_msg(px[4 * i] == 255 && px[4 * i + 1] == 0 && px[4 * i + 2] == 0 &&
			      px[4 * i + 3] == 255, "pixel %d", i);
}
END_TEST

START_TEST(t_scissored_clear)
{
	gl.ClearColor(0, 0, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Enable(GL_SCISSOR_TEST);
	gl.Scissor(8, 8, 8, 8);
	gl.ClearColor(0, 1, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Disable(GL_SCISSOR_TEST);
	glt_assert_pixel(8, 8, 0, 255, 0, 255);
	glt_assert_pixel(15, 15, 0, 255, 0, 255);
	glt_assert_pixel(7, 8, 0, 0, 255, 255);
	glt_assert_pixel(16, 16, 0, 0, 255, 255);
	glt_assert_pixel(0, 0, 0, 0, 255, 255);
}
END_TEST

/* A partial colour mask: the host's CLEAR cannot honour it, so it is drawn. */
START_TEST(t_masked_clear)
{
	gl.ClearColor(0, 1, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.ColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
	gl.ClearColor(1, 1, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Enable(GL_SCISSOR_TEST);
	gl.Scissor(0, 0, 8, 8);
	gl.ColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_TRUE);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Disable(GL_SCISSOR_TEST);
	gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	glt_assert_pixel(20, 20, 255, 255, 255, 0);
	glt_assert_pixel(3, 3, 255, 255, 255, 255);
	/* an all-false mask clears nothing */
	gl.ColorMask(GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	glt_assert_pixel(3, 3, 255, 255, 255, 255);
}
END_TEST

START_TEST(t_clear_buffer)
{
	const GLfloat blue[4] = { 0, 0, 1, 1 }, one = 1.0f;
	const GLint zero = 0;

	gl.ClearColor(1, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	((PFNGLCLEARBUFFERFVPROC)vgl_get_proc_address("glClearBufferfv"))(GL_COLOR, 0, blue);
	((PFNGLCLEARBUFFERFVPROC)vgl_get_proc_address("glClearBufferfv"))(GL_DEPTH, 0, &one);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_assert_pixel(5, 5, 0, 0, 255, 255);
	/* integer clears of a normalized buffer: undefined, no error (ES 3.0 §4.2.3);
	 * virtgl leaves the buffer alone */
	((PFNGLCLEARBUFFERIVPROC)vgl_get_proc_address("glClearBufferiv"))(GL_COLOR, 0, &zero);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	glt_assert_pixel(5, 5, 0, 0, 255, 255);
	((PFNGLCLEARBUFFERFVPROC)vgl_get_proc_address("glClearBufferfv"))(GL_STENCIL, 0, &one);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	((PFNGLCLEARBUFFERFIPROC)vgl_get_proc_address("glClearBufferfi"))(GL_DEPTH_STENCIL, 1, 1, 0);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
}
END_TEST

/* Window y = 0 is the bottom row, and glReadPixels returns rows bottom-up. */
START_TEST(t_rows_bottom_up)
{
	uint8_t px[GLT_W * GLT_H * 4];

	gl.ClearColor(1, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Enable(GL_SCISSOR_TEST);
	gl.Scissor(0, 0, GLT_W, 4);
	gl.ClearColor(0, 1, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Disable(GL_SCISSOR_TEST);
	gl.ReadPixels(0, 0, GLT_W, GLT_H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	/* the first rows returned are the bottom ones, which were cleared green */
	ck_assert_uint_eq(px[1], 255);
	ck_assert_uint_eq(px[(3 * GLT_W) * 4 + 1], 255);
	ck_assert_uint_eq(px[(4 * GLT_W) * 4 + 0], 255);
	ck_assert_uint_eq(px[(4 * GLT_W) * 4 + 1], 0);
}
END_TEST

/* Reading a surface no batch wrote needs no GPU work at all (technique 2). */
START_TEST(t_read_unwritten)
{
	uint8_t px[4] = { 1, 2, 3, 4 };
	const struct vgl_stats *st = vgl_context_stats(G.ctx);

	vgl_context_reset_stats(G.ctx);
	gl.ReadPixels(3, 3, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_uint_eq(st->access_flushes, 0);
	ck_assert_uint_eq(st->access_waits, 0);
	ck_assert_uint_eq(st->submits, 0);
	ck_assert_uint_eq(st->readbacks, 0);
	/* after a clear, the read is one copy: one submission, one wait */
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_pixel(3, 3, px);
	ck_assert_uint_eq(st->readbacks, 1);
	ck_assert_uint_eq(st->submits, 1);
	ck_assert_uint_eq(st->access_waits, 1);
}
END_TEST

START_TEST(t_read_clipped)
{
	uint8_t px[4 * 4 * 4];

	memset(px, 0x55, sizeof(px));
	gl.ClearColor(1, 1, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	/* a 4x4 box hanging off the bottom-left corner: only its top-right 2x2 is read */
	gl.ReadPixels(-2, -2, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_uint_eq(px[0], 0x55);
	ck_assert_uint_eq(px[(2 * 4 + 2) * 4], 255);
	ck_assert_uint_eq(px[(3 * 4 + 3) * 4 + 3], 255);
}
END_TEST

START_TEST(t_strings)
{
	const char *v = (const char *)gl.GetString(GL_VERSION);
	GLint n = 0, vp[4];

	ck_assert_ptr_nonnull(v);
	ck_assert(strncmp(v, "OpenGL ES 3.0", 13) == 0);
	ck_assert_str_eq((const char *)gl.GetString(GL_VENDOR), "virtgl");
	ck_assert_ptr_nonnull(gl.GetString(GL_RENDERER));
	ck_assert(strncmp((const char *)gl.GetString(GL_SHADING_LANGUAGE_VERSION),
			  "OpenGL ES GLSL ES 3.00", 22) == 0);
	gl.GetIntegerv(GL_NUM_EXTENSIONS, &n);
	ck_assert_int_gt(n, 0);
	ck_assert_ptr_nonnull(strstr((const char *)gl.GetString(GL_EXTENSIONS),
				     (const char *)gl.GetStringi(GL_EXTENSIONS, 0)));
	ck_assert_ptr_null(gl.GetStringi(GL_EXTENSIONS, (GLuint)n));
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	gl.GetIntegerv(GL_VIEWPORT, vp);
	ck_assert(vp[0] == 0 && vp[1] == 0 && vp[2] == GLT_W && vp[3] == GLT_H);
	gl.GetIntegerv(GL_MAJOR_VERSION, &n);
	ck_assert_int_eq(n, 3);
	gl.GetIntegerv(GL_RED_BITS, &n);
	ck_assert_int_eq(n, 8);
	gl.GetIntegerv(GL_DEPTH_BITS, &n);
	ck_assert_int_eq(n, 24);
	gl.GetIntegerv(GL_STENCIL_BITS, &n);
	ck_assert_int_eq(n, 8);
}
END_TEST

START_TEST(t_state_queries)
{
	PFNGLGETINTEGER64VPROC get64 = glt_proc("glGetInteger64v");
	GLfloat c[4];
	GLint i[4];
	GLint64 w[4];
	GLboolean b[4];

	gl.ClearColor(0.25f, 0.5f, 0.75f, 1.0f);
	gl.GetFloatv(GL_COLOR_CLEAR_VALUE, c);
	ck_assert(c[0] == 0.25f && c[1] == 0.5f && c[2] == 0.75f && c[3] == 1.0f);
	gl.GetIntegerv(GL_COLOR_CLEAR_VALUE, i);
	ck_assert_int_eq(i[3], INT32_MAX);
	/* table 4.7's 32-bit INT mapping in glGetInteger64v too (ES 3.0 §6.1.2;
	 * dEQP-GLES3 state_query.floats.*_getinteger64) */
	get64(GL_COLOR_CLEAR_VALUE, w);
	ck_assert_int_eq(w[3], INT32_MAX);
	ck_assert_int_eq(w[1], 1073741824);
	gl.ColorMask(GL_TRUE, GL_FALSE, GL_TRUE, GL_FALSE);
	gl.GetBooleanv(GL_COLOR_WRITEMASK, b);
	ck_assert(b[0] == GL_TRUE && b[1] == GL_FALSE && b[2] == GL_TRUE && b[3] == GL_FALSE);
	gl.ColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	ck_assert_int_eq(gl.IsEnabled(GL_DEPTH_TEST), GL_FALSE);
	gl.Enable(GL_DEPTH_TEST);
	gl.GetBooleanv(GL_DEPTH_TEST, b);
	ck_assert_int_eq(b[0], GL_TRUE);
	gl.DepthFunc(GL_GEQUAL);
	gl.GetIntegerv(GL_DEPTH_FUNC, i);
	ck_assert_int_eq(i[0], GL_GEQUAL);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}
END_TEST

/* GL keeps the FIRST error until glGetError reads it. */
START_TEST(t_errors)
{
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.Enable(0x1234);
	gl.Viewport(0, 0, -1, 1);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.Clear(0x1);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	gl.DepthFunc(GL_ZERO);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	gl.ReadPixels(0, 0, 1, 1, GL_RGB, GL_FLOAT, NULL);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	gl.ReadPixels(0, 0, 1, 1, 0x1234, GL_UNSIGNED_BYTE, NULL);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	gl.GetIntegerv(0x1234, NULL);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
}
END_TEST

/* Without a current context every entry point does nothing. */
START_TEST(t_no_context)
{
	ck_assert_int_eq(vgl_make_current(NULL, NULL, NULL), VGL_OK);
	ck_assert_ptr_null(vgl_current_context());
	gl.Enable(0x1234);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	ck_assert_ptr_null(gl.GetString(GL_VERSION));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}
END_TEST

START_TEST(t_surfaceless)
{
	ck_assert_int_eq(vgl_make_current(G.ctx, NULL, NULL), VGL_OK);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
}
END_TEST

START_TEST(t_bad_attributes)
{
	struct vgl_surface_info si = { .width = 0, .height = 4, .color = VK_FORMAT_R8G8B8A8_UNORM };
	struct vgl_context_info ci = { .major = 4, .minor = 0 };
	struct vgl_surface *s;
	struct vgl_context *c;

	ck_assert_int_eq(vgl_surface_create(G.dev, &si, &s), VGL_ERROR_BAD_ATTRIBUTE);
	ck_assert_int_eq(vgl_context_create(G.dev, &ci, &c), VGL_ERROR_BAD_ATTRIBUTE);
}
END_TEST

/* A 2.0 context reports 2.0 and refuses 3.0-only enums. */
START_TEST(t_es2_context)
{
	struct vgl_context_info ci = { .major = 2, .minor = 0 };
	struct vgl_context *c;
	GLint n = 0;

	ck_assert_int_eq(vgl_context_create(G.dev, &ci, &c), VGL_OK);
	ck_assert_int_eq(vgl_make_current(c, G.surf, G.surf), VGL_OK);
	ck_assert(strncmp((const char *)gl.GetString(GL_VERSION), "OpenGL ES 2.0", 13) == 0);
	gl.GetIntegerv(GL_MAJOR_VERSION, &n);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	gl.ClearColor(0, 1, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_assert_pixel(1, 1, 0, 255, 0, 255);
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	vgl_context_destroy(c);
	/* the other context's clear landed on the shared surface */
	glt_assert_pixel(2, 2, 0, 255, 0, 255);
}
END_TEST

/*
 * What piglit's ES shader_runner queries at start-up must not leave an
 * error behind (its next glGetError fails every test): GL_MAX_CLIP_PLANES
 * is no ES 2.0 enum, but Mesa answers it in every API; here it is 0. And
 * the queries of ES 2.0's advertised extensions (OES_vertex_array_object,
 * OES_standard_derivatives, EXT_unpack_subimage) work in an ES 2.0 context.
 */
START_TEST(t_es2_queries)
{
	struct vgl_context_info ci = { .major = 2, .minor = 0 };
	struct vgl_context *c;
	GLint n = -1;

	ck_assert_int_eq(vgl_context_create(G.dev, &ci, &c), VGL_OK);
	ck_assert_int_eq(vgl_make_current(c, G.surf, G.surf), VGL_OK);
	gl.GetIntegerv(0x0D32 /* GL_MAX_CLIP_PLANES */, &n);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_int_eq(n, 0);
	gl.GetIntegerv(GL_MAX_VARYING_VECTORS, &n);
	gl.GetIntegerv(GL_VERTEX_ARRAY_BINDING, &n);
	ck_assert_int_eq(n, 0);
	gl.GetIntegerv(GL_FRAGMENT_SHADER_DERIVATIVE_HINT, &n);
	ck_assert_int_eq(n, GL_DONT_CARE);
	gl.GetIntegerv(GL_UNPACK_ROW_LENGTH, &n);
	ck_assert_int_eq(n, 0);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	gl.GetIntegerv(GL_PACK_ROW_LENGTH, &n);       /* ES 3.0's (NV_pack_subimage) */
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	vgl_context_destroy(c);
}
END_TEST

/* A pending error neither hides a query's own error nor makes an unknown
 * pname read as a disabled capability. */
START_TEST(t_get_with_pending_error)
{
	GLint n = 1234;
	GLboolean b = GL_TRUE;

	gl.Enable(0x1234);
	gl.GetIntegerv(0x1235, &n);
	gl.GetBooleanv(0x1235, &b);
	ck_assert_int_eq(n, 1234);
	ck_assert_int_eq(b, GL_TRUE);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	gl.Viewport(0, 0, -1, -1);
	gl.GetBooleanv(GL_DEPTH_TEST, &b);           /* a capability still reads */
	ck_assert_int_eq(b, GL_FALSE);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}
END_TEST

/* PACK_SKIP_ROWS / PACK_SKIP_PIXELS place the pixels inside a wider image. */
START_TEST(t_read_pack_skip)
{
	uint8_t px[4 * 4 * 4];
	PFNGLPIXELSTOREIPROC store = (PFNGLPIXELSTOREIPROC)vgl_get_proc_address("glPixelStorei");

	memset(px, 0x55, sizeof(px));
	gl.ClearColor(0, 1, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	store(GL_PACK_ROW_LENGTH, 4);
	store(GL_PACK_SKIP_ROWS, 1);
	store(GL_PACK_SKIP_PIXELS, 2);
	gl.ReadPixels(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, px);
	store(GL_PACK_ROW_LENGTH, 0);
	store(GL_PACK_SKIP_ROWS, 0);
	store(GL_PACK_SKIP_PIXELS, 0);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	for (int y = 0; y < 4; y++)
		for (int x = 0; x < 4; x++) {
			bool in = y >= 1 && y < 3 && x >= 2;

			ck_assert_msg(px[(y * 4 + x) * 4 + 1] == (in ? 255 : 0x55), "(%d,%d)", x, y);
		}
}
END_TEST

START_TEST(t_flush_finish)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);

	vgl_context_reset_stats(G.ctx);
	gl.Flush(); /* nothing recorded: nothing submitted */
	ck_assert_uint_eq(st->submits, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Finish();
	ck_assert_uint_eq(st->submits, 1);
	ck_assert_uint_gt(st->last_point, 0);
	ck_assert_int_eq(vgl_context_flush(G.ctx), VGL_OK);
	ck_assert_int_eq(vgl_context_finish(G.ctx), VGL_OK);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_basic");
	TCase *tc = tcase_create("basic");

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_add_test(tc, t_proc_address);
	tcase_add_test(tc, t_clear_color);
	tcase_add_test(tc, t_scissored_clear);
	tcase_add_test(tc, t_rows_bottom_up);
	tcase_add_test(tc, t_masked_clear);
	tcase_add_test(tc, t_clear_buffer);
	tcase_add_test(tc, t_read_unwritten);
	tcase_add_test(tc, t_read_clipped);
	tcase_add_test(tc, t_strings);
	tcase_add_test(tc, t_state_queries);
	tcase_add_test(tc, t_errors);
	tcase_add_test(tc, t_no_context);
	tcase_add_test(tc, t_surfaceless);
	tcase_add_test(tc, t_bad_attributes);
	tcase_add_test(tc, t_es2_context);
	tcase_add_test(tc, t_es2_queries);
	tcase_add_test(tc, t_get_with_pending_error);
	tcase_add_test(tc, t_read_pack_skip);
	tcase_add_test(tc, t_flush_finish);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
