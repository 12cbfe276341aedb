/* SPDX-License-Identifier: MIT */
/*
 * A program's link result (vgl_program.h): resource lists copied out of
 * glsl_shader_link's program, SPIR-V with program-wide bindings, and the
 * Vulkan objects sized from exactly what the program uses.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "glsl_program_binary.h"
#include "glsl_shader.h"
#include "vgl_buffer.h"
#include "vgl_context.h"
#include "vgl_extensions.h"
#include "vgl_device.h"
#include "vgl_linked_private.h"
#include "vgl_program.h"
#include "vgl_spirv.h"
#include "vgl_texture.h"
#include "vgl_vertex.h"

/* ---- GL types ----------------------------------------------------------------------------- */

static GLenum vector_type(enum glsl_base base, unsigned n)
{
	static const GLenum f[4] = { GL_FLOAT, GL_FLOAT_VEC2, GL_FLOAT_VEC3, GL_FLOAT_VEC4 };
	static const GLenum i[4] = { GL_INT, GL_INT_VEC2, GL_INT_VEC3, GL_INT_VEC4 };
	static const GLenum u[4] = { GL_UNSIGNED_INT, GL_UNSIGNED_INT_VEC2, GL_UNSIGNED_INT_VEC3,
				     GL_UNSIGNED_INT_VEC4 };
	static const GLenum b[4] = { GL_BOOL, GL_BOOL_VEC2, GL_BOOL_VEC3, GL_BOOL_VEC4 };

	switch (base) {
	case GLSL_BASE_FLOAT: return f[n - 1];
	case GLSL_BASE_INT: return i[n - 1];
	case GLSL_BASE_UINT: return u[n - 1];
	default: return b[n - 1];
	}
}

static GLenum matrix_type(unsigned cols, unsigned rows)
{
	static const GLenum m[3][3] = {
		{ GL_FLOAT_MAT2, GL_FLOAT_MAT2x3, GL_FLOAT_MAT2x4 },
		{ GL_FLOAT_MAT3x2, GL_FLOAT_MAT3, GL_FLOAT_MAT3x4 },
		{ GL_FLOAT_MAT4x2, GL_FLOAT_MAT4x3, GL_FLOAT_MAT4 } };

	return m[cols - 2][rows - 2];
}

static GLenum sampler_type(const struct glsl_type *t)
{
	switch (t->id) {
	case GLSL_TID_SAMPLER2D: return GL_SAMPLER_2D;
	case GLSL_TID_SAMPLER3D: return GL_SAMPLER_3D;
	case GLSL_TID_SAMPLERCUBE: return GL_SAMPLER_CUBE;
	case GLSL_TID_SAMPLER2DARRAY: return GL_SAMPLER_2D_ARRAY;
	case GLSL_TID_SAMPLER2DSHADOW: return GL_SAMPLER_2D_SHADOW;
	case GLSL_TID_SAMPLERCUBESHADOW: return GL_SAMPLER_CUBE_SHADOW;
	case GLSL_TID_SAMPLER2DARRAYSHADOW: return GL_SAMPLER_2D_ARRAY_SHADOW;
	case GLSL_TID_ISAMPLER2D: return GL_INT_SAMPLER_2D;
	case GLSL_TID_ISAMPLER3D: return GL_INT_SAMPLER_3D;
	case GLSL_TID_ISAMPLERCUBE: return GL_INT_SAMPLER_CUBE;
	case GLSL_TID_ISAMPLER2DARRAY: return GL_INT_SAMPLER_2D_ARRAY;
	case GLSL_TID_USAMPLER2D: return GL_UNSIGNED_INT_SAMPLER_2D;
	case GLSL_TID_USAMPLER3D: return GL_UNSIGNED_INT_SAMPLER_3D;
	case GLSL_TID_USAMPLERCUBE: return GL_UNSIGNED_INT_SAMPLER_CUBE;
	case GLSL_TID_SAMPLER2DMS: return GL_SAMPLER_2D_MULTISAMPLE;
	case GLSL_TID_ISAMPLER2DMS: return GL_INT_SAMPLER_2D_MULTISAMPLE;
	case GLSL_TID_USAMPLER2DMS: return GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE;
	case GLSL_TID_SAMPLER2DMSARRAY: return GL_SAMPLER_2D_MULTISAMPLE_ARRAY_OES;
	case GLSL_TID_ISAMPLER2DMSARRAY: return GL_INT_SAMPLER_2D_MULTISAMPLE_ARRAY_OES;
	case GLSL_TID_USAMPLER2DMSARRAY: return GL_UNSIGNED_INT_SAMPLER_2D_MULTISAMPLE_ARRAY_OES;
	/* sampled as a 2D image, from the unit's external texture */
	case GLSL_TID_SAMPLEREXTERNALOES: return GL_SAMPLER_EXTERNAL_OES;
	case GLSL_TID_SAMPLERCUBEARRAY: return GL_SAMPLER_CUBE_MAP_ARRAY_EXT;
	case GLSL_TID_SAMPLERCUBEARRAYSHADOW: return GL_SAMPLER_CUBE_MAP_ARRAY_SHADOW_EXT;
	case GLSL_TID_ISAMPLERCUBEARRAY: return GL_INT_SAMPLER_CUBE_MAP_ARRAY_EXT;
	case GLSL_TID_USAMPLERCUBEARRAY: return GL_UNSIGNED_INT_SAMPLER_CUBE_MAP_ARRAY_EXT;
	case GLSL_TID_SAMPLERBUFFER: return GL_SAMPLER_BUFFER_EXT;
	case GLSL_TID_ISAMPLERBUFFER: return GL_INT_SAMPLER_BUFFER_EXT;
	case GLSL_TID_USAMPLERBUFFER: return GL_UNSIGNED_INT_SAMPLER_BUFFER_EXT;
	default: return GL_UNSIGNED_INT_SAMPLER_2D_ARRAY;
	}
}

GLenum vgl_gl_type(const void *glsl_type)
{
	const struct glsl_type *t = glsl_type;

	while (t->kind == GLSL_KIND_ARRAY)
		t = t->elem;
	switch (t->kind) {
	case GLSL_KIND_SCALAR: return vector_type(t->base, 1);
	case GLSL_KIND_VECTOR: return vector_type(t->base, t->rows);
	case GLSL_KIND_MATRIX: return matrix_type(t->cols, t->rows);
	case GLSL_KIND_SAMPLER: return sampler_type(t);
	default: return GL_NONE;
	}
}

