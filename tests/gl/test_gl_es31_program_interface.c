/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 program interface queries:
 * the resources of known programs (a vertex + fragment program with loose
 * uniforms, uniform blocks, inputs, outputs and captured varyings; a
 * compute program with buffer blocks laid out std430 and a std140 uniform
 * block) and every property the spec gives each interface, checked against
 * the values the layout rules give and against the ES 3.0 queries; then the
 * spec's errors.
 */
#include <GLES3/gl31.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

#define PI_FUNCS(X) \
	X(GetProgramInterfaceiv, GETPROGRAMINTERFACEIV) \
	X(GetProgramResourceIndex, GETPROGRAMRESOURCEINDEX) \
	X(GetProgramResourceName, GETPROGRAMRESOURCENAME) \
	X(GetProgramResourceiv, GETPROGRAMRESOURCEIV) \
	X(GetProgramResourceLocation, GETPROGRAMRESOURCELOCATION) \
	X(GetActiveUniformsiv, GETACTIVEUNIFORMSIV) \
	X(TransformFeedbackVaryings, TRANSFORMFEEDBACKVARYINGS) \
	X(GetUniformiv, GETUNIFORMIV)

#define PI_MEMBER(n, N) PFNGL##N##PROC n;
static struct {
	PI_FUNCS(PI_MEMBER)
} pi;
#undef PI_MEMBER

static void setup(void)
{
	glt_setup_version(3, 1);
#define PI_LOAD(n, N) pi.n = (PFNGL##N##PROC)glt_proc("gl" #n);
	PI_FUNCS(PI_LOAD)
#undef PI_LOAD
}

static void expect(GLenum e)
{
	ck_assert_int_eq(gl.GetError(), e);
}

/* ---- helpers ----------------------------------------------------------------------------------- */

static GLint iface_value(GLuint p, GLenum iface, GLenum pname)
{
	GLint v = -7;

	pi.GetProgramInterfaceiv(p, iface, pname, &v);
	return v;
}

static GLint prop(GLuint p, GLenum iface, GLuint index, GLenum property)
{
	GLint v = -7;
	GLsizei n = -1;

	pi.GetProgramResourceiv(p, iface, index, 1, &property, 1, &n, &v);
	ck_assert_int_eq(n, 1);
	return v;
}

/* The index of a named resource; asserts it exists. */
static GLuint index_of(GLuint p, GLenum iface, const char *name)
{
	GLuint i = pi.GetProgramResourceIndex(p, iface, name);

	ck_assert_msg(i != GL_INVALID_INDEX, "no resource %s", name);
	return i;
}

static GLint named_block_binding(GLuint p, const char *name)
{
	return prop(p, GL_UNIFORM_BLOCK, index_of(p, GL_UNIFORM_BLOCK, name), GL_BUFFER_BINDING);
}

/* A resource's name comes back as GL reports it, with its length. */
static void assert_name(GLuint p, GLenum iface, const char *name)
{
	GLuint i = index_of(p, iface, name);
	char buf[64];
	GLsizei len = -1;

	pi.GetProgramResourceName(p, iface, i, sizeof(buf), &len, buf);
	ck_assert_str_eq(buf, name);
	ck_assert_int_eq(len, (GLint)strlen(name));
	ck_assert_int_eq(prop(p, iface, i, GL_NAME_LENGTH), (GLint)strlen(name) + 1);
}

struct want {
	GLenum prop;
	GLint value;
};

#define WANT(...) (const struct want[]){ __VA_ARGS__, { 0, 0 } }

/* Every listed property of a named resource, in one call. */
static void assert_props(GLuint p, GLenum iface, const char *name, const struct want *w)
{
	GLenum props[32];
	GLint vals[32];
	GLsizei n = 0, len = -1;

	for (; w[n].prop; n++)
		props[n] = w[n].prop;
	pi.GetProgramResourceiv(p, iface, index_of(p, iface, name), n, props, 32, &len, vals);
	expect(GL_NO_ERROR);
	ck_assert_int_eq(len, n);
	for (GLsizei i = 0; i < n; i++)
		ck_assert_msg(vals[i] == w[i].value, "%s: property 0x%x = %d, want %d", name,
			      props[i], vals[i], w[i].value);
}

static GLuint link(GLuint p)
{
	GLint ok = 0;
	char log[512] = "";

	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
	ck_assert_msg(ok, "link failed: %s", log);
	return p;
}

static GLuint shader(GLenum type, const char *src)
{
	GLuint sh = gl.CreateShader(type);
	GLint ok = 0;

	gl.ShaderSource(sh, 1, &src, NULL);
	gl.CompileShader(sh);
	gl.GetShaderiv(sh, GL_COMPILE_STATUS, &ok);
	ck_assert_msg(ok, "shader did not compile");
	return sh;
}

static GLuint program_of(const char *const *srcs, const GLenum *types, unsigned n)
{
	GLuint p = gl.CreateProgram();

	for (unsigned i = 0; i < n; i++) {
		GLuint sh = shader(types[i], srcs[i]);

		gl.AttachShader(p, sh);
		gl.DeleteShader(sh);
	}
	return p;
}

/* ---- a graphics program ------------------------------------------------------------------------ */

