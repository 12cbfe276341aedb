/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 compute in GL: compute
 * shaders writing shader storage buffers, read back through
 * glMapBufferRange after glMemoryBarrier; shared memory with barrier();
 * atomics; indirect dispatch; bound ranges; the spec's errors. Without the
 * switch no 3.1 context is made.
 */
#include <GLES3/gl31.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"
#include "uniform_cases.h"

#define CS_FUNCS(X) \
	X(DispatchCompute, DISPATCHCOMPUTE) X(DispatchComputeIndirect, DISPATCHCOMPUTEINDIRECT) \
	X(MemoryBarrier, MEMORYBARRIER) X(MemoryBarrierByRegion, MEMORYBARRIERBYREGION) \
	X(GetIntegeri_v, GETINTEGERI_V) X(DetachShader, DETACHSHADER) \
	X(DepthRangef, DEPTHRANGEF)

#define CS_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	CS_FUNCS(CS_MEMBER)
} cs;
#undef CS_MEMBER

static void setup(void)
{
	glt_setup_version(3, 1);
#define CS_LOAD(n, N) cs.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	CS_FUNCS(CS_LOAD)
#undef CS_LOAD
}

#define HEAD "#version 310 es\n"

/* A program of one compute shader; *log gets the link log. */
static GLuint try_compute(const char *src, char *log, size_t log_size)
{
	GLint ok = 0;
	GLuint p = gl.CreateProgram(), sh = glt_compile(GL_COMPUTE_SHADER, src, &ok);

	ck_assert_msg(ok, "compute shader did not compile");
	gl.AttachShader(p, sh);
	gl.LinkProgram(p);
	gl.DeleteShader(sh);
	gl.GetProgramInfoLog(p, (GLsizei)log_size, NULL, log);
	return p;
}

static GLuint compute_program(const char *src)
{
	char log[1024];
	GLuint p = try_compute(src, log, sizeof(log));
	GLint ok = 0;

	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_msg(ok, "link failed: %s", log);
	gl.UseProgram(p);
	return p;
}

/* Words [first, first + n) hold 3i + 1, and the word after them `after`. */
static void assert_ids(GLuint b, uint32_t first, uint32_t n, uint32_t after)
{
	const uint32_t *w = glt_map_ssbo(b, first + n + 1);

	for (uint32_t i = 0; i < n; i++)
		ck_assert_msg(w[first + i] == 3 * i + 1, "data[%u] = %u", i, w[first + i]);
	ck_assert_uint_eq(w[first + n], after);
	glt_unmap_ssbo();
}

static const char cs_global_id[] = HEAD
	"layout(local_size_x = 64) in;\n"
	"layout(std430, binding = 0) buffer Out { uint data[]; };\n"
	"void main() {\n"
	"  uint i = gl_GlobalInvocationID.x;\n"
	"  data[i] = 3u * i + 1u;\n"
	"}\n";

/* data[i] = 3i + 1 for each of 4 x 64 invocations; the word after stays. */
START_TEST(global_id_written_to_ssbo)
{
	const uint32_t n = 4 * 64;
	GLuint p = compute_program(cs_global_id), b = glt_ssbo(n + 1, 0xcdcdcdcd);

	cs.DispatchCompute(4, 1, 1);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	assert_ids(b, 0, n, 0xcdcdcdcd);
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(p);
}
END_TEST

/* Every invocation of a 3D dispatch of 3D groups writes its slice of an
 * unsized array: values[i] = i, the slice from gl_NumWorkGroups *
 * gl_WorkGroupSize and gl_GlobalInvocationID (dEQP's write_multiple_*). */
static const char cs_slices[] = HEAD
	"layout(local_size_x = 1, local_size_y = 4, local_size_z = 2) in;\n"
	"layout(std430, binding = 0) buffer Out { uint values[]; };\n"
	"void main() {\n"
	"  uvec3 size = gl_NumWorkGroups * gl_WorkGroupSize;\n"
	"  uint inv = size.x * size.y * gl_GlobalInvocationID.z + size.x * gl_GlobalInvocationID.y +\n"
	"    gl_GlobalInvocationID.x;\n"
	"  uint per = uint(values.length()) / (size.x * size.y * size.z);\n"
	"  for (uint i = 0u; i < per; i++) values[per * inv + i] = per * inv + i;\n"
	"}\n";

START_TEST(slices_of_a_3d_dispatch)
{
	const uint32_t n = 2 * 128;
	GLuint p = compute_program(cs_slices), b = glt_ssbo(n, 0xcdcdcdcd);
	const uint32_t *w;

	cs.DispatchCompute(2, 2, 4);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	w = glt_map_ssbo(b, n);
	for (uint32_t i = 0; i < n; i++)
		ck_assert_msg(w[i] == i, "values[%u] = %#x", i, w[i]);
	glt_unmap_ssbo();
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(p);
}
END_TEST

/* Each work group sums its 64 inputs through shared memory, halving with
 * barrier() between steps; out[group] = the sum. */
static const char cs_reduce[] = HEAD
	"layout(local_size_x = 64) in;\n"
	"layout(std430, binding = 0) buffer Data { uint in_v[256]; uint sums[4]; };\n"
	"shared uint part[64];\n"
	"void main() {\n"
	"  uint l = gl_LocalInvocationIndex;\n"
	"  part[l] = in_v[gl_GlobalInvocationID.x];\n"
	"  barrier();\n"
	"  for (uint s = 32u; s > 0u; s >>= 1) {\n"
	"    if (l < s) part[l] += part[l + s];\n"
	"    barrier();\n"
	"  }\n"
	"  if (l == 0u) sums[gl_WorkGroupID.x] = part[0];\n"
	"}\n";