/* ---- resource lists ----------------------------------------------------------------------- */

bool vgl_uniform_from_prog(struct vgl_uniform *u, const struct glsl_prog_uniform *s)
{
	u->name = strdup(s->name);
	u->type = vgl_gl_type(s->type);
	u->array_size = s->array_size;
	u->unsized = s->unsized;
	u->block = s->block;
	u->offset = s->offset;
	u->array_stride = s->array_stride;
	u->matrix_stride = s->matrix_stride;
	u->row_major = s->row_major;
	u->top_array_size = s->top_array_size;
	u->top_array_stride = s->top_array_stride;
	u->first_location = -1;
	u->explicit_location = s->explicit_location;
	u->gl_location = s->gl_location;
	u->binding = -1;
	return u->name != NULL;
}

void vgl_uniforms_free(struct vgl_uniform *u, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		free(u[i].name);
	free(u);
}

static bool copy_uniforms(struct vgl_linked *l, const struct glsl_program *p)
{
	uint32_t units = 0;

	/* the stages' images and atomic counters follow (vgl_linked_storage.c) */
	l->uniforms = calloc(p->nr_uniforms + vgl_linked_storage_uniforms(p) + 1,
			     sizeof(*l->uniforms));
	if (!l->uniforms)
		return false;
	for (uint32_t i = 0; i < p->nr_uniforms; i++) {
		const struct glsl_prog_uniform *s = &p->uniforms[i];
		struct vgl_uniform *u = &l->uniforms[l->nr_uniforms++];

		if (!vgl_uniform_from_prog(u, s))
			return false;
		u->in_vs = s->block < 0 && s->stage.binding[GLSL_STAGE_VERTEX] >= 0;
		u->in_fs = s->block < 0 && s->stage.binding[GLSL_STAGE_FRAGMENT] >= 0;
		u->in_gs = s->block < 0 && s->stage.binding[GLSL_LINK_GEOMETRY] >= 0;
		u->in_tcs = s->block < 0 && s->stage.binding[GLSL_LINK_TESS_CTRL] >= 0;
		u->in_tes = s->block < 0 && s->stage.binding[GLSL_LINK_TESS_EVAL] >= 0;
		if (s->type->kind == GLSL_KIND_SAMPLER) {
			u->is_sampler = true;
			u->first_unit = units;
			units += s->array_size ? s->array_size : 1;
		}
	}
	l->nr_sampler_units = units;
	l->sampler_units = calloc(units ? units : 1, sizeof(GLint));
	return l->sampler_units != NULL;
}

/* ES 3.10 layout(binding) of a sampler: the units its elements start at
 * (below the combined units: bindings_refused). */
static void initial_units(struct vgl_linked *l, const struct glsl_program *p)
{
	for (uint32_t i = 0; i < p->nr_uniforms; i++) {
		const struct vgl_uniform *u = &l->uniforms[i];

		for (uint32_t e = 0; u->is_sampler && p->uniforms[i].explicit_binding &&
				     e < (u->array_size ? u->array_size : 1); e++)
			l->sampler_units[u->first_unit + e] = (GLint)(p->uniforms[i].gl_binding + e);
	}
}

static bool copy_blocks(struct vgl_linked *l, const struct glsl_program *p)
{
	l->blocks = calloc(p->nr_blocks ? p->nr_blocks : 1, sizeof(*l->blocks));
	if (!l->blocks)
		return false;
	for (uint32_t i = 0; i < p->nr_blocks; i++) {
		const struct glsl_prog_block *s = &p->blocks[i];
		struct vgl_block *b = &l->blocks[l->nr_blocks++];

		b->name = strdup(s->name);
		if (!b->name)
			return false;
		b->size = s->size;
		b->binding = 1 + i;
		b->in_vs = s->stage.binding[GLSL_STAGE_VERTEX] >= 0;
		b->in_fs = s->stage.binding[GLSL_STAGE_FRAGMENT] >= 0;
		b->in_gs = s->stage.binding[GLSL_LINK_GEOMETRY] >= 0;
		b->in_tcs = s->stage.binding[GLSL_LINK_TESS_CTRL] >= 0;
		b->in_tes = s->stage.binding[GLSL_LINK_TESS_EVAL] >= 0;
		b->first_uniform = s->first_uniform;
		b->nr_uniforms = s->nr_uniforms;
		/* ES 3.10 layout(binding): the initial binding point */
		b->gl_binding = s->explicit_binding ? s->gl_binding : 0;
	}
	return true;
}

static bool copy_vars(struct vgl_attrib_info **out, uint32_t *nr, const struct glsl_prog_var *v,
		      uint32_t n)
{
	*out = calloc(n ? n : 1, sizeof(**out));
	if (!*out)
		return false;
	for (uint32_t i = 0; i < n; i++) {
		struct vgl_attrib_info *a = &(*out)[(*nr)++];

		a->name = strdup(v[i].name);
		if (!a->name)
			return false;
		a->type = vgl_gl_type(v[i].type);
		a->is_array = v[i].type->kind == GLSL_KIND_ARRAY;
		a->size = a->is_array ? (GLint)v[i].type->length : 1;
		a->location = v[i].location;
		a->slots = v[i].slots;
		a->patch = v[i].patch;
	}
	return true;
}

static void input_mask(struct vgl_linked *l, const struct glsl_program *p)
{
	for (uint32_t i = 0; i < p->nr_attribs; i++)
		for (uint32_t s = 0; s < p->attribs[i].slots && p->attribs[i].location >= 0; s++)
			if (p->attribs[i].location + s < VGL_MAX_ATTRIBS)
				l->vs_inputs |= 1u << (p->attribs[i].location + s);
}

static bool has_location(const struct vgl_uniform *u)
{
	/* counters have no location (glGetUniformLocation: -1) */
	return u->block < 0 && !u->is_atomic;
}

static uint32_t elements_of(const struct vgl_uniform *u)
{
	return u->array_size ? u->array_size : 1;
}

/* Locations the table may need: every element, past the highest explicit
 * range (the linker bounds those by max_uniform_locations). */
static uint32_t location_bound(const struct vgl_linked *l)
{
	uint32_t n = 0, top = 0;

	for (uint32_t i = 0; i < l->nr_uniforms; i++) {
		const struct vgl_uniform *u = &l->uniforms[i];

		if (!has_location(u))
			continue;
		n += elements_of(u);
		if (u->explicit_location && u->gl_location + elements_of(u) > top)
			top = u->gl_location + elements_of(u);
	}
	return n + top;
}

