/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 program pipeline objects (vgl_program_pipeline.h). A draw without
 * a current program runs the bound pipeline: its programs' stages (vertex,
 * fragment, geometry and tessellation ones, kept by vgl_separable.c) linked
 * together once per set of executables, with the attribute locations the
 * vertex program reports. Before each draw the link takes the values of its
 * uniforms, sampler units and block bindings from the program of the stage
 * that declares them, by name. Two programs may each have a uniform or block
 * of one name, with values of their own: the stages of every program but the
 * vertex program are then compiled for the link with such names renamed (a
 * #define of each after its #version, prefixed after the program's first
 * stage: the whole shader is renamed alike), so that they stay apart.
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
	memset(o->ids, 0, sizeof(o->ids));
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
	if (pname != GL_PROGRAM_PIPELINE_BINDING || !vgl_context_sso(ctx))
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
	if (vgl_sso_call(vgl_current_context()))
		vgl_names_gen_gl(&vgl_ppo_names, n, names);
}

static void GL_APIENTRY vgl_DeleteProgramPipelines(GLsizei n, const GLuint *names)
{
	if (vgl_sso_call(vgl_current_context()))
		vgl_names_delete_gl(&vgl_ppo_names, n, names);
}

static GLboolean GL_APIENTRY vgl_IsProgramPipeline(GLuint name)
{
	if (!vgl_sso_call(vgl_current_context()))
		return GL_FALSE;
	return vgl_names_is_gl(&vgl_ppo_names, name);
}

