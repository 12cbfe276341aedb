/* SPDX-License-Identifier: MIT */
/*
 * Buffer blocks, atomic counters and images of a graphics program (ES 3.1,
 * issue #16): every stage's, merged into the program's lists and numbered
 * program-wide after the samplers, as vgl_linked.c numbers uniform blocks.
 *
 * A buffer block or an image is one resource of the program however many
 * stages declare it (by name, GL's rule for blocks and uniforms); an atomic
 * counter buffer is one per binding point. Each remembers the stages that
 * declare it: its descriptor binding names those stages only, so vk/ sends
 * SET_SHADER_BUFFERS / SET_SHADER_IMAGES to them and to no other (a stage
 * the host gives fewer slots, the vertex stage often, is not handed the
 * fragment shader's), and the program interface answers REFERENCED_BY_*.
 *
 * The limits are per stage (the vertex stage has the host's other-stage
 * slots, the fragment stage the compute stage's) and combined: a counter
 * binding takes a storage buffer of its stage, as in compute programs.
 */
#include <stdlib.h>
#include <string.h>

#include "vgl_context.h"
#include "vgl_limits.h"
#include "vgl_linked_private.h"

#define NR_STAGES 5

static const VkShaderStageFlags stage_bits[NR_STAGES] = {
	VK_SHADER_STAGE_VERTEX_BIT, VK_SHADER_STAGE_FRAGMENT_BIT, VK_SHADER_STAGE_GEOMETRY_BIT,
	VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT,
};

/* The lowered shader of stage i (vertex, fragment, geometry, tessellation
 * control, evaluation); a stage the program lacks has no resources. */
static const struct glsl_lower_result *stage_of(const struct glsl_program *p, int i)
{
	switch (i) {
	case 0: return &p->stages[GLSL_STAGE_VERTEX];
	case 1: return &p->stages[GLSL_STAGE_FRAGMENT];
	case 2: return &p->geometry;
	case 3: return &p->tess_ctrl;
	default: return &p->tess_eval;
	}
}

/* The stage index of a module's binding map (vgl_linked.c's stage_map). */
static int stage_index(uint32_t link_stage)
{
	return link_stage == GLSL_STAGE_VERTEX ? 0 : link_stage == GLSL_STAGE_FRAGMENT ? 1
	       : link_stage == GLSL_LINK_GEOMETRY ? 2 : link_stage == GLSL_LINK_TESS_CTRL ? 3 : 4;
}

static uint32_t count_kind(const struct glsl_lower_result *r, enum glsl_lower_res_kind kind,
			   bool elements)
{
	uint32_t n = 0;

	for (uint32_t i = 0; i < r->nr_res; i++)
		if (r->res[i].kind == kind)
			n += elements ? vgl_linked_elements(r->res[i].array_size) : 1;
	return n;
}

static uint32_t program_count(const struct glsl_program *p, enum glsl_lower_res_kind kind,
			      bool elements)
{
	uint32_t n = 0;

	for (int st = 0; st < NR_STAGES; st++)
		n += count_kind(stage_of(p, st), kind, elements);
	return n;
}

uint32_t vgl_linked_storage_uniforms(const struct glsl_program *p)
{
	return program_count(p, GLSL_RES_IMAGE, false) +
	       program_count(p, GLSL_RES_ATOMIC_COUNTER, false);
}

/* ---- limits ---------------------------------------------------------------------------------- */

struct stage_limits {
	uint32_t ssbos, images, atomic_bindings, atomic_counters;
};

/* The link log's line for each limit of each stage: blocks, images,
 * counter buffers, counters. */
#define TOO_MANY(stage) { \
	"error: too many buffer blocks (GL_MAX_" stage "_SHADER_STORAGE_BLOCKS)\n", \
	"error: too many images (GL_MAX_" stage "_IMAGE_UNIFORMS)\n", \
	"error: too many atomic counter buffers (GL_MAX_" stage "_ATOMIC_COUNTER_BUFFERS)\n", \
	"error: too many atomic counters (GL_MAX_" stage "_ATOMIC_COUNTERS)\n" }

