/* SPDX-License-Identifier: MIT */
/*
 * The error table: every GL entry point gl/ implements, called with a bad
 * enum, a bad value or a bad object/state, each row with the error the
 * OpenGL ES 2.0 / 3.0 specifications require. A row runs in a fresh context
 * of its ES version: errors drained, minimal state set up, one bad call,
 * then glGetError() must give the row's error once and GL_NO_ERROR after it;
 * rows that can check it also assert that the failed call changed nothing.
 *
 * t_coverage asserts that every name of gl/'s proc tables has a row here,
 * or is in no_error_case[] with the reason. Rows marked known-divergent (a
 * reason in .divergent) run and must still differ from the spec (a fixed
 * one fails until unmarked); main prints the counts. A "bad enum" is an
 * enum valid elsewhere but not for that argument (GL_TEXTURE_2D as a
 * buffer target, GL_DEPTH_FUNC as a parameter name).
 */
#include <GLES3/gl31.h>
/* the KHR_debug prototypes, for F()'s types only */
#define GL_GLEXT_PROTOTYPES
#include <GLES2/gl2ext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"
#include "vgl_procs.h"

/* An entry point by name with the type of its prototype in <GLES3/gl3.h>. */
#define F(n) ((__typeof__(&gl##n))glt_proc("gl" #n))
#define geti glt_geti

static GLuint buffer(GLenum target, GLsizeiptr size)
{
	return glt_buffer(target, NULL, size);
}

static GLuint texture(GLenum target)
{
	GLuint t;

	F(GenTextures)(1, &t);
	F(BindTexture)(target, t);
	return t;
}

/* a 4x4 RGBA8 2D texture, bound */
static GLuint texture_2d(void)
{
	GLuint t = texture(GL_TEXTURE_2D);

	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	return t;
}

static GLuint renderbuffer(void)
{
	GLuint r;

	F(GenRenderbuffers)(1, &r);
	F(BindRenderbuffer)(GL_RENDERBUFFER, r);
	return r;
}

static GLuint framebuffer(void)
{
	GLuint f;

	F(GenFramebuffers)(1, &f);
	F(BindFramebuffer)(GL_FRAMEBUFFER, f);
	return f;
}

static GLuint sampler(void)
{
	GLuint s;

	F(GenSamplers)(1, &s);
	return s;
}

static GLuint shader_obj(void)
{
	return gl.CreateShader(GL_VERTEX_SHADER);
}

static const char *vs3 =
	"#version 300 es\n"
	"layout(location = 0) in vec4 a_pos;\n"
	"uniform vec4 u_v;\n"
	"uniform mat4 u_m;\n"
	"uniform ivec4 u_i;\n"
	"uniform uvec4 u_u;\n"
	"uniform Blk { vec4 b; };\n"
	"void main() { gl_Position = u_m * a_pos + u_v + vec4(u_i) + vec4(u_u) + b; }\n";
static const char *fs3 =
	"#version 300 es\n"
	"precision mediump float;\n"
	"out vec4 o;\n"
	"void main() { o = vec4(1.0); }\n";
static const char *vs2 =
	"attribute vec4 a_pos;\n"
	"uniform mat4 u_m;\n"
	"void main() { gl_Position = u_m * a_pos; }\n";
static const char *fs2 =
	"precision mediump float;\n"
	"void main() { gl_FragColor = vec4(1.0); }\n";

/* the linked ES 3.0 program, current */
static GLuint program(void)
{
	GLuint p = glt_program(vs3, fs3);

	gl.UseProgram(p);
	return p;
}

static GLint loc(const char *name)
{
	GLint l = gl.GetUniformLocation(program(), name);

	ck_assert_int_ge(l, 0);
	return l;
}

static const float fv[16];
static const GLint iv[4];
static const GLuint uiv[4];

/* ---- rows ------------------------------------------------------------------------------------ */

#define ROW(id) static void id(void)

/* strings and queries */
ROW(get_string_enum) { ck_assert_ptr_null(F(GetString)(GL_TEXTURE_2D)); }
ROW(get_stringi_enum) { ck_assert_ptr_null(F(GetStringi)(GL_VENDOR, 0)); }
ROW(get_stringi_value)
{
	ck_assert_ptr_null(F(GetStringi)(GL_EXTENSIONS, geti(GL_NUM_EXTENSIONS)));
}
ROW(get_integerv_enum) { GLint v = 7; F(GetIntegerv)(GL_TEXTURE_2D, &v); ck_assert_int_eq(v, 7); }
ROW(get_integerv_es2_enum) { GLint v; F(GetIntegerv)(GL_MAX_3D_TEXTURE_SIZE, &v); }
ROW(get_integer64v_enum) { GLint64 v; F(GetInteger64v)(GL_TEXTURE_2D, &v); }
ROW(get_floatv_enum) { GLfloat v; F(GetFloatv)(GL_TEXTURE_2D, &v); }
ROW(get_booleanv_enum) { GLboolean v; F(GetBooleanv)(GL_TEXTURE_2D, &v); }
ROW(get_integeri_v_enum) { GLint v; F(GetIntegeri_v)(GL_DEPTH_FUNC, 0, &v); }
ROW(get_integeri_v_value)
{
	GLint v;

	F(GetIntegeri_v)(GL_UNIFORM_BUFFER_BINDING, geti(GL_MAX_UNIFORM_BUFFER_BINDINGS), &v);
}
ROW(get_integer64i_v_enum) { GLint64 v; F(GetInteger64i_v)(GL_DEPTH_FUNC, 0, &v); }
ROW(get_integer64i_v_value)
{
	GLint64 v;

	F(GetInteger64i_v)(GL_UNIFORM_BUFFER_SIZE, geti(GL_MAX_UNIFORM_BUFFER_BINDINGS), &v);
}

/* fixed-function state */
ROW(enable_enum) { F(Enable)(GL_TEXTURE_2D); }
ROW(enable_es2_enum) { F(Enable)(GL_RASTERIZER_DISCARD); }
ROW(disable_enum) { F(Disable)(GL_TEXTURE_2D); }
ROW(is_enabled_enum) { ck_assert(!F(IsEnabled)(GL_TEXTURE_2D)); }
ROW(viewport_value)
{
	GLint v[4];

	F(Viewport)(0, 0, -1, 4);
	gl.GetIntegerv(GL_VIEWPORT, v);
	ck_assert_int_eq(v[2], GLT_W);
}
ROW(scissor_value) { F(Scissor)(0, 0, 4, -1); }
ROW(depth_func_enum)
{
	F(DepthFunc)(GL_ZERO);
	ck_assert_int_eq(geti(GL_DEPTH_FUNC), GL_LESS);
}
ROW(stencil_func_enum) { F(StencilFunc)(GL_KEEP, 0, 0xff); }
ROW(stencil_func_separate_enum) { F(StencilFuncSeparate)(GL_TEXTURE_2D, GL_ALWAYS, 0, 0xff); }
ROW(stencil_op_enum) { F(StencilOp)(GL_KEEP, GL_NEVER, GL_KEEP); }
ROW(stencil_op_separate_enum) { F(StencilOpSeparate)(GL_TEXTURE_2D, GL_KEEP, GL_KEEP, GL_KEEP); }
ROW(stencil_mask_separate_enum) { F(StencilMaskSeparate)(GL_TEXTURE_2D, 0); }
ROW(cull_face_enum) { F(CullFace)(GL_CW); }
ROW(front_face_enum) { F(FrontFace)(GL_BACK); }
ROW(line_width_value) { F(LineWidth)(0.0f); }
ROW(blend_func_enum) { F(BlendFunc)(GL_KEEP, GL_ONE); }
ROW(blend_func_separate_enum) { F(BlendFuncSeparate)(GL_ONE, GL_ONE, GL_ONE, GL_KEEP); }
ROW(blend_equation_enum) { F(BlendEquation)(GL_ONE); }
ROW(blend_equation_separate_enum) { F(BlendEquationSeparate)(GL_FUNC_ADD, GL_ONE); }
ROW(hint_target_enum) { F(Hint)(GL_TEXTURE_2D, GL_NICEST); }
ROW(hint_mode_enum) { F(Hint)(GL_GENERATE_MIPMAP_HINT, GL_TEXTURE_2D); }
ROW(pixel_store_enum) { F(PixelStorei)(GL_TEXTURE_2D, 4); }
ROW(pixel_store_value)
{
	F(PixelStorei)(GL_UNPACK_ALIGNMENT, 3);
	ck_assert_int_eq(geti(GL_UNPACK_ALIGNMENT), 4);
}
ROW(pixel_store_negative) { F(PixelStorei)(GL_PACK_ROW_LENGTH, -1); }

/* clears and read-back */
ROW(clear_value) { F(Clear)(GL_COLOR_BUFFER_BIT | 0x2); }
ROW(clear_bufferfv_enum) { F(ClearBufferfv)(GL_STENCIL, 0, fv); }
ROW(clear_bufferfv_value) { F(ClearBufferfv)(GL_COLOR, geti(GL_MAX_DRAW_BUFFERS), fv); }
ROW(clear_bufferiv_enum) { F(ClearBufferiv)(GL_DEPTH, 0, iv); }
ROW(clear_bufferuiv_enum) { F(ClearBufferuiv)(GL_STENCIL, 0, uiv); }
ROW(clear_bufferfi_enum) { F(ClearBufferfi)(GL_COLOR, 0, 1.0f, 0); }
ROW(clear_bufferfi_value) { F(ClearBufferfi)(GL_DEPTH_STENCIL, 1, 1.0f, 0); }
ROW(read_pixels_value) { uint8_t px[4]; F(ReadPixels)(0, 0, -1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px); }
ROW(read_pixels_enum)
{
	uint8_t px[4];

	F(ReadPixels)(0, 0, 1, 1, GL_TEXTURE_2D, GL_UNSIGNED_BYTE, px);
}
ROW(read_pixels_operation)
{
	uint8_t px[8];

	F(ReadPixels)(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_SHORT_5_6_5, px);
}

/* buffers */
ROW(gen_buffers_value) { GLuint b; F(GenBuffers)(-1, &b); }
ROW(delete_buffers_value) { GLuint b = 0; F(DeleteBuffers)(-1, &b); }
ROW(bind_buffer_enum)
{
	GLuint b = buffer(GL_ARRAY_BUFFER, 16), c;

	F(GenBuffers)(1, &c);
	F(BindBuffer)(GL_TEXTURE_2D, c);
	ck_assert_int_eq(geti(GL_ARRAY_BUFFER_BINDING), (GLint)b);
}
ROW(bind_buffer_es2_enum) { F(BindBuffer)(GL_UNIFORM_BUFFER, 0); }
ROW(buffer_data_enum)
{
	buffer(GL_ARRAY_BUFFER, 4);
	F(BufferData)(GL_TEXTURE_2D, 4, NULL, GL_STATIC_DRAW);
}
ROW(buffer_data_value)
{
	GLint size = 0;

	buffer(GL_ARRAY_BUFFER, 4);
	F(BufferData)(GL_ARRAY_BUFFER, -1, NULL, GL_STATIC_DRAW);
	gl.GetBufferParameteriv(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &size);
	ck_assert_int_eq(size, 4);
}
ROW(buffer_data_usage_enum)
{
	buffer(GL_ARRAY_BUFFER, 4);
	F(BufferData)(GL_ARRAY_BUFFER, 4, NULL, GL_ONE);
}
ROW(buffer_data_operation) { F(BufferData)(GL_ARRAY_BUFFER, 4, NULL, GL_STATIC_DRAW); }
ROW(buffer_sub_data_value)
{
	buffer(GL_ARRAY_BUFFER, 4);
	F(BufferSubData)(GL_ARRAY_BUFFER, 2, 4, fv);
}
ROW(buffer_sub_data_negative)
{
	buffer(GL_ARRAY_BUFFER, 4);
	F(BufferSubData)(GL_ARRAY_BUFFER, -1, 1, fv);
}
ROW(buffer_sub_data_operation) { F(BufferSubData)(GL_ARRAY_BUFFER, 0, 4, fv); }
ROW(buffer_sub_data_mapped)
{
	buffer(GL_ARRAY_BUFFER, 16);
	ck_assert_ptr_nonnull(gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_WRITE_BIT));
	F(BufferSubData)(GL_ARRAY_BUFFER, 0, 4, fv);
	gl.UnmapBuffer(GL_ARRAY_BUFFER);
}
ROW(get_buffer_parameteriv_enum)
{
	GLint v;

	buffer(GL_ARRAY_BUFFER, 4);
	F(GetBufferParameteriv)(GL_ARRAY_BUFFER, GL_DEPTH_FUNC, &v);
}
ROW(get_buffer_parameteriv_operation)
{
	GLint v;

	F(GetBufferParameteriv)(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &v);
}
ROW(get_buffer_parameteri64v_enum)
{
	GLint64 v;

	buffer(GL_ARRAY_BUFFER, 4);
	F(GetBufferParameteri64v)(GL_ARRAY_BUFFER, GL_DEPTH_FUNC, &v);
}
ROW(get_buffer_parameteri64v_operation)
{
	GLint64 v;

	F(GetBufferParameteri64v)(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &v);
}
ROW(copy_buffer_sub_data_enum)
{
	buffer(GL_COPY_READ_BUFFER, 16);
	buffer(GL_COPY_WRITE_BUFFER, 16);
	F(CopyBufferSubData)(GL_TEXTURE_2D, GL_COPY_WRITE_BUFFER, 0, 0, 4);
}
ROW(copy_buffer_sub_data_value)
{
	buffer(GL_COPY_READ_BUFFER, 16);
	buffer(GL_COPY_WRITE_BUFFER, 16);
	F(CopyBufferSubData)(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 8, 0, 16);
}
ROW(copy_buffer_sub_data_overlap)
{
	buffer(GL_COPY_READ_BUFFER, 16);
	F(CopyBufferSubData)(GL_COPY_READ_BUFFER, GL_COPY_READ_BUFFER, 0, 4, 8);
}
ROW(copy_buffer_sub_data_operation)
{
	buffer(GL_COPY_READ_BUFFER, 16);
	F(CopyBufferSubData)(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, 0, 4);
}

/* mapping */
ROW(map_buffer_range_enum)
{
	buffer(GL_ARRAY_BUFFER, 16);
	ck_assert_ptr_null(F(MapBufferRange)(GL_TEXTURE_2D, 0, 4, GL_MAP_READ_BIT));
}
ROW(map_buffer_range_value)
{
	buffer(GL_ARRAY_BUFFER, 16);
	ck_assert_ptr_null(F(MapBufferRange)(GL_ARRAY_BUFFER, 8, 16, GL_MAP_READ_BIT));
}
ROW(map_buffer_range_access)
{
	buffer(GL_ARRAY_BUFFER, 16);
	ck_assert_ptr_null(F(MapBufferRange)(GL_ARRAY_BUFFER, 0, 4, 0));
}
ROW(map_buffer_range_mapped)
{
	buffer(GL_ARRAY_BUFFER, 16);
	ck_assert_ptr_nonnull(gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 16, GL_MAP_READ_BIT));
	ck_assert_ptr_null(F(MapBufferRange)(GL_ARRAY_BUFFER, 0, 4, GL_MAP_READ_BIT));
	/* the first mapping stays */
	ck_assert(gl.UnmapBuffer(GL_ARRAY_BUFFER));
}
ROW(flush_mapped_operation)
{
	buffer(GL_ARRAY_BUFFER, 16);
	F(FlushMappedBufferRange)(GL_ARRAY_BUFFER, 0, 4);
}
ROW(flush_mapped_value)
{
	buffer(GL_ARRAY_BUFFER, 16);
	gl.MapBufferRange(GL_ARRAY_BUFFER, 0, 8, GL_MAP_WRITE_BIT | GL_MAP_FLUSH_EXPLICIT_BIT);
	F(FlushMappedBufferRange)(GL_ARRAY_BUFFER, 4, 8);
	gl.UnmapBuffer(GL_ARRAY_BUFFER);
}
ROW(unmap_buffer_operation)
{
	buffer(GL_ARRAY_BUFFER, 16);
	ck_assert(!F(UnmapBuffer)(GL_ARRAY_BUFFER));
}
ROW(unmap_buffer_enum) { buffer(GL_ARRAY_BUFFER, 16); F(UnmapBuffer)(GL_TEXTURE_2D); }
ROW(get_buffer_pointerv_enum)
{
	void *p;

	buffer(GL_ARRAY_BUFFER, 4);
	F(GetBufferPointerv)(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &p);
}
ROW(get_buffer_pointerv_operation)
{
	void *p;

	F(GetBufferPointerv)(GL_ARRAY_BUFFER, GL_BUFFER_MAP_POINTER, &p);
}

/* vertex attributes and vertex arrays */
#define MAX_ATTRIBS geti(GL_MAX_VERTEX_ATTRIBS)
ROW(attrib_pointer_value) { F(VertexAttribPointer)(MAX_ATTRIBS, 4, GL_FLOAT, GL_FALSE, 0, NULL); }
ROW(attrib_pointer_size) { F(VertexAttribPointer)(0, 5, GL_FLOAT, GL_FALSE, 0, NULL); }
ROW(attrib_pointer_stride) { F(VertexAttribPointer)(0, 4, GL_FLOAT, GL_FALSE, -4, NULL); }
ROW(attrib_pointer_enum) { F(VertexAttribPointer)(0, 4, GL_TEXTURE_2D, GL_FALSE, 0, NULL); }
ROW(attrib_pointer_es2_enum) { F(VertexAttribPointer)(0, 4, GL_INT, GL_FALSE, 0, NULL); }
ROW(attrib_pointer_operation)
{
	GLuint va;

	gl.GenVertexArrays(1, &va);
	gl.BindVertexArray(va);
	F(VertexAttribPointer)(0, 4, GL_FLOAT, GL_FALSE, 0, (void *)16);
}
ROW(attrib_ipointer_enum) { F(VertexAttribIPointer)(0, 4, GL_FLOAT, 0, NULL); }
ROW(attrib_ipointer_value) { F(VertexAttribIPointer)(MAX_ATTRIBS, 4, GL_INT, 0, NULL); }
ROW(enable_attrib_value) { F(EnableVertexAttribArray)(MAX_ATTRIBS); }
ROW(disable_attrib_value) { F(DisableVertexAttribArray)(MAX_ATTRIBS); }
ROW(attrib_divisor_value) { F(VertexAttribDivisor)(MAX_ATTRIBS, 1); }
ROW(attrib1f_value) { F(VertexAttrib1f)(MAX_ATTRIBS, 0); }
ROW(attrib2f_value) { F(VertexAttrib2f)(MAX_ATTRIBS, 0, 0); }
ROW(attrib3f_value) { F(VertexAttrib3f)(MAX_ATTRIBS, 0, 0, 0); }
ROW(attrib4f_value) { F(VertexAttrib4f)(MAX_ATTRIBS, 0, 0, 0, 0); }
ROW(attrib1fv_value) { F(VertexAttrib1fv)(MAX_ATTRIBS, fv); }
ROW(attrib2fv_value) { F(VertexAttrib2fv)(MAX_ATTRIBS, fv); }
ROW(attrib3fv_value) { F(VertexAttrib3fv)(MAX_ATTRIBS, fv); }
ROW(attrib4fv_value) { F(VertexAttrib4fv)(MAX_ATTRIBS, fv); }
ROW(attrib_i4i_value) { F(VertexAttribI4i)(MAX_ATTRIBS, 0, 0, 0, 0); }
ROW(attrib_i4ui_value) { F(VertexAttribI4ui)(MAX_ATTRIBS, 0, 0, 0, 0); }
ROW(attrib_i4iv_value) { F(VertexAttribI4iv)(MAX_ATTRIBS, iv); }
ROW(attrib_i4uiv_value) { F(VertexAttribI4uiv)(MAX_ATTRIBS, uiv); }
ROW(get_attrib_iiv_value)
{
	GLint v[4];

	F(GetVertexAttribIiv)(MAX_ATTRIBS, GL_CURRENT_VERTEX_ATTRIB, v);
}
ROW(get_attrib_iuiv_enum) { GLuint v[4]; F(GetVertexAttribIuiv)(0, GL_DEPTH_FUNC, v); }
ROW(get_attrib_fv_enum) { GLfloat v[4]; F(GetVertexAttribfv)(0, GL_DEPTH_FUNC, v); }
ROW(get_attrib_iv_value)
{
	GLint v[4];

	F(GetVertexAttribiv)(MAX_ATTRIBS, GL_VERTEX_ATTRIB_ARRAY_SIZE, v);
}
ROW(get_attrib_pointerv_enum)
{
	void *p;

	F(GetVertexAttribPointerv)(0, GL_VERTEX_ATTRIB_ARRAY_SIZE, &p);
}
ROW(gen_vertex_arrays_value) { GLuint v; F(GenVertexArrays)(-1, &v); }
ROW(delete_vertex_arrays_value) { GLuint v = 0; F(DeleteVertexArrays)(-1, &v); }
ROW(bind_vertex_array_operation)
{
	GLuint va;

	gl.GenVertexArrays(1, &va);
	gl.BindVertexArray(va);
	F(BindVertexArray)(va + 1000);
	ck_assert_int_eq(geti(GL_VERTEX_ARRAY_BINDING), (GLint)va);
}
/* GL_OES_vertex_array_object in an ES 2.0 context: the same checks */
ROW(gen_vertex_arrays_oes_value)
{
	((__typeof__(&glGenVertexArrays))glt_proc("glGenVertexArraysOES"))(-1, NULL);
}
ROW(delete_vertex_arrays_oes_value)
{
	((__typeof__(&glDeleteVertexArrays))glt_proc("glDeleteVertexArraysOES"))(-1, NULL);
}
ROW(bind_vertex_array_oes_operation)
{
	((__typeof__(&glBindVertexArray))glt_proc("glBindVertexArrayOES"))(1000);
}

/* shaders */
ROW(create_shader_enum) { ck_assert_uint_eq(F(CreateShader)(GL_TEXTURE_2D), 0); }
ROW(delete_shader_value) { F(DeleteShader)(1000); }
ROW(shader_source_value) { const char *s = ""; F(ShaderSource)(shader_obj(), -1, &s, NULL); }
ROW(shader_source_operation)
{
	const char *s = "";
	F(ShaderSource)(gl.CreateProgram(), 1, &s, NULL);
}
ROW(compile_shader_value) { F(CompileShader)(1000); }
ROW(compile_shader_operation) { F(CompileShader)(gl.CreateProgram()); }
ROW(get_shaderiv_enum) { GLint v; F(GetShaderiv)(shader_obj(), GL_LINK_STATUS, &v); }
ROW(get_shaderiv_operation) { GLint v; F(GetShaderiv)(gl.CreateProgram(), GL_COMPILE_STATUS, &v); }
ROW(get_shader_info_log_value) { char s[4]; F(GetShaderInfoLog)(shader_obj(), -1, NULL, s); }
ROW(get_shader_source_value) { char s[4]; F(GetShaderSource)(shader_obj(), -1, NULL, s); }
ROW(get_shader_precision_enum)
{
	GLint r[2], p;

	F(GetShaderPrecisionFormat)(GL_TEXTURE_2D, GL_HIGH_FLOAT, r, &p);
}
ROW(shader_binary_enum) { GLuint s = shader_obj(); F(ShaderBinary)(1, &s, GL_TEXTURE_2D, fv, 4); }

/* programs */
ROW(delete_program_value) { F(DeleteProgram)(1000); }
ROW(attach_shader_value) { F(AttachShader)(1000, shader_obj()); }
ROW(attach_shader_twice)
{
	GLuint p = gl.CreateProgram(), s = shader_obj();

	gl.AttachShader(p, s);
	F(AttachShader)(p, s);
}
ROW(attach_shader_program) { GLuint p = gl.CreateProgram(); F(AttachShader)(p, p); }
ROW(detach_shader_operation) { F(DetachShader)(gl.CreateProgram(), shader_obj()); }
ROW(get_attached_shaders_value)
{
	GLuint s[2];

	F(GetAttachedShaders)(gl.CreateProgram(), -1, NULL, s);
}
ROW(bind_attrib_location_value) { F(BindAttribLocation)(gl.CreateProgram(), MAX_ATTRIBS, "a"); }
ROW(bind_attrib_location_operation) { F(BindAttribLocation)(gl.CreateProgram(), 0, "gl_Vertex"); }
ROW(link_program_value) { F(LinkProgram)(1000); }
ROW(link_program_operation) { F(LinkProgram)(shader_obj()); }
ROW(use_program_operation)
{
	GLuint p = program();

	F(UseProgram)(gl.CreateProgram());
	ck_assert_int_eq(geti(GL_CURRENT_PROGRAM), (GLint)p);
}
ROW(use_program_value) { F(UseProgram)(1000); }
ROW(validate_program_value) { F(ValidateProgram)(1000); }
ROW(get_programiv_enum) { GLint v; F(GetProgramiv)(gl.CreateProgram(), GL_COMPILE_STATUS, &v); }
ROW(get_program_info_log_value)
{
	char s[4];

	F(GetProgramInfoLog)(gl.CreateProgram(), -1, NULL, s);
}
ROW(get_attrib_location_operation) { F(GetAttribLocation)(gl.CreateProgram(), "a_pos"); }
ROW(get_frag_data_location_operation) { F(GetFragDataLocation)(gl.CreateProgram(), "o"); }
ROW(get_active_attrib_value)
{
	char name[16];
	GLint size;
	GLenum type;

	F(GetActiveAttrib)(program(), 1, sizeof(name), NULL, &size, &type, name);
}
ROW(get_program_binary_operation)
{
	char bin[1];
	GLenum format;

	F(GetProgramBinary)(program(), 0, NULL, &format, bin);
}
ROW(get_program_binary_unlinked)
{
	char bin[4096];
	GLenum format;

	F(GetProgramBinary)(gl.CreateProgram(), sizeof(bin), NULL, &format, bin);
}
ROW(get_program_binary_one_short)
{
	GLuint p = program();
	GLint n = 0;
	char bin[8192];
	GLenum format;

	gl.GetProgramiv(p, GL_PROGRAM_BINARY_LENGTH, &n);
	ck_assert_int_gt(n, 1);
	ck_assert_int_le(n, (GLint)sizeof(bin));
	F(GetProgramBinary)(p, n - 1, NULL, &format, bin);
}
ROW(program_binary_enum) { F(ProgramBinary)(gl.CreateProgram(), GL_TEXTURE_2D, fv, 4); }
ROW(program_parameteri_enum) { F(ProgramParameteri)(gl.CreateProgram(), GL_DEPTH_FUNC, GL_TRUE); }
ROW(program_parameteri_value)
{
	F(ProgramParameteri)(gl.CreateProgram(), GL_PROGRAM_BINARY_RETRIEVABLE_HINT, 2);
}

/* uniforms: u_v is a vec4, u_i an ivec4, u_m a mat4 */
ROW(get_uniform_location_operation) { F(GetUniformLocation)(gl.CreateProgram(), "u_v"); }
ROW(uniform1f_operation) { F(Uniform1f)(loc("u_v"), 0); }
ROW(uniform2f_operation) { F(Uniform2f)(loc("u_v"), 0, 0); }
ROW(uniform3f_operation) { F(Uniform3f)(loc("u_v"), 0, 0, 0); }
ROW(uniform4f_operation) { F(Uniform4f)(loc("u_i"), 0, 0, 0, 0); }
ROW(uniform4f_no_program) { F(Uniform4f)(0, 0, 0, 0, 0); }
ROW(uniform1i_operation) { F(Uniform1i)(loc("u_v"), 0); }
ROW(uniform2i_operation) { F(Uniform2i)(loc("u_v"), 0, 0); }
ROW(uniform3i_operation) { F(Uniform3i)(loc("u_v"), 0, 0, 0); }
ROW(uniform4i_operation) { F(Uniform4i)(loc("u_v"), 0, 0, 0, 0); }
ROW(uniform1ui_operation) { F(Uniform1ui)(loc("u_v"), 0); }
ROW(uniform2ui_operation) { F(Uniform2ui)(loc("u_v"), 0, 0); }
ROW(uniform3ui_operation) { F(Uniform3ui)(loc("u_v"), 0, 0, 0); }
ROW(uniform4ui_operation) { F(Uniform4ui)(loc("u_i"), 0, 0, 0, 0); }
ROW(uniform1fv_value) { F(Uniform1fv)(loc("u_v"), -1, fv); }
ROW(uniform2fv_value) { F(Uniform2fv)(loc("u_v"), -1, fv); }
ROW(uniform3fv_value) { F(Uniform3fv)(loc("u_v"), -1, fv); }
ROW(uniform4fv_value) { F(Uniform4fv)(loc("u_v"), -1, fv); }
ROW(uniform4fv_null) { F(Uniform4fv)(loc("u_v"), 1, NULL); }
ROW(uniform4fv_operation) { F(Uniform4fv)(loc("u_v"), 2, fv); }
ROW(uniform1iv_value) { F(Uniform1iv)(loc("u_i"), -1, iv); }
ROW(uniform2iv_value) { F(Uniform2iv)(loc("u_i"), -1, iv); }
ROW(uniform3iv_value) { F(Uniform3iv)(loc("u_i"), -1, iv); }
ROW(uniform4iv_value) { F(Uniform4iv)(loc("u_i"), -1, iv); }
ROW(uniform1uiv_value) { F(Uniform1uiv)(loc("u_u"), -1, uiv); }
ROW(uniform2uiv_value) { F(Uniform2uiv)(loc("u_u"), -1, uiv); }
ROW(uniform3uiv_value) { F(Uniform3uiv)(loc("u_u"), -1, uiv); }
ROW(uniform4uiv_value) { F(Uniform4uiv)(loc("u_u"), -1, uiv); }
ROW(uniform4uiv_operation) { F(Uniform4uiv)(loc("u_i"), 1, uiv); }
ROW(uniform_matrix2fv_operation) { F(UniformMatrix2fv)(loc("u_v"), 1, GL_FALSE, fv); }
ROW(uniform_matrix3fv_operation) { F(UniformMatrix3fv)(loc("u_v"), 1, GL_FALSE, fv); }
ROW(uniform_matrix4fv_value) { F(UniformMatrix4fv)(loc("u_m"), -1, GL_FALSE, fv); }
ROW(uniform_matrix4fv_null) { F(UniformMatrix4fv)(loc("u_m"), 1, GL_FALSE, NULL); }
ROW(uniform_matrix4fv_es2_transpose)
{
	GLuint p = glt_program(vs2, fs2);

	gl.UseProgram(p);
	F(UniformMatrix4fv)(gl.GetUniformLocation(p, "u_m"), 1, GL_TRUE, fv);
}
ROW(uniform_matrix2x3fv_operation) { F(UniformMatrix2x3fv)(loc("u_m"), 1, GL_FALSE, fv); }
ROW(uniform_matrix2x4fv_operation) { F(UniformMatrix2x4fv)(loc("u_m"), 1, GL_FALSE, fv); }
ROW(uniform_matrix3x2fv_operation) { F(UniformMatrix3x2fv)(loc("u_m"), 1, GL_FALSE, fv); }
ROW(uniform_matrix3x4fv_operation) { F(UniformMatrix3x4fv)(loc("u_m"), 1, GL_FALSE, fv); }
ROW(uniform_matrix4x2fv_operation) { F(UniformMatrix4x2fv)(loc("u_m"), 1, GL_FALSE, fv); }
ROW(uniform_matrix4x3fv_value) { F(UniformMatrix4x3fv)(loc("u_m"), -1, GL_FALSE, fv); }
ROW(get_uniformfv_operation) { GLfloat v[16]; F(GetUniformfv)(program(), 1000, v); }
ROW(get_uniformiv_operation) { GLint v[16]; F(GetUniformiv)(gl.CreateProgram(), 0, v); }
ROW(get_uniformuiv_operation) { GLuint v[16]; F(GetUniformuiv)(program(), 1000, v); }
ROW(get_active_uniform_value)
{
	char name[16];
	GLint size;
	GLenum type;
	GLuint p = program();
	GLint n = 0;

	gl.GetProgramiv(p, GL_ACTIVE_UNIFORMS, &n);
	F(GetActiveUniform)(p, n, sizeof(name), NULL, &size, &type, name);
}
ROW(get_uniform_indices_value)
{
	const char *names[1] = { "u_v" };
	GLuint i;

	F(GetUniformIndices)(1000, 1, names, &i);
}
ROW(get_uniform_indices_null) { GLuint i[2]; F(GetUniformIndices)(program(), 2, NULL, i); }
ROW(get_active_uniformsiv_null)
{
	GLint v[2];

	F(GetActiveUniformsiv)(program(), 2, NULL, GL_UNIFORM_TYPE, v);
}
ROW(get_program_binary_null)
{
	GLenum format;

	F(GetProgramBinary)(program(), 1 << 20, NULL, &format, NULL);
}
ROW(get_active_uniformsiv_enum)
{
	GLuint i = 0;
	GLint v;

	F(GetActiveUniformsiv)(program(), 1, &i, GL_DEPTH_FUNC, &v);
}
ROW(get_active_uniformsiv_value)
{
	GLuint i = 1000;
	GLint v;

	F(GetActiveUniformsiv)(program(), 1, &i, GL_UNIFORM_TYPE, &v);
}

