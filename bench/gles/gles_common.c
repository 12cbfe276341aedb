/* SPDX-License-Identifier: MIT */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "gles_common.h"
#include <EGL/eglext.h>

#ifndef EGL_PLATFORM_SURFACELESS_MESA
#define EGL_PLATFORM_SURFACELESS_MESA 0x31DD
#endif
#ifndef EGL_NO_CONFIG_KHR
#define EGL_NO_CONFIG_KHR ((EGLConfig)0)
#endif

static const char *str_or(const GLubyte *s)
{
	return s ? (const char *)s : "(null)";
}

static EGLDisplay get_display(void)
{
	PFNEGLGETPLATFORMDISPLAYEXTPROC gpd =
		(PFNEGLGETPLATFORMDISPLAYEXTPROC)eglGetProcAddress("eglGetPlatformDisplayEXT");
	EGLDisplay dpy = EGL_NO_DISPLAY;

	if (gpd)
		dpy = gpd(EGL_PLATFORM_SURFACELESS_MESA, EGL_DEFAULT_DISPLAY, NULL);
	/* libglvnd hands EGL_DEFAULT_DISPLAY to vendors as platform EGL_NONE,
	 * which a surfaceless-only vendor must take as its display. */
	if (dpy == EGL_NO_DISPLAY)
		dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
	return dpy;
}

bool gb_egl_init(struct gb_egl *e)
{
	static const EGLint ctx_attr[] = { EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE };
	static const EGLint cfg_attr[] = {
		EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
		EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
		EGL_NONE };
	static const EGLint pb_attr[] = { EGL_WIDTH, GB_FB_SIZE, EGL_HEIGHT, GB_FB_SIZE, EGL_NONE };
	const char *ext;
	EGLConfig cfg;
	EGLint n = 0;

	memset(e, 0, sizeof(*e));
	e->dpy = get_display();
	if (e->dpy == EGL_NO_DISPLAY || !eglInitialize(e->dpy, NULL, NULL)) {
		printf("egl_error=eglInitialize failed (0x%x)\n", eglGetError());
		return false;
	}
	if (!eglBindAPI(EGL_OPENGL_ES_API)) {
		printf("egl_error=eglBindAPI failed (0x%x)\n", eglGetError());
		return false;
	}
	printf("egl_vendor=%s\n", eglQueryString(e->dpy, EGL_VENDOR));
	ext = eglQueryString(e->dpy, EGL_EXTENSIONS);
	e->surf = EGL_NO_SURFACE;
	if (ext && strstr(ext, "EGL_KHR_no_config_context") &&
	    strstr(ext, "EGL_KHR_surfaceless_context")) {
		e->ctx = eglCreateContext(e->dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, ctx_attr);
		if (e->ctx != EGL_NO_CONTEXT &&
		    eglMakeCurrent(e->dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, e->ctx))
			e->how = "surfaceless";
	}
	if (!e->how) {
		/* Fallback: a pbuffer config and a small pbuffer. */
		if (!eglChooseConfig(e->dpy, cfg_attr, &cfg, 1, &n) || n < 1) {
			printf("egl_error=no ES3 pbuffer config and no surfaceless context (0x%x)\n",
			       eglGetError());
			return false;
		}
		e->ctx = eglCreateContext(e->dpy, cfg, EGL_NO_CONTEXT, ctx_attr);
		e->surf = eglCreatePbufferSurface(e->dpy, cfg, pb_attr);
		if (e->ctx == EGL_NO_CONTEXT || e->surf == EGL_NO_SURFACE ||
		    !eglMakeCurrent(e->dpy, e->surf, e->surf, e->ctx)) {
			printf("egl_error=pbuffer context failed (0x%x)\n", eglGetError());
			return false;
		}
		e->how = "pbuffer";
	}
	printf("egl_setup=%s\n", e->how);
	printf("renderer=%s\n", str_or(glGetString(GL_RENDERER)));
	printf("vendor=%s\n", str_or(glGetString(GL_VENDOR)));
	printf("gl_version=%s\n", str_or(glGetString(GL_VERSION)));
	if (!glGetString(GL_VERSION)) {
		printf("egl_error=glGetString(GL_VERSION) is NULL: no GL behind the context\n");
		return false;
	}
	fflush(stdout);
	return true;
}

