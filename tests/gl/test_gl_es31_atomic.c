/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 atomic counter buffers in GL:
 * the limits (counters lowered to storage buffers; the
 * vertex and fragment stages' in test_gl_es31_stageres), GL_ATOMIC_COUNTER_BUFFER
 * as a plain target (data in and out), glBindBufferBase/Range's points and
 * their errors (ES 3.1 §6.1.1: offset a multiple of 4, index below
 * GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS), the indexed binding state, a
 * deleted buffer leaving the points, glMemoryBarrier's counter bit; and
 * counters in compute shaders: N invocations incrementing one (the buffer
 * holds N after, each invocation got a different value), decrementing,
 * counters at offsets in one buffer and in two bindings, an array of them
 * indexed by a uniform, a binding's
 * glBindBufferRange offset (also one the host's storage buffers cannot start
 * at, staged), what the program interface says of them.
 */
#include <GLES3/gl31.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define AC_FUNCS(X) \
	X(GetIntegeri_v, GETINTEGERI_V) X(GetInteger64i_v, GETINTEGER64I_V) \
	X(MemoryBarrier, MEMORYBARRIER) X(MapBufferRange, MAPBUFFERRANGE) \
	X(UnmapBuffer, UNMAPBUFFER) X(GetProgramInterfaceiv, GETPROGRAMINTERFACEIV) \
	X(GetProgramResourceiv, GETPROGRAMRESOURCEIV) \
	X(GetProgramResourceIndex, GETPROGRAMRESOURCEINDEX)

#define AC_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	AC_FUNCS(AC_MEMBER)
} ac;
#undef AC_MEMBER

static void setup(void)
{
	glt_setup_version(3, 1);
#define AC_LOAD(n, N) ac.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	AC_FUNCS(AC_LOAD)
#undef AC_LOAD
}

static void expect(GLenum err)
{
	ck_assert_int_eq(gl.GetError(), err);
}

static GLint point(GLenum target, GLuint index)
{
	GLint v = -1;

	ac.GetIntegeri_v(target, index, &v);
	return v;
}

static void assert_point(GLuint index, GLint name, GLint start, GLint size)
{
	ck_assert_int_eq(point(GL_ATOMIC_COUNTER_BUFFER_BINDING, index), name);
	ck_assert_int_eq(point(GL_ATOMIC_COUNTER_BUFFER_START, index), start);
	ck_assert_int_eq(point(GL_ATOMIC_COUNTER_BUFFER_SIZE, index), size);
	expect(GL_NO_ERROR);
}

/* ES 3.1's minimums for compute shaders; fragment shaders have as many,
 * vertex shaders the bindings of the host's other-stage buffers. */
START_TEST(limits)
{
	GLint bindings = glt_geti(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS);

	ck_assert_int_ge(bindings, 1);
	ck_assert_int_le(bindings, glt_geti(GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS));
	ck_assert_int_eq(glt_geti(GL_MAX_COMPUTE_ATOMIC_COUNTER_BUFFERS), bindings);
	ck_assert_int_eq(glt_geti(GL_MAX_COMBINED_ATOMIC_COUNTER_BUFFERS), bindings);
	ck_assert_int_ge(glt_geti(GL_MAX_COMPUTE_ATOMIC_COUNTERS), 8);
	ck_assert_int_ge(glt_geti(GL_MAX_COMBINED_ATOMIC_COUNTERS), 8);
	ck_assert_int_ge(glt_geti(GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE), 32);
	ck_assert_int_le(glt_geti(GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS), bindings);
	ck_assert_int_eq(glt_geti(GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS), bindings);
	ck_assert_int_le(glt_geti(GL_MAX_VERTEX_ATOMIC_COUNTERS),
			 glt_geti(GL_MAX_COMPUTE_ATOMIC_COUNTERS));
	ck_assert_int_eq(glt_geti(GL_MAX_FRAGMENT_ATOMIC_COUNTERS),
			 glt_geti(GL_MAX_COMPUTE_ATOMIC_COUNTERS));
	ck_assert_int_eq(glt_geti(GL_ATOMIC_COUNTER_BUFFER_BINDING), 0);
	expect(GL_NO_ERROR);
}
END_TEST

