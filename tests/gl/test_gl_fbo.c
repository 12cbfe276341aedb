/* SPDX-License-Identifier: MIT */
/*
 * Renderbuffers and framebuffer objects: render to a texture and sample it
 * in the same batch, depth renderbuffers and the depth test, glReadPixels
 * and glCopyTexImage2D from FBOs, cube faces and mip levels as attachments,
 * glCheckFramebufferStatus for incomplete combinations, the queries, the
 * GL errors of every entry point, depth-only (shadow-map) rendering, ES 2.0
 * rules, array layers (glFramebufferTextureLayer) and R8/RG8 read-back.
 */
#include <stdlib.h>
#include <string.h>

#include "gl_test_util.h"

/* EXT_texture_format_BGRA8888's tokens (gl2ext.h needs gl2.h's macros) */
#ifndef GL_BGRA_EXT
#define GL_BGRA_EXT 0x80E1
#endif
#ifndef GL_BGRA8_EXT
#define GL_BGRA8_EXT 0x93A1
#endif

#define FBO_FUNCS(X) \
	X(GenTextures, GENTEXTURES) X(DeleteTextures, DELETETEXTURES) X(BindTexture, BINDTEXTURE) \
	X(TexImage2D, TEXIMAGE2D) X(TexParameteri, TEXPARAMETERI) X(GenerateMipmap, GENERATEMIPMAP) \
	X(CopyTexImage2D, COPYTEXIMAGE2D) X(CopyTexSubImage2D, COPYTEXSUBIMAGE2D) \
	X(GenRenderbuffers, GENRENDERBUFFERS) X(DeleteRenderbuffers, DELETERENDERBUFFERS) \
	X(BindRenderbuffer, BINDRENDERBUFFER) X(IsRenderbuffer, ISRENDERBUFFER) \
	X(RenderbufferStorage, RENDERBUFFERSTORAGE) \
	X(GetRenderbufferParameteriv, GETRENDERBUFFERPARAMETERIV) \
	X(GenFramebuffers, GENFRAMEBUFFERS) X(DeleteFramebuffers, DELETEFRAMEBUFFERS) \
	X(BindFramebuffer, BINDFRAMEBUFFER) X(IsFramebuffer, ISFRAMEBUFFER) \
	X(FramebufferTexture2D, FRAMEBUFFERTEXTURE2D) \
	X(FramebufferRenderbuffer, FRAMEBUFFERRENDERBUFFER) \
	X(CheckFramebufferStatus, CHECKFRAMEBUFFERSTATUS) \
	X(GetFramebufferAttachmentParameteriv, GETFRAMEBUFFERATTACHMENTPARAMETERIV) \
	X(Uniform3f, UNIFORM3F) X(TexImage3D, TEXIMAGE3D) \
	X(FramebufferTextureLayer, FRAMEBUFFERTEXTURELAYER) \
	X(InvalidateFramebuffer, INVALIDATEFRAMEBUFFER) X(DrawBuffers, DRAWBUFFERS)

#define FBO_MEMBER(n, N) PFNGL##N##PROC n;
static struct { FBO_FUNCS(FBO_MEMBER) } fx;
#undef FBO_MEMBER

static void setup(void)
{
	glt_setup();
#define FBO_LOAD(n, N) \
	fx.n = (PFNGL##N##PROC)vgl_get_proc_address("gl" #n); \
	ck_assert_msg(fx.n != NULL, "gl" #n " missing");
	FBO_FUNCS(FBO_LOAD)
#undef FBO_LOAD
}

static const char *vs_color =
	"attribute vec2 pos;\n"
	"uniform float u_z;\n"
	"void main() { gl_Position = vec4(pos, u_z, 1.0); }\n";
static const char *fs_color =
	"precision mediump float;\n"
	"uniform vec4 u_color;\n"
	"void main() { gl_FragColor = u_color; }\n";
static const char *vs_tex =
	"attribute vec2 pos;\n"
	"varying vec2 uv;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); uv = pos * 0.5 + 0.5; }\n";
static const char *fs_tex =
	"precision mediump float;\n"
	"uniform sampler2D tex;\n"
	"varying vec2 uv;\n"
	"void main() { gl_FragColor = texture2D(tex, uv); }\n";
static const char *fs_cube =
	"precision mediump float;\n"
	"uniform samplerCube tex;\n"
	"uniform vec3 u_dir;\n"
	"void main() { gl_FragColor = textureCube(tex, u_dir); }\n";

static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };
static const float left[12] = { -1, -1, 0, -1, 0, 1, -1, -1, 0, 1, -1, 1 };

static GLuint program(const char *v, const char *f)
{
	GLuint p = glt_program(v, f);

	gl.BindAttribLocation(p, 0, "pos");
	gl.LinkProgram(p);
	gl.UseProgram(p);
	return p;
}

static void draw(const float *v)
{
	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, v);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
}

static void draw_color(GLuint p, const float *v, float z, float r, float g, float b)
{
	gl.UseProgram(p);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), r, g, b, 1);
	gl.Uniform1f(gl.GetUniformLocation(p, "u_z"), z);
	draw(v);
}

static GLuint color_texture(GLsizei w, GLsizei h)
{
	GLuint t;

	fx.GenTextures(1, &t);
	fx.BindTexture(GL_TEXTURE_2D, t);
	fx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	fx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	fx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, w, h, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	return t;
}

static GLuint fbo_with(GLuint tex)
{
	GLuint f;

	fx.GenFramebuffers(1, &f);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tex, 0);
	return f;
}

static GLuint renderbuffer(GLenum format, GLsizei w, GLsizei h)
{
	GLuint rb;

	fx.GenRenderbuffers(1, &rb);
	fx.BindRenderbuffer(GL_RENDERBUFFER, rb);
	fx.RenderbufferStorage(GL_RENDERBUFFER, format, w, h);
	return rb;
}

