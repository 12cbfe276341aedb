/* SPDX-License-Identifier: MIT */
/* Framebuffer objects: names, binding and attachments (vgl_fbo.h). */
#include "vgl_fbo.h"

#include <stdlib.h>

#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_names.h"
#include "vgl_procs.h"
#include "vgl_renderbuffer.h"
#include "vgl_texture.h"

static void release(struct vgl_fbo_attachment *a)
{
	vgl_texture_unref(a->tex);
	vgl_renderbuffer_unref(a->rb);
	*a = (struct vgl_fbo_attachment){ .type = GL_NONE };
}

static void fbo_free(struct vgl_fbo *f)
{
	for (int i = 0; i < VGL_ATT_COUNT; i++)
		release(&f->att[i]);
	free(f);
}

static void release_fbo(void *obj)
{
	fbo_free(obj);
}

void vgl_fbo_destroy_all(struct vgl_context *ctx)
{
	vgl_names_drain(ctx->tex->fbos, release_fbo);
	ctx->tex->draw_fbo = ctx->tex->read_fbo = NULL;
}

bool vgl_fbo_bound(struct vgl_context *ctx, bool draw)
{
	struct vgl_texture_state *ts = ctx->tex;

	return ts && (draw ? ts->draw_fbo : ts->read_fbo);
}

void vgl_fbo_changed(struct vgl_context *ctx, struct vgl_fbo *f)
{
	f->stamp = ++ctx->tex->fbo_stamps;
}

static void detach_from(struct vgl_context *ctx, struct vgl_fbo *f, const struct vgl_texture *t,
			const struct vgl_renderbuffer *rb)
{
	for (int i = 0; f && i < VGL_ATT_COUNT; i++) {
		if ((t && f->att[i].tex == t) || (rb && f->att[i].rb == rb)) {
			release(&f->att[i]);
			vgl_fbo_changed(ctx, f);
		}
	}
}

void vgl_fbo_detach(struct vgl_context *ctx, const struct vgl_texture *t,
		    const struct vgl_renderbuffer *rb)
{
	if (!ctx->tex)
		return;
	detach_from(ctx, ctx->tex->draw_fbo, t, rb);
	detach_from(ctx, ctx->tex->read_fbo, t, rb);
}

/* ---- names and binding ------------------------------------------------------------------ */

/* Framebuffers are per context, with the texture state. */
static struct vgl_names *fbo_space(struct vgl_context *ctx, pthread_mutex_t **lock)
{
	struct vgl_texture_state *ts = vgl_texture_state(ctx);

	*lock = NULL;
	return ts ? ts->fbos : NULL;
}

/* GL: deleting a bound framebuffer binds framebuffer 0 */
static void fbo_gone(struct vgl_context *ctx, void *obj)
{
	struct vgl_texture_state *ts = ctx->tex;

	if (ts->draw_fbo == obj)
		ts->draw_fbo = NULL;
	if (ts->read_fbo == obj)
		ts->read_fbo = NULL;
	fbo_free(obj);
}

const struct vgl_name_ops vgl_fbo_names = { .space = fbo_space, .gone = fbo_gone };

static void GL_APIENTRY vgl_GenFramebuffers(GLsizei n, GLuint *names)
{
	vgl_names_gen_gl(&vgl_fbo_names, n, names);
}

static void GL_APIENTRY vgl_DeleteFramebuffers(GLsizei n, const GLuint *names)
{
	vgl_names_delete_gl(&vgl_fbo_names, n, names);
}

static GLboolean GL_APIENTRY vgl_IsFramebuffer(GLuint name)
{
	return vgl_names_is_gl(&vgl_fbo_names, name);
}

static struct vgl_fbo *lookup_or_create(struct vgl_context *ctx, GLuint name)
{
	struct vgl_names *n = ctx->tex->fbos;
	struct vgl_fbo *f = vgl_names_get(n, name);

