/* SPDX-License-Identifier: MIT */
#include "uniform_cases.h"

#include <string.h>

#include "gl_test_util.h"

/* Not integers, some below 1 and some negative: a value rounded or
 * converted on its way shows. */
const GLfloat uc_floats[UC_MAX_WORDS] = {
	0.25f, 0.5f, 0.75f, 2.0f, -1.5f, 3.125f, 1e-3f, 65536.5f,
	-0.0625f, 7.0f, 0.1f, -2.75f, 1e6f, 0.3f, -8.5f, 0.875f
};
static const GLint uc_ints[4] = { -1, 2, -300000, 2147483647 };

#define PROC(type, name) ((type)glt_proc(name))

static void set_float(GLint loc) { gl.Uniform1f(loc, uc_floats[0]); }
static void set_vec2(GLint loc) { PROC(PFNGLUNIFORM2FVPROC, "glUniform2fv")(loc, 1, uc_floats); }
static void set_vec3(GLint loc) { PROC(PFNGLUNIFORM3FVPROC, "glUniform3fv")(loc, 1, uc_floats); }
static void set_vec4(GLint loc) { gl.Uniform4fv(loc, 1, uc_floats); }
static void set_mat4(GLint loc) { gl.UniformMatrix4fv(loc, 1, GL_FALSE, uc_floats); }
static void set_mat3(GLint loc)
{
	PROC(PFNGLUNIFORMMATRIX3FVPROC, "glUniformMatrix3fv")(loc, 1, GL_FALSE, uc_floats);
}
static void set_float_array(GLint loc)
{
	PROC(PFNGLUNIFORM1FVPROC, "glUniform1fv")(loc, 3, uc_floats);
}
static void set_vec2_array(GLint loc)
{
	PROC(PFNGLUNIFORM2FVPROC, "glUniform2fv")(loc, 3, uc_floats);
}
static void set_int(GLint loc) { gl.Uniform1i(loc, uc_ints[2]); }
static void set_ivec4(GLint loc) { PROC(PFNGLUNIFORM4IVPROC, "glUniform4iv")(loc, 1, uc_ints); }
static void set_uvec3(GLint loc)
{
	PROC(PFNGLUNIFORM3UIPROC, "glUniform3ui")(loc, 7u, 0x80000000u, 0xfffffffeu);
}
static void set_bool(GLint loc) { gl.Uniform1i(loc, 1); }
static void set_bvec4(GLint loc) { PROC(PFNGLUNIFORM4IPROC, "glUniform4i")(loc, 0, 1, 1, 0); }

/* Cases whose words are the floats uc_floats[0..n), or the ints given. */
#define FLOATS(name, decl, body, set, n) { name, decl, body, set, n, false, { 0 } }
#define INTS(name, decl, body, set, n, ...) { name, decl, body, set, n, true, { __VA_ARGS__ } }

const struct uniform_case uc_cases[] = {
	FLOATS("float", "uniform float u;\n", "put(0, u);", set_float, 1),
	FLOATS("vec2", "uniform vec2 u;\n", "put(0, u.x); put(1, u.y);", set_vec2, 2),
	FLOATS("vec3", "uniform vec3 u;\n", "put(0, u.x); put(1, u.y); put(2, u.z);", set_vec3, 3),
	FLOATS("vec4", "uniform vec4 u;\n", "put(0, u.x); put(1, u.y); put(2, u.z); put(3, u.w);",
	       set_vec4, 4),
	/* through a temporary, as a whole vector */
	FLOATS("vec4 copied", "uniform vec4 u;\n",
	       "vec4 t = u; for (int i = 0; i < 4; i++) put(i, t[i]);", set_vec4, 4),
	FLOATS("mat3", "uniform mat3 u;\n",
	       "for (int c = 0; c < 3; c++) for (int r = 0; r < 3; r++) put(c * 3 + r, u[c][r]);",
	       set_mat3, 9),
	FLOATS("mat4", "uniform mat4 u;\n",
	       "for (int c = 0; c < 4; c++) for (int r = 0; r < 4; r++) put(c * 4 + r, u[c][r]);",
	       set_mat4, 16),
	FLOATS("float[3]", "uniform float u[3];\n", "for (int i = 0; i < 3; i++) put(i, u[i]);",
	       set_float_array, 3),
	FLOATS("vec2[3]", "uniform vec2 u[3];\n",
	       "for (int i = 0; i < 3; i++) { put(2 * i, u[i].x); put(2 * i + 1, u[i].y); }",
	       set_vec2_array, 6),
	INTS("int", "uniform int u;\n", "puti(0, u);", set_int, 1, -300000),
	INTS("ivec4", "uniform ivec4 u;\n", "puti(0, u.x); puti(1, u.y); puti(2, u.z); puti(3, u.w);",
	     set_ivec4, 4, -1, 2, -300000, 2147483647),
	INTS("uvec3", "uniform uvec3 u;\n",
	     "puti(0, int(u.x)); puti(1, int(u.y)); puti(2, int(u.z));", set_uvec3, 3, 7,
	     (GLint)0x80000000u, -2),
	INTS("bool", "uniform bool u;\n", "puti(0, u ? 5 : 9);", set_bool, 1, 5),
	INTS("bvec4", "uniform bvec4 u;\n", "for (int i = 0; i < 4; i++) puti(i, u[i] ? 5 : 9);",
	     set_bvec4, 4, 9, 5, 5, 9),
};
const int uc_count = (int)(sizeof(uc_cases) / sizeof(uc_cases[0]));

void uc_assert_words(const struct uniform_case *c, const uint32_t *w, uint32_t have)
{
	for (uint32_t i = 0; i < c->n; i++) {
		uint32_t want;

		if (c->ints)
			want = (uint32_t)c->want_i[i];
		else
			memcpy(&want, &uc_floats[i], 4);
		ck_assert_msg(w[i] == want, "%s: word %u = 0x%08x, want 0x%08x", c->name, i, w[i],
			      want);
	}
	if (c->n < have)
		ck_assert_msg(w[c->n] == UC_FILL, "%s: stored past its values", c->name);
}
