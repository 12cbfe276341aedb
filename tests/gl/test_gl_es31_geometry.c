/* SPDX-License-Identifier: MIT */
/*
 * EXT_geometry_shader / OES_geometry_shader on ES 3.1 contexts:
 * programs of a vertex, a geometry and a fragment
 * shader drawn on the host with pixels read back (points expanded to quads,
 * a triangle passed through with a varying, EndPrimitive splitting a strip,
 * two invocations, gl_PrimitiveIDIn, a sampler and a uniform block), the
 * program queries, the limits, and
 * the errors: the shader type without the extension, a draw whose mode the
 * input primitive does not take, the queries of a program without a
 * geometry stage, link failures; and the extension's looser transform
 * feedback rules. Each test passes trivially where the host
 * has no geometry shaders (the extension is then not advertised) after
 * checking GL_GEOMETRY_SHADER is refused.
 */
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define XFB_FUNCS(X) \
	X(TransformFeedbackVaryings, TRANSFORMFEEDBACKVARYINGS) \
	X(BeginTransformFeedback, BEGINTRANSFORMFEEDBACK) \
	X(EndTransformFeedback, ENDTRANSFORMFEEDBACK) X(GenQueries, GENQUERIES) \
	X(BeginQuery, BEGINQUERY) X(EndQuery, ENDQUERY) X(GetQueryObjectuiv, GETQUERYOBJECTUIV) \
	X(DeleteQueries, DELETEQUERIES) X(GetProgramResourceIndex, GETPROGRAMRESOURCEINDEX) \
	X(GetProgramResourceiv, GETPROGRAMRESOURCEIV) \
	X(GenFramebuffers, GENFRAMEBUFFERS) X(DeleteFramebuffers, DELETEFRAMEBUFFERS) \
	X(BindFramebuffer, BINDFRAMEBUFFER) X(FramebufferTexture2D, FRAMEBUFFERTEXTURE2D) \
	X(FramebufferTextureLayer, FRAMEBUFFERTEXTURELAYER) \
	X(FramebufferRenderbuffer, FRAMEBUFFERRENDERBUFFER) \
	X(CheckFramebufferStatus, CHECKFRAMEBUFFERSTATUS) \
	X(GetFramebufferAttachmentParameteriv, GETFRAMEBUFFERATTACHMENTPARAMETERIV) \
	X(FramebufferParameteri, FRAMEBUFFERPARAMETERI) \
	X(GetFramebufferParameteriv, GETFRAMEBUFFERPARAMETERIV) \
	X(GenRenderbuffers, GENRENDERBUFFERS) X(DeleteRenderbuffers, DELETERENDERBUFFERS) \
	X(BindRenderbuffer, BINDRENDERBUFFER) X(RenderbufferStorage, RENDERBUFFERSTORAGE) \
	X(TexStorage2D, TEXSTORAGE2D) X(TexStorage3D, TEXSTORAGE3D)

#define XFB_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	XFB_FUNCS(XFB_MEMBER)
} xf;
#undef XFB_MEMBER

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

static void setup(void)
{
	glt_setup_version(3, 1);
#define XFB_LOAD(n, N) xf.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	XFB_FUNCS(XFB_LOAD)
#undef XFB_LOAD
}

/* Whether the context has the extension (both names or neither); without
 * it GL_GEOMETRY_SHADER is an unknown shader type. */
static bool has_gs(void)
{
	static const GLenum types[] = { GL_GEOMETRY_SHADER_EXT };

	return glt_has_shader_ext("GL_EXT_geometry_shader", "GL_OES_geometry_shader", types, 1);
}

#define GS_HEAD "#version 310 es\n#extension GL_EXT_geometry_shader : require\n"

static const char vs[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"out vec4 v_color;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0);\n"
	"  v_color = vec4(0.0, 1.0, 0.0, 1.0); }\n";
static const char fs[] = "#version 310 es\n"
	"precision mediump float;\n"
	"in vec4 g_color;\n"
	"out vec4 c;\n"
	"void main() { c = g_color; }\n";

static GLuint compiled(GLenum type, const char *src)
{
	GLint ok = 0;
	GLuint sh = glt_compile(type, src, &ok);

	ck_assert_msg(ok, "shader does not compile:\n%s", src);
	return sh;
}

static GLuint attach3(const char *vsrc, const char *gsrc, const char *fsrc)
{
	GLuint p = gl.CreateProgram();

	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, vsrc));
	gl.AttachShader(p, compiled(GL_GEOMETRY_SHADER_EXT, gsrc));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, fsrc));
	return p;
}

/* vs + gs + fs, linked (the log in the failure) and current. */
static GLuint program3(const char *gsrc)
{
	GLuint p = attach3(vs, gsrc, fs);

	glt_link_and_use(p);
	return p;
}

/* Vertices (x, y) at attribute 0 from client memory; the window cleared black. */
static void vertices(const float *v)
{
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
	gl.EnableVertexAttribArray(0);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
}

