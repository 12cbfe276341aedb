/* SPDX-License-Identifier: MIT */
/*
 * ES 3.2 contexts: a 3.2 context is made
 * exactly where the 3.1 context advertises every extension ES 3.2 folds into
 * core and meets the minimums it raised (the spec's lists, written out here
 * independently of vgl_es32.c), and refused otherwise; VIRTGL_ES_UPGRADE=1 answers 3.0 and 3.1 requests with the highest
 * version there is. In a 3.2 context: the version strings and queries, the
 * unsuffixed ES 3.2 entry points, and a `#version 320 es` geometry program
 * without #extension drawn on the host, pixels read back. Where 3.2 is
 * refused, a 3.20 shader is refused by the 3.1 context instead. No test
 * skips: each asserts whichever outcome the host's extensions call for.
 */
#include <GLES3/gl32.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"
#include "vgl_es32.h"

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

static void setup(void)
{
	glt_setup_version(3, 1);
}

/* ES 3.2 §1.3.1 / appendix F: what ES 3.2 requires of an ES 3.1 context. */
static const char *const spec_list[] = {
	"GL_KHR_blend_equation_advanced", "GL_KHR_debug", "GL_KHR_robustness",
	"GL_KHR_texture_compression_astc_ldr", "GL_OES_sample_shading",
	"GL_OES_sample_variables", "GL_OES_shader_image_atomic",
	"GL_OES_shader_multisample_interpolation", "GL_OES_texture_stencil8",
	"GL_OES_texture_storage_multisample_2d_array", "GL_EXT_color_buffer_float",
	"GL_EXT_copy_image", "GL_EXT_draw_buffers_indexed", "GL_EXT_geometry_shader",
	"GL_EXT_gpu_shader5", "GL_EXT_primitive_bounding_box", "GL_EXT_shader_io_blocks",
	"GL_EXT_tessellation_shader", "GL_EXT_texture_border_clamp", "GL_EXT_texture_buffer",
	"GL_EXT_texture_cube_map_array", "GL_OES_draw_elements_base_vertex",
};
#define NR_SPEC (sizeof(spec_list) / sizeof(spec_list[0]))

/* ES 3.2 tables 21.44: the fragment stage's minimums ES 3.1 did not have. */
static const struct { GLenum pname; const char *name; GLint min; } spec_minimums[] = {
	{ GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS, "GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS", 1 },
	{ GL_MAX_FRAGMENT_ATOMIC_COUNTERS, "GL_MAX_FRAGMENT_ATOMIC_COUNTERS", 8 },
	{ GL_MAX_FRAGMENT_IMAGE_UNIFORMS, "GL_MAX_FRAGMENT_IMAGE_UNIFORMS", 4 },
	{ GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS, "GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS", 4 },
};
#define NR_MIN (sizeof(spec_minimums) / sizeof(spec_minimums[0]))

/* Whether the current (3.1) context has the limit `name` below its minimum. */
static bool short_of(const char *name)
{
	for (size_t i = 0; i < NR_MIN; i++) {
		GLint v = -1;

		if (strcmp(spec_minimums[i].name, name) != 0)
			continue;
		gl.GetIntegerv(spec_minimums[i].pname, &v);
		return v < spec_minimums[i].min;
	}
	return false;
}

/* Whether the current (3.1) context has what ES 3.2 adds: every extension
 * advertised, every minimum met. */
static bool has_es32_features(void)
{
	for (size_t i = 0; i < NR_SPEC; i++)
		if (!glt_has_extension(spec_list[i]))
			return false;
	for (size_t i = 0; i < NR_MIN; i++)
		if (short_of(spec_minimums[i].name))
			return false;
	return true;
}

static int create(uint32_t major, uint32_t minor, struct vgl_context **c)
{
	struct vgl_context_info ci = { .major = major, .minor = minor };

	*c = NULL;
	return vgl_context_create(G.dev, &ci, c);
}

/* ---- the table ------------------------------------------------------------------ */

struct fake { const char *absent; };

/* A context with the spec's list less `absent` (and nothing else). */
static bool fake_has(const void *arg, const char *name)
{
	const struct fake *f = arg;

	for (size_t i = 0; i < NR_SPEC; i++)
		if (!strcmp(spec_list[i], name))
			return !f->absent || strcmp(f->absent, name) != 0;
	return false;
}

/* The gate asks for the spec's list, no more (all of it passes) and no less
 * (each one absent is named as missing). */
START_TEST(table_is_the_spec_list)
{
	struct fake f = { NULL };

	ck_assert_ptr_null(vgl_es32_first_missing(fake_has, &f));
	for (size_t i = 0; i < NR_SPEC; i++) {
		f.absent = spec_list[i];
		ck_assert_str_eq(vgl_es32_first_missing(fake_has, &f) ?: "(none)", spec_list[i]);
	}
}
END_TEST

/* ---- the gate ------------------------------------------------------------------- */

