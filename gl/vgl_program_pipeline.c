/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 program pipeline objects (vgl_program_pipeline.h). A draw without
 * a current program runs the bound pipeline: its vertex and fragment
 * programs' stages (kept by vgl_separable.c) linked together once per pair
 * of executables, with the attribute locations the vertex program
 * reports. Before each draw the link takes the values of its uniforms,
 * sampler units and block bindings from the program of the stage that
 * declares them, by name. Two programs may each have a uniform or block of
 * one name, with values of their own: the fragment stage is then compiled
 * for the link with those names renamed (a #define of each after its
 * #version: the whole shader is renamed alike), so that they stay apart.
 */
#include "vgl_program_pipeline.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_link.h"
#include "glsl_shader.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_extensions.h"
#include "vgl_linked_private.h"
#include "vgl_procs.h"
#include "vgl_program.h"

/* ---- objects ------------------------------------------------------------------------------------ */

static struct vgl_names *ppo_space(struct vgl_context *ctx, pthread_mutex_t **lock)
{
	*lock = NULL;
	return &ctx->pipelines;
}

static void drop_link(struct vgl_ppo *o)
{
	vgl_linked_unref(o->linked);
	o->linked = NULL;
	free(o->uniforms);
	free(o->blocks);
	o->uniforms = o->blocks = NULL;
	o->vs_id = o->fs_id = 0;
	o->link_failed = false;
}

static void release_programs(void *obj, void *data)
{
	struct vgl_ppo *o = obj;

	for (int i = 0; i < VGL_PPO_STAGES; i++)
		vgl_program_use(data, &o->stage[i], NULL);
	vgl_program_use(data, &o->active, NULL);
}

/* After release_programs. */
static void ppo_free(void *obj)
{
	struct vgl_ppo *o = obj;

	drop_link(o);
	free(o->info_log);
	free(o);
}

static void ppo_gone(struct vgl_context *ctx, void *obj)
{
	if (ctx->pipeline == obj) {
		ctx->pipeline = NULL;
		ctx->dirty |= VGL_DIRTY_ALL;
	}
	release_programs(obj, ctx);
	ppo_free(obj);
}

const struct vgl_name_ops vgl_ppo_names = { .space = ppo_space, .gone = ppo_gone };

void vgl_ppo_context_finish(struct vgl_context *ctx)
{
	ctx->pipeline = NULL;
	vgl_names_each(&ctx->pipelines, release_programs, ctx);
	vgl_names_drain(&ctx->pipelines, ppo_free);
}

bool vgl_ppo_get(const struct vgl_context *ctx, GLenum pname, GLint64 *out)
{
	if (pname != GL_PROGRAM_PIPELINE_BINDING || !vgl_context_es31(ctx))
		return false;
	*out = ctx->pipeline ? ctx->pipeline->name : 0;
	return true;
}

/* The object of a generated name, made at its first use (ES 3.1 7.4);
 * INVALID_OPERATION for a name glGenProgramPipelines did not give. */
static struct vgl_ppo *ppo_of(struct vgl_context *ctx, GLuint name)
{
	struct vgl_ppo *o;

	if (!name || !vgl_names_is_gen(&ctx->pipelines, name)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return NULL;
	}
	o = vgl_names_get(&ctx->pipelines, name);
	if (o)
		return o;
	o = calloc(1, sizeof(*o));
	if (!o || !vgl_names_set(&ctx->pipelines, name, o)) {
		free(o);
		vgl_error(ctx, GL_OUT_OF_MEMORY);
		return NULL;
	}
	o->name = name;
	return o;
}

static void GL_APIENTRY vgl_GenProgramPipelines(GLsizei n, GLuint *names)
{
	if (vgl_es31_call(vgl_current_context()))
		vgl_names_gen_gl(&vgl_ppo_names, n, names);
}

static void GL_APIENTRY vgl_DeleteProgramPipelines(GLsizei n, const GLuint *names)
{
	if (vgl_es31_call(vgl_current_context()))
		vgl_names_delete_gl(&vgl_ppo_names, n, names);
}

static GLboolean GL_APIENTRY vgl_IsProgramPipeline(GLuint name)
{
	if (!vgl_es31_call(vgl_current_context()))
		return GL_FALSE;
	return vgl_names_is_gl(&vgl_ppo_names, name);
}

static void GL_APIENTRY vgl_BindProgramPipeline(GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_ppo *o = NULL;

	if (!vgl_es31_call(ctx))
		return;
	if (name && !(o = ppo_of(ctx, name)))
		return;
	ctx->pipeline = o;
	ctx->dirty |= VGL_DIRTY_ALL;
}

/* ---- stages --------------------------------------------------------------------------------------- */

/* A program that may go into a pipeline: linked, separable (INVALID_OPERATION);
 * 0 gives NULL and true. */
static bool pipeline_program(struct vgl_context *ctx, GLuint name, struct vgl_program **out)
{
	*out = NULL;
	if (!name)
		return true;
	*out = vgl_pobj_lookup(ctx, name, VGL_POBJ_PROGRAM);
	if (!*out)
		return false;
	if (!(*out)->link_status || !(*out)->linked) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return false;
	}
	return true;
}

