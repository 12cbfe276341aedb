/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 storage outside compute shaders (issue #16):
 * the per-stage limits (the fragment stage's buffers,
 * counters and images are the compute stage's, the vertex stage's the
 * host's other-stage slots) and the GLSL constants saying the same; a
 * fragment shader writing a storage buffer per pixel and counting its
 * fragments with an atomic counter (also at a range the host's buffers
 * cannot start at), and early fragment tests dropping fragments before
 * they count; a vertex shader reading its positions and colours from
 * a storage buffer and writing one per vertex; one block declared by both
 * stages (one resource, referenced by both); a vertex shader's image store;
 * a geometry shader's buffer and counter, tessellation shaders' buffers;
 * the link errors past a stage's limits.
 */
#include <GLES3/gl31.h>
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define SR_FUNCS(X) \
	X(MemoryBarrier, MEMORYBARRIER) X(GetProgramResourceiv, GETPROGRAMRESOURCEIV) \
	X(GetProgramResourceIndex, GETPROGRAMRESOURCEINDEX) \
	X(GetProgramInterfaceiv, GETPROGRAMINTERFACEIV) X(BindImageTexture, BINDIMAGETEXTURE) \
	X(TexStorage2D, TEXSTORAGE2D) X(GenFramebuffers, GENFRAMEBUFFERS) \
	X(BindFramebuffer, BINDFRAMEBUFFER) X(FramebufferTexture2D, FRAMEBUFFERTEXTURE2D) \
	X(DeleteFramebuffers, DELETEFRAMEBUFFERS) X(ReadPixels, READPIXELS) \
	X(GenRenderbuffers, GENRENDERBUFFERS) X(BindRenderbuffer, BINDRENDERBUFFER) \
	X(RenderbufferStorage, RENDERBUFFERSTORAGE) \
	X(FramebufferRenderbuffer, FRAMEBUFFERRENDERBUFFER) \
	X(DeleteRenderbuffers, DELETERENDERBUFFERS)

#define SR_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	SR_FUNCS(SR_MEMBER)
} sr;
#undef SR_MEMBER

static void setup(void)
{
	glt_setup_version(3, 1);
#define SR_LOAD(n, N) sr.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	SR_FUNCS(SR_LOAD)
#undef SR_LOAD
}

static void expect(GLenum err)
{
	ck_assert_int_eq(gl.GetError(), err);
}

#define HEAD "#version 310 es\n"
#define SIZE 8   /* the framebuffer: SIZE x SIZE fragments */

/* ---- limits ------------------------------------------------------------------------------------ */

START_TEST(stage_limits)
{
	GLint frag = glt_geti(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS);

	ck_assert_int_eq(frag, glt_geti(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS));
	ck_assert_int_ge(frag, 4);
	ck_assert_int_le(glt_geti(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS), frag);
	ck_assert_int_ge(glt_geti(GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS), frag);
	ck_assert_int_eq(glt_geti(GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS),
			 glt_geti(GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS));
	ck_assert_int_eq(glt_geti(GL_MAX_FRAGMENT_ATOMIC_COUNTERS),
			 glt_geti(GL_MAX_COMPUTE_ATOMIC_COUNTERS));
	ck_assert_int_le(glt_geti(GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS),
			 glt_geti(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS));
	ck_assert_int_le(glt_geti(GL_MAX_VERTEX_IMAGE_UNIFORMS),
			 glt_geti(GL_MAX_FRAGMENT_IMAGE_UNIFORMS));
	expect(GL_NO_ERROR);
}
END_TEST

/* The GLSL constants are the queries' values: a compute shader stores them. */
START_TEST(glsl_constants_agree)
{
	static const char cs[] = HEAD "layout(local_size_x = 1) in;\n"
		"layout(std430, binding = 0) buffer Out { int v[5]; };\n"
		"void main() {\n"
		"  v[0] = gl_MaxVertexAtomicCounters; v[1] = gl_MaxVertexAtomicCounterBuffers;\n"
		"  v[2] = gl_MaxFragmentAtomicCounters; v[3] = gl_MaxFragmentAtomicCounterBuffers;\n"
		"  v[4] = gl_MaxVertexImageUniforms;\n"
		"}\n";
	static const GLenum pname[5] = {
		GL_MAX_VERTEX_ATOMIC_COUNTERS, GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS,
		GL_MAX_FRAGMENT_ATOMIC_COUNTERS, GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS,
		GL_MAX_VERTEX_IMAGE_UNIFORMS };
	GLuint p = glt_compute_program(cs), out = glt_ssbo(5, ~0u);
	const uint32_t *v;

	((PFNGLDISPATCHCOMPUTEPROC)glt_proc("glDispatchCompute"))(1, 1, 1);
	sr.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
	v = glt_map_ssbo(out, 5);
	for (int i = 0; i < 5; i++)
		ck_assert_msg((GLint)v[i] == glt_geti(pname[i]), "constant %d: %u, query %d", i, v[i],
			      glt_geti(pname[i]));
	glt_unmap_ssbo();
	gl.DeleteProgram(p);
}
END_TEST

/* ---- drawing ------------------------------------------------------------------------------------ */

static const char vs_window[] = HEAD "layout(location = 0) in vec2 pos;\n"
				     "void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";

/* An RGBA8 SIZE x SIZE framebuffer, bound; the viewport on it. */
static GLuint framebuffer(GLuint *tex)
{
	GLuint fb;

	gl.GenTextures(1, tex);
	gl.BindTexture(GL_TEXTURE_2D, *tex);
	sr.TexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, SIZE, SIZE);
	sr.GenFramebuffers(1, &fb);
	sr.BindFramebuffer(GL_FRAMEBUFFER, fb);
	sr.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, *tex, 0);
	gl.Viewport(0, 0, SIZE, SIZE);
	return fb;
}