/* Render to a texture, then sample it on the surface: one batch, no flush between. */
START_TEST(t_render_to_texture)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint pc = program(vs_color, fs_color), pt = program(vs_tex, fs_tex);
	GLuint t = color_texture(16, 16), f = fbo_with(t);
	GLint v = -1;

	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.GetIntegerv(GL_FRAMEBUFFER_BINDING, &v);
	ck_assert_int_eq(v, (GLint)f);
	gl.Finish();
	vgl_context_reset_stats(G.ctx);
	gl.Viewport(0, 0, 16, 16);
	gl.ClearColor(0, 0, 1, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	draw_color(pc, left, 0, 1, 0, 0);          /* left half of the texture red */
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	gl.ClearColor(0, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.UseProgram(pt);
	gl.Uniform1i(gl.GetUniformLocation(pt, "tex"), 0);
	draw(full);
	ck_assert_uint_eq(st->submits, 0);
	glt_assert_pixel(4, 16, 255, 0, 0, 255);
	glt_assert_pixel(28, 16, 0, 0, 255, 255);
	/* and read straight from the FBO */
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	glt_assert_pixel(2, 2, 255, 0, 0, 255);
	glt_assert_pixel(12, 12, 0, 0, 255, 255);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteTextures(1, &t);
	gl.DeleteProgram(pc);
	gl.DeleteProgram(pt);
}
END_TEST

/* A draw FBO's description is kept between draws (vgl_fbo_status.c); every
 * change that moves its images must be seen by the next draw of the same
 * batch: another texture attached, the texture's storage made anew, a
 * renderbuffer's storage made anew, the draw buffers. */
static void expect_texel(GLuint tex, uint8_t r, uint8_t g, uint8_t b)
{
	GLuint f = fbo_with(tex);

	glt_assert_pixel(1, 1, r, g, b, 255);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	fx.DeleteFramebuffers(1, &f);
}

/* The two textures' colours (rgb, rgb) with framebuffer 0 bound; then
 * f, the textures and the program are deleted. */
static void expect_two(GLuint f, GLuint ta, GLuint tb, const uint8_t rgb[6], GLuint pc)
{
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	expect_texel(ta, rgb[0], rgb[1], rgb[2]);
	expect_texel(tb, rgb[3], rgb[4], rgb[5]);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteTextures(1, &ta);
	fx.DeleteTextures(1, &tb);
	gl.DeleteProgram(pc);
	gl.Viewport(0, 0, GLT_W, GLT_H);
}

START_TEST(t_changes_between_draws_of_one_batch)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint pc = program(vs_color, fs_color), ta = color_texture(8, 8), tb = color_texture(8, 8);
	GLuint f = fbo_with(ta), rb;

	gl.Viewport(0, 0, 8, 8);
	gl.Finish();
	vgl_context_reset_stats(G.ctx);
	draw_color(pc, full, 0, 1, 0, 0);                        /* ta red */
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, tb, 0);
	draw_color(pc, full, 0, 0, 1, 0);                        /* tb green */
	fx.BindTexture(GL_TEXTURE_2D, tb);                       /* tb's storage anew: 4x4 */
	fx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	draw_color(pc, full, 0, 0, 0, 1);                        /* tb blue */
	rb = renderbuffer(GL_RGBA8, 8, 8);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	draw_color(pc, full, 0, 1, 1, 0);
	fx.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, 8, 8);  /* anew: yellow lost */
	draw_color(pc, full, 0, 1, 0, 1);                        /* magenta */
	fx.DrawBuffers(1, (const GLenum[]){ GL_NONE });
	draw_color(pc, full, 0, 1, 1, 1);                        /* draws nowhere */
	ck_assert_uint_eq(st->submits, 0);
	fx.DrawBuffers(1, (const GLenum[]){ GL_COLOR_ATTACHMENT0 });
	glt_assert_pixel(1, 1, 255, 0, 255, 255);
	fx.DeleteRenderbuffers(1, &rb);
	expect_two(f, ta, tb, (const uint8_t[]){ 255, 0, 0, 0, 0, 255 }, pc);
}
END_TEST

/* A framebuffer deleted and a new one made in the same batch (the new one
 * may well live at the old one's address): the draw goes to the new one's
 * attachment, not to the kept description of the old. */
START_TEST(t_new_fbo_in_one_batch)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint pc = program(vs_color, fs_color), ta = color_texture(8, 8), tb = color_texture(8, 8);
	GLuint f = fbo_with(ta);

	gl.Viewport(0, 0, 8, 8);
	gl.Finish();
	vgl_context_reset_stats(G.ctx);
	draw_color(pc, full, 0, 1, 0, 0);                        /* ta red */
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	fx.DeleteFramebuffers(1, &f);
	f = fbo_with(tb);
	draw_color(pc, full, 0, 0, 1, 0);                        /* tb green */
	fx.DrawBuffers(1, (const GLenum[]){ GL_NONE });
	draw_color(pc, full, 0, 0, 0, 1);                        /* nowhere */
	fx.DrawBuffers(1, (const GLenum[]){ GL_COLOR_ATTACHMENT0 });
	ck_assert_uint_eq(st->submits, 0);
	expect_two(f, ta, tb, (const uint8_t[]){ 255, 0, 0, 0, 255, 0 }, pc);
}
END_TEST

/* Framebuffer 0's draw description is kept too: its draw buffer set to
 * GL_NONE and back, and an FBO drawn in between, in one batch. */
START_TEST(t_fb0_changes_in_one_batch)
{
	const struct vgl_stats *st = vgl_context_stats(G.ctx);
	GLuint pc = program(vs_color, fs_color), ta = color_texture(8, 8), f;

	gl.Finish();
	vgl_context_reset_stats(G.ctx);
	draw_color(pc, full, 0, 1, 0, 0);                        /* fb0 red */
	fx.DrawBuffers(1, (const GLenum[]){ GL_NONE });
	draw_color(pc, full, 0, 0, 1, 0);                        /* nowhere */
	fx.DrawBuffers(1, (const GLenum[]){ GL_BACK });
	f = fbo_with(ta);
	gl.Viewport(0, 0, 8, 8);
	draw_color(pc, full, 0, 0, 0, 1);                        /* ta blue */
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	ck_assert_uint_eq(st->submits, 0);
	glt_assert_pixel(1, 1, 255, 0, 0, 255);
	draw_color(pc, full, 0, 1, 1, 0);                        /* fb0 yellow */
	glt_assert_pixel(1, 1, 255, 255, 0, 255);
	expect_two(f, ta, ta, (const uint8_t[]){ 0, 0, 255, 0, 0, 255 }, pc);
}
END_TEST