/* uniform blocks and indexed buffer bindings */
ROW(bind_buffer_range_enum)
{
	GLuint b = buffer(GL_UNIFORM_BUFFER, 256);

	F(BindBufferRange)(GL_ARRAY_BUFFER, 0, b, 0, 16);
}
ROW(bind_buffer_range_value)
{
	GLuint b = buffer(GL_UNIFORM_BUFFER, 256);

	F(BindBufferRange)(GL_UNIFORM_BUFFER, geti(GL_MAX_UNIFORM_BUFFER_BINDINGS), b, 0, 16);
}
ROW(bind_buffer_range_size)
{
	GLuint b = buffer(GL_UNIFORM_BUFFER, 256);

	F(BindBufferRange)(GL_UNIFORM_BUFFER, 0, b, 0, 0);
}
ROW(bind_buffer_range_align)
{
	GLuint b = buffer(GL_UNIFORM_BUFFER, 1024);

	ck_assert_int_gt(geti(GL_UNIFORM_BUFFER_OFFSET_ALIGNMENT), 1);
	F(BindBufferRange)(GL_UNIFORM_BUFFER, 0, b, 1, 16);
}
ROW(bind_buffer_base_value)
{
	GLuint b = buffer(GL_UNIFORM_BUFFER, 256);

	F(BindBufferBase)(GL_UNIFORM_BUFFER, geti(GL_MAX_UNIFORM_BUFFER_BINDINGS), b);
}
ROW(bind_buffer_base_enum)
{
	GLuint b = buffer(GL_UNIFORM_BUFFER, 256);

	F(BindBufferBase)(GL_ARRAY_BUFFER, 0, b);
}
ROW(get_uniform_block_index_operation) { F(GetUniformBlockIndex)(shader_obj(), "Blk"); }
ROW(uniform_block_binding_value) { F(UniformBlockBinding)(program(), 1000, 0); }
ROW(uniform_block_binding_point)
{
	GLuint p = program();

	F(UniformBlockBinding)(p, gl.GetUniformBlockIndex(p, "Blk"),
			       geti(GL_MAX_UNIFORM_BUFFER_BINDINGS));
}
ROW(get_active_uniform_blockiv_enum)
{
	GLint v;

	F(GetActiveUniformBlockiv)(program(), 0, GL_DEPTH_FUNC, &v);
}
ROW(get_active_uniform_blockiv_value)
{
	GLint v;

	F(GetActiveUniformBlockiv)(program(), 1000, GL_UNIFORM_BLOCK_DATA_SIZE, &v);
}
ROW(get_active_uniform_block_name_value)
{
	char s[8];

	F(GetActiveUniformBlockName)(program(), 1000, sizeof(s), NULL, s);
}

/* draws */
ROW(draw_arrays_enum) { F(DrawArrays)(GL_TEXTURE_2D, 0, 3); }
ROW(draw_arrays_value) { F(DrawArrays)(GL_TRIANGLES, 0, -1); }
ROW(draw_arrays_instanced_value) { F(DrawArraysInstanced)(GL_TRIANGLES, 0, 3, -1); }
ROW(draw_arrays_instanced_enum) { F(DrawArraysInstanced)(GL_TEXTURE_2D, 0, 3, 1); }
ROW(draw_elements_enum)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	F(DrawElements)(GL_TRIANGLES, 3, GL_FLOAT, NULL);
}
ROW(draw_elements_value)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	F(DrawElements)(GL_TRIANGLES, -1, GL_UNSIGNED_SHORT, NULL);
}
ROW(draw_elements_instanced_value)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	F(DrawElementsInstanced)(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT, NULL, -1);
}
ROW(draw_elements_instanced_enum)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	F(DrawElementsInstanced)(GL_TRIANGLES, 3, GL_INT, NULL, 1);
}
ROW(draw_range_elements_value)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	F(DrawRangeElements)(GL_TRIANGLES, 2, 1, 3, GL_UNSIGNED_SHORT, NULL);
}

/* syncs */
ROW(fence_sync_enum) { ck_assert_ptr_null(F(FenceSync)(GL_TEXTURE_2D, 0)); }
ROW(fence_sync_value) { ck_assert_ptr_null(F(FenceSync)(GL_SYNC_GPU_COMMANDS_COMPLETE, 1)); }
ROW(delete_sync_value) { F(DeleteSync)((GLsync)(uintptr_t)0x1000); }
ROW(client_wait_sync_value) { F(ClientWaitSync)((GLsync)(uintptr_t)0x1000, 0, 0); }
ROW(client_wait_sync_flags)
{
	GLsync s = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);

	ck_assert_uint_eq(F(ClientWaitSync)(s, 0x80, 0), GL_WAIT_FAILED);
	gl.DeleteSync(s);
}
ROW(wait_sync_flags)
{
	GLsync s = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);

	F(WaitSync)(s, 1, GL_TIMEOUT_IGNORED);
	gl.DeleteSync(s);
}
ROW(wait_sync_timeout)
{
	GLsync s = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);

	F(WaitSync)(s, 0, 0);
	gl.DeleteSync(s);
}
ROW(get_synciv_enum)
{
	GLsync s = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
	GLint v;

	F(GetSynciv)(s, GL_DEPTH_FUNC, 1, NULL, &v);
	gl.DeleteSync(s);
}
ROW(get_synciv_value)
{
	GLint v;

	F(GetSynciv)((GLsync)(uintptr_t)0x1000, GL_SYNC_STATUS, 1, NULL, &v);
}
ROW(get_synciv_negative_bufsize)
{
	GLsync s = gl.FenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, 0);
	GLint v;

	F(GetSynciv)(s, GL_OBJECT_TYPE, -1, NULL, &v);
	gl.DeleteSync(s);
}

/* textures */
ROW(gen_textures_value) { GLuint t; F(GenTextures)(-1, &t); }
ROW(delete_textures_value) { GLuint t = 0; F(DeleteTextures)(-1, &t); }
ROW(bind_texture_enum) { GLuint t = texture(GL_TEXTURE_2D); F(BindTexture)(GL_DEPTH_FUNC, t); }
ROW(bind_texture_operation)
{
	GLuint t = texture(GL_TEXTURE_2D);
	GLuint c = texture(GL_TEXTURE_CUBE_MAP);

	F(BindTexture)(GL_TEXTURE_CUBE_MAP, t);
	ck_assert_int_eq(geti(GL_TEXTURE_BINDING_CUBE_MAP), (GLint)c);
}
ROW(active_texture_enum)
{
	F(ActiveTexture)(GL_TEXTURE0 + geti(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS));
	ck_assert_int_eq(geti(GL_ACTIVE_TEXTURE), GL_TEXTURE0);
}
ROW(generate_mipmap_enum) { texture_2d(); F(GenerateMipmap)(GL_TEXTURE_3D + 1); }
ROW(generate_mipmap_operation)
{
	/* not texture-filterable */
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA32F, 4, 4, 0, GL_RGBA, GL_FLOAT, NULL);
	F(GenerateMipmap)(GL_TEXTURE_2D);
}
ROW(tex_image_r32i)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_R32I, 4, 4, 0, GL_RED_INTEGER, GL_INT, NULL);
}
/* ES 3.0 table 3.2: each sized format takes only its own format/type pairs */
ROW(tex_image_integer_from_float)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA8UI, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image_r8_float)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_R8, 4, 4, 0, GL_RED, GL_FLOAT, NULL);
}
ROW(tex_image_rgb9_e5_byte)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGB9_E5, 4, 4, 0, GL_RGB, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image_rgb10_a2ui_norm)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGB10_A2UI, 4, 4, 0, GL_RGBA,
		      GL_UNSIGNED_INT_2_10_10_10_REV, NULL);
}
ROW(tex_image_depth32f_ushort)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT32F, 4, 4, 0, GL_DEPTH_COMPONENT,
		      GL_UNSIGNED_SHORT, NULL);
}
/* glReadPixels: an integer buffer reads only as RGBA_INTEGER of its signedness */
ROW(read_pixels_integer_as_bytes)
{
	GLuint t = texture(GL_TEXTURE_2D);
	uint8_t px[16];

	F(TexStorage2D)(GL_TEXTURE_2D, 1, GL_RGBA8I, 4, 4);
	framebuffer();
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	F(ReadPixels)(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
}
ROW(read_pixels_rgba8_as_integer)
{
	GLuint t = texture_2d();
	int32_t px[4];

	framebuffer();
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	F(ReadPixels)(0, 0, 1, 1, GL_RGBA_INTEGER, GL_INT, px);
}
/* ETC2/EAC: no 3D textures; sub-images in whole blocks; sizes exact */
ROW(compressed_tex_image3d_etc2_3d)
{
	texture(GL_TEXTURE_3D);
	F(CompressedTexImage3D)(GL_TEXTURE_3D, 0, GL_COMPRESSED_RGB8_ETC2, 4, 4, 1, 0, 8, fv);
}
ROW(compressed_tex_image2d_etc2_size)
{
	texture(GL_TEXTURE_2D);
	F(CompressedTexImage2D)(GL_TEXTURE_2D, 0, GL_COMPRESSED_RGBA8_ETC2_EAC, 4, 4, 0, 8, fv);
}
ROW(compressed_tex_sub_image2d_etc2_unaligned)
{
	texture(GL_TEXTURE_2D);
	F(CompressedTexImage2D)(GL_TEXTURE_2D, 0, GL_COMPRESSED_R11_EAC, 8, 8, 0, 32, NULL);
	F(CompressedTexSubImage2D)(GL_TEXTURE_2D, 0, 1, 0, 4, 4, GL_COMPRESSED_R11_EAC, 8, fv);
}
ROW(tex_storage2d_etc2_3d)
{
	texture(GL_TEXTURE_3D);
	F(TexStorage3D)(GL_TEXTURE_3D, 1, GL_COMPRESSED_RGB8_ETC2, 4, 4, 4);
}
/* OES_texture_stencil8 (ES 3.1): no 3D stencil textures; ES 3.0 has no STENCIL_INDEX8 texture */
ROW(tex_storage3d_stencil8_3d)
{
	texture(GL_TEXTURE_3D);
	F(TexStorage3D)(GL_TEXTURE_3D, 1, GL_STENCIL_INDEX8, 4, 4, 4);
}
ROW(tex_image2d_stencil8_es30)
{
	texture(GL_TEXTURE_2D);
	gl.TexImage2D(GL_TEXTURE_2D, 0, GL_STENCIL_INDEX8, 4, 4, 0, GL_STENCIL_INDEX,
		      GL_UNSIGNED_BYTE, NULL);
}
/* renderbuffers: only colour-, depth- or stencil-renderable sized formats */
ROW(renderbuffer_storage_snorm)
{
	renderbuffer();
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_RGBA8_SNORM, 4, 4);
}
ROW(renderbuffer_storage_rgb9_e5)
{
	renderbuffer();
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_RGB9_E5, 4, 4);
}
ROW(copy_tex_image_enum)
{
	texture_2d();
	F(CopyTexImage2D)(GL_TEXTURE_3D, 0, GL_RGBA, 0, 0, 4, 4, 0);
}
ROW(copy_tex_image_value)
{
	texture_2d();
	F(CopyTexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, -4, 4, 0);
}
/* the sizes of glTexImage2D: GL_MAX_TEXTURE_SIZE >> level at most */
ROW(copy_tex_image_max)
{
	texture_2d();
	F(CopyTexImage2D)(GL_TEXTURE_2D, 1, GL_RGBA, 0, 0, geti(GL_MAX_TEXTURE_SIZE) / 2 + 1, 1, 0);
}
ROW(copy_tex_image_border)
{
	texture_2d();
	F(CopyTexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 4, 4, 1);
}
ROW(copy_tex_sub_image_operation)
{
	texture(GL_TEXTURE_2D);
	F(CopyTexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
}
ROW(copy_tex_sub_image_value)
{
	texture_2d();
	F(CopyTexSubImage2D)(GL_TEXTURE_2D, 0, 2, 2, 0, 0, 4, 4);
}
/* no online compression: an ETC2 level takes no copy */
ROW(copy_tex_sub_image_compressed)
{
	texture(GL_TEXTURE_2D);
	F(TexStorage2D)(GL_TEXTURE_2D, 1, GL_COMPRESSED_RGB8_ETC2, 8, 8);
	F(CopyTexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 4, 4);
}
ROW(copy_tex_sub_image3d_enum)
{
	texture_2d();
	F(CopyTexSubImage3D)(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 0, 4, 4);
}
/* one past log2 of GL_MAX_3D_TEXTURE_SIZE */
static GLint level_past_3d(void)
{
	GLint n = 0, max = geti(GL_MAX_3D_TEXTURE_SIZE);

	while (max >>= 1)
		n++;
	return n + 1;
}
/* the level's range comes before the level's existence */
ROW(copy_tex_sub_image3d_level)
{
	texture(GL_TEXTURE_3D);
	F(TexImage3D)(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	F(CopyTexSubImage3D)(GL_TEXTURE_3D, level_past_3d(), 0, 0, 0, 0, 0, 4, 4);
}
ROW(tex_image_enum)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_3D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image_value)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, -4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image_level)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, -1, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image_border)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 1, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image_too_big)
{
	GLint max = geti(GL_MAX_TEXTURE_SIZE);

	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, max + 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image_format_enum)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_TEXTURE_2D, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image_mismatch)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGB, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image_sized_type)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_FLOAT, NULL);
}
ROW(tex_image_immutable)
{
	texture(GL_TEXTURE_2D);
	F(TexStorage2D)(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_sub_image_value)
{
	texture_2d();
	F(TexSubImage2D)(GL_TEXTURE_2D, 0, 2, 2, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, fv);
}
ROW(tex_sub_image_operation)
{
	texture(GL_TEXTURE_2D);
	F(TexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, fv);
}
ROW(tex_sub_image_enum)
{
	texture_2d();
	F(TexSubImage2D)(GL_TEXTURE_3D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, fv);
}
ROW(tex_storage2d_value)
{
	texture(GL_TEXTURE_2D);
	F(TexStorage2D)(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4);
}
ROW(tex_storage2d_enum)
{
	texture(GL_TEXTURE_2D);
	F(TexStorage2D)(GL_TEXTURE_2D, 1, GL_RGBA, 4, 4);
}
ROW(tex_storage2d_levels)
{
	texture(GL_TEXTURE_2D);
	F(TexStorage2D)(GL_TEXTURE_2D, 4, GL_RGBA8, 4, 4);
}
ROW(tex_storage2d_immutable)
{
	texture(GL_TEXTURE_2D);
	F(TexStorage2D)(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
	F(TexStorage2D)(GL_TEXTURE_2D, 1, GL_RGBA8, 8, 8);
}
ROW(tex_image3d_enum)
{
	texture(GL_TEXTURE_3D);
	F(TexImage3D)(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image3d_value)
{
	texture(GL_TEXTURE_3D);
	F(TexImage3D)(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, -1, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_sub_image3d_operation)
{
	texture(GL_TEXTURE_3D);
	F(TexSubImage3D)(GL_TEXTURE_3D, 0, 0, 0, 0, 1, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, fv);
}
ROW(tex_storage3d_value)
{
	texture(GL_TEXTURE_3D);
	F(TexStorage3D)(GL_TEXTURE_3D, 1, GL_RGBA8, 4, 4, 0);
}
ROW(tex_storage3d_enum)
{
	texture(GL_TEXTURE_3D);
	F(TexStorage3D)(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4, 4);
}
ROW(compressed_tex_image2d_enum)
{
	texture(GL_TEXTURE_2D);
	F(CompressedTexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, 16, fv);
}
ROW(compressed_tex_sub_image2d_enum)
{
	texture_2d();
	F(CompressedTexSubImage2D)(GL_TEXTURE_3D, 0, 0, 0, 4, 4, GL_RGBA, 16, fv);
}
ROW(compressed_tex_image3d_enum)
{
	texture(GL_TEXTURE_3D);
	F(CompressedTexImage3D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 1, 0, 16, fv);
}
ROW(compressed_tex_sub_image3d_enum)
{
	texture(GL_TEXTURE_3D);
	F(CompressedTexSubImage3D)(GL_TEXTURE_2D, 0, 0, 0, 0, 4, 4, 1, GL_RGBA, 16, fv);
}
ROW(tex_parameteri_enum)
{
	texture_2d();
	F(TexParameteri)(GL_TEXTURE_2D, GL_DEPTH_FUNC, GL_LINEAR);
}
ROW(tex_parameteri_value_enum)
{
	GLint v = 0;

	texture_2d();
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_REPEAT);
	F(GetTexParameteriv)(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, &v);
	ck_assert_int_eq(v, GL_NEAREST_MIPMAP_LINEAR);
}
ROW(tex_parameteri_value)
{
	texture_2d();
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_BASE_LEVEL, -1);
}
ROW(tex_parameterf_enum) { texture_2d(); F(TexParameterf)(GL_TEXTURE_2D, GL_DEPTH_FUNC, 0); }
/* an enum parameter given as a float no GLint can hold is no enum (and must
 * not be converted to one: that is undefined in C) */
ROW(tex_parameterf_huge_enum) { texture_2d(); F(TexParameterf)(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, 3e9f); }
ROW(tex_parameterf_huge_swizzle)
{
	texture_2d();
	F(TexParameterf)(GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, -1e20f);
}
ROW(tex_parameteriv_enum)
{
	texture_2d();
	F(TexParameteriv)(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, (GLint[]){ GL_LINEAR });
}
ROW(tex_parameterfv_enum)
{
	texture_2d();
	F(TexParameterfv)(GL_TEXTURE_3D + 1, GL_TEXTURE_WRAP_S, fv);
}
ROW(get_tex_parameteriv_enum)
{
	GLint v;

	texture_2d();
	F(GetTexParameteriv)(GL_TEXTURE_2D, GL_DEPTH_FUNC, &v);
}
ROW(get_tex_parameterfv_enum)
{
	GLfloat v;

	texture_2d();
	F(GetTexParameterfv)(GL_TEXTURE_2D, GL_DEPTH_FUNC, &v);
}

/* samplers */
ROW(gen_samplers_value) { GLuint s; F(GenSamplers)(-1, &s); }
ROW(delete_samplers_value) { GLuint s = 0; F(DeleteSamplers)(-1, &s); }
ROW(bind_sampler_value) { F(BindSampler)(geti(GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS), sampler()); }
ROW(bind_sampler_operation)
{
	GLuint s = sampler();

	F(BindSampler)(0, s);
	F(BindSampler)(0, s + 1000);
	ck_assert_int_eq(geti(GL_SAMPLER_BINDING), (GLint)s);
}
ROW(sampler_parameteri_operation) { F(SamplerParameteri)(1000, GL_TEXTURE_MIN_FILTER, GL_LINEAR); }
ROW(sampler_parameteri_enum) { F(SamplerParameteri)(sampler(), GL_TEXTURE_MIN_FILTER, GL_REPEAT); }
ROW(sampler_parameterf_enum) { F(SamplerParameterf)(sampler(), GL_DEPTH_FUNC, 0); }
ROW(sampler_parameteriv_enum) { F(SamplerParameteriv)(sampler(), GL_TEXTURE_BASE_LEVEL, iv); }
ROW(sampler_parameterfv_operation) { F(SamplerParameterfv)(1000, GL_TEXTURE_MIN_LOD, fv); }
ROW(get_sampler_parameteriv_enum)
{
	GLint v;

	F(GetSamplerParameteriv)(sampler(), GL_DEPTH_FUNC, &v);
}
ROW(get_sampler_parameterfv_operation)
{
	GLfloat v;

	F(GetSamplerParameterfv)(1000, GL_TEXTURE_MIN_LOD, &v);
}

/* renderbuffers */
ROW(gen_renderbuffers_value) { GLuint r; F(GenRenderbuffers)(-1, &r); }
ROW(delete_renderbuffers_value) { GLuint r = 0; F(DeleteRenderbuffers)(-1, &r); }
ROW(bind_renderbuffer_enum) { F(BindRenderbuffer)(GL_FRAMEBUFFER, renderbuffer()); }
ROW(renderbuffer_storage_enum)
{
	renderbuffer();
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_RGB, 4, 4);
}
ROW(renderbuffer_storage_value)
{
	renderbuffer();
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_RGBA8, geti(GL_MAX_RENDERBUFFER_SIZE) + 1, 4);
}
ROW(renderbuffer_storage_negative)
{
	renderbuffer();
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_RGBA8, -1, 4);
}
ROW(renderbuffer_storage_operation) { F(RenderbufferStorage)(GL_RENDERBUFFER, GL_RGBA8, 4, 4); }
ROW(get_renderbuffer_parameteriv_enum)
{
	GLint v;

	renderbuffer();
	F(GetRenderbufferParameteriv)(GL_RENDERBUFFER, GL_DEPTH_FUNC, &v);
}
ROW(get_renderbuffer_parameteriv_operation)
{
	GLint v;

	F(GetRenderbufferParameteriv)(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
}

/* framebuffer objects */
ROW(gen_framebuffers_value) { GLuint f; F(GenFramebuffers)(-1, &f); }
ROW(delete_framebuffers_value) { GLuint f = 0; F(DeleteFramebuffers)(-1, &f); }
ROW(bind_framebuffer_enum)
{
	GLuint f = framebuffer();

	F(BindFramebuffer)(GL_RENDERBUFFER, 0);
	ck_assert_int_eq(geti(GL_FRAMEBUFFER_BINDING), (GLint)f);
}
ROW(framebuffer_texture2d_operation)
{
	GLuint t = texture_2d();

	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
}
ROW(framebuffer_texture2d_enum)
{
	GLuint t = texture_2d();

	framebuffer();
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, t, 0);
}
ROW(framebuffer_texture2d_name)
{
	framebuffer();
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 1000, 0);
}
ROW(framebuffer_texture2d_level)
{
	GLuint t = texture_2d();

	framebuffer();
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, -1);
}
ROW(framebuffer_renderbuffer_enum)
{
	GLuint r = renderbuffer();

	framebuffer();
	F(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, r);
}
ROW(framebuffer_renderbuffer_operation)
{
	GLuint r = renderbuffer();

	F(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, r);
}
ROW(framebuffer_renderbuffer_name)
{
	framebuffer();
	F(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 1000);
}
ROW(framebuffer_texture_layer_value)
{
	GLuint t = texture(GL_TEXTURE_3D);

	F(TexImage3D)(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	framebuffer();
	F(FramebufferTextureLayer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, -1);
}
ROW(framebuffer_texture_layer_level)
{
	GLuint t = texture(GL_TEXTURE_3D);

	F(TexImage3D)(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	framebuffer();
	F(FramebufferTextureLayer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, level_past_3d(), 0);
}
ROW(framebuffer_texture_layer_operation)
{
	GLuint t = texture_2d();

	framebuffer();
	F(FramebufferTextureLayer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 0);
}
ROW(check_framebuffer_status_enum)
{
	ck_assert_uint_eq(F(CheckFramebufferStatus)(GL_RENDERBUFFER), 0);
}
ROW(get_fb_attachment_enum)
{
	GLuint t = texture_2d();
	GLint v;

	framebuffer();
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	F(GetFramebufferAttachmentParameteriv)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_DEPTH_FUNC,
					       &v);
}
/* nothing attached: ES 3.0 says INVALID_OPERATION, ES 2.0 INVALID_ENUM */
ROW(get_fb_attachment_none)
{
	GLint v;

	framebuffer();
	F(GetFramebufferAttachmentParameteriv)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
}
static void default_fb_query(GLenum attachment, GLenum pname)
{
	GLint v;

	F(GetFramebufferAttachmentParameteriv)(GL_FRAMEBUFFER, attachment, pname, &v);
}
/* ES 3.0 §6.1.13 answers for the default framebuffer's BACK; ES 2.0 does not */
ROW(get_fb_attachment_default)
{
	default_fb_query(GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE);
}
/* ES 3.0 §6.1.13: framebuffer 0 has no attachment object names */
ROW(get_fb_attachment_default_name)
{
	default_fb_query(GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME);
}
ROW(get_fb_attachment_default_color0)
{
	default_fb_query(GL_COLOR_ATTACHMENT0, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE);
}
ROW(get_fb_attachment_target)
{
	GLint v;

	F(GetFramebufferAttachmentParameteriv)(GL_RENDERBUFFER, GL_BACK,
					       GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
}
ROW(invalidate_framebuffer_enum)
{
	GLenum a = GL_COLOR_ATTACHMENT0;

	F(InvalidateFramebuffer)(GL_RENDERBUFFER, 1, &a);
}
ROW(invalidate_framebuffer_value)
{
	GLenum a = GL_COLOR;

	F(InvalidateFramebuffer)(GL_FRAMEBUFFER, -1, &a);
}
ROW(invalidate_sub_framebuffer_value)
{
	GLenum a = GL_COLOR;

	F(InvalidateSubFramebuffer)(GL_FRAMEBUFFER, 1, &a, 0, 0, -1, 4);
}

/* draw and read buffers, blits, multisample renderbuffers (ES 3.0 §4.2.1, §4.3, §4.4.2) */
static const GLenum two_colors[2] = { GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };

/* An FBO bound to target with a w x h renderbuffer of `format` and `samples` on att. */
static GLuint fbo_rb(GLenum target, GLenum att, GLsizei samples, GLenum format, GLsizei w,
		     GLsizei h)
{
	GLuint f, r = renderbuffer();

	F(RenderbufferStorageMultisample)(GL_RENDERBUFFER, samples, format, w, h);
	F(GenFramebuffers)(1, &f);
	F(BindFramebuffer)(target, f);
	F(FramebufferRenderbuffer)(target, att, GL_RENDERBUFFER, r);
	return f;
}

static void blit8(GLbitfield mask, GLenum filter)
{
	F(BlitFramebuffer)(0, 0, 8, 8, 0, 0, 8, 8, mask, filter);
}

ROW(draw_buffers_value) { F(DrawBuffers)(-1, two_colors); }
ROW(draw_buffers_null) { F(DrawBuffers)(1, NULL); }
ROW(draw_buffers_too_many)
{
	GLenum b[16] = { GL_COLOR_ATTACHMENT0 };

	framebuffer();
	F(DrawBuffers)(geti(GL_MAX_DRAW_BUFFERS) + 1, b);
}
ROW(draw_buffers_enum)
{
	GLenum b = GL_DEPTH_ATTACHMENT;

	framebuffer();
	F(DrawBuffers)(1, &b);
}
/* framebuffer 0: one buffer, GL_BACK or GL_NONE */
ROW(draw_buffers_default_two) { F(DrawBuffers)(2, two_colors); }
/* GL_EXT_draw_buffers' name for it (framebuffer 0: one buffer) */
ROW(draw_buffers_ext_default_two)
{
	((PFNGLDRAWBUFFERSPROC)glt_proc("glDrawBuffersEXT"))(2, two_colors);
}
ROW(draw_buffers_default_attachment)
{
	F(DrawBuffers)(1, two_colors);
	ck_assert_int_eq(geti(GL_DRAW_BUFFER0), GL_BACK);
}
/* an FBO: COLOR_ATTACHMENTi in slot i or GL_NONE */
ROW(draw_buffers_fbo_back)
{
	GLenum b = GL_BACK;

	framebuffer();
	F(DrawBuffers)(1, &b);
	ck_assert_int_eq(geti(GL_DRAW_BUFFER0), GL_COLOR_ATTACHMENT0);
}
ROW(draw_buffers_fbo_slot)
{
	framebuffer();
	F(DrawBuffers)(1, &two_colors[1]);
}
ROW(read_buffer_enum) { F(ReadBuffer)(GL_DEPTH_ATTACHMENT); }
ROW(read_buffer_default_attachment)
{
	F(ReadBuffer)(GL_COLOR_ATTACHMENT0);
	ck_assert_int_eq(geti(GL_READ_BUFFER), GL_BACK);
}
ROW(read_buffer_fbo_back) { framebuffer(); F(ReadBuffer)(GL_BACK); }
ROW(read_buffer_fbo_past_max)
{
	framebuffer();
	F(ReadBuffer)(GL_COLOR_ATTACHMENT0 + geti(GL_MAX_COLOR_ATTACHMENTS));
}
/* the last name of the attachment range, past any implementation's maximum */
ROW(read_buffer_fbo_attachment31)
{
	framebuffer();
	F(ReadBuffer)(GL_COLOR_ATTACHMENT0 + 31);
}
ROW(read_pixels_read_buffer_none)
{
	uint8_t px[4];

	F(ReadBuffer)(GL_NONE);
	F(ReadPixels)(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
}
ROW(read_pixels_multisample)
{
	uint8_t px[4];

	fbo_rb(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 4, GL_RGBA8, 8, 8);
	F(ReadPixels)(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
}
ROW(copy_tex_image_read_buffer_none)
{
	texture(GL_TEXTURE_2D);
	F(ReadBuffer)(GL_NONE);
	F(CopyTexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 0, 0, 4, 4, 0);
}
ROW(framebuffer_texture2d_past_max)
{
	GLuint t = texture_2d();

	framebuffer();
	F(FramebufferTexture2D)(GL_FRAMEBUFFER,
				GL_COLOR_ATTACHMENT0 + geti(GL_MAX_COLOR_ATTACHMENTS),
				GL_TEXTURE_2D, t, 0);
}
ROW(get_fb_attachment_past_max)
{
	GLint v;

	framebuffer();
	F(GetFramebufferAttachmentParameteriv)(GL_FRAMEBUFFER,
					       GL_COLOR_ATTACHMENT0 + geti(GL_MAX_COLOR_ATTACHMENTS),
					       GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
}
ROW(invalidate_framebuffer_past_max)
{
	GLenum a;

	framebuffer();
	a = GL_COLOR_ATTACHMENT0 + geti(GL_MAX_COLOR_ATTACHMENTS);
	F(InvalidateFramebuffer)(GL_FRAMEBUFFER, 1, &a);
}
ROW(blit_value) { blit8(GL_COLOR_BUFFER_BIT | 0x2, GL_NEAREST); }
ROW(blit_enum) { blit8(GL_COLOR_BUFFER_BIT, GL_LINEAR_MIPMAP_LINEAR); }
ROW(blit_linear_depth) { blit8(GL_DEPTH_BUFFER_BIT, GL_LINEAR); }
ROW(blit_incomplete)
{
	framebuffer();
	blit8(GL_COLOR_BUFFER_BIT, GL_NEAREST);
}
ROW(blit_draw_multisample)
{
	fbo_rb(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 4, GL_RGBA8, 8, 8);
	blit8(GL_COLOR_BUFFER_BIT, GL_NEAREST);
}
/* a multisample read framebuffer too: still no multisample destination */
ROW(blit_multisample_to_multisample)
{
	fbo_rb(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 4, GL_RGBA8, 8, 8);
	fbo_rb(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 4, GL_RGBA8, 8, 8);
	blit8(GL_COLOR_BUFFER_BIT, GL_NEAREST);
}
/* a resolve: the same rectangles, the same formats */
ROW(blit_resolve_rects)
{
	fbo_rb(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 4, GL_RGBA8, 8, 8);
	fbo_rb(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 0, GL_RGBA8, 8, 8);
	F(BlitFramebuffer)(0, 0, 8, 8, 0, 0, 4, 4, GL_COLOR_BUFFER_BIT, GL_NEAREST);
}
ROW(blit_resolve_formats)
{
	fbo_rb(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 4, GL_RGBA8, 8, 8);
	fbo_rb(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 0, GL_RGB565, 8, 8);
	blit8(GL_COLOR_BUFFER_BIT, GL_NEAREST);
}
ROW(blit_depth_formats)
{
	fbo_rb(GL_READ_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, 0, GL_DEPTH_COMPONENT16, 8, 8);
	fbo_rb(GL_DRAW_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, 0, GL_DEPTH24_STENCIL8, 8, 8);
	blit8(GL_DEPTH_BUFFER_BIT, GL_NEAREST);
}
/* colour between integer and other buffers; integers never filter linearly */
static void blit_colors(GLenum read_format, GLenum draw_format, GLenum filter)
{
	fbo_rb(GL_READ_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 0, read_format, 8, 8);
	fbo_rb(GL_DRAW_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 0, draw_format, 8, 8);
	blit8(GL_COLOR_BUFFER_BIT, filter);
}
ROW(blit_integer_to_normalized) { blit_colors(GL_RGBA8UI, GL_RGBA8, GL_NEAREST); }
ROW(blit_integer_linear) { blit_colors(GL_RGBA8UI, GL_RGBA8UI, GL_LINEAR); }
/* ES: a buffer onto itself where the rectangles overlap */
ROW(blit_same_buffer)
{
	F(BlitFramebuffer)(0, 0, 8, 8, 4, 4, 12, 12, GL_COLOR_BUFFER_BIT, GL_NEAREST);
}
ROW(renderbuffer_storage_ms_enum)
{
	renderbuffer();
	F(RenderbufferStorageMultisample)(GL_RENDERBUFFER, 4, GL_RGB, 4, 4);
}
ROW(renderbuffer_storage_ms_samples)
{
	renderbuffer();
	F(RenderbufferStorageMultisample)(GL_RENDERBUFFER, -1, GL_RGBA8, 4, 4);
}
ROW(renderbuffer_storage_ms_size)
{
	renderbuffer();
	F(RenderbufferStorageMultisample)(GL_RENDERBUFFER, 4, GL_RGBA8, -1, 4);
}
ROW(renderbuffer_storage_ms_too_many)
{
	GLint most = 0;

	renderbuffer();
	F(GetInternalformativ)(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, 1, &most);
	F(RenderbufferStorageMultisample)(GL_RENDERBUFFER, most + 1, GL_RGBA8, 4, 4);
}
ROW(get_internalformat_target)
{
	GLint v;

	F(GetInternalformativ)(GL_TEXTURE_2D, GL_RGBA8, GL_NUM_SAMPLE_COUNTS, 1, &v);
}
/* not colour-, depth- or stencil-renderable */
ROW(get_internalformat_format)
{
	GLint v;

	F(GetInternalformativ)(GL_RENDERBUFFER, GL_RGB9_E5, GL_NUM_SAMPLE_COUNTS, 1, &v);
}
ROW(get_internalformat_pname)
{
	GLint v;

	F(GetInternalformativ)(GL_RENDERBUFFER, GL_RGBA8, GL_RENDERBUFFER_WIDTH, 1, &v);
}
ROW(get_internalformat_bufsize)
{
	GLint v;

	F(GetInternalformativ)(GL_RENDERBUFFER, GL_RGBA8, GL_SAMPLES, -1, &v);
}

/* more rows: ES 2.0 / 3.0 differences and calls that must NOT be errors */
ROW(draw_arrays_no_program) { F(DrawArrays)(GL_TRIANGLES, 0, 3); }
ROW(uniform4f_minus_one) { program(); F(Uniform4f)(-1, 0, 0, 0, 0); }
ROW(uniform4f_bad_location) { program(); F(Uniform4f)(1000, 0, 0, 0, 0); }
ROW(attach_shader_unknown) { F(AttachShader)(gl.CreateProgram(), 1000); }
ROW(delete_sync_zero) { F(DeleteSync)(NULL); }
ROW(attrib_pointer_packed_size)
{
	F(VertexAttribPointer)(0, 3, GL_INT_2_10_10_10_REV, GL_TRUE, 0, NULL);
}
ROW(tex_image_cube_square)
{
	texture(GL_TEXTURE_CUBE_MAP);
	F(TexImage2D)(GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, GL_RGBA, 4, 2, 0, GL_RGBA,
		      GL_UNSIGNED_BYTE, NULL);
}
/* ES 2.0 errors (INVALID_VALUE, INVALID_OPERATION) that OES_texture_npot lifts */
ROW(tex_image_es2_npot_level)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 1, GL_RGBA, 3, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}
ROW(generate_mipmap_es2_npot)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 3, 3, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	F(GenerateMipmap)(GL_TEXTURE_2D);
}
ROW(attrib_pointer_wide_stride) { F(VertexAttribPointer)(0, 4, GL_FLOAT, GL_FALSE, 256, NULL); }
ROW(read_pixels_es3_byte) { int8_t px[4]; F(ReadPixels)(0, 0, 1, 1, GL_RGBA, GL_BYTE, px); }
ROW(read_pixels_es2_float) { float px[4]; F(ReadPixels)(0, 0, 1, 1, GL_RGBA, GL_FLOAT, px); }
ROW(buffer_data_es2_enum) { F(BufferData)(GL_UNIFORM_BUFFER, 4, NULL, GL_STATIC_DRAW); }

/* extensions (gl/vgl_extensions.c): entry points with no <GLES3/gl3.h> prototype */
typedef void (GL_APIENTRY *draw_bv_fn)(GLenum, GLsizei, GLenum, const void *, GLint);
typedef void (GL_APIENTRY *draw_inst_bv_fn)(GLenum, GLsizei, GLenum, const void *, GLsizei,
					     GLint);
typedef void (GL_APIENTRY *draw_range_bv_fn)(GLenum, GLuint, GLuint, GLsizei, GLenum,
					      const void *, GLint);
typedef void (GL_APIENTRY *multi_arrays_fn)(GLenum, const GLint *, const GLsizei *, GLsizei);
typedef void (GL_APIENTRY *multi_elements_fn)(GLenum, const GLsizei *, GLenum,
					       const void *const *, GLsizei);
typedef void (GL_APIENTRY *multi_elements_bv_fn)(GLenum, const GLsizei *, GLenum,
						  const void *const *, GLsizei, const GLint *);
typedef void (GL_APIENTRY *discard_fn)(GLenum, GLsizei, const GLenum *);
#define FX(n, T) ((T)glt_proc("gl" #n))
/* OES_viewport_array (ES 3.1 contexts): a slot past GL_MAX_VIEWPORTS_OES, a
 * negative size; without the extension (ES 3.0) INVALID_OPERATION */
typedef void (GL_APIENTRY *vp_array_fn)(GLuint, GLsizei, const GLfloat *);
typedef void (GL_APIENTRY *vp_indexedf_fn)(GLuint, GLfloat, GLfloat, GLfloat, GLfloat);
typedef void (GL_APIENTRY *vp_indexedfv_fn)(GLuint, const GLfloat *);
typedef void (GL_APIENTRY *sc_array_fn)(GLuint, GLsizei, const GLint *);
typedef void (GL_APIENTRY *sc_indexed_fn)(GLuint, GLint, GLint, GLsizei, GLsizei);
typedef void (GL_APIENTRY *sc_indexedv_fn)(GLuint, const GLint *);
typedef void (GL_APIENTRY *dr_indexed_fn)(GLuint, GLfloat, GLfloat);
typedef void (GL_APIENTRY *get_floati_fn)(GLenum, GLuint, GLfloat *);
static const GLfloat vp_one[8] = { 0, 0, 1, 1, 0, 0, 1, 1 };
static const GLint sc_one[4] = { 0, 0, 1, 1 };
ROW(viewport_array_value) { FX(ViewportArrayvOES, vp_array_fn)(15, 2, vp_one); }
ROW(viewport_array_size) { FX(ViewportArrayvOES, vp_array_fn)(0, 1, (const GLfloat[]){ 0, 0, -1, 1 }); }
ROW(viewport_array_es30) { FX(ViewportArrayvOES, vp_array_fn)(0, 1, vp_one); }
ROW(viewport_indexedf_value) { FX(ViewportIndexedfOES, vp_indexedf_fn)(16, 0, 0, 1, 1); }
ROW(viewport_indexedfv_value) { FX(ViewportIndexedfvOES, vp_indexedfv_fn)(16, vp_one); }
ROW(scissor_array_value) { FX(ScissorArrayvOES, sc_array_fn)(0, 17, sc_one); }
ROW(scissor_indexed_value) { FX(ScissorIndexedOES, sc_indexed_fn)(0, 0, 0, 1, -1); }
ROW(scissor_indexedv_value) { FX(ScissorIndexedvOES, sc_indexedv_fn)(16, sc_one); }
ROW(depth_range_array_value) { FX(DepthRangeArrayfvOES, vp_array_fn)(16, 1, vp_one); }
ROW(depth_range_indexed_value) { FX(DepthRangeIndexedfOES, dr_indexed_fn)(16, 0, 1); }
/* OES/EXT_texture_view (ES 3.1 contexts): texture 0, a name never
 * generated; without the extension (ES 3.0) INVALID_OPERATION (the rest:
 * test_gl_texture_view) */
typedef void (GL_APIENTRY *tex_view_fn)(GLuint, GLenum, GLuint, GLenum, GLuint, GLuint, GLuint,
					GLuint);
ROW(texture_view_zero) { FX(TextureViewOES, tex_view_fn)(0, GL_TEXTURE_2D, 1, GL_RGBA8, 0, 1, 0, 1); }
ROW(texture_view_not_generated)
{
	FX(TextureViewEXT, tex_view_fn)(4242, GL_TEXTURE_2D, 1, GL_RGBA8, 0, 1, 0, 1);
}
ROW(texture_view_es30) { FX(TextureViewOES, tex_view_fn)(0, GL_TEXTURE_2D, 1, GL_RGBA8, 0, 1, 0, 1); }
ROW(get_floati_value) { GLfloat v[4]; FX(GetFloati_vOES, get_floati_fn)(GL_VIEWPORT, 16, v); }
ROW(get_floati_enum) { GLfloat v[4]; FX(GetFloati_vOES, get_floati_fn)(GL_DEPTH_FUNC, 0, v); }
ROW(get_floati_es30) { GLfloat v[4]; FX(GetFloati_vOES, get_floati_fn)(GL_VIEWPORT, 0, v); }
#define HALF_FLOAT_OES 0x8D61
#define BGRA_EXT 0x80E1

ROW(draw_arrays_instanced_ext_value)
{
	FX(DrawArraysInstancedEXT, PFNGLDRAWARRAYSINSTANCEDPROC)(GL_TRIANGLES, 0, 3, -1);
}
ROW(draw_elements_instanced_ext_enum)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	FX(DrawElementsInstancedEXT, PFNGLDRAWELEMENTSINSTANCEDPROC)(GL_TRIANGLES, 3, GL_FLOAT,
								    NULL, 1);
}
ROW(draw_elements_bv_enum)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	FX(DrawElementsBaseVertexOES, draw_bv_fn)(GL_TEXTURE_2D, 3, GL_UNSIGNED_SHORT, NULL, 2);
}
ROW(draw_elements_bv_value)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	FX(DrawElementsBaseVertexOES, draw_bv_fn)(GL_TRIANGLES, -1, GL_UNSIGNED_SHORT, NULL, 2);
}
ROW(draw_elements_inst_bv_value)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	FX(DrawElementsInstancedBaseVertexOES, draw_inst_bv_fn)(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT,
								NULL, -1, 2);
}
ROW(draw_range_bv_value)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	FX(DrawRangeElementsBaseVertexOES, draw_range_bv_fn)(GL_TRIANGLES, 2, 1, 3,
							     GL_UNSIGNED_SHORT, NULL, 2);
}
ROW(multi_draw_arrays_value)
{
	const GLint first[1] = { 0 };
	const GLsizei count[1] = { 3 };

	FX(MultiDrawArraysEXT, multi_arrays_fn)(GL_TRIANGLES, first, count, -1);
}
ROW(multi_draw_arrays_count_value)
{
	const GLint first[2] = { 0, 0 };
	const GLsizei count[2] = { 3, -1 };

	FX(MultiDrawArraysEXT, multi_arrays_fn)(GL_TRIANGLES, first, count, 2);
}
ROW(multi_draw_elements_enum)
{
	const GLsizei count[1] = { 3 };
	const void *const idx[1] = { NULL };

	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	FX(MultiDrawElementsEXT, multi_elements_fn)(GL_TRIANGLES, count, GL_FLOAT, idx, 1);
}
ROW(multi_draw_elements_bv_value)
{
	const GLsizei count[1] = { 3 };
	const void *const idx[1] = { NULL };
	const GLint bv[1] = { 1 };

	FX(MultiDrawElementsBaseVertexEXT, multi_elements_bv_fn)(GL_TRIANGLES, count,
								 GL_UNSIGNED_SHORT, idx, -1, bv);
}
/* NULL arrays with n > 0 (issue #14): what is to be read and is not there
 * is INVALID_VALUE, as a NULL glShaderSource string (Mesa) */