static void drop_framebuffer(GLuint fb, GLuint tex)
{
	sr.BindFramebuffer(GL_FRAMEBUFFER, 0);
	sr.DeleteFramebuffers(1, &fb);
	gl.DeleteTextures(1, &tex);
}

/* The current program over the SIZE x SIZE framebuffer; the barrier after. */
static void draw_window(void)
{
	GLuint tex, fb = framebuffer(&tex);

	glt_draw_window();
	sr.MemoryBarrier(GL_ALL_BARRIER_BITS);
	expect(GL_NO_ERROR);
	drop_framebuffer(fb, tex);
}

static GLuint link(const char *vs, const char *fs)
{
	GLuint p = glt_program(vs, fs);

	glt_link_and_use(p);
	return p;
}

static const char fs_ssbo_counter[] = HEAD "precision highp float;\n"
	"layout(binding = 0) uniform atomic_uint frags;\n"
	"layout(std430, binding = 0) buffer Out { uint v[]; };\n"
	"out vec4 o;\n"
	"void main() {\n"
	"  uvec2 p = uvec2(gl_FragCoord.xy);\n"
	"  v[p.y * 8u + p.x] = p.x + 100u * p.y + 1u;\n"
	"  atomicCounterIncrement(frags);\n"
	"  o = vec4(1.0);\n"
	"}\n";

/* Each pixel's word is its own; the counter saw every fragment once. */
static void assert_per_pixel(GLuint out, GLuint counter, GLintptr counter_at)
{
	const uint32_t *v = glt_map_ssbo(out, SIZE * SIZE);

	for (uint32_t y = 0; y < SIZE; y++)
		for (uint32_t x = 0; x < SIZE; x++)
			ck_assert_msg(v[y * SIZE + x] == x + 100 * y + 1, "pixel %u,%u: %u", x, y,
				      v[y * SIZE + x]);
	glt_unmap_ssbo();
	v = glt_map_ssbo(counter, (uint32_t)(counter_at / 4 + 1));
	ck_assert_uint_eq(v[counter_at / 4], SIZE * SIZE);
	glt_unmap_ssbo();
}

START_TEST(fragment_ssbo_and_counter)
{
	GLuint p = link(vs_window, fs_ssbo_counter), out = glt_ssbo(SIZE * SIZE, 0);
	GLuint counter = glt_buffer(GL_ATOMIC_COUNTER_BUFFER, (const uint32_t[1]){ 0 }, 4);

	gl.BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, counter);
	draw_window();
	assert_per_pixel(out, counter, 0);
	gl.DeleteProgram(p);
}
END_TEST

/* The counter's range at 4 bytes: below the host's storage buffer
 * alignment, staged around the draw (vgl_atomic_counter.c). */