START_TEST(shared_memory_reduction)
{
	uint32_t data[260] = { 0 }, want[4] = { 0 };
	GLuint p = compute_program(cs_reduce), b;
	const uint32_t *w;

	for (uint32_t i = 0; i < 256; i++) {
		data[i] = i * i + 7;
		want[i / 64] += data[i];
	}
	b = glt_buffer(GL_SHADER_STORAGE_BUFFER, data, sizeof(data));
	gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
	cs.DispatchCompute(4, 1, 1);
	w = glt_map_ssbo(b, 260);
	for (int g = 0; g < 4; g++)
		ck_assert_msg(w[256 + g] == want[g], "group %d: %u, want %u", g, w[256 + g], want[g]);
	glt_unmap_ssbo();
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(p);
}
END_TEST

static const char cs_atomic[] = HEAD
	"layout(local_size_x = 32, local_size_y = 4) in;\n"
	"layout(std430, binding = 0) buffer Counter { uint count; uint seen[]; };\n"
	"void main() {\n"
	"  uint slot = atomicAdd(count, 1u);\n"
	"  atomicAdd(seen[slot], 1u);\n"
	"}\n";

/* 8 x 2 groups of 128: the counter ends at exactly 2048, and each value it
 * returned was handed to exactly one invocation. */
START_TEST(atomic_add_counts_every_invocation)
{
	const uint32_t n = 8 * 2 * 128;
	GLuint p = compute_program(cs_atomic), b = glt_ssbo(n + 1, 0);
	const uint32_t *w;

	cs.DispatchCompute(8, 2, 1);
	w = glt_map_ssbo(b, n + 1);
	ck_assert_uint_eq(w[0], n);
	for (uint32_t i = 1; i <= n; i++)
		ck_assert_msg(w[i] == 1, "slot %u handed out %u times", i - 1, w[i]);
	glt_unmap_ssbo();
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(p);
}
END_TEST

/* The group counts come from GL_DISPATCH_INDIRECT_BUFFER at offset 12. */
START_TEST(dispatch_indirect)
{
	const uint32_t counts[6] = { 99, 99, 99, 3, 1, 1 }, n = 3 * 64;
	GLuint p = compute_program(cs_global_id), b = glt_ssbo(n + 1, 0xcdcdcdcd);
	GLuint args = glt_buffer(GL_DISPATCH_INDIRECT_BUFFER, counts, sizeof(counts));

	ck_assert_int_eq(glt_geti(GL_DISPATCH_INDIRECT_BUFFER_BINDING), (GLint)args);
	cs.DispatchComputeIndirect(12);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	assert_ids(b, 0, n, 0xcdcdcdcd);
	gl.DeleteBuffers(1, &args);
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(p);
}
END_TEST

/* glBindBufferRange at the alignment: the shader's data[0] is that byte;
 * what lies before it and after the range stays. */
START_TEST(ssbo_bound_range_with_offset)
{
	GLint align = glt_geti(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT);
	const uint32_t n = 64, skip = (uint32_t)align / 4;
	GLuint p = compute_program(cs_global_id), b = glt_ssbo(skip + n + 1, 0xabababab);
	GLint64 start = -1, size = -1;
	const uint32_t *w;

	ck_assert_int_ge(align, 1);
	gl.BindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, b, align, n * 4);
	((PFNGLGETINTEGER64I_VPROC)glt_proc("glGetInteger64i_v"))(GL_SHADER_STORAGE_BUFFER_START,
								   0, &start);
	((PFNGLGETINTEGER64I_VPROC)glt_proc("glGetInteger64i_v"))(GL_SHADER_STORAGE_BUFFER_SIZE,
								   0, &size);
	ck_assert_int_eq(start, align);
	ck_assert_int_eq(size, n * 4);
	cs.DispatchCompute(1, 1, 1);
	assert_ids(b, skip, n, 0xabababab);
	w = glt_map_ssbo(b, skip);
	for (uint32_t i = 0; i < skip; i++)
		ck_assert_uint_eq(w[i], 0xabababab);
	glt_unmap_ssbo();
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(p);
}
END_TEST

/* A loose uniform in a compute shader (the default block as push constants). */
START_TEST(uniform_reaches_compute)
{
	GLuint p = compute_program(HEAD "layout(local_size_x = 4) in;\n"
				   "uniform uint u_add;\n"
				   "layout(std430, binding = 0) buffer Out { uint data[4]; };\n"
				   "void main() { data[gl_LocalInvocationIndex] = u_add + "
				   "gl_LocalInvocationIndex; }\n");
	GLuint b = glt_ssbo(4, 0);
	const uint32_t *w;

	((PFNGLUNIFORM1UIPROC)glt_proc("glUniform1ui"))(gl.GetUniformLocation(p, "u_add"), 1000);
	cs.DispatchCompute(1, 1, 1);
	w = glt_map_ssbo(b, 4);
	for (uint32_t i = 0; i < 4; i++)
		ck_assert_uint_eq(w[i], 1000 + i);
	glt_unmap_ssbo();
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(p);
}
END_TEST

static void delete_buffer_and_program(GLuint b, GLuint p)
{
	gl.DeleteBuffers(1, &b);
	gl.DeleteProgram(p);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}

