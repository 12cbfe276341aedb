/* SPDX-License-Identifier: MIT */
/*
 * libFuzzer target for the GL API as an application drives it: the bytes are
 * a program of GL calls (an opcode byte, then the bytes of its arguments),
 * run on a fresh OpenGL ES 3.0 context of the whole stack (gl/ -> vk/ -> drm/
 * -> a real virgl_test_server, VIRTGL_TRANSPORT=vtest unless set). Whatever
 * the calls, virtgl must answer with GL errors, never crash, never make a
 * stream its validator refuses (VIRTGL_DEBUG=validate is forced on), never
 * lose the host, and leave a context that still clears and reads back.
 *
 * The program stays a legal one, so that a crash is virtgl's: client memory
 * handed in is always as large as the call may read (a 64 KiB scratch area;
 * a call that would need more is skipped), and draws with client-side arrays
 * are skipped. Everything else is fair: names that do not exist, extreme
 * sizes, offsets and counts, wrong enums, calls in the wrong state.
 *
 * An opcode byte picks ops[byte % 64] (empty slots do nothing).
 * Arguments come from the bytes: an "int" byte with the top bit clear is the
 * value 0..127, else one of extremes[]; enums are picked from a per-call list,
 * and past its end become a wrong enum.
 */
#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define GL_GLEXT_PROTOTYPES
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>

#include "vgl.h"
#include "vdrm_device.h"

/* The entry points come from the GL core itself (no libglvnd here), typed as
 * <GLES3/gl3.h> declares them and looked up once. */
static void *proc(const char *name);
#define GLP(n) ({ static __typeof__(&n) fp_; if (!fp_) fp_ = (__typeof__(&n))proc(#n); fp_; })
#define glActiveTexture GLP(glActiveTexture)
#define glAttachShader GLP(glAttachShader)
#define glBeginQuery GLP(glBeginQuery)
#define glBeginTransformFeedback GLP(glBeginTransformFeedback)
#define glBindAttribLocation GLP(glBindAttribLocation)
#define glBindBuffer GLP(glBindBuffer)
#define glBindBufferRange GLP(glBindBufferRange)
#define glBindFramebuffer GLP(glBindFramebuffer)
#define glBindRenderbuffer GLP(glBindRenderbuffer)
#define glBindSampler GLP(glBindSampler)
#define glBindTexture GLP(glBindTexture)
#define glBindTransformFeedback GLP(glBindTransformFeedback)
#define glBindVertexArray GLP(glBindVertexArray)
#define glBlendColor GLP(glBlendColor)
#define glBlendEquationSeparate GLP(glBlendEquationSeparate)
#define glBlendFunc GLP(glBlendFunc)
#define glBlitFramebuffer GLP(glBlitFramebuffer)
#define glBufferData GLP(glBufferData)
#define glBufferSubData GLP(glBufferSubData)
#define glClear GLP(glClear)
#define glClearBufferfv GLP(glClearBufferfv)
#define glClearColor GLP(glClearColor)
#define glClearDepthf GLP(glClearDepthf)
#define glClearStencil GLP(glClearStencil)
#define glClientWaitSync GLP(glClientWaitSync)
#define glColorMask GLP(glColorMask)
#define glCompileShader GLP(glCompileShader)
#define glCompressedTexImage2D GLP(glCompressedTexImage2D)
#define glCompressedTexSubImage2D GLP(glCompressedTexSubImage2D)
#define glCopyBufferSubData GLP(glCopyBufferSubData)
#define glCopyTexImage2D GLP(glCopyTexImage2D)
#define glCopyTexSubImage2D GLP(glCopyTexSubImage2D)
#define glCopyTexSubImage3D GLP(glCopyTexSubImage3D)
#define glCreateProgram GLP(glCreateProgram)
#define glCreateShader GLP(glCreateShader)
#define glCullFace GLP(glCullFace)
#define glDeleteBuffers GLP(glDeleteBuffers)
#define glDeleteFramebuffers GLP(glDeleteFramebuffers)
#define glDeleteProgram GLP(glDeleteProgram)
#define glDeleteQueries GLP(glDeleteQueries)
#define glDeleteRenderbuffers GLP(glDeleteRenderbuffers)
#define glDeleteShader GLP(glDeleteShader)
#define glDeleteSync GLP(glDeleteSync)
#define glDeleteTextures GLP(glDeleteTextures)
#define glDeleteTransformFeedbacks GLP(glDeleteTransformFeedbacks)
#define glDeleteVertexArrays GLP(glDeleteVertexArrays)
#define glDepthFunc GLP(glDepthFunc)
#define glDepthMask GLP(glDepthMask)
#define glDepthRangef GLP(glDepthRangef)
#define glDisable GLP(glDisable)
#define glDisableVertexAttribArray GLP(glDisableVertexAttribArray)
#define glDrawArrays GLP(glDrawArrays)
#define glDrawArraysInstanced GLP(glDrawArraysInstanced)
#define glDrawBuffers GLP(glDrawBuffers)
#define glDrawElementsInstanced GLP(glDrawElementsInstanced)
#define glDrawRangeElements GLP(glDrawRangeElements)
#define glEnable GLP(glEnable)
#define glEnableVertexAttribArray GLP(glEnableVertexAttribArray)
#define glEndQuery GLP(glEndQuery)
#define glEndTransformFeedback GLP(glEndTransformFeedback)
#define glFenceSync GLP(glFenceSync)
#define glFinish GLP(glFinish)
#define glFlush GLP(glFlush)
#define glFlushMappedBufferRange GLP(glFlushMappedBufferRange)
#define glFramebufferRenderbuffer GLP(glFramebufferRenderbuffer)
#define glFramebufferTexture2D GLP(glFramebufferTexture2D)
#define glFramebufferTextureLayer GLP(glFramebufferTextureLayer)
#define glFrontFace GLP(glFrontFace)
#define glGenBuffers GLP(glGenBuffers)
#define glGenFramebuffers GLP(glGenFramebuffers)
#define glGenQueries GLP(glGenQueries)
#define glGenRenderbuffers GLP(glGenRenderbuffers)
#define glGenSamplers GLP(glGenSamplers)
#define glGenTextures GLP(glGenTextures)
#define glGenTransformFeedbacks GLP(glGenTransformFeedbacks)
#define glGenVertexArrays GLP(glGenVertexArrays)
#define glGenerateMipmap GLP(glGenerateMipmap)
#define glGetActiveAttrib GLP(glGetActiveAttrib)
#define glGetActiveUniform GLP(glGetActiveUniform)
#define glGetActiveUniformBlockName GLP(glGetActiveUniformBlockName)
#define glGetBooleanv GLP(glGetBooleanv)
#define glGetBufferParameteriv GLP(glGetBufferParameteriv)
#define glGetError GLP(glGetError)
#define glGetFloatv GLP(glGetFloatv)
#define glGetFramebufferAttachmentParameteriv GLP(glGetFramebufferAttachmentParameteriv)
#define glGetGraphicsResetStatusEXT GLP(glGetGraphicsResetStatusEXT)
#define glGetInteger64v GLP(glGetInteger64v)
#define glGetIntegerv GLP(glGetIntegerv)
#define glGetIntegeri_v GLP(glGetIntegeri_v)
#define glGetInternalformativ GLP(glGetInternalformativ)
#define glGetProgramInfoLog GLP(glGetProgramInfoLog)
#define glGetProgramiv GLP(glGetProgramiv)
#define glGetQueryObjectuiv GLP(glGetQueryObjectuiv)
#define glGetQueryiv GLP(glGetQueryiv)
#define glGetRenderbufferParameteriv GLP(glGetRenderbufferParameteriv)
#define glGetString GLP(glGetString)
#define glGetStringi GLP(glGetStringi)
#define glGetSynciv GLP(glGetSynciv)
#define glGetTexParameteriv GLP(glGetTexParameteriv)
#define glGetTransformFeedbackVarying GLP(glGetTransformFeedbackVarying)
#define glGetUniformIndices GLP(glGetUniformIndices)
#define glGetVertexAttribiv GLP(glGetVertexAttribiv)
#define glGetnUniformfvEXT GLP(glGetnUniformfvEXT)
#define glInvalidateSubFramebuffer GLP(glInvalidateSubFramebuffer)
#define glIsSync GLP(glIsSync)
#define glLineWidth GLP(glLineWidth)
#define glLinkProgram GLP(glLinkProgram)
#define glMapBufferRange GLP(glMapBufferRange)
#define glPauseTransformFeedback GLP(glPauseTransformFeedback)
#define glPixelStorei GLP(glPixelStorei)
#define glPolygonOffset GLP(glPolygonOffset)
#define glReadBuffer GLP(glReadBuffer)
#define glReadPixels GLP(glReadPixels)
#define glRenderbufferStorageMultisample GLP(glRenderbufferStorageMultisample)
#define glResumeTransformFeedback GLP(glResumeTransformFeedback)
#define glSampleCoverage GLP(glSampleCoverage)
#define glSamplerParameteri GLP(glSamplerParameteri)
#define glScissor GLP(glScissor)
#define glShaderSource GLP(glShaderSource)
#define glStencilFuncSeparate GLP(glStencilFuncSeparate)
#define glStencilMaskSeparate GLP(glStencilMaskSeparate)
#define glStencilOpSeparate GLP(glStencilOpSeparate)
#define glTexImage2D GLP(glTexImage2D)
#define glTexImage3D GLP(glTexImage3D)
#define glTexParameteri GLP(glTexParameteri)
#define glTexStorage2D GLP(glTexStorage2D)
#define glTexStorage3D GLP(glTexStorage3D)
#define glTexSubImage2D GLP(glTexSubImage2D)
#define glTexSubImage3D GLP(glTexSubImage3D)
#define glTransformFeedbackVaryings GLP(glTransformFeedbackVaryings)
#define glUniform1i GLP(glUniform1i)
#define glUniform4fv GLP(glUniform4fv)
#define glUniformBlockBinding GLP(glUniformBlockBinding)
#define glUniformMatrix4fv GLP(glUniformMatrix4fv)
#define glUnmapBuffer GLP(glUnmapBuffer)
#define glUseProgram GLP(glUseProgram)
#define glVertexAttrib4fv GLP(glVertexAttrib4fv)
#define glVertexAttribDivisor GLP(glVertexAttribDivisor)
#define glVertexAttribI4iv GLP(glVertexAttribI4iv)
#define glVertexAttribIPointer GLP(glVertexAttribIPointer)
#define glVertexAttribPointer GLP(glVertexAttribPointer)
#define glViewport GLP(glViewport)
#define glWaitSync GLP(glWaitSync)