static void take_locations(struct vgl_linked *l, uint32_t i, uint32_t at)
{
	struct vgl_uniform *u = &l->uniforms[i];

	u->first_location = (int32_t)at;
	for (uint32_t e = 0; e < elements_of(u); e++)
		l->locations[at + e] = (struct vgl_location){ i, e };
	if (at + elements_of(u) > l->nr_locations)
		l->nr_locations = at + elements_of(u);
}

/* The first run of `n` free locations at or after `from`. */
static uint32_t free_run(const struct vgl_linked *l, uint32_t from, uint32_t n)
{
	uint32_t run = 0;

	for (uint32_t at = from;; at++) {
		run = l->locations[at].uniform == VGL_NO_UNIFORM ? run + 1 : 0;
		if (run == n)
			return at + 1 - n;
	}
}

/* Locations: every element of every default-block or sampler uniform; the
 * ES 3.1 explicit ones first, the others in the gaps in list order. */
bool vgl_linked_assign_locations(struct vgl_linked *l)
{
	uint32_t size = location_bound(l), from = 0;

	l->locations = calloc(size ? size : 1, sizeof(*l->locations));
	if (!l->locations)
		return false;
	for (uint32_t at = 0; at < size; at++)
		l->locations[at].uniform = VGL_NO_UNIFORM;
	l->nr_locations = 0;
	for (uint32_t i = 0; i < l->nr_uniforms; i++)
		if (has_location(&l->uniforms[i]) && l->uniforms[i].explicit_location)
			take_locations(l, i, l->uniforms[i].gl_location);
	for (uint32_t i = 0; i < l->nr_uniforms; i++) {
		const struct vgl_uniform *u = &l->uniforms[i];

		if (!has_location(u) || u->explicit_location)
			continue;
		from = free_run(l, from, 1);
		take_locations(l, i, free_run(l, from, elements_of(u)));
	}
	return true;
}

/* ---- bindings ------------------------------------------------------------------------------- */

/* Old -> program-wide binding of one stage's module. */
static void stage_map(const struct vgl_linked *l, const struct glsl_program *p,
		      enum glsl_stage st, int32_t *map, uint32_t map_len)
{
	for (uint32_t i = 0; i < map_len; i++)
		map[i] = -1;
	map[0] = 0;
	for (uint32_t i = 0; i < p->nr_blocks; i++) {
		int32_t b = p->blocks[i].stage.binding[st];

		if (b >= 0 && (uint32_t)b < map_len)
			map[b] = (int32_t)l->blocks[i].binding;
	}
	for (uint32_t i = 0; i < p->nr_uniforms; i++) {
		const struct vgl_uniform *u = &l->uniforms[i];
		int32_t b = p->uniforms[i].stage.binding[st];
		uint32_t elems = u->array_size ? u->array_size : 1;

		for (uint32_t e = 0; u->binding >= 0 && b >= 0 && e < elems; e++)
			if ((uint32_t)b + e < map_len)
				map[b + (int32_t)e] = u->binding + (int32_t)e;
	}
	vgl_linked_map_storage(l, p, (uint32_t)st, map, map_len);
}

static void sampler_bindings(struct vgl_linked *l)
{
	uint32_t next = 1 + l->nr_blocks;

	for (uint32_t i = 0; i < l->nr_uniforms; i++) {
		struct vgl_uniform *u = &l->uniforms[i];

		if (!u->is_sampler)
			continue;
		u->binding = (int32_t)next;
		next += u->array_size ? u->array_size : 1;
	}
}

#define MAX_BINDINGS 256

#define BLOCK_BINDING_REFUSED \
	"error: a uniform block's binding is not below GL_MAX_UNIFORM_BUFFER_BINDINGS\n"

int vgl_linked_create_module(struct vgl_linked *l, const uint32_t *words, size_t n,
			     VkShaderModule *out)
{
	return vgl_result_from_vk(vvk_CreateShaderModule(l->dev->dev, &(VkShaderModuleCreateInfo){
		.sType = VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO, .codeSize = n * 4,
		.pCode = words }, NULL, out));
}

/* The fragment shader for y-down targets (window buffers); the same module
 * when the shader reads neither gl_FragCoord nor dFdy (vgl_spirv_y_down.c). */
static int create_y_down(struct vgl_linked *l, const uint32_t *words, size_t n)
{
	uint32_t *flipped = NULL;
	size_t flipped_words = 0;
	int r = vgl_spirv_y_down(words, n, &flipped, &flipped_words);

	if (r < 0)
		return VGL_ERROR_OUT_OF_MEMORY;
	if (r == 1) {
		l->fs_y_down = l->fs;
		return VGL_OK;
	}
	r = vgl_linked_create_module(l, flipped, flipped_words, &l->fs_y_down);
	free(flipped);
	return r;
}

/*
 * The default block as push constants (CONST[0], fed by SET_CONSTANT_BUFFER)
 * when it fits: a uniform change then costs 3 dwords + the block in the
 * stream, where a RESOURCE_INLINE_WRITE into a buffer costs 12 + the dirty
 * range and, on the host, a map of a GL buffer the queued draws still read,
 * while the host keeps SET_CONSTANT_BUFFER data in its context and uploads
 * it with the next draw (vrend_set_constants). The stages' modules are
 * converted together or not at all; with a module that uses the block in a
 * way the conversion does not handle, the block stays a uniform buffer.
 */
/* The graphics stages' modules, the geometry stage's after them (index
 * GLSL_STAGE_COUNT), then the tessellation stages' (none: NULL). */
#define NR_MODULES (GLSL_STAGE_COUNT + 3)

static int push_modules(struct vgl_linked *l, struct glsl_linked_program *lp,
			uint32_t *out[NR_MODULES], size_t out_words[NR_MODULES])
{
	uint32_t *words[NR_MODULES] = { lp->words[0], lp->words[1], lp->gs_words,
					lp->tess_words[0], lp->tess_words[1] };
	size_t nr_words[NR_MODULES] = { lp->nr_words[0], lp->nr_words[1], lp->gs_nr_words,
					lp->tess_nr_words[0], lp->tess_nr_words[1] };
	int r = 1;

	if (!l->data_size || l->data_size > l->dev->props.limits.maxPushConstantsSize)
		return VGL_OK;
	for (int st = 0; st < NR_MODULES && r != 2; st++) {
		if (!words[st])
			continue;
		r = vgl_spirv_block_to_push(words[st], nr_words[st], &out[st], &out_words[st]);
		if (r < 0)
			return VGL_ERROR_OUT_OF_MEMORY;
	}
	l->push = r != 2;
	for (int st = 0; st < NR_MODULES && !l->push; st++) {
		free(out[st]);
		out[st] = NULL;
	}
	return VGL_OK;
}

