/* SPDX-License-Identifier: MIT */
/*
 * Blending and colour write masks per draw buffer (vgl_state.h's
 * vgl_draw_buffer_state): the ES 3.0 calls that set every draw buffer's,
 * and EXT_draw_buffers_indexed / OES_draw_buffers_indexed, whose indexed
 * forms set one. The extensions are advertised where the host blends each
 * render target its own way (vgl_extensions.c); without them every draw
 * buffer holds the same state, and the blend object the host gets carries
 * one render target's (vk/'s create_blend sets independent blend only for
 * render targets that differ).
 */
#pragma once

#include <GLES3/gl3.h>
#include <stdbool.h>
#include <stdint.h>

struct vgl_context;
struct vgl_fb;

/* glEnable/glDisable(GL_BLEND): every draw buffer's enable. */
void vgl_blend_enable_all(struct vgl_context *ctx, bool on);
/* Whether target is draw-buffer state the extension lets Get*i_v read. */
bool vgl_blend_indexed_target(struct vgl_context *ctx, GLenum target);
/* Get*i_v of draw-buffer state: the number of values written to out (0:
 * an error was recorded), -1 if target is not such state. */
int vgl_blend_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index, GLint64 out[4]);

/* KHR_blend_equation_advanced: e's number, 1 (MULTIPLY) .. 15
 * (HSL_LUMINOSITY), in the compiler's enum vc_advanced_blend order; 0 for
 * the basic equations. */
unsigned vgl_blend_advanced(GLenum e);
/* A draw with draw buffer 0 blending by an advanced equation needs a
 * fragment shader that declares it (fs_support: bit e for equation e) and
 * one active draw buffer; false (INVALID_OPERATION recorded) otherwise. */
bool vgl_blend_advanced_draw_ok(struct vgl_context *ctx, const struct vgl_fb *fb,
				uint32_t fs_support);