static void fail(const char *what)
{
	fprintf(stderr, "fuzz_gl: %s\n", what);
	abort(); /* the harness, not the library: a finding for libFuzzer */
}

static void *proc(const char *name)
{
	void *fn = vgl_get_proc_address(name);

	if (!fn)
		fail(name);
	return fn;
}

#define SCRATCH (64 * 1024)
#define SURF 16

static uint8_t scratch[SCRATCH];

struct prog {
	const uint8_t *b;
	size_t n, at;
};

static uint8_t u8(struct prog *p)
{
	return p->at < p->n ? p->b[p->at++] : 0;
}

static const int64_t extremes[] = {
	-1, -2, INT_MAX, INT_MIN, INT_MAX - 1, 128, 255, 256, 1000, 1024, 4096, 16384,
	65535, 65536, 1 << 20, 1 << 24, 1 << 30, (int64_t)INT_MAX + 1, UINT32_MAX,
	PTRDIFF_MAX, PTRDIFF_MAX - 2, PTRDIFF_MIN, (int64_t)1 << 32, 3, 7,
};

static int64_t val(struct prog *p)
{
	uint8_t b = u8(p);

	if (!(b & 0x80))
		return b;
	return extremes[(b & 0x7f) % (sizeof(extremes) / sizeof(extremes[0]))];
}

static GLint ival(struct prog *p) { return (GLint)val(p); }
static GLuint name(struct prog *p) { return u8(p) % 8; }

/* One of the n enums of list, or past them a wrong one */
static GLenum pick(struct prog *p, const GLenum *list, size_t n)
{
	uint8_t b = u8(p);

	return b < n ? list[b] : (b == 255 ? 0 : 0x8000 + b);
}

#define PICK(p, list) pick(p, list, sizeof(list) / sizeof(list[0]))

static GLfloat fval(struct prog *p)
{
	static const GLfloat f[] = { 0, 1, -1, 0.5f, 2, 1e30f, -1e30f, 1e-30f };

	return f[u8(p) % 8];
}

/* ---- enum lists ------------------------------------------------------------------------ */