/* The target holds data like any other: written by glBufferData, read by a map. */
START_TEST(target_data)
{
	static const uint32_t init[4] = { 1, 2, 3, 0xfffffffeu };
	GLuint b = glt_buffer(GL_ATOMIC_COUNTER_BUFFER, init, sizeof(init));
	const uint32_t *p;

	ck_assert_int_eq(glt_geti(GL_ATOMIC_COUNTER_BUFFER_BINDING), (GLint)b);
	p = ac.MapBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, sizeof(init), GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(p);
	ck_assert_mem_eq(p, init, sizeof(init));
	ck_assert(ac.UnmapBuffer(GL_ATOMIC_COUNTER_BUFFER));
	expect(GL_NO_ERROR);
	gl.DeleteBuffers(1, &b);
	ck_assert_int_eq(glt_geti(GL_ATOMIC_COUNTER_BUFFER_BINDING), 0);
}
END_TEST

/* Base and range bindings set the point and the generic binding; 0 clears. */
START_TEST(binding_state)
{
	GLuint b = glt_buffer(GL_ATOMIC_COUNTER_BUFFER, NULL, 64);
	GLint last = glt_geti(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS) - 1;
	GLint64 v = -1;

	assert_point(0, 0, 0, 0);
	gl.BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, b);
	assert_point(0, (GLint)b, 0, 0);
	gl.BindBufferRange(GL_ATOMIC_COUNTER_BUFFER, (GLuint)last, b, 12, 20);
	assert_point((GLuint)last, (GLint)b, 12, 20);
	ac.GetInteger64i_v(GL_ATOMIC_COUNTER_BUFFER_SIZE, (GLuint)last, &v);
	ck_assert_int_eq(v, 20);
	gl.BindBuffer(GL_ATOMIC_COUNTER_BUFFER, 0);
	gl.BindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, b, 4, 8);
	ck_assert_int_eq(glt_geti(GL_ATOMIC_COUNTER_BUFFER_BINDING), (GLint)b);
	assert_point(0, (GLint)b, 4, 8);
	gl.BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, 0, 0);
	assert_point(0, 0, 0, 0);
	/* deleting the buffer takes it off every point */
	gl.DeleteBuffers(1, &b);
	ck_assert_int_eq(point(GL_ATOMIC_COUNTER_BUFFER_BINDING, (GLuint)last), 0);
	ck_assert_int_eq(glt_geti(GL_ATOMIC_COUNTER_BUFFER_BINDING), 0);
}
END_TEST

START_TEST(bind_errors)
{
	GLuint b = glt_buffer(GL_ATOMIC_COUNTER_BUFFER, NULL, 64);
	GLuint n = (GLuint)glt_geti(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS);

	gl.BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, n, b);
	expect(GL_INVALID_VALUE);
	gl.BindBufferRange(GL_ATOMIC_COUNTER_BUFFER, n, b, 0, 4);
	expect(GL_INVALID_VALUE);
	gl.BindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, b, 2, 4);  /* offset not a multiple of 4 */
	expect(GL_INVALID_VALUE);
	gl.BindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, b, 0, 0);
	expect(GL_INVALID_VALUE);
	gl.BindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, b, -4, 4);
	expect(GL_INVALID_VALUE);
	assert_point(0, 0, 0, 0);
	point(GL_ATOMIC_COUNTER_BUFFER_BINDING, n);
	expect(GL_INVALID_VALUE);
	point(GL_ATOMIC_COUNTER_BUFFER_START, n);
	expect(GL_INVALID_VALUE);
	point(GL_ATOMIC_COUNTER_BUFFER_SIZE, n);
	expect(GL_INVALID_VALUE);
	ac.MemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT);
	expect(GL_NO_ERROR);
	gl.DeleteBuffers(1, &b);
}
END_TEST