/* A tessellation stage of the program's own (not a stand-in). */
static bool own_tess(const struct vgl_linked *l, unsigned link_stage)
{
	return l->tcs != VK_NULL_HANDLE && !((l->sep_stand_ins >> link_stage) & 1u);
}

static bool has_stage(const struct vgl_linked *l, int stage)
{
	switch (stage) {
	case VGL_PPO_VS: return l->separable && l->has_vs;
	case VGL_PPO_FS: return l->separable && l->has_fs;
	case VGL_PPO_GS: return l->separable && l->gs != VK_NULL_HANDLE;
	case VGL_PPO_TCS: return l->separable && own_tess(l, GLSL_LINK_TESS_CTRL);
	case VGL_PPO_TES: return l->separable && own_tess(l, GLSL_LINK_TESS_EVAL);
	default: return l->compute && l->separable;
	}
}

/* The stage bits the context knows (the extensions' where advertised). */
static GLbitfield stage_bits(const struct vgl_context *ctx)
{
	GLbitfield b = GL_VERTEX_SHADER_BIT | GL_FRAGMENT_SHADER_BIT | GL_COMPUTE_SHADER_BIT;

	if (vgl_ext_on(ctx, VGL_EXT_EXT_geometry_shader))
		b |= GL_GEOMETRY_SHADER_BIT_EXT;
	if (vgl_ext_on(ctx, VGL_EXT_EXT_tessellation_shader))
		b |= GL_TESS_CONTROL_SHADER_BIT_EXT | GL_TESS_EVALUATION_SHADER_BIT_EXT;
	return b;
}

static void GL_APIENTRY vgl_UseProgramStages(GLuint pipeline, GLbitfield stages, GLuint program)
{
	static const GLbitfield bits[VGL_PPO_STAGES] = {
		GL_VERTEX_SHADER_BIT, GL_FRAGMENT_SHADER_BIT, GL_COMPUTE_SHADER_BIT,
		GL_GEOMETRY_SHADER_BIT_EXT, GL_TESS_CONTROL_SHADER_BIT_EXT,
		GL_TESS_EVALUATION_SHADER_BIT_EXT };
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p;
	struct vgl_ppo *o;

	if (!vgl_es31_call(ctx))
		return;
	if (stages != GL_ALL_SHADER_BITS && (stages & ~stage_bits(ctx))) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	if (!(o = ppo_of(ctx, pipeline)) || !pipeline_program(ctx, program, &p))
		return;
	if (p && !p->linked->separable) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return;
	}
	/* a stage the program has no executable for is left empty */
	for (int i = 0; i < VGL_PPO_STAGES; i++)
		if (stages & bits[i])
			vgl_program_use(ctx, &o->stage[i], p && has_stage(p->linked, i) ? p : NULL);
	if (ctx->pipeline == o)
		ctx->dirty |= VGL_DIRTY_ALL;
}