/* A colour renderbuffer and a depth renderbuffer: the near quad wins. */
START_TEST(t_depth_renderbuffer)
{
	GLuint p = program(vs_color, fs_color), f;
	GLuint color = renderbuffer(GL_RGBA4, 8, 8), depth = renderbuffer(GL_DEPTH_COMPONENT16, 8, 8);
	GLint v = 0;

	fx.GenFramebuffers(1, &f);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, color);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, depth);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.GetIntegerv(GL_DEPTH_BITS, &v);
	ck_assert_int_eq(v, 16);
	gl.Viewport(0, 0, 8, 8);
	gl.ClearColor(0, 0, 0, 1);
	gl.ClearDepthf(1);
	gl.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	gl.Enable(GL_DEPTH_TEST);
	gl.DepthFunc(GL_LESS);
	draw_color(p, full, -0.5f, 0, 1, 0);       /* near, green, everywhere */
	draw_color(p, left, 0.5f, 1, 0, 0);        /* far, red: hidden */
	draw_color(p, left, -0.9f, 0, 0, 1);       /* nearer, blue: on the left */
	gl.Disable(GL_DEPTH_TEST);
	glt_assert_pixel(1, 4, 0, 0, 255, 255);
	glt_assert_pixel(6, 4, 0, 255, 0, 255);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteRenderbuffers(1, &color);
	fx.DeleteRenderbuffers(1, &depth);
	gl.DeleteProgram(p);
}
END_TEST

/*
 * The stencil test in an FBO, for each renderbuffer with stencil. A
 * STENCIL_INDEX8 one is a depth/stencil image underneath: the depth test,
 * enabled and set to fail on any depth left in the image, must act as
 * without a depth buffer (it passes). dEQP-GLES2 fbo.render.*_stencil_index8,
 * dEQP-GLES3 fbo.stencil.basic.*.
 */
static const struct {
	GLenum format, attachment;
	bool depth;
} stencil_rbs[] = {
	{ GL_DEPTH24_STENCIL8, GL_DEPTH_STENCIL_ATTACHMENT, true },
	{ GL_DEPTH32F_STENCIL8, GL_DEPTH_STENCIL_ATTACHMENT, true },
	{ GL_STENCIL_INDEX8, GL_STENCIL_ATTACHMENT, false },
};

START_TEST(t_stencil_renderbuffer)
{
	GLuint p = program(vs_color, fs_color), t = color_texture(8, 8), f = fbo_with(t);
	GLuint ds = renderbuffer(stencil_rbs[_i].format, 8, 8);

	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, stencil_rbs[_i].attachment, GL_RENDERBUFFER, ds);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.Viewport(0, 0, 8, 8);
	gl.ClearStencil(0);
	gl.ClearColor(0, 0, 0, 1);
	gl.ClearDepthf(stencil_rbs[_i].depth ? 1 : 0);
	gl.Clear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT | GL_STENCIL_BUFFER_BIT);
	gl.Enable(GL_DEPTH_TEST);
	gl.DepthFunc(GL_LESS);
	gl.Enable(GL_STENCIL_TEST);
	gl.StencilFunc(GL_ALWAYS, 1, 0xff);
	gl.StencilOp(GL_KEEP, GL_KEEP, GL_REPLACE);
	draw_color(p, left, 0, 1, 0, 0);           /* marks the left half */
	gl.StencilFunc(GL_EQUAL, 1, 0xff);
	gl.DepthFunc(GL_LEQUAL);
	draw_color(p, full, 0, 0, 1, 0);           /* green only where marked */
	gl.Disable(GL_STENCIL_TEST);
	gl.Disable(GL_DEPTH_TEST);
	glt_assert_pixel(1, 4, 0, 255, 0, 255);
	glt_assert_pixel(6, 4, 0, 0, 0, 255);
	ck_assert_int_eq(glt_geti(GL_STENCIL_BITS), 8);
	ck_assert_int_eq(glt_geti(GL_DEPTH_BITS) > 0, stencil_rbs[_i].depth);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteTextures(1, &t);
	fx.DeleteRenderbuffers(1, &ds);
	gl.DeleteProgram(p);
}
END_TEST

/* Render into one cube face and into mip level 1 (ES 3.0), read both back. */
START_TEST(t_cube_face_and_level)
{
	GLuint p = program(vs_color, fs_color), pc, t, f, t2;
	GLint v = -1;

	fx.GenTextures(1, &t);
	fx.BindTexture(GL_TEXTURE_CUBE_MAP, t);
	fx.TexParameteri(GL_TEXTURE_CUBE_MAP, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	for (GLenum face = 0; face < 6; face++)
		fx.TexImage2D(GL_TEXTURE_CUBE_MAP_POSITIVE_X + face, 0, GL_RGBA, 4, 4, 0, GL_RGBA,
			      GL_UNSIGNED_BYTE, NULL);
	fx.GenFramebuffers(1, &f);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_CUBE_MAP_POSITIVE_Y,
				t, 0);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_CUBE_MAP_FACE, &v);
	ck_assert_int_eq(v, GL_TEXTURE_CUBE_MAP_POSITIVE_Y);
	gl.Viewport(0, 0, 4, 4);
	draw_color(p, full, 0, 1, 1, 0);
	glt_assert_pixel(1, 1, 255, 255, 0, 255);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	pc = program(vs_tex, fs_cube);
	gl.Uniform1i(gl.GetUniformLocation(pc, "tex"), 0);
	fx.Uniform3f(gl.GetUniformLocation(pc, "u_dir"), 0, 1, 0);
	draw(full);
	glt_assert_pixel(16, 16, 255, 255, 0, 255);
	/* level 1 of a 2D texture */
	t2 = color_texture(8, 8);
	fx.GenerateMipmap(GL_TEXTURE_2D);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t2, 1);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.Viewport(0, 0, 4, 4);
	draw_color(p, full, 0, 1, 0, 1);
	glt_assert_pixel(3, 3, 255, 0, 255, 255);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteTextures(1, &t);
	fx.DeleteTextures(1, &t2);
	gl.DeleteProgram(p);
	gl.DeleteProgram(pc);
}
END_TEST