ROW(multi_draw_arrays_null)
{
	FX(MultiDrawArraysEXT, multi_arrays_fn)(GL_TRIANGLES, NULL, NULL, 2);
}
ROW(multi_draw_elements_null)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	FX(MultiDrawElementsEXT, multi_elements_fn)(GL_TRIANGLES, NULL, GL_UNSIGNED_SHORT, NULL, 2);
}
ROW(multi_draw_elements_bv_null)
{
	const GLsizei count[1] = { 3 };
	const void *const idx[1] = { NULL };

	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	FX(MultiDrawElementsBaseVertexEXT, multi_elements_bv_fn)(GL_TRIANGLES, count,
								 GL_UNSIGNED_SHORT, idx, 1, NULL);
}
ROW(discard_framebuffer_target)
{
	GLenum a = GL_COLOR;

	FX(DiscardFramebufferEXT, discard_fn)(GL_READ_FRAMEBUFFER, 1, &a);
}
ROW(discard_framebuffer_value)
{
	GLenum a = GL_COLOR;

	FX(DiscardFramebufferEXT, discard_fn)(GL_FRAMEBUFFER, -1, &a);
}
/* the default framebuffer's names are COLOR_EXT, DEPTH_EXT, STENCIL_EXT */
ROW(discard_framebuffer_default_att)
{
	GLenum a = GL_COLOR_ATTACHMENT0;

	FX(DiscardFramebufferEXT, discard_fn)(GL_FRAMEBUFFER, 1, &a);
}
/* ES 2.0 has one colour attachment */
ROW(discard_framebuffer_es2_att)
{
	GLenum a = GL_COLOR_ATTACHMENT1;

	framebuffer();
	FX(DiscardFramebufferEXT, discard_fn)(GL_FRAMEBUFFER, 1, &a);
}
ROW(discard_framebuffer_ok)
{
	GLenum a[3] = { GL_COLOR, GL_DEPTH, GL_STENCIL };

	FX(DiscardFramebufferEXT, discard_fn)(GL_FRAMEBUFFER, 3, a);
}
/* OES_vertex_half_float's token, in both versions; never an integer type */
ROW(attrib_pointer_half_oes) { F(VertexAttribPointer)(0, 4, HALF_FLOAT_OES, GL_FALSE, 0, NULL); }
ROW(attrib_ipointer_half_oes) { F(VertexAttribIPointer)(0, 4, HALF_FLOAT_OES, 0, NULL); }
/* OES_texture_float / OES_texture_half_float in ES 2.0 (unsized, format == internal) */
ROW(tex_image_es2_float)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_FLOAT, NULL);
}
ROW(tex_image_es2_half_oes)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_LUMINANCE, 4, 4, 0, GL_LUMINANCE, HALF_FLOAT_OES, NULL);
}
/* ES 3.0's GL_HALF_FLOAT is not OES_texture_half_float's token */
ROW(tex_image_es2_half_es3_token)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_HALF_FLOAT, NULL);
}
/* EXT_texture_format_BGRA8888: internalformat and format both BGRA_EXT, bytes only */
ROW(tex_image_bgra)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, BGRA_EXT, 4, 4, 0, BGRA_EXT, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image_bgra_mismatch)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, BGRA_EXT, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image_bgra_type)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, BGRA_EXT, 4, 4, 0, BGRA_EXT, GL_UNSIGNED_SHORT_4_4_4_4,
		      NULL);
}
/* OES_required_internalformat: sized formats in ES 2.0, with their one type */
ROW(tex_image_es2_sized)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image_es2_sized_type)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_SHORT_4_4_4_4, NULL);
}
/* OES_rgb8_rgba8 / OES_depth24 / OES_packed_depth_stencil renderbuffers in ES 2.0 */
ROW(renderbuffer_storage_es2_rgba8)
{
	renderbuffer();
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_RGBA8, 4, 4);
}
ROW(renderbuffer_storage_es2_d24s8)
{
	renderbuffer();
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 4, 4);
}

/* EXT_texture_rg, EXT_texture_type_2_10_10_10_REV in ES 2.0 */
ROW(tex_image_es2_red)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RED, 4, 4, 0, GL_RED, GL_UNSIGNED_BYTE, NULL);
}
ROW(tex_image_es2_2_10_10_10)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_INT_2_10_10_10_REV,
		      NULL);
}
/* the type with a luminance format: no such combination */
ROW(tex_image_2_10_10_10_luminance)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_LUMINANCE, 4, 4, 0, GL_LUMINANCE,
		      GL_UNSIGNED_INT_2_10_10_10_REV, NULL);
}
ROW(renderbuffer_storage_es2_r8)
{
	renderbuffer();
	F(RenderbufferStorage)(GL_RENDERBUFFER, GL_R8, 4, 4);
}

/* EXT_read_format_bgra: BGRA bytes are read, its packed types are not */
ROW(read_pixels_bgra)
{
	uint8_t px[4];

	F(ReadPixels)(0, 0, 1, 1, BGRA_EXT, GL_UNSIGNED_BYTE, px);
}
ROW(read_pixels_bgra_4444_rev)
{
	uint16_t px[1];

	F(ReadPixels)(0, 0, 1, 1, BGRA_EXT, 0x8365 /* UNSIGNED_SHORT_4_4_4_4_REV_EXT */, px);
}

/* EXT_draw_elements_base_vertex: the OES functions under EXT names */
ROW(draw_elements_bv_ext_enum)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	FX(DrawElementsBaseVertexEXT, draw_bv_fn)(GL_TRIANGLES, 3, GL_FLOAT, NULL, 2);
}
ROW(draw_elements_inst_bv_ext_value)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	FX(DrawElementsInstancedBaseVertexEXT, draw_inst_bv_fn)(GL_TRIANGLES, 3, GL_UNSIGNED_SHORT,
								NULL, -1, 2);
}
ROW(draw_range_bv_ext_value)
{
	buffer(GL_ELEMENT_ARRAY_BUFFER, 16);
	FX(DrawRangeElementsBaseVertexEXT, draw_range_bv_fn)(GL_TRIANGLES, 2, 1, 3,
							     GL_UNSIGNED_SHORT, NULL, 2);
}
/* OES_texture_float's unsized formats mipmap (OES_texture_float_linear) */
ROW(generate_mipmap_es2_float)
{
	texture(GL_TEXTURE_2D);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_FLOAT, NULL);
	F(GenerateMipmap)(GL_TEXTURE_2D);
}
/* APPLE_texture_max_level: MAX_LEVEL in ES 2.0 (BASE_LEVEL stays ES 3.0's) */
ROW(tex_parameter_es2_max_level)
{
	texture(GL_TEXTURE_2D);
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, 0);
}

/* EXT_texture_filter_anisotropic: at least 1, in both versions */
ROW(tex_parameter_anisotropy_value)
{
	texture(GL_TEXTURE_2D);
	F(TexParameterf)(GL_TEXTURE_2D, 0x84FE /* TEXTURE_MAX_ANISOTROPY_EXT */, 0.5f);
}
ROW(get_floatv_max_anisotropy)
{
	GLfloat v = 0;

	F(GetFloatv)(0x84FF /* MAX_TEXTURE_MAX_ANISOTROPY_EXT */, &v);
	ck_assert(v >= 2.0f);
}

/* OES_fbo_render_mipmap: any level of an ES 2.0 texture */
ROW(framebuffer_texture2d_es2_level1)
{
	GLuint t = texture_2d();

	F(TexImage2D)(GL_TEXTURE_2D, 1, GL_RGBA, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	framebuffer();
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 1);
}

/* OES_compressed_ETC1_RGB8_texture: 8 bytes a 4x4 block, no partial updates */
#define ETC1_RGB8_OES 0x8D64
static const uint8_t etc1_block[8];
ROW(compressed_tex_image2d_etc1_size)
{
	texture(GL_TEXTURE_2D);
	F(CompressedTexImage2D)(GL_TEXTURE_2D, 0, ETC1_RGB8_OES, 4, 4, 0, 16, etc1_block);
}
ROW(compressed_tex_image2d_etc1_border)
{
	texture(GL_TEXTURE_2D);
	F(CompressedTexImage2D)(GL_TEXTURE_2D, 0, ETC1_RGB8_OES, 4, 4, 1, 8, etc1_block);
}
ROW(compressed_tex_image2d_etc1)
{
	texture(GL_TEXTURE_2D);
	F(CompressedTexImage2D)(GL_TEXTURE_2D, 0, ETC1_RGB8_OES, 2, 2, 0, 8, etc1_block);
}
ROW(compressed_tex_sub_image2d_etc1)
{
	compressed_tex_image2d_etc1();
	F(CompressedTexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 2, 2, ETC1_RGB8_OES, 8, etc1_block);
}
ROW(tex_sub_image_etc1)
{
	compressed_tex_image2d_etc1();
	F(TexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, etc1_block);
}