static void GL_APIENTRY vgl_ActiveShaderProgram(GLuint pipeline, GLuint program)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_program *p;
	struct vgl_ppo *o;

	if (!vgl_es31_call(ctx) || !(o = ppo_of(ctx, pipeline)) ||
	    !pipeline_program(ctx, program, &p))
		return;
	vgl_program_use(ctx, &o->active, p);
}

/* ---- the draws' link ------------------------------------------------------------------------------ */

static const struct vgl_linked *stage_linked(const struct vgl_ppo *o, int stage)
{
	return o->stage[stage] ? o->stage[stage]->linked : NULL;
}

#define FS_PREFIX "vgl_fs_"

/* A name of the link's fragment stage as its program knows it. */
static const char *fs_name(const char *name)
{
	return strncmp(name, FS_PREFIX, strlen(FS_PREFIX)) ? name : name + strlen(FS_PREFIX);
}

static int32_t uniform_index(const struct vgl_linked *l, const char *name)
{
	for (uint32_t i = 0; i < l->nr_uniforms; i++)
		if (l->uniforms[i].block < 0 && !strcmp(l->uniforms[i].name, name))
			return (int32_t)i;
	return -1;
}

static int32_t block_index(const struct vgl_linked *l, const char *name)
{
	for (uint32_t i = 0; i < l->nr_blocks; i++)
		if (!strcmp(l->blocks[i].name, name))
			return (int32_t)i;
	return -1;
}

/* Where each loose uniform and block of the link takes its values from. */
static bool map_values(struct vgl_ppo *o)
{
	const struct vgl_linked *l = o->linked;

	o->uniforms = calloc(l->nr_uniforms + 1, sizeof(*o->uniforms));
	o->blocks = calloc(l->nr_blocks + 1, sizeof(*o->blocks));
	if (!o->uniforms || !o->blocks)
		return false;
	for (uint32_t i = 0; i < l->nr_uniforms; i++) {
		const struct vgl_uniform *u = &l->uniforms[i];
		uint8_t st = u->in_vs ? VGL_PPO_VS : VGL_PPO_FS;

		/* built-ins (gl_DepthRange) follow the context, not a program */
		o->uniforms[i] = (struct vgl_ppo_map){ st, u->block < 0 && strncmp(u->name, "gl_", 3) ?
			uniform_index(stage_linked(o, st), fs_name(u->name)) : -1 };
	}
	for (uint32_t i = 0; i < l->nr_blocks; i++) {
		uint8_t st = l->blocks[i].in_vs ? VGL_PPO_VS : VGL_PPO_FS;

		o->blocks[i] = (struct vgl_ppo_map){ st,
			block_index(stage_linked(o, st), fs_name(l->blocks[i].name)) };
	}
	return true;
}

/* The vertex program's attribute locations bind the link's. */
static struct glsl_attrib_binding *vs_bindings(const struct vgl_linked *vs)
{
	struct glsl_attrib_binding *b = calloc(vs->nr_attribs + 1, sizeof(*b));

	for (uint32_t i = 0; b && i < vs->nr_attribs; i++)
		b[i] = (struct glsl_attrib_binding){ vs->attribs[i].name, vs->attribs[i].location };
	return b;
}

/* The identifier a GL name starts with: "s" of "s.f", "a" of "a[1]". */
static size_t top_length(const char *name)
{
	return strcspn(name, ".[");
}

static bool same_top(const char *a, const char *b)
{
	size_t n = top_length(a);

	return n == top_length(b) && !strncmp(a, b, n);
}