/* glCopyTexImage2D reads the bound FBO. */
START_TEST(t_copy_from_fbo)
{
	GLuint p = program(vs_color, fs_color), pt, src = color_texture(8, 8), f = fbo_with(src), dst;

	gl.Viewport(0, 0, 8, 8);
	gl.ClearColor(1, 1, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	fx.GenTextures(1, &dst);
	fx.BindTexture(GL_TEXTURE_2D, dst);
	fx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	fx.CopyTexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 0, 0, 8, 8, 0);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	pt = program(vs_tex, fs_tex);
	draw(full);
	glt_assert_pixel(16, 16, 255, 255, 0, 255);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteTextures(1, &src);
	fx.DeleteTextures(1, &dst);
	gl.DeleteProgram(p);
	gl.DeleteProgram(pt);
}
END_TEST

/* Texel x of a 4-wide texture drawn over the window: the window pixel at its centre. */
static int texel_pixel(int x)
{
	return x * GLT_W / 4 + GLT_W / 8;
}

/*
 * glCopyTex(Sub)Image2D into ALPHA and LUMINANCE_ALPHA textures take the
 * source's alpha (and red): those are R/RG images a blit would fill with red
 * and green. The source: (40, 80, 120, 160) left of x = 4, (200, 0, 0, 60)
 * right. dEQP-GLES2/3 texture.specification.basic_copytex(sub)image2d.*_alpha.
 */
START_TEST(t_copy_to_alpha_formats)
{
	static const uint8_t zeros[4 * 4 * 2];
	GLuint src = color_texture(8, 4), f = fbo_with(src), a, la, p;

	gl.Viewport(0, 0, 8, 4);
	gl.ClearColor(40 / 255.0f, 80 / 255.0f, 120 / 255.0f, 160 / 255.0f);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Enable(GL_SCISSOR_TEST);
	gl.Scissor(4, 0, 4, 4);
	gl.ClearColor(200 / 255.0f, 0, 0, 60 / 255.0f);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	gl.Disable(GL_SCISSOR_TEST);
	a = glt_texture(GL_TEXTURE_2D);
	fx.CopyTexImage2D(GL_TEXTURE_2D, 0, GL_ALPHA, 2, 0, 4, 4, 0);
	la = glt_texture(GL_TEXTURE_2D);
	fx.TexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE_ALPHA, 4, 4, 0, GL_LUMINANCE_ALPHA,
		      GL_UNSIGNED_BYTE, zeros);
	fx.CopyTexSubImage2D(GL_TEXTURE_2D, 0, 1, 0, 3, 0, 2, 4);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	p = program(vs_tex, fs_tex);
	fx.BindTexture(GL_TEXTURE_2D, a);
	draw(full);
	glt_assert_pixel(texel_pixel(1), 16, 0, 0, 0, 160);
	glt_assert_pixel(texel_pixel(2), 16, 0, 0, 0, 60);
	fx.BindTexture(GL_TEXTURE_2D, la);
	draw(full);
	glt_assert_pixel(texel_pixel(0), 16, 0, 0, 0, 0);
	glt_assert_pixel(texel_pixel(1), 16, 40, 40, 40, 160);
	glt_assert_pixel(texel_pixel(2), 16, 200, 200, 200, 60);
	glt_assert_pixel(texel_pixel(3), 16, 0, 0, 0, 0);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteTextures(1, &src);
	fx.DeleteTextures(1, &a);
	fx.DeleteTextures(1, &la);
	gl.DeleteProgram(p);
}
END_TEST

/* A depth-only FBO (shadow-map style): render depth into a texture, sample it. */
START_TEST(t_depth_texture_target)
{
	GLuint p = program(vs_color, fs_color), pt, t, f;
	uint8_t px[4];

	fx.GenTextures(1, &t);
	fx.BindTexture(GL_TEXTURE_2D, t);
	fx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	fx.TexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	fx.TexImage2D(GL_TEXTURE_2D, 0, GL_DEPTH_COMPONENT24, 8, 8, 0, GL_DEPTH_COMPONENT,
		      GL_UNSIGNED_INT, NULL);
	fx.GenFramebuffers(1, &f);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_TEXTURE_2D, t, 0);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.Viewport(0, 0, 8, 8);
	gl.ClearDepthf(1);
	gl.Clear(GL_DEPTH_BUFFER_BIT);
	gl.Enable(GL_DEPTH_TEST);
	draw_color(p, left, 0.0f, 1, 1, 1);        /* window depth 0.5 on the left */
	gl.Disable(GL_DEPTH_TEST);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	pt = program(vs_tex, fs_tex);
	gl.Uniform1i(gl.GetUniformLocation(pt, "tex"), 0);
	draw(full);
	glt_pixel(4, 16, px);
	ck_assert_msg(abs(px[0] - 128) <= 1, "depth read as %u", px[0]);
	glt_pixel(28, 16, px);
	ck_assert_int_eq(px[0], 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
	gl.DeleteProgram(pt);
}
END_TEST

/* ES 2.0: attachments of different sizes, and levels other than 0. */
/* NV_fbo_color_attachments: COLOR_ATTACHMENT1.. in an ES 2.0 context, counted
 * by GL_MAX_COLOR_ATTACHMENTS_NV; the framebuffer is complete and draws go to
 * attachment 0. */
static void es2_color_attachments(void)
{
	GLuint t0 = color_texture(4, 4), t1 = color_texture(4, 4), f;
	GLint max = 0;

	ck_assert_ptr_nonnull(strstr((const char *)gl.GetString(GL_EXTENSIONS),
				     "GL_NV_fbo_color_attachments"));
	gl.GetIntegerv(GL_MAX_COLOR_ATTACHMENTS, &max);
	ck_assert_int_ge(max, 2);
	f = fbo_with(t0);
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_TEXTURE_2D, t1, 0);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + (GLenum)max, GL_TEXTURE_2D,
				t1, 0);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteTextures(1, &t0);
	fx.DeleteTextures(1, &t1);
}

