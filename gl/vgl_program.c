/* SPDX-License-Identifier: MIT */
/*
 * Program objects: create, attach, link, use, delete, and the program and
 * attribute queries. Uniforms are in vgl_uniform.c, uniform blocks in
 * vgl_ubo.c.
 */
#include <assert.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "vgl_compute.h"
#include "vgl_context.h"
#include "vgl_debug.h"
#include "vgl_extensions.h"
#include "vgl_procs.h"
#include "vgl_program.h"
#include "vgl_xfb.h"

GLuint vgl_program_name(const struct vgl_program *p)
{
	return p->name;
}

/* Programs let go of their shaders when they lose their name (or at the
 * share group's teardown), never later: batches may hold a program long
 * after GL deleted it. */
static void program_free(struct vgl_program *p)
{
	assert(!p->vs && !p->fs && !p->cs && !p->gs && !p->tcs && !p->tes);
	vgl_linked_unref(p->linked);
	for (uint32_t i = 0; i < p->nr_bindings; i++)
		free(p->bindings[i].name);
	free(p->bindings);
	free(p->info_log);
	vgl_program_xfb_names_free(p);
	free(p);
}

static void program_destroy(struct vgl_object *o)
{
	program_free((struct vgl_program *)((char *)o - offsetof(struct vgl_program, obj)));
}

void vgl_program_unref(struct vgl_program *p)
{
	if (p)
		vgl_object_unref(&p->obj);
}

static void detach_all_locked(struct vgl_share *s, struct vgl_program *p)
{
	if (p->vs)
		vgl_shader_detach_locked(s, p->vs);
	if (p->fs)
		vgl_shader_detach_locked(s, p->fs);
	if (p->cs)
		vgl_shader_detach_locked(s, p->cs);
	if (p->gs)
		vgl_shader_detach_locked(s, p->gs);
	if (p->tcs)
		vgl_shader_detach_locked(s, p->tcs);
	if (p->tes)
		vgl_shader_detach_locked(s, p->tes);
	p->vs = p->fs = p->cs = p->gs = p->tcs = p->tes = NULL;
}

/* GL deletes the program now: its name goes and its shaders are detached;
 * the caller drops the name's reference after unlocking. */
static void unname_locked(struct vgl_share *s, struct vgl_program *p)
{
	vgl_names_remove(&s->programs, p->name);
	detach_all_locked(s, p);
}

static void detach_for_teardown(void *obj, void *data)
{
	struct vgl_program *p = obj;

	if (p->kind == VGL_POBJ_PROGRAM)
		detach_all_locked(data, p);
}

void vgl_program_share_finish(struct vgl_share *s)
{
	pthread_mutex_lock(&s->lock);
	vgl_names_each(&s->programs, detach_for_teardown, s);
	pthread_mutex_unlock(&s->lock);
}

void vgl_program_object_delete(void *obj)
{
	enum vgl_pobj_kind *kind = obj;

	if (!kind)
		return;
	if (*kind == VGL_POBJ_SHADER)
		vgl_shader_free(obj); /* vgl_program_share_finish detached it */
	else
		vgl_program_unref(obj);
}

struct vgl_program *vgl_program_create(struct vgl_context *ctx)
{
	struct vgl_program *p = vgl_pobj_alloc(ctx, sizeof(*p), VGL_POBJ_PROGRAM);

	GLuint name;

	if (!p)
		return NULL;
	vgl_object_init(&p->obj, program_destroy);
	/* out of names, p is freed */
	name = vgl_pobj_name(ctx, &p->kind);
	if (!name)
		return NULL;
	p->name = name;
	return p;
}

static GLuint GL_APIENTRY vgl_CreateProgram(void)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p = ctx ? vgl_program_create(ctx) : NULL;

	return p ? p->name : 0;
}

/* A program current in some context keeps its name, flagged, until no
 * context uses it (vgl_program_make_current); deleting it again changes
 * nothing. */