/* Whether l has a loose uniform or a block of the identifier name starts with. */
static bool declares(const struct vgl_linked *l, const char *name)
{
	for (uint32_t i = 0; i < l->nr_uniforms; i++)
		if (l->uniforms[i].block < 0 && same_top(l->uniforms[i].name, name))
			return true;
	for (uint32_t i = 0; i < l->nr_blocks; i++)
		if (same_top(l->blocks[i].name, name))
			return true;
	return false;
}

/* Appends "#define X vgl_fs_X" for name's identifier if vs has it too (once). */
static bool add_rename(const struct vgl_linked *vs, const char *name, char **lines, size_t *len)
{
	size_t n = top_length(name);
	char line[600], *grown;

	if (!strncmp(name, "gl_", 3) || n > 256 || !declares(vs, name))
		return true;
	snprintf(line, sizeof(line), "#define %.*s " FS_PREFIX "%.*s\n", (int)n, name, (int)n, name);
	if (*lines && strstr(*lines, line))
		return true;
	grown = realloc(*lines, *len + strlen(line) + 1);
	if (!grown)
		return false;
	memcpy(grown + *len, line, strlen(line) + 1);
	*len += strlen(line);
	*lines = grown;
	return true;
}

/* The renames of the fragment program's names that the vertex program has
 * too; *lines NULL: none. false: out of memory. */
static bool renames(const struct vgl_linked *vs, const struct vgl_linked *fs, char **lines)
{
	size_t len = 0;
	bool ok = true;

	*lines = NULL;
	for (uint32_t i = 0; ok && i < fs->nr_uniforms; i++)
		if (fs->uniforms[i].block < 0)
			ok = add_rename(vs, fs->uniforms[i].name, lines, &len);
	for (uint32_t i = 0; ok && i < fs->nr_blocks; i++)
		ok = add_rename(vs, fs->blocks[i].name, lines, &len);
	return ok;
}

/* The fragment stage for the link: the program's own, or one compiled
 * again with the shared names renamed (*own: to destroy). */
static int fragment_stage(struct vgl_context *ctx, const struct vgl_ppo *o,
			  struct glsl_shader **out, struct glsl_shader **own)
{
	const struct vgl_linked *vs = stage_linked(o, VGL_PPO_VS), *fs = stage_linked(o, VGL_PPO_FS);
	char *lines = NULL, *src = NULL;

	*out = fs->sep_fs;
	*own = NULL;
	if (o->stage[VGL_PPO_VS] == o->stage[VGL_PPO_FS])
		return VGL_OK; /* one program: one value per name */
	if (!renames(vs, fs, &lines))
		return VGL_ERROR_OUT_OF_MEMORY;
	if (!lines)
		return VGL_OK;
	src = vgl_shader_source_prefixed(fs->sep_fs_source, lines);
	*own = src ? vgl_shader_compile_source(&ctx->dev->limits, GL_FRAGMENT_SHADER, src) : NULL;
	free(lines);
	free(src);
	*out = *own;
	return *own ? VGL_OK : VGL_ERROR_OUT_OF_MEMORY;
}

static int link_pair(struct vgl_context *ctx, struct vgl_ppo *o, char **log)
{
	const struct vgl_linked *vs = stage_linked(o, VGL_PPO_VS);
	struct glsl_attrib_binding *ab = vs_bindings(vs);
	struct vgl_graphics_link in = { .vs = vs->sep_vs, .attrib_bindings = ab,
					.nr_attrib_bindings = vs->nr_attribs, .separable = true,
					.pipeline = o->stage[VGL_PPO_VS] != o->stage[VGL_PPO_FS] };
	struct glsl_shader *own = NULL;
	int ret = ab ? fragment_stage(ctx, o, &in.fs, &own) : VGL_ERROR_OUT_OF_MEMORY;

	if (ret == VGL_OK)
		ret = vgl_linked_create_graphics(ctx, &in, &o->linked, log);
	if (own)
		glsl_shader_destroy(own);
	free(ab);
	return ret;
}