START_TEST(t_es2_rules)
{
	struct vgl_context_info ci = { .major = 2, .minor = 0 };
	struct vgl_context *c;
	GLuint t, f, rb;

	ck_assert_int_eq(vgl_context_create(G.dev, &ci, &c), VGL_OK);
	ck_assert_int_eq(vgl_make_current(c, G.surf, G.surf), VGL_OK);
	t = color_texture(4, 4);
	f = fbo_with(t);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	rb = renderbuffer(GL_DEPTH_COMPONENT16, 2, 2);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER),
			 GL_FRAMEBUFFER_INCOMPLETE_DIMENSIONS);
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, -1);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);  /* level 1 is OES_fbo_render_mipmap's */
	fx.RenderbufferStorage(GL_RENDERBUFFER, GL_RGB10_A2, 2, 2);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);   /* not an ES 2.0 one */
	fx.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, 2, 2);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);       /* OES_packed_depth_stencil */
	fx.BindFramebuffer(GL_READ_FRAMEBUFFER, 0);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteRenderbuffers(1, &rb);
	fx.DeleteTextures(1, &t);
	es2_color_attachments();
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	vgl_context_destroy(c);
}
END_TEST

/* ES 3.0: render into layer 1 of a 2D array; 3D slices past the first are unsupported. */
START_TEST(t_texture_layer)
{
	static const char *vs3 =
		"#version 300 es\n"
		"layout(location = 0) in vec2 pos;\n"
		"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
	static const char *fs_array =
		"#version 300 es\n"
		"precision mediump float;\n"
		"uniform mediump sampler2DArray tex;\n"
		"uniform vec3 u_at;\n"
		"out vec4 o;\n"
		"void main() { o = texture(tex, u_at); }\n";
	GLuint p = program(vs_color, fs_color), pa, t, t3, f;
	GLint v = -1;

	fx.GenTextures(1, &t);
	fx.BindTexture(GL_TEXTURE_2D_ARRAY, t);
	fx.TexParameteri(GL_TEXTURE_2D_ARRAY, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	fx.TexImage3D(GL_TEXTURE_2D_ARRAY, 0, GL_RGBA8, 4, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fx.GenFramebuffers(1, &f);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	gl.Viewport(0, 0, 4, 4);
	fx.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 0);
	gl.ClearColor(1, 0, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	fx.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 1);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LAYER, &v);
	ck_assert_int_eq(v, 1);
	draw_color(p, full, 0, 0, 1, 0);
	glt_assert_pixel(1, 1, 0, 255, 0, 255);      /* read from layer 1 */
	fx.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t, 0, 2);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER),
			 GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);   /* no layer 2 */
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	pa = program(vs3, fs_array);
	gl.Uniform1i(gl.GetUniformLocation(pa, "tex"), 0);
	fx.Uniform3f(gl.GetUniformLocation(pa, "u_at"), 0.5f, 0.5f, 0.0f);
	draw(full);
	glt_assert_pixel(16, 16, 255, 0, 0, 255);
	fx.Uniform3f(gl.GetUniformLocation(pa, "u_at"), 0.5f, 0.5f, 1.0f);
	draw(full);
	glt_assert_pixel(16, 16, 0, 255, 0, 255);
	/* 3D: every slice renders, each apart from the others */
	fx.GenTextures(1, &t3);
	fx.BindTexture(GL_TEXTURE_3D, t3);
	fx.TexImage3D(GL_TEXTURE_3D, 0, GL_RGBA8, 4, 4, 2, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	gl.Viewport(0, 0, 4, 4);
	fx.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3, 0, 0);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	gl.ClearColor(1, 1, 0, 1);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	fx.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3, 0, 1);
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
	draw_color(p, full, 0, 0, 0, 1);
	glt_assert_pixel(1, 1, 0, 0, 255, 255);      /* slice 1 */
	fx.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3, 0, 0);
	glt_assert_pixel(1, 1, 255, 255, 0, 255);    /* slice 0 kept its clear */
	/* errors */
	fx.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, t3, 0, -1);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_VALUE);
	fx.FramebufferTextureLayer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, 999, 0, 0);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_OPERATION);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteTextures(1, &t);
	fx.DeleteTextures(1, &t3);
	gl.DeleteProgram(p);
	gl.DeleteProgram(pa);
}
END_TEST

/* ES 3.0 R8 and RG8 are colour-renderable: render, then read back as RGBA. */
/* Draws colour (r, g, b) into a 4x4 renderbuffer of each format and reads
 * the pixel back: complete, rendered, want[i] per format. */
static void render_into_renderbuffers(const GLenum *formats, int n, const float rgb[3],
				      const uint8_t (*want)[4])
{
	GLuint p = program(vs_color, fs_color), rb, f;

	fx.GenFramebuffers(1, &f);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	gl.Viewport(0, 0, 4, 4);
	for (int i = 0; i < n; i++) {
		rb = renderbuffer(formats[i], 4, 4);
		ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
		fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
		ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), GL_FRAMEBUFFER_COMPLETE);
		draw_color(p, full, 0, rgb[0], rgb[1], rgb[2]);
		glt_assert_pixel(2, 2, want[i][0], want[i][1], want[i][2], want[i][3]);
		fx.DeleteRenderbuffers(1, &rb);
	}
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	fx.DeleteFramebuffers(1, &f);
	gl.DeleteProgram(p);
}

START_TEST(t_small_formats)
{
	static const GLenum formats[2] = { GL_R8, GL_RG8 };
	static const uint8_t want[2][4] = { { 255, 0, 0, 255 }, { 255, 255, 0, 255 } };

	render_into_renderbuffers(formats, 2, (const float[3]){ 1, 1, 1 }, want);
}
END_TEST

/* EXT_texture_format_BGRA8888 renderbuffers, sized and unsized (GL_BGRA_EXT,
 * as dEQP-GLES2 stores them): complete and rendered into. */
START_TEST(t_bgra_renderbuffers)
{
	static const GLenum formats[2] = { GL_BGRA8_EXT, GL_BGRA_EXT };
	static const uint8_t want[2][4] = { { 0, 255, 0, 255 }, { 0, 255, 0, 255 } };

	render_into_renderbuffers(formats, 2, (const float[3]){ 0, 1, 0 }, want);
}
END_TEST

