/* SPDX-License-Identifier: MIT */
/*
 * EGL images through libglvnd: EGL_KHR_image_base, _gl_texture_2D_image,
 * _gl_renderbuffer_image, GL_OES_EGL_image(_external), and the dma-buf
 * extensions (EGL_EXT_image_dma_buf_import(_modifiers),
 * EGL_MESA_image_dma_buf_export, EGL_EXT_device_drm). Pixels cross contexts
 * and displays through images and are read back; every error of the specs
 * is asserted. The dma-buf cases run where the transport is DRM (the VM);
 * on vtest they assert that the extensions are absent and the target fails.
 */
#include <GLES3/gl3.h>
#include <GLES2/gl2ext.h>
#include <dirent.h>
#include <drm_fourcc.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <xf86drm.h>

#include "egl_test_util.h"

#define W 4
#define H 4

static EGLDisplay dpy;
static PFNEGLCREATEIMAGEKHRPROC create_image_khr;
static PFNEGLDESTROYIMAGEKHRPROC destroy_image_khr;
static PFNGLEGLIMAGETARGETTEXTURE2DOESPROC target_texture;
static PFNGLEGLIMAGETARGETRENDERBUFFERSTORAGEOESPROC target_renderbuffer;
static PFNEGLQUERYDEVICESTRINGEXTPROC device_string;

#define GET_PROC(var, name) \
	do { \
		var = (__typeof__(var))eglGetProcAddress(name); \
		ck_assert_msg(var != NULL, name); \
	} while (0)

static void setup(void)
{
	dpy = egl_test_display();
	GET_PROC(create_image_khr, "eglCreateImageKHR");
	GET_PROC(destroy_image_khr, "eglDestroyImageKHR");
	GET_PROC(target_texture, "glEGLImageTargetTexture2DOES");
	GET_PROC(target_renderbuffer, "glEGLImageTargetRenderbufferStorageOES");
	GET_PROC(device_string, "eglQueryDeviceStringEXT");
}

/* A context of its own (no sharing), current without a surface. */
static EGLContext own_context(EGLDisplay d, EGLint major)
{
	EGLContext ctx = egl_test_context(d, egl_test_config(d, 8, 8, 24), major);

	ck_assert_int_eq(eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), EGL_TRUE);
	return ctx;
}

static void make_current(EGLDisplay d, EGLContext ctx)
{
	ck_assert_int_eq(eglMakeCurrent(d, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx), EGL_TRUE);
}

static void texel(int x, int y, GLubyte out[4])
{
	out[0] = (GLubyte)(40 + 50 * x);
	out[1] = (GLubyte)(30 + 60 * y);
	out[2] = (GLubyte)(200 - 10 * (x + y));
	out[3] = 255;
}

/* A W x H RGBA8 texture whose every texel differs; NEAREST, one level. */
static GLuint pattern_texture(void)
{
	GLubyte data[W * H * 4];
	GLuint t;

	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++)
			texel(x, y, &data[(y * W + x) * 4]);
	glGenTextures(1, &t);
	glBindTexture(GL_TEXTURE_2D, t);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, W, H, 0, GL_RGBA, GL_UNSIGNED_BYTE, data);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	return t;
}

static void assert_pattern(const GLubyte *px)
{
	GLubyte want[4];

	for (int y = 0; y < H; y++)
		for (int x = 0; x < W; x++) {
			texel(x, y, want);
			ck_assert_msg(memcmp(&px[(y * W + x) * 4], want, 4) == 0,
				      "texel %d,%d: %u %u %u %u, want %u %u %u %u", x, y,
				      px[(y * W + x) * 4], px[(y * W + x) * 4 + 1],
				      px[(y * W + x) * 4 + 2], px[(y * W + x) * 4 + 3], want[0],
				      want[1], want[2], want[3]);
		}
}

/* Reads what the texture's level 0 holds through an FBO. */
static void read_texture(GLuint tex, GLubyte *px)
{
	GLuint fbo;

	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	ck_assert_int_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fbo);
}

/* ---- drawing with a sampler ------------------------------------------------------- */

static const char vs_src[] =
	"attribute vec2 p;\nvarying vec2 uv;\n"
	"void main() { uv = p * 0.5 + 0.5; gl_Position = vec4(p, 0.0, 1.0); }\n";
static const char fs_2d[] =
	"precision mediump float;\nuniform sampler2D s;\nvarying vec2 uv;\n"
	"void main() { gl_FragColor = texture2D(s, uv); }\n";
static const char fs_external[] =
	"#extension GL_OES_EGL_image_external : require\n"
	"precision mediump float;\nuniform samplerExternalOES s;\nvarying vec2 uv;\n"
	"void main() { gl_FragColor = texture2D(s, uv); }\n";
static const char fs_external_essl3[] =
	"#version 300 es\n#extension GL_OES_EGL_image_external_essl3 : require\n"
	"precision mediump float;\nuniform samplerExternalOES s;\nin vec2 uv;\n"
	"out vec4 c;\nvoid main() { c = texture(s, uv); }\n";
static const char vs_essl3[] =
	"#version 300 es\nin vec2 p;\nout vec2 uv;\n"
	"void main() { uv = p * 0.5 + 0.5; gl_Position = vec4(p, 0.0, 1.0); }\n";

static GLuint shader(GLenum type, const char *src, GLint *compiled)
{
	GLuint s = glCreateShader(type);

	glShaderSource(s, 1, &src, NULL);
	glCompileShader(s);
	glGetShaderiv(s, GL_COMPILE_STATUS, compiled);
	return s;
}

