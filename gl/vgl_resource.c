/* SPDX-License-Identifier: MIT */
/*
 * The program interfaces (vgl_resource.h): one table row per interface,
 * which lists its resources and views one of them as the properties GL
 * names; one table of which property each interface has. A property is
 * then read from the view alike for every interface.
 */
#include "vgl_resource.h"

#include <stdio.h>
#include <string.h>

#include "glsl_link.h"
#include "vgl_extensions.h"
#include "vgl_program.h"

/* One resource as the properties see it. */
struct view {
	const char *name;
	bool array;                       /* GL reports the name with "[0]" */
	GLenum type;
	GLint array_size, offset, block_index, array_stride, matrix_stride, row_major;
	GLint location;
	GLint binding, data_size;
	uint32_t first_var, nr_vars;
	bool vs, fs, cs, gs, tcs, tes;    /* referenced by */
	bool patch;                       /* a per-patch input or output */
	GLint top_size, top_stride;
	GLint atomic_buffer;              /* GL_ATOMIC_COUNTER_BUFFER_INDEX */
};

/* ---- views ------------------------------------------------------------------------------------ */

/* A uniform or buffer variable: block-only properties are -1 outside blocks. */
static void variable_view(const struct vgl_uniform *u, struct view *v)
{
	/* a counter's offset and stride are in its buffer */
	bool in_block = u->block >= 0 || u->is_atomic;

	v->name = u->name;
	v->array = u->array_size || u->unsized;
	v->type = u->type;
	v->array_size = v->array && !u->unsized ? (GLint)u->array_size : !v->array;
	v->offset = in_block ? (GLint)u->offset : -1;
	v->block_index = u->block;
	v->array_stride = !in_block ? -1 : v->array ? (GLint)u->array_stride : 0;
	v->matrix_stride = in_block ? (GLint)u->matrix_stride : -1;
	v->row_major = u->row_major;
	v->location = u->first_location;
	v->top_size = (GLint)u->top_array_size;
	v->top_stride = (GLint)u->top_array_stride;
	v->atomic_buffer = u->is_atomic ? (GLint)u->atomic_buffer : -1;
	if (u->is_atomic)
		v->block_index = -1;
}

static void uniform_view(const struct vgl_linked *l, uint32_t i, struct view *v)
{
	const struct vgl_uniform *u = &l->uniforms[i];
	const struct vgl_block *b = u->block >= 0 ? &l->blocks[u->block] : NULL;

	variable_view(u, v);
	v->vs = b ? b->in_vs : u->in_vs;
	v->fs = b ? b->in_fs : u->in_fs;
	v->gs = b ? b->in_gs : u->in_gs;
	v->tcs = b ? b->in_tcs : u->in_tcs;
	v->tes = b ? b->in_tes : u->in_tes;
}

static void block_view(const struct vgl_linked *l, uint32_t i, struct view *v)
{
	const struct vgl_block *b = &l->blocks[i];

	v->name = b->name;
	v->binding = (GLint)b->gl_binding;
	v->data_size = (GLint)((b->size + 15) & ~15u);
	v->first_var = b->first_uniform;
	v->nr_vars = b->nr_uniforms;
	v->vs = b->in_vs;
	v->fs = b->in_fs;
	v->gs = b->in_gs;
	v->tcs = b->in_tcs;
	v->tes = b->in_tes;
}

static void var_view(const struct vgl_attrib_info *a, struct view *v)
{
	v->name = a->name;
	v->array = a->is_array;
	v->type = a->type;
	v->array_size = a->size;
	v->location = a->location;
	v->patch = a->patch;
}

/* The inputs of the program's first stage, the outputs of its last: a
 * separable program of one stage has its varyings there; one whose first
 * or last stage is a geometry or tessellation shader has that stage's in
 * its attributes or outputs (glsl_link_options.stand_ins). */
static bool fs_alone(const struct vgl_linked *l)
{
	return l->separable && !l->has_vs && !l->has_mid;
}

static bool vs_alone(const struct vgl_linked *l)
{
	return l->separable && !l->has_fs && !l->has_mid;
}

/* A stage of the program's own (not a separable program's stand-in). */
static bool own(const struct vgl_linked *l, VkShaderModule m, unsigned link_stage)
{
	return m != VK_NULL_HANDLE && !((l->sep_stand_ins >> link_stage) & 1u);
}

/* The program's first (or last) stage: which of the view's stages
 * references its inputs (outputs). */
