/* SPDX-License-Identifier: MIT */
#include "gl_test_util.h"

#include <GLES3/gl31.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check_run.h"
#include "vtest_fixture.h"

struct glt G;
struct glt_gl gl;

static struct vtest_fixture server;

void *glt_proc(const char *name)
{
	void *p = vgl_get_proc_address(name);

	ck_assert_msg(p != NULL, "%s missing", name);
	return p;
}

void glt_load(struct glt_gl *out)
{
#define GLT_LOAD(n, N)                                                        \
	out->n = (PFNGL##N##PROC)vgl_get_proc_address("gl" #n);             \
	ck_assert_msg(out->n != NULL, "gl" #n " missing");
	GLT_FUNCS(GLT_LOAD)
#undef GLT_LOAD
}

void glt_setup(void)
{
	glt_setup_version(3, 0);
}

void glt_setup_version(uint32_t major, uint32_t minor)
{
	struct vgl_surface_info si = { .width = GLT_W, .height = GLT_H,
				       .color = VK_FORMAT_R8G8B8A8_UNORM,
				       .depth_stencil = VK_FORMAT_D24_UNORM_S8_UINT };
	struct vgl_context_info ci = { .major = major, .minor = minor };

	ck_assert(vgl_device_available());
	ck_assert_int_eq(vgl_device_get(&G.dev), VGL_OK);
	ck_assert_int_eq(vgl_surface_create(G.dev, &si, &G.surf), VGL_OK);
	ck_assert_int_eq(vgl_context_create(G.dev, &ci, &G.ctx), VGL_OK);
	ck_assert_int_eq(vgl_make_current(G.ctx, G.surf, G.surf), VGL_OK);
	glt_load(&gl);
}

void glt_teardown(void)
{
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
	vgl_make_current(NULL, NULL, NULL);
	vgl_context_destroy(G.ctx);
	vgl_surface_destroy(G.surf);
	vgl_device_put(G.dev);
	memset(&G, 0, sizeof(G));
}

int glt_main(Suite *(*make_suite)(void))
{
	const char *t = getenv("VIRTGL_TRANSPORT");
	bool use_drm = t && strcmp(t, "drm") == 0;
	int ret;

	if (!use_drm) {
		if (vtest_fixture_start(&server))
			return EXIT_FAILURE; /* no server is a failure, never a skip */
		setenv("VIRTGL_TRANSPORT", "vtest", 1);
		setenv("VIRTGL_VTEST_SOCKET", server.socket, 1);
	}
	ret = check_run(make_suite(), CK_VERBOSE);
	if (!use_drm && ret)
		vtest_fixture_print_log(&server);
	if (!use_drm)
		vtest_fixture_stop(&server);
	return ret;
}

static GLuint shader(GLenum type, const char *src)
{
	GLuint s = gl.CreateShader(type);
	GLint ok = 0;
	char log[2048];

	gl.ShaderSource(s, 1, &src, NULL);
	gl.CompileShader(s);
	gl.GetShaderiv(s, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		gl.GetShaderInfoLog(s, sizeof(log), NULL, log);
		ck_abort_msg("compile failed: %s", log);
	}
	return s;
}

GLuint glt_program(const char *vs, const char *fs)
{
	GLuint p = gl.CreateProgram(), v = shader(GL_VERTEX_SHADER, vs),
	       f = shader(GL_FRAGMENT_SHADER, fs);
	GLint ok = 0;
	char log[2048];

	gl.AttachShader(p, v);
	gl.AttachShader(p, f);
	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	if (!ok) {
		gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
		ck_abort_msg("link failed: %s", log);
	}
	/* GL keeps attached shaders alive until the program goes */
	gl.DeleteShader(v);
	gl.DeleteShader(f);
	return p;
}

void glt_pixel(int x, int y, uint8_t out[4])
{
	gl.ReadPixels(x, y, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, out);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}

void glt_assert_pixel(int x, int y, uint8_t r, uint8_t g, uint8_t b, uint8_t a)
{
	uint8_t px[4];

	glt_pixel(x, y, px);
	ck_assert_msg(px[0] == r && px[1] == g && px[2] == b && px[3] == a,
		      "pixel (%d,%d) = %u,%u,%u,%u, want %u,%u,%u,%u", x, y, px[0], px[1], px[2],
		      px[3], r, g, b, a);
}

void glt_assert_square(int x0, int y0, int size, uint8_t r, uint8_t g, uint8_t b)
{
	int x1 = x0 + size - 1, y1 = y0 + size - 1, ym = y0 + size / 2, xm = x0 + size / 2;

	glt_assert_pixel(x0, y0, r, g, b, 255);
	glt_assert_pixel(x1, y1, r, g, b, 255);
	glt_assert_pixel(x0, y1, r, g, b, 255);
	glt_assert_pixel(x1, y0, r, g, b, 255);
	glt_assert_pixel(x0 - 1, ym, 0, 0, 0, 255);
	glt_assert_pixel(x1 + 1, ym, 0, 0, 0, 255);
	glt_assert_pixel(xm, y0 - 1, 0, 0, 0, 255);
	glt_assert_pixel(xm, y1 + 1, 0, 0, 0, 255);
}

void glt_link_and_use(GLuint p)
{
	GLint ok = 0;
	char log[1024] = "";

	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
	ck_assert_msg(ok, "link fails: %s", log);
	gl.UseProgram(p);
}

/* Within tol of each channel: GL lets a value halfway between two unorm
 * steps (0.5 -> 127.5) convert to either (GPUs differ; llvmpipe rounds up). */
void glt_assert_pixel_near(int x, int y, const uint8_t want[4], int tol)
{
	uint8_t px[4];

	glt_pixel(x, y, px);
	for (int i = 0; i < 4; i++)
		ck_assert_msg(abs(px[i] - want[i]) <= tol,
			      "pixel (%d,%d) = %u,%u,%u,%u, want %u,%u,%u,%u (+-%d)", x, y, px[0],
			      px[1], px[2], px[3], want[0], want[1], want[2], want[3], tol);
}

GLuint glt_buffer(GLenum target, const void *data, GLsizeiptr size)
{
	GLuint b;

	gl.GenBuffers(1, &b);
	gl.BindBuffer(target, b);
	gl.BufferData(target, size, data, GL_STATIC_DRAW);
	return b;
}

GLuint glt_compile(GLenum type, const char *src, GLint *ok)
{
	GLuint sh = gl.CreateShader(type);

	gl.ShaderSource(sh, 1, &src, NULL);
	gl.CompileShader(sh);
	gl.GetShaderiv(sh, GL_COMPILE_STATUS, ok);
	return sh;
}

void glt_assert_compile_fails(GLenum type, const char *src, const char *name, const char *why)
{
	char log[1024] = "";
	GLint ok = 1;
	GLuint sh = glt_compile(type, src, &ok);

	gl.GetShaderInfoLog(sh, sizeof(log), NULL, log);
	ck_assert_msg(!ok, "%s: compiles", name);
	ck_assert_msg(strstr(log, why), "%s: log '%s' lacks '%s'", name, log, why);
	gl.DeleteShader(sh);
}

void glt_assert_link_fails(GLuint p, const char *why)
{
	char log[1024] = "";
	GLint ok = 1;

	gl.LinkProgram(p);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
	ck_assert_int_eq(ok, 0);
	ck_assert_msg(strstr(log, why), "log: %s", log);
}

GLuint glt_ssbo(uint32_t n, uint32_t fill)
{
	uint32_t *data = malloc(n * 4);
	GLuint b;

	ck_assert_ptr_nonnull(data);
	for (uint32_t i = 0; i < n; i++)
		data[i] = fill;
	b = glt_buffer(GL_SHADER_STORAGE_BUFFER, data, n * 4);
	free(data);
	gl.BindBufferBase(GL_SHADER_STORAGE_BUFFER, 0, b);
	return b;
}

GLuint glt_compute_program(const char *src)
{
	char log[1024] = "";
	GLint ok = 0;
	GLuint p = gl.CreateProgram(), sh = glt_compile(GL_COMPUTE_SHADER, src, &ok);

	gl.GetShaderInfoLog(sh, sizeof(log), NULL, log);
	ck_assert_msg(ok, "compile: %s", log);
	gl.AttachShader(p, sh);
	gl.LinkProgram(p);
	gl.DeleteShader(sh);
	gl.GetProgramiv(p, GL_LINK_STATUS, &ok);
	gl.GetProgramInfoLog(p, sizeof(log), NULL, log);
	ck_assert_msg(ok, "link: %s", log);
	gl.UseProgram(p);
	return p;
}

const uint32_t *glt_map_ssbo(GLuint b, uint32_t n)
{
	const uint32_t *w;

	((PFNGLMEMORYBARRIERPROC)glt_proc("glMemoryBarrier"))(GL_BUFFER_UPDATE_BARRIER_BIT);
	gl.BindBuffer(GL_SHADER_STORAGE_BUFFER, b);
	w = gl.MapBufferRange(GL_SHADER_STORAGE_BUFFER, 0, n * 4, GL_MAP_READ_BIT);
	ck_assert_ptr_nonnull(w);
	return w;
}

void glt_unmap_ssbo(void)
{
	gl.UnmapBuffer(GL_SHADER_STORAGE_BUFFER);
	ck_assert_int_eq(gl.GetError(), GL_NO_ERROR);
}

const char *const glt_vs_window =
	"attribute vec2 pos;\n"
	"varying vec2 uv;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); uv = pos * 0.5 + 0.5; }\n";
const char *const glt_fs_2d =
	"precision mediump float;\n"
	"uniform sampler2D tex;\n"
	"varying vec2 uv;\n"
	"void main() { gl_FragColor = texture2D(tex, uv); }\n";
const char *const glt_vs3_window =
	"#version 300 es\n"
	"layout(location = 0) in vec2 pos;\n"
	"void main() { gl_Position = vec4(pos, 0.0, 1.0); }\n";
const char *const glt_fs_3d =
	"#version 300 es\n"
	"precision mediump float;\n"
	"uniform mediump sampler3D tex;\n"
	"uniform vec3 u_at;\n"
	"out vec4 o;\n"
	"void main() { o = texture(tex, u_at); }\n";

GLuint glt_texture_program(const char *vs, const char *fs)
{
	GLuint p = glt_program(vs, fs);

	gl.BindAttribLocation(p, 0, "pos");
	gl.LinkProgram(p);
	gl.UseProgram(p);
	gl.Uniform1i(gl.GetUniformLocation(p, "tex"), 0);
	return p;
}

void glt_draw_window(void)
{
	static const float full[12] = { -1, -1, 1, -1, 1, 1, -1, -1, 1, 1, -1, 1 };

	gl.BindBuffer(GL_ARRAY_BUFFER, 0);
	gl.VertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, full);
	gl.EnableVertexAttribArray(0);
	gl.DrawArrays(GL_TRIANGLES, 0, 6);
}

GLuint glt_texture(GLenum target)
{
	GLuint t;

	gl.GenTextures(1, &t);
	gl.BindTexture(target, t);
	gl.TexParameteri(target, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	gl.TexParameteri(target, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	gl.TexParameteri(target, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
	gl.TexParameteri(target, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
	return t;
}

bool glt_has_shader_ext(const char *ext, const char *oes, const GLenum *types, int n)
{
	bool on = glt_has_extension(ext);

	ck_assert_int_eq(on, glt_has_extension(oes));
	for (int i = 0; !on && i < n; i++) {
		ck_assert_uint_eq(gl.CreateShader(types[i]), 0);
		ck_assert_int_eq(gl.GetError(), GL_INVALID_ENUM);
	}
	return on;
}

bool glt_has_extension(const char *name)
{
	const char *all = (const char *)gl.GetString(GL_EXTENSIONS);
	size_t n = strlen(name);

	for (const char *p = all; p && (p = strstr(p, name)); p += n)
		if ((p == all || p[-1] == ' ') && (p[n] == ' ' || p[n] == '\0'))
			return true;
	return false;
}

GLint glt_geti(GLenum pname)
{
	GLint v = -1;

	gl.GetIntegerv(pname, &v);
	return v;
}