static const char vs[] = "#version 310 es\n"
	"in vec4 pos;\n"
	"layout(location = 3) in vec2 uv;\n"
	"uniform mat4 mvp;\n"
	"uniform float scale[3];\n"
	"layout(std140, binding = 2) uniform Light { vec4 color; mat3 rot; float w[2]; } light;\n"
	"out vec2 v_uv;\n"
	"out vec4 v_extra;\n"
	"void main() {\n"
	"  gl_Position = mvp * pos * scale[1] + light.color + vec4(light.rot[0], light.w[1]);\n"
	"  v_uv = uv;\n"
	"  v_extra = pos;\n"
	"}\n";
static const char fs[] = "#version 310 es\n"
	"precision mediump float;\n"
	"in vec2 v_uv;\n"
	"in vec4 v_extra;\n"
	"uniform vec4 tint;\n"
	"uniform sampler2D tex;\n"
	"layout(std140) uniform Mat { vec4 diffuse; };\n"
	"layout(location = 0) out vec4 color;\n"
	"layout(location = 1) out vec4 extra;\n"
	"void main() {\n"
	"  color = texture(tex, v_uv) * tint + diffuse;\n"
	"  extra = v_extra;\n"
	"}\n";

static GLuint graphics(void)
{
	const char *srcs[] = { vs, fs };
	const GLenum types[] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };

	return link(program_of(srcs, types, 2));
}