static void GL_APIENTRY vgl_DeleteProgram(GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p;
	bool gone = false;
	GLenum error;

	if (!ctx || name == 0)
		return;
	pthread_mutex_lock(&ctx->share->lock);
	p = vgl_pobj_find_locked(ctx, name, VGL_POBJ_PROGRAM, &error);
	if (p && !p->delete_pending) {
		p->delete_pending = true;
		gone = p->uses == 0;
		if (gone)
			unname_locked(ctx->share, p);
	}
	pthread_mutex_unlock(&ctx->share->lock);
	if (error != GL_NO_ERROR)
		vgl_error(ctx, error);
	if (gone)
		vgl_program_unref(p);
}

/* *slot, a use of a program, becomes p (its reference passed on): the last
 * use of a deleted program takes its name along. */
static void replace_use(struct vgl_context *ctx, struct vgl_program **slot, struct vgl_program *p)
{
	struct vgl_program *old = *slot;
	bool gone = false;

	pthread_mutex_lock(&ctx->share->lock);
	if (p)
		p->uses++;
	if (old && --old->uses == 0 && old->delete_pending) {
		gone = true;
		unname_locked(ctx->share, old);
	}
	pthread_mutex_unlock(&ctx->share->lock);
	*slot = p;
	vgl_program_unref(old);
	if (gone)
		vgl_program_unref(old);
}

void vgl_program_make_current(struct vgl_context *ctx, struct vgl_program *p)
{
	replace_use(ctx, &ctx->program, p);
}

void vgl_program_use(struct vgl_context *ctx, struct vgl_program **slot, struct vgl_program *p)
{
	if (p)
		vgl_object_ref(&p->obj);
	replace_use(ctx, slot, p);
}

static GLboolean GL_APIENTRY vgl_IsProgram(GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	enum vgl_pobj_kind *obj;

	if (!ctx)
		return GL_FALSE;
	pthread_mutex_lock(&ctx->share->lock);
	obj = vgl_names_get(&ctx->share->programs, name);
	pthread_mutex_unlock(&ctx->share->lock);
	return obj && *obj == VGL_POBJ_PROGRAM ? GL_TRUE : GL_FALSE;
}

static bool lookup_pair(struct vgl_context *ctx, GLuint program, GLuint shader,
			struct vgl_program **p, struct vgl_shader **sh)
{
	*p = vgl_pobj_lookup(ctx, program, VGL_POBJ_PROGRAM);
	*sh = *p ? vgl_pobj_lookup(ctx, shader, VGL_POBJ_SHADER) : NULL;
	return *p && *sh;
}

static struct vgl_shader **stage_slot(struct vgl_program *p, const struct vgl_shader *sh)
{
	switch (sh->type) {
	case GL_VERTEX_SHADER: return &p->vs;
	case GL_COMPUTE_SHADER: return &p->cs;
	case GL_GEOMETRY_SHADER_EXT: return &p->gs;
	case GL_TESS_CONTROL_SHADER_EXT: return &p->tcs;
	case GL_TESS_EVALUATION_SHADER_EXT: return &p->tes;
	default: return &p->fs;
	}
}

static void GL_APIENTRY vgl_AttachShader(GLuint program, GLuint shader)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p;
	struct vgl_shader *sh, **slot;

	if (!ctx || !lookup_pair(ctx, program, shader, &p, &sh))
		return;
	slot = stage_slot(p, sh);
	if (*slot) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	*slot = sh;
	pthread_mutex_lock(&ctx->share->lock);
	sh->attached++;
	pthread_mutex_unlock(&ctx->share->lock);
}

static void GL_APIENTRY vgl_DetachShader(GLuint program, GLuint shader)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p;
	struct vgl_shader *sh, **slot;

	if (!ctx || !lookup_pair(ctx, program, shader, &p, &sh))
		return;
	slot = stage_slot(p, sh);
	if (*slot != sh) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	*slot = NULL;
	pthread_mutex_lock(&ctx->share->lock);
	vgl_shader_detach_locked(ctx->share, sh);
	pthread_mutex_unlock(&ctx->share->lock);
}