/* ---- counters in compute shaders ------------------------------------------------------- */

#define HEAD "#version 310 es\n"
#define N 64   /* invocations: 4 groups of 16 */

/* A counter buffer of n words of `fill` at GL_ATOMIC_COUNTER_BUFFER point `index`. */
static GLuint counters(GLuint index, uint32_t n, uint32_t fill)
{
	uint32_t data[64];
	GLuint b;

	ck_assert_uint_le(n, 64);
	for (uint32_t i = 0; i < n; i++)
		data[i] = fill;
	b = glt_buffer(GL_ATOMIC_COUNTER_BUFFER, data, n * 4);
	gl.BindBufferBase(GL_ATOMIC_COUNTER_BUFFER, index, b);
	return b;
}

static void dispatch(void)
{
	((PFNGLDISPATCHCOMPUTEPROC)glt_proc("glDispatchCompute"))(N / 16, 1, 1);
	expect(GL_NO_ERROR);
	ac.MemoryBarrier(GL_ATOMIC_COUNTER_BARRIER_BIT | GL_SHADER_STORAGE_BARRIER_BIT);
}

static uint32_t word(GLuint b, uint32_t i)
{
	uint32_t v = glt_map_ssbo(b, i + 1)[i];

	glt_unmap_ssbo();
	return v;
}

/* The values the invocations got (the SSBO) are first .. first + N - 1, each once. */
static void assert_each_once(GLuint out, uint32_t first)
{
	const uint32_t *v = glt_map_ssbo(out, N);
	bool seen[N] = { false };

	for (uint32_t i = 0; i < N; i++) {
		ck_assert_msg(v[i] >= first && v[i] - first < N, "invocation %u got %u", i, v[i]);
		ck_assert_msg(!seen[v[i] - first], "%u returned twice", v[i]);
		seen[v[i] - first] = true;
	}
	glt_unmap_ssbo();
}

static const char cs_increment[] = HEAD
	"layout(local_size_x = 16) in;\n"
	"layout(binding = 0) uniform atomic_uint c;\n"
	"layout(std430, binding = 0) buffer Out { uint got[]; };\n"
	"void main() { got[gl_GlobalInvocationID.x] = atomicCounterIncrement(c); }\n";

START_TEST(increment_counts_invocations)
{
	GLuint p = glt_compute_program(cs_increment), c = counters(0, 1, 0), out = glt_ssbo(N, ~0u);

	dispatch();
	ck_assert_uint_eq(word(c, 0), N);
	assert_each_once(out, 0);
	gl.DeleteProgram(p);
}
END_TEST

static const char cs_decrement[] = HEAD
	"layout(local_size_x = 16) in;\n"
	"layout(binding = 0) uniform atomic_uint c;\n"
	"layout(std430, binding = 0) buffer Out { uint got[]; };\n"
	"void main() { got[gl_GlobalInvocationID.x] = atomicCounterDecrement(c); }\n";

/* atomicCounterDecrement returns the value after: 100 - N .. 99. */
START_TEST(decrement_returns_the_value_after)
{
	GLuint p = glt_compute_program(cs_decrement), c = counters(0, 1, 100), out = glt_ssbo(N, ~0u);

	dispatch();
	ck_assert_uint_eq(word(c, 0), 100 - N);
	assert_each_once(out, 100 - N);
	gl.DeleteProgram(p);
}
END_TEST

static const char cs_offsets[] = HEAD
	"layout(local_size_x = 16) in;\n"
	"layout(binding = 0, offset = 8) uniform atomic_uint up;\n"
	"layout(binding = 0) uniform atomic_uint down[2];\n"
	"layout(binding = 0, offset = 0) uniform atomic_uint seen;\n"
	"layout(std430, binding = 0) buffer Out { uint got[]; };\n"
	"void main() {\n"
	"  atomicCounterIncrement(up);\n"
	"  atomicCounterDecrement(down[1]);\n"
	"  got[gl_GlobalInvocationID.x] = atomicCounter(seen);\n"
	"}\n";

