/* SPDX-License-Identifier: MIT */
/*
 * OES_viewport_array on ES 3.1 contexts: two viewports set with the array
 * call and a geometry shader sending a triangle to each through
 * gl_ViewportIndex, which the fragment shader reads back (pixels in both
 * halves of the window); an indexed scissor box and its enable; glViewport,
 * glScissor, glDepthRangef and glEnable(GL_SCISSOR_TEST) setting every slot;
 * the indexed queries and the limits; the errors. Where the extension is
 * not listed (a host without geometry shaders or 16 viewports) each test
 * checks its limit is refused and stops there.
 */
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#include <stdint.h>
#include <string.h>

#include "gl_test_util.h"

#define VP_FUNCS(X) \
	X(ViewportArrayvOES, VIEWPORTARRAYVOES) X(ViewportIndexedfOES, VIEWPORTINDEXEDFOES) \
	X(ViewportIndexedfvOES, VIEWPORTINDEXEDFVOES) X(ScissorArrayvOES, SCISSORARRAYVOES) \
	X(ScissorIndexedOES, SCISSORINDEXEDOES) X(ScissorIndexedvOES, SCISSORINDEXEDVOES) \
	X(DepthRangeArrayfvOES, DEPTHRANGEARRAYFVOES) \
	X(DepthRangeIndexedfOES, DEPTHRANGEINDEXEDFOES) X(GetFloati_vOES, GETFLOATI_VOES) \
	X(EnableiOES, ENABLEIOES) X(DisableiOES, DISABLEIOES) X(IsEnablediOES, ISENABLEDIOES) \
	X(GetIntegeri_v, GETINTEGERI_V) X(DepthRangef, DEPTHRANGEF)

#define VP_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	VP_FUNCS(VP_MEMBER)
} vp;
#undef VP_MEMBER

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

static void setup(void)
{
	glt_setup_version(3, 1);
#define VP_LOAD(n, N) vp.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	VP_FUNCS(VP_LOAD)
#undef VP_LOAD
}

/* Whether the extension is listed; if not, its limit is an unknown name. */
static bool has_vp(void)
{
	GLint n = -1;

	if (glt_has_extension("GL_OES_viewport_array"))
		return true;
	gl.GetIntegerv(GL_MAX_VIEWPORTS_OES, &n);
	expect(GL_INVALID_ENUM);
	ck_assert_int_eq(n, -1);
	return false;
}

static GLuint compiled(GLenum type, const char *src)
{
	GLint ok = 0;
	GLuint sh = glt_compile(type, src, &ok);

	ck_assert_msg(ok, "shader does not compile:\n%s", src);
	return sh;
}

static const char vs[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
/* the triangle to viewport 0, then to viewport 1 */
static const char gs[] = "#version 310 es\n"
	"#extension GL_EXT_geometry_shader : require\n"
	"#extension GL_OES_viewport_array : require\n"
	"layout(triangles) in;\n"
	"layout(triangle_strip, max_vertices = 6) out;\n"
	"void main() {\n"
	"  for (int v = 0; v < 2; v++) {\n"
	"    for (int i = 0; i < 3; i++) {\n"
	"      gl_ViewportIndex = v + gl_MaxViewports - 16;\n"
	"      gl_Position = gl_in[i].gl_Position;\n"
	"      EmitVertex();\n"
	"    }\n"
	"    EndPrimitive();\n"
	"  }\n"
	"}\n";
/* green in viewport 0, blue in viewport 1 */
static const char fs[] = "#version 310 es\n"
	"#extension GL_OES_viewport_array : require\n"
	"precision mediump float;\n"
	"out vec4 c;\n"
	"void main() { c = vec4(0.0, gl_ViewportIndex == 0 ? 1.0 : 0.0,\n"
	"                       gl_ViewportIndex == 1 ? 1.0 : 0.0, 1.0); }\n";

/* The quad [-0.5, 0.5]^2 at attribute 0; the window black. */
static void draw_setup_vertices(void)
{
	static const float quad[] = { -0.5f, -0.5f, 0.5f, -0.5f, -0.5f, 0.5f,
				      -0.5f, 0.5f, 0.5f, -0.5f, 0.5f, 0.5f };

	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
	gl.EnableVertexAttribArray(0);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
}

/* The vs + gs + fs program, current, and the quad. */
static GLuint draw_setup(void)
{
	GLuint p = gl.CreateProgram();

	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, vs));
	gl.AttachShader(p, compiled(GL_GEOMETRY_SHADER_EXT, gs));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, fs));
	glt_link_and_use(p);
	draw_setup_vertices();
	return p;
}