static GLuint program(const char *vs, const char *fs)
{
	GLint ok = 0;
	GLuint p = glCreateProgram(), v = shader(GL_VERTEX_SHADER, vs, &ok);
	GLuint f;
	char log[512] = "";

	ck_assert_int_eq(ok, GL_TRUE);
	f = shader(GL_FRAGMENT_SHADER, fs, &ok);
	glGetShaderInfoLog(f, sizeof(log), NULL, log);
	ck_assert_msg(ok == GL_TRUE, "fragment shader: %s", log);
	glAttachShader(p, v);
	glAttachShader(p, f);
	glBindAttribLocation(p, 0, "p");
	glLinkProgram(p);
	glGetProgramiv(p, GL_LINK_STATUS, &ok);
	ck_assert_int_eq(ok, GL_TRUE);
	return p;
}

/* Draws a quad sampling `tex` (bound to target) into a fresh W x H RGBA8
 * renderbuffer and reads it back. */
static void sample_texture(GLenum target, GLuint tex, const char *vs, const char *fs,
			   GLubyte *px)
{
	static const GLfloat quad[] = { -1, -1, 1, -1, -1, 1, 1, 1 };
	GLuint prog = program(vs, fs), fbo, rb;

	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, W, H);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	ck_assert_int_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glViewport(0, 0, W, H);
	glUseProgram(prog);
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(target, tex);
	glUniform1i(glGetUniformLocation(prog, "s"), 0);
	glBindBuffer(GL_ARRAY_BUFFER, 0);
	glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, quad);
	glEnableVertexAttribArray(0);
	glDrawArrays(GL_TRIANGLE_STRIP, 0, 4);
	glReadPixels(0, 0, W, H, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &fbo);
	glDeleteRenderbuffers(1, &rb);
	glDeleteProgram(prog);
}

static EGLImageKHR texture_image(EGLContext ctx, GLuint tex)
{
	EGLImageKHR img = create_image_khr(dpy, ctx, EGL_GL_TEXTURE_2D_KHR,
					   (EGLClientBuffer)(uintptr_t)tex, NULL);

	ck_assert_msg(img != EGL_NO_IMAGE_KHR, "eglCreateImageKHR: 0x%x", eglGetError());
	return img;
}

/* A texture of this context on the image. */
static GLuint image_texture(GLenum target, EGLImageKHR img)
{
	GLuint t;

	glGenTextures(1, &t);
	glBindTexture(target, t);
	target_texture(target, (GLeglImageOES)img);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	glTexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	return t;
}

/* ---- what is listed ----------------------------------------------------------------------- */

START_TEST(extensions_listed)
{
	const char *egl = eglQueryString(dpy, EGL_EXTENSIONS);
	const char *gl;
	bool drm = egl_test_on_drm();

	ck_assert(egl_test_has_extension(egl, "EGL_KHR_image_base"));
	ck_assert(egl_test_has_extension(egl, "EGL_KHR_gl_texture_2D_image"));
	ck_assert(egl_test_has_extension(egl, "EGL_KHR_gl_renderbuffer_image"));
	/* dma-bufs only where they exist (DRM), never on vtest */
	ck_assert_int_eq(egl_test_has_extension(egl, "EGL_EXT_image_dma_buf_import"), drm);
	ck_assert_int_eq(egl_test_has_extension(egl, "EGL_EXT_image_dma_buf_import_modifiers"),
			 drm);
	ck_assert_int_eq(egl_test_has_extension(egl, "EGL_MESA_image_dma_buf_export"), drm);
	own_context(dpy, 3);
	gl = (const char *)glGetString(GL_EXTENSIONS);
	ck_assert(egl_test_has_extension(gl, "GL_OES_EGL_image"));
	ck_assert(egl_test_has_extension(gl, "GL_OES_EGL_image_external"));
	ck_assert(egl_test_has_extension(gl, "GL_OES_EGL_image_external_essl3"));
	own_context(dpy, 2);
	gl = (const char *)glGetString(GL_EXTENSIONS);
	ck_assert(egl_test_has_extension(gl, "GL_OES_EGL_image"));
}
END_TEST

/* ---- sharing pixels ------------------------------------------------------------------------- */

START_TEST(texture_to_texture_in_other_context)
{
	GLubyte px[W * H * 4];
	EGLContext a = own_context(dpy, 2), b;
	GLuint src = pattern_texture(), dst;
	EGLImageKHR img = texture_image(a, src);

	glFinish();
	b = own_context(dpy, 2);
	dst = image_texture(GL_TEXTURE_2D, img);
	/* the same image: attached and read, and sampled */
	memset(px, 0, sizeof(px));
	read_texture(dst, px);
	assert_pattern(px);
	memset(px, 0, sizeof(px));
	sample_texture(GL_TEXTURE_2D, dst, vs_src, fs_2d, px);
	assert_pattern(px);
	ck_assert_int_eq(destroy_image_khr(dpy, img), EGL_TRUE);
	(void)b;
}
END_TEST

/* Rendering into the image-backed texture of one context changes what the
 * source texture of the other holds: no copy anywhere. */
START_TEST(render_into_image_seen_by_source)
{
	GLubyte px[W * H * 4];
	EGLContext a = own_context(dpy, 3), b;
	GLuint src = pattern_texture(), dst, fbo;
	EGLImageKHR img = eglCreateImage(dpy, a, EGL_GL_TEXTURE_2D, (EGLClientBuffer)(uintptr_t)src,
					 (const EGLAttrib[]){ EGL_GL_TEXTURE_LEVEL, 0, EGL_NONE });

	ck_assert_ptr_ne(img, EGL_NO_IMAGE);
	b = own_context(dpy, 3);
	dst = image_texture(GL_TEXTURE_2D, img);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dst, 0);
	glClearColor(0.0f, 1.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	make_current(dpy, a);
	read_texture(src, px);
	for (int i = 0; i < W * H; i++)
		ck_assert_msg(px[i * 4] == 0 && px[i * 4 + 1] == 255 && px[i * 4 + 3] == 255,
			      "pixel %d: %u %u %u %u", i, px[i * 4], px[i * 4 + 1], px[i * 4 + 2],
			      px[i * 4 + 3]);
	ck_assert_int_eq(eglDestroyImage(dpy, img), EGL_TRUE);
	(void)b;
}
END_TEST