static const GLenum buffer_targets[] = {
	GL_ARRAY_BUFFER, GL_ELEMENT_ARRAY_BUFFER, GL_UNIFORM_BUFFER, GL_COPY_READ_BUFFER,
	GL_COPY_WRITE_BUFFER, GL_PIXEL_PACK_BUFFER, GL_PIXEL_UNPACK_BUFFER,
	GL_TRANSFORM_FEEDBACK_BUFFER,
};
static const GLenum usages[] = { GL_STATIC_DRAW, GL_DYNAMIC_DRAW, GL_STREAM_READ, GL_DYNAMIC_COPY };
static const GLenum tex_targets[] = {
	GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP, GL_TEXTURE_3D, GL_TEXTURE_2D_ARRAY,
};
static const GLenum image_targets[] = {
	GL_TEXTURE_2D, GL_TEXTURE_CUBE_MAP_POSITIVE_X, GL_TEXTURE_CUBE_MAP_NEGATIVE_Z,
};
static const GLenum internal_formats[] = {
	GL_RGBA, GL_RGB, GL_LUMINANCE, GL_ALPHA, GL_RGBA8, GL_RGB565, GL_R8, GL_RG8, GL_RGBA16F,
	GL_RGBA32F, GL_R32UI, GL_RGBA8UI, GL_DEPTH_COMPONENT16, GL_DEPTH24_STENCIL8,
	GL_DEPTH_COMPONENT32F, GL_SRGB8_ALPHA8, GL_RGB10_A2, GL_R11F_G11F_B10F, GL_RGB9_E5,
};
static const GLenum formats[] = {
	GL_RGBA, GL_RGB, GL_LUMINANCE, GL_ALPHA, GL_RED, GL_RG, GL_RGBA_INTEGER, GL_RED_INTEGER,
	GL_DEPTH_COMPONENT, GL_DEPTH_STENCIL,
};
static const GLenum types[] = {
	GL_UNSIGNED_BYTE, GL_FLOAT, GL_HALF_FLOAT, GL_UNSIGNED_SHORT_5_6_5, GL_UNSIGNED_INT,
	GL_UNSIGNED_INT_24_8, GL_UNSIGNED_SHORT, GL_UNSIGNED_INT_2_10_10_10_REV, GL_BYTE,
};
static const GLenum tex_pnames[] = {
	GL_TEXTURE_MIN_FILTER, GL_TEXTURE_MAG_FILTER, GL_TEXTURE_WRAP_S, GL_TEXTURE_BASE_LEVEL,
	GL_TEXTURE_MAX_LEVEL, GL_TEXTURE_SWIZZLE_R, GL_TEXTURE_COMPARE_MODE, GL_TEXTURE_MAX_LOD,
};
static const GLenum tex_values[] = {
	GL_NEAREST, GL_LINEAR_MIPMAP_LINEAR, GL_REPEAT, GL_CLAMP_TO_EDGE, GL_ONE, GL_ZERO,
	GL_COMPARE_REF_TO_TEXTURE, GL_BLUE,
};
static const GLenum modes[] = {
	GL_POINTS, GL_LINES, GL_LINE_LOOP, GL_LINE_STRIP, GL_TRIANGLES, GL_TRIANGLE_STRIP,
	GL_TRIANGLE_FAN,
};
static const GLenum index_types[] = { GL_UNSIGNED_BYTE, GL_UNSIGNED_SHORT, GL_UNSIGNED_INT };
static const GLenum attrib_types[] = {
	GL_FLOAT, GL_UNSIGNED_BYTE, GL_SHORT, GL_HALF_FLOAT, GL_INT_2_10_10_10_REV, GL_FIXED,
};
static const GLenum caps[] = {
	GL_BLEND, GL_DEPTH_TEST, GL_STENCIL_TEST, GL_SCISSOR_TEST, GL_CULL_FACE,
	GL_RASTERIZER_DISCARD, GL_POLYGON_OFFSET_FILL, GL_PRIMITIVE_RESTART_FIXED_INDEX,
	GL_SAMPLE_ALPHA_TO_COVERAGE, GL_DITHER,
};
static const GLenum fb_targets[] = { GL_FRAMEBUFFER, GL_READ_FRAMEBUFFER, GL_DRAW_FRAMEBUFFER };
static const GLenum attachments[] = {
	GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1, GL_DEPTH_ATTACHMENT, GL_STENCIL_ATTACHMENT,
	GL_DEPTH_STENCIL_ATTACHMENT, GL_COLOR_ATTACHMENT3,
};
static const GLenum rb_formats[] = {
	GL_RGBA8, GL_RGB565, GL_DEPTH_COMPONENT16, GL_DEPTH24_STENCIL8, GL_STENCIL_INDEX8,
	GL_RGBA16F, GL_R32UI, GL_RGBA4,
};
static const GLenum query_targets[] = {
	GL_ANY_SAMPLES_PASSED, GL_ANY_SAMPLES_PASSED_CONSERVATIVE,
	GL_TRANSFORM_FEEDBACK_PRIMITIVES_WRITTEN,
};
static const GLenum blend_factors[] = {
	GL_ZERO, GL_ONE, GL_SRC_ALPHA, GL_ONE_MINUS_DST_COLOR, GL_CONSTANT_ALPHA, GL_SRC_ALPHA_SATURATE,
};
static const GLenum draw_buffers[] = { GL_NONE, GL_BACK, GL_COLOR_ATTACHMENT0, GL_COLOR_ATTACHMENT1 };

/* ---- programs ---------------------------------------------------------------------------- */

struct shader_pair {
	const char *vs, *fs;
	const char *varying; /* captured by transform feedback, or NULL */
};

static const struct shader_pair shaders[] = {
	{ "attribute vec4 p; uniform vec4 c; varying vec4 v; void main() { v = c; gl_Position = p; }",
	  "precision mediump float; varying vec4 v; void main() { gl_FragColor = v; }", NULL },
	{ "#version 300 es\nin vec4 p; in vec2 t; out vec2 v;\n"
	  "void main() { v = t; gl_Position = p; gl_PointSize = 4.0; }",
	  "#version 300 es\nprecision mediump float; uniform sampler2D s; in vec2 v;\n"
	  "layout(location = 0) out vec4 o; layout(location = 1) out vec4 o1;\n"
	  "void main() { o = texture(s, v); o1 = o.bgra; }", NULL },
	{ "#version 300 es\nin vec4 p; layout(std140) uniform B { mat4 m; vec4 a[4]; };\n"
	  "flat out int i; out vec4 x; void main() { i = gl_VertexID; x = a[gl_VertexID & 3];\n"
	  "gl_Position = m * p; }",
	  "#version 300 es\nprecision highp float; precision highp int; flat in int i; in vec4 x;\n"
	  "out vec4 o; uniform highp usampler2D u;\n"
	  "void main() { o = x + vec4(texelFetch(u, ivec2(i, 0), 0)); }", "x" },
};

static void attach(GLuint prog, GLenum stage, const char *src)
{
	GLuint s = glCreateShader(stage);

	glShaderSource(s, 1, &src, NULL);
	glCompileShader(s);
	glAttachShader(prog, s);
	glDeleteShader(s);
}