/* 3.2 is made iff the 3.1 context has every required extension and limit;
 * refused (VGL_ERROR_BAD_ATTRIBUTE, EGL_BAD_MATCH) while one is missing, and
 * the gate names one that the 3.1 context really lacks. */
START_TEST(gate_follows_extensions)
{
	bool all = has_es32_features();
	const char *missing = vgl_es32_missing(G.ctx);
	struct vgl_context *c;
	int ret = create(3, 2, &c);

	ck_assert_msg(all == (missing == NULL), "gate says %s", missing ? missing : "complete");
	if (missing)
		ck_assert_msg(!glt_has_extension(missing) && (strncmp(missing, "GL_MAX_", 7) != 0 ||
							     short_of(missing)),
			      "%s is there", missing);
	ck_assert_int_eq(ret, all ? VGL_OK : VGL_ERROR_BAD_ATTRIBUTE);
	vgl_context_destroy(c);
}
END_TEST

/* A request is granted as asked; VIRTGL_ES_UPGRADE=1 answers 3.0 and 3.1
 * requests with 3.2 where there is one, else 3.1 (read back through
 * GL_MINOR_VERSION). An explicit 3.2 request is refused while a required
 * extension is missing. */
START_TEST(upgrade_to_highest)
{
	const uint32_t high = has_es32_features() ? 2 : 1;
	struct vgl_context *c;

	unsetenv("VIRTGL_ES_UPGRADE");
	if (!has_es32_features())
		ck_assert_int_eq(create(3, 2, &c), VGL_ERROR_BAD_ATTRIBUTE);
	for (uint32_t minor = 0; minor <= 1; minor++) {
		for (int up = 0; up <= 1; up++) {
			GLint got = -1;

			if (up)
				setenv("VIRTGL_ES_UPGRADE", "1", 1);
			else
				unsetenv("VIRTGL_ES_UPGRADE");
			ck_assert_int_eq(create(3, minor, &c), VGL_OK);
			ck_assert_int_eq(vgl_make_current(c, NULL, NULL), VGL_OK);
			gl.GetIntegerv(GL_MINOR_VERSION, &got);
			ck_assert_int_eq(got, up ? (GLint)high : (GLint)minor);
			ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
			vgl_context_destroy(c);
		}
	}
	unsetenv("VIRTGL_ES_UPGRADE");
}
END_TEST

/* ---- a 3.2 context ---------------------------------------------------------------- */

/* The ES 3.2 names of extension entry points: the same function. */
static const char *const core_names[][2] = {
	{ "glCopyImageSubData", "glCopyImageSubDataOES" },
	{ "glDebugMessageControl", "glDebugMessageControlKHR" },
	{ "glPushDebugGroup", "glPushDebugGroupKHR" },
	{ "glObjectLabel", "glObjectLabelKHR" },
	{ "glGetPointerv", "glGetPointervKHR" },
	{ "glEnablei", "glEnableiOES" },
	{ "glColorMaski", "glColorMaskiOES" },
	{ "glDrawElementsBaseVertex", "glDrawElementsBaseVertexOES" },
	{ "glFramebufferTexture", "glFramebufferTextureOES" },
	{ "glGetGraphicsResetStatus", "glGetGraphicsResetStatusKHR" },
	{ "glReadnPixels", "glReadnPixelsKHR" },
	{ "glGetnUniformuiv", "glGetnUniformuivKHR" },
	{ "glMinSampleShading", "glMinSampleShadingOES" },
	{ "glPatchParameteri", "glPatchParameteriOES" },
	{ "glTexParameterIiv", "glTexParameterIivOES" },
	{ "glGetSamplerParameterIuiv", "glGetSamplerParameterIuivOES" },
	{ "glTexBuffer", "glTexBufferOES" },
	{ "glTexBufferRange", "glTexBufferRangeOES" },
	{ "glTexStorage3DMultisample", "glTexStorage3DMultisampleOES" },
	/* present exactly when their extension's function is */
	{ "glBlendBarrier", "glBlendBarrierKHR" },
	{ "glPrimitiveBoundingBox", "glPrimitiveBoundingBoxOES" },
};

START_TEST(core_entry_points)
{
	for (size_t i = 0; i < sizeof(core_names) / sizeof(core_names[0]); i++)
		ck_assert_msg(vgl_get_proc_address(core_names[i][0]) ==
			      vgl_get_proc_address(core_names[i][1]), "%s", core_names[i][0]);
	/* the first 19 have their extension function already */
	for (size_t i = 0; i < 19; i++)
		ck_assert_ptr_nonnull(vgl_get_proc_address(core_names[i][0]));
}
END_TEST

static const char vs320[] = "#version 320 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
/* no #extension: geometry shaders are core in 3.20 */
static const char gs320[] = "#version 320 es\n"
	"layout(points) in;\n"
	"layout(triangle_strip, max_vertices = 4) out;\n"
	"out vec4 g_color;\n"
	"void main() {\n"
	"  for (int i = 0; i < 4; i++) {\n"
	"    g_color = vec4(0.0, 1.0, 0.0, 1.0);\n"
	"    gl_Position = gl_in[0].gl_Position + vec4(vec2(i & 1, i >> 1) * 0.5 - 0.25, 0.0, 0.0);\n"
	"    EmitVertex();\n"
	"  }\n"
	"}\n";
