/* SPDX-License-Identifier: MIT */
/* Viewports, scissor boxes and depth ranges (vgl_viewport.h). */
#include "vgl_viewport.h"

#include <math.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_procs.h"

#define VP_DIRTY VGL_DIRTY_BIT(VGL_DIRTY_VIEWPORT)
#define SC_DIRTY VGL_DIRTY_BIT(VGL_DIRTY_SCISSOR)
/* GL_MAX_VIEWPORT_DIMS (vgl_get.c) */
#define MAX_DIM 16384.0f

uint32_t vgl_viewport_device_count(const struct vgl_device *dev)
{
	uint32_t n = dev->props.limits.maxViewports;

	return n < 1 ? 1 : n > VGL_MAX_VIEWPORTS ? VGL_MAX_VIEWPORTS : n;
}

/* The slots the context's calls may name. */
static uint32_t max_viewports(const struct vgl_context *ctx)
{
	return vgl_ext_on(ctx, VGL_EXT_OES_viewport_array) ? VGL_MAX_VIEWPORTS : 1;
}

static float clampf(float v, float lo, float hi)
{
	return v < lo ? lo : v > hi ? hi : v;
}

/* An OES call without the extension: INVALID_OPERATION (as the indexed
 * blend calls without theirs, vgl_blend.c). */
static bool ext_call(struct vgl_context *ctx)
{
	if (vgl_ext_on(ctx, VGL_EXT_OES_viewport_array))
		return true;
	vgl_error(ctx, GL_INVALID_OPERATION);
	return false;
}

/* An OES call with the extension, [first, first + count) within the slots
 * (INVALID_VALUE past them). */
static bool range_ok(struct vgl_context *ctx, GLuint first, GLsizei count)
{
	if (!ext_call(ctx))
		return false;
	if (count < 0 || (uint64_t)first + (uint64_t)count > max_viewports(ctx)) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return false;
	}
	return true;
}

/* ---- viewports ------------------------------------------------------------------------ */

/* x and y clamped to the bounds range with the extension (ES 3.0 has none),
 * width and height to GL_MAX_VIEWPORT_DIMS; negative sizes are the caller's. */
static void store_viewport(struct vgl_context *ctx, uint32_t i, const GLfloat v[4])
{
	bool bounded = vgl_ext_on(ctx, VGL_EXT_OES_viewport_array);
	GLfloat *d = ctx->st.viewport[i];

	d[0] = bounded ? clampf(v[0], VGL_VIEWPORT_BOUND_LO, VGL_VIEWPORT_BOUND_HI) : v[0];
	d[1] = bounded ? clampf(v[1], VGL_VIEWPORT_BOUND_LO, VGL_VIEWPORT_BOUND_HI) : v[1];
	d[2] = v[2] > MAX_DIM ? MAX_DIM : v[2];
	d[3] = v[3] > MAX_DIM ? MAX_DIM : v[3];
	ctx->dirty |= VP_DIRTY;
}

/* Every one of count x, y, w, h has w, h >= 0 (NaN included), or INVALID_VALUE. */
static bool sizes_ok(struct vgl_context *ctx, const GLfloat *v, GLsizei count)
{
	for (GLsizei i = 0; i < count; i++)
		if (!(v[4 * i + 2] >= 0) || !(v[4 * i + 3] >= 0)) {
			vgl_error(ctx, GL_INVALID_VALUE);
			return false;
		}
	return true;
}

static void GL_APIENTRY vgl_ViewportArrayvOES(GLuint first, GLsizei count, const GLfloat *v)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx || !range_ok(ctx, first, count) || !sizes_ok(ctx, v, count))
		return;
	for (GLsizei i = 0; i < count; i++)
		store_viewport(ctx, first + (uint32_t)i, v + 4 * i);
}

static void GL_APIENTRY vgl_ViewportIndexedfvOES(GLuint index, const GLfloat *v)
{
	vgl_ViewportArrayvOES(index, 1, v);
}

static void GL_APIENTRY vgl_ViewportIndexedfOES(GLuint index, GLfloat x, GLfloat y, GLfloat w,
						GLfloat h)
{
	vgl_ViewportArrayvOES(index, 1, (const GLfloat[4]){ x, y, w, h });
}