/* ES 3.10 frexp and pack/unpack*4x8 on uniform values (not folded). */
static const char cs_bits[] = HEAD "layout(local_size_x = 1) in;\n"
	"uniform vec4 u_v; uniform highp uint u_p;\n"
	"layout(std430, binding = 0) buffer Out { uint data[18]; };\n"
	"void put4(int at, vec4 v) { for (int i = 0; i < 4; i++) data[at + i] = floatBitsToUint(v[i]); }\n"
	"void main() {\n"
	"  ivec4 e;\n"
	"  data[0] = packUnorm4x8(u_v); data[1] = packSnorm4x8(-u_v);\n"
	"  put4(2, unpackUnorm4x8(u_p)); put4(6, unpackSnorm4x8(u_p));\n"
	"  put4(10, frexp(vec4(u_v.y * 8.0, -0.75 * u_v.y, u_v.x, u_v.w), e));\n"
	"  for (int i = 0; i < 4; i++) data[14 + i] = uint(e[i]);\n"
	"}\n";

static void assert_floats(const uint32_t *w, const float *want, float tol)
{
	for (int i = 0; i < 4; i++) {
		float f;

		memcpy(&f, &w[i], 4);
		ck_assert_msg(f >= want[i] - tol && f <= want[i] + tol, "[%d] = %g, want %g", i,
			      f, want[i]);
	}
}

START_TEST(bits_builtins)
{
	static const float unorm[4] = { 0.0f, 51.0f / 255.0f, 1.0f, 128.0f / 255.0f };
	static const float snorm[4] = { 0.0f, 51.0f / 127.0f, -1.0f / 127.0f, -1.0f };
	static const float mant[4] = { 0.5f, -0.75f, 0.0f, 0.5f };
	GLuint p = compute_program(cs_bits), b = glt_ssbo(18, 0);
	const uint32_t *w;

	gl.Uniform4f(gl.GetUniformLocation(p, "u_v"), 0.0f, 1.0f, 0.25f, 2.0f);
	((PFNGLUNIFORM1UIPROC)glt_proc("glUniform1ui"))(gl.GetUniformLocation(p, "u_p"),
							0x80ff3300u);
	cs.DispatchCompute(1, 1, 1);
	w = glt_map_ssbo(b, 18);
	/* bytes x lowest: round(c * 255) clamped; round(c * 127) as two's complement */
	ck_assert_uint_eq(w[0], 0xff40ff00u);
	ck_assert_uint_eq(w[1], 0x81e08100u);
	assert_floats(w + 2, unorm, 1e-6f);
	assert_floats(w + 6, snorm, 1e-6f);
	assert_floats(w + 10, mant, 0.0f);
	ck_assert_uint_eq(w[14], 4);
	ck_assert_uint_eq(w[15], 0);
	ck_assert_uint_eq(w[16], 0);
	ck_assert_uint_eq(w[17], 2);
	glt_unmap_ssbo();
	delete_buffer_and_program(b, p);
}
END_TEST

/* ES 3.10 §8.8's carries, borrows and 64-bit products on uniform values
 * (not folded) that carry, borrow and overflow: u_a = {~0, 1, 0, 0x7fffffff}. */
static const char cs_carry[] = HEAD "layout(local_size_x = 1) in;\n"
	"uniform highp uvec4 u_a;\n"
	"layout(std430, binding = 0) buffer Out { ivec4 ih, il; uvec2 s, c, d, b; uint hi, lo; };\n"
	"void main() {\n"
	"  s = uaddCarry(u_a.xy, u_a.yz, c); d = usubBorrow(u_a.zy, u_a.yz, b);\n"
	"  umulExtended(u_a.x, u_a.x, hi, lo);\n"
	"  ivec4 x = ivec4(u_a.xwxw), y = ivec4(u_a.y, -2 * int(u_a.y), u_a.x, u_a.w);\n"
	"  imulExtended(x, y, ih, il);\n"
	"}\n";

START_TEST(carry_borrow_and_extended_products)
{
	/* sums {~0 + 1, 1 + 0}, differences {0 - 1, 1 - 0}, ~0 * ~0 = 0xfffffffe_00000001;
	 * -1 * 1 = -1, 0x7fffffff * -2 = -0xfffffffe, -1 * -1 = 1, 0x7fffffff^2 = 0x3fffffff_00000001 */
	static const uint32_t want[18] = { 0xffffffffu, 0xffffffffu, 0, 0x3fffffffu,
					   0xffffffffu, 2, 1, 1,
					   0, 1, 1, 0, 0xffffffffu, 1, 1, 0, 0xfffffffeu, 1 };
	GLuint p = compute_program(cs_carry), b = glt_ssbo(18, 0xcdcdcdcd);
	const uint32_t *w;

	((PFNGLUNIFORM4UIPROC)glt_proc("glUniform4ui"))(gl.GetUniformLocation(p, "u_a"),
							0xffffffffu, 1, 0, 0x7fffffffu);
	cs.DispatchCompute(1, 1, 1);
	w = glt_map_ssbo(b, 18);
	for (int i = 0; i < 18; i++)
		ck_assert_msg(w[i] == want[i], "word %d = 0x%08x, want 0x%08x", i, w[i], want[i]);
	glt_unmap_ssbo();
	delete_buffer_and_program(b, p);
}
END_TEST

/* ---- uniforms of every basic type ------------------------------------------------------- */

/* The compute shader's head for the uniform cases: put() stores a float's
 * bits, puti() an int's, so the words read back compare exactly. */
