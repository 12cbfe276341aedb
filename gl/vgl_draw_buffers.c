/* SPDX-License-Identifier: MIT */
/*
 * glDrawBuffers and glReadBuffer (ES 3.0 §4.2.1, §4.3.1): which colour
 * buffers fragment outputs and reads go to. An FBO keeps its own (struct
 * vgl_fbo); framebuffer 0 has one colour buffer, GL_BACK, or GL_NONE
 * (vgl_texture_state). vgl_framebuffer_draw / _read describe what they
 * select, so the draw, clear, read and blit paths follow them.
 *
 * GL_MAX_DRAW_BUFFERS is the host's render target count, at most 4: GLSL ES
 * 3.00's gl_MaxDrawBuffers is the compiler's constant 4, and the linker
 * rejects outputs beyond it.
 */
#include "vgl_range.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_fbo.h"
#include "vgl_framebuffer.h"
#include "vgl_procs.h"
#include "vgl_surface.h"
#include "vgl_texture.h"

uint32_t vgl_framebuffer_max_draw_buffers(const struct vgl_context *ctx)
{
	uint32_t host = ctx->dev->props.limits.maxColorAttachments;

	return host < VGL_MAX_DRAW_BUFFERS ? host : VGL_MAX_DRAW_BUFFERS;
}

/* A name glDrawBuffers / glReadBuffer takes at all: COLOR_ATTACHMENT0..31
 * (the 32 names the enum range holds; those past GL_MAX_COLOR_ATTACHMENTS
 * are INVALID_OPERATION, ES 3.1 section 16.1.1, dEQP negative_coverage
 * buffer.read_buffer's COLOR_ATTACHMENT31). */
static bool buffer_name(GLenum b)
{
	return b == GL_NONE || b == GL_BACK ||
	       (b >= GL_COLOR_ATTACHMENT0 && b <= GL_COLOR_ATTACHMENT0 + 31);
}

/* Whether an FBO's buffer `b` may go in draw buffer slot `slot` (-1: the read buffer). */
static bool fbo_buffer_ok(const struct vgl_context *ctx, GLenum b, int slot)
{
	if (b == GL_NONE)
		return true;
	if (b == GL_BACK || b >= GL_COLOR_ATTACHMENT0 + vgl_framebuffer_max_draw_buffers(ctx))
		return false;
	return slot < 0 || b == GL_COLOR_ATTACHMENT0 + (GLenum)slot;
}

/* The error of glDrawBuffers' list for the bound draw framebuffer. */
static GLenum draw_buffers_error(const struct vgl_context *ctx, const struct vgl_fbo *f,
				 GLsizei n, const GLenum *bufs)
{
	if (n < 0 || (uint32_t)n > vgl_framebuffer_max_draw_buffers(ctx))
		return GL_INVALID_VALUE;
	/* framebuffer 0 takes exactly one buffer: bufs[1..] are not read */
	if (!f && n != 1)
		return GL_INVALID_OPERATION;
	for (GLsizei i = 0; i < n; i++)
		if (!buffer_name(bufs[i]))
			return GL_INVALID_ENUM;
	/* framebuffer 0: one buffer, GL_BACK or GL_NONE */
	if (!f)
		return n == 1 && (bufs[0] == GL_BACK || bufs[0] == GL_NONE) ? GL_NO_ERROR
									   : GL_INVALID_OPERATION;
	for (GLsizei i = 0; i < n; i++)
		if (!fbo_buffer_ok(ctx, bufs[i], (int)i))
			return GL_INVALID_OPERATION;
	return GL_NO_ERROR;
}