/* Window pixel of NDC (x, y) (32x32: NDC 1/16 per pixel). */
static void assert_ndc(float x, float y, uint8_t r, uint8_t g, uint8_t b)
{
	glt_assert_pixel((int)((x + 1.0f) * 16.0f), (int)((y + 1.0f) * 16.0f), r, g, b, 255);
}

/* Each point becomes a 0.5 x 0.5 quad centred on it, in the VS's colour. */
static const char gs_quads[] = GS_HEAD
	"layout(points) in;\n"
	"layout(triangle_strip, max_vertices = 4) out;\n"
	"in vec4 v_color[];\n"
	"out vec4 g_color;\n"
	"void main() {\n"
	"  for (int i = 0; i < 4; i++) {\n"
	"    g_color = v_color[0];\n"
	"    gl_Position = gl_in[0].gl_Position + vec4(vec2(i & 1, i >> 1) * 0.5 - 0.25, 0.0, 0.0);\n"
	"    EmitVertex();\n"
	"  }\n"
	"}\n";

START_TEST(points_become_quads)
{
	static const float pts[] = { -0.5f, -0.5f, 0.5f, 0.5f };

	if (!has_gs())
		return;
	gl.DeleteProgram(program3(gs_quads));
	vertices(pts);
	gl.DrawArrays(GL_POINTS, 0, 2);
	expect(GL_NO_ERROR);
	/* inside both quads, and the corners of neither */
	assert_ndc(-0.6f, -0.6f, 0, 255, 0);
	assert_ndc(-0.4f, -0.4f, 0, 255, 0);
	assert_ndc(0.6f, 0.6f, 0, 255, 0);
	assert_ndc(0.4f, 0.4f, 0, 255, 0);
	assert_ndc(-0.8f, -0.8f, 0, 0, 0);
	assert_ndc(0.5f, -0.5f, 0, 0, 0);
	assert_ndc(0.0f, 0.0f, 0, 0, 0);
}
END_TEST

/* EXT_geometry_point_size (OES: the same): the vertex shader's size 2 read
 * from gl_in[] and written 4 times larger; the point drawn is the geometry
 * shader's 8x8, not the vertex shader's 2x2. Without the #extension,
 * gl_PointSize is no name of the stage. */
static const char vs_size2[] = "#version 310 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"out vec4 v_color;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); gl_PointSize = 2.0;\n"
	"  v_color = vec4(0.0, 1.0, 0.0, 1.0); }\n";
#define GS_POINT_BODY "layout(points) in;\nlayout(points, max_vertices = 1) out;\n" \
	"in vec4 v_color[];\nout vec4 g_color;\n" \
	"void main() { g_color = v_color[0]; gl_Position = gl_in[0].gl_Position;\n" \
	"  gl_PointSize = gl_in[0].gl_PointSize * 4.0; EmitVertex(); }\n"

static void point_size_program(const char *ext)
{
	char gsrc[1024];
	GLuint p;

	snprintf(gsrc, sizeof(gsrc), GS_HEAD "#extension %s : require\n" GS_POINT_BODY, ext);
	p = attach3(vs_size2, gsrc, fs);
	glt_link_and_use(p);
	gl.DeleteProgram(p);
}

START_TEST(point_size_written)
{
	static const char *const names[] = { "GL_EXT_geometry_point_size",
					     "GL_OES_geometry_point_size" };
	static const float pt[] = { 0.0f, 0.0f };

	if (!has_gs())
		return;
	ck_assert(glt_has_extension(names[0]) && glt_has_extension(names[1]));
	glt_assert_compile_fails(GL_GEOMETRY_SHADER_EXT, GS_HEAD GS_POINT_BODY, "gs", "gl_PointSize");
	for (unsigned i = 0; i < 2; i++) {
		point_size_program(names[i]);
		vertices(pt);
		gl.DrawArrays(GL_POINTS, 0, 1);
		expect(GL_NO_ERROR);
		glt_assert_square(12, 12, 8, 0, 255, 0);    /* centred on (16, 16) */
	}
}
END_TEST

/* A triangle passed through, its colour from a uniform scaled by the
 * primitive's index: gl_in, gl_PrimitiveIDIn and the default block reach
 * the stage. */
START_TEST(triangle_passthrough_with_primitive_id)
{
	static const char gs[] = GS_HEAD
		"layout(triangles) in;\n"
		"layout(triangle_strip, max_vertices = 3) out;\n"
		"uniform vec4 u_color;\n"
		"in vec4 v_color[];\n"
		"out vec4 g_color;\n"
		"void main() {\n"
		"  for (int i = 0; i < gl_in.length(); i++) {\n"
		"    gl_Position = gl_in[i].gl_Position;\n"
		"    g_color = gl_PrimitiveIDIn == 0 ? v_color[i] : u_color;\n"
		"    EmitVertex();\n"
		"  }\n"
		"}\n";
	/* lower-left and upper-right halves of the window */
	static const float tris[] = { -1, -1, 1, -1, -1, 1,  1, -1, 1, 1, -1, 1 };
	GLuint p;

	if (!has_gs())
		return;
	p = program3(gs);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 1, 0, 1, 1);
	vertices(tris);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	expect(GL_NO_ERROR);
	assert_ndc(-0.8f, -0.8f, 0, 255, 0);
	assert_ndc(0.8f, 0.8f, 255, 0, 255);
	gl.DeleteProgram(p);
}
END_TEST