#define PUT_HEAD                                                                             \
	HEAD "layout(local_size_x = 1) in;\n"                                                    \
	"layout(std430, binding = 0) buffer Out { uint data[]; };\n"                             \
	"void put(int i, float f) { data[i] = floatBitsToUint(f); }\n"                           \
	"void puti(int i, int v) { data[i] = uint(v); }\n"

/* A loose uniform of each basic type reaches the compute shader exactly. */
START_TEST(uniform_types_reach_compute)
{
	const struct uniform_case *c = &uc_cases[_i];
	char src[1024];
	GLuint p, b;

	snprintf(src, sizeof(src), "%s%svoid main() { %s }\n", PUT_HEAD, c->decl, c->body);
	p = compute_program(src);
	b = glt_ssbo(c->n + 1, UC_FILL);
	c->set(gl.GetUniformLocation(p, "u"));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	cs.DispatchCompute(1, 1, 1);
	uc_assert_words(c, glt_map_ssbo(b, c->n + 1), c->n + 1);
	glt_unmap_ssbo();
	delete_buffer_and_program(b, p);
}
END_TEST

/* gl_DepthRange in a compute shader follows glDepthRangef, and the
 * uniform before it in the default block keeps its value. */
START_TEST(depth_range_reaches_compute)
{
	GLuint p = compute_program(PUT_HEAD "uniform vec4 u;\n"
				   "void main() { put(0, u.x); put(1, u.w); put(2, gl_DepthRange.near);"
				   " put(3, gl_DepthRange.far); put(4, gl_DepthRange.diff); }\n");
	GLuint b = glt_ssbo(5, 0);
	const uint32_t *w;
	float f[5];

	gl.Uniform4fv(gl.GetUniformLocation(p, "u"), 1, uc_floats);
	cs.DepthRangef(0.25f, 0.75f);
	cs.DispatchCompute(1, 1, 1);
	w = glt_map_ssbo(b, 5);
	memcpy(f, w, sizeof(f));
	glt_unmap_ssbo();
	ck_assert(f[0] == uc_floats[0] && f[1] == uc_floats[3]);
	ck_assert(f[2] == 0.25f && f[3] == 0.75f && f[4] == 0.5f);
	delete_buffer_and_program(b, p);
}
END_TEST

START_TEST(work_group_size_and_limits)
{
	GLuint p = compute_program(HEAD "layout(local_size_x = 8, local_size_y = 2, "
				   "local_size_z = 3) in;\nvoid main() {}\n");
	GLint size[3] = { 0 }, v = 0;

	gl.GetProgramiv(p, GL_COMPUTE_WORK_GROUP_SIZE, size);
	ck_assert_int_eq(size[0], 8);
	ck_assert_int_eq(size[1], 2);
	ck_assert_int_eq(size[2], 3);
	ck_assert_int_ge(glt_geti(GL_MAX_COMPUTE_WORK_GROUP_INVOCATIONS), 128);
	ck_assert_int_ge(glt_geti(GL_MAX_COMPUTE_SHARED_MEMORY_SIZE), 16384);
	ck_assert_int_ge(glt_geti(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS), 4);
	ck_assert_int_ge(glt_geti(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS), 4);
	ck_assert_int_ge(glt_geti(GL_MAX_SHADER_STORAGE_BLOCK_SIZE), 1 << 24);
	/* ES 3.1 table 20.47: at least the default block's plus the blocks' */
	ck_assert_int_ge(glt_geti(GL_MAX_COMBINED_COMPUTE_UNIFORM_COMPONENTS),
			 glt_geti(GL_MAX_COMPUTE_UNIFORM_COMPONENTS) +
			 glt_geti(GL_MAX_COMPUTE_UNIFORM_BLOCKS) * glt_geti(GL_MAX_UNIFORM_BLOCK_SIZE) / 4);
	for (GLuint i = 0; i < 3; i++) {
		cs.GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &v);
		ck_assert_int_ge(v, 65535);
		cs.GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &v);
		ck_assert_int_ge(v, i == 2 ? 64 : 128);
	}
	ck_assert_str_eq((const char *)gl.GetString(GL_SHADING_LANGUAGE_VERSION),
			 "OpenGL ES GLSL ES 3.10");
	gl.DeleteProgram(p);
}
END_TEST

/* The ivec3 constants gl_MaxComputeWorkGroupCount and gl_MaxComputeWorkGroupSize
 * are what glGetIntegeri_v answers (dEQP's builtin_constants). */
START_TEST(work_group_limit_constants)
{
	GLuint p = compute_program(HEAD "layout(local_size_x = 1) in;\n"
				   "layout(std430, binding = 0) buffer B { ivec3 count; ivec3 size; };\n"
				   "void main() { count = gl_MaxComputeWorkGroupCount;\n"
				   "  size = gl_MaxComputeWorkGroupSize; }\n");
	GLuint b = glt_ssbo(8, 0);
	const uint32_t *w;
	GLint count[3], size[3];

	for (GLuint i = 0; i < 3; i++) {
		cs.GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, i, &count[i]);
		cs.GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, i, &size[i]);
	}
	cs.DispatchCompute(1, 1, 1);
	w = glt_map_ssbo(b, 8);
	for (int i = 0; i < 3; i++) {
		ck_assert_int_eq((GLint)w[i], count[i]);
		ck_assert_int_eq((GLint)w[4 + i], size[i]);
	}
	glt_unmap_ssbo();
	delete_buffer_and_program(b, p);
}
END_TEST

/* ---- errors ---------------------------------------------------------------------------- */

static void expect(GLenum err)
{
	ck_assert_int_eq(gl.GetError(), err);
}

