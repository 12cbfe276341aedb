/* SPDX-License-Identifier: MIT */
/*
 * Viewports, scissor boxes and depth ranges, VGL_MAX_VIEWPORTS of each
 * (OES_viewport_array): glViewport, glScissor, glDepthRangef set every
 * slot, the OES calls one or a range. A context without the extension
 * names slot 0 only; a geometry shader picks a slot with gl_ViewportIndex.
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

struct vgl_context;
struct vgl_device;

/* GL_VIEWPORT_BOUNDS_RANGE_OES: the spec's least range (viewport x and y
 * are clamped to it) */
#define VGL_VIEWPORT_BOUND_LO -32768.0f
#define VGL_VIEWPORT_BOUND_HI 32767.0f

/* The slots the draw path sends: the device's viewports (1 .. VGL_MAX_VIEWPORTS). */
uint32_t vgl_viewport_device_count(const struct vgl_device *dev);
/* The first bind's window size: every viewport and scissor box. */
void vgl_viewport_init_size(struct vgl_context *ctx, GLsizei w, GLsizei h);
/* glEnable/glDisable(GL_SCISSOR_TEST): every slot. */
void vgl_viewport_scissor_test_all(struct vgl_context *ctx, bool on);
/* glEnablei/glDisablei/glIsEnabledi's GL_SCISSOR_TEST with the extension:
 * whether target is it (the call is then done here, errors included). */
bool vgl_viewport_enablei(struct vgl_context *ctx, GLenum target, GLuint index, bool on);
bool vgl_viewport_is_enabledi(struct vgl_context *ctx, GLenum target, GLuint index,
			      GLboolean *out);
/* glGet*i_v of GL_VIEWPORT, GL_SCISSOR_BOX, GL_DEPTH_RANGE as integers
 * (rounded): how many values, 0 after an error, -1 if
 * target is none of them (or the context lacks the extension). */
int vgl_viewport_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index,
			     GLint64 out[4]);