/* up at byte 8, down[] right after it (12, 16), seen at 0; word 1 untouched. */
START_TEST(counters_at_offsets_in_one_buffer)
{
	GLuint p = glt_compute_program(cs_offsets), c = counters(0, 6, 7), out = glt_ssbo(N, 0);
	const uint32_t *v;

	dispatch();
	v = glt_map_ssbo(c, 6);
	ck_assert_uint_eq(v[0], 7);
	ck_assert_uint_eq(v[1], 7);
	ck_assert_uint_eq(v[2], 7 + N);
	ck_assert_uint_eq(v[3], 7);
	ck_assert_uint_eq(v[4], (uint32_t)(7 - N));
	ck_assert_uint_eq(v[5], 7);
	glt_unmap_ssbo();
	ck_assert_uint_eq(word(out, N - 1), 7);
	gl.DeleteProgram(p);
}
END_TEST

/* No GL_EXT_gpu_shader5: ES 3.10 indexes counter arrays with dynamically
 * uniform expressions (piglit's glsl-es-3.10 fs-atomic-counter-layout). */
static const char cs_uniform_index[] = HEAD
	"layout(local_size_x = 16) in;\n"
	"layout(binding = 0, offset = 4) uniform atomic_uint c[3];\n"
	"uniform uint idx;\n"
	"layout(std430, binding = 0) buffer Out { uint got[]; };\n"
	"void main() { got[gl_GlobalInvocationID.x] = atomicCounterIncrement(c[idx]); }\n";

/* idx 2 then 0: words 3 then 1 count the invocations, the others stay. */
START_TEST(counter_array_uniform_index)
{
	GLuint p = glt_compute_program(cs_uniform_index), c = counters(0, 5, 3), out = glt_ssbo(N, ~0u);
	PFNGLUNIFORM1UIPROC uniform1ui = (PFNGLUNIFORM1UIPROC)glt_proc("glUniform1ui");
	const uint32_t *v;

	uniform1ui(gl.GetUniformLocation(p, "idx"), 2);
	dispatch();
	assert_each_once(out, 3);
	uniform1ui(gl.GetUniformLocation(p, "idx"), 0);
	dispatch();
	v = glt_map_ssbo(c, 5);
	ck_assert_uint_eq(v[0], 3);
	ck_assert_uint_eq(v[1], 3 + N);
	ck_assert_uint_eq(v[2], 3);
	ck_assert_uint_eq(v[3], 3 + N);
	ck_assert_uint_eq(v[4], 3);
	glt_unmap_ssbo();
	gl.DeleteProgram(p);
}
END_TEST

static const char cs_two_bindings[] = HEAD
	"layout(local_size_x = 16) in;\n"
	"layout(binding = 1, offset = 4) uniform atomic_uint b;\n"
	"layout(binding = 0) uniform atomic_uint a;\n"
	"layout(std430, binding = 0) buffer Out { uint got[]; };\n"
	"void main() {\n"
	"  uint x = atomicCounterIncrement(a);\n"
	"  if (x % 4u == 0u) atomicCounterIncrement(b);\n"
	"  got[gl_GlobalInvocationID.x] = x;\n"
	"}\n";

START_TEST(counters_in_two_bindings)
{
	GLint max = glt_geti(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS);
	GLuint p, a, b, out;

	if (max < 2)
		return;   /* a host with one storage buffer slot to spare */
	p = glt_compute_program(cs_two_bindings);
	a = counters(0, 1, 0);
	b = counters(1, 2, 0);
	out = glt_ssbo(N, ~0u);
	dispatch();
	ck_assert_uint_eq(word(a, 0), N);
	ck_assert_uint_eq(word(b, 0), 0);
	ck_assert_uint_eq(word(b, 1), N / 4);
	assert_each_once(out, 0);
	gl.DeleteProgram(p);
}
END_TEST