START_TEST(uniforms_of_default_block)
{
	GLuint p = graphics();
	GLint mvp = gl.GetUniformLocation(p, "mvp"), scale = gl.GetUniformLocation(p, "scale");

	assert_name(p, GL_UNIFORM, "mvp");
	assert_name(p, GL_UNIFORM, "scale[0]");
	assert_props(p, GL_UNIFORM, "mvp", WANT({ GL_TYPE, GL_FLOAT_MAT4 }, { GL_ARRAY_SIZE, 1 },
		{ GL_OFFSET, -1 }, { GL_BLOCK_INDEX, -1 }, { GL_ARRAY_STRIDE, -1 },
		{ GL_MATRIX_STRIDE, -1 }, { GL_IS_ROW_MAJOR, 0 }, { GL_LOCATION, mvp },
		{ GL_ATOMIC_COUNTER_BUFFER_INDEX, -1 }, { GL_REFERENCED_BY_VERTEX_SHADER, 1 },
		{ GL_REFERENCED_BY_FRAGMENT_SHADER, 0 }, { GL_REFERENCED_BY_COMPUTE_SHADER, 0 }));
	assert_props(p, GL_UNIFORM, "scale", WANT({ GL_TYPE, GL_FLOAT }, { GL_ARRAY_SIZE, 3 },
		{ GL_LOCATION, scale }, { GL_NAME_LENGTH, 9 }));
	assert_props(p, GL_UNIFORM, "tint", WANT({ GL_TYPE, GL_FLOAT_VEC4 },
		{ GL_REFERENCED_BY_VERTEX_SHADER, 0 }, { GL_REFERENCED_BY_FRAGMENT_SHADER, 1 }));
	assert_props(p, GL_UNIFORM, "tex", WANT({ GL_TYPE, GL_SAMPLER_2D },
		{ GL_LOCATION, gl.GetUniformLocation(p, "tex") },
		{ GL_REFERENCED_BY_VERTEX_SHADER, 0 }, { GL_REFERENCED_BY_FRAGMENT_SHADER, 1 }));
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_UNIFORM, "scale[2]"), scale + 2);
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_UNIFORM, "mvp"), mvp);
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_UNIFORM, "scale[3]"), -1);
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_UNIFORM, "Light.color"), -1);
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_UNIFORM, "none"), -1);
	/* "scale" and "scale[0]" name the array; other elements and unknown names nothing */
	ck_assert_uint_eq(pi.GetProgramResourceIndex(p, GL_UNIFORM, "scale"),
			  pi.GetProgramResourceIndex(p, GL_UNIFORM, "scale[0]"));
	ck_assert_uint_eq(pi.GetProgramResourceIndex(p, GL_UNIFORM, "scale[1]"), GL_INVALID_INDEX);
	ck_assert_uint_eq(pi.GetProgramResourceIndex(p, GL_UNIFORM, "mvp[0]"), GL_INVALID_INDEX);
	ck_assert_uint_eq(pi.GetProgramResourceIndex(p, GL_UNIFORM, "none"), GL_INVALID_INDEX);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(uniform_blocks_and_members)
{
	GLuint p = graphics(), light = index_of(p, GL_UNIFORM_BLOCK, "Light");
	GLuint mat = index_of(p, GL_UNIFORM_BLOCK, "Mat");
	GLuint members[3] = { index_of(p, GL_UNIFORM, "Light.color"),
			      index_of(p, GL_UNIFORM, "Light.rot"),
			      index_of(p, GL_UNIFORM, "Light.w[0]") };
	const GLenum vars = GL_ACTIVE_VARIABLES;
	GLint got[4] = { -1, -1, -1, -1 };
	GLsizei len = 0;

	assert_name(p, GL_UNIFORM_BLOCK, "Light");
	assert_name(p, GL_UNIFORM, "Light.w[0]");
	assert_name(p, GL_UNIFORM, "diffuse");
	assert_props(p, GL_UNIFORM, "Light.rot", WANT({ GL_TYPE, GL_FLOAT_MAT3 },
		{ GL_OFFSET, 16 }, { GL_BLOCK_INDEX, (GLint)light }, { GL_ARRAY_STRIDE, 0 },
		{ GL_MATRIX_STRIDE, 16 }, { GL_IS_ROW_MAJOR, 0 }, { GL_LOCATION, -1 },
		{ GL_REFERENCED_BY_VERTEX_SHADER, 1 }, { GL_REFERENCED_BY_FRAGMENT_SHADER, 0 }));
	assert_props(p, GL_UNIFORM, "Light.w", WANT({ GL_TYPE, GL_FLOAT }, { GL_ARRAY_SIZE, 2 },
		{ GL_OFFSET, 64 }, { GL_ARRAY_STRIDE, 16 }, { GL_MATRIX_STRIDE, 0 }));
	assert_props(p, GL_UNIFORM, "diffuse", WANT({ GL_OFFSET, 0 },
		{ GL_BLOCK_INDEX, (GLint)mat }, { GL_REFERENCED_BY_FRAGMENT_SHADER, 1 }));
	/* std140: color 16, rot 3 columns of 16, w 2 x 16 */
	assert_props(p, GL_UNIFORM_BLOCK, "Light", WANT({ GL_BUFFER_BINDING, 2 },
		{ GL_BUFFER_DATA_SIZE, 96 }, { GL_NUM_ACTIVE_VARIABLES, 3 },
		{ GL_REFERENCED_BY_VERTEX_SHADER, 1 }, { GL_REFERENCED_BY_FRAGMENT_SHADER, 0 },
		{ GL_REFERENCED_BY_COMPUTE_SHADER, 0 }, { GL_NAME_LENGTH, 6 }));
	assert_props(p, GL_UNIFORM_BLOCK, "Mat", WANT({ GL_BUFFER_BINDING, 0 },
		{ GL_BUFFER_DATA_SIZE, 16 }, { GL_NUM_ACTIVE_VARIABLES, 1 }));
	pi.GetProgramResourceiv(p, GL_UNIFORM_BLOCK, light, 1, &vars, 4, &len, got);
	ck_assert_int_eq(len, 3);
	for (int i = 0; i < 3; i++)
		ck_assert_int_eq(got[i], (GLint)members[i]);
	ck_assert_int_eq(got[3], -1);
	ck_assert_int_eq(iface_value(p, GL_UNIFORM_BLOCK, GL_ACTIVE_RESOURCES), 2);
	ck_assert_int_eq(iface_value(p, GL_UNIFORM_BLOCK, GL_MAX_NAME_LENGTH), 6);
	ck_assert_int_eq(iface_value(p, GL_UNIFORM_BLOCK, GL_MAX_NUM_ACTIVE_VARIABLES), 3);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* The ES 3.0 queries read the same table: each uniform agrees. */
START_TEST(es30_queries_agree)
{
	static const GLenum es30[] = { GL_UNIFORM_TYPE, GL_UNIFORM_SIZE, GL_UNIFORM_NAME_LENGTH,
				       GL_UNIFORM_BLOCK_INDEX, GL_UNIFORM_OFFSET,
				       GL_UNIFORM_ARRAY_STRIDE, GL_UNIFORM_MATRIX_STRIDE,
				       GL_UNIFORM_IS_ROW_MAJOR };
	static const GLenum es31[] = { GL_TYPE, GL_ARRAY_SIZE, GL_NAME_LENGTH, GL_BLOCK_INDEX,
				       GL_OFFSET, GL_ARRAY_STRIDE, GL_MATRIX_STRIDE,
				       GL_IS_ROW_MAJOR };
	GLuint p = graphics();
	GLint n = iface_value(p, GL_UNIFORM, GL_ACTIVE_RESOURCES), active = 0, max_len = 0;

	gl.GetProgramiv(p, GL_ACTIVE_UNIFORMS, &active);
	gl.GetProgramiv(p, GL_ACTIVE_UNIFORM_MAX_LENGTH, &max_len);
	ck_assert_int_eq(n, active);
	ck_assert_int_eq(iface_value(p, GL_UNIFORM, GL_MAX_NAME_LENGTH), max_len);
	for (GLuint i = 0; i < (GLuint)n; i++)
		for (unsigned k = 0; k < sizeof(es30) / sizeof(es30[0]); k++) {
			GLint old = -9;

			pi.GetActiveUniformsiv(p, 1, &i, es30[k], &old);
			ck_assert_int_eq(prop(p, GL_UNIFORM, i, es31[k]), old);
		}
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(inputs_and_outputs)
{
	GLuint p = graphics();

	ck_assert_int_eq(iface_value(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES), 2);
	ck_assert_int_eq(iface_value(p, GL_PROGRAM_OUTPUT, GL_ACTIVE_RESOURCES), 2);
	ck_assert_int_eq(iface_value(p, GL_PROGRAM_INPUT, GL_MAX_NAME_LENGTH), 4);
	ck_assert_int_eq(iface_value(p, GL_PROGRAM_OUTPUT, GL_MAX_NAME_LENGTH), 6);
	assert_name(p, GL_PROGRAM_INPUT, "uv");
	assert_name(p, GL_PROGRAM_OUTPUT, "extra");
	assert_props(p, GL_PROGRAM_INPUT, "uv", WANT({ GL_TYPE, GL_FLOAT_VEC2 },
		{ GL_ARRAY_SIZE, 1 }, { GL_LOCATION, 3 }, { GL_REFERENCED_BY_VERTEX_SHADER, 1 },
		{ GL_REFERENCED_BY_FRAGMENT_SHADER, 0 }, { GL_REFERENCED_BY_COMPUTE_SHADER, 0 }));
	assert_props(p, GL_PROGRAM_INPUT, "pos", WANT({ GL_TYPE, GL_FLOAT_VEC4 },
		{ GL_LOCATION, gl.GetAttribLocation(p, "pos") }));
	assert_props(p, GL_PROGRAM_OUTPUT, "extra", WANT({ GL_TYPE, GL_FLOAT_VEC4 },
		{ GL_LOCATION, 1 }, { GL_REFERENCED_BY_VERTEX_SHADER, 0 },
		{ GL_REFERENCED_BY_FRAGMENT_SHADER, 1 }));
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_PROGRAM_INPUT, "uv"), 3);
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_PROGRAM_OUTPUT, "color"), 0);
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_PROGRAM_OUTPUT, "extra"), 1);
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_PROGRAM_OUTPUT, "extra[0]"), -1);
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_PROGRAM_INPUT, "v_uv"), -1);
	/* no interfaces of another kind here */
	ck_assert_int_eq(iface_value(p, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES), 0);
	ck_assert_int_eq(iface_value(p, GL_BUFFER_VARIABLE, GL_ACTIVE_RESOURCES), 0);
	ck_assert_int_eq(iface_value(p, GL_TRANSFORM_FEEDBACK_VARYING, GL_ACTIVE_RESOURCES), 0);
	ck_assert_int_eq(iface_value(p, GL_ATOMIC_COUNTER_BUFFER, GL_ACTIVE_RESOURCES), 0);
	ck_assert_int_eq(iface_value(p, GL_ATOMIC_COUNTER_BUFFER, GL_MAX_NUM_ACTIVE_VARIABLES), 0);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* The built-ins a GLSL ES 3.10 vertex shader reads and a fragment shader
 * writes are inputs and outputs of the program, at no location (ES 3.1
 * 7.3.1.1; dEQP program_input.resource_list.vertex_fragment.empty). */
