/* SPDX-License-Identifier: MIT */
/*
 * What every gl/ suite shares: a device, a pbuffer surface and a context
 * made current, on a real host (a private virgl_test_server, or the kernel
 * driver with VIRTGL_TRANSPORT=drm). GL is reached only the way libglvnd
 * reaches it: function pointers from vgl_get_proc_address, by name.
 */
#pragma once

#include <GLES3/gl3.h>
#include <check.h>
#include <stdint.h>

#include "vgl.h"
#include "vgl_stats.h"

#define GLT_W 32
#define GLT_H 32

/* name, PFN type suffix */
#define GLT_FUNCS(X) \
	X(GetError, GETERROR) X(Clear, CLEAR) X(ClearColor, CLEARCOLOR) X(ClearDepthf, CLEARDEPTHF) \
	X(ClearStencil, CLEARSTENCIL) X(ReadPixels, READPIXELS) X(Flush, FLUSH) X(Finish, FINISH) \
	X(GetString, GETSTRING) X(GetStringi, GETSTRINGI) X(GetIntegerv, GETINTEGERV) \
	X(GetFloatv, GETFLOATV) X(GetBooleanv, GETBOOLEANV) X(Enable, ENABLE) X(Disable, DISABLE) \
	X(IsEnabled, ISENABLED) X(Viewport, VIEWPORT) X(Scissor, SCISSOR) \
	X(DepthFunc, DEPTHFUNC) X(DepthMask, DEPTHMASK) X(BlendFunc, BLENDFUNC) \
	X(BlendColor, BLENDCOLOR) X(ColorMask, COLORMASK) X(CullFace, CULLFACE) \
	X(FrontFace, FRONTFACE) X(StencilFunc, STENCILFUNC) X(StencilOp, STENCILOP) \
	X(GenBuffers, GENBUFFERS) X(DeleteBuffers, DELETEBUFFERS) X(BindBuffer, BINDBUFFER) \
	X(BufferData, BUFFERDATA) X(BufferSubData, BUFFERSUBDATA) X(IsBuffer, ISBUFFER) \
	X(GetBufferParameteriv, GETBUFFERPARAMETERIV) \
	X(MapBufferRange, MAPBUFFERRANGE) X(UnmapBuffer, UNMAPBUFFER) \
	X(FlushMappedBufferRange, FLUSHMAPPEDBUFFERRANGE) X(CopyBufferSubData, COPYBUFFERSUBDATA) \
	X(VertexAttribPointer, VERTEXATTRIBPOINTER) \
	X(EnableVertexAttribArray, ENABLEVERTEXATTRIBARRAY) \
	X(DisableVertexAttribArray, DISABLEVERTEXATTRIBARRAY) X(VertexAttrib4f, VERTEXATTRIB4F) \
	X(GenVertexArrays, GENVERTEXARRAYS) X(BindVertexArray, BINDVERTEXARRAY) \
	X(DeleteVertexArrays, DELETEVERTEXARRAYS) \
	X(CreateShader, CREATESHADER) X(ShaderSource, SHADERSOURCE) X(CompileShader, COMPILESHADER) \
	X(GetShaderiv, GETSHADERIV) X(GetShaderInfoLog, GETSHADERINFOLOG) \
	X(DeleteShader, DELETESHADER) X(CreateProgram, CREATEPROGRAM) \
	X(AttachShader, ATTACHSHADER) X(LinkProgram, LINKPROGRAM) X(GetProgramiv, GETPROGRAMIV) \
	X(GetProgramInfoLog, GETPROGRAMINFOLOG) X(UseProgram, USEPROGRAM) \
	X(DeleteProgram, DELETEPROGRAM) X(BindAttribLocation, BINDATTRIBLOCATION) \
	X(GetAttribLocation, GETATTRIBLOCATION) X(GetUniformLocation, GETUNIFORMLOCATION) \
	X(GetActiveUniform, GETACTIVEUNIFORM) X(GetActiveAttrib, GETACTIVEATTRIB) \
	X(Uniform1f, UNIFORM1F) X(Uniform4f, UNIFORM4F) X(Uniform4fv, UNIFORM4FV) \
	X(Uniform1i, UNIFORM1I) X(UniformMatrix4fv, UNIFORMMATRIX4FV) X(GetUniformfv, GETUNIFORMFV) \
	X(DrawArrays, DRAWARRAYS) X(DrawElements, DRAWELEMENTS) \
	X(BindBufferBase, BINDBUFFERBASE) X(BindBufferRange, BINDBUFFERRANGE) \
	X(GetUniformBlockIndex, GETUNIFORMBLOCKINDEX) \
	X(GetActiveUniformBlockiv, GETACTIVEUNIFORMBLOCKIV) \
	X(UniformBlockBinding, UNIFORMBLOCKBINDING) \
	X(FenceSync, FENCESYNC) X(ClientWaitSync, CLIENTWAITSYNC) X(WaitSync, WAITSYNC) \
	X(DeleteSync, DELETESYNC) X(GetSynciv, GETSYNCIV) X(IsSync, ISSYNC) \
	X(VertexAttribIPointer, VERTEXATTRIBIPOINTER) X(VertexAttribDivisor, VERTEXATTRIBDIVISOR) \
	X(DrawArraysInstanced, DRAWARRAYSINSTANCED) \
	X(GenTextures, GENTEXTURES) X(DeleteTextures, DELETETEXTURES) X(BindTexture, BINDTEXTURE) \
	X(TexParameteri, TEXPARAMETERI) X(TexImage2D, TEXIMAGE2D) X(TexSubImage2D, TEXSUBIMAGE2D) \
	X(TexImage3D, TEXIMAGE3D) X(TexSubImage3D, TEXSUBIMAGE3D) X(PixelStorei, PIXELSTOREI) \
	X(CompressedTexImage2D, COMPRESSEDTEXIMAGE2D) X(Uniform3f, UNIFORM3F)