START_TEST(fragment_counter_at_unaligned_range)
{
	GLuint p = link(vs_window, fs_ssbo_counter), out = glt_ssbo(SIZE * SIZE, 0);
	GLuint counter = glt_buffer(GL_ATOMIC_COUNTER_BUFFER, (const uint32_t[4]){ 7, 0, 7, 7 }, 16);
	PFNGLBINDBUFFERRANGEPROC range = (PFNGLBINDBUFFERRANGEPROC)glt_proc("glBindBufferRange");

	range(GL_ATOMIC_COUNTER_BUFFER, 0, counter, 4, 4);
	draw_window();
	assert_per_pixel(out, counter, 4);
	gl.DeleteProgram(p);
}
END_TEST

/* layout(early_fragment_tests): the fragments the depth test drops (all:
 * the depth buffer is cleared to 0) never run, so their counter stays 0. */
START_TEST(early_tests_skip_dropped_fragments)
{
	static const char fs[] = HEAD "precision highp float;\nlayout(early_fragment_tests) in;\n"
		"layout(binding = 0) uniform atomic_uint frags;\nout vec4 o;\n"
		"void main() { atomicCounterIncrement(frags); o = vec4(1.0); }\n";
	GLuint p = link(vs_window, fs), tex, depth, fb = framebuffer(&tex);
	GLuint counter = glt_buffer(GL_ATOMIC_COUNTER_BUFFER, (const uint32_t[1]){ 0 }, 4);

	gl.BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, counter);
	sr.GenRenderbuffers(1, &depth);
	sr.BindRenderbuffer(GL_RENDERBUFFER, depth);
	sr.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, SIZE, SIZE);
	sr.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
	gl.ClearDepthf(0.0f);
	gl.Clear(GL_DEPTH_BUFFER_BIT);
	gl.Enable(GL_DEPTH_TEST);
	gl.DepthFunc(GL_LESS);
	glt_draw_window();
	gl.Disable(GL_DEPTH_TEST);
	gl.ClearDepthf(1.0f);
	gl.Clear(GL_DEPTH_BUFFER_BIT);
	glt_draw_window();   /* now every fragment runs: the counter works */
	sr.MemoryBarrier(GL_ALL_BARRIER_BITS);
	expect(GL_NO_ERROR);
	ck_assert_uint_eq(glt_map_ssbo(counter, 1)[0], SIZE * SIZE);
	glt_unmap_ssbo();
	sr.DeleteRenderbuffers(1, &depth);
	drop_framebuffer(fb, tex);
	gl.DeleteProgram(p);
}
END_TEST

/* The vertex shader's positions and colour come from a storage buffer; it
 * stores gl_VertexID + 1 at the vertex's index of another. */
static const char vs_ssbo[] = HEAD
	"layout(std430, binding = 1) readonly buffer In { vec4 colour; vec2 pos[]; };\n"
	"layout(std430, binding = 2) buffer Seen { uint seen[]; };\n"
	"out vec4 c;\n"
	"void main() {\n"
	"  gl_Position = vec4(pos[gl_VertexID], 0.0, 1.0);\n"
	"  seen[gl_VertexID] = uint(gl_VertexID) + 1u;\n"
	"  c = colour;\n"
	"}\n";
static const char fs_colour[] = HEAD "precision mediump float;\nin vec4 c;\nout vec4 o;\n"
				     "void main() { o = c; }\n";

START_TEST(vertex_ssbo_read_and_write)
{
	static const float in[4 + 6 * 2] = { 0.0f, 1.0f, 0.0f, 1.0f,
		-1, -1, 1, -1, -1, 1, -1, 1, 1, -1, 1, 1 };
	GLuint p, src, seen, tex, fb;
	const uint32_t *v;

	if (glt_geti(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS) < 2)
		return;  /* vertex_limits_refuse covers the host without them */
	p = link(vs_ssbo, fs_colour);
	src = glt_buffer(GL_SHADER_STORAGE_BUFFER, in, sizeof(in));
	seen = glt_ssbo(6, 0);
	gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 1, src);
	gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 2, seen);
	fb = framebuffer(&tex);
	gl.ClearColor(0, 0, 0, 0);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
	sr.MemoryBarrier(GL_ALL_BARRIER_BITS);
	expect(GL_NO_ERROR);
	glt_assert_pixel(1, 1, 0, 255, 0, 255);
	glt_assert_pixel(SIZE - 2, SIZE - 2, 0, 255, 0, 255);
	drop_framebuffer(fb, tex);
	v = glt_map_ssbo(seen, 6);
	for (uint32_t i = 0; i < 6; i++)
		ck_assert_uint_eq(v[i], i + 1);
	glt_unmap_ssbo();
	gl.DeleteProgram(p);
}
END_TEST