static void op_program(struct prog *p)
{
	const struct shader_pair *sp = &shaders[u8(p) % (sizeof(shaders) / sizeof(shaders[0]))];
	GLuint prog = glCreateProgram();

	attach(prog, GL_VERTEX_SHADER, sp->vs);
	attach(prog, GL_FRAGMENT_SHADER, sp->fs);
	glBindAttribLocation(prog, name(p), "p");
	if (sp->varying)
		glTransformFeedbackVaryings(prog, 1, &sp->varying, GL_INTERLEAVED_ATTRIBS);
	glLinkProgram(prog);
	glUseProgram(prog);
}

/* ---- what client memory a call may read ------------------------------------------------- */

static GLint binding_of(GLenum pname)
{
	GLint v = 0;

	glGetIntegerv(pname, &v);
	return v;
}

/* Client memory for w x h x d texels of up to 16 bytes with unpack
 * alignment up to 8, or NULL when that would pass the scratch area. */
/* The pixel store state that decides how much client memory a call reads or
 * writes, read back after each glPixelStorei (a refused value changes none) */
struct store {
	GLint row_length, image_height, skip_pixels, skip_rows, skip_images;
};

static struct store unpack, pack;

static void read_store(void)
{
	glGetIntegerv(GL_UNPACK_ROW_LENGTH, &unpack.row_length);
	glGetIntegerv(GL_UNPACK_IMAGE_HEIGHT, &unpack.image_height);
	glGetIntegerv(GL_UNPACK_SKIP_PIXELS, &unpack.skip_pixels);
	glGetIntegerv(GL_UNPACK_SKIP_ROWS, &unpack.skip_rows);
	glGetIntegerv(GL_UNPACK_SKIP_IMAGES, &unpack.skip_images);
	glGetIntegerv(GL_PACK_ROW_LENGTH, &pack.row_length);
	glGetIntegerv(GL_PACK_SKIP_PIXELS, &pack.skip_pixels);
	glGetIntegerv(GL_PACK_SKIP_ROWS, &pack.skip_rows);
}

static int64_t at_least(int64_t v, GLint floor)
{
	return v > floor ? v : floor;
}

/* Client memory for w x h x d texels of up to 16 bytes with alignment up
 * to 8 under the pixel store st, or NULL when that would pass the scratch
 * area. */
static void *texels_in(const struct store *st, int64_t w, int64_t h, int64_t d)
{
	int64_t row, rows, images;

	if (w < 0 || h < 0 || d < 0 || w > 1024 || h > 1024 || d > 64 ||
	    st->skip_pixels > 4096 || st->row_length > 4096 || st->skip_rows > 4096 ||
	    st->image_height > 4096 || st->skip_images > 4096)
		return NULL;
	row = (st->skip_pixels + at_least(w, st->row_length)) * 16 + 8;
	rows = st->skip_rows + at_least(h, st->image_height);
	images = st->skip_images + d;
	return row * rows * images <= SCRATCH ? scratch : NULL;
}

static const void *texels(int64_t w, int64_t h, int64_t d)
{
	return texels_in(&unpack, w, h, d);
}

/* The pointer argument of an upload: an offset into the bound unpack
 * buffer, or client memory (or the call is skipped: false). */
static bool upload_ptr(struct prog *p, int64_t w, int64_t h, int64_t d, const void **out)
{
	int64_t off = val(p);

	if (binding_of(GL_PIXEL_UNPACK_BUFFER_BINDING)) {
		*out = (const void *)(intptr_t)off;
		return true;
	}
	*out = texels(w, h, d);
	return *out || !(w && h && d) || off == 0;
}

/* ---- calls ------------------------------------------------------------------------------------ */

static void op_gen_buffer(struct prog *p)
{
	GLuint n[2];

	(void)p;
	glGenBuffers(2, n);
}

static void op_bind_buffer(struct prog *p)
{
	GLenum t = PICK(p, buffer_targets);

	glBindBuffer(t, name(p));
}

static void op_buffer_data(struct prog *p)
{
	GLenum t = PICK(p, buffer_targets);
	int64_t size = val(p);
	GLenum usage = PICK(p, usages);

	glBufferData(t, (GLsizeiptr)size, size >= 0 && size <= SCRATCH ? scratch : NULL, usage);
}

static void op_buffer_sub_data(struct prog *p)
{
	GLenum t = PICK(p, buffer_targets);
	int64_t off = val(p), size = val(p);

	if (size <= SCRATCH)
		glBufferSubData(t, (GLintptr)off, (GLsizeiptr)size, scratch);
}

static void op_map(struct prog *p)
{
	GLenum t = PICK(p, buffer_targets);
	int64_t off = val(p), len = val(p);
	GLbitfield access = u8(p) | (u8(p) & 1 ? GL_MAP_WRITE_BIT : 0);
	uint8_t *m = glMapBufferRange(t, (GLintptr)off, (GLsizeiptr)len, access);

	/* a mapping must be as long as asked for: touch every byte */
	if (m && (access & GL_MAP_WRITE_BIT))
		memset(m, 0x5a, (size_t)len);
	else if (m && (access & GL_MAP_READ_BIT))
		for (int64_t i = 0; i < len; i++)
			scratch[i % SCRATCH] ^= m[i];
	if (u8(p) & 1)
		glFlushMappedBufferRange(t, (GLintptr)val(p), (GLsizeiptr)val(p));
	if (u8(p) & 1)
		glUnmapBuffer(t);
}

static void op_copy_buffer(struct prog *p)
{
	GLenum r = PICK(p, buffer_targets), w = PICK(p, buffer_targets);
	int64_t ro = val(p), wo = val(p), size = val(p);

	glCopyBufferSubData(r, w, (GLintptr)ro, (GLintptr)wo, (GLsizeiptr)size);
}

static void op_bind_range(struct prog *p)
{
	GLenum t = u8(p) & 1 ? GL_UNIFORM_BUFFER : GL_TRANSFORM_FEEDBACK_BUFFER;
	GLuint index = (GLuint)ival(p), buf = name(p);
	int64_t off = val(p), size = val(p);

	glBindBufferRange(t, index, buf, (GLintptr)off, (GLsizeiptr)size);
}

static void op_gen_texture(struct prog *p)
{
	GLuint n[2];

	glGenTextures(2, n);
	glActiveTexture(GL_TEXTURE0 + (GLenum)(u8(p) % 40));
}

static void op_bind_texture(struct prog *p)
{
	GLenum t = PICK(p, tex_targets);

	glBindTexture(t, name(p));
}

static void op_tex_image_2d(struct prog *p)
{
	GLenum t = PICK(p, image_targets);
	GLint level = ival(p), ifmt = (GLint)PICK(p, internal_formats);
	GLint w = ival(p), h = ival(p);
	GLenum fmt = PICK(p, formats), type = PICK(p, types);
	const void *px;

	if (upload_ptr(p, w, h, 1, &px))
		glTexImage2D(t, level, ifmt, w, h, 0, fmt, type, px);
}