#define GLT_MEMBER(n, N) PFNGL##N##PROC n;
struct glt_gl {
	GLT_FUNCS(GLT_MEMBER)
};
#undef GLT_MEMBER

struct glt {
	struct vgl_device *dev;
	struct vgl_surface *surf;
	struct vgl_context *ctx;
};

extern struct glt G;
extern struct glt_gl gl;

/* check fixture: device, 32x32 RGBA8 + D24S8 pbuffer, ES 3.0 context, current */
void glt_setup(void);
/* The same with a context of that version. */
void glt_setup_version(uint32_t major, uint32_t minor);
void glt_teardown(void);
/* The function of a GL name (as libglvnd gets it); asserts it exists. */
void *glt_proc(const char *name);
/* Loads every function of GLT_FUNCS by name; asserts each exists. */
void glt_load(struct glt_gl *out);
/* Runs the suite against a host (starts and stops the vtest server). */
int glt_main(Suite *(*make_suite)(void));

/* A shader of src; *ok gets its GL_COMPILE_STATUS. */
GLuint glt_compile(GLenum type, const char *src, GLint *ok);
/* A shader of src fails to compile, and its log says `why` (`name` in messages). */
void glt_assert_compile_fails(GLenum type, const char *src, const char *name, const char *why);
/* Links p (its shaders attached): the link fails, and its log says `why`. */
void glt_assert_link_fails(GLuint p, const char *why);
/* A linked program from two sources; asserts compile and link. */
GLuint glt_program(const char *vs, const char *fs);
/* RGBA8 pixel at window (x, y) (GL: y up from the bottom). */
void glt_pixel(int x, int y, uint8_t out[4]);
void glt_assert_pixel(int x, int y, uint8_t r, uint8_t g, uint8_t b, uint8_t a);
/* The size x size square from window (x0, y0) is (r, g, b) at its corners
 * and black just outside each side (a wide point, read back). */
void glt_assert_square(int x0, int y0, int size, uint8_t r, uint8_t g, uint8_t b);
/* Links p (its shaders attached), asserts it links (the log in the
 * failure) and makes it current. */
void glt_link_and_use(GLuint p);
void glt_assert_pixel_near(int x, int y, const uint8_t want[4], int tol);
/* Whether the context's extension string lists `name` (a whole word). */
bool glt_has_extension(const char *name);
/* Whether the context lists the EXT_/OES_ pair `ext` and `oes` (both or
 * neither, asserted); without them glCreateShader of each of the n types
 * must fail with INVALID_ENUM (asserted). */
bool glt_has_shader_ext(const char *ext, const char *oes, const GLenum *types, int n);
/* glGetIntegerv of one value (-1 if nothing was written). */
GLint glt_geti(GLenum pname);
/* A buffer with data bound to target. */
GLuint glt_buffer(GLenum target, const void *data, GLsizeiptr size);
/* ES 3.1 contexts: a shader storage buffer of n words of `fill` bound at
 * point 0; its first n words after glMemoryBarrier, through a read map
 * (unmap with glt_unmap_ssbo, which asserts no GL error). */
GLuint glt_ssbo(uint32_t n, uint32_t fill);
const uint32_t *glt_map_ssbo(GLuint b, uint32_t n);
/* ES 3.1 contexts: the compute program of src, compiled, linked (asserted,
 * with the info logs) and current. */
GLuint glt_compute_program(const char *src);
void glt_unmap_ssbo(void);
/* Shaders of the texture suites: the window-filling quad (attribute `pos`,
 * -1..1) with uv = window position / size (ES 2.0) or none (ES 3.0), and
 * fragment shaders writing `tex` at uv (2D) or at the uniform vec3 u_at (3D). */
extern const char *const glt_vs_window, *const glt_fs_2d, *const glt_vs3_window,
	*const glt_fs_3d;
/* glt_program with attribute 0 named `pos` and sampler `tex` on unit 0; current. */
GLuint glt_texture_program(const char *vs, const char *fs);
/* Two triangles over the window: attribute 0 = (x, y) in -1..1, client memory. */
void glt_draw_window(void);
/* A new texture bound to target: NEAREST filters, CLAMP_TO_EDGE in s and t. */
GLuint glt_texture(GLenum target);