static void GL_APIENTRY vgl_BindProgramPipeline(GLuint name)
{
	struct vgl_context *ctx = vgl_current_context();
	struct vgl_ppo *o = NULL;

	if (!vgl_sso_call(ctx))
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

/* The stage bits the context knows (the extensions' where advertised;
 * EXT_separate_shader_objects' ES 2.0/3.0 has no compute stage). */
static GLbitfield stage_bits(const struct vgl_context *ctx)
{
	GLbitfield b = GL_VERTEX_SHADER_BIT | GL_FRAGMENT_SHADER_BIT;

	if (vgl_context_es31(ctx))
		b |= GL_COMPUTE_SHADER_BIT;

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

	if (!vgl_sso_call(ctx))
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

	if (!vgl_sso_call(ctx) || !(o = ppo_of(ctx, pipeline)) ||
	    !pipeline_program(ctx, program, &p))
		return;
	vgl_program_use(ctx, &o->active, p);
}

/* ---- the draws' link ------------------------------------------------------------------------------ */

static const struct vgl_linked *stage_linked(const struct vgl_ppo *o, int stage)
{
	return o->stage[stage] ? o->stage[stage]->linked : NULL;
}

/* The graphics stages in the order vertices pass them (ES 3.2 11.1.3.11:
 * "between" two stages; the first stage of a program names it below). */
#define DRAW_STAGES 5
static const int draw_order[DRAW_STAGES] = {
	VGL_PPO_VS, VGL_PPO_TCS, VGL_PPO_TES, VGL_PPO_GS, VGL_PPO_FS };

/* A program's loose uniforms and blocks that another program of the
 * pipeline has too are renamed in its stages by the prefix of its first
 * stage; the vertex program keeps its names. */
static const char *const prefixes[VGL_PPO_STAGES] = {
	[VGL_PPO_VS] = "", [VGL_PPO_FS] = "vgl_fs_", [VGL_PPO_CS] = "",
	[VGL_PPO_GS] = "vgl_gs_", [VGL_PPO_TCS] = "vgl_tc_", [VGL_PPO_TES] = "vgl_te_" };

/* The first stage (in draw order) of the program of stage s. */
static int first_stage(const struct vgl_ppo *o, int s)
{
	for (int i = 0; i < DRAW_STAGES; i++)
		if (o->stage[draw_order[i]] == o->stage[s])
			return draw_order[i];
	return s;
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

static int32_t index_in(const struct vgl_linked *l, const char *name, bool block)
{
	return block ? block_index(l, name) : uniform_index(l, name);
}

/* Where a link's uniform (block) of `name` takes its values: a renamed one
 * from the program of its prefix, another from the first program that has
 * it (the vertex program's, whose names stay, before all others). */
static struct vgl_ppo_map value_source(const struct vgl_ppo *o, const char *name, bool block)
{
	for (int i = 1; i < DRAW_STAGES; i++) {
		int s = draw_order[i];
		size_t n = strlen(prefixes[s]);

		if (o->stage[s] && first_stage(o, s) == s && !strncmp(name, prefixes[s], n))
			return (struct vgl_ppo_map){ (uint8_t)s,
				index_in(stage_linked(o, s), name + n, block) };
	}
	for (int i = 0; i < DRAW_STAGES; i++) {
		int s = draw_order[i];
		int32_t at = o->stage[s] ? index_in(stage_linked(o, s), name, block) : -1;

		if (at >= 0)
			return (struct vgl_ppo_map){ (uint8_t)s, at };
	}
	return (struct vgl_ppo_map){ VGL_PPO_VS, -1 };
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

		/* built-ins (gl_DepthRange) follow the context, not a program */
		o->uniforms[i] = u->block < 0 && strncmp(u->name, "gl_", 3) ?
			value_source(o, u->name, false) : (struct vgl_ppo_map){ VGL_PPO_VS, -1 };
	}
	for (uint32_t i = 0; i < l->nr_blocks; i++)
		o->blocks[i] = value_source(o, l->blocks[i].name, true);
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

/* Whether a program of the pipeline other than l's has name's identifier. */
static bool declared_elsewhere(const struct vgl_ppo *o, const struct vgl_linked *l,
			       const char *name)
{
	for (int i = 0; i < DRAW_STAGES; i++) {
		const struct vgl_linked *other = stage_linked(o, draw_order[i]);

		if (other && other != l && declares(other, name))
			return true;
	}
	return false;
}

/* Appends "#define X <prefix>X" for name's identifier if another program
 * has it too (once). */
static bool add_rename(const struct vgl_ppo *o, const struct vgl_linked *l, const char *prefix,
		       const char *name, char **lines, size_t *len)
{
	size_t n = top_length(name);
	char line[600], *grown;

	if (!strncmp(name, "gl_", 3) || n > 256 || !declared_elsewhere(o, l, name))
		return true;
	snprintf(line, sizeof(line), "#define %.*s %s%.*s\n", (int)n, name, prefix, (int)n, name);
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

/* The renames of the names of stage s's program that another program of
 * the pipeline has too; *lines NULL: none. false: out of memory. */
static bool renames(const struct vgl_ppo *o, int s, char **lines)
{
	const struct vgl_linked *l = stage_linked(o, s);
	const char *prefix = prefixes[first_stage(o, s)];
	size_t len = 0;
	bool ok = true;

	*lines = NULL;
	for (uint32_t i = 0; ok && i < l->nr_uniforms; i++)
		if (l->uniforms[i].block < 0)
			ok = add_rename(o, l, prefix, l->uniforms[i].name, lines, &len);
	for (uint32_t i = 0; ok && i < l->nr_blocks; i++)
		ok = add_rename(o, l, prefix, l->blocks[i].name, lines, &len);
	return ok;
}

/* Stage s for the link: its program's own, or one compiled again with the
 * shared names renamed (*own: to destroy). */
static int stage_shader(struct vgl_context *ctx, const struct vgl_ppo *o, int s,
			struct glsl_shader **out, struct glsl_shader **own)
{
	const struct vgl_linked *l = stage_linked(o, s);
	char *lines = NULL, *src = NULL;
	static const GLenum types[VGL_PPO_STAGES] = {
		GL_VERTEX_SHADER, GL_FRAGMENT_SHADER, GL_COMPUTE_SHADER, GL_GEOMETRY_SHADER_EXT,
		GL_TESS_CONTROL_SHADER_EXT, GL_TESS_EVALUATION_SHADER_EXT };

	*out = l->sep[s];
	*own = NULL;
	if (first_stage(o, s) == VGL_PPO_VS)
		return VGL_OK; /* the vertex program's names stay */
	if (!renames(o, s, &lines))
		return VGL_ERROR_OUT_OF_MEMORY;
	if (!lines)
		return VGL_OK;
	src = vgl_shader_source_prefixed(l->sep_source[s], lines);
	*own = src ? vgl_shader_compile_source(&ctx->dev->limits, types[s], src) : NULL;
	free(lines);
	free(src);
	*out = *own;
	return *own ? VGL_OK : VGL_ERROR_OUT_OF_MEMORY;
}

/* The stages (1 << GLSL_STAGE_*) whose inputs another program's stage
 * writes (glsl_link_options.program_inputs). */
static uint32_t program_inputs(const struct vgl_ppo *o)
{
	static const unsigned glsl_stage[VGL_PPO_STAGES] = {
		[VGL_PPO_VS] = GLSL_STAGE_VERTEX, [VGL_PPO_FS] = GLSL_STAGE_FRAGMENT,
		[VGL_PPO_GS] = GLSL_STAGE_GEOMETRY, [VGL_PPO_TCS] = GLSL_STAGE_TESS_CTRL,
		[VGL_PPO_TES] = GLSL_STAGE_TESS_EVAL };
	const struct vgl_program *prev = NULL;
	uint32_t bits = 0;

	for (int i = 0; i < DRAW_STAGES; i++) {
		const struct vgl_program *p = o->stage[draw_order[i]];

		if (!p)
			continue;
		if (prev && p != prev)
			bits |= 1u << glsl_stage[draw_order[i]];
		prev = p;
	}
	return bits;
}

static int link_all(struct vgl_context *ctx, struct vgl_ppo *o,
		    struct glsl_shader *sh[VGL_PPO_STAGES], char **log)
{
	const struct vgl_linked *vs = stage_linked(o, VGL_PPO_VS);
	struct glsl_attrib_binding *ab = vs_bindings(vs);
	uint32_t bounds = program_inputs(o);
	struct vgl_graphics_link in = { .vs = sh[VGL_PPO_VS], .fs = sh[VGL_PPO_FS],
					.gs = sh[VGL_PPO_GS], .tcs = sh[VGL_PPO_TCS],
					.tes = sh[VGL_PPO_TES], .attrib_bindings = ab,
					.nr_attrib_bindings = vs->nr_attribs, .separable = true,
					.pipeline = bounds != 0, .program_inputs = bounds };
	int ret = ab ? vgl_linked_create_graphics(ctx, &in, &o->linked, log)
		     : VGL_ERROR_OUT_OF_MEMORY;

	free(ab);
	return ret;
}

static int link_stages_of(struct vgl_context *ctx, struct vgl_ppo *o, char **log)
{
	struct glsl_shader *sh[VGL_PPO_STAGES] = { NULL }, *own[VGL_PPO_STAGES] = { NULL };
	int ret = VGL_OK;

	for (int i = 0; ret == VGL_OK && i < DRAW_STAGES; i++)
		if (o->stage[draw_order[i]])
			ret = stage_shader(ctx, o, draw_order[i], &sh[draw_order[i]],
					   &own[draw_order[i]]);
	if (ret == VGL_OK)
		ret = link_all(ctx, o, sh, log);
	for (int i = 0; i < VGL_PPO_STAGES; i++)
		if (own[i])
			glsl_shader_destroy(own[i]);
	return ret;
}

/* The executable of stage s for the link's record, 0 when empty. */
static uint64_t stage_id(const struct vgl_ppo *o, int s)
{
	return o->stage[s] ? o->stage[s]->linked->id : 0;
}

static bool link_current(const struct vgl_ppo *o)
{
	for (int i = 0; i < DRAW_STAGES; i++)
		if (o->ids[draw_order[i]] != stage_id(o, draw_order[i]))
			return false;
	return true;
}

static void link_stages(struct vgl_context *ctx, struct vgl_ppo *o)
{
	char *log = NULL;
	int ret = link_stages_of(ctx, o, &log);

	for (int i = 0; i < DRAW_STAGES; i++)
		o->ids[draw_order[i]] = stage_id(o, draw_order[i]);
	o->link_failed = ret != VGL_OK || !map_values(o);
	if (ret == VGL_ERROR_OUT_OF_MEMORY)
		vgl_error(ctx, GL_OUT_OF_MEMORY);
	free(o->info_log);
	o->info_log = log;
}

/* A program active for some but not all of the stages it was linked with. */
static bool partly_active(const struct vgl_ppo *o)
{
	for (int i = 0; i < DRAW_STAGES; i++) {
		const struct vgl_program *p = o->stage[draw_order[i]];

		for (int j = 0; p && j < DRAW_STAGES; j++)
			if (has_stage(p->linked, draw_order[j]) && o->stage[draw_order[j]] != p)
				return true;
	}
	return false;
}

/* A program active for two stages with another program's stage between. */
static bool interleaved(const struct vgl_ppo *o)
{
	const struct vgl_program *prev = NULL;

	for (int i = 0; i < DRAW_STAGES; i++) {
		const struct vgl_program *p = o->stage[draw_order[i]];

		if (!p || p == prev)
			continue;
		for (int j = 0; prev && j < i; j++)
			if (o->stage[draw_order[j]] == p)
				return true;
		prev = p;
	}
	return false;
}

static bool any_not_separable(const struct vgl_ppo *o)
{
	for (int i = 0; i < DRAW_STAGES; i++)
		if (o->stage[draw_order[i]] && !stage_linked(o, draw_order[i])->separable)
			return true;
	return false;
}

/* A stage whose program, linked again, no longer has it (its kept shader
 * gone with the executable it was bound with). */
static bool stage_lost(const struct vgl_ppo *o)
{
	for (int i = 0; i < DRAW_STAGES; i++)
		if (o->stage[draw_order[i]] &&
		    !has_stage(stage_linked(o, draw_order[i]), draw_order[i]))
			return true;
	return false;
}

/* ES 3.2 11.1.3.11: why the pipeline cannot draw, or NULL. */
static const char *invalid_for_draw(const struct vgl_ppo *o)
{
	if (!o->stage[VGL_PPO_VS] || !o->stage[VGL_PPO_FS])
		return "error: the pipeline lacks a vertex or fragment program\n";
	if (any_not_separable(o))
		return "error: a program of the pipeline is not separable\n";
	if (stage_lost(o))
		return "error: a program was linked again without the stage it is bound to\n";
	/* ES has no default tessellation levels: the two stages go together */
	if (!o->stage[VGL_PPO_TCS] != !o->stage[VGL_PPO_TES])
		return "error: the pipeline has one tessellation stage without the other\n";
	if (partly_active(o))
		return "error: a program is bound to some but not all of its stages\n";
	if (interleaved(o))
		return "error: a program is active for two stages with another program's stage "
		       "between them\n";
	return NULL;
}

static bool validate(struct vgl_context *ctx, struct vgl_ppo *o)
{
	const char *why = invalid_for_draw(o);

	if (why) {
		free(o->info_log);
		o->info_log = strdup(why);
		return false;
	}
	if (!link_current(o)) {
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

	if (!vgl_sso_call(ctx) || !(o = ppo_of(ctx, pipeline)))
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

	if (!vgl_sso_call(ctx) || !(o = ppo_of(ctx, pipeline)))
		return;
	if (mid >= 0) {
		*params = program_name_of(o->stage[mid]);
		return;
	}
	switch (pname) {
	case GL_ACTIVE_PROGRAM: *params = program_name_of(o->active); return;
	case GL_VERTEX_SHADER: *params = program_name_of(o->stage[VGL_PPO_VS]); return;
	case GL_FRAGMENT_SHADER: *params = program_name_of(o->stage[VGL_PPO_FS]); return;
	case GL_COMPUTE_SHADER:
		if (!vgl_context_es31(ctx))
			break;
		*params = program_name_of(o->stage[VGL_PPO_CS]);
		return;
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

	if (!vgl_sso_call(ctx))
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
	/* EXT_separate_shader_objects */
	VGL_PROC_AS_EXT(GenProgramPipelines), VGL_PROC_AS_EXT(DeleteProgramPipelines),
	VGL_PROC_AS_EXT(IsProgramPipeline), VGL_PROC_AS_EXT(BindProgramPipeline),
	VGL_PROC_AS_EXT(UseProgramStages), VGL_PROC_AS_EXT(ActiveShaderProgram),
	VGL_PROC_AS_EXT(ValidateProgramPipeline), VGL_PROC_AS_EXT(GetProgramPipelineiv),
	VGL_PROC_AS_EXT(GetProgramPipelineInfoLog),
	{ NULL, NULL },
};