#define EXPECT_STATUS(s) ck_assert_int_eq(fx.CheckFramebufferStatus(GL_FRAMEBUFFER), s)

START_TEST(t_status)
{
	GLuint f, t, lum, rb16, rbs, rbc, small;
	/* the 4x4 luminance image below: 16 texels */
	static const uint8_t lum_texels[4 * 4] = { 1, 2, 3, 4 };

	fx.GenFramebuffers(1, &f);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	EXPECT_STATUS(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
	gl.DrawArrays(GL_TRIANGLES, 0, 3);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
	gl.ReadPixels(0, 0, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, (uint8_t[4]){ 0 });
	ck_assert_int_eq(gl.GetError(), GL_INVALID_FRAMEBUFFER_OPERATION);
	/* a texture without an image */
	fx.GenTextures(1, &t);
	fx.BindTexture(GL_TEXTURE_2D, t);
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	EXPECT_STATUS(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
	fx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, 4, 4, 0, GL_RGBA, GL_UNSIGNED_BYTE, NULL);
	EXPECT_STATUS(GL_FRAMEBUFFER_COMPLETE);
	/* luminance is not colour-renderable */
	fx.GenTextures(1, &lum);
	fx.BindTexture(GL_TEXTURE_2D, lum);
	fx.TexImage2D(GL_TEXTURE_2D, 0, GL_LUMINANCE, 4, 4, 0, GL_LUMINANCE, GL_UNSIGNED_BYTE,
		      lum_texels);
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, lum, 0);
	EXPECT_STATUS(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
	/* a depth format as colour, a colour format as depth */
	rb16 = renderbuffer(GL_DEPTH_COMPONENT16, 4, 4);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb16);
	EXPECT_STATUS(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
	rbc = renderbuffer(GL_RGB565, 4, 4);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rbc);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rbc);
	EXPECT_STATUS(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, rb16);
	EXPECT_STATUS(GL_FRAMEBUFFER_COMPLETE);
	/* separate depth and stencil images: allowed to be unsupported, and are here */
	rbs = renderbuffer(GL_STENCIL_INDEX8, 4, 4);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, rbs);
	EXPECT_STATUS(GL_FRAMEBUFFER_UNSUPPORTED);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_STENCIL_ATTACHMENT, GL_RENDERBUFFER, 0);
	/* a second colour attachment (ES 3.0: rendered to, test_gl_mrt.c) */
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, rbc);
	EXPECT_STATUS(GL_FRAMEBUFFER_COMPLETE);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT1, GL_RENDERBUFFER, 0);
	/* a renderbuffer without storage */
	fx.GenRenderbuffers(1, &small);
	fx.BindRenderbuffer(GL_RENDERBUFFER, small);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT, GL_RENDERBUFFER, small);
	EXPECT_STATUS(GL_FRAMEBUFFER_INCOMPLETE_ATTACHMENT);
	/* ES 3.0: different sizes are complete (the smallest area renders) */
	fx.RenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH_COMPONENT16, 2, 2);
	EXPECT_STATUS(GL_FRAMEBUFFER_COMPLETE);
	/* bad target */
	ck_assert_int_eq(fx.CheckFramebufferStatus(GL_TEXTURE_2D), 0);
	ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	/* deleting an attached renderbuffer detaches it from the bound FBO */
	fx.DeleteRenderbuffers(1, &rbc);
	EXPECT_STATUS(GL_FRAMEBUFFER_COMPLETE);   /* depth only */
	fx.DeleteRenderbuffers(1, &small);
	EXPECT_STATUS(GL_FRAMEBUFFER_INCOMPLETE_MISSING_ATTACHMENT);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	EXPECT_STATUS(GL_FRAMEBUFFER_COMPLETE);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteTextures(1, &t);
	fx.DeleteTextures(1, &lum);
	fx.DeleteRenderbuffers(1, &rb16);
	fx.DeleteRenderbuffers(1, &rbs);
}
END_TEST

START_TEST(t_queries)
{
	GLuint rb = renderbuffer(GL_RGB565, 5, 3), t = color_texture(4, 4), f = fbo_with(t);
	GLint v = -1;

	ck_assert(fx.IsRenderbuffer(rb));
	ck_assert(fx.IsFramebuffer(f));
	fx.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v);
	ck_assert_int_eq(v, 5);
	fx.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_HEIGHT, &v);
	ck_assert_int_eq(v, 3);
	fx.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_INTERNAL_FORMAT, &v);
	ck_assert_int_eq(v, GL_RGB565);
	fx.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_GREEN_SIZE, &v);
	ck_assert_int_eq(v, 6);
	fx.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_DEPTH_SIZE, &v);
	ck_assert_int_eq(v, 0);
	gl.GetIntegerv(GL_RENDERBUFFER_BINDING, &v);
	ck_assert_int_eq(v, (GLint)rb);
	fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
	ck_assert_int_eq(v, GL_TEXTURE);
	fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_OBJECT_NAME, &v);
	ck_assert_int_eq(v, (GLint)t);
	fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v);
	ck_assert_int_eq(v, 0);
	fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE, &v);
	ck_assert_int_eq(v, 8);
	gl.GetIntegerv(GL_RED_BITS, &v);
	ck_assert_int_eq(v, 8);
	fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_DEPTH_ATTACHMENT,
					       GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
	ck_assert_int_eq(v, GL_NONE);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
	fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
	ck_assert_int_eq(v, GL_RENDERBUFFER);
	/* deleting the bound FBO binds 0; deleting the bound renderbuffer unbinds it */
	fx.DeleteFramebuffers(1, &f);
	gl.GetIntegerv(GL_FRAMEBUFFER_BINDING, &v);
	ck_assert_int_eq(v, 0);
	ck_assert(!fx.IsFramebuffer(f));
	fx.DeleteRenderbuffers(1, &rb);
	gl.GetIntegerv(GL_RENDERBUFFER_BINDING, &v);
	ck_assert_int_eq(v, 0);
	ck_assert(!fx.IsRenderbuffer(rb));
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fx.DeleteTextures(1, &t);
}
END_TEST