static void op_tex_sub_image(struct prog *p)
{
	GLenum t = PICK(p, image_targets);
	GLint level = ival(p), x = ival(p), y = ival(p), w = ival(p), h = ival(p);
	GLenum fmt = PICK(p, formats), type = PICK(p, types);
	const void *px;

	if (upload_ptr(p, w, h, 1, &px))
		glTexSubImage2D(t, level, x, y, w, h, fmt, type, px);
}

static void op_tex_image_3d(struct prog *p)
{
	GLenum t = u8(p) & 1 ? GL_TEXTURE_3D : GL_TEXTURE_2D_ARRAY;
	GLint level = ival(p), ifmt = (GLint)PICK(p, internal_formats);
	GLint w = ival(p), h = ival(p), d = ival(p);
	GLenum fmt = PICK(p, formats), type = PICK(p, types);
	const void *px;

	if (upload_ptr(p, w, h, d, &px))
		glTexImage3D(t, level, ifmt, w, h, d, 0, fmt, type, px);
}

static void op_tex_storage(struct prog *p)
{
	GLenum t = PICK(p, tex_targets);
	GLint levels = ival(p);
	GLenum ifmt = PICK(p, internal_formats);
	GLint w = ival(p), h = ival(p), d = ival(p);

	if (t == GL_TEXTURE_3D || t == GL_TEXTURE_2D_ARRAY)
		glTexStorage3D(t, levels, ifmt, w, h, d);
	else
		glTexStorage2D(t, levels, ifmt, w, h);
}

static void op_tex_parameter(struct prog *p)
{
	GLenum t = PICK(p, tex_targets), pname = PICK(p, tex_pnames);

	if (u8(p) & 1)
		glTexParameteri(t, pname, (GLint)PICK(p, tex_values));
	else
		glTexParameteri(t, pname, ival(p));
}

static void op_copy_tex(struct prog *p)
{
	GLenum t = PICK(p, image_targets);
	GLint level = ival(p), x = ival(p), y = ival(p), w = ival(p), h = ival(p);

	if (u8(p) & 1)
		glCopyTexImage2D(t, level, (GLenum)PICK(p, internal_formats), x, y, w, h, 0);
	else
		glCopyTexSubImage2D(t, level, ival(p), ival(p), x, y, w, h);
}

static void op_generate_mipmap(struct prog *p)
{
	glGenerateMipmap(PICK(p, tex_targets));
}

static void op_pixel_store(struct prog *p)
{
	static const GLenum pnames[] = {
		GL_PACK_ALIGNMENT, GL_UNPACK_ALIGNMENT, GL_UNPACK_ROW_LENGTH, GL_UNPACK_IMAGE_HEIGHT,
		GL_UNPACK_SKIP_PIXELS, GL_UNPACK_SKIP_ROWS, GL_UNPACK_SKIP_IMAGES, GL_PACK_ROW_LENGTH,
		GL_PACK_SKIP_PIXELS, GL_PACK_SKIP_ROWS,
	};

	glPixelStorei(PICK(p, pnames), ival(p));
	read_store();
}

static void op_gen_framebuffer(struct prog *p)
{
	GLuint n[2];

	(void)p;
	glGenFramebuffers(2, n);
	glGenRenderbuffers(2, n);
}

static void op_bind_framebuffer(struct prog *p)
{
	GLenum t = PICK(p, fb_targets);

	glBindFramebuffer(t, name(p));
}

static void op_fb_texture(struct prog *p)
{
	GLenum t = PICK(p, fb_targets), a = PICK(p, attachments);

	if (u8(p) & 1)
		glFramebufferTexture2D(t, a, PICK(p, image_targets), name(p), ival(p));
	else
		glFramebufferTextureLayer(t, a, name(p), ival(p), ival(p));
}

static void op_renderbuffer(struct prog *p)
{
	GLuint rb = name(p);
	GLenum f = PICK(p, rb_formats);
	GLint samples = ival(p), w = ival(p), h = ival(p);

	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorageMultisample(GL_RENDERBUFFER, samples, f, w, h);
	glFramebufferRenderbuffer(PICK(p, fb_targets), PICK(p, attachments), GL_RENDERBUFFER, name(p));
}

static void op_draw_buffers(struct prog *p)
{
	GLenum bufs[4];
	GLsizei n = u8(p) % 5;

	for (GLsizei i = 0; i < n; i++)
		bufs[i] = PICK(p, draw_buffers);
	glDrawBuffers(n, bufs);
	glReadBuffer(PICK(p, draw_buffers));
}

static void op_clear(struct prog *p)
{
	GLfloat c[4] = { fval(p), fval(p), fval(p), fval(p) };

	glClearColor(c[0], c[1], c[2], c[3]);
	glClearDepthf(fval(p));
	glClearStencil(ival(p));
	if (u8(p) & 1)
		glClearBufferfv(u8(p) & 1 ? GL_COLOR : GL_DEPTH, ival(p), c);
	else
		glClear((GLbitfield)(u8(p) << 8) | GL_COLOR_BUFFER_BIT);
}

static void op_state(struct prog *p)
{
	GLenum cap = PICK(p, caps);

	if (u8(p) & 1)
		glEnable(cap);
	else
		glDisable(cap);
	glViewport(ival(p), ival(p), ival(p), ival(p));
	glScissor(ival(p), ival(p), ival(p), ival(p));
	glBlendFunc(PICK(p, blend_factors), PICK(p, blend_factors));
	glColorMask(u8(p) & 1, u8(p) & 1, u8(p) & 1, u8(p) & 1);
	glLineWidth(fval(p));
}

static void op_vertex_attrib(struct prog *p)
{
	GLuint index = (GLuint)ival(p);
	GLint size = ival(p);
	GLenum type = PICK(p, attrib_types);
	GLsizei stride = ival(p);
	int64_t off = val(p);

	/* client arrays read memory of unknown extent: only buffer offsets */
	if (binding_of(GL_ARRAY_BUFFER_BINDING))
		glVertexAttribPointer(index, size, type, GL_FALSE, stride, (const void *)(intptr_t)off);
	if (u8(p) & 1)
		glEnableVertexAttribArray(index);
	else
		glDisableVertexAttribArray(index);
	glVertexAttribDivisor(index, (GLuint)ival(p));
}

static void op_vertex_array(struct prog *p)
{
	GLuint n[2];

	if (u8(p) & 1)
		glGenVertexArrays(2, n);
	glBindVertexArray(name(p));
}

/* A draw count the host can run in a moment: huge valid draws are slow
 * on any GPU (a billion vertices), which would read as a hang. Negative
 * ones stay: they are errors. */
static GLsizei count_of(struct prog *p)
{
	GLint v = ival(p);

	return v > (1 << 16) ? v & 0xffff : v;
}