static void end_stage(const struct vgl_linked *l, bool first, struct view *v)
{
	bool vs = !l->separable || l->has_vs, fs = !l->separable || l->has_fs;
	bool tcs = own(l, l->tcs, GLSL_LINK_TESS_CTRL), tes = own(l, l->tes, GLSL_LINK_TESS_EVAL);
	bool gs = l->gs != VK_NULL_HANDLE;

	if (first) {
		v->vs = vs;
		v->tcs = !vs && tcs;
		v->tes = !vs && !tcs && tes;
		v->gs = !vs && !tcs && !tes && gs;
		v->fs = !vs && !tcs && !tes && !gs;
	} else {
		v->fs = fs;
		v->gs = !fs && gs;
		v->tes = !fs && !gs && tes;
		v->tcs = !fs && !gs && !tes && tcs;
		v->vs = !fs && !gs && !tes && !tcs;
	}
}

const struct vgl_attrib_info *vgl_resource_io(const struct vgl_linked *l, bool input, uint32_t *n)
{
	if (input ? fs_alone(l) : vs_alone(l)) {
		*n = l->nr_varyings;
		return l->varyings;
	}
	*n = input ? l->nr_attribs : l->nr_outputs;
	return input ? l->attribs : l->outputs;
}

static uint32_t nr_inputs(const struct vgl_linked *l)
{
	uint32_t n;

	vgl_resource_io(l, true, &n);
	return n;
}

static uint32_t nr_outputs(const struct vgl_linked *l)
{
	uint32_t n;

	vgl_resource_io(l, false, &n);
	return n;
}

static void input_view(const struct vgl_linked *l, uint32_t i, struct view *v)
{
	var_view(fs_alone(l) ? &l->varyings[i] : &l->attribs[i], v);
	end_stage(l, true, v);
}

static void output_view(const struct vgl_linked *l, uint32_t i, struct view *v)
{
	var_view(vs_alone(l) ? &l->varyings[i] : &l->outputs[i], v);
	end_stage(l, false, v);
}

/* Named as glTransformFeedbackVaryings gave them: no "[0]". */
static void xfb_view(const struct vgl_linked *l, uint32_t i, struct view *v)
{
	const struct vgl_xfb_varying *x = &l->xfb.varyings[i];

	v->name = x->name;
	v->type = x->type;
	v->array_size = x->size;
}

/* A graphics program's buffer's stages (vgl_linked_storage.c). */
static void stages_view(uint32_t stages, struct view *v)
{
	v->vs = (stages & VK_SHADER_STAGE_VERTEX_BIT) != 0;
	v->fs = (stages & VK_SHADER_STAGE_FRAGMENT_BIT) != 0;
	v->gs = (stages & VK_SHADER_STAGE_GEOMETRY_BIT) != 0;
	v->tcs = (stages & VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT) != 0;
	v->tes = (stages & VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT) != 0;
}

static void ssbo_view(const struct vgl_linked *l, uint32_t i, struct view *v)
{
	const struct vgl_ssbo *s = &l->ssbos[i];

	v->name = s->name;
	v->binding = (GLint)s->gl_binding;
	v->data_size = (GLint)s->data_size;
	v->first_var = s->first_var;
	v->nr_vars = s->nr_vars;
	stages_view(s->stages, v);
}

/* The atomic counter buffers follow the buffer blocks in linked->ssbos. */
static void atomic_view(const struct vgl_linked *l, uint32_t i, struct view *v)
{
	const struct vgl_ssbo *s = &l->ssbos[l->nr_ssbos - l->nr_atomic_buffers + i];

	v->binding = (GLint)s->gl_binding;
	v->data_size = (GLint)s->size;
	v->first_var = s->first_var;
	v->nr_vars = s->nr_vars;
	stages_view(s->stages, v);
}

/* A buffer variable is referenced where its block is. */
static void buffer_var_view(const struct vgl_linked *l, uint32_t i, struct view *v)
{
	const struct vgl_uniform *u = &l->buffer_vars[i];

	variable_view(u, v);
	if (u->block >= 0 && (uint32_t)u->block < l->nr_ssbos)
		stages_view(l->ssbos[u->block].stages, v);
}

/* ---- interfaces -------------------------------------------------------------------------------- */

enum {
	IF_UNIFORM = 1 << 0,
	IF_UNIFORM_BLOCK = 1 << 1,
	IF_INPUT = 1 << 2,
	IF_OUTPUT = 1 << 3,
	IF_XFB = 1 << 4,
	IF_BUFFER_VARIABLE = 1 << 5,
	IF_SSBO = 1 << 6,
	IF_ATOMIC = 1 << 7,
};