START_TEST(dispatch_errors)
{
	GLint max_x = 0;
	GLuint p, args;

	cs.DispatchCompute(1, 1, 1); /* no program */
	expect(GL_INVALID_OPERATION);
	p = compute_program(cs_global_id);
	cs.GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 0, &max_x);
	cs.DispatchCompute((GLuint)max_x + 1, 1, 1);
	expect(GL_INVALID_VALUE);
	cs.DispatchComputeIndirect(0); /* no indirect buffer */
	expect(GL_INVALID_OPERATION);
	args = glt_buffer(GL_DISPATCH_INDIRECT_BUFFER, (const uint32_t[4]){ 1, 1, 1, 1 }, 16);
	cs.DispatchComputeIndirect(-4);
	expect(GL_INVALID_VALUE);
	cs.DispatchComputeIndirect(2);
	expect(GL_INVALID_VALUE);
	cs.DispatchComputeIndirect(8); /* 8 + 12 > 16 */
	expect(GL_INVALID_OPERATION);
	cs.DispatchCompute(1, 1, 1); /* buffer block with nothing bound */
	expect(GL_INVALID_OPERATION);
	gl.DrawArrays(GL_TRIANGLES, 0, 3); /* a compute program draws nothing */
	expect(GL_INVALID_OPERATION);
	gl.DeleteBuffers(1, &args);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(barrier_and_binding_errors)
{
	GLint align = glt_geti(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT);
	GLint max = glt_geti(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS), v;
	GLuint b = glt_ssbo(1024, 0);

	cs.MemoryBarrier(0x80000000u);
	expect(GL_INVALID_VALUE);
	cs.MemoryBarrierByRegion(GL_VERTEX_ATTRIB_ARRAY_BARRIER_BIT);
	expect(GL_INVALID_VALUE);
	cs.MemoryBarrier(GL_ALL_BARRIER_BITS);
	cs.MemoryBarrierByRegion(GL_SHADER_STORAGE_BARRIER_BIT);
	expect(GL_NO_ERROR);
	if (align > 1) {
		gl.BindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, b, align / 2, 16);
		expect(GL_INVALID_VALUE);
	}
	gl.BindBufferRange(GL_SHADER_STORAGE_BUFFER, 0, b, -align, 16);
	expect(GL_INVALID_VALUE);
	gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, (GLuint)max, b);
	expect(GL_INVALID_VALUE);
	cs.GetIntegeri_v(GL_SHADER_STORAGE_BUFFER_BINDING, (GLuint)max, &v);
	expect(GL_INVALID_VALUE);
	cs.GetIntegeri_v(GL_MAX_COMPUTE_WORK_GROUP_SIZE, 3, &v);
	expect(GL_INVALID_VALUE);
	gl.DeleteBuffers(1, &b);
}
END_TEST

static const char vs_plain[] = HEAD "void main() { gl_Position = vec4(0.0); }\n";

/* Links a and b into p: the link fails, and its log says `why`. */
static void assert_link_fails(GLuint p, GLuint a, GLuint b, const char *why)
{
	gl.AttachShader(p, a);
	gl.AttachShader(p, b);
	glt_assert_link_fails(p, why);
}

START_TEST(link_errors)
{
	char log[1024];
	GLint ok = 1, size[3];
	GLuint p = gl.CreateProgram(), c = glt_compile(GL_COMPUTE_SHADER, cs_global_id, &ok);
	GLuint v = glt_compile(GL_VERTEX_SHADER, vs_plain, &ok);

	/* a compute shader with any other stage */
	assert_link_fails(p, c, v, "other stages");
	gl.GetProgramiv(p, GL_COMPUTE_WORK_GROUP_SIZE, size);
	expect(GL_INVALID_OPERATION);
	/* no local size: compiles, does not link */
	gl.DeleteProgram(p);
	p = try_compute(HEAD "void main() {}\n", log, sizeof(log));
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_int_eq(ok, 0);
	ck_assert_ptr_nonnull(strstr(log, "local size"));
	gl.DeleteProgram(p);
	gl.DeleteShader(c);
	gl.DeleteShader(v);
}
END_TEST

/* A compute program of `decl` one past the limit `limit` does not link, and
 * its log names the limit; exactly at the limit it links. */
static void links_up_to(const char *fmt, GLenum limit, GLint per, const char *name)
{
	char src[512], log[1024];
	GLint ok = 0, n = glt_geti(limit) / per;
	GLuint p;

	for (GLint extra = 0; extra < 2; extra++) {
		snprintf(src, sizeof(src), fmt, n + extra, n + extra - 1);
		p = try_compute(src, log, sizeof(log));
		gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
		ck_assert_msg(ok == !extra, "%s with %d: link %d, log %s", name, n + extra, ok, log);
		ck_assert(!extra || strstr(log, name));
		gl.DeleteProgram(p);
	}
}

/* ES 3.1 table 20.47's shared memory and default block limits are link
 * errors (dEQP negative_coverage compute.exceed_*). */
START_TEST(limits_are_link_errors)
{
	links_up_to(HEAD "layout(local_size_x = 1) in;\nshared uint s[%d];\n"
		    "layout(std430, binding = 0) buffer B { uint v; };\n"
		    "void main() { s[%d] = 1u; v = s[0]; }\n",
		    GL_MAX_COMPUTE_SHARED_MEMORY_SIZE, 4, "GL_MAX_COMPUTE_SHARED_MEMORY_SIZE");
	links_up_to(HEAD "layout(local_size_x = 1) in;\nuniform highp uint u[%d];\n"
		    "layout(std430, binding = 0) buffer B { uint v; };\n"
		    "void main() { v = u[%d] + u[0]; }\n",
		    GL_MAX_COMPUTE_UNIFORM_COMPONENTS, 1, "GL_MAX_COMPUTE_UNIFORM_COMPONENTS");
}
END_TEST