static const char *const too_many[NR_STAGES][4] = {
	TOO_MANY("VERTEX"), TOO_MANY("FRAGMENT"), TOO_MANY("GEOMETRY"), TOO_MANY("TESS_CONTROL"),
	TOO_MANY("TESS_EVALUATION"),
};

/* The fragment stage's are the compute stage's; the others' the host's
 * other-stage slots (the vertex stage's limits). */
static struct stage_limits limits_of(const struct vgl_limits *lim, int st)
{
	if (st == 1)
		return (struct stage_limits){ lim->stage_ssbos, lim->fragment_images,
					      lim->atomic_bindings, lim->atomic_counters };
	return (struct stage_limits){ lim->vertex_ssbos, lim->vertex_images,
				      lim->vertex_atomic_bindings, lim->vertex_atomic_counters };
}

/* The counters of a stage: each counter's elements (ES 3.1 counts them). */
static uint32_t counter_elements(const struct glsl_lower_result *r)
{
	return count_kind(r, GLSL_RES_ATOMIC_COUNTER, true);
}

static const char *res_refused(const struct vgl_limits *lim, const struct glsl_lower_result *r)
{
	for (uint32_t i = 0; i < r->nr_res; i++) {
		const struct glsl_lower_res *x = &r->res[i];

		if (x->kind == GLSL_RES_BUFFER && x->size > lim->ssbo_block_size)
			return "error: a buffer block is larger than GL_MAX_SHADER_STORAGE_BLOCK_SIZE\n";
		if ((x->kind == GLSL_RES_BUFFER || x->kind == GLSL_RES_ATOMIC_BUFFER) &&
		    vgl_linked_binding_refused(x, lim))
			return vgl_linked_binding_refused(x, lim);
	}
	return NULL;
}

static const char *stage_refused(const struct vgl_limits *lim, const struct glsl_lower_result *r,
				 int st)
{
	struct stage_limits s = limits_of(lim, st);
	uint32_t buffers = count_kind(r, GLSL_RES_BUFFER, true);
	uint32_t bindings = count_kind(r, GLSL_RES_ATOMIC_BUFFER, true);

	if (res_refused(lim, r))
		return res_refused(lim, r);
	if (buffers > s.ssbos)
		return too_many[st][0];
	if (bindings > s.atomic_bindings)
		return too_many[st][2];
	if (counter_elements(r) > s.atomic_counters)
		return too_many[st][3];
	/* each counter binding is one more of the stage's storage buffers */
	if (buffers + bindings > s.ssbos)
		return "error: buffer blocks and atomic counter bindings exceed a shader's "
		       "storage buffers\n";
	return vgl_linked_images_unsupported(lim, r, s.images, too_many[st][1]);
}

/* The GL points of a stage's counter buffers, as bits (below
 * GL_MAX_ATOMIC_COUNTER_BUFFER_BINDINGS: vgl_linked_binding_refused). */
static uint32_t counter_points(const struct glsl_lower_result *r)
{
	uint32_t mask = 0;

	for (uint32_t i = 0; i < r->nr_res; i++)
		if (r->res[i].kind == GLSL_RES_ATOMIC_BUFFER && r->res[i].gl_binding < 32)
			mask |= 1u << r->res[i].gl_binding;
	return mask;
}

/* A buffer block or image of stage a's that stage b declares with another
 * layout(binding) (ES 3.1 §7.6.2 / 7.8: a link error). */
static bool bindings_differ(const struct glsl_lower_result *a, const struct glsl_lower_result *b)
{
	for (uint32_t i = 0; i < a->nr_res; i++) {
		const struct glsl_lower_res *x = &a->res[i];

		for (uint32_t j = 0; (x->kind == GLSL_RES_BUFFER || x->kind == GLSL_RES_IMAGE) &&
				     j < b->nr_res; j++) {
			const struct glsl_lower_res *y = &b->res[j];

			if (y->kind == x->kind && !strcmp(x->name, y->name) && x->explicit_binding &&
			    y->explicit_binding && x->gl_binding != y->gl_binding)
				return true;
		}
	}
	return false;
}

static bool program_bindings_differ(const struct glsl_program *p)
{
	for (int a = 0; a < NR_STAGES; a++)
		for (int b = a + 1; b < NR_STAGES; b++)
			if (bindings_differ(stage_of(p, a), stage_of(p, b)))
				return true;
	return false;
}