/* False when an enabled attribute would read client memory. */
static bool arrays_in_buffers(void)
{
	GLint max = 0, on, buf;

	glGetIntegerv(GL_MAX_VERTEX_ATTRIBS, &max);
	for (GLint i = 0; i < max && i < 64; i++) {
		on = buf = 0;
		glGetVertexAttribiv((GLuint)i, GL_VERTEX_ATTRIB_ARRAY_ENABLED, &on);
		glGetVertexAttribiv((GLuint)i, GL_VERTEX_ATTRIB_ARRAY_BUFFER_BINDING, &buf);
		if (on && !buf)
			return false;
	}
	return true;
}

static void op_draw_arrays(struct prog *p)
{
	GLenum mode = PICK(p, modes);
	GLint first = ival(p);
	GLsizei count = count_of(p), inst = count_of(p);

	if ((int64_t)count * inst > 1 << 20)
		inst = 1;

	if (!arrays_in_buffers())
		return;
	if (u8(p) & 1)
		glDrawArraysInstanced(mode, first, count, inst);
	else
		glDrawArrays(mode, first, count);
}

static void op_draw_elements(struct prog *p)
{
	GLenum mode = PICK(p, modes), type = PICK(p, index_types);
	GLsizei count = count_of(p), inst = count_of(p);

	if ((int64_t)count * inst > 1 << 20)
		inst = 1;
	int64_t off = val(p);
	const void *idx = (const void *)(intptr_t)off;

	if (!arrays_in_buffers())
		return;
	if (!binding_of(GL_ELEMENT_ARRAY_BUFFER_BINDING)) {
		if (count < 0 || (int64_t)count * 4 > SCRATCH)
			return;
		idx = scratch; /* client indices: what scratch holds */
	}
	if (u8(p) & 1)
		glDrawElementsInstanced(mode, count, type, idx, inst);
	else
		glDrawRangeElements(mode, (GLuint)ival(p), (GLuint)ival(p), count, type, idx);
}

static void op_uniform(struct prog *p)
{
	GLint loc = ival(p);
	GLsizei count = ival(p);
	const GLfloat *v = (const GLfloat *)scratch;

	if (count < 0 || (int64_t)count * 64 > SCRATCH)
		count = u8(p) & 1 ? -1 : 0;
	switch (u8(p) % 4) {
	case 0: glUniform4fv(loc, count, v); break;
	case 1: glUniformMatrix4fv(loc, count, GL_FALSE, v); break;
	case 2: glUniform1i(loc, ival(p)); break;
	default: glUniformBlockBinding((GLuint)binding_of(GL_CURRENT_PROGRAM), (GLuint)ival(p),
				       (GLuint)ival(p));
	}
}

static void op_read_pixels(struct prog *p)
{
	GLint x = ival(p), y = ival(p), w = ival(p), h = ival(p);
	GLenum fmt = PICK(p, formats), type = PICK(p, types);
	int64_t off = val(p);

	if (binding_of(GL_PIXEL_PACK_BUFFER_BINDING))
		glReadPixels(x, y, w, h, fmt, type, (void *)(intptr_t)off);
	else if (texels_in(&pack, w, h, 1) || !w || !h)
		glReadPixels(x, y, w, h, fmt, type, scratch);
}

static void op_blit(struct prog *p)
{
	GLint s[4] = { ival(p), ival(p), ival(p), ival(p) };
	GLint d[4] = { ival(p), ival(p), ival(p), ival(p) };
	GLbitfield mask = (GLbitfield)u8(p) << 8;

	glBlitFramebuffer(s[0], s[1], s[2], s[3], d[0], d[1], d[2], d[3], mask,
			  u8(p) & 1 ? GL_LINEAR : GL_NEAREST);
}

static void op_invalidate(struct prog *p)
{
	GLenum a[2] = { PICK(p, attachments), PICK(p, draw_buffers) };

	glInvalidateSubFramebuffer(PICK(p, fb_targets), u8(p) % 3, a, ival(p), ival(p), ival(p),
				   ival(p));
}

static void op_query(struct prog *p)
{
	GLuint n[2], v = 0;
	GLenum t = PICK(p, query_targets);

	switch (u8(p) % 4) {
	case 0: glGenQueries(2, n); break;
	case 1: glBeginQuery(t, name(p)); break;
	case 2: glEndQuery(t); break;
	default: glGetQueryObjectuiv(name(p), GL_QUERY_RESULT, &v);
	}
}

static void op_xfb(struct prog *p)
{
	GLuint n[2];

	switch (u8(p) % 5) {
	case 0: glGenTransformFeedbacks(2, n); break;
	case 1: glBindTransformFeedback(GL_TRANSFORM_FEEDBACK, name(p)); break;
	case 2: glBeginTransformFeedback(PICK(p, modes)); break;
	case 3: glPauseTransformFeedback(); glResumeTransformFeedback(); break;
	default: glEndTransformFeedback();
	}
}

static GLsync syncs[4];

static void op_sync(struct prog *p)
{
	GLsync *s = &syncs[u8(p) % 4];

	switch (u8(p) % 4) {
	case 0: *s = glFenceSync(GL_SYNC_GPU_COMMANDS_COMPLETE, (GLbitfield)u8(p) >> 7); break;
	case 1: glClientWaitSync(*s, GL_SYNC_FLUSH_COMMANDS_BIT, (GLuint64)val(p) & 0xffffff); break;
	case 2: glWaitSync(*s, 0, GL_TIMEOUT_IGNORED); break;
	default: glDeleteSync(*s); /* kept: a deleted sync's handle is fair input */
	}
}

static void op_delete(struct prog *p)
{
	GLuint n[2] = { name(p), name(p) };

	switch (u8(p) % 8) {
	case 0: glDeleteBuffers(2, n); break;
	case 1: glDeleteTextures(2, n); break;
	case 2: glDeleteFramebuffers(2, n); break;
	case 3: glDeleteRenderbuffers(2, n); break;
	case 4: glDeleteVertexArrays(2, n); break;
	case 5: glDeleteQueries(2, n); break;
	case 6: glDeleteTransformFeedbacks(2, n); break;
	default: glDeleteProgram(n[0]);
	}
}

static void op_flush(struct prog *p)
{
	if (u8(p) & 1)
		glFinish();
	else
		glFlush();
}

static void op_sampler(struct prog *p)
{
	GLuint n[2];

	if (u8(p) & 1)
		glGenSamplers(2, n);
	glBindSampler((GLuint)ival(p), name(p));
	glSamplerParameteri(name(p), PICK(p, tex_pnames), (GLint)PICK(p, tex_values));
}