static void link_stages(struct vgl_context *ctx, struct vgl_ppo *o)
{
	const struct vgl_linked *vs = stage_linked(o, VGL_PPO_VS), *fs = stage_linked(o, VGL_PPO_FS);
	char *log = NULL;
	int ret = link_pair(ctx, o, &log);

	o->vs_id = vs->id;
	o->fs_id = fs->id;
	o->link_failed = ret != VGL_OK || !map_values(o);
	if (ret == VGL_ERROR_OUT_OF_MEMORY)
		vgl_error(ctx, GL_OUT_OF_MEMORY);
	free(o->info_log);
	o->info_log = log;
}

/* ES 3.1 11.1.3.11: why the pipeline cannot draw, or NULL. */
static const char *invalid_for_draw(const struct vgl_ppo *o)
{
	const struct vgl_linked *vs = stage_linked(o, VGL_PPO_VS), *fs = stage_linked(o, VGL_PPO_FS);

	if (!vs || !fs)
		return "error: the pipeline lacks a vertex or fragment program\n";
	if (!vs->separable || !fs->separable)
		return "error: a program of the pipeline is not separable\n";
	if (vs->has_mid || fs->has_mid || o->stage[VGL_PPO_GS] || o->stage[VGL_PPO_TCS] ||
	    o->stage[VGL_PPO_TES])
		return "error: pipelines with geometry or tessellation stages are not supported "
		       "yet\n";
	/* a program active for some of the stages it was linked with */
	if ((vs->has_fs && o->stage[VGL_PPO_FS] != o->stage[VGL_PPO_VS]) ||
	    (fs->has_vs && o->stage[VGL_PPO_VS] != o->stage[VGL_PPO_FS]))
		return "error: a program is bound to some but not all of its stages\n";
	return NULL;
}

static bool validate(struct vgl_context *ctx, struct vgl_ppo *o)
{
	const char *why = invalid_for_draw(o);
	const struct vgl_linked *vs, *fs;

	if (why) {
		free(o->info_log);
		o->info_log = strdup(why);
		return false;
	}
	vs = stage_linked(o, VGL_PPO_VS);
	fs = stage_linked(o, VGL_PPO_FS);
	if (o->vs_id != vs->id || o->fs_id != fs->id) {
		drop_link(o);
		link_stages(ctx, o);
	}
	return !o->link_failed;
}

/* The programs' current values into the link. */
static void take_values(struct vgl_context *ctx, struct vgl_ppo *o)
{
	struct vgl_linked *l = o->linked;

	for (uint32_t i = 0; i < l->nr_uniforms; i++)
		if (o->uniforms[i].index >= 0)
			vgl_uniform_copy(ctx, l, i, stage_linked(o, o->uniforms[i].stage),
					 (uint32_t)o->uniforms[i].index);
	for (uint32_t i = 0; i < l->nr_blocks; i++) {
		const struct vgl_linked *src = stage_linked(o, o->blocks[i].stage);
		GLuint b = o->blocks[i].index >= 0 ? src->blocks[o->blocks[i].index].gl_binding : 0;

		if (l->blocks[i].gl_binding != b)
			ctx->dirty |= VGL_DIRTY_BIT(VGL_DIRTY_DESCRIPTORS);
		l->blocks[i].gl_binding = b;
	}
}

struct vgl_linked *vgl_ppo_draw_linked(struct vgl_context *ctx)
{
	struct vgl_ppo *o = ctx->pipeline;

	if (!o)
		return NULL;
	if (!validate(ctx, o)) {
		vgl_error(ctx, GL_INVALID_OPERATION);
		return NULL;
	}
	take_values(ctx, o);
	return o->linked;
}

struct vgl_linked *vgl_ppo_compute_linked(struct vgl_context *ctx)
{
	const struct vgl_ppo *o = ctx->pipeline;

	return o ? (struct vgl_linked *)stage_linked(o, VGL_PPO_CS) : NULL;
}

struct vgl_linked *vgl_ppo_uniform_linked(struct vgl_context *ctx)
{
	const struct vgl_ppo *o = ctx->pipeline;