/* pixel buffer objects (ES 3.0 §3.7.1, §4.3.1): the data pointer is an offset */
#define OFFSET(n) ((void *)(uintptr_t)(n))
ROW(bind_buffer_es2_pixel_pack) { F(BindBuffer)(GL_PIXEL_PACK_BUFFER, 0); }
ROW(bind_buffer_es2_pixel_unpack) { F(BindBuffer)(GL_PIXEL_UNPACK_BUFFER, 0); }
ROW(read_pixels_pbo_mapped)
{
	buffer(GL_PIXEL_PACK_BUFFER, 64);
	ck_assert_ptr_nonnull(gl.MapBufferRange(GL_PIXEL_PACK_BUFFER, 0, 4, GL_MAP_READ_BIT));
	F(ReadPixels)(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, OFFSET(0));
	gl.UnmapBuffer(GL_PIXEL_PACK_BUFFER);
}
ROW(read_pixels_pbo_range)
{
	buffer(GL_PIXEL_PACK_BUFFER, 64);
	F(ReadPixels)(0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, OFFSET(4));
}
ROW(read_pixels_pbo_huge)
{
	buffer(GL_PIXEL_PACK_BUFFER, 64);
	F(ReadPixels)(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, OFFSET(UINTPTR_MAX - 2));
}
ROW(tex_image_pbo_mapped)
{
	texture(GL_TEXTURE_2D);
	buffer(GL_PIXEL_UNPACK_BUFFER, 64);
	ck_assert_ptr_nonnull(gl.MapBufferRange(GL_PIXEL_UNPACK_BUFFER, 0, 4, GL_MAP_READ_BIT));
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, OFFSET(0));
	gl.UnmapBuffer(GL_PIXEL_UNPACK_BUFFER);
}
ROW(tex_image_pbo_range)
{
	texture(GL_TEXTURE_2D);
	buffer(GL_PIXEL_UNPACK_BUFFER, 64);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, OFFSET(4));
}
ROW(tex_image_pbo_misaligned)
{
	texture(GL_TEXTURE_2D);
	buffer(GL_PIXEL_UNPACK_BUFFER, 64);
	F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGB, 1, 1, 0, GL_RGB, GL_UNSIGNED_SHORT_5_6_5,
		      OFFSET(1));
}
ROW(tex_sub_image_pbo_range)
{
	texture_2d();
	buffer(GL_PIXEL_UNPACK_BUFFER, 64);
	F(TexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 4, 4, GL_RGBA, GL_UNSIGNED_BYTE, OFFSET(1));
}
ROW(tex_image3d_pbo_overflow)
{
	texture(GL_TEXTURE_3D);
	buffer(GL_PIXEL_UNPACK_BUFFER, 64);
	F(PixelStorei)(GL_UNPACK_ROW_LENGTH, INT32_MAX);
	F(PixelStorei)(GL_UNPACK_IMAGE_HEIGHT, INT32_MAX);
	F(TexImage3D)(GL_TEXTURE_3D, 0, GL_RGBA32F, 1, 1, 2, 0, GL_RGBA, GL_FLOAT, OFFSET(0));
}
ROW(tex_sub_image3d_pbo_range)
{
	texture(GL_TEXTURE_3D);
	F(TexImage3D)(GL_TEXTURE_3D, 0, GL_RGBA8, 2, 2, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	buffer(GL_PIXEL_UNPACK_BUFFER, 16);
	F(TexSubImage3D)(GL_TEXTURE_3D, 0, 0, 0, 0, 2, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, OFFSET(0));
}
ROW(compressed_tex_image2d_pbo_range)
{
	texture(GL_TEXTURE_2D);
	buffer(GL_PIXEL_UNPACK_BUFFER, 8);
	F(CompressedTexImage2D)(GL_TEXTURE_2D, 0, ETC1_RGB8_OES, 4, 4, 0, 8, OFFSET(4));
}
ROW(buffer_sub_data_huge)
{
	buffer(GL_ARRAY_BUFFER, 16);
	F(BufferSubData)(GL_ARRAY_BUFFER, 8, INTPTR_MAX, fv);
}
ROW(map_buffer_range_huge)
{
	buffer(GL_ARRAY_BUFFER, 16);
	ck_assert_ptr_null(F(MapBufferRange)(GL_ARRAY_BUFFER, INTPTR_MAX, 8, GL_MAP_READ_BIT));
}
ROW(copy_buffer_sub_data_huge)
{
	buffer(GL_COPY_READ_BUFFER, 16);
	buffer(GL_COPY_WRITE_BUFFER, 16);
	F(CopyBufferSubData)(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, INTPTR_MAX, 0, 8);
}
ROW(copy_buffer_sub_data_negative)
{
	buffer(GL_COPY_READ_BUFFER, 16);
	buffer(GL_COPY_WRITE_BUFFER, 16);
	F(CopyBufferSubData)(GL_COPY_READ_BUFFER, GL_COPY_WRITE_BUFFER, 0, -4, 4);
}
ROW(copy_buffer_sub_data_mapped)
{
	buffer(GL_COPY_READ_BUFFER, 16);
	buffer(GL_PIXEL_PACK_BUFFER, 16);
	ck_assert_ptr_nonnull(gl.MapBufferRange(GL_PIXEL_PACK_BUFFER, 0, 4, GL_MAP_READ_BIT));
	F(CopyBufferSubData)(GL_COPY_READ_BUFFER, GL_PIXEL_PACK_BUFFER, 0, 0, 4);
	gl.UnmapBuffer(GL_PIXEL_PACK_BUFFER);
}
ROW(copy_buffer_sub_data_unbound_enum)
{
	buffer(GL_COPY_READ_BUFFER, 16);
	F(CopyBufferSubData)(GL_PIXEL_UNPACK_BUFFER, GL_TEXTURE_2D, 0, 0, 4);
}

/* OES_mapbuffer, EXT_map_buffer_range (ES 3.0's functions under other names) */
typedef void *(GL_APIENTRY *map_oes_fn)(GLenum, GLenum);
#define WRITE_ONLY_OES 0x88B9
#define BUFFER_ACCESS_OES 0x88BB
ROW(map_buffer_oes_access)
{
	buffer(GL_ARRAY_BUFFER, 16);
	ck_assert_ptr_null(FX(MapBufferOES, map_oes_fn)(GL_ARRAY_BUFFER, 0x88B8 /* READ_ONLY */));
}
ROW(map_buffer_oes_target)
{
	buffer(GL_ARRAY_BUFFER, 16);
	ck_assert_ptr_null(FX(MapBufferOES, map_oes_fn)(GL_TEXTURE_2D, WRITE_ONLY_OES));
}
ROW(map_buffer_oes_twice)
{
	buffer(GL_ARRAY_BUFFER, 16);
	ck_assert_ptr_nonnull(FX(MapBufferOES, map_oes_fn)(GL_ARRAY_BUFFER, WRITE_ONLY_OES));
	ck_assert_ptr_null(FX(MapBufferOES, map_oes_fn)(GL_ARRAY_BUFFER, WRITE_ONLY_OES));
}
/* OES_EGL_image (no EGL here: no handle is an image) and OES_EGL_image_external */
typedef void (GL_APIENTRY *image_target_fn)(GLenum, void *);
#define TEXTURE_EXTERNAL_OES 0x8D65
ROW(image_target_texture_enum)
{
	FX(EGLImageTargetTexture2DOES, image_target_fn)(GL_TEXTURE_CUBE_MAP, (void *)16);
}
ROW(image_target_texture_value)
{
	FX(EGLImageTargetTexture2DOES, image_target_fn)(GL_TEXTURE_2D, (void *)16);
}
ROW(image_target_external_value)
{
	FX(EGLImageTargetTexture2DOES, image_target_fn)(TEXTURE_EXTERNAL_OES, (void *)16);
}
ROW(image_target_renderbuffer_enum)
{
	FX(EGLImageTargetRenderbufferStorageOES, image_target_fn)(GL_TEXTURE_2D, (void *)16);
}
ROW(image_target_renderbuffer_value)
{
	renderbuffer();
	FX(EGLImageTargetRenderbufferStorageOES, image_target_fn)(GL_RENDERBUFFER, NULL);
}
ROW(tex_image_external_enum)
{
	GLubyte px[4] = { 0 };

	F(TexImage2D)(TEXTURE_EXTERNAL_OES, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
}
ROW(tex_parameter_external_wrap)
{
	F(TexParameteri)(TEXTURE_EXTERNAL_OES, GL_TEXTURE_WRAP_S, GL_REPEAT);
}
ROW(tex_parameter_external_base_level)
{
	F(TexParameteri)(TEXTURE_EXTERNAL_OES, GL_TEXTURE_BASE_LEVEL, 1);
}
ROW(generate_mipmap_external) { F(GenerateMipmap)(TEXTURE_EXTERNAL_OES); }
ROW(unmap_buffer_oes_operation)
{
	buffer(GL_ARRAY_BUFFER, 16);
	ck_assert_int_eq(FX(UnmapBufferOES, PFNGLUNMAPBUFFERPROC)(GL_ARRAY_BUFFER), GL_FALSE);
}
ROW(get_buffer_pointerv_oes_enum)
{
	void *p;

	buffer(GL_ARRAY_BUFFER, 16);
	FX(GetBufferPointervOES, PFNGLGETBUFFERPOINTERVPROC)(GL_ARRAY_BUFFER, GL_BUFFER_SIZE, &p);
}
ROW(map_buffer_range_ext_value)
{
	buffer(GL_ARRAY_BUFFER, 16);
	ck_assert_ptr_null(FX(MapBufferRangeEXT, PFNGLMAPBUFFERRANGEPROC)(GL_ARRAY_BUFFER, 8, 16,
									  GL_MAP_WRITE_BIT));
}
ROW(flush_mapped_buffer_range_ext_operation)
{
	buffer(GL_ARRAY_BUFFER, 16);
	FX(FlushMappedBufferRangeEXT, PFNGLFLUSHMAPPEDBUFFERRANGEPROC)(GL_ARRAY_BUFFER, 0, 4);
}
ROW(get_buffer_parameteriv_access_oes)
{
	GLint v = 0;

	buffer(GL_ARRAY_BUFFER, 16);
	F(GetBufferParameteriv)(GL_ARRAY_BUFFER, BUFFER_ACCESS_OES, &v);
	ck_assert_int_eq(v, WRITE_ONLY_OES);
}

/* ES 3.1 compute (rows of `es` 31 run in a development 3.1 context) */
static GLuint compute_program(const char *src)
{
	GLuint p = F(CreateProgram)(), sh = F(CreateShader)(GL_COMPUTE_SHADER);

	F(ShaderSource)(sh, 1, &src, NULL);
	F(CompileShader)(sh);
	F(AttachShader)(p, sh);
	F(LinkProgram)(p);
	return p;
}

static GLuint use_compute(void)
{
	GLuint p = compute_program("#version 310 es\nlayout(local_size_x = 1) in;\nvoid main() {}\n");

	F(UseProgram)(p);
	return p;
}

static void dispatch_no_program(void) { F(DispatchCompute)(1, 1, 1); }
static void dispatch_es30(void) { F(DispatchCompute)(1, 1, 1); }
static void compute_shader_es30(void) { F(CreateShader)(GL_COMPUTE_SHADER); }

static void dispatch_counts_over_max(void)
{
	GLint max = 0;

	F(GetIntegeri_v)(GL_MAX_COMPUTE_WORK_GROUP_COUNT, 1, &max);
	use_compute();
	F(DispatchCompute)(1, (GLuint)max + 1, 1);
}

static void indirect_at(GLintptr offset, bool bound)
{
	use_compute();
	if (bound)
		buffer(GL_DISPATCH_INDIRECT_BUFFER, 16);
	F(DispatchComputeIndirect)(offset);
}

static void indirect_negative(void) { indirect_at(-4, true); }
static void indirect_unaligned(void) { indirect_at(2, true); }
static void indirect_past_end(void) { indirect_at(8, true); }
static void indirect_no_buffer(void) { indirect_at(0, false); }
static void memory_barrier_bits(void) { F(MemoryBarrier)(0x80000000u); }
static void region_barrier_bits(void) { F(MemoryBarrierByRegion)(GL_COMMAND_BARRIER_BIT); }

static void ssbo_range_unaligned(void)
{
	GLuint b = buffer(GL_SHADER_STORAGE_BUFFER, 1024);

	F(BindBufferRange)(GL_SHADER_STORAGE_BUFFER, 0, b,
			   geti(GL_SHADER_STORAGE_BUFFER_OFFSET_ALIGNMENT) + 1, 16);
}

static void ssbo_base_index(void)
{
	F(BindBufferBase)(GL_SHADER_STORAGE_BUFFER, (GLuint)geti(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS),
			  buffer(GL_SHADER_STORAGE_BUFFER, 16));
}

static void ssbo_binding_index(void)
{
	GLint v;

	F(GetIntegeri_v)(GL_SHADER_STORAGE_BUFFER_START,
			 (GLuint)geti(GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS), &v);
}

/* ES 3.1 §6.1.1: atomic counter ranges start at multiples of 4, at points
 * below GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS; ES 3.0 has no such target */
static void atomic_range_unaligned(void)
{
	F(BindBufferRange)(GL_ATOMIC_COUNTER_BUFFER, 0, buffer(GL_ATOMIC_COUNTER_BUFFER, 64), 6, 8);
}

static void atomic_base_index(void)
{
	F(BindBufferBase)(GL_ATOMIC_COUNTER_BUFFER,
			  (GLuint)geti(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS),
			  buffer(GL_ATOMIC_COUNTER_BUFFER, 16));
}

static void atomic_binding_index(void)
{
	GLint v;

	F(GetIntegeri_v)(GL_ATOMIC_COUNTER_BUFFER_SIZE,
			 (GLuint)geti(GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS), &v);
}

static void atomic_target_es30(void) { F(BindBuffer)(GL_ATOMIC_COUNTER_BUFFER, 0); }

static void work_group_size_not_compute(void)
{
	GLint v[3];

	F(GetProgramiv)(F(CreateProgram)(), GL_COMPUTE_WORK_GROUP_SIZE, v);
}

/* ES 3.1 §8.22: glBindImageTexture's arguments, each wrong alone, on an
 * immutable RGBA8 texture (or a mutable one for the last row) */
static GLuint image_texture(bool immutable)
{
	GLuint t = glt_texture(GL_TEXTURE_2D);

	if (immutable)
		F(TexStorage2D)(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
	else
		F(TexImage2D)(GL_TEXTURE_2D, 0, GL_RGBA8, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	return t;
}

static void bind_image(GLuint unit, GLuint t, GLint level, GLint layer, GLenum access,
		       GLenum format)
{
	F(BindImageTexture)(unit, t, level, GL_FALSE, layer, access, format);
}

static void image_unit_past_max(void)
{
	bind_image((GLuint)geti(GL_MAX_IMAGE_UNITS), image_texture(true), 0, 0, GL_READ_ONLY,
		   GL_RGBA8);
}

static void image_no_texture(void) { bind_image(0, 777, 0, 0, GL_READ_ONLY, GL_RGBA8); }
static void image_level(void) { bind_image(0, image_texture(true), -1, 0, GL_READ_ONLY, GL_RGBA8); }
static void image_layer(void) { bind_image(0, image_texture(true), 0, -1, GL_READ_ONLY, GL_RGBA8); }
static void image_access(void) { bind_image(0, image_texture(true), 0, 0, GL_RGBA8, GL_RGBA8); }
static void image_format(void) { bind_image(0, image_texture(true), 0, 0, GL_READ_ONLY, GL_RGB8); }
static void image_mutable(void) { bind_image(0, image_texture(false), 0, 0, GL_READ_ONLY, GL_RGBA8); }
static void image_es30(void) { bind_image(0, 0, 0, 0, GL_READ_ONLY, GL_RGBA8); }

/* EXT_texture_buffer / OES_texture_buffer (ES 3.1): glTexBuffer(Range) on a
 * bound buffer texture and a 256-byte buffer, each argument wrong alone */
#define TEXTURE_BUFFER_EXT 0x8C2A
typedef void(GL_APIENTRY *tex_buffer_fn)(GLenum, GLenum, GLuint);
typedef void(GL_APIENTRY *tex_buffer_range_fn)(GLenum, GLenum, GLuint, GLintptr, GLsizeiptr);

static GLuint texbuf_buffer(void)
{
	texture(TEXTURE_BUFFER_EXT);
	return buffer(TEXTURE_BUFFER_EXT, 256);
}

static void tex_buffer(const char *suffix, GLenum target, GLenum format, GLuint b)
{
	char name[32];

	snprintf(name, sizeof(name), "glTexBuffer%s", suffix);
	((tex_buffer_fn)glt_proc(name))(target, format, b);
}

static void tex_buffer_range(const char *suffix, GLintptr offset, GLsizeiptr size)
{
	char name[32];
	GLuint b = texbuf_buffer();

	snprintf(name, sizeof(name), "glTexBufferRange%s", suffix);
	((tex_buffer_range_fn)glt_proc(name))(TEXTURE_BUFFER_EXT, GL_R8, b, offset, size);
}

static void texbuf_target(void) { tex_buffer("EXT", GL_TEXTURE_2D, GL_R8, texbuf_buffer()); }
static void texbuf_format(void) { tex_buffer("OES", TEXTURE_BUFFER_EXT, GL_RGB8, texbuf_buffer()); }

static void texbuf_name(void)
{
	texbuf_buffer();
	tex_buffer("EXT", TEXTURE_BUFFER_EXT, GL_R8, 777);
}

static void texbuf_es30(void) { tex_buffer("EXT", TEXTURE_BUFFER_EXT, GL_R8, 0); }
static void texbuf_range_negative(void) { tex_buffer_range("EXT", -16, 16); }
static void texbuf_range_zero(void) { tex_buffer_range("OES", 0, 0); }
static void texbuf_range_past_end(void) { tex_buffer_range("EXT", 0, 257); }

static void texbuf_range_unaligned(void)
{
	GLint align = geti(0x919F /* GL_TEXTURE_BUFFER_OFFSET_ALIGNMENT_EXT */);

	/* an alignment of 1 has no misaligned offset: past the end then */
	tex_buffer_range("OES", align > 1 ? align / 2 : 300, 16);
}

static void texbuf_parameter(void)
{
	texbuf_buffer();
	F(TexParameteri)(TEXTURE_BUFFER_EXT, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
}

static void texbuf_level(void)
{
	GLint v;

	texbuf_buffer();
	F(GetTexLevelParameteriv)(TEXTURE_BUFFER_EXT, 1, GL_TEXTURE_WIDTH, &v);
}

static void image_binding_index(void)
{
	GLint v;

	F(GetIntegeri_v)(GL_IMAGE_BINDING_NAME, (GLuint)geti(GL_MAX_IMAGE_UNITS), &v);
}

/* ES 3.1 program interface queries: a program with one uniform and one
 * buffer variable */
static GLuint compute_with_uniform(void)
{
	return compute_program("#version 310 es\nlayout(local_size_x = 1) in;\n"
			       "layout(std430, binding = 0) buffer B { uint x; };\n"
			       "uniform uint u;\nvoid main() { x = u; }\n");
}

static void resource_iv(GLenum iface, GLuint index, GLsizei count, GLenum prop, GLsizei bufsize)
{
	GLuint p = compute_with_uniform();
	GLint v[4];

	F(GetProgramResourceiv)(p, iface, index, count, &prop, bufsize, NULL, v);
}

static void interface_es30(void)
{
	GLint v;

	F(GetProgramInterfaceiv)(F(CreateProgram)(), GL_UNIFORM, GL_ACTIVE_RESOURCES, &v);
}

static void interface_enum(void)
{
	GLint v;

	F(GetProgramInterfaceiv)(use_compute(), GL_TEXTURE_2D, GL_ACTIVE_RESOURCES, &v);
}

static void interface_pname(void)
{
	GLint v;

	F(GetProgramInterfaceiv)(use_compute(), GL_UNIFORM, GL_NAME_LENGTH, &v);
}

static void interface_atomic_name_length(void)
{
	GLint v;

	F(GetProgramInterfaceiv)(use_compute(), GL_ATOMIC_COUNTER_BUFFER, GL_MAX_NAME_LENGTH, &v);
}

static void interface_uniform_num_vars(void)
{
	GLint v;

	F(GetProgramInterfaceiv)(use_compute(), GL_UNIFORM, GL_MAX_NUM_ACTIVE_VARIABLES, &v);
}

static void interface_not_program(void)
{
	GLint v;

	F(GetProgramInterfaceiv)(shader_obj(), GL_UNIFORM, GL_ACTIVE_RESOURCES, &v);
}

static void interface_unknown_name(void)
{
	GLint v;

	F(GetProgramInterfaceiv)(use_compute() + 100, GL_UNIFORM, GL_ACTIVE_RESOURCES, &v);
}

static void resource_index_atomic(void)
{
	F(GetProgramResourceIndex)(use_compute(), GL_ATOMIC_COUNTER_BUFFER, "x");
}

static void resource_index_enum(void)
{
	F(GetProgramResourceIndex)(use_compute(), GL_TEXTURE_2D, "x");
}

static void resource_index_es30(void)
{
	F(GetProgramResourceIndex)(F(CreateProgram)(), GL_UNIFORM, "x");
}

static void resource_name_index(void)
{
	char name[8];

	F(GetProgramResourceName)(compute_with_uniform(), GL_UNIFORM, 1, 8, NULL, name);
}

static void resource_name_bufsize(void)
{
	char name[8];

	F(GetProgramResourceName)(compute_with_uniform(), GL_UNIFORM, 0, -1, NULL, name);
}

static void resource_name_atomic(void)
{
	char name[8];

	F(GetProgramResourceName)(use_compute(), GL_ATOMIC_COUNTER_BUFFER, 0, 8, NULL, name);
}

static void resource_iv_index(void) { resource_iv(GL_UNIFORM, 1, 1, GL_TYPE, 4); }
static void resource_iv_pair(void) { resource_iv(GL_UNIFORM, 0, 1, GL_TOP_LEVEL_ARRAY_SIZE, 4); }
static void resource_iv_block_pair(void) { resource_iv(GL_BUFFER_VARIABLE, 0, 1, GL_LOCATION, 4); }
static void resource_iv_count(void) { resource_iv(GL_UNIFORM, 0, 0, GL_TYPE, 4); }
static void resource_iv_bufsize(void) { resource_iv(GL_UNIFORM, 0, 1, GL_TYPE, -1); }

static void resource_location_enum(void)
{
	F(GetProgramResourceLocation)(use_compute(), GL_UNIFORM_BLOCK, "x");
}

static void resource_location_unlinked(void)
{
	F(GetProgramResourceLocation)(F(CreateProgram)(), GL_UNIFORM, "x");
}

static void resource_location_es30(void)
{
	F(GetProgramResourceLocation)(F(CreateProgram)(), GL_UNIFORM, "x");
}

/* ES 3.1 separable programs and pipelines */
static GLuint separable_vs(void)
{
	const char *src = "#version 310 es\nvoid main() { gl_Position = vec4(0.0); }\n";

	return F(CreateShaderProgramv)(GL_VERTEX_SHADER, 1, &src);
}

static GLuint gen_pipeline(void)
{
	GLuint p = 0;

	F(GenProgramPipelines)(1, &p);
	return p;
}

static void gen_pipelines_count(void) { GLuint p; F(GenProgramPipelines)(-1, &p); }
static void delete_pipelines_count(void) { GLuint p = 0; F(DeleteProgramPipelines)(-1, &p); }
static void bind_pipeline_not_generated(void) { F(BindProgramPipeline)(gen_pipeline() + 5); }
static void use_stages_bits(void) { F(UseProgramStages)(gen_pipeline(), 0x40, separable_vs()); }
static void use_stages_not_separable(void)
{
	GLuint p = use_compute();

	F(UseProgramStages)(gen_pipeline(), GL_COMPUTE_SHADER_BIT, p);
}
static void use_stages_not_generated(void)
{
	F(UseProgramStages)(gen_pipeline() + 5, GL_VERTEX_SHADER_BIT, separable_vs());
}
static void active_program_not_generated(void)
{
	F(ActiveShaderProgram)(gen_pipeline() + 5, separable_vs());
}
static void active_program_unlinked(void)
{
	F(ActiveShaderProgram)(gen_pipeline(), F(CreateProgram)());
}
static void validate_pipeline_not_generated(void) { F(ValidateProgramPipeline)(gen_pipeline() + 5); }
static void pipeline_iv_pname(void)
{
	GLint v;

	F(GetProgramPipelineiv)(gen_pipeline(), GL_LINK_STATUS, &v);
}
static void pipeline_iv_not_generated(void)
{
	GLint v;

	F(GetProgramPipelineiv)(gen_pipeline() + 5, GL_VERTEX_SHADER, &v);
}
static void pipeline_log_bufsize(void)
{
	char log[4];

	F(GetProgramPipelineInfoLog)(gen_pipeline(), -1, NULL, log);
}
static void create_shader_program_type(void)
{
	const char *src = "void main() {}";

	F(CreateShaderProgramv)(GL_TEXTURE_2D, 1, &src);
}
static void create_shader_program_count(void)
{
	const char *src = "void main() {}";

	F(CreateShaderProgramv)(GL_VERTEX_SHADER, -1, &src);
}
static void program_separable_value(void) { F(ProgramParameteri)(F(CreateProgram)(), GL_PROGRAM_SEPARABLE, 2); }
static void draw_separable_one_stage(void)
{
	F(UseProgram)(separable_vs());
	F(DrawArrays)(GL_TRIANGLES, 0, 3);
}
static void draw_pipeline_no_fragment(void)
{
	GLuint p = gen_pipeline();

	F(UseProgramStages)(p, GL_VERTEX_SHADER_BIT, separable_vs());
	F(BindProgramPipeline)(p);
	F(DrawArrays)(GL_TRIANGLES, 0, 3);
}

/* glProgramUniform*: a name that is no object (INVALID_VALUE), one row each */
static const GLfloat pu_f[16];
static const GLint pu_i[4];
static const GLuint pu_u[4];
#define NO_PROGRAM 4242u
#define PU_ROW(fn, ...) static void program_##fn##_name(void) { F(Program##fn)(NO_PROGRAM, 0, __VA_ARGS__); }
PU_ROW(Uniform1f, 0) PU_ROW(Uniform2f, 0, 0) PU_ROW(Uniform3f, 0, 0, 0) PU_ROW(Uniform4f, 0, 0, 0, 0)
PU_ROW(Uniform1i, 0) PU_ROW(Uniform2i, 0, 0) PU_ROW(Uniform3i, 0, 0, 0) PU_ROW(Uniform4i, 0, 0, 0, 0)
PU_ROW(Uniform1ui, 0) PU_ROW(Uniform2ui, 0, 0) PU_ROW(Uniform3ui, 0, 0, 0)
PU_ROW(Uniform4ui, 0, 0, 0, 0)
PU_ROW(Uniform1fv, 1, pu_f) PU_ROW(Uniform2fv, 1, pu_f) PU_ROW(Uniform3fv, 1, pu_f)
PU_ROW(Uniform4fv, 1, pu_f) PU_ROW(Uniform1iv, 1, pu_i) PU_ROW(Uniform2iv, 1, pu_i)
PU_ROW(Uniform3iv, 1, pu_i) PU_ROW(Uniform4iv, 1, pu_i) PU_ROW(Uniform1uiv, 1, pu_u)
PU_ROW(Uniform2uiv, 1, pu_u) PU_ROW(Uniform3uiv, 1, pu_u) PU_ROW(Uniform4uiv, 1, pu_u)
PU_ROW(UniformMatrix2fv, 1, GL_FALSE, pu_f) PU_ROW(UniformMatrix3fv, 1, GL_FALSE, pu_f)
PU_ROW(UniformMatrix4fv, 1, GL_FALSE, pu_f) PU_ROW(UniformMatrix2x3fv, 1, GL_FALSE, pu_f)
PU_ROW(UniformMatrix2x4fv, 1, GL_FALSE, pu_f) PU_ROW(UniformMatrix3x2fv, 1, GL_FALSE, pu_f)
PU_ROW(UniformMatrix3x4fv, 1, GL_FALSE, pu_f) PU_ROW(UniformMatrix4x2fv, 1, GL_FALSE, pu_f)
PU_ROW(UniformMatrix4x3fv, 1, GL_FALSE, pu_f)

/* glProgramUniform*: a location of another type (INVALID_OPERATION) */
static void program_uniform_type(void)
{
	GLuint p = compute_with_uniform();

	F(ProgramUniform4f)(p, F(GetUniformLocation)(p, "u"), 0, 0, 0, 0);
}

/* EXT_separate_shader_objects: the same entry points under EXT names in
 * ES 2.0/3.0 contexts, with the ES 3.1 stages and pnames left out */
static GLuint gen_pipeline_ext(void)
{
	GLuint p = 0;

	F(GenProgramPipelinesEXT)(1, &p);
	return p;
}

static void gen_pipelines_ext_count(void) { GLuint p; F(GenProgramPipelinesEXT)(-1, &p); }
static void delete_pipelines_ext_count(void) { GLuint p = 0; F(DeleteProgramPipelinesEXT)(-1, &p); }
static void bind_pipeline_ext_not_generated(void) { F(BindProgramPipelineEXT)(gen_pipeline_ext() + 5); }
static void use_stages_ext_compute(void) { F(UseProgramStagesEXT)(gen_pipeline_ext(), GL_COMPUTE_SHADER_BIT, 0); }
static void active_program_ext_not_generated(void) { F(ActiveShaderProgramEXT)(gen_pipeline_ext() + 5, 0); }
static void validate_pipeline_ext_not_generated(void) { F(ValidateProgramPipelineEXT)(gen_pipeline_ext() + 5); }
static void pipeline_iv_ext_compute(void)
{
	GLint v;

	F(GetProgramPipelineivEXT)(gen_pipeline_ext(), GL_COMPUTE_SHADER, &v);
}
static void pipeline_log_ext_bufsize(void)
{
	char log[4];

	F(GetProgramPipelineInfoLogEXT)(gen_pipeline_ext(), -1, NULL, log);
}
static void create_shader_program_ext_compute(void)
{
	const char *src = "void main() {}";

	F(CreateShaderProgramvEXT)(GL_COMPUTE_SHADER, 1, &src);
}
static void program_parameteri_ext_es20_hint(void)
{
	F(ProgramParameteriEXT)(F(CreateProgram)(), GL_PROGRAM_BINARY_RETRIEVABLE_HINT, 1);
}

#define PU_EXT_ROW(fn, ...) static void program_##fn##_ext_name(void) { F(Program##fn##EXT)(NO_PROGRAM, 0, __VA_ARGS__); }
PU_EXT_ROW(Uniform1f, 0) PU_EXT_ROW(Uniform2f, 0, 0) PU_EXT_ROW(Uniform3f, 0, 0, 0)
PU_EXT_ROW(Uniform4f, 0, 0, 0, 0) PU_EXT_ROW(Uniform1i, 0) PU_EXT_ROW(Uniform2i, 0, 0)
PU_EXT_ROW(Uniform3i, 0, 0, 0) PU_EXT_ROW(Uniform4i, 0, 0, 0, 0) PU_EXT_ROW(Uniform1ui, 0)
PU_EXT_ROW(Uniform2ui, 0, 0) PU_EXT_ROW(Uniform3ui, 0, 0, 0) PU_EXT_ROW(Uniform4ui, 0, 0, 0, 0)
PU_EXT_ROW(Uniform1fv, 1, pu_f) PU_EXT_ROW(Uniform2fv, 1, pu_f) PU_EXT_ROW(Uniform3fv, 1, pu_f)
PU_EXT_ROW(Uniform4fv, 1, pu_f) PU_EXT_ROW(Uniform1iv, 1, pu_i) PU_EXT_ROW(Uniform2iv, 1, pu_i)
PU_EXT_ROW(Uniform3iv, 1, pu_i) PU_EXT_ROW(Uniform4iv, 1, pu_i) PU_EXT_ROW(Uniform1uiv, 1, pu_u)
PU_EXT_ROW(Uniform2uiv, 1, pu_u) PU_EXT_ROW(Uniform3uiv, 1, pu_u) PU_EXT_ROW(Uniform4uiv, 1, pu_u)
PU_EXT_ROW(UniformMatrix2fv, 1, GL_FALSE, pu_f) PU_EXT_ROW(UniformMatrix3fv, 1, GL_FALSE, pu_f)
PU_EXT_ROW(UniformMatrix4fv, 1, GL_FALSE, pu_f) PU_EXT_ROW(UniformMatrix2x3fv, 1, GL_FALSE, pu_f)
PU_EXT_ROW(UniformMatrix2x4fv, 1, GL_FALSE, pu_f) PU_EXT_ROW(UniformMatrix3x2fv, 1, GL_FALSE, pu_f)
PU_EXT_ROW(UniformMatrix3x4fv, 1, GL_FALSE, pu_f) PU_EXT_ROW(UniformMatrix4x2fv, 1, GL_FALSE, pu_f)
PU_EXT_ROW(UniformMatrix4x3fv, 1, GL_FALSE, pu_f)

/* ---- the table ------------------------------------------------------------------------------- */

struct row {
	const char *fn;        /* the entry point the row is about */
	int es;                /* context version it runs in: 2, 3 or 31 (ES 3.1, development) */
	GLenum want;
	void (*call)(void);
	const char *what;
	const char *divergent; /* non-NULL: known to differ from the spec, and why */
};

/* query objects (ES 3.0 §2.13, §6.1.7; EXT_occlusion_query_boolean, EXT_disjoint_timer_query) */
#define TIME_ELAPSED_EXT 0x88BF
#define TIMESTAMP_EXT 0x8E28
typedef void(GL_APIENTRY *query_counter_fn)(GLuint, GLenum);
typedef void(GL_APIENTRY *query_object_i64_fn)(GLuint, GLenum, GLint64 *);
typedef void(GL_APIENTRY *query_object_ui64_fn)(GLuint, GLenum, GLuint64 *);
typedef void(GL_APIENTRY *query_object_i_fn)(GLuint, GLenum, GLint *);

static GLuint query(void)
{
	GLuint id = 0;

	F(GenQueries)(1, &id);
	return id;
}

/* a query ended (not active), of ANY_SAMPLES_PASSED */
static GLuint ended_query(void)
{
	GLuint id = query();

	F(BeginQuery)(GL_ANY_SAMPLES_PASSED, id);
	F(EndQuery)(GL_ANY_SAMPLES_PASSED);
	return id;
}

ROW(gen_queries_value) { GLuint id; F(GenQueries)(-1, &id); }
ROW(gen_queries_ext_value) { GLuint id; FX(GenQueriesEXT, __typeof__(&glGenQueries))(-1, &id); }
ROW(delete_queries_value) { GLuint id = query(); F(DeleteQueries)(-1, &id); }
ROW(delete_queries_ext_value)
{
	GLuint id = query();

	FX(DeleteQueriesEXT, __typeof__(&glDeleteQueries))(-1, &id);
}
ROW(begin_query_enum) { F(BeginQuery)(GL_TEXTURE_2D, query()); }
ROW(begin_query_timestamp_enum) { F(BeginQuery)(TIMESTAMP_EXT, query()); }
ROW(begin_query_active_target)
{
	F(BeginQuery)(GL_ANY_SAMPLES_PASSED, query());
	F(BeginQuery)(GL_ANY_SAMPLES_PASSED, query());
}
ROW(begin_query_conservative_while_any)
{
	F(BeginQuery)(GL_ANY_SAMPLES_PASSED, query());
	F(BeginQuery)(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, query());
}
ROW(begin_query_zero) { F(BeginQuery)(GL_ANY_SAMPLES_PASSED, 0); }
ROW(begin_query_not_generated) { F(BeginQuery)(GL_ANY_SAMPLES_PASSED, 4321); }
ROW(begin_query_other_target) { F(BeginQuery)(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, ended_query()); }
ROW(begin_query_active_id)
{
	GLuint id = query();

	F(BeginQuery)(GL_ANY_SAMPLES_PASSED, id);
	F(BeginQuery)(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN, id);
}
/* ES 2.0 has no transform feedback */
ROW(begin_query_ext_tf_es2)
{
	FX(BeginQueryEXT, __typeof__(&glBeginQuery))(GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN,
						     query());
}
ROW(end_query_enum) { F(EndQuery)(GL_TEXTURE_2D); }
ROW(end_query_without_begin) { F(EndQuery)(GL_ANY_SAMPLES_PASSED); }
ROW(end_query_other_target)
{
	F(BeginQuery)(GL_ANY_SAMPLES_PASSED_CONSERVATIVE, query());
	F(EndQuery)(GL_ANY_SAMPLES_PASSED);
}
ROW(end_query_ext_without_begin)
{
	FX(EndQueryEXT, __typeof__(&glEndQuery))(GL_ANY_SAMPLES_PASSED);
}
ROW(get_queryiv_target) { GLint v; F(GetQueryiv)(GL_TEXTURE_2D, GL_CURRENT_QUERY, &v); }
ROW(get_queryiv_pname) { GLint v; F(GetQueryiv)(GL_ANY_SAMPLES_PASSED, GL_QUERY_RESULT, &v); }
ROW(get_queryiv_ext_pname)
{
	GLint v;

	FX(GetQueryivEXT, __typeof__(&glGetQueryiv))(GL_ANY_SAMPLES_PASSED, GL_QUERY_RESULT, &v);
}
ROW(get_query_objectuiv_not_query) { GLuint v; F(GetQueryObjectuiv)(query(), GL_QUERY_RESULT, &v); }
ROW(get_query_objectuiv_active)
{
	GLuint id = query(), v;

	F(BeginQuery)(GL_ANY_SAMPLES_PASSED, id);
	F(GetQueryObjectuiv)(id, GL_QUERY_RESULT, &v);
}
ROW(get_query_objectuiv_pname)
{
	GLuint v;

	F(GetQueryObjectuiv)(ended_query(), GL_CURRENT_QUERY, &v);
}
ROW(get_query_objectuiv_ext_not_query)
{
	GLuint v;

	FX(GetQueryObjectuivEXT, __typeof__(&glGetQueryObjectuiv))(query(), GL_QUERY_RESULT, &v);
}
ROW(get_query_objectiv_ext_pname)
{
	GLint v;

	FX(GetQueryObjectivEXT, query_object_i_fn)(ended_query(), GL_CURRENT_QUERY, &v);
}
ROW(get_query_objecti64v_ext_not_query)
{
	GLint64 v;

	FX(GetQueryObjecti64vEXT, query_object_i64_fn)(query(), GL_QUERY_RESULT, &v);
}
ROW(get_query_objectui64v_ext_active)
{
	GLuint id = query();
	GLuint64 v;

	F(BeginQuery)(GL_ANY_SAMPLES_PASSED, id);
	FX(GetQueryObjectui64vEXT, query_object_ui64_fn)(id, GL_QUERY_RESULT_AVAILABLE, &v);
}
ROW(query_counter_enum) { FX(QueryCounterEXT, query_counter_fn)(query(), GL_ANY_SAMPLES_PASSED); }
/* the timestamp rows assume a host with timer queries (every virgl host of the
 * project's machines: feature version 15 and the timer bit) */
ROW(query_counter_zero) { FX(QueryCounterEXT, query_counter_fn)(0, TIMESTAMP_EXT); }
ROW(query_counter_other_target)
{
	FX(QueryCounterEXT, query_counter_fn)(ended_query(), TIMESTAMP_EXT);
}
ROW(query_counter_active)
{
	GLuint id = query();

	F(BeginQuery)(TIME_ELAPSED_EXT, id);
	FX(QueryCounterEXT, query_counter_fn)(id, TIMESTAMP_EXT);
}
ROW(get_integer64v_ext_enum)
{
	GLint64 v;

	FX(GetInteger64vEXT, __typeof__(&glGetInteger64v))(GL_TEXTURE_2D, &v);
}

/* transform feedback (ES 3.0 §2.15) */
static const char *const xfb_names[] = { "gl_Position" };

/* the ES 3.0 program relinked capturing gl_Position, current; a 64-byte
 * buffer (four vertices) at binding 0 when `bound` */
static GLuint xfb_program(bool bound)
{
	GLuint p = glt_program(vs3, fs3);

	F(TransformFeedbackVaryings)(p, 1, xfb_names, GL_INTERLEAVED_ATTRIBS);
	gl.LinkProgram(p);
	gl.UseProgram(p);
	if (bound)
		F(BindBufferBase)(GL_TRANSFORM_FEEDBACK_BUFFER, 0,
				  buffer(GL_TRANSFORM_FEEDBACK_BUFFER, 64));
	return p;
}

/* capturing triangles into it */
static GLuint xfb_active(void)
{
	GLuint p = xfb_program(true);

	F(BeginTransformFeedback)(GL_TRIANGLES);
	return p;
}

static GLuint xfb_object(void)
{
	GLuint id;

	F(GenTransformFeedbacks)(1, &id);
	return id;
}

ROW(gen_xfb_value) { GLuint id; F(GenTransformFeedbacks)(-1, &id); }
ROW(delete_xfb_value) { GLuint id = xfb_object(); F(DeleteTransformFeedbacks)(-1, &id); }
ROW(delete_xfb_active)
{
	GLuint id = xfb_object();

	F(BindTransformFeedback)(GL_TRANSFORM_FEEDBACK, id);
	xfb_active();
	F(PauseTransformFeedback)();
	F(DeleteTransformFeedbacks)(1, &id);
}
ROW(bind_xfb_enum) { F(BindTransformFeedback)(GL_TEXTURE_2D, xfb_object()); }
ROW(bind_xfb_not_generated) { F(BindTransformFeedback)(GL_TRANSFORM_FEEDBACK, 4321); }
ROW(bind_xfb_active)
{
	GLuint id = xfb_object();

	xfb_active();
	F(BindTransformFeedback)(GL_TRANSFORM_FEEDBACK, id);
}
ROW(begin_xfb_enum) { xfb_program(true); F(BeginTransformFeedback)(GL_TRIANGLE_STRIP); }
ROW(begin_xfb_active) { xfb_active(); F(BeginTransformFeedback)(GL_TRIANGLES); }
ROW(begin_xfb_no_program) { gl.UseProgram(0); F(BeginTransformFeedback)(GL_POINTS); }
ROW(begin_xfb_no_varyings) { program(); F(BeginTransformFeedback)(GL_POINTS); }
ROW(begin_xfb_no_buffer) { xfb_program(false); F(BeginTransformFeedback)(GL_POINTS); }
ROW(end_xfb_inactive) { F(EndTransformFeedback)(); }
ROW(pause_xfb_inactive) { F(PauseTransformFeedback)(); }
ROW(pause_xfb_paused) { xfb_active(); F(PauseTransformFeedback)(); F(PauseTransformFeedback)(); }
ROW(resume_xfb_inactive) { F(ResumeTransformFeedback)(); }
ROW(resume_xfb_not_paused) { xfb_active(); F(ResumeTransformFeedback)(); }
ROW(resume_xfb_other_program)
{
	xfb_active();
	F(PauseTransformFeedback)();
	program();
	F(ResumeTransformFeedback)();
}
ROW(xfb_varyings_enum) { F(TransformFeedbackVaryings)(program(), 1, xfb_names, GL_TRIANGLES); }
ROW(xfb_varyings_count) { F(TransformFeedbackVaryings)(program(), -1, xfb_names, GL_SEPARATE_ATTRIBS); }
ROW(xfb_varyings_null) { F(TransformFeedbackVaryings)(program(), 2, NULL, GL_SEPARATE_ATTRIBS); }
ROW(xfb_varyings_separate_too_many)
{
	static const char *const five[] = { "a", "b", "c", "d", "e" };

	F(TransformFeedbackVaryings)(program(), 5, five, GL_SEPARATE_ATTRIBS);
}
ROW(xfb_varyings_not_program) { F(TransformFeedbackVaryings)(4321, 1, xfb_names, GL_SEPARATE_ATTRIBS); }
ROW(get_xfb_varying_index)
{
	GLsizei len, size;
	GLenum type;
	char name[8];

	F(GetTransformFeedbackVarying)(xfb_program(false), 1, 8, &len, &size, &type, name);
}
ROW(get_xfb_varying_bufsize)
{
	GLsizei len, size;
	GLenum type;
	char name[8];

	F(GetTransformFeedbackVarying)(xfb_program(false), 0, -1, &len, &size, &type, name);
}
ROW(draw_arrays_xfb_mode) { xfb_active(); gl.DrawArrays(GL_POINTS, 0, 3); }
ROW(draw_arrays_xfb_overflow) { xfb_active(); gl.DrawArrays(GL_TRIANGLES, 0, 6); }
ROW(draw_elements_xfb) { xfb_active(); gl.DrawElements(GL_TRIANGLES, 3, GL_UNSIGNED_BYTE, NULL); }
ROW(use_program_xfb_active) { xfb_active(); gl.UseProgram(0); }
ROW(link_program_xfb_active) { gl.LinkProgram(xfb_active()); }
ROW(bind_buffer_base_xfb_active)
{
	xfb_active();
	F(BindBufferBase)(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer(GL_ARRAY_BUFFER, 16));
}
ROW(bind_buffer_base_xfb_index)
{
	F(BindBufferBase)(GL_TRANSFORM_FEEDBACK_BUFFER, 4, buffer(GL_ARRAY_BUFFER, 16));
}
ROW(bind_buffer_range_xfb_offset)
{
	F(BindBufferRange)(GL_TRANSFORM_FEEDBACK_BUFFER, 0, buffer(GL_ARRAY_BUFFER, 16), 2, 8);
}
ROW(get_integeri_xfb_index)
{
	GLint v;

	F(GetIntegeri_v)(GL_TRANSFORM_FEEDBACK_BUFFER_BINDING, 4, &v);
}

/* OES_texture_border_clamp (EXT_texture_border_clamp: the same calls named EXT) */
typedef void (GL_APIENTRY *tex_iv_fn)(GLenum, GLenum, const void *);
typedef void (GL_APIENTRY *get_tex_iv_fn)(GLenum, GLenum, void *);
typedef void (GL_APIENTRY *sampler_iv_fn)(GLuint, GLenum, const void *);
typedef void (GL_APIENTRY *get_sampler_iv_fn)(GLuint, GLenum, void *);
#define TEXTURE_BORDER_COLOR_OES 0x1004
#define CLAMP_TO_BORDER_OES 0x812D
ROW(tex_parameter_clamp_to_border)
{
	GLint v = 0;

	texture(GL_TEXTURE_2D);
	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, CLAMP_TO_BORDER_OES);
	F(GetTexParameteriv)(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, &v);
	ck_assert_int_eq(v, CLAMP_TO_BORDER_OES);
}
/* the colour is a vector: the scalar calls have no such parameter */
ROW(tex_parameteri_border_enum)
{
	texture(GL_TEXTURE_2D);
	F(TexParameteri)(GL_TEXTURE_2D, TEXTURE_BORDER_COLOR_OES, 0);
}
ROW(tex_parameterf_border_enum)
{
	texture(GL_TEXTURE_2D);
	F(TexParameterf)(GL_TEXTURE_2D, TEXTURE_BORDER_COLOR_OES, 0);
}
ROW(sampler_parameteri_border_enum)
{
	F(SamplerParameteri)(sampler(), TEXTURE_BORDER_COLOR_OES, 0);
}
/* external textures clamp to the edge (OES_EGL_image_external) */
ROW(tex_parameter_external_border_enum)
{
	texture(TEXTURE_EXTERNAL_OES);
	F(TexParameteri)(TEXTURE_EXTERNAL_OES, GL_TEXTURE_WRAP_S, CLAMP_TO_BORDER_OES);
}
ROW(tex_parameter_iiv_target_enum)
{
	FX(TexParameterIivOES, tex_iv_fn)(GL_DEPTH_FUNC, TEXTURE_BORDER_COLOR_OES, iv);
}
/* a wrap value that is no mode; the wrap mode stays */
ROW(tex_parameter_iiv_wrap_enum)
{
	const GLint bad = GL_LINEAR;
	GLint v = 0;

	texture(GL_TEXTURE_2D);
	FX(TexParameterIivOES, tex_iv_fn)(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &bad);
	F(GetTexParameteriv)(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, &v);
	ck_assert_int_eq(v, GL_REPEAT);
}
ROW(tex_parameter_iuiv_pname_enum)
{
	texture(GL_TEXTURE_2D);
	FX(TexParameterIuivOES, tex_iv_fn)(GL_TEXTURE_2D, GL_DEPTH_FUNC, iv);
}
ROW(get_tex_parameter_iiv_pname_enum)
{
	GLint v[4];

	texture(GL_TEXTURE_2D);
	FX(GetTexParameterIivOES, get_tex_iv_fn)(GL_TEXTURE_2D, GL_DEPTH_FUNC, v);
}
ROW(get_tex_parameter_iuiv_target_enum)
{
	GLuint v[4];

	FX(GetTexParameterIuivOES, get_tex_iv_fn)(GL_DEPTH_FUNC, TEXTURE_BORDER_COLOR_OES, v);
}
ROW(sampler_parameter_iiv_operation)
{
	FX(SamplerParameterIivOES, sampler_iv_fn)(1000, TEXTURE_BORDER_COLOR_OES, iv);
}
ROW(sampler_parameter_iuiv_enum)
{
	FX(SamplerParameterIuivOES, sampler_iv_fn)(sampler(), GL_TEXTURE_BASE_LEVEL, iv);
}
ROW(get_sampler_parameter_iiv_enum)
{
	GLint v[4];

	FX(GetSamplerParameterIivOES, get_sampler_iv_fn)(sampler(), GL_DEPTH_FUNC, v);
}
ROW(get_sampler_parameter_iuiv_operation)
{
	GLuint v[4];

	FX(GetSamplerParameterIuivOES, get_sampler_iv_fn)(1000, TEXTURE_BORDER_COLOR_OES, v);
}
/* KHR_robustness / EXT_robustness: bufSize too small for what would be
 * written is GL_INVALID_OPERATION; the ordinary errors stay */
typedef void (GL_APIENTRY *readn_fn)(GLint, GLint, GLsizei, GLsizei, GLenum, GLenum, GLsizei,
				      void *);
typedef void (GL_APIENTRY *getn_uniform_fn)(GLuint, GLint, GLsizei, void *);
static uint8_t readn_px[64];
ROW(readn_pixels_khr_operation)
	{ FX(ReadnPixelsKHR, readn_fn)(0, 0, 2, 2, GL_RGBA, GL_UNSIGNED_BYTE, 15, readn_px); }
ROW(readn_pixels_khr_value)
	{ FX(ReadnPixelsKHR, readn_fn)(0, 0, -1, 2, GL_RGBA, GL_UNSIGNED_BYTE, 64, readn_px); }
ROW(readn_pixels_khr_enum)
	{ FX(ReadnPixelsKHR, readn_fn)(0, 0, 1, 1, GL_TEXTURE_2D, GL_UNSIGNED_BYTE, 64, readn_px); }
ROW(readn_pixels_ext_operation)
	{ FX(ReadnPixelsEXT, readn_fn)(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, 3, readn_px); }
/* u_m is a matrix: more than 4 bytes */
#define GETN_ROW(row, fn) \
	ROW(row##_operation) { FX(fn, getn_uniform_fn)(program(), loc("u_m"), 4, out4); } \
	ROW(row##_location) { FX(fn, getn_uniform_fn)(program(), 1000, 64, out4); }
static GLint out4[4];
GETN_ROW(getn_uniformfv_khr, GetnUniformfvKHR)
GETN_ROW(getn_uniformiv_khr, GetnUniformivKHR)
GETN_ROW(getn_uniformuiv_khr, GetnUniformuivKHR)
GETN_ROW(getn_uniformfv_ext, GetnUniformfvEXT)
GETN_ROW(getn_uniformiv_ext, GetnUniformivEXT)

/* the EXT names, one row each (out4: where a query would write) */
ROW(tex_parameter_iiv_ext_enum)
	{ FX(TexParameterIivEXT, tex_iv_fn)(GL_DEPTH_FUNC, GL_TEXTURE_WRAP_S, iv); }
ROW(tex_parameter_iuiv_ext_enum)
	{ FX(TexParameterIuivEXT, tex_iv_fn)(GL_TEXTURE_2D, GL_DEPTH_FUNC, iv); }
ROW(get_tex_parameter_iiv_ext_enum)
	{ FX(GetTexParameterIivEXT, get_tex_iv_fn)(GL_TEXTURE_2D, GL_DEPTH_FUNC, out4); }
ROW(get_tex_parameter_iuiv_ext_enum)
	{ FX(GetTexParameterIuivEXT, get_tex_iv_fn)(GL_DEPTH_FUNC, GL_TEXTURE_WRAP_S, out4); }
ROW(sampler_parameter_iiv_ext_operation)
	{ FX(SamplerParameterIivEXT, sampler_iv_fn)(1000, GL_TEXTURE_WRAP_S, iv); }
ROW(sampler_parameter_iuiv_ext_operation)
	{ FX(SamplerParameterIuivEXT, sampler_iv_fn)(1000, GL_TEXTURE_WRAP_S, iv); }
ROW(get_sampler_parameter_iiv_ext_operation)
	{ FX(GetSamplerParameterIivEXT, get_sampler_iv_fn)(1000, GL_TEXTURE_WRAP_S, out4); }
ROW(get_sampler_parameter_iuiv_ext_enum)
	{ FX(GetSamplerParameterIuivEXT, get_sampler_iv_fn)(sampler(), GL_DEPTH_FUNC, out4); }

/* KHR_debug (entry points with the KHR suffix, as ES names them) */
#define DBG(n) F(n##KHR)
static char long_text[1100];
static const char *too_long(size_t n)
{
	memset(long_text, 'x', n);
	long_text[n] = 0;
	return long_text;
}
ROW(debug_control_enum)
	{ DBG(DebugMessageControl)(GL_TEXTURE_2D, GL_DONT_CARE, GL_DONT_CARE, 0, NULL, GL_TRUE); }
ROW(debug_control_severity_enum)
	{ DBG(DebugMessageControl)(GL_DONT_CARE, GL_DONT_CARE, GL_DEBUG_TYPE_ERROR_KHR, 0, NULL, GL_TRUE); }
ROW(debug_control_count)
	{ DBG(DebugMessageControl)(GL_DONT_CARE, GL_DONT_CARE, GL_DONT_CARE, -1, NULL, GL_TRUE); }
ROW(debug_control_ids_any_source)
{
	GLuint id = 1;

	DBG(DebugMessageControl)(GL_DONT_CARE, GL_DEBUG_TYPE_ERROR_KHR, GL_DONT_CARE, 1, &id, GL_TRUE);
}
ROW(debug_control_ids_severity)
{
	GLuint id = 1;

	DBG(DebugMessageControl)(GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_ERROR_KHR,
				 GL_DEBUG_SEVERITY_HIGH_KHR, 1, &id, GL_TRUE);
}
ROW(debug_insert_source)
{
	DBG(DebugMessageInsert)(GL_DEBUG_SOURCE_API_KHR, GL_DEBUG_TYPE_OTHER_KHR, 1,
				GL_DEBUG_SEVERITY_LOW_KHR, -1, "x");
}
ROW(debug_insert_type)
{
	DBG(DebugMessageInsert)(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DONT_CARE, 1,
				GL_DEBUG_SEVERITY_LOW_KHR, -1, "x");
}
ROW(debug_insert_severity)
{
	DBG(DebugMessageInsert)(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_OTHER_KHR, 1,
				GL_DONT_CARE, -1, "x");
}
ROW(debug_insert_length)
{
	DBG(DebugMessageInsert)(GL_DEBUG_SOURCE_APPLICATION_KHR, GL_DEBUG_TYPE_OTHER_KHR, 1,
				GL_DEBUG_SEVERITY_LOW_KHR, -1, too_long(1024));
}
ROW(debug_log_bufsize)
{
	char log[8];

	DBG(GetDebugMessageLog)(1, -1, NULL, NULL, NULL, NULL, NULL, log);
}
ROW(debug_push_source)
	{ DBG(PushDebugGroup)(GL_DEBUG_SOURCE_API_KHR, 1, -1, "g"); }
ROW(debug_push_length)
	{ DBG(PushDebugGroup)(GL_DEBUG_SOURCE_APPLICATION_KHR, 1, 1024, too_long(1024)); }
/* 63 groups fit above the default one; the 64th push overflows */
ROW(debug_push_overflow)
{
	for (int i = 0; i < 64; i++)
		DBG(PushDebugGroup)(GL_DEBUG_SOURCE_APPLICATION_KHR, 1, -1, "g");
}
ROW(debug_pop_underflow) { DBG(PopDebugGroup)(); }
ROW(object_label_enum) { DBG(ObjectLabel)(GL_TEXTURE_2D, 1, -1, "l"); }
ROW(object_label_sampler_es2) { DBG(ObjectLabel)(GL_SAMPLER_KHR, 1, -1, "l"); }
ROW(object_label_pipeline_es30) { DBG(ObjectLabel)(GL_PROGRAM_PIPELINE_KHR, 1, -1, "l"); }
ROW(object_label_name) { DBG(ObjectLabel)(GL_BUFFER_KHR, 1000, -1, "l"); }
ROW(object_label_kind) { DBG(ObjectLabel)(GL_PROGRAM_KHR, shader_obj(), -1, "l"); }
ROW(object_label_length)
	{ DBG(ObjectLabel)(GL_BUFFER_KHR, buffer(GL_ARRAY_BUFFER, 4), -1, too_long(256)); }
ROW(get_object_label_enum)
{
	char l[8];

	DBG(GetObjectLabel)(GL_DEPTH_FUNC, 1, 8, NULL, l);
}
ROW(get_object_label_bufsize)
{
	char l[8];

	DBG(GetObjectLabel)(GL_BUFFER_KHR, buffer(GL_ARRAY_BUFFER, 4), -1, NULL, l);
}
ROW(get_object_label_name)
{
	char l[8];

	DBG(GetObjectLabel)(GL_TEXTURE, 1000, 8, NULL, l);
}
ROW(object_ptr_label_sync) { DBG(ObjectPtrLabel)((const void *)(uintptr_t)1000, -1, "l"); }
ROW(object_ptr_label_length)
	{ DBG(ObjectPtrLabel)(F(FenceSync)(GL_SYNC_GPU_COMMANDS_COMPLETE, 0), -1, too_long(300)); }
ROW(get_object_ptr_label_sync)
{
	char l[8];

	DBG(GetObjectPtrLabel)((const void *)(uintptr_t)1000, 8, NULL, l);
}
ROW(get_object_ptr_label_bufsize)
{
	char l[8];

	DBG(GetObjectPtrLabel)(F(FenceSync)(GL_SYNC_GPU_COMMANDS_COMPLETE, 0), -1, NULL, l);
}
ROW(get_pointerv_enum)
{
	void *p;

	DBG(GetPointerv)(GL_ARRAY_BUFFER_BINDING, &p);
}
ROW(debug_output_es2_enable) { F(Enable)(GL_DEBUG_SEVERITY_HIGH_KHR); }

/* ES 3.1 indirect draws (section 10.5): a VAO with array 0 in a buffer, the
 * ES 3.0 program, a 20-byte indirect buffer and an element buffer */
static void indirect_draw_state(bool vao, bool client_array)
{
	GLuint v;

	program();
	if (vao) {
		F(GenVertexArrays)(1, &v);
		F(BindVertexArray)(v);
	}
	if (!client_array)
		buffer(GL_ARRAY_BUFFER, 64);
	F(VertexAttribPointer)(0, 4, GL_FLOAT, GL_FALSE, 0, client_array ? fv : NULL);
	F(EnableVertexAttribArray)(0);
	buffer(GL_DRAW_INDIRECT_BUFFER, 20);
	buffer(GL_ELEMENT_ARRAY_BUFFER, 64);
}

static void arrays_indirect(GLenum mode, intptr_t at)
{
	F(DrawArraysIndirect)(mode, (const void *)at);
}

static void elements_indirect(GLenum type, intptr_t at)
{
	F(DrawElementsIndirect)(GL_TRIANGLES, type, (const void *)at);
}

ROW(draw_arrays_indirect_es30) { arrays_indirect(GL_TRIANGLES, 0); }
ROW(draw_arrays_indirect_enum)
{
	indirect_draw_state(true, false);
	arrays_indirect(GL_TEXTURE_2D, 0);
}
ROW(draw_arrays_indirect_default_vao)
{
	indirect_draw_state(false, false);
	arrays_indirect(GL_TRIANGLES, 0);
}
ROW(draw_arrays_indirect_client_array)
{
	indirect_draw_state(true, true);
	arrays_indirect(GL_TRIANGLES, 0);
}
ROW(draw_arrays_indirect_no_buffer)
{
	indirect_draw_state(true, false);
	gl.BindBuffer(GL_DRAW_INDIRECT_BUFFER, 0);
	arrays_indirect(GL_TRIANGLES, 0);
}
ROW(draw_arrays_indirect_unaligned)
{
	indirect_draw_state(true, false);
	arrays_indirect(GL_TRIANGLES, 2);
}
ROW(draw_arrays_indirect_past_end)
{
	indirect_draw_state(true, false);
	arrays_indirect(GL_TRIANGLES, 8);
}
ROW(draw_arrays_indirect_negative)
{
	indirect_draw_state(true, false);
	arrays_indirect(GL_TRIANGLES, -4);
}
ROW(draw_arrays_indirect_mapped)
{
	indirect_draw_state(true, false);
	gl.MapBufferRange(GL_DRAW_INDIRECT_BUFFER, 0, 4, GL_MAP_READ_BIT);
	arrays_indirect(GL_TRIANGLES, 0);
}
/* ES 3.1 §10.5: no indirect draw while capturing; EXT_geometry_shader (on
 * where the host has geometry shaders) lifts that, but a mode the capture
 * does not record (points into TRIANGLES) is refused by either rule */
ROW(draw_arrays_indirect_xfb)
{
	indirect_draw_state(true, false);
	xfb_active();
	arrays_indirect(GL_POINTS, 0);
}
ROW(draw_arrays_indirect_xfb_paused)
{
	indirect_draw_state(true, false);
	xfb_active();
	F(PauseTransformFeedback)();
	arrays_indirect(GL_TRIANGLES, 0);
}
ROW(draw_elements_indirect_es30) { elements_indirect(GL_UNSIGNED_SHORT, 0); }
ROW(draw_elements_indirect_type)
{
	indirect_draw_state(true, false);
	elements_indirect(GL_FLOAT, 0);
}
ROW(draw_elements_indirect_no_elements)
{
	indirect_draw_state(true, false);
	gl.BindBuffer(GL_ELEMENT_ARRAY_BUFFER, 0);
	elements_indirect(GL_UNSIGNED_SHORT, 0);
}
ROW(draw_elements_indirect_past_end)
{
	indirect_draw_state(true, false);
	elements_indirect(GL_UNSIGNED_SHORT, 4);
}
ROW(draw_elements_indirect_default_vao)
{
	indirect_draw_state(false, false);
	elements_indirect(GL_UNSIGNED_SHORT, 0);
}

/* ES 3.1 vertex attribute formats and bindings (section 10.3.1): on a VAO of
 * the row's own; with the default one bound, every call is INVALID_OPERATION */
static void own_vao(void)
{
	GLuint v;

	gl.GenVertexArrays(1, &v);
	gl.BindVertexArray(v);
}
ROW(bind_vertex_buffer_default_vao) { F(BindVertexBuffer)(0, 0, 0, 16); }
ROW(attrib_format_default_vao) { F(VertexAttribFormat)(0, 4, GL_FLOAT, GL_FALSE, 0); }
ROW(attrib_iformat_default_vao) { F(VertexAttribIFormat)(0, 4, GL_INT, 0); }
ROW(attrib_binding_default_vao) { F(VertexAttribBinding)(0, 0); }
ROW(binding_divisor_default_vao) { F(VertexBindingDivisor)(0, 1); }
ROW(bind_vertex_buffer_es30) { F(BindVertexBuffer)(0, 0, 0, 16); }
ROW(bind_vertex_buffer_index)
{
	own_vao();
	F(BindVertexBuffer)((GLuint)geti(GL_MAX_VERTEX_ATTRIB_BINDINGS), 0, 0, 16);
}
ROW(bind_vertex_buffer_offset)
{
	own_vao();
	F(BindVertexBuffer)(0, buffer(GL_ARRAY_BUFFER, 16), -4, 16);
}
ROW(bind_vertex_buffer_stride)
{
	own_vao();
	F(BindVertexBuffer)(0, buffer(GL_ARRAY_BUFFER, 16), 0, geti(GL_MAX_VERTEX_ATTRIB_STRIDE) + 1);
}
ROW(bind_vertex_buffer_name)
{
	own_vao();
	F(BindVertexBuffer)(0, 4321, 0, 16);
}
ROW(attrib_format_es30) { F(VertexAttribFormat)(0, 4, GL_FLOAT, GL_FALSE, 0); }
ROW(attrib_format_index)
{
	own_vao();
	F(VertexAttribFormat)((GLuint)geti(GL_MAX_VERTEX_ATTRIBS), 4, GL_FLOAT, GL_FALSE, 0);
}
ROW(attrib_format_size)
{
	own_vao();
	F(VertexAttribFormat)(0, 5, GL_FLOAT, GL_FALSE, 0);
}
ROW(attrib_format_type)
{
	own_vao();
	F(VertexAttribFormat)(0, 4, GL_TEXTURE_2D, GL_FALSE, 0);
}
ROW(attrib_format_packed)
{
	own_vao();
	F(VertexAttribFormat)(0, 3, GL_INT_2_10_10_10_REV, GL_TRUE, 0);
}
ROW(attrib_format_offset)
{
	own_vao();
	F(VertexAttribFormat)(0, 4, GL_FLOAT, GL_FALSE,
			      (GLuint)geti(GL_MAX_VERTEX_ATTRIB_RELATIVE_OFFSET) + 1);
}
ROW(attrib_iformat_type)
{
	own_vao();
	F(VertexAttribIFormat)(0, 4, GL_FLOAT, 0);
}
ROW(attrib_iformat_index)
{
	own_vao();
	F(VertexAttribIFormat)((GLuint)geti(GL_MAX_VERTEX_ATTRIBS), 4, GL_INT, 0);
}
ROW(attrib_binding_attrib)
{
	own_vao();
	F(VertexAttribBinding)((GLuint)geti(GL_MAX_VERTEX_ATTRIBS), 0);
}
ROW(attrib_binding_binding)
{
	own_vao();
	F(VertexAttribBinding)(0, (GLuint)geti(GL_MAX_VERTEX_ATTRIB_BINDINGS));
}
ROW(attrib_binding_es30) { F(VertexAttribBinding)(0, 0); }
ROW(binding_divisor_index)
{
	own_vao();
	F(VertexBindingDivisor)((GLuint)geti(GL_MAX_VERTEX_ATTRIB_BINDINGS), 1);
}
ROW(binding_divisor_es30) { F(VertexBindingDivisor)(0, 1); }
ROW(vertex_binding_query_index)
{
	GLint v;

	F(GetIntegeri_v)(GL_VERTEX_BINDING_STRIDE, (GLuint)geti(GL_MAX_VERTEX_ATTRIB_BINDINGS), &v);
}
ROW(vertex_binding_query_es30)
{
	GLint v;

	F(GetIntegeri_v)(GL_VERTEX_BINDING_STRIDE, 0, &v);
}
ROW(attrib_binding_query_es30)
{
	GLint v;

	F(GetVertexAttribiv)(0, GL_VERTEX_ATTRIB_BINDING, &v);
}
ROW(get_booleani_es30)
{
	GLboolean v;

	F(GetBooleani_v)(GL_UNIFORM_BUFFER_BINDING, 0, &v);
}
ROW(get_booleani_enum)
{
	GLboolean v;

	F(GetBooleani_v)(GL_TEXTURE_2D, 0, &v);
}
ROW(get_booleani_index)
{
	GLboolean v;

	F(GetBooleani_v)(GL_VERTEX_BINDING_DIVISOR, (GLuint)geti(GL_MAX_VERTEX_ATTRIB_BINDINGS), &v);
}

/* EXT/OES_draw_buffers_indexed (ES 3.0; not in ES 2.0): a draw buffer past
 * GL_MAX_DRAW_BUFFERS is INVALID_VALUE, GL_BLEND the only indexed cap */
typedef void (GL_APIENTRY *capi_fn)(GLenum, GLuint);
typedef GLboolean (GL_APIENTRY *is_enabledi_fn)(GLenum, GLuint);
typedef void (GL_APIENTRY *equationi_fn)(GLuint, GLenum);
typedef void (GL_APIENTRY *equation_separatei_fn)(GLuint, GLenum, GLenum);
typedef void (GL_APIENTRY *funci_fn)(GLuint, GLenum, GLenum);
typedef void (GL_APIENTRY *func_separatei_fn)(GLuint, GLenum, GLenum, GLenum, GLenum);
typedef void (GL_APIENTRY *color_maski_fn)(GLuint, GLboolean, GLboolean, GLboolean, GLboolean);

static GLuint past_draw_buffers(void)
{
	return (GLuint)geti(GL_MAX_DRAW_BUFFERS);
}

/* the failed call left draw buffer 0's state as it was */
static void assert_db0_default(void)
{
	GLboolean m[4];

	ck_assert(!F(IsEnabled)(GL_BLEND));
	ck_assert_int_eq(geti(GL_BLEND_SRC_RGB), GL_ONE);
	ck_assert_int_eq(geti(GL_BLEND_EQUATION_RGB), GL_FUNC_ADD);
	F(GetBooleanv)(GL_COLOR_WRITEMASK, m);
	ck_assert(m[0] && m[1] && m[2] && m[3]);
}

ROW(enablei_ext_value) { FX(EnableiEXT, capi_fn)(GL_BLEND, past_draw_buffers()); }
ROW(enablei_ext_enum)
{
	FX(EnableiEXT, capi_fn)(GL_DEPTH_TEST, 0);
	ck_assert(!F(IsEnabled)(GL_DEPTH_TEST));
}
ROW(enablei_ext_es2) { FX(EnableiEXT, capi_fn)(GL_BLEND, 0); assert_db0_default(); }
ROW(enablei_oes_value) { FX(EnableiOES, capi_fn)(GL_BLEND, past_draw_buffers()); }
ROW(enablei_oes_es2) { FX(EnableiOES, capi_fn)(GL_BLEND, 0); assert_db0_default(); }
ROW(disablei_ext_value) { FX(DisableiEXT, capi_fn)(GL_BLEND, past_draw_buffers()); }
ROW(disablei_ext_enum) { FX(DisableiEXT, capi_fn)(GL_SCISSOR_TEST, 0); }
ROW(disablei_oes_value) { FX(DisableiOES, capi_fn)(GL_BLEND, past_draw_buffers()); }
ROW(is_enabledi_ext_value)
{
	ck_assert(!FX(IsEnablediEXT, is_enabledi_fn)(GL_BLEND, past_draw_buffers()));
}
ROW(is_enabledi_ext_enum) { ck_assert(!FX(IsEnablediEXT, is_enabledi_fn)(GL_DITHER, 0)); }
ROW(is_enabledi_oes_value)
{
	ck_assert(!FX(IsEnablediOES, is_enabledi_fn)(GL_BLEND, past_draw_buffers()));
}
ROW(blend_equationi_ext_value) { FX(BlendEquationiEXT, equationi_fn)(past_draw_buffers(), GL_MIN); }
ROW(blend_equationi_ext_enum)
{
	FX(BlendEquationiEXT, equationi_fn)(0, GL_ONE);
	assert_db0_default();
}
ROW(blend_equationi_oes_value) { FX(BlendEquationiOES, equationi_fn)(past_draw_buffers(), GL_MIN); }
ROW(blend_equation_separatei_ext_value)
{
	FX(BlendEquationSeparateiEXT, equation_separatei_fn)(past_draw_buffers(), GL_MIN, GL_MAX);
}
ROW(blend_equation_separatei_ext_enum)
{
	FX(BlendEquationSeparateiEXT, equation_separatei_fn)(0, GL_MIN, GL_ZERO);
	assert_db0_default();
}
ROW(blend_equation_separatei_oes_value)
{
	FX(BlendEquationSeparateiOES, equation_separatei_fn)(past_draw_buffers(), GL_MIN, GL_MAX);
}
ROW(blend_funci_ext_value) { FX(BlendFunciEXT, funci_fn)(past_draw_buffers(), GL_ONE, GL_ONE); }
ROW(blend_funci_ext_enum)
{
	FX(BlendFunciEXT, funci_fn)(0, GL_ZERO, GL_FUNC_ADD);
	assert_db0_default();
}
ROW(blend_funci_oes_value) { FX(BlendFunciOES, funci_fn)(past_draw_buffers(), GL_ONE, GL_ONE); }
ROW(blend_func_separatei_ext_value)
{
	FX(BlendFuncSeparateiEXT, func_separatei_fn)(past_draw_buffers(), GL_ONE, GL_ONE, GL_ONE,
						     GL_ONE);
}
ROW(blend_func_separatei_ext_enum)
{
	FX(BlendFuncSeparateiEXT, func_separatei_fn)(0, GL_ZERO, GL_ZERO, GL_ZERO, GL_KEEP);
	assert_db0_default();
}
ROW(blend_func_separatei_oes_value)
{
	FX(BlendFuncSeparateiOES, func_separatei_fn)(past_draw_buffers(), GL_ONE, GL_ONE, GL_ONE,
						     GL_ONE);
}
ROW(color_maski_ext_value)
{
	FX(ColorMaskiEXT, color_maski_fn)(past_draw_buffers(), GL_FALSE, GL_FALSE, GL_FALSE,
					  GL_FALSE);
}
ROW(color_maski_ext_es2)
{
	FX(ColorMaskiEXT, color_maski_fn)(0, GL_FALSE, GL_FALSE, GL_FALSE, GL_FALSE);
	assert_db0_default();
}
ROW(color_maski_oes_value)
{
	FX(ColorMaskiOES, color_maski_fn)(past_draw_buffers(), GL_FALSE, GL_FALSE, GL_FALSE,
					  GL_FALSE);
}
ROW(get_integeri_blend_value)
{
	GLint v = 7;

	F(GetIntegeri_v)(GL_BLEND_SRC_RGB, past_draw_buffers(), &v);
	ck_assert_int_eq(v, 7);
}
ROW(get_booleani_writemask_value)
{
	GLboolean v[4] = { 0 };

	F(GetBooleani_v)(GL_COLOR_WRITEMASK, past_draw_buffers(), v);
	ck_assert(!v[0]);
}
ROW(get_booleani_writemask_es2) { GLboolean v[4]; F(GetBooleani_v)(GL_COLOR_WRITEMASK, 0, v); }

/* glGetTexLevelParameter (ES 3.1 §8.10.3): a failed query writes nothing; the iv and fv
 * forms of one query (the error is the first's: errors are sticky) */
static void tex_level_query(GLenum target, GLint level, GLenum pname)
{
	GLint v = 7;
	GLfloat f = 7;

	texture_2d();
	F(GetTexLevelParameteriv)(target, level, pname, &v);
	ck_assert_int_eq(v, 7);
	F(GetTexLevelParameterfv)(target, level, pname, &f);
	ck_assert_float_eq(f, 7.0f);
}
static void tex_level_query_f(GLenum target, GLint level, GLenum pname)
{
	GLfloat f = 7;

	texture_2d();
	F(GetTexLevelParameterfv)(target, level, pname, &f);
	ck_assert_float_eq(f, 7.0f);
}
static GLint log2_max_2d(void)
{
	return 31 - __builtin_clz((unsigned)geti(GL_MAX_TEXTURE_SIZE));
}
ROW(tex_level_es30) { tex_level_query_f(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH); }
ROW(tex_level_es30_i) { tex_level_query(GL_TEXTURE_2D, 0, GL_TEXTURE_WIDTH); }
ROW(tex_level_target) { tex_level_query(GL_TEXTURE_CUBE_MAP, 0, GL_TEXTURE_WIDTH); }
ROW(tex_level_target_f) { tex_level_query_f(GL_RENDERBUFFER, 0, GL_TEXTURE_WIDTH); }
ROW(tex_level_negative) { tex_level_query(GL_TEXTURE_2D, -1, GL_TEXTURE_WIDTH); }
ROW(tex_level_past_max) { tex_level_query(GL_TEXTURE_2D, log2_max_2d() + 1, GL_TEXTURE_WIDTH); }
ROW(tex_level_past_max_f) { tex_level_query_f(GL_TEXTURE_2D, log2_max_2d() + 1, GL_TEXTURE_WIDTH); }
ROW(tex_level_pname) { tex_level_query(GL_TEXTURE_2D, 0, GL_TEXTURE_MAG_FILTER); }
ROW(tex_level_pname_f) { tex_level_query_f(GL_TEXTURE_2D, 0, GL_TEXTURE_BASE_LEVEL); }

/* the sample mask (ES 3.1 §13.8.3): a failed call keeps the mask */
static void sample_mask_kept(void)
{
	GLint v = 0;

	F(GetIntegeri_v)(GL_SAMPLE_MASK_VALUE, 0, &v);
	ck_assert_uint_eq((GLuint)v, ~0u);
}
ROW(sample_maski_es30) { F(SampleMaski)(0, 1); }
ROW(sample_maski_word)
{
	F(SampleMaski)((GLuint)geti(GL_MAX_SAMPLE_MASK_WORDS), 1);
	sample_mask_kept();
}
ROW(sample_mask_enable_es30) { F(Enable)(GL_SAMPLE_MASK); }
ROW(sample_mask_value_es30) { GLint v; F(GetIntegeri_v)(GL_SAMPLE_MASK_VALUE, 0, &v); }
ROW(sample_mask_value_word)
{
	GLint v = 7;

	F(GetIntegeri_v)(GL_SAMPLE_MASK_VALUE, (GLuint)geti(GL_MAX_SAMPLE_MASK_WORDS), &v);
	ck_assert_int_eq(v, 7);
}
/* glGetMultisamplefv (ES 3.1 §14.3.1); the window is single-sample: GL_SAMPLES 0 */
static void sample_position(GLenum pname, GLuint index)
{
	GLfloat p[2] = { 7, 7 };

	F(GetMultisamplefv)(pname, index, p);
	ck_assert_float_eq(p[0], 7.0f);
}
ROW(multisamplefv_es30) { sample_position(GL_SAMPLE_POSITION, 0); }
ROW(multisamplefv_enum) { sample_position(GL_SAMPLES, 0); }
ROW(multisamplefv_index) { sample_position(GL_SAMPLE_POSITION, 0); }
/* glFramebufferParameteri (ES 3.1 §9.2.1) on a bound user framebuffer; a
 * failed call keeps the default width 0 */
static void fb_param_set(GLenum target, GLenum pname, GLint value)
{
	GLint v = 7;

	framebuffer();
	F(FramebufferParameteri)(target, pname, value);
	F(GetFramebufferParameteriv)(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, &v);
	ck_assert_int_eq(v, 0);
}
static void fb_param_get(GLenum target, GLenum pname)
{
	GLint v = 7;

	F(GetFramebufferParameteriv)(target, pname, &v);
	ck_assert_int_eq(v, 7);
}
/* on whatever is bound: framebuffer 0 in a fresh context */
static void fb_param_width_4(void)
{
	F(FramebufferParameteri)(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 4);
}
ROW(fb_param_es30) { fb_param_width_4(); }
ROW(fb_param_target) { fb_param_set(GL_RENDERBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, 4); }
ROW(fb_param_pname) { fb_param_set(GL_FRAMEBUFFER, GL_FRAMEBUFFER_BINDING, 4); }
ROW(fb_param_negative) { fb_param_set(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH, -1); }
ROW(fb_param_width)
{
	fb_param_set(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH,
		     geti(GL_MAX_FRAMEBUFFER_WIDTH) + 1);
}
ROW(fb_param_height)
{
	fb_param_set(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_HEIGHT,
		     geti(GL_MAX_FRAMEBUFFER_HEIGHT) + 1);
}
ROW(fb_param_samples)
{
	fb_param_set(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_SAMPLES,
		     geti(GL_MAX_FRAMEBUFFER_SAMPLES) + 1);
}
ROW(fb_param_default_fb) { fb_param_width_4(); }
ROW(get_fb_param_es30) { fb_param_get(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH); }
ROW(get_fb_param_target)
{
	framebuffer();
	fb_param_get(GL_TEXTURE_2D, GL_FRAMEBUFFER_DEFAULT_WIDTH);
}
ROW(get_fb_param_pname) { framebuffer(); fb_param_get(GL_FRAMEBUFFER, GL_SAMPLES); }
ROW(get_fb_param_default_fb) { fb_param_get(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_WIDTH); }

/* EXT/OES_tessellation_shader's glPatchParameteri (§10.1.15): PATCH_VERTICES
 * only, 1..MAX_PATCH_VERTICES; an ES 3.0 context has no such name */
static void patch_parameteri(const char *name, GLenum pname, GLint value)
{
	PFNGLPATCHPARAMETERIEXTPROC f = (PFNGLPATCHPARAMETERIEXTPROC)glt_proc(name);

	f(pname, value);
}
ROW(patch_es30) { patch_parameteri("glPatchParameteriEXT", GL_PATCH_VERTICES_EXT, 3); }
ROW(patch_pname) { patch_parameteri("glPatchParameteriOES", GL_TESS_GEN_MODE_EXT, 3); }
ROW(patch_zero) { patch_parameteri("glPatchParameteriEXT", GL_PATCH_VERTICES_EXT, 0); }
ROW(patch_too_many) { patch_parameteri("glPatchParameteriOES", GL_PATCH_VERTICES_EXT, 33); }

/* EXT/OES_primitive_bounding_box: any box is valid; an ES 3.0 context
 * (no extension) answers INVALID_OPERATION (vgl_bbox.c) */
static void bbox(const char *name)
{
	PFNGLPRIMITIVEBOUNDINGBOXEXTPROC f = (PFNGLPRIMITIVEBOUNDINGBOXEXTPROC)glt_proc(name);

	f(-1, -1, -1, 1, 1, 1, 1, 1);
}
ROW(bbox_ext_es30) { bbox("glPrimitiveBoundingBoxEXT"); }
ROW(bbox_oes_es30) { bbox("glPrimitiveBoundingBoxOES"); }

/* EXT/OES_geometry_shader's glFramebufferTexture (ES 3.2 §9.2.8): a whole
 * level, layered for array, 3D and cube textures; on a bound framebuffer */
static void fb_texture(const char *name, GLenum target, GLenum att, GLuint tex, GLint level)
{
	PFNGLFRAMEBUFFERTEXTUREEXTPROC f = (PFNGLFRAMEBUFFERTEXTUREEXTPROC)glt_proc(name);

	f(target, att, tex, level);
}
static void fb_texture_array(const char *name, GLenum att, GLint level)
{
	GLuint t = texture(GL_TEXTURE_2D_ARRAY);

	F(TexStorage3D)(GL_TEXTURE_2D_ARRAY, 1, GL_RGBA8, 4, 4, 2);
	framebuffer();
	fb_texture(name, GL_FRAMEBUFFER, att, t, level);
}
ROW(fb_texture_es30) { fb_texture_array("glFramebufferTextureEXT", GL_COLOR_ATTACHMENT0, 0); }
ROW(fb_texture_target)
{
	framebuffer();
	fb_texture("glFramebufferTextureEXT", GL_RENDERBUFFER, GL_COLOR_ATTACHMENT0, 0, 0);
}
ROW(fb_texture_attachment) { fb_texture_array("glFramebufferTextureOES", GL_BACK, 0); }
ROW(fb_texture_default_fb)
{
	fb_texture("glFramebufferTextureEXT", GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 0, 0);
}
ROW(fb_texture_name)
{
	framebuffer();
	fb_texture("glFramebufferTextureOES", GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 1000, 0);
}
/* a buffer texture has no images */
ROW(fb_texture_buffer_target)
{
	GLuint t = texture(GL_TEXTURE_BUFFER_EXT);

	framebuffer();
	fb_texture("glFramebufferTextureEXT", GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0);
}
ROW(fb_texture_level) { fb_texture_array("glFramebufferTextureEXT", GL_COLOR_ATTACHMENT0, -1); }
/* a multisample texture has level 0 only */
ROW(fb_texture_ms_level)
{
	GLuint t = texture(GL_TEXTURE_2D_MULTISAMPLE);

	framebuffer();
	fb_texture("glFramebufferTextureOES", GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 1);
}
/* GL_FRAMEBUFFER_ATTACHMENT_LAYERED: of texture attachments, with the extension */
ROW(get_fb_attachment_layered_rb)
{
	GLuint r = renderbuffer();
	GLint v;

	framebuffer();
	F(FramebufferRenderbuffer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, r);
	F(GetFramebufferAttachmentParameteriv)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT, &v);
}
ROW(get_fb_attachment_layered_es30)
{
	GLuint t = texture_2d();
	GLint v;

	framebuffer();
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	F(GetFramebufferAttachmentParameteriv)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_LAYERED_EXT, &v);
}
ROW(fb_param_layers)
{
	fb_param_set(GL_FRAMEBUFFER, GL_FRAMEBUFFER_DEFAULT_LAYERS_EXT,
		     geti(GL_MAX_FRAMEBUFFER_LAYERS_EXT) + 1);
}
ROW(max_framebuffer_layers_es30) { GLint v; F(GetIntegerv)(GL_MAX_FRAMEBUFFER_LAYERS_EXT, &v); }

/* multisample textures (ES 3.1 §8.8, §9.2.8): a failed call leaves the
 * texture without an image */
static void ms_storage(GLenum target, GLsizei samples, GLenum f, GLsizei w, GLsizei h)
{
	GLint v = 7;

	F(TexStorage2DMultisample)(target, samples, f, w, h, GL_TRUE);
	if (target == GL_TEXTURE_2D_MULTISAMPLE && geti(GL_TEXTURE_BINDING_2D_MULTISAMPLE)) {
		F(GetTexLevelParameteriv)(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_TEXTURE_WIDTH, &v);
		ck_assert_int_eq(v, 0);
	}
}
static GLuint ms_texture(void)
{
	return texture(GL_TEXTURE_2D_MULTISAMPLE);
}
static GLint ms_max(GLenum f)
{
	GLint v = 0;

	F(GetInternalformativ)(GL_TEXTURE_2D_MULTISAMPLE, f, GL_SAMPLES, 1, &v);
	return v;
}
ROW(ms_storage_es30) { F(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4, GL_TRUE); }
ROW(ms_bind_es30) { F(BindTexture)(GL_TEXTURE_2D_MULTISAMPLE, 1); }
ROW(ms_target) { ms_texture(); ms_storage(GL_TEXTURE_2D, 4, GL_RGBA8, 4, 4); }
ROW(ms_unsized) { ms_texture(); ms_storage(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA, 4, 4); }
ROW(ms_not_renderable) { ms_texture(); ms_storage(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGB9_E5, 4, 4); }
ROW(ms_no_samples) { ms_texture(); ms_storage(GL_TEXTURE_2D_MULTISAMPLE, 0, GL_RGBA8, 4, 4); }
ROW(ms_negative) { ms_texture(); ms_storage(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, -1, 4); }
ROW(ms_zero_height) { ms_texture(); ms_storage(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 0); }
ROW(ms_too_wide)
{
	ms_texture();
	ms_storage(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, geti(GL_MAX_TEXTURE_SIZE) + 1, 4);
}
ROW(ms_too_many_samples)
{
	ms_texture();
	ms_storage(GL_TEXTURE_2D_MULTISAMPLE, ms_max(GL_RGBA8) + 1, GL_RGBA8, 4, 4);
}
ROW(ms_integer_too_many)
{
	ms_texture();
	ms_storage(GL_TEXTURE_2D_MULTISAMPLE, ms_max(GL_RGBA8UI) + 1, GL_RGBA8UI, 4, 4);
}
ROW(ms_texture_0) { ms_storage(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4); }
ROW(ms_immutable)
{
	ms_texture();
	F(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4, GL_TRUE);
	F(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 8, 8, GL_TRUE);
}
ROW(ms_attach_level)
{
	GLuint t = ms_texture();

	F(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4, GL_TRUE);
	framebuffer();
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, t, 1);
}
/* a 2D texture attached as a multisample one: its target is not the texture's */
ROW(ms_attach_2d)
{
	GLuint t = texture_2d();

	framebuffer();
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, t, 0);
}
ROW(ms_attach_es30) { ms_attach_2d(); }
ROW(ms_internalformat_es30)
{
	GLint v;

	F(GetInternalformativ)(GL_TEXTURE_2D_MULTISAMPLE, GL_RGBA8, GL_SAMPLES, 1, &v);
}
ROW(ms_sampler_state)
{
	ms_texture();
	F(TexParameteri)(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
}
ROW(ms_base_level)
{
	ms_texture();
	F(TexParameteri)(GL_TEXTURE_2D_MULTISAMPLE, GL_TEXTURE_BASE_LEVEL, 1);
}
ROW(ms_mipmap)
{
	ms_texture();
	F(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4, GL_TRUE);
	F(GenerateMipmap)(GL_TEXTURE_2D_MULTISAMPLE);
}
/* multisample 2D arrays (OES_texture_storage_multisample_2d_array, ES 3.2
 * §8.8): a failed call leaves the texture without an image */
#define MSA GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES
static void msa_storage_call(GLenum target, GLsizei samples, GLenum f, GLsizei d)
{
	FX(TexStorage3DMultisampleOES, PFNGLTEXSTORAGE3DMULTISAMPLEOESPROC)(target, samples, f, 4, 4,
									    d, GL_TRUE);
}
static void msa_storage(GLenum target, GLsizei samples, GLenum f, GLsizei d)
{
	GLint v = 7;

	msa_storage_call(target, samples, f, d);
	if (target == MSA && geti(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY_OES)) {
		F(GetTexLevelParameteriv)(MSA, 0, GL_TEXTURE_WIDTH, &v);
		ck_assert_int_eq(v, 0);
	}
}
static GLuint msa_texture(void)
{
	return texture(MSA);
}
ROW(msa_storage_es30) { msa_storage_call(MSA, 4, GL_RGBA8, 2); }
ROW(msa_bind_es30) { F(BindTexture)(MSA, 1); }
ROW(msa_binding_es30) { geti(GL_TEXTURE_BINDING_2D_MULTISAMPLE_ARRAY_OES); }
ROW(msa_target) { msa_texture(); msa_storage(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 2); }
ROW(msa_unsized) { msa_texture(); msa_storage(MSA, 4, GL_RGBA, 2); }
ROW(msa_no_samples) { msa_texture(); msa_storage(MSA, 0, GL_RGBA8, 2); }
ROW(msa_zero_depth) { msa_texture(); msa_storage(MSA, 4, GL_RGBA8, 0); }
ROW(msa_too_many_layers)
{
	msa_texture();
	msa_storage(MSA, 4, GL_RGBA8, geti(GL_MAX_ARRAY_TEXTURE_LAYERS) + 1);
}
ROW(msa_too_many_samples)
{
	GLint max = 0;

	msa_texture();
	F(GetInternalformativ)(MSA, GL_RGBA8, GL_SAMPLES, 1, &max);
	msa_storage(MSA, max + 1, GL_RGBA8, 2);
}
ROW(msa_texture_0) { msa_storage(MSA, 4, GL_RGBA8, 2); }
ROW(msa_immutable)
{
	msa_texture();
	msa_storage_call(MSA, 4, GL_RGBA8, 2);
	msa_storage_call(MSA, 4, GL_RGBA8, 2);
}
ROW(msa_attach_level)
{
	GLuint t = msa_texture();

	msa_storage_call(MSA, 4, GL_RGBA8, 2);
	framebuffer();
	F(FramebufferTextureLayer)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 1, 0);
}
/* a layer at a time: not an image of glFramebufferTexture2D */
ROW(msa_attach_2d)
{
	GLuint t = msa_texture();

	framebuffer();
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, MSA, t, 0);
}
ROW(msa_sampler_state)
{
	msa_texture();
	F(TexParameteri)(MSA, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
}
/* a framebuffer of a multisample texture: no reads, no copies (ES 3.0 §4.3.1, §3.8.5) */
static void ms_texture_framebuffer(void)
{
	GLuint t = ms_texture();

	F(TexStorage2DMultisample)(GL_TEXTURE_2D_MULTISAMPLE, 4, GL_RGBA8, 4, 4, GL_TRUE);
	framebuffer();
	F(FramebufferTexture2D)(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D_MULTISAMPLE, t, 0);
}
ROW(ms_read_pixels)
{
	uint8_t px[4];

	ms_texture_framebuffer();
	F(ReadPixels)(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
}
ROW(ms_copy_tex_image)
{
	ms_texture_framebuffer();
	texture_2d();
	F(CopyTexSubImage2D)(GL_TEXTURE_2D, 0, 0, 0, 0, 0, 1, 1);
}
ROW(ms_limit_es30) { GLint v; F(GetIntegerv)(GL_MAX_COLOR_TEXTURE_SAMPLES, &v); }

/* OES_sample_shading: ES 3.1 development contexts only (no prototype in <GLES3/gl3.h>) */
#define SAMPLE_SHADING_OES 0x8C36
#define MIN_SAMPLE_SHADING_VALUE_OES 0x8C37
typedef void(GL_APIENTRYP min_sample_shading_fn)(GLfloat);
ROW(min_sample_shading_es30) { ((min_sample_shading_fn)glt_proc("glMinSampleShadingOES"))(1.0f); }
ROW(sample_shading_enable_es30) { F(Enable)(SAMPLE_SHADING_OES); }
ROW(min_sample_shading_value_es30)
{
	GLfloat v;

	F(GetFloatv)(MIN_SAMPLE_SHADING_VALUE_OES, &v);
}

/* EXT_copy_image / OES_copy_image (no prototype in <GLES3/gl3.h>) */
typedef void(GL_APIENTRYP copy_image_fn)(GLuint, GLenum, GLint, GLint, GLint, GLint, GLuint,
					 GLenum, GLint, GLint, GLint, GLint, GLsizei, GLsizei,
					 GLsizei);
#define COPY_IMAGE(suffix) ((copy_image_fn)glt_proc("glCopyImageSubData" suffix))

/* a complete 8x8 2D texture of format (one level), bound */
static GLuint stored_2d(GLenum format)
{
	GLuint t = texture(GL_TEXTURE_2D);

	F(TexStorage2D)(GL_TEXTURE_2D, 1, format, 8, 8);
	return t;
}

/* a copy of the first w x 4 texels from src to dst's (x, 0) */
static void copy_image_2d(GLuint src, GLuint dst, GLint x, GLsizei w)
{
	COPY_IMAGE("EXT")(src, GL_TEXTURE_2D, 0, 0, 0, 0, dst, GL_TEXTURE_2D, 0, x, 0, 0, w, 4, 1);
}
ROW(copy_image_face_target)
{
	GLuint a = stored_2d(GL_RGBA8);

	COPY_IMAGE("OES")(a, GL_TEXTURE_CUBE_MAP_POSITIVE_X, 0, 0, 0, 0, stored_2d(GL_RGBA8),
			  GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
}
ROW(copy_image_wrong_target)
{
	GLuint a = stored_2d(GL_RGBA8);

	COPY_IMAGE("EXT")(a, GL_TEXTURE_3D, 0, 0, 0, 0, stored_2d(GL_RGBA8), GL_TEXTURE_2D, 0, 0,
			  0, 0, 1, 1, 1);
}
ROW(copy_image_name) { copy_image_2d(stored_2d(GL_RGBA8), 4242, 0, 1); }
ROW(copy_image_renderbuffer_name)
{
	COPY_IMAGE("OES")(stored_2d(GL_RGBA8), GL_TEXTURE_2D, 0, 0, 0, 0, 4242, GL_RENDERBUFFER, 0,
			  0, 0, 0, 1, 1, 1);
}
ROW(copy_image_level)
{
	GLuint a = stored_2d(GL_RGBA8);

	COPY_IMAGE("EXT")(a, GL_TEXTURE_2D, 1, 0, 0, 0, stored_2d(GL_RGBA8), GL_TEXTURE_2D, 0, 0, 0,
			  0, 1, 1, 1);
}
ROW(copy_image_bounds) { copy_image_2d(stored_2d(GL_RGBA8), stored_2d(GL_RGBA8), 4, 5); }
/* x + width past INT_MAX: no wrap */
ROW(copy_image_overflow)
{
	copy_image_2d(stored_2d(GL_RGBA8), stored_2d(GL_RGBA8), 0x7fffffff, 2);
}
ROW(copy_image_negative) { copy_image_2d(stored_2d(GL_RGBA8), stored_2d(GL_RGBA8), 0, -1); }
/* a mipmap filter and one level */
ROW(copy_image_incomplete)
{
	GLuint a = texture_2d();

	F(TexParameteri)(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	copy_image_2d(a, stored_2d(GL_RGBA8), 0, 1);
}
ROW(copy_image_formats) { copy_image_2d(stored_2d(GL_RGBA8), stored_2d(GL_RG8), 0, 1); }
ROW(copy_image_samples)
{
	GLuint rb = renderbuffer();

	F(RenderbufferStorageMultisample)(GL_RENDERBUFFER, 4, GL_RGBA8, 8, 8);
	COPY_IMAGE("OES")(rb, GL_RENDERBUFFER, 0, 0, 0, 0, stored_2d(GL_RGBA8), GL_TEXTURE_2D, 0, 0,
			  0, 0, 1, 1, 1);
}
/* a compressed region starts on a 4x4 block */
ROW(copy_image_block)
{
	copy_image_2d(stored_2d(GL_COMPRESSED_RGB8_ETC2), stored_2d(GL_COMPRESSED_RGB8_ETC2), 1, 4);
}
/* a block copies to a texel of its size only: ETC2 RGB8's 8 bytes are no RGBA32UI texel */
ROW(copy_image_block_size)
{
	copy_image_2d(stored_2d(GL_COMPRESSED_RGB8_ETC2), stored_2d(GL_RGBA32UI), 0, 4);
}
/* compressed formats copy within their view class only */
ROW(copy_image_compressed_class)
{
	copy_image_2d(stored_2d(GL_COMPRESSED_RGB8_ETC2), stored_2d(GL_COMPRESSED_R11_EAC), 0, 4);
}
/* an ASTC region is whole blocks of its footprint: 4x4 texels are no 8x8 block */
ROW(copy_image_astc_block)
{
	copy_image_2d(stored_2d(GL_COMPRESSED_RGBA_ASTC_8x8_KHR),
		      stored_2d(GL_COMPRESSED_RGBA_ASTC_8x8_KHR), 0, 4);
}
/* an ASTC block (16 bytes) is no RGBA16UI texel */
ROW(copy_image_astc_block_size)
{
	copy_image_2d(stored_2d(GL_COMPRESSED_RGBA_ASTC_4x4_KHR), stored_2d(GL_RGBA16UI), 0, 4);
}
/* ASTC 4x4 and ETC2 RGBA8 (16-byte 4x4 blocks both) are of two view classes */
ROW(copy_image_astc_class)
{
	copy_image_2d(stored_2d(GL_COMPRESSED_RGBA_ASTC_4x4_KHR),
		      stored_2d(GL_COMPRESSED_RGBA8_ETC2_EAC), 0, 4);
}
/* ES 2.0 contexts have no copy_image */
ROW(copy_image_es2)
{
	COPY_IMAGE("EXT")(1, GL_TEXTURE_2D, 0, 0, 0, 0, 1, GL_TEXTURE_2D, 0, 0, 0, 0, 1, 1, 1);
}
/* ES 2.0 contexts have no KHR_blend_equation_advanced (its qualifiers are GLSL ES 3.00's) */
typedef void (GL_APIENTRY *void_fn)(void);
ROW(blend_barrier_es2) { FX(BlendBarrierKHR, void_fn)(); }
ROW(gather_offset_es30) { GLint v; F(GetIntegerv)(GL_MAX_PROGRAM_TEXTURE_GATHER_OFFSET, &v); }

#define E GL_INVALID_ENUM
#define V GL_INVALID_VALUE
#define O GL_INVALID_OPERATION
#define R(fn, es, want, f) { "gl" #fn, es, want, f, #f, NULL }
#define D(fn, es, want, f, why) { "gl" #fn, es, want, f, #f, why }

static const struct row rows[] = {
	R(GetString, 3, E, get_string_enum),
	R(GetString, 2, E, get_string_enum),
	R(GetStringi, 3, E, get_stringi_enum),
	R(GetStringi, 3, V, get_stringi_value),
	R(GetIntegerv, 3, E, get_integerv_enum),
	R(GetIntegerv, 2, E, get_integerv_es2_enum),
	R(GetInteger64v, 3, E, get_integer64v_enum),
	R(GetFloatv, 3, E, get_floatv_enum),
	R(GetBooleanv, 3, E, get_booleanv_enum),
	R(GetIntegeri_v, 3, E, get_integeri_v_enum),
	R(GetIntegeri_v, 3, V, get_integeri_v_value),
	R(GetInteger64i_v, 3, E, get_integer64i_v_enum),
	R(GetInteger64i_v, 3, V, get_integer64i_v_value),

	R(Enable, 3, E, enable_enum),
	R(Enable, 2, E, enable_es2_enum),
	R(Disable, 3, E, disable_enum),
	R(IsEnabled, 3, E, is_enabled_enum),
	R(Viewport, 3, V, viewport_value),
	R(Scissor, 3, V, scissor_value),
	R(ViewportArrayvOES, 31, V, viewport_array_value),
	R(ViewportArrayvOES, 31, V, viewport_array_size),
	R(ViewportArrayvOES, 3, O, viewport_array_es30),
	R(ViewportIndexedfOES, 31, V, viewport_indexedf_value),
	R(ViewportIndexedfvOES, 31, V, viewport_indexedfv_value),
	R(ScissorArrayvOES, 31, V, scissor_array_value),
	R(ScissorIndexedOES, 31, V, scissor_indexed_value),
	R(ScissorIndexedvOES, 31, V, scissor_indexedv_value),
	R(DepthRangeArrayfvOES, 31, V, depth_range_array_value),
	R(DepthRangeIndexedfOES, 31, V, depth_range_indexed_value),
	R(TextureViewOES, 31, V, texture_view_zero),
	R(TextureViewEXT, 31, O, texture_view_not_generated),
	R(TextureViewOES, 3, O, texture_view_es30),
	R(GetFloati_vOES, 31, V, get_floati_value),
	R(GetFloati_vOES, 31, E, get_floati_enum),
	R(GetFloati_vOES, 3, O, get_floati_es30),
	R(DepthFunc, 3, E, depth_func_enum),
	R(StencilFunc, 3, E, stencil_func_enum),
	R(StencilFuncSeparate, 3, E, stencil_func_separate_enum),
	R(StencilOp, 3, E, stencil_op_enum),
	R(StencilOpSeparate, 3, E, stencil_op_separate_enum),
	R(StencilMaskSeparate, 3, E, stencil_mask_separate_enum),
	R(CullFace, 3, E, cull_face_enum),
	R(FrontFace, 3, E, front_face_enum),
	R(LineWidth, 3, V, line_width_value),
	R(BlendFunc, 3, E, blend_func_enum),
	R(BlendFuncSeparate, 3, E, blend_func_separate_enum),
	R(BlendEquation, 3, E, blend_equation_enum),
	R(BlendEquationSeparate, 3, E, blend_equation_separate_enum),
	R(Hint, 3, E, hint_target_enum),
	R(Hint, 3, E, hint_mode_enum),
	R(PixelStorei, 3, E, pixel_store_enum),
	R(PixelStorei, 3, V, pixel_store_value),
	R(PixelStorei, 3, V, pixel_store_negative),

	R(Clear, 3, V, clear_value),
	R(ClearBufferfv, 3, E, clear_bufferfv_enum),
	R(ClearBufferfv, 3, V, clear_bufferfv_value),
	R(ClearBufferiv, 3, E, clear_bufferiv_enum),
	R(ClearBufferuiv, 3, E, clear_bufferuiv_enum),
	R(ClearBufferfi, 3, E, clear_bufferfi_enum),
	R(ClearBufferfi, 3, V, clear_bufferfi_value),
	R(ReadPixels, 3, V, read_pixels_value),
	R(ReadPixels, 3, E, read_pixels_enum),
	R(ReadPixels, 3, O, read_pixels_operation),
	R(DebugMessageControlKHR, 3, E, debug_control_enum),
	R(DebugMessageControlKHR, 2, E, debug_control_severity_enum),
	R(DebugMessageControlKHR, 3, V, debug_control_count),
	R(DebugMessageControlKHR, 3, O, debug_control_ids_any_source),
	R(DebugMessageControlKHR, 3, O, debug_control_ids_severity),
	R(DebugMessageInsertKHR, 3, E, debug_insert_source),
	R(DebugMessageInsertKHR, 3, E, debug_insert_type),
	R(DebugMessageInsertKHR, 2, E, debug_insert_severity),
	R(DebugMessageInsertKHR, 3, V, debug_insert_length),
	R(GetDebugMessageLogKHR, 3, V, debug_log_bufsize),
	R(PushDebugGroupKHR, 3, E, debug_push_source),
	R(PushDebugGroupKHR, 3, V, debug_push_length),
	R(PushDebugGroupKHR, 2, GL_STACK_OVERFLOW_KHR, debug_push_overflow),
	R(PopDebugGroupKHR, 3, GL_STACK_UNDERFLOW_KHR, debug_pop_underflow),
	R(ObjectLabelKHR, 3, E, object_label_enum),
	R(ObjectLabelKHR, 2, E, object_label_sampler_es2),
	R(ObjectLabelKHR, 3, E, object_label_pipeline_es30),
	R(ObjectLabelKHR, 3, V, object_label_name),
	R(ObjectLabelKHR, 3, V, object_label_kind),
	R(ObjectLabelKHR, 3, V, object_label_length),
	R(GetObjectLabelKHR, 3, E, get_object_label_enum),
	R(GetObjectLabelKHR, 3, V, get_object_label_bufsize),
	R(GetObjectLabelKHR, 2, V, get_object_label_name),
	R(ObjectPtrLabelKHR, 3, V, object_ptr_label_sync),
	R(ObjectPtrLabelKHR, 3, V, object_ptr_label_length),
	R(GetObjectPtrLabelKHR, 3, V, get_object_ptr_label_sync),
	R(GetObjectPtrLabelKHR, 3, V, get_object_ptr_label_bufsize),
	R(GetPointervKHR, 3, E, get_pointerv_enum),
	R(Enable, 2, E, debug_output_es2_enable),
	R(ReadnPixelsKHR, 3, O, readn_pixels_khr_operation),
	R(ReadnPixelsKHR, 2, O, readn_pixels_khr_operation),
	R(ReadnPixelsKHR, 3, V, readn_pixels_khr_value),
	R(ReadnPixelsKHR, 3, E, readn_pixels_khr_enum),
	R(ReadnPixelsEXT, 2, O, readn_pixels_ext_operation),
	R(ReadPixels, 2, O, read_pixels_operation),
	R(ReadPixels, 2, E, read_pixels_es2_float),
	R(ReadPixels, 3, O, read_pixels_es3_byte),

	R(GenBuffers, 3, V, gen_buffers_value),
	R(DeleteBuffers, 3, V, delete_buffers_value),
	R(BindBuffer, 3, E, bind_buffer_enum),
	R(BindBuffer, 2, E, bind_buffer_es2_enum),
	R(BufferData, 3, E, buffer_data_enum),
	R(BufferData, 3, V, buffer_data_value),
	R(BufferData, 3, E, buffer_data_usage_enum),
	R(BufferData, 3, O, buffer_data_operation),
	R(BufferData, 2, E, buffer_data_es2_enum),
	R(BufferSubData, 3, V, buffer_sub_data_value),
	R(BufferSubData, 3, V, buffer_sub_data_negative),
	R(BufferSubData, 3, O, buffer_sub_data_operation),
	R(BufferSubData, 3, O, buffer_sub_data_mapped),
	R(GetBufferParameteriv, 3, E, get_buffer_parameteriv_enum),
	R(GetBufferParameteriv, 3, O, get_buffer_parameteriv_operation),
	R(GetBufferParameteri64v, 3, E, get_buffer_parameteri64v_enum),
	R(GetBufferParameteri64v, 3, O, get_buffer_parameteri64v_operation),
	R(CopyBufferSubData, 3, E, copy_buffer_sub_data_enum),
	R(CopyBufferSubData, 3, V, copy_buffer_sub_data_value),
	R(CopyBufferSubData, 3, V, copy_buffer_sub_data_overlap),
	R(CopyBufferSubData, 3, O, copy_buffer_sub_data_operation),
	R(CopyBufferSubData, 3, V, copy_buffer_sub_data_huge),
	R(CopyBufferSubData, 3, V, copy_buffer_sub_data_negative),
	R(CopyBufferSubData, 3, O, copy_buffer_sub_data_mapped),
	R(CopyBufferSubData, 3, E, copy_buffer_sub_data_unbound_enum),
	R(BufferSubData, 3, V, buffer_sub_data_huge),
	R(MapBufferRange, 3, V, map_buffer_range_huge),
	R(BindBuffer, 2, E, bind_buffer_es2_pixel_pack),
	R(BindBuffer, 2, E, bind_buffer_es2_pixel_unpack),
	R(ReadPixels, 3, O, read_pixels_pbo_mapped),
	R(ReadPixels, 3, O, read_pixels_pbo_range),
	R(ReadPixels, 3, O, read_pixels_pbo_huge),
	R(TexImage2D, 3, O, tex_image_pbo_mapped),
	R(TexImage2D, 3, O, tex_image_pbo_range),
	R(TexImage2D, 3, O, tex_image_pbo_misaligned),
	R(TexSubImage2D, 3, O, tex_sub_image_pbo_range),
	R(TexImage3D, 3, O, tex_image3d_pbo_overflow),
	R(TexSubImage3D, 3, O, tex_sub_image3d_pbo_range),
	R(CompressedTexImage2D, 3, O, compressed_tex_image2d_pbo_range),

	R(MapBufferRange, 3, E, map_buffer_range_enum),
	R(MapBufferRange, 3, V, map_buffer_range_value),
	R(MapBufferRange, 3, O, map_buffer_range_access),
	R(MapBufferRange, 3, O, map_buffer_range_mapped),
	R(FlushMappedBufferRange, 3, O, flush_mapped_operation),
	R(FlushMappedBufferRange, 3, V, flush_mapped_value),
	R(UnmapBuffer, 3, O, unmap_buffer_operation),
	R(UnmapBuffer, 3, E, unmap_buffer_enum),
	R(GetBufferPointerv, 3, E, get_buffer_pointerv_enum),
	R(GetBufferPointerv, 3, O, get_buffer_pointerv_operation),

	R(VertexAttribPointer, 3, V, attrib_pointer_value),
	R(VertexAttribPointer, 3, V, attrib_pointer_size),
	R(VertexAttribPointer, 3, V, attrib_pointer_stride),
	R(VertexAttribPointer, 3, E, attrib_pointer_enum),
	R(VertexAttribPointer, 2, E, attrib_pointer_es2_enum),
	R(VertexAttribPointer, 3, O, attrib_pointer_operation),
	R(VertexAttribPointer, 3, O, attrib_pointer_packed_size),
	R(VertexAttribPointer, 3, GL_NO_ERROR, attrib_pointer_wide_stride),
	R(VertexAttribPointer, 2, GL_NO_ERROR, attrib_pointer_wide_stride),
	R(VertexAttribIPointer, 3, E, attrib_ipointer_enum),
	R(VertexAttribIPointer, 3, V, attrib_ipointer_value),
	R(EnableVertexAttribArray, 3, V, enable_attrib_value),
	R(DisableVertexAttribArray, 3, V, disable_attrib_value),
	R(VertexAttribDivisor, 3, V, attrib_divisor_value),
	R(VertexAttrib1f, 3, V, attrib1f_value),
	R(VertexAttrib2f, 3, V, attrib2f_value),
	R(VertexAttrib3f, 3, V, attrib3f_value),
	R(VertexAttrib4f, 3, V, attrib4f_value),
	R(VertexAttrib1fv, 3, V, attrib1fv_value),
	R(VertexAttrib2fv, 3, V, attrib2fv_value),
	R(VertexAttrib3fv, 3, V, attrib3fv_value),
	R(VertexAttrib4fv, 3, V, attrib4fv_value),
	R(VertexAttrib4fv, 2, V, attrib4fv_value),
	R(VertexAttribI4i, 3, V, attrib_i4i_value),
	R(VertexAttribI4ui, 3, V, attrib_i4ui_value),
	R(VertexAttribI4iv, 3, V, attrib_i4iv_value),
	R(VertexAttribI4uiv, 3, V, attrib_i4uiv_value),
	R(GetVertexAttribIiv, 3, V, get_attrib_iiv_value),
	R(GetVertexAttribIuiv, 3, E, get_attrib_iuiv_enum),
	R(GetVertexAttribfv, 3, E, get_attrib_fv_enum),
	R(GetVertexAttribiv, 3, V, get_attrib_iv_value),
	R(GetVertexAttribPointerv, 3, E, get_attrib_pointerv_enum),
	R(GenVertexArrays, 3, V, gen_vertex_arrays_value),
	R(DeleteVertexArrays, 3, V, delete_vertex_arrays_value),
	R(BindVertexArray, 3, O, bind_vertex_array_operation),
	R(GenVertexArraysOES, 2, V, gen_vertex_arrays_oes_value),
	R(DeleteVertexArraysOES, 2, V, delete_vertex_arrays_oes_value),
	R(BindVertexArrayOES, 2, O, bind_vertex_array_oes_operation),

	R(CreateShader, 3, E, create_shader_enum),
	R(DeleteShader, 3, V, delete_shader_value),
	R(ShaderSource, 3, V, shader_source_value),
	R(ShaderSource, 3, O, shader_source_operation),
	R(CompileShader, 3, V, compile_shader_value),
	R(CompileShader, 3, O, compile_shader_operation),
	R(GetShaderiv, 3, E, get_shaderiv_enum),
	R(GetShaderiv, 3, O, get_shaderiv_operation),
	R(GetShaderInfoLog, 3, V, get_shader_info_log_value),
	R(GetShaderSource, 3, V, get_shader_source_value),
	R(GetShaderPrecisionFormat, 3, E, get_shader_precision_enum),
	R(ShaderBinary, 3, E, shader_binary_enum),

	R(DeleteProgram, 3, V, delete_program_value),
	R(AttachShader, 3, V, attach_shader_value),
	R(AttachShader, 3, V, attach_shader_unknown),
	R(AttachShader, 3, O, attach_shader_twice),
	R(AttachShader, 3, O, attach_shader_program),
	R(DetachShader, 3, O, detach_shader_operation),
	R(GetAttachedShaders, 3, V, get_attached_shaders_value),
	R(BindAttribLocation, 3, V, bind_attrib_location_value),
	R(BindAttribLocation, 3, O, bind_attrib_location_operation),
	R(LinkProgram, 3, V, link_program_value),
	R(LinkProgram, 3, O, link_program_operation),
	R(UseProgram, 3, O, use_program_operation),
	R(UseProgram, 3, V, use_program_value),
	R(ValidateProgram, 3, V, validate_program_value),
	R(GetProgramiv, 3, E, get_programiv_enum),
	R(GetProgramInfoLog, 3, V, get_program_info_log_value),
	R(GetAttribLocation, 3, O, get_attrib_location_operation),
	R(GetFragDataLocation, 3, O, get_frag_data_location_operation),
	R(GetActiveAttrib, 3, V, get_active_attrib_value),
	R(GetProgramBinary, 3, O, get_program_binary_operation),
	R(GetProgramBinary, 3, O, get_program_binary_unlinked),
	R(GetProgramBinary, 3, O, get_program_binary_null),
	R(GetProgramBinary, 3, O, get_program_binary_one_short),
	R(ProgramBinary, 3, E, program_binary_enum),
	R(ProgramParameteri, 3, E, program_parameteri_enum),
	R(ProgramParameteri, 3, V, program_parameteri_value),

	R(GetUniformLocation, 3, O, get_uniform_location_operation),
	R(Uniform1f, 3, O, uniform1f_operation),
	R(Uniform2f, 3, O, uniform2f_operation),
	R(Uniform3f, 3, O, uniform3f_operation),
	R(Uniform4f, 3, O, uniform4f_operation),
	R(Uniform4f, 3, O, uniform4f_no_program),
	R(Uniform4f, 3, GL_NO_ERROR, uniform4f_minus_one),
	R(Uniform4f, 3, O, uniform4f_bad_location),
	R(Uniform1i, 3, O, uniform1i_operation),
	R(Uniform2i, 3, O, uniform2i_operation),
	R(Uniform3i, 3, O, uniform3i_operation),
	R(Uniform4i, 3, O, uniform4i_operation),
	R(Uniform1ui, 3, O, uniform1ui_operation),
	R(Uniform2ui, 3, O, uniform2ui_operation),
	R(Uniform3ui, 3, O, uniform3ui_operation),
	R(Uniform4ui, 3, O, uniform4ui_operation),
	R(Uniform1fv, 3, V, uniform1fv_value),
	R(Uniform2fv, 3, V, uniform2fv_value),
	R(Uniform3fv, 3, V, uniform3fv_value),
	R(Uniform4fv, 3, V, uniform4fv_value),
	R(Uniform4fv, 3, V, uniform4fv_null),
	R(Uniform4fv, 3, O, uniform4fv_operation),
	R(Uniform1iv, 3, V, uniform1iv_value),
	R(Uniform2iv, 3, V, uniform2iv_value),
	R(Uniform3iv, 3, V, uniform3iv_value),
	R(Uniform4iv, 3, V, uniform4iv_value),
	R(Uniform1uiv, 3, V, uniform1uiv_value),
	R(Uniform2uiv, 3, V, uniform2uiv_value),
	R(Uniform3uiv, 3, V, uniform3uiv_value),
	R(Uniform4uiv, 3, V, uniform4uiv_value),
	R(Uniform4uiv, 3, O, uniform4uiv_operation),
	R(UniformMatrix2fv, 3, O, uniform_matrix2fv_operation),
	R(UniformMatrix3fv, 3, O, uniform_matrix3fv_operation),
	R(UniformMatrix4fv, 3, V, uniform_matrix4fv_value),
	R(UniformMatrix4fv, 3, V, uniform_matrix4fv_null),
	R(UniformMatrix4fv, 2, V, uniform_matrix4fv_es2_transpose),
	R(UniformMatrix2x3fv, 3, O, uniform_matrix2x3fv_operation),
	R(UniformMatrix2x4fv, 3, O, uniform_matrix2x4fv_operation),
	R(UniformMatrix3x2fv, 3, O, uniform_matrix3x2fv_operation),
	R(UniformMatrix3x4fv, 3, O, uniform_matrix3x4fv_operation),
	R(UniformMatrix4x2fv, 3, O, uniform_matrix4x2fv_operation),
	R(UniformMatrix4x3fv, 3, V, uniform_matrix4x3fv_value),
	R(GetUniformfv, 3, O, get_uniformfv_operation),
	R(GetUniformiv, 3, O, get_uniformiv_operation),
	R(GetUniformuiv, 3, O, get_uniformuiv_operation),
	R(GetnUniformfvKHR, 3, O, getn_uniformfv_khr_operation),
	R(GetnUniformfvKHR, 3, O, getn_uniformfv_khr_location),
	R(GetnUniformivKHR, 3, O, getn_uniformiv_khr_operation),
	R(GetnUniformivKHR, 3, O, getn_uniformiv_khr_location),
	R(GetnUniformuivKHR, 3, O, getn_uniformuiv_khr_operation),
	R(GetnUniformuivKHR, 3, O, getn_uniformuiv_khr_location),
	R(GetnUniformfvEXT, 3, O, getn_uniformfv_ext_operation),
	R(GetnUniformfvEXT, 3, O, getn_uniformfv_ext_location),
	R(GetnUniformivEXT, 3, O, getn_uniformiv_ext_operation),
	R(GetnUniformivEXT, 3, O, getn_uniformiv_ext_location),
	R(GetActiveUniform, 3, V, get_active_uniform_value),
	R(GetUniformIndices, 3, V, get_uniform_indices_value),
	R(GetUniformIndices, 3, V, get_uniform_indices_null),
	R(GetActiveUniformsiv, 3, E, get_active_uniformsiv_enum),
	R(GetActiveUniformsiv, 3, V, get_active_uniformsiv_value),
	R(GetActiveUniformsiv, 3, V, get_active_uniformsiv_null),

	R(BindBufferRange, 3, E, bind_buffer_range_enum),
	R(BindBufferRange, 3, V, bind_buffer_range_value),
	R(BindBufferRange, 3, V, bind_buffer_range_size),
	R(BindBufferRange, 3, V, bind_buffer_range_align),
	R(BindBufferBase, 3, V, bind_buffer_base_value),
	R(BindBufferBase, 3, E, bind_buffer_base_enum),
	R(GetUniformBlockIndex, 3, O, get_uniform_block_index_operation),
	R(UniformBlockBinding, 3, V, uniform_block_binding_value),
	R(UniformBlockBinding, 3, V, uniform_block_binding_point),
	R(GetActiveUniformBlockiv, 3, E, get_active_uniform_blockiv_enum),
	R(GetActiveUniformBlockiv, 3, V, get_active_uniform_blockiv_value),
	R(GetActiveUniformBlockName, 3, V, get_active_uniform_block_name_value),

	R(DrawArrays, 3, E, draw_arrays_enum),
	R(DrawArrays, 3, V, draw_arrays_value),
	R(DrawArrays, 2, V, draw_arrays_value),
	R(DrawArraysInstanced, 3, V, draw_arrays_instanced_value),
	R(DrawArraysInstanced, 3, E, draw_arrays_instanced_enum),
	R(DrawElements, 3, E, draw_elements_enum),
	R(DrawElements, 3, V, draw_elements_value),
	R(DrawElementsInstanced, 3, V, draw_elements_instanced_value),
	R(DrawElementsInstanced, 3, E, draw_elements_instanced_enum),
	R(DrawRangeElements, 3, V, draw_range_elements_value),
	R(DrawArrays, 3, GL_NO_ERROR, draw_arrays_no_program),
	R(DrawArrays, 2, GL_NO_ERROR, draw_arrays_no_program),

	R(FenceSync, 3, E, fence_sync_enum),
	R(FenceSync, 3, V, fence_sync_value),
	R(DeleteSync, 3, V, delete_sync_value),
	R(DeleteSync, 3, GL_NO_ERROR, delete_sync_zero),
	R(ClientWaitSync, 3, V, client_wait_sync_value),
	R(ClientWaitSync, 3, V, client_wait_sync_flags),
	R(WaitSync, 3, V, wait_sync_flags),
	R(WaitSync, 3, V, wait_sync_timeout),
	R(GetSynciv, 3, E, get_synciv_enum),
	R(GetSynciv, 3, V, get_synciv_value),
	R(GetSynciv, 3, V, get_synciv_negative_bufsize),

	R(GenTextures, 3, V, gen_textures_value),
	R(DeleteTextures, 3, V, delete_textures_value),
	R(BindTexture, 3, E, bind_texture_enum),
	R(BindTexture, 3, O, bind_texture_operation),
	R(ActiveTexture, 3, E, active_texture_enum),
	R(GenerateMipmap, 3, E, generate_mipmap_enum),
	R(GenerateMipmap, 3, O, generate_mipmap_operation),
	R(GenerateMipmap, 2, GL_NO_ERROR, generate_mipmap_es2_npot),
	R(CopyTexImage2D, 3, E, copy_tex_image_enum),
	R(CopyTexImage2D, 3, V, copy_tex_image_value),
	R(CopyTexImage2D, 3, V, copy_tex_image_border),
	R(CopyTexImage2D, 3, V, copy_tex_image_max),
	R(CopyTexImage2D, 2, V, copy_tex_image_max),
	R(CopyTexSubImage2D, 3, O, copy_tex_sub_image_operation),
	R(CopyTexSubImage2D, 3, V, copy_tex_sub_image_value),
	R(CopyTexSubImage2D, 3, O, copy_tex_sub_image_compressed),
	R(CopyTexSubImage3D, 3, E, copy_tex_sub_image3d_enum),
	R(CopyTexSubImage3D, 3, V, copy_tex_sub_image3d_level),
	R(TexImage2D, 3, E, tex_image_enum),
	R(TexImage2D, 3, V, tex_image_value),
	R(TexImage2D, 3, V, tex_image_level),
	R(TexImage2D, 3, V, tex_image_border),
	R(TexImage2D, 3, V, tex_image_too_big),
	R(TexImage2D, 3, E, tex_image_format_enum),
	R(TexImage2D, 3, O, tex_image_mismatch),
	R(TexImage2D, 2, O, tex_image_mismatch),
	R(TexImage2D, 3, O, tex_image_sized_type),
	R(TexImage2D, 3, O, tex_image_immutable),
	R(TexImage2D, 3, V, tex_image_cube_square),
	R(TexImage2D, 2, V, tex_image_cube_square),
	R(TexImage2D, 2, GL_NO_ERROR, tex_image_es2_npot_level),
	R(TexImage2D, 3, GL_NO_ERROR, tex_image_r32i),
	R(TexImage2D, 3, O, tex_image_integer_from_float),
	R(TexImage2D, 3, O, tex_image_r8_float),
	R(TexImage2D, 3, O, tex_image_rgb9_e5_byte),
	R(TexImage2D, 3, O, tex_image_rgb10_a2ui_norm),
	R(TexImage2D, 3, O, tex_image_depth32f_ushort),
	R(ReadPixels, 3, O, read_pixels_integer_as_bytes),
	R(ReadPixels, 3, O, read_pixels_rgba8_as_integer),
	R(CompressedTexImage3D, 3, O, compressed_tex_image3d_etc2_3d),
	R(CompressedTexImage2D, 3, V, compressed_tex_image2d_etc2_size),
	R(CompressedTexImage2D, 2, E, compressed_tex_image2d_etc2_size),
	R(CompressedTexSubImage2D, 3, O, compressed_tex_sub_image2d_etc2_unaligned),
	R(TexStorage3D, 3, O, tex_storage2d_etc2_3d),
	R(TexStorage3D, 31, O, tex_storage3d_stencil8_3d),
	R(TexImage2D, 3, E, tex_image2d_stencil8_es30),
	R(RenderbufferStorage, 3, E, renderbuffer_storage_snorm),
	R(RenderbufferStorage, 3, E, renderbuffer_storage_rgb9_e5),
	R(TexSubImage2D, 3, V, tex_sub_image_value),
	R(TexSubImage2D, 3, O, tex_sub_image_operation),
	R(TexSubImage2D, 3, E, tex_sub_image_enum),
	R(TexStorage2D, 3, V, tex_storage2d_value),
	R(TexStorage2D, 3, E, tex_storage2d_enum),
	R(TexStorage2D, 3, O, tex_storage2d_levels),
	R(TexStorage2D, 3, O, tex_storage2d_immutable),
	R(TexImage3D, 3, E, tex_image3d_enum),
	R(TexImage3D, 3, V, tex_image3d_value),
	R(TexSubImage3D, 3, O, tex_sub_image3d_operation),
	R(TexStorage3D, 3, V, tex_storage3d_value),
	R(TexStorage3D, 3, E, tex_storage3d_enum),
	R(CompressedTexImage2D, 3, E, compressed_tex_image2d_enum),
	R(CompressedTexSubImage2D, 3, E, compressed_tex_sub_image2d_enum),
	R(CompressedTexImage3D, 3, E, compressed_tex_image3d_enum),
	R(CompressedTexSubImage3D, 3, E, compressed_tex_sub_image3d_enum),
	R(TexParameteri, 3, E, tex_parameteri_enum),
	R(TexParameteri, 3, E, tex_parameteri_value_enum),
	R(TexParameteri, 3, V, tex_parameteri_value),
	R(TexParameterf, 3, E, tex_parameterf_enum),
	R(TexParameterf, 2, E, tex_parameterf_huge_enum),
	R(TexParameterf, 3, E, tex_parameterf_huge_swizzle),
	R(TexParameteriv, 3, E, tex_parameteriv_enum),
	R(TexParameterfv, 3, E, tex_parameterfv_enum),
	R(GetTexParameteriv, 3, E, get_tex_parameteriv_enum),
	R(GetTexParameterfv, 3, E, get_tex_parameterfv_enum),

	R(GenSamplers, 3, V, gen_samplers_value),
	R(DeleteSamplers, 3, V, delete_samplers_value),
	R(BindSampler, 3, V, bind_sampler_value),
	R(BindSampler, 3, O, bind_sampler_operation),
	R(SamplerParameteri, 3, O, sampler_parameteri_operation),
	R(SamplerParameteri, 3, E, sampler_parameteri_enum),
	R(SamplerParameterf, 3, E, sampler_parameterf_enum),
	R(SamplerParameteriv, 3, E, sampler_parameteriv_enum),
	R(SamplerParameterfv, 3, O, sampler_parameterfv_operation),
	R(GetSamplerParameteriv, 3, E, get_sampler_parameteriv_enum),
	R(GetSamplerParameterfv, 3, O, get_sampler_parameterfv_operation),

	R(GenRenderbuffers, 3, V, gen_renderbuffers_value),
	R(DeleteRenderbuffers, 3, V, delete_renderbuffers_value),
	R(BindRenderbuffer, 3, E, bind_renderbuffer_enum),
	R(RenderbufferStorage, 3, E, renderbuffer_storage_enum),
	R(RenderbufferStorage, 2, E, renderbuffer_storage_enum),
	R(RenderbufferStorage, 3, V, renderbuffer_storage_value),
	R(RenderbufferStorage, 3, V, renderbuffer_storage_negative),
	R(RenderbufferStorage, 3, O, renderbuffer_storage_operation),
	R(GetRenderbufferParameteriv, 3, E, get_renderbuffer_parameteriv_enum),
	R(GetRenderbufferParameteriv, 3, O, get_renderbuffer_parameteriv_operation),

	R(GenFramebuffers, 3, V, gen_framebuffers_value),
	R(DeleteFramebuffers, 3, V, delete_framebuffers_value),
	R(BindFramebuffer, 3, E, bind_framebuffer_enum),
	R(FramebufferTexture2D, 3, O, framebuffer_texture2d_operation),
	R(FramebufferTexture2D, 3, E, framebuffer_texture2d_enum),
	R(FramebufferTexture2D, 3, O, framebuffer_texture2d_name),
	R(FramebufferTexture2D, 3, V, framebuffer_texture2d_level),
	R(FramebufferRenderbuffer, 3, E, framebuffer_renderbuffer_enum),
	R(FramebufferRenderbuffer, 3, O, framebuffer_renderbuffer_operation),
	R(FramebufferRenderbuffer, 3, O, framebuffer_renderbuffer_name),
	R(FramebufferTextureLayer, 3, V, framebuffer_texture_layer_value),
	R(FramebufferTextureLayer, 3, V, framebuffer_texture_layer_level),
	R(FramebufferTextureLayer, 3, O, framebuffer_texture_layer_operation),
	R(CheckFramebufferStatus, 3, E, check_framebuffer_status_enum),
	R(CheckFramebufferStatus, 2, E, check_framebuffer_status_enum),
	R(GetFramebufferAttachmentParameteriv, 3, E, get_fb_attachment_enum),
	R(GetFramebufferAttachmentParameteriv, 2, E, get_fb_attachment_enum),
	R(GetFramebufferAttachmentParameteriv, 3, O, get_fb_attachment_none),
	R(GetFramebufferAttachmentParameteriv, 2, E, get_fb_attachment_none),
	R(GetFramebufferAttachmentParameteriv, 2, O, get_fb_attachment_default),
	R(GetFramebufferAttachmentParameteriv, 3, E, get_fb_attachment_default_name),
	R(GetFramebufferAttachmentParameteriv, 3, O, get_fb_attachment_default_color0),
	R(GetFramebufferAttachmentParameteriv, 3, E, get_fb_attachment_target),
	R(InvalidateFramebuffer, 3, E, invalidate_framebuffer_enum),
	R(InvalidateFramebuffer, 3, V, invalidate_framebuffer_value),
	R(InvalidateSubFramebuffer, 3, V, invalidate_sub_framebuffer_value),
	R(DrawBuffers, 3, V, draw_buffers_value),
	R(DrawBuffers, 3, V, draw_buffers_null),
	R(DrawBuffers, 3, V, draw_buffers_too_many),
	R(DrawBuffers, 3, E, draw_buffers_enum),
	R(DrawBuffersEXT, 2, O, draw_buffers_ext_default_two),
	R(DrawBuffers, 3, O, draw_buffers_default_two),
	R(DrawBuffers, 3, O, draw_buffers_default_attachment),
	R(DrawBuffers, 3, O, draw_buffers_fbo_back),
	R(DrawBuffers, 3, O, draw_buffers_fbo_slot),
	R(ReadBuffer, 3, E, read_buffer_enum),
	R(ReadBuffer, 3, O, read_buffer_default_attachment),
	R(ReadBuffer, 3, O, read_buffer_fbo_back),
	R(ReadBuffer, 3, O, read_buffer_fbo_past_max),
	R(ReadBuffer, 3, O, read_buffer_fbo_attachment31),
	R(ReadPixels, 3, O, read_pixels_read_buffer_none),
	R(ReadPixels, 3, O, read_pixels_multisample),
	R(CopyTexImage2D, 3, O, copy_tex_image_read_buffer_none),
	R(FramebufferTexture2D, 3, E, framebuffer_texture2d_past_max),
	R(GetFramebufferAttachmentParameteriv, 3, E, get_fb_attachment_past_max),
	R(InvalidateFramebuffer, 3, O, invalidate_framebuffer_past_max),
	R(BlitFramebuffer, 3, V, blit_value),
	R(BlitFramebuffer, 3, O, blit_multisample_to_multisample),
	R(BlitFramebuffer, 3, E, blit_enum),
	R(BlitFramebuffer, 3, O, blit_linear_depth),
	R(BlitFramebuffer, 3, GL_INVALID_FRAMEBUFFER_OPERATION, blit_incomplete),
	R(BlitFramebuffer, 3, O, blit_draw_multisample),
	R(BlitFramebuffer, 3, O, blit_resolve_rects),
	R(BlitFramebuffer, 3, O, blit_resolve_formats),
	R(BlitFramebuffer, 3, O, blit_depth_formats),
	R(BlitFramebuffer, 3, O, blit_same_buffer),
	R(BlitFramebuffer, 3, O, blit_integer_to_normalized),
	R(BlitFramebuffer, 3, O, blit_integer_linear),
	R(RenderbufferStorageMultisample, 3, E, renderbuffer_storage_ms_enum),
	R(RenderbufferStorageMultisample, 3, V, renderbuffer_storage_ms_samples),
	R(RenderbufferStorageMultisample, 3, V, renderbuffer_storage_ms_size),
	R(RenderbufferStorageMultisample, 3, O, renderbuffer_storage_ms_too_many),
	R(GetInternalformativ, 3, E, get_internalformat_target),
	R(GetInternalformativ, 3, E, get_internalformat_format),
	R(GetInternalformativ, 3, E, get_internalformat_pname),
	R(GetInternalformativ, 3, V, get_internalformat_bufsize),

	/* extensions */
	R(DrawArraysInstancedEXT, 2, V, draw_arrays_instanced_ext_value),
	R(DrawElementsInstancedEXT, 2, E, draw_elements_instanced_ext_enum),
	R(DrawElementsBaseVertexOES, 2, E, draw_elements_bv_enum),
	R(DrawElementsBaseVertexOES, 3, V, draw_elements_bv_value),
	R(DrawElementsInstancedBaseVertexOES, 2, V, draw_elements_inst_bv_value),
	R(DrawRangeElementsBaseVertexOES, 3, V, draw_range_bv_value),
	R(MultiDrawArraysEXT, 2, V, multi_draw_arrays_value),
	R(MultiDrawArraysEXT, 2, V, multi_draw_arrays_count_value),
	R(MultiDrawElementsEXT, 2, E, multi_draw_elements_enum),
	R(MultiDrawElementsBaseVertexEXT, 2, V, multi_draw_elements_bv_value),
	R(MultiDrawArraysEXT, 2, V, multi_draw_arrays_null),
	R(MultiDrawElementsEXT, 2, V, multi_draw_elements_null),
	R(MultiDrawElementsBaseVertexEXT, 2, V, multi_draw_elements_bv_null),
	R(DiscardFramebufferEXT, 3, E, discard_framebuffer_target),
	R(DiscardFramebufferEXT, 2, V, discard_framebuffer_value),
	R(DiscardFramebufferEXT, 2, E, discard_framebuffer_default_att),
	R(DiscardFramebufferEXT, 2, E, discard_framebuffer_es2_att),
	R(DiscardFramebufferEXT, 2, GL_NO_ERROR, discard_framebuffer_ok),
	R(VertexAttribPointer, 2, GL_NO_ERROR, attrib_pointer_half_oes),
	R(VertexAttribPointer, 3, GL_NO_ERROR, attrib_pointer_half_oes),
	R(VertexAttribIPointer, 3, E, attrib_ipointer_half_oes),
	R(TexImage2D, 2, GL_NO_ERROR, tex_image_es2_float),
	R(TexImage2D, 2, GL_NO_ERROR, tex_image_es2_half_oes),
	R(TexImage2D, 3, GL_NO_ERROR, tex_image_es2_half_oes),
	R(TexImage2D, 2, E, tex_image_es2_half_es3_token),
	R(TexImage2D, 2, GL_NO_ERROR, tex_image_bgra),
	R(TexImage2D, 3, GL_NO_ERROR, tex_image_bgra),
	R(TexImage2D, 2, O, tex_image_bgra_mismatch),
	R(TexImage2D, 2, O, tex_image_bgra_type),
	R(TexImage2D, 2, GL_NO_ERROR, tex_image_es2_sized),
	R(TexImage2D, 2, O, tex_image_es2_sized_type),
	R(RenderbufferStorage, 2, GL_NO_ERROR, renderbuffer_storage_es2_rgba8),
	R(RenderbufferStorage, 2, GL_NO_ERROR, renderbuffer_storage_es2_d24s8),
	R(FramebufferTexture2D, 2, GL_NO_ERROR, framebuffer_texture2d_es2_level1),
	R(TexImage2D, 2, GL_NO_ERROR, tex_image_es2_red),
	R(TexImage2D, 2, GL_NO_ERROR, tex_image_es2_2_10_10_10),
	R(TexImage2D, 2, O, tex_image_2_10_10_10_luminance),
	R(TexImage2D, 3, GL_NO_ERROR, tex_image_es2_2_10_10_10),
	R(RenderbufferStorage, 2, GL_NO_ERROR, renderbuffer_storage_es2_r8),
	R(TexParameterf, 2, V, tex_parameter_anisotropy_value),
	R(DrawElementsBaseVertexEXT, 2, E, draw_elements_bv_ext_enum),
	R(DrawElementsInstancedBaseVertexEXT, 3, V, draw_elements_inst_bv_ext_value),
	R(DrawRangeElementsBaseVertexEXT, 3, V, draw_range_bv_ext_value),
	R(TexParameteri, 2, GL_NO_ERROR, tex_parameter_es2_max_level),
	R(GenerateMipmap, 2, GL_NO_ERROR, generate_mipmap_es2_float),
	R(ReadPixels, 2, GL_NO_ERROR, read_pixels_bgra),
	R(ReadPixels, 3, GL_NO_ERROR, read_pixels_bgra),
	R(ReadPixels, 2, O, read_pixels_bgra_4444_rev),
	R(TexParameterf, 3, V, tex_parameter_anisotropy_value),
	R(GetFloatv, 2, GL_NO_ERROR, get_floatv_max_anisotropy),
	R(TexParameteri, 2, GL_NO_ERROR, tex_parameter_clamp_to_border),
	R(TexParameteri, 3, GL_NO_ERROR, tex_parameter_clamp_to_border),
	R(TexParameteri, 2, E, tex_parameteri_border_enum),
	R(TexParameterf, 3, E, tex_parameterf_border_enum),
	R(SamplerParameteri, 3, E, sampler_parameteri_border_enum),
	R(TexParameteri, 3, E, tex_parameter_external_border_enum),
	R(TexParameterIivOES, 2, E, tex_parameter_iiv_target_enum),
	R(TexParameterIivOES, 3, E, tex_parameter_iiv_wrap_enum),
	R(TexParameterIuivOES, 3, E, tex_parameter_iuiv_pname_enum),
	R(GetTexParameterIivOES, 3, E, get_tex_parameter_iiv_pname_enum),
	R(GetTexParameterIuivOES, 2, E, get_tex_parameter_iuiv_target_enum),
	R(SamplerParameterIivOES, 3, O, sampler_parameter_iiv_operation),
	R(SamplerParameterIuivOES, 3, E, sampler_parameter_iuiv_enum),
	R(GetSamplerParameterIivOES, 3, E, get_sampler_parameter_iiv_enum),
	R(GetSamplerParameterIuivOES, 3, O, get_sampler_parameter_iuiv_operation),
	R(TexParameterIivEXT, 3, E, tex_parameter_iiv_ext_enum),
	R(TexParameterIuivEXT, 2, E, tex_parameter_iuiv_ext_enum),
	R(GetTexParameterIivEXT, 3, E, get_tex_parameter_iiv_ext_enum),
	R(GetTexParameterIuivEXT, 3, E, get_tex_parameter_iuiv_ext_enum),
	R(SamplerParameterIivEXT, 3, O, sampler_parameter_iiv_ext_operation),
	R(SamplerParameterIuivEXT, 3, O, sampler_parameter_iuiv_ext_operation),
	R(GetSamplerParameterIivEXT, 3, O, get_sampler_parameter_iiv_ext_operation),
	R(GetSamplerParameterIuivEXT, 3, E, get_sampler_parameter_iuiv_ext_enum),
	R(CompressedTexImage2D, 2, V, compressed_tex_image2d_etc1_size),
	R(CompressedTexImage2D, 2, V, compressed_tex_image2d_etc1_border),
	R(CompressedTexImage2D, 2, GL_NO_ERROR, compressed_tex_image2d_etc1),
	R(CompressedTexImage2D, 3, GL_NO_ERROR, compressed_tex_image2d_etc1),
	R(CompressedTexSubImage2D, 2, O, compressed_tex_sub_image2d_etc1),
	R(TexSubImage2D, 2, O, tex_sub_image_etc1),
	R(EGLImageTargetTexture2DOES, 3, E, image_target_texture_enum),
	R(EGLImageTargetTexture2DOES, 3, V, image_target_texture_value),
	R(EGLImageTargetTexture2DOES, 2, V, image_target_external_value),
	R(EGLImageTargetRenderbufferStorageOES, 3, E, image_target_renderbuffer_enum),
	R(EGLImageTargetRenderbufferStorageOES, 3, V, image_target_renderbuffer_value),
	R(TexImage2D, 3, E, tex_image_external_enum),
	R(TexParameteri, 3, E, tex_parameter_external_wrap),
	R(TexParameteri, 3, O, tex_parameter_external_base_level),
	R(GenerateMipmap, 3, E, generate_mipmap_external),
	R(MapBufferOES, 2, E, map_buffer_oes_access),
	R(MapBufferOES, 2, E, map_buffer_oes_target),
	R(MapBufferOES, 2, O, map_buffer_oes_twice),
	R(UnmapBufferOES, 2, O, unmap_buffer_oes_operation),
	R(GetBufferPointervOES, 2, E, get_buffer_pointerv_oes_enum),
	R(MapBufferRangeEXT, 2, V, map_buffer_range_ext_value),
	R(FlushMappedBufferRangeEXT, 2, O, flush_mapped_buffer_range_ext_operation),
	R(GetBufferParameteriv, 2, GL_NO_ERROR, get_buffer_parameteriv_access_oes),
	R(GenQueries, 3, V, gen_queries_value),
	R(GenQueriesEXT, 2, V, gen_queries_ext_value),
	R(DeleteQueries, 3, V, delete_queries_value),
	R(DeleteQueriesEXT, 2, V, delete_queries_ext_value),
	R(BeginQuery, 3, E, begin_query_enum),
	R(BeginQuery, 3, E, begin_query_timestamp_enum),
	R(BeginQuery, 3, O, begin_query_active_target),
	R(BeginQuery, 3, O, begin_query_conservative_while_any),
	R(BeginQuery, 3, O, begin_query_zero),
	R(BeginQuery, 3, O, begin_query_not_generated),
	R(BeginQuery, 3, O, begin_query_other_target),
	R(BeginQuery, 3, O, begin_query_active_id),
	R(BeginQueryEXT, 2, E, begin_query_ext_tf_es2),
	R(EndQuery, 3, E, end_query_enum),
	R(EndQuery, 3, O, end_query_without_begin),
	R(EndQuery, 3, O, end_query_other_target),
	R(EndQueryEXT, 2, O, end_query_ext_without_begin),
	R(GetQueryiv, 3, E, get_queryiv_target),
	R(GetQueryiv, 3, E, get_queryiv_pname),
	R(GetQueryivEXT, 2, E, get_queryiv_ext_pname),
	R(GetQueryObjectuiv, 3, O, get_query_objectuiv_not_query),
	R(GetQueryObjectuiv, 3, O, get_query_objectuiv_active),
	R(GetQueryObjectuiv, 3, E, get_query_objectuiv_pname),
	R(GetQueryObjectuivEXT, 2, O, get_query_objectuiv_ext_not_query),
	R(GetQueryObjectivEXT, 2, E, get_query_objectiv_ext_pname),
	R(GetQueryObjecti64vEXT, 3, O, get_query_objecti64v_ext_not_query),
	R(GetQueryObjectui64vEXT, 3, O, get_query_objectui64v_ext_active),
	R(QueryCounterEXT, 3, E, query_counter_enum),
	R(QueryCounterEXT, 3, O, query_counter_zero),
	R(QueryCounterEXT, 3, O, query_counter_other_target),
	R(QueryCounterEXT, 3, O, query_counter_active),
	R(GetInteger64vEXT, 2, E, get_integer64v_ext_enum),
	R(GenTransformFeedbacks, 3, V, gen_xfb_value),
	R(DeleteTransformFeedbacks, 3, V, delete_xfb_value),
	R(DeleteTransformFeedbacks, 3, O, delete_xfb_active),
	R(BindTransformFeedback, 3, E, bind_xfb_enum),
	R(BindTransformFeedback, 3, O, bind_xfb_not_generated),
	R(BindTransformFeedback, 3, O, bind_xfb_active),
	R(BeginTransformFeedback, 3, E, begin_xfb_enum),
	R(BeginTransformFeedback, 3, O, begin_xfb_active),
	R(BeginTransformFeedback, 3, O, begin_xfb_no_program),
	R(BeginTransformFeedback, 3, O, begin_xfb_no_varyings),
	R(BeginTransformFeedback, 3, O, begin_xfb_no_buffer),
	R(EndTransformFeedback, 3, O, end_xfb_inactive),
	R(PauseTransformFeedback, 3, O, pause_xfb_inactive),
	R(PauseTransformFeedback, 3, O, pause_xfb_paused),
	R(ResumeTransformFeedback, 3, O, resume_xfb_inactive),
	R(ResumeTransformFeedback, 3, O, resume_xfb_not_paused),
	R(ResumeTransformFeedback, 3, O, resume_xfb_other_program),
	R(TransformFeedbackVaryings, 3, E, xfb_varyings_enum),
	R(TransformFeedbackVaryings, 3, V, xfb_varyings_count),
	R(TransformFeedbackVaryings, 3, V, xfb_varyings_null),
	R(TransformFeedbackVaryings, 3, V, xfb_varyings_separate_too_many),
	R(TransformFeedbackVaryings, 3, V, xfb_varyings_not_program),
	R(GetTransformFeedbackVarying, 3, V, get_xfb_varying_index),
	R(GetTransformFeedbackVarying, 3, V, get_xfb_varying_bufsize),
	R(DrawArrays, 3, O, draw_arrays_xfb_mode),
	R(DrawArrays, 3, O, draw_arrays_xfb_overflow),
	R(DrawElements, 3, O, draw_elements_xfb),
	R(UseProgram, 3, O, use_program_xfb_active),
	R(LinkProgram, 3, O, link_program_xfb_active),
	R(BindBufferBase, 3, O, bind_buffer_base_xfb_active),
	R(BindBufferBase, 3, V, bind_buffer_base_xfb_index),
	R(BindBufferRange, 3, V, bind_buffer_range_xfb_offset),
	R(GetIntegeri_v, 3, V, get_integeri_xfb_index),

	R(DispatchCompute, 31, O, dispatch_no_program),
	R(DispatchCompute, 31, V, dispatch_counts_over_max),
	R(DispatchCompute, 3, O, dispatch_es30),
	R(DispatchComputeIndirect, 31, V, indirect_negative),
	R(DispatchComputeIndirect, 31, V, indirect_unaligned),
	R(DispatchComputeIndirect, 31, O, indirect_past_end),
	R(DispatchComputeIndirect, 31, O, indirect_no_buffer),
	R(MemoryBarrier, 31, V, memory_barrier_bits),
	R(MemoryBarrierByRegion, 31, V, region_barrier_bits),
	R(CreateShader, 3, E, compute_shader_es30),
	R(BindBufferRange, 31, V, ssbo_range_unaligned),
	R(BindBufferBase, 31, V, ssbo_base_index),
	R(GetIntegeri_v, 31, V, ssbo_binding_index),
	R(BindBufferRange, 31, V, atomic_range_unaligned),
	R(BindBufferBase, 31, V, atomic_base_index),
	R(GetIntegeri_v, 31, V, atomic_binding_index),
	R(BindBuffer, 3, E, atomic_target_es30),
	R(GetProgramiv, 31, O, work_group_size_not_compute),
	R(BindImageTexture, 31, V, image_unit_past_max),
	R(BindImageTexture, 31, V, image_no_texture),
	R(BindImageTexture, 31, V, image_level),
	R(BindImageTexture, 31, V, image_layer),
	R(BindImageTexture, 31, E, image_access),
	R(BindImageTexture, 31, V, image_format),
	R(BindImageTexture, 31, O, image_mutable),
	R(BindImageTexture, 3, O, image_es30),
	R(TexBufferEXT, 31, E, texbuf_target),
	R(TexBufferOES, 31, E, texbuf_format),
	R(TexBufferEXT, 31, O, texbuf_name),
	R(TexBufferEXT, 3, O, texbuf_es30),
	R(TexBufferRangeEXT, 31, V, texbuf_range_negative),
	R(TexBufferRangeOES, 31, V, texbuf_range_zero),
	R(TexBufferRangeEXT, 31, V, texbuf_range_past_end),
	R(TexBufferRangeOES, 31, V, texbuf_range_unaligned),
	R(TexParameteri, 31, E, texbuf_parameter),
	R(GetTexLevelParameteriv, 31, V, texbuf_level),
	R(GetIntegeri_v, 31, V, image_binding_index),
	R(GetProgramInterfaceiv, 3, O, interface_es30),
	R(GetProgramInterfaceiv, 31, E, interface_enum),
	R(GetProgramInterfaceiv, 31, E, interface_pname),
	R(GetProgramInterfaceiv, 31, O, interface_atomic_name_length),
	R(GetProgramInterfaceiv, 31, O, interface_uniform_num_vars),
	R(GetProgramInterfaceiv, 31, O, interface_not_program),
	R(GetProgramInterfaceiv, 31, V, interface_unknown_name),
	R(GetProgramResourceIndex, 3, O, resource_index_es30),
	R(GetProgramResourceIndex, 31, E, resource_index_atomic),
	R(GetProgramResourceIndex, 31, E, resource_index_enum),
	R(GetProgramResourceName, 31, V, resource_name_index),
	R(GetProgramResourceName, 31, V, resource_name_bufsize),
	R(GetProgramResourceName, 31, E, resource_name_atomic),
	R(GetProgramResourceiv, 31, V, resource_iv_index),
	R(GetProgramResourceiv, 31, E, resource_iv_pair),
	R(GetProgramResourceiv, 31, E, resource_iv_block_pair),
	R(GetProgramResourceiv, 31, V, resource_iv_count),
	R(GetProgramResourceiv, 31, V, resource_iv_bufsize),
	R(GetProgramResourceLocation, 3, O, resource_location_es30),
	R(GenProgramPipelines, 31, V, gen_pipelines_count),
	R(DeleteProgramPipelines, 31, V, delete_pipelines_count),
	R(BindProgramPipeline, 31, O, bind_pipeline_not_generated),
	R(UseProgramStages, 31, V, use_stages_bits),
	R(UseProgramStages, 31, O, use_stages_not_separable),
	R(UseProgramStages, 31, O, use_stages_not_generated),
	R(ActiveShaderProgram, 31, O, active_program_not_generated),
	R(ActiveShaderProgram, 31, O, active_program_unlinked),
	R(ValidateProgramPipeline, 31, O, validate_pipeline_not_generated),
	R(GetProgramPipelineiv, 31, E, pipeline_iv_pname),
	R(GetProgramPipelineiv, 31, O, pipeline_iv_not_generated),
	R(GetProgramPipelineInfoLog, 31, V, pipeline_log_bufsize),
	R(CreateShaderProgramv, 31, E, create_shader_program_type),
	R(CreateShaderProgramv, 31, V, create_shader_program_count),
	R(ProgramParameteri, 31, V, program_separable_value),
	R(DrawArrays, 31, O, draw_separable_one_stage),
	R(DrawArrays, 31, O, draw_pipeline_no_fragment),
	R(GenProgramPipelinesEXT, 2, V, gen_pipelines_ext_count),
	R(DeleteProgramPipelinesEXT, 2, V, delete_pipelines_ext_count),
	R(BindProgramPipelineEXT, 2, O, bind_pipeline_ext_not_generated),
	R(UseProgramStagesEXT, 3, V, use_stages_ext_compute),
	R(ActiveShaderProgramEXT, 2, O, active_program_ext_not_generated),
	R(ValidateProgramPipelineEXT, 2, O, validate_pipeline_ext_not_generated),
	R(GetProgramPipelineivEXT, 3, E, pipeline_iv_ext_compute),
	R(GetProgramPipelineInfoLogEXT, 2, V, pipeline_log_ext_bufsize),
	R(CreateShaderProgramvEXT, 2, E, create_shader_program_ext_compute),
	R(ProgramParameteriEXT, 2, E, program_parameteri_ext_es20_hint),
	R(ProgramUniform1fEXT, 2, V, program_Uniform1f_ext_name),
	R(ProgramUniform2fEXT, 2, V, program_Uniform2f_ext_name),
	R(ProgramUniform3fEXT, 2, V, program_Uniform3f_ext_name),
	R(ProgramUniform4fEXT, 2, V, program_Uniform4f_ext_name),
	R(ProgramUniform1iEXT, 2, V, program_Uniform1i_ext_name),
	R(ProgramUniform2iEXT, 2, V, program_Uniform2i_ext_name),
	R(ProgramUniform3iEXT, 2, V, program_Uniform3i_ext_name),
	R(ProgramUniform4iEXT, 2, V, program_Uniform4i_ext_name),
	R(ProgramUniform1uiEXT, 3, V, program_Uniform1ui_ext_name),
	R(ProgramUniform2uiEXT, 3, V, program_Uniform2ui_ext_name),
	R(ProgramUniform3uiEXT, 3, V, program_Uniform3ui_ext_name),
	R(ProgramUniform4uiEXT, 3, V, program_Uniform4ui_ext_name),
	R(ProgramUniform1fvEXT, 2, V, program_Uniform1fv_ext_name),
	R(ProgramUniform2fvEXT, 2, V, program_Uniform2fv_ext_name),
	R(ProgramUniform3fvEXT, 2, V, program_Uniform3fv_ext_name),
	R(ProgramUniform4fvEXT, 2, V, program_Uniform4fv_ext_name),
	R(ProgramUniform1ivEXT, 2, V, program_Uniform1iv_ext_name),
	R(ProgramUniform2ivEXT, 2, V, program_Uniform2iv_ext_name),
	R(ProgramUniform3ivEXT, 2, V, program_Uniform3iv_ext_name),
	R(ProgramUniform4ivEXT, 2, V, program_Uniform4iv_ext_name),
	R(ProgramUniform1uivEXT, 3, V, program_Uniform1uiv_ext_name),
	R(ProgramUniform2uivEXT, 3, V, program_Uniform2uiv_ext_name),
	R(ProgramUniform3uivEXT, 3, V, program_Uniform3uiv_ext_name),
	R(ProgramUniform4uivEXT, 3, V, program_Uniform4uiv_ext_name),
	R(ProgramUniformMatrix2fvEXT, 2, V, program_UniformMatrix2fv_ext_name),
	R(ProgramUniformMatrix3fvEXT, 2, V, program_UniformMatrix3fv_ext_name),
	R(ProgramUniformMatrix4fvEXT, 2, V, program_UniformMatrix4fv_ext_name),
	R(ProgramUniformMatrix2x3fvEXT, 3, V, program_UniformMatrix2x3fv_ext_name),
	R(ProgramUniformMatrix2x4fvEXT, 3, V, program_UniformMatrix2x4fv_ext_name),
	R(ProgramUniformMatrix3x2fvEXT, 3, V, program_UniformMatrix3x2fv_ext_name),
	R(ProgramUniformMatrix3x4fvEXT, 3, V, program_UniformMatrix3x4fv_ext_name),
	R(ProgramUniformMatrix4x2fvEXT, 3, V, program_UniformMatrix4x2fv_ext_name),
	R(ProgramUniformMatrix4x3fvEXT, 3, V, program_UniformMatrix4x3fv_ext_name),
	R(ProgramUniform4f, 31, O, program_uniform_type),
	R(ProgramUniform1f, 31, V, program_Uniform1f_name),
	R(ProgramUniform2f, 31, V, program_Uniform2f_name),
	R(ProgramUniform3f, 31, V, program_Uniform3f_name),
	R(ProgramUniform4f, 31, V, program_Uniform4f_name),
	R(ProgramUniform1i, 31, V, program_Uniform1i_name),
	R(ProgramUniform2i, 31, V, program_Uniform2i_name),
	R(ProgramUniform3i, 31, V, program_Uniform3i_name),
	R(ProgramUniform4i, 31, V, program_Uniform4i_name),
	R(ProgramUniform1ui, 31, V, program_Uniform1ui_name),
	R(ProgramUniform2ui, 31, V, program_Uniform2ui_name),
	R(ProgramUniform3ui, 31, V, program_Uniform3ui_name),
	R(ProgramUniform4ui, 31, V, program_Uniform4ui_name),
	R(ProgramUniform1fv, 31, V, program_Uniform1fv_name),
	R(ProgramUniform2fv, 31, V, program_Uniform2fv_name),
	R(ProgramUniform3fv, 31, V, program_Uniform3fv_name),
	R(ProgramUniform4fv, 31, V, program_Uniform4fv_name),
	R(ProgramUniform1iv, 31, V, program_Uniform1iv_name),
	R(ProgramUniform2iv, 31, V, program_Uniform2iv_name),
	R(ProgramUniform3iv, 31, V, program_Uniform3iv_name),
	R(ProgramUniform4iv, 31, V, program_Uniform4iv_name),
	R(ProgramUniform1uiv, 31, V, program_Uniform1uiv_name),
	R(ProgramUniform2uiv, 31, V, program_Uniform2uiv_name),
	R(ProgramUniform3uiv, 31, V, program_Uniform3uiv_name),
	R(ProgramUniform4uiv, 31, V, program_Uniform4uiv_name),
	R(ProgramUniformMatrix2fv, 31, V, program_UniformMatrix2fv_name),
	R(ProgramUniformMatrix3fv, 31, V, program_UniformMatrix3fv_name),
	R(ProgramUniformMatrix4fv, 31, V, program_UniformMatrix4fv_name),
	R(ProgramUniformMatrix2x3fv, 31, V, program_UniformMatrix2x3fv_name),
	R(ProgramUniformMatrix2x4fv, 31, V, program_UniformMatrix2x4fv_name),
	R(ProgramUniformMatrix3x2fv, 31, V, program_UniformMatrix3x2fv_name),
	R(ProgramUniformMatrix3x4fv, 31, V, program_UniformMatrix3x4fv_name),
	R(ProgramUniformMatrix4x2fv, 31, V, program_UniformMatrix4x2fv_name),
	R(ProgramUniformMatrix4x3fv, 31, V, program_UniformMatrix4x3fv_name),
	R(GetProgramResourceLocation, 31, E, resource_location_enum),
	R(GetProgramResourceLocation, 31, O, resource_location_unlinked),
	R(DrawArraysIndirect, 3, O, draw_arrays_indirect_es30),
	R(DrawArraysIndirect, 31, E, draw_arrays_indirect_enum),
	R(DrawArraysIndirect, 31, O, draw_arrays_indirect_default_vao),
	R(DrawArraysIndirect, 31, O, draw_arrays_indirect_client_array),
	R(DrawArraysIndirect, 31, O, draw_arrays_indirect_no_buffer),
	R(DrawArraysIndirect, 31, V, draw_arrays_indirect_unaligned),
	R(DrawArraysIndirect, 31, O, draw_arrays_indirect_past_end),
	R(DrawArraysIndirect, 31, O, draw_arrays_indirect_negative),
	R(DrawArraysIndirect, 31, O, draw_arrays_indirect_mapped),
	R(DrawArraysIndirect, 31, O, draw_arrays_indirect_xfb),
	R(DrawArraysIndirect, 31, GL_NO_ERROR, draw_arrays_indirect_xfb_paused),
	R(DrawElementsIndirect, 3, O, draw_elements_indirect_es30),
	R(DrawElementsIndirect, 31, E, draw_elements_indirect_type),
	R(DrawElementsIndirect, 31, O, draw_elements_indirect_no_elements),
	R(DrawElementsIndirect, 31, O, draw_elements_indirect_past_end),
	R(DrawElementsIndirect, 31, O, draw_elements_indirect_default_vao),
	R(BindVertexBuffer, 3, O, bind_vertex_buffer_es30),
	R(BindVertexBuffer, 31, V, bind_vertex_buffer_index),
	R(BindVertexBuffer, 31, O, bind_vertex_buffer_default_vao),
	R(VertexAttribFormat, 31, O, attrib_format_default_vao),
	R(VertexAttribIFormat, 31, O, attrib_iformat_default_vao),
	R(VertexAttribBinding, 31, O, attrib_binding_default_vao),
	R(VertexBindingDivisor, 31, O, binding_divisor_default_vao),
	R(BindVertexBuffer, 31, V, bind_vertex_buffer_offset),
	R(BindVertexBuffer, 31, V, bind_vertex_buffer_stride),
	R(BindVertexBuffer, 31, O, bind_vertex_buffer_name),
	R(VertexAttribFormat, 3, O, attrib_format_es30),
	R(VertexAttribFormat, 31, V, attrib_format_index),
	R(VertexAttribFormat, 31, V, attrib_format_size),
	R(VertexAttribFormat, 31, E, attrib_format_type),
	R(VertexAttribFormat, 31, O, attrib_format_packed),
	R(VertexAttribFormat, 31, V, attrib_format_offset),
	R(VertexAttribIFormat, 31, E, attrib_iformat_type),
	R(VertexAttribIFormat, 31, V, attrib_iformat_index),
	R(VertexAttribBinding, 31, V, attrib_binding_attrib),
	R(VertexAttribBinding, 31, V, attrib_binding_binding),
	R(VertexAttribBinding, 3, O, attrib_binding_es30),
	R(VertexBindingDivisor, 31, V, binding_divisor_index),
	R(VertexBindingDivisor, 3, O, binding_divisor_es30),
	R(GetIntegeri_v, 31, V, vertex_binding_query_index),
	R(GetIntegeri_v, 3, E, vertex_binding_query_es30),
	R(GetVertexAttribiv, 3, E, attrib_binding_query_es30),
	R(GetBooleani_v, 3, O, get_booleani_es30),
	R(GetBooleani_v, 31, E, get_booleani_enum),
	R(GetBooleani_v, 31, V, get_booleani_index),
	R(EnableiEXT, 3, V, enablei_ext_value),
	R(EnableiEXT, 3, E, enablei_ext_enum),
	R(EnableiEXT, 2, O, enablei_ext_es2),
	R(EnableiOES, 3, V, enablei_oes_value),
	R(EnableiOES, 2, O, enablei_oes_es2),
	R(DisableiEXT, 3, V, disablei_ext_value),
	R(DisableiEXT, 3, E, disablei_ext_enum),
	R(DisableiOES, 3, V, disablei_oes_value),
	R(IsEnablediEXT, 3, V, is_enabledi_ext_value),
	R(IsEnablediEXT, 3, E, is_enabledi_ext_enum),
	R(IsEnablediOES, 3, V, is_enabledi_oes_value),
	R(BlendEquationiEXT, 3, V, blend_equationi_ext_value),
	R(BlendEquationiEXT, 3, E, blend_equationi_ext_enum),
	R(BlendEquationiOES, 3, V, blend_equationi_oes_value),
	R(BlendEquationSeparateiEXT, 3, V, blend_equation_separatei_ext_value),
	R(BlendEquationSeparateiEXT, 3, E, blend_equation_separatei_ext_enum),
	R(BlendEquationSeparateiOES, 3, V, blend_equation_separatei_oes_value),
	R(BlendFunciEXT, 3, V, blend_funci_ext_value),
	R(BlendFunciEXT, 3, E, blend_funci_ext_enum),
	R(BlendFunciOES, 3, V, blend_funci_oes_value),
	R(BlendFuncSeparateiEXT, 3, V, blend_func_separatei_ext_value),
	R(BlendFuncSeparateiEXT, 3, E, blend_func_separatei_ext_enum),
	R(BlendFuncSeparateiOES, 3, V, blend_func_separatei_oes_value),
	R(ColorMaskiEXT, 3, V, color_maski_ext_value),
	R(ColorMaskiEXT, 2, O, color_maski_ext_es2),
	R(ColorMaskiOES, 3, V, color_maski_oes_value),
	R(GetIntegeri_v, 3, V, get_integeri_blend_value),
	R(GetBooleani_v, 3, V, get_booleani_writemask_value),
	R(GetBooleani_v, 2, O, get_booleani_writemask_es2),
	R(GetTexLevelParameterfv, 3, O, tex_level_es30),
	R(GetTexLevelParameteriv, 3, O, tex_level_es30_i),
	R(GetTexLevelParameteriv, 31, E, tex_level_target),
	R(GetTexLevelParameterfv, 31, E, tex_level_target_f),
	R(GetTexLevelParameteriv, 31, V, tex_level_negative),
	R(GetTexLevelParameteriv, 31, V, tex_level_past_max),
	R(GetTexLevelParameterfv, 31, V, tex_level_past_max_f),
	R(GetTexLevelParameteriv, 31, E, tex_level_pname),
	R(GetTexLevelParameterfv, 31, E, tex_level_pname_f),
	R(SampleMaski, 3, O, sample_maski_es30),
	R(SampleMaski, 31, V, sample_maski_word),
	R(Enable, 3, E, sample_mask_enable_es30),
	R(GetIntegeri_v, 3, E, sample_mask_value_es30),
	R(GetIntegeri_v, 31, V, sample_mask_value_word),
	R(GetMultisamplefv, 3, O, multisamplefv_es30),
	R(GetMultisamplefv, 31, E, multisamplefv_enum),
	R(GetMultisamplefv, 31, V, multisamplefv_index),
	R(FramebufferParameteri, 3, O, fb_param_es30),
	R(FramebufferParameteri, 31, E, fb_param_target),
	R(FramebufferParameteri, 31, E, fb_param_pname),
	R(FramebufferParameteri, 31, V, fb_param_negative),
	R(FramebufferParameteri, 31, V, fb_param_width),
	R(FramebufferParameteri, 31, V, fb_param_height),
	R(FramebufferParameteri, 31, V, fb_param_samples),
	R(FramebufferParameteri, 31, O, fb_param_default_fb),
	R(PatchParameteriEXT, 3, E, patch_es30),
	R(PrimitiveBoundingBoxEXT, 3, O, bbox_ext_es30),
	R(PrimitiveBoundingBoxOES, 3, O, bbox_oes_es30),
	R(PatchParameteriOES, 31, E, patch_pname),
	R(PatchParameteriEXT, 31, V, patch_zero),
	R(PatchParameteriOES, 31, V, patch_too_many),
	R(FramebufferTextureEXT, 3, O, fb_texture_es30),
	R(FramebufferTextureEXT, 31, E, fb_texture_target),
	R(FramebufferTextureOES, 31, E, fb_texture_attachment),
	R(FramebufferTextureEXT, 31, O, fb_texture_default_fb),
	R(FramebufferTextureOES, 31, O, fb_texture_name),
	R(FramebufferTextureEXT, 31, O, fb_texture_buffer_target),
	R(FramebufferTextureEXT, 31, V, fb_texture_level),
	R(FramebufferTextureOES, 31, V, fb_texture_ms_level),
	R(GetFramebufferAttachmentParameteriv, 31, E, get_fb_attachment_layered_rb),
	R(GetFramebufferAttachmentParameteriv, 3, E, get_fb_attachment_layered_es30),
	R(FramebufferParameteri, 31, V, fb_param_layers),
	R(GetIntegerv, 3, E, max_framebuffer_layers_es30),
	R(GetFramebufferParameteriv, 3, O, get_fb_param_es30),
	R(GetFramebufferParameteriv, 31, E, get_fb_param_target),
	R(GetFramebufferParameteriv, 31, E, get_fb_param_pname),
	R(GetFramebufferParameteriv, 31, O, get_fb_param_default_fb),
	R(TexStorage2DMultisample, 3, O, ms_storage_es30),
	R(BindTexture, 3, E, ms_bind_es30),
	R(TexStorage2DMultisample, 31, E, ms_target),
	R(TexStorage2DMultisample, 31, E, ms_unsized),
	R(TexStorage2DMultisample, 31, E, ms_not_renderable),
	R(TexStorage2DMultisample, 31, V, ms_no_samples),
	R(TexStorage2DMultisample, 31, V, ms_negative),
	R(TexStorage2DMultisample, 31, V, ms_zero_height),
	R(TexStorage2DMultisample, 31, V, ms_too_wide),
	R(TexStorage2DMultisample, 31, O, ms_too_many_samples),
	R(TexStorage2DMultisample, 31, O, ms_integer_too_many),
	R(TexStorage2DMultisample, 31, O, ms_texture_0),
	R(TexStorage2DMultisample, 31, O, ms_immutable),
	R(FramebufferTexture2D, 31, V, ms_attach_level),
	R(FramebufferTexture2D, 31, O, ms_attach_2d),
	R(FramebufferTexture2D, 3, E, ms_attach_es30),
	R(GetInternalformativ, 3, E, ms_internalformat_es30),
	R(TexParameteri, 31, E, ms_sampler_state),
	R(TexParameteri, 31, O, ms_base_level),
	R(GenerateMipmap, 31, E, ms_mipmap),
	R(TexStorage3DMultisampleOES, 3, O, msa_storage_es30),
	R(BindTexture, 3, E, msa_bind_es30),
	R(GetIntegerv, 3, E, msa_binding_es30),
	R(TexStorage3DMultisampleOES, 31, E, msa_target),
	R(TexStorage3DMultisampleOES, 31, E, msa_unsized),
	R(TexStorage3DMultisampleOES, 31, V, msa_no_samples),
	R(TexStorage3DMultisampleOES, 31, V, msa_zero_depth),
	R(TexStorage3DMultisampleOES, 31, V, msa_too_many_layers),
	R(TexStorage3DMultisampleOES, 31, O, msa_too_many_samples),
	R(TexStorage3DMultisampleOES, 31, O, msa_texture_0),
	R(TexStorage3DMultisampleOES, 31, O, msa_immutable),
	R(FramebufferTextureLayer, 31, V, msa_attach_level),
	R(FramebufferTexture2D, 31, E, msa_attach_2d),
	R(TexParameteri, 31, E, msa_sampler_state),
	R(ReadPixels, 31, O, ms_read_pixels),
	R(CopyTexSubImage2D, 31, O, ms_copy_tex_image),
	R(GetIntegerv, 3, E, ms_limit_es30),
	R(GetIntegerv, 3, E, gather_offset_es30),
	R(MinSampleShadingOES, 3, O, min_sample_shading_es30),
	R(Enable, 3, E, sample_shading_enable_es30),
	R(GetFloatv, 3, E, min_sample_shading_value_es30),
	R(CopyImageSubDataOES, 3, E, copy_image_face_target),
	R(CopyImageSubDataEXT, 3, E, copy_image_wrong_target),
	R(CopyImageSubDataEXT, 3, V, copy_image_name),
	R(CopyImageSubDataOES, 3, V, copy_image_renderbuffer_name),
	R(CopyImageSubDataEXT, 3, V, copy_image_level),
	R(CopyImageSubDataEXT, 3, V, copy_image_bounds),
	R(CopyImageSubDataEXT, 3, V, copy_image_overflow),
	R(CopyImageSubDataEXT, 3, V, copy_image_negative),
	R(CopyImageSubDataEXT, 3, O, copy_image_incomplete),
	R(CopyImageSubDataEXT, 3, O, copy_image_formats),
	R(CopyImageSubDataOES, 3, O, copy_image_samples),
	R(CopyImageSubDataEXT, 3, V, copy_image_block),
	R(CopyImageSubDataEXT, 3, O, copy_image_block_size),
	R(CopyImageSubDataEXT, 3, O, copy_image_compressed_class),
	R(CopyImageSubDataEXT, 3, V, copy_image_astc_block),
	R(CopyImageSubDataEXT, 3, O, copy_image_astc_block_size),
	R(CopyImageSubDataEXT, 3, O, copy_image_astc_class),
	R(CopyImageSubDataEXT, 2, O, copy_image_es2),
	R(BlendBarrierKHR, 2, O, blend_barrier_es2),
};

#define NR_ROWS (sizeof(rows) / sizeof(rows[0]))

/* Entry points with no error case in ES 2.0/3.0, and why. */
static const struct {
	const char *fn, *why;
} no_error_case[] = {
	{ "glGetError", "reports errors, has none" },
	{ "glFlush", "no error case" },
	{ "glFinish", "no error case" },
	{ "glGetGraphicsResetStatusKHR", "no error case (reports resets)" },
	{ "glGetGraphicsResetStatusEXT", "no error case (reports resets)" },
	{ "glDebugMessageCallbackKHR", "no error case (any callback, any parameter)" },
	{ "glReleaseShaderCompiler", "no error case (a hint)" },
	{ "glCreateProgram", "no error case (returns 0 only on failure)" },
	{ "glDepthMask", "any GLboolean" },
	{ "glColorMask", "any GLboolean" },
	{ "glStencilMask", "any mask" },
	{ "glClearColor", "values clamped" },
	{ "glClearDepthf", "value clamped" },
	{ "glClearStencil", "value masked" },
	{ "glBlendColor", "values clamped" },
	{ "glDepthRangef", "values clamped" },
	{ "glPolygonOffset", "any factor and units" },
	{ "glSampleCoverage", "value clamped" },
	{ "glIsBuffer", "any name: GL_FALSE" },
	{ "glIsShader", "any name: GL_FALSE" },
	{ "glIsProgram", "any name: GL_FALSE" },
	{ "glIsProgramPipeline", "any name: GL_FALSE" },
	{ "glIsProgramPipelineEXT", "any name: GL_FALSE" },
	{ "glIsTexture", "any name: GL_FALSE" },
	{ "glIsSampler", "any name: GL_FALSE" },
	{ "glIsRenderbuffer", "any name: GL_FALSE" },
	{ "glIsFramebuffer", "any name: GL_FALSE" },
	{ "glIsVertexArray", "any name: GL_FALSE" },
	{ "glIsVertexArrayOES", "any name: GL_FALSE" },
	{ "glIsSync", "any handle: GL_FALSE" },
	{ "glIsQuery", "any name: GL_FALSE" },
	{ "glIsQueryEXT", "any name: GL_FALSE" },
	{ "glIsTransformFeedback", "any name: GL_FALSE" },
};

#define NR_NO_ERROR (sizeof(no_error_case) / sizeof(no_error_case[0]))

static size_t nr_divergent(void)
{
	size_t n = 0;

	for (size_t i = 0; i < NR_ROWS; i++)
		n += rows[i].divergent != NULL;
	return n;
}

/* distinct entry points with at least one row */
static size_t nr_entry_points(void)
{
	size_t n = 0;

	for (size_t i = 0; i < NR_ROWS; i++) {
		size_t j = 0;

		while (j < i && strcmp(rows[j].fn, rows[i].fn) != 0)
			j++;
		n += j == i;
	}
	return n;
}

static bool in_table(const char *name)
{
	for (size_t i = 0; i < NR_ROWS; i++)
		if (strcmp(rows[i].fn, name) == 0)
			return true;
	return false;
}

static bool in_no_error_list(const char *name)
{
	for (size_t i = 0; i < NR_NO_ERROR; i++)
		if (strcmp(no_error_case[i].fn, name) == 0)
			return true;
	return false;
}

/* ---- tests ----------------------------------------------------------------------------------- */

START_TEST(t_row)
{
	const struct row *r = &rows[_i];
	struct vgl_context_info ci = { .major = r->es == 2 ? 2 : 3, .minor = r->es == 31 };
	struct vgl_context *other = NULL;
	GLenum got, after;

	if (r->es != 3) {
		ck_assert_int_eq(vgl_context_create(G.dev, &ci, &other), VGL_OK);
		ck_assert_int_eq(vgl_make_current(other, G.surf, G.surf), VGL_OK);
	}
	while (gl.GetError() != GL_NO_ERROR)
		;
	r->call();
	got = gl.GetError();
	after = gl.GetError();
	if (r->divergent) {
		ck_assert_msg(got != r->want || after != GL_NO_ERROR,
			      "%s (%s): the known divergence is gone, unmark the row", r->fn,
			      r->what);
	} else {
		ck_assert_msg(got == r->want, "%s (%s, ES %d): error 0x%04x, want 0x%04x", r->fn,
			      r->what, r->es, got, r->want);
		ck_assert_msg(after == GL_NO_ERROR, "%s (%s): a second error 0x%04x", r->fn,
			      r->what, after);
	}
	if (other) {
		ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
		vgl_context_destroy(other);
	}
}
END_TEST

static bool covered(const char *name)
{
	return name && (in_table(name) || in_no_error_list(name));
}

/* Every name of gl/'s proc tables has a row or a reason it has none; an ES
 * 3.2 core name is its extension function under another name (vgl_procs.c),
 * whose rows cover it. */
START_TEST(t_coverage)
{
	const char *name;
	int missing = 0;

	for (size_t i = 0; (name = vgl_proc_name(i)) != NULL; i++) {
		if (covered(name) || covered(vgl_proc_es32_ext(name)))
			continue;
		fprintf(stderr, "error table: no row for %s\n", name);
		missing++;
	}
	ck_assert_int_eq(missing, 0);
	for (size_t i = 0; i < NR_ROWS; i++)
		ck_assert_msg(vgl_get_proc_address(rows[i].fn), "%s not implemented", rows[i].fn);
	for (size_t i = 0; i < NR_NO_ERROR; i++) {
		ck_assert_msg(vgl_get_proc_address(no_error_case[i].fn), "%s not implemented",
			      no_error_case[i].fn);
		ck_assert_msg(!in_table(no_error_case[i].fn), "%s: a row and no error case",
			      no_error_case[i].fn);
	}
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_errors");
	TCase *tc = tcase_create("errors");

	tcase_set_timeout(tc, 600);
	tcase_add_checked_fixture(tc, glt_setup, glt_teardown);
	tcase_add_test(tc, t_coverage);
	tcase_add_loop_test(tc, t_row, 0, NR_ROWS);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	int ret;

	ret = glt_main(suite);

	printf("error table: %zu rows (%zu known-divergent), %zu entry points; "
	       "%zu entry points with no error case\n",
	       NR_ROWS, nr_divergent(), nr_entry_points(), NR_NO_ERROR);
	return ret;
}