/* An FBO with one colour renderbuffer of `format`, 8x8, bound; its name in *rb. */
static GLuint fbo_rb(GLenum format, GLuint *rb)
{
	GLuint f;

	*rb = renderbuffer(format, 8, 8);
	fx.GenFramebuffers(1, &f);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, *rb);
	return f;
}

/*
 * An RGB8 colour buffer is an RGBA8 image whose alpha GL never sees: it
 * reads back as 1 and blends as a destination alpha of 1, whatever clears,
 * draws and blits bring (a fresh image included). GL_RGB textures as
 * attachments alike. dEQP-GLES3 fbo.color.clear.rgb8, color.blend.rgb8_src_over,
 * fbo.blit.conversion.*rgb8*, dEQP-GLES2 fbo.render.recreate_colorbuffer.*tex2d_rgb*.
 */
START_TEST(t_rgb_buffers_keep_alpha_one)
{
	PFNGLBLITFRAMEBUFFERPROC blit = glt_proc("glBlitFramebuffer");
	GLuint p = program(vs_color, fs_color), rb[2], t, f[3];

	f[0] = fbo_rb(GL_RGBA8, &rb[0]);
	f[1] = fbo_rb(GL_RGB8, &rb[1]);

	gl.Viewport(0, 0, 8, 8);
	glt_assert_pixel(1, 1, 0, 0, 0, 255);       /* fresh: alpha 1 already */
	gl.ClearColor(0.2f, 0.4f, 0.6f, 0.0f);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	glt_assert_pixel(1, 1, 51, 102, 153, 255);
	/* destination alpha 1: GL_DST_ALPHA keeps the source whole */
	gl.Enable(GL_BLEND);
	gl.BlendFunc(GL_DST_ALPHA, GL_ZERO);
	gl.Uniform4f(gl.GetUniformLocation(p, "u_color"), 1, 0, 0, 0);
	gl.Uniform1f(gl.GetUniformLocation(p, "u_z"), 0);
	draw(full);
	gl.Disable(GL_BLEND);
	glt_assert_pixel(1, 1, 255, 0, 0, 255);
	/* a blit brings no alpha along */
	fx.BindFramebuffer(GL_FRAMEBUFFER, f[0]);
	gl.Clear(GL_COLOR_BUFFER_BIT);
	fx.BindFramebuffer(GL_DRAW_FRAMEBUFFER, f[1]);
	blit(0, 0, 8, 8, 0, 0, 8, 8, GL_COLOR_BUFFER_BIT, GL_NEAREST);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f[1]);
	glt_assert_pixel(1, 1, 51, 102, 153, 255);
	/* a GL_RGB texture level made without data, drawn with alpha 0 */
	fx.GenTextures(1, &t);
	fx.BindTexture(GL_TEXTURE_2D, t);
	fx.TexImage2D(GL_TEXTURE_2D, 0, GL_RGB, 8, 8, 0, GL_RGB, GL_UNSIGNED_BYTE, NULL);
	f[2] = fbo_with(t);
	draw(full);
	glt_assert_pixel(1, 1, 255, 0, 0, 255);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	gl.Viewport(0, 0, GLT_W, GLT_H);
	fx.DeleteFramebuffers(3, f);
	fx.DeleteRenderbuffers(2, rb);
	fx.DeleteTextures(1, &t);
	gl.DeleteProgram(p);
}
END_TEST

static GLint default_param(GLenum attachment, GLenum pname)
{
	GLint v = -1;

	fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, attachment, pname, &v);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	return v;
}

/*
 * ES 3.0 §6.1.13: framebuffer 0's buffers (the fixture's RGBA8 + D24S8
 * pbuffer) answer as GL_FRAMEBUFFER_DEFAULT; a texture attached with no
 * level specified has no component type. dEQP-GLES3 negative_api.state.
 * get_framebuffer_attachment_parameteriv, state_query.fbo.*.
 */
START_TEST(t_default_framebuffer_queries)
{
	GLuint t, f;

	ck_assert_int_eq(default_param(GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE),
			 GL_FRAMEBUFFER_DEFAULT);
	ck_assert_int_eq(default_param(GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_ALPHA_SIZE), 8);
	ck_assert_int_eq(default_param(GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE), 0);
	ck_assert_int_eq(default_param(GL_BACK, GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE),
			 GL_UNSIGNED_NORMALIZED);
	ck_assert_int_eq(default_param(GL_DEPTH, GL_FRAMEBUFFER_ATTACHMENT_DEPTH_SIZE), 24);
	ck_assert_int_eq(default_param(GL_DEPTH, GL_FRAMEBUFFER_ATTACHMENT_RED_SIZE), 0);
	ck_assert_int_eq(default_param(GL_STENCIL, GL_FRAMEBUFFER_ATTACHMENT_STENCIL_SIZE), 8);
	ck_assert_int_eq(default_param(GL_STENCIL, GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE),
			 GL_FRAMEBUFFER_DEFAULT);
	fx.GenTextures(1, &t);
	fx.BindTexture(GL_TEXTURE_2D, t);
	f = fbo_with(t);
	ck_assert_int_eq(default_param(GL_COLOR_ATTACHMENT0,
				       GL_FRAMEBUFFER_ATTACHMENT_COMPONENT_TYPE), GL_NONE);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteTextures(1, &t);
}
END_TEST

#define EXPECT(call, err) do { call; ck_assert_int_eq(gl.GetError(), err); } while (0)