const char *vgl_linked_storage_refused(const struct vgl_limits *lim, const struct glsl_program *p)
{
	uint32_t buffers = 0, images = 0, points = 0;

	for (int st = 0; st < NR_STAGES; st++) {
		const struct glsl_lower_result *r = stage_of(p, st);
		const char *why = stage_refused(lim, r, st);

		if (why)
			return why;
		buffers += count_kind(r, GLSL_RES_BUFFER, true);
		images += vgl_linked_image_elements(r);
		points |= counter_points(r);
	}
	if (program_bindings_differ(p))
		return "error: a buffer block or image has different bindings in two stages\n";
	if (buffers > lim->combined_ssbos)
		return "error: too many buffer blocks (GL_MAX_COMBINED_SHADER_STORAGE_BLOCKS)\n";
	/* the program's storage buffers: its blocks and one per counter binding */
	if (buffers + (uint32_t)__builtin_popcount(points) > VGL_MAX_SSBO_BINDINGS)
		return "error: buffer blocks and atomic counter bindings exceed the program's "
		       "storage buffers\n";
	if (images > lim->stage_images)
		return "error: too many images (GL_MAX_COMBINED_IMAGE_UNIFORMS)\n";
	if ((uint64_t)buffers + images + p->nr_outputs > lim->output_resources)
		return "error: buffer blocks, images and outputs exceed "
		       "GL_MAX_COMBINED_SHADER_OUTPUT_RESOURCES\n";
	return NULL;
}

/* ---- the program's lists --------------------------------------------------------------------- */

/* The buffer block of that name, the counter buffer of that point: their
 * index in l->ssbos, or -1. */
static int32_t block_index(const struct vgl_linked *l, const char *name)
{
	for (uint32_t i = 0; i < l->nr_ssbos; i++)
		if (!l->ssbos[i].atomic && !strcmp(l->ssbos[i].name, name))
			return (int32_t)i;
	return -1;
}

static int32_t counter_buffer_index(const struct vgl_linked *l, GLuint gl_binding)
{
	for (uint32_t i = l->nr_ssbos - l->nr_atomic_buffers; i < l->nr_ssbos; i++)
		if (l->ssbos[i].gl_binding == gl_binding)
			return (int32_t)i;
	return -1;
}

static struct vgl_ssbo *find_block(struct vgl_linked *l, const char *name)
{
	int32_t i = block_index(l, name);

	return i < 0 ? NULL : &l->ssbos[i];
}

static struct vgl_ssbo *find_counter_buffer(struct vgl_linked *l, GLuint gl_binding)
{
	int32_t i = counter_buffer_index(l, gl_binding);

	return i < 0 ? NULL : &l->ssbos[i];
}

/* Element e of buffer block x, new to the program: its binding, its members. */
static bool add_block(struct vgl_linked *l, const struct glsl_lower_res *x, uint32_t e,
		      char *name, uint32_t *next)
{
	struct vgl_ssbo *s = &l->ssbos[l->nr_ssbos];
	bool ok;

	*s = (struct vgl_ssbo){ .name = name, .size = x->size, .binding = (*next)++,
				.gl_binding = x->explicit_binding ? x->gl_binding + e : 0 };
	ok = vgl_linked_copy_members(x, l->nr_ssbos, &l->buffer_vars, &l->nr_buffer_vars,
				     &s->first_var, &s->nr_vars);
	l->nr_ssbos++;
	s->data_size = vgl_linked_ssbo_data_size(l, s);
	return ok;
}

static bool copy_blocks_of(struct vgl_linked *l, const struct glsl_lower_result *r, int st,
			   uint32_t *next)
{
	for (uint32_t i = 0; i < r->nr_res; i++) {
		const struct glsl_lower_res *x = &r->res[i];

		for (uint32_t e = 0; x->kind == GLSL_RES_BUFFER &&
				     e < vgl_linked_elements(x->array_size); e++) {
			char *name = vgl_linked_element_name(x, e);
			struct vgl_ssbo *s = name ? find_block(l, name) : NULL;

			if (!name)
				return false;
			if (s)
				free(name);
			else if (!add_block(l, x, e, name, next))
				return false;
			(s ? s : &l->ssbos[l->nr_ssbos - 1])->stages |= stage_bits[st];
		}
	}
	return true;
}