/* Every viewport (the extension's rule; slot 0 is all ES 3.0 has). */
static void GL_APIENTRY vgl_Viewport(GLint x, GLint y, GLsizei w, GLsizei h)
{
	struct vgl_context *ctx = vgl_current_context();
	const GLfloat v[4] = { (GLfloat)x, (GLfloat)y, (GLfloat)w, (GLfloat)h };

	if (!ctx)
		return;
	if (w < 0 || h < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	/* slot 0 once, then copied to the slots the context has: glViewport
	 * comes between draws */
	store_viewport(ctx, 0, v);
	for (uint32_t i = 1, n = max_viewports(ctx); i < n; i++)
		memcpy(ctx->st.viewport[i], ctx->st.viewport[0], sizeof(ctx->st.viewport[i]));
}

/* ---- depth ranges ------------------------------------------------------------------------ */

static void store_depth_range(struct vgl_context *ctx, uint32_t i, GLfloat n, GLfloat f)
{
	ctx->st.depth_range[i][0] = clampf(n, 0, 1);
	ctx->st.depth_range[i][1] = clampf(f, 0, 1);
	ctx->dirty |= VP_DIRTY;
}

static void GL_APIENTRY vgl_DepthRangeArrayfvOES(GLuint first, GLsizei count, const GLfloat *v)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx || !range_ok(ctx, first, count))
		return;
	for (GLsizei i = 0; i < count; i++)
		store_depth_range(ctx, first + (uint32_t)i, v[2 * i], v[2 * i + 1]);
}

static void GL_APIENTRY vgl_DepthRangeIndexedfOES(GLuint index, GLfloat n, GLfloat f)
{
	vgl_DepthRangeArrayfvOES(index, 1, (const GLfloat[2]){ n, f });
}

static void GL_APIENTRY vgl_DepthRangef(GLfloat n, GLfloat f)
{
	struct vgl_context *ctx = vgl_current_context();

	for (uint32_t i = 0; ctx && i < VGL_MAX_VIEWPORTS; i++)
		store_depth_range(ctx, i, n, f);
}

/* ---- scissor boxes ------------------------------------------------------------------------ */

static void store_scissor(struct vgl_context *ctx, uint32_t i, const GLint v[4])
{
	memcpy(ctx->st.scissor[i], v, sizeof(ctx->st.scissor[i]));
	ctx->dirty |= SC_DIRTY;
}

static void GL_APIENTRY vgl_ScissorArrayvOES(GLuint first, GLsizei count, const GLint *v)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx || !range_ok(ctx, first, count))
		return;
	for (GLsizei i = 0; i < count; i++)
		if (v[4 * i + 2] < 0 || v[4 * i + 3] < 0) {
			vgl_error(ctx, GL_INVALID_VALUE);
			return;
		}
	for (GLsizei i = 0; i < count; i++)
		store_scissor(ctx, first + (uint32_t)i, v + 4 * i);
}

static void GL_APIENTRY vgl_ScissorIndexedvOES(GLuint index, const GLint *v)
{
	vgl_ScissorArrayvOES(index, 1, v);
}

static void GL_APIENTRY vgl_ScissorIndexedOES(GLuint index, GLint x, GLint y, GLsizei w, GLsizei h)
{
	vgl_ScissorArrayvOES(index, 1, (const GLint[4]){ x, y, w, h });
}