/*
 * A fragment shader's buffer block links: the fragment stage has the
 * compute stage's storage buffers (its stores: test_gl_es31_stageres).
 */
START_TEST(fragment_ssbo_links)
{
	GLint ok = 1;
	GLuint p = gl.CreateProgram();
	GLuint v = glt_compile(GL_VERTEX_SHADER, vs_plain, &ok);
	GLuint f = glt_compile(GL_FRAGMENT_SHADER, HEAD "precision highp float;\n"
			   "layout(std430, binding = 0) buffer B { uint n; };\n"
			   "out vec4 c;\nvoid main() { atomicAdd(n, 1u); c = vec4(1.0); }\n", &ok);

	ck_assert_int_eq(ok, 1);
	ck_assert_int_eq(glt_geti(GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS),
			 glt_geti(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS));
	gl.AttachShader(p, v);
	gl.AttachShader(p, f);
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_int_eq(ok, 1);
	gl.DeleteProgram(p);
	gl.DeleteShader(v);
	gl.DeleteShader(f);
}
END_TEST

/* ---- ES 3.0 contexts ------------------------------------------------------------------- */

/* In a 3.0 context no compute shaders and no GLSL ES 3.10. */
START_TEST(es30_has_no_compute)
{
	GLint ok = 1;

	ck_assert_uint_eq(gl.CreateShader(GL_COMPUTE_SHADER), 0);
	expect(GL_INVALID_ENUM);
	gl.DeleteShader(glt_compile(GL_VERTEX_SHADER, vs_plain, &ok));
	ck_assert_int_eq(ok, 0);
	((PFNGLDISPATCHCOMPUTEPROC)glt_proc("glDispatchCompute"))(1, 1, 1);
	expect(GL_INVALID_OPERATION);
}
END_TEST

/* VIRTGL_ES_UPGRADE=1 answers an ES 3.0 request with 3.1 or, where the
 * host has all it needs, 3.2 (as EGL allows and Mesa does; test_gl_es32
 * says which); without it the request stays 3.0. Read back through
 * GL_VERSION. */
START_TEST(es30_request_upgraded)
{
	struct vgl_context_info ci = { .major = 3, .minor = 0 };
	const char *want[] = { "OpenGL ES 3.0 ", "OpenGL ES 3.1 ", "OpenGL ES 3.2 " };

	for (int i = 0; i < 2; i++) {
		struct vgl_context *c = NULL;
		const char *v;

		if (i)
			setenv("VIRTGL_ES_UPGRADE", "1", 1);
		else
			unsetenv("VIRTGL_ES_UPGRADE");
		ck_assert_int_eq(vgl_context_create(G.dev, &ci, &c), VGL_OK);
		ck_assert_int_eq(vgl_make_current(c, NULL, NULL), VGL_OK);
		v = (const char *)gl.GetString(GL_VERSION);
		ck_assert_msg(v && (strncmp(v, want[i], strlen(want[i])) == 0 ||
				    (i == 1 && strncmp(v, want[2], strlen(want[2])) == 0)),
			      "upgrade %d: %s", i, v);
		ck_assert_int_eq(vgl_make_current(G.ctx, NULL, NULL), VGL_OK);
		vgl_context_destroy(c);
	}
	unsetenv("VIRTGL_ES_UPGRADE");
}
END_TEST

/* ---- arrays of arrays (ES 3.10 §4.1.9) --------------------------------------------------- */

static const char cs_aoa[] = HEAD
	"layout(local_size_x = 1) in;\n"
	"uniform uint u[2][3];\n"
	"layout(std140, binding = 1) uniform U { uint m[2][2]; } ub;\n"
	"layout(std430, binding = 0) buffer Out { uint n; uint data[][3]; } o;\n"
	"uint sum(uint x[2][3]) { uint s = 0u;\n"
	"  for (int i = 0; i < 2; i++) for (int j = 0; j < 3; j++) s += x[i][j]; return s; }\n"
	"void main() {\n"
	"  uint a[2][3] = u;\n"
	"  uint[3] c[2] = uint[][](uint[](1u, 2u, 3u), uint[](4u, 5u, 6u));\n"
	"  o.n = uint(o.data.length()) * 100u + uint(o.data[0].length());\n"
	"  for (int i = 0; i < 2; i++) for (int j = 0; j < 3; j++)\n"
	"    o.data[i][j] = a[i][j] * 10u + c[i][j];\n"
	"  o.data[2][0] = sum(u); o.data[2][1] = ub.m[1][0]; o.data[2][2] = a == u ? 1u : 0u;\n"
	"}\n";

static GLint resource_prop(GLuint p, GLenum iface, const char *name, GLenum prop)
{
	GLuint i = ((PFNGLGETPROGRAMRESOURCEINDEXPROC)glt_proc("glGetProgramResourceIndex"))(
		p, iface, name);
	GLint v = -1;

	ck_assert_msg(i != GL_INVALID_INDEX, "no resource '%s'", name);
	((PFNGLGETPROGRAMRESOURCEIVPROC)glt_proc("glGetProgramResourceiv"))(p, iface, i, 1, &prop,
									  1, NULL, &v);
	return v;
}