static bool copy_counter_buffers_of(struct vgl_linked *l, const struct glsl_lower_result *r,
				    int st, uint32_t *next)
{
	for (uint32_t i = 0; i < r->nr_res; i++) {
		const struct glsl_lower_res *x = &r->res[i];
		GLuint point = x->explicit_binding ? x->gl_binding : 0;
		struct vgl_ssbo *s = x->kind == GLSL_RES_ATOMIC_BUFFER ? find_counter_buffer(l, point)
								       : NULL;

		if (x->kind != GLSL_RES_ATOMIC_BUFFER)
			continue;
		if (!s) {
			s = &l->ssbos[l->nr_ssbos++];
			l->nr_atomic_buffers++;
			*s = (struct vgl_ssbo){ .name = strdup(x->name), .binding = (*next)++,
						.gl_binding = point, .atomic = true };
			if (!s->name)
				return false;
		}
		/* the stages may reach different counters of one binding */
		if (x->size > s->size)
			s->size = x->size;
		s->stages |= stage_bits[st];
	}
	return true;
}

static struct vgl_uniform *find_uniform(struct vgl_linked *l, const char *name)
{
	for (uint32_t i = 0; i < l->nr_uniforms; i++)
		if (!strcmp(l->uniforms[i].name, name))
			return &l->uniforms[i];
	return NULL;
}

static void mark_stage(struct vgl_uniform *u, int st)
{
	bool *in[NR_STAGES] = { &u->in_vs, &u->in_fs, &u->in_gs, &u->in_tcs, &u->in_tes };

	*in[st] = true;
}

static bool add_counter(struct vgl_linked *l, const struct glsl_lower_res *x, uint32_t buffer)
{
	struct vgl_uniform *u = &l->uniforms[l->nr_uniforms];
	struct vgl_ssbo *s = &l->ssbos[l->nr_ssbos - l->nr_atomic_buffers + buffer];

	if (!s->nr_vars)
		s->first_var = l->nr_uniforms;
	s->nr_vars++;
	l->nr_uniforms++;
	*u = (struct vgl_uniform){ .name = strdup(x->name), .type = GL_UNSIGNED_INT_ATOMIC_COUNTER,
				   .array_size = x->array_size, .block = -1, .offset = x->offset,
				   .array_stride = x->array_stride, .first_location = -1,
				   .binding = -1, .is_atomic = true, .atomic_buffer = buffer };
	return u->name != NULL;
}

/* The counters of counter buffer `buffer` (at GL point `point`) in stage st:
 * those after an ATOMIC_BUFFER entry of that point (the lowering lists
 * each binding's buffer, then its counters). */
static bool copy_counters_of(struct vgl_linked *l, const struct glsl_lower_result *r, int st,
			     uint32_t buffer, GLuint point)
{
	bool under = false;

	for (uint32_t i = 0; i < r->nr_res; i++) {
		const struct glsl_lower_res *x = &r->res[i];
		struct vgl_uniform *u;

		if (x->kind == GLSL_RES_ATOMIC_BUFFER)
			under = (x->explicit_binding ? x->gl_binding : 0) == point;
		if (x->kind != GLSL_RES_ATOMIC_COUNTER || !under)
			continue;
		u = find_uniform(l, x->name);
		if (!u && !add_counter(l, x, buffer))
			return false;
		mark_stage(u ? u : &l->uniforms[l->nr_uniforms - 1], st);
	}
	return true;
}

/* Each counter buffer's counters together (first_var, nr_vars), from all stages. */
static bool copy_counters(struct vgl_linked *l, const struct glsl_program *p)
{
	uint32_t first = l->nr_ssbos - l->nr_atomic_buffers;

	for (uint32_t b = 0; b < l->nr_atomic_buffers; b++)
		for (int st = 0; st < NR_STAGES; st++)
			if (!copy_counters_of(l, stage_of(p, st), st, b, l->ssbos[first + b].gl_binding))
				return false;
	return true;
}