static int create_modules(struct vgl_linked *l, struct glsl_linked_program *lp)
{
	int32_t map[MAX_BINDINGS];
	VkShaderModule *mods[2] = { &l->vs, &l->fs };
	uint32_t *pushed[NR_MODULES] = { NULL };
	size_t pushed_words[NR_MODULES] = { 0 };
	int ret = VGL_OK;

	for (int st = 0; st < GLSL_STAGE_COUNT; st++) {
		stage_map(l, &lp->prog, (enum glsl_stage)st, map, MAX_BINDINGS);
		if (vgl_spirv_remap_bindings(lp->words[st], lp->nr_words[st], map, MAX_BINDINGS))
			return VGL_ERROR_BAD_ATTRIBUTE;
	}
	stage_map(l, &lp->prog, (enum glsl_stage)GLSL_LINK_GEOMETRY, map, MAX_BINDINGS);
	if (lp->gs_words &&
	    vgl_spirv_remap_bindings(lp->gs_words, lp->gs_nr_words, map, MAX_BINDINGS))
		return VGL_ERROR_BAD_ATTRIBUTE;
	for (int i = 0; i < 2; i++) {
		stage_map(l, &lp->prog, (enum glsl_stage)(GLSL_LINK_TESS_CTRL + i), map,
			  MAX_BINDINGS);
		if (lp->tess_words[i] && vgl_spirv_remap_bindings(lp->tess_words[i],
								  lp->tess_nr_words[i], map,
								  MAX_BINDINGS))
			return VGL_ERROR_BAD_ATTRIBUTE;
	}
	ret = push_modules(l, lp, pushed, pushed_words);
	for (int st = 0; st < GLSL_STAGE_COUNT && ret == VGL_OK; st++)
		ret = pushed[st] ? vgl_linked_create_module(l, pushed[st], pushed_words[st], mods[st])
				 : vgl_linked_create_module(l, lp->words[st], lp->nr_words[st],
							    mods[st]);
	if (ret == VGL_OK)
		ret = pushed[GLSL_STAGE_FRAGMENT]
			      ? create_y_down(l, pushed[GLSL_STAGE_FRAGMENT],
					      pushed_words[GLSL_STAGE_FRAGMENT])
			      : create_y_down(l, lp->words[GLSL_STAGE_FRAGMENT],
					      lp->nr_words[GLSL_STAGE_FRAGMENT]);
	if (ret == VGL_OK)
		ret = vgl_linked_geometry_module(l, lp, pushed[GLSL_STAGE_COUNT],
						 pushed_words[GLSL_STAGE_COUNT]);
	if (ret == VGL_OK)
		ret = vgl_linked_tess_modules(l, lp, &pushed[GLSL_STAGE_COUNT + 1],
					      &pushed_words[GLSL_STAGE_COUNT + 1]);
	for (int st = 0; st < NR_MODULES; st++)
		free(pushed[st]);
	return ret;
}

/* ---- Vulkan objects -------------------------------------------------------------------------- */

/* The stages of a resource the vertex / fragment shader declare; a compute
 * program's are its one stage; with a geometry or tessellation stage, all of
 * them (it may declare what the others do not). */
static VkShaderStageFlags stages_of(const struct vgl_linked *l, bool in_vs, bool in_fs)
{
	VkShaderStageFlags s = (in_vs ? VK_SHADER_STAGE_VERTEX_BIT : 0) |
			       (in_fs ? VK_SHADER_STAGE_FRAGMENT_BIT : 0);

	return l->compute || l->gs || l->tcs || !s ? l->stages : s;
}

/* A compute program's storage is its one stage's; a graphics program's, the
 * stages that declare it. */
static VkShaderStageFlags storage_stages(const struct vgl_linked *l, uint32_t stages)
{
	return l->compute || !stages ? l->stages : stages;
}

/* A buffer sampler reads a uniform texel buffer, a buffer image a storage
 * texel buffer (vgl_texture_buffer.c); the others images. */
static VkDescriptorType sampler_descriptor(GLenum type)
{
	return vgl_texture_buffer_type(type) ? VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER
					     : VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER;
}

static VkDescriptorType image_descriptor(GLenum type)
{
	return vgl_texture_buffer_type(type) ? VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER
					     : VK_DESCRIPTOR_TYPE_STORAGE_IMAGE;
}

static uint32_t layout_bindings(const struct vgl_linked *l, VkDescriptorSetLayoutBinding *b)
{
	const VkShaderStageFlags all = l->stages;
	uint32_t n = 0;

	if (l->data_size && !l->push)
		b[n++] = (VkDescriptorSetLayoutBinding){ 0, VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1, all, NULL };
	/* a block only in the stages that declare it: a range moved is sent once */
	for (uint32_t i = 0; i < l->nr_blocks; i++)
		b[n++] = (VkDescriptorSetLayoutBinding){ l->blocks[i].binding,
			VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC, 1,
			stages_of(l, l->blocks[i].in_vs, l->blocks[i].in_fs), NULL };
	for (uint32_t i = 0; i < l->nr_uniforms; i++) {
		const struct vgl_uniform *u = &l->uniforms[i];
		VkShaderStageFlags stages = stages_of(l, u->in_vs, u->in_fs);

		/* a sampler only in the stages that declare it: half the work per texture */
		for (uint32_t e = 0; u->binding >= 0 && e < (u->array_size ? u->array_size : 1); e++)
			b[n++] = (VkDescriptorSetLayoutBinding){ (uint32_t)u->binding + e,
				sampler_descriptor(u->type), 1, stages, NULL };
	}
	/* technique 4 for shader storage too: glBindBufferRange moves an offset;
	 * buffers and images only in the stages that declare them, whose slots
	 * the host counts per stage (vgl_linked_storage.c) */
	for (uint32_t i = 0; i < l->nr_ssbos; i++)
		b[n++] = (VkDescriptorSetLayoutBinding){ l->ssbos[i].binding,
			VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC, 1,
			storage_stages(l, l->ssbos[i].stages), NULL };
	for (uint32_t i = 0; i < l->nr_images; i++)
		for (uint32_t e = 0; e < vgl_linked_elements(l->images[i].array_size); e++)
			b[n++] = (VkDescriptorSetLayoutBinding){ l->images[i].binding + e,
				image_descriptor(l->images[i].decl.type), 1,
				storage_stages(l, l->images[i].stages), NULL };
	return n;
}