START_TEST(builtin_inputs_and_outputs)
{
	const char *srcs[] = {
		"#version 310 es\nvoid main() { gl_Position = vec4(float(gl_VertexID + gl_InstanceID)); }\n",
		"#version 310 es\nvoid main() { gl_FragDepth = 0.5; }\n" };
	const GLenum types[] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
	GLuint p = link(program_of(srcs, types, 2));

	ck_assert_int_eq(iface_value(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES), 2);
	ck_assert_int_eq(iface_value(p, GL_PROGRAM_OUTPUT, GL_ACTIVE_RESOURCES), 1);
	assert_props(p, GL_PROGRAM_INPUT, "gl_VertexID", WANT({ GL_TYPE, GL_INT },
		{ GL_LOCATION, -1 }, { GL_REFERENCED_BY_VERTEX_SHADER, 1 }));
	assert_props(p, GL_PROGRAM_INPUT, "gl_InstanceID", WANT({ GL_TYPE, GL_INT },
		{ GL_LOCATION, -1 }));
	assert_props(p, GL_PROGRAM_OUTPUT, "gl_FragDepth", WANT({ GL_TYPE, GL_FLOAT },
		{ GL_LOCATION, -1 }, { GL_REFERENCED_BY_FRAGMENT_SHADER, 1 }));
	ck_assert_int_eq(gl.GetAttribLocation(p, "gl_VertexID"), -1);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* An array of outputs: one resource "o[0]", a location per element. */
START_TEST(output_arrays)
{
	const char *fso = "#version 310 es\nprecision mediump float;\n"
			  "in vec2 v_uv;\nin vec4 v_extra;\n"
			  "layout(location = 1) out vec4 o[2];\n"
			  "void main() { o[0] = v_extra; o[1] = vec4(v_uv, 0.0, 1.0); }\n";
	GLuint p = glt_program(vs, fso);

	assert_name(p, GL_PROGRAM_OUTPUT, "o[0]");
	assert_props(p, GL_PROGRAM_OUTPUT, "o", WANT({ GL_ARRAY_SIZE, 2 }, { GL_LOCATION, 1 },
		{ GL_TYPE, GL_FLOAT_VEC4 }));
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_PROGRAM_OUTPUT, "o[1]"), 2);
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_PROGRAM_OUTPUT, "o[2]"), -1);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(transform_feedback_varyings)
{
	const char *srcs[] = { vs, fs };
	const GLenum types[] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
	const char *names[] = { "v_extra", "gl_Position", "v_uv" };
	GLuint p = program_of(srcs, types, 2);

	pi.TransformFeedbackVaryings(p, 3, names, GL_INTERLEAVED_ATTRIBS);
	link(p);
	ck_assert_int_eq(iface_value(p, GL_TRANSFORM_FEEDBACK_VARYING, GL_ACTIVE_RESOURCES), 3);
	ck_assert_int_eq(iface_value(p, GL_TRANSFORM_FEEDBACK_VARYING, GL_MAX_NAME_LENGTH), 12);
	ck_assert_uint_eq(pi.GetProgramResourceIndex(p, GL_TRANSFORM_FEEDBACK_VARYING, "v_uv"), 2);
	assert_name(p, GL_TRANSFORM_FEEDBACK_VARYING, "gl_Position");
	assert_props(p, GL_TRANSFORM_FEEDBACK_VARYING, "v_extra",
		WANT({ GL_TYPE, GL_FLOAT_VEC4 }, { GL_ARRAY_SIZE, 1 }, { GL_NAME_LENGTH, 8 }));
	assert_props(p, GL_TRANSFORM_FEEDBACK_VARYING, "v_uv", WANT({ GL_TYPE, GL_FLOAT_VEC2 }));
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- a compute program ---------------------------------------------------------------------------- */

static const char cs[] = "#version 310 es\n"
	"layout(local_size_x = 1) in;\n"
	"struct S { vec3 a; float b; };\n"
	"layout(std430, binding = 3) buffer Data { uint count; vec2 pairs[4]; mat2 m; S items[]; } data;\n"
	"layout(std430, binding = 1) buffer Flat { float values[]; };\n"
	"layout(std140, binding = 2) uniform Params { vec4 k; uint n; };\n"
	"uniform float gain;\n"
	"void main() {\n"
	"  data.count = n + uint(gain * k.x);\n"
	"  values[0] = data.pairs[1].x + data.m[1][0];\n"
	"  data.items[0].b = data.items[1].a.y;\n"
	"}\n";

static GLuint compute(void)
{
	const char *srcs[] = { cs };
	const GLenum types[] = { GL_COMPUTE_SHADER };

	return link(program_of(srcs, types, 1));
}

/* std430: count 0; pairs vec2[4] at 8 (stride 8); mat2 at 40 (columns of 8);
 * S { vec3 a; float b; } aligns to 16: items[] at 64, stride 16. Only
 * arrays of structs or arrays are top-level arrays (ES 3.1 §7.3.1.1, as
 * dEQP's SSBO layouts check): arrays of basic types say 1 and 0. */
START_TEST(buffer_variables_std430)
{
	GLuint p = compute();
	GLint data = (GLint)index_of(p, GL_SHADER_STORAGE_BLOCK, "Data");

	ck_assert_int_eq(iface_value(p, GL_BUFFER_VARIABLE, GL_ACTIVE_RESOURCES), 6);
	assert_name(p, GL_BUFFER_VARIABLE, "Data.pairs[0]");
	assert_name(p, GL_BUFFER_VARIABLE, "Data.items[0].a");
	assert_name(p, GL_BUFFER_VARIABLE, "values[0]");
	assert_props(p, GL_BUFFER_VARIABLE, "Data.count", WANT({ GL_TYPE, GL_UNSIGNED_INT },
		{ GL_ARRAY_SIZE, 1 }, { GL_OFFSET, 0 }, { GL_BLOCK_INDEX, data },
		{ GL_ARRAY_STRIDE, 0 }, { GL_MATRIX_STRIDE, 0 }, { GL_IS_ROW_MAJOR, 0 },
		{ GL_TOP_LEVEL_ARRAY_SIZE, 1 }, { GL_TOP_LEVEL_ARRAY_STRIDE, 0 },
		{ GL_REFERENCED_BY_COMPUTE_SHADER, 1 }, { GL_REFERENCED_BY_VERTEX_SHADER, 0 },
		{ GL_REFERENCED_BY_FRAGMENT_SHADER, 0 }));
	assert_props(p, GL_BUFFER_VARIABLE, "Data.pairs", WANT({ GL_TYPE, GL_FLOAT_VEC2 },
		{ GL_ARRAY_SIZE, 4 }, { GL_OFFSET, 8 }, { GL_ARRAY_STRIDE, 8 },
		{ GL_TOP_LEVEL_ARRAY_SIZE, 1 }, { GL_TOP_LEVEL_ARRAY_STRIDE, 0 }));
	assert_props(p, GL_BUFFER_VARIABLE, "Data.m", WANT({ GL_TYPE, GL_FLOAT_MAT2 },
		{ GL_OFFSET, 40 }, { GL_MATRIX_STRIDE, 8 }, { GL_IS_ROW_MAJOR, 0 }));
	assert_props(p, GL_BUFFER_VARIABLE, "Data.items[0].b", WANT({ GL_TYPE, GL_FLOAT },
		{ GL_OFFSET, 76 }, { GL_ARRAY_SIZE, 1 }, { GL_TOP_LEVEL_ARRAY_SIZE, 0 },
		{ GL_TOP_LEVEL_ARRAY_STRIDE, 16 }));
	assert_props(p, GL_BUFFER_VARIABLE, "values", WANT({ GL_ARRAY_SIZE, 0 }, { GL_OFFSET, 0 },
		{ GL_ARRAY_STRIDE, 4 }, { GL_TOP_LEVEL_ARRAY_SIZE, 1 },
		{ GL_TOP_LEVEL_ARRAY_STRIDE, 0 }, { GL_NAME_LENGTH, 10 }));
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

START_TEST(shader_storage_blocks)
{
	GLuint p = compute(), data = index_of(p, GL_SHADER_STORAGE_BLOCK, "Data");
	const GLenum vars = GL_ACTIVE_VARIABLES;
	GLint got[6] = { 0 };
	GLsizei len = 0;

	ck_assert_int_eq(iface_value(p, GL_SHADER_STORAGE_BLOCK, GL_ACTIVE_RESOURCES), 2);
	ck_assert_int_eq(iface_value(p, GL_SHADER_STORAGE_BLOCK, GL_MAX_NUM_ACTIVE_VARIABLES), 5);
	assert_name(p, GL_SHADER_STORAGE_BLOCK, "Flat");
	/* an unsized array counts one element */
	assert_props(p, GL_SHADER_STORAGE_BLOCK, "Data", WANT({ GL_BUFFER_BINDING, 3 },
		{ GL_BUFFER_DATA_SIZE, 80 }, { GL_NUM_ACTIVE_VARIABLES, 5 },
		{ GL_REFERENCED_BY_COMPUTE_SHADER, 1 }, { GL_REFERENCED_BY_VERTEX_SHADER, 0 }));
	assert_props(p, GL_SHADER_STORAGE_BLOCK, "Flat", WANT({ GL_BUFFER_BINDING, 1 },
		{ GL_BUFFER_DATA_SIZE, 4 }, { GL_NUM_ACTIVE_VARIABLES, 1 }));
	pi.GetProgramResourceiv(p, GL_SHADER_STORAGE_BLOCK, data, 1, &vars, 6, &len, got);
	ck_assert_int_eq(len, 5);
	for (int i = 0; i < 5; i++)
		ck_assert_int_eq(prop(p, GL_BUFFER_VARIABLE, (GLuint)got[i], GL_BLOCK_INDEX),
				 (GLint)data);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* A compute program's uniform block lists its members too. */
START_TEST(compute_uniforms)
{
	GLuint p = compute(), params = index_of(p, GL_UNIFORM_BLOCK, "Params");

	assert_props(p, GL_UNIFORM_BLOCK, "Params", WANT({ GL_BUFFER_BINDING, 2 },
		{ GL_BUFFER_DATA_SIZE, 32 }, { GL_NUM_ACTIVE_VARIABLES, 2 },
		{ GL_REFERENCED_BY_COMPUTE_SHADER, 1 }, { GL_REFERENCED_BY_FRAGMENT_SHADER, 0 }));
	assert_props(p, GL_UNIFORM, "n", WANT({ GL_TYPE, GL_UNSIGNED_INT }, { GL_OFFSET, 16 },
		{ GL_BLOCK_INDEX, (GLint)params }, { GL_LOCATION, -1 }));
	assert_props(p, GL_UNIFORM, "gain", WANT({ GL_TYPE, GL_FLOAT }, { GL_BLOCK_INDEX, -1 },
		{ GL_LOCATION, gl.GetUniformLocation(p, "gain") },
		{ GL_REFERENCED_BY_COMPUTE_SHADER, 1 }));
	ck_assert_int_ge(gl.GetUniformLocation(p, "gain"), 0);
	ck_assert_int_eq(iface_value(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES), 0);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* A shader of src that does not compile, its log naming the limit. */
static void refused(GLenum type, const char *src, const char *limit)
{
	GLint ok = 1;
	char log[512] = "";
	GLuint sh = glt_compile(type, src, &ok);

	gl.GetShaderInfoLog(sh, sizeof(log), NULL, log);
	ck_assert_msg(!ok && strstr(log, limit), "compiles, or log '%s' lacks %s", log, limit);
	gl.DeleteShader(sh);
}

static bool links(const char *const *srcs, const GLenum *types, unsigned n)
{
	GLuint p = program_of(srcs, types, n);
	GLint ok = 1;

	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	gl.DeleteProgram(p);
	return ok;
}

/* GLSL ES 3.10 section 4.4.5: a block's or sampler's binding past the
 * binding points (or units) is a compile-time error. */
START_TEST(binding_past_the_points_fails)
{
	char csrc[512], fsrc[512];
	const char *c[] = { csrc }, *g[] = { vs, fsrc };
	const GLenum ct[] = { GL_COMPUTE_SHADER }, gt[] = { GL_VERTEX_SHADER, GL_FRAGMENT_SHADER };
	GLint ubos = glt_geti(GL_MAX_UNIFORM_BUFFER_BINDINGS);
	GLint ssbos = glt_geti(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS);
	const char *cfmt = "#version 310 es\nlayout(local_size_x = 1) in;\n"
			   "layout(std140, binding = %d) uniform P { uint k; };\n"
			   "layout(std430, binding = %d) buffer B { uint x; };\n"
			   "void main() { x = k; }\n";
	const char *ffmt = "#version 310 es\nprecision mediump float;\n"
			   "layout(std140, binding = %d) uniform Mat { vec4 diffuse; };\n"
			   "out vec4 color;\nvoid main() { color = diffuse; }\n";

	snprintf(csrc, sizeof(csrc), cfmt, ubos - 1, ssbos - 1);
	ck_assert(links(c, ct, 1));
	snprintf(csrc, sizeof(csrc), cfmt, ubos, 0);
	refused(GL_COMPUTE_SHADER, csrc, "GL_MAX_UNIFORM_BUFFER_BINDINGS");
	snprintf(csrc, sizeof(csrc), cfmt, 0, ssbos);
	refused(GL_COMPUTE_SHADER, csrc, "GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS");
	snprintf(fsrc, sizeof(fsrc), ffmt, ubos - 1);
	ck_assert(links(g, gt, 2));
	snprintf(fsrc, sizeof(fsrc), ffmt, ubos);
	refused(GL_FRAGMENT_SHADER, fsrc, "GL_MAX_UNIFORM_BUFFER_BINDINGS");
	/* an array's last element counts */
	snprintf(fsrc, sizeof(fsrc), "#version 310 es\nprecision mediump float;\n"
		 "layout(binding = %d) uniform sampler2D t[2];\nout vec4 color;\n"
		 "void main() { color = texture(t[1], vec2(0.5)); }\n",
		 glt_geti(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS) - 1);
	refused(GL_FRAGMENT_SHADER, fsrc, "gl_MaxCombinedTextureImageUnits");
	expect(GL_NO_ERROR);
}
END_TEST

/* layout(binding) of a graphics program's samplers and blocks gives their
 * initial units and binding points. */
START_TEST(bindings_from_layout)
{
	const char *fsb = "#version 310 es\nprecision mediump float;\n"
			  "layout(binding = 3) uniform sampler2D t[2];\n"
			  "layout(std140, binding = 5) uniform Mat { vec4 diffuse; };\n"
			  "out vec4 color;\n"
			  "void main() { color = texture(t[1], vec2(0.5)) + diffuse; }\n";
	GLuint p = glt_program(vs, fsb);
	GLint unit = -1;

	for (int i = 0; i < 2; i++) {
		pi.GetUniformiv(p, gl.GetUniformLocation(p, i ? "t[1]" : "t[0]"), &unit);
		ck_assert_int_eq(unit, 3 + i);
	}
	ck_assert_int_eq(named_block_binding(p, "Mat"), 5);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* ---- partial writes, unlinked programs, errors ---------------------------------------------------- */

START_TEST(buf_size_limits_what_is_written)
{
	GLuint p = graphics(), i = index_of(p, GL_UNIFORM, "scale");
	const GLenum props[3] = { GL_TYPE, GL_ARRAY_SIZE, GL_LOCATION };
	GLint v[3] = { -5, -5, -5 };
	GLsizei len = -1;
	char name[8] = "xxxxxxx";

	pi.GetProgramResourceiv(p, GL_UNIFORM, i, 3, props, 2, &len, v);
	ck_assert_int_eq(len, 2);
	ck_assert_int_eq(v[0], GL_FLOAT);
	ck_assert_int_eq(v[1], 3);
	ck_assert_int_eq(v[2], -5);
	pi.GetProgramResourceName(p, GL_UNIFORM, i, 4, &len, name);
	ck_assert_str_eq(name, "sca");
	ck_assert_int_eq(len, 3);
	pi.GetProgramResourceiv(p, GL_UNIFORM, i, 3, props, 0, &len, NULL);
	ck_assert_int_eq(len, 0);
	expect(GL_NO_ERROR);
	gl.DeleteProgram(p);
}
END_TEST

/* A program that never linked, or whose link failed, has no active
 * resources; its locations are an error. */
START_TEST(unlinked_program_has_no_resources)
{
	GLuint p = gl.CreateProgram(), sh = shader(GL_VERTEX_SHADER, vs);

	ck_assert_int_eq(iface_value(p, GL_UNIFORM, GL_ACTIVE_RESOURCES), 0);
	ck_assert_int_eq(iface_value(p, GL_UNIFORM, GL_MAX_NAME_LENGTH), 0);
	ck_assert_uint_eq(pi.GetProgramResourceIndex(p, GL_UNIFORM, "mvp"), GL_INVALID_INDEX);
	expect(GL_NO_ERROR);
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_UNIFORM, "mvp"), -1);
	expect(GL_INVALID_OPERATION);
	gl.AttachShader(p, sh);
	gl.LinkProgram(p); /* no fragment shader: fails */
	ck_assert_int_eq(iface_value(p, GL_PROGRAM_INPUT, GL_ACTIVE_RESOURCES), 0);
	expect(GL_NO_ERROR);
	gl.DeleteShader(sh);
	gl.DeleteProgram(p);
}
END_TEST

static void iv(GLuint p, GLenum iface, GLuint index, GLsizei count, GLenum property,
	       GLsizei bufsize)
{
	GLint v[4];
	GLsizei len;

	pi.GetProgramResourceiv(p, iface, index, count, &property, bufsize, &len, v);
}

START_TEST(errors)
{
	GLuint p = graphics(), sh = gl.CreateShader(GL_VERTEX_SHADER);
	GLint v = 0;
	char name[8];

	/* interfaces and properties that do not go together */
	pi.GetProgramInterfaceiv(p, GL_TEXTURE_2D, GL_ACTIVE_RESOURCES, &v);
	expect(GL_INVALID_ENUM);
	pi.GetProgramInterfaceiv(p, GL_UNIFORM, GL_NAME_LENGTH, &v);
	expect(GL_INVALID_ENUM);
	pi.GetProgramInterfaceiv(p, GL_ATOMIC_COUNTER_BUFFER, GL_MAX_NAME_LENGTH, &v);
	expect(GL_INVALID_OPERATION);
	pi.GetProgramInterfaceiv(p, GL_UNIFORM, GL_MAX_NUM_ACTIVE_VARIABLES, &v);
	expect(GL_INVALID_OPERATION);
	iv(p, GL_PROGRAM_INPUT, 0, 1, GL_OFFSET, 4);
	expect(GL_INVALID_ENUM);
	iv(p, GL_UNIFORM_BLOCK, 0, 1, GL_LOCATION, 4);
	expect(GL_INVALID_ENUM);
	iv(p, GL_UNIFORM, 0, 1, GL_TOP_LEVEL_ARRAY_SIZE, 4);
	expect(GL_INVALID_ENUM);
	iv(p, GL_UNIFORM, 0, 1, GL_BUFFER_BINDING, 4);
	expect(GL_INVALID_ENUM);
	iv(p, GL_TRANSFORM_FEEDBACK_VARYING, 0, 1, GL_REFERENCED_BY_VERTEX_SHADER, 4);
	expect(GL_INVALID_VALUE); /* no varyings: the index fails first */
	iv(p, GL_UNIFORM, 0, 1, GL_TEXTURE_2D, 4);
	expect(GL_INVALID_ENUM);
	ck_assert_uint_eq(pi.GetProgramResourceIndex(p, GL_ATOMIC_COUNTER_BUFFER, "x"),
			  GL_INVALID_INDEX);
	expect(GL_INVALID_ENUM);
	pi.GetProgramResourceName(p, GL_ATOMIC_COUNTER_BUFFER, 0, 8, NULL, name);
	expect(GL_INVALID_ENUM);
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_UNIFORM_BLOCK, "Light"), -1);
	expect(GL_INVALID_ENUM);
	ck_assert_int_eq(pi.GetProgramResourceLocation(p, GL_BUFFER_VARIABLE, "x"), -1);
	expect(GL_INVALID_ENUM);
	/* bad values */
	iv(p, GL_UNIFORM, 0, 0, GL_TYPE, 4);
	expect(GL_INVALID_VALUE);
	iv(p, GL_UNIFORM, 0, -1, GL_TYPE, 4);
	expect(GL_INVALID_VALUE);
	iv(p, GL_UNIFORM, 0, 1, GL_TYPE, -1);
	expect(GL_INVALID_VALUE);
	iv(p, GL_UNIFORM, (GLuint)iface_value(p, GL_UNIFORM, GL_ACTIVE_RESOURCES), 1, GL_TYPE, 4);
	expect(GL_INVALID_VALUE);
	pi.GetProgramResourceName(p, GL_UNIFORM_BLOCK, 2, 8, NULL, name);
	expect(GL_INVALID_VALUE);
	pi.GetProgramResourceName(p, GL_UNIFORM, 0, -1, NULL, name);
	expect(GL_INVALID_VALUE);
	/* not a program */
	pi.GetProgramInterfaceiv(p + 100, GL_UNIFORM, GL_ACTIVE_RESOURCES, &v);
	expect(GL_INVALID_VALUE);
	pi.GetProgramResourceIndex(sh, GL_UNIFORM, "mvp");
	expect(GL_INVALID_OPERATION);
	pi.GetProgramResourceLocation(sh, GL_UNIFORM, "mvp");
	expect(GL_INVALID_OPERATION);
	gl.DeleteShader(sh);
	gl.DeleteProgram(p);
}
END_TEST

static Suite *program_interface_suite(void)
{
	Suite *s = suite_create("gl es31 program interface");
	TCase *tg = tcase_create("graphics");
	TCase *tc = tcase_create("compute");
	TCase *te = tcase_create("errors");

	tcase_add_checked_fixture(tg, setup, glt_teardown);
	tcase_add_test(tg, uniforms_of_default_block);
	tcase_add_test(tg, uniform_blocks_and_members);
	tcase_add_test(tg, es30_queries_agree);
	tcase_add_test(tg, inputs_and_outputs);
	tcase_add_test(tg, builtin_inputs_and_outputs);
	tcase_add_test(tg, output_arrays);
	tcase_add_test(tg, transform_feedback_varyings);
	tcase_add_test(tg, bindings_from_layout);
	suite_add_tcase(s, tg);
	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_test(tc, buffer_variables_std430);
	tcase_add_test(tc, shader_storage_blocks);
	tcase_add_test(tc, compute_uniforms);
	tcase_add_test(tc, binding_past_the_points_fails);
	suite_add_tcase(s, tc);
	tcase_add_checked_fixture(te, setup, glt_teardown);
	tcase_add_test(te, buf_size_limits_what_is_written);
	tcase_add_test(te, unlinked_program_has_no_resources);
	tcase_add_test(te, errors);
	suite_add_tcase(s, te);
	return s;
}

int main(void)
{
	return glt_main(program_interface_suite);
}
