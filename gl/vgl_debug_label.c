/* SPDX-License-Identifier: MIT */
/*
 * KHR_debug object labels: glObjectLabel, glObjectPtrLabel and their
 * queries. A label is kept by the namespace of its object's name
 * (vgl_names_set_label), under that namespace's lock when it is shared.
 */
#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_debug.h"
#include "vgl_procs.h"
#include "vgl_program.h"

/* Where the names of one object type live. */
struct space {
	struct vgl_names *names;
	pthread_mutex_t *lock;     /* NULL: the context's own namespace */
	enum vgl_pobj_kind kind;   /* shaders and programs share one namespace; 0: others */
};

/* The ops of the types a context of this version has (ES 2.0: no samplers,
 * no transform feedback; pipelines from ES 3.1); NULL for other enums. */
static const struct vgl_name_ops *ops_of(const struct vgl_context *ctx, GLenum identifier)
{
	switch (identifier) {
	case GL_BUFFER_KHR: return &vgl_buffer_names;
	case GL_VERTEX_ARRAY_KHR: return &vgl_vao_names;
	case GL_QUERY_KHR: return &vgl_query_names;
	case GL_TEXTURE: return &vgl_texture_names;
	case GL_RENDERBUFFER: return &vgl_renderbuffer_names;
	case GL_FRAMEBUFFER: return &vgl_fbo_names;
	}
	if (ctx->major >= 3 && identifier == GL_SAMPLER_KHR)
		return &vgl_sampler_names;
	if (ctx->major >= 3 && identifier == GL_TRANSFORM_FEEDBACK)
		return &vgl_xfb_names;
	if (vgl_context_es31(ctx) && identifier == GL_PROGRAM_PIPELINE_KHR)
		return &vgl_ppo_names;
	return NULL;
}

/* The namespace of identifier's type; false (GL_INVALID_ENUM, or an error
 * the namespace recorded) when there is none. */
static bool space_of(struct vgl_context *ctx, GLenum identifier, struct space *sp)
{
	const struct vgl_name_ops *ops = ops_of(ctx, identifier);

	*sp = (struct space){ &ctx->share->programs, &ctx->share->lock, VGL_POBJ_SHADER };
	if (identifier == GL_PROGRAM_KHR)
		sp->kind = VGL_POBJ_PROGRAM;
	if (identifier == GL_SHADER_KHR || identifier == GL_PROGRAM_KHR)
		return true;
	if (!ops) {
		vgl_error(ctx, GL_INVALID_ENUM);
		return false;
	}
	sp->kind = 0;
	sp->names = ops->space(ctx, &sp->lock);
	return sp->names != NULL;
}

static struct space sync_space(struct vgl_context *ctx)
{
	return (struct space){ &ctx->share->syncs, &ctx->share->lock, 0 };
}

static void lock(const struct space *sp)
{
	if (sp->lock)
		pthread_mutex_lock(sp->lock);
}

static void unlock(const struct space *sp)
{
	if (sp->lock)
		pthread_mutex_unlock(sp->lock);
}

/* Whether name is an object of the space's type (a generated name is one:
 * glGen* makes objects in the GL model); lock held. */
static bool exists(const struct space *sp, GLuint name)
{
	const enum vgl_pobj_kind *obj;

	if (!sp->kind)
		return vgl_names_is_gen(sp->names, name);
	obj = vgl_names_get(sp->names, name);
	return obj && *obj == sp->kind;
}

/* A copy of an application's label, in *out (NULL for a NULL label: the
 * label goes); false after the spec's GL_INVALID_VALUE for a label of
 * MAX_LABEL_LENGTH characters or more, or GL_OUT_OF_MEMORY. */
static bool label_copy(struct vgl_context *ctx, GLsizei length, const GLchar *label, char **out)
{
	size_t n = length < 0 && label ? strnlen(label, VGL_MAX_LABEL_LENGTH) : (size_t)length;

	*out = NULL;
	if (!label)
		return true;
	if (n >= VGL_MAX_LABEL_LENGTH) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return false;
	}
	*out = strndup(label, n);
	if (!*out)
		vgl_error(ctx, GL_OUT_OF_MEMORY);
	return *out != NULL;
}

static void set_label(struct vgl_context *ctx, const struct space *sp, GLuint name,
		      GLsizei length, const GLchar *label)
{
	char *copy;
	bool ok, stored = false;

	if (!label_copy(ctx, length, label, &copy))
		return;
	lock(sp);
	ok = exists(sp, name);
	if (ok)
		stored = vgl_names_set_label(sp->names, name, copy);
	unlock(sp);
	/* errors after the lock: a debug callback may call GL */
	if (!ok)
		free(copy);
	if (!ok || !stored)
		vgl_error(ctx, ok ? GL_OUT_OF_MEMORY : GL_INVALID_VALUE);
}

/* As glGetObjectLabel writes it: at most bufsize - 1 characters and a NUL;
 * with no buffer, *length is the whole label's length. */
static void get_label(struct vgl_context *ctx, const struct space *sp, GLuint name,
		      GLsizei bufsize, GLsizei *length, GLchar *label)
{
	const char *s;
	bool ok;

	if (bufsize < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	lock(sp);
	ok = exists(sp, name);
	s = ok ? vgl_names_label(sp->names, name) : NULL;
	if (ok && !label && length)
		*length = s ? (GLsizei)strlen(s) : 0;
	else if (ok)
		vgl_copy_string(s ? s : "", bufsize, length, label);
	unlock(sp);
	if (!ok)
		vgl_error(ctx, GL_INVALID_VALUE);
}

static void GL_APIENTRY vgl_ObjectLabelKHR(GLenum identifier, GLuint name, GLsizei length,
					   const GLchar *label)
{
	struct vgl_context *ctx = vgl_current_context();
	struct space sp;

	if (ctx && space_of(ctx, identifier, &sp))
		set_label(ctx, &sp, name, length, label);
}

static void GL_APIENTRY vgl_GetObjectLabelKHR(GLenum identifier, GLuint name, GLsizei bufsize,
					      GLsizei *length, GLchar *label)
{
	struct vgl_context *ctx = vgl_current_context();
	struct space sp;

	if (ctx && space_of(ctx, identifier, &sp))
		get_label(ctx, &sp, name, bufsize, length, label);
}

/* A GLsync is its name (vgl_sync.c); a pointer past 32 bits names nothing. */
static GLuint sync_name(const void *ptr)
{
	return (uintptr_t)ptr <= UINT32_MAX ? (GLuint)(uintptr_t)ptr : 0;
}

static void GL_APIENTRY vgl_ObjectPtrLabelKHR(const void *ptr, GLsizei length, const GLchar *label)
{
	struct vgl_context *ctx = vgl_current_context();
	struct space sp;

	if (!ctx)
		return;
	sp = sync_space(ctx);
	set_label(ctx, &sp, sync_name(ptr), length, label);
}

static void GL_APIENTRY vgl_GetObjectPtrLabelKHR(const void *ptr, GLsizei bufsize,
						 GLsizei *length, GLchar *label)
{
	struct vgl_context *ctx = vgl_current_context();
	struct space sp;

	if (!ctx)
		return;
	sp = sync_space(ctx);
	get_label(ctx, &sp, sync_name(ptr), bufsize, length, label);
}

const struct vgl_proc vgl_debug_label_procs[] = {
	VGL_PROC(ObjectLabelKHR), VGL_PROC(GetObjectLabelKHR),
	VGL_PROC(ObjectPtrLabelKHR), VGL_PROC(GetObjectPtrLabelKHR),
	{ NULL, NULL },
};