/* glGet* of state: outputs as large as any pname's (64 values) */
static void op_get(struct prog *p)
{
	static const GLenum pnames[] = {
		GL_VIEWPORT, GL_MAX_TEXTURE_SIZE, GL_COMPRESSED_TEXTURE_FORMATS, GL_CURRENT_PROGRAM,
		GL_UNIFORM_BUFFER_BINDING, GL_DRAW_BUFFER1, GL_MAX_VERTEX_ATTRIBS, GL_SCISSOR_BOX,
		GL_PROGRAM_BINARY_FORMATS, GL_NUM_EXTENSIONS, GL_IMPLEMENTATION_COLOR_READ_FORMAT,
		GL_ALIASED_POINT_SIZE_RANGE, GL_MAX_SAMPLES,
	};
	union { GLint i[64]; GLfloat f[64]; GLint64 l[64]; GLboolean b[64]; } out;
	GLenum pname = u8(p) & 1 ? PICK(p, pnames) : (GLenum)(u8(p) << 8 | u8(p));
	const GLubyte *str;

	switch (u8(p) % 6) {
	case 0: glGetIntegerv(pname, out.i); break;
	case 1: glGetFloatv(pname, out.f); break;
	case 2: glGetBooleanv(pname, out.b); break;
	case 3: glGetInteger64v(pname, out.l); break;
	case 4: glGetIntegeri_v(pname, (GLuint)ival(p), out.i); break;
	default:
		str = u8(p) & 1 ? glGetStringi(GL_EXTENSIONS, (GLuint)ival(p)) : glGetString(pname);
		if (str)
			scratch[0] ^= (uint8_t)strlen((const char *)str);
	}
}

/* glGet* of objects, by whatever name and pname */
static void op_get_object(struct prog *p)
{
	static const GLenum pnames[] = {
		GL_TEXTURE_MIN_FILTER, GL_BUFFER_SIZE, GL_BUFFER_MAPPED, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME,
		GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, GL_RENDERBUFFER_WIDTH, GL_VERTEX_ATTRIB_ARRAY_SIZE,
		GL_CURRENT_QUERY, GL_SYNC_STATUS, GL_LINK_STATUS, GL_ACTIVE_UNIFORMS, GL_SAMPLES,
		GL_NUM_SAMPLE_COUNTS, GL_INFO_LOG_LENGTH, GL_ACTIVE_UNIFORM_BLOCKS,
	};
	GLint out[64] = { 0 };
	GLsizei len;
	GLenum pname = PICK(p, pnames);

	switch (u8(p) % 9) {
	case 0: glGetTexParameteriv(PICK(p, tex_targets), pname, out); break;
	case 1: glGetBufferParameteriv(PICK(p, buffer_targets), pname, out); break;
	case 2: glGetFramebufferAttachmentParameteriv(PICK(p, fb_targets), PICK(p, attachments),
						      pname, out); break;
	case 3: glGetRenderbufferParameteriv(GL_RENDERBUFFER, pname, out); break;
	case 4: glGetVertexAttribiv((GLuint)ival(p), pname, out); break;
	case 5: glGetQueryiv(PICK(p, query_targets), pname, out); break;
	case 6: glGetSynciv(syncs[u8(p) % 4], pname, (GLsizei)(u8(p) % 65), &len, out); break;
	case 7: glGetProgramiv(name(p), pname, out); break;
	default: glGetInternalformativ(GL_RENDERBUFFER, PICK(p, rb_formats), pname,
				       (GLsizei)(u8(p) % 65), out);
	}
}

/* The program's reflection with buffer sizes of every kind: the name
 * buffers are as large as the bufSize says */
static void op_program_query(struct prog *p)
{
	GLuint prog = name(p), index = (GLuint)ival(p);
	GLsizei size = ival(p), len = 0;
	GLint n = 0, out[64];
	GLenum type;
	char *buf = size >= 0 && size <= SCRATCH ? (char *)scratch : NULL;
	const char *names[2] = { "c", "B" };

	if (!buf && size)
		return;
	switch (u8(p) % 7) {
	case 0: glGetActiveUniform(prog, index, size, &len, &n, &type, buf); break;
	case 1: glGetActiveAttrib(prog, index, size, &len, &n, &type, buf); break;
	case 2: glGetProgramInfoLog(prog, size, &len, buf); break;
	case 3: glGetActiveUniformBlockName(prog, index, size, &len, buf); break;
	case 4: glGetTransformFeedbackVarying(prog, index, size, &len, &n, &type, buf); break;
	case 5: glGetUniformIndices(prog, 2, names, (GLuint *)out); break;
	default: glGetnUniformfvEXT(prog, ival(p), size, (GLfloat *)scratch);
	}
}

/* ETC2/EAC (decoded on the CPU) with any size the bytes say */
static void op_compressed(struct prog *p)
{
	static const GLenum fmts[] = {
		GL_COMPRESSED_RGB8_ETC2, GL_COMPRESSED_RGBA8_ETC2_EAC, GL_COMPRESSED_R11_EAC,
		GL_COMPRESSED_SIGNED_RG11_EAC, GL_COMPRESSED_SRGB8_PUNCHTHROUGH_ALPHA1_ETC2,
		GL_ETC1_RGB8_OES,
	};
	GLenum t = PICK(p, image_targets), f = PICK(p, fmts);
	GLint level = ival(p), x = ival(p), y = ival(p), w = ival(p), h = ival(p);
	GLsizei size = ival(p);
	const void *data = size >= 0 && size <= SCRATCH ? scratch : NULL;

	if (!data && !binding_of(GL_PIXEL_UNPACK_BUFFER_BINDING))
		return;
	if (!data)
		data = (const void *)(intptr_t)val(p);
	if (u8(p) & 1)
		glCompressedTexImage2D(t, level, f, w, h, 0, size, data);
	else
		glCompressedTexSubImage2D(t, level, x, y, w, h, f, size, data);
}

static void op_state_more(struct prog *p)
{
	static const GLenum funcs[] = { GL_NEVER, GL_LESS, GL_EQUAL, GL_ALWAYS, GL_GEQUAL };
	static const GLenum stencil_ops[] = { GL_KEEP, GL_ZERO, GL_INCR_WRAP, GL_INVERT };
	static const GLenum equations[] = { GL_FUNC_ADD, GL_FUNC_SUBTRACT, GL_MIN, GL_MAX };
	static const GLenum faces[] = { GL_FRONT, GL_BACK, GL_FRONT_AND_BACK };

	switch (u8(p) % 8) {
	case 0: glDepthFunc(PICK(p, funcs)); glDepthMask(u8(p) & 1); break;
	case 1: glStencilFuncSeparate(PICK(p, faces), PICK(p, funcs), ival(p), (GLuint)ival(p)); break;
	case 2: glStencilOpSeparate(PICK(p, faces), PICK(p, stencil_ops), PICK(p, stencil_ops),
				    PICK(p, stencil_ops)); break;
	case 3: glBlendEquationSeparate(PICK(p, equations), PICK(p, equations)); break;
	case 4: glBlendColor(fval(p), fval(p), fval(p), fval(p)); glPolygonOffset(fval(p), fval(p));
		break;
	case 5: glCullFace(PICK(p, faces)); glFrontFace(u8(p) & 1 ? GL_CW : GL_CCW); break;
	case 6: glSampleCoverage(fval(p), u8(p) & 1); glDepthRangef(fval(p), fval(p)); break;
	default: glStencilMaskSeparate(PICK(p, faces), (GLuint)ival(p));
	}
}