/* GL lists an array of arrays per innermost array ("u[1][0]", found as
 * "u[1]" too); a buffer's top-level array only by its first element, with
 * the outer level as GL_TOP_LEVEL_ARRAY_* (ES 3.1 §7.3.1.1). */
static void check_aoa_reflection(GLuint p)
{
	GLuint (*index)(GLuint, GLenum, const GLchar *) =
		(PFNGLGETPROGRAMRESOURCEINDEXPROC)glt_proc("glGetProgramResourceIndex");

	ck_assert_int_eq(gl.GetUniformLocation(p, "u[1][2]"), gl.GetUniformLocation(p, "u[1]") + 2);
	ck_assert_int_eq(gl.GetUniformLocation(p, "u[1][0]"), gl.GetUniformLocation(p, "u[1]"));
	ck_assert_int_eq(gl.GetUniformLocation(p, "u[1][3]"), -1);
	ck_assert_int_eq(resource_prop(p, GL_UNIFORM, "u[1][0]", GL_ARRAY_SIZE), 3);
	ck_assert_int_eq(resource_prop(p, GL_UNIFORM, "U.m[1][0]", GL_OFFSET), 32);
	ck_assert_int_eq(resource_prop(p, GL_BUFFER_VARIABLE, "Out.data[0][0]", GL_ARRAY_STRIDE), 4);
	ck_assert_int_eq(resource_prop(p, GL_BUFFER_VARIABLE, "Out.data[0][0]",
				       GL_TOP_LEVEL_ARRAY_STRIDE), 12);
	ck_assert_int_eq(resource_prop(p, GL_BUFFER_VARIABLE, "Out.data[0][0]",
				       GL_TOP_LEVEL_ARRAY_SIZE), 0);
	ck_assert_uint_eq(index(p, GL_BUFFER_VARIABLE, "Out.data[1][0]"), GL_INVALID_INDEX);
}

/* Declarations, constructors, length() per level, copies, comparisons and
 * parameters of arrays of arrays; uniforms set per innermost array, a
 * uniform block's and a buffer's members. */
START_TEST(arrays_of_arrays)
{
	static const GLuint row0[3] = { 1, 2, 3 }, row1[3] = { 4, 5, 6 };
	/* n = 3 rows * 100 + 3; u * 10 + c; sum(u); m[1][0]; a == u */
	static const uint32_t want[10] = { 303, 11, 22, 33, 44, 55, 66, 21, 9, 1 };
	PFNGLUNIFORM1UIVPROC set = (PFNGLUNIFORM1UIVPROC)glt_proc("glUniform1uiv");
	GLuint p = compute_program(cs_aoa), b = glt_ssbo(10, 0), ub;
	uint32_t block[16] = { 0 };
	const uint32_t *w;

	block[8] = 9;   /* std140: m[1][0] at byte 32 */
	gl.GenBuffers(1, &ub);
	gl.BindBuffer(GL_UNIFORM_BUFFER, ub);
	gl.BufferData(GL_UNIFORM_BUFFER, sizeof(block), block, GL_STATIC_DRAW);
	gl.BindBufferBase(GL_UNIFORM_BUFFER, 1, ub);
	check_aoa_reflection(p);
	set(gl.GetUniformLocation(p, "u[0]"), 3, row0);
	set(gl.GetUniformLocation(p, "u[1][0]"), 3, row1);
	cs.DispatchCompute(1, 1, 1);
	cs.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	w = glt_map_ssbo(b, 10);
	for (uint32_t i = 0; i < 10; i++)
		ck_assert_msg(w[i] == want[i], "word %u = %u", i, w[i]);
	glt_unmap_ssbo();
	gl.DeleteBuffers(1, &ub);
	delete_buffer_and_program(b, p);
}
END_TEST

/* An array of arrays of buffer blocks: one block per element at
 * consecutive bindings, named "Out[i][j]" in row order. */
START_TEST(block_arrays_of_arrays)
{
	GLuint p = compute_program(HEAD "layout(local_size_x = 1) in;\n"
				   "layout(std430, binding = 0) buffer Out { uint r[2]; } o[2][2];\n"
				   "void main() { o[0][0].r[1] = 1u; o[0][1].r[1] = 2u;\n"
				   "  o[1][0].r[1] = 11u; o[1][1].r[1] = 12u; }\n");
	GLuint b[4];

	for (uint32_t i = 0; i < 4; i++)
		b[i] = glt_ssbo(2, 0);   /* each bound at 0 */
	for (uint32_t i = 0; i < 4; i++)
		gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, i, b[i]);
	ck_assert_int_eq(resource_prop(p, GL_SHADER_STORAGE_BLOCK, "Out[1][0]", GL_BUFFER_BINDING),
			 2);
	cs.DispatchCompute(1, 1, 1);
	cs.MemoryBarrier(GL_BUFFER_UPDATE_BARRIER_BIT);
	for (uint32_t i = 0; i < 4; i++) {
		const uint32_t *w = glt_map_ssbo(b[i], 2);

		ck_assert_uint_eq(w[1], 10 * (i / 2) + i % 2 + 1);
		glt_unmap_ssbo();
	}
	gl.DeleteBuffers(4, b);
	gl.DeleteProgram(p);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}
END_TEST

/* A row-major matrix in a buffer: its column 0 is words 0 and 2 (the host
 * loads a channel from the address + 4 per channel, so each strided
 * channel is addressed 4 per channel lower). */
