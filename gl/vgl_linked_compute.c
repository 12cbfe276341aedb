/* SPDX-License-Identifier: MIT */
/*
 * ES 3.1 compute programs: one compute shader, linked on its own
 * (glsl_shader_link_compute). Its bindings need no program-wide numbering:
 * the compiler's (default block 0, uniform blocks, samplers, then buffer
 * blocks) are the descriptor bindings. The resource lists come from the
 * lowering's table, the pipeline is made at link (a compute pipeline has
 * no state besides the shader), and the descriptors follow technique 1 and
 * 4 as a graphics program's do, buffer blocks as dynamic storage buffers.
 *
 * The members of its uniform and buffer blocks come from glsl's reflection
 * of the blocks' types (glsl_program_add_block_members), after the lowering's
 * resources: uniform block members follow the loose uniforms in uniforms[],
 * buffer variables go to buffer_vars[].
 *
 * An array of blocks is one block per element, at consecutive bindings.
 *
 * Not yet: uniform locations given in the shader.
 */
#include <stdlib.h>
#include <string.h>

#include "glsl_link.h"
#include "glsl_shader.h"
#include "vgl_context.h"
#include "vgl_device.h"
#include "vgl_linked_private.h"
#include "vgl_program.h"
#include "vgl_spirv.h"

/* Entries of a kind; an array of blocks counts each block. */
static uint32_t res_count(const struct glsl_lower_result *r, enum glsl_lower_res_kind kind)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < r->nr_res; i++) {
		const struct glsl_lower_res *x = &r->res[i];
		bool block = x->kind == GLSL_RES_BLOCK || x->kind == GLSL_RES_BUFFER;

		if (x->kind == kind)
			n += block ? vgl_linked_elements(x->array_size) : 1;
	}
	return n;
}

static uint32_t sampler_elements(const struct glsl_lower_result *r)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < r->nr_res; i++)
		if (r->res[i].kind == GLSL_RES_SAMPLER)
			n += r->res[i].array_size ? r->res[i].array_size : 1;
	return n;
}

/* The default block's components (ES 3.1 table 20.47 counts each scalar). */
static uint64_t uniform_components(const struct glsl_lower_result *r)
{
	uint64_t n = 0;

	for (uint32_t i = 0; i < r->nr_res; i++)
		if (r->res[i].kind == GLSL_RES_UNIFORM)
			n += (uint64_t)glsl_type_components(r->res[i].type) *
			     (r->res[i].array_size ? r->res[i].array_size : 1);
	return n;
}

/* Link errors of ES 3.1 table 20.47's limits (dEQP negative_coverage
 * compute.exceed_*): shared memory and the default block. */
static const char *over_limits(const struct vgl_limits *lim, const struct glsl_lower_result *r)
{
	if (r->shared_size > lim->compute_shared_size)
		return "error: shared variables exceed GL_MAX_COMPUTE_SHARED_MEMORY_SIZE\n";
	if (uniform_components(r) > 4 * (uint64_t)lim->fragment_uniform_vectors)
		return "error: uniforms exceed GL_MAX_COMPUTE_UNIFORM_COMPONENTS\n";
	return NULL;
}

/* What this link cannot serve yet, or what breaks the device's limits. */
static const char *unsupported(const struct vgl_limits *lim, const struct glsl_lower_result *r)
{
	if (over_limits(lim, r))
		return over_limits(lim, r);
	for (uint32_t i = 0; i < r->nr_res; i++) {
		const struct glsl_lower_res *x = &r->res[i];

		if (x->kind == GLSL_RES_UNIFORM && x->explicit_location)
			return "error: layout(location) on uniforms is not supported yet\n";
		if (x->kind == GLSL_RES_BUFFER && x->size > lim->ssbo_block_size)
			return "error: a buffer block is larger than GL_MAX_SHADER_STORAGE_BLOCK_SIZE\n";
		if (x->kind == GLSL_RES_BLOCK && x->size > lim->uniform_block_size)
			return "error: a uniform block is larger than GL_MAX_UNIFORM_BLOCK_SIZE\n";
		if (vgl_linked_binding_refused(x, lim))
			return vgl_linked_binding_refused(x, lim);
	}
	if (res_count(r, GLSL_RES_BUFFER) > lim->stage_ssbos)
		return "error: too many buffer blocks (GL_MAX_COMPUTE_SHADER_STORAGE_BLOCKS)\n";
	/* each atomic counter binding takes one of the host's storage buffers */
	if (res_count(r, GLSL_RES_BUFFER) + res_count(r, GLSL_RES_ATOMIC_BUFFER) > lim->stage_ssbos)
		return "error: buffer blocks and atomic counter bindings exceed the storage buffers "
		       "of a compute shader\n";
	if (res_count(r, GLSL_RES_BLOCK) > lim->stage_uniform_blocks)
		return "error: too many uniform blocks (GL_MAX_COMPUTE_UNIFORM_BLOCKS)\n";
	if (sampler_elements(r) > lim->fragment_texture_units)
		return "error: too many samplers (GL_MAX_COMPUTE_TEXTURE_IMAGE_UNITS)\n";
	return vgl_linked_images_unsupported(lim, r, lim->stage_images,
					     "error: too many images (GL_MAX_COMPUTE_IMAGE_UNIFORMS)\n");
}