	if (f)
		return f;
	f = calloc(1, sizeof(*f));
	if (f && !vgl_names_set(n, name, f)) {
		free(f);
		f = NULL;
	}
	if (!f) {
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return NULL;
	}
	f->name = name;
	/* ES 3.0 §4.2.1: draw buffer 0 and the read buffer are attachment 0 */
	f->draw_buffers[0] = GL_COLOR_ATTACHMENT0;
	f->read_buffer = GL_COLOR_ATTACHMENT0;
	vgl_fbo_changed(ctx, f);
	return f;
}

static bool valid_target(const struct vgl_context *ctx, GLenum target)
{
	return target == GL_FRAMEBUFFER ||
	       (ctx->major >= 3 && (target == GL_DRAW_FRAMEBUFFER || target == GL_READ_FRAMEBUFFER));
}

static void GL_APIENTRY vgl_BindFramebuffer(GLenum target, GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_texture_state *ts;
	struct vgl_fbo *f = NULL;

	if (!ctx)
		return;
	if (!valid_target(ctx, target)) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	ts = vgl_texture_state(ctx);
	if (!ts || (name && !(f = lookup_or_create(ctx, name))))
		return;
	if (target != GL_READ_FRAMEBUFFER)
		ts->draw_fbo = f;
	if (target != GL_DRAW_FRAMEBUFFER)
		ts->read_fbo = f;
	ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_VIEWPORT) | VGL_DIRTY_BIT(VGL_DIRTY_SCISSOR);
}

/* The FBO bound to target; NULL with GL_INVALID_OPERATION for framebuffer 0. */
struct vgl_fbo *vgl_fbo_target(struct vgl_context *ctx, GLenum target)
{
	struct vgl_texture_state *ts = vgl_texture_state(ctx);
	struct vgl_fbo *f;

	if (!ts)
		return NULL;
	f = target == GL_READ_FRAMEBUFFER ? ts->read_fbo : ts->draw_fbo;
	if (!f)
		vgl_error(ctx, GL_INVALID_OPERATION);
	return f;
}

/* The attachment slots an attachment point names (two for DEPTH_STENCIL). */
static int attachment_slots(const struct vgl_context *ctx, GLenum att, int slots[2])
{
	switch (att) {
	case GL_COLOR_ATTACHMENT0: slots[0] = VGL_ATT_COLOR; return 1;
	case GL_DEPTH_ATTACHMENT: slots[0] = VGL_ATT_DEPTH; return 1;
	case GL_STENCIL_ATTACHMENT: slots[0] = VGL_ATT_STENCIL; return 1;
	}
	if (ctx->major >= 3 && att == GL_DEPTH_STENCIL_ATTACHMENT) {
		slots[0] = VGL_ATT_DEPTH;
		slots[1] = VGL_ATT_STENCIL;
		return 2;
	}
	if ((ctx->major >= 3 || vgl_ext_on(ctx, VGL_EXT_NV_fbo_color_attachments)) &&
	    att > GL_COLOR_ATTACHMENT0 &&
	    att < GL_COLOR_ATTACHMENT0 + vgl_framebuffer_max_draw_buffers(ctx)) {
		slots[0] = vgl_fbo_color_slot(att - GL_COLOR_ATTACHMENT0);
		return 1;
	}
	return 0;
}

/* The slots of target's attachment point, or 0 with GL_INVALID_ENUM (in
 * ES also for a colour attachment past GL_MAX_COLOR_ATTACHMENTS, where
 * desktop GL says INVALID_OPERATION). */
static int target_slots(struct vgl_context *ctx, GLenum target, GLenum att, int slots[2])
{
	int n = valid_target(ctx, target) ? attachment_slots(ctx, att, slots) : 0;

	if (!n)
		vgl_error(ctx, GL_INVALID_ENUM);
	return n;
}

