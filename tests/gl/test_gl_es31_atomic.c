/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 atomic counter buffers in GL (development contexts:
 * VIRTGL_DEV_ES31=1): the limits (compute counters lowered to storage
 * buffers, none for vertex and fragment shaders), GL_ATOMIC_COUNTER_BUFFER
 * as a plain target (data in and out), glBindBufferBase/Range's points and
 * their errors (ES 3.1 §6.1.1: offset a multiple of 4, index below
 * GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS), the indexed binding state, a
 * deleted buffer leaving the points, glMemoryBarrier's counter bit.
 */
#include <GLES3/gl31.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define AC_FUNCS(X) \
	X(GetIntegeri_v, GETINTEGERI_V) X(GetInteger64i_v, GETINTEGER64I_V) \
	X(MemoryBarrier, MEMORYBARRIER) X(MapBufferRange, MAPBUFFERRANGE) \
	X(UnmapBuffer, UNMAPBUFFER)

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

/* ES 3.1's minimums where counters reach (compute), 0 where they do not yet. */
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
	ck_assert_int_eq(glt_geti(GL_MAX_VERTEX_ATOMIC_COUNTER_BUFFERS), 0);
	ck_assert_int_eq(glt_geti(GL_MAX_FRAGMENT_ATOMIC_COUNTER_BUFFERS), 0);
	ck_assert_int_eq(glt_geti(GL_MAX_VERTEX_ATOMIC_COUNTERS), 0);
	ck_assert_int_eq(glt_geti(GL_MAX_FRAGMENT_ATOMIC_COUNTERS), 0);
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
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	/* development only: ES 3.1 is incomplete and not advertised */
	setenv("VIRTGL_DEV_ES31", "1", 1);
	return glt_main(atomic_suite);
}