static uint32_t nr_uniforms(const struct vgl_linked *l) { return l->nr_uniforms; }
static uint32_t nr_blocks(const struct vgl_linked *l) { return l->nr_blocks; }
static uint32_t nr_xfb(const struct vgl_linked *l) { return l->xfb.nr_varyings; }
static uint32_t nr_buffer_vars(const struct vgl_linked *l) { return l->nr_buffer_vars; }
/* the atomic counter buffers at the end of the list are no buffer blocks */
static uint32_t nr_ssbos(const struct vgl_linked *l) { return l->nr_ssbos - l->nr_atomic_buffers; }
static uint32_t nr_atomic(const struct vgl_linked *l) { return l->nr_atomic_buffers; }

struct iface {
	GLenum name;
	unsigned bit;
	uint32_t (*count)(const struct vgl_linked *l);
	void (*view)(const struct vgl_linked *l, uint32_t i, struct view *v);
};

static const struct iface ifaces[] = {
	{ GL_UNIFORM, IF_UNIFORM, nr_uniforms, uniform_view },
	{ GL_UNIFORM_BLOCK, IF_UNIFORM_BLOCK, nr_blocks, block_view },
	{ GL_PROGRAM_INPUT, IF_INPUT, nr_inputs, input_view },
	{ GL_PROGRAM_OUTPUT, IF_OUTPUT, nr_outputs, output_view },
	{ GL_TRANSFORM_FEEDBACK_VARYING, IF_XFB, nr_xfb, xfb_view },
	{ GL_BUFFER_VARIABLE, IF_BUFFER_VARIABLE, nr_buffer_vars, buffer_var_view },
	{ GL_SHADER_STORAGE_BLOCK, IF_SSBO, nr_ssbos, ssbo_view },
	{ GL_ATOMIC_COUNTER_BUFFER, IF_ATOMIC, nr_atomic, atomic_view },
};

#define VARIABLES (IF_UNIFORM | IF_BUFFER_VARIABLE)
#define BUFFERS (IF_UNIFORM_BLOCK | IF_ATOMIC | IF_SSBO)
#define TYPED (IF_UNIFORM | IF_INPUT | IF_OUTPUT | IF_XFB | IF_BUFFER_VARIABLE)
#define REFERENCED (IF_UNIFORM | IF_UNIFORM_BLOCK | IF_ATOMIC | IF_SSBO | IF_BUFFER_VARIABLE | \
		    IF_INPUT | IF_OUTPUT)

/* ES 3.1 table 7.2: the interfaces that have each property. */
static const struct {
	GLenum prop;
	unsigned ifaces;
} props[] = {
	{ GL_NAME_LENGTH, TYPED | IF_UNIFORM_BLOCK | IF_SSBO },
	{ GL_TYPE, TYPED },
	{ GL_ARRAY_SIZE, TYPED },
	{ GL_OFFSET, VARIABLES },
	{ GL_BLOCK_INDEX, VARIABLES },
	{ GL_ARRAY_STRIDE, VARIABLES },
	{ GL_MATRIX_STRIDE, VARIABLES },
	{ GL_IS_ROW_MAJOR, VARIABLES },
	{ GL_ATOMIC_COUNTER_BUFFER_INDEX, IF_UNIFORM },
	{ GL_BUFFER_BINDING, BUFFERS },
	{ GL_BUFFER_DATA_SIZE, BUFFERS },
	{ GL_NUM_ACTIVE_VARIABLES, BUFFERS },
	{ GL_ACTIVE_VARIABLES, BUFFERS },
	{ GL_REFERENCED_BY_VERTEX_SHADER, REFERENCED },
	{ GL_REFERENCED_BY_FRAGMENT_SHADER, REFERENCED },
	{ GL_REFERENCED_BY_COMPUTE_SHADER, REFERENCED },
	{ GL_REFERENCED_BY_GEOMETRY_SHADER_EXT, REFERENCED },   /* with the extension */
	/* with EXT_tessellation_shader; a program's inputs and outputs are its
	 * vertex and fragment shader's, never per patch */
	{ GL_REFERENCED_BY_TESS_CONTROL_SHADER_EXT, REFERENCED },
	{ GL_REFERENCED_BY_TESS_EVALUATION_SHADER_EXT, REFERENCED },
	{ GL_IS_PER_PATCH_EXT, IF_INPUT | IF_OUTPUT },
	{ GL_TOP_LEVEL_ARRAY_SIZE, IF_BUFFER_VARIABLE },
	{ GL_TOP_LEVEL_ARRAY_STRIDE, IF_BUFFER_VARIABLE },
	{ GL_LOCATION, IF_UNIFORM | IF_INPUT | IF_OUTPUT },
};