	return o && o->active ? o->active->linked : NULL;
}

/* ---- validation and queries ----------------------------------------------------------------------- */

static void GL_APIENTRY vgl_ValidateProgramPipeline(GLuint pipeline)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_ppo *o;

	if (!vgl_es31_call(ctx) || !(o = ppo_of(ctx, pipeline)))
		return;
	/* a compute pipeline alone is valid for dispatches */
	if (!o->stage[VGL_PPO_VS] && !o->stage[VGL_PPO_FS] && !o->stage[VGL_PPO_GS] &&
	    !o->stage[VGL_PPO_TCS] && !o->stage[VGL_PPO_TES] && o->stage[VGL_PPO_CS]) {
		o->validate_status = true;
		return;
	}
	o->validate_status = validate(ctx, o);
}

static GLint program_name_of(const struct vgl_program *p)
{
	return p ? (GLint)vgl_program_name(p) : 0;
}

/* The geometry and tessellation stages' pnames where advertised: their
 * VGL_PPO_*, else -1. */
static int pipeline_stage_pname(const struct vgl_context *ctx, GLenum pname)
{
	if (pname == GL_GEOMETRY_SHADER_EXT && vgl_ext_on(ctx, VGL_EXT_EXT_geometry_shader))
		return VGL_PPO_GS;
	if (!vgl_ext_on(ctx, VGL_EXT_EXT_tessellation_shader))
		return -1;
	return pname == GL_TESS_CONTROL_SHADER_EXT ? VGL_PPO_TCS :
	       pname == GL_TESS_EVALUATION_SHADER_EXT ? VGL_PPO_TES : -1;
}

static void GL_APIENTRY vgl_GetProgramPipelineiv(GLuint pipeline, GLenum pname, GLint *params)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_ppo *o;

	int mid = ctx ? pipeline_stage_pname(ctx, pname) : -1;

	if (!vgl_es31_call(ctx) || !(o = ppo_of(ctx, pipeline)))
		return;
	if (mid >= 0) {
		*params = program_name_of(o->stage[mid]);
		return;
	}
	switch (pname) {
	case GL_ACTIVE_PROGRAM: *params = program_name_of(o->active); return;
	case GL_VERTEX_SHADER: *params = program_name_of(o->stage[VGL_PPO_VS]); return;
	case GL_FRAGMENT_SHADER: *params = program_name_of(o->stage[VGL_PPO_FS]); return;
	case GL_COMPUTE_SHADER: *params = program_name_of(o->stage[VGL_PPO_CS]); return;
	case GL_VALIDATE_STATUS: *params = o->validate_status; return;
	case GL_INFO_LOG_LENGTH:
		*params = o->info_log && *o->info_log ? (GLint)strlen(o->info_log) + 1 : 0;
		return;
	}
	vgl_error(ctx, GL_INVALID_ENUM);
}

static void GL_APIENTRY vgl_GetProgramPipelineInfoLog(GLuint pipeline, GLsizei bufsize,
						      GLsizei *length, GLchar *log)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_ppo *o;

	if (!vgl_es31_call(ctx))
		return;
	if (bufsize < 0) {
		vgl_error(ctx, GL_INVALID_VALUE);
		return;
	}
	o = ppo_of(ctx, pipeline);
	if (o)
		vgl_copy_string(o->info_log ? o->info_log : "", bufsize, length, log);
}

const struct vgl_proc vgl_program_pipeline_procs[] = {
	VGL_PROC(GenProgramPipelines), VGL_PROC(DeleteProgramPipelines),
	VGL_PROC(IsProgramPipeline), VGL_PROC(BindProgramPipeline), VGL_PROC(UseProgramStages),
	VGL_PROC(ActiveShaderProgram), VGL_PROC(ValidateProgramPipeline),
	VGL_PROC(GetProgramPipelineiv), VGL_PROC(GetProgramPipelineInfoLog),
	{ NULL, NULL },
};
