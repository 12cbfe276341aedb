/* SPDX-License-Identifier: MIT */
/*
 * What vgl_linked.c (graphics programs) shares with vgl_linked_compute.c
 * (ES 3.1 compute programs): the parts of a link result that do not depend
 * on where the resource lists came from.
 */
#pragma once

#include <stddef.h>
#include <stdint.h>

#include "glsl_lower.h"
#include "vgl_program.h"

struct vgl_limits;

struct vgl_linked *vgl_linked_alloc(struct vgl_device *dev);
/* Lets go of a link result never handed out (its objects go when idle). */
void vgl_linked_discard(struct vgl_linked *l);
int vgl_linked_create_module(struct vgl_linked *l, const uint32_t *words, size_t n,
			     VkShaderModule *out);
/* Locations of every element of the default-block and sampler uniforms. */
bool vgl_linked_assign_locations(struct vgl_linked *l);
/* Where gl_DepthRange lies in the default block (-1: not used). */
void vgl_linked_find_driver_uniforms(struct vgl_linked *l);
/* The default block's CPU copy (size 0: none). */
int vgl_linked_create_default_block(struct vgl_linked *l, uint32_t size);
/* Its buffer, when it did not become push constants. */
int vgl_linked_create_default_ubo(struct vgl_linked *l);
/* The one set layout, the pipeline layout and the descriptor set cache. */
int vgl_linked_create_layouts(struct vgl_linked *l);
/* A link whose shaders the layers below refused still says why it failed. */
void vgl_linked_log_refusal(char **log, int ret, const char *why);
/* vgl_linked_compute.c: a compute program's link result. */
int vgl_linked_create_compute(struct vgl_context *ctx, struct vgl_program *p,
			      struct vgl_linked **out, char **log);
/* A uniform (or buffer variable) of the GL layer from glsl's reflection of
 * it; false: out of memory. */
struct glsl_prog_uniform;
bool vgl_uniform_from_prog(struct vgl_uniform *u, const struct glsl_prog_uniform *s);
void vgl_uniforms_free(struct vgl_uniform *u, uint32_t n);
/* A layout(binding) past the GL binding points (the spec's link error), or NULL. */
struct glsl_lower_res;
struct vgl_limits;
const char *vgl_linked_binding_refused(const struct glsl_lower_res *r,
				       const struct vgl_limits *lim);

/* What a graphics link takes: the two compiled stages, attribute
 * bindings, the captured varyings (xfb: vgl_xfb_link_prepare's, or NULL),
 * and whether the program is separable (ES 3.1). */
struct glsl_attrib_binding;
struct glsl_linked_program;
struct vgl_xfb_link;
struct vgl_graphics_link {
	struct glsl_shader *vs, *fs;
	struct glsl_shader *gs;  /* EXT_geometry_shader, or NULL */
	struct glsl_shader *tcs, *tes;  /* EXT_tessellation_shader, or NULL */
	const struct glsl_attrib_binding *attrib_bindings;
	uint32_t nr_attrib_bindings;
	const struct vgl_xfb_link *xfb;
	uint32_t nr_xfb;
	bool xfb_separate, separable;
	bool pipeline;   /* glsl_link_options.pipeline */
	uint32_t program_inputs;  /* glsl_link_options.program_inputs */
	bool vs_alone;   /* glsl_link_options.vs_alone */
	uint32_t stand_ins;  /* glsl_link_options.stand_ins */
};
int vgl_linked_create_graphics(struct vgl_context *ctx, const struct vgl_graphics_link *in,
			       struct vgl_linked **out, char **log);
/* vgl_separable.c: a separable program's link (one stage gets a stand-in
 * for the other), and its stages kept for pipelines; their release. */
int vgl_separable_link(struct vgl_context *ctx, const struct vgl_program *p,
		       struct vgl_graphics_link *in, struct vgl_linked **out, char **log);
void vgl_separable_free(struct vgl_linked *l);

/* vgl_linked_images.c: the images of a stage, counted as resources and as
 * elements (an array of n takes n units and n descriptors). */
uint32_t vgl_linked_image_count(const struct glsl_lower_result *r);
uint32_t vgl_linked_image_elements(const struct glsl_lower_result *r);
/* NULL, or why the stage's images break the device's limits: `max` per
 * shader (too_many: the link log's line saying so), the units in all. */
const char *vgl_linked_images_unsupported(const struct vgl_limits *lim,
					  const struct glsl_lower_result *r, uint32_t max,
					  const char *too_many);
/* Appends image x, element 0 at descriptor `binding`, to l->images (room
 * for it made by the caller) and to l->uniforms; false: out of memory. */
bool vgl_linked_copy_image(struct vgl_linked *l, const struct glsl_lower_res *x, uint32_t binding);

/* vgl_linked_geometry.c: the geometry stage's module (from pushed, the
 * push-constant form, when not NULL), which also makes the default block
 * reach that stage (its queries: vgl_program.h). */
int vgl_linked_geometry_module(struct vgl_linked *l, const struct glsl_linked_program *lp,
			       uint32_t *pushed, size_t pushed_words);
/* vgl_linked_tess.c: the tessellation stages' modules likewise (pushed[i]
 * NULL: from lp's words). */
int vgl_linked_tess_modules(struct vgl_linked *l, const struct glsl_linked_program *lp,
			    uint32_t *const pushed[2], const size_t pushed_words[2]);

/* vgl_linked_compute.c, for vgl_linked_storage.c too: element e's name of a
 * block ("B", "B[e]", "B[i][j]"), the members of block x appended to *list,
 * and GL_BUFFER_DATA_SIZE of a buffer block whose members are copied. */
char *vgl_linked_element_name(const struct glsl_lower_res *x, uint32_t e);
bool vgl_linked_copy_members(const struct glsl_lower_res *x, uint32_t index,
			     struct vgl_uniform **list, uint32_t *nr, uint32_t *first,
			     uint32_t *count);
uint32_t vgl_linked_ssbo_data_size(const struct vgl_linked *l, const struct vgl_ssbo *s);

/* vgl_linked_storage.c: a graphics program's buffer blocks, atomic
 * counters and images from all its stages. The uniforms its lists add
 * (images, counters); why the device's limits refuse them (NULL: they fit);
 * the lists, descriptor bindings from `next` on (images, then storage
 * buffers); a stage's module's bindings mapped to them (link_stage:
 * GLSL_STAGE_* or GLSL_LINK_*). */
struct glsl_program;
uint32_t vgl_linked_storage_uniforms(const struct glsl_program *p);
const char *vgl_linked_storage_refused(const struct vgl_limits *lim, const struct glsl_program *p);
bool vgl_linked_copy_program_images(struct vgl_linked *l, const struct glsl_program *p,
				    uint32_t next);
bool vgl_linked_copy_storage(struct vgl_linked *l, const struct glsl_program *p, uint32_t next);
void vgl_linked_map_storage(const struct vgl_linked *l, const struct glsl_program *p,
			    uint32_t link_stage, int32_t *map, uint32_t map_len);