static const struct iface *iface_of(GLenum name)
{
	for (size_t i = 0; i < sizeof(ifaces) / sizeof(ifaces[0]); i++)
		if (ifaces[i].name == name)
			return &ifaces[i];
	return NULL;
}

bool vgl_resource_interface_known(GLenum iface)
{
	return iface_of(iface) != NULL;
}

uint32_t vgl_resource_count(const struct vgl_linked *l, GLenum iface)
{
	const struct iface *f = iface_of(iface);

	return f ? f->count(l) : 0;
}

bool vgl_resource_prop_allowed(GLenum iface, GLenum prop)
{
	const struct iface *f = iface_of(iface);

	for (size_t i = 0; f && i < sizeof(props) / sizeof(props[0]); i++)
		if (props[i].prop == prop)
			return (props[i].ifaces & f->bit) != 0;
	return false;
}

/* ---- properties ------------------------------------------------------------------------------- */

static void view_of(const struct vgl_linked *l, GLenum iface, uint32_t index, struct view *v)
{
	const struct iface *f = iface_of(iface);

	memset(v, 0, sizeof(*v));
	v->location = -1;
	f->view(l, index, v);
	/* a compute program has one stage: all it has is referenced by it */
	if (l->compute) {
		v->vs = v->fs = false;
		v->cs = true;
	}
}

/* A property of one value. */
static GLint scalar_prop(const struct view *v, GLenum prop)
{
	switch (prop) {
	case GL_NAME_LENGTH: return (GLint)strlen(v->name) + 1 + (v->array ? 3 : 0);
	case GL_TYPE: return (GLint)v->type;
	case GL_ARRAY_SIZE: return v->array_size;
	case GL_OFFSET: return v->offset;
	case GL_BLOCK_INDEX: return v->block_index;
	case GL_ARRAY_STRIDE: return v->array_stride;
	case GL_MATRIX_STRIDE: return v->matrix_stride;
	case GL_IS_ROW_MAJOR: return v->row_major;
	case GL_ATOMIC_COUNTER_BUFFER_INDEX: return v->atomic_buffer;
	case GL_BUFFER_BINDING: return v->binding;
	case GL_BUFFER_DATA_SIZE: return v->data_size;
	case GL_NUM_ACTIVE_VARIABLES: return (GLint)v->nr_vars;
	case GL_REFERENCED_BY_VERTEX_SHADER: return v->vs;
	case GL_REFERENCED_BY_FRAGMENT_SHADER: return v->fs;
	case GL_REFERENCED_BY_COMPUTE_SHADER: return v->cs;
	case GL_REFERENCED_BY_GEOMETRY_SHADER_EXT: return v->gs;
	case GL_REFERENCED_BY_TESS_CONTROL_SHADER_EXT: return v->tcs;
	case GL_REFERENCED_BY_TESS_EVALUATION_SHADER_EXT: return v->tes;
	case GL_IS_PER_PATCH_EXT: return v->patch;
	case GL_TOP_LEVEL_ARRAY_SIZE: return v->top_size;
	case GL_TOP_LEVEL_ARRAY_STRIDE: return v->top_stride;
	default: return v->location; /* GL_LOCATION */
	}
}

uint32_t vgl_resource_prop(const struct vgl_linked *l, GLenum iface, uint32_t index, GLenum prop,
			   GLint *out, uint32_t cap)
{
	struct view v;

	view_of(l, iface, index, &v);
	if (prop != GL_ACTIVE_VARIABLES) {
		if (cap)
			*out = scalar_prop(&v, prop);
		return 1;
	}
	for (uint32_t i = 0; i < v.nr_vars && i < cap; i++)
		out[i] = (GLint)(v.first_var + i);
	return v.nr_vars;
}

void vgl_resource_name(const struct vgl_linked *l, GLenum iface, uint32_t index, char *buf,
		       size_t size)
{
	struct view v;

	view_of(l, iface, index, &v);
	snprintf(buf, size, "%s%s", v.name, v.array ? "[0]" : "");
}