static bool fbo_try(struct gb_fbo *f, bool depth_stencil, bool texture)
{
	memset(f, 0, sizeof(*f));
	gb_gl_error();
	glGenFramebuffers(1, &f->fbo);
	glBindFramebuffer(GL_FRAMEBUFFER, f->fbo);
	if (texture) {
		glGenTextures(1, &f->color);
		glBindTexture(GL_TEXTURE_2D, f->color);
		glTexImage2D(GL_TEXTURE_2D, 0, GL_RGBA8, GB_FB_SIZE, GB_FB_SIZE, 0, GL_RGBA,
			     GL_UNSIGNED_BYTE, NULL);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_NEAREST);
		glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_NEAREST);
		glFramebufferTexture2D(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_TEXTURE_2D,
				       f->color, 0);
		glBindTexture(GL_TEXTURE_2D, 0);
	} else {
		glGenRenderbuffers(1, &f->color_rb);
		glBindRenderbuffer(GL_RENDERBUFFER, f->color_rb);
		glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, GB_FB_SIZE, GB_FB_SIZE);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER,
					  f->color_rb);
	}
	if (depth_stencil) {
		glGenRenderbuffers(1, &f->depth);
		glBindRenderbuffer(GL_RENDERBUFFER, f->depth);
		glRenderbufferStorage(GL_RENDERBUFFER, GL_DEPTH24_STENCIL8, GB_FB_SIZE, GB_FB_SIZE);
		glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_DEPTH_STENCIL_ATTACHMENT,
					  GL_RENDERBUFFER, f->depth);
	}
	if (glCheckFramebufferStatus(GL_FRAMEBUFFER) == GL_FRAMEBUFFER_COMPLETE &&
	    !gb_gl_error())
		return true;
	glBindFramebuffer(GL_FRAMEBUFFER, 0);
	glDeleteFramebuffers(1, &f->fbo);
	glDeleteTextures(1, &f->color);
	glDeleteRenderbuffers(1, &f->color_rb);
	glDeleteRenderbuffers(1, &f->depth);
	gb_gl_error();
	memset(f, 0, sizeof(*f));
	return false;
}

/* A GB_FB_SIZE² pbuffer (with depth/stencil if asked) and a new context
 * on its config, current; the old context is destroyed. */
static bool pbuffer_try(struct gb_egl *e, bool depth_stencil)
{
	static const EGLint ctx_attr[] = { EGL_CONTEXT_CLIENT_VERSION, 3, EGL_NONE };
	static const EGLint pb_attr[] = { EGL_WIDTH, GB_FB_SIZE, EGL_HEIGHT, GB_FB_SIZE, EGL_NONE };
	EGLint cfg_attr[] = {
		EGL_SURFACE_TYPE, EGL_PBUFFER_BIT, EGL_RENDERABLE_TYPE, EGL_OPENGL_ES3_BIT,
		EGL_RED_SIZE, 8, EGL_GREEN_SIZE, 8, EGL_BLUE_SIZE, 8, EGL_ALPHA_SIZE, 8,
		EGL_DEPTH_SIZE, depth_stencil ? 24 : 0, EGL_STENCIL_SIZE, depth_stencil ? 8 : 0,
		EGL_NONE };
	EGLContext ctx;
	EGLSurface surf;
	EGLConfig cfg;
	EGLint n = 0;

	if (e->surf != EGL_NO_SURFACE)
		return true; /* already rendering to a pbuffer */
	if (!eglChooseConfig(e->dpy, cfg_attr, &cfg, 1, &n) || n < 1)
		return false;
	ctx = eglCreateContext(e->dpy, cfg, EGL_NO_CONTEXT, ctx_attr);
	surf = eglCreatePbufferSurface(e->dpy, cfg, pb_attr);
	if (ctx == EGL_NO_CONTEXT || surf == EGL_NO_SURFACE ||
	    !eglMakeCurrent(e->dpy, surf, surf, ctx))
		return false;
	eglDestroyContext(e->dpy, e->ctx);
	e->ctx = ctx;
	e->surf = surf;
	e->how = "pbuffer";
	return true;
}