static const char fs320[] = "#version 320 es\n"
	"precision mediump float;\nin vec4 g_color;\nout vec4 c;\n"
	"void main() { c = g_color; }\n";

static GLuint compiled(GLenum type, const char *src)
{
	GLint ok = 0;
	GLuint sh = glt_compile(type, src, &ok);

	ck_assert_msg(ok, "shader does not compile:\n%s", src);
	return sh;
}

/* Each point becomes a 0.5 x 0.5 green quad centred on it. */
static void draw_quads(void)
{
	static const float pts[] = { -0.5f, -0.5f, 0.5f, 0.5f };
	GLuint p = gl.CreateProgram();

	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, vs320));
	gl.AttachShader(p, compiled(GL_GEOMETRY_SHADER, gs320));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, fs320));
	glt_link_and_use(p);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, pts);
	gl.EnableVertexAttribArray(0);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.DrawArrays(GL_POINTS, 0, 2);
	expect(GL_NO_ERROR);
	/* window pixel of NDC (x, y): 32x32, 1/16 NDC per pixel */
	glt_assert_pixel(6, 6, 0, 255, 0, 255);    /* (-0.6, -0.6) */
	glt_assert_pixel(25, 25, 0, 255, 0, 255);  /* (0.6, 0.6) */
	glt_assert_pixel(3, 3, 0, 0, 0, 255);      /* (-0.8, -0.8): outside */
	glt_assert_pixel(16, 16, 0, 0, 0, 255);    /* the centre: outside */
	gl.DeleteProgram(p);
}

/* A separable one-stage 3.20 program links: the stage it lacks is stood in
 * for in the same version (vgl_separable.c). */
static void separable_320(void)
{
	PFNGLCREATESHADERPROGRAMVPROC create_program =
		(PFNGLCREATESHADERPROGRAMVPROC)glt_proc("glCreateShaderProgramv");
	const char *src = vs320;
	GLuint p = create_program(GL_VERTEX_SHADER, 1, &src);
	GLint ok = 0;

	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_int_eq(ok, GL_TRUE);
	gl.DeleteProgram(p);
}

/* The strings, versions and ES 3.2's own queries. */
static void check_queries(void)
{
	GLint minor = -1, flags = -1;
	GLfloat range[2] = { 0, 0 }, granularity = -1;
	GLboolean restart = GL_TRUE;

	ck_assert_str_eq((const char *)gl.GetString(GL_SHADING_LANGUAGE_VERSION),
			 "OpenGL ES GLSL ES 3.20");
	ck_assert(!strncmp((const char *)gl.GetString(GL_VERSION), "OpenGL ES 3.2 ", 14));
	gl.GetIntegerv(GL_MINOR_VERSION, &minor);
	ck_assert_int_eq(minor, 2);
	gl.GetIntegerv(GL_CONTEXT_FLAGS, &flags);
	ck_assert_int_eq(flags, 0);
	gl.GetFloatv(GL_MULTISAMPLE_LINE_WIDTH_RANGE, range);
	gl.GetFloatv(GL_MULTISAMPLE_LINE_WIDTH_GRANULARITY, &granularity);
	ck_assert(range[0] <= 1.0f && range[1] >= 1.0f && granularity >= 0.0f);
	gl.GetBooleanv(GL_PRIMITIVE_RESTART_FOR_PATCHES_SUPPORTED, &restart);
	ck_assert_int_eq(restart, GL_FALSE);
	expect(GL_NO_ERROR);
}

/* A 3.20 program in a 3.2 context where there is one; where there is not,
 * the 3.1 context refuses the 3.20 shader and the 3.2-only queries. */
START_TEST(draws_320_geometry)
{
	struct vgl_context *c;
	GLfloat range[2];

	glt_assert_compile_fails(GL_VERTEX_SHADER, vs320, "vs", "GLSL ES 3.20 is not supported");
	gl.GetFloatv(GL_MULTISAMPLE_LINE_WIDTH_RANGE, range);
	expect(GL_INVALID_ENUM);
	if (create(3, 2, &c) != VGL_OK) {
		ck_assert(!has_es32_features());
		return;
	}
	ck_assert_int_eq(vgl_make_current(c, G.surf, G.surf), VGL_OK);
	check_queries();
	separable_320();
	draw_quads();
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	vgl_context_destroy(c);
}
END_TEST

static Suite *es32_suite(void)
{
	Suite *s = suite_create("gl_es32");
	TCase *tc = tcase_create("es32");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, table_is_the_spec_list);
	tcase_add_test(tc, gate_follows_extensions);
	tcase_add_test(tc, upgrade_to_highest);
	tcase_add_test(tc, core_entry_points);
	tcase_add_test(tc, draws_320_geometry);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(es32_suite);
}