/* ---- one block, two stages ------------------------------------------------------------------ */

static const char vs_shared[] = HEAD "layout(location = 0) in vec2 pos;\n"
	"layout(std430, binding = 3) buffer Shared { uint vs_hits; uint fs_hits; } s;\n"
	"void main() { atomicAdd(s.vs_hits, 1u); gl_Position = vec4(pos, 0.0, 1.0); }\n";
static const char fs_shared[] = HEAD "precision mediump float;\nout vec4 o;\n"
	"layout(std430, binding = 3) buffer Shared { uint vs_hits; uint fs_hits; } s;\n"
	"layout(std430, binding = 4) buffer FragOnly { uint x; };\n"
	"void main() { atomicAdd(s.fs_hits, 1u); x = 5u; o = vec4(1.0); }\n";

static GLint block_prop(GLuint p, const char *name, GLenum prop)
{
	GLuint i = sr.GetProgramResourceIndex(p, GL_SHADER_STORAGE_BLOCK, name);
	GLint v = -1;

	ck_assert_uint_ne(i, GL_INVALID_INDEX);
	sr.GetProgramResourceiv(p, GL_SHADER_STORAGE_BLOCK, i, 1, &prop, 1, NULL, &v);
	return v;
}

/* One resource for both stages' block, referenced by both; the other the
 * fragment shader's only. Both stages reach the same buffer. */
START_TEST(block_in_both_stages)
{
	GLuint p, shared, frag;
	GLint n = -1;
	const uint32_t *v;

	if (glt_geti(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS) < 1)
		return;
	p = link(vs_shared, fs_shared);
	sr.GetProgramInterfaceiv(p, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES, &n);
	ck_assert_int_eq(n, 2);
	ck_assert_int_eq(block_prop(p, "Shared", GL_REFERENCED_BY_VERTEX_SHADER), 1);
	ck_assert_int_eq(block_prop(p, "Shared", GL_REFERENCED_BY_FRAGMENT_SHADER), 1);
	ck_assert_int_eq(block_prop(p, "FragOnly", GL_REFERENCED_BY_VERTEX_SHADER), 0);
	ck_assert_int_eq(block_prop(p, "FragOnly", GL_REFERENCED_BY_FRAGMENT_SHADER), 1);
	ck_assert_int_eq(block_prop(p, "Shared", GL_BUFFER_BINDING), 3);
	shared = glt_buffer(GL_SHADER_STORAGE_BUFFER, (const uint32_t[2]){ 0, 0 }, 8);
	frag = glt_buffer(GL_SHADER_STORAGE_BUFFER, (const uint32_t[1]){ 0 }, 4);
	gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 3, shared);
	gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 4, frag);
	draw_window();
	v = glt_map_ssbo(shared, 2);
	/* two triangles: 6 vertex invocations at most, at least 4 (shared ones) */
	ck_assert_uint_ge(v[0], 4);
	ck_assert_uint_le(v[0], 6);
	ck_assert_uint_eq(v[1], SIZE * SIZE);
	glt_unmap_ssbo();
	ck_assert_uint_eq(glt_map_ssbo(frag, 1)[0], 5);
	glt_unmap_ssbo();
	gl.DeleteProgram(p);
}
END_TEST

/* ---- a vertex shader's image ---------------------------------------------------------------- */

static const char vs_image[] = HEAD "layout(location = 0) in vec2 pos;\n"
	"layout(r32ui, binding = 2) uniform highp writeonly uimage2D marks;\n"
	"void main() {\n"
	"  imageStore(marks, ivec2(gl_VertexID, 0), uvec4(uint(gl_VertexID) + 10u));\n"
	"  gl_Position = vec4(pos, 0.0, 1.0);\n"
	"}\n";