START_TEST(renderbuffer_image_sampled_elsewhere)
{
	GLubyte px[W * H * 4];
	EGLContext a = own_context(dpy, 2), b;
	GLuint rb, rb2, fbo, tex;
	EGLImageKHR img;

	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8_OES, W, H);
	img = create_image_khr(dpy, a, EGL_GL_RENDERBUFFER_KHR, (EGLClientBuffer)(uintptr_t)rb,
			       NULL);
	ck_assert_ptr_ne(img, EGL_NO_IMAGE_KHR);
	/* context b renders into a renderbuffer on the image */
	b = own_context(dpy, 2);
	glGenRenderbuffers(1, &rb2);
	glBindRenderbuffer(GL_RENDERBUFFER, rb2);
	target_renderbuffer(GL_RENDERBUFFER, (GLeglImageOES)img);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb2);
	ck_assert_int_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glClearColor(1.0f, 0.0f, 0.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	/* a third context samples it */
	own_context(dpy, 2);
	tex = image_texture(GL_TEXTURE_2D, img);
	sample_texture(GL_TEXTURE_2D, tex, vs_src, fs_2d, px);
	for (int i = 0; i < W * H; i++)
		ck_assert(px[i * 4] == 255 && px[i * 4 + 1] == 0 && px[i * 4 + 2] == 0);
	ck_assert_int_eq(destroy_image_khr(dpy, img), EGL_TRUE);
	(void)b;
}
END_TEST

/* The image holds the image alive: the source texture is deleted, the
 * image then destroyed, and the sibling still samples the pixels. */
START_TEST(image_outlives_source)
{
	GLubyte px[W * H * 4];
	EGLContext a = own_context(dpy, 2);
	GLuint src = pattern_texture(), dst;
	EGLImageKHR img = texture_image(a, src);

	glDeleteTextures(1, &src);
	glFinish();
	own_context(dpy, 2);
	dst = image_texture(GL_TEXTURE_2D, img);
	ck_assert_int_eq(destroy_image_khr(dpy, img), EGL_TRUE);
	sample_texture(GL_TEXTURE_2D, dst, vs_src, fs_2d, px);
	assert_pattern(px);
	/* the destroyed handle is no image any more */
	target_texture(GL_TEXTURE_2D, (GLeglImageOES)img);
	ck_assert_int_eq(glGetError(), GL_INVALID_VALUE);
}
END_TEST

START_TEST(external_texture_samples_image)
{
	GLubyte px[W * H * 4];
	EGLContext a = own_context(dpy, 3);
	GLuint src = pattern_texture(), ext;
	EGLImageKHR img = texture_image(a, src);
	GLint v = -1;

	glFinish();
	own_context(dpy, 3);
	ext = image_texture(GL_TEXTURE_EXTERNAL_OES, img);
	glGetIntegerv(GL_TEXTURE_BINDING_EXTERNAL_OES, &v);
	ck_assert_int_eq(v, (GLint)ext);
	glGetTexParameteriv(GL_TEXTURE_EXTERNAL_OES, GL_REQUIRED_TEXTURE_IMAGE_UNITS_OES, &v);
	ck_assert_int_eq(v, 1);
	sample_texture(GL_TEXTURE_EXTERNAL_OES, ext, vs_src, fs_external, px);
	assert_pattern(px);
	memset(px, 0, sizeof(px));
	sample_texture(GL_TEXTURE_EXTERNAL_OES, ext, vs_essl3, fs_external_essl3, px);
	assert_pattern(px);
	ck_assert_int_eq(destroy_image_khr(dpy, img), EGL_TRUE);
}
END_TEST

START_TEST(external_shader_needs_directive)
{
	static const char *const bad[] = {
		/* no #extension: samplerExternalOES is no type */
		"precision mediump float;\nvarying vec2 uv;\n\nuniform samplerExternalOES s;\n"
		"void main() { gl_FragColor = texture2D(s, uv); }\n",
		/* the ES 1.00 directive does not serve #version 300 es */
		"#version 300 es\n#extension GL_OES_EGL_image_external : require\n"
		"precision mediump float;\nuniform samplerExternalOES s;\nin vec2 uv;\n"
		"out vec4 c;\nvoid main() { c = texture(s, uv); }\n",
	};
	char log[1024];
	GLint ok = 1;
	GLuint s;

	own_context(dpy, 3);
	s = shader(GL_FRAGMENT_SHADER, bad[0], &ok);
	ck_assert_int_eq(ok, GL_FALSE);
	glGetShaderInfoLog(s, sizeof(log), NULL, log);
	ck_assert_msg(strstr(log, "0:4(") != NULL, "no line 4 in: %s", log);
	s = shader(GL_FRAGMENT_SHADER, bad[1], &ok);
	ck_assert_int_eq(ok, GL_FALSE);
	/* the right directive compiles */
	shader(GL_FRAGMENT_SHADER, fs_external, &ok);
	ck_assert_int_eq(ok, GL_TRUE);
	shader(GL_FRAGMENT_SHADER, fs_external_essl3, &ok);
	ck_assert_int_eq(ok, GL_TRUE);
}
END_TEST

/* ---- EGL errors ------------------------------------------------------------------------------- */