static void GL_APIENTRY vgl_GetAttachedShaders(GLuint program, GLsizei max, GLsizei *count,
					       GLuint *shaders)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p;
	GLsizei n = 0;

	if (!ctx)
		return;
	if (max < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	p = vgl_pobj_lookup(ctx, program, VGL_POBJ_PROGRAM);
	if (!p)
		return;
	if (!shaders)
		max = 0; /* nowhere to write: none written, a count of 0 */
	if (p->vs && n < max)
		shaders[n++] = p->vs->name;
	if (p->fs && n < max)
		shaders[n++] = p->fs->name;
	if (p->cs && n < max)
		shaders[n++] = p->cs->name;
	if (p->gs && n < max)
		shaders[n++] = p->gs->name;
	if (p->tcs && n < max)
		shaders[n++] = p->tcs->name;
	if (p->tes && n < max)
		shaders[n++] = p->tes->name;
	if (count)
		*count = n;
}

static void GL_APIENTRY vgl_BindAttribLocation(GLuint program, GLuint index, const GLchar *name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_attrib_binding *b;
	struct vgl_program *p;

	if (!ctx)
		return;
	if (index >= VGL_MAX_ATTRIBS) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	p = vgl_pobj_lookup(ctx, program, VGL_POBJ_PROGRAM);
	if (!p)
		return;
	if (strncmp(name, "gl_", 3) == 0) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	for (uint32_t i = 0; i < p->nr_bindings; i++)
		if (strcmp(p->bindings[i].name, name) == 0) {
			p->bindings[i].location = index;
			return;
		}
	b = realloc(p->bindings, (p->nr_bindings + 1) * sizeof(*b));
	if (!b || !(b[p->nr_bindings].name = strdup(name))) {
		if (b)
			p->bindings = b;
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return;
	}
	b[p->nr_bindings++].location = index;
	p->bindings = b;
}

void vgl_program_set_link(struct vgl_context *ctx, struct vgl_program *p, int ret,
			  struct vgl_linked *l, char *log)
{
	free(p->info_log);
	p->info_log = log;
	p->link_status = ret == VGL_OK;
	if (ret != VGL_OK && ctx->debug_output)
		vgl_debug_shader_log(ctx, VGL_DEBUG_ID_LINK, p->info_log);
	if (ret == VGL_ERROR_OUT_OF_MEMORY)
		vgl_error(ctx, GL_OUT_OF_MEMORY);
	if (ret != VGL_OK)
		return;
	vgl_linked_unref(p->linked);
	p->linked = l;
	if (ctx->program == p)
		ctx->dirty |= VGL_DIRTY_ALL;
}

static void GL_APIENTRY vgl_LinkProgram(GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l;
	struct vgl_program *p;
	char *log = NULL;
	int ret;

	if (!ctx)
		return;
	p = vgl_pobj_lookup(ctx, name, VGL_POBJ_PROGRAM);
	if (!p)
		return;
	if (vgl_xfb_uses_program(ctx, p)) {
		vgl_error(ctx, GL_INVALID_OPERATION); /* ES 3.0 section 2.15.2 */
		return;
	}
	ret = vgl_linked_create(ctx, p, &l, &log);
	vgl_program_set_link(ctx, p, ret, l, log);
}

static void GL_APIENTRY vgl_UseProgram(GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p = NULL;

	if (!ctx)
		return;
	if (vgl_xfb_blocks_use_program(ctx)) {
		vgl_error(ctx, GL_INVALID_OPERATION); /* ES 3.0 section 2.15.2 */
		return;
	}
	if (name) {
		p = vgl_pobj_lookup(ctx, name, VGL_POBJ_PROGRAM);
		if (!p)
			return;
		if (!p->link_status) {
			vgl_error(ctx, GL_INVALID_OPERATION);
			return;
		}
		vgl_object_ref(&p->obj);
	}
	vgl_program_make_current(ctx, p);
	ctx->dirty |= VGL_DIRTY_ALL;
}

