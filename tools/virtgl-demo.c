/* SPDX-License-Identifier: MIT */
/*
 * virtgl-demo: an ordinary OpenGL ES program (it links libEGL and libGLESv2,
 * nothing of virtgl) that renders a lit, textured, rotating cube into a
 * pbuffer and writes each frame as a PNG. Run it with libglvnd pointed at
 * virtgl (tools/run-demo.sh does that) to see the whole stack work.
 *
 * It asks for the most it can use and steps down when something is missing,
 * saying so on stderr: an ES 3.0 context, else ES 2.0; the light and material
 * in a uniform block, else plain uniforms; a checker texture, else none.
 */
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GLES3/gl3.h>
#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdarg.h>
#include <png.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define CUBE_VERTICES 36
#define FLOATS_PER_VERTEX 8 /* position, normal, texture coordinate */
#define TEXTURE_SIZE 64

struct options {
	const char *dir;
	int frames;
	int width, height;
};

struct demo {
	struct options opt;
	EGLDisplay dpy;
	EGLContext ctx;
	EGLSurface surface;
	int es_major;
	bool use_ubo, use_texture;
	GLuint program, vbo, ubo, texture;
	GLint u_mvp, u_model, u_tex;
	uint8_t *pixels;
};

static void warn(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

static void warn(const char *fmt, ...)
{
	va_list ap;

	va_start(ap, fmt);
	fputs("virtgl-demo: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

/* ---- command line ------------------------------------------------------------------ */

static void usage(FILE *f)
{
	fprintf(f, "usage: virtgl-demo [-o DIR] [-n FRAMES] [-s WxH]\n"
		   "  renders a lit, textured, rotating cube with OpenGL ES into a pbuffer\n"
		   "  and writes DIR/frame-0000.png, ... (defaults: ., 1 frame, 256x256)\n");
}

static bool parse_size(const char *s, int *w, int *h)
{
	char tail;

	return sscanf(s, "%dx%d%c", w, h, &tail) == 2 && *w > 0 && *h > 0 && *w <= 8192 &&
	       *h <= 8192;
}

static int parse_options(int argc, char **argv, struct options *o)
{
	int c;

	*o = (struct options){ .dir = ".", .frames = 1, .width = 256, .height = 256 };
	while ((c = getopt(argc, argv, "o:n:s:h")) != -1) {
		switch (c) {
		case 'o': o->dir = optarg; break;
		case 'n': o->frames = atoi(optarg); break;
		case 's':
			if (!parse_size(optarg, &o->width, &o->height)) {
				warn("bad size '%s': use WxH, e.g. 256x256", optarg);
				return -1;
			}
			break;
		case 'h': usage(stdout); exit(EXIT_SUCCESS);
		default: usage(stderr); return -1;
		}
	}
	if (o->frames < 1 || optind != argc) {
		usage(stderr);
		return -1;
	}
	return 0;
}

/* ---- EGL ------------------------------------------------------------------------------- */

static int egl_fail(const char *what)
{
	warn("%s failed: EGL error 0x%04x", what, eglGetError());
	return -1;
}

static int open_display(struct demo *d)
{
	const char *ext = eglQueryString(EGL_NO_DISPLAY, EGL_EXTENSIONS);

	/* the surfaceless platform when libEGL knows it, else the default */
	if (ext && strstr(ext, "EGL_MESA_platform_surfaceless"))
		d->dpy = eglGetPlatformDisplay(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY,
					       NULL);
	else
		d->dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
	if (d->dpy == EGL_NO_DISPLAY) {
		warn("no EGL display: is __EGL_VENDOR_LIBRARY_FILENAMES set, and a virtio-gpu "
		     "(or VIRTGL_TRANSPORT=vtest) available?");
		return -1;
	}
	if (!eglInitialize(d->dpy, NULL, NULL))
		return egl_fail("eglInitialize");
	return eglBindAPI(EGL_OPENGL_ES_API) ? 0 : egl_fail("eglBindAPI(OpenGL ES)");
}

static int choose_config(struct demo *d, EGLConfig *config)
{
	const EGLint attribs[] = {
		EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES2_BIT,
		EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
		EGL_DEPTH_SIZE, 16, EGL_NONE,
	};
	EGLint n = 0;

	if (!eglChooseConfig(d->dpy, attribs, config, 1, &n))
		return egl_fail("eglChooseConfig");
	if (n == 0) {
		warn("no RGBA8888 pbuffer config with a depth buffer");
		return -1;
	}
	return 0;
}

/* ES 3.0 if the driver has it (uniform blocks), else ES 2.0. */
static int create_context(struct demo *d, EGLConfig config)
{
	const EGLint es3[] = { EGL_CONTEXT_MAJOR_VERSION, 3, EGL_NONE };
	const EGLint es2[] = { EGL_CONTEXT_MAJOR_VERSION, 2, EGL_NONE };

	d->es_major = 3;
	d->ctx = eglCreateContext(d->dpy, config, EGL_NO_CONTEXT, es3);
	if (d->ctx == EGL_NO_CONTEXT) {
		warn("no OpenGL ES 3.0 context (EGL error 0x%04x): using ES 2.0, without a "
		     "uniform block", eglGetError());
		d->es_major = 2;
		d->ctx = eglCreateContext(d->dpy, config, EGL_NO_CONTEXT, es2);
	}
	return d->ctx == EGL_NO_CONTEXT ? egl_fail("eglCreateContext(ES 2.0)") : 0;
}

static int setup_egl(struct demo *d)
{
	const EGLint size[] = { EGL_WIDTH, d->opt.width, EGL_HEIGHT, d->opt.height, EGL_NONE };
	EGLConfig config;

	if (open_display(d) || choose_config(d, &config) || create_context(d, config))
		return -1;
	d->surface = eglCreatePbufferSurface(d->dpy, config, size);
	if (d->surface == EGL_NO_SURFACE)
		return egl_fail("eglCreatePbufferSurface");
	if (!eglMakeCurrent(d->dpy, d->surface, d->surface, d->ctx))
		return egl_fail("eglMakeCurrent");
	return 0;
}

static void teardown_egl(struct demo *d)
{
	if (d->dpy == EGL_NO_DISPLAY)
		return;
	eglMakeCurrent(d->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, EGL_NO_CONTEXT);
	if (d->surface != EGL_NO_SURFACE)
		eglDestroySurface(d->dpy, d->surface);
	if (d->ctx != EGL_NO_CONTEXT)
		eglDestroyContext(d->dpy, d->ctx);
	eglTerminate(d->dpy);
	eglReleaseThread();
}

/* ---- shaders -------------------------------------------------------------------------------- */

/* One body for both GLSL versions; the preludes map the few differences. */
static const char vs_body[] =
	"IN vec3 a_position;\n"
	"IN vec3 a_normal;\n"
	"IN vec2 a_texcoord;\n"
	"uniform mat4 u_mvp;\n"
	"uniform mat4 u_model;\n"
	"OUT vec3 v_normal;\n"
	"OUT vec2 v_texcoord;\n"
	"void main()\n"
	"{\n"
	"	gl_Position = u_mvp * vec4(a_position, 1.0);\n"
	"	v_normal = mat3(u_model) * a_normal;\n"
	"	v_texcoord = a_texcoord;\n"
	"}\n";

static const char fs_body[] =
	"IN vec3 v_normal;\n"
	"IN vec2 v_texcoord;\n"
	"#ifdef TEXTURED\n"
	"uniform sampler2D u_tex;\n"
	"#endif\n"
	"void main()\n"
	"{\n"
	"	vec3 n = normalize(v_normal);\n"
	"	vec3 l = normalize(-light_dir.xyz);\n"
	"	vec3 h = normalize(l + vec3(0.0, 0.0, 1.0));\n"
	"	float diffuse = max(dot(n, l), 0.0) * material.x;\n"
	"	float specular = pow(max(dot(n, h), 0.0), material.z) * material.y;\n"
	"	vec3 base = vec3(0.95, 0.55, 0.2);\n"
	"#ifdef TEXTURED\n"
	"	base *= TEX(u_tex, v_texcoord).rgb;\n"
	"#endif\n"
	"	vec3 c = base * (ambient.rgb + diffuse * light_color.rgb) + specular * light_color.rgb;\n"
	"	FRAG_COLOR = vec4(c, 1.0);\n"
	"}\n";

static const char vs_prelude_300[] = "#version 300 es\n#define IN in\n#define OUT out\n";
static const char vs_prelude_100[] = "#version 100\n#define IN attribute\n#define OUT varying\n";
static const char fs_prelude_300[] =
	"#version 300 es\nprecision mediump float;\n#define IN in\n#define TEX texture\n"
	"out vec4 frag_color;\n#define FRAG_COLOR frag_color\n"
	"layout(std140) uniform Lighting {\n"
	"	vec4 light_dir;\n	vec4 light_color;\n	vec4 ambient;\n	vec4 material;\n};\n";
static const char fs_prelude_100[] =
	"#version 100\nprecision mediump float;\n#define IN varying\n#define TEX texture2D\n"
	"#define FRAG_COLOR gl_FragColor\n"
	"uniform vec4 light_dir;\nuniform vec4 light_color;\nuniform vec4 ambient;\n"
	"uniform vec4 material;\n";

/* The light and material: direction, colour, ambient, (diffuse, specular,
 * shininess, unused). The uniform block's std140 layout is these 4 vec4s. */
static const GLfloat lighting[4][4] = {
	{ -0.4f, -0.6f, -1.0f, 0.0f },
	{ 1.0f, 0.95f, 0.9f, 1.0f },
	{ 0.18f, 0.18f, 0.22f, 1.0f },
	{ 0.85f, 0.5f, 24.0f, 0.0f },
};

static GLuint compile(GLenum stage, const char *prelude, bool textured, const char *body)
{
	const char *src[] = { prelude, textured ? "#define TEXTURED 1\n" : "", body };
	GLuint s = glCreateShader(stage);
	GLint ok = 0;
	char log[1024] = "";

	if (!s)
		return 0;
	glShaderSource(s, 3, src, NULL);
	glCompileShader(s);
	glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
	if (ok)
		return s;
	glGetShaderInfoLog(s, sizeof(log), NULL, log);
	warn("%s shader did not compile: %s", stage == GL_VERTEX_SHADER ? "vertex" : "fragment",
	     log);
	glDeleteShader(s);
	return 0;
}

static GLuint link_program(GLuint vs, GLuint fs)
{
	GLuint p = glCreateProgram();
	GLint ok = 0;
	char log[1024] = "";

	glAttachShader(p, vs);
	glAttachShader(p, fs);
	glBindAttribLocation(p, 0, "a_position");
	glBindAttribLocation(p, 1, "a_normal");
	glBindAttribLocation(p, 2, "a_texcoord");
	glLinkProgram(p);
	glGetProgramiv(p, GL_LINK_STATUS, &ok);
	glDeleteShader(vs);
	glDeleteShader(fs);
	if (ok)
		return p;
	glGetProgramInfoLog(p, sizeof(log), NULL, log);
	warn("program did not link: %s", log);
	glDeleteProgram(p);
	return 0;
}

static GLuint build_program(bool ubo, bool textured)
{
	GLuint vs = compile(GL_VERTEX_SHADER, ubo ? vs_prelude_300 : vs_prelude_100, false,
			    vs_body);
	GLuint fs = compile(GL_FRAGMENT_SHADER, ubo ? fs_prelude_300 : fs_prelude_100, textured,
			    fs_body);

	if (!vs || !fs) {
		glDeleteShader(vs);
		glDeleteShader(fs);
		return 0;
	}
	return link_program(vs, fs);
}

/* The light and material in a uniform buffer at binding point 0. */
static bool setup_ubo(struct demo *d)
{
	GLuint block = glGetUniformBlockIndex(d->program, "Lighting");

	if (block == GL_INVALID_INDEX)
		return false;
	glGenBuffers(1, &d->ubo);
	glBindBuffer(GL_UNIFORM_BUFFER, d->ubo);
	glBufferData(GL_UNIFORM_BUFFER, sizeof(lighting), lighting, GL_STATIC_DRAW);
	glUniformBlockBinding(d->program, block, 0);
	glBindBufferBase(GL_UNIFORM_BUFFER, 0, d->ubo);
	return d->ubo != 0 && glGetError() == GL_NO_ERROR;
}

static void set_plain_lighting(GLuint program)
{
	static const char *const names[] = { "light_dir", "light_color", "ambient", "material" };

	for (int i = 0; i < 4; i++)
		glUniform4fv(glGetUniformLocation(program, names[i]), 1, lighting[i]);
}

static void drop_program(struct demo *d)
{
	glDeleteProgram(d->program);
	glDeleteBuffers(1, &d->ubo);
	d->program = d->ubo = 0;
}

static int setup_program(struct demo *d)
{
	d->use_ubo = d->es_major >= 3;
	d->program = d->use_ubo ? build_program(true, d->use_texture) : 0;
	if (d->program) {
		glUseProgram(d->program);
		if (!setup_ubo(d)) {
			warn("the uniform block does not work here: using plain uniforms");
			drop_program(d);
		}
	}
	if (!d->program) {
		d->use_ubo = false;
		d->program = build_program(false, d->use_texture);
		if (!d->program)
			return -1;
		glUseProgram(d->program);
		set_plain_lighting(d->program);
	}
	d->u_mvp = glGetUniformLocation(d->program, "u_mvp");
	d->u_model = glGetUniformLocation(d->program, "u_model");
	d->u_tex = glGetUniformLocation(d->program, "u_tex");
	return 0;
}

/* ---- geometry and texture ------------------------------------------------------------------- */

/* Per face: the normal and the two in-plane axes (u, v); u x v = normal. */
static const float faces[6][3][3] = {
	{ { 1, 0, 0 }, { 0, 0, -1 }, { 0, 1, 0 } },  { { -1, 0, 0 }, { 0, 0, 1 }, { 0, 1, 0 } },
	{ { 0, 1, 0 }, { 1, 0, 0 }, { 0, 0, -1 } },  { { 0, -1, 0 }, { 1, 0, 0 }, { 0, 0, 1 } },
	{ { 0, 0, 1 }, { 1, 0, 0 }, { 0, 1, 0 } },   { { 0, 0, -1 }, { -1, 0, 0 }, { 0, 1, 0 } },
};

static void cube_vertex(float *out, const float (*f)[3], float su, float sv)
{
	for (int k = 0; k < 3; k++) {
		out[k] = f[0][k] + su * f[1][k] + sv * f[2][k];
		out[3 + k] = f[0][k];
	}
	out[6] = (su + 1.0f) * 0.5f;
	out[7] = (sv + 1.0f) * 0.5f;
}

static void build_cube(float *v)
{
	/* two counter-clockwise triangles per face, as (u, v) corner signs */
	static const float corners[6][2] = { { -1, -1 }, { 1, -1 }, { 1, 1 },
					     { -1, -1 }, { 1, 1 }, { -1, 1 } };

	for (int f = 0; f < 6; f++)
		for (int c = 0; c < 6; c++)
			cube_vertex(v + (f * 6 + c) * FLOATS_PER_VERTEX, faces[f], corners[c][0],
				    corners[c][1]);
}

static void setup_geometry(struct demo *d)
{
	float v[CUBE_VERTICES * FLOATS_PER_VERTEX];
	const GLsizei stride = FLOATS_PER_VERTEX * sizeof(float);

	build_cube(v);
	glGenBuffers(1, &d->vbo);
	glBindBuffer(GL_ARRAY_BUFFER, d->vbo);
	glBufferData(GL_ARRAY_BUFFER, sizeof(v), v, GL_STATIC_DRAW);
	glVertexAttribPointer(0, 3, GL_FLOAT, GL_FALSE, stride, (void *)0);
	glVertexAttribPointer(1, 3, GL_FLOAT, GL_FALSE, stride, (void *)(3 * sizeof(float)));
	glVertexAttribPointer(2, 2, GL_FLOAT, GL_FALSE, stride, (void *)(6 * sizeof(float)));
	for (GLuint i = 0; i < 3; i++)
		glEnableVertexAttribArray(i);
}

static void checker(uint8_t *texels)
{
	for (int y = 0; y < TEXTURE_SIZE; y++) {
		for (int x = 0; x < TEXTURE_SIZE; x++) {
			bool light = ((x / 8) + (y / 8)) % 2 == 0;
			uint8_t *t = texels + 4 * (y * TEXTURE_SIZE + x);

			t[0] = light ? 255 : 40;
			t[1] = light ? 255 : 60;
			t[2] = light ? 255 : 150;
			t[3] = 255;
		}
	}
}

/* A procedural checkerboard; false (and no texture) if the driver cannot. */
static bool setup_texture(struct demo *d)
{
	static uint8_t texels[TEXTURE_SIZE * TEXTURE_SIZE * 4];

	while (glGetError() != GL_NO_ERROR)
		;
	checker(texels);
	glGenTextures(1, &d->texture);
	if (!d->texture)
		return false;
	glActiveTexture(GL_TEXTURE0);
	glBindTexture(GL_TEXTURE_2D, d->texture);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
	glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
	glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA, TEXTURE_SIZE, TEXTURE_SIZE, 0, GL_RGBA,
		     GL_UNSIGNED_BYTE, texels);
	return glGetError() == GL_NO_ERROR;
}

/* ---- one frame ---------------------------------------------------------------------------------- */

static void mat_mul(float *out, const float *a, const float *b)
{
	float r[16];

	for (int c = 0; c < 4; c++)
		for (int row = 0; row < 4; row++)
			r[c * 4 + row] = a[0 * 4 + row] * b[c * 4 + 0] + a[1 * 4 + row] * b[c * 4 + 1] +
					 a[2 * 4 + row] * b[c * 4 + 2] + a[3 * 4 + row] * b[c * 4 + 3];
	memcpy(out, r, sizeof(r));
}

/* Column-major: a rotation about y then x, and a perspective with the cube
 * moved 4 units into the screen. */
static void matrices(float angle, float aspect, float *mvp, float *model)
{
	float cy = cosf(angle), sy = sinf(angle), cx = cosf(angle * 0.7f), sx = sinf(angle * 0.7f);
	const float ry[16] = { cy, 0, -sy, 0, 0, 1, 0, 0, sy, 0, cy, 0, 0, 0, 0, 1 };
	const float rx[16] = { 1, 0, 0, 0, 0, cx, sx, 0, 0, -sx, cx, 0, 0, 0, 0, 1 };
	const float f = 1.0f / tanf(0.5f * 0.9f), n = 1.0f, fa = 20.0f;
	const float proj[16] = { f / aspect, 0, 0, 0, 0, f, 0, 0,
				 0, 0, (fa + n) / (n - fa), -1, 0, 0, 2 * fa * n / (n - fa), 0 };
	const float view[16] = { 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, -4.0f, 1 };

	mat_mul(model, rx, ry);
	mat_mul(mvp, view, model);
	mat_mul(mvp, proj, mvp);
}

static int draw_frame(struct demo *d, int frame)
{
	float mvp[16], model[16];
	GLenum err;

	matrices(0.5f + frame * 0.15f, (float)d->opt.width / d->opt.height, mvp, model);
	glViewport(0, 0, d->opt.width, d->opt.height);
	glEnable(GL_DEPTH_TEST);
	glClearColor(0.08f, 0.09f, 0.12f, 1.0f);
	glClear(GL_COLOR_BUFFER_BIT | GL_DEPTH_BUFFER_BIT);
	glUniformMatrix4fv(d->u_mvp, 1, GL_FALSE, mvp);
	glUniformMatrix4fv(d->u_model, 1, GL_FALSE, model);
	if (d->use_texture)
		glUniform1i(d->u_tex, 0);
	glDrawArrays(GL_TRIANGLES, 0, CUBE_VERTICES);
	glReadPixels(0, 0, d->opt.width, d->opt.height, GL_RGBA, GL_UNSIGNED_BYTE, d->pixels);
	err = glGetError();
	if (err != GL_NO_ERROR) {
		warn("frame %d: GL error 0x%04x", frame, err);
		return -1;
	}
	/* a pbuffer presents nothing: this is the frame's flush */
	return eglSwapBuffers(d->dpy, d->surface) ? 0 : egl_fail("eglSwapBuffers");
}

/* ---- PNG -------------------------------------------------------------------------------------------- */

static int write_png(const char *path, const uint8_t *rgba, int w, int h)
{
	FILE *f = fopen(path, "wb");
	png_structp png = f ? png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL)
			    : NULL;
	png_infop info = png ? png_create_info_struct(png) : NULL;

	if (!info || setjmp(png_jmpbuf(png))) {
		warn("cannot write %s: %s", path, f ? "libpng failed" : strerror(errno));
		png_destroy_write_struct(&png, &info);
		if (f)
			fclose(f);
		return -1;
	}
	png_init_io(png, f);
	png_set_IHDR(png, info, w, h, 8, PNG_COLOR_TYPE_RGBA, PNG_INTERLACE_NONE,
		     PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
	png_write_info(png, info);
	/* GL's rows start at the bottom, PNG's at the top */
	for (int y = h - 1; y >= 0; y--)
		png_write_row(png, rgba + (size_t)y * w * 4);
	png_write_end(png, NULL);
	png_destroy_write_struct(&png, &info);
	return fclose(f) == 0 ? 0 : -1;
}

static int save_frame(struct demo *d, int frame)
{
	char path[4096];

	snprintf(path, sizeof(path), "%s/frame-%04d.png", d->opt.dir, frame);
	return write_png(path, d->pixels, d->opt.width, d->opt.height);
}

/* ---- main -------------------------------------------------------------------------------------------- */

static int setup_gl(struct demo *d)
{
	d->use_texture = setup_texture(d);
	if (!d->use_texture)
		warn("textures do not work with this driver (yet): drawing the cube untextured");
	if (setup_program(d))
		return -1;
	setup_geometry(d);
	if (glGetError() != GL_NO_ERROR) {
		warn("setting up buffers and vertex attributes failed");
		return -1;
	}
	return 0;
}

static int run(struct demo *d)
{
	if (mkdir(d->opt.dir, 0777) && errno != EEXIST) {
		warn("cannot create %s: %s", d->opt.dir, strerror(errno));
		return -1;
	}
	d->pixels = malloc((size_t)d->opt.width * d->opt.height * 4);
	if (!d->pixels || setup_egl(d) || setup_gl(d))
		return -1;
	printf("virtgl-demo: %s on %s; %s, %s, %s\n", (const char *)glGetString(GL_VERSION),
	       (const char *)glGetString(GL_RENDERER),
	       d->use_ubo ? "uniform block" : "plain uniforms",
	       d->use_texture ? "checker texture" : "no texture", "depth test");
	for (int i = 0; i < d->opt.frames; i++)
		if (draw_frame(d, i) || save_frame(d, i))
			return -1;
	printf("virtgl-demo: wrote %d frame(s) of %dx%d to %s\n", d->opt.frames, d->opt.width,
	       d->opt.height, d->opt.dir);
	return 0;
}

int main(int argc, char **argv)
{
	struct demo d = { .dpy = EGL_NO_DISPLAY, .ctx = EGL_NO_CONTEXT, .surface = EGL_NO_SURFACE };
	int ret;

	if (parse_options(argc, argv, &d.opt))
		return EXIT_FAILURE;
	ret = run(&d);
	if (d.program) {
		glDeleteTextures(1, &d.texture);
		glDeleteBuffers(1, &d.vbo);
		drop_program(&d);
	}
	teardown_egl(&d);
	free(d.pixels);
	return ret ? EXIT_FAILURE : EXIT_SUCCESS;
}