/* The sampler and image elements that read buffer textures. */
static void texel_buffers(const struct vgl_linked *l, uint32_t *samplers, uint32_t *images)
{
	*samplers = *images = 0;
	for (uint32_t i = 0; i < l->nr_uniforms; i++)
		if (l->uniforms[i].is_sampler && vgl_texture_buffer_type(l->uniforms[i].type))
			*samplers += vgl_linked_elements(l->uniforms[i].array_size);
	for (uint32_t i = 0; i < l->nr_images; i++)
		if (vgl_texture_buffer_type(l->images[i].decl.type))
			*images += vgl_linked_elements(l->images[i].array_size);
}

/* The pool sizes of one set, exactly. */
static uint32_t pool_sizes(const struct vgl_linked *l, VkDescriptorPoolSize *s)
{
	uint32_t n = 0, texel_samplers, texel_images;

	texel_buffers(l, &texel_samplers, &texel_images);
	if (texel_samplers)
		s[n++] = (VkDescriptorPoolSize){ VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER,
						 texel_samplers };
	if (texel_images)
		s[n++] = (VkDescriptorPoolSize){ VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER,
						 texel_images };

	if (l->data_size && !l->push)
		s[n++] = (VkDescriptorPoolSize){ VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, 1 };
	if (l->nr_blocks)
		s[n++] = (VkDescriptorPoolSize){ VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER_DYNAMIC,
						 l->nr_blocks };
	if (l->nr_sampler_units > texel_samplers)
		s[n++] = (VkDescriptorPoolSize){ VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER,
						 l->nr_sampler_units - texel_samplers };
	if (l->nr_ssbos)
		s[n++] = (VkDescriptorPoolSize){ VK_DESCRIPTOR_TYPE_STORAGE_BUFFER_DYNAMIC,
						 l->nr_ssbos };
	if (l->nr_image_elems > texel_images)
		s[n++] = (VkDescriptorPoolSize){ VK_DESCRIPTOR_TYPE_STORAGE_IMAGE,
						 l->nr_image_elems - texel_images };
	return n;
}

int vgl_linked_create_layouts(struct vgl_linked *l)
{
	VkDescriptorSetLayoutBinding b[MAX_BINDINGS];
	VkDescriptorPoolSize sizes[VGL_DCACHE_MAX_SIZES];
	uint32_t n = layout_bindings(l, b), nr_sizes = pool_sizes(l, sizes);
	VkPushConstantRange push = { l->stages, 0, l->data_size };
	VkResult r = VK_SUCCESS;

	if (n)
		r = vvk_CreateDescriptorSetLayout(l->dev->dev, &(VkDescriptorSetLayoutCreateInfo){
			.sType = VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO,
			.bindingCount = n, .pBindings = b }, NULL, &l->set_layout);
	if (r == VK_SUCCESS)
		r = vvk_CreatePipelineLayout(l->dev->dev, &(VkPipelineLayoutCreateInfo){
			.sType = VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO,
			.setLayoutCount = n ? 1 : 0, .pSetLayouts = &l->set_layout,
			.pushConstantRangeCount = l->push ? 1 : 0, .pPushConstantRanges = &push },
			NULL, &l->layout);
	vgl_dcache_init(&l->sets, &l->lock, l->set_layout, sizes, nr_sizes,
			2 * (l->nr_blocks + l->nr_sampler_units + l->nr_ssbos + l->nr_image_elems));
	return vgl_result_from_vk(r);
}

int vgl_linked_create_default_block(struct vgl_linked *l, uint32_t size)
{
	if (!size)
		return VGL_OK;
	l->data = calloc(1, size);
	if (!l->data)
		return VGL_ERROR_OUT_OF_MEMORY;
	l->data_size = size;
	l->dirty_lo = 0;
	l->dirty_hi = size;
	return VGL_OK;
}

/* The buffer behind binding 0, when the block did not become push constants. */
int vgl_linked_create_default_ubo(struct vgl_linked *l)
{
	if (!l->data_size || l->push)
		return VGL_OK;
	l->ubo = vgl_storage_create(l->dev, l->data_size, false);
	return l->ubo ? VGL_OK : VGL_ERROR_OUT_OF_MEMORY;
}

/* ---- lifetime --------------------------------------------------------------------------------- */

static void free_vars(struct vgl_attrib_info *v, uint32_t n)
{
	for (uint32_t i = 0; i < n; i++)
		free(v[i].name);
	free(v);
}

static void linked_free(struct vgl_device *dev, void *arg)
{
	struct vgl_linked *l = arg;

	vgl_pcache_finish(dev->dev, &l->pipelines);
	vvk_DestroyPipeline(dev->dev, l->compute_pipeline, NULL);
	vvk_DestroyShaderModule(dev->dev, l->cs, NULL);
	for (uint32_t i = 0; i < l->nr_ssbos; i++)
		free(l->ssbos[i].name);
	free(l->ssbos);
	for (uint32_t i = 0; i < l->nr_images; i++)
		free(l->images[i].name);
	free(l->images);
	vgl_dcache_finish(dev->dev, &l->sets);
	vvk_DestroyPipelineLayout(dev->dev, l->layout, NULL);
	vvk_DestroyDescriptorSetLayout(dev->dev, l->set_layout, NULL);
	vvk_DestroyShaderModule(dev->dev, l->vs, NULL);
	vvk_DestroyShaderModule(dev->dev, l->gs, NULL);
	vvk_DestroyShaderModule(dev->dev, l->tcs, NULL);
	vvk_DestroyShaderModule(dev->dev, l->tes, NULL);
	if (l->fs_y_down != l->fs)
		vvk_DestroyShaderModule(dev->dev, l->fs_y_down, NULL);
	vvk_DestroyShaderModule(dev->dev, l->fs, NULL);
	vgl_uniforms_free(l->uniforms, l->nr_uniforms);
	vgl_uniforms_free(l->buffer_vars, l->nr_buffer_vars);
	for (uint32_t i = 0; i < l->nr_blocks; i++)
		free(l->blocks[i].name);
	free(l->blocks);
	free_vars(l->attribs, l->nr_attribs);
	free_vars(l->outputs, l->nr_outputs);
	free_vars(l->varyings, l->nr_varyings);
	free(l->locations);
	free(l->sampler_units);
	free(l->data);
	vgl_linked_xfb_free(&l->xfb);
	vgl_separable_free(l);
	free(l->binary);
	pthread_mutex_destroy(&l->lock);
	free(l);
}