/* Left half and right half of the 32x32 window: the quad covers x 4..11 in
 * the first, 20..27 in the second, y 8..23 in both. */
static const GLfloat halves[8] = { 0, 0, 16, 32, 16, 0, 16, 32 };

START_TEST(geometry_shader_picks_the_viewport)
{
	GLuint p;

	if (!has_vp())
		return;
	p = draw_setup();
	vp.ViewportArrayvOES(0, 2, halves);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	expect(GL_NO_ERROR);
	glt_assert_pixel(8, 16, 0, 255, 0, 255);
	glt_assert_pixel(24, 16, 0, 0, 255, 255);
	glt_assert_pixel(2, 16, 0, 0, 0, 255);
	glt_assert_pixel(14, 16, 0, 0, 0, 255);
	glt_assert_pixel(18, 16, 0, 0, 0, 255);
	glt_assert_pixel(24, 4, 0, 0, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* Without a geometry stage the fragment shader reads gl_ViewportIndex 0
 * (the extension: zero where no geometry shader writes it); viewport 0 only. */
START_TEST(fragment_index_zero_without_geometry)
{
	GLuint p;

	if (!has_vp())
		return;
	p = gl.CreateProgram();
	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, vs));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, fs));
	glt_link_and_use(p);
	draw_setup_vertices();
	vp.ViewportArrayvOES(0, 2, halves);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	expect(GL_NO_ERROR);
	glt_assert_pixel(8, 16, 0, 255, 0, 255);
	glt_assert_pixel(24, 16, 0, 0, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* Draws without a geometry stage send viewport 0 alone: a program with one,
 * bound after them with no viewport call between, must still find viewport
 * 1 (and its scissor box) on the host, in the same command buffer. */
START_TEST(geometry_program_after_one_without)
{
	GLuint plain, p;

	if (!has_vp())
		return;
	plain = gl.CreateProgram();
	gl.AttachShader(plain, compiled(GL_VERTEX_SHADER, vs));
	gl.AttachShader(plain, compiled(GL_FRAGMENT_SHADER, fs));
	glt_link_and_use(plain);
	p = draw_setup();
	vp.ViewportArrayvOES(0, 2, halves);
	gl.UseProgram(plain);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	gl.UseProgram(p);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	expect(GL_NO_ERROR);
	glt_assert_pixel(8, 16, 0, 255, 0, 255);
	glt_assert_pixel(24, 16, 0, 0, 255, 255);
	glt_assert_pixel(18, 16, 0, 0, 0, 255);
	gl.DeleteProgram(p);
	gl.DeleteProgram(plain);
}
END_TEST

/* Viewport 1's scissor box keeps x 16..23 only, enabled for slot 1 alone:
 * viewport 0's quad is whole, viewport 1's cut at x = 24. */
START_TEST(indexed_scissor_test)
{
	GLuint p;

	if (!has_vp())
		return;
	p = draw_setup();
	vp.ViewportArrayvOES(0, 2, halves);
	gl.Scissor(0, 0, 1, 1);            /* every slot: slot 0 must not use it */
	vp.ScissorIndexedOES(1, 16, 0, 8, 32);
	vp.EnableiOES(GL_SCISSOR_TEST, 1);
	ck_assert(vp.IsEnablediOES(GL_SCISSOR_TEST, 1));
	ck_assert(!vp.IsEnablediOES(GL_SCISSOR_TEST, 0));
	ck_assert(!gl.IsEnabled(GL_SCISSOR_TEST));   /* slot 0's */
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	expect(GL_NO_ERROR);
	glt_assert_pixel(5, 16, 0, 255, 0, 255);
	glt_assert_pixel(10, 16, 0, 255, 0, 255);
	glt_assert_pixel(21, 16, 0, 0, 255, 255);
	glt_assert_pixel(25, 16, 0, 0, 0, 255);
	/* the non-indexed disable turns every slot's off: the whole quad again */
	gl.Disable(GL_SCISSOR_TEST);
	ck_assert(!vp.IsEnablediOES(GL_SCISSOR_TEST, 1));
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	glt_assert_pixel(25, 16, 0, 0, 255, 255);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(limits)
{
	GLint n = 0, bits = -1, provoking = 0;
	GLfloat range[2] = { 0, 0 };

	if (!has_vp())
		return;
	gl.GetIntegerv(GL_MAX_VIEWPORTS_OES, &n);
	gl.GetIntegerv(GL_VIEWPORT_SUBPIXEL_BITS_OES, &bits);
	gl.GetFloatv(GL_VIEWPORT_BOUNDS_RANGE_OES, range);
	gl.GetIntegerv(GL_VIEWPORT_INDEX_PROVOKING_VERTEX_OES, &provoking);
	expect(GL_NO_ERROR);
	ck_assert_int_eq(n, 16);
	ck_assert_int_eq(bits, 0);
	ck_assert(range[0] <= -32768.0f && range[1] >= 32767.0f);
	ck_assert_int_eq(provoking, GL_UNDEFINED_VERTEX_OES);
}
END_TEST

/* Values in slots 2 and 15 read back by every indexed get; slot 0 by the
 * non-indexed ones. */
START_TEST(indexed_queries)
{
	GLfloat f[4], dr[2] = { 0.25f, 1.0f };
	GLint i[4];

	if (!has_vp())
		return;
	vp.ViewportIndexedfOES(2, 1.5f, 2.25f, 10.5f, 20.0f);
	vp.GetFloati_vOES(GL_VIEWPORT, 2, f);
	ck_assert(f[0] == 1.5f && f[1] == 2.25f && f[2] == 10.5f && f[3] == 20.0f);
	vp.GetIntegeri_v(GL_VIEWPORT, 2, i);
	ck_assert(i[0] == 2 && i[1] == 2 && i[2] == 11 && i[3] == 20);   /* rounded */
	vp.ViewportIndexedfvOES(15, (const GLfloat[]){ -1e6f, 1e6f, 1e6f, 3 });
	vp.GetFloati_vOES(GL_VIEWPORT, 15, f);   /* bounds and GL_MAX_VIEWPORT_DIMS */
	ck_assert(f[0] == -32768.0f && f[1] == 32767.0f && f[2] == 16384.0f && f[3] == 3.0f);
	vp.ScissorIndexedvOES(2, (const GLint[]){ 3, 4, 5, 6 });
	vp.GetIntegeri_v(GL_SCISSOR_BOX, 2, i);
	ck_assert(i[0] == 3 && i[1] == 4 && i[2] == 5 && i[3] == 6);
	vp.DepthRangeArrayfvOES(2, 1, dr);
	vp.GetFloati_vOES(GL_DEPTH_RANGE, 2, f);
	ck_assert(f[0] == 0.25f && f[1] == 1.0f);
	vp.GetIntegeri_v(GL_DEPTH_RANGE, 2, i);      /* rounded, as Mesa (piglit's queries) */
	ck_assert(i[0] == 0 && i[1] == 1);
	gl.GetIntegerv(GL_DEPTH_RANGE, i);           /* slot 0's, normalized */
	ck_assert_int_eq(i[1], INT32_MAX);
	vp.GetFloati_vOES(GL_MAX_VIEWPORTS_OES, 1, f);   /* no indexed state */
	expect(GL_INVALID_ENUM);
	vp.DepthRangeIndexedfOES(3, -1.0f, 2.0f);   /* clamped */
	vp.GetFloati_vOES(GL_DEPTH_RANGE, 3, f);
	ck_assert(f[0] == 0.0f && f[1] == 1.0f);
	gl.GetIntegerv(GL_SCISSOR_BOX, i);          /* slot 0 untouched */
	ck_assert(i[0] == 0 && i[1] == 0 && i[2] == GLT_W && i[3] == GLT_H);
	expect(GL_NO_ERROR);
}
END_TEST

/* glViewport, glScissor, glDepthRangef and glEnable set every slot. */
START_TEST(plain_calls_set_every_slot)
{
	GLfloat f[4];
	GLint i[4];

	if (!has_vp())
		return;
	vp.ViewportIndexedfOES(7, 1, 1, 1, 1);
	gl.Viewport(2, 3, 4, 5);
	gl.Scissor(6, 7, 8, 9);
	vp.DepthRangef(0.5f, 0.75f);
	gl.Enable(GL_SCISSOR_TEST);
	for (GLuint s = 0; s < 16; s++) {
		vp.GetFloati_vOES(GL_VIEWPORT, s, f);
		ck_assert(f[0] == 2 && f[1] == 3 && f[2] == 4 && f[3] == 5);
		vp.GetIntegeri_v(GL_SCISSOR_BOX, s, i);
		ck_assert(i[0] == 6 && i[1] == 7 && i[2] == 8 && i[3] == 9);
		vp.GetFloati_vOES(GL_DEPTH_RANGE, s, f);
		ck_assert(f[0] == 0.5f && f[1] == 0.75f);
		ck_assert(vp.IsEnablediOES(GL_SCISSOR_TEST, s));
	}
	vp.DisableiOES(GL_SCISSOR_TEST, 0);
	ck_assert(!gl.IsEnabled(GL_SCISSOR_TEST));
	expect(GL_NO_ERROR);
}
END_TEST

START_TEST(errors)
{
	static const GLfloat v2[8] = { 0, 0, 1, 1, 0, 0, 1, 1 };
	GLfloat f[4] = { -7, -7, -7, -7 };
	GLint i[4];

	if (!has_vp())
		return;
	vp.ViewportArrayvOES(15, 2, v2);
	expect(GL_INVALID_VALUE);
	vp.ViewportArrayvOES(0, -1, v2);
	expect(GL_INVALID_VALUE);
	vp.ViewportIndexedfOES(16, 0, 0, 1, 1);
	expect(GL_INVALID_VALUE);
	/* a negative size anywhere: nothing is set */
	vp.ViewportArrayvOES(4, 2, (const GLfloat[]){ 9, 9, 9, 9, 0, 0, -1, 1 });
	expect(GL_INVALID_VALUE);
	vp.GetFloati_vOES(GL_VIEWPORT, 4, f);
	ck_assert(f[0] == 0 && f[2] == GLT_W);
	vp.ScissorIndexedOES(0, 0, 0, -1, 1);
	expect(GL_INVALID_VALUE);
	vp.ScissorArrayvOES(16, 1, (const GLint[]){ 0, 0, 1, 1 });
	expect(GL_INVALID_VALUE);
	vp.DepthRangeArrayfvOES(10, 7, (const GLfloat[14]){ 0 });
	expect(GL_INVALID_VALUE);
	vp.DepthRangeIndexedfOES(16, 0, 1);
	expect(GL_INVALID_VALUE);
	vp.GetFloati_vOES(GL_VIEWPORT, 16, f);
	expect(GL_INVALID_VALUE);
	vp.GetFloati_vOES(GL_BLEND_COLOR, 0, f);
	expect(GL_INVALID_ENUM);
	vp.GetIntegeri_v(GL_SCISSOR_BOX, 16, i);
	expect(GL_INVALID_VALUE);
	vp.EnableiOES(GL_SCISSOR_TEST, 16);
	expect(GL_INVALID_VALUE);
	ck_assert(!vp.IsEnablediOES(GL_SCISSOR_TEST, 16));
	expect(GL_INVALID_VALUE);
}
END_TEST

/* gl_ViewportIndex is a name of the stage only under its #extension. */
START_TEST(shader_needs_the_extension)
{
	if (!has_vp())
		return;
	glt_assert_compile_fails(GL_GEOMETRY_SHADER_EXT,
				 "#version 310 es\n#extension GL_EXT_geometry_shader : require\n"
				 "layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
				 "void main() { gl_ViewportIndex = 1; EmitVertex(); }\n",
				 "gs", "gl_ViewportIndex");
}
END_TEST

static Suite *viewport_array_suite(void)
{
	Suite *s = suite_create("gl viewport array");
	TCase *tc = tcase_create("viewport array");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, geometry_shader_picks_the_viewport);
	tcase_add_test(tc, fragment_index_zero_without_geometry);
	tcase_add_test(tc, geometry_program_after_one_without);
	tcase_add_test(tc, indexed_scissor_test);
	tcase_add_test(tc, limits);
	tcase_add_test(tc, indexed_queries);
	tcase_add_test(tc, plain_calls_set_every_slot);
	tcase_add_test(tc, errors);
	tcase_add_test(tc, shader_needs_the_extension);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(viewport_array_suite);
}