bool gb_target_init(struct gb_egl *e, struct gb_fbo *f, bool depth_stencil)
{
	const char *want = getenv("GB_TARGET");
	bool any = !want || !*want || !strcmp(want, "auto");

	memset(f, 0, sizeof(*f));
	if ((any || !strcmp(want, "texture")) && fbo_try(f, depth_stencil, true))
		f->target = "texture-fbo";
	else if ((any || !strcmp(want, "renderbuffer")) && fbo_try(f, depth_stencil, false))
		f->target = "renderbuffer-fbo";
	else if ((any || !strcmp(want, "pbuffer")) && pbuffer_try(e, depth_stencil)) {
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		f->target = "pbuffer";
	} else if ((any || !strcmp(want, "pbuffer")) && depth_stencil && pbuffer_try(e, false)) {
		glBindFramebuffer(GL_FRAMEBUFFER, 0);
		f->target = "pbuffer-without-depth-stencil";
	}
	if (!f->target) {
		printf("target_error=no render target: the %dx%d texture FBO and renderbuffer FBO "
		       "are incomplete and no pbuffer (GB_TARGET=%s)\n", GB_FB_SIZE, GB_FB_SIZE,
		       want ? want : "auto");
		return false;
	}
	glViewport(0, 0, GB_FB_SIZE, GB_FB_SIZE);
	printf("target=%s\n", f->target);
	return !gb_gl_error();
}

uint64_t gb_now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

uint64_t gb_cpu_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

long gb_peak_rss_kb(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kb = -1;
	struct rusage ru;

	while (f && fgets(line, sizeof(line), f))
		if (sscanf(line, "VmHWM: %ld", &kb) == 1)
			break;
	if (f)
		fclose(f);
	if (kb < 0 && getrusage(RUSAGE_SELF, &ru) == 0)
		kb = ru.ru_maxrss;
	return kb;
}

static GLuint compile(GLenum type, const char *src, char *why, size_t why_size)
{
	GLuint sh = glCreateShader(type);
	GLint ok = 0;

	if (!sh) {
		snprintf(why, why_size, "glCreateShader failed (0x%x)", glGetError());
		return 0;
	}
	glShaderSource(sh, 1, &src, NULL);
	glCompileShader(sh);
	glGetShaderiv(sh, GL_COMPILE_STATUS, &ok);
	if (!ok) {
		char log[512] = "";

		glGetShaderInfoLog(sh, sizeof(log), NULL, log);
		for (char *p = log; *p; p++)
			if (*p == '\n')
				*p = ' ';
		snprintf(why, why_size, "%s shader does not compile: %.300s",
			 type == GL_VERTEX_SHADER ? "vertex" : "fragment", log);
		glDeleteShader(sh);
		return 0;
	}
	return sh;
}

GLuint gb_program(const char *vs, const char *fs, char *why, size_t why_size)
{
	GLuint v = compile(GL_VERTEX_SHADER, vs, why, why_size), f, prog;
	GLint ok = 0;

	if (!v)
		return 0;
	f = compile(GL_FRAGMENT_SHADER, fs, why, why_size);
	if (!f) {
		glDeleteShader(v);
		return 0;
	}
	prog = glCreateProgram();
	glAttachShader(prog, v);
	glAttachShader(prog, f);
	glLinkProgram(prog);
	glGetProgramiv(prog, GL_LINK_STATUS, &ok);
	glDeleteShader(v);
	glDeleteShader(f);
	if (!ok) {
		char log[512] = "";

		glGetProgramInfoLog(prog, sizeof(log), NULL, log);
		for (char *p = log; *p; p++)
			if (*p == '\n')
				*p = ' ';
		snprintf(why, why_size, "link failed: %.300s", log);
		glDeleteProgram(prog);
		return 0;
	}
	return prog;
}

GLenum gb_gl_error(void)
{
	GLenum first = glGetError(), e;
	int guard = 0;

	if (first == GL_NO_ERROR)
		return 0;
	while ((e = glGetError()) != GL_NO_ERROR && ++guard < 32)
		;
	return first;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double gb_median(double *v, size_t n)
{
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

double gb_p90(double *v, size_t n)
{
	if (!n)
		return 0;
	qsort(v, n, sizeof(*v), cmp_double);
	return v[(9 * n + 9) / 10 - 1];
}

void gb_read_centre(uint8_t rgba[4])
{
	memset(rgba, 0, 4);
	glReadPixels(GB_FB_SIZE / 2, GB_FB_SIZE / 2, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, rgba);
}

bool gb_rgba_near(const uint8_t got[4], const uint8_t want[4], int tol)
{
	for (int i = 0; i < 4; i++)
		if (abs((int)got[i] - (int)want[i]) > tol)
			return false;
	return true;
}