static void GL_APIENTRY vgl_Scissor(GLint x, GLint y, GLsizei w, GLsizei h)
{
	struct vgl_context *ctx = vgl_current_context();

	if (!ctx)
		return;
	if (w < 0 || h < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	for (uint32_t i = 0, n = max_viewports(ctx); i < n; i++)
		memcpy(ctx->st.scissor[i], (const GLint[4]){ x, y, w, h }, sizeof(ctx->st.scissor[i]));
	ctx->dirty |= SC_DIRTY;
}

void vgl_viewport_init_size(struct vgl_context *ctx, GLsizei w, GLsizei h)
{
	for (uint32_t i = 0; i < VGL_MAX_VIEWPORTS; i++) {
		ctx->st.viewport[i][2] = (GLfloat)w;
		ctx->st.viewport[i][3] = (GLfloat)h;
		ctx->st.scissor[i][2] = w;
		ctx->st.scissor[i][3] = h;
	}
	ctx->dirty |= VP_DIRTY | SC_DIRTY;
}

/* ---- the scissor test ------------------------------------------------------------------------ */

void vgl_viewport_scissor_test_all(struct vgl_context *ctx, bool on)
{
	for (uint32_t i = 0; i < VGL_MAX_VIEWPORTS; i++)
		ctx->st.scissor_test[i] = on;
	ctx->dirty |= SC_DIRTY;
}

/* An indexed GL_SCISSOR_TEST call with the extension, its index below
 * GL_MAX_VIEWPORTS_OES (INVALID_VALUE past it). */
static bool scissor_index(struct vgl_context *ctx, GLenum target, GLuint index, bool *ok)
{
	if (target != GL_SCISSOR_TEST || !vgl_ext_on(ctx, VGL_EXT_OES_viewport_array))
		return false;
	*ok = index < VGL_MAX_VIEWPORTS;
	if (!*ok)
		vgl_error(ctx, GL_INVALID_VALUE);
	return true;
}

bool vgl_viewport_enablei(struct vgl_context *ctx, GLenum target, GLuint index, bool on)
{
	bool ok;

	if (!scissor_index(ctx, target, index, &ok))
		return false;
	if (ok && ctx->st.scissor_test[index] != on) {
		ctx->st.scissor_test[index] = on;
		ctx->dirty |= SC_DIRTY;
	}
	return true;
}

bool vgl_viewport_is_enabledi(struct vgl_context *ctx, GLenum target, GLuint index,
			      GLboolean *out)
{
	bool ok;

	if (!scissor_index(ctx, target, index, &ok))
		return false;
	*out = ok && ctx->st.scissor_test[index] ? GL_TRUE : GL_FALSE;
	return true;
}

/* ---- indexed queries ------------------------------------------------------------------------ */

/* The slot's values of target as floats; how many, 0 after an error, -1 if
 * target is not one of these. */
static int slot_values(struct vgl_context *ctx, GLenum target, GLuint index, GLfloat out[4])
{
	const struct vgl_state *st = &ctx->st;

	if ((target != GL_VIEWPORT && target != GL_SCISSOR_BOX && target != GL_DEPTH_RANGE) ||
	    !vgl_ext_on(ctx, VGL_EXT_OES_viewport_array))
		return -1;
	if (index >= VGL_MAX_VIEWPORTS) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return 0;
	}
	if (target == GL_DEPTH_RANGE) {
		memcpy(out, st->depth_range[index], 2 * sizeof(GLfloat));
		return 2;
	}
	for (int k = 0; k < 4; k++)
		out[k] = target == GL_VIEWPORT ? st->viewport[index][k] : (GLfloat)st->scissor[index][k];
	return 4;
}

/* Every value rounded, depth ranges too: unlike glGetIntegerv's
 * GL_DEPTH_RANGE, the indexed one is not mapped to the integer range (what
 * Mesa does and piglit's viewport array queries test). */
int vgl_viewport_get_indexed(struct vgl_context *ctx, GLenum target, GLuint index,
			     GLint64 out[4])
{
	GLfloat f[4];
	int n = slot_values(ctx, target, index, f);

	if (target == GL_SCISSOR_BOX && n == 4) {   /* exact, past float's 24 bits too */
		for (int k = 0; k < 4; k++)
			out[k] = ctx->st.scissor[index][k];
		return n;
	}
	for (int k = 0; k < n; k++)
		out[k] = (GLint64)llround(f[k]);
	return n;
}

static void GL_APIENTRY vgl_GetFloati_vOES(GLenum target, GLuint index, GLfloat *data)
{
	struct vgl_context *ctx = vgl_current_context();
	GLfloat f[4];
	int n;

	if (!ctx || !ext_call(ctx))
		return;
	n = slot_values(ctx, target, index, f);
	if (n < 0)
		vgl_error(ctx, GL_INVALID_ENUM);
	for (int k = 0; data && k < n; k++)
		data[k] = f[k];
}

const struct vgl_proc vgl_viewport_procs[] = {
	VGL_PROC(Viewport), VGL_PROC(Scissor), VGL_PROC(DepthRangef),
	VGL_PROC(ViewportArrayvOES), VGL_PROC(ViewportIndexedfOES), VGL_PROC(ViewportIndexedfvOES),
	VGL_PROC(ScissorArrayvOES), VGL_PROC(ScissorIndexedOES), VGL_PROC(ScissorIndexedvOES),
	VGL_PROC(DepthRangeArrayfvOES), VGL_PROC(DepthRangeIndexedfOES), VGL_PROC(GetFloati_vOES),
	{ NULL, NULL },
};