static void attach(struct vgl_context *ctx, struct vgl_fbo *f, const int *slots, int n,
		   const struct vgl_fbo_attachment *a)
{
	vgl_fbo_changed(ctx, f);
	for (int i = 0; i < n; i++) {
		struct vgl_fbo_attachment *dst = &f->att[slots[i]];

		vgl_texture_ref(a->tex);
		vgl_renderbuffer_ref(a->rb);
		release(dst);
		*dst = *a;
	}
}

/* ---- attaching ---------------------------------------------------------------------------------- */

/* Attaches a, or raises err. */
static void attach_or_fail(struct vgl_context *ctx, struct vgl_fbo *f, const int *slots, int n,
			   GLenum err, const struct vgl_fbo_attachment *a)
{
	if (err != GL_NO_ERROR)
		vgl_error(ctx, err);
	else
		attach(ctx, f, slots, n, a);
}

static GLenum texture_attachment(struct vgl_context *ctx, GLenum textarget, GLuint name,
				 GLint level, struct vgl_fbo_attachment *a)
{
	GLenum tt;

	a->type = name ? GL_TEXTURE : GL_NONE;
	if (!name)
		return GL_NO_ERROR;
	if (textarget == GL_TEXTURE_2D_MULTISAMPLE && vgl_context_es31(ctx))
		tt = textarget;    /* its one image, face 0 */
	else if (!vgl_texture_face(textarget, &tt, &a->face))
		return GL_INVALID_ENUM;
	a->tex = vgl_texture_lookup(ctx, name);
	if (!a->tex || a->tex->target != tt)
		return GL_INVALID_OPERATION;
	/* any level: ES 3.0, and ES 2.0 with OES_fbo_render_mipmap; a
	 * multisample texture has level 0 only (ES 3.1 §9.2.8) */
	if (level < 0 || level >= VGL_MAX_LEVELS || (tt == GL_TEXTURE_2D_MULTISAMPLE && level))
		return GL_INVALID_VALUE;
	a->level = (uint32_t)level;
	return GL_NO_ERROR;
}

static void GL_APIENTRY vgl_FramebufferTexture2D(GLenum target, GLenum attachment,
						 GLenum textarget, GLuint texture, GLint level)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_fbo_attachment a = { 0 };
	struct vgl_fbo *f;
	int slots[2], n;
	GLenum err;

	if (!ctx)
		return;
	if (!(n = target_slots(ctx, target, attachment, slots)) || !(f = vgl_fbo_target(ctx, target)))
		return;
	err = texture_attachment(ctx, textarget, texture, level, &a);
	attach_or_fail(ctx, f, slots, n, err, &a);
}

static void GL_APIENTRY vgl_FramebufferRenderbuffer(GLenum target, GLenum attachment,
						    GLenum rbtarget, GLuint renderbuffer)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_fbo_attachment a = { .type = renderbuffer ? GL_RENDERBUFFER : GL_NONE };
	struct vgl_fbo *f;
	int slots[2], n;

	if (!ctx)
		return;
	if (rbtarget != GL_RENDERBUFFER && renderbuffer) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (!(n = target_slots(ctx, target, attachment, slots)) || !(f = vgl_fbo_target(ctx, target)))
		return;
	if (renderbuffer && !(a.rb = vgl_renderbuffer_lookup(ctx, renderbuffer))) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	attach(ctx, f, slots, n, &a);
}

/* The layer attachment of glFramebufferTextureLayer (ES 3.0). */
static GLenum layer_attachment(struct vgl_context *ctx, GLuint name, GLint level, GLint layer,
			       struct vgl_fbo_attachment *a)
{
	const VkPhysicalDeviceLimits *l = &ctx->dev->props.limits;