START_TEST(t_errors)
{
	GLuint f, rb, t = color_texture(4, 4), cube;
	GLint v;

	EXPECT(fx.GenFramebuffers(-1, &f), GL_INVALID_VALUE);
	EXPECT(fx.DeleteFramebuffers(-1, &f), GL_INVALID_VALUE);
	EXPECT(fx.GenRenderbuffers(-1, &rb), GL_INVALID_VALUE);
	EXPECT(fx.DeleteRenderbuffers(-1, &rb), GL_INVALID_VALUE);
	EXPECT(fx.BindFramebuffer(GL_RENDERBUFFER, 0), GL_INVALID_ENUM);
	EXPECT(fx.BindRenderbuffer(GL_FRAMEBUFFER, 0), GL_INVALID_ENUM);
	/* framebuffer 0 takes no attachments */
	EXPECT(fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0),
	       GL_INVALID_OPERATION);
	EXPECT(fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
						      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v),
	       GL_INVALID_OPERATION);
	/* renderbuffer storage */
	EXPECT(fx.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, 4, 4), GL_INVALID_OPERATION);
	EXPECT(fx.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_RENDERBUFFER_WIDTH, &v),
	       GL_INVALID_OPERATION);
	fx.GenRenderbuffers(1, &rb);
	fx.BindRenderbuffer(GL_RENDERBUFFER, rb);
	EXPECT(fx.RenderbufferStorage(GL_TEXTURE_2D, GL_RGBA4, 4, 4), GL_INVALID_ENUM);
	EXPECT(fx.RenderbufferStorage(GL_RENDERBUFFER, GL_LUMINANCE, 4, 4), GL_INVALID_ENUM);
	EXPECT(fx.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, -1, 4), GL_INVALID_VALUE);
	EXPECT(fx.RenderbufferStorage(GL_RENDERBUFFER, GL_RGBA4, 1 << 20, 4), GL_INVALID_VALUE);
	EXPECT(fx.GetRenderbufferParameteriv(GL_RENDERBUFFER, GL_TEXTURE_2D, &v), GL_INVALID_ENUM);
	/* attachments */
	fx.GenFramebuffers(1, &f);
	fx.BindFramebuffer(GL_FRAMEBUFFER, f);
	EXPECT(fx.FramebufferTexture2D(GL_RENDERBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0),
	       GL_INVALID_ENUM);
	EXPECT(fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0 + 4, GL_TEXTURE_2D, t,
				       0), GL_INVALID_ENUM);  /* past GL_MAX_COLOR_ATTACHMENTS (4) */
	EXPECT(fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_3D, t, 0),
	       GL_INVALID_ENUM);
	EXPECT(fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, 999, 0),
	       GL_INVALID_OPERATION);
	EXPECT(fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
				       GL_TEXTURE_CUBE_MAP_POSITIVE_X, t, 0),
	       GL_INVALID_OPERATION);                   /* t is a 2D texture */
	EXPECT(fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, -1),
	       GL_INVALID_VALUE);
	fx.GenTextures(1, &cube);
	fx.BindTexture(GL_TEXTURE_CUBE_MAP, cube);
	EXPECT(fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, cube, 0),
	       GL_INVALID_OPERATION);
	EXPECT(fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, rb),
	       GL_INVALID_ENUM);
	EXPECT(fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, 999),
	       GL_INVALID_OPERATION);
	EXPECT(fx.FramebufferRenderbuffer(GL_FRAMEBUFFER, GL_BACK, GL_RENDERBUFFER, rb),
	       GL_INVALID_ENUM);
	EXPECT(fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_BACK,
						      GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v),
	       GL_INVALID_ENUM);
	/* ES 3.0: nothing attached, OBJECT_NAME is 0 and the rest INVALID_OPERATION */
	EXPECT(fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
						      GL_FRAMEBUFFER_ATTACHMENT_TEXTURE_LEVEL, &v),
	       GL_INVALID_OPERATION);
	fx.FramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D, t, 0);
	EXPECT(fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
						      GL_TEXTURE_2D, &v), GL_INVALID_ENUM);
	/* invalidation: a hint, but its arguments are checked */
	EXPECT(fx.InvalidateFramebuffer(GL_FRAMEBUFFER, 1, (const GLenum[]){ GL_COLOR_ATTACHMENT0 }),
	       GL_NO_ERROR);
	EXPECT(fx.InvalidateFramebuffer(GL_FRAMEBUFFER, 1, (const GLenum[]){ GL_COLOR }),
	       GL_INVALID_ENUM);                  /* default-framebuffer names on an FBO */
	EXPECT(fx.InvalidateFramebuffer(GL_FRAMEBUFFER, -1, NULL), GL_INVALID_VALUE);
	EXPECT(fx.InvalidateFramebuffer(GL_TEXTURE_2D, 0, NULL), GL_INVALID_ENUM);
	/* deleting an attached texture detaches it */
	fx.DeleteTextures(1, &t);
	fx.GetFramebufferAttachmentParameteriv(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0,
					       GL_FRAMEBUFFER_ATTACHMENT_OBJECT_TYPE, &v);
	ck_assert_int_eq(v, GL_NONE);
	fx.BindFramebuffer(GL_FRAMEBUFFER, 0);
	fx.DeleteFramebuffers(1, &f);
	fx.DeleteRenderbuffers(1, &rb);
	fx.DeleteTextures(1, &cube);
}
END_TEST

static Suite *suite(void)
{
	Suite *s = suite_create("gl_fbo");
	TCase *tc = tcase_create("fbo");

	tcase_set_timeout(tc, 60);
	tcase_add_checked_fixture(tc, setup, glt_teardown);
	tcase_add_test(tc, t_render_to_texture);
	tcase_add_test(tc, t_changes_between_draws_of_one_batch);
	tcase_add_test(tc, t_new_fbo_in_one_batch);
	tcase_add_test(tc, t_fb0_changes_in_one_batch);
	tcase_add_test(tc, t_depth_renderbuffer);
	tcase_add_loop_test(tc, t_stencil_renderbuffer, 0, sizeof(stencil_rbs) / sizeof(stencil_rbs[0]));
	tcase_add_test(tc, t_cube_face_and_level);
	tcase_add_test(tc, t_copy_from_fbo);
	tcase_add_test(tc, t_copy_to_alpha_formats);
	tcase_add_test(tc, t_status);
	tcase_add_test(tc, t_queries);
	tcase_add_test(tc, t_default_framebuffer_queries);
	tcase_add_test(tc, t_rgb_buffers_keep_alpha_one);
	tcase_add_test(tc, t_errors);
	tcase_add_test(tc, t_depth_texture_target);
	tcase_add_test(tc, t_es2_rules);
	tcase_add_test(tc, t_texture_layer);
	tcase_add_test(tc, t_small_formats);
	tcase_add_test(tc, t_bgra_renderbuffers);
	suite_add_tcase(s, tc);
	return s;
}

int main(void)
{
	return glt_main(suite);
}