/* GL_REFERENCED_BY_* of a resource (-1 if nothing was written). */
static GLint referenced(GLuint p, GLenum iface, const char *name, GLenum prop)
{
	GLuint i = xf.GetProgramResourceIndex(p, iface, name);
	GLint v = -1;

	xf.GetProgramResourceiv(p, iface, i, 1, &prop, 1, NULL, &v);
	return v;
}

/* A sampler and a uniform block read in the geometry shader (the block in
 * the fragment shader too, the sampler only here): the texel's colour for
 * the quad at the point, the block's offset moving the second point's. */
START_TEST(sampler_and_block_in_geometry)
{
	static const char gs[] = GS_HEAD
		"layout(points) in;\n"
		"layout(triangle_strip, max_vertices = 4) out;\n"
		"uniform highp sampler2D tex;\n"
		"layout(std140) uniform B { vec4 offset; vec4 tint; };\n"
		"out vec4 g_color;\n"
		"void main() {\n"
		"  vec4 c = textureLod(tex, vec2(0.5), 0.0);\n"
		"  for (int i = 0; i < 4; i++) {\n"
		"    g_color = c;\n"
		"    gl_Position = gl_in[0].gl_Position + offset +\n"
		"                  vec4(vec2(i & 1, i >> 1) * 0.5 - 0.25, 0.0, 0.0);\n"
		"    EmitVertex();\n"
		"  }\n"
		"}\n";
	static const char fsb[] = "#version 310 es\nprecision mediump float;\n"
		"layout(std140) uniform B { vec4 offset; vec4 tint; };\n"
		"in vec4 g_color;\nout vec4 c;\nvoid main() { c = g_color * tint; }\n";
	static const uint8_t red[4] = { 255, 0, 0, 255 };
	static const float block[8] = { 0.5f, 0.5f, 0, 0, 1, 1, 1, 1 };
	static const float pt[] = { -0.5f, -0.5f };
	GLuint p, t, b;
	GLint ok = 0;

	if (!has_gs())
		return;
	p = attach3(vs, gs, fsb);
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert(ok);
	gl.UseProgram(p);
	t = glt_texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, red);
	gl.Uniform1i(gl.GetUniformLocation(p, "tex"), 0);
	b = glt_buffer(GL_UNIFORM_BUFFER, block, sizeof(block));
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 0, b);
	vertices(pt);
	gl.DrawArrays(GL_POINTS, 0, 1);
	expect(GL_NO_ERROR);
	assert_ndc(0.0f, 0.0f, 255, 0, 0);      /* moved by the block's offset */
	assert_ndc(-0.5f, -0.5f, 0, 0, 0);      /* where the point was */
	/* the sampler is the geometry shader's alone, the block both stages' */
	ck_assert_int_eq(referenced(p, GL_UNIFORM, "tex", GL_REFERENCED_BY_GEOMETRY_SHADER_EXT), 1);
	ck_assert_int_eq(referenced(p, GL_UNIFORM, "tex", GL_REFERENCED_BY_FRAGMENT_SHADER), 0);
	ck_assert_int_eq(referenced(p, GL_UNIFORM_BLOCK, "B", GL_REFERENCED_BY_GEOMETRY_SHADER_EXT), 1);
	ck_assert_int_eq(referenced(p, GL_UNIFORM_BLOCK, "B", GL_REFERENCED_BY_VERTEX_SHADER), 0);
	expect(GL_NO_ERROR);
	gl.DeleteBuffers(1, &b);
	gl.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

/* EndPrimitive ends the strip: two quads apart, the gap between them (which
 * one strip through both would fill) stays clear; two invocations draw the
 * second pair beside the first. */