static void GL_APIENTRY vgl_ValidateProgram(GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p;

	if (!ctx)
		return;
	p = vgl_pobj_lookup(ctx, name, VGL_POBJ_PROGRAM);
	if (p)
		p->validate_status = p->link_status;
}

/* ---- queries ------------------------------------------------------------------------------- */

static GLint max_name_length(const struct vgl_attrib_info *v, uint32_t n)
{
	GLint m = 0;

	for (uint32_t i = 0; i < n; i++)
		if ((GLint)strlen(v[i].name) + 1 > m)
			m = (GLint)strlen(v[i].name) + 1;
	return m;
}

static GLint max_uniform_length(const struct vgl_linked *l)
{
	GLint m = 0;

	for (uint32_t i = 0; l && i < l->nr_uniforms; i++) {
		GLint n = (GLint)strlen(l->uniforms[i].name) + 1 + (l->uniforms[i].array_size ? 3 : 0);

		m = n > m ? n : m;
	}
	return m;
}

static GLint max_block_length(const struct vgl_linked *l)
{
	GLint m = 0;

	for (uint32_t i = 0; l && i < l->nr_blocks; i++)
		if ((GLint)strlen(l->blocks[i].name) + 1 > m)
			m = (GLint)strlen(l->blocks[i].name) + 1;
	return m;
}

static bool program_param(const struct vgl_context *ctx, const struct vgl_program *p,
			  GLenum pname, GLint *out)
{
	const struct vgl_linked *l = p->linked;

	switch (pname) {
	case GL_DELETE_STATUS: *out = p->delete_pending; return true;
	case GL_LINK_STATUS: *out = p->link_status; return true;
	case GL_VALIDATE_STATUS: *out = p->validate_status; return true;
	case GL_INFO_LOG_LENGTH:
		*out = p->info_log && *p->info_log ? (GLint)strlen(p->info_log) + 1 : 0;
		return true;
	case GL_ATTACHED_SHADERS:
		*out = (p->vs != NULL) + (p->fs != NULL) + (p->cs != NULL) + (p->gs != NULL) +
		       (p->tcs != NULL) + (p->tes != NULL);
		return true;
	case GL_ACTIVE_ATTRIBUTES: *out = l ? (GLint)l->nr_attribs : 0; return true;
	case GL_ACTIVE_ATTRIBUTE_MAX_LENGTH:
		*out = l ? max_name_length(l->attribs, l->nr_attribs) : 0;
		return true;
	case GL_ACTIVE_UNIFORMS: *out = l ? (GLint)l->nr_uniforms : 0; return true;
	case GL_ACTIVE_UNIFORM_MAX_LENGTH: *out = max_uniform_length(l); return true;
	}
	if (pname == GL_PROGRAM_SEPARABLE && vgl_context_sso(ctx)) {
		*out = p->separable;
		return true;
	}
	if (ctx->major < 3)
		return false;
	switch (pname) {
	case GL_ACTIVE_UNIFORM_BLOCKS: *out = l ? (GLint)l->nr_blocks : 0; return true;
	case GL_ACTIVE_UNIFORM_BLOCK_MAX_NAME_LENGTH: *out = max_block_length(l); return true;
	case GL_PROGRAM_BINARY_RETRIEVABLE_HINT: *out = p->binary_retrievable_hint; return true;
	case GL_PROGRAM_BINARY_LENGTH:
		*out = l && p->link_status ? (GLint)l->binary_size : 0;
		return true;
	}
	if (pname == GL_ACTIVE_ATOMIC_COUNTER_BUFFERS && vgl_context_es31(ctx)) {
		*out = l ? (GLint)l->nr_atomic_buffers : 0;
		return true;
	}
	return vgl_program_xfb_param(p, pname, out);
}