/* The counter at offset 0 of a range bound at byte `at`: word at / 4 of the buffer. */
static void range_at(GLintptr at)
{
	GLuint p = glt_compute_program(cs_increment), c = counters(0, 32, 5), out = glt_ssbo(N, ~0u);
	const uint32_t *v;

	gl.BindBufferRange(GL_ATOMIC_COUNTER_BUFFER, 0, c, at, 16);
	expect(GL_NO_ERROR);
	dispatch();
	expect(GL_NO_ERROR);
	v = glt_map_ssbo(c, 32);
	for (uint32_t i = 0; i < 32; i++)
		ck_assert_uint_eq(v[i], i == at / 4 ? 5 + N : 5);
	glt_unmap_ssbo();
	assert_each_once(out, 5);
	gl.DeleteProgram(p);
}

START_TEST(range_offset)
{
	range_at(glt_geti(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT));
}
END_TEST

/* A range at a multiple of 4 the host's storage buffers cannot start at
 * goes through a staging copy (vgl_atomic_counter.c): counted all the same. */
START_TEST(range_offset_below_host_alignment)
{
	range_at(4);
	range_at(glt_geti(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT) + 8);
}
END_TEST

START_TEST(unbound_counter_buffer_refused)
{
	GLuint p = glt_compute_program(cs_increment), out = glt_ssbo(N, 0);

	((PFNGLDISPATCHCOMPUTEPROC)glt_proc("glDispatchCompute"))(1, 1, 1);
	expect(GL_INVALID_OPERATION);
	gl.DeleteBuffers(1, &out);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- program interface ---------------------------------------------------------------- */

static const char cs_reflect[] = HEAD
	"layout(local_size_x = 1) in;\n"
	"layout(binding = 3, offset = 8) uniform atomic_uint up;\n"
	"layout(binding = 3) uniform atomic_uint down[2];\n"
	"layout(binding = 1) uniform atomic_uint lone;\n"
	"uniform uint plain;\n"
	"layout(std430, binding = 0) buffer Out { uint got; };\n"
	"void main() { got = atomicCounterIncrement(up) + atomicCounter(down[1]) +\n"
	"  atomicCounter(lone) + plain; }\n";

static GLint prop(GLuint p, GLenum iface, GLuint index, GLenum which)
{
	GLint v = -2;

	ac.GetProgramResourceiv(p, iface, index, 1, &which, 1, NULL, &v);
	expect(GL_NO_ERROR);
	return v;
}

static GLuint uniform_index(GLuint p, const char *name)
{
	GLuint i = ac.GetProgramResourceIndex(p, GL_UNIFORM, name);

	ck_assert_msg(i != GL_INVALID_INDEX, "no uniform %s", name);
	return i;
}

/* The counter uniform's properties, and that its buffer lists it. */
static void assert_counter(GLuint p, const char *name, GLint offset, GLint size,
			   GLint buffer_binding)
{
	GLuint u = uniform_index(p, name), buf;
	GLint vars[4] = { -1, -1, -1, -1 }, n, found = 0;
	GLenum active = GL_ACTIVE_VARIABLES;

	ck_assert_int_eq(prop(p, GL_UNIFORM, u, GL_TYPE), GL_UNSIGNED_INT_ATOMIC_COUNTER);
	ck_assert_int_eq(prop(p, GL_UNIFORM, u, GL_OFFSET), offset);
	ck_assert_int_eq(prop(p, GL_UNIFORM, u, GL_ARRAY_SIZE), size);
	ck_assert_int_eq(prop(p, GL_UNIFORM, u, GL_ARRAY_STRIDE), size > 1 ? 4 : 0);
	ck_assert_int_eq(prop(p, GL_UNIFORM, u, GL_BLOCK_INDEX), -1);
	ck_assert_int_eq(prop(p, GL_UNIFORM, u, GL_LOCATION), -1);
	ck_assert_int_eq(gl.GetUniformLocation(p, name), -1);
	buf = (GLuint)prop(p, GL_UNIFORM, u, GL_ATOMIC_COUNTER_BUFFER_INDEX);
	ck_assert_int_eq(prop(p, GL_ATOMIC_COUNTER_BUFFER, buf, GL_BUFFER_BINDING), buffer_binding);
	n = prop(p, GL_ATOMIC_COUNTER_BUFFER, buf, GL_NUM_ACTIVE_VARIABLES);
	ck_assert_int_le(n, 4);
	ac.GetProgramResourceiv(p, GL_ATOMIC_COUNTER_BUFFER, buf, 1, &active, 4, NULL, vars);
	for (GLint i = 0; i < n; i++)
		found += vars[i] == (GLint)u;
	ck_assert_int_eq(found, 1);
}

START_TEST(interface_queries)
{
	GLuint p;
	GLint v = -1;

	if (glt_geti(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS) < 4)
		return;
	p = glt_compute_program(cs_reflect);
	ac.GetProgramInterfaceiv(p, GL_ATOMIC_COUNTER_BUFFER, GL_ACTIVE_RESOURCES, &v);
	ck_assert_int_eq(v, 2);
	ac.GetProgramInterfaceiv(p, GL_ATOMIC_COUNTER_BUFFER, GL_MAX_NUM_ACTIVE_VARIABLES, &v);
	ck_assert_int_eq(v, 2);
	gl.GetProgramiv(p, GL_ACTIVE_ATOMIC_COUNTER_BUFFERS, &v);
	ck_assert_int_eq(v, 2);
	ac.GetProgramInterfaceiv(p, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES, &v);
	ck_assert_int_eq(v, 1);
	expect(GL_NO_ERROR);
	assert_counter(p, "up", 8, 1, 3);
	assert_counter(p, "down[0]", 12, 2, 3);
	assert_counter(p, "lone", 0, 1, 1);
	ck_assert_int_eq(prop(p, GL_UNIFORM, uniform_index(p, "plain"),
			      GL_ATOMIC_COUNTER_BUFFER_INDEX), -1);
	for (GLuint b = 0; b < 2; b++) {
		GLint binding = prop(p, GL_ATOMIC_COUNTER_BUFFER, b, GL_BUFFER_BINDING);

		/* binding 3 reaches byte 20 (down[1]), binding 1 byte 4 */
		ck_assert_int_eq(prop(p, GL_ATOMIC_COUNTER_BUFFER, b, GL_BUFFER_DATA_SIZE),
				 binding == 3 ? 20 : 4);
		ck_assert_int_eq(prop(p, GL_ATOMIC_COUNTER_BUFFER, b, GL_REFERENCED_BY_COMPUTE_SHADER),
				 1);
		ck_assert_int_eq(prop(p, GL_ATOMIC_COUNTER_BUFFER, b, GL_REFERENCED_BY_VERTEX_SHADER),
				 0);
	}
	ac.GetProgramResourceIndex(p, GL_ATOMIC_COUNTER_BUFFER, "up");
	expect(GL_INVALID_ENUM);
	gl.DeleteProgram(p);
}
END_TEST

static Suite *atomic_suite(void)
{
	Suite *s = suite_create("gl es31 atomic counters");
	TCase *tc = tcase_create("es31");

	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_set_timeout(tc, 120);
	tcase_add_test(tc, limits);
	tcase_add_test(tc, target_data);
	tcase_add_test(tc, binding_state);
	tcase_add_test(tc, bind_errors);
	tcase_add_test(tc, increment_counts_invocations);
	tcase_add_test(tc, decrement_returns_the_value_after);
	tcase_add_test(tc, counters_at_offsets_in_one_buffer);
	tcase_add_test(tc, counters_in_two_bindings);
	tcase_add_test(tc, counter_array_uniform_index);
	tcase_add_test(tc, range_offset);
	tcase_add_test(tc, range_offset_below_host_alignment);
	tcase_add_test(tc, unbound_counter_buffer_refused);
	tcase_add_test(tc, interface_queries);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(atomic_suite);
}