static const char fs_plain[] = HEAD "precision mediump float;\nout vec4 o;\n"
				    "void main() { o = vec4(1.0); }\n";

/* Each of the 6 vertices marks its texel (read back through a framebuffer). */
START_TEST(vertex_image_store)
{
	GLuint p, marks, fb;
	uint32_t got[6 * 4];

	if (glt_geti(GL_MAX_VERTEX_IMAGE_UNIFORMS) < 1)
		return;  /* vertex_limits_refuse covers the host without them */
	p = link(vs_image, fs_plain);
	gl.GenTextures(1, &marks);
	gl.BindTexture(GL_TEXTURE_2D, marks);
	sr.TexStorage2D(GL_TEXTURE_2D, 1, GL_R32UI, 6, 1);
	sr.BindImageTexture(2, marks, 0, GL_FALSE, 0, GL_WRITE_ONLY, GL_R32UI);
	draw_window();
	sr.GenFramebuffers(1, &fb);
	sr.BindFramebuffer(GL_FRAMEBUFFER, fb);
	sr.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, marks, 0);
	sr.ReadPixels(0, 0, 6, 1, GL_RGBA_INTEGER, GL_UNSIGNED_INT, got);
	expect(GL_NO_ERROR);
	/* glt_draw_window's two triangles use vertices 0..5 */
	for (uint32_t i = 0; i < 6; i++)
		ck_assert_uint_eq(got[4 * i], i + 10);
	drop_framebuffer(fb, marks);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- geometry and tessellation shaders ------------------------------------------------------- */

static GLuint compiled(GLenum type, const char *src)
{
	GLint ok = 0;
	GLuint sh = glt_compile(type, src, &ok);

	ck_assert_msg(ok, "shader does not compile:\n%s", src);
	return sh;
}

/* The stages of srcs (0: none), linked and current. */
static GLuint link_stages(const GLenum *types, const char *const *srcs, int n)
{
	GLuint p = gl.CreateProgram();

	for (int i = 0; i < n; i++) {
		GLuint sh = compiled(types[i], srcs[i]);

		gl.AttachShader(p, sh);
		gl.DeleteShader(sh);
	}
	glt_link_and_use(p);
	return p;
}

/* Each primitive's invocation stores its gl_PrimitiveIDIn + 1 and counts
 * itself with a counter: the window's two triangles. */
static const char gs_ssbo[] = HEAD "#extension GL_EXT_geometry_shader : require\n"
	"layout(triangles) in;\nlayout(triangle_strip, max_vertices = 3) out;\n"
	"layout(binding = 1) uniform atomic_uint prims;\n"
	"layout(std430, binding = 5) buffer Prims { uint id[]; };\n"
	"void main() {\n"
	"  id[gl_PrimitiveIDIn] = uint(gl_PrimitiveIDIn) + 1u;\n"
	"  atomicCounterIncrement(prims);\n"
	"  for (int i = 0; i < 3; i++) { gl_Position = gl_in[i].gl_Position; EmitVertex(); }\n"
	"}\n";

START_TEST(geometry_ssbo_and_counter)
{
	static const GLenum types[] = { GL_VERTEX_SHADER, GL_GEOMETRY_SHADER_EXT,
					GL_FRAGMENT_SHADER };
	static const GLenum gs_type[] = { GL_GEOMETRY_SHADER_EXT };
	const char *srcs[] = { vs_window, gs_ssbo, fs_plain };
	GLuint p, ids, counter;
	const uint32_t *v;

	if (!glt_has_shader_ext("GL_EXT_geometry_shader", "GL_OES_geometry_shader", gs_type, 1) ||
	    glt_geti(GL_MAX_GEOMETRY_SHADER_STORAGE_BLOCKS_EXT) < 2 ||
	    glt_geti(GL_MAX_GEOMETRY_ATOMIC_COUNTER_BUFFERS_EXT) < 1)
		return;
	p = link_stages(types, srcs, 3);
	ids = glt_ssbo(2, 0);
	gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 5, ids);
	counter = glt_buffer(GL_ATOMIC_COUNTER_BUFFER, (const uint32_t[1]){ 0 }, 4);
	gl.BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 1, counter);
	draw_window();
	v = glt_map_ssbo(ids, 2);
	ck_assert_uint_eq(v[0], 1);
	ck_assert_uint_eq(v[1], 2);
	glt_unmap_ssbo();
	ck_assert_uint_eq(glt_map_ssbo(counter, 1)[0], 2);
	glt_unmap_ssbo();
	gl.DeleteProgram(p);
}
END_TEST