static void assert_create_fails(EGLContext ctx, EGLenum target, uintptr_t buffer,
				const EGLint *attribs, EGLint error)
{
	EGLImageKHR img = create_image_khr(dpy, ctx, target, (EGLClientBuffer)buffer, attribs);

	ck_assert_ptr_eq(img, EGL_NO_IMAGE_KHR);
	ck_assert_egl_error(error);
}

START_TEST(create_errors)
{
	EGLContext a = own_context(dpy, 3);
	GLuint tex = pattern_texture(), mips, cube, rb;
	const EGLint level1[] = { EGL_GL_TEXTURE_LEVEL_KHR, 1, EGL_NONE };
	const EGLint level99[] = { EGL_GL_TEXTURE_LEVEL_KHR, 99, EGL_NONE };
	const EGLint bogus[] = { 0x3999, 1, EGL_NONE };
	EGLImageKHR img;

	/* texture 0, a name that is no texture, a texture of another target */
	assert_create_fails(a, EGL_GL_TEXTURE_2D_KHR, 0, NULL, EGL_BAD_PARAMETER);
	assert_create_fails(a, EGL_GL_TEXTURE_2D_KHR, 4242, NULL, EGL_BAD_PARAMETER);
	glGenTextures(1, &cube);
	glBindTexture(GL_TEXTURE_CUBE_MAP, cube);
	assert_create_fails(a, EGL_GL_TEXTURE_2D_KHR, cube, NULL, EGL_BAD_PARAMETER);
	/* complete (NEAREST, one level): level 99 is no level of it */
	assert_create_fails(a, EGL_GL_TEXTURE_2D_KHR, tex, level99, EGL_BAD_MATCH);
	assert_create_fails(a, EGL_GL_TEXTURE_2D_KHR, tex, level1, EGL_BAD_MATCH);
	/* incomplete (mipmap filter, one level): only level 0 may be taken */
	glGenTextures(1, &mips);
	glBindTexture(GL_TEXTURE_2D, mips);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 8, 8, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	glTexImage2D(GL_TEXTURE_2D, 1, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	assert_create_fails(a, EGL_GL_TEXTURE_2D_KHR, mips, level1, EGL_BAD_PARAMETER);
	img = texture_image(a, mips);
	ck_assert_int_eq(destroy_image_khr(dpy, img), EGL_TRUE);
	/* complete with all its levels: level 1 may be taken */
	glGenerateMipmap(GL_TEXTURE_2D);
	img = create_image_khr(dpy, a, EGL_GL_TEXTURE_2D_KHR, (EGLClientBuffer)(uintptr_t)mips,
			       level1);
	ck_assert_ptr_ne(img, EGL_NO_IMAGE_KHR);
	/* an EGL image sibling already: EGL_BAD_ACCESS, until the image goes */
	assert_create_fails(a, EGL_GL_TEXTURE_2D_KHR, mips, NULL, EGL_BAD_ACCESS);
	ck_assert_int_eq(destroy_image_khr(dpy, img), EGL_TRUE);
	img = texture_image(a, mips);
	ck_assert_int_eq(destroy_image_khr(dpy, img), EGL_TRUE);
	/* contexts: none, or not one */
	assert_create_fails(EGL_NO_CONTEXT, EGL_GL_TEXTURE_2D_KHR, tex, NULL, EGL_BAD_CONTEXT);
	assert_create_fails((EGLContext)&tex, EGL_GL_TEXTURE_2D_KHR, tex, NULL, EGL_BAD_CONTEXT);
	/* targets and attributes no extension has */
	assert_create_fails(a, 0x30B9 /* EGL_GL_TEXTURE_3D_KHR */, tex, NULL, EGL_BAD_PARAMETER);
	assert_create_fails(a, 0x1234, tex, NULL, EGL_BAD_PARAMETER);
	assert_create_fails(a, EGL_GL_TEXTURE_2D_KHR, tex, bogus, EGL_BAD_PARAMETER);
	/* renderbuffers: no name, no storage */
	assert_create_fails(a, EGL_GL_RENDERBUFFER_KHR, 0, NULL, EGL_BAD_PARAMETER);
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	assert_create_fails(a, EGL_GL_RENDERBUFFER_KHR, rb, NULL, EGL_BAD_PARAMETER);
	/* bad displays and handles */
	ck_assert_ptr_eq(create_image_khr((EGLDisplay)&tex, a, EGL_GL_TEXTURE_2D_KHR,
					  (EGLClientBuffer)(uintptr_t)tex, NULL), EGL_NO_IMAGE_KHR);
	ck_assert_egl_error(EGL_BAD_DISPLAY);
	ck_assert_int_eq(destroy_image_khr(dpy, (EGLImageKHR)&tex), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	img = texture_image(a, tex);
	ck_assert_int_eq(eglDestroyImage(dpy, img), EGL_TRUE);
	ck_assert_int_eq(eglDestroyImage(dpy, img), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
}
END_TEST

/* ---- GL errors -------------------------------------------------------------------------------- */

START_TEST(gl_errors)
{
	EGLContext a = own_context(dpy, 3);
	GLuint tex = pattern_texture(), imm, ext, rb;
	EGLImageKHR img = texture_image(a, tex);
	GLubyte px[4] = { 0 };

	/* targets: a cube map is none; a bogus image */
	target_texture(GL_TEXTURE_CUBE_MAP, (GLeglImageOES)img);
	ck_assert_int_eq(glGetError(), GL_INVALID_ENUM);
	target_texture(GL_TEXTURE_2D, (GLeglImageOES)&tex);
	ck_assert_int_eq(glGetError(), GL_INVALID_VALUE);
	target_texture(GL_TEXTURE_2D, NULL);
	ck_assert_int_eq(glGetError(), GL_INVALID_VALUE);
	/* immutable storage is not re-specified */
	glGenTextures(1, &imm);
	glBindTexture(GL_TEXTURE_2D, imm);
	glTexStorage2D(GL_TEXTURE_2D, 1, GL_RGBA8, 4, 4);
	target_texture(GL_TEXTURE_2D, (GLeglImageOES)img);
	ck_assert_int_eq(glGetError(), GL_INVALID_OPERATION);
	/* renderbuffers: the target, the image, a bound renderbuffer */
	target_renderbuffer(GL_TEXTURE_2D, (GLeglImageOES)img);
	ck_assert_int_eq(glGetError(), GL_INVALID_ENUM);
	glBindRenderbuffer(GL_RENDERBUFFER, 0);
	target_renderbuffer(GL_RENDERBUFFER, (GLeglImageOES)img);
	ck_assert_int_eq(glGetError(), GL_INVALID_OPERATION);
	glGenRenderbuffers(1, &rb);
	glBindRenderbuffer(GL_RENDERBUFFER, rb);
	target_renderbuffer(GL_RENDERBUFFER, (GLeglImageOES)&tex);
	ck_assert_int_eq(glGetError(), GL_INVALID_VALUE);
	/* external textures: no images of their own, clamp, one level */
	glGenTextures(1, &ext);
	glBindTexture(GL_TEXTURE_EXTERNAL_OES, ext);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	glTexImage2D(GL_TEXTURE_EXTERNAL_OES, 0, GL_RGBA, 1, 1, 0, GL_RGBA, GL_UNSIGNED_BYTE, px);
	ck_assert_int_eq(glGetError(), GL_INVALID_ENUM);
	glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_WRAP_S, GL_REPEAT);
	ck_assert_int_eq(glGetError(), GL_INVALID_ENUM);
	glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_MIN_FILTER, GL_LINEAR_MIPMAP_LINEAR);
	ck_assert_int_eq(glGetError(), GL_INVALID_ENUM);
	glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_BASE_LEVEL, 1);
	ck_assert_int_eq(glGetError(), GL_INVALID_OPERATION);
	glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
	glTexParameteri(GL_TEXTURE_EXTERNAL_OES, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	glGenerateMipmap(GL_TEXTURE_EXTERNAL_OES);
	ck_assert_int_eq(glGetError(), GL_INVALID_ENUM);
	/* a 2D texture's name is no external texture */
	glBindTexture(GL_TEXTURE_EXTERNAL_OES, tex);
	ck_assert_int_eq(glGetError(), GL_INVALID_OPERATION);
	ck_assert_int_eq(destroy_image_khr(dpy, img), EGL_TRUE);
}
END_TEST

/* ---- dma-bufs ----------------------------------------------------------------------------------- */

static int count_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	int n = 0;

	ck_assert_ptr_nonnull(d);
	while (readdir(d))
		n++;
	closedir(d);
	return n;
}