static void GL_APIENTRY vgl_GetProgramiv(GLuint name, GLenum pname, GLint *params)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p;

	if (!ctx)
		return;
	p = vgl_pobj_lookup(ctx, name, VGL_POBJ_PROGRAM);
	if (p && pname == GL_COMPUTE_WORK_GROUP_SIZE && vgl_context_es31(ctx))
		vgl_compute_work_group_size(ctx, p, params);
	else if (p && vgl_program_geometry_param(ctx, p, pname, params))
		return;
	else if (p && vgl_program_tess_param(ctx, p, pname, params))
		return;
	else if (p && !program_param(ctx, p, pname, params))
		vgl_error(ctx, GL_INVALID_ENUM);
}

static void GL_APIENTRY vgl_GetProgramInfoLog(GLuint name, GLsizei bufsize, GLsizei *length,
					      GLchar *log)
{
	struct vgl_program *p = vgl_pobj_for_string(name, VGL_POBJ_PROGRAM, bufsize);

	if (p)
		vgl_copy_string(p->info_log ? p->info_log : "", bufsize, length, log);
}

/* The linked program of a name, or NULL with INVALID_OPERATION if not linked. */
struct vgl_linked *vgl_program_linked(struct vgl_context *ctx, GLuint name)
{
	struct vgl_program *p = vgl_pobj_lookup(ctx, name, VGL_POBJ_PROGRAM);

	if (p && !p->linked)
		vgl_error(ctx, GL_INVALID_OPERATION);
	return p ? p->linked : NULL;
}

/* glGetAttribLocation, glGetFragDataLocation: the location of a named
 * attribute or output of the current context's linked program, or -1. */
static GLint location_of(GLuint program, const GLchar *name, bool outputs)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_linked *l = ctx ? vgl_program_linked(ctx, program) : NULL;
	const struct vgl_attrib_info *info;
	uint32_t nr;

	if (!l)
		return -1;
	info = outputs ? l->outputs : l->attribs;
	nr = outputs ? l->nr_outputs : l->nr_attribs;
	for (uint32_t i = 0; i < nr; i++)
		if (strcmp(info[i].name, name) == 0)
			return info[i].location;
	return -1;
}

static GLint GL_APIENTRY vgl_GetAttribLocation(GLuint program, const GLchar *name)
{
	return location_of(program, name, false);
}

static GLint GL_APIENTRY vgl_GetFragDataLocation(GLuint program, const GLchar *name)
{
	return location_of(program, name, true);
}

static void GL_APIENTRY vgl_GetActiveAttrib(GLuint program, GLuint index, GLsizei bufsize,
					    GLsizei *length, GLint *size, GLenum *type,
					    GLchar *name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p;

	if (!ctx)
		return;
	p = vgl_pobj_lookup(ctx, program, VGL_POBJ_PROGRAM);
	if (!p)
		return;
	if (bufsize < 0 || !p->linked || index >= p->linked->nr_attribs) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	vgl_copy_string(p->linked->attribs[index].name, bufsize, length, name);
	/* an output not asked for (NULL) is not written */
	if (size)
		*size = p->linked->attribs[index].size;
	if (type)
		*type = p->linked->attribs[index].type;
}

const struct vgl_proc vgl_program_procs[] = {
	VGL_PROC(CreateProgram), VGL_PROC(DeleteProgram), VGL_PROC(IsProgram),
	VGL_PROC(AttachShader), VGL_PROC(DetachShader), VGL_PROC(GetAttachedShaders),
	VGL_PROC(BindAttribLocation), VGL_PROC(LinkProgram), VGL_PROC(UseProgram),
	VGL_PROC(ValidateProgram), VGL_PROC(GetProgramiv), VGL_PROC(GetProgramInfoLog),
	VGL_PROC(GetAttribLocation), VGL_PROC(GetFragDataLocation), VGL_PROC(GetActiveAttrib),
	{ NULL, NULL },
};