/* The control shader stores the patch's vertex count, each evaluation
 * shader invocation counts itself (levels 1 on a triangle: 3 of them). */
static const char tcs_ssbo[] = HEAD "#extension GL_EXT_tessellation_shader : require\n"
	"layout(vertices = 3) out;\n"
	"layout(std430, binding = 6) buffer Ctrl { uint patch_in; };\n"
	"void main() {\n"
	"  gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\n"
	"  gl_TessLevelOuter[0] = 1.0; gl_TessLevelOuter[1] = 1.0;\n"
	"  gl_TessLevelOuter[2] = 1.0; gl_TessLevelInner[0] = 1.0;\n"
	"  if (gl_InvocationID == 0) patch_in = uint(gl_PatchVerticesIn);\n"
	"}\n";
static const char tes_ssbo[] = HEAD "#extension GL_EXT_tessellation_shader : require\n"
	"layout(triangles) in;\n"
	"layout(std430, binding = 7) buffer Eval { uint runs; };\n"
	"void main() {\n"
	"  atomicAdd(runs, 1u);\n"
	"  gl_Position = gl_TessCoord.x * gl_in[0].gl_Position +\n"
	"    gl_TessCoord.y * gl_in[1].gl_Position + gl_TessCoord.z * gl_in[2].gl_Position;\n"
	"}\n";

START_TEST(tessellation_ssbos)
{
	static const GLenum types[] = { GL_VERTEX_SHADER, GL_TESS_CONTROL_SHADER_EXT,
					GL_TESS_EVALUATION_SHADER_EXT, GL_FRAGMENT_SHADER };
	const char *srcs[] = { vs_window, tcs_ssbo, tes_ssbo, fs_plain };
	static const float tri[] = { -1, -1, 1, -1, -1, 1 };
	GLuint p, ctrl, eval, tex, fb;

	if (!glt_has_shader_ext("GL_EXT_tessellation_shader", "GL_OES_tessellation_shader",
				types + 1, 2) ||
	    glt_geti(GL_MAX_TESS_CONTROL_SHADER_STORAGE_BLOCKS_EXT) < 1)
		return;
	p = link_stages(types, srcs, 4);
	ctrl = glt_ssbo(1, 0);
	eval = glt_ssbo(1, 0);
	gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 6, ctrl);
	gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 7, eval);
	((PFNGLPATCHPARAMETERIEXTPROC)glt_proc("glPatchParameteriEXT"))(GL_PATCH_VERTICES_EXT, 3);
	fb = framebuffer(&tex);
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, tri);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_PATCHES_EXT, 0, 3);
	sr.MemoryBarrier(GL_ALL_BARRIER_BITS);
	expect(GL_NO_ERROR);
	drop_framebuffer(fb, tex);
	ck_assert_uint_eq(glt_map_ssbo(ctrl, 1)[0], 3);
	glt_unmap_ssbo();
	/* levels 1: the three corners, each evaluated at least once */
	ck_assert_uint_ge(glt_map_ssbo(eval, 1)[0], 3);
	glt_unmap_ssbo();
	gl.DeleteProgram(p);
}
END_TEST

/* ---- link errors ---------------------------------------------------------------------------- */

/* A shader of `n` buffer blocks named VB0.. or FB0.. (members Vv0.., Fv0..),
 * each written. */
static char *blocks_source(bool vertex, int n)
{
	size_t cap = 256 + (size_t)n * 128;
	char *s = malloc(cap), stage = vertex ? 'V' : 'F';
	size_t at;

	ck_assert_ptr_nonnull(s);
	at = (size_t)snprintf(s, cap, HEAD "%s", vertex ? "" : "precision mediump float;\nout vec4 o;\n");
	for (int i = 0; i < n; i++)
		at += (size_t)snprintf(s + at, cap - at,
				       "layout(std430, binding = %d) buffer %cB%d { uint %cv%d; };\n",
				       i % 4, stage, i, stage, i);
	at += (size_t)snprintf(s + at, cap - at, "void main() {\n");
	for (int i = 0; i < n; i++)
		at += (size_t)snprintf(s + at, cap - at, "  %cv%d = 1u;\n", stage, i);
	snprintf(s + at, cap - at, "%s}\n",
		 vertex ? "  gl_Position = vec4(0.0);\n" : "  o = vec4(1.0);\n");
	return s;
}