	a->type = name ? GL_TEXTURE : GL_NONE;
	if (!name)
		return GL_NO_ERROR;
	a->tex = vgl_texture_lookup(ctx, name);
	if (!a->tex || (a->tex->target != GL_TEXTURE_3D && a->tex->target != GL_TEXTURE_2D_ARRAY &&
			a->tex->target != GL_TEXTURE_CUBE_MAP_ARRAY_EXT &&
			a->tex->target != GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES))
		return GL_INVALID_OPERATION;
	if (level < 0 || level > vgl_texture_max_level(ctx, a->tex->target) || layer < 0 ||
	    (a->tex->target == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES && level) ||
	    (uint32_t)layer >= (a->tex->target == GL_TEXTURE_3D ? l->maxImageDimension3D
								  : l->maxImageArrayLayers))
		return GL_INVALID_VALUE;
	a->level = (uint32_t)level;
	a->layer = (uint32_t)layer;
	return GL_NO_ERROR;
}

static void GL_APIENTRY vgl_FramebufferTextureLayer(GLenum target, GLenum attachment,
						    GLuint texture, GLint level, GLint layer)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_fbo_attachment a = { 0 };
	struct vgl_fbo *f;
	int slots[2], n;
	GLenum err;

	if (!ctx)
		return;
	if (ctx->major < 3) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return;
	}
	if (!(n = target_slots(ctx, target, attachment, slots)) || !(f = vgl_fbo_target(ctx, target)))
		return;
	err = layer_attachment(ctx, texture, level, layer, &a);
	attach_or_fail(ctx, f, slots, n, err, &a);
}

static bool layered_target(GLenum t)
{
	return t == GL_TEXTURE_3D || t == GL_TEXTURE_2D_ARRAY || t == GL_TEXTURE_CUBE_MAP ||
	       t == GL_TEXTURE_CUBE_MAP_ARRAY_EXT || t == GL_TEXTURE_2D_MULTISAMPLE_ARRAY_OES;
}

/* The attachment of glFramebufferTextureEXT (EXT_geometry_shader): a
 * whole level, layered for a 3D, 2D array, cube map or cube map array
 * texture, its one image for a 2D or 2D multisample one. */
static GLenum level_attachment(struct vgl_context *ctx, GLuint name, GLint level,
			       struct vgl_fbo_attachment *a)
{
	a->type = name ? GL_TEXTURE : GL_NONE;
	if (!name)
		return GL_NO_ERROR;
	a->tex = vgl_texture_lookup(ctx, name);
	if (!a->tex)
		return GL_INVALID_OPERATION;
	a->layered = layered_target(a->tex->target);
	if (!a->layered && a->tex->target != GL_TEXTURE_2D &&
	    a->tex->target != GL_TEXTURE_2D_MULTISAMPLE)
		return GL_INVALID_OPERATION;
	if (level < 0 || level >= VGL_MAX_LEVELS ||
	    (vgl_texture_target_ms(a->tex->target) && level))
		return GL_INVALID_VALUE;
	a->level = (uint32_t)level;
	return GL_NO_ERROR;
}

static void GL_APIENTRY vgl_FramebufferTextureOES(GLenum target, GLenum attachment,
						  GLuint texture, GLint level)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_fbo_attachment a = { 0 };
	struct vgl_fbo *f;
	int slots[2], n;

	if (!ctx)
		return;
	if (!vgl_ext_on(ctx, VGL_EXT_EXT_geometry_shader)) {
		vgl_error(ctx, GL_INVALID_OPERATION);  /* no such entry point here */
		return;
	}
	if (!(n = target_slots(ctx, target, attachment, slots)) || !(f = vgl_fbo_target(ctx, target)))
		return;
	attach_or_fail(ctx, f, slots, n, level_attachment(ctx, texture, level, &a), &a);
}

const struct vgl_proc vgl_fbo_procs[] = {
	VGL_PROC(GenFramebuffers), VGL_PROC(DeleteFramebuffers), VGL_PROC(IsFramebuffer),
	VGL_PROC(BindFramebuffer), VGL_PROC(FramebufferTexture2D),
	VGL_PROC(FramebufferRenderbuffer), VGL_PROC(FramebufferTextureLayer),
	VGL_PROC(FramebufferTextureOES), VGL_PROC_EXT(FramebufferTexture),
	{ NULL, NULL },
};