/* Batches that used it are all submitted: its Vulkan objects go once they complete. */
static void linked_destroy(struct vgl_object *o)
{
	struct vgl_linked *l = (struct vgl_linked *)o;

	vgl_storage_unref(l->ubo);
	l->ubo = NULL;
	vgl_device_defer(l->dev, linked_free, l);
}

/* gl_DepthRange is a member of the default block (std140: near, far, diff
 * at 0, 4, 8), in any stage, compute too: its values follow glDepthRangef
 * at the draws and dispatches. gl_NumSamples (OES_sample_variables) is
 * one too, an int the draws set to their target's samples. */
void vgl_linked_find_driver_uniforms(struct vgl_linked *l)
{
	l->depth_range_at = l->num_samples_at = -1;
	for (uint32_t i = 0; i < l->nr_uniforms; i++) {
		if (l->uniforms[i].block >= 0)
			continue;
		if (!strcmp(l->uniforms[i].name, "gl_DepthRange.near"))
			l->depth_range_at = (int32_t)l->uniforms[i].offset;
		else if (!strcmp(l->uniforms[i].name, "gl_NumSamples"))
			l->num_samples_at = (int32_t)l->uniforms[i].offset;
	}
}

static int build(struct vgl_linked *l, struct glsl_linked_program *lp)
{
	const struct glsl_program *p = &lp->prog;
	int ret;

	if (!copy_uniforms(l, p) || !copy_blocks(l, p) ||
	    !vgl_linked_copy_program_images(l, p, 1 + l->nr_blocks + l->nr_sampler_units) ||
	    !vgl_linked_copy_storage(l, p, 1 + l->nr_blocks + l->nr_sampler_units +
					       l->nr_image_elems) ||
	    !copy_vars(&l->attribs, &l->nr_attribs, p->attribs, p->nr_attribs) ||
	    !copy_vars(&l->outputs, &l->nr_outputs, p->outputs, p->nr_outputs) ||
	    !copy_vars(&l->varyings, &l->nr_varyings, p->varyings, p->nr_varyings) ||
	    !vgl_linked_assign_locations(l) || !vgl_linked_xfb_build(&l->xfb, p))
		return VGL_ERROR_OUT_OF_MEMORY;
	input_mask(l, p);
	initial_units(l, p);
	sampler_bindings(l);
	vgl_linked_find_driver_uniforms(l);
	ret = vgl_linked_create_default_block(l, p->default_block_size);
	if (ret == VGL_OK)
		ret = create_modules(l, lp);
	if (ret == VGL_OK)
		ret = vgl_linked_create_default_ubo(l);
	if (ret == VGL_OK)
		ret = vgl_linked_create_layouts(l);
	return ret;
}

static struct glsl_attrib_binding *attrib_bindings(const struct vgl_program *p)
{
	struct glsl_attrib_binding *b = calloc(p->nr_bindings ? p->nr_bindings : 1, sizeof(*b));

	for (uint32_t i = 0; b && i < p->nr_bindings; i++)
		b[i] = (struct glsl_attrib_binding){ p->bindings[i].name,
						     (int32_t)p->bindings[i].location };
	return b;
}

void vgl_linked_discard(struct vgl_linked *l)
{
	linked_destroy(&l->obj);
}

struct vgl_linked *vgl_linked_alloc(struct vgl_device *dev)
{
	struct vgl_linked *l = calloc(1, sizeof(*l));

	if (!l)
		return NULL;
	vgl_object_init(&l->obj, linked_destroy);
	l->id = vgl_unique_id();
	l->dev = dev;
	l->stages = VK_SHADER_STAGE_VERTEX_BIT | VK_SHADER_STAGE_FRAGMENT_BIT;
	/* not 0, calloc's: that is a default block's first member, which the
	 * context's depth range would overwrite at each upload */
	l->depth_range_at = l->num_samples_at = -1;
	pthread_mutex_init(&l->lock, NULL);
	return l;
}

/*
 * The executable of a linked program, from a link or a program binary
 * alike: its binary is kept first (build rewrites lp's SPIR-V in place), then
 * the link result is built from lp.
 */
static bool has_buffers(const struct glsl_program *p)
{
	for (int st = 0; st < GLSL_STAGE_COUNT; st++)
		for (uint32_t i = 0; i < p->stages[st].nr_res; i++)
			if (p->stages[st].res[i].kind == GLSL_RES_BUFFER)
				return true;
	return false;
}

static int linked_from_program(struct vgl_context *ctx, struct glsl_linked_program *lp,
			       struct vgl_linked **out)
{
	struct vgl_linked *l = vgl_linked_alloc(ctx->dev);
	int ret = l ? VGL_OK : VGL_ERROR_OUT_OF_MEMORY;

	/* a program a binary cannot hold (not made by GLSL ES, or with images,
	 * buffer blocks or counters, which its records lack) keeps none */
	if (l && (vgl_linked_storage_uniforms(&lp->prog) || has_buffers(&lp->prog) || lp->gs_words ||
		  lp->tess_words[0] ||
		  glsl_program_binary_write(lp, &l->binary, &l->binary_size) != 0))
		l->binary_size = 0;
	if (l) {
		l->blend_support = lp->prog.blend_support;
		ret = build(l, lp);
	}
	if (ret != VGL_OK && l)
		linked_destroy(&l->obj);
	*out = ret == VGL_OK ? l : NULL;
	return ret;
}

void vgl_linked_log_refusal(char **log, int ret, const char *why)
{
	if (ret == VGL_OK || ret == VGL_ERROR_OUT_OF_MEMORY || (*log && **log))
		return;
	free(*log);
	*log = strdup(why);
}

/* glsl_shader_link under the device's limits and the link's capture list. */
static int link_shaders(const struct vgl_context *ctx, const struct vgl_graphics_link *in,
			struct glsl_shader **shaders, struct glsl_linked_program *lp)
{
	struct glsl_link_options opts = {
		.attrib_bindings = in->attrib_bindings, .nr_attrib_bindings = in->nr_attrib_bindings,
		.limits = { .max_xfb_separate_attribs = ctx->dev->max_xfb_buffers },
		.xfb_varyings = in->xfb ? in->xfb->names : NULL,
		.nr_xfb_varyings = in->nr_xfb,
		.xfb_separate = in->xfb_separate,
		.separable = in->separable, .pipeline = in->pipeline,
		.program_inputs = in->program_inputs, .vs_alone = in->vs_alone,
		.stand_ins = in->stand_ins };