/* The fds open with no display initialised (the device's node closed),
 * then the display again: what the test must leave behind. */
static int baseline_fds(void)
{
	int n;

	egl_test_teardown();
	n = count_fds();
	dpy = egl_test_display();
	return n;
}

static EGLImageKHR import(EGLDisplay d, int fd, uint32_t fourcc, EGLint stride)
{
	const EGLint attribs[] = { EGL_WIDTH, W, EGL_HEIGHT, H, EGL_LINUX_DRM_FOURCC_EXT,
				   (EGLint)fourcc, EGL_DMA_BUF_PLANE0_FD_EXT, fd,
				   EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0,
				   EGL_DMA_BUF_PLANE0_PITCH_EXT, stride, EGL_NONE };

	return create_image_khr(d, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT, NULL, attribs);
}

START_TEST(dma_buf_absent_without_drm)
{
	const char *dev_exts;

	if (egl_test_on_drm())
		return; /* dma_buf_* cover DRM */
	own_context(dpy, 2);
	ck_assert_ptr_eq(import(dpy, 0, DRM_FORMAT_ABGR8888, W * 4), EGL_NO_IMAGE_KHR);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	/* the device has no DRM nodes: no EGL_EXT_device_drm, no strings */
	dev_exts = device_string(egl_test_device(), EGL_EXTENSIONS);
	ck_assert_ptr_nonnull(dev_exts);
	ck_assert(!egl_test_has_extension(dev_exts, "EGL_EXT_device_drm"));
	ck_assert_ptr_null(device_string(egl_test_device(), EGL_DRM_DEVICE_FILE_EXT));
	ck_assert_egl_error(EGL_BAD_PARAMETER);
}
END_TEST

START_TEST(device_drm_nodes)
{
	const char *card, *render, *exts;

	if (!egl_test_on_drm())
		return;
	exts = device_string(egl_test_device(), EGL_EXTENSIONS);
	ck_assert(egl_test_has_extension(exts, "EGL_EXT_device_drm"));
	ck_assert(egl_test_has_extension(exts, "EGL_EXT_device_drm_render_node"));
	card = device_string(egl_test_device(), EGL_DRM_DEVICE_FILE_EXT);
	render = device_string(egl_test_device(), EGL_DRM_RENDER_NODE_FILE_EXT);
	ck_assert_ptr_nonnull(card);
	ck_assert_ptr_nonnull(render);
	ck_assert_msg(strncmp(card, "/dev/dri/card", 13) == 0, "card node %s", card);
	ck_assert_msg(strncmp(render, "/dev/dri/renderD", 16) == 0, "render node %s", render);
	ck_assert_int_eq(access(card, F_OK), 0);
	ck_assert_int_eq(access(render, F_OK), 0);
}
END_TEST

static PFNEGLEXPORTDMABUFIMAGEQUERYMESAPROC export_query;
static PFNEGLEXPORTDMABUFIMAGEMESAPROC export_image;