START_TEST(row_major_matrix_in_buffer)
{
	GLuint p = compute_program(HEAD "layout(local_size_x = 1) in;\n"
				   "layout(std430, row_major, binding = 0) buffer M { mat2 m[2][1]; "
				   "float o[4]; };\n"
				   "void main() { o[0] = m[1][0][0][0]; o[1] = m[1][0][0][1];\n"
				   "  vec2 c = m[1][0][1]; o[2] = c.x; o[3] = c.y; }\n");
	static const float want[4] = { 5.0f, 7.0f, 6.0f, 8.0f };
	GLuint b = glt_ssbo(12, 0);
	const float rows[8] = { 1, 2, 3, 4, 5, 6, 7, 8 };
	const float *w;

	gl.BufferSubData(GL_SHADER_STORAGE_BUFFER, 0, sizeof(rows), rows);
	cs.DispatchCompute(1, 1, 1);
	w = (const float *)glt_map_ssbo(b, 12);
	for (uint32_t i = 0; i < 4; i++)
		ck_assert_msg(w[8 + i] == want[i], "o[%u] = %f", i, w[8 + i]);
	glt_unmap_ssbo();
	delete_buffer_and_program(b, p);
}
END_TEST

/* Arrays of arrays are 3.10's: a 3.00 shader, and a 3.10 vertex input,
 * do not compile. */
START_TEST(arrays_of_arrays_refused)
{
	GLint ok = 1;

	gl.DeleteShader(glt_compile(GL_VERTEX_SHADER, "#version 300 es\n"
				    "void main() { float a[2][2]; gl_Position = vec4(a[1][1]); }\n",
				    &ok));
	ck_assert_int_eq(ok, 0);
	ok = 1;
	gl.DeleteShader(glt_compile(GL_VERTEX_SHADER, HEAD "in float a[2][2];\n"
				    "void main() { gl_Position = vec4(a[1][1]); }\n", &ok));
	ck_assert_int_eq(ok, 0);
}
END_TEST

/* A dispatch with three buffer blocks, their buffers deleted, then one with
 * one block: the host must not keep the deleted buffers bound in the slots
 * the second program leaves (virglrenderer binds every buffer it holds at a
 * dispatch, and a freed one dropped the context). */
static const char cs_three[] = HEAD "layout(local_size_x = 1) in;\n"
	"layout(std430, binding = 0) buffer A { uint a; };\n"
	"layout(std430, binding = 1) buffer B { uint b; };\n"
	"layout(std430, binding = 2) buffer C { uint c; };\n"
	"void main() { a = 1u; b = 2u; c = 3u; }\n";
static const char cs_one[] = HEAD "layout(local_size_x = 1) in;\n"
	"layout(std430, binding = 0) buffer A { uint a; };\n"
	"void main() { a = 42u; }\n";

START_TEST(stale_buffer_slots)
{
	GLuint bufs[3], b;
	const uint32_t *w;

	for (int round = 0; round < 3; round++) {
		glt_compute_program(cs_three);
		for (GLuint i = 0; i < 3; i++) {
			bufs[i] = glt_buffer(GL_SHADER_STORAGE_BUFFER, (const uint32_t[]){ 0 }, 4);
			gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, i, bufs[i]);
		}
		cs.DispatchCompute(1, 1, 1);
		gl.Finish();
		gl.DeleteBuffers(3, bufs);
		glt_compute_program(cs_one);
		b = glt_ssbo(1, 0);
		cs.DispatchCompute(1, 1, 1);
		w = glt_map_ssbo(b, 1);
		ck_assert_uint_eq(w[0], 42);
		glt_unmap_ssbo();
		gl.DeleteBuffers(1, &b);
	}
}
END_TEST

static Suite *compute_suite(void)
{
	Suite *s = suite_create("gl compute");
	TCase *tc = tcase_create("es31");
	TCase *t30 = tcase_create("es30");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, global_id_written_to_ssbo);
	tcase_add_test(tc, shared_memory_reduction);
	tcase_add_test(tc, atomic_add_counts_every_invocation);
	tcase_add_test(tc, dispatch_indirect);
	tcase_add_test(tc, ssbo_bound_range_with_offset);
	tcase_add_test(tc, uniform_reaches_compute);
	tcase_add_test(tc, bits_builtins);
	tcase_add_test(tc, carry_borrow_and_extended_products);
	tcase_add_test(tc, slices_of_a_3d_dispatch);
	tcase_add_loop_test(tc, uniform_types_reach_compute, 0,
			    uc_count);
	tcase_add_test(tc, depth_range_reaches_compute);
	tcase_add_test(tc, work_group_size_and_limits);
	tcase_add_test(tc, work_group_limit_constants);
	tcase_add_test(tc, limits_are_link_errors);
	tcase_add_test(tc, dispatch_errors);
	tcase_add_test(tc, barrier_and_binding_errors);
	tcase_add_test(tc, link_errors);
	tcase_add_test(tc, fragment_ssbo_links);
	tcase_add_test(tc, arrays_of_arrays);
	tcase_add_test(tc, arrays_of_arrays_refused);
	tcase_add_test(tc, block_arrays_of_arrays);
	tcase_add_test(tc, row_major_matrix_in_buffer);
	tcase_add_test(tc, stale_buffer_slots);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(t30, glt_setup, glt_teardown);
	tcase_add_test(t30, es30_has_no_compute);
	tcase_add_test(t30, es30_request_upgraded);
	suite_add_tcase(s, t30);
	return s;
}

int main(void)
{
	return glt_main(compute_suite);
}
