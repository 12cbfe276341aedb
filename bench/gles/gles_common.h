/* SPDX-License-Identifier: MIT */
/*
 * bench/gles: what the GL-level benchmarks share. They are ordinary GLES 3.0
 * programs linked against libglvnd's libEGL and libGLESv2 only, so the same
 * binary runs on any vendor: Mesa (GALLIUM_DRIVER=virpipe or llvmpipe) or
 * virtgl (__EGL_VENDOR_LIBRARY_FILENAMES=.../virtgl json).
 *
 * A benchmark never aborts on a driver failure: it reports the row as
 * "status=fail reason=..." and goes on with the next one, so a driver that
 * cannot yet do textures still gets figures for the rows it can do.
 */
#pragma once

#include <EGL/egl.h>
#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define GB_FB_SIZE 64

struct gb_egl {
	EGLDisplay dpy;
	EGLContext ctx;
	EGLSurface surf;      /* EGL_NO_SURFACE when surfaceless */
	const char *how;      /* "surfaceless" or "pbuffer" */
};

/* EGL surfaceless platform display, ES 3 context, current. Tries a
 * config-less surfaceless context first, then a 64x64 pbuffer. Prints the
 * header lines (renderer=, vendor=, gl_version=, egl_vendor=, egl_setup=).
 * false (and a reason on stdout) when nothing works. */
bool gb_egl_init(struct gb_egl *e);

/* The render target every benchmark draws into, GB_FB_SIZE² RGBA8 (and
 * DEPTH24_STENCIL8 if asked), the first that works of: an FBO with a texture
 * colour attachment, an FBO with a renderbuffer, the default framebuffer of
 * a pbuffer (a new context on a pbuffer config replaces the config-less
 * one). GB_TARGET=texture|renderbuffer|pbuffer forces one. Prints target=.
 * Call before creating any other GL object. */
struct gb_fbo {
	GLuint fbo, color, color_rb, depth;
	const char *target;
};
bool gb_target_init(struct gb_egl *e, struct gb_fbo *f, bool depth_stencil);

uint64_t gb_now_ns(void);
uint64_t gb_cpu_ns(void);          /* CLOCK_PROCESS_CPUTIME_ID: all threads */
long gb_peak_rss_kb(void);          /* VmHWM, else ru_maxrss */

/* Compile + link; 0 with why[] filled on failure. */
GLuint gb_program(const char *vs, const char *fs, char *why, size_t why_size);

/* The first GL error since the last call (drains the queue), 0 if none. */
GLenum gb_gl_error(void);

/* Sorts v in place. */
double gb_median(double *v, size_t n);
double gb_p90(double *v, size_t n);

/* Centre pixel of the bound read framebuffer. */
void gb_read_centre(uint8_t rgba[4]);
bool gb_rgba_near(const uint8_t got[4], const uint8_t want[4], int tol);