/* Exports an image; returns the fd (checks fourcc, planes, modifier, layout). */
static int export_fd(EGLDisplay d, EGLImageKHR img, uint32_t fourcc)
{
	int got_fourcc = 0, planes = 0, fd = -1;
	EGLuint64KHR mod = 1234;
	EGLint stride = 0, offset = -1;

	GET_PROC(export_query, "eglExportDMABUFImageQueryMESA");
	GET_PROC(export_image, "eglExportDMABUFImageMESA");
	ck_assert_int_eq(export_query(d, img, &got_fourcc, &planes, &mod), EGL_TRUE);
	ck_assert_uint_eq((uint32_t)got_fourcc, fourcc);
	ck_assert_int_eq(planes, 1);
	ck_assert_uint_eq(mod, DRM_FORMAT_MOD_LINEAR);
	ck_assert_int_eq(export_image(d, img, &fd, &stride, &offset), EGL_TRUE);
	ck_assert_int_ge(fd, 0);
	ck_assert_int_eq(stride, W * 4);
	ck_assert_int_eq(offset, 0);
	return fd;
}

START_TEST(dma_buf_export_import_round_trip)
{
	GLubyte px[W * H * 4];
	int fds_before, fd;
	EGLContext a;
	GLuint src, dst;
	EGLImageKHR img, back;
	EGLDisplay dev_dpy;

	if (!egl_test_on_drm())
		return;
	fds_before = baseline_fds();
	a = own_context(dpy, 2);
	src = pattern_texture();
	img = texture_image(a, src);
	fd = export_fd(dpy, img, DRM_FORMAT_ABGR8888);
	glFinish();
	/* the same display, another context */
	back = import(dpy, fd, DRM_FORMAT_ABGR8888, W * 4);
	ck_assert_msg(back != EGL_NO_IMAGE_KHR, "import: 0x%x", eglGetError());
	own_context(dpy, 2);
	dst = image_texture(GL_TEXTURE_2D, back);
	sample_texture(GL_TEXTURE_2D, dst, vs_src, fs_2d, px);
	assert_pattern(px);
	ck_assert_int_eq(destroy_image_khr(dpy, back), EGL_TRUE);
	/* a second display (the device platform) and its context */
	dev_dpy = eglGetPlatformDisplay(EGL_PLATFORM_DEVICE_EXT, egl_test_device(), NULL);
	ck_assert_int_eq(eglInitialize(dev_dpy, NULL, NULL), EGL_TRUE);
	back = import(dev_dpy, fd, DRM_FORMAT_ABGR8888, W * 4);
	ck_assert_ptr_ne(back, EGL_NO_IMAGE_KHR);
	own_context(dev_dpy, 2);
	dst = image_texture(GL_TEXTURE_2D, back);
	memset(px, 0, sizeof(px));
	read_texture(dst, px);
	assert_pattern(px);
	ck_assert_int_eq(destroy_image_khr(dev_dpy, back), EGL_TRUE);
	close(fd);
	make_current(dpy, a);
	ck_assert_int_eq(destroy_image_khr(dpy, img), EGL_TRUE);
	egl_test_teardown();
	ck_assert_int_eq(count_fds(), fds_before);
}
END_TEST

/* An imported buffer is rendered into through an FBO; exported again and
 * imported elsewhere, the pixels are there. */
START_TEST(dma_buf_render_into_import)
{
	GLubyte px[W * H * 4];
	EGLContext a;
	GLuint src, dst, fbo;
	EGLImageKHR img, in, again;
	int fd, fd2;

	if (!egl_test_on_drm())
		return;
	a = own_context(dpy, 2);
	src = pattern_texture();
	img = texture_image(a, src);
	fd = export_fd(dpy, img, DRM_FORMAT_ABGR8888);
	in = import(dpy, fd, DRM_FORMAT_ABGR8888, W * 4);
	ck_assert_ptr_ne(in, EGL_NO_IMAGE_KHR);
	own_context(dpy, 2);
	dst = image_texture(GL_TEXTURE_2D, in);
	glGenFramebuffers(1, &fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, fbo);
	glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, dst, 0);
	ck_assert_int_eq(glCheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	glClearColor(0.0f, 0.0f, 1.0f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT);
	glFinish();
	fd2 = export_fd(dpy, in, DRM_FORMAT_ABGR8888);
	again = import(dpy, fd2, DRM_FORMAT_ABGR8888, W * 4);
	ck_assert_ptr_ne(again, EGL_NO_IMAGE_KHR);
	own_context(dpy, 2);
	read_texture(image_texture(GL_TEXTURE_2D, again), px);
	for (int i = 0; i < W * H; i++)
		ck_assert_msg(px[i * 4] == 0 && px[i * 4 + 1] == 0 && px[i * 4 + 2] == 255,
			      "pixel %d: %u %u %u", i, px[i * 4], px[i * 4 + 1], px[i * 4 + 2]);
	close(fd);
	close(fd2);
	destroy_image_khr(dpy, again);
	destroy_image_khr(dpy, in);
	destroy_image_khr(dpy, img);
}
END_TEST

/* An imported ARGB8888 buffer takes BGRA bytes from glTexSubImage2D as
 * they are (Xwayland's glamor uploads so into its pixmaps); RGBA bytes
 * stay GL_INVALID_OPERATION. */