static void assert_refused(const char *vs, const char *fs, const char *why)
{
	GLint ok = 0;
	GLuint p = gl.CreateProgram(), v = glt_compile(GL_VERTEX_SHADER, vs, &ok),
	       f = glt_compile(GL_FRAGMENT_SHADER, fs, &ok);

	gl.AttachShader(p, v);
	gl.AttachShader(p, f);
	glt_assert_link_fails(p, why);
	gl.DeleteShader(v);
	gl.DeleteShader(f);
	gl.DeleteProgram(p);
}

/* One block more than the fragment stage takes does not link. */
START_TEST(fragment_limit_refuses)
{
	char *fs = blocks_source(false, glt_geti(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS) + 1);

	assert_refused(vs_window, fs, "GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS");
	free(fs);
}
END_TEST

/* Likewise the vertex stage's blocks, counters (0 where the host has no
 * vertex storage) and images. */
START_TEST(vertex_limits_refuse)
{
	GLint blocks = glt_geti(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS);
	char *vs = blocks_source(true, blocks + 1);
	static const char vs_counter[] = HEAD
		"layout(binding = 0) uniform atomic_uint c;\n"
		"void main() { gl_Position = vec4(float(atomicCounter(c))); }\n";

	assert_refused(vs, fs_plain, "GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS");
	free(vs);
	if (!glt_geti(GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS))
		assert_refused(vs_counter, fs_plain, "GL_MAX_VERTEX_ATOMIC_COUNTER");
	if (!glt_geti(GL_MAX_VERTEX_IMAGE_UNIFORMS))
		assert_refused(vs_image, fs_plain, "GL_MAX_VERTEX_IMAGE_UNIFORMS");
}
END_TEST

/* Both stages within their limits, past the combined one together. */
START_TEST(combined_limit_refuses)
{
	GLint combined = glt_geti(GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS);
	GLint frag = glt_geti(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS);
	GLint vert = glt_geti(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS);
	char *vs, *fs;

	if (vert + frag <= combined)
		return;  /* no program of both stages can pass it */
	vs = blocks_source(true, vert);
	fs = blocks_source(false, frag);
	assert_refused(vs, fs, "GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS");
	free(vs);
	free(fs);
}
END_TEST

/* One block bound to two points by the two stages does not link. */
START_TEST(contradictory_bindings_refused)
{
	static const char vs[] = HEAD "layout(location = 0) in vec2 pos;\n"
		"layout(std430, binding = 1) buffer B { uint n; };\n"
		"void main() { n = 1u; gl_Position = vec4(pos, 0.0, 1.0); }\n";
	static const char fs[] = HEAD "precision mediump float;\nout vec4 o;\n"
		"layout(std430, binding = 2) buffer B { uint n; };\n"
		"void main() { n = 2u; o = vec4(1.0); }\n";

	if (glt_geti(GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS) < 1)
		return;
	assert_refused(vs, fs, "different bindings");
}
END_TEST

static Suite *stageres_suite(void)
{
	Suite *s = suite_create("gl es31 storage outside compute");
	TCase *tc = tcase_create("es31");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, stage_limits);
	tcase_add_test(tc, glsl_constants_agree);
	tcase_add_test(tc, fragment_ssbo_and_counter);
	tcase_add_test(tc, fragment_counter_at_unaligned_range);
	tcase_add_test(tc, early_tests_skip_dropped_fragments);
	tcase_add_test(tc, vertex_ssbo_read_and_write);
	tcase_add_test(tc, block_in_both_stages);
	tcase_add_test(tc, vertex_image_store);
	tcase_add_test(tc, geometry_ssbo_and_counter);
	tcase_add_test(tc, tessellation_ssbos);
	tcase_add_test(tc, fragment_limit_refuses);
	tcase_add_test(tc, vertex_limits_refuse);
	tcase_add_test(tc, combined_limit_refuses);
	tcase_add_test(tc, contradictory_bindings_refused);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(stageres_suite);
}