/* A loose uniform or a sampler; a sampler's unit starts at its layout(binding). */
static bool copy_uniform(struct vgl_linked *l, const struct glsl_lower_res *x, uint32_t *units)
{
	struct vgl_uniform *u = &l->uniforms[l->nr_uniforms++];
	uint32_t elems = x->array_size ? x->array_size : 1;

	u->name = strdup(x->name);
	u->type = vgl_gl_type(x->type);
	u->array_size = x->array_size;
	u->block = -1;
	u->offset = x->offset;
	u->array_stride = x->array_stride;
	u->matrix_stride = x->matrix_stride;
	u->first_location = -1;
	u->binding = -1;
	if (x->kind == GLSL_RES_SAMPLER) {
		u->is_sampler = true;
		u->binding = (int32_t)x->binding;
		u->first_unit = *units;
		for (uint32_t e = 0; e < elems; e++)
			l->sampler_units[*units + e] = x->explicit_binding ? (GLint)(x->gl_binding + e) : 0;
		*units += elems;
	}
	return u->name != NULL;
}

/* Element e of an array of blocks: "B[e]", "B[i][j]" for an array of
 * arrays (ES 3.10), in row order; plain "B" for one block. */
char *vgl_linked_element_name(const struct glsl_lower_res *x, uint32_t e)
{
	const struct glsl_type *t = x->instance_type;
	uint32_t rest = vgl_linked_elements(x->array_size);
	char buf[512];
	size_t at = (size_t)snprintf(buf, sizeof(buf), "%s", x->name);

	if (x->array_size && (!t || t->kind != GLSL_KIND_ARRAY))
		snprintf(buf + at, sizeof(buf) - at, "[%u]", e);
	for (; x->array_size && t && t->kind == GLSL_KIND_ARRAY && at < sizeof(buf); t = t->elem) {
		rest /= t->length;
		at += (size_t)snprintf(buf + at, sizeof(buf) - at, "[%u]", e / rest % t->length);
	}
	return strdup(buf);
}

/* Each block of an array of blocks at the next binding (the back end's
 * slots, vc_tgsi_decl.c), its GL binding point from layout(binding) + e. */
static bool copy_block(struct vgl_linked *l, const struct glsl_lower_res *x)
{
	for (uint32_t e = 0; e < vgl_linked_elements(x->array_size); e++) {
		struct vgl_block *b = &l->blocks[l->nr_blocks++];

		b->name = vgl_linked_element_name(x, e);
		b->size = x->size;
		b->binding = x->binding + e;
		b->gl_binding = x->explicit_binding ? x->gl_binding + e : 0;
		if (!b->name)
			return false;
	}
	return true;
}

static bool copy_ssbo(struct vgl_linked *l, const struct glsl_lower_res *x)
{
	for (uint32_t e = 0; e < vgl_linked_elements(x->array_size); e++) {
		struct vgl_ssbo *s = &l->ssbos[l->nr_ssbos++];

		s->name = vgl_linked_element_name(x, e);
		s->size = x->size;
		s->binding = x->binding + e;
		s->gl_binding = x->explicit_binding ? x->gl_binding + e : 0;
		s->atomic = x->kind == GLSL_RES_ATOMIC_BUFFER;
		l->nr_atomic_buffers += s->atomic;
		if (!s->name)
			return false;
	}
	return true;
}

/* A counter: a uniform without a location, in the buffer copied last (the
 * lowering lists each binding's buffer, then its counters). */