START_TEST(end_primitive_and_invocations)
{
	static const char gs[] = GS_HEAD
		"layout(points, invocations = 2) in;\n"
		"layout(triangle_strip, max_vertices = 8) out;\n"
		"in vec4 v_color[];\n"
		"out vec4 g_color;\n"
		"void quad(vec2 o) {\n"
		"  for (int i = 0; i < 4; i++) {\n"
		"    g_color = gl_InvocationID == 0 ? v_color[0] : vec4(0.0, 0.0, 1.0, 1.0);\n"
		"    gl_Position = vec4(o + vec2(i & 1, i >> 1) * 0.25, 0.0, 1.0);\n"
		"    EmitVertex();\n"
		"  }\n"
		"  EndPrimitive();\n"
		"}\n"
		"void main() {\n"
		"  vec2 o = gl_in[0].gl_Position.xy + vec2(float(gl_InvocationID), 0.0);\n"
		"  quad(o);\n"
		"  quad(o + vec2(0.0, 0.75));\n"
		"}\n";
	static const float pt[] = { -0.75f, -0.75f };
	GLuint p;

	if (!has_gs())
		return;
	p = program3(gs);
	vertices(pt);
	gl.DrawArrays(GL_POINTS, 0, 1);
	expect(GL_NO_ERROR);
	assert_ndc(-0.7f, -0.7f, 0, 255, 0);     /* invocation 0, first quad */
	assert_ndc(-0.7f, 0.05f, 0, 255, 0);     /* its second quad */
	assert_ndc(-0.7f, -0.3f, 0, 0, 0);       /* the gap between */
	assert_ndc(0.3f, -0.7f, 0, 0, 255);      /* invocation 1 */
	assert_ndc(0.3f, 0.05f, 0, 0, 255);
	assert_ndc(0.3f, -0.3f, 0, 0, 0);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(program_queries)
{
	static const char gs[] = GS_HEAD
		"layout(lines, invocations = 3) in;\n"
		"layout(line_strip, max_vertices = 5) out;\n"
		"out vec4 g_color;\n"
		"void main() { g_color = vec4(1.0); gl_Position = gl_in[1].gl_Position; EmitVertex(); }\n";
	GLuint p, plain;
	GLint v = -1;

	if (!has_gs())
		return;
	p = program3(gs);
	gl.GetProgramiv(p, GL_GEOMETRY_LINKED_VERTICES_OUT_EXT, &v);
	ck_assert_int_eq(v, 5);
	gl.GetProgramiv(p, GL_GEOMETRY_LINKED_INPUT_TYPE_EXT, &v);
	ck_assert_int_eq(v, GL_LINES);
	gl.GetProgramiv(p, GL_GEOMETRY_LINKED_OUTPUT_TYPE_EXT, &v);
	ck_assert_int_eq(v, GL_LINE_STRIP);
	gl.GetProgramiv(p, GL_GEOMETRY_SHADER_INVOCATIONS_EXT, &v);
	ck_assert_int_eq(v, 3);
	gl.GetProgramiv(p, GL_ATTACHED_SHADERS, &v);
	ck_assert_int_eq(v, 3);
	expect(GL_NO_ERROR);
	/* a program without a geometry stage: INVALID_OPERATION, nothing written */
	plain = glt_program(vs, "#version 310 es\nprecision mediump float;\nout vec4 c;\n"
			    "void main() { c = vec4(1.0); }\n");
	v = -7;
	gl.GetProgramiv(plain, GL_GEOMETRY_LINKED_VERTICES_OUT_EXT, &v);
	expect(GL_INVALID_OPERATION);
	ck_assert_int_eq(v, -7);
	gl.DeleteProgram(plain);
	gl.DeleteProgram(p);
}
END_TEST

/* EXT_geometry_shader §11.3.1: a mode other than the input primitive's is
 * INVALID_OPERATION and draws nothing; the adjacency modes are enums. */
START_TEST(draw_mode_must_match_input)
{
	static const float pts[] = { -0.5f, -0.5f, 0.5f, 0.5f, 0.0f, 0.5f };

	if (!has_gs())
		return;
	gl.DeleteProgram(program3(gs_quads));
	vertices(pts);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	expect(GL_INVALID_OPERATION);
	gl.DrawArrays(GL_LINES, 0, 2);
	expect(GL_INVALID_OPERATION);
	gl.DrawElements(GL_TRIANGLES_ADJACENCY_EXT, 0, GL_UNSIGNED_SHORT, NULL);
	expect(GL_INVALID_OPERATION);
	assert_ndc(-0.5f, -0.5f, 0, 0, 0);
	/* past GL_PATCHES_EXT (0xE), which EXT_tessellation_shader makes a mode */
	gl.DrawArrays(GL_PATCHES_EXT + 1, 0, 4);
	expect(GL_INVALID_ENUM);
}
END_TEST

START_TEST(limits)
{
	if (!has_gs())
		return;
	ck_assert_int_ge(glt_geti(GL_MAX_GEOMETRY_OUTPUT_VERTICES_EXT), 256);
	ck_assert_int_ge(glt_geti(GL_MAX_GEOMETRY_TOTAL_OUTPUT_COMPONENTS_EXT), 1024);
	ck_assert_int_ge(glt_geti(GL_MAX_GEOMETRY_SHADER_INVOCATIONS_EXT), 32);
	ck_assert_int_ge(glt_geti(GL_MAX_GEOMETRY_INPUT_COMPONENTS_EXT), 64);
	ck_assert_int_ge(glt_geti(GL_MAX_GEOMETRY_TEXTURE_IMAGE_UNITS_EXT), 16);
	ck_assert_int_ge(glt_geti(GL_MAX_GEOMETRY_UNIFORM_BLOCKS_EXT), 12);
	/* ES 3.2 table 21.45: blocks x block size / 4 + the default block's */
	ck_assert_int_eq(glt_geti(GL_MAX_COMBINED_GEOMETRY_UNIFORM_COMPONENTS_EXT),
			 glt_geti(GL_MAX_GEOMETRY_UNIFORM_BLOCKS_EXT) *
			 (glt_geti(GL_MAX_UNIFORM_BLOCK_SIZE) / 4) +
			 glt_geti(GL_MAX_GEOMETRY_UNIFORM_COMPONENTS_EXT));
	ck_assert_int_eq(glt_geti(GL_LAYER_PROVOKING_VERTEX_EXT), GL_UNDEFINED_VERTEX_EXT);
	expect(GL_NO_ERROR);
}
END_TEST

/* Link failures: a GS input no vertex output writes, a missing
 * max_vertices, a compute shader beside a geometry shader. */
START_TEST(link_errors)
{
	static const char gs_unwritten[] = GS_HEAD
		"layout(points) in;\nlayout(points, max_vertices = 1) out;\n"
		"in vec4 nowhere[];\nout vec4 g_color;\n"
		"void main() { g_color = nowhere[0]; gl_Position = vec4(0.0); EmitVertex(); }\n";
	static const char gs_no_max[] = GS_HEAD
		"layout(points) in;\nlayout(points) out;\nout vec4 g_color;\n"
		"void main() { g_color = vec4(1.0); EmitVertex(); }\n";
	GLuint p;

	if (!has_gs())
		return;
	glt_assert_link_fails(attach3(vs, gs_unwritten, fs), "nowhere");
	glt_assert_link_fails(attach3(vs, gs_no_max, fs), "max_vertices");
	/* a uniform of another precision than the fragment shader's */
	glt_assert_link_fails(attach3(vs, GS_HEAD "layout(points) in;\n"
				      "layout(points, max_vertices = 1) out;\n"
				      "uniform mediump vec4 u;\nout vec4 g_color;\n"
				      "void main() { g_color = u; EmitVertex(); }\n",
				      "#version 310 es\nprecision mediump float;\n"
				      "uniform highp vec4 u;\nin vec4 g_color;\nout vec4 c;\n"
				      "void main() { c = g_color + u; }\n"), "precision");
	p = attach3(vs, gs_quads, fs);
	gl.AttachShader(p, compiled(GL_COMPUTE_SHADER,
				    "#version 310 es\nlayout(local_size_x = 1) in;\nvoid main() {}\n"));
	glt_assert_link_fails(p, "compute");
	/* a second geometry shader on the same program */
	gl.AttachShader(p, compiled(GL_GEOMETRY_SHADER_EXT, gs_quads));
	expect(GL_INVALID_OPERATION);
}
END_TEST

/* The primitives a draw in `mode` records into a capture of TRIANGLES. */
static GLuint triangles_written(GLenum mode, GLsizei count, bool indexed)
{
	static const GLushort idx[] = { 0, 1, 2, 3 };
	GLuint q, n = 0;

	xf.GenQueries(1, &q);
	xf.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
	xf.BeginTransformFeedback(GL_TRIANGLES);
	if (indexed)
		gl.DrawElements(mode, count, GL_UNSIGNED_SHORT, idx);
	else
		gl.DrawArrays(mode, 0, count);
	expect(GL_NO_ERROR);
	/* a mode recorded as another primitive is still refused */
	gl.DrawArrays(GL_LINE_STRIP, 0, 2);
	expect(GL_INVALID_OPERATION);
	xf.EndTransformFeedback();
	xf.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
	xf.GetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
	xf.DeleteQueries(1, &q);
	return n;
}

/* With the extension a capture takes any mode recorded as its primitive
 * (strips, fans), indexed draws, and draws past its buffer's end without an
 * error (the host records what fits: here one triangle of 48 bytes). */
START_TEST(transform_feedback_rules_relaxed)
{
	static const float v[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
	const char *names[] = { "gl_Position" };
	GLuint p = gl.CreateProgram(), b;
	GLint ok = 0;

	if (!has_gs())
		return;
	gl.AttachShader(p, compiled(GL_VERTEX_SHADER, vs));
	gl.AttachShader(p, compiled(GL_FRAGMENT_SHADER, "#version 310 es\nprecision mediump float;\n"
				    "in vec4 v_color;\nout vec4 c;\nvoid main() { c = v_color; }\n"));
	xf.TransformFeedbackVaryings(p, 1, names, GL_INTERLEAVED_ATTRIBS);
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert(ok);
	gl.UseProgram(p);
	vertices(v);
	b = glt_buffer(GL_TRANSFORM_FEEDBACK_BUFFER, NULL, 6 * 16);
	gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
	ck_assert_uint_eq(triangles_written(GL_TRIANGLE_STRIP, 4, false), 2);
	ck_assert_uint_eq(triangles_written(GL_TRIANGLE_FAN, 4, true), 2);
	gl.BufferData(GL_TRANSFORM_FEEDBACK_BUFFER, 3 * 16, NULL, GL_STATIC_DRAW);
	ck_assert_uint_eq(triangles_written(GL_TRIANGLE_STRIP, 4, false), 1);
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(p);
}
END_TEST

/* A geometry shader's gl_Position is captured with its outputs: each of two points becomes two, at (x, y) and (x + 0.5, -y),
 * recorded as the shader wrote them (before the host's y fix). */
START_TEST(transform_feedback_of_geometry_position)
{
	static const char gs[] = GS_HEAD
		"layout(points) in;\nlayout(points, max_vertices = 2) out;\n"
		"out float g_n;\n"
		"void main() { vec4 p = gl_in[0].gl_Position;\n"
		"  for (int i = 0; i < 2; i++) {\n"
		"    gl_Position = vec4(p.x + 0.5 * float(i), i == 0 ? p.y : -p.y, 0.5, 1.0);\n"
		"    g_n = float(i); EmitVertex(); } }\n";
	static const char gfs[] = "#version 310 es\nprecision mediump float;\nout vec4 c;\n"
		"void main() { c = vec4(1.0); }\n";
	static const float v[] = { -0.5f, 0.25f, 0.25f, -0.75f };
	const char *names[] = { "gl_Position", "g_n" };
	GLuint p, b, q, n = 0;
	const float *out;

	if (!has_gs())
		return;
	p = attach3(vs, gs, gfs);
	xf.TransformFeedbackVaryings(p, 2, names, GL_INTERLEAVED_ATTRIBS);
	glt_link_and_use(p);
	vertices(v);
	b = glt_buffer(GL_TRANSFORM_FEEDBACK_BUFFER, NULL, 4 * 20);
	gl.BindBufferBase(GL_TRANSFORM_FEEDBACK_BUFFER, 0, b);
	xf.GenQueries(1, &q);
	xf.BeginQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, q);
	xf.BeginTransformFeedback(GL_POINTS);
	gl.DrawArrays(GL_POINTS, 0, 2);
	xf.EndTransformFeedback();
	xf.EndQuery(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN);
	xf.GetQueryObjectuiv(q, GL_QUERY_RESULT, &n);
	expect(GL_NO_ERROR);
	ck_assert_uint_eq(n, 4);
	out = gl.MapBufferRange(GL_TRANSFORM_FEEDBACK_BUFFER, 0, 4 * 20, GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(out);
	for (int i = 0; i < 4; i++) {
		const float *r = out + 5 * i, *in = v + 2 * (i / 2);
		float x = in[0] + 0.5f * (float)(i & 1), y = i & 1 ? -in[1] : in[1];

		ck_assert_msg(r[0] == x && r[1] == y && r[2] == 0.5f && r[3] == 1.0f &&
				      r[4] == (float)(i & 1),
			      "vertex %d: (%g %g %g %g) %g", i, r[0], r[1], r[2], r[3], r[4]);
	}
	gl.UnmapBuffer(GL_TRANSFORM_FEEDBACK_BUFFER);
	xf.DeleteQueries(1, &q);
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- layered framebuffers (glFramebufferTextureEXT) ---- */

static PFNGLFRAMEBUFFERTEXTUREEXTPROC fb_texture(void)
{
	PFNGLFRAMEBUFFERTEXTUREEXTPROC f =
		(PFNGLFRAMEBUFFERTEXTUREEXTPROC)glt_proc("glFramebufferTextureEXT");

	ck_assert_ptr_nonnull(f);
	ck_assert_ptr_nonnull(glt_proc("glFramebufferTextureOES"));
	return f;
}

/* A w x w texture of `target` with `layers` layers (slices, faces x 6). */
static GLuint layered_texture(GLenum target, GLsizei w, GLsizei layers)
{
	GLuint t;

	gl.GenTextures(1, &t);
	gl.BindTexture(target, t);
	if (target == GL_TEXTURE_2D || target == GL_TEXTURE_CUBE_MAP)
		xf.TexStorage2D(target, 1, GL_RGBA8, w, w);
	else
		xf.TexStorage3D(target, 1, GL_RGBA8, w, w, layers);
	expect(GL_NO_ERROR);
	return t;
}

/* A framebuffer with tex's level 0 attached layered to colour 0. */
static GLuint layered_fbo(GLuint tex)
{
	GLuint fbo;

	xf.GenFramebuffers(1, &fbo);
	xf.BindFramebuffer(GL_FRAMEBUFFER, fbo);
	fb_texture()(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0);
	expect(GL_NO_ERROR);
	return fbo;
}

/* Layer `layer` of the 2D array / 3D texture's pixel (x, y), read through
 * a framebuffer of that layer alone. */
static void assert_layer_pixel(GLenum target, GLuint tex, GLint layer, int x, int y,
			       const uint8_t want[4])
{
	GLuint rfb;

	xf.GenFramebuffers(1, &rfb);
	xf.BindFramebuffer(GL_READ_FRAMEBUFFER, rfb);
	if (target == GL_TEXTURE_CUBE_MAP)  /* a face is attached as a 2D image */
		xf.FramebufferTexture2D(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					GL_TEXTURE_CUBE_MAP_POSITIVE_X + (GLenum)layer, tex, 0);
	else
		xf.FramebufferTextureLayer(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, tex, 0, layer);
	ck_assert_int_eq(xf.CheckFramebufferStatus(GL_READ_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	ck_assert_msg(layer >= 0, "layer");
	glt_assert_pixel_near(x, y, want, 2);
	xf.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
	xf.DeleteFramebuffers(1, &rfb);
}

/* The triangle drawn into each of three layers, gl_Layer choosing the
 * layer and its colour: red, green, blue. */
static const char gs_layers[] = GS_HEAD
	"layout(triangles) in;\n"
	"layout(triangle_strip, max_vertices = 9) out;\n"
	"out vec4 g_color;\n"
	"void main() {\n"
	"  for (int l = 0; l < 3; l++) {\n"
	"    for (int i = 0; i < 3; i++) {\n"
	"      gl_Layer = l;\n"
	"      g_color = vec4(l == 0 ? 1.0 : 0.0, l == 1 ? 1.0 : 0.0, l == 2 ? 1.0 : 0.0, 1.0);\n"
	"      gl_Position = gl_in[i].gl_Position;\n"
	"      EmitVertex();\n"
	"    }\n"
	"    EndPrimitive();\n"
	"  }\n"
	"}\n";

static const uint8_t layer_rgba[3][4] = { { 255, 0, 0, 255 }, { 0, 255, 0, 255 },
					  { 0, 0, 255, 255 } };

/* Draws a triangle covering an 8x8 target with the linked program p. */
static void draw_layers_with(GLuint p)
{
	static const float tri[] = { -1.0f, -1.0f, 3.0f, -1.0f, -1.0f, 3.0f };
	GLint ok = 0;

	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert(ok);
	gl.UseProgram(p);
	gl.DeleteProgram(p);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
	gl.EnableVertexAttribArray(0);
	gl.Viewport(0, 0, 8, 8);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	expect(GL_NO_ERROR);
}

/* The same with gs_layers' program. */
static void draw_layers(void)
{
	draw_layers_with(program3(gs_layers));
}

/* gl_Layer in the fragment shader: the layer the geometry shader chose
 * (the colour by layer comes from the fragment shader this time). */
START_TEST(fragment_reads_layer)
{
	static const char fs_layer[] = GS_HEAD
		"precision mediump float;\n"
		"in vec4 g_color;\n"
		"out vec4 c;\n"
		"void main() { c = vec4(gl_Layer == 0 ? 1.0 : 0.0, gl_Layer == 1 ? 1.0 : 0.0,\n"
		"                       gl_Layer == 2 ? 1.0 : 0.0, 1.0) * g_color.a; }\n";
	GLuint tex, fbo, p;

	if (!has_gs())
		return;
	tex = layered_texture(GL_TEXTURE_2D_ARRAY, 8, 3);
	fbo = layered_fbo(tex);
	p = attach3(vs, gs_layers, fs_layer);
	gl.LinkProgram(p);
	draw_layers_with(p);
	for (int l = 0; l < 3; l++)
		assert_layer_pixel(GL_TEXTURE_2D_ARRAY, tex, l, 2, 2, layer_rgba[l]);
	xf.DeleteFramebuffers(1, &fbo);
	gl.DeleteTextures(1, &tex);
	expect(GL_NO_ERROR);
}
END_TEST

static void layered_render(GLenum target)
{
	static const uint8_t grey[4] = { 51, 51, 51, 255 };
	GLuint tex = layered_texture(target, 8, 4), fbo = layered_fbo(tex);
	GLint v = 0;

	ck_assert_int_eq(xf.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	xf.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT, &v);
	ck_assert_int_eq(v, GL_TRUE);
	/* a clear of a layered framebuffer clears every layer */
	gl.ClearColor(0.2f, 0.2f, 0.2f, 1.0f);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	draw_layers();
	for (int l = 0; l < 3; l++)
		assert_layer_pixel(target, tex, l, 4, 4, layer_rgba[l]);
	/* the fourth layer no primitive chose: only cleared */
	assert_layer_pixel(target, tex, 3, 4, 4, grey);
	xf.DeleteFramebuffers(1, &fbo);
	gl.DeleteTextures(1, &tex);
	expect(GL_NO_ERROR);
}

/* A scissored clear of a layered framebuffer is drawn, and still reaches
 * every layer; outside the scissor each keeps what was drawn there. */
START_TEST(layered_scissored_clear)
{
	static const uint8_t white[4] = { 255, 255, 255, 255 };
	GLuint tex, fbo;

	if (!has_gs())
		return;
	tex = layered_texture(GL_TEXTURE_2D_ARRAY, 8, 3);
	fbo = layered_fbo(tex);
	draw_layers();
	gl.Enable(GL_SCISSOR_TEST);
	gl.Scissor(0, 0, 2, 2);
	gl.ClearColor(1.0f, 1.0f, 1.0f, 1.0f);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Disable(GL_SCISSOR_TEST);
	expect(GL_NO_ERROR);
	for (int l = 0; l < 3; l++) {
		assert_layer_pixel(GL_TEXTURE_2D_ARRAY, tex, l, 1, 1, white);
		assert_layer_pixel(GL_TEXTURE_2D_ARRAY, tex, l, 4, 4, layer_rgba[l]);
	}
	xf.DeleteFramebuffers(1, &fbo);
	gl.DeleteTextures(1, &tex);
	expect(GL_NO_ERROR);
}
END_TEST

START_TEST(layered_render_2d_array)
{
	if (!has_gs())
		return;
	layered_render(GL_TEXTURE_2D_ARRAY);
}
END_TEST

START_TEST(layered_render_3d)
{
	if (!has_gs())
		return;
	layered_render(GL_TEXTURE_3D);
}
END_TEST

/* the six faces are the layers */
START_TEST(layered_render_cube)
{
	if (!has_gs())
		return;
	layered_render(GL_TEXTURE_CUBE_MAP);
}
END_TEST

/* Colour attachment 1 beside a layered colour 0: not layered, or
 * layered of another target, is GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS. */
START_TEST(layered_completeness)
{
	GLuint arr, flat, vol, fbo;

	if (!has_gs())
		return;
	arr = layered_texture(GL_TEXTURE_2D_ARRAY, 8, 2);
	flat = layered_texture(GL_TEXTURE_2D, 8, 1);
	vol = layered_texture(GL_TEXTURE_3D, 8, 2);
	fbo = layered_fbo(arr);
	xf.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, flat, 0);
	ck_assert_int_eq(xf.CheckFramebufferStatus(GL_FRAMEBUFFER),
			 GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS_EXT);
	/* a 2D texture through glFramebufferTextureEXT is not layered either */
	fb_texture()(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, flat, 0);
	ck_assert_int_eq(xf.CheckFramebufferStatus(GL_FRAMEBUFFER),
			 GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS_EXT);
	fb_texture()(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, vol, 0);
	ck_assert_int_eq(xf.CheckFramebufferStatus(GL_FRAMEBUFFER),
			 GL_FRAMEBUFFER_INCOMPLETE_LAYER_TARGETS_EXT);
	/* and a draw there is an invalid framebuffer operation */
	gl.Clear(GL_COLOR_BUFFER_BIT);
	expect(GL_INVALID_FRAMEBUFFER_OPERATION);
	fb_texture()(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, 0, 0);
	ck_assert_int_eq(xf.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	xf.DeleteFramebuffers(1, &fbo);
	GLuint t[] = { arr, flat, vol };
	gl.DeleteTextures(3, t);
	expect(GL_NO_ERROR);
}
END_TEST

/* GL_FRAMEBUFFER_ATTACHMENT_LAYERED of other attachments, the default
 * layers, GL_MAX_FRAMEBUFFER_LAYERS. */
START_TEST(layered_queries)
{
	GLuint flat, fbo, rb;
	GLint v = -1;

	if (!has_gs())
		return;
	ck_assert_int_ge(glt_geti(GL_MAX_FRAMEBUFFER_LAYERS_EXT), 256);
	flat = layered_texture(GL_TEXTURE_2D, 8, 1);
	fbo = layered_fbo(flat);
	xf.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT, &v);
	ck_assert_int_eq(v, GL_FALSE);
	xf.GenRenderbuffers(1, &rb);
	xf.BindRenderbuffer(GL_RENDERBUFFER, rb);
	xf.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 8, 8);
	xf.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
	xf.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
					       GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT, &v);
	expect(GL_INVALID_ENUM);
	xf.GetFramebufferParameteriv(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS_EXT, &v);
	ck_assert_int_eq(v, 0);
	xf.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS_EXT, 5);
	xf.GetFramebufferParameteriv(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS_EXT, &v);
	ck_assert_int_eq(v, 5);
	xf.FramebufferParameteri(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS_EXT,
				 glt_geti(GL_MAX_FRAMEBUFFER_LAYERS_EXT) + 1);
	expect(GL_INVALID_VALUE);
	xf.DeleteFramebuffers(1, &fbo);
	xf.DeleteRenderbuffers(1, &rb);
	gl.DeleteTextures(1, &flat);
	expect(GL_NO_ERROR);
}
END_TEST

static Suite *geometry_suite(void)
{
	Suite *s = suite_create("gl es31 geometry");
	TCase *tc = tcase_create("geometry");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, points_become_quads);
	tcase_add_test(tc, point_size_written);
	tcase_add_test(tc, triangle_passthrough_with_primitive_id);
	tcase_add_test(tc, end_primitive_and_invocations);
	tcase_add_test(tc, sampler_and_block_in_geometry);
	tcase_add_test(tc, program_queries);
	tcase_add_test(tc, draw_mode_must_match_input);
	tcase_add_test(tc, limits);
	tcase_add_test(tc, link_errors);
	tcase_add_test(tc, transform_feedback_rules_relaxed);
	tcase_add_test(tc, transform_feedback_of_geometry_position);
	tcase_add_test(tc, layered_render_2d_array);
	tcase_add_test(tc, layered_render_3d);
	tcase_add_test(tc, layered_render_cube);
	tcase_add_test(tc, layered_completeness);
	tcase_add_test(tc, layered_queries);
	tcase_add_test(tc, fragment_reads_layer);
	tcase_add_test(tc, layered_scissored_clear);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(geometry_suite);
}