START_TEST(dma_buf_bgra_sub_image)
{
	static const GLubyte bgra[4] = { 10, 20, 30, 40 };
	GLubyte px[W * H * 4];
	EGLContext a;
	EGLImageKHR img, in;
	GLuint dst;
	int fd;

	if (!egl_test_on_drm())
		return;
	a = own_context(dpy, 2);
	img = texture_image(a, pattern_texture());
	fd = export_fd(dpy, img, DRM_FORMAT_ABGR8888);
	glFinish();
	in = import(dpy, fd, DRM_FORMAT_ARGB8888, W * 4);
	ck_assert_ptr_ne(in, EGL_NO_IMAGE_KHR);
	own_context(dpy, 2);
	dst = image_texture(GL_TEXTURE_2D, in);
	glTexSubImage2D(GL_TEXTURE_2D, 0, 1, 2, 1, 1, GL_BGRA_EXT, GL_UNSIGNED_BYTE, bgra);
	ck_assert_int_eq(glGetError(), GL_NO_ERROR);
	glTexSubImage2D(GL_TEXTURE_2D, 0, 0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, bgra);
	ck_assert_int_eq(glGetError(), GL_INVALID_OPERATION);
	read_texture(dst, px);
	ck_assert_msg(memcmp(&px[(2 * W + 1) * 4], (const GLubyte[]){ 30, 20, 10, 40 }, 4) == 0,
		      "texel 1,2: %u %u %u %u", px[(2 * W + 1) * 4], px[(2 * W + 1) * 4 + 1],
		      px[(2 * W + 1) * 4 + 2], px[(2 * W + 1) * 4 + 3]);
	close(fd);
	destroy_image_khr(dpy, in);
	destroy_image_khr(dpy, img);
}
END_TEST

static void assert_import_fails(const EGLint *attribs, EGLContext ctx, EGLint error)
{
	ck_assert_ptr_eq(create_image_khr(dpy, ctx, EGL_LINUX_DMA_BUF_EXT, NULL, attribs),
			 EGL_NO_IMAGE_KHR);
	ck_assert_egl_error(error);
}

/* A dumb buffer of vgem (the guest's renderD129) as a dma-buf; -1 if none. */
static int vgem_dma_buf(void)
{
	struct drm_mode_create_dumb dumb = { .width = W, .height = H, .bpp = 32 };
	int card = -1, fd = -1;
	drmVersionPtr v;

	for (int i = 0; i < 8 && card < 0; i++) {
		char path[32];

		snprintf(path, sizeof(path), "/dev/dri/card%d", i);
		card = open(path, O_RDWR | O_CLOEXEC);
		v = card >= 0 ? drmGetVersion(card) : NULL;
		if (card >= 0 && (!v || strcmp(v->name, "vgem") != 0)) {
			close(card);
			card = -1;
		}
		drmFreeVersion(v);
	}
	if (card < 0)
		return -1;
	if (drmIoctl(card, DRM_IOCTL_MODE_CREATE_DUMB, &dumb) == 0)
		drmPrimeHandleToFD(card, dumb.handle, DRM_CLOEXEC | DRM_RDWR, &fd);
	close(card);
	return fd;
}

START_TEST(dma_buf_import_errors)
{
	EGLContext a;
	GLuint src;
	EGLImageKHR img;
	int fd, vgem, fds_before;
#define ATTRS(fourcc, fdv, pitch, ...) \
	(const EGLint[]){ EGL_WIDTH, W, EGL_HEIGHT, H, EGL_LINUX_DRM_FOURCC_EXT, (EGLint)(fourcc), \
			  EGL_DMA_BUF_PLANE0_FD_EXT, fdv, EGL_DMA_BUF_PLANE0_OFFSET_EXT, 0, \
			  EGL_DMA_BUF_PLANE0_PITCH_EXT, pitch, __VA_ARGS__ EGL_NONE }

	if (!egl_test_on_drm())
		return;
	fds_before = baseline_fds();
	a = own_context(dpy, 2);
	src = pattern_texture();
	img = texture_image(a, src);
	fd = export_fd(dpy, img, DRM_FORMAT_ABGR8888);
	/* incomplete lists */
	assert_import_fails((const EGLint[]){ EGL_WIDTH, W, EGL_NONE }, EGL_NO_CONTEXT,
			    EGL_BAD_PARAMETER);
	assert_import_fails((const EGLint[]){ EGL_WIDTH, W, EGL_HEIGHT, H,
					      EGL_LINUX_DRM_FOURCC_EXT, DRM_FORMAT_ABGR8888,
					      EGL_DMA_BUF_PLANE0_FD_EXT, fd, EGL_NONE },
			    EGL_NO_CONTEXT, EGL_BAD_PARAMETER);
	/* a context, or a buffer, given */
	assert_import_fails(ATTRS(DRM_FORMAT_ABGR8888, fd, W * 4), a, EGL_BAD_PARAMETER);
	ck_assert_ptr_eq(create_image_khr(dpy, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT,
					  (EGLClientBuffer)&fd, ATTRS(DRM_FORMAT_ABGR8888, fd, W * 4)),
			 EGL_NO_IMAGE_KHR);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	/* a format EGL does not know: BAD_MATCH; planes it has not: BAD_ATTRIBUTE */
	assert_import_fails(ATTRS(DRM_FORMAT_NV12, fd, W * 4), EGL_NO_CONTEXT, EGL_BAD_MATCH);
	assert_import_fails(ATTRS(DRM_FORMAT_ABGR8888, fd, W * 4, EGL_DMA_BUF_PLANE1_FD_EXT, fd,),
			    EGL_NO_CONTEXT, EGL_BAD_ATTRIBUTE);
	assert_import_fails(ATTRS(DRM_FORMAT_ABGR8888, fd, W * 4, EGL_YUV_COLOR_SPACE_HINT_EXT, 7,),
			    EGL_NO_CONTEXT, EGL_BAD_ATTRIBUTE);
	/* a layout other than the buffer's */
	assert_import_fails(ATTRS(DRM_FORMAT_ABGR8888, fd, W * 4 + 64), EGL_NO_CONTEXT,
			    EGL_BAD_ACCESS);
	/* modifiers: LINEAR only, both halves */
	assert_import_fails(ATTRS(DRM_FORMAT_ABGR8888, fd, W * 4,
				  EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, 0,), EGL_NO_CONTEXT,
			    EGL_BAD_PARAMETER);
	assert_import_fails(ATTRS(DRM_FORMAT_ABGR8888, fd, W * 4,
				  EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, 1,
				  EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT, 0x01000000,), EGL_NO_CONTEXT,
			    EGL_BAD_MATCH);
	img = create_image_khr(dpy, EGL_NO_CONTEXT, EGL_LINUX_DMA_BUF_EXT, NULL,
			       ATTRS(DRM_FORMAT_ABGR8888, fd, W * 4,
				     EGL_DMA_BUF_PLANE0_MODIFIER_LO_EXT, 0,
				     EGL_DMA_BUF_PLANE0_MODIFIER_HI_EXT, 0,));
	ck_assert_ptr_ne(img, EGL_NO_IMAGE_KHR);
	destroy_image_khr(dpy, img);
	/* fds that are no dma-buf of this device: closed, a file, vgem's */
	close(fd);
	assert_import_fails(ATTRS(DRM_FORMAT_ABGR8888, fd, W * 4), EGL_NO_CONTEXT,
			    EGL_BAD_PARAMETER);
	fd = open("/proc/self/exe", O_RDONLY | O_CLOEXEC);
	assert_import_fails(ATTRS(DRM_FORMAT_ABGR8888, fd, W * 4), EGL_NO_CONTEXT,
			    EGL_BAD_PARAMETER);
	close(fd);
	vgem = vgem_dma_buf();
	ck_assert_msg(vgem >= 0, "no vgem dma-buf in the guest");
	assert_import_fails(ATTRS(DRM_FORMAT_XRGB8888, vgem, W * 4), EGL_NO_CONTEXT,
			    EGL_BAD_PARAMETER);
	close(vgem);
	egl_test_teardown();
	ck_assert_int_eq(count_fds(), fds_before);
#undef ATTRS
}
END_TEST