static bool copy_counter(struct vgl_linked *l, const struct glsl_lower_res *x)
{
	struct vgl_uniform *u = &l->uniforms[l->nr_uniforms];
	struct vgl_ssbo *s = &l->ssbos[l->nr_ssbos - 1];

	if (!l->nr_atomic_buffers || !s->atomic)
		return false;
	if (!s->nr_vars)
		s->first_var = l->nr_uniforms;
	s->nr_vars++;
	l->nr_uniforms++;
	u->name = strdup(x->name);
	u->type = GL_UNSIGNED_INT_ATOMIC_COUNTER;
	u->array_size = x->array_size;
	u->block = -1;
	u->offset = x->offset;
	u->array_stride = x->array_stride;
	u->first_location = -1;
	u->binding = -1;
	u->is_atomic = true;
	u->atomic_buffer = l->nr_atomic_buffers - 1;
	return u->name != NULL;
}

static bool alloc_lists(struct vgl_linked *l, const struct glsl_lower_result *r)
{
	uint32_t uniforms = res_count(r, GLSL_RES_UNIFORM) + res_count(r, GLSL_RES_SAMPLER) +
			    res_count(r, GLSL_RES_IMAGE) + res_count(r, GLSL_RES_ATOMIC_COUNTER);

	l->nr_sampler_units = sampler_elements(r);
	l->uniforms = calloc(uniforms ? uniforms : 1, sizeof(*l->uniforms));
	l->blocks = calloc(res_count(r, GLSL_RES_BLOCK) + 1, sizeof(*l->blocks));
	l->ssbos = calloc(res_count(r, GLSL_RES_BUFFER) + res_count(r, GLSL_RES_ATOMIC_BUFFER) + 1,
			  sizeof(*l->ssbos));
	l->sampler_units = calloc(l->nr_sampler_units + 1, sizeof(GLint));
	l->images = calloc(res_count(r, GLSL_RES_IMAGE) + 1, sizeof(*l->images));
	return l->uniforms && l->blocks && l->ssbos && l->sampler_units && l->images;
}

/* Appends the members of block x (index: its place among the blocks of its
 * kind) to *list; *first and *count say where they went. */
bool vgl_linked_copy_members(const struct glsl_lower_res *x, uint32_t index,
			     struct vgl_uniform **list, uint32_t *nr, uint32_t *first,
			     uint32_t *count)
{
	struct glsl_program members = { 0 };
	bool ok = glsl_program_add_block_members(&members, x->block_type, x->instance_named,
						 (int32_t)index, x->kind == GLSL_RES_BUFFER);
	struct vgl_uniform *grown = ok ? realloc(*list, (*nr + members.nr_uniforms + 1) *
						 sizeof(**list)) : NULL;

	*first = *nr;
	if (grown)
		*list = grown;
	for (uint32_t i = 0; grown && ok && i < members.nr_uniforms; i++) {
		memset(&grown[*nr], 0, sizeof(grown[*nr]));
		ok = vgl_uniform_from_prog(&grown[(*nr)++], &members.uniforms[i]);
	}
	*count = *nr - *first;
	glsl_program_finish(&members);
	return grown && ok;
}

/* GL_BUFFER_DATA_SIZE: an unsized array (the last member) counts one
 * element: of aggregates, the top-level stride; of a basic type (whose
 * top-level size is 1), its own stride. */
uint32_t vgl_linked_ssbo_data_size(const struct vgl_linked *l, const struct vgl_ssbo *s)
{
	for (uint32_t i = 0; i < s->nr_vars; i++) {
		const struct vgl_uniform *v = &l->buffer_vars[s->first_var + i];

		if (!v->top_array_size)
			return s->size + v->top_array_stride;
		if (v->unsized)
			return s->size + v->array_stride;
	}
	return s->size;
}

static bool copy_all_members(struct vgl_linked *l, const struct glsl_lower_result *r)
{
	uint32_t blocks = 0, ssbos = 0;
	bool ok = true;

	for (uint32_t i = 0; ok && i < r->nr_res; i++) {
		const struct glsl_lower_res *x = &r->res[i];

		for (uint32_t e = 0; ok && e < vgl_linked_elements(x->array_size); e++) {
			struct vgl_block *b = &l->blocks[blocks];
			struct vgl_ssbo *s = &l->ssbos[ssbos];

			if (x->kind == GLSL_RES_BLOCK)
				ok = vgl_linked_copy_members(x, blocks++, &l->uniforms, &l->nr_uniforms,
						  &b->first_uniform, &b->nr_uniforms);
			else if (x->kind == GLSL_RES_BUFFER) {
				ok = vgl_linked_copy_members(x, ssbos++, &l->buffer_vars, &l->nr_buffer_vars,
						  &s->first_var, &s->nr_vars);
				s->data_size = vgl_linked_ssbo_data_size(l, s);
			}
		}
	}
	return ok;
}