bool vgl_linked_copy_storage(struct vgl_linked *l, const struct glsl_program *p, uint32_t next)
{
	uint32_t n = program_count(p, GLSL_RES_BUFFER, true) +
		     program_count(p, GLSL_RES_ATOMIC_BUFFER, true);
	bool ok = true;

	l->ssbos = calloc(n + 1, sizeof(*l->ssbos));
	if (!l->ssbos)
		return false;
	/* buffer blocks first, counter buffers after them (vgl_program.h) */
	for (int st = 0; ok && st < NR_STAGES; st++)
		ok = copy_blocks_of(l, stage_of(p, st), st, &next);
	for (int st = 0; ok && st < NR_STAGES; st++)
		ok = copy_counter_buffers_of(l, stage_of(p, st), st, &next);
	return ok && copy_counters(l, p);
}

/* ---- images ---------------------------------------------------------------------------------- */

static int32_t image_index(const struct vgl_linked *l, const char *name)
{
	for (uint32_t i = 0; i < l->nr_images; i++)
		if (!strcmp(l->images[i].name, name))
			return (int32_t)i;
	return -1;
}

static struct vgl_image_res *find_image(struct vgl_linked *l, const char *name)
{
	int32_t i = image_index(l, name);

	return i < 0 ? NULL : &l->images[i];
}

bool vgl_linked_copy_program_images(struct vgl_linked *l, const struct glsl_program *p,
				    uint32_t next)
{
	l->images = calloc(program_count(p, GLSL_RES_IMAGE, false) + 1, sizeof(*l->images));
	for (int st = 0; l->images && st < NR_STAGES; st++) {
		const struct glsl_lower_result *r = stage_of(p, st);

		for (uint32_t i = 0; i < r->nr_res; i++) {
			const struct glsl_lower_res *x = &r->res[i];
			struct vgl_image_res *m = x->kind == GLSL_RES_IMAGE ? find_image(l, x->name)
									   : NULL;

			if (x->kind != GLSL_RES_IMAGE)
				continue;
			if (!m && !vgl_linked_copy_image(l, x, next))
				return false;
			next += m ? 0 : vgl_linked_elements(x->array_size);
			m = m ? m : &l->images[l->nr_images - 1];
			m->stages |= stage_bits[st];
			mark_stage(find_uniform(l, m->name), st);
		}
	}
	return l->images != NULL;
}

/* ---- a stage's bindings ------------------------------------------------------------------------ */

/* The program-wide binding of element e of stage resource x (-1: none of the lists'). */
static int32_t program_binding(const struct vgl_linked *l, const struct glsl_lower_res *x,
			       uint32_t e)
{
	char *name;
	int32_t i;

	if (x->kind == GLSL_RES_IMAGE)
		return (i = image_index(l, x->name)) < 0 ? -1 : (int32_t)(l->images[i].binding + e);
	if (x->kind == GLSL_RES_ATOMIC_BUFFER)
		return (i = counter_buffer_index(l, x->explicit_binding ? x->gl_binding : 0)) < 0
			       ? -1 : (int32_t)l->ssbos[i].binding;
	if (x->kind != GLSL_RES_BUFFER || !(name = vgl_linked_element_name(x, e)))
		return -1;
	i = block_index(l, name);
	free(name);
	return i < 0 ? -1 : (int32_t)l->ssbos[i].binding;
}

void vgl_linked_map_storage(const struct vgl_linked *l, const struct glsl_program *p,
			    uint32_t link_stage, int32_t *map, uint32_t map_len)
{
	const struct glsl_lower_result *r = stage_of(p, stage_index(link_stage));

	for (uint32_t i = 0; i < r->nr_res; i++) {
		const struct glsl_lower_res *x = &r->res[i];
		bool storage = x->kind == GLSL_RES_IMAGE || x->kind == GLSL_RES_BUFFER ||
			       x->kind == GLSL_RES_ATOMIC_BUFFER;

		for (uint32_t e = 0; storage && e < vgl_linked_elements(x->array_size); e++) {
			int32_t to = program_binding(l, x, e);

			if (to >= 0 && x->binding + e < map_len)
				map[x->binding + e] = to;
		}
	}
}