	vgl_limits_link(&ctx->dev->limits, &opts.limits);
	return glsl_shader_link_tess(shaders, in->gs,
				     (struct glsl_shader *[2]){ in->tcs, in->tes }, &opts, lp);
}

const char *vgl_linked_binding_refused(const struct glsl_lower_res *r,
				       const struct vgl_limits *lim)
{
	uint64_t end = (uint64_t)r->gl_binding + (r->array_size ? r->array_size : 1);

	if (!r->explicit_binding)
		return NULL;
	if (r->kind == GLSL_RES_BLOCK && end > VGL_MAX_UBO_BINDINGS)
		return BLOCK_BINDING_REFUSED;
	if (r->kind == GLSL_RES_BUFFER && end > lim->ssbo_bindings)
		return "error: a buffer block's binding is not below "
		       "GL_MAX_SHADER_STORAGE_BUFFER_BINDINGS\n";
	if (r->kind == GLSL_RES_ATOMIC_BUFFER && end > lim->atomic_bindings)
		return "error: an atomic counter's binding is not below "
		       "GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS\n";
	if (r->kind == GLSL_RES_ATOMIC_BUFFER && r->size > lim->atomic_buffer_size)
		return "error: atomic counters end past GL_MAX_ATOMIC_COUNTER_BUFFER_SIZE\n";
	return NULL;
}

/* A program's uniform blocks and samplers, from a link or a binary alike. */
static const char *bindings_refused(const struct vgl_limits *lim, const struct glsl_program *prog)
{
	for (uint32_t i = 0; i < prog->nr_blocks; i++)
		if (prog->blocks[i].explicit_binding &&
		    prog->blocks[i].gl_binding >= VGL_MAX_UBO_BINDINGS)
			return BLOCK_BINDING_REFUSED;
	for (uint32_t i = 0; i < prog->nr_uniforms; i++) {
		const struct glsl_prog_uniform *u = &prog->uniforms[i];

		if (u->explicit_binding && (uint64_t)u->gl_binding + (u->array_size ? u->array_size : 1) >
					   lim->combined_texture_units)
			return "error: a sampler's binding is not below "
			       "GL_MAX_COMBINED_TEXTURE_IMAGE_UNITS\n";
	}
	return NULL;
}

/* Buffer blocks, counters and images past the stages' limits (a shader
 * with one that cannot reach the host must not link: its stores would go
 * nowhere), then the bindings. */
static const char *graphics_refuses(const struct vgl_limits *lim, const struct glsl_program *prog)
{
	const char *refused = vgl_linked_storage_refused(lim, prog);

	return refused ? refused : bindings_refused(lim, prog);
}

static int link_graphics(struct vgl_context *ctx, struct vgl_program *p,
			 struct vgl_linked **out, char **log);

int vgl_linked_create(struct vgl_context *ctx, struct vgl_program *p, struct vgl_linked **out,
		      char **log)
{
	*out = NULL;
	if (p->cs && (p->vs || p->fs || p->gs || p->tcs || p->tes)) {
		*log = strdup("error: a compute shader cannot be linked with other stages\n");
		return VGL_ERROR_BAD_ATTRIBUTE;
	}
	if (p->cs) {
		int ret = vgl_linked_create_compute(ctx, p, out, log);

		/* a compute program needs nothing kept to serve a pipeline */
		if (ret == VGL_OK)
			(*out)->separable = p->separable;
		return ret;
	}
	return link_graphics(ctx, p, out, log);
}

int vgl_linked_create_graphics(struct vgl_context *ctx, const struct vgl_graphics_link *in,
			       struct vgl_linked **out, char **log)
{
	struct glsl_shader *shaders[GLSL_STAGE_COUNT] = { in->vs, in->fs };
	struct glsl_linked_program lp;
	const char *refused;
	int ret;

	if (in->xfb && in->xfb->vs)
		shaders[GLSL_STAGE_VERTEX] = in->xfb->vs;
	ret = link_shaders(ctx, in, shaders, &lp);
	refused = ret == 0 ? graphics_refuses(&ctx->dev->limits, &lp.prog) : NULL;
	if (refused)
		ret = -1;
	/* vgl_shader.c's depth wrapper calls the VS's main() under this name */
	if (ret != 0 && lp.info_log && strstr(lp.info_log, "'vgl_user_main' is called but never"))
		*log = strdup("error: vertex shader lacks 'main'\n");
	else
		*log = strdup(refused ? refused : lp.info_log ? lp.info_log : "");
	ret = ret == 0 ? linked_from_program(ctx, &lp, out) : VGL_ERROR_BAD_ATTRIBUTE;
	vgl_linked_log_refusal(log, ret, "error: the device refused the linked shaders\n");
	glsl_linked_program_finish(&lp);
	return ret;
}

/* Why a geometry or tessellation stage cannot link yet, or NULL. */
static const char *middle_refused(const struct vgl_program *p)
{
	if ((p->gs && !p->gs->compile_status) || (p->tcs && !p->tcs->compile_status) ||
	    (p->tes && !p->tes->compile_status))
		return p->gs && !p->gs->compile_status ? "error: the geometry shader did not compile\n"
		       : "error: a tessellation shader did not compile\n";
	return NULL;
}

static int link_graphics(struct vgl_context *ctx, struct vgl_program *p,
			 struct vgl_linked **out, char **log)
{
	struct vgl_graphics_link in = { .vs = p->vs ? p->vs->compiled : NULL,
					.fs = p->fs ? p->fs->compiled : NULL,
					.gs = p->gs ? p->gs->compiled : NULL,
					.tcs = p->tcs ? p->tcs->compiled : NULL,
					.tes = p->tes ? p->tes->compiled : NULL,
					.nr_attrib_bindings = p->nr_bindings,
					.nr_xfb = p->nr_xfb_names,
					.xfb_separate = p->xfb_mode == GL_SEPARATE_ATTRIBS,
					.separable = p->separable };
	struct glsl_attrib_binding *ab = attrib_bindings(p);
	struct vgl_xfb_link xl;
	int ret;