static bool copy_resources(struct vgl_linked *l, const struct glsl_lower_result *r)
{
	uint32_t units = 0;
	bool ok = alloc_lists(l, r);

	for (uint32_t i = 0; ok && i < r->nr_res; i++) {
		const struct glsl_lower_res *x = &r->res[i];

		if (x->kind == GLSL_RES_UNIFORM || x->kind == GLSL_RES_SAMPLER)
			ok = copy_uniform(l, x, &units);
		else if (x->kind == GLSL_RES_BLOCK)
			ok = copy_block(l, x);
		else if (x->kind == GLSL_RES_BUFFER || x->kind == GLSL_RES_ATOMIC_BUFFER)
			ok = copy_ssbo(l, x);
		else if (x->kind == GLSL_RES_IMAGE)
			ok = vgl_linked_copy_image(l, x, x->binding);
		else if (x->kind == GLSL_RES_ATOMIC_COUNTER)
			ok = copy_counter(l, x);
	}
	return ok && vgl_linked_assign_locations(l) && copy_all_members(l, r);
}

/* The default block as push constants when it fits (as for graphics). */
static int create_shader(struct vgl_linked *l, const struct glsl_compiled *c)
{
	uint32_t *pushed = NULL;
	size_t pushed_words = 0;
	int r;

	if (l->data_size && l->data_size <= l->dev->props.limits.maxPushConstantsSize) {
		r = vgl_spirv_block_to_push(c->words, c->nr_words, &pushed, &pushed_words);
		if (r < 0)
			return VGL_ERROR_OUT_OF_MEMORY;
		l->push = r != 2;
	}
	r = pushed ? vgl_linked_create_module(l, pushed, pushed_words, &l->cs)
		   : vgl_linked_create_module(l, c->words, c->nr_words, &l->cs);
	free(pushed);
	return r;
}

static int create_pipeline(struct vgl_linked *l)
{
	return vgl_result_from_vk(vvk_CreateComputePipelines(l->dev->dev, VK_NULL_HANDLE, 1,
		&(VkComputePipelineCreateInfo){
			.sType = VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO,
			.stage = { .sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO,
				   .stage = VK_SHADER_STAGE_COMPUTE_BIT, .module = l->cs,
				   .pName = "main" },
			.layout = l->layout }, NULL, &l->compute_pipeline));
}

static int build(struct vgl_linked *l, const struct glsl_compiled *c)
{
	int ret;

	l->compute = true;
	l->stages = VK_SHADER_STAGE_COMPUTE_BIT;
	memcpy(l->local_size, c->local_size, sizeof(l->local_size));
	if (!copy_resources(l, &c->res))
		return VGL_ERROR_OUT_OF_MEMORY;
	vgl_linked_find_driver_uniforms(l);
	ret = vgl_linked_create_default_block(l, c->res.default_block_size);
	if (ret == VGL_OK)
		ret = create_shader(l, c);
	if (ret == VGL_OK)
		ret = vgl_linked_create_default_ubo(l);
	if (ret == VGL_OK)
		ret = vgl_linked_create_layouts(l);
	if (ret == VGL_OK)
		ret = create_pipeline(l);
	return ret;
}

static int link_compiled(struct vgl_context *ctx, const struct glsl_compiled *c,
			 struct vgl_linked **out)
{
	struct vgl_linked *l = vgl_linked_alloc(ctx->dev);
	int ret = l ? build(l, c) : VGL_ERROR_OUT_OF_MEMORY;

	if (ret != VGL_OK && l)
		vgl_linked_discard(l);
	*out = ret == VGL_OK ? l : NULL;
	return ret;
}

int vgl_linked_create_compute(struct vgl_context *ctx, struct vgl_program *p,
			      struct vgl_linked **out, char **log)
{
	struct glsl_compiled c;
	const char *refused = NULL;
	int ret;

	*out = NULL;
	if (!p->cs->compiled || !p->cs->compile_status) {
		*log = strdup("error: the compute shader did not compile\n");
		return VGL_ERROR_BAD_ATTRIBUTE;
	}
	ret = glsl_shader_link_compute(p->cs->compiled, &c);
	if (ret == 0)
		refused = unsupported(&ctx->dev->limits, &c.res);
	*log = strdup(refused ? refused : c.info_log ? c.info_log : "");
	if (ret == 0 && !refused)
		ret = link_compiled(ctx, &c, out);
	else
		ret = VGL_ERROR_BAD_ATTRIBUTE;
	vgl_linked_log_refusal(log, ret, "error: the device refused the compute shader\n");
	glsl_compiled_finish(&c);
	return ret;
}