static void GL_APIENTRY vgl_DrawBuffers(GLsizei n, const GLenum *bufs)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture_state *ts;
	GLenum err;

	if (!ctx || !(ts = vgl_texture_state(ctx)))
		return;
	/* buffers to read that are not there, as a NULL glShaderSource string */
	err = vgl_array_absent(n, bufs) ? GL_INVALID_VALUE
					: draw_buffers_error(ctx, ts->draw_fbo, n, bufs);
	if (err != GL_NO_ERROR) {
		vgl_error(ctx, err);
		return;
	}
	if (!ts->draw_fbo) {
		ts->fb0_draw_none = bufs[0] == GL_NONE;
		return;
	}
	/* the buffers past n are GL_NONE */
	for (uint32_t i = 0; i < VGL_MAX_DRAW_BUFFERS; i++)
		ts->draw_fbo->draw_buffers[i] = (GLsizei)i < n ? bufs[i] : GL_NONE;
	vgl_fbo_changed(ctx, ts->draw_fbo);
}

static void GL_APIENTRY vgl_ReadBuffer(GLenum src)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture_state *ts;

	if (!ctx || !(ts = vgl_texture_state(ctx)))
		return;
	if (!buffer_name(src)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (ts->read_fbo ? !fbo_buffer_ok(ctx, src, -1) : src != GL_BACK && src != GL_NONE) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	if (ts->read_fbo) {
		ts->read_fbo->read_buffer = src;
		vgl_fbo_changed(ctx, ts->read_fbo);
	} else
		ts->fb0_read_none = src == GL_NONE;
}

/* ---- queries --------------------------------------------------------------------------------- */

static GLenum draw_buffer(const struct vgl_texture_state *ts, uint32_t i)
{
	if (ts->draw_fbo)
		return ts->draw_fbo->draw_buffers[i];
	return i == 0 && !ts->fb0_draw_none ? GL_BACK : GL_NONE;
}

static GLenum read_buffer(const struct vgl_texture_state *ts)
{
	if (ts->read_fbo)
		return ts->read_fbo->read_buffer;
	return ts->fb0_read_none ? GL_NONE : GL_BACK;
}

/* GL_SAMPLES of the draw framebuffer: 0 when single-sample or incomplete;
 * framebuffer 0 has its surface's (a multisample config's). */
static GLint64 draw_samples(struct vgl_context *ctx)
{
	struct vgl_texture_state *ts = ctx->tex;
	uint32_t n;

	if ((!ts || !ts->draw_fbo) && ctx->draw)
		return ctx->draw->info.samples > 1 ? ctx->draw->info.samples : 0;
	if (!ts || !ts->draw_fbo || vgl_fbo_status(ctx, ts->draw_fbo) != GL_FRAMEBUFFER_COMPLETE)
		return 0;
	n = vgl_fbo_samples(ctx, ts->draw_fbo);
	return n > 1 ? n : 0;
}

bool vgl_framebuffer_get(struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	static const struct vgl_texture_state none; /* nothing bound yet: all defaults */
	const struct vgl_texture_state *ts = ctx->tex ? ctx->tex : &none;

	if (pname == GL_SAMPLES || pname == GL_SAMPLE_BUFFERS) {
		*out = draw_samples(ctx);
		if (pname == GL_SAMPLE_BUFFERS)
			*out = *out != 0;
		return true;
	}
	if (ctx->major < 3 && !vgl_ext_on(ctx, VGL_EXT_EXT_draw_buffers))
		return false;
	if (pname == GL_READ_BUFFER && ctx->major >= 3) {
		*out = read_buffer(ts);
		return true;
	}
	if (pname >= GL_DRAW_BUFFER0 &&
	    pname < GL_DRAW_BUFFER0 + vgl_framebuffer_max_draw_buffers(ctx)) {
		*out = draw_buffer(ts, pname - GL_DRAW_BUFFER0);
		return true;
	}
	return false;
}

const struct vgl_proc vgl_draw_buffers_procs[] = {
	VGL_PROC(DrawBuffers), VGL_PROC(ReadBuffer),
	{ "glDrawBuffersEXT", (void *)vgl_DrawBuffers },
	{ NULL, NULL },
};