START_TEST(dma_buf_queries)
{
	PFNEGLQUERYDMABUFFORMATSEXTPROC formats_fn;
	PFNEGLQUERYDMABUFMODIFIERSEXTPROC modifiers_fn;
	EGLint formats[32], n = 0, n2 = 0;
	EGLuint64KHR mods[4] = { 99 };
	EGLBoolean external[4] = { EGL_TRUE };
	const uint32_t want[] = { DRM_FORMAT_XRGB8888, DRM_FORMAT_ARGB8888, DRM_FORMAT_XBGR8888,
				  DRM_FORMAT_ABGR8888, DRM_FORMAT_RGB565 };

	if (!egl_test_on_drm())
		return;
	GET_PROC(formats_fn, "eglQueryDmaBufFormatsEXT");
	GET_PROC(modifiers_fn, "eglQueryDmaBufModifiersEXT");
	ck_assert_int_eq(formats_fn(dpy, 0, NULL, &n), EGL_TRUE);
	ck_assert_int_ge(n, 5);
	ck_assert_int_eq(formats_fn(dpy, 32, formats, &n2), EGL_TRUE);
	ck_assert_int_eq(n, n2);
	for (size_t w = 0; w < sizeof(want) / sizeof(want[0]); w++) {
		bool found = false;

		for (EGLint i = 0; i < n; i++)
			found |= (uint32_t)formats[i] == want[w];
		ck_assert_msg(found, "format %08x not listed", want[w]);
		ck_assert_int_eq(modifiers_fn(dpy, (EGLint)want[w], 4, mods, external, &n2),
				 EGL_TRUE);
		/* implicit layout only (linear): no modifier listed, nothing written */
		ck_assert_int_eq(n2, 0);
		ck_assert_uint_eq(mods[0], 99);
		ck_assert_int_eq(external[0], EGL_TRUE);
	}
	ck_assert_int_eq(formats_fn(dpy, -1, formats, &n), EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
	ck_assert_int_eq(modifiers_fn(dpy, (EGLint)DRM_FORMAT_NV12, 4, mods, external, &n2),
			 EGL_FALSE);
	ck_assert_egl_error(EGL_BAD_PARAMETER);
}
END_TEST

static Suite *make_suite(void)
{
	Suite *s = suite_create("egl_image");
	TCase *tc = tcase_create("image");

	tcase_add_checked_fixture(tc, setup, egl_test_teardown);
	tcase_set_timeout(tc, 60);
	tcase_add_test(tc, extensions_listed);
	tcase_add_test(tc, texture_to_texture_in_other_context);
	tcase_add_test(tc, render_into_image_seen_by_source);
	tcase_add_test(tc, renderbuffer_image_sampled_elsewhere);
	tcase_add_test(tc, image_outlives_source);
	tcase_add_test(tc, external_texture_samples_image);
	tcase_add_test(tc, external_shader_needs_directive);
	tcase_add_test(tc, create_errors);
	tcase_add_test(tc, gl_errors);
	tcase_add_test(tc, dma_buf_absent_without_drm);
	tcase_add_test(tc, device_drm_nodes);
	tcase_add_test(tc, dma_buf_export_import_round_trip);
	tcase_add_test(tc, dma_buf_render_into_import);
	tcase_add_test(tc, dma_buf_bgra_sub_image);
	tcase_add_test(tc, dma_buf_import_errors);
	tcase_add_test(tc, dma_buf_queries);
	suite_add_tcase(s, tc);
	return s;
}

const struct egl_test_child egl_test_children[] = { { NULL, NULL } };

int main(int argc, char **argv)
{
	return egl_test_main(argc, argv, make_suite);
}