static void op_attrib_value(struct prog *p)
{
	GLuint index = (GLuint)ival(p);
	GLfloat f[4] = { fval(p), fval(p), fval(p), fval(p) };
	GLint i[4] = { ival(p), ival(p), ival(p), ival(p) };
	int64_t off = val(p);

	switch (u8(p) % 3) {
	case 0: glVertexAttrib4fv(index, f); break;
	case 1: glVertexAttribI4iv(index, i); break;
	default:
		if (binding_of(GL_ARRAY_BUFFER_BINDING))
			glVertexAttribIPointer(index, ival(p), PICK(p, index_types), ival(p),
					       (const void *)(intptr_t)off);
	}
}

static void op_tex_sub_image_3d(struct prog *p)
{
	GLenum t = u8(p) & 1 ? GL_TEXTURE_3D : GL_TEXTURE_2D_ARRAY;
	GLint level = ival(p), x = ival(p), y = ival(p), z = ival(p);
	GLint w = ival(p), h = ival(p), d = ival(p);
	GLenum fmt = PICK(p, formats), type = PICK(p, types);
	const void *px;

	if (u8(p) & 1)
		glCopyTexSubImage3D(t, level, x, y, z, ival(p), ival(p), w, h);
	else if (upload_ptr(p, w, h, d, &px))
		glTexSubImage3D(t, level, x, y, z, w, h, d, fmt, type, px);
}

/* Indexed by an opcode byte's low 6 bits. Slots past the last op are
 * no-ops: a new op takes the next one, so the programs of the seeds keep
 * their meaning. */
#define NR_OPCODES 64
static void (*const ops[NR_OPCODES])(struct prog *p) = {
	op_gen_buffer, op_bind_buffer, op_buffer_data, op_buffer_sub_data, op_map,
	op_copy_buffer, op_bind_range, op_gen_texture, op_bind_texture, op_tex_image_2d,
	op_tex_sub_image, op_tex_image_3d, op_tex_storage, op_tex_parameter, op_copy_tex,
	op_generate_mipmap, op_pixel_store, op_gen_framebuffer, op_bind_framebuffer,
	op_fb_texture, op_renderbuffer, op_draw_buffers, op_clear, op_state,
	op_vertex_attrib, op_vertex_array, op_draw_arrays, op_draw_elements, op_uniform,
	op_read_pixels, op_blit, op_invalidate, op_query, op_xfb, op_sync, op_delete,
	op_flush, op_sampler, op_program, op_get, op_get_object, op_program_query, op_compressed,
	op_state_more, op_attrib_value, op_tex_sub_image_3d,
};

/* ---- the harness ------------------------------------------------------------------------- */

static struct vgl_device *dev;
static struct vgl_surface *surf;

/* VIRTGL_DEBUG as given (cmd, ...), and validate */
static void debug_with_validate(void)
{
	const char *d = getenv("VIRTGL_DEBUG");
	char buf[256];

	snprintf(buf, sizeof(buf), "%s%svalidate", d ? d : "", d && *d ? "," : "");
	setenv("VIRTGL_DEBUG", buf, 1);
}

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	const struct vgl_surface_info si = {
		.width = SURF, .height = SURF, .color = VK_FORMAT_R8G8B8A8_UNORM,
		.depth_stencil = VK_FORMAT_D24_UNORM_S8_UINT,
	};

	(void)argc;
	(void)argv;
	setenv("VIRTGL_TRANSPORT", "vtest", 0);
	debug_with_validate();
	if (vgl_device_get(&dev) || vgl_surface_create(dev, &si, &surf))
		fail("no device: is virgl_test_server installed?");
	return 0;
}

/* The context must still draw: a green clear of the window, read back. */
static void check_alive(void)
{
	static const GLenum back = GL_BACK;
	uint8_t px[4] = { 0 };

	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glBindBuffer(GL_PIXEL_PACK_BUFFER, 0);
	glDrawBuffers(1, &back);
	glReadBuffer(GL_BACK);
	glDisable(GL_SCISSOR_TEST);
	glDisable(GL_RASTERIZER_DISCARD);
	glColorMask(GL_TRUE, GL_TRUE, GL_TRUE, GL_TRUE);
	glPixelStorei(GL_PACK_ALIGNMENT, 4);
	glPixelStorei(GL_PACK_ROW_LENGTH, 0);
	glPixelStorei(GL_PACK_SKIP_PIXELS, 0);
	glPixelStorei(GL_PACK_SKIP_ROWS, 0);
	glClearColor(0, 1, 0, 1);
	glClear(GL_COLOR_BUFFER_BIT);
	glReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
	if (px[0] != 0 || px[1] != 255 || px[2] != 0 || px[3] != 255)
		fail("the context no longer clears and reads back");
}

static void run(const uint8_t *data, size_t size)
{
	struct prog p = { .b = data, .n = size };

	memset(scratch, 0, sizeof(scratch));
	memset(syncs, 0, sizeof(syncs));
	read_store();
	while (p.at < p.n) {
		void (*op)(struct prog *p) = ops[u8(&p) % NR_OPCODES];

		if (op)
			op(&p);
	}
	while (glGetError() != GL_NO_ERROR)
		;
	glFinish();
	if (glGetGraphicsResetStatusEXT() != GL_NO_ERROR)
		fail("the host was lost");
	check_alive();
	for (int i = 0; i < 4; i++)
		if (glIsSync(syncs[i]))
			glDeleteSync(syncs[i]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const struct vgl_context_info ci = { .major = 3, .lose_on_reset = true };
	uint64_t rejected = vdrm_device_streams_rejected();
	struct vgl_context *ctx;

	if (vgl_context_create(dev, &ci, &ctx))
		fail("no context");
	if (vgl_make_current(ctx, surf, surf))
		fail("make current failed");
	run(data, size);
	vgl_make_current(NULL, NULL, NULL);
	vgl_context_destroy(ctx);
	if (vdrm_device_streams_rejected() != rejected)
		fail("the validator refused a stream (see the message above)");
	return 0;
}