	if (middle_refused(p)) {
		free(ab);
		*log = strdup(middle_refused(p));
		return VGL_ERROR_BAD_ATTRIBUTE;
	}
	if (!ab || !vgl_xfb_link_prepare(&ctx->dev->limits, p, &xl)) {
		free(ab);
		return VGL_ERROR_OUT_OF_MEMORY;
	}
	in.attrib_bindings = ab;
	in.xfb = &xl;
	ret = p->separable ? vgl_separable_link(ctx, p, &in, out, log)
			   : vgl_linked_create_graphics(ctx, &in, out, log);
	free(ab);
	vgl_xfb_link_finish(&xl); /* after: lp's declared types live in its tree */
	return ret;
}

/* What a binary asks of the device that a link would have refused here. */
static const char *device_refuses(const struct vgl_context *ctx, const struct glsl_program *p)
{
	for (uint32_t i = 0; i < p->nr_xfb; i++)
		if (p->xfb[i].buffer >= ctx->dev->max_xfb_buffers)
			return "error: program binary: captures into more buffers than this device has\n";
	return bindings_refused(&ctx->dev->limits, p);
}

int vgl_linked_create_from_binary(struct vgl_context *ctx, const void *data, size_t size,
				  struct vgl_linked **out, char **log)
{
	struct glsl_linked_program lp;
	const char *refused = NULL;
	int ret = glsl_program_binary_read(data, size, &lp);

	*out = NULL;
	if (ret == 0)
		refused = device_refuses(ctx, &lp.prog);
	*log = strdup(refused ? refused : lp.info_log ? lp.info_log : "");
	if (ret == 0 && !refused)
		ret = linked_from_program(ctx, &lp, out);
	else
		ret = lp.info_log ? VGL_ERROR_BAD_ATTRIBUTE : VGL_ERROR_OUT_OF_MEMORY;
	vgl_linked_log_refusal(log, ret, "error: program binary: its shaders were refused\n");
	glsl_linked_program_finish(&lp);
	return ret;
}

/* Whether the block's gl_DepthRange differs from the context's; want: its values. */
static bool depth_range_stale(const struct vgl_context *ctx, const struct vgl_linked *l,
			      float want[3])
{
	const float *dr = ctx->st.depth_range[0];

	if (l->depth_range_at < 0 || (uint32_t)l->depth_range_at + 12 > l->data_size)
		return false;
	want[0] = dr[0];
	want[1] = dr[1];
	want[2] = dr[1] - dr[0];
	return memcmp(l->data + l->depth_range_at, want, 12) != 0;
}

/* Whether the block's gl_NumSamples differs from the samples of the target
 * drawn to (the pipeline key's, built before the uniforms go; 1 single-sampled). */
static bool num_samples_stale(const struct vgl_context *ctx, const struct vgl_linked *l,
			      int32_t *want)
{
	if (l->num_samples_at < 0 || (uint32_t)l->num_samples_at + 4 > l->data_size)
		return false;
	*want = (int32_t)(ctx->drawn.key.samples ? ctx->drawn.key.samples : 1);
	return memcmp(l->data + l->num_samples_at, want, 4) != 0;
}

bool vgl_linked_uniforms_pending(const struct vgl_context *ctx, const struct vgl_linked *l)
{
	float dr[3];
	int32_t ns;

	if (depth_range_stale(ctx, l, dr) || num_samples_stale(ctx, l, &ns))
		return true;
	if (l->push && ((ctx->dirty & VGL_DIRTY_BIT(VGL_DIRTY_UNIFORMS)) ||
			ctx->drawn.pushed != l->push_serial))
		return true;
	return l->dirty_hi > l->dirty_lo;
}

/*
 * Push constants live in the command buffer: after a new one, another
 * program's push, or another context's push of this program (which took the
 * dirty range along), the whole block goes; else the dirty range. vk/ sends
 * CONST[0] of each stage that reads it at the draw, once however many
 * pushes came before.
 */
static void push_uniforms(struct vgl_context *ctx, struct vgl_linked *l, VkCommandBuffer cmd)
{
	uint32_t lo = l->dirty_lo, hi = l->dirty_hi;

	if ((ctx->dirty & VGL_DIRTY_BIT(VGL_DIRTY_UNIFORMS)) || ctx->drawn.pushed != l->push_serial) {
		lo = 0;
		hi = l->data_size;
	}
	ctx->dirty &= ~VGL_DIRTY_BIT(VGL_DIRTY_UNIFORMS);
	if (hi > lo) {
		vvk_CmdPushConstants(cmd, l->layout,
				     l->stages, lo, hi - lo, l->data + lo);
		ctx->stats.uniform_uploads++;
		ctx->stats.uniform_bytes += hi - lo;
		/* unique: a context can tell "my command buffer holds this
		 * program's last push" from any other state */
		l->push_serial = vgl_unique_id();
	}
	ctx->drawn.pushed = l->push_serial;
	l->dirty_lo = l->data_size;
	l->dirty_hi = 0;
}

/* A value the driver keeps in the default block, written and marked dirty. */
static void write_driver_value(struct vgl_linked *l, int32_t offset, const void *v, uint32_t size)
{
	uint32_t at = (uint32_t)offset;

	memcpy(l->data + at, v, size);
	l->dirty_lo = at < l->dirty_lo ? at : l->dirty_lo;
	l->dirty_hi = at + size > l->dirty_hi ? at + size : l->dirty_hi;
}

void vgl_linked_upload_uniforms(struct vgl_context *ctx, struct vgl_linked *l)
{
	VkCommandBuffer cmd;
	float dr[3];
	int32_t ns;

	if (depth_range_stale(ctx, l, dr))
		write_driver_value(l, l->depth_range_at, dr, sizeof(dr));
	if (num_samples_stale(ctx, l, &ns))
		write_driver_value(l, l->num_samples_at, &ns, sizeof(ns));
	if (!vgl_linked_uniforms_pending(ctx, l))
		return;
	cmd = vgl_batch_cmd(ctx);
	if (!cmd)
		return;
	if (l->push) {
		push_uniforms(ctx, l, cmd);
		return;
	}
	/* copied in GPU order, so draws recorded before keep the values they had */
	if (!vgl_stream_update(ctx, l->ubo->buf, l->dirty_lo, l->data + l->dirty_lo,
			       l->dirty_hi - l->dirty_lo))
		return;
	vgl_batch_use(ctx, &l->ubo->obj);
	ctx->stats.uniform_uploads++;
	ctx->stats.uniform_bytes += l->dirty_hi - l->dirty_lo;
	l->dirty_lo = l->data_size;
	l->dirty_hi = 0;
}
